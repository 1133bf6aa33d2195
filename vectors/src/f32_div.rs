//! Unit `f32_div`: binary32 division `a / b` (`texcore::fp::f32_div`, round to nearest even;
//! results below the normal range flush to a signed zero; NaN operands, `0 / 0` and
//! `∞ / ∞` give `0x7FC0_0000`), TGSI `TXP`'s projective divide (`x, y, z` by `w`,
//! `texcore::coord::project`).
//!
//! Level 1: every pair of a list of specials and boundary values (zeros, subnormals, the
//! smallest and largest normals, ±∞, NaNs, ±1, powers of two), significands that make the
//! guard bit and the sticky rest matter over a span of exponent differences, quotients
//! around the largest finite value (overflow) and around the smallest normal (the flush),
//! and subnormal operands of every leading-zero count. Level 2 adds weighted random pairs:
//! any bits, coordinates over a `w` in the range of a projection, close exponents, and
//! operands near the overflow and flush boundaries.

use anyhow::Result;
use texcore::fp::f32_div;

use super::layout::{Field, Image};
use super::pools::Fixture;
use super::rng::Rand;
use super::Unit;

/// The unit.
pub struct F32Div;

/// Values every pair of which is a level-1 vector.
const SPECIALS: [u32; 28] = [
    0x0000_0000, // +0
    0x8000_0000, // -0
    0x0000_0001, // smallest subnormal
    0x8000_0001,
    0x0000_0003,
    0x007F_FFFF, // largest subnormal
    0x0040_0000,
    0x0080_0000, // smallest normal
    0x8080_0000,
    0x0080_0001,
    0x00FF_FFFF,
    0x3F80_0000, // 1
    0xBF80_0000,
    0x3F80_0001,
    0x3F7F_FFFF,
    0x3F00_0000, // 1/2
    0x4040_0000, // 3
    0x3FC0_0000, // 1.5
    0x4B80_0000, // 2^24
    0x3380_0000, // 2^-24
    0x7F7F_FFFF, // largest finite
    0xFF7F_FFFF,
    0x7F00_0000,
    0x7F80_0000, // +inf
    0xFF80_0000, // -inf
    0x7FC0_0000, // quiet NaN
    0xFF80_0001, // signalling NaN, sign set
    0x7FFF_FFFF,
];

/// Significands (below the hidden bit) whose quotients have all guard / sticky patterns.
const MANTS: [u32; 10] = [0, 1, 2, 3, 0x2A_AAAB, 0x40_0000, 0x40_0001, 0x55_5555, 0x7F_FFFE, 0x7F_FFFF];

impl Unit for F32Div {
    fn name(&self) -> &'static str {
        "f32_div"
    }

    fn title(&self) -> &'static str {
        "binary32 division a / b, RNE, results below the normal range flushed (TXP's projection)"
    }

    fn fields(&self) -> Vec<Field> {
        vec![
            Field::input("a", 32, "dividend, binary32 bits"),
            Field::input("b", 32, "divisor, binary32 bits"),
            Field::output(
                "q",
                32,
                "a / b, binary32 bits (RNE; NaN operand, 0/0, inf/inf: 0x7FC00000; below the normal range: +-0)",
            ),
        ]
    }

    fn images(&self) -> &'static [Image] {
        &[]
    }

    fn rtl_files(&self) -> &'static [&'static str] {
        &["texcore_f32_class.sv", "texcore_f32_div.sv"]
    }

    fn default_count(&self) -> u64 {
        200_000
    }

    fn directed(&self, _fx: &Fixture, out: &mut Vec<u64>) {
        let mut push = |a: u32, b: u32| out.extend_from_slice(&[u64::from(a), u64::from(b)]);
        for a in SPECIALS {
            for b in SPECIALS {
                push(a, b);
            }
        }
        // Rounding: every significand pair, both signs, at a few exponent pairs.
        for (ea, eb) in [(127u32, 127u32), (127, 126), (100, 150), (200, 60)] {
            for ma in MANTS {
                for mb in MANTS {
                    push(ea << 23 | ma, eb << 23 | mb);
                    push(1 << 31 | ea << 23 | ma, eb << 23 | mb);
                }
            }
        }
        // Overflow and the flush: quotients around 2^128 and 2^-126.
        for (ea, eb) in [(254u32, 126u32), (254, 127), (253, 126), (1, 127), (2, 128), (1, 128), (126, 252), (127, 253)]
        {
            for ma in MANTS {
                for mb in [0u32, 1, 0x7F_FFFF, 0x40_0000] {
                    push(ea << 23 | ma, eb << 23 | mb);
                }
            }
        }
        // Subnormal operands of every leading-zero count, over normal and subnormal divisors.
        for k in 0..23u32 {
            for b in [0x3F80_0000u32, 0x0080_0001, 0x0000_0001 << k, 0x4040_0000, 0x3F7F_FFFF] {
                push(1 << k, b);
                push((1 << k) | 1, b);
                push(b, (1 << k) | 1);
            }
        }
    }

    fn random(&self, _fx: &Fixture, r: &mut Rand, v: &mut [u64]) {
        let a = match r.weighted(&[25, 35, 15, 10, 15]) {
            0 => r.u32(),
            // a coordinate: |a| in 2^-30 … 2^8
            1 => (r.bits(1) as u32) << 31 | (r.range(97, 135) as u32) << 23 | r.bits(23) as u32,
            // subnormal
            2 => (r.bits(1) as u32) << 31 | r.bits(23) as u32,
            3 => r.pick(&SPECIALS),
            _ => (r.bits(1) as u32) << 31 | (r.range(1, 254) as u32) << 23 | r.bits(23) as u32,
        };
        let ea = ((a >> 23) & 0xFF) as i64;
        let b = match r.weighted(&[20, 35, 15, 15, 15]) {
            0 => r.u32(),
            // a projection's w: |w| in 2^-8 … 2^8
            1 => (r.bits(1) as u32) << 31 | (r.range(119, 135) as u32) << 23 | r.bits(23) as u32,
            // close exponents
            2 => {
                let e = ea + r.range(0, 6) as i64 - 3;
                (r.bits(1) as u32) << 31 | (e.clamp(0, 254) as u32) << 23 | r.bits(23) as u32
            }
            // a quotient near the overflow (ea − eb ≈ 127) or the flush (ea − eb ≈ −126)
            3 => {
                let e = if r.bits(1) == 1 { ea - 127 } else { ea + 126 } + r.range(0, 4) as i64 - 2;
                (r.bits(1) as u32) << 31 | (e.clamp(0, 254) as u32) << 23 | r.bits(23) as u32
            }
            _ => r.pick(&SPECIALS),
        };
        v[0] = u64::from(a);
        v[1] = u64::from(b);
    }

    fn eval(&self, _fx: &Fixture, v: &[u64], out: &mut [u64]) -> Result<()> {
        out[0] = u64::from(f32_div(v[0] as u32, v[1] as u32));
        Ok(())
    }
}
