//! The public stage functions on operands at their extremes: every one returns (no panic
//! with overflow checks on), and the exact ones stay exact where a product or a shifted
//! dividend needs more than 64 bits — a denominator of 38 bits and more in the ratio
//! conversions — or reaches 2^64 — the largest scale of `f32_scaled_rne`, 2^40 — checked
//! against the same value in lowest terms, which takes the short path. Shifts and fraction widths past
//! 2^-214 give zero, as the exact value rounds there. The LOD unit's short-float stage
//! values built by hand outside their documented ranges (an unnormalized significand, an
//! exponent near ±2^31) give meaningless values — the exponent arithmetic wraps, as a
//! hardware adder of that width would — and never a panic.

use texcore::coord::{
    axis_taps, cube_face, cube_texel_fixed, f32_scaled_rne, f32_scaled_rne_wide, pow2_log2, project, select_layer,
    texel_fixed, texel_fixed_i32, texel_fixed_pow2, MAX_SCALE, MAX_SCALE_WIDE,
};
use texcore::descriptor::{Format, TextureType, WrapMode};
use texcore::descriptor::{MipFilter, SamplerHeader};
use texcore::filter::{cube_tap, dims};
use texcore::fp::{
    f16_to_f32_bits, f32_add, f32_div, f32_sub, f32_to_f16_bits, f32_to_f16_mode, fixed_to_f32_bits, ratio_to_f16_bits,
    ratio_to_f32_bits, ratio_to_f32_odd_bits, F16Rounding,
};
use texcore::lod::tables::{aniso_offset_t, aniso_samples, log2_down, log2_up, unit_component};
use texcore::lod::{
    compute, cube_derivs, f32_to_88, f32_to_fine, fine_to_88, rho2, scale_factor, select_level, texel_derivs, Derivs,
    Exact, FaceAxes, LodSource, Sf,
};
use texcore::output::{decimate, u32_to_f32_bits, wmask_count};
use texcore::texel::{border_texel, decode, domains, encode};
use texcore::wrap::{wrap, wrap_i32};

use std::hint::black_box;

/// 32-bit operands: widths and shifts around every power of two that matters, and binary32
/// specials (zeros, 1.0, the largest finite, ∞, NaN, subnormals, sign bits).
const U: [u32; 33] = [
    0,
    1,
    2,
    3,
    7,
    8,
    15,
    16,
    23,
    24,
    31,
    32,
    33,
    63,
    64,
    65,
    127,
    128,
    255,
    256,
    0x3F80_0000,
    0x3FFF_FFFF,
    0x4F7F_FFFF,
    0x7F7F_FFFF,
    0x007F_FFFF,
    0x7F80_0000,
    0xFF80_0000,
    0x7FC0_0000,
    0xCF7F_FFFF,
    0x8000_0000,
    0x8000_0001,
    u32::MAX - 1,
    u32::MAX,
];
const I: [i64; 12] =
    [0, 1, -1, 2, -2, i64::MIN, i64::MAX, 1 << 32, -(1 << 32), i32::MIN as i64, i32::MAX as i64, 1 << 62];
const W: [u64; 8] = [0, 1, 2, 255, 1 << 32, u64::MAX, u64::MAX - 1, 1 << 63];
const MODES: [F16Rounding; 2] = [F16Rounding::NearestEven, F16Rounding::TowardZero];

#[test]
fn every_stage_function_returns_on_extreme_operands() {
    for a in I {
        for b in W {
            for c in U {
                black_box(ratio_to_f32_bits(a, b, c));
                for m in MODES {
                    black_box(ratio_to_f16_bits(a, b, c, m));
                }
            }
            black_box(ratio_to_f32_odd_bits(a, b));
        }
        for c in U {
            black_box(fixed_to_f32_bits(a, c));
            for m in WrapMode::ALL {
                black_box((wrap(m, a, c), wrap_i32(m, a as i32, c)));
            }
        }
    }
    for a in U {
        for b in U {
            black_box((f32_div(a, b), f32_sub(a, b), f32_add(a, b), f32_to_f16_bits(a), f16_to_f32_bits(a as u16)));
            black_box((f32_to_f16_mode(a, F16Rounding::TowardZero), u32_to_f32_bits(a), wmask_count(a as u8)));
            black_box((
                select_layer(a, b),
                project(a, b),
                cube_texel_fixed(a, b),
                pow2_log2(a),
                decimate([a; 4], b as u8),
            ));
            for w in W {
                black_box((f32_scaled_rne(a, w), f32_scaled_rne_wide(a, w)));
            }
            for m in WrapMode::ALL {
                black_box((texel_fixed(a, b, m), texel_fixed_i32(a, b, m)));
                for o in [i8::MIN, -8, 0, 7, i8::MAX] {
                    black_box((axis_taps(a, b, m, o, false), axis_taps(a, b, m, o, true)));
                }
            }
            black_box((texel_fixed_pow2(a, b, false), texel_fixed_pow2(a, b, true)));
            for c in U {
                black_box(cube_face(a, b, c));
            }
            for i in I {
                for j in I {
                    black_box(cube_tap(a, i, j, b));
                }
            }
        }
    }
    for t in TextureType::ALL {
        black_box(dims(t));
    }
    for &f in Format::ALL {
        for srgb in [false, true] {
            black_box(domains(f, srgb));
            for a in U {
                black_box((
                    encode(f, srgb, [a; 4]).ok(),
                    border_texel(f, srgb, [a; 4]),
                    decode(f, srgb, &[a as u8; 16]),
                ));
            }
        }
    }
}

