//! The LOD unit's short floats: an 18-bit significand and a wide exponent, every rounding
//! **upward in magnitude** (toward ±∞), so a value computed from others is never below its
//! exact counterpart (ρ never falls below the max-component bound).
//!
//! `Sf { neg, m, e }` is `(−1)^neg × m × 2^e` with `m` in `[2^17, 2^18)` (normalized), or
//! zero (`m = 0`, `neg = false`, `e = 0`). The exponent is an `i32`; the LOD unit's values
//! stay within −290 … +300 (2^-126 squared, ∞ = 2^128 times 2^16 squared, see
//! [`Sf::from_f32`]; the cube maps' exact products reach −600 before rounding), so no
//! operation here saturates or flushes.
//!
//! | operation | exact value | rounding |
//! |---|---|---|
//! | [`Sf::from_f32`] | a binary32 (24-bit significand) | magnitude up to 18 bits; NaN → 0, ±∞ → ±2^128, subnormals → ±2^-126 |
//! | [`Sf::scale`] | `m × n` for an integer `n < 2^17` (one 18 × 17 product) | magnitude up to 18 bits |
//! | [`Sf::square`] | `m²` (one 18 × 18 product, 36 bits) | up to 18 bits |
//! | [`Sf::sum_squares`] | `a² + b² + c²` | each term aligned to the largest exponent (rounded up there to an integer), squared and summed exactly, the sum rounded up to 18 bits |
//! | [`Sf::fused`] | `x + y` of two exact values of up to 50 bits (products of binary32 significands) | magnitude up to 18 bits, once |
//! | [`Sf::round_down`] | an exact integer times a power of two | down to 18 bits (the one downward rounding: the cube maps' `ma⁴`, a divisor) |

/// Significand bits of a short float.
pub const SF_BITS: u32 = 18;

const M_MIN: u32 = 1 << (SF_BITS - 1);

/// A short float (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Sf {
    /// Sign.
    pub neg: bool,
    /// Significand: 0 (zero) or in `[2^17, 2^18)`.
    pub m: u32,
    /// Exponent of the significand's last bit.
    pub e: i32,
}

/// An exact value `(−1)^neg × mag × 2^exp` (`mag < 2^50`), an input of [`Sf::fused`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exact {
    /// Sign.
    pub neg: bool,
    /// Magnitude (any width below 2^50; 0 is zero).
    pub mag: u64,
    /// Exponent of `mag`'s last bit.
    pub exp: i32,
}

impl Exact {
    /// A binary32 value exactly (NaN → 0, ±∞ → ±2^128).
    pub const fn from_f32(bits: u32) -> Exact {
        use crate::fp::{f32_parts, F32Class};
        match f32_parts(bits) {
            (_, F32Class::Zero) | (_, F32Class::NaN) => Exact { neg: false, mag: 0, exp: 0 },
            (neg, F32Class::Inf) => Exact { neg, mag: 1, exp: 128 },
            (neg, F32Class::Finite { mant, exp }) => Exact { neg, mag: mant as u64, exp },
        }
    }

    /// The exact product of two binary32-sized values (`mag < 2^25` each).
    pub const fn mul(self, o: Exact) -> Exact {
        Exact { neg: self.neg != o.neg, mag: self.mag.wrapping_mul(o.mag), exp: self.exp.wrapping_add(o.exp) }
    }

    /// `−self`.
    pub const fn neg(self) -> Exact {
        Exact { neg: !self.neg, mag: self.mag, exp: self.exp }
    }
}

const fn bit_len(v: u128) -> u32 {
    128 - v.leading_zeros()
}

impl Sf {
    /// Zero.
    pub const ZERO: Sf = Sf { neg: false, m: 0, e: 0 };

    /// Whether the value is zero.
    pub const fn is_zero(self) -> bool {
        self.m == 0
    }

    /// `|self|`.
    pub const fn abs(self) -> Sf {
        Sf { neg: false, m: self.m, e: self.e }
    }

