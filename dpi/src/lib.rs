//! `texcore-dpi`: the op-level test vectors' semantics and a DPI-C export of them.
//!
//! * [`texset`]: the directed **texture set** the op-level vectors read — a 64 KiB texel
//!   memory image (`texmem.hex`), an op texture-header pool (`op_hdr.hex`) and an op sampler
//!   pool (`op_smp.hex`).
//! * [`ops`]: the op-level units `sample`, `sample_c`, `gather`, `fetch`, `tmml` and `store` — their fields
//!   (in vector-file order, the same placement as every other unit: first field most
//!   significant, each field `ceil(width / 4) × 4` bits) and how the core computes their
//!   outputs. `cargo xtask vectors` writes the expected outputs with exactly this code.
//! * [`hex`]: reading the `$readmemh` images back.
//! * [`ffi`]: the C ABI called by `hdl-vectors/tb/tb_dpi_ops.sv` through `import "DPI-C"`
//!   (`texcore_dpi_load_image`, `texcore_dpi_sample`, `texcore_dpi_sample_c`,
//!   `texcore_dpi_gather`, `texcore_dpi_fetch`, `texcore_dpi_tmml`, `texcore_dpi_store`).
//!
//! `unsafe` is confined to [`ffi`] (raw pointers from C); everything else is safe Rust.

#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod ffi;
pub mod hex;
pub mod ops;
pub mod texset;

pub use ops::{OpEnv, OpUnit};