/// `num / (den × 2^shift)` with `num` and `den` multiplied by `m` (den then beyond 37 bits,
/// the wide division) equals the fraction in lowest terms (the 64-bit path), in binary32 and
/// both binary16 roundings.
#[test]
fn ratios_with_wide_denominators_are_exact() {
    let nums = [1i64, -1, 3, 7, 255, -65535, 1 << 20, 12_345_677, -(1 << 25) + 3];
    let dens = [1u64, 3, 255, 65535, 16_777_215, (1 << 25) - 39, 1 << 24];
    let muls = [1u64 << 14, 1 << 30, 3u64.pow(26), 255 << 20, (1 << 38) - 45];
    let mut wide = 0;
    for n in nums {
        for d in dens {
            for m in muls {
                let (Some(nm), Some(dm)) = ((n.unsigned_abs()).checked_mul(m), d.checked_mul(m)) else { continue };
                let Ok(nm) = i64::try_from(nm) else { continue };
                let nm = if n < 0 { -nm } else { nm };
                wide += usize::from(dm >= 1 << 37);
                for shift in [0, 1, 8, 16, 40, 120, 300, u32::MAX] {
                    let want = ratio_to_f32_bits(n, d, shift);
                    assert_eq!(ratio_to_f32_bits(nm, dm, shift), want, "{n}·{m} / ({d}·{m} · 2^{shift})");
                    for mode in MODES {
                        let want = ratio_to_f16_bits(n, d, shift, mode);
                        assert_eq!(ratio_to_f16_bits(nm, dm, shift, mode), want, "f16 {mode:?}: {n}·{m} / {d}·{m}");
                    }
                }
            }
        }
    }
    assert!(wide > 100, "the wide denominators are reached ({wide})");
    // i64::MIN (a 64-bit magnitude) over the largest denominator: just above 0.5.
    assert_eq!(ratio_to_f32_bits(i64::MIN, u64::MAX, 0), 0xBF00_0000);
    assert_eq!(ratio_to_f32_bits(i64::MAX, u64::MAX, 0), 0x3F00_0000);
    assert_eq!(ratio_to_f32_bits(5, 3, u32::MAX), 0);
    assert_eq!(fixed_to_f32_bits(5, u32::MAX), 0);
    assert_eq!(fixed_to_f32_bits(-5, 1 << 31), 0x8000_0000);
}

/// `RNE(x × scale)` up to the largest scale, 2^40 (products to 2^64 − 2^40; the wide form
/// to 2^24), equals the same product with the power of two moved into `x`'s exponent;
/// larger scales are taken as the largest.
#[test]
fn scaled_rne_up_to_the_largest_scale_is_exact() {
    assert_eq!(MAX_SCALE, 1 << 40);
    let xs =
        [0x3F80_0000u32, 0x3FFF_FFFF, 0x3EAA_AAAB, 0x3400_0001, 0x2F80_0000, 0xB3FF_FFFF, 0x2B7F_FFFF, 0x2B00_0000];
    for x in xs {
        for s1 in [1u64, 3, 255, 65535, (1 << 24) - 1] {
            for j in [8u32, 16, 17, 24, 30] {
                let scale = s1 << j;
                if scale > MAX_SCALE {
                    continue;
                }
                let moved = x + (j << 23); // x · 2^j: the exponents stay finite for these x
                let want = f32_scaled_rne(moved, s1);
                assert_eq!(f32_scaled_rne(x, scale), want, "{x:#x} × {s1}·2^{j}");
                if scale <= MAX_SCALE_WIDE {
                    assert_eq!(f32_scaled_rne_wide(x, scale), i128::from(want), "wide {x:#x} × {s1}·2^{j}");
                }
            }
        }
        for big in [MAX_SCALE + 1, 1 << 41, u64::MAX] {
            assert_eq!(f32_scaled_rne(x, big), f32_scaled_rne(x, MAX_SCALE), "{x:#x} × {big}");
        }
        for big in [MAX_SCALE_WIDE + 1, 1 << 41, u64::MAX] {
            assert_eq!(f32_scaled_rne_wide(x, big), f32_scaled_rne_wide(x, MAX_SCALE_WIDE), "{x:#x} × {big}");
        }
    }
    // (2^24 − 1) · 2^-64 × 2^40 = 1 − 2^-24: rounds to 1 (the shift by 64); 2^-41 × 2^40 = ½
    // ties to 0.
    assert_eq!(f32_scaled_rne(0x2B7F_FFFF, MAX_SCALE), 1);
    assert_eq!(f32_scaled_rne_wide(0x2B7F_FFFF, MAX_SCALE_WIDE << 2), f32_scaled_rne_wide(0x2B7F_FFFF, MAX_SCALE_WIDE));
    assert_eq!(f32_scaled_rne(0x2B00_0000, MAX_SCALE), 0);
    assert_eq!(f32_scaled_rne(0x7F7F_FFFF, u64::MAX), 1 << 62);
    assert_eq!(f32_scaled_rne(0xFF7F_FFFF, u64::MAX), -(1 << 62));
    assert_eq!(f32_scaled_rne_wide(0x7F7F_FFFF, u64::MAX), 1 << 120);
    // (2^24 − 1) · 2^40 × 2^24, below the wide limit 2^120; 2^96 × 2^24 reaches it.
    assert_eq!(f32_scaled_rne_wide(0x5F7F_FFFF, MAX_SCALE_WIDE), ((1i128 << 24) - 1) << 64);
    assert_eq!(f32_scaled_rne_wide(0x6F80_0000, MAX_SCALE_WIDE), 1 << 120);
    assert_eq!(f32_scaled_rne_wide(0x6F7F_FFFF, MAX_SCALE_WIDE), ((1i128 << 24) - 1) << 96);
}

