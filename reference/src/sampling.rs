//! The f64 reference of filtered sampling and the dEQP-style "high quality" bounds checker.
//!
//! Both run on the same enumeration ([`Oracle::configs`]): in *ideal* mode every quantity is
//! exact (f64 texel coordinates, exact bilinear/trilinear weights, λ from the Euclidean ρ with
//! f64 log2) and exactly one configuration comes out — the ideal value. In *bounds* mode
//! the texel coordinate gets ±[`UVW_ERR`] (uvwBits 7), λ gets ±[`LOD_ERR`] (lodBits 6),
//! cube faces within [`CUBE_TIE`] of the major axis are all tried, array layers accept both
//! `floor(a + ½)` and round-to-even, and every discrete choice these intervals allow
//! (magnification / minification, mip levels, texel quads, anisotropic sample counts) is a
//! separate configuration carrying the exact per-channel range `[lo, hi]` of values reachable
//! inside its weight box (the filter is multilinear in its weights, so the extremes are at the
//! box corners) plus the value at the exact weights (`mid`).
//!
//! Semantics mirrored (the model's documented choices, sampling-semantics §2–§6):
//! canonical wrap (§2.1), border = whole texel if any axis is out, nearest `floor(u)`, linear
//! `floor(u − ½)`, layer `clamp(floor(a + ½))`, cube face Z > Y > X, seamless edges by folding
//! the tap over the edge, corners = average of the three real texels, non-seamless cube faces
//! wrapped with the sampler's modes, ρ Euclidean, λ = log2 ρ, bias sum clamped to [−16, 16),
//! D3D clamp order (MinLOD wins), magnified iff λ ≤ 0, mip NEAREST = ceil(d' + ½) − 1, mip
//! LINEAR blending floor(d') and the next level, the Vulkan-example anisotropy on 2D/2D
//! arrays.
//!
//! ## Where the bounds differ from dEQP (sampling-semantics §11.3, §11.4)
//!
//! * Input coordinates carry no float error: the model receives exact binary32 bits (dEQP's
//!   `coordBits` models shader arithmetic). Only the model's binary32 cube-face division
//!   gets [`CUBE_Q_ERR`]; TXP coordinates are the binary32 quotients (TGSI semantics).
//! * uvwBits 7 and lodBits 6 also for cube maps (dEQP's cube tests use 6 and 5).
//! * λ is the exact Euclidean λ ± 2^-6: no +½ LOD slack above (dEQP's `√2·Σ` bound) and no
//!   slack below the max-component bound.
//! * Seamless cube corners: the missing tap may be anything between the min and max of the
//!   three real texels (dEQP accepts any result at a corner).
//! * Each channel is searched over the weight box on its own (dEQP looks for one weight point
//!   for all channels); the boxes are ±2^-7 texel and ±2^-6 LOD wide, so this is a small
//!   loosening.
//! * Anisotropy (dEQP has no rule): per sample the candidates are merged into a bounding box;
//!   the average of the N boxes must contain the result.
//! * binary16: the threshold is scaled by `max(1, max |texel|)` of the channel.

use texcore::descriptor::{Filter, MipFilter, SamplerHeader, TextureType, WrapMode};

use super::texture::{level_dims, swizzle, RefTex};

/// Texel-coordinate error (uvwBits = 7).
pub const UVW_ERR: f64 = 1.0 / 128.0;
/// LOD error (lodBits = 6).
pub const LOD_ERR: f64 = 1.0 / 64.0;
/// Error of the model's binary32 cube face coordinate `sc/|ma|` (absolute; it is ≤ 1).
pub const CUBE_Q_ERR: f64 = 1.0 / (1u64 << 22) as f64;
/// Relative tolerance for cube face ties.
pub const CUBE_TIE: f64 = 1.0 / (1u64 << 22) as f64;
/// Relative error allowed on ρ (the model's derivative arithmetic).
pub const RHO_REL: f64 = 1e-12;

/// dEQP `fixedErr(bits)` = `2^-bits − 2^-23`.
pub fn fixed_err(bits: i32) -> f64 {
    2f64.powi(-bits) - 2f64.powi(-23)
}

/// Colour threshold: `fixedErr(8 − 2)` for filtered, `fixedErr(8 − 1)` when min and mag
/// are NEAREST and the mip filter is not LINEAR.
pub fn color_threshold(s: &SamplerHeader) -> f64 {
    if s.mag_filter == Filter::Nearest && s.min_filter == Filter::Nearest && s.mip_filter != MipFilter::Linear {
        fixed_err(7)
    } else {
        fixed_err(6)
    }
}

/// Where λ_base comes from.
#[derive(Clone, Copy, Debug)]
pub enum LodIn {
    /// From the derivatives, plus a shader bias.
    Implicit {
        /// Shader bias.
        bias: f64,
    },
    /// Explicit LOD.
    Explicit(f64),
}

/// One lane's inputs, in f64.
#[derive(Clone, Copy, Debug)]
pub struct LaneIn {
    /// Canonical coordinates (s, t, r, layer) / (rx, ry, rz, cube).
    pub c: [f64; 4],
    /// ∂c/∂x (c0 … c2).
    pub dx: [f64; 3],
    /// ∂c/∂y.
    pub dy: [f64; 3],
    /// LOD source.
    pub lod: LodIn,
    /// Texel offsets (zero for cube maps).
    pub offset: [i32; 3],
}

