//! The scenes. Every textured pixel is a lane of a 2×2 quad passed to one of the core's
//! sampling ops with **implicit derivatives**, as a fragment shader's `TEX` / `SAMPLE` would
//! be: `sample_batch_into` (the host's batch entry, a row of quads per call, bit for bit the
//! quad entry under TGSI `TEX`/`SAMPLE`) where a view samples one texture with one sampler,
//! `sample_quad_into` (the cube scene), `sample_compare_quad` (`SAMPLE_C`), `gather4`
//! (`GATHER4`) and `tmml_header` (`TMML.LOD`). The geometry (ray casts, sphere normals) is host f64,
//! rounded once to the binary32 coordinates the ops take.

use indicatif::ProgressBar;
use texcore::descriptor::{
    CompareFunc, Filter, Format, MipFilter, SamplerHeader, Swizzle, SwizzleSource, TextureHeader, TextureType, WrapMode,
};
use texcore::op::gather::gather4;
use texcore::op::sample::{sample_compare_quad, sample_quad_into, SampleRequest};
use texcore::op::tmml::{tmml_header, CoordDesc};
use texcore_reference::driver::{lane_inputs, Op, Quad};
use texcore_reference::sampling::Oracle;
use texcore_reference::texture::{Fmt, RefTex};

use super::raster::{gradient, quads, rgb_of_bits, sampled_quads, sheet, with_legend, Canvas, Grid, Rgb};
use super::textures::{
    cube_face, encode, ground, sand, shadow_depth, swizzle_source, wrap_pattern, MipChain, Tex, LEVEL_COLOURS,
};

/// Lane offsets in a quad: 0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right.
pub const LANES: [(u32, u32); 4] = [(0, 0), (1, 0), (0, 1), (1, 1)];

/// Size of the ground textures (level 0; a full chain of 9 levels).
pub const GROUND: u32 = 256;

/// A rendered file: its name and image.
pub type File = (String, Canvas);

/// What a scene produces: files, and lines for the report (measured values).
#[derive(Default)]
pub struct SceneOut {
    /// Files, in a fixed order.
    pub files: Vec<File>,
    /// Names of the files a sheet of this scene also shows (left out of the gallery).
    pub in_sheet: Vec<String>,
    /// Report lines.
    pub notes: Vec<String>,
}

/// binary32 bits of an f64 (rounded to nearest).
fn f(v: f64) -> u32 {
    (v as f32).to_bits()
}

/// A sampler with REPEAT on every axis.
pub fn sampler(mag: Filter, min: Filter, mip: MipFilter, aniso_log2: u8) -> SamplerHeader {
    SamplerHeader {
        mag_filter: mag,
        min_filter: min,
        mip_filter: mip,
        max_anisotropy_log2: aniso_log2,
        ..SamplerHeader::default()
    }
}

const N: Filter = Filter::Nearest;
const L: Filter = Filter::Linear;

/// The filters of the ground-plane scene: file stem, sheet label, sampler.
pub fn filters() -> [(&'static str, &'static str, SamplerHeader); 8] {
    [
        ("nearest", "NEAREST", sampler(N, N, MipFilter::None, 0)),
        ("bilinear", "BILINEAR", sampler(L, L, MipFilter::None, 0)),
        ("bilinear-mip-nearest", "MIP NEAREST", sampler(L, L, MipFilter::Nearest, 0)),
        ("trilinear", "TRILINEAR", sampler(L, L, MipFilter::Linear, 0)),
        ("aniso2x", "ANISO 2X", sampler(L, L, MipFilter::Linear, 1)),
        ("aniso4x", "ANISO 4X", sampler(L, L, MipFilter::Linear, 2)),
        ("aniso8x", "ANISO 8X", sampler(L, L, MipFilter::Linear, 3)),
        ("aniso16x", "ANISO 16X", sampler(L, L, MipFilter::Linear, 4)),
    ]
}

// ------------------------------------------------------------------ the ground plane

/// Vertical field of view.
const FOV_Y_DEG: f64 = 50.0;
/// Camera pitch below the horizon (the grazing view of the filter scenes).
pub const PITCH_DEG: f64 = 14.0;
/// Camera pitch of the shadow scene (the shadowed ground close to the camera).
const SHADOW_PITCH_DEG: f64 = 32.0;
/// Camera height above the ground.
const EYE: f64 = 1.0;
/// Texels per pixel of the ground texture at the bottom centre of the view (all sizes).
const NEAR_FOOTPRINT: f64 = 0.5;

