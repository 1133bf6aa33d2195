//! `texcore-rtlsim`: the co-simulation of `texcore_sampler` through the HAL driver.
//!
//! ```text
//! texcore-rtlsim [--vectors DIR] [--vector-limit N] [--ops N] [--sample-ops N] [--frames N]
//!                [--faults N] [--garbage N] [--seed S]
//! ```
//!
//! Runs, in order: the embedded self-check, lock-step over the op-level `fetch` / `store`
//! vectors of DIR (first N of each unit), lock-step over N seeded ops, lock-step over
//! `--sample-ops` seeded sampling quads (`SAMPLE_L`, `SAMPLE`, `SAMPLE_B`, `SAMPLE_D`, `TEX`, `TXB`, `TXL`, `TXD` in turn)
//! and as many `SAMPLE_C_LZ` / `GATHER4` / `SAMPLE_C` / shadow `TEX`-family quads (a quarter
//! each) at both sides of the sampling
//! subset, raw frames against
//! the model device, wire faults, garbage on the bus. Prints one line per run, then
//! `N passed, M failed` and `divergences: D`; exits 1 on any failure.

use std::process::ExitCode;
use std::time::Instant;

use texcore_rtlsim::cosim::{self, Outcome};
use texcore_rtlsim::{Rtl, Timing};

struct Args {
    vectors: Option<std::path::PathBuf>,
    vector_limit: usize,
    ops: usize,
    sample_ops: usize,
    frames: usize,
    faults: usize,
    garbage: usize,
    seed: u64,
}

fn parse() -> Result<Args, String> {
    let mut a = Args {
        vectors: None,
        vector_limit: usize::MAX,
        ops: 2000,
        sample_ops: 1000,
        frames: 500,
        faults: 200,
        garbage: 50,
        seed: 1,
    };
    let mut it = std::env::args().skip(1);
    while let Some(k) = it.next() {
        let mut v = || it.next().ok_or_else(|| format!("{k} needs a value"));
        let num = |s: String| s.parse::<u64>().map_err(|e| format!("{k}: {e}"));
        match k.as_str() {
            "--vectors" => a.vectors = Some(v()?.into()),
            "--vector-limit" => a.vector_limit = num(v()?)? as usize,
            "--ops" => a.ops = num(v()?)? as usize,
            "--sample-ops" => a.sample_ops = num(v()?)? as usize,
            "--frames" => a.frames = num(v()?)? as usize,
            "--faults" => a.faults = num(v()?)? as usize,
            "--garbage" => a.garbage = num(v()?)? as usize,
            "--seed" => a.seed = num(v()?)?,
            "-h" | "--help" => {
                println!(
                    "texcore-rtlsim [--vectors DIR] [--vector-limit N] [--ops N] [--sample-ops N] [--frames N] \
                     [--faults N] [--garbage N] [--seed S]"
                );
                std::process::exit(0);
            }
            other => return Err(format!("unknown argument `{other}`")),
        }
    }
    Ok(a)
}

fn report(o: &Outcome, timing: &Timing) {
    let sim_s = o.cycles as f64 * f64::from(timing.clk_ns) * 1e-9;
    let rate =
        if o.ops > 0 && sim_s > 0.0 { format!(", {:.0} ops/s simulated", o.ops as f64 / sim_s) } else { String::new() };
    println!(
        "{:<17} {:>7} passed, {} failed, {} divergences; {} ops, {} cycles ({:.3} s at {} MHz{rate}); {:.1} s wall, {:.0} ops/s wall; {}",
        o.name,
        o.passed,
        o.failed,
        o.divergences,
        o.ops,
        o.cycles,
        sim_s,
        1000 / timing.clk_ns,
        o.seconds,
        if o.seconds > 0.0 { o.ops as f64 / o.seconds } else { 0.0 },
        o.note
    );
}

fn main() -> ExitCode {
    let a = match parse() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let timing = Timing::default();
    let t0 = Instant::now();
    let run = || -> anyhow::Result<Vec<Outcome>> {
        let mut out = Vec::new();
        let rtl = Rtl::new(timing)?;
        println!(
            "texcore_sampler (Verilated): clk {} MHz, SCK {:.1} MHz (clk / {}), SPI {:.1} Mbit/s",
            1000 / timing.clk_ns,
            timing.bit_rate() / 1e6,
            2 * timing.sck_half,
            timing.bit_rate() / 1e6
        );
        let mut push = |o: Outcome| {
            report(&o, &timing);
            out.push(o);
        };
        push(cosim::selfcheck(&rtl)?);
        if let Some(dir) = &a.vectors {
            push(cosim::lockstep_vectors(&rtl, dir, a.vector_limit)?);
        }
        if a.ops > 0 {
            push(cosim::lockstep_ops(&rtl, a.seed, a.ops)?);
        }
        if a.sample_ops > 0 {
            push(cosim::lockstep_sample(&rtl, a.seed, a.sample_ops)?);
            push(cosim::lockstep_compare(&rtl, a.seed, a.sample_ops)?);
        }
        if a.frames > 0 {
            push(cosim::frames(&rtl, a.seed, a.frames)?);
        }
        if a.faults > 0 {
            push(cosim::faults(&rtl, a.seed, a.faults)?.0);
        }
        if a.garbage > 0 {
            push(cosim::garbage(&rtl, a.seed, a.garbage)?);
        }
        Ok(out)
    };
    match run() {
        Ok(out) => {
            let passed: u64 = out.iter().map(|o| o.passed).sum();
            let failed: u64 = out.iter().map(|o| o.failed).sum();
            let div: u64 = out.iter().map(|o| o.divergences).sum();
            let lock: u64 = out.iter().filter(|o| o.name.starts_with("lockstep")).map(|o| o.ops).sum();
            let lock_s =
                |f: fn(&Outcome) -> u64| -> u64 { out.iter().filter(|o| o.name.starts_with("lockstep")).map(f).sum() };
            println!("lock-step ops: {lock}");
            println!(
                "lock-step sampling ops (the ops Subset::RTL governs): {} admitted by the sampling subset and compared, {} refused outside it",
                lock_s(|o| o.sampling),
                lock_s(|o| o.sampling_refused)
            );
            println!("{passed} passed, {failed} failed");
            println!("divergences: {div}");
            eprintln!("texcore-rtlsim: {:.1} s", t0.elapsed().as_secs_f64());
            if failed == 0 && div == 0 {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
