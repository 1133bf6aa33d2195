//! The one layout definition shared by the vector writer, the generated SystemVerilog
//! package and the manifest.
//!
//! A unit declares an ordered list of [`Field`]s (name, width in bits, direction, doc);
//! [`Layout::new`] places them in the text line and on the bit vector that `$fscanf("%h")` /
//! `$readmemh` make of the line:
//!
//! * a line is the fields in declaration order, each as `ceil(width / 4)` lower-case hex
//!   digits, joined by `_`, ended by `\n`; inputs come first, outputs last;
//! * read as one hex number, the line is a `LINE_W`-bit word (the `_` are skipped): the first
//!   field is in the most significant bits. The outputs form the low `OUT_W` bits (the
//!   **output word**), the inputs the high `IN_W` bits (the **input word**,
//!   `line[LINE_W-1:OUT_W]`). Each field's `lsb` is its position inside its own word; a field
//!   whose width is not a multiple of 4 has zero padding bits above it.
//!
//! Besides the unit layouts this module holds the other constants the SV package exports:
//! the enums of the core (texture types, formats, TXQ queries, …), the status codes of the
//! query unit and the sizes of the memory images.

use crate::op_unit::{ERR_NAMES, F16_NAMES, FETCH_OP_NAMES, LOD_MODE_NAMES, STORE_OP_NAMES, TGSI_NAMES};
use crate::texset;
use anyhow::{bail, Result};
use serde::Serialize;
use texcore::descriptor::{CompareFunc, ComponentLayout, MipFilter};
use texcore::query::intel::{InfoError, InfoOp};
use texcore::query::nv::TxqQuery;
use texcore::{Format, MsMode, SwizzleSource, TextureType, WrapMode};

/// Direction of a field, seen from the unit under test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Dir {
    /// Stimulus: driven into the unit.
    In,
    /// Expected result: compared with the unit's output.
    Out,
}

/// One field of a unit's vector, as declared by the unit.
#[derive(Clone, Debug)]
pub struct Field {
    /// Lower-case identifier (`[a-z][a-z0-9_]*`); upper-cased in the SV package.
    pub name: String,
    /// Width in bits, 1 ..= 64.
    pub width: u32,
    /// Input or output.
    pub dir: Dir,
    /// One line of documentation (field tables, SV comment, manifest).
    pub doc: String,
}

impl Field {
    /// An input field.
    pub fn input(name: impl Into<String>, width: u32, doc: impl Into<String>) -> Field {
        Field { name: name.into(), width, dir: Dir::In, doc: doc.into() }
    }

    /// An output field.
    pub fn output(name: impl Into<String>, width: u32, doc: impl Into<String>) -> Field {
        Field { name: name.into(), width, dir: Dir::Out, doc: doc.into() }
    }
}

/// A field placed in the line.
#[derive(Clone, Debug, Serialize)]
pub struct Placed {
    /// Field name.
    pub name: String,
    /// Direction.
    pub dir: Dir,
    /// Width in bits.
    pub width: u32,
    /// Hex digits in the line (`ceil(width / 4)`).
    pub digits: u32,
    /// Least significant bit inside the field's word (input word or output word).
    pub lsb: u32,
    /// Byte offset of the field's first digit in the text line.
    pub column: usize,
    /// Documentation.
    pub doc: String,
}

/// The placed layout of one unit's vector line.
#[derive(Clone, Debug, Serialize)]
pub struct Layout {
    /// Unit name.
    pub unit: String,
    /// Every field, in line order (inputs first).
    pub fields: Vec<Placed>,
    /// Number of input fields (they are `fields[..n_in]`).
    pub n_in: usize,
    /// Bits of the input word (digits × 4).
    pub in_w: u32,
    /// Bits of the output word.
    pub out_w: u32,
    /// Bits of the whole line word (`in_w + out_w`).
    pub line_w: u32,
    /// Bytes per line, newline included.
    pub line_len: usize,
    /// `(column, digits)` of every field, for the writer.
    #[serde(skip)]
    pub slots: Vec<(usize, usize)>,
    /// An empty line: `0` digits, the `_` separators and the newline.
    #[serde(skip)]
    pub template: Vec<u8>,
    /// `2^width − 1` of every field.
    #[serde(skip)]
    pub masks: Vec<u64>,
}

