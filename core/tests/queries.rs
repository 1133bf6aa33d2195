#![allow(clippy::needless_range_loop, clippy::identity_op, clippy::erasing_op)]
//! Query ops: every row and column of NVIDIA's TXQ table, TGSI SVIEWINFO / TXQ /
//! SAMPLE_INFO / SAMPLE_POS, and the Intel vISA INFO tables, with hand-computed
//! expectations, plus every invalid-handle path.

use texcore::descriptor::{Format, MsMode, SamplerHeader, TextureHeader, TextureType};
use texcore::handle::{Bindings, Handle, HandleSource, Invalid, Pool, SamplerBinding, TsPtrIdx};
use texcore::output::{decimate, fixed_to_f32_bits};
use texcore::query::intel::{info, ExecCtrl, InfoError};
use texcore::query::nv::{txq, txq_header, TxqQuery};
use texcore::query::{sample_pos, tgsi};

use TextureType as T;

fn hdr(ty: T, w: u32, h: u32, d: u32, levels: u32) -> TextureHeader {
    let t = TextureHeader::new(ty, Format::RGBA8_UNORM, w, h, d, levels);
    t.validate().unwrap();
    t
}

fn ms(mut t: TextureHeader, samples: u32) -> TextureHeader {
    t.ms_mode = MsMode::from_samples(samples).unwrap();
    t.validate().unwrap();
    t
}

fn dim(t: &TextureHeader, lod: u32) -> [u32; 4] {
    txq_header(t, TxqQuery::Dimension, lod)
}

// ---------------------------------------------------------------- NVIDIA TXQ DIMENSION

#[test]
fn txq_dimension_one_d() {
    let t = hdr(T::OneD, 100, 1, 1, 7); // 100 50 25 12 6 3 1
    assert_eq!(dim(&t, 0), [100, 0, 0, 7]);
    assert_eq!(dim(&t, 1), [50, 0, 0, 7]);
    assert_eq!(dim(&t, 3), [12, 0, 0, 7]);
    assert_eq!(dim(&t, 6), [1, 0, 0, 7]);
    assert_eq!(dim(&t, 7), [0, 0, 0, 7], "LOD = levels is out of range");
    assert_eq!(dim(&t, u32::MAX), [0, 0, 0, 7], "negative LOD read as unsigned");
}

#[test]
fn txq_dimension_two_d_zero_one_column() {
    let t = hdr(T::TwoD, 64, 32, 1, 7);
    assert_eq!(dim(&t, 0), [64, 32, 0, 7], "MODE_1X1: B = zero");
    assert_eq!(dim(&t, 5), [2, 1, 0, 7]);
    assert_eq!(dim(&t, 6), [1, 1, 0, 7]);
    assert_eq!(dim(&t, 7), [0, 0, 0, 7]);
    for s in [2, 4, 8, 16] {
        let m = ms(hdr(T::TwoD, 16, 8, 1, 1), s);
        assert_eq!(dim(&m, 0), [16, 8, 1, 1], "{s} samples: B = one");
        assert_eq!(dim(&m, 1), [0, 0, 0, 1]);
    }
}

#[test]
fn txq_dimension_three_d() {
    let t = hdr(T::ThreeD, 32, 16, 8, 6);
    assert_eq!(dim(&t, 0), [32, 16, 8, 6]);
    assert_eq!(dim(&t, 1), [16, 8, 4, 6]);
    assert_eq!(dim(&t, 4), [2, 1, 1, 6]);
    assert_eq!(dim(&t, 5), [1, 1, 1, 6]);
    assert_eq!(dim(&t, 6), [0, 0, 0, 6]);
    // Depth larger than width: the chain follows depth.
    let d = hdr(T::ThreeD, 4, 4, 64, 7);
    assert_eq!(dim(&d, 3), [1, 1, 8, 7]);
    assert_eq!(dim(&d, 6), [1, 1, 1, 7]);
}

#[test]
fn txq_dimension_cube_and_cube_array() {
    let c = hdr(T::Cube, 16, 16, 1, 5);
    assert_eq!(dim(&c, 0), [16, 16, 0, 5]);
    assert_eq!(dim(&c, 2), [4, 4, 0, 5]);
    assert_eq!(dim(&c, 5), [0, 0, 0, 5]);
    let ca = hdr(T::CubeArray, 8, 8, 3, 4);
    assert_eq!(dim(&ca, 0), [8, 8, 3, 4], "B = length in cubes");
    assert_eq!(dim(&ca, 3), [1, 1, 3, 4], "array length is never minified");
    assert_eq!(dim(&ca, 4), [0, 0, 0, 4]);
}

