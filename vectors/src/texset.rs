//! The directed texture set of the op-level vectors: texel memory, texture headers and
//! samplers. Identical at every level and seed except the sampler pool's filler slots.
//!
//! * **Texel memory** (`texmem.hex`, [`TEXMEM_BYTES`] = 64 KiB): every byte first gets a fixed
//!   pseudo-random pattern (so a wrong address reads visibly wrong data), then the textures of
//!   [`textures`] are placed from address [`FIRST_ADDR`] on, 256-byte aligned, in list order;
//!   depth and binary16 textures get well-formed contents ([`fill`]).
//! * **Op header pool** (`op_hdr.hex`, [`OP_HDR_ENTRIES`] entries): slot *i* < `textures().len()`
//!   = texture *i*; then [`invalid_headers`]; the rest all-zero words (invalid: format 0).
//!   Slots ≥ [`OP_HDR_ENTRIES`] are unbound.
//! * **Op sampler pool** (`op_smp.hex`, [`OP_SMP_ENTRIES`] entries): slots `0 ..`
//!   [`samplers`]`().len()` directed (every wrap mode × nearest/linear, mip none/nearest/linear,
//!   LOD bias and clamps, anisotropy 2×…16×, every compare function, border colours, seamless
//!   cube on/off, two invalid encodings); the rest is filler (all-zero = the default valid
//!   sampler at level 1, seeded random samplers at level 2). Slots ≥ [`OP_SMP_ENTRIES`] are
//!   unbound.

use fixed::types::{I8F8, U8F8};
use texcore::descriptor::{CompareFunc, Filter, MipFilter};
use texcore::memory::texture_bytes;
use texcore::{Format, Layout, MsMode, SamplerHeader, Swizzle, SwizzleSource, TextureHeader, TextureType, WrapMode};

/// Bytes of the texel memory image.
pub const TEXMEM_BYTES: usize = 65536;
/// Bytes per line of `texmem.hex`.
pub const TEXMEM_LINE_BYTES: usize = 16;
/// Entries of the op texture-header pool.
pub const OP_HDR_ENTRIES: usize = 64;
/// Entries of the op sampler pool.
pub const OP_SMP_ENTRIES: usize = 256;
/// Address of the first texture.
pub const FIRST_ADDR: u32 = 0x100;

/// How a texture's bytes are filled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fill {
    /// Keep the memory's pseudo-random pattern.
    Pattern,
    /// binary32 depth values in [0, 1] with a few specials (0, 1, −0, NaN, ±∞, subnormal).
    Depth32,
    /// binary16 components of moderate magnitude with a few specials.
    Half,
    /// Not placed: the header's own base address is kept (views of other textures, textures
    /// at or past the end of the memory).
    Fixed,
}

/// A directed texture.
#[derive(Clone, Copy, Debug)]
pub struct Tex {
    /// Short name (documentation).
    pub name: &'static str,
    /// The header (base address assigned by [`layout`] unless [`Fill::Fixed`]).
    pub h: TextureHeader,
    /// Contents.
    pub fill: Fill,
}

/// `TextureHeader::new` under a short name, for the directed tables here and in
/// [`crate::pools`].
pub(crate) fn th(ty: TextureType, format: Format, w: u32, h: u32, d: u32, levels: u32) -> TextureHeader {
    TextureHeader::new(ty, format, w, h, d, levels)
}

