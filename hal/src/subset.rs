//! The sampling subset of a device build: which view / sampler combinations a device runs
//! for the sampling ops whose `CAPS` bit it sets.
//!
//! A device that implements a sampling op for part of the descriptor space (the FPGA
//! sampler's pipeline, `docs/hdl/sampler-pipeline.md`) answers a `SUBMIT` of that op with
//! `ERR_UNSUPPORTED` once it has read the op's view and sampler headers and found the pair
//! outside its subset — never with a different result. The decision depends on the op code
//! and the two decoded headers only (never on coordinates or texel data), in this order:
//!
//! 1. an op this subset does not govern ([`Subset::ops`] for the TGSI sampling codes,
//!    [`Subset::nv_ops`] for the NVIDIA codes below [`NV_GOVERNED_END`]) is admitted (the
//!    `CAPS` check decides about it);
//! 2. a texel offset outside the op's range is admitted: the core's rejection is answered;
//! 3. an unbound or invalid view or sampler is admitted: the core's zeros are answered;
//!    before it, a TGSI `TXD` without its derivatives is admitted (the core's `TextureType`
//!    rejection, whatever the descriptors), and so is a `TEX`-family form that reads an
//!    absent `src1` on a valid view and a `TXP` on a valid array view (the same rejection,
//!    whatever the sampler);
//! 4. a buffer or multisample view is admitted: the core's `TextureType` rejection; so is a
//!    depth compare (`SAMPLE_C`, `SAMPLE_C_LZ`, a shadow `TEX`-family form) on an integer
//!    format (the core's `Compare` rejection);
//! 5. NVIDIA `TMML.LOD`, which names its texture by a handle: the caller passes the
//!    handle's resolution as `view` and `sampler` (the op's source through the device's
//!    bindings); a texture that does not resolve, a coordinate description whose class
//!    does not match the view's type, a buffer or a multisample view is admitted (the
//!    core's zeros); otherwise the rule of step 6 decides with [`Subset::formats`], with
//!    the same fields as for the sampling ops (wrap modes, filters and layout do not change
//!    `TMML`'s result; one descriptor check serves every governed op);
//! 6. otherwise the view must have a type, format (of [`Subset::formats`], or of
//!    [`Subset::compare_formats`] for a compare op, shadow `TEX` forms included), sRGB flag and layout of the subset, and
//!    the sampler wrap modes (on the view's axes), filters, mip filter and anisotropy of the
//!    subset.
//!
//! `GATHER4` admits its own rejections and zeros in the core's order
//! ([`texcore::op::gather::gather4`]: component, offsets −32 … +31, zeros, type, offsets on a
//! cube, compare on an integer format), then step 5 with [`Subset::compare_formats`].
//! NVIDIA `TLD4S` (its handle resolved as `TMML`'s) admits its own in the order of
//! [`texcore::op::gather::tld4s`] (component, an unresolved handle, `.AOFFI` on a cube, `.DC`
//! on a 3D view, a type other than the 2D family or a multisample view, `.DC` on an integer
//! format); then `.F16` needs [`Subset::f16`], then step 6 with [`Subset::compare_formats`].
//!
//! [`Subset::ALL`] admits everything (the model device); [`Subset::RTL`] is what the RTL
//! device `texcore_sampler` runs. [`crate::SimulatedFpga::set_subset`] makes the simulated
//! device answer like a build with a given subset.

use texcore::descriptor::{Filter, Format, Layout, SamplerHeader, TextureHeader, TextureType, WrapMode};
use texcore::handle::{checked_sampler, checked_view, Bindings, Invalid};
use texcore::op::sample::TexOp;

use crate::op::Op;
use crate::protocol::op;

/// A sampling subset: bit sets over the descriptor fields (bit `k` = the value whose code
/// is `k`: [`TextureType`] `as u8`, [`Format::code`], [`Layout`], [`WrapMode`],
/// [`texcore::descriptor::MipFilter`], [`Filter`] `as u8`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Subset {
    /// Op codes governed by the subset (bit = op code − [`GOVERNED_BASE`]); others are
    /// admitted whatever their descriptors.
    pub ops: u32,
    /// NVIDIA op codes governed by the subset (bit = op code, codes below
    /// [`NV_GOVERNED_END`]: `NV_TLD4S` 0x02, `NV_TMML` 0x03); others are admitted whatever
    /// their descriptors.
    pub nv_ops: u16,
    /// Texture types.
    pub types: u16,
    /// Formats of the filtered ops (`SAMPLE_L`, …).
    pub formats: u128,
    /// Formats of the compare and gather ops (`SAMPLE_C`, `SAMPLE_C_LZ`, the shadow
    /// `TEX`-family forms, `GATHER4`): the
    /// depth formats are sampled only through a compare or a gather.
    pub compare_formats: u128,
    /// sRGB views admitted (with their format in [`Subset::formats`]).
    pub srgb: bool,
    /// Layouts.
    pub layouts: u8,
    /// Wrap modes, on each axis the view's type uses.
    pub wraps: u8,
    /// Mag and min filters.
    pub filters: u8,
    /// Mip filters.
    pub mips: u8,
    /// The mag filter must equal the min filter.
    pub mag_eq_min: bool,
    /// Largest `max_anisotropy_log2`.
    pub max_aniso_log2: u8,
    /// NVIDIA `TLD4S.F16` (the binary16 result packing) admitted.
    pub f16: bool,
}

/// The op code of bit 0 of [`Subset::ops`] (the TGSI sampling ops are `0x30` … `0x3E`).
pub const GOVERNED_BASE: u8 = 0x30;

