//! The memory images the query vectors read: the constant bank of handles, the
//! texture-header pool and the sampler-header pool.
//!
//! Every image has a **directed region** that is identical at every level and seed — the
//! low slots `0 .. D` and the top [`HIGH`] slots — holding the hand-picked headers, samplers
//! and handles the level-1 vectors use. The slots in between are **filler**: all-zero words at
//! level 1 (an all-zero texture header is invalid: format code 0 is unassigned; an all-zero
//! sampler is valid), seeded random words at level 2. Level-1 vectors only reference the
//! directed region or slots past the image, so the level-1 file is exactly the first lines of
//! the level-2 file.

use anyhow::{bail, Result};
use fixed::types::{I8F8, U8F8};
use texcore::descriptor::{CompareFunc, Filter, HeaderError, MipFilter, SamplerError};
use texcore::handle::Handle;
use texcore::{
    Format, Layout as MemLayout, MsMode, SamplerHeader, Swizzle, SwizzleSource, TextureHeader, TextureType, WrapMode,
};

use super::layout::{CBANK_WORDS, HDR_POOL_ENTRIES, SMP_POOL_ENTRIES};
use super::rng::Rand;
use crate::texset::th;

/// Slots at the top of each image that belong to the directed region.
pub const HIGH: u32 = 8;

/// A directed texture header with what decoding it must give.
struct DirHeader {
    words: [u32; 8],
    expect: Result<(), HeaderError>,
}

/// A directed sampler with what decoding it must give.
struct DirSampler {
    words: [u32; 8],
    expect: Result<(), SamplerError>,
}

/// The images plus the catalogue of the directed region.
pub struct Fixture {
    /// Constant bank, [`CBANK_WORDS`] words.
    pub cbank: Vec<u32>,
    /// Texture-header pool, [`HDR_POOL_ENTRIES`] entries.
    pub headers: Vec<[u32; 8]>,
    /// Sampler-header pool, [`SMP_POOL_ENTRIES`] entries.
    pub samplers: Vec<[u32; 8]>,
    /// Every header slot decoded once (TGSI views / Intel surfaces).
    pub decoded: Vec<Result<TextureHeader, HeaderError>>,
    /// Directed header slots that decode.
    pub hdr_valid: Vec<u32>,
    /// Directed header slots that do not decode.
    pub hdr_invalid: Vec<u32>,
    /// Directed sampler slots that decode.
    pub smp_valid: Vec<u32>,
    /// Directed sampler slots that do not decode.
    pub smp_invalid: Vec<u32>,
    /// Size of the low directed region of every image (`0 .. directed`).
    pub directed: u32,
    /// Constant-bank slots holding the special handles (see [`Fixture::special_handles`]).
    pub cb_special: Vec<u32>,
    /// What the op-level units read: texel memory, op header and sampler pools
    /// (`crate::texset`; the sampler pool's filler is zeros at level 1, seeded random
    /// samplers from stream `(seed, "op_pools")` at level 2).
    pub ops: crate::op_unit::OpEnv,
}

fn ms(mut h: TextureHeader, samples: u32) -> TextureHeader {
    if let Some(m) = MsMode::from_samples(samples) {
        h.ms_mode = m;
    }
    h
}

fn valid(h: TextureHeader) -> DirHeader {
    DirHeader { words: h.to_words(), expect: Ok(()) }
}

fn broken(words: [u32; 8], err: HeaderError) -> DirHeader {
    DirHeader { words, expect: Err(err) }
}

