//! The 8-bit UNORM filter datapath: bilinear and trilinear filtering of RGBA8 texels in
//! 32-bit integer arithmetic, and the exact conversion of the sum to binary32.
//!
//! This is the specialised form of the general filter unit ([`super::Acc`] over
//! [`super::Ctx`]) for four 8-bit UNORM components and 2D footprints, and the reference of
//! the `filter` stage vectors and RTL. It gives **the same bits** as the general path
//! (a property test compares both on arbitrary texels, weights and level weights), because
//! both compute the same exact rational and round it once:
//!
//! ```text
//! h   = c00·(256 − α) + c10·α                 per row, per component  (≤ 255·2^8,  16 bits)
//! v   = h0·(256 − β)  + h1·β                  per level               (≤ 255·2^16, 24 bits)
//! x   = v0·(256 − δ)  + v1·δ                  the two levels          (≤ 255·2^24, 32 bits)
//! out = RNE(x / (255 · 2^24))                 binary32, per component
//! ```
//!
//! The separable form is the same sum as the product weights of the general unit:
//! `Σ (256 − α or α)(256 − β or β) c = (256 − β)·h0 + β·h1`. A single level is `δ = 0`;
//! NEAREST is `α = β = 0` with the chosen texel in tap 0. Two components share a 32-bit
//! word in the horizontal step (each 16-bit lane stays below 2^16, so no carry crosses).
//!
//! ## Conversion (`x / (255 · 2^24)`, RNE, no division instruction)
//!
//! `fp::unorm8_ratio` (the UNORM8 path of [`crate::fp::ratio_to_f32_bits`]), the conversion of every UNORM8 result. The results are +0 or
//! normal binary32 numbers in `[2^-32, 1]`.

/// An RGBA8 texel packed little-endian: R in bits 7:0, G 15:8, B 23:16, A 31:24.
pub type Rgba8 = u32;

use crate::fp::div255_round_up;
use crate::fp::{unorm8_ratio_call, unorm8_ratio_leaf, unorm8_ratio_masked_common, unorm8_ratio_small};

/// One filtered sample's inputs: the taps and sub-texel weights of up to two levels.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Bilerp8 {
    /// Per level, the taps `[(i0, j0), (i1, j0), (i0, j1), (i1, j1)]`.
    pub taps: [[Rgba8; 4]; 2],
    /// Per level, the sub-texel weights `[α, β]` (1/256) of taps `i1` and `j1`.
    pub frac: [[u8; 2]; 2],
    /// Weight of level 1 (1/256); level 0 gets `256 − δ`. `0` = a single level (level 1's
    /// taps are then ignored).
    pub delta: u8,
}

const LANES: u32 = 0x00FF_00FF;

/// The weighted sum of one level's taps per component, `≤ 255 · 2^16` each.
#[inline]
pub const fn level_sum(t: &[Rgba8; 4], frac: [u8; 2]) -> [u32; 4] {
    level_sum_w(t, frac[0], frac[1])
}

/// [`level_sum`] with the weights as `u8` values in 32-bit registers (no repacking between
/// the kernel's coordinate unit and its filter).
#[inline(always)]
const fn level_sum_w(t: &[Rgba8; 4], a: u8, b: u8) -> [u32; 4] {
    let b = b as u32;
    column_sums(row_sums(t, a as u32), 256 - b, b)
}

/// One level's horizontal step: the row sums `h = c0·(256 − α) + c1·α` of the top and
/// bottom rows, components 0/2 and 1/3 in the 16-bit lanes of `[top02, top13, bot02, bot13]`
/// (each lane `≤ 255 · 2^8`).
#[inline(always)]
const fn row_sums(t: &[Rgba8; 4], a: u32) -> [u32; 4] {
    let ia = 256 - a;
    [
        (t[0] & LANES) * ia + (t[1] & LANES) * a,
        ((t[0] >> 8) & LANES) * ia + ((t[1] >> 8) & LANES) * a,
        (t[2] & LANES) * ia + (t[3] & LANES) * a,
        ((t[2] >> 8) & LANES) * ia + ((t[3] >> 8) & LANES) * a,
    ]
}

