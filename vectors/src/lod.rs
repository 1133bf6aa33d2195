//! Unit `lod`: the LOD stage of one lane (`texcore::lod`), from the binary32 derivatives of
//! the normalized coordinates to the level selection:
//!
//! ```text
//! d      = each derivative, magnitude rounded up to 18 bits              texel_derivs
//! m      = d × base-level size (one 18 × 17 product, rounded up)
//! ρ²     = m_u² + m_v² + m_w² per screen axis (18 × 18 squares, sums, all rounded up)
//! L      = log2 ρ² (64-segment table + interpolation, never below)   compute
//! log2η² = min(L_max − L_min, 2 log2 A); N from thresholds; λ_fine = L_max − log2η²
//!        | explicit LOD (f32 → S8.8 RNE) | 0
//! λ'     = round(λ_fine + clamp(sampler bias + shader bias, ±16))     select_level
//! λ      = max(min_lod, min(max_lod, λ'))  → magnify, level(s), weight
//! ```
//!
//! The stage boundary is the core's: the sampling op (`texcore::op::sample`) computes the
//! binary32 coordinate derivatives per lane — `grads` (TXD/SAMPLE_D) or the binary32
//! differences of the quad's coordinates — and runs `texel_derivs` then `compute`; this
//! unit takes them (cube maps project onto the face first: not in this unit). The op
//! derives the unit's `dims` from the texture type (`texcore::filter::dims`: 1D types 1, 2D
//! types 2, 3D 3) and passes the sampler's anisotropy only for 2D types with a filterable
//! format (`aniso` = 0 otherwise) and mip LINEAR as NEAREST for unfilterable formats: `aniso`
//! and `mip` are the effective values. The texture's level-0 size and base level give the
//! base-level size `max(1, size >> base_level)` on every axis (depth is minified only for
//! 3D, the only type with `dims` = 3).
//!
//! Every value of every input field is legal except `dims` 0, `mip` 3, `aniso` 5–7 and
//! `lod_mode` 3, which no op produces (the sampler decoder rejects mip 3 and anisotropy above
//! 16×) and which are not in the vectors. `levels_m1` and `base_level` take their whole 5-bit
//! range (the header allows at most 17 levels and base 16; the stage is defined beyond).

use anyhow::{bail, Result};
use fixed::types::{I8F8, U8F8};
use texcore::descriptor::{minify, MipFilter, SamplerHeader};
use texcore::lod::{compute, scale_factor, texel_derivs, Lod, LodSource};

use super::layout::{Field, Image};
use super::pools::Fixture;
use super::rng::Rand;
use super::Unit;

/// The unit.
pub struct LodUnit;

/// One stimulus.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stim {
    /// `[∂/∂x, ∂/∂y]` of `(s, t, r)`, binary32 bits.
    pub d: [[u32; 3]; 2],
    /// Texel axes: 1, 2 or 3.
    pub dims: u32,
    /// Level-0 width, height, depth minus one.
    pub size_m1: [u32; 3],
    /// Base level of the view.
    pub base: u32,
    /// Levels of the view minus one.
    pub levels_m1: u32,
    /// Sampler LOD bias, S8.8 bits.
    pub bias: u16,
    /// Sampler min LOD, U8.8.
    pub min_lod: u16,
    /// Sampler max LOD, U8.8.
    pub max_lod: u16,
    /// Effective mip filter (0 NONE, 1 NEAREST, 2 LINEAR).
    pub mip: u32,
    /// Effective max anisotropy, log2 (0 … 4).
    pub aniso: u32,
    /// `LOD_MODE_*`: 0 derivatives (+ shader bias `lod`), 1 explicit LOD `lod`, 2 zero.
    pub lod_mode: u32,
    /// Shader bias or explicit LOD, binary32 bits.
    pub lod: u32,
}

/// A 256×256 2D texture with 9 levels, trilinear, default clamps, zero derivatives.
pub const BASE: Stim = Stim {
    d: [[0; 3]; 2],
    dims: 2,
    size_m1: [255, 255, 0],
    base: 0,
    levels_m1: 8,
    bias: 0,
    min_lod: 0,
    max_lod: 0xFFFF,
    mip: 2,
    aniso: 0,
    lod_mode: 0,
    lod: 0,
};

/// Input fields.
const N_IN: usize = 19;

impl Stim {
    fn inputs(&self) -> [u64; N_IN] {
        let d = self.d;
        [
            u64::from(d[0][0]),
            u64::from(d[0][1]),
            u64::from(d[0][2]),
            u64::from(d[1][0]),
            u64::from(d[1][1]),
            u64::from(d[1][2]),
            u64::from(self.dims),
            u64::from(self.size_m1[0]),
            u64::from(self.size_m1[1]),
            u64::from(self.size_m1[2]),
            u64::from(self.base),
            u64::from(self.levels_m1),
            u64::from(self.bias),
            u64::from(self.min_lod),
            u64::from(self.max_lod),
            u64::from(self.mip),
            u64::from(self.aniso),
            u64::from(self.lod_mode),
            u64::from(self.lod),
        ]
    }

    fn from_inputs(v: &[u64]) -> Stim {
        let g = |i: usize| v.get(i).copied().unwrap_or(0) as u32;
        Stim {
            d: [[g(0), g(1), g(2)], [g(3), g(4), g(5)]],
            dims: g(6),
            size_m1: [g(7), g(8), g(9)],
            base: g(10),
            levels_m1: g(11),
            bias: g(12) as u16,
            min_lod: g(13) as u16,
            max_lod: g(14) as u16,
            mip: g(15),
            aniso: g(16),
            lod_mode: g(17),
            lod: g(18),
        }
    }

    /// The base-level size of each axis.
    pub fn size(&self) -> [u32; 3] {
        self.size_m1.map(|m| minify(m + 1, self.base))
    }