#[test]
fn txq_dimension_arrays() {
    let a1 = hdr(T::OneDArray, 40, 1, 9, 3);
    assert_eq!(dim(&a1, 0), [40, 9, 0, 3]);
    assert_eq!(dim(&a1, 2), [10, 9, 0, 3]);
    assert_eq!(dim(&a1, 3), [0, 0, 0, 3]);
    let mut a2 = hdr(T::TwoDArray, 20, 12, 5, 2);
    a2.base_level = 1;
    a2.validate().unwrap();
    assert_eq!(dim(&a2, 0), [10, 6, 5, 2], "LOD is relative to the view's base level");
    assert_eq!(dim(&a2, 1), [5, 3, 5, 2]);
    assert_eq!(dim(&a2, 2), [0, 0, 0, 2]);
}

#[test]
fn txq_dimension_buffer_and_no_mipmap() {
    let b = hdr(T::OneDBuffer, 1000, 1, 1, 1);
    assert_eq!(dim(&b, 0), [1000, 0, 0, 1]);
    assert_eq!(dim(&b, 5), [1000, 0, 0, 1], "buffers ignore the LOD");
    let big = hdr(T::OneDBuffer, 1 << 27, 1, 1, 1);
    assert_eq!(dim(&big, 0), [1 << 27, 0, 0, 1]);

    let n = hdr(T::TwoDNoMipmap, 30, 20, 4, 1);
    assert_eq!(dim(&n, 0), [30, 20, 0, 1], "MODE_1X1: B = zero");
    assert_eq!(dim(&n, 1), [0, 0, 0, 1]);
    let nm = ms(hdr(T::TwoDNoMipmap, 30, 20, 4, 1), 2);
    assert_eq!(dim(&nm, 0), [30, 20, 4, 1], "multisampled: B = depth");
}

// ---------------------------------------------------------------- NVIDIA TXQ TYPE / POS

#[test]
fn txq_texture_type_returns_ms_count_only() {
    for ty in T::ALL {
        let (w, h, d) = match ty {
            T::OneD | T::OneDBuffer => (8, 1, 1),
            T::OneDArray => (8, 1, 2),
            T::Cube => (8, 8, 1),
            T::CubeArray => (8, 8, 2),
            T::TwoD => (8, 4, 1),
            _ => (8, 4, 2),
        };
        let t = hdr(ty, w, h, d, 1);
        assert_eq!(txq_header(&t, TxqQuery::TextureType, 0), [0, 0, 1, 0], "{ty:?}");
        assert_eq!(txq_header(&t, TxqQuery::TextureType, 99), [0, 0, 1, 0], "no input");
    }
    for s in [2, 4, 8, 16] {
        let t = ms(hdr(T::TwoDArray, 8, 8, 2, 1), s);
        assert_eq!(txq_header(&t, TxqQuery::TextureType, 0), [0, 0, s, 0]);
    }
}

#[test]
fn txq_sampler_pos_standard_patterns() {
    let one = hdr(T::TwoD, 4, 4, 1, 1);
    assert_eq!(txq_header(&one, TxqQuery::SamplerPos, 0), [0x0800_0800, 0, 0, 0], "centre");
    assert_eq!(txq_header(&one, TxqQuery::SamplerPos, 1), [0; 4]);
    // 2x: (4,4),(-4,-4) → (12,12),(4,4) sixteenths.
    let two = ms(hdr(T::TwoD, 4, 4, 1, 1), 2);
    assert_eq!(txq_header(&two, TxqQuery::SamplerPos, 0)[0], 0x0C00_0C00);
    assert_eq!(txq_header(&two, TxqQuery::SamplerPos, 1)[0], 0x0400_0400);
    // 4x sample 1: (6,-2) → x = 14/16 = 0xE00 (U4.12) in bits 31:16, y = 6/16 = 0x600.
    let four = ms(hdr(T::TwoD, 4, 4, 1, 1), 4);
    assert_eq!(txq_header(&four, TxqQuery::SamplerPos, 1), [0x0E00_0600, 0, 0, 0]);
    // 8x sample 7: (7,-7) → (15, 1).
    let eight = ms(hdr(T::TwoD, 4, 4, 1, 1), 8);
    assert_eq!(txq_header(&eight, TxqQuery::SamplerPos, 7)[0], 0x0F00_0100);
    assert_eq!(txq_header(&eight, TxqQuery::SamplerPos, 8)[0], 0);
    // 16x: every index, and the last one (-7,-8) → (1, 0).
    let sixteen = ms(hdr(T::TwoD, 4, 4, 1, 1), 16);
    for (i, (dx, dy)) in sample_pos::PATTERN_16.iter().enumerate() {
        let x = (8 + i32::from(*dx)) as u32;
        let y = (8 + i32::from(*dy)) as u32;
        assert_eq!(txq_header(&sixteen, TxqQuery::SamplerPos, i as u32)[0], (x << 24) | (y << 8));
    }
    assert_eq!(txq_header(&sixteen, TxqQuery::SamplerPos, 15)[0], 0x0100_0000);
    assert_eq!(txq_header(&sixteen, TxqQuery::SamplerPos, 16)[0], 0);
    assert_eq!(txq_header(&sixteen, TxqQuery::SamplerPos, u32::MAX)[0], 0);
}

