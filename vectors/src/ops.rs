//! The op-level units `sample`, `sample_c`, `gather`, `fetch`, `tmml`, `store`: fields and evaluation come
//! from [`crate::op_unit`] (the same code the DPI-C testbench calls), the directed and
//! weighted-random stimuli from here.
//!
//! They read the texture set of `crate::texset` (`texmem.hex`, `op_hdr.hex`,
//! `op_smp.hex`). They have no reference RTL: `cargo xtask cosim --sim verilator-dpi` checks
//! the files through `hdl-vectors/tb/tb_dpi_ops.sv`, which calls the core over DPI-C.

use crate::op_unit::OpUnit;
use crate::texset::{self, OP_HDR_ENTRIES, OP_SMP_ENTRIES};
#[cfg(test)]
use texcore::descriptor::MipFilter;
#[cfg(test)]
use texcore::SamplerHeader;
use texcore::TextureHeader;
use texcore::TextureType;
#[cfg(test)]
use texcore::WrapMode;

use std::sync::LazyLock;

use super::layout::{Field, Image};
use super::pools::Fixture;
use super::rng::Rand;
use super::Unit;

/// A unit backed by a `op_unit` op unit.
pub struct Op(pub OpUnit);

/// The four op-level units.
pub static SAMPLE: Op = Op(OpUnit::Sample);
/// `sample_c`.
pub static SAMPLE_C: Op = Op(OpUnit::SampleC);
/// `gather`.
pub static GATHER: Op = Op(OpUnit::Gather);
/// `fetch`.
pub static FETCH: Op = Op(OpUnit::Fetch);
/// `tmml`.
pub static TMML: Op = Op(OpUnit::Tmml);
/// `store`.
pub static STORE: Op = Op(OpUnit::Store);

fn f(x: f32) -> u32 {
    x.to_bits()
}

const NAN: u32 = 0x7FC0_0000;
const NEG_NAN: u32 = 0xFFC0_0000;
const INF: u32 = 0x7F80_0000;
const NEG_INF: u32 = 0xFF80_0000;
/// Coordinate specials: NaNs, infinities, −0, the largest finite, subnormals, 2^24, 1e10.
const SPECIALS: [u32; 12] = [
    NAN,
    NEG_NAN,
    INF,
    NEG_INF,
    0x8000_0000,
    0x7F7F_FFFF,
    0xFF7F_FFFF,
    0x0000_0001,
    0x0006_CE3E,
    0x4B80_0000,
    0xCB80_0000,
    0x5015_02F9,
];

/// The names of the directed texture and sampler slots, built once: `texset::textures()`
/// and `samplers()` construct every header, which the random generators used to do several
/// times per vector (10 % of the op units' CPU).
struct SlotNames {
    textures: Vec<&'static str>,
    samplers: Vec<&'static str>,
}

static SLOT_NAMES: LazyLock<SlotNames> = LazyLock::new(|| SlotNames {
    textures: texset::textures().iter().map(|t| t.name).collect(),
    samplers: texset::samplers().iter().map(|s| s.name).collect(),
});

/// Number of directed texture slots.
fn n_textures() -> u64 {
    SLOT_NAMES.textures.len() as u64
}

/// Number of directed sampler slots.
fn n_samplers() -> u64 {
    SLOT_NAMES.samplers.len() as u64
}

/// Slot of the directed texture `name` (`texset::texture_slot`).
fn tex(name: &str) -> u64 {
    SLOT_NAMES.textures.iter().position(|n| *n == name).unwrap_or(0) as u64
}

/// Slot of the first directed sampler `name` (`texset::sampler_slot`).
fn smp(name: &str) -> u64 {
    SLOT_NAMES.samplers.iter().position(|n| *n == name).unwrap_or(0) as u64
}

/// Sampler slots of a group (every slot with that name).
fn smps(name: &str) -> Vec<u64> {
    SLOT_NAMES.samplers.iter().enumerate().filter(|(_, n)| **n == name).map(|(i, _)| i as u64).collect()
}

fn header(fx: &Fixture, slot: u64) -> Option<TextureHeader> {
    fx.ops.view(slot).ok().copied()
}

#[cfg(test)]
fn sampler_of(fx: &Fixture, slot: u64) -> Option<SamplerHeader> {
    fx.ops.sampler(slot).ok().copied()
}

/// Slots past both op pools and the directed invalid ones.
fn invalid_hdr_slots() -> Vec<u64> {
    let n = n_textures();
    vec![n, n + 1, OP_HDR_ENTRIES as u64 - 1, OP_HDR_ENTRIES as u64, 0xFF]
}

fn valid_tex_slots() -> Vec<u64> {
    (0..n_textures()).collect()
}

/// A sample/sample_c stimulus.
#[derive(Clone, Copy)]
struct S {
    hdr: u64,
    smp: u64,
    lod_mode: u64,
    grads: bool,
    lod: u32,
    off: [i32; 3],
    refs: [u32; 4],
    coords: [[u32; 4]; 4],
    d: [[[u32; 3]; 2]; 4],
    /// `TGSI_*` (0 = SampleRequest form; `coords` are then canonical, else TGSI `src0`).
    tgsi: u64,
    src1: [u32; 4],
}

impl S {
    fn new(hdr: u64, smp: u64, coords: [[u32; 4]; 4]) -> S {
        S {
            hdr,
            smp,
            lod_mode: 0,
            grads: false,
            lod: 0,
            off: [0; 3],
            refs: [0; 4],
            coords,
            d: [[[0; 3]; 2]; 4],
            tgsi: 0,
            src1: [0; 4],
        }
    }

    fn push(&self, compare: bool, out: &mut Vec<u64>) {
        out.extend([self.hdr, self.smp, self.lod_mode, u64::from(self.grads), u64::from(self.lod)]);
        out.extend(self.off.map(|o| u64::from(o as u8)));
        if compare {
            out.extend(self.refs.map(u64::from));
        }
        for l in self.coords {
            out.extend(l.map(u64::from));
        }
        for l in self.d {
            for d in l {
                out.extend(d.map(u64::from));
            }
        }
        out.push(self.tgsi);
        out.extend(self.src1.map(u64::from));
    }
}

/// TGSI `TXB` / `TXP` `src0` quads around `p` (x, y, z) with lane spacing `step` in x (lanes
/// 1, 3) and y (lanes 2, 3) and `w` per lane; TXP pre-multiplies x, y, z by a finite,
/// non-zero q so the projected point stays near `p`.
fn tgsi_quad(p: [f32; 3], step: f32, w: [u32; 4], proj: bool) -> [[u32; 4]; 4] {
    core::array::from_fn(|l| {
        let dx = if l & 1 == 1 { step } else { 0.0 };
        let dy = if l & 2 == 2 { step } else { 0.0 };
        let q = f32::from_bits(w[l]);
        let k = if proj && q.is_finite() && q != 0.0 { q } else { 1.0 };
        [f((p[0] + dx) * k), f((p[1] + dy) * k), f((p[2] + dx * 0.5) * k), w[l]]
    })
}