impl Layout {
    /// Places `fields`; rejects empty, duplicate or malformed names, widths outside 1 ..= 64,
    /// an input after an output, and a layout without inputs or outputs.
    pub fn new(unit: &str, fields: &[Field]) -> Result<Layout> {
        if !is_ident(unit) {
            bail!("unit name `{unit}` is not a lower-case identifier");
        }
        let n_in = fields.iter().take_while(|f| f.dir == Dir::In).count();
        if n_in == 0 || n_in == fields.len() {
            bail!("unit `{unit}`: a layout needs at least one input and one output field");
        }
        if fields[n_in..].iter().any(|f| f.dir == Dir::In) {
            bail!("unit `{unit}`: every input field must come before the first output field");
        }
        for (i, f) in fields.iter().enumerate() {
            if !is_ident(&f.name) {
                bail!("unit `{unit}`: field name `{}` is not a lower-case identifier", f.name);
            }
            if !(1..=64).contains(&f.width) {
                bail!("unit `{unit}`: field `{}` has width {} (must be 1 ..= 64)", f.name, f.width);
            }
            if fields[..i].iter().any(|g| g.name == f.name) {
                bail!("unit `{unit}`: field `{}` is declared twice", f.name);
            }
        }
        let digits: Vec<u32> = fields.iter().map(|f| f.width.div_ceil(4)).collect();
        let out_w: u32 = digits[n_in..].iter().sum::<u32>() * 4;
        let in_w: u32 = digits[..n_in].iter().sum::<u32>() * 4;
        let mut placed = Vec::with_capacity(fields.len());
        let mut column = 0usize;
        // lsb of a field = 4 × digits of the fields after it in the same word.
        let mut remaining_in = in_w;
        let mut remaining_out = out_w;
        for (f, d) in fields.iter().zip(&digits) {
            let rem = if f.dir == Dir::In { &mut remaining_in } else { &mut remaining_out };
            *rem -= d * 4;
            placed.push(Placed {
                name: f.name.clone(),
                dir: f.dir,
                width: f.width,
                digits: *d,
                lsb: *rem,
                column,
                doc: f.doc.clone(),
            });
            column += *d as usize + 1; // digits, then '_' or '\n'
        }
        let slots: Vec<(usize, usize)> = placed.iter().map(|p| (p.column, p.digits as usize)).collect();
        let mut template = vec![b'_'; column];
        for (c, d) in &slots {
            template[*c..c + d].fill(b'0');
        }
        template[column - 1] = b'\n';
        Ok(Layout {
            unit: unit.to_string(),
            fields: placed,
            n_in,
            in_w,
            out_w,
            line_w: in_w + out_w,
            line_len: column,
            slots,
            template,
            masks: fields.iter().map(|f| u64::MAX >> (64 - f.width)).collect(),
        })
    }

    /// Number of output fields.
    pub fn n_out(&self) -> usize {
        self.fields.len() - self.n_in
    }
}

fn is_ident(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some('a'..='z')) && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

// ---------------------------------------------------------------------------------------
// Memory images.

/// Words in the constant-bank image (`cbank.hex`): `#tsPtrIdxU13` ≥ this is invalid.
pub const CBANK_WORDS: u32 = 4096;
/// Entries in the texture-header pool image (`hdr_pool.hex`).
pub const HDR_POOL_ENTRIES: u32 = 4096;
/// Entries in the sampler-header pool image (`smp_pool.hex`).
pub const SMP_POOL_ENTRIES: u32 = 1024;

