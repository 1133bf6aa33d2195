//! `cargo xtask bench host`: the batch op against Mesa's llvmpipe on this machine, in one run.
//!
//! Three measurements of the same workload (an RGBA8 2D 256×256 texture with 9 levels,
//! REPEAT, a 2048×2048 grid of screen samples; bilinear magnified 8×, trilinear at
//! λ ≈ 0.58, each on the grid and with every quad at a random place):
//!
//! 1. llvmpipe with one rasterizer thread (`LP_NUM_THREADS=1`: one core), through the C
//!    program `tools/llvmpipe-bench/llvmpipe_bench.c` (EGL surfaceless, one full-screen
//!    triangle per frame into an RGBA8 framebuffer object);
//! 2. texcore's criterion benchmark `core/benches/batch.rs` in the default build: the
//!    per-quad op `sample_quad` (the baseline), the batch op `sample_batch_into` (its form
//!    chosen when texcore is compiled) and `texcore_host::sample_batch_into` (the copy for
//!    this CPU, chosen at run time);
//! 3. texcore's batch op built for this CPU (`RUSTFLAGS="-C target-cpu=native"`,
//!    `target/native`).
//!
//! Prints millions of samples per second and texcore-host's ratio to llvmpipe per core.

use std::path::PathBuf;
use std::process::{Command, Stdio};

use anyhow::{bail, Context, Result};

use crate::util::{cargo, exec, root, show};

/// The four workloads both sides run (criterion's group `batch`, the C program's names).
const WORKLOADS: [&str; 4] = ["bilinear_grid", "bilinear_random", "trilinear_grid", "trilinear_random"];

/// Debian packages the llvmpipe program needs: headers and link libraries, Mesa's EGL and
/// its software rasterizer.
const MESA_PACKAGES: [&str; 5] = ["libegl-dev", "libgl-dev", "libopengl-dev", "libegl-mesa0", "libgl1-mesa-dri"];

/// Options of `cargo xtask bench host`.
pub struct Options {
    /// Frames per llvmpipe workload (4.19 M samples each).
    pub frames: u32,
}

/// Builds the llvmpipe program into `target/llvmpipe-bench/`, installing the Mesa packages
/// when the build fails and this runs as root.
fn build_llvmpipe() -> Result<PathBuf> {
    let src = root().join("tools/llvmpipe-bench/llvmpipe_bench.c");
    let dir = root().join("target/llvmpipe-bench");
    std::fs::create_dir_all(&dir)?;
    let out = dir.join("llvmpipe_bench");
    let cc = || {
        let mut c = Command::new(std::env::var("CC").unwrap_or_else(|_| "cc".into()));
        c.args(["-O2", "-o"]).arg(&out).arg(&src).args(["-lEGL", "-lOpenGL"]);
        c
    };
    if exec(cc()).is_ok() {
        return Ok(out);
    }
    if !crate::provision::is_root() {
        bail!("building the llvmpipe benchmark needs a C compiler and the Debian packages {MESA_PACKAGES:?}");
    }
    crate::provision::apt_install(&MESA_PACKAGES)?;
    exec(cc()).context("building the llvmpipe benchmark")?;
    Ok(out)
}

/// `name → M samples/s` of the llvmpipe program's output lines `<name> <frames> <s> <M/s>`,
/// and its renderer line.
fn llvmpipe(frames: u32) -> Result<(String, Vec<(String, f64)>)> {
    let exe = build_llvmpipe()?;
    let mut cmd = Command::new(&exe);
    cmd.arg(frames.to_string())
        .env("EGL_PLATFORM", "surfaceless")
        .env("LP_NUM_THREADS", "1")
        .stdin(Stdio::null())
        .stderr(Stdio::inherit());
    eprintln!("+ EGL_PLATFORM=surfaceless LP_NUM_THREADS=1 {}", show(&cmd));
    let out = cmd.output().context("running the llvmpipe benchmark")?;
    if !out.status.success() {
        bail!("the llvmpipe benchmark failed ({})", out.status);
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let renderer = text.lines().find_map(|l| l.strip_prefix("# renderer: ")).unwrap_or("?").to_string();
    if !renderer.starts_with("llvmpipe") {
        bail!("the GL renderer is `{renderer}`, not llvmpipe");
    }
    let rates = text
        .lines()
        .filter_map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            Some((f.first()?.to_string(), f.get(3)?.parse().ok()?))
        })
        .filter(|(n, _)| WORKLOADS.contains(&n.as_str()))
        .collect();
    Ok((renderer, rates))
}

/// Criterion's throughput estimate (the middle of `thrpt: [lo mid hi]`) in M elements/s.
fn middle_rate(s: &str) -> Option<f64> {
    let f: Vec<&str> = s.trim().trim_start_matches('[').trim_end_matches(']').split_whitespace().collect();
    let (v, unit) = (f.get(2)?.parse::<f64>().ok()?, *f.get(3)?);
    let scale = match unit {
        "elem/s" => 1e-6,
        "Kelem/s" => 1e-3,
        "Melem/s" => 1.0,
        "Gelem/s" => 1e3,
        _ => return None,
    };
    Some(v * scale)
}

/// `benchmark id → M samples/s` of criterion's standard output (the id on its own line or
/// before `time:`; the `thrpt:` line after it; a `change:` block's percentages are skipped).
fn criterion_rates(stdout: &str) -> Vec<(String, f64)> {
    let mut id: Option<String> = None;
    let mut rates = Vec::new();
    for line in stdout.lines() {
        let t = line.trim_start();
        if t.starts_with("batch/") {
            id = t.split_whitespace().next().map(str::to_string);
        }
        if let Some(rest) = t.strip_prefix("thrpt:") {
            if let (Some(i), Some(v)) = (id.take(), middle_rate(rest)) {
                rates.push((i, v));
            }
        }
    }
    rates
}

