//! Texture-unit operations ([`Op`]) and their results ([`Reply`]), with the `SUBMIT`
//! payload and completion-record encodings of [`crate::protocol`].
//!
//! One [`Op`] variant per op of the core (one variant may cover several op codes: the ten
//! atomics, the five `TEX`-family ops); a new core op adds a variant, a row in
//! [`crate::protocol::OPS`] and an arm in [`Op::encode`] / [`Op::decode`] / the soft
//! backend. The result shapes: a 4-vector ([`Reply::Vec4`]), a SIMD destination
//! ([`Reply::Lanes`]), a quad ([`Reply::Quad`]), the `TLD4S` registers ([`Reply::Tld4s`]), a
//! `STORE` flag ([`Reply::Stored`]) or a rejected instruction ([`Reply::Rejected`]).

use texcore::fp::F16Rounding;
use texcore::handle::{HandleSource, TsPtrIdx};
use texcore::op::fetch::FetchError;
use texcore::op::gather::{GatherError, Tld4sMods, Tld4sOperands, Tld4sResult};
use texcore::op::resource::{AtomicOp, ResourceError};
use texcore::op::sample::{Quad, SampleError, TexOp};
use texcore::op::tmml::CoordDesc;
use texcore::query::intel::{ExecCtrl, InfoError};
use texcore::query::nv::TxqQuery;
use texcore::texel::EncodeError;

use crate::protocol::{self, op, outcome, read_u32, reject, status, ResultShape, COMPLETION_LEN};

/// Longest `SUBMIT` payload of any op.
pub const MAX_OP_LEN: usize = max_op_len();

const fn max_op_len() -> usize {
    let mut m = 0;
    let mut rest = protocol::OPS;
    while let [first, tail @ ..] = rest {
        if first.len as usize > m {
            m = first.len as usize;
        }
        rest = tail;
    }
    m
}

/// Explicit derivatives of a quad (`TXD`, `SAMPLE_D`): per lane, `∂/∂x` and `∂/∂y` of the
/// first three coordinates (binary32 bits; the core reads no fourth component).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Grads {
    /// `ddx[lane] = (∂x, ∂y, ∂z) / ∂x`.
    pub ddx: [[u32; 3]; 4],
    /// `ddy[lane]`.
    pub ddy: [[u32; 3]; 4],
}

impl Grads {
    /// The two derivative registers as quads (fourth component 0), as the core takes them.
    pub fn quads(&self) -> (Quad, Quad) {
        let q = |g: &[[u32; 3]; 4]| g.map(|[x, y, z]| [x, y, z, 0]);
        (q(&self.ddx), q(&self.ddy))
    }
}

