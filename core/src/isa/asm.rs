//! The assembler: text → [`Instr`]. See the [module docs](super) for the syntax.

use core::fmt;

use heapless::{String, Vec};

use super::float::parse_f32;
use super::instr::*;
use crate::handle::TsPtrIdx;
use crate::op::resource::AtomicOp;
use crate::op::tmml::CoordDesc;
use crate::query::intel::{ExecCtrl, InfoOp};
use crate::query::nv::TxqQuery;

/// A short copy of the input at an error (truncated to fit).
pub type Snippet = String<24>;

/// Where an assembly error is and what went wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AsmError {
    /// 1-based line number.
    pub line: u32,
    /// 1-based column (byte offset in the line + 1).
    pub col: u32,
    /// What went wrong.
    pub kind: AsmErrorKind,
}

/// The kinds of assembly error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AsmErrorKind {
    /// Something else was expected here; `found` is the input there (empty = end of line).
    Expected {
        /// What the grammar allows at this point.
        what: &'static str,
        /// What the input has.
        found: Snippet,
    },
    /// Not an opcode of any dialect.
    UnknownOpcode(Snippet),
    /// A modifier the opcode does not have.
    Modifier {
        /// The opcode.
        opcode: &'static str,
        /// The modifier written.
        modifier: Snippet,
        /// The modifiers the opcode accepts.
        allowed: &'static str,
    },
    /// The same modifier (or decoration) twice.
    Duplicate(Snippet),
    /// Two modifiers that exclude each other (`.T` and `.P`; two components).
    Conflict {
        /// First.
        a: &'static str,
        /// Second.
        b: &'static str,
    },
    /// A required modifier is missing (`TLD4S` component, `TMML.LOD`).
    Missing {
        /// The opcode.
        opcode: &'static str,
        /// The modifier(s) expected.
        what: &'static str,
    },
    /// A number does not fit its field.
    OutOfRange {
        /// The field.
        what: &'static str,
        /// Its largest value.
        max: u32,
    },
    /// A predicate on an instruction that is not NVIDIA's.
    Predicate,
}

impl fmt::Display for AsmErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AsmErrorKind::Expected { what, found } => {
                if found.is_empty() {
                    write!(f, "expected {what}, found end of line")
                } else {
                    write!(f, "expected {what}, found `{found}`")
                }
            }
            AsmErrorKind::UnknownOpcode(s) => write!(
                f,
                "unknown opcode `{s}` (expected TXQ, TLD4S, TMML, a TGSI texture/resource opcode, IMM, RESINFO or SAMPLEINFO)"
            ),
            AsmErrorKind::Modifier { opcode, modifier, allowed } => {
                write!(f, "modifier `.{modifier}` is not valid for {opcode} (expected one of {allowed})")
            }
            AsmErrorKind::Duplicate(s) => write!(f, "`{s}` given twice"),
            AsmErrorKind::Conflict { a, b } => write!(f, "{a} and {b} cannot be combined"),
            AsmErrorKind::Missing { opcode, what } => write!(f, "{opcode} requires {what}"),
            AsmErrorKind::OutOfRange { what, max } => write!(f, "{what} out of range (at most {max})"),
            AsmErrorKind::Predicate => write!(f, "predicates (`@Pn`) apply to NVIDIA instructions only"),
        }
    }
}

impl fmt::Display for AsmError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.col, self.kind)
    }
}

type R<T> = Result<T, AsmError>;

fn snippet(s: &str) -> Snippet {
    let mut out = Snippet::new();
    for c in s.chars() {
        if out.push(c).is_err() {
            break;
        }
    }
    out
}

/// Parses an unsigned decimal or `0x` hexadecimal number; `None` if not a number, `Some(u64::MAX)`
/// if it is one that overflows.
fn parse_uint(w: &str) -> Option<u64> {
    let (digits, radix) = match w.get(..2) {
        Some("0x") | Some("0X") => (w.get(2..)?, 16),
        _ => (w, 10),
    };
    if digits.is_empty() {
        return None;
    }
    let mut v: u64 = 0;
    for c in digits.chars() {
        let d = c.to_digit(radix)?;
        v = v.saturating_mul(u64::from(radix)).saturating_add(u64::from(d));
    }
    Some(v)
}

/// What kind of scalar literal an operand position accepts.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Lit {
    /// Registers only.
    None,
    /// A binary32 value: decimal (`1`, `0.5`, `-2e3`, `inf`, `nan`) or `0x` bits.
    Float,
    /// An integer: decimal (optionally negative) or `0x` bits.
    Int,
}

struct P<'a> {
    s: &'a str,
    pos: usize,
    line: u32,
}

fn is_word_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

impl<'a> P<'a> {
    fn byte(&self, at: usize) -> Option<u8> {
        self.s.as_bytes().get(at).copied()
    }

    fn err(&self, at: usize, kind: AsmErrorKind) -> AsmError {
        AsmError { line: self.line, col: u32::try_from(at).unwrap_or(u32::MAX - 1).saturating_add(1), kind }
    }

    /// The input at `at` for an error message: a word, or one character, or "" at the end.
    fn found(&self, at: usize) -> Snippet {
        let rest = self.s.get(at..).unwrap_or("");
        let n = rest.bytes().take_while(|c| is_word_byte(*c)).count();
        if n > 0 {
            return snippet(rest.get(..n).unwrap_or(""));
        }
        match rest.chars().next() {
            Some(c) => {
                let mut s = Snippet::new();
                let _ = s.push(c);
                s
            }
            None => Snippet::new(),
        }
    }

    fn expected(&self, at: usize, what: &'static str) -> AsmError {
        self.err(at, AsmErrorKind::Expected { what, found: self.found(at) })
    }

    /// Skips blanks and `/* … */` comments.
    fn ws(&mut self) -> R<()> {
        loop {
            match self.byte(self.pos) {
                Some(b' ') | Some(b'\t') | Some(b'\r') => self.pos += 1,
                Some(b'/') if self.byte(self.pos + 1) == Some(b'*') => {
                    let start = self.pos;
                    match self.s.get(self.pos + 2..).and_then(|r| r.find("*/")) {
                        Some(end) => self.pos += 2 + end + 2,
                        None => {
                            return Err(self.err(
                                start,
                                AsmErrorKind::Expected { what: "`*/` closing the comment", found: Snippet::new() },
                            ))
                        }
                    }
                }
                _ => return Ok(()),
            }
        }
    }