/// The vertical step of [`row_sums`] with the row weights `wt` (top) and `wb` (bottom):
/// `h_top · wt + h_bot · wb` per component (R, G, B, A). The caller bounds the sums.
#[inline(always)]
const fn column_sums(r: [u32; 4], wt: u32, wb: u32) -> [u32; 4] {
    let [top02, top13, bot02, bot13] = r;
    [
        (top02 & 0xFFFF) * wt + (bot02 & 0xFFFF) * wb,
        (top13 & 0xFFFF) * wt + (bot13 & 0xFFFF) * wb,
        (top02 >> 16) * wt + (bot02 >> 16) * wb,
        (top13 >> 16) * wt + (bot13 >> 16) * wb,
    ]
}

/// The first level's share of a two-level sum: `(256 − δ) · v0` per component, where `v0`
/// is [`level_sum`] of the taps (`≤ 255 · 2^24`). The level weight is folded into the two
/// row weights, `(256 − δ)(256 − β)` and `(256 − δ)·β` (together `(256 − δ) · 2^8 < 2^17`), so
/// the vertical step forms the share directly: the same exact integers as `v0 · (256 − δ)`
/// (the sum is linear and nothing is rounded), with no multiply of its own.
#[inline(always)]
pub const fn level_share(t: &[Rgba8; 4], frac: [u8; 2], delta: u8) -> [u32; 4] {
    let id = 256 - delta as u32;
    let wb = id * frac[1] as u32;
    column_sums(row_sums(t, frac[0] as u32), (id << 8) - wb, wb)
}

/// The second level of a two-level sample on the first level's share: `v` holds
/// [`level_share`] of the first level's taps and receives the four binary32 components of
/// the sample whose second level has the taps `t`, weights `frac` and level weight `delta`
/// (`x = v + δ · v1`, the level weight folded into the row weights as in [`level_share`],
/// then `to_f32`) — the same value as [`blend_level_rgba8`] on [`level_sum`] and as
/// [`filter_rgba8`]. The conversion as in [`blend_level_rgba8`].
#[inline(always)]
pub fn blend_share_rgba8(v: &mut [u32; 4], t: &[Rgba8; 4], frac: [u8; 2], delta: u8) {
    let d = u32::from(delta);
    let wb = d * u32::from(frac[1]);
    let s = column_sums(row_sums(t, u32::from(frac[0])), (d << 8) - wb, wb);
    *v = [v[0] + s[0], v[1] + s[1], v[2] + s[2], v[3] + s[3]];
    convert_share_rgba8(v);
}

/// The conversion of two-level sums `x ≤ 255 · 2^24` in place (`RNE(x / (255 · 2^24))`,
/// [`to_f32`]): inline on Arm and 64-bit hosts, one out-of-line loop over the four on RV32
/// (code size). [`level_share`] with `δ = 0` (`x = 256 · v0`) converts to the single
/// level's value.
#[inline(always)]
pub fn convert_share_rgba8(v: &mut [u32; 4]) {
    if cfg!(any(target_arch = "arm", target_pointer_width = "64")) {
        *v = [to_f32_inline(v[0]), to_f32_inline(v[1]), to_f32_inline(v[2]), to_f32_inline(v[3])];
    } else {
        to_f32_x4(v);
    }
}

/// The exact sums `x` (`≤ 255 · 2^24`) of a sample, per component.
#[inline]
pub const fn sums(s: &Bilerp8) -> [u32; 4] {
    let v0 = level_sum(&s.taps[0], s.frac[0]);
    if s.delta == 0 {
        return [v0[0] << 8, v0[1] << 8, v0[2] << 8, v0[3] << 8];
    }
    let d = s.delta as u32;
    let v1 = level_sum(&s.taps[1], s.frac[1]);
    let id = 256 - d;
    [v0[0] * id + v1[0] * d, v0[1] * id + v1[1] * d, v0[2] * id + v1[2] * d, v0[3] * id + v1[3] * d]
}

