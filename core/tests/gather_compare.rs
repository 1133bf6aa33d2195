#![allow(clippy::needless_range_loop, clippy::identity_op, clippy::erasing_op)]
//! Gather (GATHER4, TLD4S), depth compare (SAMPLE_C, SAMPLE_C_LZ, shadow TEX forms) and
//! TMML.LOD: exact expectations on textures whose texels are all distinct.

use texcore::descriptor::{
    CompareFunc, Filter, Format, MipFilter, SamplerHeader, TextureHeader, TextureType, WrapMode,
};
use texcore::fp::{f16_to_f32_bits, f32_to_f16_mode, ratio_to_f16_bits, F16Rounding};
use texcore::handle::{Bindings, Handle, HandleSource, Pool, SamplerBinding, TsPtrIdx};
use texcore::memory::{texel_address, texture_bytes, TexelCoord};
use texcore::op::gather::{
    aoffi_decode, aoffi_encode, gather4, gather_texel, tld4s, GatherError, Tld4sMods, Tld4sOperands,
};
use texcore::op::sample::{sample_c, sample_c_lz, shadow_ref_slot, tex_family, SampleError, TexOp, TexOperands};
use texcore::op::tmml::{tmml, tmml_header, CoordDesc};
use texcore::output::decimate;
use texcore::wrap::{wrap, Wrapped};

use TextureType as T;

fn f(v: f32) -> u32 {
    v.to_bits()
}

/// RGBA8_UINT texture with texel (x, y, layer, level·16).
fn unique(ty: T, w: u32, h: u32, d: u32, levels: u32) -> (TextureHeader, Vec<u8>) {
    let t = TextureHeader::new(ty, Format::RGBA8_UINT, w, h, d, levels);
    t.validate().unwrap();
    let mut mem = vec![0u8; texture_bytes(&t) as usize];
    for level in 0..levels {
        for layer in 0..t.layers() {
            for y in 0..t.level_height(level) {
                for x in 0..t.level_width(level) {
                    let a = texel_address(&t, &TexelCoord { x, y, z: 0, layer, level, sample: 0 }).unwrap() as usize;
                    mem[a..a + 4].copy_from_slice(&[x as u8, y as u8, layer as u8, (level * 16) as u8]);
                }
            }
        }
    }
    (t, mem)
}

fn sampler(wrap: WrapMode) -> SamplerHeader {
    SamplerHeader { wrap: [wrap; 3], ..Default::default() }
}

/// A normalized coordinate on the texel corner between texels `i − 1` and `i` (u = i).
fn corner(i: u32, size: u32) -> u32 {
    f(i as f32 / size as f32)
}

fn quad(c: [u32; 4]) -> [[u32; 4]; 4] {
    [c; 4]
}

#[test]
fn gather4_order_components_offsets_and_wrap() {
    let (t, mem) = unique(T::TwoD, 8, 6, 1, 1);
    let s = sampler(WrapMode::Repeat);
    // u = 3 → i0 = 2, i1 = 3; v = 4 → j0 = 3, j1 = 4.
    let c = [corner(3, 8), corner(4, 6), 0, 0];
    let r = gather4(Ok(&t), Ok(&s), &mem[..], &quad(c), 0, [0, 0], None).unwrap();
    assert_eq!(r[0], [2, 3, 3, 2], "x component of (i0,j1), (i1,j1), (i1,j0), (i0,j0)");
    let r = gather4(Ok(&t), Ok(&s), &mem[..], &quad(c), 1, [0, 0], None).unwrap();
    assert_eq!(r[0], [4, 4, 3, 3], "y component");
    // Component w of RGBA8_UINT is level·16 = 0; of R8 it is the table's 1.
    // Offsets move i0/j0; each tap wraps on its own at the edge.
    let r = gather4(Ok(&t), Ok(&s), &mem[..], &quad(c), 0, [5, 0], None).unwrap();
    assert_eq!(r[0], [7, 0, 0, 7], "i0 = 7, i1 wraps to 0 (REPEAT)");
    let r = gather4(Ok(&t), Ok(&s), &mem[..], &quad(c), 1, [0, -4], None).unwrap();
    assert_eq!(r[0], [0, 0, 5, 5], "j0 = −1 wraps to 5, j1 = 0");
    let sc = sampler(WrapMode::ClampToEdge);
    let r = gather4(Ok(&t), Ok(&sc), &mem[..], &quad(c), 0, [5, 0], None).unwrap();
    assert_eq!(r[0], [7, 7, 7, 7], "clamp to edge");
    let mut sb = sampler(WrapMode::ClampToBorder);
    sb.border_color = [200, 201, 202, 203];
    let r = gather4(Ok(&t), Ok(&sb), &mem[..], &quad(c), 0, [5, 0], None).unwrap();
    assert_eq!(r[0], [7, 200, 200, 7], "border taps read the border colour (clamped to the format)");
    let r = gather4(Ok(&t), Ok(&sb), &mem[..], &quad(c), 3, [5, 0], None).unwrap();
    assert_eq!(r[0], [0, 203, 203, 0]);
    // Errors.
    assert_eq!(gather4(Ok(&t), Ok(&s), &mem[..], &quad(c), 4, [0, 0], None), Err(GatherError::Component));
    assert_eq!(gather4(Ok(&t), Ok(&s), &mem[..], &quad(c), 0, [32, 0], None), Err(GatherError::OffsetRange(0)));
    let (v, vm) = unique(T::ThreeD, 4, 4, 4, 1);
    assert_eq!(gather4(Ok(&v), Ok(&s), &vm[..], &quad(c), 0, [0, 0], None), Err(GatherError::TextureType));
}

#[test]
fn gather4_uses_the_base_level_only_and_array_layers() {
    let (mut t, mem) = unique(T::TwoDArray, 16, 16, 3, 4);
    let mut s = sampler(WrapMode::Repeat);
    s.min_lod = fixed::types::U8F8::from_num(3);
    s.lod_bias = fixed::types::I8F8::from_num(5);
    s.mip_filter = MipFilter::Linear;
    let c = [corner(5, 16), corner(7, 16), f(2.2), 0];
    let r = gather4(Ok(&t), Ok(&s), &mem[..], &quad(c), 3, [0, 0], None).unwrap();
    assert_eq!(r[0], [0; 4], "level 0 despite bias and min LOD");
    let r = gather4(Ok(&t), Ok(&s), &mem[..], &quad(c), 2, [0, 0], None).unwrap();
    assert_eq!(r[0], [2; 4], "layer floor(2.2 + ½) = 2");
    t.base_level = 1;
    t.levels = 3;
    let c = [corner(5, 8), corner(7, 8), f(0.0), 0];
    let r = gather4(Ok(&t), Ok(&s), &mem[..], &quad(c), 3, [0, 0], None).unwrap();
    assert_eq!(r[0], [16; 4], "the view's base level");
}

