//! The LOD unit: derivatives → scale factor ρ² → `log2` → anisotropy → bias → min/max clamp
//! → magnification or minification → level selection and mip weight (Vulkan
//! "Level-of-Detail Operation", D3D11 LOD calculation), in the arithmetic of a small
//! hardware block: 18-bit short floats ([`sf`]), a 64-segment piecewise-linear `log2`,
//! anisotropy in the log domain, threshold tables ([`tables`]) — no divider, no square
//! root, twelve 18 × 18 products per lane.
//!
//! ## The numeric contract, stage by stage
//!
//! Inputs per lane: the six derivatives `∂(s, t, r)/∂x`, `∂(s, t, r)/∂y` of the normalized
//! coordinates as binary32 (explicit `TXD` / `SAMPLE_D` gradients, or the binary32
//! differences of the quad's coordinates, [`crate::fp::f32_sub`]), the view's base-level
//! size per axis (1 … 65 536), the sampler's LOD bias, min / max LOD, mip filter and
//! `log2` of its max anisotropy `A` (0 … 4), and the LOD source.
//!
//! | stage | value | format | rounding |
//! |---|---|---|---|
//! | 1 derivative | `d` = each binary32 derivative | [`Sf`]: 18-bit significand (1.17), `i32` exponent | magnitude **up** (24 → 18 bits); NaN → 0, ±∞ → ±2^128, subnormals → ±2^-126 (the smallest normal: up, without a normalizing shifter) |
//! | 2 texel derivative | `m = d × size_b` (axes beyond the type's `dims` are 0) | `Sf` | one 18 × 17 product, magnitude **up** to 18 bits ([`texel_derivs`]) |
//! | 3 alignment | the three `m` of a screen axis as integers at the largest exponent `e` among them | 18-bit integers | `ceil(m × 2^(e_m − e))` (**up**; a term 18 binades below is 1) |
//! | 4 ρ² | `ρ_x² = m_ux² + m_vx² + m_wx²` (and y): the Euclidean length, not the max-component shortcut | `Sf` | three exact 18 × 18 squares, exact sum (38 bits), rounded **up** to 18 bits ([`Sf::sum_squares`]): never below the exact sum nor below any term, so ρ is never below the max-component bound |
//! | 5 major axis | `x` iff `ρ_x² ≥ ρ_y²` | bit | exact compare of the short floats |
//! | 6 `log2` | `L = log2 ρ²` (+ the cube maps' scale, see below) | S10.16 in an `i32` | leading bit (the exponent) plus a piecewise-linear fraction: [`tables::LOG2_T`] (65 entries of `ceil(2^16 log2(1 + i/64))`) indexed by the top 6 fraction bits, interpolated with the other 11 (`(ΔT × r) >> 11`, one 11 × 11 product), plus [`tables::LOG2_BIAS`] = 4: never below the exact `log2`, at most [`tables::LOG2_MAX_OVER`] = 5 units (2^-13.7) above it |
//! | 7 anisotropy | `log2 η² = min(L_max − L_min, 2 log2 A)` (`ρ_min = 0` → `2 log2 A`; `A = 1` → 0) | S10.16 | exact |
//! | 8 samples | `N = 1 + #{k ∈ [1, A) : log2 η² > N_T[k]}`, `N_T[k] = ceil(2^16 log2 k²) + 16` ([`tables::N_T`]) | 1 … 16 | exact compares; the guard of 16 units (2^-12 in `log2 η²`) exceeds the error of `log2 η²` (≤ 5 from `log2`, ≤ 5 from the upward roundings), so an exact integer ratio `η = k` gives `N = k`; a ratio within about 1.4 · 10^-4 above an integer also gives that integer |
//! | 9 λ_base | `λ_fine = L_max − log2 η²` (= `log2 ρ_max − log2 η` in units of 2^-17) | S8.17 in an `i32` | exact; saturated to −128.0 … +127.996 (the S8.8 range); ρ = 0 → −128.0 |
//! | 10 shader bias | binary32 | S9.17 | RNE, saturated to ±256 (beyond any sampler bias ± 16); NaN → 0 |
//! | 11 bias sum | `clamp(sampler bias + shader bias, −16, +15.996)` | S8.17 | exact (the sampler bias is S8.8) |
//! | 12 λ′ | `λ_fine + bias sum` | S8.8 | **one rounding**, half up (`(x + 2^8) >> 9`), saturated to −128.0 … +127.996 |
//! | 13 λ | `max(min_lod, min(max_lod, λ′))` | S8.8 | D3D order: MinLOD wins when MinLOD > MaxLOD; magnified iff `λ ≤ 0` |
//! | 14 level, weight | `d′ = clamp(λ, 0, levels − 1)`; NEAREST: `ceil(d′ + ½) − 1` = `(d′ + 127) >> 8`; LINEAR: `d′ >> 8` and `δ = d′ & 255` | U5 levels, U0.8 weight | exact |
//!
//! The explicit LOD (`TXL`, `SAMPLE_L`) is binary32 → S8.8 RNE, saturated, NaN → 0
//! ([`f32_to_88`]), and takes the place of `λ_fine` (exactly: it is on the S8.8 grid);
//! `SAMPLE_C_LZ` uses 0. Both ignore the derivatives and the shader bias. The S8.8
//! `λ_base` reported beside λ′ (the stage vectors' output, TMML's R minus the bias) is
//! `λ_fine` rounded half up to 8 bits.
//!
//! Why one rounding for λ′: λ_base rounded to 8 bits and then a shader bias rounded to
//! 8 bits would err by up to 2^-9 + 2^-9 (+ the `log2` error) — more than the 2^-8 the
//! model promises; adding the biases at 17 fraction bits first leaves 2^-9 plus 2^-14.
//!
//! Accuracy (`core/tests/sample_conformance.rs` measures it against the f64 reference):
//! `|λ − λ_exact| ≤ 2^-9` (the final rounding) + 2^-14.7 (`log2`) + the upward roundings of
//! steps 1–4 (relative ≤ 2^-14.4 on ρ², ≤ 2^-15 on λ): within 2^-9 + 2^-13 for derivatives
//! in the normal binary32 range (`core/tests/lod_contract.rs` checks it against f64).
//!
//! ## Cube maps
//!
//! The sampling op projects the derivatives onto the face before this unit
//! ([`cube_derivs`]): with the face's `sc`, `tc`, `ma` (signs from the face table) and
//! `s_face = ½ sc/|ma| + ½`, `∂s_face × size = (size/2) · (∂sc·|ma| − sc·∂|ma|) / ma²`.
//! The numerator of each face axis and screen axis is one fused difference of two exact
//! binary32 × binary32 products (48-bit significands), rounded up to an [`Sf`] once
//! ([`Sf::fused`]; no cancellation error), then times `size` like a grid derivative
//! ([`Sf::scale`]). The common factor `1 / (4 ma⁴)` of both screen axes goes into the log
//! domain as `Derivs::log2_scale = −log2 ma⁴ − 2`: `ma⁴` exact (96 bits) rounded down to an
//! [`Sf`], its `log2` the lower bound [`tables::log2_down`] (at most 5 units of 2^-16
//! below), so the scale is never below the exact one — no reciprocal, no division.
//! Anisotropy ratios and TMML's unit vector do not depend on the common factor.
//!
//! ## Anisotropy (the Vulkan example scheme)
//!
//! When `A > 1` and the texture is 2D or 2D array (and the sample filters):
//! `η = min(ρ_max/ρ_min, A)` (`ρ_min = 0` → `η = A`; both 0 → `η = 1`),
//! `λ_base = log2(ρ_max / η)`, `N` samples at `coord + t_i · ∂coord/∂major`,
//! `t_i = i/(N+1) − ½` from [`tables::ANISO_T`] (S0.16, RNE), `i = 1 … N`, where the major
//! axis is the screen axis with the larger ρ (x on a tie).
//!
//! ## Where it runs
//!
//! The sampling ops run, per lane, [`texel_derivs`] (grid views) or [`cube_derivs`] and
//! then [`compute`] (= [`scale_factor`], the LOD source, [`select_level`]); TMML.LOD reads
//! the same values; the stage-level `lod` test vectors (`cargo xtask vectors --ops lod`)
//! are [`texel_derivs`] + [`compute`], so the RTL LOD block
//! (`hdl-vectors/rtl/texcore_lod.sv`) is checked against this code.