/// TGSI TXB (per-lane bias in `src0.w` / `src1.x`) and TXP (per-lane q in `src0.w`):
/// every texture type, mip / bias samplers, biases differing across the quad, q = 1, 0, −0,
/// ±Inf, NaN, negative, tiny, huge; offsets in and out of range.
fn tgsi_directed(fx: &Fixture, compare: bool, out: &mut Vec<u64>) {
    let mut texs = vec![
        "rgba8_2d",
        "rgba8_2d_tiled",
        "rgba8_3d",
        "rgba8_cube",
        "rgba8_cube_array",
        "rgba8_2d_array",
        "rgba8_1d",
        "rgba8_1d_array",
        "z32f_2d",
        "z32f_cube",
        "z32f_2d_array",
        "rgba16f_2d",
    ];
    let mut sms =
        vec![smp("trilinear"), smp("mip_nearest"), smp("trilinear_bias_p1_5"), smp("trilinear_bias_m2_clamped")];
    if compare {
        texs.push("z16_2d");
        sms.extend([smp("compare") + 2, smp("compare_lequal_trilinear_border"), smp("cube_seamless_compare_gequal")]);
    }
    let biases: [[u32; 4]; 7] = [
        [0; 4],
        [f(-1.0), 0, f(1.0), f(2.0)],
        [f(0.5), f(3.5), f(-0.25), f(1.75)],
        [NAN, INF, NEG_INF, f(0.5)],
        [f(16.0), f(-16.0), f(100.0), 0x8000_0000],
        [f(2.0); 4],
        [f(-3.0), f(4.0), NEG_NAN, 0x0000_0001],
    ];
    let qs: [[u32; 4]; 7] = [
        [f(1.0); 4],
        [f(2.0), f(0.5), f(-1.0), f(4.0)],
        [0, 0x8000_0000, INF, NEG_INF],
        [NAN, f(1.0), f(2.0), f(3.0)],
        [f(-2.0), f(-0.5), f(1e-30), f(1e30)],
        [0x0000_0001, f(3.0), 0x7F7F_FFFF, f(0.1)],
        [f(-1.0); 4],
    ];
    let src1s: [[u32; 4]; 3] =
        [[f(2.0), f(-1.0), f(0.5), NAN], [f(0.25), f(0.5), f(0.75), f(1.0)], [0, f(1.5), f(-2.5), INF]];
    for tn in texs {
        let h = tex(tn);
        let t = header(fx, h);
        let cubev = t.is_some_and(|t| t.ty.is_cube());
        let (w, _, _) = dims(fx, h);
        // z: r (3D), layer (2D array), rz (cube), or the shadow reference (1D, 2D).
        let p = if cubev { [1.0, 0.3, -0.4] } else { [0.37, 0.61, 0.5] };
        for &sm in &sms {
            for (i, b) in biases.iter().enumerate() {
                for step in [1.0 / w, 4.0 / w] {
                    let mut c = tgsi_quad(p, step, *b, false);
                    if t.is_some_and(|t| t.ty == TextureType::TwoDArray) {
                        c.iter_mut().for_each(|l| l[2] = f(1.0));
                    }
                    let src1 = src1s[i % 3];
                    S { tgsi: 1, src1, ..S::new(h, sm, c) }.push(compare, out);
                }
            }
            for (i, q) in qs.iter().enumerate() {
                let c = tgsi_quad(p, 0.5 / w, *q, true);
                S { tgsi: 2, src1: src1s[i % 3], ..S::new(h, sm, c) }.push(compare, out);
                let c = tgsi_quad(p, 0.5 / w, *q, false);
                S { tgsi: 2, ..S::new(h, sm, c) }.push(compare, out);
            }
            for (tg, off) in [(1u64, [1, -1, 0]), (2, [-8, 7, 3]), (1, [8, 0, 0]), (2, [0, -9, 0])] {
                let c = tgsi_quad(p, 1.0 / w, biases[1], tg == 2);
                S { tgsi: tg, off, src1: src1s[0], ..S::new(h, sm, c) }.push(compare, out);
            }
        }
    }
    // Invalid / unbound slots in both forms.
    for hh in invalid_hdr_slots() {
        for sm in [smp("trilinear"), smp("invalid_wrap"), OP_SMP_ENTRIES as u64] {
            for tg in [1u64, 2] {
                S { tgsi: tg, ..S::new(hh, sm, tgsi_quad([0.5; 3], 0.1, biases[1], false)) }.push(compare, out);
            }
        }
    }
}

/// A quad around `(s, t, r, a)` with lane spacing `step` in s (lanes 1, 3) and t (lanes 2, 3).
fn quad(p: [f32; 4], step: f32) -> [[u32; 4]; 4] {
    core::array::from_fn(|l| {
        let dx = if l & 1 == 1 { step } else { 0.0 };
        let dy = if l & 2 == 2 { step } else { 0.0 };
        [f(p[0] + dx), f(p[1] + dy), f(p[2] + dx * 0.5), f(p[3])]
    })
}

/// Level-0 width, height, depth of slot `h` (1s if invalid).
fn dims(fx: &Fixture, h: u64) -> (f32, f32, f32) {
    header(fx, h).map_or((1.0, 1.0, 1.0), |t| (t.width as f32, t.height as f32, t.depth as f32))
}

/// Normalized coordinates at and around both edges of an axis of `n` texels.
fn edges(n: f32) -> Vec<f32> {
    let e = 1.0 / n;
    vec![
        -2.0,
        -1.0 - 0.5 * e,
        -1.0,
        -0.5 * e,
        -0.25 * e,
        0.0,
        0.25 * e,
        0.5 * e,
        e,
        0.5,
        1.0 - e,
        1.0 - 0.5 * e,
        1.0 - 0.25 * e,
        1.0,
        1.0 + 0.25 * e,
        1.5,
        2.0 - 0.5 * e,
        3.0,
        -0.0,
    ]
}

fn wrap_samplers() -> Vec<u64> {
    let mut v = smps("wrap");
    v.extend([smp("border_b_linear"), smp("border_int_nearest"), smp("mixed_wrap_linear")]);
    v
}

fn mip_samplers() -> Vec<u64> {
    [
        "default",
        "mip_nearest",
        "trilinear",
        "mip_linear_point",
        "trilinear_bias_p1_5",
        "trilinear_bias_m2_clamped",
        "mip_nearest_lod_1",
        "mag_linear_min_nearest",
        "level0_only_linear",
    ]
    .iter()
    .map(|n| smp(n))
    .collect()
}

fn cube_dirs() -> Vec<[f32; 3]> {
    let mut v = Vec::new();
    for x in [-1.0f32, 0.0, 1.0] {
        for y in [-1.0f32, 0.0, 1.0] {
            for z in [-1.0f32, 0.0, 1.0] {
                v.push([x, y, z]); // faces, edge ties, corner ties, and the zero vector
            }
        }
    }
    v.extend([
        [1.0, 0.999, 0.2],
        [1.0, 1.001, 0.2],
        [-0.999, 1.0, -0.3],
        [0.2, -1.0, 0.9999],
        [1.0, 0.99, 0.99],
        [1.0, -0.999, 0.999],
        [-0.5, 0.5, -0.5],
        [0.001, 0.0, -1.0],
        [3.0, -2.0, 2.99],
        [-1e-20, 1e-20, 1e-20],
    ]);
    v
}

