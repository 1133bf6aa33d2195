//! IEEE-754 binary32 / binary16 handled as bit patterns with integer arithmetic only.
//!
//! Every conversion here is exact or rounds **to nearest, ties to even** (RNE), once. The
//! public items are the conversions a user of the model needs to prepare operands and read
//! results: binary16 ↔ binary32 ([`f16_to_f32_bits`], [`f32_to_f16_bits`],
//! [`f32_to_f16_mode`] with the `.F16` rounding modes of [`F16Rounding`]), and the binary32 /
//! binary16 nearest to an exact rational or fixed-point value ([`ratio_to_f32_bits`],
//! [`ratio_to_f16_bits`], [`fixed_to_f32_bits`]); the rest is the model's own arithmetic.

/// A binary32 value taken apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum F32Class {
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
pub(crate) const fn f32_parts(bits: u32) -> (bool, F32Class) {
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
    if cfg!(all(any(target_arch = "riscv32", target_arch = "riscv64"), not(target_feature = "zbb"))) {
        bit_len_table(v)
    } else {
        64 - v.leading_zeros() as i32
    }
}

/// [`bit_len`] by the byte table ([`leading_zeros_table`] of the high or the low word),
/// one shared copy: without a count-leading-zeros instruction the generic 64-bit count is
/// ≈ 50 instructions at every use.
#[inline(never)]
const fn bit_len_table(v: u64) -> i32 {
    let hi = (v >> 32) as u32;
    if hi != 0 {
        64 - leading_zeros_table(hi) as i32
    } else {
        32 - leading_zeros_table(v as u32) as i32
    }
}

/// Packs `±(mag + s) × 2^exp2` into binary32 with RNE, where `s` is an unknown amount in
/// `(0, 1)` when `sticky` is set (the discarded rest of an exact quotient) and 0 otherwise.
/// Values below the normal range flush to a signed zero (the model never produces them:
/// its smallest non-zero results are far above 2^-126); overflow gives ±∞.
pub(crate) const fn round_pack_f32(neg: bool, mag: u64, exp2: i32, sticky: bool) -> u32 {
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
    // (Past 2^-214 every quotient rounds to zero: a larger shift gives the same result.)
    let shift = if shift > MAX_RATIO_SHIFT { MAX_RATIO_SHIFT } else { shift };
    // Division-free exact paths for the 8- and 16-bit normalized denominators.
    if den == 255 && num > 0 && num <= u32::MAX as i64 && shift <= 64 {
        return unorm8_ratio_call(num as u32, shift);
    }
    ratio_mag_to_f32_bits(num < 0, num.unsigned_abs(), den, 0, shift, false)
}

/// RNE binary32 of `±(mag + s) × 2^drop / (den × 2^shift)` (`den ≥ 1`, `mag ≥ 1`; `s` in
/// `(0, 1)` when `sticky`, else 0): the one division of [`ratio_to_f32_bits`] and
/// [`ratio128_to_f32_bits`]. A sticky rest of `mag` lies below the 26 quotient bits kept,
/// so it only breaks ties.
const fn ratio_mag_to_f32_bits(neg: bool, mag: u64, den: u64, drop: i32, shift: u32, sticky: bool) -> u32 {
    // Scale the dividend so the quotient has at least 26 significant bits (24 + guard +
    // round): `⌊mag · 2^k / den⌋` with `k = 26 + bit_len(den) − bit_len(mag)`. The shifted
    // dividend fits 64 bits unless the denominator has more than 37 bits; then
    // [`wide_quotient`] divides the wider dividend exactly.
    let k = 26 + bit_len(den) - bit_len(mag);
    let k = if k < 0 { 0 } else { k };
    let (q, r) = if k > 63 - bit_len(mag) { wide_quotient(mag, den, k as u32) } else { div_rem(mag << k as u32, den) };
    round_pack_f32(neg, q, drop.wrapping_sub(k).wrapping_sub(shift as i32), r != 0 || sticky)
}

/// The largest `shift` the ratio conversions distinguish: `num / (den × 2^shift)` with
/// `|num| < 2^64` lies below 2^-214 past it, where binary32 and binary16 round to zero.
const MAX_RATIO_SHIFT: u32 = 256;