/// A per-channel value range plus the value at the exact weights.
#[derive(Clone, Copy, Debug)]
pub struct Iv {
    /// Lowest reachable value.
    pub lo: [f64; 4],
    /// Highest reachable value.
    pub hi: [f64; 4],
    /// Value at the exact (ideal) weights, clamped into this configuration.
    pub mid: [f64; 4],
    /// Whether the exact weights lie inside this configuration.
    pub exact: bool,
    /// Smallest texel value among the taps of this configuration (corner taps included).
    pub tmin: [f64; 4],
    /// Largest texel value among the taps.
    pub tmax: [f64; 4],
}

impl Default for Iv {
    fn default() -> Iv {
        Iv {
            lo: [0.0; 4],
            hi: [0.0; 4],
            mid: [0.0; 4],
            exact: false,
            tmin: [f64::INFINITY; 4],
            tmax: [f64::NEG_INFINITY; 4],
        }
    }
}

impl Iv {
    fn point(v: [f64; 4], exact: bool) -> Iv {
        Iv { lo: v, hi: v, mid: v, exact, tmin: v, tmax: v }
    }

    fn taps_union(&mut self, o: &Iv) {
        for ch in 0..4 {
            self.tmin[ch] = self.tmin[ch].min(o.tmin[ch]);
            self.tmax[ch] = self.tmax[ch].max(o.tmax[ch]);
        }
    }
}

// ------------------------------------------------------------------ cube geometry

/// Per face: major direction M, s axis S, t axis T (sc = S·r, tc = T·r, ma = M·r), from the
/// face table of sampling-semantics §6.1.
const FACES: [[[f64; 3]; 3]; 6] = [
    [[1.0, 0.0, 0.0], [0.0, 0.0, -1.0], [0.0, -1.0, 0.0]],
    [[-1.0, 0.0, 0.0], [0.0, 0.0, 1.0], [0.0, -1.0, 0.0]],
    [[0.0, 1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]],
    [[0.0, -1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, -1.0]],
    [[0.0, 0.0, 1.0], [1.0, 0.0, 0.0], [0.0, -1.0, 0.0]],
    [[0.0, 0.0, -1.0], [-1.0, 0.0, 0.0], [0.0, -1.0, 0.0]],
];

fn dot(a: [f64; 3], b: [f64; 3]) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// Face of a direction, ties Z > Y > X (sign from the sign bit, so ±0 pick a side).
pub fn select_face(r: [f64; 3]) -> usize {
    let (ax, ay, az) = (r[0].abs(), r[1].abs(), r[2].abs());
    let (axis, v) = if az >= ay && az >= ax {
        (2, r[2])
    } else if ay >= ax {
        (1, r[1])
    } else {
        (0, r[0])
    };
    2 * axis + usize::from(v.is_sign_negative())
}

/// Faces whose major component is within [`CUBE_TIE`] of the largest.
pub fn face_candidates(r: [f64; 3], out: &mut Vec<usize>) {
    out.clear();
    let m = r[0].abs().max(r[1].abs()).max(r[2].abs());
    for f in 0..6 {
        let ma = dot(FACES[f][0], r);
        if ma > 0.0 && ma >= m * (1.0 - CUBE_TIE) {
            out.push(f);
        }
    }
    let sel = select_face(r);
    if !out.contains(&sel) {
        out.push(sel);
    }
}

/// Face coordinates `(sc/ma, tc/ma)` of `r` on face `f`.
fn face_coords(f: usize, r: [f64; 3]) -> (f64, f64) {
    let ma = dot(FACES[f][0], r);
    if ma == 0.0 {
        return (0.0, 0.0);
    }
    (dot(FACES[f][1], r) / ma, dot(FACES[f][2], r) / ma)
}

/// Seamless fold: texel `(i, j)` of face `f` (size `n`) lying one texel outside the face in
/// exactly one axis → the texel of the adjacent face touching that edge.
pub fn fold(f: usize, i: i64, j: i64, n: i64) -> (usize, i64, i64) {
    let nn = n as f64;
    // Texel centre in units of half a texel: sc·n = 2i + 1 − n on the face plane at distance n.
    let sc = (2 * i + 1 - n) as f64;
    let tc = (2 * j + 1 - n) as f64;
    let [m, s, t] = FACES[f];
    // Fold over the edge: the overflowing coordinate becomes the new major (±n), the old
    // major steps one texel centre in (n − 1).
    let (a, b) = if sc.abs() > nn { (sc.signum() * nn, tc) } else { (sc, tc.signum() * nn) };
    let p = [0, 1, 2].map(|k| (nn - 1.0) * m[k] + a * s[k] + b * t[k]);
    let f2 = select_face(p);
    let [_, s2, t2] = FACES[f2];
    let i2 = (dot(s2, p) + nn - 1.0) / 2.0;
    let j2 = (dot(t2, p) + nn - 1.0) / 2.0;
    debug_assert!(i2.fract() == 0.0 && j2.fract() == 0.0);
    (f2, i2 as i64, j2 as i64)
}

// ------------------------------------------------------------------ wrap

/// Canonical integer wrap (sampling-semantics §2.1); `None` = border.
pub fn wrap(mode: WrapMode, i: i64, n: i64) -> Option<i64> {
    match mode {
        WrapMode::Repeat => Some(i.rem_euclid(n)),
        WrapMode::MirroredRepeat => {
            let t = i.rem_euclid(2 * n);
            Some(if t < n { t } else { 2 * n - 1 - t })
        }
        WrapMode::ClampToEdge => Some(i.clamp(0, n - 1)),
        WrapMode::ClampToBorder => (0..n).contains(&i).then_some(i),
        WrapMode::MirrorClampToEdge => Some((if i < 0 { -1 - i } else { i }).min(n - 1)),
    }
}

// ------------------------------------------------------------------ per-axis candidates

