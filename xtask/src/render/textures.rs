//! The scenes' textures, built in texel memory with the core's descriptors: a
//! [`TextureHeader`] per texture, texels placed with `texcore::memory::texel_address` (so
//! every layout rule is the core's), mip chains box-filtered on the host (the application's
//! job, like `glGenerateMipmap`).

use texcore::descriptor::{Format, TextureHeader, TextureType};
use texcore::memory::{texel_address, texture_bytes, TexelCoord};

/// An RGBA8 texel (stored byte order R, G, B, A).
pub type Rgba = [u8; 4];

/// A texture: its header and texel memory (the texture starts at address 0).
pub struct Tex {
    /// The view the sampling ops get.
    pub h: TextureHeader,
    /// Texel memory.
    pub mem: Vec<u8>,
}

impl Tex {
    /// Builds `h` (validated) with `texel(level, layer, x, y)` giving each texel's stored
    /// bytes (the first `bytes_per_texel` are used).
    pub fn build(h: TextureHeader, mut texel: impl FnMut(u32, u32, u32, u32) -> [u8; 4]) -> Tex {
        h.validate().expect("scene texture header is valid");
        let mut mem = vec![0u8; texture_bytes(&h) as usize];
        let bpt = h.format.bytes_per_texel() as usize;
        for layer in 0..h.layers() {
            for level in 0..h.levels {
                for y in 0..h.level_height(level) {
                    for x in 0..h.level_width(level) {
                        let c = TexelCoord { x, y, z: 0, layer, level, sample: 0 };
                        let a = texel_address(&h, &c).expect("texel inside the texture") as usize;
                        mem[a..a + bpt].copy_from_slice(&texel(level, layer, x, y)[..bpt]);
                    }
                }
            }
        }
        Tex { h, mem }
    }

    /// An RGBA8 2D (or cube: one chain per face) texture from per-layer mip chains.
    pub fn rgba8(ty: TextureType, chains: &[MipChain]) -> Tex {
        let (w, hh) = (chains[0].levels[0].w, chains[0].levels[0].h);
        let h = TextureHeader::new(ty, Format::RGBA8_UNORM, w, hh, 1, chains[0].levels.len() as u32);
        Tex::build(h, |level, layer, x, y| chains[layer as usize].levels[level as usize].at(x, y))
    }
}

/// One level of an RGBA8 image.
#[derive(Clone)]
pub struct Level {
    /// Width.
    pub w: u32,
    /// Height.
    pub h: u32,
    /// Texels, row-major.
    pub px: Vec<Rgba>,
}

impl Level {
    /// An image from `f(x, y)`.
    pub fn from_fn(w: u32, h: u32, f: impl Fn(u32, u32) -> Rgba) -> Level {
        let mut px = Vec::with_capacity((w * h) as usize);
        for y in 0..h {
            for x in 0..w {
                px.push(f(x, y));
            }
        }
        Level { w, h, px }
    }

    /// The texel at `(x, y)`.
    pub fn at(&self, x: u32, y: u32) -> Rgba {
        self.px[(y * self.w + x) as usize]
    }

    /// The next level: each texel the rounded mean of its 2×2 (or 2×1 / 1×2 at the ends of
    /// the chain) footprint.
    pub fn half(&self) -> Level {
        let (w, h) = ((self.w / 2).max(1), (self.h / 2).max(1));
        Level::from_fn(w, h, |x, y| {
            let xs = [2 * x, (2 * x + 1).min(self.w - 1)];
            let ys = [2 * y, (2 * y + 1).min(self.h - 1)];
            let mut sum = [0u32; 4];
            for yy in ys {
                for xx in xs {
                    let t = self.at(xx, yy);
                    for c in 0..4 {
                        sum[c] += u32::from(t[c]);
                    }
                }
            }
            sum.map(|s| ((s + 2) / 4) as u8)
        })
    }
}

/// A full mip chain (level 0 down to 1×1).
#[derive(Clone)]
pub struct MipChain {
    /// Levels, 0 first.
    pub levels: Vec<Level>,
}

impl MipChain {
    /// The full chain of `base`, box-filtered.
    pub fn full(base: Level) -> MipChain {
        let mut levels = vec![base];
        while levels.last().is_some_and(|l| l.w > 1 || l.h > 1) {
            let next = levels.last().expect("non-empty").half();
            levels.push(next);
        }
        MipChain { levels }
    }