/// `(⌊mag · 2^k / den⌋, the remainder)` for `mag · 2^k` beyond 64 bits (a denominator of 38
/// bits or more, `k ≤ 90`; the quotient then has at most 27 bits): the integer quotient,
/// then `k` steps of restoring division on the remainder. Out of line and cold: no format's
/// denominator (at most `(2^24 − 1) ×` the filter's weight factor) comes near.
#[cold]
#[inline(never)]
const fn wide_quotient(mag: u64, den: u64, k: u32) -> (u64, u64) {
    let (mut q, mut r) = (mag / den, mag % den);
    let mut i = 0;
    while i < k {
        // `r < den`: `2r − den < den` whenever `2r ≥ den`, also when `2r` needs 65 bits.
        let carry = r >> 63;
        r <<= 1;
        q <<= 1;
        if carry == 1 || r >= den {
            r = r.wrapping_sub(den);
            q |= 1;
        }
        i += 1;
    }
    (q, r)
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

/// RNE binary32 of `x / (255 × 2^shift)` in 32-bit arithmetic (the output conversion of
/// every UNORM8 result; callers pass `shift ≤ 64`, which keeps every result normal). `x` is
/// normalised to `X = x << lz ∈ [2^31, 2^32)`; `X div 255` then has 24 or 25 significant bits.
/// - `X < 255 · 2^24` (24 bits): the rest `r/255` is never exactly ½ (255 is odd), so RNE is
///   round-half-up, `q = (X + 127) div 255` — one constant multiply, no remainder.
/// - otherwise (25 bits, `q = X div 255`, `r = X mod 255`): the dropped bit is the round bit
///   and `r ≠ 0` the sticky bit.
#[inline(always)]
pub(crate) const fn unorm8_ratio(x: u32, shift: u32) -> u32 {
    if x == 0 {
        return 0;
    }
    unorm8_ratio_lz(x, leading_zeros(x), shift)
}

/// [`unorm8_ratio`] of `x < 2^24` (a single filter level's sums): the same value, in the
/// form that is shortest on the target (all three forms are tested on every sum on the
/// host).
#[inline(always)]
pub(crate) const fn unorm8_ratio_small(x: u32, shift: u32) -> u32 {
    if cfg!(all(any(target_arch = "riscv32", target_arch = "riscv64"), not(target_feature = "zbb"))) {
        unorm8_ratio_small_table(x, shift)
    } else if cfg!(target_arch = "arm") {
        unorm8_ratio_small_masked(x, shift)
    } else {
        if x == 0 {
            return 0;
        }
        unorm8_ratio_small_lz(x, x.leading_zeros(), shift)
    }
}

/// [`unorm8_ratio_small`] without a count-leading-zeros instruction: the common case
/// `x ≥ 2^16` (every tap's component ≥ 1) takes one test and one table lookup; zero and the
/// small sums take the other branch (written first: LLVM then lays the common case out
/// without a jump).
#[inline(always)]
const fn unorm8_ratio_small_table(x: u32, shift: u32) -> u32 {
    let hi = x >> 16;
    let lz = if hi == 0 {
        if x == 0 {
            return 0;
        }
        leading_zeros_table16(x)
    } else {
        // `hi < 2^8`: it cannot be out of bounds.
        #[allow(clippy::indexing_slicing)]
        let c = CLZ8[(hi & 0xFF) as usize] as u32;
        8 + c
    };
    unorm8_ratio_small_lz(x, lz, shift)
}

/// [`unorm8_ratio_small`] with zero handled without a branch (Thumb-2: no block for the
/// zero case to jump around): `x | 1` has the leading one of `x ≠ 0`; `x = 0` gives
/// `big = 0` and `q = 0`, and `big`'s sign mask (one `and` with a shifted operand) clears
/// the exponent.
#[inline(always)]
const fn unorm8_ratio_small_masked(x: u32, shift: u32) -> u32 {
    let lz = (x | 1).leading_zeros();
    let big = x << lz;
    let q = div255_round_up(big);
    if q > 1 << 24 {
        unorm8_ratio_25(big, lz, shift)
    } else {
        (((149 - shift - lz) << 23) & ((big as i32 >> 31) as u32)) + q
    }
}

/// The common case of the UNORM8 conversion with zero handled without a branch, for
/// `big = (x | 1).leading_zeros()`-normalized sums: `big = x << lz` with
/// `lz = (x | 1).leading_zeros()` and `big ≤ 255 · 2^24` — [`unorm8_ratio`]`(x, shift)`
/// (`x = 0`: `big = 0`, the sign mask clears the exponent and the quotient is 0). The
/// callers test `big > 255 · 2^24` (the 25-bit case) first.
#[inline(always)]
pub(crate) const fn unorm8_ratio_masked_common(big: u32, lz: u32, shift: u32) -> u32 {
    (((149 - shift - lz) << 23) & ((big as i32 >> 31) as u32)) + div255_round_up(big)
}

/// [`unorm8_ratio_small`] of `x ≠ 0` with `lz = x.leading_zeros()`.
#[inline(always)]
const fn unorm8_ratio_small_lz(x: u32, lz: u32, shift: u32) -> u32 {
    let big = x << lz;
    // `big` is a multiple of 2^8 below 2^32, so the reciprocal multiply is defined for it;
    // its quotient exceeds 2^24 exactly when `big > 255 · 2^24` (the 25-bit case). A quotient
    // of 2^24 (`big = 255 · 2^24`, a component of 1.0 such as opaque alpha) carries into the
    // exponent, which is the exact result. (The test on the quotient is one compare with an
    // immediate on Thumb-2, where `big ≤ 0xFF00_0000` needs a constant register; written as
    // `q > 2^24` since LLVM turns `q ≤ 2^24` into `q < 2^24 + 1`, which needs one too.)
    let q = div255_round_up(big);
    if q > 1 << 24 {
        unorm8_ratio_25(big, lz, shift)
    } else {
        ((149 - shift - lz) << 23) + q
    }
}

/// [`unorm8_ratio`] of `x ≠ 0` with `lz = x.leading_zeros()`.
#[inline(always)]
const fn unorm8_ratio_lz(x: u32, lz: u32, shift: u32) -> u32 {
    let big = x << lz; // [2^31, 2^32)
                       // value = q × 2^-(shift + lz). The significand (with its leading bit) is added to the
                       // biased exponent minus one: the leading bit restores it, and a rounding carry out of the
                       // significand (q = 2^24, at big = 255 · 2^24) increments it, as RNE requires.
    if big <= 255 << 24 {
        ((149 - shift - lz) << 23) + div255_round_up(big)
    } else {
        unorm8_ratio_25(big, lz, shift)
    }
}

/// `(y + 127) div 255` for `y < 2^32 − 128`, as the high word of `(y + 128) · 0x0101_0101`
/// (one multiply by a constant that Thumb-2 encodes in one instruction, and no shift).
///
/// `0x0101_0101 / 2^32 = (1 − 2^-32) / 255`, so with `z = y + 128 < 2^32` the high word is
/// `⌊z / 255 − ε⌋`, `0 < ε = z / (255 · 2^32) < 1/255`. If `255 | z` that is `z / 255 − 1`;
/// otherwise `z / 255` has a fractional part of at least `1/255 > ε` and the floor is
/// `⌊z / 255⌋`. Both are `⌊(z − 1) / 255⌋ = (y + 127) div 255`. (Exhaustive tests of every
/// single-level sum and of every 16-bit-aligned one check it.)
#[inline(always)]
pub(crate) const fn div255_round_up(y: u32) -> u32 {
    (((y + 128) as u64 * 0x0101_0101) >> 32) as u32
}

/// The 25-bit quotient case of the UNORM8 conversion (`big > 255 · 2^24`: components just
/// below a power of two, about 1 value in 128), out of line and cold on every target: the
/// common case then runs straight through.
#[cold]
#[inline(never)]
const fn unorm8_ratio_25(big: u32, lz: u32, shift: u32) -> u32 {
    unorm8_ratio_25_inline(big, lz, shift)
}

/// [`unorm8_ratio_25`] inline: for a loop that makes no calls (on RV32 its operands then
/// stay in the caller-saved registers and the loop's function saves none; `divu` is one
/// instruction there).
#[inline(always)]
const fn unorm8_ratio_25_inline(big: u32, lz: u32, shift: u32) -> u32 {
    let q = big / 255; // [2^24, 2^24 + 2^16]
    let r = big - q * 255;
    let m = q >> 1;
    let up = q & 1 & ((r != 0) as u32 | (m & 1));
    ((150 - shift - lz) << 23) + m + up
}

/// [`unorm8_ratio`] with every case inline (the table count without a count-leading-zeros
/// instruction, the 25-bit case without a call): the same value, for a conversion loop that
/// makes no calls.
#[inline(always)]
pub(crate) const fn unorm8_ratio_leaf(x: u32, shift: u32) -> u32 {
    let top = x >> 24;
    if top == 0 {
        if x == 0 {
            return 0;
        }
        let lz = leading_zeros_table24(x);
        let big = x << lz;
        // `x < 2^24`: `big < 255 · 2^24` unless `x · 2^lz` is just below 2^32.
        return if big <= 255 << 24 {
            ((149 - shift - lz) << 23) + div255_round_up(big)
        } else {
            unorm8_ratio_25_inline(big, lz, shift)
        };
    }
    // The common case (`x ≥ 2^24`) on its own: one table lookup, no join with the other
    // branch's count. `top ≤ 255`: it cannot be out of bounds.
    #[allow(clippy::indexing_slicing)]
    let lz = CLZ8[top as usize] as u32;
    let big = x << lz;
    if big <= 255 << 24 {
        ((149 - shift - lz) << 23) + div255_round_up(big)
    } else {
        unorm8_ratio_25_inline(big, lz, shift)
    }
}

/// [`unorm8_ratio`] out of line: one shared copy for the callers off the filter kernel.
#[inline(never)]
pub(crate) const fn unorm8_ratio_call(x: u32, shift: u32) -> u32 {
    unorm8_ratio(x, shift)
}

/// Leading zeros of a byte (`8` for 0).
// Compile-time table fill: an out-of-range index is a build error, not a panic.
#[allow(clippy::indexing_slicing)]
const CLZ8: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = (i as u8).leading_zeros() as u8;
        i += 1;
    }
    t
};

