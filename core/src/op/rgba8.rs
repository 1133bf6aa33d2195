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
        mem.read_u32(self.plane.address(x, y, 0)?)
    }

    /// Component `i` (0 … 3 = x, y, z, w of the Gallium table) of a stored word, `0 ..= 255`.
    #[inline]
    pub(crate) const fn component(&self, word: u32, i: usize) -> u32 {
        // BGRA stores z, y, x, w in bytes 0 … 3: components 0 and 2 swap bytes.
        let byte = if self.bgra && i & 1 == 0 { 2 - i } else { i };
        (word >> (8 * byte)) & 0xFF
    }

    /// The four result words of a stored word (before the swizzle).
    #[inline]
    pub(crate) fn words(&self, word: u32) -> [u32; 4] {
        // Written out: `array::map` is a call per element at opt-level `s`.
        [
            unorm8_word(self.component(word, 0)),
            unorm8_word(self.component(word, 1)),
            unorm8_word(self.component(word, 2)),
            unorm8_word(self.component(word, 3)),
        ]
    }
}

/// Binary32 of `v / 255` for a byte `v` (RNE): `component_to_bits(Unorm(8), v)`.
///
/// `v / 255 = 0.vvvv…` in base 256: the byte repeated without end. `rep = v · 0x0101_0101`
/// holds its first 32 bits; shifted left by the byte's leading zeros `lz`, the top 24 bits
/// are the significand (hidden bit included, exponent −1 − lz) and bit 7 the round bit.
/// The bits after it are never all zero (the repetition does not end) and never a tie, so
/// RNE rounds up exactly when the round bit is set; `v = 255` carries into the exponent and
/// gives 1.0. Every byte is tested against the output conversion.
#[inline]
pub(crate) const fn unorm8_word(v: u32) -> u32 {
    let v = v & 0xFF;
    if v == 0 {
        return 0;
    }
    let rep = v * 0x0101_0101;
    let lz = leading_zeros_rep(rep);
    let m = rep << lz;
    // `(125 − lz) << 23` plus the significand with its hidden bit adds the exponent 126 − lz;
    // `((m >> 7) + 1) >> 1` is `m >> 8` plus the round bit.
    ((125 - lz) << 23) + (((m >> 7) + 1) >> 1)
}

/// Leading zeros (`0 ..= 7`) of `rep = v · 0x0101_0101` for a byte `v ≠ 0`: those of `v`
/// in 8 bits, which is the top byte of `rep`.
#[inline(always)]
const fn leading_zeros_rep(rep: u32) -> u32 {
    if cfg!(all(any(target_arch = "riscv32", target_arch = "riscv64"), not(target_feature = "zbb"))) {
        crate::fp::leading_zeros_table(rep)
    } else {
        rep.leading_zeros()
    }
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
