//! Target `isa`: the executor of `texcore::isa` on instructions assembled from text or built
//! by hand (every field arbitrary), against generated pools, binding tables, texel memory
//! and register state.
//!
//! Checks, besides "no panic": an instruction the executor rejects leaves every register,
//! predicate, TGSI and Intel register and the texel memory untouched; an instruction whose
//! rules fail ([`Instr::validate`]) is rejected; assembled instructions round-trip through
//! the disassembler; executing is deterministic (the same state gives the same result).

use texcore::handle::{Bindings, Pool, SamplerBinding, TsPtrIdx};
use texcore::isa::{
    execute, Env, ExecError, ImmType, Instr, IntelInfo, Machine, NvCommon, NvTld4s, NvTmml, NvTxq, OffsetRef, Phase,
    Pred, RawOperand, Reg, SampleOp, Sched, SrcFile, Target, TexIndex, TexForm, TgsiDst, TgsiInstr, TgsiSrc, ViewRef,
    GRF_TOTAL_DWORDS, IMMS, LANES, TEMPS,
};
use texcore::op::resource::AtomicOp;
use texcore::op::tmml::CoordDesc;
use texcore::query::intel::{ExecCtrl, InfoOp};
use texcore::query::nv::TxqQuery;

use crate::gen;
use crate::input::Reader;

fn reg(r: &mut Reader<'_>) -> Reg {
    let s = r.u8();
    Reg(match s {
        0..=191 => s % 16,
        192..=223 => 255,
        224..=239 => 250 + s % 6,
        _ => r.u8(),
    })
}

fn small(r: &mut Reader<'_>, n: u8) -> u8 {
    let s = r.u8();
    if s < gen::RAW {
        s % n
    } else {
        r.u8()
    }
}

fn opt<T>(r: &mut Reader<'_>, f: impl FnOnce(&mut Reader<'_>) -> T) -> Option<T> {
    if r.bool() {
        Some(f(r))
    } else {
        None
    }
}

fn common(r: &mut Reader<'_>) -> NvCommon {
    let flags = r.u8();
    let pred = if flags & 1 == 1 { Pred { index: small(r, 8), negate: r.bool() } } else { Pred::PT };
    let phase = [Phase::None, Phase::None, Phase::T, Phase::P][usize::from(flags >> 1 & 3)];
    let mut sched = Sched::default();
    if flags & 8 == 8 {
        sched.req = opt(r, |r| small(r, 70));
        sched.rd = opt(r, |r| small(r, 9));
        sched.wr = opt(r, |r| small(r, 9));
        sched.hint = opt(r, |r| {
            let names = ["a", "name", "sixteen_chars_ab", "x y", "é", "", "0"];
            let mut s = heapless::String::new();
            let _ = s.push_str(names[r.below(names.len())]);
            s
        });
    }
    NvCommon { pred, nodep: flags & 16 == 16, phase, sched }
}

fn ts(r: &mut Reader<'_>) -> TsPtrIdx {
    TsPtrIdx::new(r.u16() & 0x1FFF).unwrap_or_default()
}

fn tex_index(r: &mut Reader<'_>) -> TexIndex {
    TexIndex { idx: ts(r), legacy: r.bool() }
}

fn swz(r: &mut Reader<'_>) -> [u8; 4] {
    let s = r.u8();
    if s < gen::RAW {
        [s & 3, s >> 2 & 3, s >> 4 & 3, s >> 6 & 3]
    } else {
        [r.u8(), r.u8(), r.u8(), r.u8()]
    }
}

fn dst(r: &mut Reader<'_>) -> TgsiDst {
    TgsiDst { index: small(r, 34), mask: small(r, 16) }
}

fn src(r: &mut Reader<'_>) -> TgsiSrc {
    if r.u8() < 224 {
        TgsiSrc::Reg { file: if r.bool() { SrcFile::Imm } else { SrcFile::Temp }, index: small(r, 34), swizzle: swz(r) }
    } else {
        TgsiSrc::Literal(gen::f32_bits(r))
    }
}

fn view(r: &mut Reader<'_>) -> ViewRef {
    ViewRef { index: small(r, 4), swizzle: swz(r) }
}

fn offset_ref(r: &mut Reader<'_>) -> Option<OffsetRef> {
    opt(r, |r| OffsetRef { index: small(r, 34), swizzle: swz(r) })
}

fn target(r: &mut Reader<'_>) -> Option<Target> {
    opt(r, |r| Target::ALL[r.below(Target::ALL.len())])
}

fn raw_operand(r: &mut Reader<'_>) -> RawOperand {
    let s = r.u8();
    RawOperand {
        reg: if s < gen::RAW { s % 130 } else { r.u8() },
        offset: if r.bool() { u16::from(r.u8() % 40) } else { 0 },
    }
}

