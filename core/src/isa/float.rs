//! Exact decimal → binary32 conversion with integer arithmetic only.
//!
//! [`parse_f32`] turns a decimal literal (`0.5`, `-1.25e-3`, `3.4028235e38`, `1e-45`) into the
//! IEEE-754 binary32 bit pattern **nearest to the exact decimal value, ties to even** —
//! subnormals included, overflow to ±∞ — the same result as a correctly rounded `strtof`.
//!
//! ## Method
//!
//! The significant digits (at most [`MAX_DIGITS`], see below) form an integer `D` and the
//! literal is `D × 10^E`. Values whose decimal magnitude is `≥ 10^39` overflow (binary32 tops
//! out at 3.4·10^38) and values `< 10^-46` are below half the smallest subnormal (2^-150 ≈
//! 7·10^-46), so only `−46 − digits < E < 39` needs arithmetic. Then, with big unsigned
//! integers of 24 × 32 bits, `q = ⌊D·10^E⁺·2^s / 10^E⁻⌋` is computed by long division with
//! `s` chosen so that `q` has 62 or 63 bits; the remainder (and any digit dropped beyond
//! [`MAX_DIGITS`]) is a sticky bit. `q × 2^-s` is then rounded once to 24 bits (or to the
//! subnormal grid), ties to even.
//!
//! **Why dropping digits beyond [`MAX_DIGITS`] is exact:** a rounding decision changes only at
//! a midpoint between two binary32 values, `(2m + 1) × 2^(k−1)`. The midpoint with the most
//! significant decimal digits is near the bottom of the subnormal range, `odd × 2^-150 =
//! odd × 5^150 / 10^150` with `odd < 2^25`: at most 113 significant digits. With 120 digits kept,
//! a midpoint is itself a 120-digit number, so the truncated literal and the full literal lie
//! on the same side of every midpoint, and the sticky bit decides an exact tie.
//!
//! ## Accepted syntax
//!
//! `[+|-] digits [. [digits]] [(e|E) [+|-] digits]`, or `[+|-] . digits …`, or (case-insensitive)
//! `inf`, `infinity`, `nan` (the quiet NaN `0x7FC0_0000`, sign applied). No `_` separators, no
//! hex floats (hex bit patterns are handled by the callers).

/// Significant decimal digits kept (the rest only feeds the sticky bit).
pub const MAX_DIGITS: usize = 120;

const LIMBS: usize = 24;

/// A fixed-size unsigned big integer, little-endian 32-bit limbs (768 bits).
#[derive(Clone, Copy, PartialEq, Eq)]
struct Big([u32; LIMBS]);

impl Big {
    const fn zero() -> Big {
        Big([0; LIMBS])
    }

    fn from_u32(v: u32) -> Big {
        let mut b = Big::zero();
        if let Some(l) = b.0.first_mut() {
            *l = v;
        }
        b
    }

    /// `self = self × m + a`; the top carry is dropped (callers stay far below 768 bits).
    fn mul_add(&mut self, m: u32, a: u32) {
        let mut carry = u64::from(a);
        for l in self.0.iter_mut() {
            let v = u64::from(*l) * u64::from(m) + carry;
            *l = v as u32;
            carry = v >> 32;
        }
    }

    fn bit_len(&self) -> u32 {
        for (i, l) in self.0.iter().enumerate().rev() {
            if *l != 0 {
                return i as u32 * 32 + (32 - l.leading_zeros());
            }
        }
        0
    }

    fn is_zero(&self) -> bool {
        self.0.iter().all(|l| *l == 0)
    }

    /// `self << n` (bits shifted past the top are lost).
    fn shl(&self, n: u32) -> Big {
        let limbs = (n / 32) as usize;
        let bits = n % 32;
        let mut out = Big::zero();
        for (i, o) in out.0.iter_mut().enumerate() {
            let Some(src) = i.checked_sub(limbs) else { continue };
            let lo = self.0.get(src).copied().unwrap_or(0);
            let below = src.checked_sub(1).and_then(|j| self.0.get(j)).copied().unwrap_or(0);
            *o = if bits == 0 { lo } else { (lo << bits) | (below >> (32 - bits)) };
        }
        out
    }

    fn ge(&self, other: &Big) -> bool {
        for (a, b) in self.0.iter().zip(other.0.iter()).rev() {
            if a != b {
                return a > b;
            }
        }
        true
    }

    /// `self -= other` (requires `self ≥ other`).
    fn sub(&mut self, other: &Big) {
        let mut borrow = 0u64;
        for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
            let (v1, o1) = a.overflowing_sub(*b);
            let (v2, o2) = v1.overflowing_sub(borrow as u32);
            *a = v2;
            borrow = u64::from(o1 || o2);
        }
    }

    /// `(⌊self / d⌋, self mod d ≠ 0)` for a quotient known to be below 2^64.
    fn div_small_quotient(mut self, d: &Big) -> (u64, bool) {
        let mut q = 0u64;
        for bit in (0..64u32).rev() {
            let shifted = d.shl(bit);
            // Skip shifts that lost bits off the top (the quotient bit is 0 there).
            if shifted.bit_len() != d.bit_len() + bit {
                continue;
            }
            if self.ge(&shifted) {
                self.sub(&shifted);
                q |= 1 << bit;
            }
        }
        (q, !self.is_zero())
    }
}