/// Directed stimuli shared by `sample` and `sample_c` (the compare unit adds its own).
fn sample_directed(fx: &Fixture, compare: bool, out: &mut Vec<u64>) {
    let mut push = |s: S| s.push(compare, out);
    let refs = [f(0.5), f(0.25), f(0.75), f(1.0)];
    // A. Every wrap mode at every edge of every axis (magnified: lanes 1/4 texel apart).
    let wrap_tex = [
        "rgba8_2d",
        "rgba8_2d_tiled",
        "r8_npot",
        "rgba8_1d",
        "rgba8_1d_array",
        "rgba8_3d",
        "rgba8_2d_array",
        "rgba16f_2d",
        "r32ui_2d",
        "bgra8_srgb_pitch",
    ];
    for tn in wrap_tex {
        let h = tex(tn);
        let (w, hh, d) = dims(fx, h);
        let (es, et, er) = (edges(w), edges(hh), edges(d));
        let step = 0.25 / w;
        for sm in wrap_samplers() {
            for i in 0..es.len() {
                let p = [es[i], et[(i * 7 + 3) % et.len()], er[(i * 5 + 1) % er.len()], (i % 5) as f32 - 1.0];
                push(S { refs, ..S::new(h, sm, quad(p, step)) });
            }
        }
    }
    // B. NaN / Inf / −0 / huge / subnormal coordinates in every component of one lane.
    for tn in ["rgba8_2d", "rgba8_cube", "rgba8_3d", "rgba8_2d_array", "rgba8_1d", "rgba8_cube_array", "z32f_2d"] {
        let h = tex(tn);
        for sm in [smp("trilinear"), smps("wrap")[1], smps("wrap")[7], smp("aniso") + 3, smp("cube_seamless_trilinear")]
        {
            for (i, sp) in SPECIALS.iter().enumerate() {
                for k in 0..4 {
                    let mut c = quad([0.3, 0.6, 0.45, 1.0], 0.01);
                    c[i % 4][k] = *sp;
                    push(S { refs, ..S::new(h, sm, c) });
                }
            }
            let mut all = S::new(h, sm, [[NAN; 4]; 4]);
            all.refs = refs;
            push(all);
            push(S { coords: [[INF, NEG_INF, INF, INF]; 4], ..all });
        }
    }
    // C. LOD: explicit LODs around every level edge, biases, scales, and LOD zero.
    let lod_tex = [
        "rgba8_2d",
        "rgba8_2d_base1",
        "bgra8_srgb_pitch",
        "rgba8_2d_tiled",
        "rgba16f_2d",
        "rgba8_3d",
        "rgba8_cube",
        "rgba8_2d_array",
        "r8_npot",
        "z32f_2d",
    ];
    let lods = [
        NEG_INF,
        f(-100.0),
        f(-1.0),
        f(-0.5),
        0,
        0x8000_0000,
        f(0.25),
        f(0.5),
        f(0.75),
        f(1.0),
        f(1.5),
        f(2.0),
        f(3.0),
        f(3.99),
        f(4.0),
        f(5.0),
        f(16.0),
        f(100.0),
        INF,
        NAN,
    ];
    let biases = [f(-2.0), f(-1.0), 0, f(0.5), f(1.0), f(2.0), f(15.99), f(16.0), f(100.0), NAN, INF, NEG_INF];
    let cube = |h: u64| header(fx, h).is_some_and(|t| t.ty.is_cube());
    for tn in lod_tex {
        let h = tex(tn);
        let base = if cube(h) { [1.0, 0.3, -0.4, 0.0] } else { [0.37, 0.61, 0.5, 1.0] };
        let (w, _, _) = dims(fx, h);
        let mut samplers = mip_samplers();
        if compare {
            samplers.extend([smp("compare") + 2, smp("compare_lequal_trilinear_border")]);
        }
        for &sm in &samplers {
            for lod in lods {
                push(S { lod_mode: 1, lod, refs, ..S::new(h, sm, quad(base, 1.0 / w)) });
            }
            for bias in biases {
                push(S { lod_mode: 0, lod: bias, refs, ..S::new(h, sm, quad(base, 1.0 / w)) });
            }
            for scale in [0.0, 0.25, 2.0, 4.0, 16.0, 64.0, 1e6] {
                push(S { refs, ..S::new(h, sm, quad(base, scale / w)) });
            }
            push(S { lod_mode: 2, lod: f(7.0), refs, ..S::new(h, sm, quad(base, 8.0 / w)) });
        }
    }
    // D. Explicit gradients and anisotropy: isotropic, 2:1 … 100:1, rotated, diagonal,
    //    per-lane different, zero, NaN / Inf / huge / tiny.
    let mut aniso_smp = vec![smp("trilinear"), smp("aniso16_border"), smp("level0_only_linear")];
    aniso_smp.extend(smps("aniso"));
    if compare {
        aniso_smp.push(smp("compare") + 1);
    }
    let grads: Vec<([f32; 3], [f32; 3])> = vec![
        ([0.0; 3], [0.0; 3]),
        ([1.0, 0.0, 0.0], [0.0, 1.0, 0.0]),
        ([2.0, 0.0, 0.0], [0.0, 1.0, 0.0]),
        ([0.0, 4.0, 0.0], [1.0, 0.0, 0.0]),
        ([16.0, 0.0, 0.0], [0.0, 1.0, 0.0]),
        ([100.0, 0.0, 0.0], [0.0, 1.0, 0.0]),
        ([0.3, 0.7, 0.0], [-0.7, 0.3, 0.0]),
        ([1.0, 1.0, 0.5], [1.0, -1.0, 0.5]),
        ([3.0, 1.0, 0.0], [0.1, 0.2, 0.0]),
        ([1e30, 0.0, 0.0], [0.0, 1.0, 0.0]),
        ([1e-30, 0.0, 0.0], [0.0, 1e-30, 0.0]),
        ([f32::NAN, 0.0, 0.0], [0.0, 1.0, 0.0]),
        ([f32::INFINITY, 0.0, 0.0], [0.0, 1.0, 0.0]),
    ];
    for tn in [
        "rgba8_2d",
        "rgba8_2d_tiled",
        "rgba16f_2d",
        "rgba8_2d_array",
        "rgba8_cube",
        "rgba8_3d",
        "z32f_2d",
        "rgba8_nomip",
    ] {
        let h = tex(tn);
        let (w, _, _) = dims(fx, h);
        let base = if cube(h) { [-0.3, 1.0, 0.2, 0.0] } else { [0.41, 0.27, 0.5, 2.0] };
        for &sm in &aniso_smp {
            for (gi, (gx, gy)) in grads.iter().enumerate() {
                let d = core::array::from_fn(|l| {
                    let k = if gi == 8 { (l + 1) as f32 } else { 1.0 };
                    [gx.map(|v| f(v * k / w)), gy.map(|v| f(v * k / w))]
                });
                push(S { grads: true, d, refs, ..S::new(h, sm, quad(base, 0.0)) });
                if gi == 4 {
                    push(S { grads: true, d, lod: f(1.0), refs, ..S::new(h, sm, quad(base, 0.0)) });
                }
            }
        }
    }
    // E. Offsets −9, −8, −1, 0, 1, 7, 8 and 8-bit extremes on every component.
    for tn in ["rgba8_2d", "rgba8_2d_tiled", "rgba8_3d", "rgba8_1d", "rgba8_2d_array", "rgba8_cube", "z32f_2d"] {
        let h = tex(tn);
        let base = if cube(h) { [0.5, -1.0, 0.25, 0.0] } else { [0.03, 0.97, 0.5, 1.0] };
        for sm in [smps("wrap")[0], smps("wrap")[5], smp("trilinear"), smps("wrap")[7], smp("compare") + 1] {
            let mut offs: Vec<[i32; 3]> = Vec::new();
            for k in 0..3 {
                for o in [-9, -8, -1, 1, 7, 8, -128, 127] {
                    let mut v = [0; 3];
                    v[k] = o;
                    offs.push(v);
                }
            }
            offs.extend([[0; 3], [-8, 7, -8], [7, -8, 7], [3, -5, 2]]);
            for off in offs {
                push(S { off, refs, ..S::new(h, sm, quad(base, 0.02)) });
            }
        }
    }
    // F. Invalid and unbound slots (documented zeros), with and without a bad offset.
    let mut hdrs = invalid_hdr_slots();
    hdrs.push(tex("rgba8_2d"));
    let mut smps_bad = vec![0, smp("invalid_wrap"), smp("invalid_all_ones"), OP_SMP_ENTRIES as u64, 0x1FF];
    smps_bad.push(smp("trilinear"));
    for &h in &hdrs {
        for &sm in &smps_bad {
            push(S { refs, ..S::new(h, sm, quad([0.5, 0.5, 0.5, 0.0], 0.1)) });
            push(S { off: [8, 0, 0], refs, ..S::new(h, sm, quad([0.5, 0.5, 0.5, 0.0], 0.1)) });
        }
    }
    // G. Every texture of the set with a range of samplers and LOD sources.
    let mut gsm =
        vec![0, smps("wrap")[7], smp("trilinear"), smp("aniso") + 1, smp("border_b_linear"), smp("border_int_nearest")];
    gsm.push(smp("compare") + 4);
    for h in valid_tex_slots() {
        let cubev = cube(h);
        for &sm in &gsm {
            for (qi, (p, step)) in
                [([0.5f32, 0.5, 0.5, 0.0], 0.05f32), ([-0.1, 1.05, 0.9, 1.0], 0.3), ([0.77, 0.13, 0.3, 2.6], 0.002)]
                    .iter()
                    .enumerate()
            {
                let mut p = *p;
                if cubev {
                    p = [[1.0, 0.2, -0.3, 0.0], [-0.4, -1.0, 0.7, 1.0], [0.1, 0.3, 1.0, 1.4]][qi];
                }
                for (lm, lod) in [(0u64, 0u32), (1, f(1.0)), (2, 0)] {
                    push(S { lod_mode: lm, lod, refs, ..S::new(h, sm, quad(p, *step)) });
                }
            }
        }
    }
    // H. Cube maps: faces, edge and corner ties, near-edge / near-corner, the zero vector;
    //    seamless on / off; cube-array indices.
    let csm = [
        smp("cube_seamless_trilinear"),
        smp("cube_seams_trilinear"),
        smp("cube_seamless_nearest"),
        smps("wrap")[1],
        smp("cube_seamless_compare_gequal"),
    ];
    for tn in ["rgba8_cube", "rgba8_cube_array", "z32f_cube"] {
        let h = tex(tn);
        for &sm in &csm {
            for (i, dir) in cube_dirs().iter().enumerate() {
                for spread in [0.001f32, 0.5] {
                    let a = [0.0, 1.0, 1.5, 2.0, -1.0][i % 5];
                    let c = quad([dir[0], dir[1], dir[2], a], spread);
                    push(S { refs, ..S::new(h, sm, c) });
                }
            }
            let mut c = quad([1.0, 0.5, 0.5, 0.0], 0.01);
            c[0][3] = NAN;
            c[1][3] = INF;
            c[2][3] = f(1e9);
            push(S { refs, ..S::new(h, sm, c) });
        }
    }
}

