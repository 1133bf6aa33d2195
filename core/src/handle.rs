//! Handles and descriptor pools: how an instruction finds its texture and sampler headers
//! (NVIDIA SASS `TXQ`, `TLD4S`, `TMML`).
//!
//! * A **handle** is the 32-bit word `samplerPtr[31:20] | headerPtr[19:0]`.
//! * It comes either from the **constant bank** at word index `#tsPtrIdxU13`
//!   ([`HandleSource::ConstBank`]), where `tsPtrIdxU13 = {smpU05, tidU08}` for the legacy
//!   `#tidU08, #smpU05` form, or from a register in **bindless** `.B` mode
//!   ([`HandleSource::Bindless`]).
//! * In [`SamplerBinding::ViaHeaderBinding`] (OpenGL) mode the header pointer is used as the
//!   sampler pointer too and the handle's sampler field is ignored.
//! * A header pointer greater than the header pool's `MaximumIndex`, or a sampler pointer
//!   greater than the sampler pool's, makes the texture **invalid** (NVIDIA SASS `TXQ`:
//!   "equivalent to BIND_GROUP_TEXTURE_HEADER_VALID_FALSE"). texcore also treats as invalid:
//!   a constant-bank index past the bank, and — for what an op actually reads — a pointer
//!   past the end of the pool memory it was given and pool words that do not decode
//!   ([`HeaderError`], [`SamplerError`]). Every op returns zeros for an invalid texture;
//!   [`Invalid`] says why, for diagnostics. A query (`TXQ`) reads only the texture header:
//!   of the sampler only the `MaximumIndex` check applies ([`Bindings::resolve_header`]);
//!   the ops that filter read both ([`Bindings::resolve`]).
//! * A header or sampler **built by hand** (the fields are public) that does not
//!   [`validate`](TextureHeader::validate) is treated exactly like words that do not decode:
//!   every op passes its view and sampler through [`checked_view`] / [`checked_sampler`]
//!   first, so the ops' arithmetic only ever sees the ranges validation guarantees.

use crate::descriptor::{HeaderError, SamplerError, SamplerHeader, TextureHeader};

/// A packed texture handle: `samplerPtr[31:20] | headerPtr[19:0]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Handle(pub u32);

impl Handle {
    /// Packs a sampler pointer (12 bits) and a header pointer (20 bits); `None` if either
    /// does not fit its field.
    pub const fn new(sampler_ptr: u32, header_ptr: u32) -> Option<Handle> {
        if sampler_ptr > 0xFFF || header_ptr > 0xF_FFFF {
            None
        } else {
            Some(Handle((sampler_ptr << 20) | header_ptr))
        }
    }

    /// `headerPtr`, bits 19:0.
    pub const fn header_ptr(self) -> u32 {
        self.0 & 0xF_FFFF
    }

    /// `samplerPtr`, bits 31:20.
    pub const fn sampler_ptr(self) -> u32 {
        self.0 >> 20
    }
}

/// The 13-bit `#tsPtrIdxU13` immediate: a word index into the constant bank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct TsPtrIdx(u16);

impl TsPtrIdx {
    /// Largest encodable index (2^13 − 1).
    pub const MAX: u16 = 0x1FFF;

    /// `None` if `index` does not fit 13 bits.
    pub const fn new(index: u16) -> Option<TsPtrIdx> {
        if index > Self::MAX {
            None
        } else {
            Some(TsPtrIdx(index))
        }
    }

    /// The legacy Fermi form: `tsPtrIdxU13 = {smpU05, tidU08}` (smp in bits 12:8, tid in
    /// 7:0). `None` if `smp` does not fit 5 bits.
    pub const fn from_tid_smp(tid: u8, smp: u8) -> Option<TsPtrIdx> {
        if smp > 31 {
            None
        } else {
            Some(TsPtrIdx(((smp as u16) << 8) | tid as u16))
        }
    }

