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
//! filter, which is exactly what the LOD decision would give.

// Indices are lanes 0..4 and axes 0..2 of fixed-size arrays.
#![allow(clippy::indexing_slicing)]

use super::{lane_lod, LaneLod, SampleRequest};
use crate::coord::{select_layer, texel_fixed_i32};
use crate::descriptor::{Filter, Format, MipFilter, SamplerHeader, Swizzle, TextureHeader, TextureType, WrapMode};
use crate::filter::unorm8::{filter_rgba8, Bilerp8, Rgba8};
use crate::memory::{Plane, TexelMemory, TextureLayout};
use crate::output::swizzle;
use crate::texel::border_texel;
use crate::wrap::{wrap_i32, Wrapped};

/// Whether the texture's components are stored as R, G, B, A bytes (`false`: B, G, R, A).
fn byte_order(h: &TextureHeader) -> Option<bool> {
    if h.srgb || !matches!(h.ty, TextureType::TwoD | TextureType::TwoDNoMipmap | TextureType::TwoDArray) {
        return None;
    }
    match h.format {
        Format::RGBA8_UNORM => Some(true),
        Format::BGRA8_UNORM => Some(false),
        _ => None,
    }
}

/// One axis: the two tap indices (after wrap) and the weight of the second, 1/256.
#[derive(Clone, Copy)]
struct Axis {
    i: [Wrapped; 2],
    frac: u8,
}

#[inline]
fn axis(u: i32, linear: bool, mode: crate::descriptor::WrapMode, size: u32) -> Axis {
    if linear {
        let v = u - 128;
        let i0 = v >> 8;
        Axis { i: [wrap_i32(mode, i0, size), wrap_i32(mode, i0 + 1, size)], frac: (v & 255) as u8 }
    } else {
        let w = wrap_i32(mode, u >> 8, size);
        Axis { i: [w, w], frac: 0 }
    }
}

/// Samples a quad on the fast path, or `None` if the request is not eligible (the caller
/// then runs the general path). `mip` is the effective mip filter.
pub(super) fn quad<M: TexelMemory + ?Sized>(
    h: &TextureHeader,
    s: &SamplerHeader,
    mem: &M,
    req: &SampleRequest,
    mip: MipFilter,
) -> Option<[[u32; 4]; 4]> {
    let rgba = byte_order(h)?;
    let lod_free = mip == MipFilter::None && s.mag_filter == s.min_filter && s.max_anisotropy() == 1;
    let lods: [Option<LaneLod>; 4] = if lod_free {
        [None; 4]
    } else if req.grads.is_none() {
        let l = lane_lod(h, s, req, 0, mip, true);
        [Some(l); 4]
    } else {
        core::array::from_fn(|lane| Some(lane_lod(h, s, req, lane, mip, true)))
    };
    if lods.iter().flatten().any(|l| l.samples > 1) {
        return None;
    }
    let lay = TextureLayout::new(h);
    let uses_border = s.wrap[0] == WrapMode::ClampToBorder || s.wrap[1] == WrapMode::ClampToBorder;
    let border = if uses_border {
        let b = border_texel(h.format, h.srgb, s.border_color).0;
        pack(b[0], b[1], b[2], b[3])
    } else {
        0
    };
    // Planes of at most two distinct levels per quad; `None` in a slot = not computed.
    let mut cache: [(u32, Option<Plane>); 2] = [(u32::MAX, None); 2];
    let mut plane = |level: u32| -> Result<Option<Plane>, ()> {
        for (l, p) in cache.iter() {
            if *l == level {
                return Ok(*p);
            }
        }
        let p = match lay.geom(level) {
            None => None,
            // A level the 32-bit plane cannot address: the general path handles it.
            Some(g) => Some(lay.plane(&g).ok_or(())?),
        };
        let slot = if cache[0].0 == u32::MAX { 0 } else { 1 };
        cache[slot] = (level, p);
        Ok(p)
    };
    let array = h.ty == TextureType::TwoDArray;
    let identity = h.swizzle == Swizzle::IDENTITY;
    let mut out = [[0u32; 4]; 4];
    for (lane, o) in out.iter_mut().enumerate() {
        let (levels, delta, filt) = match lods[lane] {
            None => ([0, 0], 0u32, s.mag_filter),
            Some(l) => {
                ([l.sel.level, l.sel.level2], l.sel.delta, if l.sel.magnify { s.mag_filter } else { s.min_filter })
            }
        };
        let linear = filt == Filter::Linear;
        let c = req.coords[lane];
        let layer = if array { select_layer(c[3], h.depth) } else { 0 };
        let mut b = Bilerp8 { delta: delta as u8, ..Bilerp8::default() };
        let modes = [s.wrap[0], s.wrap[1]];
        let off = [req.offset[0], req.offset[1]];
        let st = [c[0], c[1]];
        if let Some(p) = plane(h.base_level + levels[0]).ok()? {
            (b.taps[0], b.frac[0]) = taps(&p, p.layer_base(layer), st, modes, off, linear, mem, rgba, border);
        }
        if delta != 0 {
            if let Some(p) = plane(h.base_level + levels[1]).ok()? {
                (b.taps[1], b.frac[1]) = taps(&p, p.layer_base(layer), st, modes, off, linear, mem, rgba, border);
            }
        }
        let words = filter_rgba8(&b);
        *o = if identity { words } else { swizzle(words, h.swizzle, false) };
    }
    Some(out)
}

