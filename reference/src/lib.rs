//! An independent f64 reference of texcore's filtered sampling and a dEQP "high quality"
//! bounds checker (sampling-semantics §11.3/§11.4), shared by the core's conformance tests
//! (`sample_conformance.rs`, `sample_invariants.rs`, `compare_conformance.rs`) and by
//! `cargo xtask render` (its error map).
//!
//! * [`texture`]: textures in texel memory plus their f64 decode (own decoder).
//! * [`sampling`]: the f64 reference ([`sampling::Oracle::ideal`]) and the checker
//!   ([`sampling::Oracle::check`]), plus LOD windows for level probes.
//! * [`driver`]: the nine ops, random quads, samplers, and the LOD-probe textures.
//! * [`rng`]: a fixed-seed PRNG.
//!
//! ## Independence from the model
//!
//! The reference is only worth something while it shares no arithmetic with the model it
//! judges. The rule this crate keeps:
//!
//! * Every value the oracle computes — texel decode, border quantization, wrap, cube face
//!   and seamless folding, derivatives, ρ, λ, level selection, weights, filtering — is
//!   written here in f64, from the specifications (sampling-semantics), never by calling
//!   texcore.
//! * [`texture`] and [`sampling`] use texcore for descriptor **types** (texture and sampler
//!   headers, formats, wrap and filter enums) and for the memory **layout** functions
//!   (`texel_address`, `texture_bytes`) that place each texel's bytes where the model will
//!   read them. The oracle never reads those bytes back: it keeps its own decoded copy, so a
//!   wrong address shows up as a mismatch instead of being shared.
//! * [`driver::run_model`] is the harness: it runs the model under test (the TGSI wrappers)
//!   so the tests can compare; nothing the oracle returns depends on it.
//!
//! A test in this crate checks the first two points on the source text of [`texture`],
//! [`sampling`] and [`rng`].
#![forbid(unsafe_code)]
#![allow(dead_code, clippy::needless_range_loop, clippy::too_many_arguments, clippy::type_complexity)]

pub mod driver;
pub mod rng;
pub mod sampling;
pub mod texture;

#[cfg(test)]
mod independence;
