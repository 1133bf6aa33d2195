//! The disassembler: [`Instr`] → canonical text (see the [module docs](super) for the
//! canonical form). `Display` writes it; [`disassemble`] returns it in a fixed-size string.

use core::fmt::{self, Write};

use heapless::String;

use super::instr::*;
use crate::query::intel::InfoOp;

/// Capacity of [`disassemble`]'s string (the longest canonical line is well below it).
pub const DISASM_LEN: usize = 192;

/// The canonical text of an instruction.
pub fn disassemble(i: &Instr) -> String<DISASM_LEN> {
    let mut s = String::new();
    // Cannot overflow for any instruction the types can hold (longest ≈ 140 bytes).
    let _ = write!(s, "{i}");
    s
}

const XYZW_CHARS: [char; 4] = ['x', 'y', 'z', 'w'];
const RGBA_CHARS: [char; 4] = ['r', 'g', 'b', 'a'];

fn comp_char(set: &[char; 4], c: u8) -> char {
    set.get(usize::from(c)).copied().unwrap_or('?')
}

/// `.xyzw` elided, a replicated swizzle as one letter, else four letters.
fn swizzle(f: &mut fmt::Formatter<'_>, sw: Swizzle, set: &[char; 4]) -> fmt::Result {
    if sw == XYZW {
        return Ok(());
    }
    f.write_char('.')?;
    if sw.iter().all(|c| *c == sw[0]) {
        return f.write_char(comp_char(set, sw[0]));
    }
    for c in sw {
        f.write_char(comp_char(set, c))?;
    }
    Ok(())
}

impl fmt::Display for Reg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_rz() {
            f.write_str("RZ")
        } else {
            write!(f, "R{}", self.0)
        }
    }
}

impl fmt::Display for Pred {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_char('@')?;
        if self.negate {
            f.write_char('!')?;
        }
        if self.index >= 7 {
            f.write_str("PT")
        } else {
            write!(f, "P{}", self.index)
        }
    }
}

fn prefix(f: &mut fmt::Formatter<'_>, c: &NvCommon) -> fmt::Result {
    if c.pred != Pred::PT {
        write!(f, "{} ", c.pred)?;
    }
    Ok(())
}

fn suffix(f: &mut fmt::Formatter<'_>, c: &NvCommon) -> fmt::Result {
    if c.nodep {
        f.write_str(".NODEP")?;
    }
    match c.phase {
        Phase::None => Ok(()),
        Phase::T => f.write_str(".T"),
        Phase::P => f.write_str(".P"),
    }
}

fn tail(f: &mut fmt::Formatter<'_>, s: &Sched) -> fmt::Result {
    if let Some(v) = s.req {
        write!(f, " &req_{v}")?;
    }
    if let Some(v) = s.rd {
        write!(f, " &rd{v}")?;
    }
    if let Some(v) = s.wr {
        write!(f, " &wr{v}")?;
    }
    if let Some(h) = &s.hint {
        write!(f, " ?{h}")?;
    }
    f.write_char(';')
}

fn tex_index(f: &mut fmt::Formatter<'_>, t: &TexIndex) -> fmt::Result {
    if t.legacy {
        write!(f, "{}, {}", t.idx.tid(), t.idx.smp())
    } else {
        write!(f, "{}", t.idx.get())
    }
}

impl fmt::Display for NvTxq {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        prefix(f, &self.common)?;
        f.write_str("TXQ")?;
        if self.bindless {
            f.write_str(".B")?;
        }
        suffix(f, &self.common)?;
        write!(f, " {}, {}, {}, ", self.rd, self.ra, self.query.name())?;
        tex_index(f, &self.tex)?;
        write!(f, ", {:#x}", self.wmask)?;
        tail(f, &self.common.sched)
    }
}

impl fmt::Display for NvTld4s {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        prefix(f, &self.common)?;
        f.write_str("TLD4S")?;
        if self.f16 {
            f.write_str(".F16")?;
        }
        let comp = match self.comp {
            0 => ".R",
            1 => ".G",
            2 => ".B",
            3 => ".A",
            _ => ".?",
        };
        f.write_str(comp)?;
        if self.aoffi {
            f.write_str(".AOFFI")?;
        }
        if self.dc {
            f.write_str(".DC")?;
        }
        suffix(f, &self.common)?;
        write!(f, " {}, {}, {}, {}, {}", self.rd1, self.rd0, self.ra, self.rb, self.ts.get())?;
        tail(f, &self.common.sched)
    }
}

