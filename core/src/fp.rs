//! IEEE-754 binary32 / binary16 handled as bit patterns with integer arithmetic only.
//!
//! Every conversion here is exact or rounds **to nearest, ties to even** (RNE), once.

/// A binary32 value taken apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum F32Class {
    /// ±0.0.
    Zero,
    /// A finite non-zero value `mant × 2^exp` (`mant` < 2^24, subnormals included).
    Finite {
        /// Significand, hidden bit included for normal numbers.
        mant: u32,
        /// Power of two of the significand's LSB.
        exp: i32,
    },
    /// ±∞.
    Inf,
    /// Any NaN.
    NaN,
}

/// Splits a binary32 bit pattern into its sign and class.
pub const fn f32_parts(bits: u32) -> (bool, F32Class) {
    let neg = bits >> 31 == 1;
    let e = ((bits >> 23) & 0xFF) as i32;
    let m = bits & 0x007F_FFFF;
    let class = match e {
        0 if m == 0 => F32Class::Zero,
        0 => F32Class::Finite { mant: m, exp: -149 },
        255 if m == 0 => F32Class::Inf,
        255 => F32Class::NaN,
        _ => F32Class::Finite { mant: m | 0x0080_0000, exp: e - 150 },
    };
    (neg, class)
}

/// Number of significant bits of `v` (0 for 0).
const fn bit_len(v: u64) -> i32 {
    64 - v.leading_zeros() as i32
}

/// Packs `±(mag + s) × 2^exp2` into binary32 with RNE, where `s` is an unknown amount in
/// `(0, 1)` when `sticky` is set (the discarded rest of an exact quotient) and 0 otherwise.
/// Values below the normal range flush to a signed zero (the model never produces them:
/// its smallest non-zero results are far above 2^-126); overflow gives ±∞.
pub const fn round_pack_f32(neg: bool, mag: u64, exp2: i32, sticky: bool) -> u32 {
    let sign = if neg { 1u32 << 31 } else { 0 };
    if mag == 0 {
        return sign;
    }
    let len = bit_len(mag);
    let mut exp = exp2 + len - 1; // exponent of the leading bit
    let mut mant: u64;
    if len > 24 {
        let shift = (len - 24) as u32;
        mant = mag >> shift;
        let rem = mag & ((1u64 << shift) - 1);
        let half = 1u64 << (shift - 1);
        let above = rem > half || (rem == half && sticky);
        let tie = rem == half && !sticky;
        if above || (tie && mant & 1 == 1) {
            mant += 1;
            if mant == 1 << 24 {
                mant >>= 1;
                exp += 1;
            }
        }
    } else {
        // Exact in 24 bits; a sticky rest below the LSB of a ≤24-bit value is < half an
        // ULP only if we have spare bits, so callers always pass ≥ 25 bits with sticky.
        mant = mag << (24 - len) as u32;
    }
    let biased = exp + 127;
    if biased >= 255 {
        return sign | 0x7F80_0000;
    }
    if biased <= 0 {
        return sign;
    }
    sign | ((biased as u32) << 23) | (mant as u32 & 0x007F_FFFF)
}

/// RNE binary32 of `num / (den × 2^shift)`, exact rational input (`den ≥ 1`; `den = 0`
/// gives 0). This is the output conversion of every normalized result:
/// UNORM`n` uses `den = 2^n − 1`, SNORM`n` `den = 2^(n−1) − 1`, and `shift` is the total
/// weight precision of the filter (0 for a single texel).
pub const fn ratio_to_f32_bits(num: i64, den: u64, shift: u32) -> u32 {
    if num == 0 || den == 0 {
        return 0;
    }
    let neg = num < 0;
    let mag = num.unsigned_abs();
    // Scale the dividend so the quotient has at least 26 significant bits (24 + guard +
    // round), keeping it below 2^64: bit_len(mag << k) ≤ 26 + 1 + bit_len(den) ≤ 91 would
    // overflow for huge denominators, so k is capped by the free bits.
    let want = 26 + bit_len(den) - bit_len(mag);
    let room = 63 - bit_len(mag);
    let k = if want <= 0 { 0 } else if want > room { room } else { want };
    let scaled = mag << k as u32;
    let (q, r) = div_rem(scaled, den);
    round_pack_f32(neg, q, -(k + shift as i32), r != 0)
}