#[test]
fn gather4_swizzle_constants_and_table_constants() {
    use texcore::descriptor::{Swizzle, SwizzleSource as S};
    let mut t = TextureHeader::new(T::TwoD, Format::R8_UNORM, 2, 2, 1, 1);
    let mem = [0u8, 51, 102, 255];
    let s = sampler(WrapMode::ClampToEdge);
    let c = quad([f(0.5), f(0.5), 0, 0]);
    let r = gather4(Ok(&t), Ok(&s), &mem[..], &c, 0, [0, 0], None).unwrap();
    assert_eq!(r[0], [f(102.0 / 255.0), f(1.0), f(51.0 / 255.0), 0]);
    let r = gather4(Ok(&t), Ok(&s), &mem[..], &c, 3, [0, 0], None).unwrap();
    assert_eq!(r[0], [f(1.0); 4], "R8's w is the table's 1.0");
    t.swizzle = Swizzle([S::Zero, S::One, S::R, S::R]);
    assert_eq!(gather4(Ok(&t), Ok(&s), &mem[..], &c, 0, [0, 0], None).unwrap()[0], [0; 4]);
    assert_eq!(gather4(Ok(&t), Ok(&s), &mem[..], &c, 1, [0, 0], None).unwrap()[0], [f(1.0); 4]);
    assert_eq!(gather4(Ok(&t), Ok(&s), &mem[..], &c, 2, [0, 0], None).unwrap()[0][1], f(1.0));
}

/// A cube of RGBA8_UINT texels (face, x, y, 0), n × n.
fn unique_cube(n: u32) -> (TextureHeader, Vec<u8>) {
    let t = TextureHeader::new(T::Cube, Format::RGBA8_UINT, n, n, 1, 1);
    let mut mem = vec![0u8; texture_bytes(&t) as usize];
    for face in 0..6 {
        for y in 0..n {
            for x in 0..n {
                let a = texel_address(&t, &TexelCoord { x, y, layer: face, ..Default::default() }).unwrap() as usize;
                mem[a..a + 4].copy_from_slice(&[face as u8, x as u8, y as u8, 0]);
            }
        }
    }
    (t, mem)
}

#[test]
fn gather4_cube_edges_and_corners() {
    let (t, mem) = unique_cube(4);
    let mut s = sampler(WrapMode::Repeat);
    s.seamless_cube = true;
    // +X face (rx = 1): sc = −rz, tc = −ry. Left edge of +X (sc = −1) is +Z's right edge.
    // Aim at the texel corner u = 0 (between i = −1 and 0), v = 2 (rows 1 and 2).
    // s_face = 0 → sc = −1 → rz = +1; t_face = 0.5 → ry = 0.
    let c = quad([f(1.0), f(0.0), f(0.999_999), 0]);
    let x = gather4(Ok(&t), Ok(&s), &mem[..], &c, 0, [0, 0], None).unwrap()[0];
    let xs = gather4(Ok(&t), Ok(&s), &mem[..], &c, 1, [0, 0], None).unwrap()[0];
    let ys = gather4(Ok(&t), Ok(&s), &mem[..], &c, 2, [0, 0], None).unwrap()[0];
    // Taps with i = −1 come from +Z (face 4), its column 3, same rows.
    assert_eq!(x, [4, 0, 0, 4], "faces of (i0,j1), (i1,j1), (i1,j0), (i0,j0)");
    assert_eq!(xs, [3, 0, 0, 3]);
    assert_eq!(ys, [2, 2, 1, 1]);
    // A corner: u = 0, v = 0 on +X (the −Y … +Z corner). Tap (i0, j0) = (−1, −1) does not
    // exist: it is the floor-average of the other three (integer format).
    let c = quad([f(1.0), f(0.999_999), f(0.999_999), 0]);
    let fc = gather4(Ok(&t), Ok(&s), &mem[..], &c, 0, [0, 0], None).unwrap()[0];
    assert_eq!(fc[1], 0, "(i1, j1) = (0, 0) on +X");
    assert_eq!(fc[0], 4, "(i0, j1) = (−1, 0) → +Z");
    assert_eq!(fc[2], 2, "(i1, j0) = (0, −1) → +Y");
    assert_eq!(fc[3], (fc[0] + fc[1] + fc[2]) / 3, "corner = floor average of the three");
    // Offsets on cubes are rejected.
    assert_eq!(gather4(Ok(&t), Ok(&s), &mem[..], &c, 0, [1, 0], None), Err(GatherError::OffsetOnCube));
    // A constant UNORM cube gathers its constant exactly, corners included.
    let k = TextureHeader::new(T::Cube, Format::RGBA8_UNORM, 4, 4, 1, 1);
    let kmem = vec![77u8; texture_bytes(&k) as usize];
    for dir in [[1.0, 1.0, 1.0], [-1.0, 0.999, -0.999], [0.3, -1.0, 0.999]] {
        let c = quad([f(dir[0]), f(dir[1]), f(dir[2]), 0]);
        let r = gather4(Ok(&k), Ok(&s), &kmem[..], &c, 0, [0, 0], None).unwrap();
        assert_eq!(r[0], [f(77.0 / 255.0); 4], "{dir:?}");
    }
}

#[test]
fn every_seamless_edge_tap_matches_a_direction_reprojection() {
    // Independent check of the edge remap: a tap one texel beyond an edge must be the texel
    // whose centre direction is nearest to the extrapolated direction.
    let n = 5i64;
    let dir_of = |face: u32, i: f64, j: f64| -> [f64; 3] {
        let sc = 2.0 * (i + 0.5) / n as f64 - 1.0;
        let tc = 2.0 * (j + 0.5) / n as f64 - 1.0;
        match face {
            0 => [1.0, -tc, -sc],
            1 => [-1.0, -tc, sc],
            2 => [sc, 1.0, tc],
            3 => [sc, -1.0, -tc],
            4 => [sc, -tc, 1.0],
            _ => [-sc, -tc, -1.0],
        }
    };
    let norm = |v: [f64; 3]| {
        let l = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt();
        [v[0] / l, v[1] / l, v[2] / l]
    };
    for face in 0..6u32 {
        for (i, j) in (0..n).flat_map(|k| [(-1, k), (n, k), (k, -1), (k, n)]) {
            let (f2, x, y) = texcore::filter::cube_tap(face, i, j, n as u32).unwrap();
            let want = norm(dir_of(face, i as f64, j as f64));
            // The chosen texel is the best of all 6·n² texel centres.
            let got = norm(dir_of(f2, x as f64, y as f64));
            let dot = |a: [f64; 3], b: [f64; 3]| a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
            let mut best = -2.0;
            for ff in 0..6 {
                for yy in 0..n {
                    for xx in 0..n {
                        best = f64::max(best, dot(want, norm(dir_of(ff, xx as f64, yy as f64))));
                    }
                }
            }
            assert!((dot(want, got) - best).abs() < 1e-12, "face {face} tap ({i},{j}) → {f2} ({x},{y})");
        }
    }
    assert_eq!(texcore::filter::cube_tap(0, -1, -1, 5), None, "corner");
}

