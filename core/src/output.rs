//! Output packing: texel components → result words (fp32 bit patterns or raw integers),
//! the header's component swizzle, and the NVIDIA destination write mask.

use heapless::Vec;

use crate::descriptor::{Swizzle, SwizzleSource};
use crate::fp::{f16_to_f32_bits, ratio_to_f32_bits};
use crate::texel::{Domain, Texel};

/// The result word of one unfiltered component: UNORM/SNORM → the binary32 nearest to
/// `v / D` (RNE; exact rational input), binary16 → binary32 exactly, binary32 → unchanged,
/// UINT → `v`, SINT → two's complement `v`.
pub const fn component_to_bits(domain: Domain, v: i64) -> u32 {
    match domain {
        // (A width no format has: `D` = 0, the result +0.)
        Domain::Unorm(_) | Domain::Snorm(_) => ratio_to_f32_bits(v, domain.norm_den(), 0),
        Domain::F16 => f16_to_f32_bits(v as u16),
        Domain::F32 | Domain::Uint | Domain::Sint => v as u32,
    }
}

/// Result words of an unfiltered texel (no swizzle).
pub fn texel_to_bits(domains: [Domain; 4], t: Texel) -> [u32; 4] {
    let mut out = [0u32; 4];
    for ((o, d), v) in out.iter_mut().zip(domains).zip(t.0) {
        *o = component_to_bits(d, v);
    }
    out
}

/// Applies the header's component swizzle to result words: `R/G/B/A` pick a component,
/// `ZERO` gives 0, `ONE` gives 1.0 (`0x3F80_0000`) — or integer 1 when `integer` (the
/// format is UINT/SINT).
pub fn swizzle(words: [u32; 4], sw: Swizzle, integer: bool) -> [u32; 4] {
    if is_identity(sw) {
        return words;
    }
    let one = if integer { 1 } else { 0x3F80_0000 };
    // The sources by code (R, G, B, A, ZERO, ONE; codes 6 and 7 are not sources): a select
    // by index, not a branch per component.
    let src = [words[0], words[1], words[2], words[3], 0, one, 0, 0];
    // `code & 7` is below 8: the index is in bounds.
    #[allow(clippy::indexing_slicing)]
    let pick = |s: SwizzleSource| src[(s as usize) & 7];
    // Written out: `array::map` is a call per element at opt-level `s`.
    let [x, y, z, w] = sw.0;
    [pick(x), pick(y), pick(z), pick(w)]
}

/// Whether `sw` is the identity (`R, G, B, A` = codes 0, 1, 2, 3), as one 32-bit compare
/// of the codes (a lane loop that tests it before calling [`swizzle`] skips the call).
#[inline(always)]
pub(crate) fn is_identity(sw: Swizzle) -> bool {
    let [x, y, z, w] = sw.0;
    (x as u32) | (y as u32) << 8 | (z as u32) << 16 | (w as u32) << 24 == 0x0302_0100
}

/// The IEEE-754 binary32 bit pattern nearest to `value / 2^frac_bits`, **round to nearest,
/// ties to even** (see [`crate::fp::fixed_to_f32_bits`]).
pub const fn fixed_to_f32_bits(value: i64, frac_bits: u32) -> u32 {
    crate::fp::fixed_to_f32_bits(value, frac_bits)
}

/// fp32 bit pattern of an unsigned integer (round to nearest even above 2^24).
pub const fn u32_to_f32_bits(value: u32) -> u32 {
    fixed_to_f32_bits(value as i64, 0)
}

/// The NVIDIA `#wmskU04` destination write mask, "decimated contiguous writes": the enabled
/// components of `values` (bit 0 = R … bit 3 = A), in order, packed into consecutive
/// destination registers `Rd, Rd+1, …`. Bits above 3 are ignored.
pub fn decimate(values: [u32; 4], wmask: u8) -> Vec<u32, 4> {
    let mut out = Vec::new();
    for (i, v) in values.iter().enumerate() {
        if wmask & (1 << i) != 0 {
            // Capacity 4 and at most 4 pushes: cannot fail.
            let _ = out.push(*v);
        }
    }
    out
}

/// Number of registers a write mask writes (popcount of its low 4 bits).
pub const fn wmask_count(wmask: u8) -> u32 {
    (wmask & 0xF).count_ones()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::indexing_slicing)]
    use super::*;

    /// Every swizzle (6^4 source choices), integer and not: each component is the chosen
    /// word, 0, or the format's one; the identity returns the words.
    #[test]
    fn swizzle_picks_every_source() {
        let words = [0x1111_1111, 0x2222_2222, 0x3333_3333, 0x4444_4444];
        for code in 0..6u32.pow(4) {
            let c = [code % 6, code / 6 % 6, code / 36 % 6, code / 216];
            let sw = Swizzle(c.map(|v| SwizzleSource::from_code(v).unwrap_or(SwizzleSource::R)));
            for integer in [false, true] {
                let one = if integer { 1 } else { 0x3F80_0000 };
                let want = c.map(|v| match v {
                    0..=3 => words[v as usize],
                    4 => 0,
                    _ => one,
                });
                assert_eq!(swizzle(words, sw, integer), want, "{sw:?} integer {integer}");
                assert_eq!(is_identity(sw), c == [0, 1, 2, 3]);
            }
        }
    }
}
