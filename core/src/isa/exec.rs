//! The executor: runs an [`Instr`] on a [`Machine`] (register files of a 2×2 quad, lane
//! masks) against an [`Env`] (pools, constant bank, binding tables, texel memory).
//!
//! Every instruction is first checked with [`Instr::validate`] (the source documents' register rules);
//! a broken rule is [`ExecError::Rule`] and nothing is executed. Then the op runs; an error of
//! the op ([`SampleError`], [`GatherError`], …) also leaves every register untouched — results
//! are computed for all lanes before any is written. See the [module docs](super) for the
//! lane rules and the binding tables.

use core::fmt;

use super::instr::*;
use crate::descriptor::{SamplerHeader, TextureHeader};
use crate::fp::F16Rounding;
use crate::handle::{Bindings, HandleSource, Invalid};
use crate::memory::TexelMemoryMut;
use crate::op::fetch::{FetchBinding, FetchError};
use crate::op::gather::{gather4, tld4s, GatherError, Tld4sMods, Tld4sOperands};
use crate::op::resource::{atomic, load, store, ResourceError};
use crate::op::sample::{self, tex_family, SampleError, TexOperands};
use crate::op::tmml::tmml;
use crate::output::{decimate, wmask_count};
use crate::query::intel::{info, InfoError};
use crate::query::{nv, tgsi};

/// Lanes of a quad: 0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right.
pub const LANES: usize = 4;
/// NVIDIA register slots per lane (R0 … R254 and the RZ slot, which always reads 0).
pub const NV_REGS: usize = 256;
/// Dwords in the Intel GRF file.
pub const GRF_TOTAL_DWORDS: usize = GRF_REGS * GRF_DWORDS;

/// A register operand named in a rule error.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Operand {
    /// `Rd`.
    Rd,
    /// TLD4S `Rd0`.
    Rd0,
    /// TLD4S `Rd1`.
    Rd1,
    /// `Ra`.
    Ra,
    /// `Rb`.
    Rb,
}

/// A rule of the source documents an instruction breaks (checked before execution; nothing is written).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum RuleError {
    /// The operand must be aligned to `align` registers (its number a multiple of `align`).
    Misaligned {
        /// Which operand.
        operand: Operand,
        /// Its register number.
        reg: u8,
        /// Required alignment (1, 2 or 4).
        align: u8,
    },
    /// `RZ` where the source document forbids it (TXQ `Ra` with parameters, TLD4S `Ra`/`Rb`, TMML `Ra`
    /// and `.B` `Rb`).
    Rz {
        /// Which operand.
        operand: Operand,
    },
    /// The operand's `count` consecutive registers run past `R254`.
    Range {
        /// Which operand.
        operand: Operand,
        /// First register.
        reg: u8,
        /// Registers needed.
        count: u8,
    },
    /// TLD4S `Rd0` and `Rd1` overlap.
    Overlap,
    /// `TMML.B` without `Rb` (the handle register).
    MissingRb,
    /// `Rb` given to `TMML` without `.B`.
    UnexpectedRb,
    /// A field outside its encoding (only a hand-built instruction can have one): the name.
    Field(&'static str),
    /// A TGSI `TEMP`/`IMM` index past the register file.
    TgsiIndex {
        /// The file.
        file: SrcFile,
        /// The index.
        index: u8,
    },
    /// An Intel raw operand runs past the GRF file (`dwords` needed from `reg.offset`).
    Grf {
        /// Register.
        reg: u8,
        /// Byte offset.
        offset: u16,
        /// Dwords the operand needs.
        dwords: u16,
    },
    /// `RESINFO` without its LOD operand, or `SAMPLEINFO` with one.
    IntelOperands,
}

/// Why an instruction did not execute.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum ExecError {
    /// A register rule of the source documents (see the module docs' rule table).
    Rule(RuleError),
    /// The sampling op rejected the request.
    Sample(SampleError),
    /// The gather op (GATHER4, TLD4S) rejected the request.
    Gather(GatherError),
    /// The fetch op (TXF, SAMPLE_I, SAMPLE_I_MS) rejected the request.
    Fetch(FetchError),
    /// STORE / atomics rejected the request.
    Resource(ResourceError),
    /// Intel INFO rejected the Op / Exec_size byte.
    Info(InfoError),
}

impl From<RuleError> for ExecError {
    fn from(e: RuleError) -> Self {
        ExecError::Rule(e)
    }
}

