//! The texture header: what a texture is (type, format, size, levels, memory, samples,
//! swizzle).
//!
//! ## Encoding (8 × u32, little-endian words)
//!
//! Field by field in [`HEADER_FIELDS`] (word, bits, encoding; the codec reads and writes
//! every field through that table, and `docs/hdl/descriptors.md` is generated from it).
//! Any other value of a field, or a combination the validity rules reject
//! ([`HEADER_RULES`], [`TextureHeader::validate`]), decodes to a [`HeaderError`]: the header
//! is *invalid*.

use super::bits::BitField;
use super::format::Format;

const F_TY: BitField = BitField::new(
    0,
    0,
    4,
    "ty",
    "texture type: 0 ONE_D, 1 TWO_D, 2 THREE_D, 3 CUBEMAP, 4 ONE_D_ARRAY, 5 TWO_D_ARRAY, 6 ONE_D_BUFFER, 7 TWO_D_NO_MIPMAP, 8 CUBEMAP_ARRAY (NVIDIA TIC numbering); 9-15 invalid",
);
const F_FORMAT: BitField =
    BitField::new(0, 4, 8, "format", "texel format code (see the format table); unassigned codes invalid");
const F_SRGB: BitField =
    BitField::new(0, 12, 1, "srgb", "1 = sRGB decode of r, g, b (RGBA8_UNORM and BGRA8_UNORM only)");
const F_LAYOUT: BitField = BitField::new(0, 13, 2, "layout", "0 pitch-linear, 1 4x4 tiled; 2, 3 invalid");
const F_MS_MODE: BitField = BitField::new(
    0,
    15,
    3,
    "ms_mode",
    "samples per pixel (NVIDIA numbering): 0 1X1 (1), 1 2X1 (2), 2 2X2 (4), 3 4X2 (8), 6 4X4 (16); 4, 5, 7 invalid",
);
const SWIZZLE_CODES: &str = "0 R, 1 G, 2 B, 3 A, 4 ZERO, 5 ONE; 6, 7 invalid";
const F_SWIZZLE_X: BitField = BitField::new(0, 18, 3, "swizzle_x", SWIZZLE_CODES);
const F_SWIZZLE_Y: BitField = BitField::new(0, 21, 3, "swizzle_y", SWIZZLE_CODES);
const F_SWIZZLE_Z: BitField = BitField::new(0, 24, 3, "swizzle_z", SWIZZLE_CODES);
const F_SWIZZLE_W: BitField = BitField::new(0, 27, 3, "swizzle_w", SWIZZLE_CODES);
const F_RESERVED0: BitField = BitField::new(0, 30, 2, "reserved", "0");
const F_BASE_ADDRESS: BitField =
    BitField::new(1, 0, 32, "base_address", "byte address of level 0, layer 0 in texel memory");
const F_WIDTH_M1: BitField = BitField::new(
    2,
    0,
    32,
    "width_m1",
    "width - 1 in texels (ONE_D_BUFFER: elements); at most 65535 except for ONE_D_BUFFER; 0xFFFFFFFF invalid",
);
const F_HEIGHT_M1: BitField = BitField::new(3, 0, 16, "height_m1", "height - 1 in texels; 0 for 1D types and buffers");
const F_DEPTH_M1: BitField = BitField::new(
    3,
    16,
    16,
    "depth_m1",
    "depth - 1: THREE_D depth, 1D/2D array layers, CUBEMAP_ARRAY cubes, TWO_D_NO_MIPMAP depth; 0 for the other types",
);
const F_LEVELS_M1: BitField = BitField::new(4, 0, 5, "levels_m1", "mip levels in the view - 1 (1 ... 17 levels)");
const F_BASE_LEVEL: BitField = BitField::new(
    4,
    5,
    5,
    "base_level",
    "first level of the view, 0 ... 16 (the levels below it are allocated in memory too)",
);
const F_QUILT_WIDTH: BitField = BitField::new(
    4,
    10,
    5,
    "quilt_width",
    "Intel QuiltWidth (TWO_D and TWO_D_ARRAY only; resinfo multiplies by it + 1)",
);
const F_QUILT_HEIGHT: BitField =
    BitField::new(4, 15, 5, "quilt_height", "Intel QuiltHeight (TWO_D and TWO_D_ARRAY only)");
