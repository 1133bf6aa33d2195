//! The RGBA8 2D fast path of [`super::sample_quad`]: 2D, 2D-no-mipmap and 2D-array views of
//! `RGBA8_UNORM` / `BGRA8_UNORM` (linear, not sRGB), without depth compare and without
//! anisotropic samples. Texel selection, wrap, border and addressing are those of the
//! general filter unit; the weighted sum and output conversion are
//! [`crate::filter::unorm8`]. The result is bit-identical to the general path (a property
//! test runs both on arbitrary headers, samplers and coordinates), so this is purely a
//! speed-up: the hardware's fixed-function 8-bit datapath next to its general one.
//!
//! When the sampler makes the LOD irrelevant (mip NONE, the same mag and min filter, no
//! anisotropy) the LOD unit is not run at all: every lane reads the base level with that
//! filter, which is exactly what the LOD decision would give. If that level is level 0 of a
//! single-layer texture, no axis clamps to the border and the memory is a 4-byte-aligned
//! slice, the quad runs through the
//! single-level kernel ([`single_level`]): per-quad axis units (coordinate shift for
//! power-of-two sizes, a mask-and-clamp wrap for CLAMP_TO_EDGE / REPEAT), word-indexed texel
//! reads, one level's filter and conversion. Everything else on this path goes through
//! [`with_lod`]: a quad with one LOD decision (implicit derivatives; without anisotropy
//! from [`super::quad_lod_iso`]) on aligned word memory, a pitch-linear non-array texture
//! and CLAMP_TO_EDGE / power-of-two REPEAT runs through the level kernel
//! ([`levels_kernel`]: the single-level kernel's units for each of its one or two levels,
//! their constants once per quad); the rest per lane (one or two levels, byte-addressed
//! reads).

// Indices are lanes 0..4 and axes 0..2 of fixed-size arrays.
#![allow(clippy::indexing_slicing)]

use super::{lane_lod, offsets_in_range, quad_lod_iso, SampleRequest};
use crate::coord::{pow2_log2, select_layer, texel_fixed_i32, texel_fixed_pow2, NOT_POW2};
use crate::descriptor::{
    chain_too_short, Filter, Format, Layout, MipFilter, SamplerHeader, Swizzle, TextureHeader, TextureType, WrapMode,
};
use crate::filter::unorm8::{
    blend_share_rgba8, convert_share_rgba8, filter_level_rgba8, filter_level_rgba8_w, filter_rgba8, level_share,
    Bilerp8, Rgba8,
};
use crate::fp::leading_zeros;
use crate::lod::LevelSelect;
use crate::memory::{Plane, TexelMemory, TextureLayout};
use crate::output::swizzle;
use crate::texel::border_texel;
use crate::wrap::{wrap_i32, Wrapped};

/// Whether the texture's components are stored as R, G, B, A bytes (`false`: B, G, R, A);
/// `None` if it is not a linear RGBA8 / BGRA8, single-sample 2D (array) texture.
pub(crate) fn byte_order(h: &TextureHeader) -> Option<bool> {
    if h.srgb
        || !matches!(h.ty, TextureType::TwoD | TextureType::TwoDNoMipmap | TextureType::TwoDArray)
        || h.samples() != 1
    {
        return None;
    }
    match h.format {
        Format::RGBA8_UNORM => Some(true),
        Format::BGRA8_UNORM => Some(false),
        _ => None,
    }
}

/// A wrapped index that selects the border colour (CLAMP_TO_BORDER outside the texture).
const BORDER: u32 = u32::MAX;

/// The per-quad constants of one axis of one level: the coordinate and wrap units.
#[derive(Clone, Copy)]
struct AxisUnit {
    size: u32,
    /// `log2 size` for the shift-only coordinate unit, or [`NOT_POW2`].
    log2: u32,
    mode: WrapMode,
    /// Texel offset × 256 (S.8).
    off: i32,
    /// CLAMP_TO_EDGE, or REPEAT on a power of two: the wrap is `min(max(i & mask, 0), size − 1)`
    /// (mask all ones for the clamp, `size − 1` for the repeat).
    simple: bool,
    mask: u32,
}

impl AxisUnit {
    fn new(size: u32, mode: WrapMode, offset: i32) -> AxisUnit {
        let log2 = pow2_log2(size);
        let (simple, mask) = match mode {
            WrapMode::ClampToEdge => (true, u32::MAX),
            WrapMode::Repeat if log2 != NOT_POW2 => (true, size - 1),
            _ => (false, 0),
        };
        AxisUnit { size, log2, mode, off: offset * 256, simple, mask }
    }

    /// The S.8 texel coordinate plus the offset ([`texel_fixed_pow2`] where it applies,
    /// else [`texel_fixed_i32`]: the same value).
    #[inline(always)]
    fn fixed(&self, s: u32) -> i32 {
        let periodic = matches!(self.mode, WrapMode::Repeat | WrapMode::MirroredRepeat);
        let u = match texel_fixed_pow2(s, self.log2, periodic) {
            Some(u) => u,
            None => texel_fixed_i32(s, self.size, self.mode),
        };
        u + self.off
    }

    /// [`wrap_i32`] as an index, [`BORDER`] for the border; CLAMP_TO_EDGE and REPEAT on a
    /// power of two without the general unit.
    #[inline(always)]
    fn index(&self, i: i32) -> u32 {
        if self.simple {
            // (A masked index is non-negative and in range, so only the clamp acts on it.)
            let m = i & self.mask as i32;
            if m < 0 {
                0
            } else if m as u32 >= self.size {
                self.size - 1
            } else {
                m as u32
            }
        } else {
            match wrap_i32(self.mode, i, self.size) {
                Wrapped::Texel(x) => x,
                Wrapped::Border => BORDER,
            }
        }
    }

    /// The two tap indices and the weight of the second (1/256) for LINEAR; one index
    /// twice and weight 0 for NEAREST.
    #[inline(always)]
    fn taps(&self, s: u32, linear: bool) -> ([u32; 2], u8) {
        let u = self.fixed(s);
        if linear {
            let v = u - 128;
            let i0 = v >> 8;
            ([self.index(i0), self.index(i0 + 1)], (v & 255) as u8)
        } else {
            let i = self.index(u >> 8);
            ([i, i], 0)
        }
    }
}

/// The per-quad constants of one level: its plane and the two axis units.
#[derive(Clone, Copy)]
struct LevelUnit {
    plane: Plane,
    ax: [AxisUnit; 2],
}

impl LevelUnit {
    #[inline(always)]
    fn new(plane: Plane, s: &SamplerHeader, req: &SampleRequest) -> LevelUnit {
        let ax = [
            AxisUnit::new(plane.size[0], s.wrap[0], req.offset[0]),
            AxisUnit::new(plane.size[1], s.wrap[1], req.offset[1]),
        ];
        LevelUnit { plane, ax }
    }

    /// The four taps (`[(i0, j0), (i1, j0), (i0, j1), (i1, j1)]`, as stored: R, G, B, A or
    /// B, G, R, A bytes) and sub-texel weights of one lane. A layer outside the texture
    /// (`layer_base = None`) reads zeros; border taps read `border` (in the stored byte
    /// order).
    #[inline(always)]
    fn taps(
        &self,
        layer_base: Option<u32>,
        st: [u32; 2],
        linear: bool,
        read: impl Fn(u32) -> Rgba8,
        border: Rgba8,
    ) -> ([Rgba8; 4], [u8; 2]) {
        let p = &self.plane;
        let ([x0, x1], a) = self.ax[0].taps(st[0], linear);
        let ([y0, y1], b) = self.ax[1].taps(st[1], linear);
        let Some(base) = layer_base else {
            let t = |x: u32, y: u32| if x == BORDER || y == BORDER { border } else { 0 };
            return ([t(x0, y0), t(x1, y0), t(x0, y1), t(x1, y1)], [a, b]);
        };
        // Row and column parts once per index (a border index has none).
        let row = |y: u32| if y == BORDER { 0 } else { base + p.row(y) };
        let col = |x: u32| if x == BORDER { 0 } else { p.col(x) };
        let tap = |x: u32, r: u32, y: u32, c: u32| -> Rgba8 {
            if x == BORDER || y == BORDER {
                border
            } else {
                read(r + c)
            }
        };
        let (r0, c0) = (row(y0), col(x0));
        if !linear {
            let t = tap(x0, r0, y0, c0);
            return ([t; 4], [0, 0]);
        }
        let (r1, c1) = (row(y1), col(x1));
        ([tap(x0, r0, y0, c0), tap(x1, r0, y0, c1), tap(x0, r1, y1, c0), tap(x1, r1, y1, c1)], [a, b])
    }
}

/// The fast paths ([`kernel_into`], then [`quad_into`]) returning the result.
#[cfg(test)]
pub(super) fn quad<M: TexelMemory + ?Sized>(
    h: &TextureHeader,
    s: &SamplerHeader,
    mem: &M,
    req: &SampleRequest,
    mip: MipFilter,
) -> Option<[[u32; 4]; 4]> {
    let mut out = [[0; 4]; 4];
    let kernel = mip == s.mip_filter
        && (kernel_into(h, s, mem, core::array::from_ref(req), core::array::from_mut(&mut out)) == Some(1)
            || iso_levels_into(h, s, mem, req, &mut out));
    (kernel || quad_into(h, s, mem, req, mip, &mut out)).then_some(out)
}

/// The single-level kernel ([`single_level`]) on `mem` when it is a 4-byte-aligned slice,
/// for the quads `reqs` into `outs` (pairwise): `None` (nothing written) where the kernel
/// does not apply to the texture, sampler or memory; else the number of quads sampled, up
/// to the first request with a texel offset outside −8 … 7 (the caller's general path
/// reports it). Tried first by the sampling ops, before their general dispatch.
#[inline(always)]
pub(super) fn kernel_into<M: TexelMemory + ?Sized, const N: usize>(
    h: &TextureHeader,
    s: &SamplerHeader,
    mem: &M,
    reqs: &[SampleRequest; N],
    outs: &mut [[[u32; 4]; 4]; N],
) -> Option<usize> {
    // The sampler test first, inline: a sampler with a LOD (trilinear) leaves without a call
    // (on RV32 the kernel's entry saves twelve registers before its own tests).
    if !lod_free(s) {
        return None;
    }
    match mem.as_bytes().map(bytemuck::pod_align_to::<u8, u32>) {
        Some(([], texels, _)) => single_level(h, s, texels, reqs, outs),
        _ => None,
    }
}

/// Whether the sampler makes the LOD irrelevant: mip NONE, the same mag and min filter, no
/// anisotropy (every lane then reads the base level with that filter).
#[inline(always)]
pub(super) fn lod_free(s: &SamplerHeader) -> bool {
    s.mip_filter == MipFilter::None && s.mag_filter == s.min_filter && s.max_anisotropy_log2 == 0
}

/// Samples a quad on the RGBA8 path with the LOD unit into `out` ([`with_lod`]; the
/// callers have tried [`kernel_into`] first), or returns `false` if the request is not
/// eligible (the caller then runs the general path; `out` may have been written). `mip` is
/// the effective mip filter.
///
/// Not built for RV32 (the core's flash budget there): every such quad takes the general
/// path, whose results this path equals bit for bit (the property tests run both on the
/// host).
#[inline(always)]
pub(super) fn quad_into<M: TexelMemory + ?Sized>(
    h: &TextureHeader,
    s: &SamplerHeader,
    mem: &M,
    req: &SampleRequest,
    mip: MipFilter,
    out: &mut [[u32; 4]; 4],
) -> bool {
    if cfg!(target_arch = "riscv32") {
        return false;
    }
    let Some(rgba) = byte_order(h) else { return false };
    let uses_border = s.wrap[0] == WrapMode::ClampToBorder || s.wrap[1] == WrapMode::ClampToBorder;
    let border = if uses_border {
        let mut b = border_texel(h.format, h.srgb, s.border_color).0;
        // In the stored byte order, like the taps.
        if !rgba {
            b.swap(0, 2);
        }
        pack(b)
    } else {
        0
    };
    let lod_free = mip == MipFilter::None && s.mag_filter == s.min_filter && s.max_anisotropy_log2 == 0;
    match with_lod(h, s, mem, req, mip, lod_free, rgba, border) {
        Some(q) => {
            *out = q;
            true
        }
        None => false,
    }
}

