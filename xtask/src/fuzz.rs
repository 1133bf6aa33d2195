//! `cargo xtask fuzz [--target T] [--time S] [--runs N]`: the libFuzzer targets of `fuzz/`
//! (cargo-fuzz, nightly), one after another; see `docs/fuzzing.md`.
//!
//! Each run starts from the seed corpus (`fuzz/corpus/<target>/`, written by the seed
//! generator from the project's examples and fixtures) and the stored regression inputs
//! (`fuzz/regressions/<target>/`, read-only), with overflow checks and debug assertions on,
//! `-rss_limit_mb=1024` and a 10 s per-input timeout. A crash, a leak past the memory limit
//! or a hang fails the command and names the input libFuzzer saved under
//! `fuzz/artifacts/<target>/`. libFuzzer's output (progress lines, final statistics) goes to
//! `target/fuzz-logs/<target>.log` while it runs, so a long campaign can be watched.

use std::process::{Command, Stdio};

use anyhow::{bail, Context, Result};
use clap::Args as ClapArgs;

use crate::provision;
use crate::util::{cargo, root, show};

/// The targets, in the order they run (`fuzz/src/lib.rs` lists what each covers).
pub const TARGETS: [&str; 8] = ["descriptors", "ops", "asm", "isa", "hal", "hal_codec", "scenario", "spi_rtl"];

/// Seconds per target when neither `--time` nor `--runs` is given.
pub const DEFAULT_SECONDS: u64 = 60;

/// Seconds per target of the smoke run (8 targets: about 100 s with start-up and the replay,
/// see `docs/fuzzing.md`).
pub const SMOKE_SECONDS: u64 = 10;

/// The per-input limits every run uses.
const LIBFUZZER_FLAGS: [&str; 3] = ["-rss_limit_mb=1024", "-timeout=10", "-print_final_stats=1"];

#[derive(ClapArgs, Clone, Debug)]
pub struct Args {
    /// Only this target (default: every target in turn).
    #[arg(long, value_parser = clap::builder::PossibleValuesParser::new(TARGETS))]
    pub target: Option<String>,
    /// Seconds per target (default 60 without `--runs`; with `--runs`, whichever limit
    /// comes first ends the run).
    #[arg(long)]
    pub time: Option<u64>,
    /// Stop a target after this many executions (libFuzzer `-runs`).
    #[arg(long)]
    pub runs: Option<u64>,
}

impl Args {
    /// The smoke run of `cargo xtask test`: every target for [`SMOKE_SECONDS`] (80 s of
    /// fuzzing in all; with process start-up and the replay of every stored input the stage
    /// stays within 2 minutes, see `docs/fuzzing.md`).
    pub fn smoke() -> Args {
        Args { target: None, time: Some(SMOKE_SECONDS), runs: None }
    }
}

/// What one target's run did.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    pub target: String,
    pub executions: u64,
    /// Wall time of the libFuzzer process (from start-up to its final statistics).
    pub seconds: f64,
    /// libFuzzer's peak resident set, MiB.
    pub peak_rss_mb: u64,
}

/// The value of libFuzzer's final `stat::<name>:` line.
fn stat(log: &str, name: &str) -> Option<u64> {
    log.lines().find_map(|l| l.strip_prefix(&format!("stat::{name}:")).and_then(|v| v.trim().parse().ok()))
}

pub fn run(a: &Args) -> Result<()> {
    let outcomes = fuzz(a)?;
    for o in &outcomes {
        println!(
            "{:<12} {:>12} executions in {:>7.1} s ({:>7.0}/s), peak RSS {} MiB, no crash",
            o.target,
            o.executions,
            o.seconds,
            o.executions as f64 / o.seconds.max(0.001),
            o.peak_rss_mb
        );
    }
    Ok(())
}

