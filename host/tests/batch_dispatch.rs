//! The copy of the batch op the CPU selects gives texcore's results bit for bit: against
//! `texcore::op::sample::sample_batch_into` (the form chosen when texcore is compiled) and
//! against `sample_quad` quad by quad, over batches that cross chunk boundaries, RGBA8 /
//! BGRA8 kernels and the general path around them (other formats and types, every wrap,
//! mip and filter mode, anisotropy, explicit and zero LOD, texel offsets in and out of
//! range, unaligned and short memory, invalid descriptors).
#![allow(clippy::unwrap_used)]

use fixed::types::{I8F8, U8F8};
use proptest::prelude::*;
use texcore::descriptor::{
    Filter, Format, Layout, MipFilter, SamplerHeader, Swizzle, SwizzleSource, TextureHeader, TextureType, WrapMode,
};
use texcore::handle::Invalid;
use texcore::lod::LodSource;
use texcore::memory::texture_bytes;
use texcore::op::sample::{sample_quad, Quad, SampleRequest};

/// A texture of the batch op's domain and around it.
fn header() -> impl Strategy<Value = TextureHeader> {
    (
        0usize..4,
        0usize..4,
        prop_oneof![1u32..40, (0u32..7).prop_map(|k| 1 << k)],
        prop_oneof![1u32..40, (0u32..7).prop_map(|k| 1 << k)],
        1u32..4,
        1u32..8,
        prop_oneof![4 => Just(false), 1 => Just(true)],
        0u32..16,
        any::<[u8; 4]>(),
        any::<bool>(),
    )
        .prop_map(|(ty, f, w, h, d, levels, tiled, addr, sw, swizzled)| {
            let ty = [TextureType::TwoD, TextureType::TwoD, TextureType::TwoDArray, TextureType::TwoDNoMipmap][ty];
            let f = [Format::RGBA8_UNORM, Format::BGRA8_UNORM, Format::RGBA8_UNORM, Format::R8_UNORM][f];
            let full = 32 - w.max(h).leading_zeros();
            let levels = if ty == TextureType::TwoDNoMipmap { 1 } else { levels.min(full) };
            let depth = if ty == TextureType::TwoD { 1 } else { d };
            let mut t = TextureHeader::new(ty, f, w, h, depth, levels);
            t.layout = if tiled { Layout::Tiled4x4 } else { Layout::PitchLinear };
            t.base_address = addr * 4;
            if swizzled {
                let src = [SwizzleSource::R, SwizzleSource::G, SwizzleSource::B, SwizzleSource::A, SwizzleSource::Zero];
                t.swizzle = Swizzle(sw.map(|b| src[usize::from(b % 5)]));
            }
            t
        })
}

fn sampler() -> impl Strategy<Value = SamplerHeader> {
    // Wrap modes: mostly those of the kernels (CLAMP_TO_EDGE, REPEAT), sometimes any.
    let wrap = || prop_oneof![3 => prop_oneof![Just(WrapMode::ClampToEdge), Just(WrapMode::Repeat)], 1 => (0usize..5).prop_map(|i| WrapMode::ALL[i])];
    let filter = || prop_oneof![Just(Filter::Nearest), Just(Filter::Linear)];
    let mip = prop_oneof![Just(MipFilter::None), Just(MipFilter::Nearest), Just(MipFilter::Linear)];
    let aniso = prop_oneof![4 => Just(0u8), 1 => 1u8..5];
    let lod = (any::<i16>(), 0u16..2048, 0u16..4096)
        .prop_map(|(b, lo, hi)| (I8F8::from_bits(b / 8), U8F8::from_bits(lo), U8F8::from_bits(hi)));
    ([wrap(), wrap(), wrap()], (filter(), filter(), mip), aniso, lod, any::<[u32; 4]>()).prop_map(
        |(
            wrap,
            (mag_filter, min_filter, mip_filter),
            max_anisotropy_log2,
            (lod_bias, min_lod, max_lod),
            border_color,
        )| {
            SamplerHeader {
                wrap,
                mag_filter,
                min_filter,
                mip_filter,
                max_anisotropy_log2,
                lod_bias,
                min_lod,
                max_lod,
                border_color,
                ..SamplerHeader::default()
            }
        },
    )
}

/// A coordinate: mostly in −2 … 3, sometimes any bit pattern (NaN, ∞, huge, subnormal).
fn coord() -> impl Strategy<Value = u32> {
    prop_oneof![9 => (-2.0f32..3.0).prop_map(f32::to_bits), 1 => any::<u32>()]
}

