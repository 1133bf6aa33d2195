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
//! No alignment padding is inserted anywhere.
//!
//! ## Extents beyond the address space (the overflow rule)
//!
//! A valid header can describe far more bytes than a 32-bit address reaches (a 3D
//! 65536³ RGBA32_FLOAT texture with a 4 GiB row pitch is 2^80 bytes), and the sums and
//! products above exceed even 64 bits. The address unit therefore computes every extent
//! with **saturating 64-bit arithmetic**: each sum and product of the table is clamped to
//! 2^64 − 1 (in hardware: a sticky overflow bit next to each adder and multiplier). All
//! terms are non-negative, so every value this module returns is `min(exact, 2^64 − 1)`,
//! and a texel is addressable exactly when its exact last byte `address + bpp − 1` is at most
//! 2^32 − 1.
//!
//! The rule for such headers: **they stay valid** (validation checks the fields, not the
//! memory they need: queries report their sizes), and every texel whose exact address does
//! not fit 32 bits is **out of range** — [`texel_address`] returns `None`, so fetch, `LOAD`
//! and filter taps read zeros and `STORE` / atomics write nothing, the same result as a texel
//! outside the texel memory. Texels below 2^32 (the first layers of a huge array, say) stay
//! addressable. [`texture_bytes`] and the other extents saturate at `u64::MAX`.
//!
//! The arithmetic is total for every [`TextureHeader`] value, also one built by hand that
//! does not [`validate`](TextureHeader::validate): levels past 31 are 1 × 1 × 1, so a level
//! offset takes at most 32 steps whatever the level number.

use crate::descriptor::{Layout, TextureHeader, TextureType};

/// Byte-addressed texel memory (read side).
pub trait TexelMemory {
    /// Fills `buf` from `addr ..`; `false` (and `buf` unspecified) if any byte is outside
    /// the memory.
    fn read(&self, addr: u64, buf: &mut [u8]) -> bool;

    /// The little-endian word at `addr ..`, `None` if any byte is outside (the 4-byte
    /// texel read of the fast path; same bytes as [`TexelMemory::read`]).
    #[inline]
    fn read_u32(&self, addr: u32) -> Option<u32> {
        let mut b = [0u8; 4];
        self.read(u64::from(addr), &mut b).then(|| u32::from_le_bytes(b))
    }

    /// The whole memory as one byte slice from address 0, if it is one (the fast path then
    /// reads 4-byte texels by index); `None` by default.
    #[inline]
    fn as_bytes(&self) -> Option<&[u8]> {
        None
    }
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
    #[inline]
    fn as_bytes(&self) -> Option<&[u8]> {
        Some(self)
    }

    #[inline]
    fn read_u32(&self, addr: u32) -> Option<u32> {
        let a = usize::try_from(addr).ok()?;
        let b: &[u8; 4] = self.get(a..a.checked_add(4)?)?.try_into().ok()?;
        Some(u32::from_le_bytes(*b))
    }

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
    #[inline]
    fn as_bytes(&self) -> Option<&[u8]> {
        Some(self)
    }

    #[inline]
    fn read_u32(&self, addr: u32) -> Option<u32> {
        self.as_slice().read_u32(addr)
    }

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

/// Levels from this one on are 1 × 1 × 1 for every `u32` size (and carry no row pitch):
/// their byte counts are all equal.
const UNIT_LEVEL: u32 = 32;

/// The shape of one absolute level: size, row pitch (bytes; 4×4 tiles per row when tiled)
/// and bytes of one depth slice — the one place the layout table's per-level quantities
/// are computed (saturating, see the module docs).
#[derive(Clone, Copy)]
struct Shape {
    size: [u32; 3],
    pitch: u64,
    slice: u64,
}

impl Shape {
    fn of(h: &TextureHeader, tb: u64, level: u32) -> Shape {
        let (w, hh) = (h.level_width(level), h.level_height(level));
        let d = if h.ty == TextureType::ThreeD { h.level_depth(level) } else { 1 };
        let (pitch, slice) = match h.layout {
            Layout::PitchLinear => {
                let p = if level == 0 && h.row_pitch != 0 { u64::from(h.row_pitch) } else { u64::from(w) * tb };
                (p, p.saturating_mul(u64::from(hh)))
            }
            Layout::Tiled4x4 => (ceil4(w), ceil4(w).saturating_mul(ceil4(hh)).saturating_mul(16 * tb)),
        };
        Shape { size: [w, hh, d], pitch, slice }
    }