/// `RNE(x / (255 · 2^24))` as binary32 bits, for `x ≤ 255 · 2^24` (larger `x` are clamped
/// to 1.0, which the filter never produces). The trilinear path calls the shared
/// out-of-line conversion (the single-level kernel inlines its own).
#[inline]
pub const fn to_f32(x: u32) -> u32 {
    if x >= 255 << 24 {
        return 0x3F80_0000;
    }
    unorm8_ratio_call(x, 24)
}

/// The four binary32 components (R, G, B, A; before the view's swizzle) of one sample.
#[inline]
pub const fn filter_rgba8(s: &Bilerp8) -> [u32; 4] {
    let x = sums(s);
    [to_f32(x[0]), to_f32(x[1]), to_f32(x[2]), to_f32(x[3])]
}

/// [`to_f32`] with the conversion inline and without a branch for zero: `x ≥ 2^31` has
/// `lz = 0` and `big = x`, so every `x > 255 · 2^24` (the clamp to 1.0 and the 25-bit
/// quotients) leaves the common case for [`to_f32_rare`]; `x = 255 · 2^24` converts to 1.0
/// in it (the quotient 2^24 carries into the exponent).
#[inline(always)]
pub(crate) const fn to_f32_inline(x: u32) -> u32 {
    let lz = (x | 1).leading_zeros();
    let big = x << lz;
    if big > 255 << 24 {
        to_f32_rare(x)
    } else {
        unorm8_ratio_masked_common(big, lz, 24)
    }
}

/// [`to_f32_inline`]'s rare case (about 1 component in 128), out of line.
#[cold]
#[inline(never)]
const fn to_f32_rare(x: u32) -> u32 {
    to_f32(x)
}

/// The second level of a two-level sample: `v` holds the first level's sums
/// ([`level_sum`] of its taps) and receives the four binary32 components of the sample
/// whose second level has the taps `t`, weights `frac` and level weight `delta` — the same
/// value as [`filter_rgba8`] (`x = v0·(256 − δ) + v1·δ`, then `to_f32`). The conversion is
/// inline on Arm and 64-bit hosts, once per component (`to_f32_inline`: the level kernel's
/// lanes make no calls in the common case), one out-of-line loop over the four on RV32
/// (code size).
#[inline(always)]
pub fn blend_level_rgba8(v: &mut [u32; 4], t: &[Rgba8; 4], frac: [u8; 2], delta: u8) {
    let v1 = level_sum(t, frac);
    let (d, id) = (u32::from(delta), 256 - u32::from(delta));
    *v = [v[0] * id + v1[0] * d, v[1] * id + v1[1] * d, v[2] * id + v1[2] * d, v[3] * id + v1[3] * d];
    if cfg!(any(target_arch = "arm", target_pointer_width = "64")) {
        *v = [to_f32_inline(v[0]), to_f32_inline(v[1]), to_f32_inline(v[2]), to_f32_inline(v[3])];
    } else {
        to_f32_x4(v);
    }
}

/// [`to_f32`] of the four components of a two-level sum (`x ≤ 255 · 2^24`) in one
/// out-of-line loop with the whole conversion inline (its constants loaded once for the four
/// instead of once per call; no call, so the loop saves no registers). In that range the
/// clamp of [`to_f32`] is `x = 255 · 2^24` alone, which converts to 1.0 unclamped (the
/// quotient 2^24 carries into the exponent).
#[inline(never)]
fn to_f32_x4(v: &mut [u32; 4]) {
    for x in v.iter_mut() {
        *x = unorm8_ratio_leaf(*x, 24);
    }
}

