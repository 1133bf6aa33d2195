//! Descriptors: the texture header ([`TextureHeader`]), the sampler header
//! ([`SamplerHeader`]) and the texel [`Format`] codes they carry.
//!
//! Both headers are eight little-endian 32-bit words (32 bytes), the size of an NVIDIA
//! TIC/TSC entry, so a pool is a plain array of `[u32; 8]` that an FPGA can hold in one
//! block RAM. The word/bit layout is texcore's own (the seeds do not give one) and is
//! documented field by field on each type; every field has exactly one encoding, reserved
//! bits must be zero, and decoding is total:
//!
//! * [`TextureHeader::from_words`] / [`SamplerHeader::from_words`] accept **any** bit pattern
//!   and return either a header or a typed error ([`HeaderError`], [`SamplerError`]); an
//!   error makes the texture *invalid* (queries return zeros, per seed 000).
//! * For every header they accept, `to_words` gives back the same words (lossless round trip);
//!   for every header built with the constructors, `from_words(to_words(h)) == Ok(h)`.

mod bits;
mod format;
mod header;
mod sampler;

pub use format::{ComponentLayout, Format, NumericClass};
pub use header::{
    full_chain_levels, minify, HeaderError, Layout, MsMode, Swizzle, SwizzleSource, TextureHeader, TextureType,
};
pub use sampler::{
    CompareFunc, Filter, MipFilter, SamplerError, SamplerHeader, WrapMode, MAX_LOD_BIAS_RAW, MIN_LOD_BIAS_RAW,
};

/// Number of 32-bit words in a texture or sampler header.
pub const DESCRIPTOR_WORDS: usize = 8;
