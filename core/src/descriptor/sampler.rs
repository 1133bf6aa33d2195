//! The sampler header: how a texture is sampled (wrap, filters, anisotropy, compare, LOD
//! bias and clamps, border colour, seamless cube).
//!
//! ## Encoding (8 × u32, little-endian words)
//!
//! Field by field in [`SAMPLER_FIELDS`] (word, bits, encoding; the codec reads and writes
//! every field through that table, and `docs/hdl/descriptors.md` is generated from it). The
//! validity rules are [`SAMPLER_RULES`]; a header breaking one decodes to a
//! [`SamplerError`].

use fixed::types::{I8F8, U8F8};

use super::bits::BitField;

const WRAP_CODES: &str =
    "0 REPEAT, 1 MIRRORED_REPEAT, 2 CLAMP_TO_EDGE, 3 CLAMP_TO_BORDER, 4 MIRROR_CLAMP_TO_EDGE; 5-7 invalid";
const F_WRAP_S: BitField = BitField::new(0, 0, 3, "wrap_s", WRAP_CODES);
const F_WRAP_T: BitField = BitField::new(0, 3, 3, "wrap_t", WRAP_CODES);
const F_WRAP_R: BitField = BitField::new(0, 6, 3, "wrap_r", WRAP_CODES);
const F_MAG_FILTER: BitField = BitField::new(0, 9, 1, "mag_filter", "0 NEAREST, 1 LINEAR");
const F_MIN_FILTER: BitField = BitField::new(0, 10, 1, "min_filter", "0 NEAREST, 1 LINEAR");
const F_MIP_FILTER: BitField = BitField::new(0, 11, 2, "mip_filter", "0 NONE, 1 NEAREST, 2 LINEAR; 3 invalid");
const F_MAX_ANISOTROPY_LOG2: BitField =
    BitField::new(0, 13, 3, "max_anisotropy_log2", "log2 of the maximum anisotropy: 0 (1x) ... 4 (16x); 5-7 invalid");
const F_COMPARE_ENABLE: BitField = BitField::new(0, 16, 1, "compare_enable", "1 = depth compare");
const F_COMPARE_FUNC: BitField = BitField::new(
    0,
    17,
    3,
    "compare_func",
    "reference OP texel: 0 NEVER, 1 LESS, 2 EQUAL, 3 LEQUAL, 4 GREATER, 5 NOTEQUAL, 6 GEQUAL, 7 ALWAYS",
);
const F_SEAMLESS_CUBE: BitField = BitField::new(0, 20, 1, "seamless_cube", "1 = filter across cube faces");
const F_RESERVED0: BitField = BitField::new(0, 21, 11, "reserved", "0");
const F_LOD_BIAS: BitField =
    BitField::new(1, 0, 16, "lod_bias", "S8.8 two's complement, -16.0 ... +15.996 (D3D11 MipLODBias range)");
const F_RESERVED1: BitField = BitField::new(1, 16, 16, "reserved", "0");
const F_MIN_LOD: BitField = BitField::new(2, 0, 16, "min_lod", "U8.8");
const F_MAX_LOD: BitField =
    BitField::new(2, 16, 16, "max_lod", "U8.8; min_lod > max_lod is allowed (min_lod wins, the D3D clamp order)");
const BORDER: &str = "border colour: binary32 bits for normalized and float formats, raw integers for integer formats";
const F_BORDER_R: BitField = BitField::new(3, 0, 32, "border_r", BORDER);
const F_BORDER_G: BitField = BitField::new(4, 0, 32, "border_g", BORDER);
const F_BORDER_B: BitField = BitField::new(5, 0, 32, "border_b", BORDER);
const F_BORDER_A: BitField = BitField::new(6, 0, 32, "border_a", BORDER);
const F_RESERVED7: BitField = BitField::new(7, 0, 32, "reserved", "0");

/// The sampler-header encoding, field by field in word and bit order (reserved fields
/// included; together they cover all 256 bits exactly once).
pub const SAMPLER_FIELDS: [BitField; 20] = [
    F_WRAP_S,
    F_WRAP_T,
    F_WRAP_R,
    F_MAG_FILTER,
    F_MIN_FILTER,
    F_MIP_FILTER,
    F_MAX_ANISOTROPY_LOG2,
    F_COMPARE_ENABLE,
    F_COMPARE_FUNC,
    F_SEAMLESS_CUBE,
    F_RESERVED0,
    F_LOD_BIAS,
    F_RESERVED1,
    F_MIN_LOD,
    F_MAX_LOD,
    F_BORDER_R,
    F_BORDER_G,
    F_BORDER_B,
    F_BORDER_A,
    F_RESERVED7,
];

