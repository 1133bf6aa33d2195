//! `cargo xtask bench cm4|rv32`: retired instructions per op on the firmware targets;
//! `cargo xtask bench host`: the host batch op against Mesa's llvmpipe ([`host`]).
//!
//! On the firmware targets it builds the firmware, compiles the QEMU TCG plugin
//! `tools/qemu-plugin/insncount.c` with `cc`, looks up the `bench_start`/`bench_end` marker addresses in the ELF (`object`),
//! runs QEMU under `-icount shift=0` with the plugin, and pairs each `bench <name> <samples>`
//! line the firmware prints with the plugin's `insncount: pair <n> <count>` lines.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{bail, Context, Result};
use clap::{Args as ClapArgs, ValueEnum};
use object::{Object, ObjectSymbol};

use crate::qemu::{self, Machine};
use crate::util::{exec, root, show};

mod host;

#[derive(ClapArgs)]
pub struct Args {
    /// Where: a firmware target (cm4, rv32) or this host against llvmpipe (host).
    pub target: Target,
    /// Frames per llvmpipe workload (`host` only; 4.19 M samples each).
    #[arg(long, default_value_t = 40)]
    pub frames: u32,
}

/// What `cargo xtask bench` measures.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Target {
    /// Retired instructions per op on the Cortex-M4F (QEMU mps2-an386).
    Cm4,
    /// Retired instructions per op on RV32IMAC (QEMU virt).
    Rv32,
    /// Samples per second of the batch op on this host (default build and built for this
    /// CPU) and of Mesa's llvmpipe on one core, on the same workload.
    Host,
}

/// One benchmark result.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub name: String,
    pub samples: u64,
    pub instructions: u64,
    /// Peak stack of one call in bytes (the firmware's painted-stack measurement).
    pub stack: Option<u64>,
}

impl Row {
    pub fn per_sample(&self) -> f64 {
        self.instructions as f64 / self.samples.max(1) as f64
    }
}

/// Compiles the plugin into `target/qemu-plugin/libinsncount.so`.
pub fn build_plugin() -> Result<PathBuf> {
    let src = root().join("tools/qemu-plugin/insncount.c");
    let out_dir = root().join("target/qemu-plugin");
    std::fs::create_dir_all(&out_dir)?;
    let out = out_dir.join("libinsncount.so");
    let mut cc = Command::new(std::env::var("CC").unwrap_or_else(|_| "cc".into()));
    cc.args(["-O2", "-shared", "-fPIC", "-fvisibility=hidden", "-o"]).arg(&out).arg(&src);
    exec(cc).context("building the QEMU instruction-count plugin needs a C compiler (cc)")?;
    Ok(out)
}

/// Address of a symbol (Thumb bit cleared).
pub fn symbol(elf: &Path, name: &str) -> Result<u64> {
    let data = std::fs::read(elf).with_context(|| format!("reading {}", elf.display()))?;
    let file = object::File::parse(&*data)?;
    for s in file.symbols() {
        if s.name() == Ok(name) {
            return Ok(s.address() & !1);
        }
    }
    bail!("symbol `{name}` not found in {}", elf.display())
}

/// Runs the benchmarks on `machine` and returns the rows.
pub fn measure(machine: Machine) -> Result<Vec<Row>> {
    let elf = qemu::build(machine, false, false)?;
    let plugin = build_plugin()?;
    let start = symbol(&elf, "bench_start")?;
    let end = symbol(&elf, "bench_end")?;
    let mut cmd = machine.qemu();
    cmd.args(["-icount", "shift=0", "-d", "plugin", "-plugin"])
        .arg(format!("{},start={start:#x},end={end:#x}", plugin.display()))
        .arg("-kernel")
        .arg(&elf)
        .stdin(Stdio::null());
    eprintln!("+ {}", show(&cmd));
    let out = cmd.output().context("running QEMU")?;
    if !out.status.success() {
        bail!("firmware failed under the benchmark run ({})", out.status);
    }
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    let names: Vec<(String, u64)> = text
        .lines()
        .filter_map(|l| l.strip_prefix("bench "))
        .filter_map(|l| {
            let mut it = l.split_whitespace();
            Some((it.next()?.to_string(), it.next()?.parse().ok()?))
        })
        .collect();
    let counts: Vec<u64> = text
        .lines()
        .filter_map(|l| l.strip_prefix("insncount: pair "))
        .filter_map(|l| l.split_whitespace().nth(1)?.parse().ok())
        .collect();
    if names.is_empty() || names.len() != counts.len() {
        bail!("benchmark output did not pair up: {} names, {} counts", names.len(), counts.len());
    }
    let stacks: Vec<(String, u64)> = text
        .lines()
        .filter_map(|l| l.strip_prefix("stack "))
        .filter_map(|l| {
            let mut it = l.split_whitespace();
            Some((it.next()?.to_string(), it.next()?.parse().ok()?))
        })
        .collect();
    Ok(names
        .into_iter()
        .zip(counts)
        .map(|((name, samples), instructions)| {
            let stack = stacks.iter().find(|(n, _)| *n == name).map(|(_, b)| *b);
            Row { name, samples, instructions, stack }
        })
        .collect())
}

pub fn run(args: &Args) -> Result<()> {
    let machine = match args.target {
        Target::Cm4 => Machine::Cm4,
        Target::Rv32 => Machine::Rv32,
        Target::Host => return host::run(&host::Options { frames: args.frames }),
    };
    let rows = measure(machine)?;
    println!("{:<24} {:>10} {:>14} {:>12} {:>12}", "op", "samples", "instructions", "per sample", "stack bytes");
    for r in &rows {
        let st = r.stack.map_or("-".to_string(), |b| b.to_string());
        println!("{:<24} {:>10} {:>14} {:>12.1} {:>12}", r.name, r.samples, r.instructions, r.per_sample(), st);
    }
    println!("(retired instructions on {:?}, QEMU -icount, loop and call overhead included)", machine);
    Ok(())
}