    /// `±(mag + s) × 2^exp` with the magnitude rounded up to 18 bits, where `s` is an
    /// unknown amount in `(0, 1)` when `sticky` is set (the caller then passes at least 19
    /// significant bits) and 0 otherwise.
    pub const fn round_up(neg: bool, mag: u128, exp: i32, sticky: bool) -> Sf {
        if mag >> 64 == 0 {
            return Sf::round_up64(neg, mag as u64, exp, sticky);
        }
        let len = bit_len(mag);
        if len <= SF_BITS {
            let sh = SF_BITS - len;
            // Exact (a sticky rest needs more bits than this: see above).
            return Sf { neg, m: (mag as u32) << sh, e: exp.wrapping_sub(sh as i32) };
        }
        let sh = len - SF_BITS;
        let q = (mag >> sh) as u32;
        let rest = mag & ((1u128 << sh) - 1) != 0 || sticky;
        let m = q + rest as u32;
        if m == 1 << SF_BITS {
            Sf { neg, m: M_MIN, e: exp.wrapping_add(sh as i32 + 1) }
        } else {
            Sf { neg, m, e: exp.wrapping_add(sh as i32) }
        }
    }

    /// [`Sf::round_up`] of a magnitude below 2^64 (every stage but the cube maps' fused
    /// difference): the same result in 64-bit arithmetic, which 32-bit MCUs do in a few
    /// instructions where 128-bit shifts are library calls.
    pub const fn round_up64(neg: bool, mag: u64, exp: i32, sticky: bool) -> Sf {
        if mag == 0 {
            return Sf::ZERO;
        }
        let len = 64 - mag.leading_zeros();
        if len <= SF_BITS {
            let sh = SF_BITS - len;
            return Sf { neg, m: (mag as u32) << sh, e: exp.wrapping_sub(sh as i32) };
        }
        let sh = len - SF_BITS;
        let q = (mag >> sh) as u32;
        let rest = mag & ((1u64 << sh) - 1) != 0 || sticky;
        let m = q + rest as u32;
        if m == 1 << SF_BITS {
            Sf { neg, m: M_MIN, e: exp.wrapping_add(sh as i32 + 1) }
        } else {
            Sf { neg, m, e: exp.wrapping_add(sh as i32) }
        }
    }

    /// [`Sf::round_up64`] of a magnitude below 2^32, in 32-bit arithmetic.
    #[inline]
    pub const fn round_up32(neg: bool, mag: u32, exp: i32) -> Sf {
        if mag == 0 {
            return Sf::ZERO;
        }
        let len = 32 - crate::fp::leading_zeros(mag);
        if len <= SF_BITS {
            let sh = SF_BITS - len;
            return Sf { neg, m: mag << sh, e: exp.wrapping_sub(sh as i32) };
        }
        let sh = len - SF_BITS;
        let m = (mag >> sh) + (mag & ((1 << sh) - 1) != 0) as u32;
        if m == 1 << SF_BITS {
            Sf { neg, m: M_MIN, e: exp.wrapping_add(sh as i32 + 1) }
        } else {
            Sf { neg, m, e: exp.wrapping_add(sh as i32) }
        }
    }

