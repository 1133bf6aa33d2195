//! The isotropic LOD unit of the batch op's level kernel over a chunk's quads in
//! structure-of-arrays form: one quad per lane, every stage of
//! [`quad_lod_iso_inline`](super::super::quad_lod_iso_inline) written without a branch, so
//! that LLVM vectorizes the chunk's decisions on x86-64 hosts built with AVX2 or AVX-512
//! (16 quads, one AVX-512 register per value).
//!
//! It is that function's arithmetic, lane by lane: the binary32 differences of a quad's
//! neighbouring coordinates ([`crate::lod::Sf::from_f32_diff`]: exact difference, RNE to 24
//! bits, up to 18 bits), times a power-of-two level size (an exponent), the two sums of
//! squares ([`crate::lod::sf`]'s `sum_squares2_mag`), the larger one, its table `log2` and
//! the level selection. Where `from_f32_diff` does not apply (a coordinate of exponent
//! below 32 or above 253 — zeros, subnormals, NaN, ∞ — or two coordinates more than 7
//! binades apart) the lane is marked and the quad takes the scalar function; a view whose
//! base level is not a power of two on both axes (a size product, not an exponent) takes it
//! for every quad. A property test compares every quad with `quad_lod_iso`.

use super::super::{offsets_in_range, quad_lod_iso_inline, SampleRequest};
use super::{PairKey, CHUNK};
use crate::descriptor::{Filter, MipFilter, SamplerHeader, TextureHeader, TextureType};
use crate::lod::sf::mag_lt;
use crate::lod::tables::log2_up_inline;
use crate::lod::{f32_to_fine, select_level_inline, LodSource, FINE_MIN};

/// A magnitude `(m, e)`: `m × 2^e` with `m` 0 (zero; `e` then any value) or in
/// `[2^17, 2^18)`.
type Mag = (u32, i32);

/// The texel-space derivative `|c − c0| × 2^k` of one axis as a magnitude, and whether
/// [`crate::lod::Sf::from_f32_diff`] does not apply (the lane's value is then meaningless):
/// `texel_deriv_packed`'s magnitude for a level size `2^k`, without a branch.
#[inline(always)]
fn deriv_mag(c: u32, c0: u32, k: i32) -> (Mag, bool) {
    let (ea, eb) = ((c >> 23) & 0xFF, (c0 >> 23) & 0xFF);
    let e = ea.min(eb);
    let (da, db) = (ea - e, eb - e);
    let slow = ea.wrapping_sub(32) > 253 - 32 || eb.wrapping_sub(32) > 253 - 32 || da + db > 7;
    // Both significands at the smaller exponent (shifts masked to stay in range where the
    // lane is slow), their difference's magnitude (their sum where the signs differ).
    let va = ((c & 0x007F_FFFF) | 0x0080_0000) << (da & 7);
    let vb = ((c0 & 0x007F_FFFF) | 0x0080_0000) << (db & 7);
    let t = va.wrapping_sub(vb);
    let neg = ((t as i32) >> 31) as u32;
    let v = if (c ^ c0) >> 31 != 0 { va.wrapping_add(vb) } else { (t ^ neg).wrapping_sub(neg) };
    // RNE to 24 bits where `v` has more (`sh` = 0 … 8).
    let len = 32 - v.leading_zeros();
    let sh = len.saturating_sub(24);
    let q = v >> sh;
    let rem = v & ((1u32 << sh) - 1);
    let half = (1u32 << sh) >> 1;
    let q = q + u32::from(sh != 0 && (rem > half || (rem == half && q & 1 == 1)));
    let exp = (e as i32 - 150).wrapping_add(sh as i32);
    // Up to 18 bits (`q ≤ 2^25`): shifted left where it has fewer, right and rounded up where
    // it has more; a carry to 2^18 moves into the exponent.
    let len = 32 - q.leading_zeros();
    let (sl, sr) = (18u32.saturating_sub(len), len.saturating_sub(18));
    let m = ((q << sl) >> sr) + u32::from(q & ((1u32 << sr) - 1) != 0);
    let e = exp.wrapping_sub(sl as i32).wrapping_add(sr as i32);
    let (m, e) = if m == 1 << 18 { (1 << 17, e.wrapping_add(1)) } else { (m, e) };
    ((if c == c0 || v == 0 { 0 } else { m }, e.wrapping_add(k)), slow && c != c0)
}