/// A memory image a unit reads (written once per run, shared by the units that need it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Image {
    /// The NVIDIA constant bank holding handles: one 32-bit word per line.
    Cbank,
    /// The texture-header pool: one 8-word header per line, word 7 first.
    HdrPool,
    /// The sampler-header pool: one 8-word header per line, word 7 first.
    SmpPool,
    /// The texel memory of the op-level units: 16 bytes per line.
    TexMem,
    /// The op-level units' texture-header pool: one 8-word header per line, word 7 first.
    OpHdr,
    /// The op-level units' sampler pool: one 8-word header per line, word 7 first.
    OpSmp,
}

impl Image {
    /// Every image.
    pub const ALL: [Image; 6] =
        [Image::Cbank, Image::HdrPool, Image::SmpPool, Image::TexMem, Image::OpHdr, Image::OpSmp];

    /// File name in the output directory.
    pub const fn file(self) -> &'static str {
        match self {
            Image::Cbank => "cbank.hex",
            Image::HdrPool => "hdr_pool.hex",
            Image::SmpPool => "smp_pool.hex",
            Image::TexMem => "texmem.hex",
            Image::OpHdr => "op_hdr.hex",
            Image::OpSmp => "op_smp.hex",
        }
    }

    /// Number of entries (lines).
    pub const fn entries(self) -> u32 {
        match self {
            Image::Cbank => CBANK_WORDS,
            Image::HdrPool => HDR_POOL_ENTRIES,
            Image::SmpPool => SMP_POOL_ENTRIES,
            Image::TexMem => (texset::TEXMEM_BYTES / texset::TEXMEM_LINE_BYTES) as u32,
            Image::OpHdr => texset::OP_HDR_ENTRIES as u32,
            Image::OpSmp => texset::OP_SMP_ENTRIES as u32,
        }
    }

    /// Bits per entry.
    pub const fn entry_bits(self) -> u32 {
        match self {
            Image::Cbank => 32,
            Image::HdrPool | Image::SmpPool | Image::OpHdr | Image::OpSmp => 256,
            Image::TexMem => 128,
        }
    }

    /// The plusarg the testbenches read the image path from.
    pub const fn plusarg(self) -> &'static str {
        match self {
            Image::Cbank => "cbank",
            Image::HdrPool => "hdr_pool",
            Image::SmpPool => "smp_pool",
            Image::TexMem => "texmem",
            Image::OpHdr => "op_hdr",
            Image::OpSmp => "op_smp",
        }
    }

    /// Documentation.
    pub const fn doc(self) -> &'static str {
        match self {
            Image::Cbank => "NVIDIA constant bank: word i = the handle at #tsPtrIdxU13 = i (samplerPtr[31:20] | headerPtr[19:0])",
            Image::HdrPool => "texture-header pool: line i = header i as w7_w6_w5_w4_w3_w2_w1_w0 (also TGSI SVIEW[i] and Intel surface i)",
            Image::SmpPool => "sampler-header pool: line i = sampler i as w7_w6_w5_w4_w3_w2_w1_w0",
            Image::TexMem => "texel memory of the op-level units (64 KiB): line i = bytes 16i..16i+15 as w3_w2_w1_w0, byte k of the line at bits 8k+7:8k",
            Image::OpHdr => "op-level texture headers: line i = header of hdr slot i as w7_..._w0 (texcore_vectors::texset; slots past it are unbound)",
            Image::OpSmp => "op-level samplers: line i = sampler of smp slot i as w7_..._w0 (directed low slots, then filler; past it unbound)",
        }
    }
}

// ---------------------------------------------------------------------------------------
// Status codes of the query unit (why a texture is invalid).

/// Status code of a resolved texture: 0 = valid, else the first check that failed, in the
/// order `Bindings::resolve` checks them (one definition, shared with the DPI-C op units).
pub use crate::op_unit::status_code;