#[derive(Clone, Copy, Debug)]
struct AxisCand {
    i0: i64,
    a0: f64,
    a1: f64,
    am: f64,
    exact: bool,
}

const DUMMY: AxisCand = AxisCand { i0: 0, a0: 0.0, a1: 0.0, am: 0.0, exact: true };

/// Up to three candidates of one axis (the error is below half a texel: at most two occur).
#[derive(Clone, Copy, Debug)]
struct Cands {
    n: usize,
    v: [AxisCand; 3],
}

impl Cands {
    const fn new() -> Cands {
        Cands { n: 0, v: [DUMMY; 3] }
    }

    fn push(&mut self, c: AxisCand) {
        self.v[self.n] = c;
        self.n += 1;
    }

    fn clear(&mut self) {
        self.n = 0;
    }

    fn iter(&self) -> impl Iterator<Item = &AxisCand> {
        self.v[..self.n].iter()
    }
}

fn axis_cands(u: f64, err: f64, linear: bool, ideal: bool, out: &mut Cands) {
    out.clear();
    let x = if linear { u - 0.5 } else { u };
    if ideal {
        let i = x.floor();
        let a = if linear { x - i } else { 0.0 };
        out.push(AxisCand { i0: i as i64, a0: a, a1: a, am: a, exact: true });
        return;
    }
    let (lo, hi) = (x - err, x + err);
    let xi = x.floor() as i64;
    for i in lo.floor() as i64..=hi.floor() as i64 {
        let fi = i as f64;
        if linear {
            let a0 = (lo - fi).clamp(0.0, 1.0);
            let a1 = (hi - fi).clamp(0.0, 1.0);
            out.push(AxisCand { i0: i, a0, a1, am: (x - fi).clamp(a0, a1), exact: i == xi });
        } else {
            out.push(AxisCand { i0: i, a0: 0.0, a1: 0.0, am: 0.0, exact: i == xi });
        }
    }
}

/// Σ over the corners of the `k`-linear blend of `taps` (corner bit `a` = axis `a` at i0 + 1).
fn blend(taps: &[[f64; 4]], k: usize, al: [f64; 3]) -> [f64; 4] {
    let mut o = [0.0; 4];
    for (c, t) in taps.iter().enumerate().take(1 << k) {
        let mut w = 1.0;
        for a in 0..k {
            w *= if c >> a & 1 == 1 { al[a] } else { 1.0 - al[a] };
        }
        if w != 0.0 {
            for ch in 0..4 {
                o[ch] += w * t[ch];
            }
        }
    }
    o
}

/// The range of the multilinear blend over the box `a0 ..= a1` per axis (corners), the
/// value at `am`.
fn blend_iv(taps: &[[f64; 4]], k: usize, ax: &[AxisCand; 3], exact: bool) -> Iv {
    let mut iv = Iv { lo: [f64::INFINITY; 4], hi: [f64::NEG_INFINITY; 4], exact, ..Iv::default() };
    for t in taps.iter().take(1 << k) {
        for ch in 0..4 {
            iv.tmin[ch] = iv.tmin[ch].min(t[ch]);
            iv.tmax[ch] = iv.tmax[ch].max(t[ch]);
        }
    }
    let point = (0..k).all(|a| ax[a].a0 == ax[a].a1);
    if point {
        // A single weight point (ideal mode): lo = hi = mid.
        iv.mid = blend(taps, k, [ax[0].am, ax[1].am, ax[2].am]);
        iv.lo = iv.mid;
        iv.hi = iv.mid;
        return iv;
    }
    for corner in 0..1usize << k {
        let mut al = [0.0; 3];
        for a in 0..k {
            al[a] = if corner >> a & 1 == 1 { ax[a].a1 } else { ax[a].a0 };
        }
        let v = blend(taps, k, al);
        for ch in 0..4 {
            iv.lo[ch] = iv.lo[ch].min(v[ch]);
            iv.hi[ch] = iv.hi[ch].max(v[ch]);
        }
    }
    iv.mid = blend(taps, k, [ax[0].am, ax[1].am, ax[2].am]);
    iv
}

// ------------------------------------------------------------------ LOD

/// λ for one lane (and one cube face): the exact value, the bounds interval, and the
/// anisotropic sample counts / major axes to try.
#[derive(Clone, Debug)]
pub struct LodInfo {
    /// Exact λ after bias and min/max clamp (may be −∞ before the clamp is applied … the
    /// clamp keeps it finite whenever min_lod is set; −∞ means "magnified").
    pub ideal: f64,
    /// Lower bound (with the LOD error), clamped.
    pub lo: f64,
    /// Upper bound, clamped.
    pub hi: f64,
    /// Exact anisotropic sample count and major axis (x = true).
    pub ideal_sub: (u32, bool),
    /// Every (count, major axis) the bounds allow.
    pub subs: Vec<(u32, bool)>,
}

/// One level configuration: filter, first level (relative), optional second level with the
/// blend range `d0 ..= d1` and exact blend `dm`.
#[derive(Clone, Copy, Debug)]
struct LevelCfg {
    linear: bool,
    a: u32,
    b: Option<(u32, f64, f64, f64)>,
}

/// The oracle for one texture + sampler.
pub struct Oracle<'a> {
    /// Texture.
    pub tex: &'a RefTex,
    /// Sampler.
    pub s: &'a SamplerHeader,
    /// Set when a computation could not be done exactly in f64 (an anisotropic offset of a
    /// derivative with more than 31 significant bits); such lanes are not judged.
    pub inexact: std::cell::Cell<bool>,
    scratch: std::cell::RefCell<Scratch>,
    outbuf: std::cell::RefCell<Vec<Iv>>,
}

