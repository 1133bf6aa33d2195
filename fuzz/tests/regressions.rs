//! Replays, on stable and without libFuzzer, every seed of every target and every stored
//! regression input (`regressions/<target>/*`: inputs that once found a defect, minimized).
//! Part of `cargo xtask test`, so a fixed defect never returns.

//!
//! `spi_rtl` needs the Verilated `texcore_sampler` (Verilator at build time). Without it
//! its inputs are skipped with a message — unless `CI` or `TEXCORE_RTLSIM_REQUIRE=1` is
//! set, where a missing model fails the test (as `TEXCORE_RTLSIM_REQUIRE=1` fails the
//! `texcore-rtlsim` build).

use std::path::PathBuf;

fn here() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Whether `target`'s inputs can run here; panics if they cannot and must.
fn runnable(target: &str) -> bool {
    if target != "spi_rtl" {
        return true;
    }
    match texcore_fuzz::spi_rtl::available() {
        Ok(()) => true,
        Err(e) => {
            let required = std::env::var_os("CI").is_some_and(|v| !v.is_empty())
                || std::env::var("TEXCORE_RTLSIM_REQUIRE").is_ok_and(|v| v == "1");
            assert!(!required, "spi_rtl: {e} (CI / TEXCORE_RTLSIM_REQUIRE=1: the RTL model is required)");
            eprintln!("spi_rtl: SKIPPED, {e}");
            false
        }
    }
}

#[test]
fn every_seed_runs_clean() {
    let root = here().parent().map(PathBuf::from).unwrap_or_else(here);
    let seeds = texcore_fuzz::seeds::all(&root);
    for t in texcore_fuzz::TARGETS {
        let n = seeds.iter().filter(|s| s.target == t.name).count();
        assert!(n >= 4, "target {} has only {n} seeds", t.name);
    }
    for s in &seeds {
        let t = texcore_fuzz::target(s.target).expect("a registered target");
        if runnable(t.name) {
            (t.run)(&s.data);
        }
    }
}

#[test]
fn every_stored_regression_input_runs_clean() {
    let dir = here().join("regressions");
    let mut n = 0;
    for t in texcore_fuzz::TARGETS {
        let Ok(rd) = std::fs::read_dir(dir.join(t.name)) else { continue };
        if !runnable(t.name) {
            continue;
        }
        let mut files: Vec<PathBuf> = rd.flatten().map(|e| e.path()).filter(|p| p.is_file()).collect();
        files.sort();
        for p in files {
            if p.extension().is_some_and(|e| e == "md") {
                continue;
            }
            let data = std::fs::read(&p).expect("readable");
            eprintln!("{}: {}", t.name, p.display());
            (t.run)(&data);
            n += 1;
        }
    }
    eprintln!("{n} regression inputs replayed");
}

/// Every directory under `regressions/` names a target (a typo would silently skip inputs).
#[test]
fn regression_directories_name_targets() {
    let Ok(rd) = std::fs::read_dir(here().join("regressions")) else { return };
    for e in rd.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        if e.path().is_dir() {
            assert!(texcore_fuzz::target(&name).is_some(), "regressions/{name} is not a target");
        }
    }
}