/// A hand-built instruction: every variant, every field, in range or not.
pub fn instr(r: &mut Reader<'_>) -> Instr {
    match r.below(5) {
        0 => Instr::Txq(NvTxq {
            common: common(r),
            bindless: r.bool(),
            rd: reg(r),
            ra: reg(r),
            query: TxqQuery::ALL[r.below(3)],
            tex: tex_index(r),
            wmask: small(r, 16),
        }),
        1 => Instr::Tld4s(NvTld4s {
            common: common(r),
            comp: small(r, 4),
            f16: r.bool(),
            aoffi: r.bool(),
            dc: r.bool(),
            rd1: reg(r),
            rd0: reg(r),
            ra: reg(r),
            rb: reg(r),
            ts: ts(r),
        }),
        2 => Instr::Tmml(NvTmml {
            common: common(r),
            bindless: r.bool(),
            ndv: r.bool(),
            rd: reg(r),
            ra: reg(r),
            rb: opt(r, reg),
            tex: tex_index(r),
            desc: CoordDesc::ALL[r.below(CoordDesc::ALL.len())],
            wmask: small(r, 16),
        }),
        3 => Instr::Tgsi(tgsi(r)),
        _ => Instr::Intel(IntelInfo {
            op: if r.bool() { InfoOp::ResInfo } else { InfoOp::SampleInfo },
            exec: ExecCtrl {
                lanes: [8, 16, 8, 16, 4, 0, 32, u32::MAX][r.below(8)],
                mask: small(r, 8),
                no_mask: r.bool(),
            },
            surface: small(r, 4),
            lod: opt(r, raw_operand),
            dst: raw_operand(r),
        }),
    }
}

fn tgsi(r: &mut Reader<'_>) -> TgsiInstr {
    match r.below(14) {
        0 => TgsiInstr::Imm {
            index: small(r, 34),
            ty: [ImmType::Flt32, ImmType::Uint32, ImmType::Int32][r.below(3)],
            values: [r.u32(), r.u32(), r.u32(), r.u32()],
        },
        1 => {
            let op = match r.below(8) {
                0 => TexForm::Tex,
                1 => TexForm::Txb,
                2 => TexForm::Txl,
                3 => TexForm::Txp,
                4 => TexForm::Txd { ddx: src(r), ddy: src(r) },
                5 => TexForm::Tex2 { src1: src(r) },
                6 => TexForm::Txb2 { src1: src(r) },
                _ => TexForm::Txl2 { src1: src(r) },
            };
            TgsiInstr::Tex { form: op, dst: dst(r), src0: src(r), unit: small(r, 4), target: target(r) }
        }
        2 => TgsiInstr::Txf { dst: dst(r), src0: src(r), unit: small(r, 4), target: target(r), offset: offset_ref(r) },
        3 => TgsiInstr::Txq { dst: dst(r), src0: src(r), unit: small(r, 4), target: target(r) },
        4 => {
            let op = match r.below(6) {
                0 => SampleOp::Sample,
                1 => SampleOp::B { bias: src(r) },
                2 => SampleOp::C { reference: src(r) },
                3 => SampleOp::CLz { reference: src(r) },
                4 => SampleOp::D { ddx: src(r), ddy: src(r) },
                _ => SampleOp::L { lod: src(r) },
            };
            TgsiInstr::Sample {
                op,
                dst: dst(r),
                addr: src(r),
                view: view(r),
                sampler: small(r, 4),
                offset: offset_ref(r),
            }
        }
        5 => TgsiInstr::SampleI { dst: dst(r), addr: src(r), view: view(r) },
        6 => TgsiInstr::SampleIMs { dst: dst(r), addr: src(r), view: view(r), sample: src(r) },
        7 => {
            TgsiInstr::Gather4 { dst: dst(r), addr: src(r), view: view(r), sampler: small(r, 4), offset: offset_ref(r) }
        }
        8 => TgsiInstr::SviewInfo { dst: dst(r), lod: src(r), view: view(r) },
        9 => TgsiInstr::SamplePos { dst: dst(r), index: src(r), view: view(r) },
        10 => TgsiInstr::SampleInfo { dst: dst(r), view: view(r) },
        11 => TgsiInstr::Load { dst: dst(r), res: small(r, 4), addr: src(r) },
        12 => TgsiInstr::Store { res: small(r, 4), addr: src(r), src: src(r) },
        _ => {
            let op = AtomicOp::ALL[r.below(AtomicOp::ALL.len())];
            let cmp = if op == AtomicOp::Cas || r.u8() > 250 { Some(src(r)) } else { None };
            TgsiInstr::Atomic { op, dst: dst(r), res: small(r, 4), addr: src(r), cmp, src: src(r) }
        }
    }
}