/// The directed valid headers: every texture type at several sizes, level counts, base
/// levels and sample counts, and every format once.
fn directed_valid_headers() -> Vec<DirHeader> {
    use Format as F;
    use TextureType as T;
    let mut v = Vec::new();
    let mut push = |h: TextureHeader| v.push(valid(h));
    // 1D
    push(th(T::OneD, F::R8_UNORM, 1, 1, 1, 1));
    push(th(T::OneD, F::RGBA8_UNORM, 256, 1, 1, 9));
    push(TextureHeader { base_level: 2, ..th(T::OneD, F::R16_UNORM, 300, 1, 1, 3) });
    push(th(T::OneD, F::R32_FLOAT, 65536, 1, 1, 17));
    // 2D
    push(th(T::TwoD, F::RGBA8_UNORM, 1, 1, 1, 1));
    push(th(T::TwoD, F::RGBA8_UNORM, 256, 128, 1, 9));
    push(th(T::TwoD, F::RG8_UNORM, 5, 3, 1, 3));
    push(TextureHeader { base_level: 3, ..th(T::TwoD, F::BGRA8_UNORM, 1024, 512, 1, 4) });
    push(TextureHeader { base_level: 16, ..th(T::TwoD, F::R8_UINT, 65536, 65536, 1, 1) });
    push(th(T::TwoD, F::RGBA16_FLOAT, 65536, 65536, 1, 17));
    push(th(T::TwoD, F::RGBA8_UNORM, 3, 65536, 1, 2));
    for s in [2, 4, 8, 16] {
        push(ms(th(T::TwoD, F::RGBA8_UNORM, 64, 32, 1, 1), s));
    }
    push(TextureHeader { quilt_width: 3, quilt_height: 1, ..th(T::TwoD, F::RGBA8_UNORM, 64, 32, 1, 7) });
    push(TextureHeader { quilt_width: 31, quilt_height: 31, ..th(T::TwoD, F::R8_UNORM, 65536, 65536, 1, 17) });
    // 3D
    push(th(T::ThreeD, F::RGBA8_UNORM, 64, 32, 16, 7));
    push(th(T::ThreeD, F::R8_UNORM, 8, 8, 256, 9));
    push(th(T::ThreeD, F::R8_UNORM, 1, 1, 1, 1));
    push(TextureHeader { base_level: 1, ..th(T::ThreeD, F::RG16_FLOAT, 17, 9, 33, 5) });
    push(th(T::ThreeD, F::R8_UNORM, 65536, 1, 65536, 17));
    // cube
    push(th(T::Cube, F::RGBA8_UNORM, 64, 64, 1, 7));
    push(th(T::Cube, F::RGBA8_UNORM, 1, 1, 1, 1));
    push(TextureHeader { base_level: 2, ..th(T::Cube, F::RGBA16_UNORM, 32, 32, 1, 3) });
    // 1D array
    push(th(T::OneDArray, F::RGBA8_UNORM, 128, 1, 10, 8));
    push(th(T::OneDArray, F::R8_UNORM, 1, 1, 65536, 1));
    // 2D array
    push(th(T::TwoDArray, F::RGBA8_UNORM, 32, 16, 6, 6));
    push(ms(th(T::TwoDArray, F::RGBA8_UNORM, 8, 8, 3, 1), 4));
    push(ms(th(T::TwoDArray, F::R32_UINT, 16, 16, 65536, 1), 16));
    push(TextureHeader { quilt_width: 1, quilt_height: 2, ..th(T::TwoDArray, F::RGBA8_UNORM, 16, 16, 4, 5) });
    // buffer
    push(th(T::OneDBuffer, F::R32_UINT, 1, 1, 1, 1));
    push(th(T::OneDBuffer, F::RGBA8_UNORM, 1000, 1, 1, 1));
    push(th(T::OneDBuffer, F::R8_UINT, 65537, 1, 1, 1));
    push(th(T::OneDBuffer, F::R8_UINT, u32::MAX, 1, 1, 1));
    // 2D no mipmap
    push(th(T::TwoDNoMipmap, F::RGBA8_UNORM, 100, 50, 1, 1));
    push(th(T::TwoDNoMipmap, F::RGBA8_UNORM, 100, 50, 7, 1));
    push(ms(th(T::TwoDNoMipmap, F::RGBA8_UNORM, 16, 16, 3, 1), 8));
    push(th(T::TwoDNoMipmap, F::R8_UNORM, 65536, 1, 65536, 1));
    // cube array
    push(th(T::CubeArray, F::RGBA8_UNORM, 16, 16, 4, 5));
    push(th(T::CubeArray, F::RGBA8_UNORM, 1, 1, 1, 1));
    push(TextureHeader { base_level: 4, ..th(T::CubeArray, F::R8_UNORM, 4096, 4096, 65536, 9) });
    // Every format once, with varied swizzle / layout / sRGB / pitch / address.
    for (i, f) in Format::ALL.iter().enumerate() {
        let i = i as u32;
        let mut h = th(T::TwoD, *f, 16 + i, 8, 1, 4);
        let src = |k: u32| SwizzleSource::from_code(k % 6).unwrap_or(SwizzleSource::R);
        h.swizzle = Swizzle([src(i), src(i + 1), src(i + 2), src(i + 3)]);
        h.srgb = f.srgb_capable() && i.is_multiple_of(2);
        h.base_address = i.wrapping_mul(0x9E37_79B9);
        match i % 3 {
            0 => h.layout = MemLayout::Tiled4x4,
            1 => h.row_pitch = h.width * f.bytes_per_texel() + i,
            _ => {}
        }
        push(h);
    }
    // Exactly the minimum pitch.
    push(TextureHeader { row_pitch: 33 * 4, ..th(T::TwoDArray, F::RGBA8_UNORM, 33, 7, 2, 3) });
    v
}

