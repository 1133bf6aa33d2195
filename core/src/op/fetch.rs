//! Texel fetch: TGSI `TXF`, `SAMPLE_I`, `SAMPLE_I_MS` (Gallium TGSI).
//!
//! No sampler, no wrap, no filter: integer coordinates address one texel of one level.
//!
//! ## Address operand (`SAMPLE_I`'s table; TXF uses the same components)
//!
//! | view type | x | y | z | w |
//! |---|---|---|---|---|
//! | buffer | element | ignored | ignored | ignored |
//! | 1D | x | ignored | ignored | level |
//! | 1D array | x | layer | ignored | level |
//! | 2D | x | y | ignored | level |
//! | 2D_NO_MIPMAP | x | y | layer (its depth slices) | level |
//! | 2D array | x | y | layer | level |
//! | 3D | x | y | z | level |
//! | cube, cube array | — not allowed: [`FetchError::Cube`] | | | |
//!
//! `level` is relative to the view's `base_level`. **Out of range** — a used component
//! negative (TXF) or ≥ the size of its axis, the level ≥ the view's level count, the layer ≥
//! the layer count, the sample ≥ the sample count, or the texel's bytes outside the texel
//! memory — returns **0 in every component** (TGSI's SAMPLE_I rule, applied to TXF as
//! well), with no swizzle applied. An invalid or unbound view returns zeros too.
//!
//! In range, the result is the texel converted exactly ([`crate::output::component_to_bits`])
//! after the Gallium component table, then the view's swizzle.
//!
//! * `TXF` coordinates are signed; the offset (`src1`, each component −8 … +7, else
//!   [`FetchError::OffsetRange`]) is added to the spatial axes only (x; y for 2D/3D; z for
//!   3D) — never to an array layer — before the range check.
//! * `SAMPLE_I` coordinates are unsigned. On a multisample view it reads sample 0.
//! * `SAMPLE_I_MS` reads sample `sample`.

use super::read_texel;
use super::rgba8::Rgba8Level0;
use crate::descriptor::{TextureHeader, TextureType};
use crate::handle::{checked_view, Invalid};
use crate::memory::{TexelCoord, TexelMemory};
use crate::output::{is_identity, swizzle, texel_to_bits};
use crate::texel::domains;

/// A fetch the source documents do not allow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum FetchError {
    /// Cube and cube-array views cannot be fetched ("not allowed as source").
    Cube,
    /// A TXF offset component outside −8 … +7 (the component index).
    OffsetRange(u8),
}

/// Maps an address operand (already offset) to a texel coordinate; `None` = out of range.
fn coord(h: &TextureHeader, a: [i64; 4], sample: u32) -> Result<Option<TexelCoord>, FetchError> {
    use TextureType as T;
    if h.ty.is_cube() {
        return Err(FetchError::Cube);
    }
    let [x, y, z, level] = a;
    let u = |v: i64| u32::try_from(v).ok();
    let lvl = match u(level) {
        Some(l) if l < h.levels => h.base_level + l,
        _ if h.ty == T::OneDBuffer => 0,
        _ => return Ok(None),
    };
    let c = |x: Option<u32>, y: Option<u32>, z: Option<u32>, layer: Option<u32>| -> Option<TexelCoord> {
        Some(TexelCoord { x: x?, y: y?, z: z?, layer: layer?, level: lvl, sample })
    };
    Ok(match h.ty {
        T::OneDBuffer | T::OneD => c(u(x), Some(0), Some(0), Some(0)),
        T::OneDArray => c(u(x), Some(0), Some(0), u(y)),
        T::TwoD => c(u(x), u(y), Some(0), Some(0)),
        T::TwoDNoMipmap | T::TwoDArray | T::Cube | T::CubeArray => c(u(x), u(y), Some(0), u(z)),
        T::ThreeD => c(u(x), u(y), u(z), Some(0)),
    })
}