/// A quad: a screen-grid quad (lane steps of `2^-k`) most of the time, else four arbitrary
/// lanes; the LOD from the quad (with or without a shader bias), explicit or zero; texel
/// offsets mostly none, sometimes in range, rarely out of range.
fn request() -> impl Strategy<Value = SampleRequest> {
    (
        any::<bool>(),
        [coord(), coord()],
        3u32..14,
        {
            let lane = || [coord(), coord(), coord()];
            [lane(), lane(), lane(), lane()]
        },
        0u8..8,
        coord(),
        prop_oneof![6 => Just([0i32; 3]), 3 => [-8i32..8, -8i32..8, -8i32..8], 1 => [-9i32..9, -9i32..9, -9i32..9]],
        0u32..3,
    )
        .prop_map(|(grid, [s, t], k, lanes, lod, l, offset, layer)| {
            let coords = if grid {
                let step = 1.0 / (1u32 << k) as f32;
                let (s, t) = (f32::from_bits(s), f32::from_bits(t));
                let lane = |ds: f32, dt: f32| [(s + ds).to_bits(), (t + dt).to_bits(), layer, 0];
                [lane(0.0, 0.0), lane(step, 0.0), lane(0.0, step), lane(step, step)]
            } else {
                lanes.map(|[a, b, c]| [a, b, c, 0])
            };
            let lod = match lod {
                0..=3 => LodSource::Derivatives { bias: 0 },
                4 => LodSource::Derivatives { bias: l },
                5 | 6 => LodSource::Explicit(l),
                _ => LodSource::Zero,
            };
            SampleRequest { coords, lod, grads: None, offset }
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1_500, ..ProptestConfig::default() })]

    #[test]
    fn selected_copy_matches_texcore(
        h in header(),
        s in sampler(),
        reqs in proptest::collection::vec(request(), 0..70),
        skew in prop_oneof![6 => Just(0usize), 1 => 1usize..4],
        short in prop_oneof![8 => Just(false), 1 => Just(true)],
        invalid in 0u8..20,
        n_out in prop_oneof![8 => Just(usize::MAX), 1 => 0usize..70],
    ) {
        let bytes = (u64::from(h.base_address) + texture_bytes(&h)).min(1 << 20) as usize;
        let len = if short { bytes / 2 } else { bytes + 16 };
        // Word-aligned memory (the kernels read words), offset by `skew` bytes.
        let words: Vec<u32> = (0..(len / 4 + 2) as u32).map(|i| i.wrapping_mul(2_654_435_761)).collect();
        let mem = &bytemuck::cast_slice::<u32, u8>(&words)[skew..skew + len];
        let mut h = h;
        let mut s = s;
        match invalid {
            1 => h.levels = 18,
            2 => s.max_anisotropy_log2 = 5,
            _ => {}
        }
        let view = if invalid == 3 { Err(Invalid::HeaderAboveMaximum(1)) } else { Ok(&h) };
        let sampler = if invalid == 4 { Err(Invalid::HeaderAboveMaximum(2)) } else { Ok(&s) };
        let n = n_out.min(reqs.len());
        let mut got: Vec<Quad> = vec![[[9u32; 4]; 4]; n];
        let r = texcore_host::sample_batch_into(view, sampler, mem, &reqs, &mut got);
        let mut want: Vec<Quad> = vec![[[5u32; 4]; 4]; n];
        prop_assert_eq!(texcore::op::sample::sample_batch_into(view, sampler, mem, &reqs, &mut want), r);
        prop_assert_eq!(&got, &want);
        for (i, (req, g)) in reqs.iter().zip(got.iter()).enumerate() {
            let q = sample_quad(view, sampler, mem, req);
            prop_assert_eq!(*g, q.unwrap_or([[0; 4]; 4]), "quad {}", i);
        }
    }
}

/// On a CPU with AVX-512 (F, BW, CD, DQ, VL) or AVX2 the batch op runs the copy compiled
/// for it, not the baseline one.
#[test]
fn the_cpu_selects_its_copy() {
    let copy = texcore_host::selected_copy();
    #[cfg(target_arch = "x86_64")]
    {
        let avx512 = ["avx512f", "avx512bw", "avx512cd", "avx512dq", "avx512vl"];
        let has = |f: &str| match f {
            "avx512f" => std::is_x86_feature_detected!("avx512f"),
            "avx512bw" => std::is_x86_feature_detected!("avx512bw"),
            "avx512cd" => std::is_x86_feature_detected!("avx512cd"),
            "avx512dq" => std::is_x86_feature_detected!("avx512dq"),
            "avx512vl" => std::is_x86_feature_detected!("avx512vl"),
            _ => false,
        };
        let avx2 = std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("fma")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("lzcnt")
            && std::is_x86_feature_detected!("popcnt");
        let expect = if avx2 && avx512.iter().all(|f| has(f)) {
            "avx512"
        } else if avx2 {
            "avx2"
        } else {
            "baseline"
        };
        assert_eq!(copy, expect);
    }
    #[cfg(not(target_arch = "x86_64"))]
    assert_eq!(copy, "baseline");
}