pub mod sf;
pub mod tables;

pub use sf::{Exact, Sf};
use tables::{aniso_samples, log2_up, LOG2_FRAC};

use crate::descriptor::{MipFilter, SamplerHeader};
use crate::fp::{f32_parts, F32Class};

/// S8.8 limits of λ.
pub const LOD_MIN: i32 = -128 * 256;
/// S8.8 upper limit of λ.
pub const LOD_MAX: i32 = 128 * 256 - 1;
/// Fraction bits of `λ_fine` (the λ of the log domain before its one rounding to S8.8).
pub const LAMBDA_FRAC: u32 = 17;
/// `λ_fine` limits (the S8.8 range, at 17 fraction bits).
pub const FINE_MIN: i32 = LOD_MIN << (LAMBDA_FRAC - 8);
/// Upper `λ_fine` limit.
pub const FINE_MAX: i32 = LOD_MAX << (LAMBDA_FRAC - 8);
/// Bias-sum limits at 17 fraction bits: −16.0 … +15.996 (`maxSamplerLodBias` = 16).
const BIAS_MIN: i32 = -16 << LAMBDA_FRAC;
const BIAS_MAX: i32 = (16 * 256 - 1) << (LAMBDA_FRAC - 8);
/// Shader-bias saturation (±256 at 17 fraction bits).
const SHADER_LIM: i64 = 256 << LAMBDA_FRAC;