#[derive(Clone, Copy, Debug)]
enum Pos {
    Grid { layer: u32 },
    Cube { face: usize, qs: f64, qt: f64, cube: u32 },
}

/// Layer candidates: `floor(a + ½)` (the model's rule) and, in bounds mode, round-to-even.
fn layer_candidates(a: f64, count: u32, ideal: bool) -> ([u32; 2], usize) {
    let cl = |v: f64| v.clamp(0.0, f64::from(count) - 1.0) as u32;
    let f = cl((a + 0.5).floor());
    let r = cl(a.round_ties_even());
    if ideal || r == f {
        ([f, f], 1)
    } else {
        ([f, r], 2)
    }
}

/// Reusable buffers of [`Oracle::configs`].
#[derive(Default)]
struct Scratch {
    pos: Vec<Pos>,
    faces: Vec<usize>,
    lc: Vec<LevelCfg>,
    ca: Vec<Iv>,
    cb: Vec<Iv>,
}

impl<'a> Oracle<'a> {
    /// An oracle for `tex` sampled with `s`.
    pub fn new(tex: &'a RefTex, s: &'a SamplerHeader) -> Oracle<'a> {
        Oracle { tex, s, inexact: std::cell::Cell::new(false), scratch: Default::default(), outbuf: Default::default() }
    }

    fn ty(&self) -> TextureType {
        self.tex.h.ty
    }

    fn is_cube(&self) -> bool {
        matches!(self.ty(), TextureType::Cube | TextureType::CubeArray)
    }

    fn dims(&self) -> usize {
        match self.ty() {
            TextureType::OneD | TextureType::OneDArray => 1,
            TextureType::ThreeD => 3,
            _ => 2,
        }
    }

    fn aniso(&self) -> u32 {
        let ok = matches!(self.ty(), TextureType::TwoD | TextureType::TwoDArray);
        if ok {
            1 << self.s.max_anisotropy_log2
        } else {
            1
        }
    }

    fn q(&self) -> f64 {
        f64::from(self.tex.h.levels - 1)
    }

    /// Texel-space derivative vectors at the base level (per screen axis).
    fn texel_derivs(&self, lane: &LaneIn, face: Option<usize>) -> ([f64; 3], [f64; 3]) {
        let b = self.tex.h.base_level;
        let sz = level_dims(&self.tex.h, b).map(f64::from);
        match face {
            Some(f) => {
                let r = [lane.c[0], lane.c[1], lane.c[2]];
                let [m, s, t] = FACES[f];
                let ma = dot(m, r);
                let (sc, tc) = (dot(s, r), dot(t, r));
                let n = sz[0];
                let fd = |d: [f64; 3]| -> [f64; 3] {
                    let dma = dot(m, d);
                    let ds = 0.5 * (dot(s, d) * ma - sc * dma) / (ma * ma);
                    let dt = 0.5 * (dot(t, d) * ma - tc * dma) / (ma * ma);
                    [ds * n, dt * n, 0.0]
                };
                (fd(lane.dx), fd(lane.dy))
            }
            None => {
                let k = self.dims();
                let mut x = [0.0; 3];
                let mut y = [0.0; 3];
                for a in 0..k {
                    x[a] = lane.dx[a] * sz[a];
                    y[a] = lane.dy[a] * sz[a];
                }
                (x, y)
            }
        }
    }

    /// λ for a lane (cube: on face `face`).
    pub fn lod_info(&self, lane: &LaneIn, face: Option<usize>) -> LodInfo {
        let s = self.s;
        let sampler_bias = f64::from(s.lod_bias.to_bits()) / 256.0;
        let min_lod = f64::from(s.min_lod.to_bits()) / 256.0;
        let max_lod = f64::from(s.max_lod.to_bits()) / 256.0;
        let (base_lo, base_hi, base_id, bias, ideal_sub, subs) = match lane.lod {
            LodIn::Explicit(l) => (l, l, l, sampler_bias, (1, true), vec![(1, true)]),
            LodIn::Implicit { bias } => {
                let bias = (sampler_bias + bias).clamp(-16.0, 16.0 - 1.0 / 256.0);
                let (mx, my) = self.texel_derivs(lane, face);
                let rx = dot(mx, mx).sqrt();
                let ry = dot(my, my).sqrt();
                let a = f64::from(self.aniso());
                let e = RHO_REL;
                let (xl, xh, yl, yh) = (rx * (1.0 - e), rx * (1.0 + e), ry * (1.0 - e), ry * (1.0 + e));
                if a > 1.0 {
                    // λ = log2(ρmax / η) = log2(max(ρmin, ρmax / A)); N = ceil(min(ρmax/ρmin, A)).
                    let lam = |x: f64, y: f64| {
                        let (mx, mn) = (x.max(y), x.min(y));
                        if mx == 0.0 {
                            f64::NEG_INFINITY
                        } else {
                            mn.max(mx / a).log2()
                        }
                    };
                    let count = |mx: f64, mn: f64| -> f64 {
                        if mx == 0.0 {
                            1.0
                        } else if mn == 0.0 {
                            a
                        } else {
                            (mx / mn).min(a)
                        }
                    };
                    let major_x = rx >= ry;
                    let (imx, imn) = if major_x { (rx, ry) } else { (ry, rx) };
                    let isub = (count(imx, imn).ceil().max(1.0) as u32, major_x);
                    let mut subs = Vec::new();
                    for mx_axis in [true, false] {
                        let possible = if mx_axis { xh >= yl } else { yh > xl };
                        if !possible {
                            continue;
                        }
                        let ((mxl, mxh), (mnl, mnh)) =
                            if mx_axis { ((xl, xh), (yl, yh)) } else { ((yl, yh), (xl, xh)) };
                        let (n0, n1) = if mxh == 0.0 {
                            (1.0, 1.0)
                        } else {
                            (count(mxl, mnh).ceil().max(1.0), count(mxh, mnl).ceil().max(1.0))
                        };
                        for n in n0 as u32..=n1 as u32 {
                            if !subs.contains(&(n, mx_axis)) {
                                subs.push((n, mx_axis));
                            }
                        }
                    }
                    (lam(xl, yl), lam(xh, yh), lam(rx, ry), bias, isub, subs)
                } else {
                    let lg = |v: f64| if v == 0.0 { f64::NEG_INFINITY } else { v.log2() };
                    (lg(xl.max(yl)), lg(xh.max(yh)), lg(rx.max(ry)), bias, (1, true), vec![(1, true)])
                }
            }
        };
        let clamp = |l: f64| min_lod.max(max_lod.min(l));
        LodInfo {
            ideal: clamp(base_id + bias),
            lo: clamp(base_lo + bias - LOD_ERR),
            hi: clamp(base_hi + bias + LOD_ERR),
            ideal_sub,
            subs,
        }
    }

    fn level_cfgs(&self, lo: f64, hi: f64, ideal_l: f64, ideal: bool, out: &mut Vec<LevelCfg>) {
        out.clear();
        let s = self.s;
        let q = self.q();
        if lo <= 0.0 {
            out.push(LevelCfg { linear: s.mag_filter == Filter::Linear, a: 0, b: None });
        }
        if hi <= 0.0 {
            return;
        }
        let linear = s.min_filter == Filter::Linear;
        let (dlo, dhi) = (lo.clamp(0.0, q), hi.clamp(0.0, q));
        match s.mip_filter {
            MipFilter::None => out.push(LevelCfg { linear, a: 0, b: None }),
            MipFilter::Nearest => {
                let l0 = ((dlo + 0.5).ceil() - 1.0).max(0.0);
                let l1 = if ideal { l0 } else { (dhi + 0.5).floor().min(q) };
                for l in l0 as u32..=l1 as u32 {
                    out.push(LevelCfg { linear, a: l, b: None });
                }
            }
            MipFilter::Linear => {
                let dm = ideal_l.clamp(0.0, q);
                for l in dlo.floor() as u32..=dhi.floor() as u32 {
                    if f64::from(l) >= q {
                        out.push(LevelCfg { linear, a: l, b: None });
                    } else {
                        let fl = f64::from(l);
                        let d0 = (dlo - fl).clamp(0.0, 1.0);
                        let d1 = (dhi - fl).clamp(0.0, 1.0);
                        out.push(LevelCfg { linear, a: l, b: Some((l + 1, d0, d1, (dm - fl).clamp(d0, d1))) });
                    }
                }
            }
        }
    }

    /// Candidates for one level of a grid texture at texel coordinates `u` (per axis).
    fn grid_level(&self, layer: u32, level: u32, linear: bool, u: [f64; 3], ideal: bool, out: &mut Vec<Iv>) {
        let k = self.dims();
        let dims = level_dims(&self.tex.h, level);
        let n = dims.map(i64::from);
        let err = if ideal { 0.0 } else { UVW_ERR };
        let mut ax = [Cands::new(); 3];
        for a in 0..3 {
            if a < k {
                axis_cands(u[a], err, linear, ideal, &mut ax[a]);
            } else {
                ax[a].push(DUMMY);
            }
        }
        let modes = self.s.wrap;
        let kl = if linear { k } else { 0 };
        let mut taps = [[0.0; 4]; 8];
        for c0 in ax[0].iter() {
            for c1 in ax[1].iter() {
                for c2 in ax[2].iter() {
                    let cs = [*c0, *c1, *c2];
                    for (corner, tap) in taps.iter_mut().enumerate().take(1 << kl) {
                        let mut idx = [0i64; 3];
                        let mut border = false;
                        for a in 0..k {
                            let i = cs[a].i0 + i64::from(corner >> a & 1 == 1);
                            match wrap(modes[a], i, n[a]) {
                                Some(v) => idx[a] = v,
                                None => border = true,
                            }
                        }
                        *tap = if border {
                            self.tex.border
                        } else {
                            self.tex.texel(layer, level, idx[0] as u32, idx[1] as u32, idx[2] as u32)
                        };
                    }
                    let exact = cs.iter().all(|c| c.exact);
                    out.push(if kl == 0 { Iv::point(taps[0], exact) } else { blend_iv(&taps, kl, &cs, exact) });
                }
            }
        }
    }

    /// Candidates for one level of a cube face at face coordinates `(qs, qt)`.
    #[allow(clippy::too_many_arguments)]
    fn cube_level(
        &self,
        cube: u32,
        face: usize,
        qs: f64,
        qt: f64,
        level: u32,
        linear: bool,
        ideal: bool,
        out: &mut Vec<Iv>,
    ) {
        let n = i64::from(level_dims(&self.tex.h, level)[0]);
        let nf = n as f64;
        let err = if ideal { 0.0 } else { UVW_ERR + CUBE_Q_ERR * nf / 2.0 };
        let u = (qs + 1.0) / 2.0 * nf;
        let v = (qt + 1.0) / 2.0 * nf;
        let mut axu = Cands::new();
        let mut axv = Cands::new();
        axis_cands(u, err, linear, ideal, &mut axu);
        axis_cands(v, err, linear, ideal, &mut axv);
        let seamless = self.s.seamless_cube;
        let fetch = |f: usize, i: i64, j: i64| self.tex.texel(cube * 6 + f as u32, level, i as u32, j as u32, 0);
        // A tap: Some(value) or None for a missing corner.
        let resolve = |i: i64, j: i64| -> Option<[f64; 4]> {
            if seamless {
                let inside = |x: i64| (0..n).contains(&x);
                if !linear {
                    return Some(fetch(face, i.clamp(0, n - 1), j.clamp(0, n - 1)));
                }
                match (inside(i), inside(j)) {
                    (true, true) => Some(fetch(face, i, j)),
                    (false, false) => None,
                    _ => {
                        assert!((-1..=n).contains(&i) && (-1..=n).contains(&j), "tap too far off the face");
                        let (f2, i2, j2) = fold(face, i, j, n);
                        Some(fetch(f2, i2, j2))
                    }
                }
            } else {
                match (wrap(self.s.wrap[0], i, n), wrap(self.s.wrap[1], j, n)) {
                    (Some(x), Some(y)) => Some(fetch(face, x, y)),
                    _ => Some(self.tex.border),
                }
            }
        };
        for cu in axu.iter() {
            for cv in axv.iter() {
                let exact = cu.exact && cv.exact;
                if !linear {
                    out.push(Iv::point(resolve(cu.i0, cv.i0).expect("nearest tap exists"), exact));
                    continue;
                }
                let mut taps = [[0.0; 4]; 8];
                let mut missing = None;
                for (corner, tap) in taps.iter_mut().enumerate().take(4) {
                    let i = cu.i0 + i64::from(corner & 1 == 1);
                    let j = cv.i0 + i64::from(corner & 2 == 2);
                    match resolve(i, j) {
                        Some(t) => *tap = t,
                        None => missing = Some(corner),
                    }
                }
                let cs = [*cu, *cv, DUMMY];
                match missing {
                    None => out.push(blend_iv(&taps, 2, &cs, exact)),
                    Some(m) => {
                        // The corner tap takes the average of the three real ones (ideal);
                        // the bounds accept anything between their min and max.
                        let mut mn = [f64::INFINITY; 4];
                        let mut mx = [f64::NEG_INFINITY; 4];
                        let mut avg = [0.0; 4];
                        for t in (0..4).filter(|&c| c != m).map(|c| taps[c]) {
                            for ch in 0..4 {
                                mn[ch] = mn[ch].min(t[ch]);
                                mx[ch] = mx[ch].max(t[ch]);
                                avg[ch] += t[ch] / 3.0;
                            }
                        }
                        taps[m] = avg;
                        let mut iv = blend_iv(&taps, 2, &cs, exact);
                        if !ideal {
                            for x in [mn, mx] {
                                taps[m] = x;
                                let e = blend_iv(&taps, 2, &cs, exact);
                                for ch in 0..4 {
                                    iv.lo[ch] = iv.lo[ch].min(e.lo[ch]);
                                    iv.hi[ch] = iv.hi[ch].max(e.hi[ch]);
                                }
                            }
                        }
                        out.push(iv);
                    }
                }
            }
        }
    }

    /// The candidate values of one level for anisotropic sample `i` of `n` (1-based).
    #[allow(clippy::too_many_arguments)]
    fn level_sample(
        &self,
        pos: Pos,
        lane: &LaneIn,
        level_rel: u32,
        linear: bool,
        sub: (u32, bool),
        i: u32,
        ideal: bool,
        out: &mut Vec<Iv>,
    ) {
        out.clear();
        let level = self.tex.h.base_level + level_rel;
        match pos {
            Pos::Grid { layer } => {
                let dims = level_dims(&self.tex.h, level).map(f64::from);
                let (n, major_x) = sub;
                // Sample i of n sits at t = num / den along the major axis.
                let (num, den) =
                    if n <= 1 { (0.0, 1.0) } else { (f64::from(2 * i as i32 - n as i32 - 1), f64::from(2 * (n + 1))) };
                let d = if major_x { lane.dx } else { lane.dy };
                let mut u = [0.0; 3];
                for a in 0..self.dims() {
                    let nn = dims[a];
                    // s·N is exact (24 × 17 bits); num·∂s·N too unless ∂s has > 31 bits.
                    let base = lane.c[a] * nn;
                    let p = num * d[a];
                    let x = p * nn;
                    if num.mul_add(d[a], -p) != 0.0 || p.mul_add(nn, -x) != 0.0 {
                        self.inexact.set(true);
                    }
                    let periodic = matches!(self.s.wrap[a], WrapMode::Repeat | WrapMode::MirroredRepeat);
                    let v = if periodic {
                        // Reduce exactly modulo the period 2N before anything is added.
                        base.rem_euclid(2.0 * nn) + x.rem_euclid(2.0 * nn * den) / den
                    } else {
                        base + x / den
                    };
                    u[a] = (v + f64::from(lane.offset[a])).clamp(-1e12, 1e12);
                }
                self.grid_level(layer, level, linear, u, ideal, out);
            }
            Pos::Cube { face, qs, qt, cube } => self.cube_level(cube, face, qs, qt, level, linear, ideal, out),
        }
    }

    /// Every configuration (ideal: exactly one), values before the view swizzle.
    pub fn configs(&self, lane: &LaneIn, ideal: bool, out: &mut Vec<Iv>) {
        out.clear();
        let h = &self.tex.h;
        let mut guard = self.scratch.borrow_mut();
        let Scratch { pos: positions, faces, lc: lcfgs, ca, cb } = &mut *guard;
        positions.clear();
        if self.is_cube() {
            let r = [lane.c[0], lane.c[1], lane.c[2]];
            let (cubes, nc) = if self.ty() == TextureType::CubeArray {
                layer_candidates(lane.c[3], h.depth, ideal)
            } else {
                ([0, 0], 1)
            };
            faces.clear();
            if ideal {
                faces.push(select_face(r));
            } else {
                face_candidates(r, faces);
            }
            for &cube in &cubes[..nc] {
                for &f in faces.iter() {
                    let (qs, qt) = face_coords(f, r);
                    positions.push(Pos::Cube { face: f, qs, qt, cube });
                }
            }
        } else {
            let (layers, nl) = if h.ty.is_array() { layer_candidates(lane.c[3], h.depth, ideal) } else { ([0, 0], 1) };
            positions.extend(layers[..nl].iter().map(|&layer| Pos::Grid { layer }));
        }
        for &pos in positions.iter() {
            let face = match pos {
                Pos::Cube { face, .. } => Some(face),
                Pos::Grid { .. } => None,
            };
            let li = self.lod_info(lane, face);
            let (lo, hi) = if ideal { (li.ideal, li.ideal) } else { (li.lo, li.hi) };
            self.level_cfgs(lo, hi, li.ideal, ideal, lcfgs);
            let subs: &[(u32, bool)] = if ideal { std::slice::from_ref(&li.ideal_sub) } else { &li.subs };
            for &sub in subs {
                let n = sub.0.max(1);
                for lc in lcfgs.iter() {
                    if n == 1 {
                        self.level_sample(pos, lane, lc.a, lc.linear, sub, 1, ideal, ca);
                        match lc.b {
                            None => out.extend(ca.iter().copied()),
                            Some((lb, d0, d1, dm)) => {
                                self.level_sample(pos, lane, lb, lc.linear, sub, 1, ideal, cb);
                                for a in ca.iter() {
                                    for b in cb.iter() {
                                        out.push(mix(a, b, d0, d1, dm));
                                    }
                                }
                            }
                        }
                    } else {
                        // Anisotropic: per sample the bounding box of its candidates, averaged.
                        let mut acc = Iv { exact: true, lo: [0.0; 4], hi: [0.0; 4], mid: [0.0; 4], ..Iv::default() };
                        for i in 1..=n {
                            self.level_sample(pos, lane, lc.a, lc.linear, sub, i, ideal, ca);
                            let mut v = hull(ca);
                            if let Some((lb, d0, d1, dm)) = lc.b {
                                self.level_sample(pos, lane, lb, lc.linear, sub, i, ideal, cb);
                                v = mix(&v, &hull(cb), d0, d1, dm);
                            }
                            acc.taps_union(&v);
                            for ch in 0..4 {
                                acc.lo[ch] += v.lo[ch] / f64::from(n);
                                acc.hi[ch] += v.hi[ch] / f64::from(n);
                                acc.mid[ch] += v.mid[ch] / f64::from(n);
                            }
                        }
                        out.push(acc);
                    }
                }
            }
        }
    }

    /// The ideal (exact) value, after the view swizzle.
    pub fn ideal(&self, lane: &LaneIn) -> [f64; 4] {
        let mut v = self.outbuf.borrow_mut();
        self.configs(lane, true, &mut v);
        assert_eq!(v.len(), 1, "ideal mode gives one configuration");
        swizzle(self.tex.h.swizzle, v[0].mid)
    }

    /// Checks a model result (after the view swizzle) against the bounds.
    pub fn check(&self, lane: &LaneIn, res: [f64; 4]) -> Verdict {
        self.inexact.set(false);
        let mut v = self.check_inner(lane, res);
        v.inexact = self.inexact.get();
        v
    }

    fn check_inner(&self, lane: &LaneIn, res: [f64; 4]) -> Verdict {
        let thr0 = color_threshold(self.s);
        let scale = self.tex.out_scale();
        let thr = scale.map(|s| thr0 * s);
        let ideal = self.ideal(lane);
        let err = [0, 1, 2, 3].map(|c| (res[c] - ideal[c]).abs());
        // Fast path: the ideal alone explains the result. Nearest-only filtering must match
        // exactly (a neighbouring texel is a different configuration, found below).
        let s = self.s;
        let point =
            s.mag_filter == Filter::Nearest && s.min_filter == Filter::Nearest && s.mip_filter != MipFilter::Linear;
        let fast_thr = if point { 1e-7 } else { thr0.min(1.5 / 255.0) };
        let fast = (0..4).all(|c| err[c] <= fast_thr * scale[c]);
        if fast {
            return Verdict { pass: true, err, ideal, slow: false, best: ideal, inexact: false };
        }
        let mut cfgs = self.outbuf.borrow_mut();
        self.configs(lane, false, &mut cfgs);
        let sw = self.tex.h.swizzle;
        let mut pass = false;
        let mut best = (f64::INFINITY, err, ideal);
        for c in cfgs.iter() {
            let (lo, hi, mid) = (swizzle(sw, c.lo), swizzle(sw, c.hi), swizzle(sw, c.mid));
            let ok = (0..4).all(|ch| res[ch] >= lo[ch] - thr[ch] && res[ch] <= hi[ch] + thr[ch]);
            pass |= ok;
            let e = [0, 1, 2, 3].map(|ch| (res[ch] - mid[ch]).abs());
            let m = (0..4).map(|ch| e[ch] / scale[ch]).fold(0.0, f64::max);
            if m < best.0 {
                best = (m, e, mid);
            }
        }
        Verdict { pass, err: best.1, ideal, slow: true, best: best.2, inexact: false }
    }

    /// The smallest and largest texel value (after the view swizzle) among every tap of every
    /// configuration the bounds allow: a filtered result must lie between them (D3D
    /// §7.18.16.3).
    pub fn tap_range(&self, lane: &LaneIn) -> ([f64; 4], [f64; 4]) {
        let mut cfgs = self.outbuf.borrow_mut();
        self.configs(lane, false, &mut cfgs);
        let mut u = Iv::default();
        for c in cfgs.iter() {
            u.taps_union(c);
        }
        let sw = self.tex.h.swizzle;
        (swizzle(sw, u.tmin), swizzle(sw, u.tmax))
    }

    /// The window of λ a probe must land in (union over cube-face candidates).
    pub fn lod_window(&self, lane: &LaneIn) -> LodWindow {
        let mut faces = Vec::new();
        if self.is_cube() {
            face_candidates([lane.c[0], lane.c[1], lane.c[2]], &mut faces);
        }
        let ideal_face = self.is_cube().then(|| select_face([lane.c[0], lane.c[1], lane.c[2]]));
        let id = self.lod_info(lane, ideal_face);
        let mut w = LodWindow { lo: id.lo, hi: id.hi, ideal: id.ideal, q: self.q() };
        for f in faces {
            let li = self.lod_info(lane, Some(f));
            w.lo = w.lo.min(li.lo);
            w.hi = w.hi.max(li.hi);
        }
        w
    }
}

