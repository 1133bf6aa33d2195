//! Texel format decode and encode: stored bytes ⇄ the raw channel values of a [`Texel`],
//! in `(x, y, z, w)` order after the Gallium TGSI component table, each with the
//! numeric [`Domain`] it is expressed in.
//!
//! Decode is exact and loses nothing: UNORM/SNORM channels stay integers `v` (meaning
//! `v / (2^n − 1)` resp. `v / (2^(n−1) − 1)`), binary16/binary32 channels stay bit patterns,
//! integer channels stay integers. Arithmetic domains (filter weights, compare) and the
//! output conversion ([`crate::output::component_to_bits`]) work from these exact values.
//!
//! | format | stored layout (little-endian) | `(x, y, z, w)` |
//! |---|---|---|
//! | R8/R16/R32 * | r | (r, 0, 0, 1) |
//! | RG8/RG16/RG32 * | r, g | (r, g, 0, 1) |
//! | RGBA8/16/32 * | r, g, b, a | (r, g, b, a) |
//! | BGRA8 * | b, g, r, a (bytes 0…3) | (r, g, b, a) |
//! | RGB565 | u16: B 4:0, G 10:5, R 15:11 | (r, g, b, 1) |
//! | RGBA4444 | u16: A 3:0, B 7:4, G 11:8, R 15:12 | (r, g, b, a) |
//! | RGB5A1 | u16: A 0, B 5:1, G 10:6, R 15:11 | (r, g, b, a) |
//! | A8 | a | (0, 0, 0, a) |
//! | L8 | l | (l, l, l, 1) |
//! | LA8 | l (byte 0), a (byte 1) | (l, l, l, a) |
//! | I8 | i | (i, i, i, i) |
//! | Z16, X8Z24, Z24S8, Z32F | z (Z24: bits 23:0 of a u32) | (z, z, z, 1) |
//! | S8 | s | (s, s, s, s) |
//!
//! * SNORM: the most negative code (−2^(n−1)) decodes to the same value as −(2^(n−1) − 1),
//!   i.e. both −128 and −127 are −1.0 for 8 bits.
//! * sRGB (RGBA8/BGRA8 UNORM with the header's sRGB bit): r, g, b go through [`SRGB_TO_LINEAR16`]
//!   and become UNORM16 values (`round(65535 × linear(v / 255))`, the table is checked
//!   against an f64 evaluation of the IEC 61966-2-1 curve by a test); alpha stays UNORM8.
//! * The constant 0 and 1 of the table are expressed in the component's domain (1 =
//!   `2^n − 1` for UNORM, `0x3C00` for binary16, `0x3F80_0000` for binary32, 1 for integers).

use crate::descriptor::{ComponentLayout, Format, NumericClass};
use crate::fp::{f32_parts, f32_to_f16_bits, F32Class};

/// The numeric domain of one texel component.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Domain {
    /// Unsigned normalized with `n` bits: value `v / (2^n − 1)`.
    Unorm(u8),
    /// Signed normalized with `n` bits: value `v / (2^(n−1) − 1)`, `v ≥ −(2^(n−1) − 1)`.
    Snorm(u8),
    /// binary16 bit pattern.
    F16,
    /// binary32 bit pattern.
    F32,
    /// Unsigned integer.
    Uint,
    /// Signed integer.
    Sint,
}

/// The widest UNORM / SNORM component a [`Domain`] describes, in bits: widths `n` of
/// `1..=MAX_NORM_BITS` (SNORM: from 2). No format has another width; for one the domain's
/// 1.0 code ([`unorm_den`], [`snorm_den`]) is 0, so its values convert to +0
/// ([`crate::output::component_to_bits`]) and encode to 0 ([`unorm_from_f32`],
/// [`snorm_from_f32`]).
pub const MAX_NORM_BITS: u32 = 32;

/// `D = 2^n − 1`, the UNORM code of 1.0, for `n` of `1..=`[`MAX_NORM_BITS`]; 0 for any other
/// width.
pub const fn unorm_den(n: u32) -> u64 {
    if n.wrapping_sub(1) < MAX_NORM_BITS {
        (1u64 << n) - 1
    } else {
        0
    }
}

