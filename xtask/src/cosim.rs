//! `cargo xtask cosim`: generate the vectors, build the testbenches of every selected unit
//! with Verilator and/or Icarus, run them, and prove each testbench can fail.
//!
//! * Verilator (bulk): streams the vector file through the DPI-C reader
//!   (`hdl-vectors/tb/tb_vecread.cpp`); default level 2. Built without `--timing`: the
//!   testbench is compiled with `TB_CLOCKED` (see `tb_common.svh`) and its clock is toggled by
//!   `hdl-vectors/tb/tb_main.cpp`. The reference RTL is linted with
//!   `--lint-only -Wall` first.
//! * Icarus (cross-check): loads the file with `$readmemh` (sets up to [`ICARUS_READMEM_MAX`]
//!   vectors) or streams it with `$fscanf`; default level 1.
//! * Verilator + DPI-C (op-level units `sample`, `sample_c`, `gather`, `fetch`, `tmml`, `store`, which have no
//!   reference RTL): builds the `texcore-dpi` staticlib, links it into
//!   `hdl-vectors/tb/tb_dpi_ops.sv` and streams each op-level file through it; default level 2.
//!   `--sim verilator-dpi` (or `--dpi`) runs only this; `--sim both` (the default) runs it for
//!   the selected op-level units besides the RTL units on both simulators.
//! * Verilator over the sampler's execution core (op-level units `sample`, `sample_c`,
//!   `gather`, `tmml`; summary rows `verilator`): each vector as the `SUBMIT` of the op that
//!   expresses it ([`exec_ops`]), on `hdl-vectors/tb/tb_exec_ops.sv`; default level 2, one
//!   process per unit. Icarus runs it only with `--sim icarus` (slow there, see [`runs`]).
//! * Mutation check, per unit and simulator: one expected bit of one vector flipped must make
//!   the testbench exit non-zero, print `MISMATCH at vector <k>` with the flipped field
//!   marked, and report `1 failed`.
//!
//! * The sampler device (`--ops sampler`, also part of the default `all`): see
//!   [`crate::sampler`] — the HAL driver through the Verilated device's pins, in lock-step
//!   with the model, and a directed frame-level testbench on Icarus.
//!
//! Builds go to `hdl-vectors/build/` and are reused while their sources and flags are
//! unchanged (a stamp holds the SHA-256 of both).

use std::fs;
use std::io::{Read, Seek};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Context, Result};
use clap::{Args as ClapArgs, ValueEnum};
use sha2::{Digest, Sha256};

use crate::exec_ops;
use crate::provision;
use crate::util::{root, show};
use texcore_vectors::layout::{Dir, Image};
use texcore_vectors::{self as vectors, svpkg, writer, Options, Report, Shard, UnitDef};

/// Programs the co-simulation needs and the Debian packages that provide them.
pub const TOOLS: [(&str, &str); 5] =
    [("verilator", "verilator"), ("g++", "g++"), ("make", "make"), ("iverilog", "iverilog"), ("vvp", "iverilog")];

/// Largest vector set Icarus loads with `$readmemh` (bigger sets are streamed).
pub const ICARUS_READMEM_MAX: u64 = 200_000;

/// Simulator choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SimChoice {
    /// Verilator only.
    Verilator,
    /// Icarus Verilog only.
    Icarus,
    /// Both, plus Verilator + DPI-C for the op-level units.
    Both,
    /// Verilator + DPI-C only: the op-level units against the Rust core (staticlib).
    VerilatorDpi,
}

/// One simulator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sim {
    /// Verilator 5 (clocked testbench, C++ main `tb_main.cpp`, no `--timing`).
    Verilator,
    /// Icarus Verilog 11 (`iverilog -g2012` + `vvp`).
    Icarus,
    /// Verilator 5 with the `texcore-dpi` staticlib (op-level units, `tb_dpi_ops.sv`).
    VerilatorDpi,
}

impl Sim {
    fn name(self) -> &'static str {
        match self {
            Sim::Verilator => "verilator",
            Sim::Icarus => "icarus",
            Sim::VerilatorDpi => "verilator-dpi",
        }
    }

    /// Whether this simulator checks unit `d` (RTL simulators: units with reference RTL and
    /// the op-level units the sampler's execution core answers, [`exec_unit`]; DPI-C: the
    /// op-level units, which have no reference RTL of their own).
    fn checks(self, d: &UnitDef) -> bool {
        if self == Sim::VerilatorDpi {
            d.unit.rtl_files().is_empty()
        } else {
            !d.unit.rtl_files().is_empty() || exec_unit(d)
        }
    }
}

/// Whether `sim` runs unit `d` when the user chose `choice`: what it [checks](Sim::checks),
/// except the execution-core units on Icarus unless Icarus alone was chosen (the core's
/// sampling units cost Icarus ~0.4 ms per clock, idle or not: level 1 of the four units
/// would take minutes).
fn runs(sim: Sim, d: &UnitDef, choice: SimChoice) -> bool {
    sim.checks(d) && !(sim == Sim::Icarus && exec_unit(d) && choice != SimChoice::Icarus)
}

/// Whether `d` is an op-level unit replayed on the sampler's execution core
/// (`tb_exec_ops.sv`, [`exec_ops`]).
fn exec_unit(d: &UnitDef) -> bool {
    d.unit.rtl_files().is_empty() && exec_ops::UNITS.contains(&d.unit.name())
}

