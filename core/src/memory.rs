//! Texel memory: the byte-addressed store every op reads and writes, and the one function
//! that maps a texel to its byte address ([`texel_address`]).
//!
//! ## Memory model
//!
//! [`TexelMemory`] is a flat little-endian byte space with 64-bit addresses (texture
//! addresses themselves are 32-bit). Reads of bytes outside the memory fail, and the op
//! treats the texel as out of range (zeros, no write); implementations over a slice are
//! provided for `[u8]` (read) and `[u8]` mutable (read/write), so firmware passes a static
//! buffer and the host a `Vec`.
//!
//! ## Layout of a texture (the address function an RTL copies)
//!
//! For header `h`, let `bpp` = bytes per texel of the format, `spp` = samples per pixel,
//! `tb = bpp × spp` (a pixel's samples are stored together, sample-major inside the pixel),
//! `L` an absolute level, `w_L = max(1, width >> L)`, likewise `h_L`, and `d_L` (3D only,
//! else 1).
//!
//! | quantity | pitch-linear | 4×4 tiled |
//! |---|---|---|
//! | row pitch `p_L` | `row_pitch` if `L = 0` and `row_pitch ≠ 0`, else `w_L × tb` | — |
//! | slice bytes `s_L` | `p_L × h_L` | `ceil(w_L/4) × ceil(h_L/4) × 16 × tb` |
//! | offset of `(x, y)` in a slice | `y × p_L + x × tb` | `((y>>2) × ceil(w_L/4) + (x>>2)) × 16 × tb + ((y&3) × 4 + (x&3)) × tb` |
//!
//! * level bytes `b_L = s_L × d_L`; the levels `0 ..= base_level + levels − 1` are stored
//!   one after another (level 0 first) — levels below the view's `base_level` are allocated
//!   too, so a view can start anywhere in a chain;
//! * layer stride `S = Σ_L b_L`; array layers, cube faces (`layer = 6 × cube + face`, faces
//!   in the order +X, −X, +Y, −Y, +Z, −Z) and cube-array layers are `S` apart, layer 0 first;
//! * `address = base_address + layer × S + Σ_{k<L} b_k + z × s_L + offset(x, y) + sample × bpp`;
//! * a 1D_BUFFER is `base_address + x × bpp`.
//!
//! No alignment padding is inserted anywhere. An address that does not fit 32 bits makes the
//! texel unaddressable ([`texel_address`] returns `None`, the op returns zeros).

use crate::descriptor::{Layout, TextureHeader, TextureType};

/// Byte-addressed texel memory (read side).
pub trait TexelMemory {
    /// Fills `buf` from `addr ..`; `false` (and `buf` unspecified) if any byte is outside
    /// the memory.
    fn read(&self, addr: u64, buf: &mut [u8]) -> bool;
}

/// Byte-addressed texel memory (write side, for `STORE` and atomics).
pub trait TexelMemoryMut: TexelMemory {
    /// Writes `data` at `addr ..`; `false` (and nothing written) if any byte is outside.
    fn write(&mut self, addr: u64, data: &[u8]) -> bool;
}

fn range(len: usize, addr: u64, n: usize) -> Option<core::ops::Range<usize>> {
    let start = usize::try_from(addr).ok()?;
    let end = start.checked_add(n)?;
    (end <= len).then_some(start..end)
}

impl TexelMemory for [u8] {
    fn read(&self, addr: u64, buf: &mut [u8]) -> bool {
        match range(self.len(), addr, buf.len()).and_then(|r| self.get(r)) {
            Some(src) => {
                buf.copy_from_slice(src);
                true
            }
            None => false,
        }
    }
}

impl TexelMemoryMut for [u8] {
    fn write(&mut self, addr: u64, data: &[u8]) -> bool {
        let len = self.len();
        match range(len, addr, data.len()).and_then(|r| self.get_mut(r)) {
            Some(dst) => {
                dst.copy_from_slice(data);
                true
            }
            None => false,
        }
    }
}

impl<const N: usize> TexelMemory for [u8; N] {
    fn read(&self, addr: u64, buf: &mut [u8]) -> bool {
        self.as_slice().read(addr, buf)
    }
}

