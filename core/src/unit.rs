//! The host API: a [`TextureUnit`] holds one texture view, one sampler and the texel memory
//! they read, and runs every op on them — sampling, depth compare, gather, fetch and the
//! queries — in one call each.
//!
//! Every method exists in two forms:
//!
//! * **bit patterns** (the model's own interface, what the HDL vectors and the firmware use):
//!   coordinates, LODs and references are binary32 bit patterns in `u32`, results are the
//!   32-bit register words (binary32 bits, or raw integers for integer formats);
//! * **`_f32` conveniences**: the same op with `f32` in and out. The conversion is
//!   [`f32::to_bits`] / [`f32::from_bits`] only — no floating-point arithmetic happens, so
//!   the results are the same bits as the bit-pattern form on every target. For integer
//!   formats (`*_UINT`, `*_SINT`) use the bit-pattern form: their results are integers, not
//!   binary32.
//!
//! The one-lane methods ([`sample`](TextureUnit::sample), [`gather`](TextureUnit::gather), …)
//! run the op on a quad whose four lanes hold the same coordinates and return lane 0; the
//! `_quad` methods take a 2×2 quad (lanes 0 = top-left, 1 = top-right, 2 = bottom-left,
//! 3 = bottom-right), whose coordinate differences are the implicit derivatives, exactly as
//! a fragment shader's `TEX` would.
//!
//! ```
//! use texcore::{Filter, Format, SamplerHeader, TextureHeader, TextureType, TextureUnit, WrapMode};
//!
//! // A 2×2 RGBA8 texture: black, red / green, white (4 bytes per texel, rows packed).
//! let memory: [u8; 16] = [0, 0, 0, 255, 255, 0, 0, 255, 0, 255, 0, 255, 255, 255, 255, 255];
//! let view = TextureHeader::new(TextureType::TwoD, Format::RGBA8_UNORM, 2, 2, 1, 1);
//! let sampler = SamplerHeader {
//!     mag_filter: Filter::Linear,
//!     wrap: [WrapMode::ClampToEdge; 3],
//!     ..SamplerHeader::default()
//! };
//! let unit = TextureUnit::new(view, sampler, &memory[..])?;
//! // The centre of the texture is the average of the four texels.
//! assert_eq!(unit.sample_f32([0.5, 0.5, 0.0, 0.0])?, [0.5, 0.5, 0.25, 1.0]);
//! # Ok::<(), Box<dyn core::error::Error>>(())
//! ```

use crate::descriptor::{HeaderError, SamplerError, SamplerHeader, TextureHeader, TextureType};
use crate::lod::LodSource;
use crate::memory::TexelMemory;
use crate::op::fetch::{txf, FetchError};
use crate::op::gather::{gather4, GatherError};
use crate::op::sample::{sample_compare_quad, sample_quad_into, Quad, SampleError, SampleRequest};
use crate::op::tmml::{tmml_header, CoordDesc};
use crate::output::fixed_to_f32_bits;
use crate::query::nv::{txq_header, TxqQuery};
use crate::query::tgsi::sviewinfo;

/// Why a view or sampler cannot be bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum BindError {
    /// The texture header is not valid.
    Header(HeaderError),
    /// The sampler header is not valid.
    Sampler(SamplerError),
}

impl core::fmt::Display for BindError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            BindError::Header(e) => write!(f, "invalid texture header: {e:?}"),
            BindError::Sampler(e) => write!(f, "invalid sampler header: {e:?}"),
        }
    }
}

impl core::error::Error for BindError {}

impl From<HeaderError> for BindError {
    fn from(e: HeaderError) -> BindError {
        BindError::Header(e)
    }
}

impl From<SamplerError> for BindError {
    fn from(e: SamplerError) -> BindError {
        BindError::Sampler(e)
    }
}

macro_rules! display_as_debug {
    ($($t:ty: $what:literal),*) => {$(
        impl core::fmt::Display for $t {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                write!(f, concat!($what, ": {:?}"), self)
            }
        }
        impl core::error::Error for $t {}
    )*};
}

display_as_debug!(SampleError: "sample rejected", GatherError: "gather rejected", FetchError: "fetch rejected");

/// A validated texture view and sampler bound over a texel memory (see the
/// [module docs](self)).
#[derive(Clone, Copy, Debug)]
pub struct TextureUnit<'m, M: TexelMemory + ?Sized> {
    view: TextureHeader,
    sampler: SamplerHeader,
    mem: &'m M,
}

fn quad_of(c: [u32; 4]) -> Quad {
    [c; 4]
}

fn bits4(c: [f32; 4]) -> [u32; 4] {
    c.map(f32::to_bits)
}