/// Texel-space derivatives at the view's base level (`[u, v, w]` per screen axis), up to a
/// common factor: the true `ρ²` of a screen axis is `|d|² × 2^(log2_scale / 2^16)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Derivs {
    /// `∂(u, v, w)/∂x`.
    pub dx: [Sf; 3],
    /// `∂(u, v, w)/∂y`.
    pub dy: [Sf; 3],
    /// `log2` of the common factor of `ρ²` in units of 2^-16 (0 for grid views).
    pub log2_scale: i32,
}

/// The scale-factor stage's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScaleFactor {
    /// `λ_base` in units of 2^-17 ([`FINE_MIN`] for ρ = 0), saturated to the S8.8 range.
    pub lambda_fine: i32,
    /// Number of anisotropic samples (1 = isotropic).
    pub samples: u32,
    /// Whether x is the major screen axis (`ρ_x² ≥ ρ_y²`).
    pub major_is_x: bool,
    /// `ρ_x²`, `ρ_y²` (without the common factor).
    pub rho2: [Sf; 2],
    /// `log2(ρ_min / ρ_max)` = `½ (L_min − L_max)`, S4.12 (TMML's A): rounded half up,
    /// clamped to −8 … 0; −8 when only `ρ_min` is 0, 0 when both are.
    pub log2_ratio: i32,
}

/// `ρ² = Σ m²` of one screen axis (stages 3–4, [`Sf::sum_squares`]).
pub fn rho2(d: &[Sf; 3]) -> Sf {
    Sf::sum_squares(*d)
}

/// S8.8 of `λ_fine`: rounded half up, saturated.
pub const fn fine_to_88(fine: i32) -> i32 {
    let v = (fine as i64 + (1 << (LAMBDA_FRAC - 9))) >> (LAMBDA_FRAC - 8);
    if v < LOD_MIN as i64 {
        LOD_MIN
    } else if v > LOD_MAX as i64 {
        LOD_MAX
    } else {
        v as i32
    }
}

