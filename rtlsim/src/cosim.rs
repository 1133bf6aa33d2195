//! The co-simulation runs of `texcore_sampler` through the unchanged
//! [`FpgaSampler`](texcore_hal::FpgaSampler): each returns a [`Outcome`] (checks passed and
//! failed, lock-step divergences, simulated cycles).
//!
//! | run | what | passes when |
//! |---|---|---|
//! | [`selfcheck`] | the embedded self-check set (`firmware/generated/selfcheck.bin`) | every record of an op in the device's CAPS matches; the others are skipped |
//! | [`lockstep_vectors`] | `LockstepSampler(FpgaSampler<RTL>, SoftSampler)` over the op-level `fetch` / `store` vectors and their images | 0 divergences, no device error |
//! | [`lockstep_ops`] | the same pair over seeded ops of every implemented op code ([`OpGen`]) on the self-check scene: the query ops, fetch, LOAD, STORE, atomics, `SAMPLE_L` | 0 divergences, no device error; `ERR_UNSUPPORTED` only outside the sampling subset |
//! | [`lockstep_sample`] | the pair over seeded TGSI `SAMPLE_L`, `SAMPLE`, `SAMPLE_B`, `SAMPLE_D`, `TEX`, `TXB`, `TXL`, `TXD` quads (in turn) on views and samplers at both sides of the sampling subset ([`Subset::RTL`]): RGBA8 / BGRA8 / R8 / RG8 2D, 2D array and 2D no-mipmap views, pitch-linear and 4×4 tiled, of odd sizes, unaligned bases, mips, swizzles, the 65 536-texel axis; nearest / linear, all five wrap modes with border colours (NaN, negative, above 1, rounding ties), mip none / nearest / linear with sampler LOD bias and clamps and explicit LODs with S8.8 rounding ties; coordinates far outside the texture and special values | every admitted op equals the model, every other answers `ERR_UNSUPPORTED` |
//! | [`lockstep_compare`] | the pair over seeded TGSI `SAMPLE_C_LZ`, `GATHER4`, `SAMPLE_C` and shadow `TEX` / `TXB` / `TXL` / `TXD` quads and NVIDIA `TLD4S` lanes (in turn; `TLD4S` on bindless handles of the same views and samplers, every component, `.AOFFI`, `.DC`, `.F16` on a quarter (depth codes a double rounding gets wrong on two views); `SAMPLE_C` and the shadow forms mostly on coherent quads, their LOD from the quad's differences, the bias, the LOD or the derivatives; the shadow reference in `src0.z`, a 2D array's in `src0.w` with the bias or LOD in `src1.x`; gathers of every component, the compare form, offsets −32 … 31 and out of range, components above 3) on depth (`Z16_UNORM`, `X8Z24_UNORM`, `Z24S8_UNORM`, `Z32_FLOAT`) and RGBA8-family views at both sides of the subset: pitch-linear and tiled, arrays, no-mipmap, mip chains; every compare function, nearest / linear (PCF), all wrap modes with border depths that round, clamp or are NaN; references equal to texels, special values, offsets out of range, an integer format (the core's `Compare` rejection) | every admitted op equals the model, every other answers `ERR_UNSUPPORTED` |
//! | [`frames`] | raw command frames — well-formed, malformed, CRC-damaged, replays, every command and status — into the RTL and into [`SimulatedFpga`], responses compared byte for byte | every response identical |
//! | [`faults`] | the lock-step pair with wire faults (MISO bit flips, dropped SCK edges, BUSY held high) | every `Ok` equals the model; every failure is a typed error |
//! | [`garbage`] | random bytes, lengths and partial bytes on the bus, each followed by a valid command | every valid command succeeds |

use std::time::Instant;

use anyhow::{anyhow, bail, Result};
use embedded_hal::delay::DelayNs;
use embedded_hal::digital::{InputPin, OutputPin};
use embedded_hal::spi::{Operation, SpiDevice};
use texcore::descriptor::{
    Filter, Format, Layout, MipFilter, MsMode, SamplerHeader, Swizzle, SwizzleSource, TextureHeader, TextureType,
    WrapMode,
};
use texcore_hal::protocol::{self, cmd, reg, FETCH};
use texcore_hal::selfcheck::{self, OpGen, Rng, Scene};
use texcore_hal::subset::{handle_descriptors, sample_pointers};
use texcore_hal::{
    Config, Error, FpgaSampler, LockstepError, LockstepSampler, Op, SamplerDevice, SimulatedFpga, SoftSampler, Subset,
};

use crate::model::{Rtl, RtlBusy, RtlDelay, RtlError, RtlReset, RtlSpi, Target, WireFault};
use crate::model::{CBANK_WORDS as C, HEADER_ENTRIES as H, MEM_BYTES, SAMPLER_ENTRIES as S};
use crate::stimuli;

/// The driver on the RTL.
pub type Fpga<'a> = FpgaSampler<RtlSpi<'a>, RtlBusy<'a>, RtlReset<'a>, RtlDelay<'a>>;
/// The model with the RTL's capacities.
pub type Soft<'m> = SoftSampler<'m, H, S, C>;

/// The embedded self-check set.
pub const SELFCHECK_BLOB: &[u8] = include_bytes!("../../firmware/generated/selfcheck.bin");

/// The driver settings of the runs: the defaults with a 100 ns `BUSY` poll and a 1 ms
/// command timeout (the simulation pays for every idle clock; the longest command, RESET,
/// takes 41 µs at 50 MHz).
pub fn config() -> Config {
    Config { poll_interval_ns: 100, timeout_ns: 1_000_000, ..Config::default() }
}

/// What a run found.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    /// Run name.
    pub name: &'static str,
    /// Checks that passed (records, ops, frames, rounds).
    pub passed: u64,
    /// Checks that failed.
    pub failed: u64,
    /// Lock-step divergences among the failures.
    pub divergences: u64,
    /// Ops executed on the device.
    pub ops: u64,
    /// Clock cycles simulated.
    pub cycles: u64,
    /// Wall time.
    pub seconds: f64,
    /// Ops the device refused with `ERR_UNSUPPORTED` where its sampling subset does not
    /// admit them (not failures).
    pub refused: u64,
    /// Sampling ops the subset governs (TGSI `SAMPLE_L`, `SAMPLE`, `SAMPLE_B`, `SAMPLE_D`, the
    /// `TEX` family, `SAMPLE_C_LZ`, `GATHER4`) admitted by the sampling subset and equal to
    /// the model (among `passed`).
    pub sampling: u64,
    /// Sampling ops the subset governs refused outside it (among `refused`).
    pub sampling_refused: u64,
    /// One line of details.
    pub note: String,
}

impl Outcome {
    fn new(name: &'static str) -> Outcome {
        Outcome { name, ..Outcome::default() }
    }
}

fn rtl_err(e: RtlError) -> anyhow::Error {
    anyhow!("{e}")
}

/// A fresh device and a driver on it, initialised (hard reset, identification).
fn fpga(rtl: &Rtl) -> Result<Fpga<'_>> {
    let mut f = FpgaSampler::new(rtl.spi(), rtl.busy_pin(), rtl.reset_pin(), rtl.delay(), config());
    f.init().map_err(|e| anyhow!("init: {e}"))?;
    Ok(f)
}

/// The op codes the device implements (its CAPS / CAPS1).
pub fn implemented(fpga: &mut Fpga<'_>) -> Result<Vec<u8>> {
    let l = fpga.limits().map_err(|e| anyhow!("limits: {e}"))?;
    Ok(protocol::OPS.iter().filter(|d| l.caps >> d.cap_bit & 1 == 1).map(|d| d.code).collect())
}

fn finish(mut o: Outcome, rtl: &Rtl, c0: u64, t0: Instant) -> Result<Outcome> {
    o.cycles = rtl.cycles().map_err(rtl_err)? - c0;
    o.seconds = t0.elapsed().as_secs_f64();
    Ok(o)
}

/// The embedded self-check set through the driver: records of implemented ops must pass,
/// the others are skipped (CAPS).
pub fn selfcheck(rtl: &Rtl) -> Result<Outcome> {
    let (t0, c0) = (Instant::now(), rtl.cycles().map_err(rtl_err)?);
    let mut o = Outcome::new("selfcheck");
    let mut f = fpga(rtl)?;
    let mut reports = Vec::new();
    let s = selfcheck::run(SELFCHECK_BLOB, &mut f, |i, op, reply, exp| {
        if reports.len() < 5 {
            reports.push(format!("record {i}: {op:?}: device {reply:?}, expected words {exp:x?}"));
        }
    })
    .map_err(|e| anyhow!("self-check: {e:?}"))?;
    for r in &reports {
        eprintln!("selfcheck mismatch: {r}");
    }
    o.passed = s.passed.into();
    o.failed = s.failed.into();
    o.ops = u64::from(s.passed + s.failed);
    o.note = format!(
        "{} records, {} skipped (op not in CAPS, or outside the sampling subset)",
        s.passed + s.failed + s.skipped,
        s.skipped
    );
    finish(o, rtl, c0, t0)
}

/// Whether the RTL's sampling subset admits `op` on the model's descriptors.
fn admitted(soft: &Soft<'_>, op: &Op) -> bool {
    if let Some((v, s)) = handle_descriptors(op, &soft.bindings()) {
        return Subset::RTL.admits(op, v.as_ref().map_err(|e| *e), s.as_ref().map_err(|e| *e));
    }
    let Some((v, s)) = sample_pointers(op) else { return true };
    let (v, s) = (soft.view(v), soft.sampler(s));
    Subset::RTL.admits(op, v.as_ref().map_err(|e| *e), s.as_ref().map_err(|e| *e))
}

/// Runs `ops` on the pair, counting matches, divergences and errors; `ERR_UNSUPPORTED` is
/// a refusal (not a failure) where the sampling subset does not admit the op or the
/// device's `CAPS` (read at `identify`) does not have it.
fn run_pair(o: &mut Outcome, pair: &mut LockstepSampler<Fpga<'_>, Soft<'_>>, ops: &[Op]) {
    for op in ops {
        o.ops += 1;
        let sampling = Subset::RTL.governs(op.code());
        match pair.execute(op) {
            Ok(_) => {
                o.passed += 1;
                o.sampling += u64::from(sampling);
            }
            Err(LockstepError::A(Error::Unsupported(_)))
                if !admitted(&pair.b, op) || pair.a.cached_limits().is_some_and(|l| !l.supports(op)) =>
            {
                o.refused += 1;
                o.sampling_refused += u64::from(sampling);
            }
            Err(e) => {
                o.failed += 1;
                if matches!(e, LockstepError::Divergence(_)) {
                    o.divergences += 1;
                }
                if o.failed <= 5 {
                    eprintln!("{}: {e:?}", o.name);
                }
            }
        }
    }
}