    /// Bytes of the level in one layer (all depth slices).
    fn bytes(&self) -> u64 {
        self.slice.saturating_mul(u64::from(self.size[2]))
    }
}

/// Bytes from the start of a layer to absolute level `level` (Σ of the levels below it),
/// in at most [`UNIT_LEVEL`] steps.
fn offset_of(h: &TextureHeader, tb: u64, level: u32) -> u64 {
    let mut sum = 0u64;
    for l in 0..level.min(UNIT_LEVEL) {
        sum = sum.saturating_add(Shape::of(h, tb, l).bytes());
    }
    if level > UNIT_LEVEL {
        let unit = Shape::of(h, tb, UNIT_LEVEL).bytes();
        sum = sum.saturating_add(unit.saturating_mul(u64::from(level - UNIT_LEVEL)));
    }
    sum
}

/// One past the last allocated level (`base_level + levels`, saturating).
fn level_end(h: &TextureHeader) -> u32 {
    h.base_level.saturating_add(h.levels)
}

/// Whether absolute `level` is one of the view's levels.
fn in_view(h: &TextureHeader, level: u32) -> bool {
    level >= h.base_level && level < level_end(h)
}

/// `addr` as a 32-bit texel address if all `bpp` bytes from it lie below 2^32.
fn fits32(addr: u64, bpp: u64) -> Option<u32> {
    u32::try_from(addr.saturating_add(bpp.saturating_sub(1))).ok()?;
    u32::try_from(addr).ok()
}

/// Row pitch of absolute level `level` in bytes (pitch-linear layout).
pub fn row_pitch(h: &TextureHeader, level: u32) -> u64 {
    if level == 0 && h.row_pitch != 0 {
        u64::from(h.row_pitch)
    } else {
        u64::from(h.level_width(level)) * pixel_bytes(h)
    }
}

/// Bytes of one depth slice (one layer of a 2D level) of absolute level `level`
/// (saturating at `u64::MAX`).
pub fn slice_bytes(h: &TextureHeader, level: u32) -> u64 {
    Shape::of(h, pixel_bytes(h), level).slice
}

/// Bytes of absolute level `level` of one layer (all depth slices; saturating).
pub fn level_bytes(h: &TextureHeader, level: u32) -> u64 {
    Shape::of(h, pixel_bytes(h), level).bytes()
}

/// Bytes from the start of a layer to absolute level `level` (saturating).
pub fn level_offset(h: &TextureHeader, level: u32) -> u64 {
    offset_of(h, pixel_bytes(h), level)
}

/// Bytes between array layers / cube faces: every allocated level of one layer
/// (saturating).
pub fn layer_stride(h: &TextureHeader) -> u64 {
    level_offset(h, level_end(h))
}

/// Total bytes the texture occupies from `base_address`, saturated at `u64::MAX` (see
/// "Extents beyond the address space" above: only the part below 2^32 is addressable).
pub fn texture_bytes(h: &TextureHeader) -> u64 {
    if h.ty == TextureType::OneDBuffer {
        return u64::from(h.width) * u64::from(h.format.bytes_per_texel());
    }
    layer_stride(h).saturating_mul(u64::from(h.layers()))
}

/// Byte offset of `(x, y)` inside a slice of absolute level `level` (saturating).
pub fn slice_offset(h: &TextureHeader, level: u32, x: u32, y: u32) -> u64 {
    let tb = pixel_bytes(h);
    in_slice(h.layout, Shape::of(h, tb, level).pitch, tb, x, y)
}

/// `offset(x, y)` of the layout table, given the level's pitch (bytes, or tiles per row).
fn in_slice(layout: Layout, pitch: u64, tb: u64, x: u32, y: u32) -> u64 {
    match layout {
        Layout::PitchLinear => u64::from(y).saturating_mul(pitch).saturating_add(u64::from(x) * tb),
        Layout::Tiled4x4 => {
            let tile = u64::from(y >> 2).saturating_mul(pitch).saturating_add(u64::from(x >> 2));
            tile.saturating_mul(16 * tb).saturating_add(u64::from((y & 3) * 4 + (x & 3)) * tb)
        }
    }
}

/// The byte address of a texel, or `None` if the coordinate is outside the texture (any
/// field out of range for the header) or the texel's bytes do not all lie below 2^32.
pub fn texel_address(h: &TextureHeader, c: &TexelCoord) -> Option<u32> {
    let bpp = u64::from(h.format.bytes_per_texel());
    let addr = if h.ty == TextureType::OneDBuffer {
        if c.x >= h.width || c.y != 0 || c.z != 0 || c.layer != 0 || c.sample != 0 {
            return None;
        }
        u64::from(h.base_address) + u64::from(c.x) * bpp
    } else {
        let tb = pixel_bytes(h);
        let shape = Shape::of(h, tb, c.level);
        if !in_view(h, c.level)
            || c.x >= shape.size[0]
            || c.y >= shape.size[1]
            || c.z >= shape.size[2]
            || c.layer >= h.layers()
            || c.sample >= h.samples()
        {
            return None;
        }
        u64::from(h.base_address)
            .saturating_add(u64::from(c.layer).saturating_mul(layer_stride(h)))
            .saturating_add(offset_of(h, tb, c.level))
            .saturating_add(u64::from(c.z).saturating_mul(shape.slice))
            .saturating_add(in_slice(h.layout, shape.pitch, tb, c.x, c.y))
            .saturating_add(u64::from(c.sample) * bpp)
    };
    fits32(addr, bpp)
}

/// Geometry of one level, computed once per level an op reads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LevelGeom {
    /// Absolute level.
    pub level: u32,
    /// Width, height, depth (3D; 1 otherwise) of the level.
    pub size: [u32; 3],
    /// Row pitch in bytes (pitch-linear) or 4×4 tiles per row (tiled).
    pub pitch: u64,
    /// Bytes of one depth slice.
    pub slice: u64,
    /// Byte address of the level in layer 0 (`base_address` + level offset).
    pub base: u64,
}

