//! The op-level vector units (`sample`, `sample_c`, `gather`, `tmml`) as `SUBMIT` payloads
//! for the testbench over the sampler's execution core (`hdl-vectors/tb/tb_exec_ops.sv`).
//!
//! Each vector becomes the [`Op`] that expresses it (the `SUBMIT` a driver sends), encoded by
//! [`Op::encode`]. A vector is replayed only if the model run through that op
//! ([`SoftSampler::run`] on the vector's images) gives exactly the vector's expected outputs
//! (`err`, result words; the vectors' `status` field, which names why a view is invalid, has
//! no counterpart in a `SUBMIT` reply): the op then reproduces the vector. Vectors no op of
//! this reader reproduces are counted, not replayed.
//!
//! Each replayed vector is one record line of the `.sub` file (hex, `_`-separated):
//!
//! | field | digits | bits | meaning |
//! |---|---|---|---|
//! | `idx` | 8 | [`REC_IDX_LSB`] | the vector's index in its `.vec` file |
//! | `cap` | 2 | [`REC_CAP_LSB`] | the op's `CAPS` bit (`protocol::OpDef::cap_bit`) |
//! | `admit` | 1 | [`REC_ADMIT_LSB`] | [`Subset::RTL`]`.admits(op, view, sampler)` on the model's descriptors |
//! | `plen` | 3 | [`REC_PLEN_LSB`] | payload bytes |
//! | payload | 64 × 8 | [`REC_PAYLOAD_LSB`] | payload word `k` (bytes `4k … 4k+3`, little-endian) at bit `32k` of the field (word 63 first) |
//! | completion | 16 | [`REC_COMP_LSB`] | the expected 8-byte completion record, byte 0 in bits 7:0 |
//! | result | 16 × 8 | 0 | expected result word `k` at bit `32k` (word 15 first) |
//!
//! The testbench expects the op's result (status OK, this completion, these result words)
//! when the execution core's `CAPS` output has bit `cap` set and `admit` is 1, and
//! `ERR_UNSUPPORTED` otherwise: the subset decision is [`Subset::admits`], the op decision the
//! RTL's own `CAPS`.

use std::fmt::Write as _;
use std::fs;
use std::path::Path;

use anyhow::{anyhow, bail, Context, Result};
use texcore::handle::HandleSource;
use texcore::op::gather::{aoffi_encode, GatherError, Tld4sMods, Tld4sOperands};
use texcore::op::sample::{SampleError, TexOp};
use texcore::op::tmml::CoordDesc;
use texcore_hal::op::MAX_OP_LEN;
use texcore_hal::{Grads, Op, Rejection, Reply, SamplerDevice, SoftSampler, Subset};
use texcore_vectors::hex::OpImages as Images;
use texcore_vectors::layout::{Dir, Layout};

/// Units this testbench replays.
pub const UNITS: [&str; 4] = ["sample", "sample_c", "gather", "tmml"];

/// Whether the ops of `unit` read texels: `tmml` (the LOD unit's result) reads none, so no
/// texel flip can change its result and only the flipped expected word applies to it.
pub fn reads_texels(unit: &str) -> bool {
    unit != "tmml"
}

/// Bits of a record line.
pub const REC_W: u32 = 2680;
/// LSB of the `idx` field.
pub const REC_IDX_LSB: u32 = 2648;
/// LSB of the `cap` field.
pub const REC_CAP_LSB: u32 = 2640;
/// LSB of the `admit` field.
pub const REC_ADMIT_LSB: u32 = 2636;
/// LSB of the `plen` field.
pub const REC_PLEN_LSB: u32 = 2624;
/// LSB of the payload field.
pub const REC_PAYLOAD_LSB: u32 = 576;
/// LSB of the completion field.
pub const REC_COMP_LSB: u32 = 512;
/// The record layout as the testbench's top-level parameters (`tb_exec_ops.sv`).
pub const PARAMS: [(&str, u32); 7] = [
    ("REC_W", REC_W),
    ("IDX_LSB", REC_IDX_LSB),
    ("CAP_LSB", REC_CAP_LSB),
    ("ADMIT_LSB", REC_ADMIT_LSB),
    ("PLEN_LSB", REC_PLEN_LSB),
    ("PAY_LSB", REC_PAYLOAD_LSB),
    ("COMP_LSB", REC_COMP_LSB),
];