/// `LockstepSampler(FpgaSampler<RTL>, SoftSampler)` over the first `limit` vectors of the
/// op-level units `fetch`, `store` and (where `dir` has it) `sample` in `dir` (their images
/// uploaded first); the `sample` vectors that TGSI `SAMPLE_L` expresses
/// ([`stimuli::read_set`]) run, those outside the sampling subset must answer
/// `ERR_UNSUPPORTED`.
pub fn lockstep_vectors(rtl: &Rtl, dir: &std::path::Path, limit: usize) -> Result<Outcome> {
    let (t0, c0) = (Instant::now(), rtl.cycles().map_err(rtl_err)?);
    let mut o = Outcome::new("lockstep-vectors");
    let img = stimuli::read_images(dir)?;
    if img.texmem.len() > MEM_BYTES || img.headers.len() > H || img.samplers.len() > S {
        bail!("the vector images do not fit the device");
    }
    let mut mem = vec![0u8; MEM_BYTES];
    let soft: Soft<'_> = SoftSampler::new(&mut mem);
    let mut pair = LockstepSampler::new(fpga(rtl)?, soft);
    let up = |pair: &mut LockstepSampler<Fpga<'_>, Soft<'_>>| -> Result<(), String> {
        let e = |e| format!("{e:?}");
        pair.reset().map_err(e)?;
        for (i, w) in (0u32..).zip(&img.headers) {
            pair.write_header(i, w).map_err(e)?;
        }
        for (i, w) in (0u32..).zip(&img.samplers) {
            pair.write_sampler(i, w).map_err(e)?;
        }
        pair.set_header_pool_max(protocol_pool_max()).map_err(e)?;
        pair.set_sampler_pool_max(protocol_pool_max()).map_err(e)?;
        pair.write_memory(0, &img.texmem).map_err(e)
    };
    up(&mut pair).map_err(|e| anyhow!("upload: {e}"))?;
    let mut sets = Vec::new();
    for unit in ["fetch", "store", "sample"] {
        if unit == "sample" && !stimuli::has_unit(dir, unit) {
            continue;
        }
        let set = stimuli::read_set(dir, unit, limit)?;
        let n = set.ops.len();
        let (passed, refused) = (o.passed, o.refused);
        run_pair(&mut o, &mut pair, &set.ops);
        sets.push(if unit == "sample" {
            format!(
                "{n} sample as SAMPLE_L ({} compared, {} refused outside the sampling subset; {} other sample vectors not run)",
                o.passed - passed,
                o.refused - refused,
                set.skipped
            )
        } else {
            format!("{n} {unit}")
        });
    }
    o.note = format!("vectors: {}", sets.join(", "));
    finish(o, rtl, c0, t0)
}

/// `MaximumIndex` of the vector runs: every pointer within the registers, so a pointer
/// past a pool is what makes it unbound.
const fn protocol_pool_max() -> u32 {
    texcore_hal::soft::POOL_MAX_LIMIT
}

/// The pair over `n` seeded ops, round robin over every implemented op code, on the
/// self-check scene (NVIDIA and TGSI queries, Intel INFO, fetch, LOAD, STORE, atomics).
pub fn lockstep_ops(rtl: &Rtl, seed: u64, n: usize) -> Result<Outcome> {
    let (t0, c0) = (Instant::now(), rtl.cycles().map_err(rtl_err)?);
    let mut o = Outcome::new("lockstep-ops");
    let mut mem = vec![0u8; MEM_BYTES];
    let soft: Soft<'_> = SoftSampler::new(&mut mem);
    let mut f = fpga(rtl)?;
    let codes = implemented(&mut f)?;
    let mut pair = LockstepSampler::new(f, soft);
    let scene = Scene::new(seed).ok_or_else(|| anyhow!("scene"))?;
    scene.upload(&mut pair).map_err(|e| anyhow!("upload: {e:?}"))?;
    let mut gen = OpGen::new(seed ^ 0x5EED_0F0F);
    let mut ops = Vec::with_capacity(n);
    for i in 0..n {
        let code = codes[i % codes.len()];
        ops.push(gen.op(code).ok_or_else(|| anyhow!("op {code:#x}"))?);
    }
    run_pair(&mut o, &mut pair, &ops);
    o.note = format!("{} op codes, {} refused outside the sampling subset", codes.len(), o.refused);
    finish(o, rtl, c0, t0)
}

/// Views of the [`lockstep_sample`] run, at header pointers `SAMPLE_VIEW0 ..` (after the
/// scene's): inside the RTL's sampling subset, then outside it.
const SAMPLE_VIEW0: u32 = 16;
/// Samplers of the run, at sampler pointers `SAMPLE_SMP0 ..`.
const SAMPLE_SMP0: u32 = 8;
/// How many of [`sample_views`] and of [`sample_samplers`] are inside the subset.
const SAMPLE_IN: [u32; 2] = [14, 15];

/// The 2D types (the sampling subset's).
fn two_d(t: TextureType) -> bool {
    matches!(t, TextureType::TwoD | TextureType::TwoDArray | TextureType::TwoDNoMipmap)
}

/// A single-level pitch-linear 2D view, identity swizzle (the seeded views' starting point).
fn view_2d(format: Format, w: u32, h: u32, base_address: u32, row_pitch: u32) -> TextureHeader {
    TextureHeader {
        ty: TextureType::TwoD,
        format,
        srgb: false,
        layout: Layout::PitchLinear,
        ms_mode: MsMode::Mode1x1,
        swizzle: Swizzle::IDENTITY,
        base_address,
        width: w,
        height: h,
        depth: 1,
        levels: 1,
        base_level: 0,
        quilt_width: 0,
        quilt_height: 0,
        row_pitch,
    }
}

fn sample_views() -> Vec<TextureHeader> {
    let v = view_2d;
    use SwizzleSource as Z;
    vec![
        v(Format::RGBA8_UNORM, 5, 3, 1, 20),
        TextureHeader { swizzle: Swizzle([Z::B, Z::R, Z::One, Z::Zero]), ..v(Format::BGRA8_UNORM, 7, 9, 64, 28) },
        TextureHeader { levels: 5, base_level: 1, ..v(Format::RGBA8_UNORM, 16, 16, 0, 64) },
        v(Format::RGBA8_UNORM, 1, 1, 6, 4),
        v(Format::BGRA8_UNORM, 300, 40, 2002, 1203),
        v(Format::RGBA8_UNORM, 65536, 2, 0, 262_144),
        TextureHeader { levels: 3, base_level: 2, ..v(Format::BGRA8_UNORM, 13, 64, 3, 52) },
        TextureHeader { layout: Layout::Tiled4x4, ..v(Format::RGBA8_UNORM, 9, 7, 12, 0) },
        TextureHeader { levels: 4, base_level: 1, layout: Layout::Tiled4x4, ..v(Format::BGRA8_UNORM, 22, 30, 5, 0) },
        v(Format::R8_UNORM, 11, 6, 3, 13),
        TextureHeader { layout: Layout::Tiled4x4, ..v(Format::RG8_UNORM, 6, 10, 1, 0) },
        TextureHeader { ty: TextureType::TwoDArray, depth: 3, ..v(Format::RGBA8_UNORM, 5, 6, 40, 20) },
        TextureHeader {
            ty: TextureType::TwoDArray,
            depth: 5,
            levels: 2,
            base_level: 1,
            layout: Layout::Tiled4x4,
            ..v(Format::R8_UNORM, 14, 9, 2, 0)
        },
        TextureHeader { ty: TextureType::TwoDNoMipmap, depth: 4, ..v(Format::RG8_UNORM, 7, 5, 6, 16) },
        // outside the subset
        TextureHeader { srgb: true, ..v(Format::RGBA8_UNORM, 8, 8, 0, 32) },
        v(Format::RGBA16_FLOAT, 8, 8, 0, 64),
        TextureHeader { ty: TextureType::ThreeD, depth: 3, ..v(Format::RGBA8_UNORM, 8, 8, 0, 32) },
        v(Format::R8_SNORM, 8, 8, 0, 8),
    ]
}

fn sample_samplers() -> Vec<SamplerHeader> {
    let s = |ws: WrapMode, wt: WrapMode, mag: Filter, min: Filter, mip: MipFilter| SamplerHeader {
        wrap: [ws, wt, WrapMode::ClampToBorder],
        mag_filter: mag,
        min_filter: min,
        mip_filter: mip,
        border_color: [0x3F80_0000, 0, 0x3F00_0000, 0x3F80_0000],
        ..SamplerHeader::default()
    };
    // sampler LOD bias (S8.8), min and max LOD (U8.8)
    let lods = |bias: i16, min: u16, max: u16, h: SamplerHeader| SamplerHeader {
        lod_bias: fixed::types::I8F8::from_bits(bias),
        min_lod: fixed::types::U8F8::from_bits(min),
        max_lod: fixed::types::U8F8::from_bits(max),
        ..h
    };
    // border colours that quantise with rounding, clamp, and take NaN and -0 to 0
    let b = |border_color: [u32; 4], h: SamplerHeader| SamplerHeader { border_color, ..h };
    use Filter::{Linear as L, Nearest as N};
    use WrapMode::{ClampToBorder as B, ClampToEdge as C, MirrorClampToEdge as X, MirroredRepeat as M, Repeat as R};
    vec![
        s(R, R, L, L, MipFilter::None),
        s(C, C, N, N, MipFilter::None),
        s(R, C, L, L, MipFilter::None),
        s(C, R, N, N, MipFilter::None),
        s(M, R, L, L, MipFilter::None),
        b([0x3E80_0000, 0x3F40_0000, 0x3DCC_CCCD, 0x3F2A_AAAB], s(B, B, L, L, MipFilter::None)),
        b([0x7FC0_0000, 0xBF80_0000, 0x4000_0000, 0x8000_0000], s(B, M, N, N, MipFilter::None)),
        b([0x3B80_8081, 0x3F7F_7F7F, 0x3EFF_0000, 0x3F00_0001], s(X, B, L, L, MipFilter::None)),
        s(M, X, N, N, MipFilter::None),
        s(X, M, L, L, MipFilter::None),
        s(C, C, L, L, MipFilter::Linear),
        lods(0x0180, 0x0040, 0x0380, s(R, B, L, L, MipFilter::Linear)),
        lods(-0x0100, 0, 0x0240, s(M, C, N, N, MipFilter::Nearest)),
        lods(0, 0x0500, 0x0200, s(X, R, L, L, MipFilter::Nearest)),
        lods(-0x0F00, 0x0080, 0xFFFF, s(C, M, L, L, MipFilter::Linear)),
        // outside the subset
        s(R, R, L, N, MipFilter::None),
        s(C, C, L, N, MipFilter::Linear),
        SamplerHeader { max_anisotropy_log2: 2, ..s(R, R, L, L, MipFilter::None) },
    ]
}

/// A binary32 coordinate for [`lockstep_sample`]: mostly in [-3, 4) on a 1/65536 grid,
/// sometimes far outside the texture or a special value.
fn sample_coord(rng: &mut Rng) -> u32 {
    match rng.below(32) {
        0 => rng.pick(&[0x7FC0_0000, 0x7F80_0000, 0xFF80_0000, 0x8000_0000, 0x0000_0001, 0x3F80_0000], 0),
        1 => rng.u32() & 0xBFFF_FFFF | 0x0400_0000,
        2 => ((f64::from(rng.below(1 << 20) as i32 - (1 << 19)) / 16.0) as f32).to_bits(),
        _ => ((f64::from(rng.below(7 << 16) as i32 - (3 << 16)) / 65536.0) as f32).to_bits(),
    }
}

