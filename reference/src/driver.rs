//! Test driver: the nine sampling ops, random quads, the model call through the TGSI
//! wrappers, the f64 lane inputs the oracle sees, samplers and LOD-probe textures.

use texcore::descriptor::{Filter, Format, MipFilter, SamplerHeader, TextureHeader, TextureType, WrapMode};
use texcore::op::sample::{self as ops, SampleError};

use fixed::types::{I8F8, U8F8};

use super::rng::Rng;
use super::sampling::{LaneIn, LodIn, Oracle};
use super::texture::{level_dims, Fmt, RefTex};

/// The sampling ops under test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    /// TGSI TEX.
    Tex,
    /// TGSI TXB.
    Txb,
    /// TGSI TXL.
    Txl,
    /// TGSI TXD.
    Txd,
    /// TGSI TXP.
    Txp,
    /// SAMPLE.
    Sample,
    /// SAMPLE_B.
    SampleB,
    /// SAMPLE_L.
    SampleL,
    /// SAMPLE_D.
    SampleD,
}

/// How an op gets its LOD.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LodKind {
    /// From the quad (TEX, TXB, TXP, SAMPLE, SAMPLE_B).
    Implicit,
    /// Explicit derivatives (TXD, SAMPLE_D).
    Grads,
    /// Explicit LOD (TXL, SAMPLE_L).
    Lod,
}

impl Op {
    /// Every op.
    pub const ALL: [Op; 9] =
        [Op::Tex, Op::Txb, Op::Txl, Op::Txd, Op::Txp, Op::Sample, Op::SampleB, Op::SampleL, Op::SampleD];

    /// Name.
    pub fn name(self) -> &'static str {
        match self {
            Op::Tex => "tex",
            Op::Txb => "txb",
            Op::Txl => "txl",
            Op::Txd => "txd",
            Op::Txp => "txp",
            Op::Sample => "sample",
            Op::SampleB => "sample_b",
            Op::SampleL => "sample_l",
            Op::SampleD => "sample_d",
        }
    }

    /// The op's LOD source.
    pub fn lod_kind(self) -> LodKind {
        match self {
            Op::Txd | Op::SampleD => LodKind::Grads,
            Op::Txl | Op::SampleL => LodKind::Lod,
            _ => LodKind::Implicit,
        }
    }

    /// Whether the op takes texel offsets.
    pub fn has_offset(self) -> bool {
        matches!(self, Op::Sample | Op::SampleB | Op::SampleL | Op::SampleD)
    }

    /// Whether the op accepts the type (TXP: no arrays; TXB/TXL: no cube arrays).
    pub fn allows(self, ty: TextureType) -> bool {
        match self {
            Op::Txp => !ty.is_array(),
            Op::Txb | Op::Txl => ty != TextureType::CubeArray,
            _ => true,
        }
    }
}

/// Short type name.
pub fn ty_name(ty: TextureType) -> &'static str {
    match ty {
        TextureType::OneD => "1D",
        TextureType::OneDArray => "1DA",
        TextureType::TwoD => "2D",
        TextureType::TwoDArray => "2DA",
        TextureType::ThreeD => "3D",
        TextureType::Cube => "CUBE",
        TextureType::CubeArray => "CUBEA",
        _ => "?",
    }
}

/// The types under test.
pub const TYPES: [TextureType; 7] = [
    TextureType::OneD,
    TextureType::OneDArray,
    TextureType::TwoD,
    TextureType::TwoDArray,
    TextureType::ThreeD,
    TextureType::Cube,
    TextureType::CubeArray,
];

/// One quad's operands (binary32).
#[derive(Clone, Copy, Debug, Default)]
pub struct Quad {
    /// Canonical coordinates per lane; TXP: the un-projected (x, y, z).
    pub c: [[f32; 4]; 4],
    /// TXP divisor per lane.
    pub w: [f32; 4],
    /// Shader bias per lane (TXB, SAMPLE_B).
    pub bias: [f32; 4],
    /// Explicit LOD per lane (TXL, SAMPLE_L).
    pub lod: [f32; 4],
    /// Explicit ∂/∂x of (c0, c1, c2) per lane (TXD, SAMPLE_D).
    pub ddx: [[f32; 3]; 4],
    /// Explicit ∂/∂y.
    pub ddy: [[f32; 3]; 4],
    /// Texel offsets (SAMPLE*).
    pub offset: [i32; 3],
}

