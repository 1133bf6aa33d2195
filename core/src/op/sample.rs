//! Filtered sampling: TGSI `TEX`, `TXB`, `TXL`, `TXD`, `TXP`, `SAMPLE`, `SAMPLE_B`,
//! `SAMPLE_L`, `SAMPLE_D` (Gallium TGSI), all built on [`sample_quad`].
//!
//! ## A quad of lanes
//!
//! Implicit derivatives need neighbours, so sampling works on a 2×2 quad of lanes in the
//! order **0 = top-left, 1 = top-right, 2 = bottom-left, 3 = bottom-right** (y down).
//! Implicit derivatives are coarse (one pair per quad, D3D `deriv_rtx_coarse`):
//! `∂/∂x = lane 1 − lane 0`, `∂/∂y = lane 2 − lane 0`, binary32 differences of the binary32
//! coordinates (RNE, [`crate::fp::f32_sub`]: what a shader's coarse derivative returns), the
//! same form as explicit derivatives. Every lane gets a result (inactive lanes still
//! contribute their coordinates to the derivatives); the instruction layer decides which
//! lanes are written.
//!
//! ## Canonical coordinates
//!
//! [`SampleRequest::coords`] holds per lane `(c0, c1, c2, c3)` as binary32 bits:
//!
//! | view type | c0 | c1 | c2 | c3 |
//! |---|---|---|---|---|
//! | 1D | s | – | – | – |
//! | 1D array | s | – | – | layer |
//! | 2D, 2D_NO_MIPMAP | s | t | – | – |
//! | 2D array | s | t | – | layer |
//! | 3D | s | t | r | – |
//! | cube | rx | ry | rz | – |
//! | cube array | rx | ry | rz | cube |
//!
//! The TGSI wrappers map their operand registers onto this (`TEX` 1D array: layer in `y`;
//! 2D array: `z`; cube array: `w`), as the seed's TEX text says.
//!
//! ## Per lane
//!
//! 1. cube: face selection and face coordinates ([`crate::coord::cube_face`]); arrays: layer
//!    `clamp(floor(a + ½))` ([`crate::coord::select_layer`]);
//! 2. LOD: λ_base from derivatives (texel-space at the base level; cube faces by the
//!    derivative of `sc/|ma|`, [`crate::lod::cube_derivs`]), or explicit, or 0; bias,
//!    clamps, level selection ([`crate::lod`]);
//! 3. filter: mag filter if magnified else min filter, at one or two levels, `N` anisotropic
//!    positions ([`crate::filter`]); sample `i` of `N` adds `t_i × ∂coord/∂major` to the
//!    coordinate, `t_i = i/(N+1) − ½` from the table [`crate::lod::tables::ANISO_T`] (S0.16)
//!    and the binary32 derivative of the major screen axis ([`aniso_offset`]);
//! 4. output: exact conversion of the weighted sum, then the view's swizzle.
//!
//! Texel offsets (−8 … +7 each, else [`SampleError::OffsetRange`]) are added in texel units
//! of each level read; they are ignored for cube maps (undefined in D3D, not allowed in
//! TGSI/VK).
//!
//! Buffers and multisample views cannot be sampled ([`SampleError::TextureType`]).
//!
//! ## Entry points
//!
//! [`sample_quad`] (one quad, the result returned), [`sample_quad_into`] (into the caller's
//! buffer), [`sample_warp_into`] (the `N` quads of a warp), [`SampleBinding`] (descriptors
//! validated once, one quad per call: the firmware form) and [`sample_batch_into`] (any
//! number of quads with one view and sampler per call: the host form, for renderers) give
//! the same results quad by quad; the TGSI wrappers below build their requests.

// Indices below are loop counters over fixed-size arrays (lanes 0..4, axes 0..3), never
// input-derived.
#![allow(clippy::indexing_slicing)]

mod batch;
pub(crate) mod rgba8;

pub use batch::{sample_batch_into, sample_batch_into_form, CHUNK as BATCH_CHUNK};

use crate::coord::{cube_face, cube_texel_fixed, f32_scaled_rne_wide, select_layer, texel_fixed, CubeFace};
use crate::descriptor::{Filter, MipFilter, SamplerHeader, TextureHeader, TextureType, WrapMode};
use crate::filter::{dims, Acc, At, Ctx};
use crate::fp::{f32_parts, f32_sub, F32Class};
use crate::handle::{checked_sampler, checked_view, Invalid};
use crate::lod::sf::{mag_lt, sum_squares2_mag};
use crate::lod::tables::aniso_offset_t;
use crate::lod::tables::log2_up_inline;
use crate::lod::{
    compute, cube_derivs, f32_to_fine, select_level_inline, texel_derivs, Derivs, FaceAxes, LevelSelect, LodSource, Sf,
    FINE_MIN,
};
use crate::memory::{TexelMemory, TextureLayout};
use crate::output::swizzle;
use crate::texel::{border_texel, domains, Texel};

/// A sampling request for one quad.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SampleRequest {
    /// Canonical coordinates per lane (see the module docs), binary32 bits.
    pub coords: [[u32; 4]; 4],
    /// Where λ_base comes from.
    pub lod: LodSource,
    /// Explicit derivatives per lane, `[∂/∂x, ∂/∂y]` of `(c0, c1, c2)` (TXD / SAMPLE_D).
    /// `None` = implicit (from the quad).
    pub grads: Option<[[[u32; 3]; 2]; 4]>,
    /// Texel offsets.
    pub offset: [i32; 3],
}

impl SampleRequest {
    /// Implicit-LOD request with no bias and no offset.
    pub const fn new(coords: [[u32; 4]; 4]) -> SampleRequest {
        SampleRequest { coords, lod: LodSource::Derivatives { bias: 0 }, grads: None, offset: [0; 3] }
    }
}

/// A per-tap transform (lane, texel → texel) and the domains of its output (depth compare).
pub(crate) type CompareHook<'a> = (&'a dyn Fn(usize, Texel) -> Texel, [crate::texel::Domain; 4]);

/// A request the model rejects.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum SampleError {
    /// Buffers and multisample textures cannot be sampled; TXP/TXB/TXL forms that have no
    /// operand slot for the type.
    TextureType,
    /// An offset component outside −8 … +7 (component index).
    OffsetRange(u8),
    /// Depth compare on an integer format.
    Compare,
}

/// A resolved per-lane position.
#[derive(Clone, Copy, Debug)]
enum Pos {
    Grid { s: [u32; 3], layer: u32 },
    Cube { f: CubeFace, cube: u32 },
}

fn position(h: &TextureHeader, c: [u32; 4]) -> Pos {
    match h.ty {
        TextureType::Cube | TextureType::CubeArray => {
            let cube = if h.ty == TextureType::CubeArray { select_layer(c[3], h.depth) } else { 0 };
            Pos::Cube { f: cube_face(c[0], c[1], c[2]), cube }
        }
        _ => {
            let layer = if h.ty.is_array() { select_layer(c[3], h.depth) } else { 0 };
            Pos::Grid { s: [c[0], c[1], c[2]], layer }
        }
    }
}

/// Texel-space derivatives at the base level for one lane (cube maps: projected onto the
/// face, [`cube_derivs`]).
fn derivs(h: &TextureHeader, c: [u32; 4], d: &[[u32; 3]; 2]) -> Derivs {
    let b = h.base_level;
    match h.ty {
        TextureType::Cube | TextureType::CubeArray => {
            let f = cube_face(c[0], c[1], c[2]);
            cube_derivs([c[0], c[1], c[2]], d, FaceAxes::of(f.face), h.level_width(b))
        }
        ty => texel_derivs(d, [h.level_width(b), h.level_height(b), h.level_depth(b)], dims(ty)),
    }
}

