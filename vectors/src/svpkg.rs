//! The generated SystemVerilog packages (committed under `hdl-vectors/generated/`, never
//! edited by hand; a test regenerates them and diffs):
//!
//! * `texcore_vectors_pkg.sv` — synthesizable: image sizes, the core's enums, per-format and
//!   sample-pattern tables, and every unit's line layout (`<UNIT>_<FIELD>_LSB` / `_W`).
//! * `texcore_vectors_tb_pkg.sv` — testbench only: a `<unit>_show` task per unit that prints
//!   a vector's fields and marks the mismatching outputs.
//! * `vector-format.md` — the same layout as tables, for people.
//! * `docs/hdl/descriptors.md`, `docs/hdl/rtl-ports.md` — see [`super::docgen`].

use std::fmt::Write as _;
use std::path::PathBuf;

use anyhow::Result;

use super::layout::{enums, tables, Dir, Image, Layout};
use super::pools::Fixture;
use super::{unit_defs, writer, UnitDef};

/// Path of the synthesizable package, relative to the workspace root.
pub const PKG: &str = "hdl-vectors/generated/texcore_vectors_pkg.sv";
/// Path of the testbench package, relative to the workspace root.
pub const TB_PKG: &str = "hdl-vectors/generated/texcore_vectors_tb_pkg.sv";
/// Path of the sRGB table include of the format decoder, relative to the workspace root.
pub const SRGB_LUT: &str = "hdl-vectors/generated/texcore_srgb_lut.svh";
/// Path of the LOD unit's tables (`texcore::lod::tables`), relative to the workspace root.
pub const LOD_TABLES: &str = "hdl-vectors/generated/texcore_lod_tables.svh";
/// Path of the format tables, relative to the workspace root.
pub const FORMAT_MD: &str = "hdl-vectors/generated/vector-format.md";

const BANNER: &str = "\
// GENERATED FILE - DO NOT EDIT.
// Written by `cargo xtask vectors --write-generated` from the unit definitions in
// vectors/src/ (crate texcore-vectors) and the enums of the texcore core.
// `cargo test -p texcore-vectors` regenerates it and fails if this file differs;
// `cargo xtask cosim` refuses a stale copy.
";

/// Every generated file: `(path relative to the workspace, contents)`.
pub fn generated_files() -> Result<Vec<(PathBuf, String)>> {
    let defs = unit_defs()?;
    let pkg = package(&defs);
    let ports = super::docgen::rtl_ports(&super::root().join("hdl-vectors/rtl"), &pkg, &defs)?;
    Ok(vec![
        (PathBuf::from(PKG), pkg),
        (PathBuf::from(TB_PKG), tb_package(&defs)),
        (PathBuf::from(SRGB_LUT), srgb_lut()),
        (PathBuf::from(LOD_TABLES), lod_tables()),
        (PathBuf::from(FORMAT_MD), format_doc(&defs)?),
        (PathBuf::from(super::docgen::DESCRIPTORS_MD), super::docgen::descriptors()),
        (PathBuf::from(super::docgen::RTL_PORTS_MD), ports),
    ])
}

fn up(s: &str) -> String {
    s.to_ascii_uppercase()
}

fn bits_for(max: u64) -> u32 {
    (64 - max.leading_zeros()).max(1)
}

/// `W'h…` literal of a table.
fn table_literal(entry_bits: u32, entries: &[u64]) -> (u32, String) {
    let total = entry_bits * entries.len() as u32;
    let digits = total.div_ceil(4) as usize;
    let mut nibbles = vec![0u8; digits];
    for (i, e) in entries.iter().enumerate() {
        for b in 0..entry_bits {
            if (e >> b) & 1 == 1 {
                let bit = i as u32 * entry_bits + b;
                nibbles[(bit / 4) as usize] |= 1 << (bit % 4);
            }
        }
    }
    let hex: String = nibbles.iter().rev().map(|n| char::from(b"0123456789abcdef"[usize::from(*n)])).collect();
    (total, format!("{total}'h{hex}"))
}

