//! Unit `coord`: the coordinate stage of one axis (`texcore::coord::axis_taps`): a binary32
//! normalized coordinate on an axis of `size` texels → the first tap's texel index and the
//! second tap's weight, before the wrap.
//!
//! ```text
//! U  = RNE(s × size × 256)  (S.8; clamp modes saturated at ±2^30, REPEAT / MIRRORED_REPEAT
//!                            reduced into [0, 2 × size × 256))           texel_fixed_i32
//! v  = U + 256 × offset − (linear ? 128 : 0)
//! i0 = v >> 8 (floor),  weight = linear ? v & 255 : 0                    axis_taps
//! ```
//!
//! The sampling op's RGBA8 path takes its taps `i0`, `i0 + 1` and weight from the same
//! computation; the wrap stage (unit `wrap`) follows. Only the mode's class matters (periodic:
//! REPEAT, MIRRORED_REPEAT; the other three are not reduced), but the vectors carry the mode
//! itself. `size` is 17 bits, 0 … 65 536 (a 2D level is at most 65 536 texels wide; 0, which
//! no valid header has, gives `U = 0` like the core). The offset is the instruction's texel
//! offset, −8 … 7 (4-bit two's complement). Mode codes 5–7 are not wrap modes and never
//! appear in the vectors.

use anyhow::{anyhow, Result};
use texcore::coord::axis_taps;
use texcore::WrapMode;

use super::layout::{Field, Image};
use super::pools::Fixture;
use super::rng::Rand;
use super::Unit;

/// The unit.
pub struct Coord;

/// Axis sizes of the level-1 set: small, around powers of two, the 16-bit edge and 2^16.
pub const SIZES: [u32; 14] = [0, 1, 2, 3, 5, 13, 255, 256, 257, 4096, 32767, 32768, 65535, 65536];

/// Significand patterns of the level-1 set (below the hidden bit): 1.0, the smallest step,
/// the neighbours of 1.5 (a rounding tie for small products) and the largest.
const MANTS: [u32; 6] = [0, 1, 0x3F_FFFF, 0x40_0000, 0x40_0001, 0x7F_FFFF];

/// binary32 specials every size and mode gets: ±0, subnormals, the smallest normal, ±∞, NaNs,
/// the largest finite, ±1, ±½.
const SPECIALS: [u32; 14] = [
    0x0000_0000,
    0x8000_0000,
    0x0000_0001,
    0x807F_FFFF,
    0x0080_0000,
    0x7F80_0000,
    0xFF80_0000,
    0x7FC0_0000,
    0xFF80_0001,
    0x7F7F_FFFF,
    0x3F80_0000,
    0xBF80_0000,
    0x3F00_0000,
    0xBF00_0000,
];

/// Coordinates of the level-1 set: the specials, and both signs of every significand
/// pattern at exponents 100 … 160 (|s| from 2^-27 to 2^33: from products far below one
/// sub-texel to those that saturate, across the exponent 142 at which `s × size × 256` of a
/// 1-texel axis reaches 2^23).
fn directed_coords() -> Vec<u32> {
    let mut v = SPECIALS.to_vec();
    for e in 100u32..=160 {
        for m in MANTS {
            for sign in [0u32, 1] {
                v.push(sign << 31 | e << 23 | m);
            }
        }
    }
    v
}

fn push(out: &mut Vec<u64>, mode: WrapMode, s: u32, size: u32, offset: i8, linear: bool) {
    out.extend_from_slice(&[
        mode as u64,
        u64::from(s),
        u64::from(size),
        u64::from(offset as u8 & 0xF),
        u64::from(linear),
    ]);
}