/// Runs the selected targets; the first failure is the error.
pub fn fuzz(a: &Args) -> Result<Vec<Outcome>> {
    provision::fuzz_tools()?;
    let fuzz_dir = root().join("fuzz");
    // The seed corpus (stable): written where a run starts from.
    let mut seeds = cargo();
    seeds.args(["run", "-q", "--manifest-path"]).arg(fuzz_dir.join("Cargo.toml")).args(["--example", "seeds"]);
    crate::util::exec(seeds).context("writing the seed corpus")?;
    let targets: Vec<&str> = match &a.target {
        Some(t) => vec![t.as_str()],
        None => TARGETS.to_vec(),
    };
    let logs = root().join("target").join("fuzz-logs");
    std::fs::create_dir_all(&logs)?;
    // Build first (outside the timed run): `cargo fuzz run` would otherwise count its build.
    for t in &targets {
        let mut b = nightly_fuzz();
        b.args(["build", "--fuzz-dir", "fuzz", "--debug-assertions", "--sanitizer", "none"]).arg(t);
        crate::util::exec(b).with_context(|| format!("building fuzz target `{t}`"))?;
    }
    let mut out = Vec::new();
    for t in targets {
        let corpus = fuzz_dir.join("corpus").join(t);
        let regressions = fuzz_dir.join("regressions").join(t);
        std::fs::create_dir_all(&regressions)?;
        let mut c = nightly_fuzz();
        c.args(["run", "--fuzz-dir", "fuzz", "--debug-assertions", "--sanitizer", "none"])
            .arg(t)
            .arg(&corpus)
            .arg(&regressions)
            .arg("--");
        c.args(LIBFUZZER_FLAGS);
        if let Some(n) = a.runs {
            c.arg(format!("-runs={n}"));
        }
        match (a.time, a.runs) {
            (Some(s), _) => c.arg(format!("-max_total_time={s}")),
            (None, None) => c.arg(format!("-max_total_time={DEFAULT_SECONDS}")),
            (None, Some(_)) => &mut c,
        };
        let log_path = logs.join(format!("{t}.log"));
        let log_file =
            std::fs::File::create(&log_path).with_context(|| format!("cannot create {}", log_path.display()))?;
        c.stdout(Stdio::null()).stderr(log_file);
        eprintln!("+ {}  (log: {})", show(&c), log_path.display());
        let start = std::time::Instant::now();
        let status = c.status().with_context(|| format!("cannot start {}", show(&c)))?;
        let seconds = start.elapsed().as_secs_f64();
        let log = std::fs::read_to_string(&log_path).unwrap_or_default();
        if !status.success() {
            let tail: Vec<&str> = log.lines().rev().take(40).collect::<Vec<_>>().into_iter().rev().collect();
            bail!(
                "fuzz target `{t}` failed ({}):\n{}\n\nReplay the saved input with `cargo run --manifest-path fuzz/Cargo.toml \
                 --example replay -- {t} <artifact>`, minimize it with `cargo +{nightly} fuzz tmin --fuzz-dir fuzz {t} \
                 <artifact>`, fix the defect, and keep the input under fuzz/regressions/{t}/ (and a plain test).",
                status,
                tail.join("\n"),
                nightly = provision::NIGHTLY,
            );
        }
        let executions = stat(&log, "number_of_executed_units")
            .with_context(|| format!("fuzz target `{t}`: no execution count in libFuzzer's output"))?;
        let peak_rss_mb = stat(&log, "peak_rss_mb").unwrap_or(0);
        out.push(Outcome { target: t.to_string(), executions, seconds, peak_rss_mb });
    }
    Ok(out)
}

/// `cargo +<pinned nightly> fuzz …` ([`crate::provision::NIGHTLY`]) from the workspace root,
/// whatever toolchain runs the xtask.
///
/// The fuzz binaries link the Verilated `texcore_sampler` (target `spi_rtl`):
/// `TEXCORE_RTLSIM_REQUIRE=1` makes a missing Verilator a build error instead of a model-less
/// build, and `TEXCORE_RTLSIM_SANCOV=1` compiles the model with clang++ and libFuzzer's
/// coverage instrumentation (`-fsanitize-coverage=inline-8bit-counters,pc-table`), so the
/// RTL's branches guide the fuzzer (`TEXCORE_RTLSIM_SANCOV=0` in the environment turns it
/// off: the model runs about 2.3× faster, unguided).
fn nightly_fuzz() -> Command {
    let mut c = Command::new("cargo");
    c.current_dir(root())
        .env("RUST_BACKTRACE", "0")
        .env("TEXCORE_RTLSIM_REQUIRE", "1")
        .env("TEXCORE_RTLSIM_SANCOV", std::env::var("TEXCORE_RTLSIM_SANCOV").unwrap_or_else(|_| "1".into()))
        .env_remove("RUSTUP_TOOLCHAIN")
        .env_remove("CARGO")
        .arg(format!("+{}", crate::provision::NIGHTLY))
        .arg("fuzz");
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn final_stats_are_read() {
        let log =
            "#2\tINITED\nDone 1234 runs in 3 second(s)\nstat::number_of_executed_units: 1234\nstat::peak_rss_mb: 45\n";
        assert_eq!(stat(log, "number_of_executed_units"), Some(1234));
        assert_eq!(stat(log, "peak_rss_mb"), Some(45));
        assert_eq!(stat(log, "slowest_unit_time_sec"), None);
    }

    #[test]
    fn the_target_list_matches_the_fuzz_crate() {
        let cargo_toml = std::fs::read_to_string(root().join("fuzz/Cargo.toml")).unwrap();
        for t in TARGETS {
            assert!(cargo_toml.contains(&format!("path = \"fuzz_targets/{t}.rs\"")), "{t}");
        }
        let n = cargo_toml.matches("path = \"fuzz_targets/").count();
        assert_eq!(n, TARGETS.len(), "every fuzz_targets/ binary runs");
    }
}