impl fmt::Display for Operand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Operand::Rd => "Rd",
            Operand::Rd0 => "Rd0",
            Operand::Rd1 => "Rd1",
            Operand::Ra => "Ra",
            Operand::Rb => "Rb",
        })
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleError::Misaligned { operand, reg, align } => {
                write!(f, "{operand} = {} is not aligned to {align} registers", Reg(*reg))
            }
            RuleError::Rz { operand } => write!(f, "{operand} cannot be RZ here"),
            RuleError::Range { operand, reg, count } => {
                write!(f, "{operand} = {} needs {count} registers, past R254", Reg(*reg))
            }
            RuleError::Overlap => f.write_str("Rd0 and Rd1 overlap"),
            RuleError::MissingRb => f.write_str("TMML.B needs Rb (the bindless handle)"),
            RuleError::UnexpectedRb => f.write_str("Rb is only used with .B"),
            RuleError::Field(name) => write!(f, "{name} outside its encoding"),
            RuleError::TgsiIndex { file, index } => {
                let n = match file {
                    SrcFile::Temp => "TEMP",
                    SrcFile::Imm => "IMM",
                };
                write!(f, "{n}[{index}] is past the register file")
            }
            RuleError::Grf { reg, offset, dwords } => {
                write!(f, "raw operand r{reg}.{offset} ({dwords} dwords) runs past the GRF")
            }
            RuleError::IntelOperands => f.write_str("RESINFO needs a LOD operand, SAMPLEINFO has none"),
        }
    }
}

impl fmt::Display for ExecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExecError::Rule(r) => write!(f, "rule: {r}"),
            ExecError::Sample(e) => write!(f, "sample op rejected the request: {e:?}"),
            ExecError::Gather(e) => write!(f, "gather op rejected the request: {e:?}"),
            ExecError::Fetch(e) => write!(f, "fetch op rejected the request: {e:?}"),
            ExecError::Resource(e) => write!(f, "resource op rejected the request: {e:?}"),
            ExecError::Info(e) => write!(f, "INFO rejected the instruction: {e:?}"),
        }
    }
}

// ------------------------------------------------------------------ validation

/// Alignment of an operand of `count` registers: 1, 2, and **4 for 3 or 4** (a vec3 occupies
/// a vec4-aligned group, as register allocators for these ISAs place it).
pub const fn alignment(count: u8) -> u8 {
    match count {
        0 | 1 => 1,
        2 => 2,
        _ => 4,
    }
}

/// Checks `count` consecutive registers starting at `r` (nothing to check for 0).
fn regs(operand: Operand, r: Reg, count: u8, rz_ok: bool) -> Result<(), RuleError> {
    if count == 0 {
        return Ok(());
    }
    if r.is_rz() {
        return if rz_ok { Ok(()) } else { Err(RuleError::Rz { operand }) };
    }
    let align = alignment(count);
    if !r.0.is_multiple_of(align) {
        return Err(RuleError::Misaligned { operand, reg: r.0, align });
    }
    if u16::from(r.0) + u16::from(count) - 1 > 254 {
        return Err(RuleError::Range { operand, reg: r.0, count });
    }
    Ok(())
}

fn common(c: &NvCommon) -> Result<(), RuleError> {
    if c.pred.index > 7 {
        return Err(RuleError::Field("predicate index"));
    }
    if c.sched.req.is_some_and(|v| v > 63) {
        return Err(RuleError::Field("&req"));
    }
    if c.sched.rd.is_some_and(|v| v > 7) || c.sched.wr.is_some_and(|v| v > 7) {
        return Err(RuleError::Field("&rd/&wr barrier"));
    }
    Ok(())
}

fn wmask(w: u8) -> Result<u8, RuleError> {
    if w > 0xF {
        Err(RuleError::Field("#wmskU04"))
    } else {
        Ok(wmask_count(w) as u8)
    }
}

fn tgsi_src(s: &TgsiSrc) -> Result<(), RuleError> {
    match s {
        TgsiSrc::Reg { file, index, swizzle } => {
            let n = match file {
                SrcFile::Temp => TEMPS,
                SrcFile::Imm => IMMS,
            };
            if usize::from(*index) >= n {
                return Err(RuleError::TgsiIndex { file: *file, index: *index });
            }
            if swizzle.iter().any(|c| *c > 3) {
                return Err(RuleError::Field("swizzle"));
            }
            Ok(())
        }
        TgsiSrc::Literal(_) => Ok(()),
    }
}

fn tgsi_dst(d: &TgsiDst) -> Result<(), RuleError> {
    if usize::from(d.index) >= TEMPS {
        return Err(RuleError::TgsiIndex { file: SrcFile::Temp, index: d.index });
    }
    if d.mask > 0xF {
        return Err(RuleError::Field("write mask"));
    }
    Ok(())
}

fn swz(s: &Swizzle) -> Result<(), RuleError> {
    if s.iter().any(|c| *c > 3) {
        Err(RuleError::Field("swizzle"))
    } else {
        Ok(())
    }
}

fn offset_ref(o: &Option<OffsetRef>) -> Result<(), RuleError> {
    match o {
        Some(o) => {
            if usize::from(o.index) >= IMMS {
                return Err(RuleError::TgsiIndex { file: SrcFile::Imm, index: o.index });
            }
            swz(&o.swizzle)
        }
        None => Ok(()),
    }
}

fn grf(r: &RawOperand, dwords: u16) -> Result<(), RuleError> {
    let ok = r.offset.is_multiple_of(4) && r.dword() + usize::from(dwords) <= GRF_TOTAL_DWORDS;
    if ok {
        Ok(())
    } else {
        Err(RuleError::Grf { reg: r.reg, offset: r.offset, dwords })
    }
}

