//! Coordinate input: binary32 coordinates → fixed-point texel coordinates, array layer
//! selection, projection and cube-face selection (D3D11 and Vulkan texel-coordinate and cube-map rules).
//!
//! ## Texel coordinates: S.8 fixed point
//!
//! For a level of `N` texels on an axis, the texel-space coordinate is held as an integer
//! `U = RNE(s × N × 256)` — 8 sub-texel bits, **one rounding** (to nearest, ties to even)
//! from the exact product of the binary32 `s` and `N`. Offsets add `256 × Δ`, LINEAR
//! filtering subtracts 128 (½ texel); then `i = U >> 8` (floor) and the weight is `U & 255`.
//!
//! * NaN → 0. ±∞ → the largest finite magnitude (an even integer).
//! * **Range reduction** (D3D §7.18.6): REPEAT and MIRRORED_REPEAT only depend on `U` modulo
//!   the period `2 × N × 256` (a multiple of both periods), so `U` is reduced exactly — also
//!   for coordinates like 1e38 whose product does not fit 64 bits — and keeps wrapping
//!   correctly. The clamp modes are not reduced: the product saturates at ±2^62 (S.8), far
//!   outside any texture, so offsets (texel and anisotropic) are added before the wrap clamps.

use crate::descriptor::WrapMode;
use crate::fp::{f32_div, f32_parts, F32Class};

/// `RNE(value × 2^sh)` of the exact integer `value` (a 24-bit significand times a scale of
/// at most 2^40), saturating to ±2^62.
const fn shift_rne(neg: bool, value: u64, sh: i32) -> i64 {
    let mag: u64 = if sh >= 0 {
        if sh >= 62 || value > (1u64 << 62) >> sh as u32 {
            1 << 62
        } else {
            value << sh as u32
        }
    } else {
        let s = sh.unsigned_abs();
        if s > 64 {
            0 // `value < 2^64 ≤ half`
        } else {
            // (`s = 64`: the quotient 0, the remainder all of `value`.)
            let q = match value.checked_shr(s) {
                Some(q) => q,
                None => 0,
            };
            let rem = value & (u64::MAX >> (64 - s));
            let half = 1u64 << (s - 1);
            if rem > half || (rem == half && q & 1 == 1) {
                q + 1
            } else {
                q
            }
        }
    };
    let m = if mag > (1u64 << 62) { 1i64 << 62 } else { mag as i64 };
    if neg {
        -m
    } else {
        m
    }
}

/// `RNE(x × scale)` for a binary32 `x` and an integer `scale` (saturating at ±2^62).
/// NaN → 0; ±∞ → ±2^62. `scale` is at most [`MAX_SCALE`] = 2^40 (a 32-bit size × 256, the
/// largest scale of any stage); a larger one is taken as 2^40.
pub const fn f32_scaled_rne(x: u32, scale: u64) -> i64 {
    scaled_rne(x, if scale > MAX_SCALE { MAX_SCALE } else { scale })
}

/// [`f32_scaled_rne`] of a `scale` of at most [`MAX_SCALE`] (the stages' own scales: a 32-bit
/// size × 256 or × 128, 2^8, 2^LAMBDA_FRAC).
pub(crate) const fn scaled_rne(x: u32, scale: u64) -> i64 {
    match f32_parts(x) {
        (_, F32Class::Zero) | (_, F32Class::NaN) => 0,
        (neg, F32Class::Inf) => {
            if neg {
                -(1 << 62)
            } else {
                1 << 62
            }
        }
        // (< 2^64: a 24-bit significand times at most 2^40.)
        (neg, F32Class::Finite { mant, exp }) => shift_rne(neg, mant as u64 * scale, exp),
    }
}

/// The largest `scale` of [`f32_scaled_rne`]: 2^40, above every `size × 256` of a 32-bit
/// size; larger scales are taken as 2^40.
pub const MAX_SCALE: u64 = 1 << 40;

/// The largest `scale` of [`f32_scaled_rne_wide`]: 2^24, the largest `size × 256` of a
/// valid header (65 536 × 256; the anisotropic path's scale); larger scales are taken as
/// 2^24.
pub const MAX_SCALE_WIDE: u64 = 1 << 24;

