//! Texture-unit operations ([`Op`]) and their results ([`Reply`]), with the `SUBMIT`
//! payload and completion-record encodings of [`crate::protocol`].
//!
//! One [`Op`] variant per op of the core; a new core op adds a variant, a row in
//! [`crate::protocol::OPS`] and an arm in [`Op::encode`] / [`Op::decode`] /
//! the soft backend. The result shapes are general enough for the sampling ops to come: a
//! 4-vector ([`Reply::Vec4`]), a SIMD destination ([`Reply::Lanes`]) or a rejected
//! instruction ([`Reply::Rejected`]).

use texcore::handle::{HandleSource, TsPtrIdx};
use texcore::query::intel::{ExecCtrl, InfoError};
use texcore::query::nv::TxqQuery;

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

/// One texture-unit operation with its operands.
///
/// TGSI views and Intel surfaces name a **header-pool pointer**: the device has one
/// descriptor pool, and a TGSI `SVIEW[n]` / Intel binding-table slot is resolved to a header
/// pointer by the caller (a pointer above the pool's `MaximumIndex` or past its capacity is
/// an unbound resource: zeros).
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

impl Op {
    /// Its op code ([`protocol::op`]).
    pub const fn code(&self) -> u8 {
        match self {
            Op::NvTxq { .. } => op::NV_TXQ,
            Op::TgsiTxq { .. } => op::TGSI_TXQ,
            Op::TgsiSviewinfo { .. } => op::TGSI_SVIEWINFO,
            Op::TgsiSampleInfo { .. } => op::TGSI_SAMPLE_INFO,
            Op::TgsiSamplePos { .. } => op::TGSI_SAMPLE_POS,
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
            _ => ResultShape::Vec4,
        }
    }

    /// Writes the `SUBMIT` payload into `out`; returns its length.
    pub fn encode(&self, out: &mut [u8; MAX_OP_LEN]) -> usize {
        let mut w = Writer { buf: out, at: 0 };
        match *self {
            Op::NvTxq { source, query, param } => {
                let (kind, handle) = match source {
                    HandleSource::ConstBank(idx) => (0u8, u32::from(idx.get())),
                    HandleSource::Bindless(word) => (1u8, word),
                };
                w.bytes(&[op::NV_TXQ, kind, query as u8, 0]);
                w.u32(handle);
                w.u32(param);
            }
            Op::TgsiTxq { view, lod } => {
                w.bytes(&[op::TGSI_TXQ, 0, 0, 0]);
                w.u32(view);
                w.u32(lod);
            }
            Op::TgsiSviewinfo { view, mip_level } => {
                w.bytes(&[op::TGSI_SVIEWINFO, 0, 0, 0]);
                w.u32(view);
                w.u32(mip_level);
            }
            Op::TgsiSampleInfo { view } => {
                w.bytes(&[op::TGSI_SAMPLE_INFO, 0, 0, 0]);
                w.u32(view);
            }
            Op::TgsiSamplePos { view, index } => {
                w.bytes(&[op::TGSI_SAMPLE_POS, 0, 0, 0]);
                w.u32(view);
                w.u32(index);
            }
            Op::IntelInfo { op: info_op, exec, exec_mask, surface, lod } => {
                w.bytes(&[op::INTEL_INFO, info_op, exec, 0]);
                w.u32(surface);
                w.u32(exec_mask);
                for l in lod {
                    w.u32(l);
                }
            }
        }
        w.at
    }