/// The TEX-family operand register for canonical `c` with `w` in the free `.w` slot.
fn src(ty: TextureType, c: [f32; 4], w: f32) -> [u32; 4] {
    let v = match ty {
        TextureType::OneDArray => [c[0], c[3], 0.0, w],
        TextureType::TwoDArray => [c[0], c[1], c[3], w],
        TextureType::CubeArray => [c[0], c[1], c[2], c[3]],
        _ => [c[0], c[1], c[2], w],
    };
    v.map(f32::to_bits)
}

fn regs3(d: &[[f32; 3]; 4]) -> [[u32; 4]; 4] {
    d.map(|v| [v[0].to_bits(), v[1].to_bits(), v[2].to_bits(), 0])
}

/// Runs `op` on the model.
pub fn run_model(
    op: Op,
    h: &TextureHeader,
    s: &SamplerHeader,
    mem: &[u8],
    q: &Quad,
) -> Result<[[u32; 4]; 4], SampleError> {
    let ty = h.ty;
    let srcs = |w: [f32; 4]| [0, 1, 2, 3].map(|l| src(ty, q.c[l], w[l]));
    let zero = [0.0f32; 4];
    let (v, sp) = (Ok(h), Ok(s));
    match op {
        Op::Tex => ops::tex(v, sp, mem, &srcs(zero)),
        Op::Txb => ops::txb(v, sp, mem, &srcs(q.bias)),
        Op::Txl => ops::txl(v, sp, mem, &srcs(q.lod)),
        Op::Txd => ops::txd(v, sp, mem, &srcs(zero), &regs3(&q.ddx), &regs3(&q.ddy)),
        Op::Txp => ops::txp(v, sp, mem, &srcs(q.w)),
        Op::Sample => ops::sample(v, sp, mem, &srcs(zero), q.offset),
        Op::SampleB => ops::sample_b(v, sp, mem, &srcs(zero), q.bias.map(f32::to_bits), q.offset),
        Op::SampleL => ops::sample_l(v, sp, mem, &srcs(zero), q.lod.map(f32::to_bits), q.offset),
        Op::SampleD => ops::sample_d(v, sp, mem, &srcs(zero), &regs3(&q.ddx), &regs3(&q.ddy), q.offset),
    }
}

/// The oracle's view of each lane.
pub fn lane_inputs(op: Op, ty: TextureType, q: &Quad) -> [LaneIn; 4] {
    let coords: [[f64; 4]; 4] = [0, 1, 2, 3].map(|l| {
        let c = q.c[l];
        if op == Op::Txp {
            // TXP: binary32 division (IEEE, round to nearest even), then TEX.
            let w = q.w[l];
            [f64::from(c[0] / w), f64::from(c[1] / w), f64::from(c[2] / w), 0.0]
        } else {
            c.map(f64::from)
        }
    });
    let cube = matches!(ty, TextureType::Cube | TextureType::CubeArray);
    let offset = if op.has_offset() && !cube { q.offset } else { [0; 3] };
    let implicit_dx = [0, 1, 2].map(|k| coords[1][k] - coords[0][k]);
    let implicit_dy = [0, 1, 2].map(|k| coords[2][k] - coords[0][k]);
    [0, 1, 2, 3].map(|l| {
        let (dx, dy, lod) = match op.lod_kind() {
            LodKind::Implicit => {
                let bias = match op {
                    Op::Txb | Op::SampleB => f64::from(q.bias[l]),
                    _ => 0.0,
                };
                (implicit_dx, implicit_dy, LodIn::Implicit { bias })
            }
            LodKind::Grads => (q.ddx[l].map(f64::from), q.ddy[l].map(f64::from), LodIn::Implicit { bias: 0.0 }),
            LodKind::Lod => ([0.0; 3], [0.0; 3], LodIn::Explicit(f64::from(q.lod[l]))),
        };
        LaneIn { c: coords[l], dx, dy, lod, offset }
    })
}

