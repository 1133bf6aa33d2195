//! The filter unit: texel selection, wrap, border, seamless cube edges and corners, and the
//! weighted sum of taps within and between levels, for NEAREST / LINEAR and mip NONE /
//! NEAREST / LINEAR, plus the anisotropic average (Vulkan "Texel Filtering").
//!
//! ## Weights and the exact result
//!
//! Texel selection uses the S.8 coordinates of [`crate::coord`]: NEAREST takes `i = U >> 8`;
//! LINEAR takes `i0 = (U − 128) >> 8`, `i1 = i0 + 1` and the 8-bit weight
//! `α = (U − 128) & 255`, tap weights `256 − α` and `α` per axis; each tap index is wrapped on
//! its own. The weight of a tap is the product over the axes, times the level weight
//! (`256 − δ` and `δ`, or 256 for a single level), so every sample's weights sum to exactly
//! `2^(8·dims + 8)` (`dims` = 1, 2, 3); a NEAREST axis contributes its full 256.
//!
//! Taps are accumulated **exactly** in the format's own domain (UNORM/SNORM codes, binary16
//! as fixed point with 24 fraction bits); the result is then converted once:
//! `binary32 = RNE(Σ wᵢ vᵢ / (D × F × 2^(8·dims + 8)))` with `D` the format's denominator
//! (`2^n − 1` …), `F` = 3 for cube maps (see corners) × the anisotropic sample count. So the
//! only roundings of a filtered sample are the 8-bit sub-texel and mip weights and the final
//! RNE: a constant texture returns exactly its value, and a sample whose weight falls on a
//! single texel returns exactly that texel (converted like a fetch).
//!
//! binary16: a tap with weight > 0 holding NaN, or +∞ and −∞ together, gives NaN
//! (`0x7FC0_0000`); otherwise a ±∞ tap gives ±∞.
//!
//! Formats that are not linear-filterable (integers, stencil, binary32) are sampled with
//! NEAREST and mip NEAREST whatever the sampler says (the documented result).
//!
//! ## Border
//!
//! CLAMP_TO_BORDER: a tap for which **any** axis falls outside reads the border texel
//! ([`crate::texel::border_texel`]) — D3D §7.18.9.
//!
//! ## Cube maps
//!
//! With `seamless_cube`: wrap modes are ignored, NEAREST clamps to the face edge, and a
//! LINEAR tap outside the face in one axis reads the adjacent face (exact integer
//! re-projection of the tap centre). A tap outside in both axes (a corner) does not exist: its
//! weight is spread evenly over the three real taps — every weight is scaled by 3 and the
//! missing weight added to each of the other three — so the result is exactly the D3D
//! reference ("average of the three") and a constant cube stays constant. Without
//! `seamless_cube` each face is sampled on its own with the sampler's wrap modes.

pub mod unorm8;

use crate::descriptor::{SamplerHeader, TextureHeader, TextureType, WrapMode};
use crate::fp::{ratio128_to_f32_bits, ratio_to_f32_bits};
use crate::memory::{LevelGeom, TexelMemory, TextureLayout};
use crate::op::read_at;
use crate::output::component_to_bits;
use crate::texel::{Domain, Texel};
use crate::wrap::{wrap, Wrapped};

/// Exact accumulator of weighted taps.
#[derive(Clone, Copy, Debug)]
pub struct Acc {
    domains: [Domain; 4],
    sum: [i64; 4],
    sum16: [i128; 4],
    special: [u8; 4],
    taps: u32,
    first: Texel,
}

const POS_INF: u8 = 1;
const NEG_INF: u8 = 2;
const NAN: u8 = 4;

/// binary16 bits → fixed point with 24 fraction bits, or a special flag.
fn f16_fixed(h: u16) -> Result<i128, u8> {
    let neg = h & 0x8000 != 0;
    let e = i32::from((h >> 10) & 0x1F);
    let m = i128::from(h & 0x3FF);
    let v = match e {
        0 => m,
        31 => {
            return Err(if m != 0 {
                NAN
            } else if neg {
                NEG_INF
            } else {
                POS_INF
            })
        }
        _ => (1024 + m) << (e - 1),
    };
    Ok(if neg { -v } else { v })
}

impl Acc {
    /// An empty accumulator for texels of these domains.
    pub fn new(domains: [Domain; 4]) -> Acc {
        Acc { domains, sum: [0; 4], sum16: [0; 4], special: [0; 4], taps: 0, first: Texel::default() }
    }

