//! Intel vISA `INFO` (opcode 0x70): `resinfo` and `sampleinfo`.
//!
//! `RESINFO (exec_size) <surface> <lod> <dst>` / `SAMPLEINFO (exec_size) <surface> <dst>`.
//! `exec_size × 4` elements are returned in **RGBA planar order**: `dst[c × N + lane]` holds
//! component `c` (0 R, 1 G, 2 B, 3 A) of lane `lane` for execution size `N` (8 or 16). Only
//! enabled lanes are written; every other element of `dst` is left untouched.
//!
//! ## Exec_size byte
//!
//! Bits 2:0: `0b011` = 8 lanes, `0b100` = 16 lanes (other values: [`InfoError::ExecSize`]).
//! Bits 7:4: the execution mask control `M1 … M8` (0…7) and `M1_NM … M8_NM` (8…15). `Mk`
//! selects execution-mask channels starting at offset `4 × (k − 1)` (vISA spec, "Execution
//! Mask": M1 = 0, M2 = 4, …, M8 = 28); lane `i` is enabled when bit `offset + i` of the
//! dispatch mask is set. The offset must be aligned to the execution size (SIMD8: M1, M3, M5,
//! M7; SIMD16: M1, M5), else [`InfoError::MaskAlignment`]. `_NM` (NoMask) ignores the
//! execution mask: every lane is written.
//!
//! ## resinfo (per lane, with that lane's `lod`)
//!
//! `Width`, `Height`, `Depth` are the surface-state "minus one" fields (`width − 1`, …), so
//! `Width + 1` is the level-0 width; `>>` is a logical shift (a shift of 32 or more gives 0)
//! by `base_level + lod`.
//!
//! | surface | R | G | B | A |
//! |---|---|---|---|---|
//! | 1D | (Width+1)>>LOD | 0 | 0 | MIPCount |
//! | 1D_array | (Width+1)>>LOD | Depth+1 | 0 | MIPCount |
//! | 2D (incl. 2D_NO_MIPMAP) | ((Width+1)>>LOD)×(QuiltWidth+1) | ((Height+1)>>LOD)×(QuiltHeight+1) | 0 | MIPCount |
//! | 2D_array | ((Width+1)>>LOD)×(QuiltWidth+1) | ((Height+1)>>LOD)×(QuiltHeight+1) | Depth+1 | MIPCount |
//! | 3D | (Width+1)>>LOD | (Height+1)>>LOD | (Depth+1)>>LOD | MIPCount |
//! | CUBE (and cube array) | **(Width+1)>>LOD** | (Height+1)>>LOD | Depth+1 (cubes) | MIPCount |
//! | buffer | Width+1 (elements) | 0 | 0 | 1 |
//!
//! * The formula is the vISA table's, exactly: no `max(1, …)` and no out-of-range rule — a level
//!   beyond the chain shrinks toward 0, unlike TXQ/SVIEWINFO.
//! * **The CUBE row is garbled in the vISA table** (R = "Buffer size"). texcore returns the face
//!   width `(Width+1)>>LOD`, like the G column and like IGC's own constant folding of resinfo
//!   (`DynamicTextureFolding.cpp`, which uses the buffer size only for buffer surfaces). B is
//!   the table's `Depth+1`: 1 for a cube, the cube count for a cube array.
//! * `MIPCount` is the number of levels in the view (surface-state `MIPCountLOD + 1`, as
//!   Mesa programs it and reads `.w` back as `textureQueryLevels`).
//! * The table has no buffer row; texcore returns the element count and one level.
//!
//! ## sampleinfo
//!
//! 2D surfaces (2D, 2D array, 2D_NO_MIPMAP): `(number of samples, 0, 0, sample position
//! palette index)`; texcore has one palette (the standard pattern), index 0. Other surface
//! types: the table gives no row, texcore returns zeros. "N/A" components are written as 0.
//!
//! An invalid or unbound surface returns zeros in every enabled lane.

use crate::descriptor::{TextureHeader, TextureType};
use crate::handle::{checked_view, Invalid};

/// Op field (bits 4:0 of the Op byte).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[repr(u8)]
pub enum InfoOp {
    /// `0b01010`: resinfo.
    ResInfo = 0b01010,
    /// `0b01011`: sampleinfo.
    SampleInfo = 0b01011,
}

impl InfoOp {
    /// Decodes bits 4:0 of the Op byte.
    pub const fn from_byte(op: u8) -> Result<InfoOp, InfoError> {
        match op & 0x1F {
            0b01010 => Ok(InfoOp::ResInfo),
            0b01011 => Ok(InfoOp::SampleInfo),
            other => Err(InfoError::Op(other)),
        }
    }
}

/// A decoded Exec_size byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct ExecCtrl {
    /// 8 or 16 lanes.
    pub lanes: u32,
    /// `k − 1` of mask `Mk` (0 = M1 … 7 = M8).
    pub mask: u8,
    /// `_NM`: ignore the execution mask.
    pub no_mask: bool,
}