/// A binary32 array-layer coordinate for [`lockstep_sample`]: mostly in [-1, 6) on a 1/8
/// grid (the rounding ties of `select_layer` included), sometimes a special value.
fn sample_layer(rng: &mut Rng) -> u32 {
    match rng.below(8) {
        0 => rng.pick(&[0x7FC0_0000, 0x7F80_0000, 0xFF80_0000, 0x8000_0000, 0x3EFF_FFFF, 0x4B00_0000], 0),
        _ => ((f64::from(rng.below(56) as i32 - 8) / 8.0) as f32).to_bits(),
    }
}

/// An explicit LOD for [`lockstep_sample`]: mostly in [-2, 7) on a 1/512 grid (the S8.8
/// rounding ties included), sometimes a special value.
fn sample_lod(rng: &mut Rng) -> u32 {
    match rng.below(16) {
        0 => rng.pick(&[0x7FC0_0000, 0x7F80_0000, 0xFF80_0000, 0x8000_0000, 0x4700_0000, 0x3B00_0000], 0),
        _ => ((f64::from(rng.below(9 << 9) as i32 - (2 << 9)) / 512.0) as f32).to_bits(),
    }
}

/// A binary32 `w` of TGSI `TXP` (the divisor of x, y, z): mostly ±[0.5, 2.5) on a fine
/// grid (quotients with a rounding), sometimes a special value (0, ∞, NaN, a subnormal).
fn txp_w(rng: &mut Rng) -> u32 {
    match rng.below(16) {
        0 => rng.pick(&[0x0000_0000, 0x8000_0000, 0x7F80_0000, 0x7FC0_0000, 0x0000_0001, 0x3F80_0000], 0),
        k => {
            let m = 0.5 + f64::from(rng.below(1 << 16)) / 32768.0;
            ((if k == 1 { -m } else { m }) as f32).to_bits()
        }
    }
}

/// `LockstepSampler(FpgaSampler<RTL>, SoftSampler)` over `n` seeded sampling quads, the op
/// codes of [`SAMPLE_CODES`] in turn (the derivative and `TEX` forms filled by
/// [`deriv_operands`]),
/// on the self-check scene (its memory followed by seeded bytes up to the device's size)
/// with the views of [`sample_views`] and the samplers of
/// [`sample_samplers`] (three ops in four), or the scene's own (one in four): every op
/// the sampling subset admits must equal the model, every other must answer
/// `ERR_UNSUPPORTED`.
pub fn lockstep_sample(rtl: &Rtl, seed: u64, n: usize) -> Result<Outcome> {
    let (t0, c0) = (Instant::now(), rtl.cycles().map_err(rtl_err)?);
    let mut o = Outcome::new("lockstep-sample");
    let mut mem = vec![0u8; MEM_BYTES];
    let soft: Soft<'_> = SoftSampler::new(&mut mem);
    let mut pair = LockstepSampler::new(fpga(rtl)?, soft);
    let scene = Scene::new(seed).ok_or_else(|| anyhow!("scene"))?;
    scene.upload(&mut pair).map_err(|e| anyhow!("upload: {e:?}"))?;
    // The whole texel memory on both (the views reach past the scene's memory): the
    // scene's bytes, then seeded bytes.
    let mut rng = Rng::new(seed ^ 0x0005_A3B1);
    let mut image: Vec<u8> = scene.memory().to_vec();
    image.resize_with(MEM_BYTES, || rng.u32() as u8);
    pair.write_memory(0, &image).map_err(|e| anyhow!("memory: {e:?}"))?;
    let (views, samplers) = (sample_views(), sample_samplers());
    for (i, h) in (SAMPLE_VIEW0..).zip(&views) {
        pair.write_texture_header(i, h).map_err(|e| anyhow!("header {i}: {e:?}"))?;
    }
    for (i, s) in (SAMPLE_SMP0..).zip(&samplers) {
        pair.write_sampler_header(i, s).map_err(|e| anyhow!("sampler {i}: {e:?}"))?;
    }
    pair.set_header_pool_max(SAMPLE_VIEW0 + views.len() as u32 - 1).map_err(|e| anyhow!("{e:?}"))?;
    pair.set_sampler_pool_max(SAMPLE_SMP0 + samplers.len() as u32 - 1).map_err(|e| anyhow!("{e:?}"))?;
    let mut gen = OpGen::new(seed ^ 0x5A3B_1E00);
    let mut ops = Vec::with_capacity(n);
    let mut tmml_edges = 0u64;
    for i in 0..n {
        // the op codes in turn: SAMPLE_L, SAMPLE, SAMPLE_B, SAMPLE_D, TEX, TXB, TXL, TXD,
        // NV TMML
        let code = SAMPLE_CODES[i % SAMPLE_CODES.len()];
        let mut op = gen.op(code).ok_or_else(|| anyhow!("op"))?;
        if code == texcore_hal::protocol::op::NV_TMML {
            op = tmml_quad(&mut rng, views.len(), samplers.len());
            if rng.chance(1, 3) {
                if let Some(edge) = tmml_threshold(&mut rng, &op, &pair.b) {
                    op = edge;
                    tmml_edges += 1;
                }
            }
        } else if !rng.chance(1, 4) && code != texcore_hal::protocol::op::TGSI_SAMPLE_L {
            deriv_operands(&mut rng, &mut op, views.len(), samplers.len());
        } else if !rng.chance(1, 4) {
            if let Op::TgsiSampleL { view, sampler, address, offset, lod } = &mut op {
                // mostly the ones inside the subset (the first SAMPLE_IN of each list)
                let pick = |rng: &mut Rng, n: usize| {
                    if rng.chance(3, 4) {
                        rng.below(SAMPLE_IN[usize::from(n == samplers.len())])
                    } else {
                        rng.below(n as u32)
                    }
                };
                *view = SAMPLE_VIEW0 + pick(&mut rng, views.len());
                *sampler = SAMPLE_SMP0 + pick(&mut rng, samplers.len());
                for lane in address.iter_mut() {
                    lane[0] = sample_coord(&mut rng);
                    lane[1] = sample_coord(&mut rng);
                    lane[2] = sample_layer(&mut rng);
                }
                for l in lod.iter_mut() {
                    *l = sample_lod(&mut rng);
                }
                if rng.chance(1, 2) {
                    *offset = [rng.range(-8, 7) as i32, rng.range(-8, 7) as i32, 0];
                }
            }
        }
        ops.push(op);
    }
    // The ops that reach the pipeline: admitted, on a view and sampler that decode, with
    // their offsets in range (the others are the core's zeros and rejections).
    let piped = ops
        .iter()
        .filter(|op| match (sample_offset(op), sample_pointers(op)) {
            (Some(offset), Some((v, s))) => {
                offset.iter().all(|o| (-8..=7).contains(o))
                    && pair.b.view(v).is_ok_and(|h| two_d(h.ty))
                    && pair.b.sampler(s).is_ok()
                    && admitted(&pair.b, op)
            }
            _ => false,
        })
        .count();
    // Of those, the ones with a border, mirrored or mirror-once axis, a tiled view, an array
    // or no-mipmap view, an R8 or RG8 view.
    let count = |f: &dyn Fn(&TextureHeader, &SamplerHeader) -> bool| {
        ops.iter()
            .filter(|op| match (sample_offset(op), sample_pointers(op)) {
                (Some(offset), Some((v, s))) => {
                    offset.iter().all(|o| (-8..=7).contains(o))
                        && pair.b.view(v).is_ok_and(|h| two_d(h.ty))
                        && pair.b.view(v).is_ok_and(|h| pair.b.sampler(s).is_ok_and(|t| f(&h, &t)))
                        && admitted(&pair.b, op)
                }
                _ => false,
            })
            .count()
    };
    let modes = |m: WrapMode| count(&|_, t| t.wrap[..2].contains(&m));
    let (border, mirror, once) =
        (modes(WrapMode::ClampToBorder), modes(WrapMode::MirroredRepeat), modes(WrapMode::MirrorClampToEdge));
    let tiled = count(&|h, _| h.layout == Layout::Tiled4x4);
    let arrays = count(&|h, _| h.ty != TextureType::TwoD);
    let r8 = count(&|h, _| matches!(h.format, Format::R8_UNORM | Format::RG8_UNORM));
    let mips = count(&|h, t| t.mip_filter != MipFilter::None && h.levels > 1);
    // TMML quads that reach the LOD unit (admitted, a resolved 2D-family texture of the
    // description's class, single-sampled), and of those the ones whose major axis is
    // oblique (both components of the model's B nonzero)
    let (mut tmml_lod, mut tmml_oblique) = (0u64, 0u64);
    for op in &ops {
        let Op::NvTmml { source, desc, ra } = *op else { continue };
        let Some((Ok(h), Ok(_))) = handle_descriptors(op, &pair.b.bindings()) else { continue };
        if !(two_d(h.ty) && texcore::op::tmml::desc_matches(desc, h.ty) && h.samples() <= 1 && admitted(&pair.b, op)) {
            continue;
        }
        tmml_lod += 1;
        let b = texcore::op::tmml::tmml(&pair.b.bindings(), source, desc, &ra)[0][2];
        tmml_oblique += u64::from(b & 0xFF != 0 && b >> 8 & 0xFF != 0);
    }
    // op by op, to count the compared and refused ops of each code
    let mut per_op: Vec<(u8, u64, u64)> = SAMPLE_CODES.iter().map(|c| (*c, 0, 0)).collect();
    for op in &ops {
        let (p, r) = (o.passed, o.refused);
        run_pair(&mut o, &mut pair, core::slice::from_ref(op));
        if let Some(e) = per_op.iter_mut().find(|e| e.0 == op.code()) {
            e.1 += o.passed - p;
            e.2 += o.refused - r;
        }
    }
    let by_op: Vec<String> = per_op
        .iter()
        .map(|(c, p, r)| {
            let name = protocol::OPS.iter().find(|d| d.code == *c).map_or("?", |d| d.name);
            format!("{name} {p} compared / {r} refused")
        })
        .collect();
    o.note = format!(
        "{} admitted by the sampling subset and compared ({piped} through the pipeline: {border} with a \
         CLAMP_TO_BORDER axis, {mirror} MIRRORED_REPEAT, {once} MIRROR_CLAMP_TO_EDGE; {tiled} tiled, {arrays} \
         2D array or no-mipmap, {r8} R8 / RG8, {mips} mip nearest or linear on a mip chain; NV_TMML {tmml_lod} \
         through the LOD unit, {tmml_oblique} of them with an oblique major axis, {tmml_edges} at a step of B), {} \
         refused; by op: {}",
        o.passed,
        o.refused,
        by_op.join(", ")
    );
    finish(o, rtl, c0, t0)
}

/// The op codes [`lockstep_sample`] mixes: the ones [`Subset::RTL`] governs and NVIDIA
/// `TMML.LOD` (compared where the device's `CAPS` has it, else refused at the op-code
/// check).
const SAMPLE_CODES: [u8; 10] = [
    texcore_hal::protocol::op::TGSI_SAMPLE_L,
    texcore_hal::protocol::op::TGSI_SAMPLE,
    texcore_hal::protocol::op::TGSI_SAMPLE_B,
    texcore_hal::protocol::op::TGSI_SAMPLE_D,
    texcore_hal::protocol::op::TGSI_TEX,
    texcore_hal::protocol::op::TGSI_TXB,
    texcore_hal::protocol::op::TGSI_TXL,
    texcore_hal::protocol::op::TGSI_TXD,
    texcore_hal::protocol::op::TGSI_TXP,
    texcore_hal::protocol::op::NV_TMML,
];

