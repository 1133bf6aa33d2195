//! `cargo xtask test`: everything, in order, stopping at the first failure.

use anyhow::{bail, Result};
use clap::Args as ClapArgs;

use crate::cosim;
use crate::provision;
use crate::qemu::{self, Machine};
use crate::util::{cargo, exec};

#[derive(ClapArgs)]
pub struct Args {
    /// Skip the firmware stages (QEMU runs, instruction counts, sizes, flash check): a quicker
    /// local run, which then says what it did not run.
    #[arg(long)]
    pub no_qemu: bool,
    /// Skip the HDL co-simulation stage: a quicker local run, which then says so.
    #[arg(long)]
    pub no_cosim: bool,
}

/// A copy of this xtask binary, made before any stage runs: the host-test stage's
/// `cargo test --workspace` may rebuild `target/debug/xtask` (features unify differently
/// across the workspace), which leaves the running binary's own path deleted. The stages
/// that run the xtask as a user would (render, flash) start this copy.
fn self_exe() -> Result<std::path::PathBuf> {
    static COPY: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    if let Some(p) = COPY.get() {
        return Ok(p.clone());
    }
    let dst = crate::util::root().join("target").join("xtask-test-self");
    std::fs::copy(std::env::current_exe()?, &dst)?;
    Ok(COPY.get_or_init(|| dst).clone())
}

pub fn run_all(args: Args) -> Result<()> {
    self_exe()?;
    provision::rust_targets()?;
    // Nightly, cargo-fuzz and a C++ compiler for the fuzz stage (every run, no skip).
    provision::fuzz_tools()?;
    if !args.no_qemu {
        provision::debian(&provision::QEMU)?;
    }
    if !args.no_cosim {
        provision::debian(&cosim::TOOLS)?;
    }

    step("host tests (core, hal, xtask)");
    let mut t = cargo();
    t.args(["test", "--workspace", "--exclude", "texcore-firmware"]);
    exec(t)?;

    step("render smoke run: every scene at 64x64 (exit 0, every file written), a bad --size (exit 2)");
    render_smoke()?;

    step(
        "sampling conformance: ≥ 10 000 samples per op × type × filter × wrap against the f64 oracle (optimised build)",
    );
    let mut t = cargo();
    t.args([
        "test",
        "--profile",
        "bench",
        "-p",
        "texcore",
        "--test",
        "sample_conformance",
        "--test",
        "sample_invariants",
        "--test",
        "compare_conformance",
    ]);
    exec(t)?;

    native_stage()?;

    step("clippy, all targets, warnings denied");
    let mut c = cargo();
    c.args(["clippy", "--workspace", "--all-targets", "--", "-D", "warnings"]);
    exec(c)?;
    let mut c = cargo();
    c.args(["clippy", "-p", "texcore", "--features", "defmt", "--", "-D", "warnings"]);
    exec(c)?;
    // `flash` is compiled only with the optional `probe` feature: keep it building.
    let mut c = cargo();
    c.args(["clippy", "-p", "xtask", "--features", "probe", "--", "-D", "warnings"]);
    exec(c)?;

    step("texcore for the embedded targets, with and without defmt");
    for target in provision::TARGETS {
        for features in [None, Some("defmt")] {
            let mut b = cargo();
            b.args(["build", "-q", "-p", "texcore", "--release", "--target", target]);
            if let Some(f) = features {
                b.args(["--features", f]);
            }
            exec(b)?;
            let mut f = cargo();
            f.args(["build", "-q", "-p", "texcore-firmware", "--release", "--target", target]);
            if let Some(feat) = features {
                f.args(["--features", feat]);
            }
            exec(f)?;
        }
    }

    if args.no_qemu {
        eprintln!("note: --no-qemu given: firmware self-check in QEMU NOT run");
    } else {
        qemu_stage()?;
    }

    step("synthesis of one block: yosys, nextpnr-ice40 (HX8K) and nextpnr-ecp5 (ECP5-25F) place-and-route");
    let rows = crate::synth::measure(&crate::synth::Args {
        blocks: vec![crate::synth::TEST_BLOCK.to_string()],
        no_pnr: false,
        seed: 1,
        params: Vec::new(),
        no_xc7: false,
        ecp5: "25k".to_string(),
    })?;
    for r in &rows {
        eprintln!("  {}: HX8K {}, ECP5-25F {}", crate::synth::TEST_BLOCK, r.fmax, r.ecp5_pnr);
    }
    fuzz_stage()?;

    if args.no_cosim {
        eprintln!("note: --no-cosim given: HDL co-simulation NOT run");
        return Ok(());
    }
    step("HDL co-simulation: Verilator on level 2, Icarus on level 1, flipped-bit checks");
    cosim::run(&cosim::Args::ci())?;
    // the execution core's benchmark, short: every quad of its five workloads must equal
    // the model and the state profile must add up (the figures are `cargo xtask cosim --bench`'s)
    crate::exec_bench::run(200, 1)?;
    soc_stage()?;
    end_stage();
    eprintln!("\nall test stages passed");
    // Every stage that was entered passed (the first failure returns early with an error).
    println!("stages: {} passed, 0 failed", STAGES.load(std::sync::atomic::Ordering::Relaxed));
    Ok(())
}