impl ExecCtrl {
    /// Decodes and checks an Exec_size byte.
    pub const fn from_byte(byte: u8) -> Result<ExecCtrl, InfoError> {
        let lanes = match byte & 0x7 {
            0b011 => 8,
            0b100 => 16,
            other => return Err(InfoError::ExecSize(other)),
        };
        if byte & 0x08 != 0 {
            return Err(InfoError::ExecSize(byte & 0xF));
        }
        let mask = (byte >> 4) & 0x7;
        let no_mask = byte & 0x80 != 0;
        let c = ExecCtrl { lanes, mask, no_mask };
        if !c.offset().is_multiple_of(lanes) {
            return Err(InfoError::MaskAlignment { lanes: lanes as u8, mask: mask + 1 });
        }
        Ok(c)
    }

    /// Encodes back to the Exec_size byte.
    pub const fn to_byte(self) -> u8 {
        let size = if self.lanes == 16 { 0b100 } else { 0b011 };
        size | (self.mask << 4) | if self.no_mask { 0x80 } else { 0 }
    }

    /// First execution-mask channel: `4 × (k − 1)` for `Mk`.
    pub const fn offset(self) -> u32 {
        4 * self.mask as u32
    }

    /// Whether lane `lane` is enabled under the dispatch `exec_mask`.
    pub const fn lane_enabled(self, exec_mask: u32, lane: u32) -> bool {
        if lane >= self.lanes {
            return false;
        }
        if self.no_mask {
            return true;
        }
        match exec_mask.checked_shr(self.offset() + lane) {
            Some(v) => v & 1 == 1,
            None => false,
        }
    }
}

/// A malformed INFO instruction (nothing is written).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum InfoError {
    /// Op bits 4:0 are neither resinfo nor sampleinfo.
    Op(u8),
    /// Exec_size bits 3:0 are not `0b0011` / `0b0100`.
    ExecSize(u8),
    /// The mask offset is not aligned to the execution size (lanes, k of `Mk`).
    MaskAlignment {
        /// Execution size.
        lanes: u8,
        /// `k` of `Mk`.
        mask: u8,
    },
}

/// The four components of one lane's resinfo (zeros for a header that does not validate).
pub fn resinfo_lane(h: &TextureHeader, lod: u32) -> [u32; 4] {
    use TextureType as T;
    if h.validate().is_err() {
        return [0; 4];
    }
    let shift = h.base_level.saturating_add(lod);
    let shr = |v: u32| v.checked_shr(shift).unwrap_or(0);
    let w = shr(h.width);
    let hh = shr(h.height);
    let mips = h.levels;
    match h.ty {
        T::OneD => [w, 0, 0, mips],
        T::OneDArray => [w, h.depth, 0, mips],
        T::TwoD | T::TwoDNoMipmap => [w * (h.quilt_width + 1), hh * (h.quilt_height + 1), 0, mips],
        T::TwoDArray => [w * (h.quilt_width + 1), hh * (h.quilt_height + 1), h.depth, mips],
        T::ThreeD => [w, hh, shr(h.depth), mips],
        T::Cube | T::CubeArray => [w, hh, h.depth, mips],
        T::OneDBuffer => [h.width, 0, 0, 1],
    }
}

/// The four components of sampleinfo (zeros for a header that does not validate).
pub fn sampleinfo(h: &TextureHeader) -> [u32; 4] {
    match h.ty {
        _ if h.validate().is_err() => [0; 4],
        TextureType::TwoD | TextureType::TwoDArray | TextureType::TwoDNoMipmap => [h.samples(), 0, 0, 0],
        _ => [0; 4],
    }
}

/// Executes `INFO`: writes `dst[c × lanes + lane]` for every enabled lane.
///
/// `op` is the Op byte, `exec` the Exec_size byte, `exec_mask` the dispatch mask (bit `n` =
/// channel `n`), `lod` the per-lane LOD operand (resinfo only; lanes beyond 16 do not exist).
pub fn info(
    op: u8,
    exec: u8,
    exec_mask: u32,
    surface: Result<&TextureHeader, Invalid>,
    lod: &[u32; 16],
    dst: &mut [u32; 64],
) -> Result<(), InfoError> {
    let op = InfoOp::from_byte(op)?;
    let ctrl = ExecCtrl::from_byte(exec)?;
    let surface = checked_view(surface);
    let n = ctrl.lanes as usize;
    for (lane, lane_lod) in lod.iter().enumerate().take(n) {
        if !ctrl.lane_enabled(exec_mask, lane as u32) {
            continue;
        }
        let v = match (surface, op) {
            (Ok(h), InfoOp::ResInfo) => resinfo_lane(h, *lane_lod),
            (Ok(h), InfoOp::SampleInfo) => sampleinfo(h),
            (Err(_), _) => [0; 4],
        };
        for (c, value) in v.iter().enumerate() {
            if let Some(slot) = dst.get_mut(c * n + lane) {
                *slot = *value;
            }
        }
    }
    Ok(())
}