/// The level kernel of a quad with the isotropic implicit LOD decision ([`quad_lod_iso`])
/// on aligned word memory, straight from the sampling op's entry after [`kernel_into`]:
/// what [`quad_into`] does first for such a quad (its texel-offset check, its eligibility
/// and the LOD-free test included), without the general dispatch in between. `false`
/// (nothing written) where it does not apply; the caller then goes on as before. Inline on
/// Arm; elsewhere one copy serves both op entries (the RV32 flash budget).
#[cfg_attr(target_arch = "arm", inline(always))]
#[cfg_attr(not(target_arch = "arm"), inline(never))]
pub(super) fn iso_levels_into<M: TexelMemory + ?Sized>(
    h: &TextureHeader,
    s: &SamplerHeader,
    mem: &M,
    req: &SampleRequest,
    out: &mut [[u32; 4]; 4],
) -> bool {
    let lod_free = lod_free(s);
    if lod_free || !offsets_in_range(&req.offset) {
        return false;
    }
    match byte_order(h) {
        Some(rgba) => iso_levels(h, s, mem, req, s.mip_filter, rgba, out),
        None => false,
    }
}

/// [`quad_lod_iso`] and [`levels_kernel`] on aligned word memory (`mip`: the effective mip
/// filter; `false`, nothing written, where either does not apply).
#[inline(always)]
fn iso_levels<M: TexelMemory + ?Sized>(
    h: &TextureHeader,
    s: &SamplerHeader,
    mem: &M,
    req: &SampleRequest,
    mip: MipFilter,
    rgba: bool,
    out: &mut [[u32; 4]; 4],
) -> bool {
    match (quad_lod_iso(h, s, req, mip), mem.as_bytes().map(bytemuck::pod_align_to::<u8, u32>)) {
        (Some(sel), Some(([], texels, _))) => levels_kernel(h, s, texels, req, &sel, rgba, out),
        _ => false,
    }
}

/// [`quad`] with the LOD unit (or on a level other than 0 / a layered texture): per lane,
/// one or two levels (trilinear), their planes computed once per quad.
#[inline(never)]
#[allow(clippy::too_many_arguments)]
fn with_lod<M: TexelMemory + ?Sized>(
    h: &TextureHeader,
    s: &SamplerHeader,
    mem: &M,
    req: &SampleRequest,
    mip: MipFilter,
    lod_free: bool,
    rgba: bool,
    border: Rgba8,
) -> Option<[[u32; 4]; 4]> {
    // (The op entries have tried the isotropic implicit LOD of the quad with the level
    // kernel, [`iso_levels_into`], before this.)
    // The level selection per lane (implicit derivatives: one for the quad).
    let mut lods: [Option<LevelSelect>; 4] = [None; 4];
    if !lod_free {
        for (lane, l) in lods.iter_mut().enumerate() {
            let lod = if lane == 0 || req.grads.is_some() { lane_lod(h, s, req, lane, mip, true) } else { continue };
            if lod.samples > 1 {
                return None;
            }
            *l = Some(lod.sel);
        }
        if req.grads.is_none() {
            lods = [lods[0]; 4];
        }
    }
    // One LOD decision for the quad on aligned word memory: the level kernel.
    if let (false, None, Some(sel)) = (lod_free, req.grads, lods[0]) {
        if let Some(([], texels, _)) = mem.as_bytes().map(bytemuck::pod_align_to::<u8, u32>) {
            let mut out = [[0u32; 4]; 4];
            if levels_kernel(h, s, texels, req, &sel, rgba, &mut out) {
                return Some(out);
            }
        }
    }
    let lay = TextureLayout::new(h);
    // Level units of at most two distinct levels per quad; `None` in a slot = the level is
    // outside the view (reads zeros).
    let mut cache: [(u32, Option<LevelUnit>); 2] = [(u32::MAX, None); 2];
    let mut unit = |level: u32| -> Result<Option<LevelUnit>, ()> {
        for (l, u) in cache.iter() {
            if *l == level {
                return Ok(*u);
            }
        }
        let u = match lay.geom(level) {
            None => None,
            // A level the 32-bit plane cannot address: the general path handles it.
            Some(g) => Some(LevelUnit::new(lay.plane(&g).ok_or(())?, s, req)),
        };
        let slot = if cache[0].0 == u32::MAX { 0 } else { 1 };
        cache[slot] = (level, u);
        Ok(u)
    };
    let array = h.ty == TextureType::TwoDArray;
    let output = Output::new(h, rgba);
    let mut out = [[0u32; 4]; 4];
    for (lane, o) in out.iter_mut().enumerate() {
        let (levels, delta, filt) = match lods[lane] {
            None => ([0, 0], 0u32, s.mag_filter),
            Some(l) => ([l.level, l.level2], l.delta, if l.magnify { s.mag_filter } else { s.min_filter }),
        };
        let linear = filt == Filter::Linear;
        let c = req.coords[lane];
        let layer = if array { select_layer(c[3], h.depth) } else { 0 };
        let mut b = Bilerp8 { delta: delta as u8, ..Bilerp8::default() };
        let st = [c[0], c[1]];
        // One level, or two when the mip weight is not 0 (one tap unit serves both).
        for (k, level) in levels.iter().enumerate().take(1 + usize::from(delta != 0)) {
            if let Some(u) = unit(h.base_level + level).ok()? {
                (b.taps[k], b.frac[k]) =
                    u.taps(u.plane.layer_base(layer), st, linear, |a| mem.read_u32(a).unwrap_or(0), border);
            }
        }
        output.apply(filter_rgba8(&b), o);
    }
    Some(out)
}

/// Level `level` (absolute) of a single-layer, pitch-linear RGBA8 / BGRA8 texture
/// ([`byte_order`]) in 4-byte words, as `(first texel's word index, row pitch in words,
/// [width, height])`: the plane `TextureLayout::plane(geom(level))?.in_words()` computed
/// in 32-bit arithmetic (the levels below it summed as words, every step checked), without
/// the general layout's 64-bit walk (a property test checks they agree). `None` outside the
/// view's levels, for an address or level-0 row pitch that is not a multiple of 4, and
/// where the level's last texel is not addressable in 32 bits.
#[inline(always)]
pub(super) fn kernel_plane(h: &TextureHeader, level: u32) -> Option<(u32, u32, [u32; 2])> {
    if h.layout != Layout::PitchLinear
        || h.layers() != 1
        || level < h.base_level
        || level >= h.base_level.saturating_add(h.levels)
        || (h.base_address | h.row_pitch) & 3 != 0
    {
        return None;
    }
    let pitch_of = |l: u32| if l == 0 && h.row_pitch != 0 { h.row_pitch / 4 } else { h.level_width(l) };
    let mut base = h.base_address / 4;
    for l in 0..level {
        base = base.checked_add(pitch_of(l).checked_mul(h.level_height(l))?)?;
    }
    let (w, hh, pitch) = (h.level_width(level), h.level_height(level), pitch_of(level));
    // The last texel's word index; its 4 bytes end below 2^32.
    let last = base.checked_add((hh - 1).checked_mul(pitch)?)?.checked_add(w - 1)?;
    (last <= u32::MAX / 4).then_some((base, pitch, [w, hh]))
}

/// [`kernel_plane`] of `level + 1` from `plane`, the `Some` value of `kernel_plane(h,
/// level)`: the walk's one more term (the level's pitch times its height), without walking
/// the levels below again. The same value (a property test compares); the early checks
/// `kernel_plane(h, level)` passed hold for `level + 1` too, except the view's level range.
#[inline(always)]
pub(super) fn kernel_plane_next(
    h: &TextureHeader,
    level: u32,
    plane: (u32, u32, [u32; 2]),
) -> Option<(u32, u32, [u32; 2])> {
    let next = level.checked_add(1)?;
    if next >= h.base_level.saturating_add(h.levels) {
        return None;
    }
    let (base, pitch, [_, hh]) = plane;
    let base = base.checked_add(pitch.checked_mul(hh)?)?;
    // `next ≥ 1`: its pitch is its width (a row pitch applies to level 0 only).
    let (w, hh) = (h.level_width(next), h.level_height(next));
    let last = base.checked_add((hh - 1).checked_mul(w)?)?.checked_add(w - 1)?;
    (last <= u32::MAX / 4).then_some((base, w, [w, hh]))
}

/// One level of [`levels_kernel`]: the first texel's word index, the row pitch in words and
/// the two axis units (with the request's texel offsets).
#[derive(Clone, Copy)]
pub(super) struct KernelLevel {
    pub(super) base: u32,
    pub(super) pitch: u32,
    pub(super) ax: KernelAxis,
    pub(super) ay: KernelAxis,
}

impl KernelLevel {
    /// The level of a plane ([`kernel_plane`]'s value: a single-layer pitch-linear
    /// texture in word memory), if its wrap modes are the kernel's ([`KernelAxis::new`]).
    #[inline(always)]
    pub(super) fn of_plane(
        plane: (u32, u32, [u32; 2]),
        s: &SamplerHeader,
        req: &SampleRequest,
        linear: bool,
    ) -> Option<KernelLevel> {
        let (base, pitch, [w, hh]) = plane;
        Some(KernelLevel {
            base,
            pitch,
            ax: KernelAxis::new(w, s.wrap[0], linear)?.offset(req.offset[0]),
            ay: KernelAxis::new(hh, s.wrap[1], linear)?.offset(req.offset[1]),
        })
    }

    /// The four taps and sub-texel weights of one lane (NEAREST: the texel four times,
    /// weights 0), as [`single_level`] reads them ([`word`] of `texels`).
    #[inline(always)]
    pub(super) fn taps(&self, c: &[u32; 4], linear: bool, texels: &[u32]) -> ([Rgba8; 4], [u8; 2]) {
        let read = |i: u32| word(texels, i);
        let ((x0, a), (y0, b)) = (self.ax.tap0(self.ax.fixed(c[0])), self.ay.tap0(self.ay.fixed(c[1])));
        let r0 = self.base + y0 * self.pitch;
        if !linear {
            return ([read(r0 + x0); 4], [0, 0]);
        }
        let x1 = self.ax.tap1(x0);
        let r1 = self.base + self.ay.tap1(y0) * self.pitch;
        ([read(r0 + x0), read(r0 + x1), read(r1 + x0), read(r1 + x1)], [a, b])
    }

    /// [`KernelLevel::taps`] from the first taps' S.8 positions `u` (the axis units'
    /// [`KernelAxis::fixed`] of the lane's coordinates). (A copy of its body rather than
    /// its callee: measured 4 instructions per trilinear sample shorter on RV32.)
    #[inline(always)]
    pub(super) fn taps_at(&self, u: [i32; 2], linear: bool, texels: &[u32]) -> ([Rgba8; 4], [u8; 2]) {
        let read = |i: u32| word(texels, i);
        let ((x0, a), (y0, b)) = (self.ax.tap0(u[0]), self.ay.tap0(u[1]));
        let r0 = self.base + y0 * self.pitch;
        if !linear {
            return ([read(r0 + x0); 4], [0, 0]);
        }
        let x1 = self.ax.tap1(x0);
        let r1 = self.base + self.ay.tap1(y0) * self.pitch;
        ([read(r0 + x0), read(r0 + x1), read(r1 + x0), read(r1 + x1)], [a, b])
    }
}

