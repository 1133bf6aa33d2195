//! Target `scenario`: the `cargo xtask exec` scenario loader (TOML and JSON) and runner
//! ([`xtask::exec::run_source`]) on arbitrary text and on scenarios generated from their
//! parts (textures by fields and patterns, samplers, raw descriptor words, the constant
//! bank, binding tables, registers, and a program of the assembler's tokens).
//!
//! Checks: `run_source` returns a report or a bad-scenario error (what `exec` maps to exit
//! code 0 or 2) and never panics; the report serializes. Memory stays bounded: the target
//! runs under [`LIMITS`] (the CLI's shape, scaled down so an execution takes milliseconds)
//! and libFuzzer's `-rss_limit_mb` (set by `cargo xtask fuzz`) fails any input that grows
//! the process past it. The CLI's own limits are checked at full size by
//! `xtask/tests/exec_cli.rs`.

use xtask::exec::{run_source, Limits, Options, Source};

use crate::gen;
use crate::input::Reader;

/// The limits the target runs under.
pub const LIMITS: Limits =
    Limits { file_bytes: 1 << 20, texture_bytes: 4 << 20, image_bytes: 8 << 20, instructions: 64 };

const TYPES: [&str; 12] =
    ["1D", "2D", "3D", "CUBE", "1D_ARRAY", "2D_ARRAY", "BUFFER", "2D_NO_MIPMAP", "CUBE_ARRAY", "TWO_D", "cube", "4D"];
const PATTERNS: [&str; 8] = ["none", "solid", "checkerboard", "gradient", "unique", "levels", "zero", "stripes"];
const WRAPS: [&str; 6] = ["repeat", "mirrored_repeat", "clamp_to_edge", "clamp_to_border", "mirror_clamp_to_edge", "x"];

fn word(r: &mut Reader<'_>) -> String {
    match r.u8() % 6 {
        0 => format!("{}", gen::uint(r)),
        1 => format!("\"0x{:08x}\"", r.u32()),
        2 => format!("{:?}", f32::from_bits(gen::f32_bits(r))).replace("NaN", "nan"),
        3 => format!("\"{}\"", ["inf", "-inf", "nan", "1.5", "-0", "0x3f800000", "zz"][r.below(7)]),
        4 => format!("{}", r.i32()),
        _ => "true".into(),
    }
}

fn words(r: &mut Reader<'_>, n: usize) -> String {
    let v: Vec<String> = (0..n).map(|_| word(r)).collect();
    format!("[{}]", v.join(", "))
}

fn some_words(r: &mut Reader<'_>, max: usize) -> String {
    let n = r.below(max);
    words(r, n)
}

fn program(r: &mut Reader<'_>) -> String {
    let mut lines = Vec::new();
    for _ in 0..1 + r.below(6) {
        if r.bool() {
            lines.push(texcore::isa::disassemble(&crate::isa::instr(r)).as_str().to_string());
        } else {
            lines.push(crate::asm::soup(r));
        }
    }
    lines.join("\n").replace("'''", "")
}

