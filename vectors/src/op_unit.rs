//! The op-level units: fields and evaluation through the core.
//!
//! | unit | core function(s) | inputs → outputs |
//! |---|---|---|
//! | `sample` | `texcore::op::sample::sample_quad` (the `SampleRequest` form of TEX/TXB/TXL/TXD/SAMPLE/SAMPLE_B/SAMPLE_L/SAMPLE_D) | header, sampler, LOD source + value, explicit gradients, offsets, 4 lanes × 4 coordinates → `err`, `status`, 4 lanes × 4 words |
//! | `sample_c` | `sample_compare_quad` (shadow TEX family, SAMPLE_C, SAMPLE_C_LZ) | as `sample` + 4 reference words |
//! | `gather` | `gather4` (TGSI GATHER4, optional compare) or `tld4s` (NVIDIA TLD4S, bindless handle `smp << 20 \| hdr`) | header, sampler, component, compare, offsets, 4 lanes × coordinates, references → 4 lanes × 4 words |
//! | `fetch` | `txf`, `sample_i`, `sample_i_ms`, `resource::load` | header, op, x, y, z, level, sample, offsets → 4 words |
//! | `tmml` | `texcore::op::tmml::tmml` (NVIDIA TMML.LOD, bindless handle `smp << 20 \| hdr`) | header, sampler, `#paramA`, 4 lanes × Ra…Ra+3 → 4 lanes × (R, G, B, A) |
//! | `store` | `texcore::op::resource::{store, atomic}` (TGSI STORE, ATOM*) on a [`RecordingMemory`] | header, op, x, y, z, w, src\[4\], cmp\[4\] → `err`, `status`, write-port transaction (`we`, byte address, byte count, 4 LE data words), old texel |
//!
//! `sample` / `sample_c` also carry the TGSI `TEX`-family forms `TXB` (per-lane bias) and
//! `TXP` (per-lane projection) through `texcore::op::sample::tex_family_offset`, the entry
//! the ISA executor (`texcore::isa::exec`) calls: field `tgsi` ≠ 0 turns `c{l}_0..3` into
//! lane `l`'s TGSI `src0` register and `src1_{l}` into its `src1.x` (see [`TGSI_NAMES`]).
//!
//! Conventions shared by the four units:
//!
//! * `hdr` indexes `op_hdr.hex` and `smp` indexes `op_smp.hex`; a slot past the pool is
//!   **unbound** (`status` = `STATUS_UNBOUND`, the core gets `Invalid::Unbound`), a slot whose
//!   words do not decode gives `STATUS_HEADER_DECODE` / `STATUS_SAMPLER_DECODE` (header checked
//!   first). An invalid texture or sampler returns **zeros** (the core's rule) unless the
//!   request itself is rejected first (offset range).
//! * `err` is the core's rejection (`OP_ERR_*`, [`ERR_NAMES`]); a rejected request writes
//!   zeros in every result word.
//! * Offsets are 8-bit two's complement fields (so out-of-range offsets can be expressed).
//! * Results are the core's 32-bit register words (binary32 bits, or raw integers for
//!   integer formats).

use texcore::descriptor::{HeaderError, SamplerError};
use texcore::fp::F16Rounding;
use texcore::handle::{Bindings, HandleSource, Invalid, Pool, SamplerBinding};
use texcore::lod::LodSource;
use texcore::memory::{TexelMemory, TexelMemoryMut};
use texcore::op::fetch::{sample_i, sample_i_ms, txf, FetchError};
use texcore::op::gather::{aoffi_encode, gather4, tld4s, GatherError, Tld4sMods, Tld4sOperands};
use texcore::op::resource::{atomic, load, store, AtomicOp, ResourceError};
use texcore::op::sample::{
    sample_compare_quad, sample_quad, tex_family_offset, SampleError, SampleRequest, TexOp, TexOperands,
};
use texcore::op::tmml::{tmml, CoordDesc};
use texcore::{SamplerHeader, TextureHeader};

/// One field of an op-level vector line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldSpec {
    /// Lower-case identifier.
    pub name: String,
    /// Width in bits (every op-level field is at most 32 bits).
    pub width: u32,
    /// Expected output (else stimulus).
    pub output: bool,
    /// One line of documentation.
    pub doc: String,
}

fn fin(name: impl Into<String>, width: u32, doc: impl Into<String>) -> FieldSpec {
    FieldSpec { name: name.into(), width, output: false, doc: doc.into() }
}

fn fout(name: impl Into<String>, width: u32, doc: impl Into<String>) -> FieldSpec {
    FieldSpec { name: name.into(), width, output: true, doc: doc.into() }
}

/// `err` codes (index = code) with their meaning.
pub const ERR_NAMES: [(&str, &str); 14] = [
    ("NONE", "executed"),
    ("TEXTURE_TYPE", "the view type cannot be used by this op (buffer / multisample sampled, GATHER4 on 1D/3D)"),
    ("OFFSET_RANGE_U", "offset component u outside the op's range (sample/fetch -8..7, GATHER4 -32..31)"),
    ("OFFSET_RANGE_V", "offset component v outside the op's range"),
    ("OFFSET_RANGE_W", "offset component w outside the op's range"),
    ("COMPARE", "depth compare on an integer format"),
    ("OFFSET_ON_CUBE", "offsets on a cube map (gather)"),
    ("COMPARE_ON_3D", "TLD4S .DC on a 3D texture"),
    ("COMPONENT", "gather component above 3"),
    ("CUBE", "fetch from a cube or cube-array view"),
    ("COORD_DESC", "TMML #paramA 6 (reserved) or above 7: not modelled by the core, zeros (not in the vectors)"),
    ("ENCODE", "STORE to a format texel::encode rejects (depth/stencil, sRGB): nothing written"),
    ("ATOMIC_FORMAT", "atomic on a format other than R32/RG32/RGBA32 UINT/SINT: nothing written"),
    ("STORE_OP", "store op code above 10: not an op (not in the vectors), nothing written"),
];