const F_RESERVED4: BitField = BitField::new(4, 20, 12, "reserved", "0");
const F_ROW_PITCH: BitField =
    BitField::new(5, 0, 32, "row_pitch", "bytes between the rows of level 0; 0 = tightly packed");
const F_RESERVED6: BitField = BitField::new(6, 0, 32, "reserved", "0");
const F_RESERVED7: BitField = BitField::new(7, 0, 32, "reserved", "0");

/// The texture-header encoding, field by field in word and bit order (reserved fields
/// included; together they cover all 256 bits exactly once).
pub const HEADER_FIELDS: [BitField; 22] = [
    F_TY,
    F_FORMAT,
    F_SRGB,
    F_LAYOUT,
    F_MS_MODE,
    F_SWIZZLE_X,
    F_SWIZZLE_Y,
    F_SWIZZLE_Z,
    F_SWIZZLE_W,
    F_RESERVED0,
    F_BASE_ADDRESS,
    F_WIDTH_M1,
    F_HEIGHT_M1,
    F_DEPTH_M1,
    F_LEVELS_M1,
    F_BASE_LEVEL,
    F_QUILT_WIDTH,
    F_QUILT_HEIGHT,
    F_RESERVED4,
    F_ROW_PITCH,
    F_RESERVED6,
    F_RESERVED7,
];

/// The validity rules of a texture header, in the order decoding checks them: the
/// [`HeaderError`] variant a header breaking the rule decodes to, and the rule.
pub const HEADER_RULES: [(&str, &str); 13] = [
    ("Reserved", "every reserved field is 0 (word 0 bits 31:30, word 4 bits 31:20, words 6 and 7)"),
    ("TextureType", "ty is 0 ... 8"),
    ("Format", "format is an assigned format code"),
    ("Layout", "layout is 0 or 1"),
    ("MsMode", "ms_mode is 0, 1, 2, 3 or 6"),
    ("Swizzle", "every swizzle code is 0 ... 5"),
    ("Size", "width_m1 is not 0xFFFFFFFF"),
    ("Srgb", "srgb is 0 unless the format is RGBA8_UNORM or BGRA8_UNORM"),
    (
        "Size",
        "width <= 65536 unless ONE_D_BUFFER; ONE_D and ONE_D_BUFFER: height = depth = 1; ONE_D_ARRAY: height = 1; TWO_D: depth = 1; CUBEMAP: width = height and depth = 1; CUBEMAP_ARRAY: width = height",
    ),
    ("Multisample", "ms_mode is 1X1 unless the type is TWO_D, TWO_D_ARRAY or TWO_D_NO_MIPMAP"),
    (
        "Levels",
        "levels <= 17 and base_level <= 16; ONE_D_BUFFER, TWO_D_NO_MIPMAP and multisampled textures have levels = 1 and base_level = 0; base_level + levels <= floor(log2(m)) + 1, m = the largest minified size (width for 1D types, max(width, height) for 2D and cube types, max(width, height, depth) for THREE_D)",
    ),
    ("Quilt", "quilt_width = quilt_height = 0 unless the type is TWO_D or TWO_D_ARRAY"),
    (
        "Pitch",
        "row_pitch is 0, or >= width x bytes per texel with a pitch-linear layout and a type other than ONE_D_BUFFER; ONE_D_BUFFER is pitch-linear",
    ),
];

/// Texture types of NVIDIA's TXQ table.
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

    /// The upper-case name of NVIDIA's TXQ table (`"TWO_D_ARRAY"`).
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

/// Multisample mode: the NVIDIA `MODE_WxH` sample grids (NVIDIA's TXQ names `MODE_1X1`).
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