/// Scale factor, `λ_base`, `N` and the major axis from texel-space derivatives (stages
/// 3–9); `aniso_log2` = `log2 A` (0 = isotropic; values above 4 act as 4).
pub fn scale_factor(d: &Derivs, aniso_log2: u32) -> ScaleFactor {
    let rx = rho2(&d.dx);
    let ry = rho2(&d.dy);
    let major_is_x = !rx.mag_lt(ry);
    let (rmax, rmin) = if major_is_x { (rx, ry) } else { (ry, rx) };
    let a = aniso_log2.min(4);
    if rmax.is_zero() {
        return ScaleFactor { lambda_fine: FINE_MIN, samples: 1, major_is_x, rho2: [rx, ry], log2_ratio: 0 };
    }
    let log2_rmax = i64::from(log2_up(rmax));
    let l_max = log2_rmax + i64::from(d.log2_scale);
    // log2 η² (stage 7); the ratio for TMML's A.
    let a2 = i64::from(2 * a) << LOG2_FRAC;
    let (eta2, log2_ratio) = if rmin.is_zero() {
        (a2, -8 << 12)
    } else {
        let diff = log2_rmax - i64::from(log2_up(rmin)); // ≥ 0
        (diff.min(a2), ((-diff + 16) >> 5).clamp(-8 << 12, 0) as i32)
    };
    let samples = aniso_samples(eta2 as i32, a);
    let lambda_fine = (l_max - eta2).clamp(i64::from(FINE_MIN), i64::from(FINE_MAX)) as i32;
    ScaleFactor { lambda_fine, samples, major_is_x, rho2: [rx, ry], log2_ratio }
}

/// Texel-space derivatives of a grid (non-cube) view (stages 1–2): each binary32 derivative
/// of the normalized coordinates (`d[0]` = `∂/∂x`, `d[1]` = `∂/∂y`) rounded up to an
/// [`Sf`] and multiplied by the view's base-level `size` of its axis, on the first `dims`
/// axes (1 for 1D types, 2 for 2D types, 3 for 3D); the other axes are 0. Sizes above
/// 65 536 (not produced by valid headers) act as 65 536.
pub fn texel_derivs(d: &[[u32; 3]; 2], size: [u32; 3], dims: u32) -> Derivs {
    let scale = |dd: &[u32; 3]| -> [Sf; 3] {
        let mut o = [Sf::ZERO; 3];
        for ((o, &bits), sz) in o.iter_mut().zip(dd).zip(size).take(dims as usize) {
            *o = Sf::from_f32(bits).scale(sz.min(1 << 16));
        }
        o
    };
    Derivs { dx: scale(&d[0]), dy: scale(&d[1]), log2_scale: 0 }
}

/// One row of the cube-face table: the direction components giving `sc`, `tc` and `ma`,
/// and whether `sc` and `tc` are negated (the Vulkan "Cube Map Face Selection" table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FaceAxes {
    /// Component of `sc`.
    pub sc: usize,
    /// Component of `tc`.
    pub tc: usize,
    /// Component of `ma`.
    pub ma: usize,
    /// `sc` is the negated component.
    pub neg_sc: bool,
    /// `tc` is the negated component.
    pub neg_tc: bool,
}

impl FaceAxes {
    /// The row of face 0 … 5 (+X, −X, +Y, −Y, +Z, −Z).
    pub const fn of(face: u32) -> FaceAxes {
        let (sc, tc, ma, neg_sc, neg_tc) = match face {
            0 => (2, 1, 0, true, true),
            1 => (2, 1, 0, false, true),
            2 => (0, 2, 1, false, false),
            3 => (0, 2, 1, false, true),
            4 => (0, 1, 2, false, true),
            _ => (0, 1, 2, true, true),
        };
        FaceAxes { sc, tc, ma, neg_sc, neg_tc }
    }
}

/// A `log2_scale` far above any real one (a zero major axis): λ saturates when any face
/// derivative is non-zero.
const SCALE_HUGE: i32 = 1 << 26;

