//! On-target self-check and lock-step check.
//!
//! 1. **Self-check**: the embedded vector set `firmware/generated/selfcheck.bin` (generated
//!    on the host from the texcore model by `texcore_hal::selfcheck::generate`, every op kind)
//!    is run on the target through [`SoftSampler`] — the core compiled for this CPU — and
//!    every reply is compared with the host's.
//! 2. **Lock-step**: the same set is run through a [`LockstepSampler`] pairing the FPGA
//!    driver ([`FpgaSampler`] over SPI) with the soft sampler, so every FPGA answer is
//!    checked by the model. Without a board profile the SPI device is [`SimulatedFpga`], the
//!    core behind the same protocol; with feature `stm32f4` the driver takes the board's
//!    SPI bus and GPIO pins (`board.rs`); with feature `soc` the SPI master and GPIO of the
//!    soft-core system `texcore_soc`, wired to the sampler RTL (`soc.rs`).
//!
//! With the `fail` feature one expected bit of the set is flipped first: the run must then
//! report exactly one failure (`cargo xtask test` runs it to prove the check can fail).

use texcore_hal::selfcheck::{self, SCENE_CBANK, SCENE_HEADERS, SCENE_MEMORY_CAP, SCENE_SAMPLERS};
use texcore_hal::SoftSampler;
#[cfg(not(any(feature = "stm32f4", feature = "soc")))]
use texcore_hal::{Config, FpgaSampler, LockstepSampler, SimulatedFpga};

use super::log;

static BLOB: &[u8] = include_bytes!("../../generated/selfcheck.bin");

type Soft<'m> = SoftSampler<'m, SCENE_HEADERS, SCENE_SAMPLERS, SCENE_CBANK>;

/// Runs the self-check and the lock-step check; returns (passed, failed).
pub fn run() -> (u32, u32) {
    #[cfg(feature = "fail")]
    let mut copy = [0u8; 40 * 1024];
    #[cfg(feature = "fail")]
    let blob: &[u8] = {
        let n = BLOB.len().min(copy.len());
        copy[..n].copy_from_slice(&BLOB[..n]);
        let _ = selfcheck::flip_expected_bit(&mut copy[..n], 3, 0, 0);
        &copy[..n]
    };
    #[cfg(not(feature = "fail"))]
    let blob: &[u8] = BLOB;

    let report = |i: usize, _op: &texcore_hal::Op, _got: &texcore_hal::Reply, _want: &[u32]| {
        log!("record {} FAILED", i as u32);
    };

    // 1. Self-check on the soft sampler (the core on this CPU).
    let (passed, failed) = soft_check(blob, report);

    // 2. Lock-step: the FPGA driver against the soft sampler.
    let (p, f) = lockstep(blob, report);
    // 3. The target's forms of the RGBA8 single-level kernel against the general path (a
    //    build of its own: its extra call sites would change the inlining that the
    //    benchmarks of the default build measure).
    #[cfg(feature = "check-forms")]
    let (p, f) = {
        let (kp, kf) = kernel_forms();
        (p + kp, f + kf)
    };
    (passed + p, failed + f)
}