/// `sample_c` only: every compare function × depth formats × references.
fn compare_directed(fx: &Fixture, out: &mut Vec<u64>) {
    let depth_tex = [
        "z32f_2d",
        "z16_2d",
        "z32f_2d_array",
        "z32f_cube",
        "rgba8_2d",
        "rgba16f_2d",
        "r32ui_2d",
        "rgba8_3d",
        "r8_npot",
        "rgba8_snorm_2d",
    ];
    let mut sms = smps("compare");
    sms.extend([
        smp("compare_less_border_nearest"),
        smp("compare_lequal_trilinear_border"),
        smp("cube_seamless_compare_gequal"),
        0,
    ]);
    let ref_sets: [[u32; 4]; 7] = [
        [0, f(0.5), f(1.0), f(0.25)],
        [f(0.5); 4],
        [f(512.0 / 1024.0), f(1.0 / 1024.0), f(1023.0 / 1024.0), f(0.999)],
        [NAN, NEG_INF, INF, 0x8000_0000],
        [f(1.5), f(-0.5), 0x0080_0000, f(2.0)],
        [f(0.2), f(0.4), f(0.6), f(0.8)],
        [f(0.0), f(0.0), f(1.0), f(1.0)],
    ];
    for tn in depth_tex {
        let h = tex(tn);
        let cubev = header(fx, h).is_some_and(|t| t.ty.is_cube());
        let (w, _, _) = dims(fx, h);
        for &sm in &sms {
            for refs in ref_sets {
                let quads = if cubev {
                    [quad([1.0, 0.99, -0.99, 0.0], 0.01), quad([-0.2, 0.3, 1.0, 0.0], 0.3)]
                } else {
                    [quad([0.5 / w, 1.0 - 0.5 / w, 0.5, 1.0], 0.25 / w), quad([-0.05, 0.5, 0.5, 0.6], 2.0 / w)]
                };
                for c in quads {
                    for (lm, lod) in [(0u64, 0u32), (2, 0), (1, f(1.5))] {
                        S { lod_mode: lm, lod, refs, ..S::new(h, sm, c) }.push(true, out);
                    }
                }
            }
        }
    }
}

/// A gather stimulus.
#[derive(Clone, Copy)]
struct G {
    hdr: u64,
    smp: u64,
    tld4s: bool,
    comp: u64,
    cmp: bool,
    aoffi: bool,
    f16: u64,
    off: [i32; 3],
    refs: [u32; 4],
    coords: [[u32; 4]; 4],
}

impl G {
    fn new(hdr: u64, smp: u64, coords: [[u32; 4]; 4]) -> G {
        G { hdr, smp, tld4s: false, comp: 0, cmp: false, aoffi: false, f16: 0, off: [0; 3], refs: [0; 4], coords }
    }

    fn push(&self, out: &mut Vec<u64>) {
        out.extend([
            self.hdr,
            self.smp,
            u64::from(self.tld4s),
            self.comp,
            u64::from(self.cmp),
            u64::from(self.aoffi),
            self.f16,
        ]);
        out.extend(self.off.map(|o| u64::from(o as u8)));
        out.extend(self.refs.map(u64::from));
        for l in self.coords {
            out.extend(l.map(u64::from));
        }
    }
}

