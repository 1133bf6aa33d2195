//! Host-side textures: the bytes the model reads (laid out with `texcore::memory`) and the
//! same texels decoded to f64 by this module's own decoder, written from the format tables
//! (not from texcore's decode).

use texcore::descriptor::{Format, Layout, Swizzle, SwizzleSource, TextureHeader, TextureType};
use texcore::memory::{texel_address, texture_bytes, TexelCoord};

use super::rng::Rng;

/// The formats the oracle knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fmt {
    /// RGBA8_UNORM.
    Rgba8,
    /// RGBA8_UNORM with sRGB decode.
    Srgba8,
    /// BGRA8_UNORM.
    Bgra8,
    /// R16_UNORM.
    R16,
    /// RG8_SNORM.
    Rg8Snorm,
    /// RGBA16_FLOAT.
    Rgba16F,
    /// L8_UNORM.
    L8,
    /// LA8_UNORM.
    La8,
    /// A8_UNORM.
    A8,
    /// RGB565_UNORM.
    Rgb565,
}

/// binary16 bits → value (own decoder).
pub fn f16_value(h: u16) -> f64 {
    let s = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let e = i32::from((h >> 10) & 31);
    let m = f64::from(h & 1023);
    match e {
        0 => s * m * 2f64.powi(-24),
        31 => {
            if m == 0.0 {
                s * f64::INFINITY
            } else {
                f64::NAN
            }
        }
        _ => s * (1024.0 + m) * 2f64.powi(e - 25),
    }
}

