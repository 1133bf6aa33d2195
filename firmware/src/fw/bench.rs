//! Benchmark mode: each op runs in a loop between the marker functions [`bench_start`] and
//! [`bench_end`]. Under QEMU, `cargo xtask bench` counts the instructions retired between
//! the markers with a TCG plugin; the firmware prints `bench <name> <samples>` before each
//! pair so the counts can be divided per sample. On hardware the same markers bracket the
//! code for DWT.CYCCNT / `mcycle` measurements.

use core::hint::black_box;
use core::sync::atomic::{AtomicU32, Ordering};

use texcore::descriptor::{Filter, Format, MipFilter, SamplerHeader, TextureHeader, TextureType, WrapMode};
use texcore::handle::{Bindings, Handle, HandleSource, Pool, SamplerBinding, TsPtrIdx};
use texcore::op::fetch::{sample_i, FetchBinding};
use texcore::op::gather::gather4;
use texcore::op::sample::{sample_quad, sample_quad_into, sample_warp_into, SampleBinding, SampleRequest};
use texcore::op::tmml::{tmml, CoordDesc};
use texcore::query::nv::{txq, TxqBinding, TxqQuery};

use super::log;

static MARK: AtomicU32 = AtomicU32::new(0);

/// Start marker (address looked up by the xtask; distinct body so it is never merged).
#[no_mangle]
#[inline(never)]
pub extern "C" fn bench_start() {
    MARK.store(black_box(0x5741_5254), Ordering::SeqCst);
}

/// End marker.
#[no_mangle]
#[inline(never)]
pub extern "C" fn bench_end() {
    MARK.store(black_box(0x454E_4421), Ordering::SeqCst);
    black_box(MARK.load(Ordering::SeqCst));
}

/// The benchmark texture's width and height (also the soft-core's cycle counts, `soc_bench`).
pub(super) const W: u32 = 64;
/// 64×64 RGBA8 with a full mip chain (7 levels): 5460 texels.
const TEX_BYTES: usize = 5460 * 4;

const fn pattern() -> [u8; TEX_BYTES] {
    let mut t = [0u8; TEX_BYTES];
    let mut i = 0;
    while i < TEX_BYTES {
        t[i] = (i as u32).wrapping_mul(2_654_435_761).wrapping_shr(24) as u8;
        i += 1;
    }
    t
}

/// Texel memory is word-aligned, as a texture buffer in RAM or flash is (the fast path reads
/// aligned memory as 32-bit words).
#[repr(C, align(4))]
struct Aligned([u8; TEX_BYTES]);

static TEX_WORDS: Aligned = Aligned(pattern());
pub(super) static TEX: &[u8; TEX_BYTES] = &TEX_WORDS.0;

fn f(v: u32, d: u32) -> u32 {
    // v / d as binary32 for small exact cases without float arithmetic: build from parts.
    texcore::fp::ratio_to_f32_bits(i64::from(v), u64::from(d), 0)
}

pub(super) fn quad(u: u32, v: u32, dx: u32, dy: u32, den: u32) -> [[u32; 4]; 4] {
    [
        [f(u, den), f(v, den), 0, 0],
        [f(u + dx, den), f(v, den), 0, 0],
        [f(u, den), f(v + dy, den), 0, 0],
        [f(u + dx, den), f(v + dy, den), 0, 0],
    ]
}

/// Bytes painted below the stack pointer for the stack measurement.
const PAINT: usize = 32 * 1024;
const PATTERN: u32 = 0xA5C3_5A3C;

fn stack_pointer() -> usize {
    let sp: usize;
    // SAFETY: reads the stack pointer register only.
    #[cfg(target_arch = "arm")]
    unsafe {
        core::arch::asm!("mov {}, sp", out(reg) sp)
    };
    #[cfg(target_arch = "riscv32")]
    unsafe {
        core::arch::asm!("mv {}, sp", out(reg) sp)
    };
    sp
}

/// Peak stack use of `f` in bytes: the free stack below the current stack pointer is painted
/// with a pattern, `f` runs, and the deepest overwritten word is found (single-threaded, no
/// interrupts enabled, so nothing else writes there). `#[inline(never)]` keeps the caller's
/// frame out of the measurement.
#[inline(never)]
fn stack_used(f: &mut dyn FnMut()) -> usize {
    let top = stack_pointer() - 64; // leave this function's own frame alone
    let bottom = top - PAINT;
    // SAFETY: [bottom, top) is unused stack below the current frame (RAM is ≥ 128 KiB on
    // every profile and the stack grows down from its end); volatile so the writes happen.
    unsafe {
        let mut a = bottom;
        while a < top {
            core::ptr::write_volatile(a as *mut u32, PATTERN);
            a += 4;
        }
    }
    f();
    let mut a = bottom;
    // SAFETY: the same range, read back.
    while a < top && unsafe { core::ptr::read_volatile(a as *const u32) } == PATTERN {
        a += 4;
    }
    top - a
}

