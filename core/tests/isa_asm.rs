//! The assembler and disassembler: round trip over a corpus covering every modifier and
//! operand form, error positions and messages, exact float literals, and property tests
//! (arbitrary text never panics; whatever assembles round-trips).

use proptest::prelude::*;
use texcore::handle::TsPtrIdx;
use texcore::isa::float::parse_f32;
use texcore::isa::*;
use texcore::op::tmml::CoordDesc;
use texcore::query::nv::TxqQuery;

/// `assemble → disassemble` is canonical: it re-assembles to the same instruction and prints
/// the same text again.
fn round_trip(line: &str) -> String {
    let i = assemble(line).unwrap_or_else(|e| panic!("{line:?}: {e}"));
    let c = disassemble(&i);
    let again = assemble(&c).unwrap_or_else(|e| panic!("canonical {c:?} of {line:?}: {e}"));
    assert_eq!(again, i, "{line:?} → {c:?}");
    assert_eq!(disassemble(&again), c, "canonical text is a fixed point");
    c.as_str().to_string()
}

fn canon(line: &str, want: &str) {
    assert_eq!(round_trip(line), want, "{line}");
}

#[test]
fn nvidia_forms_round_trip() {
    // Seed lines are canonical already.
    for l in
        ["TXQ R0, R6, TEX_HEADER_DIMENSION, 0, 0xf;", "TLD4S.R R8, R10, R0, R5, 5;", "TMML.LOD R2, R6, 6, 2D, 0x3;"]
    {
        canon(l, l);
    }
    canon(
        "@!P3 txq.nodep.b.t r4, r6, tex_header_sampler_pos, 0x10, 1 {&req_6} {&rd0} {&wr1} {?sched};",
        "@!P3 TXQ.B.NODEP.T R4, R6, TEX_HEADER_SAMPLER_POS, 16, 0x1 &req_6 &rd0 &wr1 ?sched;",
    );
    canon("@PT TXQ R0, R6, 1, 7;", "TXQ R0, R6, TEX_HEADER_DIMENSION, 7, 0xf;");
    canon("@!PT TXQ R0, R6, 2, 7, 0x3 ;", "@!PT TXQ R0, R6, TEX_HEADER_TEXTURE_TYPE, 7, 0x3;");
    canon("TXQ.P R0, R6, 5, 0x12, 3, 0x1;", "TXQ.P R0, R6, TEX_HEADER_SAMPLER_POS, 18, 3, 0x1;");
    canon("TXQ R0, R255, TEX_HEADER_TEXTURE_TYPE, 0, 0xf; // RZ alias", "TXQ R0, RZ, TEX_HEADER_TEXTURE_TYPE, 0, 0xf;");
    canon("  /*0008*/  TXQ R0, R6, TEX_HEADER_DIMENSION, 0x0, 0xf ;", "TXQ R0, R6, TEX_HEADER_DIMENSION, 0, 0xf;");
    canon(
        "TXQ R0, R6, TEX_HEADER_DIMENSION, 0 &req=5 &rd=2 &wr_3 ?WAIT4;",
        "TXQ R0, R6, TEX_HEADER_DIMENSION, 0, 0xf &req_5 &rd2 &wr3 ?WAIT4;",
    );
    canon("TXQ R0, R6, TEX_HEADER_DIMENSION, 0 ?x &wr7;", "TXQ R0, R6, TEX_HEADER_DIMENSION, 0, 0xf &wr7 ?x;");
    for p in 0..7 {
        canon(
            &format!("@P{p} TXQ R0, R6, TEX_HEADER_DIMENSION, 0, 0xf;"),
            &format!("@P{p} TXQ R0, R6, TEX_HEADER_DIMENSION, 0, 0xf;"),
        );
    }
    for (m, c) in [("R", 0), ("G", 1), ("B", 2), ("A", 3)] {
        let l = format!("TLD4S.{m} R8, R10, R0, R5, 5;");
        let Instr::Tld4s(t) = assemble(&l).unwrap() else { panic!() };
        assert_eq!(t.comp, c);
        canon(&l, &l);
    }
    canon(
        "TLD4S.DC.AOFFI.B.F16.NODEP.P R8, R10, R2, R4, 8191 &rd1;",
        "TLD4S.F16.B.AOFFI.DC.NODEP.P R8, R10, R2, R4, 8191 &rd1;",
    );
    canon("tld4s.a.t r8,r10,r0,r5,0x5;", "TLD4S.A.T R8, R10, R0, R5, 5;");
    canon(
        "TMML.NDV.LOD.B.NODEP.T R2, R6, R1, 6, ARRAY_CUBE;",
        "TMML.B.LOD.NDV.NODEP.T R2, R6, R1, 6, ARRAY_CUBE, 0xf;",
    );
    canon("TMML.LOD R2, R6, 6, 1, 2d, 0x3;", "TMML.LOD R2, R6, 6, 1, 2D, 0x3;");
    for d in CoordDesc::ALL {
        round_trip(&format!("TMML.LOD R0, R4, 6, {}, 0x5;", d.name()));
    }
    for q in TxqQuery::ALL {
        round_trip(&format!("TXQ R0, R6, {}, 1, 2, 0x9;", q.name()));
    }
    // The legacy form keeps its spelling: tsPtrIdx = {smp, tid}.
    let Instr::Txq(t) = assemble("TXQ R0, R6, TEX_HEADER_DIMENSION, 0x34, 0x12, 0xf;").unwrap() else { panic!() };
    assert_eq!((t.tex.idx.get(), t.tex.legacy), (0x1234, true));
    let Instr::Tmml(t) = assemble("TMML.LOD R0, R6, 255, 31, 2D;").unwrap() else { panic!() };
    assert_eq!(t.tex.idx, TsPtrIdx::from_tid_smp(255, 31).unwrap());
}