/// Bytes per record line, newline included.
pub const REC_LEN: usize = 8 + 1 + 2 + 1 + 1 + 1 + 3 + 1 + 64 * 9 + 16 + 1 + 16 * 9;

/// What [`prepare`] wrote.
#[derive(Clone, Debug, Default)]
pub struct Prepared {
    /// Vectors in the unit's file.
    pub vectors: u64,
    /// Records written (vectors an op expresses).
    pub records: u64,
    /// Records of ops the RTL's subset admits (`admit` = 1) and whose op the subset governs
    /// (the sampling ops the RTL implements).
    pub admitted: u64,
    /// [`Prepared::admitted`] by op name, in op-code order.
    pub admitted_by_op: std::collections::BTreeMap<u8, (&'static str, u64)>,
    /// Vectors no op of this reader expresses (not replayed).
    pub skipped: u64,
    /// Line (0-based) of the first admitted record with a `DONE` completion on a valid view
    /// and sampler at or after the middle of the file (else the first one): the record whose
    /// expected word, and a texel it reads, the mutation checks flip.
    pub mutation_line: Option<u64>,
    /// Such records, the candidates of the flipped texel (the first one that reads a texel
    /// whose bit 0, or bit 7, matters to its result): up to 64 from the middle of the file
    /// on whose result is not all zeros, one per view, sampler and op code; the first 64 from
    /// the middle on; up to 64 before it with a result not all zeros, one per view, sampler
    /// and op code; up to 64 with a result of zeros, one per view, sampler and op code in
    /// each half.
    pub sampled: Vec<u64>,
}

fn read_images(dir: &Path) -> Result<Images> {
    texcore_vectors::hex::read_op_images(dir).map_err(|e| anyhow!(e))
}

/// The model device of the testbench: the images' pools (the RTL's capacities: 256 headers,
/// 256 samplers, 1 024 constant-bank words) on texel memory `mem`, every pointer within the
/// `MaximumIndex` registers (a pointer past a pool is unbound).
fn model<'m>(img: &Images, mem: &'m mut [u8]) -> Result<Model<'m>> {
    let mut soft: Model<'m> = SoftSampler::new(mem);
    let e = |e| anyhow!("model device: {e:?}");
    for (i, w) in (0u32..).zip(&img.headers) {
        soft.write_header(i, w).map_err(e)?;
    }
    for (i, w) in (0u32..).zip(&img.samplers) {
        soft.write_sampler(i, w).map_err(e)?;
    }
    soft.set_header_pool_max(texcore_hal::soft::POOL_MAX_LIMIT).map_err(e)?;
    soft.set_sampler_pool_max(texcore_hal::soft::POOL_MAX_LIMIT).map_err(e)?;
    Ok(soft)
}

type Model<'m> = SoftSampler<'m, 256, 256, 1024>;

