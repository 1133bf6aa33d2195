//! The LOD unit's tables, generated here by `const fn` from integer arithmetic — the one
//! source for Rust and RTL (`cargo xtask vectors --write-generated` writes them into
//! `hdl-vectors/generated/texcore_lod_tables.svh`; a test checks that file is current).
//!
//! | table | entries | value | use |
//! |---|---|---|---|
//! | [`LOG2_T`] | 65 × 17 bits | `ceil(2^16 · log2(1 + i/64))`, i = 0 … 64 | [`log2_up`] / [`log2_down`]: piecewise-linear `log2` of an 18-bit significand |
//! | [`N_T`] | 15 × 20 bits (k = 1 … 15) | `ceil(2^16 · log2 k²) + N_GUARD` | [`aniso_samples`]: `N = ceil(η)` from `log2 η²` |
//! | [`UNIT_T`] | 64 × 21 bits signed (k = 1 … 64) | `ceil(2^17 · log2((2k − 1)/128))` | [`unit_component`]: TMML's `RNE(64 · c/len)` from `log2(c/len)` |
//! | [`ANISO_T`] | 16 rows × 16 × 17 bits signed | `RNE(2^16 · (i/(N+1) − ½))`, N = 1 … 16, i = 1 … N | the anisotropic sample offsets of the sampling ops |
//!
//! `log2` values are computed by repeated squaring of a Q62 fixed-point significand (one
//! result bit per squaring, 24 or 25 bits, truncating; the truncation is far below the bits
//! kept). Every `log2` of an integer that is not a power of two is irrational, so its
//! `ceil` is the floor plus one; the tests compare every entry with `f64::log2`.

use super::sf::Sf;

/// Fraction bits of the `log2` values ([`log2_up`]): `log2 ρ²` in units of 2^-16.
pub const LOG2_FRAC: u32 = 16;
/// Segment index bits of [`LOG2_T`] (64 segments of the significand's fraction).
pub const LOG2_SEG_BITS: u32 = 6;
/// Added to every interpolated `log2` so that it is never below the exact value: the
/// chord of a segment lies below the concave `log2` by at most 2.88 units of 2^-16 (first
/// segment), the interpolation's floor loses less than one more.
pub const LOG2_BIAS: i32 = 4;
/// The most [`log2_up`] exceeds the exact `log2` (units of 2^-16; the tests check every
/// one of the 2^17 significands).
pub const LOG2_MAX_OVER: i32 = 5;
/// The most [`log2_down`] is below the exact `log2` (units of 2^-16; checked like
/// [`LOG2_MAX_OVER`]).
pub const LOG2_MAX_UNDER: i32 = 5;
/// Guard of the `N` thresholds (units of 2^-16 of `log2 η²`), above the largest error of
/// `log2 η²` for an exact integer ratio, so `η = k` exactly gives `N = k`.
pub const N_GUARD: i32 = 16;

/// `floor(2^frac · log2(x / 2^62))` for `x / 2^62 ∈ [1, 2)` (`frac ≤ 25`), by squaring.
const fn log2_frac_floor(x_q62: u128, frac: u32) -> u64 {
    let mut x = x_q62;
    let mut bits = 0u64;
    let mut i = 0;
    while i < frac {
        let sq = (x * x) >> 62; // Q62, < 4
        bits <<= 1;
        if sq >= 1 << 63 {
            bits |= 1;
            x = sq >> 1;
        } else {
            x = sq;
        }
        i += 1;
    }
    bits
}

/// `ceil(2^frac · log2 v)` for an integer `v ≥ 1` (`frac ≤ 24`).
const fn log2_int_ceil(v: u64, frac: u32) -> i64 {
    let int = 63 - v.leading_zeros() as i64;
    if v & (v - 1) == 0 {
        return int << frac;
    }
    let x = (v as u128) << (62 - int as u32);
    let floor = log2_frac_floor(x, frac);
    (int << frac) + floor as i64 + 1
}

