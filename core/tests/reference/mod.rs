//! An independent f64 reference of texcore's filtered sampling and a dEQP "high quality"
//! bounds checker (dEQP / Vulkan CTS), shared by `sample_conformance.rs` and
//! `sample_invariants.rs`.
//!
//! * [`texture`]: textures in texel memory plus their f64 decode (own decoder).
//! * [`sampling`]: the f64 reference ([`sampling::Oracle::ideal`]) and the checker
//!   ([`sampling::Oracle::check`]), plus LOD windows for level probes.
//! * [`driver`]: the nine ops, random quads, samplers, and the LOD-probe textures.
//! * [`rng`]: a fixed-seed PRNG.
#![allow(dead_code, clippy::needless_range_loop, clippy::too_many_arguments, clippy::type_complexity)]

pub mod driver;
pub mod rng;
pub mod sampling;
pub mod texture;