/// A texel of the image the op of record line `rec` (of a `.sub` file) reads: the first
/// byte address from its view's base address whose flipped bit 0 changes the model's reply,
/// else the first whose flipped bit 7 does (a depth compare often ignores a code's low
/// bit). Returns that address and `texmem.hex` of `dir` with the bit flipped.
pub fn texel_flip(dir: &Path, rec: &str) -> Result<(u32, String)> {
    let digits: String = rec.chars().filter(|c| *c != '_').collect();
    let field = |lsb: u32, bits: u32| -> Result<&str> {
        let end = digits.len() - (lsb / 4) as usize;
        digits.get(end - (bits / 4) as usize..end).ok_or_else(|| anyhow!("short record"))
    };
    let plen = usize::from_str_radix(field(REC_PLEN_LSB, 12)?, 16)?;
    let mut payload = Vec::new();
    for k in 0..64 {
        payload.extend_from_slice(&u32::from_str_radix(field(REC_PAYLOAD_LSB + 32 * k, 32)?, 16)?.to_le_bytes());
    }
    let op = Op::decode(payload.get(..plen).ok_or_else(|| anyhow!("payload length {plen}"))?)
        .map_err(|st| anyhow!("record payload does not decode (status {st:#x})"))?;
    let (view, _) = texcore_hal::subset::sample_pointers(&op).ok_or_else(|| anyhow!("not a sampling op"))?;
    let img = read_images(dir)?;
    let mut mem = img.texmem.clone();
    let mut soft = model(&img, &mut mem)?;
    let h = soft.view(view).map_err(|e| anyhow!("view {view}: {e:?}"))?;
    let want = soft.run(&op);
    // (row_pitch 0 is the packed pitch: search from the base to the end of the image)
    let end = img.texmem.len();
    let e = |e| anyhow!("model device: {e:?}");
    let mut hit = None;
    'bits: for bit in [0u8, 7] {
        for a in h.base_address as usize..end {
            let b = img.texmem[a];
            soft.write_memory(a as u32, &[b ^ (1 << bit)]).map_err(e)?;
            let changed = soft.run(&op) != want;
            soft.write_memory(a as u32, &[b]).map_err(e)?;
            if changed {
                hit = Some((a, bit));
                break 'bits;
            }
        }
    }
    let (a, bit) = hit.ok_or_else(|| anyhow!("no texel of view {view} changes the op's result"))?;
    // texmem.hex: 16 bytes per line, a little-endian number printed most significant digit
    // first (`_` separators and `//` comment lines allowed)
    let text = fs::read_to_string(dir.join("texmem.hex"))?;
    let mut out = String::with_capacity(text.len());
    let mut row = 0usize;
    for l in text.split_inclusive('\n') {
        let body = l.trim_end();
        if body.is_empty() || body.starts_with("//") {
            out.push_str(l);
            continue;
        }
        if row == a / 16 {
            // bit 0 of byte a % 16 is in the low digit of that byte: digit 31 - 2 * (a % 16);
            // bit 7 in the high digit before it
            let target = 31 - 2 * (a % 16) - usize::from(bit / 4);
            let mut n = 0;
            for c in l.chars() {
                if c.is_ascii_hexdigit() {
                    let c2 = if n == target {
                        let v = c.to_digit(16).unwrap_or(0) ^ (1 << (bit % 4));
                        char::from_digit(v, 16).unwrap_or('0')
                    } else {
                        c
                    };
                    n += 1;
                    out.push(c2);
                } else {
                    out.push(c);
                }
            }
        } else {
            out.push_str(l);
        }
        row += 1;
    }
    Ok((a as u32, out))
}

/// One vector line's fields by name.
struct Line<'a> {
    layout: &'a Layout,
    text: &'a str,
}

impl Line<'_> {
    fn get(&self, name: &str) -> Result<u32> {
        let f = self.layout.fields.iter().find(|f| f.name == name).ok_or_else(|| anyhow!("no field `{name}`"))?;
        let s = self.text.get(f.column..f.column + f.digits as usize).ok_or_else(|| anyhow!("short line"))?;
        Ok(u64::from_str_radix(s, 16).with_context(|| format!("field `{name}`: {s:?}"))? as u32)
    }
    fn off(&self, name: &str) -> Result<i32> {
        Ok(i32::from(self.get(name)? as u8 as i8))
    }
    fn quad(&self, prefix: &str) -> Result<[[u32; 4]; 4]> {
        let mut q = [[0u32; 4]; 4];
        for (lane, l) in q.iter_mut().enumerate() {
            for (c, v) in l.iter_mut().enumerate() {
                *v = self.get(&format!("{prefix}{lane}_{c}"))?;
            }
        }
        Ok(q)
    }
    fn refs(&self) -> Result<[u32; 4]> {
        Ok([self.get("ref0")?, self.get("ref1")?, self.get("ref2")?, self.get("ref3")?])
    }
    /// The expected `err` and the 16 result words (lane-major).
    fn expected(&self) -> Result<(u32, [u32; 16])> {
        let outs: Vec<_> = self.layout.fields.iter().filter(|f| f.dir == Dir::Out).collect();
        let mut r = [0u32; 16];
        let words: Vec<_> = outs.iter().filter(|f| f.name.starts_with('r')).collect();
        if words.len() != 16 {
            bail!("{} result fields, expected 16", words.len());
        }
        for (d, f) in r.iter_mut().zip(words) {
            *d = self.get(&f.name)?;
        }
        Ok((self.get("err")?, r))
    }
}

