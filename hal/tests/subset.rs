//! The sampling subset on the simulated device: with `Subset::RTL`, a governed op answers
//! exactly the model's reply where the subset admits its view and sampler, and
//! `Unsupported` (never a result) where it does not.

mod common;

use common::{f, quad, with_scene_pair};
use texcore::descriptor::{Filter, MipFilter, SamplerHeader, WrapMode};
use texcore_hal::{Config, Error, Op, SamplerDevice, Subset};

/// Sampler headers around the subset's edges (index 0 .. 7 of the sampler pool).
fn samplers() -> [SamplerHeader; 8] {
    let s = |w: [WrapMode; 2], mag: Filter, min: Filter, mip: MipFilter| SamplerHeader {
        wrap: [w[0], w[1], WrapMode::MirroredRepeat],
        mag_filter: mag,
        min_filter: min,
        mip_filter: mip,
        ..SamplerHeader::default()
    };
    use Filter::{Linear as L, Nearest as N};
    use WrapMode::*;
    [
        s([Repeat, ClampToEdge], L, L, MipFilter::None),
        s([ClampToEdge, Repeat], N, N, MipFilter::None),
        s([Repeat, Repeat], L, N, MipFilter::None),
        s([ClampToBorder, Repeat], L, L, MipFilter::None),
        s([Repeat, MirrorClampToEdge], N, N, MipFilter::None),
        s([ClampToEdge, ClampToEdge], L, L, MipFilter::Linear),
        SamplerHeader { max_anisotropy_log2: 2, ..s([Repeat, Repeat], L, L, MipFilter::None) },
        s([ClampToEdge, ClampToEdge], L, L, MipFilter::None),
    ]
}

#[test]
fn rtl_subset_answers_the_model_or_unsupported() {
    with_scene_pair(Config::default(), |sim, fpga, soft| {
        sim.set_subset(Subset::RTL).unwrap();
        for (i, s) in (0u32..).zip(samplers().iter()) {
            fpga.write_sampler_header(i, s).unwrap();
            soft.write_sampler_header(i, s).unwrap();
        }
        let quads = [
            quad([0.3, 0.6, 0.0], [0.07, 0.0, 0.0], [0.0, 0.05, 0.0], 0.0),
            quad([-1.7, 2.25, 0.0], [0.5, 0.0, 0.0], [0.0, -0.3, 0.0], 0.0),
        ];
        let (mut admitted, mut refused) = (0, 0);
        for view in 0..16 {
            for sampler in 0..8 {
                for (k, address) in quads.iter().enumerate() {
                    let offset = if k == 0 { [0; 3] } else { [-3, 7, 0] };
                    let op = Op::TgsiSampleL { view, sampler, address: *address, offset, lod: [f(0.0); 4] };
                    let (v, smp) = (soft.view(view), soft.sampler(sampler));
                    let admits = Subset::RTL.admits(&op, v.as_ref().map_err(|e| *e), smp.as_ref().map_err(|e| *e));
                    let want = soft.execute(&op).unwrap();
                    match fpga.execute(&op) {
                        Ok(r) => {
                            assert!(admits, "{op:?}: a result outside the subset");
                            assert_eq!(r, want, "{op:?}");
                            admitted += 1;
                        }
                        Err(Error::Unsupported(code)) => {
                            assert!(!admits, "{op:?}: refused inside the subset");
                            assert_eq!(code, 0x3A);
                            refused += 1;
                        }
                        Err(e) => panic!("{op:?}: {e:?}"),
                    }
                }
            }
        }
        // Both answers occur, and ops outside the governed set still run.
        assert!(admitted >= 20 && refused >= 20, "admitted {admitted}, refused {refused}");
        let op = Op::TgsiSample { view: 0, sampler: 3, address: quads[0], offset: [0; 3] };
        assert_eq!(fpga.execute(&op).unwrap(), soft.execute(&op).unwrap());
    });
}

#[test]
fn the_model_device_admits_everything_by_default() {
    with_scene_pair(Config::default(), |_sim, fpga, soft| {
        for view in 0..16 {
            let op = Op::TgsiSampleL {
                view,
                sampler: 1,
                address: quad([0.3, 0.6, 0.0], [0.07, 0.0, 0.0], [0.0, 0.05, 0.0], 0.0),
                offset: [0; 3],
                lod: [f(1.5); 4],
            };
            assert_eq!(fpga.execute(&op).unwrap(), soft.execute(&op).unwrap(), "{op:?}");
        }
    });
}
