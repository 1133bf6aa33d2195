//! Structure-aware generators: texture and sampler headers (as descriptor words, as fields
//! in range, or as arbitrary hand-built fields), binary32 coordinates biased to the values
//! that break things (NaN, ±∞, denormals, huge, exact texel edges), texel offsets and small
//! texel memories. Each reads a selector byte first; a selector of [`RAW`] or above means
//! "the raw value follows", which is how the seed generator encodes a known value exactly.

use texcore::descriptor::{
    CompareFunc, Filter, Format, Layout, MipFilter, MsMode, SamplerHeader, Swizzle, SwizzleSource, TextureHeader,
    TextureType, WrapMode,
};
use texcore::handle::Invalid;

use crate::input::{Reader, Writer};

/// Selector values from this one on take the raw value that follows.
pub const RAW: u8 = 240;

/// Binary32 values that break coordinate, LOD and compare arithmetic.
pub const SPECIAL_F32: [u32; 32] = [
    0x0000_0000, // +0
    0x8000_0000, // −0
    0x3F80_0000, // 1
    0xBF80_0000, // −1
    0x3F00_0000, // 0.5
    0x3E80_0000, // 0.25
    0x3F7F_FFFF, // 1 − ulp
    0x3F80_0001, // 1 + ulp
    0x7FC0_0000, // qNaN
    0xFFC0_0000, // −qNaN
    0x7F80_0001, // sNaN
    0x7F80_0000, // +∞
    0xFF80_0000, // −∞
    0x0000_0001, // smallest denormal
    0x807F_FFFF, // −largest denormal
    0x0080_0000, // smallest normal
    0x7F7F_FFFF, // largest finite
    0xFF7F_FFFF, // −largest finite
    0x7E96_7699, // 1e38
    0x4B00_0000, // 2^23
    0x4B80_0000, // 2^24
    0x4F00_0000, // 2^31
    0x5F80_0000, // 2^64
    0xCF00_0000, // −2^31
    0x3A80_0000, // 2^-10
    0x2F80_0000, // 2^-32
    0x4120_0000, // 10
    0xC120_0000, // −10
    0x4780_0000, // 65536
    0x477F_FF00, // 65535
    0x3EAA_AAAB, // 1/3
    0x3F55_5555, // 2/3
];

/// A biased binary32 coordinate.
pub fn f32_bits(r: &mut Reader<'_>) -> u32 {
    let s = r.u8();
    match s {
        0..=31 => SPECIAL_F32[usize::from(s)],
        // Multiples of 1/16 in −2.5 … 7.4375: texel edges and centres of small textures.
        32..=191 => ((f32::from(s) - 72.0) / 16.0).to_bits(),
        // Texel centres of a 2^k texture: (k + ½) / 8.
        192..=239 => ((f32::from(s - 192) + 0.5) / 8.0).to_bits(),
        _ => r.u32(),
    }
}

/// Encodes `bits` for [`f32_bits`].
pub fn put_f32(w: &mut Writer, bits: u32) {
    w.u8(RAW).u32(bits);
}

/// A biased size: mostly small, sometimes at a power-of-two edge, sometimes raw.
pub fn dim(r: &mut Reader<'_>) -> u32 {
    const SMALL: [u32; 20] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128];
    const EDGE: [u32; 20] = [
        255,
        256,
        1023,
        1024,
        4095,
        4096,
        16383,
        16384,
        32767,
        32768,
        32769,
        65534,
        65535,
        65536,
        65537,
        1 << 20,
        0x7FFF_FFFF,
        0x8000_0000,
        u32::MAX,
        0,
    ];
    let s = r.u8();
    match s {
        0..=199 => SMALL[usize::from(s) % SMALL.len()],
        200..=239 => EDGE[usize::from(s - 200) % EDGE.len()],
        _ => r.u32(),
    }
}

/// Encodes `v` for [`dim`].
pub fn put_dim(w: &mut Writer, v: u32) {
    w.u8(RAW).u32(v);
}

/// A biased texture base address.
pub fn address(r: &mut Reader<'_>) -> u32 {
    let s = r.u8();
    match s {
        0..=127 => u32::from(s) * 4,
        128..=191 => u32::from(s - 128) * 3 + 1,
        192..=239 => u32::MAX - u32::from(s - 192) * 4093,
        _ => r.u32(),
    }
}

