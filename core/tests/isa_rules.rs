#![allow(clippy::needless_range_loop)]
//! Every register rule of the source documents, broken on purpose: the typed error, and nothing written.
//! Plus the lane rules (active, killed + .NODEP, predicates) and property tests that no
//! register state or instruction panics the executor.

mod isa_world;

use isa_world::{f, tex2d, unique_uint, World};
use proptest::prelude::*;
use texcore::descriptor::{Filter, Format, MipFilter, SamplerHeader, TextureHeader, TextureType, WrapMode};
use texcore::handle::TsPtrIdx;
use texcore::isa::*;
use texcore::op::gather::GatherError;
use texcore::op::sample::SampleError;
use texcore::op::tmml::CoordDesc;
use texcore::query::nv::TxqQuery;

use Operand::*;
use RuleError::*;

fn world() -> World {
    let mut w = World::new();
    let t = w.texture(tex2d(Format::RGBA8_UINT, 8, 8, 4), unique_uint(8, 8));
    let s = w.sampler(SamplerHeader { wrap: [WrapMode::ClampToEdge; 3], ..Default::default() });
    for i in 0..8 {
        w.handle(i, s, t);
    }
    w.sview = vec![t];
    w.samp = vec![s];
    w.res = vec![t];
    w.surface = vec![t];
    w
}

/// A machine whose every NVIDIA register holds a recognisable value.
fn filled() -> Machine {
    let mut m = Machine::new();
    for lane in 0..4 {
        for r in 0..255u8 {
            m.set_reg(lane, Reg(r), 0x5000_0000 | (lane as u32) << 8 | u32::from(r));
        }
    }
    m
}

/// Assembles `line`, checks the executor's error, and that no register changed.
fn rule(line: &str, want: RuleError) {
    let i = assemble(line).unwrap_or_else(|e| panic!("{line}: {e}"));
    assert_eq!(i.validate(), Err(want), "{line}");
    let mut w = world();
    let mut m = filled();
    let before = m.clone();
    assert_eq!(w.exec(&mut m, &i), Err(ExecError::Rule(want)), "{line}");
    assert_eq!(m, before, "{line}: nothing written");
}

fn ok(line: &str) {
    let i = assemble(line).unwrap_or_else(|e| panic!("{line}: {e}"));
    assert_eq!(i.validate(), Ok(()), "{line}");
}

// ------------------------------------------------------------------ TXQ (NVIDIA SASS TXQ)

#[test]
fn txq_rd_aligned_to_the_number_of_written_components() {
    // 1 component: any register.
    ok("TXQ R3, R6, TEX_HEADER_DIMENSION, 0, 0x8;");
    // 2 components: even.
    ok("TXQ R2, R6, TEX_HEADER_DIMENSION, 0, 0x5;");
    rule("TXQ R3, R6, TEX_HEADER_DIMENSION, 0, 0x5;", Misaligned { operand: Rd, reg: 3, align: 2 });
    // 3 components: aligned to 4 (a vec3 occupies a vec4 slot).
    ok("TXQ R4, R6, TEX_HEADER_DIMENSION, 0, 0x7;");
    rule("TXQ R2, R6, TEX_HEADER_DIMENSION, 0, 0x7;", Misaligned { operand: Rd, reg: 2, align: 4 });
    rule("TXQ R6, R6, TEX_HEADER_DIMENSION, 0, 0xe;", Misaligned { operand: Rd, reg: 6, align: 4 });
    // 4 components: aligned to 4.
    rule("TXQ R2, R6, TEX_HEADER_DIMENSION, 0, 0xf;", Misaligned { operand: Rd, reg: 2, align: 4 });
    rule("TXQ R1, R6, TEX_HEADER_DIMENSION, 0;", Misaligned { operand: Rd, reg: 1, align: 4 });
    // Past R254.
    rule("TXQ R252, R6, TEX_HEADER_DIMENSION, 0, 0xf;", Range { operand: Rd, reg: 252, count: 4 });
    ok("TXQ R254, R6, TEX_HEADER_DIMENSION, 0, 0x1;");
    // RZ as Rd discards the results; no mask, no alignment.
    ok("TXQ RZ, R6, TEX_HEADER_DIMENSION, 0, 0xf;");
    ok("TXQ R7, R6, TEX_HEADER_DIMENSION, 0, 0x0;");
}

