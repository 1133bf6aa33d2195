//! Texel format codes (the 8-bit `format` field of the texture header).
//!
//! Each format states its size in memory, the Gallium component layout it belongs to
//! (Gallium TGSI, "Texture Sampling and Texture Formats") and its numeric class. Decoding texels
//! to the core's fixed-point representation lives in the texel-memory stage.

/// Which Gallium TGSI component-table row a format belongs to: it says how the stored
/// channels become the `(x, y, z, w)` tuple returned by the texture instructions.
///
/// | layout | returned `(x, y, z, w)` |
/// |---|---|
/// | R | (r, 0, 0, 1) |
/// | RG | (r, g, 0, 1) |
/// | RGB | (r, g, b, 1) |
/// | RGBA | (r, g, b, a) |
/// | A | (0, 0, 0, a) |
/// | L | (l, l, l, 1) |
/// | LA | (l, l, l, a) |
/// | I | (i, i, i, i) |
/// | Z | (z, z, z, 1) — Gallium says "TBD"; texcore follows OpenGL's default depth-texture mode |
/// | S | (s, s, s, s) |
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum ComponentLayout {
    /// One red channel.
    R,
    /// Red and green.
    Rg,
    /// Red, green and blue.
    Rgb,
    /// Red, green, blue and alpha.
    Rgba,
    /// Alpha only.
    A,
    /// Luminance.
    L,
    /// Luminance and alpha.
    La,
    /// Intensity.
    I,
    /// Depth.
    Z,
    /// Stencil.
    S,
}

/// How the stored bits of a channel are interpreted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum NumericClass {
    /// Unsigned normalized: `v / (2^n − 1)`.
    Unorm,
    /// Signed normalized: `max(v / (2^(n−1) − 1), −1)`.
    Snorm,
    /// Unsigned integer, returned raw.
    Uint,
    /// Signed integer, returned raw (sign-extended).
    Sint,
    /// IEEE binary16 / binary32.
    Float,
}