// ------------------------------------------------------------------ random operands

/// A normalized coordinate on an axis of `n0` texels at the base level.
pub fn gen_axis(rng: &mut Rng, n0: u32, levels: u32) -> f64 {
    let l = rng.int(0, i64::from(levels) - 1) as u32;
    let n = f64::from((n0 >> l).max(1));
    let k = rng.int(-(n as i64) - 1, 2 * n as i64 + 1) as f64;
    match rng.below(100) {
        0..=34 => rng.range(-0.5, 1.5),
        35..=59 => {
            let f = rng.pick(&[
                0.0,
                0.5,
                1.0 / 512.0,
                -1.0 / 512.0,
                1.0 / 256.0,
                -1.0 / 256.0,
                1e-5,
                -1e-5,
                3.0 / 1024.0,
                1.0 / 128.0 + 1e-6,
                0.5 - 1e-6,
                0.5 + 1.0 / 300.0,
            ]);
            (k + f) / n
        }
        60..=69 => (k + 0.5) / n,
        70..=84 => rng.range(-10.0, 10.0),
        85..=91 => rng.sign() * 10f64.powf(rng.range(3.0, 8.0)),
        92..=94 => rng.sign() * 10f64.powf(rng.range(12.0, 36.0)),
        _ => rng.pick(&[0.0, 1.0, -0.0, 1.0 - 2f64.powi(-24), 2f64.powi(-20), -1.0, 0.5, 2.0]),
    }
}

/// An array-layer coordinate for `count` layers (near integers and .5 ties).
pub fn gen_layer(rng: &mut Rng, count: u32) -> f64 {
    let k = rng.int(-1, i64::from(count)) as f64;
    match rng.below(10) {
        0..=3 => k,
        4..=5 => k + rng.pick(&[0.5, -0.5, 0.499_99, 0.500_01, 0.25]),
        6 => rng.range(-3.0, f64::from(count) + 3.0),
        _ => k + rng.range(-0.45, 0.45),
    }
}

/// A cube direction (edges, corners, texel boundaries, ties included).
pub fn gen_dir(rng: &mut Rng, n: u32) -> [f64; 3] {
    let scale = 2f64.powf(rng.range(-4.0, 4.0));
    let mut v = match rng.below(12) {
        0..=4 => loop {
            let v = [rng.range(-1.0, 1.0), rng.range(-1.0, 1.0), rng.range(-1.0, 1.0)];
            if v.iter().any(|x| x.abs() > 0.05) {
                break v;
            }
        },
        5..=6 => {
            let e = rng.pick(&[0.0, 1e-7, -1e-7, 1e-4, -1e-3, 0.01, -1.0 / f64::from(n)]);
            [rng.sign(), rng.sign() * (1.0 - e), rng.range(-1.0, 1.0)]
        }
        7 => [
            rng.sign(),
            rng.sign() * (1.0 - rng.pick(&[0.0, 1e-6, 0.02])),
            rng.sign() * (1.0 - rng.pick(&[0.0, 1e-6, 0.03])),
        ],
        8..=9 => {
            let k = rng.int(0, i64::from(n)) as f64;
            let f = rng.pick(&[0.0, 1e-6, -1e-6, 0.5, 1.0 / 512.0]);
            let sc = 2.0 * (k + f) / f64::from(n) - 1.0;
            [rng.sign(), sc.clamp(-1.0, 1.0), rng.range(-1.0, 1.0)]
        }
        _ => rng.pick(&[
            [1.0, 1.0, 0.5],
            [0.5, 1.0, 1.0],
            [1.0, 0.2, 1.0],
            [0.0, 0.0, 1.0],
            [1.0, 0.0, 0.0],
            [0.3, -1.0, 0.0],
            [-1.0, -1.0, -1.0],
        ]),
    };
    // Random axis permutation and signs, then scale.
    let p = rng.pick(&[[0, 1, 2], [1, 2, 0], [2, 0, 1], [0, 2, 1], [2, 1, 0], [1, 0, 2]]);
    v = [v[p[0]], v[p[1]], v[p[2]]];
    v.map(|x| x * scale)
}