/// `RNE(x × scale)` as an `i128` saturating at ±2^120 (NaN → 0, ±∞ → ±2^120; `scale` at
/// most [`MAX_SCALE_WIDE`]): the wide form
/// the clamp modes use when anisotropic offsets are added, so that a huge coordinate and a
/// huge offset cannot cancel through saturation (only both beyond 2^112 texels could).
pub fn f32_scaled_rne_wide(x: u32, scale: u64) -> i128 {
    const LIM: i128 = 1 << 120;
    match f32_parts(x) {
        (_, F32Class::Zero) | (_, F32Class::NaN) => 0,
        (neg, F32Class::Inf) => {
            if neg {
                -LIM
            } else {
                LIM
            }
        }
        (neg, F32Class::Finite { mant, exp }) => {
            let scale = if scale > MAX_SCALE_WIDE { MAX_SCALE_WIDE } else { scale };
            let v = i128::from(mant) * i128::from(scale); // < 2^48
            let m = if exp >= 0 {
                if exp >= 73 {
                    LIM
                } else {
                    (v << exp as u32).min(LIM)
                }
            } else {
                i128::from(shift_rne(false, v as u64, exp))
            };
            if neg {
                -m
            } else {
                m
            }
        }
    }
}

/// The S.8 texel coordinate of normalized `s` on an axis of `size` texels, range-reduced
/// for `mode` (see the module docs). The result is exact modulo the period for
/// REPEAT/MIRRORED_REPEAT, and `RNE(s × size × 256)` saturated at ±2^62 for the clamp modes.
/// `size = 0` (no level of any header) gives 0 in every mode.
pub const fn texel_fixed(s: u32, size: u32, mode: WrapMode) -> i64 {
    if size == 0 {
        return 0;
    }
    let scale = size as u64 * 256;
    match mode {
        WrapMode::Repeat | WrapMode::MirroredRepeat => {
            let period = 2 * scale as i64;
            match f32_parts(s) {
                (_, F32Class::Zero) | (_, F32Class::NaN) | (_, F32Class::Inf) => 0,
                (neg, F32Class::Finite { mant, exp }) => {
                    if exp + 8 >= 0 {
                        // s × 256 is an integer: reduce it modulo 512 before scaling by N.
                        let k = exp + 8;
                        let m512 = if k >= 9 { 0 } else { ((mant as u64) << k as u32) % 512 };
                        let u = (m512 * size as u64) as i64;
                        let u = if neg { -u } else { u };
                        u.rem_euclid(period)
                    } else {
                        // |s × N × 256| < 2^(24 + 16) fits: round, then reduce.
                        shift_rne(neg, mant as u64 * scale, exp).rem_euclid(period)
                    }
                }
            }
        }
        // The clamp modes need no reduction: RNE(s × size × 256) saturates at ±2^62 (S.8),
        // far outside any texture, and offsets are added before the wrap clamps.
        _ => scaled_rne(s, scale),
    }
}

/// Saturation bound of [`texel_fixed_i32`]: `±2^30`.
pub const S8_I32_LIMIT: i32 = 1 << 30;

const fn saturate_s8(v: i64) -> i32 {
    let lim = S8_I32_LIMIT as i64;
    if v > lim {
        S8_I32_LIMIT
    } else if v < -lim {
        -S8_I32_LIMIT
    } else {
        v as i32
    }
}

