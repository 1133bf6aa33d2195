//! Many quads per call with one texture and sampler: [`sample_batch_into`], the host form of
//! [`super::sample_quad_into`] for users that sample thousands of quads with one binding (a
//! software renderer's draw, a texture-space pass).
//!
//! The view and sampler are validated once per call and the RGBA8 kernels' texture and
//! sampler constants are decoded once per call (the trilinear level constants once per
//! level pair the batch uses). The quads then run in fixed-size chunks of [`CHUNK`] quads
//! with the per-lane work split into passes over structure-of-arrays buffers on the stack:
//! for the level kernel first every quad's LOD decision and level pair; then the coordinate
//! and wrap units of every lane (its tap word indices and weights; per run of quads with
//! one level pair, its constants held once), then every lane's word reads, weighted sum and
//! conversion — the reads of a lane depend only on the pass before, so they overlap the
//! arithmetic of the lanes before it. (A separate pass of reads, and a separate pass per
//! level for the sums, measured more instructions lane by lane.) On 64-bit hosts the sums
//! hold the four components in the lanes of 64-bit words. In the structure-of-arrays form
//! ([`LANE_ARRAYS`]) every pass is a loop over the chunk's lanes: each level's coordinate
//! and wrap units, its reads one tap at a time over the lanes, the sums and the
//! conversions. In the form for a wide vector unit ([`WIDE`], AVX-512) the chunk's LOD
//! decisions are one quad per lane ([`lod`]) and each level's wrap units, reads and sums
//! one pass (its values stay in the 32 vector registers instead of going through arrays of
//! indices and taps). Every pass is the single-level or level
//! kernel's own arithmetic
//! ([`super::rgba8`]: the same axis units, word reads, [`crate::filter::unorm8`] sums and
//! conversions), so the result of every quad is that of [`super::sample_quad`] (a
//! property test compares them quad by quad on arbitrary requests). Quads outside the
//! kernels (other formats and types, anisotropy, explicit derivatives or LOD, texel
//! offsets out of range, unaligned memory, …) take the general path of
//! [`super::sample_quad_into`], one by one.

// Indices are lanes of fixed-size chunk buffers (`q * 4 + lane < 4 * CHUNK`).
#![allow(clippy::indexing_slicing)]

use super::rgba8::{
    byte_order, kernel_plane, kernel_plane_next, quad_fixed, quad_positions, Kernel, KernelLevel, Output,
};
use super::{offsets_in_range, quad_lod_iso_inline, sample_quad_checked_into, Quad, SampleError, SampleRequest};
use crate::descriptor::{Filter, Layout, MipFilter, SamplerHeader, TextureHeader, TextureType};
use crate::filter::unorm8::Rgba8;
#[cfg(target_pointer_width = "64")]
use crate::filter::unorm8::{add_share_x2, convert_share_x2, level_share_x2};
#[cfg(not(target_pointer_width = "64"))]
use crate::filter::unorm8::{blend_share_rgba8, convert_level_rgba8, filter_level_rgba8_w, level_share, level_sum};
use crate::handle::{checked_sampler, checked_view, Invalid};
use crate::memory::TexelMemory;

mod lod;
mod soa;

/// Quads per chunk of the structure-of-arrays passes.
pub const CHUNK: usize = 16;
const LANES: usize = 4 * CHUNK;

/// Samples the quads `reqs` into `out` (pairwise; `min(reqs.len(), out.len())` quads) with
/// one texture view and sampler: quad `i` gets the result of
/// [`super::sample_quad_into`]`(view, sampler, mem, &reqs[i], &mut out[i])`, bit for bit.
/// Every quad is sampled; the result is the first failing quad's index and error (failing
/// quads hold zeros, as in [`super::sample_warp_into`]). Invalid views or samplers give
/// zeros in every quad.
///
/// The descriptors are validated and decoded once per call; RGBA8 / BGRA8 2D views
/// (pitch-linear, aligned word memory) with a LOD-free sampler (bilinear or nearest
/// without mipmapping) run through the single-level kernel in chunks, trilinear and
/// mipmapped nearest / bilinear with implicit derivatives through the level kernel with
/// one LOD decision per quad. No heap: the chunk buffers are on the stack (about 3 KiB lane
/// by lane, about 11 KiB in the vectorized form).
///
/// On x86-64 hosts built with AVX2 (`-C target-cpu=x86-64-v3`, `x86-64-v4` or `native`)
/// the kernels' passes run over the chunk's lanes in structure-of-arrays form, which LLVM
/// vectorizes, and with AVX-512CD and VL (`x86-64-v4`, `native` on such a CPU) the chunk's
/// LOD decisions too; elsewhere lane by lane. Every form computes the same integers (a
/// property test runs all of them on every target). `texcore-host` (std) has the same op
/// with the form chosen at run time by the CPU ([`sample_batch_into_form`]).
pub fn sample_batch_into<M: TexelMemory + ?Sized>(
    view: Result<&TextureHeader, Invalid>,
    sampler: Result<&SamplerHeader, Invalid>,
    mem: &M,
    reqs: &[SampleRequest],
    out: &mut [Quad],
) -> Result<(), (usize, SampleError)> {
    batch_into::<LANE_ARRAYS, WIDE, M>(view, sampler, mem, reqs, out)
}

/// [`sample_batch_into`] with the form of its passes chosen by the caller: the kernels'
/// passes over arrays of a chunk's lanes (`LANE_ARRAYS = true`) or lane by lane, and the
/// form for a wide vector unit (`WIDE = true`: AVX-512's 16 lanes and 32 registers) or
/// not. `WIDE` makes the level kernel's LOD decisions over arrays of a chunk's quads
/// instead of quad by quad, and, with `LANE_ARRAYS`, each level's wrap units, reads and
/// sums one pass over the lanes instead of three. The results are the same bits in every
/// form, on every target; only the speed differs. The lane-array forms are the fast ones
/// where they are compiled with AVX2 (`LANE_ARRAYS`) or AVX-512 with its per-lane
/// leading-zero count (`WIDE`; with AVX2 alone the count takes a dozen instructions, the
/// one-pass level runs out of registers, and both measure slower), which a caller on a std
/// host can choose at run time: this function is always inlined, so a copy of its caller
/// compiled with `#[target_feature(enable = "avx2")]` (or AVX-512) compiles it with those
/// instructions (`texcore-host`'s `sample_batch_into` does that after asking the CPU).
#[inline(always)]
pub fn sample_batch_into_form<const LANE_ARRAYS: bool, const WIDE: bool, M: TexelMemory + ?Sized>(
    view: Result<&TextureHeader, Invalid>,
    sampler: Result<&SamplerHeader, Invalid>,
    mem: &M,
    reqs: &[SampleRequest],
    out: &mut [Quad],
) -> Result<(), (usize, SampleError)> {
    batch_into::<LANE_ARRAYS, WIDE, M>(view, sampler, mem, reqs, out)
}