    /// The core's LOD stage on this stimulus (`None` for the codes no op produces).
    pub fn eval(&self) -> Option<Lod> {
        let mip = match self.mip {
            0 => MipFilter::None,
            1 => MipFilter::Nearest,
            2 => MipFilter::Linear,
            _ => return None,
        };
        let src = match self.lod_mode {
            0 => LodSource::Derivatives { bias: self.lod },
            1 => LodSource::Explicit(self.lod),
            2 => LodSource::Zero,
            _ => return None,
        };
        if !(1..=3).contains(&self.dims) || self.aniso > 4 {
            return None;
        }
        let smp = SamplerHeader {
            mip_filter: mip,
            max_anisotropy_log2: self.aniso as u8,
            lod_bias: I8F8::from_bits(self.bias as i16),
            min_lod: U8F8::from_bits(self.min_lod),
            max_lod: U8F8::from_bits(self.max_lod),
            ..SamplerHeader::default()
        };
        let dv = texel_derivs(&self.d, self.size(), self.dims);
        Some(compute(&dv, self.aniso, src, &smp, self.levels_m1 + 1, mip))
    }
}

/// binary32 bits of `2^k` (k ≥ −149; subnormal below −126; +∞ above 127).
pub const fn pow2(k: i32) -> u32 {
    if k > 127 {
        0x7F80_0000
    } else if k >= -126 {
        ((k + 127) as u32) << 23
    } else if k >= -149 {
        1 << (k + 149)
    } else {
        0
    }
}

/// binary32 bits of `(1 + frac / 2^23) × 2^k` for a normal `k`.
const fn f32_of(k: i32, frac: u32) -> u32 {
    pow2(k) | (frac & 0x7F_FFFF)
}

/// Special binary32 values for derivatives, biases and LODs.
pub const SPECIALS: [u32; 18] = [
    0x0000_0000, // +0
    0x8000_0000, // −0
    0x7FC0_0000, // qNaN
    0xFFFF_FFFF, // −NaN, all ones
    0x7F80_0001, // sNaN
    0x7F80_0000, // +∞
    0xFF80_0000, // −∞
    0x0000_0001, // smallest subnormal
    0x807F_FFFF, // −largest subnormal
    0x0080_0000, // smallest normal
    0x7F7F_FFFF, // largest finite
    0xFF7F_FFFF, // −largest finite
    0x3F80_0000, // 1
    0xBF00_0000, // −0.5
    0x3B80_0000, // 2^-8
    0x3AAA_AAAB, // ≈ 1/768
    0x4F80_0000, // 2^32
    0x2F80_0000, // 2^-32
];

/// Sampler LOD-bias bit patterns (S8.8): both sides of the ±16 clamp and the 16-bit ends.
pub const BIASES: [u16; 12] =
    [0x8000, 0xEFFF, 0xF000, 0xF001, 0xFF00, 0xFFFF, 0x0000, 0x0001, 0x00FF, 0x0FFF, 0x1000, 0x7FFF];

/// Explicit LODs and shader biases (binary32): specials, the S8.8 RNE ties, both sides of the
/// ±128 saturation and the ±16 bias clamp.
pub fn lod_values() -> Vec<u32> {
    let mut v: Vec<u32> = SPECIALS.to_vec();
    for x in [
        1.0 / 256.0,
        -1.0 / 256.0,
        1.0 / 512.0, // tie → 0
        3.0 / 512.0, // tie → 2/256
        5.0 / 512.0, // tie → 2/256
        -3.0 / 512.0,
        -1.0 / 512.0,
        1.0 / 512.0 + 1.0 / 65536.0,
        0.5,
        1.5,
        2.75,
        7.5,
        15.99609375,
        16.0,
        -16.0,
        -16.00390625,
        16.00390625,
        20.0,
        -20.0,
        127.99609375,
        127.998046875, // tie between 32767 and 32768 → 32768 → saturates
        128.0,
        -128.0,
        -128.001953125, // tie → −32768 (even)
        -128.00390625,
        -129.0,
        1e10,
        -1e10,
    ] {
        v.push((x as f32).to_bits());
    }
    v
}

/// Pushes a stimulus.
fn push(out: &mut Vec<u64>, s: &Stim) {
    out.extend_from_slice(&s.inputs());
}

/// Derivatives with `∂s/∂x = a`, `∂t/∂y = b` (binary32 bits), the rest 0.
const fn diag(a: u32, b: u32) -> [[u32; 3]; 2] {
    [[a, 0, 0], [0, b, 0]]
}

/// `(ρ_x, ρ_y)` ratios of the anisotropy set, as `(k, frac)`: `(1 + frac/2^23) × 2^k`.
const RATIOS: [(i32, u32); 16] = [
    (0, 0),         // 1
    (0, 0x40_0000), // 1.5
    (1, 0),         // 2
    (1, 0x20_0000), // 2.5
    (1, 0x40_0000), // 3
    (2, 0),         // 4
    (2, 1),         // 4 + ulp
    (2, 0x7F_FFFF), // 8 − ulp
    (3, 0),         // 8
    (3, 0x70_0000), // 15
    (4, 0),         // 16
    (4, 0x08_0000), // 16.5
    (4, 0x10_0000), // 17
    (6, 0x48_0000), // 100
    (20, 0),        // 2^20
    (60, 0x12_3456),
];