#[test]
fn sample_patterns_are_distinct_and_in_range() {
    for n in [1u32, 2, 4, 8, 16] {
        let p = sample_pos::pattern(n);
        assert_eq!(p.len(), n as usize);
        for (i, a) in p.iter().enumerate() {
            assert!((-8..=7).contains(&a.0) && (-8..=7).contains(&a.1));
            for b in &p[i + 1..] {
                assert_ne!(a, b, "{n}-sample pattern has a duplicate");
            }
        }
    }
    assert!(sample_pos::pattern(3).is_empty());
}

// ---------------------------------------------------------------- handles and pools

struct Setup {
    headers: Vec<[u32; 8]>,
    samplers: Vec<[u32; 8]>,
    bank: Vec<u32>,
}

impl Setup {
    fn new() -> Setup {
        let t0 = hdr(T::TwoD, 64, 32, 1, 7);
        let t1 = hdr(T::ThreeD, 8, 8, 8, 4);
        let mut bad = t0.to_words();
        bad[7] = 1; // reserved word set → undecodable header
        let mut bad_s = SamplerHeader::default().to_words();
        bad_s[0] |= 7; // wrap code 7 is unassigned
        Setup {
            headers: vec![t0.to_words(), t1.to_words(), bad, t0.to_words()],
            samplers: vec![SamplerHeader::default().to_words(), bad_s],
            bank: vec![
                Handle::new(0, 0).unwrap().0, // 0: valid
                Handle::new(0, 1).unwrap().0, // 1: valid 3D
                Handle::new(0, 2).unwrap().0, // 2: undecodable header
                Handle::new(1, 0).unwrap().0, // 3: undecodable sampler
                Handle::new(5, 0).unwrap().0, // 4: sampler above MaximumIndex
                Handle::new(0, 9).unwrap().0, // 5: header above MaximumIndex
                Handle::new(0, 3).unwrap().0, // 6: header ≤ MaximumIndex(3) … valid
            ],
        }
    }

    fn bindings(&self, binding: SamplerBinding) -> Bindings<'_> {
        Bindings {
            headers: Pool { entries: &self.headers, maximum_index: 3 },
            samplers: Pool { entries: &self.samplers, maximum_index: 1 },
            binding,
            const_bank: &self.bank,
        }
    }
}

fn cb(i: u16) -> HandleSource {
    HandleSource::ConstBank(TsPtrIdx::new(i).unwrap())
}

#[test]
fn txq_through_const_bank_and_bindless() {
    let s = Setup::new();
    let b = s.bindings(SamplerBinding::Independent);
    assert_eq!(txq(&b, cb(0), TxqQuery::Dimension, 0), [64, 32, 0, 7]);
    assert_eq!(txq(&b, cb(1), TxqQuery::Dimension, 1), [4, 4, 4, 4]);
    assert_eq!(txq(&b, HandleSource::Bindless(Handle::new(0, 1).unwrap().0), TxqQuery::Dimension, 0), [8, 8, 8, 4]);
    // The legacy {smpU05, tidU08} form addresses the same bank words.
    let idx = TsPtrIdx::from_tid_smp(6, 0).unwrap();
    assert_eq!(txq(&b, HandleSource::ConstBank(idx), TxqQuery::Dimension, 0), [64, 32, 0, 7]);
}

#[test]
fn ts_ptr_idx_packing() {
    let i = TsPtrIdx::from_tid_smp(0xAB, 0x15).unwrap();
    assert_eq!(i.get(), 0x15AB);
    assert_eq!((i.tid(), i.smp()), (0xAB, 0x15));
    assert_eq!(TsPtrIdx::from_tid_smp(0, 32), None, "smp is 5 bits");
    assert_eq!(TsPtrIdx::new(0x1FFF).map(|i| i.get()), Some(0x1FFF));
    assert_eq!(TsPtrIdx::new(0x2000), None, "13 bits");
}

#[test]
fn handle_packing() {
    let h = Handle::new(0xABC, 0x12345).unwrap();
    assert_eq!(h.0, 0xABC1_2345);
    assert_eq!((h.sampler_ptr(), h.header_ptr()), (0xABC, 0x12345));
    assert_eq!(Handle::new(0x1000, 0), None);
    assert_eq!(Handle::new(0, 0x10_0000), None);
    assert_eq!(Handle(0xFFFF_FFFF).sampler_ptr(), 0xFFF);
    assert_eq!(Handle(0xFFFF_FFFF).header_ptr(), 0xF_FFFF);
}