    /// The index value.
    pub const fn get(self) -> u16 {
        self.0
    }

    /// `tidU08`, bits 7:0.
    pub const fn tid(self) -> u8 {
        (self.0 & 0xFF) as u8
    }

    /// `smpU05`, bits 12:8.
    pub const fn smp(self) -> u8 {
        (self.0 >> 8) as u8
    }
}

/// Where an instruction's handle comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum HandleSource {
    /// Read from the constant bank at this word index (no `.B`).
    ConstBank(TsPtrIdx),
    /// Bindless `.B`: the handle word taken from a register.
    Bindless(u32),
}

/// `SetSamplerBinding` mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum SamplerBinding {
    /// The handle's `samplerPtr` selects the sampler (D3D style).
    #[default]
    Independent,
    /// `ViaHeaderBinding` (OpenGL): `headerPtr` is used as the sampler pointer as well.
    ViaHeaderBinding,
}

/// Why a handle names an invalid texture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Invalid {
    /// `tsPtrIdx` is past the end of the constant bank.
    ConstBankIndex(u16),
    /// `headerPtr > SetTexHeaderPoolC.MaximumIndex`.
    HeaderAboveMaximum(u32),
    /// `headerPtr` within `MaximumIndex` but past the pool memory supplied.
    HeaderOutsidePool(u32),
    /// `samplerPtr > SetSamplerHeaderPoolC.MaximumIndex`.
    SamplerAboveMaximum(u32),
    /// `samplerPtr` within `MaximumIndex` but past the pool memory supplied.
    SamplerOutsidePool(u32),
    /// The texture header words do not decode.
    Header(HeaderError),
    /// The sampler header words do not decode.
    Sampler(SamplerError),
    /// No resource is bound at this slot (TGSI / Intel binding-table index past the table).
    Unbound(u32),
}

/// A descriptor pool in memory: `entries[i]` is the 8-word descriptor at pointer `i`, and
/// `maximum_index` is the pool's `MaximumIndex` register.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pool<'a> {
    /// Descriptor words, one `[u32; 8]` per pointer value.
    pub entries: &'a [[u32; 8]],
    /// The largest valid pointer (`SetTexHeaderPoolC` / `SetSamplerHeaderPoolC.MaximumIndex`).
    pub maximum_index: u32,
}

impl<'a> Pool<'a> {
    /// A pool whose `MaximumIndex` covers all of `entries` (an empty pool has no valid
    /// pointer: every lookup is [`Invalid::HeaderOutsidePool`]).
    pub const fn new(entries: &'a [[u32; 8]]) -> Pool<'a> {
        let max = if entries.is_empty() { 0 } else { entries.len() as u32 - 1 };
        Pool { entries, maximum_index: max }
    }

    #[inline]
    fn words(&self, ptr: u32) -> Option<Option<&'a [u32; 8]>> {
        if ptr > self.maximum_index {
            return None;
        }
        Some(usize::try_from(ptr).ok().and_then(|i| self.entries.get(i)))
    }

    /// Looks up and decodes the texture header at `ptr`.
    // Inlined into its callers on the Cortex-M4 (no header copy through memory); one copy on
    // RV32, where the flash budget is the tighter limit.
    #[cfg_attr(target_arch = "arm", inline(always))]
    #[cfg_attr(not(target_arch = "arm"), inline)]
    pub fn header(&self, ptr: u32) -> Result<TextureHeader, Invalid> {
        match self.words(ptr) {
            None => Err(Invalid::HeaderAboveMaximum(ptr)),
            Some(None) => Err(Invalid::HeaderOutsidePool(ptr)),
            Some(Some(w)) => TextureHeader::from_words(w).map_err(Invalid::Header),
        }
    }

    /// Looks up and decodes the sampler header at `ptr`.
    pub fn sampler(&self, ptr: u32) -> Result<SamplerHeader, Invalid> {
        match self.words(ptr) {
            None => Err(Invalid::SamplerAboveMaximum(ptr)),
            Some(None) => Err(Invalid::SamplerOutsidePool(ptr)),
            Some(Some(w)) => SamplerHeader::from_words(w).map_err(Invalid::Sampler),
        }
    }
}