/// One texture-unit operation with its operands.
///
/// TGSI views, resources and samplers and Intel surfaces name **pool pointers**: the device
/// has one texture-header pool and one sampler-header pool, and a TGSI `SVIEW[n]` /
/// `RES[n]` / `SAMP[n]` or an Intel binding-table slot is resolved to a pointer by the caller
/// (a pointer above the pool's `MaximumIndex` or past its capacity is an unbound resource:
/// zeros). The binding mode applies to NVIDIA handles only.
///
/// Quads hold the four lanes in the core's order (0 top-left, 1 top-right, 2 bottom-left,
/// 3 bottom-right), each a register `(x, y, z, w)` of binary32 bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum Op {
    /// NVIDIA `TXQ` ([`texcore::query::nv::txq`]): RGBA before the write mask.
    NvTxq {
        /// Constant-bank index or bindless handle.
        source: HandleSource,
        /// Which query.
        query: TxqQuery,
        /// LOD or sample index.
        param: u32,
    },
    /// NVIDIA `TLD4S` for one lane ([`texcore::op::gather::tld4s`]).
    NvTld4s {
        /// Constant-bank index or bindless handle.
        source: HandleSource,
        /// Component, `.AOFFI`, `.DC`, `.F16`.
        mods: Tld4sMods,
        /// The scalar operands after the Ra/Rb unpacking ([`Tld4sOperands::unpack`]).
        operands: Tld4sOperands,
    },
    /// NVIDIA `TMML.LOD` for a quad ([`texcore::op::tmml::tmml`]).
    NvTmml {
        /// Constant-bank index or bindless handle.
        source: HandleSource,
        /// `#paramA`.
        desc: CoordDesc,
        /// Each lane's `Ra … Ra+3`.
        ra: Quad,
    },
    /// TGSI `TXQ` ([`texcore::query::tgsi::txq`]).
    TgsiTxq {
        /// Header-pool pointer of the view.
        view: u32,
        /// `src0.x`.
        lod: u32,
    },
    /// TGSI `SVIEWINFO` ([`texcore::query::tgsi::sviewinfo`]).
    TgsiSviewinfo {
        /// Header-pool pointer of the view.
        view: u32,
        /// Mip level operand.
        mip_level: u32,
    },
    /// TGSI `SAMPLE_INFO` ([`texcore::query::tgsi::sample_info`]).
    TgsiSampleInfo {
        /// Header-pool pointer of the view.
        view: u32,
    },
    /// TGSI `SAMPLE_POS` ([`texcore::query::tgsi::sample_pos`]).
    TgsiSamplePos {
        /// Header-pool pointer of the view.
        view: u32,
        /// Sample index.
        index: u32,
    },
    /// TGSI `TXF` ([`texcore::op::fetch::txf`]).
    TgsiTxf {
        /// Header-pool pointer of the view.
        view: u32,
        /// `(x, y, z, level)`, signed.
        coord: [i32; 4],
        /// `src1` offsets (each −8 … +7, else rejected).
        offset: [i32; 3],
    },
    /// TGSI `SAMPLE_I` ([`texcore::op::fetch::sample_i`]).
    TgsiSampleI {
        /// Header-pool pointer of the view.
        view: u32,
        /// `(x, y, z, level)`.
        address: [u32; 4],
    },
    /// TGSI `SAMPLE_I_MS` ([`texcore::op::fetch::sample_i_ms`]).
    TgsiSampleIMs {
        /// Header-pool pointer of the view.
        view: u32,
        /// `(x, y, z, level)`.
        address: [u32; 4],
        /// Sample index.
        sample: u32,
    },
    /// TGSI `LOAD` ([`texcore::op::resource::load`]).
    TgsiLoad {
        /// Header-pool pointer of the resource.
        resource: u32,
        /// `(x, y, z, w)`; `w` is ignored.
        address: [u32; 4],
    },
    /// TGSI `STORE` ([`texcore::op::resource::store`]).
    TgsiStore {
        /// Header-pool pointer of the resource.
        resource: u32,
        /// `(x, y, z, w)`; `w` is ignored.
        address: [u32; 4],
        /// The value.
        src: [u32; 4],
    },
    /// TGSI `ATOM*` ([`texcore::op::resource::atomic`]): ten op codes, one per [`AtomicOp`].
    TgsiAtomic {
        /// Which atomic.
        op: AtomicOp,
        /// Header-pool pointer of the resource.
        resource: u32,
        /// `(x, y, z, w)`; `w` is ignored.
        address: [u32; 4],
        /// `src`.
        src: [u32; 4],
        /// `cmp` (`ATOMCAS`; ignored by the others).
        cmp: [u32; 4],
    },
    /// The TGSI `TEX` family ([`texcore::op::sample::tex_family`]): five op codes, one per
    /// [`TexOp`].
    TgsiTex {
        /// `TEX`, `TXB`, `TXL`, `TXD` or `TXP`.
        op: TexOp,
        /// The shadow (depth-compare) form.
        shadow: bool,
        /// Header-pool pointer of the view.
        view: u32,
        /// Sampler-pool pointer.
        sampler: u32,
        /// `src0` per lane.
        src0: Quad,
        /// `src1.x` per lane (the `TEX2`/`TXB2`/`TXL2` forms; the only component the core
        /// reads).
        src1: Option<[u32; 4]>,
        /// `ddx`, `ddy` (`TXD` only: the other ops ignore them, and they are not sent for
        /// them — [`Op::decode`] gives `None`).
        grads: Option<Grads>,
    },
    /// TGSI `SAMPLE` ([`texcore::op::sample::sample`]).
    TgsiSample {
        /// Header-pool pointer of the view.
        view: u32,
        /// Sampler-pool pointer.
        sampler: u32,
        /// Address per lane.
        address: Quad,
        /// Texel offsets (each −8 … +7, else rejected).
        offset: [i32; 3],
    },
    /// TGSI `SAMPLE_B` ([`texcore::op::sample::sample_b`]).
    TgsiSampleB {
        /// Header-pool pointer of the view.
        view: u32,
        /// Sampler-pool pointer.
        sampler: u32,
        /// Address per lane.
        address: Quad,
        /// Texel offsets.
        offset: [i32; 3],
        /// Bias per lane (binary32).
        bias: [u32; 4],
    },
    /// TGSI `SAMPLE_L` ([`texcore::op::sample::sample_l`]).
    TgsiSampleL {
        /// Header-pool pointer of the view.
        view: u32,
        /// Sampler-pool pointer.
        sampler: u32,
        /// Address per lane.
        address: Quad,
        /// Texel offsets.
        offset: [i32; 3],
        /// LOD per lane (binary32).
        lod: [u32; 4],
    },
    /// TGSI `SAMPLE_D` ([`texcore::op::sample::sample_d`]).
    TgsiSampleD {
        /// Header-pool pointer of the view.
        view: u32,
        /// Sampler-pool pointer.
        sampler: u32,
        /// Address per lane.
        address: Quad,
        /// Texel offsets.
        offset: [i32; 3],
        /// Derivatives.
        grads: Grads,
    },
    /// TGSI `SAMPLE_C` ([`texcore::op::sample::sample_c`]).
    TgsiSampleC {
        /// Header-pool pointer of the view.
        view: u32,
        /// Sampler-pool pointer.
        sampler: u32,
        /// Address per lane.
        address: Quad,
        /// Texel offsets.
        offset: [i32; 3],
        /// Depth reference per lane (binary32).
        reference: [u32; 4],
    },
    /// TGSI `SAMPLE_C_LZ` ([`texcore::op::sample::sample_c_lz`]).
    TgsiSampleCLz {
        /// Header-pool pointer of the view.
        view: u32,
        /// Sampler-pool pointer.
        sampler: u32,
        /// Address per lane.
        address: Quad,
        /// Texel offsets.
        offset: [i32; 3],
        /// Depth reference per lane (binary32).
        reference: [u32; 4],
    },
    /// TGSI `GATHER4` ([`texcore::op::gather::gather4`]).
    TgsiGather4 {
        /// Header-pool pointer of the view.
        view: u32,
        /// Sampler-pool pointer.
        sampler: u32,
        /// Address per lane.
        address: Quad,
        /// Component 0 … 3 of the swizzled result (any other value is rejected).
        component: u8,
        /// Offset (each −32 … +31, else rejected).
        offset: [i32; 2],
        /// Depth reference per lane (the compare form).
        reference: Option<[u32; 4]>,
    },
    /// Intel vISA `INFO` ([`texcore::query::intel::info`]).
    IntelInfo {
        /// The Op byte (resinfo `0x0A`, sampleinfo `0x0B`; anything else is rejected).
        op: u8,
        /// The Exec_size byte.
        exec: u8,
        /// Dispatch mask.
        exec_mask: u32,
        /// Header-pool pointer of the surface.
        surface: u32,
        /// Per-lane LOD (resinfo).
        lod: [u32; 16],
    },
}

/// The op code of an atomic.
pub const fn atomic_code(a: AtomicOp) -> u8 {
    match a {
        AtomicOp::UAdd => op::TGSI_ATOMUADD,
        AtomicOp::Xchg => op::TGSI_ATOMXCHG,
        AtomicOp::Cas => op::TGSI_ATOMCAS,
        AtomicOp::And => op::TGSI_ATOMAND,
        AtomicOp::Or => op::TGSI_ATOMOR,
        AtomicOp::Xor => op::TGSI_ATOMXOR,
        AtomicOp::UMin => op::TGSI_ATOMUMIN,
        AtomicOp::UMax => op::TGSI_ATOMUMAX,
        AtomicOp::IMin => op::TGSI_ATOMIMIN,
        AtomicOp::IMax => op::TGSI_ATOMIMAX,
    }
}

