//! The query unit: every texture query op of the source documents.
//!
//! | op | source | function |
//! |---|---|---|
//! | NVIDIA `TXQ` `TEX_HEADER_DIMENSION` / `TEX_HEADER_TEXTURE_TYPE` / `TEX_HEADER_SAMPLER_POS` | NVIDIA SASS `TXQ` | [`nv::txq`] |
//! | TGSI `TXQ`, `SVIEWINFO` | Gallium TGSI | [`tgsi::txq`], [`tgsi::sviewinfo`] |
//! | TGSI `SAMPLE_INFO`, `SAMPLE_POS` | Gallium TGSI | [`tgsi::sample_info`], [`tgsi::sample_pos`] |
//! | Intel vISA `INFO` resinfo / sampleinfo | Intel vISA `INFO` | [`intel::info`] |
//!
//! Every query of an invalid texture (bad handle, pointer above `MaximumIndex`, undecodable
//! header, unbound slot) returns all zeros, including the level count (D3D11: a query of a null resource
//! returns 0). NVIDIA `TXQ` reads only the texture header: of the sampler only the pointer's
//! `MaximumIndex` check applies ([`nv::txq`]).

pub mod intel;
pub mod nv;
pub mod sample_pos;
pub mod tgsi;

use crate::descriptor::{TextureHeader, TextureType};

/// The `(x, y, z)` sizes and level count of view level `lod`, shared by TGSI and the
/// D3D11 `resinfo` table, or `None` when `lod` is outside the view (then x, y, z are
/// 0 and the level count is still returned). Buffers ignore `lod` (one level).
pub(crate) fn view_level_dims(h: &TextureHeader, lod: u32) -> Option<[u32; 3]> {
    use TextureType as T;
    if h.ty == T::OneDBuffer {
        return Some([h.width, 0, 0]);
    }
    if lod >= h.levels {
        return None;
    }
    let level = h.base_level + lod; // both ≤ 16 after validation
    let w = h.level_width(level);
    let hh = h.level_height(level);
    Some(match h.ty {
        T::OneD => [w, 0, 0],
        T::OneDArray => [w, h.depth, 0],
        T::TwoD | T::TwoDNoMipmap | T::Cube => [w, hh, 0],
        T::TwoDArray | T::CubeArray => [w, hh, h.depth],
        T::ThreeD => [w, hh, h.level_depth(level)],
        T::OneDBuffer => [h.width, 0, 0],
    })
}
