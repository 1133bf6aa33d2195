//! texcore firmware. On a `target_os = "none"` target this is the on-target self-check; on
//! the host it is a stub so `cargo clippy --workspace --all-targets` works.
#![cfg_attr(target_os = "none", no_std, no_main)]

#[cfg(target_os = "none")]
mod fw;

#[cfg(not(target_os = "none"))]
fn main() {
    eprintln!("texcore-firmware: build with --target thumbv7em-none-eabihf or riscv32imac-unknown-none-elf");
    std::process::exit(2);
}