/// `cargo xtask cosim` arguments.
#[derive(ClapArgs, Clone, Debug)]
pub struct Args {
    /// Simulator(s) to run.
    #[arg(long, value_enum, default_value_t = SimChoice::Both)]
    pub sim: SimChoice,
    /// Vector level for every simulator (default: 2 for Verilator, 1 for Icarus).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=2))]
    pub level: Option<u8>,
    /// Seed of the random vectors.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Random vectors per unit at level 2 (default: each unit's own count).
    #[arg(long)]
    pub count: Option<u64>,
    /// Comma-separated units or groups (default: all). Units with reference RTL: nv_txq,
    /// tgsi_query, intel_info, coord, f32_sub, f32_div, f32_to_f16, wrap, texel_decode, filter, gather_cmp, lod; op-level units
    /// (DPI-C): sample, sample_c, gather, fetch, tmml, store (the first four also on the
    /// sampler's execution core); groups: all, query, stage, op;
    /// or `sampler`: the whole sampler device behind the HAL (see `--full`).
    #[arg(long, value_delimiter = ',', value_parser = parse_cosim_op)]
    pub ops: Vec<String>,
    /// The sampler device's long run: the level-2 `fetch` / `store` sets with this many
    /// random vectors each (whole) and 20 000 seeded ops, ≥ 100 000 lock-step ops in all
    /// (default: the short run of `cargo xtask test`).
    #[arg(long, value_name = "COUNT", num_args = 0..=1, default_missing_value = "50000")]
    pub full: Option<u64>,
    /// The sampler device's sampling long run: the short run with this many seeded sampling
    /// quads (TGSI `SAMPLE_L`, `SAMPLE`, `SAMPLE_B`, `SAMPLE_D`, `TEX`, `TXB`, `TXL`, `TXD`,
    /// `TXP`, NVIDIA `TMML` in turn) and as many compare and gather ops (`SAMPLE_C_LZ`,
    /// `GATHER4`, `SAMPLE_C`, the shadow `TEX` forms, NVIDIA `TLD4S`) at both sides of the
    /// sampling subset (about 83 % of them are admitted and compared with the model: 52 000
    /// gives ≥ 100 000 sampling ops, about 12 min). Not with `--full`.
    #[arg(long, value_name = "QUADS", conflicts_with = "full")]
    pub sampling: Option<u64>,
    /// The execution core's throughput on Verilator instead of the checks: this many quads
    /// of each workload (TGSI `SAMPLE_L` and `SAMPLE`, bilinear and trilinear, and `GATHER4`) back to back,
    /// each compared with the model; prints clocks per quad, quads per second and where the
    /// clocks go (the sequencer's states).
    #[arg(long, value_name = "QUADS", num_args = 0..=1, default_missing_value = "4000", conflicts_with_all = ["full", "sampling"])]
    pub bench: Option<u64>,
    /// Skip the mutation check (one flipped expected bit must fail).
    #[arg(long)]
    pub no_mutation: bool,
    /// Shorthand for `--sim verilator-dpi`.
    #[arg(long)]
    pub dpi: bool,
    /// Simulator processes per unit, run at once, each checking a contiguous slice of the
    /// unit's vector file (mismatches keep their file-wide indices). Default: the machine's
    /// cores. 1 runs one process per unit; Icarus's `$readmemh` sets always run as one.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=64))]
    pub jobs: Option<u16>,
}

impl Args {
    /// What `cargo xtask test` runs: both simulators, default levels, every unit.
    pub fn ci() -> Args {
        Args {
            sim: SimChoice::Both,
            level: None,
            seed: 1,
            count: None,
            ops: Vec::new(),
            no_mutation: false,
            dpi: false,
            jobs: None,
            full: None,
            sampling: None,
            bench: None,
        }
    }
}

/// A unit, group or `sampler` (the sampler device's co-simulation).
fn parse_cosim_op(s: &str) -> Result<String, String> {
    if s.trim().eq_ignore_ascii_case("sampler") {
        return Ok("sampler".into());
    }
    vectors::parse_op(s)
}

struct Outcome {
    unit: String,
    sim: Sim,
    level: u8,
    vectors: u64,
    passed: u64,
    failed: u64,
    ok: bool,
    build_s: f64,
    run_s: f64,
    /// Simulator processes run at once (slices of the vector file).
    procs: usize,
    mutation: Option<Result<(), String>>,
    /// Counts of an execution-core run (in the subset, outside it, not replayed).
    note: String,
}

pub(crate) fn hdl() -> PathBuf {
    root().join("hdl-vectors")
}

/// Fails if the committed generated packages differ from what the Rust layout produces.
pub fn check_sv_packages() -> Result<()> {
    for (path, text) in svpkg::generated_files()? {
        let on_disk = fs::read_to_string(root().join(&path)).unwrap_or_default();
        if on_disk != text {
            bail!(
                "{} is stale (the Rust layout changed): run `cargo xtask vectors --write-generated` and commit it",
                path.display()
            );
        }
    }
    Ok(())
}

/// `cargo xtask cosim`.
pub fn run(a: &Args) -> Result<()> {
    if let Some(quads) = a.bench {
        return crate::exec_bench::run(quads, a.seed);
    }
    let sampler = a.ops.is_empty() || a.ops.iter().any(|o| o == "sampler");
    let units: Vec<String> = a.ops.iter().filter(|o| *o != "sampler").cloned().collect();
    if !a.ops.is_empty() && units.is_empty() {
        return run_sampler(a);
    }
    run_units(&Args { ops: units, ..a.clone() })?;
    if sampler {
        run_sampler(a)?;
    }
    Ok(())
}

fn run_sampler(a: &Args) -> Result<()> {
    let plan = match (a.full, a.sampling) {
        (Some(count), _) => crate::sampler::Plan::full(a.seed, count),
        (None, Some(quads)) => crate::sampler::Plan::sampling(a.seed, quads),
        (None, None) => crate::sampler::Plan::short(a.seed),
    };
    crate::sampler::run(plan)
}

