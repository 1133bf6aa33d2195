//! `cargo xtask cosim --bench`: the throughput of the sampler's execution core
//! (`texcore_sampler_exec`) on Verilator, sampling quads back to back.
//!
//! A fixed scene (one 64 × 64 `RGBA8_UNORM` view with its full mip chain, pitch-linear, on
//! seeded texel memory; a bilinear and a trilinear sampler, REPEAT on both axes) and five
//! workloads of seeded quads: TGSI `SAMPLE_L` and `SAMPLE` (implicit derivatives), each
//! bilinear (mip filter none) and trilinear (mip filter linear, LOD fractions that blend two
//! levels), and TGSI `GATHER4` (the red component of the four taps). Each quad is a record of the op-level testbench (`tb_exec_ops.sv`, the same
//! build as `cargo xtask cosim --ops sample`): its `SUBMIT` payload, loaded into the
//! testbench's payload memory at no cost, starts the core the clock after the previous op's
//! completion; every result is compared with the model's, so a bench run is also a check.
//! The testbench's `+prof` counts the clocks of each state of the core's sequencer.
//!
//! Reported per workload: clocks per quad, quads per second of wall time (the simulator
//! process, start-up and image loading included) and simulated clocks per second.

use std::fmt::Write as _;
use std::fs;
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Context, Result};
use texcore::descriptor::{
    Filter, Format, Layout, MipFilter, MsMode, SamplerHeader, Swizzle, TextureHeader, TextureType, WrapMode,
};
use texcore_hal::{Op, SamplerDevice, SoftSampler, Subset};
use texcore_vectors::rng::Rand;

use crate::cosim::{self, Sim};
use crate::exec_ops;
use crate::provision;

/// Texel memory of the testbench (its `MEM_BYTES`).
const MEM_BYTES: usize = 65536;
/// Width and height of the view's level 0.
const SIZE: u32 = 64;

/// The op of a workload.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// TGSI `SAMPLE_L` (explicit LOD).
    SampleL,
    /// TGSI `SAMPLE` (the quad's implicit derivatives).
    Sample,
    /// TGSI `GATHER4` of the red component (the base level's four taps, no filter).
    Gather4,
}

/// One workload: an op kind on one sampler.
#[derive(Clone, Copy)]
struct Workload {
    name: &'static str,
    kind: Kind,
    /// Sampler pointer: 0 bilinear, 1 trilinear.
    sampler: u32,
}

const WORKLOADS: [Workload; 5] = [
    Workload { name: "SAMPLE_L bilinear", kind: Kind::SampleL, sampler: 0 },
    Workload { name: "SAMPLE_L trilinear", kind: Kind::SampleL, sampler: 1 },
    Workload { name: "SAMPLE bilinear", kind: Kind::Sample, sampler: 0 },
    Workload { name: "SAMPLE trilinear", kind: Kind::Sample, sampler: 1 },
    Workload { name: "GATHER4", kind: Kind::Gather4, sampler: 0 },
];

fn view() -> TextureHeader {
    TextureHeader {
        ty: TextureType::TwoD,
        format: Format::RGBA8_UNORM,
        srgb: false,
        layout: Layout::PitchLinear,
        ms_mode: MsMode::Mode1x1,
        swizzle: Swizzle::IDENTITY,
        base_address: 0,
        width: SIZE,
        height: SIZE,
        depth: 1,
        levels: 7,
        base_level: 0,
        quilt_width: 0,
        quilt_height: 0,
        row_pitch: 4 * SIZE,
    }
}

fn sampler(mip: MipFilter) -> SamplerHeader {
    SamplerHeader {
        wrap: [WrapMode::Repeat, WrapMode::Repeat, WrapMode::Repeat],
        mag_filter: Filter::Linear,
        min_filter: Filter::Linear,
        mip_filter: mip,
        ..SamplerHeader::default()
    }
}

/// A coordinate in [0, 1) on a 2^-16 grid.
fn coord(r: &mut Rand) -> f32 {
    r.bits(16) as f32 / 65536.0
}