/// Names of the status codes (index = code).
pub const STATUS_NAMES: [(&str, &str); 9] = [
    ("VALID", "the texture is valid"),
    ("CONST_BANK_INDEX", "#tsPtrIdxU13 is past the constant bank"),
    ("HEADER_ABOVE_MAXIMUM", "headerPtr > texture-header pool MaximumIndex"),
    ("HEADER_OUTSIDE_POOL", "headerPtr within MaximumIndex but past the pool image"),
    ("HEADER_DECODE", "the texture-header words do not decode"),
    ("SAMPLER_ABOVE_MAXIMUM", "samplerPtr > sampler pool MaximumIndex"),
    ("SAMPLER_OUTSIDE_POOL", "samplerPtr within MaximumIndex but past the pool image"),
    ("SAMPLER_DECODE", "the sampler-header words do not decode"),
    ("UNBOUND", "view / surface index past the pool image (TGSI, Intel)"),
];

/// Intel INFO error code: 0 = executed, else why nothing was written.
pub fn info_err_code(err: Option<&InfoError>) -> u64 {
    match err {
        None => 0,
        Some(InfoError::Op(_)) => 1,
        Some(InfoError::ExecSize(_)) => 2,
        Some(InfoError::MaskAlignment { .. }) => 3,
    }
}

/// Names of the INFO error codes (index = code).
pub const INFO_ERR_NAMES: [(&str, &str); 4] = [
    ("NONE", "executed"),
    ("OP", "Op bits 4:0 are neither resinfo nor sampleinfo: nothing written"),
    ("EXEC_SIZE", "Exec_size bits 3:0 are not 0b0011 / 0b0100: nothing written"),
    ("MASK_ALIGNMENT", "mask offset not aligned to the execution size: nothing written"),
];

/// The TGSI query opcodes of the `tgsi_query` unit (texcore-local numbering; the core has
/// one function per opcode).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TgsiOp {
    /// `SVIEWINFO dst, src_mip_level, SVIEW[n]`.
    SviewInfo = 0,
    /// `TXQ dst, src0, SAMP[n]`.
    Txq = 1,
    /// `SAMPLE_INFO dst, SVIEW[n]`.
    SampleInfo = 2,
    /// `SAMPLE_POS dst, src_sample_index, SVIEW[n]`.
    SamplePos = 3,
}

impl TgsiOp {
    /// Every op, in code order.
    pub const ALL: [TgsiOp; 4] = [TgsiOp::SviewInfo, TgsiOp::Txq, TgsiOp::SampleInfo, TgsiOp::SamplePos];

    /// Decodes the 2-bit field.
    pub fn from_code(code: u64) -> TgsiOp {
        match code & 3 {
            0 => TgsiOp::SviewInfo,
            1 => TgsiOp::Txq,
            2 => TgsiOp::SampleInfo,
            _ => TgsiOp::SamplePos,
        }
    }

    /// The TGSI name.
    pub const fn name(self) -> &'static str {
        match self {
            TgsiOp::SviewInfo => "SVIEWINFO",
            TgsiOp::Txq => "TXQ",
            TgsiOp::SampleInfo => "SAMPLE_INFO",
            TgsiOp::SamplePos => "SAMPLE_POS",
        }
    }
}

// ---------------------------------------------------------------------------------------
// Enums and tables exported to the SV package.

/// A group of named constants (`localparam logic [width-1:0] PREFIX_NAME = value`).
#[derive(Clone, Debug, Serialize)]
pub struct SvEnum {
    /// Name prefix (upper case, without the trailing `_`).
    pub prefix: &'static str,
    /// Bit width.
    pub width: u32,
    /// What the group is.
    pub doc: &'static str,
    /// `(NAME, value, doc)`.
    pub values: Vec<(String, u64, String)>,
}

fn upper_snake_from_debug(s: &str) -> String {
    // "MirroredRepeat" -> "MIRRORED_REPEAT"
    let mut out = String::new();
    let chars: Vec<char> = s.chars().collect();
    for (i, c) in chars.iter().enumerate() {
        if i > 0 {
            let prev = chars[i - 1];
            if c.is_ascii_uppercase() && !prev.is_ascii_uppercase() {
                out.push('_');
            }
        }
        out.push(c.to_ascii_uppercase());
    }
    out
}