/// The conversion of a single level's sums `v` ([`level_sum`]) in place: the four binary32
/// components of [`filter_level_rgba8`] (`RNE(v / (255 · 2^16))`).
#[inline(always)]
pub fn convert_level_rgba8(v: &mut [u32; 4]) {
    for x in v.iter_mut() {
        *x = unorm8_ratio_small(*x, 16);
    }
}

/// [`filter_rgba8`] of a single level (`δ = 0`) into `out`: the level's sums
/// `v ≤ 255 · 2^16` convert as `RNE(v / (255 · 2^16))` directly (the same value as
/// `x = v · 2^8` over `255 · 2^24`).
#[inline(always)]
pub fn filter_level_rgba8(t: &[Rgba8; 4], frac: [u8; 2], out: &mut [u32; 4]) {
    filter_level_rgba8_w(t, frac[0], frac[1], out);
}

/// [`filter_level_rgba8`] with the weights as separate arguments.
#[inline(always)]
pub fn filter_level_rgba8_w(t: &[Rgba8; 4], a: u8, b: u8, out: &mut [u32; 4]) {
    let v = level_sum_w(t, a, b);
    if cfg!(all(any(target_arch = "riscv32", target_arch = "riscv64"), not(target_feature = "zbb"))) {
        // Without a clz instruction the conversion is long: one copy in a loop (code size).
        *out = v;
        for x in out.iter_mut() {
            *x = unorm8_ratio_small(*x, 16);
        }
    } else {
        *out = [
            unorm8_ratio_small(v[0], 16),
            unorm8_ratio_small(v[1], 16),
            unorm8_ratio_small(v[2], 16),
            unorm8_ratio_small(v[3], 16),
        ];
    }
}

/// The four 8-bit components of a texel in the 16-bit lanes of a 64-bit word, in the lane
/// order `[c0, c2, c1, c3]` (bits 0, 16, 32 and 48): the 64-bit form of the horizontal step,
/// all four components of a row in one word.
#[cfg(target_pointer_width = "64")]
#[inline(always)]
const fn spread16(t: Rgba8) -> u64 {
    let x = t as u64;
    (x | x << 24) & 0x00FF_00FF_00FF_00FF
}

/// The low 16 bits of each 32-bit lane.
#[cfg(target_pointer_width = "64")]
const LO16: u64 = 0x0000_FFFF_0000_FFFF;

/// [`row_sums`] and [`column_sums`] in 64-bit words (64-bit hosts): the row sums
/// `h = c0·(256 − α) + c1·α` of both rows with the four components in 16-bit lanes
/// ([`spread16`]; each lane `≤ 255 · 2^8`, so no carry crosses a lane), then the vertical
/// step `h_top · wt + h_bot · wb` with components 0/1 and 2/3 in the 32-bit lanes of two
/// words, `(c0 | c1 << 32, c2 | c3 << 32)`. The same integers as [`column_sums`] of
/// [`row_sums`] (a property test compares) as long as every component's sum is below
/// `2^32`, which the callers' weights bound (`wt + wb ≤ 2^16`).
#[cfg(target_pointer_width = "64")]
#[inline(always)]
const fn level_sums_x2(t: &[Rgba8; 4], a: u32, wt: u32, wb: u32) -> (u64, u64) {
    let (a, ia) = (a as u64, 256 - a as u64);
    let top = spread16(t[0]) * ia + spread16(t[1]) * a;
    let bot = spread16(t[2]) * ia + spread16(t[3]) * a;
    let (wt, wb) = (wt as u64, wb as u64);
    ((top & LO16) * wt + (bot & LO16) * wb, ((top >> 16) & LO16) * wt + ((bot >> 16) & LO16) * wb)
}

/// The two words of [`level_sums_x2`] as the four components.
#[cfg(target_pointer_width = "64")]
#[inline(always)]
const fn unpack_x2(s01: u64, s23: u64) -> [u32; 4] {
    [s01 as u32, (s01 >> 32) as u32, s23 as u32, (s23 >> 32) as u32]
}