/// The directed textures, in slot order (see the module docs).
pub fn textures() -> Vec<Tex> {
    use Fill as F;
    use Format as Fm;
    use TextureType as T;
    let t = |name, h, fill| Tex { name, h, fill };
    let mut ms4 = th(T::TwoD, Fm::RGBA8_UNORM, 8, 8, 1, 1);
    ms4.ms_mode = MsMode::from_samples(4).unwrap_or(ms4.ms_mode);
    vec![
        t("rgba8_2d", th(T::TwoD, Fm::RGBA8_UNORM, 16, 16, 1, 5), F::Pattern),
        t(
            "rgba8_2d_tiled",
            TextureHeader { layout: Layout::Tiled4x4, ..th(T::TwoD, Fm::RGBA8_UNORM, 16, 8, 1, 5) },
            F::Pattern,
        ),
        t(
            "bgra8_srgb_pitch",
            TextureHeader { srgb: true, row_pitch: 40, ..th(T::TwoD, Fm::BGRA8_UNORM, 8, 8, 1, 4) },
            F::Pattern,
        ),
        t("r8_npot", th(T::TwoD, Fm::R8_UNORM, 13, 7, 1, 3), F::Pattern),
        t(
            "rg8_swizzled",
            TextureHeader {
                swizzle: Swizzle([SwizzleSource::G, SwizzleSource::R, SwizzleSource::Zero, SwizzleSource::One]),
                ..th(T::TwoD, Fm::RG8_UNORM, 8, 4, 1, 1)
            },
            F::Pattern,
        ),
        t("rgba16f_2d", th(T::TwoD, Fm::RGBA16_FLOAT, 8, 8, 1, 4), F::Half),
        t("z32f_2d", th(T::TwoD, Fm::Z32_FLOAT, 8, 8, 1, 4), F::Depth32),
        t("z16_2d", th(T::TwoD, Fm::Z16_UNORM, 8, 8, 1, 1), F::Pattern),
        t("rgba8_2d_array", th(T::TwoDArray, Fm::RGBA8_UNORM, 8, 8, 4, 4), F::Pattern),
        t("rgba8_cube", th(T::Cube, Fm::RGBA8_UNORM, 8, 8, 1, 4), F::Pattern),
        t("rgba8_3d", th(T::ThreeD, Fm::RGBA8_UNORM, 8, 8, 4, 4), F::Pattern),
        t("rgba8_cube_array", th(T::CubeArray, Fm::RGBA8_UNORM, 4, 4, 2, 3), F::Pattern),
        t("rgba8_1d", th(T::OneD, Fm::RGBA8_UNORM, 16, 1, 1, 5), F::Pattern),
        t("rgba8_1d_array", th(T::OneDArray, Fm::RGBA8_UNORM, 8, 1, 3, 4), F::Pattern),
        t("r32ui_2d", th(T::TwoD, Fm::R32_UINT, 4, 4, 1, 3), F::Pattern),
        t("rgba8_ms4", ms4, F::Pattern),
        t("r32ui_buffer", th(T::OneDBuffer, Fm::R32_UINT, 64, 1, 1, 1), F::Pattern),
        // A view of texture 0 starting at its level 1 (same memory).
        t(
            "rgba8_2d_base1",
            TextureHeader { base_level: 1, base_address: FIRST_ADDR, ..th(T::TwoD, Fm::RGBA8_UNORM, 16, 16, 1, 4) },
            F::Fixed,
        ),
        t("rgba8_nomip", th(T::TwoDNoMipmap, Fm::RGBA8_UNORM, 8, 8, 2, 1), F::Pattern),
        // Half of level 0 past the end of the memory: those texels read as out of range.
        t(
            "rgba8_past_end",
            TextureHeader { base_address: TEXMEM_BYTES as u32 - 512, ..th(T::TwoD, Fm::RGBA8_UNORM, 16, 16, 1, 1) },
            F::Fixed,
        ),
        // Addresses wrap past 2^32: unaddressable texels.
        t(
            "rgba8_unaddressable",
            TextureHeader { base_address: 0xFFFF_FF00, ..th(T::TwoD, Fm::RGBA8_UNORM, 16, 16, 1, 1) },
            F::Fixed,
        ),
        t("z32f_2d_array", th(T::TwoDArray, Fm::Z32_FLOAT, 4, 4, 2, 1), F::Depth32),
        t("z32f_cube", th(T::Cube, Fm::Z32_FLOAT, 4, 4, 1, 1), F::Depth32),
        t("rgba8_snorm_2d", th(T::TwoD, Fm::RGBA8_SNORM, 4, 4, 1, 1), F::Pattern),
        // Signed and multi-word integer and 32-bit float formats: the atomics' signed forms
        // and their typed errors on multi-component formats, STORE of 8- and 16-byte texels.
        t("r32i_2d", th(T::TwoD, Fm::R32_SINT, 4, 4, 1, 3), F::Pattern),
        t("rg32ui_2d", th(T::TwoD, Fm::RG32_UINT, 4, 4, 1, 1), F::Pattern),
        t("rgba32ui_2d", th(T::TwoD, Fm::RGBA32_UINT, 4, 4, 1, 1), F::Pattern),
        t("rgba32f_2d", th(T::TwoD, Fm::RGBA32_FLOAT, 4, 4, 1, 2), F::Pattern),
    ]
}

