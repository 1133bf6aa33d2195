//! The `SUBMIT` payload codec of every op and the completion-record codec of every reply
//! shape: exact lengths, round trips, one encoding per op (anything else is refused), and
//! the rejection kinds.

mod common;

use proptest::prelude::*;
use texcore::op::fetch::FetchError;
use texcore::op::gather::GatherError;
use texcore::op::resource::ResourceError;
use texcore::op::sample::{SampleError, TexOp};
use texcore::query::intel::InfoError;
use texcore::texel::EncodeError;
use texcore_hal::op::{Completion, MAX_OP_LEN, REPLY_WORDS_MAX};
use texcore_hal::protocol::{self, op, status, ResultShape, OPS};
use texcore_hal::selfcheck::OpGen;
use texcore_hal::{LaneReply, Limits, Op, Rejection, Reply, Tld4sReply};

/// Ops of every kind: the fixtures' lists and seeded random ones.
fn ops() -> &'static [Op] {
    static OPS_LIST: std::sync::OnceLock<Vec<Op>> = std::sync::OnceLock::new();
    OPS_LIST.get_or_init(|| {
        let mut v = common::all_ops();
        v.extend(common::scene_ops());
        let mut g = OpGen::new(99);
        for _ in 0..60 {
            for d in OPS {
                v.push(g.op(d.code).unwrap());
            }
        }
        v
    })
}

/// What decoding gives back: the op without what is not sent (TEX-family derivatives of
/// ops other than TXD).
fn canonical(o: &Op) -> Op {
    match *o {
        Op::TgsiTex { op, shadow, view, sampler, src0, src1, grads } if op != TexOp::Txd => {
            let _ = grads;
            Op::TgsiTex { op, shadow, view, sampler, src0, src1, grads: None }
        }
        other => other,
    }
}

#[test]
fn every_op_has_its_row_length_shape_and_round_trips() {
    let mut per_code = std::collections::BTreeMap::new();
    for &o in ops() {
        let d = o.def().unwrap_or_else(|| panic!("no row for {o:?}"));
        assert_eq!(d.code, o.code());
        assert_eq!(d.result, o.shape(), "{}", d.name);
        let mut buf = [0u8; MAX_OP_LEN];
        let n = o.encode(&mut buf);
        assert_eq!(n, usize::from(d.len), "{}", d.name);
        assert_eq!(buf[0], d.code);
        assert_eq!(Op::decode(&buf[..n]), Ok(canonical(&o)), "{}", d.name);
        // Wrong lengths.
        assert_eq!(Op::decode(&buf[..n - 4]), Err(status::ERR_BAD_LEN), "{}", d.name);
        let mut long = buf[..n].to_vec();
        long.extend_from_slice(&[0; 4]);
        assert_eq!(Op::decode(&long), Err(status::ERR_BAD_LEN), "{}", d.name);
        *per_code.entry(d.name).or_insert(0) += 1;
    }
    assert_eq!(per_code.len(), OPS.len(), "every op code was encoded: {per_code:?}");
    assert_eq!(Op::decode(&[]), Err(status::ERR_BAD_LEN));
    for code in 0..=255u8 {
        if protocol::op_def(code).is_none() {
            assert_eq!(Op::decode(&[code, 0, 0, 0, 0, 0, 0, 0]), Err(status::ERR_UNSUPPORTED));
        }
    }
}