/// Whether [`sample_batch_into`] runs the structure-of-arrays passes: on x86-64 with AVX2
/// (per-lane variable shifts and 32-bit lane multiplies; with AVX-512CD also a per-lane
/// leading-zero count). The baseline x86-64 target (SSE2) has none of them, and there the
/// lane-by-lane passes measure faster.
const LANE_ARRAYS: bool = cfg!(all(target_arch = "x86_64", target_feature = "avx2"));

/// Whether [`sample_batch_into`] runs the form for a wide vector unit: the level kernel's
/// LOD decisions over a chunk's quads in structure-of-arrays form ([`lod::decide`]) and
/// each level's wrap units, reads and sums in one pass ([`soa::add_level_taps`]): on x86-64
/// with AVX-512CD and VL, whose per-lane leading-zero count the LOD normalizations use and
/// whose 32 registers hold the one pass's values (with AVX2 alone both measure slower).
const WIDE: bool = cfg!(all(
    target_arch = "x86_64",
    target_feature = "avx512cd",
    target_feature = "avx512vl",
    target_feature = "avx2"
));

/// [`sample_batch_into`] with the kernels' passes in structure-of-arrays form (`SOA`) or
/// lane by lane, and the wide form (`WIDE`: the LOD decisions over a chunk's quads, a
/// level's wrap units, reads and sums in one pass) or not.
#[inline(always)]
fn batch_into<const SOA: bool, const WIDE: bool, M: TexelMemory + ?Sized>(
    view: Result<&TextureHeader, Invalid>,
    sampler: Result<&SamplerHeader, Invalid>,
    mem: &M,
    reqs: &[SampleRequest],
    out: &mut [Quad],
) -> Result<(), (usize, SampleError)> {
    let (view, sampler) = (checked_view(view), checked_sampler(sampler));
    let mut first = Ok(());
    let texels = match mem.as_bytes().map(bytemuck::pod_align_to::<u8, u32>) {
        Some(([], texels, _)) => Some(texels),
        _ => None,
    };
    if let (Ok(h), Ok(s), Some(texels)) = (view, sampler, texels) {
        if let Some(k) = Kernel::new(h, s) {
            for (c, (rs, os)) in reqs.chunks(CHUNK).zip(out.chunks_mut(CHUNK)).enumerate() {
                let general = |q, req: &SampleRequest, o: &mut Quad| {
                    note(&mut first, c * CHUNK + q, sample_quad_checked_into(view, sampler, mem, req, None, o, true))
                };
                if SOA {
                    single_chunk_soa::<WIDE>(&k, texels, rs, os, general);
                } else {
                    single_chunk(&k, texels, rs, os, general);
                }
            }
            return first;
        }
        if let Some(mut lv) = Levels::new(h, s) {
            for (c, (rs, os)) in reqs.chunks(CHUNK).zip(out.chunks_mut(CHUNK)).enumerate() {
                lv.chunk::<SOA, WIDE>(h, s, texels, rs, os, |q, req, o| {
                    note(&mut first, c * CHUNK + q, sample_quad_checked_into(view, sampler, mem, req, None, o, true))
                });
            }
            return first;
        }
    }
    for (i, (r, o)) in reqs.iter().zip(out.iter_mut()).enumerate() {
        note(&mut first, i, sample_quad_checked_into(view, sampler, mem, r, None, o, true));
    }
    first
}

/// Keeps the first error (with its quad's index).
#[inline(always)]
fn note(first: &mut Result<(), (usize, SampleError)>, i: usize, r: Result<(), SampleError>) {
    if let (Err(e), true) = (r, first.is_ok()) {
        *first = Err((i, e));
    }
}

/// Texel word `i` of aligned word memory (little-endian), 0 outside it: the kernels' read.
#[inline(always)]
fn word(texels: &[u32], i: u32) -> Rgba8 {
    // The index sign-extended from 32 bits: the same word for every index below 2^31 (a
    // texel's word index is below 2^30: byte addresses have 32 bits), none above; so the
    // vectorized reads are gathers with 32-bit indices, 16 lanes per AVX-512 instruction
    // (with the index zero-extended, two instructions with 64-bit indices).
    texels.get(i as i32 as isize as usize).map_or(0, |t| u32::from_le(*t))
}

/// One chunk (up to [`CHUNK`] quads) through the single-level kernel `k` ([`Kernel::run`]'s
/// units, lane by lane in two passes); quads with a texel offset out of range go to
/// `general` (the kernel does not take them).
#[inline(always)]
fn single_chunk(
    k: &Kernel,
    texels: &[u32],
    reqs: &[SampleRequest],
    outs: &mut [Quad],
    mut general: impl FnMut(usize, &SampleRequest, &mut Quad),
) {
    let Kernel { base, pitch, linear, ax, ay, output } = *k;
    // Pass 1: every lane's four tap word indices and two weights.
    let mut idx = [[0u32; 4]; LANES];
    let mut wt = [[0u8; 2]; LANES];
    let mut ok = [false; CHUNK];
    for (q, req) in reqs.iter().enumerate().take(CHUNK) {
        let o = req.offset;
        if !offsets_in_range(&o) {
            continue;
        }
        ok[q] = true;
        let (ax, ay) = (ax.offset(o[0]), ay.offset(o[1]));
        // The lanes' first-tap positions, a coordinate shared by two lanes decoded once.
        for (lane, p) in quad_fixed(&ax, &ay, &req.coords).iter().enumerate() {
            let l = q * 4 + lane;
            let ((x0, a), (y0, b)) = (ax.tap0(p[0]), ay.tap0(p[1]));
            let r0 = base + y0 * pitch;
            if linear {
                let x1 = ax.tap1(x0);
                let r1 = base + ay.tap1(y0) * pitch;
                idx[l] = [r0 + x0, r0 + x1, r1 + x0, r1 + x1];
                wt[l] = [a, b];
            } else {
                idx[l] = [r0 + x0; 4];
            }
        }
    }
    // Pass 2: the reads, the filter and conversion (on 64-bit hosts the sums in 64-bit words
    // as a two-level share with `δ = 0`, `256 · v0`, [`level_share_x2`]: it converts to the
    // same value), the output stage.
    for (q, (req, out)) in reqs.iter().zip(outs.iter_mut()).enumerate().take(CHUNK) {
        if !ok[q] {
            general(q, req, out);
            continue;
        }
        for (lane, o) in out.iter_mut().enumerate() {
            let l = q * 4 + lane;
            let i = &idx[l];
            let t = [word(texels, i[0]), word(texels, i[1]), word(texels, i[2]), word(texels, i[3])];
            #[cfg(target_pointer_width = "64")]
            {
                *o = convert_share_x2(level_share_x2(&t, wt[l], 0));
            }
            #[cfg(not(target_pointer_width = "64"))]
            filter_level_rgba8_w(&t, wt[l][0], wt[l][1], o);
            output.fix(o);
        }
    }
}