/// A perspective camera over the ground plane `Y = 0` at a grazing angle. Pixels above a
/// cut-off row a little below the horizon show the sky (every lane of a quad that reaches
/// the cut-off still hits the ground, so helper lanes have finite coordinates).
#[derive(Clone, Copy, Debug)]
pub struct Plane {
    w: u32,
    h: u32,
    tan_half: f64,
    sin_p: f64,
    cos_p: f64,
    cut: f64,
    /// Texture repeats per world unit.
    k: f64,
}

impl Plane {
    /// The camera for a `w × h` view pitched `pitch_deg` below the horizon; the texture
    /// scale makes the bottom centre pixel cover [`NEAR_FOOTPRINT`] texels of a
    /// [`GROUND`]-texel texture.
    pub fn new(w: u32, h: u32, pitch_deg: f64) -> Plane {
        let (sin_p, cos_p) = pitch_deg.to_radians().sin_cos();
        let tan_half = (FOV_Y_DEG / 2.0).to_radians().tan();
        let margin = (0.06f64).max(5.0 / f64::from(h)) * tan_half;
        let mut p = Plane { w, h, tan_half, sin_p, cos_p, cut: sin_p / cos_p - margin, k: 1.0 };
        // Footprint (texture units per pixel, k = 1) of the bottom centre quad.
        let (x, y) = (w / 2 - 1, h - 2);
        let a = p.world(x, y);
        let bx = p.world(x + 1, y);
        let by = p.world(x, y + 1);
        let len = |u: [f64; 2], v: [f64; 2]| ((u[0] - v[0]).powi(2) + (u[1] - v[1]).powi(2)).sqrt();
        let foot = len(a, bx).max(len(a, by));
        p.k = NEAR_FOOTPRINT / (foot * f64::from(GROUND));
        p
    }

    /// Camera-space `(x, y)` of pixel `(x, y)`'s centre on the image plane at distance 1.
    fn cam(&self, x: u32, y: u32) -> (f64, f64) {
        let aspect = f64::from(self.w) / f64::from(self.h);
        let xc = (2.0 * (f64::from(x) + 0.5) / f64::from(self.w) - 1.0) * self.tan_half * aspect;
        let yc = (1.0 - 2.0 * (f64::from(y) + 0.5) / f64::from(self.h)) * self.tan_half;
        (xc, yc)
    }

    /// Whether pixel `(x, y)` shows the ground (below the cut-off).
    pub fn is_ground(&self, x: u32, y: u32) -> bool {
        self.cam(x, y).1 <= self.cut
    }

    /// World `(X, Z)` where pixel `(x, y)`'s ray meets the ground (Z forward). Valid for the
    /// ground and for one row above it.
    pub fn world(&self, x: u32, y: u32) -> [f64; 2] {
        let (xc, yc) = self.cam(x, y);
        let dy = yc * self.cos_p - self.sin_p;
        let dz = yc * self.sin_p + self.cos_p;
        let t = EYE / -dy.min(-1e-9);
        [t * xc, t * dz]
    }

    /// Normalized texture coordinates `(s, t)` of pixel `(x, y)` (text upright, receding).
    pub fn st(&self, x: u32, y: u32) -> [f64; 2] {
        let [wx, wz] = self.world(x, y);
        [wx * self.k + 0.5, -wz * self.k]
    }

    /// Sky colour of row `y`.
    pub fn sky(&self, y: u32) -> Rgb {
        let t = (f64::from(y) / f64::from(self.h) / 0.4).clamp(0.0, 1.0);
        let mix = |a: f64, b: f64| (a + (b - a) * t).round() as u8;
        [mix(110.0, 205.0), mix(150.0, 222.0), mix(212.0, 240.0)]
    }

    /// The quad's coordinate registers (s, t as binary32) and which lanes show the ground;
    /// `None` if no lane does.
    fn quad(&self, x: u32, y: u32) -> Option<([[u32; 4]; 4], [bool; 4])> {
        let ground = LANES.map(|(dx, dy)| self.is_ground(x + dx, y + dy));
        if !ground.iter().any(|&g| g) {
            return None;
        }
        let coords = LANES.map(|(dx, dy)| {
            let [s, t] = self.st(x + dx, y + dy);
            [f(s), f(t), 0, 0]
        });
        Some((coords, ground))
    }
}