/// A texture's address computation, split so that an op computes each level's geometry
/// once ([`TextureLayout::geom`]) and then addresses its taps with a few multiply-adds
/// ([`TextureLayout::address_in`]). Results equal [`texel_address`] (a property test checks
/// every coordinate).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TextureLayout {
    h: TextureHeader,
    bpp: u64,
    tb: u64,
    layers: u32,
    layer_stride: u64,
}

impl TextureLayout {
    /// Prepares the layout of `h` (the layer stride is summed only for layered textures).
    pub fn new(h: &TextureHeader) -> TextureLayout {
        let layers = h.layers();
        TextureLayout {
            h: *h,
            bpp: u64::from(h.format.bytes_per_texel()),
            tb: pixel_bytes(h),
            layers,
            layer_stride: if layers > 1 { layer_stride(h) } else { 0 },
        }
    }

    /// The header this layout was made from.
    pub const fn header(&self) -> &TextureHeader {
        &self.h
    }

    /// Geometry of absolute level `level`, `None` outside the view's levels.
    pub fn geom(&self, level: u32) -> Option<LevelGeom> {
        let h = &self.h;
        if !in_view(h, level) || h.ty == TextureType::OneDBuffer {
            return None;
        }
        let s = Shape::of(h, self.tb, level);
        let base = u64::from(h.base_address).saturating_add(offset_of(h, self.tb, level));
        Some(LevelGeom { level, size: s.size, pitch: s.pitch, slice: s.slice, base })
    }

