//! Verilates `texcore_sampler` (the sources of `hdl-vectors/rtl/texcore_sampler.f`) and links
//! it with the C++ shim `csrc/shim.cpp`.
//!
//! Needs Verilator (≥ 5.006) and a C++ compiler; `cargo xtask cosim --ops sampler`
//! provisions both. Without Verilator on `PATH` (or in `$VERILATOR`) the crate builds
//! without the model (a cargo warning says so) and [`texcore_rtlsim::Rtl::new`] returns an
//! error naming the missing tool, so `cargo clippy --workspace` works on machines without
//! it. `TEXCORE_RTLSIM_REQUIRE=1` turns a missing Verilator into a build error.

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-env-changed=VERILATOR");
    println!("cargo:rerun-if-env-changed=TEXCORE_RTLSIM_REQUIRE");
    println!("cargo:rerun-if-env-changed=PATH");
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
    let jobs = std::env::var("NUM_JOBS").unwrap_or_else(|_| "2".into());
    let mut v = Command::new(&verilator);
    v.args(["--cc", "--build", "-j", &jobs, "-O3", "--x-assign", "fast", "--x-initial", "fast"])
        .args(["-CFLAGS", "-O2", "-CFLAGS", "-fPIC", "--top-module", "texcore_sampler", "--Mdir"])
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