#[test]
fn tgsi_forms_round_trip() {
    // The source documents' lines are canonical.
    for l in [
        "SAMPLE TEMP[0], TEMP[1], SVIEW[0], SAMP[0]",
        "SAMPLE_I TEMP[0], TEMP[1], SVIEW[0]",
        "SAMPLE_B TEMP[0], TEMP[1], SVIEW[0], SAMP[0], TEMP[2].x",
        "SAMPLE_C TEMP[0], TEMP[1], SVIEW[0].r, SAMP[0], TEMP[2].x",
        "SAMPLE_C_LZ TEMP[0], TEMP[1], SVIEW[0].r, SAMP[0], TEMP[2].x",
        "SAMPLE_D TEMP[0], TEMP[1], SVIEW[0], SAMP[0], TEMP[2], TEMP[3]",
        "SAMPLE_L TEMP[0], TEMP[1], SVIEW[0], SAMP[0], TEMP[2].x",
        "SVIEWINFO TEMP[0], TEMP[1].x, SVIEW[0]",
        "LOAD TEMP[0], RES[0], TEMP[1]",
        "STORE RES[0], TEMP[0], TEMP[1]",
        "ATOMUADD TEMP[0], RES[0], TEMP[1], TEMP[2]",
        "ATOMCAS TEMP[0], RES[0], TEMP[1], TEMP[2], TEMP[3]",
    ] {
        canon(l, l);
    }
    canon(
        "  12: sample temp[3].xz, imm[2].yyyy, sview[7].xyzw, samp[1], imm[0].xyz;",
        "SAMPLE TEMP[3].xz, IMM[2].y, SVIEW[7], SAMP[1], IMM[0].xyzz",
    );
    canon(
        "SAMPLE_I_MS TEMP[0].w, TEMP[1].wzyx, SVIEW[2].bgra, 3",
        "SAMPLE_I_MS TEMP[0].w, TEMP[1].wzyx, SVIEW[2].bgra, 0x00000003",
    );
    canon(
        "SAMPLE_C TEMP[0], TEMP[1], SVIEW[0].x, SAMP[0], 0.5",
        "SAMPLE_C TEMP[0], TEMP[1], SVIEW[0].r, SAMP[0], 0x3f000000",
    );
    canon(
        "SAMPLE_L TEMP[0], TEMP[1], SVIEW[0], SAMP[0], 1",
        "SAMPLE_L TEMP[0], TEMP[1], SVIEW[0], SAMP[0], 0x3f800000",
    );
    canon(
        "SAMPLE_B TEMP[0], TEMP[1], SVIEW[0], SAMP[0], -0x1",
        "SAMPLE_B TEMP[0], TEMP[1], SVIEW[0], SAMP[0], 0xffffffff",
    );
    canon("SVIEWINFO TEMP[0], -1, SVIEW[0]", "SVIEWINFO TEMP[0], 0xffffffff, SVIEW[0]");
    canon("SAMPLE_POS TEMP[0], SVIEW[1], TEMP[2].y", "SAMPLE_POS TEMP[0], TEMP[2].y, SVIEW[1]");
    canon("SAMPLE_INFO TEMP[0].x, SVIEW[1].r;", "SAMPLE_INFO TEMP[0].x, SVIEW[1].r");
    canon(
        "GATHER4 TEMP[0], TEMP[1], SVIEW[0].g, SAMP[0], IMM[3].xy",
        "GATHER4 TEMP[0], TEMP[1], SVIEW[0].g, SAMP[0], IMM[3].xyyy",
    );
    canon("TXF TEMP[0], TEMP[1], SAMP[0], IMM[0]", "TXF TEMP[0], TEMP[1], SAMP[0], IMM[0]");
    canon(
        "TXF TEMP[0], TEMP[1], SAMP[0], 2D_ARRAY, IMM[0].zyx",
        "TXF TEMP[0], TEMP[1], SAMP[0], 2D_ARRAY, IMM[0].zyxx",
    );
    canon("TXQ TEMP[0], TEMP[1].x, SAMP[2]", "TXQ TEMP[0], TEMP[1].x, SAMP[2]");
    canon("TXQ TEMP[0], 3, SAMP[2], cubearray", "TXQ TEMP[0], 0x00000003, SAMP[2], CUBEARRAY");
    canon("TXD TEMP[0], TEMP[1], TEMP[2], TEMP[3], SAMP[0], 2D", "TXD TEMP[0], TEMP[1], TEMP[2], TEMP[3], SAMP[0], 2D");
    canon("TXB2 TEMP[0], TEMP[1], 2.5e-1, SAMP[0], CUBEARRAY", "TXB2 TEMP[0], TEMP[1], 0x3e800000, SAMP[0], CUBEARRAY");
    for op in ["TEX", "TXB", "TXL", "TXP"] {
        for t in Target::ALL {
            round_trip(&format!("{op} TEMP[31].yw, TEMP[30].zwxy, SAMP[255], {}", t.name()));
        }
        round_trip(&format!("{op} TEMP[1], IMM[31], SAMP[0]"));
    }
    for op in ["TEX2", "TXL2"] {
        round_trip(&format!("{op} TEMP[0], TEMP[1], TEMP[2].x, SAMP[0], SHADOWCUBEARRAY"));
    }
    for a in ["ATOMUADD", "ATOMXCHG", "ATOMAND", "ATOMOR", "ATOMXOR", "ATOMUMIN", "ATOMUMAX", "ATOMIMIN", "ATOMIMAX"] {
        canon(&format!("{a} TEMP[0], RES[9], TEMP[1], TEMP[2]"), &format!("{a} TEMP[0], RES[9], TEMP[1], TEMP[2]"));
    }
    canon("IMM[3] FLT32 {0.5, -1.0, 1e-45, inf}", "IMM[3] FLT32 {0x3f000000, 0xbf800000, 0x00000001, 0x7f800000}");
    canon("IMM[0] UINT32 {1, 0xffffffff}", "IMM[0] UINT32 {1, 4294967295, 0, 0}");
    canon("IMM[0] INT32 {-2147483648, 7, -1, 0}", "IMM[0] INT32 {-2147483648, 7, -1, 0}");
}

