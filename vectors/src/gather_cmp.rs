//! Unit `gather_cmp`: the per-texel stage of gather (`texcore::op::gather::gather_texel`):
//! the selected component of the four footprint texels, their domain, and an optional depth
//! compare → the four binary32 words GATHER4 / TLD4S (without `.F16`) return.
//!
//! * Without compare (`cmp` = 0): UNORM`n` `v / (2^n − 1)` and SNORM`n` `v / (2^(n−1) − 1)`
//!   rounded to nearest even, binary16 widened exactly (NaN quieted), binary32 unchanged,
//!   UINT / SINT the raw 32-bit integer.
//! * With compare (`cmp` = 1): `ref OP texel` for each texel (`texcore::compare::compare`):
//!   the reference is quantized to the texel's format first — UNORM / SNORM clamp and RNE of
//!   `ref × D` (NaN → 0), binary16 RNE, binary32 as is — then compared exactly; a NaN on a
//!   float side is unordered (only NOTEQUAL and ALWAYS pass). The result is 1.0 or +0.
//! * Compare on an integer domain is the core's typed error (`CompareError`; the op rejects
//!   the instruction with `GatherError::Compare`): `err` = 1 and all four results 0.
//!
//! The texel codes are what the format decoder (`texel_decode` unit) gives for the
//! component, in 32 bits: UNORM codes `0 … 2^n − 1`, SNORM codes as two's complement in
//! `−(2^(n−1) − 1) … 2^(n−1) − 1` (the decoder never yields `−2^(n−1)`), binary16 in bits
//! 15:0, binary32 and UINT bits, SINT two's complement. `nbits` is `n` for UNORM (1 … 24)
//! and SNORM (2 … 24) — every width, not only the formats' (UNORM 1, 4, 5, 6, 8, 16, 24;
//! SNORM 8) — and 0 otherwise. `func` and `ref` are don't-cares when `cmp` = 0 (the vectors
//! put varying values there). Codes outside these ranges and `dom` 6, 7 are not in the
//! vectors: [`GatherCmp::eval`] rejects them.

use anyhow::{anyhow, Result};
use texcore::descriptor::CompareFunc;
use texcore::fp::{f16_to_f32_bits, f32_to_f16_bits, ratio_to_f32_odd_bits};
use texcore::op::gather::gather_texel;
use texcore::texel::{snorm_from_f32, unorm_from_f32, Domain};

use super::layout::{Field, Image};
use super::pools::Fixture;
use super::rng::Rand;
use super::Unit;

/// The unit.
pub struct GatherCmp;

/// `dom` codes (`DOM_*` in the SV package), index = code.
pub const DOM_NAMES: [(&str, &str); 6] = [
    ("UNORM", "unsigned normalized, nbits = n (1..24): v / (2^n - 1)"),
    ("SNORM", "signed normalized, nbits = n (2..24): v / (2^(n-1) - 1)"),
    ("F16", "binary16 bit pattern (bits 15:0)"),
    ("F32", "binary32 bit pattern"),
    ("UINT", "unsigned integer (compare: err)"),
    ("SINT", "signed integer, two's complement (compare: err)"),
];

/// The domains the core's formats give their components (`texcore::texel::domains` of every
/// format, sRGB or not; a test keeps this list equal to the core's).
pub const FORMAT_DOMAINS: [Domain; 12] = [
    Domain::Unorm(1),
    Domain::Unorm(4),
    Domain::Unorm(5),
    Domain::Unorm(6),
    Domain::Unorm(8),
    Domain::Unorm(16),
    Domain::Unorm(24),
    Domain::Snorm(8),
    Domain::F16,
    Domain::F32,
    Domain::Uint,
    Domain::Sint,
];

/// `(dom, nbits)` of a domain.
pub fn dom_fields(d: Domain) -> (u64, u64) {
    match d {
        Domain::Unorm(n) => (0, u64::from(n)),
        Domain::Snorm(n) => (1, u64::from(n)),
        Domain::F16 => (2, 0),
        Domain::F32 => (3, 0),
        Domain::Uint => (4, 0),
        Domain::Sint => (5, 0),
    }
}

/// The domain of `(dom, nbits)`, if the unit takes it.
pub fn domain_of(dom: u64, n: u64) -> Option<Domain> {
    match (dom, n) {
        (0, 1..=24) => Some(Domain::Unorm(n as u8)),
        (1, 2..=24) => Some(Domain::Snorm(n as u8)),
        (2, 0) => Some(Domain::F16),
        (3, 0) => Some(Domain::F32),
        (4, 0) => Some(Domain::Uint),
        (5, 0) => Some(Domain::Sint),
        _ => None,
    }
}