/// The candidate ops of a vector (the first whose model reply equals the vector is
/// replayed). With `tex_first`, a `sample` or `sample_c` vector without texel offsets tries
/// the TGSI `TEX`-family form first (`TEX`, `TXB`, `TXL`, `TXD`: the bias or LOD in
/// `src0.w`; the shadow forms' reference in `src0.z`, or a 2D array's in `src0.w` with the
/// bias or LOD in `src1.x`), so that both families are replayed (the caller alternates).
fn candidates(unit: &str, l: &Line<'_>, tex_first: bool) -> Result<Vec<Op>> {
    let mut v = Vec::new();
    let (view, sampler) = (l.get("hdr")?, l.get("smp")?);
    match unit {
        "sample" | "sample_c" => {
            let shadow = unit == "sample_c";
            let c = l.quad("c")?;
            let tgsi = l.get("tgsi")?;
            if tgsi != 0 {
                // TGSI TXB / TXP: c{l}_* is src0, src1_{l} the second source where one is taken
                let op = if tgsi == 1 { TexOp::Txb } else { TexOp::Txp };
                let src1 = [l.get("src1_0")?, l.get("src1_1")?, l.get("src1_2")?, l.get("src1_3")?];
                for src1 in [None, Some(src1)] {
                    v.push(Op::TgsiTex { op, shadow, view, sampler, src0: c, src1, grads: None });
                }
                return Ok(v);
            }
            let offset = [l.off("off_u")?, l.off("off_v")?, l.off("off_w")?];
            // The vector's coordinates are canonical (s, t, r, layer); a TGSI address puts an
            // array layer after the view's coordinates (1D array: y; 2D array: z).
            let addresses = [c, c.map(|a| [a[0], a[3], a[1], a[2]]), c.map(|a| [a[0], a[1], a[3], a[2]])];
            let (mode, grads, lod) = (l.get("lod_mode")?, l.get("grads")?, l.get("lod")?);
            let g = || -> Result<Grads> {
                let mut g = Grads::default();
                for lane in 0..4 {
                    for c in 0..3 {
                        g.ddx[lane][c] = l.get(&format!("dx{lane}_{c}"))?;
                        g.ddy[lane][c] = l.get(&format!("dy{lane}_{c}"))?;
                    }
                }
                Ok(g)
            };
            if tex_first && !shadow && offset == [0; 3] {
                for address in addresses {
                    let src0 = |w: u32| address.map(|a| [a[0], a[1], a[2], w]);
                    let tex = |op, w, grads| Op::TgsiTex {
                        op,
                        shadow: false,
                        view,
                        sampler,
                        src0: src0(w),
                        src1: None,
                        grads,
                    };
                    match (mode, grads) {
                        (1, 0) => v.push(tex(TexOp::Txl, lod, None)),
                        (2, 0) => v.push(tex(TexOp::Txl, 0, None)),
                        (0, 0) => {
                            if lod == 0 {
                                v.push(tex(TexOp::Tex, 0, None));
                            }
                            v.push(tex(TexOp::Txb, lod, None));
                        }
                        (0, 1) if lod == 0 => v.push(tex(TexOp::Txd, 0, Some(g()?))),
                        _ => {}
                    }
                }
            }
            if tex_first && shadow && offset == [0; 3] {
                // the shadow TEX forms: the reference in src0.z (2D) or, with the layer in
                // src0.z, in src0.w (2D array: TXB's bias / TXL's LOD then in src1.x)
                let r = l.refs()?;
                for array in [false, true] {
                    let src0 = |w: u32| -> [[u32; 4]; 4] {
                        core::array::from_fn(|k| {
                            let a = c[k];
                            if array {
                                [a[0], a[1], a[3], r[k]]
                            } else {
                                [a[0], a[1], r[k], w]
                            }
                        })
                    };
                    let tex = |op, w, grads| Op::TgsiTex {
                        op,
                        shadow: true,
                        view,
                        sampler,
                        src0: src0(w),
                        src1: (array && matches!(op, TexOp::Txb | TexOp::Txl)).then_some([w; 4]),
                        grads,
                    };
                    match (mode, grads) {
                        (1, 0) => v.push(tex(TexOp::Txl, lod, None)),
                        (0, 0) => {
                            if lod == 0 {
                                v.push(tex(TexOp::Tex, 0, None));
                            }
                            v.push(tex(TexOp::Txb, lod, None));
                        }
                        (0, 1) if lod == 0 => v.push(tex(TexOp::Txd, 0, Some(g()?))),
                        _ => {}
                    }
                }
            }
            for address in addresses {
                if !shadow {
                    match (mode, grads) {
                        (1, 0) => v.push(Op::TgsiSampleL { view, sampler, address, offset, lod: [lod; 4] }),
                        (2, 0) => v.push(Op::TgsiSampleL { view, sampler, address, offset, lod: [0; 4] }),
                        (0, 0) => {
                            if lod == 0 {
                                v.push(Op::TgsiSample { view, sampler, address, offset });
                            }
                            v.push(Op::TgsiSampleB { view, sampler, address, offset, bias: [lod; 4] });
                        }
                        (0, 1) if lod == 0 => v.push(Op::TgsiSampleD { view, sampler, address, offset, grads: g()? }),
                        _ => {}
                    }
                } else {
                    let reference = l.refs()?;
                    match (mode, grads) {
                        (2, _) => v.push(Op::TgsiSampleCLz { view, sampler, address, offset, reference }),
                        (0, 0) if lod == 0 => v.push(Op::TgsiSampleC { view, sampler, address, offset, reference }),
                        _ => {}
                    }
                }
            }
        }
        // TLD4S (`tld4s` 1) is one lane per op: the vector's four lanes in lane order, each
        // replayed on its own record (see `prepare`)
        "gather" if l.get("tld4s").ok() == Some(1) => {
            let handle = ((sampler & 0xFFF) << 20) | (view & 0xF_FFFF);
            let f16 = match l.get("f16")? {
                1 => Some(texcore::fp::F16Rounding::NearestEven),
                2 => Some(texcore::fp::F16Rounding::TowardZero),
                _ => None,
            };
            let mods =
                Tld4sMods { comp: l.get("comp")? as u8, aoffi: l.get("aoffi")? == 1, dc: l.get("cmp")? == 1, f16 };
            let toff = aoffi_encode(l.off("off_u")?, l.off("off_v")?, l.off("off_w")?);
            let (c, r) = (l.quad("c")?, l.refs()?);
            for lane in 0..4 {
                let operands = Tld4sOperands { s: c[lane][0], t: c[lane][1], toff, dc: r[lane] };
                v.push(Op::NvTld4s { source: HandleSource::Bindless(handle), mods, operands });
            }
        }
        "gather" => {
            let address = l.quad("c")?;
            let reference = if l.get("cmp")? == 1 { Some(l.refs()?) } else { None };
            v.push(Op::TgsiGather4 {
                view,
                sampler,
                address,
                component: l.get("comp")? as u8,
                offset: [l.off("off_u")?, l.off("off_v")?],
                reference,
            });
        }
        "tmml" => {
            // the bindless handle of the vector (sampler slot << 20 | header slot)
            let handle = ((sampler & 0xFFF) << 20) | (view & 0xF_FFFF);
            if let Some(desc) = CoordDesc::from_code(l.get("desc")?) {
                let ra = l.quad("ra")?;
                v.push(Op::NvTmml { source: HandleSource::Bindless(handle), desc, ra });
            }
        }
        _ => {}
    }
    Ok(v)
}

