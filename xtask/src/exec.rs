//! `cargo xtask exec SCENARIO [PROGRAM]`: run assembly text on texcore's instruction layer.
//!
//! The scenario (TOML, or JSON when the file name ends in `.json`; see
//! `examples/exec/txq_tld4s_tmml.toml` for a commented example) declares texture memory,
//! textures (header fields + a generated image), samplers, raw descriptor words, pool
//! `MaximumIndex`es, the binding mode, the constant bank, the TGSI / Intel binding tables,
//! the initial registers and lane masks. The program (a file, or `program = """…"""`) is
//! assembled with `texcore::isa` and executed; the output is the final register state —
//! changed registers by default, `--all` for every non-zero one — as a table on stdout and/or
//! JSON (`--json FILE`, `--format json`).
//!
//! Exit codes: **0** success; **2** for anything else — a bad scenario, a bad program
//! (file:line:col), an instruction the executor rejects (file:line and the typed error), a
//! scenario beyond the limits below, a report that cannot be written, or an internal error
//! (a defect: the message says so). `exec` exits with no other code.
//!
//! ## Memory bound
//!
//! Every scenario is checked against [`Limits::CLI`] before anything large is allocated:
//! scenario and program files of at most 4 MiB each, at most 65 536 instructions, a texture
//! of at most 256 MiB ([`texcore::memory::texture_bytes`]) and a texture-memory image of at
//! most 512 MiB in all (every texture, `memory.data` block and `memory.size` must end below
//! it). Textures are written into the image in place (no per-texel buffers), and the memory
//! report is built from a journal of the bytes STORE and the atomics change (no second copy
//! of the image). A scenario past a limit is a bad scenario (exit 2). With these limits the
//! process stays below **1 GiB** of resident memory on any scenario (`docs/fuzzing.md`
//! gives the measurements).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::ValueEnum;
use serde::Deserialize;
use serde_json::{json, Value};
use texcore::descriptor::{
    CompareFunc, Filter, Format, Layout, MipFilter, MsMode, SamplerHeader, Swizzle, SwizzleSource, TextureHeader,
    TextureType, WrapMode,
};
use texcore::fp::ratio_to_f32_bits;
use texcore::handle::{Bindings, Handle, Pool, SamplerBinding};
use texcore::isa::{
    assemble_lines, disassemble, execute, float::parse_f32, parse_word, Env, Instr, Machine, Reg, Tables, GRF_DWORDS,
    GRF_REGS, IMMS, LANES, TEMPS,
};
use texcore::memory::{texel_address, texture_bytes, TexelCoord, TexelMemory, TexelMemoryMut};
use texcore::texel::{domains, encode, unorm_from_f32, Domain};

#[derive(clap::Args, Clone, Debug)]
pub struct Args {
    /// Scenario file: TOML, or JSON if it ends in `.json`.
    pub scenario: PathBuf,
    /// Assembly program (default: the scenario's `program` text or `program_file`).
    pub program: Option<PathBuf>,
    /// Show every register that is non-zero or changed (default: changed registers only).
    #[arg(long)]
    pub all: bool,
    /// Also write the JSON report to FILE.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// What to print on stdout.
    #[arg(long, value_enum, default_value_t = OutFormat::Table)]
    pub format: OutFormat,
    /// Print every instruction with the registers it changed as it runs.
    #[arg(long)]
    pub trace: bool,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutFormat {
    /// A readable table.
    Table,
    /// The JSON report.
    Json,
}

/// Why `exec` failed (exit code 2).
#[derive(Debug)]
pub enum Failure {
    /// Bad scenario, bad program, a limit exceeded, or an instruction the executor rejected.
    Input(String),
}

/// What a run produced.
pub struct Report {
    /// The table (with the trace first, when asked for).
    pub table: String,
    /// The JSON report.
    pub json: Value,
}

/// The bounds `exec` checks every scenario against (see "Memory bound" in the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Largest scenario or program file, bytes.
    pub file_bytes: u64,
    /// Largest texture, bytes.
    pub texture_bytes: u64,
    /// The texture-memory image: every texture, data block and `memory.size` ends at or below
    /// this many bytes.
    pub image_bytes: u64,
    /// Most instructions in a program.
    pub instructions: usize,
}

impl Limits {
    /// The limits of `cargo xtask exec`.
    pub const CLI: Limits =
        Limits { file_bytes: 4 << 20, texture_bytes: 256 << 20, image_bytes: 512 << 20, instructions: 65_536 };
}

/// Entry point for `main`: prints the report, maps every outcome to exit code 0 or 2.
pub fn main(args: &Args) -> ExitCode {
    // A panic is a defect of texcore or of this command; it still ends with exit code 2 and
    // says so (the default hook has printed where it happened).
    let outcome = std::panic::catch_unwind(|| run(args));
    let report = match outcome {
        Ok(Ok(r)) => r,
        Ok(Err(Failure::Input(msg))) => {
            eprintln!("error: {msg}");
            return ExitCode::from(2);
        }
        Err(_) => {
            eprintln!("error: internal error in `exec` (a defect: please report it with the scenario)");
            return ExitCode::from(2);
        }
    };
    let json = || serde_json::to_string_pretty(&report.json).unwrap_or_default();
    let text = match args.format {
        OutFormat::Table => report.table.clone(),
        OutFormat::Json => json() + "\n",
    };
    if let Err(e) = std::io::Write::write_all(&mut std::io::stdout().lock(), text.as_bytes()) {
        eprintln!("error: cannot write the report to stdout: {e}");
        return ExitCode::from(2);
    }
    if let Some(path) = &args.json {
        if let Err(e) = std::fs::write(path, json() + "\n") {
            eprintln!("error: cannot write {}: {e}", path.display());
            return ExitCode::from(2);
        }
    }
    ExitCode::SUCCESS
}

type R<T> = Result<T, Failure>;

fn bad<T>(msg: impl Into<String>) -> R<T> {
    Err(Failure::Input(msg.into()))
}

// ------------------------------------------------------------------ scenario format

#[derive(Deserialize, Default, Debug)]
#[serde(deny_unknown_fields)]
struct Scenario {
    description: Option<String>,
    /// Inline program text.
    program: Option<String>,
    /// Program file, relative to the scenario.
    program_file: Option<PathBuf>,
    /// Quad lanes that execute (bit l = lane l), default 0xF.
    active: Option<Value>,
    /// Killed (helper) lanes, default 0.
    killed: Option<Value>,
    /// Intel dispatch mask, default 0xFFFFFFFF.
    exec_mask: Option<Value>,
    /// "nearest_even" (default) or "toward_zero".
    f16_rounding: Option<String>,
    /// "independent" (default) or "via_header_binding".
    binding: Option<String>,
    #[serde(default)]
    memory: MemoryCfg,
    #[serde(default)]
    textures: Vec<TextureCfg>,
    #[serde(default)]
    samplers: Vec<SamplerCfg>,
    #[serde(default)]
    raw_headers: Vec<RawDesc>,
    #[serde(default)]
    raw_samplers: Vec<RawDesc>,
    #[serde(default)]
    pools: PoolsCfg,
    #[serde(default)]
    const_bank: BTreeMap<String, Value>,
    #[serde(default)]
    tgsi: TgsiCfg,
    #[serde(default)]
    intel: IntelCfg,
    #[serde(default)]
    registers: BTreeMap<String, Value>,
    #[serde(default)]
    grf: BTreeMap<String, Value>,
}

