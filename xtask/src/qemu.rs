//! `cargo xtask qemu cm4|rv32`: build the firmware, run it under QEMU with a timeout, and
//! return its verdict (the semihosting exit status).

use std::io::Read;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use clap::{Args as ClapArgs, ValueEnum};

use crate::util::{cargo, exec, root, show};

/// A firmware machine.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Machine {
    /// Cortex-M4F on QEMU mps2-an386 (thumbv7em-none-eabihf).
    Cm4,
    /// RV32IMAC on QEMU virt (riscv32imac-unknown-none-elf).
    Rv32,
}

impl Machine {
    pub fn target(self) -> &'static str {
        match self {
            Machine::Cm4 => "thumbv7em-none-eabihf",
            Machine::Rv32 => "riscv32imac-unknown-none-elf",
        }
    }

    fn qemu(self) -> Command {
        let mut c = match self {
            Machine::Cm4 => {
                let mut c = Command::new("qemu-system-arm");
                c.args(["-machine", "mps2-an386", "-cpu", "cortex-m4"]);
                c
            }
            Machine::Rv32 => {
                let mut c = Command::new("qemu-system-riscv32");
                c.args(["-machine", "virt", "-bios", "none"]);
                c
            }
        };
        c.args(["-nographic", "-monitor", "none", "-serial", "none", "-semihosting-config", "enable=on,target=native"]);
        c
    }
}

#[derive(ClapArgs)]
pub struct Args {
    /// Which machine.
    pub machine: Machine,
    /// Build with the `fail` feature (a deliberately corrupted expected value): the run must
    /// then fail.
    #[arg(long)]
    pub fail: bool,
    /// Kill QEMU after this many seconds.
    #[arg(long, default_value_t = 60)]
    pub timeout: u64,
}

/// Builds and runs; `Ok(output)` when the firmware exits 0.
pub fn run(args: &Args) -> Result<String> {
    let elf = build(args.machine, args.fail)?;
    let mut cmd = args.machine.qemu();
    cmd.arg("-kernel").arg(&elf).stdout(Stdio::piped()).stderr(Stdio::inherit()).stdin(Stdio::null());
    eprintln!("+ {}", show(&cmd));
    let mut child = cmd.spawn().with_context(|| format!("cannot start {}", show(&cmd)))?;
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait()? {
            break s;
        }
        if start.elapsed() > Duration::from_secs(args.timeout) {
            let _ = child.kill();
            let _ = child.wait();
            bail!("QEMU timed out after {} s", args.timeout);
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let mut out = String::new();
    if let Some(mut so) = child.stdout.take() {
        so.read_to_string(&mut out)?;
    }
    print!("{out}");
    if !status.success() {
        bail!("firmware on {:?} failed ({status})", args.machine);
    }
    Ok(out)
}

/// `cargo build` of the firmware; returns the ELF path.
pub fn build(machine: Machine, fail: bool) -> Result<PathBuf> {
    let mut c = cargo();
    c.args(["build", "-q", "-p", "texcore-firmware", "--release", "--target", machine.target()]);
    if fail {
        c.args(["--features", "fail"]);
        // Separate target dir so the passing build is not overwritten.
        c.env("CARGO_TARGET_DIR", root().join("target/fail"));
        exec(c)?;
        return Ok(root().join("target/fail").join(machine.target()).join("release/texcore-firmware"));
    }
    exec(c)?;
    Ok(root().join("target").join(machine.target()).join("release/texcore-firmware"))
}
