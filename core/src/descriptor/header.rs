//! The texture header: what a texture is (type, format, size, levels, memory, samples,
//! swizzle).
//!
//! ## Encoding (8 × u32, little-endian words)
//!
//! | word | bits | field | encoding |
//! |---|---|---|---|
//! | 0 | 3:0 | `ty` | [`TextureType`] (NVIDIA TIC numbering: 0 1D, 1 2D, 2 3D, 3 CUBE, 4 1D_ARRAY, 5 2D_ARRAY, 6 1D_BUFFER, 7 2D_NO_MIPMAP, 8 CUBE_ARRAY) |
//! | 0 | 11:4 | `format` | [`Format`] code |
//! | 0 | 12 | `srgb` | 1 = sRGB decode (RGBA8/BGRA8 UNORM only) |
//! | 0 | 14:13 | `layout` | [`Layout`]: 0 pitch-linear, 1 4×4 tiled |
//! | 0 | 17:15 | `ms_mode` | [`MsMode`] (NVIDIA numbering: 0 1X1, 1 2X1, 2 2X2, 3 4X2, 6 4X4) |
//! | 0 | 20:18, 23:21, 26:24, 29:27 | `swizzle` x, y, z, w | [`SwizzleSource`]: 0 R, 1 G, 2 B, 3 A, 4 ZERO, 5 ONE |
//! | 0 | 31:30 | — | reserved, 0 |
//! | 1 | 31:0 | `base_address` | byte address of level 0, layer 0 in texture memory |
//! | 2 | 31:0 | `width − 1` | texels (buffers: elements); ≤ 65535 except for 1D_BUFFER |
//! | 3 | 15:0 | `height − 1` | texels; 0 for 1D types and buffers |
//! | 3 | 31:16 | `depth − 1` | 3D: depth; 1D/2D arrays: layers; CUBE_ARRAY: cubes; 2D_NO_MIPMAP: depth (seed 000); otherwise 0 |
//! | 4 | 4:0 | `levels − 1` | number of mip levels in the view (1…17) |
//! | 4 | 9:5 | `base_level` | first level of the view (levels `base_level ..= base_level + levels − 1` exist in memory) |
//! | 4 | 14:10 | `quilt_width` | Intel QuiltWidth field (2D types only; resinfo multiplies by `quilt_width + 1`) |
//! | 4 | 19:15 | `quilt_height` | Intel QuiltHeight field (2D types only) |
//! | 4 | 31:20 | — | reserved, 0 |
//! | 5 | 31:0 | `row_pitch` | bytes between rows of level 0; 0 = tightly packed |
//! | 6, 7 | 31:0 | — | reserved, 0 |
//!
//! Any other value of a field, or a combination the validity rules of
//! [`TextureHeader::validate`] reject, decodes to a [`HeaderError`]: the header is *invalid*.

use super::bits::{get, put};
use super::format::Format;

/// Texture types of seed 000's TXQ table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[repr(u8)]
pub enum TextureType {
    /// `ONE_D`
    OneD = 0,
    /// `TWO_D`
    TwoD = 1,
    /// `THREE_D`
    ThreeD = 2,
    /// `CUBEMAP`
    Cube = 3,
    /// `ONE_D_ARRAY`
    OneDArray = 4,
    /// `TWO_D_ARRAY`
    TwoDArray = 5,
    /// `ONE_D_BUFFER`: a linear array of elements, one level, no sampler filtering.
    OneDBuffer = 6,
    /// `TWO_D_NO_MIPMAP`: a 2D texture with exactly one level; its `depth` is reported by TXQ.
    TwoDNoMipmap = 7,
    /// `CUBEMAP_ARRAY`
    CubeArray = 8,
}

impl TextureType {
    /// Every type, in code order.
    pub const ALL: [TextureType; 9] = [
        TextureType::OneD,
        TextureType::TwoD,
        TextureType::ThreeD,
        TextureType::Cube,
        TextureType::OneDArray,
        TextureType::TwoDArray,
        TextureType::OneDBuffer,
        TextureType::TwoDNoMipmap,
        TextureType::CubeArray,
    ];