#[test]
fn every_invalid_path_returns_zeros() {
    let s = Setup::new();
    let b = s.bindings(SamplerBinding::Independent);
    let cases: [(HandleSource, Invalid); 5] = [
        (cb(2), Invalid::Header(texcore::HeaderError::Reserved(7))),
        (cb(4), Invalid::SamplerAboveMaximum(5)),
        (cb(5), Invalid::HeaderAboveMaximum(9)),
        (cb(7), Invalid::ConstBankIndex(7)),
        (HandleSource::Bindless(Handle::new(0, 3).unwrap().0 + 1), Invalid::HeaderAboveMaximum(4)),
    ];
    for (src, why) in cases {
        assert_eq!(b.resolve(src).unwrap_err(), why);
        for q in TxqQuery::ALL {
            for p in [0, 1, u32::MAX] {
                assert_eq!(txq(&b, src, q, p), [0; 4], "{src:?} {q:?}");
            }
        }
    }
    // A pointer within MaximumIndex but past the pool memory is invalid too.
    let short = Bindings {
        headers: Pool { entries: &s.headers[..1], maximum_index: 10 },
        samplers: Pool { entries: &s.samplers[..1], maximum_index: 10 },
        binding: SamplerBinding::Independent,
        const_bank: &s.bank,
    };
    assert_eq!(short.resolve(cb(1)).unwrap_err(), Invalid::HeaderOutsidePool(1));
    assert_eq!(txq(&short, cb(1), TxqQuery::Dimension, 0), [0; 4]);
    let bad_sampler = HandleSource::Bindless(Handle::new(3, 0).unwrap().0);
    assert_eq!(short.resolve(bad_sampler).unwrap_err(), Invalid::SamplerOutsidePool(3));
    // ... but a query does not read the sampler: only its MaximumIndex check applies.
    assert_eq!(txq(&short, bad_sampler, TxqQuery::Dimension, 0), [64, 32, 0, 7]);
    // Likewise sampler words that do not decode: invalid for the ops that read the sampler,
    // not for TXQ (the `status` of the nv_txq vectors still reports SAMPLER_DECODE).
    assert_eq!(b.resolve(cb(3)).unwrap_err(), Invalid::Sampler(texcore::SamplerError::Wrap(0, 7)));
    assert_eq!(b.resolve_header(cb(3)).map(|(_, h)| h), Ok(hdr(T::TwoD, 64, 32, 1, 7)));
    for q in TxqQuery::ALL {
        assert_eq!(txq(&b, cb(3), q, 0), txq(&b, cb(0), q, 0), "{q:?}");
    }
    // The pointer equal to MaximumIndex is still valid ("greater than" is invalid).
    assert_eq!(txq(&b, cb(6), TxqQuery::Dimension, 0), [64, 32, 0, 7]);
    // An empty pool has no valid pointer.
    let empty = Bindings { headers: Pool::new(&[]), ..b };
    assert_eq!(txq(&empty, cb(0), TxqQuery::Dimension, 0), [0; 4]);
}

#[test]
fn via_header_binding_uses_header_ptr_as_sampler_ptr() {
    let s = Setup::new();
    let ind = s.bindings(SamplerBinding::Independent);
    let via = s.bindings(SamplerBinding::ViaHeaderBinding);
    // Sampler field 5 is above the sampler pool's MaximumIndex (1): invalid when
    // independent, ignored via header binding (header 0 → sampler 0).
    assert_eq!(txq(&ind, cb(4), TxqQuery::Dimension, 0), [0; 4]);
    assert_eq!(txq(&via, cb(4), TxqQuery::Dimension, 0), [64, 32, 0, 7]);
    // Header 1 → sampler 1, which is undecodable: invalid via header binding for the ops
    // that read the sampler, still a valid query.
    assert_eq!(txq(&ind, cb(1), TxqQuery::Dimension, 0), [8, 8, 8, 4]);
    assert!(matches!(via.resolve(cb(1)), Err(Invalid::Sampler(_))));
    assert_eq!(txq(&via, cb(1), TxqQuery::Dimension, 0), [8, 8, 8, 4]);
    // Header 3 → sampler 3 > sampler MaximumIndex: invalid, for queries too.
    assert_eq!(via.resolve(cb(6)).unwrap_err(), Invalid::SamplerAboveMaximum(3));
    assert_eq!(txq(&via, cb(6), TxqQuery::Dimension, 0), [0; 4]);
}