/// The batch op (`sample_batch_into`) runs its structure-of-arrays passes where AVX2 is
/// enabled at compile time; the default x86-64 build runs the lane-by-lane passes (the host
/// tests run both forms' source against `sample_quad`). This stage builds texcore for this
/// host's CPU (`-C target-cpu=native`, its own target directory), so that the vectorized
/// code itself runs the unit tests and the batch conformance suite, with overflow checks.
fn native_stage() -> Result<()> {
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let flags: Vec<&str> = cpuinfo.lines().find(|l| l.starts_with("flags")).unwrap_or("").split_whitespace().collect();
    if !cfg!(target_arch = "x86_64") || !flags.contains(&"avx2") {
        step("batch op, vectorized passes: NOT run (this host has no AVX2; their source form ran in the host tests)");
        eprintln!("note: this host has no AVX2: the vectorized batch passes NOT run");
        return Ok(());
    }
    let avx512 = if flags.contains(&"avx512f") && flags.contains(&"avx512cd") { "AVX-512" } else { "AVX2" };
    step(&format!(
        "batch op, vectorized passes: texcore's unit tests and the batch conformance suite built with \
         -C target-cpu=native ({avx512})"
    ));
    let mut t = cargo();
    t.env("RUSTFLAGS", "-C target-cpu=native")
        .env("CARGO_TARGET_DIR", crate::util::root().join("target").join("native"))
        .args(["test", "-p", "texcore", "--lib", "--test", "sample_batch_conformance"]);
    exec(t)
}

fn fuzz_stage() -> Result<()> {
    step(
        "fuzz targets: every seed and stored regression input (stable), clippy, then each target for 10 s (libFuzzer)",
    );
    let manifest = crate::util::root().join("fuzz/Cargo.toml");
    // `spi_rtl` needs the Verilated model (provisioned with the fuzz tools): a missing
    // Verilator fails the build and the replay instead of skipping the target.
    let mut c = cargo();
    c.env("TEXCORE_RTLSIM_REQUIRE", "1");
    c.args(["clippy", "--manifest-path"]).arg(&manifest).args(["--all-targets", "--", "-D", "warnings"]);
    exec(c)?;
    let mut b = cargo();
    b.env("TEXCORE_RTLSIM_REQUIRE", "1");
    b.args(["test", "--no-run", "--manifest-path"]).arg(&manifest);
    exec(b)?;
    let replay_start = std::time::Instant::now();
    let mut t = cargo();
    t.env("TEXCORE_RTLSIM_REQUIRE", "1");
    t.args(["test", "--manifest-path"]).arg(&manifest);
    exec(t)?;
    let replay = replay_start.elapsed().as_secs_f64();
    let mut fuzzing = 0.0;
    for o in crate::fuzz::fuzz(&crate::fuzz::Args::smoke())? {
        eprintln!("  {:<12} {:>10} executions in {:.1} s, no crash", o.target, o.executions, o.seconds);
        fuzzing += o.seconds;
    }
    // The builds above are not part of the smoke time (docs/fuzzing.md states it).
    eprintln!("  smoke time: replay {replay:.1} s + fuzzing {fuzzing:.1} s = {:.1} s", replay + fuzzing);
    Ok(())
}

/// `cargo xtask soc` as a user runs it: the firmware on the VexRiscv soft-core drives the
/// sampler RTL (self-check and lock-step must pass), then the `fail` build must fail.
fn soc_stage() -> Result<()> {
    step("soft-core system: the RV32 firmware on VexRiscv in Verilator driving texcore_sampler (must pass), and its `fail` build (must fail)");
    crate::soc::run(&crate::soc::Args { fail: false, max_cycles: 400_000_000 })?;
    // The failing build must run to its end and report the corrupted record itself (exit
    // code 1, a FAILED record), not stop for any other reason (a trap, its stack overflowing
    // the RAM).
    let o = crate::soc::run_status(&crate::soc::Args { fail: true, max_cycles: 400_000_000 })?;
    if o.exit != Some(1) || !o.out.contains("FAILED") || o.out.contains("STACK OVERFLOW") {
        bail!("texcore_soc: the firmware built with `fail` ended with {:?} and no FAILED record", o.exit);
    }
    eprintln!("ok: texcore_soc with a corrupted expectation reports it and exits with code 1");
    Ok(())
}

