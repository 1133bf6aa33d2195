//! Randomized acceptance test of filtered sampling against the f64 reference and the dEQP
//! "high quality" bounds (uvwBits 7, lodBits 6, colour threshold 2^-6 / 2^-7 nearest-only;
//! see `reference::sampling` for the exact bounds and where they are stricter than dEQP).
//!
//! Every op (TEX, TXB, TXL, TXD, TXP, SAMPLE, SAMPLE_B, SAMPLE_L, SAMPLE_D) × every texture
//! type it allows × filter combination (`reference::driver::FILTERS`: N/N/none, L/L/none,
//! N/N/near, L/L/near, L/L/lin, N/N/lin, L/N/lin, N/L/near, aniso16 on 2D/2D array) × wrap
//! (the five modes on every axis; cube: seamless, and non-seamless with random per-axis
//! modes) gets `SAMPLES` = 10 000 random samples (a quad = 4 samples) on random textures
//! (NPOT, several levels, base level, tiled / pitched layouts, swizzles, RGBA8 mostly plus
//! R16, RG8_SNORM, RGBA16F, L8, LA8, A8, sRGB RGBA8, BGRA8, RGB565), random samplers (bias,
//! min/max LOD — also min > max —, border colours), random coordinates (out of range,
//! negative, huge, on texel boundaries, cube edges / corners / ties, array-layer ties),
//! derivatives from magnification to deep minification, shader biases and explicit LODs.
//! Zero failures allowed:
//!
//! * colour: within the bounds of `Oracle::check`;
//! * LOD: every 4th quad of a mip-mapped combination also runs on a LOD-probe texture (view
//!   level `k` = the constant `3840·k / 65535`); the returned value is the model's `d'`
//!   (level + blend), which must lie in the λ window and within `PRECISION_LOD` of the f64 λ;
//! * precision regression: within `PRECISION_ULP8` of the exact-weight value.
//!
//! Lanes in the input class of the reported anisotropic-offset bug (`model_bug_*` tests) are
//! counted separately ("known") while `KNOWN_BUG_ANISO_RANGE` is set. Ops that reject a type
//! (TXP on arrays, TXB/TXL on cube arrays) must return `Err(SampleError::TextureType)`.
//! `checker_rejects_plausible_wrong_semantics` shows the checker is not vacuous.
//!
//! `cargo test --release -p texcore --test sample_conformance -- --nocapture` prints the
//! table; it is also written to `<target dir>/conformance-report.txt`. A debug build runs a
//! 1/25 smoke subset (report `conformance-report-debug.txt`).
//!
//! `TEXCORE_CONF_FILTER=<substring>` runs only the combinations whose name contains it
//! (e.g. `txd/2D/L/L/lin/REPEAT`), for reproducing a failure; `TEXCORE_CONF_WORST=1` appends
//! the worst lane of every combination to the report.

#![allow(clippy::needless_range_loop, clippy::too_many_lines)]

use texcore_reference as reference;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use reference::driver::{
    aniso_range_bug_input, combos, gen_quad, gen_sampler, lane_inputs, probe_level, probe_sampler, probe_tex,
    run_model, ty_name, Combo, Op, FILTERS, TYPES,
};
use reference::rng::Rng;
use reference::sampling::{LaneIn, LodIn, Oracle};
use reference::texture::{random_border, random_header, Fmt, RefTex};
use texcore::descriptor::{MipFilter, SamplerHeader, TextureType, WrapMode};
use texcore::op::sample::SampleError;