/// Base-level texel-space derivatives → normalized `(dx, dy)` for a lane at `c`.
pub fn gen_derivs(rng: &mut Rng, tex: &RefTex, c: [f64; 4]) -> ([f64; 3], [f64; 3]) {
    let h = &tex.h;
    let ty = h.ty;
    let q = f64::from(h.levels - 1);
    let n = level_dims(h, h.base_level).map(f64::from);
    let m = 2f64.powf(rng.range(-3.0, q + 2.5));
    let k = match ty {
        TextureType::OneD | TextureType::OneDArray => 1,
        TextureType::ThreeD | TextureType::Cube | TextureType::CubeArray => 3,
        _ => 2,
    };
    let unit = |rng: &mut Rng| -> [f64; 3] {
        loop {
            let mut v = [0.0; 3];
            for x in v.iter_mut().take(k) {
                *x = rng.range(-1.0, 1.0);
            }
            let l = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt();
            if l > 0.1 && l <= 1.0 {
                break v.map(|x| x / l);
            }
        }
    };
    let (mut ux, mut uy) = (unit(rng), unit(rng));
    if k == 2 && rng.chance(0.5) {
        uy = [-ux[1], ux[0], 0.0]; // perpendicular footprint
    }
    if rng.chance(0.15) {
        // axis aligned, exact power-of-two ratio
        ux = [1.0, 0.0, 0.0];
        uy = if k >= 2 { [0.0, 1.0, 0.0] } else { [1.0, 0.0, 0.0] };
    }
    let ratio = match rng.below(10) {
        0..=3 => 2f64.powf(rng.range(-0.5, 0.0)),
        4..=7 => 2f64.powf(rng.range(-6.0, 0.0)),
        8 => 2f64.powi(-(rng.int(0, 5) as i32)),
        _ => 0.0,
    };
    let (mut tx, mut ty_) = (ux.map(|v| v * m), uy.map(|v| v * m * ratio));
    if rng.chance(0.5) {
        std::mem::swap(&mut tx, &mut ty_);
    }
    if rng.chance(0.03) {
        tx = [0.0; 3];
        ty_ = [0.0; 3];
    }
    match ty {
        TextureType::Cube | TextureType::CubeArray => {
            let ma = c[0].abs().max(c[1].abs()).max(c[2].abs());
            let s = 2.0 * ma / n[0];
            (tx.map(|v| v * s), ty_.map(|v| v * s))
        }
        _ => {
            let d = |t: [f64; 3]| [t[0] / n[0], t[1] / n[1], t[2] / n[2]];
            (d(tx), d(ty_))
        }
    }
}

fn f32s(v: [f64; 4]) -> [f32; 4] {
    v.map(|x| x as f32)
}

/// A canonical position for `tex` (coordinates and layer / direction and cube).
pub fn gen_pos(rng: &mut Rng, tex: &RefTex) -> [f64; 4] {
    let h = &tex.h;
    let n = level_dims(h, h.base_level);
    let mut c = [0.0; 4];
    match h.ty {
        TextureType::Cube | TextureType::CubeArray => {
            let d = gen_dir(rng, n[0]);
            c[..3].copy_from_slice(&d);
        }
        ty => {
            let k = match ty {
                TextureType::OneD | TextureType::OneDArray => 1,
                TextureType::ThreeD => 3,
                _ => 2,
            };
            for a in 0..k {
                c[a] = gen_axis(rng, n[a], h.levels);
            }
        }
    }
    if h.ty.is_array() {
        c[3] = gen_layer(rng, h.depth);
    }
    c
}

