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
    g.bench_function("tgsi_sviewinfo", |bch| {
        bch.iter(|| tgsi::sviewinfo(Ok(black_box(&t)), black_box(3)))
    });
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

criterion_group!(benches, queries);
criterion_main!(benches);
