//! `cargo xtask …`: the project's task runner (see the README for every command).

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod provision;
mod qemu;
mod test;
mod util;

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
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