/// `tgsi` codes of `sample` / `sample_c` (index = code).
pub const TGSI_NAMES: [(&str, &str); 3] = [
    ("OFF", "SampleRequest form: canonical coordinates, lod_mode / lod / grads as documented"),
    (
        "TXB",
        "TGSI TXB (tex_family_offset): c{l}_* = lane l's src0 register, per-lane bias in src0.w, or src1_{l} when w is taken (cube array; shadow 2D array / cube); lod_mode, lod, grads ignored",
    ),
    (
        "TXP",
        "TGSI TXP: src0 = c{l}_*; x, y, z divided by q = src0.w (binary32 RNE) before the TEX mapping; array views rejected (TEXTURE_TYPE); lod_mode, lod, grads ignored",
    ),
];

/// `op` codes of `store` (index = code): STORE, then `AtomicOp::ALL` in order.
pub const STORE_OP_NAMES: [(&str, &str); 11] = [
    ("STORE", "STORE: src encoded with texel::encode"),
    ("UADD", "ATOMUADD: old + src mod 2^32"),
    ("XCHG", "ATOMXCHG: src"),
    ("CAS", "ATOMCAS: old == cmp ? src : old"),
    ("AND", "ATOMAND"),
    ("OR", "ATOMOR"),
    ("XOR", "ATOMXOR"),
    ("UMIN", "ATOMUMIN (unsigned)"),
    ("UMAX", "ATOMUMAX (unsigned)"),
    ("IMIN", "ATOMIMIN (signed)"),
    ("IMAX", "ATOMIMAX (signed)"),
];

/// A [`TexelMemory`] over a shared byte slice that **records** the one write of a STORE /
/// atomic instead of performing it ([`TexelMemoryMut`]), with the slice's in-range rule
/// (a write with any byte outside the slice fails and is not recorded). Reads see the
/// recorded write (none happens after it in one op).
pub struct RecordingMemory<'a> {
    base: &'a [u8],
    /// The recorded write: byte address, bytes (first `len` valid), `len`.
    pub write: Option<(u64, [u8; 16], usize)>,
}

impl<'a> RecordingMemory<'a> {
    /// A recorder over `base` with no write yet.
    pub fn new(base: &'a [u8]) -> RecordingMemory<'a> {
        RecordingMemory { base, write: None }
    }
}

impl TexelMemory for RecordingMemory<'_> {
    fn read(&self, addr: u64, buf: &mut [u8]) -> bool {
        if !self.base.read(addr, buf) {
            return false;
        }
        if let Some((wa, data, n)) = &self.write {
            for (i, b) in buf.iter_mut().enumerate() {
                let a = addr + i as u64;
                if a >= *wa && a < wa + *n as u64 {
                    *b = data[(a - wa) as usize];
                }
            }
        }
        true
    }
}

impl TexelMemoryMut for RecordingMemory<'_> {
    fn write(&mut self, addr: u64, data: &[u8]) -> bool {
        let end = usize::try_from(addr).ok().and_then(|a| a.checked_add(data.len()));
        if data.len() > 16 || end.is_none_or(|e| e > self.base.len()) {
            return false;
        }
        let mut buf = [0u8; 16];
        buf[..data.len()].copy_from_slice(data);
        self.write = Some((addr, buf, data.len()));
        true
    }
}

/// A quad's result words in lane order.
fn flat(q: &[[u32; 4]; 4]) -> [u32; 16] {
    let mut w = [0; 16];
    for (d, l) in w.chunks_exact_mut(4).zip(q) {
        d.copy_from_slice(l);
    }
    w
}

/// One lane's result words, then zeros.
fn padded(v: &[u32; 4]) -> [u32; 16] {
    let mut w = [0; 16];
    w[..4].copy_from_slice(v);
    w
}

/// `lod_mode` codes of `sample` / `sample_c` (index = code).
pub const LOD_MODE_NAMES: [(&str, &str); 3] = [
    ("DERIV", "LOD from derivatives (implicit from the quad, or `grads`) + `lod` as shader bias (TEX/TXB/TXD)"),
    ("EXPLICIT", "LOD = `lod` (TXL, SAMPLE_L)"),
    ("ZERO", "lambda_base = 0 (SAMPLE_C_LZ); sampler bias and clamps still apply"),
];

/// `op` codes of `fetch` (index = code).
pub const FETCH_OP_NAMES: [(&str, &str); 4] = [
    ("TXF", "TXF: signed x, y, z, level; offsets added to the spatial axes"),
    ("SAMPLE_I", "SAMPLE_I: unsigned x, y, z, level (multisample: sample 0); offsets ignored"),
    ("SAMPLE_I_MS", "SAMPLE_I_MS: as SAMPLE_I, reading sample `sample`"),
    ("LOAD", "TGSI LOAD RES[n]: unsigned x, y, z at the first level, no swizzle; level, sample, offsets ignored"),
];

/// `f16` codes of `gather` with `tld4s` = 1 (index = code).
pub const F16_NAMES: [(&str, &str); 3] = [
    ("OFF", "binary32 results"),
    ("RNE", ".F16, FP16_ROUNDING_MODE round to nearest even"),
    ("RTZ", ".F16, round toward zero"),
];

fn sample_err(e: SampleError) -> u64 {
    match e {
        SampleError::TextureType => 1,
        SampleError::OffsetRange(i) => 2 + u64::from(i.min(2)),
        SampleError::Compare => 5,
    }
}

fn gather_err(e: GatherError) -> u64 {
    match e {
        GatherError::TextureType => 1,
        GatherError::OffsetRange(i) => 2 + u64::from(i.min(2)),
        GatherError::Compare => 5,
        GatherError::OffsetOnCube => 6,
        GatherError::CompareOn3D => 7,
        GatherError::Component => 8,
    }
}

fn resource_err(e: ResourceError) -> u64 {
    match e {
        ResourceError::Encode(_) => 11,
        ResourceError::AtomicFormat => 12,
    }
}

fn fetch_err(e: FetchError) -> u64 {
    match e {
        FetchError::OffsetRange(i) => 2 + u64::from(i.min(2)),
        FetchError::Cube => 9,
    }
}