#[test]
fn write_mask_decimates_contiguously() {
    let v = [10, 20, 30, 40];
    assert_eq!(decimate(v, 0xF).as_slice(), &[10, 20, 30, 40], "default 0xf");
    assert_eq!(decimate(v, 0x3).as_slice(), &[10, 20], "TMML example mask");
    assert_eq!(decimate(v, 0b1010).as_slice(), &[20, 40], "gaps are squeezed out");
    assert_eq!(decimate(v, 0b1000).as_slice(), &[40]);
    assert!(decimate(v, 0).is_empty());
    assert_eq!(decimate(v, 0xF5).as_slice(), &[10, 30], "bits above 3 ignored");
}

// ---------------------------------------------------------------- TGSI

#[test]
fn tgsi_sviewinfo_table() {
    let cases: [(TextureHeader, u32, [u32; 4]); 16] = [
        (hdr(T::OneDBuffer, 77, 1, 1, 1), 0, [77, 0, 0, 1]),
        (hdr(T::OneDBuffer, 77, 1, 1, 1), 9, [77, 0, 0, 1]),
        (hdr(T::OneD, 100, 1, 1, 7), 2, [25, 0, 0, 7]),
        (hdr(T::OneDArray, 100, 1, 6, 7), 2, [25, 6, 0, 7]),
        (hdr(T::TwoD, 100, 60, 1, 7), 2, [25, 15, 0, 7]),
        (hdr(T::TwoD, 100, 60, 1, 7), 7, [0, 0, 0, 7]),
        (hdr(T::TwoDNoMipmap, 100, 60, 3, 1), 0, [100, 60, 0, 1]),
        (hdr(T::TwoDArray, 100, 60, 11, 7), 3, [12, 7, 11, 7]),
        (hdr(T::ThreeD, 100, 60, 20, 7), 3, [12, 7, 2, 7]),
        (hdr(T::ThreeD, 100, 60, 20, 7), 6, [1, 1, 1, 7]),
        (hdr(T::Cube, 32, 32, 1, 6), 1, [16, 16, 0, 6]),
        (hdr(T::CubeArray, 32, 32, 4, 6), 1, [16, 16, 4, 6]),
        (hdr(T::CubeArray, 32, 32, 4, 6), 6, [0, 0, 0, 6]),
        (hdr(T::CubeArray, 32, 32, 4, 6), u32::MAX, [0, 0, 0, 6]),
        (ms(hdr(T::TwoD, 8, 8, 1, 1), 4), 0, [8, 8, 0, 1]),
        (ms(hdr(T::TwoDArray, 8, 8, 2, 1), 4), 0, [8, 8, 2, 1]),
    ];
    for (h, lod, want) in cases {
        assert_eq!(tgsi::sviewinfo(Ok(&h), lod), want, "{:?} lod {lod}", h.ty);
        assert_eq!(tgsi::txq(Ok(&h), lod), want);
    }
    assert_eq!(tgsi::sviewinfo(Err(Invalid::Unbound(3)), 0), [0; 4], "unbound: even w is 0");
    assert_eq!(tgsi::txq(Err(Invalid::Unbound(3)), 0), [0; 4]);
}

#[test]
fn tgsi_sample_info_and_pos() {
    let single = hdr(T::TwoD, 8, 8, 1, 1);
    assert_eq!(tgsi::sample_info(Ok(&single)), [0; 4], "not multisample → 0");
    assert_eq!(tgsi::sample_pos(Ok(&single), 0), [0; 4]);
    let four = ms(hdr(T::TwoD, 8, 8, 1, 1), 4);
    assert_eq!(tgsi::sample_info(Ok(&four)), [4, 0, 0, 0]);
    // Sample 1 of 4x: (6,-2) → (14/16, 6/16) = (0.875, 0.375).
    assert_eq!(tgsi::sample_pos(Ok(&four), 1), [0x3F60_0000, 0x3EC0_0000, 0, 0]);
    assert_eq!(tgsi::sample_pos(Ok(&four), 4), [0; 4], "index out of range");
    let sixteen = ms(hdr(T::TwoDArray, 8, 8, 2, 1), 16);
    assert_eq!(tgsi::sample_info(Ok(&sixteen)), [16, 0, 0, 0]);
    for i in 0..16u32 {
        let (x, y) = sample_pos::position_sixteenths(16, i).unwrap();
        let want = [(x as f32 / 16.0).to_bits(), (y as f32 / 16.0).to_bits(), 0, 0];
        assert_eq!(tgsi::sample_pos(Ok(&sixteen), i), want);
    }
    assert_eq!(tgsi::sample_info(Err(Invalid::Unbound(0))), [0; 4]);
    assert_eq!(tgsi::sample_pos(Err(Invalid::Unbound(0)), 0), [0; 4]);
    assert_eq!(tgsi::to_f32_bits([1, 2, 0, 7]), [0x3F80_0000, 0x4000_0000, 0, 0x40E0_0000]);
}

// ---------------------------------------------------------------- Intel INFO