#[test]
fn intel_forms_round_trip() {
    canon("RESINFO (8) T0 r10 r12", "RESINFO (8) T0 r10 r12");
    canon("resinfo (M1, 8) t3, V10.4, v12.32", "RESINFO (8) T3 r10.4 r12.32");
    canon("RESINFO (16_NM) 5 r10 r12;", "RESINFO (16, M1_NM) T5 r10 r12");
    for k in 1..=8 {
        for nm in ["", "_NM"] {
            for n in [8, 16] {
                let c = round_trip(&format!("SAMPLEINFO ({n}, M{k}{nm}) T1 r20"));
                let Instr::Intel(i) = assemble(&c).unwrap() else { panic!() };
                assert_eq!((i.exec.lanes, i.exec.mask, i.exec.no_mask), (n, k - 1, nm == "_NM"));
            }
        }
    }
}

// ------------------------------------------------------------------ errors

fn err(text: &str) -> AsmError {
    match assemble(text) {
        Err(e) => e,
        Ok(i) => panic!("{text:?} assembled to {i:?}"),
    }
}

fn expected(text: &str, line: u32, col: u32, what_contains: &str, found: &str) {
    let e = err(text);
    assert_eq!((e.line, e.col), (line, col), "{text:?}: {e}");
    match &e.kind {
        AsmErrorKind::Expected { what, found: f } => {
            assert!(what.contains(what_contains), "{text:?}: {e}");
            assert_eq!(f.as_str(), found, "{text:?}: {e}");
        }
        k => panic!("{text:?}: {k:?}"),
    }
}