/// The synthesizable package.
pub fn package(defs: &[UnitDef]) -> String {
    let mut s = String::new();
    s.push_str(BANNER);
    s.push_str("`timescale 1ns/1ps\n\n// A design uses a few of these constants: unused ones are not lint findings.\n");
    s.push_str("/* verilator lint_off UNUSEDPARAM */\npackage texcore_vectors_pkg;\n\n");
    s.push_str("  // ---- memory images (one entry per line, $readmemh) ------------------------------\n");
    for img in Image::ALL {
        let name = up(img.plusarg());
        let n = img.entries();
        let _ = writeln!(s, "  // {}: {}", img.file(), img.doc());
        let _ = writeln!(s, "  localparam int {name}_ENTRIES = {n};");
        let _ = writeln!(s, "  localparam int {name}_AW = {};", n.trailing_zeros());
        let _ = writeln!(s, "  localparam int {name}_ENTRY_W = {};", img.entry_bits());
    }
    s.push('\n');
    for e in enums() {
        let _ = writeln!(s, "  // ---- {} ----", e.doc);
        let w = e.width.max(bits_for(e.values.iter().map(|v| v.1).max().unwrap_or(0)));
        let name_w = e.values.iter().map(|v| v.0.len()).max().unwrap_or(0) + e.prefix.len() + 1;
        for (name, value, doc) in &e.values {
            let full = format!("{}_{}", e.prefix, name);
            let comment = if doc.is_empty() { String::new() } else { format!("  // {doc}") };
            let lit = if w >= 5 {
                format!("{w}'h{value:0digits$x}", digits = w.div_ceil(4) as usize)
            } else {
                format!("{w}'d{value}")
            };
            let _ = writeln!(s, "  localparam logic [{}:0] {full:<name_w$} = {lit};{comment}", w - 1);
        }
        s.push('\n');
    }
    s.push_str("  // ---- tables: entry i at bits [i*ENTRY_W +: ENTRY_W] -------------------------------\n");
    for t in tables() {
        let (total, lit) = table_literal(t.entry_bits, &t.entries);
        let _ = writeln!(s, "  // {} ({} entries x {} bits)", t.doc, t.entries.len(), t.entry_bits);
        let _ = writeln!(s, "  localparam int {}_ENTRY_W = {};", t.name, t.entry_bits);
        let _ = writeln!(s, "  localparam logic [{}:0] {} =\n      {lit};", total - 1, t.name);
    }
    for d in defs {
        unit_section(&mut s, d);
    }
    s.push_str("\nendpackage\n/* verilator lint_on UNUSEDPARAM */\n");
    s
}

fn unit_section(s: &mut String, d: &UnitDef) {
    let l = &d.layout;
    let u = up(&l.unit);
    let _ = writeln!(s, "\n  // =====================================================================================");
    let _ = writeln!(s, "  // unit {}: {}", l.unit, d.unit.title());
    let images: Vec<&str> = d.unit.images().iter().map(|i| i.file()).collect();
    let _ = writeln!(s, "  // vector file {}.vec, images: {}", l.unit, images.join(", "));
    let _ = writeln!(s, "  // A line read with %h is a {u}_LINE_W-bit word; inputs = line[{u}_LINE_W-1:{u}_OUT_W],");
    let _ = writeln!(s, "  // outputs = line[{u}_OUT_W-1:0]; each field's _LSB is its position in its own word.");
    let _ = writeln!(s, "  localparam int {u}_IN_W = {};", l.in_w);
    let _ = writeln!(s, "  localparam int {u}_OUT_W = {};", l.out_w);
    let _ = writeln!(s, "  localparam int {u}_LINE_W = {};", l.line_w);
    let _ = writeln!(s, "  localparam int {u}_LINE_CHARS = {};  // bytes per line incl. newline", l.line_len);
    let _ = writeln!(s, "  localparam int {u}_N_FIELDS = {};", l.fields.len());
    for f in &l.fields {
        let dir = if f.dir == Dir::In { "in " } else { "out" };
        let n = up(&f.name);
        let _ = writeln!(s, "  // {dir} {}: {}", f.name, f.doc);
        let _ = writeln!(s, "  localparam int {u}_{n}_LSB = {};", f.lsb);
        let _ = writeln!(s, "  localparam int {u}_{n}_W = {};", f.width);
    }
}