/// `x.leading_zeros()` by byte table lookups, for cores without a count-leading-zeros
/// instruction (RV32IMAC without Zbb: the generic sequence is ≈ 25 instructions).
#[inline(always)]
pub(crate) const fn leading_zeros_table(x: u32) -> u32 {
    if x >> 24 != 0 {
        // `x >> 24` is at most 255: it cannot be out of bounds.
        #[allow(clippy::indexing_slicing)]
        return CLZ8[(x >> 24) as usize] as u32;
    }
    leading_zeros_table24(x)
}

/// [`leading_zeros_table`] of `x < 2^24` (larger `x` give wrong counts).
#[inline(always)]
pub(crate) const fn leading_zeros_table24(x: u32) -> u32 {
    let hi = x >> 16;
    if hi != 0 {
        // `hi` is at most 255 here: it cannot be out of bounds.
        #[allow(clippy::indexing_slicing)]
        return 8 + CLZ8[(hi & 0xFF) as usize] as u32;
    }
    leading_zeros_table16(x)
}

/// [`leading_zeros_table`] of `x < 2^16` (larger `x` give wrong counts).
#[inline(always)]
const fn leading_zeros_table16(x: u32) -> u32 {
    let (byte, base) = if x >> 8 != 0 { (x >> 8, 16) } else { (x, 24) };
    // The index is masked to 0 … 255: it cannot be out of bounds.
    #[allow(clippy::indexing_slicing)]
    let lz = CLZ8[(byte & 0xFF) as usize] as u32;
    lz + base
}

/// `(x | 2^23).leading_zeros()` for `x` a multiple of 2^24 (a byte in the top bits): the
/// byte's leading zeros in 8 bits, 8 for zero. One table lookup on cores without a
/// count-leading-zeros instruction (a test checks both forms on every byte).
#[inline(always)]
pub(crate) const fn leading_zeros_top_byte(x: u32) -> u32 {
    if cfg!(all(any(target_arch = "riscv32", target_arch = "riscv64"), not(target_feature = "zbb"))) {
        leading_zeros_top_byte_table(x)
    } else {
        (x | 1 << 23).leading_zeros()
    }
}