/// Every domain the unit takes.
pub fn all_domains() -> Vec<Domain> {
    let mut v: Vec<Domain> = (1..=24).map(Domain::Unorm).collect();
    v.extend((2..=24).map(Domain::Snorm));
    v.extend([Domain::F16, Domain::F32, Domain::Uint, Domain::Sint]);
    v
}

/// `D` of a normalized domain (the code of 1.0).
fn d_of(d: Domain) -> i64 {
    match d {
        Domain::Unorm(n) => (1i64 << n) - 1,
        Domain::Snorm(n) => (1i64 << (n - 1)) - 1,
        _ => 0,
    }
}

/// The core's value of a 32-bit texel code field, or `None` if the code is not one the
/// decoder gives in `d`.
pub fn code_value(d: Domain, code: u32) -> Option<i64> {
    let s = i64::from(code as i32);
    match d {
        Domain::Unorm(_) => (i64::from(code) <= d_of(d)).then_some(i64::from(code)),
        Domain::Snorm(_) => (s.abs() <= d_of(d)).then_some(s),
        Domain::F16 => (code <= 0xFFFF).then_some(i64::from(code)),
        Domain::F32 | Domain::Uint => Some(i64::from(code)),
        Domain::Sint => Some(s),
    }
}

/// The code field of a value (low 32 bits).
fn code(v: i64) -> u64 {
    u64::from(v as u32)
}

/// Clamps a value into `d`'s code range (normalized domains; others unchanged).
fn clamp_code(d: Domain, v: i64) -> i64 {
    match d {
        Domain::Unorm(_) => v.clamp(0, d_of(d)),
        Domain::Snorm(_) => v.clamp(-d_of(d), d_of(d)),
        Domain::F16 => v & 0xFFFF,
        _ => i64::from(v as u32),
    }
}

/// References every domain gets: NaNs, ±0, ±∞, subnormals, the smallest normal, exact
/// values, ±1 and its neighbours, the largest finite, binary16 overflow / subnormal / tie
/// edges, large integers.
pub const REFS: [u32; 46] = [
    0x7FC0_0000,               // NaN (quiet)
    0xFFC0_0000,               // −NaN
    0x7F80_0001,               // signalling NaN
    0x7FFF_FFFF,               // NaN, all payload bits
    0x0000_0000,               // +0
    0x8000_0000,               // −0
    0x7F80_0000,               // +∞
    0xFF80_0000,               // −∞
    0x0000_0001,               // smallest subnormal
    0x007F_FFFF,               // largest subnormal
    0x8000_0001,               // −smallest subnormal
    0x807F_FFFF,               // −largest subnormal
    0x0080_0000,               // smallest normal
    0x3F80_0000,               // 1.0
    0xBF80_0000,               // −1.0
    0x3F00_0000,               // 0.5 (a quantization tie for every odd D)
    0xBF00_0000,               // −0.5
    0x3E80_0000,               // 0.25
    0x3F40_0000,               // 0.75
    0x4000_0000,               // 2.0
    0xC000_0000,               // −2.0
    0x3F7F_FFFF,               // 1 − 2^-24
    0x3F80_0001,               // 1 + 2^-23
    0xBF7F_FFFF,               // −(1 − 2^-24)
    0xBF80_0001,               // −(1 + 2^-23)
    0x7F7F_FFFF,               // largest finite
    0xFF7F_FFFF,               // −largest finite
    0x3EAA_AAAB,               // 1/3
    0x477F_E000,               // 65504, binary16 max
    0x477F_EFFF,               // just below the binary16 overflow tie (→ 65504)
    0x477F_F000,               // 65520: binary16 overflow tie (→ ∞)
    0xC77F_F000,               // −65520
    0x3380_0000,               // 2^-24, binary16 smallest subnormal
    0x3300_0000,               // 2^-25: tie between 0 and 2^-24 (→ 0)
    0x3300_0001,               // just above it (→ 2^-24)
    0x32FF_FFFF,               // just below it (→ 0)
    0x3880_0000,               // 2^-14, binary16 smallest normal
    0x387F_FFFF,               // just below it
    0x3F80_1000,               // 1 + 2^-11: binary16 tie, to even (1.0)
    0x3F80_3000,               // 1 + 3·2^-11: binary16 tie, to even (up)
    0x3F80_0FFF,               // just below a binary16 tie
    0x3F80_1001,               // just above a binary16 tie
    0x4B80_0000,               // 2^24
    0x4F80_0000,               // 2^32
    0x3300_0000 ^ 0x8000_0000, // −2^-25
    0x3A80_0000,               // 2^-10
];