/// The sampling entry points whose RGBA8 single-level kernel has target-specific forms (the
/// per-call op's route before validation, the warp, the bound descriptors) on the
/// benchmark's texture, against the same texels read through a view the kernel does not
/// take (memory from the texture's second byte and a base address one byte lower, so the
/// base is not word-aligned: the general path). Two byte orders, linear and nearest filters, CLAMP_TO_EDGE and REPEAT, 16 quads
/// each with texel offsets; returns (passed, failed) quads.
#[cfg(feature = "check-forms")]
#[inline(never)]
fn kernel_forms() -> (u32, u32) {
    use super::bench::{quad, TEX, W};
    use texcore::descriptor::{Filter, Format, MipFilter, SamplerHeader, TextureHeader, TextureType, WrapMode};
    use texcore::op::sample::{sample_quad_into, sample_warp_into, SampleBinding, SampleRequest};
    let (mut passed, mut failed) = (0, 0);
    let reqs: [SampleRequest; 8] = core::array::from_fn(|i| {
        let mut r = SampleRequest::new(quad(3 + i as u32 * 37, 5 + i as u32 * 29, 1 + (i as u32 & 1), 1, 2 * W));
        r.offset = [i as i32 - 4, 3 - i as i32, 0];
        r
    });
    for (f, wrap, filter) in [
        (Format::RGBA8_UNORM, WrapMode::ClampToEdge, Filter::Linear),
        (Format::BGRA8_UNORM, WrapMode::Repeat, Filter::Linear),
        (Format::RGBA8_UNORM, WrapMode::Repeat, Filter::Nearest),
        (Format::BGRA8_UNORM, WrapMode::ClampToEdge, Filter::Nearest),
    ] {
        // Texel bytes from address 4 in both views: `TEX[4 + a]`.
        let tex = TextureHeader { base_address: 4, ..TextureHeader::new(TextureType::TwoD, f, W, W, 1, 1) };
        let general = TextureHeader { base_address: 3, ..tex };
        let s = SamplerHeader {
            wrap: [wrap; 3],
            mag_filter: filter,
            min_filter: filter,
            mip_filter: MipFilter::None,
            ..SamplerHeader::default()
        };
        let bound = SampleBinding::new(Ok(&tex), Ok(&s));
        let mut warp = [[[0u32; 4]; 4]; 8];
        let warp_ok = sample_warp_into(Ok(&tex), Ok(&s), &TEX[..], &reqs, &mut warp).is_ok();
        for (r, w) in reqs.iter().zip(warp.iter()) {
            let (mut want, mut call, mut b) = ([[0u32; 4]; 4], [[1u32; 4]; 4], [[2u32; 4]; 4]);
            let ok = sample_quad_into(Ok(&general), Ok(&s), &TEX[1..], r, &mut want).is_ok()
                && sample_quad_into(Ok(&tex), Ok(&s), &TEX[..], r, &mut call).is_ok()
                && bound.sample_quad_into(&TEX[..], r, &mut b).is_ok();
            if ok && warp_ok && call == want && b == want && *w == want {
                passed += 1;
            } else {
                failed += 1;
            }
        }
    }
    log!("kernel forms: {} quads passed, {} failed", passed, failed);
    (passed, failed)
}

/// The self-check on the core; out of line, so its sampler's memory leaves the stack before
/// the lock-step run builds its own (the soft-core's RAM holds one at a time).
#[inline(never)]
fn soft_check(blob: &[u8], report: impl FnMut(usize, &texcore_hal::Op, &texcore_hal::Reply, &[u32])) -> (u32, u32) {
    let mut mem = [0u8; SCENE_MEMORY_CAP];
    let mut soft: Soft<'_> = SoftSampler::new(&mut mem);
    match selfcheck::run(blob, &mut soft, report) {
        Ok(s) => {
            log!("self-check: {} records passed, {} failed, {} skipped", s.passed, s.failed, s.skipped);
            (s.passed, s.failed)
        }
        Err(_) => {
            log!("self-check: the vector set could not be run");
            (0, 1)
        }
    }
}

/// The lock-step run on the board's FPGA.
#[cfg(feature = "stm32f4")]
fn lockstep(blob: &[u8], report: impl FnMut(usize, &texcore_hal::Op, &texcore_hal::Reply, &[u32])) -> (u32, u32) {
    super::board::lockstep(blob, report)
}

/// The lock-step run on the sampler RTL of the texcore_soc system.
#[cfg(feature = "soc")]
fn lockstep(blob: &[u8], report: impl FnMut(usize, &texcore_hal::Op, &texcore_hal::Reply, &[u32])) -> (u32, u32) {
    super::soc::lockstep(blob, report)
}

/// The lock-step run on the simulated FPGA (the core behind the SPI protocol).
#[cfg(not(any(feature = "stm32f4", feature = "soc")))]
fn lockstep(blob: &[u8], report: impl FnMut(usize, &texcore_hal::Op, &texcore_hal::Reply, &[u32])) -> (u32, u32) {
    let mut fmem = [0u8; SCENE_MEMORY_CAP];
    let sim: SimulatedFpga<'_, SCENE_HEADERS, SCENE_SAMPLERS, SCENE_CBANK> = SimulatedFpga::new(&mut fmem);
    let mut fpga = FpgaSampler::new(sim.spi(), sim.busy_pin(), sim.reset_pin(), sim.delay(), Config::default());
    if fpga.init().is_err() {
        log!("lock-step: FPGA init failed");
        return (0, 1);
    }
    let mut smem = [0u8; SCENE_MEMORY_CAP];
    let soft2: Soft<'_> = SoftSampler::new(&mut smem);
    let mut pair = LockstepSampler::new(fpga, soft2);
    match selfcheck::run(blob, &mut pair, report) {
        Ok(s) => {
            log!("lock-step: {} records agreed and passed, {} failed, {} skipped", s.passed, s.failed, s.skipped);
            (s.passed, s.failed)
        }
        Err(_) => {
            log!("lock-step: divergence or device error");
            (0, 1)
        }
    }
}