/// [`texel_fixed`] saturated to `±2^30`, as an `i32`, computed with one 32 × 32 → 64-bit
/// product and 64-bit shifts instead of general 64-bit arithmetic: the coordinate unit of
/// the 32-bit fast path. Every wrap mode selects the same texels and weights from it as from
/// [`texel_fixed`] after adding offsets (≤ 2^12 in magnitude): REPEAT / MIRRORED_REPEAT
/// results are reduced below the period (≤ 2^25) either way, and the clamp modes treat every
/// coordinate beyond `±(2^30 − 2^12)` texels/256 like the saturated one. Sizes above 2^16
/// take the general function; `size = 0` gives 0.
pub const fn texel_fixed_i32(s: u32, size: u32, mode: WrapMode) -> i32 {
    const LIM: u64 = S8_I32_LIMIT as u64;
    if size == 0 {
        return 0;
    }
    let periodic = matches!(mode, WrapMode::Repeat | WrapMode::MirroredRepeat);
    let e = (s >> 23) & 0xFF;
    let neg = s >> 31 != 0;
    if size > 1 << 16 || (periodic && e >= 142) {
        return saturate_s8(texel_fixed(s, size, mode));
    }
    if e == 0 || (e == 255 && s & 0x007F_FFFF != 0) {
        return 0; // ±0, subnormals (|s × N × 256| < 2^-100) and NaN
    }
    let mag: u64 = if e == 255 {
        LIM
    } else {
        // |s| × N × 256 = p × 2^(e − 142), p < 2^40.
        let p = (((s & 0x007F_FFFF) | 0x0080_0000) as u64) * size as u64;
        let k = 142 - e as i32;
        let v = if p >> 32 == 0 && k >= 1 && k <= 32 {
            // RNE(p / 2^k) in 32-bit words (textures up to 256 texels wide always).
            let (p, k) = (p as u32, k as u32);
            let q = if k == 32 { 0 } else { p >> k };
            let round = (p >> (k - 1)) & 1;
            let sticky = p & ((1u32 << (k - 1)) - 1) != 0;
            (q + (round & ((sticky as u32) | (q & 1)))) as u64
        } else {
            shift_rne(false, p, -k) as u64
        };
        if v > LIM {
            LIM
        } else {
            v
        }
    };
    let v = if neg { -(mag as i64) } else { mag as i64 };
    if periodic {
        if mag >= LIM {
            return saturate_s8(texel_fixed(s, size, mode));
        }
        // The period 2 × N × 256 ≤ 2^25.
        (v as i32).rem_euclid((size * 512) as i32)
    } else {
        v as i32
    }
}

/// The coordinate stage of one axis (the RTL unit `texcore_coord`): the S.8 coordinate
/// [`texel_fixed_i32`] of `s` on `size` texels plus the texel offset `256 × offset`, minus
/// 128 (half a texel) for LINEAR; returns the first tap's texel index `v >> 8` (floor, before
/// the wrap) and the second tap's weight `v & 255` in 1/256 (0 for NEAREST, whose one tap is
/// the first). These are the tap indices and weight of the sampling ops' RGBA8 path
/// (`texcore::op::sample`, taps `i0` and `i0 + 1`). `v` stays within `±(2^30 + 2^15 + 128)`:
/// no overflow for any input.
pub const fn axis_taps(s: u32, size: u32, mode: WrapMode, offset: i8, linear: bool) -> (i32, u8) {
    let v = texel_fixed_i32(s, size, mode) + offset as i32 * 256 - if linear { 128 } else { 0 };
    (v >> 8, if linear { (v & 255) as u8 } else { 0 })
}

/// `log2` value meaning "the axis size is not a power of two" for [`texel_fixed_pow2`].
pub const NOT_POW2: u32 = 0xFF;

/// `log2 size` for [`texel_fixed_pow2`]: the exponent for power-of-two sizes up to 2^16,
/// else [`NOT_POW2`]. (`31 − clz`: one instruction on Arm, a table lookup on RV32 without
/// Zbb, where `trailing_zeros` is a loop.)
#[inline(always)]
pub const fn pow2_log2(size: u32) -> u32 {
    if size.is_power_of_two() && size <= 1 << 16 {
        31 - crate::fp::leading_zeros(size)
    } else {
        NOT_POW2
    }
}

/// [`texel_fixed_i32`] on an axis of `2^log2` texels (`log2` from [`pow2_log2`]) for
/// coordinates with `|s| × 2^log2 × 256 < 2^23` (every coordinate within 2^15 / size
/// texture widths of the origin): the product is an exponent shift, so the unit is one
/// 32-bit shift with RNE, `RNE(mant / 2^k)` with `k = 142 − log2 − exp` (`mant` the 24-bit
/// significand, `exp` the biased exponent) computed as `(mant + 2^(k−1) − 1 + bit_k(mant)) >> k`,
/// then the sign
/// and, for REPEAT / MIRRORED_REPEAT, the reduction modulo the period `2^(log2 + 9)` (a
/// mask). ±0, subnormals and results below ½ give 0. `None` outside the range (including
/// ±∞, NaN and every size that is not a power of two): the caller takes
/// [`texel_fixed_i32`], which gives the same value wherever both are defined (property
/// test). Every `log2` above 16 (no [`pow2_log2`] result but [`NOT_POW2`]) gives `None`.
#[inline(always)]
pub const fn texel_fixed_pow2(s: u32, log2: u32, periodic: bool) -> Option<i32> {
    if log2 > 16 {
        return None;
    }
    let e = ((s >> 23) & 0xFF) as i32;
    let k = 142 - log2 as i32 - e;
    let mant = (s & 0x007F_FFFF) | 0x0080_0000;
    let q = if k >= 32 {
        return Some(0);
    } else if k >= 1 {
        let k = k as u32;
        ((mant + (1 << (k - 1)) - 1 + ((mant >> k) & 1)) >> k) as i32
    } else {
        return None;
    };
    let v = if s >> 31 != 0 { -q } else { q };
    Some(if periodic { v & ((1 << (log2 + 9)) - 1) } else { v })
}