#[test]
fn txq_ra_not_rz_with_parameters_and_aligned_to_their_count() {
    rule("TXQ R0, RZ, TEX_HEADER_DIMENSION, 0, 0xf;", Rz { operand: Ra });
    rule("TXQ R0, RZ, TEX_HEADER_SAMPLER_POS, 0, 0xf;", Rz { operand: Ra });
    rule("TXQ.B R0, RZ, TEX_HEADER_TEXTURE_TYPE, 0, 0xf;", Rz { operand: Ra });
    ok("TXQ R0, RZ, TEX_HEADER_TEXTURE_TYPE, 0, 0xf;"); // no parameter: RZ allowed
                                                        // One parameter: scalar, any register.
    ok("TXQ R0, R7, TEX_HEADER_DIMENSION, 0, 0xf;");
    ok("TXQ.B R0, R7, TEX_HEADER_TEXTURE_TYPE, 0, 0xf;");
    // Two parameters (.B handle + LOD): vec2-aligned.
    ok("TXQ.B R0, R6, TEX_HEADER_DIMENSION, 0, 0xf;");
    rule("TXQ.B R0, R7, TEX_HEADER_DIMENSION, 0, 0xf;", Misaligned { operand: Ra, reg: 7, align: 2 });
    rule("TXQ.B R0, R7, TEX_HEADER_SAMPLER_POS, 0, 0xf;", Misaligned { operand: Ra, reg: 7, align: 2 });
    rule("TXQ.B R0, R254, TEX_HEADER_DIMENSION, 0, 0xf;", Range { operand: Ra, reg: 254, count: 2 });
}

// ------------------------------------------------------------------ TLD4S (NVIDIA SASS TLD4S)

#[test]
fn tld4s_ra_rb_never_rz() {
    rule("TLD4S.R R8, R10, RZ, R5, 5;", Rz { operand: Ra });
    rule("TLD4S.R R8, R10, R0, RZ, 5;", Rz { operand: Rb });
    rule("TLD4S.G.AOFFI.DC R8, R10, R0, RZ, 5;", Rz { operand: Rb });
}

#[test]
fn tld4s_operand_packing_per_the_legal_modifier_table() {
    // - -      : Ra = s (scalar), Rb = t (scalar): odd registers are fine.
    ok("TLD4S.R R8, R10, R1, R5, 5;");
    // - .DC    : Ra = {s, t} vec2, Rb = dc scalar.
    ok("TLD4S.R.DC R8, R10, R2, R5, 5;");
    rule("TLD4S.R.DC R8, R10, R1, R5, 5;", Misaligned { operand: Ra, reg: 1, align: 2 });
    // .AOFFI - : Ra = {s, t} vec2, Rb = toff scalar.
    ok("TLD4S.R.AOFFI R8, R10, R2, R5, 5;");
    rule("TLD4S.R.AOFFI R8, R10, R3, R5, 5;", Misaligned { operand: Ra, reg: 3, align: 2 });
    // .AOFFI .DC: Ra = {s, t}, Rb = {toff, dc}: both vec2.
    ok("TLD4S.R.AOFFI.DC R8, R10, R2, R4, 5;");
    rule("TLD4S.R.AOFFI.DC R8, R10, R2, R5, 5;", Misaligned { operand: Rb, reg: 5, align: 2 });
    rule("TLD4S.R.AOFFI.DC R8, R10, R254, R4, 5;", Range { operand: Ra, reg: 254, count: 2 });
}

#[test]
fn tld4s_rd0_rd1_vec2_aligned_even_with_f16() {
    rule("TLD4S.R R9, R10, R0, R5, 5;", Misaligned { operand: Rd1, reg: 9, align: 2 });
    rule("TLD4S.R R8, R11, R0, R5, 5;", Misaligned { operand: Rd0, reg: 11, align: 2 });
    rule("TLD4S.F16.R R8, R11, R0, R5, 5;", Misaligned { operand: Rd0, reg: 11, align: 2 });
    rule("TLD4S.R R8, R254, R0, R5, 5;", Range { operand: Rd0, reg: 254, count: 2 });
    ok("TLD4S.F16.R R8, R254, R0, R5, 5;");
    rule("TLD4S.R R8, R8, R0, R5, 5;", Overlap);
    ok("TLD4S.F16.R R8, R10, R0, R5, 5;");
    ok("TLD4S.R RZ, R10, R0, R5, 5;");
}