/// Encodes `v` for [`address`].
pub fn put_address(w: &mut Writer, v: u32) {
    w.u8(RAW).u32(v);
}

/// A texel offset, mostly in `−range/2 … range/2 − 1`, sometimes raw.
pub fn offset(r: &mut Reader<'_>, range: i32) -> i32 {
    let s = r.u8();
    if s < RAW {
        i32::from(s) % range - range / 2
    } else {
        r.i32()
    }
}

/// Encodes `v` for [`offset`].
pub fn put_offset(w: &mut Writer, v: i32) {
    w.u8(RAW).i32(v);
}

/// A biased unsigned operand (coordinates, levels, indices).
pub fn uint(r: &mut Reader<'_>) -> u32 {
    let s = r.u8();
    match s {
        0..=199 => u32::from(s % 40),
        200..=239 => [u32::MAX, u32::MAX - 1, 0x8000_0000, 0x7FFF_FFFF, 65535, 65536, 255, 256][usize::from(s) % 8],
        _ => r.u32(),
    }
}

/// Encodes `v` for [`uint`].
pub fn put_uint(w: &mut Writer, v: u32) {
    w.u8(RAW).u32(v);
}

// ------------------------------------------------------------------ texture headers

/// How a generated texture header came about.
#[derive(Clone, Copy, Debug)]
pub enum HeaderSrc {
    /// Eight descriptor words (decoded with `from_words`).
    Words([u32; 8]),
    /// A header built from fields (validated or not).
    Fields(TextureHeader),
}

impl HeaderSrc {
    /// The view as the ops take it: decoded words, or the hand-built header as it is.
    pub fn view(&self) -> Result<TextureHeader, Invalid> {
        match self {
            HeaderSrc::Words(w) => TextureHeader::from_words(w).map_err(Invalid::Header),
            HeaderSrc::Fields(h) => Ok(*h),
        }
    }
}

const MS: [MsMode; 5] = [MsMode::Mode1x1, MsMode::Mode2x1, MsMode::Mode2x2, MsMode::Mode4x2, MsMode::Mode4x4];
const SW: [SwizzleSource; 6] =
    [SwizzleSource::R, SwizzleSource::G, SwizzleSource::B, SwizzleSource::A, SwizzleSource::Zero, SwizzleSource::One];

/// Mode byte of [`header`]: descriptor words.
pub const HEADER_WORDS: u8 = 0;
/// Mode byte of [`header`]: fields in range, coerced to the type's rules (mostly valid).
pub const HEADER_FIELDS: u8 = 1;
/// Mode byte of [`header`]: fields as read, with no coercion (often invalid: hand-built).
pub const HEADER_RAW_FIELDS: u8 = 2;

/// A texture header: descriptor words (mode 0), fields coerced toward validity (mode 1), or
/// hand-built fields taken as read (mode 2).
pub fn header(r: &mut Reader<'_>) -> HeaderSrc {
    match r.u8() % 4 {
        0 => HeaderSrc::Words(core::array::from_fn(|_| r.u32())),
        2 => HeaderSrc::Fields(fields(r, false)),
        _ => HeaderSrc::Fields(fields(r, true)),
    }
}

