use texcore::descriptor::{Filter, Format, MipFilter, SamplerHeader, TextureHeader, TextureType, WrapMode};
use texcore::memory::{texel_address, texture_bytes, TexelCoord};
use texcore::op::sample::{sample_quad, SampleRequest};

fn f(v: f32) -> u32 {
    v.to_bits()
}

#[test]
fn smoke_bilinear_2d() {
    let t = TextureHeader::new(TextureType::TwoD, Format::R8_UNORM, 4, 4, 1, 1);
    let mut mem = vec![0u8; texture_bytes(&t) as usize];
    for y in 0..4 {
        for x in 0..4 {
            let a = texel_address(&t, &TexelCoord { x, y, ..Default::default() }).unwrap() as usize;
            mem[a] = (x * 60) as u8;
        }
    }
    let s = SamplerHeader {
        mag_filter: Filter::Linear,
        min_filter: Filter::Linear,
        mip_filter: MipFilter::None,
        wrap: [WrapMode::ClampToEdge; 3],
        ..Default::default()
    };
    // u = 0.25*4 = 1.0 → between texel 0 (0) and 1 (60) at α=0.5 → 30/255
    let c = [f(0.25), f(0.5), 0, 0];
    let r = sample_quad(Ok(&t), Ok(&s), &mem[..], &SampleRequest::new([c; 4])).unwrap();
    let got = f32::from_bits(r[0][0]);
    assert!((got - 30.0 / 255.0).abs() < 1e-6, "{got}");
    assert_eq!(r[0][3], f(1.0));
}

/// `sample_quad_into` is `sample_quad` writing into a buffer: the same quad on the RGBA8
/// kernel, the LOD form and the general path; zeros with the same error on a bad offset;
/// zeros for an invalid descriptor.
#[test]
fn sample_quad_into_matches_sample_quad() {
    use texcore::handle::Invalid;
    use texcore::op::sample::{sample_quad_into, SampleError};
    let mut mem = vec![0u8; 1 << 16];
    for (i, b) in mem.iter_mut().enumerate() {
        *b = (i * 37 + (i >> 5)) as u8;
    }
    let lin = SamplerHeader {
        mag_filter: Filter::Linear,
        min_filter: Filter::Linear,
        mip_filter: MipFilter::None,
        wrap: [WrapMode::ClampToEdge; 3],
        ..Default::default()
    };
    let tri = SamplerHeader { mip_filter: MipFilter::Linear, wrap: [WrapMode::MirroredRepeat; 3], ..lin };
    let rgba = TextureHeader::new(TextureType::TwoD, Format::RGBA8_UNORM, 16, 16, 1, 5);
    let r8 = TextureHeader::new(TextureType::TwoD, Format::R8_UNORM, 16, 16, 1, 5);
    let c = |u: f32, v: f32| [f(u), f(v), 0, 0];
    let req = SampleRequest::new([c(0.3, 0.6), c(0.33, 0.6), c(0.3, 0.63), c(0.33, 0.63)]);
    for (t, s) in [(&rgba, &lin), (&rgba, &tri), (&r8, &lin), (&r8, &tri)] {
        let want = sample_quad(Ok(t), Ok(s), &mem[..], &req).unwrap();
        assert_ne!(want, [[0; 4]; 4]);
        let mut out = [[0xDEAD_BEEF; 4]; 4];
        sample_quad_into(Ok(t), Ok(s), &mem[..], &req, &mut out).unwrap();
        assert_eq!(out, want);
        // A bad offset: the same error from both, zeros in the buffer.
        let bad = SampleRequest { offset: [0, 8, 0], ..req };
        let mut out = [[1; 4]; 4];
        assert_eq!(sample_quad_into(Ok(t), Ok(s), &mem[..], &bad, &mut out), Err(SampleError::OffsetRange(1)));
        assert_eq!(sample_quad(Ok(t), Ok(s), &mem[..], &bad), Err(SampleError::OffsetRange(1)));
        assert_eq!(out, [[0; 4]; 4]);
        // An invalid view: zeros, no error.
        let mut out = [[1; 4]; 4];
        sample_quad_into(Err(Invalid::HeaderAboveMaximum(7)), Ok(s), &mem[..], &req, &mut out).unwrap();
        assert_eq!(out, [[0; 4]; 4]);
    }
}
