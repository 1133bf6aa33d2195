//! `Pf`: a small deterministic software float used by the LOD unit (derivatives, scale
//! factor, anisotropy, log2). 64-bit significand, 32-bit exponent, **truncating** (round
//! toward zero) in every operation, so results are identical on every target.
//!
//! It is not IEEE arithmetic and never leaves the LOD unit: the LOD unit's outputs are
//! fixed-point (8.8 LOD, S4.12 log-ratio, S2.6 unit vector) and each of their roundings is
//! named where it happens.

use crate::fp::{f32_parts, F32Class};

/// `(−1)^neg × m × 2^e`; `m = 0` is zero. Normalized values have bit 63 of `m` set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Pf {
    /// Sign.
    pub neg: bool,
    /// Significand.
    pub m: u64,
    /// Exponent of the significand's LSB.
    pub e: i32,
}

/// Exponent range kept: beyond it values saturate (huge) or flush to zero (tiny).
const E_MAX: i32 = 1 << 20;

impl Pf {
    /// Zero.
    pub const ZERO: Pf = Pf { neg: false, m: 0, e: 0 };

    /// A normalized value from parts.
    pub const fn new(neg: bool, m: u64, e: i32) -> Pf {
        Pf { neg, m, e }.norm()
    }

    /// An unsigned integer.
    pub const fn from_u64(v: u64) -> Pf {
        Pf::new(false, v, 0)
    }

    /// A binary32 bit pattern: NaN → 0, ±∞ → ±2^128 (larger than any finite fp32).
    pub const fn from_f32(bits: u32) -> Pf {
        match f32_parts(bits) {
            (_, F32Class::Zero) | (_, F32Class::NaN) => Pf::ZERO,
            (neg, F32Class::Inf) => Pf::new(neg, 1, 128),
            (neg, F32Class::Finite { mant, exp }) => Pf::new(neg, mant as u64, exp),
        }
    }

    /// Whether the value is zero.
    pub const fn is_zero(self) -> bool {
        self.m == 0
    }

    const fn norm(self) -> Pf {
        if self.m == 0 {
            return Pf::ZERO;
        }
        let lz = self.m.leading_zeros();
        let p = Pf { neg: self.neg, m: self.m << lz, e: self.e - lz as i32 };
        if p.e > E_MAX {
            Pf { neg: p.neg, m: 1 << 63, e: E_MAX }
        } else if p.e < -E_MAX {
            Pf::ZERO
        } else {
            p
        }
    }

    /// `|self|`.
    pub const fn abs(self) -> Pf {
        Pf { neg: false, m: self.m, e: self.e }
    }

    /// `−self`.
    pub const fn neg(self) -> Pf {
        Pf { neg: !self.neg && self.m != 0, m: self.m, e: self.e }
    }

    /// Product (truncated to 64 bits).
    pub const fn mul(self, o: Pf) -> Pf {
        if self.m == 0 || o.m == 0 {
            return Pf::ZERO;
        }
        let a = self.norm();
        let b = o.norm();
        let p = (a.m as u128 * b.m as u128) >> 64;
        Pf::new(a.neg != b.neg, p as u64, a.e + b.e + 64)
    }

    /// Quotient (truncated); division by zero gives the saturated huge value with the sign
    /// of the dividend (0 / 0 = 0).
    pub const fn div(self, o: Pf) -> Pf {
        if self.m == 0 {
            return Pf::ZERO;
        }
        if o.m == 0 {
            return Pf { neg: self.neg, m: 1 << 63, e: E_MAX };
        }
        let a = self.norm();
        let b = o.norm();
        // (a.m << 63) / b.m ∈ [2^62, 2^64)
        let q = crate::fp::divrem_u128((a.m as u128) << 63, b.m as u128).0;
        Pf::new(a.neg != b.neg, q as u64, a.e - b.e - 63)
    }

