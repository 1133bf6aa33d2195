//! # texcore-rtlsim: the sampler RTL behind the HAL's traits
//!
//! `texcore_sampler` (`hdl-vectors/rtl/texcore_sampler.sv`), Verilated at build time
//! (`build.rs`), is the device behind embedded-hal 1.0 [`SpiDevice`](embedded_hal::spi::SpiDevice),
//! [`InputPin`](embedded_hal::digital::InputPin) and [`OutputPin`](embedded_hal::digital::OutputPin)
//! implementations ([`Rtl`]) clocked bit by bit on its pins, so that the unchanged
//! [`texcore_hal::FpgaSampler`] talks to the RTL. [`cosim`] holds the runs of
//! `cargo xtask cosim --ops sampler` (the binary `texcore-rtlsim`): the embedded self-check,
//! lock-step against [`texcore_hal::SoftSampler`] over the op-level vectors and seeded ops,
//! raw frames against [`texcore_hal::SimulatedFpga`], wire faults and garbage on the bus.
//!
//! Host-only (std); not a default workspace member. The model needs Verilator at build time;
//! without it [`Rtl::new`] returns [`RtlError::NoModel`].

pub mod cosim;
pub mod model;
pub mod stimuli;

pub use model::{Rtl, RtlError, Target, Timing, WireFault, WireStats};