// ------------------------------------------------------------------ TLD4S

struct Nv {
    headers: Vec<[u32; 8]>,
    samplers: Vec<[u32; 8]>,
    bank: Vec<u32>,
}

impl Nv {
    fn new(h: &[TextureHeader], s: SamplerHeader) -> Nv {
        let mut bank = vec![u32::MAX; 8]; // invalid handles unless set below
        for (i, _) in h.iter().enumerate() {
            bank[5 + i % 3] = Handle::new(0, i as u32).unwrap().0;
        }
        Nv { headers: h.iter().map(|h| h.to_words()).collect(), samplers: vec![s.to_words()], bank }
    }
    fn b(&self) -> Bindings<'_> {
        Bindings {
            headers: Pool::new(&self.headers),
            samplers: Pool::new(&self.samplers),
            binding: SamplerBinding::Independent,
            const_bank: &self.bank,
        }
    }
}

fn cb(i: u16) -> HandleSource {
    HandleSource::ConstBank(TsPtrIdx::new(i).unwrap())
}

#[test]
fn tld4s_seed_example_register_order() {
    // TLD4S.R R8, R10, R0, R5, 5;  // {R9, R8, R11, R10} = {Sample 3, 2, 1, 0}
    let (t, mem) = unique(T::TwoD, 8, 8, 1, 1);
    let nv = Nv::new(&[t], sampler(WrapMode::ClampToEdge));
    let mut regs = [0u32; 16];
    regs[0] = corner(3, 8); // R0 = s
    regs[5] = corner(6, 8); // R5 = t
    let mods = Tld4sMods { comp: 0, aoffi: false, dc: false, f16: None };
    let ops = Tld4sOperands::unpack(mods, [regs[0], regs[1]], [regs[5], regs[6]]);
    let r = tld4s(&nv.b(), cb(5), &mem[..], mods, ops).unwrap();
    // Rd1 = R8, Rd0 = R10: Rd0 = {S0, S1}, Rd1 = {S2, S3}.
    regs[10] = r.rd0[0];
    regs[11] = r.rd0[1];
    regs[8] = r.rd1[0];
    regs[9] = r.rd1[1];
    // i0 = 2, i1 = 3, j0 = 5, j1 = 6; .R = x.
    let (s0, s1, s2, s3) = (2, 3, 3, 2); // (i0,j1), (i1,j1), (i1,j0), (i0,j0)
    assert_eq!([regs[9], regs[8], regs[11], regs[10]], [s3, s2, s1, s0]);
    let g = Tld4sMods { comp: 1, ..mods };
    let r = tld4s(&nv.b(), cb(5), &mem[..], g, ops).unwrap();
    assert_eq!([r.rd0, r.rd1], [[6, 6], [5, 5]], ".G = y");
    assert_eq!(r.count, 2);
}

#[test]
fn tld4s_legal_modifier_table_rows() {
    let w = |aoffi, dc| Tld4sOperands::widths(Tld4sMods { comp: 0, aoffi, dc, f16: None });
    let up = |aoffi, dc| Tld4sOperands::unpack(Tld4sMods { comp: 0, aoffi, dc, f16: None }, [10, 11], [20, 21]);
    // - - : s (scalar), t (scalar)
    assert_eq!(w(false, false), (1, 1));
    assert_eq!(up(false, false), Tld4sOperands { s: 10, t: 20, toff: 0, dc: 0 });
    // - .DC : s,t (vec2), dc (scalar)
    assert_eq!(w(false, true), (2, 1));
    assert_eq!(up(false, true), Tld4sOperands { s: 10, t: 11, toff: 0, dc: 20 });
    // .AOFFI - : s,t (vec2), toff (scalar)
    assert_eq!(w(true, false), (2, 1));
    assert_eq!(up(true, false), Tld4sOperands { s: 10, t: 11, toff: 20, dc: 0 });
    // .AOFFI .DC : s,t (vec2), toff,dc (vec2)
    assert_eq!(w(true, true), (2, 2));
    assert_eq!(up(true, true), Tld4sOperands { s: 10, t: 11, toff: 20, dc: 21 });
}

#[test]
fn tld4s_aoffi_packing_and_offsets() {
    for u in -32..=31 {
        for v in -32..=31 {
            let w = (u + v) / 2;
            let p = aoffi_encode(u, v, w);
            assert_eq!(p, (((w as u32) & 0x3f) << 16) | (((v as u32) & 0x3f) << 8) | ((u as u32) & 0x3f));
            assert_eq!(aoffi_decode(p), (u, v, w), "{u} {v}");
        }
    }
    assert_eq!(aoffi_decode(0xFFC0_C0C0), (0, 0, 0), "bits outside the fields are ignored");
    let (t, mem) = unique(T::TwoD, 8, 8, 1, 1);
    let nv = Nv::new(&[t], sampler(WrapMode::Repeat));
    let mods = Tld4sMods { comp: 0, aoffi: true, dc: false, f16: None };
    let ops = Tld4sOperands::unpack(mods, [corner(3, 8), corner(6, 8)], [aoffi_encode(-30, 1, 0), 0]);
    let r = tld4s(&nv.b(), cb(5), &mem[..], mods, ops).unwrap();
    // i0 = 2 − 30 = −28 → 4 (mod 8), i1 → 5.
    assert_eq!([r.rd0, r.rd1], [[4, 5], [5, 4]]);
    // .AOFFI on a cube and .DC on a 3D texture are rejected.
    let cube = TextureHeader::new(T::Cube, Format::RGBA8_UNORM, 4, 4, 1, 1);
    let v3 = TextureHeader::new(T::ThreeD, Format::Z16_UNORM, 4, 4, 4, 1);
    let nv2 = Nv::new(&[cube, v3], sampler(WrapMode::Repeat));
    assert_eq!(tld4s(&nv2.b(), cb(5), &mem[..], mods, ops), Err(GatherError::OffsetOnCube));
    let dc = Tld4sMods { comp: 0, aoffi: false, dc: true, f16: None };
    assert_eq!(tld4s(&nv2.b(), cb(6), &mem[..], dc, ops), Err(GatherError::CompareOn3D));
    // A cube without AOFFI: the implied 2D description does not match → zeros.
    let plain = Tld4sMods { comp: 0, aoffi: false, dc: false, f16: None };
    assert_eq!(tld4s(&nv2.b(), cb(5), &mem[..], plain, ops).unwrap().rd0, [0, 0]);
    // Invalid handle → zeros.
    assert_eq!(tld4s(&nv.b(), cb(7), &mem[..], plain, ops).unwrap().rd1, [0, 0]);
}

