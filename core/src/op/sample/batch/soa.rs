//! The batch op's filter and conversion passes with a chunk's lanes in structure-of-arrays
//! form: each pass is one loop over the chunk's lanes that LLVM vectorizes on x86-64 hosts
//! built with AVX2 (`-C target-cpu=x86-64-v3` or newer, or `native`), 8 lanes per
//! instruction with AVX2 and 16 with AVX-512 (32-bit lane multiplies, per-lane variable
//! shifts and, with AVX-512CD, a leading-zero count). The integers are those of the
//! lane-by-lane passes ([`crate::filter::unorm8`]'s separable sums with the level weight
//! folded into the row weights, and its exact conversion, formed without a branch by
//! [`to_f32_select`]). The baseline x86-64 target (SSE2) has none of these lane operations,
//! and there the lane-by-lane passes run (see `LANE_ARRAYS`); both forms are compiled and
//! tested on every target.

use super::super::rgba8::KernelLevel;
use super::LANES;
use crate::filter::unorm8::{to_f32_select, Rgba8};

/// One level's taps and weights for every lane of a chunk.
pub(super) struct LevelLanes {
    /// The taps `[(i0, j0), (i1, j0), (i0, j1), (i1, j1)]` of each lane.
    tex: [[Rgba8; LANES]; 4],
    /// `α`, the weight of the column `i1` (1/256).
    a: [u32; LANES],
    /// `(256 − β) · L` and `β · L`: the row weights times the level weight `L` (`256 − δ`
    /// for the first level, `δ` for the second, `256` for a single level).
    wt: [u32; LANES],
    wb: [u32; LANES],
}

impl LevelLanes {
    /// Every lane with zero taps and weights (its sums are 0).
    pub(super) const fn new() -> LevelLanes {
        LevelLanes { tex: [[0; LANES]; 4], a: [0; LANES], wt: [0; LANES], wb: [0; LANES] }
    }

    /// Lane `l`'s taps `t`, weights `[α, β]` (`< 256`) and level weight `level` (`≤ 256`).
    #[inline(always)]
    pub(super) fn set(&mut self, l: usize, t: [Rgba8; 4], [alpha, beta]: [u32; 2], level: u32) {
        let (Some(a), Some(wt), Some(wb)) = (self.a.get_mut(l), self.wt.get_mut(l), self.wb.get_mut(l)) else {
            return;
        };
        for (row, t) in self.tex.iter_mut().zip(t) {
            if let Some(x) = row.get_mut(l) {
                *x = t;
            }
        }
        let b = beta * level;
        (*a, *wt, *wb) = (alpha, (level << 8) - b, b);
    }
    /// Every lane `l` with a level weight `level[l]` (`1 ..= 256`): its taps read from
    /// `texels` at the word indices `idx[k][l]` ([`super::word`]: 0 outside the memory), its
    /// weights `[α, β] = w[..][l]` and its level weight, as [`LevelLanes::set`] sets them; the
    /// lanes with level weight 0 keep theirs. One loop per tap over the lanes (gathers where
    /// vectorized).
    #[inline(always)]
    pub(super) fn set_lanes(
        &mut self,
        texels: &[u32],
        (idx, w): (&[[u32; LANES]; 4], &[[u32; LANES]; 2]),
        level: &[u32; LANES],
    ) {
        for (row, idx) in self.tex.iter_mut().zip(idx) {
            for ((x, i), lw) in row.iter_mut().zip(idx).zip(level) {
                let v = super::word(texels, *i);
                *x = if *lw != 0 { v } else { *x };
            }
        }
        for l in 0..LANES {
            let b = w[1][l] * level[l];
            let (a, wt, wb) = (w[0][l], (level[l] << 8) - b, b);
            if level[l] != 0 {
                (self.a[l], self.wt[l], self.wb[l]) = (a, wt, wb);
            }
        }
    }
}

/// The four components' sums of every lane, `acc[c][lane]`.
pub(super) type Sums = [[u32; LANES]; 4];

