//! The instruction layer: the source documents' textual instruction forms, assembled into typed
//! [`Instr`]s, printed back canonically, and executed on register files.
//!
//! * [`assemble`] / [`assemble_line`] / [`assemble_lines`]: text → [`Instr`], with
//!   [`AsmError`]s that carry the line, the column and what was expected.
//! * [`disassemble`] (or `Display`): [`Instr`] → canonical text;
//!   `assemble(disassemble(i)) == i` for every instruction the assembler produces.
//! * [`execute`] / [`run`]: an [`Instr`] on a [`Machine`] (NVIDIA `R0`–`R254` + `RZ` and
//!   `P0`–`P6` + `PT` per lane, TGSI `TEMP` vec4s per lane and `IMM`s, an Intel GRF file) for a
//!   2×2 quad, against an [`Env`] (pools, constant bank, TGSI/Intel binding tables, texel
//!   memory). The source documents' register rules are checked first ([`Instr::validate`],
//!   [`RuleError`]).
//!
//! No heap, no panics on any input (property-tested with arbitrary text and register
//! states), no float arithmetic: float literals are converted by [`float::parse_f32`], exactly
//! (round to nearest, ties to even, from the decimal value — big-integer arithmetic).
//!
//! # Syntax
//!
//! One instruction per line. `//` starts a comment to the end of the line; `/* … */` comments
//! may appear anywhere between tokens. Mnemonics, modifiers, register names and keywords are
//! case-insensitive (the canonical form is upper-case, Intel raw operands `r<n>`). Numbers
//! are decimal or `0x` hexadecimal. Columns in errors are byte offsets + 1. The dialect
//! follows from the opcode; `TXQ` is TGSI when its first operand is `TEMP[…]` and NVIDIA
//! otherwise.
//!
//! ## NVIDIA SASS (`TXQ`, `TLD4S`, `TMML`) — terminated by `;`
//!
//! ```text
//! {@{!}Pg} TXQ{.B}{.NODEP}{.T|.P}  Rd, Ra, query, tsPtrIdx {, wmsk}        {decorations} ;
//! {@{!}Pg} TXQ{.B}{.NODEP}{.T|.P}  Rd, Ra, query, tid, smp, wmsk          {decorations} ;
//! {@{!}Pg} TLD4S{.F16}.R|.G|.B|.A{.AOFFI}{.DC}{.NODEP}{.T|.P} Rd1, Rd0, Ra, Rb, tsPtrIdx {decorations} ;
//! {@{!}Pg} TMML{.B}.LOD{.NDV}{.NODEP}{.T|.P} Rd, Ra, {Rb,} tsPtrIdx, paramA {, wmsk}   {decorations} ;
//! {@{!}Pg} TMML{.B}.LOD{.NDV}{.NODEP}{.T|.P} Rd, Ra, {Rb,} tid, smp, paramA {, wmsk}   {decorations} ;
//! ```
//!
//! | element | accepted | canonical |
//! |---|---|---|
//! | predicate | `@P0` … `@P6`, `@PT`, `@!Pn`, `@!PT` | omitted when `@PT` |
//! | registers | `R0` … `R254`, `RZ` (`R255` is an alias of `RZ`) | `R<n>`, `RZ` |
//! | modifiers | any order, each at most once; `.T`/`.P` exclusive; TLD4S needs exactly one of `.R .G .B .A` (there `.B` is blue), TMML needs `.LOD` | the source's order |
//! | query | `TEX_HEADER_DIMENSION`, `TEX_HEADER_TEXTURE_TYPE`, `TEX_HEADER_SAMPLER_POS`, or the codes 1, 2, 5 | the name |
//! | texture index | `tsPtrIdx` (0 … 0x1FFF), or `tid, smp` (≤ 255, ≤ 31; `tsPtrIdx = {smp, tid}`); TXQ: two immediates are `tsPtrIdx, wmsk`, three are `tid, smp, wmsk`; TMML: the immediates before `paramA` | as written (decimal) |
//! | `paramA` | `1D 2D 3D CUBE ARRAY_1D ARRAY_2D ARRAY_CUBE` (`ARRAY_3D` is reserved: error) | the name |
//! | `wmsk` | 0 … 0xF, default 0xf | always printed, `0x` hex |
//! | Rb (TMML) | optional register before the texture index | printed when present |
//! | decorations | `&req_N` / `&req=N` (N ≤ 63), `&rdN` / `&rd=N`, `&wrN` / `&wr=N` (N ≤ 7), `?name` (≤ 16 chars), each optionally in `{ }`, any order, each at most once | ` &req_N &rdN &wrN ?name` in that order, before `;` |
//!
//! The source documents' example lines are canonical text: `TXQ R0, R6, TEX_HEADER_DIMENSION, 0, 0xf;`,
//! `TLD4S.R R8, R10, R0, R5, 5;`, `TMML.LOD R2, R6, 6, 2D, 0x3;`.
//!
//! ## Gallium TGSI — optional `;`, optional dump label `N:`
//!
//! ```text
//! TEX|TXB|TXL|TXP  dst, src0, SAMP[n] {, target}
//! TXD              dst, src0, ddx, ddy, SAMP[n] {, target}
//! TEX2|TXB2|TXL2   dst, src0, src1, SAMP[n] {, target}
//! TXF              dst, src0, SAMP[n] {, target} {, IMM[k].xyz}
//! TXQ              dst, lod, SAMP[n] {, target}
//! SAMPLE           dst, addr, SVIEW[n], SAMP[m] {, IMM[k].xyz}
//! SAMPLE_B|SAMPLE_L|SAMPLE_C|SAMPLE_C_LZ   dst, addr, SVIEW[n], SAMP[m], scalar {, IMM[k].xyz}
//! SAMPLE_D         dst, addr, SVIEW[n], SAMP[m], ddx, ddy {, IMM[k].xyz}
//! GATHER4          dst, addr, SVIEW[n].c, SAMP[m] {, IMM[k].xy}
//! SAMPLE_I         dst, addr, SVIEW[n]
//! SAMPLE_I_MS      dst, addr, SVIEW[n], sample
//! SVIEWINFO        dst, mip_level, SVIEW[n]
//! SAMPLE_POS       dst, sample_index, SVIEW[n]        (also: dst, SVIEW[n], sample_index)
//! SAMPLE_INFO      dst, SVIEW[n]
//! LOAD             dst, RES[n], addr
//! STORE            RES[n], addr, src
//! ATOMUADD|ATOMXCHG|ATOMAND|ATOMOR|ATOMXOR|ATOMUMIN|ATOMUMAX|ATOMIMIN|ATOMIMAX  dst, RES[n], addr, src
//! ATOMCAS          dst, RES[n], addr, cmp, src
//! IMM[n] FLT32|UINT32|INT32 {v0, v1, v2, v3}          (an immediate declaration; sets IMM[n] when executed)
//! ```
//!
//! * `dst` is `TEMP[i]` with an optional write mask `.x`, `.xy`, `.xzw`, … (components in
//!   order; canonical: omitted when `.xyzw`).
//! * Sources are `TEMP[i]` or `IMM[i]` with an optional swizzle of 1 to 4 letters of `xyzw` or
//!   `rgba`; fewer than four letters repeat the last (`.x` = `.xxxx`, `.xyz` = `.xyzz`).
//!   Canonical: omitted for `.xyzw`, one letter when replicated, else four `xyzw` letters.
//! * `SVIEW[n]` takes a swizzle too (canonical in `rgba` letters, as TGSI's `SVIEW[0].r`):
//!   it is applied to the returned vector; for `GATHER4` its first component selects the
//!   gathered component.
//! * Scalar operands (the bias, LOD, reference, mip level, sample index) may be literals: in
//!   float positions (`SAMPLE_B/C/C_LZ/L`, `TEX2/TXB2/TXL2`'s `src1`) a decimal is a binary32
//!   value (`1` = 1.0, `-0.5`, `2.5e-1`, `inf`, `nan`); in integer positions (`TXQ`, `SVIEWINFO`,
//!   `SAMPLE_POS`, `SAMPLE_I_MS`) a decimal integer (−2^31 … 2^32 − 1); `0x…` is the raw bit
//!   pattern anywhere. Canonical: `0x` + 8 hex digits.
//! * Texel offsets are constants: `IMM[k]` with a swizzle, components x, y, z as signed
//!   integers.
//! * Targets: `BUFFER 1D 2D 3D CUBE RECT SHADOW1D SHADOW2D SHADOWRECT 1D_ARRAY 2D_ARRAY
//!   SHADOW1D_ARRAY SHADOW2D_ARRAY SHADOWCUBE 2D_MSAA 2D_ARRAY_MSAA CUBEARRAY
//!   SHADOWCUBEARRAY`. A `SHADOW*` target selects the depth-compare form; otherwise the target
//!   is preserved only — the operand layout follows the bound view's type, as in the core ops.
//! * `IMM` values: `FLT32` decimals (exact RNE) or `0x` bits, `UINT32` unsigned, `INT32`
//!   signed; 1 to 4 values (missing ones are 0). Canonical: four values, `FLT32` as `0x` bits.
//! * Register files: `TEMP[0]` … `TEMP[31]`, `IMM[0]` … `IMM[31]`; `SVIEW`, `SAMP`, `RES` 0 … 255.
//!
//! ## Intel vISA `INFO`
//!
//! ```text
//! RESINFO    (exec) <surface> <lod> <dst>
//! SAMPLEINFO (exec) <surface> <dst>
//! ```
//!
//! * `exec` is `(8)` or `(16)`, optionally with a mask `Mk` (k = 1 … 8) and `_NM`, in either
//!   order: `(16, M5)`, `(8, M3_NM)`, `(M1_NM, 8)`, `(16_NM)`. It encodes the Exec_size byte
//!   of [`crate::query::intel::ExecCtrl`]; a mask offset not aligned to the size (e.g.
//!   `(16, M3)`) assembles and is rejected by the executor ([`ExecError::Info`]).
//!   Canonical: `(N)` for M1 without NM, else `(N, Mk)` / `(N, Mk_NM)`.
//! * `<surface>` is `T<n>` or `<n>`: index `n` (≤ 255) into the Intel binding table.
//! * Raw operands (type UD) name the GRF directly: `r<n>` or `V<n>` (the vISA variable
//!   spelling, here simply GRF `n`, 0 … 127), optionally `.<byte offset>` (a multiple of 4):
//!   `r10`, `V12.16`. `<lod>` is `exec_size` dwords (lane `i` at dword `i`), `<dst>` is the planar
//!   `exec_size × 4` dwords (component `c` of lane `i` at dword `c × exec_size + i`).
//!   Canonical: `r<n>` / `r<n>.<offset>`, surface `T<n>`, operands separated by spaces
//!   (commas between operands are accepted).
//!
//! # Execution
//!
//! ## Lanes
//!
//! The quad's lanes are 0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right (as in
//! [`crate::op::sample`]). [`Machine::active`] selects the lanes that execute;
//! [`Machine::killed`] marks discarded lanes, which keep running as *helper* lanes.
//!
//! | instruction | lane `l` is written when |
//! |---|---|
//! | NVIDIA | `l` active, its predicate (`@Pn` / `@!Pn`) true in `l`, and not (`.NODEP` and `l` killed) |
//! | TGSI | `l` active (helpers included) |
//! | Intel | per [`crate::query::intel`]: channel enabled in [`Machine::exec_mask`] under `Mk`, or `_NM` |
//!
//! Lanes that are not written still provide their coordinate registers to the implicit
//! derivatives of the quad (TMML, TEX, SAMPLE, …), as a real quad does. `.T`/`.P`, `.NDV` and the
//! decorations have no effect on values.
//!
//! ## Handles and binding tables
//!
//! NVIDIA instructions find their handle in the constant bank at `tsPtrIdx`
//! ([`crate::handle::Bindings`]) or, bindless, in a register: TXQ `.B` reads it from `Ra+0`
//! and the parameter (LOD or sample index) from `Ra+1`; without `.B` the parameter is
//! "compacted upwards" into `Ra+0` (TXQ `TEX_HEADER_TEXTURE_TYPE` has no parameter). TMML
//! reads `[array,] s, t, r` from `Ra…` and, with `.B`, the handle from `Rb`.
//!
//! TGSI and Intel operands name slots of [`Tables`]: each entry is a pointer into the same
//! header / sampler pools (so `MaximumIndex` and every validity rule apply); a slot past the
//! end of its table is unbound. `SVIEW[n]` → `tables.sview[n]`, `SAMP[n]` → `tables.samp[n]`,
//! `RES[n]` → `tables.res[n]`, Intel surface `n` → `tables.surface[n]`; the `TEX` family's
//! unit `SAMP[n]` reads the texture from `tables.sview[n]` and the sampler from
//! `tables.samp[n]`. Invalid or unbound → the op's zeros.
//!
//! ## Rules → errors
//!
//! "Aligned to `k`" means the register number is a multiple of `k`. A group of `n` registers
//! needs alignment 1 (n = 1), 2 (n = 2) or **4 (n = 3 or 4: a vec3 takes a vec4-aligned
//! slot)** — [`alignment`]. Every group must also end at or below `R254`.
//!
//! | rule (seed) | error |
//! |---|---|
//! | TXQ: `Rd` aligned to the number of components the write mask enables (000) | [`RuleError::Misaligned`] `{ Rd }` |
//! | TXQ: `Ra` not `RZ` when it holds parameters (`.B` handle and/or LOD / sample index) (000) | [`RuleError::Rz`] `{ Ra }` |
//! | TXQ: `Ra` aligned to 1 / 2 for 1 / 2 parameters (000) | [`RuleError::Misaligned`] `{ Ra }` |
//! | TLD4S: neither `Ra` nor `Rb` is `RZ` (001) | [`RuleError::Rz`] `{ Ra }` / `{ Rb }` |
//! | TLD4S: `Ra`/`Rb` widths per the legal-modifier table (scalar or vec2, so vec2-aligned) (001) | [`RuleError::Misaligned`] `{ Ra }` / `{ Rb }` |
//! | TLD4S: `Rd0` and `Rd1` vec2-aligned (also with `.F16`) (001) | [`RuleError::Misaligned`] `{ Rd0 }` / `{ Rd1 }` |
//! | TLD4S: `Rd0` and `Rd1` do not overlap (texcore) | [`RuleError::Overlap`] |
//! | TMML: `Ra` / `Rb` / `Rd` aligned to the registers read / written (002) | [`RuleError::Misaligned`] |
//! | TMML: `Ra` not `RZ` (it always holds coordinates), `.B` `Rb` not `RZ` (texcore, by TXQ's rule) | [`RuleError::Rz`] |
//! | TMML: `.B` needs `Rb`; `Rb` only with `.B` (002) | [`RuleError::MissingRb`] / [`RuleError::UnexpectedRb`] |
//! | any register group past `R254` | [`RuleError::Range`] |
//! | fields a hand-built instruction can break (component > 3, wmask > 0xF, predicate > 7, TGSI index or swizzle, Intel execution size / mask, Intel operand past the GRF) | [`RuleError::Field`], [`RuleError::TgsiIndex`], [`RuleError::Grf`], [`RuleError::IntelOperands`] |
//!
//! Rules that are not errors but define the write-back:
//!
//! * **Write mask, "decimated contiguous writes"** (TXQ, TMML): the enabled components, in
//!   R, G, B, A order, go to `Rd, Rd+1, …` ([`crate::output::decimate`]); `RZ` as `Rd`
//!   discards them.
//! * **TLD4S packing**: `Rd0 = {S0, S1}`, `Rd1 = {S2, S3}` (seed example
//!   `TLD4S.R R8, R10, R0, R5, 5` → `{R9, R8, R11, R10} = {S3, S2, S1, S0}`); with `.F16` one
//!   register each, `S1:S0` and `S3:S2` as binary16 halves — both halves always written, no
//!   partial writes (rounding: [`Machine::f16_rounding`]).
//! * TGSI destinations: the write mask selects components in place (no decimation).
//! * Op errors ([`ExecError::Sample`], [`ExecError::Gather`], …) and rule errors leave every
//!   register and the memory untouched. STORE and atomics apply lanes in lane order 0 … 3.

mod asm;
mod disasm;
mod exec;
pub mod float;
mod instr;

pub use asm::{assemble, assemble_line, assemble_lines, parse_word, AsmError, AsmErrorKind, Lines, Snippet};
pub use disasm::{disassemble, DISASM_LEN};
pub use exec::{
    alignment, execute, run, Env, ExecError, Machine, Operand, RuleError, Tables, GRF_TOTAL_DWORDS, LANES, NV_REGS,
};
pub use instr::*;
