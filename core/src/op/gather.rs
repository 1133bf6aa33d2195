//! Gather: TGSI `GATHER4` and NVIDIA `TLD4S` — the four texels of the
//! bilinear footprint at the view's base level, unfiltered (D3D11 gather4).
//!
//! ## Footprint and order
//!
//! With the LINEAR texel selection of [`crate::filter`] at the base level (`i0, j0` from
//! `U − 128`, the sampler's wrap modes applied to each tap on its own, CLAMP_TO_BORDER taps
//! reading the border texel), the four results are, in this order,
//!
//! `S0 = τ(i0, j1)`, `S1 = τ(i1, j1)`, `S2 = τ(i1, j0)`, `S3 = τ(i0, j0)`
//!
//! — GATHER4's `(−,+), (+,+), (+,−), (−,−)` (x, y, z, w of the result), which is TLD4S's
//! "counter-clockwise starting at lower left" (v grows downward). No LOD is computed: bias
//! and min/max LOD have no effect.
//!
//! ## Component
//!
//! The selected component is taken **after** the Gallium component table and the view's
//! swizzle, as `TEX` would return it (VK "converted … then swizzled"). `GATHER4` returns the
//! table's constants for components a format lacks (R8 `.w` → 1.0); `TLD4S` returns **zero**
//! for a component the format lacks (NVIDIA TLD4S) — swizzle constants are still returned.
//!
//! ## Offsets and compare
//!
//! A single offset `(Δu, Δv)` moves `(i0, j0)` before the `+1` neighbours; GATHER4 accepts
//! −32 … +31 per component (D3D `gather4_po`), TLD4S `.AOFFI` packs three 6-bit two's
//! complement fields `((w & 0x3f) << 16) | ((v & 0x3f) << 8) | (u & 0x3f)`. Offsets are not
//! allowed on cube maps. With a reference (GATHER4 compare form, TLD4S `.DC`) each of the four
//! texels' **depth** (component x of the table, i.e. red) is compared ([`crate::compare`])
//! and the result is 1.0 or 0.0.
//!
//! ## Cube maps
//!
//! The seamless rules of [`crate::filter`] apply when the sampler's `seamless_cube` is set:
//! a tap across an edge reads the adjacent face; a tap off a corner does not exist and is
//! synthesized as the **average of the three real taps** (exact, then RNE: with compare that
//! is 0, ⅓, ⅔ or 1). For integer formats the average is `floor((a + b + c) / 3)`, for binary32
//! formats the median of the three (exact and within their range).

// Indices are fixed-size-array positions (taps 0..4, components 0..4), never input-derived.
#![allow(clippy::indexing_slicing)]

use crate::compare::{compare, CompareError};
use crate::coord::{cube_face, cube_texel_fixed, select_layer, texel_fixed, texel_fixed_i32};
use crate::descriptor::WrapMode;
use crate::descriptor::{CompareFunc, ComponentLayout, SamplerHeader, SwizzleSource, TextureHeader, TextureType};
use crate::filter::cube_tap;
use crate::fp::{
    f16_to_f32_bits, f32_to_f16_mode, ratio128_to_f32_bits, ratio_to_f16_bits, ratio_to_f32_bits, F16Rounding,
};
use crate::handle::{checked_sampler, checked_view, Bindings, HandleSource, Invalid};
use crate::memory::{TexelCoord, TexelMemory};
use crate::op::read_texel;
use crate::op::rgba8::unorm8_top_word;
use crate::op::sample::rgba8::{byte_order, kernel_level, KernelAxis};
use crate::texel::{border_texel, domains, unorm_from_f32, Domain, Texel};
use crate::wrap::{wrap, wrap_i32, Wrapped};

/// A gather the model rejects.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum GatherError {
    /// The view type cannot be gathered (GATHER4: 2D, 2D array, cube, cube array only).
    TextureType,
    /// Offset outside the allowed range (component index).
    OffsetRange(u8),
    /// Offsets on a cube map (NVIDIA TLD4S: "AOFFI is not supported with CubeMap textures").
    OffsetOnCube,
    /// Depth compare on a 3D texture (NVIDIA TLD4S: "not supported by 3D textures").
    CompareOn3D,
    /// Depth compare on an integer format.
    Compare,
    /// Component index above 3.
    Component,
}

/// One gathered value before output conversion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Val {
    /// A component value in a domain.
    V(Domain, i64),
    /// A compare result (0 or 1).
    Pass(bool),
    /// A synthesized cube-corner value: `num / (den_mul × D)` in the domain (norm/F16 as
    /// fixed sums), or a pass count out of 3.
    Corner3(Domain, i128),
    /// Compare corner: passes out of 3.
    PassCorner(u8),
    /// Swizzle constant 0 / 1 (integer or float).
    Const(bool, bool),
}

struct Gatherer<'a, M: TexelMemory + ?Sized> {
    h: &'a TextureHeader,
    s: &'a SamplerHeader,
    mem: &'a M,
    border: Texel,
    comp: SwizzleSource,
    lacks_zero: bool,
    reference: Option<u32>,
}

/// One footprint texel's gathered value: the component `v` in `domain`, or with a
/// reference `(func, ref)` the compare result ([`compare`]).
fn texel_value(domain: Domain, v: i64, reference: Option<(CompareFunc, u32)>) -> Result<Val, CompareError> {
    match reference {
        Some((func, r)) => compare(func, domain, r, v).map(Val::Pass),
        None => Ok(Val::V(domain, v)),
    }
}