/// Directed invalid header words (after the textures): all zeros (format 0) and a reserved bit.
pub fn invalid_headers() -> Vec<[u32; 8]> {
    let mut reserved = th(TextureType::TwoD, Format::RGBA8_UNORM, 4, 4, 1, 1).to_words();
    reserved[7] = 0x8000_0000;
    vec![[0; 8], reserved]
}

/// The textures with their base addresses assigned.
pub fn layout() -> Vec<Tex> {
    let mut addr = u64::from(FIRST_ADDR);
    textures()
        .into_iter()
        .map(|mut t| {
            if t.fill != Fill::Fixed {
                t.h.base_address = addr as u32;
                addr = (addr + texture_bytes(&t.h)).next_multiple_of(256);
            }
            t
        })
        .collect()
}

/// xorshift64* step.
fn next(s: &mut u64) -> u64 {
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    s.wrapping_mul(0x2545_F491_4F6C_DD1D)
}

/// Special binary32 depth values placed every 7th texel.
const DEPTH_SPECIALS: [u32; 8] =
    [0x0000_0000, 0x3F80_0000, 0x8000_0000, 0x7FC0_0000, 0x7F80_0000, 0xFF80_0000, 0x0000_0001, 0x3F00_0000];
/// Special binary16 values placed every 29th component.
const HALF_SPECIALS: [u16; 7] = [0x7C00, 0xFC00, 0x7E00, 0x0001, 0x8000, 0x3C00, 0x7BFF];

/// Fills `bytes` (one texture) according to `fill`.
pub fn fill(bytes: &mut [u8], fill: Fill, seed: u64) {
    let mut s = seed | 1;
    match fill {
        Fill::Pattern | Fill::Fixed => {}
        Fill::Depth32 => {
            for (i, c) in bytes.chunks_exact_mut(4).enumerate() {
                let r = next(&mut s);
                let v = if i % 7 == 3 {
                    DEPTH_SPECIALS[(i / 7) % DEPTH_SPECIALS.len()]
                } else {
                    // k / 1024 for k in 0 ..= 1024: exact binary32 values in [0, 1].
                    ((r % 1025) as f32 / 1024.0).to_bits()
                };
                c.copy_from_slice(&v.to_le_bytes());
            }
        }
        Fill::Half => {
            for (i, c) in bytes.chunks_exact_mut(2).enumerate() {
                let r = next(&mut s);
                let v = if i % 29 == 5 {
                    HALF_SPECIALS[(i / 29) % HALF_SPECIALS.len()]
                } else {
                    // sign, exponent 8 ..= 23 (2^-7 … 2^8), random mantissa.
                    let sign = ((r >> 20) & 1) as u16;
                    let exp = 8 + ((r >> 8) % 16) as u16;
                    (sign << 15) | (exp << 10) | (r as u16 & 0x3FF)
                };
                c.copy_from_slice(&v.to_le_bytes());
            }
        }
    }
}

/// The texel memory image.
pub fn texmem() -> Vec<u8> {
    let mut m = vec![0u8; TEXMEM_BYTES];
    let mut s = 0x7E_C0DE_5EED_u64;
    for c in m.chunks_exact_mut(8) {
        c.copy_from_slice(&next(&mut s).to_le_bytes());
    }
    for (i, t) in layout().iter().enumerate() {
        if t.fill == Fill::Fixed {
            continue;
        }
        let a = t.h.base_address as usize;
        let n = texture_bytes(&t.h) as usize;
        if let Some(b) = m.get_mut(a..a + n) {
            fill(b, t.fill, 0x9E37_79B9_7F4A_7C15 ^ i as u64);
        }
    }
    m
}

/// The op texture-header pool (every slot directed).
pub fn headers() -> Vec<[u32; 8]> {
    let mut v: Vec<[u32; 8]> = layout().iter().map(|t| t.h.to_words()).collect();
    v.extend(invalid_headers());
    v.resize(OP_HDR_ENTRIES, [0; 8]);
    v
}

