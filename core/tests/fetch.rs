#![allow(clippy::needless_range_loop, clippy::identity_op, clippy::erasing_op)]
//! Texel memory layout and the integer-coordinate ops: TXF, SAMPLE_I, SAMPLE_I_MS, LOAD,
//! STORE and the ten atomics, on every texture type and both layouts, with every
//! out-of-range path.

use proptest::prelude::*;
use texcore::descriptor::{Format, Layout, MsMode, Swizzle, SwizzleSource, TextureHeader, TextureType};
use texcore::handle::Invalid;
use texcore::memory::{layer_stride, level_offset, texel_address, texture_bytes, TexelCoord};
use texcore::op::fetch::{sample_i, sample_i_ms, txf, FetchError};
use texcore::op::resource::{atomic, load, store, AtomicOp, ResourceError};
use texcore::texel::EncodeError;

use TextureType as T;

/// A texture whose every texel is unique: RGBA8_UINT = (x, y, z or layer, level·16 + sample).
fn unique(ty: T, w: u32, h: u32, d: u32, levels: u32, layout: Layout, samples: u32) -> (TextureHeader, Vec<u8>) {
    let mut t = TextureHeader::new(ty, Format::RGBA8_UINT, w, h, d, levels);
    t.layout = layout;
    t.ms_mode = MsMode::from_samples(samples).unwrap();
    t.base_address = 64; // not at 0, to catch a missing base
    t.validate().unwrap();
    let mut mem = vec![0xEEu8; 64 + texture_bytes(&t) as usize + 16];
    for level in 0..levels {
        for layer in 0..t.layers() {
            for z in 0..if ty == T::ThreeD { t.level_depth(level) } else { 1 } {
                for y in 0..t.level_height(level) {
                    for x in 0..t.level_width(level) {
                        for s in 0..samples {
                            let c = TexelCoord { x, y, z, layer, level, sample: s };
                            let a = texel_address(&t, &c).unwrap() as usize;
                            let zz = if ty == T::ThreeD { z } else { layer };
                            mem[a..a + 4].copy_from_slice(&[x as u8, y as u8, zz as u8, (level * 16 + s) as u8]);
                        }
                    }
                }
            }
        }
    }
    (t, mem)
}