fn fields(r: &mut Reader<'_>, coerce: bool) -> TextureHeader {
    use TextureType as T;
    let ty = T::ALL[r.below(T::ALL.len())];
    let format = Format::ALL[r.below(Format::ALL.len())];
    let flags = r.u8();
    let ms = MS[r.below(MS.len())];
    let sw = r.u16();
    let base_address = address(r);
    let (mut width, mut height, mut depth) = (dim(r), dim(r), dim(r));
    let lv = r.u8();
    let bl = r.u8();
    let (qw, qh) = (r.u8(), r.u8());
    let pitch_sel = r.u8();
    let pitch_raw = if pitch_sel >= 5 { r.u32() } else { 0 };
    let mut levels = if lv >= RAW { r.u32() } else { u32::from(lv) % 18 };
    let mut base_level = if bl >= RAW { r.u32() } else { u32::from(bl) % 17 };
    let (mut quilt_width, mut quilt_height) = (u32::from(qw), u32::from(qh));
    let mut h = TextureHeader::new(ty, format, width, height, depth, levels);
    h.srgb = flags & 1 == 1;
    h.layout = if flags & 2 == 2 { Layout::Tiled4x4 } else { Layout::PitchLinear };
    h.ms_mode = ms;
    h.swizzle = Swizzle(core::array::from_fn(|i| SW[usize::from((sw >> (3 * i)) & 7) % SW.len()]));
    h.base_address = base_address;
    if coerce {
        h.srgb &= format.srgb_capable();
        if !ty.may_be_multisampled() {
            h.ms_mode = MsMode::Mode1x1;
        }
        if ty != T::OneDBuffer {
            width = width.clamp(1, 65536);
        }
        width = width.max(1);
        height = height.clamp(1, 65536);
        depth = depth.clamp(1, 65536);
        match ty {
            T::OneD | T::OneDBuffer => (height, depth) = (1, 1),
            T::OneDArray => height = 1,
            T::TwoD => depth = 1,
            T::Cube => (height, depth) = (width, 1),
            T::CubeArray => height = width,
            _ => {}
        }
        (h.width, h.height, h.depth) = (width, height, depth);
        let single = matches!(ty, T::OneDBuffer | T::TwoDNoMipmap) || h.ms_mode != MsMode::Mode1x1;
        let chain = texcore::descriptor::full_chain_levels(h.max_minified_dim());
        base_level = if single { 0 } else { base_level.min(chain - 1) };
        levels = if single { 1 } else { levels.clamp(1, chain - base_level) };
        (h.levels, h.base_level) = (levels, base_level);
        if !matches!(ty, T::TwoD | T::TwoDArray) {
            (quilt_width, quilt_height) = (0, 0);
        }
        (h.quilt_width, h.quilt_height) = (quilt_width % 32, quilt_height % 32);
        if ty == T::OneDBuffer {
            h.layout = Layout::PitchLinear;
        }
    } else {
        (h.levels, h.base_level, h.quilt_width, h.quilt_height) = (levels, base_level, quilt_width, quilt_height);
    }
    let row = h.width.wrapping_mul(format.bytes_per_texel());
    h.row_pitch = match pitch_sel {
        0 | 1 => 0,
        2 => row,
        3 => row.wrapping_add(u32::from(flags >> 4) * 4 + 1),
        4 => u32::MAX,
        _ => pitch_raw,
    };
    if coerce && (h.layout != Layout::PitchLinear || ty == T::OneDBuffer || u64::from(h.row_pitch) < u64::from(row)) {
        h.row_pitch = 0;
    }
    h
}

/// Encodes `words` for [`header`] (mode 0).
pub fn put_header_words(w: &mut Writer, words: &[u32; 8]) {
    w.u8(HEADER_WORDS);
    for x in words {
        w.u32(*x);
    }
}

/// Encodes a header that validates for [`header`] (mode 2: taken as it is).
pub fn put_header(w: &mut Writer, h: &TextureHeader) {
    w.u8(HEADER_RAW_FIELDS);
    w.index(TextureType::ALL.iter().position(|t| *t == h.ty).unwrap_or(0));
    w.index(Format::ALL.iter().position(|f| *f == h.format).unwrap_or(0));
    w.u8(u8::from(h.srgb) | if h.layout == Layout::Tiled4x4 { 2 } else { 0 });
    w.index(MS.iter().position(|m| *m == h.ms_mode).unwrap_or(0));
    let sw = h.swizzle.0.iter().enumerate().fold(0u16, |a, (i, s)| a | (*s as u16) << (3 * i));
    w.u16(sw);
    put_address(w, h.base_address);
    put_dim(w, h.width);
    put_dim(w, h.height);
    put_dim(w, h.depth);
    w.u8(RAW).u8(RAW).u8(h.quilt_width as u8).u8(h.quilt_height as u8);
    w.u8(5).u32(h.row_pitch);
    w.u32(h.levels).u32(h.base_level);
}

// ------------------------------------------------------------------ sampler headers

/// How a generated sampler header came about.
#[derive(Clone, Copy, Debug)]
pub enum SamplerSrc {
    /// Eight descriptor words.
    Words([u32; 8]),
    /// A header built from fields.
    Fields(SamplerHeader),
}

impl SamplerSrc {
    /// The sampler as the ops take it.
    pub fn sampler(&self) -> Result<SamplerHeader, Invalid> {
        match self {
            SamplerSrc::Words(w) => SamplerHeader::from_words(w).map_err(Invalid::Sampler),
            SamplerSrc::Fields(s) => Ok(*s),
        }
    }
}