// ------------------------------------------------------------------ TMML (NVIDIA SASS TMML)

#[test]
fn tmml_alignment_rz_and_rb_rules() {
    // Ra holds 1, 2, 3 or 4 coordinates: alignment 1, 2, 4, 4.
    ok("TMML.LOD R0, R3, 6, 1D;");
    rule("TMML.LOD R0, R3, 6, 2D;", Misaligned { operand: Ra, reg: 3, align: 2 });
    rule("TMML.LOD R0, R2, 6, 3D;", Misaligned { operand: Ra, reg: 2, align: 4 });
    rule("TMML.LOD R0, R6, 6, ARRAY_2D;", Misaligned { operand: Ra, reg: 6, align: 4 });
    rule("TMML.LOD R0, R2, 6, ARRAY_CUBE;", Misaligned { operand: Ra, reg: 2, align: 4 });
    ok("TMML.LOD R0, R4, 6, ARRAY_CUBE;");
    rule("TMML.LOD R0, RZ, 6, 2D;", Rz { operand: Ra });
    // Rd: by the write mask.
    rule("TMML.LOD R1, R6, 6, 2D, 0x3;", Misaligned { operand: Rd, reg: 1, align: 2 });
    rule("TMML.LOD R2, R6, 6, 2D;", Misaligned { operand: Rd, reg: 2, align: 4 });
    ok("TMML.LOD R3, R6, 6, 2D, 0x2;");
    // .B and Rb.
    rule("TMML.B.LOD R0, R6, 6, 2D;", MissingRb);
    rule("TMML.LOD R0, R6, R1, 6, 2D;", UnexpectedRb);
    rule("TMML.B.LOD R0, R6, RZ, 6, 2D;", Rz { operand: Rb });
    ok("TMML.B.LOD R0, R6, R1, 6, 2D;");
}

// ------------------------------------------------------------------ hand-built instructions

#[test]
fn fields_a_hand_built_instruction_can_break() {
    let Instr::Tld4s(mut t) = assemble("TLD4S.R R8, R10, R0, R5, 5;").unwrap() else { panic!() };
    t.comp = 4;
    assert_eq!(Instr::Tld4s(t).validate(), Err(Field("component")));
    let Instr::Txq(mut q) = assemble("TXQ R0, R6, TEX_HEADER_DIMENSION, 0, 0xf;").unwrap() else { panic!() };
    q.wmask = 0x1F;
    assert_eq!(Instr::Txq(q.clone()).validate(), Err(Field("#wmskU04")));
    q.wmask = 0xF;
    q.common.pred.index = 9;
    assert_eq!(Instr::Txq(q).validate(), Err(Field("predicate index")));
    let t = TgsiInstr::Load { dst: TgsiDst { index: 40, mask: 0xF }, res: 0, addr: TgsiSrc::Literal(0) };
    assert_eq!(Instr::Tgsi(t).validate(), Err(TgsiIndex { file: SrcFile::Temp, index: 40 }));
    let Instr::Intel(mut i) = assemble("RESINFO (16) T0 r127 r0").unwrap() else { panic!() };
    assert_eq!(Instr::Intel(i).validate(), Err(Grf { reg: 127, offset: 0, dwords: 16 }));
    i.lod = None;
    assert_eq!(Instr::Intel(i).validate(), Err(IntelOperands));
    assert_eq!(assemble("SAMPLEINFO (16) T0 r125").unwrap().validate(), Err(Grf { reg: 125, offset: 0, dwords: 64 }));
    let Instr::Intel(mut i) = assemble("SAMPLEINFO (16) T0 r0").unwrap() else { panic!() };
    i.exec.lanes = 32;
    assert_eq!(Instr::Intel(i).validate(), Err(Field("execution size")));
    i.exec.lanes = 8;
    i.exec.mask = 8;
    assert_eq!(Instr::Intel(i).validate(), Err(Field("execution mask")));
}