/// IEC 61966-2-1 sRGB → linear of an 8-bit code.
pub fn srgb_linear(v: u8) -> f64 {
    let c = f64::from(v) / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

/// Quantize a binary32 border word to UNORM with denominator `d` (NaN → 0, clamp, RNE).
fn q_unorm(w: u32, d: f64) -> f64 {
    let x = f64::from(f32::from_bits(w));
    if x.is_nan() {
        return 0.0;
    }
    (x.clamp(0.0, 1.0) * d).round_ties_even() / d
}

fn q_snorm(w: u32, d: f64) -> f64 {
    let x = f64::from(f32::from_bits(w));
    if x.is_nan() {
        return 0.0;
    }
    (x.clamp(-1.0, 1.0) * d).round_ties_even() / d
}

fn q_f16(w: u32) -> f64 {
    half::f16::from_f32(f32::from_bits(w)).to_f64()
}

impl Fmt {
    /// Every format.
    pub const ALL: [Fmt; 10] = [
        Fmt::Rgba8,
        Fmt::Srgba8,
        Fmt::Bgra8,
        Fmt::R16,
        Fmt::Rg8Snorm,
        Fmt::Rgba16F,
        Fmt::L8,
        Fmt::La8,
        Fmt::A8,
        Fmt::Rgb565,
    ];

    /// The texcore format code.
    pub fn format(self) -> Format {
        match self {
            Fmt::Rgba8 | Fmt::Srgba8 => Format::RGBA8_UNORM,
            Fmt::Bgra8 => Format::BGRA8_UNORM,
            Fmt::R16 => Format::R16_UNORM,
            Fmt::Rg8Snorm => Format::RG8_SNORM,
            Fmt::Rgba16F => Format::RGBA16_FLOAT,
            Fmt::L8 => Format::L8_UNORM,
            Fmt::La8 => Format::LA8_UNORM,
            Fmt::A8 => Format::A8_UNORM,
            Fmt::Rgb565 => Format::RGB565_UNORM,
        }
    }

    /// Whether the header's sRGB bit is set.
    pub fn srgb(self) -> bool {
        self == Fmt::Srgba8
    }

    /// Short name.
    pub fn name(self) -> &'static str {
        match self {
            Fmt::Rgba8 => "RGBA8",
            Fmt::Srgba8 => "SRGBA8",
            Fmt::Bgra8 => "BGRA8",
            Fmt::R16 => "R16",
            Fmt::Rg8Snorm => "RG8_SNORM",
            Fmt::Rgba16F => "RGBA16F",
            Fmt::L8 => "L8",
            Fmt::La8 => "LA8",
            Fmt::A8 => "A8",
            Fmt::Rgb565 => "RGB565",
        }
    }

    /// Bytes per texel (own table).
    pub fn size(self) -> usize {
        match self {
            Fmt::Rgba8 | Fmt::Srgba8 | Fmt::Bgra8 => 4,
            Fmt::R16 | Fmt::Rg8Snorm | Fmt::La8 | Fmt::Rgb565 => 2,
            Fmt::Rgba16F => 8,
            Fmt::L8 | Fmt::A8 => 1,
        }
    }

    /// The value of one code step of each `(x, y, z, w)` component (the format's ULP);
    /// 0 marks binary16 (ULP relative to the value).
    pub fn ulp(self) -> [f64; 4] {
        let u8_ = 1.0 / 255.0;
        match self {
            Fmt::Srgba8 => [1.0 / 65535.0, 1.0 / 65535.0, 1.0 / 65535.0, u8_],
            Fmt::R16 => [1.0 / 65535.0, u8_, u8_, u8_],
            Fmt::Rg8Snorm => [1.0 / 127.0, 1.0 / 127.0, u8_, u8_],
            Fmt::Rgba16F => [0.0; 4],
            Fmt::Rgb565 => [1.0 / 31.0, 1.0 / 63.0, 1.0 / 31.0, u8_],
            _ => [u8_; 4],
        }
    }

    /// Random stored bytes of one texel.
    pub fn random_texel(self, rng: &mut Rng) -> [u8; 8] {
        let mut b = [0u8; 8];
        match self {
            Fmt::Rgba16F => {
                for c in 0..4 {
                    // |v| < 4 (exponent ≤ 16), subnormals included.
                    let e = rng.int(0, 16) as u16;
                    let m = rng.below(1024) as u16;
                    let s = if rng.chance(0.3) { 0x8000 } else { 0 };
                    let h = s | (e << 10) | m;
                    b[2 * c..2 * c + 2].copy_from_slice(&h.to_le_bytes());
                }
            }
            _ => {
                let v = rng.u64().to_le_bytes();
                b[..self.size()].copy_from_slice(&v[..self.size()]);
            }
        }
        b
    }

    /// Decodes stored bytes into `(x, y, z, w)` after the component table.
    pub fn decode(self, b: &[u8]) -> [f64; 4] {
        let un8 = |v: u8| f64::from(v) / 255.0;
        let sn8 = |v: u8| (f64::from(v as i8) / 127.0).max(-1.0);
        let u16le = |i: usize| u16::from_le_bytes([b[i], b[i + 1]]);
        match self {
            Fmt::Rgba8 => [un8(b[0]), un8(b[1]), un8(b[2]), un8(b[3])],
            Fmt::Srgba8 => [srgb_linear(b[0]), srgb_linear(b[1]), srgb_linear(b[2]), un8(b[3])],
            Fmt::Bgra8 => [un8(b[2]), un8(b[1]), un8(b[0]), un8(b[3])],
            Fmt::R16 => [f64::from(u16le(0)) / 65535.0, 0.0, 0.0, 1.0],
            Fmt::Rg8Snorm => [sn8(b[0]), sn8(b[1]), 0.0, 1.0],
            Fmt::Rgba16F => [f16_value(u16le(0)), f16_value(u16le(2)), f16_value(u16le(4)), f16_value(u16le(6))],
            Fmt::L8 => [un8(b[0]), un8(b[0]), un8(b[0]), 1.0],
            Fmt::La8 => [un8(b[0]), un8(b[0]), un8(b[0]), un8(b[1])],
            Fmt::A8 => [0.0, 0.0, 0.0, un8(b[0])],
            Fmt::Rgb565 => {
                let v = u16le(0);
                [f64::from(v >> 11) / 31.0, f64::from((v >> 5) & 63) / 63.0, f64::from(v & 31) / 31.0, 1.0]
            }
        }
    }

    /// The border colour words as a texel of the format (components the format stores come
    /// from the border, each quantized to the format's precision; the rest from the table).
    pub fn border(self, w: [u32; 4]) -> [f64; 4] {
        let u8_ = |x| q_unorm(x, 255.0);
        match self {
            Fmt::Rgba8 | Fmt::Bgra8 => [u8_(w[0]), u8_(w[1]), u8_(w[2]), u8_(w[3])],
            Fmt::Srgba8 => [q_unorm(w[0], 65535.0), q_unorm(w[1], 65535.0), q_unorm(w[2], 65535.0), u8_(w[3])],
            Fmt::R16 => [q_unorm(w[0], 65535.0), 0.0, 0.0, 1.0],
            Fmt::Rg8Snorm => [q_snorm(w[0], 127.0), q_snorm(w[1], 127.0), 0.0, 1.0],
            Fmt::Rgba16F => [q_f16(w[0]), q_f16(w[1]), q_f16(w[2]), q_f16(w[3])],
            Fmt::L8 => {
                let l = u8_(w[0]);
                [l, l, l, 1.0]
            }
            Fmt::La8 => {
                let l = u8_(w[0]);
                [l, l, l, u8_(w[3])]
            }
            Fmt::A8 => [0.0, 0.0, 0.0, u8_(w[3])],
            Fmt::Rgb565 => [q_unorm(w[0], 31.0), q_unorm(w[1], 63.0), q_unorm(w[2], 31.0), 1.0],
        }
    }
}