fn smp(f: impl FnOnce(&mut SamplerHeader)) -> [u32; 8] {
    let mut s = SamplerHeader::default();
    f(&mut s);
    s.to_words()
}

/// Border colour of the wrap samplers: (1.0, 0.5, 0.0, 0.75).
pub const BORDER_A: [u32; 4] = [0x3F80_0000, 0x3F00_0000, 0, 0x3F40_0000];
/// Border colour with a NaN, a negative and an out-of-range component (−1, 2, NaN, all-ones).
pub const BORDER_B: [u32; 4] = [0x7FC0_0000, 0xBF80_0000, 0x4000_0000, 0xFFFF_FFFF];
/// Border colour as integers (for the integer formats).
pub const BORDER_INT: [u32; 4] = [0x1234_5678, 0xFFFF_FFFF, 7, 0x8000_0000];

/// A directed sampler slot with a name.
#[derive(Clone, Copy, Debug)]
pub struct Smp {
    /// Short name (documentation).
    pub name: &'static str,
    /// Words.
    pub words: [u32; 8],
}

/// The directed samplers, in slot order.
pub fn samplers() -> Vec<Smp> {
    let mut v = Vec::new();
    let mut push = |name: &'static str, words| v.push(Smp { name, words });
    push("default", smp(|_| {}));
    for w in WrapMode::ALL {
        for f in [Filter::Nearest, Filter::Linear] {
            push(
                "wrap",
                smp(|s| {
                    s.wrap = [w; 3];
                    s.mag_filter = f;
                    s.min_filter = f;
                    s.border_color = BORDER_A;
                }),
            );
        }
    }
    push(
        "border_b_linear",
        smp(|s| {
            s.wrap = [WrapMode::ClampToBorder; 3];
            s.mag_filter = Filter::Linear;
            s.min_filter = Filter::Linear;
            s.border_color = BORDER_B;
        }),
    );
    push(
        "border_int_nearest",
        smp(|s| {
            s.wrap = [WrapMode::ClampToBorder; 3];
            s.border_color = BORDER_INT;
        }),
    );
    push(
        "mixed_wrap_linear",
        smp(|s| {
            s.wrap = [WrapMode::MirroredRepeat, WrapMode::ClampToEdge, WrapMode::ClampToBorder];
            s.mag_filter = Filter::Linear;
            s.min_filter = Filter::Linear;
            s.border_color = BORDER_A;
        }),
    );
    let lin = |s: &mut SamplerHeader| {
        s.mag_filter = Filter::Linear;
        s.min_filter = Filter::Linear;
    };
    push(
        "mip_nearest",
        smp(|s| {
            lin(s);
            s.mip_filter = MipFilter::Nearest;
        }),
    );
    push(
        "trilinear",
        smp(|s| {
            lin(s);
            s.mip_filter = MipFilter::Linear;
        }),
    );
    push("mip_linear_point", smp(|s| s.mip_filter = MipFilter::Linear));
    push(
        "trilinear_bias_p1_5",
        smp(|s| {
            lin(s);
            s.mip_filter = MipFilter::Linear;
            s.lod_bias = I8F8::from_bits(0x0180);
        }),
    );
    push(
        "trilinear_bias_m2_clamped",
        smp(|s| {
            lin(s);
            s.mip_filter = MipFilter::Linear;
            s.lod_bias = I8F8::from_bits(-0x0200);
            s.min_lod = U8F8::from_bits(0x0080);
            s.max_lod = U8F8::from_bits(0x0240);
        }),
    );
    push(
        "mip_nearest_lod_1",
        smp(|s| {
            lin(s);
            s.mip_filter = MipFilter::Nearest;
            s.min_lod = U8F8::from_bits(0x0100);
            s.max_lod = U8F8::from_bits(0x0100);
        }),
    );
    push(
        "mag_linear_min_nearest",
        smp(|s| {
            s.mag_filter = Filter::Linear;
            s.mip_filter = MipFilter::Nearest;
        }),
    );
    for a in 1..=4u8 {
        push(
            "aniso",
            smp(|s| {
                lin(s);
                s.mip_filter = MipFilter::Linear;
                s.max_anisotropy_log2 = a;
            }),
        );
    }
    push(
        "aniso16_border",
        smp(|s| {
            lin(s);
            s.wrap = [WrapMode::ClampToBorder; 3];
            s.border_color = BORDER_A;
            s.max_anisotropy_log2 = 4;
        }),
    );
    for c in CompareFunc::ALL {
        push(
            "compare",
            smp(|s| {
                lin(s);
                s.wrap = [WrapMode::ClampToEdge; 3];
                s.mip_filter = MipFilter::Nearest;
                s.compare_enable = true;
                s.compare_func = c;
            }),
        );
    }
    push(
        "compare_less_border_nearest",
        smp(|s| {
            s.wrap = [WrapMode::ClampToBorder; 3];
            s.border_color = [0x3F00_0000, 0, 0, 0];
            s.compare_enable = true;
            s.compare_func = CompareFunc::Less;
        }),
    );
    push(
        "compare_lequal_trilinear_border",
        smp(|s| {
            lin(s);
            s.wrap = [WrapMode::ClampToBorder; 3];
            s.border_color = [0x3F00_0000, 0, 0, 0];
            s.mip_filter = MipFilter::Linear;
            s.compare_enable = true;
            s.compare_func = CompareFunc::LessEqual;
        }),
    );
    push(
        "cube_seamless_trilinear",
        smp(|s| {
            lin(s);
            s.wrap = [WrapMode::ClampToEdge; 3];
            s.mip_filter = MipFilter::Linear;
            s.seamless_cube = true;
        }),
    );
    push(
        "cube_seams_trilinear",
        smp(|s| {
            lin(s);
            s.wrap = [WrapMode::ClampToEdge; 3];
            s.mip_filter = MipFilter::Linear;
        }),
    );
    push(
        "cube_seamless_nearest",
        smp(|s| {
            s.wrap = [WrapMode::ClampToEdge; 3];
            s.seamless_cube = true;
        }),
    );
    push(
        "cube_seamless_compare_gequal",
        smp(|s| {
            lin(s);
            s.wrap = [WrapMode::ClampToEdge; 3];
            s.seamless_cube = true;
            s.compare_enable = true;
            s.compare_func = CompareFunc::GreaterEqual;
        }),
    );
    push(
        "level0_only_linear",
        smp(|s| {
            lin(s);
            s.mip_filter = MipFilter::Linear;
            s.max_lod = U8F8::from_bits(0);
        }),
    );
    let mut bad = smp(|_| {});
    bad[0] |= 5; // wrap code 5
    push("invalid_wrap", bad);
    push("invalid_all_ones", [u32::MAX; 8]);
    v
}