/// The quad with one LOD decision `sel` for its four lanes (implicit derivatives) on one or
/// two levels of a 2D (non-array) pitch-linear texture in aligned word memory `texels`:
/// the single-level kernel's axis units ([`KernelAxis`]) and word reads per level, the
/// levels' constants computed once per quad, then [`filter_rgba8`] of both levels. The
/// taps and weights are those of [`with_lod`]'s general units wherever they enter the sum
/// (see [`KernelAxis`]), so the result is the same (the property test
/// `fast_path_matches_general` covers it). `false` (nothing written) where a level is
/// outside the view or not addressable, or a wrap mode is not CLAMP_TO_EDGE / power-of-two
/// REPEAT: [`with_lod`] then continues.
#[inline(never)]
fn levels_kernel(
    h: &TextureHeader,
    s: &SamplerHeader,
    texels: &[u32],
    req: &SampleRequest,
    sel: &LevelSelect,
    rgba: bool,
    out: &mut [[u32; 4]; 4],
) -> bool {
    if h.ty == TextureType::TwoDArray || h.layout != Layout::PitchLinear {
        return false;
    }
    let linear = (if sel.magnify { s.mag_filter } else { s.min_filter }) == Filter::Linear;
    // The first level's plane, then the second's from it (a non-zero mip weight means the
    // next level: `level2 = level + 1`, [`crate::lod::select_level`]).
    let Some(lv) = h.base_level.checked_add(sel.level) else { return false };
    let Some(p0) = kernel_plane(h, lv) else { return false };
    let Some(l0) = KernelLevel::of_plane(p0, s, req, linear) else { return false };
    let l1 = if sel.delta == 0 {
        l0
    } else {
        let next = sel.level2 == sel.level.wrapping_add(1);
        let l1 = if cfg!(target_arch = "riscv32") {
            // The next level's plane from the first's (equal to [`kernel_plane`], a property
            // test compares); any other pair takes the general path (the same result).
            match if next { kernel_plane_next(h, lv, p0) } else { None } {
                Some(p) => KernelLevel::of_plane(p, s, req, linear),
                None => return false,
            }
        } else {
            let p1 = match if next { kernel_plane_next(h, lv, p0) } else { None } {
                Some(p) => Some(p),
                None => h.base_level.checked_add(sel.level2).and_then(|l| kernel_plane(h, l)),
            };
            match p1 {
                Some(p) => KernelLevel::of_plane(p, s, req, linear),
                None => return false,
            }
        };
        match l1 {
            Some(l) => l,
            None => return false,
        }
    };
    if cfg!(target_arch = "arm") && sel.delta == 0 {
        // A single level in one pass on Arm (its own copy of the taps: measured faster
        // than the shared second pass below).
        let output = Output::new(h, rgba);
        for (o, c) in out.iter_mut().zip(req.coords.iter()) {
            let (t0, f0) = l0.taps(c, linear, texels);
            filter_level_rgba8(&t0, f0, o);
            output.fix(o);
        }
        return true;
    }
    let output = Output::new(h, rgba);
    if !cfg!(target_arch = "riscv32") && sel.delta != 0 {
        // Two levels: the first level's shares of the four lanes (in `out`: its sums times
        // its level weight, [`level_share`]) with both levels' first-tap positions from one
        // decode of each coordinate ([`KernelAxis::fixed_pair`]), then the second level's
        // taps at the kept positions, its share added and converted ([`blend_share_rgba8`]).
        // Each pass holds one level's address constants; the sums are those of
        // [`filter_rgba8`].
        let (kx, ky) = (l0.ax.pair_k1(&l1.ax), l0.ay.pair_k1(&l1.ay));
        // Both levels' first-tap positions of every lane and axis ([`quad_positions`]).
        let (pos0, pos1) = quad_positions([(&l0.ax, &l1.ax, kx), (&l0.ay, &l1.ay, ky)], &req.coords);
        for (o, p) in out.iter_mut().zip(pos0.iter()) {
            let (t0, f0) = l0.taps_at(*p, linear, texels);
            *o = level_share(&t0, f0, sel.delta as u8);
        }
        for (o, p) in out.iter_mut().zip(pos1.iter()) {
            let (t1, f1) = l1.taps_at(*p, linear, texels);
            blend_share_rgba8(o, &t1, f1, sel.delta as u8);
        }
        // The output stage once per quad, and only where it changes something.
        if output.bgra || !output.identity {
            for o in out.iter_mut() {
                output.fix(o);
            }
        }
        return true;
    }
    // Level by level: the first level's shares of the four lanes (in `out`, [`level_share`]),
    // then, for a single level (`δ = 0`: the share is `256 · v0`), their conversion
    // ([`convert_share_rgba8`]), or the second level's taps of each lane, its share added
    // and converted ([`blend_share_rgba8`]). Each pass holds one level's constants (fewer
    // spills than both levels per lane); the sums are those of [`filter_rgba8`].
    for (o, c) in out.iter_mut().zip(req.coords.iter()) {
        let (t0, f0) = l0.taps(c, linear, texels);
        *o = level_share(&t0, f0, sel.delta as u8);
    }
    for (o, c) in out.iter_mut().zip(req.coords.iter()) {
        // (On Arm a single level has returned above.)
        if !cfg!(target_arch = "arm") && sel.delta == 0 {
            convert_share_rgba8(o);
        } else {
            let (t1, f1) = l1.taps(c, linear, texels);
            blend_share_rgba8(o, &t1, f1, sel.delta as u8);
        }
        output.fix(o);
    }
    true
}

/// The first-tap S.8 positions `(pos0, pos1)` of the quad `coords` on two levels, per lane
/// and axis: `units[a] = (first level's axis, next level's axis, `[`KernelAxis::pair_k1`]`)`
/// and [`KernelAxis::fixed_pair`] of lane `k`'s coordinate `a`. The lanes of a quad are
/// 0 (x, y), 1 (x + 1, y), 2 (x, y + 1), 3 (x + 1, y + 1): where lane 2 (3) has the x
/// coordinate of lane 0 (1), or lane 1 (3) the y coordinate of lane 0 (2) — a
/// screen-aligned quad, every lane sharing one axis with another —, the positions are
/// copied instead of decoded again (the unit is a pure function of the coordinate bits:
/// the same values).
#[inline(always)]
pub(super) fn quad_positions(
    units: [(&KernelAxis, &KernelAxis, i32); 2],
    coords: &[[u32; 4]; 4],
) -> ([[i32; 2]; 4], [[i32; 2]; 4]) {
    let [(ax0, ax1, kx), (ay0, ay1, ky)] = units;
    let (ux, uy) = (PairUnit::new(ax0, ax1, kx), PairUnit::new(ay0, ay1, ky));
    let [c0, c1, c2, c3] = coords;
    let x0 = ux.at(c0[0]);
    let x1 = ux.at(c1[0]);
    let x2 = if c2[0] == c0[0] { x0 } else { ux.at(c2[0]) };
    let x3 = if c3[0] == c1[0] { x1 } else { ux.at(c3[0]) };
    let y0 = uy.at(c0[1]);
    let y2 = uy.at(c2[1]);
    let y1 = if c1[1] == c0[1] { y0 } else { uy.at(c1[1]) };
    let y3 = if c3[1] == c2[1] { y2 } else { uy.at(c3[1]) };
    ([[x0.0, y0.0], [x1.0, y1.0], [x2.0, y2.0], [x3.0, y3.0]], [[x0.1, y0.1], [x1.1, y1.1], [x2.1, y2.1], [x3.1, y3.1]])
}

/// One axis of [`quad_positions`]: the first level's unit, the next level's, the shared
/// shift operand ([`KernelAxis::pair_k1`]) and the two units' offsets (what the common case
/// of [`KernelAxis::fixed_pair`] reads, held here by value: no load through the units).
struct PairUnit<'a> {
    units: (&'a KernelAxis, &'a KernelAxis),
    k1: i32,
    off: (i32, i32),
}

impl<'a> PairUnit<'a> {
    #[inline(always)]
    fn new(first: &'a KernelAxis, next: &'a KernelAxis, k1: i32) -> Self {
        PairUnit { units: (first, next), k1, off: (first.off, next.off) }
    }

    /// [`KernelAxis::fixed_pair`] of `s`. Inline in every lane (x86-64: 26 fewer
    /// instructions per trilinear sample), except on the Cortex-M, where the compiler keeps
    /// one out-of-line copy per axis (the core's flash budget).
    #[cfg_attr(not(target_arch = "arm"), inline(always))]
    fn at(&self, s: u32) -> (i32, i32) {
        KernelAxis::fixed_pair(self.units, self.off, self.k1, s)
    }
}

/// The first-tap S.8 positions ([`KernelAxis::fixed`] on the axes `ax`, `ay`) of the quad
/// `coords`, per lane and axis. As in [`quad_positions`], a coordinate equal (bit for bit) to
/// the one of the lane it shares an axis with in a screen-aligned quad (x: lanes 0 and 2, 1
/// and 3; y: lanes 0 and 1, 2 and 3) is not decoded again: the unit is a pure function of the
/// coordinate's bits, so the positions are the same. Out of line: one copy for the kernel's
/// callers (its registers are free of the kernel's constants).
#[inline(never)]
pub(super) fn quad_fixed(ax: &KernelAxis, ay: &KernelAxis, coords: &[[u32; 4]; 4]) -> [[i32; 2]; 4] {
    let [c0, c1, c2, c3] = coords;
    let x0 = ax.fixed(c0[0]);
    let x1 = ax.fixed(c1[0]);
    let x2 = if c2[0] == c0[0] { x0 } else { ax.fixed(c2[0]) };
    let x3 = if c3[0] == c1[0] { x1 } else { ax.fixed(c3[0]) };
    let y0 = ay.fixed(c0[1]);
    let y2 = ay.fixed(c2[1]);
    let y1 = if c1[1] == c0[1] { y0 } else { ay.fixed(c1[1]) };
    let y3 = if c3[1] == c2[1] { y2 } else { ay.fixed(c3[1]) };
    [[x0, y0], [x1, y1], [x2, y2], [x3, y3]]
}

/// Texel word `i` of aligned word memory (little-endian), 0 outside it (as
/// [`TexelMemory`] reads): one bounds-checked load, inline in the kernels.
#[inline(always)]
fn word(texels: &[u32], i: u32) -> Rgba8 {
    texels.get(i as usize).map_or(0, |t| u32::from_le(*t))
}

/// The output stage: stored byte order to R, G, B, A (filtering is per component, so the
/// B/R exchange of BGRA8 is done once on the result instead of on every tap), then the
/// view's swizzle.
#[derive(Clone, Copy)]
pub(super) struct Output {
    swizzle: Swizzle,
    bgra: bool,
    identity: bool,
}

/// The four swizzle sources as one word (one compare instead of four).
const fn swizzle_code(sw: Swizzle) -> u32 {
    u32::from_le_bytes([sw.0[0] as u8, sw.0[1] as u8, sw.0[2] as u8, sw.0[3] as u8])
}

impl Output {
    pub(super) fn new(h: &TextureHeader, rgba: bool) -> Output {
        Output { swizzle: h.swizzle, bgra: !rgba, identity: swizzle_code(h.swizzle) == swizzle_code(Swizzle::IDENTITY) }
    }

    #[inline(always)]
    fn apply(&self, w: [u32; 4], o: &mut [u32; 4]) {
        *o = w;
        self.fix(o);
    }

    /// Whether the stage only swaps the first and third components (`Some(true)`: BGRA8
    /// with the identity swizzle) or leaves them (`Some(false)`); `None` for a swizzle.
    #[inline(always)]
    pub(super) fn order_only(&self) -> Option<bool> {
        self.identity.then_some(self.bgra)
    }

    /// [`Output::apply`] in place.
    #[inline(always)]
    pub(super) fn fix(&self, o: &mut [u32; 4]) {
        if self.bgra {
            o.swap(0, 2);
        }
        if !self.identity {
            *o = swizzle(*o, self.swizzle, false);
        }
    }
}

/// The single-level kernel's level of an RGBA8 / BGRA8 2D texture ([`byte_order`]): level 0
/// of a single-layer pitch-linear texture viewed from level 0, with a 4-byte-aligned base
/// address and row pitch, as `(first texel's word index, row pitch in words)` — the plane
/// `Plane::level0(h)?.in_words()` without the general construction (a test checks they
/// agree). `None` elsewhere.
#[inline(always)]
pub(crate) fn kernel_level(h: &TextureHeader) -> Option<(u32, u32)> {
    let (w, hh) = (h.width, h.height);
    if h.base_level != 0
        || h.levels == 0
        || h.layout != Layout::PitchLinear
        || w == 0
        || hh == 0
        || (h.ty != TextureType::TwoD && h.depth != 1)
    {
        return None;
    }
    let pitch = if h.row_pitch != 0 { h.row_pitch } else { w.checked_mul(4)? };
    if (h.base_address | pitch) & 3 != 0 {
        return None;
    }
    // Every texel's bytes are addressable in 32 bits (as `Plane::level0` requires).
    let last = (hh - 1).checked_mul(pitch)?.checked_add((w - 1).checked_mul(4)?)?;
    h.base_address.checked_add(last)?.checked_add(3)?;
    Some((h.base_address / 4, pitch / 4))
}

