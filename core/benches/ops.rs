//! Criterion benchmarks of whole ops (descriptor lookup and decode included).
//! Run: `cargo bench -p texcore --bench ops`. Figures go in the README.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use texcore::descriptor::{Format, SamplerHeader, TextureHeader, TextureType};
use texcore::handle::{Bindings, Handle, HandleSource, Pool, SamplerBinding, TsPtrIdx};
use texcore::query::intel::info;
use texcore::query::nv::{txq, TxqQuery};
use texcore::query::tgsi;

fn queries(c: &mut Criterion) {
    let t = TextureHeader::new(TextureType::TwoDArray, Format::RGBA8_UNORM, 1024, 512, 6, 11);
    let headers = [t.to_words()];
    let samplers = [SamplerHeader::default().to_words()];
    let bank = [Handle(0).0];
    let b = Bindings {
        headers: Pool::new(&headers),
        samplers: Pool::new(&samplers),
        binding: SamplerBinding::Independent,
        const_bank: &bank,
    };
    let src = HandleSource::ConstBank(TsPtrIdx::new(0).unwrap());
    let mut g = c.benchmark_group("query");
    g.throughput(Throughput::Elements(1));
    g.bench_function("txq_dimension", |bch| {
        let mut lod = 0u32;
        bch.iter(|| {
            lod = (lod + 1) & 15;
            txq(black_box(&b), black_box(src), TxqQuery::Dimension, black_box(lod))
        })
    });
    g.bench_function("txq_sampler_pos", |bch| {
        bch.iter(|| txq(black_box(&b), black_box(src), TxqQuery::SamplerPos, black_box(0)))
    });
    g.bench_function("tgsi_sviewinfo", |bch| bch.iter(|| tgsi::sviewinfo(Ok(black_box(&t)), black_box(3))));
    g.throughput(Throughput::Elements(16));
    g.bench_function("intel_resinfo_simd16", |bch| {
        let lod: [u32; 16] = core::array::from_fn(|i| i as u32);
        let mut dst = [0u32; 64];
        bch.iter(|| {
            let _ = info(0b01010, 0b100, black_box(0xFFFF), Ok(black_box(&t)), black_box(&lod), &mut dst);
            dst[0]
        })
    });
    g.finish();
}

fn fetch(c: &mut Criterion) {
    use texcore::memory::texture_bytes;
    use texcore::op::fetch::{sample_i, txf};
    use texcore::op::resource::{atomic, load, store, AtomicOp};
    let t = TextureHeader::new(TextureType::TwoD, Format::RGBA8_UNORM, 256, 256, 1, 9);
    let mut mem = vec![0u8; texture_bytes(&t) as usize];
    for (i, b) in mem.iter_mut().enumerate() {
        *b = (i * 7) as u8;
    }
    let mut tiled = t;
    tiled.layout = texcore::Layout::Tiled4x4;
    let r32 = TextureHeader::new(TextureType::TwoD, Format::R32_UINT, 256, 256, 1, 1);
    let mut g = c.benchmark_group("fetch");
    g.throughput(Throughput::Elements(1));
    g.bench_function("sample_i_rgba8_level2", |b| {
        let mut x = 0u32;
        b.iter(|| {
            x = (x + 17) & 63;
            sample_i(Ok(black_box(&t)), black_box(&mem[..]), [x, x ^ 5, 0, 2])
        })
    });
    g.bench_function("sample_i_rgba8_tiled", |b| {
        let mut x = 0u32;
        b.iter(|| {
            x = (x + 17) & 255;
            sample_i(Ok(black_box(&tiled)), black_box(&mem[..]), [x, x ^ 5, 0, 0])
        })
    });
    g.bench_function("txf_rgba8_offset", |b| {
        let mut x = 0i32;
        b.iter(|| {
            x = (x + 17) & 255;
            txf(Ok(black_box(&t)), black_box(&mem[..]), [x, x ^ 9, 0, 0], [-3, 2, 0])
        })
    });
    g.bench_function("load_rgba8", |b| {
        let mut x = 0u32;
        b.iter(|| {
            x = (x + 17) & 255;
            load(Ok(black_box(&t)), black_box(&mem[..]), [x, 3, 0, 0])
        })
    });
    g.bench_function("store_rgba8", |b| {
        let mut x = 0u32;
        b.iter(|| {
            x = (x + 17) & 255;
            store(Ok(black_box(&t)), &mut mem[..], [x, 3, 0, 0], [0x3F00_0000; 4])
        })
    });
    let mut mem32 = vec![0u8; texture_bytes(&r32) as usize];
    g.bench_function("atomic_uadd_r32", |b| {
        let mut x = 0u32;
        b.iter(|| {
            x = (x + 17) & 255;
            atomic(AtomicOp::UAdd, Ok(black_box(&r32)), &mut mem32[..], [x, 7, 0, 0], [1; 4], [0; 4])
        })
    });
    g.finish();
}