/// The sRGB → linear table of `texcore_texel_decode`, `include`d inside the module (a
/// plain `localparam`, so it needs no package import).
pub fn srgb_lut() -> String {
    let mut s = String::new();
    s.push_str(BANNER);
    s.push_str(
        "// sRGB 8-bit code -> linear UNORM16 (texcore::texel::SRGB_TO_LINEAR16):
",
    );
    s.push_str(
        "// round(65535 * linear(c / 255)); entry c at [16*c +: 16]. Include inside a module.
",
    );
    let entries: Vec<u64> = texcore::texel::SRGB_TO_LINEAR16.iter().map(|v| u64::from(*v)).collect();
    let (total, lit) = table_literal(16, &entries);
    let _ = writeln!(s, "localparam logic [{}:0] SRGB_TO_LINEAR16 =\n    {lit};", total - 1);
    s
}

/// The LOD unit's tables (`texcore::lod::tables`, generated there by `const fn`), `include`d
/// inside `texcore_lod` (and any block that needs them) as plain `localparam`s.
pub fn lod_tables() -> String {
    use texcore::lod::tables::{ANISO_T, LOG2_BIAS, LOG2_FRAC, LOG2_SEG_BITS, LOG2_T, N_GUARD, N_T, UNIT_T};
    let mut s = String::new();
    s.push_str(BANNER);
    s.push_str("// The LOD unit's tables (texcore::lod::tables; formats in texcore::lod's module docs).\n");
    s.push_str("// Entry i of a table at [i*W +: W] with W = <NAME>_ENTRY_W; signed entries are two's complement.\n");
    s.push_str("// Include inside a module. A block uses some of these: unused ones are not lint findings.\n");
    s.push_str("/* verilator lint_off UNUSEDPARAM */\n\n");
    let table = |s: &mut String, name: &str, doc: &str, w: u32, signed: bool, v: &[i64]| {
        let mask = if w == 64 { u64::MAX } else { (1u64 << w) - 1 };
        let entries: Vec<u64> = v.iter().map(|&x| x as u64 & mask).collect();
        let (total, lit) = table_literal(w, &entries);
        let kind = if signed { "signed " } else { "" };
        let _ = writeln!(s, "// {doc} ({} {kind}entries x {w} bits)", v.len());
        let _ = writeln!(s, "localparam int {name}_ENTRY_W = {w};");
        let _ = writeln!(s, "localparam logic [{}:0] {name} =\n    {lit};\n", total - 1);
    };
    let _ = writeln!(s, "localparam int LOD_LOG2_FRAC = {LOG2_FRAC};      // fraction bits of log2 values");
    let _ = writeln!(s, "localparam int LOD_LOG2_SEG_BITS = {LOG2_SEG_BITS};    // segment index bits");
    let _ = writeln!(s, "localparam int LOD_LOG2_BIAS = {LOG2_BIAS};       // added to every interpolated log2");
    let _ = writeln!(s, "localparam int LOD_N_GUARD = {N_GUARD};        // guard of the N thresholds\n");
    let t: Vec<i64> = LOG2_T.iter().map(|&x| i64::from(x)).collect();
    table(&mut s, "LOD_LOG2_T", "ceil(2^16 log2(1 + i/64)), i = 0 .. 64", 17, false, &t);
    let d: Vec<i64> = LOG2_T.windows(2).map(|w| i64::from(w[1] - w[0])).collect();
    table(&mut s, "LOD_LOG2_D", "LOD_LOG2_T[i+1] - LOD_LOG2_T[i], i = 0 .. 63 (segment slopes)", 11, false, &d);
    let n: Vec<i64> = N_T.iter().map(|&x| i64::from(x)).collect();
    table(&mut s, "LOD_N_T", "N thresholds: ceil(2^16 log2 k^2) + LOD_N_GUARD, k = 1 .. 15 (entry k-1)", 20, false, &n);
    let u: Vec<i64> = UNIT_T.iter().map(|&x| i64::from(x)).collect();
    table(
        &mut s,
        "LOD_UNIT_T",
        "TMML B thresholds: ceil(2^17 log2((2k-1)/128)), k = 1 .. 64 (entry k-1)",
        21,
        true,
        &u,
    );
    let a: Vec<i64> = ANISO_T.iter().flatten().map(|&x| i64::from(x)).collect();
    table(
        &mut s,
        "LOD_ANISO_T",
        "anisotropic offsets RNE(2^16 (i/(N+1) - 1/2)), S0.16: entry 16*(N-1) + (i-1), N = 1 .. 16, i = 1 .. N (else 0)",
        17,
        true,
        &a,
    );
    s.push_str("/* verilator lint_on UNUSEDPARAM */\n");
    s
}

