//! An independent, exact (128-bit) evaluation of the texture layout table of
//! `texcore::memory`, for the cross-checks of the extent and address arithmetic.

use texcore::descriptor::{Layout, TextureHeader, TextureType};
use texcore::memory::TexelCoord;

fn minify(v: u32, l: u32) -> u128 {
    u128::from(v.checked_shr(l).unwrap_or(0).max(1))
}

/// `(pitch or tiles per row, slice bytes, depth)` of absolute level `l`, exactly.
fn shape(h: &TextureHeader, l: u32) -> (u128, u128, u128) {
    let tb = u128::from(h.format.bytes_per_texel()) * u128::from(h.samples());
    let (w, hh) = (minify(h.width, l), minify(h.height, l));
    let d = if h.ty == TextureType::ThreeD { minify(h.depth, l) } else { 1 };
    match h.layout {
        Layout::PitchLinear => {
            let p = if l == 0 && h.row_pitch != 0 { u128::from(h.row_pitch) } else { w * tb };
            (p, p * hh, d)
        }
        Layout::Tiled4x4 => (w.div_ceil(4), w.div_ceil(4) * hh.div_ceil(4) * 16 * tb, d),
    }
}

/// Bytes of one depth slice of absolute level `l`.
pub fn slice_bytes(h: &TextureHeader, l: u32) -> u128 {
    shape(h, l).1
}

/// Bytes of absolute level `l` of one layer (all its depth slices).
pub fn level_bytes(h: &TextureHeader, l: u32) -> u128 {
    let (_, s, d) = shape(h, l);
    s * d
}

/// Byte offset of `(x, y)` in a slice of absolute level `l`: row-major bytes, or 4×4 tiles
/// of `16 × texel bytes` in row-major order with the texels row-major inside a tile.
pub fn slice_offset(h: &TextureHeader, l: u32, x: u32, y: u32) -> u128 {
    let tb = u128::from(h.format.bytes_per_texel()) * u128::from(h.samples());
    let (pitch, _, _) = shape(h, l);
    let (x, y) = (u128::from(x), u128::from(y));
    match h.layout {
        Layout::PitchLinear => y * pitch + x * tb,
        Layout::Tiled4x4 => ((y / 4) * pitch + x / 4) * 16 * tb + ((y % 4) * 4 + x % 4) * tb,
    }
}

/// Bytes from a layer's start to absolute `level` (levels ≤ 40 for valid headers).
pub fn level_offset(h: &TextureHeader, level: u32) -> u128 {
    (0..level).map(|l| shape(h, l)).map(|(_, s, d)| s * d).sum()
}

/// Bytes between layers.
pub fn layer_stride(h: &TextureHeader) -> u128 {
    level_offset(h, h.base_level + h.levels)
}

/// Bytes of the whole texture.
pub fn texture_bytes(h: &TextureHeader) -> u128 {
    if h.ty == TextureType::OneDBuffer {
        return u128::from(h.width) * u128::from(h.format.bytes_per_texel());
    }
    layer_stride(h) * u128::from(h.layers())
}

fn in_range(h: &TextureHeader, c: &TexelCoord) -> bool {
    if h.ty == TextureType::OneDBuffer {
        return c.x < h.width && c.y == 0 && c.z == 0 && c.layer == 0 && c.sample == 0;
    }
    let d = if h.ty == TextureType::ThreeD { h.level_depth(c.level) } else { 1 };
    c.level >= h.base_level
        && c.level < h.base_level + h.levels
        && c.x < h.level_width(c.level)
        && c.y < h.level_height(c.level)
        && c.z < d
        && c.layer < h.layers()
        && c.sample < h.samples()
}

/// The texel address of a valid header: `Some` exactly when the texel is in range and all
/// its bytes lie below 2^32.
pub fn texel_address(h: &TextureHeader, c: &TexelCoord) -> Option<u32> {
    if !in_range(h, c) {
        return None;
    }
    let bpp = u128::from(h.format.bytes_per_texel());
    let a = if h.ty == TextureType::OneDBuffer {
        u128::from(h.base_address) + u128::from(c.x) * bpp
    } else {
        let tb = bpp * u128::from(h.samples());
        let (p, s, _) = shape(h, c.level);
        let (x, y) = (u128::from(c.x), u128::from(c.y));
        let in_slice = match h.layout {
            Layout::PitchLinear => y * p + x * tb,
            Layout::Tiled4x4 => ((y >> 2) * p + (x >> 2)) * 16 * tb + ((y & 3) * 4 + (x & 3)) * tb,
        };
        u128::from(h.base_address)
            + u128::from(c.layer) * layer_stride(h)
            + level_offset(h, c.level)
            + u128::from(c.z) * s
            + in_slice
            + u128::from(c.sample) * bpp
    };
    u32::try_from(a + bpp - 1).ok().and(u32::try_from(a).ok())
}

/// `v` saturated to 64 bits (what the core's extents return).
pub fn sat(v: u128) -> u64 {
    u64::try_from(v).unwrap_or(u64::MAX)
}