/// Samples per combination (quads × 4): 10 000 in release builds (the acceptance run);
/// a debug build (`cargo test` without `--release`) runs a 1/25 smoke subset.
const SAMPLES: usize = if cfg!(debug_assertions) { 400 } else { 10_000 };
/// Quads per random texture.
const QUADS_PER_TEX: usize = 125;
/// Every `PROBE_EVERY`-th quad of a mip-mapped combination is also run on the LOD probe.
const PROBE_EVERY: usize = 4;
/// Inputs of the reported model bug (anisotropic sample offsets added after the clamp-mode
/// range reduction / saturating in periodic modes, see `model_bug_*` below) are counted as
/// "known bug" (neither judged nor measured) while this is set. Clear it once the model is
/// fixed.
const KNOWN_BUG_ANISO_RANGE: bool = false;
/// Precision regression bound, stricter than the dEQP threshold: |model − value at the exact
/// weights of the closest configuration| in 8-bit ULPs of the channel's range. The model's
/// documented roundings (texel coordinates RNE to 1/256 texel, 8-bit mip weight, one final
/// RNE) allow at most 3·2^-9 + 1.5·2^-8 ≈ 3.06 ULP8 for trilinear 3D and ≈ 3.5 ULP8 for the
/// anisotropic positions (two roundings per axis).
const PRECISION_ULP8: f64 = 3.5;
/// Same for the LOD probes: |d'_model − d'_f64| (mip LINEAR) or the distance outside the
/// rounding window (mip NEAREST), in LOD units: λ to 1/256 plus the 8.8 bias.
const PRECISION_LOD: f64 = 2.0 / 256.0;
const SEED: u64 = 0x7E7C_0DE5_A3B1_E000;

#[derive(Clone, Debug, Default)]
struct Stats {
    samples: usize,
    slow: usize,
    /// max |model − f64| in 8-bit ULPs (×255, divided by the channel's range scale)
    ulp8: f64,
    /// max error in the texel format's own ULP, per format (binary16: the ULP at the
    /// channel's largest magnitude)
    native: BTreeMap<&'static str, f64>,
    probes: usize,
    /// max |d'_model − d'_f64| (mip LINEAR) / distance outside the rounding window (NEAREST)
    lod_err: f64,
    failures: usize,
    lod_failures: usize,
    /// lanes the oracle could not compute exactly (not judged)
    inexact: usize,
    /// failing lanes in the input class of the reported model bug
    known: usize,
    /// lanes within the dEQP bounds but beyond [`PRECISION_ULP8`]
    precision: usize,
    reports: Vec<String>,
    worst: String,
}

fn fp16_ulp(v: f64) -> f64 {
    let a = v.abs().max(2f64.powi(-14));
    2f64.powi(a.log2().floor() as i32 - 10)
}

fn pick_fmt(rng: &mut Rng) -> Fmt {
    if rng.chance(0.5) {
        Fmt::Rgba8
    } else {
        rng.pick(&Fmt::ALL)
    }
}