#[test]
fn tld4s_missing_components_are_zero_and_dc_compares_each_texel() {
    let t = TextureHeader::new(T::TwoD, Format::R16_UNORM, 2, 2, 1, 1);
    let mem: Vec<u8> = [1000u16, 2000, 3000, 4000].iter().flat_map(|v| v.to_le_bytes()).collect();
    let nv = Nv::new(&[t], sampler(WrapMode::ClampToEdge));
    let st = [f(0.5), f(0.5)];
    for comp in 1..4 {
        let mods = Tld4sMods { comp, aoffi: false, dc: false, f16: None };
        let r = tld4s(&nv.b(), cb(5), &mem[..], mods, Tld4sOperands::unpack(mods, [st[0], 0], [st[1], 0])).unwrap();
        assert_eq!([r.rd0, r.rd1], [[0; 2]; 2], "R16 has no component {comp} (not even A = 1)");
    }
    // .DC: reference 2500/65535 vs texels (i0,j1)=3000, (i1,j1)=4000, (i1,j0)=2000, (i0,j0)=1000.
    let mut s = sampler(WrapMode::ClampToEdge);
    s.compare_func = CompareFunc::Less;
    let nv = Nv::new(&[t], s);
    let mods = Tld4sMods { comp: 0, aoffi: false, dc: true, f16: None };
    let ops = Tld4sOperands::unpack(mods, st, [f(2500.0 / 65535.0), 0]);
    let r = tld4s(&nv.b(), cb(5), &mem[..], mods, ops).unwrap();
    assert_eq!([r.rd0, r.rd1], [[f(1.0), f(1.0)], [0, 0]], "ref < texel");
    let m16 = Tld4sMods { f16: Some(F16Rounding::NearestEven), ..mods };
    let r = tld4s(&nv.b(), cb(5), &mem[..], m16, ops).unwrap();
    assert_eq!((r.rd0[0], r.rd1[0], r.count), (0x3C00_3C00, 0, 1), ".F16 packs {{S1, S0}}, {{S3, S2}}");
}

/// Independent exact reference: binary16 of `num / den` (0 ≤ num ≤ den) by searching the
/// binade and rounding the scaled quotient with integer arithmetic. (The `half` crate's
/// `from_f64` double-rounds through binary32, e.g. 65455/65535 → 0x3BFE instead of 0x3BFD.)
fn f16_of_ratio(num: u128, den: u128, mode: F16Rounding) -> u16 {
    if num == 0 {
        return 0;
    }
    // Find e with 2^e ≤ num/den < 2^(e+1), e in −24 … 0.
    let mut e: i32 = 0;
    while e > -25 && (num << ((-e) as u32)) < den {
        e -= 1;
    }
    let lsb = if e < -14 { -24 } else { e - 10 };
    let scale = (-lsb) as u32; // value / 2^lsb = num · 2^scale / den
    let q = (num << scale) / den;
    let r = (num << scale) % den;
    let q = match mode {
        F16Rounding::TowardZero => q,
        F16Rounding::NearestEven => {
            if 2 * r > den || (2 * r == den && q & 1 == 1) {
                q + 1
            } else {
                q
            }
        }
    };
    // q = significand at 2^lsb; encode monotonically.
    if lsb == -24 {
        return q as u16;
    }
    let (q, lsb) = if q >= 2048 { (q >> 1, lsb + 1) } else { (q, lsb) };
    (((lsb + 25) as u16) << 10) | (q as u16 & 0x3FF)
}

#[test]
fn tld4s_f16_packing_both_rounding_modes_exhaustive() {
    // Every R16_UNORM code v: the .F16 result must be v/65535 rounded to binary16 in each
    // mode, checked against an independent conversion (the `half` crate from f64, stepped
    // toward zero for RTZ).
    let t = TextureHeader::new(T::TwoD, Format::R16_UNORM, 2, 2, 1, 1);
    let s = sampler(WrapMode::ClampToEdge);
    let nv = Nv::new(&[t], s);
    for mode in [F16Rounding::NearestEven, F16Rounding::TowardZero] {
        for v in (0..=65535u32).step_by(4) {
            let vals = [v, v + 1, v + 2, v + 3].map(|x| x.min(65535) as u16);
            // Texels (0,0)=v, (1,0)=v+1, (0,1)=v+2, (1,1)=v+3 → S0=(0,1), S1=(1,1), S2=(1,0), S3=(0,0).
            let mem: Vec<u8> = vals.iter().flat_map(|x| x.to_le_bytes()).collect();
            let mods = Tld4sMods { comp: 0, aoffi: false, dc: false, f16: Some(mode) };
            let r =
                tld4s(&nv.b(), cb(5), &mem[..], mods, Tld4sOperands::unpack(mods, [f(0.5), 0], [f(0.5), 0])).unwrap();
            let want = |x: u16| -> u32 { f16_of_ratio(u128::from(x), 65535, mode) as u32 };
            assert_eq!(r.rd0[0], want(vals[2]) | (want(vals[3]) << 16), "{mode:?} {v}");
            assert_eq!(r.rd1[0], want(vals[1]) | (want(vals[0]) << 16), "{mode:?} {v}");
            assert_eq!((r.rd0[1], r.rd1[1]), (0, 0));
        }
    }
}

#[test]
fn f16_rounding_modes_cover_every_binary16_result() {
    // For every finite binary16 result h, inputs just around h and around the midpoints to
    // its neighbours round as an independent reference says.
    for h in 0..=0x7BFFu16 {
        for neg in [false, true] {
            let hb = if neg { h | 0x8000 } else { h };
            let x = half::f16::from_bits(hb).to_f32();
            assert_eq!(f32_to_f16_mode(x.to_bits(), F16Rounding::NearestEven), if h == 0 && neg { 0x8000 } else { hb });
            assert_eq!(f32_to_f16_mode(x.to_bits(), F16Rounding::TowardZero), if h == 0 && neg { 0x8000 } else { hb });
            if h < 0x7BFF {
                let next = half::f16::from_bits(hb + 1).to_f32();
                let mid = (x as f64 + next as f64) / 2.0;
                for probe in [mid, mid * (1.0 + 1e-7), mid * (1.0 - 1e-7)] {
                    let p = probe as f32;
                    let rne = half::f16::from_f32(p).to_bits();
                    assert_eq!(f32_to_f16_mode(p.to_bits(), F16Rounding::NearestEven), rne, "{p}");
                    let rtz = f32_to_f16_mode(p.to_bits(), F16Rounding::TowardZero);
                    assert!(half::f16::from_bits(rtz).to_f64().abs() <= (p as f64).abs());
                    assert!(rtz == hb || rtz == hb + 1);
                }
            }
        }
    }
    assert_eq!(f32_to_f16_mode(f(1e6), F16Rounding::TowardZero), 0x7BFF, "RTZ saturates to max finite");
    assert_eq!(f32_to_f16_mode(f(1e6), F16Rounding::NearestEven), 0x7C00);
    assert_eq!(ratio_to_f16_bits(1, 3, 0, F16Rounding::TowardZero), half::f16::from_f64(1.0 / 3.0).to_bits());
    assert_eq!(f16_to_f32_bits(0x3C00), f(1.0));
}