/// The validity rules of a sampler header, in the order decoding checks them: the
/// [`SamplerError`] variant a header breaking the rule decodes to, and the rule.
pub const SAMPLER_RULES: [(&str, &str); 5] = [
    ("Reserved", "every reserved field is 0 (word 0 bits 31:21, word 1 bits 31:16, word 7)"),
    ("Wrap", "every wrap code is 0 ... 4"),
    ("MipFilter", "mip_filter is 0, 1 or 2"),
    ("Anisotropy", "max_anisotropy_log2 is 0 ... 4"),
    ("LodBias", "lod_bias is -16.0 ... +15.996 (0xF000 ... 0x0FFF as S8.8)"),
];

/// Texture-coordinate wrap mode (Vulkan "Wrapping Operation").
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

/// Depth-compare function: `result = (reference OP texel) ? 1 : 0` (D3D11 comparison filtering).
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
        let w0 = F_WRAP_S.place(self.wrap[0] as u32)
            | F_WRAP_T.place(self.wrap[1] as u32)
            | F_WRAP_R.place(self.wrap[2] as u32)
            | F_MAG_FILTER.place(self.mag_filter as u32)
            | F_MIN_FILTER.place(self.min_filter as u32)
            | F_MIP_FILTER.place(self.mip_filter as u32)
            | F_MAX_ANISOTROPY_LOG2.place(u32::from(self.max_anisotropy_log2))
            | F_COMPARE_ENABLE.place(u32::from(self.compare_enable))
            | F_COMPARE_FUNC.place(self.compare_func as u32)
            | F_SEAMLESS_CUBE.place(u32::from(self.seamless_cube));
        let w1 = F_LOD_BIAS.place(u32::from(self.lod_bias.to_bits() as u16));
        let w2 =
            F_MIN_LOD.place(u32::from(self.min_lod.to_bits())) | F_MAX_LOD.place(u32::from(self.max_lod.to_bits()));
        let [r, g, b, a] = self.border_color;
        [w0, w1, w2, F_BORDER_R.place(r), F_BORDER_G.place(g), F_BORDER_B.place(b), F_BORDER_A.place(a), 0]
    }

    /// Decodes and validates eight sampler words. Total for every bit pattern.
    pub fn from_words(words: &[u32; 8]) -> Result<SamplerHeader, SamplerError> {
        // Field by field, not a loop over a table of fields: a `BitField` carries its names,
        // and iterating an array of them copies them on the targets.
        if F_RESERVED0.get(words) != 0 {
            return Err(SamplerError::Reserved(F_RESERVED0.word));
        }
        if F_RESERVED1.get(words) != 0 {
            return Err(SamplerError::Reserved(F_RESERVED1.word));
        }
        if F_RESERVED7.get(words) != 0 {
            return Err(SamplerError::Reserved(F_RESERVED7.word));
        }
        let wrap_mode = |axis: u8, f: &BitField| {
            let code = f.get(words);
            WrapMode::from_code(code).ok_or(SamplerError::Wrap(axis, code as u8))
        };
        let wrap = [wrap_mode(0, &F_WRAP_S)?, wrap_mode(1, &F_WRAP_T)?, wrap_mode(2, &F_WRAP_R)?];
        let filter = |f: BitField| if f.get(words) == 1 { Filter::Linear } else { Filter::Nearest };
        let mip_filter = match F_MIP_FILTER.get(words) {
            0 => MipFilter::None,
            1 => MipFilter::Nearest,
            2 => MipFilter::Linear,
            _ => return Err(SamplerError::MipFilter),
        };
        let s = SamplerHeader {
            wrap,
            mag_filter: filter(F_MAG_FILTER),
            min_filter: filter(F_MIN_FILTER),
            mip_filter,
            max_anisotropy_log2: F_MAX_ANISOTROPY_LOG2.get(words) as u8,
            compare_enable: F_COMPARE_ENABLE.get(words) == 1,
            compare_func: CompareFunc::from_code(F_COMPARE_FUNC.get(words)),
            seamless_cube: F_SEAMLESS_CUBE.get(words) == 1,
            lod_bias: I8F8::from_bits(F_LOD_BIAS.get(words) as u16 as i16),
            min_lod: U8F8::from_bits(F_MIN_LOD.get(words) as u16),
            max_lod: U8F8::from_bits(F_MAX_LOD.get(words) as u16),
            border_color: [F_BORDER_R.get(words), F_BORDER_G.get(words), F_BORDER_B.get(words), F_BORDER_A.get(words)],
        };
        s.validate()?;
        Ok(s)
    }
}