impl<const N: usize> TexelMemoryMut for [u8; N] {
    fn write(&mut self, addr: u64, data: &[u8]) -> bool {
        self.as_mut_slice().write(addr, data)
    }
}

/// Where a texel is: absolute level, layer (array layer / cube face), depth slice (3D),
/// texel coordinates and sample. All must be in range for the header.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct TexelCoord {
    /// Column.
    pub x: u32,
    /// Row.
    pub y: u32,
    /// Depth slice (3D textures).
    pub z: u32,
    /// Array layer, or `6 × cube + face`.
    pub layer: u32,
    /// Absolute mip level (`base_level + view level`).
    pub level: u32,
    /// Sample index (multisample textures).
    pub sample: u32,
}

/// Bytes per pixel (all samples).
fn pixel_bytes(h: &TextureHeader) -> u64 {
    u64::from(h.format.bytes_per_texel()) * u64::from(h.samples())
}

fn ceil4(v: u32) -> u64 {
    u64::from(v).div_ceil(4)
}

/// Row pitch of absolute level `level` in bytes (pitch-linear layout).
pub fn row_pitch(h: &TextureHeader, level: u32) -> u64 {
    if level == 0 && h.row_pitch != 0 {
        u64::from(h.row_pitch)
    } else {
        u64::from(h.level_width(level)) * pixel_bytes(h)
    }
}

/// Bytes of one depth slice (one layer of a 2D level) of absolute level `level`.
pub fn slice_bytes(h: &TextureHeader, level: u32) -> u64 {
    let (w, hh) = (h.level_width(level), h.level_height(level));
    match h.layout {
        Layout::PitchLinear => row_pitch(h, level) * u64::from(hh),
        Layout::Tiled4x4 => ceil4(w) * ceil4(hh) * 16 * pixel_bytes(h),
    }
}

/// Bytes of absolute level `level` of one layer (all depth slices).
pub fn level_bytes(h: &TextureHeader, level: u32) -> u64 {
    let slices = if h.ty == TextureType::ThreeD { h.level_depth(level) } else { 1 };
    slice_bytes(h, level) * u64::from(slices)
}

/// Bytes from the start of a layer to absolute level `level`.
pub fn level_offset(h: &TextureHeader, level: u32) -> u64 {
    (0..level).map(|l| level_bytes(h, l)).sum()
}

/// Bytes between array layers / cube faces: every allocated level of one layer.
pub fn layer_stride(h: &TextureHeader) -> u64 {
    level_offset(h, h.base_level + h.levels)
}

/// Total bytes the texture occupies from `base_address`.
pub fn texture_bytes(h: &TextureHeader) -> u64 {
    if h.ty == TextureType::OneDBuffer {
        return u64::from(h.width) * u64::from(h.format.bytes_per_texel());
    }
    layer_stride(h) * u64::from(h.layers())
}

/// Byte offset of `(x, y)` inside a slice of absolute level `level`.
pub fn slice_offset(h: &TextureHeader, level: u32, x: u32, y: u32) -> u64 {
    let tb = pixel_bytes(h);
    match h.layout {
        Layout::PitchLinear => u64::from(y) * row_pitch(h, level) + u64::from(x) * tb,
        Layout::Tiled4x4 => {
            let tiles_x = ceil4(h.level_width(level));
            let tile = u64::from(y >> 2) * tiles_x + u64::from(x >> 2);
            tile * 16 * tb + u64::from((y & 3) * 4 + (x & 3)) * tb
        }
    }
}

/// The byte address of a texel, or `None` if the coordinate is outside the texture (any
/// field out of range for the header) or the address does not fit 32 bits.
pub fn texel_address(h: &TextureHeader, c: &TexelCoord) -> Option<u32> {
    let bpp = u64::from(h.format.bytes_per_texel());
    let addr = if h.ty == TextureType::OneDBuffer {
        if c.x >= h.width || c.y != 0 || c.z != 0 || c.layer != 0 || c.sample != 0 {
            return None;
        }
        u64::from(h.base_address) + u64::from(c.x) * bpp
    } else {
        let level_ok = c.level >= h.base_level && c.level < h.base_level + h.levels;
        if !level_ok
            || c.x >= h.level_width(c.level)
            || c.y >= h.level_height(c.level)
            || c.z >= if h.ty == TextureType::ThreeD { h.level_depth(c.level) } else { 1 }
            || c.layer >= h.layers()
            || c.sample >= h.samples()
        {
            return None;
        }
        u64::from(h.base_address)
            + u64::from(c.layer) * layer_stride(h)
            + level_offset(h, c.level)
            + u64::from(c.z) * slice_bytes(h, c.level)
            + slice_offset(h, c.level, c.x, c.y)
            + u64::from(c.sample) * bpp
    };
    u32::try_from(addr + bpp - 1).ok()?;
    u32::try_from(addr).ok()
}