/// Array layer from a binary32 `a`: `clamp(floor(a + ½), 0, count − 1)` (D3D11 and
/// Vulkan array-layer selection, the form every source allows). NaN → 0; `count = 0` → 0.
pub const fn select_layer(a: u32, count: u32) -> u32 {
    if count == 0 {
        return 0;
    }
    let max = count as i64 - 1;
    let l: i64 = match f32_parts(a) {
        (_, F32Class::Zero) | (_, F32Class::NaN) => 0,
        (neg, F32Class::Inf) => {
            if neg {
                0
            } else {
                max
            }
        }
        (neg, F32Class::Finite { mant, exp }) => {
            let m = if neg { -(mant as i64) } else { mant as i64 };
            if exp >= 0 {
                if exp > 30 {
                    if neg {
                        0
                    } else {
                        max
                    }
                } else {
                    m << exp as u32
                }
            } else {
                let sh = (-exp) as u32;
                if sh > 40 {
                    0
                } else {
                    (m + (1i64 << (sh - 1))) >> sh
                }
            }
        }
    };
    if l < 0 {
        0
    } else if l > max {
        max as u32
    } else {
        l as u32
    }
}

/// TXP's projective divide of one coordinate: `c / q` in binary32, RNE.
pub const fn project(c: u32, q: u32) -> u32 {
    f32_div(c, q)
}

/// A cube face and the binary32 face coordinates before the `½ x + ½` mapping.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct CubeFace {
    /// Face index: 0 +X, 1 −X, 2 +Y, 3 −Y, 4 +Z, 5 −Z (the layer order in memory).
    pub face: u32,
    /// `sc / |ma|` in binary32 (RNE), in [−1, 1].
    pub s: u32,
    /// `tc / |ma|` in binary32 (RNE), in [−1, 1].
    pub t: u32,
}

/// Magnitude order of binary32 values (NaN as 0): compares `|a|` and `|b|` bit patterns.
const fn mag(bits: u32) -> u32 {
    let m = bits & 0x7FFF_FFFF;
    if m > 0x7F80_0000 {
        0
    } else {
        m
    }
}

/// Cube face selection (Vulkan "Cube Map Face Selection") with the **Z > Y > X** tie-break (D3D
/// §7.18.7): the major axis is Z if `|rz| ≥ |ry|` and `|rz| ≥ |rx|`, else Y if `|ry| ≥ |rx|`,
/// else X. A zero direction selects +Z... with face coordinates 0 (the centre).
///
/// | major | face | sc | tc |
/// |---|---|---|---|
/// | +rx | 0 | −rz | −ry |
/// | −rx | 1 | +rz | −ry |
/// | +ry | 2 | +rx | +rz |
/// | −ry | 3 | +rx | −rz |
/// | +rz | 4 | +rx | −ry |
/// | −rz | 5 | −rx | −ry |
pub fn cube_face(rx: u32, ry: u32, rz: u32) -> CubeFace {
    let (ax, ay, az) = (mag(rx), mag(ry), mag(rz));
    let neg = |v: u32| v ^ 0x8000_0000;
    let pos = |v: u32| v >> 31 == 0;
    let (face, sc, tc, ma) = if az >= ay && az >= ax {
        if pos(rz) {
            (4, rx, neg(ry), rz)
        } else {
            (5, neg(rx), neg(ry), rz)
        }
    } else if ay >= ax {
        if pos(ry) {
            (2, rx, rz, ry)
        } else {
            (3, rx, neg(rz), ry)
        }
    } else if pos(rx) {
        (0, neg(rz), neg(ry), rx)
    } else {
        (1, rz, neg(ry), rx)
    };
    let ama = ma & 0x7FFF_FFFF;
    if mag(ama) == 0 {
        return CubeFace { face, s: 0, t: 0 };
    }
    let clampf = |v: u32| {
        // NaN (∞/∞) → 0; the quotient of a smaller magnitude is within [−1, 1] already.
        if mag(v) == 0 && v & 0x7FFF_FFFF != 0 {
            0
        } else {
            v
        }
    };
    CubeFace { face, s: clampf(f32_div(sc, ama)), t: clampf(f32_div(tc, ama)) }
}