/// [`single_chunk`] with every pass over the chunk's lanes in structure-of-arrays form (x86-64
/// with AVX2, [`soa`]): the coordinate units ([`super::rgba8::KernelAxis::fixed_lanes`]), the wrap units
/// ([`super::rgba8::KernelAxis::taps_lanes`]), the reads, the sums and conversions, then the output
/// stage; in the `WIDE` form the wrap units, reads and sums are one pass
/// ([`soa::add_level_taps`], as in [`Levels::chunk_soa`]). Lanes of quads the kernel does not take (and of a short chunk's missing quads)
/// run with coordinate 0, no offset, and are not written.
#[inline(always)]
fn single_chunk_soa<const WIDE: bool>(
    k: &Kernel,
    texels: &[u32],
    reqs: &[SampleRequest],
    outs: &mut [Quad],
    general: impl FnMut(usize, &SampleRequest, &mut Quad),
) {
    let Kernel { base, pitch, linear, ax, ay, output } = *k;
    let mut ok = [false; CHUNK];
    let (mut sx, mut sy) = ([0u32; LANES], [0u32; LANES]);
    let (mut dx, mut dy) = ([0i32; LANES], [0i32; LANES]);
    let mut offsets = false;
    for (q, req) in reqs.iter().enumerate().take(CHUNK) {
        let o = req.offset;
        if !offsets_in_range(&o) {
            continue;
        }
        ok[q] = true;
        offsets |= o[0] | o[1] != 0;
        for (lane, c) in req.coords.iter().enumerate() {
            let l = q * 4 + lane;
            (sx[l], sy[l], dx[l], dy[l]) = (c[0], c[1], o[0] * 256, o[1] * 256);
        }
    }
    let lanes = SoaLanes { s: [&sx, &sy], d: offsets.then_some([&dx, &dy]) };
    let lv = KernelLevel { base, pitch, ax, ay };
    let mut acc = [[0; LANES]; 4];
    if WIDE {
        let (ux, uy) = lanes.positions(&lv);
        soa::add_level_taps(texels, &lv, linear, (&ux, &uy), &[256; LANES], &mut acc);
    } else {
        let (idx, w) = lanes.taps(&lv, linear);
        let mut lv = soa::LevelLanes::new();
        for l in 0..LANES {
            lv.set(l, [idx[0][l], idx[1][l], idx[2][l], idx[3][l]].map(|i| word(texels, i)), [w[0][l], w[1][l]], 256);
        }
        soa::add_level(&lv, &mut acc);
    }
    soa_output(&mut acc, &output, &ok, reqs, outs, general);
}

/// The last passes of the structure-of-arrays forms: the conversions of every lane's sums
/// `acc` ([`soa`]), then per quad its lanes through the output stage, or `general` for the
/// quads the kernel does not take (`!ok`).
#[inline(always)]
fn soa_output(
    acc: &mut soa::Sums,
    output: &Output,
    ok: &[bool; CHUNK],
    reqs: &[SampleRequest],
    outs: &mut [Quad],
    mut general: impl FnMut(usize, &SampleRequest, &mut Quad),
) {
    soa::convert(acc);
    // A full chunk of kernel quads with the identity swizzle: the lanes' components
    // interleaved into the quads in one pass (the output stage is then a swap of the first
    // and third components' arrays, or nothing).
    if let (Some(bgra), true, Some(outs)) = (output.order_only(), ok.iter().all(|k| *k), outs.get_mut(..CHUNK)) {
        if let Ok(flat) = <&mut [u32; 4 * LANES]>::try_from(outs.as_flattened_mut().as_flattened_mut()) {
            if bgra {
                acc.swap(0, 2);
            }
            soa::interleave(acc, flat);
            return;
        }
    }
    for (q, (req, out)) in reqs.iter().zip(outs.iter_mut()).enumerate().take(CHUNK) {
        if !ok[q] {
            general(q, req, out);
            continue;
        }
        for (lane, o) in out.iter_mut().enumerate() {
            *o = soa::lane(acc, q * 4 + lane);
            output.fix(o);
        }
    }
}

