//! Resource access: TGSI `LOAD`, `STORE` and the ten `ATOM*` ops (Gallium TGSI).
//!
//! The resource is addressed with unsigned integers at the view's **first level only**
//! (`base_level`):
//!
//! | resource type | x | y | z |
//! |---|---|---|---|
//! | buffer | element | ignored | ignored |
//! | 1D | x | ignored | ignored |
//! | 1D array | x | layer | ignored |
//! | 2D | x | y | ignored |
//! | 2D array, 2D_NO_MIPMAP | x | y | layer |
//! | cube, cube array (as a 2D array of faces) | x | y | `6 × cube + face` |
//! | 3D | x | y | z |
//!
//! `address.w` is always ignored. A multisample resource is accessed at sample 0.
//!
//! **Out of range** (TGSI calls it unspecified; texcore's rule): an address component ≥
//! the size of its axis, or texel bytes outside the texel memory → `LOAD` returns 0 in every
//! component; `STORE` and atomics write nothing and atomics return 0 in every component.
//! An invalid / unbound resource behaves the same.
//!
//! * `LOAD` returns the texel converted exactly after the Gallium component table (the
//!   view's swizzle is not applied: it belongs to sampler views).
//! * `STORE` encodes `src` with [`crate::texel::encode`]; depth/stencil and sRGB resources are
//!   rejected with [`ResourceError::Encode`] (nothing written).
//! * Atomics work on the 32-bit integer formats (`R32`, `RG32`, `RGBA32` × `UINT`/`SINT`),
//!   component by component: `dst_i = old_i`, `new_i = f(old_i, src_i [, cmp_i])`; any other
//!   format is [`ResourceError::AtomicFormat`]. `ATOMUMIN/UMAX` compare unsigned and
//!   `ATOMIMIN/IMAX` signed whatever the format's signedness; `ATOMUADD` wraps modulo 2^32.
//!   The returned vector is the old texel after the component table (e.g. `(old, 0, 0, 1)`
//!   for `R32_UINT`).

use super::read_texel;
use crate::descriptor::{ComponentLayout, NumericClass, TextureHeader, TextureType};
use crate::handle::{checked_view, Invalid};
use crate::memory::{texel_address, TexelCoord, TexelMemory, TexelMemoryMut};
use crate::output::texel_to_bits;
use crate::texel::{domains, encode, EncodeError};

/// A resource access the model rejects (nothing is written).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum ResourceError {
    /// The format cannot be stored to.
    Encode(EncodeError),
    /// Atomics need a 32-bit integer format.
    AtomicFormat,
}

/// The ten resource atomics.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum AtomicOp {
    /// `new = old + src` (mod 2^32).
    UAdd,
    /// `new = src`.
    Xchg,
    /// `new = old == cmp ? src : old`.
    Cas,
    /// `new = old & src`.
    And,
    /// `new = old | src`.
    Or,
    /// `new = old ^ src`.
    Xor,
    /// `new = min(old, src)`, unsigned.
    UMin,
    /// `new = max(old, src)`, unsigned.
    UMax,
    /// `new = min(old, src)`, signed.
    IMin,
    /// `new = max(old, src)`, signed.
    IMax,
}

impl AtomicOp {
    /// Every op.
    pub const ALL: [AtomicOp; 10] = [
        AtomicOp::UAdd,
        AtomicOp::Xchg,
        AtomicOp::Cas,
        AtomicOp::And,
        AtomicOp::Or,
        AtomicOp::Xor,
        AtomicOp::UMin,
        AtomicOp::UMax,
        AtomicOp::IMin,
        AtomicOp::IMax,
    ];

    /// The TGSI opcode name.
    pub const fn name(self) -> &'static str {
        match self {
            AtomicOp::UAdd => "ATOMUADD",
            AtomicOp::Xchg => "ATOMXCHG",
            AtomicOp::Cas => "ATOMCAS",
            AtomicOp::And => "ATOMAND",
            AtomicOp::Or => "ATOMOR",
            AtomicOp::Xor => "ATOMXOR",
            AtomicOp::UMin => "ATOMUMIN",
            AtomicOp::UMax => "ATOMUMAX",
            AtomicOp::IMin => "ATOMIMIN",
            AtomicOp::IMax => "ATOMIMAX",
        }
    }

    /// The new value of one component.
    pub const fn apply(self, old: u32, src: u32, cmp: u32) -> u32 {
        match self {
            AtomicOp::UAdd => old.wrapping_add(src),
            AtomicOp::Xchg => src,
            AtomicOp::Cas => {
                if old == cmp {
                    src
                } else {
                    old
                }
            }
            AtomicOp::And => old & src,
            AtomicOp::Or => old | src,
            AtomicOp::Xor => old ^ src,
            AtomicOp::UMin => {
                if old < src {
                    old
                } else {
                    src
                }
            }
            AtomicOp::UMax => {
                if old > src {
                    old
                } else {
                    src
                }
            }
            AtomicOp::IMin => {
                if (old as i32) < (src as i32) {
                    old
                } else {
                    src
                }
            }
            AtomicOp::IMax => {
                if (old as i32) > (src as i32) {
                    old
                } else {
                    src
                }
            }
        }
    }
}