/// Texel codes every vector of a domain may use: 0, the largest code, the middle, their
/// neighbours; binary16 / binary32 zeros, subnormals, ±1, the largest finite, ±∞ and NaNs;
/// integer extremes.
fn extremes(d: Domain) -> Vec<i64> {
    let dd = d_of(d);
    match d {
        Domain::Unorm(_) => vec![0, 1, dd / 2, dd / 2 + 1, dd - 1, dd],
        Domain::Snorm(_) => vec![0, 1, -1, dd, -dd, dd - 1, 1 - dd, dd / 2, -(dd / 2)],
        Domain::F16 => [
            0x0000u16, 0x8000, 0x0001, 0x03FF, 0x0400, 0x3C00, 0xBC00, 0x3BFF, 0x3C01, 0x7BFF, 0xFBFF, 0x7C00, 0xFC00,
            0x7E00, 0x7C01, 0xFE00, 0xFFFF,
        ]
        .iter()
        .map(|h| i64::from(*h))
        .collect(),
        Domain::F32 => [
            0u32,
            0x8000_0000,
            1,
            0x8000_0001,
            0x007F_FFFF,
            0x0080_0000,
            0x3F80_0000,
            0xBF80_0000,
            0x3F7F_FFFF,
            0x3F80_0001,
            0x7F7F_FFFF,
            0xFF7F_FFFF,
            0x7F80_0000,
            0xFF80_0000,
            0x7FC0_0000,
            0x7F80_0001,
            0xFFC0_0000,
            0xFFFF_FFFF,
        ]
        .iter()
        .map(|w| i64::from(*w))
        .collect(),
        Domain::Uint => [0u32, 1, 2, 255, 256, 65535, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFE, 0xFFFF_FFFF]
            .iter()
            .map(|w| i64::from(*w))
            .collect(),
        Domain::Sint => [0i32, 1, -1, 127, -128, 32767, -32768, i32::MAX, i32::MIN, i32::MIN + 1]
            .iter()
            .map(|w| i64::from(*w))
            .collect(),
    }
}

/// The reference quantized to `d` (the texel code it compares equal to), as the stimuli
/// use it to place texels at and around the reference.
fn quantized(d: Domain, r: u32) -> i64 {
    match d {
        Domain::Unorm(n) => unorm_from_f32(r, u32::from(n)) as i64,
        Domain::Snorm(n) => snorm_from_f32(r, u32::from(n)),
        Domain::F16 => i64::from(f32_to_f16_bits(r)),
        _ => i64::from(r),
    }
}

/// Texel values at and next to the reference's quantized code: `q − 1, q, q + 1` (binary16
/// and binary32 by bit pattern, so ±0 and the NaN / ∞ neighbours come up), and `q` with its
/// sign flipped.
fn near(d: Domain, r: u32) -> [i64; 4] {
    let q = quantized(d, r);
    let flip = match d {
        Domain::F16 => q ^ 0x8000,
        Domain::F32 | Domain::Uint | Domain::Sint => q ^ 0x8000_0000,
        _ => -q,
    };
    [q - 1, q, q + 1, flip].map(|v| clamp_code(d, v))
}

/// binary32 bits of the f64 `x`, rounded to nearest, plus `ulps` (as bits).
fn f32_near(x: f64, ulps: i32) -> u32 {
    (x as f32).to_bits().wrapping_add(ulps as u32)
}

/// Normalized domains: the binary32 values on both sides of the quantization ties
/// `(k + ½) / D` and around the exact codes `k / D`, for codes at the ends and the middle
/// (and their negatives for SNORM).
fn quant_refs(d: Domain) -> Vec<u32> {
    let dd = d_of(d);
    if dd == 0 {
        return Vec::new();
    }
    let mut ks: Vec<i64> = vec![0, 1, dd / 2 - 1, dd / 2, dd - 2, dd - 1];
    ks.retain(|k| (0..dd).contains(k));
    ks.dedup();
    let mut v = Vec::new();
    for k in &ks {
        let t = (*k as f64 + 0.5) / dd as f64;
        let e = (*k as f64 + 1.0) / dd as f64;
        for u in [-1, 0, 1] {
            v.push(f32_near(t, u));
            v.push(f32_near(e, u));
        }
    }
    if matches!(d, Domain::Snorm(_)) {
        let neg: Vec<u32> = v.iter().map(|r| r ^ 0x8000_0000).collect();
        v.extend(neg);
    }
    v.sort_unstable();
    v.dedup();
    v
}