#[derive(Deserialize, Default, Debug)]
#[serde(deny_unknown_fields)]
struct MemoryCfg {
    /// Minimum size in bytes (it grows to hold every texture and data block).
    size: Option<u64>,
    /// Byte value of memory nobody wrote (default 0).
    fill: Option<u8>,
    #[serde(default)]
    data: Vec<MemData>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct MemData {
    at: u64,
    /// Bytes as hex, whitespace allowed: "01 02 ff".
    hex: Option<String>,
    /// 32-bit words, little-endian.
    words: Option<Vec<Value>>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct TextureCfg {
    name: Option<String>,
    slot: Option<u32>,
    #[serde(rename = "type")]
    ty: String,
    format: String,
    width: u32,
    height: Option<u32>,
    depth: Option<u32>,
    levels: Option<u32>,
    base_level: Option<u32>,
    samples: Option<u32>,
    layout: Option<String>,
    swizzle: Option<String>,
    #[serde(default)]
    srgb: bool,
    row_pitch: Option<u32>,
    quilt_width: Option<u32>,
    quilt_height: Option<u32>,
    base_address: Option<u32>,
    pattern: Option<String>,
    #[serde(default)]
    colors: Vec<Vec<Value>>,
    cell: Option<u32>,
    /// The texture's bytes as hex (instead of a pattern).
    data: Option<String>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct SamplerCfg {
    slot: Option<u32>,
    wrap: Option<Value>,
    filter: Option<String>,
    mag_filter: Option<String>,
    min_filter: Option<String>,
    mip_filter: Option<String>,
    max_anisotropy: Option<u32>,
    compare: Option<String>,
    #[serde(default)]
    seamless_cube: bool,
    lod_bias: Option<f64>,
    min_lod: Option<f64>,
    max_lod: Option<f64>,
    border_color: Option<Vec<Value>>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct RawDesc {
    slot: u32,
    words: Vec<Value>,
}

#[derive(Deserialize, Default, Debug)]
#[serde(deny_unknown_fields)]
struct PoolsCfg {
    header_maximum_index: Option<u32>,
    sampler_maximum_index: Option<u32>,
}

#[derive(Deserialize, Default, Debug)]
#[serde(deny_unknown_fields)]
struct TgsiCfg {
    #[serde(default)]
    sview: Vec<u32>,
    #[serde(default)]
    samp: Vec<u32>,
    #[serde(default)]
    res: Vec<u32>,
}

#[derive(Deserialize, Default, Debug)]
#[serde(deny_unknown_fields)]
struct IntelCfg {
    #[serde(default)]
    surface: Vec<u32>,
}

// ------------------------------------------------------------------ values

/// A 32-bit word: an integer (its two's-complement bits), a float (binary32, exact from the
/// decimal), or a string: `0x…` bits, a decimal integer, or a decimal float / `inf` / `nan`.
fn word(v: &Value, what: &str) -> R<u32> {
    match v {
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                if (-(1i64 << 31)..(1i64 << 32)).contains(&i) {
                    return Ok(i as u32);
                }
                return bad(format!("{what}: {i} does not fit 32 bits"));
            }
            if let Some(u) = n.as_u64() {
                return u32::try_from(u).or_else(|_| bad(format!("{what}: {u} does not fit 32 bits")));
            }
            let f = n.as_f64().unwrap_or(0.0);
            // The shortest decimal that reads back as this binary64 is the literal as
            // written (for ≤ 15 significant digits): convert that decimal exactly.
            parse_f32(&format!("{f:e}")).map_or_else(|| bad(format!("{what}: bad number {f}")), Ok)
        }
        Value::String(s) => parse_word(s.trim())
            .map_or_else(|| bad(format!("{what}: `{s}` is not a number (0x bits, integer, or decimal float)")), Ok),
        Value::Bool(b) => Ok(u32::from(*b)),
        other => bad(format!("{what}: expected a number or a string, found {other}")),
    }
}

fn mask(v: &Option<Value>, default: u32, what: &str) -> R<u32> {
    match v {
        None => Ok(default),
        Some(v) => word(v, what),
    }
}

fn words_vec(v: &[Value], what: &str) -> R<Vec<u32>> {
    v.iter().enumerate().map(|(i, x)| word(x, &format!("{what}[{i}]"))).collect()
}

fn color(v: &[Value], what: &str) -> R<[u32; 4]> {
    if v.len() > 4 {
        return bad(format!("{what}: at most 4 components"));
    }
    let w = words_vec(v, what)?;
    Ok(std::array::from_fn(|i| w.get(i).copied().unwrap_or(0)))
}

fn parse_hex(s: &str, what: &str) -> R<Vec<u8>> {
    let digits: Vec<char> = s.chars().filter(|c| !c.is_whitespace() && *c != '_').collect();
    if let Some(c) = digits.iter().find(|c| !c.is_ascii_hexdigit()) {
        return bad(format!("{what}: `{c}` is not a hex digit"));
    }
    if !digits.len().is_multiple_of(2) {
        return bad(format!("{what}: odd number of hex digits"));
    }
    let nibble = |c: char| c.to_digit(16).unwrap_or(0) as u8;
    Ok(digits.chunks_exact(2).map(|p| nibble(p[0]) << 4 | nibble(p[1])).collect())
}

fn one_of<T: Copy>(s: &str, what: &str, table: &[(&str, T)]) -> R<T> {
    let k = s.trim().to_ascii_lowercase().replace('-', "_");
    table.iter().find(|(n, _)| *n == k).map(|(_, v)| *v).map_or_else(
        || {
            bad(format!(
                "{what}: unknown `{s}` (expected one of {})",
                table.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
            ))
        },
        Ok,
    )
}

// ------------------------------------------------------------------ building the world

struct World {
    headers: Vec<[u32; 8]>,
    samplers: Vec<[u32; 8]>,
    header_max: u32,
    sampler_max: u32,
    binding: SamplerBinding,
    bank: Vec<u32>,
    tgsi: TgsiCfg,
    intel: IntelCfg,
    mem: Vec<u8>,
}

fn texture_type(s: &str) -> R<TextureType> {
    let u = s.trim().to_ascii_uppercase();
    let short = [
        ("1D", TextureType::OneD),
        ("2D", TextureType::TwoD),
        ("3D", TextureType::ThreeD),
        ("CUBE", TextureType::Cube),
        ("1D_ARRAY", TextureType::OneDArray),
        ("2D_ARRAY", TextureType::TwoDArray),
        ("BUFFER", TextureType::OneDBuffer),
        ("2D_NO_MIPMAP", TextureType::TwoDNoMipmap),
        ("CUBE_ARRAY", TextureType::CubeArray),
    ];
    if let Some((_, t)) = short.iter().find(|(n, _)| *n == u) {
        return Ok(*t);
    }
    TextureType::ALL.iter().copied().find(|t| t.name() == u).map_or_else(
        || bad(format!("texture type `{s}` (expected 1D, 2D, 3D, CUBE, 1D_ARRAY, 2D_ARRAY, BUFFER, 2D_NO_MIPMAP, CUBE_ARRAY or a TIC name such as TWO_D_ARRAY)")),
        Ok,
    )
}

fn format(s: &str) -> R<Format> {
    Format::ALL.iter().copied().find(|f| f.name().eq_ignore_ascii_case(s.trim())).map_or_else(
        || {
            bad(format!(
                "format `{s}` (expected e.g. RGBA8_UNORM, R32_UINT, Z16_UNORM; see core/src/descriptor/format.rs)"
            ))
        },
        Ok,
    )
}

fn swizzle(s: &str) -> R<Swizzle> {
    let src: Vec<SwizzleSource> = s
        .chars()
        .map(|c| match c.to_ascii_uppercase() {
            'R' | 'X' => Ok(SwizzleSource::R),
            'G' | 'Y' => Ok(SwizzleSource::G),
            'B' | 'Z' => Ok(SwizzleSource::B),
            'A' | 'W' => Ok(SwizzleSource::A),
            '0' => Ok(SwizzleSource::Zero),
            '1' => Ok(SwizzleSource::One),
            _ => bad(format!("swizzle `{s}`: use four of R G B A 0 1")),
        })
        .collect::<R<_>>()?;
    match src.as_slice() {
        [a, b, c, d] => Ok(Swizzle([*a, *b, *c, *d])),
        _ => bad(format!("swizzle `{s}`: use four of R G B A 0 1")),
    }
}

/// Encodes one colour (result words, as STORE takes them) into the format's bytes.
fn encode_texel(f: Format, c: [u32; 4]) -> Vec<u8> {
    let n = f.bytes_per_texel() as usize;
    let bytes: Vec<u8> = match f {
        Format::Z16_UNORM => (unorm_from_f32(c[0], 16) as u16).to_le_bytes().to_vec(),
        Format::X8Z24_UNORM => (unorm_from_f32(c[0], 24) as u32).to_le_bytes().to_vec(),
        Format::Z24S8_UNORM => ((unorm_from_f32(c[0], 24) as u32) | (c[1] & 0xFF) << 24).to_le_bytes().to_vec(),
        Format::Z32_FLOAT => c[0].to_le_bytes().to_vec(),
        Format::S8_UINT => vec![c[0] as u8],
        _ => encode(f, false, c).map(|b| b.to_vec()).unwrap_or_default(),
    };
    let mut v = bytes;
    v.resize(n, 0);
    v
}

/// The word of value `v` in a component domain: integers raw, UNORM/SNORM the code `v`
/// (mod the code range), floats the value `v`.
fn domain_word(d: Domain, v: u32) -> u32 {
    match d {
        Domain::Uint | Domain::Sint => v,
        Domain::Unorm(n) => {
            let den = (1u64 << n) - 1;
            ratio_to_f32_bits(i64::from(v) % (den as i64 + 1), den, 0)
        }
        Domain::Snorm(n) => {
            let den = (1u64 << (n - 1)) - 1;
            ratio_to_f32_bits(i64::from(v) % (den as i64 + 1), den, 0)
        }
        Domain::F16 | Domain::F32 => (v as f32).to_bits(),
    }
}

fn default_colors(f: Format) -> [[u32; 4]; 2] {
    let d = domains(f, false)[0];
    let one = if d.is_integer() { 1 } else { 1.0f32.to_bits() };
    let zero_opaque = [0, 0, 0, one];
    [zero_opaque, [one; 4]]
}

/// The texture-memory image a scenario builds, never larger than the image limit.
struct Image {
    bytes: Vec<u8>,
    /// The value of bytes nobody wrote.
    fill: u8,
    /// [`Limits::image_bytes`].
    cap: u64,
}

impl Image {
    /// Grows the image (with `fill`) to at least `end` bytes; `end` past the limit is an
    /// error.
    fn reserve(&mut self, end: u64, what: &str) -> R<()> {
        if end > self.cap {
            return bad(format!(
                "{what}: texture memory up to byte {end} is past the {} MiB image limit of a scenario",
                self.cap >> 20
            ));
        }
        if (self.bytes.len() as u64) < end {
            self.bytes.resize(end as usize, self.fill);
        }
        Ok(())
    }

    fn write(&mut self, at: u64, data: &[u8], what: &str) -> R<()> {
        let end = at.saturating_add(data.len() as u64);
        self.reserve(end, what)?;
        self.bytes[at as usize..end as usize].copy_from_slice(data);
        Ok(())
    }
}

fn build_texture(t: &TextureCfg, idx: usize, img: &mut Image, limits: &Limits) -> R<TextureHeader> {
    let name = t.name.clone().unwrap_or_else(|| format!("textures[{idx}]"));
    let ty = texture_type(&t.ty).map_err(|e| prefix(&name, e))?;
    let fmt = format(&t.format).map_err(|e| prefix(&name, e))?;
    let mut h =
        TextureHeader::new(ty, fmt, t.width, t.height.unwrap_or(1), t.depth.unwrap_or(1), t.levels.unwrap_or(1));
    h.base_level = t.base_level.unwrap_or(0);
    h.srgb = t.srgb;
    h.row_pitch = t.row_pitch.unwrap_or(0);
    h.quilt_width = t.quilt_width.unwrap_or(0);
    h.quilt_height = t.quilt_height.unwrap_or(0);
    if let Some(s) = t.samples {
        h.ms_mode =
            MsMode::from_samples(s).map_or_else(|| bad(format!("{name}: samples must be 1, 2, 4, 8 or 16")), Ok)?;
    }
    if let Some(l) = &t.layout {
        h.layout = one_of(
            l,
            &format!("{name}.layout"),
            &[("pitch_linear", Layout::PitchLinear), ("pitch", Layout::PitchLinear), ("tiled4x4", Layout::Tiled4x4)],
        )?;
    }
    if let Some(s) = &t.swizzle {
        h.swizzle = swizzle(s).map_err(|e| prefix(&name, e))?;
    }
    let base = match t.base_address {
        Some(a) => a,
        None => u32::try_from((img.bytes.len() as u64).div_ceil(256) * 256)
            .or_else(|_| bad(format!("{name}: texture memory past 4 GiB")))?,
    };
    h.base_address = base;
    if let Err(e) = h.validate() {
        return bad(format!(
            "{name}: invalid texture header ({e:?}); use [[raw_headers]] for deliberately invalid words"
        ));
    }
    // Saturated at u64::MAX for textures past the address space: caught here too.
    let size = texture_bytes(&h);
    if size > limits.texture_bytes {
        return bad(format!(
            "{name}: {size} bytes of texture memory is more than the {} MiB a scenario texture may have",
            limits.texture_bytes >> 20
        ));
    }
    let (start, end) = (u64::from(base), u64::from(base) + size);
    img.reserve(end, &name)?;
    if let Some(hex) = &t.data {
        let bytes = parse_hex(hex, &format!("{name}.data"))?;
        img.write(start, &bytes, &name)?;
        return Ok(h);
    }
    let pattern = t.pattern.as_deref().unwrap_or("none").to_ascii_lowercase();
    let colors: Vec<[u32; 4]> =
        t.colors.iter().enumerate().map(|(i, c)| color(c, &format!("{name}.colors[{i}]"))).collect::<R<_>>()?;
    let defaults = default_colors(fmt);
    let pick = |i: usize| colors.get(i).copied().unwrap_or(defaults[i.min(1)]);
    let cell = t.cell.unwrap_or(1).max(1);
    let dom = domains(fmt, false);
    let kind = match pattern.as_str() {
        "none" | "zero" => {
            img.bytes[start as usize..end as usize].fill(0);
            return Ok(h);
        }
        "solid" | "checkerboard" | "gradient" | "unique" | "levels" => pattern,
        other => {
            return bad(format!(
                "{name}: pattern `{other}` (expected none, solid, checkerboard, gradient, unique, levels)"
            ))
        }
    };
    // Texels are encoded straight into the image, a row at a time (the last colour's bytes
    // are reused: solid and checkerboard textures encode once or twice). A row whose texels
    // are contiguous (pitch-linear) is one copy; otherwise each texel is placed by its address.
    let mut last: Option<([u32; 4], Vec<u8>)> = None;
    let bpp = fmt.bytes_per_texel() as usize;
    let samples = h.samples();
    let mut row: Vec<u8> = Vec::new();
    for level in 0..h.base_level + h.levels {
        let (w, hh) = (h.level_width(level), h.level_height(level));
        let zs = if ty == TextureType::ThreeD { h.level_depth(level) } else { 1 };
        let layers = h.layers();
        for layer in 0..layers {
            for z in 0..zs {
                for y in 0..hh {
                    row.clear();
                    for x in 0..w {
                        let slice = layer + z;
                        let c = match kind.as_str() {
                            "solid" => pick(0),
                            "levels" => colors.get(level as usize).or(colors.last()).copied().unwrap_or(defaults[1]),
                            "checkerboard" => pick(((x / cell + y / cell + slice / cell) & 1) as usize),
                            "unique" => {
                                let v = [x, y, slice, level];
                                std::array::from_fn(|i| domain_word(dom[i], v[i]))
                            }
                            _ => {
                                // gradient: x, y, slice normalized to [0, 1] (integer formats: the
                                // coordinates), alpha 1.
                                let g = |v: u32, n: u32, d: Domain| {
                                    if d.is_integer() {
                                        v
                                    } else if n <= 1 {
                                        0
                                    } else {
                                        ratio_to_f32_bits(i64::from(v), u64::from(n - 1), 0)
                                    }
                                };
                                let depth = if ty == TextureType::ThreeD { zs } else { layers };
                                [g(x, w, dom[0]), g(y, hh, dom[1]), g(slice, depth, dom[2]), defaults[0][3]]
                            }
                        };
                        let bytes = match &last {
                            Some((lc, b)) if *lc == c => b,
                            _ => &last.insert((c, encode_texel(fmt, c))).1,
                        };
                        for _ in 0..samples {
                            row.extend_from_slice(bytes);
                        }
                    }
                    let at = |x: u32, sample: u32| texel_address(&h, &TexelCoord { x, y, z, layer, level, sample });
                    let first = at(0, 0).map(|a| a as usize);
                    let contiguous =
                        first.is_some_and(|f| at(w - 1, samples - 1) == u32::try_from(f + row.len() - bpp).ok());
                    match (first.and_then(|f| img.bytes.get_mut(f..f + row.len())), contiguous) {
                        (Some(dst), true) => dst.copy_from_slice(&row),
                        _ => {
                            for (i, texel) in row.chunks_exact(bpp).enumerate() {
                                let (x, sample) = ((i / samples as usize) as u32, i as u32 % samples);
                                if let Some(a) = at(x, sample).map(|a| a as usize) {
                                    // Every texel lies inside [base, base + size): reserved above.
                                    if let Some(dst) = img.bytes.get_mut(a..a + bpp) {
                                        dst.copy_from_slice(texel);
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    Ok(h)
}

fn prefix(name: &str, f: Failure) -> Failure {
    match f {
        Failure::Input(m) if !m.starts_with(name) => Failure::Input(format!("{name}: {m}")),
        other => other,
    }
}

fn build_sampler(s: &SamplerCfg, name: &str) -> R<SamplerHeader> {
    let wraps = [
        ("repeat", WrapMode::Repeat),
        ("mirrored_repeat", WrapMode::MirroredRepeat),
        ("clamp_to_edge", WrapMode::ClampToEdge),
        ("clamp_to_border", WrapMode::ClampToBorder),
        ("mirror_clamp_to_edge", WrapMode::MirrorClampToEdge),
    ];
    let filters = [("nearest", Filter::Nearest), ("linear", Filter::Linear)];
    let mut out = SamplerHeader::default();
    match &s.wrap {
        None => {}
        Some(Value::String(w)) => out.wrap = [one_of(w, &format!("{name}.wrap"), &wraps)?; 3],
        Some(Value::Array(a)) if (1..=3).contains(&a.len()) => {
            for (i, w) in a.iter().enumerate() {
                let Value::String(w) = w else { return bad(format!("{name}.wrap[{i}]: expected a string")) };
                out.wrap[i] = one_of(w, &format!("{name}.wrap[{i}]"), &wraps)?;
            }
        }
        Some(_) => return bad(format!("{name}.wrap: a mode name or a list of up to 3 (s, t, r)")),
    }
    if let Some(f) = &s.filter {
        let v = one_of(f, &format!("{name}.filter"), &filters)?;
        (out.mag_filter, out.min_filter) = (v, v);
    }
    if let Some(f) = &s.mag_filter {
        out.mag_filter = one_of(f, &format!("{name}.mag_filter"), &filters)?;
    }
    if let Some(f) = &s.min_filter {
        out.min_filter = one_of(f, &format!("{name}.min_filter"), &filters)?;
    }
    if let Some(f) = &s.mip_filter {
        out.mip_filter = one_of(
            f,
            &format!("{name}.mip_filter"),
            &[("none", MipFilter::None), ("nearest", MipFilter::Nearest), ("linear", MipFilter::Linear)],
        )?;
    }
    if let Some(a) = s.max_anisotropy {
        out.max_anisotropy_log2 = match a {
            1 => 0,
            2 => 1,
            4 => 2,
            8 => 3,
            16 => 4,
            _ => return bad(format!("{name}.max_anisotropy: 1, 2, 4, 8 or 16")),
        };
    }
    if let Some(c) = &s.compare {
        out.compare_enable = true;
        out.compare_func = one_of(
            c,
            &format!("{name}.compare"),
            &[
                ("never", CompareFunc::Never),
                ("less", CompareFunc::Less),
                ("equal", CompareFunc::Equal),
                ("lequal", CompareFunc::LessEqual),
                ("less_equal", CompareFunc::LessEqual),
                ("greater", CompareFunc::Greater),
                ("notequal", CompareFunc::NotEqual),
                ("not_equal", CompareFunc::NotEqual),
                ("gequal", CompareFunc::GreaterEqual),
                ("greater_equal", CompareFunc::GreaterEqual),
                ("always", CompareFunc::Always),
            ],
        )?;
    }
    out.seamless_cube = s.seamless_cube;
    let fixed88 = |v: f64, what: &str, lo: f64, hi: f64| -> R<i32> {
        let x = v * 256.0;
        if x.fract() != 0.0 || !(lo..=hi).contains(&v) {
            return bad(format!("{name}.{what}: {v} must be a multiple of 1/256 in {lo} … {hi}"));
        }
        Ok(x as i32)
    };
    if let Some(b) = s.lod_bias {
        out.lod_bias = fixed::types::I8F8::from_bits(fixed88(b, "lod_bias", -16.0, 15.99609375)? as i16);
    }
    if let Some(v) = s.min_lod {
        out.min_lod = fixed::types::U8F8::from_bits(fixed88(v, "min_lod", 0.0, 255.99609375)? as u16);
    }
    if let Some(v) = s.max_lod {
        out.max_lod = fixed::types::U8F8::from_bits(fixed88(v, "max_lod", 0.0, 255.99609375)? as u16);
    }
    if let Some(b) = &s.border_color {
        out.border_color = color(b, &format!("{name}.border_color"))?;
    }
    Ok(out)
}

fn put_slot(pool: &mut Vec<[u32; 8]>, slot: u32, words: [u32; 8], what: &str) -> R<()> {
    if slot > 1 << 16 {
        return bad(format!("{what}: slot {slot} is too large for a scenario (max 65536)"));
    }
    let i = slot as usize;
    if pool.len() <= i {
        pool.resize(i + 1, [0; 8]);
    }
    pool[i] = words;
    Ok(())
}

fn build_world(sc: &Scenario, limits: &Limits) -> R<World> {
    let fill = sc.memory.fill.unwrap_or(0);
    let mut img = Image { bytes: Vec::new(), fill, cap: limits.image_bytes };
    img.reserve(sc.memory.size.unwrap_or(0), "memory.size")?;
    let mut headers = Vec::new();
    for (i, d) in sc.memory.data.iter().enumerate() {
        let what = format!("memory.data[{i}]");
        let bytes = match (&d.hex, &d.words) {
            (Some(h), None) => parse_hex(h, &what)?,
            (None, Some(w)) => words_vec(w, &what)?.iter().flat_map(|w| w.to_le_bytes()).collect(),
            _ => return bad(format!("{what}: give exactly one of `hex` and `words`")),
        };
        img.write(d.at, &bytes, &what)?;
    }
    for (i, t) in sc.textures.iter().enumerate() {
        let h = build_texture(t, i, &mut img, limits)?;
        let name = t.name.clone().unwrap_or_else(|| format!("textures[{i}]"));
        put_slot(&mut headers, t.slot.unwrap_or(i as u32), h.to_words(), &name)?;
    }
    let mut samplers = Vec::new();
    for (i, s) in sc.samplers.iter().enumerate() {
        let name = format!("samplers[{i}]");
        let h = build_sampler(s, &name)?;
        put_slot(&mut samplers, s.slot.unwrap_or(i as u32), h.to_words(), &name)?;
    }
    for (list, pool, what) in
        [(&sc.raw_headers, &mut headers, "raw_headers"), (&sc.raw_samplers, &mut samplers, "raw_samplers")]
    {
        for (i, d) in list.iter().enumerate() {
            let what = format!("{what}[{i}]");
            if d.words.len() > 8 {
                return bad(format!("{what}: at most 8 words"));
            }
            let w = words_vec(&d.words, &what)?;
            put_slot(pool, d.slot, std::array::from_fn(|k| w.get(k).copied().unwrap_or(0)), &what)?;
        }
    }
    let mut bank = Vec::new();
    for (k, v) in &sc.const_bank {
        let what = format!("const_bank.{k}");
        let idx: usize = match k.trim().strip_prefix("0x") {
            Some(h) => usize::from_str_radix(h, 16).ok(),
            None => k.trim().parse().ok(),
        }
        .filter(|i| *i <= 0x1FFF)
        .map_or_else(|| bad(format!("{what}: the key must be a constant-bank word index 0 … 8191")), Ok)?;
        let w = match v {
            Value::Object(o) => {
                let get = |f: &str| o.get(f).map(|x| word(x, &format!("{what}.{f}"))).transpose();
                for key in o.keys() {
                    if key != "header" && key != "sampler" {
                        return bad(format!("{what}: unknown field `{key}` (expected header, sampler)"));
                    }
                }
                let header = get("header")?.unwrap_or(0);
                let sampler = get("sampler")?.unwrap_or(0);
                Handle::new(sampler, header)
                    .map_or_else(|| bad(format!("{what}: header ≤ 0xFFFFF, sampler ≤ 0xFFF")), |h| Ok(h.0))?
            }
            other => word(other, &what)?,
        };
        if bank.len() <= idx {
            bank.resize(idx + 1, 0);
        }
        bank[idx] = w;
    }
    let header_max = sc.pools.header_maximum_index.unwrap_or(headers.len().saturating_sub(1) as u32);
    let sampler_max = sc.pools.sampler_maximum_index.unwrap_or(samplers.len().saturating_sub(1) as u32);
    let binding = match &sc.binding {
        None => SamplerBinding::Independent,
        Some(b) => one_of(
            b,
            "binding",
            &[("independent", SamplerBinding::Independent), ("via_header_binding", SamplerBinding::ViaHeaderBinding)],
        )?,
    };
    Ok(World {
        headers,
        samplers,
        header_max,
        sampler_max,
        binding,
        bank,
        tgsi: TgsiCfg { sview: sc.tgsi.sview.clone(), samp: sc.tgsi.samp.clone(), res: sc.tgsi.res.clone() },
        intel: IntelCfg { surface: sc.intel.surface.clone() },
        mem: img.bytes,
    })
}

// ------------------------------------------------------------------ registers

fn index_in(key: &str, file: &str) -> Option<Result<usize, ()>> {
    let k = key.trim();
    let head = k.get(..file.len())?;
    if !head.eq_ignore_ascii_case(file) {
        return None;
    }
    let rest = &k[file.len()..];
    let inner = rest.strip_prefix('[').and_then(|r| r.strip_suffix(']'))?;
    Some(inner.trim().parse().map_err(|_| ()))
}

fn lanes_of(v: &Value, what: &str) -> R<[Value; LANES]> {
    match v {
        Value::Array(a) => {
            if a.len() != LANES {
                return bad(format!("{what}: one value for every lane, or a list of exactly 4 (lanes 0 … 3)"));
            }
            Ok(std::array::from_fn(|i| a[i].clone()))
        }
        other => Ok(std::array::from_fn(|_| other.clone())),
    }
}

fn init_registers(m: &mut Machine, sc: &Scenario) -> R<()> {
    for (key, v) in &sc.registers {
        let what = format!("registers.{key}");
        let k = key.trim();
        if let Some(i) = index_in(k, "TEMP") {
            let i = i
                .ok()
                .filter(|i| *i < TEMPS)
                .map_or_else(|| bad(format!("{what}: TEMP index 0 … {}", TEMPS - 1)), Ok)?;
            let per_lane = matches!(v, Value::Array(a) if a.first().is_some_and(Value::is_array));
            for lane in 0..LANES {
                let vec = if per_lane { lanes_of(v, &what)?[lane].clone() } else { v.clone() };
                let Value::Array(c) = vec else { return bad(format!("{what}: a vec4 [x, y, z, w] or one per lane")) };
                m.temp[lane][i] = color(&c, &what)?;
            }
        } else if let Some(i) = index_in(k, "IMM") {
            let i =
                i.ok().filter(|i| *i < IMMS).map_or_else(|| bad(format!("{what}: IMM index 0 … {}", IMMS - 1)), Ok)?;
            let Value::Array(c) = v else { return bad(format!("{what}: a vec4 [x, y, z, w]")) };
            m.imm[i] = color(c, &what)?;
        } else if let Some(n) = k.strip_prefix(['P', 'p']).and_then(|d| d.parse::<u8>().ok()) {
            if n > 6 {
                return bad(format!("{what}: predicates are P0 … P6 (PT is constant)"));
            }
            for (lane, x) in lanes_of(v, &what)?.iter().enumerate() {
                let Value::Bool(b) = x else { return bad(format!("{what}: true / false, or 4 of them")) };
                m.set_pred(lane, n, *b);
            }
        } else if let Some(n) = k.strip_prefix(['R', 'r']).and_then(|d| d.parse::<u8>().ok()) {
            if n > 254 {
                return bad(format!("{what}: registers are R0 … R254 (RZ is constant)"));
            }
            for (lane, x) in lanes_of(v, &what)?.iter().enumerate() {
                m.set_reg(lane, Reg(n), word(x, &what)?);
            }
        } else {
            return bad(format!(
                "{what}: unknown register (expected R<n>, P<n>, TEMP[n], IMM[n]; Intel registers go in [grf])"
            ));
        }
    }
    for (key, v) in &sc.grf {
        let what = format!("grf.{key}");
        let n = key
            .trim()
            .strip_prefix(['r', 'R', 'v', 'V'])
            .and_then(|d| d.parse::<usize>().ok())
            .filter(|n| *n < GRF_REGS)
            .map_or_else(|| bad(format!("{what}: GRF registers are r0 … r{}", GRF_REGS - 1)), Ok)?;
        let vals = match v {
            Value::Array(a) => words_vec(a, &what)?,
            other => vec![word(other, &what)?],
        };
        if n * GRF_DWORDS + vals.len() > m.grf.len() {
            return bad(format!("{what}: {} dwords run past the GRF", vals.len()));
        }
        m.grf[n * GRF_DWORDS..n * GRF_DWORDS + vals.len()].copy_from_slice(&vals);
    }
    Ok(())
}

// ------------------------------------------------------------------ report

fn hex(v: u32) -> String {
    format!("0x{v:08x}")
}

struct Diff {
    json: Value,
    table: String,
}

/// Rows of registers that changed (or, with `all`, that are non-zero or changed).
fn diff(before: &Machine, after: &Machine, all: bool, indent: &str) -> Diff {
    let mut t = String::new();
    let mut nv = Vec::new();
    let mut rows = String::new();
    for r in 0..255u8 {
        let b: [u32; 4] = std::array::from_fn(|l| before.reg(l, Reg(r)));
        let a: [u32; 4] = std::array::from_fn(|l| after.reg(l, Reg(r)));
        let changed: [bool; 4] = std::array::from_fn(|l| a[l] != b[l]);
        if changed.iter().any(|c| *c) || (all && a.iter().any(|v| *v != 0)) {
            let _ = write!(rows, "{indent}  {:<10}", format!("R{r}"));
            for l in 0..LANES {
                let _ = write!(rows, " {}{}", hex(a[l]), if changed[l] { '*' } else { ' ' });
            }
            rows.push('\n');
            nv.push(json!({"reg": format!("R{r}"), "lanes": a.map(hex), "changed": changed}));
        }
    }
    if !rows.is_empty() {
        let _ = writeln!(t, "{indent}NVIDIA registers ({})", if all { "non-zero or changed" } else { "changed" });
        let _ = writeln!(t, "{indent}  {:<10} {:<12}{:<12}{:<12}lane 3", "reg", "lane 0", "lane 1", "lane 2");
        t.push_str(&rows);
    }
    let mut preds = Vec::new();
    rows.clear();
    for p in 0..7u8 {
        let b: [bool; 4] = std::array::from_fn(|l| before.pred(l, p));
        let a: [bool; 4] = std::array::from_fn(|l| after.pred(l, p));
        let changed: [bool; 4] = std::array::from_fn(|l| a[l] != b[l]);
        if changed.iter().any(|c| *c) || (all && a.iter().any(|v| *v)) {
            let _ = write!(rows, "{indent}  P{p:<9}");
            for l in 0..LANES {
                let _ = write!(rows, " {:<11}", format!("{}{}", a[l], if changed[l] { "*" } else { "" }));
            }
            rows.push('\n');
            preds.push(json!({"reg": format!("P{p}"), "lanes": a, "changed": changed}));
        }
    }
    if !rows.is_empty() {
        let _ = writeln!(t, "{indent}Predicates");
        t.push_str(&rows);
    }
    let mut temps = Vec::new();
    rows.clear();
    for i in 0..TEMPS {
        let changed: [bool; 4] = std::array::from_fn(|l| after.temp[l][i] != before.temp[l][i]);
        let nonzero = (0..LANES).any(|l| after.temp[l][i] != [0; 4]);
        if changed.iter().any(|c| *c) || (all && nonzero) {
            for (c, name) in ["x", "y", "z", "w"].iter().enumerate() {
                let _ = write!(rows, "{indent}  {:<10}", format!("TEMP[{i}].{name}"));
                for l in 0..LANES {
                    let ch = after.temp[l][i][c] != before.temp[l][i][c];
                    let _ = write!(rows, " {}{}", hex(after.temp[l][i][c]), if ch { '*' } else { ' ' });
                }
                rows.push('\n');
            }
            let lanes: Vec<Vec<String>> =
                (0..LANES).map(|l| after.temp[l][i].iter().map(|v| hex(*v)).collect()).collect();
            temps.push(json!({"reg": format!("TEMP[{i}]"), "lanes": lanes, "changed": changed}));
        }
    }
    for i in 0..IMMS {
        let changed = after.imm[i] != before.imm[i];
        if changed || (all && after.imm[i] != [0; 4]) {
            let _ = write!(rows, "{indent}  {:<10}", format!("IMM[{i}]"));
            for v in after.imm[i] {
                let _ = write!(rows, " {}{}", hex(v), if changed { '*' } else { ' ' });
            }
            rows.push('\n');
            temps.push(json!({"reg": format!("IMM[{i}]"), "value": after.imm[i].map(hex), "changed": changed}));
        }
    }
    if !rows.is_empty() {
        let _ =
            writeln!(t, "{indent}TGSI registers (TEMP rows per component; columns are lanes, IMM columns are x y z w)");
        t.push_str(&rows);
    }
    let mut grf = Vec::new();
    rows.clear();
    for r in 0..GRF_REGS {
        let s = r * GRF_DWORDS..(r + 1) * GRF_DWORDS;
        let (a, b) = (&after.grf[s.clone()], &before.grf[s]);
        let changed: Vec<bool> = a.iter().zip(b).map(|(x, y)| x != y).collect();
        if changed.iter().any(|c| *c) || (all && a.iter().any(|v| *v != 0)) {
            let _ = write!(rows, "{indent}  {:<6}", format!("r{r}"));
            for (v, c) in a.iter().zip(&changed) {
                let _ = write!(rows, " {}{}", hex(*v), if *c { '*' } else { ' ' });
            }
            rows.push('\n');
            grf.push(json!({"reg": format!("r{r}"), "dwords": a.iter().map(|v| hex(*v)).collect::<Vec<_>>(), "changed": changed}));
        }
    }
    if !rows.is_empty() {
        let _ = writeln!(t, "{indent}Intel GRF (columns are dwords 0 … 7)");
        t.push_str(&rows);
    }
    Diff { json: json!({"nvidia": nv, "predicates": preds, "tgsi": temps, "grf": grf}), table: t }
}

/// Texture memory that keeps the original bytes of every dword STORE or an atomic writes,
/// so the memory report needs no second copy of the image.
struct Journaled<'a> {
    mem: &'a mut [u8],
    /// Dword index → its bytes before the first write (fewer than 4 at the end of memory).
    before: BTreeMap<u64, Vec<u8>>,
}

impl Journaled<'_> {
    fn dword(&self, d: u64) -> &[u8] {
        let len = self.mem.len() as u64;
        let (s, e) = ((d * 4).min(len) as usize, (d * 4 + 4).min(len) as usize);
        &self.mem[s..e]
    }
}

impl TexelMemory for Journaled<'_> {
    fn read(&self, addr: u64, buf: &mut [u8]) -> bool {
        self.mem.read(addr, buf)
    }

    fn read_u32(&self, addr: u32) -> Option<u32> {
        self.mem.read_u32(addr)
    }

    fn as_bytes(&self) -> Option<&[u8]> {
        Some(self.mem)
    }
}

impl TexelMemoryMut for Journaled<'_> {
    fn write(&mut self, addr: u64, data: &[u8]) -> bool {
        let fits = addr.checked_add(data.len() as u64).is_some_and(|e| e <= self.mem.len() as u64);
        if fits && !data.is_empty() {
            for d in addr / 4..=(addr + data.len() as u64 - 1) / 4 {
                if !self.before.contains_key(&d) {
                    let old = self.dword(d).to_vec();
                    self.before.insert(d, old);
                }
            }
        }
        self.mem.write(addr, data)
    }
}

/// The changed dwords (runs of at most 8 per line): JSON rows and table lines.
fn memory_diff(j: &Journaled<'_>) -> (Vec<Value>, String) {
    let mut out = Vec::new();
    let mut t = String::new();
    let hx = |b: &[u8]| {
        b.chunks(4).map(|c| c.iter().map(|x| format!("{x:02x}")).collect::<String>()).collect::<Vec<_>>().join(" ")
    };
    let changed: Vec<(u64, &[u8])> = j
        .before
        .iter()
        .filter(|(d, old)| j.dword(**d) != old.as_slice())
        .map(|(d, old)| (*d, old.as_slice()))
        .collect();
    let mut i = 0;
    while i < changed.len() {
        // A run of consecutive changed dwords, at most 8 per line.
        let first = i;
        while i < changed.len() && i - first < 8 && changed[i].0 == changed[first].0 + (i - first) as u64 {
            i += 1;
        }
        let s = changed[first].0 * 4;
        let b: Vec<u8> = changed[first..i].iter().flat_map(|(_, old)| old.iter().copied()).collect();
        let a: Vec<u8> = changed[first..i].iter().flat_map(|(d, _)| j.dword(*d).iter().copied()).collect();
        let _ = writeln!(t, "  0x{s:08x}: {} → {}", hx(&b), hx(&a));
        out.push(json!({"address": format!("0x{s:08x}"), "before": hx(&b), "after": hx(&a)}));
    }
    (out, t)
}

// ------------------------------------------------------------------ run

/// Reads a scenario or program file of at most `limit` bytes (a bounded read: devices and
/// pipes cannot make it grow).
fn read_limited(path: &Path, limit: u64, what: &str) -> R<String> {
    use std::io::Read as _;
    let mut text = String::new();
    let read = std::fs::File::open(path).and_then(|f| f.take(limit + 1).read_to_string(&mut text));
    if let Err(e) = read {
        return bad(format!("cannot read {what} {}: {e}", path.display()));
    }
    if text.len() as u64 > limit {
        return bad(format!("{what} {} is larger than {} MiB", path.display(), limit >> 20));
    }
    Ok(text)
}

/// A scenario given as text.
pub struct Source<'a> {
    /// Its name in messages and the report (the file name).
    pub name: &'a str,
    /// The TOML or JSON text.
    pub text: &'a str,
    /// JSON (else TOML).
    pub json: bool,
    /// The directory `program_file` is relative to; `None`: the scenario may not name files.
    pub dir: Option<&'a Path>,
}

/// What to report.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Every non-zero or changed register (else changed ones only).
    pub all: bool,
    /// Every instruction with the registers it changed.
    pub trace: bool,
}

/// Loads, assembles and runs; returns the report or why not.
pub fn run(args: &Args) -> R<Report> {
    let limits = Limits::CLI;
    let path = &args.scenario;
    let text = read_limited(path, limits.file_bytes, "scenario")?;
    let program = match &args.program {
        Some(p) => Some((p.display().to_string(), read_limited(p, limits.file_bytes, "program")?)),
        None => None,
    };
    let name = path.display().to_string();
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    let json = path.extension().is_some_and(|e| e.eq_ignore_ascii_case("json"));
    let src = Source { name: &name, text: &text, json, dir: Some(&dir) };
    run_source(&src, program, Options { all: args.all, trace: args.trace }, &limits)
}

/// [`run`] on a scenario given as text, with an optional program `(name, text)` (else the
/// scenario's own), within `limits`.
pub fn run_source(src: &Source<'_>, program: Option<(String, String)>, opts: Options, limits: &Limits) -> R<Report> {
    let (name, text) = (src.name, src.text);
    if text.len() as u64 > limits.file_bytes {
        return bad(format!("scenario {name} is larger than {} MiB", limits.file_bytes >> 20));
    }
    let sc: Scenario = if src.json {
        serde_json::from_str(text).or_else(|e| bad(format!("{name}:{}:{}: {e}", e.line(), e.column())))?
    } else {
        toml::from_str(text).or_else(|e: toml::de::Error| bad(toml_error(name, text, &e)))?
    };
    let (prog_name, prog) = match (program, &sc.program, &sc.program_file) {
        (Some(p), _, _) => p,
        (None, Some(_), Some(_)) => return bad(format!("{name}: give `program` or `program_file`, not both")),
        (None, Some(t), None) => (format!("{name} (program)"), t.clone()),
        (None, None, Some(f)) => {
            let Some(dir) = src.dir else {
                return bad(format!("{name}: `program_file` is not available here (give `program`)"));
            };
            let p = dir.join(f);
            (p.display().to_string(), read_limited(&p, limits.file_bytes, "program")?)
        }
        (None, None, None) => {
            return bad(format!("{name}: no program (pass PROGRAM, or set `program` / `program_file`)"))
        }
    };
    let mut program: Vec<(u32, Instr)> = Vec::new();
    for r in assemble_lines(&prog) {
        match r {
            Ok(x) if program.len() < limits.instructions => program.push(x),
            Ok(_) => return bad(format!("{prog_name}: more than {} instructions", limits.instructions)),
            Err(e) => return bad(format!("{prog_name}:{}:{}: {}", e.line, e.col, e.kind)),
        }
    }
    let mut world = build_world(&sc, limits)?;
    let mut m = Machine::new();
    m.active = mask(&sc.active, 0xF, "active")? as u8 & 0xF;
    m.killed = mask(&sc.killed, 0, "killed")? as u8 & 0xF;
    m.exec_mask = mask(&sc.exec_mask, u32::MAX, "exec_mask")?;
    if let Some(r) = &sc.f16_rounding {
        m.f16_rounding = one_of(
            r,
            "f16_rounding",
            &[
                ("nearest_even", texcore::fp::F16Rounding::NearestEven),
                ("toward_zero", texcore::fp::F16Rounding::TowardZero),
            ],
        )?;
    }
    init_registers(&mut m, &sc)?;
    let initial = m.clone();
    let mut mem = Journaled { mem: &mut world.mem[..], before: BTreeMap::new() };
    let mut trace = String::new();
    for (line, i) in &program {
        let before = m.clone();
        let bindings = Bindings {
            headers: Pool { entries: &world.headers, maximum_index: world.header_max },
            samplers: Pool { entries: &world.samplers, maximum_index: world.sampler_max },
            binding: world.binding,
            const_bank: &world.bank,
        };
        let tables = Tables {
            sview: &world.tgsi.sview,
            samp: &world.tgsi.samp,
            res: &world.tgsi.res,
            surface: &world.intel.surface,
        };
        let mut env = Env { bindings, tables, mem: &mut mem };
        if let Err(e) = execute(&mut m, &mut env, i) {
            return bad(format!("{prog_name}:{line}: `{}`: {e}", disassemble(i)));
        }
        if opts.trace {
            let _ = writeln!(trace, "{prog_name}:{line}: {}", disassemble(i));
            let d = diff(&before, &m, false, "    ");
            trace.push_str(if d.table.is_empty() { "    (no register written)\n" } else { &d.table });
        }
    }
    let d = diff(&initial, &m, opts.all, "");
    let (mem_json, mem_table) = memory_diff(&mem);
    let mut table = String::new();
    if opts.trace {
        table.push_str("Trace\n");
        table.push_str(&trace);
        table.push('\n');
    }
    let _ = writeln!(table, "{name}: {} instruction(s) from {prog_name}", program.len());
    if let Some(desc) = &sc.description {
        let _ = writeln!(table, "{}", desc.trim());
    }
    table.push('\n');
    if d.table.is_empty() && mem_table.is_empty() {
        table.push_str("no register changed (* marks changed values)\n");
    }
    table.push_str(&d.table);
    if !mem_table.is_empty() {
        table.push_str("Memory (changed dwords, bytes in address order)\n");
        table.push_str(&mem_table);
    }
    let mut json = d.json;
    json["scenario"] = json!(name);
    json["program"] = json!(prog_name);
    json["executed"] = json!(program.len());
    json["instructions"] =
        json!(program.iter().map(|(l, i)| json!({"line": l, "text": disassemble(i).as_str()})).collect::<Vec<_>>());
    json["memory"] = json!(mem_json);
    json["only_changed"] = json!(!opts.all);
    Ok(Report { table, json })
}

fn toml_error(name: &str, text: &str, e: &toml::de::Error) -> String {
    match e.span() {
        Some(span) => {
            let before = text.get(..span.start.min(text.len())).unwrap_or(text);
            let line = before.matches('\n').count() + 1;
            let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            format!("{name}:{line}:{col}: {}", e.message())
        }
        None => format!("{name}: {}", e.message()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).parent().map(Path::to_path_buf).unwrap_or_default()
    }

    fn args(scenario: &str) -> Args {
        Args {
            scenario: root().join(scenario),
            program: None,
            all: false,
            json: None,
            format: OutFormat::Table,
            trace: false,
        }
    }

    fn reg(j: &Value, file: &str, name: &str) -> Value {
        j[file]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["reg"] == name)
            .unwrap_or_else(|| panic!("{name} not in {file}: {j}"))
            .clone()
    }

    fn lanes(j: &Value, name: &str) -> Vec<String> {
        reg(j, "nvidia", name)["lanes"].as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_string()).collect()
    }

    #[test]
    fn the_documented_example_runs_the_seed_lines() {
        let mut a = args("examples/exec/txq_tld4s_tmml.toml");
        a.trace = true;
        let r = run(&a).unwrap_or_else(|e| panic!("{e:?}"));
        let j = &r.json;
        assert_eq!(j["executed"], 3);
        let texts: Vec<&str> =
            j["instructions"].as_array().unwrap().iter().map(|i| i["text"].as_str().unwrap()).collect();
        assert_eq!(
            texts,
            [
                "TLD4S.R R8, R10, R0, R5, 5;",
                "TMML.LOD R2, R6, 6, 2D, 0x3;",
                "TXQ R0, R6, TEX_HEADER_DIMENSION, 0, 0xf;"
            ]
        );
        // TLD4S: {R9, R8, R11, R10} = {S3, S2, S1, S0}; red = 8y + x around texel corner (3, 6).
        for (reg, v) in [("R9", 42), ("R8", 43), ("R11", 51), ("R10", 50)] {
            assert_eq!(lanes(j, reg), vec![hex(v); 4], "{reg}");
        }
        // TXQ (last): R0..R3 = 64, 32, 6 layers, 7 levels.
        for (reg, v) in [("R0", 64), ("R1", 32), ("R2", 6), ("R3", 7)] {
            assert_eq!(lanes(j, reg)[0], hex(v), "{reg}");
        }
        // TMML wrote R2, R3 = 0x0200 before TXQ overwrote them: visible in the trace.
        assert!(r.table.contains("TMML.LOD R2, R6, 6, 2D, 0x3;"), "{}", r.table);
        assert!(r.table.contains("0x00000200*"), "{}", r.table);
        assert!(r.table.contains("R10        0x00000032*"), "{}", r.table);
        // Unchanged registers are not reported by default.
        assert!(j["nvidia"].as_array().unwrap().iter().all(|r| r["changed"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c == true)));
        assert!(!j["nvidia"].as_array().unwrap().iter().any(|r| r["reg"] == "R5"), "R5 was only read");
        a.all = true;
        let all = run(&a).unwrap();
        assert!(
            all.json["nvidia"].as_array().unwrap().iter().any(|r| r["reg"] == "R5"),
            "--all shows non-zero registers too"
        );
    }

    #[test]
    fn the_tgsi_and_intel_examples_run() {
        let r = run(&args("examples/exec/tgsi.toml")).unwrap_or_else(|e| panic!("{e:?}"));
        let t = reg(&r.json, "tgsi", "TEMP[3]");
        assert_eq!(t["lanes"][0], json!(["0x00000008", "0x00000008", "0x00000000", "0x00000004"]), "SVIEWINFO");
        assert!(!r.json["memory"].as_array().unwrap().is_empty(), "STORE and atomics change memory");
        let r = run(&args("examples/exec/intel_info.toml")).unwrap_or_else(|e| panic!("{e:?}"));
        let g = reg(&r.json, "grf", "r12");
        assert_eq!(g["dwords"][0], "0x00000040", "RESINFO R of lane 0 = width 64");
    }

    #[test]
    fn bad_scenarios_and_programs_are_input_failures_with_positions() {
        let dir = tempfile::tempdir().unwrap();
        let write = |name: &str, text: &str| {
            let p = dir.path().join(name);
            std::fs::write(&p, text).unwrap();
            p
        };
        let msg = |p: PathBuf, prog: Option<PathBuf>| match run(&Args {
            scenario: p,
            program: prog,
            all: false,
            json: None,
            format: OutFormat::Json,
            trace: false,
        }) {
            Err(Failure::Input(m)) => m,
            Ok(_) => panic!("ran"),
        };
        let s = write("a.toml", "program = \"TXQ R0, R6, 1, 0;\"\nbogus = 1\n");
        assert!(msg(s, None).contains("a.toml:2:1: unknown field `bogus`"));
        let s = write("b.toml", "program = \"\"\"\nTXQ R0, R6, 1, 0;\nTXQ R0, X6, 1, 0;\n\"\"\"\n");
        let m = msg(s, None);
        assert!(m.contains("b.toml (program):2:9: expected register"), "{m}");
        let s = write("c.toml", "[registers]\nR0 = 1\n");
        let p = write("c.asm", "\n\nTLD4S.R R9, R10, R0, R5, 5;\n");
        let m = msg(s.clone(), Some(p));
        assert!(
            m.contains("c.asm:3: `TLD4S.R R9, R10, R0, R5, 5;`: rule: Rd1 = R9 is not aligned to 2 registers"),
            "{m}"
        );
        let m = msg(write("d.toml", "program = \"TXQ R0, R6, 1, 0;\"\n[[textures]]\ntype = \"2D\"\nformat = \"RGBA8_UNORM\"\nwidth = 8\nlevels = 9\n"), None);
        assert!(m.contains("textures[0]: invalid texture header"), "{m}");
        let m = msg(write("e.toml", "program = \"TXQ R0, R6, 1, 0;\"\n[registers]\nR255 = 1\n"), None);
        assert!(m.contains("registers.R255"), "{m}");
        let m = msg(write("f.json", "{\"program\": \"TXQ R0, R6, 1, 0;\", \"active\": [1]}"), None);
        assert!(m.contains("active"), "{m}");
        let m = msg(dir.path().join("missing.toml"), None);
        assert!(m.contains("cannot read scenario"), "{m}");
    }

    #[test]
    fn json_scenarios_and_patterns_work() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("s.json");
        std::fs::write(
            &p,
            r#"{
              "program": "SAMPLE_I TEMP[0], TEMP[1], SVIEW[0]\nSAMPLE_I TEMP[2], TEMP[3], SVIEW[1]\nLOAD TEMP[4], RES[0], TEMP[1]",
              "textures": [
                {"type": "2D", "format": "RGBA8_UNORM", "width": 4, "height": 4, "pattern": "checkerboard", "cell": 2,
                 "colors": [[1.0, 0.0, 0.0, 1.0], [0.0, 0.0, 1.0, 1.0]]},
                {"type": "2D", "format": "RGBA8_UINT", "width": 4, "height": 4, "levels": 3, "pattern": "levels",
                 "colors": [[1, 2, 3, 4], [5, 6, 7, 8]]},
                {"type": "BUFFER", "format": "R32_FLOAT", "width": 4, "pattern": "gradient"}
              ],
              "tgsi": {"sview": [0, 1], "res": [2]},
              "registers": {"TEMP[1]": [[0,0,0,0],[2,0,0,0],[3,0,0,0],[1,3,0,0]], "TEMP[3]": [0, 0, 0, 2]}
            }"#,
        )
        .unwrap();
        let r =
            run(&Args { scenario: p, program: None, all: false, json: None, format: OutFormat::Json, trace: false })
                .unwrap_or_else(|e| panic!("{e:?}"));
        let t0 = reg(&r.json, "tgsi", "TEMP[0]");
        let red = json!(["0x3f800000", "0x00000000", "0x00000000", "0x3f800000"]);
        let blue = json!(["0x00000000", "0x00000000", "0x3f800000", "0x3f800000"]);
        assert_eq!(
            t0["lanes"],
            json!([red, blue.clone(), blue.clone(), blue]),
            "2×2 cells: (0,0) even, (2,0), (3,0), (1,3) odd"
        );
        let t2 = reg(&r.json, "tgsi", "TEMP[2]");
        assert_eq!(
            t2["lanes"][0],
            json!(["0x00000005", "0x00000006", "0x00000007", "0x00000008"]),
            "level 2 takes the last colour"
        );
        let t4 = reg(&r.json, "tgsi", "TEMP[4]");
        assert_eq!(t4["lanes"][1][0], json!(hex((2.0f32 / 3.0).to_bits())), "gradient x/(w−1)");
    }

    #[test]
    fn word_syntax() {
        assert_eq!(word(&json!(0.1), "x").unwrap(), 0.1f32.to_bits());
        assert_eq!(word(&json!(16777217.0), "x").unwrap(), 16777216.0f32.to_bits());
        assert_eq!(word(&json!(-1), "x").unwrap(), u32::MAX);
        assert_eq!(word(&json!("0x3f800000"), "x").unwrap(), 0x3F80_0000);
        assert_eq!(word(&json!("1.5"), "x").unwrap(), 1.5f32.to_bits());
        assert_eq!(word(&json!("-inf"), "x").unwrap(), f32::NEG_INFINITY.to_bits());
        assert!(word(&json!(1u64 << 33), "x").is_err());
        assert!(word(&json!("zz"), "x").is_err());
    }
}