/// The status code of an invalid texture (`STATUS_*`, numbered in the order
/// `Bindings::resolve` checks).
pub fn status_code(invalid: Option<&Invalid>) -> u64 {
    match invalid {
        None => 0,
        Some(Invalid::ConstBankIndex(_)) => 1,
        Some(Invalid::HeaderAboveMaximum(_)) => 2,
        Some(Invalid::HeaderOutsidePool(_)) => 3,
        Some(Invalid::Header(_)) => 4,
        Some(Invalid::SamplerAboveMaximum(_)) => 5,
        Some(Invalid::SamplerOutsidePool(_)) => 6,
        Some(Invalid::Sampler(_)) => 7,
        Some(Invalid::Unbound(_)) => 8,
    }
}

/// What the op-level units read: texel memory and both op pools, decoded once.
pub struct OpEnv {
    /// Texel memory (`texmem.hex`).
    pub texmem: Vec<u8>,
    /// Op texture-header pool words (`op_hdr.hex`).
    pub headers: Vec<[u32; 8]>,
    /// Op sampler pool words (`op_smp.hex`).
    pub samplers: Vec<[u32; 8]>,
    dec_h: Vec<Result<TextureHeader, HeaderError>>,
    dec_s: Vec<Result<SamplerHeader, SamplerError>>,
}

impl OpEnv {
    /// Builds the environment (decodes every descriptor once).
    pub fn new(texmem: Vec<u8>, headers: Vec<[u32; 8]>, samplers: Vec<[u32; 8]>) -> OpEnv {
        let dec_h = headers.iter().map(TextureHeader::from_words).collect();
        let dec_s = samplers.iter().map(SamplerHeader::from_words).collect();
        OpEnv { texmem, headers, samplers, dec_h, dec_s }
    }

    /// The directed environment with the given sampler-pool filler
    /// ([`crate::texset::sampler_pool`]).
    pub fn directed(filler: impl FnMut() -> [u32; 8]) -> OpEnv {
        use crate::texset;
        OpEnv::new(texset::texmem(), texset::headers(), texset::sampler_pool(filler))
    }

    /// Texture at op-header slot `slot`.
    pub fn view(&self, slot: u64) -> Result<&TextureHeader, Invalid> {
        let s32 = u32::try_from(slot).unwrap_or(u32::MAX);
        match usize::try_from(slot).ok().and_then(|i| self.dec_h.get(i)) {
            None => Err(Invalid::Unbound(s32)),
            Some(Ok(h)) => Ok(h),
            Some(Err(e)) => Err(Invalid::Header(*e)),
        }
    }

    /// Sampler at op-sampler slot `slot`.
    pub fn sampler(&self, slot: u64) -> Result<&SamplerHeader, Invalid> {
        let s32 = u32::try_from(slot).unwrap_or(u32::MAX);
        match usize::try_from(slot).ok().and_then(|i| self.dec_s.get(i)) {
            None => Err(Invalid::Unbound(s32)),
            Some(Ok(s)) => Ok(s),
            Some(Err(e)) => Err(Invalid::Sampler(*e)),
        }
    }

    fn bindings(&self) -> Bindings<'_> {
        Bindings {
            headers: Pool::new(&self.headers),
            samplers: Pool::new(&self.samplers),
            binding: SamplerBinding::Independent,
            const_bank: &[],
        }
    }
}

/// The four op-level units.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OpUnit {
    /// Filtered sampling of a quad.
    Sample,
    /// Depth-compare sampling of a quad.
    SampleC,
    /// GATHER4 / TLD4S of a quad.
    Gather,
    /// TXF / SAMPLE_I / SAMPLE_I_MS / LOAD of one lane.
    Fetch,
    /// NVIDIA TMML.LOD of a quad.
    Tmml,
    /// STORE / ATOM* of one lane as a write-port transaction.
    Store,
}

const COMP: [&str; 4] = ["x", "y", "z", "w"];

/// Index of the first coordinate field of `sample` / `sample_c`.
pub const fn sample_coord_base(compare: bool) -> usize {
    if compare {
        12
    } else {
        8
    }
}

/// Index of the first coordinate field of `gather`.
pub const GATHER_COORD_BASE: usize = 14;

/// Index of the `tgsi` field of `sample` / `sample_c` (after the gradients; `src1_0..3`
/// follow).
pub const fn sample_tgsi_index(compare: bool) -> usize {
    sample_coord_base(compare) + 16 + 24
}

fn result_fields(f: &mut Vec<FieldSpec>, lanes: usize) {
    f.push(fout("err", 4, "OP_ERR_*: 0 = executed, else why the core rejected the request (results then 0)"));
    f.push(fout(
        "status",
        4,
        "STATUS_*: 0 = texture (and sampler) valid; HEADER_DECODE, SAMPLER_DECODE, UNBOUND (or, for TLD4S, the handle path's codes); invalid -> zero results",
    ));
    for l in 0..lanes {
        for c in COMP {
            let name = if lanes == 1 { format!("r_{c}") } else { format!("r{l}_{c}") };
            f.push(fout(
                name,
                32,
                format!("result component {c}{}", if lanes == 1 { String::new() } else { format!(", lane {l}") }),
            ));
        }
    }
}

impl OpUnit {
    /// Every op unit, in output order.
    pub const ALL: [OpUnit; 6] =
        [OpUnit::Sample, OpUnit::SampleC, OpUnit::Gather, OpUnit::Fetch, OpUnit::Tmml, OpUnit::Store];