/// The four taps (`[(i0, j0), (i1, j0), (i0, j1), (i1, j1)]`) and sub-texel weights of one
/// level. A layer outside the texture (`layer_base = None`) reads zeros; border taps read
/// `border`.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn taps<M: TexelMemory + ?Sized>(
    p: &Plane,
    layer_base: Option<u32>,
    st: [u32; 2],
    modes: [WrapMode; 2],
    off: [i32; 2],
    linear: bool,
    mem: &M,
    rgba: bool,
    border: Rgba8,
) -> ([Rgba8; 4], [u8; 2]) {
    let ax = axis(texel_fixed_i32(st[0], p.size[0], modes[0]) + off[0] * 256, linear, modes[0], p.size[0]);
    let ay = axis(texel_fixed_i32(st[1], p.size[1], modes[1]) + off[1] * 256, linear, modes[1], p.size[1]);
    let tap = |x: Wrapped, y: Wrapped| match (x, y, layer_base) {
        (Wrapped::Texel(x), Wrapped::Texel(y), Some(b)) => texel(mem, b + p.row(y) + p.col(x), rgba),
        (Wrapped::Texel(_), Wrapped::Texel(_), None) => 0,
        _ => border,
    };
    let [x0, x1] = ax.i;
    let [y0, y1] = ay.i;
    ([tap(x0, y0), tap(x1, y0), tap(x0, y1), tap(x1, y1)], [ax.frac, ay.frac])
}

/// Component codes (0 … 255) packed as [`Rgba8`].
fn pack(r: i64, g: i64, b: i64, a: i64) -> Rgba8 {
    let c = |v: i64| v.clamp(0, 255) as u32;
    c(r) | c(g) << 8 | c(b) << 16 | c(a) << 24
}

/// One texel as [`Rgba8`]; a texel outside the memory reads as zeros.
#[inline]
fn texel<M: TexelMemory + ?Sized>(mem: &M, addr: u32, rgba: bool) -> Rgba8 {
    let v = mem.read_u32(addr).unwrap_or(0);
    if rgba {
        v
    } else {
        // B, G, R, A bytes: swap bytes 0 and 2.
        (v & 0xFF00_FF00) | (v >> 16 & 0xFF) | (v & 0xFF) << 16
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    extern crate std;
    use super::super::{sample_quad_general, SampleRequest};
    use super::*;
    use crate::descriptor::{Layout, SwizzleSource};
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
    fn coord() -> impl Strategy<Value = u32> {
        prop_oneof![
            8 => (-2_000_000i32..3_000_000).prop_map(|v| crate::fp::ratio_to_f32_bits(i64::from(v), 1_000_000, 0)),
            1 => (0usize..F32S.len()).prop_map(|i| F32S[i]),
            1 => any::<u32>(),
        ]
    }

    fn header() -> impl Strategy<Value = TextureHeader> {
        (
            0usize..3,
            any::<bool>(),
            1u32..20,
            1u32..20,
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
                h.base_address = addr * 4;
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

    fn sampler() -> impl Strategy<Value = SamplerHeader> {
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

    fn request() -> impl Strategy<Value = SampleRequest> {
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

    proptest! {
        #![proptest_config(ProptestConfig { cases: 20_000, ..ProptestConfig::default() })]

        /// The fast path is bit-identical to the general path wherever it applies (and the
        /// generated cases do reach it: see `fast_path_is_taken`).
        #[test]
        fn fast_path_matches_general(h in header(), s in sampler(), req in request(), mem_len in 0usize..8192, seed in any::<u32>()) {
            let mem: std::vec::Vec<u8> = (0..mem_len as u32).map(|i| (i.wrapping_mul(2_654_435_761) ^ seed).wrapping_shr(13) as u8).collect();
            let mip = s.mip_filter;
            if let Some(fast) = quad(&h, &s, &mem[..], &req, mip) {
                let general = sample_quad_general(&h, &s, &mem[..], &req, None, mip, true).unwrap();
                prop_assert_eq!(fast, general);
                FAST.fetch_add(1, core::sync::atomic::Ordering::Relaxed);
            }
            TOTAL.fetch_add(1, core::sync::atomic::Ordering::Relaxed);
            let (f, t) = (FAST.load(core::sync::atomic::Ordering::Relaxed), TOTAL.load(core::sync::atomic::Ordering::Relaxed));
            // The generated cases must mostly reach the fast path.
            prop_assert!(t < 1000 || f * 2 > t, "fast path taken {} / {}", f, t);
        }
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
