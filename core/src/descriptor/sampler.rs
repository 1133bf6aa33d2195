//! The sampler header: how a texture is sampled (wrap, filters, anisotropy, compare, LOD
//! bias and clamps, border colour, seamless cube).
//!
//! ## Encoding (8 × u32, little-endian words)
//!
//! | word | bits | field | encoding |
//! |---|---|---|---|
//! | 0 | 2:0, 5:3, 8:6 | `wrap` s, t, r | [`WrapMode`]: 0 REPEAT, 1 MIRRORED_REPEAT, 2 CLAMP_TO_EDGE, 3 CLAMP_TO_BORDER, 4 MIRROR_CLAMP_TO_EDGE |
//! | 0 | 9 | `mag_filter` | [`Filter`]: 0 NEAREST, 1 LINEAR |
//! | 0 | 10 | `min_filter` | [`Filter`] |
//! | 0 | 12:11 | `mip_filter` | [`MipFilter`]: 0 NONE, 1 NEAREST, 2 LINEAR |
//! | 0 | 15:13 | `max_anisotropy_log2` | 0…4 (1×, 2×, 4×, 8×, 16×) |
//! | 0 | 16 | `compare_enable` | 1 = depth compare |
//! | 0 | 19:17 | `compare_func` | [`CompareFunc`]: 0 NEVER, 1 LESS, 2 EQUAL, 3 LEQUAL, 4 GREATER, 5 NOTEQUAL, 6 GEQUAL, 7 ALWAYS |
//! | 0 | 20 | `seamless_cube` | 1 = filter across cube faces |
//! | 0 | 31:21 | — | reserved, 0 |
//! | 1 | 15:0 | `lod_bias` | S8.8 (`I8F8`), −16.0 ≤ bias ≤ +15.996 (D3D11 `MipLODBias` range) |
//! | 1 | 31:16 | — | reserved, 0 |
//! | 2 | 15:0 | `min_lod` | U8.8 (`U8F8`) |
//! | 2 | 31:16 | `max_lod` | U8.8 (`U8F8`); `min_lod > max_lod` is allowed (its result is defined by the LOD stage) |
//! | 3…6 | 31:0 | `border_color` r, g, b, a | fp32 bit patterns for normalized/float formats, raw integers for integer formats |
//! | 7 | 31:0 | — | reserved, 0 |

use fixed::types::{I8F8, U8F8};

use super::bits::{get, put};

/// Texture-coordinate wrap mode (sampling-semantics §2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[repr(u8)]
pub enum WrapMode {
    /// `i mod size`.
    Repeat = 0,
    /// Mirrored every other repetition.
    MirroredRepeat = 1,
    /// Clamped to `[0, size − 1]`.
    ClampToEdge = 2,
    /// Outside `[0, size − 1]` reads the border colour.
    ClampToBorder = 3,
    /// Mirrored once about 0, then clamped to the edge.
    MirrorClampToEdge = 4,
}

impl WrapMode {
    /// Every mode, in code order.
    pub const ALL: [WrapMode; 5] = [
        WrapMode::Repeat,
        WrapMode::MirroredRepeat,
        WrapMode::ClampToEdge,
        WrapMode::ClampToBorder,
        WrapMode::MirrorClampToEdge,
    ];

    /// Decodes a 3-bit wrap field.
    pub const fn from_code(code: u32) -> Option<WrapMode> {
        Some(match code {
            0 => WrapMode::Repeat,
            1 => WrapMode::MirroredRepeat,
            2 => WrapMode::ClampToEdge,
            3 => WrapMode::ClampToBorder,
            4 => WrapMode::MirrorClampToEdge,
            _ => return None,
        })
    }
}

/// Texel filter within a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[repr(u8)]
pub enum Filter {
    /// Nearest texel.
    Nearest = 0,
    /// Bilinear (trilinear with [`MipFilter::Linear`]).
    Linear = 1,
}