// ------------------------------------------------------------------ op errors

#[test]
fn op_errors_are_typed_and_write_nothing() {
    let mut w = world();
    // AOFFI on a cube is rejected by TLD4S.
    let cube = w.texture(TextureHeader::new(TextureType::Cube, Format::RGBA8_UNORM, 4, 4, 1, 1), |_| vec![0; 4]);
    w.handle(9, 0, cube);
    let mut m = filled();
    let before = m.clone();
    let i = assemble("TLD4S.R.AOFFI R8, R10, R0, R5, 9;").unwrap();
    assert_eq!(w.exec(&mut m, &i), Err(ExecError::Gather(GatherError::OffsetOnCube)));
    assert_eq!(m, before);
    // TGSI offsets outside −8 … +7.
    let mut m = Machine::new();
    let r = w.run(&mut m, "IMM[0] INT32 {9, 0, 0, 0}\nSAMPLE TEMP[0], TEMP[1], SVIEW[0], SAMP[0], IMM[0]");
    assert_eq!(r, Err(ExecError::Sample(SampleError::OffsetRange(0))));
    assert_eq!(m.temp[0][0], [0; 4]);
}

// ------------------------------------------------------------------ lanes

#[test]
fn predicates_inactive_and_killed_lanes() {
    let mut w = world();
    let run = |w: &mut World, m: &mut Machine, line: &str| {
        for lane in 0..4 {
            m.set_reg(lane, Reg(0), f(3.0 / 8.0));
            m.set_reg(lane, Reg(5), f(6.0 / 8.0));
            for r in 8..12 {
                m.set_reg(lane, Reg(r), 0xEEEE);
            }
        }
        w.run(m, line).unwrap();
        (0..4).map(|l| m.reg(l, Reg(10)) != 0xEEEE).collect::<Vec<_>>()
    };
    let mut m = Machine::new();
    m.set_pred(1, 0, true);
    m.set_pred(2, 0, true);
    assert_eq!(run(&mut w, &mut m, "@P0 TLD4S.R R8, R10, R0, R5, 5;"), [false, true, true, false]);
    assert_eq!(run(&mut w, &mut m, "@!P0 TLD4S.R R8, R10, R0, R5, 5;"), [true, false, false, true]);
    assert_eq!(run(&mut w, &mut m, "@!PT TLD4S.R R8, R10, R0, R5, 5;"), [false; 4]);
    m.active = 0b0111;
    m.killed = 0b0010;
    assert_eq!(run(&mut w, &mut m, "TLD4S.R R8, R10, R0, R5, 5;"), [true, true, true, false], "helpers execute");
    assert_eq!(
        run(&mut w, &mut m, "TLD4S.R.NODEP R8, R10, R0, R5, 5;"),
        [true, false, true, false],
        ".NODEP disables killed lanes"
    );
    // TGSI: active lanes (helpers included).
    let mut m = Machine::new();
    m.active = 0b1001;
    m.killed = 0b1000;
    w.run(&mut m, "SVIEWINFO TEMP[0], 0, SVIEW[0]").unwrap();
    assert_eq!((0..4).map(|l| m.temp[l][0][0]).collect::<Vec<_>>(), [8, 0, 0, 8]);
}

#[test]
fn inactive_lanes_still_feed_tmml_derivatives() {
    let mut w = World::new();
    let t = w.texture(tex2d(Format::RGBA8_UNORM, 64, 64, 7), |_| vec![0; 4]);
    let s = w.sampler(SamplerHeader {
        min_filter: Filter::Linear,
        mag_filter: Filter::Linear,
        mip_filter: MipFilter::Linear,
        ..Default::default()
    });
    w.handle(6, s, t);
    let mut m = Machine::new();
    let st =
        [(0.25f32, 0.5f32), (0.25 + 4.0 / 64.0, 0.5), (0.25, 0.5 + 2.0 / 64.0), (0.25 + 4.0 / 64.0, 0.5 + 2.0 / 64.0)];
    for (lane, (s, t)) in st.iter().enumerate() {
        m.set_reg(lane, Reg(6), f(*s));
        m.set_reg(lane, Reg(7), f(*t));
    }
    m.active = 0b0001;
    w.run(&mut m, "TMML.LOD R2, R6, 6, 2D, 0x1;").unwrap();
    assert_eq!(m.reg(0, Reg(2)), 0x0200, "lanes 1 and 2 are inactive but give the derivatives");
    assert_eq!(m.reg(1, Reg(2)), 0);
}