/// A texture in texel memory plus its f64 decode.
#[derive(Clone, Debug)]
pub struct RefTex {
    /// The header the model sees.
    pub h: TextureHeader,
    /// The oracle's format.
    pub fmt: Fmt,
    /// Texel memory (starts at address 0; the texture at `h.base_address`).
    pub mem: Vec<u8>,
    data: Vec<[f64; 4]>,
    start: Vec<usize>,
    nl: u32,
    /// The border texel (component table applied, quantized).
    pub border: [f64; 4],
    /// Per `(x, y, z, w)` component: `max(1, max |value|)` over texels and border.
    pub scale: [f64; 4],
}

/// Level sizes `(w, h, d)` of absolute level `l` (own minification: `max(1, n >> l)`;
/// arrays keep their layer count out of it).
pub fn level_dims(h: &TextureHeader, l: u32) -> [u32; 3] {
    let m = |n: u32| (n >> l).max(1);
    match h.ty {
        TextureType::ThreeD => [m(h.width), m(h.height), m(h.depth)],
        TextureType::OneD | TextureType::OneDArray => [m(h.width), 1, 1],
        _ => [m(h.width), m(h.height), 1],
    }
}

/// Number of memory layers (array layers, `6 × cubes`).
pub fn layer_count(h: &TextureHeader) -> u32 {
    match h.ty {
        TextureType::OneDArray | TextureType::TwoDArray => h.depth,
        TextureType::Cube => 6,
        TextureType::CubeArray => 6 * h.depth,
        _ => 1,
    }
}

impl RefTex {
    /// Builds a texture: `gen(level, layer, x, y, z)` gives the stored bytes of each texel.
    pub fn new(
        h: TextureHeader,
        fmt: Fmt,
        border_words: [u32; 4],
        mut gen: impl FnMut(u32, u32, u32, u32, u32) -> [u8; 8],
    ) -> RefTex {
        assert_eq!(h.format, fmt.format());
        assert_eq!(h.srgb, fmt.srgb());
        h.validate().expect("valid header");
        let total = h.base_address as usize + texture_bytes(&h) as usize;
        let mut mem = vec![0u8; total];
        let nl = h.base_level + h.levels;
        let layers = layer_count(&h);
        let mut data = Vec::new();
        let mut start = Vec::with_capacity((layers * nl) as usize);
        let bpt = fmt.size();
        let mut scale = [1.0f64; 4];
        for layer in 0..layers {
            for level in 0..nl {
                start.push(data.len());
                if level < h.base_level {
                    // Allocated but outside the view: never addressed.
                    continue;
                }
                let [w, hh, d] = level_dims(&h, level);
                for z in 0..d {
                    for y in 0..hh {
                        for x in 0..w {
                            let bytes = gen(level, layer, x, y, z);
                            let c = TexelCoord { x, y, z, layer, level, sample: 0 };
                            let a = texel_address(&h, &c).expect("texel in range") as usize;
                            mem[a..a + bpt].copy_from_slice(&bytes[..bpt]);
                            let v = fmt.decode(&bytes[..bpt]);
                            for i in 0..4 {
                                scale[i] = scale[i].max(v[i].abs());
                            }
                            data.push(v);
                        }
                    }
                }
            }
        }
        let border = fmt.border(border_words);
        for i in 0..4 {
            scale[i] = scale[i].max(border[i].abs());
        }
        RefTex { h, fmt, mem, data, start, nl, border, scale }
    }