/// A random quad for `op` on `tex`.
pub fn gen_quad(rng: &mut Rng, op: Op, tex: &RefTex) -> Quad {
    let h = &tex.h;
    let q = f64::from(h.levels - 1);
    let mut quad = Quad::default();
    match op.lod_kind() {
        LodKind::Implicit => {
            let c0 = gen_pos(rng, tex);
            let (dx, dy) = gen_derivs(rng, tex, c0);
            let same_layer = rng.chance(0.8);
            for l in 0..4 {
                let mut c = c0;
                for k in 0..3 {
                    c[k] += if l & 1 == 1 { dx[k] } else { 0.0 } + if l & 2 == 2 { dy[k] } else { 0.0 };
                }
                if l == 3 {
                    for v in c.iter_mut().take(3) {
                        *v += rng.range(-1e-3, 1e-3) * v.abs().max(1e-3);
                    }
                }
                if h.ty.is_array() && !same_layer {
                    c[3] = gen_layer(rng, h.depth);
                }
                quad.c[l] = f32s(c);
            }
        }
        LodKind::Grads => {
            for l in 0..4 {
                let c = gen_pos(rng, tex);
                let (dx, dy) = gen_derivs(rng, tex, c);
                quad.c[l] = f32s(c);
                quad.ddx[l] = dx.map(|v| v as f32);
                quad.ddy[l] = dy.map(|v| v as f32);
            }
        }
        LodKind::Lod => {
            for l in 0..4 {
                quad.c[l] = f32s(gen_pos(rng, tex));
                quad.lod[l] = if rng.chance(0.3) {
                    let k = rng.int(-1, q as i64 + 1) as f64;
                    (k + rng.pick(&[
                        0.0,
                        0.5,
                        1.0 / 512.0,
                        -1.0 / 512.0,
                        0.5 + 1.0 / 512.0,
                        0.5 - 1.0 / 512.0,
                        1.0 / 256.0,
                    ])) as f32
                } else {
                    rng.range(-2.0, q + 2.0) as f32
                };
            }
        }
    }
    if matches!(op, Op::Txb | Op::SampleB) {
        for l in 0..4 {
            quad.bias[l] = match rng.below(10) {
                0..=1 => 0.0,
                2..=8 => rng.range(-3.0, 3.0) as f32,
                _ => (rng.sign() * rng.range(15.0, 30.0)) as f32,
            };
        }
    }
    if op == Op::Txp {
        // Un-project: (x, y, z) = p·w with a random w per quad (slightly varying per lane).
        let w0 = rng.sign() * rng.range(0.25, 4.0);
        for l in 0..4 {
            let w = (w0 * (1.0 + rng.range(-0.01, 0.01))) as f32;
            quad.w[l] = w;
            for k in 0..3 {
                quad.c[l][k] = (f64::from(quad.c[l][k]) * f64::from(w)) as f32;
            }
        }
    }
    if op.has_offset() && rng.chance(0.5) {
        quad.offset = [0; 3].map(|_| rng.int(-8, 7) as i32);
    }
    quad
}

// ------------------------------------------------------------------ samplers

/// A filter combination.
#[derive(Clone, Copy, Debug)]
pub struct FilterCombo {
    /// Short name.
    pub name: &'static str,
    /// Magnification filter.
    pub mag: Filter,
    /// Minification filter.
    pub min: Filter,
    /// Mip filter.
    pub mip: MipFilter,
    /// log2 of the max anisotropy.
    pub aniso_log2: u8,
}

/// Wrap setup of a combination: a mode on every axis (cube: non-seamless), or seamless cube.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WrapCombo {
    /// This mode on every axis.
    Mode(WrapMode),
    /// Seamless cube filtering (wrap modes ignored).
    Seamless,
    /// Non-seamless cube: a random wrap mode per axis for every sampler.
    NonSeamless,
}

impl WrapCombo {
    /// Short name.
    pub fn name(self) -> &'static str {
        match self {
            WrapCombo::Mode(WrapMode::Repeat) => "REPEAT",
            WrapCombo::Mode(WrapMode::MirroredRepeat) => "MIRROR",
            WrapCombo::Mode(WrapMode::ClampToEdge) => "EDGE",
            WrapCombo::Mode(WrapMode::ClampToBorder) => "BORDER",
            WrapCombo::Mode(WrapMode::MirrorClampToEdge) => "MIRROR_ONCE",
            WrapCombo::Seamless => "SEAMLESS",
            WrapCombo::NonSeamless => "NONSEAMLESS",
        }
    }
}

