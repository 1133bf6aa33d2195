#![allow(clippy::needless_range_loop, clippy::identity_op, clippy::erasing_op)]
//! Descriptor codecs: field-by-field encodings, lossless round trips for every valid
//! descriptor, and totality (no panic, typed error) for every bit pattern.

use fixed::types::{I8F8, U8F8};
use proptest::prelude::*;
use texcore::descriptor::{
    CompareFunc, Filter, Format, HeaderError, Layout, MipFilter, MsMode, SamplerError, SamplerHeader, Swizzle,
    SwizzleSource, TextureHeader, TextureType, WrapMode,
};
use texcore::handle::{Bindings, HandleSource, Pool, SamplerBinding, TsPtrIdx};
use texcore::query::intel::info;
use texcore::query::nv::{txq, TxqQuery};
use texcore::query::tgsi;

#[test]
fn texture_header_field_positions() {
    let mut h = TextureHeader::new(TextureType::TwoDArray, Format::BGRA8_UNORM, 300, 200, 7, 3);
    h.srgb = true;
    h.layout = Layout::PitchLinear;
    h.ms_mode = MsMode::Mode1x1;
    h.swizzle = Swizzle([SwizzleSource::B, SwizzleSource::G, SwizzleSource::R, SwizzleSource::One]);
    h.base_address = 0xCAFE_F00D;
    h.base_level = 2;
    h.quilt_width = 3;
    h.quilt_height = 4;
    h.row_pitch = 1280;
    h.validate().unwrap();
    let w = h.to_words();
    // type 5 | format 0x04 << 4 | srgb << 12 | swizzle (2,1,0,5) at 18/21/24/27
    assert_eq!(w[0], 5 | (0x04 << 4) | (1 << 12) | (2 << 18) | (1 << 21) | (0 << 24) | (5 << 27));
    assert_eq!(w[1], 0xCAFE_F00D);
    assert_eq!(w[2], 299);
    assert_eq!(w[3], 199 | (6 << 16));
    assert_eq!(w[4], 2 | (2 << 5) | (3 << 10) | (4 << 15));
    assert_eq!(w[5], 1280);
    assert_eq!(&w[6..], &[0, 0]);
    assert_eq!(TextureHeader::from_words(&w), Ok(h));

    let mut m = TextureHeader::new(TextureType::TwoD, Format::RGBA8_UNORM, 4, 4, 1, 1);
    m.ms_mode = MsMode::Mode4x4;
    m.layout = Layout::Tiled4x4;
    assert_eq!(m.to_words()[0] & (0x3 << 13), 1 << 13);
    assert_eq!((m.to_words()[0] >> 15) & 7, 6, "MODE_4X4 uses NVIDIA's code 6");
    assert_eq!(TextureHeader::from_words(&m.to_words()), Ok(m));
}

