//! Unit `f32_sub`: binary32 subtraction `a − b` (`texcore::fp::f32_sub`, IEEE 754 with
//! round to nearest even and gradual underflow; any NaN operand gives `0x7FC0_0000`), the
//! implicit derivatives of a quad (stage S1 of the sampling pipeline: `lane 1 − lane 0`,
//! `lane 2 − lane 0`).
//!
//! Level 1: every pair of a list of specials and boundary values (zeros, subnormals, the
//! smallest and largest normals, ±∞, NaNs, ±1, values around rounding ties), cancellation
//! (`a − b` with `b` within a few units in the last place of `a`, both signs, across the
//! subnormal boundary), every exponent distance 0 … 40 with rounding-sensitive significands,
//! and overflow near the largest finite value. Level 2 adds weighted random pairs: any bits,
//! close exponents, near-equal values, subnormal and tiny operands.

use anyhow::Result;
use texcore::fp::f32_sub;

use super::layout::{Field, Image};
use super::pools::Fixture;
use super::rng::Rand;
use super::Unit;

/// The unit.
pub struct F32Sub;

/// Values every pair of which is a level-1 vector.
const SPECIALS: [u32; 30] = [
    0x0000_0000, // +0
    0x8000_0000, // -0
    0x0000_0001, // smallest subnormal
    0x8000_0001,
    0x0000_0002,
    0x007F_FFFF, // largest subnormal
    0x807F_FFFF,
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
    0x3FC0_0000, // 1.5
    0x3380_0000, // 2^-24: half an ulp of 1
    0x3400_0000, // 2^-23
    0x4B80_0000, // 2^24
    0x7F7F_FFFF, // largest finite
    0xFF7F_FFFF,
    0x7F7F_FFFE,
    0x7F00_0000,
    0x7F80_0000, // +inf
    0xFF80_0000, // -inf
    0x7FC0_0000, // quiet NaN
    0xFF80_0001, // signalling NaN, sign set
    0x7FFF_FFFF,
];

/// Significand patterns (below the hidden bit) that make the alignment's guard, round and
/// sticky bits matter.
const MANTS: [u32; 8] = [0, 1, 2, 3, 0x40_0000, 0x40_0001, 0x7F_FFFE, 0x7F_FFFF];

impl Unit for F32Sub {
    fn name(&self) -> &'static str {
        "f32_sub"
    }

    fn title(&self) -> &'static str {
        "binary32 subtraction a - b, RNE, gradual underflow (the implicit derivatives of a quad)"
    }

    fn fields(&self) -> Vec<Field> {
        vec![
            Field::input("a", 32, "minuend, binary32 bits"),
            Field::input("b", 32, "subtrahend, binary32 bits"),
            Field::output(
                "d",
                32,
                "a - b, binary32 bits (RNE; any NaN operand or inf - inf: 0x7FC00000; exact zero: +0)",
            ),
        ]
    }

    fn images(&self) -> &'static [Image] {
        &[]
    }

    fn rtl_files(&self) -> &'static [&'static str] {
        &["texcore_f32_class.sv", "texcore_f32_sub.sv"]
    }

    fn default_count(&self) -> u64 {
        1_000_000
    }

    fn directed(&self, _fx: &Fixture, out: &mut Vec<u64>) {
        let mut push = |a: u32, b: u32| out.extend_from_slice(&[u64::from(a), u64::from(b)]);
        for a in SPECIALS {
            for b in SPECIALS {
                push(a, b);
            }
        }
        // Cancellation: b within ±4 ulps of a (and of -a), at exponents across the range.
        for e in [0u32, 1, 2, 23, 24, 100, 127, 150, 253, 254] {
            for m in MANTS {
                let a = e << 23 | m;
                for k in -4i32..=4 {
                    let b = a.wrapping_add_signed(k) & 0x7FFF_FFFF;
                    for (sa, sb) in [(0u32, 0u32), (1, 1), (0, 1), (1, 0)] {
                        push(sa << 31 | a, sb << 31 | b);
                    }
                }
            }
        }
        // Every exponent distance 0 … 40, both operations, rounding-sensitive significands.
        for d in 0u32..=40 {
            for ea in [24u32 + d, 127, 200] {
                let eb = ea - d.min(ea);
                for ma in MANTS {
                    for mb in MANTS {
                        push(ea << 23 | ma, eb << 23 | mb);
                        push(ea << 23 | ma, 1 << 31 | eb << 23 | mb);
                    }
                }
            }
        }
        // Overflow: the largest values minus large negatives.
        for a in [0x7F7F_FFFFu32, 0x7F7F_FFFE, 0x7F00_0000, 0x7F7F_0000] {
            for b in [0xFF7F_FFFFu32, 0xFF00_0000, 0xF380_0000, 0xF400_0000, 0xF3FF_FFFF, 0xF300_0000] {
                push(a, b);
                push(a | 1 << 31, b & 0x7FFF_FFFF);
            }
        }
    }

    fn random(&self, _fx: &Fixture, r: &mut Rand, v: &mut [u64]) {
        let a = match r.weighted(&[25, 20, 20, 10, 10, 15]) {
            0 => r.u32(),
            // the coordinates of a quad: |a| in 2^-30 … 2^8
            1 => (r.bits(1) as u32) << 31 | (r.range(97, 135) as u32) << 23 | r.bits(23) as u32,
            2 => (r.bits(1) as u32) << 31 | (r.range(1, 254) as u32) << 23 | r.bits(23) as u32,
            3 => (r.bits(1) as u32) << 31 | r.bits(23) as u32 | (r.below(2) as u32) << 23,
            4 => r.pick(&SPECIALS),
            _ => (r.bits(1) as u32) << 31 | (r.range(250, 254) as u32) << 23 | r.bits(23) as u32,
        };
        let b = match r.weighted(&[20, 30, 25, 10, 15]) {
            0 => r.u32(),
            // close exponents
            1 => {
                let e = ((a >> 23) & 0xFF) as i64 + r.range(0, 6) as i64 - 3;
                (r.bits(1) as u32) << 31 | (e.clamp(0, 254) as u32) << 23 | r.bits(23) as u32
            }
            // near-equal: a few ulps away, either sign
            2 => {
                (r.bits(1) as u32) << 31
                    | ((a & 0x7FFF_FFFF).wrapping_add_signed(r.range(0, 16) as i32 - 8) & 0x7FFF_FFFF)
            }
            3 => r.pick(&SPECIALS),
            // a distant exponent (alignment past the sticky bit)
            _ => {
                let e = ((a >> 23) & 0xFF) as i64 - r.range(20, 60) as i64;
                (r.bits(1) as u32) << 31 | (e.clamp(0, 254) as u32) << 23 | r.bits(23) as u32
            }
        };
        v[0] = u64::from(a);
        v[1] = u64::from(b);
    }

    fn eval(&self, _fx: &Fixture, v: &[u64], out: &mut [u64]) -> Result<()> {
        out[0] = u64::from(f32_sub(v[0] as u32, v[1] as u32));
        Ok(())
    }
}
