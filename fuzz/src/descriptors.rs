//! Target `descriptors`: descriptor decoding, the layout and address arithmetic, pools and
//! handles, and every query (NVIDIA TXQ, TGSI TXQ / SVIEWINFO / SAMPLE_INFO / SAMPLE_POS,
//! Intel INFO).
//!
//! Checks, besides "no panic":
//! * header and sampler words that decode re-encode to the same words; a header or sampler
//!   built from fields that validates decodes back from its words;
//! * `texture_bytes`, `layer_stride`, `level_offset`, `level_bytes`, `slice_bytes` and
//!   `slice_offset` equal the exact (128-bit) layout,
//!   saturated at `u64::MAX`, and `texel_address`, `TextureLayout::address` and the 32-bit
//!   `Plane` agree with the exact address wherever it fits 32 bits (valid headers); for any
//!   header value the two address paths agree;
//! * a handle resolves to exactly the pool entries it names, or to the documented reason;
//! * the queries through pools equal the queries on the resolved header (zeros for an
//!   invalid texture), TGSI TXQ equals SVIEWINFO, NVIDIA TXQ's width and height equal
//!   SVIEWINFO's, and Intel INFO writes exactly the enabled lanes (nothing on an error).

use texcore::descriptor::{SamplerHeader, TextureHeader, TextureType};
use texcore::handle::{Bindings, Handle, HandleSource, Invalid, Pool, SamplerBinding, TsPtrIdx};
use texcore::memory::{
    layer_stride, level_bytes, level_offset, slice_bytes, slice_offset, texel_address, texture_bytes, Plane,
    TexelCoord, TextureLayout,
};
use texcore::query::intel::{self, ExecCtrl, InfoOp};
use texcore::query::nv::{self, TxqQuery};
use texcore::query::tgsi;

use crate::gen::{self, HeaderSrc};
use crate::input::Reader;
use crate::reference;

/// Runs one input.
pub fn run(data: &[u8]) {
    let mut r = Reader::new(data);
    let src = gen::header(&mut r);
    let smp = gen::sampler(&mut r);
    let probes: Vec<TexelCoord> = (0..3)
        .map(|_| TexelCoord {
            x: gen::uint(&mut r),
            y: gen::uint(&mut r),
            z: gen::uint(&mut r),
            layer: gen::uint(&mut r),
            level: gen::uint(&mut r),
            sample: gen::uint(&mut r),
        })
        .collect();
    let params = [gen::uint(&mut r), gen::uint(&mut r)];
    round_trips(&src, &smp);
    let view = src.view();
    if let Ok(h) = &view {
        layout(h, &probes);
    }
    queries(view.as_ref().map_err(|e| *e), &params, &mut r);
    pools(&src, &smp, &mut r);
}

fn round_trips(src: &HeaderSrc, smp: &gen::SamplerSrc) {
    match src {
        HeaderSrc::Words(w) => {
            if let Ok(h) = TextureHeader::from_words(w) {
                assert_eq!(&h.to_words(), w, "decoded header words re-encode unchanged");
                assert_eq!(h.validate(), Ok(()));
            }
        }
        HeaderSrc::Fields(h) => {
            if h.validate().is_ok() {
                assert_eq!(TextureHeader::from_words(&h.to_words()), Ok(*h), "a valid header round-trips");
            }
        }
    }
    match smp {
        gen::SamplerSrc::Words(w) => {
            if let Ok(s) = SamplerHeader::from_words(w) {
                assert_eq!(&s.to_words(), w, "decoded sampler words re-encode unchanged");
            }
        }
        gen::SamplerSrc::Fields(s) => {
            if s.validate().is_ok() {
                assert_eq!(SamplerHeader::from_words(&s.to_words()), Ok(*s), "a valid sampler round-trips");
            }
        }
    }
}