#[test]
fn texture_header_rejects_each_rule() {
    use TextureType as T;
    let ok = TextureHeader::new(T::TwoD, Format::RGBA8_UNORM, 16, 16, 1, 5);
    ok.validate().unwrap();
    let with = |f: &dyn Fn(&mut TextureHeader)| {
        let mut h = ok;
        f(&mut h);
        h.validate()
    };
    assert_eq!(with(&|h| h.levels = 6), Err(HeaderError::Levels), "more than the full chain");
    assert_eq!(with(&|h| h.base_level = 1), Err(HeaderError::Levels));
    assert_eq!(with(&|h| h.levels = 0), Err(HeaderError::Levels));
    assert_eq!(with(&|h| h.width = 0), Err(HeaderError::Size));
    assert_eq!(with(&|h| h.width = 65537), Err(HeaderError::Size));
    assert_eq!(with(&|h| h.depth = 2), Err(HeaderError::Size), "2D has no depth");
    assert_eq!(with(&|h| h.srgb = true), Ok(()));
    assert_eq!(
        with(&|h| {
            h.format = Format::R8_UNORM;
            h.srgb = true
        }),
        Err(HeaderError::Srgb)
    );
    assert_eq!(
        with(&|h| {
            h.levels = 1;
            h.ms_mode = MsMode::Mode2x2
        }),
        Ok(())
    );
    assert_eq!(with(&|h| h.ms_mode = MsMode::Mode2x2), Err(HeaderError::Levels), "MS has one level");
    assert_eq!(
        with(&|h| {
            h.ty = T::ThreeD;
            h.levels = 1;
            h.ms_mode = MsMode::Mode2x1
        }),
        Err(HeaderError::Multisample)
    );
    assert_eq!(
        with(&|h| {
            h.ty = T::Cube;
            h.height = 8
        }),
        Err(HeaderError::Size),
        "cube is square"
    );
    assert_eq!(
        with(&|h| {
            h.ty = T::OneD;
        }),
        Err(HeaderError::Size),
        "1D has no height"
    );
    assert_eq!(
        with(&|h| {
            h.ty = T::OneDBuffer;
            h.height = 1;
            h.levels = 2
        }),
        Err(HeaderError::Levels)
    );
    assert_eq!(
        with(&|h| {
            h.ty = T::TwoDNoMipmap;
            h.levels = 2
        }),
        Err(HeaderError::Levels)
    );
    assert_eq!(
        with(&|h| {
            h.ty = T::ThreeD;
            h.quilt_width = 1
        }),
        Err(HeaderError::Quilt)
    );
    assert_eq!(with(&|h| h.quilt_height = 32), Err(HeaderError::Quilt));
    assert_eq!(with(&|h| h.row_pitch = 63), Err(HeaderError::Pitch), "row is 64 bytes");
    assert_eq!(with(&|h| h.row_pitch = 64), Ok(()));
    assert_eq!(
        with(&|h| {
            h.row_pitch = 64;
            h.layout = Layout::Tiled4x4
        }),
        Err(HeaderError::Pitch)
    );

    let w = ok.to_words();
    let bad = |i: usize, v: u32| {
        let mut x = w;
        x[i] = v;
        TextureHeader::from_words(&x)
    };
    assert_eq!(bad(0, w[0] | 1 << 31), Err(HeaderError::Reserved(0)));
    assert_eq!(bad(4, w[4] | 1 << 20), Err(HeaderError::Reserved(4)));
    assert_eq!(bad(6, 1), Err(HeaderError::Reserved(6)));
    assert_eq!(bad(7, 1), Err(HeaderError::Reserved(7)));
    assert_eq!(bad(0, (w[0] & !0xF) | 9), Err(HeaderError::TextureType(9)));
    assert_eq!(bad(0, w[0] & !0xFF0), Err(HeaderError::Format(0)));
    assert_eq!(bad(0, w[0] | 2 << 13), Err(HeaderError::Layout(2)));
    assert_eq!(bad(0, w[0] | 4 << 15), Err(HeaderError::MsMode(4)));
    assert_eq!(bad(0, w[0] | 7 << 24), Err(HeaderError::Swizzle(2, 7)));
    assert_eq!(bad(2, u32::MAX), Err(HeaderError::Size));
}

#[test]
fn sampler_header_field_positions() {
    let s = SamplerHeader {
        wrap: [WrapMode::MirroredRepeat, WrapMode::ClampToBorder, WrapMode::MirrorClampToEdge],
        mag_filter: Filter::Linear,
        min_filter: Filter::Nearest,
        mip_filter: MipFilter::Linear,
        max_anisotropy_log2: 4,
        compare_enable: true,
        compare_func: CompareFunc::GreaterEqual,
        seamless_cube: true,
        lod_bias: I8F8::from_num(-1.5),
        min_lod: U8F8::from_num(0.25),
        max_lod: U8F8::from_num(12),
        border_color: [0x3F80_0000, 0, 0x3F00_0000, 0xFFFF_FFFF],
    };
    s.validate().unwrap();
    let w = s.to_words();
    assert_eq!(w[0], 1 | (3 << 3) | (4 << 6) | (1 << 9) | (2 << 11) | (4 << 13) | (1 << 16) | (6 << 17) | (1 << 20));
    assert_eq!(w[1], 0xFE80, "-1.5 in S8.8 = 0xFE80");
    assert_eq!(w[2], 0x0040 | (0x0C00 << 16));
    assert_eq!(&w[3..7], &s.border_color);
    assert_eq!(w[7], 0);
    assert_eq!(SamplerHeader::from_words(&w), Ok(s));
    assert_eq!(s.max_anisotropy(), 16);

    let bad = |i: usize, v: u32| {
        let mut x = w;
        x[i] = v;
        SamplerHeader::from_words(&x)
    };
    assert_eq!(bad(0, w[0] | 1 << 21), Err(SamplerError::Reserved(0)));
    assert_eq!(bad(1, 1 << 16), Err(SamplerError::Reserved(1)));
    assert_eq!(bad(7, 1), Err(SamplerError::Reserved(7)));
    assert_eq!(bad(0, (w[0] & !(7 << 3)) | (5 << 3)), Err(SamplerError::Wrap(1, 5)));
    assert_eq!(bad(0, w[0] | 3 << 11), Err(SamplerError::MipFilter));
    assert_eq!(bad(0, (w[0] & !(7 << 13)) | (5 << 13)), Err(SamplerError::Anisotropy(5)));
    assert_eq!(bad(1, 0x1000), Err(SamplerError::LodBias(0x1000)), "+16.0 is out of range");
    assert_eq!(bad(1, 0x0FFF).map(|s| s.lod_bias), Ok(I8F8::from_bits(0x0FFF)));
    assert_eq!(bad(1, 0xF000).map(|s| s.lod_bias), Ok(I8F8::from_num(-16)));
    assert_eq!(bad(1, 0xEFFF), Err(SamplerError::LodBias(-4097)));
}