/// Blend of two levels over `δ ∈ [d0, d1]`, exact at `dm`.
fn mix(a: &Iv, b: &Iv, d0: f64, d1: f64, dm: f64) -> Iv {
    let mut o = Iv { exact: a.exact && b.exact, ..Iv::default() };
    o.taps_union(a);
    o.taps_union(b);
    for ch in 0..4 {
        let l0 = (1.0 - d0) * a.lo[ch] + d0 * b.lo[ch];
        let l1 = (1.0 - d1) * a.lo[ch] + d1 * b.lo[ch];
        let h0 = (1.0 - d0) * a.hi[ch] + d0 * b.hi[ch];
        let h1 = (1.0 - d1) * a.hi[ch] + d1 * b.hi[ch];
        o.lo[ch] = l0.min(l1);
        o.hi[ch] = h0.max(h1);
        o.mid[ch] = (1.0 - dm) * a.mid[ch] + dm * b.mid[ch];
    }
    o
}

/// Bounding box of candidates; `mid` from the candidate holding the exact point.
fn hull(c: &[Iv]) -> Iv {
    let mut o = Iv { lo: [f64::INFINITY; 4], hi: [f64::NEG_INFINITY; 4], mid: c[0].mid, exact: true, ..Iv::default() };
    for v in c {
        o.taps_union(v);
        for ch in 0..4 {
            o.lo[ch] = o.lo[ch].min(v.lo[ch]);
            o.hi[ch] = o.hi[ch].max(v.hi[ch]);
        }
        if v.exact {
            o.mid = v.mid;
        }
    }
    o
}