/// The testbench package.
pub fn tb_package(defs: &[UnitDef]) -> String {
    let mut s = String::new();
    s.push_str(BANNER);
    s.push_str("`timescale 1ns/1ps\n\npackage texcore_vectors_tb_pkg;\n  import texcore_vectors_pkg::*;\n");
    for d in defs {
        show_task(&mut s, &d.layout);
    }
    s.push_str("\nendpackage\n");
    s
}

fn show_task(s: &mut String, l: &Layout) {
    let u = up(&l.unit);
    let name_w = l.fields.iter().map(|f| f.name.len()).max().unwrap_or(0);
    let all_outputs = l.n_out() <= 8;
    let _ = writeln!(
        s,
        "\n  // Prints the inputs of a {} vector and {} outputs (expected vs got).",
        l.unit,
        if all_outputs { "all" } else { "the mismatching" }
    );
    let _ = writeln!(
        s,
        "  task automatic {}_show(input logic [{u}_LINE_W-1:0] line, input logic [{u}_OUT_W-1:0] got);",
        l.unit
    );
    let _ = writeln!(s, "    logic [{u}_IN_W-1:0] i;");
    let _ = writeln!(s, "    logic [{u}_OUT_W-1:0] e;");
    let _ = writeln!(s, "    i = line[{u}_LINE_W-1:{u}_OUT_W];");
    let _ = writeln!(s, "    e = line[{u}_OUT_W-1:0];");
    for f in &l.fields {
        let n = up(&f.name);
        let sel = format!("[{u}_{n}_LSB +: {u}_{n}_W]");
        let label = format!("{:<name_w$}", f.name);
        if f.dir == Dir::In {
            let _ = writeln!(s, "    $display(\"    in  {label} = %h\", i{sel});");
        } else {
            let _ = writeln!(s, "    if (got{sel} !== e{sel})");
            let _ =
                writeln!(s, "      $display(\"    out {label} = %h  expected %h   <-- MISMATCH\", got{sel}, e{sel});");
            if all_outputs {
                let _ = writeln!(s, "    else");
                let _ = writeln!(s, "      $display(\"    out {label} = %h\", got{sel});");
            }
        }
    }
    s.push_str("  endtask\n");
}

fn cell(s: &str) -> String {
    s.replace('|', "\\|")
}

