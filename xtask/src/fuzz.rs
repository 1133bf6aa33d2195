//! `cargo xtask fuzz [--target T] [--time S] [--runs N] [--jobs J] [--seed S]`: the libFuzzer
//! targets of `fuzz/` (cargo-fuzz, nightly), one after another, each in `J` processes at once;
//! see `docs/fuzzing.md`.
//!
//! Each run starts from the seed corpus (`fuzz/corpus/<target>/`, written by the seed
//! generator from the project's examples and fixtures) and the stored regression inputs
//! (`fuzz/regressions/<target>/`, read-only), with overflow checks and debug assertions on,
//! `-rss_limit_mb=1024` and a 10 s per-input timeout. A crash, a leak past the memory limit
//! or a hang fails the command and names the input libFuzzer saved under
//! `fuzz/artifacts/<target>/`. libFuzzer's output (progress lines, final statistics) goes to
//! `target/fuzz-logs/<target>.log` while it runs (`<target>.<i>.log` for process `i` of
//! `--jobs`), so a long campaign can be watched.
//!
//! With `--jobs J` a target runs as `J` libFuzzer processes on the same corpus directory
//! (libFuzzer reloads it periodically, so each process takes up what the others found), with
//! seeds `S, S + 1, …` under `--seed S` (otherwise libFuzzer draws each process's seed); the
//! executions are summed, and the first process that fails fails the command after the others
//! have finished. A campaign on a machine with `J` idle cores is
//! `cargo xtask fuzz --target T --time SECONDS --jobs J`.

use std::process::{Command, Stdio};

use anyhow::{bail, Context, Result};
use clap::Args as ClapArgs;

use crate::provision;
use crate::util::{cargo, root, show};

/// The targets, in the order they run (`fuzz/src/lib.rs` lists what each covers).
pub const TARGETS: [&str; 9] =
    ["descriptors", "ops", "asm", "isa", "hal", "hal_codec", "scenario", "spi_rtl", "vectors"];

/// Seconds per target when neither `--time` nor `--runs` is given.
pub const DEFAULT_SECONDS: u64 = 60;

/// Seconds per target of the smoke run (9 targets: about 100 s with start-up and the replay,
/// see `docs/fuzzing.md`).
pub const SMOKE_SECONDS: u64 = 9;

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
    /// Stop a target after this many executions (libFuzzer `-runs`; per process).
    #[arg(long)]
    pub runs: Option<u64>,
    /// libFuzzer processes per target, run at once on the same corpus.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub jobs: u32,
    /// libFuzzer seed of the first process (process `i` gets `seed + i`; default: libFuzzer
    /// draws one per process). At most 2^31 − 64 (libFuzzer reads it as an `int`; 0 means
    /// "draw one").
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=(i32::MAX as i64 - 64)))]
    pub seed: Option<u32>,
}

impl Args {
    /// The smoke run of `cargo xtask test`: every target for [`SMOKE_SECONDS`] (81 s of
    /// fuzzing in all; with process start-up and the replay of every stored input the stage
    /// stays within 2 minutes, see `docs/fuzzing.md`).
    pub fn smoke() -> Args {
        Args { target: None, time: Some(SMOKE_SECONDS), runs: None, jobs: 1, seed: None }
    }
}