/// The coordinates of a chunk's lanes for the structure-of-arrays passes: `s` per axis,
/// and the texel offsets times 256 per axis where a quad has one.
struct SoaLanes<'a> {
    s: [&'a [u32; LANES]; 2],
    d: Option<[&'a [i32; LANES]; 2]>,
}

impl SoaLanes<'_> {
    /// Every lane's fixed-point position on the level `lv`: its coordinate units
    /// ([`super::rgba8::KernelAxis::fixed_lanes`]) plus the texel offset (`256 · offset`).
    #[inline(always)]
    fn positions(&self, lv: &KernelLevel) -> ([i32; LANES], [i32; LANES]) {
        let (mut ux, mut uy) = ([0i32; LANES], [0i32; LANES]);
        lv.ax.fixed_lanes(self.s[0], &mut ux);
        lv.ay.fixed_lanes(self.s[1], &mut uy);
        if let Some([dx, dy]) = self.d {
            for (u, d) in ux.iter_mut().zip(dx).chain(uy.iter_mut().zip(dy)) {
                *u += d;
            }
        }
        (ux, uy)
    }

    /// Every lane's tap word indices `[r0 + x0, r0 + x1, r1 + x0, r1 + x1]` and weights
    /// `[α, β]` on the level `lv`: its coordinate units
    /// ([`super::rgba8::KernelAxis::fixed_lanes`]) plus the texel offset (a texel offset
    /// adds `256 · offset` to the position, as `KernelAxis::offset` does), its wrap units
    /// ([`super::rgba8::KernelAxis::taps_lanes`]) and its rows' word indices — per lane the
    /// values of [`level_taps`] and of the single-level kernel's first pass.
    #[inline(always)]
    fn taps(&self, lv: &KernelLevel, linear: bool) -> ([[u32; LANES]; 4], [[u32; LANES]; 2]) {
        let (ux, uy) = self.positions(lv);
        let (mut x0, mut x1, mut a) = ([0u32; LANES], [0u32; LANES], [0u32; LANES]);
        let (mut y0, mut y1, mut b) = ([0u32; LANES], [0u32; LANES], [0u32; LANES]);
        lv.ax.taps_lanes(&ux, linear, (&mut x0, &mut x1, &mut a));
        lv.ay.taps_lanes(&uy, linear, (&mut y0, &mut y1, &mut b));
        let mut idx = [[0u32; LANES]; 4];
        for l in 0..LANES {
            let (r0, r1) = (lv.base + y0[l] * lv.pitch, lv.base + y1[l] * lv.pitch);
            (idx[0][l], idx[1][l], idx[2][l], idx[3][l]) = (r0 + x0[l], r0 + x1[l], r1 + x0[l], r1 + x1[l]);
        }
        (idx, [a, b])
    }
}

/// `(level, level2 or u32::MAX for one level, linear)`: a level pair of the level kernel.
type PairKey = (u32, u32, bool);

/// The two levels of a pair (the same level twice for one level).
type Pair = (KernelLevel, KernelLevel);

/// Level-pair constants kept per call: the slots of a small cache.
const SLOTS: usize = 4;

/// The level kernel's constants for one call: the view's output stage and the resolved
/// planes of the level pairs seen so far.
struct Levels {
    output: Output,
    /// `(level, level2 or u32::MAX for one level, linear)` and the two levels without
    /// texel offsets (`None`: the level kernel does not take the pair).
    cache: [Option<(PairKey, Option<Pair>)>; SLOTS],
    next: usize,
}

impl Levels {
    /// `None` where the level kernel never applies to the texture and sampler (then the
    /// general path of every quad is the op's).
    fn new(h: &TextureHeader, s: &SamplerHeader) -> Option<Levels> {
        let rgba = byte_order(h)?;
        let lod_free = s.mip_filter == MipFilter::None && s.mag_filter == s.min_filter && s.max_anisotropy_log2 == 0;
        if lod_free || s.max_anisotropy_log2 != 0 || h.ty == TextureType::TwoDArray || h.layout != Layout::PitchLinear {
            return None;
        }
        Some(Levels { output: Output::new(h, rgba), cache: [None; SLOTS], next: 0 })
    }

    /// The two levels of the pair `key` (as the level kernel resolves them), cached.
    #[inline(always)]
    fn pair(&mut self, h: &TextureHeader, s: &SamplerHeader, key: PairKey) -> Option<(KernelLevel, KernelLevel)> {
        for (k, v) in self.cache.iter().flatten() {
            if *k == key {
                return *v;
            }
        }
        let (level, level2, linear) = key;
        let v = resolve(h, s, level, (level2 != u32::MAX).then_some(level2), linear);
        self.cache[self.next % SLOTS] = Some((key, v));
        self.next = self.next.wrapping_add(1);
        v
    }