/// The per-texel stage of gather (the `gather_cmp` stage unit of the HDL vectors): one
/// footprint texel's selected component `v` (raw, in `domain`, as [`crate::texel::decode`]
/// gives it) → the binary32 word `gather4` / `tld4s` (without `.F16`) return for it.
///
/// * Without a reference: UNORM/SNORM `v / D` rounded to nearest even, binary16 widened
///   exactly, binary32 unchanged, UINT/SINT the raw integer's low 32 bits.
/// * With a reference `(func, ref)`: `ref OP v` ([`compare`]) → 1.0 (`0x3F80_0000`) or +0.
///   Integer domains cannot be compared: [`CompareError`] (`gather4` / `tld4s` reject the
///   whole instruction with [`GatherError::Compare`]).
///
/// Swizzle constants, cube-corner synthesis and the `.F16` output are the op's, not this
/// stage's.
pub fn gather_texel(domain: Domain, v: i64, reference: Option<(CompareFunc, u32)>) -> Result<u32, CompareError> {
    texel_value(domain, v, reference).map(|x| to_word(x, OutMode::F32))
}

impl<M: TexelMemory + ?Sized> Gatherer<'_, M> {
    fn value(&self, t: Texel) -> Val {
        let d = domains(self.h.format, self.h.srgb);
        if let Some(r) = self.reference {
            // Integer formats are rejected before the footprint is read (GatherError::Compare).
            return texel_value(d[0], t.0[0], Some((self.s.compare_func, r))).unwrap_or(Val::Pass(false));
        }
        let idx = match self.comp {
            SwizzleSource::R => 0usize,
            SwizzleSource::G => 1,
            SwizzleSource::B => 2,
            SwizzleSource::A => 3,
            SwizzleSource::Zero => return Val::Const(false, d[0].is_integer()),
            SwizzleSource::One => return Val::Const(true, d[0].is_integer()),
        };
        if self.lacks_zero && !stored(self.h.format.layout(), idx) {
            return Val::V(Domain::Uint, 0);
        }
        texel_value(d[idx], t.0[idx], None).unwrap_or(Val::V(Domain::Uint, 0))
    }

    fn texel(&self, c: TexelCoord) -> Val {
        self.value(read_texel(self.h, self.mem, &c).unwrap_or_default())
    }

    fn border(&self) -> Val {
        self.value(self.border)
    }
}

/// Whether component `i` of the Gallium table comes from a stored channel.
const fn stored(layout: ComponentLayout, i: usize) -> bool {
    match layout {
        ComponentLayout::R => i == 0,
        ComponentLayout::Rg => i <= 1,
        ComponentLayout::Rgb | ComponentLayout::L | ComponentLayout::Z => i <= 2,
        ComponentLayout::A => i == 3,
        ComponentLayout::Rgba | ComponentLayout::La | ComponentLayout::I | ComponentLayout::S => true,
    }
}

/// The average (or median/floor) of three real corner taps.
fn corner(vals: [Val; 3]) -> Val {
    if let [Val::Pass(a), Val::Pass(b), Val::Pass(c)] = vals {
        return Val::PassCorner(u8::from(a) + u8::from(b) + u8::from(c));
    }
    let mut d = Domain::Unorm(1);
    let mut v = [0i64; 3];
    for (i, x) in vals.iter().enumerate() {
        match x {
            Val::V(dd, vv) => {
                d = *dd;
                v[i] = *vv;
            }
            Val::Const(..) => return *x,
            _ => return Val::V(Domain::Uint, 0),
        }
    }
    match d {
        // Texel codes are below 2^33 and binary16 magnitudes as fixed point below 2^41, so
        // the sums of three are exact in 64 bits.
        Domain::Unorm(_) | Domain::Snorm(_) => Val::Corner3(d, i128::from(v[0] + v[1] + v[2])),
        Domain::F16 => {
            let f = |h: i64| -> i64 {
                let h = h as u16;
                let e = i32::from((h >> 10) & 0x1F);
                let m = i64::from(h & 0x3FF);
                let mag = if e == 0 { m } else { (1024 + m) << (e - 1) };
                if h & 0x8000 != 0 {
                    -mag
                } else {
                    mag
                }
            };
            Val::Corner3(d, i128::from(f(v[0]) + f(v[1]) + f(v[2])))
        }
        Domain::Uint => Val::V(d, (v[0] + v[1] + v[2]).div_euclid(3)),
        Domain::Sint => Val::V(d, (v[0] + v[1] + v[2]).div_euclid(3)),
        Domain::F32 => {
            let key = |b: i64| {
                let b = b as u32;
                let m = i64::from(b & 0x7FFF_FFFF);
                if b >> 31 == 1 {
                    -m
                } else {
                    m
                }
            };
            // The median: the middle of a stable sort by `key` (+0 and −0 tie; a stable
            // sort keeps their order, as the slice sort did for three elements). A
            // three-element insertion sort, without the slice sort's code and bounds checks.
            let [mut a, mut b, mut c] = v;
            if key(b) < key(a) {
                core::mem::swap(&mut a, &mut b);
            }
            if key(c) < key(b) {
                core::mem::swap(&mut b, &mut c);
                if key(b) < key(a) {
                    core::mem::swap(&mut a, &mut b);
                }
            }
            let _ = (a, c);
            Val::V(d, b)
        }
    }
}

