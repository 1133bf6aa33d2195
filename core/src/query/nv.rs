//! NVIDIA `TXQ` (NVIDIA SASS `TXQ`): texture header queries.
//!
//! `TXQ{.B} Rd, Ra, #query, #tsPtrIdxU13 {, #wmskU04}` returns a 4-vector (R, G, B, A) of
//! u32. The handle comes from the constant bank (or from `Ra+0` with `.B`); the query
//! parameter (LOD or sample index) is the next parameter register. The destination write
//! mask is applied by [`crate::output::decimate`].
//!
//! ## `TEX_HEADER_DIMENSION` (input: u32 LOD, relative to the view's base level)
//!
//! | type | R | G | B | A |
//! |---|---|---|---|---|
//! | ONE_D | width | 0 | 0 | levels |
//! | TWO_D | width | height | 0 if MODE_1X1, else 1 | levels |
//! | THREE_D | width | height | depth | levels |
//! | CUBEMAP | width | height | 0 | levels |
//! | ONE_D_ARRAY | width | length | 0 | levels |
//! | TWO_D_ARRAY | width | height | length | levels |
//! | ONE_D_BUFFER | width | 0 | 0 | 1 |
//! | TWO_D_NO_MIPMAP | width | height | 0 if MODE_1X1, else depth | 1 |
//! | CUBEMAP_ARRAY | width | height | length (cubes) | levels |
//!
//! Sizes are those of view level `base_level + LOD`: `max(1, size >> level)` for width,
//! height and 3D depth; array lengths are never minified. NVIDIA's TXQ text does not say
//! what an out-of-range LOD returns; texcore uses the D3D `resinfo` / TGSI `SVIEWINFO` rule:
//! **R, G, B = 0 and A still returns the level count** when `LOD ≥ levels`. A buffer has one
//! level and ignores the LOD.
//!
//! ## Validity
//!
//! A query reads only the texture header. The texture is invalid (all zeros) when the
//! handle cannot be fetched (constant-bank index past the bank), when the header pointer is
//! above the header pool's `MaximumIndex` or past the pool, when the header words do not
//! decode, or when the sampler pointer (the header pointer in `ViaHeaderBinding` mode) is
//! above the sampler pool's `MaximumIndex` — the two `MaximumIndex` checks are what NVIDIA's
//! TXQ names as invalidating. The sampler header is never read: a sampler pointer past the
//! pool memory or sampler words that do not decode do not change the result.
//!
//! ## `TEX_HEADER_TEXTURE_TYPE` (no input)
//!
//! `(0, 0, ms count, 0)`: R and G are reserved (type/format, set by software: texcore returns
//! 0 as NVIDIA's TXQ text states), B is the number of samples per pixel (1 for MODE_1X1).
//!
//! ## `TEX_HEADER_SAMPLER_POS` (input: sample index)
//!
//! `(position, 0, 0, 0)` with `position = {x U4.12, y U4.12}` of the standard pattern (see
//! [`super::sample_pos`]); an index ≥ the sample count returns 0.

use super::{sample_pos, view_level_dims};
use crate::descriptor::{MsMode, TextureHeader, TextureType};
use crate::handle::{Bindings, HandleSource};

/// The `#query` immediate of TXQ. Discriminants are the encodings the NVIDIA compilers use
/// (nouveau's `TXQ_DIMS` = 1, `TXQ_TYPE` = 2, `TXQ_SAMPLE_POSITION` = 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[repr(u8)]
pub enum TxqQuery {
    /// `TEX_HEADER_DIMENSION`
    Dimension = 1,
    /// `TEX_HEADER_TEXTURE_TYPE`
    TextureType = 2,
    /// `TEX_HEADER_SAMPLER_POS`
    SamplerPos = 5,
}

impl TxqQuery {
    /// All queries.
    pub const ALL: [TxqQuery; 3] = [TxqQuery::Dimension, TxqQuery::TextureType, TxqQuery::SamplerPos];

    /// Decodes the immediate; `None` for an unsupported query code.
    pub const fn from_code(code: u32) -> Option<TxqQuery> {
        match code {
            1 => Some(TxqQuery::Dimension),
            2 => Some(TxqQuery::TextureType),
            5 => Some(TxqQuery::SamplerPos),
            _ => None,
        }
    }

    /// The name in NVIDIA's assembly.
    pub const fn name(self) -> &'static str {
        match self {
            TxqQuery::Dimension => "TEX_HEADER_DIMENSION",
            TxqQuery::TextureType => "TEX_HEADER_TEXTURE_TYPE",
            TxqQuery::SamplerPos => "TEX_HEADER_SAMPLER_POS",
        }
    }

    /// Whether the query reads a parameter register (LOD or sample index).
    pub const fn has_parameter(self) -> bool {
        !matches!(self, TxqQuery::TextureType)
    }
}

/// `TXQ` on a resolved header: the RGBA result before the write mask (zeros for a header
/// that does not validate).
pub fn txq_header(h: &TextureHeader, query: TxqQuery, param: u32) -> [u32; 4] {
    if h.validate().is_err() {
        return [0; 4];
    }
    txq_valid(h, query, param)
}