/// The ground plane sampled through `sample_batch_into` (`SAMPLE`, implicit LOD; row by row,
/// [`sampled_quads`]): per pixel the result registers, `None` for the sky.
pub fn plane_samples(pl: &Plane, tex: &Tex, s: &SamplerHeader, bar: &ProgressBar) -> Grid<Option<[u32; 4]>> {
    sampled_quads(
        pl.w,
        pl.h,
        bar,
        tex,
        s,
        |x, y| pl.quad(x, y).map(|(coords, ground)| (SampleRequest::new(coords), ground)),
        |_, _, got| match got {
            Some((out, ground)) => [0, 1, 2, 3].map(|l| ground[l].then_some(out[l])),
            None => [None; 4],
        },
    )
}

/// Colours of a sampled plane (sky where `None`).
pub fn plane_canvas(pl: &Plane, g: &Grid<Option<[u32; 4]>>) -> Canvas {
    let mut c = Canvas::new(g.w, g.h, [0; 3]);
    for y in 0..g.h {
        for x in 0..g.w {
            c.set(x, y, g.at(x, y).map_or_else(|| pl.sky(y), rgb_of_bits));
        }
    }
    c
}

/// The ground texture: [`ground`] with its full box-filtered chain.
pub fn ground_chain() -> MipChain {
    MipChain::full(ground(GROUND))
}

/// Panels of a sheet: half size when the view is wider than 256 pixels.
fn sheet_panel(c: &Canvas) -> Canvas {
    if c.w > 256 {
        c.half()
    } else {
        c.clone()
    }
}

/// Scene 1: the ground plane once per filter, and the side-by-side sheet.
pub fn scene_filters(w: u32, h: u32, bar: &ProgressBar) -> SceneOut {
    let pl = Plane::new(w, h, PITCH_DEG);
    let tex = Tex::rgba8(TextureType::TwoD, &[ground_chain()]);
    let mut out = SceneOut::default();
    let mut panels = Vec::new();
    for (stem, label, s) in filters() {
        let img = plane_canvas(&pl, &plane_samples(&pl, &tex, &s, bar));
        panels.push((label.to_string(), sheet_panel(&img)));
        out.in_sheet.push(format!("plane-{stem}.png"));
        out.files.push((format!("plane-{stem}.png"), img));
    }
    out.files.push(("plane-sheet.png".into(), sheet(&panels, 4)));
    out
}

// ------------------------------------------------------------------ mip levels and λ

/// The mip-level texture: level `k` the constant [`LEVEL_COLOURS`]`[k]`.
pub fn level_tex() -> Tex {
    Tex::rgba8(TextureType::TwoD, &[MipChain::coloured(GROUND, GROUND, &LEVEL_COLOURS)])
}

/// Number of levels of the ground textures.
pub fn ground_levels() -> u32 {
    32 - GROUND.leading_zeros()
}

fn level_legend(img: &Canvas, caption: &str) -> Canvas {
    let n = ground_levels() as usize;
    let colour = |t: f64| {
        let c = LEVEL_COLOURS[((t * n as f64) as usize).min(n - 1)];
        [c[0], c[1], c[2]]
    };
    let ticks: Vec<(f64, String)> = (0..n).map(|k| ((k as f64 + 0.5) / n as f64, k.to_string())).collect();
    with_legend(img, colour, &ticks, caption)
}

/// λ range of the false-colour map.
const LAMBDA_RANGE: (f64, f64) = (-2.0, 10.0);

fn lambda_colour(t: f64) -> Rgb {
    gradient(colorous::TURBO, t)
}

/// `TMML.LOD` over the plane: per pixel R (λ' = λ_base + bias, S8.8, unclamped) and G (the
/// LOD used, U8.8), `None` for the sky.
pub fn plane_tmml(pl: &Plane, tex: &Tex, s: &SamplerHeader, bar: &ProgressBar) -> Grid<Option<(i16, u16)>> {
    quads(pl.w, pl.h, bar, |x, y| {
        let Some((coords, ground)) = pl.quad(x, y) else { return [None; 4] };
        let r = tmml_header(&tex.h, s, CoordDesc::TwoD, &coords);
        [0, 1, 2, 3].map(|l| ground[l].then_some((r[l][0] as u16 as i16, r[l][1] as u16)))
    })
}