/// Filter between mip levels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[repr(u8)]
pub enum MipFilter {
    /// Always the base level of the view.
    None = 0,
    /// Nearest level.
    Nearest = 1,
    /// Blend of the two nearest levels.
    Linear = 2,
}

/// Depth-compare function: `result = (reference OP texel) ? 1 : 0` (sampling-semantics §10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[repr(u8)]
pub enum CompareFunc {
    /// Never passes.
    Never = 0,
    /// `ref < texel`.
    Less = 1,
    /// `ref == texel`.
    Equal = 2,
    /// `ref <= texel`.
    LessEqual = 3,
    /// `ref > texel`.
    Greater = 4,
    /// `ref != texel`.
    NotEqual = 5,
    /// `ref >= texel`.
    GreaterEqual = 6,
    /// Always passes.
    Always = 7,
}

impl CompareFunc {
    /// Every function, in code order.
    pub const ALL: [CompareFunc; 8] = [
        CompareFunc::Never,
        CompareFunc::Less,
        CompareFunc::Equal,
        CompareFunc::LessEqual,
        CompareFunc::Greater,
        CompareFunc::NotEqual,
        CompareFunc::GreaterEqual,
        CompareFunc::Always,
    ];

    /// Decodes the 3-bit field (every code is assigned).
    pub const fn from_code(code: u32) -> CompareFunc {
        match code & 7 {
            0 => CompareFunc::Never,
            1 => CompareFunc::Less,
            2 => CompareFunc::Equal,
            3 => CompareFunc::LessEqual,
            4 => CompareFunc::Greater,
            5 => CompareFunc::NotEqual,
            6 => CompareFunc::GreaterEqual,
            _ => CompareFunc::Always,
        }
    }
}

/// Lowest raw S8.8 LOD bias accepted (−16.0).
pub const MIN_LOD_BIAS_RAW: i16 = -16 * 256;
/// Highest raw S8.8 LOD bias accepted (+15.996).
pub const MAX_LOD_BIAS_RAW: i16 = 16 * 256 - 1;

/// Why sampler words are not a valid sampler header (the texture is then invalid).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum SamplerError {
    /// A wrap field holds an unassigned code (axis 0 = s, 1 = t, 2 = r; code).
    Wrap(u8, u8),
    /// The mip filter field is 3.
    MipFilter,
    /// Max anisotropy above 16×.
    Anisotropy(u8),
    /// LOD bias outside −16 … +15.996.
    LodBias(i16),
    /// A reserved bit is set (word index).
    Reserved(u8),
}

/// A decoded sampler header.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct SamplerHeader {
    /// Wrap modes for s, t, r.
    pub wrap: [WrapMode; 3],
    /// Magnification filter.
    pub mag_filter: Filter,
    /// Minification filter.
    pub min_filter: Filter,
    /// Mip filter.
    pub mip_filter: MipFilter,
    /// log2 of the maximum anisotropy (0 = off … 4 = 16×).
    pub max_anisotropy_log2: u8,
    /// Depth compare enabled.
    pub compare_enable: bool,
    /// Depth compare function.
    pub compare_func: CompareFunc,
    /// Filter across cube-face edges and corners.
    pub seamless_cube: bool,
    /// LOD bias, S8.8.
    pub lod_bias: I8F8,
    /// Minimum LOD, U8.8.
    pub min_lod: U8F8,
    /// Maximum LOD, U8.8.
    pub max_lod: U8F8,
    /// Border colour words (r, g, b, a).
    pub border_color: [u32; 4],
}

impl Default for SamplerHeader {
    /// NEAREST everywhere, REPEAT, no mip, no compare, LOD range 0 … 255.996, black border.
    fn default() -> Self {
        SamplerHeader {
            wrap: [WrapMode::Repeat; 3],
            mag_filter: Filter::Nearest,
            min_filter: Filter::Nearest,
            mip_filter: MipFilter::None,
            max_anisotropy_log2: 0,
            compare_enable: false,
            compare_func: CompareFunc::Never,
            seamless_cube: false,
            lod_bias: I8F8::ZERO,
            min_lod: U8F8::ZERO,
            max_lod: U8F8::MAX,
            border_color: [0; 4],
        }
    }
}

