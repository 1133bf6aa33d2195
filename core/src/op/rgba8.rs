//! The RGBA8 word path of fetch: a single-layer, single-sample, pitch-linear
//! `RGBA8_UNORM` / `BGRA8_UNORM` (not sRGB) 2D texture whose view starts at level 0 is read
//! one 32-bit word per texel, and each byte becomes its binary32 `v / 255` in 32-bit
//! arithmetic ([`crate::fp`]'s UNORM8 conversion, the one the bilinear kernel uses).
//!
//! It is a specialization, not a second definition: [`Rgba8Level0::of`] accepts only headers
//! for which the general path (level geometry → [`crate::memory::texel_address`] → byte read
//! → [`crate::texel::decode`] → [`crate::output::component_to_bits`]) gives the same words,
//! and the ops fall back to the general path for everything else (other formats, levels,
//! layouts, out-of-range coordinates, texels outside the memory). Property tests compare
//! both paths over the request domain.

use crate::descriptor::{Format, TextureHeader, TextureType};
use crate::fp::leading_zeros_top_byte;
use crate::memory::{Plane, TexelMemory};

/// Level 0 of an RGBA8-family 2D texture, addressed in 32-bit arithmetic.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Rgba8Level0 {
    plane: Plane,
    /// Byte lane of returned components x, y, z, w in the little-endian word.
    bgra: bool,
}

impl Rgba8Level0 {
    /// The word path of a **validated** header `h`, `None` where it does not apply.
    #[inline]
    pub(crate) fn of(h: &TextureHeader) -> Option<Rgba8Level0> {
        let bgra = match h.format {
            Format::RGBA8_UNORM => false,
            Format::BGRA8_UNORM => true,
            _ => return None,
        };
        if h.srgb || !matches!(h.ty, TextureType::TwoD | TextureType::TwoDNoMipmap | TextureType::TwoDArray) {
            return None;
        }
        Some(Rgba8Level0 { plane: Plane::level0(h)?, bgra })
    }

    /// The stored word of texel `(x, y)` of layer 0, `None` outside the level or the memory.
    #[inline]
    pub(crate) fn word<M: TexelMemory + ?Sized>(&self, mem: &M, x: u32, y: u32) -> Option<u32> {
        // The plane is `Plane::level0`'s: pitch-linear, one layer.
        mem.read_u32(self.plane.linear_address0(x, y)?)
    }

    /// Component `i` (0 … 3 = x, y, z, w of the Gallium table) of a stored word, in the top
    /// byte of the result (`v × 2^24`).
    #[inline]
    pub(crate) const fn component_top(&self, word: u32, i: usize) -> u32 {
        // BGRA stores z, y, x, w in bytes 0 … 3: components 0 and 2 swap bytes.
        let byte = if self.bgra && i & 1 == 0 { 2 - i } else { i };
        (word << (24 - 8 * byte)) & 0xFF00_0000
    }

    /// The four result words of a stored word (before the swizzle).
    #[inline]
    pub(crate) fn words(&self, word: u32) -> [u32; 4] {
        // Written out: `array::map` is a call per element at opt-level `s`.
        [
            unorm8_top_word(self.component_top(word, 0)),
            unorm8_top_word(self.component_top(word, 1)),
            unorm8_top_word(self.component_top(word, 2)),
            unorm8_top_word(self.component_top(word, 3)),
        ]
    }
}

/// Binary32 of `v / 255` for a byte `v` (RNE): `component_to_bits(Unorm(8), v)` (the tests'
/// form of [`unorm8_top_word`]).
#[cfg(test)]
pub(crate) fn unorm8_word(v: u32) -> u32 {
    unorm8_top_word((v & 0xFF) << 24)
}

/// Binary32 of `v / 255` (RNE) for the byte `v` held in the top bits of `top = v × 2^24`
/// (the form a byte of a stored word takes with one shift and one mask).
///
/// With `lz` the leading zeros of `v` in 8 bits, `big = top << lz` has the byte's leading
/// one in bit 31, and `v / 255 = (big / 255) × 2^-(24 + lz)` with `big / 255` in
/// `[2^23, 2^24]`: the significand is `q = (big + 127) div 255` (`big / 255` rounded to
/// nearest; 255 is odd, so there are no ties), taken as the high word of
/// `(big + 128) × 0x0101_0101` (the single-level conversion's reciprocal multiply). The
/// significand with its hidden bit is added to the biased exponent minus one, `125 − lz`
/// (a quotient of 2^24, at `v = 255`, carries into the exponent: 1.0). `v = 0` gives
/// `big = 0`, whose sign mask clears the exponent, and `q = 0`. Every byte is tested
/// against the output conversion.
#[inline(always)]
pub(crate) fn unorm8_top_word(top: u32) -> u32 {
    let lz = leading_zeros_top_byte(top);
    let big = top << lz;
    let q = ((u64::from(big + 128) * 0x0101_0101) >> 32) as u32;
    (((125 - lz) << 23) & ((big as i32 >> 31) as u32)) + q
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::component_to_bits;
    use crate::texel::Domain;

    #[test]
    fn unorm8_word_is_the_output_conversion_for_every_byte() {
        for v in 0..=255u32 {
            assert_eq!(unorm8_word(v), component_to_bits(Domain::Unorm(8), i64::from(v)), "v = {v}");
        }
    }
}