/// The binary32 coordinate derivatives of one lane: the explicit gradients, or the quad's
/// differences `lane 1 − lane 0`, `lane 2 − lane 0` ([`f32_sub`], a NaN coordinate taken as
/// +0 as everywhere; `∞ − ∞` is NaN, a zero derivative) on the first `axes` axes (the
/// others 0).
fn coord_derivs(req: &SampleRequest, lane: usize, axes: usize) -> [[u32; 3]; 2] {
    match req.grads {
        Some(g) => g[lane & 3],
        None => {
            let [c0, c1, c2, _] = req.coords;
            let d = |c: [u32; 4]| -> [u32; 3] {
                let mut o = [0; 3];
                for (a, o) in o.iter_mut().enumerate().take(axes) {
                    let nz = |v: u32| if v & 0x7FFF_FFFF > 0x7F80_0000 { 0 } else { v };
                    *o = f32_sub(nz(c[a]), nz(c0[a]));
                }
                o
            };
            [d(c1), d(c2)]
        }
    }
}

/// The texel-space derivatives of a grid (non-cube) view from the quad's implicit
/// derivatives: [`texel_derivs`] of [`coord_derivs`], with each binary32 difference and
/// its rounding to a short float done at once in 32-bit arithmetic where the two
/// coordinates allow ([`Sf::from_f32_diff`]; elsewhere [`f32_sub`] and [`Sf::from_f32`])
/// and power-of-two sizes applied as an exponent ([`Sf::scale_pow2`]). The same values (a
/// property test compares both forms).
fn quad_texel_derivs(h: &TextureHeader, req: &SampleRequest, axes: usize) -> Derivs {
    let b = h.base_level;
    let size = [h.level_width(b), h.level_height(b), h.level_depth(b)];
    let [c0, c1, c2, _] = &req.coords;
    let mut dv = Derivs { dx: [Sf::ZERO; 3], dy: [Sf::ZERO; 3], log2_scale: 0 };
    for a in 0..axes.min(3) {
        dv.dx[a] = texel_deriv(c1[a], c0[a], size[a]);
        dv.dy[a] = texel_deriv(c2[a], c0[a], size[a]);
    }
    dv
}

/// One texel-space derivative of [`quad_texel_derivs`]: the binary32 difference `c − c0`
/// of a neighbour's coordinate and lane 0's, as a short float, times the level size `size`
/// ([`texel_deriv_packed`] unpacked).
fn texel_deriv(c: u32, c0: u32, size: u32) -> Sf {
    if c == c0 {
        return Sf::ZERO;
    }
    let (sm, e) = texel_deriv_packed(c, c0, size);
    if sm == 0 {
        return Sf::ZERO;
    }
    Sf { neg: sm >> 31 != 0, m: sm & 0x7FFF_FFFF, e }
}

/// One texel-space derivative `(c − c0) × size` as `(m | neg << 31, e)` (zero: `(0, e)`,
/// the exponent then meaningless; the sign bit is clear):
/// the binary32 difference rounded up to a short float, times `size`. Packed into two
/// registers (an [`Sf`] would go through memory); one copy for [`quad_lod_iso`], which
/// takes the magnitude, and [`texel_deriv`].
#[inline(never)]
fn texel_deriv_packed(c: u32, c0: u32, size: u32) -> (u32, i32) {
    if c == c0 {
        // x − x is +0 (∞ − ∞ is NaN, and NaN counts as 0): a zero derivative.
        return (0, 0);
    }
    let (sm, e) = match Sf::from_f32_diff(c, c0) {
        Some(d) => (d.m | u32::from(d.neg) << 31, d.e),
        None => f32_diff_packed(c, c0),
    };
    let m = sm & 0x7FFF_FFFF;
    // Times the size: a power of two is an exponent ([`Sf::scale_pow2`]), any other size
    // one 18 × 17 product rounded up ([`Sf::scale`]).
    let sz = size.min(1 << 16);
    if sz.is_power_of_two() {
        (sm, e + sz.trailing_zeros() as i32)
    } else {
        let d = Sf::round_up64(false, u64::from(m) * u64::from(sz), e, false);
        (d.m | (sm & 0x8000_0000), d.e)
    }
}

/// [`texel_deriv_packed`]'s difference where [`Sf::from_f32_diff`] does not apply:
/// [`f32_sub`] (NaN counts as 0) and [`Sf::from_f32`], packed the same way.
#[cold]
#[inline(never)]
fn f32_diff_packed(c: u32, c0: u32) -> (u32, i32) {
    let nz = |v: u32| if v & 0x7FFF_FFFF > 0x7F80_0000 { 0 } else { v };
    let d = Sf::from_f32(f32_sub(nz(c), nz(c0)));
    (d.m | u32::from(d.neg) << 31, d.e)
}

/// The one LOD decision of a quad with implicit derivatives on a 2D view (plain, array or
/// no-mipmap) and a sampler without anisotropy, LOD from the derivatives: [`lane_lod`]'s
/// level selection without the stages that cannot change it there (`A = 1`: `log2 η² = 0`,
/// one sample, so `λ_fine = log2 ρ²_max`; the minor axis's `log2`, the sample count and
/// TMML's ratio are not formed). The same [`LevelSelect`] (a property test compares);
/// `None` where it does not apply.
pub(crate) fn quad_lod_iso(
    h: &TextureHeader,
    s: &SamplerHeader,
    req: &SampleRequest,
    mip: MipFilter,
) -> Option<LevelSelect> {
    quad_lod_iso_inline(h, s, req, mip)
}

/// [`quad_lod_iso`] inline in its caller: the batch op's LOD pass (no call per quad, the
/// decision returned in registers).
#[inline(always)]
pub(crate) fn quad_lod_iso_inline(
    h: &TextureHeader,
    s: &SamplerHeader,
    req: &SampleRequest,
    mip: MipFilter,
) -> Option<LevelSelect> {
    let LodSource::Derivatives { bias } = req.lod else { return None };
    if req.grads.is_some()
        || s.max_anisotropy_log2 != 0
        || !matches!(h.ty, TextureType::TwoD | TextureType::TwoDArray | TextureType::TwoDNoMipmap)
    {
        return None;
    }
    // The four texel-space derivatives of the two axes ([`quad_texel_derivs`]'s `dx` and
    // `dy`), formed where they are used (no [`Derivs`] in memory).
    let b = h.base_level;
    let size = [h.level_width(b), h.level_height(b)];
    let [c0, c1, c2, _] = &req.coords;
    // (An equal coordinate, a zero derivative, is tested here: no call for it, as on the
    // axis a screen-aligned quad does not step along.)
    // Magnitudes `(m, e)` throughout (the signs square away): in registers. (A zero's
    // exponent is never read: every stage below tests `m` first.)
    // (A function, not a closure: a closure is a function of its own, which the batch op's
    // copies compiled for AVX2 / AVX-512 may call instead of inlining it.)
    #[inline(always)]
    fn d(c: u32, c0: u32, size: u32) -> (u32, i32) {
        if c == c0 {
            (0, 0)
        } else {
            let (sm, e) = texel_deriv_packed(c, c0, size);
            (sm & 0x7FFF_FFFF, e)
        }
    }
    // Two axes: the two-term sums of squares ([`Sf::sum_squares2`], the same values).
    let ss = sum_squares2_mag;
    let [w, hh] = size;
    let (x1, y1, x2, y2) = (d(c1[0], c0[0], w), d(c1[1], c0[1], hh), d(c2[0], c0[0], w), d(c2[1], c0[1], hh));
    let rmax = if (x1.0 == 0 || y1.0 == 0) && (x2.0 == 0 || y2.0 == 0) {
        // At most one non-zero term per screen axis (a quad aligned with the texture's
        // axes): the larger of the two squares is the square of the larger term (the sum of
        // squares is monotone in each term and the same with the terms swapped), so one
        // square is formed instead of two.
        let (a, b) = (if x1.0 == 0 { y1 } else { x1 }, if x2.0 == 0 { y2 } else { x2 });
        ss(if mag_lt(a, b) { b } else { a }, (0, 0))
    } else {
        let (rx, ry) = (ss(x1, y1), ss(x2, y2));
        if mag_lt(rx, ry) {
            ry
        } else {
            rx
        }
    };
    // ([`select_level`] clamps `λ_fine` to `FINE_MIN … FINE_MAX`.)
    let fine = if rmax.0 == 0 { FINE_MIN } else { log2_up_inline(rmax.0, rmax.1) };
    // A shader bias of ±0 (no TXB / SAMPLE_B bias) is 0 without the conversion.
    let shader_bias = if bias & 0x7FFF_FFFF == 0 { 0 } else { f32_to_fine(bias) };
    Some(select_level_inline(fine, shader_bias, s, h.levels, mip))
}