/// The vector units (every unit when `a.ops` is empty).
fn run_units(a: &Args) -> Result<()> {
    let choice = if a.dpi { SimChoice::VerilatorDpi } else { a.sim };
    let all_sims: Vec<Sim> = match choice {
        SimChoice::Verilator => vec![Sim::Verilator],
        SimChoice::Icarus => vec![Sim::Icarus],
        SimChoice::Both => vec![Sim::Verilator, Sim::Icarus, Sim::VerilatorDpi],
        SimChoice::VerilatorDpi => vec![Sim::VerilatorDpi],
    };
    let defs = vectors::select(&a.ops)?;
    if defs.is_empty() {
        bail!("no unit selected");
    }
    for s in &all_sims {
        for d in defs.iter().filter(|d| !runs(*s, d, choice)) {
            eprintln!(
                "note: {} is not checked on {} ({})",
                d.unit.name(),
                s.name(),
                if *s == Sim::VerilatorDpi {
                    "it has reference RTL"
                } else if exec_unit(d) {
                    "the execution core is slow on Icarus: `--sim icarus` alone runs it"
                } else {
                    "an op-level unit without RTL: `--sim verilator-dpi`"
                }
            );
        }
    }
    let sims: Vec<Sim> = all_sims.into_iter().filter(|s| defs.iter().any(|d| runs(*s, d, choice))).collect();
    if sims.is_empty() {
        bail!("no selected unit can run on the chosen simulator (op-level units need --sim verilator-dpi)");
    }
    for s in &sims {
        match s {
            Sim::Verilator | Sim::VerilatorDpi => provision::debian(&TOOLS[..3])?,
            Sim::Icarus => provision::debian(&TOOLS[3..])?,
        }
    }
    check_sv_packages()?;
    let level_of = |s: Sim| a.level.unwrap_or(if s == Sim::Icarus { 1 } else { 2 });
    if a.count.is_some() && sims.iter().all(|s| level_of(*s) == 1) {
        bail!("--count only applies to level 2");
    }

    // Vector sets, one per level needed.
    let mut sets: Vec<(u8, Report)> = Vec::new();
    for s in &sims {
        let level = level_of(*s);
        if sets.iter().any(|(l, _)| *l == level) {
            continue;
        }
        let o = Options {
            level,
            seed: a.seed,
            count: if level == 2 { a.count } else { None },
            units: defs.iter().map(|d| d.unit.name().to_string()).collect(),
            shard: Shard::ALL,
            out: hdl().join(format!("build/cosim/vectors-l{level}")),
            verbose: true,
        };
        eprintln!("\n==== cosim: vectors, level {level}");
        let r = vectors::generate(&o)?;
        vectors::verify_manifest(&r.out, "manifest.json")?;
        sets.push((level, r));
    }

    if sims.contains(&Sim::Verilator) {
        eprintln!("\n==== cosim: verilator --lint-only -Wall of the reference RTL");
        lint(&defs)?;
    }
    let dpi_lib = if sims.contains(&Sim::VerilatorDpi) {
        eprintln!("\n==== cosim: texcore-dpi staticlib");
        Some(build_dpi_lib()?)
    } else {
        None
    };

    let jobs = a.jobs.map_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get() as u64), u64::from);
    let mut outcomes = Vec::new();
    for s in &sims {
        let level = level_of(*s);
        let report =
            sets.iter().find(|(l, _)| *l == level).map(|(_, r)| r).ok_or_else(|| anyhow!("no level {level} set"))?;
        for d in defs.iter().filter(|d| runs(*s, d, choice)) {
            eprintln!("\n==== cosim: {} on {} (level {level})", d.unit.name(), s.name());
            outcomes.push(run_unit(*s, d, report, level, !a.no_mutation, dpi_lib.as_deref(), jobs)?);
        }
    }

    eprintln!("\n==== cosim summary");
    eprintln!(
        "  unit        simulator      level    vectors     failed  build s     run s  procs    vectors/s  mutation check"
    );
    let mut all_ok = true;
    for o in &outcomes {
        let m = match &o.mutation {
            None => "skipped".to_string(),
            Some(Ok(())) => "detected".to_string(),
            Some(Err(e)) => format!("NOT DETECTED: {e}"),
        };
        all_ok &= o.ok && !matches!(o.mutation, Some(Err(_)));
        eprintln!(
            "  {:<11} {:<14} {:>5} {:>10} {:>10} {:>8.1} {:>9.2} {:>6} {:>12.0}  {}{}",
            o.unit,
            o.sim.name(),
            o.level,
            o.passed + o.failed,
            o.failed,
            o.build_s,
            o.run_s,
            o.procs,
            o.vectors as f64 / o.run_s.max(1e-9),
            m,
            o.note
        );
    }
    if !all_ok {
        bail!("co-simulation failed (see above)");
    }
    eprintln!("cosim: every unit passed on every simulator");
    Ok(())
}

fn lint(defs: &[UnitDef]) -> Result<()> {
    let mut files: Vec<PathBuf> = vec![root().join(svpkg::PKG)];
    let mut rtl: Vec<&str> = defs.iter().flat_map(|d| d.unit.rtl_files().iter().copied()).collect();
    if rtl.is_empty() {
        eprintln!("ok: no reference RTL among the selected units");
        return Ok(());
    }
    rtl.sort_unstable();
    rtl.dedup();
    files.extend(rtl.iter().map(|f| hdl().join("rtl").join(f)));
    verilator_lint(&["-Wno-MULTITOP"], &files, "the reference RTL")?;
    eprintln!("ok: {} RTL files lint-clean", rtl.len());
    Ok(())
}

/// `verilator --lint-only -Wall` with `extra` flags on `files` (the generated package folder
/// on the include path); any warning or error fails, naming `what`.
pub fn verilator_lint(extra: &[&str], files: &[PathBuf], what: &str) -> Result<()> {
    let mut c = Command::new("verilator");
    c.args(["--lint-only", "-Wall"]).args(extra).arg(format!("-I{}", hdl().join("generated").display())).args(files);
    let out = c.output().with_context(|| format!("cannot start {}", show(&c)))?;
    let text = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() || text.contains("%Warning") || text.contains("%Error") {
        eprint!("{text}");
        bail!("{what} is not lint-clean (`{}`)", show(&c));
    }
    Ok(())
}

/// Source files of a unit's testbench on `sim`, in compile order.
fn sources(sim: Sim, d: &UnitDef) -> Result<Vec<PathBuf>> {
    let mut v = vec![root().join(svpkg::PKG), root().join(svpkg::TB_PKG)];
    if sim != Sim::VerilatorDpi && exec_unit(d) {
        v.extend(exec_rtl()?);
    }
    v.extend(d.unit.rtl_files().iter().map(|f| hdl().join("rtl").join(f)));
    v.push(hdl().join("tb").join(testbench(sim, d)));
    Ok(v)
}

/// The RTL files of the sampler's execution core: `hdl-vectors/rtl/texcore_sampler.f` up to
/// `texcore_sampler_exec.sv` (the device's file list, in compile order; the package is
/// already first in [`sources`]).
fn exec_rtl() -> Result<Vec<PathBuf>> {
    let f = hdl().join("rtl/texcore_sampler.f");
    let text = fs::read_to_string(&f).with_context(|| format!("{}", f.display()))?;
    let mut v = Vec::new();
    for l in text.lines().map(str::trim).filter(|l| l.starts_with("rtl/")) {
        v.push(hdl().join(l));
        if l.ends_with("/texcore_sampler_exec.sv") {
            return Ok(v);
        }
    }
    bail!("{} does not list texcore_sampler_exec.sv", f.display())
}

/// The testbench file of a unit on `sim` (`tb_dpi_ops.sv` for the op-level units on DPI-C,
/// `tb_exec_ops.sv` for them on the RTL simulators).
fn testbench(sim: Sim, d: &UnitDef) -> String {
    if !d.unit.rtl_files().is_empty() {
        format!("tb_{}.sv", d.unit.name())
    } else if sim == Sim::VerilatorDpi {
        "tb_dpi_ops.sv".to_string()
    } else {
        "tb_exec_ops.sv".to_string()
    }
}