/// Whether a texture that the single-level kernel takes ([`byte_order`] and
/// [`kernel_level`] both `Some`) passes [`TextureHeader::validate`]: for such a texture
/// (not sRGB, a 2D type, single-sample, pitch-linear, view from level 0 with at least one
/// level, non-zero width and height, a layered type with one layer) the remaining rules
/// are a depth of 1, width and height up to 2^16, a mip chain no longer than the largest
/// dimension allows (which also bounds the levels to 17), the quilt fields up to 31 (0 and
/// one level for 2D_NO_MIPMAP) and a row pitch of 0 or at least the row's bytes. A
/// property test checks the equivalence on every such header. It lets the per-call sampling
/// op run the kernel on an unvalidated view with the fewer tests of this form.
#[inline(always)]
pub(crate) fn kernel_valid(h: &TextureHeader) -> bool {
    let (w, hh) = (h.width, h.height);
    let quilt = h.quilt_width | h.quilt_height;
    // The size, depth and quilt rules as one word that is zero when they hold (width and
    // height ≥ 1 are the kernel's: a zero wraps to all ones here and fails as well).
    let quilt_bad = if h.ty == TextureType::TwoDNoMipmap { quilt | (h.levels ^ 1) } else { quilt >> 5 };
    let bad = (h.depth ^ 1) | ((w.wrapping_sub(1) | hh.wrapping_sub(1)) >> 16) | quilt_bad;
    // `w | hh` has the larger dimension's leading one: the same chain length.
    bad == 0 && !chain_too_short(w | hh, h.levels) && (h.row_pitch == 0 || h.row_pitch >= w * 4)
}

/// [`kernel_into`] of one quad on a view and sampler that have not been validated: `true`
/// (the quad written) where the sampler is LOD-free ([`lod_free`]) and validates, the view
/// passes [`kernel_valid`] and the kernel takes the quad — exactly where validating both
/// and running [`kernel_into`] gives `Some(1)`. `false` (nothing written) elsewhere; the
/// caller then validates and goes on as before.
#[inline(always)]
pub(super) fn kernel_unvalidated_into<M: TexelMemory + ?Sized>(
    h: &TextureHeader,
    s: &SamplerHeader,
    mem: &M,
    req: &SampleRequest,
    out: &mut [[u32; 4]; 4],
) -> bool {
    lod_free(s)
        && s.validate().is_ok()
        && kernel_valid(h)
        && kernel_into(h, s, mem, core::array::from_ref(req), core::array::from_mut(out)) == Some(1)
}

/// One axis of the single-level kernel: CLAMP_TO_EDGE (any size) or REPEAT on a power of
/// two.
///
/// The wrap works on the first tap only ([`KernelAxis::tap0`]): the tap index `i` wraps to
/// `min(max(i & mask, 0), size − 1)` (mask all ones for the clamp, `size − 1` for the
/// repeat), and the second tap is the next texel, `(x0 + 1) & mask`. Where the clamp acts
/// (`i < 0` or `i ≥ size − 1`) both taps of the exact filter are the same edge texel, so
/// the sum is that texel whatever the weight; the kernel then sets the weight to 0 and the
/// second tap, `x0 + 1`, gets no weight (its value, even a read outside the texture or the
/// memory, does not enter the sum: `c0·256 + c1·0`). A REPEAT index is always in range.
#[derive(Clone, Copy)]
pub(crate) struct KernelAxis {
    /// `141 − log2 size`: the coordinate shift is `k = k1 + 1 − exponent`
    /// ([`texel_fixed_pow2`]), kept minus one so that `k − 1`, the range test's operand, is
    /// one subtraction; very negative for other sizes (every coordinate takes
    /// [`texel_fixed_i32`]).
    k1: i32,
    /// CLAMP_TO_EDGE: `size − 1`, the last index whose next texel is inside the texture
    /// plus one; REPEAT: all ones (every masked index is in range).
    lim: u32,
    mask: u32,
    /// Texel offset × 256 ([`KernelAxis::offset`]), minus ½ texel (128) for LINEAR: the
    /// first tap's S.8 position.
    off: i32,
}

impl KernelAxis {
    /// `None` for the wrap modes the kernel does not run (the LOD-free form of
    /// [`with_lod`] takes them).
    #[inline(always)]
    pub(crate) fn new(size: u32, mode: WrapMode, linear: bool) -> Option<KernelAxis> {
        let last = size.checked_sub(1)?;
        // A power of two up to 2^16 ([`pow2_log2`] ≠ NOT_POW2): `k1 = 141 − log2 size =
        // 110 + clz(size)`; other sizes get `k1 = 141 − NOT_POW2`, which puts every
        // coordinate's shift out of range.
        let pow2 = size & last == 0 && size <= 1 << 16;
        let mask = match mode {
            WrapMode::ClampToEdge => u32::MAX,
            WrapMode::Repeat if pow2 => last,
            _ => return None,
        };
        let k1 = if pow2 { 110 + leading_zeros(size) as i32 } else { 141 - NOT_POW2 as i32 };
        let off = if linear { -128 } else { 0 };
        let lim = if mask == u32::MAX { last } else { u32::MAX };
        Some(KernelAxis { k1, lim, mask, off })
    }

    /// The axis with a texel offset added (−8 … 7 for the sampling ops, −32 … +31 for
    /// gather: the first tap's S.8 position stays within `±(2^30 + 2^14)`).
    #[inline(always)]
    pub(crate) fn offset(self, offset: i32) -> KernelAxis {
        KernelAxis { off: self.off + offset * 256, ..self }
    }

    /// The wrap mode and the size (the mask is all ones only for CLAMP_TO_EDGE: a REPEAT
    /// mask is `size − 1 < 2^16`).
    fn mode_size(&self) -> (WrapMode, u32) {
        if self.mask == u32::MAX {
            (WrapMode::ClampToEdge, self.lim + 1)
        } else {
            (WrapMode::Repeat, self.mask + 1)
        }
    }

    /// The S.8 position of the first tap: [`texel_fixed_pow2`] (a shift with RNE: the
    /// REPEAT period reduction is the index mask's job here) for shifts `k` of 1 to 23, else
    /// 0 (`k ≥ 32`: below 2^-9 texel) or [`texel_fixed_i32`]; plus [`KernelAxis::off`].
    #[inline(always)]
    pub(crate) fn fixed(&self, s: u32) -> i32 {
        let km1 = self.k1 - ((s >> 23) & 0xFF) as i32;
        let u = if (km1 as u32) < 23 {
            // RNE(mant / 2^k) with the significand top-aligned (`top`, bit 31 = the leading
            // one): the quotient and the dropped bits (top-aligned in `rem`).
            let km1 = km1 as u32;
            let top = (s << 8) | 0x8000_0000;
            let q = top >> (km1 + 9);
            let rem = top << (23 - km1);
            let q = (q + ((rem | (q & 1)) > 0x8000_0000) as u32) as i32;
            apply_sign(q, s)
        } else {
            self.fixed_rare(s, km1 + 1)
        };
        u + self.off
    }

    /// [`KernelAxis::fixed`] of every coordinate `s[l]` into `u[l]`, for the batch op's
    /// structure-of-arrays passes: the common case (`k − 1` in 0 ..= 22)
    /// of every lane without a branch, in one loop that LLVM vectorizes (the shifts wrap
    /// their operand and the sums wrap where the lane is not in the common case, and the
    /// value is replaced), then [`KernelAxis::fixed_rare`] for the lanes outside it. The
    /// same values as [`KernelAxis::fixed`] per lane (in the common case nothing wraps).
    #[inline(always)]
    pub(super) fn fixed_lanes<const N: usize>(&self, s: &[u32; N], u: &mut [i32; N]) {
        let mut rare = false;
        for (u, s) in u.iter_mut().zip(s) {
            let km1 = (self.k1 - ((s >> 23) & 0xFF) as i32) as u32;
            let top = (s << 8) | 0x8000_0000;
            let q = top.wrapping_shr(km1.wrapping_add(9));
            let rem = top.wrapping_shl(23u32.wrapping_sub(km1));
            let q = q.wrapping_add(((rem | (q & 1)) > 0x8000_0000) as u32) as i32;
            let m = (*s as i32) >> 31;
            *u = (q ^ m).wrapping_sub(m).wrapping_add(self.off);
            rare |= km1 >= 23;
        }
        if rare {
            for (u, s) in u.iter_mut().zip(s) {
                let km1 = self.k1 - ((s >> 23) & 0xFF) as i32;
                if km1 as u32 >= 23 {
                    *u = self.fixed_rare(*s, km1 + 1) + self.off;
                }
            }
        }
    }

    /// [`KernelAxis::tap0`] and [`KernelAxis::tap1`] of every position `u[l]` without a
    /// branch (the batch op's structure-of-arrays pass): the first and second taps' indices
    /// and the second's weight (NEAREST: the first twice, weight 0).
    #[inline(always)]
    pub(super) fn taps_lanes<const N: usize>(
        &self,
        u: &[i32; N],
        linear: bool,
        (i0, i1, w): (&mut [u32; N], &mut [u32; N], &mut [u32; N]),
    ) {
        for (((u, i0), i1), w) in u.iter().zip(i0.iter_mut()).zip(i1.iter_mut()).zip(w.iter_mut()) {
            (*i0, *i1, *w) = self.taps_lane(*u, linear);
        }
    }

    /// One lane of [`KernelAxis::taps_lanes`]: the taps' indices and the second's weight
    /// of the position `u`, without a branch.
    #[inline(always)]
    pub(super) fn taps_lane(&self, u: i32, linear: bool) -> (u32, u32, u32) {
        let m = ((u >> 8) & self.mask as i32) as u32;
        let inside = m < self.lim;
        let x0 = if inside {
            m
        } else if (m as i32) < 0 {
            0
        } else {
            self.lim
        };
        let x1 = if linear { (x0 + 1) & self.mask } else { x0 };
        (x0, x1, if inside && linear { u as u32 & 0xFF } else { 0 })
    }

    /// The shared shift operand of [`KernelAxis::fixed_pair`] for this axis and `next`, the
    /// same axis on the next level: this axis's `k1` where `next` is half its power-of-two
    /// size (`next.k1 = k1 + 1`; a power of two's `k1` is 110 … 141, another size's −114,
    /// so the equality holds for power-of-two pairs only), else a value that sends every
    /// coordinate to the separate units.
    #[inline(always)]
    pub(super) fn pair_k1(&self, next: &KernelAxis) -> i32 {
        if next.k1 == self.k1 + 1 {
            self.k1
        } else {
            i32::MIN / 2
        }
    }

    /// `(first.fixed(s), next.fixed(s))` with one decode of `s` (`k1` =
    /// `first.`[`pair_k1`](KernelAxis::pair_k1)`(next)`, `off = (first.off, next.off)`, as
    /// [`PairUnit`] holds them): where both shifts `k` and `k + 1` are in 1 ..= 23,
    /// both quotients are rounded to nearest even from one word `v`: the significand
    /// shifted right by `k − 2` (two bits more than the first level's quotient keeps), its
    /// last bit ORed with every bit shifted out (a sticky bit: below the half bit of both
    /// levels, it only tells whether anything was dropped). Then `RNE(v / 2^n) = (v + 2^(n−1)
    /// − 1 + ⌊v / 2^n⌋ mod 2) / 2^n` (integer division) with `n = 2` for the first level and
    /// `n = 3` for the next, the values [`KernelAxis::fixed`] gives (a property test compares;
    /// `v < 2^25`, no overflow); elsewhere the two units.
    #[inline(always)]
    fn fixed_pair((first, next): (&KernelAxis, &KernelAxis), off: (i32, i32), k1: i32, s: u32) -> (i32, i32) {
        let km1 = k1 - ((s >> 23) & 0xFF) as i32;
        if (km1 as u32) < 22 {
            let km1 = km1 as u32;
            let top = (s << 8) | 0x8000_0000;
            // `k − 2 = km1 − 1` bits of the significand's 24 dropped: `top >> (km1 + 7)`; the
            // bits below it are `top << (25 − km1)` (a shift of 4 … 25).
            let v = (top >> (km1 + 7)) | u32::from(top << (25 - km1) != 0);
            let r0 = ((v + 1 + ((v >> 2) & 1)) >> 2) as i32;
            let r1 = ((v + 3 + ((v >> 3) & 1)) >> 3) as i32;
            (apply_sign(r0, s) + off.0, apply_sign(r1, s) + off.1)
        } else {
            (first.fixed(s), next.fixed(s))
        }
    }

    /// [`KernelAxis::fixed`] before the offset for `k` outside 1 ..= 23: tiny, huge and
    /// special coordinates.
    #[cold]
    #[inline(never)]
    fn fixed_rare(&self, s: u32, k: i32) -> i32 {
        if k >= 32 {
            0
        } else {
            let (mode, size) = self.mode_size();
            texel_fixed_i32(s, size, mode)
        }
    }

