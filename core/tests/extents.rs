//! Texture extents beyond the address space: valid headers whose layout needs more than
//! 2^64 bytes (or more than the 32-bit texture address reaches) never panic; the extents
//! saturate at `u64::MAX` and every texel whose exact address does not fit 32 bits is out of
//! range (zeros, no write), while texels below 2^32 stay addressable.
//!
//! The three headers below exceed 64 bits in the layout arithmetic of `texture_bytes`,
//! `TextureLayout::address_in` and `level_offset` / `layer_stride` respectively;
//! the exact reference is an independent 128-bit evaluation of the layout table in
//! `texcore::memory`.

use proptest::prelude::*;
use texcore::descriptor::{Format, Layout, MsMode, SamplerHeader, TextureHeader, TextureType};
use texcore::memory::{
    layer_stride, level_bytes, level_offset, slice_bytes, texel_address, texture_bytes, TexelCoord, TextureLayout,
};
use texcore::op::fetch::{sample_i, txf};
use texcore::op::resource::{atomic, load, store, AtomicOp};
use texcore::op::sample::{sample_l, sample_quad, SampleRequest};

use TextureType as T;

/// CUBE_ARRAY RG16_FLOAT 65536², 22103 cubes, 2 levels, row pitch 2^32 − 1:
/// `layer_stride × layers` exceeds 2^64.
const CUBE_ARRAY_BYTES: [u32; 8] = [0x1a20_0418, 0x41f7_bdbf, 0x0000_ffff, 0x5656_ffff, 1, 0xffff_ffff, 0, 0];
/// 65535² cube array of 65535 cubes, row pitch ≈ 2^31, base level 13: `layer × layer_stride`
/// of the last cube exceeds 2^64 (reached through SAMPLE_L).
const CUBE_ARRAY_LAST: [u32; 8] = [0x1a20_00b8, 0xffff_ff12, 0x0000_fffe, 0xfffe_fffe, 0x1a0, 0x8001_fffd, 0, 0];
/// 3D 65536³ RGBA32_FLOAT, row pitch 2^32 − 1, 2 levels: level 0 alone is 2^64 − 2^32 bytes,
/// so `level_offset(1)` / `layer_stride` (sums of levels) exceed 2^64.
const THREE_D_HUGE: [u32; 8] = [0x1a20_0452, 0, 0xffff, 0xffff_ffff, 1, 0xffff_ffff, 0, 0];

fn three_d_huge() -> [u32; 8] {
    let mut h = TextureHeader::new(T::ThreeD, Format::RGBA32_FLOAT, 65536, 65536, 65536, 2);
    h.row_pitch = 0xFFFF_FFFF;
    h.validate().unwrap();
    assert_eq!(h.to_words(), THREE_D_HUGE, "the words of the documented header");
    THREE_D_HUGE
}

fn headers() -> [TextureHeader; 3] {
    [CUBE_ARRAY_BYTES, CUBE_ARRAY_LAST, three_d_huge()].map(|w| TextureHeader::from_words(&w).unwrap())
}

// ------------------------------------------------------------------ exact reference

fn minify(v: u32, l: u32) -> u128 {
    u128::from(v.checked_shr(l).unwrap_or(0).max(1))
}

/// (pitch or tiles per row, slice bytes, depth) of absolute level `l`, exactly.
fn shape(h: &TextureHeader, l: u32) -> (u128, u128, u128) {
    let tb = u128::from(h.format.bytes_per_texel()) * u128::from(h.samples());
    let (w, hh) = (minify(h.width, l), minify(h.height, l));
    let d = if h.ty == T::ThreeD { minify(h.depth, l) } else { 1 };
    match h.layout {
        Layout::PitchLinear => {
            let p = if l == 0 && h.row_pitch != 0 { u128::from(h.row_pitch) } else { w * tb };
            (p, p * hh, d)
        }
        Layout::Tiled4x4 => (w.div_ceil(4), w.div_ceil(4) * hh.div_ceil(4) * 16 * tb, d),
    }
}