/// Calls a marker through an opaque function pointer so it can never be inlined or
/// dropped (the plugin needs a real call to its address).
fn mark(f: extern "C" fn()) {
    black_box(f)();
}

/// The quads `reqs` with the descriptors bound once ([`SampleBinding`]: validated, and the
/// kernel's texture and sampler constants prepared, before the loop, as a firmware holds
/// them between binding and sampling). Out of line, so the other benchmarks' loops keep
/// their own code.
#[inline(never)]
fn bound(name: &str, tex: &TextureHeader, sampler: &SamplerHeader, reqs: &[SampleRequest]) {
    log!("bench {} {}", name, reqs.len() as u32 * 4);
    let bound = SampleBinding::new(Ok(tex), Ok(sampler));
    let mut out = [[0u32; 4]; 4];
    mark(bench_start);
    for r in reqs {
        black_box(black_box(&bound).sample_quad_into(&TEX[..], black_box(r), &mut out).is_ok());
        black_box(&out);
    }
    mark(bench_end);
}

/// `SAMPLE_I` of a warp's lanes on one bound view, as a firmware's handler of the
/// instruction loops over them (out of line: the lane loop is compiled as it would be
/// there, not into this module's long benchmark function).
#[inline(never)]
fn sample_i_lanes(view: &FetchBinding<'_>, addrs: &[[u32; 4]], out: &mut [[u32; 4]]) {
    for (a, o) in addrs.iter().zip(out.iter_mut()) {
        black_box(view.sample_i_into(&TEX[..], *a, o).is_ok());
    }
}

/// `TXQ.DIMENSION` of a warp's lanes (lane `i` queries level `i & 7`) on one resolved
/// texture, out of line like [`sample_i_lanes`].
#[inline(never)]
fn txq_lanes(texture: &TxqBinding, out: &mut [[u32; 4]]) {
    for (i, o) in out.iter_mut().enumerate() {
        *o = texture.txq(TxqQuery::Dimension, black_box(i as u32 & 7));
    }
}

