//! The parts of the xtask that other crates use as a library: the `exec` command's scenario
//! loader and runner ([`exec::run_source`]), which the fuzz targets in `fuzz/` drive with
//! arbitrary scenario text. The binary (`src/main.rs`) is the `cargo xtask` CLI.

pub mod exec;