impl Instr {
    /// Checks the source documents' register rules (module docs' rule table) and the field encodings.
    pub fn validate(&self) -> Result<(), RuleError> {
        match self {
            Instr::Txq(t) => {
                common(&t.common)?;
                let n = wmask(t.wmask)?;
                regs(Operand::Rd, t.rd, n, true)?;
                let params = u8::from(t.bindless) + u8::from(t.query.has_parameter());
                regs(Operand::Ra, t.ra, params, false)
            }
            Instr::Tld4s(t) => {
                common(&t.common)?;
                if t.comp > 3 {
                    return Err(RuleError::Field("component"));
                }
                let mods = Tld4sMods { comp: t.comp, aoffi: t.aoffi, dc: t.dc, f16: None };
                let (wa, wb) = Tld4sOperands::widths(mods);
                regs(Operand::Ra, t.ra, wa, false)?;
                regs(Operand::Rb, t.rb, wb, false)?;
                // Both destinations are vec2-aligned even with .F16 (one register each).
                let n = if t.f16 { 1 } else { 2 };
                for (op, r) in [(Operand::Rd0, t.rd0), (Operand::Rd1, t.rd1)] {
                    if r.is_rz() {
                        continue;
                    }
                    if !r.0.is_multiple_of(2) {
                        return Err(RuleError::Misaligned { operand: op, reg: r.0, align: 2 });
                    }
                    if u16::from(r.0) + u16::from(n) - 1 > 254 {
                        return Err(RuleError::Range { operand: op, reg: r.0, count: n });
                    }
                }
                if !t.rd0.is_rz() && !t.rd1.is_rz() && t.rd0.0.abs_diff(t.rd1.0) < n {
                    return Err(RuleError::Overlap);
                }
                Ok(())
            }
            Instr::Tmml(t) => {
                common(&t.common)?;
                let n = wmask(t.wmask)?;
                match (t.bindless, t.rb) {
                    (true, None) => return Err(RuleError::MissingRb),
                    (false, Some(_)) => return Err(RuleError::UnexpectedRb),
                    (true, Some(rb)) => regs(Operand::Rb, rb, 1, false)?,
                    (false, None) => {}
                }
                regs(Operand::Ra, t.ra, t.desc.registers() as u8, false)?;
                regs(Operand::Rd, t.rd, n, true)
            }
            Instr::Tgsi(t) => validate_tgsi(t),
            Instr::Intel(i) => {
                // ExecCtrl::to_byte would silently re-encode other values.
                if i.exec.lanes != 8 && i.exec.lanes != 16 {
                    return Err(RuleError::Field("execution size"));
                }
                if i.exec.mask > 7 {
                    return Err(RuleError::Field("execution mask"));
                }
                let n: u16 = if i.exec.lanes == 16 { 16 } else { 8 };
                match (i.op, i.lod) {
                    (crate::query::intel::InfoOp::ResInfo, Some(l)) => grf(&l, n)?,
                    (crate::query::intel::InfoOp::SampleInfo, None) => {}
                    _ => return Err(RuleError::IntelOperands),
                }
                grf(&i.dst, 4 * n)
            }
        }
    }
}