/// Runs every benchmark once.
pub fn run() {
    let tex = TextureHeader::new(TextureType::TwoD, Format::RGBA8_UNORM, W, W, 1, 7);
    let lin = SamplerHeader {
        wrap: [WrapMode::ClampToEdge; 3],
        mag_filter: Filter::Linear,
        min_filter: Filter::Linear,
        mip_filter: MipFilter::None,
        ..SamplerHeader::default()
    };
    let tri = SamplerHeader { mip_filter: MipFilter::Linear, ..lin };
    // Peak stack per op (one call each; `cargo xtask bench` prints these).
    let q = quad(3, 5, 3, 2, 2 * W);
    let st = |name: &str, f: &mut dyn FnMut()| log!("stack {} {}", name, stack_used(f) as u32);
    st("bilinear_rgba8_2d", &mut || {
        black_box(sample_quad(Ok(&tex), Ok(&lin), &TEX[..], &SampleRequest::new(q)).ok());
    });
    st("trilinear_rgba8_2d", &mut || {
        black_box(sample_quad(Ok(&tex), Ok(&tri), &TEX[..], &SampleRequest::new(q)).ok());
    });
    st("gather4_rgba8", &mut || {
        black_box(gather4(Ok(&tex), Ok(&lin), &TEX[..], &q, 0, [0, 0], None).ok());
    });
    st("sample_i_rgba8", &mut || {
        black_box(sample_i(Ok(&tex), &TEX[..], [1, 2, 0, 0]).ok());
    });
    const QUADS: u32 = 16;
    // Bilinear, level 0, magnified (quad footprint 0.5 texel).
    log!("bench bilinear_rgba8_2d {}", QUADS * 4);
    // Requests are built before the start marker: only the op is counted.
    let reqs: [SampleRequest; QUADS as usize] =
        core::array::from_fn(|i| SampleRequest::new(quad(3 + i as u32 * 7, 5 + i as u32 * 3, 1, 1, 2 * W * 2)));
    // The op writes the quad into the caller's buffer (`sample_quad_into`, as a firmware
    // loop would; `sample_quad` returns it by value at the cost of one 64-byte copy).
    let mut out = [[0u32; 4]; 4];
    mark(bench_start);
    for r in &reqs {
        black_box(sample_quad_into(Ok(&tex), Ok(&lin), &TEX[..], black_box(r), &mut out).is_ok());
        black_box(&out);
    }
    mark(bench_end);
    // The same quads as two warps of 8 (`sample_warp_into`: the texture and sampler
    // constants once per warp).
    log!("bench bilinear_rgba8_2d_warp8 {}", QUADS * 4);
    let mut warp_out = [[[0u32; 4]; 4]; 8];
    let warps: [[SampleRequest; 8]; 2] = core::array::from_fn(|w| core::array::from_fn(|i| reqs[w * 8 + i]));
    mark(bench_start);
    for w in &warps {
        black_box(sample_warp_into(Ok(&tex), Ok(&lin), &TEX[..], black_box(w), &mut warp_out).is_ok());
        black_box(&warp_out);
    }
    mark(bench_end);
    bound("bilinear_rgba8_2d_bound", &tex, &lin, &reqs);
    log!("bench trilinear_rgba8_2d {}", QUADS * 4);
    let reqs: [SampleRequest; QUADS as usize] =
        core::array::from_fn(|i| SampleRequest::new(quad(3 + i as u32 * 7, 5 + i as u32 * 3, 3, 2, 2 * W)));
    mark(bench_start);
    for r in &reqs {
        black_box(sample_quad_into(Ok(&tex), Ok(&tri), &TEX[..], black_box(r), &mut out).is_ok());
        black_box(&out);
    }
    mark(bench_end);
    bound("trilinear_rgba8_2d_bound", &tex, &tri, &reqs);
    log!("bench gather4_rgba8 {}", QUADS * 4);
    let quads: [[[u32; 4]; 4]; QUADS as usize] =
        core::array::from_fn(|i| quad(3 + i as u32 * 7, 5 + i as u32 * 3, 1, 1, 2 * W));
    mark(bench_start);
    for q in &quads {
        black_box(&gather4(Ok(&tex), Ok(&lin), &TEX[..], black_box(q), 0, [0, 0], None));
    }
    mark(bench_end);
    const N: u32 = 64;
    // The lanes of a warp (NVIDIA's warp width) for the forms that bind once per warp.
    const WARP: u32 = 32;
    // Addresses are built before the start marker: only the op is counted.
    let addrs: [[u32; 4]; N as usize] = core::array::from_fn(|i| [i as u32 % W, (i as u32 * 5) % W, 0, 0]);
    log!("bench sample_i_rgba8 {}", N);
    mark(bench_start);
    for a in &addrs {
        black_box(sample_i(Ok(&tex), &TEX[..], *black_box(a)).ok());
    }
    mark(bench_end);
    // The first 32 fetches as one warp's lanes with the view bound once for the warp
    // (`FetchBinding`: validated and its word path prepared once; the binding is counted).
    log!("bench sample_i_rgba8_bound {}", WARP);
    let mut fetched = [[0u32; 4]; WARP as usize];
    mark(bench_start);
    sample_i_lanes(&FetchBinding::new(Ok(&tex)), &addrs[..WARP as usize], &mut fetched);
    mark(bench_end);
    black_box(&fetched);
    let headers = [tex.to_words()];
    let samplers = [lin.to_words()];
    let bank = [Handle(0).0];
    let b = Bindings {
        headers: Pool::new(&headers),
        samplers: Pool::new(&samplers),
        binding: SamplerBinding::Independent,
        const_bank: &bank,
    };
    let src = HandleSource::ConstBank(TsPtrIdx::new(0).unwrap_or_default());
    log!(
        "stack txq_dimension {}",
        stack_used(&mut || {
            black_box(txq(&b, src, TxqQuery::Dimension, 1));
        }) as u32
    );
    log!("bench txq_dimension {}", N);
    mark(bench_start);
    for i in 0..N {
        black_box(txq(&b, src, TxqQuery::Dimension, i & 7));
    }
    mark(bench_end);
    // The first 32 queries as one warp's lanes with the texture resolved once for the warp
    // (`TxqBinding`; the resolution is counted).
    log!("bench txq_dimension_bound {}", WARP);
    let mut dims = [[0u32; 4]; WARP as usize];
    mark(bench_start);
    txq_lanes(&TxqBinding::new(&b, src), &mut dims);
    mark(bench_end);
    black_box(&dims);
    // TMML.LOD on the trilinear sampler: the LOD unit per lane (λ', LOD used, major axis,
    // anisotropy ratio), counted per lane.
    let tri_samplers = [tri.to_words()];
    let bt = Bindings { samplers: Pool::new(&tri_samplers), ..b };
    let ras: [[[u32; 4]; 4]; QUADS as usize] =
        core::array::from_fn(|i| quad(3 + i as u32 * 7, 5 + i as u32 * 3, 3 + (i as u32 & 3), 2, 2 * W));
    log!("bench tmml_lod_2d {}", QUADS * 4);
    mark(bench_start);
    for ra in &ras {
        black_box(tmml(&bt, src, CoordDesc::TwoD, black_box(ra)));
    }
    mark(bench_end);
}
