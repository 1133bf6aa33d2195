//! `cargo xtask cosim --ops sampler`: the sampler device `texcore_sampler` driven by the
//! unchanged `FpgaSampler` through its Verilated pins (crate `rtlsim/`, binary
//! `texcore-rtlsim`), and a directed frame-level testbench on Icarus.
//!
//! 1. provisions Verilator, g++, make, Icarus; lints the device (`verilator --lint-only
//!    -Wall` of `hdl-vectors/rtl/texcore_sampler.f`);
//! 2. writes the op-level `fetch`, `store` and `sample` vectors (level 1 by default; level 2
//!    with `--count` random vectors per unit with `--full`; the `sample` vectors that TGSI
//!    `SAMPLE_L` expresses are run) into
//!    `hdl-vectors/build/cosim/sampler-l<level>/`;
//! 3. builds `texcore-rtlsim` (the build verilates the device) and runs it: the embedded
//!    self-check, lock-step over those vectors, over seeded ops of every implemented op and
//!    over seeded `SAMPLE_L` quads at both sides of the sampling subset
//!    (`texcore_hal::Subset::RTL`), raw frames against `SimulatedFpga` (same CAPS and
//!    subset), wire faults and garbage on the bus. It must
//!    end with `N passed, 0 failed` and `divergences: 0`;
//! 4. runs `hdl-vectors/tb/tb_sampler.sv` on Icarus (directed frames, checked byte by
//!    byte), which must print `N passed, 0 failed`.
//!
//! The default is the short set `cargo xtask test` runs; `--full` is the long one
//! (≥ 100 000 lock-step ops).

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Instant;

use anyhow::{bail, Context, Result};

use crate::cosim::TOOLS;
use crate::provision;
use crate::util::{cargo, exec, root, show};
use texcore_vectors::{self as vectors, Options, Shard};

/// Sizes of one run.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// Vector level of the `fetch` / `store` sets.
    pub level: u8,
    /// Random vectors per unit (level 2).
    pub count: Option<u64>,
    /// Vectors of each unit run in lock-step (from the start of the file).
    pub vector_limit: u64,
    /// Seeded lock-step ops.
    pub ops: u64,
    /// Seeded lock-step `SAMPLE_L` quads at both sides of the sampling subset.
    pub sample_ops: u64,
    /// Raw frames against the model device.
    pub frames: u64,
    /// Ops with wire faults.
    pub faults: u64,
    /// Garbage rounds.
    pub garbage: u64,
    /// Seed.
    pub seed: u64,
}

impl Plan {
    /// The short run of `cargo xtask test` (about 2 minutes on the 2-core machine).
    pub fn short(seed: u64) -> Plan {
        Plan {
            level: 1,
            count: None,
            vector_limit: 1500,
            ops: 3000,
            sample_ops: 1000,
            frames: 600,
            faults: 60,
            garbage: 40,
            seed,
        }
    }
    /// The long run: the level-2 `fetch` / `store` sets with `count` random vectors each,
    /// whole, and 20 000 seeded ops.
    pub fn full(seed: u64, count: u64) -> Plan {
        Plan {
            level: 2,
            count: Some(count),
            vector_limit: u64::MAX,
            ops: 20_000,
            sample_ops: 20_000,
            frames: 3000,
            faults: 400,
            garbage: 200,
            seed,
        }
    }
    /// The sampling long run: the short run with `sample_ops` seeded `SAMPLE_L` quads
    /// (70–75 % of them admitted by the sampling subset and compared).
    pub fn sampling(seed: u64, sample_ops: u64) -> Plan {
        Plan { sample_ops, ..Plan::short(seed) }
    }
}

fn hdl() -> PathBuf {
    root().join("hdl-vectors")
}

/// The device's sources (relative to `hdl-vectors/`), from `rtl/texcore_sampler.f`.
pub fn sources() -> Result<Vec<String>> {
    let list = hdl().join("rtl/texcore_sampler.f");
    let text = std::fs::read_to_string(&list).with_context(|| list.display().to_string())?;
    Ok(text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with("//")).map(String::from).collect())
}