/// A sampler header: descriptor words (mode 0) or fields (mode 1: in range; mode 2: as read).
pub fn sampler(r: &mut Reader<'_>) -> SamplerSrc {
    let mode = r.u8() % 4;
    if mode == 0 {
        return SamplerSrc::Words(core::array::from_fn(|_| r.u32()));
    }
    let wrap = [WrapMode::ALL[r.below(5)], WrapMode::ALL[r.below(5)], WrapMode::ALL[r.below(5)]];
    let flags = r.u8();
    let filt = |b: bool| if b { Filter::Linear } else { Filter::Nearest };
    let mip = [MipFilter::None, MipFilter::Nearest, MipFilter::Linear][r.below(3)];
    let aniso = r.u8();
    let func = CompareFunc::from_code(u32::from(r.u8() & 7));
    let bias = r.u16() as i16;
    let (min_lod, max_lod) = (r.u16(), r.u16());
    let border = [f32_bits(r), f32_bits(r), f32_bits(r), f32_bits(r)];
    let raw = mode == 2;
    SamplerHeader {
        wrap,
        mag_filter: filt(flags & 1 == 1),
        min_filter: filt(flags & 2 == 2),
        mip_filter: mip,
        max_anisotropy_log2: if raw { aniso } else { aniso % 5 },
        compare_enable: flags & 4 == 4,
        compare_func: func,
        seamless_cube: flags & 8 == 8,
        lod_bias: fixed::types::I8F8::from_bits(if raw {
            bias
        } else {
            bias.clamp(texcore::descriptor::MIN_LOD_BIAS_RAW, texcore::descriptor::MAX_LOD_BIAS_RAW)
        }),
        min_lod: fixed::types::U8F8::from_bits(min_lod),
        max_lod: fixed::types::U8F8::from_bits(max_lod),
        border_color: border,
    }
    .into()
}

impl From<SamplerHeader> for SamplerSrc {
    fn from(s: SamplerHeader) -> SamplerSrc {
        SamplerSrc::Fields(s)
    }
}

/// Encodes `words` for [`sampler`] (mode 0).
pub fn put_sampler_words(w: &mut Writer, words: &[u32; 8]) {
    w.u8(0);
    for x in words {
        w.u32(*x);
    }
}

/// Encodes a sampler for [`sampler`] (mode 2: taken as it is).
pub fn put_sampler(w: &mut Writer, s: &SamplerHeader) {
    w.u8(2);
    for m in s.wrap {
        w.index(WrapMode::ALL.iter().position(|x| *x == m).unwrap_or(0));
    }
    let flags = u8::from(s.mag_filter == Filter::Linear)
        | u8::from(s.min_filter == Filter::Linear) << 1
        | u8::from(s.compare_enable) << 2
        | u8::from(s.seamless_cube) << 3;
    w.u8(flags);
    w.index(match s.mip_filter {
        MipFilter::None => 0,
        MipFilter::Nearest => 1,
        MipFilter::Linear => 2,
    });
    w.u8(s.max_anisotropy_log2);
    w.u8(s.compare_func as u8);
    w.u16(s.lod_bias.to_bits() as u16).u16(s.min_lod.to_bits()).u16(s.max_lod.to_bits());
    for b in s.border_color {
        put_f32(w, b);
    }
}

// ------------------------------------------------------------------ memory

/// Largest texel memory a target builds (small memories keep executions fast; big textures
/// still run, with most texels outside the memory).
pub const MAX_MEMORY: usize = 4096;

/// A texel memory of 0 … [`MAX_MEMORY`] bytes: a byte pattern `i·a + b`, then up to 64 raw
/// bytes at an offset (float specials, codes at the format's edges).
pub fn memory(r: &mut Reader<'_>) -> Vec<u8> {
    let len = usize::from(r.u16()) % (MAX_MEMORY + 1);
    let (a, b) = (r.u8(), r.u8());
    let mut m: Vec<u8> = (0..len).map(|i| (i as u8).wrapping_mul(a).wrapping_add(b)).collect();
    let at = usize::from(r.u16());
    let n = r.below(65);
    let raw = r.bytes(n);
    for (i, v) in raw.into_iter().enumerate() {
        if let Some(slot) = m.get_mut(at + i) {
            *slot = v;
        }
    }
    m
}

/// Encodes a memory of `len` bytes `i·a + b` for [`memory`] (no raw bytes).
pub fn put_memory(w: &mut Writer, len: u16, a: u8, b: u8) {
    w.u16(len).u8(a).u8(b).u16(0).u8(0);
}
