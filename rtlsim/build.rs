//! Verilates `texcore_sampler` (the sources of `hdl-vectors/rtl/texcore_sampler.f`) and links
//! it with the C++ shim `csrc/shim.cpp`.
//!
//! Needs Verilator (≥ 5.006) and a C++ compiler; `cargo xtask cosim --ops sampler`
//! provisions both. Without Verilator on `PATH` (or in `$VERILATOR`) the crate builds
//! without the model (a cargo warning says so) and [`texcore_rtlsim::Rtl::new`] returns an
//! error naming the missing tool, so `cargo clippy --workspace` works on machines without
//! it. `TEXCORE_RTLSIM_REQUIRE=1` turns a missing Verilator into a build error.
//!
//! The Verilated C++ is compiled with `-O2` (Verilator's makefile would compile the model's
//! evaluation code with `-Os`, `OPT_FAST`, which runs it about 1.3× slower); no
//! machine-specific flags, so the build stays portable and its results are those of any
//! other build (integer code only).
//!
//! `TEXCORE_RTLSIM_SANCOV=1` (set by `cargo xtask fuzz` for the `spi_rtl` target) compiles
//! the model with clang++ and `-fsanitize-coverage=inline-8bit-counters,pc-table`, so that
//! libFuzzer, which defines the counters' callbacks, is guided by the RTL's branches too.
//! Only a binary linked with libFuzzer can use such a build.

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-env-changed=VERILATOR");
    println!("cargo:rerun-if-env-changed=TEXCORE_RTLSIM_REQUIRE");
    println!("cargo:rerun-if-env-changed=PATH");
    println!("cargo:rerun-if-env-changed=TEXCORE_RTLSIM_SANCOV");
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR"));
    let hdl = manifest.join("../hdl-vectors");
    let list = hdl.join("rtl/texcore_sampler.f");
    println!("cargo:rerun-if-changed={}", list.display());
    println!("cargo:rerun-if-changed={}", manifest.join("csrc/shim.cpp").display());
    println!("cargo:rerun-if-changed={}", hdl.join("generated/texcore_regs.vh").display());
    println!("cargo:rerun-if-changed={}", hdl.join("generated/texcore_srgb_lut.svh").display());
    let text = std::fs::read_to_string(&list).unwrap_or_else(|e| panic!("{}: {e}", list.display()));
    let files: Vec<PathBuf> =
        text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with("//")).map(|l| hdl.join(l)).collect();
    for f in &files {
        println!("cargo:rerun-if-changed={}", f.display());
    }

    let verilator = std::env::var("VERILATOR").unwrap_or_else(|_| "verilator".into());
    let root = Command::new(&verilator).args(["--getenv", "VERILATOR_ROOT"]).output();
    let root = match root {
        Ok(o) if o.status.success() => PathBuf::from(String::from_utf8_lossy(&o.stdout).trim()),
        _ => {
            if std::env::var("TEXCORE_RTLSIM_REQUIRE").is_ok_and(|v| v == "1") {
                panic!("texcore-rtlsim: `{verilator}` not found (install Verilator, e.g. `apt-get install verilator`)");
            }
            println!(
                "cargo:warning=texcore-rtlsim: no Verilator (`{verilator}`): built without the RTL model; \
                 `cargo xtask cosim --ops sampler` provisions it"
            );
            return;
        }
    };

    let out = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR"));
    let obj = out.join("vobj");
    // A fresh directory: make would keep objects compiled with other flags.
    let _ = std::fs::remove_dir_all(&obj);
    let jobs = std::env::var("NUM_JOBS").unwrap_or_else(|_| "2".into());
    let mut v = Command::new(&verilator);
    v.args(["--cc", "--build", "-j", &jobs, "-O3", "--x-assign", "fast", "--x-initial", "fast"]).args([
        "-CFLAGS",
        "-O2",
        "-CFLAGS",
        "-fPIC",
        "-MAKEFLAGS",
        "OPT_FAST=-O2",
        "-MAKEFLAGS",
        "OPT_GLOBAL=-O2",
    ]);
    let sancov = std::env::var("TEXCORE_RTLSIM_SANCOV").is_ok_and(|v| v == "1");
    if sancov {
        v.args(["-MAKEFLAGS", "CXX=clang++", "-CFLAGS", "-fsanitize-coverage=inline-8bit-counters,pc-table"]);
    }
    v.args(["--top-module", "texcore_sampler", "--Mdir"])
        .arg(&obj)
        .arg(format!("-I{}", hdl.join("generated").display()))
        .args(&files);
    let status = v.status().unwrap_or_else(|e| panic!("cannot start {verilator}: {e}"));
    assert!(status.success(), "verilator failed on {}", list.display());

    let include = root.join("include");
    let mut b = cc::Build::new();
    b.cpp(true)
        .opt_level(2)
        .flag_if_supported("-std=c++17")
        .flag_if_supported("-faligned-new")
        .flag_if_supported("-Wno-unused-parameter")
        .flag_if_supported("-Wno-unused-variable")
        .flag_if_supported("-Wno-sign-compare")
        .include(&obj)
        .include(&include)
        .include(include.join("vltstd"))
        .file(manifest.join("csrc/shim.cpp"))
        .file(include.join("verilated.cpp"))
        .file(include.join("verilated_threads.cpp"));
    b.compile("texcore_sampler_shim");
    println!("cargo:rustc-link-search=native={}", obj.display());
    link_archive(&obj.join("Vtexcore_sampler__ALL.a"));
    println!("cargo:rustc-link-lib=dylib=stdc++");
    println!("cargo:rustc-link-lib=dylib=pthread");
    println!("cargo:rustc-cfg=rtlsim_model");
}

/// Links a static archive by path (`Vtexcore_sampler__ALL.a` has no `lib` prefix).
fn link_archive(path: &Path) {
    let name = path.file_stem().and_then(|s| s.to_str()).expect("archive name");
    // `-l static:+verbatim=NAME.a` links the file as named.
    println!("cargo:rustc-link-lib=static:+verbatim={name}.a");
}