/// How the results are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum OutMode {
    F32,
    F16(F16Rounding),
}

fn to_word(v: Val, mode: OutMode) -> u32 {
    let f32w = match v {
        Val::Pass(p) => {
            return match mode {
                OutMode::F32 => {
                    if p {
                        0x3F80_0000
                    } else {
                        0
                    }
                }
                OutMode::F16(_) => {
                    if p {
                        0x3C00
                    } else {
                        0
                    }
                }
            }
        }
        Val::PassCorner(k) => {
            return match mode {
                OutMode::F32 => ratio_to_f32_bits(i64::from(k), 3, 0),
                OutMode::F16(r) => u32::from(ratio_to_f16_bits(i64::from(k), 3, 0, r)),
            }
        }
        Val::Const(one, int) => {
            return match (mode, one, int) {
                (_, false, _) => 0,
                (OutMode::F32, true, true) => 1,
                (OutMode::F32, true, false) => 0x3F80_0000,
                (OutMode::F16(_), true, true) => 0,
                (OutMode::F16(_), true, false) => 0x3C00,
            }
        }
        Val::V(d, x) => (d, x, false),
        Val::Corner3(d, x) => (d, x as i64, true),
    };
    let (d, x, is_corner) = f32w;
    let corner_num = match v {
        Val::Corner3(_, n) => n,
        _ => 0,
    };
    // (UNORM / SNORM only below; a width no format has: `D` = 0, the result +0.)
    let den_of = |d: Domain| d.norm_den();
    match (mode, d) {
        (OutMode::F32, Domain::Unorm(_) | Domain::Snorm(_)) => {
            if is_corner {
                ratio128_to_f32_bits(corner_num, den_of(d) * 3, 0)
            } else {
                ratio_to_f32_bits(x, den_of(d), 0)
            }
        }
        (OutMode::F32, Domain::F16) => {
            if is_corner {
                ratio128_to_f32_bits(corner_num, 3, 24)
            } else {
                f16_to_f32_bits(x as u16)
            }
        }
        (OutMode::F32, _) => x as u32,
        (OutMode::F16(r), Domain::Unorm(_) | Domain::Snorm(_)) => {
            let (num, den) = if is_corner { (corner_num as i64, den_of(d) * 3) } else { (x, den_of(d)) };
            u32::from(ratio_to_f16_bits(num, den, 0, r))
        }
        (OutMode::F16(r), Domain::F16) => {
            if is_corner {
                u32::from(ratio_to_f16_bits(corner_num as i64, 3, 24, r))
            } else {
                // Exact: binary16 texels are returned unchanged (NaN quieted by the round trip).
                u32::from(f32_to_f16_mode(f16_to_f32_bits(x as u16), r))
            }
        }
        (OutMode::F16(r), Domain::F32) => u32::from(f32_to_f16_mode(x as u32, r)),
        // `.F16` on integer formats is UNPREDICTABLE in NVIDIA's TLD4S: texcore returns 0.
        (OutMode::F16(_), Domain::Uint | Domain::Sint) => 0,
    }
}

/// The four footprint values `[S0, S1, S2, S3]` of one lane.
fn footprint<M: TexelMemory + ?Sized>(g: &Gatherer<'_, M>, c: [u32; 4], offset: [i32; 2]) -> [Val; 4] {
    let h = g.h;
    let level = h.base_level;
    match h.ty {
        TextureType::Cube | TextureType::CubeArray => {
            let cube = if h.ty == TextureType::CubeArray { select_layer(c[3], h.depth) } else { 0 };
            let f = cube_face(c[0], c[1], c[2]);
            let n = h.level_width(level);
            let u = cube_texel_fixed(f.s, n) - 128;
            let v = cube_texel_fixed(f.t, n) - 128;
            let (i0, j0) = (u >> 8, v >> 8);
            let order = [(i0, j0 + 1), (i0 + 1, j0 + 1), (i0 + 1, j0), (i0, j0)];
            let mut out = [Val::V(Domain::Uint, 0); 4];
            let mut missing = None;
            for (k, (i, j)) in order.iter().enumerate() {
                let loc = if g.s.seamless_cube {
                    cube_tap(f.face, *i, *j, n)
                } else {
                    match (wrap(g.s.wrap[0], *i, n), wrap(g.s.wrap[1], *j, n)) {
                        (Wrapped::Texel(x), Wrapped::Texel(y)) => Some((f.face, x, y)),
                        _ => Some((u32::MAX, 0, 0)),
                    }
                };
                out[k] = match loc {
                    None => {
                        missing = Some(k);
                        Val::V(Domain::Uint, 0)
                    }
                    Some((u32::MAX, _, _)) => g.border(),
                    Some((face, x, y)) => g.texel(TexelCoord { x, y, z: 0, layer: cube * 6 + face, level, sample: 0 }),
                };
            }
            if let Some(m) = missing {
                // The three real taps, in footprint order after the missing one.
                let [a, b, c, d] = out;
                let others = match m {
                    0 => [b, c, d],
                    1 => [c, d, a],
                    2 => [d, a, b],
                    _ => [a, b, c],
                };
                let v = corner(others);
                out = match m {
                    0 => [v, b, c, d],
                    1 => [a, v, c, d],
                    2 => [a, b, v, d],
                    _ => [a, b, c, v],
                };
            }
            out
        }
        _ => {
            let layer = if h.ty.is_array() { select_layer(c[3], h.depth) } else { 0 };
            let (w, hh) = (h.level_width(level), h.level_height(level));
            let u = texel_fixed(c[0], w, g.s.wrap[0]) + i64::from(offset[0]) * 256 - 128;
            let v = texel_fixed(c[1], hh, g.s.wrap[1]) + i64::from(offset[1]) * 256 - 128;
            let (i0, j0) = (u >> 8, v >> 8);
            let order = [(i0, j0 + 1), (i0 + 1, j0 + 1), (i0 + 1, j0), (i0, j0)];
            order.map(|(i, j)| match (wrap(g.s.wrap[0], i, w), wrap(g.s.wrap[1], j, hh)) {
                (Wrapped::Texel(x), Wrapped::Texel(y)) => g.texel(TexelCoord { x, y, z: 0, layer, level, sample: 0 }),
                _ => g.border(),
            })
        }
    }
}