/// The op code of a `TEX`-family op.
pub const fn tex_code(t: TexOp) -> u8 {
    match t {
        TexOp::Tex => op::TGSI_TEX,
        TexOp::Txb => op::TGSI_TXB,
        TexOp::Txl => op::TGSI_TXL,
        TexOp::Txd => op::TGSI_TXD,
        TexOp::Txp => op::TGSI_TXP,
    }
}

const fn atomic_of(code: u8) -> Option<AtomicOp> {
    let mut rest: &[AtomicOp] = &AtomicOp::ALL;
    while let [first, tail @ ..] = rest {
        if atomic_code(*first) == code {
            return Some(*first);
        }
        rest = tail;
    }
    None
}

const fn tex_of(code: u8) -> Option<TexOp> {
    Some(match code {
        op::TGSI_TEX => TexOp::Tex,
        op::TGSI_TXB => TexOp::Txb,
        op::TGSI_TXL => TexOp::Txl,
        op::TGSI_TXD => TexOp::Txd,
        op::TGSI_TXP => TexOp::Txp,
        _ => return None,
    })
}

impl Op {
    /// Its op code ([`protocol::op`]).
    pub const fn code(&self) -> u8 {
        match self {
            Op::NvTxq { .. } => op::NV_TXQ,
            Op::NvTld4s { .. } => op::NV_TLD4S,
            Op::NvTmml { .. } => op::NV_TMML,
            Op::TgsiTxq { .. } => op::TGSI_TXQ,
            Op::TgsiSviewinfo { .. } => op::TGSI_SVIEWINFO,
            Op::TgsiSampleInfo { .. } => op::TGSI_SAMPLE_INFO,
            Op::TgsiSamplePos { .. } => op::TGSI_SAMPLE_POS,
            Op::TgsiTxf { .. } => op::TGSI_TXF,
            Op::TgsiSampleI { .. } => op::TGSI_SAMPLE_I,
            Op::TgsiSampleIMs { .. } => op::TGSI_SAMPLE_I_MS,
            Op::TgsiLoad { .. } => op::TGSI_LOAD,
            Op::TgsiStore { .. } => op::TGSI_STORE,
            Op::TgsiAtomic { op: a, .. } => atomic_code(*a),
            Op::TgsiTex { op: t, .. } => tex_code(*t),
            Op::TgsiSample { .. } => op::TGSI_SAMPLE,
            Op::TgsiSampleB { .. } => op::TGSI_SAMPLE_B,
            Op::TgsiSampleL { .. } => op::TGSI_SAMPLE_L,
            Op::TgsiSampleD { .. } => op::TGSI_SAMPLE_D,
            Op::TgsiSampleC { .. } => op::TGSI_SAMPLE_C,
            Op::TgsiSampleCLz { .. } => op::TGSI_SAMPLE_C_LZ,
            Op::TgsiGather4 { .. } => op::TGSI_GATHER4,
            Op::IntelInfo { .. } => op::INTEL_INFO,
        }
    }

