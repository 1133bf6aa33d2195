//! Target `vectors`: the HDL-vector library (`texcore-vectors`) and the DPI-C library built
//! on it (`texcore-dpi`) on arbitrary stimulus — what a hardware team's testbench drives when
//! it randomizes its own inputs instead of replaying the vector files.
//!
//! Checks, besides "no panic":
//! * every unit of `texcore_vectors::all_units()` (stage and op level): `Unit::eval` on any
//!   input field values (each within its field's width, as a vector line holds it) on the
//!   level-1 and the level-2 fixture (`Fixture::build`, seed 1, what `cargo xtask vectors`
//!   uses by default) is deterministic (outputs start at zero, as the generator gives them), and where it evaluates every output fits its field's
//!   width (a stage unit may refuse a code no op produces, as a typed error);
//! * the DPI-C library: `texcore_dpi::ffi::eval`, the body of `texcore_dpi_sample` …
//!   `texcore_dpi_store`, with the level-2 fixture's images loaded through
//!   `texcore_dpi::ffi::load_image` from `$readmemh` files (as the testbench loads them):
//!   its output word is the unit's `eval` placed at the layout's field positions, and bits
//!   of the input word outside every field change nothing;
//! * the image readers on any text: `hex::parse_words` accepts a line exactly when it holds
//!   only hex digits and `_` (trailing whitespace aside), at most `8 n` digits, and returns
//!   their value; `parse_pool` and `parse_texmem` return one entry per non-blank line;
//!   `parse_texmem(write_texmem(m))` is `m` padded with zeros to a multiple of 16 bytes.

use std::path::PathBuf;
use std::sync::OnceLock;

use texcore_vectors::hex;
use texcore_vectors::layout::Placed;
use texcore_vectors::op_unit::{get_bits, set_bits, OpUnit};
use texcore_vectors::pools::Fixture;
use texcore_vectors::{unit_defs, UnitDef};

use crate::gen;
use crate::input::{Reader, Writer};

/// The seed of the level-2 fixture (`cargo xtask vectors`' default).
pub const FIXTURE_SEED: u64 = 1;

/// The units with their layouts and the two fixtures (built once per process), with the
/// level-2 fixture's images loaded into the DPI-C library.
struct Env {
    defs: Vec<UnitDef>,
    fixtures: [Fixture; 2],
}

fn env() -> &'static Env {
    static ENV: OnceLock<Env> = OnceLock::new();
    ENV.get_or_init(|| {
        let defs = unit_defs().expect("the units' layouts");
        let fixtures = [1, 2].map(|level| Fixture::build(level, FIXTURE_SEED).expect("the fixture builds"));
        load_dpi_images(&fixtures[1]);
        Env { defs, fixtures }
    })
}

/// Writes `fx`'s op-level images as `$readmemh` files and loads them into the DPI-C library.
fn load_dpi_images(fx: &Fixture) {
    let dir: PathBuf = std::env::temp_dir().join(format!("texcore-fuzz-dpi-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let pool = |entries: &[[u32; 8]]| -> String {
        entries
            .iter()
            .map(|e| e.iter().rev().map(|w| format!("{w:08x}")).collect::<Vec<_>>().join("_") + "\n")
            .collect()
    };
    let images = [
        ("texmem", hex::write_texmem(&fx.ops.texmem)),
        ("op_hdr", pool(&fx.ops.headers)),
        ("op_smp", pool(&fx.ops.samplers)),
    ];
    for (kind, text) in images {
        let path = dir.join(format!("{kind}.hex"));
        std::fs::write(&path, text).expect("writing an image");
        texcore_dpi::ffi::load_image(kind, &path.to_string_lossy()).expect("the DPI-C library loads the image");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Low `width` bits (width ≤ 64).
fn mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1 << width) - 1
    }
}

/// Mode byte of a field value written raw (64 bits) by the seed generator.
const FIELD_RAW: u8 = 4;

/// One input field value: small, binary32-biased, a biased integer, a small negative or
/// raw 64 bits, masked to the field.
fn field_value(r: &mut Reader<'_>, width: u32) -> u64 {
    let v = match r.u8() % 5 {
        0 => u64::from(r.u8()),
        1 => u64::from(gen::f32_bits(r)),
        2 => u64::from(gen::uint(r)),
        3 => i64::from(r.u8() as i8) as u64,
        _ => u64::from(r.u32()) | u64::from(r.u32()) << 32,
    };
    v & mask(width)
}

/// Runs one input.
pub fn run(data: &[u8]) {
    let mut r = Reader::new(data);
    if r.below(4) < 3 {
        unit_eval(&mut r);
    } else {
        image_text(&mut r);
    }
}