/// Every enum the SV package exports, taken from the core's own enums where it has them.
pub fn enums() -> Vec<SvEnum> {
    let mut v = Vec::new();
    v.push(SvEnum {
        prefix: "TEX",
        width: 4,
        doc: "texture type (texture header word 0 bits 3:0; texcore::TextureType)",
        values: TextureType::ALL
            .iter()
            .map(|t| (t.name().to_string(), u64::from(t.code()), format!("{t:?}")))
            .collect(),
    });
    v.push(SvEnum {
        prefix: "MS",
        width: 3,
        doc: "multisample mode (header word 0 bits 17:15; texcore::MsMode)",
        values: (0..8u32)
            .filter_map(MsMode::from_code)
            .map(|m| {
                let grid = format!("{m:?}").trim_start_matches("Mode").to_ascii_uppercase();
                (format!("MODE_{grid}"), u64::from(m.code()), format!("{} sample(s)", m.samples()))
            })
            .collect(),
    });
    v.push(SvEnum {
        prefix: "FMT",
        width: 8,
        doc: "texel format (header word 0 bits 11:4; texcore::Format)",
        values: Format::ALL
            .iter()
            .map(|f| {
                let layout = match f.layout() {
                    ComponentLayout::R => "R",
                    ComponentLayout::Rg => "RG",
                    ComponentLayout::Rgb => "RGB",
                    ComponentLayout::Rgba => "RGBA",
                    ComponentLayout::A => "A",
                    ComponentLayout::L => "L",
                    ComponentLayout::La => "LA",
                    ComponentLayout::I => "I",
                    ComponentLayout::Z => "Z",
                    ComponentLayout::S => "S",
                };
                (f.name().to_string(), u64::from(f.code()), format!("{} B/texel, {layout}", f.bytes_per_texel()))
            })
            .collect(),
    });
    v.push(SvEnum {
        prefix: "SWZ",
        width: 3,
        doc: "swizzle source (header word 0 bits 20:18, 23:21, 26:24, 29:27; texcore::SwizzleSource)",
        values: (0..8u32)
            .filter_map(SwizzleSource::from_code)
            .map(|s| (upper_snake_from_debug(&format!("{s:?}")), s as u64, String::new()))
            .collect(),
    });
    v.push(SvEnum {
        prefix: "WRAP",
        width: 3,
        doc: "wrap mode (sampler word 0; texcore::WrapMode)",
        values: WrapMode::ALL
            .iter()
            .map(|w| (upper_snake_from_debug(&format!("{w:?}")), *w as u64, String::new()))
            .collect(),
    });
    v.push(SvEnum {
        prefix: "MIP",
        width: 2,
        doc: "mip filter (sampler word 0 bits 12:11; texcore::descriptor::MipFilter)",
        values: [MipFilter::None, MipFilter::Nearest, MipFilter::Linear]
            .iter()
            .map(|m| (upper_snake_from_debug(&format!("{m:?}")), *m as u64, String::new()))
            .collect(),
    });
    v.push(SvEnum {
        prefix: "CMP",
        width: 3,
        doc: "depth compare function (sampler word 0 bits 19:17; texcore::CompareFunc)",
        values: CompareFunc::ALL
            .iter()
            .map(|c| (upper_snake_from_debug(&format!("{c:?}")), *c as u64, String::new()))
            .collect(),
    });
    v.push(SvEnum {
        prefix: "TXQ",
        width: 3,
        doc: "NVIDIA TXQ #query immediate (texcore::query::nv::TxqQuery)",
        values: TxqQuery::ALL.iter().map(|q| (q.name().to_string(), *q as u64, String::new())).collect(),
    });
    v.push(SvEnum {
        prefix: "TGSI_OP",
        width: 2,
        doc: "TGSI query opcode of the tgsi_query unit (texcore-local numbering)",
        values: TgsiOp::ALL.iter().map(|o| (o.name().to_string(), *o as u64, String::new())).collect(),
    });
    v.push(SvEnum {
        prefix: "INFO_OP",
        width: 5,
        doc: "Intel INFO Op bits 4:0 (texcore::query::intel::InfoOp)",
        values: [InfoOp::ResInfo, InfoOp::SampleInfo]
            .iter()
            .map(|o| (format!("{o:?}").to_ascii_uppercase(), *o as u64, String::new()))
            .collect(),
    });
    v.push(SvEnum {
        prefix: "INFO_ERR",
        width: 2,
        doc: "Intel INFO error code (err output; texcore::query::intel::InfoError)",
        values: INFO_ERR_NAMES.iter().enumerate().map(|(i, (n, d))| (n.to_string(), i as u64, d.to_string())).collect(),
    });
    let named = |prefix, width, doc, names: &[(&str, &str)]| SvEnum {
        prefix,
        width,
        doc,
        values: names.iter().enumerate().map(|(i, (n, d))| (n.to_string(), i as u64, d.to_string())).collect(),
    };
    v.push(named(
        "DOM",
        3,
        "gather_cmp: texel component domain (dom input; texcore::texel::Domain)",
        &super::gather_cmp::DOM_NAMES,
    ));
    v.push(named("OP_ERR", 4, "op-level units: err output (texcore_vectors::op_unit::ERR_NAMES)", &ERR_NAMES));
    v.push(named("LOD_MODE", 2, "sample / sample_c / lod: lod_mode input", &LOD_MODE_NAMES));
    v.push(named("FETCH_OP", 2, "fetch: op input", &FETCH_OP_NAMES));
    v.push(named("F16", 2, "gather (TLD4S): f16 input", &F16_NAMES));
    v.push(named("TGSI", 2, "sample / sample_c: tgsi input (TGSI TXB / TXP forms)", &TGSI_NAMES));
    v.push(named("STORE_OP", 4, "store: op input (STORE, then texcore::op::resource::AtomicOp::ALL)", &STORE_OP_NAMES));
    v.push(SvEnum {
        prefix: "STATUS",
        width: 4,
        doc: "query-unit status (status output; texcore::handle::Invalid in resolve order)",
        values: STATUS_NAMES.iter().enumerate().map(|(i, (n, d))| (n.to_string(), i as u64, d.to_string())).collect(),
    });
    v
}

