//! Criterion benchmarks of the batch sampling API against the per-quad ops, on the
//! workload of a software rasterizer's texture unit: an RGBA8_UNORM 2D 256×256 texture
//! with 9 levels, and a 2048×2048 grid of screen samples (1024×1024 quads) mapped over it.
//!
//! One iteration samples a band of 64 screen rows of that grid (32 quad rows × 1024 quads
//! = 32 768 quads = 131 072 samples; the anisotropic rows: 1 024 quads), with requests built
//! before the timed loop; throughput is in samples. Each workload runs the per-quad op
//! (`sample_quad`), the warp op (`sample_warp_into`, 8 quads per call) and the batch op
//! (`sample_batch_into`, the whole band per call) in the same run, and the batch op in the
//! copy `texcore-host` selects at run time for this CPU (`host_sample_batch_into`).
//!
//! Run: `cargo bench -p texcore --bench batch`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::hint::black_box;
use texcore::descriptor::{Filter, Format, MipFilter, SamplerHeader, TextureHeader, TextureType, WrapMode};
use texcore::memory::texture_bytes;
use texcore::op::sample::{sample_batch_into, sample_quad, sample_warp_into, Quad, SampleRequest};

/// Screen width of the grid in samples.
const SCREEN: u32 = 2048;
/// Screen rows per iteration (a band of the grid).
const BAND: u32 = 64;

/// The quads of `rows` screen rows of the grid: screen sample `(x, y)` reads texture
/// coordinate `((x + ½)·sx, (y + ½)·sy)` (normalized), or, for `random`, each quad at a
/// pseudo-random place with the same footprint.
fn grid(rows: u32, sx: f32, sy: f32, random: bool) -> Vec<SampleRequest> {
    let mut seed = 0x2545_F491u32;
    let mut rnd = || {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        (seed >> 8) as f32 / (1u32 << 24) as f32
    };
    let mut v = Vec::new();
    for qy in 0..rows / 2 {
        for qx in 0..SCREEN / 2 {
            let (x0, y0) = if random { (rnd() / sx, rnd() / sy) } else { ((2 * qx) as f32, (2 * qy) as f32) };
            let lane = |dx: f32, dy: f32| [((x0 + dx + 0.5) * sx).to_bits(), ((y0 + dy + 0.5) * sy).to_bits(), 0, 0];
            v.push(SampleRequest::new([lane(0.0, 0.0), lane(1.0, 0.0), lane(0.0, 1.0), lane(1.0, 1.0)]));
        }
    }
    v
}

fn batch(c: &mut Criterion) {
    let t = TextureHeader::new(TextureType::TwoD, Format::RGBA8_UNORM, 256, 256, 1, 9);
    let mut mem = vec![0u8; texture_bytes(&t) as usize];
    for (i, b) in mem.iter_mut().enumerate() {
        *b = (i * 13 + (i >> 7)) as u8;
    }
    let lin = SamplerHeader {
        wrap: [WrapMode::Repeat; 3],
        mag_filter: Filter::Linear,
        min_filter: Filter::Linear,
        mip_filter: MipFilter::None,
        ..SamplerHeader::default()
    };
    let tri = SamplerHeader { mip_filter: MipFilter::Linear, ..lin };
    let aniso = SamplerHeader { max_anisotropy_log2: 4, ..tri };
    let px = 1.0 / 256.0;
    let cases: [(&str, SamplerHeader, Vec<SampleRequest>); 5] = [
        // 1/8 texel per sample: magnified 8× (λ = −3).
        ("bilinear_grid", lin, grid(BAND, px / 8.0, px / 8.0, false)),
        ("bilinear_random", lin, grid(BAND, px / 8.0, px / 8.0, true)),
        // 1.5 texels per sample: λ = log2 1.5 ≈ 0.58.
        ("trilinear_grid", tri, grid(BAND, 1.5 * px, 1.5 * px, false)),
        ("trilinear_random", tri, grid(BAND, 1.5 * px, 1.5 * px, true)),
        // 16 texels per sample along x, 1 along y: 16 anisotropic samples.
        ("aniso16_grid", aniso, grid(2, 16.0 * px, px, false)),
    ];
    let mut g = c.benchmark_group("batch");
    g.sample_size(10);
    for (name, s, reqs) in &cases {
        let n = reqs.len();
        g.throughput(Throughput::Elements(4 * n as u64));
        let mut out: Vec<Quad> = vec![[[0; 4]; 4]; n];
        g.bench_function(BenchmarkId::new(*name, "sample_quad"), |b| {
            b.iter(|| {
                for (r, o) in reqs.iter().zip(out.iter_mut()) {
                    *o = sample_quad(Ok(black_box(&t)), Ok(black_box(s)), &mem[..], r).unwrap_or_default();
                }
                out[n - 1][0][0]
            })
        });
        g.bench_function(BenchmarkId::new(*name, "sample_warp_into"), |b| {
            b.iter(|| {
                for (r, o) in reqs.chunks_exact(8).zip(out.chunks_exact_mut(8)) {
                    let (r, o): (&[SampleRequest; 8], &mut [Quad; 8]) = (r.try_into().unwrap(), o.try_into().unwrap());
                    let _ = sample_warp_into(Ok(black_box(&t)), Ok(black_box(s)), &mem[..], r, o);
                }
                out[n - 1][0][0]
            })
        });
        g.bench_function(BenchmarkId::new(*name, "sample_batch_into"), |b| {
            b.iter(|| {
                let _ = sample_batch_into(Ok(black_box(&t)), Ok(black_box(s)), &mem[..], reqs, &mut out);
                out[n - 1][0][0]
            })
        });
        g.bench_function(BenchmarkId::new(*name, "host_sample_batch_into"), |b| {
            b.iter(|| {
                let _ = texcore_host::sample_batch_into(Ok(black_box(&t)), Ok(black_box(s)), &mem[..], reqs, &mut out);
                out[n - 1][0][0]
            })
        });
        // The three forms agree on this workload.
        let mut want: Vec<Quad> = vec![[[0; 4]; 4]; n];
        for (r, o) in reqs.iter().zip(want.iter_mut()) {
            *o = sample_quad(Ok(&t), Ok(s), &mem[..], r).unwrap();
        }
        sample_batch_into(Ok(&t), Ok(s), &mem[..], reqs, &mut out).unwrap();
        assert!(out == want, "{name}: batch differs from sample_quad");
        texcore_host::sample_batch_into(Ok(&t), Ok(s), &mem[..], reqs, &mut out).unwrap();
        assert!(out == want, "{name}: texcore-host's batch differs from sample_quad");
    }
    g.finish();
}

criterion_group!(benches, batch);
criterion_main!(benches);