/// A resolved, valid texture: its handle and both decoded headers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Resolved {
    /// The handle that was used.
    pub handle: Handle,
    /// Texture header.
    pub header: TextureHeader,
    /// Sampler header.
    pub sampler: SamplerHeader,
}

/// The binding state the NVIDIA instructions read: both pools, the binding mode and the
/// constant bank holding handles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bindings<'a> {
    /// Texture header pool.
    pub headers: Pool<'a>,
    /// Sampler header pool.
    pub samplers: Pool<'a>,
    /// `SetSamplerBinding` mode.
    pub binding: SamplerBinding,
    /// The constant bank (32-bit words) that `#tsPtrIdxU13` indexes.
    pub const_bank: &'a [u32],
}

impl<'a> Bindings<'a> {
    /// The handle word an instruction uses.
    pub fn handle(&self, source: HandleSource) -> Result<Handle, Invalid> {
        match source {
            HandleSource::Bindless(word) => Ok(Handle(word)),
            HandleSource::ConstBank(idx) => self
                .const_bank
                .get(usize::from(idx.get()))
                .map(|w| Handle(*w))
                .ok_or(Invalid::ConstBankIndex(idx.get())),
        }
    }

    /// The sampler pointer in effect for `handle` under the binding mode.
    pub const fn sampler_ptr(&self, handle: Handle) -> u32 {
        match self.binding {
            SamplerBinding::Independent => handle.sampler_ptr(),
            SamplerBinding::ViaHeaderBinding => handle.header_ptr(),
        }
    }

    /// Resolves a handle source to both headers, or says why the texture is invalid.
    /// The checks run in this order, the first failing one is the [`Invalid`] returned: the
    /// constant-bank index, the header pointer (`MaximumIndex`, then the pool memory), the
    /// header words, the sampler pointer (`MaximumIndex`, then the pool memory), the sampler
    /// words. The ops that read the sampler (sampling, gather, TLD4S, TMML) use this.
    pub fn resolve(&self, source: HandleSource) -> Result<Resolved, Invalid> {
        let handle = self.handle(source)?;
        let header = self.headers.header(handle.header_ptr())?;
        let sampler = self.samplers.sampler(self.sampler_ptr(handle))?;
        Ok(Resolved { handle, header, sampler })
    }

    /// Resolves a handle source for a query, which reads only the texture header (NVIDIA
    /// `TXQ`): the texture is invalid when [`resolve`](Self::resolve)'s handle and header
    /// checks fail, or when the sampler pointer is above the sampler pool's `MaximumIndex`
    /// (NVIDIA's TXQ names exactly the two `MaximumIndex` checks as what makes a texture
    /// invalid). The sampler header is never read, so a sampler pointer past the pool
    /// memory or sampler words that do not decode leave the query valid.
    #[inline]
    pub fn resolve_header(&self, source: HandleSource) -> Result<(Handle, TextureHeader), Invalid> {
        let handle = self.handle(source)?;
        let header = self.headers.header(handle.header_ptr())?;
        let sampler_ptr = self.sampler_ptr(handle);
        if sampler_ptr > self.samplers.maximum_index {
            return Err(Invalid::SamplerAboveMaximum(sampler_ptr));
        }
        Ok((handle, header))
    }

    /// `f` on the header that [`resolve_header`](Self::resolve_header) resolves (its
    /// `Invalid` otherwise, the same checks in the same order). The header is read where
    /// the pool lookup decoded it, not moved into a result first: on RV32 each move of a
    /// header is a `memcpy` call.
    #[inline]
    pub(crate) fn with_header<R>(
        &self,
        source: HandleSource,
        f: impl FnOnce(&TextureHeader) -> R,
    ) -> Result<R, Invalid> {
        let handle = self.handle(source)?;
        let header = self.headers.header(handle.header_ptr());
        let sampler_ptr = self.sampler_ptr(handle);
        match &header {
            Err(e) => Err(*e),
            Ok(_) if sampler_ptr > self.samplers.maximum_index => Err(Invalid::SamplerAboveMaximum(sampler_ptr)),
            Ok(h) => Ok(f(h)),
        }
    }

