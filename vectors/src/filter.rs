//! Unit `filter`: the 8-bit UNORM filter datapath (`texcore::filter::unorm8::filter_rgba8`):
//! the eight RGBA8 taps of up to two mip levels, their sub-texel weights and the level
//! weight → the four filtered components as binary32 bit patterns.
//!
//! Per component (exact integers, one rounding at the end):
//!
//! ```text
//! h   = c00·(256 − α) + c10·α        per row    (≤ 255·2^8)
//! v   = h0·(256 − β)  + h1·β         per level  (≤ 255·2^16)
//! x   = v0·(256 − δ)  + v1·δ         levels     (≤ 255·2^24)
//! out = RNE(x / (255·2^24))          binary32
//! ```
//!
//! Taps are `t<level>_<k>` with `k` = 0 `(i0, j0)`, 1 `(i1, j0)`, 2 `(i0, j1)`, 3 `(i1, j1)`,
//! each an RGBA8 texel with R in bits 7:0 and A in bits 31:24. `alpha<l>` weighs taps 1 and 3
//! of level `l` (1/256), `beta<l>` taps 2 and 3, `delta` level 1. `delta = 0` is a single
//! level: level 1's taps and weights do not matter (the directed set checks that with
//! garbage in them). Every input value is legal.

use anyhow::Result;
use texcore::filter::unorm8::{filter_rgba8, Bilerp8};

use super::layout::{Field, Image};
use super::pools::Fixture;
use super::rng::Rand;
use super::Unit;

/// The unit.
pub struct Filter;

/// Input fields: 8 taps, 4 fractions, delta.
const N_IN: usize = 13;

/// Weights every directed cross product uses.
pub const WEIGHTS: [u8; 5] = [0, 1, 127, 128, 255];
/// Byte values the random stimulus favours.
const EDGE_BYTES: [u8; 8] = [0x00, 0x01, 0x02, 0x7F, 0x80, 0x81, 0xFE, 0xFF];
/// Weights the random stimulus favours.
const EDGE_WEIGHTS: [u8; 8] = [0, 1, 2, 127, 128, 129, 254, 255];

/// The inputs of one vector, in field order.
fn inputs(b: &Bilerp8) -> [u64; N_IN] {
    let t = b.taps;
    [
        u64::from(t[0][0]),
        u64::from(t[0][1]),
        u64::from(t[0][2]),
        u64::from(t[0][3]),
        u64::from(t[1][0]),
        u64::from(t[1][1]),
        u64::from(t[1][2]),
        u64::from(t[1][3]),
        u64::from(b.frac[0][0]),
        u64::from(b.frac[0][1]),
        u64::from(b.frac[1][0]),
        u64::from(b.frac[1][1]),
        u64::from(b.delta),
    ]
}

fn from_inputs(v: &[u64]) -> Bilerp8 {
    let t = |i: usize| v[i] as u32;
    let w = |i: usize| v[i] as u8;
    Bilerp8 {
        taps: [[t(0), t(1), t(2), t(3)], [t(4), t(5), t(6), t(7)]],
        frac: [[w(8), w(9)], [w(10), w(11)]],
        delta: w(12),
    }
}

fn push(out: &mut Vec<u64>, b: &Bilerp8) {
    out.extend_from_slice(&inputs(b));
}

fn splat(byte: u8) -> u32 {
    u32::from_le_bytes([byte; 4])
}

/// The directed tap patterns crossed with [`WEIGHTS`]: 0x00/0xFF alternating (per tap, per
/// component, per level), 0x80, 0x01, and mixed bytes.
fn patterns() -> Vec<[[u32; 4]; 2]> {
    vec![
        [[0, !0, 0, !0], [!0, 0, !0, 0]],
        [[0x00FF_00FF, 0xFF00_FF00, 0xFF00_FF00, 0x00FF_00FF], [0xFF00_FF00, 0x00FF_00FF, 0x00FF_00FF, 0xFF00_FF00]],
        [[!0, 0, 0, 0], [0, 0, 0, !0]],
        [[splat(0x80); 4], [splat(0x80); 4]],
        [[splat(0x01); 4], [splat(0x01); 4]],
        [[0x01, 0, 0, 0], [0, 0, 0, 0x0100_0000]],
        [[0xFF80_0100, 0x0001_80FF, 0x80FF_0001, 0x0100_FF80], [0x7F80_FE01, 0x01FE_807F, 0x807F_01FE, 0xFE01_7F80]],
    ]
}