macro_rules! formats {
    ($( $(#[$doc:meta])* $name:ident = $code:literal, $bytes:literal, $layout:ident, $class:ident, $filt:literal; )*) => {
        /// A texel format, as stored in the texture header's 8-bit `format` field.
        ///
        /// The discriminant is the field's encoding; codes not listed decode to
        /// [`HeaderError::Format`](super::HeaderError::Format).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[cfg_attr(feature = "defmt", derive(defmt::Format))]
        #[allow(non_camel_case_types)]
        #[repr(u8)]
        pub enum Format {
            $( $(#[$doc])* $name = $code, )*
        }

        impl Format {
            /// Every format, in code order.
            pub const ALL: &'static [Format] = &[$(Format::$name),*];

            /// Decodes the header's format field; `None` for an unassigned code.
            pub const fn from_code(code: u8) -> Option<Format> {
                match code {
                    $( $code => Some(Format::$name), )*
                    _ => None,
                }
            }

            /// The header field encoding.
            pub const fn code(self) -> u8 {
                self as u8
            }

            /// Bytes one texel occupies in texture memory.
            pub const fn bytes_per_texel(self) -> u32 {
                self.bytes_per_texel_inline()
            }

            /// [`Format::bytes_per_texel`] inline (header validation: a caller without
            /// calls saves no registers).
            #[inline(always)]
            pub(crate) const fn bytes_per_texel_inline(self) -> u32 {
                match self { $( Format::$name => $bytes, )* }
            }

            /// The Gallium component-table row of this format.
            pub const fn layout(self) -> ComponentLayout {
                match self { $( Format::$name => ComponentLayout::$layout, )* }
            }

            /// The numeric class of the colour/depth channels.
            pub const fn class(self) -> NumericClass {
                match self { $( Format::$name => NumericClass::$class, )* }
            }

            /// Whether a LINEAR min/mag/mip filter is honoured for this format. Integer and
            /// stencil formats and the binary32 formats (colour and depth) are point-sample
            /// only: a linear filter request on them is executed as NEAREST (the documented
            /// result, in the filter stage). Every other format — all UNORM/SNORM, binary16,
            /// Z16/Z24 — filters.
            pub const fn linear_filterable(self) -> bool {
                match self { $( Format::$name => $filt, )* }
            }

            /// The canonical upper-case name (`"RGBA8_UNORM"`).
            pub const fn name(self) -> &'static str {
                match self { $( Format::$name => stringify!($name), )* }
            }
        }
    };
}

formats! {
    /// 8-bit red, unsigned normalized.
    R8_UNORM = 0x01, 1, R, Unorm, true;
    /// 8-bit red/green, unsigned normalized (R in byte 0).
    RG8_UNORM = 0x02, 2, Rg, Unorm, true;
    /// 8-bit RGBA, unsigned normalized (R in byte 0 … A in byte 3).
    RGBA8_UNORM = 0x03, 4, Rgba, Unorm, true;
    /// 8-bit BGRA, unsigned normalized (B in byte 0, G, R, A in byte 3).
    BGRA8_UNORM = 0x04, 4, Rgba, Unorm, true;
    /// 8-bit red, signed normalized.
    R8_SNORM = 0x05, 1, R, Snorm, true;
    /// 8-bit red/green, signed normalized.
    RG8_SNORM = 0x06, 2, Rg, Snorm, true;
    /// 8-bit RGBA, signed normalized.
    RGBA8_SNORM = 0x07, 4, Rgba, Snorm, true;
    /// 8-bit BGRA, signed normalized.
    BGRA8_SNORM = 0x08, 4, Rgba, Snorm, true;
    /// 16-bit 5:6:5 RGB, unsigned normalized (B in bits 4:0, G 10:5, R 15:11).
    RGB565_UNORM = 0x09, 2, Rgb, Unorm, true;
    /// 16-bit 4:4:4:4 RGBA, unsigned normalized (R in bits 15:12 … A in bits 3:0).
    RGBA4444_UNORM = 0x0A, 2, Rgba, Unorm, true;
    /// 16-bit 5:5:5:1 RGBA, unsigned normalized (R 15:11, G 10:6, B 5:1, A bit 0).
    RGB5A1_UNORM = 0x0B, 2, Rgba, Unorm, true;
    /// 8-bit alpha.
    A8_UNORM = 0x0C, 1, A, Unorm, true;
    /// 8-bit luminance.
    L8_UNORM = 0x0D, 1, L, Unorm, true;
    /// 8-bit luminance + 8-bit alpha (L in byte 0).
    LA8_UNORM = 0x0E, 2, La, Unorm, true;
    /// 8-bit intensity.
    I8_UNORM = 0x0F, 1, I, Unorm, true;
    /// 16-bit red, unsigned normalized.
    R16_UNORM = 0x10, 2, R, Unorm, true;
    /// 16-bit red/green, unsigned normalized.
    RG16_UNORM = 0x11, 4, Rg, Unorm, true;
    /// 16-bit RGBA, unsigned normalized.
    RGBA16_UNORM = 0x12, 8, Rgba, Unorm, true;
    /// 8-bit unsigned integer, 1 component.
    R8_UINT = 0x20, 1, R, Uint, false;
    /// 8-bit unsigned integer, 2 components.
    RG8_UINT = 0x21, 2, Rg, Uint, false;
    /// 8-bit unsigned integer, 4 components.
    RGBA8_UINT = 0x22, 4, Rgba, Uint, false;
    /// 8-bit signed integer, 1 component.
    R8_SINT = 0x23, 1, R, Sint, false;
    /// 8-bit signed integer, 2 components.
    RG8_SINT = 0x24, 2, Rg, Sint, false;
    /// 8-bit signed integer, 4 components.
    RGBA8_SINT = 0x25, 4, Rgba, Sint, false;
    /// 16-bit unsigned integer, 1 component.
    R16_UINT = 0x26, 2, R, Uint, false;
    /// 16-bit unsigned integer, 2 components.
    RG16_UINT = 0x27, 4, Rg, Uint, false;
    /// 16-bit unsigned integer, 4 components.
    RGBA16_UINT = 0x28, 8, Rgba, Uint, false;
    /// 16-bit signed integer, 1 component.
    R16_SINT = 0x29, 2, R, Sint, false;
    /// 16-bit signed integer, 2 components.
    RG16_SINT = 0x2A, 4, Rg, Sint, false;
    /// 16-bit signed integer, 4 components.
    RGBA16_SINT = 0x2B, 8, Rgba, Sint, false;
    /// 32-bit unsigned integer, 1 component.
    R32_UINT = 0x2C, 4, R, Uint, false;
    /// 32-bit unsigned integer, 2 components.
    RG32_UINT = 0x2D, 8, Rg, Uint, false;
    /// 32-bit unsigned integer, 4 components.
    RGBA32_UINT = 0x2E, 16, Rgba, Uint, false;
    /// 32-bit signed integer, 1 component.
    R32_SINT = 0x2F, 4, R, Sint, false;
    /// 32-bit signed integer, 2 components.
    RG32_SINT = 0x30, 8, Rg, Sint, false;
    /// 32-bit signed integer, 4 components.
    RGBA32_SINT = 0x31, 16, Rgba, Sint, false;
    /// binary16 red.
    R16_FLOAT = 0x40, 2, R, Float, true;
    /// binary16 red/green.
    RG16_FLOAT = 0x41, 4, Rg, Float, true;
    /// binary16 RGBA.
    RGBA16_FLOAT = 0x42, 8, Rgba, Float, true;
    /// binary32 red (point-sample only).
    R32_FLOAT = 0x43, 4, R, Float, false;
    /// binary32 red/green (point-sample only).
    RG32_FLOAT = 0x44, 8, Rg, Float, false;
    /// binary32 RGBA (point-sample only).
    RGBA32_FLOAT = 0x45, 16, Rgba, Float, false;
    /// 16-bit unsigned normalized depth.
    Z16_UNORM = 0x50, 2, Z, Unorm, true;
    /// 24-bit unsigned normalized depth in bits 23:0, bits 31:24 unused.
    X8Z24_UNORM = 0x51, 4, Z, Unorm, true;
    /// 24-bit unsigned normalized depth in bits 23:0, 8-bit stencil in bits 31:24
    /// (sampled as depth).
    Z24S8_UNORM = 0x52, 4, Z, Unorm, true;
    /// binary32 depth (point-sample only; depth-compare filtering works on the 0/1 compare
    /// results, so PCF is available for every depth format).
    Z32_FLOAT = 0x53, 4, Z, Float, false;
    /// 8-bit stencil (unsigned integer).
    S8_UINT = 0x54, 1, S, Uint, false;
}

impl Format {
    /// Whether the header's sRGB bit may be set: the 8-bit UNORM RGBA formats only.
    pub const fn srgb_capable(self) -> bool {
        matches!(self, Format::RGBA8_UNORM | Format::BGRA8_UNORM)
    }

    /// Whether this is a depth or stencil format.
    pub const fn is_depth_stencil(self) -> bool {
        matches!(self.layout(), ComponentLayout::Z | ComponentLayout::S)
    }
}