/// What one target's run did.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    pub target: String,
    /// Executions of all the target's processes.
    pub executions: u64,
    /// Processes (`--jobs`).
    pub jobs: u32,
    /// Wall time of the target's run (from the processes' start-up to the last one's final
    /// statistics).
    pub seconds: f64,
    /// libFuzzer's peak resident set, MiB (the largest of the processes').
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
            "{:<12} {:>12} executions in {:>7.1} s ({:>7.0}/s{}), peak RSS {} MiB, no crash",
            o.target,
            o.executions,
            o.seconds,
            o.executions as f64 / o.seconds.max(0.001),
            if o.jobs > 1 { format!(", {} processes", o.jobs) } else { String::new() },
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
        let start = std::time::Instant::now();
        let mut running = Vec::new();
        for job in 0..a.jobs {
            let mut c = nightly_fuzz();
            c.args(["run", "--fuzz-dir", "fuzz", "--debug-assertions", "--sanitizer", "none"])
                .arg(t)
                .arg(&corpus)
                .arg(&regressions)
                .arg("--");
            c.args(libfuzzer_args(a, job));
            let log_path = logs.join(log_name(t, a.jobs, job));
            let log_file =
                std::fs::File::create(&log_path).with_context(|| format!("cannot create {}", log_path.display()))?;
            c.stdout(Stdio::null()).stderr(log_file);
            eprintln!("+ {}  (log: {})", show(&c), log_path.display());
            let child = c.spawn().with_context(|| format!("cannot start {}", show(&c)))?;
            running.push((child, log_path));
        }
        // Every process is waited for (none is left running), then the first failure reported.
        let mut finished = Vec::new();
        for (mut child, log_path) in running {
            let status = child.wait().with_context(|| format!("waiting for fuzz target `{t}`"))?;
            finished.push((status, log_path));
        }
        let seconds = start.elapsed().as_secs_f64();
        let (mut executions, mut peak_rss_mb) = (0u64, 0u64);
        for (status, log_path) in &finished {
            let log = std::fs::read_to_string(log_path).unwrap_or_default();
            if !status.success() {
                let tail: Vec<&str> = log.lines().rev().take(40).collect::<Vec<_>>().into_iter().rev().collect();
                bail!(
                    "fuzz target `{t}` failed ({}; log {}):\n{}\n\nReplay the saved input with `cargo run --manifest-path \
                     fuzz/Cargo.toml --example replay -- {t} <artifact>`, minimize it with `cargo +{nightly} fuzz tmin \
                     --fuzz-dir fuzz {t} <artifact>`, fix the defect, and keep the input under fuzz/regressions/{t}/ (and a \
                     plain test).",
                    status,
                    log_path.display(),
                    tail.join("\n"),
                    nightly = provision::NIGHTLY,
                );
            }
            executions += stat(&log, "number_of_executed_units").with_context(|| {
                format!("fuzz target `{t}`: no execution count in libFuzzer's output ({})", log_path.display())
            })?;
            peak_rss_mb = peak_rss_mb.max(stat(&log, "peak_rss_mb").unwrap_or(0));
        }
        out.push(Outcome { target: t.to_string(), executions, jobs: a.jobs, seconds, peak_rss_mb });
    }
    Ok(out)
}

/// The libFuzzer options of process `job` of a run: the limits, `-runs`, `-max_total_time`
/// and `-seed`.
fn libfuzzer_args(a: &Args, job: u32) -> Vec<String> {
    let mut v: Vec<String> = LIBFUZZER_FLAGS.iter().map(|f| f.to_string()).collect();
    if let Some(n) = a.runs {
        v.push(format!("-runs={n}"));
    }
    match (a.time, a.runs) {
        (Some(s), _) => v.push(format!("-max_total_time={s}")),
        (None, None) => v.push(format!("-max_total_time={DEFAULT_SECONDS}")),
        (None, Some(_)) => {}
    }
    if let Some(s) = a.seed {
        v.push(format!("-seed={}", s + job));
    }
    v
}

/// The log file of process `job` of `jobs`: `<target>.log` for a single process.
fn log_name(target: &str, jobs: u32, job: u32) -> String {
    if jobs == 1 {
        format!("{target}.log")
    } else {
        format!("{target}.{job}.log")
    }
}

/// `cargo +<pinned nightly> fuzz …` ([`crate::provision::NIGHTLY`]) from the workspace root,
/// whatever toolchain runs the xtask.
///
/// The fuzz binaries link the Verilated `texcore_sampler` (target `spi_rtl`):
/// `TEXCORE_RTLSIM_REQUIRE=1` makes a missing Verilator a build error instead of a model-less
/// build, and `TEXCORE_RTLSIM_SANCOV=1` compiles the model with clang++ and libFuzzer's
/// coverage instrumentation (`-fsanitize-coverage=inline-8bit-counters,pc-table`), so the
/// RTL's branches guide the fuzzer (`TEXCORE_RTLSIM_SANCOV=0` in the environment turns it
/// off: the model is then built by the default C++ compiler and guides nothing, for no
/// measurable gain in speed on the current device; `docs/fuzzing.md`).
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
    fn processes_get_consecutive_seeds_and_their_own_logs() {
        let a = Args { target: Some("ops".into()), time: Some(30), runs: None, jobs: 3, seed: Some(11) };
        assert_eq!(
            libfuzzer_args(&a, 2),
            ["-rss_limit_mb=1024", "-timeout=10", "-print_final_stats=1", "-max_total_time=30", "-seed=13"]
        );
        assert_eq!(log_name("ops", 3, 2), "ops.2.log");
        let smoke = Args::smoke();
        assert_eq!(
            libfuzzer_args(&smoke, 0),
            ["-rss_limit_mb=1024", "-timeout=10", "-print_final_stats=1", "-max_total_time=9"]
        );
        assert_eq!(log_name("ops", smoke.jobs, 0), "ops.log");
        let runs = Args { runs: Some(5), time: None, ..smoke };
        assert_eq!(libfuzzer_args(&runs, 0)[3..], ["-runs=5"]);
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
