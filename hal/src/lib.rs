//! # texcore-hal: the host side of the FPGA texture sampler
//!
//! * [`protocol`] — the sampler's SPI protocol: frame format (CRC-32C, sequence numbers,
//!   status byte), commands, status codes, register map and op codes, defined once in tables
//!   from which [`protocol::render_verilog`] generates the reference RTL's constants
//!   (`hdl-vectors/generated/texcore_regs.vh`).
//! * [`SamplerDevice`] — the device trait: uploads (texture memory, header and sampler pools,
//!   constant bank, `MaximumIndex` registers, binding mode) and [`execute`](SamplerDevice::execute)
//!   of an [`Op`] returning a [`Reply`].
//! * [`FpgaSampler`] — the driver, generic over embedded-hal 1.0 `SpiDevice`, `InputPin`
//!   (`BUSY`), `OutputPin` (`RST_N`) and `DelayNs`, with typed [`Error`]s and bounded retries.
//! * [`SoftSampler`] — the texcore model itself as a device (fixed-capacity pools, a
//!   caller-provided texture memory).
//! * [`LockstepSampler`] — two devices in lock-step; any difference is a [`Divergence`].
//! * [`SimulatedFpga`] — the model behind the same SPI protocol, with fault injection.
//! * [`selfcheck`] — the embedded self-check vector set: a compact binary scene + records
//!   format, its generator (expected replies computed by [`SoftSampler`]) and a runner over
//!   any [`SamplerDevice`].
//!
//! Every op of the core has an [`Op`] variant: NVIDIA `TXQ`, `TLD4S`, `TMML.LOD`; TGSI
//! `TXQ`, `SVIEWINFO`, `SAMPLE_INFO`, `SAMPLE_POS`, `TXF`, `SAMPLE_I`, `SAMPLE_I_MS`, `LOAD`,
//! `STORE`, the ten `ATOM*`, `TEX`/`TXB`/`TXL`/`TXD`/`TXP` (and their shadow forms),
//! `SAMPLE`, `SAMPLE_B`, `SAMPLE_L`, `SAMPLE_D`, `SAMPLE_C`, `SAMPLE_C_LZ`, `GATHER4`; Intel
//! `INFO`. TGSI views, resources and samplers are pool pointers; the core's typed errors
//! come back as [`Reply::Rejected`].
//!
//! `no_std`, no heap, no `unsafe`, and no panics on any input: every byte that comes from the
//! device is read with checked accessors, and a result is returned only after every check
//! of [`protocol`] passed.
//!
//! ## Example: lock-step against the simulated FPGA
//!
//! ```
//! use texcore::handle::{HandleSource, TsPtrIdx};
//! use texcore::query::nv::TxqQuery;
//! use texcore::{Format, TextureHeader, TextureType};
//! use texcore_hal::{Config, FpgaSampler, LockstepSampler, Op, SamplerDevice, SimulatedFpga, SoftSampler};
//!
//! let (mut fpga_mem, mut soft_mem) = ([0u8; 256], [0u8; 256]);
//! let sim: SimulatedFpga<4, 4, 16> = SimulatedFpga::new(&mut fpga_mem);
//! let mut fpga = FpgaSampler::new(sim.spi(), sim.busy_pin(), sim.reset_pin(), sim.delay(), Config::default());
//! fpga.init().unwrap();
//! let soft: SoftSampler<4, 4, 16> = SoftSampler::new(&mut soft_mem);
//! let mut pair = LockstepSampler::new(fpga, soft);
//!
//! let header = TextureHeader::new(TextureType::TwoD, Format::RGBA8_UNORM, 64, 32, 1, 7);
//! pair.write_texture_header(1, &header).unwrap();
//! pair.set_header_pool_max(3).unwrap();
//! pair.set_sampler_pool_max(3).unwrap();
//! pair.write_const_bank(0, &[1]).unwrap(); // handle: sampler 0, header 1
//! let op = Op::NvTxq {
//!     source: HandleSource::ConstBank(TsPtrIdx::new(0).unwrap()),
//!     query: TxqQuery::Dimension,
//!     param: 1,
//! };
//! assert_eq!(pair.execute(&op).unwrap().vec4(), Some([32, 16, 0, 7]));
//! ```
#![no_std]
#![forbid(unsafe_code)]
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]
#![deny(clippy::float_arithmetic)]
#![warn(missing_docs)]

pub mod device;
pub mod fpga;
pub mod lockstep;
pub mod op;
pub mod protocol;
pub mod selfcheck;
pub mod sim;
pub mod soft;
pub mod subset;

pub use device::{Limits, SamplerDevice};
pub use fpga::{Config, DeviceStatus, Error, FpgaSampler, Link, ProtocolError, Stats};
pub use lockstep::{Divergence, LockstepError, LockstepSampler};
pub use op::{Completion, Grads, LaneReply, Op, Rejection, Reply, Tld4sReply};
pub use sim::{Fault, Injection, SimError, SimulatedFpga, Timing};
pub use soft::{SoftError, SoftSampler};
pub use subset::Subset;