fn run_combo(c: &Combo, seed: u64) -> Stats {
    let mut rng = Rng::new(seed);
    let f = &FILTERS[c.filter];
    let mut st = Stats::default();
    let quads = SAMPLES.div_ceil(4);
    let mut done = 0;
    while done < quads {
        let fmt = pick_fmt(&mut rng);
        let h = random_header(&mut rng, c.ty, fmt, true);
        let border = random_border(&mut rng, fmt);
        let tex = RefTex::random(h, fmt, border, &mut rng);
        let probe = (f.mip != MipFilter::None).then(|| probe_tex(&tex.h));
        let ulps = tex.out_ulp();
        let scale = tex.out_scale();
        let mut native = 0.0f64;
        for _ in 0..QUADS_PER_TEX.min(quads - done) {
            done += 1;
            let s = gen_sampler(&mut rng, f, c.wrap, tex.h.levels, border);
            let quad = gen_quad(&mut rng, c.op, &tex);
            let out = run_model(c.op, &tex.h, &s, &tex.mem, &quad).expect("op accepts the type");
            let lanes = lane_inputs(c.op, c.ty, &quad);
            let oracle = Oracle::new(&tex, &s);
            let known = |l: usize| KNOWN_BUG_ANISO_RANGE && aniso_range_bug_input(&oracle, &lanes[l]);
            for l in 0..4 {
                let res = out[l].map(|w| f64::from(f32::from_bits(w)));
                let v = oracle.check(&lanes[l], res);
                st.samples += 1;
                if v.inexact {
                    st.inexact += 1;
                    continue;
                }
                if known(l) {
                    // Input class of the reported model bug: neither judged nor measured.
                    st.known += usize::from(!v.pass);
                    continue;
                }
                st.slow += usize::from(v.slow);
                let worst = (0..4).map(|ch| v.err[ch] / scale[ch] * 255.0).fold(0.0, f64::max);
                if v.pass && worst > PRECISION_ULP8 {
                    st.precision += 1;
                    if st.reports.len() < 6 {
                        st.reports.push(format!(
                            "PRECISION {} {worst:.3} ULP8 (seed {seed:#x}, quad {done}, lane {l})\n  header {:?}\n  sampler {:?}\n  lane {:?}\n  model {:?}\n  closest {:?}",
                            c.name(), tex.h, s, lanes[l], res, v.best
                        ));
                    }
                }
                if worst > st.ulp8 && worst > 2.0 {
                    st.worst = format!(
                        "WORST {} {worst:.3} ULP8 (seed {seed:#x}, quad {done}, lane {l})\n  header {:?}\n  sampler {:?}\n  lane {:?}\n  model {:?}\n  ideal {:?}\n  closest {:?}",
                        c.name(), tex.h, s, lanes[l], res, v.ideal, v.best
                    );
                }
                for ch in 0..4 {
                    st.ulp8 = st.ulp8.max(v.err[ch] / scale[ch] * 255.0);
                    let u = if ulps[ch] == 0.0 { fp16_ulp(scale[ch]) } else { ulps[ch] };
                    native = native.max(v.err[ch] / u);
                }
                if !v.pass {
                    st.failures += 1;
                    if st.reports.len() < 3 {
                        st.reports.push(format!(
                            "COLOUR FAIL {} (seed {seed:#x}, quad {done}, lane {l})\n  header {:?}\n  fmt {:?}\n  sampler {:?}\n  quad {:?}\n  lane {:?}\n  model {:?}\n  ideal {:?}\n  closest {:?}",
                            c.name(), tex.h, fmt, s, quad, lanes[l], res, v.ideal, v.best
                        ));
                    }
                }
            }
            if let Some(p) = probe.as_ref().filter(|_| done % PROBE_EVERY == 0) {
                let ps = probe_sampler(&s);
                let pout = run_model(c.op, &p.h, &ps, &p.mem, &quad).expect("probe");
                let po = Oracle::new(p, &ps);
                for l in 0..4 {
                    let d = probe_level(pout[l][0]);
                    let w = po.lod_window(&lanes[l]);
                    st.probes += 1;
                    let mip = if f.mip == MipFilter::Linear { MipFilter::Linear } else { MipFilter::Nearest };
                    let e = w.error(d, mip);
                    st.lod_err = st.lod_err.max(e);
                    if (!w.allows(d, mip) || e > PRECISION_LOD) && !known(l) {
                        st.lod_failures += 1;
                        if st.reports.len() < 6 {
                            st.reports.push(format!(
                                "LOD FAIL {} (seed {seed:#x}, quad {done}, lane {l})\n  header {:?}\n  sampler {:?}\n  quad {:?}\n  lane {:?}\n  model d' {d}\n  window {w:?}",
                                c.name(), p.h, ps, quad, lanes[l]
                            ));
                        }
                    }
                }
            }
        }
        let e = st.native.entry(fmt.name()).or_insert(0.0);
        *e = e.max(native);
    }
    st
}

/// `<target dir>/conformance-report.txt` (`-debug` for the debug smoke run), the target
/// directory found from the test binary's path (`<target>/<profile>/deps/<binary>`), so it
/// follows `CARGO_TARGET_DIR`.
fn report_path() -> std::path::PathBuf {
    let name = if cfg!(debug_assertions) { "conformance-report-debug.txt" } else { "conformance-report.txt" };
    let exe = std::env::current_exe().expect("exe path");
    match exe.ancestors().nth(3) {
        Some(t)
            if t.join("CACHEDIR.TAG").exists()
                || t.file_name().is_some_and(|n| n.to_string_lossy().contains("target")) =>
        {
            t.join(name)
        }
        _ => std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../target").join(name),
    }
}

