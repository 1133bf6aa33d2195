//! `cargo xtask …`: the project's task runner (see the README for every command).

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use xtask::exec;

mod bench;
mod cosim;
#[cfg(feature = "probe")]
mod flash;
mod fuzz;
mod provision;
mod qemu;
mod render;
mod size;
mod synth;
mod test;
mod util;
mod vectors;

#[derive(Parser)]
#[command(name = "cargo xtask", about = "texcore task runner", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run every test: host tests, clippy, embedded builds, firmware self-check in QEMU.
    /// Provisions missing rustup targets (and Debian packages when run as root).
    Test(test::Args),
    /// Build the firmware for a target and run its self-check in QEMU; the exit code is the
    /// firmware's verdict.
    Qemu(qemu::Args),
    /// Write HDL test vectors, memory images and manifest.json (default: every unit, level 2,
    /// into hdl-vectors/out/).
    Vectors(vectors::Args),
    /// Generate vectors, build and run the reference-RTL testbenches with Verilator (level 2)
    /// and Icarus (level 1), and check that a flipped expected bit is caught.
    Cosim(cosim::Args),
    /// Yosys (iCE40, ECP5, Xilinx 7) cell counts and nextpnr-ice40 HX8K Fmax of every
    /// reference-RTL block.
    Synth(synth::Args),
    /// Retired instructions per op on a firmware target (QEMU + a TCG plugin built on the fly).
    Bench(bench::Args),
    /// Flash / RAM per section of the firmware and the core's share.
    Size(size::Args),
    /// Flash the board firmware with probe-rs, reset and stream its RTT log.
    Flash(FlashArgs),
    /// Render pictures of the texture unit through the core's sampling ops (filters, mip
    /// levels and λ, error against the f64 reference, cube maps, wrap modes, component table,
    /// shadows) as PNG files; exit code 2 on bad arguments.
    Render(render::Args),
    /// Assemble and run instructions of the seeds on a scenario (textures, bindings,
    /// registers) and print the final registers; exit code 2 on a bad scenario or program.
    Exec(exec::Args),
    /// Run the libFuzzer targets of fuzz/ (nightly + cargo-fuzz, installed if missing) from
    /// their seed corpora and stored regression inputs; fails on any crash, hang or leak.
    Fuzz(fuzz::Args),
}

/// `flash` arguments (kept here so the command exists, with a clear message, even in an
/// xtask built without the `probe` feature).
#[derive(clap::Args)]
struct FlashArgs {
    /// probe-rs chip name, e.g. STM32F407VGTx.
    #[arg(long)]
    chip: String,
    /// Stream RTT output for this many seconds after reset (0 = do not attach).
    #[arg(long, default_value_t = 10)]
    rtt_seconds: u64,
}

#[cfg(feature = "probe")]
fn flash_cmd(a: &FlashArgs) -> anyhow::Result<()> {
    flash::run(&flash::Args { chip: a.chip.clone(), rtt_seconds: a.rtt_seconds })
}

#[cfg(not(feature = "probe"))]
fn flash_cmd(a: &FlashArgs) -> anyhow::Result<()> {
    anyhow::bail!("this xtask was built without probe-rs (feature `probe`); rebuild with `cargo run -p xtask --features probe -- flash --chip {}`", a.chip)
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { ExitCode::from(2) } else { ExitCode::SUCCESS };
        }
    };
    let result = match cli.command {
        Command::Test(a) => test::run(a),
        Command::Qemu(a) => qemu::run(&a).map(|_| ()),
        Command::Vectors(a) => vectors::run(&a),
        Command::Cosim(a) => cosim::run(&a),
        Command::Synth(a) => synth::run(&a),
        Command::Bench(a) => bench::run(&a),
        Command::Size(a) => size::run(&a),
        Command::Flash(a) => flash_cmd(&a),
        Command::Exec(a) => return exec::main(&a),
        Command::Fuzz(a) => fuzz::run(&a),
        Command::Render(a) => render::run(&a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