    /// Decodes the 4-bit type field.
    pub const fn from_code(code: u32) -> Option<TextureType> {
        Some(match code {
            0 => TextureType::OneD,
            1 => TextureType::TwoD,
            2 => TextureType::ThreeD,
            3 => TextureType::Cube,
            4 => TextureType::OneDArray,
            5 => TextureType::TwoDArray,
            6 => TextureType::OneDBuffer,
            7 => TextureType::TwoDNoMipmap,
            8 => TextureType::CubeArray,
            _ => return None,
        })
    }

    /// The field encoding.
    pub const fn code(self) -> u32 {
        self as u32
    }

    /// Whether the type is an array (its `depth` field counts layers or cubes).
    pub const fn is_array(self) -> bool {
        matches!(self, TextureType::OneDArray | TextureType::TwoDArray | TextureType::CubeArray)
    }

    /// Whether the type is a cube or cube array.
    pub const fn is_cube(self) -> bool {
        matches!(self, TextureType::Cube | TextureType::CubeArray)
    }

    /// Whether the type has a height (more than one row).
    pub const fn has_height(self) -> bool {
        !matches!(self, TextureType::OneD | TextureType::OneDArray | TextureType::OneDBuffer)
    }

    /// Whether the type may be multisampled (`ms_mode` other than 1X1).
    pub const fn may_be_multisampled(self) -> bool {
        matches!(self, TextureType::TwoD | TextureType::TwoDArray | TextureType::TwoDNoMipmap)
    }

    /// The seed's upper-case name (`"TWO_D_ARRAY"`).
    pub const fn name(self) -> &'static str {
        match self {
            TextureType::OneD => "ONE_D",
            TextureType::TwoD => "TWO_D",
            TextureType::ThreeD => "THREE_D",
            TextureType::Cube => "CUBEMAP",
            TextureType::OneDArray => "ONE_D_ARRAY",
            TextureType::TwoDArray => "TWO_D_ARRAY",
            TextureType::OneDBuffer => "ONE_D_BUFFER",
            TextureType::TwoDNoMipmap => "TWO_D_NO_MIPMAP",
            TextureType::CubeArray => "CUBEMAP_ARRAY",
        }
    }
}

/// Memory layout of every level/layer of the texture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[repr(u8)]
pub enum Layout {
    /// Rows of texels, `row_pitch` bytes apart.
    PitchLinear = 0,
    /// 4×4-texel tiles stored contiguously, tiles in row-major order (one tile = one BRAM
    /// burst).
    Tiled4x4 = 1,
}

/// Multisample mode: the NVIDIA `MODE_WxH` sample grids (seed 000 names `MODE_1X1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[repr(u8)]
pub enum MsMode {
    /// One sample per pixel (not multisampled).
    Mode1x1 = 0,
    /// 2 samples.
    Mode2x1 = 1,
    /// 4 samples.
    Mode2x2 = 2,
    /// 8 samples.
    Mode4x2 = 3,
    /// 16 samples.
    Mode4x4 = 6,
}

impl MsMode {
    /// Decodes the 3-bit field.
    pub const fn from_code(code: u32) -> Option<MsMode> {
        Some(match code {
            0 => MsMode::Mode1x1,
            1 => MsMode::Mode2x1,
            2 => MsMode::Mode2x2,
            3 => MsMode::Mode4x2,
            6 => MsMode::Mode4x4,
            _ => return None,
        })
    }

    /// The mode for a sample count (1, 2, 4, 8, 16).
    pub const fn from_samples(samples: u32) -> Option<MsMode> {
        Some(match samples {
            1 => MsMode::Mode1x1,
            2 => MsMode::Mode2x1,
            4 => MsMode::Mode2x2,
            8 => MsMode::Mode4x2,
            16 => MsMode::Mode4x4,
            _ => return None,
        })
    }

    /// The field encoding.
    pub const fn code(self) -> u32 {
        self as u32
    }

    /// Samples per pixel.
    pub const fn samples(self) -> u32 {
        match self {
            MsMode::Mode1x1 => 1,
            MsMode::Mode2x1 => 2,
            MsMode::Mode2x2 => 4,
            MsMode::Mode4x2 => 8,
            MsMode::Mode4x4 => 16,
        }
    }
}

/// Where one returned component comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[repr(u8)]
pub enum SwizzleSource {
    /// Component x of the format's `(x, y, z, w)` (after the Gallium table).
    R = 0,
    /// Component y.
    G = 1,
    /// Component z.
    B = 2,
    /// Component w.
    A = 3,
    /// Constant 0.
    Zero = 4,
    /// Constant 1 (1.0 for normalized/float formats, integer 1 for integer formats).
    One = 5,
}