// ------------------------------------------------------------------ strategies

fn any_type() -> impl Strategy<Value = TextureType> {
    prop::sample::select(TextureType::ALL.to_vec())
}
fn any_format() -> impl Strategy<Value = Format> {
    prop::sample::select(Format::ALL.to_vec())
}
fn any_swizzle() -> impl Strategy<Value = Swizzle> {
    let src = prop::sample::select(vec![
        SwizzleSource::R,
        SwizzleSource::G,
        SwizzleSource::B,
        SwizzleSource::A,
        SwizzleSource::Zero,
        SwizzleSource::One,
    ]);
    prop::array::uniform4(src).prop_map(Swizzle)
}

/// Valid texture headers: random fields, then repaired to satisfy every rule.
fn valid_header() -> impl Strategy<Value = TextureHeader> {
    (
        any_type(),
        any_format(),
        any::<bool>(),
        any::<bool>(),
        0usize..5,
        any_swizzle(),
        any::<u32>(),
        (1u32..=65536, 1u32..=65536, 1u32..=65536),
        (1u32..=17, 0u32..=16),
        (0u32..32, 0u32..32),
        any::<u32>(),
    )
        .prop_map(|(ty, format, srgb, tiled, ms, swizzle, addr, (w, h, d), (levels, base), (qw, qh), pitch)| {
            use TextureType as T;
            let mut t = TextureHeader::new(ty, format, w, h, d, levels);
            t.srgb = srgb && format.srgb_capable();
            t.layout = if tiled && ty != T::OneDBuffer { Layout::Tiled4x4 } else { Layout::PitchLinear };
            t.swizzle = swizzle;
            t.base_address = addr;
            match ty {
                T::OneD | T::OneDBuffer => {
                    t.height = 1;
                    t.depth = 1
                }
                T::OneDArray => t.height = 1,
                T::TwoD => t.depth = 1,
                T::Cube => {
                    t.height = t.width;
                    t.depth = 1
                }
                T::CubeArray => t.height = t.width,
                _ => {}
            }
            if ty == T::OneDBuffer {
                t.width = w.wrapping_mul(977) | 1;
            }
            let ms_mode = [MsMode::Mode1x1, MsMode::Mode2x1, MsMode::Mode2x2, MsMode::Mode4x2, MsMode::Mode4x4][ms];
            if ty.may_be_multisampled() {
                t.ms_mode = ms_mode;
            }
            let single = matches!(ty, T::OneDBuffer | T::TwoDNoMipmap) || t.ms_mode != MsMode::Mode1x1;
            let chain = 32 - t.max_minified_dim().leading_zeros();
            t.base_level = if single { 0 } else { base.min(chain - 1) };
            t.levels = if single { 1 } else { levels.min(chain - t.base_level) };
            if matches!(ty, T::TwoD | T::TwoDArray) {
                t.quilt_width = qw;
                t.quilt_height = qh;
            }
            let row = u64::from(t.width) * u64::from(format.bytes_per_texel());
            t.row_pitch = if t.layout == Layout::PitchLinear
                && ty != T::OneDBuffer
                && u64::from(pitch) >= row
                && pitch % 3 == 0
            {
                pitch
            } else {
                0
            };
            t
        })
}