    fn peek(&mut self) -> R<Option<u8>> {
        self.ws()?;
        Ok(self.byte(self.pos))
    }

    fn at_end(&mut self) -> R<bool> {
        Ok(self.peek()?.is_none())
    }

    fn eat(&mut self, c: u8) -> R<bool> {
        if self.peek()? == Some(c) {
            self.pos += 1;
            Ok(true)
        } else {
            Ok(false)
        }
    }

    fn expect(&mut self, c: u8, what: &'static str) -> R<()> {
        if self.eat(c)? {
            Ok(())
        } else {
            Err(self.expected(self.pos, what))
        }
    }

    fn comma(&mut self) -> R<()> {
        self.expect(b',', "`,`")
    }

    /// A word `[A-Za-z0-9_]+` with its position, or `None` (nothing consumed).
    fn word(&mut self) -> R<Option<(usize, &'a str)>> {
        self.ws()?;
        Ok(self.word_here())
    }

    fn word_here(&mut self) -> Option<(usize, &'a str)> {
        let start = self.pos;
        let s: &'a str = self.s;
        let n = s.get(start..).unwrap_or("").bytes().take_while(|c| is_word_byte(*c)).count();
        if n == 0 {
            return None;
        }
        self.pos += n;
        Some((start, s.get(start..start + n).unwrap_or("")))
    }

    fn need_word(&mut self, what: &'static str) -> R<(usize, &'a str)> {
        let at = {
            self.ws()?;
            self.pos
        };
        self.word()?.ok_or_else(|| self.expected(at, what))
    }

    /// A number (decimal or `0x` hex) up to `max`.
    fn number(&mut self, what: &'static str, max: u32) -> R<u32> {
        let (at, w) = self.need_word(what)?;
        self.check_number(at, w, what, max)
    }

    fn check_number(&self, at: usize, w: &str, what: &'static str, max: u32) -> R<u32> {
        match parse_uint(w) {
            None => Err(self.err(at, AsmErrorKind::Expected { what, found: snippet(w) })),
            Some(v) if v > u64::from(max) => Err(self.err(at, AsmErrorKind::OutOfRange { what, max })),
            Some(v) => Ok(v as u32),
        }
    }

    /// A literal token: `[+-]` then letters, digits, `_`, `.`, and a sign after an exponent `e`.
    fn literal_token(&mut self) -> R<(usize, &'a str)> {
        self.ws()?;
        let start = self.pos;
        let b = self.s.as_bytes();
        let mut i = start;
        if matches!(b.get(i), Some(b'-') | Some(b'+')) {
            i += 1;
        }
        let hex = matches!(b.get(i..i + 2), Some(b"0x") | Some(b"0X"));
        while let Some(&c) = b.get(i) {
            let sign_after_e =
                (c == b'-' || c == b'+') && !hex && matches!(b.get(i.wrapping_sub(1)), Some(b'e') | Some(b'E'));
            if is_word_byte(c) || c == b'.' || sign_after_e {
                i += 1;
            } else {
                break;
            }
        }
        self.pos = i;
        Ok((start, self.s.get(start..i).unwrap_or("")))
    }

    /// A 32-bit literal of the given kind.
    fn literal(&mut self, kind: Lit, what: &'static str) -> R<u32> {
        let (at, t) = self.literal_token()?;
        literal_value(t, kind).ok_or_else(|| self.err(at, AsmErrorKind::Expected { what, found: snippet(t) }))
    }

    // -------------------------------------------------------------- NVIDIA operands

    fn nv_reg(&mut self) -> R<Reg> {
        const WHAT: &str = "register (R0-R254 or RZ)";
        let (at, w) = self.need_word(WHAT)?;
        match nv_reg_word(w) {
            Some(Some(r)) => Ok(r),
            Some(None) => Err(self.err(at, AsmErrorKind::OutOfRange { what: "register number", max: 255 })),
            None => Err(self.err(at, AsmErrorKind::Expected { what: WHAT, found: snippet(w) })),
        }
    }

    fn pred(&mut self) -> R<Pred> {
        const WHAT: &str = "predicate (P0-P6 or PT, optionally negated with `!`)";
        let negate = self.byte(self.pos) == Some(b'!');
        if negate {
            self.pos += 1;
        }
        let at = self.pos;
        let w = self.word_here().map(|(_, w)| w).unwrap_or("");
        let index = if w.eq_ignore_ascii_case("PT") {
            7
        } else {
            match (w.len(), w.as_bytes().first(), w.as_bytes().get(1)) {
                (2, Some(b'P') | Some(b'p'), Some(d)) if (b'0'..=b'6').contains(d) => d - b'0',
                _ => return Err(self.err(at, AsmErrorKind::Expected { what: WHAT, found: snippet(w) })),
            }
        };
        Ok(Pred { index, negate })
    }

    /// `.MOD` suffixes written directly after the mnemonic.
    fn modifiers(&mut self) -> R<Vec<(usize, &'a str), 12>> {
        let mut v = Vec::new();
        while self.byte(self.pos) == Some(b'.') {
            self.pos += 1;
            let at = self.pos;
            let Some(m) = self.word_here() else { return Err(self.expected(at, "modifier after `.`")) };
            if v.push(m).is_err() {
                return Err(self.err(at, AsmErrorKind::Expected { what: "fewer modifiers", found: snippet(m.1) }));
            }
        }
        Ok(v)
    }

