//! `cargo xtask synth`: area and Fmax of every reference-RTL block.
//!
//! For each block: Yosys `synth_ice40` (+ `nextpnr-ice40 --hx8k --package ct256` for the
//! Fmax, when the block's ports fit the package's I/O), `synth_ecp5` and `synth_xilinx`
//! (cell counts only). Prints one table. Provisions the Debian packages `yosys` and
//! `nextpnr-ice40` when run as root (place-and-route is skipped when nextpnr is missing).
//! Not part of `cargo xtask test` (minutes, not seconds).

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;
use std::process::Command;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use clap::Args as ClapArgs;

use crate::provision;
use crate::util::{have, root, show};
use crate::vectors::svpkg;

/// A reference block: top module and its sources in `hdl-vectors/rtl/`.
pub struct Block {
    /// Top module.
    pub top: &'static str,
    /// Sources besides the generated package.
    pub files: &'static [&'static str],
}

/// Every reference block with a vector unit.
pub const BLOCKS: [Block; 5] = [
    Block { top: "texcore_wrap", files: &["texcore_wrap.sv"] },
    Block { top: "texcore_texel_decode", files: &["texcore_texel_decode.sv"] },
    Block {
        top: "texcore_txq_nv",
        files: &["texcore_hdr_decode.sv", "texcore_smp_check.sv", "texcore_view_dims.sv", "texcore_txq_nv.sv"],
    },
    Block {
        top: "texcore_query_tgsi",
        files: &["texcore_hdr_decode.sv", "texcore_view_dims.sv", "texcore_u32_to_f32.sv", "texcore_query_tgsi.sv"],
    },
    Block {
        top: "texcore_info_intel",
        files: &["texcore_hdr_decode.sv", "texcore_view_dims.sv", "texcore_resinfo_lane.sv", "texcore_info_intel.sv"],
    },
];

/// Usable I/O of the iCE40 HX8K ct256 package (ports beyond this cannot be placed).
const HX8K_CT256_IO: u64 = 206;