impl fmt::Display for NvTmml {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        prefix(f, &self.common)?;
        f.write_str("TMML")?;
        if self.bindless {
            f.write_str(".B")?;
        }
        f.write_str(".LOD")?;
        if self.ndv {
            f.write_str(".NDV")?;
        }
        suffix(f, &self.common)?;
        write!(f, " {}, {}, ", self.rd, self.ra)?;
        if let Some(rb) = self.rb {
            write!(f, "{rb}, ")?;
        }
        tex_index(f, &self.tex)?;
        write!(f, ", {}, {:#x}", self.desc.name(), self.wmask)?;
        tail(f, &self.common.sched)
    }
}

impl fmt::Display for TgsiDst {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TEMP[{}]", self.index)?;
        if self.mask & 0xF != 0xF {
            f.write_char('.')?;
            for (i, c) in XYZW_CHARS.iter().enumerate() {
                if self.mask & (1 << i) != 0 {
                    f.write_char(*c)?;
                }
            }
        }
        Ok(())
    }
}

impl fmt::Display for TgsiSrc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TgsiSrc::Reg { file, index, swizzle: sw } => {
                let name = match file {
                    SrcFile::Temp => "TEMP",
                    SrcFile::Imm => "IMM",
                };
                write!(f, "{name}[{index}]")?;
                swizzle(f, *sw, &XYZW_CHARS)
            }
            TgsiSrc::Literal(v) => write!(f, "{v:#010x}"),
        }
    }
}

impl fmt::Display for ViewRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SVIEW[{}]", self.index)?;
        swizzle(f, self.swizzle, &RGBA_CHARS)
    }
}

impl fmt::Display for OffsetRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "IMM[{}]", self.index)?;
        swizzle(f, self.swizzle, &XYZW_CHARS)
    }
}

fn target(f: &mut fmt::Formatter<'_>, t: Option<Target>) -> fmt::Result {
    match t {
        Some(t) => write!(f, ", {}", t.name()),
        None => Ok(()),
    }
}

fn offset(f: &mut fmt::Formatter<'_>, o: Option<OffsetRef>) -> fmt::Result {
    match o {
        Some(o) => write!(f, ", {o}"),
        None => Ok(()),
    }
}