#[test]
fn rejected_op_type_pairs_return_err() {
    let (_, rejected) = combos();
    let mut rng = Rng::new(1);
    let mut seen = 0;
    let mut pairs: Vec<(Op, TextureType)> = Vec::new();
    for c in &rejected {
        if pairs.contains(&(c.op, c.ty)) {
            continue;
        }
        pairs.push((c.op, c.ty));
        let h = random_header(&mut rng, c.ty, Fmt::Rgba8, false);
        let tex = RefTex::random(h, Fmt::Rgba8, [0; 4], &mut rng);
        let s = gen_sampler(&mut rng, &FILTERS[4], c.wrap, h.levels, [0; 4]);
        let quad = gen_quad(&mut rng, c.op, &tex);
        assert_eq!(run_model(c.op, &tex.h, &s, &tex.mem, &quad), Err(SampleError::TextureType), "{}", c.name());
        seen += 1;
    }
    // TXP × {1DA, 2DA, CUBEA}, TXB × CUBEA, TXL × CUBEA.
    assert_eq!(seen, 5);
}

#[test]
fn sample_conformance() {
    let t0 = Instant::now();
    let (all, _) = combos();
    let only = std::env::var("TEXCORE_CONF_FILTER").ok();
    let list: Vec<(usize, Combo)> = all
        .iter()
        .copied()
        .enumerate()
        .filter(|(_, c)| only.as_ref().is_none_or(|f| c.name().contains(f.as_str())))
        .collect();
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Stats>>> = Mutex::new(vec![None; list.len()]);
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    std::thread::scope(|sc| {
        for _ in 0..workers {
            sc.spawn(|| loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                let Some((idx, c)) = list.get(k) else { break };
                let seed = SEED ^ (*idx as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                let st = run_combo(c, seed);
                results.lock().expect("lock")[k] = Some(st);
            });
        }
    });
    let results: Vec<Stats> = results.into_inner().expect("lock").into_iter().map(|s| s.expect("done")).collect();
    let elapsed = t0.elapsed();

    // ---- report
    let mut out = String::new();
    let total: usize = results.iter().map(|s| s.samples).sum();
    let fails: usize = results.iter().map(|s| s.failures + s.lod_failures + s.precision).sum();
    let inexact: usize = results.iter().map(|s| s.inexact).sum();
    let known: usize = results.iter().map(|s| s.known).sum();
    let _ = writeln!(
        out,
        "texcore sample conformance: {} combinations, {total} samples, {fails} failures, {known} known-model-bug lanes, {inexact} not judged (oracle inexact), {:.1} s",
        list.len(),
        elapsed.as_secs_f64()
    );
    let _ = writeln!(out, "bounds: uvwBits 7, lodBits 6, colour threshold 2^-6 (2^-7 nearest-only); ULP8 = |model − f64 ideal| × 255 / range");
    let _ = writeln!(
        out,
        "precision regression bounds: {PRECISION_ULP8} ULP8 vs. the exact-weight value, {:.4} LOD on the probes; probes on every {PROBE_EVERY}th quad",
        PRECISION_LOD
    );
    let _ = writeln!(out);
    // Family summary: filter × type, max over ops and wraps.
    let _ = writeln!(out, "== max colour error (ULP8) / max LOD error, by filter × type (all ops, all wraps)");
    let _ = write!(out, "{:<10}", "filter");
    for ty in TYPES {
        let _ = write!(out, "{:>16}", ty_name(ty));
    }
    let _ = writeln!(out);
    for (fi, f) in FILTERS.iter().enumerate() {
        let _ = write!(out, "{:<10}", f.name);
        for ty in TYPES {
            let sel: Vec<&Stats> =
                list.iter().zip(&results).filter(|((_, c), _)| c.filter == fi && c.ty == ty).map(|(_, s)| s).collect();
            if sel.is_empty() {
                let _ = write!(out, "{:>16}", "-");
            } else {
                let u = sel.iter().map(|s| s.ulp8).fold(0.0, f64::max);
                let lo = sel.iter().map(|s| s.lod_err).fold(0.0, f64::max);
                let p: usize = sel.iter().map(|s| s.probes).sum();
                let cell = if p > 0 { format!("{u:.3}/{lo:.4}") } else { format!("{u:.3}/-") };
                let _ = write!(out, "{cell:>16}");
            }
        }
        let _ = writeln!(out);
    }
    let _ = writeln!(out);
    let _ = writeln!(out, "== max error in the format's own ULP (all combinations)");
    let mut native: BTreeMap<&str, f64> = BTreeMap::new();
    for s in &results {
        for (k, v) in &s.native {
            let e = native.entry(k).or_insert(0.0);
            *e = e.max(*v);
        }
    }
    for (k, v) in &native {
        let _ = writeln!(out, "  {k:<10} {v:10.3}");
    }
    let _ = writeln!(out);
    let _ = writeln!(out, "== per combination");
    let _ = writeln!(
        out,
        "{:<40} {:>7} {:>6} {:>8} {:>7} {:>8} {:>5} {:>5}",
        "op/type/filter/wrap", "samples", "slow%", "ULP8", "probes", "LODerr", "fail", "known"
    );
    for ((_, c), s) in list.iter().zip(&results) {
        let _ = writeln!(
            out,
            "{:<40} {:>7} {:>6.2} {:>8.3} {:>7} {:>8.4} {:>5} {:>5}",
            c.name(),
            s.samples,
            100.0 * s.slow as f64 / s.samples as f64,
            s.ulp8,
            s.probes,
            s.lod_err,
            s.failures + s.lod_failures + s.precision,
            s.known
        );
    }
    let mut shown = 0;
    for s in &results {
        for r in &s.reports {
            if shown < 20 {
                let _ = writeln!(out, "\n{r}");
                shown += 1;
            }
        }
    }
    if std::env::var_os("TEXCORE_CONF_WORST").is_some() {
        for s in &results {
            if !s.worst.is_empty() {
                let _ = writeln!(out, "\n{}", s.worst);
            }
        }
    }
    println!("{out}");
    let path = report_path();
    if let Some(dir) = path.parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    std::fs::write(&path, &out).expect("write report");
    println!("report written to {}", path.display());
    assert_eq!(fails, 0, "conformance failures (see the report)");
}