/// Builds the `texcore-dpi` staticlib (profile `cosim`: the release profile's LTO at
/// opt-level 3, see the workspace `Cargo.toml`) and returns the archive's absolute path.
fn build_dpi_lib() -> Result<PathBuf> {
    let mut c = crate::util::cargo();
    c.args(["build", "-p", "texcore-dpi", "--lib", "--profile", "cosim", "--message-format=json-render-diagnostics"]);
    eprintln!("+ {}", show(&c));
    let out = c.stderr(Stdio::inherit()).output().with_context(|| format!("cannot start {}", show(&c)))?;
    if !out.status.success() {
        bail!("`{}` failed ({})", show(&c), out.status);
    }
    let text = String::from_utf8_lossy(&out.stdout);
    for line in text.lines() {
        let Ok(v) = serde_json::from_str::<serde_json::Value>(line) else { continue };
        if v.get("reason").and_then(|r| r.as_str()) != Some("compiler-artifact") {
            continue;
        }
        let files = v.get("filenames").and_then(|f| f.as_array()).cloned().unwrap_or_default();
        for f in files {
            if let Some(p) = f.as_str().filter(|p| p.ends_with("libtexcore_dpi.a")) {
                eprintln!("ok: {p}");
                return Ok(PathBuf::from(p));
            }
        }
    }
    bail!("cargo built no libtexcore_dpi.a")
}

/// Builds (or reuses) the simulation; returns the command that runs it and the build time.
pub(crate) fn build(
    sim: Sim,
    d: &UnitDef,
    readmem_n: Option<u64>,
    dpi_lib: Option<&Path>,
) -> Result<(Vec<String>, f64)> {
    // The execution-core testbench is one build for every op-level unit.
    let exec = sim != Sim::VerilatorDpi && exec_unit(d);
    let name = if exec { "exec_ops" } else { d.unit.name() };
    let top = testbench(sim, d).trim_end_matches(".sv").to_string();
    let tb_dir = hdl().join("tb");
    let gen_dir = hdl().join("generated");
    let srcs = sources(sim, d)?;
    let mut inputs: Vec<PathBuf> = srcs.clone();
    inputs.push(gen_dir.join("texcore_regs.vh"));
    inputs.push(tb_dir.join("tb_common.svh"));
    inputs.push(root().join(svpkg::SRGB_LUT));
    inputs.push(root().join(svpkg::LOD_TABLES));
    let t0 = Instant::now();
    match sim {
        Sim::Verilator | Sim::VerilatorDpi => {
            // The DPI-C testbench is one build for every op-level unit.
            let mdir = if sim == Sim::VerilatorDpi {
                hdl().join("build/verilator-dpi")
            } else {
                hdl().join("build/verilator").join(name)
            };
            let reader = tb_dir.join("tb_vecread.cpp");
            inputs.push(reader.clone());
            let main_cpp = tb_dir.join("tb_main.cpp");
            // RTL units: clocked testbench (tb_common.svh with TB_CLOCKED), clock toggled by
            // tb_main.cpp, no --timing (coroutines cost ~30% of the run). The op-level DPI-C
            // testbench keeps --binary (timing, generated main).
            let mode: &[&str] = if sim == Sim::Verilator {
                &["--cc", "--exe", "--build", "--no-timing", "-DTB_CLOCKED", "--prefix", "Vtb"]
            } else {
                &["--binary"]
            };
            let mut args: Vec<String> = mode.iter().map(|s| s.to_string()).collect();
            args.extend(
                [
                    "-j",
                    "2",
                    "-O3",
                    "--x-assign",
                    "fast",
                    "--x-initial",
                    "fast",
                    "-Wno-fatal",
                    "-Wno-TIMESCALEMOD",
                    "-DTB_DPI_READ",
                    "--top-module",
                ]
                .iter()
                .map(|s| s.to_string()),
            );
            args.push(top.clone());
            if sim == Sim::Verilator {
                inputs.push(main_cpp.clone());
                args.extend(["-CFLAGS".to_string(), format!("-DTB_CLK={top}__DOT__clk")]);
                // g++ -O2 instead of Verilator's default -Os: ~25% less CPU per vector.
                args.extend(["-MAKEFLAGS".to_string(), "OPT_FAST=-O2".to_string()]);
            } else {
                // The DPI-C testbench's vector loop is an initial block, which Verilator puts
                // in its "slow" files (OPT_SLOW, empty by default: g++ -O0), and the reader
                // is a user file (OPT_FAST, -Os): all at -O2, ~11% fewer instructions per
                // `sample` vector (callgrind).
                args.extend(["-MAKEFLAGS".to_string(), "OPT_FAST=-O2 OPT_SLOW=-O2 OPT_GLOBAL=-O2".to_string()]);
            }
            if exec {
                args.extend(exec_ops::PARAMS.iter().map(|(k, v)| format!("-G{k}={v}")));
            }
            args.push(format!("-I{}", tb_dir.display()));
            args.push(format!("-I{}", gen_dir.display()));
            args.extend(["--Mdir".to_string(), mdir.display().to_string(), "-o".into(), "sim".into()]);
            args.extend(srcs.iter().map(|p| p.display().to_string()));
            args.push(reader.display().to_string());
            if sim == Sim::Verilator {
                args.push(main_cpp.display().to_string());
            }
            if sim == Sim::VerilatorDpi {
                let lib = dpi_lib.ok_or_else(|| anyhow!("no texcore-dpi staticlib"))?;
                // Verilator links from inside --Mdir: the archive path must be absolute.
                let lib = fs::canonicalize(lib)?;
                inputs.push(lib.clone());
                args.push(lib.display().to_string());
                args.extend(["-LDFLAGS".to_string(), "-lpthread -ldl -lm".to_string()]);
            }
            let exe = mdir.join("sim");
            let stamp = stamp_of(&args, &inputs, "verilator")?;
            if !up_to_date(&mdir, &exe, &stamp) {
                let _ = fs::remove_dir_all(&mdir);
                fs::create_dir_all(&mdir)?;
                let mut c = Command::new("verilator");
                c.args(&args);
                run_logged(c, &mdir.join("build.log"))?;
                fs::write(mdir.join(".texcore-stamp"), &stamp)?;
            } else {
                eprintln!("ok: {} is up to date", exe.display());
            }
            Ok((vec![exe.display().to_string()], t0.elapsed().as_secs_f64()))
        }
        Sim::Icarus => {
            let dir = hdl().join("build/icarus");
            fs::create_dir_all(&dir)?;
            let mode = match readmem_n {
                Some(n) => format!("readmem{n}"),
                None => "stream".to_string(),
            };
            let out = dir.join(format!("{name}.{mode}.vvp"));
            let mut args: Vec<String> =
                vec!["-g2012".into(), "-s".into(), top.clone(), "-I".into(), tb_dir.display().to_string()];
            args.extend(["-I".to_string(), gen_dir.display().to_string()]);
            if exec {
                args.extend(exec_ops::PARAMS.iter().map(|(k, v)| format!("-P{top}.{k}={v}")));
            }
            if let Some(n) = readmem_n {
                args.extend(["-DTB_READMEM".to_string(), format!("-DTB_NMAX={}", n.max(1))]);
            }
            args.extend(["-o".to_string(), out.display().to_string()]);
            args.extend(srcs.iter().map(|p| p.display().to_string()));
            let stamp = stamp_of(&args, &inputs, "iverilog")?;
            let stamp_file = dir.join(format!(".{name}.{mode}.stamp"));
            if fs::read_to_string(&stamp_file).ok().as_deref() != Some(stamp.as_str()) || !out.exists() {
                let mut c = Command::new("iverilog");
                c.args(&args);
                run_logged(c, &dir.join(format!("{name}.{mode}.log")))?;
                fs::write(&stamp_file, &stamp)?;
            } else {
                eprintln!("ok: {} is up to date", out.display());
            }
            Ok((vec!["vvp".into(), "-n".into(), out.display().to_string()], t0.elapsed().as_secs_f64()))
        }
    }
}