/// The LOD decision for one lane (also used by TMML).
#[derive(Clone, Copy)]
pub(crate) struct LaneLod {
    pub sel: LevelSelect,
    pub samples: u32,
    /// The binary32 coordinate derivative of the major screen axis, where anisotropic
    /// samples use it (`samples > 1`); 0 otherwise.
    pub major: [u32; 3],
    pub derivs: Derivs,
    pub major_is_x: bool,
    /// TMML's A (S4.12).
    pub log2_ratio: i32,
}

/// `filterable`: whether this sample filters (the format is linear-filterable, or the op is a
/// depth compare, whose 0/1 results always filter): anisotropy applies only then.
#[inline(never)]
pub(crate) fn lane_lod(
    h: &TextureHeader,
    s: &SamplerHeader,
    req: &SampleRequest,
    lane: usize,
    mip: MipFilter,
    filterable: bool,
) -> LaneLod {
    let lane = lane & 3;
    let c = req.coords[lane];
    let axes = if h.ty.is_cube() { 3 } else { dims(h.ty) as usize };
    // Implicit derivatives of a grid view: straight from the quad's coordinates to texel
    // space ([`quad_texel_derivs`]); the binary32 derivatives are formed only if an
    // anisotropic sample needs the major one.
    let (dv, cd) = if req.grads.is_none() && !h.ty.is_cube() {
        (quad_texel_derivs(h, req, axes), None)
    } else {
        let cd = coord_derivs(req, lane, axes);
        (derivs(h, c, &cd), Some(cd))
    };
    let aniso_ok = matches!(h.ty, TextureType::TwoD | TextureType::TwoDArray | TextureType::TwoDNoMipmap) && filterable;
    let aniso_log2 = if aniso_ok { u32::from(s.max_anisotropy_log2) } else { 0 };
    let l = compute(&dv, aniso_log2, req.lod, s, h.levels, mip);
    let major = match req.lod {
        LodSource::Derivatives { .. } if l.samples > 1 => {
            let cd = cd.unwrap_or_else(|| coord_derivs(req, lane, axes));
            if l.major_is_x {
                cd[0]
            } else {
                cd[1]
            }
        }
        _ => [0; 3],
    };
    LaneLod { sel: l.sel, samples: l.samples, major, derivs: dv, major_is_x: l.major_is_x, log2_ratio: l.log2_ratio }
}

/// Samples a quad. Invalid views/samplers return zeros in every lane.
pub fn sample_quad<M: TexelMemory + ?Sized>(
    view: Result<&TextureHeader, Invalid>,
    sampler: Result<&SamplerHeader, Invalid>,
    mem: &M,
    req: &SampleRequest,
) -> Result<[[u32; 4]; 4], SampleError> {
    sample_quad_with(view, sampler, mem, req, None)
}

/// [`sample_quad`] writing the quad into `out` instead of returning it: the same op and
/// results, without moving the 64-byte quad through the return value (the form for
/// firmware loops). On an error `out` holds zeros.
///
/// The RGBA8 single-level kernel is tried first, inline in the caller (the common bilinear
/// case then makes one call, without the general dispatch), then the RGBA8 level kernel
/// with the quad's one isotropic LOD decision (trilinear).
#[inline(always)]
pub fn sample_quad_into<M: TexelMemory + ?Sized>(
    view: Result<&TextureHeader, Invalid>,
    sampler: Result<&SamplerHeader, Invalid>,
    mem: &M,
    req: &SampleRequest,
    out: &mut [[u32; 4]; 4],
) -> Result<(), SampleError> {
    // The single-level kernel first, before the full validation: where it takes the quad,
    // its own tests and `kernel_valid` imply the view validates.
    if let (Ok(h), Ok(s)) = (view, sampler) {
        if rgba8::kernel_unvalidated_into(h, s, mem, req, out) {
            return Ok(());
        }
    }
    sample_quad_validated_into(view, sampler, mem, req, out)
}

/// [`sample_quad_into`] after its single-level kernel route: the validation, the level
/// kernel and the general path. Out of line on the embedded targets (the route is inline in
/// the caller, this part once); left to the compiler on the host, where inlining it measured
/// 5 % faster for trilinear quads.
#[cfg_attr(target_os = "none", inline(never))]
#[cfg_attr(not(target_os = "none"), inline)]
fn sample_quad_validated_into<M: TexelMemory + ?Sized>(
    view: Result<&TextureHeader, Invalid>,
    sampler: Result<&SamplerHeader, Invalid>,
    mem: &M,
    req: &SampleRequest,
    out: &mut [[u32; 4]; 4],
) -> Result<(), SampleError> {
    let (view, sampler) = (checked_view(view), checked_sampler(sampler));
    if let (Ok(h), Ok(s)) = (view, sampler) {
        if rgba8::iso_levels_into(h, s, mem, req, out) {
            return Ok(());
        }
    }
    // (Validated above: the checked form does not validate again; the kernel was tried.)
    sample_quad_checked_into(view, sampler, mem, req, None, out, false)
}

/// A texture view and sampler validated once, for many sampling ops on them: what a
/// firmware holds between binding its descriptors and sampling with them. Validation
/// ([`checked_view`], [`checked_sampler`]) runs in [`SampleBinding::new`], together with the
/// RGBA8 single-level kernel's texture and sampler constants where that kernel applies
/// (not on RV32: its flash budget keeps one kernel instance);
/// [`SampleBinding::sample_quad_into`] then has the results of [`sample_quad_into`] on the
/// same view, sampler, memory and request (a property test runs both), without repeating
/// that work per quad. An invalid view or sampler stays invalid: every quad gets the
/// documented zeros.
#[derive(Clone, Copy)]
pub struct SampleBinding<'a> {
    view: Result<&'a TextureHeader, Invalid>,
    sampler: Result<&'a SamplerHeader, Invalid>,
    kernel: Option<rgba8::Kernel>,
    /// Whether the sampler makes the LOD irrelevant (the single-level kernel's sampler
    /// test, made once): a binding without the kernel constants tries that kernel only then.
    lod_free: bool,
}