    /// Adds `weight × texel` (a zero weight is ignored).
    pub fn add(&mut self, t: Texel, weight: u64) {
        if weight == 0 {
            return;
        }
        if self.taps == 0 {
            self.first = t;
            self.taps = 1;
        } else if t != self.first {
            self.taps = 2;
        }
        self.add_weights(t, weight);
    }

    fn add_weights(&mut self, t: Texel, weight: u64) {
        for i in 0..4 {
            let (Some(d), Some(v)) = (self.domains.get(i), t.0.get(i)) else { continue };
            match d {
                Domain::F16 => match f16_fixed(*v as u16) {
                    Ok(f) => {
                        if let Some(s) = self.sum16.get_mut(i) {
                            *s = s.wrapping_add(f.wrapping_mul(i128::from(weight)));
                        }
                    }
                    Err(flag) => {
                        if let Some(s) = self.special.get_mut(i) {
                            *s |= flag;
                        }
                    }
                },
                _ => {
                    if let Some(s) = self.sum.get_mut(i) {
                        *s = s.wrapping_add(v.wrapping_mul(weight as i64));
                    }
                }
            }
        }
    }

    /// The result words: `Σ w v / (D × factor × 2^shift)` per component, RNE (`D × factor`
    /// saturating at 2^64 − 1, far above every filter's factor; a UNORM / SNORM width no
    /// format has: `D` = 0, the component +0).
    pub fn finish(&self, factor: u64, shift: u32) -> [u32; 4] {
        let mut out = [0u32; 4];
        for (i, o) in out.iter_mut().enumerate() {
            let (Some(d), Some(first)) = (self.domains.get(i), self.first.0.get(i)) else { continue };
            if self.taps <= 1 {
                *o = if self.taps == 0 { 0 } else { component_to_bits(*d, *first) };
                continue;
            }
            let sum = self.sum.get(i).copied().unwrap_or(0);
            *o = match d {
                Domain::Unorm(_) | Domain::Snorm(_) => {
                    ratio_to_f32_bits(sum, d.norm_den().saturating_mul(factor), shift)
                }
                Domain::F16 => {
                    let sp = self.special.get(i).copied().unwrap_or(0);
                    if sp & NAN != 0 || sp == POS_INF | NEG_INF {
                        0x7FC0_0000
                    } else if sp == POS_INF {
                        0x7F80_0000
                    } else if sp == NEG_INF {
                        0xFF80_0000
                    } else {
                        ratio128_to_f32_bits(self.sum16.get(i).copied().unwrap_or(0), factor, shift + 24)
                    }
                }
                // Not filterable: only reached through a single tap (handled above).
                _ => component_to_bits(*d, *first),
            };
        }
        out
    }

    /// Whether every tap with a non-zero weight held the same texel (the result is then
    /// that texel, converted exactly).
    pub fn uniform(&self) -> bool {
        self.taps <= 1
    }
}

/// Number of coordinate axes a type filters over (1, 2 or 3).
pub const fn dims(ty: TextureType) -> u32 {
    match ty {
        TextureType::OneD | TextureType::OneDArray | TextureType::OneDBuffer => 1,
        TextureType::ThreeD => 3,
        _ => 2,
    }
}

/// One axis's taps: up to two `(index, weight)` pairs (weight in 1/256).
#[derive(Clone, Copy, Debug)]
struct AxisTaps {
    n: usize,
    tap: [(Wrapped, u64); 2],
}

fn axis_taps(u: i64, linear: bool, mode: WrapMode, size: u32) -> AxisTaps {
    if linear {
        let v = u.saturating_sub(128);
        let i0 = v >> 8;
        let a = (v & 255) as u64;
        AxisTaps { n: 2, tap: [(wrap(mode, i0, size), 256 - a), (wrap(mode, i0.saturating_add(1), size), a)] }
    } else {
        AxisTaps { n: 1, tap: [(wrap(mode, u >> 8, size), 256), (Wrapped::Border, 0)] }
    }
}

/// Raw (unwrapped) indices and weights of one axis, for cube faces.
fn raw_taps(u: i64, linear: bool) -> (usize, [(i64, u64); 2]) {
    if linear {
        let v = u.saturating_sub(128);
        let i0 = v >> 8;
        let a = (v & 255) as u64;
        (2, [(i0, 256 - a), (i0.saturating_add(1), a)])
    } else {
        (1, [(u >> 8, 256), (0, 0)])
    }
}