/// [`txq_header`] of a header that validates (one decoded by
/// [`TextureHeader::from_words`], which validates already).
#[inline(always)]
fn txq_valid(h: &TextureHeader, query: TxqQuery, param: u32) -> [u32; 4] {
    match query {
        TxqQuery::Dimension => dimension(h, param),
        TxqQuery::TextureType => [0, 0, h.samples(), 0],
        TxqQuery::SamplerPos => [sample_pos::packed_u4_12(h.samples(), param).unwrap_or(0), 0, 0, 0],
    }
}

#[inline(always)]
fn dimension(h: &TextureHeader, lod: u32) -> [u32; 4] {
    use TextureType as T;
    let single = h.ms_mode == MsMode::Mode1x1;
    let levels = match h.ty {
        T::OneDBuffer | T::TwoDNoMipmap => 1,
        _ => h.levels,
    };
    let Some([w, hh, d]) = view_level_dims(h, lod) else {
        return [0, 0, 0, levels];
    };
    let b = match h.ty {
        T::TwoD => u32::from(!single),
        T::TwoDNoMipmap => {
            if single {
                0
            } else {
                h.depth
            }
        }
        _ => d,
    };
    [w, hh, b, levels]
}

/// `TXQ`: resolves the handle (constant bank or bindless) against the pools and runs the
/// query. An invalid texture returns all zeros: a bad constant-bank index, a header pointer
/// above `MaximumIndex` or past the pool, header words that do not decode, or a sampler
/// pointer above the sampler pool's `MaximumIndex`. The query never reads the sampler
/// header, so its words need not decode ([`Bindings::resolve_header`]).
///
/// ```
/// use texcore::query::nv::{txq, TxqQuery};
/// use texcore::{Bindings, Format, Handle, HandleSource, Pool, SamplerBinding, TextureHeader, TextureType};
///
/// let headers = [TextureHeader::new(TextureType::TwoD, Format::RGBA8_UNORM, 256, 128, 1, 9).to_words()];
/// let samplers = [[0xFFFF_FFFF; 8]]; // does not decode: a query does not read it
/// let bindings = Bindings {
///     headers: Pool::new(&headers),
///     samplers: Pool::new(&samplers),
///     binding: SamplerBinding::Independent,
///     const_bank: &[],
/// };
/// let handle = Handle::new(0, 0).unwrap(); // samplerPtr 0, headerPtr 0
/// // Level 1 of the view: 128 × 64, not multisampled, 9 levels.
/// assert_eq!(txq(&bindings, HandleSource::Bindless(handle.0), TxqQuery::Dimension, 1), [128, 64, 0, 9]);
/// // A sampler pointer above the sampler pool's MaximumIndex (0) makes the texture invalid.
/// let above = Handle::new(1, 0).unwrap();
/// assert_eq!(txq(&bindings, HandleSource::Bindless(above.0), TxqQuery::Dimension, 1), [0; 4]);
/// ```
pub fn txq(bindings: &Bindings<'_>, source: HandleSource, query: TxqQuery, param: u32) -> [u32; 4] {
    // `with_header` decodes through `from_words`: the header validates.
    bindings.with_header(source, |header| txq_valid(header, query, param)).unwrap_or([0; 4])
}

/// A texture resolved once for `TXQ`: the handle looked up and the header decoded and
/// validated once, as a texture unit does for the lanes of a warp that query one handle
/// (a constant-bank handle is the same for every lane). Each lane's [`TxqBinding::txq`]
/// is what [`txq`] returns for it: both resolve through [`Bindings::resolve_header`] and
/// answer from the same decoded header (a property test runs both).
///
/// ```
/// use texcore::query::nv::{TxqBinding, TxqQuery};
/// use texcore::{Bindings, Format, Handle, HandleSource, Pool, SamplerBinding, TextureHeader, TextureType};
///
/// let headers = [TextureHeader::new(TextureType::TwoD, Format::RGBA8_UNORM, 256, 128, 1, 9).to_words()];
/// let samplers = [[0; 8]];
/// let bindings = Bindings {
///     headers: Pool::new(&headers),
///     samplers: Pool::new(&samplers),
///     binding: SamplerBinding::Independent,
///     const_bank: &[],
/// };
/// let texture = TxqBinding::new(&bindings, HandleSource::Bindless(Handle::new(0, 0).unwrap().0));
/// // One lane per level: 256 × 128, 128 × 64, …; a level past the view gives sizes 0.
/// assert_eq!(texture.txq(TxqQuery::Dimension, 0), [256, 128, 0, 9]);
/// assert_eq!(texture.txq(TxqQuery::Dimension, 1), [128, 64, 0, 9]);
/// assert_eq!(texture.txq(TxqQuery::Dimension, 9), [0, 0, 0, 9]);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct TxqBinding {
    /// The decoded header (it validates), `None` for an invalid texture.
    header: Option<TextureHeader>,
}

impl TxqBinding {
    /// Resolves `source` against `bindings` ([`Bindings::resolve_header`]).
    #[inline]
    pub fn new(bindings: &Bindings<'_>, source: HandleSource) -> Self {
        // `resolve_header` decodes through `from_words`: the header validates.
        TxqBinding { header: bindings.resolve_header(source).ok().map(|(_, h)| h) }
    }

    /// [`txq`] on the resolved texture: zeros for an invalid one.
    #[inline]
    pub fn txq(&self, query: TxqQuery, param: u32) -> [u32; 4] {
        match &self.header {
            Some(h) => txq_valid(h, query, param),
            None => [0; 4],
        }
    }
}