    /// A value-only texture (no texel memory) of `h`'s shape: `gen(level, layer, x, y, z)`
    /// gives each texel's `(x, y, z, w)` values directly; `border` the border texel. `fmt` is
    /// nominal (the header's format is not checked). Used for depth textures and their
    /// per-reference compare results.
    pub fn values_only(
        h: TextureHeader,
        fmt: Fmt,
        border: [f64; 4],
        mut gen: impl FnMut(u32, u32, u32, u32, u32) -> [f64; 4],
    ) -> RefTex {
        let nl = h.base_level + h.levels;
        let layers = layer_count(&h);
        let mut data = Vec::new();
        let mut start = Vec::with_capacity((layers * nl) as usize);
        for layer in 0..layers {
            for level in 0..nl {
                start.push(data.len());
                if level < h.base_level {
                    continue;
                }
                let [w, hh, d] = level_dims(&h, level);
                for z in 0..d {
                    for y in 0..hh {
                        for x in 0..w {
                            data.push(gen(level, layer, x, y, z));
                        }
                    }
                }
            }
        }
        RefTex { h, fmt, mem: Vec::new(), data, start, nl, border, scale: [1.0; 4] }
    }

    /// The same shape with every texel (and the border) mapped by `f`; no texel memory.
    pub fn map_values(&self, f: impl Fn([f64; 4]) -> [f64; 4]) -> RefTex {
        RefTex {
            h: self.h,
            fmt: self.fmt,
            mem: Vec::new(),
            data: self.data.iter().map(|&v| f(v)).collect(),
            start: self.start.clone(),
            nl: self.nl,
            border: f(self.border),
            scale: [1.0; 4],
        }
    }

    /// Every stored texel value (view levels only), in storage order.
    pub fn values(&self) -> &[[f64; 4]] {
        &self.data
    }

    /// A texture of random texels.
    pub fn random(h: TextureHeader, fmt: Fmt, border_words: [u32; 4], rng: &mut Rng) -> RefTex {
        RefTex::new(h, fmt, border_words, |_, _, _, _, _| fmt.random_texel(rng))
    }

    /// The decoded texel at absolute `level`, memory `layer`, `(x, y, z)`.
    #[inline]
    pub fn texel(&self, layer: u32, level: u32, x: u32, y: u32, z: u32) -> [f64; 4] {
        let [w, h, _] = level_dims(&self.h, level);
        let s = self.start[(layer * self.nl + level) as usize];
        self.data[s + ((z * h + y) * w + x) as usize]
    }

    /// Applies the header's swizzle to a `(x, y, z, w)` vector.
    pub fn swizzle(&self, v: [f64; 4]) -> [f64; 4] {
        swizzle(self.h.swizzle, v)
    }

    /// Per returned component: the format ULP (0 = binary16, constant sources: 1/255).
    pub fn out_ulp(&self) -> [f64; 4] {
        let u = self.fmt.ulp();
        self.h.swizzle.0.map(|s| match s {
            SwizzleSource::R => u[0],
            SwizzleSource::G => u[1],
            SwizzleSource::B => u[2],
            SwizzleSource::A => u[3],
            _ => 1.0 / 255.0,
        })
    }

