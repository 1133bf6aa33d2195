//! [`LockstepSampler`]: two devices driven with the same uploads and ops, every result
//! compared.
//!
//! The usual pair is `LockstepSampler<FpgaSampler<…>, SoftSampler<…>>`: the FPGA's answer is
//! returned only if the model gives the same bits; otherwise the op and both results come
//! back as a [`Divergence`].

// A `Divergence` holds the op and both replies (about 600 bytes). Without a heap there is
// nothing to box it into; the error path is the rare one, so the size is accepted.
#![allow(clippy::result_large_err, clippy::large_enum_variant)]

use texcore::handle::SamplerBinding;

use crate::device::{Limits, SamplerDevice};
use crate::op::{Op, Reply};

/// An op on which the two devices disagree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Divergence {
    /// The op.
    pub op: Op,
    /// Device A's result.
    pub a: Reply,
    /// Device B's result.
    pub b: Reply,
}

/// Errors of the lock-step pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum LockstepError<EA, EB> {
    /// Device A failed.
    A(EA),
    /// Device B failed.
    B(EB),
    /// Both answered, differently.
    Divergence(Divergence),
    /// The devices have different capacities, so their results could differ for that reason
    /// alone (a pointer past one pool's end is invalid there, not on the other).
    Capacity {
        /// A's limits.
        a: Limits,
        /// B's limits.
        b: Limits,
    },
}

/// Runs every upload and op on both `a` and `b` (A first).
pub struct LockstepSampler<A, B> {
    /// Device A (usually the FPGA).
    pub a: A,
    /// Device B (usually the soft model).
    pub b: B,
    ops: u32,
}

impl<A: SamplerDevice, B: SamplerDevice> LockstepSampler<A, B> {
    /// Pairs two devices.
    pub fn new(a: A, b: B) -> Self {
        LockstepSampler { a, b, ops: 0 }
    }

    /// Ops checked so far.
    pub fn ops_checked(&self) -> u32 {
        self.ops
    }

    /// The two devices.
    pub fn into_inner(self) -> (A, B) {
        (self.a, self.b)
    }

    fn both<T>(
        &mut self,
        fa: impl FnOnce(&mut A) -> Result<T, A::Error>,
        fb: impl FnOnce(&mut B) -> Result<T, B::Error>,
    ) -> Result<(), LockstepError<A::Error, B::Error>> {
        fa(&mut self.a).map_err(LockstepError::A)?;
        fb(&mut self.b).map_err(LockstepError::B)?;
        Ok(())
    }
}

impl<A: SamplerDevice, B: SamplerDevice> SamplerDevice for LockstepSampler<A, B> {
    type Error = LockstepError<A::Error, B::Error>;

    /// Both limits; [`LockstepError::Capacity`] if the capacities differ. The capabilities
    /// are those both have.
    fn limits(&mut self) -> Result<Limits, Self::Error> {
        let a = self.a.limits().map_err(LockstepError::A)?;
        let b = self.b.limits().map_err(LockstepError::B)?;
        if !a.same_capacity(&b) {
            return Err(LockstepError::Capacity { a, b });
        }
        Ok(Limits { caps: a.caps & b.caps, ..a })
    }

    fn reset(&mut self) -> Result<(), Self::Error> {
        self.both(|a| a.reset(), |b| b.reset())
    }

    fn write_memory(&mut self, addr: u32, data: &[u8]) -> Result<(), Self::Error> {
        self.both(|a| a.write_memory(addr, data), |b| b.write_memory(addr, data))
    }

    fn write_header(&mut self, index: u32, words: &[u32; 8]) -> Result<(), Self::Error> {
        self.both(|a| a.write_header(index, words), |b| b.write_header(index, words))
    }

    fn write_sampler(&mut self, index: u32, words: &[u32; 8]) -> Result<(), Self::Error> {
        self.both(|a| a.write_sampler(index, words), |b| b.write_sampler(index, words))
    }

    fn write_const_bank(&mut self, start: u16, words: &[u32]) -> Result<(), Self::Error> {
        self.both(|a| a.write_const_bank(start, words), |b| b.write_const_bank(start, words))
    }

    fn set_header_pool_max(&mut self, max: u32) -> Result<(), Self::Error> {
        self.both(|a| a.set_header_pool_max(max), |b| b.set_header_pool_max(max))
    }

    fn set_sampler_pool_max(&mut self, max: u32) -> Result<(), Self::Error> {
        self.both(|a| a.set_sampler_pool_max(max), |b| b.set_sampler_pool_max(max))
    }

    fn set_binding(&mut self, mode: SamplerBinding) -> Result<(), Self::Error> {
        self.both(|a| a.set_binding(mode), |b| b.set_binding(mode))
    }

    /// Runs `op` on both; A's result if they agree bit for bit.
    fn execute(&mut self, op: &Op) -> Result<Reply, Self::Error> {
        let a = self.a.execute(op).map_err(LockstepError::A)?;
        let b = self.b.execute(op).map_err(LockstepError::B)?;
        self.ops = self.ops.saturating_add(1);
        if a == b {
            Ok(a)
        } else {
            Err(LockstepError::Divergence(Divergence { op: *op, a, b }))
        }
    }

    /// Device A's refusal (A runs first: B is not asked).
    fn is_unsupported(error: &Self::Error) -> bool {
        matches!(error, LockstepError::A(e) if A::is_unsupported(e))
    }
}