fn lambda_canvas(pl: &Plane, g: &Grid<Option<(i16, u16)>>, caption: &str) -> Canvas {
    let (lo, hi) = LAMBDA_RANGE;
    let mut c = Canvas::new(g.w, g.h, [0; 3]);
    for y in 0..g.h {
        for x in 0..g.w {
            let px = match g.at(x, y) {
                None => pl.sky(y),
                Some((r, _)) => lambda_colour((f64::from(r) / 256.0 - lo) / (hi - lo)),
            };
            c.set(x, y, px);
        }
    }
    let ticks: Vec<(f64, String)> =
        (lo as i32..=hi as i32).step_by(2).map(|v| ((f64::from(v) - lo) / (hi - lo), v.to_string())).collect();
    with_legend(&c, lambda_colour, &ticks, caption)
}

/// Scene 2: the mip-level map (mip NEAREST and trilinear) and the `TMML.LOD` λ maps.
pub fn scene_mips(w: u32, h: u32, bar: &ProgressBar) -> SceneOut {
    let pl = Plane::new(w, h, PITCH_DEG);
    let tex = level_tex();
    let mut out = SceneOut::default();
    for (stem, caption, mip) in [
        ("nearest", "LEVEL MAP, MIP NEAREST", MipFilter::Nearest),
        ("trilinear", "LEVEL MAP, TRILINEAR", MipFilter::Linear),
    ] {
        let g = plane_samples(&pl, &tex, &sampler(L, L, mip, 0), bar);
        out.files.push((format!("mip-levels-{stem}.png"), level_legend(&plane_canvas(&pl, &g), caption)));
    }
    for (stem, caption, aniso) in
        [("trilinear", "TMML LAMBDA, ISOTROPIC", 0), ("aniso16x", "TMML LAMBDA, ANISO 16X", 4)]
    {
        let s = sampler(L, L, MipFilter::Linear, aniso);
        let g = plane_tmml(&pl, &tex, &s, bar);
        let (mut lo, mut hi) = (i16::MAX, i16::MIN);
        for (r, _) in g.px.iter().flatten() {
            lo = lo.min(*r);
            hi = hi.max(*r);
        }
        out.notes.push(format!(
            "lod-tmml-{stem}.png: TMML.LOD R (lambda) from {:.3} (near) to {:.3} (far)",
            f64::from(lo) / 256.0,
            f64::from(hi) / 256.0
        ));
        out.files.push((format!("lod-tmml-{stem}.png"), lambda_canvas(&pl, &g, caption)));
    }
    out
}

// ------------------------------------------------------------------ error map

/// Full scale of the error map (larger errors saturate).
const ERR_FULL: f64 = 1.0 / 255.0;

fn err_colour(t: f64) -> Rgb {
    gradient(colorous::INFERNO, t)
}

/// Per pixel `max over r, g, b of |texcore − f64 reference|` on the ground plane (`None`:
/// sky). The reference is `texcore_reference`'s exact sampler ([`Oracle::ideal`]) on the
/// same texels, fed the same binary32 lane coordinates and their quad differences.
pub fn plane_error(pl: &Plane, tex: &Tex, rt: &RefTex, s: &SamplerHeader, bar: &ProgressBar) -> Grid<Option<f64>> {
    let request = |x, y| pl.quad(x, y).map(|(coords, ground)| (SampleRequest::new(coords), (coords, ground)));
    sampled_quads(pl.w, pl.h, bar, tex, s, request, |_, _, got| {
        let Some((out, (coords, ground))) = got else { return [None; 4] };
        let q = Quad { c: coords.map(|c| c.map(f32::from_bits)), ..Quad::default() };
        let lanes = lane_inputs(Op::Sample, TextureType::TwoD, &q);
        let oracle = Oracle::new(rt, s);
        [0, 1, 2, 3].map(|l| {
            if !ground[l] {
                return None;
            }
            let ideal = oracle.ideal(&lanes[l]);
            let e = (0..3).map(|c| (f64::from(f32::from_bits(out[l][c])) - ideal[c]).abs()).fold(0.0, f64::max);
            Some(e)
        })
    })
}