    /// One colour per level (the mip-level map), sizes of a full chain of `w × h`.
    pub fn coloured(w: u32, h: u32, colours: &[Rgba]) -> MipChain {
        let n = 32 - w.max(h).leading_zeros();
        let levels =
            (0..n).map(|l| Level::from_fn((w >> l).max(1), (h >> l).max(1), |_, _| colours[l as usize])).collect();
        MipChain { levels }
    }
}

/// The 8×8 glyph of an ASCII character (bit 0 of each row byte = leftmost pixel).
pub fn glyph(c: char) -> [u8; 8] {
    let i = c as usize;
    if i < 128 {
        font8x8::legacy::BASIC_LEGACY[i]
    } else {
        [0; 8]
    }
}

/// Whether pixel `(x, y)` (0 … 7) of `c`'s glyph is set.
pub fn glyph_bit(c: char, x: u32, y: u32) -> bool {
    x < 8 && y < 8 && glyph(c)[y as usize] >> x & 1 == 1
}

/// Light and dark checks of the ground texture.
pub const CHECK: [Rgba; 2] = [[236, 230, 214, 255], [46, 66, 104, 255]];
/// Glyph colours on light and dark checks.
pub const INK: [Rgba; 2] = [[176, 36, 40, 255], [244, 192, 64, 255]];
/// The characters written into the checks, row by row.
pub const TEXT: &str = "TEXCORE-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ#@%&*+=?";

/// Level 0 of the ground texture: `size × size` texels (a power of two ≥ 64), 8 × 8 checks,
/// each with one character of [`TEXT`] at 3× scale in the contrasting ink. Exactly four
/// colours ([`CHECK`], [`INK`]).
pub fn ground(size: u32) -> Level {
    let cell = size / 8;
    let scale = (cell * 3 / 4 / 8).max(1);
    let pad = (cell - 8 * scale) / 2;
    let text: Vec<char> = TEXT.chars().collect();
    Level::from_fn(size, size, |x, y| {
        let (cx, cy) = (x / cell, y / cell);
        let parity = ((cx + cy) & 1) as usize;
        let ch = text[((cy * 8 + cx) as usize) % text.len()];
        let (gx, gy) = ((x % cell).wrapping_sub(pad) / scale, (y % cell).wrapping_sub(pad) / scale);
        if glyph_bit(ch, gx, gy) {
            INK[parity]
        } else {
            CHECK[parity]
        }
    })
}

/// Distinct colours of the mip-level map, level 0 first (also the legend's).
pub const LEVEL_COLOURS: [Rgba; 12] = [
    [230, 25, 75, 255],
    [245, 130, 48, 255],
    [255, 225, 25, 255],
    [60, 180, 75, 255],
    [70, 240, 240, 255],
    [0, 130, 200, 255],
    [145, 30, 180, 255],
    [240, 50, 230, 255],
    [128, 128, 128, 255],
    [255, 255, 255, 255],
    [0, 0, 0, 255],
    [170, 110, 40, 255],
];

/// Face `f` of the cube texture (`n × n`): the face's own hue, a 4 × 4 checker of light and
/// dark shades, and the face number as a glyph in the middle, so every edge and corner shows
/// which faces meet there.
pub fn cube_face(f: u32, n: u32) -> Level {
    const HUES: [Rgba; 6] = [
        [220, 60, 60, 255],
        [60, 200, 220, 255],
        [80, 200, 70, 255],
        [210, 80, 210, 255],
        [70, 90, 230, 255],
        [235, 200, 50, 255],
    ];
    let hue = HUES[f as usize];
    let cell = (n / 4).max(1);
    let digit = char::from(b'0' + f as u8);
    let scale = (n / 16).max(1);
    let off = (n - 8 * scale) / 2;
    Level::from_fn(n, n, |x, y| {
        let dark = (x / cell + y / cell) & 1 == 1;
        let (gx, gy) = (x.wrapping_sub(off) / scale, y.wrapping_sub(off) / scale);
        if glyph_bit(digit, gx, gy) {
            return [255, 255, 255, 255];
        }
        let k = if dark { 150 } else { 255 };
        let shade = |c: u8| (u32::from(c) * k / 255) as u8;
        [shade(hue[0]), shade(hue[1]), shade(hue[2]), 255]
    })
}