/// A constant bit table: bit/entry `i` of `value` describes code `i`.
#[derive(Clone, Debug)]
pub struct SvTable {
    /// Name.
    pub name: &'static str,
    /// Bits per entry.
    pub entry_bits: u32,
    /// Entries, index 0 first (stored at the least significant end).
    pub entries: Vec<u64>,
    /// Documentation.
    pub doc: &'static str,
}

/// Per-code property tables of the formats and the standard sample patterns.
pub fn tables() -> Vec<SvTable> {
    let mut valid = vec![0u64; 256];
    let mut srgb = vec![0u64; 256];
    let mut bpt = vec![0u64; 256];
    for f in Format::ALL {
        let i = usize::from(f.code());
        valid[i] = 1;
        srgb[i] = u64::from(f.srgb_capable());
        bpt[i] = u64::from(f.bytes_per_texel().trailing_zeros());
    }
    // Sample positions in sixteenths from the top-left corner, {x[3:0], y[3:0]};
    // the pattern of n samples starts at entry n - 1 (n = 1, 2, 4, 8, 16).
    let mut pos = vec![0u64; 31];
    for n in [1u32, 2, 4, 8, 16] {
        for i in 0..n {
            if let Some((x, y)) = texcore::query::sample_pos::position_sixteenths(n, i) {
                pos[(n - 1 + i) as usize] = u64::from((x << 4) | y);
            }
        }
    }
    vec![
        SvTable { name: "FMT_VALID", entry_bits: 1, entries: valid, doc: "bit c: format code c is assigned" },
        SvTable {
            name: "FMT_SRGB_CAPABLE",
            entry_bits: 1,
            entries: srgb,
            doc: "bit c: the sRGB bit may be set with format c",
        },
        SvTable {
            name: "FMT_BPT_LOG2",
            entry_bits: 3,
            entries: bpt,
            doc: "entry c: log2(bytes per texel) of format c (0 for unassigned codes)",
        },
        SvTable {
            name: "SAMPLE_POS_TABLE",
            entry_bits: 8,
            entries: pos,
            doc:
                "standard sample positions {x, y} in 1/16 pixel from the top-left corner; n samples start at entry n-1",
        },
    ]
}

