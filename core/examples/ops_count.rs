//! Retired instructions of the `ops` bench's sampling loops, for callgrind.
//!
//! `cargo build --profile bench -p texcore --example ops_count`, then
//! `valgrind --tool=callgrind --toggle-collect='ops_count::run*' target/release/examples/ops_count bil|tri`
//! (the instructions inside `run`, divided by the samples it takes: 4 per quad, printed).

use std::hint::black_box;
use texcore::descriptor::{Filter, Format, MipFilter, SamplerHeader, TextureHeader, TextureType, WrapMode};
use texcore::memory::texture_bytes;
use texcore::op::sample::{sample_quad, SampleRequest};

const QUADS: u32 = 100_000;

#[inline(never)]
fn run(t: &TextureHeader, s: &SamplerHeader, mem: &[u8], d: (f32, f32)) -> u32 {
    let f = |v: f32| v.to_bits();
    let quad = |u: f32, v: f32, dx: f32, dy: f32| -> [[u32; 4]; 4] {
        [[f(u), f(v), 0, 0], [f(u + dx), f(v), 0, 0], [f(u), f(v + dy), 0, 0], [f(u + dx), f(v + dy), 0, 0]]
    };
    let mut u = 0.1f32;
    let mut acc = 0u32;
    for _ in 0..QUADS {
        u = if u > 0.9 { 0.1 } else { u + 0.0137 };
        let r = sample_quad(Ok(black_box(t)), Ok(s), black_box(mem), &SampleRequest::new(quad(u, 0.3, d.0, d.1)));
        acc ^= black_box(r).map_or(0, |q| q[0][0]);
    }
    acc
}

fn main() {
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
    let which = std::env::args().nth(1).unwrap_or_default();
    let (s, d) = match which.as_str() {
        "tri" => (tri, (1.5 / 256.0, 0.7 / 256.0)),
        _ => (lin, (0.5 / 256.0, 0.5 / 256.0)),
    };
    println!("{} quads ({} samples): {:x}", QUADS, 4 * QUADS, run(&t, &s, &mem, d));
}