/// `D = 2^(n−1) − 1`, the SNORM code of 1.0, for `n` of `2..=`[`MAX_NORM_BITS`]; 0 for any
/// other width (a 1-bit SNORM has no positive code).
pub const fn snorm_den(n: u32) -> u64 {
    if n.wrapping_sub(1) < MAX_NORM_BITS {
        (1u64 << (n - 1)) - 1
    } else {
        0
    }
}

impl Domain {
    /// `D`, the integer code of 1.0 of a UNORM / SNORM domain ([`unorm_den`], [`snorm_den`]:
    /// 0 for a width no format has); 0 for the other domains.
    pub const fn norm_den(self) -> u64 {
        match self {
            Domain::Unorm(n) => unorm_den(n as u32),
            Domain::Snorm(n) => snorm_den(n as u32),
            _ => 0,
        }
    }

    /// The domain's representation of the constant 1 (1.0 or integer 1; 0 for a UNORM /
    /// SNORM width no format has, see [`MAX_NORM_BITS`]).
    pub const fn one(self) -> i64 {
        match self {
            Domain::Unorm(_) | Domain::Snorm(_) => self.norm_den() as i64,
            Domain::F16 => 0x3C00,
            Domain::F32 => 0x3F80_0000,
            Domain::Uint | Domain::Sint => 1,
        }
    }

    /// Whether values are integers returned raw (no normalization).
    pub const fn is_integer(self) -> bool {
        matches!(self, Domain::Uint | Domain::Sint)
    }
}

/// One decoded texel: raw component values in `(x, y, z, w)` order, each in the domain
/// [`domains`] gives for its format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Texel(pub [i64; 4]);

/// Bit widths of the stored channels in storage order, for packed and byte formats.
const fn channel_bits(format: Format) -> [u8; 4] {
    use Format as F;
    match format {
        F::RGB565_UNORM => [5, 6, 5, 0],
        F::RGBA4444_UNORM => [4, 4, 4, 4],
        F::RGB5A1_UNORM => [5, 5, 5, 1],
        F::R16_UNORM | F::RG16_UNORM | F::RGBA16_UNORM | F::Z16_UNORM => [16; 4],
        F::X8Z24_UNORM | F::Z24S8_UNORM => [24; 4],
        _ => [8; 4],
    }
}

/// The domain of each `(x, y, z, w)` component of `format` (sRGB when `srgb`).
pub const fn domains(format: Format, srgb: bool) -> [Domain; 4] {
    let b = channel_bits(format);
    if srgb && format.srgb_capable() {
        return [Domain::Unorm(16), Domain::Unorm(16), Domain::Unorm(16), Domain::Unorm(8)];
    }
    match format {
        Format::RGB565_UNORM => [Domain::Unorm(5), Domain::Unorm(6), Domain::Unorm(5), Domain::Unorm(5)],
        _ => [
            class_domain(format, b[0]),
            class_domain(format, b[1]),
            class_domain(format, b[2]),
            class_domain(format, b[3]),
        ],
    }
}

const fn class_domain(format: Format, n: u8) -> Domain {
    match format.class() {
        NumericClass::Unorm => Domain::Unorm(n),
        NumericClass::Snorm => Domain::Snorm(n),
        NumericClass::Uint => Domain::Uint,
        NumericClass::Sint => Domain::Sint,
        NumericClass::Float => {
            if matches!(format, Format::R16_FLOAT | Format::RG16_FLOAT | Format::RGBA16_FLOAT) {
                Domain::F16
            } else {
                Domain::F32
            }
        }
    }
}

fn le(bytes: &[u8; 16], at: usize, n: usize) -> u64 {
    let mut v = 0u64;
    for i in (0..n).rev() {
        v = (v << 8) | u64::from(bytes.get(at + i).copied().unwrap_or(0));
    }
    v
}

fn sext(v: u64, bits: u32) -> i64 {
    let shift = 64 - bits;
    ((v << shift) as i64) >> shift
}