impl SwizzleSource {
    /// Decodes a 3-bit swizzle field.
    pub const fn from_code(code: u32) -> Option<SwizzleSource> {
        Some(match code {
            0 => SwizzleSource::R,
            1 => SwizzleSource::G,
            2 => SwizzleSource::B,
            3 => SwizzleSource::A,
            4 => SwizzleSource::Zero,
            5 => SwizzleSource::One,
            _ => return None,
        })
    }
}

/// The header's component swizzle: returned component `i` is `swizzle.0[i]` of the
/// format's `(x, y, z, w)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Swizzle(pub [SwizzleSource; 4]);

impl Swizzle {
    /// `(R, G, B, A)`: no change.
    pub const IDENTITY: Swizzle = Swizzle([SwizzleSource::R, SwizzleSource::G, SwizzleSource::B, SwizzleSource::A]);
}

impl Default for Swizzle {
    fn default() -> Self {
        Swizzle::IDENTITY
    }
}

/// Why a texture header's words are not a valid header. Any of these makes the texture
/// invalid (queries return zeros).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum HeaderError {
    /// The type field holds an unassigned code.
    TextureType(u8),
    /// The format field holds an unassigned code.
    Format(u8),
    /// The layout field holds an unassigned code.
    Layout(u8),
    /// The multisample field holds an unassigned code.
    MsMode(u8),
    /// A swizzle field holds an unassigned code (which component, code).
    Swizzle(u8, u8),
    /// A reserved bit is set (word index).
    Reserved(u8),
    /// sRGB set on a format that has no sRGB variant.
    Srgb,
    /// A size is zero, too large, or not allowed for the type (a 1D texture with a height,
    /// a cube that is not square, …).
    Size,
    /// The level count / base level do not fit the size (more levels than the full chain) or
    /// the type (buffers, 2D_NO_MIPMAP and multisampled textures have one level).
    Levels,
    /// Multisampling on a type that cannot be multisampled.
    Multisample,
    /// Quilt fields on a non-2D type.
    Quilt,
    /// The row pitch is smaller than a row, or given for a buffer / tiled layout.
    Pitch,
}

/// A decoded, validated texture header. Fields are public (like smoltcp's `Repr` types);
/// [`TextureHeader::validate`] checks a hand-built one, [`TextureHeader::from_words`]
/// always validates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct TextureHeader {
    /// Texture type.
    pub ty: TextureType,
    /// Texel format.
    pub format: Format,
    /// sRGB decode of the colour channels.
    pub srgb: bool,
    /// Memory layout.
    pub layout: Layout,
    /// Multisample mode.
    pub ms_mode: MsMode,
    /// Component swizzle.
    pub swizzle: Swizzle,
    /// Byte address of level 0 (layer 0) in texture memory.
    pub base_address: u32,
    /// Width of level 0 in texels (buffers: elements). 1 ..= 65536 (buffers: 1 ..= 2^32 − 1).
    pub width: u32,
    /// Height of level 0 in texels (1 for 1D types and buffers). 1 ..= 65536.
    pub height: u32,
    /// 3D depth, array layers, cube-array cubes, or 2D_NO_MIPMAP depth; 1 otherwise.
    pub depth: u32,
    /// Mip levels in the view (1 ..= 17).
    pub levels: u32,
    /// First level of the view (0 ..= 16).
    pub base_level: u32,
    /// Intel QuiltWidth field (0 ..= 31, 2D types only).
    pub quilt_width: u32,
    /// Intel QuiltHeight field (0 ..= 31, 2D types only).
    pub quilt_height: u32,
    /// Bytes between rows of level 0; 0 = tightly packed.
    pub row_pitch: u32,
}

/// Number of levels of a full mip chain for the largest dimension `max_dim`:
/// `floor(log2(max_dim)) + 1` (0 for `max_dim == 0`).
pub const fn full_chain_levels(max_dim: u32) -> u32 {
    32 - max_dim.leading_zeros()
}

/// `max(1, size >> level)`: the size of mip `level` (levels ≥ 32 give 1).
pub const fn minify(size: u32, level: u32) -> u32 {
    let s = match size.checked_shr(level) {
        Some(v) => v,
        None => 0,
    };
    if s == 0 {
        1
    } else {
        s
    }
}