/// Scene 3: error maps of bilinear, trilinear and 16× anisotropic filtering.
pub fn scene_error(w: u32, h: u32, bar: &ProgressBar) -> SceneOut {
    let pl = Plane::new(w, h, PITCH_DEG);
    let chain = ground_chain();
    let tex = Tex::rgba8(TextureType::TwoD, std::slice::from_ref(&chain));
    let rt = RefTex::new(tex.h, Fmt::Rgba8, [0; 4], |level, _, x, y, _| {
        let t = chain.levels[level as usize].at(x, y);
        [t[0], t[1], t[2], t[3], 0, 0, 0, 0]
    });
    let mut out = SceneOut::default();
    for (stem, label, s) in filters() {
        if !matches!(stem, "bilinear" | "trilinear" | "aniso16x") {
            continue;
        }
        let g = plane_error(&pl, &tex, &rt, &s, bar);
        let (mut max, mut at, mut sum, mut n, mut over) = (0.0f64, (0, 0), 0.0, 0u64, 0u64);
        let mut c = Canvas::new(w, h, [0; 3]);
        for y in 0..h {
            for x in 0..w {
                match g.at(x, y) {
                    None => c.set(x, y, [40, 40, 48]),
                    Some(e) => {
                        if e > max {
                            (max, at) = (e, (x, y));
                        }
                        sum += e;
                        n += 1;
                        over += u64::from(e > 1.0 / 255.0);
                        c.set(x, y, err_colour(e / ERR_FULL));
                    }
                }
            }
        }
        out.notes.push(format!(
            "error-{stem}.png: max |texcore - f64 reference| = {:.3}/255 ({:.6}) at pixel ({}, {}); mean {:.4}/255; {:.2} % of ground pixels above 1/255",
            max * 255.0,
            max,
            at.0,
            at.1,
            sum / n.max(1) as f64 * 255.0,
            over as f64 * 100.0 / n.max(1) as f64
        ));
        let ticks = [(0.0, "0".to_string()), (0.5, "0.5/255".to_string()), (1.0, "1/255".to_string())];
        let caption = format!("{label}: MAX {:.2}/255", max * 255.0);
        out.files.push((format!("error-{stem}.png"), with_legend(&c, err_colour, &ticks, &caption)));
    }
    out
}

// ------------------------------------------------------------------ cube map

/// Texels per cube face edge (level 0).
const CUBE_N: u32 = 16;

/// View → world rotation of the sphere: pitch about x, then yaw about y, so a cube corner
/// faces the viewer.
fn sphere_rotate(n: [f64; 3]) -> [f64; 3] {
    let (sp, cp) = 30f64.to_radians().sin_cos();
    let (sy, cy) = 40f64.to_radians().sin_cos();
    let (y1, z1) = (n[1] * cp - n[2] * sp, n[1] * sp + n[2] * cp);
    [n[0] * cy + z1 * sy, y1, -n[0] * sy + z1 * cy]
}

/// An orthographic view of the unit sphere: `zoom` × magnified around the view-plane point
/// `centre`.
#[derive(Clone, Copy)]
struct SphereView {
    w: u32,
    h: u32,
    zoom: f64,
    centre: [f64; 2],
}

impl SphereView {
    /// Pixel → unit normal in world space, and whether the pixel is on the sphere (helper
    /// lanes outside get the normal of the nearest silhouette point).
    fn dir(&self, x: u32, y: u32) -> ([f64; 3], bool) {
        let r = 0.92 * f64::from(self.w.min(self.h)) / 2.0 * self.zoom;
        let px = (f64::from(x) + 0.5 - f64::from(self.w) / 2.0) / r + self.centre[0];
        let py = (f64::from(self.h) / 2.0 - f64::from(y) - 0.5) / r + self.centre[1];
        let d2 = px * px + py * py;
        let inside = d2 <= 1.0;
        let n = if inside { [px, py, (1.0 - d2).sqrt()] } else { [px / d2.sqrt(), py / d2.sqrt(), 0.0] };
        (sphere_rotate(n), inside)
    }
}

/// The view-plane position of the cube corner nearest the viewer.
fn facing_corner() -> [f64; 2] {
    // The rotation is orthonormal: view = Rᵀ · world, so a view point's world direction is
    // found by rotating the view axes.
    let ex = sphere_rotate([1.0, 0.0, 0.0]);
    let ey = sphere_rotate([0.0, 1.0, 0.0]);
    let ez = sphere_rotate([0.0, 0.0, 1.0]);
    let dot = |a: [f64; 3], b: [f64; 3]| a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    let mut best = ([0.0, 0.0], f64::MIN);
    for i in 0..8 {
        let c = [0, 1, 2].map(|k| if i >> k & 1 == 1 { 1.0 } else { -1.0 } / 3f64.sqrt());
        let z = dot(c, ez);
        if z > best.1 {
            best = ([dot(c, ex), dot(c, ey)], z);
        }
    }
    best.0
}