/// Stored channels in storage-semantic order `[c0, c1, c2, c3]`: (r, g, b, a), or
/// (l/i/z/s, –, –, a) for the single-channel layouts.
fn stored(format: Format, bytes: &[u8; 16]) -> [i64; 4] {
    use Format as F;
    let u8s = |i: usize| le(bytes, i, 1);
    let snorm = |v: i64, n: u32| v.max(-((1i64 << (n - 1)) - 1));
    match format {
        F::BGRA8_UNORM => [u8s(2) as i64, u8s(1) as i64, u8s(0) as i64, u8s(3) as i64],
        F::BGRA8_SNORM => {
            let s = |i| snorm(sext(u8s(i), 8), 8);
            [s(2), s(1), s(0), s(3)]
        }
        F::RGB565_UNORM => {
            let v = le(bytes, 0, 2);
            [((v >> 11) & 31) as i64, ((v >> 5) & 63) as i64, (v & 31) as i64, 0]
        }
        F::RGBA4444_UNORM => {
            let v = le(bytes, 0, 2);
            [((v >> 12) & 15) as i64, ((v >> 8) & 15) as i64, ((v >> 4) & 15) as i64, (v & 15) as i64]
        }
        F::RGB5A1_UNORM => {
            let v = le(bytes, 0, 2);
            [((v >> 11) & 31) as i64, ((v >> 6) & 31) as i64, ((v >> 1) & 31) as i64, (v & 1) as i64]
        }
        F::A8_UNORM => [0, 0, 0, u8s(0) as i64],
        F::LA8_UNORM => [u8s(0) as i64, 0, 0, u8s(1) as i64],
        F::X8Z24_UNORM | F::Z24S8_UNORM => [(le(bytes, 0, 4) & 0xFF_FFFF) as i64, 0, 0, 0],
        _ => {
            // Uniform channels: 1, 2 or 4 channels of 1, 2 or 4 bytes.
            let n = match format.layout() {
                ComponentLayout::Rg => 2,
                ComponentLayout::Rgba => 4,
                _ => 1,
            };
            let size = (format.bytes_per_texel() / n) as usize;
            let bits = (size * 8) as u32;
            let mut out = [0i64; 4];
            for (i, slot) in out.iter_mut().enumerate().take(n as usize) {
                let raw = le(bytes, i * size, size);
                *slot = match format.class() {
                    NumericClass::Snorm => snorm(sext(raw, bits), bits),
                    NumericClass::Sint => sext(raw, bits),
                    _ => raw as i64,
                };
            }
            out
        }
    }
}

/// Decodes one texel from its stored bytes (the first `bytes_per_texel` bytes of `bytes`).
#[inline]
pub fn decode(format: Format, srgb: bool, bytes: &[u8; 16]) -> Texel {
    // Fast paths for the common byte formats (same results as the general path below).
    if !srgb {
        let [b0, b1, b2, b3, ..] = *bytes;
        let b = |v: u8| i64::from(v);
        match format {
            Format::RGBA8_UNORM | Format::RGBA8_UINT => return Texel([b(b0), b(b1), b(b2), b(b3)]),
            Format::BGRA8_UNORM => return Texel([b(b2), b(b1), b(b0), b(b3)]),
            Format::R8_UNORM => return Texel([b(b0), 0, 0, 255]),
            _ => {}
        }
    }
    let c = stored(format, bytes);
    let d = domains(format, srgb);
    let one = |i: usize| d.get(i).map_or(1, |d| d.one());
    let [c0, c1, c2, c3] = c;
    let (c0, c1, c2) =
        if srgb && format.srgb_capable() { (srgb_linear(c0), srgb_linear(c1), srgb_linear(c2)) } else { (c0, c1, c2) };
    Texel(match format.layout() {
        ComponentLayout::R => [c0, 0, 0, one(3)],
        ComponentLayout::Rg => [c0, c1, 0, one(3)],
        ComponentLayout::Rgb => [c0, c1, c2, one(3)],
        ComponentLayout::Rgba => [c0, c1, c2, c3],
        ComponentLayout::A => [0, 0, 0, c3],
        ComponentLayout::L | ComponentLayout::Z => [c0, c0, c0, one(3)],
        ComponentLayout::La => [c0, c0, c0, c3],
        ComponentLayout::I | ComponentLayout::S => [c0, c0, c0, c0],
    })
}