/// The wrap-mode texture (`n × n`, n ≥ 16): a red-in-x, green-in-y ramp, a one-texel blue
/// frame on the left and top edges, and an `F` (asymmetric, so every mirror shows) in the
/// middle.
pub fn wrap_pattern(n: u32) -> Level {
    let scale = (n / 16).max(1);
    let off = n / 2 - 4 * scale;
    Level::from_fn(n, n, |x, y| {
        if glyph_bit('F', x.wrapping_sub(off) / scale, y.wrapping_sub(off) / scale) {
            return [255, 255, 255, 255];
        }
        if x == 0 || y == 0 {
            return [20, 40, 220, 255];
        }
        [(40 + x * 200 / n) as u8, (40 + y * 200 / n) as u8, 60, 255]
    })
}

/// The shadow scene's ground (`n × n`, 8 × 8 checks of two close sand tones), so the
/// shadows read clearly.
pub fn sand(n: u32) -> Level {
    let cell = (n / 8).max(1);
    Level::from_fn(
        n,
        n,
        |x, y| if (x / cell + y / cell) & 1 == 1 { [206, 196, 172, 255] } else { [228, 220, 198, 255] },
    )
}

/// The source image of the component table (`n × n`): red ramps in x, green in y, blue is a
/// diagonal stripe pattern, alpha a radial falloff (opaque centre, transparent corners).
pub fn swizzle_source(n: u32) -> Level {
    Level::from_fn(n, n, |x, y| {
        let (fx, fy) = (x * 255 / (n - 1), y * 255 / (n - 1));
        let b = if ((x + y) / (n / 8).max(1)) & 1 == 1 { 230 } else { 30 };
        let (dx, dy) = (2 * x as i32 - n as i32 + 1, 2 * y as i32 - n as i32 + 1);
        let r2 = (dx * dx + dy * dy) as u32;
        let a = 255u32.saturating_sub(r2 * 255 / (2 * n * n));
        [fx as u8, fy as u8, b, a as u8]
    })
}

/// Stores an RGBA8 value in `format` (the formats of the component table).
pub fn encode(format: Format, t: Rgba) -> [u8; 4] {
    let [r, g, b, a] = t;
    match format {
        Format::R8_UNORM | Format::L8_UNORM | Format::I8_UNORM | Format::S8_UINT => [r, 0, 0, 0],
        Format::A8_UNORM => [a, 0, 0, 0],
        Format::RG8_UNORM => [r, g, 0, 0],
        Format::LA8_UNORM => [r, a, 0, 0],
        Format::RGBA8_UNORM | Format::BGRA8_UNORM => [r, g, b, a],
        Format::RGB565_UNORM => {
            let v = (u16::from(r >> 3) << 11) | (u16::from(g >> 2) << 5) | u16::from(b >> 3);
            let [lo, hi] = v.to_le_bytes();
            [lo, hi, 0, 0]
        }
        Format::Z16_UNORM => {
            let [lo, hi] = (u16::from(r) * 257).to_le_bytes();
            [lo, hi, 0, 0]
        }
        other => panic!("the component table has no {other:?} panel"),
    }
}

/// The shadow map's occluders (`n × n`, depth as a Z16 code): the word `TEXCORE` and a disc
/// at depth 0.4, a ring at 0.6, nothing (1.0) elsewhere.
pub fn shadow_depth(n: u32) -> Vec<u16> {
    let word: Vec<char> = "TEXCORE".chars().collect();
    let scale = (n / 128).max(1);
    let (wx, wy) = (n / 2 - 28 * scale, n * 3 / 8);
    let mut d = vec![u16::MAX; (n * n) as usize];
    let z = |v: f64| (v * 65535.0).round() as u16;
    for y in 0..n {
        for x in 0..n {
            let mut v = u16::MAX;
            let (fx, fy) = (f64::from(x) + 0.5 - f64::from(n) * 0.3, f64::from(y) + 0.5 - f64::from(n) * 0.70);
            let r = (fx * fx + fy * fy).sqrt() / f64::from(n);
            if r < 0.14 {
                v = z(0.4);
            }
            let (gx, gy) = (f64::from(x) + 0.5 - f64::from(n) * 0.72, f64::from(y) + 0.5 - f64::from(n) * 0.71);
            let rr = (gx * gx + gy * gy).sqrt() / f64::from(n);
            if (0.1..0.17).contains(&rr) {
                v = z(0.6);
            }
            if y >= wy && y < wy + 8 * scale && x >= wx && x < wx + 56 * scale {
                let (lx, ly) = ((x - wx) / scale, (y - wy) / scale);
                if glyph_bit(word[(lx / 8) as usize], lx % 8, ly) {
                    v = z(0.4);
                }
            }
            d[(y * n + x) as usize] = v;
        }
    }
    d
}