#[test]
fn addresses_follow_the_documented_layout() {
    // 2D RGBA8 8×4, 3 levels, pitch-linear: level sizes 8·4·4 = 128, 4·2·4 = 32, 2·1·4 = 8.
    let mut t = TextureHeader::new(T::TwoDArray, Format::RGBA8_UNORM, 8, 4, 2, 3);
    t.base_address = 0x1000;
    t.validate().unwrap();
    assert_eq!(level_offset(&t, 1), 128);
    assert_eq!(level_offset(&t, 2), 160);
    assert_eq!(layer_stride(&t), 168);
    assert_eq!(texture_bytes(&t), 336);
    let at =
        |t: &TextureHeader, x, y, layer, level| texel_address(t, &TexelCoord { x, y, z: 0, layer, level, sample: 0 });
    let a = |x, y, layer, level| at(&t, x, y, layer, level);
    assert_eq!(a(0, 0, 0, 0), Some(0x1000));
    assert_eq!(a(3, 2, 0, 0), Some(0x1000 + 2 * 32 + 3 * 4));
    assert_eq!(a(1, 1, 1, 1), Some(0x1000 + 168 + 128 + 16 + 4));
    assert_eq!(a(1, 0, 1, 2), Some(0x1000 + 168 + 160 + 4));
    assert_eq!(a(8, 0, 0, 0), None);
    assert_eq!(a(0, 0, 2, 0), None);
    assert_eq!(a(0, 0, 0, 3), None);
    // Row pitch applies to level 0 only.
    t.row_pitch = 40;
    assert_eq!(at(&t, 0, 1, 0, 0), Some(0x1000 + 40));
    assert_eq!(level_offset(&t, 1), 160);
    assert_eq!(at(&t, 0, 1, 0, 1), Some(0x1000 + 160 + 16));
    // 4×4 tiles: 10×6 level 0 → 3×2 tiles of 64 bytes.
    let mut g = TextureHeader::new(T::TwoD, Format::RGBA8_UNORM, 10, 6, 1, 1);
    g.layout = Layout::Tiled4x4;
    g.validate().unwrap();
    assert_eq!(texture_bytes(&g), 6 * 64);
    let b = |x, y| texel_address(&g, &TexelCoord { x, y, ..Default::default() }).unwrap();
    assert_eq!(b(0, 0), 0);
    assert_eq!(b(1, 0), 4);
    assert_eq!(b(0, 1), 16);
    assert_eq!(b(4, 0), 64, "second tile");
    assert_eq!(b(9, 5), (3 + 2) * 64 + (4 + 1) * 4, "tile (2,1), texel (1,1)");
    // 3D: slices of a level are contiguous; MS: samples of a pixel are contiguous.
    let v = TextureHeader::new(T::ThreeD, Format::R8_UNORM, 4, 4, 4, 1);
    assert_eq!(texel_address(&v, &TexelCoord { x: 1, y: 2, z: 3, ..Default::default() }), Some(3 * 16 + 2 * 4 + 1));
    let mut m = TextureHeader::new(T::TwoD, Format::R16_UNORM, 4, 4, 1, 1);
    m.ms_mode = MsMode::Mode2x2;
    assert_eq!(
        texel_address(&m, &TexelCoord { x: 1, y: 1, sample: 3, ..Default::default() }),
        Some((4 + 1) * 8 + 3 * 2)
    );
    assert_eq!(texel_address(&m, &TexelCoord { sample: 4, ..Default::default() }), None);
    // A buffer, and the 32-bit address limit.
    let mut buf = TextureHeader::new(T::OneDBuffer, Format::RGBA32_FLOAT, 5000, 1, 1, 1);
    buf.base_address = 0xFFFF_0000;
    assert_eq!(texel_address(&buf, &TexelCoord { x: 3, ..Default::default() }), Some(0xFFFF_0030));
    assert_eq!(texel_address(&buf, &TexelCoord { x: 4095, ..Default::default() }), Some(0xFFFF_FFF0));
    assert_eq!(texel_address(&buf, &TexelCoord { x: 4096, ..Default::default() }), None, "past 2^32");
}

fn expect(x: u32, y: u32, z: u32, level: u32, s: u32) -> [u32; 4] {
    [x, y, z, level * 16 + s]
}