    /// Unit name (vector file stem).
    pub const fn name(self) -> &'static str {
        match self {
            OpUnit::Sample => "sample",
            OpUnit::SampleC => "sample_c",
            OpUnit::Gather => "gather",
            OpUnit::Fetch => "fetch",
            OpUnit::Tmml => "tmml",
            OpUnit::Store => "store",
        }
    }

    /// One line: what the unit is.
    pub const fn title(self) -> &'static str {
        match self {
            OpUnit::Sample => "op: filtered sampling of a quad (SampleRequest: TEX/TXB/TXL/TXD/SAMPLE*/..., texcore::op::sample::sample_quad)",
            OpUnit::SampleC => "op: depth-compare sampling of a quad (shadow TEX family, SAMPLE_C, SAMPLE_C_LZ; sample_compare_quad)",
            OpUnit::Gather => "op: GATHER4 (with compare) and NVIDIA TLD4S (.AOFFI, .DC, .F16) of a quad",
            OpUnit::Fetch => "op: TXF / SAMPLE_I / SAMPLE_I_MS / LOAD of one lane",
            OpUnit::Tmml => "op: NVIDIA TMML.LOD of a quad (bindless handle; R = lambda', G = LOD used, B = major axis, A = log2 ratio)",
            OpUnit::Store => "op: TGSI STORE / ATOM* of one lane as a write-port transaction (we, byte address, bytes) + the atomic's old texel",
        }
    }

    /// Name → unit.
    pub fn from_name(name: &str) -> Option<OpUnit> {
        OpUnit::ALL.into_iter().find(|u| u.name() == name)
    }

    /// The fields, inputs first.
    pub fn fields(self) -> Vec<FieldSpec> {
        let mut f = Vec::new();
        let hdr = || fin("hdr", 8, "op texture-header slot (op_hdr.hex); >= OP_HDR_ENTRIES = unbound");
        let smp = || fin("smp", 9, "op sampler slot (op_smp.hex); >= OP_SMP_ENTRIES = unbound");
        let off = |f: &mut Vec<FieldSpec>, range: &str| {
            for c in ["u", "v", "w"] {
                f.push(fin(format!("off_{c}"), 8, format!("texel offset {c}, 8-bit two's complement (valid {range})")));
            }
        };
        let coords = |f: &mut Vec<FieldSpec>, doc: &str| {
            for l in 0..4 {
                for k in 0..4 {
                    f.push(fin(format!("c{l}_{k}"), 32, format!("lane {l} coordinate c{k} (binary32){doc}")));
                }
            }
        };
        let refs = |f: &mut Vec<FieldSpec>| {
            for l in 0..4 {
                f.push(fin(format!("ref{l}"), 32, format!("lane {l} depth-compare reference (binary32)")));
            }
        };
        match self {
            OpUnit::Sample | OpUnit::SampleC => {
                f.push(hdr());
                f.push(smp());
                f.push(fin("lod_mode", 2, "LOD_MODE_*: DERIV (implicit / grads + bias), EXPLICIT, ZERO"));
                f.push(fin(
                    "grads",
                    1,
                    "1 = explicit derivatives dx*/dy* (TXD / SAMPLE_D), 0 = implicit from the quad",
                ));
                f.push(fin("lod", 32, "binary32: shader bias (DERIV) or LOD (EXPLICIT); ignored for ZERO"));
                off(&mut f, "-8..7; cube maps ignore them");
                if self == OpUnit::SampleC {
                    refs(&mut f);
                }
                coords(&mut f, ": canonical order (s, t, r, layer) / cube (rx, ry, rz, cube)");
                for l in 0..4 {
                    for (d, k) in [("dx", 0), ("dx", 1), ("dx", 2), ("dy", 0), ("dy", 1), ("dy", 2)] {
                        f.push(fin(
                            format!("{d}{l}_{k}"),
                            32,
                            format!("lane {l} d(c{k})/d{} (binary32), used when grads = 1", &d[1..]),
                        ));
                    }
                }
                f.push(fin(
                    "tgsi",
                    2,
                    "TGSI_*: OFF (SampleRequest form), TXB (per-lane bias), TXP (projective): c{l}_* = TGSI src0 register",
                ));
                for l in 0..4 {
                    f.push(fin(
                        format!("src1_{l}"),
                        32,
                        format!("lane {l} TGSI src1.x (TXB bias when src0.w is taken; cube-array shadow reference), tgsi != OFF"),
                    ));
                }
                result_fields(&mut f, 4);
            }
            OpUnit::Gather => {
                f.push(hdr());
                f.push(smp());
                f.push(fin(
                    "tld4s",
                    1,
                    "0 = TGSI GATHER4 (hdr/smp slots), 1 = NVIDIA TLD4S per lane (bindless handle smp<<20 | hdr, MaximumIndex = pool size - 1)",
                ));
                f.push(fin(
                    "comp",
                    3,
                    "component 0..3 (.R .G .B .A after the view swizzle); 4..7 rejected (COMPONENT)",
                ));
                f.push(fin("cmp", 1, "depth compare with ref* (GATHER4 compare form / TLD4S .DC)"));
                f.push(fin("aoffi", 1, "TLD4S .AOFFI (GATHER4 always applies off_u, off_v)"));
                f.push(fin("f16", 2, "TLD4S .F16: F16_OFF, F16_RNE, F16_RTZ (GATHER4: ignored)"));
                off(&mut f, "GATHER4 -32..31 (u, v; w ignored); TLD4S: each packed modulo 64 into .AOFFI");
                refs(&mut f);
                coords(
                    &mut f,
                    ": GATHER4 2D (s, t), 2D array (s, t, layer), cube (rx, ry, rz), cube array (+cube); TLD4S (s, t)",
                );
                result_fields(&mut f, 4);
            }
            OpUnit::Fetch => {
                f.push(hdr());
                f.push(fin("op", 2, "FETCH_OP_*: TXF, SAMPLE_I, SAMPLE_I_MS, LOAD"));
                for (c, d) in [
                    ("x", "x / element"),
                    ("y", "y or 1D-array layer"),
                    ("z", "z or layer"),
                    ("level", "level (relative to base_level)"),
                ] {
                    f.push(fin(c, 32, format!("address {d}; TXF signed, SAMPLE_I unsigned")));
                }
                f.push(fin("sample", 32, "sample index (SAMPLE_I_MS)"));
                off(&mut f, "-8..7, TXF only");
                result_fields(&mut f, 1);
            }
            OpUnit::Tmml => {
                f.push(hdr());
                f.push(smp());
                f.push(fin(
                    "desc",
                    3,
                    "#paramA: 1D, 2D, 3D, CUBE, ARRAY_1D, ARRAY_2D, (6 reserved: not in the vectors), ARRAY_CUBE",
                ));
                for l in 0..4 {
                    for k in 0..4 {
                        f.push(fin(
                            format!("ra{l}_{k}"),
                            32,
                            format!("lane {l} register Ra+{k}: (array[15:0],) s, t, r (binary32)"),
                        ));
                    }
                }
                f.push(fout("err", 4, "OP_ERR_*: 0, or COORD_DESC for a reserved #paramA (not in the vectors)"));
                f.push(fout(
                    "status",
                    4,
                    "STATUS_* of the handle path (pools with MaximumIndex = size - 1); invalid -> zero results",
                ));
                for l in 0..4 {
                    for (c, d) in [
                        ("r", "lambda' S8.8"),
                        ("g", "LOD used U8.8"),
                        ("b", "major axis {v, u} S2.6"),
                        ("a", "log2(minor/major) S4.12"),
                    ] {
                        f.push(fout(format!("r{l}_{c}"), 32, format!("lane {l} {}: {d}", c.to_uppercase())));
                    }
                }
            }
            OpUnit::Store => {
                f.push(hdr());
                f.push(fin("op", 4, "STORE_OP_*: STORE, UADD, XCHG, CAS, AND, OR, XOR, UMIN, UMAX, IMIN, IMAX"));
                for (c, d) in [
                    ("x", "x / element"),
                    ("y", "y or 1D-array layer"),
                    ("z", "z, layer or 6 x cube + face"),
                    ("w", "address.w (ignored by the core: first level only)"),
                ] {
                    f.push(fin(c, 32, format!("unsigned address {d}")));
                }
                for c in COMP {
                    f.push(fin(
                        format!("src_{c}"),
                        32,
                        format!("src.{c}: STORE value (binary32 or integer bits), atomic operand"),
                    ));
                }
                for c in COMP {
                    f.push(fin(format!("cmp_{c}"), 32, format!("cmp.{c}: ATOMCAS compare value (ignored otherwise)")));
                }
                f.push(fout(
                    "err",
                    4,
                    "OP_ERR_*: 0, ENCODE (STORE), ATOMIC_FORMAT (atomics); then no write and zero outputs",
                ));
                f.push(fout("status", 4, "STATUS_*: 0 = resource valid; HEADER_DECODE, UNBOUND -> no write, zeros"));
                f.push(fout("we", 1, "1 = the op wrote texel memory (address, bytes in range)"));
                f.push(fout("waddr", 32, "byte address of the write (0 when we = 0)"));
                f.push(fout("wbytes", 5, "bytes written, 1..16 (0 when we = 0)"));
                for i in 0..4 {
                    f.push(fout(
                        format!("wdata{i}"),
                        32,
                        format!("written bytes {}..{} as a little-endian word (bytes past wbytes 0)", 4 * i, 4 * i + 3),
                    ));
                }
                for c in COMP {
                    f.push(fout(
                        format!("old_{c}"),
                        32,
                        format!("atomic: old texel component {c} after the component table (0 for STORE)"),
                    ));
                }
            }
        }
        f
    }

    /// Evaluates one vector: `inp` = the input fields in order, `out` = the output fields
    /// (filled completely).
    pub fn eval(self, env: &OpEnv, inp: &[u64], out: &mut [u64]) {
        out.fill(0);
        let g = |i: usize| inp.get(i).copied().unwrap_or(0);
        let w = |i: usize| g(i) as u32;
        let off = |i: usize| i32::from(g(i) as u8 as i8);
        // The result words (at most 16; the rest, and all of them on a rejection, are 0).
        let (err, status, words): (u64, u64, [u32; 16]) = match self {
            OpUnit::Sample | OpUnit::SampleC => {
                let cmp = self == OpUnit::SampleC;
                let view = env.view(g(0));
                let smp = env.sampler(g(1));
                let status = status_code(view.err().as_ref().or(smp.err().as_ref()));
                let base = sample_coord_base(cmp);
                let coords: [[u32; 4]; 4] = core::array::from_fn(|l| core::array::from_fn(|k| w(base + 4 * l + k)));
                let gb = base + 16;
                let grads: [[[u32; 3]; 2]; 4] = core::array::from_fn(|l| {
                    core::array::from_fn(|d| core::array::from_fn(|k| w(gb + 6 * l + 3 * d + k)))
                });
                let lod = match g(2) {
                    0 => LodSource::Derivatives { bias: w(4) },
                    1 => LodSource::Explicit(w(4)),
                    _ => LodSource::Zero,
                };
                let req = SampleRequest {
                    coords,
                    lod,
                    grads: (g(3) == 1).then_some(grads),
                    offset: [off(5), off(6), off(7)],
                };
                let ti = sample_tgsi_index(cmp);
                let src1: [[u32; 4]; 4] = core::array::from_fn(|l| [w(ti + 1 + l), 0, 0, 0]);
                let tgsi_op = match g(ti) {
                    1 => Some(TexOp::Txb),
                    2 => Some(TexOp::Txp),
                    _ => None,
                };
                let r = if let Some(op) = tgsi_op {
                    let ops = TexOperands { src0: &coords, src1: Some(&src1), grads: None };
                    tex_family_offset(op, cmp, view, smp, env.texmem.as_slice(), ops, req.offset)
                } else if cmp {
                    let refs = [w(8), w(9), w(10), w(11)];
                    sample_compare_quad(view, smp, env.texmem.as_slice(), &req, refs)
                } else {
                    sample_quad(view, smp, env.texmem.as_slice(), &req)
                };
                match r {
                    Ok(q) => (0, status, flat(&q)),
                    Err(e) => (sample_err(e), status, [0; 16]),
                }
            }
            OpUnit::Gather => {
                let coords: [[u32; 4]; 4] =
                    core::array::from_fn(|l| core::array::from_fn(|k| w(GATHER_COORD_BASE + 4 * l + k)));
                let refs = [w(10), w(11), w(12), w(13)];
                let comp = g(3) as u8;
                let cmp = g(4) == 1;
                if g(2) == 0 {
                    let view = env.view(g(0));
                    let smp = env.sampler(g(1));
                    let status = status_code(view.err().as_ref().or(smp.err().as_ref()));
                    let r =
                        gather4(view, smp, env.texmem.as_slice(), &coords, comp, [off(7), off(8)], cmp.then_some(refs));
                    match r {
                        Ok(q) => (0, status, flat(&q)),
                        Err(e) => (gather_err(e), status, [0; 16]),
                    }
                } else {
                    let b = env.bindings();
                    let handle = ((g(1) as u32 & 0xFFF) << 20) | (g(0) as u32 & 0xF_FFFF);
                    let src = HandleSource::Bindless(handle);
                    let status = status_code(b.resolve(src).err().as_ref());
                    let mods = Tld4sMods {
                        comp,
                        aoffi: g(5) == 1,
                        dc: cmp,
                        f16: match g(6) {
                            1 => Some(F16Rounding::NearestEven),
                            2 => Some(F16Rounding::TowardZero),
                            _ => None,
                        },
                    };
                    let toff = aoffi_encode(off(7), off(8), off(9));
                    let mut words = [0; 16];
                    let mut err = 0;
                    for (l, (c, w)) in coords.iter().zip(words.chunks_exact_mut(4)).enumerate() {
                        let ops = Tld4sOperands { s: c[0], t: c[1], toff, dc: refs[l] };
                        match tld4s(&b, src, env.texmem.as_slice(), mods, ops) {
                            Ok(r) => w.copy_from_slice(&[r.rd0[0], r.rd0[1], r.rd1[0], r.rd1[1]]),
                            Err(e) => {
                                err = gather_err(e);
                                break;
                            }
                        }
                    }
                    if err != 0 {
                        words = [0; 16];
                    }
                    (err, status, words)
                }
            }
            OpUnit::Fetch => {
                let view = env.view(g(0));
                let status = status_code(view.err().as_ref());
                let mem = env.texmem.as_slice();
                let a = [w(2), w(3), w(4), w(5)];
                let r = match g(1) {
                    0 => txf(view, mem, a.map(|v| v as i32), [off(7), off(8), off(9)]),
                    1 => sample_i(view, mem, a),
                    2 => sample_i_ms(view, mem, a, w(6)),
                    _ => Ok(load(view, mem, a)),
                };
                match r {
                    Ok(v) => (0, status, padded(&v)),
                    Err(e) => (fetch_err(e), status, [0; 16]),
                }
            }
            OpUnit::Tmml => {
                let b = env.bindings();
                let handle = ((g(1) as u32 & 0xFFF) << 20) | (g(0) as u32 & 0xF_FFFF);
                let src = HandleSource::Bindless(handle);
                let status = status_code(b.resolve(src).err().as_ref());
                let ra: [[u32; 4]; 4] = core::array::from_fn(|l| core::array::from_fn(|k| w(3 + 4 * l + k)));
                match CoordDesc::from_code(w(2)) {
                    Some(desc) => (0, status, flat(&tmml(&b, src, desc, &ra))),
                    None => (10, status, [0; 16]),
                }
            }
            OpUnit::Store => {
                let view = env.view(g(0));
                let status = status_code(view.err().as_ref());
                let a = [w(2), w(3), w(4), w(5)];
                let src = [w(6), w(7), w(8), w(9)];
                let cmpv = [w(10), w(11), w(12), w(13)];
                let mut mem = RecordingMemory::new(env.texmem.as_slice());
                let r = match g(1) {
                    0 => Some(store(view, &mut mem, a, src).map(|_| [0; 4])),
                    k => AtomicOp::ALL.get(k as usize - 1).map(|op| atomic(*op, view, &mut mem, a, src, cmpv)),
                };
                match r {
                    None => (13, status, [0; 16]),
                    Some(Err(e)) => (resource_err(e), status, [0; 16]),
                    Some(Ok(old)) => {
                        let mut words = [0u32; 16];
                        if let Some((addr, data, n)) = mem.write {
                            words[0] = 1;
                            words[1] = addr as u32;
                            words[2] = n as u32;
                            for (i, c) in data.chunks_exact(4).enumerate() {
                                words[3 + i] = u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
                            }
                        }
                        words[7..11].copy_from_slice(&old);
                        (0, status, words)
                    }
                }
            }
        };
        if let Some(o) = out.get_mut(0) {
            *o = err;
        }
        if let Some(o) = out.get_mut(1) {
            *o = status;
        }
        for (o, v) in out.iter_mut().skip(2).zip(words) {
            *o = u64::from(v);
        }
    }
}