    /// Scheduling decorations, each optionally in braces, in any order, each at most once.
    fn sched(&mut self) -> R<Sched> {
        let mut s = Sched::default();
        loop {
            self.ws()?;
            let start = self.pos;
            let brace = self.eat(b'{')?;
            let at = {
                self.ws()?;
                self.pos
            };
            if self.eat(b'&')? {
                let (wat, w) = self.need_word("decoration name (req, rd, wr)")?;
                let (name, rest, max, slot): (&'static str, &str, u32, u8) = if starts_with_ci(w, "req") {
                    ("&req", w.get(3..).unwrap_or(""), 63, 0)
                } else if starts_with_ci(w, "rd") {
                    ("&rd", w.get(2..).unwrap_or(""), 7, 1)
                } else if starts_with_ci(w, "wr") {
                    ("&wr", w.get(2..).unwrap_or(""), 7, 2)
                } else {
                    return Err(self.err(
                        wat,
                        AsmErrorKind::Expected { what: "decoration `&req_N`, `&rdN` or `&wrN`", found: snippet(w) },
                    ));
                };
                let value = if rest.is_empty() {
                    self.expect(b'=', "`=` or the decoration's value")?;
                    self.number(name, max)?
                } else {
                    let digits = rest.strip_prefix('_').unwrap_or(rest);
                    self.check_number(wat + (w.len() - digits.len()), digits, name, max)?
                } as u8;
                let field = match slot {
                    0 => &mut s.req,
                    1 => &mut s.rd,
                    _ => &mut s.wr,
                };
                if field.is_some() {
                    return Err(self.err(at, AsmErrorKind::Duplicate(snippet(name))));
                }
                *field = Some(value);
            } else if self.eat(b'?')? {
                let (wat, w) = self.need_word("scheduling hint name after `?`")?;
                if w.len() > SCHED_HINT_LEN {
                    return Err(self.err(
                        wat,
                        AsmErrorKind::OutOfRange { what: "scheduling hint length", max: SCHED_HINT_LEN as u32 },
                    ));
                }
                if s.hint.is_some() {
                    return Err(self.err(at, AsmErrorKind::Duplicate(snippet("?hint"))));
                }
                s.hint = Some(snippet_n(w));
            } else {
                if brace {
                    return Err(self.expected(at, "scheduling decoration (`&req_N`, `&rdN`, `&wrN`, `?hint`)"));
                }
                self.pos = start;
                return Ok(s);
            }
            if brace {
                self.expect(b'}', "`}`")?;
            }
        }
    }

    /// Decorations, the mandatory `;`, end of line.
    fn nv_end(&mut self) -> R<Sched> {
        let s = self.sched()?;
        self.expect(b';', "`;` (NVIDIA instructions end with `;`)")?;
        self.end()?;
        Ok(s)
    }

    fn end(&mut self) -> R<()> {
        if self.at_end()? {
            Ok(())
        } else {
            Err(self.expected(self.pos, "end of line"))
        }
    }

    // -------------------------------------------------------------- TGSI operands

    fn index_of(&mut self, file: &'static str, what: &'static str, max: u32) -> R<(usize, u8)> {
        let (at, w) = self.need_word(what)?;
        if !w.eq_ignore_ascii_case(file) {
            return Err(self.err(at, AsmErrorKind::Expected { what, found: snippet(w) }));
        }
        self.expect(b'[', "`[`")?;
        let i = self.number("register index", max)?;
        self.expect(b']', "`]`")?;
        Ok((at, i as u8))
    }

    /// `.swizzle` (1 … 4 of `xyzw` / `rgba`; fewer than 4 repeat the last), if present.
    fn swizzle(&mut self) -> R<Option<Swizzle>> {
        if self.byte(self.pos) != Some(b'.') {
            return Ok(None);
        }
        self.pos += 1;
        let at = self.pos;
        let w = self.word_here().map(|(_, w)| w).unwrap_or("");
        let bad = || AsmErrorKind::Expected { what: "swizzle (1 to 4 of x, y, z, w or r, g, b, a)", found: snippet(w) };
        if w.is_empty() || w.len() > 4 {
            return Err(self.err(at, bad()));
        }
        let mut sw = [0u8; 4];
        let mut last = 0u8;
        for (i, slot) in sw.iter_mut().enumerate() {
            if let Some(c) = w.as_bytes().get(i) {
                last = comp_index(*c).ok_or_else(|| self.err(at, bad()))?;
            }
            *slot = last;
        }
        Ok(Some(sw))
    }

    fn dst(&mut self) -> R<TgsiDst> {
        let (_, index) = self.index_of("TEMP", "destination register TEMP[n]", TEMPS as u32 - 1)?;
        let mut mask = 0xF;
        if self.byte(self.pos) == Some(b'.') {
            self.pos += 1;
            let at = self.pos;
            let w = self.word_here().map(|(_, w)| w).unwrap_or("");
            let bad =
                || AsmErrorKind::Expected { what: "write mask (x, y, z, w in order, e.g. `.xy`)", found: snippet(w) };
            mask = 0;
            let mut prev: Option<u8> = None;
            for c in w.bytes() {
                let i = comp_index(c).ok_or_else(|| self.err(at, bad()))?;
                if prev.is_some_and(|p| p >= i) {
                    return Err(self.err(at, bad()));
                }
                prev = Some(i);
                mask |= 1 << i;
            }
            if mask == 0 {
                return Err(self.err(at, bad()));
            }
        }
        Ok(TgsiDst { index, mask })
    }

    fn src(&mut self, lit: Lit) -> R<TgsiSrc> {
        self.ws()?;
        let save = self.pos;
        let what = match lit {
            Lit::None => "source register (TEMP[n] or IMM[n])",
            Lit::Float => "source (TEMP[n], IMM[n] or a float literal)",
            Lit::Int => "source (TEMP[n], IMM[n] or an integer literal)",
        };
        if let Some((_, w)) = self.word()? {
            let file = if w.eq_ignore_ascii_case("TEMP") {
                Some((SrcFile::Temp, TEMPS))
            } else if w.eq_ignore_ascii_case("IMM") {
                Some((SrcFile::Imm, IMMS))
            } else {
                None
            };
            if let Some((file, n)) = file {
                self.expect(b'[', "`[`")?;
                let index = self.number("register index", n as u32 - 1)? as u8;
                self.expect(b']', "`]`")?;
                let swizzle = self.swizzle()?.unwrap_or(XYZW);
                return Ok(TgsiSrc::Reg { file, index, swizzle });
            }
        }
        self.pos = save;
        if lit == Lit::None {
            return Err(self.expected(save, what));
        }
        Ok(TgsiSrc::Literal(self.literal(lit, what)?))
    }