/// The NVIDIA op codes lie below `GOVERNED_BASE` (`NV_TXQ` 0x01 … `NV_TMML` 0x03): bit `c` of
/// [`Subset::nv_ops`] governs op code `c` for `c` below this bound.
pub const NV_GOVERNED_END: u8 = 0x10;

const fn bit8(k: u8) -> u8 {
    1 << k
}

impl Subset {
    /// Everything (the model).
    pub const ALL: Subset = Subset {
        ops: 0,
        nv_ops: 0,
        types: u16::MAX,
        formats: u128::MAX,
        compare_formats: u128::MAX,
        srgb: true,
        layouts: u8::MAX,
        wraps: u8::MAX,
        filters: u8::MAX,
        mips: u8::MAX,
        mag_eq_min: false,
        max_aniso_log2: u8::MAX,
        f16: true,
    };

    /// The RTL device `texcore_sampler`: TGSI `SAMPLE_L` (explicit LOD), `SAMPLE` (the quad's
    /// implicit derivatives), `SAMPLE_B` (with the shader bias) and `SAMPLE_D` (explicit
    /// derivatives), `TEX`, `TXB`, `TXL`, `TXD`, `TXP` and their shadow forms,
    /// `SAMPLE_C`, `SAMPLE_C_LZ` and
    /// `GATHER4` on 2D, 2D array and 2D no-mipmap views, pitch-linear or 4×4 tiled,
    /// `RGBA8_UNORM` / `BGRA8_UNORM` / `R8_UNORM` / `RG8_UNORM` (not sRGB; the compare ops and
    /// `GATHER4` also `Z16_UNORM`, `X8Z24_UNORM`, `Z24S8_UNORM`, `Z32_FLOAT`), mip filter none,
    /// nearest or linear (the explicit LOD or the derivatives through the LOD unit: base
    /// level, level count, bias and clamps; `SAMPLE_C` and the shadow forms by the LOD of
    /// their non-shadow form, `SAMPLE_C_LZ` at λ_base = 0, `GATHER4` at the base
    /// level), the same nearest or linear
    /// mag and min filter, all five wrap modes (border colour included), no anisotropy. Its constants
    /// are generated into `texcore_regs.vh` (`TXC_SUBSET_*`), which the device's check reads.
    /// Of the NVIDIA ops it governs `NV_TMML` (`CAPS` 7: the LOD of the same views and
    /// samplers through the same LOD unit; the rule of step 5 with [`Subset::formats`]) and
    /// `NV_TLD4S` (`CAPS` 6: `GATHER4`'s views, samplers and [`Subset::compare_formats`]
    /// through the same gather path, on the view and sampler its handle resolves to), with
    /// `.F16` in both rounding modes (`texcore_f32_to_f16`: `f16` true).
    pub const RTL: Subset = Subset {
        ops: 1 << (op::TGSI_SAMPLE_L - GOVERNED_BASE)
            | 1 << (op::TGSI_SAMPLE - GOVERNED_BASE)
            | 1 << (op::TGSI_SAMPLE_B - GOVERNED_BASE)
            | 1 << (op::TGSI_SAMPLE_D - GOVERNED_BASE)
            | 1 << (op::TGSI_TEX - GOVERNED_BASE)
            | 1 << (op::TGSI_TXB - GOVERNED_BASE)
            | 1 << (op::TGSI_TXL - GOVERNED_BASE)
            | 1 << (op::TGSI_TXD - GOVERNED_BASE)
            | 1 << (op::TGSI_TXP - GOVERNED_BASE)
            | 1 << (op::TGSI_SAMPLE_C - GOVERNED_BASE)
            | 1 << (op::TGSI_SAMPLE_C_LZ - GOVERNED_BASE)
            | 1 << (op::TGSI_GATHER4 - GOVERNED_BASE),
        nv_ops: 1 << op::NV_TMML | 1 << op::NV_TLD4S,
        types: 1 << TextureType::TwoD as u8 | 1 << TextureType::TwoDArray as u8 | 1 << TextureType::TwoDNoMipmap as u8,
        formats: (1 << Format::RGBA8_UNORM.code())
            | (1 << Format::BGRA8_UNORM.code())
            | (1 << Format::R8_UNORM.code())
            | (1 << Format::RG8_UNORM.code()),
        compare_formats: (1 << Format::RGBA8_UNORM.code())
            | (1 << Format::BGRA8_UNORM.code())
            | (1 << Format::R8_UNORM.code())
            | (1 << Format::RG8_UNORM.code())
            | (1 << Format::Z16_UNORM.code())
            | (1 << Format::X8Z24_UNORM.code())
            | (1 << Format::Z24S8_UNORM.code())
            | (1 << Format::Z32_FLOAT.code()),
        srgb: false,
        layouts: bit8(Layout::PitchLinear as u8) | bit8(Layout::Tiled4x4 as u8),
        wraps: bit8(WrapMode::Repeat as u8)
            | bit8(WrapMode::MirroredRepeat as u8)
            | bit8(WrapMode::ClampToEdge as u8)
            | bit8(WrapMode::ClampToBorder as u8)
            | bit8(WrapMode::MirrorClampToEdge as u8),
        filters: bit8(Filter::Nearest as u8) | bit8(Filter::Linear as u8),
        mips: bit8(texcore::descriptor::MipFilter::None as u8)
            | bit8(texcore::descriptor::MipFilter::Nearest as u8)
            | bit8(texcore::descriptor::MipFilter::Linear as u8),
        mag_eq_min: true,
        max_aniso_log2: 0,
        f16: true,
    };