#[test]
fn sample_i_reads_every_texel_of_every_type_and_layout() {
    let shapes: [(T, u32, u32, u32, u32); 7] = [
        (T::OneD, 9, 1, 1, 4),
        (T::OneDArray, 9, 1, 3, 4),
        (T::TwoD, 9, 6, 1, 4),
        (T::TwoDArray, 9, 6, 3, 4),
        (T::ThreeD, 7, 6, 5, 3),
        (T::TwoDNoMipmap, 7, 5, 3, 1),
        (T::OneDBuffer, 33, 1, 1, 1),
    ];
    for (ty, w, h, d, levels) in shapes {
        for layout in [Layout::PitchLinear, Layout::Tiled4x4] {
            if ty == T::OneDBuffer && layout == Layout::Tiled4x4 {
                continue;
            }
            let (t, mem) = unique(ty, w, h, d, levels, layout, 1);
            for level in 0..levels {
                let (lw, lh, ld) = (t.level_width(level), t.level_height(level), t.level_depth(level));
                let zs = match ty {
                    T::ThreeD => ld,
                    T::OneDArray | T::TwoDArray | T::TwoDNoMipmap => d,
                    _ => 1,
                };
                for z in 0..zs {
                    for y in 0..lh {
                        for x in 0..lw {
                            let addr = match ty {
                                T::OneDArray => [x, z, 99, level],
                                T::OneD | T::OneDBuffer => [x, 77, 99, level],
                                T::TwoD => [x, y, 99, level],
                                _ => [x, y, z, level],
                            };
                            let want = expect(x, y, z, level, 0);
                            assert_eq!(sample_i(Ok(&t), &mem[..], addr), Ok(want), "{ty:?} {layout:?} {addr:?}");
                            let c = addr.map(|v| v as i32);
                            assert_eq!(txf(Ok(&t), &mem[..], c, [0; 3]), Ok(want));
                        }
                    }
                }
                // Out of range on each axis: zeros in every component.
                let oob: Vec<[u32; 4]> = match ty {
                    T::OneDBuffer => vec![[lw, 0, 0, 0]],
                    T::OneD => vec![[lw, 0, 0, level], [0, 0, 0, levels], [0, 0, 0, u32::MAX]],
                    T::OneDArray => vec![[lw, 0, 0, level], [0, d, 0, level], [0, 0, 0, levels]],
                    T::TwoD => vec![[lw, 0, 0, level], [0, lh, 0, level], [0, 0, 0, levels]],
                    T::ThreeD => vec![[lw, 0, 0, level], [0, lh, 0, level], [0, 0, ld, level], [0, 0, 0, levels]],
                    _ => vec![[lw, 0, 0, level], [0, lh, 0, level], [0, 0, d, level], [0, 0, 0, levels]],
                };
                for a in oob {
                    assert_eq!(sample_i(Ok(&t), &mem[..], a), Ok([0; 4]), "{ty:?} {a:?}");
                    assert_eq!(txf(Ok(&t), &mem[..], a.map(|v| v as i32), [0; 3]), Ok([0; 4]), "{ty:?} {a:?}");
                }
            }
        }
    }
}

#[test]
fn linear_and_tiled_layouts_hold_the_same_texels_at_different_addresses() {
    let (lin, mem_l) = unique(T::TwoDArray, 13, 7, 2, 3, Layout::PitchLinear, 1);
    let (til, mem_t) = unique(T::TwoDArray, 13, 7, 2, 3, Layout::Tiled4x4, 1);
    assert_ne!(mem_l, mem_t, "the layouts really differ in memory");
    let mut moved = 0;
    for level in 0..3 {
        for y in 0..lin.level_height(level) {
            for x in 0..lin.level_width(level) {
                let a = [x, y, 1, level];
                assert_eq!(sample_i(Ok(&lin), &mem_l[..], a), sample_i(Ok(&til), &mem_t[..], a));
                let c = TexelCoord { x, y, layer: 1, level, ..Default::default() };
                moved += usize::from(texel_address(&lin, &c) != texel_address(&til, &c));
            }
        }
    }
    assert!(moved > 50);
}