/// Where each field sits in its word: `(lsb, width)` per field, and the number of 32-bit
/// words of the input and output words (the vector-line placement: first field most
/// significant, each field `ceil(width / 4) × 4` bits).
#[derive(Clone, Debug)]
pub struct Placement {
    /// `(lsb, width)` of the input fields.
    pub inputs: Vec<(u32, u32)>,
    /// `(lsb, width)` of the output fields.
    pub outputs: Vec<(u32, u32)>,
    /// Bits of the input word.
    pub in_w: u32,
    /// Bits of the output word.
    pub out_w: u32,
}

impl Placement {
    /// Places `fields`.
    pub fn new(fields: &[FieldSpec]) -> Placement {
        let place = |fs: Vec<&FieldSpec>| -> (Vec<(u32, u32)>, u32) {
            let total: u32 = fs.iter().map(|f| f.width.div_ceil(4) * 4).sum();
            let mut rem = total;
            let v = fs
                .iter()
                .map(|f| {
                    rem -= f.width.div_ceil(4) * 4;
                    (rem, f.width)
                })
                .collect();
            (v, total)
        };
        let (inputs, in_w) = place(fields.iter().filter(|f| !f.output).collect());
        let (outputs, out_w) = place(fields.iter().filter(|f| f.output).collect());
        Placement { inputs, outputs, in_w, out_w }
    }