fn layout(h: &TextureHeader, probes: &[TexelCoord]) {
    let valid = h.validate().is_ok();
    let lay = TextureLayout::new(h);
    let _ = (texture_bytes(h), layer_stride(h));
    let mut coords: Vec<TexelCoord> = probes.to_vec();
    // The corners of every level of the view, first and last layer and sample.
    for level in h.base_level..h.base_level.saturating_add(h.levels.min(40)) {
        let d = if h.ty == TextureType::ThreeD { h.level_depth(level) } else { 1 };
        coords.push(TexelCoord { level, ..Default::default() });
        coords.push(TexelCoord {
            x: h.level_width(level).wrapping_sub(1),
            y: h.level_height(level).wrapping_sub(1),
            z: d.wrapping_sub(1),
            layer: h.layers().wrapping_sub(1),
            level,
            sample: h.samples() - 1,
        });
    }
    for c in &coords {
        let a = texel_address(h, c);
        assert_eq!(lay.address(c), a, "layout path == texel_address for {c:?}");
        let offset = slice_offset(h, c.level, c.x, c.y);
        if valid {
            assert_eq!(a, reference::texel_address(h, c), "exact address of {c:?}");
            if c.level <= h.base_level + h.levels {
                let exact = reference::slice_offset(h, c.level, c.x, c.y);
                assert_eq!(offset, reference::sat(exact), "slice_offset of {c:?}");
            }
        }
    }
    if !valid {
        let _ = (slice_bytes(h, h.base_level), level_bytes(h, h.base_level));
        return;
    }
    assert_eq!(texture_bytes(h), reference::sat(reference::texture_bytes(h)));
    assert_eq!(layer_stride(h), reference::sat(reference::layer_stride(h)));
    for level in 0..=h.base_level + h.levels {
        assert_eq!(level_offset(h, level), reference::sat(reference::level_offset(h, level)));
        assert_eq!(slice_bytes(h, level), reference::sat(reference::slice_bytes(h, level)), "slice_bytes({level})");
        assert_eq!(level_bytes(h, level), reference::sat(reference::level_bytes(h, level)), "level_bytes({level})");
    }
    // The 32-bit plane of each level agrees with the general addressing.
    for level in h.base_level..h.base_level + h.levels {
        let Some(g) = lay.geom(level) else { continue };
        if level == 0 {
            let eligible = h.base_level == 0
                && h.layers() == 1
                && h.samples() == 1
                && !matches!(h.ty, TextureType::ThreeD | TextureType::OneDBuffer)
                && h.layout == texcore::descriptor::Layout::PitchLinear;
            let short = Plane::level0(h);
            if eligible {
                assert_eq!(short, lay.plane(&g), "Plane::level0 == plane(geom(0))");
            } else {
                assert_eq!(short, None);
            }
        }
        let Some(p) = lay.plane(&g) else { continue };
        for c in &coords {
            let (x, y, layer) = (c.x % g.size[0].max(1), c.y % g.size[1].max(1), c.layer % 8);
            let want = lay.address_in(&g, x, y, 0, layer, 0);
            assert_eq!(p.address(x, y, layer), want, "plane address");
            if let Some(wp) = p.in_words() {
                assert_eq!(wp.address(x, y, layer), want.map(|a| a / 4), "word-addressed plane");
            }
            // Out-of-range rows and columns give some value, never a panic.
            let _ = (p.row(c.y), p.col(c.x), p.layer_base(c.layer), p.address(c.x, c.y, c.layer));
        }
    }
}

fn queries(view: Result<&TextureHeader, Invalid>, params: &[u32; 2], r: &mut Reader<'_>) {
    for &p in params {
        let sv = tgsi::sviewinfo(view, p);
        assert_eq!(tgsi::txq(view, p), sv, "TGSI TXQ == SVIEWINFO");
        let _ = (tgsi::sample_info(view), tgsi::sample_pos(view, p), tgsi::to_f32_bits(sv));
        match view {
            Ok(h) => {
                for q in TxqQuery::ALL {
                    let _ = nv::txq_header(h, q, p);
                }
                if h.validate().is_ok() {
                    let d = nv::txq_header(h, TxqQuery::Dimension, p);
                    assert_eq!(d[..2], sv[..2], "NVIDIA TXQ and SVIEWINFO sizes");
                }
            }
            Err(_) => assert_eq!(sv, [0; 4], "an invalid view queries as zeros"),
        }
    }
    // Intel INFO: exactly the enabled lanes are written.
    let (op, exec, mask) = (r.u8(), r.u8(), r.u32());
    let lod: [u32; 16] = core::array::from_fn(|_| gen::uint(r));
    let mut dst = [0xA5A5_A5A5u32; 64];
    let res = intel::info(op, exec, mask, view, &lod, &mut dst);
    match (InfoOp::from_byte(op), ExecCtrl::from_byte(exec)) {
        (Ok(o), Ok(c)) => {
            assert_eq!(res, Ok(()));
            let n = c.lanes as usize;
            for (i, v) in dst.iter().enumerate() {
                let (comp, lane) = (i / n, i % n);
                let want = if comp < 4 && c.lane_enabled(mask, lane as u32) {
                    match (view, o) {
                        (Ok(h), InfoOp::ResInfo) => intel::resinfo_lane(h, lod[lane])[comp],
                        (Ok(h), InfoOp::SampleInfo) => intel::sampleinfo(h)[comp],
                        (Err(_), _) => 0,
                    }
                } else {
                    0xA5A5_A5A5
                };
                assert_eq!(*v, want, "INFO dst[{i}]");
            }
            assert_eq!(ExecCtrl::from_byte(c.to_byte()), Ok(c), "Exec_size byte round trip");
        }
        _ => {
            assert!(res.is_err(), "a malformed INFO is rejected");
            assert_eq!(dst, [0xA5A5_A5A5; 64], "a rejected INFO writes nothing");
        }
    }
}