/// [`SwizzleSource::from_code`] as a table (the invalid codes 6 and 7 map to `R`; the
/// decoder rejects them first).
// Compile-time table fill: an out-of-range index is a build error, not a panic.
#[allow(clippy::indexing_slicing)]
const SWIZZLE_OF_CODE: [SwizzleSource; 8] = {
    let mut t = [SwizzleSource::R; 8];
    let mut i = 0;
    while i < 8 {
        if let Some(s) = SwizzleSource::from_code(i as u32) {
            t[i] = s;
        }
        i += 1;
    }
    t
};

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

/// Whether `n ≥ 1` levels are more than a full mip chain for `max_dim` has
/// (`n > full_chain_levels(max_dim)`). Without a count-leading-zeros instruction (RV32IMAC)
/// in the equal form `max_dim >> (n − 1) = 0`, where a shift by 32 or more leaves 0.
#[inline]
pub(crate) const fn chain_too_short(max_dim: u32, n: u32) -> bool {
    if cfg!(target_arch = "riscv32") {
        match max_dim.checked_shr(n.saturating_sub(1)) {
            Some(v) => v == 0,
            None => true,
        }
    } else {
        n > full_chain_levels(max_dim)
    }
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
    #[inline]
    pub const fn max_minified_dim(&self) -> u32 {
        self.max_minified_dim_inline()
    }

    /// [`TextureHeader::max_minified_dim`] inline ([`TextureHeader::validate`]: without a
    /// call it saves no registers, which on RV32 is most of its cost).
    #[inline(always)]
    const fn max_minified_dim_inline(&self) -> u32 {
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
    /// Out of line on RV32 (one copy for every op entry: the core's flash budget).
    #[cfg_attr(target_arch = "riscv32", inline(never))]
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
        // (`levels ≥ 1` here; the sum is at most 33.)
        if chain_too_short(self.max_minified_dim_inline(), self.base_level + self.levels) {
            return Err(HeaderError::Levels);
        }
        if (self.quilt_width != 0 || self.quilt_height != 0) && !matches!(self.ty, T::TwoD | T::TwoDArray) {
            return Err(HeaderError::Quilt);
        }
        if self.quilt_width > 31 || self.quilt_height > 31 {
            return Err(HeaderError::Quilt);
        }
        if self.row_pitch != 0 {
            let row = u64::from(self.width) * u64::from(self.format.bytes_per_texel_inline());
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
        let w0 = F_TY.place(self.ty.code())
            | F_FORMAT.place(self.format.code() as u32)
            | F_SRGB.place(self.srgb as u32)
            | F_LAYOUT.place(self.layout as u32)
            | F_MS_MODE.place(self.ms_mode.code())
            | F_SWIZZLE_X.place(sw[0] as u32)
            | F_SWIZZLE_Y.place(sw[1] as u32)
            | F_SWIZZLE_Z.place(sw[2] as u32)
            | F_SWIZZLE_W.place(sw[3] as u32);
        let w3 = F_HEIGHT_M1.place(self.height.wrapping_sub(1)) | F_DEPTH_M1.place(self.depth.wrapping_sub(1));
        let w4 = F_LEVELS_M1.place(self.levels.wrapping_sub(1))
            | F_BASE_LEVEL.place(self.base_level)
            | F_QUILT_WIDTH.place(self.quilt_width)
            | F_QUILT_HEIGHT.place(self.quilt_height);
        let w1 = F_BASE_ADDRESS.place(self.base_address);
        let w2 = F_WIDTH_M1.place(self.width.wrapping_sub(1));
        let w5 = F_ROW_PITCH.place(self.row_pitch);
        [w0, w1, w2, w3, w4, w5, 0, 0]
    }

    /// Decodes and validates eight header words. Total for every bit pattern.
    #[inline]
    pub fn from_words(words: &[u32; 8]) -> Result<TextureHeader, HeaderError> {
        // Field by field, not a loop over a table of fields: a `BitField` carries its names,
        // and iterating an array of them copies them on the targets.
        if F_RESERVED0.get(words) != 0 {
            return Err(HeaderError::Reserved(F_RESERVED0.word));
        }
        if F_RESERVED4.get(words) != 0 {
            return Err(HeaderError::Reserved(F_RESERVED4.word));
        }
        if F_RESERVED6.get(words) != 0 {
            return Err(HeaderError::Reserved(F_RESERVED6.word));
        }
        if F_RESERVED7.get(words) != 0 {
            return Err(HeaderError::Reserved(F_RESERVED7.word));
        }
        let ty_code = F_TY.get(words);
        let ty = TextureType::from_code(ty_code).ok_or(HeaderError::TextureType(ty_code as u8))?;
        let fmt_code = F_FORMAT.get(words) as u8;
        let format = Format::from_code(fmt_code).ok_or(HeaderError::Format(fmt_code))?;
        let layout = match F_LAYOUT.get(words) {
            0 => Layout::PitchLinear,
            1 => Layout::Tiled4x4,
            other => return Err(HeaderError::Layout(other as u8)),
        };
        let ms_code = F_MS_MODE.get(words);
        let ms_mode = MsMode::from_code(ms_code).ok_or(HeaderError::MsMode(ms_code as u8))?;
        // The four 3-bit swizzle codes side by side (x lowest): a code is 6 or 7 exactly when
        // its two upper bits are set, so one AND finds every invalid code at once.
        let codes = [F_SWIZZLE_X.get(words), F_SWIZZLE_Y.get(words), F_SWIZZLE_Z.get(words), F_SWIZZLE_W.get(words)];
        let packed = codes[0] | codes[1] << 3 | codes[2] << 6 | codes[3] << 9;
        let bad = packed & (packed >> 1) & 0b010_010_010_010;
        if bad != 0 {
            let i = bad.trailing_zeros() / 3; // 0 … 3: the first invalid component
            return Err(HeaderError::Swizzle(i as u8, (packed >> (3 * i) & 7) as u8));
        }
        // Every code is below 6 here; a table lookup per component (`code & 7` is in bounds).
        #[allow(clippy::indexing_slicing)]
        let sw = [
            SWIZZLE_OF_CODE[(codes[0] & 7) as usize],
            SWIZZLE_OF_CODE[(codes[1] & 7) as usize],
            SWIZZLE_OF_CODE[(codes[2] & 7) as usize],
            SWIZZLE_OF_CODE[(codes[3] & 7) as usize],
        ];
        let width_m1 = F_WIDTH_M1.get(words);
        let header = TextureHeader {
            ty,
            format,
            srgb: F_SRGB.get(words) == 1,
            layout,
            ms_mode,
            swizzle: Swizzle(sw),
            base_address: F_BASE_ADDRESS.get(words),
            width: width_m1.wrapping_add(1),
            height: F_HEIGHT_M1.get(words) + 1,
            depth: F_DEPTH_M1.get(words) + 1,
            levels: F_LEVELS_M1.get(words) + 1,
            base_level: F_BASE_LEVEL.get(words),
            quilt_width: F_QUILT_WIDTH.get(words),
            quilt_height: F_QUILT_HEIGHT.get(words),
            row_pitch: F_ROW_PITCH.get(words),
        };
        if width_m1 == u32::MAX {
            // width − 1 = 2^32 − 1 would be a width of 2^32: not representable.
            return Err(HeaderError::Size);
        }
        header.validate()?;
        Ok(header)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shift form of the chain-length test equals the bit-length form.
    #[test]
    fn chain_too_short_matches_full_chain_levels() {
        let dims = (0..40u32).flat_map(|k| {
            let p = 1u64 << k.min(32);
            [p.saturating_sub(1), p, p + 1].map(|v| u32::try_from(v).unwrap_or(u32::MAX))
        });
        for d in dims.chain([0, 1, 65_536, 65_537, u32::MAX]) {
            for n in 1..=40 {
                assert_eq!(chain_too_short(d, n), n > full_chain_levels(d), "dim {d}, n {n}");
            }
        }
    }
}