#[test]
fn errors_carry_line_column_and_what_was_expected() {
    expected("TXQ R0, R6, TEX_HEADER_DIMENSION, 0, 0xf", 1, 41, "`;`", "");
    expected("TXQ R0, X6, TEX_HEADER_DIMENSION, 0, 0xf;", 1, 9, "register", "X6");
    expected("TXQ R0 R6, TEX_HEADER_DIMENSION, 0;", 1, 8, "`,`", "R6");
    expected("TXQ R0, R6, TEX_HEADER_DIMENSIONS, 0;", 1, 13, "query", "TEX_HEADER_DIMENSIONS");
    expected("TXQ R0, R6, 1, 0, 0xf; extra", 1, 24, "end of line", "extra");
    expected("TMML.LOD R2, R6, 6, ARRAY_3D;", 1, 21, "reserved", "ARRAY_3D");
    expected("TMML.LOD R2, R6, 6, 4D;", 1, 21, "#paramA", "4D");
    expected("SAMPLE TEMP[0], TEMP[1], SAMP[0], SVIEW[0]", 1, 26, "SVIEW", "SAMP");
    expected("SAMPLE TEMP[0].yx, TEMP[1], SVIEW[0], SAMP[0]", 1, 16, "write mask", "yx");
    expected("SAMPLE TEMP[0], TEMP[1].xq, SVIEW[0], SAMP[0]", 1, 25, "swizzle", "xq");
    expected("SAMPLE_L TEMP[0], TEMP[1], SVIEW[0], SAMP[0], 1.5.2", 1, 47, "float literal", "1.5.2");
    expected("SVIEWINFO TEMP[0], 1.5, SVIEW[0]", 1, 20, "integer literal", "1.5");
    expected("SAMPLE TEMP[0], 0.5, SVIEW[0], SAMP[0]", 1, 17, "source register", "0");
    expected("LOAD TEMP[0], TEMP[1], RES[0]", 1, 15, "RES", "TEMP");
    expected("TEX TEMP[0], TEMP[1], SAMP[0], 4D", 1, 32, "texture target", "4D");
    expected("RESINFO (12) T0 r1 r2", 1, 10, "execution size", "12");
    expected("RESINFO (M2) T0 r1 r2", 1, 12, "execution size", ")");
    expected("RESINFO (8) T0 r1.2 r2", 1, 19, "dword-aligned", "2");
    expected("RESINFO (8) T0 x1 r2", 1, 16, "raw operand", "x1");
    expected("IMM[0] FLT32 {0.5, abc}", 1, 20, "float literal", "abc");
    expected("TXQ R0, R6, 1, 0; /* open", 1, 19, "`*/`", "");
    expected("TXQ R0, R6, 1, 0 {&rq_6};", 1, 20, "decoration", "rq_6");
    expected("\n\n  TXQ R0, R6, 1, 0", 3, 19, "`;`", "");

    let e = err("TXQ R0, R6, TEX_HEADER_DIMENSION, 0x2000;");
    assert_eq!((e.col, e.kind), (35, AsmErrorKind::OutOfRange { what: "#tsPtrIdxU13", max: 0x1FFF }));
    let e = err("TXQ R0, R6, 1, 0, 0x10;");
    assert_eq!(e.kind, AsmErrorKind::OutOfRange { what: "#wmskU04", max: 0xF });
    let e = err("TXQ R0, R6, 1, 0, 32, 0xf;");
    assert_eq!(e.kind, AsmErrorKind::OutOfRange { what: "#smpU05", max: 31 });
    let e = err("TXQ R256, R6, 1, 0;");
    assert_eq!((e.col, e.kind), (5, AsmErrorKind::OutOfRange { what: "register number", max: 255 }));
    let e = err("SAMPLE TEMP[32], TEMP[1], SVIEW[0], SAMP[0]");
    assert_eq!((e.col, e.kind), (13, AsmErrorKind::OutOfRange { what: "register index", max: 31 }));
    let e = err("TLD4S R8, R10, R0, R5, 5;");
    assert!(matches!(e.kind, AsmErrorKind::Missing { opcode: "TLD4S", .. }), "{e}");
    let e = err("TLD4S.R.G R8, R10, R0, R5, 5;");
    assert!(matches!(e.kind, AsmErrorKind::Conflict { .. }) && e.col == 9, "{e}");
    let e = err("TXQ.T.P R0, R6, 1, 0;");
    assert_eq!((e.col, e.kind), (7, AsmErrorKind::Conflict { a: ".T", b: ".P" }));
    let e = err("TXQ.DC R0, R6, 1, 0;");
    assert!(
        matches!(&e.kind, AsmErrorKind::Modifier { opcode: "TXQ", modifier, .. } if modifier == "DC") && e.col == 5,
        "{e}"
    );
    let e = err("TXQ.B.b R0, R6, 1, 0;");
    assert!(matches!(&e.kind, AsmErrorKind::Duplicate(m) if m == "b"), "{e}");
    let e = err("TMML R2, R6, 6, 2D;");
    assert!(matches!(e.kind, AsmErrorKind::Missing { opcode: "TMML", .. }), "{e}");
    let e = err("@P0 SAMPLE TEMP[0], TEMP[1], SVIEW[0], SAMP[0]");
    assert_eq!((e.col, e.kind), (1, AsmErrorKind::Predicate));
    let e = err("FOO R0;");
    assert!(matches!(&e.kind, AsmErrorKind::UnknownOpcode(s) if s == "FOO"), "{e}");
    let e = err("TXQ R0, R6, 1, 0 &req_6 &req_1;");
    assert!(matches!(&e.kind, AsmErrorKind::Duplicate(s) if s == "&req"), "{e}");
    let e = err("TXQ R0, R6, 1, 0 &req_64;");
    assert_eq!(e.kind, AsmErrorKind::OutOfRange { what: "&req", max: 63 });
    // Messages name the place and the expectation.
    assert_eq!(err("TXQ R0, X6, 1, 0;").to_string(), "1:9: expected register (R0-R254 or RZ), found `X6`");
    assert_eq!(err("").kind, AsmErrorKind::Expected { what: "an instruction", found: Snippet::new() });
    let e = err("TXQ R0, R6, 1, 0;\nTXQ R0, R6, 1, 0;");
    assert_eq!(e.line, 2);
}