fn valid_sampler() -> impl Strategy<Value = SamplerHeader> {
    (
        prop::array::uniform3(prop::sample::select(WrapMode::ALL.to_vec())),
        any::<bool>(),
        any::<bool>(),
        0u8..3,
        0u8..5,
        any::<bool>(),
        0u32..8,
        any::<bool>(),
        -4096i16..=4095,
        any::<u16>(),
        any::<u16>(),
        any::<[u32; 4]>(),
    )
        .prop_map(|(wrap, mag, min, mip, aniso, ce, cf, seamless, bias, lo, hi, border)| SamplerHeader {
            wrap,
            mag_filter: if mag { Filter::Linear } else { Filter::Nearest },
            min_filter: if min { Filter::Linear } else { Filter::Nearest },
            mip_filter: [MipFilter::None, MipFilter::Nearest, MipFilter::Linear][mip as usize],
            max_anisotropy_log2: aniso,
            compare_enable: ce,
            compare_func: CompareFunc::from_code(cf),
            seamless_cube: seamless,
            lod_bias: I8F8::from_bits(bias),
            min_lod: U8F8::from_bits(lo),
            max_lod: U8F8::from_bits(hi),
            border_color: border,
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4096, ..ProptestConfig::default() })]

    #[test]
    fn valid_headers_round_trip(h in valid_header()) {
        prop_assert_eq!(h.validate(), Ok(()));
        prop_assert_eq!(TextureHeader::from_words(&h.to_words()), Ok(h));
    }

    #[test]
    fn valid_samplers_round_trip(s in valid_sampler()) {
        prop_assert_eq!(SamplerHeader::from_words(&s.to_words()), Ok(s));
    }

    /// Any bit pattern decodes without panicking, and whatever decodes re-encodes to the
    /// same words (one encoding per header).
    #[test]
    fn arbitrary_header_words_are_total(w in any::<[u32; 8]>(), sparse in any::<bool>()) {
        let mut w = w;
        if sparse {
            // Bias toward decodable words so the round-trip half of the property runs.
            w[0] &= 0x3FFF_FFFF; w[0] = (w[0] & !0xF) | (w[0] % 9); w[3] &= 0x000F_000F;
            w[4] &= 0x3; w[5] = 0; w[6] = 0; w[7] = 0; w[2] &= 0xFF;
        }
        if let Ok(h) = TextureHeader::from_words(&w) {
            prop_assert_eq!(h.to_words(), w);
        }
    }

    #[test]
    fn arbitrary_sampler_words_are_total(w in any::<[u32; 8]>(), sparse in any::<bool>()) {
        let mut w = w;
        if sparse { w[0] &= 0x001F_F1FF; w[1] &= 0x0FFF; w[7] = 0; }
        if let Ok(s) = SamplerHeader::from_words(&w) {
            prop_assert_eq!(s.to_words(), w);
        }
    }

    /// Arbitrary pools, bank words, handles, pointers and parameters never panic any query.
    #[test]
    fn queries_never_panic(
        headers in prop::collection::vec(any::<[u32; 8]>(), 0..4),
        good in prop::collection::vec(valid_header(), 0..4),
        samplers in prop::collection::vec(any::<[u32; 8]>(), 0..3),
        bank in prop::collection::vec(any::<u32>(), 0..4),
        max_h in any::<u32>(), max_s in any::<u32>(), via in any::<bool>(),
        idx in 0u16..=0x1FFF, bindless in any::<u32>(), param in any::<u32>(),
        op in any::<u8>(), exec in any::<u8>(), mask in any::<u32>(), lod in any::<[u32; 16]>(),
    ) {
        let mut hs = headers.clone();
        hs.extend(good.iter().map(|g| g.to_words()));
        let mut ss = samplers.clone();
        ss.push(SamplerHeader::default().to_words());
        let b = Bindings {
            headers: Pool { entries: &hs, maximum_index: max_h % 16 },
            samplers: Pool { entries: &ss, maximum_index: max_s % 8 },
            binding: if via { SamplerBinding::ViaHeaderBinding } else { SamplerBinding::Independent },
            const_bank: &bank,
        };
        for q in TxqQuery::ALL {
            let a = txq(&b, HandleSource::ConstBank(TsPtrIdx::new(idx % 8).unwrap()), q, param);
            let c = txq(&b, HandleSource::Bindless(bindless % 32), q, param);
            let _ = (a, c);
        }
        let mut dst = [0u32; 64];
        for w in hs.iter() {
            let v = TextureHeader::from_words(w);
            let view = v.as_ref().map_err(|e| texcore::Invalid::Header(*e));
            let _ = tgsi::sviewinfo(view, param);
            let _ = tgsi::sample_pos(view, param);
            let _ = tgsi::sample_info(view);
            let _ = info(op, exec, mask, view, &lod, &mut dst);
        }
    }

    /// Every valid header answers TXQ DIMENSION with the same sizes as SVIEWINFO (two
    /// tables, one set of level sizes), A = levels, and out-of-range LOD zeros.
    #[test]
    fn txq_agrees_with_sviewinfo(h in valid_header(), lod in 0u32..20) {
        let v = tgsi::sviewinfo(Ok(&h), lod);
        let t = texcore::query::nv::txq_header(&h, TxqQuery::Dimension, lod);
        prop_assert_eq!(t[0], v[0]);
        prop_assert_eq!(t[1], v[1]);
        if h.ty == TextureType::OneDBuffer || lod < h.levels {
            prop_assert!(v[0] >= 1);
            let level = h.base_level + lod;
            if h.ty != TextureType::OneDBuffer {
                prop_assert_eq!(v[0], core::cmp::max(1, h.width >> level));
            }
        } else {
            prop_assert_eq!(&v[..3], &[0, 0, 0]);
            prop_assert_eq!(&t[..3], &[0, 0, 0]);
            prop_assert_eq!(v[3], h.levels);
        }
    }
}

