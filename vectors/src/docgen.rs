//! The generated HDL reference pages under `docs/hdl/` (committed, never edited by hand;
//! `cargo xtask vectors --write-generated` writes them with the SV packages, and the same
//! test that diffs the packages diffs them):
//!
//! * `descriptors.md` — the texture- and sampler-header bit layouts, their validity rules and
//!   the format codes, from the core's tables (`texcore::descriptor::HEADER_FIELDS`,
//!   `HEADER_RULES`, `SAMPLER_FIELDS`, `SAMPLER_RULES`, `Format::ALL`), so an HDL engineer
//!   needs no Rust source to build or check a descriptor;
//! * `rtl-ports.md` — the parameters and ports of every module in `hdl-vectors/rtl/`, read
//!   from the RTL itself, with the widths resolved against the generated package.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;

use anyhow::{bail, Context, Result};
use texcore::descriptor::{BitField, Format, HEADER_FIELDS, HEADER_RULES, SAMPLER_FIELDS, SAMPLER_RULES};

/// Path of the descriptor page, relative to the workspace root.
pub const DESCRIPTORS_MD: &str = "docs/hdl/descriptors.md";
/// Path of the RTL port page, relative to the workspace root.
pub const RTL_PORTS_MD: &str = "docs/hdl/rtl-ports.md";

const BANNER: &str = "<!-- GENERATED FILE - DO NOT EDIT: written by `cargo xtask vectors --write-generated`\n     (vectors/src/docgen.rs); `cargo test -p texcore-vectors` fails when it is stale. -->\n\n";

fn bits(f: &BitField) -> String {
    if f.width == 1 {
        format!("{}", f.lsb)
    } else {
        format!("{}:{}", f.msb(), f.lsb)
    }
}

fn field_table(s: &mut String, fields: &[BitField]) {
    s.push_str("| word | bits | line bits | field | encoding |\n|---|---|---|---|---|\n");
    for f in fields {
        let lo = 32 * u32::from(f.word) + u32::from(f.lsb);
        let hi = lo + u32::from(f.width) - 1;
        let line = if hi == lo { format!("{lo}") } else { format!("{hi}:{lo}") };
        let name = if f.is_reserved() { "reserved".to_string() } else { format!("`{}`", f.name) };
        let _ = writeln!(s, "| {} | {} | {line} | {name} | {} |", f.word, bits(f), f.encoding);
    }
}

fn rule_table(s: &mut String, rules: &[(&str, &str)], error: &str) {
    let _ = writeln!(s, "| # | rule | else |\n|---|---|---|");
    for (i, (err, rule)) in rules.iter().enumerate() {
        let _ = writeln!(s, "| {} | {rule} | `{error}::{err}` |", i + 1);
    }
}

/// `docs/hdl/descriptors.md`.
pub fn descriptors() -> String {
    let mut s = String::from(BANNER);
    s.push_str("# Descriptors: the texture header and the sampler header\n\n");
    s.push_str(
        "Both are eight little-endian 32-bit words (256 bits, the size of an NVIDIA TIC / TSC entry). \
In the pool images (`hdr_pool.hex`, `smp_pool.hex`, `op_hdr.hex`, `op_smp.hex`) one line is one \
descriptor written `w7_w6_w5_w4_w3_w2_w1_w0`, so word *k* is `line[32*k +: 32]`; the *line bits* \
column gives each field's place in that 256-bit value. Reserved fields must be 0.\n\n\
A descriptor is **valid** when every field holds an assigned code and every rule below holds; \
decoding checks the rules in the order listed and reports the first one broken. Any other \
descriptor is invalid: the ops that read it return zeros (`status` = `STATUS_HEADER_DECODE` / \
`STATUS_SAMPLER_DECODE` in the vectors). Every valid descriptor re-encodes to the same words.\n\n",
    );
    s.push_str("## Texture header\n\n");
    field_table(&mut s, &HEADER_FIELDS);
    s.push_str("\nValidity rules, in decode order:\n\n");
    rule_table(&mut s, &HEADER_RULES, "HeaderError");
    s.push_str("\n## Sampler header\n\n");
    field_table(&mut s, &SAMPLER_FIELDS);
    s.push_str("\nValidity rules, in decode order:\n\n");
    rule_table(&mut s, &SAMPLER_RULES, "SamplerError");
    s.push_str(
        "\n## Format codes\n\nThe `format` field's assigned codes. *Components* is the Gallium \
component-table row (how the stored channels become `(x, y, z, w)`: R → `(r, 0, 0, 1)`, RG → \
`(r, g, 0, 1)`, RGB → `(r, g, b, 1)`, RGBA, A → `(0, 0, 0, a)`, L → `(l, l, l, 1)`, LA → \
`(l, l, l, a)`, I → `(i, i, i, i)`, Z → `(z, z, z, 1)`, S → `(s, s, s, s)`), before the header's \
swizzle.\n\n",
    );
    s.push_str("| code | format | bytes per texel | components | class | linear filter | sRGB |\n|---|---|---|---|---|---|---|\n");
    let mut formats: Vec<Format> = Format::ALL.to_vec();
    formats.sort_by_key(|f| f.code());
    for f in formats {
        let yes = |b: bool| if b { "yes" } else { "–" };
        let _ = writeln!(
            s,
            "| `0x{:02x}` | `{}` | {} | {:?} | {:?} | {} | {} |",
            f.code(),
            f.name(),
            f.bytes_per_texel(),
            f.layout(),
            f.class(),
            yes(f.linear_filterable()),
            yes(f.srgb_capable())
        );
    }
    s
}