/// The references of a domain's directed compare vectors.
fn refs_of(d: Domain, all_specials: bool) -> Vec<u32> {
    let mut v: Vec<u32> = if all_specials {
        REFS.to_vec()
    } else {
        // A smaller set for the widths no format has.
        vec![0x7FC0_0000, 0x0000_0000, 0x8000_0000, 0x7F80_0000, 0xFF80_0000, 0x0000_0001, 0x3F80_0000, 0xBF80_0000]
    };
    v.extend(quant_refs(d));
    v
}

fn push(out: &mut Vec<u64>, d: Domain, compare: Option<(CompareFunc, u32)>, odd: bool, t: [i64; 4], salt: u64) {
    let (dom, n) = dom_fields(d);
    // Without compare, func and ref are don't-cares: put varying values there; with it, odd.
    let (cmp, func, r, odd) = match compare {
        Some((f, r)) => (1, f as u64, u64::from(r), salt & 1),
        None => (0, salt % 8, u64::from((salt as u32).wrapping_mul(0x9E37_79B9) ^ 0x3F00_0000), u64::from(odd)),
    };
    out.extend_from_slice(&[dom, n, cmp, odd, func, r, code(t[0]), code(t[1]), code(t[2]), code(t[3])]);
}

/// `[a, b, c, e]` from `vals`, starting at `i`, cycling.
fn four(vals: &[i64], i: usize) -> [i64; 4] {
    core::array::from_fn(|k| vals[(i + k) % vals.len()])
}