impl core::fmt::Debug for SampleBinding<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("SampleBinding")
            .field("view", &self.view)
            .field("sampler", &self.sampler)
            .field("kernel", &self.kernel.is_some())
            .finish()
    }
}

/// Whether [`SampleBinding`] keeps the single-level kernel's constants: not on RV32, where
/// the flash budget keeps one instance of the kernel (the binding then saves the validation
/// only).
const PREPARED: bool = !cfg!(target_arch = "riscv32");

impl<'a> SampleBinding<'a> {
    /// Validates `view` and `sampler` and prepares the kernel constants.
    pub fn new(view: Result<&'a TextureHeader, Invalid>, sampler: Result<&'a SamplerHeader, Invalid>) -> Self {
        Self::with(view, sampler, PREPARED)
    }

    /// [`SampleBinding::new`], with (`prepared`) or without the kernel constants (both
    /// forms are tested on the host).
    fn with(
        view: Result<&'a TextureHeader, Invalid>,
        sampler: Result<&'a SamplerHeader, Invalid>,
        prepared: bool,
    ) -> Self {
        let (view, sampler) = (checked_view(view), checked_sampler(sampler));
        let kernel = match (prepared, view, sampler) {
            (true, Ok(h), Ok(s)) => rgba8::Kernel::new(h, s),
            _ => None,
        };
        let lod_free = matches!(sampler, Ok(s) if rgba8::lod_free(s));
        SampleBinding { view, sampler, kernel, lod_free }
    }

    /// [`sample_quad_into`] on the bound view and sampler.
    #[inline]
    pub fn sample_quad_into<M: TexelMemory + ?Sized>(
        &self,
        mem: &M,
        req: &SampleRequest,
        out: &mut [[u32; 4]; 4],
    ) -> Result<(), SampleError> {
        self.quad_into(mem, req, out, PREPARED)
    }

    /// [`SampleBinding::sample_quad_into`] of a binding made with the same `prepared`.
    #[inline(always)]
    fn quad_into<M: TexelMemory + ?Sized>(
        &self,
        mem: &M,
        req: &SampleRequest,
        out: &mut [[u32; 4]; 4],
        prepared: bool,
    ) -> Result<(), SampleError> {
        if let (Ok(h), Ok(s)) = (self.view, self.sampler) {
            // `kernel_run_into` on `Kernel::new(h, s)` is `kernel_into(h, s, …) == Some(1)`;
            // `kernel_into` is `None` where `Kernel::new` is.
            let single = match (prepared, &self.kernel) {
                (true, Some(k)) => rgba8::kernel_run_into(k, mem, req, out),
                (true, None) => false,
                (false, _) => {
                    self.lod_free
                        && rgba8::kernel_into(h, s, mem, core::array::from_ref(req), core::array::from_mut(out))
                            == Some(1)
                }
            };
            if single || rgba8::iso_levels_into(h, s, mem, req, out) {
                return Ok(());
            }
        }
        // (Validated in `new`: the checked form does not validate again.)
        sample_quad_checked_into(self.view, self.sampler, mem, req, None, out, false)
    }
}

/// [`sample_quad_into`] for the `N` quads of a warp (a 32-lane warp is 8 quads) with one
/// texture and sampler: quad `i` samples `reqs[i]` into `out[i]`, with the same results as
/// `N` calls of [`sample_quad_into`]. Every quad is sampled; the result is the first
/// failing quad's index and error (failing quads hold zeros).
///
/// On Arm the RGBA8 single-level kernel computes its texture and sampler constants once
/// for the warp, then runs each quad through the one-quad kernel of [`SampleBinding`] (no
/// kernel instance of its own: the core's flash budget); elsewhere (the RV32 flash budget)
/// each quad runs [`sample_quad_into`].
pub fn sample_warp_into<M: TexelMemory + ?Sized, const N: usize>(
    view: Result<&TextureHeader, Invalid>,
    sampler: Result<&SamplerHeader, Invalid>,
    mem: &M,
    reqs: &[SampleRequest; N],
    out: &mut [[[u32; 4]; 4]; N],
) -> Result<(), (usize, SampleError)> {
    warp_into(view, sampler, mem, reqs, out, cfg!(target_arch = "arm"))
}

/// [`sample_warp_into`], with (`kernel`) or without the warp-wide kernel (both forms are
/// tested on the host).
fn warp_into<M: TexelMemory + ?Sized, const N: usize>(
    view: Result<&TextureHeader, Invalid>,
    sampler: Result<&SamplerHeader, Invalid>,
    mem: &M,
    reqs: &[SampleRequest; N],
    out: &mut [[[u32; 4]; 4]; N],
    kernel: bool,
) -> Result<(), (usize, SampleError)> {
    let (view, sampler) = (checked_view(view), checked_sampler(sampler));
    let mut done = 0;
    if let (true, Ok(h), Ok(s)) = (kernel, view, sampler) {
        // The kernel runs up to the end or up to a quad it does not take (a texel offset
        // out of range); the rest go one by one.
        done = rgba8::kernel_warp_into(h, s, mem, reqs, out);
    }
    let mut first = Ok(());
    for (i, (r, o)) in reqs.iter().zip(out.iter_mut()).enumerate().skip(done) {
        if let (Err(e), true) = (sample_quad_into(view, sampler, mem, r, o), first.is_ok()) {
            first = Err((i, e));
        }
    }
    first
}

/// Depth-compare sampling (PCF) of a quad: every tap's component x (the depth, or red) is
/// compared with the lane's reference using the sampler's compare function **before**
/// filtering ([`crate::compare`]); the 0/1 results are then filtered with the ordinary
/// linear and mip weights, exactly (`Σ w·pass / Σ w`, RNE to binary32), and the result is
/// replicated to all four components (no swizzle). Integer formats:
/// [`SampleError::Compare`].
pub fn sample_compare_quad<M: TexelMemory + ?Sized>(
    view: Result<&TextureHeader, Invalid>,
    sampler: Result<&SamplerHeader, Invalid>,
    mem: &M,
    req: &SampleRequest,
    reference: [u32; 4],
) -> Result<[[u32; 4]; 4], SampleError> {
    let (view, sampler) = (checked_view(view), checked_sampler(sampler));
    let (Ok(h), Ok(s)) = (view, sampler) else { return Ok([[0; 4]; 4]) };
    let d0 = domains(h.format, h.srgb)[0];
    if d0.is_integer() {
        return Err(SampleError::Compare);
    }
    let func = s.compare_func;
    let f = move |lane: usize, t: Texel| -> Texel {
        let pass = crate::compare::compare(func, d0, reference[lane & 3], t.0[0]).unwrap_or(false);
        Texel([i64::from(pass); 4])
    };
    sample_quad_with(view, sampler, mem, req, Some((&f, [crate::texel::Domain::Unorm(1); 4])))
}

/// [`sample_quad`] with an optional per-tap transform (depth compare) and its output domain.
pub(crate) fn sample_quad_with<M: TexelMemory + ?Sized>(
    view: Result<&TextureHeader, Invalid>,
    sampler: Result<&SamplerHeader, Invalid>,
    mem: &M,
    req: &SampleRequest,
    compare: Option<CompareHook<'_>>,
) -> Result<[[u32; 4]; 4], SampleError> {
    let mut q = [[0; 4]; 4];
    sample_quad_with_into(view, sampler, mem, req, compare, &mut q, true).map(|()| q)
}

/// Every texel offset in −8 ..= 7 (iff the OR of the values biased by 8 is below 16).
#[inline(always)]
fn offsets_in_range(o: &[i32; 3]) -> bool {
    (o[0].wrapping_add(8) | o[1].wrapping_add(8) | o[2].wrapping_add(8)) as u32 <= 15
}