    /// 32-bit words of the input word.
    pub fn in_words(&self) -> usize {
        self.in_w.div_ceil(32) as usize
    }

    /// 32-bit words of the output word.
    pub fn out_words(&self) -> usize {
        self.out_w.div_ceil(32) as usize
    }
}

/// Word `i` of a little-endian word array (0 past its end).
fn word_at(words: &[u32], i: usize) -> u64 {
    words.get(i).map_or(0, |w| u64::from(*w))
}

/// Low `width` bits set (width ≤ 64).
fn low_mask(width: u32) -> u64 {
    match width {
        0 => 0,
        1..=63 => (1 << width) - 1,
        _ => u64::MAX,
    }
}

/// Reads bits `lsb .. lsb + width` (width ≤ 64; a wider field reads its low 64 bits) of a
/// little-endian word array; bits past the array read as 0.
pub fn get_bits(words: &[u32], lsb: u32, width: u32) -> u64 {
    let (i, sh) = ((lsb / 32) as usize, lsb % 32);
    let lo = (word_at(words, i) | word_at(words, i + 1) << 32) >> sh;
    // A field past the two words (sh > 0 then) takes its top bits from the third.
    let v = if width.min(64) + sh > 64 { lo | word_at(words, i + 2) << (64 - sh) } else { lo };
    v & low_mask(width)
}

