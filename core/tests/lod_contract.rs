//! The LOD unit's numeric contract (`texcore::lod`, its docs' stage table) against f64:
//! the short floats round up and stay within their bound, the tables are what their docs
//! say, `log2` is an upper bound within `LOG2_MAX_OVER` over every significand, λ is never
//! below the max-component bound and within 2^-13 of the exact Euclidean λ, exact integer
//! anisotropy ratios give `N = k`, and bad input (NaN, ±∞, subnormal, 1e38 derivatives,
//! size 0, ρ = 0, A = 1 … 16 and beyond) gives the documented result without a panic.

use proptest::prelude::*;
use texcore::descriptor::{MipFilter, SamplerHeader};
use texcore::lod::sf::{Exact, Sf, SF_BITS};
use texcore::lod::tables::{
    aniso_offset_t, aniso_samples, log2_down, log2_up, unit_component, ANISO_T, LOG2_MAX_OVER, LOG2_MAX_UNDER, LOG2_T,
    N_GUARD, N_T, UNIT_T,
};
use texcore::lod::{
    compute, scale_factor, texel_derivs, Derivs, LodSource, FINE_MAX, FINE_MIN, LAMBDA_FRAC, LOD_MAX, LOD_MIN,
};

fn value(x: Sf) -> f64 {
    let v = f64::from(x.m) * 2f64.powi(x.e);
    if x.neg {
        -v
    } else {
        v
    }
}

fn f32v(bits: u32) -> f64 {
    f64::from(f32::from_bits(bits))
}

/// Finite binary32 derivatives of every exponent (subnormals included) and the specials.
fn deriv() -> impl Strategy<Value = u32> {
    prop_oneof![
        4 => (any::<bool>(), 1u32..255, 0u32..0x80_0000).prop_map(|(n, e, m)| u32::from(n) << 31 | e << 23 | m),
        1 => any::<u32>(),
        1 => prop::sample::select(vec![
            0u32, 0x8000_0000, 0x7FC0_0000, 0xFFFF_FFFF, 0x7F80_0001, 0x7F80_0000, 0xFF80_0000, 1, 0x807F_FFFF,
            0x0080_0000, 0x7F7F_FFFF, 0xFF7F_FFFF, 0x7E96_7699, /* 1e38 */
        ]),
    ]
}

#[test]
fn tables_are_their_definitions() {
    for (i, &t) in LOG2_T.iter().enumerate() {
        let exact = 65536.0 * (1.0 + i as f64 / 64.0).log2();
        if i == 0 || i == 64 {
            assert_eq!(f64::from(t), exact);
        } else {
            assert!(f64::from(t) > exact && f64::from(t) - exact < 1.0, "LOG2_T[{i}] = {t}, exact {exact}");
        }
    }
    for (k, &t) in (1..=15).zip(N_T.iter()) {
        let exact = 65536.0 * f64::from(k * k).log2();
        let c = f64::from(t - N_GUARD);
        assert!(c >= exact && c - exact < 1.0, "N_T[{k}] = {t}, exact {exact}");
    }
    for (k, &t) in (1..=64).zip(UNIT_T.iter()) {
        let exact = 131_072.0 * (f64::from(2 * k - 1) / 128.0).log2();
        assert!(f64::from(t) >= exact && f64::from(t) - exact < 1.0, "UNIT_T[{k}] = {t}, exact {exact}");
    }
    for n in 1..=16u32 {
        let mut sum = 0;
        for i in 1..=16u32 {
            let t = ANISO_T[n as usize - 1][i as usize - 1];
            assert_eq!(t, aniso_offset_t(n, i));
            if i > n {
                assert_eq!(t, 0);
                continue;
            }
            // |t − 2^16 (i/(N+1) − ½)| ≤ ½, ties to even: 2(N+1)·t vs 2^16 (2i − N − 1).
            let exact2 = i64::from(2 * i as i32 - n as i32 - 1) << 16; // 2(N+1) × exact × 2^16 / (N+1)
            let err2 = 2 * i64::from(n + 1) * i64::from(t) - exact2;
            assert!(err2.abs() <= i64::from(n + 1), "ANISO_T[{n}][{i}] = {t}");
            if err2.abs() == i64::from(n + 1) {
                assert_eq!(t % 2, 0, "tie to even");
            }
            assert_eq!(t, -ANISO_T[n as usize - 1][(n - i) as usize]);
            sum += t;
        }
        assert_eq!(sum, 0);
    }
    assert_eq!(aniso_offset_t(0, 1), 0);
    assert_eq!(aniso_offset_t(17, 1), 0);
}