#[test]
fn txf_offsets_negative_coordinates_and_errors() {
    let (t, mem) = unique(T::TwoD, 8, 8, 1, 2, Layout::PitchLinear, 1);
    assert_eq!(txf(Ok(&t), &mem[..], [3, 4, 0, 0], [2, -3, 0]), Ok(expect(5, 1, 0, 0, 0)));
    assert_eq!(txf(Ok(&t), &mem[..], [3, 4, 0, 0], [-8, 0, 0]), Ok([0; 4]), "x + offset < 0");
    assert_eq!(txf(Ok(&t), &mem[..], [0, 7, 0, 0], [7, 0, 0]), Ok(expect(7, 7, 0, 0, 0)));
    assert_eq!(txf(Ok(&t), &mem[..], [1, 7, 0, 0], [7, 0, 0]), Ok([0; 4]), "x + offset = width");
    assert_eq!(txf(Ok(&t), &mem[..], [-1, 0, 0, 0], [0; 3]), Ok([0; 4]));
    assert_eq!(txf(Ok(&t), &mem[..], [0, 0, 0, -1], [0; 3]), Ok([0; 4]), "negative level");
    assert_eq!(txf(Ok(&t), &mem[..], [3, 3, 0, 1], [0, 0, 5]), Ok(expect(3, 3, 0, 1, 0)), "z offset ignored for 2D");
    assert_eq!(txf(Ok(&t), &mem[..], [0; 4], [8, 0, 0]), Err(FetchError::OffsetRange(0)));
    assert_eq!(txf(Ok(&t), &mem[..], [0; 4], [0, 0, -9]), Err(FetchError::OffsetRange(2)));
    // The array layer takes no offset; 3D z does.
    let (a, mem_a) = unique(T::OneDArray, 8, 1, 4, 1, Layout::PitchLinear, 1);
    assert_eq!(txf(Ok(&a), &mem_a[..], [2, 3, 0, 0], [1, 5, 0]), Ok(expect(3, 0, 3, 0, 0)));
    let (v, mem_v) = unique(T::ThreeD, 4, 4, 4, 1, Layout::PitchLinear, 1);
    assert_eq!(txf(Ok(&v), &mem_v[..], [1, 1, 1, 0], [1, 2, -1]), Ok(expect(2, 3, 0, 0, 0)));
    // Cubes are not a fetch source.
    let c = TextureHeader::new(T::Cube, Format::RGBA8_UINT, 4, 4, 1, 1);
    assert_eq!(txf(Ok(&c), &mem[..], [0; 4], [0; 3]), Err(FetchError::Cube));
    assert_eq!(sample_i(Ok(&c), &mem[..], [0, 0, 0, 9]), Err(FetchError::Cube));
    // Invalid view: zeros.
    assert_eq!(sample_i(Err(Invalid::Unbound(1)), &mem[..], [0; 4]), Ok([0; 4]));
    assert_eq!(txf(Err(Invalid::Unbound(1)), &mem[..], [0; 4], [0; 3]), Ok([0; 4]));
}

#[test]
fn base_level_views_and_short_memory() {
    let (mut t, mem) = unique(T::TwoD, 16, 16, 1, 5, Layout::PitchLinear, 1);
    t.base_level = 2;
    t.levels = 3;
    assert_eq!(sample_i(Ok(&t), &mem[..], [1, 1, 0, 0]), Ok(expect(1, 1, 0, 2, 0)), "view level 0 = level 2");
    assert_eq!(sample_i(Ok(&t), &mem[..], [0, 0, 0, 2]), Ok(expect(0, 0, 0, 4, 0)));
    assert_eq!(sample_i(Ok(&t), &mem[..], [0, 0, 0, 3]), Ok([0; 4]));
    assert_eq!(load(Ok(&t), &mem[..], [3, 3, 0, 7]), expect(3, 3, 0, 2, 0), "LOAD: first view level, w ignored");
    // Texels beyond the end of the texel memory read as out of range.
    let (t2, mem2) = unique(T::TwoD, 8, 8, 1, 1, Layout::PitchLinear, 1);
    let cut = 64 + 8 * 4 * 4; // rows 0..4 present
    assert_eq!(sample_i(Ok(&t2), &mem2[..cut], [7, 3, 0, 0]), Ok(expect(7, 3, 0, 0, 0)));
    assert_eq!(sample_i(Ok(&t2), &mem2[..cut], [0, 4, 0, 0]), Ok([0; 4]));
    assert_eq!(load(Ok(&t2), &mem2[..cut], [0, 4, 0, 0]), [0; 4]);
}