    /// Decodes a `SUBMIT` payload (device side). `Err` is the status to answer with:
    /// `ERR_UNSUPPORTED` (unknown op code), `ERR_BAD_LEN`, `ERR_BAD_VALUE` (reserved byte set,
    /// unknown source kind or query code, constant-bank index above 13 bits).
    pub fn decode(payload: &[u8]) -> Result<Op, u8> {
        let code = *payload.first().ok_or(status::ERR_BAD_LEN)?;
        let def = protocol::op_def(code).ok_or(status::ERR_UNSUPPORTED)?;
        if payload.len() != usize::from(def.len) {
            return Err(status::ERR_BAD_LEN);
        }
        let byte = |i: usize| payload.get(i).copied().ok_or(status::ERR_BAD_LEN);
        let word = |i: usize| read_u32(payload, 4 + 4 * i).ok_or(status::ERR_BAD_LEN);
        let reserved_zero = |from: usize| -> Result<(), u8> {
            for i in from..4 {
                if byte(i)? != 0 {
                    return Err(status::ERR_BAD_VALUE);
                }
            }
            Ok(())
        };
        Ok(match code {
            op::NV_TXQ => {
                reserved_zero(3)?;
                let query = TxqQuery::from_code(byte(2)?.into()).ok_or(status::ERR_BAD_VALUE)?;
                let handle = word(0)?;
                let source = match byte(1)? {
                    0 => {
                        let idx = u16::try_from(handle).ok().and_then(TsPtrIdx::new);
                        HandleSource::ConstBank(idx.ok_or(status::ERR_BAD_VALUE)?)
                    }
                    1 => HandleSource::Bindless(handle),
                    _ => return Err(status::ERR_BAD_VALUE),
                };
                Op::NvTxq { source, query, param: word(1)? }
            }
            op::TGSI_TXQ => {
                reserved_zero(1)?;
                Op::TgsiTxq { view: word(0)?, lod: word(1)? }
            }
            op::TGSI_SVIEWINFO => {
                reserved_zero(1)?;
                Op::TgsiSviewinfo { view: word(0)?, mip_level: word(1)? }
            }
            op::TGSI_SAMPLE_INFO => {
                reserved_zero(1)?;
                Op::TgsiSampleInfo { view: word(0)? }
            }
            op::TGSI_SAMPLE_POS => {
                reserved_zero(1)?;
                Op::TgsiSamplePos { view: word(0)?, index: word(1)? }
            }
            op::INTEL_INFO => {
                reserved_zero(3)?;
                let mut lod = [0u32; 16];
                for (i, l) in lod.iter_mut().enumerate() {
                    *l = word(2 + i)?;
                }
                Op::IntelInfo { op: byte(1)?, exec: byte(2)?, exec_mask: word(1)?, surface: word(0)?, lod }
            }
            _ => return Err(status::ERR_UNSUPPORTED),
        })
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
}

/// Why an instruction was rejected (the core's typed error; nothing is written).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum Rejection {
    /// Intel `INFO`: malformed Op / Exec_size byte or misaligned mask.
    Info(InfoError),
}

impl Rejection {
    /// `(kind, detail0, detail1)` of the completion record.
    pub const fn encode(self) -> (u8, u8, u8) {
        match self {
            Rejection::Info(InfoError::Op(x)) => (reject::INFO_OP, x, 0),
            Rejection::Info(InfoError::ExecSize(x)) => (reject::INFO_EXEC_SIZE, x, 0),
            Rejection::Info(InfoError::MaskAlignment { lanes, mask }) => (reject::INFO_MASK_ALIGNMENT, lanes, mask),
        }
    }

    /// Inverse of [`encode`](Self::encode); `None` for an unknown kind or a detail byte that
    /// must be zero but is not.
    pub const fn decode(kind: u8, d0: u8, d1: u8) -> Option<Rejection> {
        match (kind, d1) {
            (reject::INFO_OP, 0) => Some(Rejection::Info(InfoError::Op(d0))),
            (reject::INFO_EXEC_SIZE, 0) => Some(Rejection::Info(InfoError::ExecSize(d0))),
            (reject::INFO_MASK_ALIGNMENT, _) => {
                Some(Rejection::Info(InfoError::MaskAlignment { lanes: d0, mask: d1 }))
            }
            _ => None,
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
/// A `Lanes` reply is 260 bytes, the others 16: the size is kept (no heap to box into), so a
/// `Reply` costs 264 bytes of stack wherever it is held.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Reply {
    /// A 4-vector (R, G, B, A).
    Vec4([u32; 4]),
    /// A SIMD destination (Intel `INFO`).
    Lanes(LaneReply),
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

    /// The completion record and the number of result words the device holds for it.
    pub fn completion(&self) -> Completion {
        match self {
            Reply::Vec4(_) => Completion { outcome: outcome::DONE, kind: 0, detail: [0, 0], written: 1, words: 4 },
            Reply::Lanes(l) => Completion {
                outcome: outcome::DONE,
                kind: 0,
                detail: [0, 0],
                written: l.written,
                words: l.lanes.saturating_mul(4),
            },
            Reply::Rejected(r) => {
                let (kind, d0, d1) = r.encode();
                Completion { outcome: outcome::REJECTED, kind, detail: [d0, d1], written: 0, words: 0 }
            }
        }
    }

    /// The result words (the result buffer's content): 4, `lanes × 4` or none.
    pub fn words(&self) -> &[u32] {
        match self {
            Reply::Vec4(v) => v,
            Reply::Lanes(l) => l.dst.get(..usize::from(l.lanes) * 4).unwrap_or(&[]),
            Reply::Rejected(_) => &[],
        }
    }
}

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
    /// Lanes written (1 for a 4-vector op, 0 when rejected).
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
