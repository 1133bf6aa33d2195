//! # texcore-host — texcore's batch op at the speed of the host's CPU
//!
//! [`sample_batch_into`] is [`texcore::op::sample::sample_batch_into`] with the form of its
//! passes chosen at run time: the first of these copies the CPU supports runs it,
//!
//! | copy | compiled with | the batch op's passes |
//! |---|---|---|
//! | AVX-512 | `avx512f`, `avx512bw`, `avx512cd`, `avx512dq`, `avx512vl` and the AVX2 set | over arrays of a chunk's 64 lanes, 16 lanes per instruction, in the wide form: the chunk's LOD decisions over its 16 quads, each level's wrap units, reads and sums in one pass |
//! | AVX2 (x86-64-v3) | `avx2`, `fma`, `bmi1`, `bmi2`, `lzcnt`, `popcnt` | over arrays of lanes, 8 per instruction; the LOD decisions quad by quad, a level's wrap units, reads and sums in three passes |
//! | the crate's target | what the build enables (SSE2 by default) | lane by lane (over arrays where the build enables AVX2) |
//!
//! so a program built without `-C target-cpu` flags still samples at the speed of a build
//! for its CPU. The CPU is asked once (`std::is_x86_feature_detected`, through the
//! [`multiversion`] crate, which generates the copies and the dispatch); every copy computes
//! the same bits as `texcore::op::sample::sample_quad` quad by quad (property tests here
//! and in texcore, the batch conformance suite through both).
//!
//! texcore itself stays `no_std` without `unsafe` and without any CPU dispatch (it runs on
//! microcontrollers); this crate is the std side. Its own source has no `unsafe`: the
//! dispatch that calls a copy compiled for features the CPU was found to have is
//! `multiversion`'s generated code.
//!
//! ```
//! use texcore::descriptor::{Filter, Format, SamplerHeader, TextureHeader, TextureType};
//! use texcore::op::sample::{sample_quad, SampleRequest};
//!
//! let t = TextureHeader::new(TextureType::TwoD, Format::RGBA8_UNORM, 2, 2, 1, 1);
//! let s = SamplerHeader { mag_filter: Filter::Linear, min_filter: Filter::Linear, ..SamplerHeader::default() };
//! let mem = [0u8, 64, 128, 255, 255, 128, 64, 0, 10, 20, 30, 40, 50, 60, 70, 80];
//! let c = |x: f32, y: f32| [x.to_bits(), y.to_bits(), 0, 0];
//! let reqs = [SampleRequest::new([c(0.5, 0.5), c(0.6, 0.5), c(0.5, 0.6), c(0.6, 0.6)]); 3];
//! let mut out = [[[0u32; 4]; 4]; 3];
//! texcore_host::sample_batch_into(Ok(&t), Ok(&s), &mem[..], &reqs, &mut out).unwrap();
//! assert_eq!(out[2], sample_quad(Ok(&t), Ok(&s), &mem[..], &reqs[2]).unwrap());
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

use texcore::descriptor::{SamplerHeader, TextureHeader};
use texcore::handle::Invalid;
use texcore::memory::TexelMemory;
use texcore::op::sample::{sample_batch_into_form, Quad, SampleError, SampleRequest};

/// [`texcore::op::sample::sample_batch_into`] (the same arguments and results, bit for bit)
/// in the copy for the best instruction set the CPU has (see the crate docs): each copy
/// compiles texcore's always-inlined batch op with its target's features, and those with
/// AVX2 run its lane-array form (with AVX-512 its wide form).
#[multiversion::multiversion(targets(
    "x86_64+avx512f+avx512bw+avx512cd+avx512dq+avx512vl+avx2+fma+bmi1+bmi2+lzcnt+popcnt",
    "x86_64+avx2+fma+bmi1+bmi2+lzcnt+popcnt"
))]
pub fn sample_batch_into<M: TexelMemory + ?Sized>(
    view: Result<&TextureHeader, Invalid>,
    sampler: Result<&SamplerHeader, Invalid>,
    mem: &M,
    reqs: &[SampleRequest],
    out: &mut [Quad],
) -> Result<(), (usize, SampleError)> {
    let lanes = multiversion::target::target_cfg_f!(all(target_arch = "x86_64", target_feature = "avx2"));
    let wide = multiversion::target::target_cfg_f!(all(
        target_arch = "x86_64",
        target_feature = "avx512cd",
        target_feature = "avx512vl",
        target_feature = "avx2"
    ));
    match (lanes, wide) {
        (true, true) => sample_batch_into_form::<true, true, M>(view, sampler, mem, reqs, out),
        (true, false) => sample_batch_into_form::<true, false, M>(view, sampler, mem, reqs, out),
        _ => sample_batch_into_form::<false, false, M>(view, sampler, mem, reqs, out),
    }
}

/// Which copy [`sample_batch_into`] runs on this CPU: `"avx512"`, `"avx2"` or `"baseline"`
/// (for reports next to throughput figures).
pub fn selected_copy() -> &'static str {
    #[multiversion::multiversion(targets(
        "x86_64+avx512f+avx512bw+avx512cd+avx512dq+avx512vl+avx2+fma+bmi1+bmi2+lzcnt+popcnt",
        "x86_64+avx2+fma+bmi1+bmi2+lzcnt+popcnt"
    ))]
    fn copy() -> &'static str {
        let avx512 = multiversion::target::target_cfg_f!(all(target_arch = "x86_64", target_feature = "avx512f"));
        let avx2 = multiversion::target::target_cfg_f!(all(target_arch = "x86_64", target_feature = "avx2"));
        match (avx512, avx2) {
            (true, _) => "avx512",
            (false, true) => "avx2",
            (false, false) => "baseline",
        }
    }
    copy()
}