fn validate_tgsi(t: &TgsiInstr) -> Result<(), RuleError> {
    match t {
        TgsiInstr::Imm { index, .. } => {
            if usize::from(*index) >= IMMS {
                return Err(RuleError::TgsiIndex { file: SrcFile::Imm, index: *index });
            }
            Ok(())
        }
        TgsiInstr::Tex { form, dst, src0, .. } => {
            tgsi_dst(dst)?;
            tgsi_src(src0)?;
            if let Some((ddx, ddy)) = form.grads() {
                tgsi_src(&ddx)?;
                tgsi_src(&ddy)?;
            }
            match form.src1() {
                Some(src1) => tgsi_src(&src1),
                None => Ok(()),
            }
        }
        TgsiInstr::Txf { dst, src0, offset, .. } => {
            tgsi_dst(dst)?;
            tgsi_src(src0)?;
            offset_ref(offset)
        }
        TgsiInstr::Txq { dst, src0, .. } => {
            tgsi_dst(dst)?;
            tgsi_src(src0)
        }
        TgsiInstr::Sample { op, dst, addr, view, offset, .. } => {
            tgsi_dst(dst)?;
            tgsi_src(addr)?;
            swz(&view.swizzle)?;
            offset_ref(offset)?;
            match op {
                SampleOp::Sample => Ok(()),
                SampleOp::B { bias: s }
                | SampleOp::C { reference: s }
                | SampleOp::CLz { reference: s }
                | SampleOp::L { lod: s } => tgsi_src(s),
                SampleOp::D { ddx, ddy } => {
                    tgsi_src(ddx)?;
                    tgsi_src(ddy)
                }
            }
        }
        TgsiInstr::SampleI { dst, addr, view } => {
            tgsi_dst(dst)?;
            tgsi_src(addr)?;
            swz(&view.swizzle)
        }
        TgsiInstr::SampleIMs { dst, addr, view, sample } => {
            tgsi_dst(dst)?;
            tgsi_src(addr)?;
            tgsi_src(sample)?;
            swz(&view.swizzle)
        }
        TgsiInstr::Gather4 { dst, addr, view, offset, .. } => {
            tgsi_dst(dst)?;
            tgsi_src(addr)?;
            swz(&view.swizzle)?;
            offset_ref(offset)
        }
        TgsiInstr::SviewInfo { dst, lod: s, view } | TgsiInstr::SamplePos { dst, index: s, view } => {
            tgsi_dst(dst)?;
            tgsi_src(s)?;
            swz(&view.swizzle)
        }
        TgsiInstr::SampleInfo { dst, view } => {
            tgsi_dst(dst)?;
            swz(&view.swizzle)
        }
        TgsiInstr::Load { dst, addr, .. } => {
            tgsi_dst(dst)?;
            tgsi_src(addr)
        }
        TgsiInstr::Store { addr, src, .. } => {
            tgsi_src(addr)?;
            tgsi_src(src)
        }
        TgsiInstr::Atomic { dst, addr, cmp, src, op, .. } => {
            tgsi_dst(dst)?;
            tgsi_src(addr)?;
            tgsi_src(src)?;
            match (op, cmp) {
                (crate::op::resource::AtomicOp::Cas, Some(c)) => tgsi_src(c),
                (crate::op::resource::AtomicOp::Cas, None) => Err(RuleError::Field("ATOMCAS compare operand")),
                (_, Some(_)) => Err(RuleError::Field("compare operand (ATOMCAS only)")),
                (_, None) => Ok(()),
            }
        }
    }
}

// ------------------------------------------------------------------ machine

/// The register state of one quad (NVIDIA, TGSI) and one Intel SIMD thread, and the lane
/// masks. About 11 KiB: keep it in a `static` or on the heap on small targets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Machine {
    /// NVIDIA registers per lane; index 255 is `RZ` (always 0, writes dropped).
    pub r: [[u32; NV_REGS]; LANES],
    /// NVIDIA predicates per lane: bit `n` = `Pn` (n = 0 … 6); `PT` is always true.
    pub p: [u8; LANES],
    /// TGSI `TEMP[n]` per lane, components x, y, z, w.
    pub temp: [[[u32; 4]; TEMPS]; LANES],
    /// TGSI `IMM[n]` (shared by the lanes).
    pub imm: [[u32; 4]; IMMS],
    /// Intel GRF: `GRF_REGS` registers of 8 dwords, flattened (`r<n>` dword `d` at
    /// `n × 8 + d`).
    pub grf: [u32; GRF_TOTAL_DWORDS],
    /// Quad lanes that execute (bit `l` = lane `l`); others are neither read as results nor
    /// written (their registers still feed implicit derivatives).
    pub active: u8,
    /// Quad lanes that were killed (discarded): helper lanes. They execute and are written
    /// like active lanes, except by NVIDIA instructions with `.NODEP`.
    pub killed: u8,
    /// Intel dispatch (execution) mask: bit `n` = channel `n`.
    pub exec_mask: u32,
    /// `FP16_ROUNDING_MODE` for `TLD4S.F16` (a PRI register in NVIDIA's TLD4S).
    pub f16_rounding: F16Rounding,
}

impl Default for Machine {
    fn default() -> Self {
        Machine::new()
    }
}

impl Machine {
    /// All registers 0, every lane active, none killed, every Intel channel enabled,
    /// round-to-nearest-even F16.
    pub const fn new() -> Machine {
        Machine {
            r: [[0; NV_REGS]; LANES],
            p: [0; LANES],
            temp: [[[0; 4]; TEMPS]; LANES],
            imm: [[0; 4]; IMMS],
            grf: [0; GRF_TOTAL_DWORDS],
            active: 0xF,
            killed: 0,
            exec_mask: u32::MAX,
            f16_rounding: F16Rounding::NearestEven,
        }
    }

    /// NVIDIA register `r` of `lane` (`RZ` and lanes past 3 read 0).
    pub fn reg(&self, lane: usize, r: Reg) -> u32 {
        if r.is_rz() {
            return 0;
        }
        self.r.get(lane).and_then(|l| l.get(usize::from(r.0))).copied().unwrap_or(0)
    }

    /// Writes NVIDIA register `r` of `lane` (`RZ` drops the write).
    pub fn set_reg(&mut self, lane: usize, r: Reg, v: u32) {
        if r.is_rz() {
            return;
        }
        if let Some(slot) = self.r.get_mut(lane).and_then(|l| l.get_mut(usize::from(r.0))) {
            *slot = v;
        }
    }

    /// Register `base + k` of `lane` (0 when `base` is `RZ` or the index passes `R254`).
    fn reg_at(&self, lane: usize, base: Reg, k: u8) -> u32 {
        if base.is_rz() {
            return 0;
        }
        match base.0.checked_add(k) {
            Some(i) => self.reg(lane, Reg(i)),
            None => 0,
        }
    }