/// A random sampler for the combination: LOD bias, min/max LOD (sometimes min > max), border.
pub fn gen_sampler(rng: &mut Rng, f: &FilterCombo, w: WrapCombo, levels: u32, border: [u32; 4]) -> SamplerHeader {
    let mut s = SamplerHeader {
        mag_filter: f.mag,
        min_filter: f.min,
        mip_filter: f.mip,
        max_anisotropy_log2: f.aniso_log2,
        border_color: border,
        ..SamplerHeader::default()
    };
    match w {
        WrapCombo::Mode(m) => s.wrap = [m; 3],
        WrapCombo::Seamless | WrapCombo::NonSeamless => {
            s.seamless_cube = w == WrapCombo::Seamless;
            s.wrap = [rng.pick(&WrapMode::ALL), rng.pick(&WrapMode::ALL), rng.pick(&WrapMode::ALL)];
        }
    }
    s.lod_bias = I8F8::from_bits(match rng.below(10) {
        0..=5 => 0,
        6..=8 => rng.int(-768, 768) as i16,
        _ => rng.pick(&[-16 * 256, 16 * 256 - 1, -5 * 256, 7 * 256]),
    });
    let q = i64::from(levels) * 256;
    let (min, max) = match rng.below(20) {
        0..=10 => (0, u16::MAX),
        11..=15 => {
            let a = rng.int(0, q);
            (a as u16, rng.int(a, q + 256) as u16)
        }
        16..=17 => {
            let a = rng.int(1, q + 256);
            (a as u16, rng.int(0, a - 1) as u16)
        }
        _ => (0, rng.int(0, 300) as u16),
    };
    s.min_lod = U8F8::from_bits(min);
    s.max_lod = U8F8::from_bits(max);
    s.validate().expect("valid sampler");
    s
}

// ------------------------------------------------------------------ LOD probes

/// Level value step of the probe texture (R16_UNORM code per level).
pub const PROBE_STEP: f64 = 3840.0;

/// A texture of the same shape whose view level `k` holds the constant R16 code `3840·k`.
pub fn probe_tex(h: &TextureHeader) -> RefTex {
    let mut p = TextureHeader::new(h.ty, Format::R16_UNORM, h.width, h.height, h.depth, h.levels);
    p.base_level = h.base_level;
    let base = h.base_level;
    RefTex::new(p, Fmt::R16, [0; 4], |level, _, _, _, _| {
        let v = (PROBE_STEP as u32 * level.saturating_sub(base)) as u16;
        let b = v.to_le_bytes();
        [b[0], b[1], 0, 0, 0, 0, 0, 0]
    })
}

/// The probe's sampler: the same LOD state, every wrap CLAMP_TO_EDGE (no border).
pub fn probe_sampler(s: &SamplerHeader) -> SamplerHeader {
    SamplerHeader { wrap: [WrapMode::ClampToEdge; 3], ..*s }
}

/// The model's `d'` (relative level + blend) from a probe result word.
pub fn probe_level(word: u32) -> f64 {
    let r = f64::from(f32::from_bits(word)) * 65535.0 / PROBE_STEP;
    (r * 256.0).round() / 256.0
}

// ------------------------------------------------------------------ combinations

/// NEAREST.
const N: Filter = Filter::Nearest;
/// LINEAR.
const L: Filter = Filter::Linear;