// ------------------------------------------------------------------ no panics

fn corpus() -> Vec<Instr> {
    [
        "TXQ R0, R6, TEX_HEADER_DIMENSION, 0, 0xf;",
        "TXQ.B R4, R6, TEX_HEADER_SAMPLER_POS, 0, 0x1;",
        "TXQ R5, RZ, TEX_HEADER_TEXTURE_TYPE, 3, 0x4;",
        "TLD4S.R R8, R10, R0, R5, 5;",
        "TLD4S.F16.A.AOFFI.DC R8, R10, R2, R4, 1;",
        "TLD4S.G.DC R12, R14, R2, R5, 2;",
        "TMML.LOD R0, R4, 6, ARRAY_CUBE;",
        "TMML.B.LOD R2, R6, R1, 6, 2D, 0x3;",
        "TMML.LOD R4, R8, 1, 2, 3D, 0xf;",
        "SAMPLE TEMP[0], TEMP[1], SVIEW[0], SAMP[0]",
        "SAMPLE_B TEMP[0], TEMP[1], SVIEW[0], SAMP[0], TEMP[2].x",
        "SAMPLE_C TEMP[0], TEMP[1], SVIEW[0].r, SAMP[0], TEMP[2].x",
        "SAMPLE_C_LZ TEMP[0], TEMP[1], SVIEW[0].r, SAMP[0], TEMP[2].x",
        "SAMPLE_D TEMP[0], TEMP[1], SVIEW[0], SAMP[0], TEMP[2], TEMP[3]",
        "SAMPLE_L TEMP[0], TEMP[1], SVIEW[0], SAMP[0], TEMP[2].x, IMM[0]",
        "SAMPLE_I TEMP[0], TEMP[1], SVIEW[0]",
        "SAMPLE_I_MS TEMP[0], TEMP[1], SVIEW[0], TEMP[2].y",
        "GATHER4 TEMP[0], TEMP[1], SVIEW[0].a, SAMP[0], IMM[1].xy",
        "SVIEWINFO TEMP[0], TEMP[1].x, SVIEW[0]",
        "SAMPLE_POS TEMP[0], TEMP[1].x, SVIEW[0]",
        "SAMPLE_INFO TEMP[0], SVIEW[0]",
        "TEX TEMP[0], TEMP[1], SAMP[0], SHADOW2D",
        "TXB TEMP[0], TEMP[1], SAMP[0], 2D",
        "TXL TEMP[0], TEMP[1], SAMP[0], CUBE",
        "TXP TEMP[0], TEMP[1], SAMP[0], 3D",
        "TXD TEMP[0], TEMP[1], TEMP[2], TEMP[3], SAMP[0], 2D",
        "TEX2 TEMP[0], TEMP[1], TEMP[2], SAMP[0], SHADOWCUBEARRAY",
        "TXB2 TEMP[0], TEMP[1], TEMP[2], SAMP[0], CUBEARRAY",
        "TXL2 TEMP[0], TEMP[1], TEMP[2], SAMP[0], CUBEARRAY",
        "TXF TEMP[0], TEMP[1], SAMP[0], 2D, IMM[0]",
        "TXQ TEMP[0], TEMP[1], SAMP[0], 2D",
        "LOAD TEMP[0], RES[0], TEMP[1]",
        "STORE RES[0], TEMP[0], TEMP[1]",
        "ATOMCAS TEMP[0], RES[0], TEMP[1], TEMP[2], TEMP[3]",
        "ATOMIMAX TEMP[0], RES[0], TEMP[1], TEMP[2]",
        "IMM[0] INT32 {1, -2, 3, 0}",
        "RESINFO (8) T0 r10 r12",
        "RESINFO (16, M5_NM) T0 r10 r12",
        "SAMPLEINFO (16, M3) T0 r20",
    ]
    .iter()
    .map(|l| assemble(l).unwrap_or_else(|e| panic!("{l}: {e}")))
    .collect()
}