const RESINFO: u8 = 0b01010;
const SAMPLEINFO: u8 = 0b01011;
const SIMD8: u8 = 0b011;
const SIMD16: u8 = 0b100;

fn run_info(op: u8, exec: u8, mask: u32, surf: Result<&TextureHeader, Invalid>, lod: [u32; 16]) -> [u32; 64] {
    let mut dst = [0xDEAD_BEEF; 64];
    info(op, exec, mask, surf, &lod, &mut dst).unwrap();
    dst
}

/// The value of component `c` of `lane` in planar RGBA order.
fn at(dst: &[u32; 64], lanes: usize, c: usize, lane: usize) -> u32 {
    dst[c * lanes + lane]
}

#[test]
fn intel_resinfo_table_every_type() {
    let mut q2 = hdr(T::TwoD, 40, 24, 1, 6);
    q2.quilt_width = 2;
    q2.quilt_height = 1;
    q2.validate().unwrap();
    let mut q2a = hdr(T::TwoDArray, 40, 24, 5, 6);
    q2a.quilt_width = 1;
    q2a.validate().unwrap();
    // (surface, lod, expected RGBA)
    let cases: [(TextureHeader, u32, [u32; 4]); 17] = [
        (hdr(T::OneD, 100, 1, 1, 7), 0, [100, 0, 0, 7]),
        (hdr(T::OneD, 100, 1, 1, 7), 3, [12, 0, 0, 7]),
        (hdr(T::OneD, 100, 1, 1, 7), 7, [0, 0, 0, 7]), // 100 >> 7 = 0: no max(1, …)
        (hdr(T::OneDArray, 100, 1, 6, 7), 2, [25, 6, 0, 7]),
        (hdr(T::TwoD, 40, 24, 1, 6), 1, [20, 12, 0, 6]),
        (q2, 0, [120, 48, 0, 6]),
        (q2, 2, [30, 12, 0, 6]),
        (q2a, 3, [10, 3, 5, 6]),
        (hdr(T::TwoDNoMipmap, 40, 24, 3, 1), 0, [40, 24, 0, 1]),
        (hdr(T::ThreeD, 64, 32, 16, 7), 2, [16, 8, 4, 7]),
        (hdr(T::ThreeD, 64, 32, 16, 7), 5, [2, 1, 0, 7]),
        (hdr(T::Cube, 32, 32, 1, 6), 0, [32, 32, 1, 6]), // garbled row: R = face width
        (hdr(T::Cube, 32, 32, 1, 6), 3, [4, 4, 1, 6]),
        (hdr(T::CubeArray, 32, 32, 3, 6), 1, [16, 16, 3, 6]),
        (hdr(T::OneDBuffer, 5000, 1, 1, 1), 4, [5000, 0, 0, 1]),
        (hdr(T::OneD, 100, 1, 1, 7), 32, [0, 0, 0, 7]), // shift ≥ 32 → 0
        (hdr(T::OneD, 100, 1, 1, 7), u32::MAX, [0, 0, 0, 7]),
    ];
    for (h, lod, want) in cases {
        let dst = run_info(RESINFO, SIMD8 | 0x80, 0, Ok(&h), [lod; 16]);
        for lane in 0..8 {
            for c in 0..4 {
                assert_eq!(at(&dst, 8, c, lane), want[c], "{:?} lod {lod} lane {lane} c {c}", h.ty);
            }
        }
        assert!(dst[32..].iter().all(|v| *v == 0xDEAD_BEEF), "SIMD8 writes 32 elements only");
    }
}

#[test]
fn intel_resinfo_base_level_shifts_too() {
    let mut t = hdr(T::TwoD, 64, 64, 1, 3);
    t.base_level = 2;
    t.validate().unwrap();
    let dst = run_info(RESINFO, SIMD8 | 0x80, 0, Ok(&t), [0; 16]);
    assert_eq!([at(&dst, 8, 0, 0), at(&dst, 8, 1, 0), at(&dst, 8, 3, 0)], [16, 16, 3]);
}

#[test]
fn intel_per_lane_lod_planar_layout_simd16() {
    let t = hdr(T::TwoD, 1024, 512, 1, 11);
    let lods: [u32; 16] = core::array::from_fn(|i| i as u32);
    let dst = run_info(RESINFO, SIMD16 | 0x80, 0, Ok(&t), lods);
    for lane in 0..16 {
        assert_eq!(dst[lane], 1024 >> lane, "R plane");
        assert_eq!(dst[16 + lane], 512 >> lane, "G plane");
        assert_eq!(dst[32 + lane], 0, "B plane");
        assert_eq!(dst[48 + lane], 11, "A plane");
    }
}