impl Unit for Filter {
    fn name(&self) -> &'static str {
        "filter"
    }

    fn title(&self) -> &'static str {
        "filter stage: RGBA8 UNORM bilinear/trilinear, exact sum, RNE to binary32"
    }

    fn fields(&self) -> Vec<Field> {
        let mut v = Vec::new();
        for l in 0..2 {
            for (k, pos) in ["(i0, j0)", "(i1, j0)", "(i0, j1)", "(i1, j1)"].iter().enumerate() {
                v.push(Field::input(
                    format!("t{l}_{k}"),
                    32,
                    format!("level {l} tap {pos}, RGBA8 (R in bits 7:0, A in 31:24)"),
                ));
            }
        }
        for l in 0..2 {
            v.push(Field::input(format!("alpha{l}"), 8, format!("level {l} weight of taps 1, 3 (i1), 1/256")));
            v.push(Field::input(format!("beta{l}"), 8, format!("level {l} weight of taps 2, 3 (j1), 1/256")));
        }
        v.push(Field::input("delta", 8, "weight of level 1 (1/256); 0 = single level, level 1 ignored"));
        for c in ["r", "g", "b", "a"] {
            v.push(Field::output(format!("out_{c}"), 32, format!("component {c}, binary32 bits, in [0, 1]")));
        }
        v
    }

    fn images(&self) -> &'static [Image] {
        &[]
    }

    fn rtl_files(&self) -> &'static [&'static str] {
        &["texcore_filter_rgba8.sv"]
    }

    fn default_count(&self) -> u64 {
        1_000_000
    }

    fn directed(&self, _fx: &Fixture, out: &mut Vec<u64>) {
        let zero = Bilerp8::default();
        // All zeros and all 255, at the weight corners.
        for t in [0u32, !0] {
            for w in WEIGHTS {
                for d in WEIGHTS {
                    push(out, &Bilerp8 { taps: [[t; 4]; 2], frac: [[w, w], [w, 255 - w]], delta: d });
                }
            }
        }
        // One tap carrying the most weight it can get (and, the same weights, every other
        // tap holding the value instead), for every tap position and several values.
        for l in 0..2 {
            for k in 0..4 {
                let a = if k & 1 == 1 { 255 } else { 0 };
                let b = if k & 2 == 2 { 255 } else { 0 };
                let d = if l == 1 { 255 } else { 0 };
                for t in [0xFFFF_FFFF, 0x01FF_8000, 0x0180_FF7F, 0x0000_0001, 0xFE01_80FF] {
                    let mut one = Bilerp8 { frac: [[a, b], [a, b]], delta: d, ..zero };
                    one.taps[l][k] = t;
                    push(out, &one);
                    let mut rest = Bilerp8 { taps: [[t; 4]; 2], ..one };
                    rest.taps[l][k] = 0;
                    push(out, &rest);
                }
            }
        }
        // Every byte value fetched with full weight (the plain UNORM8 conversion).
        for c in 0..=255u8 {
            let t = u32::from_le_bytes([c, 255 - c, c ^ 0x80, c.wrapping_add(1)]);
            push(out, &Bilerp8 { taps: [[t, 0, 0, 0], [0; 4]], ..zero });
        }
        // α, β, δ ∈ WEIGHTS, crossed with the rounding-stressing patterns.
        for taps in patterns() {
            for a0 in WEIGHTS {
                for b0 in WEIGHTS {
                    for a1 in WEIGHTS {
                        for b1 in WEIGHTS {
                            for d in WEIGHTS {
                                push(out, &Bilerp8 { taps, frac: [[a0, b0], [a1, b1]], delta: d });
                            }
                        }
                    }
                }
            }
        }
        // δ = 0 with garbage in level 1: the result is level 0's alone.
        for (i, l0) in patterns().iter().enumerate() {
            for g in [0xDEAD_BEEFu32, !0, 0x8000_0001, 0x1234_5678] {
                let g = g.rotate_left(i as u32);
                for (a, b) in [(0, 0), (1, 255), (128, 127), (255, 1)] {
                    push(
                        out,
                        &Bilerp8 { taps: [l0[0], [g, !g, g ^ 0x5A5A_5A5A, g]], frac: [[a, b], [!a, !b]], delta: 0 },
                    );
                }
            }
        }
        // Results just below 1.0: all 255 but one tap 254 (or 0 / 1) in one component, the
        // lightest weights on that tap.
        for l in 0..2 {
            for k in 0..4 {
                for low in [0xFEu8, 0x00, 0x01] {
                    for w in [1u8, 2, 3, 127] {
                        let mut s = Bilerp8 { taps: [[!0; 4]; 2], ..zero };
                        s.taps[l][k] = u32::from_le_bytes([low, 0xFF, low, 0xFF]);
                        // Tap k's weight on every axis is w/256.
                        let fa = if k & 1 == 1 { w } else { 255 - w + 1 };
                        let fb = if k & 2 == 2 { w } else { 255 - w + 1 };
                        let d = if l == 1 { w } else { 255 - w + 1 };
                        s.frac = [[fa, fb], [fa, fb]];
                        s.delta = d;
                        push(out, &s);
                    }
                }
            }
        }
        // Tiny results: x = c·α·β·δ with a single non-zero tap (1,1) of level 1.
        for c in 1..=255u8 {
            let t = u32::from_le_bytes([c, 0, 1, 2]);
            push(out, &Bilerp8 { taps: [[0; 4], [0, 0, 0, t]], frac: [[0, 0], [1, 1]], delta: 1 });
        }
        for c in [1u8, 2, 3, 5, 255] {
            for a in 1..=3u8 {
                for b in 1..=3u8 {
                    for d in [1u8, 2, 3, 128, 255] {
                        let t = u32::from_le_bytes([c, c.wrapping_mul(3), 0, 1]);
                        push(out, &Bilerp8 { taps: [[0; 4], [0, 0, 0, t]], frac: [[0, 0], [a, b]], delta: d });
                        push(
                            out,
                            &Bilerp8 { taps: [[0, 0, 0, t], [0; 4]], frac: [[a, b], [0, 0]], delta: 255 - d + 1 },
                        );
                    }
                }
            }
        }
    }

    fn random(&self, _fx: &Fixture, r: &mut Rand, v: &mut [u64]) {
        let style = r.weighted(&[60, 20, 10, 10]);
        let mut taps = [[0u32; 4]; 2];
        for t in taps.iter_mut().flatten() {
            *t = match style {
                0 => r.u32(),
                1 => u32::from_le_bytes([
                    r.pick(&EDGE_BYTES),
                    r.pick(&EDGE_BYTES),
                    r.pick(&EDGE_BYTES),
                    r.pick(&EDGE_BYTES),
                ]),
                2 => {
                    // Neighbouring values: rounding of near-constant footprints.
                    let b = r.bits(8) as u8;
                    splat(b.wrapping_add(r.below(3) as u8))
                }
                _ => r.pick(&[0u32, !0, 0x8080_8080, 0x0101_0101, 0xFEFE_FEFE]),
            };
        }
        let mut w = || if r.chance(70) { r.bits(8) as u8 } else { r.pick(&EDGE_WEIGHTS) };
        let frac = [[w(), w()], [w(), w()]];
        let delta = if r.chance(15) {
            0
        } else if r.chance(70) {
            r.bits(8) as u8
        } else {
            r.pick(&EDGE_WEIGHTS)
        };
        v.copy_from_slice(&inputs(&Bilerp8 { taps, frac, delta }));
    }

    fn eval(&self, _fx: &Fixture, v: &[u64], out: &mut [u64]) -> Result<()> {
        for (o, c) in out.iter_mut().zip(filter_rgba8(&from_inputs(v))) {
            *o = u64::from(c);
        }
        Ok(())
    }
}