impl fmt::Display for TgsiInstr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TgsiInstr::Imm { index, ty, values } => {
                let t = match ty {
                    ImmType::Flt32 => "FLT32",
                    ImmType::Uint32 => "UINT32",
                    ImmType::Int32 => "INT32",
                };
                write!(f, "IMM[{index}] {t} {{")?;
                for (i, v) in values.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    match ty {
                        ImmType::Flt32 => write!(f, "{v:#010x}")?,
                        ImmType::Uint32 => write!(f, "{v}")?,
                        ImmType::Int32 => write!(f, "{}", *v as i32)?,
                    }
                }
                f.write_char('}')
            }
            TgsiInstr::Tex { form, dst, src0, unit, target: t } => {
                let name = match form {
                    TexForm::Tex => "TEX",
                    TexForm::Txb => "TXB",
                    TexForm::Txl => "TXL",
                    TexForm::Txp => "TXP",
                    TexForm::Txd { .. } => "TXD",
                    TexForm::Tex2 { .. } => "TEX2",
                    TexForm::Txb2 { .. } => "TXB2",
                    TexForm::Txl2 { .. } => "TXL2",
                };
                write!(f, "{name} {dst}, {src0}, ")?;
                match form {
                    TexForm::Txd { ddx, ddy } => write!(f, "{ddx}, {ddy}, ")?,
                    TexForm::Tex2 { src1 } | TexForm::Txb2 { src1 } | TexForm::Txl2 { src1 } => write!(f, "{src1}, ")?,
                    _ => {}
                }
                write!(f, "SAMP[{unit}]")?;
                target(f, *t)
            }
            TgsiInstr::Txf { dst, src0, unit, target: t, offset: o } => {
                write!(f, "TXF {dst}, {src0}, SAMP[{unit}]")?;
                target(f, *t)?;
                offset(f, *o)
            }
            TgsiInstr::Txq { dst, src0, unit, target: t } => {
                write!(f, "TXQ {dst}, {src0}, SAMP[{unit}]")?;
                target(f, *t)
            }
            TgsiInstr::Sample { op, dst, addr, view, sampler, offset: o } => {
                let name = match op {
                    SampleOp::Sample => "SAMPLE",
                    SampleOp::B { .. } => "SAMPLE_B",
                    SampleOp::C { .. } => "SAMPLE_C",
                    SampleOp::CLz { .. } => "SAMPLE_C_LZ",
                    SampleOp::D { .. } => "SAMPLE_D",
                    SampleOp::L { .. } => "SAMPLE_L",
                };
                write!(f, "{name} {dst}, {addr}, {view}, SAMP[{sampler}]")?;
                match op {
                    SampleOp::Sample => {}
                    SampleOp::B { bias: s }
                    | SampleOp::C { reference: s }
                    | SampleOp::CLz { reference: s }
                    | SampleOp::L { lod: s } => write!(f, ", {s}")?,
                    SampleOp::D { ddx, ddy } => write!(f, ", {ddx}, {ddy}")?,
                }
                offset(f, *o)
            }
            TgsiInstr::SampleI { dst, addr, view } => write!(f, "SAMPLE_I {dst}, {addr}, {view}"),
            TgsiInstr::SampleIMs { dst, addr, view, sample } => {
                write!(f, "SAMPLE_I_MS {dst}, {addr}, {view}, {sample}")
            }
            TgsiInstr::Gather4 { dst, addr, view, sampler, offset: o } => {
                write!(f, "GATHER4 {dst}, {addr}, {view}, SAMP[{sampler}]")?;
                offset(f, *o)
            }
            TgsiInstr::SviewInfo { dst, lod, view } => write!(f, "SVIEWINFO {dst}, {lod}, {view}"),
            TgsiInstr::SamplePos { dst, index, view } => write!(f, "SAMPLE_POS {dst}, {index}, {view}"),
            TgsiInstr::SampleInfo { dst, view } => write!(f, "SAMPLE_INFO {dst}, {view}"),
            TgsiInstr::Load { dst, res, addr } => write!(f, "LOAD {dst}, RES[{res}], {addr}"),
            TgsiInstr::Store { res, addr, src } => write!(f, "STORE RES[{res}], {addr}, {src}"),
            TgsiInstr::Atomic { op, dst, res, addr, cmp, src } => {
                write!(f, "{} {dst}, RES[{res}], {addr}, ", op.name())?;
                if let Some(c) = cmp {
                    write!(f, "{c}, ")?;
                }
                write!(f, "{src}")
            }
        }
    }
}

impl fmt::Display for RawOperand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}", self.reg)?;
        if self.offset != 0 {
            write!(f, ".{}", self.offset)?;
        }
        Ok(())
    }
}

impl fmt::Display for IntelInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self.op {
            InfoOp::ResInfo => "RESINFO",
            InfoOp::SampleInfo => "SAMPLEINFO",
        };
        write!(f, "{name} ({}", self.exec.lanes)?;
        if self.exec.mask != 0 || self.exec.no_mask {
            write!(f, ", M{}", u32::from(self.exec.mask) + 1)?;
            if self.exec.no_mask {
                f.write_str("_NM")?;
            }
        }
        write!(f, ") T{}", self.surface)?;
        if let Some(l) = self.lod {
            write!(f, " {l}")?;
        }
        write!(f, " {}", self.dst)
    }
}

impl fmt::Display for Instr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Instr::Txq(i) => i.fmt(f),
            Instr::Tld4s(i) => i.fmt(f),
            Instr::Tmml(i) => i.fmt(f),
            Instr::Tgsi(i) => i.fmt(f),
            Instr::Intel(i) => i.fmt(f),
        }
    }
}