/// The S.8 texel coordinate on a cube face of `size` texels from the face coordinate
/// `q = sc/|ma|`: `RNE(q × size × 128) + size × 128`.
pub const fn cube_texel_fixed(q: u32, size: u32) -> i64 {
    scaled_rne(q, size as u64 * 128) + size as i64 * 128
}

#[cfg(test)]
mod tests {
    #![allow(clippy::indexing_slicing)]
    use super::*;
    use proptest::prelude::*;

    fn coord() -> impl Strategy<Value = u32> {
        prop_oneof![
            any::<u32>(),
            // |s| around the texture: exponents 100 … 160.
            (any::<bool>(), 100u32..160, 0u32..0x80_0000).prop_map(|(n, e, m)| u32::from(n) << 31 | e << 23 | m),
        ]
    }

    /// The coordinate stage's taps: exact values (½ on 4 texels is U = 512; LINEAR takes
    /// taps 1, 2 with weight ½), offsets, the saturated clamp coordinate and REPEAT's
    /// reduction of a negative coordinate.
    #[test]
    fn axis_taps_exact() {
        let half = 0x3F00_0000;
        assert_eq!(axis_taps(half, 4, WrapMode::ClampToEdge, 0, false), (2, 0));
        assert_eq!(axis_taps(half, 4, WrapMode::ClampToEdge, 0, true), (1, 128));
        assert_eq!(axis_taps(half, 4, WrapMode::ClampToEdge, -8, true), (-7, 128));
        assert_eq!(axis_taps(half, 4, WrapMode::Repeat, 7, false), (9, 0));
        // +∞ on a clamp mode: 2^30 (S.8), minus half a texel.
        assert_eq!(axis_taps(0x7F80_0000, 4, WrapMode::ClampToEdge, -8, true), ((1 << 22) - 9, 128));
        assert_eq!(axis_taps(0xFF80_0000, 4, WrapMode::ClampToBorder, 0, false), (-(1 << 22), 0));
        // −¼ on 4 texels under REPEAT is U = −256 ≡ 1792 (period 2048).
        assert_eq!(axis_taps(0xBE80_0000, 4, WrapMode::Repeat, 0, true), (6, 128));
        assert_eq!(axis_taps(0xBE80_0000, 4, WrapMode::ClampToEdge, 0, true), (-2, 128));
        assert_eq!(axis_taps(half, 0, WrapMode::Repeat, 0, true), (-1, 128));
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 50_000, ..ProptestConfig::default() })]

        /// The power-of-two coordinate unit equals the 32-bit one wherever it applies.
        #[test]
        fn texel_fixed_pow2_matches(s in coord(), log2 in prop_oneof![0u32..=16, Just(NOT_POW2)], m in 0usize..5) {
            let mode = WrapMode::ALL[m];
            let periodic = matches!(mode, WrapMode::Repeat | WrapMode::MirroredRepeat);
            let size = if log2 == NOT_POW2 { 3 } else { 1 << log2 };
            match texel_fixed_pow2(s, log2, periodic) {
                Some(v) => prop_assert_eq!(v, texel_fixed_i32(s, size, mode)),
                // Only non-powers of two, NaN, ±∞ and products of 2^23 and more
                // take the general unit.
                None => prop_assert!(log2 == NOT_POW2 || ((s >> 23) & 0xFF) as i32 >= 142 - log2 as i32),
            }
        }

        /// The 32-bit coordinate unit equals the general one, saturated.
        #[test]
        fn texel_fixed_i32_matches(s in coord(), size in prop_oneof![1u32..300, 1u32..70_000, any::<u32>()], m in 0usize..5) {
            let mode = WrapMode::ALL[m];
            prop_assert_eq!(texel_fixed_i32(s, size, mode), saturate_s8(texel_fixed(s, size, mode)));
        }
    }
}