    fn set_reg_at(&mut self, lane: usize, base: Reg, k: usize, v: u32) {
        if base.is_rz() {
            return;
        }
        if let Some(i) = u8::try_from(usize::from(base.0) + k).ok().filter(|i| *i < 255) {
            self.set_reg(lane, Reg(i), v);
        }
    }

    /// Predicate `index` (0 … 6, 7 = `PT`) of `lane`.
    pub fn pred(&self, lane: usize, index: u8) -> bool {
        if index >= 7 {
            return true;
        }
        self.p.get(lane).is_some_and(|p| p & (1 << index) != 0)
    }

    /// Sets predicate `index` (0 … 6) of `lane`.
    pub fn set_pred(&mut self, lane: usize, index: u8, v: bool) {
        if index >= 7 {
            return;
        }
        if let Some(p) = self.p.get_mut(lane) {
            if v {
                *p |= 1 << index;
            } else {
                *p &= !(1 << index);
            }
        }
    }

    fn bit(mask: u8, lane: usize) -> bool {
        mask.checked_shr(lane as u32).is_some_and(|m| m & 1 == 1)
    }

    /// Whether an NVIDIA instruction writes `lane`: active, not killed under `.NODEP`, and
    /// its predicate true there.
    pub fn nv_writes(&self, lane: usize, c: &NvCommon) -> bool {
        Self::bit(self.active, lane)
            && !(c.nodep && Self::bit(self.killed, lane))
            && (self.pred(lane, c.pred.index) != c.pred.negate)
    }

    /// Whether a TGSI instruction writes `lane` (active lanes, helpers included).
    pub fn tgsi_writes(&self, lane: usize) -> bool {
        Self::bit(self.active, lane)
    }

    fn src_vec(&self, lane: usize, s: &TgsiSrc) -> [u32; 4] {
        match s {
            TgsiSrc::Literal(v) => [*v; 4],
            TgsiSrc::Reg { file, index, swizzle } => {
                let v = match file {
                    SrcFile::Temp => self.temp.get(lane).and_then(|t| t.get(usize::from(*index))),
                    SrcFile::Imm => self.imm.get(usize::from(*index)),
                }
                .copied()
                .unwrap_or([0; 4]);
                apply_swizzle(v, swizzle)
            }
        }
    }

    fn src_quad(&self, s: &TgsiSrc) -> [[u32; 4]; LANES] {
        core::array::from_fn(|l| self.src_vec(l, s))
    }

    fn scalars(&self, s: &TgsiSrc) -> [u32; LANES] {
        core::array::from_fn(|l| self.src_vec(l, s)[0])
    }

    fn write_dst(&mut self, d: &TgsiDst, res: &[[u32; 4]; LANES]) {
        for (lane, v) in res.iter().enumerate() {
            if !self.tgsi_writes(lane) {
                continue;
            }
            if let Some(reg) = self.temp.get_mut(lane).and_then(|t| t.get_mut(usize::from(d.index))) {
                for (c, (slot, val)) in reg.iter_mut().zip(v.iter()).enumerate() {
                    if d.mask & (1 << c) != 0 {
                        *slot = *val;
                    }
                }
            }
        }
    }

    fn offsets(&self, o: &Option<OffsetRef>) -> [i32; 3] {
        match o {
            Some(o) => {
                let v = apply_swizzle(self.imm.get(usize::from(o.index)).copied().unwrap_or([0; 4]), &o.swizzle);
                [v[0] as i32, v[1] as i32, v[2] as i32]
            }
            None => [0; 3],
        }
    }
}

fn apply_swizzle(v: [u32; 4], sw: &Swizzle) -> [u32; 4] {
    sw.map(|c| v.get(usize::from(c)).copied().unwrap_or(0))
}

// ------------------------------------------------------------------ environment

/// TGSI and Intel binding tables: each entry is a **pointer into the pools of
/// [`Bindings`]** — `sview`, `res`, `surface` into the texture-header pool, `samp` into the
/// sampler pool — so `MaximumIndex` and every validity rule of [`crate::handle`] apply. An
/// index past the end of a table is an unbound slot ([`Invalid::Unbound`]: zeros).
///
/// `TEX`-family instructions name a texture *unit* `SAMP[n]`: the texture is `sview[n]`
/// and the sampler `samp[n]` (Gallium binds one sampler view per unit).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Tables<'a> {
    /// `SVIEW[n]` → header pool pointer.
    pub sview: &'a [u32],
    /// `SAMP[n]` → sampler pool pointer.
    pub samp: &'a [u32],
    /// `RES[n]` → header pool pointer.
    pub res: &'a [u32],
    /// Intel surface (binding-table index) → header pool pointer.
    pub surface: &'a [u32],
}

