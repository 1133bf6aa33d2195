//! Small process helpers.

use std::path::PathBuf;
use std::process::Command;

use anyhow::{bail, Context, Result};

/// The workspace root (the parent of `xtask/`).
pub fn root() -> PathBuf {
    let here = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    here.parent().map(PathBuf::from).unwrap_or(here)
}

/// `cargo` as invoked by the user (respects `$CARGO`).
pub fn cargo() -> Command {
    let mut c = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    c.current_dir(root());
    c
}

/// Runs a command, echoing it; fails with its exit status.
pub fn exec(mut cmd: Command) -> Result<()> {
    eprintln!("+ {}", show(&cmd));
    let status = cmd.status().with_context(|| format!("cannot start {}", show(&cmd)))?;
    if !status.success() {
        bail!("`{}` failed ({status})", show(&cmd));
    }
    Ok(())
}

/// A command line for messages.
pub fn show(cmd: &Command) -> String {
    let mut s = cmd.get_program().to_string_lossy().into_owned();
    for a in cmd.get_args() {
        s.push(' ');
        s.push_str(&a.to_string_lossy());
    }
    s
}

/// Whether a program is on PATH.
pub fn have(program: &str) -> bool {
    Command::new("sh")
        .arg("-c")
        .arg(format!("command -v {program} >/dev/null 2>&1"))
        .status()
        .map(|s| s.success())
        .unwrap_or(false)
}
