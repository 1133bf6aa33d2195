//! `texcore-hal`: the FPGA texture sampler's host interface (issue 8 grows this into the SPI
//! driver). Today it provides the [`SamplerDevice`] trait and [`SoftSampler`], the backend
//! that answers with the texcore model itself.
#![no_std]
#![forbid(unsafe_code)]

use texcore::handle::{Bindings, HandleSource};
use texcore::query::nv::{txq, TxqQuery};

/// A device that executes texture-unit operations.
pub trait SamplerDevice {
    /// Error type of the device (the soft backend never fails).
    type Error;
    /// NVIDIA `TXQ`: the RGBA result before the write mask.
    fn txq(&mut self, source: HandleSource, query: TxqQuery, param: u32) -> Result<[u32; 4], Self::Error>;
}

/// The texcore model as a [`SamplerDevice`].
pub struct SoftSampler<'a> {
    /// Binding state (pools, constant bank).
    pub bindings: Bindings<'a>,
}

impl SamplerDevice for SoftSampler<'_> {
    type Error = core::convert::Infallible;
    fn txq(&mut self, source: HandleSource, query: TxqQuery, param: u32) -> Result<[u32; 4], Self::Error> {
        Ok(txq(&self.bindings, source, query, param))
    }
}