/// [`leading_zeros_top_byte`] by the byte table.
#[inline(always)]
const fn leading_zeros_top_byte_table(x: u32) -> u32 {
    // `x >> 24` is at most 255: it cannot be out of bounds.
    #[allow(clippy::indexing_slicing)]
    let lz = CLZ8[(x >> 24) as usize] as u32;
    lz
}

/// `x.leading_zeros()` with the cheaper form for the target.
#[inline(always)]
pub(crate) const fn leading_zeros(x: u32) -> u32 {
    if cfg!(all(any(target_arch = "riscv32", target_arch = "riscv64"), not(target_feature = "zbb"))) {
        leading_zeros_table(x)
    } else {
        x.leading_zeros()
    }
}

/// RNE binary32 of the two's-complement fixed-point value `value / 2^frac_bits`.
pub const fn fixed_to_f32_bits(value: i64, frac_bits: u32) -> u32 {
    if value == 0 {
        return 0;
    }
    // (Past 2^-214 every value rounds to zero: more fraction bits give the same result.)
    let frac_bits = if frac_bits > MAX_RATIO_SHIFT { MAX_RATIO_SHIFT } else { frac_bits };
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

/// binary32 division `a / b`, RNE. NaN operands, `0/0` and `∞/∞` give the quiet NaN
/// `0x7FC0_0000`; `x/0` gives ±∞; results below the normal range flush to ±0.
pub const fn f32_div(a: u32, b: u32) -> u32 {
    let (na, ca) = f32_parts(a);
    let (nb, cb) = f32_parts(b);
    let neg = na != nb;
    let sign = if neg { 1u32 << 31 } else { 0 };
    match (ca, cb) {
        (F32Class::NaN, _) | (_, F32Class::NaN) => 0x7FC0_0000,
        (F32Class::Inf, F32Class::Inf) | (F32Class::Zero, F32Class::Zero) => 0x7FC0_0000,
        (F32Class::Inf, _) | (_, F32Class::Zero) => sign | 0x7F80_0000,
        (F32Class::Zero, _) | (_, F32Class::Inf) => sign,
        (F32Class::Finite { mant: ma, exp: ea }, F32Class::Finite { mant: mb, exp: eb }) => {
            // A subnormal dividend is normalized first (ma in [2^23, 2^24)), so that
            // (ma << 40) / mb has 40 … 64 bits: always ≥ 26 significant bits, a guard bit
            // and a sticky rest, whatever the operands.
            let lz = ma.leading_zeros() as i32 - 8;
            let (ma, ea) = (ma << lz, ea - lz);
            let num = (ma as u64) << 40;
            // `mb ≥ 1` for a finite non-zero value; the test only tells the compiler so (no
            // division-by-zero panic path).
            let mb = if mb == 0 { 1 } else { mb as u64 };
            let q = num / mb;
            let r = num % mb;
            round_pack_f32(neg, q, ea - eb - 40, r != 0)
        }
    }
}

/// binary32 `a − b`, IEEE 754 with RNE and gradual underflow: NaN operands and `∞ − ∞` give
/// the quiet NaN `0x7FC0_0000`, an exact zero difference is `+0`, overflow gives ±∞. The
/// sampling ops' implicit derivatives (`∂/∂x = lane 1 − lane 0`, what a shader's coarse
/// derivative returns) are this difference.
pub const fn f32_sub(a: u32, b: u32) -> u32 {
    f32_add(a, b ^ 0x8000_0000)
}

/// binary32 `a + b`, IEEE 754 with RNE and gradual underflow (see [`f32_sub`]).
pub const fn f32_add(a: u32, b: u32) -> u32 {
    let (na, ca) = f32_parts(a);
    let (nb, cb) = f32_parts(b);
    match (ca, cb) {
        (F32Class::NaN, _) | (_, F32Class::NaN) => 0x7FC0_0000,
        (F32Class::Inf, F32Class::Inf) => {
            if na == nb {
                a
            } else {
                0x7FC0_0000
            }
        }
        (F32Class::Inf, _) => a,
        (_, F32Class::Inf) => b,
        (F32Class::Zero, F32Class::Zero) => {
            if na && nb {
                0x8000_0000
            } else {
                0
            }
        }
        (F32Class::Zero, _) => b,
        (_, F32Class::Zero) => a,
        (F32Class::Finite { mant: ma, exp: ea }, F32Class::Finite { mant: mb, exp: eb }) => {
            // The operand with the larger exponent is `hi`. Within 38 bits of each other the
            // sum is exact in 64 bits; further apart the smaller one only decides the
            // rounding (it is below a quarter of hi's last bit kept, 3 guard bits down).
            let (hn, hm, he, ln, lm, le) =
                if ea >= eb { (na, ma as u64, ea, nb, mb as u64, eb) } else { (nb, mb as u64, eb, na, ma as u64, ea) };
            let d = (he - le) as u32;
            let (h, l, exp, far) = if d <= 38 { (hm << d, lm, le, false) } else { (hm << 3, 0, he - 3, true) };
            if hn == ln {
                round_pack_f32_gradual(hn, h + l, exp, far)
            } else if far {
                // h − (something in (0, 1)): 2h − 1 at half the unit, plus a sticky rest.
                round_pack_f32_gradual(hn, 2 * h - 1, exp - 1, true)
            } else if h >= l {
                round_pack_f32_gradual(hn, h - l, exp, false)
            } else {
                round_pack_f32_gradual(ln, l - h, exp, false)
            }
        }
    }
}

/// Packs `±(mag + s) × 2^exp2` into binary32 with RNE and gradual underflow (`s` in `(0, 1)`
/// when `sticky`, else 0; callers pass ≥ 2 bits below the last bit kept when `sticky`).
/// `mag = 0` without `sticky` is `+0`.
const fn round_pack_f32_gradual(neg: bool, mag: u64, exp2: i32, sticky: bool) -> u32 {
    if mag == 0 {
        return 0;
    }
    let sign = if neg { 1u32 << 31 } else { 0 };
    let len = bit_len(mag);
    let lead = exp2 + len - 1;
    // Bits to drop below the last kept bit: 24 significant bits for a normal result, the
    // 2^-149 grid for a subnormal one.
    let drop = if lead >= -126 { len - 24 } else { -149 - exp2 };
    let mant: u64 = if drop <= 0 {
        mag << (-drop) as u32
    } else if drop >= 64 {
        0 // far below half of 2^-149
    } else {
        let sh = drop as u32;
        let q = mag >> sh;
        let rem = mag & ((1u64 << sh) - 1);
        let half = 1u64 << (sh - 1);
        let above = rem > half || (rem == half && sticky);
        if above || (rem == half && !sticky && q & 1 == 1) {
            q + 1
        } else {
            q
        }
    };
    // The exponent of the kept significand's last bit; a carry out of 24 bits (or of the
    // subnormal range into the normal one) moves the leading bit up.
    let last = exp2 + drop;
    if mant == 0 {
        return sign;
    }
    let mlen = bit_len(mant);
    let lead = last + mlen - 1;
    if lead >= 128 {
        return sign | 0x7F80_0000;
    }
    if lead < -126 {
        // Subnormal: the significand on the 2^-149 grid.
        return sign | mant as u32;
    }
    // Normal: 24 bits (a carry to 2^24 is a power of two: drop its last bit).
    let m24 = if mlen > 24 { mant >> 1 } else { mant << (24 - mlen) as u32 };
    sign | (((lead + 127) as u32) << 23) | (m24 as u32 & 0x007F_FFFF)
}

/// RNE binary32 of `num / (den × 2^shift)` for a 128-bit numerator (the binary16 filter
/// accumulators). Bits beyond 63 are folded into a sticky bit before the division, which
/// keeps the rounding exact (they lie far below the 26 quotient bits kept).
pub(crate) const fn ratio128_to_f32_bits(num: i128, den: u64, shift: u32) -> u32 {
    if num == 0 || den == 0 {
        return 0;
    }
    let neg = num < 0;
    let mag = num.unsigned_abs();
    // (Of the two words: one shared 64-bit count, [`bit_len`].)
    let hi = (mag >> 64) as u64;
    let len = if hi != 0 { 64 + bit_len(hi) } else { bit_len(mag as u64) };
    let drop = if len > 62 { len - 62 } else { 0 };
    let sticky = drop > 0 && mag & ((1u128 << drop as u32) - 1) != 0;
    let top = (mag >> drop as u32) as u64; // < 2^62
    ratio_mag_to_f32_bits(neg, top, den, drop, shift, sticky)
}

/// Rounding modes of the `.F16` output (NVIDIA `FP16_ROUNDING_MODE`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum F16Rounding {
    /// Round to nearest, ties to even.
    NearestEven,
    /// Round toward zero.
    TowardZero,
}

