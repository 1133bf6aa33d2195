//! Descriptors: the texture header ([`TextureHeader`]), the sampler header
//! ([`SamplerHeader`]) and the texel [`Format`] codes they carry.
//!
//! Both headers are eight little-endian 32-bit words (32 bytes), the size of an NVIDIA
//! TIC/TSC entry, so a pool is a plain array of `[u32; 8]` that an FPGA can hold in one
//! block RAM. The word/bit layout is texcore's own (NVIDIA's TXQ names the pools and
//! pointers but gives no layout) and is tabled field by field in [`HEADER_FIELDS`] and
//! [`SAMPLER_FIELDS`], with the validity rules in [`HEADER_RULES`] and [`SAMPLER_RULES`];
//! every field has exactly one encoding, reserved bits must be zero, and decoding is total:
//!
//! * [`TextureHeader::from_words`] / [`SamplerHeader::from_words`] accept **any** bit pattern
//!   and return either a header or a typed error ([`HeaderError`], [`SamplerError`]); an
//!   error makes the texture *invalid* (ops return zeros, as NVIDIA's TXQ specifies for an
//!   invalid texture).
//! * For every header they accept, `to_words` gives back the same words (lossless round trip);
//!   for every header built with the constructors, `from_words(to_words(h)) == Ok(h)`.

mod bits;
mod format;
mod header;
mod sampler;

pub use bits::BitField;
pub use format::{ComponentLayout, Format, NumericClass};
pub(crate) use header::chain_too_short;
pub use header::{
    full_chain_levels, minify, HeaderError, Layout, MsMode, Swizzle, SwizzleSource, TextureHeader, TextureType,
    HEADER_FIELDS, HEADER_RULES,
};
pub use sampler::{
    CompareFunc, Filter, MipFilter, SamplerError, SamplerHeader, WrapMode, MAX_LOD_BIAS_RAW, MIN_LOD_BIAS_RAW,
    SAMPLER_FIELDS, SAMPLER_RULES,
};

/// Number of 32-bit words in a texture or sampler header.
pub const DESCRIPTOR_WORDS: usize = 8;