impl Unit for GatherCmp {
    fn name(&self) -> &'static str {
        "gather_cmp"
    }

    fn title(&self) -> &'static str {
        "gather/compare stage: per-texel depth compare (8 functions, reference quantized to the format) or component to binary32"
    }

    fn fields(&self) -> Vec<Field> {
        let mut v = vec![
            Field::input("dom", 3, "component domain, DOM_* (UNORM, SNORM, F16, F32, UINT, SINT)"),
            Field::input("nbits", 5, "UNORM: n (1..24); SNORM: n (2..24); 0 for the other domains"),
            Field::input("cmp", 1, "1: depth compare (GATHER4 compare form, TLD4S .DC); 0: the component itself"),
            Field::input(
                "odd",
                1,
                "cmp = 0, UNORM / SNORM: 1 rounds the binary32 to odd (what the TLD4S .F16 conversion rounds from), 0 to nearest even",
            ),
            Field::input("func", 3, "compare function, CMP_* (don't-care when cmp = 0)"),
            Field::input("ref", 32, "reference, binary32 bits (don't-care when cmp = 0)"),
        ];
        for k in 0..4 {
            v.push(Field::input(
                format!("t{k}"),
                32,
                format!(
                    "texel S{k}'s component: UNORM code, SNORM/SINT two's complement, binary16 in 15:0, binary32/UINT bits"
                ),
            ));
        }
        v.push(Field::output("err", 1, "1: compare on an integer domain (CompareError): s0..s3 = 0"));
        for k in 0..4 {
            v.push(Field::output(
                format!("s{k}"),
                32,
                format!("result S{k}: binary32 (compare: 1.0 or +0; UINT/SINT without compare: the raw integer)"),
            ));
        }
        v
    }

    fn images(&self) -> &'static [Image] {
        &[]
    }

    fn rtl_files(&self) -> &'static [&'static str] {
        &["texcore_gather_cmp.sv"]
    }

    fn default_count(&self) -> u64 {
        1_000_000
    }

    fn directed(&self, _fx: &Fixture, out: &mut Vec<u64>) {
        let mut salt = 0u64;
        let mut next = || {
            salt += 1;
            salt
        };
        // 1. Every compare function × every format domain × the references: texels at and
        // around the quantized reference, and the domain's extremes.
        for d in FORMAT_DOMAINS {
            let ext = extremes(d);
            for func in CompareFunc::ALL {
                for (i, r) in refs_of(d, true).into_iter().enumerate() {
                    push(out, d, Some((func, r)), false, near(d, r), i as u64);
                    push(out, d, Some((func, r)), false, four(&ext, i * 4), 0);
                }
            }
        }
        // 2. Every other width (UNORM 1..24, SNORM 2..24) × every function, fewer references.
        for d in all_domains() {
            if FORMAT_DOMAINS.contains(&d) || !matches!(d, Domain::Unorm(_) | Domain::Snorm(_)) {
                continue;
            }
            let ext = extremes(d);
            for func in CompareFunc::ALL {
                for (i, r) in refs_of(d, false).into_iter().enumerate() {
                    let t = if i % 2 == 0 { near(d, r) } else { four(&ext, i) };
                    push(out, d, Some((func, r)), false, t, i as u64);
                }
            }
        }
        // 3. The component itself (no compare): every code of UNORM 1..12 and 16 and of
        // SNORM 2..12, every binary16 pattern; the extremes, powers of two and alternating
        // bits of the other widths; binary32 and integer extremes.
        for d in all_domains() {
            let dd = d_of(d);
            let codes: Vec<i64> = match d {
                Domain::Unorm(n) if n <= 12 || n == 16 => (0..=dd).collect(),
                Domain::Snorm(n) if n <= 12 => (-dd..=dd).collect(),
                Domain::F16 => (0..=0xFFFF).collect(),
                Domain::Unorm(_) | Domain::Snorm(_) => {
                    let mut c = extremes(d);
                    let bits = 64 - dd.leading_zeros();
                    for b in 0..bits {
                        c.extend([1i64 << b, (1i64 << b) - 1, (1i64 << b) + 1]);
                    }
                    c.extend([0x55_5555 & dd, 0xAA_AAAA & dd, 0x12_3456 & dd, 0x7F_FF80 & dd]);
                    let neg: Vec<i64> =
                        if matches!(d, Domain::Snorm(_)) { c.iter().map(|v| -v).collect() } else { vec![] };
                    c.extend(neg);
                    c.into_iter().map(|v| clamp_code(d, v)).collect()
                }
                _ => extremes(d),
            };
            for chunk in codes.chunks(4) {
                let t = four(chunk, 0);
                let s = next();
                push(out, d, None, false, t, s);
                if matches!(d, Domain::Unorm(_) | Domain::Snorm(_)) {
                    push(out, d, None, true, t, s);
                }
            }
        }
        // 4. Compare on integer domains: the typed error, every function.
        for d in [Domain::Uint, Domain::Sint] {
            let ext = extremes(d);
            for func in CompareFunc::ALL {
                for (i, r) in [0u32, 1, 0x3F80_0000, 0x7FC0_0000, 0xFFFF_FFFF].into_iter().enumerate() {
                    push(out, d, Some((func, r)), false, four(&ext, i), 0);
                }
            }
        }
    }

    fn random(&self, _fx: &Fixture, r: &mut Rand, v: &mut [u64]) {
        let d = if r.chance(70) {
            r.pick(&FORMAT_DOMAINS)
        } else if r.chance(50) {
            Domain::Unorm(r.range(1, 24) as u8)
        } else {
            Domain::Snorm(r.range(2, 24) as u8)
        };
        let dd = d_of(d);
        let reference = match d {
            Domain::Unorm(_) | Domain::Snorm(_) => match r.weighted(&[20, 25, 25, 10, 20]) {
                0 => r.u32(),
                1 => {
                    // Uniform in [−0.25, 1.25] (UNORM) or [−1.25, 1.25] (SNORM).
                    let lo = if matches!(d, Domain::Snorm(_)) { -1.25 } else { -0.25 };
                    let u = r.bits(24) as f64 / (1u64 << 24) as f64;
                    ((lo + u * (1.25 - lo)) as f32).to_bits()
                }
                style @ (2 | 3) => {
                    // Around a quantization tie (k + ½) / D, or around a code k / D.
                    let k = r.below(dd as u64 + 1) as f64;
                    let x = if style == 2 { (k + 0.5) / dd as f64 } else { k / dd as f64 };
                    let x = if matches!(d, Domain::Snorm(_)) && r.chance(50) { -x } else { x };
                    f32_near(x, r.range(0, 4) as i32 - 2)
                }
                _ => r.pick(&REFS),
            },
            Domain::F16 => match r.weighted(&[20, 50, 30]) {
                0 => r.u32(),
                1 => {
                    // A binary16 value, maybe moved by half a binary16 ULP (a tie) ± 1.
                    let h = r.bits(16) as u16;
                    let w = f16_to_f32_bits(h);
                    let off = r.pick(&[0i32, 1, -1, 0x1000, -0x1000, 0x0FFF, 0x1001, -0x0FFF, -0x1001]);
                    w.wrapping_add(off as u32)
                }
                _ => r.pick(&REFS),
            },
            _ => match r.weighted(&[40, 20, 40]) {
                0 => r.u32(),
                1 => ((r.bits(24) as f64 / (1u64 << 24) as f64 * 2.5 - 1.25) as f32).to_bits(),
                _ => r.pick(&REFS),
            },
        };
        let cmp = r.chance(75);
        let odd = r.chance(50);
        let func = r.below(8);
        let ext = extremes(d);
        let nr = near(d, reference);
        let mut t = [0i64; 4];
        for x in t.iter_mut() {
            *x = match r.weighted(&[40, 30, 30]) {
                0 => clamp_code(d, r.pick(&nr) + r.range(0, 2) as i64 - 1),
                1 => match d {
                    Domain::Unorm(_) => r.below(dd as u64 + 1) as i64,
                    Domain::Snorm(_) => r.below(2 * dd as u64 + 1) as i64 - dd,
                    Domain::F16 => r.bits(16) as i64,
                    _ => i64::from(r.u32()),
                },
                _ => r.pick(&ext),
            };
        }
        let (dom, n) = dom_fields(d);
        let vals = [
            dom,
            n,
            u64::from(cmp),
            u64::from(odd),
            func,
            u64::from(reference),
            code(t[0]),
            code(t[1]),
            code(t[2]),
            code(t[3]),
        ];
        v.copy_from_slice(&vals);
    }

    fn eval(&self, _fx: &Fixture, v: &[u64], out: &mut [u64]) -> Result<()> {
        let d = domain_of(v[0], v[1]).ok_or_else(|| anyhow!("dom {} nbits {} is not a domain", v[0], v[1]))?;
        let compare = (v[2] == 1).then(|| (CompareFunc::from_code(v[4] as u32), v[5] as u32));
        let odd = v[3] == 1 && compare.is_none() && matches!(d, Domain::Unorm(_) | Domain::Snorm(_));
        let mut words = [0u64; 4];
        for (k, w) in words.iter_mut().enumerate() {
            let c = v[6 + k] as u32;
            let x = code_value(d, c).ok_or_else(|| anyhow!("t{k} = {c:#x} is not a {d:?} code"))?;
            if odd {
                // The binary32 rounded to odd of x / D (texcore::fp::ratio_to_f32_odd_bits).
                *w = u64::from(ratio_to_f32_odd_bits(x, d_of(d) as u64));
                continue;
            }
            match gather_texel(d, x, compare) {
                Ok(r) => *w = u64::from(r),
                Err(_) => {
                    out.fill(0);
                    out[0] = 1;
                    return Ok(());
                }
            }
        }
        out[0] = 0;
        out[1..5].copy_from_slice(&words);
        Ok(())
    }
}