/// `log2_up` over every one of the 2^17 significands: never below `log2`, at most
/// `LOG2_MAX_OVER` units above it, monotone.
#[test]
fn log2_is_a_tight_upper_bound_everywhere() {
    let mut prev = i32::MIN;
    let mut worst = (0.0f64, 0.0f64);
    let mut worst_down = (0.0f64, 0.0f64);
    for m in 1u32 << 17..1 << 18 {
        let l = log2_up(Sf { neg: false, m, e: -17 });
        let exact = 65536.0 * (f64::from(m) / 131_072.0).log2();
        let over = f64::from(l) - exact;
        worst = (worst.0.min(over), worst.1.max(over));
        assert!(l >= prev);
        prev = l;
        let under = exact - f64::from(log2_down(Sf { neg: false, m, e: -17 }));
        worst_down = (worst_down.0.min(under), worst_down.1.max(under));
    }
    assert!(worst.0 >= 0.0 && worst.1 <= f64::from(LOG2_MAX_OVER), "log2 − exact in {worst:?} units of 2^-16");
    assert!(
        worst_down.0 >= 0.0 && worst_down.1 <= f64::from(LOG2_MAX_UNDER),
        "exact − log2_down in {worst_down:?} units"
    );
    // The exponent is the integer part.
    assert_eq!(log2_up(Sf { neg: false, m: 1 << 17, e: 3 }), (20 << 16) + 4);
    assert_eq!(log2_up(Sf::ZERO), i32::MIN);
}

#[test]
fn unit_components_round_to_nearest() {
    for k in 0..=640 {
        // x = log2(c/len) in 2^-17 units, from −7.5 to 0.
        let x = -(k * 1536);
        let want = (64.0 * (f64::from(x) / 131_072.0).exp2()).round();
        assert_eq!(f64::from(unit_component(x)), want, "x = {x}");
    }
    assert_eq!(unit_component(0), 64);
    assert_eq!(unit_component(-7 << 17), 1);
    assert_eq!(unit_component((-7 << 17) - 1), 0);
}