/// An NVIDIA `TMML.LOD` quad of [`lockstep_sample`]: a bindless handle (sampler slot << 20 |
/// header slot) on the views and samplers of the `SAMPLE` ops (mostly inside the subset), a
/// 2D or 2D-array coordinate description seven times in eight (else any: a class that
/// does not match the view's type gives the core's zeros), and a coherent quad like
/// [`deriv_operands`]' (lane 0 moved by a step along x and y; the array index, where the
/// description has one, a small integer).
fn tmml_quad(rng: &mut Rng, views: usize, samplers: usize) -> Op {
    use texcore::op::tmml::CoordDesc;
    let pick = |rng: &mut Rng, n: usize| {
        if rng.chance(3, 4) {
            rng.below(SAMPLE_IN[usize::from(n == samplers)])
        } else {
            rng.below(n as u32)
        }
    };
    let (v, s) = (SAMPLE_VIEW0 + pick(rng, views), SAMPLE_SMP0 + pick(rng, samplers));
    let desc = if rng.chance(7, 8) {
        if rng.chance(1, 2) {
            CoordDesc::TwoD
        } else {
            CoordDesc::Array2D
        }
    } else {
        rng.pick(&CoordDesc::ALL, CoordDesc::TwoD)
    };
    let (sx, sy) = (sample_step(rng), sample_step(rng));
    let (tx, ty) = (sample_step(rng), sample_step(rng));
    let (x0, y0) = (sample_coord(rng), sample_coord(rng));
    let layer = rng.below(4);
    let ra = core::array::from_fn(|lane| {
        let (dx, dy) = ((lane & 1) as f32, (lane >> 1) as f32);
        let x = (f32::from_bits(x0) + dx * sx + dy * sy).to_bits();
        let y = (f32::from_bits(y0) + dx * tx + dy * ty).to_bits();
        if desc.is_array() {
            [layer, x, y, 0]
        } else {
            [x, y, 0, 0]
        }
    });
    Op::NvTmml { source: texcore::handle::HandleSource::Bindless((s << 20) | v), desc, ra }
}

/// A `TMML` quad of [`lockstep_sample`] moved onto a step of B (`texcore::op::tmml`: a
/// component is the number of thresholds of `LOD_UNIT_T` that `L_c − L_len` reaches), where
/// an off-by-one of the device's `log2` or threshold search changes the result: on `op`'s
/// texture (resolved through the model's bindings; `None` unless it is a 2D-family view of
/// the description's class), lane 1 is lane 0 moved by 1 … 4 texels along s and lane 2 by
/// 1/16 texel along t (x is the major axis), and lane 1's t is bisected over its binary32
/// values to the step where a random component (u or v) of B crosses a random count
/// 1 … 64; one side of the step is taken (lane 3 is lane 1).
fn tmml_threshold(rng: &mut Rng, op: &Op, soft: &Soft<'_>) -> Option<Op> {
    let Op::NvTmml { source, desc, mut ra } = *op else { return None };
    let h = soft.bindings().resolve(source).ok()?.header;
    if !(two_d(h.ty) && texcore::op::tmml::desc_matches(desc, h.ty)) {
        return None;
    }
    let (si, ti) = if desc.is_array() { (1, 2) } else { (0, 1) };
    let (w, hh) = (h.width as f32, h.height as f32);
    let (s0, t0) = (rng.below(1 << 12) as f32 / 4096.0, rng.below(1 << 12) as f32 / 4096.0);
    let a = rng.range(1, 4) as f32;
    let v_comp = rng.chance(1, 2);
    let k = rng.range(1, 64) as i32;
    // binary32 order as an unsigned key (monotone over the finite values)
    let key = |b: u32| if b >> 31 == 1 { !b } else { b | 0x8000_0000 };
    let unkey = |k: u32| if k >> 31 == 1 { k & 0x7FFF_FFFF } else { !k };
    let mut quad = |t1: u32| {
        ra[0][si] = s0.to_bits();
        ra[0][ti] = t0.to_bits();
        ra[1][si] = (s0 + a / w).to_bits();
        ra[1][ti] = t1;
        ra[2][si] = s0.to_bits();
        ra[2][ti] = (t0 + 0.0625 / hh).to_bits();
        ra[3] = ra[1];
        ra
    };
    // whether lane 1's t = t1 is past the step: u's count below k, or v's count at k or above
    let mut past = |t1: u32| {
        let b = texcore::op::tmml::tmml(&soft.bindings(), source, desc, &quad(t1))[0][2];
        let c = |x: u32| i32::from(x as u8 as i8).abs();
        if v_comp {
            c(b >> 8) >= k
        } else {
            c(b) < k
        }
    };
    let (mut lo, mut hi) = (key(t0.to_bits()), key((t0 + 64.0 * a / hh).to_bits()));
    if past(unkey(lo)) || !past(unkey(hi)) {
        return None;
    }
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if past(unkey(mid)) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    let t1 = unkey(if rng.chance(1, 2) { lo } else { hi });
    Some(Op::NvTmml { source, desc, ra: quad(t1) })
}

/// The texel offsets of a `SAMPLE`-family op of [`SAMPLE_CODES`].
fn sample_offset(op: &Op) -> Option<[i32; 3]> {
    match *op {
        Op::TgsiSampleL { offset, .. }
        | Op::TgsiSample { offset, .. }
        | Op::TgsiSampleB { offset, .. }
        | Op::TgsiSampleD { offset, .. } => Some(offset),
        Op::TgsiTex { .. } => Some([0; 3]),
        _ => None,
    }
}

/// A binary32 derivative (or a quad step) for [`lockstep_sample`]: mostly `± k / 2^j` with
/// `k` < 64 and `j` in 4 … 14 (from a few texels per pixel to far below one on the views'
/// sizes, across every level of their chains), sometimes zero or a special value.
fn sample_step(rng: &mut Rng) -> f32 {
    match rng.below(16) {
        0 => rng.pick(&[f32::NAN, f32::INFINITY, f32::NEG_INFINITY, -0.0, 1.0e-40, 3.0e38], 0.0),
        1 => 0.0,
        _ => {
            let k = f64::from(rng.below(64) as i32 - 32);
            (k / f64::from(1u32 << rng.range(4, 14))) as f32
        }
    }
}

/// Fills a `SAMPLE`, `SAMPLE_B`, `SAMPLE_D` or `TEX`-family op of [`lockstep_sample`] like its `SAMPLE_L`
/// ops (views and samplers mostly inside the subset, coordinates, layers, offsets), with a
/// quad whose lanes are lane 0 moved by a step along x and y (a coherent quad: finite LODs
/// across the chains) or, one time in four, independent coordinates; `SAMPLE_B` gets a
/// per-lane bias (the explicit LODs' distribution), `SAMPLE_D` per-lane derivatives.
fn deriv_operands(rng: &mut Rng, op: &mut Op, views: usize, samplers: usize) {
    let pick = |rng: &mut Rng, n: usize| {
        if rng.chance(3, 4) {
            rng.below(SAMPLE_IN[usize::from(n == samplers)])
        } else {
            rng.below(n as u32)
        }
    };
    let (v, s) = (SAMPLE_VIEW0 + pick(rng, views), SAMPLE_SMP0 + pick(rng, samplers));
    let mut quad = [[0u32; 4]; 4];
    let coherent = !rng.chance(1, 4);
    let (sx, sy) = (sample_step(rng), sample_step(rng));
    let (tx, ty) = (sample_step(rng), sample_step(rng));
    let (x0, y0) = (sample_coord(rng), sample_coord(rng));
    for (lane, q) in quad.iter_mut().enumerate() {
        if coherent {
            let (dx, dy) = ((lane & 1) as f32, (lane >> 1) as f32);
            q[0] = (f32::from_bits(x0) + dx * sx + dy * sy).to_bits();
            q[1] = (f32::from_bits(y0) + dx * tx + dy * ty).to_bits();
        } else {
            q[0] = sample_coord(rng);
            q[1] = sample_coord(rng);
        }
        q[2] = sample_layer(rng);
    }
    let off = if rng.chance(1, 2) { [rng.range(-8, 7) as i32, rng.range(-8, 7) as i32, 0] } else { [0; 3] };
    match op {
        Op::TgsiSample { view, sampler, address, offset } => {
            (*view, *sampler, *address, *offset) = (v, s, quad, off);
        }
        Op::TgsiSampleB { view, sampler, address, offset, bias } => {
            (*view, *sampler, *address, *offset) = (v, s, quad, off);
            for b in bias.iter_mut() {
                *b = sample_lod(rng);
            }
        }
        Op::TgsiSampleD { view, sampler, address, offset, grads } => {
            (*view, *sampler, *address, *offset) = (v, s, quad, off);
            for lane in 0..4 {
                for c in 0..3 {
                    grads.ddx[lane][c] = sample_step(rng).to_bits();
                    grads.ddy[lane][c] = sample_step(rng).to_bits();
                }
            }
        }
        // TEX family: src0 = (x, y, layer, bias or LOD); mostly the non-shadow form, with or
        // without src1 (read by no 2D form), TXD mostly with its derivatives
        Op::TgsiTex { op: t, shadow, view, sampler, src0, src1, grads } => {
            (*view, *sampler) = (v, s);
            *shadow = rng.chance(1, 16);
            for (d, q) in src0.iter_mut().zip(quad) {
                *d = [q[0], q[1], q[2], sample_lod(rng)];
                if *t == texcore::op::sample::TexOp::Txp {
                    d[3] = txp_w(rng);
                }
            }
            *src1 = if rng.chance(1, 4) { Some(core::array::from_fn(|_| sample_lod(rng))) } else { None };
            if *t == texcore::op::sample::TexOp::Txd {
                *grads = if rng.chance(15, 16) {
                    let mut g = texcore_hal::op::Grads::default();
                    for lane in 0..4 {
                        for c in 0..3 {
                            g.ddx[lane][c] = sample_step(rng).to_bits();
                            g.ddy[lane][c] = sample_step(rng).to_bits();
                        }
                    }
                    Some(g)
                } else {
                    None
                };
            }
        }
        _ => {}
    }
}

// ---------------------------------------------------------------------------------------
// Depth compare (SAMPLE_C_LZ) in lock-step
// ---------------------------------------------------------------------------------------

/// How many of [`compare_views`] and of [`compare_samplers`] are inside the subset.
const COMPARE_IN: [u32; 2] = [11, 12];
/// Where [`compare_views`] keeps texels drawn from a few values (equalities and ties of
/// the compare): a `Z16_UNORM` view at 3 and a `Z32_FLOAT` mip chain at this address.
const COMPARE_Z32_BASE: u32 = 0x8000;