#[test]
fn the_atomic_replay_tag_is_not_part_of_the_op() {
    let o = common::scene_ops().into_iter().find(|o| matches!(o, Op::TgsiAtomic { .. })).unwrap();
    let mut buf = [0u8; MAX_OP_LEN];
    let n = o.encode(&mut buf);
    assert_eq!(buf[1], 0, "encoded without a tag");
    for tag in [1u8, 77, 255] {
        buf[1] = tag;
        assert_eq!(Op::decode(&buf[..n]), Ok(o));
    }
    assert!(o.def().unwrap().replay);
    assert_eq!(OPS.iter().filter(|d| d.replay).count(), 10, "exactly the ten atomics");
    assert!(OPS.iter().filter(|d| d.replay).all(|d| d.name.starts_with("TGSI_ATOM")));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    /// One encoding per op: a payload that decodes re-encodes to the same bytes (the atomic
    /// tag byte aside); everything else is refused with a status.
    #[test]
    fn decoding_is_canonical(i in 0usize..4000, at in 0usize..188, xor in 1u8.., second in any::<Option<(usize, u8)>>()) {
        let all = ops();
        let o = all[i % all.len()];
        let mut buf = [0u8; MAX_OP_LEN];
        let n = o.encode(&mut buf);
        buf[at % n] ^= xor;
        if let Some((at2, x2)) = second {
            buf[at2 % n] ^= x2;
        }
        match Op::decode(&buf[..n]) {
            Ok(d) => {
                let mut again = [0u8; MAX_OP_LEN];
                let m = d.encode(&mut again);
                let tagged = d.def().unwrap().replay;
                if tagged {
                    again[1] = buf[1];
                }
                prop_assert_eq!(&again[..m], &buf[..n], "{:?}", d);
            }
            Err(s) => prop_assert!([status::ERR_BAD_VALUE, status::ERR_UNSUPPORTED, status::ERR_BAD_LEN].contains(&s)),
        }
    }

}

/// Completion records and result words of every shape round-trip through the words of the
/// self-check format.
#[test]
fn replies_round_trip_through_words() {
    let mut m = vec![0u8; common::SCENE_MEM];
    let mut soft: common::Soft<'_> = texcore_hal::SoftSampler::new(&mut m);
    common::scene().upload(&mut soft).unwrap();
    let mut shapes = std::collections::HashSet::new();
    for o in ops() {
        let reply = soft.run(o);
        let mut w = [0u32; REPLY_WORDS_MAX];
        let n = reply.to_words(&mut w);
        assert_eq!(n, 2 + reply.words().len());
        assert_eq!(Reply::from_words(o.shape(), &w[..n]), Some(reply), "{o:?}");
        shapes.insert(std::mem::discriminant(&reply));
    }
    assert_eq!(shapes.len(), 6, "every reply kind");
}

#[test]
fn every_rejection_round_trips() {
    let all = [
        Rejection::Info(InfoError::Op(7)),
        Rejection::Info(InfoError::ExecSize(9)),
        Rejection::Info(InfoError::MaskAlignment { lanes: 16, mask: 3 }),
        Rejection::Fetch(FetchError::Cube),
        Rejection::Fetch(FetchError::OffsetRange(2)),
        Rejection::Resource(ResourceError::Encode(EncodeError::DepthStencil)),
        Rejection::Resource(ResourceError::Encode(EncodeError::Srgb)),
        Rejection::Resource(ResourceError::AtomicFormat),
        Rejection::Sample(SampleError::TextureType),
        Rejection::Sample(SampleError::OffsetRange(1)),
        Rejection::Sample(SampleError::Compare),
        Rejection::Gather(GatherError::TextureType),
        Rejection::Gather(GatherError::OffsetRange(1)),
        Rejection::Gather(GatherError::OffsetOnCube),
        Rejection::Gather(GatherError::CompareOn3D),
        Rejection::Gather(GatherError::Compare),
        Rejection::Gather(GatherError::Component),
    ];
    let mut kinds = std::collections::HashSet::new();
    for r in all {
        let (k, d0, d1) = r.encode();
        assert!(protocol::REJECTS.iter().any(|d| d.code == k), "{r:?}: kind {k:#x} not in the table");
        kinds.insert(k);
        assert_eq!(Rejection::decode(k, d0, d1), Some(r));
        // Through a completion record, for any op shape.
        for shape in [ResultShape::Vec4, ResultShape::Quad, ResultShape::Tld4s, ResultShape::Flag, ResultShape::Lanes] {
            let c = Reply::Rejected(r).completion();
            assert_eq!(c.reply(shape, &[]), Some(Reply::Rejected(r)));
        }
    }
    assert_eq!(kinds.len(), protocol::REJECTS.len(), "every kind of the table is produced");
    // Detail bytes that must be zero, and unknown kinds.
    for d in protocol::REJECTS {
        for (d0, d1) in [(0u8, 0u8), (1, 0), (0, 1), (0xFF, 0xFF)] {
            if let Some(r) = Rejection::decode(d.code, d0, d1) {
                assert_eq!(r.encode(), (d.code, d0, d1), "{}", d.name);
            }
        }
    }
    for k in 0..=255u8 {
        if protocol::REJECTS.iter().all(|d| d.code != k) {
            assert_eq!(Rejection::decode(k, 0, 0), None);
        }
    }
}