fn exact_offset(h: &TextureHeader, level: u32) -> u128 {
    (0..level).map(|l| shape(h, l)).map(|(_, s, d)| s * d).sum()
}

fn exact_stride(h: &TextureHeader) -> u128 {
    exact_offset(h, h.base_level + h.levels)
}

fn exact_bytes(h: &TextureHeader) -> u128 {
    if h.ty == T::OneDBuffer {
        return u128::from(h.width) * u128::from(h.format.bytes_per_texel());
    }
    exact_stride(h) * u128::from(h.layers())
}

/// The exact address of an in-range texel (the caller checks the ranges).
fn exact_address(h: &TextureHeader, c: &TexelCoord) -> u128 {
    let tb = u128::from(h.format.bytes_per_texel()) * u128::from(h.samples());
    let (p, s, _) = shape(h, c.level);
    let (x, y) = (u128::from(c.x), u128::from(c.y));
    let in_slice = match h.layout {
        Layout::PitchLinear => y * p + x * tb,
        Layout::Tiled4x4 => ((y >> 2) * p + (x >> 2)) * 16 * tb + ((y & 3) * 4 + (x & 3)) * tb,
    };
    u128::from(h.base_address)
        + u128::from(c.layer) * exact_stride(h)
        + exact_offset(h, c.level)
        + u128::from(c.z) * s
        + in_slice
        + u128::from(c.sample) * u128::from(h.format.bytes_per_texel())
}

fn in_range(h: &TextureHeader, c: &TexelCoord) -> bool {
    let d = if h.ty == T::ThreeD { h.level_depth(c.level) } else { 1 };
    c.level >= h.base_level
        && c.level < h.base_level + h.levels
        && c.x < h.level_width(c.level)
        && c.y < h.level_height(c.level)
        && c.z < d
        && c.layer < h.layers()
        && c.sample < h.samples()
}

/// `Some(address)` exactly when every byte of the texel lies below 2^32.
fn expected_address(h: &TextureHeader, c: &TexelCoord) -> Option<u32> {
    if !in_range(h, c) {
        return None;
    }
    let a = exact_address(h, c);
    let last = a + u128::from(h.format.bytes_per_texel()) - 1;
    u32::try_from(last).ok().and(u32::try_from(a).ok())
}

fn sat(v: u128) -> u64 {
    u64::try_from(v).unwrap_or(u64::MAX)
}

// ------------------------------------------------------------------ the three headers

#[test]
fn the_three_headers_are_valid_and_their_extents_saturate() {
    let [a, b, c] = headers();
    assert_eq!((a.ty, a.format, a.width, a.depth, a.levels), (T::CubeArray, Format::RG16_FLOAT, 65536, 22103, 2));
    assert_eq!((b.ty, b.width, b.depth, b.base_level), (T::CubeArray, 65535, 65535, 13));
    assert_eq!((c.ty, c.format, c.depth, c.levels), (T::ThreeD, Format::RGBA32_FLOAT, 65536, 2));
    for h in [a, b, c] {
        assert!(exact_bytes(&h) > u128::from(u64::MAX) || exact_stride(&h) > u128::from(u32::MAX));
        assert_eq!(texture_bytes(&h), sat(exact_bytes(&h)));
        assert_eq!(layer_stride(&h), sat(exact_stride(&h)));
        for level in 0..=h.base_level + h.levels + 40 {
            assert_eq!(level_offset(&h, level), sat(exact_offset(&h, level)), "level {level}");
            let (_, s, d) = shape(&h, level);
            assert_eq!(slice_bytes(&h, level), sat(s));
            assert_eq!(level_bytes(&h, level), sat(s * d));
        }
    }
    assert_eq!(texture_bytes(&a), u64::MAX, "more than 2^64 bytes");
    assert_eq!(level_offset(&c, 1), 0xFFFF_FFFF * 65536 * 65536, "level 0 alone: (2^32 − 1) · 2^32");
    assert_eq!(layer_stride(&c), u64::MAX);
}