/// The `err` code of a reply (`OP_ERR_*`, `texcore_vectors::op_unit::ERR_NAMES`); `None` for
/// a rejection the vector units do not name.
fn err_code(r: &Reply) -> Option<u32> {
    Some(match r {
        Reply::Rejected(Rejection::Sample(e)) => match e {
            SampleError::TextureType => 1,
            SampleError::OffsetRange(i) => 2 + u32::from(*i).min(2),
            SampleError::Compare => 5,
        },
        Reply::Rejected(Rejection::Gather(e)) => match e {
            GatherError::TextureType => 1,
            GatherError::OffsetRange(i) => 2 + u32::from(*i).min(2),
            GatherError::Compare => 5,
            GatherError::OffsetOnCube => 6,
            GatherError::CompareOn3D => 7,
            GatherError::Component => 8,
        },
        Reply::Rejected(_) => return None,
        _ => 0,
    })
}

/// Appends the record line of `op` (vector index `idx`, `CAPS` bit `cap_bit`, the subset's
/// decision `admit`) with the model's `reply` to `s`.
pub fn write_record(s: &mut String, idx: u64, cap_bit: u8, admit: bool, op: &Op, reply: &Reply) {
    let mut payload = [0u8; MAX_OP_LEN];
    let plen = op.encode(&mut payload);
    let mut pw = [0u32; 64];
    for (w, c) in pw.iter_mut().zip(payload[..plen].chunks(4)) {
        let mut b = [0u8; 4];
        b[..c.len()].copy_from_slice(c);
        *w = u32::from_le_bytes(b);
    }
    let comp = u64::from_le_bytes(reply.completion().encode());
    let res = reply.words();
    let _ = write!(s, "{idx:08x}_{cap_bit:02x}_{}_{plen:03x}", u8::from(admit));
    for w in pw.iter().rev() {
        let _ = write!(s, "_{w:08x}");
    }
    let _ = write!(s, "_{comp:016x}");
    for i in (0..16).rev() {
        let _ = write!(s, "_{:08x}", res.get(i).copied().unwrap_or(0));
    }
    s.push('\n');
}