    /// Address of a texel of level `g` (same result as [`texel_address`]).
    #[inline]
    pub fn address_in(&self, g: &LevelGeom, x: u32, y: u32, z: u32, layer: u32, sample: u32) -> Option<u32> {
        if x >= g.size[0] || y >= g.size[1] || z >= g.size[2] || layer >= self.layers || sample >= self.h.samples() {
            return None;
        }
        let addr = g
            .base
            .saturating_add(u64::from(layer).saturating_mul(self.layer_stride))
            .saturating_add(u64::from(z).saturating_mul(g.slice))
            .saturating_add(in_slice(self.h.layout, g.pitch, self.tb, x, y))
            .saturating_add(u64::from(sample) * self.bpp);
        fits32(addr, self.bpp)
    }

    /// The level `g` of a single-sample 2D (array) texture addressed in 32-bit arithmetic,
    /// or `None` if its last byte lies beyond 2^32 − 1 (or the texture is multisampled or
    /// not 2D): see [`Plane`].
    pub fn plane(&self, g: &LevelGeom) -> Option<Plane> {
        let h = &self.h;
        if h.samples() != 1 || h.ty == TextureType::ThreeD || g.size[0] == 0 || g.size[1] == 0 {
            return None;
        }
        let tb = u32::try_from(self.tb).ok()?;
        let pitch = u32::try_from(g.pitch).ok()?;
        // Row and column offsets grow with y and x, so the last texel of the last layer has
        // the highest address: if it is addressable, every 32-bit sum below is too.
        let (w, hh) = (g.size[0], g.size[1]);
        self.address_in(g, w - 1, hh - 1, 0, self.layers.checked_sub(1)?, 0)?;
        Some(Plane {
            size: [w, hh],
            base: u32::try_from(g.base).ok()?,
            layer_stride: u32::try_from(self.layer_stride).ok()?,
            layers: self.layers,
            pitch,
            tb,
            tiled: h.layout == Layout::Tiled4x4,
        })
    }

    /// Same result as [`texel_address`] (computes the level geometry on the way).
    pub fn address(&self, c: &TexelCoord) -> Option<u32> {
        if self.h.ty == TextureType::OneDBuffer {
            return texel_address(&self.h, c);
        }
        let g = self.geom(c.level)?;
        self.address_in(&g, c.x, c.y, c.z, c.layer, c.sample)
    }
}

/// One level of a single-sample 2D or 2D-array texture whose every byte lies below 2^32:
/// texel addresses in 32-bit arithmetic, split into a row part and a column part (both
/// layouts are separable: pitch-linear `y × pitch + x × tb`; 4×4 tiles
/// `(y / 4) × pitch × 16 × tb + (y mod 4) × 4 × tb + (x / 4) × 16 × tb + (x mod 4) × tb`).
/// [`Plane::address`] equals [`TextureLayout::address_in`] (a property test checks it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plane {
    /// Width and height of the level.
    pub size: [u32; 2],
    base: u32,
    layer_stride: u32,
    layers: u32,
    pitch: u32,
    tb: u32,
    tiled: bool,
}