/// Views of [`lockstep_compare`] (at the header pointers of [`lockstep_sample`]'s): depth
/// and colour views inside the compare subset, then outside it.
fn compare_views() -> Vec<TextureHeader> {
    let v = view_2d;
    use SwizzleSource as Z;
    vec![
        v(Format::Z16_UNORM, 7, 5, 3, 14),
        v(Format::X8Z24_UNORM, 9, 4, 100, 37),
        TextureHeader { layout: Layout::Tiled4x4, ..v(Format::Z24S8_UNORM, 6, 10, 4, 0) },
        TextureHeader { levels: 4, ..v(Format::Z32_FLOAT, 8, 8, COMPARE_Z32_BASE, 32) },
        TextureHeader { ty: TextureType::TwoDArray, depth: 3, ..v(Format::Z16_UNORM, 5, 6, 401, 10) },
        TextureHeader { ty: TextureType::TwoDNoMipmap, depth: 2, ..v(Format::X8Z24_UNORM, 4, 4, 7, 16) },
        TextureHeader {
            ty: TextureType::TwoDArray,
            depth: 2,
            levels: 3,
            base_level: 1,
            layout: Layout::Tiled4x4,
            ..v(Format::Z32_FLOAT, 13, 11, 0x9001, 0)
        },
        TextureHeader { levels: 3, base_level: 1, ..v(Format::Z24S8_UNORM, 16, 12, 2002, 64) },
        v(Format::RGBA8_UNORM, 5, 3, 1, 20),
        TextureHeader { swizzle: Swizzle([Z::B, Z::Zero, Z::One, Z::G]), ..v(Format::BGRA8_UNORM, 7, 9, 64, 28) },
        TextureHeader { layout: Layout::Tiled4x4, ..v(Format::R8_UNORM, 11, 6, 3, 0) },
        // outside the subset (R32_UINT: the core's Compare rejection, admitted)
        TextureHeader { ty: TextureType::ThreeD, depth: 3, ..v(Format::Z16_UNORM, 8, 8, 0, 16) },
        v(Format::R32_UINT, 8, 8, 0, 32),
        v(Format::RGBA16_FLOAT, 8, 8, 0, 64),
        v(Format::R8_SNORM, 8, 8, 0, 8),
        TextureHeader { srgb: true, ..v(Format::RGBA8_UNORM, 8, 8, 0, 32) },
    ]
}

/// Samplers of [`lockstep_compare`]: every compare function, wrap mode and filter of the
/// subset, border depths that quantise with ties, clamp, or are NaN / −0; then outside it.
fn compare_samplers() -> Vec<SamplerHeader> {
    use texcore::descriptor::CompareFunc as F;
    let s = |ws: WrapMode, wt: WrapMode, f: Filter, mip: MipFilter, func: F, r: u32| SamplerHeader {
        wrap: [ws, wt, WrapMode::ClampToBorder],
        mag_filter: f,
        min_filter: f,
        mip_filter: mip,
        compare_func: func,
        border_color: [r, 0, 0, 0x3F80_0000],
        ..SamplerHeader::default()
    };
    let lods = |bias: i16, min: u16, max: u16, h: SamplerHeader| SamplerHeader {
        lod_bias: fixed::types::I8F8::from_bits(bias),
        min_lod: fixed::types::U8F8::from_bits(min),
        max_lod: fixed::types::U8F8::from_bits(max),
        ..h
    };
    use Filter::{Linear as L, Nearest as N};
    use WrapMode::{ClampToBorder as B, ClampToEdge as C, MirrorClampToEdge as X, MirroredRepeat as M, Repeat as R};
    let none = MipFilter::None;
    vec![
        s(C, C, L, none, F::LessEqual, 0),
        s(R, R, N, none, F::Less, 0),
        s(B, B, L, none, F::GreaterEqual, 0x3F00_0000),
        s(B, M, L, none, F::Equal, 0x3F00_0080),
        s(X, B, N, none, F::NotEqual, 0x7FC0_0000),
        s(B, B, L, none, F::Greater, 0xBF80_0000),
        s(M, X, L, none, F::Always, 0x8000_0000),
        s(B, C, N, none, F::Never, 0x4000_0000),
        s(B, B, N, none, F::Equal, 0x3780_0080),
        lods(0x0180, 0x0040, 0x0380, s(R, B, L, MipFilter::Linear, F::LessEqual, 0x3EAA_AAAB)),
        lods(-0x0100, 0, 0x0240, s(C, M, N, MipFilter::Nearest, F::Greater, 0x3F7F_FFFF)),
        lods(0x0200, 0x0080, 0xFFFF, s(B, R, L, MipFilter::Linear, F::Less, 0x3380_0000)),
        // outside the subset
        SamplerHeader { min_filter: Filter::Nearest, ..s(C, C, L, none, F::Less, 0) },
        SamplerHeader { max_anisotropy_log2: 2, ..s(R, R, L, none, F::Less, 0) },
    ]
}

/// A depth reference for [`lockstep_compare`]: mostly in [−0.25, 1.25) on a 1/4096 grid,
/// often one of the values the run writes into its depth views, sometimes special.
fn compare_ref(rng: &mut Rng) -> u32 {
    match rng.below(8) {
        0 => rng.pick(&[0x7FC0_0000, 0x7F80_0000, 0xFF80_0000, 0x8000_0000, 0x4000_0000, 0x3380_0000], 0),
        1 | 2 => rng.pick(&[0, 0x3F00_0000, 0x3E80_0000, 0x3F80_0000, 0x3780_0080, 0x3F00_0080, 0x3EFF_FF00], 0),
        _ => ((f64::from(rng.below(6 << 12) as i32 - (1 << 12)) / 4096.0) as f32).to_bits(),
    }
}

/// The op codes [`lockstep_compare`] mixes, in turn (`TGSI_TEX` stands for the four shadow
/// `TEX`-family forms, [`TEX_CODES`] in turn).
const COMPARE_CODES: [u8; 5] = [
    protocol::op::TGSI_SAMPLE_C_LZ,
    protocol::op::TGSI_GATHER4,
    protocol::op::TGSI_SAMPLE_C,
    protocol::op::TGSI_TEX,
    protocol::op::NV_TLD4S,
];

/// The `TEX`-family codes.
const TEX_CODES: [u8; 5] = [
    protocol::op::TGSI_TEX,
    protocol::op::TGSI_TXB,
    protocol::op::TGSI_TXL,
    protocol::op::TGSI_TXD,
    protocol::op::TGSI_TXP,
];

/// The kind of a [`lockstep_compare`] op: 0 `SAMPLE_C_LZ`, 1 `GATHER4`, 2 `SAMPLE_C`, 3 a
/// `TEX`-family form, 4 NVIDIA `TLD4S`.
fn compare_kind(op: &Op) -> usize {
    match op {
        Op::TgsiSampleCLz { .. } => 0,
        Op::TgsiGather4 { .. } => 1,
        Op::TgsiSampleC { .. } => 2,
        Op::NvTld4s { .. } => 4,
        _ => 3,
    }
}

/// The address quad of a [`lockstep_compare`] op: (x, y, layer) per lane, independent lanes
/// or (`coherent`) lane 0 moved by a step along x and y, as [`deriv_operands`]' quads.
fn compare_quad(rng: &mut Rng, coherent: bool) -> [[u32; 4]; 4] {
    let (sx, sy) = (sample_step(rng), sample_step(rng));
    let (tx, ty) = (sample_step(rng), sample_step(rng));
    let (x0, y0) = (sample_coord(rng), sample_coord(rng));
    let layer = sample_layer(rng);
    core::array::from_fn(|lane| {
        if coherent {
            let (dx, dy) = ((lane & 1) as f32, (lane >> 1) as f32);
            let x = (f32::from_bits(x0) + dx * sx + dy * sy).to_bits();
            let y = (f32::from_bits(y0) + dx * tx + dy * ty).to_bits();
            [x, y, layer, 0]
        } else {
            [sample_coord(rng), sample_coord(rng), sample_layer(rng), 0]
        }
    })
}