/// Geometry of one level, precomputed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LevelGeom {
    /// Width, height, depth (3D) of the level.
    pub size: [u32; 3],
    /// Row pitch in bytes (pitch-linear) / tiles per row (tiled).
    pub pitch: u64,
    /// Bytes of one slice.
    pub slice: u64,
    /// Offset of the level inside a layer.
    pub offset: u64,
}

/// A texture's address computation with every per-level quantity precomputed once — the
/// "descriptor cache" of a real texture unit. [`TextureLayout::address`] returns exactly
/// what [`texel_address`] returns (a property test checks it) in constant time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TextureLayout {
    h: TextureHeader,
    levels: [LevelGeom; 17],
    layer_stride: u64,
    bpp: u64,
    tb: u64,
    layers: u32,
}

impl TextureLayout {
    /// Precomputes the layout of `h` (levels `0 ..= base_level + levels − 1`).
    pub fn new(h: &TextureHeader) -> TextureLayout {
        let mut levels = [LevelGeom::default(); 17];
        let mut offset = 0u64;
        let n = (h.base_level + h.levels).min(17) as usize;
        for (l, g) in levels.iter_mut().enumerate().take(n) {
            let l = l as u32;
            let pitch = match h.layout {
                Layout::PitchLinear => row_pitch(h, l),
                Layout::Tiled4x4 => ceil4(h.level_width(l)),
            };
            *g = LevelGeom {
                size: [h.level_width(l), h.level_height(l), if h.ty == TextureType::ThreeD { h.level_depth(l) } else { 1 }],
                pitch,
                slice: slice_bytes(h, l),
                offset,
            };
            offset += level_bytes(h, l);
        }
        TextureLayout { h: *h, levels, layer_stride: offset, bpp: u64::from(h.format.bytes_per_texel()), tb: pixel_bytes(h), layers: h.layers() }
    }

    /// The header this layout was made from.
    pub const fn header(&self) -> &TextureHeader {
        &self.h
    }

    /// Geometry of absolute level `level` (`None` past the allocated chain).
    pub fn level(&self, level: u32) -> Option<&LevelGeom> {
        if level >= self.h.base_level + self.h.levels {
            return None;
        }
        self.levels.get(level as usize)
    }

    /// Same result as [`texel_address`].
    #[inline]
    pub fn address(&self, c: &TexelCoord) -> Option<u32> {
        let h = &self.h;
        let addr = if h.ty == TextureType::OneDBuffer {
            if c.x >= h.width || c.y != 0 || c.z != 0 || c.layer != 0 || c.sample != 0 {
                return None;
            }
            u64::from(h.base_address) + u64::from(c.x) * self.bpp
        } else {
            if c.level < h.base_level {
                return None;
            }
            let g = self.level(c.level)?;
            if c.x >= g.size[0] || c.y >= g.size[1] || c.z >= g.size[2] || c.layer >= self.layers || c.sample >= h.samples() {
                return None;
            }
            let in_slice = match h.layout {
                Layout::PitchLinear => u64::from(c.y) * g.pitch + u64::from(c.x) * self.tb,
                Layout::Tiled4x4 => {
                    let tile = u64::from(c.y >> 2) * g.pitch + u64::from(c.x >> 2);
                    tile * 16 * self.tb + u64::from((c.y & 3) * 4 + (c.x & 3)) * self.tb
                }
            };
            u64::from(h.base_address)
                + u64::from(c.layer) * self.layer_stride
                + g.offset
                + u64::from(c.z) * g.slice
                + in_slice
                + u64::from(c.sample) * self.bpp
        };
        u32::try_from(addr + self.bpp - 1).ok()?;
        u32::try_from(addr).ok()
    }
}