impl Plane {
    /// The plane of absolute level 0 of a single-layer, single-sample, non-3D, pitch-linear
    /// texture whose view starts at level 0 — [`TextureLayout::plane`] of [`TextureLayout::geom`]`(0)`
    /// computed in 32-bit arithmetic without the level walk (a property test checks they
    /// agree). `None` where this shortcut does not apply or the plane is not addressable;
    /// the caller then takes the general construction.
    pub fn level0(h: &TextureHeader) -> Option<Plane> {
        if h.base_level != 0
            || h.levels == 0
            || h.layers() != 1
            || h.samples() != 1
            || matches!(h.ty, TextureType::ThreeD | TextureType::OneDBuffer)
            || h.width == 0
            || h.height == 0
        {
            return None;
        }
        if h.layout != Layout::PitchLinear {
            return None;
        }
        let (w, hh) = (h.width, h.height);
        let tb = h.format.bytes_per_texel();
        let pitch = if h.row_pitch != 0 { h.row_pitch } else { w.checked_mul(tb)? };
        let last = (hh - 1).checked_mul(pitch)?.checked_add((w - 1).checked_mul(tb)?)?;
        h.base_address.checked_add(last)?.checked_add(tb.saturating_sub(1))?;
        Some(Plane { size: [w, hh], base: h.base_address, layer_stride: 0, layers: 1, pitch, tb, tiled: false })
    }

    /// The same plane addressed in 4-byte words (base, pitch, layer stride and texel size
    /// divided by 4) for a 4-byte texel format whose base, pitch and layer stride are
    /// multiples of 4; `None` otherwise. Its [`Plane::address`] is the byte address / 4.
    pub const fn in_words(&self) -> Option<Plane> {
        if self.tb != 4 || !self.base.is_multiple_of(4) || !self.layer_stride.is_multiple_of(4) {
            return None;
        }
        // A tiled plane's pitch counts tiles (its rows scale with `tb`); a linear one's bytes.
        let pitch = if self.tiled {
            self.pitch
        } else if self.pitch.is_multiple_of(4) {
            self.pitch / 4
        } else {
            return None;
        };
        Some(Plane { base: self.base / 4, layer_stride: self.layer_stride / 4, pitch, tb: 1, ..*self })
    }

    /// Byte offset of row `y` within a layer: exact for `y < height` (the plane's creation
    /// checked that it fits 32 bits); any other `y` gives the offset modulo 2^32.
    #[inline]
    pub const fn row(&self, y: u32) -> u32 {
        if self.tiled {
            (y >> 2).wrapping_mul(self.pitch).wrapping_mul(16 * self.tb).wrapping_add((y & 3) * 4 * self.tb)
        } else {
            y.wrapping_mul(self.pitch)
        }
    }

    /// Byte offset of column `x` within a row: exact for `x < width`, modulo 2^32 otherwise.
    #[inline]
    pub const fn col(&self, x: u32) -> u32 {
        if self.tiled {
            (x >> 2).wrapping_mul(16 * self.tb).wrapping_add((x & 3) * self.tb)
        } else {
            x.wrapping_mul(self.tb)
        }
    }

    /// Base address of `layer`, `None` outside the texture's layers.
    #[inline]
    pub const fn layer_base(&self, layer: u32) -> Option<u32> {
        if layer >= self.layers {
            return None;
        }
        Some(self.base + layer * self.layer_stride)
    }

    /// [`Plane::address`] of layer 0 of a pitch-linear plane (as [`Plane::level0`] makes):
    /// the row and column offsets without the layout and layer selection. On a tiled plane
    /// the result is not a texel's address.
    #[inline]
    pub(crate) const fn linear_address0(&self, x: u32, y: u32) -> Option<u32> {
        if x >= self.size[0] || y >= self.size[1] {
            return None;
        }
        // The plane's last texel's address fits 32 bits (checked at its creation), so for
        // x, y inside it none of these sums wraps.
        Some(self.base.wrapping_add(y.wrapping_mul(self.pitch)).wrapping_add(x.wrapping_mul(self.tb)))
    }

    /// The address of texel `(x, y)` of `layer`, `None` outside the level.
    #[inline]
    pub const fn address(&self, x: u32, y: u32, layer: u32) -> Option<u32> {
        if x >= self.size[0] || y >= self.size[1] {
            return None;
        }
        match self.layer_base(layer) {
            Some(b) => Some(b + self.row(y) + self.col(x)),
            None => None,
        }
    }
}
