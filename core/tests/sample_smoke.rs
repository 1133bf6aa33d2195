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