    /// `Sf::from_f32(f32_sub(a, b))` ([`crate::fp::f32_sub`]: the binary32 difference, RNE)
    /// in 32-bit integer arithmetic, for two normal binary32 values with biased exponents
    /// 32 … 253 at most 7 binades apart (a quad's neighbouring coordinates): the exact
    /// difference (< 2^32 at the smaller exponent), rounded to nearest-even at 24 bits, then
    /// up to 18 bits. In that range the difference is 0 or a normal binary32 (at least
    /// 2^-118, below 2^128 − 2^104), so no subnormal or overflow rounding applies. `None`
    /// elsewhere (the caller takes the general form; a test checks both agree).
    #[inline]
    pub const fn from_f32_diff(a: u32, b: u32) -> Option<Sf> {
        let (ea, eb) = ((a >> 23) & 0xFF, (b >> 23) & 0xFF);
        if ea.wrapping_sub(32) > 253 - 32 || eb.wrapping_sub(32) > 253 - 32 {
            return None;
        }
        // Both significands at the smaller exponent `e`: one of them shifted left by the
        // exponent difference (at most 7: below 2^31), the other as it is (below 2^24).
        let e = if ea < eb { ea } else { eb };
        let (da, db) = (ea - e, eb - e);
        if da + db > 7 {
            return None;
        }
        let va = ((a & 0x007F_FFFF) | 0x0080_0000) << da;
        let vb = ((b & 0x007F_FFFF) | 0x0080_0000) << db;
        // a − b: where the signs differ the magnitudes add (below 2^31 + 2^24) with a's sign;
        // where they agree they subtract (|va − vb| < 2^31), the sign flipped where vb > va
        // (`m`: all ones then; the magnitude is the two's complement negation).
        let sa = a >> 31;
        let (neg, v) = if (a ^ b) >> 31 != 0 {
            (sa != 0, va + vb)
        } else {
            let t = va.wrapping_sub(vb);
            let m = ((t as i32) >> 31) as u32;
            ((sa ^ (m & 1)) != 0, (t ^ m).wrapping_sub(m))
        };
        if v == 0 {
            return Some(Sf::ZERO);
        }
        let exp = e as i32 - 150;
        let len = 32 - crate::fp::leading_zeros(v);
        if len <= 24 {
            return Some(Sf::round_up32(neg, v, exp));
        }
        // RNE to 24 bits (a carry to 2^24 is a 25-bit value, exact for the next step).
        let sh = len - 24;
        let q = v >> sh;
        let rem = v & ((1 << sh) - 1);
        let half = 1 << (sh - 1);
        let q = q + (rem > half || (rem == half && q & 1 == 1)) as u32;
        Some(Sf::round_up32(neg, q, exp + sh as i32))
    }

    /// [`Sf::scale`] by `2^k` (a power-of-two size): the exponent plus `k`, exactly.
    #[inline]
    pub const fn scale_pow2(self, k: u32) -> Sf {
        if self.m == 0 {
            Sf::ZERO
        } else {
            Sf { e: self.e.wrapping_add(k as i32), ..self }
        }
    }

    /// `mag × 2^exp` with the magnitude rounded **down** to 18 bits (for lower bounds: the
    /// cube maps' `ma⁴`).
    pub const fn round_down(mag: u128, exp: i32) -> Sf {
        if mag == 0 {
            return Sf::ZERO;
        }
        let len = bit_len(mag);
        if len <= SF_BITS {
            let sh = SF_BITS - len;
            return Sf { neg: false, m: (mag as u32) << sh, e: exp.wrapping_sub(sh as i32) };
        }
        let sh = len - SF_BITS;
        Sf { neg: false, m: (mag >> sh) as u32, e: exp.wrapping_add(sh as i32) }
    }

    /// A binary32 value, its 24-bit significand rounded up in magnitude to 18 bits. NaN → 0;
    /// ±∞ → ±2^128 (above every finite binary32); a subnormal → ±2^-126, the smallest normal
    /// magnitude (the upward rounding at the bottom of the range: no normalizing shifter).
    pub const fn from_f32(bits: u32) -> Sf {
        if bits & 0x7F80_0000 == 0 && bits & 0x007F_FFFF != 0 {
            return Sf { neg: bits >> 31 == 1, m: M_MIN, e: -126 - (SF_BITS as i32 - 1) };
        }
        let x = Exact::from_f32(bits);
        Sf::round_up64(x.neg, x.mag, x.exp, false)
    }

    /// `self × n` (an integer `n < 2^17`, e.g. a texture size ≤ 65 536): one 18 × 17 product,
    /// rounded up to 18 bits.
    pub const fn scale(self, n: u32) -> Sf {
        Sf::round_up64(self.neg, self.m as u64 * n as u64, self.e, false)
    }

    /// `self²`: one 18 × 18 product, rounded up to 18 bits (non-negative).
    pub const fn square(self) -> Sf {
        Sf::round_up64(false, self.m as u64 * self.m as u64, self.e.wrapping_mul(2), false)
    }