/// Face derivatives of a cube map (see the module docs): direction `r` (binary32), its
/// derivatives `d` (binary32, `[∂/∂x, ∂/∂y]`), the face's axes and the face size `size` at
/// the base level. Each `(∂sc·|ma| − sc·∂|ma|)` is one [`Sf::fused`] difference of exact
/// products, times `size` ([`Sf::scale`]); the common `1 / (4 ma⁴)` is `log2_scale`
/// `= −log2 ma⁴ − 2`, with `ma⁴` exact (96 bits) rounded down and its `log2` a lower bound
/// ([`tables::log2_down`]), so the scale is never below the exact one.
pub fn cube_derivs(r: [u32; 3], d: &[[u32; 3]; 2], f: FaceAxes, size: u32) -> Derivs {
    let zero = Exact::from_f32(0);
    let rx = r.map(Exact::from_f32);
    let get = |v: &[Exact; 3], i: usize| v.get(i).copied().unwrap_or(zero);
    let ma = get(&rx, f.ma);
    let ama = Exact { neg: false, ..ma };
    let sgn = |v: Exact, neg: bool| if neg { v.neg() } else { v };
    let size = size.clamp(1, 1 << 16);
    let face = |dd: &[u32; 3]| -> [Sf; 3] {
        let dv = dd.map(Exact::from_f32);
        let dma = sgn(get(&dv, f.ma), ma.neg); // ∂|ma|
        let one = |i: usize, neg: bool| {
            let sc = sgn(get(&rx, i), neg);
            let dsc = sgn(get(&dv, i), neg);
            Sf::fused(dsc.mul(ama), sc.mul(dma).neg()).scale(size)
        };
        [one(f.sc, f.neg_sc), one(f.tc, f.neg_tc), Sf::ZERO]
    };
    let m2 = u128::from(ama.mag) * u128::from(ama.mag);
    let ma4 = Sf::round_down(m2 * m2, 4 * ama.exp);
    let log2_scale = if ma4.is_zero() {
        SCALE_HUGE
    } else {
        let v = -i64::from(tables::log2_down(ma4)) - (2 << LOG2_FRAC);
        v.clamp(-i64::from(SCALE_HUGE), i64::from(SCALE_HUGE)) as i32
    };
    Derivs { dx: face(&d[0]), dy: face(&d[1]), log2_scale }
}

/// The LOD stage's result for one lane.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lod {
    /// `λ_base`, S8.8: from the derivatives ([`scale_factor`], rounded half up), the
    /// explicit LOD, or 0.
    pub lambda_base: i32,
    /// Bias, clamps and level selection ([`select_level`]).
    pub sel: LevelSelect,
    /// Anisotropic samples: [`ScaleFactor::samples`] for LOD from derivatives, else 1.
    pub samples: u32,
    /// Whether x is the major screen axis ([`ScaleFactor::major_is_x`], whatever the LOD
    /// source; it only matters when `samples > 1`).
    pub major_is_x: bool,
    /// `ρ_x²`, `ρ_y²`.
    pub rho2: [Sf; 2],
    /// [`ScaleFactor::log2_ratio`] (S4.12, TMML's A).
    pub log2_ratio: i32,
}

/// The LOD stage after the texel-space derivatives: scale factor (`aniso_log2` = `log2 A`,
/// 0 = off), `λ_base` from the LOD source, then [`select_level`] with the sampler's bias
/// and clamps, `levels` and the effective mip filter `mip`.
pub fn compute(d: &Derivs, aniso_log2: u32, src: LodSource, s: &SamplerHeader, levels: u32, mip: MipFilter) -> Lod {
    let sf = scale_factor(d, aniso_log2);
    let (fine, samples, shader_bias) = match src {
        LodSource::Derivatives { bias } => (sf.lambda_fine, sf.samples, f32_to_fine(bias)),
        LodSource::Explicit(l) => (f32_to_88(l) << (LAMBDA_FRAC - 8), 1, 0),
        LodSource::Zero => (0, 1, 0),
    };
    let sel = select_level(fine, shader_bias, s, levels, mip);
    Lod {
        lambda_base: fine_to_88(fine),
        sel,
        samples,
        major_is_x: sf.major_is_x,
        rho2: sf.rho2,
        log2_ratio: sf.log2_ratio,
    }
}

/// binary32 → S8.8 with RNE, saturated to the S8.8 range; NaN → 0.
pub const fn f32_to_88(bits: u32) -> i32 {
    let v = match f32_parts(bits) {
        (_, F32Class::NaN) => 0,
        _ => crate::coord::scaled_rne(bits, 256),
    };
    if v < LOD_MIN as i64 {
        LOD_MIN
    } else if v > LOD_MAX as i64 {
        LOD_MAX
    } else {
        v as i32
    }
}

/// binary32 shader bias → S9.17 with RNE, saturated to ±256; NaN → 0.
pub const fn f32_to_fine(bits: u32) -> i32 {
    let v = match f32_parts(bits) {
        (_, F32Class::NaN) => 0,
        _ => crate::coord::scaled_rne(bits, 1 << LAMBDA_FRAC),
    };
    if v < -SHADER_LIM {
        -SHADER_LIM as i32
    } else if v > SHADER_LIM {
        SHADER_LIM as i32
    } else {
        v as i32
    }
}