fn f32s4(c: [u32; 4]) -> [f32; 4] {
    c.map(f32::from_bits)
}

impl<'m, M: TexelMemory + ?Sized> TextureUnit<'m, M> {
    /// Binds `view` and `sampler` over `mem` after validating both headers.
    pub fn new(view: TextureHeader, sampler: SamplerHeader, mem: &'m M) -> Result<Self, BindError> {
        view.validate()?;
        sampler.validate()?;
        Ok(TextureUnit { view, sampler, mem })
    }

    /// Binds the descriptors as they are stored in a pool (eight 32-bit words each),
    /// decoding and validating them.
    ///
    /// ```
    /// use texcore::{Format, SamplerHeader, TextureHeader, TextureType, TextureUnit};
    /// let memory = [0u8; 64];
    /// let view = TextureHeader::new(TextureType::TwoD, Format::R8_UNORM, 8, 8, 1, 1);
    /// let unit = TextureUnit::from_words(&view.to_words(), &SamplerHeader::default().to_words(), &memory[..])?;
    /// assert_eq!(unit.view(), &view);
    /// // Words that do not decode are a typed error.
    /// assert!(TextureUnit::from_words(&[0; 8], &[0; 8], &memory[..]).is_err());
    /// # Ok::<(), texcore::BindError>(())
    /// ```
    pub fn from_words(view: &[u32; 8], sampler: &[u32; 8], mem: &'m M) -> Result<Self, BindError> {
        Ok(TextureUnit { view: TextureHeader::from_words(view)?, sampler: SamplerHeader::from_words(sampler)?, mem })
    }

    /// The bound texture view.
    pub fn view(&self) -> &TextureHeader {
        &self.view
    }

    /// The bound sampler.
    pub fn sampler(&self) -> &SamplerHeader {
        &self.sampler
    }