/// Runs the sampler co-simulation.
pub fn run(plan: Plan) -> Result<()> {
    provision::debian(&TOOLS)?;
    let t0 = Instant::now();

    eprintln!("\n==== sampler: verilator --lint-only -Wall of texcore_sampler");
    let files: Vec<PathBuf> = sources()?.iter().map(|f| hdl().join(f)).collect();
    crate::cosim::verilator_lint(&["--top-module", "texcore_sampler"], &files, "texcore_sampler")?;
    eprintln!("ok: {} files lint-clean", files.len());

    eprintln!("\n==== sampler: op-level vectors fetch, store, sample (level {})", plan.level);
    let dir = hdl().join(format!("build/cosim/sampler-l{}", plan.level));
    let o = Options {
        level: plan.level,
        seed: plan.seed,
        count: plan.count,
        units: vec!["fetch".into(), "store".into(), "sample".into()],
        shard: Shard::ALL,
        out: dir.clone(),
        verbose: true,
    };
    let r = vectors::generate(&o)?;
    vectors::verify_manifest(&r.out, "manifest.json")?;

    eprintln!("\n==== sampler: build texcore-rtlsim (verilates texcore_sampler)");
    let mut b = cargo();
    b.env("TEXCORE_RTLSIM_REQUIRE", "1").args(["build", "-p", "texcore-rtlsim", "--bin", "texcore-rtlsim"]);
    exec(b)?;
    let bin = root().join("target/debug/texcore-rtlsim");

    eprintln!("\n==== sampler: FpgaSampler -> Verilated texcore_sampler");
    let mut run = Command::new(&bin);
    run.env("RUST_BACKTRACE", "0")
        .arg("--vectors")
        .arg(&dir)
        .args(["--vector-limit", &limit(plan.vector_limit)])
        .args(["--ops", &plan.ops.to_string(), "--sample-ops", &plan.sample_ops.to_string()])
        .args(["--frames", &plan.frames.to_string()])
        .args(["--faults", &plan.faults.to_string(), "--garbage", &plan.garbage.to_string()])
        .args(["--seed", &plan.seed.to_string()]);
    let lines = stream(run)?;
    let passed_line = lines.iter().any(|l| l.ends_with(" failed") && l.contains(" passed, 0 failed"));
    let div_line = lines.iter().any(|l| l == "divergences: 0");
    if !passed_line || !div_line {
        bail!("texcore-rtlsim did not end with `N passed, 0 failed` and `divergences: 0`");
    }

    eprintln!("\n==== sampler: directed frames on Icarus (tb/tb_sampler.sv)");
    icarus_tb()?;
    eprintln!("sampler: co-simulation passed in {:.0} s", t0.elapsed().as_secs_f64());
    Ok(())
}

fn limit(n: u64) -> String {
    if n == u64::MAX {
        "18446744073709551615".into()
    } else {
        n.to_string()
    }
}

/// Runs a command, echoing and collecting its stdout lines; fails on a non-zero exit.
fn stream(mut c: Command) -> Result<Vec<String>> {
    eprintln!("+ {}", show(&c));
    let mut child = c.stdout(Stdio::piped()).spawn().with_context(|| format!("cannot start {}", show(&c)))?;
    let mut lines = Vec::new();
    if let Some(out) = child.stdout.take() {
        for line in BufReader::new(out).lines() {
            let line = line?;
            println!("{line}");
            lines.push(line);
        }
    }
    let status = child.wait()?;
    if !status.success() {
        bail!("`{}` failed ({status})", show(&c));
    }
    Ok(lines)
}

/// The directed Icarus testbench: must exit 0 and print `N passed, 0 failed`.
fn icarus_tb() -> Result<()> {
    let build = hdl().join("build/cosim/sampler-icarus");
    std::fs::create_dir_all(&build)?;
    let vvp = build.join("tb_sampler.vvp");
    let mut c = Command::new("iverilog");
    c.args(["-g2012", "-o"]).arg(&vvp).arg(format!("-I{}", hdl().join("generated").display()));
    c.args(["-s", "tb_sampler"]);
    for f in sources()? {
        c.arg(hdl().join(f));
    }
    c.arg(hdl().join("tb/tb_sampler.sv"));
    exec(c)?;
    let mut r = Command::new("vvp");
    r.arg("-n").arg(&vvp).current_dir(&build);
    let out = r.output().with_context(|| format!("cannot start {}", show(&r)))?;
    let text = String::from_utf8_lossy(&out.stdout);
    print!("{text}");
    let ok = out.status.success() && text.lines().any(|l| l.trim().ends_with("passed, 0 failed"));
    if !ok {
        bail!("tb_sampler on Icarus failed ({}): {}", out.status, String::from_utf8_lossy(&out.stderr));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_source_list_exists() {
        let files = sources().unwrap();
        assert!(files.iter().any(|f| f.ends_with("texcore_sampler.sv")));
        for f in files {
            assert!(hdl().join(&f).exists(), "{f}");
        }
    }
}