/// How λ_base is obtained.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LodSource {
    /// From derivatives (implicit or explicit), plus an optional shader bias (binary32).
    Derivatives {
        /// Shader bias (TXB / SAMPLE_B), binary32; 0 for none.
        bias: u32,
    },
    /// Explicit LOD (TXL / SAMPLE_L), binary32.
    Explicit(u32),
    /// Level zero (SAMPLE_C_LZ): λ_base = 0.
    Zero,
}

/// The level-selection stage's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct LevelSelect {
    /// `λ' = λ_base + bias`, unclamped (S8.8).
    pub lambda_unclamped: i32,
    /// `λ` after the min/max LOD clamp (S8.8).
    pub lambda: i32,
    /// Magnification (`λ ≤ 0`).
    pub magnify: bool,
    /// First level, relative to the view's base level.
    pub level: u32,
    /// Second level (mip LINEAR), relative; equal to `level` otherwise.
    pub level2: u32,
    /// Weight of `level2` in 1/256 (0 … 255).
    pub delta: u32,
    /// The LOD actually used, relative to the base level, U8.8 (TMML's G).
    pub used_lod: u32,
}

/// Bias, clamps and level selection (stages 11–14): `lambda_fine` and `shader_bias` at 17
/// fraction bits ([`LAMBDA_FRAC`]), `levels` ≥ 1 the view's level count, `mip` the
/// effective mip filter.
pub fn select_level(lambda_fine: i32, shader_bias: i32, s: &SamplerHeader, levels: u32, mip: MipFilter) -> LevelSelect {
    select_level_inline(lambda_fine, shader_bias, s, levels, mip)
}