/// [`sample_quad_with`] into `out` (zeros on an error); `kernel`: try the RGBA8
/// single-level kernel first (`false` where the caller already has).
fn sample_quad_with_into<M: TexelMemory + ?Sized>(
    view: Result<&TextureHeader, Invalid>,
    sampler: Result<&SamplerHeader, Invalid>,
    mem: &M,
    req: &SampleRequest,
    compare: Option<CompareHook<'_>>,
    out: &mut [[u32; 4]; 4],
    kernel: bool,
) -> Result<(), SampleError> {
    sample_quad_checked_into(checked_view(view), checked_sampler(sampler), mem, req, compare, out, kernel)
}

/// [`sample_quad_with_into`] on a view and sampler already passed through [`checked_view`]
/// and [`checked_sampler`].
fn sample_quad_checked_into<M: TexelMemory + ?Sized>(
    view: Result<&TextureHeader, Invalid>,
    sampler: Result<&SamplerHeader, Invalid>,
    mem: &M,
    req: &SampleRequest,
    compare: Option<CompareHook<'_>>,
    out: &mut [[u32; 4]; 4],
    kernel: bool,
) -> Result<(), SampleError> {
    if let (true, None, Ok(h), Ok(s)) = (kernel, &compare, view, sampler) {
        if rgba8::kernel_into(h, s, mem, core::array::from_ref(req), core::array::from_mut(out)) == Some(1)
            || rgba8::iso_levels_into(h, s, mem, req, out)
        {
            return Ok(());
        }
    }
    let r = match (view, sampler) {
        _ if !offsets_in_range(&req.offset) => {
            let i = req.offset.iter().position(|o| !(-8..=7).contains(o)).unwrap_or(0);
            Err(SampleError::OffsetRange(i as u8))
        }
        (Ok(h), Ok(s)) => {
            // The RGBA8 fast path with the LOD unit (single-sample 2D only;
            // linear-filterable, so the sampler's mip filter is the effective one).
            if compare.is_none() && rgba8::quad_into(h, s, mem, req, s.mip_filter, out) {
                return Ok(());
            }
            sample_quad_checked(h, s, mem, req, compare)
        }
        _ => Ok([[0; 4]; 4]),
    };
    *out = *r.as_ref().unwrap_or(&[[0; 4]; 4]);
    r.map(|_| ())
}

/// [`sample_quad_with`] after the fast path: the type checks and the general path.
fn sample_quad_checked<M: TexelMemory + ?Sized>(
    h: &TextureHeader,
    s: &SamplerHeader,
    mem: &M,
    req: &SampleRequest,
    compare: Option<CompareHook<'_>>,
) -> Result<[[u32; 4]; 4], SampleError> {
    if h.ty == TextureType::OneDBuffer || h.samples() > 1 {
        return Err(SampleError::TextureType);
    }
    // Compare results (0/1) always filter (PCF), whatever the depth format.
    let filterable = h.format.linear_filterable() || compare.is_some();
    let mip = match (s.mip_filter, filterable) {
        (MipFilter::Linear, false) => MipFilter::Nearest,
        (m, _) => m,
    };
    sample_quad_general(h, s, mem, req, compare, mip, filterable)
}

/// The general path of [`sample_quad_with`] (every format and type).
#[inline(never)]
fn sample_quad_general<M: TexelMemory + ?Sized>(
    h: &TextureHeader,
    s: &SamplerHeader,
    mem: &M,
    req: &SampleRequest,
    compare: Option<CompareHook<'_>>,
    mip: MipFilter,
    filterable: bool,
) -> Result<[[u32; 4]; 4], SampleError> {
    let doms = domains(h.format, h.srgb);
    let border = border_texel(h.format, h.srgb, s.border_color);
    let lay = TextureLayout::new(h);
    // Implicit derivatives are shared by the quad: outside cube maps (whose face projection
    // is per lane) every lane gets the same LOD decision, computed once.
    let shared = (req.grads.is_none() && !h.ty.is_cube()).then(|| lane_lod(h, s, req, 0, mip, filterable));
    let mut out = [[0u32; 4]; 4];
    for (lane, o) in out.iter_mut().enumerate() {
        let ll = match &shared {
            Some(l) => *l,
            None => lane_lod(h, s, req, lane, mip, filterable),
        };
        let filt = if ll.sel.magnify { s.mag_filter } else { s.min_filter };
        let linear = filt == Filter::Linear && filterable;
        let tap_fn = compare.map(|(f, _)| move |t: Texel| f(lane, t));
        let dyn_fn: Option<&dyn Fn(Texel) -> Texel> = tap_fn.as_ref().map(|f| f as &dyn Fn(Texel) -> Texel);
        let ctx = Ctx { h, lay: &lay, s, mem, border, compare: dyn_fn };
        let out_doms = compare.map_or(doms, |(_, d)| d);
        let mut acc = Acc::new(out_doms);
        let pos = position(h, req.coords[lane]);
        let n = ll.samples.max(1);
        let levels: [(u32, u64); 2] = if ll.sel.delta == 0 {
            [(ll.sel.level, 256), (ll.sel.level, 0)]
        } else {
            [(ll.sel.level, 256 - u64::from(ll.sel.delta)), (ll.sel.level2, u64::from(ll.sel.delta))]
        };
        for i in 1..=n {
            // Anisotropic position: t_i = i/(N + 1) − ½ (S0.16 table) along the major axis.
            let t = aniso_offset_t(n, i);
            for (rel, wl) in levels {
                if wl == 0 {
                    continue;
                }
                let level = h.base_level + rel;
                match pos {
                    Pos::Grid { s: sc, layer } => {
                        let sizes = [h.level_width(level), h.level_height(level), h.level_depth(level)];
                        let mut u = [0i64; 3];
                        for a in 0..3 {
                            u[a] = axis_coord(sc[a], sizes[a], s.wrap[a], req.offset[a], n, t, ll.major[a]);
                        }
                        ctx.level(&mut acc, u, layer, At { level, linear, weight: wl });
                    }
                    Pos::Cube { f, cube } => {
                        let nsz = h.level_width(level);
                        let u = [cube_texel_fixed(f.s, nsz), cube_texel_fixed(f.t, nsz)];
                        ctx.cube_level(&mut acc, f.face, u, cube, At { level, linear, weight: wl });
                    }
                }
            }
        }
        let cube = matches!(pos, Pos::Cube { .. });
        let factor = u64::from(n) * if cube { 3 } else { 1 };
        let shift = 8 * dims(h.ty) + 8;
        let words = acc.finish(factor, shift);
        *o = if compare.is_some() { words } else { swizzle(words, h.swizzle, doms[0].is_integer()) };
    }
    Ok(out)
}

/// The S.8 coordinate of one axis of one (anisotropic) sample position: the coordinate
/// `c` on `size` texels, plus the anisotropic offset of `t` (S0.16) along the major
/// derivative `d` (binary32; when `n > 1`, [`aniso_offset`]) and the texel offset,
/// saturated to ±2^62.
#[inline(never)]
fn axis_coord(c: u32, size: u32, mode: WrapMode, offset: i32, n: u32, t: i32, d: u32) -> i64 {
    let an = if n == 1 { 0 } else { aniso_offset(t, d, size, mode) };
    let off = i128::from(offset) * 256;
    let total: i128 = if matches!(mode, WrapMode::Repeat | WrapMode::MirroredRepeat) {
        i128::from(texel_fixed(c, size, mode)) + an + off
    } else {
        f32_scaled_rne_wide(c, u64::from(size) * 256) + an + off
    };
    // Saturate far outside any texture (±2^62 / 256 texels) so the −128 of LINEAR and the
    // wrap can never overflow.
    total.clamp(-(1 << 62), 1 << 62) as i64
}

