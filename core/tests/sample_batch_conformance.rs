//! The conformance suite's SAMPLE and SAMPLE_D combinations on 2D and 2D array textures
//! (every filter combination, anisotropy included, every wrap setup) run through the batch
//! op, `sample_batch_into`: one random texture and sampler per batch of
//! `QUADS_PER_TEX` quads, as a renderer binds them. Every quad must equal the per-quad
//! op (`run_model`, bit for bit) and every lane must pass the f64 reference's dEQP
//! bounds (`Oracle::check`; lanes it cannot compute exactly are not judged). The batch op
//! in the copy `texcore-host` selects for this CPU must give the same quads.
//!
//! `cargo test --release -p texcore --test sample_batch_conformance`; a debug build runs
//! fewer quads per combination.

use texcore_reference as reference;

use reference::driver::{combos, gen_quad, gen_sampler, lane_inputs, run_model, Combo, Op, FILTERS};
use reference::rng::Rng;
use reference::sampling::Oracle;
use reference::texture::{random_border, random_header, Fmt, RefTex};
use texcore::descriptor::TextureType;
use texcore::op::sample::{sample_batch_into, Quad, SampleRequest};

/// Quads per combination.
const QUADS: usize = if cfg!(debug_assertions) { 100 } else { 1_000 };
/// Quads per random texture and sampler (one batch).
const QUADS_PER_TEX: usize = 125;
const SEED: u64 = 0xBA7C_4000_5A3B_1E00;

/// The op's canonical request for a generated quad (`op::sample::sample` / `sample_d` map
/// their registers the same way).
fn request(op: Op, ty: TextureType, q: &reference::driver::Quad) -> SampleRequest {
    let lane = |c: [f32; 4]| -> [u32; 4] {
        let c = c.map(f32::to_bits);
        if ty == TextureType::TwoDArray {
            [c[0], c[1], 0, c[3]]
        } else {
            [c[0], c[1], c[2], 0]
        }
    };
    let mut r = SampleRequest::new(q.c.map(lane));
    r.offset = q.offset;
    if op == Op::SampleD {
        let b = |v: [f32; 3]| v.map(f32::to_bits);
        r.grads = Some(core::array::from_fn(|l| [b(q.ddx[l]), b(q.ddy[l])]));
    }
    r
}

fn run_combo(c: &Combo, seed: u64) -> (usize, usize) {
    let mut rng = Rng::new(seed);
    let f = &FILTERS[c.filter];
    let (mut judged, mut done) = (0, 0);
    while done < QUADS {
        let fmt = if rng.chance(0.7) { Fmt::Rgba8 } else { Fmt::Bgra8 };
        let h = random_header(&mut rng, c.ty, fmt, true);
        let border = random_border(&mut rng, fmt);
        let tex = RefTex::random(h, fmt, border, &mut rng);
        let s = gen_sampler(&mut rng, f, c.wrap, tex.h.levels, border);
        let quads: Vec<_> = (0..QUADS_PER_TEX).map(|_| gen_quad(&mut rng, c.op, &tex)).collect();
        let reqs: Vec<SampleRequest> = quads.iter().map(|q| request(c.op, c.ty, q)).collect();
        let mut out: Vec<Quad> = vec![[[0; 4]; 4]; reqs.len()];
        sample_batch_into(Ok(&tex.h), Ok(&s), &tex.mem[..], &reqs, &mut out).expect("the op accepts the type");
        // The copy `texcore-host` runs on this CPU gives the same quads.
        let mut host: Vec<Quad> = vec![[[1; 4]; 4]; reqs.len()];
        texcore_host::sample_batch_into(Ok(&tex.h), Ok(&s), &tex.mem[..], &reqs, &mut host)
            .expect("the op accepts the type");
        assert!(host == out, "{} (seed {seed:#x}): texcore-host's copy differs from the batch op", c.name());
        let oracle = Oracle::new(&tex, &s);
        for (k, (q, o)) in quads.iter().zip(out.iter()).enumerate() {
            let want = run_model(c.op, &tex.h, &s, &tex.mem, q).expect("op accepts the type");
            assert_eq!(*o, want, "{} (seed {seed:#x}, quad {k}): batch differs from the op", c.name());
            let lanes = lane_inputs(c.op, c.ty, q);
            for l in 0..4 {
                let v = oracle.check(&lanes[l], o[l].map(|w| f64::from(f32::from_bits(w))));
                if v.inexact {
                    continue;
                }
                judged += 1;
                assert!(
                    v.pass,
                    "{} (seed {seed:#x}, quad {k}, lane {l}): outside the bounds\n  header {:?}\n  sampler {s:?}\n  lane {:?}\n  model {:?}\n  ideal {:?}",
                    c.name(),
                    tex.h,
                    lanes[l],
                    o[l],
                    v.ideal
                );
            }
        }
        done += QUADS_PER_TEX;
    }
    (done, judged)
}

#[test]
fn batch_sample_conformance() {
    let (all, _) = combos();
    let mut n = 0;
    let (mut quads, mut judged) = (0, 0);
    for (i, c) in all.iter().enumerate() {
        if !matches!(c.op, Op::Sample | Op::SampleD) || !matches!(c.ty, TextureType::TwoD | TextureType::TwoDArray) {
            continue;
        }
        let (q, j) = run_combo(c, SEED ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        n += 1;
        quads += q;
        judged += j;
    }
    // Every filter combination on both types with both ops, each wrap setup.
    assert!(n >= 2 * 2 * FILTERS.len(), "{n} combinations");
    // Most lanes are judged.
    assert!(judged > quads * 4 * 9 / 10, "{judged} of {} lanes judged", quads * 4);
}
