//! The public stage functions (coordinate and LOD units) on values no valid descriptor
//! produces — a zero axis size, a `log2` above 16, an anisotropy code above 16×, λ and bias
//! sums past `i32` — return their documented results and never panic or loop long. The ops
//! only pass validated values; these functions are public (the vectors and the firmware
//! call them per stage), so they are total as well.

use proptest::prelude::*;
use texcore::coord::{pow2_log2, texel_fixed, texel_fixed_i32, texel_fixed_pow2, NOT_POW2};
use texcore::descriptor::{MipFilter, SamplerHeader, WrapMode};
use texcore::lod::{scale_factor, select_level, Derivs, Sf, FINE_MAX, FINE_MIN, LOD_MAX, LOD_MIN};

const COORDS: [u32; 8] = [
    0x3F80_0000, // 1.0
    0xBF00_0000, // -0.5
    0x7F7F_FFFF, // the largest finite
    0x7F80_0000, // +inf
    0xFF80_0000, // -inf
    0x7FC0_0000, // NaN
    0x0000_0001, // the smallest subnormal
    0x4B80_0001, // 2^24 + 2
];

#[test]
fn a_zero_axis_size_gives_coordinate_zero_in_every_mode() {
    for mode in WrapMode::ALL {
        for s in COORDS {
            assert_eq!(texel_fixed(s, 0, mode), 0, "{mode:?} {s:#x}");
            assert_eq!(texel_fixed_i32(s, 0, mode), 0, "{mode:?} {s:#x}");
        }
    }
}

#[test]
fn a_log2_above_16_is_not_a_power_of_two_axis() {
    assert_eq!(pow2_log2(1 << 17), NOT_POW2);
    for log2 in (17..=40).chain([NOT_POW2, u32::MAX]) {
        for s in COORDS {
            for periodic in [false, true] {
                assert_eq!(texel_fixed_pow2(s, log2, periodic), None, "log2 {log2}, {s:#x}");
            }
        }
    }
    // 16 itself is still the shortcut: 0.5 × 2^16 × 256 = 2^23 is outside its range, 2^-10
    // is inside (2^-10 × 2^24 = 2^14).
    assert_eq!(texel_fixed_pow2(0x3A80_0000, 16, false), Some(1 << 14));
}

#[test]
fn level_selection_saturates_the_sums_of_any_i32() {
    let s = SamplerHeader { mip_filter: MipFilter::Linear, ..SamplerHeader::default() };
    for mip in [MipFilter::None, MipFilter::Nearest, MipFilter::Linear] {
        // λ beyond the fine range acts as its end; i32 extremes of the shader bias as the
        // bias clamp: the largest and the smallest λ.
        let hi = select_level(i32::MAX, i32::MAX, &s, 17, mip);
        assert_eq!(hi, select_level(FINE_MAX, i32::MAX, &s, 17, mip));
        assert_eq!((hi.lambda_unclamped, hi.lambda), (LOD_MAX, LOD_MAX));
        let lo = select_level(i32::MIN, i32::MIN, &s, 17, mip);
        assert_eq!(lo, select_level(FINE_MIN, i32::MIN, &s, 17, mip));
        assert_eq!((lo.lambda_unclamped, lo.magnify, lo.level), (LOD_MIN, true, 0));
    }
    let top = select_level(i32::MAX, 0, &s, 17, MipFilter::Linear);
    assert_eq!((top.level, top.level2, top.delta, top.used_lod), (16, 16, 0, 16 * 256));
}

#[test]
fn anisotropy_codes_above_16x_count_as_16x() {
    // ρ_x = 2^20 texels, ρ_y = 0: η = A, so N = A up to 16× (log2 A = 4); any larger
    // `log2 A` counts as 4.
    let big = Sf::from_f32(0x4980_0000); // 2^20
    let d = Derivs { dx: [big, Sf::ZERO, Sf::ZERO], dy: [Sf::ZERO; 3], log2_scale: 0 };
    let at16 = scale_factor(&d, 4);
    assert_eq!(at16.samples, 16);
    for a in [5, 31, u32::MAX] {
        assert_eq!(scale_factor(&d, a), at16, "log2 A = {a}");
    }
    assert_eq!(scale_factor(&d, 0).samples, 1);
}

proptest! {
    /// The coordinate unit is total for every coordinate, size and mode, and the shortcut
    /// agrees with the general form wherever it answers.
    #[test]
    fn coordinate_stages_are_total(s in any::<u32>(), size in any::<u32>(), log2 in any::<u32>(), m in 0usize..5) {
        let mode = WrapMode::ALL[m];
        let wide = texel_fixed(s, size, mode);
        prop_assert_eq!(i64::from(texel_fixed_i32(s, size, mode)), wide.clamp(-(1 << 30), 1 << 30));
        let periodic = matches!(mode, WrapMode::Repeat | WrapMode::MirroredRepeat);
        if let Some(v) = texel_fixed_pow2(s, log2, periodic) {
            prop_assert!(log2 <= 16);
            if s & 0x7F80_0000 != 0 {
                prop_assert_eq!(v, texel_fixed_i32(s, 1 << log2, mode));
            }
        }
    }

    /// Level selection is total for every λ, bias, level count and sampler LOD fields.
    #[test]
    fn level_selection_is_total(lb in any::<i32>(), sb in any::<i32>(), levels in any::<u32>(), bias in any::<i16>(), min in any::<u16>(), max in any::<u16>(), m in 0usize..3) {
        let s = SamplerHeader {
            lod_bias: fixed::types::I8F8::from_bits(bias),
            min_lod: fixed::types::U8F8::from_bits(min),
            max_lod: fixed::types::U8F8::from_bits(max),
            ..SamplerHeader::default()
        };
        let mip = [MipFilter::None, MipFilter::Nearest, MipFilter::Linear][m];
        let r = select_level(lb, sb, &s, levels, mip);
        prop_assert!((LOD_MIN..=LOD_MAX).contains(&r.lambda_unclamped));
        prop_assert!(r.level <= levels.saturating_sub(1).min(255) && r.level2 <= levels.saturating_sub(1).min(255));
        prop_assert!(r.delta < 256);
    }
}