/// `(x / d, x % d)`, with the format denominators as constants so the compiler turns the
/// division into a multiply (the hot path of every normalized output).
#[inline]
const fn div_rem(x: u64, d: u64) -> (u64, u64) {
    match d {
        1 => (x, 0),
        255 => (x / 255, x % 255),
        65535 => (x / 65535, x % 65535),
        127 => (x / 127, x % 127),
        32767 => (x / 32767, x % 32767),
        31 => (x / 31, x % 31),
        63 => (x / 63, x % 63),
        15 => (x / 15, x % 15),
        16_777_215 => (x / 16_777_215, x % 16_777_215),
        _ => (x / d, x % d),
    }
}

/// RNE binary32 of the two's-complement fixed-point value `value / 2^frac_bits`.
pub const fn fixed_to_f32_bits(value: i64, frac_bits: u32) -> u32 {
    if value == 0 {
        return 0;
    }
    round_pack_f32(value < 0, value.unsigned_abs(), -(frac_bits as i32), false)
}

/// Exact binary16 → binary32 (NaN payloads kept, quiet bit set; ±0, subnormals, ±∞ exact).
pub const fn f16_to_f32_bits(h: u16) -> u32 {
    let sign = ((h as u32) >> 15) << 31;
    let e = ((h >> 10) & 0x1F) as u32;
    let m = (h & 0x3FF) as u32;
    match e {
        0 if m == 0 => sign,
        0 => {
            // Subnormal: m × 2^-24, normal in binary32.
            let len = 32 - m.leading_zeros(); // 1..=10
            let exp = len as i32 - 1 - 24; // exponent of the leading bit
            let frac = (m << (24 - len)) & 0x007F_FFFF; // drop the leading bit
            sign | (((exp + 127) as u32) << 23) | frac
        }
        31 if m == 0 => sign | 0x7F80_0000,
        31 => sign | 0x7FC0_0000 | (m << 13),
        _ => sign | ((e + 112) << 23) | (m << 13),
    }
}

/// binary32 → binary16, RNE (overflow → ±∞, NaN → quiet NaN `0x7E00` with the sign,
/// results below the fp16 subnormal range round to ±0).
pub const fn f32_to_f16_bits(bits: u32) -> u16 {
    let (neg, class) = f32_parts(bits);
    let sign: u16 = if neg { 0x8000 } else { 0 };
    match class {
        F32Class::Zero => sign,
        F32Class::Inf => sign | 0x7C00,
        F32Class::NaN => sign | 0x7E00,
        F32Class::Finite { mant, exp } => {
            // value = mant × 2^exp. fp16 LSB is 2^-24 for subnormals, 2^(e−25) for normals.
            let len = 32 - mant.leading_zeros() as i32;
            let top = exp + len - 1; // exponent of the leading bit
            if top > 15 {
                return sign | 0x7C00;
            }
            let lsb_exp = if top < -14 { -24 } else { top - 10 };
            let shift = lsb_exp - exp; // bits to drop (may be ≤ 0)
            let q: u32 = if shift <= 0 {
                mant << (-shift) as u32
            } else if shift >= 32 {
                0
            } else {
                let s = shift as u32;
                let q = mant >> s;
                let rem = mant & ((1u32 << s) - 1);
                let half = 1u32 << (s - 1);
                if rem > half || (rem == half && q & 1 == 1) {
                    q + 1
                } else {
                    q
                }
            };
            // q is the significand in units of 2^lsb_exp; rebuild the fields. A carry to
            // 2^11 (or 2^10 for subnormals) moves into the exponent naturally because the
            // encoding is monotonic: value = q × 2^lsb_exp.
            if lsb_exp == -24 {
                // Subnormal range: q ≤ 2^10 (2^10 is the smallest normal, encoded as e=1).
                sign | q as u16
            } else {
                let mut e = lsb_exp + 25; // biased exponent for significand q in [2^10, 2^11)
                let mut qq = q;
                if qq >= 1 << 11 {
                    qq >>= 1;
                    e += 1;
                }
                if e >= 31 {
                    return sign | 0x7C00;
                }
                sign | ((e as u16) << 10) | (qq as u16 & 0x3FF)
            }
        }
    }
}