    /// Its row of [`protocol::OPS`] (every variant has one; checked by a test).
    pub fn def(&self) -> Option<&'static protocol::OpDef> {
        protocol::op_def(self.code())
    }

    /// Its result shape.
    pub const fn shape(&self) -> ResultShape {
        match self {
            Op::IntelInfo { .. } => ResultShape::Lanes,
            Op::NvTld4s { .. } => ResultShape::Tld4s,
            Op::TgsiStore { .. } => ResultShape::Flag,
            Op::NvTmml { .. }
            | Op::TgsiTex { .. }
            | Op::TgsiSample { .. }
            | Op::TgsiSampleB { .. }
            | Op::TgsiSampleL { .. }
            | Op::TgsiSampleD { .. }
            | Op::TgsiSampleC { .. }
            | Op::TgsiSampleCLz { .. }
            | Op::TgsiGather4 { .. } => ResultShape::Quad,
            _ => ResultShape::Vec4,
        }
    }

    /// Writes the `SUBMIT` payload into `out`; returns its length (the op's
    /// [`len`](protocol::OpDef::len)). The replay tag of an atomic is written as 0 (the
    /// driver sets it).
    pub fn encode(&self, out: &mut [u8; MAX_OP_LEN]) -> usize {
        let mut w = Writer { buf: out, at: 0 };
        let code = self.code();
        match *self {
            Op::NvTxq { source, query, param } => {
                let (kind, handle) = source_parts(source);
                w.bytes(&[code, kind, query as u8, 0]);
                w.u32(handle);
                w.u32(param);
            }
            Op::NvTld4s { source, mods, operands } => {
                let (kind, handle) = source_parts(source);
                let f16 = match mods.f16 {
                    None => 0u8,
                    Some(F16Rounding::NearestEven) => 0b0100,
                    Some(F16Rounding::TowardZero) => 0b1100,
                };
                let flags = u8::from(mods.aoffi) | (u8::from(mods.dc) << 1) | f16;
                w.bytes(&[code, kind, mods.comp, flags]);
                w.u32(handle);
                w.words(&[operands.s, operands.t, operands.toff, operands.dc]);
            }
            Op::NvTmml { source, desc, ra } => {
                let (kind, handle) = source_parts(source);
                w.bytes(&[code, kind, desc as u8, 0]);
                w.u32(handle);
                w.quad(&ra);
            }
            Op::TgsiTxq { view, lod: a }
            | Op::TgsiSviewinfo { view, mip_level: a }
            | Op::TgsiSamplePos { view, index: a } => {
                w.bytes(&[code, 0, 0, 0]);
                w.u32(view);
                w.u32(a);
            }
            Op::TgsiSampleInfo { view } => {
                w.bytes(&[code, 0, 0, 0]);
                w.u32(view);
            }
            Op::TgsiTxf { view, coord, offset } => {
                w.bytes(&[code, 0, 0, 0]);
                w.u32(view);
                w.i32s(&coord);
                w.i32s(&offset);
            }
            Op::TgsiSampleI { view, address } | Op::TgsiLoad { resource: view, address } => {
                w.bytes(&[code, 0, 0, 0]);
                w.u32(view);
                w.words(&address);
            }
            Op::TgsiSampleIMs { view, address, sample } => {
                w.bytes(&[code, 0, 0, 0]);
                w.u32(view);
                w.words(&address);
                w.u32(sample);
            }
            Op::TgsiStore { resource, address, src } => {
                w.bytes(&[code, 0, 0, 0]);
                w.u32(resource);
                w.words(&address);
                w.words(&src);
            }
            Op::TgsiAtomic { op: _, resource, address, src, cmp } => {
                w.bytes(&[code, 0, 0, 0]);
                w.u32(resource);
                w.words(&address);
                w.words(&src);
                w.words(&cmp);
            }
            Op::TgsiTex { op: t, shadow, view, sampler, src0, src1, grads } => {
                let txd = t == TexOp::Txd;
                let grads = if txd { grads } else { None };
                let flags = u8::from(shadow) | (u8::from(src1.is_some()) << 1) | (u8::from(grads.is_some()) << 2);
                w.bytes(&[code, flags, 0, 0]);
                w.u32(view);
                w.u32(sampler);
                w.quad(&src0);
                w.words(&src1.unwrap_or_default());
                if txd {
                    w.grads(&grads.unwrap_or_default());
                }
            }
            Op::TgsiSample { view, sampler, address, offset } => {
                w.sample_head(code, view, sampler, &offset, &address);
            }
            Op::TgsiSampleB { view, sampler, address, offset, bias: extra }
            | Op::TgsiSampleL { view, sampler, address, offset, lod: extra }
            | Op::TgsiSampleC { view, sampler, address, offset, reference: extra }
            | Op::TgsiSampleCLz { view, sampler, address, offset, reference: extra } => {
                w.sample_head(code, view, sampler, &offset, &address);
                w.words(&extra);
            }
            Op::TgsiSampleD { view, sampler, address, offset, grads } => {
                w.sample_head(code, view, sampler, &offset, &address);
                w.grads(&grads);
            }
            Op::TgsiGather4 { view, sampler, address, component, offset, reference } => {
                w.bytes(&[code, component, u8::from(reference.is_some()), 0]);
                w.u32(view);
                w.u32(sampler);
                w.i32s(&offset);
                w.quad(&address);
                w.words(&reference.unwrap_or_default());
            }
            Op::IntelInfo { op: info_op, exec, exec_mask, surface, lod } => {
                w.bytes(&[code, info_op, exec, 0]);
                w.u32(surface);
                w.u32(exec_mask);
                w.words(&lod);
            }
        }
        w.at
    }

    /// Decodes a `SUBMIT` payload (device side). `Err` is the status to answer with:
    /// `ERR_UNSUPPORTED` (unknown op code), `ERR_BAD_LEN`, `ERR_BAD_VALUE` (reserved byte or
    /// flag set, unknown source kind, query code or coordinate description, constant-bank
    /// index above 13 bits, a non-zero operand block flagged absent). The replay tag of an
    /// atomic (byte 1) is ignored.
    pub fn decode(payload: &[u8]) -> Result<Op, u8> {
        let code = *payload.first().ok_or(status::ERR_BAD_LEN)?;
        let def = protocol::op_def(code).ok_or(status::ERR_UNSUPPORTED)?;
        if payload.len() != usize::from(def.len) {
            return Err(status::ERR_BAD_LEN);
        }
        let byte = |i: usize| payload.get(i).copied().ok_or(status::ERR_BAD_LEN);
        let reserved_zero = |from: usize| -> Result<(), u8> {
            for i in from..4 {
                if byte(i)? != 0 {
                    return Err(status::ERR_BAD_VALUE);
                }
            }
            Ok(())
        };
        let mut r = Reader { p: payload, at: 4 };
        let op = match code {
            op::NV_TXQ => {
                reserved_zero(3)?;
                let query = TxqQuery::from_code(byte(2)?.into()).ok_or(status::ERR_BAD_VALUE)?;
                let source = source_of(byte(1)?, r.u32()?)?;
                Op::NvTxq { source, query, param: r.u32()? }
            }
            op::NV_TLD4S => {
                let flags = byte(3)?;
                if flags & 0xF0 != 0 || (flags & 0b1100) == 0b1000 {
                    return Err(status::ERR_BAD_VALUE);
                }
                let f16 = match flags & 0b1100 {
                    0b0100 => Some(F16Rounding::NearestEven),
                    0b1100 => Some(F16Rounding::TowardZero),
                    _ => None,
                };
                let mods = Tld4sMods { comp: byte(2)?, aoffi: flags & 1 != 0, dc: flags & 2 != 0, f16 };
                let source = source_of(byte(1)?, r.u32()?)?;
                let operands = Tld4sOperands { s: r.u32()?, t: r.u32()?, toff: r.u32()?, dc: r.u32()? };
                Op::NvTld4s { source, mods, operands }
            }
            op::NV_TMML => {
                reserved_zero(3)?;
                let desc = CoordDesc::from_code(byte(2)?.into()).ok_or(status::ERR_BAD_VALUE)?;
                let source = source_of(byte(1)?, r.u32()?)?;
                Op::NvTmml { source, desc, ra: r.quad()? }
            }
            op::TGSI_TXQ => {
                reserved_zero(1)?;
                Op::TgsiTxq { view: r.u32()?, lod: r.u32()? }
            }
            op::TGSI_SVIEWINFO => {
                reserved_zero(1)?;
                Op::TgsiSviewinfo { view: r.u32()?, mip_level: r.u32()? }
            }
            op::TGSI_SAMPLE_INFO => {
                reserved_zero(1)?;
                Op::TgsiSampleInfo { view: r.u32()? }
            }
            op::TGSI_SAMPLE_POS => {
                reserved_zero(1)?;
                Op::TgsiSamplePos { view: r.u32()?, index: r.u32()? }
            }
            op::TGSI_TXF => {
                reserved_zero(1)?;
                Op::TgsiTxf { view: r.u32()?, coord: r.i32s()?, offset: r.i32s()? }
            }
            op::TGSI_SAMPLE_I => {
                reserved_zero(1)?;
                Op::TgsiSampleI { view: r.u32()?, address: r.words()? }
            }
            op::TGSI_SAMPLE_I_MS => {
                reserved_zero(1)?;
                Op::TgsiSampleIMs { view: r.u32()?, address: r.words()?, sample: r.u32()? }
            }
            op::TGSI_LOAD => {
                reserved_zero(1)?;
                Op::TgsiLoad { resource: r.u32()?, address: r.words()? }
            }
            op::TGSI_STORE => {
                reserved_zero(1)?;
                Op::TgsiStore { resource: r.u32()?, address: r.words()?, src: r.words()? }
            }
            op::TGSI_SAMPLE
            | op::TGSI_SAMPLE_B
            | op::TGSI_SAMPLE_L
            | op::TGSI_SAMPLE_D
            | op::TGSI_SAMPLE_C
            | op::TGSI_SAMPLE_C_LZ => {
                reserved_zero(1)?;
                let (view, sampler) = (r.u32()?, r.u32()?);
                let offset = r.i32s()?;
                let address = r.quad()?;
                match code {
                    op::TGSI_SAMPLE => Op::TgsiSample { view, sampler, address, offset },
                    op::TGSI_SAMPLE_B => Op::TgsiSampleB { view, sampler, address, offset, bias: r.words()? },
                    op::TGSI_SAMPLE_L => Op::TgsiSampleL { view, sampler, address, offset, lod: r.words()? },
                    op::TGSI_SAMPLE_D => Op::TgsiSampleD { view, sampler, address, offset, grads: r.grads()? },
                    op::TGSI_SAMPLE_C => Op::TgsiSampleC { view, sampler, address, offset, reference: r.words()? },
                    _ => Op::TgsiSampleCLz { view, sampler, address, offset, reference: r.words()? },
                }
            }
            op::TGSI_GATHER4 => {
                reserved_zero(3)?;
                let flags = byte(2)?;
                if flags & !1 != 0 {
                    return Err(status::ERR_BAD_VALUE);
                }
                let (view, sampler) = (r.u32()?, r.u32()?);
                let offset = r.i32s()?;
                let address = r.quad()?;
                let reference = r.optional(flags & 1 != 0, Reader::words)?;
                Op::TgsiGather4 { view, sampler, address, component: byte(1)?, offset, reference }
            }
            op::INTEL_INFO => {
                reserved_zero(3)?;
                let (surface, exec_mask) = (r.u32()?, r.u32()?);
                Op::IntelInfo { op: byte(1)?, exec: byte(2)?, exec_mask, surface, lod: r.words()? }
            }
            _ => {
                if let Some(t) = tex_of(code) {
                    reserved_zero(2)?;
                    let flags = byte(1)?;
                    let allowed = if t == TexOp::Txd { 0b111 } else { 0b011 };
                    if flags & !allowed != 0 {
                        return Err(status::ERR_BAD_VALUE);
                    }
                    let (view, sampler) = (r.u32()?, r.u32()?);
                    let src0 = r.quad()?;
                    let src1 = r.optional(flags & 2 != 0, Reader::words)?;
                    let grads = if t == TexOp::Txd { r.optional(flags & 4 != 0, Reader::grads)? } else { None };
                    Op::TgsiTex { op: t, shadow: flags & 1 != 0, view, sampler, src0, src1, grads }
                } else if let Some(a) = atomic_of(code) {
                    reserved_zero(2)?; // byte 1: the replay tag
                    Op::TgsiAtomic { op: a, resource: r.u32()?, address: r.words()?, src: r.words()?, cmp: r.words()? }
                } else {
                    return Err(status::ERR_UNSUPPORTED);
                }
            }
        };
        if r.at != payload.len() {
            return Err(status::ERR_BAD_LEN);
        }
        Ok(op)
    }
}