// ------------------------------------------------------------------ checker sensitivity

/// Runs `combo` on the model, but judges the results with a mutated sampler / mutated lane
/// inputs; returns the fraction of lanes the checker rejects.
fn rejection_rate(combo: &Combo, quads: usize, mutate: &dyn Fn(&mut SamplerHeader, &mut LaneIn, &RefTex)) -> f64 {
    let mut rng = Rng::new(0x5E75_171E ^ quads as u64);
    let f = &FILTERS[combo.filter];
    let (mut judged, mut rejected) = (0usize, 0usize);
    for _ in 0..quads {
        let h = random_header(&mut rng, combo.ty, Fmt::Rgba8, false);
        let border = random_border(&mut rng, Fmt::Rgba8);
        let tex = RefTex::random(h, Fmt::Rgba8, border, &mut rng);
        let s = gen_sampler(&mut rng, f, combo.wrap, h.levels, border);
        let quad = gen_quad(&mut rng, combo.op, &tex);
        let out = run_model(combo.op, &tex.h, &s, &tex.mem, &quad).expect("accepted");
        let lanes = lane_inputs(combo.op, combo.ty, &quad);
        for l in 0..4 {
            let mut sm = s;
            let mut lane = lanes[l];
            mutate(&mut sm, &mut lane, &tex);
            let o = Oracle::new(&tex, &sm);
            let v = o.check(&lane, out[l].map(|w| f64::from(f32::from_bits(w))));
            if v.inexact {
                continue;
            }
            judged += 1;
            rejected += usize::from(!v.pass);
        }
    }
    rejected as f64 / judged as f64
}