/// The S.8 offset of an anisotropic sample on an axis of `size` texels:
/// `RNE(t × d × size × 256)` for the table's `t = T / 2^16` and the binary32 major-axis
/// derivative `d` (NaN → 0, ±∞ → ±2^128). Exact, with no division: `T × significand(d)` is
/// one 16 × 24 product, the rest shifts. For REPEAT / MIRRORED_REPEAT `t × d` is first
/// reduced modulo 2 (the mirrored period in normalized coordinates: the bits of the
/// product from 2^1 up are dropped), so the result is the exact one modulo the period
/// `2 × size × 256` for any derivative (an offset `t × d` that is an even integer, e.g.
/// every `t × 2^60`, moves no sample); for the clamp modes it saturates at ±2^120.
pub fn aniso_offset(t: i32, d: u32, size: u32, mode: WrapMode) -> i128 {
    let (neg_d, mant, exp) = match f32_parts(d) {
        (_, F32Class::Zero) | (_, F32Class::NaN) => return 0,
        (n, F32Class::Inf) => (n, 1u64, 128),
        (n, F32Class::Finite { mant, exp }) => (n, u64::from(mant), exp),
    };
    if t == 0 {
        return 0;
    }
    let neg = (t < 0) != neg_d;
    // |t × d| = x × 2^(exp − 16), x < 2^15 × 2^24.
    let x = u64::from(t.unsigned_abs()) * mant;
    let e = exp - 16;
    let scale = u64::from(size) * 256;
    let mag: i128 = if matches!(mode, WrapMode::Repeat | WrapMode::MirroredRepeat) {
        // (x × 2^e) mod 2: keep the bits of x below 2^(1 − e).
        let keep = 1 - e; // ≥ 1 unless the product is a multiple of 2
        if keep <= 0 {
            return 0;
        }
        let xr = if keep >= 40 { x } else { x & ((1u64 << keep) - 1) };
        // xr × size × 256 × 2^e with xr < 2^min(40, 1 − e): < 2^65 before the shift.
        let v = u128::from(xr) * u128::from(scale);
        let r = rne_shift(v, e);
        let p = 2 * i128::from(scale);
        if r >= p {
            r - p
        } else {
            r
        }
    } else {
        let v = u128::from(x) * u128::from(scale); // < 2^64
        const LIM: i128 = 1 << 120;
        if e >= 0 {
            // e ≤ 112 (∞ is 2^128).
            if v >> (120 - e) as u32 != 0 {
                LIM
            } else {
                (v << e as u32) as i128
            }
        } else {
            rne_shift(v, e)
        }
    };
    if neg {
        -mag
    } else {
        mag
    }
}

/// `RNE(v × 2^e)` for `v < 2^90` and `e ≤ 16` (non-negative result).
fn rne_shift(v: u128, e: i32) -> i128 {
    if e >= 0 {
        return (v << e as u32) as i128;
    }
    let s = (-e) as u32;
    if s > 100 {
        return 0;
    }
    let q = v >> s;
    let rem = v & ((1u128 << s) - 1);
    let half = 1u128 << (s - 1);
    (if rem > half || (rem == half && q & 1 == 1) { q + 1 } else { q }) as i128
}

// ------------------------------------------------------------------ TGSI wrappers

/// A quad of 4-component registers (lanes 0 … 3).
pub type Quad = [[u32; 4]; 4];

/// The TGSI `TEX` family.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum TexOp {
    /// `TEX`: implicit LOD.
    Tex,
    /// `TXB`: implicit LOD + bias.
    Txb,
    /// `TXL`: explicit LOD.
    Txl,
    /// `TXD`: explicit derivatives.
    Txd,
    /// `TXP`: projective.
    Txp,
}

/// Operand registers of a `TEX`-family instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TexOperands<'a> {
    /// `src0`: coordinates (and bias/LOD/reference, see [`tex_family`]).
    pub src0: &'a Quad,
    /// `src1`: the second operand of the `TEX2`/`TXB2`/`TXL2` forms (cube-array shadow
    /// reference in `x`, bias/LOD in `x` when `src0.w` is taken).
    pub src1: Option<&'a Quad>,
    /// `TXD`'s `ddx` and `ddy`.
    pub grads: Option<(&'a Quad, &'a Quad)>,
}

/// Where the shadow reference sits for a view type (Gallium TGSI `TEX` text;
/// D3D11 and GL shadow comparisons): `src0.z` for 1D, 2D and 1D array; `src0.w` for 2D array and cube; `src1.x` for cube
/// array. Returns `(register, component)`, register 0 = src0, 1 = src1.
pub const fn shadow_ref_slot(ty: TextureType) -> (u8, u8) {
    match ty {
        TextureType::TwoDArray | TextureType::Cube => (0, 3),
        TextureType::CubeArray => (1, 0),
        _ => (0, 2),
    }
}

/// Executes a TGSI `TEX`-family instruction, optionally as its shadow (depth-compare)
/// form.
///
/// Coordinates: `src0` mapped as in the module docs. `TXB` bias / `TXL` LOD come from
/// `src0.w`, or from `src1.x` when `w` is taken by the coordinates (cube array) or by the
/// shadow reference (2D array, cube) — the `TXB2`/`TXL2` forms; without `src1` that is
/// [`SampleError::TextureType`]. (Seed 003 writes `bias = src.z` for TXB, which would collide
/// with 3D/cube coordinates; texcore follows Gallium's `tgsi_exec`: `src0.w`.) `TXP` divides
/// `x, y, z` (and so a `z` shadow reference) by `w` in binary32 (RNE) and rejects array views.
/// The bias and LOD are per lane; implicit derivatives are shared by the quad.
pub fn tex_family<M: TexelMemory + ?Sized>(
    op: TexOp,
    shadow: bool,
    view: Result<&TextureHeader, Invalid>,
    sampler: Result<&SamplerHeader, Invalid>,
    mem: &M,
    ops: TexOperands<'_>,
) -> Result<Quad, SampleError> {
    tex_family_offset(op, shadow, view, sampler, mem, ops, [0; 3])
}