fn qemu_stage() -> Result<()> {
    step("firmware self-check in QEMU, text and defmt (must pass), and with a corrupted expectation (must fail)");
    for m in [Machine::Cm4, Machine::Rv32] {
        for defmt in [false, true] {
            let out = qemu::run(&qemu::Args { machine: m, fail: false, timeout: 60, defmt })?;
            if !out.contains(" 0 failed") {
                bail!("{m:?} (defmt {defmt}): self-check output has no `0 failed` line");
            }
        }
        match qemu::run(&qemu::Args { machine: m, fail: true, timeout: 60, defmt: false }) {
            Ok(_) => bail!("{m:?}: firmware built with `fail` passed: the self-check cannot fail"),
            Err(e) => eprintln!("ok: {m:?} with a corrupted expectation fails as it must ({e})"),
        }
    }
    step("board profile (STM32F407, FpgaSampler on SPI1/GPIO) in QEMU netduinoplus2 with no FPGA: typed error, non-zero exit");
    let (status, out) =
        qemu::run_status(&qemu::Args { machine: Machine::Stm32f4, fail: false, timeout: 60, defmt: false })?;
    if status.success() || !out.contains("FPGA: init failed: Crc(Response)") {
        bail!("board profile without an FPGA: expected `FPGA: init failed: Crc(Response)` and a non-zero exit, got {status}");
    }
    eprintln!("ok: no FPGA on the bus ends in the HAL's typed error ({status})");
    step("firmware benchmarks (retired instructions per op) and size");
    for m in [Machine::Cm4, Machine::Rv32] {
        let rows = crate::bench::measure(m)?;
        for r in &rows {
            eprintln!("  {m:?} {:<24} {:>10.1} instructions/sample", r.name, r.per_sample());
        }
        let s = crate::size::measure(m)?;
        eprintln!("  {m:?} flash {} B, static RAM {} B, core {} B", s.flash, s.ram, s.core_bytes);
    }
    step("flash with no probe attached must fail cleanly (exit 1, clear message)");
    let mut f = std::process::Command::new(self_exe()?);
    f.args(["flash", "--chip", "STM32F407VGTx", "--rtt-seconds", "0"]);
    let out = f.output()?;
    let msg = String::from_utf8_lossy(&out.stderr);
    if out.status.code() != Some(1) || !(msg.contains("no debug probe") || msg.contains("without probe-rs")) {
        bail!("`xtask flash` without a probe: expected exit 1 and a clear message, got {:?}: {msg}", out.status.code());
    }
    eprintln!("ok: {}", msg.trim());
    Ok(())
}

/// `xtask render` end to end: every scene at a small size, then a usage error.
fn render_smoke() -> Result<()> {
    let out = crate::util::root().join("target").join("render-smoke");
    let _ = std::fs::remove_dir_all(&out);
    let mut r = std::process::Command::new(self_exe()?);
    r.args(["render", "--scene", "all", "--size", "64x64", "--out"]).arg(&out);
    exec(r)?;
    for f in
        ["plane-sheet.png", "mip-levels-trilinear.png", "error-aniso16x.png", "cube-seamless.png", "shadow-sheet.png"]
    {
        if !out.join(f).is_file() {
            bail!("`xtask render` did not write {}", out.join(f).display());
        }
    }
    let bad = std::process::Command::new(self_exe()?).args(["render", "--size", "63x64"]).output()?;
    if bad.status.code() != Some(2) {
        bail!("`xtask render --size 63x64`: expected exit 2, got {:?}", bad.status.code());
    }
    eprintln!("ok: {}", String::from_utf8_lossy(&bad.stderr).lines().next().unwrap_or(""));
    Ok(())
}

pub fn run(args: Args) -> Result<()> {
    run_all(args)
}

static STAGES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
static STARTED: std::sync::Mutex<Option<std::time::Instant>> = std::sync::Mutex::new(None);

/// Starts a stage: reports how long the previous one took, then the new one's name.
fn step(name: &str) {
    STAGES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    end_stage();
    eprintln!("\n==== {name}");
}

/// Reports the running stage's wall time (if one is running).
fn end_stage() {
    let mut started = STARTED.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(t) = started.take() {
        eprintln!("---- stage took {:.0} s", t.elapsed().as_secs_f64());
    }
    *started = Some(std::time::Instant::now());
}