/// The checker is not vacuous: judged against plausible wrong semantics (LOD off by 1/8,
/// other mip filter or wrap mode, coordinates off by 1/32 texel, seamless off, anisotropy
/// off, layer rounding by floor, λ from the derivative scaled by 1.1, bias not clamped),
/// the model's own results must be rejected at a clear rate.
#[test]
fn checker_rejects_plausible_wrong_semantics() {
    use reference::driver::WrapCombo;
    use texcore::descriptor::{Filter, WrapMode};
    let combo = |op: Op, ty: TextureType, filter: &str, wrap: WrapCombo| Combo {
        op,
        ty,
        filter: FILTERS.iter().position(|f| f.name == filter).expect("filter"),
        wrap,
    };
    let rep = WrapCombo::Mode(WrapMode::Repeat);
    let quads = if cfg!(debug_assertions) { 100 } else { 600 };
    type Mutation = Box<dyn Fn(&mut SamplerHeader, &mut LaneIn, &RefTex)>;
    let cases: Vec<(&str, Combo, Mutation, f64)> = vec![
        (
            "LOD bias +1/8",
            combo(Op::Tex, TextureType::TwoD, "L/L/lin", rep),
            Box::new(|s: &mut SamplerHeader, _: &mut LaneIn, _: &RefTex| {
                s.lod_bias = fixed::types::I8F8::from_bits(s.lod_bias.to_bits().saturating_add(32).min(4095));
            }),
            0.05,
        ),
        (
            "mip NEAREST judged as LINEAR",
            combo(Op::Txl, TextureType::TwoD, "L/L/near", rep),
            Box::new(|s: &mut SamplerHeader, _: &mut LaneIn, _: &RefTex| s.mip_filter = MipFilter::Linear),
            0.05,
        ),
        (
            "REPEAT judged as MIRRORED_REPEAT",
            combo(Op::Txl, TextureType::TwoD, "L/L/none", rep),
            Box::new(|s: &mut SamplerHeader, _: &mut LaneIn, _: &RefTex| s.wrap = [WrapMode::MirroredRepeat; 3]),
            0.05,
        ),
        (
            "coordinate + 1/32 texel",
            combo(Op::Txl, TextureType::TwoD, "L/L/none", WrapCombo::Mode(WrapMode::ClampToEdge)),
            Box::new(|_: &mut SamplerHeader, l: &mut LaneIn, t: &RefTex| {
                l.c[0] += 1.0 / (32.0 * f64::from(t.h.level_width(t.h.base_level)));
            }),
            0.05,
        ),
        (
            "nearest judged as linear",
            combo(Op::Txl, TextureType::ThreeD, "N/N/none", rep),
            Box::new(|s: &mut SamplerHeader, _: &mut LaneIn, _: &RefTex| {
                s.mag_filter = Filter::Linear;
                s.min_filter = Filter::Linear;
            }),
            0.05,
        ),
        (
            "seamless cube judged as non-seamless",
            combo(Op::Tex, TextureType::Cube, "L/L/lin", WrapCombo::Seamless),
            Box::new(|s: &mut SamplerHeader, _: &mut LaneIn, _: &RefTex| s.seamless_cube = false),
            0.02,
        ),
        (
            "anisotropy judged as off",
            combo(Op::SampleD, TextureType::TwoD, "aniso16", rep),
            Box::new(|s: &mut SamplerHeader, _: &mut LaneIn, _: &RefTex| s.max_anisotropy_log2 = 0),
            0.05,
        ),
        (
            "array layer by floor(a)",
            combo(Op::Txl, TextureType::TwoDArray, "N/N/none", rep),
            Box::new(|_: &mut SamplerHeader, l: &mut LaneIn, _: &RefTex| l.c[3] -= 0.5),
            0.05,
        ),
        (
            "λ from derivatives × 1.1",
            combo(Op::SampleD, TextureType::ThreeD, "L/L/lin", rep),
            Box::new(|_: &mut SamplerHeader, l: &mut LaneIn, _: &RefTex| {
                l.dx = l.dx.map(|v| v * 1.1);
                l.dy = l.dy.map(|v| v * 1.1);
            }),
            0.02,
        ),
        (
            "cube face coordinate + 1/16 texel",
            combo(Op::SampleL, TextureType::CubeArray, "L/L/none", WrapCombo::Seamless),
            Box::new(|_: &mut SamplerHeader, l: &mut LaneIn, t: &RefTex| {
                let m = l.c[0].abs().max(l.c[1].abs()).max(l.c[2].abs());
                let n = f64::from(t.h.level_width(t.h.base_level));
                for k in 0..3 {
                    if l.c[k].abs() != m {
                        l.c[k] += m / (16.0 * n);
                        break;
                    }
                }
            }),
            0.02,
        ),
    ];
    let mut fails = Vec::new();
    for (name, c, m, min) in &cases {
        let r = rejection_rate(c, quads, m.as_ref());
        println!("{:<40} {:<36} rejected {:6.2}%", name, c.name(), 100.0 * r);
        if r < *min {
            fails.push(format!("{name}: only {:.2}% rejected", 100.0 * r));
        }
    }
    // And the unmutated model passes.
    let none = rejection_rate(
        &combo(Op::Tex, TextureType::TwoD, "L/L/lin", rep),
        quads,
        &|_: &mut SamplerHeader, _: &mut LaneIn, _: &RefTex| {},
    );
    assert_eq!(none, 0.0);
    assert!(fails.is_empty(), "{fails:?}");
}