/// Slot of the first directed sampler named `name`.
pub fn sampler_slot(name: &str) -> Option<usize> {
    samplers().iter().position(|s| s.name == name)
}

/// Slot of the directed texture named `name`.
pub fn texture_slot(name: &str) -> Option<usize> {
    textures().iter().position(|t| t.name == name)
}

/// The op sampler pool: the directed samplers, then `filler()` for every other slot.
pub fn sampler_pool(mut filler: impl FnMut() -> [u32; 8]) -> Vec<[u32; 8]> {
    let mut v: Vec<[u32; 8]> = samplers().iter().map(|s| s.words).collect();
    while v.len() < OP_SMP_ENTRIES {
        v.push(filler());
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_texture_set_fits_and_decodes() {
        let l = layout();
        for t in &l {
            assert_eq!(t.h.validate(), Ok(()), "{}", t.name);
            if t.fill != Fill::Fixed {
                let end = u64::from(t.h.base_address) + texture_bytes(&t.h);
                assert!(end <= TEXMEM_BYTES as u64, "{} ends at {end:#x}", t.name);
            }
        }
        assert!(l.len() + invalid_headers().len() <= OP_HDR_ENTRIES);
        for h in invalid_headers() {
            assert!(TextureHeader::from_words(&h).is_err());
        }
        let s = samplers();
        assert!(s.len() < OP_SMP_ENTRIES);
        let bad = s.iter().filter(|s| SamplerHeader::from_words(&s.words).is_err()).count();
        assert_eq!(bad, 2);
        assert_eq!(texmem().len(), TEXMEM_BYTES);
        assert_eq!(texmem(), texmem());
    }
}