/// A view bound for texel fetches (`TXF`, `SAMPLE_I`, `SAMPLE_I_MS`): validated once and,
/// for a 2D RGBA8/BGRA8 view, its level-0 word path (`Rgba8Level0`) prepared once — what
/// a texture unit keeps for the lanes of a warp that fetch from one view. Each method
/// returns what the free function of the same name returns on the same view (the free
/// functions bind the view for their one fetch; a property test runs both).
///
/// ```
/// use texcore::op::fetch::{sample_i, FetchBinding};
/// use texcore::{Format, TextureHeader, TextureType};
///
/// let h = TextureHeader::new(TextureType::TwoD, Format::RGBA8_UNORM, 2, 2, 1, 1);
/// let mem = [0u8, 0x80, 0xFF, 0x33, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
/// let view = FetchBinding::new(Ok(&h));
/// // Texel (0, 0): R = 0, G = 128/255, B = 1.0, A = 51/255 = 0.2 as binary32.
/// assert_eq!(view.sample_i(&mem[..], [0, 0, 0, 0]), Ok([0, 0x3F00_8081, 0x3F80_0000, 0x3E4C_CCCD]));
/// assert_eq!(view.sample_i(&mem[..], [1, 1, 0, 0]), sample_i(Ok(&h), &mem[..], [1, 1, 0, 0]));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct FetchBinding<'a> {
    view: Result<&'a TextureHeader, Invalid>,
    /// The word path of a 2D view whose level 0 it addresses; `None` elsewhere.
    level0: Option<Rgba8Level0>,
}

impl<'a> FetchBinding<'a> {
    /// Validates `view` and prepares the word path where it applies.
    #[inline]
    pub fn new(view: Result<&'a TextureHeader, Invalid>) -> Self {
        let view = checked_view(view);
        let level0 = match view {
            Ok(h) if h.ty == TextureType::TwoD => Rgba8Level0::of(h),
            _ => None,
        };
        FetchBinding { view, level0 }
    }

    /// The fetch of an address operand (already offset) at `sample`.
    #[inline]
    fn fetch<M: TexelMemory + ?Sized>(&self, mem: &M, a: [i64; 4], sample: u32) -> Result<[u32; 4], FetchError> {
        let Ok(h) = self.view else { return Ok([0; 4]) };
        if let (Some(p), [x, y, _, 0], 0) = (&self.level0, a, sample) {
            if let (Ok(x), Ok(y)) = (u32::try_from(x), u32::try_from(y)) {
                if let Some(r) = word_fetch(h, p, mem, x, y) {
                    return Ok(r);
                }
            }
        }
        fetch_general(h, mem, a, sample)
    }

    /// [`sample_i`] on the bound view.
    #[inline]
    pub fn sample_i<M: TexelMemory + ?Sized>(&self, mem: &M, address: [u32; 4]) -> Result<[u32; 4], FetchError> {
        let mut out = [0; 4];
        self.sample_i_into(mem, address, &mut out).map(|()| out)
    }

    /// [`sample_i`] on the bound view, written into `out` (zeros where it fails): the form
    /// of a firmware's lane loop, without the copies of a returned array.
    #[inline]
    pub fn sample_i_into<M: TexelMemory + ?Sized>(
        &self,
        mem: &M,
        address: [u32; 4],
        out: &mut [u32; 4],
    ) -> Result<(), FetchError> {
        let [x, y, z, level] = address;
        if let (Ok(h), Some(p), 0) = (self.view, &self.level0, level) {
            if let Some(word) = p.word(mem, x, y) {
                let words = p.words(word);
                *out = if is_identity(h.swizzle) { words } else { swizzle(words, h.swizzle, false) };
                return Ok(());
            }
        }
        let r = self.fetch(mem, [x.into(), y.into(), z.into(), level.into()], 0);
        *out = *r.as_ref().unwrap_or(&[0; 4]);
        r.map(|_| ())
    }

    /// [`sample_i_ms`] on the bound view.
    #[inline]
    pub fn sample_i_ms<M: TexelMemory + ?Sized>(
        &self,
        mem: &M,
        address: [u32; 4],
        sample: u32,
    ) -> Result<[u32; 4], FetchError> {
        self.fetch(mem, address.map(i64::from), sample)
    }

    /// [`txf`] on the bound view.
    pub fn txf<M: TexelMemory + ?Sized>(
        &self,
        mem: &M,
        coord: [i32; 4],
        offset: [i32; 3],
    ) -> Result<[u32; 4], FetchError> {
        self.fetch(mem, txf_address(self.view, coord, offset)?, 0)
    }
}

/// The address operand of `TXF` on `view`: `coord` with `offset` added to the spatial axes
/// of the view's type (as given: an invalid view fetches zeros whatever the address).
fn txf_address(
    view: Result<&TextureHeader, Invalid>,
    coord: [i32; 4],
    offset: [i32; 3],
) -> Result<[i64; 4], FetchError> {
    for (i, o) in offset.iter().enumerate() {
        if !(-8..=7).contains(o) {
            return Err(FetchError::OffsetRange(i as u8));
        }
    }
    let [x, y, z, l] = coord.map(i64::from);
    let [ox, oy, oz] = offset.map(i64::from);
    Ok(match view.map(|h| h.ty) {
        Ok(TextureType::OneD) | Ok(TextureType::OneDArray) | Ok(TextureType::OneDBuffer) => [x + ox, y, z, l],
        Ok(TextureType::ThreeD) => [x + ox, y + oy, z + oz, l],
        _ => [x + ox, y + oy, z, l],
    })
}