#[test]
fn completion_records_of_the_new_shapes() {
    let q: [[u32; 4]; 4] = core::array::from_fn(|l| core::array::from_fn(|c| (l * 4 + c) as u32));
    let words: Vec<u32> = (0..16).collect();
    let c = Reply::Quad(q).completion();
    assert_eq!((c.written, c.words), (0xF, 16));
    assert_eq!(c.reply(ResultShape::Quad, &words), Some(Reply::Quad(q)));
    assert_eq!(Reply::Quad(q).words(), &words[..]);
    // Inconsistent quads.
    let rec = |written: u16, n: u8| Completion { outcome: 0, kind: 0, detail: [0, 0], written, words: n };
    assert_eq!(rec(0x7, 16).reply(ResultShape::Quad, &words), None);
    assert_eq!(rec(0xF, 15).reply(ResultShape::Quad, &words[..15]), None);
    assert_eq!(rec(0xF, 4).reply(ResultShape::Quad, &words[..4]), None);
    // TLD4S: count 2, count 1 (the second registers are not written: zeroed), others refused.
    let t = Tld4sReply { words: [1, 2, 3, 4], count: 2 };
    assert_eq!(Reply::Tld4s(t).completion().written, 2);
    assert_eq!(rec(2, 4).reply(ResultShape::Tld4s, &[1, 2, 3, 4]), Some(Reply::Tld4s(t)));
    assert_eq!(
        rec(1, 4).reply(ResultShape::Tld4s, &[1, 2, 3, 4]),
        Some(Reply::Tld4s(Tld4sReply { words: [1, 0, 3, 0], count: 1 }))
    );
    assert_eq!(t.rd0(), [1, 2]);
    assert_eq!(t.rd1(), [3, 4]);
    for bad in [0u16, 3, 0xF] {
        assert_eq!(rec(bad, 4).reply(ResultShape::Tld4s, &[1, 2, 3, 4]), None);
    }
    assert_eq!(rec(2, 2).reply(ResultShape::Tld4s, &[1, 2]), None);
    // STORE: a flag, no words.
    assert_eq!(Reply::Stored(true).completion().written, 1);
    assert_eq!(Reply::Stored(false).completion().words, 0);
    assert_eq!(rec(1, 0).reply(ResultShape::Flag, &[]), Some(Reply::Stored(true)));
    assert_eq!(rec(0, 0).reply(ResultShape::Flag, &[]), Some(Reply::Stored(false)));
    assert_eq!(rec(2, 0).reply(ResultShape::Flag, &[]), None);
    assert_eq!(rec(1, 4).reply(ResultShape::Flag, &[0; 4]), None);
    // A shape mismatch is refused.
    assert_eq!(rec(1, 4).reply(ResultShape::Quad, &[0; 4]), None);
    let l = LaneReply { lanes: 8, written: 0xFF, dst: [0; 64] };
    assert_eq!(Reply::Lanes(l).completion().reply(ResultShape::Quad, &[0; 32]), None);
}

#[test]
fn capability_bits_span_caps_and_caps1() {
    let all = protocol::all_caps();
    let l = Limits { memory_bytes: 0, header_entries: 0, sampler_entries: 0, const_bank_words: 0, caps: all };
    for o in ops() {
        assert!(l.supports(o));
    }
    let imax = protocol::op_def(op::TGSI_ATOMIMAX).unwrap();
    assert!(imax.cap_bit >= 32, "in CAPS1");
    let o = Op::TgsiAtomic {
        op: texcore::op::resource::AtomicOp::IMax,
        resource: 0,
        address: [0; 4],
        src: [0; 4],
        cmp: [0; 4],
    };
    let without = Limits { caps: all & !(1u64 << imax.cap_bit), ..l };
    assert!(!without.supports(&o));
    let only_caps = Limits { caps: all & 0xFFFF_FFFF, ..l };
    assert!(!only_caps.supports(&o));
    assert!(only_caps.supports(&Op::TgsiSampleInfo { view: 0 }));
}