fn pow10(e: u32) -> Big {
    let mut b = Big::from_u32(1);
    for _ in 0..e {
        b.mul_add(10, 0);
    }
    b
}

/// Parses a decimal floating-point literal (module docs) to its RNE binary32 bit pattern;
/// `None` if `s` is not of the accepted syntax.
pub fn parse_f32(s: &str) -> Option<u32> {
    let b = s.as_bytes();
    let (neg, rest) = match b.first() {
        Some(b'-') => (true, b.get(1..)?),
        Some(b'+') => (false, b.get(1..)?),
        _ => (false, b),
    };
    let sign = if neg { 0x8000_0000u32 } else { 0 };
    if rest.eq_ignore_ascii_case(b"inf") || rest.eq_ignore_ascii_case(b"infinity") {
        return Some(sign | 0x7F80_0000);
    }
    if rest.eq_ignore_ascii_case(b"nan") {
        return Some(sign | 0x7FC0_0000);
    }

    let mut digits = [0u8; MAX_DIGITS];
    let mut kept = 0usize;
    let mut e10: i64 = 0;
    let mut sticky = false;
    let mut any_digit = false;
    let mut i = 0usize;
    // Integer part.
    while let Some(&c) = rest.get(i) {
        if !c.is_ascii_digit() {
            break;
        }
        any_digit = true;
        let d = c - b'0';
        if kept == 0 && d == 0 {
            // leading zero
        } else if let Some(slot) = digits.get_mut(kept) {
            *slot = d;
            kept += 1;
        } else {
            e10 += 1;
            sticky |= d != 0;
        }
        i += 1;
    }
    // Fraction.
    if rest.get(i) == Some(&b'.') {
        i += 1;
        while let Some(&c) = rest.get(i) {
            if !c.is_ascii_digit() {
                break;
            }
            any_digit = true;
            let d = c - b'0';
            if kept == 0 && d == 0 {
                e10 -= 1;
            } else if let Some(slot) = digits.get_mut(kept) {
                *slot = d;
                kept += 1;
                e10 -= 1;
            } else {
                sticky |= d != 0;
            }
            i += 1;
        }
    }
    if !any_digit {
        return None;
    }
    // Exponent.
    if matches!(rest.get(i), Some(b'e') | Some(b'E')) {
        i += 1;
        let eneg = match rest.get(i) {
            Some(b'-') => {
                i += 1;
                true
            }
            Some(b'+') => {
                i += 1;
                false
            }
            _ => false,
        };
        let mut ev: i64 = 0;
        let mut any = false;
        while let Some(&c) = rest.get(i) {
            if !c.is_ascii_digit() {
                break;
            }
            any = true;
            ev = (ev * 10 + i64::from(c - b'0')).min(1_000_000);
            i += 1;
        }
        if !any {
            return None;
        }
        e10 += if eneg { -ev } else { ev };
    }
    if i != rest.len() {
        return None;
    }
    if kept == 0 {
        return Some(sign);
    }
    let k = kept as i64;
    // value ∈ [10^(e10+k−1), 10^(e10+k)).
    if e10 + k > 39 {
        return Some(sign | 0x7F80_0000);
    }
    if e10 + k <= -46 {
        return Some(sign);
    }
    let mut num = Big::zero();
    for d in digits.iter().take(kept) {
        num.mul_add(10, u32::from(*d));
    }
    // Both exponents are bounded by the checks above: e10 ∈ (−166, 39).
    let mut den = Big::from_u32(1);
    if e10 >= 0 {
        for _ in 0..e10 {
            num.mul_add(10, 0);
        }
    } else {
        den = pow10((-e10) as u32);
    }
    // Scale so that the quotient has 62 or 63 bits.
    let s = 62 - (num.bit_len() as i32 - den.bit_len() as i32);
    if s >= 0 {
        num = num.shl(s as u32);
    } else {
        den = den.shl((-s) as u32);
    }
    let (q, rem) = num.div_small_quotient(&den);
    Some(sign | round_to_f32(q, -s, rem || sticky))
}

/// RNE of `(q + ε) × 2^exp2` (ε ∈ (0, 1) when `sticky`, else 0) to a binary32 magnitude,
/// subnormals included; `q` has 62 or 63 bits.
fn round_to_f32(q: u64, exp2: i32, sticky: bool) -> u32 {
    if q == 0 {
        return 0;
    }
    let len = 64 - q.leading_zeros() as i32;
    let mut lead = exp2 + len - 1; // exponent of the leading bit
    let normal = lead >= -126;
    let keep = if normal { 24 } else { lead + 150 };
    if keep < 0 {
        return 0;
    }
    let shift = len - keep; // ≥ 1 since len ≥ 25 > 24
    if !(1..=63).contains(&shift) {
        return 0;
    }
    let mut mant = q >> shift;
    let rem = q & ((1u64 << shift) - 1);
    let half = 1u64 << (shift - 1);
    if rem > half || (rem == half && (sticky || mant & 1 == 1)) {
        mant += 1;
    }
    if !normal {
        // Subnormal encoding is the mantissa itself; a carry into 2^23 is the smallest normal.
        return mant as u32;
    }
    if mant == 1 << 24 {
        mant >>= 1;
        lead += 1;
    }
    let biased = lead + 127;
    if biased >= 255 {
        return 0x7F80_0000;
    }
    ((biased as u32) << 23) | (mant as u32 & 0x007F_FFFF)
}