#[cfg(test)]
mod tests {
    /// `STATUS_*` is numbered in the order `Bindings::resolve` checks: when several checks
    /// fail, the status is the lowest code among them.
    #[test]
    fn status_codes_follow_the_resolve_order() {
        use texcore::{Bindings, Handle, HandleSource, Pool, SamplerBinding};
        let bad_header = [0u32; 8]; // format 0: does not decode
        let bad_sampler = [u32::MAX; 8];
        let headers = [bad_header];
        let samplers = [bad_sampler];
        let b = Bindings {
            headers: Pool::new(&headers),
            samplers: Pool { entries: &samplers, maximum_index: 2 },
            binding: SamplerBinding::Independent,
            const_bank: &[],
        };
        let name =
            |h: Handle| STATUS_NAMES[status_code(b.resolve(HandleSource::Bindless(h.0)).err().as_ref()) as usize].0;
        // Header decode fails, and the sampler pointer is above MaximumIndex / past the pool /
        // does not decode: the header's failure is reported.
        for smp in [0, 1, 3] {
            assert_eq!(name(Handle::new(smp, 0).unwrap()), "HEADER_DECODE", "sampler {smp}");
        }
        // Header above MaximumIndex and past the pool, sampler bad: HEADER_ABOVE_MAXIMUM.
        assert_eq!(name(Handle::new(3, 5).unwrap()), "HEADER_ABOVE_MAXIMUM");
        let names: Vec<&str> = STATUS_NAMES.iter().map(|n| n.0).collect();
        assert_eq!(
            names,
            [
                "VALID",
                "CONST_BANK_INDEX",
                "HEADER_ABOVE_MAXIMUM",
                "HEADER_OUTSIDE_POOL",
                "HEADER_DECODE",
                "SAMPLER_ABOVE_MAXIMUM",
                "SAMPLER_OUTSIDE_POOL",
                "SAMPLER_DECODE",
                "UNBOUND"
            ]
        );
    }

    use super::*;

    #[test]
    fn placement() {
        let l = Layout::new(
            "u",
            &[
                Field::input("a", 1, ""),
                Field::input("b", 32, ""),
                Field::output("c", 13, ""),
                Field::output("d", 4, ""),
            ],
        )
        .unwrap();
        assert_eq!((l.in_w, l.out_w, l.line_w), (36, 20, 56));
        let lsb: Vec<u32> = l.fields.iter().map(|f| f.lsb).collect();
        assert_eq!(lsb, [32, 0, 4, 0]);
        let col: Vec<usize> = l.fields.iter().map(|f| f.column).collect();
        assert_eq!(col, [0, 2, 11, 16]);
        assert_eq!(l.line_len, "1_12345678_1234_1\n".len());
    }

    #[test]
    fn rejects_bad_layouts() {
        assert!(Layout::new("u", &[Field::output("c", 1, ""), Field::input("a", 1, "")]).is_err());
        assert!(Layout::new("u", &[Field::input("a", 1, "")]).is_err());
        assert!(Layout::new("u", &[Field::input("a", 0, ""), Field::output("c", 1, "")]).is_err());
        assert!(Layout::new("u", &[Field::input("a", 65, ""), Field::output("c", 1, "")]).is_err());
        assert!(Layout::new("u", &[Field::input("A", 1, ""), Field::output("c", 1, "")]).is_err());
        assert!(Layout::new("u", &[Field::input("a", 1, ""), Field::output("a", 1, "")]).is_err());
    }

    #[test]
    fn debug_names() {
        assert_eq!(upper_snake_from_debug("MirroredRepeat"), "MIRRORED_REPEAT");
        assert_eq!(upper_snake_from_debug("GreaterEqual"), "GREATER_EQUAL");
    }
}
