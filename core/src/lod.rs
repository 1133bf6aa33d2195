//! The LOD unit: derivatives → scale factor ρ → `λ_base = log2 ρ` → bias → min/max clamp →
//! magnification or minification → level selection and mip weight (sampling-semantics §4–5).
//!
//! ## Formats and roundings
//!
//! | quantity | format | how |
//! |---|---|---|
//! | derivatives, texel-space `m_u, m_v, m_w` | [`Pf`] (64-bit significand, truncating) | `∂s × size_b`, from binary32 lane differences or explicit derivatives |
//! | `ρ_x² = m_ux² + m_vx² + m_wx²` (and y) | `Pf` | exact Euclidean length squared (the ideal isotropic ρ of D3D §7.18.11), truncated; never below the max-component bound |
//! | `λ_base = ½ log2 max(ρ_x², ρ_y²)` | S8.8 in an `i32` (1/256 LOD) | `log2` to 12 fraction bits by repeated squaring (floor), halved, then rounded half-up to 8 bits; saturated to −128.0 … +127.996; ρ = 0 → −128.0 |
//! | shader bias, explicit LOD (binary32) | S8.8 | RNE, saturated; NaN → 0 |
//! | bias sum `sampler + shader` | S8.8 | clamped to −16.0 … +15.996 (`maxSamplerLodBias` = 16) |
//! | `λ = max(min_lod, min(max_lod, λ_base + bias))` | S8.8 | D3D order: MinLOD wins when MinLOD > MaxLOD |
//! | mip level / weight | `d' = clamp(λ, 0, levels − 1)`; NEAREST: `ceil(d' + ½) − 1` = `(d' + 127) >> 8`; LINEAR: `d' >> 8` and `δ = d' & 255` (8-bit weight) | exact in 8.8 |
//!
//! Magnification when `λ ≤ 0` (after the clamp; VK, D3D).
//!
//! The sampling ops run, per lane, [`texel_derivs`] (grid views; cube maps project onto the
//! face first) and then [`compute`] (= [`scale_factor`], the LOD source, [`select_level`]);
//! the same two calls give the expected outputs of the stage-level `lod` test vectors
//! (`cargo xtask vectors --ops lod`), so the RTL LOD block is checked against this code.
//!
//! ## Anisotropy (the Vulkan example scheme)
//!
//! When the sampler's max anisotropy `A > 1` and the texture is 2D or 2D array:
//! `ρ_max = max(ρ_x, ρ_y)`, `ρ_min = min(ρ_x, ρ_y)`, `η = min(ρ_max / ρ_min, A)` (`ρ_min = 0`
//! → `η = A`; both 0 → `η = 1`), `λ_base = log2(ρ_max / η)`, and `N = ceil(η)` isotropic
//! samples are averaged at `coord + (i/(N+1) − ½) × ∂coord/∂major` for `i = 1 … N`, where
//! the major axis is the screen axis (x or y) with the larger ρ.

use crate::descriptor::{MipFilter, SamplerHeader};
use crate::fp::{f32_parts, F32Class};
use crate::pf::Pf;

/// S8.8 limits of λ.
pub const LOD_MIN: i32 = -128 * 256;
/// S8.8 upper limit of λ.
pub const LOD_MAX: i32 = 128 * 256 - 1;

/// Texel-space derivatives at the view's base level: `[u, v, w]` per screen axis.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Derivs {
    /// `∂(u, v, w)/∂x` in texels.
    pub dx: [Pf; 3],
    /// `∂(u, v, w)/∂y` in texels.
    pub dy: [Pf; 3],
}

/// The scale-factor stage's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScaleFactor {
    /// `λ_base`, S8.8.
    pub lambda_base: i32,
    /// Number of anisotropic samples (1 = isotropic).
    pub samples: u32,
    /// Whether x is the major screen axis (for the anisotropic sample line).
    pub major_is_x: bool,
    /// `ρ_x²`, `ρ_y²`.
    pub rho2: [Pf; 2],
}

fn len2(d: &[Pf; 3]) -> Pf {
    let [a, b, c] = *d;
    a.mul(a).add(b.mul(b)).add(c.mul(c))
}

/// `floor(log2(v) × 2^12)`-based `½ log2 v` rounded to S8.8, saturated.
pub fn half_log2_88(v: Pf) -> i32 {
    if v.is_zero() {
        return LOD_MIN;
    }
    let l12 = v.log2_fixed(12); // floor(log2 v · 4096)
                                // λ = l12 / 8192 LOD; to 1/256: l12 / 32, round half up.
    let l = (i64::from(l12) + 16) >> 5;
    l.clamp(i64::from(LOD_MIN), i64::from(LOD_MAX)) as i32
}

/// The largest anisotropy a sampler encodes (16×); [`scale_factor`] treats any larger
/// `max_aniso` as this one, so the sample-count search is at most 16 steps.
pub const MAX_ANISO: u32 = 16;