    /// `a² + b² + c²` (one screen axis's `ρ²`): with `e` the largest exponent of the
    /// non-zero terms, each significand aligned to it and rounded up to an integer
    /// (`ceil(m × 2^(e_i − e))`, so a term 18 or more binades below is 1), the three 18 × 18
    /// squares summed exactly (< 3 · 2^36) and the sum rounded up to 18 bits. Never below
    /// the exact sum nor below any term's square; monotone in every term.
    pub fn sum_squares(t: [Sf; 3]) -> Sf {
        // Straight-line over the three terms (no iterator adapters: the MCUs' LOD cost).
        let [a, b, c] = t;
        if a.m | b.m | c.m == 0 {
            return Sf::ZERO;
        }
        let e = |x: Sf| if x.m == 0 { i32::MIN } else { x.e };
        let e_max = e(a).max(e(b)).max(e(c));
        let sq = |x: Sf| -> u64 {
            if x.m == 0 {
                return 0;
            }
            let d = e_max.abs_diff(x.e); // ≥ 0
            let v = if d >= SF_BITS { 1 } else { (x.m >> d) + u32::from(x.m & ((1 << d) - 1) != 0) };
            u64::from(v) * u64::from(v)
        };
        Sf::round_up64(false, sq(a).wrapping_add(sq(b)).wrapping_add(sq(c)), e_max.wrapping_mul(2), false)
    }

    /// [`Sf::sum_squares`] of two terms (`[a, b, 0]`, a 2D view's screen axis): the same
    /// value with the rounding in 32-bit arithmetic. With `e` the larger exponent, the larger
    /// term is aligned exactly (`v ≥ 2^17`) and the smaller one rounded up (`v ≤ 2^18 − 1`),
    /// so the exact sum `S` of the two squares lies in `[2^34, 2^37)`: its bit length is 35 …
    /// 37 and the rounding drops 17 … 19 bits. `T = S >> 17` (`2^17 ≤ T < 2^20`) and the
    /// sticky of the 17 low bits are formed once; the further shift `k = len − 35` (0 … 2)
    /// and the upward rounding are 32-bit operations. A property test compares it with
    /// [`Sf::sum_squares`].
    #[inline]
    pub fn sum_squares2(a: Sf, b: Sf) -> Sf {
        let (m, e) = sum_squares2_mag((a.m, a.e), (b.m, b.e));
        Sf { neg: false, m, e }
    }

    /// `x + y` of two exact values, rounded up in magnitude to 18 bits once (a fused
    /// sum, as a floating-point adder with 18-bit output rounds). Within 77 bits of each
    /// other the sum is formed exactly; further apart the smaller one only decides the
    /// rounding direction.
    pub const fn fused(x: Exact, y: Exact) -> Sf {
        if x.mag == 0 {
            return Sf::round_up(y.neg, y.mag as u128, y.exp, false);
        }
        if y.mag == 0 {
            return Sf::round_up(x.neg, x.mag as u128, x.exp, false);
        }
        let (hi, lo) = if x.exp >= y.exp { (x, y) } else { (y, x) };
        let d = hi.exp.wrapping_sub(lo.exp) as u32;
        if d <= 77 {
            let h = (hi.mag as u128) << d;
            let l = lo.mag as u128;
            if hi.neg == lo.neg {
                Sf::round_up(hi.neg, h.wrapping_add(l), lo.exp, false)
            } else if h >= l {
                Sf::round_up(hi.neg, h - l, lo.exp, false)
            } else {
                Sf::round_up(lo.neg, l - h, lo.exp, false)
            }
        } else {
            // |lo| < 2^(hi.exp − 28) ≤ half of hi's bit 27 positions down: hi·2^27 ± (0, 1).
            let h = (hi.mag as u128) << 27;
            if hi.neg == lo.neg {
                Sf::round_up(hi.neg, h, hi.exp.wrapping_sub(27), true)
            } else {
                Sf::round_up(hi.neg, h.wrapping_mul(2).wrapping_sub(1), hi.exp.wrapping_sub(28), true)
            }
        }
    }

    /// Magnitude order: `|self| < |o|`.
    pub const fn mag_lt(self, o: Sf) -> bool {
        mag_lt((self.m, self.e), (o.m, o.e))
    }
}