fn tool_version(tool: &str) -> String {
    Command::new(tool)
        .arg(if tool == "iverilog" { "-V" } else { "--version" })
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).lines().next().unwrap_or_default().to_string())
        .unwrap_or_default()
}

fn stamp_of(args: &[String], inputs: &[PathBuf], tool: &str) -> Result<String> {
    let mut h = Sha256::new();
    h.update(tool_version(tool).as_bytes());
    for a in args {
        h.update(a.as_bytes());
        h.update([0]);
    }
    for p in inputs {
        h.update(fs::read(p).with_context(|| format!("cannot read {}", p.display()))?);
    }
    Ok(writer::hex_digest(&h.finalize()))
}

fn up_to_date(mdir: &Path, exe: &Path, stamp: &str) -> bool {
    exe.exists() && fs::read_to_string(mdir.join(".texcore-stamp")).ok().as_deref() == Some(stamp)
}

/// Runs a build command with its output in `log`; on failure prints the log's tail.
fn run_logged(mut c: Command, log: &Path) -> Result<()> {
    eprintln!("+ {}", show(&c));
    let out = c.output().with_context(|| format!("cannot start {}", show(&c)))?;
    let mut text = out.stdout;
    text.extend_from_slice(&out.stderr);
    fs::write(log, &text)?;
    if !out.status.success() {
        let t = String::from_utf8_lossy(&text);
        let tail: Vec<&str> = t.lines().rev().take(40).collect();
        for l in tail.iter().rev() {
            eprintln!("  {l}");
        }
        bail!("build failed ({}); log: {}", out.status, log.display());
    }
    Ok(())
}

/// Plusargs of a run.
fn plusargs(sim: Sim, report: &Report, unit: &str, vec_file: &Path, n: u64) -> Vec<String> {
    let mut v = if sim == Sim::VerilatorDpi {
        vec![format!("+{unit}={}", vec_file.display()), format!("+n_{unit}={n}")]
    } else {
        vec![format!("+vec={}", vec_file.display()), format!("+n={n}")]
    };
    let images: Vec<String> =
        report.manifest.units.iter().find(|u| u.name == unit).map(|u| u.images.clone()).unwrap_or_default();
    for img in Image::ALL {
        if images.iter().any(|f| f == img.file()) {
            v.push(format!("+{}={}", img.plusarg(), report.out.join(img.file()).display()));
        }
    }
    v
}

pub(crate) struct SimRun {
    pub code: Option<i32>,
    pub output: String,
}

/// Runs a simulation (core dumps off: Verilator 5.006 aborts on $fatal).
pub(crate) fn simulate(cmd: &[String], plus: &[String], timeout: Duration) -> Result<SimRun> {
    let mut c = Command::new("sh");
    c.arg("-c").arg("ulimit -c 0; exec \"$@\"").arg("sh").args(cmd).args(plus);
    c.current_dir(hdl()).stdout(Stdio::piped()).stderr(Stdio::piped()).stdin(Stdio::null());
    eprintln!("+ {} {}", cmd.join(" "), plus.join(" "));
    let t0 = Instant::now();
    let mut child = c.spawn().with_context(|| format!("cannot start {}", cmd.join(" ")))?;
    let mut so = child.stdout.take().ok_or_else(|| anyhow!("no stdout"))?;
    let mut se = child.stderr.take().ok_or_else(|| anyhow!("no stderr"))?;
    // Each reader reports when its pipe closes (the simulator has exited): the run's end is
    // seen when it happens, not at the next tick of a polling loop (runs take ~50 ms).
    let (tx, rx) = std::sync::mpsc::channel::<()>();
    let tx2 = tx.clone();
    let out_reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = so.read_to_string(&mut s);
        let _ = tx.send(());
        s
    });
    let err_reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = se.read_to_string(&mut s);
        let _ = tx2.send(());
        s
    });
    for _ in 0..2 {
        let left = timeout.saturating_sub(t0.elapsed());
        if let Err(std::sync::mpsc::RecvTimeoutError::Timeout) = rx.recv_timeout(left) {
            let _ = child.kill();
            let _ = child.wait();
            bail!("simulation timed out after {} s", timeout.as_secs());
        }
    }
    let status = child.wait()?;
    let mut output = out_reader.join().unwrap_or_default();
    output.push_str(&err_reader.join().unwrap_or_default());
    Ok(SimRun { code: status.code(), output })
}

/// The `N passed, M failed` line.
pub(crate) fn verdict(output: &str) -> Option<(u64, u64)> {
    output.lines().rev().find_map(|l| {
        let l = l.trim();
        let (p, f) = l.split_once(" passed, ")?;
        let f = f.strip_suffix(" failed")?;
        Some((p.trim().parse().ok()?, f.trim().parse().ok()?))
    })
}

/// Smallest slice of a vector file worth a simulator process of its own (a process starts in
/// ~10 ms; an RTL unit checks ~10 000 vectors in that time, a DPI-C op-level unit 4 000
/// (`sample`) to 27 000 (`fetch`)).
const MIN_SLICE: u64 = 10_000;