/// The directed invalid headers: one per way a header can fail to decode.
fn directed_invalid_headers() -> Vec<DirHeader> {
    use Format as F;
    use HeaderError as E;
    use TextureType as T;
    let base = th(T::TwoD, F::RGBA8_UNORM, 64, 32, 1, 7).to_words();
    let with = |f: &dyn Fn(&mut [u32; 8])| {
        let mut w = base;
        f(&mut w);
        w
    };
    let from = |h: TextureHeader| h.to_words();
    vec![
        broken([0; 8], E::Format(0)),
        broken([u32::MAX; 8], E::Reserved(0)),
        broken(with(&|w| w[0] |= 1 << 30), E::Reserved(0)),
        broken(with(&|w| w[0] |= 1 << 31), E::Reserved(0)),
        broken(with(&|w| w[4] |= 1 << 20), E::Reserved(4)),
        broken(with(&|w| w[4] |= 1 << 31), E::Reserved(4)),
        broken(with(&|w| w[6] = 1), E::Reserved(6)),
        broken(with(&|w| w[7] = 0x8000_0000), E::Reserved(7)),
        broken(with(&|w| w[0] = (w[0] & !0xF) | 9), E::TextureType(9)),
        broken(with(&|w| w[0] |= 0xF), E::TextureType(15)),
        broken(with(&|w| w[0] &= !0xFF0), E::Format(0)),
        broken(with(&|w| w[0] |= 0xFF0), E::Format(0xFF)),
        broken(with(&|w| w[0] = (w[0] & !0xFF0) | (0x13 << 4)), E::Format(0x13)),
        broken(with(&|w| w[0] |= 2 << 13), E::Layout(2)),
        broken(with(&|w| w[0] |= 3 << 13), E::Layout(3)),
        broken(with(&|w| w[0] |= 4 << 15), E::MsMode(4)),
        broken(with(&|w| w[0] |= 5 << 15), E::MsMode(5)),
        broken(with(&|w| w[0] |= 7 << 15), E::MsMode(7)),
        broken(with(&|w| w[0] |= 6 << 18), E::Swizzle(0, 6)),
        broken(with(&|w| w[0] |= 7 << 21), E::Swizzle(1, 7)),
        broken(with(&|w| w[0] |= 6 << 24), E::Swizzle(2, 6)),
        broken(with(&|w| w[0] |= 7 << 27), E::Swizzle(3, 7)),
        broken(from(TextureHeader { srgb: true, ..th(T::TwoD, F::R8_UNORM, 4, 4, 1, 1) }), E::Srgb),
        broken(from(TextureHeader { srgb: true, ..th(T::TwoD, F::RGBA8_SNORM, 4, 4, 1, 1) }), E::Srgb),
        broken(with(&|w| w[2] = u32::MAX), E::Size),
        broken(from(th(T::TwoD, F::R8_UNORM, 65537, 1, 1, 1)), E::Size),
        broken(from(th(T::OneD, F::R8_UNORM, 65537, 1, 1, 1)), E::Size),
        broken(from(th(T::OneD, F::R8_UNORM, 16, 2, 1, 1)), E::Size),
        broken(from(th(T::OneD, F::R8_UNORM, 16, 1, 2, 1)), E::Size),
        broken(from(th(T::OneDArray, F::R8_UNORM, 16, 2, 4, 1)), E::Size),
        broken(from(th(T::TwoD, F::R8_UNORM, 16, 16, 2, 1)), E::Size),
        broken(from(th(T::Cube, F::R8_UNORM, 16, 8, 1, 1)), E::Size),
        broken(from(th(T::Cube, F::R8_UNORM, 16, 16, 2, 1)), E::Size),
        broken(from(th(T::CubeArray, F::R8_UNORM, 8, 16, 2, 1)), E::Size),
        broken(from(th(T::OneDBuffer, F::R8_UNORM, 16, 2, 1, 1)), E::Size),
        broken(from(th(T::OneDBuffer, F::R8_UNORM, 16, 1, 2, 1)), E::Size),
        broken(from(ms(th(T::OneD, F::R8_UNORM, 16, 1, 1, 1), 4)), E::Multisample),
        broken(from(ms(th(T::ThreeD, F::R8_UNORM, 16, 16, 16, 1), 2)), E::Multisample),
        broken(from(ms(th(T::Cube, F::R8_UNORM, 16, 16, 1, 1), 8)), E::Multisample),
        broken(from(ms(th(T::CubeArray, F::R8_UNORM, 16, 16, 1, 1), 16)), E::Multisample),
        broken(from(ms(th(T::OneDBuffer, F::R8_UNORM, 16, 1, 1, 1), 2)), E::Multisample),
        broken(from(th(T::OneD, F::R8_UNORM, 65536, 1, 1, 18)), E::Levels),
        broken(with(&|w| w[4] |= 31), E::Levels),
        broken(from(TextureHeader { base_level: 17, ..th(T::OneD, F::R8_UNORM, 16, 1, 1, 1) }), E::Levels),
        broken(from(TextureHeader { base_level: 31, ..th(T::OneD, F::R8_UNORM, 16, 1, 1, 1) }), E::Levels),
        broken(from(th(T::OneDBuffer, F::R8_UNORM, 16, 1, 1, 2)), E::Levels),
        broken(from(TextureHeader { base_level: 1, ..th(T::OneDBuffer, F::R8_UNORM, 16, 1, 1, 1) }), E::Levels),
        broken(from(th(T::TwoDNoMipmap, F::R8_UNORM, 16, 16, 1, 2)), E::Levels),
        broken(from(TextureHeader { base_level: 1, ..th(T::TwoDNoMipmap, F::R8_UNORM, 16, 16, 1, 1) }), E::Levels),
        broken(from(ms(th(T::TwoD, F::R8_UNORM, 16, 16, 1, 2), 4)), E::Levels),
        broken(from(ms(TextureHeader { base_level: 1, ..th(T::TwoDArray, F::R8_UNORM, 16, 16, 2, 1) }, 2)), E::Levels),
        broken(from(th(T::TwoD, F::R8_UNORM, 256, 256, 1, 10)), E::Levels),
        broken(from(TextureHeader { base_level: 1, ..th(T::OneD, F::R8_UNORM, 300, 1, 1, 9) }), E::Levels),
        broken(from(th(T::ThreeD, F::R8_UNORM, 4, 4, 32, 7)), E::Levels),
        broken(from(th(T::OneDArray, F::R8_UNORM, 4, 1, 256, 4)), E::Levels),
        broken(from(th(T::TwoD, F::R8_UNORM, 1, 1, 1, 2)), E::Levels),
        broken(from(TextureHeader { quilt_width: 1, ..th(T::OneD, F::R8_UNORM, 16, 1, 1, 1) }), E::Quilt),
        broken(from(TextureHeader { quilt_height: 1, ..th(T::ThreeD, F::R8_UNORM, 16, 16, 16, 1) }), E::Quilt),
        broken(from(TextureHeader { quilt_width: 2, ..th(T::Cube, F::R8_UNORM, 16, 16, 1, 1) }), E::Quilt),
        broken(from(TextureHeader { quilt_height: 31, ..th(T::TwoDNoMipmap, F::R8_UNORM, 16, 16, 1, 1) }), E::Quilt),
        broken(from(TextureHeader { quilt_width: 5, ..th(T::OneDBuffer, F::R8_UNORM, 16, 1, 1, 1) }), E::Quilt),
        broken(from(TextureHeader { row_pitch: 63, ..th(T::TwoD, F::R8_UNORM, 64, 4, 1, 1) }), E::Pitch),
        broken(from(TextureHeader { row_pitch: 255, ..th(T::TwoD, F::RGBA8_UNORM, 64, 4, 1, 1) }), E::Pitch),
        broken(from(TextureHeader { row_pitch: 1 << 20, ..th(T::OneDBuffer, F::R8_UNORM, 64, 1, 1, 1) }), E::Pitch),
        broken(
            from(TextureHeader {
                row_pitch: 1 << 20,
                layout: MemLayout::Tiled4x4,
                ..th(T::TwoD, F::R8_UNORM, 64, 4, 1, 1)
            }),
            E::Pitch,
        ),
        broken(
            from(TextureHeader { layout: MemLayout::Tiled4x4, ..th(T::OneDBuffer, F::R8_UNORM, 64, 1, 1, 1) }),
            E::Pitch,
        ),
    ]
}