/// A wrapped index of [`GatherAxis::pair`] that selects the border (CLAMP_TO_BORDER outside
/// the texture); texel indices are below the size, at most 2^16.
const BORDER: u32 = u32::MAX;

/// One axis of [`gather4_rgba8`]: the coordinate and wrap units with the texel offset.
#[derive(Clone, Copy)]
enum GatherAxis {
    /// CLAMP_TO_EDGE, or REPEAT on a power of two: the single-level kernel's axis unit.
    Kernel(KernelAxis),
    /// The other modes: [`texel_fixed_i32`] plus `off` (`256 × offset − 128`), then
    /// [`wrap_i32`] of each tap.
    Wrap { size: u32, mode: WrapMode, off: i32 },
}

impl GatherAxis {
    /// Out of line: one copy serves both axes.
    #[inline(never)]
    fn new(size: u32, mode: WrapMode, offset: i32) -> GatherAxis {
        match KernelAxis::new(size, mode, true) {
            Some(k) => GatherAxis::Kernel(k.offset(offset)),
            None => GatherAxis::Wrap { size, mode, off: offset * 256 - 128 },
        }
    }

    /// The wrapped indices of the taps `i0 = (U − 128 + 256 × offset) >> 8` and `i0 + 1`
    /// for the binary32 coordinate `s` ([`BORDER`] for the border): those of
    /// [`footprint`]'s non-cube branch. Inline on Arm (fewer instructions per lane, within
    /// the code budget there); elsewhere out of line, one copy serving both axes.
    #[cfg_attr(target_arch = "arm", inline(always))]
    #[cfg_attr(not(target_arch = "arm"), inline(never))]
    fn pair(&self, s: u32) -> (u32, u32) {
        match *self {
            GatherAxis::Kernel(k) => k.pair(k.fixed(s)),
            GatherAxis::Wrap { size, mode, off } => wrap_pair(s, size, mode, off),
        }
    }
}

/// [`GatherAxis::pair`] for the modes outside the kernel's (out of line where that is
/// inline, inline in its one copy elsewhere).
#[cfg_attr(target_arch = "arm", inline(never))]
#[cfg_attr(not(target_arch = "arm"), inline(always))]
fn wrap_pair(s: u32, size: u32, mode: WrapMode, off: i32) -> (u32, u32) {
    let i0 = (texel_fixed_i32(s, size, mode) + off) >> 8;
    let w = |i: i32| match wrap_i32(mode, i, size) {
        Wrapped::Texel(x) => x,
        Wrapped::Border => BORDER,
    };
    (w(i0), w(i0 + 1))
}