fn directed_all(out: &mut Vec<u64>) {
    let iso = pow2(-8); // one texel per pixel on a 256-texel axis
                        // 1. Specials in every derivative slot, over zero and isotropic backgrounds, every
                        //    texel-axis count, without and with 16× anisotropy.
    for bg in [[[0; 3]; 2], diag(iso, iso)] {
        for slot in 0..6 {
            for &x in &SPECIALS {
                for dims in 1..=3 {
                    for aniso in [0, 4] {
                        let mut d = bg;
                        d[slot / 3][slot % 3] = x;
                        push(out, &Stim { d, dims, size_m1: [255, 255, 255], aniso, ..BASE });
                    }
                }
            }
        }
    }
    // 2. ρ = 2^j exactly (λ_base = j, saturating at ±128), and just above 2^j and just below
    //    2^(j+1), for sizes 1, 256, 65536, on either screen axis.
    for size_m1 in [0u32, 255, 65535] {
        let lg = 32 - (size_m1 + 1).leading_zeros() as i32 - 1;
        for j in -160..=160 {
            let k = j - lg;
            if !(-149..=127).contains(&k) {
                continue;
            }
            for frac in [0, 1, 0x7F_FFFF] {
                let x = if k >= -126 { f32_of(k, frac) } else { pow2(k) };
                for y in [false, true] {
                    let d = if y { [[0; 3], [x, 0, 0]] } else { [[0, x, 0], [0; 3]] };
                    push(out, &Stim { d, size_m1: [size_m1; 3], ..BASE });
                }
            }
        }
    }
    // λ exactly 0 (ρ = 1 texel): magnified; one step either side.
    for frac in [0u32, 1] {
        for bits in [f32_of(-8, frac), f32_of(-9, 0x7F_FFFF)] {
            for mip in 0..3 {
                push(out, &Stim { d: diag(bits, bits), mip, ..BASE });
            }
        }
    }
    // 3. Sizes and base levels, one axis at a time and all three.
    const SIZES: [u32; 12] = [0, 1, 2, 3, 254, 255, 256, 4095, 32767, 32768, 65534, 65535];
    for base in [0u32, 1, 2, 8, 15, 16, 17, 31] {
        for &sz in &SIZES {
            for axis in 0..3 {
                let mut size_m1 = [99, 99, 99];
                size_m1[axis] = sz;
                let mut d = [[0; 3]; 2];
                d[0][axis] = 0x3F80_0000;
                d[1][(axis + 1) % 3] = 0x3C23_D70A; // 0.01
                push(out, &Stim { d, dims: 3, size_m1, base, ..BASE });
            }
            let d = [[0x3A83_126F; 3], [0xBA83_126F, 0x3A83_126F, 0xBA83_126F]]; // ±0.001
            push(out, &Stim { d, dims: 3, size_m1: [sz; 3], base, levels_m1: 16, ..BASE });
        }
    }
    // Huge: the largest size and derivative, and ∞, saturate λ_base at +127.996.
    for x in [0x7F7F_FFFF, 0x7F80_0000, 0xFF80_0000, 0x6000_0000] {
        for aniso in [0, 4] {
            push(out, &Stim { d: diag(x, x), size_m1: [65535; 3], aniso, ..BASE });
            push(out, &Stim { d: diag(x, 0x3F80_0000), size_m1: [65535; 3], aniso, ..BASE });
        }
    }
    // 4. LOD sources: explicit LODs and LOD zero against biases and every mip filter;
    //    shader biases against sampler biases at λ_base 0, 127, saturated and ρ = 0.
    let lods = lod_values();
    for &l in &lods {
        for &bias in &[0u16, 0x0FFF, 0xF000] {
            for mip in 0..3 {
                push(out, &Stim { lod_mode: 1, lod: l, bias, mip, d: diag(iso, iso), ..BASE });
            }
        }
    }
    for lb in [pow2(-8), pow2(119), 0x7F7F_FFFF, 0] {
        for &bias in &BIASES {
            for &l in &lods {
                push(out, &Stim { d: diag(lb, lb), bias, lod: l, ..BASE });
            }
            push(out, &Stim { lod_mode: 2, d: diag(lb, lb), bias, ..BASE });
            push(out, &Stim { lod_mode: 2, d: diag(lb, lb), bias, min_lod: 0x0180, max_lod: 0x0100, ..BASE });
        }
    }
    // 5. min/max LOD (incl. min > max) against λ across the range, every mip filter.
    const CLAMPS: [(u16, u16); 12] = [
        (0, 0xFFFF),
        (0, 0),
        (0x100, 0x100),
        (0x200, 0x100),
        (0xFFFF, 0),
        (0x80, 0x1000),
        (0, 1),
        (1, 0),
        (0x7FFF, 0x8000),
        (0xFFFF, 0xFFFF),
        (0, 0x7FFF),
        (0x100, 0xFFFF),
    ];
    for (min_lod, max_lod) in CLAMPS {
        for k in [-32768i32, -200, -1, 0, 1, 128, 255, 256, 257, 511, 512, 513, 4096, 32767] {
            for mip in 0..3 {
                for levels_m1 in [0, 4] {
                    let lod = ((k as f32) / 256.0).to_bits();
                    push(out, &Stim { lod_mode: 1, lod, min_lod, max_lod, mip, levels_m1, ..BASE });
                }
            }
        }
    }
    // 6. Level selection: λ at every level edge, the NEAREST ties (d' + ½) and the LINEAR
    //    weights, for level counts 1, 2, 3, 4, 8, 16, 17, 32.
    for levels_m1 in [0u32, 1, 2, 3, 7, 15, 16, 31] {
        for n in -2..=(levels_m1 as i32 + 2) {
            for off in [0, 1, 2, 64, 126, 127, 128, 129, 130, 192, 254, 255] {
                let lod = (((n * 256 + off) as f32) / 256.0).to_bits();
                for mip in 0..3 {
                    push(out, &Stim { lod_mode: 1, lod, mip, levels_m1, ..BASE });
                }
            }
        }
    }
    // 7. Anisotropy: every max anisotropy × both ρ zero, ρ_min = 0 on either axis, ratios
    //    around the N = ceil(η) boundaries and above A (axis-aligned, swapped, rotated), at
    //    three scales; η² exactly n² (N = n) and just above (N = n + 1).
    for aniso in 0..=4u32 {
        for scale in [-8i32, -30, 10] {
            let b = pow2(scale);
            push(out, &Stim { aniso, ..BASE });
            push(out, &Stim { d: diag(b, 0), aniso, ..BASE });
            push(out, &Stim { d: diag(0, b), aniso, ..BASE });
            push(out, &Stim { d: [[b, b, 0], [0; 3]], aniso, ..BASE });
            for (k, frac) in RATIOS {
                let big = f32_of(scale + k, frac);
                push(out, &Stim { d: diag(big, b), aniso, ..BASE });
                push(out, &Stim { d: diag(b, big), aniso, ..BASE });
                // rotated: x = big·(0.8, 0.6), y = b·(−0.6, 0.8)
                let r = |v: u32, c: f32| ((f32::from_bits(v) as f64 * c as f64) as f32).to_bits();
                let d = [[r(big, 0.8), r(big, 0.6), 0], [r(b, -0.6), r(b, 0.8), 0]];
                push(out, &Stim { d, aniso, ..BASE });
                push(out, &Stim { d, aniso, lod_mode: 1, lod: 0x3FC0_0000, ..BASE });
            }
            for n in 2..=16u32 {
                let big = ((f32::from_bits(b) as f64) * f64::from(n)) as f32;
                push(out, &Stim { d: diag(big.to_bits(), b), aniso, ..BASE });
                push(out, &Stim { d: diag(big.to_bits() + 1, b), aniso, ..BASE });
            }
        }
        for dims in [1, 3] {
            let d = [[pow2(-4), pow2(-6), pow2(-5)], [pow2(-9), pow2(-8), pow2(-10)]];
            push(out, &Stim { d, dims, aniso, ..BASE });
        }
    }
    // 8. The steps of λ_base and N, approached as closely as the derivatives allow.
    directed_steps(out);
    // 9. Both sides of every `log2` table segment boundary, on either screen axis.
    directed_table_boundaries(out);
}