/// The filter combinations under test (aniso16 only on 2D and 2D arrays).
pub const FILTERS: [FilterCombo; 9] = [
    FilterCombo { name: "N/N/none", mag: N, min: N, mip: MipFilter::None, aniso_log2: 0 },
    FilterCombo { name: "L/L/none", mag: L, min: L, mip: MipFilter::None, aniso_log2: 0 },
    FilterCombo { name: "N/N/near", mag: N, min: N, mip: MipFilter::Nearest, aniso_log2: 0 },
    FilterCombo { name: "L/L/near", mag: L, min: L, mip: MipFilter::Nearest, aniso_log2: 0 },
    FilterCombo { name: "L/L/lin", mag: L, min: L, mip: MipFilter::Linear, aniso_log2: 0 },
    FilterCombo { name: "N/N/lin", mag: N, min: N, mip: MipFilter::Linear, aniso_log2: 0 },
    FilterCombo { name: "L/N/lin", mag: L, min: N, mip: MipFilter::Linear, aniso_log2: 0 },
    FilterCombo { name: "N/L/near", mag: N, min: L, mip: MipFilter::Nearest, aniso_log2: 0 },
    FilterCombo { name: "aniso16", mag: L, min: L, mip: MipFilter::Linear, aniso_log2: 4 },
];

/// One op × type × filter × wrap combination.
#[derive(Clone, Copy, Debug)]
pub struct Combo {
    /// Op.
    pub op: Op,
    /// Texture type.
    pub ty: TextureType,
    /// Index into [`FILTERS`].
    pub filter: usize,
    /// Wrap setup.
    pub wrap: WrapCombo,
}

impl Combo {
    /// `op/type/filter/wrap`.
    pub fn name(&self) -> String {
        format!("{}/{}/{}/{}", self.op.name(), ty_name(self.ty), FILTERS[self.filter].name, self.wrap.name())
    }
}

/// Whether a lane is in the input class of the reported anisotropic-offset range bug: more
/// than one anisotropic sample and, on some axis, a clamp-mode coordinate beyond ±64 with
/// sample offsets of ≥ 62 (normalized), or a periodic-mode offset of ≥ 2^61 / 256 texels
/// (the model's i64 S.8 offset saturates).
pub fn aniso_range_bug_input(o: &Oracle, lane: &LaneIn) -> bool {
    if !matches!(o.tex.h.ty, TextureType::TwoD | TextureType::TwoDArray) || matches!(lane.lod, LodIn::Explicit(_)) {
        return false;
    }
    let n = o.lod_info(lane, None).subs.iter().map(|s| s.0).max().unwrap_or(1);
    if n <= 1 {
        return false;
    }
    let tmax = f64::from(n - 1) / f64::from(2 * (n + 1));
    let size = [o.tex.h.width, o.tex.h.height].map(f64::from);
    (0..2).any(|a| {
        let d = lane.dx[a].abs().max(lane.dy[a].abs());
        match o.s.wrap[a] {
            WrapMode::Repeat | WrapMode::MirroredRepeat => d * tmax * size[a] * 256.0 >= 2f64.powi(61),
            // The model clamps the coordinate to ±64 first: an offset of ≥ 63 brings some
            // samples back into (or across) the texture.
            _ => lane.c[a].abs() > 64.0 && d * tmax >= 62.0,
        }
    })
}

/// Every combination: (accepted by the op, rejected by the op).
pub fn combos() -> (Vec<Combo>, Vec<Combo>) {
    let mut ok = Vec::new();
    let mut rejected = Vec::new();
    for op in Op::ALL {
        for ty in TYPES {
            let cube = matches!(ty, TextureType::Cube | TextureType::CubeArray);
            let wraps: Vec<WrapCombo> = if cube {
                vec![WrapCombo::Seamless, WrapCombo::NonSeamless]
            } else {
                WrapMode::ALL.iter().map(|&m| WrapCombo::Mode(m)).collect()
            };
            for (fi, f) in FILTERS.iter().enumerate() {
                if f.aniso_log2 > 0 && !matches!(ty, TextureType::TwoD | TextureType::TwoDArray) {
                    continue;
                }
                for &wrap in &wraps {
                    let c = Combo { op, ty, filter: fi, wrap };
                    if op.allows(ty) {
                        ok.push(c);
                    } else {
                        rejected.push(c);
                    }
                }
            }
        }
    }
    (ok, rejected)
}