fn sampler(f: impl FnOnce(&mut SamplerHeader)) -> [u32; 8] {
    let mut s = SamplerHeader::default();
    f(&mut s);
    s.to_words()
}

/// The directed valid samplers.
fn directed_valid_samplers() -> Vec<DirSampler> {
    let ok = |words| DirSampler { words, expect: Ok(()) };
    vec![
        ok(sampler(|_| {})),
        ok([0; 8]),
        ok(sampler(|s| {
            s.wrap = [WrapMode::MirroredRepeat, WrapMode::ClampToEdge, WrapMode::ClampToBorder];
            s.mag_filter = Filter::Linear;
            s.min_filter = Filter::Linear;
            s.mip_filter = MipFilter::Linear;
        })),
        ok(sampler(|s| {
            s.wrap = [WrapMode::MirrorClampToEdge; 3];
            s.max_anisotropy_log2 = 4;
            s.seamless_cube = true;
        })),
        ok(sampler(|s| {
            s.compare_enable = true;
            s.compare_func = CompareFunc::Always;
            s.mip_filter = MipFilter::Nearest;
        })),
        ok(sampler(|s| s.lod_bias = I8F8::from_bits(texcore::descriptor::MIN_LOD_BIAS_RAW))),
        ok(sampler(|s| s.lod_bias = I8F8::from_bits(texcore::descriptor::MAX_LOD_BIAS_RAW))),
        ok(sampler(|s| {
            s.min_lod = U8F8::from_bits(0x0A80);
            s.max_lod = U8F8::from_bits(0x0100);
        })),
        ok(sampler(|s| s.border_color = [0x3F80_0000, 0, 0xFFFF_FFFF, 0x7FC0_0000])),
    ]
}