/// A LOD in [k + 1/16, k + 15/16] for k in 0 … 4 (two levels blended, `delta` ≠ 0).
fn fractional_lod(r: &mut Rand) -> f32 {
    r.below(5) as f32 + (1.0 + r.below(14 * 64) as f32 / 64.0) / 16.0
}

/// The quads of workload `w`: lane 1 one step right of lane 0, lane 2 one step down, lane
/// 3 both; the step is one texel of level 0 for `SAMPLE_L` and `GATHER4` and 2^λ texels for
/// `SAMPLE` (its implicit LOD λ: 0 bilinear, fractional trilinear).
fn ops(w: Workload, n: u64, seed: u64) -> Vec<Op> {
    let mut r = Rand::new(seed, w.name, 0);
    let trilinear = w.sampler == 1;
    (0..n)
        .map(|_| {
            let (s, t) = (coord(&mut r), coord(&mut r));
            let lod = if trilinear { fractional_lod(&mut r) } else { 0.0 };
            let step = if w.kind == Kind::Sample { lod.exp2() } else { 1.0 } / SIZE as f32;
            let lane = |dx: f32, dy: f32| [(s + dx).to_bits(), (t + dy).to_bits(), 0, 0];
            let address = [lane(0.0, 0.0), lane(step, 0.0), lane(0.0, step), lane(step, step)];
            let (view, sampler) = (0, w.sampler);
            match w.kind {
                Kind::SampleL => Op::TgsiSampleL { view, sampler, address, offset: [0; 3], lod: [lod.to_bits(); 4] },
                Kind::Sample => Op::TgsiSample { view, sampler, address, offset: [0; 3] },
                Kind::Gather4 => {
                    Op::TgsiGather4 { view, sampler, address, component: 0, offset: [0; 2], reference: None }
                }
            }
        })
        .collect()
}

/// The sequencer's state names by code (`X_… = 7'd…` in `texcore_sampler_exec.sv`).
fn state_names() -> Result<Vec<(u32, String)>> {
    let path = cosim::hdl().join("rtl/texcore_sampler_exec.sv");
    let text = fs::read_to_string(&path).with_context(|| format!("{}", path.display()))?;
    let mut v = Vec::new();
    for part in text.split([',', ';', '\n']) {
        let Some((name, val)) = part.split_once('=') else { continue };
        let name = name.trim().rsplit(' ').next().unwrap_or_default();
        let Some(code) = val.trim().strip_prefix("7'd") else { continue };
        if name.starts_with("X_") {
            if let Ok(c) = code.trim().parse::<u32>() {
                v.push((c, name.to_string()));
            }
        }
    }
    if v.len() < 40 {
        bail!("{}: found {} sequencer states, expected the X_ states", path.display(), v.len());
    }
    Ok(v)
}

/// One workload's run.
struct Run {
    quads: u64,
    clocks: u64,
    seconds: f64,
    /// (state, clocks) over the run, most first.
    states: Vec<(String, u64)>,
}