#[test]
fn format_codes_are_unique_and_decode() {
    for (i, f) in Format::ALL.iter().enumerate() {
        assert_eq!(Format::from_code(f.code()), Some(*f));
        for g in &Format::ALL[i + 1..] {
            assert_ne!(f.code(), g.code());
            assert_ne!(f.name(), g.name());
        }
    }
    let assigned = (0..=255u8).filter(|c| Format::from_code(*c).is_some()).count();
    assert_eq!(assigned, Format::ALL.len());
    assert_eq!(Format::RGBA32_UINT.bytes_per_texel(), 16);
    assert!(!Format::R32_FLOAT.linear_filterable());
    assert!(Format::RGBA16_FLOAT.linear_filterable());
}

// ---------------------------------------------------------------- the encoding tables

/// The field tables cover every bit of the eight words exactly once.
#[test]
fn field_tables_cover_every_bit_once() {
    use texcore::descriptor::{BitField, HEADER_FIELDS, SAMPLER_FIELDS};
    for (name, table) in [("header", &HEADER_FIELDS[..]), ("sampler", &SAMPLER_FIELDS[..])] {
        let mut covered = [0u64; 8];
        for f in table {
            assert!(f.word < 8 && f.width >= 1 && u32::from(f.lsb) + u32::from(f.width) <= 32, "{name}: {f:?}");
            let mask = ((1u64 << f.width) - 1) << f.lsb;
            assert_eq!(covered[usize::from(f.word)] & mask, 0, "{name}: {} overlaps", f.name);
            covered[usize::from(f.word)] |= mask;
        }
        assert_eq!(covered, [0xFFFF_FFFF; 8], "{name}");
        let mut sorted: Vec<&BitField> = table.iter().collect();
        sorted.sort_by_key(|f| (f.word, f.lsb));
        assert_eq!(sorted, table.iter().collect::<Vec<_>>(), "{name}: not in word and bit order");
    }
}