// ------------------------------------------------------------------ model bugs

fn ramp4(wrap: WrapMode) -> (RefTex, SamplerHeader) {
    use texcore::descriptor::{Filter, Format, TextureHeader};
    // 4×4 RGBA8, R = 85·x: column 0 is black, column 3 white; border black.
    let h = TextureHeader::new(TextureType::TwoD, Format::RGBA8_UNORM, 4, 4, 1, 1);
    let tex = RefTex::new(h, Fmt::Rgba8, [0; 4], |_, _, x, _, _| [(x * 85) as u8, 0, 0, 255, 0, 0, 0, 0]);
    let s = SamplerHeader {
        wrap: [wrap; 3],
        mag_filter: Filter::Linear,
        min_filter: Filter::Linear,
        mip_filter: MipFilter::None,
        max_anisotropy_log2: 4,
        ..SamplerHeader::default()
    };
    (tex, s)
}

/// SAMPLE_D with ∂(s, t)/∂x = (dsdx, 0), ∂/∂y = 0, at (s, ½): returns R of lane 0.
fn aniso_r(tex: &RefTex, s: &SamplerHeader, s0: f32, dsdx: f32) -> f32 {
    let a = [[s0.to_bits(), 0.5f32.to_bits(), 0, 0]; 4];
    let dx = [[dsdx.to_bits(), 0, 0, 0]; 4];
    let r = texcore::op::sample::sample_d(Ok(&tex.h), Ok(s), &tex.mem[..], &a, &dx, &[[0; 4]; 4], [0; 3]).expect("ok");
    f32::from_bits(r[0][0])
}