/// The directed invalid samplers: one per way a sampler can fail to decode.
fn directed_invalid_samplers() -> Vec<DirSampler> {
    use SamplerError as E;
    let base = sampler(|_| {});
    let with = |f: &dyn Fn(&mut [u32; 8]), err| {
        let mut w = base;
        f(&mut w);
        DirSampler { words: w, expect: Err(err) }
    };
    vec![
        with(&|w| w[0] |= 5, E::Wrap(0, 5)),
        with(&|w| w[0] |= 6 << 3, E::Wrap(1, 6)),
        with(&|w| w[0] |= 7 << 6, E::Wrap(2, 7)),
        with(&|w| w[0] |= 3 << 11, E::MipFilter),
        with(&|w| w[0] |= 5 << 13, E::Anisotropy(5)),
        with(&|w| w[0] |= 7 << 13, E::Anisotropy(7)),
        with(&|w| w[1] = 0x1000, E::LodBias(0x1000)),
        with(&|w| w[1] = 0xEFFF, E::LodBias(-4097)),
        with(&|w| w[1] = 0x8000, E::LodBias(-32768)),
        with(&|w| w[0] |= 1 << 21, E::Reserved(0)),
        with(&|w| w[0] |= 1 << 31, E::Reserved(0)),
        with(&|w| w[1] |= 1 << 16, E::Reserved(1)),
        with(&|w| w[7] = 1, E::Reserved(7)),
        DirSampler { words: [u32::MAX; 8], expect: Err(E::Reserved(0)) },
    ]
}

/// Full mip chain length for the largest minified dimension.
fn chain(max_dim: u32) -> u32 {
    32 - max_dim.leading_zeros()
}

/// A random size, log-uniform in 1 ..= 2^max_log2.
fn size(r: &mut Rand, max_log2: u32) -> u32 {
    let e = r.below(u64::from(max_log2) + 1) as u32;
    let lo = (1u64 << e) >> 1;
    r.range(lo.max(1), 1u64 << e) as u32
}