/// Which level is read, how, and with which level weight (1/256).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct At {
    /// Absolute level.
    pub level: u32,
    /// LINEAR (else NEAREST).
    pub linear: bool,
    /// Level weight: 256 for one level, `256 − δ` / `δ` for mip LINEAR.
    pub weight: u64,
}

/// A texel on a cube: `(face, x, y)`; face `u32::MAX` marks the border.
pub type FaceTexel = (u32, u32, u32);

/// Everything the filter needs about the texture and sampler.
pub struct Ctx<'a, M: TexelMemory + ?Sized> {
    /// Texture header.
    pub h: &'a TextureHeader,
    /// Its precomputed layout.
    pub lay: &'a TextureLayout,
    /// Sampler header.
    pub s: &'a SamplerHeader,
    /// Texel memory.
    pub mem: &'a M,
    /// Border texel (format domain).
    pub border: Texel,
    /// Optional per-tap transform (depth compare): texel → replacement texel.
    pub compare: Option<&'a dyn Fn(Texel) -> Texel>,
}

impl<M: TexelMemory + ?Sized> Ctx<'_, M> {
    /// Reads one tap (a texel outside the memory reads as zeros).
    fn fetch(&self, g: &LevelGeom, x: u32, y: u32, z: u32, layer: u32) -> Texel {
        let t =
            self.lay.address_in(g, x, y, z, layer, 0).and_then(|a| read_at(self.h, self.mem, a)).unwrap_or_default();
        self.transform(t)
    }

    fn transform(&self, t: Texel) -> Texel {
        match self.compare {
            Some(f) => f(t),
            None => t,
        }
    }

    /// Accumulates one level of a non-cube texture: `u` = S.8 coordinates per axis (with
    /// offsets), `layer` the array layer, `level` absolute, `wl` the level weight.
    pub fn level(&self, acc: &mut Acc, u: [i64; 3], layer: u32, at: At) {
        let At { level, linear, weight: wl } = at;
        let h = self.h;
        let d = dims(h.ty);
        let Some(g) = self.lay.geom(level) else { return };
        let sizes = g.size;
        let mut ax = [AxisTaps { n: 1, tap: [(Wrapped::Texel(0), 256), (Wrapped::Border, 0)] }; 3];
        for a in 0..d as usize {
            if let (Some(slot), Some(uu), Some(sz), Some(m)) =
                (ax.get_mut(a), u.get(a), sizes.get(a), self.s.wrap.get(a))
            {
                *slot = axis_taps(*uu, linear, *m, *sz);
            }
        }
        let [ax0, ax1, ax2] = ax;
        for (xi, xw) in ax0.tap.iter().take(ax0.n) {
            for (yi, yw) in ax1.tap.iter().take(ax1.n) {
                for (zi, zw) in ax2.tap.iter().take(ax2.n) {
                    // A 1D/2D type's unused axes contribute 256 each; normalise to the
                    // type's weight precision by dropping them.
                    let w = match d {
                        1 => *xw,
                        2 => xw * yw,
                        _ => xw * yw * zw,
                    } * wl;
                    if w == 0 {
                        continue;
                    }
                    let t = match (xi, yi, zi) {
                        (Wrapped::Texel(x), Wrapped::Texel(y), Wrapped::Texel(z)) => {
                            let (y, z) = if d >= 2 { (*y, *z) } else { (0, 0) };
                            let z = if d == 3 { z } else { 0 };
                            self.fetch(&g, *x, y, z, layer)
                        }
                        _ => self.transform(self.border),
                    };
                    acc.add(t, w);
                }
            }
        }
    }

    /// Accumulates one level of a cube face. Weights carry the cube factor 3.
    pub fn cube_level(&self, acc: &mut Acc, face: u32, u: [i64; 2], cube: u32, at: At) {
        let At { level, linear, weight: wl } = at;
        let n = self.h.level_width(level);
        let Some(g) = self.lay.geom(level) else { return };
        let seamless = self.s.seamless_cube;
        let (nx, tx) = raw_taps(u[0], linear);
        let (ny, ty) = raw_taps(u[1], linear);
        // Gather the (up to) four taps with their final coordinates.
        let mut taps: [(Option<FaceTexel>, u64); 4] = [(None, 0); 4];
        let mut k = 0;
        let mut missing = 0u64;
        for (yi, yw) in ty.iter().take(ny) {
            for (xi, xw) in tx.iter().take(nx) {
                let w = xw * yw * wl;
                let loc = if seamless {
                    if !linear {
                        Some((face, (*xi).clamp(0, i64::from(n) - 1) as u32, (*yi).clamp(0, i64::from(n) - 1) as u32))
                    } else {
                        cube_tap(face, *xi, *yi, n)
                    }
                } else {
                    match (wrap(self.s.wrap[0], *xi, n), wrap(self.s.wrap[1], *yi, n)) {
                        (Wrapped::Texel(x), Wrapped::Texel(y)) => Some((face, x, y)),
                        _ => Some((u32::MAX, 0, 0)), // border marker
                    }
                };
                if loc.is_none() {
                    missing += w;
                }
                if let Some(slot) = taps.get_mut(k) {
                    *slot = (loc, w);
                }
                k += 1;
            }
        }
        let real = taps.iter().take(k).filter(|(l, _)| l.is_some()).count() as u64;
        for (loc, w) in taps.iter().take(k) {
            let Some((f, x, y)) = loc else { continue };
            // ×3 for every cube sample; a corner's missing weight split over the 3 others.
            let w3 = w * 3 + if missing > 0 && real == 3 { missing } else { 0 };
            if w3 == 0 {
                continue;
            }
            let t = if *f == u32::MAX { self.transform(self.border) } else { self.fetch(&g, *x, *y, 0, cube * 6 + f) };
            acc.add(t, w3);
        }
    }
}