/// One port or parameter of a module.
struct Port {
    dir: &'static str,
    name: String,
    decl: String,
    width: String,
    doc: String,
}

/// Resolves a packed range `[hi:lo]` to a width, using the package's `localparam int`s.
fn width_of(range: &str, consts: &BTreeMap<String, i64>) -> String {
    let inner = range.trim().trim_start_matches('[').trim_end_matches(']');
    let Some((hi, lo)) = inner.rsplit_once(':') else { return range.to_string() };
    let eval = |e: &str| -> Option<i64> {
        let e = e.trim().replace("texcore_vectors_pkg::", "");
        let (a, k) = match e.split_once('-') {
            Some((a, b)) => (a.trim().to_string(), -b.trim().parse::<i64>().ok()?),
            None => (e.clone(), 0),
        };
        let v = a.parse::<i64>().ok().or_else(|| consts.get(&a).copied())?;
        Some(v + k)
    };
    match (eval(hi), eval(lo)) {
        (Some(h), Some(l)) => (h - l + 1).to_string(),
        _ => {
            // A parameter of the module: `W-1:0` is W bits.
            let h = hi.trim();
            match h.strip_suffix("-1") {
                Some(p) if lo.trim() == "0" => p.trim().to_string(),
                _ => range.to_string(),
            }
        }
    }
}

/// The ports and parameters of every `module` in `src`.
fn modules(src: &str, consts: &BTreeMap<String, i64>) -> Vec<(String, Vec<Port>, Vec<Port>)> {
    let mut out = Vec::new();
    let mut lines = src.lines().peekable();
    while let Some(line) = lines.next() {
        let t = line.trim_start();
        let Some(rest) = t.strip_prefix("module ") else { continue };
        let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        let (mut params, mut ports) = (Vec::new(), Vec::new());
        let code_of = |l: &str| l.split_once("//").map_or(l, |(c, _)| c).to_string();
        let mut header = line.to_string();
        let mut done = code_of(line).contains(");");
        while !done {
            let Some(l) = lines.next() else { break };
            header.push('\n');
            header.push_str(l);
            done = code_of(l).contains(");");
        }
        for l in header.lines() {
            let (code, doc) = match l.split_once("//") {
                Some((c, d)) => (c, d.trim().to_string()),
                None => (l, String::new()),
            };
            if code.trim().is_empty() && !doc.is_empty() {
                // A comment continuing the previous declaration's.
                if let Some(last) = ports.last_mut().or(params.last_mut()) {
                    let last: &mut Port = last;
                    last.doc = format!("{} {doc}", last.doc);
                }
                continue;
            }
            let code = code.trim().trim_end_matches(',').trim_end_matches(");").trim_end_matches(')').trim();
            if let Some(p) = code.strip_prefix("parameter") {
                // parameter int NAME = value
                let p = p.trim().trim_start_matches("int ").trim();
                if let Some((n, v)) = p.split_once('=') {
                    params.push(Port {
                        dir: "parameter",
                        name: n.trim().to_string(),
                        decl: format!("int, default {}", v.trim().trim_end_matches(',').trim_end_matches(')').trim()),
                        width: String::new(),
                        doc,
                    });
                }
                continue;
            }
            let dir = if code.starts_with("input") {
                "input"
            } else if code.starts_with("output") {
                "output"
            } else {
                continue;
            };
            let rest = code[dir.len()..].trim().trim_start_matches("logic").trim();
            let (range, names) = if rest.starts_with('[') {
                match rest.find(']') {
                    Some(e) => (rest[..=e].to_string(), rest[e + 1..].trim().to_string()),
                    None => (String::new(), rest.to_string()),
                }
            } else {
                (String::new(), rest.to_string())
            };
            let width = if range.is_empty() { "1".to_string() } else { width_of(&range, consts) };
            for n in names.split(',').map(str::trim).filter(|n| !n.is_empty()) {
                ports.push(Port {
                    dir,
                    name: n.to_string(),
                    decl: if range.is_empty() { "logic".into() } else { format!("logic {range}") },
                    width: width.clone(),
                    doc: doc.clone(),
                });
            }
        }
        out.push((name, params, ports));
    }
    out
}