fn sampling(c: &mut Criterion) {
    use texcore::descriptor::{Filter, MipFilter, WrapMode};
    use texcore::memory::texture_bytes;
    use texcore::op::sample::{sample_quad, SampleRequest};
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
    let f = |v: f32| v.to_bits();
    // A quad with derivative ds/dx = 1.5/256, dt/dy = 0.7/256 (minification λ ≈ 0.58).
    let quad = |u: f32, v: f32, dx: f32, dy: f32| -> [[u32; 4]; 4] {
        [[f(u), f(v), 0, 0], [f(u + dx), f(v), 0, 0], [f(u), f(v + dy), 0, 0], [f(u + dx), f(v + dy), 0, 0]]
    };
    let mut g = c.benchmark_group("sample");
    g.throughput(Throughput::Elements(4));
    g.bench_function("bilinear_rgba8_2d_quad", |b| {
        let mut u = 0.1f32;
        b.iter(|| {
            u = if u > 0.9 { 0.1 } else { u + 0.0137 };
            sample_quad(
                Ok(black_box(&t)),
                Ok(&lin),
                black_box(&mem[..]),
                &SampleRequest::new(quad(u, 0.3, 0.5 / 256.0, 0.5 / 256.0)),
            )
        })
    });
    g.bench_function("trilinear_rgba8_2d_quad", |b| {
        let mut u = 0.1f32;
        b.iter(|| {
            u = if u > 0.9 { 0.1 } else { u + 0.0137 };
            sample_quad(
                Ok(black_box(&t)),
                Ok(&tri),
                black_box(&mem[..]),
                &SampleRequest::new(quad(u, 0.3, 1.5 / 256.0, 0.7 / 256.0)),
            )
        })
    });
    g.bench_function("aniso16_rgba8_2d_quad", |b| {
        let mut u = 0.1f32;
        b.iter(|| {
            u = if u > 0.9 { 0.1 } else { u + 0.0137 };
            sample_quad(
                Ok(black_box(&t)),
                Ok(&aniso),
                black_box(&mem[..]),
                &SampleRequest::new(quad(u, 0.3, 16.0 / 256.0, 1.0 / 256.0)),
            )
        })
    });
    let cube = TextureHeader::new(TextureType::Cube, Format::RGBA8_UNORM, 64, 64, 1, 7);
    let cmem = vec![0x5Au8; texture_bytes(&cube) as usize];
    let cs = SamplerHeader { seamless_cube: true, ..tri };
    g.bench_function("trilinear_cube_quad", |b| {
        let mut z = 0.1f32;
        b.iter(|| {
            z = if z > 0.9 { -0.9 } else { z + 0.0137 };
            let l = |dx: f32, dy: f32| [f(1.0), f(z + dy), f(z + dx), 0];
            let q = [l(0.0, 0.0), l(0.02, 0.0), l(0.0, 0.02), l(0.02, 0.02)];
            sample_quad(Ok(black_box(&cube)), Ok(&cs), black_box(&cmem[..]), &SampleRequest::new(q))
        })
    });
    g.finish();
}

criterion_group!(benches, queries, fetch, sampling);
criterion_main!(benches);