/// [`level_share`] in 64-bit words (64-bit hosts, [`level_sums_x2`]): the first level's
/// share `(256 − δ)·v0 ≤ 255 · 2^24` per component, as `(c0 | c1 << 32, c2 | c3 << 32)`. With
/// `δ = 0` it is `256 · v0`, which [`convert_share_x2`] converts to the single level's value.
#[cfg(target_pointer_width = "64")]
#[inline(always)]
pub(crate) const fn level_share_x2(t: &[Rgba8; 4], frac: [u8; 2], delta: u8) -> (u64, u64) {
    let id = 256 - delta as u32;
    let wb = id * frac[1] as u32;
    level_sums_x2(t, frac[0] as u32, (id << 8) - wb, wb)
}

/// The second level's share added to the first's (`share`, [`level_share_x2`]): the exact
/// two-level sums `x = (256 − δ)·v0 + δ·v1 ≤ 255 · 2^24`, the second level's share formed as
/// in [`blend_share_rgba8`] (the level weight folded into the row weights). No carry crosses
/// a 32-bit lane: each component's total is at most `255 · 2^24`.
#[cfg(target_pointer_width = "64")]
#[inline(always)]
pub(crate) const fn add_share_x2(share: (u64, u64), t: &[Rgba8; 4], frac: [u8; 2], delta: u8) -> (u64, u64) {
    let d = delta as u32;
    let wb = d * frac[1] as u32;
    let (s01, s23) = level_sums_x2(t, frac[0] as u32, (d << 8) - wb, wb);
    (share.0 + s01, share.1 + s23)
}

/// The conversion of the sums `x ≤ 255 · 2^24` of [`level_share_x2`] / [`add_share_x2`]
/// into the four binary32 components: [`convert_share_rgba8`]'s values.
#[cfg(target_pointer_width = "64")]
#[inline(always)]
pub(crate) fn convert_share_x2(x: (u64, u64)) -> [u32; 4] {
    let x = unpack_x2(x.0, x.1);
    [to_f32_wide(x[0]), to_f32_wide(x[1]), to_f32_wide(x[2]), to_f32_wide(x[3])]
}

/// [`to_f32_inline`] in the form shortest on 64-bit hosts: the common case `2^31 ≤ big ≤
/// 255 · 2^24` (`big = x << lz`, `lz = clz(x | 1)`) tested as one unsigned range compare,
/// its exponent from the leading one's position `p = 31 − lz` (`(p + 94) · 2^23 =
/// (149 − 24 − lz) · 2^23`), so that zero needs no mask there: `x = 0` (`big = 0`) leaves
/// the range and returns +0 in the branch with the 25-bit quotients ([`to_f32_rare`]). The
/// same values as [`to_f32`] for `x ≤ 255 · 2^24` (a property test compares).
#[cfg(target_pointer_width = "64")]
#[inline(always)]
pub(crate) const fn to_f32_wide(x: u32) -> u32 {
    let p = 31 - (x | 1).leading_zeros();
    let big = x << (31 - p);
    if big.wrapping_sub(1 << 31) > (255 << 24) - (1 << 31) {
        if x == 0 {
            0
        } else {
            to_f32_rare(x)
        }
    } else {
        ((p + 94) << 23) + div255_round_up(big)
    }
}

