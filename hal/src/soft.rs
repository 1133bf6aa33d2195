//! [`SoftSampler`]: the texcore model itself as a [`SamplerDevice`].
//!
//! All state lives in fixed-capacity arrays inside the value (the pools and the constant
//! bank, sized by const generics) and a caller-provided texture memory slice: no heap.
//! TGSI views, resources and samplers are pool pointers ([`SoftSampler::view`],
//! [`SoftSampler::sampler`]); `STORE` and the atomics write the texture memory.

use texcore::descriptor::{SamplerHeader, TextureHeader};
use texcore::handle::{Bindings, Invalid, Pool, SamplerBinding};
use texcore::op::sample::{Quad, TexOperands};
use texcore::op::{fetch, gather, resource, sample, tmml};
use texcore::query::{intel, nv, tgsi};

use crate::device::{Limits, SamplerDevice};
use crate::op::{info_written_lanes, LaneReply, Op, Rejection, Reply, Tld4sReply};
use crate::protocol;

/// Why the soft backend refused an upload. Ops never fail (a core error is a
/// [`Reply::Rejected`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum SoftError {
    /// An address, index or range is outside the memory, pool or constant bank.
    OutOfRange,
    /// A `MaximumIndex` value does not fit its 20-bit register.
    Value,
}

/// The texcore model with its own pools and constant bank and a borrowed texture memory.
///
/// `HEADERS`, `SAMPLERS` and `CBANK` are the capacities (texture-header entries,
/// sampler-header entries, constant-bank words). Every entry exists (zero after
/// construction and [`reset`](SamplerDevice::reset)); a pointer within `MaximumIndex` but
/// at or past the capacity is [`Invalid::HeaderOutsidePool`] (zeros), as on the FPGA.
pub struct SoftSampler<'m, const HEADERS: usize, const SAMPLERS: usize, const CBANK: usize> {
    memory: &'m mut [u8],
    headers: [[u32; 8]; HEADERS],
    samplers: [[u32; 8]; SAMPLERS],
    const_bank: [u32; CBANK],
    header_max: u32,
    sampler_max: u32,
    binding: SamplerBinding,
}

/// Largest `MaximumIndex` value (20-bit registers).
pub const POOL_MAX_LIMIT: u32 = 0xF_FFFF;

impl<'m, const HEADERS: usize, const SAMPLERS: usize, const CBANK: usize> SoftSampler<'m, HEADERS, SAMPLERS, CBANK> {
    /// A sampler in its reset state using `memory` as texture memory.
    pub fn new(memory: &'m mut [u8]) -> Self {
        SoftSampler {
            memory,
            headers: [[0; 8]; HEADERS],
            samplers: [[0; 8]; SAMPLERS],
            const_bank: [0; CBANK],
            header_max: 0,
            sampler_max: 0,
            binding: SamplerBinding::Independent,
        }
    }