#[test]
fn texels_below_2_32_are_addressable_and_the_rest_are_out_of_range() {
    for h in headers() {
        let lay = TextureLayout::new(&h);
        let top = h.base_level + h.levels - 1;
        let last_layer = h.layers() - 1;
        let probes = [
            TexelCoord { level: h.base_level, ..Default::default() },
            TexelCoord { x: 1, y: 1, level: h.base_level, ..Default::default() },
            TexelCoord { x: 3, y: 2, z: 1, layer: 1, level: top, sample: 0 },
            TexelCoord { level: top, layer: last_layer, ..Default::default() },
            TexelCoord {
                x: h.level_width(top) - 1,
                y: h.level_height(top) - 1,
                z: if h.ty == T::ThreeD { h.level_depth(top) - 1 } else { 0 },
                layer: last_layer,
                level: top,
                sample: 0,
            },
        ];
        for c in probes {
            let want = expected_address(&h, &c);
            assert_eq!(texel_address(&h, &c), want, "{c:?} of {h:?}");
            assert_eq!(lay.address(&c), want, "layout path, {c:?}");
        }
    }
    // The first texel of the 3D texture's level 1 lies past 2^64: out of range.
    let c = headers()[2];
    assert_eq!(texel_address(&c, &TexelCoord { level: 1, ..Default::default() }), None);
    // Its level 0 starts at 0: the first rows are addressable.
    assert_eq!(texel_address(&c, &TexelCoord { x: 5, y: 0, ..Default::default() }), Some(5 * 16));
}

#[test]
fn ops_on_the_three_headers_return_the_documented_zeros() {
    let [a, b, c] = headers();
    let mut mem = vec![0x77u8; 4096];
    let s = SamplerHeader::default();
    // SAMPLE_L on the last cube of the cube arrays: every tap lies past 2^32 and reads as
    // the zero texel (all four components 0, like a texel outside the memory), no panic.
    let last_cube = ((b.depth - 1) as f32).to_bits();
    let coords = [[1.0f32.to_bits(), 0, 0, last_cube]; 4];
    for h in [a, b] {
        for lod in [0.0f32, 1.0, 13.0] {
            let q = sample_l(Ok(&h), Ok(&s), &mem[..], &coords, [lod.to_bits(); 4], [0; 3]).unwrap();
            for lane in q {
                assert_eq!(lane, [0; 4], "lod {lod} on {h:?}");
            }
        }
        let r = sample_quad(Ok(&h), Ok(&s), &mem[..], &SampleRequest::new(coords)).unwrap();
        assert_eq!(r[0], [0; 4]);
    }
    // LOAD / STORE / atomics / fetch at level 1 of the 3D texture (past 2^64): zeros, no
    // write. Resource ops address the view's first level, so view level 1 as a view.
    let mut c1 = c;
    c1.base_level = 1;
    c1.levels = 1;
    c1.validate().unwrap();
    let before = mem.clone();
    assert_eq!(load(Ok(&c1), &mem[..], [0; 4]), [0; 4]);
    assert_eq!(store(Ok(&c1), &mut mem[..], [0; 4], [1.0f32.to_bits(); 4]), Ok(false));
    assert_eq!(mem, before);
    assert_eq!(sample_i(Ok(&c), &mem[..], [0, 0, 0, 1]), Ok([0; 4]));
    assert_eq!(txf(Ok(&c), &mem[..], [1, 1, 1, 1], [0; 3]), Ok([0; 4]));
    let mut u = c1;
    u.format = Format::RGBA32_UINT;
    for op in AtomicOp::ALL {
        assert_eq!(atomic(op, Ok(&u), &mut mem[..], [0; 4], [1; 4], [0; 4]), Ok([0; 4]), "{op:?}");
    }
    assert_eq!(mem, before);
    // Level 0 of the same texture is addressable: a STORE / LOAD round trip works there.
    let mut u0 = c;
    u0.format = Format::RGBA32_UINT;
    assert_eq!(store(Ok(&u0), &mut mem[..], [2, 0, 0, 0], [9, 8, 7, 6]), Ok(true));
    assert_eq!(load(Ok(&u0), &mem[..], [2, 0, 0, 0]), [9, 8, 7, 6]);
}