/// The cube texture: six [`cube_face`]s with full chains.
pub fn cube_tex() -> Tex {
    let chains: Vec<MipChain> = (0..6).map(|f| MipChain::full(cube_face(f, CUBE_N))).collect();
    Tex::rgba8(TextureType::Cube, &chains)
}

/// Scene 4: a cube map on a sphere (trilinear), seamless on and off: the whole sphere, and
/// the corner facing the viewer magnified 4×.
pub fn scene_cube(w: u32, h: u32, bar: &ProgressBar) -> SceneOut {
    let tex = cube_tex();
    let mut out = SceneOut::default();
    let views = [
        ("SPHERE", SphereView { w, h, zoom: 1.0, centre: [0.0, 0.0] }),
        ("CORNER, 4X", SphereView { w, h, zoom: 4.0, centre: facing_corner() }),
    ];
    for (stem, label, seamless) in [("seamless", "SEAMLESS", true), ("nonseamless", "NON-SEAMLESS", false)] {
        let s = SamplerHeader {
            seamless_cube: seamless,
            wrap: [WrapMode::ClampToEdge; 3],
            ..sampler(L, L, MipFilter::Linear, 0)
        };
        let mut panels = Vec::new();
        for (what, view) in views {
            let g = quads(w, h, bar, |x, y| {
                let lanes = LANES.map(|(dx, dy)| view.dir(x + dx, y + dy));
                if !lanes.iter().any(|l| l.1) {
                    return [None; 4];
                }
                let coords = lanes.map(|(d, _)| [f(d[0]), f(d[1]), f(d[2]), 0]);
                let mut r = [[0u32; 4]; 4];
                sample_quad_into(Ok(&tex.h), Ok(&s), &tex.mem[..], &SampleRequest::new(coords), &mut r)
                    .expect("cube sampling is accepted");
                [0, 1, 2, 3].map(|l| lanes[l].1.then(|| rgb_of_bits(r[l])))
            });
            let c = Canvas::from_grid(g.map(|p| p.unwrap_or([28, 30, 36])));
            panels.push((format!("{label} {what}"), sheet_panel(&c)));
        }
        out.files.push((format!("cube-{stem}.png"), sheet(&panels, 2)));
    }
    out
}

// ------------------------------------------------------------------ wrap modes and the component table

/// Panel size of the composed tables: half the view (at least 96, even).
fn panel(v: u32, div: u32) -> u32 {
    ((v / div).max(96) + 1) & !1
}

/// A screen-aligned panel sampling `[s0, s1] × [t0, t1]` of `tex` (magnified, implicit LOD).
fn flat_panel(pw: u32, ph: u32, range: (f64, f64), tex: &Tex, s: &SamplerHeader, bar: &ProgressBar) -> Grid<[u32; 4]> {
    let (lo, hi) = range;
    let request = |x, y| {
        let coords = LANES.map(|(dx, dy)| {
            let u = lo + (hi - lo) * (f64::from(x + dx) + 0.5) / f64::from(pw);
            let v = lo + (hi - lo) * (f64::from(y + dy) + 0.5) / f64::from(ph);
            [f(u), f(v), 0, 0]
        });
        Some((SampleRequest::new(coords), ()))
    };
    sampled_quads(pw, ph, bar, tex, s, request, |_, _, got| got.map_or([[0; 4]; 4], |(r, ())| *r))
}

/// The border colour of the wrap panels (magenta), binary32 words.
pub const BORDER: [f32; 4] = [1.0, 0.0, 0.6, 1.0];

/// Scene 5a: the five wrap modes (nearest) and CLAMP_TO_BORDER bilinear, over `[-1, 2]²`.
pub fn scene_wrap(w: u32, h: u32, bar: &ProgressBar) -> SceneOut {
    let (pw, ph) = (panel(w, 2), panel(h, 2));
    let base = wrap_pattern(16);
    let tex = Tex::rgba8(TextureType::TwoD, &[MipChain { levels: vec![base] }]);
    let border = BORDER.map(f32::to_bits);
    let modes = [
        ("REPEAT", WrapMode::Repeat, N),
        ("MIRRORED", WrapMode::MirroredRepeat, N),
        ("CLAMP EDGE", WrapMode::ClampToEdge, N),
        ("CLAMP BORDER", WrapMode::ClampToBorder, N),
        ("MIRROR ONCE", WrapMode::MirrorClampToEdge, N),
        ("BILIN BORDER", WrapMode::ClampToBorder, L),
    ];
    let panels: Vec<(String, Canvas)> = modes
        .iter()
        .map(|&(label, m, filt)| {
            let s = SamplerHeader { wrap: [m; 3], border_color: border, ..sampler(filt, filt, MipFilter::None, 0) };
            let g = flat_panel(pw, ph, (-1.0, 2.0), &tex, &s, bar);
            (label.to_string(), Canvas::from_grid(g.map(rgb_of_bits)))
        })
        .collect();
    SceneOut { files: vec![("wrap-modes.png".into(), sheet(&panels, 3))], ..SceneOut::default() }
}