    /// The first tap of the S.8 position `u`: its wrapped index `min(max(i & mask, 0),
    /// size − 1)` (`i = u >> 8`) and the weight of the second tap, `u mod 256`, or 0 where the
    /// clamp acts (see [`KernelAxis`]). One unsigned compare passes every REPEAT index and
    /// every CLAMP_TO_EDGE index with a next texel in the texture (a negative index is
    /// above `lim` as unsigned: sizes up to 2^31, and a kernel level's are at most 2^30,
    /// since [`kernel_level`] requires every texel's byte address to fit in 32 bits).
    #[inline(always)]
    pub(super) fn tap0(&self, u: i32) -> (u32, u8) {
        let m = ((u >> 8) & self.mask as i32) as u32;
        if m < self.lim {
            (m, u as u8)
        } else {
            self.edge(m)
        }
    }

    /// [`KernelAxis::tap0`] where the clamp acts (out of line: the common case is then one
    /// compare and a branch, where selects would compute both).
    #[cold]
    #[inline(never)]
    fn edge(&self, m: u32) -> (u32, u8) {
        if (m as i32) < 0 {
            (0, 0)
        } else {
            (self.lim, 0)
        }
    }

    /// Both tap indices of the S.8 position `u`, each wrapped on its own: `wrap(i)` and
    /// `wrap(i + 1)` for `i = u >> 8` ([`crate::wrap::wrap_i32`]), the footprint of gather,
    /// which reads both texels unweighted. Where the clamp acts (`i < 0` or `i ≥ size − 1`)
    /// both are the same edge texel; elsewhere the second is `(x0 + 1) & mask`.
    #[inline(always)]
    pub(crate) fn pair(&self, u: i32) -> (u32, u32) {
        let m = ((u >> 8) & self.mask as i32) as u32;
        if m < self.lim {
            (m, (m + 1) & self.mask)
        } else {
            let (e, _) = self.edge(m);
            (e, e)
        }
    }

    /// The second tap's index: the next texel, `(x0 + 1) & mask`.
    #[inline(always)]
    pub(super) fn tap1(&self, x0: u32) -> u32 {
        (x0 + 1) & self.mask
    }
}

/// The quads on one level, level 0 of a single-layer pitch-linear RGBA8 / BGRA8 texture
/// ([`byte_order`], [`kernel_level`]), with a LOD-free sampler (mip NONE, the same mag and
/// min filter, no anisotropy: the LOD unit's decision cannot matter) and CLAMP_TO_EDGE /
/// power-of-two REPEAT axes: the kernel of the common bilinear case. `None` (nothing
/// written) where it does not apply; else the quads `reqs` are sampled into `outs`
/// (pairwise) up to the first request with a texel offset outside −8 … 7, and the result
/// is their number. The texture and sampler constants are computed once for all the `N`
/// quads (one instance per `N` used: the sampling ops use `N = 1`). `texels`
/// is the memory as aligned little-endian 32-bit words (a 4-byte-aligned slice), so a tap
/// is one bounds-checked word load (outside the memory: zeros, as [`TexelMemory`] reads).
#[inline(never)]
fn single_level<const N: usize>(
    h: &TextureHeader,
    s: &SamplerHeader,
    texels: &[u32],
    reqs: &[SampleRequest; N],
    outs: &mut [[[u32; 4]; 4]; N],
) -> Option<usize> {
    // (The caller, [`kernel_into`], has tested the sampler; on RV32 the kernel tests it
    // again: without that test its loop measured 7.8 instructions more per bilinear sample.)
    #[cfg(not(target_arch = "riscv32"))]
    let k = Kernel::of_lod_free(h, s);
    #[cfg(target_arch = "riscv32")]
    let k = Kernel::new(h, s);
    Some(k?.run::<N, true>(texels, reqs, outs))
}

/// The texture and sampler constants of the single-level kernel ([`single_level`]): the
/// level's word base and pitch, the two axis units, the filter and the output stage.
/// [`Kernel::new`] is `None` exactly where [`single_level`] does not apply to the texture
/// and sampler.
#[derive(Clone, Copy)]
pub(super) struct Kernel {
    pub(super) base: u32,
    pub(super) pitch: u32,
    pub(super) linear: bool,
    pub(super) ax: KernelAxis,
    pub(super) ay: KernelAxis,
    pub(super) output: Output,
}

impl Kernel {
    /// The constants, or `None` where the kernel does not apply (see [`single_level`]).
    #[inline(always)]
    pub(super) fn new(h: &TextureHeader, s: &SamplerHeader) -> Option<Kernel> {
        let rgba = byte_order(h)?;
        if s.mip_filter != MipFilter::None || s.mag_filter != s.min_filter || s.max_anisotropy_log2 != 0 {
            return None;
        }
        let (base, pitch) = kernel_level(h)?;
        let linear = s.mag_filter == Filter::Linear;
        let ax = KernelAxis::new(h.width, s.wrap[0], linear)?;
        let ay = KernelAxis::new(h.height, s.wrap[1], linear)?;
        Some(Kernel { base, pitch, linear, ax, ay, output: Output::new(h, rgba) })
    }

    /// [`Kernel::new`] of a sampler its caller has found [`lod_free`], without repeating that
    /// test. (Not on RV32, where the single-level kernel keeps [`Kernel::new`]: see
    /// [`single_level`].)
    #[cfg(not(target_arch = "riscv32"))]
    #[inline(always)]
    fn of_lod_free(h: &TextureHeader, s: &SamplerHeader) -> Option<Kernel> {
        let rgba = byte_order(h)?;
        let (base, pitch) = kernel_level(h)?;
        let linear = s.mag_filter == Filter::Linear;
        let ax = KernelAxis::new(h.width, s.wrap[0], linear)?;
        let ay = KernelAxis::new(h.height, s.wrap[1], linear)?;
        Some(Kernel { base, pitch, linear, ax, ay, output: Output::new(h, rgba) })
    }

    /// The quads `reqs` into `outs` (pairwise) up to the first request with a texel offset
    /// outside −8 … 7; returns their number. Inline in each caller (an out-of-line loop
    /// costs its caller the constants' trip through memory: measured +21 instructions per
    /// sample on RV32).
    #[inline(always)]
    pub(super) fn run<const N: usize, const UNROLL: bool>(
        &self,
        texels: &[u32],
        reqs: &[SampleRequest; N],
        outs: &mut [[[u32; 4]; 4]; N],
    ) -> usize {
        let Kernel { base, pitch, linear, ax, ay, output } = *self;
        let read = |i: u32| texels.get(i as usize).map_or(0, |t| u32::from_le(*t));
        let mut n = 0;
        for (req, out) in reqs.iter().zip(outs.iter_mut()) {
            let o = req.offset;
            if !offsets_in_range(&o) {
                break;
            }
            let (ax, ay) = (ax.offset(o[0]), ay.offset(o[1]));
            // The lanes' first-tap positions: on RV32 per lane, inline (the core's flash
            // budget); elsewhere from one out-of-line pass over the quad ([`quad_fixed`]: a
            // coordinate shared with a neighbour lane is decoded once).
            // One lane: its taps from the first-tap positions `u`, `v`, filtered and converted into
            // `o` (a macro, not a function: the loop body inline, as measured fastest).
            macro_rules! lane {
                ($o:expr, $u:expr, $v:expr) => {{
                    let ((x0, a), (y0, b)) = (ax.tap0($u), ay.tap0($v));
                    let r0 = base + y0 * pitch;
                    if linear {
                        let x1 = ax.tap1(x0);
                        let r1 = base + ay.tap1(y0) * pitch;
                        let taps = [read(r0 + x0), read(r0 + x1), read(r1 + x0), read(r1 + x1)];
                        filter_lane(&taps, a, b, $o);
                    } else {
                        filter_level_rgba8(&[read(r0 + x0); 4], [0, 0], $o);
                    }
                }};
            }
            #[cfg(target_arch = "riscv32")]
            for (o, c) in out.iter_mut().zip(req.coords.iter()) {
                lane!(o, ax.fixed(c[0]), ay.fixed(c[1]));
            }
            #[cfg(not(target_arch = "riscv32"))]
            {
                let pos = quad_fixed(&ax, &ay, &req.coords);
                // The filter test once per quad on Arm (one lane loop per filter).
                if cfg!(target_arch = "arm") && linear && UNROLL {
                    // The four lanes written out (no loop counter, constant offsets).
                    macro_rules! linear_lane {
                        ($i:expr) => {{
                            let ((x0, a), (y0, b)) = (ax.tap0(pos[$i][0]), ay.tap0(pos[$i][1]));
                            let (r0, r1) = (base + y0 * pitch, base + ay.tap1(y0) * pitch);
                            let x1 = ax.tap1(x0);
                            let taps = [read(r0 + x0), read(r0 + x1), read(r1 + x0), read(r1 + x1)];
                            filter_lane(&taps, a, b, &mut out[$i]);
                        }};
                    }
                    linear_lane!(0);
                    linear_lane!(1);
                    linear_lane!(2);
                    linear_lane!(3);
                } else if cfg!(target_arch = "arm") && linear {
                    for (o, p) in out.iter_mut().zip(pos.iter()) {
                        let ((x0, a), (y0, b)) = (ax.tap0(p[0]), ay.tap0(p[1]));
                        let (r0, r1) = (base + y0 * pitch, base + ay.tap1(y0) * pitch);
                        let x1 = ax.tap1(x0);
                        filter_lane(&[read(r0 + x0), read(r0 + x1), read(r1 + x0), read(r1 + x1)], a, b, o);
                    }
                } else {
                    for (o, p) in out.iter_mut().zip(pos.iter()) {
                        lane!(o, p[0], p[1]);
                    }
                }
            }
            // The output stage once per quad, and only where it changes something.
            if output.bgra || !output.identity {
                for o in out.iter_mut() {
                    output.fix(o);
                }
            }
            n += 1;
        }
        n
    }
}

/// One quad through the prepared kernel `k` on `mem`: `true` (the quad written) where
/// [`kernel_into`] on the texture and sampler `k` was made from returns `Some(1)`, `false`
/// (nothing written) where it returns anything else. For the sampling ops with descriptors
/// bound once ([`super::SampleBinding`]).
#[inline(never)]
pub(super) fn kernel_run_into<M: TexelMemory + ?Sized>(
    k: &Kernel,
    mem: &M,
    req: &SampleRequest,
    out: &mut [[u32; 4]; 4],
) -> bool {
    match mem.as_bytes().map(bytemuck::pod_align_to::<u8, u32>) {
        Some(([], texels, _)) => k.run::<1, false>(texels, core::array::from_ref(req), core::array::from_mut(out)) == 1,
        _ => false,
    }
}

/// The quads of a warp through the single-level kernel: its texture and sampler constants
/// once ([`Kernel::new`]), then each quad through [`kernel_run_into`], the bound form's
/// one-quad kernel (no kernel instance of its own). Returns the number of quads written:
/// 0 where the kernel does not apply, else the quads up to the first one it does not take
/// (a texel offset outside −8 … 7, or memory that is not a 4-byte-aligned slice) — the
/// same quads and results as [`kernel_into`] on the warp, `unwrap_or(0)`.
pub(super) fn kernel_warp_into<M: TexelMemory + ?Sized>(
    h: &TextureHeader,
    s: &SamplerHeader,
    mem: &M,
    reqs: &[SampleRequest],
    outs: &mut [[[u32; 4]; 4]],
) -> usize {
    let Some(k) = Kernel::new(h, s) else { return 0 };
    let mut n = 0;
    for (r, o) in reqs.iter().zip(outs.iter_mut()) {
        if !kernel_run_into(&k, mem, r, o) {
            break;
        }
        n += 1;
    }
    n
}

/// `q` with the sign of the binary32 `s` (`|q| ≤ 2^24`), in the cheaper of two equal forms
/// for the target: on Arm `(q ^ m) − m` with the sign mask `m` (two data instructions, one
/// register fewer than the conditional negate LLVM otherwise emits; measured −2 per sample),
/// elsewhere the plain negation (+4 per sample on RV32 with the mask form). A test checks
/// both forms agree.
#[inline(always)]
fn apply_sign(q: i32, s: u32) -> i32 {
    if cfg!(target_arch = "arm") {
        apply_sign_mask(q, s)
    } else if (s as i32) < 0 {
        -q
    } else {
        q
    }
}

/// [`apply_sign`]'s mask form.
#[inline(always)]
fn apply_sign_mask(q: i32, s: u32) -> i32 {
    let m = (s as i32) >> 31;
    (q ^ m) - m
}