/// `ceil(2^16 · log2(1 + i/64))`, i = 0 … 64.
#[allow(clippy::indexing_slicing)] // (evaluated at compile time: a bad index is a build error)
pub const LOG2_T: [u32; 65] = {
    let mut t = [0u32; 65];
    let mut i = 0;
    while i <= 64 {
        t[i] = (log2_int_ceil(64 + i as u64, 16) - (6 << 16)) as u32;
        i += 1;
    }
    t
};

/// The thresholds of `N`: entry `k − 1` is `ceil(2^16 · log2 k²) + N_GUARD` (k = 1 … 15).
#[allow(clippy::indexing_slicing)] // (evaluated at compile time: a bad index is a build error)
pub const N_T: [i32; 15] = {
    let mut t = [0i32; 15];
    let mut k = 1;
    while k <= 15 {
        t[k - 1] = log2_int_ceil((k * k) as u64, 16) as i32 + N_GUARD;
        k += 1;
    }
    t
};

/// The thresholds of TMML's unit-vector components: entry `k − 1` is
/// `ceil(2^17 · log2((2k − 1)/128))` (k = 1 … 64).
#[allow(clippy::indexing_slicing)] // (evaluated at compile time: a bad index is a build error)
pub const UNIT_T: [i32; 64] = {
    let mut t = [0i32; 64];
    let mut k = 1;
    while k <= 64 {
        t[k - 1] = (log2_int_ceil(2 * k as u64 - 1, 17) - (7 << 17)) as i32;
        k += 1;
    }
    t
};

/// Anisotropic sample offsets along the major axis, S0.16: row `N − 1`, entry `i − 1` is
/// `RNE(2^16 · (i/(N+1) − ½))` = `RNE(2^15 · (2i − N − 1)/(N + 1))` (ties to even), for
/// `i = 1 … N`; the other entries are 0. Rows are antisymmetric (entry `N − i` is the
/// negation of entry `i − 1`), so the N positions are centred exactly.
#[allow(clippy::indexing_slicing)] // (evaluated at compile time: a bad index is a build error)
pub const ANISO_T: [[i32; 16]; 16] = {
    let mut t = [[0i32; 16]; 16];
    let mut n = 1;
    while n <= 16 {
        let mut i = 1;
        while i <= n {
            let num = (2 * i as i64 - n as i64 - 1) << 15;
            let den = n as i64 + 1;
            let mag = num.unsigned_abs();
            let (q, r) = (mag / den as u64, mag % den as u64);
            let up = 2 * r > den as u64 || (2 * r == den as u64 && q & 1 == 1);
            let v = (q + up as u64) as i64;
            t[n - 1][i - 1] = (if num < 0 { -v } else { v }) as i32;
            i += 1;
        }
        n += 1;
    }
    t
};

/// Anisotropic offset `i` (1 … N) of `N` samples, S0.16 ([`ANISO_T`]); 0 outside.
pub fn aniso_offset_t(n: u32, i: u32) -> i32 {
    let row = ANISO_T.get((n as usize).wrapping_sub(1));
    row.and_then(|r| r.get((i as usize).wrapping_sub(1))).copied().unwrap_or(0)
}

/// `log2 x` of a non-zero short float in units of 2^-16, never below the exact value and
/// at most [`LOG2_MAX_OVER`] above it (`x = 0` gives `i32::MIN`): with `f` the 17 fraction
/// bits of the significand, segment `j = f >> 11` and `r = f & 2047`,
/// `(e + 17)·2^16 + T[j] + ((T[j+1] − T[j])·r >> 11) + LOG2_BIAS`. Monotone in `x`.
///
/// One copy on RV32 (the core's flash budget there): the LOD unit, its isotropic form and
/// TMML's unit vector use it seven times, about 50 bytes each inline.
#[inline]
pub fn log2_up(x: Sf) -> i32 {
    log2_up_mag(x.m, x.e)
}