#[test]
fn intel_exec_masks_write_only_enabled_lanes() {
    let t = hdr(T::TwoD, 8, 4, 1, 1);
    // M1..M8 start at channel 4·(k−1); SIMD8 needs an offset that is a multiple of 8.
    for (k, offset) in [(1u8, 0u32), (3, 8), (5, 16), (7, 24)] {
        let exec = SIMD8 | ((k - 1) << 4);
        let mask = 0b1010_0101u32 << offset;
        let dst = run_info(RESINFO, exec, mask, Ok(&t), [0; 16]);
        for lane in 0..8 {
            let enabled = (0b1010_0101 >> lane) & 1 == 1;
            let want = if enabled { 8 } else { 0xDEAD_BEEF };
            assert_eq!(at(&dst, 8, 0, lane), want, "M{k} lane {lane}");
            assert_eq!(at(&dst, 8, 3, lane), if enabled { 1 } else { 0xDEAD_BEEF });
        }
    }
    // SIMD16 with M5: channels 16..31.
    let dst = run_info(RESINFO, SIMD16 | (4 << 4), 0xFFFF_0000 & !(1 << 20), Ok(&t), [0; 16]);
    for lane in 0..16 {
        let want = if lane == 4 { 0xDEAD_BEEF } else { 8 };
        assert_eq!(at(&dst, 16, 0, lane), want);
    }
    // NM: every lane written whatever the dispatch mask; the same k.
    for k in [1u8, 3, 5, 7] {
        let dst = run_info(RESINFO, SIMD8 | 0x80 | ((k - 1) << 4), 0, Ok(&t), [0; 16]);
        assert!((0..8).all(|l| at(&dst, 8, 0, l) == 8), "M{k}_NM");
    }
    // A zero mask writes nothing.
    let dst = run_info(RESINFO, SIMD16, 0, Ok(&t), [0; 16]);
    assert!(dst.iter().all(|v| *v == 0xDEAD_BEEF));
}

#[test]
fn intel_exec_ctrl_errors() {
    let t = hdr(T::TwoD, 8, 4, 1, 1);
    let mut dst = [7u32; 64];
    let lod = [0; 16];
    // Misaligned masks: SIMD8 with M2/M4/M6/M8, SIMD16 with anything but M1/M5.
    for k in [2u8, 4, 6, 8] {
        assert_eq!(
            info(RESINFO, SIMD8 | ((k - 1) << 4), !0, Ok(&t), &lod, &mut dst),
            Err(InfoError::MaskAlignment { lanes: 8, mask: k })
        );
    }
    for k in [2u8, 3, 4, 6, 7, 8] {
        assert!(info(RESINFO, SIMD16 | ((k - 1) << 4), !0, Ok(&t), &lod, &mut dst).is_err());
        assert!(info(RESINFO, SIMD16 | 0x80 | ((k - 1) << 4), !0, Ok(&t), &lod, &mut dst).is_err());
    }
    for size in [0u8, 1, 2, 5, 6, 7] {
        assert_eq!(info(RESINFO, size, !0, Ok(&t), &lod, &mut dst), Err(InfoError::ExecSize(size)));
    }
    assert_eq!(info(RESINFO, SIMD8 | 0x08, !0, Ok(&t), &lod, &mut dst), Err(InfoError::ExecSize(0x0B)));
    assert_eq!(info(0b00001, SIMD8, !0, Ok(&t), &lod, &mut dst), Err(InfoError::Op(1)));
    assert!(dst.iter().all(|v| *v == 7), "a malformed instruction writes nothing");
    // Round trip of every legal Exec_size byte.
    for b in 0..=255u8 {
        if let Ok(c) = ExecCtrl::from_byte(b) {
            assert_eq!(c.to_byte(), b);
        }
    }
}

#[test]
fn intel_sampleinfo() {
    for (h, want) in [
        (hdr(T::TwoD, 8, 8, 1, 1), [1, 0, 0, 0]),
        (ms(hdr(T::TwoD, 8, 8, 1, 1), 8), [8, 0, 0, 0]),
        (ms(hdr(T::TwoDArray, 8, 8, 3, 1), 16), [16, 0, 0, 0]),
        (ms(hdr(T::TwoDNoMipmap, 8, 8, 3, 1), 2), [2, 0, 0, 0]),
        (hdr(T::ThreeD, 8, 8, 8, 1), [0; 4]),
        (hdr(T::Cube, 8, 8, 1, 1), [0; 4]),
    ] {
        let dst = run_info(SAMPLEINFO, SIMD8 | 0x80, 0, Ok(&h), [99; 16]);
        for lane in 0..8 {
            for c in 0..4 {
                assert_eq!(at(&dst, 8, c, lane), want[c], "{:?}", h.ty);
            }
        }
    }
}