fn source_parts(source: HandleSource) -> (u8, u32) {
    match source {
        HandleSource::ConstBank(idx) => (0, u32::from(idx.get())),
        HandleSource::Bindless(word) => (1, word),
    }
}

fn source_of(kind: u8, handle: u32) -> Result<HandleSource, u8> {
    match kind {
        0 => {
            let idx = u16::try_from(handle).ok().and_then(TsPtrIdx::new);
            Ok(HandleSource::ConstBank(idx.ok_or(status::ERR_BAD_VALUE)?))
        }
        1 => Ok(HandleSource::Bindless(handle)),
        _ => Err(status::ERR_BAD_VALUE),
    }
}

struct Writer<'a> {
    buf: &'a mut [u8; MAX_OP_LEN],
    at: usize,
}

impl Writer<'_> {
    fn bytes(&mut self, b: &[u8]) {
        if let Some(dst) = self.buf.get_mut(self.at..self.at + b.len()) {
            dst.copy_from_slice(b);
            self.at += b.len();
        }
    }
    fn u32(&mut self, v: u32) {
        self.bytes(&v.to_le_bytes());
    }
    fn words(&mut self, v: &[u32]) {
        for x in v {
            self.u32(*x);
        }
    }
    fn i32s(&mut self, v: &[i32]) {
        for x in v {
            self.bytes(&x.to_le_bytes());
        }
    }
    fn quad(&mut self, q: &Quad) {
        self.words(q.as_flattened());
    }
    fn grads(&mut self, g: &Grads) {
        self.words(g.ddx.as_flattened());
        self.words(g.ddy.as_flattened());
    }
    fn sample_head(&mut self, code: u8, view: u32, sampler: u32, offset: &[i32; 3], address: &Quad) {
        self.bytes(&[code, 0, 0, 0]);
        self.u32(view);
        self.u32(sampler);
        self.i32s(offset);
        self.quad(address);
    }
}