/// [`log2_up`] of a magnitude `m × 2^e` (`m = 0` or in `[2^17, 2^18)`).
#[cfg_attr(target_arch = "riscv32", inline(never))]
pub(crate) fn log2_up_mag(m: u32, e: i32) -> i32 {
    log2_up_inline(m, e)
}

/// [`log2_up_mag`] inline everywhere (the isotropic quad LOD).
#[inline(always)]
pub(crate) fn log2_up_inline(m: u32, e: i32) -> i32 {
    if m == 0 {
        return i32::MIN;
    }
    let f = m & 0x1_FFFF;
    let j = (f >> 11) as usize;
    let r = f & 0x7FF;
    let t0 = LOG2_T.get(j).copied().unwrap_or(0);
    let t1 = LOG2_T.get(j + 1).copied().unwrap_or(0);
    let frac = t0 + (((t1 - t0) * r) >> 11);
    (e.wrapping_add(17) << LOG2_FRAC).wrapping_add(frac as i32 + LOG2_BIAS)
}

/// `log2 x` of a non-zero short float, never above the exact value and at most
/// [`LOG2_MAX_UNDER`] below it: [`log2_up`] − `LOG2_BIAS` − 1 (the chord through the
/// rounded-up table values lies less than one unit above the exact chord, which lies below
/// the concave `log2`). `x = 0` gives `i32::MIN`.
pub fn log2_down(x: Sf) -> i32 {
    if x.m == 0 {
        return i32::MIN;
    }
    log2_up(x).wrapping_sub(LOG2_BIAS + 1)
}

/// `N = 1 + #{k ∈ [1, A) : log2η² > N_T[k]}` for `A = 2^aniso_log2` (≤ 16) and `log2 η²` in
/// units of 2^-16 (`≤ 2·log2 A`).
/// The thresholds increase with `k`, so the count is the position of the first threshold
/// not below `log2 η²` (a binary search; a test checks it against the count).
pub fn aniso_samples(log2_eta2: i32, aniso_log2: u32) -> u32 {
    let a = 1usize << aniso_log2.min(4);
    let t = N_T.get(..a - 1).unwrap_or(&N_T);
    1 + t.partition_point(|&t| log2_eta2 > t) as u32
}

/// TMML's unit-vector component `RNE(64 · |c|/len)` from `x = log2(|c|/len)` in units of
/// 2^-17 (`x ≤ 0`): the number of thresholds `UNIT_T[k]` with `x ≥ UNIT_T[k]` (0 … 64).
/// The thresholds increase with `k`: the count is a binary search (a test checks it
/// against the count).
pub fn unit_component(x: i32) -> u32 {
    UNIT_T.partition_point(|&t| x >= t) as u32
}

#[cfg(test)]
mod tests {
    #![allow(clippy::indexing_slicing)]
    extern crate std;
    use super::*;

    #[test]
    fn threshold_tables_increase() {
        assert!(N_T.windows(2).all(|w| w[0] < w[1]));
        assert!(UNIT_T.windows(2).all(|w| w[0] < w[1]));
    }

    /// The binary searches equal the threshold counts of their definitions, at and one
    /// unit around every threshold.
    #[test]
    fn searches_equal_counts() {
        let probes = |t: &[i32]| -> std::vec::Vec<i32> {
            let mut p: std::vec::Vec<i32> = t.iter().flat_map(|&v| [v - 1, v, v + 1]).collect();
            p.extend([i32::MIN, -1, 0, 1, i32::MAX]);
            p
        };
        for x in probes(&N_T) {
            for a in 0..=6 {
                let n = 1usize << a.min(4);
                let want = 1 + N_T.iter().take(n - 1).filter(|&&t| x > t).count() as u32;
                assert_eq!(aniso_samples(x, a), want, "log2 eta2 {x}, A = 2^{a}");
            }
        }
        for x in probes(&UNIT_T) {
            assert_eq!(unit_component(x), UNIT_T.iter().filter(|&&t| x >= t).count() as u32, "x = {x}");
        }
    }
}