#[test]
fn programs_assemble_line_by_line() {
    let text = "// header\n\nTXQ R0, R6, 1, 0;  // comment\n  0: SAMPLE TEMP[0], TEMP[1], SVIEW[0], SAMP[0]\n/* c */ RESINFO (8) T0 r1 r2\n";
    let v: Vec<_> = assemble_lines(text).collect::<Result<_, _>>().unwrap();
    assert_eq!(v.iter().map(|(l, _)| *l).collect::<Vec<_>>(), [3, 4, 5]);
    let bad: Vec<_> = assemble_lines("TXQ R0, R6, 1, 0;\nTXQ R0;\n").collect();
    assert!(bad[0].is_ok());
    assert_eq!(bad[1].as_ref().unwrap_err().line, 2);
    assert_eq!(assemble_line("   // only a comment", 7), Ok(None));
}

// ------------------------------------------------------------------ float literals

fn std_bits(s: &str) -> u32 {
    s.parse::<f32>().unwrap().to_bits()
}

#[test]
fn float_literals_are_exact_rne() {
    let cases = [
        ("0.5", 0x3F00_0000),
        ("1", 0x3F80_0000),
        ("-2", 0xC000_0000),
        ("0.1", 0x3DCC_CCCD),
        (".25", 0x3E80_0000),
        ("5.", 0x40A0_0000),
        ("0", 0),
        ("-0.0", 0x8000_0000),
        ("3.4028235e38", 0x7F7F_FFFF),
        ("3.4028236e38", 0x7F80_0000),
        ("1e39", 0x7F80_0000),
        ("1e-45", 1),
        ("7e-46", 0),
        ("7.1e-46", 1),
        // 2^-150 exactly: a tie between 0 and the smallest subnormal → even (0).
        ("7.00649232162408535461864791644958065640130970938257885878534141944895541342930300743319094181060791015625e-46", 0),
        ("7.006492321624085354618647916449580656401309709382578858785341419448955413429303007433190941810607910156251e-46", 1),
        // 1 + 2^-24: a tie → even (1.0); a hair above → next.
        ("1.000000059604644775390625", 0x3F80_0000),
        ("1.0000000596046447753906250000000000000000001", 0x3F80_0001),
        // 1 + 3·2^-24: a tie → even (mantissa …10).
        ("1.000000178813934326171875", 0x3F80_0002),
        // Smallest normal and the largest subnormal boundary.
        ("1.17549435082228750797e-38", 0x0080_0000),
        ("1.1754942106924410754870294448492873488270524287458933338571745305715888704756189042655e-38", 0x007F_FFFF),
        ("INF", 0x7F80_0000),
        ("-Infinity", 0xFF80_0000),
        ("nan", 0x7FC0_0000),
        ("12345678901234567890e-10", 0x4E93_2C06),
    ];
    for (s, want) in cases {
        assert_eq!(parse_f32(s), Some(want), "{s}");
        if !s.eq_ignore_ascii_case("nan") {
            assert_eq!(std_bits(s), want, "the std parser agrees on {s}");
        }
    }
    // A tie decided by a digit far past the 120 kept digits.
    let tie = "1.000000059604644775390625";
    let above = format!("{tie}{}1", "0".repeat(300));
    assert_eq!(parse_f32(&above), Some(0x3F80_0001));
    assert_eq!(parse_f32(&format!("{tie}{}", "0".repeat(300))), Some(0x3F80_0000));
    for bad in ["", "-", ".", "e5", "1e", "1.5x", "0x10", "1_000", "--1", "in"] {
        assert_eq!(parse_f32(bad), None, "{bad:?}");
    }
    assert_eq!(parse_word("0.5"), Some(0x3F00_0000));
    assert_eq!(parse_word("-1"), Some(0xFFFF_FFFF));
    assert_eq!(parse_word("0x3f800000"), Some(0x3F80_0000));
    assert_eq!(parse_word("1e0"), Some(0x3F80_0000));
}