/// [`tex_family`] with texel offsets (−8 … +7 per component; the `TXF`-style `src1` offset
/// form of the sample instructions), added in texel units of every level read.
pub fn tex_family_offset<M: TexelMemory + ?Sized>(
    op: TexOp,
    shadow: bool,
    view: Result<&TextureHeader, Invalid>,
    sampler: Result<&SamplerHeader, Invalid>,
    mem: &M,
    ops: TexOperands<'_>,
    offset: [i32; 3],
) -> Result<Quad, SampleError> {
    let (view, sampler) = (checked_view(view), checked_sampler(sampler));
    let ty = view.map(|h| h.ty).ok();
    let mut src0 = *ops.src0;
    if op == TexOp::Txp {
        if ty.is_some_and(|t| t.is_array()) {
            return Err(SampleError::TextureType);
        }
        src0 = src0.map(|[x, y, z, w]| {
            use crate::coord::project;
            [project(x, w), project(y, w), project(z, w), w]
        });
    }
    let (ref_reg, ref_comp) = ty.map_or((0, 2), shadow_ref_slot);
    let w_taken = ty == Some(TextureType::CubeArray) || (shadow && ref_reg == 0 && ref_comp == 3);
    let reference = |lane: usize| -> Result<u32, SampleError> {
        if ref_reg == 1 {
            ops.src1.map(|q| q[lane][0]).ok_or(SampleError::TextureType)
        } else {
            Ok(src0[lane][ref_comp as usize])
        }
    };
    let extra = |lane: usize| -> Result<u32, SampleError> {
        if w_taken {
            ops.src1.map(|q| q[lane][0]).ok_or(SampleError::TextureType)
        } else {
            Ok(src0[lane][3])
        }
    };
    let coords = quad_canon(view, &src0);
    let mut refs = [0u32; 4];
    if shadow {
        for (lane, r) in refs.iter_mut().enumerate() {
            *r = reference(lane)?;
        }
    }
    let run = |req: &SampleRequest| {
        if shadow {
            sample_compare_quad(view, sampler, mem, req, refs)
        } else {
            sample_quad(view, sampler, mem, req)
        }
    };
    match op {
        TexOp::Tex | TexOp::Txp => {
            let mut req = SampleRequest::new(coords);
            req.offset = offset;
            run(&req)
        }
        TexOp::Txd => {
            let (ddx, ddy) = ops.grads.ok_or(SampleError::TextureType)?;
            let mut req = SampleRequest::new(coords);
            req.offset = offset;
            req.grads = Some(grads_of(ddx, ddy));
            run(&req)
        }
        TexOp::Txb | TexOp::Txl => {
            let mut base = SampleRequest::new(coords);
            base.offset = offset;
            per_lane_lod(
                base,
                |lane| {
                    let v = extra(lane)?;
                    Ok(if op == TexOp::Txb { LodSource::Derivatives { bias: v } } else { LodSource::Explicit(v) })
                },
                run,
            )
        }
    }
}

/// Explicit derivatives per lane from `ddx`/`ddy` registers (their `x, y, z`).
fn grads_of(ddx: &Quad, ddy: &Quad) -> [[[u32; 3]; 2]; 4] {
    core::array::from_fn(|l| [[ddx[l][0], ddx[l][1], ddx[l][2]], [ddy[l][0], ddy[l][1], ddy[l][2]]])
}

/// Runs `run` once per lane with that lane's own LOD source (a bias or explicit LOD operand
/// is per lane) and keeps that lane's result; implicit derivatives stay shared by the quad.
fn per_lane_lod(
    base: SampleRequest,
    lod: impl Fn(usize) -> Result<LodSource, SampleError>,
    run: impl Fn(&SampleRequest) -> Result<Quad, SampleError>,
) -> Result<Quad, SampleError> {
    let mut out = [[0u32; 4]; 4];
    for (lane, o) in out.iter_mut().enumerate() {
        let req = SampleRequest { lod: lod(lane)?, ..base };
        *o = run(&req)?[lane];
    }
    Ok(out)
}

/// Maps a TGSI `TEX`-family `src0` (x, y, z, w) to canonical coordinates.
fn canon(ty: TextureType, src: [u32; 4]) -> [u32; 4] {
    let [x, y, z, w] = src;
    match ty {
        TextureType::OneDArray => [x, 0, 0, y],
        TextureType::TwoDArray => [x, y, 0, z],
        TextureType::CubeArray => [x, y, z, w],
        _ => [x, y, z, 0],
    }
}

fn quad_canon(h: Result<&TextureHeader, Invalid>, src: &Quad) -> Quad {
    match h {
        Ok(h) => src.map(|c| canon(h.ty, c)),
        Err(_) => *src,
    }
}

fn plain(src0: &Quad) -> TexOperands<'_> {
    TexOperands { src0, src1: None, grads: None }
}

/// `TEX dst, src0, SAMP[n]`.
pub fn tex<M: TexelMemory + ?Sized>(
    view: Result<&TextureHeader, Invalid>,
    sampler: Result<&SamplerHeader, Invalid>,
    mem: &M,
    src0: &Quad,
) -> Result<Quad, SampleError> {
    tex_family(TexOp::Tex, false, view, sampler, mem, plain(src0))
}

/// `TXB dst, src0, SAMP[n]` (bias in `src0.w`).
pub fn txb<M: TexelMemory + ?Sized>(
    view: Result<&TextureHeader, Invalid>,
    sampler: Result<&SamplerHeader, Invalid>,
    mem: &M,
    src0: &Quad,
) -> Result<Quad, SampleError> {
    tex_family(TexOp::Txb, false, view, sampler, mem, plain(src0))
}

/// `TXL dst, src0, SAMP[n]` (LOD in `src0.w`).
pub fn txl<M: TexelMemory + ?Sized>(
    view: Result<&TextureHeader, Invalid>,
    sampler: Result<&SamplerHeader, Invalid>,
    mem: &M,
    src0: &Quad,
) -> Result<Quad, SampleError> {
    tex_family(TexOp::Txl, false, view, sampler, mem, plain(src0))
}

/// `TXD dst, src0, ddx, ddy, SAMP[n]`.
pub fn txd<M: TexelMemory + ?Sized>(
    view: Result<&TextureHeader, Invalid>,
    sampler: Result<&SamplerHeader, Invalid>,
    mem: &M,
    src0: &Quad,
    ddx: &Quad,
    ddy: &Quad,
) -> Result<Quad, SampleError> {
    tex_family(TexOp::Txd, false, view, sampler, mem, TexOperands { src0, src1: None, grads: Some((ddx, ddy)) })
}

/// `TXP dst, src0, SAMP[n]`.
pub fn txp<M: TexelMemory + ?Sized>(
    view: Result<&TextureHeader, Invalid>,
    sampler: Result<&SamplerHeader, Invalid>,
    mem: &M,
    src0: &Quad,
) -> Result<Quad, SampleError> {
    tex_family(TexOp::Txp, false, view, sampler, mem, plain(src0))
}

/// `SAMPLE_C dst, address, SVIEW[n].r, SAMP[m], ref.x`: compare filter with implicit LOD.
pub fn sample_c<M: TexelMemory + ?Sized>(
    view: Result<&TextureHeader, Invalid>,
    sampler: Result<&SamplerHeader, Invalid>,
    mem: &M,
    address: &Quad,
    reference: [u32; 4],
    offset: [i32; 3],
) -> Result<Quad, SampleError> {
    let mut req = SampleRequest::new(quad_canon(view, address));
    req.offset = offset;
    sample_compare_quad(view, sampler, mem, &req, reference)
}

/// `SAMPLE_C_LZ`: as `SAMPLE_C` with `λ_base = 0` (sampler bias and clamps still apply;
/// derivatives ignored).
pub fn sample_c_lz<M: TexelMemory + ?Sized>(
    view: Result<&TextureHeader, Invalid>,
    sampler: Result<&SamplerHeader, Invalid>,
    mem: &M,
    address: &Quad,
    reference: [u32; 4],
    offset: [i32; 3],
) -> Result<Quad, SampleError> {
    let mut req = SampleRequest::new(quad_canon(view, address));
    req.offset = offset;
    req.lod = LodSource::Zero;
    sample_compare_quad(view, sampler, mem, &req, reference)
}

/// `SAMPLE dst, address, SVIEW[n], SAMP[m]`.
pub fn sample<M: TexelMemory + ?Sized>(
    view: Result<&TextureHeader, Invalid>,
    sampler: Result<&SamplerHeader, Invalid>,
    mem: &M,
    address: &[[u32; 4]; 4],
    offset: [i32; 3],
) -> Result<[[u32; 4]; 4], SampleError> {
    let mut req = SampleRequest::new(quad_canon(view, address));
    req.offset = offset;
    sample_quad(view, sampler, mem, &req)
}