/// Writes bits `lsb .. lsb + width` (width ≤ 64; a wider field writes its low 64 bits) of a
/// little-endian word array; bits past the array are dropped.
pub fn set_bits(words: &mut [u32], lsb: u32, width: u32, v: u64) {
    let sh = lsb % 32;
    let m = u128::from(low_mask(width)) << sh;
    let bits = (u128::from(v) << sh) & m;
    let i = (lsb / 32) as usize;
    for k in 0..3 {
        let wm = (m >> (32 * k)) as u32;
        if wm == 0 {
            continue;
        }
        if let Some(w) = words.get_mut(i + k) {
            *w = (*w & !wm) | ((bits >> (32 * k)) as u32 & wm);
        }
    }
}

/// Evaluates one vector given as packed words (the DPI form): `in_words` = the input word,
/// `out_words` = the output word (every bit written).
pub fn eval_packed(unit: OpUnit, p: &Placement, env: &OpEnv, in_words: &[u32], out_words: &mut [u32]) {
    // The fields on the stack (every op-level unit has at most MAX_IN / MAX_OUT of them).
    const MAX_IN: usize = 64;
    const MAX_OUT: usize = 32;
    if p.inputs.len() > MAX_IN || p.outputs.len() > MAX_OUT {
        let inp: Vec<u64> = p.inputs.iter().map(|(l, w)| get_bits(in_words, *l, *w)).collect();
        let mut out = vec![0u64; p.outputs.len()];
        unit.eval(env, &inp, &mut out);
        return pack(p, &out, out_words);
    }
    // The input word in a zero-padded buffer: a field of at most 32 bits is then two loads
    // without a bounds check (an index past the buffer's last pair reads that pair: zeros,
    // as the word has at most BUF - 2 words).
    const BUF: usize = 96;
    let mut buf = [0u32; BUF];
    let Some(head) = buf.get_mut(..in_words.len()).filter(|_| in_words.len() <= BUF - 2) else {
        let inp: Vec<u64> = p.inputs.iter().map(|(l, w)| get_bits(in_words, *l, *w)).collect();
        let mut out = vec![0u64; p.outputs.len()];
        unit.eval(env, &inp, &mut out);
        return pack(p, &out, out_words);
    };
    head.copy_from_slice(in_words);
    let mut inp = [0u64; MAX_IN];
    for (v, &(l, w)) in inp.iter_mut().zip(&p.inputs) {
        *v = if w <= 32 {
            let i = ((l / 32) as usize).min(BUF - 2);
            let two = u64::from(buf[i]) | u64::from(buf[i + 1]) << 32;
            (two >> (l % 32)) & ((1u64 << w) - 1)
        } else {
            get_bits(in_words, l, w)
        };
    }
    let mut out = [0u64; MAX_OUT];
    let out = &mut out[..p.outputs.len()];
    unit.eval(env, &inp[..p.inputs.len()], out);
    pack(p, out, out_words);
}