fn unit_eval(r: &mut Reader<'_>) {
    let e = env();
    let def = &e.defs[r.below(e.defs.len())];
    let level2 = r.bool();
    let fx = &e.fixtures[usize::from(level2)];
    let l = &def.layout;
    let (ins, outs): (&[Placed], &[Placed]) = l.fields.split_at(l.n_in);
    let inputs: Vec<u64> = ins.iter().map(|f| field_value(r, f.width)).collect();
    let mut out = vec![0u64; outs.len()];
    let res = def.unit.eval(fx, &inputs, &mut out);
    // (Outputs start at zero, as the generator and the DPI-C library give them: a unit
    // leaves an output it does not drive, such as Intel INFO's disabled lanes, at 0.)
    let mut again = vec![0; outs.len()];
    let res2 = def.unit.eval(fx, &inputs, &mut again);
    let name = def.unit.name();
    assert_eq!(res.is_ok(), res2.is_ok(), "{name}: eval is deterministic");
    if res.is_err() {
        return;
    }
    assert_eq!(out, again, "{name}: eval is deterministic");
    for (v, f) in out.iter().zip(outs) {
        assert_eq!(v & !mask(f.width), 0, "{name}: output `{}` = {v:#x} does not fit {} bits", f.name, f.width);
    }
    let Some(op) = OpUnit::from_name(name) else { return };
    if !level2 {
        return;
    }
    // The DPI-C library on the same vector: the input word built at the layout's positions.
    let mut in_words = vec![0u32; l.in_w.div_ceil(32) as usize];
    for (f, v) in ins.iter().zip(&inputs) {
        set_bits(&mut in_words, f.lsb, f.width, *v);
    }
    let mut want = vec![0u32; l.out_w.div_ceil(32) as usize];
    for (f, v) in outs.iter().zip(&out) {
        set_bits(&mut want, f.lsb, f.width, *v);
    }
    let mut got = vec![0xA5A5_A5A5; want.len()];
    assert!(texcore_dpi::ffi::eval(op, &in_words, &mut got), "{name}: the DPI-C images are loaded");
    assert_eq!(got, want, "{name}: DPI-C output word == the unit's eval at the layout's positions");
    // Bits outside every input field (each field's padding to whole hex digits, the word's
    // top) change nothing.
    let mut used = vec![0u32; in_words.len()];
    for f in ins {
        set_bits(&mut used, f.lsb, f.width, u64::MAX);
    }
    let mut noisy = in_words.clone();
    for (w, u) in noisy.iter_mut().zip(&used) {
        *w |= r.u32() & !u;
    }
    if noisy != in_words {
        let mut got = vec![0; want.len()];
        texcore_dpi::ffi::eval(op, &noisy, &mut got);
        assert_eq!(got, want, "{name}: bits outside the input fields change the DPI-C output");
        // The fields read back from the noisy word are the inputs.
        for (f, v) in ins.iter().zip(&inputs) {
            assert_eq!(get_bits(&noisy, f.lsb, f.width), *v, "{name}: field `{}` read back", f.name);
        }
    }
}

/// The value of `line` as `n` words if [`hex::parse_words`] must accept it.
fn parse_reference(line: &str, n: usize) -> Option<Vec<u32>> {
    let mut words = vec![0u32; n];
    let mut digits = 0usize;
    for c in line.trim_end().chars().rev() {
        if c == '_' {
            continue;
        }
        let d = c.to_digit(16)?;
        if digits >= 8 * n {
            return None;
        }
        words[digits / 8] |= d << (4 * (digits % 8));
        digits += 1;
    }
    Some(words)
}

fn image_text(r: &mut Reader<'_>) {
    let n = r.below(10);
    let raw_len = r.len();
    let raw = r.bytes(raw_len);
    let text = String::from_utf8_lossy(&raw);
    for line in text.lines().take(64) {
        assert_eq!(hex::parse_words(line, n), parse_reference(line, n), "parse_words({line:?}, {n})");
    }
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    if let Ok(pool) = hex::parse_pool(&text) {
        assert_eq!(pool.len(), lines.len(), "parse_pool: one entry per non-blank line");
        for (e, l) in pool.iter().zip(&lines) {
            assert_eq!(Some(e.to_vec()), parse_reference(l, 8), "parse_pool entry {l:?}");
        }
    }
    if let Ok(mem) = hex::parse_texmem(&text) {
        assert_eq!(mem.len(), 16 * lines.len(), "parse_texmem: 16 bytes per non-blank line");
    }
    let mut padded = raw.clone();
    padded.resize(raw.len().div_ceil(16) * 16, 0);
    assert_eq!(hex::parse_texmem(&hex::write_texmem(&raw)), Ok(padded), "parse_texmem(write_texmem(m))");
}

/// Seeds: the first directed vector of every unit on each fixture, and two image texts.
pub fn seeds() -> Vec<(String, Vec<u8>)> {
    let e = env();
    let mut v = Vec::new();
    for (i, def) in e.defs.iter().enumerate() {
        for level2 in [false, true] {
            let mut directed = Vec::new();
            def.unit.directed(&e.fixtures[usize::from(level2)], &mut directed);
            let n_in = def.layout.n_in;
            for (k, vector) in directed.chunks_exact(n_in).take(2).enumerate() {
                let mut w = Writer::new();
                w.u8(0).index(i).bool(level2);
                for x in vector {
                    w.u8(FIELD_RAW).u32(*x as u32).u32((*x >> 32) as u32);
                }
                v.push((format!("{}-l{}-{k}", def.unit.name(), 1 + u8::from(level2)), w.finish()));
            }
        }
    }
    let texmem = hex::write_texmem(&(0..48u8).collect::<Vec<_>>());
    let pool = "00000000_00000000_0000000f_00000001_00ff00ff_00000000_00000000_1a200418\n\n";
    for (name, text) in [("texmem", texmem.as_str()), ("pool", pool)] {
        let mut w = Writer::new();
        w.u8(3).u8(8).bytes(text.as_bytes());
        v.push((format!("image-{name}"), w.finish()));
    }
    v
}