    /// The texel memory.
    pub fn memory(&self) -> &'m M {
        self.mem
    }

    // ------------------------------------------------------------------ sampling

    /// Samples a quad: the general form (LOD source, explicit gradients, texel offsets) of
    /// `TEX`/`TXB`/`TXL`/`TXD`, `SAMPLE`/`SAMPLE_B`/`SAMPLE_L`/`SAMPLE_D`
    /// ([`crate::op::sample::sample_quad_into`]). Coordinates are canonical per view type
    /// (see [`crate::op::sample`]).
    pub fn sample_request(&self, req: &SampleRequest) -> Result<Quad, SampleError> {
        let mut out = [[0; 4]; 4];
        sample_quad_into(Ok(&self.view), Ok(&self.sampler), self.mem, req, &mut out)?;
        Ok(out)
    }

    /// Samples a quad with implicit derivatives (`TEX`, `SAMPLE`): `coords[lane]` are the
    /// canonical coordinates `(c0, c1, c2, c3)` of each lane as binary32 bits.
    pub fn sample_quad(&self, coords: &Quad) -> Result<Quad, SampleError> {
        self.sample_request(&SampleRequest::new(*coords))
    }

    /// [`sample_quad`](Self::sample_quad) with `f32` coordinates and results.
    ///
    /// ```
    /// # use texcore::{Filter, Format, MipFilter, SamplerHeader, TextureHeader, TextureType, TextureUnit};
    /// // 4×4 level 0 (all texels 0) and 2×2 level 1 (all 255) of an R8 texture.
    /// let mut memory = [0u8; 20];
    /// memory[16..].fill(255);
    /// let view = TextureHeader::new(TextureType::TwoD, Format::R8_UNORM, 4, 4, 1, 2);
    /// let sampler = SamplerHeader { mip_filter: MipFilter::Nearest, ..SamplerHeader::default() };
    /// let unit = TextureUnit::new(view, sampler, &memory[..])?;
    /// // Lanes two texels apart on a 4-texel axis: λ = 1, so level 1 is read.
    /// let (x0, x1, y0, y1) = (0.25, 0.75, 0.25, 0.75);
    /// let quad = [[x0, y0, 0.0, 0.0], [x1, y0, 0.0, 0.0], [x0, y1, 0.0, 0.0], [x1, y1, 0.0, 0.0]];
    /// assert_eq!(unit.sample_quad_f32(quad)?[0][0], 1.0);
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn sample_quad_f32(&self, coords: [[f32; 4]; 4]) -> Result<[[f32; 4]; 4], SampleError> {
        Ok(self.sample_quad(&coords.map(bits4))?.map(f32s4))
    }

    /// Samples one point at `λ_base = 0` (the base level, before the sampler's LOD bias and
    /// clamps; `SAMPLE_C_LZ`'s LOD source): `coords` are canonical, binary32 bits.
    pub fn sample(&self, coords: [u32; 4]) -> Result<[u32; 4], SampleError> {
        self.sample_with(coords, LodSource::Zero, None)
    }

    /// [`sample`](Self::sample) with `f32` coordinates and result.
    pub fn sample_f32(&self, coords: [f32; 4]) -> Result<[f32; 4], SampleError> {
        Ok(f32s4(self.sample(bits4(coords))?))
    }

    /// Samples one point at an explicit LOD (`TXL`, `SAMPLE_L`): `λ_base = lod` (binary32
    /// bits, rounded to S8.8), then the sampler's bias and clamps.
    pub fn sample_lod(&self, coords: [u32; 4], lod: u32) -> Result<[u32; 4], SampleError> {
        self.sample_with(coords, LodSource::Explicit(lod), None)
    }

    /// [`sample_lod`](Self::sample_lod) with `f32` values.
    pub fn sample_lod_f32(&self, coords: [f32; 4], lod: f32) -> Result<[f32; 4], SampleError> {
        Ok(f32s4(self.sample_lod(bits4(coords), lod.to_bits())?))
    }

    /// Samples one point with explicit derivatives (`TXD`, `SAMPLE_D`): `ddx` and `ddy` are
    /// `∂/∂x` and `∂/∂y` of `(c0, c1, c2)`, binary32 bits.
    pub fn sample_grad(&self, coords: [u32; 4], ddx: [u32; 3], ddy: [u32; 3]) -> Result<[u32; 4], SampleError> {
        self.sample_with(coords, LodSource::Derivatives { bias: 0 }, Some([ddx, ddy]))
    }

    /// [`sample_grad`](Self::sample_grad) with `f32` values.
    pub fn sample_grad_f32(&self, coords: [f32; 4], ddx: [f32; 3], ddy: [f32; 3]) -> Result<[f32; 4], SampleError> {
        Ok(f32s4(self.sample_grad(bits4(coords), ddx.map(f32::to_bits), ddy.map(f32::to_bits))?))
    }

    fn sample_with(
        &self,
        coords: [u32; 4],
        lod: LodSource,
        grads: Option<[[u32; 3]; 2]>,
    ) -> Result<[u32; 4], SampleError> {
        let req = SampleRequest { lod, grads: grads.map(|g| [g; 4]), ..SampleRequest::new(quad_of(coords)) };
        Ok(self.sample_request(&req)?[0])
    }

    /// Depth-compare sampling of one point at `λ_base = 0` (`SAMPLE_C_LZ`): every tap is
    /// compared with `reference` (binary32 bits) by the sampler's compare function before
    /// filtering; returns the filtered 0 … 1 result as binary32 bits.
    pub fn sample_compare(&self, coords: [u32; 4], reference: u32) -> Result<u32, SampleError> {
        let req = SampleRequest { lod: LodSource::Zero, ..SampleRequest::new(quad_of(coords)) };
        Ok(self.sample_compare_request(&req, [reference; 4])?[0][0])
    }

    /// [`sample_compare`](Self::sample_compare) with `f32` values.
    pub fn sample_compare_f32(&self, coords: [f32; 4], reference: f32) -> Result<f32, SampleError> {
        Ok(f32::from_bits(self.sample_compare(bits4(coords), reference.to_bits())?))
    }

    /// Depth-compare sampling of a quad, general form (`SAMPLE_C` and the shadow `TEX`
    /// forms, [`crate::op::sample::sample_compare_quad`]): one reference per lane.
    pub fn sample_compare_request(&self, req: &SampleRequest, reference: [u32; 4]) -> Result<Quad, SampleError> {
        sample_compare_quad(Ok(&self.view), Ok(&self.sampler), self.mem, req, reference)
    }

    // ------------------------------------------------------------------ gather

    /// `GATHER4` of a quad ([`crate::op::gather::gather4`]): per lane the component
    /// `component` (0 … 3, after the view's swizzle) of the 2×2 bilinear footprint, in the
    /// order `(i0, j1), (i1, j1), (i1, j0), (i0, j0)`; offsets −32 … +31; with `reference`,
    /// each texel's compare result (0.0 or 1.0) instead.
    pub fn gather_quad(
        &self,
        coords: &Quad,
        component: u8,
        offset: [i32; 2],
        reference: Option<[u32; 4]>,
    ) -> Result<Quad, GatherError> {
        gather4(Ok(&self.view), Ok(&self.sampler), self.mem, coords, component, offset, reference)
    }

    /// `GATHER4` at one point: the four texels' component `component`, bit patterns
    /// (coordinates as `GATHER4` reads them: 2D `(s, t)`, 2D array `(s, t, layer)`, cube
    /// `(x, y, z)`, cube array `(x, y, z, cube)`).
    pub fn gather(&self, coords: [u32; 4], component: u8) -> Result<[u32; 4], GatherError> {
        Ok(self.gather_quad(&quad_of(coords), component, [0; 2], None)?[0])
    }

    /// [`gather`](Self::gather) with `f32` values.
    pub fn gather_f32(&self, coords: [f32; 4], component: u8) -> Result<[f32; 4], GatherError> {
        Ok(f32s4(self.gather(bits4(coords), component)?))
    }

    /// `GATHER4` with depth compare at one point: each footprint texel's compare result
    /// against `reference` (binary32 bits), 0.0 or 1.0.
    pub fn gather_compare(&self, coords: [u32; 4], reference: u32) -> Result<[u32; 4], GatherError> {
        Ok(self.gather_quad(&quad_of(coords), 0, [0; 2], Some([reference; 4]))?[0])
    }

    /// [`gather_compare`](Self::gather_compare) with `f32` values.
    pub fn gather_compare_f32(&self, coords: [f32; 4], reference: f32) -> Result<[f32; 4], GatherError> {
        Ok(f32s4(self.gather_compare(bits4(coords), reference.to_bits())?))
    }

    // ------------------------------------------------------------------ fetch

    /// Fetches one texel without filtering (`TXF` without offsets,
    /// [`crate::op::fetch::txf`]): `[x, y, z, level]` in texels, relative to the view's base
    /// level (`y`/`z` are the layer of 1D/2D arrays, `z` the slice of 3D). Out of range:
    /// zeros in every component. Results are binary32 bits, or raw integers for integer
    /// formats.
    pub fn fetch(&self, coords: [i32; 4]) -> Result<[u32; 4], FetchError> {
        txf(Ok(&self.view), self.mem, coords, [0; 3])
    }

    /// [`fetch`](Self::fetch) as `f32` (not for integer formats).
    pub fn fetch_f32(&self, coords: [i32; 4]) -> Result<[f32; 4], FetchError> {
        Ok(f32s4(self.fetch(coords)?))
    }

    // ------------------------------------------------------------------ queries

    /// The size of view level `level` and the level count (TGSI `SVIEWINFO` / `TXQ`,
    /// [`crate::query::tgsi::sviewinfo`]): `(width, height, depth or layers, levels)`; past
    /// the last level `(0, 0, 0, levels)`.
    pub fn dimensions(&self, level: u32) -> [u32; 4] {
        sviewinfo(Ok(&self.view), level)
    }

    /// NVIDIA `TXQ` on the bound view ([`crate::query::nv::txq_header`]), before the write
    /// mask: `param` is the LOD (`TEX_HEADER_DIMENSION`) or the sample index
    /// (`TEX_HEADER_SAMPLER_POS`).
    pub fn txq(&self, query: TxqQuery, param: u32) -> [u32; 4] {
        txq_header(&self.view, query, param)
    }

    /// NVIDIA `TMML.LOD` of a quad with implicit derivatives
    /// ([`crate::op::tmml::tmml_header`]): per lane `(λ' S8.8, LOD used U8.8, major axis
    /// {v, u} S2.6, log2 anisotropy S4.12)` in the low bits of each word. `coords` are
    /// canonical, binary32 bits; buffers and multisample views return zeros.
    pub fn query_lod(&self, coords: &Quad) -> Quad {
        let desc = match self.view.ty {
            TextureType::OneD | TextureType::OneDArray | TextureType::OneDBuffer => CoordDesc::OneD,
            TextureType::TwoD | TextureType::TwoDArray | TextureType::TwoDNoMipmap => CoordDesc::TwoD,
            TextureType::ThreeD => CoordDesc::ThreeD,
            TextureType::Cube | TextureType::CubeArray => CoordDesc::Cube,
        };
        tmml_header(&self.view, &self.sampler, desc, coords)
    }

    /// [`query_lod`](Self::query_lod) as `f32`: per lane `[λ', LOD used]` (the level a
    /// sample reads, relative to the base level; fractional with mip LINEAR), converted
    /// exactly from the fixed-point outputs.
    pub fn query_lod_f32(&self, coords: [[f32; 4]; 4]) -> [[f32; 2]; 4] {
        self.query_lod(&coords.map(bits4)).map(|[r, g, _, _]| {
            let lambda = i64::from(r as u16 as i16);
            let used = i64::from(g & 0xFFFF);
            [f32::from_bits(fixed_to_f32_bits(lambda, 8)), f32::from_bits(fixed_to_f32_bits(used, 8))]
        })
    }
}