/// **Regression test for a reported model bug**: in the clamp wrap modes the model clamped
/// the coordinate to ±64 (`coord::texel_fixed`) *before* adding the anisotropic sample
/// offset (`op::sample::sample_quad_with`), so the offset was applied to the wrong
/// coordinate.
///
/// 4×4 RGBA8 ramp (R = 85·x), LINEAR, mip NONE, max anisotropy 16, SAMPLE_D at
/// s = −100, t = ½ with ∂s/∂x = 200, ∂/∂y = 0: ρy = 0 → η = 16, 16 samples at
/// s + t_i·200 with t_i = ±1/34 … ±15/34, i.e. s ∈ [−188.2, −11.8] — all left of the
/// texture, so CLAMP_TO_EDGE reads column 0 only: R = 0 exactly (CLAMP_TO_BORDER: the black
/// border, R = 0; MIRROR_CLAMP_TO_EDGE at s = +100: column 3, R = 1). The buggy model
/// started from s = −64, its samples reached s = +24, and it returned R = 44.2/255 (EDGE),
/// 12.3/255 (BORDER), 251.4/255 (MIRROR_ONCE at +100). Without the ±64 clamp (s = −60) model
/// and reference always agreed.
#[test]
fn model_bug_aniso_offset_after_clamp_range_reduction() {
    let (tex, s) = ramp4(WrapMode::ClampToEdge);
    assert_eq!(aniso_r(&tex, &s, -60.0, 200.0), 0.1875, "control: no clamp involved, matches the reference");
    assert_eq!(aniso_r(&tex, &s, -100.0, 200.0), 0.0);
    let (tex, s) = ramp4(WrapMode::ClampToBorder);
    assert_eq!(aniso_r(&tex, &s, -100.0, 200.0), 0.0);
    let (tex, s) = ramp4(WrapMode::MirrorClampToEdge);
    assert_eq!(aniso_r(&tex, &s, 100.0, 200.0), 1.0);
    // Far out (s = 10^30, ∂s/∂x = 4·10^29): every sample is right of the texture, R = 1. An
    // intermediate fix saturated both the coordinate and the offset at ±2^62 (S.8), so
    // the negative-t offsets cancelled the coordinate to u ≈ 0 (column 0).
    let (tex, s) = ramp4(WrapMode::ClampToEdge);
    assert_eq!(aniso_r(&tex, &s, 1e30, 4e29), 1.0);
    assert_eq!(aniso_r(&tex, &s, -1e30, 4e29), 0.0);
}

/// **Regression test for a reported model bug**: in REPEAT / MIRRORED_REPEAT the anisotropic
/// sample offset `RNE(t_i·∂s·N·256)` was not range-reduced: for huge derivatives it
/// saturated (i64, later clamped to ±2^62 in S.8), so every sample collapsed onto one fixed
/// texel pair, where the exact positions are `s·N + t_i·∂s·N (mod N)`.
///
/// 4×1-row RGBA8 texture R = (0, 255, 255, 0) per column, LINEAR, mip NONE, max anisotropy
/// 16, REPEAT, SAMPLE_D at s = 0.375, t = ½, ∂s/∂x = 2^60, ∂/∂y = 0 (η = 16): sample i sits
/// at u = 1.5 + (2i − 17)·2^62/34 (mod 4) = 1.5 + ((2i − 17)·64 mod 136)/34, which averages
/// to R = 120/255 exactly (hand-computed; the f64 reference agrees). The buggy model put
/// every sample at u ≡ 3.5 (columns 3 and 0): R = 0. With ∂s/∂x = 2^40 (no saturation) it
/// always matched the reference.
#[test]
fn model_bug_aniso_offset_saturates_in_periodic_modes() {
    use texcore::descriptor::{Format, TextureHeader};
    let (_, s) = ramp4(WrapMode::Repeat);
    let h = TextureHeader::new(TextureType::TwoD, Format::RGBA8_UNORM, 4, 4, 1, 1);
    let tex = RefTex::new(h, Fmt::Rgba8, [0; 4], |_, _, x, _, _| {
        [if x == 1 || x == 2 { 255 } else { 0 }, 0, 0, 255, 0, 0, 0, 0]
    });
    let reference = |ds: f32| {
        let lane = LaneIn {
            c: [0.375, 0.5, 0.0, 0.0],
            dx: [f64::from(ds), 0.0, 0.0],
            dy: [0.0; 3],
            lod: LodIn::Implicit { bias: 0.0 },
            offset: [0; 3],
        };
        Oracle::new(&tex, &s).ideal(&lane)[0]
    };
    assert!((reference(2f32.powi(60)) - 120.0 / 255.0).abs() < 1e-12);
    for ds in [2f32.powi(40), 2f32.powi(60)] {
        let got = f64::from(aniso_r(&tex, &s, 0.375, ds));
        assert!((got - reference(ds)).abs() <= 1.0 / 64.0, "∂s = {ds}: model {got}, reference {}", reference(ds));
    }
}