/// [`to_f32`] for `x ≤ 255 · 2^24` without a branch: both the common 24-bit quotient and
/// the 25-bit one (`big > 255 · 2^24`, [`crate::fp`]'s `unorm8_ratio_25`: `⌊big / 255⌋` as
/// the high bits of a multiply by `0x8080_8081`) are formed and one is selected, so a loop
/// over many sums is one straight line per element that LLVM vectorizes where the target
/// has per-lane variable shifts and a leading-zero count.
#[inline(always)]
pub(crate) const fn to_f32_select(x: u32) -> u32 {
    let lz = (x | 1).leading_zeros();
    let big = x << lz;
    // `big` clamped for the common case's multiply (defined below 2^32 − 128); the
    // clamped value is only selected where it is not clamped.
    let common = ((125 - lz) << 23 & ((big as i32 >> 31) as u32))
        + div255_round_up(if big > 255 << 24 { 255 << 24 } else { big });
    let q = ((big as u64 * 0x8080_8081) >> 39) as u32;
    let r = big - q * 255;
    let m = q >> 1;
    let up = q & 1 & ((r != 0) as u32 | (m & 1));
    let rare = ((126 - lz) << 23) + m + up;
    if big > 255 << 24 {
        rare
    } else {
        common
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)]
    use super::*;
    use crate::filter::Acc;
    use crate::fp::{ratio_to_f32_bits, unorm8_ratio};
    use crate::texel::{Domain, Texel};
    use proptest::prelude::*;

    /// Every sum of a single bilinear level (`x = v · 256`, `v ≤ 255 · 2^16`) converts like
    /// the general exact conversion, exhaustively.
    #[test]
    fn to_f32_matches_general_conversion_bilinear_exhaustive() {
        for v in 0..=255u32 << 16 {
            assert_eq!(to_f32(v << 8), ratio_to_f32_bits(3 * i64::from(v), 765, 16), "v = {v}");
        }
    }

    /// The single-level conversion equals the two-level one on every single-level sum.
    #[test]
    fn single_level_conversion_exhaustive() {
        for v in 0..=255u32 << 16 {
            assert_eq!(unorm8_ratio_small(v, 16), to_f32(v << 8), "v = {v}");
            assert_eq!(unorm8_ratio(v, 16), to_f32(v << 8), "v = {v}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 20_000, ..ProptestConfig::default() })]

        /// The single-level filter equals the general datapath with `δ = 0`.
        #[test]
        fn single_level_matches(taps in any::<[u32; 4]>(), frac in any::<[u8; 2]>(), other in any::<[u32; 4]>()) {
            let b = Bilerp8 { taps: [taps, other], frac: [frac, [0, 0]], delta: 0 };
            let mut out = [0; 4];
            filter_level_rgba8(&taps, frac, &mut out);
            prop_assert_eq!(out, filter_rgba8(&b));
        }

        /// The level-by-level form equals [`filter_rgba8`].
        #[test]
        fn blend_level_matches(taps in any::<[[u32; 4]; 2]>(), frac in any::<[[u8; 2]; 2]>(), delta in any::<u8>()) {
            let b = Bilerp8 { taps, frac, delta };
            let mut v = level_sum(&taps[0], frac[0]);
            blend_level_rgba8(&mut v, &taps[1], frac[1], delta);
            prop_assert_eq!(v, filter_rgba8(&b));
        }

        /// The first level's share is its sum times its level weight, and the blend on it
        /// equals [`filter_rgba8`] (every weight, every texel).
        #[test]
        fn blend_share_matches(taps in any::<[[u32; 4]; 2]>(), frac in any::<[[u8; 2]; 2]>(), delta in any::<u8>()) {
            let b = Bilerp8 { taps, frac, delta };
            let mut v = level_share(&taps[0], frac[0], delta);
            let v0 = level_sum(&taps[0], frac[0]);
            prop_assert_eq!(v, v0.map(|x| x * (256 - u32::from(delta))));
            blend_share_rgba8(&mut v, &taps[1], frac[1], delta);
            prop_assert_eq!(v, filter_rgba8(&b));
            // A single level: the share at δ = 0, converted.
            let mut v = level_share(&taps[0], frac[0], 0);
            convert_share_rgba8(&mut v);
            let mut out = [0; 4];
            filter_level_rgba8(&taps[0], frac[0], &mut out);
            prop_assert_eq!(v, out);
        }

        /// The in-place single-level conversion equals [`filter_level_rgba8`].
        #[test]
        fn convert_level_matches(taps in any::<[u32; 4]>(), frac in any::<[u8; 2]>()) {
            let mut v = level_sum(&taps, frac);
            convert_level_rgba8(&mut v);
            let mut out = [0; 4];
            filter_level_rgba8(&taps, frac, &mut out);
            prop_assert_eq!(v, out);
        }

        /// The 64-bit forms of the sums equal the 32-bit ones.
        #[cfg(target_pointer_width = "64")]
        #[test]
        fn sums_x2_match(taps in any::<[[u32; 4]; 2]>(), frac in any::<[[u8; 2]; 2]>(), delta in any::<u8>()) {
            let mut want = level_share(&taps[0], frac[0], delta);
            let first = level_share_x2(&taps[0], frac[0], delta);
            prop_assert_eq!(unpack_x2(first.0, first.1), want);
            let d = u32::from(delta);
            let wb = d * u32::from(frac[1][1]);
            let s = column_sums(row_sums(&taps[1], u32::from(frac[1][0])), (d << 8) - wb, wb);
            want = [want[0] + s[0], want[1] + s[1], want[2] + s[2], want[3] + s[3]];
            let got = add_share_x2(level_share_x2(&taps[0], frac[0], delta), &taps[1], frac[1], delta);
            prop_assert_eq!(unpack_x2(got.0, got.1), want);
            let mut v = level_share(&taps[0], frac[0], delta);
            blend_share_rgba8(&mut v, &taps[1], frac[1], delta);
            prop_assert_eq!(convert_share_x2(got), v);
            let mut l = level_sum(&taps[0], frac[0]);
            convert_level_rgba8(&mut l);
            // A single level as a share with `δ = 0`.
            prop_assert_eq!(convert_share_x2(level_share_x2(&taps[0], frac[0], 0)), l);
        }

        /// The 64-bit hosts' conversion equals the shared one on every sum.
        #[cfg(target_pointer_width = "64")]
        #[test]
        fn to_f32_wide_matches(x in 0..=255u32 << 24) {
            prop_assert_eq!(to_f32_wide(x), to_f32(x));
        }

        /// The branch-free conversion of the lane passes equals the shared one.
        #[test]
        fn to_f32_select_matches(x in 0..=255u32 << 24) {
            prop_assert_eq!(to_f32_select(x), to_f32(x));
        }

        /// The inline conversion equals the shared one on every word.
        #[test]
        fn to_f32_inline_matches(x in any::<u32>()) {
            prop_assert_eq!(to_f32_inline(x), to_f32(x));
        }

        /// Trilinear sums: every `x ≤ 255 · 2^24`.
        #[test]
        fn to_f32_matches_general_conversion(x in 0..=255u32 << 24) {
            prop_assert_eq!(to_f32(x), ratio_to_f32_bits(3 * i64::from(x), 765, 24));
        }

        /// The datapath equals the general accumulator on the same taps and weights.
        #[test]
        fn datapath_matches_general_accumulator(
            taps in any::<[[u32; 4]; 2]>(), frac in any::<[[u8; 2]; 2]>(), delta in any::<u8>(),
        ) {
            let b = Bilerp8 { taps, frac, delta };
            let mut acc = Acc::new([Domain::Unorm(8); 4]);
            let lw = [256 - u64::from(delta), u64::from(delta)];
            for (l, t) in taps.iter().enumerate() {
                let [a, bb] = frac[l].map(u64::from);
                let w = [(256 - a) * (256 - bb), a * (256 - bb), (256 - a) * bb, a * bb];
                for (k, texel) in t.iter().enumerate() {
                    let c = |i: u32| i64::from((texel >> (8 * i)) & 255);
                    acc.add(Texel([c(0), c(1), c(2), c(3)]), w[k] * lw[l]);
                }
            }
            prop_assert_eq!(filter_rgba8(&b), acc.finish(1, 24));
        }
    }

    /// The call-free conversion loop equals [`to_f32`] at its case boundaries (zero, each
    /// power of two and its neighbours, the 25-bit quotients just below each power of two,
    /// 1.0) and over a sweep of the two-level sums.
    #[test]
    fn to_f32_x4_matches() {
        let check = |x: u32| {
            let mut v = [x, x / 3, x >> 9, (x ^ 0x00FF_FF00).min(255 << 24)];
            let want = v.map(to_f32);
            to_f32_x4(&mut v);
            assert_eq!(v, want, "x = {x:#x}");
        };
        for x in [0, 1, (255 << 24) - 1, 255 << 24] {
            check(x);
        }
        for k in 0..32 {
            let p = 1u32 << k;
            for x in [p, p - 1, p + 1, p - (p >> 8), p - (p >> 8) + 1, p - (p >> 8) - 1] {
                if x <= 255 << 24 {
                    check(x);
                }
            }
        }
        for x in (0..=255u32 << 24).step_by(253) {
            check(x);
        }
    }

    /// Sums `≤ 255 · 2^24` at the conversions' case boundaries: every power of two and the
    /// sums around it and around `255 · 2^k`.
    fn boundary_sums() -> impl Iterator<Item = u32> {
        (0..32).flat_map(|k: u32| {
            [1u32 << k, (1u32 << k).wrapping_sub(1), 255u32.wrapping_shl(k), (255u32 << k.min(24)) + 1]
                .map(|x| x.min(255 << 24))
        })
    }

    /// The 64-bit hosts' conversion at its case boundaries: zero, every power of two and
    /// the sums around `255 · 2^k`, and every 16-bit-aligned sum.
    #[cfg(target_pointer_width = "64")]
    #[test]
    fn to_f32_wide_boundaries() {
        for x in boundary_sums() {
            assert_eq!(to_f32_wide(x), to_f32(x), "x = {x:#x}");
        }
        for x in (0..=255u32 << 24).step_by(1 << 16) {
            assert_eq!(to_f32_wide(x), to_f32(x), "x = {x:#x}");
            assert_eq!(to_f32_wide(x | 0xFF), to_f32(x | 0xFF), "x = {x:#x}");
        }
    }

    /// The branch-free conversion at its case boundaries (zero, the 25-bit quotients just
    /// below each power of two, 1.0) and on every single-level sum `256 · v`, `v ≤ 255 · 2^16`.
    #[test]
    fn to_f32_select_boundaries() {
        for x in boundary_sums() {
            assert_eq!(to_f32_select(x), to_f32(x), "x = {x:#x}");
        }
        for v in 0..=255u32 << 16 {
            assert_eq!(to_f32_select(v << 8), to_f32(v << 8), "v = {v:#x}");
        }
    }

    /// The inline conversion at its case boundaries and over the two-level sums.
    #[test]
    fn to_f32_inline_boundaries() {
        for x in [0, 1, 255 << 24, (255 << 24) - 1, (255 << 24) + 1, 1 << 31, u32::MAX, (1 << 31) - 1] {
            assert_eq!(to_f32_inline(x), to_f32(x), "x = {x:#x}");
        }
        for x in (0..=255u32 << 24).step_by(251) {
            assert_eq!(to_f32_inline(x), to_f32(x), "x = {x:#x}");
        }
    }

    #[test]
    fn known_values() {
        // One texel with full weight converts like a fetch: 128/255, 1.0, 0, 1/255.
        let b = Bilerp8 { taps: [[0x01_00_FF_80; 4], [0; 4]], ..Bilerp8::default() };
        assert_eq!(filter_rgba8(&b), [0x3F00_8081, 0x3F80_0000, 0, 0x3B80_8081]);
        // Half-way between 0 and 255: exactly 0.5.
        let b = Bilerp8 { taps: [[0, 0xFF, 0, 0xFF], [0; 4]], frac: [[128, 0], [0, 0]], delta: 0 };
        assert_eq!(filter_rgba8(&b)[0], 0x3F00_0000);
    }
}