/// The checker's verdict on one lane.
#[derive(Clone, Copy, Debug)]
pub struct Verdict {
    /// Within the bounds.
    pub pass: bool,
    /// |model − value at exact weights| per channel, for the closest configuration.
    pub err: [f64; 4],
    /// The ideal value.
    pub ideal: [f64; 4],
    /// The closest configuration's exact-weight value.
    pub best: [f64; 4],
    /// Whether the enumeration was needed (the ideal alone was not close enough).
    pub slow: bool,
    /// The oracle could not compute this lane exactly (see [`Oracle::inexact`]).
    pub inexact: bool,
}

/// λ window for LOD probes: `[lo, hi]` (bounds, after the min/max clamp), exact λ, `q`.
#[derive(Clone, Copy, Debug)]
pub struct LodWindow {
    /// Lower bound of λ.
    pub lo: f64,
    /// Upper bound of λ.
    pub hi: f64,
    /// Exact λ.
    pub ideal: f64,
    /// Last level (relative).
    pub q: f64,
}

impl LodWindow {
    /// Whether a probe result `d` (the model's `d'`, relative level + blend) is allowed for
    /// `mip`: magnified (`d = 0`) if `lo ≤ 0`; otherwise within the clamped window (mip
    /// LINEAR: `± 1/256` for the model's 8-bit blend weight), or one of the nearest levels.
    pub fn allows(&self, d: f64, mip: MipFilter) -> bool {
        if self.lo <= 0.0 && d == 0.0 {
            return true;
        }
        if self.hi <= 0.0 {
            return false;
        }
        let (dlo, dhi) = (self.lo.clamp(0.0, self.q), self.hi.clamp(0.0, self.q));
        match mip {
            MipFilter::None => d == 0.0,
            MipFilter::Nearest => {
                let l0 = ((dlo + 0.5).ceil() - 1.0).max(0.0);
                let l1 = (dhi + 0.5).floor().min(self.q);
                d.fract() == 0.0 && d >= l0 && d <= l1
            }
            MipFilter::Linear => d >= dlo - 1.0 / 256.0 - 1e-9 && d <= dhi + 1e-9,
        }
    }

    /// The model's `d` minus the ideal (mip LINEAR: `d − clamp(λ, 0, q)`; mip NEAREST: how
    /// far the ideal `d'` lies outside the chosen level's rounding window `[d − ½, d + ½]`).
    pub fn error(&self, d: f64, mip: MipFilter) -> f64 {
        let di = self.ideal.clamp(0.0, self.q);
        match mip {
            MipFilter::Linear => (d - di).abs(),
            _ => ((di - d).abs() - 0.5).max(0.0),
        }
    }
}