/// `cargo xtask cosim --bench`: `quads` quads per workload.
pub fn run(quads: u64, seed: u64) -> Result<()> {
    if quads == 0 {
        bail!("--bench needs at least one quad");
    }
    provision::debian(&cosim::TOOLS[..3])?;
    cosim::check_sv_packages()?;
    let dir = cosim::hdl().join("build/cosim/bench");
    fs::create_dir_all(&dir)?;

    // the scene
    let mut r = Rand::new(seed, "exec-bench-texels", 0);
    let mut mem: Vec<u8> = (0..MEM_BYTES).map(|_| r.bits(8) as u8).collect();
    let headers = [view().to_words()];
    let samplers = [sampler(MipFilter::None).to_words(), sampler(MipFilter::Linear).to_words()];
    let pool = |p: &[[u32; 8]]| {
        p.iter().fold(String::new(), |mut s, w| {
            for x in w.iter().rev() {
                let _ = write!(s, "{x:08x}_");
            }
            s.pop();
            s.push('\n');
            s
        })
    };
    fs::write(dir.join("texmem.hex"), texcore_vectors::hex::write_texmem(&mem))?;
    fs::write(dir.join("op_hdr.hex"), pool(&headers))?;
    fs::write(dir.join("op_smp.hex"), pool(&samplers))?;
    let img = texcore_vectors::hex::read_op_images(&dir).map_err(|e| anyhow!(e))?;
    if img.headers != headers || img.samplers != samplers {
        bail!("the bench's pools do not read back");
    }

    let mut soft: SoftSampler<'_, 256, 256, 1024> = SoftSampler::new(&mut mem);
    let e = |e| anyhow!("model device: {e:?}");
    soft.write_header(0, &headers[0]).map_err(e)?;
    for (i, w) in (0u32..).zip(&samplers) {
        soft.write_sampler(i, w).map_err(e)?;
    }
    soft.set_header_pool_max(texcore_hal::soft::POOL_MAX_LIMIT).map_err(e)?;
    soft.set_sampler_pool_max(texcore_hal::soft::POOL_MAX_LIMIT).map_err(e)?;

    let defs = texcore_vectors::select(&["sample".to_string()])?;
    let d = defs.first().ok_or_else(|| anyhow!("no unit `sample`"))?;
    let (cmd, _) = cosim::build(Sim::Verilator, d, None, None)?;
    let names = state_names()?;

    let mut runs = Vec::new();
    for w in WORKLOADS {
        let mut s = String::new();
        for (k, op) in (0u64..).zip(ops(w, quads, seed)) {
            let def = op.def().ok_or_else(|| anyhow!("op {:#x} has no protocol row", op.code()))?;
            let (v, sm) = (soft.view(0), soft.sampler(w.sampler));
            if !Subset::RTL.admits(&op, v.as_ref().map_err(|e| *e), sm.as_ref().map_err(|e| *e)) {
                bail!("{}: the RTL's subset does not admit the bench's op", w.name);
            }
            let reply = soft.run(&op);
            if !matches!(reply, texcore_hal::Reply::Quad(_)) || reply.words().iter().all(|w| *w == 0) {
                bail!("{}: quad {k}: the model answers {reply:?}, not a sampled quad", w.name);
            }
            exec_ops::write_record(&mut s, k, def.cap_bit, true, &op, &reply);
        }
        let file = dir.join(format!("{}.sub", w.name.replace(' ', "_")));
        fs::write(&file, &s)?;
        let mut plus = vec![
            format!("+vec={}", file.display()),
            format!("+n={quads}"),
            format!("+unit={}", w.name.replace(' ', "_")),
            "+prof=1".to_string(),
        ];
        for (arg, f) in [("texmem", "texmem.hex"), ("op_hdr", "op_hdr.hex"), ("op_smp", "op_smp.hex")] {
            plus.push(format!("+{arg}={}", dir.join(f).display()));
        }
        let t0 = Instant::now();
        let out = cosim::simulate(&cmd, &plus, Duration::from_secs(3600))?;
        let seconds = t0.elapsed().as_secs_f64();
        let ok = out.code == Some(0) && cosim::verdict(&out.output) == Some((quads, 0));
        let run_line = out.output.lines().find(|l| l.contains(" run by the core and equal to the model"));
        let ran =
            run_line.and_then(|l| l.split_once("records: ")?.1.split(' ').next()?.parse::<u64>().ok()).unwrap_or(0);
        if !ok || ran != quads {
            for l in out.output.lines().take(60) {
                eprintln!("  | {l}");
            }
            bail!("{}: the core did not run every quad equal to the model", w.name);
        }
        let clocks = run_line
            .and_then(|l| l.split_once(" clocks (")?.1.split(' ').next()?.parse::<u64>().ok())
            .ok_or_else(|| anyhow!("{}: no clock count", w.name))?;
        let mut states: Vec<(String, u64)> = out
            .output
            .lines()
            .filter_map(|l| {
                let (code, c) = l.trim().strip_prefix("state ")?.split_once(": ")?;
                let code: u32 = code.parse().ok()?;
                let c: u64 = c.strip_suffix(" clocks")?.parse().ok()?;
                let name = names.iter().find(|(n, _)| *n == code).map_or(format!("state {code}"), |(_, s)| s.clone());
                Some((name, c))
            })
            .collect();
        states.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        if states.iter().map(|s| s.1).sum::<u64>() != clocks {
            bail!("{}: the state profile does not add up to the clocks in ops", w.name);
        }
        eprintln!("ok: {}: {quads} quads equal to the model, {clocks} clocks in ops, {seconds:.2} s", w.name);
        runs.push((w, Run { quads, clocks, seconds, states }));
    }

    println!();
    println!("==== execution core, quads back to back (Verilator, one process per workload)");
    println!(
        "  {:<20} {:>8} {:>12} {:>12} {:>10} {:>12}",
        "workload", "quads", "clocks/quad", "quads/s", "run s", "clocks/s"
    );
    for (w, r) in &runs {
        println!(
            "  {:<20} {:>8} {:>12.1} {:>12.0} {:>10.2} {:>12.0}",
            w.name,
            r.quads,
            r.clocks as f64 / r.quads as f64,
            r.quads as f64 / r.seconds,
            r.seconds,
            r.clocks as f64 / r.seconds
        );
    }
    for (w, r) in &runs {
        let top: Vec<String> =
            r.states.iter().take(8).map(|(n, c)| format!("{n} {:.1}", *c as f64 / r.quads as f64)).collect();
        println!("  {} clocks per quad by state: {}", w.name, top.join(", "));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn state_names_come_from_the_sequencer() {
        let names = state_names().unwrap();
        for (code, name) in [(0, "X_IDLE"), (42, "X_ST"), (43, "X_STW"), (57, "X_SL3"), (65, "X_SH")] {
            assert!(names.contains(&(code, name.to_string())), "{name} = {code}");
        }
        let mut codes: Vec<u32> = names.iter().map(|(c, _)| *c).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), names.len(), "one name per code");
    }

    /// The workloads are what their names say: inside the RTL's subset, quads on the view,
    /// the trilinear ones blending two levels (a mip filter of nearest changes the result).
    #[test]
    fn workloads_are_admitted_and_trilinear_blends() {
        let mut mem = vec![0u8; MEM_BYTES];
        let mut r = Rand::new(1, "exec-bench-texels", 0);
        mem.iter_mut().for_each(|b| *b = r.bits(8) as u8);
        let mut soft: SoftSampler<'_, 256, 256, 1024> = SoftSampler::new(&mut mem);
        soft.write_header(0, &view().to_words()).unwrap();
        for (i, m) in [MipFilter::None, MipFilter::Linear, MipFilter::Nearest].into_iter().enumerate() {
            soft.write_sampler(i as u32, &sampler(m).to_words()).unwrap();
        }
        soft.set_header_pool_max(texcore_hal::soft::POOL_MAX_LIMIT).unwrap();
        soft.set_sampler_pool_max(texcore_hal::soft::POOL_MAX_LIMIT).unwrap();
        for w in WORKLOADS {
            let mut differs = 0;
            let list = ops(w, 64, 1);
            assert_eq!(list, ops(w, 64, 1), "seeded");
            for op in &list {
                let (v, s) = (soft.view(0), soft.sampler(w.sampler));
                assert!(Subset::RTL.admits(op, v.as_ref().map_err(|e| *e), s.as_ref().map_err(|e| *e)), "{}", w.name);
                let a = soft.run(op);
                assert!(matches!(a, texcore_hal::Reply::Quad(_)), "{}", w.name);
                let mut nearest = *op;
                match &mut nearest {
                    Op::TgsiSampleL { sampler, .. }
                    | Op::TgsiSample { sampler, .. }
                    | Op::TgsiGather4 { sampler, .. } => *sampler = 2,
                    _ => unreachable!(),
                }
                assert!(a.words().iter().any(|w| *w != 0), "{}: a quad of zeros", w.name);
                differs += usize::from(soft.run(&nearest).words() != a.words());
            }
            if w.sampler == 1 {
                assert!(differs > 56, "{}: {differs} of 64 quads blend two levels", w.name);
            }
        }
    }
}