fn pools(src: &HeaderSrc, smp: &gen::SamplerSrc, r: &mut Reader<'_>) {
    // A header pool of the generated header plus raw words, a sampler pool likewise.
    let hw = match src {
        HeaderSrc::Words(w) => *w,
        HeaderSrc::Fields(h) => h.to_words(),
    };
    let sw = match smp {
        gen::SamplerSrc::Words(w) => *w,
        gen::SamplerSrc::Fields(s) => s.to_words(),
    };
    let n = r.below(4);
    let mut headers = vec![hw];
    let mut samplers = vec![sw];
    for _ in 0..n {
        headers.push(core::array::from_fn(|_| r.u32()));
        samplers.push(core::array::from_fn(|_| r.u32()));
    }
    let (hmax, smax) = (gen::uint(r), gen::uint(r));
    let bank: Vec<u32> = (0..r.below(6)).map(|_| r.u32()).collect();
    let binding = if r.bool() { SamplerBinding::ViaHeaderBinding } else { SamplerBinding::Independent };
    let b = Bindings {
        headers: Pool { entries: &headers, maximum_index: hmax },
        samplers: Pool { entries: &samplers, maximum_index: smax },
        binding,
        const_bank: &bank,
    };
    for _ in 0..3 {
        let source = if r.bool() {
            HandleSource::Bindless(r.u32())
        } else {
            HandleSource::ConstBank(TsPtrIdx::new(r.u16() & 0x1FFF).unwrap_or_default())
        };
        let res = b.resolve(source);
        let handle = b.handle(source);
        match (&res, handle) {
            (Ok(x), Ok(hd)) => {
                assert_eq!(x.handle, hd);
                let hp = hd.header_ptr();
                let sp = b.sampler_ptr(hd);
                assert!(hp <= hmax && sp <= smax);
                assert_eq!(Ok(x.header), TextureHeader::from_words(&headers[hp as usize]));
                assert_eq!(Ok(x.sampler), SamplerHeader::from_words(&samplers[sp as usize]));
            }
            (Err(Invalid::ConstBankIndex(_)), Err(_)) => {}
            (Err(e), Ok(hd)) => {
                let hp = hd.header_ptr();
                let ok = match e {
                    Invalid::HeaderAboveMaximum(p) => *p == hp && hp > hmax,
                    Invalid::HeaderOutsidePool(p) => *p == hp && hp as usize >= headers.len(),
                    Invalid::Header(_) => TextureHeader::from_words(&headers[hp as usize]).is_err(),
                    Invalid::SamplerAboveMaximum(p) => *p > smax,
                    Invalid::SamplerOutsidePool(p) => *p as usize >= samplers.len(),
                    Invalid::Sampler(_) => true,
                    _ => false,
                };
                assert!(ok, "{e:?} for handle {hd:?}");
            }
            other => panic!("resolve and handle disagree: {other:?}"),
        }
        // Queries through the pools equal the queries on the header the query resolves (it
        // reads the texture header only: of the sampler, only its `MaximumIndex` check).
        let qres = b.resolve_header(source);
        if let Ok(x) = &res {
            assert_eq!(qres, Ok((x.handle, x.header)), "a valid texture is a valid query");
        }
        let p = gen::uint(r);
        let bound = nv::TxqBinding::new(&b, source);
        for q in TxqQuery::ALL {
            let want = match &qres {
                Ok((_, h)) => nv::txq_header(h, q, p),
                Err(_) => [0; 4],
            };
            assert_eq!(nv::txq(&b, source, q, p), want, "TXQ through the pools");
            assert_eq!(bound.txq(q, p), want, "TXQ on the texture resolved once");
        }
    }
    // Handle and tsPtrIdx packing.
    let (s, h) = (r.u32(), r.u32());
    if let Some(hd) = Handle::new(s, h) {
        assert_eq!((hd.sampler_ptr(), hd.header_ptr()), (s, h));
    } else {
        assert!(s > 0xFFF || h > 0xF_FFFF);
    }
    let (tid, smp5) = (r.u8(), r.u8());
    if let Some(t) = TsPtrIdx::from_tid_smp(tid, smp5) {
        assert_eq!((t.tid(), t.smp()), (tid, smp5));
    }
}