/// The output fields `out` into the output word (every bit written).
fn pack(p: &Placement, out: &[u64], out_words: &mut [u32]) {
    out_words.fill(0);
    for (&(l, w), &v) in p.outputs.iter().zip(out) {
        if w <= 32 {
            // Into zeros: an OR of the field's (at most two) words.
            let i = (l / 32) as usize;
            let x = (v & ((1u64 << w) - 1)) << (l % 32);
            for (k, part) in [x as u32, (x >> 32) as u32].into_iter().enumerate() {
                if let Some(o) = out_words.get_mut(i + k) {
                    *o |= part;
                }
            }
        } else {
            set_bits(out_words, l, w, v);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_fit_32_bits_and_indices_match() {
        for u in OpUnit::ALL {
            let f = u.fields();
            assert!(f.iter().all(|f| f.width <= 32 && f.width > 0), "{}", u.name());
            let n_in = f.iter().take_while(|f| !f.output).count();
            assert!(f[n_in..].iter().all(|f| f.output));
            match u {
                OpUnit::Sample | OpUnit::SampleC => {
                    let b = sample_coord_base(u == OpUnit::SampleC);
                    assert_eq!(f[b].name, "c0_0");
                    assert_eq!(f[b + 16].name, "dx0_0");
                    assert_eq!(f[b + 16 + 6 * 3 + 5].name, "dy3_2");
                    assert_eq!(f[4].name, "lod");
                    assert_eq!(f[7].name, "off_w");
                    let t = sample_tgsi_index(u == OpUnit::SampleC);
                    assert_eq!(f[t].name, "tgsi");
                    assert_eq!(f[t + 4].name, "src1_3");
                    assert_eq!(f[t + 5].name, "err");
                }
                OpUnit::Gather => {
                    assert_eq!(f[GATHER_COORD_BASE].name, "c0_0");
                    assert_eq!(f[10].name, "ref0");
                    assert_eq!(f[9].name, "off_w");
                }
                OpUnit::Fetch => {
                    assert_eq!(f[6].name, "sample");
                    assert_eq!(f[9].name, "off_w");
                }
                OpUnit::Tmml => {
                    assert_eq!(f[3].name, "ra0_0");
                    assert_eq!(f[18].name, "ra3_3");
                }
                OpUnit::Store => {
                    assert_eq!(f[5].name, "w");
                    assert_eq!(f[13].name, "cmp_w");
                    assert_eq!(f[14].name, "err");
                }
            }
        }
    }

    /// Evaluates `sample` with the given input values (by field name; others 0).
    fn sample_out(env: &OpEnv, set: &[(&str, u64)]) -> Vec<u64> {
        let f = OpUnit::Sample.fields();
        let n_in = f.iter().filter(|f| !f.output).count();
        let mut inp = vec![0u64; n_in];
        for (name, v) in set {
            inp[f.iter().position(|f| f.name == *name).unwrap()] = *v;
        }
        let mut out = vec![0u64; f.len() - n_in];
        OpUnit::Sample.eval(env, &inp, &mut out);
        out
    }

    /// TGSI TXB with four different per-lane biases gives, in each lane, what the
    /// SampleRequest form gives with that lane's bias as the quad's bias; TXP with q = 1 is
    /// TEX, and with q = 2 on pre-doubled coordinates too; TXP on an array view is rejected.
    #[test]
    fn tgsi_txb_is_per_lane_bias_and_txp_divides_by_q() {
        let env = OpEnv::directed(|| [0; 8]);
        let h = crate::texset::texture_slot("rgba8_2d").unwrap() as u64;
        let s = crate::texset::sampler_slot("trilinear").unwrap() as u64;
        let bias = [-1.0f32, 0.0, 1.0, 2.5];
        let xy = |l: usize| [0.3 + 0.0625 * (l & 1) as f32, 0.55 + 0.0625 * (l >> 1) as f32];
        let mut txb = vec![("hdr", h), ("smp", s), ("tgsi", 1)];
        let mut plain = vec![("hdr", h), ("smp", s)];
        let names = ["c0_0", "c0_1", "c0_3", "c1_0", "c1_1", "c1_3", "c2_0", "c2_1", "c2_3", "c3_0", "c3_1", "c3_3"];
        for l in 0..4 {
            let [x, y] = xy(l);
            txb.extend([(names[3 * l], u64::from(x.to_bits())), (names[3 * l + 1], u64::from(y.to_bits()))]);
            txb.push((names[3 * l + 2], u64::from(bias[l].to_bits())));
            plain.extend([(names[3 * l], u64::from(x.to_bits())), (names[3 * l + 1], u64::from(y.to_bits()))]);
        }
        let got = sample_out(&env, &txb);
        assert_eq!(got[0], 0);
        let mut differ = false;
        for l in 0..4 {
            let mut p = plain.clone();
            p.push(("lod", u64::from(bias[l].to_bits())));
            let want = sample_out(&env, &p);
            assert_eq!(got[2 + 4 * l..6 + 4 * l], want[2 + 4 * l..6 + 4 * l], "lane {l}");
            differ |= want[2 + 4 * l..6 + 4 * l] != sample_out(&env, &plain)[2 + 4 * l..6 + 4 * l];
        }
        assert!(differ, "the biases change the result");
        // TXP: q = 1 is TEX (src0.w = q is not a coordinate of a 2D view).
        let mut txp1: Vec<(&str, u64)> = plain.clone();
        txp1.push(("tgsi", 2));
        for n in ["c0_3", "c1_3", "c2_3", "c3_3"] {
            txp1.push((n, u64::from(1.0f32.to_bits())));
        }
        let tex = sample_out(&env, &plain);
        assert_eq!(sample_out(&env, &txp1), tex);
        let mut txp2: Vec<(&str, u64)> = txp1
            .iter()
            .map(|(n, v)| if n.ends_with("_3") { (*n, u64::from(2.0f32.to_bits())) } else { (*n, *v) })
            .collect();
        for (n, v) in txp2.iter_mut() {
            if n.starts_with('c') && !n.ends_with("_3") {
                *v = u64::from((f32::from_bits(*v as u32) * 2.0).to_bits());
            }
        }
        assert_eq!(sample_out(&env, &txp2), tex);
        txp2[0].1 = crate::texset::texture_slot("rgba8_2d_array").unwrap() as u64;
        assert_eq!(sample_out(&env, &txp2)[0], 1, "TXP on an array view");
    }

    #[test]
    fn recording_memory_records_one_in_range_write() {
        let base = [1u8, 2, 3, 4, 5, 6, 7, 8];
        let mut m = RecordingMemory::new(&base);
        assert!(!m.write(6, &[9, 9, 9]), "past the end");
        assert!(m.write.is_none());
        assert!(m.write(2, &[9, 8]));
        let mut b = [0u8; 4];
        assert!(m.read(1, &mut b));
        assert_eq!(b, [2, 9, 8, 5], "reads see the write");
        assert_eq!(base, [1, 2, 3, 4, 5, 6, 7, 8]);
    }

    #[test]
    fn bits_round_trip() {
        let mut w = [0u32; 3];
        set_bits(&mut w, 30, 8, 0xA5);
        assert_eq!(get_bits(&w, 30, 8), 0xA5);
        set_bits(&mut w, 60, 32, 0xDEAD_BEEF);
        assert_eq!(get_bits(&w, 60, 32), 0xDEAD_BEEF);
        assert_eq!(get_bits(&w, 30, 8), 0xA5);
    }

    /// The word-level bit access agrees with reading and writing one bit at a time, at every
    /// position and width (including fields that run past the array).
    #[test]
    fn bits_match_the_bitwise_form() {
        let bit = |w: &[u32], i: u32| w.get((i / 32) as usize).map_or(0, |w| u64::from((w >> (i % 32)) & 1));
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for lsb in 0..100 {
            for width in [0, 1, 4, 5, 8, 9, 31, 32, 33, 63, 64] {
                let w: [u32; 3] = core::array::from_fn(|_| next() as u32);
                let want = (0..width).filter(|b| lsb + b < 96).fold(0, |v, b| v | bit(&w, lsb + b) << b);
                assert_eq!(get_bits(&w, lsb, width), want, "get {lsb} {width}");
                let v = next();
                let mut got = w;
                set_bits(&mut got, lsb, width, v);
                for i in 0..96 {
                    let want = if i >= lsb && i - lsb < width { (v >> (i - lsb)) & 1 } else { bit(&w, i) };
                    assert_eq!(bit(&got, i), want, "set {lsb} {width} bit {i}");
                }
            }
        }
    }
}