    /// One chunk: per quad the isotropic LOD decision ([`quad_lod_iso_inline`]) and its level pair,
    /// then per run of quads with the same pair the level kernel's coordinate and wrap units
    /// per lane, then its reads and sums per lane; quads it does not take go to `general`.
    #[inline(always)]
    fn chunk<const SOA: bool, const WIDE: bool>(
        &mut self,
        h: &TextureHeader,
        s: &SamplerHeader,
        texels: &[u32],
        reqs: &[SampleRequest],
        outs: &mut [Quad],
        mut general: impl FnMut(usize, &SampleRequest, &mut Quad),
    ) {
        let n = reqs.len().min(CHUNK);
        // Pass 1: per quad the LOD decision: its level pair and the second level's weight.
        // In the wide form the chunk's decisions at once ([`lod::decide`]) where
        // the view's sizes allow it.
        let mut sel = [None::<PairKey>; CHUNK];
        let mut delta = [0u32; CHUNK];
        let decided = WIDE && lod::decide(h, s, reqs, &mut sel, &mut delta);
        for (q, req) in reqs.iter().enumerate().take(if decided { 0 } else { CHUNK }) {
            let levels =
                if offsets_in_range(&req.offset) { quad_lod_iso_inline(h, s, req, s.mip_filter) } else { None };
            let Some(l) = levels else { continue };
            let linear = (if l.magnify { s.mag_filter } else { s.min_filter }) == Filter::Linear;
            // `level2` of a single level (`δ = 0`) is not read: `u32::MAX` in the key.
            sel[q] = Some((l.level, if l.delta != 0 { l.level2 } else { u32::MAX }, linear));
            delta[q] = l.delta;
        }
        if SOA {
            self.chunk_soa::<WIDE>((h, s), texels, reqs, outs, (&sel, &delta), general);
        } else {
            // Pass 2: per run of quads with one level pair (screen-adjacent quads mostly share
            // it), its two levels' constants once, then per lane both levels' tap word indices
            // and weights (one level: the second is not read).
            let mut idx = [[0u32; 8]; LANES];
            let mut wt = [[0u8; 4]; LANES];
            let mut ok = [false; CHUNK];
            let mut q = 0;
            while q < n {
                let Some(key) = sel[q] else {
                    q += 1;
                    continue;
                };
                let mut end = q + 1;
                while end < n && sel[end] == Some(key) {
                    end += 1;
                }
                if let Some((l0, l1)) = self.pair(h, s, key) {
                    let (two, linear) = (key.1 != u32::MAX, key.2);
                    for j in q..end {
                        ok[j] = true;
                        let lanes = (&mut idx[j * 4..j * 4 + 4], &mut wt[j * 4..j * 4 + 4]);
                        quad_taps(&l0, &l1, two, linear, &reqs[j], lanes);
                    }
                }
                q = end;
            }
            // Pass 3: the reads, the level kernel's exact sums and conversion (one level:
            // [`level_sum`] and [`convert_level_rgba8`]; two: the first level's share
            // [`level_share`] plus the second's, converted as [`blend_share_rgba8`] does), the
            // output stage. On 64-bit hosts the sums are in 64-bit words (the same integers), a
            // single level as the share with `δ = 0`, `256 · v0`, which converts to the same value.
            #[cfg(target_pointer_width = "64")]
            for (q, (req, out)) in reqs.iter().zip(outs.iter_mut()).enumerate().take(CHUNK) {
                if !ok[q] {
                    general(q, req, out);
                    continue;
                }
                let d = delta[q] as u8;
                for (lane, o) in out.iter_mut().enumerate() {
                    let l = q * 4 + lane;
                    let (i, w) = (&idx[l], wt[l]);
                    let r = |k: usize| word(texels, i[k]);
                    let mut x = level_share_x2(&[r(0), r(1), r(2), r(3)], [w[0], w[1]], d);
                    if d != 0 {
                        x = add_share_x2(x, &[r(4), r(5), r(6), r(7)], [w[2], w[3]], d);
                    }
                    *o = convert_share_x2(x);
                    self.output.fix(o);
                }
            }
            #[cfg(not(target_pointer_width = "64"))]
            for (q, (req, out)) in reqs.iter().zip(outs.iter_mut()).enumerate().take(CHUNK) {
                if !ok[q] {
                    general(q, req, out);
                    continue;
                }
                let d = delta[q];
                for (lane, o) in out.iter_mut().enumerate() {
                    let l = q * 4 + lane;
                    let (i, w) = (&idx[l], wt[l]);
                    let r = |k: usize| word(texels, i[k]);
                    let t0 = [r(0), r(1), r(2), r(3)];
                    if d == 0 {
                        *o = level_sum(&t0, [w[0], w[1]]);
                        convert_level_rgba8(o);
                    } else {
                        // The level weights folded into the row weights ([`level_share`]).
                        *o = level_share(&t0, [w[0], w[1]], d as u8);
                        blend_share_rgba8(o, &[r(4), r(5), r(6), r(7)], [w[2], w[3]], d as u8);
                    }
                    self.output.fix(o);
                }
            }
        }
    }

    /// Passes 2 and 3 of [`Levels::chunk`] with the lanes in structure-of-arrays form
    /// (x86-64 with AVX2, [`soa`]): per level pair of the chunk's quads (`sel`; mostly one,
    /// [`Levels::group`]), each level's coordinate units for every lane
    /// ([`SoaLanes::positions`]), then the level's share for the lanes of that pair's quads
    /// (the first level's weight `256 − δ`, the second's `δ`: a single level is the share
    /// with `δ = 0`, `256 · v0`, which converts to the same value); then the conversions and
    /// the output stage. Quads without a pair go to `general`.
    ///
    /// In the `WIDE` form a level's wrap units, reads and sums are one pass over the lanes
    /// ([`soa::add_level_taps`]: with 32 vector registers its values stay in registers);
    /// otherwise the wrap and row units are a pass ([`SoaLanes::taps`]), the reads another
    /// ([`soa::LevelLanes::set_lanes`]), and both levels' sums a third ([`soa::add_level`]),
    /// which measures faster with AVX2's 16 registers.
    #[inline(always)]
    fn chunk_soa<const WIDE: bool>(
        &mut self,
        (h, s): (&TextureHeader, &SamplerHeader),
        texels: &[u32],
        reqs: &[SampleRequest],
        outs: &mut [Quad],
        (sel, delta): (&[Option<PairKey>; CHUNK], &[u32; CHUNK]),
        general: impl FnMut(usize, &SampleRequest, &mut Quad),
    ) {
        let n = reqs.len().min(CHUNK);
        let (mut sx, mut sy) = ([0u32; LANES], [0u32; LANES]);
        let (mut dx, mut dy) = ([0i32; LANES], [0i32; LANES]);
        let mut offsets = false;
        for (q, req) in reqs.iter().enumerate().take(CHUNK) {
            if sel[q].is_none() {
                continue;
            }
            let o = req.offset;
            offsets |= o[0] | o[1] != 0;
            for (lane, c) in req.coords.iter().enumerate() {
                let l = q * 4 + lane;
                (sx[l], sy[l], dx[l], dy[l]) = (c[0], c[1], o[0] * 256, o[1] * 256);
            }
        }
        let lanes = SoaLanes { s: [&sx, &sy], d: offsets.then_some([&dx, &dy]) };
        let mut acc = [[0; LANES]; 4];
        let mut ok = [false; CHUNK];
        let mut done = [false; CHUNK];
        if WIDE {
            for q in 0..n {
                let Some(((l0, l1), two, linear, w)) = self.group((h, s), q, (sel, delta), (&mut done, &mut ok)) else {
                    continue;
                };
                let (ux, uy) = lanes.positions(&l0);
                soa::add_level_taps(texels, &l0, linear, (&ux, &uy), &w[0], &mut acc);
                if two {
                    let (ux, uy) = lanes.positions(&l1);
                    soa::add_level_taps(texels, &l1, linear, (&ux, &uy), &w[1], &mut acc);
                }
            }
        } else {
            let (mut lv0, mut lv1) = (soa::LevelLanes::new(), soa::LevelLanes::new());
            for q in 0..n {
                let Some(((l0, l1), two, linear, w)) = self.group((h, s), q, (sel, delta), (&mut done, &mut ok)) else {
                    continue;
                };
                let t0 = lanes.taps(&l0, linear);
                lv0.set_lanes(texels, (&t0.0, &t0.1), &w[0]);
                if two {
                    let t1 = lanes.taps(&l1, linear);
                    lv1.set_lanes(texels, (&t1.0, &t1.1), &w[1]);
                }
            }
            soa::add_level(&lv0, &mut acc);
            soa::add_level(&lv1, &mut acc);
        }
        soa_output(&mut acc, &self.output, &ok, reqs, outs, general);
    }