/// The exact decimal expansion of the midpoint between binary32 `b` and its successor.
fn midpoint_decimal(b: u32) -> String {
    let lo = f64::from(f32::from_bits(b));
    let hi = f64::from(f32::from_bits(b + 1));
    let mid = (lo + hi) / 2.0; // exact in binary64
    format!("{mid:.1100e}")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn float_parser_matches_std_on_random_decimals(
        neg in any::<bool>(),
        int in "[0-9]{0,25}",
        frac in "[0-9]{0,40}",
        exp in proptest::option::of(-70i32..60),
    ) {
        prop_assume!(!(int.is_empty() && frac.is_empty()));
        let mut s = String::new();
        if neg { s.push('-'); }
        s.push_str(&int);
        if !frac.is_empty() { s.push('.'); s.push_str(&frac); }
        if let Some(e) = exp { s.push_str(&format!("e{e}")); }
        prop_assert_eq!(parse_f32(&s), Some(std_bits(&s)), "{}", s);
    }

    #[test]
    fn float_parser_round_trips_every_finite_f32(bits in any::<u32>()) {
        let x = f32::from_bits(bits);
        prop_assume!(x.is_finite());
        for s in [format!("{x:e}"), format!("{x:.9e}"), format!("{x}")] {
            prop_assert_eq!(parse_f32(&s), Some(bits), "{}", s);
        }
    }

    #[test]
    fn float_parser_breaks_exact_ties_to_even(bits in 0u32..0x7F7F_FFFF) {
        let s = midpoint_decimal(bits);
        let even = if bits & 1 == 0 { bits } else { bits + 1 };
        prop_assert_eq!(parse_f32(&s), Some(even), "{}", s);
        prop_assert_eq!(std_bits(&s), even);
    }
}