    fn view(&mut self) -> R<ViewRef> {
        let (_, index) = self.index_of("SVIEW", "sampler view SVIEW[n]", 255)?;
        Ok(ViewRef { index, swizzle: self.swizzle()?.unwrap_or(XYZW) })
    }

    fn samp(&mut self) -> R<u8> {
        Ok(self.index_of("SAMP", "sampler SAMP[n]", 255)?.1)
    }

    fn res(&mut self) -> R<u8> {
        Ok(self.index_of("RES", "resource RES[n]", 255)?.1)
    }

    fn offset(&mut self) -> R<OffsetRef> {
        let (_, index) = self.index_of("IMM", "texel offsets IMM[n] (offsets are constants)", IMMS as u32 - 1)?;
        Ok(OffsetRef { index, swizzle: self.swizzle()?.unwrap_or(XYZW) })
    }

    fn target(&mut self) -> R<Target> {
        const WHAT: &str = "texture target (1D, 2D, 3D, CUBE, RECT, 1D_ARRAY, 2D_ARRAY, CUBEARRAY, SHADOW…, BUFFER, 2D_MSAA, 2D_ARRAY_MSAA)";
        let (at, w) = self.need_word(WHAT)?;
        Target::ALL
            .iter()
            .copied()
            .find(|t| t.name().eq_ignore_ascii_case(w))
            .ok_or_else(|| self.err(at, AsmErrorKind::Expected { what: WHAT, found: snippet(w) }))
    }

    /// `, target` then (TXF only) `, IMM[k]` — both optional.
    fn target_tail(&mut self, offsets: bool) -> R<(Option<Target>, Option<OffsetRef>)> {
        if !self.eat(b',')? {
            return Ok((None, None));
        }
        // A TXF offset may follow without a target.
        if offsets {
            if let Some(b'I') | Some(b'i') = self.peek()? {
                return Ok((None, Some(self.offset()?)));
            }
        }
        let t = self.target()?;
        let off = if offsets && self.eat(b',')? { Some(self.offset()?) } else { None };
        Ok((Some(t), off))
    }

    fn offset_tail(&mut self) -> R<Option<OffsetRef>> {
        if self.eat(b',')? {
            Ok(Some(self.offset()?))
        } else {
            Ok(None)
        }
    }

    // -------------------------------------------------------------- instructions

    fn line(&mut self) -> R<Option<Instr>> {
        if self.at_end()? {
            return Ok(None);
        }
        // Optional TGSI dump label `N:`.
        let save = self.pos;
        if let Some((_, w)) = self.word_here() {
            if w.bytes().all(|c| c.is_ascii_digit()) && self.eat(b':')? {
                if self.at_end()? {
                    return Ok(None);
                }
            } else {
                self.pos = save;
            }
        }
        self.ws()?;
        let pred_at = self.pos;
        let pred = if self.eat(b'@')? { Some(self.pred()?) } else { None };
        let (at, mn) = self.need_word("opcode")?;
        let up = upper(mn);
        let is = |s: &str| up.as_str() == s;
        let nv = is("TLD4S")
            || is("TMML")
            || (is("TXQ") && (pred.is_some() || self.byte(self.pos) == Some(b'.') || !self.next_is_temp()?));
        if !nv && pred.is_some() {
            return Err(self.err(pred_at, AsmErrorKind::Predicate));
        }
        let pred = pred.unwrap_or_default();
        let i = if nv {
            match up.as_str() {
                "TXQ" => self.nv_txq(pred)?,
                "TLD4S" => self.nv_tld4s(pred)?,
                _ => self.nv_tmml(pred)?,
            }
        } else if is("RESINFO") || is("SAMPLEINFO") {
            self.intel(if is("RESINFO") { InfoOp::ResInfo } else { InfoOp::SampleInfo })?
        } else if is("IMM") {
            self.imm_decl()?
        } else {
            match self.tgsi(up.as_str())? {
                Some(t) => Instr::Tgsi(t),
                None => return Err(self.err(at, AsmErrorKind::UnknownOpcode(snippet(mn)))),
            }
        };
        Ok(Some(i))
    }

    fn next_is_temp(&mut self) -> R<bool> {
        let save = self.pos;
        let r = matches!(self.word()?, Some((_, w)) if w.eq_ignore_ascii_case("TEMP"));
        self.pos = save;
        Ok(r)
    }