/// binary16 of the exact rational `num / (den × 2^shift)` (`den ≥ 1`) under `mode`.
/// Overflow: ±∞ (RNE) or ±65504 (RTZ); below the subnormal range: ±0.
pub const fn ratio_to_f16_bits(num: i64, den: u64, shift: u32, mode: F16Rounding) -> u16 {
    if num == 0 || den == 0 {
        return 0;
    }
    let neg = num < 0;
    let sign: u16 = if neg { 0x8000 } else { 0 };
    let mag = num.unsigned_abs();
    let shift = if shift > MAX_RATIO_SHIFT { MAX_RATIO_SHIFT } else { shift };
    // Quotient with ≥ 14 significant bits plus an exact remainder (a denominator of more
    // than 47 bits: the wide division, as in [`ratio_mag_to_f32_bits`]).
    let k = 16 + bit_len(den) - bit_len(mag);
    let k = if k < 0 { 0 } else { k };
    let (q, r) = if k > 63 - bit_len(mag) { wide_quotient(mag, den, k as u32) } else { div_rem(mag << k as u32, den) };
    // value = (q + r/den) × 2^e0
    let e0 = -(k + shift as i32);
    let len = bit_len(q);
    if len == 0 {
        // Below 2^e0 (only when den is huge): flush.
        return sign;
    }
    let top = e0 + len - 1; // exponent of the leading bit
    if top > 15 {
        return match mode {
            F16Rounding::NearestEven => sign | 0x7C00,
            F16Rounding::TowardZero => sign | 0x7BFF,
        };
    }
    let lsb = if top < -14 { -24 } else { top - 10 };
    let drop = lsb - e0; // bits of q below the fp16 LSB
    let (mut m, rem_nonzero, half_cmp) = if drop <= 0 {
        (q << (-drop) as u32, r != 0, core::cmp::Ordering::Less)
    } else if drop >= 64 {
        (0, true, core::cmp::Ordering::Less)
    } else {
        let d = drop as u32;
        let m = q >> d;
        let low = q & ((1u64 << d) - 1);
        let half = 1u64 << (d - 1);
        let cmp = if low > half || (low == half && r != 0) {
            core::cmp::Ordering::Greater
        } else if low == half {
            core::cmp::Ordering::Equal
        } else {
            core::cmp::Ordering::Less
        };
        (m, low != 0 || r != 0, cmp)
    };
    if let F16Rounding::NearestEven = mode {
        let up = match half_cmp {
            core::cmp::Ordering::Greater => true,
            core::cmp::Ordering::Equal => m & 1 == 1,
            core::cmp::Ordering::Less => false,
        };
        if up {
            m += 1;
        }
    }
    let _ = rem_nonzero;
    // m is the significand in units of 2^lsb.
    if lsb == -24 {
        // Subnormal (m ≤ 2^10; 2^10 encodes the smallest normal).
        return sign | m as u16;
    }
    let mut e = lsb + 25;
    if m >= 1 << 11 {
        m >>= 1;
        e += 1;
    }
    if e >= 31 {
        return match mode {
            F16Rounding::NearestEven => sign | 0x7C00,
            F16Rounding::TowardZero => sign | 0x7BFF,
        };
    }
    sign | ((e as u16) << 10) | (m as u16 & 0x3FF)
}