/// `cargo xtask synth` arguments.
#[derive(ClapArgs, Clone, Debug)]
pub struct Args {
    /// Comma-separated top modules (default: every block).
    #[arg(long, value_delimiter = ',')]
    pub blocks: Vec<String>,
    /// Skip nextpnr-ice40 (cell counts only).
    #[arg(long)]
    pub no_pnr: bool,
    /// nextpnr seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

#[derive(Default)]
struct Row {
    top: String,
    io: u64,
    ice40: BTreeMap<&'static str, u64>,
    fmax: String,
    ecp5: BTreeMap<&'static str, u64>,
    xc7: BTreeMap<&'static str, u64>,
    seconds: f64,
}

/// Cell counts of the last `stat` in a Yosys log: `name -> count`.
fn stat_cells(log: &str) -> BTreeMap<String, u64> {
    let mut cells = BTreeMap::new();
    let start = log.rfind("Number of cells:").unwrap_or(0);
    for line in log[start..].lines().skip(1) {
        let mut it = line.split_whitespace();
        match (it.next(), it.next(), it.next()) {
            (Some(name), Some(n), None) => {
                if let Ok(n) = n.parse::<u64>() {
                    cells.insert(name.to_string(), n);
                }
            }
            (None, _, _) => {}
            _ => {
                if !cells.is_empty() {
                    break;
                }
            }
        }
    }
    cells
}

/// Sums the cells whose name matches one of `prefixes`.
fn sum(cells: &BTreeMap<String, u64>, prefixes: &[&str]) -> u64 {
    cells.iter().filter(|(k, _)| prefixes.iter().any(|p| k.starts_with(p))).map(|(_, v)| v).sum()
}

fn yosys(dir: &Path, b: &Block, script: &str, log: &str) -> Result<String> {
    let hdl = root().join("hdl-vectors");
    let mut files = vec![root().join(svpkg::PKG).display().to_string()];
    files.extend(b.files.iter().map(|f| hdl.join("rtl").join(f).display().to_string()));
    let full = format!("read_verilog -sv -I{} {}; {script}", hdl.join("generated").display(), files.join(" "));
    let mut c = Command::new("yosys");
    c.arg("-q").arg("-l").arg(dir.join(log)).arg("-p").arg(&full);
    let out = c.output().with_context(|| format!("cannot start {}", show(&c)))?;
    let text = fs::read_to_string(dir.join(log)).unwrap_or_default();
    if !out.status.success() {
        eprintln!("{}", String::from_utf8_lossy(&out.stderr));
        bail!("yosys failed for {} (log {})", b.top, dir.join(log).display());
    }
    Ok(text)
}

/// Port bits of the top module in a Yosys JSON netlist.
fn port_bits(json: &Path, top: &str) -> u64 {
    let v: serde_json::Value =
        fs::read(json).ok().and_then(|b| serde_json::from_slice(&b).ok()).unwrap_or(serde_json::Value::Null);
    v["modules"][top]["ports"]
        .as_object()
        .map(|p| p.values().map(|x| x["bits"].as_array().map_or(0, |b| b.len() as u64)).sum())
        .unwrap_or(0)
}

fn run_block(b: &Block, pnr: bool, seed: u64) -> Result<Row> {
    let t0 = Instant::now();
    let dir = root().join("hdl-vectors/build/synth").join(b.top);
    fs::create_dir_all(&dir)?;
    let mut row = Row { top: b.top.to_string(), ..Row::default() };
    let json = dir.join("ice40.json");
    let log = yosys(&dir, b, &format!("synth_ice40 -top {} -json {}; stat", b.top, json.display()), "ice40.log")?;
    let c = stat_cells(&log);
    row.io = port_bits(&json, b.top);
    row.ice40.insert("LUT4", sum(&c, &["SB_LUT4"]));
    row.ice40.insert("FF", sum(&c, &["SB_DFF"]));
    row.ice40.insert("CARRY", sum(&c, &["SB_CARRY"]));
    row.ice40.insert("BRAM", sum(&c, &["SB_RAM40"]));
    row.ice40.insert("DSP", sum(&c, &["SB_MAC16"]));
    row.fmax = if !pnr {
        "-".into()
    } else if row.io > HX8K_CT256_IO {
        format!("n/a ({} I/O)", row.io)
    } else {
        let mut c = Command::new("nextpnr-ice40");
        c.args(["--hx8k", "--package", "ct256", "--timing-allow-fail", "--seed", &seed.to_string(), "--json"])
            .arg(&json)
            .arg("--log")
            .arg(dir.join("nextpnr.log"));
        let out = c.output().with_context(|| format!("cannot start {}", show(&c)))?;
        let text = fs::read_to_string(dir.join("nextpnr.log")).unwrap_or_default();
        let fmax = text
            .lines()
            .rev()
            .find(|l| l.contains("Max frequency for clock"))
            .and_then(|l| l.split("': ").nth(1))
            .map(|s| s.split(" MHz").next().unwrap_or(s).trim().to_string() + " MHz");
        match (out.status.success(), fmax) {
            (true, Some(f)) => f,
            (_, _) => {
                let why = text.lines().rev().find(|l| l.contains("ERROR")).unwrap_or("failed").to_string();
                format!("pnr failed: {}", why.chars().take(60).collect::<String>())
            }
        }
    };
    let log = yosys(&dir, b, &format!("synth_ecp5 -top {}; stat", b.top), "ecp5.log")?;
    let c = stat_cells(&log);
    row.ecp5.insert("LUT4", sum(&c, &["LUT4"]));
    row.ecp5.insert("MUX", sum(&c, &["PFUMX", "L6MUX21"]));
    row.ecp5.insert("FF", sum(&c, &["TRELLIS_FF"]));
    row.ecp5.insert("CCU2C", sum(&c, &["CCU2C"]));
    row.ecp5.insert("BRAM", sum(&c, &["DP16KD", "PDPW16KD"]));
    row.ecp5.insert("DSP", sum(&c, &["MULT18X18D", "ALU54B"]));
    let log = yosys(&dir, b, &format!("synth_xilinx -family xc7 -top {}; stat", b.top), "xc7.log")?;
    let c = stat_cells(&log);
    row.xc7.insert("LUT", sum(&c, &["LUT1", "LUT2", "LUT3", "LUT4", "LUT5", "LUT6"]));
    row.xc7.insert("FF", sum(&c, &["FDRE", "FDSE", "FDCE", "FDPE"]));
    row.xc7.insert("SRL", sum(&c, &["SRL"]));
    row.xc7.insert("CARRY4", sum(&c, &["CARRY4"]));
    row.xc7.insert("BRAM", sum(&c, &["RAMB18", "RAMB36"]));
    row.xc7.insert("DSP", sum(&c, &["DSP48"]));
    row.seconds = t0.elapsed().as_secs_f64();
    Ok(row)
}

/// `cargo xtask synth`.
pub fn run(a: &Args) -> Result<()> {
    provision::debian(&[("yosys", "yosys")])?;
    let mut pnr = !a.no_pnr;
    if pnr && !have("nextpnr-ice40") {
        if let Err(e) = provision::debian(&[("nextpnr-ice40", "nextpnr-ice40")]) {
            eprintln!("note: no nextpnr-ice40 ({e:#}): cell counts only");
            pnr = false;
        }
    }
    let blocks: Vec<&Block> = if a.blocks.is_empty() {
        BLOCKS.iter().collect()
    } else {
        let mut v = Vec::new();
        for n in &a.blocks {
            match BLOCKS.iter().find(|b| b.top == n.as_str()) {
                Some(b) => v.push(b),
                None => bail!(
                    "unknown block `{n}` (known: {})",
                    BLOCKS.iter().map(|b| b.top).collect::<Vec<_>>().join(", ")
                ),
            }
        }
        v
    };
    let t0 = Instant::now();
    let mut rows = Vec::new();
    for b in blocks {
        eprintln!("synth: {} ...", b.top);
        let r = run_block(b, pnr, a.seed)?;
        eprintln!("synth: {} done in {:.1} s", b.top, r.seconds);
        rows.push(r);
    }
    let g = |m: &BTreeMap<&'static str, u64>, k: &str| m.get(k).copied().unwrap_or(0);
    println!(
        "\n| block | ports | iCE40 LUT4 | FF | carry | BRAM | SB_MAC16 | HX8K Fmax (nextpnr) | ECP5 LUT4 (+mux) | FF | CCU2C | DSP | xc7 LUT | FF (+SRL) | CARRY4 | DSP | s |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    for r in &rows {
        println!(
            "| `{}` | {} | {} | {} | {} | {} | {} | {} | {} (+{}) | {} | {} | {} | {} | {} (+{}) | {} | {} | {:.0} |",
            r.top,
            r.io,
            g(&r.ice40, "LUT4"),
            g(&r.ice40, "FF"),
            g(&r.ice40, "CARRY"),
            g(&r.ice40, "BRAM"),
            g(&r.ice40, "DSP"),
            r.fmax,
            g(&r.ecp5, "LUT4"),
            g(&r.ecp5, "MUX"),
            g(&r.ecp5, "FF"),
            g(&r.ecp5, "CCU2C"),
            g(&r.ecp5, "DSP"),
            g(&r.xc7, "LUT"),
            g(&r.xc7, "FF"),
            g(&r.xc7, "SRL"),
            g(&r.xc7, "CARRY4"),
            g(&r.xc7, "DSP"),
            r.seconds
        );
    }
    eprintln!("synth: {} block(s) in {:.0} s ({})", rows.len(), t0.elapsed().as_secs_f64(), yosys_version());
    Ok(())
}

fn yosys_version() -> String {
    Command::new("yosys")
        .arg("-V")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_yosys_stat() {
        let log = "
   Number of wires:                 10
   Number of cells:                 7
     SB_CARRY                        2
     SB_DFF                          3
     SB_DFFE                         1
     SB_LUT4                         1

";
        let c = stat_cells(log);
        assert_eq!(sum(&c, &["SB_DFF"]), 4);
        assert_eq!(sum(&c, &["SB_LUT4"]), 1);
        assert_eq!(sum(&c, &["SB_CARRY"]), 2);
    }

    #[test]
    fn every_block_source_exists() {
        for b in BLOCKS {
            for f in b.files {
                assert!(root().join("hdl-vectors/rtl").join(f).exists(), "{}: {f}", b.top);
            }
        }
    }
}
