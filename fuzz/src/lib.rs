//! Fuzz targets for every entry point of texcore: the core's descriptors, ops and queries,
//! the instruction layer (assembler, disassembler, executor), the HAL (the FPGA driver over
//! a damaging link, the frame and op codecs, the simulated device), the xtask's `exec`
//! scenario loader, the RTL sampler's SPI protocol parser (Verilated) against the HAL's
//! model device, and the HDL-vector units with the DPI-C library over them.
//!
//! Each target is a function from bytes to "no panic" plus its cross-checks ([`TARGETS`]).
//! The libFuzzer binaries in `fuzz_targets/` call them (`cargo xtask fuzz`, nightly); the
//! seed generator (`examples/seeds.rs`) writes inputs built from the project's own examples,
//! fixtures and self-check scene; `tests/regressions.rs` replays every seed and every stored
//! regression input (`regressions/<target>/`) on stable, as part of `cargo xtask test`.
//! `docs/fuzzing.md` describes the targets, the checks and how to run them.

pub mod asm;
pub mod descriptors;
pub mod gen;
pub mod hal;
pub mod input;
pub mod isa;
pub mod ops;
pub mod reference;
pub mod scenario;
pub mod seeds;
pub mod spi_rtl;
pub mod vectors;

/// A fuzz target.
pub struct Target {
    /// Its name (the `fuzz_targets/<name>.rs` binary, the corpus and regression directory).
    pub name: &'static str,
    /// One execution: panics on a defect.
    pub run: fn(&[u8]),
    /// What it covers.
    pub about: &'static str,
}

/// Every target.
pub const TARGETS: &[Target] = &[
    Target {
        name: "descriptors",
        run: descriptors::run,
        about: "header/sampler decoding and round trips, layout and address arithmetic against an exact reference, pools and handles, every query",
    },
    Target {
        name: "ops",
        run: ops::run,
        about: "every sampling, compare, gather, TLD4S, TMML, fetch, LOAD/STORE and atomic op on arbitrary headers, samplers, coordinates and memories, with fast == general and batch == scalar cross-checks",
    },
    Target { name: "asm", run: asm::run, about: "assembler and disassembler: any text, assemble(disassemble(i)) == i" },
    Target {
        name: "isa",
        run: isa::run,
        about: "executor on assembled and hand-built instructions: a rejected instruction changes nothing",
    },
    Target {
        name: "hal",
        run: hal::run_link,
        about: "FpgaSampler over a link damaging both directions, plus simulator faults: every Ok equals SoftSampler",
    },
    Target {
        name: "hal_codec",
        run: hal::run_codec,
        about: "SUBMIT / frame / completion / self-check blob decoders, and the simulated device's command parser",
    },
    Target {
        name: "scenario",
        run: scenario::run,
        about: "xtask exec: TOML and JSON scenario loader and runner, bounded, exit 0 or 2 (never a panic)",
    },
    Target {
        name: "spi_rtl",
        run: spi_rtl::run,
        about: "the Verilated texcore_sampler's SPI protocol parser against SimulatedFpga: identical MISO bytes and IRQ per transaction, BUSY bounded, the driver works afterwards",
    },
    Target {
        name: "vectors",
        run: vectors::run,
        about: "every HDL-vector unit's model on arbitrary input fields (deterministic, outputs within their widths), the DPI-C library against it, the $readmemh image readers",
    },
];

/// The target called `name`.
pub fn target(name: &str) -> Option<&'static Target> {
    TARGETS.iter().find(|t| t.name == name)
}