// ------------------------------------------------------------------ never panics

const TOKENS: &[&str] = &[
    "TXQ",
    "TLD4S",
    "TMML",
    "SAMPLE",
    "SAMPLE_C",
    "GATHER4",
    "SVIEWINFO",
    "ATOMCAS",
    "LOAD",
    "STORE",
    "RESINFO",
    "SAMPLEINFO",
    "IMM",
    "TEX",
    "TXF",
    ".B",
    ".R",
    ".LOD",
    ".F16",
    ".AOFFI",
    ".DC",
    ".NODEP",
    ".T",
    ".P",
    ".NDV",
    ".xy",
    ".r",
    "R0",
    "R6",
    "R255",
    "RZ",
    "R300",
    "TEMP",
    "SVIEW",
    "SAMP",
    "RES",
    "[",
    "]",
    "0",
    "1",
    "31",
    "32",
    "0x1fff",
    "0x",
    "2D",
    "ARRAY_CUBE",
    "SHADOW2D",
    "TEX_HEADER_DIMENSION",
    "FLT32",
    "{",
    "}",
    "(",
    ")",
    "8",
    "16",
    "M3_NM",
    "T0",
    "r10",
    "V3",
    ".4",
    ",",
    ";",
    "@",
    "!",
    "P0",
    "PT",
    "&req_6",
    "&rd",
    "=",
    "?",
    "sched",
    "-",
    "1e5",
    "0.5",
    "inf",
    ".",
    "/*",
    "*/",
    "//",
    ":",
    " ",
    " ",
    "\t",
    "\n",
    "é",
    "\u{0}",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// Arbitrary text: the assembler returns instructions or errors, never panics; whatever
    /// assembles round-trips through the canonical text.
    #[test]
    fn arbitrary_text_never_panics(s in any::<String>()) {
        for (_, i) in assemble_lines(&s).flatten() {
            prop_assert_eq!(assemble(&disassemble(&i)), Ok(i));
        }
    }

    #[test]
    fn token_soup_never_panics_and_round_trips(toks in proptest::collection::vec(proptest::sample::select(TOKENS), 0..24)) {
        let s: String = toks.concat();
        let s2 = toks.join(" ");
        for text in [s, s2] {
            for (_, i) in assemble_lines(&text).flatten() {
                let c = disassemble(&i);
                prop_assert_eq!(assemble(&c), Ok(i), "{:?} → {:?}", text, c);
            }
        }
    }

    /// Mutations of valid lines (a character dropped, replaced or inserted).
    #[test]
    fn mutated_lines_never_panic(which in 0usize..6, pos in any::<prop::sample::Index>(), c in any::<char>(), op in 0u8..3) {
        let lines = [
            "@!P3 TXQ.B.NODEP.T R4, R6, TEX_HEADER_SAMPLER_POS, 16, 0x1 &req_6 &rd0 &wr1 ?sched;",
            "TLD4S.F16.B.AOFFI.DC.NODEP.P R8, R10, R2, R4, 8191 &rd1;",
            "TMML.B.LOD.NDV R2, R6, R1, 6, 1, ARRAY_CUBE, 0x3;",
            "SAMPLE_C TEMP[0].xy, TEMP[1].zyx, SVIEW[0].r, SAMP[0], -1.5e-3, IMM[2].xyz",
            "IMM[3] FLT32 {0.5, -1.0, 1e-45, inf}",
            "RESINFO (16, M5_NM) T3 V10.4 r12.32",
        ];
        let mut s: Vec<char> = lines[which].chars().collect();
        let i = pos.index(s.len() + 1);
        match op {
            0 if i < s.len() => { s.remove(i); }
            1 if i < s.len() => s[i] = c,
            _ => s.insert(i, c),
        }
        let text: String = s.into_iter().collect();
        if let Ok(i) = assemble(&text) {
            prop_assert_eq!(assemble(&disassemble(&i)), Ok(i));
        }
    }
}

