//! `texcore-dpi`: the C ABI (DPI-C) over the op-level units of `texcore-vectors`.
//!
//! [`ffi`] is called by `hdl-vectors/tb/tb_dpi_ops.sv` through `import "DPI-C"`
//! (`texcore_dpi_load_image`, `texcore_dpi_sample`, `texcore_dpi_sample_c`,
//! `texcore_dpi_gather`, `texcore_dpi_fetch`, `texcore_dpi_tmml`, `texcore_dpi_store`). The
//! units' fields, the texture set and the evaluation through the core are
//! `texcore_vectors::op_unit` and `texcore_vectors::texset` — the same code that writes the
//! expected outputs.
//!
//! `unsafe` is confined to [`ffi`] (raw pointers from C).

#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod ffi;