impl Unit for Coord {
    fn name(&self) -> &'static str {
        "coord"
    }

    fn title(&self) -> &'static str {
        "coordinate stage, one axis: RNE(s x size x 256) range-reduced, + texel offset, - half texel for LINEAR -> first tap and weight"
    }

    fn fields(&self) -> Vec<Field> {
        vec![
            Field::input("mode", 3, "WRAP_*: wrap mode; REPEAT and MIRRORED_REPEAT reduce modulo the period, the others saturate (codes 5-7 not in the vectors)"),
            Field::input("s", 32, "normalized coordinate, binary32 bits"),
            Field::input("size", 17, "texels on the axis, 0 .. 65536 (0 gives U = 0)"),
            Field::input("offset", 4, "texel offset, -8 .. 7, two's complement"),
            Field::input("linear", 1, "1 = LINEAR: subtract half a texel, taps i0 and i0 + 1"),
            Field::output("i0", 32, "first tap's texel index before the wrap, (U + 256 x offset - 128 x linear) >> 8, two's complement"),
            Field::output("weight", 8, "second tap's weight in 1/256 (v & 255); 0 when linear = 0"),
        ]
    }

    fn images(&self) -> &'static [Image] {
        &[]
    }

    fn rtl_files(&self) -> &'static [&'static str] {
        &["texcore_coord.sv"]
    }

    fn default_count(&self) -> u64 {
        1_000_000
    }

    fn directed(&self, _fx: &Fixture, out: &mut Vec<u64>) {
        let coords = directed_coords();
        for mode in WrapMode::ALL {
            for size in SIZES {
                for &s in &coords {
                    push(out, mode, s, size, 0, false);
                    push(out, mode, s, size, 0, true);
                }
            }
        }
        // Every offset, both filters, on a clamp and a periodic mode, at the texture's edges.
        for mode in [WrapMode::ClampToEdge, WrapMode::Repeat] {
            for size in [1, 5, 256, 65536] {
                for s in [0x0000_0000, 0x3F80_0000, 0xBF80_0000, 0x3F00_0000, 0x3F7F_FFFF, 0x7F80_0000, 0xFF80_0000] {
                    for offset in -8i8..=7 {
                        push(out, mode, s, size, offset, false);
                        push(out, mode, s, size, offset, true);
                    }
                }
            }
        }
    }

    fn random(&self, _fx: &Fixture, r: &mut Rand, v: &mut [u64]) {
        let mode = r.below(5);
        let log2 = r.below(17) as u32;
        let mut size = match r.weighted(&[30, 30, 30, 10]) {
            0 => r.range(1, 16) as u32,
            1 => 1 << log2,
            2 => r.range(1, 65536) as u32,
            _ => r.pick(&SIZES),
        };
        let sign = r.bits(1) as u32;
        let s = match r.weighted(&[55, 20, 15, 10]) {
            // |s| around the texture: exponents 100 … 160, any significand.
            0 => sign << 31 | (r.range(100, 160) as u32) << 23 | r.bits(23) as u32,
            // A rounding tie or a neighbour of one on a power-of-two axis: the significand
            // bits below the kept ones are 100…0, or that ± 1.
            1 => {
                size = 1 << log2;
                let e = r.range(110, 141) as u32;
                let cut = 142 - i64::from(e) - 1 - i64::from(log2);
                let mut m = r.bits(23) as u32;
                if (0..23).contains(&cut) {
                    let c = cut as u32;
                    m = (m & !((2u32 << c) - 1)) | 1 << c;
                    m = match r.below(3) {
                        0 => m.wrapping_sub(1),
                        1 => m,
                        _ => m.wrapping_add(1),
                    } & 0x7F_FFFF;
                }
                sign << 31 | e << 23 | m
            }
            2 => r.pick(&SPECIALS),
            _ => r.u32(),
        };
        v[0] = mode;
        v[1] = u64::from(s);
        v[2] = u64::from(size);
        v[3] = r.bits(4);
        v[4] = r.bits(1);
    }

    fn eval(&self, _fx: &Fixture, v: &[u64], out: &mut [u64]) -> Result<()> {
        let mode = WrapMode::from_code(v[0] as u32).ok_or_else(|| anyhow!("mode {} is not a wrap mode", v[0]))?;
        let offset = ((v[3] as u8) << 4) as i8 >> 4;
        let (i0, weight) = axis_taps(v[1] as u32, v[2] as u32, mode, offset, v[4] != 0);
        out[0] = u64::from(i0 as u32);
        out[1] = u64::from(weight);
        Ok(())
    }
}