#[test]
fn tld4s_f16_on_integer_formats_is_zero() {
    let (t, mem) = unique(T::TwoD, 4, 4, 1, 1);
    let nv = Nv::new(&[t], sampler(WrapMode::Repeat));
    let mods = Tld4sMods { comp: 0, aoffi: false, dc: false, f16: Some(F16Rounding::NearestEven) };
    let r = tld4s(&nv.b(), cb(5), &mem[..], mods, Tld4sOperands::unpack(mods, [f(0.6), 0], [f(0.6), 0])).unwrap();
    assert_eq!([r.rd0, r.rd1], [[0, 0], [0, 0]]);
}

// ------------------------------------------------------------------ depth compare

fn depth16(vals: &[u16], w: u32, h: u32) -> (TextureHeader, Vec<u8>) {
    let t = TextureHeader::new(T::TwoD, Format::Z16_UNORM, w, h, 1, 1);
    (t, vals.iter().flat_map(|v| v.to_le_bytes()).collect())
}

#[test]
fn every_compare_function_at_and_around_the_texel() {
    use CompareFunc as C;
    let expect = |func: C, rel: i32| -> bool {
        // ref − texel sign: rel < 0: ref < texel
        match func {
            C::Never => false,
            C::Less => rel < 0,
            C::Equal => rel == 0,
            C::LessEqual => rel <= 0,
            C::Greater => rel > 0,
            C::NotEqual => rel != 0,
            C::GreaterEqual => rel >= 0,
            C::Always => true,
        }
    };
    // Z16: texel 30000/65535; references at the texel and ±1 ULP of the format.
    let (t, mem) = depth16(&[30000], 1, 1);
    for func in CompareFunc::ALL {
        let s = SamplerHeader { compare_func: func, ..sampler(WrapMode::ClampToEdge) };
        for (rel, r) in [(-1, 29999.0), (0, 30000.0), (1, 30001.0)] {
            let reference = f((r / 65535.0) as f32);
            let got =
                sample_c(Ok(&t), Ok(&s), &mem[..], &quad([f(0.5), f(0.5), 0, 0]), [reference; 4], [0; 3]).unwrap();
            let want = if expect(func, rel) { f(1.0) } else { 0 };
            assert_eq!(got[0], [want; 4], "Z16 {func:?} rel {rel}");
        }
        // Z24: the reference quantizes to the format (RNE of r × (2^24 − 1)) before comparing.
        let z24 = TextureHeader::new(T::TwoD, Format::X8Z24_UNORM, 1, 1, 1, 1);
        let zm = (0x0080_0000u32 | 0xAA00_0000).to_le_bytes();
        for (rel, r) in [(-1, 0x7F_FFFFu32), (0, 0x80_0000), (1, 0x80_0001)] {
            let reference = f((r as f64 / 16_777_215.0) as f32);
            let got =
                sample_c(Ok(&z24), Ok(&s), &zm[..], &quad([f(0.5), f(0.5), 0, 0]), [reference; 4], [0; 3]).unwrap();
            assert_eq!(got[0][0], if expect(func, rel) { f(1.0) } else { 0 }, "Z24 {func:?} rel {rel}");
        }
        let z32 = TextureHeader::new(T::TwoD, Format::Z32_FLOAT, 1, 1, 1, 1);
        let texel = 0.4f32;
        for (rel, r) in
            [(-1, f32::from_bits(texel.to_bits() - 1)), (0, texel), (1, f32::from_bits(texel.to_bits() + 1))]
        {
            let got =
                sample_c(Ok(&z32), Ok(&s), &texel.to_le_bytes()[..], &quad([f(0.5), f(0.5), 0, 0]), [f(r); 4], [0; 3])
                    .unwrap();
            assert_eq!(got[0][0], if expect(func, rel) { f(1.0) } else { 0 }, "Z32F {func:?} rel {rel}");
        }
        // NaN reference on a float texel: unordered.
        let got = sample_c(
            Ok(&z32),
            Ok(&s),
            &texel.to_le_bytes()[..],
            &quad([f(0.5), f(0.5), 0, 0]),
            [f(f32::NAN); 4],
            [0; 3],
        )
        .unwrap();
        let nan_pass = matches!(func, C::NotEqual | C::Always);
        assert_eq!(got[0][0], if nan_pass { f(1.0) } else { 0 }, "NaN {func:?}");
    }
}

#[test]
fn unorm_reference_is_clamped_to_unit_range() {
    let (t, mem) = depth16(&[65535], 1, 1);
    let s = SamplerHeader { compare_func: CompareFunc::Equal, ..sampler(WrapMode::ClampToEdge) };
    let got = sample_c(Ok(&t), Ok(&s), &mem[..], &quad([f(0.5), f(0.5), 0, 0]), [f(1.5); 4], [0; 3]).unwrap();
    assert_eq!(got[0][0], f(1.0), "1.5 clamps to 1.0 = texel");
    let (t0, m0) = depth16(&[0], 1, 1);
    let got = sample_c(Ok(&t0), Ok(&s), &m0[..], &quad([f(0.5), f(0.5), 0, 0]), [f(-3.0); 4], [0; 3]).unwrap();
    assert_eq!(got[0][0], f(1.0), "−3 clamps to 0");
    // Integer formats cannot be compared.
    let (u, um) = unique(T::TwoD, 2, 2, 1, 1);
    assert_eq!(sample_c(Ok(&u), Ok(&s), &um[..], &quad([0; 4]), [0; 4], [0; 3]), Err(SampleError::Compare));
}

#[test]
fn pcf_is_the_exact_weighted_count_of_passing_taps() {
    // 2×2 depth texture, bilinear: compare before filtering, then weights.
    let (t, mem) = depth16(&[10000, 20000, 30000, 40000], 2, 2);
    let s = SamplerHeader {
        compare_func: CompareFunc::LessEqual,
        mag_filter: Filter::Linear,
        min_filter: Filter::Linear,
        ..sampler(WrapMode::ClampToEdge)
    };
    let mut x: u32 = 12345;
    for _ in 0..2000 {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        let u = 0.25 + (x % 1000) as f32 / 2000.0; // texel space 0.5 … 1.5: all four taps
        let v = 0.25 + ((x >> 10) % 1000) as f32 / 2000.0;
        let r = [5000.0, 15000.0, 25000.0, 35000.0, 45000.0][(x >> 20) as usize % 5] / 65535.0;
        let got = sample_c(Ok(&t), Ok(&s), &mem[..], &quad([f(u), f(v), 0, 0]), [f(r as f32); 4], [0; 3]).unwrap()[0];
        // The model's 8-bit weights from the S.8 coordinate: α = RNE(u·2·256) − 128.
        let a = ((u as f64 * 2.0 * 256.0).round() as i64 - 128) as u64;
        let b = ((v as f64 * 2.0 * 256.0).round() as i64 - 128) as u64;
        let pass = |d: u16| ((r as f32) as f64 * 65535.0 <= d as f64 + 1e-9) as u64;
        let sum = (256 - a) * (256 - b) * pass(10000)
            + a * (256 - b) * pass(20000)
            + (256 - a) * b * pass(30000)
            + a * b * pass(40000);
        let want = (sum as f64 / 65536.0) as f32;
        assert_eq!(got, [f(want); 4], "u {u} v {v} ref {r}");
    }
}