/// `LockstepSampler(FpgaSampler<RTL>, SoftSampler)` over `n` seeded ops, TGSI
/// `SAMPLE_C_LZ`, `GATHER4`, `SAMPLE_C`, the shadow `TEX`, `TXB`, `TXL`, `TXD` forms and
/// NVIDIA `TLD4S` (one lane, through its bindless handle) in turn ([`COMPARE_CODES`]; `SAMPLE_C` and the shadow forms mostly on coherent quads, the
/// shadow reference in `src0.z` or a 2D array's `src0.w`, one in 16 the non-shadow form),
/// on [`compare_views`] and [`compare_samplers`] (seven
/// ops in eight; the others on the self-check scene's own views, from [`OpGen`]): every op
/// the sampling subset admits must equal the model, every other must answer
/// `ERR_UNSUPPORTED`.
pub fn lockstep_compare(rtl: &Rtl, seed: u64, n: usize) -> Result<Outcome> {
    let (t0, c0) = (Instant::now(), rtl.cycles().map_err(rtl_err)?);
    let mut o = Outcome::new("lockstep-compare");
    let mut mem = vec![0u8; MEM_BYTES];
    let soft: Soft<'_> = SoftSampler::new(&mut mem);
    let mut pair = LockstepSampler::new(fpga(rtl)?, soft);
    let scene = Scene::new(seed).ok_or_else(|| anyhow!("scene"))?;
    scene.upload(&mut pair).map_err(|e| anyhow!("upload: {e:?}"))?;
    let mut rng = Rng::new(seed ^ 0x00C0_4DA2);
    let mut image: Vec<u8> = scene.memory().to_vec();
    image.resize_with(MEM_BYTES, || rng.u32() as u8);
    // Few distinct depths: equal codes, and references that quantise onto them.
    for a in (3..3 + 70).step_by(2) {
        let z: u16 = rng.pick(&[0, 1, 0x8000, 0xFFFF, 0x7FFF], 0);
        image[a..a + 2].copy_from_slice(&z.to_le_bytes());
    }
    let z32 = COMPARE_Z32_BASE as usize;
    for a in (z32..z32 + 1024).step_by(4) {
        let z: u32 = match rng.below(3) {
            0 => rng.pick(&[0, 0x3F00_0000, 0x3E80_0000, 0x3F80_0000, 0x8000_0000, 0x7FC0_0000], 0),
            _ => ((f64::from(rng.below(1 << 12)) / 4096.0) as f32).to_bits(),
        };
        image[a..a + 4].copy_from_slice(&z.to_le_bytes());
    }
    // TLD4S.F16: the depths of the X8Z24 view at 100 (9 × 4, pitch 37) and of the Z16 array
    // at 401 (5 × 6 × 3, pitch 10) are codes whose binary16 differs from a binary16 of their
    // nearest binary32 (two roundings): the device must round once, from the binary32
    // rounded to odd.
    // (address, width, rows, pitch, depth bits, texel bytes)
    for (base, w, rows, pitch, n, texel) in [(100usize, 9, 4, 37, 24u32, 4usize), (401, 5, 18, 10, 16, 2)] {
        let hard = double_rounding_codes(n, &mut rng);
        for y in 0..rows {
            for x in 0..w {
                let a = base + y * pitch + x * texel;
                let z = rng.pick(&hard, 0).to_le_bytes();
                let bytes = (n / 8) as usize;
                image[a..a + bytes].copy_from_slice(&z[..bytes]);
            }
        }
    }
    pair.write_memory(0, &image).map_err(|e| anyhow!("memory: {e:?}"))?;
    let (views, samplers) = (compare_views(), compare_samplers());
    for (i, h) in (SAMPLE_VIEW0..).zip(&views) {
        pair.write_texture_header(i, h).map_err(|e| anyhow!("header {i}: {e:?}"))?;
    }
    for (i, s) in (SAMPLE_SMP0..).zip(&samplers) {
        pair.write_sampler_header(i, s).map_err(|e| anyhow!("sampler {i}: {e:?}"))?;
    }
    pair.set_header_pool_max(SAMPLE_VIEW0 + views.len() as u32 - 1).map_err(|e| anyhow!("{e:?}"))?;
    pair.set_sampler_pool_max(SAMPLE_SMP0 + samplers.len() as u32 - 1).map_err(|e| anyhow!("{e:?}"))?;
    let mut gen = OpGen::new(seed ^ 0x0C4D_A200);
    let mut ops = Vec::with_capacity(n);
    let pick = |rng: &mut Rng, n: usize| {
        if rng.chance(7, 8) {
            rng.below(COMPARE_IN[usize::from(n == samplers.len())])
        } else {
            rng.below(n as u32)
        }
    };
    for i in 0..n {
        // SAMPLE_C_LZ, GATHER4, SAMPLE_C, a shadow TEX form (TEX, TXB, TXL, TXD in turn), TLD4S
        let code = COMPARE_CODES[i % COMPARE_CODES.len()];
        let code =
            if code == protocol::op::TGSI_TEX { TEX_CODES[(i / COMPARE_CODES.len()) % TEX_CODES.len()] } else { code };
        let mut op = gen.op(code).ok_or_else(|| anyhow!("op"))?;
        if let (false, Op::NvTld4s { source, mods, operands }) = (rng.chance(1, 8), &mut op) {
            // one lane of GATHER4's footprint through the handle (bindless: sampler << 20 |
            // view); every component (a few above 3), .AOFFI with random bits beside the two
            // 6-bit fields, .DC with the compare references, .F16 in a quarter (both modes)
            let (v, s) = (SAMPLE_VIEW0 + pick(&mut rng, views.len()), SAMPLE_SMP0 + pick(&mut rng, samplers.len()));
            *source = texcore::handle::HandleSource::Bindless((s << 20) | v);
            mods.comp = if rng.chance(1, 64) { rng.pick(&[4, 5, 255], 4) } else { rng.below(4) as u8 };
            mods.aoffi = rng.chance(1, 2);
            mods.dc = rng.chance(1, 2);
            mods.f16 = if rng.chance(1, 4) {
                Some(if rng.chance(1, 2) {
                    texcore::fp::F16Rounding::NearestEven
                } else {
                    texcore::fp::F16Rounding::TowardZero
                })
            } else {
                None
            };
            operands.s = sample_coord(&mut rng);
            operands.t = sample_coord(&mut rng);
            operands.toff = rng.u32();
            operands.dc = compare_ref(&mut rng);
        } else if let (false, Op::TgsiGather4 { view, sampler, address, component, offset, reference }) =
            (rng.chance(1, 8), &mut op)
        {
            *view = SAMPLE_VIEW0 + pick(&mut rng, views.len());
            *sampler = SAMPLE_SMP0 + pick(&mut rng, samplers.len());
            for lane in address.iter_mut() {
                lane[0] = sample_coord(&mut rng);
                lane[1] = sample_coord(&mut rng);
                lane[2] = sample_layer(&mut rng);
            }
            *component = if rng.chance(1, 64) { rng.pick(&[4, 5, 255], 4) } else { rng.below(4) as u8 };
            *offset = if rng.chance(1, 2) { [rng.range(-32, 31) as i32, rng.range(-32, 31) as i32] } else { [0; 2] };
            if rng.chance(1, 64) {
                offset[rng.below(2) as usize] = rng.pick(&[32, -33, 1000], 32);
            }
            *reference = if rng.chance(1, 2) {
                Some([compare_ref(&mut rng), compare_ref(&mut rng), compare_ref(&mut rng), compare_ref(&mut rng)])
            } else {
                None
            };
        } else if !rng.chance(1, 8) {
            // SAMPLE_C_LZ on independent lanes; SAMPLE_C and the shadow TEX forms mostly on
            // coherent quads (their LOD from the quad's differences)
            let (v, s) = (pick(&mut rng, views.len()), pick(&mut rng, samplers.len()));
            let coherent = !matches!(op, Op::TgsiSampleCLz { .. }) && !rng.chance(1, 4);
            let quad = compare_quad(&mut rng, coherent);
            let refs: [u32; 4] = core::array::from_fn(|_| compare_ref(&mut rng));
            let mut off = if rng.chance(1, 2) { [rng.range(-8, 7) as i32, rng.range(-8, 7) as i32, 0] } else { [0; 3] };
            if rng.chance(1, 64) {
                off[rng.below(3) as usize] = rng.pick(&[8, -9, 100], 8);
            }
            let (view_p, smp_p) = (SAMPLE_VIEW0 + v, SAMPLE_SMP0 + s);
            match &mut op {
                Op::TgsiSampleCLz { view, sampler, address, offset, reference }
                | Op::TgsiSampleC { view, sampler, address, offset, reference } => {
                    (*view, *sampler, *address, *offset, *reference) = (view_p, smp_p, quad, off, refs);
                }
                Op::TgsiTex { op: t, shadow, view, sampler, src0, src1, grads } => {
                    (*view, *sampler, *shadow) = (view_p, smp_p, !rng.chance(1, 16));
                    // the reference in src0.z (2D, no-mipmap) or src0.w (2D array: the bias
                    // or LOD then in src1.x, mostly present)
                    let array = views.get(v as usize).is_some_and(|h| h.ty == TextureType::TwoDArray);
                    let lods: [u32; 4] = core::array::from_fn(|_| sample_lod(&mut rng));
                    for (lane, d) in src0.iter_mut().enumerate() {
                        let q = quad[lane];
                        *d = if array { [q[0], q[1], q[2], refs[lane]] } else { [q[0], q[1], refs[lane], lods[lane]] };
                        if *t == texcore::op::sample::TexOp::Txp {
                            d[3] = txp_w(&mut rng);
                        }
                    }
                    *src1 = if (array && !rng.chance(1, 16)) || rng.chance(1, 8) { Some(lods) } else { None };
                    if *t == texcore::op::sample::TexOp::Txd {
                        *grads = if rng.chance(15, 16) {
                            let mut g = texcore_hal::op::Grads::default();
                            for lane in 0..4 {
                                for c in 0..3 {
                                    g.ddx[lane][c] = sample_step(&mut rng).to_bits();
                                    g.ddy[lane][c] = sample_step(&mut rng).to_bits();
                                }
                            }
                            Some(g)
                        } else {
                            None
                        };
                    }
                }
                _ => {}
            }
        }
        ops.push(op);
    }
    // The admitted ops on a view and sampler that decode, past the core's rejections: the
    // ones through the pipeline, by op kind (`CompareKind`), view and sampler kind.
    let count = |kind: usize, f: &dyn Fn(&Op, &TextureHeader, &SamplerHeader) -> bool| {
        ops.iter()
            .filter(|op| {
                let Some((v, s)) = sample_pointers(op) else { return false };
                let (Ok(h), Ok(t)) = (pair.b.view(v), pair.b.sampler(s)) else { return false };
                let integer = texcore::texel::domains(h.format, h.srgb)[0].is_integer();
                let runs = compare_kind(op) == kind
                    && match op {
                        Op::TgsiSampleCLz { offset, .. } | Op::TgsiSampleC { offset, .. } => {
                            offset.iter().all(|o| (-8..=7).contains(o)) && !integer
                        }
                        Op::TgsiGather4 { offset, component, reference, .. } => {
                            *component <= 3
                                && offset.iter().all(|o| (-32..=31).contains(o))
                                && !(reference.is_some() && integer)
                        }
                        Op::TgsiTex { op: t, shadow: true, src1, grads, .. } => {
                            let needs_src1 = h.ty == TextureType::TwoDArray
                                && matches!(t, texcore::op::sample::TexOp::Txb | texcore::op::sample::TexOp::Txl);
                            !integer
                                && (src1.is_some() || !needs_src1)
                                && (grads.is_some() || *t != texcore::op::sample::TexOp::Txd)
                        }
                        _ => false,
                    };
                runs && two_d(h.ty) && f(op, &h, &t) && admitted(&pair.b, op)
            })
            .count()
    };
    let per_op = |kind: usize| {
        let fmt = |g: Format| count(kind, &|_, h, _| h.format == g);
        let (all, z16, x8z24, z24s8, z32) = (
            count(kind, &|_, _, _| true),
            fmt(Format::Z16_UNORM),
            fmt(Format::X8Z24_UNORM),
            fmt(Format::Z24S8_UNORM),
            fmt(Format::Z32_FLOAT),
        );
        format!(
            "{all} through the pipeline: Z16 {z16}, X8Z24 {x8z24}, Z24S8 {z24s8}, Z32_FLOAT {z32}, RGBA8 family {}; \
             {} with a CLAMP_TO_BORDER axis, {} tiled, {} 2D array or no-mipmap, {} linear, {} mip nearest or linear \
             on a mip chain",
            all - z16 - x8z24 - z24s8 - z32,
            count(kind, &|_, _, t| t.wrap[..2].contains(&WrapMode::ClampToBorder)),
            count(kind, &|_, h, _| h.layout == Layout::Tiled4x4),
            count(kind, &|_, h, _| h.ty != TextureType::TwoD),
            count(kind, &|_, _, t| t.min_filter == Filter::Linear),
            count(kind, &|_, h, t| t.mip_filter != MipFilter::None && h.levels > 1),
        )
    };
    let gather_cmp = count(1, &|op, _, _| matches!(op, Op::TgsiGather4 { reference: Some(_), .. }));
    let details: Vec<String> = (0..4).map(per_op).collect();
    // TLD4S ops through the pipeline: admitted, the handle resolved to a 2D-family view of
    // the subset, past the core's rejections; of those with .DC, with .AOFFI, with a
    // nonzero offset and on a depth view
    let t4 = |f: &dyn Fn(&texcore::op::gather::Tld4sMods, &TextureHeader, u32) -> bool| {
        ops.iter()
            .filter(|op| {
                let Op::NvTld4s { mods, operands, .. } = op else { return false };
                let Some((Ok(h), Ok(_))) = handle_descriptors(op, &pair.b.bindings()) else { return false };
                let integer = texcore::texel::domains(h.format, h.srgb)[0].is_integer();
                mods.comp <= 3
                    && two_d(h.ty)
                    && h.samples() <= 1
                    && !(mods.dc && integer)
                    && admitted(&pair.b, op)
                    && f(mods, &h, operands.toff)
            })
            .count()
    };
    let t4_all = t4(&|_, _, _| true);
    let t4_dc = t4(&|m, _, _| m.dc);
    let t4_off = t4(&|m, _, toff| m.aoffi && toff & 0x3F3F != 0);
    let t4_depth = t4(&|_, h, _| {
        matches!(h.format, Format::Z16_UNORM | Format::X8Z24_UNORM | Format::Z24S8_UNORM | Format::Z32_FLOAT)
    });
    // one op at a time (the kinds interleaved), counting the compared ones of each
    let mut kinds = [0u64; 5];
    for op in &ops {
        let before = o.passed;
        run_pair(&mut o, &mut pair, core::slice::from_ref(op));
        kinds[compare_kind(op)] += o.passed - before;
    }
    o.note = format!(
        "{} SAMPLE_C_LZ, {} GATHER4, {} SAMPLE_C, {} shadow TEX / TXB / TXL / TXD / TXP and {} NV_TLD4S admitted by the \
         sampling subset and compared; SAMPLE_C_LZ {}; GATHER4 {}, {gather_cmp} of them the compare form; SAMPLE_C \
         {}; shadow TEX forms {}; NV_TLD4S {t4_all} through the pipeline ({t4_dc} .DC, {t4_off} .AOFFI with a \
         nonzero offset, {t4_depth} on a depth view); {} refused",
        kinds[0], kinds[1], kinds[2], kinds[3], kinds[4], details[0], details[1], details[2], details[3], o.refused
    );
    finish(o, rtl, c0, t0)
}

