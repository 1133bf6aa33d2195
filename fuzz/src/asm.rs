//! Target `asm`: the assembler and disassembler of `texcore::isa` on arbitrary text.
//!
//! Input: raw text (mode 0), a soup of the syntax's tokens (mode 1), or a hand-built
//! [`Instr`](texcore::isa::Instr) (mode 2, see [`crate::isa::instr`]).
//!
//! Checks: no panic on any text; every instruction the assembler produces re-assembles from
//! its disassembly to the same instruction, and the disassembly is canonical (printing it
//! again gives the same text); a hand-built instruction's disassembly assembles (if at all)
//! to an instruction that round-trips.

use texcore::isa::{assemble, assemble_line, assemble_lines, disassemble, Instr};

use crate::input::Reader;

/// Tokens of the three dialects, including near misses.
pub const TOKENS: &[&str] = &[
    "TXQ",
    "TXQ.B",
    "TLD4S",
    "TMML",
    "TMML.B",
    ".LOD",
    ".NDV",
    ".NODEP",
    ".T",
    ".P",
    ".B",
    ".F16",
    ".R",
    ".G",
    ".A",
    ".AOFFI",
    ".DC",
    "R0",
    "R1",
    "R2",
    "R3",
    "R4",
    "R5",
    "R6",
    "R8",
    "R10",
    "R12",
    "R252",
    "R254",
    "R255",
    "RZ",
    "@P0",
    "@!P3",
    "@P6",
    "@P7",
    "@PT",
    "@!PT",
    "TEX_HEADER_DIMENSION",
    "TEX_HEADER_TEXTURE_TYPE",
    "TEX_HEADER_SAMPLER_POS",
    "1D",
    "2D",
    "3D",
    "CUBE",
    "ARRAY_1D",
    "ARRAY_2D",
    "ARRAY_3D",
    "ARRAY_CUBE",
    "&req_3",
    "&req=63",
    "&req_64",
    "&rd2",
    "&wr=7",
    "&wr8",
    "?hint",
    "?a_sixteen_chars_",
    "{&rd1}",
    "TEX",
    "TXB",
    "TXL",
    "TXD",
    "TXP",
    "TEX2",
    "TXB2",
    "TXL2",
    "TXF",
    "SAMPLE",
    "SAMPLE_B",
    "SAMPLE_C",
    "SAMPLE_C_LZ",
    "SAMPLE_D",
    "SAMPLE_L",
    "SAMPLE_I",
    "SAMPLE_I_MS",
    "SAMPLE_POS",
    "SAMPLE_INFO",
    "SVIEWINFO",
    "GATHER4",
    "LOAD",
    "STORE",
    "ATOMUADD",
    "ATOMXCHG",
    "ATOMCAS",
    "ATOMAND",
    "ATOMOR",
    "ATOMXOR",
    "ATOMUMIN",
    "ATOMUMAX",
    "ATOMIMIN",
    "ATOMIMAX",
    "TEMP[0]",
    "TEMP[1]",
    "TEMP[31]",
    "TEMP[32]",
    "IMM[0]",
    "IMM[3]",
    "IMM[31]",
    "IMM[32]",
    ".x",
    ".xy",
    ".xyz",
    ".xzw",
    ".xyzw",
    ".rgba",
    ".wzyx",
    ".xxxx",
    ".r",
    "SVIEW[0]",
    "SVIEW[255]",
    "SVIEW[256]",
    "SVIEW[0].r",
    "SVIEW[1].a",
    "SAMP[0]",
    "SAMP[7]",
    "RES[0]",
    "RES[2]",
    "BUFFER",
    "RECT",
    "SHADOW2D",
    "SHADOWCUBE",
    "2D_ARRAY",
    "2D_MSAA",
    "CUBEARRAY",
    "SHADOWCUBEARRAY",
    "FLT32",
    "UINT32",
    "INT32",
    "{",
    "}",
    "RESINFO",
    "SAMPLEINFO",
    "(8)",
    "(16)",
    "(16, M5)",
    "(8, M3_NM)",
    "(M1_NM, 8)",
    "(16, M3)",
    "(4)",
    "T0",
    "T255",
    "r0",
    "r10",
    "r127",
    "r128",
    "V12.16",
    "r3.4",
    "r3.3",
    "0",
    "1",
    "2",
    "3",
    "5",
    "6",
    "7",
    "0xf",
    "0x10",
    "0x1FFF",
    "8191",
    "8192",
    "-1",
    "-8",
    "2.5e-1",
    "1.5",
    "inf",
    "-inf",
    "nan",
    "4294967295",
    "4294967296",
    "0x3f800000",
    ",",
    ";",
    ":",
    "0:",
    "//",
    "/*",
    "*/",
    "\n",
];

/// Text of tokens chosen by the input, separated as the input says.
pub fn soup(r: &mut Reader<'_>) -> String {
    let mut s = String::new();
    for _ in 0..r.below(24) {
        let k = usize::from(r.u16()) % TOKENS.len();
        s.push_str(TOKENS[k]);
        s.push_str(["", " ", ", ", " "][r.below(4)]);
    }
    s
}

/// `assemble(disassemble(i)) == i` and the disassembly is canonical.
pub fn round_trip(i: &Instr) {
    let d = disassemble(i);
    match assemble(d.as_str()) {
        Ok(j) => {
            assert_eq!(&j, i, "assemble(disassemble(i)) == i for `{d}`");
            assert_eq!(disassemble(&j), d, "canonical text");
        }
        Err(e) => panic!("the disassembly `{d}` of an assembled instruction does not assemble: {e:?}"),
    }
}

/// Assembles `text` every way the API offers; round-trips what assembles.
pub fn check_text(text: &str) {
    for (_, i) in assemble_lines(text).flatten() {
        round_trip(&i);
    }
    if let Ok(i) = assemble(text) {
        round_trip(&i);
    }
    for (n, l) in text.lines().enumerate().take(64) {
        if let Ok(Some(i)) = assemble_line(l, n as u32 + 1) {
            round_trip(&i);
        }
    }
}

/// Runs one input.
pub fn run(data: &[u8]) {
    let mut r = Reader::new(data);
    match r.u8() % 3 {
        0 => check_text(&String::from_utf8_lossy(r.rest())),
        1 => check_text(&soup(&mut r)),
        _ => {
            let i = crate::isa::instr(&mut r);
            let d = disassemble(&i);
            // A hand-built instruction need not print as something the assembler takes; what
            // it does take must round-trip.
            if let Ok(j) = assemble(d.as_str()) {
                round_trip(&j);
            }
        }
    }
}
