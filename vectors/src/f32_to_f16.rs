//! Unit `f32_to_f16`: binary32 → binary16 under the `.F16` rounding modes
//! (`texcore::fp::f32_to_f16_mode`: round to nearest even or toward zero; NaN → `0x7E00`
//! with the sign), the output conversion of NVIDIA `TLD4S.F16`.
//!
//! Level 1: the specials; for every binary16 exponent (the subnormal range included) the
//! binary32 values at, one ULP around, and exactly between binary16 neighbours, with a few
//! significands; the overflow boundary (65504, 65520, 2^16) and the underflow boundary
//! (2^-24, 2^-25); binary32 subnormals; every one in both modes and both signs. Level 2 adds
//! weighted random values: any bits, the binary16 range, and around binary16 ties.

use anyhow::Result;
use texcore::fp::{f16_to_f32_bits, f32_to_f16_mode, F16Rounding};

use super::layout::{Field, Image};
use super::pools::Fixture;
use super::rng::Rand;
use super::Unit;

/// The unit.
pub struct F32ToF16;

/// Specials and boundaries (positive; both signs are pushed).
const SPECIALS: [u32; 22] = [
    0x0000_0000, // 0
    0x0000_0001, // smallest binary32 subnormal
    0x007F_FFFF, // largest binary32 subnormal
    0x0080_0000, // smallest binary32 normal
    0x3380_0000, // 2^-24: the smallest binary16 subnormal
    0x3300_0000, // 2^-25: the tie below it
    0x3300_0001,
    0x32FF_FFFF,
    0x387F_C000, // the largest binary16 subnormal
    0x3880_0000, // 2^-14: the smallest binary16 normal
    0x387F_E000, // between them: a tie that carries into the normal range
    0x477F_E000, // 65504: the largest binary16
    0x477F_EFFF,
    0x477F_F000, // 65520: the tie to infinity
    0x477F_F001,
    0x4780_0000, // 2^16
    0x7F7F_FFFF, // the largest binary32
    0x7F80_0000, // inf
    0x7FC0_0000, // quiet NaN
    0x7F80_0001, // signalling NaN
    0x7FFF_FFFF,
    0x3F80_0000, // 1
];

impl Unit for F32ToF16 {
    fn name(&self) -> &'static str {
        "f32_to_f16"
    }

    fn title(&self) -> &'static str {
        "binary32 to binary16, round to nearest even or toward zero (TLD4S .F16 output)"
    }

    fn fields(&self) -> Vec<Field> {
        vec![
            Field::input("x", 32, "binary32 bits"),
            Field::input("rz", 1, "1: round toward zero; 0: to nearest, ties to even"),
            Field::output(
                "h",
                16,
                "binary16 bits (NaN: 0x7E00 with the sign; overflow: inf, or 0x7BFF toward zero; below 2^-24: rounded, subnormals kept)",
            ),
        ]
    }

    fn images(&self) -> &'static [Image] {
        &[]
    }

    fn rtl_files(&self) -> &'static [&'static str] {
        &["texcore_f32_to_f16.sv"]
    }

    fn default_count(&self) -> u64 {
        200_000
    }

    fn directed(&self, _fx: &Fixture, out: &mut Vec<u64>) {
        let mut push = |x: u32| {
            for s in [0u32, 0x8000_0000] {
                for rz in [0u64, 1] {
                    out.extend_from_slice(&[u64::from(x | s), rz]);
                }
            }
        };
        for x in SPECIALS {
            push(x);
        }
        // Every binary16 exponent (0: subnormals), a few significands: the value, its
        // neighbours one binary32 ULP away, and the ties to the next binary16 (even and odd
        // lower neighbours) with a binary32 ULP either side.
        for e in 0..31u16 {
            for m in [0u16, 1, 2, 3, 0x155, 0x200, 0x2AA, 0x3FE, 0x3FF] {
                let v = f16_to_f32_bits(e << 10 | m);
                let next = f16_to_f32_bits((e << 10 | m) + 1);
                let tie = v + (next - v) / 2;
                for x in [v, v.wrapping_sub(1), v + 1, tie, tie - 1, tie + 1] {
                    push(x);
                }
            }
        }
        // Binary32 exponents over the whole range with a rounding-relevant significand.
        for e in 0..255u32 {
            for m in [0u32, 0x1000, 0x1001, 0x0FFF, 0x7F_FFFF] {
                push(e << 23 | m);
            }
        }
    }

    fn random(&self, _fx: &Fixture, r: &mut Rand, v: &mut [u64]) {
        let x = match r.weighted(&[25, 45, 30]) {
            0 => r.u32(),
            // the binary16 range and a little around it: 2^-27 … 2^17
            1 => (r.bits(1) as u32) << 31 | (r.range(100, 144) as u32) << 23 | r.bits(23) as u32,
            // a binary16 value or tie, moved by a few binary32 ULPs
            _ => {
                let h = r.bits(15) as u16;
                let w = f16_to_f32_bits(h);
                let off = r.pick(&[0i32, 1, -1, 0x1000, -0x1000, 0x0FFF, 0x1001, -0x0FFF, -0x1001]);
                (r.bits(1) as u32) << 31 | w.wrapping_add(off as u32) & 0x7FFF_FFFF
            }
        };
        v[0] = u64::from(x);
        v[1] = r.bits(1);
    }

    fn eval(&self, _fx: &Fixture, v: &[u64], out: &mut [u64]) -> Result<()> {
        let mode = if v[1] == 1 { F16Rounding::TowardZero } else { F16Rounding::NearestEven };
        out[0] = u64::from(f32_to_f16_mode(v[0] as u32, mode));
        Ok(())
    }
}
