//! `cargo xtask test`: everything, in order, stopping at the first failure.

use anyhow::{bail, Result};
use clap::Args as ClapArgs;

use crate::provision;
use crate::qemu::{self, Machine};
use crate::util::{cargo, exec};

#[derive(ClapArgs)]
pub struct Args {
    /// Skip the firmware/QEMU stage (for quick local iterations; CI never passes this).
    #[arg(long)]
    pub no_qemu: bool,
}

pub fn run_all(args: Args) -> Result<()> {
    provision::rust_targets()?;
    if !args.no_qemu {
        provision::debian(&provision::QEMU)?;
    }

    step("host tests (core, hal, xtask)");
    let mut t = cargo();
    t.args(["test", "--workspace", "--exclude", "texcore-firmware"]);
    exec(t)?;

    step("clippy, all targets, warnings denied");
    let mut c = cargo();
    c.args(["clippy", "--workspace", "--all-targets", "--", "-D", "warnings"]);
    exec(c)?;
    let mut c = cargo();
    c.args(["clippy", "-p", "texcore", "--features", "defmt", "--", "-D", "warnings"]);
    exec(c)?;

    step("texcore for the embedded targets, with and without defmt");
    for target in provision::TARGETS {
        for features in [None, Some("defmt")] {
            let mut b = cargo();
            b.args(["build", "-q", "-p", "texcore", "--release", "--target", target]);
            if let Some(f) = features {
                b.args(["--features", f]);
            }
            exec(b)?;
            let mut f = cargo();
            f.args(["build", "-q", "-p", "texcore-firmware", "--release", "--target", target]);
            if let Some(feat) = features {
                f.args(["--features", feat]);
            }
            exec(f)?;
        }
    }

    if args.no_qemu {
        eprintln!("note: --no-qemu given: firmware self-check in QEMU NOT run");
        return Ok(());
    }
    step("firmware self-check in QEMU (must pass), and with a corrupted expectation (must fail)");
    for m in [Machine::Cm4, Machine::Rv32] {
        let out = qemu::run(&qemu::Args { machine: m, fail: false, timeout: 60 })?;
        if !out.contains(" 0 failed") {
            bail!("{m:?}: self-check output has no `0 failed` line");
        }
        match qemu::run(&qemu::Args { machine: m, fail: true, timeout: 60 }) {
            Ok(_) => bail!("{m:?}: firmware built with `fail` passed: the self-check cannot fail"),
            Err(e) => eprintln!("ok: {m:?} with a corrupted expectation fails as it must ({e})"),
        }
    }
    eprintln!("\nall test stages passed");
    Ok(())
}

pub fn run(args: Args) -> Result<()> {
    run_all(args)
}

fn step(name: &str) {
    eprintln!("\n==== {name}");
}