/// A TOML scenario from parts.
fn generated(r: &mut Reader<'_>) -> String {
    let mut s = format!("program = '''\n{}\n'''\n", program(r));
    for (key, n) in [("active", 0u8), ("killed", 1), ("exec_mask", 2)] {
        if r.u8() < 64 {
            s += &format!("{key} = {}\n", word(r));
        }
        let _ = n;
    }
    if r.bool() {
        s += &format!("binding = \"{}\"\n", ["independent", "via_header_binding", "other"][r.below(3)]);
    }
    if r.bool() {
        s += &format!("[memory]\nfill = {}\n", r.u8());
        if r.u8() < 32 {
            s += &format!("size = {}\n", gen::dim(r));
        }
        for _ in 0..r.below(3) {
            s += &format!("[[memory.data]]\nat = {}\n", gen::uint(r));
            if r.bool() {
                s += &format!("words = {}\n", some_words(r, 5));
            } else {
                let hex: String = (0..r.below(8)).map(|_| format!("{:02x} ", r.u8())).collect();
                s += &format!("hex = \"{hex}\"\n");
            }
        }
    }
    for _ in 0..r.below(4) {
        s += &format!(
            "[[textures]]\ntype = \"{}\"\nformat = \"{}\"\nwidth = {}\n",
            TYPES[r.below(TYPES.len())],
            texcore::descriptor::Format::ALL[r.below(texcore::descriptor::Format::ALL.len())].name(),
            gen::dim(r)
        );
        for key in ["height", "depth", "levels", "base_level", "samples", "row_pitch", "quilt_width", "slot"] {
            if r.u8() < 80 {
                s += &format!("{key} = {}\n", gen::dim(r) % 70_000);
            }
        }
        if r.bool() {
            s += &format!("layout = \"{}\"\n", ["pitch_linear", "tiled4x4", "pitch", "zigzag"][r.below(4)]);
        }
        if r.u8() < 40 {
            s += &format!("swizzle = \"{}\"\n", ["RGBA", "BGR1", "0000", "RG", "XYZW", "abcd"][r.below(6)]);
        }
        if r.u8() < 40 {
            s += "srgb = true\n";
        }
        if r.bool() {
            s += &format!("pattern = \"{}\"\ncell = {}\n", PATTERNS[r.below(PATTERNS.len())], r.u8());
            let colors: Vec<String> = (0..r.below(4)).map(|_| some_words(r, 6)).collect();
            s += &format!("colors = [{}]\n", colors.join(", "));
        } else if r.u8() < 40 {
            let hex: String = (0..r.below(16)).map(|_| format!("{:02x}", r.u8())).collect();
            s += &format!("data = \"{hex}\"\n");
        }
        if r.u8() < 40 {
            s += &format!("base_address = {}\n", gen::address(r));
        }
    }
    for _ in 0..r.below(3) {
        s += "[[samplers]]\n";
        if r.bool() {
            s += &format!("wrap = \"{}\"\n", WRAPS[r.below(WRAPS.len())]);
        }
        if r.bool() {
            s += &format!(
                "filter = \"{}\"\nmip_filter = \"{}\"\n",
                ["nearest", "linear"][r.below(2)],
                ["none", "nearest", "linear"][r.below(3)]
            );
        }
        if r.u8() < 60 {
            s += &format!("max_anisotropy = {}\n", [1, 2, 4, 8, 16, 3, 0][r.below(7)]);
        }
        if r.u8() < 60 {
            s += &format!("compare = \"{}\"\n", ["less", "gequal", "always", "bogus"][r.below(4)]);
        }
        if r.u8() < 60 {
            s += &format!("lod_bias = {}\n", [0.5, -16.0, 15.99609375, 16.0, 0.001, -1.25][r.below(6)]);
        }
        if r.u8() < 40 {
            s += &format!("border_color = {}\n", some_words(r, 6));
        }
    }
    for (list, n) in [("raw_headers", r.below(3)), ("raw_samplers", r.below(2))] {
        for _ in 0..n {
            s += &format!("[[{list}]]\nslot = {}\nwords = {}\n", gen::uint(r) % 80_000, some_words(r, 10));
        }
    }
    if r.bool() {
        s += &format!("[pools]\nheader_maximum_index = {}\n", gen::uint(r));
    }
    if r.bool() {
        s += "[const_bank]\n";
        for _ in 0..r.below(4) {
            let k = if r.bool() { format!("{}", gen::uint(r) % 9000) } else { format!("\"0x{:x}\"", r.u16()) };
            if r.bool() {
                s += &format!("{k} = {{ header = {}, sampler = {} }}\n", gen::uint(r), gen::uint(r));
            } else {
                s += &format!("{k} = {}\n", word(r));
            }
        }
    }
    if r.bool() {
        let t = |r: &mut Reader<'_>| -> String {
            format!("[{}]", (0..r.below(4)).map(|_| (r.u8() % 6).to_string()).collect::<Vec<_>>().join(", "))
        };
        s += &format!("[tgsi]\nsview = {}\nsamp = {}\nres = {}\n", t(r), t(r), t(r));
        s += &format!("[intel]\nsurface = {}\n", t(r));
    }
    if r.bool() {
        s += "[registers]\n";
        for _ in 0..r.below(6) {
            match r.below(5) {
                0 => s += &format!("R{} = {}\n", r.u8(), word(r)),
                1 => s += &format!("R{} = {}\n", r.u8() % 16, words(r, 4)),
                2 => s += &format!("\"TEMP[{}]\" = {}\n", r.u8() % 34, some_words(r, 5)),
                3 => s += &format!("\"IMM[{}]\" = {}\n", r.u8() % 34, words(r, 4)),
                _ => {
                    s += &format!(
                        "P{} = {}\n",
                        r.u8() % 8,
                        ["true", "false", "[true, false, true, true]", "1"][r.below(4)]
                    )
                }
            }
        }
    }
    if r.u8() < 60 {
        s += &format!("[grf]\nr{} = {}\n", r.u8(), some_words(r, 10));
    }
    s
}

/// Runs one scenario text through the loader and runner.
pub fn check(text: &str, json: bool) {
    let src = Source { name: "fuzz", text, json, dir: None };
    let opts = Options { all: text.len().is_multiple_of(2), trace: text.len().is_multiple_of(3) };
    if let Ok(report) = run_source(&src, None, opts, &LIMITS) {
        let _ = serde_json_len(&report);
    }
}

fn serde_json_len(r: &xtask::exec::Report) -> usize {
    r.table.len() + r.json.to_string().len()
}

/// Runs one input.
pub fn run(data: &[u8]) {
    let mut r = Reader::new(data);
    match r.u8() % 3 {
        0 => check(&String::from_utf8_lossy(r.rest()), false),
        1 => check(&String::from_utf8_lossy(r.rest()), true),
        _ => check(&generated(&mut r), false),
    }
}