/// Scale factor and λ_base from texel-space derivatives; `max_aniso` ≤ 1 disables the
/// anisotropic path, values above [`MAX_ANISO`] count as [`MAX_ANISO`].
pub fn scale_factor(d: &Derivs, max_aniso: u32) -> ScaleFactor {
    let max_aniso = max_aniso.min(MAX_ANISO);
    let rx = len2(&d.dx);
    let ry = len2(&d.dy);
    let major_is_x = !rx.abs_lt(ry);
    let (rmax2, rmin2) = if major_is_x { (rx, ry) } else { (ry, rx) };
    if max_aniso <= 1 || rmax2.is_zero() {
        return ScaleFactor { lambda_base: half_log2_88(rmax2), samples: 1, major_is_x, rho2: [rx, ry] };
    }
    let a = Pf::from_u64(u64::from(max_aniso));
    // η² = min(ρmax² / ρmin², A²)
    let a2 = a.mul(a);
    let eta2 = if rmin2.is_zero() { a2 } else { rmax2.div(rmin2).min(a2) };
    // N = ceil(η): the smallest integer whose square ≥ η² (exact on integers).
    let mut n = 1u32;
    while n < max_aniso && Pf::from_u64(u64::from(n) * u64::from(n)).abs_lt(eta2) {
        n += 1;
    }
    let lambda = half_log2_88(rmax2.div(eta2));
    ScaleFactor { lambda_base: lambda, samples: n, major_is_x, rho2: [rx, ry] }
}

/// Texel-space derivatives of a grid (non-cube) view: `∂(s, t, r)/∂x` and `/∂y` (normalized
/// coordinates, `d[0]` and `d[1]`) times the view's base-level `size`, on the first `dims`
/// axes (1 for 1D types, 2 for 2D types, 3 for 3D); the other axes are 0. Exact for binary32
/// derivatives: a 24-bit significand times a size ≤ 2^16 fits [`Pf`]'s 64 bits. (Cube maps
/// project their derivatives onto the face first, in the sampling op.)
pub fn texel_derivs(d: &[[Pf; 3]; 2], size: [u32; 3], dims: u32) -> Derivs {
    let scale = |dd: &[Pf; 3]| -> [Pf; 3] {
        let mut o = [Pf::ZERO; 3];
        for ((o, dd), sz) in o.iter_mut().zip(dd).zip(size).take(dims as usize) {
            *o = dd.mul(Pf::from_u64(u64::from(sz)));
        }
        o
    };
    Derivs { dx: scale(&d[0]), dy: scale(&d[1]) }
}

/// The LOD stage's result for one lane.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lod {
    /// `λ_base`, S8.8: from the derivatives ([`scale_factor`]), the explicit LOD, or 0.
    pub lambda_base: i32,
    /// Bias, clamps and level selection ([`select_level`]).
    pub sel: LevelSelect,
    /// Anisotropic samples: [`ScaleFactor::samples`] for LOD from derivatives, else 1.
    pub samples: u32,
    /// Whether x is the major screen axis ([`ScaleFactor::major_is_x`], whatever the LOD
    /// source; it only matters when `samples > 1`).
    pub major_is_x: bool,
    /// `ρ_x²`, `ρ_y²`.
    pub rho2: [Pf; 2],
}

/// The LOD stage after the texel-space derivatives: scale factor (with `max_aniso`, 1 = off),
/// `λ_base` from the LOD source, then [`select_level`] with the sampler's bias and clamps,
/// `levels` and the effective mip filter `mip`.
pub fn compute(d: &Derivs, max_aniso: u32, src: LodSource, s: &SamplerHeader, levels: u32, mip: MipFilter) -> Lod {
    let sf = scale_factor(d, max_aniso);
    let (lambda_base, samples, shader_bias) = match src {
        LodSource::Derivatives { bias } => (sf.lambda_base, sf.samples, f32_to_88(bias)),
        LodSource::Explicit(l) => (f32_to_88(l), 1, 0),
        LodSource::Zero => (0, 1, 0),
    };
    let sel = select_level(lambda_base, shader_bias, s, levels, mip);
    Lod { lambda_base, sel, samples, major_is_x: sf.major_is_x, rho2: sf.rho2 }
}