/// Maps a resource address to a texel of the first level; `None` = out of range.
fn coord(h: &TextureHeader, a: [u32; 4]) -> TexelCoord {
    use TextureType as T;
    let [x, y, z, _] = a;
    let level = h.base_level;
    let (y, z, layer) = match h.ty {
        T::OneDBuffer | T::OneD => (0, 0, 0),
        T::OneDArray => (0, 0, y),
        T::TwoD => (y, 0, 0),
        T::TwoDArray | T::TwoDNoMipmap | T::Cube | T::CubeArray => (y, 0, z),
        T::ThreeD => (y, z, 0),
    };
    TexelCoord { x, y, z, layer, level, sample: 0 }
}

/// `LOAD dst, RES[n], address`.
pub fn load<M: TexelMemory + ?Sized>(res: Result<&TextureHeader, Invalid>, mem: &M, address: [u32; 4]) -> [u32; 4] {
    let Ok(h) = checked_view(res) else { return [0; 4] };
    match read_texel(h, mem, &coord(h, address)) {
        Some(t) => texel_to_bits(domains(h.format, h.srgb), t),
        None => [0; 4],
    }
}

/// `STORE RES[n], address, src`. `Ok(true)` when the texel was written, `Ok(false)` when
/// the address was out of range (nothing written).
pub fn store<M: TexelMemoryMut + ?Sized>(
    res: Result<&TextureHeader, Invalid>,
    mem: &mut M,
    address: [u32; 4],
    src: [u32; 4],
) -> Result<bool, ResourceError> {
    let Ok(h) = checked_view(res) else { return Ok(false) };
    let bytes = encode(h.format, h.srgb, src).map_err(ResourceError::Encode)?;
    let Some(addr) = texel_address(h, &coord(h, address)) else { return Ok(false) };
    let n = h.format.bytes_per_texel() as usize;
    Ok(bytes.get(..n).is_some_and(|b| mem.write(u64::from(addr), b)))
}

/// `ATOM* dst, RES[n], address, src [, cmp]` (for `ATOMCAS` TGSI's operand order is
/// `ATOMCAS dst, resource, offset, cmp, src`). Returns the old texel.
pub fn atomic<M: TexelMemoryMut + ?Sized>(
    op: AtomicOp,
    res: Result<&TextureHeader, Invalid>,
    mem: &mut M,
    address: [u32; 4],
    src: [u32; 4],
    cmp: [u32; 4],
) -> Result<[u32; 4], ResourceError> {
    let Ok(h) = checked_view(res) else { return Ok([0; 4]) };
    let bpp = h.format.bytes_per_texel() as usize;
    let channels = match h.format.layout() {
        ComponentLayout::R => 1,
        ComponentLayout::Rg => 2,
        ComponentLayout::Rgba => 4,
        _ => 0,
    };
    let int32 = matches!(h.format.class(), NumericClass::Uint | NumericClass::Sint) && bpp == 4 * channels;
    if !int32 {
        return Err(ResourceError::AtomicFormat);
    }
    let Some(addr) = texel_address(h, &coord(h, address)) else { return Ok([0; 4]) };
    let mut buf = [0u8; 16];
    let Some(bytes) = buf.get_mut(..bpp) else { return Ok([0; 4]) };
    if !mem.read(u64::from(addr), bytes) {
        return Ok([0; 4]);
    }
    let old_bytes = buf;
    for (i, chunk) in buf.chunks_exact_mut(4).enumerate().take(bpp / 4) {
        let mut word = [0u8; 4];
        word.copy_from_slice(chunk);
        let old = u32::from_le_bytes(word);
        let new = op.apply(old, src.get(i).copied().unwrap_or(0), cmp.get(i).copied().unwrap_or(0));
        chunk.copy_from_slice(&new.to_le_bytes());
    }
    if !buf.get(..bpp).is_some_and(|b| mem.write(u64::from(addr), b)) {
        return Ok([0; 4]);
    }
    let old = crate::texel::decode(h.format, h.srgb, &old_bytes);
    Ok(texel_to_bits(domains(h.format, h.srgb), old))
}
