//! One band of the batch benchmark's workload (`benches/batch.rs`: 64 screen rows of a
//! 2048×2048 grid over an RGBA8 256×256 9-level texture, 131 072 samples), sampled once
//! quad by quad (`sample_quad`) and once as one batch (`sample_batch_into`), each in its
//! own function, for counting instructions per sample where wall time is noisy:
//!
//! ```text
//! cargo build --release -p texcore --example batch_count
//! valgrind --tool=callgrind --callgrind-out-file=cg.out target/release/examples/batch_count tri
//! callgrind_annotate --inclusive=yes cg.out | grep -E 'batch_count::(per_quad|batch)'
//! ```
//!
//! Workloads: `bil` (bilinear, magnified 8×), `bilr` (bilinear, random places), `tri`
//! (trilinear, λ ≈ 0.58), `trir` (trilinear, random places). The two results are compared.

use texcore::descriptor::{Filter, Format, MipFilter, SamplerHeader, TextureHeader, TextureType, WrapMode};
use texcore::memory::texture_bytes;
use texcore::op::sample::{sample_batch_into, sample_quad, Quad, SampleRequest};

/// The quads of `rows` screen rows of the 2048-wide grid (as in `benches/batch.rs`).
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
        for qx in 0..1024 {
            let (x0, y0) = if random { (rnd() / sx, rnd() / sy) } else { ((2 * qx) as f32, (2 * qy) as f32) };
            let lane = |dx: f32, dy: f32| [((x0 + dx + 0.5) * sx).to_bits(), ((y0 + dy + 0.5) * sy).to_bits(), 0, 0];
            v.push(SampleRequest::new([lane(0.0, 0.0), lane(1.0, 0.0), lane(0.0, 1.0), lane(1.0, 1.0)]));
        }
    }
    v
}

#[inline(never)]
fn per_quad(t: &TextureHeader, s: &SamplerHeader, mem: &[u8], reqs: &[SampleRequest], out: &mut [Quad]) {
    for (r, o) in reqs.iter().zip(out.iter_mut()) {
        *o = sample_quad(Ok(t), Ok(s), mem, r).unwrap_or_default();
    }
}

#[inline(never)]
fn batch(t: &TextureHeader, s: &SamplerHeader, mem: &[u8], reqs: &[SampleRequest], out: &mut [Quad]) {
    let _ = sample_batch_into(Ok(t), Ok(s), mem, reqs, out);
}

fn main() {
    let which = std::env::args().nth(1).unwrap_or_else(|| "bil".into());
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
    let px = 1.0 / 256.0;
    let (s, reqs) = match which.as_str() {
        "bil" => (lin, grid(64, px / 8.0, px / 8.0, false)),
        "bilr" => (lin, grid(64, px / 8.0, px / 8.0, true)),
        "tri" => (tri, grid(64, 1.5 * px, 1.5 * px, false)),
        "trir" => (tri, grid(64, 1.5 * px, 1.5 * px, true)),
        w => panic!("unknown workload {w} (bil, bilr, tri, trir)"),
    };
    let mut want = vec![[[0u32; 4]; 4]; reqs.len()];
    per_quad(&t, &s, &mem, &reqs, &mut want);
    let mut out = vec![[[0u32; 4]; 4]; reqs.len()];
    batch(&t, &s, &mem, &reqs, &mut out);
    assert!(want == out, "the batch differs from sample_quad");
    println!("{which}: {} samples, batch == sample_quad", 4 * reqs.len());
}