/// Writes the record file `out` of unit `unit` from its vector file `vec_file` (images in
/// `dir`, layout `layout`).
pub fn prepare(dir: &Path, unit: &str, layout: &Layout, vec_file: &Path, out: &Path) -> Result<Prepared> {
    let img = read_images(dir)?;
    let mut mem = img.texmem.clone();
    let mut soft = model(&img, &mut mem)?;

    let text = fs::read_to_string(vec_file).with_context(|| format!("{}", vec_file.display()))?;
    let n = text.lines().count() as u64;
    let mut p = Prepared { vectors: n, ..Prepared::default() };
    let mut s = String::with_capacity(text.len() * 2);
    let mut first_done = None;
    let mut sampled_keys = Vec::new();
    let mut early = Vec::new();
    let mut first_late = Vec::new();
    let mut quiet = Vec::new();
    for (k, line) in text.lines().enumerate() {
        let l = Line { layout, text: line };
        let (err, words) = l.expected().with_context(|| format!("{} line {}", vec_file.display(), k + 1))?;
        let mut found = None;
        let ops = candidates(unit, &l, k % 2 == 1).with_context(|| format!("{} line {}", vec_file.display(), k + 1))?;
        let mut lanes = Vec::new();
        if matches!(ops.first(), Some(Op::NvTld4s { .. })) {
            // TLD4S: one op per lane, each reproducing its lane's four words (a rejection:
            // every lane's, with the vector's all-zero words); a record per lane
            for (lane, op) in ops.iter().enumerate() {
                let reply = soft.run(op);
                let want = words.get(4 * lane..4 * lane + 4).unwrap_or(&[]);
                let same = match &reply {
                    Reply::Tld4s(t) => err == 0 && t.words == want,
                    Reply::Rejected(_) => err_code(&reply) == Some(err) && words == [0; 16],
                    _ => false,
                };
                if !same {
                    lanes.clear();
                    break;
                }
                lanes.push((*op, reply));
            }
            if lanes.is_empty() {
                p.skipped += 1;
                continue;
            }
        }
        for op in if lanes.is_empty() { ops } else { Vec::new() } {
            let reply = soft.run(&op);
            let same = match &reply {
                Reply::Quad(q) => err == 0 && q.as_flattened() == words,
                Reply::Rejected(_) => err_code(&reply) == Some(err) && words == [0; 16],
                _ => false,
            };
            if same {
                found = Some((op, reply));
                break;
            }
        }
        if let Some(f) = found {
            lanes.push(f);
        } else if lanes.is_empty() {
            p.skipped += 1;
            continue;
        }
        for (op, reply) in lanes {
            let def = op.def().ok_or_else(|| anyhow!("op {:#x} has no protocol row", op.code()))?;
            // ops without a view / sampler pair (GATHER4): unbound pointers (the predicate
            // decides by the op code first)
            // (TMML names its texture by a handle: its resolution through the model's bindings)
            let (v, sm) = match texcore_hal::subset::handle_descriptors(&op, &soft.bindings()) {
                Some(pair) => pair,
                None => {
                    let (v, sm) = texcore_hal::subset::sample_pointers(&op).unwrap_or((u32::MAX, u32::MAX));
                    (soft.view(v), soft.sampler(sm))
                }
            };
            let admit = Subset::RTL.admits(&op, v.as_ref().map_err(|e| *e), sm.as_ref().map_err(|e| *e));
            write_record(&mut s, k as u64, def.cap_bit, admit, &op, &reply);
            if admit && Subset::RTL.governs(op.code()) {
                p.admitted += 1;
                p.admitted_by_op.entry(op.code()).or_insert((def.name, 0)).1 += 1;
                // a quad sampled from a valid view and sampler (its texels are read; not a TLD4S
                // lane: the mutation check flips result word 15, which a lane record has not)
                if matches!(reply, Reply::Quad(_)) && v.is_ok() && sm.is_ok() {
                    first_done.get_or_insert(p.records);
                    let late = k as u64 >= n / 2;
                    if late {
                        p.mutation_line.get_or_insert(p.records);
                        if first_late.len() < 64 {
                            first_late.push(p.records);
                        }
                    }
                    // one record per view, sampler and op in each half (a run of records on one
                    // view may read no texel whose flipped bit changes a result: a depth
                    // compare's); a quad of zeros last (a compare that never passes, such as a
                    // shadow op on a sampler whose compare function is NEVER, reads texels that
                    // change nothing)
                    let zero = reply.words().iter().all(|w| *w == 0);
                    let key = (late, zero, texcore_hal::subset::sample_pointers(&op), op.code());
                    let list = match (zero, late) {
                        (true, _) => &mut quiet,
                        (false, true) => &mut p.sampled,
                        (false, false) => &mut early,
                    };
                    if list.len() < 64 && !sampled_keys.contains(&key) {
                        sampled_keys.push(key);
                        list.push(p.records);
                    }
                }
            }
            p.records += 1;
        }
    }
    if p.mutation_line.is_none() {
        // no admitted DONE record in the second half: the first one in the file
        p.mutation_line = first_done;
        p.sampled.extend(first_done);
    }
    // then the first 64 of the second half, then the first half's
    p.sampled.extend(first_late.into_iter().filter(|r| !p.sampled.contains(r)).collect::<Vec<_>>());
    p.sampled.extend(early);
    p.sampled.extend(quiet.into_iter().filter(|r| !p.sampled.contains(r)).collect::<Vec<_>>());
    fs::write(out, &s).with_context(|| format!("{}", out.display()))?;
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn record_fields_tile_the_line() {
        assert_eq!(REC_IDX_LSB + 32, REC_W);
        assert_eq!(REC_CAP_LSB + 8, REC_IDX_LSB);
        assert_eq!(REC_ADMIT_LSB + 4, REC_CAP_LSB);
        assert_eq!(REC_PLEN_LSB + 12, REC_ADMIT_LSB);
        assert_eq!(REC_PAYLOAD_LSB + 64 * 32, REC_PLEN_LSB);
        assert_eq!(REC_COMP_LSB + 64, REC_PAYLOAD_LSB);
        assert_eq!(REC_COMP_LSB, 16 * 32);
        const { assert!(MAX_OP_LEN <= 64 * 4) };
        // digits: idx 8, cap 2, admit 1, plen 3, payload 512, completion 16, result 128
        assert_eq!(REC_W, 4 * (8 + 2 + 1 + 3 + 512 + 16 + 128));
        assert_eq!(REC_LEN, (8 + 2 + 1 + 3 + 512 + 16 + 128) + 2 + 1 + 1 + 64 + 1 + 15 + 1);
    }
}