/// `gather4` without a reference on the RGBA8 word path: level 0 of a single-layer
/// pitch-linear RGBA8 / BGRA8 texture (not sRGB, [`byte_order`], [`kernel_level`]) in
/// 4-byte-aligned memory read as little-endian words, and a component taken from a stored
/// channel. Per quad: the axis units with the offset, the word base and pitch, the
/// component's byte and, only under CLAMP_TO_BORDER, the border word; per lane: two
/// coordinate and wrap units ([`GatherAxis::pair`]: for CLAMP_TO_EDGE and power-of-two
/// REPEAT the single-level kernel's shift with RNE and exact wrap, [`KernelAxis::pair`]),
/// four word loads (a word outside the memory reads as zero) and four byte conversions.
///
/// Every such texture has one layer (the array layer selected is 0) and its view starts at
/// level 0, so the footprint is [`footprint`]'s non-cube branch. Sizes are at most 2^16
/// (a validated header), so the 32-bit coordinate unit's saturation at `±2^30` plus an
/// offset (`|256 × offset − 128| < 2^14`) lies beyond every texel as the general unit's does
/// (property test). `None` where this does not apply (other formats and layouts, unaligned
/// or non-slice memory, a swizzle constant): the caller takes the general stages.
fn gather4_rgba8<M: TexelMemory + ?Sized>(
    h: &TextureHeader,
    s: &SamplerHeader,
    mem: &M,
    comp: SwizzleSource,
    address: &[[u32; 4]; 4],
    offset: [i32; 2],
) -> Option<[[u32; 4]; 4]> {
    let idx = match comp {
        SwizzleSource::R => 0u32,
        SwizzleSource::G => 1,
        SwizzleSource::B => 2,
        SwizzleSource::A => 3,
        SwizzleSource::Zero | SwizzleSource::One => return None,
    };
    let rgba = byte_order(h)?;
    let (base, pitch) = kernel_level(h)?;
    let ([], texels, _) = bytemuck::pod_align_to::<u8, u32>(mem.as_bytes()?) else { return None };
    let [ws, wt, _] = s.wrap;
    let (ax, ay) = (GatherAxis::new(h.width, ws, offset[0]), GatherAxis::new(h.height, wt, offset[1]));
    // The border texel of these formats holds component `idx` of the border colour as a
    // UNORM8 code (`border_texel`, RGBA layout), which gathers as any stored byte does.
    let border = if ws == WrapMode::ClampToBorder || wt == WrapMode::ClampToBorder {
        unorm8_top_word((unorm_from_f32(s.border_color[idx as usize], 8) as u32) << 24)
    } else {
        0
    };
    // BGRA stores z, y, x, w in bytes 0 … 3: components 0 and 2 swap bytes.
    let byte = if !rgba && idx & 1 == 0 { 2 - idx } else { idx };
    // The component's byte moved to the top of the word.
    let lsh = 24 - 8 * byte;
    // `row`: the word index of the row's first texel (for a texel row, below 2^32 as
    // [`kernel_level`] requires; a border row's is not used).
    let tap = |x: u32, y: u32, row: u32| {
        // Either index is [`BORDER`] (a texel index is below 2^16).
        if (x | y) >> 31 != 0 {
            border
        } else {
            texels
                .get(row.wrapping_add(x) as usize)
                .map_or(0, |t| unorm8_top_word((u32::from_le(*t) << lsh) & 0xFF00_0000))
        }
    };
    let row = |y: u32| base.wrapping_add(y.wrapping_mul(pitch));
    let mut out = [[0u32; 4]; 4];
    for (o, c) in out.iter_mut().zip(address) {
        let (x0, x1) = ax.pair(c[0]);
        let (y0, y1) = ay.pair(c[1]);
        let (r0, r1) = (row(y0), row(y1));
        // The taps in footprint order S0 … S3: written out on Arm (fewer instructions per
        // lane, within the code budget there), a loop over one tap unit elsewhere (the
        // smaller code).
        if cfg!(target_arch = "arm") {
            *o = [tap(x0, y1, r1), tap(x1, y1, r1), tap(x1, y0, r0), tap(x0, y0, r0)];
        } else {
            let taps = [(x0, y1, r1), (x1, y1, r1), (x1, y0, r0), (x0, y0, r0)];
            for (w, (x, y, r)) in o.iter_mut().zip(taps) {
                *w = tap(x, y, r);
            }
        }
    }
    Some(out)
}

/// TGSI `GATHER4 dst, address, SVIEW[n].c, SAMP[m]` (component `component` = 0 … 3 of the
/// swizzled result), with an optional offset (−32 … +31) and optional per-lane compare
/// reference. Returns `(S0, S1, S2, S3)` in `(x, y, z, w)` per lane (binary32 or raw
/// integers).
pub fn gather4<M: TexelMemory + ?Sized>(
    view: Result<&TextureHeader, Invalid>,
    sampler: Result<&SamplerHeader, Invalid>,
    mem: &M,
    address: &[[u32; 4]; 4],
    component: u8,
    offset: [i32; 2],
    reference: Option<[u32; 4]>,
) -> Result<[[u32; 4]; 4], GatherError> {
    let comp = match component {
        0 => 0usize,
        1 => 1,
        2 => 2,
        3 => 3,
        _ => return Err(GatherError::Component),
    };
    for (i, o) in offset.iter().enumerate() {
        if !(-32..=31).contains(o) {
            return Err(GatherError::OffsetRange(i as u8));
        }
    }
    let (Ok(h), Ok(s)) = (checked_view(view), checked_sampler(sampler)) else { return Ok([[0; 4]; 4]) };
    if !matches!(
        h.ty,
        TextureType::TwoD
            | TextureType::TwoDArray
            | TextureType::TwoDNoMipmap
            | TextureType::Cube
            | TextureType::CubeArray
    ) || h.samples() > 1
    {
        return Err(GatherError::TextureType);
    }
    if h.ty.is_cube() && offset != [0, 0] {
        return Err(GatherError::OffsetOnCube);
    }
    if reference.is_some() && domains(h.format, h.srgb)[0].is_integer() {
        return Err(GatherError::Compare);
    }
    if reference.is_none() {
        if let Some(out) = gather4_rgba8(h, s, mem, h.swizzle.0[comp], address, offset) {
            return Ok(out);
        }
    }
    let border = border_texel(h.format, h.srgb, s.border_color);
    Ok(gather4_general(h, s, mem, border, comp, address, offset, reference))
}

/// `gather4`'s lanes through the general stages (the checks passed).
#[allow(clippy::too_many_arguments)]
fn gather4_general<M: TexelMemory + ?Sized>(
    h: &TextureHeader,
    s: &SamplerHeader,
    mem: &M,
    border: Texel,
    comp: usize,
    address: &[[u32; 4]; 4],
    offset: [i32; 2],
    reference: Option<[u32; 4]>,
) -> [[u32; 4]; 4] {
    let mut out = [[0u32; 4]; 4];
    for (lane, o) in out.iter_mut().enumerate() {
        let g = Gatherer {
            h,
            s,
            mem,
            border,
            comp: h.swizzle.0.get(comp).copied().unwrap_or(SwizzleSource::R),
            lacks_zero: false,
            reference: reference.map(|r| r[lane]),
        };
        let c = address[lane];
        // GATHER4 address: 2D (s, t), 2D array (s, t, layer), cube (x, y, z), cube array (…, w).
        let canon = match h.ty {
            TextureType::TwoDArray => [c[0], c[1], 0, c[2]],
            _ => c,
        };
        *o = footprint(&g, canon, offset).map(|v| to_word(v, OutMode::F32));
    }
    out
}