/// The component-table panels: label, format, swizzle.
fn table_rows() -> Vec<(&'static str, Format, Swizzle)> {
    use SwizzleSource as S;
    let id = Swizzle::IDENTITY;
    vec![
        ("R8", Format::R8_UNORM, id),
        ("RG8", Format::RG8_UNORM, id),
        ("RGB565", Format::RGB565_UNORM, id),
        ("RGBA8", Format::RGBA8_UNORM, id),
        ("A8", Format::A8_UNORM, id),
        ("L8", Format::L8_UNORM, id),
        ("LA8", Format::LA8_UNORM, id),
        ("I8", Format::I8_UNORM, id),
        ("Z16", Format::Z16_UNORM, id),
        ("S8 (UINT)", Format::S8_UINT, id),
        ("RGBA8 .BGR1", Format::RGBA8_UNORM, Swizzle([S::B, S::G, S::R, S::One])),
        ("RGBA8 .AAA1", Format::RGBA8_UNORM, Swizzle([S::A, S::A, S::A, S::One])),
    ]
}

/// Composites `(r, g, b, a)` over a grey checkerboard (so alpha shows).
fn over_checker(v: [f64; 4], x: u32, y: u32) -> Rgb {
    let bg = if ((x / 8) + (y / 8)) & 1 == 1 { 200.0 } else { 120.0 };
    let a = v[3].clamp(0.0, 1.0);
    [0, 1, 2].map(|c| (v[c].clamp(0.0, 1.0) * 255.0 * a + bg * (1.0 - a)).round() as u8)
}

/// Scene 5b: one source image stored in each format of the Gallium component table (and two
/// header swizzles), sampled (nearest), drawn over a checkerboard by the returned alpha.
pub fn scene_swizzle(w: u32, h: u32, bar: &ProgressBar) -> SceneOut {
    let (pw, ph) = (panel(w, 4), panel(h, 4));
    let src = swizzle_source(16);
    let panels: Vec<(String, Canvas)> = table_rows()
        .into_iter()
        .map(|(label, format, sw)| {
            let mut hd = TextureHeader::new(TextureType::TwoD, format, src.w, src.h, 1, 1);
            hd.swizzle = sw;
            let tex = Tex::build(hd, |_, _, x, y| encode(format, src.at(x, y)));
            let g = flat_panel(pw, ph, (0.0, 1.0), &tex, &sampler(N, N, MipFilter::None, 0), bar);
            let integer = format == Format::S8_UINT;
            let mut c = Canvas::new(pw, ph, [0; 3]);
            for y in 0..ph {
                for x in 0..pw {
                    let r = g.at(x, y);
                    // Integer results are raw values: shown as value / 255.
                    let v = r.map(|b| if integer { f64::from(b) / 255.0 } else { f64::from(f32::from_bits(b)) });
                    c.set(x, y, over_checker(v, x, y));
                }
            }
            (label.to_string(), c)
        })
        .collect();
    SceneOut { files: vec![("swizzle-table.png".into(), sheet(&panels, 4))], ..SceneOut::default() }
}

// ------------------------------------------------------------------ shadows

/// Shadow-map texels per edge.
const SHADOW_N: u32 = 128;
/// The receiver's depth as seen from the light (the ground), the compare reference.
const RECEIVER_DEPTH: f32 = 0.98;

/// The shadow map (Z16, one level) of the occluders of [`shadow_depth`].
fn shadow_map() -> Tex {
    let d = shadow_depth(SHADOW_N);
    let h = TextureHeader::new(TextureType::TwoD, Format::Z16_UNORM, SHADOW_N, SHADOW_N, 1, 1);
    Tex::build(h, |_, _, x, y| {
        let [lo, hi] = d[(y * SHADOW_N + x) as usize].to_le_bytes();
        [lo, hi, 0, 0]
    })
}

/// The ground square the shadow map covers: `X ∈ [−1.6, 1.6]`, `Z ∈ [0.6, 3.8]`.
const SHADOW_AREA: (f64, f64, f64) = (-1.6, 0.6, 3.2);