/// The conversion steps of `rtl/texcore_filter_rgba8.sv` (s11–s17), bit for bit: normalise,
/// `q = (X·0x0101_0101 + (X >> 7)) >> 32` (= `(X·0x8080_8081) >> 39` = `X div 255`),
/// `r = (X + q) mod 256`, round, pack. The tests compare it with the core's conversion.
pub fn rtl_to_f32(x: u32) -> u32 {
    let mut xn = x;
    let mut lz = 0u32;
    for k in [16, 8, 4, 2, 1] {
        if xn >> (32 - k) == 0 {
            xn <<= k;
            lz += k;
        }
    }
    let a = u64::from(xn) + (u64::from(xn) << 8); // 41 bits
    let y = (a + (a << 16)) & ((1 << 57) - 1);
    let t = (y + u64::from(xn >> 7)) & ((1 << 57) - 1);
    let q = (t >> 32) as u32 & 0x1FF_FFFF;
    let r = (xn.wrapping_add(q)) as u8;
    let (m, up, eb) = if q >> 24 == 1 {
        (q >> 1, q & 1 == 1 && (r != 0 || (q >> 1) & 1 == 1), 127 - lz)
    } else {
        (q, r >= 128, 126 - lz)
    };
    let mn = m + u32::from(up);
    let e = if mn >> 24 == 1 { eb + 1 } else { eb };
    if x == 0 {
        0
    } else {
        (e << 23) | (mn & 0x7F_FFFF)
    }
}

#[cfg(test)]
mod tests {
    use super::rtl_to_f32;
    use texcore::filter::unorm8::to_f32;

    /// Every 997th sum and the ends of every binade (debug-build friendly).
    #[test]
    fn rtl_conversion_matches_the_core_sampled() {
        let max = 255u32 << 24;
        let edges = (0..32).flat_map(|k| {
            let p = 1u32 << k;
            [p - 1, p, p + 1]
        });
        for x in (0..=max).step_by(997).chain(edges).chain(max - 300..=max) {
            assert_eq!(rtl_to_f32(x), to_f32(x), "x = {x:#x}");
        }
    }

    /// Every possible sum `x ≤ 255·2^24` (4 278 190 081): `cargo test --release -p xtask --
    /// --ignored rtl_conversion`. Ignored by default: too slow for a debug build.
    #[test]
    #[ignore]
    fn rtl_conversion_matches_the_core_exhaustive() {
        for x in 0..=255u32 << 24 {
            assert_eq!(rtl_to_f32(x), to_f32(x), "x = {x:#x}");
        }
    }
}