/// The meaning of the ports every clocked unit shares (see `docs/hdl/rtl.md`).
fn common_port(name: &str) -> Option<&'static str> {
    Some(match name {
        "clk" => "clock: every register samples on its rising edge",
        "rst" => "synchronous reset, active high: clears the valid pipeline (`out_valid`), not the data registers",
        "in_valid" => "the inputs are sampled at this rising edge (one vector per clock)",
        "out_valid" => {
            "the outputs hold a result: inputs sampled at rising edge k come out at edge k + LATENCY - 1 (rtl.md)"
        }
        "cb_addr" | "hp_addr" | "sp_addr" => {
            "address of a synchronous-read memory outside the unit (constant bank, header pool, sampler pool)"
        }
        "cb_data" | "hp_data" | "sp_data" => "the memory word at the address of the previous clock (rtl.md)",
        _ => return None,
    })
}

/// `docs/hdl/rtl-ports.md` from the RTL sources in `rtl_dir` and the generated package text;
/// a port without a comment of a unit's top module (the last of its RTL files) that carries
/// a vector field of the same name gets the field's documentation.
pub fn rtl_ports(rtl_dir: &std::path::Path, package: &str, defs: &[crate::UnitDef]) -> Result<String> {
    let mut field_docs: BTreeMap<(String, String), String> = BTreeMap::new();
    for d in defs {
        if let Some(top) = d.unit.rtl_files().last() {
            let top = top.trim_end_matches(".sv").to_string();
            for f in &d.layout.fields {
                field_docs.insert(
                    (top.clone(), f.name.clone()),
                    format!("vector field `{}.{}`: {}", d.unit.name(), f.name, f.doc),
                );
            }
        }
    }
    let mut consts = BTreeMap::new();
    for l in package.lines() {
        let t = l.trim();
        if let Some(rest) = t.strip_prefix("localparam int ") {
            if let Some((n, v)) = rest.split_once('=') {
                if let Ok(v) = v.trim().trim_end_matches(';').trim().parse::<i64>() {
                    consts.insert(n.trim().to_string(), v);
                }
            }
        }
    }
    let mut files: Vec<_> = fs::read_dir(rtl_dir)
        .with_context(|| format!("cannot list {}", rtl_dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "sv"))
        .collect();
    files.sort();
    let mut s = String::from(BANNER);
    s.push_str("# Ports of the reference RTL\n\n");
    s.push_str(
        "Every module of `hdl-vectors/rtl/`, its parameters and ports as declared (read from the \
sources; widths resolved against `texcore_vectors_pkg`). How the clocked units behave — clock, \
reset, `in_valid` / `out_valid`, latency, the descriptor-memory ports — is in [rtl.md](rtl.md).\n",
    );
    for path in files {
        let src = fs::read_to_string(&path).with_context(|| format!("cannot read {}", path.display()))?;
        let file = path.file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default();
        let mods = modules(&src, &consts);
        if mods.is_empty() {
            bail!("{file}: no module found");
        }
        for (name, params, mut ports) in mods {
            let _ = writeln!(s, "\n## `{name}` (`rtl/{file}`)\n");
            if !params.is_empty() {
                for p in &params {
                    let doc = if p.doc.is_empty() { String::new() } else { format!(": {}", p.doc) };
                    let _ = writeln!(s, "Parameter `{}` ({}){doc}.\n", p.name, p.decl);
                }
            }
            s.push_str("| dir | port | bits | declared | meaning |\n|---|---|---|---|---|\n");
            for p in &mut ports {
                if p.doc.is_empty() {
                    if let Some(d) = field_docs.get(&(name.clone(), p.name.clone())) {
                        p.doc = d.clone();
                    } else if let Some(d) = common_port(&p.name) {
                        p.doc = d.to_string();
                    }
                }
                let _ = writeln!(
                    s,
                    "| {} | `{}` | {} | `{}` | {} |",
                    p.dir,
                    p.name,
                    p.width,
                    p.decl,
                    p.doc.replace('|', "\\|")
                );
            }
        }
    }
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn port_parser_reads_the_declaration_forms() {
        let consts: BTreeMap<String, i64> = [("CBANK_AW".to_string(), 12)].into_iter().collect();
        let src = "module m #(\n  parameter int DIV_ST = 16   // steps\n) (\n  input  logic clk,\n  input  logic [7:0] a, // byte\n  output logic [texcore_vectors_pkg::CBANK_AW-1:0] cb_addr,\n  output logic [63:0] x, y\n);\nendmodule\n";
        let m = modules(src, &consts);
        assert_eq!(m.len(), 1);
        let (name, params, ports) = &m[0];
        assert_eq!(name, "m");
        assert_eq!(params.len(), 1);
        assert_eq!((params[0].name.as_str(), params[0].doc.as_str()), ("DIV_ST", "steps"));
        let got: Vec<(&str, &str, &str)> = ports.iter().map(|p| (p.dir, p.name.as_str(), p.width.as_str())).collect();
        assert_eq!(
            got,
            [
                ("input", "clk", "1"),
                ("input", "a", "8"),
                ("output", "cb_addr", "12"),
                ("output", "x", "64"),
                ("output", "y", "64")
            ]
        );
        assert_eq!(ports[1].doc, "byte");
    }
}
