//! The [`SamplerDevice`] trait: what every backend (the FPGA over SPI, the soft core, the
//! lock-step pair) offers.

use texcore::descriptor::{SamplerHeader, TextureHeader};
use texcore::handle::SamplerBinding;

use crate::op::{Op, Reply};

/// Capacities and capabilities of a device.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Limits {
    /// Texture memory bytes.
    pub memory_bytes: u32,
    /// Texture-header pool entries.
    pub header_entries: u32,
    /// Sampler-header pool entries.
    pub sampler_entries: u32,
    /// Constant-bank words.
    pub const_bank_words: u32,
    /// Implemented ops: bit `cap_bit` of [`crate::protocol::OPS`] (`CAPS` in bits 31:0,
    /// `CAPS1` in bits 63:32).
    pub caps: u64,
}

impl Limits {
    /// Whether `op` is implemented.
    pub fn supports(&self, op: &Op) -> bool {
        op.def().is_some_and(|d| self.caps.checked_shr(d.cap_bit.into()).unwrap_or(0) & 1 == 1)
    }

    /// Whether both have the same capacities (capabilities may differ). Two backends give
    /// the same results only with the same capacities: a pointer past one pool's end is an
    /// invalid texture there.
    pub fn same_capacity(&self, other: &Limits) -> bool {
        self.memory_bytes == other.memory_bytes
            && self.header_entries == other.header_entries
            && self.sampler_entries == other.sampler_entries
            && self.const_bank_words == other.const_bank_words
    }
}

/// A device that executes texture-unit operations on state uploaded to it.
///
/// The state mirrors the core's binding state ([`texcore::handle::Bindings`]): a texture
/// header pool and a sampler header pool of fixed capacity, each with its `MaximumIndex`, the
/// sampler binding mode, a constant bank of fixed capacity, and texture memory. After
/// [`reset`](Self::reset) every pool entry, constant-bank word and `MaximumIndex` is zero and
/// the binding mode is `Independent`; texture memory keeps its content.
///
/// Uploads are all-or-nothing per call on the soft backend; on the FPGA a long upload is
/// split into frames and range-checked up front against the device's [`Limits`].
pub trait SamplerDevice {
    /// The backend's error.
    type Error;

    /// Capacities and implemented ops.
    fn limits(&mut self) -> Result<Limits, Self::Error>;

    /// Returns the binding state to its reset values (texture memory is kept).
    fn reset(&mut self) -> Result<(), Self::Error>;

    /// Writes `data` to texture memory at byte address `addr`.
    fn write_memory(&mut self, addr: u32, data: &[u8]) -> Result<(), Self::Error>;

    /// Writes texture-header pool entry `index` (eight descriptor words).
    fn write_header(&mut self, index: u32, words: &[u32; 8]) -> Result<(), Self::Error>;

    /// Writes sampler-header pool entry `index`.
    fn write_sampler(&mut self, index: u32, words: &[u32; 8]) -> Result<(), Self::Error>;

    /// Writes constant-bank words from word index `start`.
    fn write_const_bank(&mut self, start: u16, words: &[u32]) -> Result<(), Self::Error>;

    /// Sets `SetTexHeaderPoolC.MaximumIndex` (20 bits).
    fn set_header_pool_max(&mut self, max: u32) -> Result<(), Self::Error>;

    /// Sets `SetSamplerHeaderPoolC.MaximumIndex` (20 bits).
    fn set_sampler_pool_max(&mut self, max: u32) -> Result<(), Self::Error>;

    /// Sets the `SetSamplerBinding` mode.
    fn set_binding(&mut self, mode: SamplerBinding) -> Result<(), Self::Error>;

    /// Executes one op.
    fn execute(&mut self, op: &Op) -> Result<Reply, Self::Error>;

    /// Whether `error` is the device's refusal of an op it does not implement (its `CAPS`
    /// bit, or its sampling subset: [`crate::subset`]) rather than a failure. `false` for
    /// devices that implement every op.
    fn is_unsupported(_error: &Self::Error) -> bool {
        false
    }

    /// Writes a texture header (encoded with [`TextureHeader::to_words`]).
    fn write_texture_header(&mut self, index: u32, header: &TextureHeader) -> Result<(), Self::Error> {
        self.write_header(index, &header.to_words())
    }

    /// Writes a sampler header (encoded with [`SamplerHeader::to_words`]).
    fn write_sampler_header(&mut self, index: u32, sampler: &SamplerHeader) -> Result<(), Self::Error> {
        self.write_sampler(index, &sampler.to_words())
    }
}