/// TLD4S modifiers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Tld4sMods {
    /// `.R/.G/.B/.A`: 0 … 3.
    pub comp: u8,
    /// `.AOFFI`.
    pub aoffi: bool,
    /// `.DC`.
    pub dc: bool,
    /// `.F16` and its rounding mode (`FP16_ROUNDING_MODE`).
    pub f16: Option<F16Rounding>,
}

/// The scalar operands of TLD4S after the register unpacking of TLD4S's legal-modifier
/// table ([`Tld4sOperands::unpack`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Tld4sOperands {
    /// s (binary32).
    pub s: u32,
    /// t (binary32).
    pub t: u32,
    /// The packed `.AOFFI` word.
    pub toff: u32,
    /// The `.DC` reference (binary32).
    pub dc: u32,
}

impl Tld4sOperands {
    /// Seed 001's table: `(no AOFFI, no DC)`: Ra = s, Rb = t; `.DC`: Ra = {s, t}, Rb = dc;
    /// `.AOFFI`: Ra = {s, t}, Rb = toff; `.AOFFI.DC`: Ra = {s, t}, Rb = {toff, dc}.
    /// `ra`/`rb` are the registers starting at Ra and Rb.
    pub const fn unpack(mods: Tld4sMods, ra: [u32; 2], rb: [u32; 2]) -> Tld4sOperands {
        match (mods.aoffi, mods.dc) {
            (false, false) => Tld4sOperands { s: ra[0], t: rb[0], toff: 0, dc: 0 },
            (false, true) => Tld4sOperands { s: ra[0], t: ra[1], toff: 0, dc: rb[0] },
            (true, false) => Tld4sOperands { s: ra[0], t: ra[1], toff: rb[0], dc: 0 },
            (true, true) => Tld4sOperands { s: ra[0], t: ra[1], toff: rb[0], dc: rb[1] },
        }
    }

    /// Registers read from Ra and Rb (1 = scalar, 2 = vec2).
    pub const fn widths(mods: Tld4sMods) -> (u8, u8) {
        match (mods.aoffi, mods.dc) {
            (false, false) => (1, 1),
            (false, true) | (true, false) => (2, 1),
            (true, true) => (2, 2),
        }
    }
}

/// Decodes an `.AOFFI` word into `(u, v, w)`, each a 6-bit two's complement −32 … +31.
pub const fn aoffi_decode(toff: u32) -> (i32, i32, i32) {
    (sext6(toff), sext6(toff >> 8), sext6(toff >> 16))
}

const fn sext6(v: u32) -> i32 {
    (((v & 0x3F) as i32) << 26) >> 26
}

/// Encodes `(u, v, w)` into an `.AOFFI` word (each taken modulo 64).
pub const fn aoffi_encode(u: i32, v: i32, w: i32) -> u32 {
    (((w as u32) & 0x3F) << 16) | (((v as u32) & 0x3F) << 8) | ((u as u32) & 0x3F)
}

/// The register results of TLD4S: `rd0` and `rd1` vec2s (`{S0, S1}`, `{S2, S3}`), or with
/// `.F16` one register each (`rd0[0] = S1 << 16 | S0`, `rd1[0] = S3 << 16 | S2`; `count` 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Tld4sResult {
    /// Registers written at Rd0.
    pub rd0: [u32; 2],
    /// Registers written at Rd1.
    pub rd1: [u32; 2],
    /// Registers per destination (2, or 1 with `.F16`).
    pub count: u8,
}