    /// The level pair of quad `q` and of the quads after it with the same pair (`sel`),
    /// unless an earlier group took `q` (`done`): the levels, whether there are two, whether
    /// the filter is linear, and the level weights of every lane — `256 − δ` and `δ` in the
    /// lanes of those quads, 0 in the others. Marks the quads done,
    /// and `ok` where the pair is in the kernel.
    #[inline(always)]
    fn group(
        &mut self,
        (h, s): (&TextureHeader, &SamplerHeader),
        q: usize,
        (sel, delta): (&[Option<PairKey>; CHUNK], &[u32; CHUNK]),
        (done, ok): (&mut [bool; CHUNK], &mut [bool; CHUNK]),
    ) -> Option<(Pair, bool, bool, [[u32; LANES]; 2])> {
        let key = sel[q]?;
        if done[q] {
            return None;
        }
        let pair = self.pair(h, s, key);
        let mut w = [[0u32; LANES]; 2];
        for j in q..CHUNK {
            if sel[j] != Some(key) {
                continue;
            }
            done[j] = true;
            ok[j] = pair.is_some();
            let d = delta[j];
            w[0][j * 4..j * 4 + 4].fill(256 - d);
            w[1][j * 4..j * 4 + 4].fill(d);
        }
        Some((pair?, key.1 != u32::MAX, key.2, w))
    }
}

/// The tap word indices and weights of the four lanes of `req` on the levels `l0` and, for
/// `two`, `l1` (without texel offsets; the request's are added to the positions): every lane's
/// first-tap positions on both levels from one decode of each coordinate
/// ([`quad_positions`]), on one level from [`quad_fixed`] (a coordinate shared by two lanes
/// of the quad is decoded once), then [`level_taps`] per level.
#[inline(always)]
fn quad_taps(
    l0: &KernelLevel,
    l1: &KernelLevel,
    two: bool,
    linear: bool,
    req: &SampleRequest,
    (idx, wt): (&mut [[u32; 8]], &mut [[u8; 4]]),
) {
    let (mut pos0, mut pos1) = if two {
        let (kx, ky) = (l0.ax.pair_k1(&l1.ax), l0.ay.pair_k1(&l1.ay));
        quad_positions([(&l0.ax, &l1.ax, kx), (&l0.ay, &l1.ay, ky)], &req.coords)
    } else {
        let p = quad_fixed(&l0.ax, &l0.ay, &req.coords);
        (p, p)
    };
    // The texel offsets: a position is the axis unit's value plus its offset
    // ([`KernelAxis::offset`] adds `256 · offset` to it), so they are added to the
    // positions instead of to copies of the units.
    let o = req.offset;
    if o[0] | o[1] != 0 {
        let d = [o[0] * 256, o[1] * 256];
        for p in pos0.iter_mut().chain(pos1.iter_mut()) {
            *p = [p[0] + d[0], p[1] + d[1]];
        }
    }
    level_taps(l0, &pos0, linear, 0, idx, wt);
    if two {
        level_taps(l1, &pos1, linear, 1, idx, wt);
    }
}

/// The tap word indices and weights of the four lanes on one level (`k`: its slot in the
/// lane's indices and weights) from their first-tap S.8 positions `pos`: [`KernelLevel::taps_at`]'
/// units without its reads (the indices `[r0 + x0, r0 + x1, r1 + x0, r1 + x1]` and weights
/// `[α, β]`), the column unit ([`column_taps`]) once per distinct x position and the row
/// unit ([`row_taps`]) once per distinct y position of the lane pairs that share an axis in
/// a screen-aligned quad (x: lanes 0 and 2, 1 and 3; y: lanes 0 and 1, 2 and 3). Each unit
/// is a pure function of the position, so a repeated position gives the same values.
#[inline(always)]
fn level_taps(lv: &KernelLevel, pos: &[[i32; 2]; 4], linear: bool, k: usize, idx: &mut [[u32; 8]], wt: &mut [[u8; 4]]) {
    let col = |u: i32| column_taps(lv, u, linear);
    let row = |u: i32| row_taps(lv, u, linear);
    let [p0, p1, p2, p3] = pos;
    let (x0, x1) = (col(p0[0]), col(p1[0]));
    let x2 = if p2[0] == p0[0] { x0 } else { col(p2[0]) };
    let x3 = if p3[0] == p1[0] { x1 } else { col(p3[0]) };
    let (y0, y2) = (row(p0[1]), row(p2[1]));
    let y1 = if p1[1] == p0[1] { y0 } else { row(p1[1]) };
    let y3 = if p3[1] == p2[1] { y2 } else { row(p3[1]) };
    for (((x, y), i), w) in [x0, x1, x2, x3].iter().zip([y0, y1, y2, y3].iter()).zip(idx.iter_mut()).zip(wt.iter_mut())
    {
        let ((c0, c1, a), (r0, r1, b)) = (*x, *y);
        i[4 * k..4 * k + 4].copy_from_slice(&[r0 + c0, r0 + c1, r1 + c0, r1 + c1]);
        w[2 * k..2 * k + 2].copy_from_slice(&[a, b]);
    }
}

/// The column unit of [`level_taps`]: the first and second taps' column indices and the
/// second's weight (NEAREST: the first twice, weight 0).
#[inline(always)]
fn column_taps(lv: &KernelLevel, u: i32, linear: bool) -> (u32, u32, u8) {
    let (x0, a) = lv.ax.tap0(u);
    if linear {
        (x0, lv.ax.tap1(x0), a)
    } else {
        (x0, x0, 0)
    }
}

/// The row unit of [`level_taps`]: the first and second taps' row word indices (the level's
/// base plus the row times the pitch) and the second's weight (NEAREST: the first twice,
/// weight 0).
#[inline(always)]
fn row_taps(lv: &KernelLevel, u: i32, linear: bool) -> (u32, u32, u8) {
    let (y0, b) = lv.ay.tap0(u);
    let r0 = lv.base + y0 * lv.pitch;
    if linear {
        (r0, lv.base + lv.ay.tap1(y0) * lv.pitch, b)
    } else {
        (r0, r0, 0)
    }
}