// ------------------------------------------------------------------ every header

fn big_header() -> impl Strategy<Value = TextureHeader> {
    let dim = prop_oneof![1u32..9, Just(65535u32), Just(65536u32), 1u32..=65536];
    (0usize..9, 0usize..Format::ALL.len(), dim.clone(), dim.clone(), dim, 0u32..17, 0u32..17, any::<bool>(), 0usize..5)
        .prop_flat_map(|(ty, f, w, h, d, levels, base, tiled, ms)| {
            let pitch = prop_oneof![Just(0u32), Just(u32::MAX), any::<u32>()];
            (Just((ty, f, w, h, d, levels, base, tiled, ms)), pitch, any::<u32>())
        })
        .prop_map(|((ty, f, w, h, d, levels, base, tiled, ms), pitch, addr)| {
            let ty = T::ALL[ty];
            let (h, d) = match ty {
                T::OneD | T::OneDBuffer => (1, 1),
                T::OneDArray => (1, d),
                T::TwoD => (h, 1),
                T::Cube => (w, 1),
                T::CubeArray => (w, d),
                _ => (h, d),
            };
            let mut t = TextureHeader::new(ty, Format::ALL[f], w, h, d, levels + 1);
            t.base_level = base;
            t.layout = if tiled { Layout::Tiled4x4 } else { Layout::PitchLinear };
            t.ms_mode = [MsMode::Mode1x1, MsMode::Mode2x1, MsMode::Mode2x2, MsMode::Mode4x2, MsMode::Mode4x4][ms];
            t.row_pitch = pitch;
            t.base_address = addr;
            t
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4000, ..ProptestConfig::default() })]

    /// Every extent is `min(exact, u64::MAX)` and every address is the exact one when it
    /// fits 32 bits, `None` otherwise — for valid headers of any size, and without a panic
    /// (or a long loop) for any header value at all.
    #[test]
    fn extents_and_addresses_match_the_exact_layout(t in big_header(), c in any::<[u32; 6]>(), small in any::<[u8; 6]>()) {
        let probes = [
            TexelCoord { x: c[0], y: c[1], z: c[2], layer: c[3], level: c[4], sample: c[5] },
            TexelCoord { x: small[0].into(), y: small[1].into(), z: small[2].into(), layer: small[3].into(), level: u32::from(small[4] % 34), sample: u32::from(small[5] % 17) },
            TexelCoord { x: t.width.wrapping_sub(1), y: t.height.wrapping_sub(1), z: 0, layer: t.layers().wrapping_sub(1), level: t.base_level, sample: 0 },
        ];
        let lay = TextureLayout::new(&t);
        if t.validate().is_ok() {
            prop_assert_eq!(texture_bytes(&t), sat(exact_bytes(&t)));
            prop_assert_eq!(layer_stride(&t), sat(exact_stride(&t)));
            for c in probes {
                let want = expected_address(&t, &c);
                prop_assert_eq!(texel_address(&t, &c), want);
                prop_assert_eq!(lay.address(&c), want);
            }
        } else {
            let _ = texture_bytes(&t);
            for c in probes {
                let _ = (texel_address(&t, &c), lay.address(&c));
            }
        }
    }

    /// Hand-built headers with any field values: the extent arithmetic is total and takes a
    /// bounded number of steps (levels past 31 are 1 × 1 × 1), whatever the level number.
    #[test]
    fn any_field_values_are_total(w in any::<[u32; 8]>(), ty in 0usize..9, f in 0usize..Format::ALL.len(), level in any::<u32>()) {
        let mut t = TextureHeader::new(T::ALL[ty], Format::ALL[f], w[0], w[1], w[2], w[3]);
        t.base_level = w[4];
        t.row_pitch = w[5];
        t.base_address = w[6];
        let _ = (texture_bytes(&t), layer_stride(&t), level_offset(&t, level), level_bytes(&t, level));
        let c = TexelCoord { level, x: w[7], ..Default::default() };
        let lay = TextureLayout::new(&t);
        prop_assert_eq!(lay.address(&c), texel_address(&t, &c));
    }
}