    /// Per returned component: the threshold scale (`max(1, max |value|)`).
    pub fn out_scale(&self) -> [f64; 4] {
        let s = self.scale;
        self.h.swizzle.0.map(|src| match src {
            SwizzleSource::R => s[0],
            SwizzleSource::G => s[1],
            SwizzleSource::B => s[2],
            SwizzleSource::A => s[3],
            _ => 1.0,
        })
    }
}

/// Own swizzle: returned component `i` = source `sw.0[i]` of `(x, y, z, w)`, or 0 / 1.
pub fn swizzle(sw: Swizzle, v: [f64; 4]) -> [f64; 4] {
    sw.0.map(|s| match s {
        SwizzleSource::R => v[0],
        SwizzleSource::G => v[1],
        SwizzleSource::B => v[2],
        SwizzleSource::A => v[3],
        SwizzleSource::Zero => 0.0,
        SwizzleSource::One => 1.0,
    })
}

/// The number of levels of a full chain for the type's minified dimensions.
pub fn full_chain(ty: TextureType, w: u32, h: u32, d: u32) -> u32 {
    let m = match ty {
        TextureType::OneD | TextureType::OneDArray => w,
        TextureType::ThreeD => w.max(h).max(d),
        _ => w.max(h),
    };
    32 - m.leading_zeros()
}

/// A random valid header of type `ty` and format `fmt`: NPOT sizes, random level count and
/// base level, sometimes tiled, sometimes a row pitch, sometimes a swizzle.
pub fn random_header(rng: &mut Rng, ty: TextureType, fmt: Fmt, swizzles: bool) -> TextureHeader {
    use TextureType as T;
    let mut size = |max: i64| -> u32 {
        if rng.chance(0.15) {
            rng.int(1, 3) as u32
        } else {
            rng.int(1, max) as u32
        }
    };
    let (w, h, d) = match ty {
        T::OneD => (size(70), 1, 1),
        T::OneDArray => (size(50), 1, size(5)),
        T::TwoD => (size(40), size(40), 1),
        T::TwoDArray => (size(24), size(24), size(4)),
        T::ThreeD => (size(13), size(13), size(13)),
        T::Cube => {
            let n = size(16);
            (n, n, 1)
        }
        T::CubeArray => {
            let n = size(12);
            (n, n, size(3))
        }
        _ => unreachable!("type not sampled by the oracle"),
    };
    let full = full_chain(ty, w, h, d);
    let base = if full > 1 && rng.chance(0.25) { rng.int(1, i64::from(full) - 1) as u32 } else { 0 };
    let avail = full - base;
    let levels = if rng.chance(0.6) { avail } else { rng.int(1, i64::from(avail)) as u32 };
    let mut hd = TextureHeader::new(ty, fmt.format(), w, h, d, levels);
    hd.srgb = fmt.srgb();
    hd.base_level = base;
    hd.base_address = (rng.below(8) * 4) as u32;
    if rng.chance(0.2) {
        hd.layout = Layout::Tiled4x4;
    } else if rng.chance(0.2) {
        hd.row_pitch = w * fmt.size() as u32 + rng.below(8) as u32;
    }
    if swizzles && rng.chance(0.2) {
        use SwizzleSource as S;
        let all = [S::R, S::G, S::B, S::A, S::Zero, S::One];
        hd.swizzle = Swizzle([rng.pick(&all), rng.pick(&all), rng.pick(&all), rng.pick(&all)]);
    }
    hd.validate().expect("random header valid");
    hd
}

/// Random border colour words for `fmt` (slightly out of range, to test the clamp).
pub fn random_border(rng: &mut Rng, fmt: Fmt) -> [u32; 4] {
    let (lo, hi) = match fmt {
        Fmt::Rg8Snorm => (-1.25, 1.25),
        Fmt::Rgba16F => (-3.0, 3.0),
        _ => (-0.25, 1.25),
    };
    [0; 4].map(|_| (rng.range(lo, hi) as f32).to_bits())
}