    fn nv_common_mods(
        &self,
        mods: &[(usize, &'a str)],
        opcode: &'static str,
        allowed: &'static str,
        mut own: impl FnMut(usize, &str) -> R<bool>,
    ) -> R<NvCommon> {
        let mut c = NvCommon::default();
        let mut seen: Vec<String<8>, 12> = Vec::new();
        for &(at, m) in mods {
            let u = upper(m);
            if seen.iter().any(|s| s.as_str() == u.as_str()) {
                return Err(self.err(at, AsmErrorKind::Duplicate(snippet(m))));
            }
            let mut short: String<8> = String::new();
            let _ = short.push_str(u.get(..u.len().min(8)).unwrap_or(""));
            let _ = seen.push(short);
            match u.as_str() {
                "NODEP" => c.nodep = true,
                "T" | "P" => {
                    if c.phase != Phase::None {
                        return Err(self.err(at, AsmErrorKind::Conflict { a: ".T", b: ".P" }));
                    }
                    c.phase = if u.as_str() == "T" { Phase::T } else { Phase::P };
                }
                _ => {
                    if !own(at, u.as_str())? {
                        return Err(self.err(at, AsmErrorKind::Modifier { opcode, modifier: snippet(m), allowed }));
                    }
                }
            }
        }
        Ok(c)
    }

    fn nv_txq(&mut self, pred: Pred) -> R<Instr> {
        let mods = self.modifiers()?;
        let mut bindless = false;
        let mut common = self.nv_common_mods(&mods, "TXQ", ".B .NODEP .T .P", |_, m| {
            Ok(m == "B" && {
                bindless = true;
                true
            })
        })?;
        common.pred = pred;
        let rd = self.nv_reg()?;
        self.comma()?;
        let ra = self.nv_reg()?;
        self.comma()?;
        let query = {
            const WHAT: &str = "query (TEX_HEADER_DIMENSION, TEX_HEADER_TEXTURE_TYPE, TEX_HEADER_SAMPLER_POS)";
            let (at, w) = self.need_word(WHAT)?;
            TxqQuery::ALL
                .iter()
                .copied()
                .find(|q| q.name().eq_ignore_ascii_case(w))
                .or_else(|| parse_uint(w).and_then(|v| TxqQuery::from_code(u32::try_from(v).ok()?)))
                .ok_or_else(|| self.err(at, AsmErrorKind::Expected { what: WHAT, found: snippet(w) }))?
        };
        self.comma()?;
        let mut imms: Vec<(usize, &str), 3> = Vec::new();
        loop {
            let w = self.need_word("immediate (#tsPtrIdxU13, or #tidU08, #smpU05)")?;
            if imms.push(w).is_err() {
                return Err(self.expected(w.0, "`;` (at most 3 immediates: tid, smp, wmask)"));
            }
            if !self.eat(b',')? {
                break;
            }
        }
        let (tex, wmask) = self.tex_and_mask(&imms, true)?;
        common.sched = self.nv_end()?;
        Ok(Instr::Txq(NvTxq { common, bindless, rd, ra, query, tex, wmask }))
    }

    /// `ts` | `ts, wmask` | `tid, smp, wmask` (TXQ: wmask required in the legacy form);
    /// TMML passes the texture immediates alone (`wmask_follows = false`).
    fn tex_and_mask(&self, imms: &[(usize, &str)], txq: bool) -> R<(TexIndex, u8)> {
        let num = |i: usize, what: &'static str, max: u32| -> R<u32> {
            let (at, w) = imms.get(i).copied().unwrap_or((self.pos, ""));
            self.check_number(at, w, what, max)
        };
        let ts = |v: u32| TsPtrIdx::new(v as u16).unwrap_or_default();
        match (imms.len(), txq) {
            (1, _) => Ok((TexIndex { idx: ts(num(0, "#tsPtrIdxU13", 0x1FFF)?), legacy: false }, 0xF)),
            (2, true) => Ok((
                TexIndex { idx: ts(num(0, "#tsPtrIdxU13", 0x1FFF)?), legacy: false },
                num(1, "#wmskU04", 0xF)? as u8,
            )),
            (2, false) | (3, true) => {
                let tid = num(0, "#tidU08", 0xFF)? as u8;
                let smp = num(1, "#smpU05", 0x1F)? as u8;
                let idx = TsPtrIdx::from_tid_smp(tid, smp).unwrap_or_default();
                let wmask = if txq { num(2, "#wmskU04", 0xF)? as u8 } else { 0xF };
                Ok((TexIndex { idx, legacy: true }, wmask))
            }
            _ => Err(self.expected(self.pos, "texture index")),
        }
    }

    fn nv_tld4s(&mut self, pred: Pred) -> R<Instr> {
        let mods = self.modifiers()?;
        let (mut comp, mut f16, mut aoffi, mut dc) = (None::<u8>, false, false, false);
        let mut conflict = None;
        let mut common = self.nv_common_mods(&mods, "TLD4S", ".F16 .R .G .B .A .AOFFI .DC .NODEP .T .P", |at, m| {
            let c = match m {
                "R" => 0,
                "G" => 1,
                "B" => 2,
                "A" => 3,
                "F16" => {
                    f16 = true;
                    return Ok(true);
                }
                "AOFFI" => {
                    aoffi = true;
                    return Ok(true);
                }
                "DC" => {
                    dc = true;
                    return Ok(true);
                }
                _ => return Ok(false),
            };
            if comp.is_some() && conflict.is_none() {
                conflict = Some(at);
            }
            comp = Some(c);
            Ok(true)
        })?;
        if let Some(at) = conflict {
            return Err(self.err(at, AsmErrorKind::Conflict { a: "one component", b: "another (.R/.G/.B/.A)" }));
        }
        let Some(comp) = comp else {
            return Err(self.err(
                self.pos,
                AsmErrorKind::Missing { opcode: "TLD4S", what: "a component modifier .R, .G, .B or .A" },
            ));
        };
        common.pred = pred;
        let rd1 = self.nv_reg()?;
        self.comma()?;
        let rd0 = self.nv_reg()?;
        self.comma()?;
        let ra = self.nv_reg()?;
        self.comma()?;
        let rb = self.nv_reg()?;
        self.comma()?;
        let ts = TsPtrIdx::new(self.number("#tsPtrIdxU13", 0x1FFF)? as u16).unwrap_or_default();
        common.sched = self.nv_end()?;
        Ok(Instr::Tld4s(NvTld4s { common, comp, f16, aoffi, dc, rd1, rd0, ra, rb, ts }))
    }

    fn nv_tmml(&mut self, pred: Pred) -> R<Instr> {
        let mods = self.modifiers()?;
        let (mut bindless, mut lod, mut ndv) = (false, false, false);
        let mut common = self.nv_common_mods(&mods, "TMML", ".B .LOD .NDV .NODEP .T .P", |_, m| {
            match m {
                "B" => bindless = true,
                "LOD" => lod = true,
                "NDV" => ndv = true,
                _ => return Ok(false),
            }
            Ok(true)
        })?;
        if !lod {
            return Err(self.err(self.pos, AsmErrorKind::Missing { opcode: "TMML", what: "the mode modifier .LOD" }));
        }
        common.pred = pred;
        let rd = self.nv_reg()?;
        self.comma()?;
        let ra = self.nv_reg()?;
        self.comma()?;
        let mut rb = None;
        let save = self.pos;
        if let Some((_, w)) = self.word()? {
            if nv_reg_word(w).is_some() {
                self.pos = save;
                rb = Some(self.nv_reg()?);
                self.comma()?;
            } else {
                self.pos = save;
            }
        }
        const PARAM: &str = "#paramA (1D, 2D, 3D, CUBE, ARRAY_1D, ARRAY_2D, ARRAY_CUBE)";
        let mut imms: Vec<(usize, &str), 2> = Vec::new();
        let desc = loop {
            let (at, w) = self.need_word("texture index or #paramA")?;
            if let Some(d) = CoordDesc::ALL.iter().copied().find(|d| d.name().eq_ignore_ascii_case(w)) {
                break d;
            }
            if w.eq_ignore_ascii_case("ARRAY_3D") || w.eq_ignore_ascii_case("RESERVED") {
                return Err(self.err(
                    at,
                    AsmErrorKind::Expected { what: "#paramA other than the reserved ARRAY_3D", found: snippet(w) },
                ));
            }
            if parse_uint(w).is_none() || imms.push((at, w)).is_err() {
                return Err(self.err(at, AsmErrorKind::Expected { what: PARAM, found: snippet(w) }));
            }
            self.comma()?;
        };
        if imms.is_empty() {
            return Err(self.expected(self.pos, "texture index (#tsPtrIdxU13) before #paramA"));
        }
        let (tex, _) = self.tex_and_mask(&imms, false)?;
        let wmask = if self.eat(b',')? { self.number("#wmskU04", 0xF)? as u8 } else { 0xF };
        common.sched = self.nv_end()?;
        Ok(Instr::Tmml(NvTmml { common, bindless, ndv, rd, ra, rb, tex, desc, wmask }))
    }

    fn imm_decl(&mut self) -> R<Instr> {
        if self.byte(self.pos) != Some(b'[') {
            return Err(self.expected(self.pos, "`[` (IMM[n] TYPE {…})"));
        }
        self.pos += 1;
        let index = self.number("register index", IMMS as u32 - 1)? as u8;
        self.expect(b']', "`]`")?;
        const WHAT: &str = "immediate type (FLT32, UINT32, INT32)";
        let (at, w) = self.need_word(WHAT)?;
        let ty = match upper(w).as_str() {
            "FLT32" => ImmType::Flt32,
            "UINT32" => ImmType::Uint32,
            "INT32" => ImmType::Int32,
            _ => return Err(self.err(at, AsmErrorKind::Expected { what: WHAT, found: snippet(w) })),
        };
        self.expect(b'{', "`{`")?;
        let mut values = [0u32; 4];
        let mut n = 0;
        loop {
            let (lat, t) = self.literal_token()?;
            let v = match ty {
                ImmType::Flt32 => literal_value(t, Lit::Float),
                ImmType::Int32 => literal_value(t, Lit::Int),
                ImmType::Uint32 => parse_uint(t).and_then(|v| u32::try_from(v).ok()),
            };
            let what = match ty {
                ImmType::Flt32 => "float literal",
                ImmType::Int32 => "32-bit integer literal",
                ImmType::Uint32 => "unsigned 32-bit literal",
            };
            let v = v.ok_or_else(|| self.err(lat, AsmErrorKind::Expected { what, found: snippet(t) }))?;
            match values.get_mut(n) {
                Some(slot) => *slot = v,
                None => {
                    return Err(
                        self.err(lat, AsmErrorKind::Expected { what: "`}` (at most 4 values)", found: snippet(t) })
                    )
                }
            }
            n += 1;
            if !self.eat(b',')? {
                break;
            }
        }
        self.expect(b'}', "`}`")?;
        self.tgsi_end()?;
        Ok(Instr::Tgsi(TgsiInstr::Imm { index, ty, values }))
    }

    fn tgsi_end(&mut self) -> R<()> {
        let _ = self.eat(b';')?;
        self.end()
    }

    fn tgsi(&mut self, op: &str) -> R<Option<TgsiInstr>> {
        let tex_op = match op {
            "TEX" => Some(0),
            "TXB" => Some(1),
            "TXL" => Some(2),
            "TXP" => Some(3),
            "TXD" => Some(4),
            "TEX2" => Some(5),
            "TXB2" => Some(6),
            "TXL2" => Some(7),
            _ => None,
        };
        if let Some(k) = tex_op {
            let dst = self.dst()?;
            self.comma()?;
            let src0 = self.src(Lit::None)?;
            self.comma()?;
            let form = match k {
                0 => TexForm::Tex,
                1 => TexForm::Txb,
                2 => TexForm::Txl,
                3 => TexForm::Txp,
                4 => {
                    let ddx = self.src(Lit::None)?;
                    self.comma()?;
                    let ddy = self.src(Lit::None)?;
                    self.comma()?;
                    TexForm::Txd { ddx, ddy }
                }
                _ => {
                    let src1 = self.src(Lit::Float)?;
                    self.comma()?;
                    match k {
                        5 => TexForm::Tex2 { src1 },
                        6 => TexForm::Txb2 { src1 },
                        _ => TexForm::Txl2 { src1 },
                    }
                }
            };
            let unit = self.samp()?;
            let (target, _) = self.target_tail(false)?;
            self.tgsi_end()?;
            return Ok(Some(TgsiInstr::Tex { form, dst, src0, unit, target }));
        }
        let sample_op = |p: &mut Self, k: &str| -> R<Option<SampleOp>> {
            Ok(Some(match k {
                "SAMPLE" => SampleOp::Sample,
                "SAMPLE_B" => SampleOp::B { bias: p.src_after_comma(Lit::Float)? },
                "SAMPLE_C" => SampleOp::C { reference: p.src_after_comma(Lit::Float)? },
                "SAMPLE_C_LZ" => SampleOp::CLz { reference: p.src_after_comma(Lit::Float)? },
                "SAMPLE_L" => SampleOp::L { lod: p.src_after_comma(Lit::Float)? },
                "SAMPLE_D" => {
                    let ddx = p.src_after_comma(Lit::None)?;
                    let ddy = p.src_after_comma(Lit::None)?;
                    SampleOp::D { ddx, ddy }
                }
                _ => return Ok(None),
            }))
        };
        let t = match op {
            "SAMPLE" | "SAMPLE_B" | "SAMPLE_C" | "SAMPLE_C_LZ" | "SAMPLE_L" | "SAMPLE_D" | "GATHER4" => {
                let dst = self.dst()?;
                self.comma()?;
                let addr = self.src(Lit::None)?;
                self.comma()?;
                let view = self.view()?;
                self.comma()?;
                let sampler = self.samp()?;
                if op == "GATHER4" {
                    let offset = self.offset_tail()?;
                    TgsiInstr::Gather4 { dst, addr, view, sampler, offset }
                } else {
                    let Some(sop) = sample_op(self, op)? else { return Ok(None) };
                    let offset = self.offset_tail()?;
                    TgsiInstr::Sample { op: sop, dst, addr, view, sampler, offset }
                }
            }
            "TXF" => {
                let dst = self.dst()?;
                self.comma()?;
                let src0 = self.src(Lit::None)?;
                self.comma()?;
                let unit = self.samp()?;
                let (target, offset) = self.target_tail(true)?;
                TgsiInstr::Txf { dst, src0, unit, target, offset }
            }
            "TXQ" => {
                let dst = self.dst()?;
                self.comma()?;
                let src0 = self.src(Lit::Int)?;
                self.comma()?;
                let unit = self.samp()?;
                let (target, _) = self.target_tail(false)?;
                TgsiInstr::Txq { dst, src0, unit, target }
            }
            "SAMPLE_I" | "SAMPLE_I_MS" => {
                let dst = self.dst()?;
                self.comma()?;
                let addr = self.src(Lit::None)?;
                self.comma()?;
                let view = self.view()?;
                if op == "SAMPLE_I" {
                    TgsiInstr::SampleI { dst, addr, view }
                } else {
                    let sample = self.src_after_comma(Lit::Int)?;
                    TgsiInstr::SampleIMs { dst, addr, view, sample }
                }
            }
            "SVIEWINFO" => {
                let dst = self.dst()?;
                let lod = self.src_after_comma(Lit::Int)?;
                self.comma()?;
                let view = self.view()?;
                TgsiInstr::SviewInfo { dst, lod, view }
            }
            "SAMPLE_POS" => {
                let dst = self.dst()?;
                self.comma()?;
                // Both operand orders are accepted (the core's `index, SVIEW` and Gallium's
                // later `SVIEW, index`); the canonical form is `dst, index, SVIEW[n]`.
                if let Some(b'S') | Some(b's') = self.peek()? {
                    let view = self.view()?;
                    let index = self.src_after_comma(Lit::Int)?;
                    TgsiInstr::SamplePos { dst, index, view }
                } else {
                    let index = self.src(Lit::Int)?;
                    self.comma()?;
                    let view = self.view()?;
                    TgsiInstr::SamplePos { dst, index, view }
                }
            }
            "SAMPLE_INFO" => {
                let dst = self.dst()?;
                self.comma()?;
                let view = self.view()?;
                TgsiInstr::SampleInfo { dst, view }
            }
            "LOAD" => {
                let dst = self.dst()?;
                self.comma()?;
                let res = self.res()?;
                let addr = self.src_after_comma(Lit::None)?;
                TgsiInstr::Load { dst, res, addr }
            }
            "STORE" => {
                let res = self.res()?;
                let addr = self.src_after_comma(Lit::None)?;
                let src = self.src_after_comma(Lit::None)?;
                TgsiInstr::Store { res, addr, src }
            }
            _ => {
                let Some(aop) = AtomicOp::ALL.iter().copied().find(|a| a.name() == op) else { return Ok(None) };
                let dst = self.dst()?;
                self.comma()?;
                let res = self.res()?;
                let addr = self.src_after_comma(Lit::None)?;
                let cmp = if aop == AtomicOp::Cas { Some(self.src_after_comma(Lit::None)?) } else { None };
                let src = self.src_after_comma(Lit::None)?;
                TgsiInstr::Atomic { op: aop, dst, res, addr, cmp, src }
            }
        };
        self.tgsi_end()?;
        Ok(Some(t))
    }

    fn src_after_comma(&mut self, lit: Lit) -> R<TgsiSrc> {
        self.comma()?;
        self.src(lit)
    }

    // -------------------------------------------------------------- Intel

    fn intel(&mut self, op: InfoOp) -> R<Instr> {
        self.expect(b'(', "`(` and the execution size, e.g. `(8)`, `(16, M5)`, `(8, M3_NM)`")?;
        let (mut lanes, mut mask, mut nm) = (None::<u32>, None::<u8>, false);
        loop {
            const WHAT: &str = "execution size 8 or 16, or mask M1-M8 (optionally _NM)";
            let (at, w) = self.need_word(WHAT)?;
            let u = upper(w);
            let (body, this_nm) = match u.strip_suffix("_NM") {
                Some(b) => (b, true),
                None => (u.as_str(), false),
            };
            let bad = || self.err(at, AsmErrorKind::Expected { what: WHAT, found: snippet(w) });
            if let Some(v) = parse_uint(body) {
                if v != 8 && v != 16 {
                    return Err(bad());
                }
                if lanes.is_some() {
                    return Err(self.err(at, AsmErrorKind::Duplicate(snippet(w))));
                }
                lanes = Some(v as u32);
            } else if let Some(k) =
                body.strip_prefix('M').and_then(|d| d.parse::<u8>().ok()).filter(|k| (1..=8).contains(k))
            {
                if mask.is_some() {
                    return Err(self.err(at, AsmErrorKind::Duplicate(snippet(w))));
                }
                mask = Some(k - 1);
            } else {
                return Err(bad());
            }
            if this_nm {
                if nm {
                    return Err(self.err(at, AsmErrorKind::Duplicate(snippet("_NM"))));
                }
                nm = true;
            }
            if !self.eat(b',')? {
                break;
            }
        }
        let close = self.pos;
        self.expect(b')', "`)`")?;
        let Some(lanes) = lanes else {
            return Err(self.expected(close, "execution size 8 or 16"));
        };
        let exec = ExecCtrl { lanes, mask: mask.unwrap_or(0), no_mask: nm };
        let _ = self.eat(b',')?;
        let surface = {
            const WHAT: &str = "surface (T<n> or a binding-table index)";
            let (at, w) = self.need_word(WHAT)?;
            let digits = match w.as_bytes().first() {
                Some(b'T') | Some(b't') => w.get(1..).unwrap_or(""),
                _ => w,
            };
            self.check_number(at + (w.len() - digits.len()), digits, "surface index", 255)? as u8
        };
        let lod = if op == InfoOp::ResInfo {
            let _ = self.eat(b',')?;
            Some(self.raw()?)
        } else {
            None
        };
        let _ = self.eat(b',')?;
        let dst = self.raw()?;
        let _ = self.eat(b';')?;
        self.end()?;
        Ok(Instr::Intel(IntelInfo { op, exec, surface, lod, dst }))
    }

    fn raw(&mut self) -> R<RawOperand> {
        const WHAT: &str = "raw operand (r<n> or V<n>, optionally .<byte offset>)";
        let (at, w) = self.need_word(WHAT)?;
        let digits = match w.as_bytes().first() {
            Some(b'r') | Some(b'R') | Some(b'V') | Some(b'v') => w.get(1..).unwrap_or(""),
            _ => return Err(self.err(at, AsmErrorKind::Expected { what: WHAT, found: snippet(w) })),
        };
        let reg = self.check_number(at + 1, digits, "GRF register number", GRF_REGS as u32 - 1)? as u8;
        let mut offset = 0u16;
        if self.byte(self.pos) == Some(b'.') {
            self.pos += 1;
            let oat = self.pos;
            let o = self.word_here().map(|(_, w)| w).unwrap_or("");
            let v = self.check_number(oat, o, "byte offset", 0xFFFC)?;
            if !v.is_multiple_of(4) {
                return Err(self.err(
                    oat,
                    AsmErrorKind::Expected {
                        what: "dword-aligned byte offset (a multiple of 4; operands are UD)",
                        found: snippet(o),
                    },
                ));
            }
            offset = v as u16;
        }
        Ok(RawOperand { reg, offset })
    }
}

fn starts_with_ci(w: &str, p: &str) -> bool {
    w.get(..p.len()).is_some_and(|h| h.eq_ignore_ascii_case(p))
}

fn snippet_n<const N: usize>(s: &str) -> String<N> {
    let mut out = String::new();
    for c in s.chars() {
        if out.push(c).is_err() {
            break;
        }
    }
    out
}

fn upper(s: &str) -> String<24> {
    let mut out = String::new();
    for c in s.chars() {
        if out.push(c.to_ascii_uppercase()).is_err() {
            break;
        }
    }
    out
}

fn comp_index(c: u8) -> Option<u8> {
    match c.to_ascii_lowercase() {
        b'x' | b'r' => Some(0),
        b'y' | b'g' => Some(1),
        b'z' | b'b' => Some(2),
        b'w' | b'a' => Some(3),
        _ => None,
    }
}

/// `Some(Some(reg))` for `R<n>` (n ≤ 255; R255 = RZ) or `RZ`, `Some(None)` for a register
/// number above 255, `None` if not a register name.
fn nv_reg_word(w: &str) -> Option<Option<Reg>> {
    if w.eq_ignore_ascii_case("RZ") {
        return Some(Some(Reg::RZ));
    }
    let digits = match w.as_bytes().first() {
        Some(b'R') | Some(b'r') => w.get(1..)?,
        _ => return None,
    };
    if digits.is_empty() || !digits.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let v = parse_uint(digits)?;
    Some(u8::try_from(v).ok().map(Reg))
}

/// The bits of a literal of the given kind: `0x` hex = raw bits (any kind); `Float`: decimal
/// (exact RNE binary32), `inf`, `nan`; `Int`: decimal integer in −2^31 … 2^32 − 1.
fn literal_value(t: &str, kind: Lit) -> Option<u32> {
    let (neg, body) = match t.as_bytes().first() {
        Some(b'-') => (true, t.get(1..)?),
        Some(b'+') => (false, t.get(1..)?),
        _ => (false, t),
    };
    if matches!(body.get(..2), Some("0x") | Some("0X")) {
        let v = u32::try_from(parse_uint(body)?).ok()?;
        return Some(if neg { v.wrapping_neg() } else { v });
    }
    match kind {
        Lit::None => None,
        Lit::Float => parse_f32(t),
        Lit::Int => {
            let v = parse_uint(body)?;
            if neg {
                (v <= 1 << 31).then(|| (v as u32).wrapping_neg())
            } else {
                u32::try_from(v).ok()
            }
        }
    }
}

/// Parses a scalar literal as the executor's scenario/register syntax does: `0x` hex bits,
/// a decimal integer (its two's-complement bits), or a decimal with `.`/exponent, `inf` or
/// `nan` (RNE binary32). `None` if it is none of those.
pub fn parse_word(t: &str) -> Option<u32> {
    let body = t.trim_start_matches(['-', '+']);
    let floaty =
        body.contains(['.', 'e', 'E', 'n', 'N', 'i', 'I']) && !matches!(body.get(..2), Some("0x") | Some("0X"));
    literal_value(t, if floaty { Lit::Float } else { Lit::Int })
}

/// Assembles one line (`line_no` is used in errors). `Ok(None)` for a blank or comment line.
pub fn assemble_line(line: &str, line_no: u32) -> Result<Option<Instr>, AsmError> {
    let text = match line.find("//") {
        Some(i) => line.get(..i).unwrap_or(""),
        None => line,
    };
    let mut p = P { s: text, pos: 0, line: line_no };
    p.line()
}

/// Assembles a text that holds exactly one instruction (blank and comment lines allowed).
pub fn assemble(text: &str) -> Result<Instr, AsmError> {
    let mut found: Option<Instr> = None;
    let mut last_line = 1;
    for r in assemble_lines(text) {
        let (line, i) = r?;
        last_line = line;
        if found.is_some() {
            return Err(AsmError {
                line,
                col: 1,
                kind: AsmErrorKind::Expected { what: "a single instruction", found: snippet("second instruction") },
            });
        }
        found = Some(i);
    }
    found.ok_or(AsmError {
        line: last_line,
        col: 1,
        kind: AsmErrorKind::Expected { what: "an instruction", found: Snippet::new() },
    })
}

/// An iterator over the instructions of a text, one per line: `(line number, instruction)`
/// or the first error of a line.
pub struct Lines<'a> {
    lines: core::str::Lines<'a>,
    line: u32,
}

/// Assembles every line of `text` lazily (no heap: collect into whatever store you have).
pub fn assemble_lines(text: &str) -> Lines<'_> {
    Lines { lines: text.lines(), line: 0 }
}

impl Iterator for Lines<'_> {
    type Item = Result<(u32, Instr), AsmError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let l = self.lines.next()?;
            self.line = self.line.saturating_add(1);
            match assemble_line(l, self.line) {
                Ok(Some(i)) => return Some(Ok((self.line, i))),
                Ok(None) => continue,
                Err(e) => return Some(Err(e)),
            }
        }
    }
}