/// A random valid texture header (every type, format, sample count, level range).
pub fn random_valid_header(r: &mut Rand) -> TextureHeader {
    use TextureType as T;
    for _ in 0..64 {
        let ty = r.pick(&TextureType::ALL);
        let fmt = r.pick(Format::ALL);
        let big = if r.chance(10) { 16 } else { 10 };
        let (w, h, d) = match ty {
            T::OneD => (size(r, big), 1, 1),
            T::OneDBuffer => {
                let w = if r.chance(20) { r.range(1, u64::from(u32::MAX)) as u32 } else { size(r, 20) };
                (w, 1, 1)
            }
            T::OneDArray => (size(r, big), 1, size(r, big)),
            T::TwoD => (size(r, big), size(r, big), 1),
            T::ThreeD | T::TwoDArray | T::TwoDNoMipmap => (size(r, big), size(r, big), size(r, big)),
            T::Cube => {
                let s = size(r, big);
                (s, s, 1)
            }
            T::CubeArray => {
                let s = size(r, big);
                (s, s, size(r, big))
            }
        };
        let mut hd = th(ty, fmt, w, h, d, 1);
        if ty.may_be_multisampled() && r.chance(25) {
            hd = ms(hd, r.pick(&[2, 4, 8, 16]));
        }
        let single = matches!(ty, T::OneDBuffer | T::TwoDNoMipmap) || hd.ms_mode != MsMode::Mode1x1;
        if !single {
            let c = chain(hd.max_minified_dim());
            hd.base_level = r.below(u64::from(c.min(17))) as u32;
            hd.levels = 1 + r.below(u64::from((c - hd.base_level).min(17))) as u32;
        }
        if matches!(ty, T::TwoD | T::TwoDArray) && r.chance(30) {
            hd.quilt_width = r.below(32) as u32;
            hd.quilt_height = r.below(32) as u32;
        }
        hd.srgb = fmt.srgb_capable() && r.chance(30);
        if ty != T::OneDBuffer && r.chance(30) {
            hd.layout = MemLayout::Tiled4x4;
        }
        let src = |k: u64| SwizzleSource::from_code(k as u32).unwrap_or(SwizzleSource::Zero);
        hd.swizzle = Swizzle([src(r.below(6)), src(r.below(6)), src(r.below(6)), src(r.below(6))]);
        hd.base_address = r.u32();
        if ty != T::OneDBuffer && hd.layout == MemLayout::PitchLinear && r.chance(30) {
            hd.row_pitch = hd.width * fmt.bytes_per_texel() + r.below(64) as u32;
        }
        if hd.validate().is_ok() {
            return hd;
        }
    }
    th(T::TwoD, Format::RGBA8_UNORM, 1, 1, 1, 1)
}

/// Random header words: mostly valid headers, some with a few bits flipped, some random
/// words with the reserved bits clear (which reach the deeper checks).
pub fn random_header_words(r: &mut Rand) -> [u32; 8] {
    match r.weighted(&[70, 20, 10]) {
        0 => random_valid_header(r).to_words(),
        1 => {
            let mut w = random_valid_header(r).to_words();
            for _ in 0..r.range(1, 3) {
                let bit = r.below(6 * 32) as usize; // words 0..5: the used ones
                w[bit / 32] ^= 1 << (bit % 32);
            }
            w
        }
        _ => {
            let mut w = [0u32; 8];
            for x in w.iter_mut().take(6) {
                *x = r.u32();
            }
            w[0] &= 0x3FFF_FFFF;
            w[4] &= 0x000F_FFFF;
            w[3] &= if r.chance(50) { 0x00FF_00FF } else { u32::MAX };
            w[2] &= if r.chance(50) { 0x0000_FFFF } else { u32::MAX };
            w
        }
    }
}

/// Random sampler words: mostly valid, some bit-flipped, some random.
pub fn random_sampler_words(r: &mut Rand) -> [u32; 8] {
    let valid = |r: &mut Rand| {
        let lo = i64::from(texcore::descriptor::MIN_LOD_BIAS_RAW);
        let hi = i64::from(texcore::descriptor::MAX_LOD_BIAS_RAW);
        let s = SamplerHeader {
            wrap: [r.pick(&WrapMode::ALL), r.pick(&WrapMode::ALL), r.pick(&WrapMode::ALL)],
            mag_filter: if r.chance(50) { Filter::Linear } else { Filter::Nearest },
            min_filter: if r.chance(50) { Filter::Linear } else { Filter::Nearest },
            mip_filter: r.pick(&[MipFilter::None, MipFilter::Nearest, MipFilter::Linear]),
            max_anisotropy_log2: r.below(5) as u8,
            compare_enable: r.chance(30),
            compare_func: r.pick(&CompareFunc::ALL),
            seamless_cube: r.chance(50),
            lod_bias: I8F8::from_bits((lo + r.below((hi - lo + 1) as u64) as i64) as i16),
            min_lod: U8F8::from_bits(r.bits(16) as u16),
            max_lod: U8F8::from_bits(r.bits(16) as u16),
            border_color: [r.u32(), r.u32(), r.u32(), r.u32()],
        };
        s.to_words()
    };
    match r.weighted(&[75, 15, 10]) {
        0 => valid(r),
        1 => {
            let mut w = valid(r);
            let bit = r.below(3 * 32) as usize;
            w[bit / 32] ^= 1 << (bit % 32);
            w
        }
        _ => {
            let mut w = [r.u32(), r.u32(), r.u32(), r.u32(), r.u32(), r.u32(), r.u32(), 0];
            w[0] &= 0x001F_FFFF;
            w[1] &= 0xFFFF;
            w
        }
    }
}