/// `SAMPLE_B dst, address, SVIEW[n], SAMP[m], lod_bias.x` (per-lane bias).
pub fn sample_b<M: TexelMemory + ?Sized>(
    view: Result<&TextureHeader, Invalid>,
    sampler: Result<&SamplerHeader, Invalid>,
    mem: &M,
    address: &[[u32; 4]; 4],
    bias: [u32; 4],
    offset: [i32; 3],
) -> Result<[[u32; 4]; 4], SampleError> {
    let mut base = SampleRequest::new(quad_canon(view, address));
    base.offset = offset;
    per_lane_lod(base, |lane| Ok(LodSource::Derivatives { bias: bias[lane] }), |r| sample_quad(view, sampler, mem, r))
}

/// `SAMPLE_L dst, address, SVIEW[n], SAMP[m], lod.x` (per-lane LOD).
pub fn sample_l<M: TexelMemory + ?Sized>(
    view: Result<&TextureHeader, Invalid>,
    sampler: Result<&SamplerHeader, Invalid>,
    mem: &M,
    address: &[[u32; 4]; 4],
    lod: [u32; 4],
    offset: [i32; 3],
) -> Result<[[u32; 4]; 4], SampleError> {
    let mut base = SampleRequest::new(quad_canon(view, address));
    base.offset = offset;
    per_lane_lod(base, |lane| Ok(LodSource::Explicit(lod[lane])), |r| sample_quad(view, sampler, mem, r))
}

/// `SAMPLE_D dst, address, SVIEW[n], SAMP[m], ddx, ddy`.
pub fn sample_d<M: TexelMemory + ?Sized>(
    view: Result<&TextureHeader, Invalid>,
    sampler: Result<&SamplerHeader, Invalid>,
    mem: &M,
    address: &[[u32; 4]; 4],
    ddx: &[[u32; 4]; 4],
    ddy: &[[u32; 4]; 4],
    offset: [i32; 3],
) -> Result<[[u32; 4]; 4], SampleError> {
    let mut req = SampleRequest::new(quad_canon(view, address));
    req.offset = offset;
    req.grads = Some(grads_of(ddx, ddy));
    sample_quad(view, sampler, mem, &req)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::descriptor::Format;
    use proptest::prelude::*;

    /// A binary32 coordinate: mostly in [−2, 3] with neighbours a few ulps to a few binades
    /// apart, sometimes special or anything.
    fn coord() -> impl Strategy<Value = u32> {
        prop_oneof![
            6 => (-2_000_000i32..3_000_000).prop_map(|v| crate::fp::ratio_to_f32_bits(i64::from(v), 1_000_000, 0)),
            1 => prop::sample::select(&[0u32, 0x8000_0000, 0x7F80_0000, 0xFF80_0000, 0x7FC0_0000, 1, 0x0080_0000, 0x7F7F_FFFF][..]),
            1 => any::<u32>(),
        ]
    }

    fn size() -> impl Strategy<Value = u32> {
        prop_oneof![(0u32..=16).prop_map(|k| 1u32 << k), 1u32..70_000]
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 50_000, ..ProptestConfig::default() })]

        /// The isotropic quad LOD equals the LOD unit's level selection wherever it
        /// answers (every type, sampler, bias, footprint; it answers for 2D types without
        /// anisotropy).
        #[test]
        fn quad_lod_iso_matches_lane_lod(
            c0 in [coord(), coord()],
            steps in any::<[[i16; 2]; 2]>(),
            zeros in 0u32..16,
            scale in 0u32..24,
            ty in 0usize..7,
            size in [size(), size()],
            levels in 1u32..18,
            base in 0u32..5,
            mip in 0usize..3,
            aniso in prop_oneof![Just(0u8), 0u8..5],
            bias in prop_oneof![Just(0u32), coord()],
            lod_bias in any::<i16>(),
            lods in any::<[u16; 2]>(),
            explicit in 0u8..8,
        ) {
            let ty = [TextureType::OneD, TextureType::TwoD, TextureType::TwoDArray, TextureType::TwoDNoMipmap, TextureType::ThreeD, TextureType::Cube, TextureType::OneDArray][ty];
            let mut h = TextureHeader::new(ty, Format::RGBA8_UNORM, size[0], size[1], 1, levels);
            h.base_level = base;
            let mip = [MipFilter::None, MipFilter::Nearest, MipFilter::Linear][mip];
            let s = SamplerHeader {
                mip_filter: mip,
                max_anisotropy_log2: aniso,
                lod_bias: fixed::types::I8F8::from_bits(lod_bias / 8),
                min_lod: fixed::types::U8F8::from_bits(lods[0] % 2048),
                max_lod: fixed::types::U8F8::from_bits(lods[1] % 4096),
                ..SamplerHeader::default()
            };
            // Bit `2k + a` of `zeros`: lane `k + 1` keeps lane 0's coordinate `a` (aligned
            // quads: a zero derivative term).
            let lane = |k: usize| -> [u32; 4] {
                let step = |a: usize| if zeros >> (2 * k + a) & 1 != 0 { 0 } else { i32::from(steps[k][a]) };
                let f = |a: usize| c0[a].wrapping_add((step(a) << scale) as u32);
                [f(0), f(1), 0, 0]
            };
            let mut req = SampleRequest::new([[c0[0], c0[1], 0, 0], lane(0), lane(1), [0; 4]]);
            req.lod = match explicit {
                0 => LodSource::Explicit(bias),
                1 => LodSource::Zero,
                _ => LodSource::Derivatives { bias },
            };
            if let Some(sel) = quad_lod_iso(&h, &s, &req, mip) {
                prop_assert_eq!(sel, lane_lod(&h, &s, &req, 0, mip, true).sel);
                prop_assert!(aniso == 0 && explicit >= 2);
            }
        }

        /// The quad's texel-space derivatives equal the binary32 derivatives' texel-space
        /// form, for every grid type, size and base level.
        #[test]
        fn quad_texel_derivs_match_texel_derivs(
            c0 in [coord(), coord(), coord()],
            steps in any::<[[i16; 3]; 2]>(),
            far in any::<[bool; 2]>(),
            other in [[coord(), coord(), coord()], [coord(), coord(), coord()]],
            ty in 0usize..6,
            size in [size(), size(), size()],
            base in 0u32..5,
        ) {
            let ty = [TextureType::OneD, TextureType::OneDArray, TextureType::TwoD, TextureType::TwoDArray, TextureType::TwoDNoMipmap, TextureType::ThreeD][ty];
            let mut h = TextureHeader::new(ty, Format::RGBA8_UNORM, size[0], size[1], size[2], 17);
            h.base_level = base;
            let lane = |k: usize| -> [u32; 4] {
                if far[k] {
                    let o = other[k];
                    [o[0], o[1], o[2], 0]
                } else {
                    let s = steps[k];
                    // (A third of the steps are 0: equal coordinates, specials included.)
                    let f = |a: usize| if s[a] % 3 == 0 { c0[a] } else { c0[a].wrapping_add((i32::from(s[a]) * 8) as u32) };
                    [f(0), f(1), f(2), 0]
                }
            };
            let req = SampleRequest::new([[c0[0], c0[1], c0[2], 0], lane(0), lane(1), [0; 4]]);
            let axes = dims(ty) as usize;
            let cd = coord_derivs(&req, 0, axes);
            prop_assert_eq!(quad_texel_derivs(&h, &req, axes), derivs(&h, req.coords[0], &cd));
        }
    }
}