    /// Sum (the smaller operand's bits below the larger's LSB are truncated).
    ///
    /// The exact sum is formed on 128 bits — both significands placed at bit 62 of the wide
    /// value (2 guard bits of headroom), the smaller one shifted right by the exponent
    /// difference and truncated — and its top 64 bits are kept (truncated). The wide value is
    /// held as two `u64` halves so that every variable shift is a 64-bit one (a 128-bit
    /// shift by a variable amount is a long sequence on a 32-bit target).
    pub const fn add(self, o: Pf) -> Pf {
        if self.m == 0 {
            return o.norm();
        }
        let a = self.norm();
        if o.m == 0 {
            return a;
        }
        let b = o.norm();
        let (hi, lo) = if a.e >= b.e { (a, b) } else { (b, a) };
        let shift = (hi.e - lo.e) as u32;
        // hm = hi.m << 62, lm = (lo.m << 62) >> shift (0 from shift 126 on), as (high, low).
        let hm = (hi.m >> 2, hi.m << 62);
        let lm = if shift >= 126 {
            (0, 0)
        } else if shift == 62 {
            (0, lo.m)
        } else if shift < 62 {
            let k = 62 - shift;
            (lo.m >> (64 - k), lo.m << k)
        } else {
            (0, lo.m >> (shift - 62))
        };
        let (neg, mag) = if hi.neg == lo.neg {
            (hi.neg, add128(hm, lm))
        } else if hm.0 > lm.0 || (hm.0 == lm.0 && hm.1 >= lm.1) {
            (hi.neg, sub128(hm, lm))
        } else {
            (lo.neg, sub128(lm, hm))
        };
        let (mh, ml) = mag;
        if mh == 0 && ml == 0 {
            return Pf::ZERO;
        }
        // Bring back to 64 bits: the sum is below 2^127, so at most 63 bits are dropped.
        let len = if mh != 0 { 128 - mh.leading_zeros() as i32 } else { 64 - ml.leading_zeros() as i32 };
        let drop = len - 64;
        let m = if drop > 0 {
            let d = drop as u32;
            (mh << (64 - d)) | (ml >> d)
        } else {
            ml << (-drop) as u32
        };
        Pf::new(neg, m, hi.e - 62 + drop)
    }

    /// Difference.
    pub const fn sub(self, o: Pf) -> Pf {
        self.add(o.neg())
    }

    /// Compares magnitudes: `|self| < |o|`.
    pub const fn abs_lt(self, o: Pf) -> bool {
        let a = self.norm();
        let b = o.norm();
        if a.m == 0 {
            return b.m != 0;
        }
        if b.m == 0 {
            return false;
        }
        if a.e != b.e {
            return a.e < b.e;
        }
        a.m < b.m
    }

    /// The larger magnitude (of two non-negative values).
    pub const fn max(self, o: Pf) -> Pf {
        if self.abs_lt(o) {
            o
        } else {
            self
        }
    }

    /// The smaller magnitude.
    pub const fn min(self, o: Pf) -> Pf {
        if self.abs_lt(o) {
            self
        } else {
            o
        }
    }

    /// Square root of `|self|` (truncated).
    pub const fn sqrt(self) -> Pf {
        let a = self.norm();
        if a.m == 0 {
            return Pf::ZERO;
        }
        // value = m × 2^e with e made even: isqrt(m × 2^64 or 2^63) …
        let (wide, e) = if a.e & 1 == 0 { ((a.m as u128) << 64, a.e - 64) } else { ((a.m as u128) << 63, a.e - 63) };
        let r = isqrt_u128(wide);
        Pf::new(false, r as u64, e / 2)
    }

    /// `floor(log2 |self| × 2^frac)` for `frac ≤ 24`, by repeated squaring of the
    /// significand (one result bit per squaring; the squarings truncate at 62 bits, an
    /// error far below the last bit kept). Zero gives `i32::MIN`.
    pub const fn log2_fixed(self, frac: u32) -> i32 {
        let a = self.norm();
        if a.m == 0 {
            return i32::MIN;
        }
        let int = a.e + 63; // a = (m / 2^63) × 2^(e+63), m / 2^63 ∈ [1, 2)
        let mut x: u64 = a.m >> 1; // Q62
        let mut fbits: i64 = 0;
        let mut i = 0;
        while i < frac {
            let sq = ((x as u128 * x as u128) >> 62) as u64; // Q62, < 4
            fbits <<= 1;
            if sq >= 1 << 63 {
                fbits |= 1;
                x = sq >> 1;
            } else {
                x = sq;
            }
            i += 1;
        }
        let v = ((int as i64) << frac) + fbits;
        if v > i32::MAX as i64 {
            i32::MAX
        } else if v < i32::MIN as i64 + 1 {
            i32::MIN + 1
        } else {
            v as i32
        }
    }