/// A random handle word: mostly pointing into the pools, sometimes anywhere.
pub fn random_handle(r: &mut Rand) -> u32 {
    match r.weighted(&[80, 10, 10]) {
        0 => ((r.below(u64::from(SMP_POOL_ENTRIES)) as u32) << 20) | r.below(u64::from(HDR_POOL_ENTRIES)) as u32,
        1 => ((r.bits(12) as u32) << 20) | r.below(u64::from(HDR_POOL_ENTRIES) + 16) as u32,
        _ => r.u32(),
    }
}

impl Fixture {
    /// Builds the images for `level` (filler from `seed` at level 2). Fails if a directed
    /// entry no longer decodes (or fails to) the way it is meant to — that would mean the
    /// directed set no longer covers what it claims.
    pub fn build(level: u8, seed: u64) -> Result<Fixture> {
        let vh = directed_valid_headers();
        let ih = directed_invalid_headers();
        let vs = directed_valid_samplers();
        let is = directed_invalid_samplers();
        for (i, d) in vh.iter().chain(&ih).enumerate() {
            let got = TextureHeader::from_words(&d.words).map(|_| ());
            if got != d.expect {
                bail!("directed texture header #{i} {:08x?}: decodes to {got:?}, expected {:?}", d.words, d.expect);
            }
        }
        for (i, d) in vs.iter().chain(&is).enumerate() {
            let got = SamplerHeader::from_words(&d.words).map(|_| ());
            if got != d.expect {
                bail!("directed sampler #{i} {:08x?}: decodes to {got:?}, expected {:?}", d.words, d.expect);
            }
        }
        let n_vh = vh.len() as u32;
        let directed = n_vh + ih.len() as u32;
        let n_vs = vs.len() as u32;
        let n_is = is.len() as u32;
        if directed + HIGH >= SMP_POOL_ENTRIES || n_vs + n_is > directed {
            bail!("directed region too large for the images");
        }

        let filler_l2 = level >= 2;
        let mut r = Rand::new(seed, "pools", 0);

        // Texture headers: valid, invalid, filler, high region.
        let hn = HDR_POOL_ENTRIES;
        let mut headers = Vec::with_capacity(hn as usize);
        headers.extend(vh.iter().map(|d| d.words));
        headers.extend(ih.iter().map(|d| d.words));
        for _ in directed..hn - HIGH {
            headers.push(if filler_l2 { random_header_words(&mut r) } else { [0; 8] });
        }
        // High region: a few valid headers (pool-edge tests), the last one invalid.
        for k in 0..HIGH - 1 {
            headers.push(vh[(k as usize * 5) % vh.len()].words);
        }
        headers.push([0; 8]);

        // Samplers: [0, n_vs) valid, [n_vs, n_vs + n_is) invalid (these slots hold valid
        // headers, so ViaHeaderBinding meets an invalid sampler), then valid ones repeated up
        // to the end of the directed region, filler, and a high region (last one invalid).
        let sn = SMP_POOL_ENTRIES;
        let mut samplers = Vec::with_capacity(sn as usize);
        samplers.extend(vs.iter().map(|d| d.words));
        samplers.extend(is.iter().map(|d| d.words));
        for i in n_vs + n_is..directed {
            samplers.push(vs[(i % n_vs) as usize].words);
        }
        for _ in directed..sn - HIGH {
            samplers.push(if filler_l2 { random_sampler_words(&mut r) } else { [0; 8] });
        }
        for k in 0..HIGH - 1 {
            samplers.push(vs[(k % n_vs) as usize].words);
        }
        samplers.push(is[0].words);

        // Constant bank: slot i < directed = handle(sampler i mod n_vs, header i); then the
        // special handles; filler; high region = handles of the high header slots.
        let mut cbank: Vec<u32> = (0..directed).map(|i| ((i % n_vs) << 20) | i).collect();
        let specials = Self::special_handles(n_vs, n_is);
        let cb_special: Vec<u32> = (directed..directed + specials.len() as u32).collect();
        cbank.extend(&specials);
        let cb_fill_start = cbank.len() as u32;
        for _ in cb_fill_start..CBANK_WORDS - HIGH {
            cbank.push(if filler_l2 { random_handle(&mut r) } else { 0 });
        }
        for k in 0..HIGH {
            cbank.push(((sn - HIGH + k) << 20) | (hn - HIGH + k));
        }

        let mut ro = Rand::new(seed, "op_pools", 0);
        let ops = crate::op_unit::OpEnv::directed(|| if filler_l2 { random_sampler_words(&mut ro) } else { [0; 8] });

        let decoded = headers.iter().map(TextureHeader::from_words).collect();
        let hdr_valid = (0..n_vh).chain(hn - HIGH..hn - 1).collect();
        let hdr_invalid = (n_vh..directed).chain([hn - 1]).collect();
        let smp_valid = (0..n_vs).chain(sn - HIGH..sn - 1).collect();
        let smp_invalid = (n_vs..n_vs + n_is).chain([sn - 1]).collect();
        Ok(Fixture {
            cbank,
            headers,
            samplers,
            decoded,
            hdr_valid,
            hdr_invalid,
            smp_valid,
            smp_invalid,
            directed,
            cb_special,
            ops,
        })
    }