/// The seamless location of tap `(i, j)` of face `face` (size `n`): on the face, across one
/// edge on the adjacent face, or `None` at a corner.
pub fn cube_tap(face: u32, i: i64, j: i64, n: u32) -> Option<FaceTexel> {
    let nn = i64::from(n);
    let in_i = (0..nn).contains(&i);
    let in_j = (0..nn).contains(&j);
    if in_i && in_j {
        return Some((face, i as u32, j as u32));
    }
    if !in_i && !in_j {
        return None;
    }
    if !(-1..=nn).contains(&i) || !(-1..=nn).contains(&j) {
        return None;
    }
    // Doubled coordinates of the tap centre on the face plane (units of 1/n · ½).
    let sc = 2 * i + 1 - nn;
    let tc = 2 * j + 1 - nn;
    let [mut x, mut y, mut z] = face_to_dir(face, sc, tc, nn);
    // The overflowing component (|v| = n + 1) becomes the new major axis (±n); the old
    // major axis (±n) steps one texel centre in (±(n − 1)).
    let fix = |v: &mut i64| {
        if v.abs() == nn + 1 {
            *v = v.signum() * nn;
        } else if v.abs() == nn {
            *v = v.signum() * (nn - 1);
        }
    };
    fix(&mut x);
    fix(&mut y);
    fix(&mut z);
    let (f2, sc2, tc2) = dir_to_face(x, y, z);
    let i2 = (sc2 + nn - 1) / 2;
    let j2 = (tc2 + nn - 1) / 2;
    if (0..nn).contains(&i2) && (0..nn).contains(&j2) {
        Some((f2, i2 as u32, j2 as u32))
    } else {
        None
    }
}

/// Inverse of the face table: direction `(x, y, z)` for face coordinates `(sc, tc)` and
/// major magnitude `n`.
fn face_to_dir(face: u32, sc: i64, tc: i64, n: i64) -> [i64; 3] {
    match face {
        0 => [n, -tc, -sc],
        1 => [-n, -tc, sc],
        2 => [sc, n, tc],
        3 => [sc, -n, -tc],
        4 => [sc, -tc, n],
        _ => [-sc, -tc, -n],
    }
}

/// The face table on integer directions with a unique major axis.
fn dir_to_face(x: i64, y: i64, z: i64) -> (u32, i64, i64) {
    let (ax, ay, az) = (x.abs(), y.abs(), z.abs());
    if az >= ay && az >= ax {
        if z > 0 {
            (4, x, -y)
        } else {
            (5, -x, -y)
        }
    } else if ay >= ax {
        if y > 0 {
            (2, x, z)
        } else {
            (3, x, -z)
        }
    } else if x > 0 {
        (0, -z, -y)
    } else {
        (1, z, -y)
    }
}