    /// Whether the subset governs op code `code`.
    pub const fn governs(&self, code: u8) -> bool {
        if code < NV_GOVERNED_END {
            return self.nv_ops >> code & 1 == 1;
        }
        match code.checked_sub(GOVERNED_BASE) {
            Some(k) if k < 32 => self.ops >> k & 1 == 1,
            _ => false,
        }
    }

    /// Whether a device with this subset runs `op` with the decoded `view` and `sampler`
    /// (see the module docs for the order of the decisions); `false` means the device
    /// answers `ERR_UNSUPPORTED`.
    pub fn admits(
        &self,
        op: &Op,
        view: Result<&TextureHeader, Invalid>,
        sampler: Result<&SamplerHeader, Invalid>,
    ) -> bool {
        if !self.governs(op.code()) {
            return true;
        }
        if let Op::NvTmml { desc, .. } = *op {
            let (Ok(h), Ok(s)) = (checked_view(view), checked_sampler(sampler)) else { return true };
            if !texcore::op::tmml::desc_matches(desc, h.ty) || h.ty == TextureType::OneDBuffer || h.samples() > 1 {
                return true;
            }
            return self.fields(self.formats, h, s);
        }
        if let Op::TgsiGather4 { .. } = op {
            return self.admits_gather(op, view, sampler);
        }
        if let Op::NvTld4s { mods, .. } = *op {
            return self.admits_tld4s(mods, view, sampler);
        }
        let Some(offset) = sample_offset(op) else {
            // A governed op this predicate has no rule for: not run.
            return false;
        };
        if offset.iter().any(|o| !(-8..=7).contains(o)) {
            return true;
        }
        if matches!(*op, Op::TgsiTex { op: TexOp::Txd, grads: None, .. }) {
            return true;
        }
        if let Op::TgsiTex { op: TexOp::Txp, .. } = *op {
            // TXP on a valid array view: the core's TextureType rejection, whatever the
            // sampler (before the rest)
            if checked_view(view).is_ok_and(|h| h.ty.is_array()) {
                return true;
            }
        }
        if let Op::TgsiTex { op: t, shadow, src1: None, .. } = *op {
            // a valid view whose form reads src1: the core's TextureType rejection, whatever
            // the sampler
            if checked_view(view).is_ok_and(|h| tex_reads_src1(t, shadow, h.ty)) {
                return true;
            }
        }
        let (Ok(h), Ok(s)) = (checked_view(view), checked_sampler(sampler)) else { return true };
        if h.ty == TextureType::OneDBuffer || h.samples() > 1 {
            return true;
        }
        // A compare on an integer format: the core's `Compare` rejection.
        let compare = is_compare(op);
        if compare && texcore::texel::domains(h.format, h.srgb)[0].is_integer() {
            return true;
        }
        let formats = if compare { self.compare_formats } else { self.formats };
        self.fields(formats, h, s)
    }

    /// [`Subset::admits`] for TGSI `GATHER4`, in the core's order
    /// ([`texcore::op::gather::gather4`]): a component above 3 and offsets outside
    /// −32 … +31 are its rejections, an unbound view or sampler its zeros, a type other than
    /// 2D / 2D array / 2D no-mipmap / cube / cube array, a multisample view, offsets on a
    /// cube and a compare on an integer format its rejections (all admitted); otherwise the
    /// fields, with [`Subset::compare_formats`].
    fn admits_gather(
        &self,
        op: &Op,
        view: Result<&TextureHeader, Invalid>,
        sampler: Result<&SamplerHeader, Invalid>,
    ) -> bool {
        let Op::TgsiGather4 { component, offset, reference, .. } = *op else { return false };
        if component > 3 || offset.iter().any(|o| !(-32..=31).contains(o)) {
            return true;
        }
        let (Ok(h), Ok(s)) = (checked_view(view), checked_sampler(sampler)) else { return true };
        let gatherable = matches!(
            h.ty,
            TextureType::TwoD
                | TextureType::TwoDArray
                | TextureType::TwoDNoMipmap
                | TextureType::Cube
                | TextureType::CubeArray
        ) && h.samples() <= 1;
        if !gatherable
            || (h.ty.is_cube() && offset != [0, 0])
            || (reference.is_some() && texcore::texel::domains(h.format, h.srgb)[0].is_integer())
        {
            return true;
        }
        self.fields(self.compare_formats, h, s)
    }

    /// [`Subset::admits`] for NVIDIA `TLD4S`, in the core's order
    /// ([`texcore::op::gather::tld4s`]) on the view and sampler its handle resolves to
    /// ([`handle_descriptors`]): a component above 3 is its rejection, an unresolved handle
    /// its zeros, `.AOFFI` on a cube and `.DC` on a 3D view its rejections, a type other than
    /// 2D / 2D array / 2D no-mipmap or a multisample view its zeros, `.DC` on an integer
    /// format its rejection (all admitted); otherwise `.F16` needs [`Subset::f16`], and the
    /// fields with [`Subset::compare_formats`].
    fn admits_tld4s(
        &self,
        mods: texcore::op::gather::Tld4sMods,
        view: Result<&TextureHeader, Invalid>,
        sampler: Result<&SamplerHeader, Invalid>,
    ) -> bool {
        if mods.comp > 3 {
            return true;
        }
        let (Ok(h), Ok(s)) = (view, sampler) else { return true };
        if (mods.aoffi && h.ty.is_cube())
            || (mods.dc && h.ty == TextureType::ThreeD)
            || !matches!(h.ty, TextureType::TwoD | TextureType::TwoDArray | TextureType::TwoDNoMipmap)
            || h.samples() > 1
            || (mods.dc && texcore::texel::domains(h.format, h.srgb)[0].is_integer())
        {
            return true;
        }
        (self.f16 || mods.f16.is_none()) && self.fields(self.compare_formats, h, s)
    }