fn gather_directed(fx: &Fixture, out: &mut Vec<u64>) {
    let refs = [f(0.5), 0, f(1.0), NAN];
    let cube = |h: u64| header(fx, h).is_some_and(|t| t.ty.is_cube());
    let quad_for = |h: u64, i: usize| -> [[u32; 4]; 4] {
        let (w, hh, _) = dims(fx, h);
        if cube(h) {
            let d = cube_dirs();
            let v = d[i % d.len()];
            quad([v[0], v[1], v[2], (i % 3) as f32], 0.01)
        } else {
            let es = edges(w);
            let et = edges(hh);
            // GATHER4 2D array: layer in c2.
            let p = [es[i % es.len()], et[(i * 7 + 3) % et.len()], (i % 5) as f32 - 1.0, 0.0];
            quad(p, 0.3 / w)
        }
    };
    // 1. GATHER4: every texture × every component (and two invalid ones) × the wrap samplers.
    for h in valid_tex_slots() {
        for comp in [0u64, 1, 2, 3, 4, 7] {
            for (i, sm) in wrap_samplers().into_iter().enumerate() {
                G { comp, ..G::new(h, sm, quad_for(h, i + comp as usize * 3)) }.push(out);
            }
        }
    }
    // 2. Edges of every axis with each wrap sampler, 2D-class textures.
    for tn in ["rgba8_2d", "rgba8_2d_tiled", "r8_npot", "rgba8_2d_array", "rgba8_nomip"] {
        let h = tex(tn);
        for sm in wrap_samplers() {
            for i in 0..19 {
                G::new(h, sm, quad_for(h, i)).push(out);
            }
        }
    }
    // 3. Offsets at and past −32 / 31 (and on a cube: rejected).
    for tn in ["rgba8_2d", "rgba8_2d_array", "rgba8_cube", "rgba8_2d_tiled"] {
        let h = tex(tn);
        for sm in [smps("wrap")[0], smps("wrap")[5], smps("wrap")[7]] {
            for off in [
                [-33, 0, 0],
                [-32, 0, 0],
                [0, 31, 0],
                [31, -32, 0],
                [0, 32, 0],
                [7, -8, 0],
                [0, 0, 0],
                [-128, 127, 0],
                [1, 1, 99],
            ] {
                G { off, ..G::new(h, sm, quad_for(h, 4)) }.push(out);
            }
        }
    }
    // 4. Compare: depth textures × every compare sampler × references.
    let mut csm = smps("compare");
    csm.extend([smp("compare_less_border_nearest"), smp("cube_seamless_compare_gequal")]);
    for tn in ["z32f_2d", "z16_2d", "z32f_2d_array", "z32f_cube", "rgba8_2d", "r32ui_2d", "rgba16f_2d"] {
        let h = tex(tn);
        for &sm in &csm {
            for refs in [[0, f(0.5), f(1.0), f(0.25)], [NAN, INF, NEG_INF, 0x8000_0000], [f(0.5); 4]] {
                for i in [0, 5, 13] {
                    G { cmp: true, refs, ..G::new(h, sm, quad_for(h, i)) }.push(out);
                }
            }
        }
    }
    // 5. Cube corners and edges, seamless on / off, every component and compare.
    for tn in ["rgba8_cube", "rgba8_cube_array", "z32f_cube"] {
        let h = tex(tn);
        for sm in [smp("cube_seamless_trilinear"), smp("cube_seams_trilinear"), smp("cube_seamless_compare_gequal")] {
            for i in 0..cube_dirs().len() {
                for (comp, cmp) in [(0, false), (3, false), (0, true)] {
                    G { comp, cmp, refs, ..G::new(h, sm, quad_for(h, i)) }.push(out);
                }
            }
        }
    }
    // 6. TLD4S: every texture and invalid / past-the-pool slots × .AOFFI × .DC × .F16.
    let mut hdrs = valid_tex_slots();
    hdrs.extend(invalid_hdr_slots());
    for &h in &hdrs {
        for comp in [0u64, 3] {
            for (aoffi, cmp) in [(false, false), (true, false), (false, true), (true, true)] {
                for f16 in 0..3u64 {
                    let sm = if cmp { smp("compare") + 1 } else { smps("wrap")[1] };
                    let g = G {
                        tld4s: true,
                        comp,
                        aoffi,
                        cmp,
                        f16,
                        off: [-1, 2, 0],
                        refs,
                        ..G::new(h, sm, quad_for(h, 3))
                    };
                    g.push(out);
                }
            }
        }
    }
    for (h, sm) in [
        (tex("rgba8_2d"), 0x100u64),
        (tex("rgba8_2d"), 0x1FF),
        (tex("rgba8_2d"), smp("invalid_wrap")),
        (63, 0),
        (64, 0),
    ] {
        G { tld4s: true, ..G::new(h, sm, quad_for(0, 2)) }.push(out);
    }
    for off in [[-32, 31, 0], [31, -32, 5], [-1, -1, -1], [40, -40, 0], [0, 0, 0]] {
        for sm in [smps("wrap")[0], smps("wrap")[7]] {
            G { tld4s: true, aoffi: true, off, ..G::new(tex("rgba8_2d"), sm, quad_for(0, 6)) }.push(out);
        }
    }
    // 7. Invalid slots for GATHER4.
    for h in invalid_hdr_slots() {
        for sm in [0u64, smp("invalid_wrap"), 0x100] {
            G::new(h, sm, quad_for(0, 1)).push(out);
            G { off: [40, 0, 0], ..G::new(h, sm, quad_for(0, 1)) }.push(out);
        }
    }
}

fn fetch_directed(fx: &Fixture, out: &mut Vec<u64>) {
    let mut hdrs = valid_tex_slots();
    hdrs.extend(invalid_hdr_slots());
    for &h in &hdrs {
        let t = header(fx, h);
        let (w, hh, d, levels, samples) =
            t.map_or((1, 1, 1, 1, 1), |t| (t.width, t.height, t.depth, t.levels, t.samples()));
        let base = [w.min(2) - 1, hh.min(2) - 1, d.min(2) - 1, 0u32];
        let axis_edges = |n: u32| vec![u32::MAX, 0, 1, n - 1, n, n + 1, 0x8000_0000, 0x7FFF_FFFF, n / 2];
        for op in 0..4u64 {
            let mut push = |a: [u32; 4], sample: u32, off: [i32; 3]| {
                out.extend([
                    h,
                    op,
                    u64::from(a[0]),
                    u64::from(a[1]),
                    u64::from(a[2]),
                    u64::from(a[3]),
                    u64::from(sample),
                ]);
                out.extend(off.map(|o| u64::from(o as u8)));
            };
            for (k, n) in [w, hh, d].into_iter().enumerate() {
                for v in axis_edges(n) {
                    let mut a = base;
                    a[k] = v;
                    push(a, 0, [0; 3]);
                }
            }
            for l in [u32::MAX, 0, 1, levels - 1, levels, levels + 1, 16, 0x8000_0000] {
                push([base[0], base[1], base[2], l], 0, [0; 3]);
                push([0, 0, 0, l], 1, [0; 3]);
            }
            for s in [0, 1, samples - 1, samples, 16, u32::MAX] {
                push(base, s, [0; 3]);
            }
            for k in 0..3 {
                for o in [-9, -8, -1, 1, 7, 8, -128, 127] {
                    let mut off = [0; 3];
                    off[k] = o;
                    push(base, 0, off);
                    push([0, 0, 0, 0], 0, off);
                }
            }
            push([w.saturating_sub(1), hh.saturating_sub(1), d.saturating_sub(1), levels - 1], samples - 1, [7, 7, 7]);
        }
    }
}