/// What an instruction runs against: the NVIDIA bindings (pools, binding mode, constant
/// bank), the TGSI/Intel tables and texel memory (mutable for STORE and atomics).
pub struct Env<'a, M: ?Sized> {
    /// Pools, binding mode, constant bank.
    pub bindings: Bindings<'a>,
    /// Binding tables.
    pub tables: Tables<'a>,
    /// Texel memory.
    pub mem: &'a mut M,
}

fn header(b: &Bindings<'_>, table: &[u32], i: u8) -> Result<TextureHeader, Invalid> {
    let p = table.get(usize::from(i)).ok_or(Invalid::Unbound(u32::from(i)))?;
    b.headers.header(*p)
}

fn sampler_hdr(b: &Bindings<'_>, table: &[u32], i: u8) -> Result<SamplerHeader, Invalid> {
    let p = table.get(usize::from(i)).ok_or(Invalid::Unbound(u32::from(i)))?;
    b.samplers.sampler(*p)
}

fn r<T>(v: &Result<T, Invalid>) -> Result<&T, Invalid> {
    v.as_ref().map_err(|e| *e)
}

// ------------------------------------------------------------------ execution

/// Runs one instruction. On `Err` nothing was written (registers and memory).
pub fn execute<M: TexelMemoryMut + ?Sized>(m: &mut Machine, env: &mut Env<'_, M>, i: &Instr) -> Result<(), ExecError> {
    i.validate()?;
    match i {
        Instr::Txq(t) => {
            let mut out: [Option<[u32; 4]>; LANES] = [None; LANES];
            // The texture resolved once per handle: once for the quad from the constant
            // bank, and again only where a lane's bindless handle differs from the last.
            let mut resolved: Option<(HandleSource, nv::TxqBinding)> = None;
            for (lane, o) in out.iter_mut().enumerate() {
                if !m.nv_writes(lane, &t.common) {
                    continue;
                }
                // .B: handle in Ra+0, parameter in Ra+1; otherwise the parameter is
                // compacted upwards into Ra+0.
                let (source, k) = if t.bindless {
                    (HandleSource::Bindless(m.reg_at(lane, t.ra, 0)), 1)
                } else {
                    (HandleSource::ConstBank(t.tex.idx), 0)
                };
                let param = if t.query.has_parameter() { m.reg_at(lane, t.ra, k) } else { 0 };
                if resolved.as_ref().map(|(s, _)| *s) != Some(source) {
                    resolved = Some((source, nv::TxqBinding::new(&env.bindings, source)));
                }
                *o = resolved.as_ref().map(|(_, texture)| texture.txq(t.query, param));
            }
            for (lane, o) in out.iter().enumerate() {
                if let Some(v) = o {
                    for (k, w) in decimate(*v, t.wmask).iter().enumerate() {
                        m.set_reg_at(lane, t.rd, k, *w);
                    }
                }
            }
            Ok(())
        }
        Instr::Tld4s(t) => {
            let mods = Tld4sMods { comp: t.comp, aoffi: t.aoffi, dc: t.dc, f16: t.f16.then_some(m.f16_rounding) };
            let (wa, wb) = Tld4sOperands::widths(mods);
            let mut out = [None; LANES];
            for (lane, o) in out.iter_mut().enumerate() {
                if !m.nv_writes(lane, &t.common) {
                    continue;
                }
                let two =
                    |base: Reg, w: u8| [m.reg_at(lane, base, 0), if w == 2 { m.reg_at(lane, base, 1) } else { 0 }];
                let ops = Tld4sOperands::unpack(mods, two(t.ra, wa), two(t.rb, wb));
                let res = tld4s(&env.bindings, HandleSource::ConstBank(t.ts), &*env.mem, mods, ops)
                    .map_err(ExecError::Gather)?;
                *o = Some(res);
            }
            for (lane, o) in out.iter().enumerate() {
                if let Some(res) = o {
                    let n = usize::from(res.count).min(2);
                    for (k, w) in res.rd0.iter().take(n).enumerate() {
                        m.set_reg_at(lane, t.rd0, k, *w);
                    }
                    for (k, w) in res.rd1.iter().take(n).enumerate() {
                        m.set_reg_at(lane, t.rd1, k, *w);
                    }
                }
            }
            Ok(())
        }
        Instr::Tmml(t) => {
            let n = t.desc.registers() as u8;
            // Every lane's coordinates feed the quad's derivatives, written or not.
            let ra: [[u32; 4]; LANES] = core::array::from_fn(|lane| {
                core::array::from_fn(|k| if (k as u8) < n { m.reg_at(lane, t.ra, k as u8) } else { 0 })
            });
            let shared = match (t.bindless, t.rb) {
                (false, _) => Some(tmml(&env.bindings, HandleSource::ConstBank(t.tex.idx), t.desc, &ra)),
                _ => None,
            };
            let mut out = [None; LANES];
            for (lane, o) in out.iter_mut().enumerate() {
                if !m.nv_writes(lane, &t.common) {
                    continue;
                }
                let v = match (&shared, t.rb) {
                    (Some(s), _) => s.get(lane).copied().unwrap_or([0; 4]),
                    (None, Some(rb)) => {
                        let h = HandleSource::Bindless(m.reg(lane, rb));
                        tmml(&env.bindings, h, t.desc, &ra).get(lane).copied().unwrap_or([0; 4])
                    }
                    (None, None) => [0; 4],
                };
                *o = Some(v);
            }
            for (lane, o) in out.iter().enumerate() {
                if let Some(v) = o {
                    for (k, w) in decimate(*v, t.wmask).iter().enumerate() {
                        m.set_reg_at(lane, t.rd, k, *w);
                    }
                }
            }
            Ok(())
        }
        Instr::Tgsi(t) => exec_tgsi(m, env, t),
        Instr::Intel(i) => {
            let surface = header(&env.bindings, env.tables.surface, i.surface);
            let n = if i.exec.lanes == 16 { 16 } else { 8 };
            let mut lod = [0u32; 16];
            if let Some(l) = i.lod {
                for (k, slot) in lod.iter_mut().enumerate().take(n) {
                    *slot = m.grf.get(l.dword() + k).copied().unwrap_or(0);
                }
            }
            let base = i.dst.dword();
            let mut dst = [0u32; 64];
            for (k, slot) in dst.iter_mut().enumerate().take(4 * n) {
                *slot = m.grf.get(base + k).copied().unwrap_or(0);
            }
            info(i.op as u8, i.exec.to_byte(), m.exec_mask, r(&surface), &lod, &mut dst).map_err(ExecError::Info)?;
            for (k, v) in dst.iter().enumerate().take(4 * n) {
                if let Some(slot) = m.grf.get_mut(base + k) {
                    *slot = *v;
                }
            }
            Ok(())
        }
    }
}