    /// `RNE(self × 2^frac)` as a saturating `i64` (ties to even).
    pub const fn to_fixed_rne(self, frac: u32) -> i64 {
        let a = self.norm();
        if a.m == 0 {
            return 0;
        }
        let sh = a.e + frac as i32; // value × 2^frac = m × 2^sh
        let mag: u64 = if sh >= 0 {
            if sh >= 1 {
                // m has bit 63 set: any left shift overflows i64.
                return if a.neg { i64::MIN } else { i64::MAX };
            }
            a.m
        } else if sh <= -65 {
            0
        } else {
            let s = (-sh) as u32;
            let (q, rem, half) =
                if s == 64 { (0u64, a.m, 1u64 << 63) } else { (a.m >> s, a.m & ((1u64 << s) - 1), 1u64 << (s - 1)) };
            if rem > half || (rem == half && q & 1 == 1) {
                q + 1
            } else {
                q
            }
        };
        if mag > i64::MAX as u64 {
            return if a.neg { i64::MIN } else { i64::MAX };
        }
        if a.neg {
            -(mag as i64)
        } else {
            mag as i64
        }
    }
}

/// `a + b` on `(high, low)` halves (no overflow: both are below 2^126).
const fn add128(a: (u64, u64), b: (u64, u64)) -> (u64, u64) {
    let (lo, carry) = a.1.overflowing_add(b.1);
    (a.0.wrapping_add(b.0).wrapping_add(carry as u64), lo)
}

/// `a − b` on `(high, low)` halves, `a ≥ b`.
const fn sub128(a: (u64, u64), b: (u64, u64)) -> (u64, u64) {
    let (lo, borrow) = a.1.overflowing_sub(b.1);
    (a.0.wrapping_sub(b.0).wrapping_sub(borrow as u64), lo)
}

/// `floor(sqrt(v))`.
const fn isqrt_u128(v: u128) -> u128 {
    if v == 0 {
        return 0;
    }
    // Newton from an over-estimate.
    let bits = 128 - v.leading_zeros();
    let mut x: u128 = 1 << bits.div_ceil(2);
    loop {
        let y = (x + v / x) >> 1;
        if y >= x {
            return x;
        }
        x = y;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The former all-`u128` sum: the definition [`Pf::add`] must reproduce bit for bit.
    fn add_u128(x: Pf, o: Pf) -> Pf {
        if x.m == 0 {
            return o.norm();
        }
        if o.m == 0 {
            return x.norm();
        }
        let a = x.norm();
        let b = o.norm();
        let (hi, lo) = if a.e >= b.e { (a, b) } else { (b, a) };
        let shift = (hi.e - lo.e) as u32;
        let hm = (hi.m as u128) << 62;
        let lm = if shift >= 126 { 0 } else { ((lo.m as u128) << 62) >> shift };
        let (neg, mag) = if hi.neg == lo.neg {
            (hi.neg, hm + lm)
        } else if hm >= lm {
            (hi.neg, hm - lm)
        } else {
            (lo.neg, lm - hm)
        };
        if mag == 0 {
            return Pf::ZERO;
        }
        let len = 128 - mag.leading_zeros() as i32;
        let drop = len - 64;
        let m = if drop > 0 { (mag >> drop as u32) as u64 } else { (mag << (-drop) as u32) as u64 };
        Pf::new(neg, m, hi.e - 62 + drop)
    }

    /// Raw operands of every kind: zero significands, unnormalized ones, exponents that
    /// saturate or flush in `norm`, and nearby exponents (every shift 0 … 130).
    fn pf() -> impl Strategy<Value = Pf> {
        let m = prop_oneof![
            Just(0u64),
            Just(1u64),
            Just(u64::MAX),
            Just(1u64 << 63),
            any::<u64>(),
            (any::<u64>(), 0u32..64).prop_map(|(v, s)| v >> s),
        ];
        let e = prop_oneof![
            -140i32..140,
            -(E_MAX + 70)..-(E_MAX - 70),
            (E_MAX - 70)..(E_MAX + 70),
            any::<i32>().prop_map(|e| e >> 8)
        ];
        (any::<bool>(), m, e).prop_map(|(neg, m, e)| Pf { neg, m, e })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 20_000, ..ProptestConfig::default() })]

        #[test]
        fn add_matches_u128_definition(a in pf(), b in pf(), d in 0i32..131) {
            prop_assert_eq!(a.add(b), add_u128(a, b));
            // The same with an exact exponent distance.
            let c = Pf { e: a.e.saturating_sub(d), ..b };
            prop_assert_eq!(a.add(c), add_u128(a, c));
            prop_assert_eq!(c.add(a), add_u128(c, a));
            prop_assert_eq!(a.add(a.neg()), add_u128(a, a.neg()));
        }
    }
}