/// The arithmetic of `rtl/texcore_gather_cmp.sv`, step for step, so the tests can hold its
/// claims (no clamp below 1.0, the periodic significand never carries and never ties)
/// against the core on more values than the vectors carry.
pub mod rtl_model {
    /// s1–s3 of the reference path: `min(RNE(|ref| × (2^k − 1)), 2^k − 1)` of a non-NaN
    /// reference magnitude.
    pub fn quantize(r: u32, k: u32) -> u64 {
        let e = (r >> 23) & 0xFF;
        let mant = u64::from(r & 0x7F_FFFF) | if e != 0 { 1 << 23 } else { 0 };
        let d = (1u64 << k) - 1;
        if e >= 127 {
            return d; // |ref| ≥ 1 or ∞
        }
        if e <= 101 {
            return 0;
        }
        let p = (mant << k) - mant; // 48 bits
        let w = (u128::from(p) << 24) >> (126 - e); // 72 bits
        let q = (w >> 48) as u64;
        let g = (w >> 47) & 1 == 1;
        let st = w & ((1u128 << 47) - 1) != 0;
        let r = q + u64::from(g && (st || q & 1 == 1));
        assert!(r <= d, "the rounded product exceeds D: {r} > {d}");
        r
    }

    /// s1–s5 of the texel path: `±mag / (2^k − 1)` as binary32 from the periodic pattern,
    /// rounded to nearest even or (`odd`) to odd.
    pub fn norm_to_f32(mag: u32, k: u32, neg: bool, odd: bool) -> u32 {
        let sign = u32::from(neg) << 31;
        let d = (1u32 << k) - 1;
        if mag == 0 {
            return 0;
        }
        if mag == d {
            return sign | 0x3F80_0000;
        }
        let lz = mag.leading_zeros() - 8; // of 24 bits
        let vn = mag << lz; // leading one at bit 23
        let p = vn >> (24 - k); // the period, k bits
        let mut win = 0u32; // 25 bits
        for j in 0..25 {
            let bit = (p >> (k - 1 - (j % k))) & 1;
            win = (win << 1) | bit;
        }
        let sig = if odd { (win >> 1) | 1 } else { (win >> 1) + (win & 1) };
        assert!(sig < 1 << 24, "the significand carried out");
        let ex = 150 - lz - k;
        sign | (ex << 23) | (sig & 0x7F_FFFF)
    }