impl TextureHeader {
    /// A header of the given type, format and level-0 size with every other field at its
    /// default (pitch-linear, not multisampled, identity swizzle, base level 0, address 0).
    /// Not validated: call [`validate`](Self::validate).
    pub const fn new(
        ty: TextureType,
        format: Format,
        width: u32,
        height: u32,
        depth: u32,
        levels: u32,
    ) -> TextureHeader {
        TextureHeader {
            ty,
            format,
            srgb: false,
            layout: Layout::PitchLinear,
            ms_mode: MsMode::Mode1x1,
            swizzle: Swizzle::IDENTITY,
            base_address: 0,
            width,
            height,
            depth,
            levels,
            base_level: 0,
            quilt_width: 0,
            quilt_height: 0,
            row_pitch: 0,
        }
    }

    /// Samples per pixel.
    pub const fn samples(&self) -> u32 {
        self.ms_mode.samples()
    }

    /// Array layers as addressed in memory: `depth` for 1D/2D arrays and for 2D_NO_MIPMAP
    /// (whose depth slices are stored as layers), `6 × depth` for cube arrays, 6 for a cube,
    /// 1 otherwise (saturating).
    pub const fn layers(&self) -> u32 {
        match self.ty {
            TextureType::OneDArray | TextureType::TwoDArray | TextureType::TwoDNoMipmap => self.depth,
            TextureType::CubeArray => self.depth.saturating_mul(6),
            TextureType::Cube => 6,
            _ => 1,
        }
    }

    /// Level-0 size of the largest dimension that is minified (for the mip chain length).
    pub const fn max_minified_dim(&self) -> u32 {
        let wh = if self.width > self.height { self.width } else { self.height };
        match self.ty {
            TextureType::ThreeD => {
                if self.depth > wh {
                    self.depth
                } else {
                    wh
                }
            }
            TextureType::OneD | TextureType::OneDArray | TextureType::OneDBuffer => self.width,
            _ => wh,
        }
    }

    /// Width of absolute level `level` (`max(1, width >> level)`).
    pub const fn level_width(&self, level: u32) -> u32 {
        minify(self.width, level)
    }

    /// Height of absolute level `level`.
    pub const fn level_height(&self, level: u32) -> u32 {
        minify(self.height, level)
    }

    /// Depth of absolute level `level` (3D only; other types are not minified in depth).
    pub const fn level_depth(&self, level: u32) -> u32 {
        match self.ty {
            TextureType::ThreeD => minify(self.depth, level),
            _ => self.depth,
        }
    }

    /// Checks every validity rule of the encoding table. `Ok` headers round-trip exactly.
    pub fn validate(&self) -> Result<(), HeaderError> {
        use TextureType as T;
        if self.srgb && !self.format.srgb_capable() {
            return Err(HeaderError::Srgb);
        }
        if self.width == 0 || self.height == 0 || self.depth == 0 {
            return Err(HeaderError::Size);
        }
        if self.ty != T::OneDBuffer && self.width > 65536 {
            return Err(HeaderError::Size);
        }
        if self.height > 65536 || self.depth > 65536 {
            return Err(HeaderError::Size);
        }
        let size_ok = match self.ty {
            T::OneD | T::OneDBuffer => self.height == 1 && self.depth == 1,
            T::OneDArray => self.height == 1,
            T::TwoD => self.depth == 1,
            T::TwoDArray | T::ThreeD | T::TwoDNoMipmap => true,
            T::Cube => self.width == self.height && self.depth == 1,
            T::CubeArray => self.width == self.height,
        };
        if !size_ok {
            return Err(HeaderError::Size);
        }
        if self.ms_mode != MsMode::Mode1x1 && !self.ty.may_be_multisampled() {
            return Err(HeaderError::Multisample);
        }
        if self.levels == 0 || self.levels > 17 || self.base_level > 16 {
            return Err(HeaderError::Levels);
        }
        let single_level = matches!(self.ty, T::OneDBuffer | T::TwoDNoMipmap) || self.ms_mode != MsMode::Mode1x1;
        if single_level && (self.levels != 1 || self.base_level != 0) {
            return Err(HeaderError::Levels);
        }
        if self.base_level + self.levels > full_chain_levels(self.max_minified_dim()) {
            return Err(HeaderError::Levels);
        }
        if (self.quilt_width != 0 || self.quilt_height != 0) && !matches!(self.ty, T::TwoD | T::TwoDArray) {
            return Err(HeaderError::Quilt);
        }
        if self.quilt_width > 31 || self.quilt_height > 31 {
            return Err(HeaderError::Quilt);
        }
        if self.row_pitch != 0 {
            let row = u64::from(self.width) * u64::from(self.format.bytes_per_texel());
            if self.ty == T::OneDBuffer || self.layout != Layout::PitchLinear || u64::from(self.row_pitch) < row {
                return Err(HeaderError::Pitch);
            }
        }
        if self.ty == T::OneDBuffer && self.layout != Layout::PitchLinear {
            return Err(HeaderError::Pitch);
        }
        Ok(())
    }