/// Position of `ρ²` (after its rounding up to 18 bits) among the `log2` table's segments:
/// the binade, then the segment (the top 6 fraction bits). Monotone in `ρ²`.
fn segment_key(s: &Stim, axis: usize) -> u64 {
    let dv = texel_derivs(&s.d, s.size(), s.dims);
    let r = scale_factor(&dv, s.aniso).rho2[axis];
    (((r.e + 1024).max(0) as u64) << 6) | u64::from((r.m >> 11) & 63)
}

/// The `log2` table's segment boundaries `ρ² = 1 + i/64` (i = 1 … 64; 64 is the next
/// binade), each straddled by two stimuli one binary32 ulp apart: the lower one's `ρ²` is
/// interpolated at the top of segment i − 1, the upper one's at the start of segment i
/// (or one 18-bit ulp above). On the major axis (isotropic: λ_base) and on the minor
/// axis (16×: `ρ_x² = 16`, so `L_min` sets λ_base, `N` and the ratio), so a wrong segment
/// index, a wrong table entry at either end of a segment or an off-by-one interpolation
/// moves an output of one of them.
fn directed_table_boundaries(out: &mut Vec<u64>) {
    let one = pow2(-8); // 1 texel of the 256-texel BASE texture
    for axis in 0..2usize {
        let base = if axis == 0 {
            Stim { d: [[one, 0, 0], [0; 3]], ..BASE }
        } else {
            Stim { d: [[pow2(-6), 0, 0], [one, 0, 0]], aniso: 4, ..BASE }
        };
        let make = |x: u32| {
            let mut s = base;
            s.d[axis][1] = x;
            s
        };
        for i in 1..=64u32 {
            // ρ² = 1 + (256 t)²: t from half a segment below the boundary to half above.
            let t = |k: f64| f32b((k / 64.0).sqrt() / 256.0);
            let (mut a, mut b) = (t(f64::from(i) - 0.5), t(f64::from(i) + 0.5));
            let k_lo = segment_key(&make(a), axis);
            if segment_key(&make(b), axis) == k_lo {
                continue;
            }
            while b - a > 1 {
                let m = a + (b - a) / 2;
                if segment_key(&make(m), axis) == k_lo {
                    a = m;
                } else {
                    b = m;
                }
            }
            push(out, &make(a));
            push(out, &make(b));
        }
    }
}

/// The two adjacent stimuli `make(x)`, `make(x + 1)` (x a non-negative binary32 bit pattern
/// in `lo .. hi`) on either side of a step of `key`, by bisection (`key ∘ make` must be
/// monotone on `lo ..= hi` and differ at the ends).
fn step_pair(make: &dyn Fn(u32) -> Stim, key: fn(&Lod) -> u64, lo: u32, hi: u32) -> Option<(u32, u32)> {
    let k = |x: u32| make(x).eval().map(|l| key(&l));
    let k_lo = k(lo)?;
    if k(hi)? == k_lo {
        return None;
    }
    let (mut a, mut b) = (lo, hi);
    while b - a > 1 {
        let m = a + (b - a) / 2;
        if k(m)? == k_lo {
            a = m;
        } else {
            b = m;
        }
    }
    Some((a, b))
}