#[test]
fn sample_c_lz_reads_level_zero_plus_bias() {
    let t = TextureHeader::new(T::TwoD, Format::Z16_UNORM, 4, 4, 1, 3);
    let mut mem = vec![0u8; texture_bytes(&t) as usize];
    // Level 0 all 0.25, level 1 all 0.75, level 2 all 1.0.
    for (level, val) in [(0u32, 16384u16), (1, 49151), (2, 65535)] {
        for y in 0..t.level_height(level) {
            for x in 0..t.level_width(level) {
                let a = texel_address(&t, &TexelCoord { x, y, level, ..Default::default() }).unwrap() as usize;
                mem[a..a + 2].copy_from_slice(&val.to_le_bytes());
            }
        }
    }
    let mut s =
        SamplerHeader { compare_func: CompareFunc::Less, mip_filter: MipFilter::Nearest, ..sampler(WrapMode::Repeat) };
    // Huge implicit derivatives: SAMPLE_C reads level 2, SAMPLE_C_LZ level 0.
    let c = [[f(0.0), f(0.0), 0, 0], [f(9.0), f(0.0), 0, 0], [f(0.0), f(9.0), 0, 0], [f(9.0), f(9.0), 0, 0]];
    let r = f(0.5);
    assert_eq!(sample_c(Ok(&t), Ok(&s), &mem[..], &c, [r; 4], [0; 3]).unwrap()[0][0], f(1.0), "0.5 < 1.0 at level 2");
    assert_eq!(
        sample_c_lz(Ok(&t), Ok(&s), &mem[..], &c, [r; 4], [0; 3]).unwrap()[0][0],
        0,
        "0.5 < 0.25 fails at level 0"
    );
    s.lod_bias = fixed::types::I8F8::from_num(1);
    assert_eq!(
        sample_c_lz(Ok(&t), Ok(&s), &mem[..], &c, [r; 4], [0; 3]).unwrap()[0][0],
        f(1.0),
        "bias 1 → level 1 (0.75)"
    );
}

#[test]
fn shadow_tex_forms_take_the_reference_from_the_documented_slot() {
    assert_eq!(shadow_ref_slot(T::OneD), (0, 2));
    assert_eq!(shadow_ref_slot(T::TwoD), (0, 2));
    assert_eq!(shadow_ref_slot(T::OneDArray), (0, 2));
    assert_eq!(shadow_ref_slot(T::TwoDArray), (0, 3));
    assert_eq!(shadow_ref_slot(T::Cube), (0, 3));
    assert_eq!(shadow_ref_slot(T::CubeArray), (1, 0));
    let s = SamplerHeader { compare_func: CompareFunc::Less, ..sampler(WrapMode::ClampToEdge) };
    let half = f(0.5);
    let cases: [(T, [u32; 4], Option<[u32; 4]>); 6] = [
        (T::OneD, [half, 0, f(0.2), 0], None),
        (T::TwoD, [half, half, f(0.2), 0], None),
        (T::OneDArray, [half, f(1.0), f(0.2), 0], None),
        (T::TwoDArray, [half, half, f(1.0), f(0.2)], None),
        (T::Cube, [f(1.0), f(0.1), f(0.1), f(0.2)], None),
        (T::CubeArray, [f(1.0), f(0.1), f(0.1), f(1.0)], Some([f(0.2), 0, 0, 0])),
    ];
    for (ty, c, src1) in cases {
        let (w, h, d) = match ty {
            T::OneD => (4, 1, 1),
            T::OneDArray => (4, 1, 2),
            T::Cube => (4, 4, 1),
            T::CubeArray => (4, 4, 2),
            T::TwoDArray => (4, 4, 2),
            _ => (4, 4, 1),
        };
        let t = TextureHeader::new(ty, Format::Z16_UNORM, w, h, d, 1);
        let mem = vec![0x66u8; texture_bytes(&t) as usize]; // 0x6666/65535 = 0.4
        let src0 = quad(c);
        let s1 = src1.map(quad);
        let ops = TexOperands { src0: &src0, src1: s1.as_ref(), grads: None };
        let r = tex_family(TexOp::Tex, true, Ok(&t), Ok(&s), &mem[..], ops).unwrap();
        assert_eq!(r[0], [f(1.0); 4], "{ty:?}: 0.2 < 0.4");
        // Moving the reference above the texel flips the result: the slot is really read.
        let mut c2 = c;
        let mut s1b = src1;
        match shadow_ref_slot(ty) {
            (0, k) => c2[k as usize] = f(0.9),
            _ => s1b = Some([f(0.9), 0, 0, 0]),
        }
        let src0b = quad(c2);
        let s1q = s1b.map(quad);
        let r = tex_family(
            TexOp::Tex,
            true,
            Ok(&t),
            Ok(&s),
            &mem[..],
            TexOperands { src0: &src0b, src1: s1q.as_ref(), grads: None },
        )
        .unwrap();
        assert_eq!(r[0], [0; 4], "{ty:?}: 0.9 < 0.4 fails");
    }
    // TXP shadow: the reference is divided by q too.
    let t = TextureHeader::new(T::TwoD, Format::Z16_UNORM, 4, 4, 1, 1);
    let mem = [0x66u8; 32];
    let src0 = quad([f(1.0), f(1.0), f(0.9), f(2.0)]); // ref 0.45 > 0.4 → fails LESS
    let r =
        tex_family(TexOp::Txp, true, Ok(&t), Ok(&s), &mem[..], TexOperands { src0: &src0, src1: None, grads: None })
            .unwrap();
    assert_eq!(r[0][0], 0);
    let src0 = quad([f(1.0), f(1.0), f(0.7), f(2.0)]); // ref 0.35 < 0.4
    let r =
        tex_family(TexOp::Txp, true, Ok(&t), Ok(&s), &mem[..], TexOperands { src0: &src0, src1: None, grads: None })
            .unwrap();
    assert_eq!(r[0][0], f(1.0));
    // TXB shadow on a cube needs the TXB2 form (src1).
    let c = TextureHeader::new(T::Cube, Format::Z16_UNORM, 4, 4, 1, 1);
    let cm = vec![0x66u8; texture_bytes(&c) as usize];
    let src0 = quad([f(1.0), 0, 0, f(0.2)]);
    assert_eq!(
        tex_family(TexOp::Txb, true, Ok(&c), Ok(&s), &cm[..], TexOperands { src0: &src0, src1: None, grads: None }),
        Err(SampleError::TextureType)
    );
}

