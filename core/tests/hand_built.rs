//! Headers and samplers built by hand (the fields are public) that do not validate are
//! invalid textures to every op: the same zeros as descriptor words that do not decode, and
//! never a panic or a long loop, whatever the field values.
//!
//! The first case is one coverage-guided fuzzing found: a 1D array with a depth of 0 made
//! the REPEAT coordinate reduction divide by a zero period.

use proptest::prelude::*;
use texcore::descriptor::{Format, SamplerHeader, TextureHeader, TextureType, WrapMode};
use texcore::handle::{checked_sampler, checked_view, Invalid};
use texcore::op::fetch::{sample_i, txf};
use texcore::op::gather::gather4;
use texcore::op::resource::{atomic, load, store, AtomicOp};
use texcore::op::sample::{
    sample_compare_quad, sample_quad, sample_quad_into, tex_family_offset, SampleRequest, TexOp, TexOperands,
};
use texcore::op::tmml::{tmml_header, CoordDesc};
use texcore::query::intel::{info, resinfo_lane, sampleinfo};
use texcore::query::nv::{txq_header, TxqQuery};
use texcore::query::tgsi::{sample_info, sample_pos, sviewinfo};

use TextureType as T;

fn f(v: f32) -> u32 {
    v.to_bits()
}

/// Every op on `h` / `s`: the results of an invalid texture, nothing written.
fn all_zeros(h: &TextureHeader, s: &SamplerHeader, coords: [[u32; 4]; 4]) {
    let mut mem = vec![0x5Au8; 4096];
    let before = mem.clone();
    let req = SampleRequest::new(coords);
    assert_eq!(sample_quad(Ok(h), Ok(s), &mem[..], &req), Ok([[0; 4]; 4]));
    let mut out = [[1; 4]; 4];
    assert_eq!(sample_quad_into(Ok(h), Ok(s), &mem[..], &req, &mut out), Ok(()));
    assert_eq!(out, [[0; 4]; 4]);
    assert_eq!(sample_compare_quad(Ok(h), Ok(s), &mem[..], &req, [f(0.5); 4]), Ok([[0; 4]; 4]));
    let ops = TexOperands { src0: &coords, src1: None, grads: None };
    assert_eq!(tex_family_offset(TexOp::Txp, false, Ok(h), Ok(s), &mem[..], ops, [0; 3]), Ok([[0; 4]; 4]));
    assert_eq!(gather4(Ok(h), Ok(s), &mem[..], &coords, 0, [0, 0], None), Ok([[0; 4]; 4]));
    assert_eq!(tmml_header(h, s, CoordDesc::OneD, &coords), [[0; 4]; 4]);
    assert_eq!(tmml_header(h, s, CoordDesc::TwoD, &coords), [[0; 4]; 4]);
    assert_eq!(sample_i(Ok(h), &mem[..], [1, 0, 0, 0]), Ok([0; 4]));
    assert_eq!(txf(Ok(h), &mem[..], [1, 0, 0, 0], [0; 3]), Ok([0; 4]));
    assert_eq!(load(Ok(h), &mem[..], [1, 0, 0, 0]), [0; 4]);
    assert_eq!(store(Ok(h), &mut mem[..], [1, 0, 0, 0], [1; 4]), Ok(false));
    for op in AtomicOp::ALL {
        assert_eq!(atomic(op, Ok(h), &mut mem[..], [1, 0, 0, 0], [1; 4], [0; 4]), Ok([0; 4]));
    }
    assert_eq!(mem, before, "nothing written");
    assert_eq!(sviewinfo(Ok(h), 0), [0; 4]);
    assert_eq!((sample_info(Ok(h)), sample_pos(Ok(h), 0)), ([0; 4], [0; 4]));
    for q in TxqQuery::ALL {
        assert_eq!(txq_header(h, q, 0), [0; 4]);
    }
    assert_eq!((resinfo_lane(h, 0), sampleinfo(h)), ([0; 4], [0; 4]));
    let mut dst = [7u32; 64];
    info(0x0A, 0x03, u32::MAX, Ok(h), &[0; 16], &mut dst).unwrap();
    assert_eq!(dst[..32], [0; 32]);
}

#[test]
fn a_1d_array_of_depth_0_is_invalid_not_a_division_by_zero() {
    let mut h = TextureHeader::new(T::OneDArray, Format::RG16_UNORM, 31, 1, 0, 8);
    h.base_level = 3;
    assert!(h.validate().is_err());
    assert!(matches!(checked_view(Ok(&h)), Err(Invalid::Header(_))));
    let s = SamplerHeader { wrap: [WrapMode::Repeat; 3], ..SamplerHeader::default() };
    all_zeros(&h, &s, [[f(0.3), f(0.2), 0, f(-1.0)]; 4]);
}

#[test]
fn an_invalid_sampler_is_an_invalid_texture_too() {
    let h = TextureHeader::new(T::TwoD, Format::RGBA8_UNORM, 8, 8, 1, 4);
    // 2^31× anisotropy would be a loop of 2^31 samples.
    let s = SamplerHeader { max_anisotropy_log2: 31, ..SamplerHeader::default() };
    assert!(matches!(checked_sampler(Ok(&s)), Err(Invalid::Sampler(_))));
    let mem = vec![0x5Au8; 4096];
    let req = SampleRequest::new([[f(0.3), f(0.2), 0, 0]; 4]);
    assert_eq!(sample_quad(Ok(&h), Ok(&s), &mem[..], &req), Ok([[0; 4]; 4]));
    assert_eq!(gather4(Ok(&h), Ok(&s), &mem[..], &req.coords, 0, [0, 0], None), Ok([[0; 4]; 4]));
    assert_eq!(tmml_header(&h, &s, CoordDesc::TwoD, &req.coords), [[0; 4]; 4]);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// Any field values: an invalid header is all zeros to every op.
    #[test]
    fn any_invalid_header_reads_as_zeros(w in any::<[u32; 9]>(), ty in 0usize..9, fmt in 0usize..Format::ALL.len(), c in any::<[u32; 4]>()) {
        let mut h = TextureHeader::new(T::ALL[ty], Format::ALL[fmt], w[0] % 70_000, w[1] % 70_000, w[2] % 70_000, w[3] % 40);
        h.base_level = w[4] % 40;
        h.row_pitch = w[5];
        h.base_address = w[6] % 4096;
        h.quilt_width = w[7] % 40;
        h.quilt_height = w[8] % 40;
        if h.validate().is_err() {
            all_zeros(&h, &SamplerHeader::default(), [c; 4]);
        }
    }
}