/// Stimuli straddling a step of `key` as tightly as binary32 derivatives allow: component
/// `slot_b` of the derivatives bisected first, then `slot_c` (added to the lower side of the
/// first step), giving ρ² adjacent to the step within about 2^-60 relative. Pushes both
/// pairs (4 vectors).
fn push_step(out: &mut Vec<u64>, base: Stim, slots: (usize, usize), key: fn(&Lod) -> u64, b_hi: u32) {
    let with = |s: Stim, slot: usize, x: u32| {
        let mut t = s;
        t.d[slot / 3][slot % 3] = x;
        t
    };
    let (sb, sc) = slots;
    let mb = |x: u32| with(base, sb, x);
    let Some((b0, b1)) = step_pair(&mb, key, 0, b_hi) else { return };
    push(out, &mb(b0));
    push(out, &mb(b1));
    let lower = mb(b0);
    let mc = |x: u32| with(lower, sc, x);
    // c from 0 to b: adding b² more crosses the step (b1² − b0² < b0²).
    if let Some((c0, c1)) = step_pair(&mc, key, 0, b0.max(1)) {
        push(out, &mc(c0));
        push(out, &mc(c1));
    }
}

/// binary32 bits of `v` (round to nearest).
fn f32b(v: f64) -> u32 {
    (v as f32).to_bits()
}

/// The steps the 8-bit outputs hide least, each approached from both sides as closely as
/// the derivatives allow (pairs one binary32 ulp apart):
///
/// * λ_base half-way between two S8.8 values, at all 256 fractions of one LOD unit (ρ² over
///   two octaves: two steps in each of the 64 `log2` table segments, so a wrong or dropped
///   table bit moves some pair across), for sizes 1, 3 (NPOT product) and 65 536, then
///   spread over −40 … +50 LOD, isotropic and through the `2 log2 A` clamp;
/// * λ_base through the log-domain difference `L_max − log2 η²` (η below A);
/// * `N` at every threshold `η = k` (k = 2 … 15), approached from below;
/// * the S4.12 `log2(ρ_min/ρ_max)` (TMML A) at its rounding steps, over ratios 1 … 256.
///
/// A datapath that is only nearly exact (a `>` for `≥`, a dropped partial product or
/// table bit) moves some of these across the step.
fn directed_steps(out: &mut Vec<u64>) {
    let lb = |l: &Lod| u64::from(l.lambda_base as u16);
    let smp = |l: &Lod| u64::from(l.samples);
    let ratio = |l: &Lod| u64::from(l.log2_ratio as u16);
    // All 256 fractions of λ_base ∈ [3, 4) (ρ² ∈ [2^6, 2^8)), then every 491st step over
    // −40 … +50.
    let mut targets: Vec<i32> = (0..256).map(|i| 3 * 256 + i).collect();
    targets.extend((0..48).map(|i| -40 * 256 + i * 491));
    // Isotropic, sizes 1, 3, 65536; then 16× and 8× with ρ_min = 0 (λ − 4, λ − 3).
    for (size_m1, aniso, shift, all) in
        [(0u32, 0u32, 0i32, true), (2, 0, 0, true), (65535, 0, 0, false), (255, 4, 4, false), (255, 3, 3, false)]
    {
        for &n in targets.iter().skip(if all { 0 } else { 256 }) {
            let size = f64::from(size_m1 + 1);
            // ρ (texels) at the step; a = 0.9 ρ on s, the rest on t, then r.
            let rho = (((2 * n + 1) as f64) / 512.0 + f64::from(shift)).exp2();
            let a = f32b(0.9 * rho / size);
            let base = Stim { d: [[a, 0, 0], [0; 3]], dims: 3, size_m1: [size_m1; 3], aniso, ..BASE };
            push_step(out, base, (1, 2), lb, a);
        }
    }
    // Anisotropic through the log-domain difference: ρ_x ≈ 3.3 ρ_y (η² ≈ 11 < A² = 256),
    // the step approached on the minor axis (λ_base ≈ log2 ρ_y).
    for &n in targets.iter().skip(256).step_by(2) {
        let rho = (((2 * n + 1) as f64) / 512.0).exp2() / 256.0;
        let a = f32b(0.9 * rho);
        let big = f32b(3.3 * rho);
        let base = Stim { d: [[big, big, 0], [a, 0, 0]], dims: 3, aniso: 4, ..BASE };
        push_step(out, base, (4, 5), lb, a);
    }
    // N at η = k: the major axis approached from below.
    for aniso in [3u32, 4] {
        for n in 2..(1u32 << aniso) {
            let minor = pow2(-9);
            let a = f32b(0.9 * f64::from(n) / 512.0);
            let base = Stim { d: [[a, 0, 0], [0, minor, 0]], dims: 3, aniso, ..BASE };
            push_step(out, base, (1, 2), smp, a);
        }
    }
    // log2(ρ_min/ρ_max) (S4.12) at its rounding steps: ratios 2^(k/16.3), k = 0 … 129.
    for k in 0..130 {
        let r = f64::from(k) / 16.3;
        let minor = pow2(-9);
        let a = f32b(0.9 * r.exp2() / 512.0);
        let base = Stim { d: [[a, 0, 0], [0, minor, 0]], dims: 3, aniso: 4, ..BASE };
        push_step(out, base, (1, 2), ratio, a);
    }
}

/// Random binary32 with a random mantissa and sign, magnitude in `[2^lo, 2^(hi+1))`.
fn rand_f32(r: &mut Rand, lo: i32, hi: i32) -> u32 {
    let k = lo + r.below((hi - lo + 1) as u64) as i32;
    let sign = (r.bits(1) as u32) << 31;
    if k < -126 {
        sign | pow2(k.max(-149))
    } else {
        sign | f32_of(k, r.bits(23) as u32)
    }
}