fn arb_reg() -> impl Strategy<Value = Reg> {
    prop_oneof![any::<u8>().prop_map(Reg), Just(Reg::RZ), (0u8..16).prop_map(Reg)]
}

/// NVIDIA instructions with arbitrary operands, modifiers and immediates.
fn arb_nv() -> impl Strategy<Value = Instr> {
    let common = (0u8..10, any::<bool>(), any::<bool>()).prop_map(|(p, neg, nodep)| NvCommon {
        pred: Pred { index: p, negate: neg },
        nodep,
        ..Default::default()
    });
    let tex =
        (0u16..=0x1FFF, any::<bool>()).prop_map(|(i, legacy)| TexIndex { idx: TsPtrIdx::new(i).unwrap(), legacy });
    prop_oneof![
        (common.clone(), any::<bool>(), arb_reg(), arb_reg(), 0usize..3, tex.clone(), 0u8..=0x1F).prop_map(
            |(common, bindless, rd, ra, q, tex, wmask)| {
                Instr::Txq(NvTxq { common, bindless, rd, ra, query: TxqQuery::ALL[q], tex, wmask })
            }
        ),
        (common.clone(), 0u8..6, any::<[bool; 3]>(), arb_reg(), arb_reg(), arb_reg(), arb_reg(), 0u16..16).prop_map(
            |(common, comp, [f16, aoffi, dc], rd1, rd0, ra, rb, ts)| {
                Instr::Tld4s(NvTld4s { common, comp, f16, aoffi, dc, rd1, rd0, ra, rb, ts: TsPtrIdx::new(ts).unwrap() })
            }
        ),
        (common, any::<bool>(), arb_reg(), arb_reg(), proptest::option::of(arb_reg()), tex, 0usize..7, 0u8..=0xF)
            .prop_map(|(common, bindless, rd, ra, rb, tex, d, wmask)| {
                Instr::Tmml(NvTmml { common, bindless, ndv: false, rd, ra, rb, tex, desc: CoordDesc::ALL[d], wmask })
            }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Arbitrary register contents, lane masks, header/sampler words and handles: every
    /// instruction of the corpus returns (Ok or a typed error) without panicking.
    #[test]
    fn arbitrary_register_states_never_panic(
        seed_regs in proptest::collection::vec((0usize..4, 0u8..32, any::<u32>()), 0..64),
        temps in proptest::collection::vec((0usize..4, 0usize..8, any::<[u32; 4]>()), 0..32),
        imms in proptest::collection::vec((0usize..4, any::<[u32; 4]>()), 0..4),
        grf in proptest::collection::vec((0usize..256, any::<u32>()), 0..64),
        masks in any::<(u8, u8, u32, u8)>(),
        words in any::<([u32; 8], [u32; 8])>(),
        bank in any::<[u32; 8]>(),
    ) {
        let mut w = world();
        w.headers.push(words.0);
        w.samplers.push(words.1);
        w.bank.extend_from_slice(&bank);
        w.sview.push(1);
        w.samp.push(1);
        let mut m = Machine::new();
        for (lane, r, v) in seed_regs { m.set_reg(lane, Reg(r), v); }
        for (lane, t, v) in temps { m.temp[lane][t] = v; }
        for (i, v) in imms { m.imm[i] = v; }
        for (i, v) in grf { m.grf[i] = v; }
        (m.active, m.killed, m.exec_mask) = (masks.0, masks.1, masks.2);
        m.p = [masks.3; 4];
        for i in corpus() {
            let _ = w.exec(&mut m, &i);
        }
    }

    /// Hand-built NVIDIA instructions with any field values never panic the executor.
    #[test]
    fn arbitrary_nv_instructions_never_panic(i in arb_nv(), regs in any::<[u32; 16]>()) {
        let mut w = world();
        let mut m = Machine::new();
        for lane in 0..4 {
            for (r, v) in regs.iter().enumerate() {
                m.set_reg(lane, Reg(r as u8), *v);
            }
        }
        let r = w.exec(&mut m, &i);
        if let Err(ExecError::Rule(e)) = r {
            prop_assert_eq!(i.validate(), Err(e));
        }
        // The canonical text of a valid-field instruction never panics either.
        let _ = disassemble(&i);
    }
}