#[test]
fn integer_anisotropy_ratios_give_exactly_n() {
    // ρ_x = k ρ_y exactly, for many significands and every k; the binary32 derivatives
    // are exact multiples.
    for k in 1u32..=16 {
        for base in [1u32, 3, 0x5_5555, 0xAB_CDEF, 0x7F_FFFF, 0x40_0001] {
            for e in [-30i32, -9, 0] {
                let small = f64::from(base) * 2f64.powi(e - 23);
                let big = small * f64::from(k);
                let (sb, bb) = ((small as f32).to_bits(), (big as f32).to_bits());
                if f64::from(f32::from_bits(bb)) != big {
                    continue; // k × base needs more than 24 bits
                }
                for size in [1u32, 3, 256, 1000, 65_536] {
                    let d = texel_derivs(&[[bb, 0, 0], [0, sb, 0]], [size; 3], 2);
                    assert_eq!(scale_factor(&d, 4).samples, k, "k {k}, base {base:#x}, e {e}, size {size}");
                }
            }
        }
    }
    // The thresholds themselves: log2 η² just above the guard of k counts k.
    assert_eq!(aniso_samples(N_T[2], 4), 3);
    assert_eq!(aniso_samples(N_T[2] + 1, 4), 4);
    assert_eq!(aniso_samples(i32::MAX, 2), 4);
    assert_eq!(aniso_samples(i32::MAX, 7), 16);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 20_000, ..ProptestConfig::default() })]

    /// Stage 1: the magnitude rounded up to 18 bits; NaN → 0, ∞ → 2^128.
    #[test]
    fn derivative_rounds_up(bits in deriv()) {
        let x = Sf::from_f32(bits);
        let v = f32v(bits);
        if v.is_nan() || v == 0.0 {
            prop_assert_eq!(x, Sf::ZERO);
        } else if v.is_infinite() {
            prop_assert_eq!((x.m, x.e, x.neg), (1 << 17, 111, v < 0.0));
        } else if v.abs() < 2f64.powi(-126) {
            prop_assert_eq!((x.m, x.e, x.neg), (1 << 17, -143, v < 0.0));
        } else {
            prop_assert!(x.m >> (SF_BITS - 1) == 1);
            let (a, e) = (value(x).abs(), v.abs());
            prop_assert!(a >= e && a - e < 2f64.powi(x.e), "{} → {:?}", e, x);
            prop_assert_eq!(x.neg, v < 0.0);
        }
    }

    /// Stages 2–3: products rounded up, to the next 18-bit value.
    #[test]
    fn products_round_up(bits in deriv(), size in 0u32..=65_536) {
        let x = Sf::from_f32(bits);
        let p = x.scale(size);
        let exact = value(x).abs() * f64::from(size);
        prop_assert!(value(p).abs() >= exact && value(p).abs() - exact < 2f64.powi(p.e.max(-1074)) + 1e-300);
        let q = p.square();
        let exact = value(p) * value(p);
        if exact.is_finite() && exact > 1e-290 {
            prop_assert!(value(q) >= exact && value(q) - exact < 2f64.powi(q.e));
        }
    }

    /// Stages 3–4: never below the exact sum or any term's square, at most 1.5 · 2^-16
    /// above the sum.
    #[test]
    fn sum_of_squares_rounds_up(a in deriv(), b in deriv(), c in deriv()) {
        let t = [a, b, c].map(|v| Sf::from_f32(v).scale(77));
        let s = Sf::sum_squares(t);
        let exact: f64 = t.iter().map(|&x| value(x) * value(x)).sum();
        if exact.is_finite() && exact > 1e-290 {
            prop_assert!(value(s) >= exact && value(s) <= exact * (1.0 + 1.5 * 2f64.powi(-16)), "{:?} → {:?}", t, s);
        }
        for x in t {
            prop_assert!(!s.mag_lt(x.square()));
        }
    }

    /// The fused sum of two exact products equals the rounded-up exact sum: exact (u128)
    /// within 77 bits of each other; further apart the same as at 77 bits (only the smaller
    /// one's sign matters).
    #[test]
    fn fused_sum_is_the_rounded_exact_sum(
        a in any::<u32>(), b in any::<u32>(), c in any::<u32>(), d in any::<u32>(), gap in 0i32..300,
    ) {
        let x = Exact::from_f32(a).mul(Exact::from_f32(b));
        let y0 = Exact::from_f32(c).mul(Exact::from_f32(d));
        let y = Exact { exp: x.exp - gap, ..y0 };
        let f = Sf::fused(x, y);
        if gap <= 77 && x.mag != 0 && y.mag != 0 {
            let h = u128::from(x.mag) << gap;
            let l = u128::from(y.mag);
            let (neg, mag) = if x.neg == y.neg { (x.neg, h + l) } else if h >= l { (x.neg, h - l) } else { (y.neg, l - h) };
            prop_assert_eq!(f, Sf::round_up(neg, mag, y.exp, false));
        } else if gap > 77 && x.mag != 0 && y.mag != 0 {
            prop_assert_eq!(f, Sf::fused(x, Exact { exp: x.exp - 77, ..y0 }));
        }
        prop_assert_eq!(Sf::fused(x, y), Sf::fused(y, x));
    }

    /// λ from derivatives: the fine λ is never below `log2` of the largest texel-space
    /// component (nor below the exact Euclidean λ) and within 2^-13 above it.
    #[test]
    fn lambda_is_never_below_the_exact_value(
        d in proptest::array::uniform6((any::<bool>(), 30u32..220, 0u32..0x80_0000)),
        size in proptest::array::uniform3(1u32..=65_536),
        dims in 1u32..=3,
    ) {
        let bits: Vec<u32> = d.iter().map(|&(n, e, m)| u32::from(n) << 31 | e << 23 | m).collect();
        let g = [[bits[0], bits[1], bits[2]], [bits[3], bits[4], bits[5]]];
        let dv = texel_derivs(&g, size, dims);
        let sf = scale_factor(&dv, 0);
        let rho2 = |s: usize| (0..dims as usize).map(|a| (f32v(g[s][a]) * f64::from(size[a])).powi(2)).sum::<f64>();
        let maxc = (0..2).flat_map(|s| (0..dims as usize).map(move |a| (s, a))).map(|(s, a)| (f32v(g[s][a]) * f64::from(size[a])).abs()).fold(0.0, f64::max);
        let exact = 0.5 * rho2(0).max(rho2(1)).log2();
        let got = f64::from(sf.lambda_fine) / f64::from(1u32 << LAMBDA_FRAC);
        if (-127.0..127.0).contains(&exact) {
            prop_assert!(got >= maxc.log2() - 1e-12, "λ {} below the max-component bound {}", got, maxc.log2());
            prop_assert!(got >= exact - 1e-12 && got - exact <= 2f64.powi(-13), "λ {} vs {}", got, exact);
        }
    }

    /// Bad input never panics and gives the documented result.
    #[test]
    fn bad_input_gives_the_documented_result(
        g in proptest::array::uniform2(proptest::array::uniform3(deriv())),
        size in proptest::array::uniform3(prop_oneof![0u32..=4, 0u32..=65_536, any::<u32>()]),
        dims in 0u32..=4,
        aniso in 0u32..=7,
        src in 0u32..3,
        lod in deriv(),
        levels in prop_oneof![0u32..=17, any::<u32>()],
        bias in any::<i16>(),
        min_lod in any::<u16>(),
        max_lod in any::<u16>(),
    ) {
        let s = SamplerHeader {
            mip_filter: MipFilter::Linear,
            lod_bias: fixed::types::I8F8::from_bits(bias),
            min_lod: fixed::types::U8F8::from_bits(min_lod),
            max_lod: fixed::types::U8F8::from_bits(max_lod),
            ..SamplerHeader::default()
        };
        let source = [LodSource::Derivatives { bias: lod }, LodSource::Explicit(lod), LodSource::Zero][src as usize];
        let dv = texel_derivs(&g, size, dims);
        let l = compute(&dv, aniso, source, &s, levels, MipFilter::Linear);
        prop_assert!((LOD_MIN..=LOD_MAX).contains(&l.lambda_base));
        prop_assert!((LOD_MIN..=LOD_MAX).contains(&l.sel.lambda_unclamped));
        prop_assert!((1..=1u32 << aniso.min(4)).contains(&l.samples));
        prop_assert!((-8 << 12..=0).contains(&l.log2_ratio));
        let sf = scale_factor(&dv, aniso);
        prop_assert!((FINE_MIN..=FINE_MAX).contains(&sf.lambda_fine));
        // NaN derivatives are zeros; size 0 zeroes its axis.
        let clean = g.map(|a| a.map(|x| if f32v(x).is_nan() { 0 } else { x }));
        prop_assert_eq!(texel_derivs(&clean, size, dims), dv);
        let active = |a: usize| (a as u32) < dims.min(3) && size[a] != 0;
        let zero_axes = g.map(|r| [0, 1, 2].map(|a| if active(a) { r[a] } else { 0 }));
        prop_assert_eq!(texel_derivs(&zero_axes, size, dims), dv);
        // ρ = 0 (every active derivative 0 or NaN): λ_base −128, one sample, ratio 0.
        let all_zero = (0..2).all(|sd| (0..3).all(|a| !active(a) || f32v(g[sd][a]) == 0.0 || f32v(g[sd][a]).is_nan()));
        if all_zero {
            prop_assert_eq!((sf.lambda_fine, sf.samples, sf.log2_ratio), (FINE_MIN, 1, 0));
        }
        // ±∞ on an active axis: λ_base saturates at +127.996 (isotropic).
        let inf = (0..2).any(|sd| (0..3).any(|a| active(a) && f32v(g[sd][a]).is_infinite()));
        if inf {
            prop_assert_eq!(scale_factor(&dv, 0).lambda_fine, FINE_MAX);
        }
        // A = 1: one sample.
        prop_assert_eq!(scale_factor(&dv, 0).samples, 1);
    }

    /// Huge (1e38) derivatives keep an accurate λ (within 2^-13 of exact, never below) as
    /// long as it is inside the S8.8 range; subnormal ones count as 2^-126.
    #[test]
    fn extreme_derivatives_stay_accurate(e in prop_oneof![Just(0u32), 240u32..255], m in 1u32..0x80_0000, size in 1u32..=65_536) {
        let bits = e << 23 | m;
        let dv = texel_derivs(&[[bits, 0, 0], [0; 3]], [size; 3], 1);
        let got = f64::from(scale_factor(&dv, 0).lambda_fine) / f64::from(1u32 << LAMBDA_FRAC);
        let v = if e == 0 { 2f64.powi(-126) } else { f32v(bits) };
        let exact = (v * f64::from(size)).log2();
        if exact < 127.99 {
            prop_assert!(got >= exact - 1e-12 && got - exact <= 2f64.powi(-13), "{} vs {}", got, exact);
        } else if exact >= 128.0 {
            prop_assert_eq!(got, f64::from(FINE_MAX) / f64::from(1u32 << LAMBDA_FRAC));
        }
    }
}

/// The S8.8 λ_base is the fine λ rounded half up; a cube-like common factor shifts every
/// log value equally (the anisotropy and the ratio do not change).
#[test]
fn common_factor_moves_lambda_only() {
    let one = Sf::round_up(false, 1, 0, false);
    let three = Sf::round_up(false, 3, 0, false);
    let d = Derivs { dx: [three, Sf::ZERO, Sf::ZERO], dy: [Sf::ZERO, one, Sf::ZERO], log2_scale: 0 };
    let a = scale_factor(&d, 4);
    let b = scale_factor(&Derivs { log2_scale: 2 << 16, ..d }, 4);
    assert_eq!(b.lambda_fine - a.lambda_fine, 2 << 16);
    assert_eq!((a.samples, a.log2_ratio), (b.samples, b.log2_ratio));
    assert_eq!(a.samples, 3);
}
