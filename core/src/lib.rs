//! # texcore — a bit-exact, fixed-point golden model of a GPU texture unit
//!
//! `texcore` models the texture instructions of the source documents
//! (NVIDIA `TXQ` / `TLD4S` / `TMML`, Gallium TGSI texture and resource opcodes, Intel vISA
//! `INFO`) with integer arithmetic only, so the same results come out bit for bit on x86-64,
//! Cortex-M4F and RV32IMAC, and in the HDL test vectors generated from it.
//!
//! ## Rules the whole crate keeps
//!
//! * `no_std`, no heap, `#![forbid(unsafe_code)]`, no floating-point arithmetic: fp32/fp16
//!   values enter and leave as bit patterns and are converted with integer code
//!   (`clippy::float_arithmetic` is denied).
//! * No panics on any input. Descriptor words, handles, coordinates, levels and indices that
//!   are out of range produce the documented result (zeros for an invalid texture, per the
//!   seeds) or a typed error. A header or sampler built by hand that does not validate is an
//!   invalid texture too ([`handle::checked_view`]), so every op's arithmetic works within the
//!   ranges validation guarantees; texture extents past the address space follow the rule of
//!   [`memory`] (out of range, zeros). Property tests and the libFuzzer targets in `fuzz/`
//!   (`docs/fuzzing.md`) feed arbitrary bit patterns to every entry point.
//!
//! ## Pipeline stages → modules
//!
//! The modules mirror the blocks of a hardware texture unit, so an RTL engineer can map each
//! to a block. Each stage is a pure function over fixed-point values.
//!
//! | stage | module |
//! |---|---|
//! | descriptors (texture header, sampler header, formats) | [`descriptor`] |
//! | handles, pools with `MaximumIndex`, constant bank, binding modes | [`handle`] |
//! | query unit (TXQ, SVIEWINFO, SAMPLE_INFO, SAMPLE_POS, Intel INFO) | [`query`] |
//! | LOD unit (short floats, table `log2`, log-domain anisotropy, bias, clamps, levels) | [`lod`] |
//! | wrap unit (integer-domain addressing modes; 64- and 32-bit forms) | [`wrap`] |
//! | texel address and texel memory | [`memory`] |
//! | format decode / encode, Gallium component table, sRGB | [`texel`] |
//! | output packing (exact fp32 conversion, swizzle, write mask) | [`output`], [`fp`] |
//! | ops built from the stages (fetch, load/store/atomics) | [`op`] |
//! | instruction layer: assembler, disassembler, register files, executor | [`isa`] |
//!
//! ## Fixed-point formats
//!
//! Every fixed-point quantity the model uses, its format and where it is rounded. `Sm.n` is
//! two's complement with `m` integer bits (sign included) and `n` fraction bits, `Um.n` is
//! unsigned; the `fixed` crate type used in Rust is given where the value is held in one.
//!
//! | quantity | format | `fixed` type | rounding into it |
//! |---|---|---|---|
//! | sampler LOD bias | S8.8 (range −16 … +15.996, 256 steps per level) | `I8F8` | exact (descriptor field) |
//! | sampler min / max LOD | U8.8 | `U8F8` | exact (descriptor field) |
//! | TXQ sample position (NVIDIA) | U4.12 per axis, position inside the pixel from its top-left corner | `U4F12` | exact (the standard patterns are multiples of 1/16) |
//! | TGSI `SAMPLE_POS` | fp32 bit patterns of the same positions | — | exact |
//! | fp32 results from fixed point | IEEE-754 binary32 bit pattern | — | round to nearest, ties to even ([`output::fixed_to_f32_bits`]) |
//! | UNORM`n` texel component | integer `v`, value `v / (2^n − 1)` (n = 1, 4, 5, 6, 8, 16, 24; a hand-built `texel::Domain` of a width outside 1..=32, SNORM 2..=32, has `D` = 0: its values convert to +0, encode to 0) | — | exact (decode keeps the stored code) |
//! | SNORM`n` texel component | integer `v ≥ −(2^(n−1) − 1)`, value `v / (2^(n−1) − 1)` | — | exact; the code −2^(n−1) becomes −(2^(n−1) − 1) |
//! | sRGB texel r, g, b | UNORM16 `round(65535 × linear(v/255))` | — | table, round half up (no ties occur) |
//! | binary16 / binary32 texel | bit pattern | — | exact |
//! | unfiltered normalized result | binary32 of `v / D` | — | RNE of the exact rational ([`fp::ratio_to_f32_bits`]) |
//! | STORE to UNORM`n` / SNORM`n` | code `RNE(clamp(x) × D)` | — | RNE, NaN → 0 |
//! | STORE to binary16 | binary16 | — | RNE, overflow → ∞, NaN → `0x7E00` |
//!
//! | texel-space coordinate | S.8 in an `i64` (1/256 texel) | — | RNE of the exact `s × size × 256`, REPEAT/MIRROR reduced exactly modulo the period ([`coord::texel_fixed`]) |
//! | cube face coordinate `sc/|ma|` | binary32 | — | RNE division (`fp::f32_div`), then as above |
//! | TXP projected coordinate / reference | binary32 | — | RNE division |
//! | array layer | integer | — | `clamp(floor(a + ½))` |
//! | sub-texel weight α, β, γ | U0.8 (`(U − 128) & 255`) | — | truncation of the S.8 coordinate |
//! | implicit derivative `∂/∂x`, `∂/∂y` | binary32 | — | RNE difference of the quad's binary32 coordinates ([`fp::f32_sub`]; NaN coordinates as 0) |
//! | LOD unit: derivative, texel derivative `m = d × size`, `ρ²` | [`lod::Sf`]: 18-bit significand (1.17), `i32` exponent | — | every rounding **up** in magnitude: 24 → 18 bits, 18 × 17 product → 18, aligned terms → integers, exact squares and sum → 18 (ρ never below the max-component bound); subnormal derivatives → 2^-126 ([`lod`], stage table) |
//! | cube face derivative numerator `∂sc·|ma| − sc·∂|ma|` | `lod::Sf` | — | exact binary32 products, one fused difference rounded up ([`lod::cube_derivs`]); the common `1/(4 ma⁴)` as a `log2` offset, `ma⁴` rounded down |
//! | `log2 ρ²`, `log2 η²` | S10.16 in an `i32` | — | exponent + 64-segment piecewise-linear table ([`lod::tables::LOG2_T`], one 11 × 11 interpolation product) + 4: never below, ≤ 5 units above |
//! | anisotropic samples `N` | 1 … 16 | — | `1 + #{k < A : log2 η² > ceil(2^16 log2 k²) + 16}` ([`lod::tables::N_T`]; an exact integer ratio `k` gives `N = k`) |
//! | anisotropic sample offset `t_i = i/(N+1) − ½` | S0.16 | — | RNE, table [`lod::tables::ANISO_T`]; the offset `RNE(t_i × ∂coord × size × 256)` exact, periodic modes reduced modulo 2 in normalized coordinates |
//! | λ_fine (`λ_base` before its rounding) | S8.17 in an `i32` | — | `L_max − log2 η²` exact (units of 2^-17), saturated to the S8.8 range |
//! | λ′ (LOD + bias) | S8.8 in an `i32` | — | one rounding, half up, of `λ_fine + clamp(sampler bias + shader bias, ±16)` at 17 fraction bits; saturated ±128 |
//! | shader bias | S9.17 | — | RNE, saturated ±256; NaN → 0 |
//! | explicit LOD | S8.8 | — | RNE, saturated; NaN → 0 |
//! | mip weight δ | U0.8 | — | low 8 bits of the clamped 8.8 λ |
//! | filter accumulator | exact integer `Σ w·v` (weights sum to `2^(8·dims+8)`) | — | none: one RNE to binary32 at the end ([`fp::ratio_to_f32_bits`]) |
//! | RGBA8 fast path: texel-space coordinate | S.8 in an `i32`, saturated ±2^30 | — | the same RNE as above ([`coord::texel_fixed_i32`]; same taps for every wrap mode); on a power-of-two axis one 32-bit shift with RNE ([`coord::texel_fixed_pow2`]; the single-level kernel shifts the top-aligned significand by 1 … 23, other shifts through `texel_fixed_i32`; its wrap clamps the first tap and gives the next texel weight 0 where the clamp acts, which is exact since both taps are then the same texel) |
//! | RGBA8 fast path: texel address | 32-bit word index (byte address / 4) | — | exact ([`memory::Plane::in_words`]; aligned memory read as 32-bit words) |
//! | RGBA8 fast path: horizontal / vertical / level lerp | U8.8 / U8.16 / U8.24 integers per component (two components per 32-bit word in the first) | — | none: exact ([`filter::unorm8`]) |
//! | UNORM8 result (fetch and filter) | binary32 of `x / (255 · 2^shift)` | — | RNE in 32-bit arithmetic (`fp::unorm8_ratio`, the UNORM8 path of [`fp::ratio_to_f32_bits`]): `X = x << clz(x)`, significand `(X + 127) div 255` while `X ≤ 255 · 2^24` (no ties: 255 is odd; computed as the high word of `(X + 128) · 0x0101_0101`, `fp::div255_round_up`; a significand of 2^24 carries into the exponent), else `X div 255` with round and sticky bits (the only ties) |
//! | depth-compare reference | the texel format's code | — | quantized like a STORE (RNE), then exact compare |
//! | TMML R / G / B / A | S8.8 / U8.8 / `{v, u}` S2.6 / S4.12 | — | as the LOD; B `64 × component` to nearest by the thresholds [`lod::tables::UNIT_T`] on the LOD unit's `log2` values; A `½ (log2 ρ_min² − log2 ρ_max²)` half up to 12 bits |
//! | `.F16` outputs | binary16 | — | RNE or toward zero (`FP16_ROUNDING_MODE`) |
//!
//! ## What is modelled (and what is not)
//!
//! The README lists every op with its status; `docs/semantics.md` gives the sources and every
//! choice where they are silent.
#![no_std]
#![forbid(unsafe_code)]
#![deny(clippy::float_arithmetic)]
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]
#![warn(missing_docs)]

pub mod compare;
pub mod coord;
pub mod descriptor;
pub mod filter;
pub mod fp;
pub mod handle;
pub mod isa;
pub mod lod;
pub mod memory;
pub mod op;
pub mod output;
pub mod query;
pub mod texel;
pub mod unit;
pub mod wrap;

pub use descriptor::{
    CompareFunc, Filter, Format, HeaderError, Layout, MipFilter, MsMode, SamplerError, SamplerHeader, Swizzle,
    SwizzleSource, TextureHeader, TextureType, WrapMode,
};
pub use handle::{Bindings, Handle, HandleSource, Invalid, Pool, SamplerBinding, TsPtrIdx};
pub use lod::LodSource;
pub use memory::{TexelMemory, TexelMemoryMut};
pub use op::fetch::FetchError;
pub use op::gather::GatherError;
pub use op::sample::{Quad, SampleError, SampleRequest, TexOp};
pub use op::tmml::CoordDesc;
pub use query::nv::TxqQuery;
pub use unit::{BindError, TextureUnit};