/// binary32 of the exact rational `num / den` (`den ≥ 1`, `|num|, den < 2^32`) **rounded to
/// odd**: the significand truncated to 24 bits, its last bit set when anything was dropped.
///
/// This is the intermediate a hardware `.F16` path rounds from: a binary32 rounded to odd
/// carries 13 bits more than binary16, so converting it with [`f32_to_f16_mode`] gives
/// exactly [`ratio_to_f16_bits`]`(num, den, 0, mode)` for either mode (one rounding, not two;
/// the module tests check it for every UNORM code of 1 … 16 bits and sampled 17 … 24-bit
/// codes). Inside the stated range the value is a normal binary32 (2^-32 … 2^32);
/// `den = 0` or `num = 0` give `+0`, and out-of-range operands are truncated to 32 bits.
pub const fn ratio_to_f32_odd_bits(num: i64, den: u64) -> u32 {
    let mag = (num.unsigned_abs() & 0xFFFF_FFFF) as u128;
    let den = (den & 0xFFFF_FFFF) as u128;
    if mag == 0 || den == 0 {
        return 0;
    }
    let sign: u32 = if num < 0 { 0x8000_0000 } else { 0 };
    // (mag << 64) / den has 33 ... 96 bits; keep the top 24, the rest (and the remainder)
    // only as "inexact".
    let scaled = mag << 64;
    let q = scaled / den;
    let drop = (128 - q.leading_zeros()) - 24;
    let sticky = !scaled.is_multiple_of(den) || q & ((1u128 << drop) - 1) != 0;
    // value ≈ (q >> drop) × 2^(drop - 64), the leading bit at 23: biased exponent 86 + drop.
    let sig = ((q >> drop) as u32) | sticky as u32;
    sign | ((86 + drop) << 23) | (sig & 0x007F_FFFF)
}