    /// Step 6 of [`Subset::admits`]: the view's and sampler's fields, with the format set
    /// `formats`.
    fn fields(&self, formats: u128, h: &TextureHeader, s: &SamplerHeader) -> bool {
        let has = |set: u128, k: u32| set.checked_shr(k).is_some_and(|v| v & 1 == 1);
        let axes = match h.ty {
            TextureType::OneD | TextureType::OneDArray => 1,
            TextureType::ThreeD | TextureType::Cube | TextureType::CubeArray => 3,
            _ => 2,
        };
        has(self.types.into(), h.ty as u32)
            && has(formats, h.format.code().into())
            && (self.srgb || !h.srgb)
            && has(self.layouts.into(), h.layout as u32)
            && s.wrap.iter().take(axes).all(|w| has(self.wraps.into(), *w as u32))
            && has(self.filters.into(), s.mag_filter as u32)
            && has(self.filters.into(), s.min_filter as u32)
            && (!self.mag_eq_min || s.mag_filter == s.min_filter)
            && has(self.mips.into(), s.mip_filter as u32)
            && s.max_anisotropy_log2 <= self.max_aniso_log2
    }
}

/// Whether a TGSI `TEX`-family form reads `src1.x` on a view of type `ty`
/// ([`texcore::op::sample::tex_family`]): the shadow reference of a cube array, and `TXB`'s
/// bias / `TXL`'s LOD where `w` holds a coordinate (cube array) or the shadow reference (2D
/// array, cube).
fn tex_reads_src1(op: TexOp, shadow: bool, ty: TextureType) -> bool {
    let w_taken = ty == TextureType::CubeArray || (shadow && matches!(ty, TextureType::TwoDArray | TextureType::Cube));
    (shadow && ty == TextureType::CubeArray) || (matches!(op, TexOp::Txb | TexOp::Txl) && w_taken)
}

/// The texel offsets of a TGSI `SAMPLE`-family op (range −8 … +7), none (zeros) for the
/// `TEX` family; `None` for other ops.
fn sample_offset(op: &Op) -> Option<[i32; 3]> {
    match *op {
        Op::TgsiTex { .. } => Some([0; 3]),
        Op::TgsiSample { offset, .. }
        | Op::TgsiSampleB { offset, .. }
        | Op::TgsiSampleL { offset, .. }
        | Op::TgsiSampleD { offset, .. }
        | Op::TgsiSampleC { offset, .. }
        | Op::TgsiSampleCLz { offset, .. } => Some(offset),
        _ => None,
    }
}

/// Whether `op` is a depth-compare op (its formats are [`Subset::compare_formats`]):
/// `SAMPLE_C`, `SAMPLE_C_LZ` and the shadow `TEX`-family forms.
fn is_compare(op: &Op) -> bool {
    matches!(op, Op::TgsiSampleC { .. } | Op::TgsiSampleCLz { .. } | Op::TgsiTex { shadow: true, .. })
}

/// The view and sampler pointers of a TGSI `SAMPLE`-family or `TEX`-family op, or of
/// `GATHER4`.
pub fn sample_pointers(op: &Op) -> Option<(u32, u32)> {
    match *op {
        Op::TgsiTex { view, sampler, .. } => Some((view, sampler)),
        Op::TgsiSample { view, sampler, .. }
        | Op::TgsiSampleB { view, sampler, .. }
        | Op::TgsiSampleL { view, sampler, .. }
        | Op::TgsiSampleD { view, sampler, .. }
        | Op::TgsiSampleC { view, sampler, .. }
        | Op::TgsiSampleCLz { view, sampler, .. }
        | Op::TgsiGather4 { view, sampler, .. } => Some((view, sampler)),
        _ => None,
    }
}