    /// `f32_to_f16` of the RTL.
    pub fn f32_to_f16(x: u32) -> u16 {
        let s = ((x >> 31) as u16) << 15;
        let e = (x >> 23) & 0xFF;
        let m = x & 0x7F_FFFF;
        let sh = if e >= 113 {
            13
        } else if e <= 101 {
            25
        } else {
            126 - e
        };
        let mant = u64::from(m | if e != 0 { 1 << 23 } else { 0 });
        let w = (mant << 24) >> sh;
        let up = (w >> 23) & 1 == 1 && (w & 0x7F_FFFF != 0 || (w >> 24) & 1 == 1);
        let q = ((w >> 24) & 0xFFF) as u16 + u16::from(up);
        let he = (e as u16).wrapping_sub(112) & 0x1F;
        if e == 255 {
            s | 0x7C00 | if m != 0 { 0x200 } else { 0 }
        } else if e >= 143 {
            s | 0x7C00
        } else if e == 0 {
            s
        } else if e < 113 {
            s | (q & 0x7FF)
        } else if q >> 11 == 1 {
            s | ((he + 1) << 10)
        } else {
            s | (he << 10) | (q & 0x3FF)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::rtl_model;
    use super::*;
    use std::collections::BTreeSet;
    use texcore::fp::ratio_to_f32_bits;

    fn key(d: Domain) -> (u64, u64) {
        dom_fields(d)
    }

    #[test]
    fn format_domains_are_the_cores() {
        let mut core = BTreeSet::new();
        for f in texcore::Format::ALL.iter() {
            for srgb in [false, true] {
                for d in texcore::texel::domains(*f, srgb) {
                    core.insert(key(d));
                }
            }
        }
        let ours: BTreeSet<(u64, u64)> = FORMAT_DOMAINS.iter().map(|d| key(*d)).collect();
        assert_eq!(ours, core);
    }

    #[test]
    fn domain_fields_round_trip_and_reject_the_rest() {
        let all = all_domains();
        assert_eq!(all.len(), 24 + 23 + 4);
        for d in &all {
            let (dom, n) = dom_fields(*d);
            assert_eq!(domain_of(dom, n), Some(*d));
        }
        for (dom, n) in [(0, 0), (0, 25), (1, 1), (1, 0), (2, 8), (3, 1), (4, 32), (6, 0), (7, 0)] {
            assert_eq!(domain_of(dom, n), None, "dom {dom} nbits {n}");
        }
        let named: Vec<&str> = DOM_NAMES.iter().map(|d| d.0).collect();
        assert_eq!(named, ["UNORM", "SNORM", "F16", "F32", "UINT", "SINT"]);
    }

    #[test]
    fn codes_outside_the_decoders_range_are_rejected() {
        assert_eq!(code_value(Domain::Unorm(8), 255), Some(255));
        assert_eq!(code_value(Domain::Unorm(8), 256), None);
        assert_eq!(code_value(Domain::Snorm(8), (-127i32) as u32), Some(-127));
        assert_eq!(code_value(Domain::Snorm(8), (-128i32) as u32), None);
        assert_eq!(code_value(Domain::Snorm(8), 128), None);
        assert_eq!(code_value(Domain::F16, 0x1_0000), None);
        assert_eq!(code_value(Domain::Sint, 0xFFFF_FFFF), Some(-1));
        assert_eq!(code_value(Domain::Uint, 0xFFFF_FFFF), Some(0xFFFF_FFFF));
        let fx = Fixture::build(1, 1).unwrap();
        let mut out = [0u64; 5];
        let bad = [0, 8, 0, 0, 0, 0, 256, 0, 0, 0];
        assert!(GatherCmp.eval(&fx, &bad, &mut out).is_err(), "UNORM8 code 256");
        assert!(GatherCmp.eval(&fx, &[6, 0, 0, 0, 0, 0, 0, 0, 0, 0], &mut out).is_err(), "dom 6");
    }

    /// The RTL's periodic-pattern conversion `v / (2^k − 1)` equals the core's RNE division
    /// for every code of every width up to 16 and sampled codes of the wider ones.
    #[test]
    fn rtl_normalized_conversion_matches_the_core() {
        for k in 1..=24u32 {
            let d = (1u32 << k) - 1;
            let step = if k <= 16 { 1 } else { 4093 };
            let edges = [0, 1, 2, d / 2, d / 2 + 1, d.saturating_sub(2), d - 1, d];
            for v in (0..=d).step_by(step).chain(edges.into_iter().filter(|v| *v <= d)) {
                for neg in [false, true] {
                    let num = if neg { -i64::from(v) } else { i64::from(v) };
                    let want = ratio_to_f32_bits(num, u64::from(d), 0);
                    assert_eq!(rtl_model::norm_to_f32(v, k, neg && v != 0, false), want, "k {k} v {v} neg {neg}");
                    let odd = ratio_to_f32_odd_bits(num, u64::from(d));
                    assert_eq!(rtl_model::norm_to_f32(v, k, neg && v != 0, true), odd, "odd: k {k} v {v} neg {neg}");
                }
            }
        }
    }

    /// The RTL's reference quantization (clamp at |ref| ≥ 1, 72-bit shift, no clamp after
    /// rounding) equals `unorm_from_f32` / `snorm_from_f32` for every width.
    #[test]
    fn rtl_reference_quantization_matches_the_core() {
        let mut r = Rand::new(1, "gather_cmp test", 0);
        let mut refs: Vec<u32> = REFS.to_vec();
        for e in 0..=255u32 {
            for m in [0u32, 1, 0x40_0000, 0x7F_FFFF, 0x55_5555] {
                refs.push((e << 23) | m);
            }
        }
        refs.extend((0..20_000).map(|_| r.u32()));
        refs.extend((0..20_000).map(|_| ((r.bits(24) as f64 / (1u64 << 24) as f64 * 1.5) as f32).to_bits()));
        for k in 1..=24u32 {
            let mut all = refs.clone();
            all.extend(quant_refs(Domain::Unorm(k as u8)));
            for x in all {
                if x & 0x7FFF_FFFF > 0x7F80_0000 {
                    // NaN
                    continue;
                }
                let mag = rtl_model::quantize(x & 0x7FFF_FFFF, k);
                let unorm = if x >> 31 == 1 { 0 } else { mag };
                assert_eq!(unorm, unorm_from_f32(x, k), "UNORM{k} ref {x:#x}");
                let snorm = if x >> 31 == 1 { -(mag as i64) } else { mag as i64 };
                assert_eq!(snorm, snorm_from_f32(x, k + 1), "SNORM{} ref {x:#x}", k + 1);
            }
        }
    }

    /// The RTL's binary32 → binary16 rounding equals the core's on every exponent with edge
    /// significands, around every binary16 tie, and on a sample of all patterns.
    #[test]
    fn rtl_f16_rounding_matches_the_core() {
        let mut xs: Vec<u32> = REFS.to_vec();
        for s in [0u32, 0x8000_0000] {
            for e in 0..=255u32 {
                for m in [0u32, 1, 0xFFF, 0x1000, 0x1001, 0x2000, 0x3000, 0x40_0000, 0x7F_E000, 0x7F_F000, 0x7F_FFFF] {
                    xs.push(s | (e << 23) | m);
                }
            }
        }
        for h in 0..=0xFFFFu16 {
            let w = f16_to_f32_bits(h);
            for off in [0i32, 1, -1, 0x1000, -0x1000, 0xFFF, 0x1001] {
                xs.push(w.wrapping_add(off as u32));
            }
        }
        xs.extend((0..=u32::MAX).step_by(65_521));
        for x in xs {
            assert_eq!(rtl_model::f32_to_f16(x), f32_to_f16_bits(x), "{x:#x}");
        }
    }
}