/// [`Sf::sum_squares2`] of two magnitudes `(m, e)` (`m = 0` is zero, with `e = 0`), the
/// result as `(m, e)` (zero: `(0, 0)`). In registers where an [`Sf`] would go through
/// memory: the isotropic quad LOD's form.
#[inline]
pub(crate) fn sum_squares2_mag(a: (u32, i32), b: (u32, i32)) -> (u32, i32) {
    let (hi, lo) = if b.0 == 0 || (a.0 != 0 && a.1 >= b.1) { (a, b) } else { (b, a) };
    if hi.0 == 0 {
        return (0, 0);
    }
    let vl = if lo.0 == 0 {
        0
    } else {
        let d = hi.1.abs_diff(lo.1);
        if d >= SF_BITS {
            1
        } else {
            (lo.0 >> d) + u32::from(lo.0 & ((1 << d) - 1) != 0)
        }
    };
    let sum = (u64::from(hi.0) * u64::from(hi.0)).wrapping_add(u64::from(vl) * u64::from(vl));
    let t = (sum >> 17) as u32;
    let sticky = (sum as u32) & 0x1_FFFF != 0;
    // Bit length of `sum` minus 35: `t` has 18 … 20 bits.
    let k = len18(t);
    let q = t.wrapping_shr(k);
    let m = q.wrapping_add(u32::from(t & 1u32.wrapping_shl(k).wrapping_sub(1) != 0 || sticky));
    let e = hi.1.wrapping_mul(2).wrapping_add(17 + k as i32);
    if m == 1 << SF_BITS {
        (M_MIN, e.wrapping_add(1))
    } else {
        (m, e)
    }
}

/// [`Sf::mag_lt`] of two magnitudes `(m, e)`.
#[inline]
pub(crate) const fn mag_lt(a: (u32, i32), b: (u32, i32)) -> bool {
    if a.0 == 0 {
        b.0 != 0
    } else if b.0 == 0 {
        false
    } else if a.1 != b.1 {
        a.1 < b.1
    } else {
        a.0 < b.0
    }
}

/// `bit length of t − 18` for `2^17 ≤ t < 2^20` (0, 1 or 2): two compares where the core
/// has no count-leading-zeros instruction (RV32IMAC without Zbb), the count elsewhere (a
/// test checks both forms on that whole range).
#[inline(always)]
const fn len18(t: u32) -> u32 {
    if cfg!(all(any(target_arch = "riscv32", target_arch = "riscv64"), not(target_feature = "zbb"))) {
        len18_cmp(t)
    } else {
        (32 - SF_BITS).wrapping_sub(t.leading_zeros())
    }
}

