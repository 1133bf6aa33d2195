//! [`SoftSampler`]: the texcore model itself as a [`SamplerDevice`].
//!
//! All state lives in fixed-capacity arrays inside the value (the pools and the constant
//! bank, sized by const generics) and a caller-provided texture memory slice: no heap.

use texcore::descriptor::TextureHeader;
use texcore::handle::{Bindings, Invalid, Pool, SamplerBinding};
use texcore::query::{intel, nv, tgsi};

use crate::device::{Limits, SamplerDevice};
use crate::op::{info_written_lanes, LaneReply, Op, Reply, Rejection};
use crate::protocol;

/// Why the soft backend refused an upload. Ops never fail.
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

    /// Runs `op` on the core. Never fails, never panics.
    pub fn run(&self, op: &Op) -> Reply {
        match *op {
            Op::NvTxq { source, query, param } => Reply::Vec4(nv::txq(&self.bindings(), source, query, param)),
            Op::TgsiTxq { view, lod } => Reply::Vec4(tgsi::txq(self.view(view).as_ref().map_err(|e| *e), lod)),
            Op::TgsiSviewinfo { view, mip_level } => {
                Reply::Vec4(tgsi::sviewinfo(self.view(view).as_ref().map_err(|e| *e), mip_level))
            }
            Op::TgsiSampleInfo { view } => Reply::Vec4(tgsi::sample_info(self.view(view).as_ref().map_err(|e| *e))),
            Op::TgsiSamplePos { view, index } => {
                Reply::Vec4(tgsi::sample_pos(self.view(view).as_ref().map_err(|e| *e), index))
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