struct Reader<'a> {
    p: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn u32(&mut self) -> Result<u32, u8> {
        let v = read_u32(self.p, self.at).ok_or(status::ERR_BAD_LEN)?;
        self.at += 4;
        Ok(v)
    }
    fn words<const N: usize>(&mut self) -> Result<[u32; N], u8> {
        let mut out = [0u32; N];
        for w in out.iter_mut() {
            *w = self.u32()?;
        }
        Ok(out)
    }
    fn i32s<const N: usize>(&mut self) -> Result<[i32; N], u8> {
        Ok(self.words::<N>()?.map(|w| w as i32))
    }
    fn quad(&mut self) -> Result<Quad, u8> {
        let mut q = [[0u32; 4]; 4];
        for lane in q.iter_mut() {
            *lane = self.words()?;
        }
        Ok(q)
    }
    fn grads(&mut self) -> Result<Grads, u8> {
        let mut g = Grads::default();
        for lane in g.ddx.iter_mut().chain(g.ddy.iter_mut()) {
            *lane = self.words()?;
        }
        Ok(g)
    }
    /// An operand block flagged present, or one sent as zeros when absent.
    fn optional<T: Default + PartialEq>(
        &mut self,
        present: bool,
        f: impl FnOnce(&mut Self) -> Result<T, u8>,
    ) -> Result<Option<T>, u8> {
        let v = f(self)?;
        if present {
            Ok(Some(v))
        } else if v == T::default() {
            Ok(None)
        } else {
            Err(status::ERR_BAD_VALUE)
        }
    }
}

/// Why an instruction was rejected (the core's typed error; nothing is written).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum Rejection {
    /// Intel `INFO`: malformed Op / Exec_size byte or misaligned mask.
    Info(InfoError),
    /// `TXF`, `SAMPLE_I`, `SAMPLE_I_MS`.
    Fetch(FetchError),
    /// `STORE`, atomics.
    Resource(ResourceError),
    /// The `TEX` and `SAMPLE` families.
    Sample(SampleError),
    /// `GATHER4`, `TLD4S`.
    Gather(GatherError),
}

impl Rejection {
    /// `(kind, detail0, detail1)` of the completion record.
    pub const fn encode(self) -> (u8, u8, u8) {
        match self {
            Rejection::Info(InfoError::Op(x)) => (reject::INFO_OP, x, 0),
            Rejection::Info(InfoError::ExecSize(x)) => (reject::INFO_EXEC_SIZE, x, 0),
            Rejection::Info(InfoError::MaskAlignment { lanes, mask }) => (reject::INFO_MASK_ALIGNMENT, lanes, mask),
            Rejection::Fetch(FetchError::Cube) => (reject::FETCH_CUBE, 0, 0),
            Rejection::Fetch(FetchError::OffsetRange(c)) => (reject::FETCH_OFFSET_RANGE, c, 0),
            Rejection::Resource(ResourceError::Encode(EncodeError::DepthStencil)) => {
                (reject::RESOURCE_ENCODE_DEPTH_STENCIL, 0, 0)
            }
            Rejection::Resource(ResourceError::Encode(EncodeError::Srgb)) => (reject::RESOURCE_ENCODE_SRGB, 0, 0),
            Rejection::Resource(ResourceError::AtomicFormat) => (reject::RESOURCE_ATOMIC_FORMAT, 0, 0),
            Rejection::Sample(SampleError::TextureType) => (reject::SAMPLE_TEXTURE_TYPE, 0, 0),
            Rejection::Sample(SampleError::OffsetRange(c)) => (reject::SAMPLE_OFFSET_RANGE, c, 0),
            Rejection::Sample(SampleError::Compare) => (reject::SAMPLE_COMPARE, 0, 0),
            Rejection::Gather(GatherError::TextureType) => (reject::GATHER_TEXTURE_TYPE, 0, 0),
            Rejection::Gather(GatherError::OffsetRange(c)) => (reject::GATHER_OFFSET_RANGE, c, 0),
            Rejection::Gather(GatherError::OffsetOnCube) => (reject::GATHER_OFFSET_ON_CUBE, 0, 0),
            Rejection::Gather(GatherError::CompareOn3D) => (reject::GATHER_COMPARE_ON_3D, 0, 0),
            Rejection::Gather(GatherError::Compare) => (reject::GATHER_COMPARE, 0, 0),
            Rejection::Gather(GatherError::Component) => (reject::GATHER_COMPONENT, 0, 0),
        }
    }

    /// Inverse of [`encode`](Self::encode); `None` for an unknown kind or a detail byte that
    /// must be zero but is not.
    pub const fn decode(kind: u8, d0: u8, d1: u8) -> Option<Rejection> {
        if kind == reject::INFO_MASK_ALIGNMENT {
            return Some(Rejection::Info(InfoError::MaskAlignment { lanes: d0, mask: d1 }));
        }
        if d1 != 0 {
            return None;
        }
        let with_d0 = match kind {
            reject::INFO_OP => Some(Rejection::Info(InfoError::Op(d0))),
            reject::INFO_EXEC_SIZE => Some(Rejection::Info(InfoError::ExecSize(d0))),
            reject::FETCH_OFFSET_RANGE => Some(Rejection::Fetch(FetchError::OffsetRange(d0))),
            reject::SAMPLE_OFFSET_RANGE => Some(Rejection::Sample(SampleError::OffsetRange(d0))),
            reject::GATHER_OFFSET_RANGE => Some(Rejection::Gather(GatherError::OffsetRange(d0))),
            _ => None,
        };
        if with_d0.is_some() {
            return with_d0;
        }
        if d0 != 0 {
            return None;
        }
        match kind {
            reject::FETCH_CUBE => Some(Rejection::Fetch(FetchError::Cube)),
            reject::RESOURCE_ENCODE_DEPTH_STENCIL => {
                Some(Rejection::Resource(ResourceError::Encode(EncodeError::DepthStencil)))
            }
            reject::RESOURCE_ENCODE_SRGB => Some(Rejection::Resource(ResourceError::Encode(EncodeError::Srgb))),
            reject::RESOURCE_ATOMIC_FORMAT => Some(Rejection::Resource(ResourceError::AtomicFormat)),
            reject::SAMPLE_TEXTURE_TYPE => Some(Rejection::Sample(SampleError::TextureType)),
            reject::SAMPLE_COMPARE => Some(Rejection::Sample(SampleError::Compare)),
            reject::GATHER_TEXTURE_TYPE => Some(Rejection::Gather(GatherError::TextureType)),
            reject::GATHER_OFFSET_ON_CUBE => Some(Rejection::Gather(GatherError::OffsetOnCube)),
            reject::GATHER_COMPARE_ON_3D => Some(Rejection::Gather(GatherError::CompareOn3D)),
            reject::GATHER_COMPARE => Some(Rejection::Gather(GatherError::Compare)),
            reject::GATHER_COMPONENT => Some(Rejection::Gather(GatherError::Component)),
            _ => None,
        }
    }
}