#[test]
fn gather4_compare_and_cube_corner_thirds() {
    let (t, mem) = depth16(&[10000, 20000, 30000, 40000], 2, 2);
    let s = SamplerHeader { compare_func: CompareFunc::Greater, ..sampler(WrapMode::ClampToEdge) };
    let r =
        gather4(Ok(&t), Ok(&s), &mem[..], &quad([f(0.5), f(0.5), 0, 0]), 0, [0, 0], Some([f(25000.0 / 65535.0); 4]))
            .unwrap();
    // (i0,j1)=30000, (i1,j1)=40000, (i1,j0)=20000, (i0,j0)=10000; ref > texel.
    assert_eq!(r[0], [0, 0, f(1.0), f(1.0)]);
    // Cube corner with compare: the synthesized tap is k/3.
    let c = TextureHeader::new(T::Cube, Format::Z16_UNORM, 2, 2, 1, 1);
    let mut cm = vec![0u8; texture_bytes(&c) as usize];
    for face in 0..6u32 {
        for y in 0..2 {
            for x in 0..2 {
                let a = texel_address(&c, &TexelCoord { x, y, layer: face, ..Default::default() }).unwrap() as usize;
                let v: u16 = if face == 0 { 10000 } else { 50000 };
                cm[a..a + 2].copy_from_slice(&v.to_le_bytes());
            }
        }
    }
    let mut s = SamplerHeader { compare_func: CompareFunc::Greater, ..sampler(WrapMode::Repeat) };
    s.seamless_cube = true;
    let corner_dir = quad([f(1.0), f(0.999_99), f(0.999_99), 0]);
    let r = gather4(Ok(&c), Ok(&s), &cm[..], &corner_dir, 0, [0, 0], Some([f(0.5); 4])).unwrap()[0];
    // Taps: (i0,j1) on +Z (50000: 0.5 > 0.76 fails), (i1,j1) on +X (passes), (i1,j0) on +Y (fails).
    assert_eq!([r[0], r[1], r[2]], [0, f(1.0), 0]);
    assert_eq!(r[3], (1.0f32 / 3.0).to_bits(), "corner = 1/3");
}