/// NVIDIA `TLD4S` for one lane: handle from the constant bank, 2D footprint at the base
/// level. Textures that are not 2D-class (TLD4S implies `#paramA = 2D`; 2D arrays read
/// layer 0) return zeros; `.AOFFI` on a cube and `.DC` on a 3D texture are rejected. An
/// invalid texture returns zeros.
pub fn tld4s<M: TexelMemory + ?Sized>(
    bindings: &Bindings<'_>,
    source: HandleSource,
    mem: &M,
    mods: Tld4sMods,
    ops: Tld4sOperands,
) -> Result<Tld4sResult, GatherError> {
    let comp = match mods.comp {
        0 => SwizzleSource::R,
        1 => SwizzleSource::G,
        2 => SwizzleSource::B,
        3 => SwizzleSource::A,
        _ => return Err(GatherError::Component),
    };
    let mode = match mods.f16 {
        Some(r) => OutMode::F16(r),
        None => OutMode::F32,
    };
    let zeros = Tld4sResult { rd0: [0; 2], rd1: [0; 2], count: if mods.f16.is_some() { 1 } else { 2 } };
    let Ok(r) = bindings.resolve(source) else { return Ok(zeros) };
    let h = &r.header;
    if mods.aoffi && h.ty.is_cube() {
        return Err(GatherError::OffsetOnCube);
    }
    if mods.dc && h.ty == TextureType::ThreeD {
        return Err(GatherError::CompareOn3D);
    }
    if !matches!(h.ty, TextureType::TwoD | TextureType::TwoDArray | TextureType::TwoDNoMipmap) || h.samples() > 1 {
        return Ok(zeros);
    }
    if mods.dc && domains(h.format, h.srgb)[0].is_integer() {
        return Err(GatherError::Compare);
    }
    let sw_idx = comp as usize;
    let g = Gatherer {
        h,
        s: &r.sampler,
        mem,
        border: border_texel(h.format, h.srgb, r.sampler.border_color),
        comp: h.swizzle.0[sw_idx],
        lacks_zero: true,
        reference: if mods.dc { Some(ops.dc) } else { None },
    };
    let (u, v, _) = if mods.aoffi { aoffi_decode(ops.toff) } else { (0, 0, 0) };
    let vals = footprint(&g, [ops.s, ops.t, 0, 0], [u, v]);
    let w = vals.map(|x| to_word(x, mode));
    Ok(match mode {
        OutMode::F32 => Tld4sResult { rd0: [w[0], w[1]], rd1: [w[2], w[3]], count: 2 },
        OutMode::F16(_) => {
            Tld4sResult { rd0: [(w[1] << 16) | (w[0] & 0xFFFF), 0], rd1: [(w[3] << 16) | (w[2] & 0xFFFF), 0], count: 1 }
        }
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    extern crate std;
    use super::*;
    use crate::descriptor::{Filter, Format};
    use crate::op::rgba8::{unorm8_top_word, unorm8_word};
    use proptest::prelude::*;
    use std::vec::Vec;

    fn coord() -> impl Strategy<Value = u32> {
        prop_oneof![
            // Normalized coordinates in and around [0, 1], exactly representable steps.
            (-80i64..=1100).prop_map(|k| crate::fp::ratio_to_f32_bits(k, 1000, 0)),
            // |s| around the texture: exponents 100 … 160.
            (any::<bool>(), 100u32..160, 0u32..0x80_0000).prop_map(|(n, e, m)| u32::from(n) << 31 | e << 23 | m),
            any::<u32>(),
        ]
    }

    /// Headers of the fetch tests, half of them with power-of-two sizes (the kernel's REPEAT).
    fn header() -> impl Strategy<Value = TextureHeader> {
        (crate::op::fetch::tests::header(), any::<bool>(), 0u32..6, 0u32..6).prop_map(|(h, pow2, a, b)| {
            if pow2 {
                let height = if h.height == 1 { 1 } else { 1 << b };
                TextureHeader { width: 1 << a, height, levels: 1, base_level: 0, ..h }
            } else {
                h
            }
        })
    }

    /// The memory `bytes` as a 4-byte-aligned byte slice (`skew` bytes into it: 0 aligned).
    fn aligned(bytes: &[u8], skew: usize) -> (Vec<u32>, usize, usize) {
        let mut words = std::vec![0u32; bytes.len() / 4 + 2];
        bytemuck::cast_slice_mut::<u32, u8>(&mut words)[skew..skew + bytes.len()].copy_from_slice(bytes);
        (words, skew, bytes.len())
    }

    #[test]
    fn unorm8_top_word_is_the_byte_conversion_for_every_byte() {
        for v in 0..=255u32 {
            assert_eq!(unorm8_top_word(v << 24), unorm8_word(v), "v = {v}");
        }
    }

    /// RGBA8 / BGRA8 2D headers of every shape the word path takes (and a few it does not:
    /// unaligned bases and pitches), sizes around powers of two.
    fn rgba8_header() -> impl Strategy<Value = TextureHeader> {
        let size = || prop_oneof![(0u32..7).prop_map(|k| 1 << k), 1u32..70];
        (
            any::<bool>(),
            size(),
            size(),
            prop_oneof![Just(None), (0u32..3).prop_map(Some), Just(Some(1001))],
            prop_oneof![(0u32..8).prop_map(|w| 4 * w), 0u32..8],
            any::<bool>(),
            prop::array::uniform4(crate::op::fetch::tests::swizzle_source()),
        )
            .prop_map(|(bgra, w, hh, pitch, base, array, sw)| {
                let format = if bgra { Format::BGRA8_UNORM } else { Format::RGBA8_UNORM };
                let ty = if array { TextureType::TwoDArray } else { TextureType::TwoD };
                let mut h = TextureHeader::new(ty, format, w, hh, 1, 1);
                h.row_pitch = pitch.map_or(0, |p| if p == 1001 { w * 4 + 2 } else { (w + p) * 4 });
                h.base_address = base;
                h.swizzle = crate::descriptor::Swizzle(sw);
                h
            })
    }

    /// `gather4`'s RGBA8 word path (where it applies) and `gather4` itself against the
    /// general stages.
    #[allow(clippy::too_many_arguments)]
    fn check_word_path(
        h: &TextureHeader,
        bytes: &[u8],
        skew: usize,
        wrap: [u32; 3],
        border_color: [u32; 4],
        address: &[[u32; 4]; 4],
        comp: usize,
        offset: [i32; 2],
    ) -> Result<(), TestCaseError> {
        prop_assume!(h.validate().is_ok());
        let s = SamplerHeader {
            wrap: wrap.map(|c| WrapMode::from_code(c).unwrap_or(WrapMode::Repeat)),
            mag_filter: Filter::Linear,
            min_filter: Filter::Linear,
            border_color,
            ..SamplerHeader::default()
        };
        prop_assume!(s.validate().is_ok());
        let (words, skew, len) = aligned(bytes, skew);
        let mem = &bytemuck::cast_slice::<u32, u8>(&words)[skew..skew + len];
        let border = border_texel(h.format, h.srgb, s.border_color);
        let general = gather4_general(h, &s, mem, border, comp, address, offset, None);
        if let Some(fast) = gather4_rgba8(h, &s, mem, h.swizzle.0[comp], address, offset) {
            prop_assert_eq!(fast, general);
        }
        if matches!(h.ty, TextureType::TwoD | TextureType::TwoDArray) {
            prop_assert_eq!(gather4(Ok(h), Ok(&s), mem, address, comp as u8, offset, None), Ok(general));
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig { max_global_rejects: 1 << 20, ..ProptestConfig::default() })]

        /// The RGBA8 word path of `gather4` returns what the general stages return for every
        /// request it takes, and `gather4` returns that for every request.
        #[test]
        fn rgba8_word_path_equals_the_general_path(
            h in header(),
            bytes in prop::collection::vec(any::<u8>(), 0..8000),
            skew in prop_oneof![Just(0usize), 0usize..4],
            wrap in prop::array::uniform3(prop_oneof![Just(2u32), Just(0), 0u32..7]),
            border_color in prop::array::uniform4(prop_oneof![any::<u32>(), 0u32..0x3F80_0001]),
            address in prop::array::uniform4(prop::array::uniform4(coord())),
            comp in 0usize..4,
            offset in prop::array::uniform2(-32i32..32),
        ) {
            check_word_path(&h, &bytes, skew, wrap, border_color, &address, comp, offset)?;
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 2000, max_global_rejects: 1 << 20, ..ProptestConfig::default() })]

        /// The same on the RGBA8 / BGRA8 shapes the word path takes.
        #[test]
        fn rgba8_word_path_equals_the_general_path_on_its_shapes(
            h in rgba8_header(),
            bytes in prop::collection::vec(any::<u8>(), 0..20_000),
            skew in prop_oneof![Just(0usize), 0usize..4],
            wrap in prop::array::uniform3(prop_oneof![Just(2u32), Just(0), 0u32..7]),
            border_color in prop::array::uniform4(prop_oneof![any::<u32>(), 0u32..0x3F80_0001]),
            address in prop::array::uniform4(prop::array::uniform4(coord())),
            comp in 0usize..4,
            offset in prop::array::uniform2(prop_oneof![-32i32..32, Just(-32), Just(31)]),
        ) {
            check_word_path(&h, &bytes, skew, wrap, border_color, &address, comp, offset)?;
        }
    }

    proptest! {
        /// The kernel axis's two taps are the wrap unit's for every first-tap position the
        /// coordinate unit and a gather offset give.
        #[test]
        fn kernel_axis_pair_is_the_wrap_unit(
            size in prop_oneof![1u32..300, 1u32..=65536, (0u32..=16).prop_map(|k| 1 << k)],
            repeat in any::<bool>(),
            u in prop_oneof![-70_000i32..70_000, -(1i32 << 24)..1 << 24, -(1i32 << 30) - (1 << 14)..(1 << 30) + (1 << 14)],
        ) {
            let mode = if repeat { WrapMode::Repeat } else { WrapMode::ClampToEdge };
            if let Some(k) = KernelAxis::new(size, mode, true) {
                let w = |i: i32| match wrap_i32(mode, i, size) {
                    Wrapped::Texel(x) => x,
                    Wrapped::Border => BORDER,
                };
                prop_assert_eq!(k.pair(u), (w(u >> 8), w((u >> 8) + 1)));
            } else {
                prop_assert!(repeat && !size.is_power_of_two());
            }
        }
    }

    /// The word path takes the plain 2D gather in aligned memory, with the border and with
    /// the kernel's modes, and gives the general path's words.
    #[test]
    fn rgba8_word_path_takes_the_plain_2d_gather() {
        let h = TextureHeader::new(TextureType::TwoD, Format::RGBA8_UNORM, 8, 8, 1, 4);
        let bytes: Vec<u8> = (0..400u32).map(|i| (i * 37) as u8).collect();
        let (words, _, _) = aligned(&bytes, 0);
        let mem = bytemuck::cast_slice::<u32, u8>(&words);
        let address =
            [[0x3E80_0000, 0x3F00_0000, 0, 0], [0, 0, 0, 0], [0x3F80_0000; 4], [0xBF00_0000, 0x3F40_0000, 0, 0]];
        for mode in [WrapMode::ClampToBorder, WrapMode::ClampToEdge, WrapMode::Repeat, WrapMode::MirroredRepeat] {
            let s = SamplerHeader { wrap: [mode; 3], border_color: [0x3F00_0000; 4], ..SamplerHeader::default() };
            let border = border_texel(h.format, h.srgb, s.border_color);
            let fast = gather4_rgba8(&h, &s, mem, SwizzleSource::G, &address, [0, 0]).unwrap();
            assert_eq!(fast, gather4_general(&h, &s, mem, border, 1, &address, [0, 0], None), "{mode:?}");
        }
        // ½ / 255 rounds to the code 128: the border word is 128 / 255.
        let s = SamplerHeader {
            wrap: [WrapMode::ClampToBorder; 3],
            border_color: [0x3F00_0000; 4],
            ..SamplerHeader::default()
        };
        let out = gather4_rgba8(&h, &s, mem, SwizzleSource::R, &[[0xC000_0000, 0, 0, 0]; 4], [0, 0]).unwrap();
        assert_eq!(out[0], [unorm8_word(128); 4]);
    }
}