/// The kernel's filter and conversion of one lane: [`filter_level_rgba8`], out of line on
/// Arm (its fresh registers hold the filter's sums, the kernel's keep the address units:
/// fewer spills on both sides than one inlined body), inline elsewhere.
#[cfg_attr(target_arch = "arm", inline(never))]
#[cfg_attr(not(target_arch = "arm"), inline(always))]
fn filter_lane(t: &[Rgba8; 4], a: u8, b: u8, out: &mut [u32; 4]) {
    filter_level_rgba8_w(t, a, b, out);
}

/// Component codes (0 … 255) packed as [`Rgba8`].
fn pack(c: [i64; 4]) -> Rgba8 {
    c.iter().rev().fold(0, |w, v| w << 8 | v.clamp(&0, &255).unsigned_abs() as u32)
}

#[cfg(test)]
pub(super) mod tests {
    #![allow(clippy::unwrap_used)]
    extern crate std;
    use super::super::{sample_quad_general, SampleRequest};
    use super::*;
    use crate::descriptor::{Layout, MsMode, SwizzleSource};
    use crate::lod::LodSource;
    use fixed::types::{I8F8, U8F8};
    use proptest::prelude::*;

    const F32S: [u32; 12] = [
        0x0000_0000,
        0x8000_0000,
        0x3F80_0000,
        0xBF80_0000,
        0x3F00_0000,
        0x7F80_0000,
        0xFF80_0000,
        0x7FC0_0000,
        0x4B80_0000,
        0x7F7F_FFFF,
        0x3E80_0001,
        0x0000_0001,
    ];

    /// A binary32 coordinate: mostly in [−2, 3], sometimes special or huge.
    pub(in crate::op::sample) fn coord() -> impl Strategy<Value = u32> {
        prop_oneof![
            8 => (-2_000_000i32..3_000_000).prop_map(|v| crate::fp::ratio_to_f32_bits(i64::from(v), 1_000_000, 0)),
            1 => (0usize..F32S.len()).prop_map(|i| F32S[i]),
            1 => any::<u32>(),
        ]
    }

    pub(in crate::op::sample) fn header() -> impl Strategy<Value = TextureHeader> {
        (
            0usize..3,
            any::<bool>(),
            prop_oneof![1u32..20, (0u32..7).prop_map(|k| 1 << k)],
            prop_oneof![1u32..20, (0u32..7).prop_map(|k| 1 << k)],
            1u32..4,
            0u32..7,
            0u32..3,
            any::<bool>(),
            0u32..64,
            any::<[u8; 4]>(),
        )
            .prop_map(|(ty, bgra, w, hh, d, levels, base, tiled, addr, sw)| {
                let ty = [TextureType::TwoD, TextureType::TwoDNoMipmap, TextureType::TwoDArray][ty];
                let f = if bgra { Format::BGRA8_UNORM } else { Format::RGBA8_UNORM };
                let mut h = TextureHeader::new(ty, f, w, hh, d, levels);
                h.base_level = base;
                h.base_address = addr * 4 + u32::from(addr % 7 == 0) * (addr % 3);
                h.layout = if tiled { Layout::Tiled4x4 } else { Layout::PitchLinear };
                let src = [
                    SwizzleSource::R,
                    SwizzleSource::G,
                    SwizzleSource::B,
                    SwizzleSource::A,
                    SwizzleSource::Zero,
                    SwizzleSource::One,
                ];
                h.swizzle = Swizzle(sw.map(|v| src[usize::from(v % 6)]));
                h
            })
    }

    pub(in crate::op::sample) fn sampler() -> impl Strategy<Value = SamplerHeader> {
        (any::<[u8; 3]>(), any::<[bool; 2]>(), 0u8..3, 0u8..5, any::<i16>(), any::<[u16; 2]>(), any::<[u32; 4]>())
            .prop_map(|(wrap, f, mip, an, bias, lod, border)| {
                let filt = |b: bool| if b { Filter::Linear } else { Filter::Nearest };
                SamplerHeader {
                    wrap: wrap.map(|m| WrapMode::ALL[usize::from(m % 5)]),
                    mag_filter: filt(f[0]),
                    min_filter: filt(f[1]),
                    mip_filter: [MipFilter::None, MipFilter::Nearest, MipFilter::Linear][usize::from(mip)],
                    max_anisotropy_log2: an,
                    lod_bias: I8F8::from_bits(bias / 8),
                    min_lod: U8F8::from_bits(lod[0] % 2048),
                    max_lod: U8F8::from_bits(lod[1] % 4096),
                    border_color: border,
                    ..SamplerHeader::default()
                }
            })
    }

    pub(in crate::op::sample) fn request() -> impl Strategy<Value = SampleRequest> {
        let lane = || [coord(), coord(), coord(), coord()];
        (
            [lane(), lane(), lane(), lane()],
            0u8..3,
            coord(),
            proptest::option::weighted(0.2, any::<[[[u8; 3]; 2]; 4]>()),
            [-8i32..8, -8i32..8, -8i32..8],
            any::<bool>(),
        )
            .prop_map(|(coords, lod, l, grads, offset, implicit_quad)| {
                let mut coords = coords;
                if implicit_quad {
                    // A real quad: small steps from lane 0 so the LOD is meaningful.
                    let step = |c: u32, k: u32| crate::fp::ratio_to_f32_bits(i64::from(c & 0xFFFF), 65_536, k);
                    let [s, t] = [coords[0][0], coords[0][1]];
                    coords[1][0] = step(s, 4);
                    coords[2][1] = step(t, 4);
                    coords[3] = [coords[1][0], coords[2][1], 0, coords[0][3]];
                    coords[1][1] = t;
                    coords[2][0] = s;
                }
                SampleRequest {
                    coords,
                    lod: match lod {
                        0 => LodSource::Derivatives { bias: l },
                        1 => LodSource::Explicit(l),
                        _ => LodSource::Zero,
                    },
                    grads: grads.map(|g| {
                        g.map(|d| d.map(|a| a.map(|v| crate::fp::ratio_to_f32_bits(i64::from(v) - 128, 64, 0))))
                    }),
                    offset,
                }
            })
    }

    static FAST: core::sync::atomic::AtomicU32 = core::sync::atomic::AtomicU32::new(0);
    static TOTAL: core::sync::atomic::AtomicU32 = core::sync::atomic::AtomicU32::new(0);
    static KERNEL: core::sync::atomic::AtomicU32 = core::sync::atomic::AtomicU32::new(0);

    proptest! {
        #![proptest_config(ProptestConfig { cases: 20_000, ..ProptestConfig::default() })]

        /// The fast path is bit-identical to the general path wherever it applies (and the
        /// generated cases do reach it: see `fast_path_is_taken`).
        #[test]
        fn fast_path_matches_general(h in header(), s in sampler(), req in request(), mem_len in 0usize..8192, seed in any::<u32>()) {
            let all: std::vec::Vec<u8> = (0..mem_len as u32 + 3).map(|i| (i.wrapping_mul(2_654_435_761) ^ seed).wrapping_shr(13) as u8).collect();
            // A 4-byte-aligned slice (the word-read kernel) or, for one seed in four, a
            // misaligned one (the byte-read path).
            let skip = if seed % 4 == 0 { 1 + (seed >> 2) as usize % 3 } else { 0 };
            let mem = &all[skip..skip + mem_len];
            // Each case also runs LOD-free on level 0 (the single-level kernel).
            let s0 = SamplerHeader { mip_filter: MipFilter::None, min_filter: s.mag_filter, max_anisotropy_log2: 0, ..s };
            let h0 = TextureHeader { base_level: 0, ..h };
            for (h, s) in [(h, s), (h0, s0)] {
                let mip = s.mip_filter;
                if let Some(fast) = quad(&h, &s, mem, &req, mip) {
                    let general = sample_quad_general(&h, &s, mem, &req, None, mip, true).unwrap();
                    prop_assert_eq!(fast, general);
                    FAST.fetch_add(1, core::sync::atomic::Ordering::Relaxed);
                    let mut k = [[0; 4]; 4];
                    if kernel_into(&h, &s, mem, core::array::from_ref(&req), core::array::from_mut(&mut k)) == Some(1) {
                        prop_assert_eq!(k, general);
                        KERNEL.fetch_add(1, core::sync::atomic::Ordering::Relaxed);
                    }
                }
            }
            TOTAL.fetch_add(1, core::sync::atomic::Ordering::Relaxed);
            let (f, t) = (FAST.load(core::sync::atomic::Ordering::Relaxed), TOTAL.load(core::sync::atomic::Ordering::Relaxed));
            let k = KERNEL.load(core::sync::atomic::Ordering::Relaxed);
            // The generated cases must mostly reach the fast path (the kernel is covered by
            // `kernel_matches_general`, with its own generator).
            prop_assert!(t < 1000 || (f > t && k > 0), "fast path taken {} / {}, kernel {}", f, t, k);
        }
    }

    static LEVELS_TAKEN: core::sync::atomic::AtomicU32 = core::sync::atomic::AtomicU32::new(0);
    static LEVELS_TOTAL: core::sync::atomic::AtomicU32 = core::sync::atomic::AtomicU32::new(0);
    static ISO_TAKEN: core::sync::atomic::AtomicU32 = core::sync::atomic::AtomicU32::new(0);

    proptest! {
        #![proptest_config(ProptestConfig { cases: 20_000, ..ProptestConfig::default() })]

        /// The level kernel (one LOD decision per quad, one or two levels) is bit-identical
        /// to the general path: headers with mip chains and base levels, pitch-linear
        /// aligned planes, CLAMP_TO_EDGE / REPEAT, every mip filter, LOD bias and clamps,
        /// implicit quads of every footprint, memory shorter than the texture; through the
        /// op's own dispatch (`quad`) and directly.
        #[test]
        fn levels_kernel_matches_general(
            h in header(),
            s in sampler(),
            wrap in any::<[bool; 2]>(),
            req in request(),
            step in any::<[u16; 2]>(),
            mem_len in prop_oneof![0usize..256, 0usize..24_000],
            seed in any::<u32>(),
        ) {
            let all: std::vec::Vec<u8> = (0..mem_len as u32).map(|i| (i.wrapping_mul(2_654_435_761) ^ seed).wrapping_shr(13) as u8).collect();
            let mut h = TextureHeader { layout: Layout::PitchLinear, ..h };
            h.base_address &= !3;
            if h.ty == TextureType::TwoDArray {
                h.ty = TextureType::TwoD;
                h.depth = 1;
            }
            let mut s = SamplerHeader { max_anisotropy_log2: 0, ..s };
            s.wrap[0] = if wrap[0] { WrapMode::Repeat } else { WrapMode::ClampToEdge };
            s.wrap[1] = if wrap[1] { WrapMode::Repeat } else { WrapMode::ClampToEdge };
            // An implicit quad whose footprint spans 1/64 to 64 texels of the base level.
            let mut req = SampleRequest { grads: None, ..req };
            let ratio = |v: u32, k: u32| crate::fp::ratio_to_f32_bits(i64::from(v), 1 << 16, k);
            let [s0, t0] = [req.coords[0][0] & 0xFFFF, req.coords[0][1] & 0xFFFF];
            let (ds, dt) = (u32::from(step[0] >> 4), u32::from(step[1] >> 4));
            let k = u32::from(step[0] & 15);
            req.coords = [
                [ratio(s0, 0), ratio(t0, 0), 0, 0],
                [ratio(s0 * 64 + ds, 6 + k), ratio(t0, 0), 0, 0],
                [ratio(s0, 0), ratio(t0 * 64 + dt, 6 + k), 0, 0],
                [ratio(s0 * 64 + ds, 6 + k), ratio(t0 * 64 + dt, 6 + k), 0, 0],
            ];
            let general = sample_quad_general(&h, &s, &all[..], &req, None, s.mip_filter, true).unwrap();
            if let Some(fast) = quad(&h, &s, &all[..], &req, s.mip_filter) {
                prop_assert_eq!(fast, general);
            }
            // The op entry's direct route to the level kernel.
            let mut d = [[0; 4]; 4];
            if iso_levels_into(&h, &s, &all[..], &req, &mut d) {
                prop_assert_eq!(d, general);
                ISO_TAKEN.fetch_add(1, core::sync::atomic::Ordering::Relaxed);
            }
            if offsets_in_range(&req.offset) && byte_order(&h).is_some() {
                let sel = lane_lod(&h, &s, &req, 0, s.mip_filter, true).sel;
                if let ([], texels, _) = bytemuck::pod_align_to::<u8, u32>(&all[..]) {
                    let mut k = [[0; 4]; 4];
                    if levels_kernel(&h, &s, texels, &req, &sel, byte_order(&h).unwrap(), &mut k) {
                        prop_assert_eq!(k, general);
                        LEVELS_TAKEN.fetch_add(1, core::sync::atomic::Ordering::Relaxed);
                    }
                }
            }
            let t = LEVELS_TOTAL.fetch_add(1, core::sync::atomic::Ordering::Relaxed) + 1;
            let n = LEVELS_TAKEN.load(core::sync::atomic::Ordering::Relaxed);
            let iso = ISO_TAKEN.load(core::sync::atomic::Ordering::Relaxed);
            prop_assert!(t < 1000 || (n > t / 4 && iso > t / 8), "level kernel taken {} / {}, directly {}", n, t, iso);
        }
    }