fn srgb_linear(v: i64) -> i64 {
    usize::try_from(v).ok().and_then(|i| SRGB_TO_LINEAR16.get(i)).map_or(0, |l| i64::from(*l))
}

/// sRGB → linear for 8-bit codes, as UNORM16: `round(65535 × linear(v / 255))` with
/// `linear(c) = c / 12.92` for `c ≤ 0.04045`, else `((c + 0.055) / 1.055)^2.4`.
#[rustfmt::skip]
pub const SRGB_TO_LINEAR16: [u16; 256] = [
    0, 20, 40, 60, 80, 99, 119, 139, 159, 179, 199, 219,
    241, 264, 288, 313, 340, 367, 396, 427, 458, 491, 526, 562,
    599, 637, 677, 718, 761, 805, 851, 898, 947, 997, 1048, 1101,
    1156, 1212, 1270, 1330, 1391, 1453, 1517, 1583, 1651, 1720, 1790, 1863,
    1937, 2013, 2090, 2170, 2250, 2333, 2418, 2504, 2592, 2681, 2773, 2866,
    2961, 3058, 3157, 3258, 3360, 3464, 3570, 3678, 3788, 3900, 4014, 4129,
    4247, 4366, 4488, 4611, 4736, 4864, 4993, 5124, 5257, 5392, 5530, 5669,
    5810, 5953, 6099, 6246, 6395, 6547, 6700, 6856, 7014, 7174, 7335, 7500,
    7666, 7834, 8004, 8177, 8352, 8528, 8708, 8889, 9072, 9258, 9445, 9635,
    9828, 10022, 10219, 10417, 10619, 10822, 11028, 11235, 11446, 11658, 11873, 12090,
    12309, 12530, 12754, 12980, 13209, 13440, 13673, 13909, 14146, 14387, 14629, 14874,
    15122, 15371, 15623, 15878, 16135, 16394, 16656, 16920, 17187, 17456, 17727, 18001,
    18277, 18556, 18837, 19121, 19407, 19696, 19987, 20281, 20577, 20876, 21177, 21481,
    21787, 22096, 22407, 22721, 23038, 23357, 23678, 24002, 24329, 24658, 24990, 25325,
    25662, 26001, 26344, 26688, 27036, 27386, 27739, 28094, 28452, 28813, 29176, 29542,
    29911, 30282, 30656, 31033, 31412, 31794, 32179, 32567, 32957, 33350, 33745, 34143,
    34544, 34948, 35355, 35764, 36176, 36591, 37008, 37429, 37852, 38278, 38706, 39138,
    39572, 40009, 40449, 40891, 41337, 41785, 42236, 42690, 43147, 43606, 44069, 44534,
    45002, 45473, 45947, 46423, 46903, 47385, 47871, 48359, 48850, 49344, 49841, 50341,
    50844, 51349, 51858, 52369, 52884, 53401, 53921, 54445, 54971, 55500, 56032, 56567,
    57105, 57646, 58190, 58737, 59287, 59840, 60396, 60955, 61517, 62082, 62650, 63221,
    63795, 64372, 64952, 65535,
];

/// Why a texel cannot be encoded for `STORE` / atomics.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum EncodeError {
    /// Depth/stencil formats are not writable through STORE (they are not storage formats).
    DepthStencil,
    /// sRGB views are not writable (no typed sRGB stores, as in D3D UAVs).
    Srgb,
}