/// The levels of a quad's LOD decision as the level kernel resolves them (its plane walk,
/// axis units without texel offsets), `None` where it does not take them.
fn resolve(
    h: &TextureHeader,
    s: &SamplerHeader,
    level: u32,
    level2: Option<u32>,
    linear: bool,
) -> Option<(KernelLevel, KernelLevel)> {
    let zero = SampleRequest::new([[0; 4]; 4]);
    let lv = h.base_level.checked_add(level)?;
    let p0 = kernel_plane(h, lv)?;
    let l0 = KernelLevel::of_plane(p0, s, &zero, linear)?;
    let Some(level2) = level2 else { return Some((l0, l0)) };
    let p1 = match if level2 == level.wrapping_add(1) { kernel_plane_next(h, lv, p0) } else { None } {
        Some(p) => Some(p),
        None => h.base_level.checked_add(level2).and_then(|l| kernel_plane(h, l)),
    };
    Some((l0, KernelLevel::of_plane(p1?, s, &zero, linear)?))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    extern crate std;
    use super::super::rgba8::tests::{coord, header, request, sampler};
    use super::super::sample_quad;
    use super::*;
    use crate::descriptor::{Format, WrapMode};
    use crate::lod::LodSource;
    use core::sync::atomic::{AtomicU32, Ordering::Relaxed};
    use proptest::prelude::*;
    use std::vec::Vec;

    static TOTAL: AtomicU32 = AtomicU32::new(0);
    static FAST: AtomicU32 = AtomicU32::new(0);

    /// A batch of quads: most of them real quads on a screen grid (steps of one sample,
    /// footprints from magnified to minified), the others arbitrary requests.
    fn batch() -> impl Strategy<Value = Vec<SampleRequest>> {
        (proptest::collection::vec((request(), any::<u8>(), coord(), coord(), 0u32..40, any::<u16>()), 0..40), 0u8..4)
            .prop_map(|(v, mode)| {
                v.into_iter()
                    .map(|(r, k, s0, t0, scale, bias)| {
                        if k < 128 && mode != 0 {
                            // A grid quad: lane steps of `2^-scale` from lane 0.
                            let step = crate::fp::ratio_to_f32_bits(1, 1 << (scale % 30), 0);
                            let add = |c: u32| crate::fp::f32_add(c, step);
                            let mut q = SampleRequest {
                                coords: [
                                    [s0, t0, 0, r.coords[0][3]],
                                    [add(s0), t0, 0, r.coords[0][3]],
                                    [s0, add(t0), 0, r.coords[0][3]],
                                    [add(s0), add(t0), 0, r.coords[0][3]],
                                ],
                                ..r
                            };
                            q.grads = None;
                            if k < 64 {
                                q.lod = LodSource::Derivatives {
                                    bias: if bias & 1 == 0 { 0 } else { u32::from(bias) << 16 },
                                };
                                q.offset = if mode == 3 { r.offset } else { [0; 3] };
                            }
                            q
                        } else {
                            r
                        }
                    })
                    .collect()
            })
    }

    /// Whole chunks of kernel quads (where the output stage interleaves a chunk's lanes in one
    /// pass): RGBA8 and BGRA8, with the identity swizzle and another, bilinear and
    /// trilinear, every form, against `sample_quad` quad by quad.
    #[test]
    fn full_chunks_match_sample_quad() {
        use crate::descriptor::{Swizzle, SwizzleSource as S};
        use crate::memory::texture_bytes;
        let lin = SamplerHeader {
            wrap: [WrapMode::Repeat; 3],
            mag_filter: Filter::Linear,
            min_filter: Filter::Linear,
            mip_filter: MipFilter::None,
            ..SamplerHeader::default()
        };
        let tri = SamplerHeader { mip_filter: MipFilter::Linear, ..lin };
        let f = |v: u32, d: u32| crate::fp::ratio_to_f32_bits(i64::from(v), u64::from(d), 0);
        // 3 chunks and a short one; 1.5 texels per sample on level 0 of a 64 × 64 texture
        // (λ ≈ 0.58: two levels), or 1/8 texel (one level).
        let grid = |step: u32, den: u32| -> Vec<SampleRequest> {
            (0..CHUNK as u32 * 3 + 5)
                .map(|i| {
                    let (x, y) = (2 * i * step + 1, 2 * (i / 7) * step + 3);
                    let c = |dx: u32, dy: u32| [f(x + dx * step, den), f(y + dy * step, den), 0, 0];
                    SampleRequest::new([c(0, 0), c(1, 0), c(0, 1), c(1, 1)])
                })
                .collect()
        };
        let swizzles = [Swizzle::IDENTITY, Swizzle([S::B, S::R, S::A, S::G])];
        let mut fast = 0;
        for format in [Format::RGBA8_UNORM, Format::BGRA8_UNORM] {
            for swizzle in swizzles {
                let h = TextureHeader { swizzle, ..TextureHeader::new(TextureType::TwoD, format, 64, 64, 1, 7) };
                let mem: Vec<u8> = (0..texture_bytes(&h) as u32)
                    .map(|i| i.wrapping_mul(2_654_435_761).wrapping_shr(13) as u8)
                    .collect();
                for (s, reqs) in [(lin, grid(1, 8 * 64)), (tri, grid(3, 2 * 64))] {
                    fast += u32::from(Kernel::new(&h, &s).is_some() || Levels::new(&h, &s).is_some());
                    let want: Vec<Quad> =
                        reqs.iter().map(|r| sample_quad(Ok(&h), Ok(&s), &mem[..], r).unwrap()).collect();
                    for form in 0..4 {
                        let mut got = std::vec![[[9u32; 4]; 4]; reqs.len()];
                        let r = match form {
                            0 => batch_into::<false, false, _>(Ok(&h), Ok(&s), &mem[..], &reqs, &mut got),
                            1 => batch_into::<true, false, _>(Ok(&h), Ok(&s), &mem[..], &reqs, &mut got),
                            2 => batch_into::<false, true, _>(Ok(&h), Ok(&s), &mem[..], &reqs, &mut got),
                            _ => batch_into::<true, true, _>(Ok(&h), Ok(&s), &mem[..], &reqs, &mut got),
                        };
                        assert_eq!(r, Ok(()));
                        assert!(got == want, "{format:?} {swizzle:?} form {form}");
                    }
                }
            }
        }
        // Every case runs through the kernels.
        assert_eq!(fast, 8);
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 4_000, ..ProptestConfig::default() })]

        /// Every quad of a batch equals `sample_quad` of its request (results; failing
        /// quads hold zeros) and the first error is the first failing quad's, for the
        /// RGBA8 kernels' domain and around it: other formats and types, samplers
        /// (LOD-free, mipmapped, anisotropic, every wrap), texel offsets out of range,
        /// invalid and out-of-rule views and samplers, unaligned and short memory, and
        /// output slices shorter than the requests.
        #[test]
        fn batch_matches_sample_quad(
            h in header(),
            s in sampler(),
            reqs in batch(),
            bad in any::<[u8; 4]>(),
            kind in 0u8..16,
            kernel_sampler in 0u8..3,
            invalid in 0u8..24,
            mem_len in prop_oneof![0usize..64, 0usize..4096, Just(4096usize)],
            skew in 0usize..4,
            fit in 0u8..4,
            short in 0usize..3,
        ) {
            let mem: Vec<u8> = (0..(mem_len + 4) as u32).map(|i| i.wrapping_mul(2_654_435_761).wrapping_shr(11) as u8).collect();
            let mem = &mem[skew..skew + mem_len];
            let mut h = TextureHeader { base_address: h.base_address & !3, ..h };
            if fit > 0 {
                // A valid pitch-linear header (the kernels' domain) most of the time.
                let full = 32 - h.width.max(h.height).leading_zeros();
                let depth = if h.ty == TextureType::TwoDArray { h.depth } else { 1 };
                h = TextureHeader { layout: Layout::PitchLinear, depth, levels: h.levels.clamp(1, full), base_level: 0, ..h };
                if kind < 4 {
                    h.ty = TextureType::TwoD;
                }
                if h.ty == TextureType::TwoDNoMipmap {
                    h.levels = 1;
                }
            }
            // Types and formats outside the kernels.
            match kind {
                8 => h.format = Format::R8_UNORM,
                9 => h.format = Format::ALL[usize::from(bad[0]) % Format::ALL.len()],
                10 => h.ty = TextureType::ALL[usize::from(bad[1]) % TextureType::ALL.len()],
                11 => h.srgb = true,
                12 => h.ty = TextureType::Cube,
                _ => {}
            }
            let mut s = match kernel_sampler {
                0 => {
                    let t = if h.height.is_power_of_two() { WrapMode::Repeat } else { WrapMode::ClampToEdge };
                    SamplerHeader { mip_filter: MipFilter::None, min_filter: s.mag_filter, max_anisotropy_log2: 0, wrap: [WrapMode::ClampToEdge, t, WrapMode::Repeat], ..s }
                }
                1 => SamplerHeader { max_anisotropy_log2: 0, wrap: [WrapMode::Repeat, WrapMode::ClampToEdge, WrapMode::Repeat], ..s },
                _ => s,
            };
            let mut reqs = reqs;
            for (i, b) in bad.iter().enumerate() {
                if let Some(r) = reqs.get_mut(usize::from(*b) % 48) {
                    if b & 3 == 0 {
                        r.offset[i % 3] = if b & 4 == 0 { 8 } else { -9 };
                    }
                }
            }
            match invalid {
                1 => h.levels = 18,
                2 => h.depth = 0,
                3 => h.width = 65_537,
                4 => s.max_anisotropy_log2 = 5,
                _ => {}
            }
            let view = if invalid == 5 { Err(crate::handle::Invalid::HeaderAboveMaximum(1)) } else { Ok(&h) };
            let sampler = if invalid == 6 { Err(crate::handle::Invalid::HeaderAboveMaximum(2)) } else { Ok(&s) };
            // Two of the four forms (passes and LOD decisions in lane arrays or not), whichever
            // this target's `sample_batch_into` runs.
            let run = |form: u8, reqs: &[SampleRequest], out: &mut [Quad]| match form & 3 {
                0 => batch_into::<false, false, _>(view, sampler, mem, reqs, out),
                1 => batch_into::<true, false, _>(view, sampler, mem, reqs, out),
                2 => batch_into::<false, true, _>(view, sampler, mem, reqs, out),
                _ => batch_into::<true, true, _>(view, sampler, mem, reqs, out),
            };
            let form = kind.wrapping_add(bad[3]) & 3;
            let n_out = reqs.len().saturating_sub(short);
            let mut got: Vec<Quad> = std::vec![[[9u32; 4]; 4]; n_out];
            let r = run(form, &reqs, &mut got);
            let mut other: Vec<Quad> = std::vec![[[5u32; 4]; 4]; n_out];
            prop_assert_eq!(run(form ^ (1 + bad[2] % 3), &reqs, &mut other), r);
            prop_assert_eq!(&other, &got);
            let mut api: Vec<Quad> = std::vec![[[3u32; 4]; 4]; n_out];
            prop_assert_eq!(sample_batch_into(view, sampler, mem, &reqs, &mut api), r);
            prop_assert_eq!(&api, &got);
            let mut first = Ok(());
            for (i, (req, g)) in reqs.iter().zip(got.iter()).enumerate() {
                let want = sample_quad(view, sampler, mem, req);
                prop_assert_eq!(*g, *want.as_ref().unwrap_or(&[[0; 4]; 4]), "quad {}", i);
                if let (Err(e), true) = (want, first.is_ok()) {
                    first = Err((i, e));
                }
                // One quad alone: its own error.
                let mut one = [[[7u32; 4]; 4]];
                let r1 = run(form, core::slice::from_ref(req), &mut one);
                prop_assert_eq!(r1, want.map(|_| ()).map_err(|e| (0, e)));
                prop_assert_eq!(one[0], *g);
            }
            prop_assert_eq!(r, first);
            // Many generated batches must reach the kernels.
            let fast = matches!((checked_view(view), checked_sampler(sampler)), (Ok(h), Ok(s)) if Kernel::new(h, s).is_some() || Levels::new(h, s).is_some());
            let t = TOTAL.fetch_add(1, Relaxed) + 1;
            let f = FAST.fetch_add(u32::from(fast), Relaxed) + u32::from(fast);
            prop_assert!(t < 1000 || f > t / 10, "kernels reached {} / {}", f, t);
        }
    }
}