/// binary32 → binary16 under `mode` (NaN → `0x7E00` with the sign; ±∞ → ±∞).
pub const fn f32_to_f16_mode(bits: u32, mode: F16Rounding) -> u16 {
    match f32_parts(bits) {
        (neg, F32Class::Zero) => {
            if neg {
                0x8000
            } else {
                0
            }
        }
        (neg, F32Class::Inf) => {
            if neg {
                0xFC00
            } else {
                0x7C00
            }
        }
        (neg, F32Class::NaN) => {
            if neg {
                0xFE00
            } else {
                0x7E00
            }
        }
        (neg, F32Class::Finite { mant, exp }) => {
            let n = if neg { -(mant as i64) } else { mant as i64 };
            if exp >= 0 {
                // |x| ≥ 2^23: past the binary16 range whatever the exponent, and mant
                // alone overflows it the same way (a shifted mant could leave the i64).
                ratio_to_f16_bits(n, 1, 0, mode)
            } else {
                ratio_to_f16_bits(n, 1, (-exp) as u32, mode)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A UNORM code's `.F16` value through the binary32 rounded to odd equals the direct
    /// binary16 rounding, in both modes (the hardware path's identity).
    fn odd_then_f16_holds(v: u64, d: u64) {
        for mode in [F16Rounding::NearestEven, F16Rounding::TowardZero] {
            let direct = ratio_to_f16_bits(v as i64, d, 0, mode);
            let odd = ratio_to_f32_odd_bits(v as i64, d);
            assert_eq!(f32_to_f16_mode(odd, mode), direct, "{v} / {d} {mode:?} (odd {odd:#010x})");
            assert_eq!(f32_to_f16_mode(odd | 0x8000_0000, mode), direct | 0x8000, "-{v} / {d} {mode:?}");
        }
    }

    #[test]
    fn round_to_odd_binary32_then_binary16_is_one_rounding() {
        for n in 1..=16u32 {
            let d = (1u64 << n) - 1;
            for v in 1..=d {
                odd_then_f16_holds(v, d);
            }
        }
        for n in 17..=24u32 {
            let d = (1u64 << n) - 1;
            let mut v = 1u64;
            while v <= d {
                odd_then_f16_holds(v, d);
                odd_then_f16_holds(d - v + 1, d);
                v = v * 3 / 2 + 1 + (v % 7);
            }
            for v in (0..4096u64).map(|i| 1 + i * (d / 4096)) {
                odd_then_f16_holds(v, d);
            }
        }
    }

    #[test]
    fn f16_mode_overflow_keeps_the_sign_at_every_exponent() {
        for e in 143..=254u32 {
            for m in [0u32, 1, 0x7F_EFFF, 0x7F_FFFF] {
                let x = e << 23 | m;
                assert_eq!(f32_to_f16_mode(x, F16Rounding::NearestEven), 0x7C00, "{x:#x}");
                assert_eq!(f32_to_f16_mode(x, F16Rounding::TowardZero), 0x7BFF, "{x:#x}");
                assert_eq!(f32_to_f16_mode(x | 0x8000_0000, F16Rounding::NearestEven), 0xFC00, "-{x:#x}");
                assert_eq!(f32_to_f16_mode(x | 0x8000_0000, F16Rounding::TowardZero), 0xFBFF, "-{x:#x}");
            }
        }
        // and RNE agrees with the plain conversion everywhere near and above the range
        for x in (0x4700_0000u32..0x7F80_0000).step_by(0x1_0001) {
            assert_eq!(f32_to_f16_mode(x, F16Rounding::NearestEven), f32_to_f16_bits(x), "{x:#x}");
        }
    }

    #[test]
    fn round_to_odd_binary32_truncates_and_marks_inexact() {
        assert_eq!(ratio_to_f32_odd_bits(1, 3), 0x3EAA_AAAB); // 0.0101…: truncated, last bit set
        assert_eq!(ratio_to_f32_odd_bits(2, 3), 0x3F2A_AAAB); // RNE would also give …AB
        assert_eq!(ratio_to_f32_odd_bits(1, 1), 0x3F80_0000);
        assert_eq!(ratio_to_f32_odd_bits(-1, 2), 0xBF00_0000);
        assert_eq!(ratio_to_f32_odd_bits(1, 0xFF_FFFF), 0x3380_0001);
        assert_eq!(ratio_to_f32_odd_bits(0, 5), 0);
        assert_eq!(ratio_to_f32_odd_bits(5, 0), 0);
        assert_eq!(ratio_to_f32_odd_bits(0xFFFF_FFFF, 1), 0x4F7F_FFFF);
        assert_eq!(ratio_to_f32_odd_bits(1, 0xFFFF_FFFF), 0x2F80_0001);
    }

    /// Binary32 with exponents near each other (cancellation, subnormal results) or any.
    fn f32_operand() -> impl Strategy<Value = u32> {
        prop_oneof![
            any::<u32>(),
            (any::<bool>(), 0u32..8, 0u32..0x80_0000).prop_map(|(n, e, m)| u32::from(n) << 31 | e << 23 | m),
            (any::<bool>(), 100u32..104, 0u32..0x80_0000).prop_map(|(n, e, m)| u32::from(n) << 31 | e << 23 | m),
            prop::sample::select(&[0u32, 0x8000_0000, 0x7F80_0000, 0xFF80_0000, 0x7FC0_0000, 1, 0x7F7F_FFFF][..]),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 50_000, ..ProptestConfig::default() })]

        /// `f32_add` / `f32_sub` are the IEEE operations (the host's, with gradual underflow),
        /// NaN canonical.
        #[test]
        #[allow(clippy::float_arithmetic)]
        fn f32_add_sub_are_ieee(a in f32_operand(), b in f32_operand(), near in any::<bool>()) {
            // `near`: b a few ulps from a (exact cancellation).
            let b = if near { a.wrapping_add(b % 7).wrapping_sub(3) } else { b };
            let (x, y) = (f32::from_bits(a), f32::from_bits(b));
            for (got, want) in [(f32_add(a, b), x + y), (f32_sub(a, b), x - y)] {
                if want.is_nan() {
                    prop_assert_eq!(got, 0x7FC0_0000);
                } else {
                    prop_assert_eq!(got, want.to_bits(), "{:#x} {:#x}", a, b);
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 50_000, ..ProptestConfig::default() })]

        /// `f32_div` is the IEEE division (the host's) with NaN canonical and results below
        /// the normal range flushed to a signed zero. The host rounds such a result on the
        /// subnormal grid, the model on 24 bits before the flush: the two agree except where
        /// the 24-bit rounding reaches the smallest normal, which is excluded (the host's
        /// value is then subnormal or that normal; the model's is checked as the normal).
        #[test]
        #[allow(clippy::float_arithmetic)]
        fn f32_div_is_ieee_flushed(a in f32_operand(), b in f32_operand()) {
            let (x, y) = (f32::from_bits(a), f32::from_bits(b));
            let want = x / y;
            let got = f32_div(a, b);
            if want.is_nan() {
                prop_assert_eq!(got, 0x7FC0_0000);
            } else if want.is_subnormal() || want.to_bits() & 0x7FFF_FFFF == 0x0080_0000 {
                let sign = want.to_bits() & 0x8000_0000;
                prop_assert!(got == sign || got == sign | 0x0080_0000, "{:#x} / {:#x}: {:#x}", a, b, got);
            } else {
                prop_assert_eq!(got, want.to_bits(), "{:#x} / {:#x}", a, b);
            }
        }
    }

    /// A subnormal dividend: the quotient is rounded to nearest even on 24 bits like any
    /// other (`2^-149 / (2^-126 (1 + 2^-23))` is `2^-23 − 2^-46`, not the 17-bit
    /// truncation `2^-23 − 2^-40`).
    #[test]
    fn f32_div_subnormal_dividend() {
        assert_eq!(f32_div(0x0000_0001, 0x0080_0001), 0x33FF_FFFE);
        assert_eq!(f32_div(0x0000_0001, 0x0080_0000), 0x3400_0000);
        assert_eq!(f32_div(0x8000_0003, 0x0000_0001), 0xC040_0000);
    }

    proptest! {
        /// The 128-bit converter agrees with the 64-bit one on 64-bit numerators (the fold
        /// to 62 bits and its sticky bit included), and a numerator scaled by `2^s` with
        /// the shift raised by `s` is the same value (the high word's bit count).
        #[test]
        fn ratio128_matches_ratio(num in any::<i64>(), den in 1u64..1 << 26, shift in 0u32..40, s in 0u32..64) {
            let want = ratio_to_f32_bits(num, den, shift);
            prop_assert_eq!(ratio128_to_f32_bits(i128::from(num), den, shift), want);
            prop_assert_eq!(ratio128_to_f32_bits(i128::from(num) << s, den, shift + s), want);
        }
    }

    #[test]
    fn bit_len_table_edges() {
        assert_eq!(bit_len_table(0), 0);
        for k in 0..64 {
            for v in [1u64 << k, (1u64 << k) - 1, (1u64 << k) | 1, u64::MAX >> k] {
                assert_eq!(bit_len_table(v), 64 - v.leading_zeros() as i32, "v = {v:#x}");
            }
        }
    }

    #[test]
    fn leading_zeros_table_edges() {
        assert_eq!(leading_zeros_table(0), 32);
        for k in 0..32 {
            for x in [1u32 << k, (1u32 << k) - 1, (1u32 << k) | 1, u32::MAX >> k] {
                assert_eq!(leading_zeros_table(x), x.leading_zeros(), "x = {x:#x}");
            }
        }
    }

    /// The reciprocal multiply equals `(y + 127) div 255` at and around every rounding
    /// boundary (`y + 127 ≡ 0, 1, 254 mod 255`) across the whole range, and at its top.
    #[test]
    fn div255_round_up_matches_division() {
        let check = |y: u32| assert_eq!(div255_round_up(y), (y + 127) / 255, "y = {y:#x}");
        for n in (0..1u32 << 24).step_by(7) {
            for r in [0, 1, 126, 127, 128, 129, 254] {
                let y = 255 * n + r;
                if y < u32::MAX - 127 {
                    check(y);
                }
            }
        }
        for y in ((255 << 24) - 100_000..=(255 << 24) + 100_000).chain(u32::MAX - 100_000..u32::MAX - 127) {
            check(y);
        }
    }

    /// The 24-bit table count, exhaustively, and the small-value conversion with it.
    #[test]
    fn leading_zeros_table24_exhaustive() {
        for x in 0..1u32 << 24 {
            assert_eq!(leading_zeros_table24(x), x.leading_zeros(), "x = {x:#x}");
        }
        for x in (0..1u32 << 24).step_by(97) {
            assert_eq!(unorm8_ratio_small(x, 16), unorm8_ratio(x, 16), "x = {x:#x}");
        }
    }

    /// Both forms of the top-byte leading-zeros count, on every byte.
    #[test]
    fn leading_zeros_top_byte_forms_agree() {
        for b in 0..=255u32 {
            let x = b << 24;
            assert_eq!(leading_zeros_top_byte_table(x), (x | 1 << 23).leading_zeros(), "b = {b}");
            assert_eq!(leading_zeros_top_byte(x), (x | 1 << 23).leading_zeros(), "b = {b}");
        }
    }

    /// Every target's form of the single-level conversion, on every single-level sum and
    /// on every `x < 2^24` at a few shifts.
    #[test]
    fn unorm8_ratio_small_forms_exhaustive() {
        for x in 0..=255u32 << 16 {
            let want = unorm8_ratio(x, 16);
            assert_eq!(unorm8_ratio_small_table(x, 16), want, "table, x = {x:#x}");
            assert_eq!(unorm8_ratio_small_masked(x, 16), want, "masked, x = {x:#x}");
        }
        for shift in [0, 8, 24] {
            for x in (0..1u32 << 24).step_by(13) {
                let want = unorm8_ratio(x, shift);
                assert_eq!(unorm8_ratio_small_table(x, shift), want, "table, x = {x:#x}");
                assert_eq!(unorm8_ratio_small_masked(x, shift), want, "masked, x = {x:#x}");
            }
        }
    }

    /// The call-free form equals [`unorm8_ratio`]: every `x < 2^25`, every `x` within 2^16
    /// of a power of two or of its 25-bit-quotient boundary `2^k − 2^(k−8)`, and a sweep of
    /// all words.
    #[test]
    fn unorm8_ratio_leaf_matches() {
        let check = |x: u32| {
            assert_eq!(unorm8_ratio_leaf(x, 24), unorm8_ratio(x, 24), "x = {x:#x}");
            assert_eq!(unorm8_ratio_leaf(x, 16), unorm8_ratio(x, 16), "x = {x:#x}");
        };
        for x in 0..1u32 << 25 {
            check(x);
        }
        for k in 25..32 {
            let p = 1u32 << k;
            for c in [p, p - (p >> 8)] {
                for x in c - (1 << 16)..c + (1 << 16) {
                    check(x);
                }
            }
        }
        for x in (0..=u32::MAX).step_by(1021) {
            check(x);
        }
        check(u32::MAX);
    }

    proptest! {
        #[test]
        fn leading_zeros_table_matches(x in any::<u32>(), sh in 0u32..32) {
            prop_assert_eq!(leading_zeros_table(x >> sh), (x >> sh).leading_zeros());
        }
    }
}