/// Unsigned normalized encode of a binary32 value: NaN → 0, clamp to [0, 1], then
/// `RNE(x × (2^n − 1))` (0 for a width outside `1..=`[`MAX_NORM_BITS`]).
pub const fn unorm_from_f32(bits: u32, n: u32) -> u64 {
    let d = unorm_den(n);
    match f32_parts(bits) {
        (true, _) | (_, F32Class::Zero) | (_, F32Class::NaN) => 0,
        (false, F32Class::Inf) => d,
        (false, F32Class::Finite { mant, exp }) => scale_rne(mant as u64, exp, d, d),
    }
}

/// Signed normalized encode: NaN → 0, clamp to [−1, 1], `RNE(x × (2^(n−1) − 1))`, as the
/// two's-complement code.
pub const fn snorm_from_f32(bits: u32, n: u32) -> i64 {
    let d = snorm_den(n);
    let (neg, class) = f32_parts(bits);
    let mag = match class {
        F32Class::Zero | F32Class::NaN => 0,
        F32Class::Inf => d,
        F32Class::Finite { mant, exp } => scale_rne(mant as u64, exp, d, d),
    };
    if neg {
        -(mag as i64)
    } else {
        mag as i64
    }
}

/// `min(RNE(mant × 2^exp × d), max)` for `mant < 2^24`, `d < 2^24`.
const fn scale_rne(mant: u64, exp: i32, d: u64, max: u64) -> u64 {
    let p = mant * d; // < 2^48
    if exp >= 0 {
        // ≥ 1.0 × d whenever mant ≥ 1: clamp.
        return max;
    }
    let s = (-exp) as u32;
    if s >= 63 {
        return 0;
    }
    let q = p >> s;
    let rem = p & ((1u64 << s) - 1);
    let half = 1u64 << (s - 1);
    let r = if rem > half || (rem == half && q & 1 == 1) { q + 1 } else { q };
    if r > max {
        max
    } else {
        r
    }
}

fn put(out: &mut [u8; 16], at: usize, n: usize, v: u64) {
    for i in 0..n {
        if let Some(b) = out.get_mut(at + i) {
            *b = (v >> (8 * i)) as u8;
        }
    }
}

/// Encodes `STORE`'s source `(x, y, z, w)` into the format's stored bytes (written to the
/// first `bytes_per_texel` bytes of the result).
///
/// * UNORM / SNORM: the source words are binary32; [`unorm_from_f32`] / [`snorm_from_f32`].
/// * binary16: RNE from binary32 ([`f32_to_f16_bits`]); binary32: the bits unchanged.
/// * UINT / SINT: the low `n` bits of the source integer (wrap, no clamp).
/// * Channel sources follow the component table backwards: r ← x, g ← y, b ← z, a ← w;
///   L and I ← x; LA: l ← x, a ← w; A8: a ← w.
pub fn encode(format: Format, srgb: bool, src: [u32; 4]) -> Result<[u8; 16], EncodeError> {
    use Format as F;
    if format.is_depth_stencil() {
        return Err(EncodeError::DepthStencil);
    }
    if srgb && format.srgb_capable() {
        return Err(EncodeError::Srgb);
    }
    let [x, y, z, w] = src;
    let mut out = [0u8; 16];
    let un = |v: u32, n: u32| unorm_from_f32(v, n);
    match format {
        F::RGB565_UNORM => put(&mut out, 0, 2, (un(x, 5) << 11) | (un(y, 6) << 5) | un(z, 5)),
        F::RGBA4444_UNORM => put(&mut out, 0, 2, (un(x, 4) << 12) | (un(y, 4) << 8) | (un(z, 4) << 4) | un(w, 4)),
        F::RGB5A1_UNORM => put(&mut out, 0, 2, (un(x, 5) << 11) | (un(y, 5) << 6) | (un(z, 5) << 1) | un(w, 1)),
        F::A8_UNORM => put(&mut out, 0, 1, un(w, 8)),
        F::LA8_UNORM => {
            put(&mut out, 0, 1, un(x, 8));
            put(&mut out, 1, 1, un(w, 8));
        }
        _ => {
            let n = match format.layout() {
                ComponentLayout::Rg => 2,
                ComponentLayout::Rgba => 4,
                _ => 1,
            };
            let size = (format.bytes_per_texel() / n) as usize;
            let bits = (size * 8) as u32;
            let order: [u32; 4] =
                if matches!(format, F::BGRA8_UNORM | F::BGRA8_SNORM) { [z, y, x, w] } else { [x, y, z, w] };
            for (i, v) in order.iter().enumerate().take(n as usize) {
                let code = match format.class() {
                    NumericClass::Unorm => un(*v, bits),
                    NumericClass::Snorm => snorm_from_f32(*v, bits) as u64,
                    NumericClass::Float if size == 2 => u64::from(f32_to_f16_bits(*v)),
                    _ => u64::from(*v),
                };
                put(&mut out, i * size, size, code);
            }
        }
    }
    Ok(out)
}