#[test]
fn multisample_fetch() {
    for samples in [2, 4, 8, 16] {
        let (t, mem) = unique(T::TwoDArray, 5, 3, 2, 1, Layout::PitchLinear, samples);
        for s in 0..samples {
            assert_eq!(sample_i_ms(Ok(&t), &mem[..], [4, 2, 1, 0], s), Ok(expect(4, 2, 1, 0, s)));
        }
        assert_eq!(sample_i_ms(Ok(&t), &mem[..], [4, 2, 1, 0], samples), Ok([0; 4]), "sample out of range");
        assert_eq!(sample_i(Ok(&t), &mem[..], [4, 2, 1, 0]), Ok(expect(4, 2, 1, 0, 0)), "SAMPLE_I reads sample 0");
    }
    let (t, mem) = unique(T::TwoD, 4, 4, 1, 1, Layout::Tiled4x4, 1);
    assert_eq!(sample_i_ms(Ok(&t), &mem[..], [1, 1, 0, 0], 1), Ok([0; 4]), "single-sampled: only sample 0");
}

#[test]
fn swizzle_applies_to_views_not_to_load() {
    let (mut t, mem) = unique(T::TwoD, 4, 4, 1, 1, Layout::PitchLinear, 1);
    t.swizzle = Swizzle([SwizzleSource::A, SwizzleSource::Zero, SwizzleSource::One, SwizzleSource::R]);
    assert_eq!(sample_i(Ok(&t), &mem[..], [2, 3, 0, 0]), Ok([0, 0, 1, 2]), "integer ONE is 1");
    assert_eq!(load(Ok(&t), &mem[..], [2, 3, 0, 0]), [2, 3, 0, 0]);
    // Out of range: zeros everywhere, the ONE included.
    assert_eq!(sample_i(Ok(&t), &mem[..], [4, 0, 0, 0]), Ok([0; 4]));
    // Normalized formats: ONE is 1.0.
    let mut u = TextureHeader::new(T::TwoD, Format::R8_UNORM, 1, 1, 1, 1);
    u.swizzle = Swizzle([SwizzleSource::One, SwizzleSource::R, SwizzleSource::Zero, SwizzleSource::A]);
    assert_eq!(sample_i(Ok(&u), &[255u8][..], [0; 4]), Ok([0x3F80_0000, 0x3F80_0000, 0, 0x3F80_0000]));
}

#[test]
fn store_then_load_every_writable_format_and_type() {
    for f in Format::ALL {
        for (ty, w, h, d) in [
            (T::OneD, 5, 1, 1),
            (T::TwoD, 5, 3, 1),
            (T::ThreeD, 3, 3, 3),
            (T::TwoDArray, 3, 2, 4),
            (T::Cube, 2, 2, 1),
            (T::CubeArray, 2, 2, 2),
            (T::OneDBuffer, 9, 1, 1),
        ] {
            let t = TextureHeader::new(ty, *f, w, h, d, 1);
            t.validate().unwrap();
            let mut mem = vec![0u8; texture_bytes(&t) as usize];
            let src = [0x3F00_0000, 0x3E80_0000, 7, 0x3F80_0000]; // 0.5, 0.25, tiny/int 7, 1.0
            let addr = match ty {
                T::Cube | T::CubeArray => [1, 1, t.layers() - 1, 0],
                T::TwoDArray | T::ThreeD => [2, 1, d - 1, 0],
                _ => [w - 1, h - 1, 0, 0],
            };
            match store(Ok(&t), &mut mem[..], addr, src) {
                Err(ResourceError::Encode(EncodeError::DepthStencil)) => {
                    assert!(f.is_depth_stencil());
                    assert!(mem.iter().all(|b| *b == 0), "rejected STORE wrote nothing");
                    continue;
                }
                r => assert_eq!(r, Ok(true), "{f:?} {ty:?}"),
            }
            let back = load(Ok(&t), &mem[..], addr);
            assert_ne!(back, [0; 4], "{f:?} {ty:?}");
            // Every other texel is still zero-coded.
            let nonzero = mem.iter().filter(|b| **b != 0).count();
            assert!(nonzero <= f.bytes_per_texel() as usize);
            // STORE out of range writes nothing.
            let before = mem.clone();
            let oob = [w, 0, 0, 0];
            assert_eq!(store(Ok(&t), &mut mem[..], oob, src), Ok(false));
            assert_eq!(mem, before);
            assert_eq!(load(Ok(&t), &mem[..], oob), [0; 4]);
        }
    }
    // Exact values through STORE → LOAD.
    let t = TextureHeader::new(T::TwoD, Format::RGBA8_UNORM, 2, 2, 1, 1);
    let mut mem = [0u8; 16];
    assert_eq!(store(Ok(&t), &mut mem, [1, 1, 0, 0], [0x3F00_0000, 0x3F80_0000, 0xBF80_0000, 0x7FC0_0000]), Ok(true));
    assert_eq!(&mem[12..16], &[128, 255, 0, 0]);
    assert_eq!(store(Err(Invalid::Unbound(0)), &mut mem, [0; 4], [0; 4]), Ok(false));
    let mut s = TextureHeader::new(T::TwoD, Format::RGBA8_UNORM, 2, 2, 1, 1);
    s.srgb = true;
    assert_eq!(store(Ok(&s), &mut mem, [0; 4], [0; 4]), Err(ResourceError::Encode(EncodeError::Srgb)));
}