    /// The core's binding state over this sampler's pools and constant bank.
    pub fn bindings(&self) -> Bindings<'_> {
        Bindings {
            headers: Pool { entries: &self.headers, maximum_index: self.header_max },
            samplers: Pool { entries: &self.samplers, maximum_index: self.sampler_max },
            binding: self.binding,
            const_bank: &self.const_bank,
        }
    }

    /// The texture header a TGSI view / Intel surface pointer names.
    pub fn view(&self, ptr: u32) -> Result<TextureHeader, Invalid> {
        self.bindings().headers.header(ptr)
    }

    /// Texture memory.
    pub fn memory(&self) -> &[u8] {
        self.memory
    }

    /// Copies texture memory at `addr` into `out`.
    pub fn read_memory(&self, addr: u32, out: &mut [u8]) -> Result<(), SoftError> {
        let src = range(self.memory.len(), addr, out.len()).and_then(|r| self.memory.get(r));
        out.copy_from_slice(src.ok_or(SoftError::OutOfRange)?);
        Ok(())
    }

    /// `SetTexHeaderPoolC.MaximumIndex`.
    pub fn header_pool_max(&self) -> u32 {
        self.header_max
    }

    /// `SetSamplerHeaderPoolC.MaximumIndex`.
    pub fn sampler_pool_max(&self) -> u32 {
        self.sampler_max
    }

    /// The binding mode.
    pub fn binding(&self) -> SamplerBinding {
        self.binding
    }

    /// The sampler header a TGSI sampler pointer names.
    pub fn sampler(&self, ptr: u32) -> Result<SamplerHeader, Invalid> {
        self.bindings().samplers.sampler(ptr)
    }

    /// Runs `op` on the core (`STORE` and the atomics write texture memory). Never fails,
    /// never panics: the core's typed errors come back as [`Reply::Rejected`].
    pub fn run(&mut self, op: &Op) -> Reply {
        let view_of = |s: &Self, ptr: u32| s.view(ptr);
        match *op {
            Op::NvTxq { source, query, param } => Reply::Vec4(nv::txq(&self.bindings(), source, query, param)),
            Op::NvTld4s { source, mods, operands } => {
                match gather::tld4s(&self.bindings(), source, &*self.memory, mods, operands) {
                    Ok(r) => Reply::Tld4s(Tld4sReply::from_result(r)),
                    Err(e) => Reply::Rejected(Rejection::Gather(e)),
                }
            }
            Op::NvTmml { source, desc, ra } => Reply::Quad(tmml::tmml(&self.bindings(), source, desc, &ra)),
            Op::TgsiTxq { view, lod } => Reply::Vec4(tgsi::txq(self.view(view).as_ref().map_err(|e| *e), lod)),
            Op::TgsiSviewinfo { view, mip_level } => {
                Reply::Vec4(tgsi::sviewinfo(self.view(view).as_ref().map_err(|e| *e), mip_level))
            }
            Op::TgsiSampleInfo { view } => Reply::Vec4(tgsi::sample_info(self.view(view).as_ref().map_err(|e| *e))),
            Op::TgsiSamplePos { view, index } => {
                Reply::Vec4(tgsi::sample_pos(self.view(view).as_ref().map_err(|e| *e), index))
            }
            Op::TgsiTxf { view, coord, offset } => {
                let v = view_of(self, view);
                fetched(fetch::txf(v.as_ref().map_err(|e| *e), &*self.memory, coord, offset))
            }
            Op::TgsiSampleI { view, address } => {
                let v = view_of(self, view);
                fetched(fetch::sample_i(v.as_ref().map_err(|e| *e), &*self.memory, address))
            }
            Op::TgsiSampleIMs { view, address, sample } => {
                let v = view_of(self, view);
                fetched(fetch::sample_i_ms(v.as_ref().map_err(|e| *e), &*self.memory, address, sample))
            }
            Op::TgsiLoad { resource: r, address } => {
                let v = view_of(self, r);
                Reply::Vec4(resource::load(v.as_ref().map_err(|e| *e), &*self.memory, address))
            }
            Op::TgsiStore { resource: r, address, src } => {
                let v = view_of(self, r);
                match resource::store(v.as_ref().map_err(|e| *e), &mut *self.memory, address, src) {
                    Ok(w) => Reply::Stored(w),
                    Err(e) => Reply::Rejected(Rejection::Resource(e)),
                }
            }
            Op::TgsiAtomic { op: a, resource: r, address, src, cmp } => {
                let v = view_of(self, r);
                match resource::atomic(a, v.as_ref().map_err(|e| *e), &mut *self.memory, address, src, cmp) {
                    Ok(old) => Reply::Vec4(old),
                    Err(e) => Reply::Rejected(Rejection::Resource(e)),
                }
            }
            Op::TgsiTex { op: t, shadow, view, sampler, src0, src1, grads } => {
                let (v, s) = (self.view(view), self.sampler(sampler));
                let src1 = src1.map(|x| x.map(|c| [c, 0, 0, 0]));
                let grads = grads.map(|g| g.quads());
                let ops = TexOperands { src0: &src0, src1: src1.as_ref(), grads: grads.as_ref().map(|(x, y)| (x, y)) };
                sampled(sample::tex_family(
                    t,
                    shadow,
                    v.as_ref().map_err(|e| *e),
                    s.as_ref().map_err(|e| *e),
                    &*self.memory,
                    ops,
                ))
            }
            Op::TgsiSample { view, sampler, address, offset } => {
                let (v, s) = (self.view(view), self.sampler(sampler));
                sampled(sample::sample(
                    v.as_ref().map_err(|e| *e),
                    s.as_ref().map_err(|e| *e),
                    &*self.memory,
                    &address,
                    offset,
                ))
            }
            Op::TgsiSampleB { view, sampler, address, offset, bias } => {
                let (v, s) = (self.view(view), self.sampler(sampler));
                let (v, s) = (v.as_ref().map_err(|e| *e), s.as_ref().map_err(|e| *e));
                sampled(sample::sample_b(v, s, &*self.memory, &address, bias, offset))
            }
            Op::TgsiSampleL { view, sampler, address, offset, lod } => {
                let (v, s) = (self.view(view), self.sampler(sampler));
                let (v, s) = (v.as_ref().map_err(|e| *e), s.as_ref().map_err(|e| *e));
                sampled(sample::sample_l(v, s, &*self.memory, &address, lod, offset))
            }
            Op::TgsiSampleD { view, sampler, address, offset, grads } => {
                let (v, s) = (self.view(view), self.sampler(sampler));
                let (v, s) = (v.as_ref().map_err(|e| *e), s.as_ref().map_err(|e| *e));
                let (ddx, ddy) = grads.quads();
                sampled(sample::sample_d(v, s, &*self.memory, &address, &ddx, &ddy, offset))
            }
            Op::TgsiSampleC { view, sampler, address, offset, reference } => {
                let (v, s) = (self.view(view), self.sampler(sampler));
                let (v, s) = (v.as_ref().map_err(|e| *e), s.as_ref().map_err(|e| *e));
                sampled(sample::sample_c(v, s, &*self.memory, &address, reference, offset))
            }
            Op::TgsiSampleCLz { view, sampler, address, offset, reference } => {
                let (v, s) = (self.view(view), self.sampler(sampler));
                let (v, s) = (v.as_ref().map_err(|e| *e), s.as_ref().map_err(|e| *e));
                sampled(sample::sample_c_lz(v, s, &*self.memory, &address, reference, offset))
            }
            Op::TgsiGather4 { view, sampler, address, component, offset, reference } => {
                let (v, s) = (self.view(view), self.sampler(sampler));
                let (v, s) = (v.as_ref().map_err(|e| *e), s.as_ref().map_err(|e| *e));
                match gather::gather4(v, s, &*self.memory, &address, component, offset, reference) {
                    Ok(q) => Reply::Quad(q),
                    Err(e) => Reply::Rejected(Rejection::Gather(e)),
                }
            }
            Op::IntelInfo { op, exec, exec_mask, surface, lod } => {
                let view = self.view(surface);
                let mut dst = [0u32; 64];
                match intel::info(op, exec, exec_mask, view.as_ref().map_err(|e| *e), &lod, &mut dst) {
                    Err(e) => Reply::Rejected(Rejection::Info(e)),
                    Ok(()) => match info_written_lanes(exec, exec_mask) {
                        Some((lanes, written)) => {
                            let mut l = LaneReply { lanes, written, dst };
                            l.canonicalize();
                            Reply::Lanes(l)
                        }
                        // `info` accepted the Exec_size byte, so this cannot happen; a
                        // rejection is the safe answer if it ever did.
                        None => Reply::Rejected(Rejection::Info(intel::InfoError::ExecSize(exec & 0xF))),
                    },
                }
            }
        }
    }
}