/// `a² + b²` of two magnitudes, rounded up to 18 bits: `sum_squares2_mag` without a branch
/// (the smaller term aligned to the larger's exponent, rounded up there to an integer).
#[inline(always)]
fn sum_squares2(a: Mag, b: Mag) -> Mag {
    let (hi, lo) = if b.0 == 0 || (a.0 != 0 && a.1 >= b.1) { (a, b) } else { (b, a) };
    // A shift of 18 or more leaves 1 of a non-zero term (its bits all below the point).
    let d = hi.1.abs_diff(lo.1).min(31);
    let vl = (lo.0 >> d) + u32::from(lo.0 & ((1u32 << d) - 1) != 0);
    let sum = (u64::from(hi.0) * u64::from(hi.0)).wrapping_add(u64::from(vl) * u64::from(vl));
    let t = (sum >> 17) as u32;
    let sticky = (sum as u32) & 0x1_FFFF != 0;
    // `t` has 18 … 20 bits where `hi` is not zero: `k` = 0 … 2.
    let k = 14u32.wrapping_sub(t.leading_zeros()).min(2);
    let m = (t >> k) + u32::from(t & ((1u32 << k) - 1) != 0 || sticky);
    let e = hi.1.wrapping_mul(2).wrapping_add(17 + k as i32);
    let (m, e) = if m == 1 << 18 { (1 << 17, e.wrapping_add(1)) } else { (m, e) };
    (if hi.0 == 0 { 0 } else { m }, e)
}

/// `log2` of the base level's size on one axis where it is a power of two (sizes above
/// 2^16 count as 2^16, as in `texel_deriv_packed`), else `None`.
fn size_log2(size: u32) -> Option<i32> {
    let sz = size.min(1 << 16);
    sz.is_power_of_two().then_some(sz.trailing_zeros() as i32)
}

/// The level pairs of a chunk's quads (`sel[q]`: `(level, level2 or u32::MAX for one
/// level, linear)`; `None` where the level kernel does not take the quad) and the second
/// level's weights `delta[q]`: what `quad_lod_iso_inline` decides for each, for quads whose
/// texel offsets are in range. `false` (nothing written) where the view's base level is not
/// a power of two on both axes, or the sampler or view is one that function never takes:
/// the caller then takes the scalar function per quad.
#[inline(always)]
pub(super) fn decide(
    h: &TextureHeader,
    s: &SamplerHeader,
    reqs: &[SampleRequest],
    sel: &mut [Option<PairKey>; CHUNK],
    delta: &mut [u32; CHUNK],
) -> bool {
    if s.max_anisotropy_log2 != 0
        || !matches!(h.ty, TextureType::TwoD | TextureType::TwoDArray | TextureType::TwoDNoMipmap)
    {
        return false;
    }
    let b = h.base_level;
    let (Some(kw), Some(kh)) = (size_log2(h.level_width(b)), size_log2(h.level_height(b))) else { return false };
    // The quads' coordinates (lanes 0, 1, 2 of each) and shader biases, lane by lane.
    let mut take = [false; CHUNK];
    let (mut x, mut y) = ([[0u32; CHUNK]; 3], [[0u32; CHUNK]; 3]);
    let mut bias = [0i32; CHUNK];
    for (q, req) in reqs.iter().enumerate().take(CHUNK) {
        let LodSource::Derivatives { bias: b } = req.lod else { continue };
        take[q] = req.grads.is_none() && offsets_in_range(&req.offset);
        for i in 0..3 {
            (x[i][q], y[i][q]) = (req.coords[i][0], req.coords[i][1]);
        }
        // A shader bias of ±0 is 0 without the conversion.
        bias[q] = if b & 0x7FFF_FFFF == 0 { 0 } else { f32_to_fine(b) };
    }
    // Every lane's decision, without a branch (the mip filter a constant of each copy).
    // (Called in each arm, not through a function pointer: a pointer's target is not
    // inlined, and so not compiled for the caller's AVX2 / AVX-512 copy.)
    let (k, c) = ([kw, kh], (&x, &y));
    let (level, level2, weight, magnify, slow) = match s.mip_filter {
        MipFilter::None => decide_lanes::<0>(h, s, k, c, &bias),
        MipFilter::Nearest => decide_lanes::<1>(h, s, k, c, &bias),
        MipFilter::Linear => decide_lanes::<2>(h, s, k, c, &bias),
    };
    let mip = s.mip_filter;
    let n = reqs.len().min(CHUNK);
    for q in 0..n {
        let (l, l2, d, mag) = if !take[q] {
            sel[q] = None;
            continue;
        } else if slow[q] {
            let Some(l) = quad_lod_iso_inline(h, s, &reqs[q], mip) else {
                sel[q] = None;
                continue;
            };
            (l.level, l.level2, l.delta, l.magnify)
        } else {
            (level[q], level2[q], weight[q], magnify[q])
        };
        let linear = (if mag { s.mag_filter } else { s.min_filter }) == Filter::Linear;
        // `level2` of a single level (`δ = 0`) is not read: `u32::MAX` in the key.
        sel[q] = Some((l, if d != 0 { l2 } else { u32::MAX }, linear));
        delta[q] = d;
    }
    true
}