/// Light-space `(s, t)` of a ground point (an orthographic light straight above: the map
/// is the ground square seen from above, far edge at `t = 0`).
fn light_st(world: [f64; 2]) -> [u32; 4] {
    let (x0, z0, size) = SHADOW_AREA;
    [f((world[0] - x0) / size), f((z0 + size - world[1]) / size), 0, 0]
}

/// How the lit fraction is computed.
#[derive(Clone, Copy)]
enum Pcf {
    /// `SAMPLE_C` with the given filter.
    Compare(Filter),
    /// `GATHER4` with a reference: the mean of the four compare results.
    Gather,
}

/// Scene 6: a ground plane shadowed through a depth map — `SAMPLE_C` nearest, `SAMPLE_C`
/// bilinear (PCF), and `GATHER4` compare (mean of the 2×2 footprint).
pub fn scene_shadow(w: u32, h: u32, bar: &ProgressBar) -> SceneOut {
    let pl = Plane::new(w, h, SHADOW_PITCH_DEG);
    let ground_tex = Tex::rgba8(TextureType::TwoD, &[MipChain::full(sand(GROUND))]);
    let ground_s = sampler(L, L, MipFilter::Linear, 0);
    let sm = shadow_map();
    let mut out = SceneOut::default();
    let mut panels = Vec::new();
    for (stem, label, mode) in [
        ("nearest", "SAMPLE_C NEAREST", Pcf::Compare(N)),
        ("pcf", "SAMPLE_C LINEAR", Pcf::Compare(L)),
        ("gather4", "GATHER4_C MEAN", Pcf::Gather),
    ] {
        let filt = match mode {
            Pcf::Compare(fl) => fl,
            Pcf::Gather => L,
        };
        let ss = SamplerHeader {
            wrap: [WrapMode::ClampToBorder; 3],
            border_color: [1f32.to_bits(); 4],
            compare_enable: true,
            compare_func: CompareFunc::LessEqual,
            ..sampler(filt, filt, MipFilter::None, 0)
        };
        let refs = [RECEIVER_DEPTH.to_bits(); 4];
        let request = |x, y| pl.quad(x, y).map(|(coords, ground)| (SampleRequest::new(coords), ground));
        let g = sampled_quads(w, h, bar, &ground_tex, &ground_s, request, |x, y, got| {
            let Some((base, ground)) = got else { return [None; 4] };
            let lc = LANES.map(|(dx, dy)| light_st(pl.world(x + dx, y + dy)));
            let lit: [f64; 4] = match mode {
                Pcf::Compare(_) => {
                    let r = sample_compare_quad(Ok(&sm.h), Ok(&ss), &sm.mem[..], &SampleRequest::new(lc), refs)
                        .expect("depth compare on Z16 is accepted");
                    r.map(|v| f64::from(f32::from_bits(v[0])))
                }
                Pcf::Gather => {
                    let r = gather4(Ok(&sm.h), Ok(&ss), &sm.mem[..], &lc, 0, [0, 0], Some(refs))
                        .expect("GATHER4 compare on Z16 is accepted");
                    r.map(|v| v.iter().map(|&b| f64::from(f32::from_bits(b))).sum::<f64>() / 4.0)
                }
            };
            [0, 1, 2, 3].map(|l| {
                ground[l].then(|| {
                    let k = 0.3 + 0.7 * lit[l];
                    rgb_of_bits(base[l]).map(|c| (f64::from(c) * k).round() as u8)
                })
            })
        });
        let mut c = Canvas::new(w, h, [0; 3]);
        for y in 0..h {
            for x in 0..w {
                c.set(x, y, g.at(x, y).unwrap_or_else(|| pl.sky(y)));
            }
        }
        panels.push((label.to_string(), sheet_panel(&c)));
        out.in_sheet.push(format!("shadow-{stem}.png"));
        out.files.push((format!("shadow-{stem}.png"), c));
    }
    out.files.push(("shadow-sheet.png".into(), sheet(&panels, 3)));
    out
}

/// The distinct colours of level 0 of the ground texture.
#[cfg(test)]
pub fn ground_colours() -> Vec<Rgb> {
    let l = ground(GROUND);
    let mut v: Vec<Rgb> = l.px.iter().map(|&c| [c[0], c[1], c[2]]).collect();
    v.sort_unstable();
    v.dedup();
    v
}