/// [`select_level`] inline (the isotropic quad LOD on the Cortex-M, where the call and its
/// result's trip through memory are a tenth of the stage).
#[inline(always)]
pub(crate) fn select_level_inline(
    lambda_fine: i32,
    shader_bias: i32,
    s: &SamplerHeader,
    levels: u32,
    mip: MipFilter,
) -> LevelSelect {
    let sampler = i32::from(s.lod_bias.to_bits()) << (LAMBDA_FRAC - 8);
    let bias = sampler.saturating_add(shader_bias).clamp(BIAS_MIN, BIAS_MAX);
    let unclamped = fine_to_88(lambda_fine.clamp(FINE_MIN, FINE_MAX) + bias);
    let min = i32::from(s.min_lod.to_bits());
    let max = i32::from(s.max_lod.to_bits());
    let lambda = min.max(max.min(unclamped));
    let magnify = lambda <= 0;
    // Valid views have ≤ 17 levels; capping the last level at 255 changes no result (λ never
    // exceeds 127.996, so any cap ≥ 128 leaves `dp` and `lo` as they were) and keeps
    // `q × 256` from overflowing on a bogus header.
    let q = levels.saturating_sub(1).min(255) as i32;
    let dp = lambda.clamp(0, q * 256);
    let (level, level2, delta, used) = match mip {
        MipFilter::None => (0, 0, 0, 0),
        MipFilter::Nearest => {
            let l = ((dp + 127) >> 8) as u32;
            (l, l, 0, l << 8)
        }
        MipFilter::Linear => {
            let hi = (dp >> 8) as u32;
            let lo = (hi + 1).min(q as u32);
            let d = (dp & 255) as u32;
            (hi, if d == 0 { hi } else { lo }, d, dp as u32)
        }
    };
    LevelSelect { lambda_unclamped: unclamped, lambda, magnify, level, level2, delta, used_lod: used }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sf(v: u32) -> Sf {
        Sf::round_up(false, u128::from(v), 0, false)
    }

    #[test]
    fn compute_takes_lambda_base_from_the_lod_source() {
        // ρ_x = 8 texels, ρ_y = 2 texels: λ_base 3, 16× anisotropy gives η = 4, λ = 1, N = 4.
        let d = Derivs { dx: [sf(8), Sf::ZERO, Sf::ZERO], dy: [Sf::ZERO, sf(2), Sf::ZERO], log2_scale: 0 };
        let s = SamplerHeader { mip_filter: MipFilter::Linear, ..SamplerHeader::default() };
        let iso = compute(&d, 0, LodSource::Derivatives { bias: 0 }, &s, 8, MipFilter::Linear);
        assert_eq!((iso.lambda_base, iso.samples, iso.major_is_x), (3 * 256, 1, true));
        assert_eq!((iso.sel.level, iso.sel.level2, iso.sel.delta), (3, 3, 0));
        let an = compute(&d, 4, LodSource::Derivatives { bias: 0x3F00_0000 }, &s, 8, MipFilter::Linear);
        assert_eq!((an.lambda_base, an.samples, an.major_is_x), (256, 4, true));
        assert_eq!((an.sel.lambda_unclamped, an.sel.level, an.sel.level2, an.sel.delta), (384, 1, 2, 128));
        assert_eq!(an.log2_ratio, -2 << 12);
        // Explicit LOD and LOD zero ignore the derivatives (but still report the major axis).
        let ex = compute(&d, 4, LodSource::Explicit(0x4020_0000), &s, 8, MipFilter::Linear);
        assert_eq!((ex.lambda_base, ex.samples, ex.major_is_x, ex.sel.lambda), (640, 1, true, 640));
        let z = compute(&d, 4, LodSource::Zero, &s, 8, MipFilter::Linear);
        assert_eq!((z.lambda_base, z.samples, z.sel.magnify), (0, 1, true));
        let dy = Derivs { dx: [sf(1), Sf::ZERO, Sf::ZERO], dy: [Sf::ZERO, sf(3), Sf::ZERO], log2_scale: 0 };
        assert!(!compute(&dy, 0, LodSource::Zero, &s, 8, MipFilter::None).major_is_x);
    }

    /// Exact integer ratios give `N = k`, whatever the scale; a ratio clearly above gives
    /// `k + 1`.
    #[test]
    fn integer_ratios_give_exact_sample_counts() {
        for k in 1u32..=16 {
            for base in [1u32, 3, 5, 7, 100, 255, 1000, 4097, 65_535] {
                let minor = sf(base);
                let major = sf(base * k);
                let d = Derivs { dx: [major, Sf::ZERO, Sf::ZERO], dy: [Sf::ZERO, minor, Sf::ZERO], log2_scale: 0 };
                assert_eq!(scale_factor(&d, 4).samples, k, "k = {k}, base {base}");
                let above = sf(base * k + base / 8 + 1);
                let d = Derivs { dy: [Sf::ZERO, minor, Sf::ZERO], dx: [above, Sf::ZERO, Sf::ZERO], log2_scale: 0 };
                assert_eq!(scale_factor(&d, 4).samples, (k + 1).min(16), "k = {k}+, base {base}");
            }
        }
    }

    #[test]
    fn bias_is_added_before_the_one_rounding() {
        let s = SamplerHeader::default();
        // λ_fine = 0.75/256 (rounds to 1/256 alone); shader bias −0.5/256 → 0.25/256 → 0.
        let fine = 3 << (LAMBDA_FRAC - 10);
        let bias = f32_to_fine(0xBB00_0000); // −2^-9
        assert_eq!(fine_to_88(fine), 1);
        assert_eq!(select_level(fine, bias, &s, 1, MipFilter::None).lambda_unclamped, 0);
        // Saturations: ±∞ shader bias clamps the bias sum to ±16; NaN is 0.
        assert_eq!(select_level(0, f32_to_fine(0x7F80_0000), &s, 1, MipFilter::None).lambda_unclamped, 4095);
        assert_eq!(select_level(0, f32_to_fine(0xFF80_0000), &s, 1, MipFilter::None).lambda_unclamped, -4096);
        assert_eq!(f32_to_fine(0x7FC0_0000), 0);
        // A sampler bias of −128 and a shader bias of +200 sum to +72: clamped to +16.
        let s = SamplerHeader { lod_bias: fixed::types::I8F8::from_bits(i16::MIN), ..s };
        assert_eq!(select_level(0, f32_to_fine(0x4348_0000), &s, 1, MipFilter::None).lambda_unclamped, 4095);
    }
}
