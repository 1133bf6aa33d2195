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
    /// The STM32F407 board profile (feature `stm32f4`: the FPGA driver on SPI1 and GPIO
    /// through stm32f4xx-hal) on QEMU netduinoplus2, an STM32F405 with no FPGA on its bus:
    /// the FPGA check must end in the HAL's typed error and the run fail.
    Stm32f4,
}

impl Machine {
    pub fn target(self) -> &'static str {
        match self {
            Machine::Cm4 => "thumbv7em-none-eabihf",
            Machine::Rv32 => "riscv32imac-unknown-none-elf",
            Machine::Stm32f4 => "thumbv7em-none-eabihf",
        }
    }

    /// The QEMU command line for this machine (without `-kernel`).
    pub fn qemu(self) -> Command {
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
            Machine::Stm32f4 => {
                let mut c = Command::new("qemu-system-arm");
                c.args(["-machine", "netduinoplus2"]);
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
    /// Build with defmt logging (semihosting transport) and decode the log in-process with
    /// `defmt-decoder`; this build also checks the target's kernel forms against the general
    /// path (firmware feature `check-forms`).
    #[arg(long)]
    pub defmt: bool,
}

/// Builds and runs; `Ok(output)` when the firmware exits 0.
pub fn run(args: &Args) -> Result<String> {
    let (status, out) = run_status(args)?;
    if !status.success() {
        bail!("firmware on {:?} failed ({status})", args.machine);
    }
    Ok(out)
}

/// Builds and runs; the exit status and the (decoded) output.
pub fn run_status(args: &Args) -> Result<(std::process::ExitStatus, String)> {
    let elf = build(args.machine, args.fail, args.defmt)?;
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
    let mut raw = Vec::new();
    if let Some(mut so) = child.stdout.take() {
        so.read_to_end(&mut raw)?;
    }
    let out = if args.defmt { decode_defmt(&elf, &raw)? } else { String::from_utf8_lossy(&raw).into_owned() };
    print!("{out}");
    Ok((status, out))
}

/// Decodes a defmt byte stream (the firmware's semihosting stdout) with the ELF's table.
pub fn decode_defmt(elf: &std::path::Path, bytes: &[u8]) -> Result<String> {
    let data = std::fs::read(elf)?;
    let table = defmt_decoder::Table::parse(&data)?.context("the firmware has no .defmt section")?;
    let locs = table.get_locations(&data).ok();
    let mut dec = table.new_stream_decoder();
    dec.received(bytes);
    let mut out = String::new();
    loop {
        match dec.decode() {
            Ok(frame) => {
                let loc = locs
                    .as_ref()
                    .and_then(|l| l.get(&frame.index()))
                    .map(|l| format!("  ({}:{})", l.file.display(), l.line))
                    .unwrap_or_default();
                out.push_str(&format!("{}{}\n", frame.display(false), loc));
            }
            Err(defmt_decoder::DecodeError::UnexpectedEof) => break,
            Err(defmt_decoder::DecodeError::Malformed) => bail!("malformed defmt frame in the firmware output"),
        }
    }
    Ok(out)
}

/// `cargo build` of the firmware; returns the ELF path. Each feature set builds into its
/// own target directory so the variants never overwrite each other.
pub fn build(machine: Machine, fail: bool, defmt: bool) -> Result<PathBuf> {
    let mut c = cargo();
    c.args(["build", "-q", "-p", "texcore-firmware", "--release", "--target", machine.target()]);
    let mut feats = Vec::new();
    if matches!(machine, Machine::Stm32f4) {
        feats.push("stm32f4");
    }
    if fail {
        feats.push("fail");
    }
    if defmt {
        // The defmt build also runs the kernel-forms check (a second configuration of the
        // firmware; the default build stays the one `cargo xtask bench` measures).
        feats.extend(["defmt", "check-forms"]);
    }
    // Honour CARGO_TARGET_DIR (a shared warm cache) like cargo itself does.
    let base = std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from).unwrap_or_else(|| root().join("target"));
    let base = if base.is_relative() { root().join(base) } else { base };
    let dir = if feats.is_empty() { base } else { base.join(format!("fw-{}", feats.join("-"))) };
    if !feats.is_empty() {
        c.args(["--features", &feats.join(",")]);
        c.env("CARGO_TARGET_DIR", &dir);
    }
    exec(c)?;
    Ok(dir.join(machine.target()).join("release/texcore-firmware"))
}