/// Slices of `n` vectors for up to `jobs` processes: (index of the first vector, vectors).
/// Contiguous, in order, covering `0..n` exactly; one slice when `n` is small.
fn slices(n: u64, jobs: u64) -> Vec<(u64, u64)> {
    let j = jobs.clamp(1, (n / MIN_SLICE).max(1));
    (0..j).map(|i| (n * i / j, n * (i + 1) / j - n * i / j)).collect()
}

/// Plusargs of each slice: `+n` is the slice's count, `+vec_off` / `+vec_base` place it in the
/// file (lines are `line_len` bytes), `+vec_count` stops it (the last one reads to the end of
/// the file, so that extra lines still fail its count). One slice: the plain plusargs.
fn slice_plusargs(base: &dyn Fn(u64) -> Vec<String>, slices: &[(u64, u64)], line_len: usize) -> Vec<Vec<String>> {
    if slices.len() <= 1 {
        return slices.iter().map(|&(_, m)| base(m)).collect();
    }
    slices
        .iter()
        .enumerate()
        .map(|(i, &(first, m))| {
            let mut p = base(m);
            p.push(format!("+vec_off={}", first * line_len as u64));
            p.push(format!("+vec_base={first}"));
            if i + 1 < slices.len() {
                p.push(format!("+vec_count={m}"));
            }
            p
        })
        .collect()
}

/// Runs one simulation per plusarg set, all at once; returns their runs and the wall time of
/// the whole.
fn simulate_all(cmd: &[String], plus: &[Vec<String>], timeout: Duration) -> Result<(Vec<SimRun>, f64)> {
    let t0 = Instant::now();
    let runs: Vec<Result<SimRun>> = std::thread::scope(|sc| {
        let hs: Vec<_> = plus.iter().map(|p| sc.spawn(move || simulate(cmd, p, timeout))).collect();
        hs.into_iter().map(|h| h.join().unwrap_or_else(|_| Err(anyhow!("simulation thread panicked")))).collect()
    });
    let wall = t0.elapsed().as_secs_f64();
    Ok((runs.into_iter().collect::<Result<Vec<_>>>()?, wall))
}

/// Sums the verdicts of a set of runs (`None` if one has none).
fn verdict_all(runs: &[SimRun]) -> Option<(u64, u64)> {
    runs.iter().try_fold((0, 0), |(p, f), r| verdict(&r.output).map(|(a, b)| (p + a, f + b)))
}

fn run_unit(
    sim: Sim,
    d: &UnitDef,
    report: &Report,
    level: u8,
    mutation: bool,
    dpi_lib: Option<&Path>,
    jobs: u64,
) -> Result<Outcome> {
    if sim != Sim::VerilatorDpi && exec_unit(d) {
        return run_exec_unit(sim, d, report, level, mutation);
    }
    let name = d.unit.name();
    let u = report.manifest.units.iter().find(|u| u.name == name).ok_or_else(|| anyhow!("{name}: no vectors"))?;
    let vec_file = report.out.join(&u.file);
    let n = u.vectors;
    let readmem = (sim == Sim::Icarus && n <= ICARUS_READMEM_MAX).then_some(n);
    let (cmd, build_s) = build(sim, d, readmem, dpi_lib)?;
    let timeout = Duration::from_secs(3600);
    // Slices need a streaming reader (not Icarus's `$readmemh` sets); every testbench here
    // checks one file per process.
    let jobs = if readmem.is_none() { jobs } else { 1 };
    let slices = slices(n, jobs);
    let base = |m: u64| plusargs(sim, report, name, &vec_file, m);
    let (runs, seconds) = simulate_all(&cmd, &slice_plusargs(&base, &slices, d.layout.line_len), timeout)?;
    let (passed, failed) = verdict_all(&runs).unwrap_or((0, n));
    let ok = runs.iter().all(|r| r.code == Some(0)) && failed == 0 && passed == n;
    for (i, r) in runs.iter().enumerate() {
        let show_lines: Vec<&str> = r.output.lines().filter(|l| !l.trim().is_empty()).collect();
        let tag = if runs.len() > 1 { format!("[{}/{}] ", i + 1, runs.len()) } else { String::new() };
        for l in show_lines.iter().rev().take(if ok { 2 } else { 60 }).rev() {
            eprintln!("  | {tag}{l}");
        }
    }
    let procs = if runs.len() > 1 { format!(", {} processes", runs.len()) } else { String::new() };
    if ok {
        eprintln!(
            "ok: {name} on {}: {n} vectors in {seconds:.2} s ({:.0} vectors/s{procs})",
            sim.name(),
            n as f64 / seconds.max(1e-9)
        );
    } else {
        eprintln!(
            "FAILED: {name} on {} (exit {:?}, {passed} passed, {failed} failed of {n})",
            sim.name(),
            runs.iter().map(|r| r.code).collect::<Vec<_>>()
        );
    }
    let mutation =
        if mutation { Some(mutation_check(sim, d, report, &cmd, &vec_file, u.directed.min(n), jobs)) } else { None };
    if let Some(Ok(())) = &mutation {
        eprintln!("ok: {name} on {}: a flipped expected bit is detected", sim.name());
    }
    Ok(Outcome {
        unit: name.to_string(),
        sim,
        level,
        vectors: n,
        passed,
        failed,
        ok,
        build_s,
        run_s: seconds,
        procs: runs.len(),
        mutation,
        note: String::new(),
    })
}