/// The `TLD4S` result registers: `words = [Rd0[0], Rd0[1], Rd1[0], Rd1[1]]`, `count`
/// registers written per destination (2, or 1 with `.F16`: the second words are then 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Tld4sReply {
    /// `Rd0[0], Rd0[1], Rd1[0], Rd1[1]`.
    pub words: [u32; 4],
    /// Registers per destination (1 or 2).
    pub count: u8,
}

impl Tld4sReply {
    /// `Rd0`.
    pub const fn rd0(&self) -> [u32; 2] {
        [self.words[0], self.words[1]]
    }

    /// `Rd1`.
    pub const fn rd1(&self) -> [u32; 2] {
        [self.words[2], self.words[3]]
    }

    /// From the core's result (registers not written are 0).
    pub const fn from_result(r: Tld4sResult) -> Tld4sReply {
        if r.count == 1 {
            Tld4sReply { words: [r.rd0[0], 0, r.rd1[0], 0], count: 1 }
        } else {
            Tld4sReply { words: [r.rd0[0], r.rd0[1], r.rd1[0], r.rd1[1]], count: r.count }
        }
    }
}

/// A SIMD result: `lanes × 4` words in RGBA planar order (`dst[c × lanes + lane]`); only the
/// lanes in `written` are written by the op, every other word is 0 here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct LaneReply {
    /// Execution size (8 or 16).
    pub lanes: u8,
    /// Bit `i` set = lane `i` written.
    pub written: u16,
    /// The destination image (words past `lanes × 4` are 0).
    pub dst: [u32; 64],
}

impl LaneReply {
    /// Whether `lane` was written.
    pub const fn is_written(&self, lane: u32) -> bool {
        lane < self.lanes as u32 && lane < 16 && (self.written >> lane) & 1 == 1
    }

    /// Components (R, G, B, A) of `lane`, if it was written.
    pub fn lane(&self, lane: u32) -> Option<[u32; 4]> {
        if !self.is_written(lane) {
            return None;
        }
        let n = usize::from(self.lanes);
        let l = usize::try_from(lane).ok()?;
        let mut v = [0u32; 4];
        for (c, out) in v.iter_mut().enumerate() {
            *out = *self.dst.get(c * n + l)?;
        }
        Some(v)
    }

    /// Writes the written lanes into a destination register block, leaving every other
    /// element untouched (the op's semantics).
    pub fn merge_into(&self, dst: &mut [u32; 64]) {
        let n = usize::from(self.lanes);
        for lane in 0..n {
            if !self.is_written(lane as u32) {
                continue;
            }
            for c in 0..4 {
                if let (Some(d), Some(s)) = (dst.get_mut(c * n + lane), self.dst.get(c * n + lane)) {
                    *d = *s;
                }
            }
        }
    }

    /// Zeroes every word of lanes not in `written` (and past `lanes × 4`).
    pub fn canonicalize(&mut self) {
        let n = usize::from(self.lanes);
        for (i, w) in self.dst.iter_mut().enumerate() {
            let lane = if n == 0 { i } else { i % n };
            if i >= 4 * n || lane >= 16 || (self.written >> lane) & 1 == 0 {
                *w = 0;
            }
        }
    }
}

/// The result of one op.
///
/// A `Lanes` reply is 260 bytes, the others at most 64: the size is kept (no heap to box
/// into), so a `Reply` costs 264 bytes of stack wherever it is held.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Reply {
    /// A 4-vector (R, G, B, A).
    Vec4([u32; 4]),
    /// A SIMD destination (Intel `INFO`).
    Lanes(LaneReply),
    /// A quad: each lane's (R, G, B, A) (sampling, gather, `TMML`).
    Quad(Quad),
    /// The `TLD4S` registers.
    Tld4s(Tld4sReply),
    /// `STORE`: whether the texel was written.
    Stored(bool),
    /// The instruction is malformed; nothing is written.
    Rejected(Rejection),
}

impl Reply {
    /// The 4-vector, if this is one.
    pub const fn vec4(&self) -> Option<[u32; 4]> {
        match self {
            Reply::Vec4(v) => Some(*v),
            _ => None,
        }
    }

    /// The quad, if this is one.
    pub const fn quad(&self) -> Option<Quad> {
        match self {
            Reply::Quad(q) => Some(*q),
            _ => None,
        }
    }

    /// The completion record and the number of result words the device holds for it.
    pub fn completion(&self) -> Completion {
        let done =
            |written: u16, words: u8| Completion { outcome: outcome::DONE, kind: 0, detail: [0, 0], written, words };
        match self {
            Reply::Vec4(_) => done(1, 4),
            Reply::Lanes(l) => done(l.written, l.lanes.saturating_mul(4)),
            Reply::Quad(_) => done(0xF, 16),
            Reply::Tld4s(t) => done(t.count.into(), 4),
            Reply::Stored(w) => done((*w).into(), 0),
            Reply::Rejected(r) => {
                let (kind, d0, d1) = r.encode();
                Completion { outcome: outcome::REJECTED, kind, detail: [d0, d1], written: 0, words: 0 }
            }
        }
    }