/// UNORM `n`-bit codes (at least 32, `n` ≥ 13) whose `.F16` value under one of the modes
/// differs from the binary16 of their RNE binary32: the values a `.F16` path that rounds
/// twice gets wrong.
fn double_rounding_codes(n: u32, rng: &mut Rng) -> Vec<u32> {
    use texcore::fp::{f32_to_f16_mode, ratio_to_f16_bits, ratio_to_f32_bits, F16Rounding as R};
    let d = (1u32 << n) - 1;
    let mut out = Vec::new();
    while out.len() < 32 {
        let v = 1 + rng.below(d - 1);
        let twice = |m| f32_to_f16_mode(ratio_to_f32_bits(i64::from(v), u64::from(d), 0), m);
        if [R::NearestEven, R::TowardZero]
            .iter()
            .any(|&m| twice(m) != ratio_to_f16_bits(i64::from(v), u64::from(d), 0, m))
        {
            out.push(v);
        }
    }
    out
}

// ---------------------------------------------------------------------------------------
// Raw frames against the model device
// ---------------------------------------------------------------------------------------

/// A `SimulatedFpga` with the RTL's capacities.
type Sim<'m> = SimulatedFpga<'m, H, S, C>;

/// One raw exchange on both devices: the command transaction, `BUSY` low, then a fetch
/// of `read` bytes. Returns both MISO byte streams.
fn exchange(rtl: &Rtl, sim: &Sim<'_>, frame: &[u8], read: usize) -> Result<(Vec<u8>, Vec<u8>)> {
    if !frame.is_empty() {
        rtl.spi().transaction(&mut [Operation::Write(frame)]).map_err(rtl_err)?;
        sim.spi().transaction(&mut [Operation::Write(frame)]).map_err(|e| anyhow!("{e:?}"))?;
    }
    wait_idle(rtl, sim)?;
    let mut a = vec![0u8; read];
    let mut b = vec![0u8; read];
    rtl.spi().transaction(&mut [Operation::Write(&[FETCH]), Operation::Read(&mut a)]).map_err(rtl_err)?;
    sim.spi().transaction(&mut [Operation::Write(&[FETCH]), Operation::Read(&mut b)]).map_err(|e| anyhow!("{e:?}"))?;
    Ok((a, b))
}

fn wait_idle(rtl: &Rtl, sim: &Sim<'_>) -> Result<()> {
    for _ in 0..1_000_000 {
        let r = rtl.busy_pin().is_high().map_err(rtl_err)?;
        let s = sim.busy_pin().is_high().map_err(|e| anyhow!("{e:?}"))?;
        if !r && !s {
            return Ok(());
        }
        rtl.delay().delay_ns(100);
        sim.delay().delay_ns(100);
    }
    bail!("BUSY stayed high")
}

fn frame(code: u8, seq: u8, payload: &[u8]) -> Vec<u8> {
    let mut out = vec![0u8; protocol::MAX_CMD_FRAME + 64];
    let n = protocol::encode_command(&mut out, code, seq, &[payload]).unwrap_or(0);
    out.truncate(n);
    out
}

/// Random command frames into the RTL and into [`SimulatedFpga`] (same CAPS, capacities and
/// texel memory), every response compared byte for byte.
pub fn frames(rtl: &Rtl, seed: u64, n: usize) -> Result<Outcome> {
    let (t0, c0) = (Instant::now(), rtl.cycles().map_err(rtl_err)?);
    let mut o = Outcome::new("frames");
    let mut f = fpga(rtl)?;
    let codes = implemented(&mut f)?;
    let caps = f.limits().map_err(|e| anyhow!("{e}"))?.caps;
    let mut rng = Rng::new(seed);
    // Same texel memory content in both.
    let mut image = vec![0u8; MEM_BYTES];
    for b in image.iter_mut() {
        *b = rng.u32() as u8;
    }
    f.write_memory(0, &image).map_err(|e| anyhow!("{e}"))?;
    let mut sim_mem = image.clone();
    let sim: Sim<'_> = SimulatedFpga::new(&mut sim_mem);
    sim.set_caps(caps).map_err(|e| anyhow!("{e:?}"))?;
    sim.set_subset(Subset::RTL).map_err(|e| anyhow!("{e:?}"))?;
    // Both after a hard reset (texel memory kept).
    rtl.reset_pin().set_low().map_err(rtl_err)?;
    sim.reset_pin().set_low().map_err(|e| anyhow!("{e:?}"))?;
    rtl.delay().delay_ns(1000);
    rtl.reset_pin().set_high().map_err(rtl_err)?;
    sim.reset_pin().set_high().map_err(|e| anyhow!("{e:?}"))?;
    wait_idle(rtl, &sim)?;

    // The first fetch after reset: ERR_NO_RESPONSE.
    let check = |o: &mut Outcome, what: &str, a: Vec<u8>, b: Vec<u8>| {
        if a == b {
            o.passed += 1;
        } else {
            o.failed += 1;
            if o.failed <= 8 {
                eprintln!("frames: {what}:\n  rtl {a:02x?}\n  sim {b:02x?}");
            }
        }
    };
    let (a, b) = exchange(rtl, &sim, &[], 12)?;
    check(&mut o, "fetch after reset", a, b);

    let mut gen = OpGen::new(seed ^ 0xF4A3_E500);
    let mut seq = 0u8;
    let mut last_submit: Option<Vec<u8>> = None;
    let mut tag = 0u8;
    let scene = Scene::new(seed).ok_or_else(|| anyhow!("scene"))?;
    for i in 0..n {
        seq = seq.wrapping_add(1);
        let pick = rng.below(100);
        let (code, payload): (u8, Vec<u8>) = if i < 40 {
            // the scene's pools, so that ops see valid textures
            let (h, s) = (scene.headers(), scene.samplers());
            match i {
                0..=13 => {
                    let mut p = (i as u32).to_le_bytes().to_vec();
                    h[i].iter().for_each(|w| p.extend_from_slice(&w.to_le_bytes()));
                    (cmd::WRITE_HEADER, p)
                }
                14..=19 => {
                    let mut p = ((i - 14) as u32).to_le_bytes().to_vec();
                    s[i - 14].iter().for_each(|w| p.extend_from_slice(&w.to_le_bytes()));
                    (cmd::WRITE_SAMPLER, p)
                }
                20 => {
                    let mut p = 0u16.to_le_bytes().to_vec();
                    scene.const_bank().iter().for_each(|w| p.extend_from_slice(&w.to_le_bytes()));
                    (cmd::WRITE_CBANK, p)
                }
                21 => (cmd::WRITE_REG, [&reg::HEADER_POOL_MAX.to_le_bytes()[..], &15u32.to_le_bytes()].concat()),
                22 => (cmd::WRITE_REG, [&reg::SAMPLER_POOL_MAX.to_le_bytes()[..], &5u32.to_le_bytes()].concat()),
                _ => {
                    let scene_mem = scene.memory();
                    let at = rng.below(scene_mem.len() as u32 - 256) as usize;
                    let mut p = (at as u32).to_le_bytes().to_vec();
                    p.extend_from_slice(&scene_mem[at..at + 256]);
                    (cmd::WRITE_MEM, p)
                }
            }
        } else if pick < 35 {
            // an op: mostly well-formed, sometimes an encoding error
            let c = if rng.chance(1, 20) { rng.u32() as u8 } else { codes[rng.below(codes.len() as u32) as usize] };
            let mut p = [0u8; texcore_hal::op::MAX_OP_LEN];
            let op = gen.op(c).or_else(|| gen.op(codes[0])).ok_or_else(|| anyhow!("op"))?;
            let k = op.encode(&mut p);
            let mut v = p[..k].to_vec();
            if op.def().is_some_and(|d| d.replay) {
                tag = if tag == 255 { 1 } else { tag + 1 };
                v[1] = if rng.chance(1, 10) { 0 } else { tag };
            }
            match rng.below(20) {
                0 => v[0] = rng.u32() as u8,
                1 => {
                    let at = 1 + rng.below(3) as usize;
                    v[at] ^= 1 << rng.below(8);
                }
                2 => v.truncate(v.len().saturating_sub(1 + rng.below(4) as usize).max(1)),
                3 => v.extend_from_slice(&[0; 4]),
                // an operand bit (the absent src1 / ddx, ddy words of a TEX-family op must
                // be 0: ERR_BAD_VALUE)
                4 if v.len() > 4 => {
                    let at = 4 + rng.below(v.len() as u32 - 4) as usize;
                    v[at] ^= 1 << rng.below(8);
                }
                // a bit of the last four words, where the optional operand blocks are (a
                // TEX-family op's src1 or ddx, ddy; GATHER4's references): absent, they
                // must be 0 (ERR_BAD_VALUE)
                5 if v.len() >= 20 => {
                    let at = v.len() - 1 - rng.below(16) as usize;
                    v[at] ^= 1 << rng.below(8);
                }
                _ => {}
            }
            last_submit = Some(v.clone());
            (cmd::SUBMIT, v)
        } else if pick < 45 {
            // a resend of the last SUBMIT (the replay record), or a corrupted one first
            let v = last_submit.clone().unwrap_or_else(|| vec![0; 8]);
            if rng.chance(1, 3) {
                let mut bad = frame(cmd::SUBMIT, seq, &v);
                let at = rng.below(bad.len() as u32) as usize;
                bad[at] ^= 1 << rng.below(8);
                let (a, b) = exchange(rtl, &sim, &bad, 20)?;
                check(&mut o, "corrupted resend", a, b);
                seq = seq.wrapping_add(1);
            }
            (cmd::SUBMIT, v)
        } else if pick < 55 {
            let off = rng.below(70) as u8;
            let count = if rng.chance(1, 8) { rng.u32() as u8 } else { rng.below(20) as u8 };
            (cmd::READ_RESULT, vec![off, count])
        } else if pick < 63 {
            let addr = if rng.chance(1, 4) { rng.u32() as u16 } else { 4 * rng.below(17) as u16 };
            (cmd::READ_REG, addr.to_le_bytes().to_vec())
        } else if pick < 71 {
            let addr = if rng.chance(1, 5) { rng.u32() as u16 } else { 4 * rng.below(17) as u16 };
            let v = match rng.below(4) {
                0 => rng.u32(),
                1 => rng.below(16),
                _ => rng.below(1 << 20),
            };
            (cmd::WRITE_REG, [&addr.to_le_bytes()[..], &v.to_le_bytes()].concat())
        } else if pick < 76 {
            let count = if rng.chance(1, 6) { rng.u32() as u16 } else { 1 + rng.below(256) as u16 };
            let addr = if rng.chance(1, 3) { MEM_BYTES as u32 - rng.below(300) } else { rng.below(MEM_BYTES as u32) };
            (cmd::READ_MEM, [&addr.to_le_bytes()[..], &count.to_le_bytes()].concat())
        } else if pick < 80 {
            let len = 1 + rng.below(64) as usize;
            let addr = if rng.chance(1, 3) { MEM_BYTES as u32 - rng.below(80) } else { rng.below(MEM_BYTES as u32) };
            let mut p = addr.to_le_bytes().to_vec();
            (0..len).for_each(|_| p.push(rng.u32() as u8));
            (cmd::WRITE_MEM, p)
        } else if pick < 84 {
            let idx = if rng.chance(1, 3) { H as u32 - 2 + rng.below(4) } else { 16 + rng.below(40) };
            let mut p = idx.to_le_bytes().to_vec();
            (0..8).for_each(|_| p.extend_from_slice(&rng.u32().to_le_bytes()));
            (if rng.chance(1, 2) { cmd::WRITE_HEADER } else { cmd::WRITE_SAMPLER }, p)
        } else if pick < 88 {
            let words = rng.below(70) as usize;
            let start = if rng.chance(1, 3) { C as u16 - rng.below(70) as u16 } else { 32 + rng.below(500) as u16 };
            let mut p = start.to_le_bytes().to_vec();
            (0..words).for_each(|_| p.extend_from_slice(&rng.u32().to_le_bytes()));
            if rng.chance(1, 5) {
                p.push(7);
            }
            (cmd::WRITE_CBANK, p)
        } else if pick < 90 {
            (if rng.chance(1, 2) { cmd::NOP } else { rng.u32() as u8 }, vec![])
        } else if pick < 91 {
            (cmd::RESET, vec![])
        } else {
            // malformed frames: CRC, length field, truncation, garbage, overlong
            let mut fr = frame(cmd::READ_REG, seq, &reg::SCRATCH.to_le_bytes());
            match rng.below(6) {
                0 => {
                    let at = rng.below(fr.len() as u32) as usize;
                    fr[at] ^= 1 << rng.below(8);
                }
                1 => fr.truncate(rng.below(fr.len() as u32) as usize),
                2 => fr.extend_from_slice(&[0x55; 3]),
                3 => {
                    fr = (0..rng.below(300)).map(|_| rng.u32() as u8).collect();
                    if fr.first() == Some(&FETCH) {
                        fr[0] = 0;
                    }
                }
                4 => {
                    fr = frame(cmd::WRITE_MEM, seq, &vec![0u8; 260]);
                    fr.extend_from_slice(&[1, 2, 3]);
                }
                _ => {
                    fr[2] = 0xFF;
                    fr[3] = 0x01;
                }
            }
            if fr.is_empty() {
                fr.push(cmd::NOP);
            }
            let (a, b) = exchange(rtl, &sim, &fr, 12)?;
            check(&mut o, "malformed frame", a, b);
            continue;
        };
        let fr = frame(code, seq, &payload);
        let read = protocol::RESP_HEADER_LEN + protocol::MAX_RESP_PAYLOAD.min(payload_hint(code, &payload)) + 6;
        if code == cmd::SUBMIT {
            o.ops += 1;
        }
        let (a, b) = exchange(rtl, &sim, &fr, read)?;
        check(&mut o, &format!("command {code:#04x} payload {:02x?}", &payload[..payload.len().min(16)]), a, b);
    }
    // A fetch repeated without a command: the same response again.
    let (a, b) = exchange(rtl, &sim, &[], 40)?;
    check(&mut o, "repeated fetch", a, b);
    o.note = format!("{} frames", o.passed + o.failed);
    finish(o, rtl, c0, t0)
}