#[test]
fn lod_stages_return_on_hand_built_values() {
    let ms = [0u32, 1, 1 << 17, (1 << 18) - 1, 1 << 18, u32::MAX];
    let es = [i32::MIN, -300, -1, 0, 1, 300, i32::MAX];
    let sfs: Vec<Sf> =
        ms.iter().flat_map(|&m| es.iter().flat_map(move |&e| [false, true].map(|neg| Sf { neg, m, e }))).collect();
    let is = [i32::MIN, -(1 << 24), -65536, -1, 0, 1, 65536, 1 << 24, i32::MAX];
    let us =
        [0u32, 1, 2, 4, 5, 16, 17, 31, 32, 33, 64, 255, 0x7F80_0000, 0x7FC0_0000, 0xFF80_0000, 0x3F80_0000, u32::MAX];
    for &a in &sfs {
        black_box((a.square(), a.abs(), log2_up(a), log2_down(a)));
        for u in us {
            black_box((a.scale(u), a.scale_pow2(u)));
        }
        for &b in &sfs {
            black_box((Sf::sum_squares2(a, b), a.mag_lt(b), Sf::sum_squares([a, b, a]), rho2(&[a, b, b])));
        }
    }
    let s = SamplerHeader::default();
    for &a in &sfs {
        for log2_scale in is {
            for n in us {
                let d = Derivs { dx: [a; 3], dy: [a, Sf::default(), a], log2_scale };
                black_box(scale_factor(&d, n));
                for src in [LodSource::Zero, LodSource::Explicit(n), LodSource::Derivatives { bias: n }] {
                    black_box(compute(&d, n, src, &s, n, MipFilter::Linear));
                }
            }
        }
    }
    for l in is {
        for b in is {
            for levels in us {
                for mip in [MipFilter::None, MipFilter::Nearest, MipFilter::Linear] {
                    black_box(select_level(l, b, &s, levels, mip));
                }
            }
        }
        black_box((fine_to_88(l), unit_component(l), aniso_samples(l, 4)));
        for m in [0u128, 1, 1 << 17, (1 << 100) + 1, u128::MAX] {
            for neg in [false, true] {
                for sticky in [false, true] {
                    black_box((Sf::round_up(neg, m, l, sticky), Sf::round_down(m, l)));
                    black_box((Sf::round_up64(neg, m as u64, l, sticky), Sf::round_up32(neg, m as u32, l)));
                }
            }
        }
    }
    let exacts = [
        Exact { neg: false, mag: 0, exp: 0 },
        Exact { neg: true, mag: u64::MAX, exp: i32::MAX },
        Exact { neg: false, mag: 1 << 49, exp: i32::MIN },
        Exact { neg: false, mag: 3, exp: -5 },
    ];
    for x in exacts {
        for y in exacts {
            black_box((Sf::fused(x, y), x.mul(y), x.neg()));
        }
    }
    for u in us {
        for v in us {
            black_box((aniso_samples(u as i32, v), aniso_offset_t(u, v), Sf::from_f32_diff(u, v)));
            black_box(texel_derivs(&[[u, v, u], [v, u, v]], [u, v, u], v));
            black_box(cube_derivs([u, v, u], &[[u, v, u], [v, u, v]], FaceAxes::of(u % 6), v));
            black_box(Sf::fused(Exact::from_f32(u), Exact::from_f32(v).mul(Exact::from_f32(u))));
        }
        black_box((FaceAxes::of(u), unit_component(u as i32), f32_to_88(u), f32_to_fine(u), Sf::from_f32(u)));
    }
}