    static KERNEL_ONLY: core::sync::atomic::AtomicU32 = core::sync::atomic::AtomicU32::new(0);
    static KERNEL_TOTAL: core::sync::atomic::AtomicU32 = core::sync::atomic::AtomicU32::new(0);

    proptest! {
        #![proptest_config(ProptestConfig { cases: 20_000, ..ProptestConfig::default() })]

        /// The single-level kernel is bit-identical to the general path on the requests it
        /// takes: headers, samplers and memory drawn from its domain (CLAMP_TO_EDGE or
        /// REPEAT, level 0, LOD-free, aligned words) with coordinates at and around the
        /// texture's edges, memory shorter than the texture, and a few cases outside the
        /// domain (which it must refuse).
        #[test]
        fn kernel_matches_general(
            h in header(),
            wrap in any::<[bool; 3]>(),
            lin in any::<bool>(),
            other in 0u8..20,
            req in request(),
            edges in any::<[[i16; 2]; 4]>(),
            mem_len in prop_oneof![0usize..64, 0usize..8192],
            seed in any::<u32>(),
        ) {
            let all: std::vec::Vec<u8> = (0..mem_len as u32).map(|i| (i.wrapping_mul(2_654_435_761) ^ seed).wrapping_shr(13) as u8).collect();
            let mut h = TextureHeader { base_level: 0, layout: Layout::PitchLinear, ..h };
            h.base_address &= !3;
            if h.ty == TextureType::TwoDArray {
                h.depth = 1;
            }
            let filt = if lin { Filter::Linear } else { Filter::Nearest };
            let mut s = SamplerHeader {
                wrap: wrap.map(|r| if r { WrapMode::Repeat } else { WrapMode::ClampToEdge }),
                mag_filter: filt,
                min_filter: filt,
                ..SamplerHeader::default()
            };
            // One case in twenty outside the kernel's domain.
            match other {
                0 => s.wrap[0] = WrapMode::ClampToBorder,
                1 => s.mip_filter = MipFilter::Linear,
                2 => h.base_address |= 1,
                _ => {}
            }
            // Coordinates within a few texels of the edges (in 1/256 texel steps).
            let mut req = req;
            for (lane, e) in edges.iter().enumerate() {
                if e[0] % 3 != 0 {
                    for (axis, size) in [(0, h.width), (1, h.height)] {
                        let near = i64::from(e[axis] % 2048) + if e[axis] & 1 == 0 { 0 } else { i64::from(size) * 256 };
                        req.coords[lane][axis] = crate::fp::ratio_to_f32_bits(near, u64::from(size.max(1)) * 256, 0);
                    }
                }
            }
            let mut k = [[0; 4]; 4];
            if kernel_into(&h, &s, &all[..], core::array::from_ref(&req), core::array::from_mut(&mut k)) == Some(1) {
                let general = sample_quad_general(&h, &s, &all[..], &req, None, s.mip_filter, true).unwrap();
                prop_assert_eq!(k, general);
                prop_assert!(other > 2, "the kernel took a request outside its domain");
                KERNEL_ONLY.fetch_add(1, core::sync::atomic::Ordering::Relaxed);
            }
            let t = KERNEL_TOTAL.fetch_add(1, core::sync::atomic::Ordering::Relaxed) + 1;
            let n = KERNEL_ONLY.load(core::sync::atomic::Ordering::Relaxed);
            // Many generated cases must reach the kernel (REPEAT on other sizes, bad
            // offsets and the refused cases do not): about 37 % do, and a bound of a quarter
            // leaves the count's chance scatter far above it from the thousandth case on.
            prop_assert!(t < 1000 || n > t / 4, "kernel taken {} / {}", n, t);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 3_000, ..ProptestConfig::default() })]

        /// The warp form equals a quad-by-quad loop of `sample_quad_into`, with and without
        /// its warp-wide kernel: results, zeros and the first error's index, for warps with
        /// texel offsets out of range in some quads, invalid views, other formats and
        /// samplers outside the kernel.
        #[test]
        fn warp_matches_quads(
            h in header(),
            s in sampler(),
            reqs in proptest::array::uniform8(request()),
            bad in any::<[u8; 8]>(),
            kernel_sampler in any::<bool>(),
            invalid in 0u8..16,
            mem_len in 0usize..4096,
        ) {
            let mem: std::vec::Vec<u8> = (0..mem_len as u32).map(|i| (i.wrapping_mul(2_654_435_761)).wrapping_shr(11) as u8).collect();
            let h = TextureHeader { base_level: 0, base_address: h.base_address & !3, ..h };
            let s = if kernel_sampler {
                SamplerHeader { mip_filter: MipFilter::None, min_filter: s.mag_filter, max_anisotropy_log2: 0, wrap: [WrapMode::ClampToEdge, WrapMode::Repeat, WrapMode::Repeat], ..s }
            } else {
                s
            };
            let mut reqs = reqs;
            for (r, b) in reqs.iter_mut().zip(bad) {
                if b < 40 {
                    r.offset[usize::from(b % 3)] = if b & 1 == 0 { 8 } else { -9 };
                }
            }
            let view = if invalid == 0 { Err(crate::handle::Invalid::HeaderAboveMaximum(1)) } else { Ok(&h) };
            let mut want = [[[7u32; 4]; 4]; 8];
            let mut first = Ok(());
            for (i, (r, o)) in reqs.iter().zip(want.iter_mut()).enumerate() {
                if let (Err(e), true) = (super::super::sample_quad_into(view, Ok(&s), &mem[..], r, o), first.is_ok()) {
                    first = Err((i, e));
                }
            }
            for kernel in [false, true] {
                let mut got = [[[9u32; 4]; 4]; 8];
                let r = super::super::warp_into(view, Ok(&s), &mem[..], &reqs, &mut got, kernel);
                prop_assert_eq!(r, first);
                prop_assert_eq!(got, want);
            }
        }
    }

    static BINDING_TOTAL: core::sync::atomic::AtomicU32 = core::sync::atomic::AtomicU32::new(0);
    static BINDING_KERNEL: core::sync::atomic::AtomicU32 = core::sync::atomic::AtomicU32::new(0);

    proptest! {
        #![proptest_config(ProptestConfig { cases: 3_000, ..ProptestConfig::default() })]

        /// A quad through a `SampleBinding` (with and without the kernel constants) equals
        /// `sample_quad_into` on the same view, sampler, memory and request: results, zeros
        /// and errors, for kernel and other samplers (trilinear included), texel offsets out
        /// of range, invalid and hand-built out-of-rule views and samplers, and unaligned
        /// memory.
        #[test]
        fn binding_matches_quad(
            h in header(),
            s in sampler(),
            req in request(),
            bad in any::<u8>(),
            kernel_sampler in any::<bool>(),
            invalid in 0u8..24,
            mem_len in 0usize..4096,
            skew in 0usize..4,
            fit in any::<bool>(),
        ) {
            let mem: std::vec::Vec<u8> = (0..(mem_len + 4) as u32).map(|i| (i.wrapping_mul(2_654_435_761)).wrapping_shr(11) as u8).collect();
            // `skew` 1 ..= 3 may leave the slice unaligned (the word form then does not apply).
            let mem = &mem[skew..skew + mem_len];
            let mut h = TextureHeader { base_level: 0, base_address: h.base_address & !3, ..h };
            if fit {
                // A valid single-layer pitch-linear header (the kernel's domain with the
                // kernel sampler) half of the time.
                h = TextureHeader { depth: 1, levels: 1, layout: Layout::PitchLinear, ..h };
            }
            let mut s = if kernel_sampler {
                SamplerHeader { mip_filter: MipFilter::None, min_filter: s.mag_filter, max_anisotropy_log2: 0, wrap: [WrapMode::ClampToEdge, WrapMode::Repeat, WrapMode::Repeat], ..s }
            } else {
                s
            };
            let mut req = req;
            if bad < 40 {
                req.offset[usize::from(bad % 3)] = if bad & 1 == 0 { 8 } else { -9 };
            }
            // Headers and samplers that do not validate, next to the kernel's domain.
            match invalid {
                1 => h.levels = 18,
                2 => h.depth = 2,
                3 => h.width = 65_537,
                4 => h.quilt_width = 32,
                5 => h.row_pitch = h.width.saturating_mul(4).saturating_sub(4),
                6 => s.max_anisotropy_log2 = 5,
                7 => s.lod_bias = I8F8::from_bits(0x7FFF),
                _ => {}
            }
            let view = if invalid == 0 { Err(crate::handle::Invalid::HeaderAboveMaximum(1)) } else { Ok(&h) };
            let sampler = if invalid == 8 { Err(crate::handle::Invalid::HeaderAboveMaximum(2)) } else { Ok(&s) };
            let mut want = [[7u32; 4]; 4];
            let rw = super::super::sample_quad_into(view, sampler, mem, &req, &mut want);
            let b = super::super::SampleBinding::with(view, sampler, true);
            let plain = super::super::SampleBinding::with(view, sampler, false);
            let t = BINDING_TOTAL.fetch_add(1, core::sync::atomic::Ordering::Relaxed) + 1;
            let n = BINDING_KERNEL.fetch_add(u32::from(b.kernel.is_some()), core::sync::atomic::Ordering::Relaxed);
            // Many generated cases must reach the prepared kernel.
            prop_assert!(t < 1000 || n > t / 20, "kernel prepared {} / {}", n, t);
            for _ in 0..2 {
                let mut got = [[9u32; 4]; 4];
                let r = b.quad_into(mem, &req, &mut got, true);
                prop_assert_eq!(r, rw);
                prop_assert_eq!(got, want);
                let mut got = [[5u32; 4]; 4];
                let r = plain.quad_into(mem, &req, &mut got, false);
                prop_assert_eq!(r, rw);
                prop_assert_eq!(got, want);
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 20_000, ..ProptestConfig::default() })]

        /// The kernel's coordinate unit equals the 32-bit coordinate unit on CLAMP_TO_EDGE
        /// (every size) and selects the same REPEAT texel and weight, for every exponent.
        #[test]
        fn kernel_axis_coordinate_matches(
            s in prop_oneof![any::<u32>(), coord()], log2 in 0u32..=17, odd in 1u32..1000, repeat in any::<bool>(),
        ) {
            let size = if log2 == 17 { odd } else { 1 << log2 };
            let mode = if repeat { WrapMode::Repeat } else { WrapMode::ClampToEdge };
            if let Some(a) = KernelAxis::new(size, mode, false) {
                let general = texel_fixed_i32(s, size, mode);
                let fast = a.fixed(s);
                if repeat {
                    prop_assert_eq!(fast & 255, general & 255);
                    prop_assert_eq!(a.tap0(fast).0, a.tap0(general).0);
                } else {
                    prop_assert_eq!(fast, general);
                }
            }
        }

        /// The two-level coordinate decode equals each level's own unit: power-of-two
        /// pairs of every size (half the size, or the same size at level ends), other sizes,
        /// both wrap modes, texel offsets, every coordinate.
        #[test]
        fn kernel_axis_fixed_pair_matches(
            s in prop_oneof![any::<u32>(), coord()], log2 in 0u32..=17, odd in 1u32..1000, repeat in any::<[bool; 2]>(),
            lin in any::<bool>(), off in -8i32..8, same in any::<bool>(),
        ) {
            let size = if log2 == 17 { odd } else { 1 << log2 };
            let next = if same { size } else { (size / 2).max(1) };
            let mode = |r: bool| if r { WrapMode::Repeat } else { WrapMode::ClampToEdge };
            if let (Some(a), Some(b)) = (KernelAxis::new(size, mode(repeat[0]), lin), KernelAxis::new(next, mode(repeat[1]), lin)) {
                let (a, b) = (a.offset(off), b.offset(off));
                prop_assert_eq!(PairUnit::new(&a, &b, a.pair_k1(&b)).at(s), (a.fixed(s), b.fixed(s)));
            }
        }

        /// The lane forms of the coordinate and wrap units (the batch op's
        /// structure-of-arrays passes) give each lane the values of the unit forms: every
        /// coordinate word (the rare shifts among common ones), sizes, both wrap modes,
        /// both filters, texel offsets.
        #[test]
        fn kernel_axis_lane_units_match(
            s in proptest::array::uniform8(prop_oneof![any::<u32>(), coord()]), log2 in 0u32..=17, odd in 1u32..1000,
            repeat in any::<bool>(), lin in any::<bool>(), off in -8i32..8,
        ) {
            let size = if log2 == 17 { odd } else { 1 << log2 };
            let mode = if repeat { WrapMode::Repeat } else { WrapMode::ClampToEdge };
            if let Some(a) = KernelAxis::new(size, mode, lin) {
                let a = a.offset(off);
                let mut u = [0i32; 8];
                a.fixed_lanes(&s, &mut u);
                let (mut i0, mut i1, mut w) = ([0u32; 8], [0u32; 8], [0u32; 8]);
                a.taps_lanes(&u, lin, (&mut i0, &mut i1, &mut w));
                for l in 0..8 {
                    prop_assert_eq!(u[l], a.fixed(s[l]), "lane {}", l);
                    let (x0, wt) = a.tap0(u[l]);
                    let want = if lin { (x0, a.tap1(x0), u32::from(wt)) } else { (x0, x0, 0) };
                    prop_assert_eq!((i0[l], i1[l], w[l]), want, "lane {}", l);
                }
            }
        }

        /// The kernel's first tap is the wrapped texel of the general wrap unit; where it
        /// keeps the weight, the second tap is the wrapped next texel, and it drops the
        /// weight only where both taps are the same texel (the weight then does not matter).
        #[test]
        fn kernel_axis_taps_match_wrap(u in any::<i32>(), size in prop_oneof![1u32..70, any::<u32>()], repeat in any::<bool>(), near in -600i32..600) {
            let mode = if repeat { WrapMode::Repeat } else { WrapMode::ClampToEdge };
            // (Kernel levels are at most 2^30 texels wide: see `KernelAxis::tap0`.)
            let size = if repeat { 1 << (size % 17) } else { size.clamp(1, 1 << 30) };
            let a = KernelAxis::new(size, mode, true).unwrap();
            let wrap = |i: i32| match wrap_i32(mode, i, size) {
                Wrapped::Texel(x) => x,
                Wrapped::Border => u32::MAX,
            };
            let edge = (size as i32).wrapping_mul(256);
            for u in [u, near, edge.wrapping_add(near), edge.wrapping_neg().wrapping_add(near)] {
                let (x0, w) = a.tap0(u);
                let i = u >> 8;
                prop_assert_eq!(x0, wrap(i));
                if w != 0 {
                    prop_assert_eq!(w, u as u8);
                    prop_assert_eq!(a.tap1(x0), wrap(i.wrapping_add(1)));
                } else {
                    prop_assert!(u as u8 == 0 || wrap(i) == wrap(i.wrapping_add(1)));
                }
            }
        }

        /// The level kernel's planes are the general planes in words wherever they exist.
        #[test]
        fn kernel_plane_matches_plane(h in header(), pitch in prop_oneof![Just(0u32), 0u32..400, any::<u32>()], big in any::<bool>(), level in 0u32..9) {
            let mut h = TextureHeader { row_pitch: pitch, ..h };
            if big {
                h.base_address = u32::MAX - (h.base_address & 0xFF_FFFF);
            }
            let lay = TextureLayout::new(&h);
            let general = lay.geom(level).and_then(|g| lay.plane(&g)).and_then(|p| p.in_words());
            if let Some(k) = kernel_plane(&h, level) {
                let p = general.unwrap();
                prop_assert_eq!(k, (p.layer_base(0).unwrap(), p.row(1), p.size));
            }
            // Only misaligned or layered textures leave a general plane to the general path.
            if general.is_some() && h.layers() == 1 && (h.base_address | h.row_pitch) & 3 == 0 && h.layout == Layout::PitchLinear {
                prop_assert!(kernel_plane(&h, level).is_some());
            }
        }

        /// The next level's plane from a level's equals the walk.
        #[test]
        fn kernel_plane_next_matches(h in header(), pitch in prop_oneof![Just(0u32), 0u32..400, any::<u32>()], big in any::<bool>(), level in 0u32..9) {
            let mut h = TextureHeader { row_pitch: pitch, ..h };
            if big {
                h.base_address = u32::MAX - (h.base_address & 0xFF_FFFF);
            }
            if let Some(p) = kernel_plane(&h, level) {
                prop_assert_eq!(kernel_plane_next(&h, level, p), kernel_plane(&h, level + 1));
            }
        }

        /// The kernel's level is the general level-0 plane in words wherever it exists.
        #[test]
        fn kernel_level_matches_plane(h in header(), pitch in prop_oneof![Just(0u32), 0u32..400, any::<u32>()], big in any::<bool>()) {
            let mut h = TextureHeader { row_pitch: pitch, ..h };
            if big {
                h.base_address = u32::MAX - (h.base_address & 0xFFFF);
            }
            if byte_order(&h).is_some() {
                let general = Plane::level0(&h).and_then(|p| p.in_words()).map(|p| (p.layer_base(0).unwrap(), p.row(1)));
                prop_assert_eq!(kernel_level(&h), general);
            }
        }
    }

    /// Both levels' positions from one decode equal the two single-level units for every
    /// shift of the shared form (every exponent that reaches it, both signs) on a stride of
    /// significands that includes the halfway and all-ones patterns, on a pair of
    /// power-of-two axes.
    #[test]
    fn kernel_axis_fixed_pair_matches_every_shift() {
        let a = KernelAxis::new(64, WrapMode::Repeat, true).unwrap().offset(3);
        let b = KernelAxis::new(32, WrapMode::ClampToEdge, true).unwrap().offset(-5);
        let k1 = a.pair_k1(&b);
        let mut checked = 0u32;
        for exp in 0u32..256 {
            for m in (0u32..1 << 23).step_by(4093).chain([0x40_0000, 0x7F_FFFF, 0x40_0001, 0x3F_FFFF, 1, 2, 3]) {
                for sign in [0, 1u32 << 31] {
                    let s = sign | exp << 23 | m;
                    assert_eq!(PairUnit::new(&a, &b, k1).at(s), (a.fixed(s), b.fixed(s)), "s = {s:#x}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 500_000);
    }

    /// Both forms of the kernel's sign unit agree on the whole range of its quotients.
    #[test]
    fn apply_sign_forms_agree() {
        for q in (0..=1i32 << 24).step_by(97).chain([0, 1, (1 << 24) - 1, 1 << 24]) {
            for s in [0u32, 0x3F80_0000, 0x8000_0000, 0xBF80_0000, 0x7F7F_FFFF, 0xFF7F_FFFF] {
                let want = if (s as i32) < 0 { -q } else { q };
                assert_eq!(apply_sign_mask(q, s), want, "q = {q}, s = {s:#x}");
                assert_eq!(apply_sign(q, s), want, "q = {q}, s = {s:#x}");
            }
        }
    }

    /// On every texture the single-level kernel takes, [`kernel_valid`] is
    /// [`TextureHeader::validate`]: a grid over the fields the kernel leaves free (type,
    /// width, height, depth, levels, quilt, row pitch, both byte orders) at and around each
    /// rule's edges. The texture fields the kernel fixes (sRGB, multisampling, layout, base
    /// level) are varied by the property test below.
    #[test]
    fn kernel_valid_is_validate_on_kernel_textures() {
        let sizes = [1u32, 2, 3, 16, 17, 65535, 65536, 65537, 1 << 30, u32::MAX];
        let (mut taken, mut valid) = (0, 0);
        for ty in [TextureType::TwoD, TextureType::TwoDNoMipmap, TextureType::TwoDArray] {
            for f in [Format::RGBA8_UNORM, Format::BGRA8_UNORM] {
                for (w, hh) in sizes.iter().flat_map(|&w| sizes.iter().map(move |&hh| (w, hh))) {
                    for depth in [0u32, 1, 2, u32::MAX] {
                        for levels in [0u32, 1, 2, 5, 17, 18, 31, 32, 33, u32::MAX] {
                            for (qw, qh) in [(0u32, 0u32), (31, 0), (0, 31), (32, 0), (0, 32), (1, 1), (u32::MAX, 0)] {
                                let row = w.wrapping_mul(4);
                                for pitch in [0u32, row.wrapping_sub(4), row, row.wrapping_add(4), 0xFFFF_FFFC] {
                                    let mut h = TextureHeader::new(ty, f, w, hh, depth, levels);
                                    (h.quilt_width, h.quilt_height, h.row_pitch) = (qw, qh, pitch);
                                    if byte_order(&h).is_none() || kernel_level(&h).is_none() {
                                        continue;
                                    }
                                    taken += 1;
                                    valid += usize::from(h.validate().is_ok());
                                    assert_eq!(kernel_valid(&h), h.validate().is_ok(), "{h:?}");
                                }
                            }
                        }
                    }
                }
            }
        }
        // Both outcomes occur often.
        assert!(valid > 1000 && taken - valid > 1000, "{valid} of {taken}");
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 20_000, ..ProptestConfig::default() })]

        /// The kernel-valid route of the per-call op equals validating first: wherever the
        /// kernel takes a texture, `kernel_valid` is `validate`, on arbitrary header fields.
        #[test]
        fn kernel_valid_is_validate(h in header(), srgb in any::<bool>(), ms in 0u32..6, depth in 0u32..3,
            quilt in (0u32..40, 0u32..40), pitch in prop_oneof![Just(0u32), 0u32..400, any::<u32>()]) {
            let mut h = TextureHeader { srgb: srgb && ms == 0, depth, quilt_width: quilt.0, quilt_height: quilt.1, row_pitch: pitch, ..h };
            h.ms_mode = [MsMode::Mode1x1, MsMode::Mode2x1, MsMode::Mode2x2, MsMode::Mode4x2, MsMode::Mode4x4, MsMode::Mode1x1][ms as usize];
            if byte_order(&h).is_some() && kernel_level(&h).is_some() {
                prop_assert_eq!(kernel_valid(&h), h.validate().is_ok());
            }
        }
    }

    /// A kernel level is at most 2^30 texels wide or high (its byte addresses fit in 32
    /// bits), the range `KernelAxis::tap0`'s unsigned compare relies on.
    #[test]
    fn kernel_level_sizes_fit_the_index_compare() {
        let mut h = TextureHeader::new(TextureType::TwoD, Format::RGBA8_UNORM, 1 << 30, 1, 1, 1);
        assert!(kernel_level(&h).is_none());
        h.width = (1 << 30) - 1;
        assert!(kernel_level(&h).is_some());
        h.width = 1;
        h.row_pitch = 4;
        h.height = (1 << 30) + 1;
        assert!(kernel_level(&h).is_none());
    }

    /// Plain bilinear and trilinear requests take the fast path; sRGB, other formats and 3D
    /// do not.
    #[test]
    fn fast_path_is_taken() {
        let h = TextureHeader::new(TextureType::TwoD, Format::RGBA8_UNORM, 8, 8, 1, 4);
        let s = SamplerHeader { mag_filter: Filter::Linear, min_filter: Filter::Linear, ..SamplerHeader::default() };
        let req = SampleRequest::new([[0x3F00_0000; 4]; 4]);
        let mem = [7u8; 1024];
        assert!(quad(&h, &s, &mem[..], &req, MipFilter::None).is_some());
        assert!(quad(&h, &s, &mem[..], &req, MipFilter::Linear).is_some());
        let srgb = TextureHeader { srgb: true, ..h };
        assert!(quad(&srgb, &s, &mem[..], &req, MipFilter::None).is_none());
        let r8 = TextureHeader { format: Format::R8_UNORM, ..h };
        assert!(quad(&r8, &s, &mem[..], &req, MipFilter::None).is_none());
        let t3 = TextureHeader { ty: TextureType::ThreeD, ..h };
        assert!(quad(&t3, &s, &mem[..], &req, MipFilter::None).is_none());
    }
}