/// An instruction: assembled from a token soup or from text when that assembles, else
/// hand-built.
fn any_instr(r: &mut Reader<'_>) -> Instr {
    let text = match r.u8() % 4 {
        0 => Some(crate::asm::soup(r)),
        1 => {
            let n = usize::from(r.u8());
            Some(String::from_utf8_lossy(&r.bytes(n)).into_owned())
        }
        _ => None,
    };
    if let Some(Ok(i)) = text.map(|t| texcore::isa::assemble(&t)) {
        crate::asm::round_trip(&i);
        return i;
    }
    instr(r)
}

/// Register state: a few writes to each file (coordinates biased like the ops target's).
fn machine(r: &mut Reader<'_>) -> Machine {
    let mut m = Machine::new();
    m.active = r.u8() & 0xF;
    m.killed = r.u8() & 0xF;
    m.exec_mask = r.u32();
    if r.bool() {
        m.f16_rounding = texcore::fp::F16Rounding::TowardZero;
    }
    for _ in 0..r.below(24) {
        let (lane, rg) = (r.below(LANES), reg(r));
        let v = if r.bool() { gen::f32_bits(r) } else { gen::uint(r) };
        m.set_reg(lane, rg, v);
    }
    for _ in 0..r.below(4) {
        let (lane, p, v) = (r.below(LANES), r.u8() % 8, r.bool());
        m.set_pred(lane, p, v);
    }
    for _ in 0..r.below(8) {
        let (lane, t) = (r.below(LANES), r.below(TEMPS));
        m.temp[lane][t] = core::array::from_fn(|_| if r.bool() { gen::f32_bits(r) } else { gen::uint(r) });
    }
    for _ in 0..r.below(4) {
        let i = r.below(IMMS);
        m.imm[i] = core::array::from_fn(|_| gen::offset(r, 16) as u32);
    }
    for _ in 0..r.below(8) {
        let i = usize::from(r.u16()) % GRF_TOTAL_DWORDS;
        m.grf[i] = gen::uint(r);
    }
    m
}

/// Runs one input.
pub fn run(data: &[u8]) {
    let mut r = Reader::new(data);
    // Pools: the generated descriptors and raw words; tables point into them.
    let headers: Vec<[u32; 8]> = (0..1 + r.below(3))
        .map(|_| match gen::header(&mut r) {
            gen::HeaderSrc::Words(w) => w,
            gen::HeaderSrc::Fields(h) => h.to_words(),
        })
        .collect();
    let samplers: Vec<[u32; 8]> = (0..1 + r.below(2))
        .map(|_| match gen::sampler(&mut r) {
            gen::SamplerSrc::Words(w) => w,
            gen::SamplerSrc::Fields(s) => s.to_words(),
        })
        .collect();
    let bank: Vec<u32> = (0..r.below(6)).map(|_| if r.bool() { r.u32() } else { u32::from(r.u8() & 3) }).collect();
    let table = |r: &mut Reader<'_>| -> Vec<u32> { (0..r.below(4)).map(|_| gen::uint(r) % 5).collect() };
    let (sview, samp, res, surface) = (table(&mut r), table(&mut r), table(&mut r), table(&mut r));
    let binding = if r.bool() { SamplerBinding::ViaHeaderBinding } else { SamplerBinding::Independent };
    let (hmax, smax) = (gen::uint(&mut r), gen::uint(&mut r));
    let mut mem = gen::memory(&mut r);
    let mut m = machine(&mut r);
    let program: Vec<Instr> = (0..1 + r.below(4)).map(|_| any_instr(&mut r)).collect();
    for i in &program {
        let before = m.clone();
        let mem_before = mem.clone();
        let bindings = Bindings {
            headers: Pool { entries: &headers, maximum_index: hmax },
            samplers: Pool { entries: &samplers, maximum_index: smax },
            binding,
            const_bank: &bank,
        };
        let tables = texcore::isa::Tables { sview: &sview, samp: &samp, res: &res, surface: &surface };
        let mut env = Env { bindings, tables, mem: &mut mem[..] };
        let res = execute(&mut m, &mut env, i);
        if let Err(e) = i.validate() {
            assert_eq!(res, Err(ExecError::Rule(e)), "a rule violation is the executor's error");
        }
        match res {
            Err(_) => {
                assert!(m == before, "a rejected instruction leaves the registers untouched: {i:?}");
                assert!(mem == mem_before, "a rejected instruction leaves the memory untouched: {i:?}");
            }
            Ok(()) => {
                // Deterministic: the same instruction on the same state gives the same state.
                let (mut m2, mut mem2) = (before, mem_before);
                let mut env2 = Env { bindings, tables, mem: &mut mem2[..] };
                assert_eq!(execute(&mut m2, &mut env2, i), Ok(()));
                assert!(m2 == m && mem2 == mem, "execution is deterministic");
            }
        }
    }
}