/// An op-level unit on the sampler's execution core (`tb_exec_ops.sv`): its vectors as
/// `SUBMIT` records ([`exec_ops::prepare`]), replayed in one process.
fn run_exec_unit(sim: Sim, d: &UnitDef, report: &Report, level: u8, mutation: bool) -> Result<Outcome> {
    let name = d.unit.name();
    let u = report.manifest.units.iter().find(|u| u.name == name).ok_or_else(|| anyhow!("{name}: no vectors"))?;
    let vec_file = report.out.join(&u.file);
    let dir = hdl().join("build/cosim/exec");
    fs::create_dir_all(&dir)?;
    let rec_file = dir.join(format!("{name}.l{level}.sub"));
    let p = exec_ops::prepare(&report.out, name, &d.layout, &vec_file, &rec_file)?;
    let by_op: Vec<String> = p.admitted_by_op.values().map(|(n, c)| format!("{n} {c}")).collect();
    eprintln!(
        "ok: {name}: {} vectors, {} replayed as SUBMIT records ({} admitted by the RTL's subset: {}), {} not expressed by an op",
        p.vectors,
        p.records,
        p.admitted,
        if by_op.is_empty() { "none".to_string() } else { by_op.join(", ") },
        p.skipped
    );
    let (cmd, build_s) = build(sim, d, None, None)?;
    let plus = |file: &Path, n: u64| {
        let mut v = plusargs(sim, report, name, file, n);
        v.push(format!("+unit={name}"));
        v
    };
    let (runs, seconds) = simulate_all(&cmd, &[plus(&rec_file, p.records)], Duration::from_secs(3600))?;
    let n = p.records;
    let (passed, failed) = verdict_all(&runs).unwrap_or((0, n));
    let ok = runs.iter().all(|r| r.code == Some(0)) && failed == 0 && passed == n;
    let output: String = runs.iter().map(|r| r.output.as_str()).collect();
    let counts = output.lines().find_map(|l| {
        let rest = l.trim().strip_prefix(&format!("{name}: "))?;
        let num = |key: &str| -> Option<u64> {
            let i = rest.find(key)?;
            rest[..i].trim_end().rsplit([' ', ',']).next()?.parse().ok()
        };
        Some((num(" run by the core")?, num(" ERR_UNSUPPORTED")?, num(" clocks")?))
    });
    let lines: Vec<&str> = output.lines().filter(|l| !l.trim().is_empty()).collect();
    for l in lines.iter().rev().take(if ok { 3 } else { 60 }).rev() {
        eprintln!("  | {l}");
    }
    let (inside, outside, clocks) = counts.unwrap_or_default();
    if ok {
        eprintln!(
            "ok: {name} on {}: {n} records in {seconds:.2} s ({:.0} vectors/s, {:.0} clocks/s): {inside} in the subset equal to the model, {outside} ERR_UNSUPPORTED",
            sim.name(),
            n as f64 / seconds.max(1e-9),
            clocks as f64 / seconds.max(1e-9)
        );
    } else {
        eprintln!("FAILED: {name} on {} ({passed} passed, {failed} failed of {n})", sim.name());
    }
    let mutation = match (mutation, p.mutation_line) {
        (false, _) => None,
        (true, Some(line)) => {
            Some(exec_mutation_check(sim, name, &cmd, &rec_file, line, &plus, p.records).and_then(|()| {
                if exec_ops::reads_texels(name) {
                    exec_texel_check(sim, name, &cmd, &report.out, &rec_file, &p.sampled, &plus)
                } else {
                    Ok(())
                }
            }))
        }
        (true, None) => None,
    };
    if let Some(Ok(())) = &mutation {
        let what = if exec_ops::reads_texels(name) {
            "a flipped expected result bit and a flipped texel are detected"
        } else {
            "a flipped expected result bit is detected (its ops read no texels: no texel flip applies)"
        };
        eprintln!("ok: {name} on {}: {what}", sim.name());
    }
    let flip = if mutation.is_none() && p.mutation_line.is_none() { "; no record in the subset to flip" } else { "" };
    Ok(Outcome {
        unit: name.to_string(),
        sim,
        level,
        vectors: n,
        passed,
        failed,
        ok,
        build_s,
        run_s: seconds,
        procs: 1,
        mutation,
        note: format!("  (subset {inside}, ERR_UNSUPPORTED {outside}, not replayed {}{flip})", p.skipped),
    })
}

/// Flips bit 0 (or 7) of a texel byte of `texmem.hex` that the op of one of the records `lines`
/// reads ([`exec_ops::texel_flip`]: the first record with such a byte); the testbench, given
/// that record alone, must fail for it.
fn exec_texel_check(
    sim: Sim,
    name: &str,
    cmd: &[String],
    images: &Path,
    rec_file: &Path,
    lines: &[u64],
    plus: &dyn Fn(&Path, u64) -> Vec<String>,
) -> Result<(), String> {
    let inner = || -> Result<()> {
        let last = lines.iter().max().ok_or_else(|| anyhow!("no sampled record"))?;
        let mut bytes = Vec::new();
        fs::File::open(rec_file)?.take((last + 1) * exec_ops::REC_LEN as u64).read_to_end(&mut bytes)?;
        let mut found = None;
        for &line in lines {
            let at = line as usize * exec_ops::REC_LEN;
            let rec = bytes.get(at..at + exec_ops::REC_LEN).ok_or_else(|| anyhow!("record {line} past the file"))?;
            let text = std::str::from_utf8(rec)?;
            if let Ok(flip) = exec_ops::texel_flip(images, text.trim_end()) {
                found = Some((rec, text, flip));
                break;
            }
        }
        let (rec, text, (addr, hex)) =
            found.ok_or_else(|| anyhow!("no texel read by {} sampled records changes a result", lines.len()))?;
        let idx = u64::from_str_radix(text.get(..8).ok_or_else(|| anyhow!("short record"))?, 16)?;
        let dir = hdl().join("build/cosim/mutation");
        fs::create_dir_all(&dir)?;
        let one = dir.join(format!("{name}.{}.texel.sub", sim.name()));
        fs::write(&one, rec)?;
        let tm = dir.join(format!("{name}.{}.texmem.hex", sim.name()));
        fs::write(&tm, hex)?;
        let mut p = plus(&one, 1);
        for a in p.iter_mut().filter(|a| a.starts_with("+texmem=")) {
            *a = format!("+texmem={}", tm.display());
        }
        let (runs, _) = simulate_all(cmd, &[p], Duration::from_secs(600))?;
        let output: String = runs.iter().map(|r| r.output.as_str()).collect();
        let marker = format!("MISMATCH at vector {idx} ");
        if runs.iter().all(|r| r.code == Some(0)) {
            bail!("texel byte {addr:#x} flipped: the testbench exited 0");
        }
        if !output.contains(&marker) || verdict_all(&runs) != Some((0, 1)) {
            bail!("texel byte {addr:#x} flipped: no `{marker}` line or verdict {:?}", verdict_all(&runs));
        }
        eprintln!("ok: {name} on {}: vector {idx} with texel byte {addr:#x} flipped fails", sim.name());
        Ok(())
    };
    inner().map_err(|e| format!("{e:#}"))
}