fn fetched(r: Result<[u32; 4], fetch::FetchError>) -> Reply {
    match r {
        Ok(v) => Reply::Vec4(v),
        Err(e) => Reply::Rejected(Rejection::Fetch(e)),
    }
}

fn sampled(r: Result<Quad, sample::SampleError>) -> Reply {
    match r {
        Ok(q) => Reply::Quad(q),
        Err(e) => Reply::Rejected(Rejection::Sample(e)),
    }
}

/// `addr .. addr + len` if it lies within `0 .. size`.
fn range(size: usize, addr: u32, len: usize) -> Option<core::ops::Range<usize>> {
    let start = usize::try_from(addr).ok()?;
    let end = start.checked_add(len)?;
    (end <= size).then_some(start..end)
}

fn capacity(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

impl<const HEADERS: usize, const SAMPLERS: usize, const CBANK: usize> SamplerDevice
    for SoftSampler<'_, HEADERS, SAMPLERS, CBANK>
{
    type Error = SoftError;

    fn limits(&mut self) -> Result<Limits, SoftError> {
        Ok(Limits {
            memory_bytes: capacity(self.memory.len()),
            header_entries: capacity(HEADERS),
            sampler_entries: capacity(SAMPLERS),
            const_bank_words: capacity(CBANK),
            caps: protocol::all_caps(),
        })
    }

    fn reset(&mut self) -> Result<(), SoftError> {
        self.headers = [[0; 8]; HEADERS];
        self.samplers = [[0; 8]; SAMPLERS];
        self.const_bank = [0; CBANK];
        self.header_max = 0;
        self.sampler_max = 0;
        self.binding = SamplerBinding::Independent;
        Ok(())
    }

    fn write_memory(&mut self, addr: u32, data: &[u8]) -> Result<(), SoftError> {
        let dst = range(self.memory.len(), addr, data.len()).and_then(|r| self.memory.get_mut(r));
        dst.ok_or(SoftError::OutOfRange)?.copy_from_slice(data);
        Ok(())
    }

    fn write_header(&mut self, index: u32, words: &[u32; 8]) -> Result<(), SoftError> {
        let slot = usize::try_from(index).ok().and_then(|i| self.headers.get_mut(i));
        *slot.ok_or(SoftError::OutOfRange)? = *words;
        Ok(())
    }

    fn write_sampler(&mut self, index: u32, words: &[u32; 8]) -> Result<(), SoftError> {
        let slot = usize::try_from(index).ok().and_then(|i| self.samplers.get_mut(i));
        *slot.ok_or(SoftError::OutOfRange)? = *words;
        Ok(())
    }

    fn write_const_bank(&mut self, start: u16, words: &[u32]) -> Result<(), SoftError> {
        let dst = range(CBANK, start.into(), words.len()).and_then(|r| self.const_bank.get_mut(r));
        dst.ok_or(SoftError::OutOfRange)?.copy_from_slice(words);
        Ok(())
    }

    fn set_header_pool_max(&mut self, max: u32) -> Result<(), SoftError> {
        if max > POOL_MAX_LIMIT {
            return Err(SoftError::Value);
        }
        self.header_max = max;
        Ok(())
    }

    fn set_sampler_pool_max(&mut self, max: u32) -> Result<(), SoftError> {
        if max > POOL_MAX_LIMIT {
            return Err(SoftError::Value);
        }
        self.sampler_max = max;
        Ok(())
    }

    fn set_binding(&mut self, mode: SamplerBinding) -> Result<(), SoftError> {
        self.binding = mode;
        Ok(())
    }

    fn execute(&mut self, op: &Op) -> Result<Reply, SoftError> {
        Ok(self.run(op))
    }
}