/// An in-range texel `(x, y)` of level 0 of a 2D view on the RGBA8 word path `p` (made by
/// [`Rgba8Level0::of`] from `h`): the converted, swizzled components; `None` (the general
/// path decides) outside the level or the memory.
#[inline(always)]
fn word_fetch<M: TexelMemory + ?Sized>(
    h: &TextureHeader,
    p: &Rgba8Level0,
    mem: &M,
    x: u32,
    y: u32,
) -> Option<[u32; 4]> {
    let word = p.word(mem, x, y)?;
    Some(swizzle(p.words(word), h.swizzle, false))
}

/// [`fetch`] of a validated header through the general stages.
fn fetch_general<M: TexelMemory + ?Sized>(
    h: &TextureHeader,
    mem: &M,
    a: [i64; 4],
    sample: u32,
) -> Result<[u32; 4], FetchError> {
    let Some(c) = coord(h, a, sample)? else { return Ok([0; 4]) };
    let Some(t) = read_texel(h, mem, &c) else { return Ok([0; 4]) };
    let d = domains(h.format, h.srgb);
    Ok(swizzle(texel_to_bits(d, t), h.swizzle, d[0].is_integer()))
}

/// [`word_fetch`] where its conditions hold (a 2D view's level 0, sample 0), `None` (the
/// general path decides) for anything else.
#[inline]
fn fetch_rgba8<M: TexelMemory + ?Sized>(h: &TextureHeader, mem: &M, a: [i64; 4], sample: u32) -> Option<[u32; 4]> {
    let [x, y, _, level] = a;
    if h.ty != TextureType::TwoD || level != 0 || sample != 0 {
        return None;
    }
    word_fetch(h, &Rgba8Level0::of(h)?, mem, u32::try_from(x).ok()?, u32::try_from(y).ok()?)
}

/// The fetch of one address of `view`: what [`FetchBinding`] returns for it, without
/// preparing the word path for a fetch that does not take it.
fn fetch<M: TexelMemory + ?Sized>(
    view: Result<&TextureHeader, Invalid>,
    mem: &M,
    a: [i64; 4],
    sample: u32,
) -> Result<[u32; 4], FetchError> {
    let Ok(h) = checked_view(view) else { return Ok([0; 4]) };
    if let Some(r) = fetch_rgba8(h, mem, a, sample) {
        return Ok(r);
    }
    fetch_general(h, mem, a, sample)
}

/// `TXF dst, src0, SAMP[n]` with `src1` offsets: `coord = (x, y, z, level)` signed.
pub fn txf<M: TexelMemory + ?Sized>(
    view: Result<&TextureHeader, Invalid>,
    mem: &M,
    coord: [i32; 4],
    offset: [i32; 3],
) -> Result<[u32; 4], FetchError> {
    fetch(view, mem, txf_address(view, coord, offset)?, 0)
}

/// `SAMPLE_I dst, address, SVIEW[n]`: `address = (x, y, z, level)` unsigned.
pub fn sample_i<M: TexelMemory + ?Sized>(
    view: Result<&TextureHeader, Invalid>,
    mem: &M,
    address: [u32; 4],
) -> Result<[u32; 4], FetchError> {
    let [x, y, z, level] = address;
    fetch(view, mem, [x.into(), y.into(), z.into(), level.into()], 0)
}

/// `SAMPLE_I_MS dst, address, SVIEW[n], sample`.
pub fn sample_i_ms<M: TexelMemory + ?Sized>(
    view: Result<&TextureHeader, Invalid>,
    mem: &M,
    address: [u32; 4],
    sample: u32,
) -> Result<[u32; 4], FetchError> {
    fetch(view, mem, address.map(i64::from), sample)
}