/// TMML: every texture and invalid slot × every `#paramA` × quad scales (magnified to
/// 100 texels, anisotropic, rotated, NaN / Inf) × mip, bias, clamp and anisotropy samplers.
fn tmml_directed(fx: &Fixture, out: &mut Vec<u64>) {
    let mut hdrs = valid_tex_slots();
    hdrs.extend(invalid_hdr_slots());
    let sms = [
        0,
        smp("mip_nearest"),
        smp("trilinear"),
        smp("trilinear_bias_p1_5"),
        smp("trilinear_bias_m2_clamped"),
        smp("mip_nearest_lod_1"),
        smp("aniso") + 3,
        smp("level0_only_linear"),
    ];
    // (dx, dy) of (s, t, r) per pixel, in texels of the base level.
    let scales: [([f32; 3], [f32; 3]); 10] = [
        ([0.0; 3], [0.0; 3]),
        ([0.25, 0.0, 0.0], [0.0, 0.25, 0.0]),
        ([1.0, 0.0, 0.0], [0.0, 1.0, 0.0]),
        ([2.0, 0.0, 0.5], [0.0, 2.0, 0.5]),
        ([8.0, 0.0, 0.0], [0.0, 2.0, 0.0]),
        ([0.0, 1.0, 0.0], [16.0, 0.0, 0.0]),
        ([3.0, 4.0, 0.0], [-4.0, 3.0, 1.0]),
        ([100.0, 0.0, 0.0], [0.0, 100.0, 0.0]),
        ([f32::NAN, 0.0, 0.0], [0.0, 1.0, 0.0]),
        ([f32::INFINITY, 0.0, 0.0], [0.0, 1.0, 0.0]),
    ];
    for &h in &hdrs {
        let (w, hh, d) = dims(fx, h);
        let cubev = header(fx, h).is_some_and(|t| t.ty.is_cube());
        for desc in [0u64, 1, 2, 3, 4, 5, 7] {
            let array = matches!(desc, 4 | 5 | 7);
            for &sm in &sms {
                for (dx, dy) in scales {
                    let base = if cubev { [1.0f32, 0.3, -0.2] } else { [0.3f32, 0.6, 0.4] };
                    let sz = if cubev { [0.5 * w, 0.5 * w, 0.5 * w] } else { [w, hh, d] };
                    out.extend([h, sm, desc]);
                    for l in 0..4 {
                        let (fx_, fy) = ((l & 1) as f32, (l >> 1) as f32);
                        let c: [u32; 3] = core::array::from_fn(|k| f(base[k] + (fx_ * dx[k] + fy * dy[k]) / sz[k]));
                        let regs = if array { [1, c[0], c[1], c[2]] } else { [c[0], c[1], c[2], 0xFFFF_FFFF] };
                        out.extend(regs.map(u64::from));
                    }
                }
            }
        }
    }
    for sm in [smp("invalid_wrap"), OP_SMP_ENTRIES as u64, 0x1FF] {
        out.extend([tex("rgba8_2d"), sm, 1]);
        out.extend([f(0.1), f(0.2), 0, 0].repeat(4).into_iter().map(u64::from));
    }
}

fn random_tmml(fx: &Fixture, r: &mut Rand, inputs: &mut [u64]) {
    let h = random_hdr(r, &["rgba8_2d", "rgba8_cube", "rgba8_3d", "rgba8_2d_array", "rgba8_1d"]);
    let t = header(fx, h);
    let natural = match t.map(|t| t.ty) {
        Some(TextureType::OneD) => 0,
        Some(TextureType::OneDArray) => 4,
        Some(TextureType::ThreeD) => 2,
        Some(TextureType::Cube) => 3,
        Some(TextureType::CubeArray) => 7,
        Some(TextureType::TwoDArray) => 5,
        _ => 1,
    };
    let desc = if r.chance(85) { natural } else { r.pick(&[0u64, 1, 2, 3, 4, 5, 7]) };
    let c = random_coords(fx, r, h);
    let mut v = vec![h, random_smp(r), desc];
    for lane in c {
        let regs = if matches!(desc, 4 | 5 | 7) { [r.bits(16) as u32, lane[0], lane[1], lane[2]] } else { lane };
        v.extend(regs.map(u64::from));
    }
    inputs.copy_from_slice(&v);
}

/// A random binary32 in roughly `[lo, hi]`, sometimes special.
fn rf(r: &mut Rand, lo: f32, hi: f32) -> u32 {
    if r.chance(3) {
        return r.pick(&SPECIALS);
    }
    let u = (r.bits(24) as f32) / 16_777_216.0;
    f(lo + (hi - lo) * u)
}

fn random_hdr(r: &mut Rand, prefer: &[&str]) -> u64 {
    match r.weighted(&[45, 40, 5, 5, 5]) {
        0 if !prefer.is_empty() => tex(r.pick(prefer)),
        0 | 1 => r.below(n_textures()),
        2 => r.pick(&invalid_hdr_slots()),
        3 => r.range(n_textures(), 255),
        _ => r.bits(8),
    }
}

fn random_smp(r: &mut Rand) -> u64 {
    match r.weighted(&[60, 32, 8]) {
        0 => r.below(n_samplers()),
        1 => r.below(OP_SMP_ENTRIES as u64),
        _ => r.bits(9),
    }
}

fn random_off(r: &mut Rand, lo: i64, hi: i64) -> i32 {
    match r.weighted(&[60, 35, 5]) {
        0 => 0,
        1 => (lo + r.below((hi - lo + 1) as u64) as i64) as i32,
        _ => r.bits(8) as u8 as i8 as i32,
    }
}

/// Random quad coordinates for view `h`: a base point and a lane spacing of 2^k texels.
fn random_coords(fx: &Fixture, r: &mut Rand, h: u64) -> [[u32; 4]; 4] {
    let t = header(fx, h);
    let w = t.map_or(16.0, |t| t.width as f32);
    let cubev = t.is_some_and(|t| t.ty.is_cube());
    let k = r.range(0, 18) as i32 - 12;
    let step = 2f32.powi(k) / w;
    let mut p = if cubev {
        let mut v = [rf(r, -1.0, 1.0), rf(r, -1.0, 1.0), rf(r, -1.0, 1.0)].map(f32::from_bits);
        let major = r.below(3) as usize;
        v[major] = if r.chance(50) { 1.0 } else { -1.0 };
        if r.chance(10) {
            v[(major + 1) % 3] = v[major]; // a tie
        }
        [v[0], v[1], v[2], f32::from_bits(rf(r, -0.5, 2.5))]
    } else {
        [rf(r, -1.5, 2.5), rf(r, -1.5, 2.5), rf(r, -1.5, 2.5), rf(r, -0.5, 4.5)].map(f32::from_bits)
    };
    if r.chance(20) {
        p[0] = (r.range(0, 64) as f32) / w.max(1.0) * 0.5; // texel centres and edges
    }
    let mut c = quad(p, step);
    if r.chance(5) {
        let (l, k) = (r.below(4) as usize, r.below(4) as usize);
        c[l][k] = r.pick(&SPECIALS);
    }
    c
}