/// Response payload bytes to read for a command (its `OK` response length).
fn payload_hint(code: u8, payload: &[u8]) -> usize {
    match code {
        cmd::READ_REG => 4,
        cmd::SUBMIT => protocol::COMPLETION_LEN,
        cmd::READ_MEM => payload.get(4..6).map_or(0, |b| usize::from(u16::from_le_bytes([b[0], b[1]]))),
        cmd::READ_RESULT => 4 * usize::from(payload.get(1).copied().unwrap_or(0)),
        _ => 0,
    }
}

// ---------------------------------------------------------------------------------------
// Wire faults
// ---------------------------------------------------------------------------------------

/// Counts of what the fault run saw.
#[derive(Clone, Copy, Debug, Default)]
pub struct FaultCounts {
    /// Ops with a fault armed that returned the model's result (retried).
    pub recovered: u64,
    /// Typed errors: CRC.
    pub crc: u64,
    /// Typed errors: protocol (sequence, framing, ...).
    pub protocol: u64,
    /// Typed errors: timeout.
    pub timeout: u64,
    /// Other typed errors.
    pub other: u64,
    /// Wrong `Ok` results (divergences).
    pub wrong: u64,
}

/// The pair over `n` seeded ops with a wire fault armed before most of them; after an
/// error the device is reset and re-synchronised with the model (pools, registers, texel
/// memory), so that later ops are compared again.
pub fn faults(rtl: &Rtl, seed: u64, n: usize) -> Result<(Outcome, FaultCounts)> {
    let (t0, c0) = (Instant::now(), rtl.cycles().map_err(rtl_err)?);
    let mut o = Outcome::new("faults");
    let mut k = FaultCounts::default();
    let mut mem = vec![0u8; MEM_BYTES];
    let soft: Soft<'_> = SoftSampler::new(&mut mem);
    let mut f = fpga(rtl)?;
    let codes = implemented(&mut f)?;
    let mut pair = LockstepSampler::new(f, soft);
    let scene = Scene::new(seed).ok_or_else(|| anyhow!("scene"))?;
    scene.upload(&mut pair).map_err(|e| anyhow!("upload: {e:?}"))?;
    let mut gen = OpGen::new(seed ^ 0xFA17);
    let mut rng = Rng::new(seed ^ 0x0BAD_F00D);
    for i in 0..n {
        let op = gen.op(codes[i % codes.len()]).ok_or_else(|| anyhow!("op"))?;
        // 1 - 3 events: absorbed by the driver's 3 retries; 4 - 5: a typed error.
        let count = if rng.chance(1, 4) { 4 + rng.below(2) } else { 1 + rng.below(3) };
        let fault = match rng.below(10) {
            0..=3 => (WireFault::FlipMiso { byte: 1 + rng.below(14) as u16, bit: rng.below(8) as u8 }, Target::Fetch),
            4..=5 => (WireFault::DropSck { byte: rng.below(8) as u16, bit: rng.below(8) as u8 }, Target::Command),
            6..=7 => (WireFault::DropSck { byte: rng.below(12) as u16, bit: rng.below(8) as u8 }, Target::Fetch),
            8 if rng.chance(1, 3) => (WireFault::HoldBusy { ns: 2_000_000 }, Target::Command),
            _ => (WireFault::FlipMiso { byte: 1 + rng.below(6) as u16, bit: rng.below(8) as u8 }, Target::Any),
        };
        rtl.inject(fault.0, fault.1, count).map_err(rtl_err)?;
        o.ops += 1;
        match pair.execute(&op) {
            Ok(_) => {
                o.passed += 1;
                k.recovered += 1;
            }
            Err(LockstepError::A(Error::Unsupported(_))) if !admitted(&pair.b, &op) => {
                o.passed += 1;
                o.refused += 1;
            }
            Err(LockstepError::Divergence(d)) => {
                o.failed += 1;
                o.divergences += 1;
                k.wrong += 1;
                eprintln!("faults: WRONG RESULT under {fault:?}: {d:?}");
            }
            Err(LockstepError::A(e)) => {
                o.passed += 1;
                match e {
                    Error::Crc(_) => k.crc += 1,
                    Error::Protocol(_) => k.protocol += 1,
                    Error::Timeout => k.timeout += 1,
                    _ => k.other += 1,
                }
                // re-synchronise: reset, scene pools and registers, the model's texel memory
                // (the ops address only the scene's textures)
                rtl.clear_faults().map_err(rtl_err)?;
                pair.a.init().map_err(|e| anyhow!("re-init after {fault:?}: {e}"))?;
                let memory = pair.b.memory().get(..scene.memory().len()).unwrap_or_default().to_vec();
                scene.upload(&mut pair).map_err(|e| anyhow!("re-upload: {e:?}"))?;
                pair.write_memory(0, &memory).map_err(|e| anyhow!("memory: {e:?}"))?;
            }
            Err(e) => {
                o.failed += 1;
                eprintln!("faults: unexpected {e:?}");
            }
        }
        rtl.clear_faults().map_err(rtl_err)?;
    }
    o.note = format!(
        "{} recovered by retries, typed errors: {} CRC, {} protocol, {} timeout, {} other; {} wrong results",
        k.recovered, k.crc, k.protocol, k.timeout, k.other, k.wrong
    );
    Ok((finish(o, rtl, c0, t0)?, k))
}

/// `n` rounds of garbage on the bus (random bytes and lengths, partial bytes, frames
/// with wrong lengths), each followed by valid commands through the driver that must
/// succeed: reading `ID` and `SCRATCH` after writing it.
pub fn garbage(rtl: &Rtl, seed: u64, n: usize) -> Result<Outcome> {
    let (t0, c0) = (Instant::now(), rtl.cycles().map_err(rtl_err)?);
    let mut o = Outcome::new("garbage");
    let mut f = fpga(rtl)?;
    let mut rng = Rng::new(seed ^ 0x6A2B_A6E0);
    for i in 0..n {
        let len = match rng.below(4) {
            0 => rng.below(4) as usize,
            1 => 260 + rng.below(60) as usize,
            _ => rng.below(64) as usize,
        };
        let bytes: Vec<u8> = (0..len).map(|_| rng.u32() as u8).collect();
        let bits = if rng.chance(1, 3) { (8 * len).saturating_sub(1 + rng.below(7) as usize) } else { 8 * len };
        rtl.raw_bits(&bytes, bits).map_err(rtl_err)?;
        // the device may be busy answering it: the driver waits for BUSY itself
        let scratch = rng.u32();
        let ok = f.read_reg(reg::ID) == Ok(protocol::DEVICE_ID)
            && f.write_reg(reg::SCRATCH, scratch).is_ok()
            && f.read_reg(reg::SCRATCH) == Ok(scratch);
        if ok {
            o.passed += 1;
        } else {
            o.failed += 1;
            eprintln!("garbage round {i}: the device did not answer after {len} bytes / {bits} bits");
        }
    }
    o.note = "each followed by ID, SCRATCH write and read".into();
    finish(o, rtl, c0, t0)
}