    /// The special handles stored after the directed region of the constant bank: every
    /// invalid sampler with a valid header, pointers at and past the pool edges, and
    /// all-ones / all-zero words.
    fn special_handles(n_vs: u32, n_is: u32) -> Vec<u32> {
        let mut v: Vec<u32> = (n_vs..n_vs + n_is).map(|s| (s << 20) | 1).collect();
        v.extend([
            HDR_POOL_ENTRIES,                   // header just past the pool
            0xF_FFFF,                           // largest header pointer
            HDR_POOL_ENTRIES - 1,               // last header slot (invalid)
            ((SMP_POOL_ENTRIES - 1) << 20) | 5, // last sampler slot (invalid)
            (SMP_POOL_ENTRIES << 20) | 5,       // sampler just past the pool
            0xFFF0_0005,                        // largest sampler pointer
            0xFFFF_FFFF,
            0,
        ]);
        v
    }

    /// Decoded view of header slot `i`, or `None` if `i` is past the pool (unbound).
    pub fn view(&self, i: u64) -> Option<&Result<TextureHeader, HeaderError>> {
        usize::try_from(i).ok().and_then(|i| self.decoded.get(i))
    }

    /// Level count and sample count of a directed valid header slot (1, 1 if invalid).
    pub fn shape(&self, slot: u32) -> (u32, u32) {
        match self.view(u64::from(slot)) {
            Some(Ok(h)) => (h.levels, h.samples()),
            _ => (1, 1),
        }
    }

    /// Handle word that the constant bank holds at `idx` (0 past the bank).
    pub fn cbank_word(&self, idx: u32) -> u32 {
        self.cbank.get(idx as usize).copied().unwrap_or(0)
    }

    /// A handle for header `hdr` with sampler `smp`.
    pub fn handle(smp: u32, hdr: u32) -> u32 {
        Handle::new(smp & 0xFFF, hdr & 0xF_FFFF).map(|h| h.0).unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directed_regions_are_level_independent() {
        let a = Fixture::build(1, 1).unwrap();
        let b = Fixture::build(2, 99).unwrap();
        let d = a.directed as usize;
        assert_eq!(a.headers[..d], b.headers[..d]);
        assert_eq!(a.samplers[..d], b.samplers[..d]);
        assert_eq!(a.cbank[..d + a.cb_special.len()], b.cbank[..d + b.cb_special.len()]);
        let h = HIGH as usize;
        assert_eq!(a.headers[a.headers.len() - h..], b.headers[b.headers.len() - h..]);
        assert_eq!(a.samplers[a.samplers.len() - h..], b.samplers[b.samplers.len() - h..]);
        assert_eq!(a.cbank[a.cbank.len() - h..], b.cbank[b.cbank.len() - h..]);
        assert_eq!(a.headers.len() as u32, HDR_POOL_ENTRIES);
        assert_eq!(a.samplers.len() as u32, SMP_POOL_ENTRIES);
        assert_eq!(a.cbank.len() as u32, CBANK_WORDS);
        for s in &a.hdr_valid {
            assert!(a.decoded[*s as usize].is_ok());
        }
        for s in &a.hdr_invalid {
            assert!(a.decoded[*s as usize].is_err());
        }
    }

    #[test]
    fn random_headers_are_mostly_valid_and_cover_every_type() {
        let mut r = Rand::new(3, "t", 0);
        let mut seen = [false; 9];
        let mut ok = 0;
        for _ in 0..2000 {
            let w = random_header_words(&mut r);
            if let Ok(h) = TextureHeader::from_words(&w) {
                ok += 1;
                seen[h.ty.code() as usize] = true;
            }
        }
        assert!(ok > 1400, "{ok}");
        assert!(seen.iter().all(|s| *s));
    }
}