/// `gather_texel` (the per-texel stage the `gather_cmp` HDL vectors are written from) is
/// what GATHER4 returns for each footprint texel: every format, sRGB off/on, components 0–3,
/// without and with a reference, every compare function.
#[test]
fn gather_texel_is_the_per_texel_stage_of_gather4() {
    use texcore::texel::{decode, domains};
    let refs = [f(0.0), f(-0.0), f(0.25), f(0.5), f(1.0), f(-1.0), f(2.0), f(f32::NAN), f(f32::INFINITY), 0x0000_0001];
    let mut checked = 0;
    for &format in Format::ALL.iter() {
        for srgb in [false, true] {
            let mut t = TextureHeader::new(T::TwoD, format, 2, 2, 1, 1);
            t.srgb = srgb && format.srgb_capable();
            if t.validate().is_err() {
                continue;
            }
            let mut mem = vec![0u8; texture_bytes(&t) as usize];
            for (i, b) in mem.iter_mut().enumerate() {
                *b = (i as u8).wrapping_mul(73).wrapping_add(0x35) ^ ((i as u8) >> 1);
            }
            let texel = |x: u32, y: u32| {
                let a = texel_address(&t, &TexelCoord { x, y, ..Default::default() }).unwrap() as usize;
                let mut b = [0u8; 16];
                let n = format.bytes_per_texel() as usize;
                b[..n].copy_from_slice(&mem[a..a + n]);
                decode(format, t.srgb, &b)
            };
            // Footprint order S0..S3 = (i0, j1), (i1, j1), (i1, j0), (i0, j0) at the centre.
            let taps = [texel(0, 1), texel(1, 1), texel(1, 0), texel(0, 0)];
            let d = domains(format, t.srgb);
            let at = quad([f(0.5), f(0.5), 0, 0]);
            for comp in 0..4u8 {
                let s = sampler(WrapMode::ClampToEdge);
                let got = gather4(Ok(&t), Ok(&s), &mem[..], &at, comp, [0, 0], None).unwrap()[0];
                let c = usize::from(comp);
                let want = taps.map(|tx| gather_texel(d[c], tx.0[c], None).unwrap());
                assert_eq!(got, want, "{format:?} srgb {srgb} comp {comp}");
                checked += 1;
            }
            for func in CompareFunc::ALL {
                let s = SamplerHeader { compare_func: func, ..sampler(WrapMode::ClampToEdge) };
                for r in refs {
                    let got = gather4(Ok(&t), Ok(&s), &mem[..], &at, 0, [0, 0], Some([r; 4]));
                    let want: Result<Vec<u32>, _> =
                        taps.iter().map(|tx| gather_texel(d[0], tx.0[0], Some((func, r)))).collect();
                    match want {
                        Ok(w) => assert_eq!(got.unwrap()[0].to_vec(), w, "{format:?} {func:?} ref {r:#x}"),
                        Err(_) => assert_eq!(got, Err(GatherError::Compare), "{format:?}"),
                    }
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 3000, "{checked}");
    // Hand-checked values: UNORM8 128 → 128/255, SNORM8 −127 → −1.0, binary16 1.0 → 1.0,
    // SINT −1 → 0xFFFFFFFF raw; Z16 texel 30000 against 30000/65535 (EQUAL passes).
    use texcore::texel::Domain;
    assert_eq!(gather_texel(Domain::Unorm(8), 128, None), Ok(f(128.0 / 255.0)));
    assert_eq!(gather_texel(Domain::Snorm(8), -127, None), Ok(f(-1.0)));
    assert_eq!(gather_texel(Domain::F16, 0x3C00, None), Ok(f(1.0)));
    assert_eq!(gather_texel(Domain::Sint, -1, None), Ok(0xFFFF_FFFF));
    let r = f((30000.0f64 / 65535.0) as f32);
    assert_eq!(gather_texel(Domain::Unorm(16), 30000, Some((CompareFunc::Equal, r))), Ok(f(1.0)));
    assert_eq!(gather_texel(Domain::Unorm(16), 30001, Some((CompareFunc::Equal, r))), Ok(0));
    assert!(gather_texel(Domain::Uint, 0, Some((CompareFunc::Always, r))).is_err());
}

// ------------------------------------------------------------------ TMML

#[test]
fn tmml_seed_example_and_outputs() {
    // TMML.LOD R2, R6, 6, 2D, 0x3;
    let t = TextureHeader::new(T::TwoD, Format::RGBA8_UNORM, 256, 256, 1, 9);
    let s = SamplerHeader {
        mip_filter: MipFilter::Linear,
        min_filter: Filter::Linear,
        mag_filter: Filter::Linear,
        ..Default::default()
    };
    let nv = Nv::new(&[t], s);
    let mut bank = nv.bank.clone();
    bank[6] = Handle::new(0, 0).unwrap().0;
    let b = Bindings { const_bank: &bank, ..nv.b() };
    // Quad: ds/dx = 4/256 (ρx = 4 texels), dt/dy = 2/256 (ρy = 2).
    let base = [0.25f32, 0.5];
    let lane = |dx: f32, dy: f32| [f(base[0] + dx), f(base[1] + dy), 0, 0];
    let ra = [lane(0.0, 0.0), lane(4.0 / 256.0, 0.0), lane(0.0, 2.0 / 256.0), lane(4.0 / 256.0, 2.0 / 256.0)];
    let r = tmml(&b, cb(6), CoordDesc::TwoD, &ra);
    assert_eq!(r[0][0], 0x0200, "R: λ = log2 4 = 2.0 in S8.8");
    assert_eq!(r[0][1], 0x0200, "G: clamped LOD 2.0 in U8.8");
    assert_eq!(r[0][2], 0x0040, "B: major axis u = +1.0 (S2.6 0x40), v = 0");
    assert_eq!(r[0][3], 0xF000, "A: log2(2/4) = −1.0 in S4.12");
    let written = decimate(r[0], 0x3);
    assert_eq!(written.as_slice(), &[0x0200, 0x0200], "R2, R3 written");
    // Bias moves R and G; min LOD clamps only G.
    let s2 =
        SamplerHeader { lod_bias: fixed::types::I8F8::from_num(-3), min_lod: fixed::types::U8F8::from_num(0.5), ..s };
    let r = tmml_header(&t, &s2, CoordDesc::TwoD, &ra);
    assert_eq!(r[0][0], (-256i32 as u32) & 0xFFFF, "λ' = 2 − 3 = −1.0");
    assert_eq!(r[0][1], 0x0080, "clamped to min LOD 0.5");
    // Mip NEAREST: G is the level.
    let s3 = SamplerHeader { mip_filter: MipFilter::Nearest, ..s };
    let ra2 = [lane(0.0, 0.0), lane(5.0 / 256.0, 0.0), lane(0.0, 0.0), lane(5.0 / 256.0, 0.0)];
    let r = tmml_header(&t, &s3, CoordDesc::TwoD, &ra2);
    assert_eq!(r[0][1], 0x0200, "log2 5 = 2.32 → level 2");
    assert_eq!(r[0][3], 0x8000, "minor = 0 → −8.0 saturated");
    // Zero derivatives: λ = −128, G = 0, B = A = 0.
    let r = tmml_header(&t, &s, CoordDesc::TwoD, &[lane(0.0, 0.0); 4]);
    assert_eq!(r[0], [0x8000, 0, 0, 0]);
}

#[test]
fn tmml_descriptions_must_match_the_texture_class() {
    let s = SamplerHeader::default();
    let ra = [[f(0.1), f(0.2), f(0.3), f(0.4)]; 4];
    let shapes = [
        (TextureHeader::new(T::OneD, Format::R8_UNORM, 8, 1, 1, 1), 1u8),
        (TextureHeader::new(T::OneDArray, Format::R8_UNORM, 8, 1, 2, 1), 1),
        (TextureHeader::new(T::TwoD, Format::R8_UNORM, 8, 8, 1, 1), 2),
        (TextureHeader::new(T::TwoDArray, Format::R8_UNORM, 8, 8, 2, 1), 2),
        (TextureHeader::new(T::ThreeD, Format::R8_UNORM, 8, 8, 8, 1), 3),
        (TextureHeader::new(T::Cube, Format::R8_UNORM, 8, 8, 1, 1), 4),
        (TextureHeader::new(T::CubeArray, Format::R8_UNORM, 8, 8, 2, 1), 4),
    ];
    for (h, class) in shapes {
        for d in CoordDesc::ALL {
            let dclass = match d {
                CoordDesc::OneD | CoordDesc::Array1D => 1,
                CoordDesc::TwoD | CoordDesc::Array2D => 2,
                CoordDesc::ThreeD => 3,
                _ => 4,
            };
            let r = tmml_header(&h, &s, d, &ra);
            if dclass != class {
                assert_eq!(r, [[0; 4]; 4], "{:?} with {}", h.ty, d.name());
            } else {
                // λ = −128 (constant quad) is non-zero: the description was accepted.
                assert_eq!(r[0][0], 0x8000, "{:?} with {}", h.ty, d.name());
            }
        }
    }
    assert_eq!(CoordDesc::from_code(6), None, "RESERVED (ARRAY_3D)");
    assert_eq!(CoordDesc::ArrayCube.registers(), 4);
}

#[test]
fn wrap_reexport_sanity() {
    assert_eq!(wrap(WrapMode::Repeat, -1, 4), Wrapped::Texel(3));
}

#[test]
fn anisotropic_sampling_with_infinite_or_huge_coordinates_does_not_overflow() {
    // Regression: a lane at ±∞ (or ≥ 2^20) made the anisotropic offset saturate to i64::MIN
    // and the LINEAR −½ texel overflow (found by the HAL's random self-check generator).
    use texcore::op::sample::{sample_quad, SampleRequest};
    let t = TextureHeader::new(T::TwoD, Format::Z16_UNORM, 16, 16, 1, 5);
    let mem = vec![7u8; texture_bytes(&t) as usize];
    let s = SamplerHeader {
        max_anisotropy_log2: 2,
        min_filter: Filter::Linear,
        mag_filter: Filter::Linear,
        mip_filter: MipFilter::Linear,
        ..sampler(WrapMode::Repeat)
    };
    for bad in [f32::INFINITY, f32::NEG_INFINITY, 1.5e6, -3.0e7, f32::MAX] {
        for lane in 0..4 {
            let mut c = [[f(0.3), f(0.6), 0, 0]; 4];
            c[lane][0] = f(bad);
            let r = sample_quad(Ok(&t), Ok(&s), &mem[..], &SampleRequest::new(c)).unwrap();
            let v = f32::from_bits(r[(lane + 1) % 4][0]);
            assert!((0.0..=1.0).contains(&v), "{bad} lane {lane}: {v}");
        }
    }
}

#[test]
fn tex_family_offsets_move_by_whole_texels_and_are_range_checked() {
    use texcore::op::sample::tex_family_offset;
    let (t, mem) = unique(T::TwoD, 8, 8, 1, 1);
    let s = sampler(WrapMode::Repeat);
    let c = quad([f(2.5 / 8.0), f(4.5 / 8.0), 0, 0]);
    let ops = TexOperands { src0: &c, src1: None, grads: None };
    let r = tex_family_offset(TexOp::Tex, false, Ok(&t), Ok(&s), &mem[..], ops, [3, -5, 0]).unwrap();
    assert_eq!(r[0], [5, 7, 0, 0], "(2+3, 4−5 → −1 wraps to 7)");
    assert_eq!(
        tex_family_offset(TexOp::Tex, false, Ok(&t), Ok(&s), &mem[..], ops, [8, 0, 0]),
        Err(SampleError::OffsetRange(0))
    );
}