/// The view and sampler an NVIDIA `TMML.LOD` or `TLD4S` names: its handle source resolved
/// through `bindings` (the device's pools, constant bank and binding mode), as
/// [`Subset::admits`] takes them (an unresolved texture is `Err` for both); `None` for every
/// other op.
pub fn handle_descriptors(
    op: &Op,
    bindings: &Bindings<'_>,
) -> Option<(Result<TextureHeader, Invalid>, Result<SamplerHeader, Invalid>)> {
    match *op {
        Op::NvTmml { source, .. } | Op::NvTld4s { source, .. } => Some(match bindings.resolve(source) {
            Ok(r) => (Ok(r.header), Ok(r.sampler)),
            Err(e) => (Err(e), Err(e)),
        }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use texcore::descriptor::{MipFilter, MsMode, Swizzle};

    fn view() -> TextureHeader {
        TextureHeader {
            ty: TextureType::TwoD,
            format: Format::RGBA8_UNORM,
            srgb: false,
            layout: Layout::PitchLinear,
            ms_mode: MsMode::Mode1x1,
            swizzle: Swizzle::IDENTITY,
            base_address: 0,
            width: 16,
            height: 8,
            depth: 1,
            levels: 1,
            base_level: 0,
            quilt_width: 0,
            quilt_height: 0,
            row_pitch: 64,
        }
    }

    fn sampler() -> SamplerHeader {
        SamplerHeader {
            wrap: [WrapMode::Repeat, WrapMode::ClampToEdge, WrapMode::MirroredRepeat],
            mag_filter: Filter::Linear,
            min_filter: Filter::Linear,
            mip_filter: MipFilter::None,
            ..SamplerHeader::default()
        }
    }

    fn sample_l(offset: [i32; 3]) -> Op {
        Op::TgsiSampleL { view: 0, sampler: 0, address: [[0; 4]; 4], offset, lod: [0; 4] }
    }

    #[test]
    fn the_rtl_subset_takes_sample_l_on_2d_unorm8_views_with_every_wrap_mode() {
        let (h, s) = (view(), sampler());
        let r = Subset::RTL;
        assert!(r.admits(&sample_l([0; 3]), Ok(&h), Ok(&s)));
        // The third axis is not one of a 2D view's: its wrap mode does not count.
        assert!(r.admits(&sample_l([-8, 7, 0]), Ok(&h), Ok(&s)));
        for v in [
            TextureHeader { format: Format::BGRA8_UNORM, ..h },
            TextureHeader { format: Format::R8_UNORM, ..h },
            TextureHeader { format: Format::RG8_UNORM, ..h },
            TextureHeader { layout: Layout::Tiled4x4, row_pitch: 0, ..h },
            TextureHeader { ty: TextureType::TwoDArray, depth: 3, ..h },
            TextureHeader { ty: TextureType::TwoDNoMipmap, depth: 2, ..h },
        ] {
            assert!(r.admits(&sample_l([0; 3]), Ok(&v), Ok(&s)), "{v:?}");
        }
        let nearest = SamplerHeader { mag_filter: Filter::Nearest, min_filter: Filter::Nearest, ..s };
        assert!(r.admits(&sample_l([0; 3]), Ok(&h), Ok(&nearest)));
        for mip_filter in [MipFilter::Nearest, MipFilter::Linear] {
            assert!(r.admits(&sample_l([0; 3]), Ok(&h), Ok(&SamplerHeader { mip_filter, ..s })));
        }
        for ws in WrapMode::ALL {
            for wt in WrapMode::ALL {
                let w = SamplerHeader { wrap: [ws, wt, WrapMode::Repeat], ..s };
                assert!(r.admits(&sample_l([0; 3]), Ok(&h), Ok(&w)), "{ws:?} {wt:?}");
            }
        }
    }

    #[test]
    fn the_rtl_subset_refuses_each_field_outside_it() {
        let (h, s) = (view(), sampler());
        let r = Subset::RTL;
        let op = sample_l([0; 3]);
        let views = [
            TextureHeader { srgb: true, ..h },
            TextureHeader { format: Format::RGBA16_FLOAT, row_pitch: 128, ..h },
            TextureHeader { format: Format::R8_SNORM, ..h },
            TextureHeader { ty: TextureType::ThreeD, ..h },
            TextureHeader { ty: TextureType::OneDArray, height: 1, ..h },
        ];
        for v in &views {
            assert!(!r.admits(&op, Ok(v), Ok(&s)), "{v:?}");
        }
        let samplers =
            [SamplerHeader { min_filter: Filter::Nearest, ..s }, SamplerHeader { max_anisotropy_log2: 1, ..s }];
        for t in &samplers {
            assert!(!r.admits(&op, Ok(&h), Ok(t)), "{t:?}");
        }
    }

    fn sample_c_lz(offset: [i32; 3]) -> Op {
        Op::TgsiSampleCLz { view: 0, sampler: 0, address: [[0; 4]; 4], offset, reference: [0; 4] }
    }

    #[test]
    fn the_rtl_subset_takes_sample_c_lz_on_depth_and_unorm8_views_and_sample_l_no_depth() {
        let (h, s) = (view(), sampler());
        let r = Subset::RTL;
        for format in [
            Format::Z16_UNORM,
            Format::X8Z24_UNORM,
            Format::Z24S8_UNORM,
            Format::Z32_FLOAT,
            Format::RGBA8_UNORM,
            Format::R8_UNORM,
        ] {
            let v = TextureHeader { format, ..h };
            assert!(r.admits(&sample_c_lz([0; 3]), Ok(&v), Ok(&s)), "{format:?}");
            let depth = format.code() >= Format::Z16_UNORM.code();
            assert_eq!(r.admits(&sample_l([0; 3]), Ok(&v), Ok(&s)), !depth, "{format:?}");
        }
        for v in [
            TextureHeader { format: Format::RGBA16_FLOAT, row_pitch: 128, ..h },
            TextureHeader { format: Format::R8_SNORM, ..h },
        ] {
            assert!(!r.admits(&sample_c_lz([0; 3]), Ok(&v), Ok(&s)), "{v:?}");
        }
        // An integer format: the core's Compare rejection, admitted.
        assert!(r.admits(&sample_c_lz([0; 3]), Ok(&TextureHeader { format: Format::R32_UINT, ..h }), Ok(&s)));
        assert!(!r.admits(&sample_l([0; 3]), Ok(&TextureHeader { format: Format::R32_UINT, ..h }), Ok(&s)));
        assert!(!r.admits(&sample_c_lz([0; 3]), Ok(&TextureHeader { ty: TextureType::ThreeD, ..h }), Ok(&s)));
        assert!(r.governs(op::TGSI_SAMPLE_C_LZ));
    }

    fn gather4(component: u8, offset: [i32; 2], reference: Option<[u32; 4]>) -> Op {
        Op::TgsiGather4 { view: 0, sampler: 0, address: [[0; 4]; 4], component, offset, reference }
    }

    #[test]
    fn the_rtl_subset_takes_gather4_on_depth_and_unorm8_views_and_admits_its_rejections() {
        let (h, s) = (view(), sampler());
        let r = Subset::RTL;
        assert!(r.governs(op::TGSI_GATHER4));
        for format in [Format::Z16_UNORM, Format::Z32_FLOAT, Format::BGRA8_UNORM, Format::RG8_UNORM] {
            let v = TextureHeader { format, ..h };
            assert!(r.admits(&gather4(2, [-32, 31], None), Ok(&v), Ok(&s)), "{format:?}");
            assert!(r.admits(&gather4(0, [0, 0], Some([0; 4])), Ok(&v), Ok(&s)), "{format:?}");
        }
        let half = TextureHeader { format: Format::RGBA16_FLOAT, row_pitch: 128, ..h };
        assert!(!r.admits(&gather4(0, [0, 0], None), Ok(&half), Ok(&s)));
        // The core's rejections: component, offsets, type, compare on an integer format.
        assert!(r.admits(&gather4(4, [0, 0], None), Ok(&half), Ok(&s)));
        assert!(r.admits(&gather4(0, [32, 0], None), Ok(&half), Ok(&s)));
        assert!(r.admits(&gather4(0, [0, 0], None), Ok(&TextureHeader { ty: TextureType::ThreeD, ..h }), Ok(&s)));
        let uint = TextureHeader { format: Format::R32_UINT, ..h };
        assert!(r.admits(&gather4(0, [0, 0], Some([0; 4])), Ok(&uint), Ok(&s)));
        assert!(!r.admits(&gather4(0, [0, 0], None), Ok(&uint), Ok(&s)));
        // Cube maps are outside the subset, offsets on them the core's rejection.
        let cube = TextureHeader { ty: TextureType::Cube, height: 16, depth: 1, ..h };
        assert!(!r.admits(&gather4(0, [0, 0], None), Ok(&cube), Ok(&s)));
        assert!(r.admits(&gather4(0, [1, 0], None), Ok(&cube), Ok(&s)));
    }

    #[test]
    fn rejections_and_zeros_of_the_core_are_admitted() {
        let (h, s) = (view(), sampler());
        let r = Subset::RTL;
        let srgb = TextureHeader { srgb: true, ..h };
        // Offsets out of range: the core's rejection, whatever the descriptors.
        assert!(r.admits(&sample_l([8, 0, 0]), Ok(&srgb), Ok(&s)));
        assert!(r.admits(&sample_l([0, 0, -9]), Ok(&srgb), Ok(&s)));
        // Unbound view or sampler: zeros.
        assert!(r.admits(&sample_l([0; 3]), Err(Invalid::HeaderOutsidePool(0)), Ok(&s)));
        assert!(r.admits(&sample_l([0; 3]), Ok(&srgb), Err(Invalid::SamplerAboveMaximum(9))));
        // Buffers: the core's TextureType rejection.
        let buf = TextureHeader { ty: TextureType::OneDBuffer, ..h };
        assert!(r.admits(&sample_l([0; 3]), Ok(&buf), Ok(&s)));
    }

    #[test]
    fn ops_outside_the_governed_set_are_admitted_and_all_admits_everything() {
        let (h, s) = (TextureHeader { srgb: true, ..view() }, sampler());
        let txf = Op::TgsiTxf { view: 0, coord: [0; 4], offset: [0; 3] };
        assert!(Subset::RTL.admits(&txf, Ok(&h), Ok(&s)));
        assert!(Subset::ALL.admits(&sample_l([0; 3]), Ok(&h), Ok(&s)));
        assert!(Subset::RTL.governs(op::TGSI_SAMPLE_L));
        assert!(Subset::RTL.governs(op::TGSI_TXP));
        assert!(!Subset::RTL.governs(op::TGSI_TXF));
    }

    #[test]
    fn the_rtl_subset_takes_sample_c_like_sample_c_lz() {
        let (h, s) = (view(), sampler());
        let r = Subset::RTL;
        let sample_c =
            |offset| Op::TgsiSampleC { view: 0, sampler: 0, address: [[0; 4]; 4], offset, reference: [0; 4] };
        assert!(r.governs(op::TGSI_SAMPLE_C));
        for format in [Format::Z16_UNORM, Format::X8Z24_UNORM, Format::Z24S8_UNORM, Format::Z32_FLOAT, Format::R8_UNORM]
        {
            let v = TextureHeader { format, ..h };
            assert!(r.admits(&sample_c([0; 3]), Ok(&v), Ok(&s)), "{format:?}");
            assert_eq!(r.admits(&sample_c([0; 3]), Ok(&v), Ok(&s)), r.admits(&sample_c_lz([0; 3]), Ok(&v), Ok(&s)));
        }
        assert!(!r.admits(&sample_c([0; 3]), Ok(&TextureHeader { srgb: true, ..h }), Ok(&s)));
        assert!(!r.admits(&sample_c([0; 3]), Ok(&h), Ok(&SamplerHeader { max_anisotropy_log2: 1, ..s })));
        // the core's Compare rejection and offsets out of range: admitted
        assert!(r.admits(&sample_c([0; 3]), Ok(&TextureHeader { format: Format::R32_UINT, ..h }), Ok(&s)));
        assert!(r.admits(&sample_c([8, 0, 0]), Ok(&TextureHeader { srgb: true, ..h }), Ok(&s)));
    }

    #[test]
    fn the_rtl_subset_governs_the_tex_family_but_txp_and_takes_shadow_forms() {
        let (h, s) = (view(), sampler());
        let tex =
            |op, shadow, grads| Op::TgsiTex { op, shadow, view: 0, sampler: 0, src0: [[0; 4]; 4], src1: None, grads };
        let z16 = TextureHeader { format: Format::Z16_UNORM, ..h };
        let uint = TextureHeader { format: Format::R32_UINT, ..h };
        for t in [TexOp::Tex, TexOp::Txb, TexOp::Txl, TexOp::Txd, TexOp::Txp] {
            let op = tex(t, false, Some(Default::default()));
            assert!(Subset::RTL.governs(op.code()), "{t:?}");
            assert!(Subset::RTL.admits(&op, Ok(&h), Ok(&s)), "{t:?}");
            assert!(!Subset::RTL.admits(&op, Ok(&TextureHeader { srgb: true, ..h }), Ok(&s)), "{t:?}");
            assert!(!Subset::RTL.admits(&op, Ok(&z16), Ok(&s)), "{t:?}");
            // the shadow form: the compare formats
            let shadow = tex(t, true, Some(Default::default()));
            assert!(Subset::RTL.admits(&shadow, Ok(&h), Ok(&s)), "{t:?}");
            assert!(Subset::RTL.admits(&shadow, Ok(&z16), Ok(&s)), "{t:?}");
            assert!(!Subset::RTL.admits(&shadow, Ok(&TextureHeader { srgb: true, ..h }), Ok(&s)), "{t:?}");
            // an integer format: the core's Compare rejection
            assert!(Subset::RTL.admits(&shadow, Ok(&uint), Ok(&s)), "{t:?}");
            // unbound: the core's zeros, shadow or not
            assert!(Subset::RTL.admits(&shadow, Err(Invalid::HeaderOutsidePool(0)), Ok(&s)), "{t:?}");
        }
        // a form that reads an absent src1 on a valid view: the core's rejection, whatever
        // the sampler
        let arr = TextureHeader { ty: TextureType::TwoDArray, depth: 3, ..h };
        let cube_arr = TextureHeader { ty: TextureType::CubeArray, height: 16, depth: 6, ..h };
        let unbound = Err(Invalid::SamplerAboveMaximum(9));
        for t in [TexOp::Txb, TexOp::Txl] {
            assert!(Subset::RTL.admits(&tex(t, true, None), Ok(&arr), unbound), "{t:?}");
            assert!(Subset::RTL.admits(&tex(t, true, None), Ok(&TextureHeader { srgb: true, ..arr }), Ok(&s)));
            assert!(Subset::RTL.admits(&tex(t, false, None), Ok(&cube_arr), Ok(&s)), "{t:?}");
            // 2D without the src1: the bias / LOD in w
            assert!(Subset::RTL.admits(&tex(t, true, None), Ok(&h), Ok(&s)), "{t:?}");
            assert!(!Subset::RTL.admits(&tex(t, true, None), Ok(&TextureHeader { srgb: true, ..h }), Ok(&s)));
            assert!(!Subset::RTL.admits(&tex(t, false, None), Ok(&TextureHeader { srgb: true, ..arr }), Ok(&s)));
        }
        assert!(Subset::RTL.admits(&tex(TexOp::Tex, true, None), Ok(&cube_arr), unbound));
        assert!(Subset::RTL.admits(&tex(TexOp::Tex, true, None), Ok(&arr), Ok(&s)));
        // TXD without derivatives: the core's rejection, whatever the descriptors
        let txd = tex(TexOp::Txd, true, None);
        assert!(Subset::RTL.admits(&txd, Ok(&TextureHeader { srgb: true, ..h }), Ok(&s)));
        // TXP: on a valid array view the core's rejection, whatever the sampler; otherwise
        // as TEX
        for shadow in [false, true] {
            let txp = tex(TexOp::Txp, shadow, None);
            assert!(Subset::RTL.governs(op::TGSI_TXP));
            assert!(Subset::RTL.admits(&txp, Ok(&TextureHeader { srgb: true, ..arr }), Ok(&s)));
            assert!(Subset::RTL.admits(&txp, Ok(&TextureHeader { srgb: true, ..arr }), unbound));
            assert!(Subset::RTL.admits(&txp, Ok(&h), Ok(&s)));
            assert!(!Subset::RTL.admits(&txp, Ok(&TextureHeader { srgb: true, ..h }), Ok(&s)));
        }
    }

    #[test]
    fn nv_ops_govern_the_nvidia_codes_and_tmml_takes_the_descriptor_rule() {
        use texcore::handle::HandleSource;
        use texcore::op::tmml::CoordDesc;
        let (h, s) = (view(), sampler());
        let tmml = |desc| Op::NvTmml { source: HandleSource::Bindless(0), desc, ra: [[0; 4]; 4] };
        // Subset::RTL governs NV_TMML and NV_TLD4S; without nv_ops TMML is admitted on any view
        assert!(Subset::RTL.governs(op::NV_TMML));
        assert!(Subset::RTL.governs(op::NV_TLD4S));
        let srgb = TextureHeader { srgb: true, ..h };
        assert!(!Subset::RTL.admits(&tmml(CoordDesc::TwoD), Ok(&srgb), Ok(&s)));
        assert!(Subset { nv_ops: 0, ..Subset::RTL }.admits(&tmml(CoordDesc::TwoD), Ok(&srgb), Ok(&s)));
        let r = Subset::RTL;
        assert!(r.governs(op::NV_TMML));
        assert!(r.governs(op::NV_TLD4S));
        assert!(!r.governs(op::NV_TXQ));
        // the TGSI codes keep their own set
        assert!(r.governs(op::TGSI_SAMPLE_L));
        assert!(!Subset { ops: 0, ..r }.governs(op::TGSI_SAMPLE_L));
        assert!(!Subset { ops: u32::MAX, ..Subset::ALL }.governs(op::NV_TMML));
        // 2D descriptions on the 2D family: the descriptor rule
        for v in [h, TextureHeader { ty: TextureType::TwoDArray, depth: 3, ..h }] {
            for d in [CoordDesc::TwoD, CoordDesc::Array2D] {
                assert!(r.admits(&tmml(d), Ok(&v), Ok(&s)), "{d:?} {v:?}");
                assert!(!r.admits(&tmml(d), Ok(&TextureHeader { srgb: true, ..v }), Ok(&s)), "{d:?}");
                let aniso = SamplerHeader { max_anisotropy_log2: 1, ..s };
                assert!(!r.admits(&tmml(d), Ok(&v), Ok(&aniso)), "{d:?}");
            }
        }
        // a 3D view is outside the subset; with a non-3D description it is the core's zeros
        let three = TextureHeader { ty: TextureType::ThreeD, depth: 4, ..h };
        assert!(!r.admits(&tmml(CoordDesc::ThreeD), Ok(&three), Ok(&s)));
        assert!(r.admits(&tmml(CoordDesc::TwoD), Ok(&three), Ok(&s)));
        // a class mismatch, an unresolved texture, a buffer: the core's zeros
        assert!(r.admits(&tmml(CoordDesc::OneD), Ok(&srgb), Ok(&s)));
        assert!(r.admits(&tmml(CoordDesc::TwoD), Err(Invalid::HeaderOutsidePool(0)), Ok(&s)));
        assert!(r.admits(&tmml(CoordDesc::TwoD), Ok(&srgb), Err(Invalid::SamplerAboveMaximum(9))));
        let buf = TextureHeader { ty: TextureType::OneDBuffer, ..h };
        for d in CoordDesc::ALL {
            assert!(r.admits(&tmml(d), Ok(&buf), Ok(&s)), "{d:?}");
        }
    }

    #[test]
    fn tld4s_takes_the_gather_rule_in_the_core_order_with_f16_in_both_modes() {
        use texcore::fp::F16Rounding;
        use texcore::handle::HandleSource;
        use texcore::op::gather::{Tld4sMods, Tld4sOperands};
        let (h, s) = (view(), sampler());
        let op = |comp, aoffi, dc, f16| Op::NvTld4s {
            source: HandleSource::Bindless(0),
            mods: Tld4sMods { comp, aoffi, dc, f16 },
            operands: Tld4sOperands { s: 0, t: 0, toff: 0, dc: 0 },
        };
        let r = Subset::RTL;
        let z16 = TextureHeader { format: Format::Z16_UNORM, ..h };
        let srgb = TextureHeader { srgb: true, ..h };
        for v in [h, z16, TextureHeader { ty: TextureType::TwoDArray, depth: 3, ..h }] {
            assert!(r.admits(&op(0, true, true, None), Ok(&v), Ok(&s)), "{v:?}");
            assert!(r.admits(&op(3, false, false, None), Ok(&v), Ok(&s)), "{v:?}");
            // .F16 in both rounding modes; a subset without `f16` refuses it
            for m in [F16Rounding::NearestEven, F16Rounding::TowardZero] {
                assert!(r.admits(&op(0, false, false, Some(m)), Ok(&v), Ok(&s)));
                assert!(r.admits(&op(1, false, true, Some(m)), Ok(&v), Ok(&s)));
                let no_f16 = Subset { f16: false, ..Subset::RTL };
                assert!(!no_f16.admits(&op(0, false, false, Some(m)), Ok(&v), Ok(&s)));
                assert!(no_f16.admits(&op(0, false, false, None), Ok(&v), Ok(&s)));
            }
        }
        assert!(!r.admits(&op(0, false, false, None), Ok(&srgb), Ok(&s)));
        let aniso = SamplerHeader { max_anisotropy_log2: 1, ..s };
        assert!(!r.admits(&op(0, false, true, None), Ok(&h), Ok(&aniso)));
        // the core's rejections and zeros first: component, unresolved, AOFFI on a cube, DC
        // on 3D, other types, DC on an integer format
        assert!(r.admits(&op(4, false, false, Some(F16Rounding::NearestEven)), Ok(&srgb), Ok(&s)));
        assert!(r.admits(
            &op(0, false, false, None),
            Err(Invalid::HeaderOutsidePool(0)),
            Err(Invalid::HeaderOutsidePool(0))
        ));
        let cube = TextureHeader { ty: TextureType::Cube, height: 16, depth: 1, ..h };
        assert!(r.admits(&op(0, true, false, None), Ok(&cube), Ok(&s)));
        assert!(r.admits(&op(0, false, false, None), Ok(&cube), Ok(&s)));
        let three = TextureHeader { ty: TextureType::ThreeD, depth: 4, ..h };
        assert!(r.admits(&op(0, false, true, None), Ok(&three), Ok(&s)));
        let uint = TextureHeader { format: Format::R32_UINT, ..h };
        assert!(r.admits(&op(0, false, true, None), Ok(&uint), Ok(&s)));
        assert!(!r.admits(&op(0, false, false, None), Ok(&uint), Ok(&s)));
    }

    #[test]
    fn the_rtl_subset_governs_the_derivative_sample_ops_like_sample_l() {
        let (h, s) = (view(), sampler());
        let address = [[0; 4]; 4];
        let ops = [
            Op::TgsiSample { view: 0, sampler: 0, address, offset: [0; 3] },
            Op::TgsiSampleB { view: 0, sampler: 0, address, offset: [0; 3], bias: [0; 4] },
            Op::TgsiSampleD { view: 0, sampler: 0, address, offset: [0; 3], grads: Default::default() },
        ];
        for op in &ops {
            assert!(Subset::RTL.governs(op.code()), "{op:?}");
            assert!(Subset::RTL.admits(op, Ok(&h), Ok(&s)), "{op:?}");
            assert!(!Subset::RTL.admits(op, Ok(&TextureHeader { srgb: true, ..h }), Ok(&s)), "{op:?}");
            let aniso = SamplerHeader { max_anisotropy_log2: 1, ..s };
            assert!(!Subset::RTL.admits(op, Ok(&h), Ok(&aniso)), "{op:?}");
        }
    }
}