    /// `f` on the headers that [`resolve`](Self::resolve) resolves (its `Invalid`
    /// otherwise, the same checks in the same order), read where the pool lookups decoded
    /// them, as in [`with_header`](Self::with_header).
    #[inline]
    pub(crate) fn with_resolved<R>(
        &self,
        source: HandleSource,
        f: impl FnOnce(&TextureHeader, &SamplerHeader) -> R,
    ) -> Result<R, Invalid> {
        let handle = self.handle(source)?;
        let header = self.headers.header(handle.header_ptr());
        let h = match &header {
            Ok(h) => h,
            Err(e) => return Err(*e),
        };
        let sampler = self.samplers.sampler(self.sampler_ptr(handle));
        match &sampler {
            Ok(s) => Ok(f(h, s)),
            Err(e) => Err(*e),
        }
    }
}

/// The view an op works on: `view` if it validates, else [`Invalid::Header`] (a hand-built
/// header outside the encoding's rules is an invalid texture, like undecodable words).
#[inline]
pub fn checked_view(view: Result<&TextureHeader, Invalid>) -> Result<&TextureHeader, Invalid> {
    let h = view?;
    h.validate().map_err(Invalid::Header)?;
    Ok(h)
}

/// The sampler an op works on: `sampler` if it validates, else [`Invalid::Sampler`].
#[inline]
pub fn checked_sampler(sampler: Result<&SamplerHeader, Invalid>) -> Result<&SamplerHeader, Invalid> {
    let s = sampler?;
    s.validate().map_err(Invalid::Sampler)?;
    Ok(s)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::descriptor::{Format, TextureType};
    use proptest::prelude::*;

    proptest! {
        /// `with_header` and `with_resolved` answer what `resolve_header` and `resolve`
        /// return, error for error: headers and samplers that decode or not, pointers at,
        /// above and past the pools, both binding modes, constant-bank and bindless handles.
        #[test]
        fn borrowing_resolvers_equal_resolve(
            garbage in any::<[[u32; 8]; 2]>(),
            max in any::<[u8; 2]>(),
            via in any::<bool>(),
            bank in any::<[u32; 2]>(),
            source in (any::<bool>(), any::<u32>()),
        ) {
            let good = TextureHeader::new(TextureType::TwoD, Format::RGBA8_UNORM, 64, 32, 1, 7).to_words();
            let headers = [good, garbage[0], good];
            let samplers = [[0; 8], garbage[1], [0; 8]];
            let small = |w: u32| w % 5;
            let b = Bindings {
                headers: Pool { entries: &headers, maximum_index: u32::from(max[0] % 5) },
                samplers: Pool { entries: &samplers, maximum_index: u32::from(max[1] % 5) },
                binding: if via { SamplerBinding::ViaHeaderBinding } else { SamplerBinding::Independent },
                const_bank: &[bank[0], Handle::new(small(bank[1] >> 8), small(bank[1])).map_or(0, |h| h.0)],
            };
            let src = if source.0 {
                HandleSource::ConstBank(TsPtrIdx::new((source.1 % 3) as u16).unwrap())
            } else {
                HandleSource::Bindless(Handle::new(small(source.1 >> 8), small(source.1)).map_or(source.1, |h| h.0))
            };
            prop_assert_eq!(b.with_header(src, |h| *h), b.resolve_header(src).map(|(_, h)| h));
            prop_assert_eq!(b.with_resolved(src, |h, s| (*h, *s)), b.resolve(src).map(|r| (r.header, r.sampler)));
        }
    }
}