/// Stored integer channel width in bits (UINT/SINT formats).
const fn int_bits(format: Format) -> u32 {
    let channels = match format.layout() {
        ComponentLayout::Rg => 2,
        ComponentLayout::Rgba => 4,
        _ => 1,
    };
    format.bytes_per_texel() * 8 / channels
}

/// The border colour as a texel of the format (CLAMP_TO_BORDER), in the same domains as
/// [`decode`], so a border tap filters like any other texel.
///
/// * Only the components the format stores come from the border colour `(r, g, b, a)`; the
///   others take the component table's constants: `R8` → `(r, 0, 0, 1)`, `A8` → `(0, 0, 0, a)`,
///   `L/I/Z/S` take `r` (a depth texel is `D = border.r`, Vulkan), `LA` takes `r` and `a`.
/// * Each word is converted like a `STORE` would: UNORM/SNORM clamp to the format's range
///   and quantize to its precision (RNE — D3D "snapped to the filter precision"; texcore
///   snaps to the format's own precision so a border tap is exactly a representable texel),
///   binary16 rounds (RNE), binary32 keeps the bits, UINT/SINT are **clamped** to the
///   channel's range (the border words are then integers).
/// * sRGB views: the border colour is linear, so r, g, b quantize to the UNORM16 linear
///   domain directly (no sRGB decode).
pub fn border_texel(format: Format, srgb: bool, border: [u32; 4]) -> Texel {
    let d = domains(format, srgb);
    let bits = int_bits(format);
    // Every word converted once, through one out-of-line conversion (the layouts below only
    // pick and replicate them).
    let mut c = [0i64; 4];
    for ((slot, dom), w) in c.iter_mut().zip(d).zip(border) {
        *slot = border_word(dom, bits, w);
    }
    let [r, g, b, a] = c;
    let [_, _, _, d3] = d;
    let one = d3.one();
    Texel(match format.layout() {
        ComponentLayout::R => [r, 0, 0, one],
        ComponentLayout::Rg => [r, g, 0, one],
        ComponentLayout::Rgb => [r, g, b, one],
        ComponentLayout::Rgba => [r, g, b, a],
        ComponentLayout::A => [0, 0, 0, a],
        ComponentLayout::L | ComponentLayout::Z => [r, r, r, one],
        ComponentLayout::La => [r, r, r, a],
        ComponentLayout::I | ComponentLayout::S => [r; 4],
    })
}

/// One border word in domain `dom` (`bits`: the integer channel width), see
/// [`border_texel`].
#[inline(never)]
fn border_word(dom: Domain, bits: u32, w: u32) -> i64 {
    match dom {
        Domain::Unorm(n) => unorm_from_f32(w, n as u32) as i64,
        Domain::Snorm(n) => snorm_from_f32(w, n as u32),
        Domain::F16 => i64::from(f32_to_f16_bits(w)),
        Domain::F32 => i64::from(w),
        Domain::Uint => {
            let max = if bits >= 32 { u64::from(u32::MAX) } else { (1u64 << bits) - 1 };
            u64::from(w).min(max) as i64
        }
        Domain::Sint => {
            let v = i64::from(w as i32);
            let lim = 1i64 << (bits.clamp(1, 32) - 1);
            v.clamp(-lim, lim - 1)
        }
    }
}