impl Unit for LodUnit {
    fn name(&self) -> &'static str {
        "lod"
    }

    fn title(&self) -> &'static str {
        "LOD stage: binary32 derivatives x size -> rho^2 (18-bit short floats), table log2, log-domain anisotropy, bias, clamps, level selection"
    }

    fn fields(&self) -> Vec<Field> {
        let mut v = Vec::new();
        for axis in ["x", "y"] {
            for c in ["s", "t", "r"] {
                v.push(Field::input(
                    format!("d{c}d{axis}"),
                    32,
                    format!(
                        "d{c}/d{axis} of the normalized coordinate, binary32 bits (NaN = 0, inf = 2^128, sign ignored)"
                    ),
                ));
            }
        }
        v.push(Field::input("dims", 2, "texel axes scaled: 1 (1D types), 2 (2D types), 3 (3D); 0 not in the vectors"));
        v.push(Field::input("w_m1", 16, "level-0 width - 1"));
        v.push(Field::input("h_m1", 16, "level-0 height - 1"));
        v.push(Field::input("d_m1", 16, "level-0 depth - 1 (used only with dims = 3)"));
        v.push(Field::input("base_level", 5, "view base level b: base-level size = max(1, size >> b)"));
        v.push(Field::input("levels_m1", 5, "view levels - 1 (q, the last level relative to b)"));
        v.push(Field::input("lod_bias", 16, "sampler LOD bias, S8.8 bits (any value: the bias sum is clamped)"));
        v.push(Field::input("min_lod", 16, "sampler min LOD, U8.8"));
        v.push(Field::input("max_lod", 16, "sampler max LOD, U8.8 (min_lod > max_lod allowed: min_lod wins)"));
        v.push(Field::input("mip", 2, "effective mip filter: 0 NONE, 1 NEAREST, 2 LINEAR (3 not in the vectors)"));
        v.push(Field::input("aniso", 3, "effective max anisotropy, log2: 0 (off) ... 4 (16x); 5-7 not in the vectors"));
        v.push(Field::input("lod_mode", 2, "LOD_MODE_*: 0 derivatives + shader bias, 1 explicit LOD, 2 zero"));
        v.push(Field::input("lod", 32, "shader bias (lod_mode 0) or explicit LOD (1), binary32 bits; ignored for 2"));
        v.push(Field::output("lambda_base", 16, "lambda_base, S8.8 (-128.0 for rho = 0)"));
        v.push(Field::output("lambda_prime", 16, "lambda' = lambda_base + bias sum, S8.8 saturated (TMML R)"));
        v.push(Field::output("lambda", 16, "lambda after the min/max LOD clamp, U8.8 (never negative: min_lod >= 0)"));
        v.push(Field::output("magnify", 1, "1 = magnified (lambda <= 0)"));
        v.push(Field::output("level", 5, "first level, relative to the base level"));
        v.push(Field::output("level2", 5, "second level (mip LINEAR with delta > 0), else = level"));
        v.push(Field::output("delta", 8, "weight of level2, 1/256"));
        v.push(Field::output("used_lod", 16, "LOD used relative to the base level, U8.8 (TMML G)"));
        v.push(Field::output("samples", 5, "anisotropic samples N = ceil(eta), 1 = isotropic"));
        v.push(Field::output("major_x", 1, "1 = x is the major screen axis (rho_x^2 >= rho_y^2)"));
        v.push(Field::output(
            "log2_ratio",
            16,
            "log2(rho_min / rho_max), S4.12 in [-8, 0] (TMML A): -8 for rho_min = 0, 0 for rho = 0",
        ));
        v
    }

    fn images(&self) -> &'static [Image] {
        &[]
    }

    fn rtl_files(&self) -> &'static [&'static str] {
        &["texcore_lod.sv"]
    }

    fn default_count(&self) -> u64 {
        1_000_000
    }

    fn directed(&self, _fx: &Fixture, out: &mut Vec<u64>) {
        directed_all(out);
    }

    fn random(&self, _fx: &Fixture, r: &mut Rand, v: &mut [u64]) {
        let mut s = BASE;
        s.dims = [1, 2, 2, 2, 2, 3][r.below(6) as usize];
        for m in s.size_m1.iter_mut() {
            *m = match r.weighted(&[40, 30, 25, 5]) {
                0 => (1u32 << r.below(17)) - 1,
                1 => r.bits(16) as u32,
                2 => r.below(64) as u32,
                _ => r.pick(&[0, 65535, 65534, 32767]),
            };
        }
        s.base = match r.weighted(&[65, 30, 5]) {
            0 => 0,
            1 => r.below(17) as u32,
            _ => r.bits(5) as u32,
        };
        s.levels_m1 = match r.weighted(&[10, 75, 15]) {
            0 => 0,
            1 => r.below(17) as u32,
            _ => r.bits(5) as u32,
        };
        // Derivatives: a texel-space scale 2^e (λ mostly in −8 … 20) divided by the axis size,
        // in one of several shapes.
        let size = s.size();
        let lg = |a: usize| 31 - size[a].leading_zeros() as i32;
        let e = r.below(29) as i32 - 8;
        let comp = |r: &mut Rand, a: usize, spread: i32| rand_f32(r, e - lg(a) - spread, e - lg(a) + spread);
        match r.weighted(&[40, 25, 10, 10, 10, 5]) {
            0 => {
                // Any direction: every component random around the scale, some zero.
                for sd in 0..2 {
                    for a in 0..3 {
                        s.d[sd][a] = if r.chance(15) { 0 } else { comp(r, a, 3) };
                    }
                }
            }
            1 => {
                // Anisotropic: minor axis 2^-k of the major, k up to 10, either screen axis.
                let k = r.below(11) as i32;
                let major = r.bits(1) as usize;
                for a in 0..3 {
                    s.d[major][a] = comp(r, a, 1);
                    let m = comp(r, a, 1);
                    let exp = ((m >> 23) & 0xFF) as i32 - k;
                    s.d[1 - major][a] = if exp >= 1 { (m & !(0xFF << 23)) | ((exp as u32) << 23) } else { 0 };
                }
            }
            2 => {
                // Axis-aligned powers of two (exact ρ, λ on the 1/256 grid).
                let ex = e - lg(0);
                let ey = e - lg(1) - r.below(6) as i32;
                s.d = diag(pow2(ex), pow2(ey));
            }
            3 => {
                // Random bit patterns (specials, subnormals, huge values).
                for x in s.d.iter_mut().flatten() {
                    *x = r.u32();
                }
            }
            4 => {
                // Specials mixed into a random pattern.
                for sd in 0..2 {
                    for a in 0..3 {
                        s.d[sd][a] = if r.chance(30) { r.pick(&SPECIALS) } else { comp(r, a, 2) };
                    }
                }
            }
            _ => {
                // Equal lengths on both screen axes (ρ_x = ρ_y: major x).
                let x = comp(r, 0, 2);
                s.d = diag(x, x);
                if size[0] != size[1] {
                    s.size_m1[1] = s.size_m1[0];
                    s.base = 0;
                }
            }
        }
        s.bias = match r.weighted(&[50, 35, 10, 5]) {
            0 => 0,
            1 => (r.below(8192) as i32 - 4096) as i16 as u16,
            2 => r.pick(&BIASES),
            _ => r.bits(16) as u16,
        };
        (s.min_lod, s.max_lod) = match r.weighted(&[50, 30, 10, 10]) {
            0 => (0, 0xFFFF),
            1 => {
                let lo = r.below(8 * 256) as u16;
                (lo, lo + r.below(16 * 256) as u16)
            }
            2 => (r.bits(16) as u16, r.bits(16) as u16),
            _ => (r.pick(&[0, 1, 0x100, 0x7FFF, 0xFFFF]), r.pick(&[0, 1, 0x100, 0x7FFF, 0xFFFF])),
        };
        s.mip = r.below(3) as u32;
        s.aniso = [0, 0, 1, 2, 3, 4][r.below(6) as usize];
        s.lod_mode = r.weighted(&[60, 30, 10]) as u32;
        let grid =
            |r: &mut Rand, lo: i32, hi: i32| (((lo + r.below((hi - lo + 1) as u64) as i32) as f32) / 256.0).to_bits();
        s.lod = match (s.lod_mode, r.weighted(&[50, 30, 10, 10])) {
            (2, _) => {
                if r.chance(50) {
                    0
                } else {
                    r.u32()
                }
            }
            (0, 0) => 0,
            (0, 1) => grid(r, -20 * 256, 20 * 256),
            (1, 0) | (1, 1) => grid(r, -2 * 256, 20 * 256),
            (_, 2) => rand_f32(r, -12, 8),
            _ => {
                if r.chance(50) {
                    r.pick(&SPECIALS)
                } else {
                    r.u32()
                }
            }
        };
        v.copy_from_slice(&s.inputs());
    }

    fn eval(&self, _fx: &Fixture, v: &[u64], out: &mut [u64]) -> Result<()> {
        let s = Stim::from_inputs(v);
        let Some(l) = s.eval() else {
            bail!("dims {}, mip {}, aniso {}, lod_mode {}: a code no op produces", s.dims, s.mip, s.aniso, s.lod_mode)
        };
        let sel = l.sel;
        let vals = [
            u64::from(l.lambda_base as u16),
            u64::from(sel.lambda_unclamped as u16),
            u64::try_from(sel.lambda)?,
            u64::from(sel.magnify),
            u64::from(sel.level),
            u64::from(sel.level2),
            u64::from(sel.delta),
            u64::from(sel.used_lod),
            u64::from(l.samples),
            u64::from(l.major_is_x),
            u64::from(l.log2_ratio as u16),
        ];
        for (o, x) in out.iter_mut().zip(vals) {
            *o = x;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expected(s: &Stim) -> Vec<u64> {
        let fx = Fixture::build(1, 1).unwrap();
        let mut out = vec![0u64; 11];
        LodUnit.eval(&fx, &s.inputs(), &mut out).unwrap();
        out
    }

    /// The step vectors come in pairs that straddle a step of λ_base, N or the log ratio.
    #[test]
    fn step_vectors_straddle_their_steps() {
        let mut v = Vec::new();
        directed_steps(&mut v);
        let stims: Vec<Stim> = v.chunks_exact(N_IN).map(Stim::from_inputs).collect();
        assert!(stims.len() > 1000, "{} step vectors", stims.len());
        for p in stims.chunks_exact(2) {
            let (a, b) = (p[0].eval().unwrap(), p[1].eval().unwrap());
            assert!((a.lambda_base, a.samples, a.log2_ratio) != (b.lambda_base, b.samples, b.log2_ratio), "{p:?}");
            // Adjacent: exactly one derivative differs, by one binary32 ulp.
            let diff: Vec<(u32, u32)> = p[0]
                .d
                .iter()
                .flatten()
                .zip(p[1].d.iter().flatten())
                .filter(|(x, y)| x != y)
                .map(|(x, y)| (*x, *y))
                .collect();
            assert_eq!(diff.len(), 1, "{p:?}");
            assert_eq!(diff[0].0 + 1, diff[0].1, "{p:?}");
        }
    }

    /// The table-boundary vectors: 64 pairs per screen axis, one binary32 ulp apart, whose
    /// `ρ²` lies in adjacent `log2` segments.
    #[test]
    fn table_boundary_vectors_straddle_every_segment_boundary() {
        let mut v = Vec::new();
        directed_table_boundaries(&mut v);
        let stims: Vec<Stim> = v.chunks_exact(N_IN).map(Stim::from_inputs).collect();
        assert_eq!(stims.len(), 2 * 2 * 64);
        for (j, p) in stims.chunks_exact(2).enumerate() {
            let axis = j / 64;
            let (ka, kb) = (segment_key(&p[0], axis), segment_key(&p[1], axis));
            assert_eq!(ka + 1, kb, "{p:?}");
            // The upper one starts its segment (within 4 units of its last bit: the derivative is
            // rounded to 18 bits before it is squared).
            let s = p[1];
            let r = scale_factor(&texel_derivs(&s.d, s.size(), s.dims), s.aniso).rho2[axis];
            assert!(r.m & 0x7FF <= 4, "{r:?}");
            assert_eq!(p[0].d[axis][1] + 1, p[1].d[axis][1]);
        }
    }

    #[test]
    fn directed_corners_give_the_documented_results() {
        // ρ = 0 → λ_base −128.0; the LOD used and every level 0.
        let o = expected(&BASE);
        assert_eq!(o[0], 0x8000);
        assert_eq!(o[2..8], [0, 1, 0, 0, 0, 0]);
        // ρ = 1 texel: λ exactly 0, magnified; one ulp more: λ still rounds to 0, one ulp
        // less too.
        let one = Stim { d: diag(pow2(-8), pow2(-8)), ..BASE };
        assert_eq!(expected(&one)[..4], [0, 0, 0, 1]);
        // ρ = 2^200 (max finite × 65536): saturates at +127.996.
        let huge = Stim { d: diag(0x7F7F_FFFF, 0), size_m1: [65535; 3], ..BASE };
        assert_eq!(expected(&huge)[0], 0x7FFF);
        // Sampler bias −128 and shader bias −20 clamp to −16.
        let b = Stim { bias: 0x8000, lod: (-20.0f32).to_bits(), d: diag(pow2(-8), 0), ..BASE };
        assert_eq!(expected(&b)[1], (-16i32 * 256) as u16 as u64);
        // min_lod > max_lod: min wins.
        let c = Stim { lod_mode: 1, lod: 0x3F80_0000, min_lod: 0x200, max_lod: 0x100, ..BASE };
        assert_eq!(expected(&c)[2], 0x200);
        // NEAREST tie d' = 1.5 → level 1 (ceil(d' + ½) − 1); LINEAR: levels 1, 2, δ 128.
        let t = Stim { lod_mode: 1, lod: 0x3FC0_0000, mip: 1, ..BASE };
        assert_eq!(expected(&t)[4..8], [1, 1, 0, 0x100]);
        assert_eq!(expected(&Stim { mip: 2, ..t })[4..8], [1, 2, 128, 0x180]);
        // 16×, ρ_min = 0 → N = 16, λ = log2(ρ_max / 16); ratio 2.5 → N = 3.
        let a = Stim { d: diag(pow2(-4), 0), aniso: 4, ..BASE };
        assert_eq!((expected(&a)[0], expected(&a)[8]), (0, 16));
        let a = Stim { d: diag(f32_of(-7, 0x20_0000), pow2(-8)), aniso: 4, ..BASE };
        assert_eq!(expected(&a)[8], 3);
        // Both zero → N = 1; y major.
        assert_eq!(expected(&Stim { aniso: 4, ..BASE })[8], 1);
        assert_eq!(expected(&Stim { d: diag(0, pow2(-8)), ..BASE })[9], 0);
        // The log ratio (TMML A): ρ_y = ρ_x / 4 → −2.0 (S4.12); ρ_min = 0 → −8.0; ρ = 0 → 0.
        let r = Stim { d: diag(pow2(-6), pow2(-8)), aniso: 4, ..BASE };
        assert_eq!(expected(&r)[10], (-2i32 << 12) as u16 as u64);
        let ra = i32::from(expected(&a)[10] as u16 as i16); // ratio 2.5: log2(0.4) = −1.32193
        assert!((f64::from(ra) + 1.321_928 * 4096.0).abs() <= 1.0, "{ra}");
        let a0 = Stim { d: diag(pow2(-4), 0), ..BASE };
        assert_eq!(expected(&a0)[10], 0x8000);
        assert_eq!(expected(&BASE)[10], 0);
        // A subnormal derivative counts as 2^-126: λ_base = −126 + log2 256 = −118.
        let sub = Stim { d: diag(1, 0), ..BASE };
        assert_eq!(expected(&sub)[0], (-118i32 * 256) as u16 as u64);
    }

    /// The RTL's decompositions: the base-level size as the normalized level-0 size with
    /// its low bits cleared (texcore_lod.sv s2, s3), and the log interpolation's product as
    /// its partial-product tree (s16 … s19), on every size, base level and operand.
    #[test]
    fn rtl_decompositions_are_exact() {
        use texcore::lod::Sf;
        for size0 in 1u32..=65_536 {
            let z = size0.leading_zeros() - 15; // of 17 bits
            let n = size0 << z;
            for base in 0u32..32 {
                let k = z + base;
                let (sig, exp) = if k >= 17 { (1 << 16, -16) } else { (n & (0x1_FFFF << k), -(k as i32)) };
                let want = texcore::descriptor::minify(size0, base);
                assert_eq!(u64::from(sig) >> (-exp) as u32, u64::from(want), "{size0} >> {base}");
                assert_eq!(u64::from(sig) & ((1 << (-exp) as u32) - 1), 0);
                // m × size through the normalized significand equals Sf::scale.
                let m = Sf { neg: false, m: 0x2_ABCD, e: -20 };
                let p = u128::from(m.m) * u128::from(sig);
                assert_eq!(Sf::round_up(false, p, m.e + exp, false), m.scale(want));
            }
        }
        for d in 0u32..2048 {
            for r in (0u32..2048).step_by(7).chain([2047]) {
                let bit = |b: u32| (r >> b) & 1;
                let p16: Vec<u32> =
                    (0..6).map(|i| bit(2 * i) * d + if 2 * i + 1 < 11 { bit(2 * i + 1) * 2 * d } else { 0 }).collect();
                let p17: Vec<u32> = (0..3).map(|i| p16[2 * i] + (p16[2 * i + 1] << 2)).collect();
                let p18 = p17[0] + (p17[1] << 4);
                assert_eq!(p18 + (p17[2] << 8), d * r);
            }
        }
    }
}