/// Every rule names an error variant of its codec.
#[test]
fn rule_tables_name_the_errors() {
    use texcore::descriptor::{HEADER_RULES, SAMPLER_RULES};
    let header_errors = [
        HeaderError::TextureType(0),
        HeaderError::Format(0),
        HeaderError::Layout(0),
        HeaderError::MsMode(0),
        HeaderError::Swizzle(0, 0),
        HeaderError::Reserved(0),
        HeaderError::Srgb,
        HeaderError::Size,
        HeaderError::Levels,
        HeaderError::Multisample,
        HeaderError::Quilt,
        HeaderError::Pitch,
    ];
    let names =
        |errs: &[String]| errs.iter().map(|e| e.split('(').next().unwrap_or("").to_string()).collect::<Vec<_>>();
    let hn = names(&header_errors.iter().map(|e| format!("{e:?}")).collect::<Vec<_>>());
    for n in &hn {
        assert!(HEADER_RULES.iter().any(|r| r.0 == n), "no rule for HeaderError::{n}");
    }
    assert!(HEADER_RULES.iter().all(|r| hn.contains(&r.0.to_string())));
    let sampler_errors = [
        SamplerError::Wrap(0, 0),
        SamplerError::MipFilter,
        SamplerError::Anisotropy(0),
        SamplerError::LodBias(0),
        SamplerError::Reserved(0),
    ];
    let sn = names(&sampler_errors.iter().map(|e| format!("{e:?}")).collect::<Vec<_>>());
    for n in &sn {
        assert!(SAMPLER_RULES.iter().any(|r| r.0 == n), "no rule for SamplerError::{n}");
    }
    assert!(SAMPLER_RULES.iter().all(|r| sn.contains(&r.0.to_string())));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2048, ..ProptestConfig::default() })]

    /// Each named field of the tables reads back the header's own value from its words;
    /// reserved fields are 0.
    #[test]
    fn header_table_fields_hold_the_header_values(h in valid_header()) {
        let w = h.to_words();
        for f in texcore::descriptor::HEADER_FIELDS {
            let want = match f.name {
                "ty" => h.ty.code(),
                "format" => u32::from(h.format.code()),
                "srgb" => u32::from(h.srgb),
                "layout" => h.layout as u32,
                "ms_mode" => h.ms_mode.code(),
                "swizzle_x" => h.swizzle.0[0] as u32,
                "swizzle_y" => h.swizzle.0[1] as u32,
                "swizzle_z" => h.swizzle.0[2] as u32,
                "swizzle_w" => h.swizzle.0[3] as u32,
                "base_address" => h.base_address,
                "width_m1" => h.width - 1,
                "height_m1" => h.height - 1,
                "depth_m1" => h.depth - 1,
                "levels_m1" => h.levels - 1,
                "base_level" => h.base_level,
                "quilt_width" => h.quilt_width,
                "quilt_height" => h.quilt_height,
                "row_pitch" => h.row_pitch,
                "reserved" => 0,
                other => panic!("field {other} not checked"),
            };
            prop_assert_eq!(f.get(&w), want, "{}", f.name);
        }
    }

    #[test]
    fn sampler_table_fields_hold_the_sampler_values(s in valid_sampler()) {
        let w = s.to_words();
        for f in texcore::descriptor::SAMPLER_FIELDS {
            let want = match f.name {
                "wrap_s" => s.wrap[0] as u32,
                "wrap_t" => s.wrap[1] as u32,
                "wrap_r" => s.wrap[2] as u32,
                "mag_filter" => s.mag_filter as u32,
                "min_filter" => s.min_filter as u32,
                "mip_filter" => s.mip_filter as u32,
                "max_anisotropy_log2" => u32::from(s.max_anisotropy_log2),
                "compare_enable" => u32::from(s.compare_enable),
                "compare_func" => s.compare_func as u32,
                "seamless_cube" => u32::from(s.seamless_cube),
                "lod_bias" => u32::from(s.lod_bias.to_bits() as u16),
                "min_lod" => u32::from(s.min_lod.to_bits()),
                "max_lod" => u32::from(s.max_lod.to_bits()),
                "border_r" => s.border_color[0],
                "border_g" => s.border_color[1],
                "border_b" => s.border_color[2],
                "border_a" => s.border_color[3],
                "reserved" => 0,
                other => panic!("field {other} not checked"),
            };
            prop_assert_eq!(f.get(&w), want, "{}", f.name);
        }
    }
}

/// Every reserved field of the tables is checked by the decoder: a 1 in any of its bits makes
/// the descriptor invalid.
#[test]
fn every_reserved_bit_is_checked() {
    use texcore::descriptor::{HEADER_FIELDS, SAMPLER_FIELDS};
    let h = TextureHeader::new(TextureType::TwoD, Format::RGBA8_UNORM, 4, 4, 1, 1).to_words();
    let s = SamplerHeader::default().to_words();
    for (table, words, header) in [(&HEADER_FIELDS[..], h, true), (&SAMPLER_FIELDS[..], s, false)] {
        for f in table.iter().filter(|f| f.is_reserved()) {
            for bit in f.lsb..f.lsb + f.width {
                let mut w = words;
                w[usize::from(f.word)] ^= 1 << bit;
                if header {
                    assert_eq!(
                        TextureHeader::from_words(&w),
                        Err(HeaderError::Reserved(f.word)),
                        "word {} bit {bit}",
                        f.word
                    );
                } else {
                    assert_eq!(
                        SamplerHeader::from_words(&w),
                        Err(SamplerError::Reserved(f.word)),
                        "word {} bit {bit}",
                        f.word
                    );
                }
            }
        }
    }
}