impl SamplerHeader {
    /// Checks the rules of the encoding table. `Ok` headers round-trip exactly.
    pub fn validate(&self) -> Result<(), SamplerError> {
        if self.max_anisotropy_log2 > 4 {
            return Err(SamplerError::Anisotropy(self.max_anisotropy_log2));
        }
        let bias = self.lod_bias.to_bits();
        if !(MIN_LOD_BIAS_RAW..=MAX_LOD_BIAS_RAW).contains(&bias) {
            return Err(SamplerError::LodBias(bias));
        }
        Ok(())
    }

    /// Maximum anisotropy as a ratio (1, 2, 4, 8, 16).
    pub const fn max_anisotropy(&self) -> u32 {
        match 1u32.checked_shl(self.max_anisotropy_log2 as u32) {
            Some(v) => v,
            None => 0,
        }
    }

    /// Packs into eight words (total; only a header that validates round-trips).
    pub fn to_words(&self) -> [u32; 8] {
        let w0 = put(self.wrap[0] as u32, 0, 3)
            | put(self.wrap[1] as u32, 3, 3)
            | put(self.wrap[2] as u32, 6, 3)
            | put(self.mag_filter as u32, 9, 1)
            | put(self.min_filter as u32, 10, 1)
            | put(self.mip_filter as u32, 11, 2)
            | put(u32::from(self.max_anisotropy_log2), 13, 3)
            | put(u32::from(self.compare_enable), 16, 1)
            | put(self.compare_func as u32, 17, 3)
            | put(u32::from(self.seamless_cube), 20, 1);
        let w1 = u32::from(self.lod_bias.to_bits() as u16);
        let w2 = u32::from(self.min_lod.to_bits()) | (u32::from(self.max_lod.to_bits()) << 16);
        let [r, g, b, a] = self.border_color;
        [w0, w1, w2, r, g, b, a, 0]
    }

    /// Decodes and validates eight sampler words. Total for every bit pattern.
    pub fn from_words(words: &[u32; 8]) -> Result<SamplerHeader, SamplerError> {
        let [w0, w1, w2, r, g, b, a, w7] = *words;
        if get(w0, 21, 11) != 0 {
            return Err(SamplerError::Reserved(0));
        }
        if get(w1, 16, 16) != 0 {
            return Err(SamplerError::Reserved(1));
        }
        if w7 != 0 {
            return Err(SamplerError::Reserved(7));
        }
        let mut wrap = [WrapMode::Repeat; 3];
        for (axis, slot) in (0u32..).zip(wrap.iter_mut()) {
            let code = get(w0, 3 * axis, 3);
            *slot = WrapMode::from_code(code).ok_or(SamplerError::Wrap(axis as u8, code as u8))?;
        }
        let filter = |bit: u32| if get(w0, bit, 1) == 1 { Filter::Linear } else { Filter::Nearest };
        let mip_filter = match get(w0, 11, 2) {
            0 => MipFilter::None,
            1 => MipFilter::Nearest,
            2 => MipFilter::Linear,
            _ => return Err(SamplerError::MipFilter),
        };
        let s = SamplerHeader {
            wrap,
            mag_filter: filter(9),
            min_filter: filter(10),
            mip_filter,
            max_anisotropy_log2: get(w0, 13, 3) as u8,
            compare_enable: get(w0, 16, 1) == 1,
            compare_func: CompareFunc::from_code(get(w0, 17, 3)),
            seamless_cube: get(w0, 20, 1) == 1,
            lod_bias: I8F8::from_bits(get(w1, 0, 16) as u16 as i16),
            min_lod: U8F8::from_bits(get(w2, 0, 16) as u16),
            max_lod: U8F8::from_bits(get(w2, 16, 16) as u16),
            border_color: [r, g, b, a],
        };
        s.validate()?;
        Ok(s)
    }
}