/// Runs texcore's batch benchmark on the four workloads: in the default build `sample_quad`,
/// `sample_batch_into` and `host_sample_batch_into`, built for this CPU (`native`)
/// `sample_batch_into`.
fn texcore(native: bool) -> Result<Vec<(String, f64)>> {
    let mut cmd = cargo();
    let (filter, per_workload) = if native {
        ("^batch/(bilinear|trilinear)_(grid|random)/sample_batch_into$", 1)
    } else {
        ("^batch/(bilinear|trilinear)_(grid|random)/(sample_quad|sample_batch_into|host_sample_batch_into)$", 3)
    };
    cmd.args(["bench", "-p", "texcore", "--bench", "batch", "--"])
        .arg(filter)
        .arg("--noplot")
        .stdin(Stdio::null())
        .stderr(Stdio::inherit());
    if native {
        cmd.env("RUSTFLAGS", "-C target-cpu=native").env("CARGO_TARGET_DIR", root().join("target/native"));
    }
    eprintln!("+ {}{}", if native { "RUSTFLAGS=\"-C target-cpu=native\" " } else { "" }, show(&cmd));
    let out = cmd.output().context("running cargo bench")?;
    if !out.status.success() {
        bail!("`cargo bench -p texcore --bench batch` failed ({})", out.status);
    }
    let rates = criterion_rates(&String::from_utf8_lossy(&out.stdout));
    if rates.len() != per_workload * WORKLOADS.len() {
        bail!("expected {} criterion throughputs, read {}", per_workload * WORKLOADS.len(), rates.len());
    }
    Ok(rates)
}

/// The first line of `/proc/cpuinfo`'s `model name` and `/proc/loadavg`.
fn machine() -> (String, String) {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("model name").map(|v| v.trim_start_matches([' ', '\t', ':']).to_string()))
        })
        .unwrap_or_else(|| "?".into());
    let load = std::fs::read_to_string("/proc/loadavg").map(|s| s.trim().to_string()).unwrap_or_else(|_| "?".into());
    (cpu, load)
}

fn get(rates: &[(String, f64)], id: &str) -> Option<f64> {
    rates.iter().find(|(n, _)| n == id).map(|(_, v)| *v)
}

fn cell(v: Option<f64>) -> String {
    v.map_or("-".into(), |v| format!("{v:.1}"))
}

pub fn run(opts: &Options) -> Result<()> {
    let (cpu, load) = machine();
    eprintln!("cpu: {cpu}; load before: {load}");
    let (renderer, lp) = llvmpipe(opts.frames)?;
    let default = texcore(false)?;
    let native = texcore(true)?;
    let (_, load_after) = machine();
    let copy = texcore_host::selected_copy();
    println!(
        "{:<18} {:>10} {:>8} {:>8} {:>13} {:>13} {:>9}",
        "workload", "llvmpipe", "quad", "batch", "texcore-host", "batch native", "host/lp"
    );
    for w in WORKLOADS {
        let l = get(&lp, w);
        let hb = get(&default, &format!("batch/{w}/host_sample_batch_into"));
        let ratio = match (hb, l) {
            (Some(a), Some(b)) if b > 0.0 => format!("{:.2}", a / b),
            _ => "-".into(),
        };
        println!(
            "{:<18} {:>10} {:>8} {:>8} {:>13} {:>13} {:>9}",
            w,
            cell(l),
            cell(get(&default, &format!("batch/{w}/sample_quad"))),
            cell(get(&default, &format!("batch/{w}/sample_batch_into"))),
            cell(hb),
            cell(get(&native, &format!("batch/{w}/sample_batch_into"))),
            ratio
        );
    }
    println!(
        "(M samples/s on one core. llvmpipe: {renderer}, LP_NUM_THREADS=1, {} frames of 2048×2048 per workload, \
         tools/llvmpipe-bench; quad = sample_quad, batch = sample_batch_into, texcore-host = \
         texcore_host::sample_batch_into (copy: {copy}), default build; batch native: RUSTFLAGS=\"-C target-cpu=native\"; \
         criterion's estimates; cpu: {cpu}; load {load} before, {load_after} after)",
        opts.frames
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn criterion_rates_reads_ids_and_middle_estimates() {
        let out = "batch/bilinear_grid/sample_quad\n                        time:   [1.8 ms 1.9 ms 2.0 ms]\n\
                   \x20                       thrpt:  [65.0 Melem/s 70.25 Melem/s 71.0 Melem/s]\n\
                   \x20                change:\n                        time:   [−2.7% −2.3% −2.0%] (p = 0.00 < 0.05)\n\
                   \x20                       thrpt:  [+2.0% +2.4% +2.8%]\n\
                   batch/trilinear_grid/sample_batch_into   time:   [1.7 ms 1.7 ms 1.7 ms]\n\
                   \x20                       thrpt:  [1.1 Gelem/s 1.2 Gelem/s 1.3 Gelem/s]\n";
        let r = criterion_rates(out);
        assert_eq!(
            r,
            vec![
                ("batch/bilinear_grid/sample_quad".to_string(), 70.25),
                ("batch/trilinear_grid/sample_batch_into".to_string(), 1200.0)
            ]
        );
    }

    #[test]
    fn middle_rate_scales_units() {
        assert_eq!(middle_rate(" [1 Kelem/s 500 Kelem/s 2 Kelem/s]"), Some(0.5));
        assert_eq!(middle_rate("[+2.0% +2.4% +2.8%]"), None);
    }
}