/// Adds one level's share `L · ((256 − β)·h0 + β·h1)`, `h = c0·(256 − α) + c1·α`, to each
/// lane's sums: [`crate::filter::unorm8::level_share`] and `blend_share_rgba8`'s integers.
/// With the two level weights summing to 256 every component stays `≤ 255 · 2^24`.
#[inline(always)]
pub(super) fn add_level(lv: &LevelLanes, acc: &mut Sums) {
    let [t0, t1, t2, t3] = &lv.tex;
    for (c, acc) in acc.iter_mut().enumerate() {
        let s = 8 * c as u32;
        for (l, x) in acc.iter_mut().enumerate() {
            let a = lv.a[l];
            let ia = 256 - a;
            let h0 = (t0[l] >> s & 0xFF) * ia + (t1[l] >> s & 0xFF) * a;
            let h1 = (t2[l] >> s & 0xFF) * ia + (t3[l] >> s & 0xFF) * a;
            *x += h0 * lv.wt[l] + h1 * lv.wb[l];
        }
    }
}

/// Adds one level's share to the sums of every lane with a level weight (`level[l] ≤ 256`,
/// 0 for the lanes that do not read the level), in one pass over the lanes: the taps of the
/// positions `u = (ux, uy)` on the level `lv` (its wrap units,
/// [`KernelAxis::taps_lane`](super::super::rgba8::KernelAxis::taps_lane)), their word reads
/// ([`super::word`]; none for a lane without weight) and [`add_level`]'s sums. The same
/// integers as the passes through [`LevelLanes`] and [`add_level`]; no array of indices or
/// taps is stored between them.
#[inline(always)]
pub(super) fn add_level_taps(
    texels: &[u32],
    lv: &KernelLevel,
    linear: bool,
    (ux, uy): (&[i32; LANES], &[i32; LANES]),
    level: &[u32; LANES],
    acc: &mut Sums,
) {
    let [r, g, b, al] = acc;
    for l in 0..LANES {
        let (x0, x1, a) = lv.ax.taps_lane(ux[l], linear);
        let (y0, y1, beta) = lv.ay.taps_lane(uy[l], linear);
        let (r0, r1) = (lv.base + y0 * lv.pitch, lv.base + y1 * lv.pitch);
        let lw = level[l];
        let t = if lw != 0 {
            [
                super::word(texels, r0 + x0),
                super::word(texels, r0 + x1),
                super::word(texels, r1 + x0),
                super::word(texels, r1 + x1),
            ]
        } else {
            [0; 4]
        };
        let wb = beta * lw;
        let w = (256 - a, a, (lw << 8) - wb, wb);
        r[l] += share(&t, 0, w);
        g[l] += share(&t, 8, w);
        b[l] += share(&t, 16, w);
        al[l] += share(&t, 24, w);
    }
}

/// The share of the component at bit `s` of the taps `t` with the weights `w = (256 − α, α,
/// (256 − β) · L, β · L)`: [`add_level`]'s sum for one component.
#[inline(always)]
fn share(t: &[Rgba8; 4], s: u32, (ia, a, wt, wb): (u32, u32, u32, u32)) -> u32 {
    let h0 = (t[0] >> s & 0xFF) * ia + (t[1] >> s & 0xFF) * a;
    let h1 = (t[2] >> s & 0xFF) * ia + (t[3] >> s & 0xFF) * a;
    h0 * wt + h1 * wb
}

/// Converts every lane's sums `x ≤ 255 · 2^24` to binary32 in place (`RNE(x / (255 · 2^24))`,
/// [`to_f32_select`]).
#[inline(always)]
pub(super) fn convert(acc: &mut Sums) {
    for row in acc.iter_mut() {
        for x in row.iter_mut() {
            *x = to_f32_select(*x);
        }
    }
}

/// Every lane's four components into `out`, lane by lane (`out[4 · l + c] = acc[c][l]`).
#[inline(always)]
pub(super) fn interleave(acc: &Sums, out: &mut [u32; 4 * LANES]) {
    for (l, o) in out.chunks_exact_mut(4).enumerate() {
        for (c, x) in o.iter_mut().enumerate() {
            *x = acc[c][l];
        }
    }
}

/// Lane `l`'s four converted components.
#[inline(always)]
pub(super) fn lane(acc: &Sums, l: usize) -> [u32; 4] {
    [acc[0][l], acc[1][l], acc[2][l], acc[3][l]]
}
