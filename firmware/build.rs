//! Selects the memory map by architecture and adds the linker scripts (embassy / rp-hal
//! style `cargo:rustc-link-arg`, so `cargo build --target …` needs no extra rustflags).
use std::{env, fs, path::PathBuf};

fn main() {
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("OUT_DIR"));
    let arch = env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
    let board = env::var_os("CARGO_FEATURE_STM32F4").is_some();
    let mem: &[u8] = match arch.as_str() {
        "arm" if board => include_bytes!("memory-stm32f407.x"),
        "arm" => include_bytes!("memory-mps2-an386.x"),
        "riscv32" => include_bytes!("memory-qemu-virt-rv32.x"),
        _ => b"",
    };
    fs::write(out.join("memory.x"), mem).expect("write memory.x");
    println!("cargo:rustc-link-search={}", out.display());
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=memory-mps2-an386.x");
    println!("cargo:rerun-if-changed=memory-qemu-virt-rv32.x");
    println!("cargo:rerun-if-changed=memory-stm32f407.x");
    if env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("none") {
        if arch == "riscv32" {
            // riscv-rt's link.x does not include memory.x itself.
            println!("cargo:rustc-link-arg=-Tmemory.x");
        }
        println!("cargo:rustc-link-arg=-Tlink.x");
        if env::var_os("CARGO_FEATURE_DEFMT").is_some() {
            println!("cargo:rustc-link-arg=-Tdefmt.x");
        }
    }
}