fn exec_tgsi<M: TexelMemoryMut + ?Sized>(
    m: &mut Machine,
    env: &mut Env<'_, M>,
    t: &TgsiInstr,
) -> Result<(), ExecError> {
    let b = env.bindings;
    let tb = env.tables;
    let per_lane = |m: &Machine,
                    f: &mut dyn FnMut(usize) -> Result<[u32; 4], ExecError>|
     -> Result<[[u32; 4]; LANES], ExecError> {
        let mut out = [[0u32; 4]; LANES];
        for (lane, o) in out.iter_mut().enumerate() {
            if m.tgsi_writes(lane) {
                *o = f(lane)?;
            }
        }
        Ok(out)
    };
    match t {
        TgsiInstr::Imm { index, values, .. } => {
            if let Some(slot) = m.imm.get_mut(usize::from(*index)) {
                *slot = *values;
            }
        }
        TgsiInstr::Tex { form, dst, src0, unit, target } => {
            let view = header(&b, tb.sview, *unit);
            let samp = sampler_hdr(&b, tb.samp, *unit);
            let s0 = m.src_quad(src0);
            let src1 = form.src1().map(|s| m.src_quad(&s));
            let grads = form.grads().map(|(x, y)| (m.src_quad(&x), m.src_quad(&y)));
            let core_op = form.op();
            let shadow = target.is_some_and(|t| t.is_shadow());
            let ops = TexOperands { src0: &s0, src1: src1.as_ref(), grads: grads.as_ref().map(|(a, b)| (a, b)) };
            let res = tex_family(core_op, shadow, r(&view), r(&samp), &*env.mem, ops).map_err(ExecError::Sample)?;
            m.write_dst(dst, &res);
        }
        TgsiInstr::Txf { dst, src0, unit, offset, .. } => {
            let view = header(&b, tb.sview, *unit);
            let off = m.offsets(offset);
            // The view validated once for the lanes, as a texture unit decodes it once per quad.
            let fb = FetchBinding::new(r(&view));
            let res = per_lane(m, &mut |lane| {
                let c = m.src_vec(lane, src0).map(|v| v as i32);
                fb.txf(&*env.mem, c, off).map_err(ExecError::Fetch)
            })?;
            m.write_dst(dst, &res);
        }
        TgsiInstr::Txq { dst, src0, unit, .. } => {
            let view = header(&b, tb.sview, *unit);
            let lod = m.scalars(src0);
            let res = per_lane(m, &mut |lane| Ok(tgsi::txq(r(&view), lod.get(lane).copied().unwrap_or(0))))?;
            m.write_dst(dst, &res);
        }
        TgsiInstr::Sample { op, dst, addr, view, sampler, offset } => {
            let v = header(&b, tb.sview, view.index);
            let s = sampler_hdr(&b, tb.samp, *sampler);
            let a = m.src_quad(addr);
            let off = m.offsets(offset);
            let mem = &*env.mem;
            let res = match op {
                SampleOp::Sample => sample::sample(r(&v), r(&s), mem, &a, off),
                SampleOp::B { bias } => sample::sample_b(r(&v), r(&s), mem, &a, m.scalars(bias), off),
                SampleOp::C { reference } => sample::sample_c(r(&v), r(&s), mem, &a, m.scalars(reference), off),
                SampleOp::CLz { reference } => sample::sample_c_lz(r(&v), r(&s), mem, &a, m.scalars(reference), off),
                SampleOp::L { lod } => sample::sample_l(r(&v), r(&s), mem, &a, m.scalars(lod), off),
                SampleOp::D { ddx, ddy } => {
                    sample::sample_d(r(&v), r(&s), mem, &a, &m.src_quad(ddx), &m.src_quad(ddy), off)
                }
            }
            .map_err(ExecError::Sample)?;
            m.write_dst(dst, &res.map(|x| apply_swizzle(x, &view.swizzle)));
        }
        TgsiInstr::SampleI { dst, addr, view } => {
            let v = header(&b, tb.sview, view.index);
            let fb = FetchBinding::new(r(&v));
            let res = per_lane(m, &mut |lane| fb.sample_i(&*env.mem, m.src_vec(lane, addr)).map_err(ExecError::Fetch))?;
            m.write_dst(dst, &res.map(|x| apply_swizzle(x, &view.swizzle)));
        }
        TgsiInstr::SampleIMs { dst, addr, view, sample } => {
            let v = header(&b, tb.sview, view.index);
            let smp = m.scalars(sample);
            let fb = FetchBinding::new(r(&v));
            let res = per_lane(m, &mut |lane| {
                fb.sample_i_ms(&*env.mem, m.src_vec(lane, addr), smp.get(lane).copied().unwrap_or(0))
                    .map_err(ExecError::Fetch)
            })?;
            m.write_dst(dst, &res.map(|x| apply_swizzle(x, &view.swizzle)));
        }
        TgsiInstr::Gather4 { dst, addr, view, sampler, offset } => {
            let v = header(&b, tb.sview, view.index);
            let s = sampler_hdr(&b, tb.samp, *sampler);
            let [ox, oy, _] = m.offsets(offset);
            let res = gather4(r(&v), r(&s), &*env.mem, &m.src_quad(addr), view.swizzle[0], [ox, oy], None)
                .map_err(ExecError::Gather)?;
            m.write_dst(dst, &res);
        }
        TgsiInstr::SviewInfo { dst, lod, view } => {
            let v = header(&b, tb.sview, view.index);
            let l = m.scalars(lod);
            let res = per_lane(m, &mut |lane| Ok(tgsi::sviewinfo(r(&v), l.get(lane).copied().unwrap_or(0))))?;
            m.write_dst(dst, &res.map(|x| apply_swizzle(x, &view.swizzle)));
        }
        TgsiInstr::SamplePos { dst, index, view } => {
            let v = header(&b, tb.sview, view.index);
            let idx = m.scalars(index);
            let res = per_lane(m, &mut |lane| Ok(tgsi::sample_pos(r(&v), idx.get(lane).copied().unwrap_or(0))))?;
            m.write_dst(dst, &res.map(|x| apply_swizzle(x, &view.swizzle)));
        }
        TgsiInstr::SampleInfo { dst, view } => {
            let v = header(&b, tb.sview, view.index);
            let res = per_lane(m, &mut |_| Ok(tgsi::sample_info(r(&v))))?;
            m.write_dst(dst, &res.map(|x| apply_swizzle(x, &view.swizzle)));
        }
        TgsiInstr::Load { dst, res, addr } => {
            let h = header(&b, tb.res, *res);
            let out = per_lane(m, &mut |lane| Ok(load(r(&h), &*env.mem, m.src_vec(lane, addr))))?;
            m.write_dst(dst, &out);
        }
        TgsiInstr::Store { res, addr, src } => {
            let h = header(&b, tb.res, *res);
            for lane in 0..LANES {
                if m.tgsi_writes(lane) {
                    store(r(&h), env.mem, m.src_vec(lane, addr), m.src_vec(lane, src)).map_err(ExecError::Resource)?;
                }
            }
        }
        TgsiInstr::Atomic { op, dst, res, addr, cmp, src } => {
            let h = header(&b, tb.res, *res);
            // Lanes are applied one after another in lane order (0 … 3).
            let mut out = [[0u32; 4]; LANES];
            for (lane, o) in out.iter_mut().enumerate() {
                if m.tgsi_writes(lane) {
                    let c = cmp.as_ref().map_or([0; 4], |c| m.src_vec(lane, c));
                    *o = atomic(*op, r(&h), env.mem, m.src_vec(lane, addr), m.src_vec(lane, src), c)
                        .map_err(ExecError::Resource)?;
                }
            }
            m.write_dst(dst, &out);
        }
    }
    Ok(())
}

/// Runs instructions in order; stops at the first error with its position in the sequence.
pub fn run<'i, M: TexelMemoryMut + ?Sized>(
    m: &mut Machine,
    env: &mut Env<'_, M>,
    program: impl IntoIterator<Item = &'i Instr>,
) -> Result<(), (usize, ExecError)> {
    for (n, i) in program.into_iter().enumerate() {
        execute(m, env, i).map_err(|e| (n, e))?;
    }
    Ok(())
}