#[test]
fn intel_invalid_surface_writes_zeros_in_enabled_lanes() {
    for op in [RESINFO, SAMPLEINFO] {
        let dst = run_info(op, SIMD8, 0b0000_0011, Err(Invalid::Unbound(9)), [0; 16]);
        for c in 0..4 {
            assert_eq!(at(&dst, 8, c, 0), 0);
            assert_eq!(at(&dst, 8, c, 1), 0);
            assert_eq!(at(&dst, 8, c, 2), 0xDEAD_BEEF);
        }
    }
}

// ---------------------------------------------------------------- fp32 packing

#[test]
fn fixed_to_f32_matches_ieee_rounding() {
    // Exhaustive over small values and a sweep of large ones, against the host's
    // correctly rounded int→float conversion (round to nearest even).
    for v in -70_000i64..70_000 {
        for frac in [0u32, 4, 8, 12, 16] {
            let want = (v as f64 / (1u64 << frac) as f64) as f32;
            assert_eq!(fixed_to_f32_bits(v, frac), want.to_bits(), "{v} / 2^{frac}");
        }
    }
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    for _ in 0..200_000 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let v = x as i64 >> (x % 40);
        let frac = (x >> 58) as u32;
        let want = (v as f64 / (1u64 << frac) as f64) as f32;
        // f64 holds 53 bits: `v` may have up to 63, so compare against an exact
        // integer-only path when the f64 step could itself round.
        if v.unsigned_abs() < (1 << 53) {
            assert_eq!(fixed_to_f32_bits(v, frac), want.to_bits(), "{v} / 2^{frac}");
        }
    }
    assert_eq!(fixed_to_f32_bits(i64::MAX, 0), (i64::MAX as f32).to_bits());
    assert_eq!(fixed_to_f32_bits(i64::MIN, 0), (i64::MIN as f32).to_bits());
    // Ties: 2^24 + 1 rounds down to even, 2^24 + 3 rounds up.
    assert_eq!(fixed_to_f32_bits((1 << 24) + 1, 0), 16_777_216f32.to_bits());
    assert_eq!(fixed_to_f32_bits((1 << 24) + 3, 0), 16_777_220f32.to_bits());
}

proptest::proptest! {
    /// A texture resolved once answers every lane as `txq` does: arbitrary header words
    /// (most do not decode), constant-bank and bindless sources in and out of the pools,
    /// every query and parameter.
    #[test]
    fn txq_binding_answers_each_lane_as_txq(
        words in proptest::prelude::any::<[[u32; 8]; 2]>(),
        valid in proptest::prelude::any::<[(u8, u8, u32, u8, u32); 2]>(),
        maximum in 0u32..4,
        bank in proptest::prelude::any::<[u32; 3]>(),
        sources in proptest::collection::vec((proptest::prelude::any::<bool>(), 0u32..5, 0u32..5), 1..6),
        lanes in proptest::collection::vec((0usize..3, proptest::prelude::any::<u32>()), 1..8),
    ) {
        // Half the headers are well-formed ones built from small fields.
        let mut headers = words.to_vec();
        for (i, (ty, fmt, w, levels, seed)) in valid.iter().enumerate() {
            if seed & 1 == 0 {
                let ty = TextureType::from_code(u32::from(*ty % 9)).unwrap_or(T::TwoD);
                let fmt = Format::from_code(*fmt).unwrap_or(Format::RGBA8_UNORM);
                let w = 1 + w % 300;
                let h = if matches!(ty, T::OneD | T::OneDArray | T::OneDBuffer) { 1 } else { w / 2 + 1 };
                let h = if ty.is_cube() { w } else { h };
                let d = if matches!(ty, T::TwoDArray | T::ThreeD | T::CubeArray | T::OneDArray | T::TwoDNoMipmap) { 1 + seed % 7 } else { 1 };
                let t = TextureHeader::new(ty, fmt, w, h, d, 1 + u32::from(*levels % 4));
                headers[i] = t.to_words();
            }
        }
        let samplers = [SamplerHeader::default().to_words()];
        let b = Bindings {
            headers: Pool { entries: &headers, maximum_index: maximum },
            samplers: Pool { entries: &samplers, maximum_index: maximum / 2 },
            binding: SamplerBinding::Independent,
            const_bank: &bank,
        };
        for (bindless, s, t) in sources {
            let src = if bindless {
                HandleSource::Bindless(Handle::new(s, t).unwrap().0)
            } else {
                HandleSource::ConstBank(TsPtrIdx::new(t as u16).unwrap())
            };
            let bound = texcore::query::nv::TxqBinding::new(&b, src);
            for (q, p) in &lanes {
                let q = TxqQuery::ALL[*q];
                proptest::prop_assert_eq!(bound.txq(q, *p), txq(&b, src, q, *p));
                proptest::prop_assert_eq!(bound.txq(q, *p & 31), txq(&b, src, q, *p & 31));
            }
        }
    }
}