// ------------------------------------------------------------------ generated instructions

fn arb_sched() -> impl Strategy<Value = Sched> {
    (
        proptest::option::of(0u8..64),
        proptest::option::of(0u8..8),
        proptest::option::of(0u8..8),
        proptest::option::of("[A-Za-z0-9_]{1,16}"),
    )
        .prop_map(|(req, rd, wr, hint)| Sched { req, rd, wr, hint: hint.map(|h| h.as_str().try_into().unwrap()) })
}

fn arb_common() -> impl Strategy<Value = NvCommon> {
    (0u8..8, any::<bool>(), any::<bool>(), 0u8..3, arb_sched()).prop_map(|(index, negate, nodep, ph, sched)| NvCommon {
        pred: Pred { index, negate },
        nodep,
        phase: [Phase::None, Phase::T, Phase::P][ph as usize],
        sched,
    })
}

fn arb_tex() -> impl Strategy<Value = TexIndex> {
    (0u16..=0x1FFF, any::<bool>()).prop_map(|(i, legacy)| TexIndex { idx: TsPtrIdx::new(i).unwrap(), legacy })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn generated_nvidia_instructions_round_trip(
        c in arb_common(), b in any::<[bool; 5]>(), regs in any::<[u8; 4]>(), tex in arb_tex(),
        wmask in 0u8..16, q in 0usize..3, comp in 0u8..4, d in 0usize..7, rb in proptest::option::of(any::<u8>()),
    ) {
        let r = |i: usize| Reg(regs[i]);
        let all = [
            Instr::Txq(NvTxq { common: c.clone(), bindless: b[0], rd: r(0), ra: r(1), query: TxqQuery::ALL[q], tex, wmask }),
            Instr::Tld4s(NvTld4s { common: c.clone(), comp, f16: b[1], aoffi: b[2], dc: b[3], rd1: r(0), rd0: r(1), ra: r(2), rb: r(3), ts: tex.idx }),
            Instr::Tmml(NvTmml { common: c, bindless: b[0], ndv: b[4], rd: r(0), ra: r(1), rb: rb.map(Reg), tex, desc: CoordDesc::ALL[d], wmask }),
        ];
        for i in all {
            let text = disassemble(&i);
            prop_assert_eq!(assemble(&text), Ok(i), "{}", text);
        }
    }
}