/// The format tables (Markdown).
pub fn format_doc(defs: &[UnitDef]) -> Result<String> {
    let fx = Fixture::build(1, 1)?;
    let mut s = String::new();
    s.push_str("<!-- GENERATED FILE - DO NOT EDIT: written by `cargo xtask vectors --write-generated` from\n");
    s.push_str("     vectors/src/ (the same layout that writes the vectors and the SV packages). -->\n\n");
    s.push_str("# texcore vector format: field tables\n\n");
    s.push_str(
        "How to read these tables: see [docs/hdl/vectors.md](../../docs/hdl/vectors.md). In short: one vector per line, fields in\n",
    );
    s.push_str("the order below as fixed-width lower-case hex joined by `_`; read with `%h` the line is one\n");
    s.push_str("`LINE_W`-bit word whose low `OUT_W` bits are the outputs and high `IN_W` bits the inputs;\n");
    s.push_str("*LSB* is a field's position inside its own word, *col* the byte offset of its first digit.\n\n");
    s.push_str("## Memory images\n\n| file | lines | bits per line | plusarg | content |\n|---|---|---|---|---|\n");
    for img in Image::ALL {
        let _ = writeln!(
            s,
            "| `{}` | {} | {} | `+{}=` | {} |",
            img.file(),
            img.entries(),
            img.entry_bits(),
            img.plusarg(),
            cell(img.doc())
        );
    }
    for d in defs {
        let l = &d.layout;
        let _ = writeln!(s, "\n## Unit `{}`: {}\n", l.unit, d.unit.title());
        let images: Vec<String> = d.unit.images().iter().map(|i| format!("`{}`", i.file())).collect();
        let rtl: Vec<String> = d.unit.rtl_files().iter().map(|f| format!("`rtl/{f}`")).collect();
        let (tb, rtl) = if rtl.is_empty() {
            ("tb/tb_dpi_ops.sv".to_string(), "none (the testbench calls the core over DPI-C)".to_string())
        } else {
            (format!("tb/tb_{}.sv", l.unit), rtl.join(", "))
        };
        let _ = writeln!(
            s,
            "File `{u}.vec`; {} bytes per line; `LINE_W` = {}, `IN_W` = {}, `OUT_W` = {}; images: {}; \
             testbench `{tb}`; reference RTL: {rtl}.\n",
            l.line_len,
            l.line_w,
            l.in_w,
            l.out_w,
            images.join(", "),
            u = l.unit
        );
        s.push_str("| # | field | dir | bits | digits | col | LSB | meaning |\n|---|---|---|---|---|---|---|---|\n");
        for (i, f) in l.fields.iter().enumerate() {
            let dir = if f.dir == Dir::In { "in" } else { "out" };
            let _ = writeln!(
                s,
                "| {i} | `{}` | {dir} | {} | {} | {} | {} | {} |",
                f.name,
                f.width,
                f.digits,
                f.column,
                f.lsb,
                cell(&f.doc)
            );
        }
        let mut stim = Vec::new();
        d.unit.directed(&fx, &mut stim);
        if let Some(inputs) = stim.get(..l.n_in) {
            let mut vals = inputs.to_vec();
            vals.resize(l.fields.len(), 0);
            let (i, o) = vals.split_at_mut(l.n_in);
            d.unit.eval(&fx, i, o)?;
            let mut line = Vec::new();
            writer::push_line(l, &vals, &mut line);
            let _ = writeln!(s, "\nFirst level-1 vector:\n\n```\n{}```", String::from_utf8_lossy(&line));
        }
    }
    s.push_str("\n## Enumerations\n");
    for e in enums() {
        let _ = writeln!(s, "\n**{}_\\*** — {}\n\n| name | value | note |\n|---|---|---|", e.prefix, e.doc);
        for (name, value, doc) in &e.values {
            let _ = writeln!(s, "| `{}_{name}` | {value} (0x{value:x}) | {} |", e.prefix, cell(doc));
        }
    }
    s.push_str("\n## Tables\n\n");
    for t in tables() {
        let _ = writeln!(s, "* `{}` ({} entries of {} bits): {}", t.name, t.entries.len(), t.entry_bits, t.doc);
    }
    Ok(s)
}