/// binary32 → S8.8 with RNE, saturated to the S8.8 range; NaN → 0.
pub fn f32_to_88(bits: u32) -> i32 {
    let v: i64 = match f32_parts(bits) {
        (_, F32Class::Zero) | (_, F32Class::NaN) => 0,
        (neg, F32Class::Inf) => {
            if neg {
                i64::MIN
            } else {
                i64::MAX
            }
        }
        (neg, F32Class::Finite { mant, exp }) => Pf::new(neg, u64::from(mant), exp).to_fixed_rne(8),
    };
    v.clamp(i64::from(LOD_MIN), i64::from(LOD_MAX)) as i32
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

/// Bias, clamps and level selection. `levels` ≥ 1 is the view's level count; `mip` the
/// effective mip filter. The two sums saturate before their clamps (S8.8 inputs from
/// [`f32_to_88`] and [`half_log2_88`] never reach `i32`'s range; any other `i32` is total).
pub fn select_level(lambda_base: i32, shader_bias: i32, s: &SamplerHeader, levels: u32, mip: MipFilter) -> LevelSelect {
    let bias = i32::from(s.lod_bias.to_bits()).saturating_add(shader_bias).clamp(-16 * 256, 16 * 256 - 1);
    let unclamped = lambda_base.saturating_add(bias).clamp(LOD_MIN, LOD_MAX);
    let min = i32::from(s.min_lod.to_bits());
    let max = i32::from(s.max_lod.to_bits());
    let lambda = min.max(max.min(unclamped));
    let magnify = lambda <= 0;
    // Valid views have ≤ 17 levels; capping the last level at 255 changes no result (λ never
    // exceeds 127.996, so any cap ≥ 128 leaves `dp` and `lo` as they were) and keeps
    // `q × 256` from overflowing (which made the clamp below panic on a bogus header).
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
    #![allow(clippy::indexing_slicing)]
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// A binary32 derivative times a size up to 2^16 is exact in `Pf` (the LOD RTL relies
        /// on it: its texel-space derivative is the 40-bit integer product, normalized).
        #[test]
        fn texel_derivs_are_exact_products(bits in any::<u32>(), size in 1u32..=65536, axis in 0usize..3) {
            let mut d = [[Pf::ZERO; 3]; 2];
            d[1][axis] = Pf::from_f32(bits);
            let t = texel_derivs(&d, [size; 3], 3);
            let got = t.dy[axis];
            prop_assert!(t.dx.iter().all(|p| p.is_zero()));
            let (mant, exp) = match f32_parts(bits).1 {
                F32Class::Finite { mant, exp } => (u128::from(mant), exp),
                F32Class::Inf => (1, 128),
                F32Class::Zero | F32Class::NaN => (0, 0),
            };
            let p = mant * u128::from(size);
            if p == 0 {
                prop_assert!(got.is_zero());
            } else {
                let len = 128 - p.leading_zeros() as i32;
                prop_assert!(len <= 40);
                prop_assert_eq!(u128::from(got.m), p << (64 - len));
                prop_assert_eq!(got.e, exp - (64 - len));
                prop_assert_eq!(got.neg, bits >> 31 == 1);
            }
            // Axes at or beyond `dims` stay zero.
            let t1 = texel_derivs(&d, [size; 3], axis as u32);
            prop_assert!(t1.dy[axis].is_zero());
        }
    }

    #[test]
    fn compute_takes_lambda_base_from_the_lod_source() {
        let one = Pf::from_u64(1);
        // ρ_x = 8 texels, ρ_y = 2 texels: λ_base 3, 16× anisotropy gives η = 4, λ = 1, N = 4.
        let d = Derivs { dx: [Pf::from_u64(8), Pf::ZERO, Pf::ZERO], dy: [Pf::ZERO, Pf::from_u64(2), Pf::ZERO] };
        let s = SamplerHeader { mip_filter: MipFilter::Linear, ..SamplerHeader::default() };
        let iso = compute(&d, 1, LodSource::Derivatives { bias: 0 }, &s, 8, MipFilter::Linear);
        assert_eq!((iso.lambda_base, iso.samples, iso.major_is_x), (3 * 256, 1, true));
        assert_eq!((iso.sel.level, iso.sel.level2, iso.sel.delta), (3, 3, 0));
        let an = compute(&d, 16, LodSource::Derivatives { bias: 0x3F00_0000 }, &s, 8, MipFilter::Linear);
        assert_eq!((an.lambda_base, an.samples, an.major_is_x), (256, 4, true));
        assert_eq!((an.sel.lambda_unclamped, an.sel.level, an.sel.level2, an.sel.delta), (384, 1, 2, 128));
        // Explicit LOD and LOD zero ignore the derivatives (but still report the major axis).
        let ex = compute(&d, 16, LodSource::Explicit(0x4020_0000), &s, 8, MipFilter::Linear);
        assert_eq!((ex.lambda_base, ex.samples, ex.major_is_x, ex.sel.lambda), (640, 1, true, 640));
        let z = compute(&d, 16, LodSource::Zero, &s, 8, MipFilter::Linear);
        assert_eq!((z.lambda_base, z.samples, z.sel.magnify), (0, 1, true));
        let dy = Derivs { dx: [one, Pf::ZERO, Pf::ZERO], dy: [Pf::ZERO, Pf::from_u64(3), Pf::ZERO] };
        assert!(!compute(&dy, 1, LodSource::Zero, &s, 8, MipFilter::None).major_is_x);
    }
}