#[cfg(test)]
pub(crate) mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    extern crate std;
    use super::*;
    use crate::descriptor::{Format, Layout, MsMode, Swizzle, SwizzleSource};
    use proptest::prelude::*;
    use std::vec;
    use std::vec::Vec;

    /// Any of the six swizzle sources.
    pub(crate) fn swizzle_source() -> impl Strategy<Value = SwizzleSource> {
        (0u32..6).prop_map(|c| SwizzleSource::from_code(c).unwrap_or(SwizzleSource::R))
    }

    /// RGBA8-family 2D headers around the word path's conditions (and some just outside
    /// them: other formats, sRGB, tiling, base levels, pitches, addresses near 2^32).
    pub(crate) fn header() -> impl Strategy<Value = TextureHeader> {
        (
            prop::sample::select(vec![
                Format::RGBA8_UNORM,
                Format::BGRA8_UNORM,
                Format::RGBA8_UINT,
                Format::RGBA8_SNORM,
                Format::RG16_UNORM,
            ]),
            any::<bool>(),
            1u32..40,
            1u32..40,
            (0u32..3, 0u32..2),
            prop::sample::select(vec![0u32, 4, 160, 161, 1000]),
            prop::sample::select(vec![0u32, 4, 6, 0xFFFF_F000, 0xFFFF_FFF8]),
            (any::<bool>(), prop::sample::select(vec![TextureType::TwoD, TextureType::TwoDArray, TextureType::OneD])),
            prop::array::uniform4(swizzle_source()),
        )
            .prop_map(|(format, srgb, w, hh, (levels, base), pitch, base_address, (tiled, ty), sw)| {
                let hh = if ty == TextureType::OneD { 1 } else { hh };
                let mut h = TextureHeader::new(ty, format, w, hh, 1, levels.max(1));
                h.base_level = base;
                h.srgb = srgb;
                h.row_pitch = pitch;
                h.base_address = base_address;
                h.layout = if tiled { Layout::Tiled4x4 } else { Layout::PitchLinear };
                h.ms_mode = MsMode::Mode1x1;
                h.swizzle = Swizzle(sw);
                h
            })
    }

    proptest! {
        /// The RGBA8 word path returns what the general stages return, for every request it
        /// takes (and it takes the common one).
        #[test]
        fn rgba8_word_path_equals_the_general_path(
            h in header(),
            mem in prop::collection::vec(any::<u8>(), 0..8000),
            x in -3i64..45, y in -3i64..45, z in -1i64..3, level in -1i64..3, sample in 0u32..2,
        ) {
            prop_assume!(h.validate().is_ok());
            let a = [x, y, z, level];
            if let (Some(p), true, Ok(ux), Ok(uy)) =
                (Rgba8Level0::of(&h), h.ty == TextureType::TwoD, u32::try_from(x), u32::try_from(y))
            {
                if let Some(fast) = word_fetch(&h, &p, &mem[..], ux, uy) {
                    prop_assert_eq!(Ok(fast), fetch_general(&h, &mem[..], [x, y, 0, 0], 0));
                }
            }
            prop_assert_eq!(fetch(Ok(&h), &mem[..], a, sample), fetch_general(&h, &mem[..], a, sample));
            // The binding's per-lane forms agree with the general stages too.
            let view = FetchBinding::new(Ok(&h));
            prop_assert_eq!(view.fetch(&mem[..], a, sample), fetch_general(&h, &mem[..], a, sample));
            if let (Ok(ux), Ok(uy), Ok(uz), Ok(ul)) =
                (u32::try_from(x), u32::try_from(y), u32::try_from(z), u32::try_from(level))
            {
                let u = [ux, uy, uz, ul];
                prop_assert_eq!(view.sample_i(&mem[..], u), fetch_general(&h, &mem[..], a, 0));
                let mut out = [7; 4];
                let r = view.sample_i_into(&mem[..], u, &mut out);
                prop_assert_eq!(r.map(|()| out), fetch_general(&h, &mem[..], a, 0));
                if r.is_err() {
                    prop_assert_eq!(out, [0; 4]);
                }
                prop_assert_eq!(view.sample_i_ms(&mem[..], u, sample), fetch_general(&h, &mem[..], a, sample));
            }
        }
    }

    #[test]
    fn rgba8_word_path_takes_the_plain_2d_fetch() {
        let h = TextureHeader::new(TextureType::TwoD, Format::RGBA8_UNORM, 8, 8, 1, 4);
        let mem: Vec<u8> = (0..400u32).map(|i| (i * 37) as u8).collect();
        let p = Rgba8Level0::of(&h).expect("word path");
        for (x, y) in [(0, 0), (7, 7), (3, 5)] {
            let fast = word_fetch(&h, &p, &mem[..], x, y).expect("in range");
            assert_eq!(Ok(fast), fetch_general(&h, &mem[..], [x.into(), y.into(), 0, 0], 0));
        }
    }
}