/// [`len18`] by two compares.
#[inline(always)]
const fn len18_cmp(t: u32) -> u32 {
    (t >= 1 << 18) as u32 + (t >= 1 << 19) as u32
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::fp::f32_sub;
    use proptest::prelude::*;

    /// The definition of [`Sf::sum_squares`] as written in its docs (the reference of the
    /// straight-line form).
    fn sum_squares_ref(t: [Sf; 3]) -> Sf {
        let Some(e_max) = t.iter().filter(|x| x.m != 0).map(|x| x.e).max() else { return Sf::ZERO };
        let sum: u64 = t
            .iter()
            .filter(|x| x.m != 0)
            .map(|x| {
                let d = e_max.abs_diff(x.e);
                let a = if d >= SF_BITS { 1 } else { (x.m >> d) + u32::from(x.m & ((1 << d) - 1) != 0) };
                u64::from(a) * u64::from(a)
            })
            .sum();
        Sf::round_up64(false, sum, 2 * e_max, false)
    }

    fn sf() -> impl Strategy<Value = Sf> {
        prop_oneof![
            1 => Just(Sf::ZERO),
            6 => (any::<bool>(), (1u32 << 17)..(1 << 18), -300i32..300).prop_map(|(neg, m, e)| Sf { neg, m, e }),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200_000, ..ProptestConfig::default() })]

        /// The 32-bit difference equals the binary32 difference rounded up, wherever it
        /// answers; it answers on every pair of normal values up to 7 binades apart in its
        /// exponent range.
        #[test]
        fn from_f32_diff_matches_f32_sub(b in any::<u32>(), a in any::<u32>(), close in any::<bool>(), d in -2000i32..2000) {
            let a = if close { b.wrapping_add(d as u32) } else { a };
            let want = Sf::from_f32(f32_sub(a, b));
            if let Some(got) = Sf::from_f32_diff(a, b) {
                prop_assert_eq!(got, want, "a = {:#x}, b = {:#x}", a, b);
            } else {
                let (ea, eb) = ((a >> 23) & 0xFF, (b >> 23) & 0xFF);
                prop_assert!(!(32..=253).contains(&ea) || !(32..=253).contains(&eb) || ea.abs_diff(eb) > 7);
            }
        }

        #[test]
        fn scale_pow2_matches_scale(x in sf(), k in 0u32..=16) {
            prop_assert_eq!(x.scale_pow2(k), x.scale(1 << k));
        }

        #[test]
        fn round_up32_matches_round_up64(neg in any::<bool>(), mag in any::<u32>(), exp in -400i32..400) {
            prop_assert_eq!(Sf::round_up32(neg, mag, exp), Sf::round_up64(neg, u64::from(mag), exp, false));
        }

        #[test]
        fn sum_squares2_matches_sum_squares(a in sf(), b in sf(), near in any::<bool>(), za in any::<bool>(), zb in any::<bool>()) {
            let a = if za { Sf::ZERO } else { a };
            let b = if zb { Sf::ZERO } else if near { Sf { e: a.e + 2 - b.e.rem_euclid(24), ..b } } else { b };
            prop_assert_eq!(Sf::sum_squares2(a, b), Sf::sum_squares([a, b, Sf::ZERO]));
            prop_assert_eq!(Sf::sum_squares2(b, a), Sf::sum_squares([b, a, Sf::ZERO]));
        }

        #[test]
        fn sum_squares_matches_definition(t in [sf(), sf(), sf()], near in any::<bool>()) {
            let mut t = t;
            if near {
                // Exponents within a few binades (the alignment's rounding).
                t[1].e = t[0].e - (t[1].e.rem_euclid(20));
                t[2].e = t[0].e + (t[2].e.rem_euclid(3));
            }
            prop_assert_eq!(Sf::sum_squares(t), sum_squares_ref(t));
        }
    }

    /// Both forms of [`len18`] on every `t` the sum of squares forms.
    #[test]
    fn len18_forms_agree() {
        for t in 1u32 << 17..1 << 20 {
            assert_eq!(len18_cmp(t), 32 - SF_BITS - t.leading_zeros(), "t = {t:#x}");
            assert_eq!(len18(t), len18_cmp(t), "t = {t:#x}");
        }
    }

    /// Every pair of adjacent binades and sign with dense significands: a ulp-level sweep.
    #[test]
    fn from_f32_diff_sweep() {
        for eb in [32u32, 33, 100, 126, 127, 128, 200, 246, 253] {
            for de in -8i32..=8 {
                let ea = eb as i32 + de;
                if !(1..=254).contains(&ea) {
                    continue;
                }
                for (i, mb) in (0u32..0x80_0000).step_by(4099).chain([0, 1, 0x7F_FFFF, 0x40_0000]).enumerate() {
                    let b = (eb << 23) | mb;
                    for ma in
                        [mb, mb ^ 1, mb.wrapping_add(63) & 0x7F_FFFF, (mb * 7 + i as u32) & 0x7F_FFFF, 0, 0x7F_FFFF]
                    {
                        for sign in [0u32, 0x8000_0000] {
                            let a = ((ea as u32) << 23) | ma | sign;
                            for (x, y) in [(a, b), (b, a), (a ^ 0x8000_0000, b ^ 0x8000_0000)] {
                                if let Some(got) = Sf::from_f32_diff(x, y) {
                                    assert_eq!(got, Sf::from_f32(f32_sub(x, y)), "a = {x:#x}, b = {y:#x}");
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