fn random_sample(fx: &Fixture, r: &mut Rand, compare: bool, inputs: &mut [u64]) {
    let prefer: &[&str] = if compare { &["z32f_2d", "z16_2d", "z32f_2d_array", "z32f_cube"] } else { &[] };
    let h = random_hdr(r, prefer);
    let sm = random_smp(r);
    let lod_mode = r.weighted(&[60, 30, 10]) as u64;
    let grads = lod_mode == 0 && r.chance(30);
    let lod = match r.weighted(&[70, 20, 10]) {
        0 => rf(r, -2.0, 6.0),
        1 => 0,
        _ => r.u32(),
    };
    let w = header(fx, h).map_or(16.0, |t| t.width as f32);
    let mut s = S::new(h, sm, random_coords(fx, r, h));
    s.lod_mode = lod_mode;
    s.grads = grads;
    s.lod = lod;
    s.off = [random_off(r, -8, 7), random_off(r, -8, 7), random_off(r, -8, 7)];
    if grads {
        let scale = 2f32.powi(r.range(0, 14) as i32 - 6) / w;
        for l in 0..4 {
            for d in 0..2 {
                for k in 0..3 {
                    s.d[l][d][k] = f(f32::from_bits(rf(r, -1.0, 1.0)) * scale);
                }
            }
        }
    }
    if compare {
        for x in s.refs.iter_mut() {
            *x = match r.weighted(&[60, 25, 15]) {
                0 => rf(r, -0.1, 1.1),
                1 => f(r.range(0, 1024) as f32 / 1024.0),
                _ => r.pick(&[0, 0x3F80_0000, NAN, INF, NEG_INF, 0x8000_0000]),
            };
        }
    }
    match r.weighted(&[75, 15, 10]) {
        0 => {}
        k => {
            let proj = k == 2;
            s.tgsi = k as u64;
            let w: [u32; 4] = core::array::from_fn(|_| {
                if proj && r.chance(25) {
                    r.pick(&[0, 0x8000_0000, INF, NEG_INF, NAN, f(1.0), f(-1.0)])
                } else if proj {
                    rf(r, -4.0, 4.0)
                } else {
                    rf(r, -4.0, 8.0)
                }
            });
            for (l, c) in s.coords.iter_mut().enumerate() {
                // The sampled point as TGSI src0 (layer / reference / rz in z); TXP scales by q.
                let q = f32::from_bits(w[l]);
                let k = if proj && q.is_finite() && q != 0.0 && r.chance(80) { q } else { 1.0 };
                for x in c.iter_mut().take(3) {
                    *x = f(f32::from_bits(*x) * k);
                }
                c[3] = w[l];
            }
            s.src1 = core::array::from_fn(|_| rf(r, -4.0, 8.0));
        }
    }
    let mut v = Vec::with_capacity(inputs.len());
    s.push(compare, &mut v);
    inputs.copy_from_slice(&v);
}

/// One `store` stimulus: hdr, op, address, src, cmp.
fn push_store(out: &mut Vec<u64>, h: u64, op: u64, a: [u32; 4], src: [u32; 4], cmp: [u32; 4]) {
    out.extend([h, op]);
    out.extend(a.map(u64::from));
    out.extend(src.map(u64::from));
    out.extend(cmp.map(u64::from));
}

/// The old texel's raw words at `a` (`LOAD`; the 32-bit integer formats' words).
fn old_words(fx: &Fixture, h: u64, a: [u32; 4]) -> [u32; 4] {
    texcore::op::resource::load(fx.ops.view(h), fx.ops.texmem.as_slice(), a)
}

/// Size of each address axis of slot `h` for the resource mapping (x, y, z).
fn store_dims(fx: &Fixture, h: u64) -> [u32; 3] {
    match header(fx, h) {
        None => [1, 1, 1],
        Some(t) => {
            let layers = if t.ty.is_cube() { 6 * t.depth } else { t.depth };
            match t.ty {
                TextureType::OneDArray => [t.width, t.depth, 1],
                TextureType::ThreeD => [t.width, t.height, t.depth],
                _ => [t.width, t.height, layers],
            }
        }
    }
}

/// `store`: every format × STORE with extreme / NaN / Inf / negative values; every atomic ×
/// the 32-bit-component integer textures (R32 unsigned and signed, RG32, RGBA32: per
/// component) with wraparound, sign and CAS corners; atomics on every other
/// format (ATOMIC_FORMAT); out-of-range addresses on every axis and `w`; invalid slots.
fn store_directed(fx: &Fixture, out: &mut Vec<u64>) {
    let fl = |v: [f32; 4]| v.map(f);
    let srcs: Vec<[u32; 4]> = vec![
        [0; 4],
        fl([1.0, 0.5, 0.25, 0.0]),
        fl([-1.0, -0.5, -2.0, -0.0]),
        [NAN, NEG_NAN, INF, NEG_INF],
        [0x7F7F_FFFF, 0xFF7F_FFFF, 0x0000_0001, 0x8000_0001],
        fl([65504.0, 65520.0, 1e10, -1e10]),
        fl([0.5 / 255.0, 1.5 / 255.0, 254.5 / 255.0, 0.999_999]),
        fl([1.0 / 3.0, 2.0 / 3.0, -1.0 / 3.0, 6.1e-5]),
        [0xFFFF_FFFF, 0x8000_0000, 0x7FFF_FFFF, 0x0000_00FF],
        [0x100, 0x1_0000, 0xFFFF, 0x3F80_0000],
        fl([2.0, 1.0e-8, -1.0e-8, 0.75]),
    ];
    let hdrs = valid_tex_slots();
    for &h in &hdrs {
        let [w, hh, d] = store_dims(fx, h);
        let addrs = [[0, 0, 0, 0], [w - 1, hh - 1, d - 1, 0], [w / 2, hh / 2, d / 2, 7]];
        for a in addrs {
            for src in &srcs {
                push_store(out, h, 0, a, *src, [0; 4]);
            }
        }
        // Atomics on every format (only the 32-bit integer ones execute).
        for op in 1..=10u64 {
            push_store(out, h, op, addrs[1], [1, 2, 3, 4], [0; 4]);
        }
    }
    // Every atomic × the integer textures × operand corners.
    for tn in ["r32ui_2d", "r32ui_buffer", "r32i_2d", "rg32ui_2d", "rgba32ui_2d"] {
        let h = tex(tn);
        let [w, hh, _] = store_dims(fx, h);
        for (i, a) in [[0, 0, 0, 0], [w - 1, hh - 1, 0, 0], [1, 2, 0, 0], [w / 2, 0, 5, 0]].into_iter().enumerate() {
            let old = old_words(fx, h, a)[0];
            let corners = [
                0,
                1,
                0xFFFF_FFFF,
                0x8000_0000,
                0x7FFF_FFFF,
                old,
                old.wrapping_add(1),
                old.wrapping_sub(1),
                old ^ 0x8000_0000,
                !old,
                0u32.wrapping_sub(old),
                0x5555_5555,
            ];
            for op in 1..=10u64 {
                for (k, &src) in corners.iter().enumerate() {
                    let cmp = if op == 3 { [[old, 0, 0, 0], [old ^ 1, 0, 0, 0]][(k + i) % 2] } else { [0; 4] };
                    push_store(out, h, op, a, [src, 0xDEAD_BEEF, 7, 9], cmp);
                }
            }
            // CAS: equal / unequal in the low and high bits.
            for cmp in [old, old ^ 1, old ^ 0x8000_0000, 0, 0xFFFF_FFFF] {
                push_store(out, h, 3, a, [0x1234_5678, 0, 0, 0], [cmp, old, old, old]);
            }
        }
    }
    // Out of range on every axis (and w, which the core ignores), STORE and UADD.
    let axis_edges = |n: u32| [u32::MAX, 0, n - 1, n, n + 1, 0x8000_0000, 0x7FFF_FFFF];
    for &h in &hdrs {
        let dims3 = store_dims(fx, h);
        for op in [0u64, 1, 3] {
            for (k, n) in dims3.into_iter().enumerate() {
                for v in axis_edges(n) {
                    let mut a = [0u32; 4];
                    a[k] = v;
                    push_store(out, h, op, a, [f(0.5), 5, 6, 7], [0; 4]);
                }
            }
            for wv in [1u32, 4, u32::MAX, 0x8000_0000] {
                push_store(out, h, op, [0, 0, 0, wv], [f(0.5), 5, 6, 7], [0; 4]);
            }
        }
    }
    // Invalid / unbound slots.
    for h in invalid_hdr_slots() {
        for op in [0u64, 1, 2, 3, 10] {
            push_store(out, h, op, [0; 4], [1, 2, 3, 4], [0; 4]);
        }
    }
}

