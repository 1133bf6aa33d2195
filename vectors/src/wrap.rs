//! Unit `wrap`: the address/wrap stage, one axis (`texcore::wrap::wrap`): a signed texel
//! index and an axis size → the in-range texel index, or the border flag.
//!
//! The index is 32-bit two's complement (the core takes an `i64`; every value here is
//! sign-extended), the size 16 bits (`size = 0`, impossible for a valid header, gives the
//! border like the core). Mode codes 5–7 are not wrap modes (`WrapMode::from_code` rejects
//! them) and never appear in the vectors.

use anyhow::{anyhow, Result};
use texcore::wrap::{wrap, Wrapped};
use texcore::WrapMode;

use super::layout::{Field, Image};
use super::pools::Fixture;
use super::rng::Rand;
use super::Unit;

/// The unit.
pub struct Wrap;

/// Sizes whose whole range `[−3·size, 3·size]` is in the level-1 set.
pub const SMALL_SIZES: [u32; 6] = [1, 2, 3, 5, 8, 13];
/// Sizes whose level-1 indices are the edges of every repetition `k·size` (k = −3 … 3).
pub const LARGE_SIZES: [u32; 5] = [4096, 32767, 32768, 65534, 65535];

/// The 32-bit extremes and other fixed indices every size gets.
const EXTREMES: [i64; 10] =
    [i32::MIN as i64, i32::MIN as i64 + 1, -65536, -65535, -1, 0, 1, 65535, i32::MAX as i64 - 1, i32::MAX as i64];

fn push(out: &mut Vec<u64>, mode: WrapMode, i: i64, size: u32) {
    out.extend_from_slice(&[mode as u64, (i as i32) as u32 as u64, u64::from(size)]);
}

impl Unit for Wrap {
    fn name(&self) -> &'static str {
        "wrap"
    }

    fn title(&self) -> &'static str {
        "address/wrap stage: REPEAT, MIRRORED_REPEAT, CLAMP_TO_EDGE, CLAMP_TO_BORDER, MIRROR_CLAMP_TO_EDGE"
    }

    fn fields(&self) -> Vec<Field> {
        vec![
            Field::input("mode", 3, "WRAP_*: wrap mode (codes 5-7 are not modes and are not in the vectors)"),
            Field::input("idx", 32, "texel index i, 32-bit two's complement"),
            Field::input("size", 16, "texels on the axis (0 gives the border)"),
            Field::output("texel", 16, "wrapped index in [0, size), 0 when border = 1"),
            Field::output("border", 1, "1 = outside under CLAMP_TO_BORDER (or size 0): the border colour"),
        ]
    }

    fn images(&self) -> &'static [Image] {
        &[]
    }

    fn rtl_files(&self) -> &'static [&'static str] {
        &["texcore_wrap.sv"]
    }

    fn default_count(&self) -> u64 {
        1_000_000
    }

    fn directed(&self, _fx: &Fixture, out: &mut Vec<u64>) {
        for mode in WrapMode::ALL {
            for size in SMALL_SIZES {
                let n = i64::from(size);
                for i in -3 * n..=3 * n {
                    push(out, mode, i, size);
                }
            }
            for size in LARGE_SIZES {
                let n = i64::from(size);
                for k in -3..=3 {
                    for d in -2..=2 {
                        push(out, mode, k * n + d, size);
                    }
                }
            }
            for size in [0].into_iter().chain(SMALL_SIZES).chain(LARGE_SIZES) {
                for i in EXTREMES {
                    push(out, mode, i, size);
                }
            }
        }
    }

    fn random(&self, _fx: &Fixture, r: &mut Rand, v: &mut [u64]) {
        let mode = r.below(5);
        let size = match r.weighted(&[35, 20, 25, 20]) {
            0 => r.range(1, 16),
            1 => 1 << r.below(16),
            2 => r.range(1, 0xFFFF),
            _ => r.pick(&[1, 2, 3, 0x7FFF, 0x8000, 0xFFFE, 0xFFFF]),
        };
        let n = size as i64;
        let i: i64 = match r.weighted(&[50, 20, 15, 15]) {
            0 => r.range(0, (8 * n) as u64) as i64 - 4 * n,
            1 => {
                let k = r.range(0, 8) as i64 - 4;
                k * n + r.range(0, 4) as i64 - 2
            }
            2 => r.pick(&EXTREMES),
            _ => i64::from(r.u32() as i32),
        };
        v[0] = mode;
        v[1] = (i as i32) as u32 as u64;
        v[2] = size;
    }

    fn eval(&self, _fx: &Fixture, v: &[u64], out: &mut [u64]) -> Result<()> {
        let mode = WrapMode::from_code(v[0] as u32).ok_or_else(|| anyhow!("mode {} is not a wrap mode", v[0]))?;
        let i = i64::from(v[1] as u32 as i32);
        match wrap(mode, i, v[2] as u32) {
            Wrapped::Texel(t) => {
                out[0] = u64::from(t);
                out[1] = 0;
            }
            Wrapped::Border => {
                out[0] = 0;
                out[1] = 1;
            }
        }
        Ok(())
    }
}
