//! Gallium TGSI resource queries: `TXQ`, `SVIEWINFO`, `SAMPLE_INFO`, `SAMPLE_POS`.
//!
//! The resource is a sampler view (a [`TextureHeader`]); `Err` (an unbound or invalid view)
//! returns zeros in every component.
//!
//! ## `SVIEWINFO dst, src_mip_level, SVIEW[n]` and `TXQ dst, src0, SAMP[n]` (int4)
//!
//! | target | x | y | z | w |
//! |---|---|---|---|---|
//! | buffer | elements | 0 | 0 | 1 |
//! | 1D | W_L | 0 | 0 | levels |
//! | 1D array | W_L | layers | 0 | levels |
//! | 2D, 2D_NO_MIPMAP (RECT), multisample 2D | W_L | H_L | 0 | levels |
//! | 2D array | W_L | H_L | layers | levels |
//! | 3D | W_L | H_L | D_L | levels |
//! | cube | W_L | H_L | 0 | levels |
//! | cube array | W_L | H_L | cubes (layers / 6) | levels |
//!
//! `L = base_level + src_mip_level`. Out-of-range level (`src_mip_level ≥ levels`, the
//! operand read as unsigned): x, y, z = 0 and w = levels (TGSI: "the total number of
//! mipmap is still returned correctly"). TGSI `TXQ` is specified only for x, y, z; texcore
//! returns the same 4-vector as `SVIEWINFO` (as `tgsi_exec` does). Buffers have one level and
//! ignore the level operand; TGSI does not define `w` for a buffer (softpipe returns 0,
//! D3D has `bufinfo`): texcore returns 1, the same "one" as NVIDIA's TXQ table.
//!
//! ## `SAMPLE_INFO dst, SVIEW[n]`
//!
//! `(samples, 0, 0, 0)` for a multisample resource (more than one sample), else all 0.
//!
//! ## `SAMPLE_POS dst, src_sample_index, SVIEW[n]`
//!
//! fp32 `(x, y, 0, 0)`: the position of the sample inside the pixel, in [0, 1) from the
//! top-left corner (see [`super::sample_pos`]); 0 for a non-multisample resource or an index
//! ≥ the sample count.

use super::{sample_pos, view_level_dims};
use crate::descriptor::TextureHeader;
use crate::handle::{checked_view, Invalid};
use crate::output::u32_to_f32_bits;

/// `SVIEWINFO`: sizes of level `mip_level` and the level count (int4).
pub fn sviewinfo(view: Result<&TextureHeader, Invalid>, mip_level: u32) -> [u32; 4] {
    let Ok(h) = checked_view(view) else { return [0; 4] };
    let levels = h.levels;
    match view_level_dims(h, mip_level) {
        Some([x, y, z]) => [x, y, z, levels],
        None => [0, 0, 0, levels],
    }
}

/// TGSI `TXQ`: the same 4-vector as [`sviewinfo`] (`lod = src0.x`).
pub fn txq(view: Result<&TextureHeader, Invalid>, lod: u32) -> [u32; 4] {
    sviewinfo(view, lod)
}

/// `SAMPLE_INFO`: `(samples, 0, 0, 0)` for a multisample resource, else zeros.
pub fn sample_info(view: Result<&TextureHeader, Invalid>) -> [u32; 4] {
    match checked_view(view) {
        Ok(h) if h.samples() > 1 => [h.samples(), 0, 0, 0],
        _ => [0; 4],
    }
}

/// `SAMPLE_POS`: fp32 bit patterns `(x, y, 0, 0)` of sample `index`.
pub fn sample_pos(view: Result<&TextureHeader, Invalid>, index: u32) -> [u32; 4] {
    let Ok(h) = checked_view(view) else { return [0; 4] };
    if h.samples() <= 1 {
        return [0; 4];
    }
    match sample_pos::position_sixteenths(h.samples(), index) {
        // x / 16 exactly: the integer x scaled by 2^-4.
        Some((x, y)) => {
            [crate::output::fixed_to_f32_bits(i64::from(x), 4), crate::output::fixed_to_f32_bits(i64::from(y), 4), 0, 0]
        }
        None => [0; 4],
    }
}

/// Converts an int4 query result to fp32 bit patterns (for the float-returning TGSI forms).
pub fn to_f32_bits(v: [u32; 4]) -> [u32; 4] {
    v.map(u32_to_f32_bits)
}