/// The lane loop of [`decide`] for the mip filter `MIP` (0 none, 1 nearest, 2 linear: a
/// constant, so the level selection's choice of filter is not a branch in the loop):
/// per lane the first and second level, the second level's weight, magnification and
/// whether the lane needs the scalar function.
#[allow(clippy::type_complexity)]
#[inline(always)]
fn decide_lanes<const MIP: u8>(
    h: &TextureHeader,
    s: &SamplerHeader,
    [kw, kh]: [i32; 2],
    (x, y): (&[[u32; CHUNK]; 3], &[[u32; CHUNK]; 3]),
    bias: &[i32; CHUNK],
) -> ([u32; CHUNK], [u32; CHUNK], [u32; CHUNK], [bool; CHUNK], [bool; CHUNK]) {
    let mip = match MIP {
        0 => MipFilter::None,
        1 => MipFilter::Nearest,
        _ => MipFilter::Linear,
    };
    let (mut level, mut level2, mut weight) = ([0u32; CHUNK], [0u32; CHUNK], [0u32; CHUNK]);
    let (mut magnify, mut slow) = ([false; CHUNK], [false; CHUNK]);
    for q in 0..CHUNK {
        let (x1, s0) = deriv_mag(x[1][q], x[0][q], kw);
        let (y1, s1) = deriv_mag(y[1][q], y[0][q], kh);
        let (x2, s2) = deriv_mag(x[2][q], x[0][q], kw);
        let (y2, s3) = deriv_mag(y[2][q], y[0][q], kh);
        slow[q] = s0 | s1 | s2 | s3;
        let (rx, ry) = (sum_squares2(x1, y1), sum_squares2(x2, y2));
        let r = if mag_lt(rx, ry) { ry } else { rx };
        let fine = if r.0 == 0 { FINE_MIN } else { log2_up_inline(r.0, r.1) };
        let l = select_level_inline(fine, bias[q], s, h.levels, mip);
        (level[q], level2[q], weight[q], magnify[q]) = (l.level, l.level2, l.delta, l.magnify);
    }
    (level, level2, weight, magnify, slow)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    extern crate std;
    use super::*;
    use crate::descriptor::Format;
    use crate::lod::sf::sum_squares2_mag;
    use crate::lod::Sf;
    use crate::op::sample::quad_lod_iso;
    use proptest::prelude::*;

    /// Binary32 coordinates of every class: near each other (a quad's neighbours), far
    /// apart, zeros, subnormals, ∞, NaN, the ends of the fast range.
    fn coord() -> impl Strategy<Value = u32> {
        prop_oneof![
            4 => 0x3A00_0000u32..0x4300_0000,
            1 => any::<u32>(),
            1 => prop::sample::select(std::vec![
                0, 0x8000_0000, 1, 0x007F_FFFF, 0x0080_0000, 0x0FFF_FFFF, 0x1000_0000, 0x7E80_0000,
                0x7EFF_FFFF, 0x7F7F_FFFF, 0x7F80_0000, 0xFF80_0000, 0x7FC0_0000, 0x3F80_0000, 0xBF80_0000,
            ]),
        ]
    }

    /// A quad around `c`: lane 1 and 2 at small (or arbitrary) steps from lane 0.
    fn quad() -> impl Strategy<Value = [[u32; 4]; 4]> {
        (coord(), coord(), any::<[i32; 4]>(), 0u8..8, coord(), coord()).prop_map(|(s, t, d, mode, a, b)| {
            let step = |c: u32, d: i32| {
                if mode == 0 {
                    a
                } else {
                    (c as i32).wrapping_add(d >> (8 + mode * 2)) as u32
                }
            };
            let (s1, t1, s2, t2) =
                (step(s, d[0]), step(t, d[1]), step(s, d[2]), if mode == 1 { b } else { step(t, d[3]) });
            [[s, t, 0, 0], [s1, t1, 0, 0], [s2, t2, 0, 0], [s1, t2, 0, 0]]
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 3_000, ..ProptestConfig::default() })]

        /// Each lane's derivative equals `texel_deriv_packed`'s magnitude for a power-of-two
        /// size (zero: `m = 0`), where it does not mark the lane.
        #[test]
        fn deriv_mag_is_texel_deriv(c in coord(), c0 in coord(), d in any::<i32>(), near in any::<bool>(), k in 0i32..17) {
            let c = if near { (c0 as i32).wrapping_add(d >> 12) as u32 } else { c };
            let ((m, e), slow) = deriv_mag(c, c0, k);
            let want = crate::op::sample::texel_deriv(c, c0, 1 << k);
            prop_assert_eq!(slow, c != c0 && Sf::from_f32_diff(c, c0).is_none());
            if !slow {
                prop_assert_eq!(m, want.m);
                if m != 0 {
                    prop_assert_eq!(e, want.e);
                }
            }
        }

        /// The sum of squares equals `sum_squares2_mag` (zero: `m = 0`).
        #[test]
        fn sum_squares2_is_the_scalar_form(a in (0u32..2, 0x2_0000u32..0x4_0000, -300i32..300), b in (0u32..2, 0x2_0000u32..0x4_0000, -300i32..300), close in any::<bool>()) {
            let a = (a.1 * a.0, a.2);
            let b = (b.1 * b.0, if close { a.1.wrapping_add(b.2 % 20) } else { b.2 });
            let got = sum_squares2(a, b);
            let want = sum_squares2_mag(a, b);
            prop_assert_eq!(got.0, want.0);
            if got.0 != 0 {
                prop_assert_eq!(got.1, want.1);
            }
        }

        /// Every quad's decision equals `quad_lod_iso`'s (and the quads it does not take are
        /// the ones that function declines or whose offsets are out of range), over views
        /// of power-of-two and other sizes, base levels, samplers' biases and clamps,
        /// shader biases, both mip filters and requests outside the unit.
        #[test]
        fn decide_is_quad_lod_iso(
            quads in prop::collection::vec((quad(), any::<u32>(), 0u8..16, any::<[i8; 3]>()), 0..=CHUNK),
            w in 0u32..18, hh in 0u32..18, odd in 0u8..4, base in 0u32..4, levels in 1u32..18,
            bias in any::<i16>(), min_lod in any::<u16>(), max_lod in any::<u16>(),
            mip in prop::sample::select(std::vec![MipFilter::None, MipFilter::Nearest, MipFilter::Linear]),
            filters in any::<[bool; 2]>(),
        ) {
            let size = |l: u32| (1u32 << l).wrapping_add(u32::from(odd == 1) * 3).min(65_536);
            let mut h = TextureHeader::new(TextureType::TwoD, Format::RGBA8_UNORM, size(w), size(hh), 1, levels);
            h.base_level = base;
            let f = |b: bool| if b { Filter::Linear } else { Filter::Nearest };
            let s = SamplerHeader {
                lod_bias: fixed::types::I8F8::from_bits(bias),
                min_lod: fixed::types::U8F8::from_bits(min_lod),
                max_lod: fixed::types::U8F8::from_bits(max_lod),
                mip_filter: mip,
                mag_filter: f(filters[0]),
                min_filter: f(filters[1]),
                ..SamplerHeader::default()
            };
            let reqs: std::vec::Vec<SampleRequest> = quads
                .iter()
                .map(|(c, b, kind, off)| {
                    let mut r = SampleRequest::new(*c);
                    r.lod = match kind {
                        0 => LodSource::Explicit(*b),
                        1 => LodSource::Zero,
                        2..=5 => LodSource::Derivatives { bias: *b },
                        _ => LodSource::Derivatives { bias: 0 },
                    };
                    if *kind == 6 {
                        r.grads = Some([[[0; 3]; 2]; 4]);
                    }
                    if *kind == 7 {
                        r.offset = off.map(|o| i32::from(o) >> 3);
                    }
                    r
                })
                .collect();
            let (mut sel, mut delta) = ([Some((7, 7, true)); CHUNK], [99u32; CHUNK]);
            let done = decide(&h, &s, &reqs, &mut sel, &mut delta);
            let pow2 = size_log2(h.level_width(base)).is_some() && size_log2(h.level_height(base)).is_some();
            prop_assert_eq!(done, pow2);
            if !done {
                return Ok(());
            }
            for (q, r) in reqs.iter().enumerate() {
                let want = if offsets_in_range(&r.offset) { quad_lod_iso(&h, &s, r, mip) } else { None };
                match want {
                    None => prop_assert_eq!(sel[q], None, "quad {}", q),
                    Some(l) => {
                        let linear = (if l.magnify { s.mag_filter } else { s.min_filter }) == Filter::Linear;
                        let key = (l.level, if l.delta != 0 { l.level2 } else { u32::MAX }, linear);
                        prop_assert_eq!(sel[q], Some(key), "quad {}", q);
                        prop_assert_eq!(delta[q], l.delta, "quad {}", q);
                    }
                }
            }
        }
    }

    /// A unit sweep of the lane derivative around each binade edge and the fast range's
    /// ends, against the scalar form.
    #[test]
    fn deriv_mag_sweep() {
        for c0 in [0x2000_0000u32, 0x3F7F_FFF0, 0x3F80_0000, 0x4B00_0000, 0x7E7F_FFF0, 0xBF80_0000, 0xC2FF_FFFF] {
            for d in -300i32..300 {
                for far in [0, 1 << 23, 5 << 23, 7 << 23, 8 << 23] {
                    let c = (c0 as i32).wrapping_add(d).wrapping_add(far) as u32;
                    for neg in [0, 0x8000_0000] {
                        let c = c ^ neg;
                        let ((m, e), slow) = deriv_mag(c, c0, 8);
                        if !slow {
                            let want = crate::op::sample::texel_deriv(c, c0, 256);
                            assert_eq!(m, want.m, "{c:#x} - {c0:#x}");
                            if m != 0 {
                                assert_eq!(e, want.e, "{c:#x} - {c0:#x}");
                            }
                        }
                    }
                }
            }
        }
        // Marked lanes: the exponents outside 32 … 253 and binades more than 7 apart.
        assert!(deriv_mag(0, 0x3F80_0000, 0).1);
        assert!(deriv_mag(0x7FC0_0000, 0x3F80_0000, 0).1);
        assert!(deriv_mag(0x4400_0000, 0x3F80_0000, 0).1);
        assert!(deriv_mag(0x4380_0000, 0x3F80_0000, 0).1);
        assert!(!deriv_mag(0x4300_0000, 0x3F80_0000, 0).1);
        assert!(!deriv_mag(0x7FC0_0000, 0x7FC0_0000, 0).1);
    }
}