    /// The result words (the result buffer's content): 4, `lanes × 4`, 16 or none.
    pub fn words(&self) -> &[u32] {
        match self {
            Reply::Vec4(v) => v,
            Reply::Lanes(l) => l.dst.get(..usize::from(l.lanes) * 4).unwrap_or(&[]),
            Reply::Quad(q) => q.as_flattened(),
            Reply::Tld4s(t) => &t.words,
            Reply::Stored(_) | Reply::Rejected(_) => &[],
        }
    }

    /// The reply as words: the completion record (two little-endian words) followed by the
    /// result words. Returns how many of `out` were written (2 … 66). The self-check vector
    /// set stores expected replies in this form.
    pub fn to_words(&self, out: &mut [u32; REPLY_WORDS_MAX]) -> usize {
        let c = self.completion().encode();
        let [a0, a1, a2, a3, b0, b1, b2, b3] = c;
        out[0] = u32::from_le_bytes([a0, a1, a2, a3]);
        out[1] = u32::from_le_bytes([b0, b1, b2, b3]);
        let words = self.words();
        let n = words.len().min(REPLY_WORDS_MAX - 2);
        for (d, s) in out.iter_mut().skip(2).zip(words.iter().take(n)) {
            *d = *s;
        }
        2 + n
    }

    /// Inverse of [`to_words`](Self::to_words) for an op of `shape`; `None` if the words
    /// are not a consistent reply.
    pub fn from_words(shape: ResultShape, words: &[u32]) -> Option<Reply> {
        let (c0, c1) = (*words.first()?, *words.get(1)?);
        let mut rec = [0u8; COMPLETION_LEN];
        rec[..4].copy_from_slice(&c0.to_le_bytes());
        rec[4..].copy_from_slice(&c1.to_le_bytes());
        Completion::decode(&rec)?.reply(shape, words.get(2..)?)
    }
}

/// Most words of [`Reply::to_words`]: a 2-word completion record and 64 result words.
pub const REPLY_WORDS_MAX: usize = 2 + protocol::MAX_RESULT_WORDS;

/// The `SUBMIT` completion record (8 bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Completion {
    /// [`outcome::DONE`] or [`outcome::REJECTED`].
    pub outcome: u8,
    /// Rejection kind ([`reject`]), 0 when done.
    pub kind: u8,
    /// Rejection details, 0 when done.
    pub detail: [u8; 2],
    /// Per result shape: 1 for a 4-vector, the lanes written for a SIMD result, `0xF` for a
    /// quad, the register count for `TLD4S`, the written flag for `STORE`; 0 when rejected.
    pub written: u16,
    /// Result words in the result buffer.
    pub words: u8,
}

impl Completion {
    /// The record's bytes.
    pub const fn encode(&self) -> [u8; COMPLETION_LEN] {
        let w = self.written.to_le_bytes();
        [self.outcome, self.kind, self.detail[0], self.detail[1], w[0], w[1], self.words, 0]
    }

    /// Parses a record; `None` if the reserved byte is not zero.
    pub const fn decode(b: &[u8; COMPLETION_LEN]) -> Option<Completion> {
        if b[7] != 0 {
            return None;
        }
        Some(Completion {
            outcome: b[0],
            kind: b[1],
            detail: [b[2], b[3]],
            written: u16::from_le_bytes([b[4], b[5]]),
            words: b[6],
        })
    }

    /// The reply this record and `words` describe, for an op of `shape`; `None` if they are
    /// inconsistent (a protocol error).
    pub fn reply(&self, shape: ResultShape, words: &[u32]) -> Option<Reply> {
        match self.outcome {
            outcome::REJECTED => {
                if self.written != 0 || self.words != 0 {
                    return None;
                }
                Rejection::decode(self.kind, self.detail[0], self.detail[1]).map(Reply::Rejected)
            }
            outcome::DONE => {
                if self.kind != 0 || self.detail != [0, 0] || words.len() != usize::from(self.words) {
                    return None;
                }
                match shape {
                    ResultShape::Vec4 => {
                        let v: [u32; 4] = words.try_into().ok()?;
                        (self.written == 1).then_some(Reply::Vec4(v))
                    }
                    ResultShape::Quad => {
                        if self.written != 0xF || words.len() != 16 {
                            return None;
                        }
                        let mut q = [[0u32; 4]; 4];
                        for (d, s) in q.as_flattened_mut().iter_mut().zip(words) {
                            *d = *s;
                        }
                        Some(Reply::Quad(q))
                    }
                    ResultShape::Tld4s => {
                        let mut w: [u32; 4] = words.try_into().ok()?;
                        match self.written {
                            2 => Some(Reply::Tld4s(Tld4sReply { words: w, count: 2 })),
                            1 => {
                                // The second register of each destination is not written.
                                w[1] = 0;
                                w[3] = 0;
                                Some(Reply::Tld4s(Tld4sReply { words: w, count: 1 }))
                            }
                            _ => None,
                        }
                    }
                    ResultShape::Flag => match (self.written, words.len()) {
                        (0, 0) => Some(Reply::Stored(false)),
                        (1, 0) => Some(Reply::Stored(true)),
                        _ => None,
                    },
                    ResultShape::Lanes => {
                        let lanes = self.words / 4;
                        if !self.words.is_multiple_of(4) || !(lanes == 8 || lanes == 16) {
                            return None;
                        }
                        if u32::from(self.written) >> lanes != 0 {
                            return None;
                        }
                        let mut l = LaneReply { lanes, written: self.written, dst: [0; 64] };
                        l.dst.get_mut(..words.len())?.copy_from_slice(words);
                        l.canonicalize();
                        Some(Reply::Lanes(l))
                    }
                }
            }
            _ => None,
        }
    }
}

/// The lanes an Intel `INFO` writes (`None` for a malformed Exec_size byte).
pub fn info_written_lanes(exec: u8, exec_mask: u32) -> Option<(u8, u16)> {
    let ctrl = ExecCtrl::from_byte(exec).ok()?;
    let mut written = 0u16;
    for lane in 0..ctrl.lanes {
        if ctrl.lane_enabled(exec_mask, lane) {
            written |= 1 << lane;
        }
    }
    Some((u8::try_from(ctrl.lanes).ok()?, written))
}