    /// Packs the header into its eight words (see the module docs). Total: out-of-range
    /// field values are truncated to their field, so only a header that
    /// [`validate`](Self::validate)s round-trips.
    pub const fn to_words(&self) -> [u32; 8] {
        let sw = self.swizzle.0;
        let w0 = put(self.ty.code(), 0, 4)
            | put(self.format.code() as u32, 4, 8)
            | put(self.srgb as u32, 12, 1)
            | put(self.layout as u32, 13, 2)
            | put(self.ms_mode.code(), 15, 3)
            | put(sw[0] as u32, 18, 3)
            | put(sw[1] as u32, 21, 3)
            | put(sw[2] as u32, 24, 3)
            | put(sw[3] as u32, 27, 3);
        let w3 = put(self.height.wrapping_sub(1), 0, 16) | put(self.depth.wrapping_sub(1), 16, 16);
        let w4 = put(self.levels.wrapping_sub(1), 0, 5)
            | put(self.base_level, 5, 5)
            | put(self.quilt_width, 10, 5)
            | put(self.quilt_height, 15, 5);
        [w0, self.base_address, self.width.wrapping_sub(1), w3, w4, self.row_pitch, 0, 0]
    }

    /// Decodes and validates eight header words. Total for every bit pattern.
    pub fn from_words(words: &[u32; 8]) -> Result<TextureHeader, HeaderError> {
        let [w0, w1, w2, w3, w4, w5, w6, w7] = *words;
        if get(w0, 30, 2) != 0 {
            return Err(HeaderError::Reserved(0));
        }
        if get(w4, 20, 12) != 0 {
            return Err(HeaderError::Reserved(4));
        }
        if w6 != 0 {
            return Err(HeaderError::Reserved(6));
        }
        if w7 != 0 {
            return Err(HeaderError::Reserved(7));
        }
        let ty_code = get(w0, 0, 4);
        let ty = TextureType::from_code(ty_code).ok_or(HeaderError::TextureType(ty_code as u8))?;
        let fmt_code = get(w0, 4, 8) as u8;
        let format = Format::from_code(fmt_code).ok_or(HeaderError::Format(fmt_code))?;
        let layout = match get(w0, 13, 2) {
            0 => Layout::PitchLinear,
            1 => Layout::Tiled4x4,
            other => return Err(HeaderError::Layout(other as u8)),
        };
        let ms_code = get(w0, 15, 3);
        let ms_mode = MsMode::from_code(ms_code).ok_or(HeaderError::MsMode(ms_code as u8))?;
        let mut sw = [SwizzleSource::R; 4];
        for (i, slot) in (0u32..).zip(sw.iter_mut()) {
            let code = get(w0, 18 + 3 * i, 3);
            *slot = SwizzleSource::from_code(code).ok_or(HeaderError::Swizzle(i as u8, code as u8))?;
        }
        let header = TextureHeader {
            ty,
            format,
            srgb: get(w0, 12, 1) == 1,
            layout,
            ms_mode,
            swizzle: Swizzle(sw),
            base_address: w1,
            width: w2.wrapping_add(1),
            height: get(w3, 0, 16) + 1,
            depth: get(w3, 16, 16) + 1,
            levels: get(w4, 0, 5) + 1,
            base_level: get(w4, 5, 5),
            quilt_width: get(w4, 10, 5),
            quilt_height: get(w4, 15, 5),
            row_pitch: w5,
        };
        if w2 == u32::MAX {
            // width − 1 = 2^32 − 1 would be a width of 2^32: not representable.
            return Err(HeaderError::Size);
        }
        header.validate()?;
        Ok(header)
    }
}
