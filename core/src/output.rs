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
        Domain::Unorm(n) => ratio_to_f32_bits(v, (1u64 << n) - 1, 0),
        Domain::Snorm(n) => ratio_to_f32_bits(v, (1u64 << (n - 1)) - 1, 0),
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
    let pick = |s: SwizzleSource| match s {
        SwizzleSource::R => words[0],
        SwizzleSource::G => words[1],
        SwizzleSource::B => words[2],
        SwizzleSource::A => words[3],
        SwizzleSource::Zero => 0,
        SwizzleSource::One => one,
    };
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