#[test]
fn atomics_return_old_and_apply_each_op() {
    let cases: [(AtomicOp, u32, u32, u32, u32); 14] = [
        (AtomicOp::UAdd, 5, 7, 0, 12),
        (AtomicOp::UAdd, u32::MAX, 2, 0, 1),
        (AtomicOp::Xchg, 5, 7, 0, 7),
        (AtomicOp::Cas, 5, 7, 5, 7),
        (AtomicOp::Cas, 5, 7, 4, 5),
        (AtomicOp::And, 0b1100, 0b1010, 0, 0b1000),
        (AtomicOp::Or, 0b1100, 0b1010, 0, 0b1110),
        (AtomicOp::Xor, 0b1100, 0b1010, 0, 0b0110),
        (AtomicOp::UMin, 0xFFFF_FFFF, 3, 0, 3),
        (AtomicOp::UMax, 0xFFFF_FFFF, 3, 0, 0xFFFF_FFFF),
        (AtomicOp::IMin, 0xFFFF_FFFF, 3, 0, 0xFFFF_FFFF),
        (AtomicOp::IMax, 0xFFFF_FFFF, 3, 0, 3),
        (AtomicOp::IMin, 0x8000_0000, 0x7FFF_FFFF, 0, 0x8000_0000),
        (AtomicOp::UMin, 0x8000_0000, 0x7FFF_FFFF, 0, 0x7FFF_FFFF),
    ];
    for f in [Format::R32_UINT, Format::R32_SINT] {
        let t = TextureHeader::new(T::TwoD, f, 4, 4, 1, 1);
        for (op, old, src, cmp, new) in cases {
            let mut mem = [0u8; 64];
            mem[20..24].copy_from_slice(&old.to_le_bytes()); // texel (1, 1)
            let got = atomic(op, Ok(&t), &mut mem, [1, 1, 0, 0], [src, 9, 9, 9], [cmp, 9, 9, 9]);
            assert_eq!(got, Ok([old, 0, 0, 1]), "{op:?}");
            assert_eq!(u32::from_le_bytes(mem[20..24].try_into().unwrap()), new, "{op:?}");
            assert!(mem[..20].iter().chain(&mem[24..]).all(|b| *b == 0), "only the texel changes");
        }
    }
    // Per component on RGBA32.
    let t = TextureHeader::new(T::OneD, Format::RGBA32_SINT, 2, 1, 1, 1);
    let mut mem = [0u8; 32];
    for (i, v) in [1u32, 2, 3, 4].iter().enumerate() {
        mem[16 + 4 * i..20 + 4 * i].copy_from_slice(&v.to_le_bytes());
    }
    assert_eq!(atomic(AtomicOp::UAdd, Ok(&t), &mut mem, [1, 0, 0, 0], [10, 20, 30, 40], [0; 4]), Ok([1, 2, 3, 4]));
    assert_eq!(load(Ok(&t), &mem, [1, 0, 0, 0]), [11, 22, 33, 44]);
    assert_eq!(
        atomic(AtomicOp::Cas, Ok(&t), &mut mem, [1, 0, 0, 0], [0, 0, 0, 0], [11, 0, 33, 0]),
        Ok([11, 22, 33, 44])
    );
    assert_eq!(load(Ok(&t), &mem, [1, 0, 0, 0]), [0, 22, 0, 44]);
    // Out of range: zeros, nothing written. Wrong formats: typed error.
    let before = mem;
    assert_eq!(atomic(AtomicOp::Xchg, Ok(&t), &mut mem, [2, 0, 0, 0], [5; 4], [0; 4]), Ok([0; 4]));
    assert_eq!(mem, before);
    for f in Format::ALL {
        let t = TextureHeader::new(T::OneD, *f, 2, 1, 1, 1);
        let ok = matches!(
            f,
            Format::R32_UINT
                | Format::RG32_UINT
                | Format::RGBA32_UINT
                | Format::R32_SINT
                | Format::RG32_SINT
                | Format::RGBA32_SINT
        );
        let r = atomic(AtomicOp::UAdd, Ok(&t), &mut [0u8; 64][..], [0; 4], [1; 4], [0; 4]);
        assert_eq!(r.is_ok(), ok, "{f:?}");
        if !ok {
            assert_eq!(r, Err(ResourceError::AtomicFormat));
        }
    }
}