/// Flips bit 0 of result word 15 of record `line` (an admitted sampling op with a quad
/// result) in a copy of the records from 100 before it to 100 past it (each record is a
/// whole `SUBMIT`: a window checks like the whole file, at a fraction of the clocks); the
/// testbench must fail for exactly that record and word.
fn exec_mutation_check(
    sim: Sim,
    name: &str,
    cmd: &[String],
    rec_file: &Path,
    line: u64,
    plus: &dyn Fn(&Path, u64) -> Vec<String>,
    records: u64,
) -> Result<(), String> {
    let inner = || -> Result<()> {
        let first = line.saturating_sub(100);
        let m = (line + 101).min(records) - first;
        let mut bytes = Vec::new();
        let mut f = fs::File::open(rec_file)?;
        f.seek(std::io::SeekFrom::Start(first * exec_ops::REC_LEN as u64))?;
        f.take(m * exec_ops::REC_LEN as u64).read_to_end(&mut bytes)?;
        let start = (line - first) as usize * exec_ops::REC_LEN;
        let rec = bytes.get(start..start + exec_ops::REC_LEN).ok_or_else(|| anyhow!("record {line} past the file"))?;
        let idx = std::str::from_utf8(&rec[..8])?.to_string();
        let idx = u64::from_str_radix(&idx, 16)?;
        // result word 15 is the first of the last 16 words; its last digit holds bit 0
        let pos = start + exec_ops::REC_LEN - 1 - 16 * 9 + 8;
        let c = bytes.get_mut(pos).ok_or_else(|| anyhow!("short record"))?;
        let v = (*c as char).to_digit(16).ok_or_else(|| anyhow!("not a hex digit at {pos}"))? ^ 1;
        *c = b"0123456789abcdef"[v as usize];
        let dir = hdl().join("build/cosim/mutation");
        fs::create_dir_all(&dir)?;
        let path = dir.join(format!("{name}.{}.sub", sim.name()));
        fs::write(&path, &bytes)?;
        let (runs, _) = simulate_all(cmd, &[plus(&path, m)], Duration::from_secs(600))?;
        let output: String = runs.iter().map(|r| r.output.as_str()).collect();
        let marker = format!("MISMATCH at vector {idx} ");
        if runs.iter().all(|r| r.code == Some(0)) {
            bail!("the testbench exited 0");
        }
        if !output.contains(&marker) {
            bail!("no `{marker}` line");
        }
        if !output.lines().any(|x| x.contains("out word 15 ") && x.contains("<-- MISMATCH")) {
            bail!("result word 15 not reported as mismatching");
        }
        if verdict_all(&runs) != Some((m - 1, 1)) {
            bail!("verdict {:?}, expected ({}, 1)", verdict_all(&runs), m - 1);
        }
        Ok(())
    };
    inner().map_err(|e| format!("{e:#}"))
}

/// Flips bit 0 of the last output field of vector `k` in a copy of the first `m` vectors and
/// checks the testbench fails for exactly that reason. With `jobs` > 1 the copy is checked as
/// two slices, `k` inside the second one: its report must still name vector `k` of the file.
fn mutation_check(
    sim: Sim,
    d: &UnitDef,
    report: &Report,
    cmd: &[String],
    vec_file: &Path,
    m: u64,
    jobs: u64,
) -> Result<(), String> {
    let inner = || -> Result<()> {
        let l = &d.layout;
        let m = m.clamp(1, 5000);
        let k = m / 2;
        let mut lines = Vec::new();
        fs::File::open(vec_file)?.take(m * l.line_len as u64).read_to_end(&mut lines)?;
        let f = l.fields.iter().rev().find(|f| f.dir == Dir::Out).ok_or_else(|| anyhow!("no output field"))?;
        let pos = k as usize * l.line_len + f.column + f.digits as usize - 1;
        let c = lines.get_mut(pos).ok_or_else(|| anyhow!("vector {k} past the file"))?;
        let v = (*c as char).to_digit(16).ok_or_else(|| anyhow!("not a hex digit at {pos}"))? ^ 1;
        *c = b"0123456789abcdef"[v as usize];
        let dir = hdl().join("build/cosim/mutation");
        fs::create_dir_all(&dir)?;
        let path = dir.join(format!("{}.{}.vec", d.unit.name(), sim.name()));
        fs::write(&path, &lines)?;
        let slices = if jobs > 1 && m >= 4 { vec![(0, m / 4), (m / 4, m - m / 4)] } else { vec![(0, m)] };
        let base = |c: u64| plusargs(sim, report, d.unit.name(), &path, c);
        let (runs, _) = simulate_all(cmd, &slice_plusargs(&base, &slices, l.line_len), Duration::from_secs(600))?;
        let output: String = runs.iter().map(|r| r.output.as_str()).collect();
        let marker = format!("MISMATCH at vector {k} ");
        let field_line = output.lines().any(|x| x.contains(&format!("out {} ", f.name)) && x.contains("<-- MISMATCH"));
        if runs.iter().all(|r| r.code == Some(0)) {
            bail!("the testbench exited 0");
        }
        if !output.contains(&marker) {
            bail!("no `{marker}` line");
        }
        if !field_line {
            bail!("field `{}` not reported as mismatching", f.name);
        }
        if verdict_all(&runs) != Some((m - 1, 1)) {
            bail!("verdict {:?}, expected ({}, 1)", verdict_all(&runs), m - 1);
        }
        Ok(())
    };
    inner().map_err(|e| format!("{e:#}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slices_cover_the_file_in_order() {
        for n in [0, 1, 9_999, 10_000, 19_999, 20_000, 34_111, 102_446, 1_017_174] {
            for jobs in 1..=5 {
                let s = slices(n, jobs);
                assert!(!s.is_empty() && s.len() as u64 <= jobs);
                assert_eq!(s[0].0, 0);
                assert!(s.windows(2).all(|w| w[0].0 + w[0].1 == w[1].0 && w[0].1 > 0));
                assert_eq!(s.last().map(|l| l.0 + l.1), Some(n));
                assert!(s.len() == 1 || s.iter().all(|l| l.1 >= MIN_SLICE / 2));
            }
        }
        assert_eq!(slices(1_017_174, 2), vec![(0, 508_587), (508_587, 508_587)]);
    }

    #[test]
    fn slice_plusargs_place_each_slice() {
        let base = |m: u64| vec![format!("+n={m}")];
        let p = slice_plusargs(&base, &[(0, 3), (3, 4)], 10);
        assert_eq!(p[0], ["+n=3", "+vec_off=0", "+vec_base=0", "+vec_count=3"]);
        assert_eq!(p[1], ["+n=4", "+vec_off=30", "+vec_base=3"]);
        assert_eq!(slice_plusargs(&base, &[(0, 7)], 10), vec![vec!["+n=7".to_string()]]);
    }

    #[test]
    fn verdict_line() {
        assert_eq!(verdict("x\n12 passed, 3 failed\n- tb: $finish\n"), Some((12, 3)));
        assert_eq!(verdict("nothing"), None);
    }
}
