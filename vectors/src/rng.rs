//! Seeded, deterministic random numbers for the weighted-random vectors.
//!
//! Every block of random vectors has its own PCG-64 (MCG variant) stream whose state is
//! derived from `(seed, unit, purpose, block)` with SplitMix64, so any block can be generated
//! on any thread, in any order, by any shard, with the same result.

use rand_core::Rng as _;
use rand_pcg::Pcg64Mcg;

/// SplitMix64 finaliser.
const fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// FNV-1a of a name (stable across builds, unlike `Hash`).
pub const fn name_hash(s: &str) -> u64 {
    let b = s.as_bytes();
    let mut h: u64 = 0xCBF2_9CE4_8422_2325;
    let mut i = 0;
    while i < b.len() {
        h ^= b[i] as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01B3);
        i += 1;
    }
    h
}

/// A random stream with the helpers the generators need. Small draws (`below(n)` for
/// n ≤ 256, hence `chance`, `weighted`, `pick` of short tables) take 16 bits from a reservoir
/// refilled every four draws, so a vector costs a few generator steps, not one per decision.
pub struct Rand {
    rng: Pcg64Mcg,
    reservoir: u64,
    left: u32,
}

impl Rand {
    /// The stream of `(seed, stream name, block)`.
    pub fn new(seed: u64, stream: &str, block: u64) -> Rand {
        let a = mix(seed ^ mix(name_hash(stream)));
        let b = mix(a ^ mix(block.wrapping_add(0x5151)));
        let state = (u128::from(a) << 64) | u128::from(b);
        Rand { rng: Pcg64Mcg::new(state), reservoir: 0, left: 0 }
    }

    /// 64 random bits.
    #[inline]
    pub fn u64(&mut self) -> u64 {
        self.rng.next_u64()
    }

    /// 32 random bits.
    #[inline]
    pub fn u32(&mut self) -> u32 {
        (self.rng.next_u64() >> 32) as u32
    }

    /// 16 random bits from the reservoir.
    #[inline]
    fn u16(&mut self) -> u64 {
        if self.left == 0 {
            self.reservoir = self.rng.next_u64();
            self.left = 4;
        }
        self.left -= 1;
        let v = self.reservoir & 0xFFFF;
        self.reservoir >>= 16;
        v
    }

    /// The low `w` bits random (w ≤ 64).
    #[inline]
    pub fn bits(&mut self, w: u32) -> u64 {
        if w >= 64 {
            self.u64()
        } else {
            self.u64() >> (64 - w)
        }
    }

    /// Uniform in `0 .. n` (n = 0 gives 0), by Lemire's multiply: from 16 reservoir bits for
    /// n ≤ 256 (bias < 2^-8, irrelevant for stimulus weights), else from 64 bits.
    #[inline]
    pub fn below(&mut self, n: u64) -> u64 {
        if n <= 256 {
            (self.u16() * n) >> 16
        } else {
            ((u128::from(self.u64()) * u128::from(n)) >> 64) as u64
        }
    }

    /// Uniform in `lo ..= hi`.
    #[inline]
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.below(hi - lo + 1)
    }

    /// True with probability `percent / 100`.
    #[inline]
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    /// A uniformly chosen element of a constant, non-empty table (an empty table is a
    /// programming error and panics).
    #[inline]
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
    }

    /// Index chosen by integer weights.
    pub fn weighted(&mut self, weights: &[u64]) -> usize {
        let total: u64 = weights.iter().sum();
        let mut r = self.below(total);
        for (i, w) in weights.iter().enumerate() {
            if r < *w {
                return i;
            }
            r -= w;
        }
        weights.len().saturating_sub(1)
    }

    /// A 32-bit operand (LOD, sample index, …) weighted towards the interesting values:
    /// small numbers, the edges of a `limit` (level count, sample count), powers of two
    /// around the shift width, and the extremes.
    pub fn operand(&mut self, limit: u32) -> u32 {
        const SPECIAL: [u32; 12] = [0, 1, 15, 16, 17, 31, 32, 33, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFE, 0xFFFF_FFFF];
        match self.weighted(&[40, 20, 20, 20]) {
            0 => self.below(20) as u32,
            1 => limit.wrapping_add(self.below(3) as u32).wrapping_sub(1),
            2 => self.pick(&SPECIAL),
            _ => self.u32(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_are_reproducible_and_distinct() {
        let a: Vec<u64> = (0..4).map(|_| Rand::new(1, "x", 0).u64()).collect();
        assert!(a.windows(2).all(|w| w[0] == w[1]));
        assert_ne!(Rand::new(1, "x", 0).u64(), Rand::new(1, "x", 1).u64());
        assert_ne!(Rand::new(1, "x", 0).u64(), Rand::new(2, "x", 0).u64());
        assert_ne!(Rand::new(1, "x", 0).u64(), Rand::new(1, "y", 0).u64());
        let mut r = Rand::new(7, "x", 3);
        for _ in 0..1000 {
            assert!(r.below(10) < 10);
            assert!((5..=9).contains(&r.range(5, 9)));
            assert!(r.bits(5) < 32);
        }
    }
}