fn arb_header() -> impl Strategy<Value = TextureHeader> {
    (0usize..9, 0usize..Format::ALL.len(), 1u32..40, 1u32..40, 1u32..8, 1u32..7, 0usize..5, any::<bool>(), any::<u32>())
        .prop_map(|(ty, f, w, h, d, levels, ms, tiled, addr)| {
            let ty = T::ALL[ty];
            let mut t = TextureHeader::new(ty, Format::ALL[f], w, h, d, levels);
            t.base_address = addr % 4096;
            t.layout = if tiled { Layout::Tiled4x4 } else { Layout::PitchLinear };
            t.ms_mode = [MsMode::Mode1x1, MsMode::Mode2x1, MsMode::Mode2x2, MsMode::Mode4x2, MsMode::Mode4x4][ms];
            t // may well be invalid: the ops must not care
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    /// Arbitrary (even invalid) headers, coordinates, levels, layers, samples, offsets and
    /// memory sizes never panic any fetch or resource op.
    #[test]
    fn integer_ops_never_panic(
        t in arb_header(), a in any::<[u32; 4]>(), small in any::<[u8; 4]>(), off in any::<[i32; 3]>(),
        sample in any::<u32>(), src in any::<[u32; 4]>(), mem_len in 0usize..20_000, op in 0usize..10,
    ) {
        let mut mem = vec![0x5Au8; mem_len];
        let near = small.map(u32::from);
        for addr in [a, near] {
            let _ = sample_i(Ok(&t), &mem[..], addr);
            let _ = sample_i_ms(Ok(&t), &mem[..], addr, sample % 20);
            let _ = txf(Ok(&t), &mem[..], addr.map(|v| v as i32), off.map(|o| o % 10));
            let _ = load(Ok(&t), &mem[..], addr);
            let _ = store(Ok(&t), &mut mem[..], addr, src);
            let _ = atomic(AtomicOp::ALL[op], Ok(&t), &mut mem[..], addr, src, src);
        }
    }

    /// The 32-bit plane addressing of the fast path equals the general layout wherever it
    /// applies (and applies to every small valid 2D texture).
    #[test]
    fn plane_matches_layout(t in arb_header(), c in any::<[u8; 3]>(), pitch in any::<bool>(), addr in any::<u32>()) {
        let mut t = t;
        t.base_address = if c[2] & 1 == 1 { addr } else { t.base_address + u32::from(c[0] & 3) * u32::from(c[1] & 1) };
        if pitch && t.layout == Layout::PitchLinear {
            t.row_pitch = t.width * t.format.bytes_per_texel() + 12;
        }
        let lay = texcore::memory::TextureLayout::new(&t);
        for level in 0..t.base_level + t.levels + 1 {
            let Some(g) = lay.geom(level) else { continue };
            if level == 0 {
                // The level-0 shortcut gives the same plane, and applies wherever it claims to.
                let shortcut = texcore::memory::Plane::level0(&t);
                let eligible = t.base_level == 0 && t.layers() == 1 && t.samples() == 1 && t.ty != T::ThreeD && t.ty != T::OneDBuffer && t.layout == Layout::PitchLinear;
                if eligible {
                    prop_assert_eq!(shortcut, lay.plane(&g));
                } else {
                    prop_assert_eq!(shortcut, None);
                }
            }
            let Some(p) = lay.plane(&g) else {
                prop_assert!(t.samples() != 1 || t.ty == T::ThreeD || t.base_address > 0xFF00_0000 || t.validate().is_err());
                continue;
            };
            for layer in [0, u32::from(c[2] % 9)] {
                for (x, y) in [(u32::from(c[0]), u32::from(c[1])), (u32::from(c[0] % 4), u32::from(c[1] % 4)), (g.size[0] - 1, g.size[1] - 1)] {
                    prop_assert_eq!(p.address(x, y, layer), lay.address_in(&g, x, y, 0, layer, 0));
                    // The word-addressed form: the byte address / 4 wherever it applies, and it
                    // applies to every 4-byte format on an aligned base and pitch.
                    match p.in_words() {
                        Some(wp) => prop_assert_eq!(wp.address(x, y, layer), p.address(x, y, layer).map(|a| a / 4)),
                        None => prop_assert!(
                            t.format.bytes_per_texel() * t.samples() != 4 || t.base_address % 4 != 0 || (t.layout == Layout::PitchLinear && t.row_pitch % 4 != 0) || t.layers() > 1
                        ),
                    }
                }
            }
        }
    }

    /// The precomputed layout addresses exactly like the reference function.
    #[test]
    fn layout_matches_texel_address(t in arb_header(), c in any::<[u8; 6]>(), pitch in any::<bool>()) {
        let mut t = t;
        if pitch && t.layout == Layout::PitchLinear {
            t.row_pitch = t.width * t.format.bytes_per_texel() + 12;
        }
        if t.validate().is_ok() {
            let lay = texcore::memory::TextureLayout::new(&t);
            for level in 0..t.base_level + t.levels + 1 {
                let coord = TexelCoord { x: c[0].into(), y: c[1].into(), z: u32::from(c[2] % 8), layer: u32::from(c[3] % 8), level, sample: u32::from(c[5] % 17) };
                prop_assert_eq!(lay.address(&coord), texel_address(&t, &coord));
                let small = TexelCoord { x: u32::from(c[0] % 4), y: u32::from(c[1] % 4), ..coord };
                prop_assert_eq!(lay.address(&small), texel_address(&t, &small));
            }
        }
    }

    /// For valid headers, a texel in range is always inside texture_bytes.
    #[test]
    fn addresses_stay_inside_the_texture(t in arb_header(), c in any::<[u8; 6]>()) {
        if t.validate().is_ok() {
            let coord = TexelCoord { x: c[0].into(), y: c[1].into(), z: c[2].into(), layer: c[3].into(), level: u32::from(c[4] % 8), sample: u32::from(c[5] % 17) };
            if let Some(a) = texel_address(&t, &coord) {
                let end = u64::from(a) + u64::from(t.format.bytes_per_texel());
                prop_assert!(u64::from(a) >= u64::from(t.base_address));
                prop_assert!(end <= u64::from(t.base_address) + texture_bytes(&t));
            }
        }
    }
}