fn random_store(fx: &Fixture, r: &mut Rand, inputs: &mut [u64]) {
    let h = random_hdr(
        r,
        &[
            "r32ui_2d",
            "r32ui_buffer",
            "r32i_2d",
            "rg32ui_2d",
            "rgba32ui_2d",
            "rgba32f_2d",
            "rgba8_2d",
            "rgba16f_2d",
            "r8_npot",
        ],
    );
    let op = if r.chance(30) { 0 } else { r.range(1, 10) };
    let dims3 = store_dims(fx, h);
    let coord = |n: u32, r: &mut Rand| -> u32 {
        match r.weighted(&[85, 10, 5]) {
            0 => r.below(u64::from(n)) as u32,
            1 => n.wrapping_add(r.below(3) as u32).wrapping_sub(1),
            _ => r.operand(n),
        }
    };
    let a = [coord(dims3[0], r), coord(dims3[1], r), coord(dims3[2], r), if r.chance(90) { 0 } else { r.u32() }];
    let old = old_words(fx, h, a);
    let val = |r: &mut Rand, i: usize| -> u32 {
        match r.weighted(&[35, 30, 20, 15]) {
            0 => rf(r, -2.0, 2.0),
            1 => r.u32(),
            2 => r.pick(&[0, 1, 0xFFFF_FFFF, 0x8000_0000, 0x7FFF_FFFF, NAN, INF, NEG_INF]),
            _ => old[i].wrapping_add(r.range(0, 2) as u32).wrapping_sub(1),
        }
    };
    let src: [u32; 4] = core::array::from_fn(|i| val(r, i));
    let cmp: [u32; 4] = core::array::from_fn(|i| if r.chance(50) { old[i] } else { val(r, i) });
    let mut v = Vec::with_capacity(inputs.len());
    push_store(&mut v, h, op, a, src, cmp);
    inputs.copy_from_slice(&v);
}

fn random_gather(fx: &Fixture, r: &mut Rand, inputs: &mut [u64]) {
    let h = random_hdr(r, &["rgba8_2d", "rgba8_2d_array", "rgba8_cube", "z32f_2d", "rgba8_2d_tiled"]);
    let sm = random_smp(r);
    let tld4s = r.chance(30);
    let mut g = G::new(h, sm, random_coords(fx, r, h));
    g.tld4s = tld4s;
    g.comp = if r.chance(95) { r.below(4) } else { r.range(4, 7) };
    g.cmp = r.chance(30);
    g.aoffi = tld4s && r.chance(40);
    g.f16 = if tld4s { r.weighted(&[60, 20, 20]) as u64 } else { 0 };
    let cube = header(fx, h).is_some_and(|t| t.ty.is_cube());
    g.off = if cube && r.chance(90) {
        [0; 3]
    } else {
        [random_off(r, -32, 31), random_off(r, -32, 31), random_off(r, -32, 31)]
    };
    for x in g.refs.iter_mut() {
        *x = rf(r, -0.1, 1.1);
    }
    let mut v = Vec::with_capacity(inputs.len());
    g.push(&mut v);
    inputs.copy_from_slice(&v);
}

fn random_fetch(fx: &Fixture, r: &mut Rand, inputs: &mut [u64]) {
    let h = random_hdr(r, &[]);
    let t = header(fx, h);
    let (w, hh, d, levels, samples) =
        t.map_or((4, 4, 4, 2, 1), |t| (t.width, t.height, t.depth, t.levels, t.samples()));
    let op = r.below(4);
    let coord = |n: u32, r: &mut Rand| -> u64 {
        u64::from(match r.weighted(&[75, 15, 10]) {
            0 => r.below(u64::from(n)) as u32,
            1 => n.wrapping_add(r.below(3) as u32).wrapping_sub(1),
            _ => r.operand(n),
        })
    };
    let x = coord(w, r);
    let y = coord(hh, r);
    let z = coord(d, r);
    let l = coord(levels, r);
    let s = coord(samples, r);
    inputs.copy_from_slice(&[
        h,
        op,
        x,
        y,
        z,
        l,
        s,
        u64::from(random_off(r, -8, 7) as u8),
        u64::from(random_off(r, -8, 7) as u8),
        u64::from(random_off(r, -8, 7) as u8),
    ]);
}

/// Mip filter of a sampler slot (documentation helper for tests).
#[cfg(test)]
pub fn mip_filter(fx: &Fixture, slot: u64) -> Option<MipFilter> {
    sampler_of(fx, slot).map(|s| s.mip_filter)
}

/// Wrap modes of the directed samplers (tests).
#[cfg(test)]
pub fn directed_wraps(fx: &Fixture) -> Vec<WrapMode> {
    (0..texset::samplers().len() as u64).filter_map(|i| sampler_of(fx, i)).flat_map(|s| s.wrap).collect()
}

/// Texture types of the directed set (tests).
#[cfg(test)]
pub fn directed_types(fx: &Fixture) -> Vec<TextureType> {
    valid_tex_slots().into_iter().filter_map(|h| header(fx, h)).map(|t| t.ty).collect()
}

impl Unit for Op {
    fn name(&self) -> &'static str {
        self.0.name()
    }

    fn title(&self) -> &'static str {
        self.0.title()
    }

    fn fields(&self) -> Vec<Field> {
        self.0
            .fields()
            .into_iter()
            .map(
                |s| if s.output { Field::output(s.name, s.width, s.doc) } else { Field::input(s.name, s.width, s.doc) },
            )
            .collect()
    }

    fn images(&self) -> &'static [Image] {
        &[Image::TexMem, Image::OpHdr, Image::OpSmp]
    }

    fn rtl_files(&self) -> &'static [&'static str] {
        &[]
    }

    fn default_count(&self) -> u64 {
        match self.0 {
            OpUnit::Sample | OpUnit::SampleC => 20_000,
            OpUnit::Gather => 50_000,
            OpUnit::Fetch => 200_000,
            OpUnit::Tmml => 50_000,
            OpUnit::Store => 100_000,
        }
    }

    fn directed(&self, fx: &Fixture, out: &mut Vec<u64>) {
        match self.0 {
            OpUnit::Sample => {
                sample_directed(fx, false, out);
                tgsi_directed(fx, false, out);
            }
            OpUnit::SampleC => {
                compare_directed(fx, out);
                sample_directed(fx, true, out);
                tgsi_directed(fx, true, out);
            }
            OpUnit::Gather => gather_directed(fx, out),
            OpUnit::Fetch => fetch_directed(fx, out),
            OpUnit::Tmml => tmml_directed(fx, out),
            OpUnit::Store => store_directed(fx, out),
        }
    }

    fn random(&self, fx: &Fixture, r: &mut Rand, inputs: &mut [u64]) {
        match self.0 {
            OpUnit::Sample => random_sample(fx, r, false, inputs),
            OpUnit::SampleC => random_sample(fx, r, true, inputs),
            OpUnit::Gather => random_gather(fx, r, inputs),
            OpUnit::Fetch => random_fetch(fx, r, inputs),
            OpUnit::Tmml => random_tmml(fx, r, inputs),
            OpUnit::Store => random_store(fx, r, inputs),
        }
    }

    fn eval(&self, fx: &Fixture, inputs: &[u64], outputs: &mut [u64]) -> anyhow::Result<()> {
        self.0.eval(&fx.ops, inputs, outputs);
        Ok(())
    }
}
