#![allow(clippy::needless_range_loop)]
//! Every example line of the source documents: it assembles, disassembles to the very same text, and
//! executes to the documented result.

mod isa_world;

use isa_world::{f, quad, tex2d, unique_uint, World};
use texcore::descriptor::{
    CompareFunc, Filter, Format, MipFilter, MsMode, SamplerHeader, TextureHeader, TextureType, WrapMode,
};
use texcore::fp::ratio_to_f32_bits;
use texcore::isa::*;
use texcore::op::resource::AtomicOp;
use texcore::op::sample;
use texcore::op::tmml::CoordDesc;
use texcore::query::intel::resinfo_lane;
use texcore::query::nv::TxqQuery;

/// Assembles a seed line and checks that it is already canonical.
fn seed(line: &str) -> Instr {
    let i = assemble(line).unwrap_or_else(|e| panic!("{line}: {e}"));
    assert_eq!(disassemble(&i).as_str(), line, "the source document's line is canonical text");
    i
}

fn sampler(filter: Filter, mip: MipFilter, wrap: WrapMode) -> SamplerHeader {
    SamplerHeader { wrap: [wrap; 3], mag_filter: filter, min_filter: filter, mip_filter: mip, ..Default::default() }
}

// ------------------------------------------------------------------ NVIDIA

#[test]
fn txq_seed_example() {
    let i = seed("TXQ R0, R6, TEX_HEADER_DIMENSION, 0, 0xf;");
    let Instr::Txq(t) = &i else { panic!() };
    assert_eq!(
        (t.rd, t.ra, t.query, t.tex.idx.get(), t.wmask, t.bindless),
        (Reg(0), Reg(6), TxqQuery::Dimension, 0, 0xF, false)
    );

    let mut w = World::new();
    let tex = w.texture(TextureHeader::new(TextureType::TwoDArray, Format::RGBA8_UNORM, 64, 32, 6, 7), |_| vec![0; 4]);
    let s = w.sampler(SamplerHeader::default());
    w.handle(0, s, tex);
    let mut m = Machine::new();
    for (lane, lod) in [0u32, 1, 6, 7].iter().enumerate() {
        m.set_reg(lane, Reg(6), *lod); // the LOD parameter, compacted into Ra+0
        m.set_reg(lane, Reg(4), 0xDEAD);
    }
    w.exec(&mut m, &i).unwrap();
    let got: Vec<[u32; 4]> = (0..4).map(|l| [0, 1, 2, 3].map(|r| m.reg(l, Reg(r)))).collect();
    assert_eq!(
        got,
        vec![[64, 32, 6, 7], [32, 16, 6, 7], [1, 1, 6, 7], [0, 0, 0, 7]],
        "R0..R3 = width, height, length, levels"
    );
    assert!((0..4).all(|l| m.reg(l, Reg(4)) == 0xDEAD), "nothing past Rd+3");
}

#[test]
fn txq_write_mask_decimates_and_bindless_reads_ra_plus_one() {
    let mut w = World::new();
    let tex = w.texture(TextureHeader::new(TextureType::ThreeD, Format::R8_UNORM, 16, 8, 4, 3), |_| vec![0]);
    let s = w.sampler(SamplerHeader::default());
    w.handle(3, s, tex);
    let mut m = Machine::new();
    m.set_reg(0, Reg(6), 1);
    // wmask 0xa = G and A → R8, R9 (decimated contiguous writes).
    w.run(&mut m, "TXQ R8, R6, TEX_HEADER_DIMENSION, 3, 0xa;").unwrap();
    assert_eq!([m.reg(0, Reg(8)), m.reg(0, Reg(9)), m.reg(0, Reg(10))], [4, 3, 0]);
    // .B: handle from Ra+0, LOD from Ra+1.
    let mut m = Machine::new();
    m.set_reg(0, Reg(6), w.bank[3]);
    m.set_reg(0, Reg(7), 2);
    w.run(&mut m, "TXQ.B R0, R6, TEX_HEADER_DIMENSION, 0, 0x7;").unwrap();
    assert_eq!([m.reg(0, Reg(0)), m.reg(0, Reg(1)), m.reg(0, Reg(2)), m.reg(0, Reg(3))], [4, 2, 1, 0]);
    // TEXTURE_TYPE: no parameter, Ra may be RZ; MS count in B.
    let mut w2 = World::new();
    let mut h = tex2d(Format::RGBA8_UNORM, 4, 4, 1);
    h.ms_mode = MsMode::Mode2x2;
    let t = w2.texture(h, |_| vec![0; 4]);
    w2.handle(1, 0, t);
    w2.sampler(SamplerHeader::default());
    let mut m = Machine::new();
    w2.run(&mut m, "TXQ R4, RZ, TEX_HEADER_TEXTURE_TYPE, 1, 0x4;").unwrap();
    assert_eq!(m.reg(0, Reg(4)), 4);
    // SAMPLER_POS, legacy tid/smp form: tsPtrIdx = {smp 0, tid 1} = 1.
    m.set_reg(0, Reg(2), 3);
    w2.run(&mut m, "TXQ R5, R2, TEX_HEADER_SAMPLER_POS, 1, 0, 0x1;").unwrap();
    assert_eq!(m.reg(0, Reg(5)), texcore::query::sample_pos::packed_u4_12(4, 3).unwrap());
}

#[test]
fn tld4s_seed_example() {
    // TLD4S.R R8, R10, R0, R5, 5;  // {R9, R8, R11, R10} = {Sample 3, 2, 1, 0}
    let i = seed("TLD4S.R R8, R10, R0, R5, 5;");
    let Instr::Tld4s(t) = &i else { panic!() };
    assert_eq!((t.rd1, t.rd0, t.ra, t.rb, t.ts.get(), t.comp), (Reg(8), Reg(10), Reg(0), Reg(5), 5, 0));
    let mut w = World::new();
    let tex = w.texture(tex2d(Format::RGBA8_UINT, 8, 8, 1), unique_uint(8, 8));
    let s = w.sampler(sampler(Filter::Nearest, MipFilter::None, WrapMode::ClampToEdge));
    w.handle(5, s, tex);
    let mut m = Machine::new();
    for lane in 0..4 {
        m.set_reg(lane, Reg(0), f(3.0 / 8.0)); // s: texel corner between x = 2 and 3
        m.set_reg(lane, Reg(5), f(6.0 / 8.0)); // t: between y = 5 and 6
    }
    w.exec(&mut m, &i).unwrap();
    // S0 = (i0, j1) = (2, 6), S1 = (3, 6), S2 = (3, 5), S3 = (2, 5); red = 8y + x.
    let (s0, s1, s2, s3) = (50, 51, 43, 42);
    for lane in 0..4 {
        assert_eq!([9, 8, 11, 10].map(|r| m.reg(lane, Reg(r))), [s3, s2, s1, s0]);
    }
}

#[test]
fn tld4s_f16_writes_one_full_register_per_destination() {
    let mut w = World::new();
    let tex = w.texture(tex2d(Format::R8_UNORM, 2, 2, 1), |c| vec![[0u8, 255, 51, 102][(c.y * 2 + c.x) as usize]]);
    let s = w.sampler(sampler(Filter::Nearest, MipFilter::None, WrapMode::ClampToEdge));
    w.handle(5, s, tex);
    let mut m = Machine::new();
    m.set_reg(0, Reg(2), f(0.5));
    m.set_reg(0, Reg(3), f(0.5));
    for r in [8, 9, 10, 11] {
        m.set_reg(0, Reg(r), 0xFFFF_FFFF);
    }
    // .F16 with .AOFFI: Ra = {s, t}, Rb = toff (0 here).
    w.run(&mut m, "TLD4S.F16.R.AOFFI R8, R10, R2, R4, 5;").unwrap();
    // S0 = (0,1) = 51, S1 = (1,1) = 102, S2 = (1,0) = 255, S3 = (0,0) = 0 as unorm8 → f16.
    let h = |v: u32| texcore::fp::f32_to_f16_bits(ratio_to_f32_bits(i64::from(v), 255, 0)) as u32;
    assert_eq!(m.reg(0, Reg(10)), h(102) << 16 | h(51), "Rd0 = S1:S0");
    assert_eq!(m.reg(0, Reg(8)), h(0) << 16 | h(255), "Rd1 = S3:S2");
    assert_eq!([m.reg(0, Reg(9)), m.reg(0, Reg(11))], [0xFFFF_FFFF; 2], "one register per destination");
}

#[test]
fn tld4s_reads_ra_rb_per_the_legal_modifier_table() {
    let mut w = World::new();
    let vals = [1000u16, 2000, 3000, 4000];
    let t = w.texture(tex2d(Format::Z16_UNORM, 2, 2, 1), |c| vals[(c.y * 2 + c.x) as usize].to_le_bytes().to_vec());
    let mut s = sampler(Filter::Nearest, MipFilter::None, WrapMode::ClampToEdge);
    s.compare_func = CompareFunc::Less;
    let s = w.sampler(s);
    w.handle(5, s, t);
    let one = f(1.0);
    let mut m = Machine::new();
    // .DC: Ra = {s, t} (R2, R3), Rb = dc (R4).
    m.set_reg(0, Reg(2), f(0.5));
    m.set_reg(0, Reg(3), f(0.5));
    m.set_reg(0, Reg(4), f(2500.0 / 65535.0));
    w.run(&mut m, "TLD4S.R.DC R8, R10, R2, R4, 5;").unwrap();
    // S0 = (0,1) = 3000, S1 = (1,1) = 4000, S2 = (1,0) = 2000, S3 = (0,0) = 1000; ref < texel.
    assert_eq!([m.reg(0, Reg(10)), m.reg(0, Reg(11)), m.reg(0, Reg(8)), m.reg(0, Reg(9))], [one, one, 0, 0]);
    // .AOFFI.DC: Rb = {toff, dc} (R4, R5); offset (−1, 0) clamps to the left column.
    m.set_reg(0, Reg(4), texcore::op::gather::aoffi_encode(-1, 0, 0));
    m.set_reg(0, Reg(5), f(3500.0 / 65535.0));
    w.run(&mut m, "TLD4S.R.AOFFI.DC R8, R10, R2, R4, 5;").unwrap();
    assert_eq!(
        [m.reg(0, Reg(10)), m.reg(0, Reg(11)), m.reg(0, Reg(8)), m.reg(0, Reg(9))],
        [0, 0, 0, 0],
        "3500 < 3000, 1000: never"
    );
    m.set_reg(0, Reg(5), f(500.0 / 65535.0));
    w.run(&mut m, "TLD4S.R.AOFFI.DC R8, R10, R2, R4, 5;").unwrap();
    assert_eq!([m.reg(0, Reg(10)), m.reg(0, Reg(11)), m.reg(0, Reg(8)), m.reg(0, Reg(9))], [one; 4]);
    // No modifier: Ra = s (R2), Rb = t (R4) — scalars.
    let mut m = Machine::new();
    m.set_reg(0, Reg(2), f(0.75));
    m.set_reg(0, Reg(3), f(0.0)); // not read
    m.set_reg(0, Reg(4), f(0.75));
    w.run(&mut m, "TLD4S.R R8, R10, R2, R4, 5;").unwrap();
    let u = |v: i64| ratio_to_f32_bits(v, 65535, 0);
    assert_eq!(
        [m.reg(0, Reg(10)), m.reg(0, Reg(11)), m.reg(0, Reg(8)), m.reg(0, Reg(9))],
        [u(4000), u(4000), u(4000), u(4000)],
        "bottom-right texel, clamped"
    );
}

#[test]
fn tmml_seed_example() {
    let i = seed("TMML.LOD R2, R6, 6, 2D, 0x3;");
    let Instr::Tmml(t) = &i else { panic!() };
    assert_eq!((t.rd, t.ra, t.rb, t.tex.idx.get(), t.desc, t.wmask), (Reg(2), Reg(6), None, 6, CoordDesc::TwoD, 3));
    let mut w = World::new();
    let tex = w.texture(tex2d(Format::RGBA8_UNORM, 64, 64, 7), |_| vec![0; 4]);
    let s = w.sampler(sampler(Filter::Linear, MipFilter::Linear, WrapMode::Repeat));
    w.handle(6, s, tex);
    let mut m = Machine::new();
    // ∂s/∂x = 4/64 (ρx = 4 texels), ∂t/∂y = 2/64 (ρy = 2).
    let st =
        [(0.25f32, 0.5f32), (0.25 + 4.0 / 64.0, 0.5), (0.25, 0.5 + 2.0 / 64.0), (0.25 + 4.0 / 64.0, 0.5 + 2.0 / 64.0)];
    for (lane, (s, t)) in st.iter().enumerate() {
        m.set_reg(lane, Reg(6), f(*s));
        m.set_reg(lane, Reg(7), f(*t));
        m.set_reg(lane, Reg(4), 0x1234);
    }
    w.exec(&mut m, &i).unwrap();
    for lane in 0..4 {
        assert_eq!(m.reg(lane, Reg(2)), 0x0200, "R: λ = 2.0 (S8.8)");
        assert_eq!(m.reg(lane, Reg(3)), 0x0200, "G: clamped LOD 2.0 (U8.8)");
        assert_eq!(m.reg(lane, Reg(4)), 0x1234, "wmask 0x3: B and A not written");
    }
    // wmask 0xc → B, A into R2, R3 (decimated).
    w.run(&mut m, "TMML.LOD R2, R6, 6, 2D, 0xc;").unwrap();
    assert_eq!([m.reg(0, Reg(2)), m.reg(0, Reg(3))], [0x0040, 0xF000], "major axis u, log2(2/4) = -1");
    // .B: handle from Rb; legacy tid/smp form (tid 6, smp 0).
    let mut m2 = m.clone();
    for lane in 0..4 {
        m2.set_reg(lane, Reg(1), w.bank[6]);
    }
    w.run(&mut m2, "TMML.B.LOD R2, R6, R1, 0, 0, 2D, 0x3;").unwrap();
    assert_eq!(m2.reg(3, Reg(2)), 0x0200);
    // ARRAY_2D: Ra = array index, s, t (a vec3 group, so Ra is 4-aligned); same λ.
    let arr = w.texture(TextureHeader::new(TextureType::TwoDArray, Format::RGBA8_UNORM, 64, 64, 3, 7), |_| vec![0; 4]);
    w.handle(7, s, arr);
    let mut m3 = Machine::new();
    for (lane, (s, t)) in st.iter().enumerate() {
        m3.set_reg(lane, Reg(8), 2);
        m3.set_reg(lane, Reg(9), f(*s));
        m3.set_reg(lane, Reg(10), f(*t));
    }
    w.run(&mut m3, "TMML.LOD R0, R8, 7, ARRAY_2D, 0x3;").unwrap();
    assert_eq!([m3.reg(0, Reg(0)), m3.reg(0, Reg(1))], [0x0200, 0x0200]);
    // A description of another class than the texture's: zeros.
    w.run(&mut m3, "TMML.LOD R0, R8, 7, 3D, 0x3;").unwrap();
    assert_eq!([m3.reg(0, Reg(0)), m3.reg(0, Reg(1))], [0, 0]);
}

#[test]
fn tex_shadow_targets_compare_against_src0_z() {
    let mut w = World::new();
    let vals = [1000u16, 2000, 3000, 4000];
    let t = w.texture(tex2d(Format::Z16_UNORM, 2, 2, 1), |c| vals[(c.y * 2 + c.x) as usize].to_le_bytes().to_vec());
    let mut s = sampler(Filter::Nearest, MipFilter::None, WrapMode::ClampToEdge);
    s.compare_enable = true;
    s.compare_func = CompareFunc::Greater;
    let s = w.sampler(s);
    w.sview = vec![t];
    w.samp = vec![s];
    let mut m = Machine::new();
    for lane in 0..4 {
        let (x, y) = ((lane & 1) as f32, (lane >> 1) as f32);
        m.temp[lane][1] = [f(x / 2.0 + 0.25), f(y / 2.0 + 0.25), f(2500.0 / 65535.0), 0];
    }
    // SHADOW2D: reference in src0.z; 2500 > texel passes for texels 1000 and 2000.
    w.run(&mut m, "TEX TEMP[0], TEMP[1], SAMP[0], SHADOW2D").unwrap();
    assert_eq!((0..4).map(|l| m.temp[l][0]).collect::<Vec<_>>(), [[f(1.0); 4], [f(1.0); 4], [0; 4], [0; 4]]);
    // The plain 2D target samples the depth instead.
    w.run(&mut m, "TEX TEMP[2], TEMP[1], SAMP[0], 2D").unwrap();
    assert_eq!(m.temp[0][2][0], ratio_to_f32_bits(1000, 65535, 0));
}

// ------------------------------------------------------------------ TGSI

/// An 8×8 RGBA8_UNORM texture with red = 8y + x, 4 levels whose green is 60 × level.
fn tgsi_world() -> World {
    let mut w = World::new();
    let t =
        w.texture(tex2d(Format::RGBA8_UNORM, 8, 8, 4), |c| vec![(c.y * 8 + c.x) as u8, (c.level * 60) as u8, 0, 255]);
    let s = w.sampler(sampler(Filter::Nearest, MipFilter::Nearest, WrapMode::ClampToEdge));
    w.sview = vec![t];
    w.samp = vec![s];
    w
}

/// Quad at texel centres (x, y), (x+1, y), (x, y+1), (x+1, y+1) of an 8×8 level 0 (λ = 0).
fn quad_at(m: &mut Machine, reg: usize, x: u32, y: u32) {
    for lane in 0..4 {
        let (dx, dy) = ((lane & 1) as u32, (lane >> 1) as u32);
        m.temp[lane][reg] = [f((x + dx) as f32 / 8.0 + 1.0 / 16.0), f((y + dy) as f32 / 8.0 + 1.0 / 16.0), 0, 0];
    }
}

fn unorm(v: u32) -> u32 {
    ratio_to_f32_bits(i64::from(v), 255, 0)
}

#[test]
fn sample_seed_example() {
    let i = seed("SAMPLE TEMP[0], TEMP[1], SVIEW[0], SAMP[0]");
    let mut w = tgsi_world();
    let mut m = Machine::new();
    quad_at(&mut m, 1, 2, 5);
    w.exec(&mut m, &i).unwrap();
    for lane in 0..4 {
        let (x, y) = (2 + (lane & 1) as u32, 5 + (lane >> 1) as u32);
        assert_eq!(m.temp[lane][0], [unorm(8 * y + x), 0, 0, f(1.0)]);
    }
    // Same as calling the op directly.
    let h = TextureHeader::from_words(&w.headers[0]).unwrap();
    let s = SamplerHeader::from_words(&w.samplers[0]).unwrap();
    let direct = sample::sample(Ok(&h), Ok(&s), &w.mem[..], &std::array::from_fn(|l| m.temp[l][1]), [0; 3]).unwrap();
    assert_eq!(std::array::from_fn::<_, 4, _>(|l| m.temp[l][0]), direct);
}

#[test]
fn sample_b_l_d_seed_examples_pick_the_level() {
    let mut w = tgsi_world();
    let mut m = Machine::new();
    quad_at(&mut m, 1, 0, 0); // λ = 0
    for lane in 0..4 {
        m.temp[lane][2] = [f(2.0), 0, 0, 0];
        m.temp[lane][3] = [0, f(2.0 / 8.0), 0, 0];
    }
    w.exec(&mut m, &seed("SAMPLE_B TEMP[0], TEMP[1], SVIEW[0], SAMP[0], TEMP[2].x")).unwrap();
    assert_eq!(m.temp[0][0][1], unorm(120), "bias 2 → level 2");
    w.exec(&mut m, &seed("SAMPLE_L TEMP[0], TEMP[1], SVIEW[0], SAMP[0], TEMP[2].x")).unwrap();
    assert_eq!(m.temp[0][0][1], unorm(120), "explicit LOD 2");
    for lane in 0..4 {
        m.temp[lane][2] = [f(2.0 / 8.0), 0, 0, 0];
    }
    // ddx = (2/8, 0), ddy = (0, 2/8): ρ = 2 texels → λ = 1.
    w.exec(&mut m, &seed("SAMPLE_D TEMP[0], TEMP[1], SVIEW[0], SAMP[0], TEMP[2], TEMP[3]")).unwrap();
    assert_eq!(m.temp[0][0][1], unorm(60), "derivatives → level 1");
    // A float literal as the scalar operand.
    w.run(&mut m, "SAMPLE_L TEMP[4].y, TEMP[1], SVIEW[0], SAMP[0], 3.0").unwrap();
    assert_eq!(m.temp[0][4], [0, unorm(180), 0, 0], "write mask .y only");
}

#[test]
fn sample_i_seed_example() {
    let i = seed("SAMPLE_I TEMP[0], TEMP[1], SVIEW[0]");
    let mut w = tgsi_world();
    let mut m = Machine::new();
    for lane in 0..4 {
        m.temp[lane][1] = [lane as u32, 7, 0, 0];
    }
    m.temp[3][1][3] = 1; // lane 3 reads level 1
    w.exec(&mut m, &i).unwrap();
    assert_eq!(m.temp[0][0], [unorm(56), 0, 0, f(1.0)]);
    assert_eq!(m.temp[2][0], [unorm(58), 0, 0, f(1.0)]);
    assert_eq!(m.temp[3][0], [0; 4], "(3, 7) is outside the 4×4 level 1: zeros");
}

#[test]
fn sample_c_and_c_lz_seed_examples() {
    let mut w = World::new();
    let vals = [1000u16, 2000, 3000, 4000];
    let t = w.texture(tex2d(Format::Z16_UNORM, 2, 2, 1), |c| vals[(c.y * 2 + c.x) as usize].to_le_bytes().to_vec());
    let mut s = sampler(Filter::Nearest, MipFilter::None, WrapMode::ClampToEdge);
    s.compare_enable = true;
    s.compare_func = CompareFunc::Less;
    let s = w.sampler(s);
    w.sview = vec![t];
    w.samp = vec![s];
    let mut m = Machine::new();
    for lane in 0..4 {
        let (x, y) = ((lane & 1) as f32, (lane >> 1) as f32);
        m.temp[lane][1] = [f(x / 2.0 + 0.25), f(y / 2.0 + 0.25), 0, 0];
        m.temp[lane][2] = [f(2500.0 / 65535.0), 0, 0, 0];
    }
    let expect = [0u32, 0, 1, 1].map(|p| if p == 1 { f(1.0) } else { 0 }); // 2500 < texel?
    for line in [
        "SAMPLE_C TEMP[0], TEMP[1], SVIEW[0].r, SAMP[0], TEMP[2].x",
        "SAMPLE_C_LZ TEMP[0], TEMP[1], SVIEW[0].r, SAMP[0], TEMP[2].x",
    ] {
        let i = seed(line);
        w.exec(&mut m, &i).unwrap();
        for lane in 0..4 {
            assert_eq!(m.temp[lane][0], [expect[lane]; 4], "{line} lane {lane}");
        }
    }
}

#[test]
fn sviewinfo_seed_example() {
    let i = seed("SVIEWINFO TEMP[0], TEMP[1].x, SVIEW[0]");
    let mut w = tgsi_world();
    let mut m = Machine::new();
    for lane in 0..4 {
        m.temp[lane][1] = [lane as u32 * 2, 99, 99, 99];
    }
    w.exec(&mut m, &i).unwrap();
    assert_eq!(m.temp[0][0], [8, 8, 0, 4]);
    assert_eq!(m.temp[1][0], [2, 2, 0, 4]);
    assert_eq!(m.temp[2][0], [0, 0, 0, 4], "level 4 out of range: sizes 0, level count kept");
    // The view swizzle applies to the result; an integer literal as the level.
    w.run(&mut m, "SVIEWINFO TEMP[5], 1, SVIEW[0].abgr").unwrap();
    assert_eq!(m.temp[0][5], [4, 0, 4, 4]);
}

#[test]
fn load_store_seed_examples() {
    let mut w = World::new();
    let t = w.texture(TextureHeader::new(TextureType::OneDBuffer, Format::R32_UINT, 16, 1, 1, 1), |c| {
        (100 + c.x).to_le_bytes().to_vec()
    });
    w.res = vec![t];
    let mut m = Machine::new();
    for lane in 0..4 {
        m.temp[lane][1] = [lane as u32 + 4, 0, 0, 0];
    }
    w.exec(&mut m, &seed("LOAD TEMP[0], RES[0], TEMP[1]")).unwrap();
    assert_eq!(m.temp[2][0], [106, 0, 0, 1], "R32_UINT loads as (r, 0, 0, 1)");
    // STORE RES[0], TEMP[0], TEMP[1]: address in TEMP[0], value in TEMP[1].
    for lane in 0..4 {
        m.temp[lane][0] = [lane as u32, 0, 0, 0];
        m.temp[lane][1] = [7000 + lane as u32, 0, 0, 0];
    }
    m.active = 0b1011;
    w.exec(&mut m, &seed("STORE RES[0], TEMP[0], TEMP[1]")).unwrap();
    let word = |x: usize| u32::from_le_bytes(w.mem[x * 4..x * 4 + 4].try_into().unwrap());
    assert_eq!([word(0), word(1), word(2), word(3)], [7000, 7001, 102, 7003], "inactive lane 2 does not store");
}

#[test]
fn atomic_seed_examples() {
    let lines = [
        (AtomicOp::UAdd, "ATOMUADD TEMP[0], RES[0], TEMP[1], TEMP[2]"),
        (AtomicOp::Xchg, "ATOMXCHG TEMP[0], RES[0], TEMP[1], TEMP[2]"),
        (AtomicOp::Cas, "ATOMCAS TEMP[0], RES[0], TEMP[1], TEMP[2], TEMP[3]"),
        (AtomicOp::And, "ATOMAND TEMP[0], RES[0], TEMP[1], TEMP[2]"),
        (AtomicOp::Or, "ATOMOR TEMP[0], RES[0], TEMP[1], TEMP[2]"),
        (AtomicOp::Xor, "ATOMXOR TEMP[0], RES[0], TEMP[1], TEMP[2]"),
        (AtomicOp::UMin, "ATOMUMIN TEMP[0], RES[0], TEMP[1], TEMP[2]"),
        (AtomicOp::UMax, "ATOMUMAX TEMP[0], RES[0], TEMP[1], TEMP[2]"),
        (AtomicOp::IMin, "ATOMIMIN TEMP[0], RES[0], TEMP[1], TEMP[2]"),
        (AtomicOp::IMax, "ATOMIMAX TEMP[0], RES[0], TEMP[1], TEMP[2]"),
    ];
    let old = [5u32, 0xFFFF_FFF0, 12, 40];
    for (op, line) in lines {
        let i = seed(line);
        let Instr::Tgsi(TgsiInstr::Atomic { op: got, .. }) = i else { panic!() };
        assert_eq!(got, op);
        let mut w = World::new();
        let t = w.texture(TextureHeader::new(TextureType::OneDBuffer, Format::R32_UINT, 4, 1, 1, 1), |c| {
            old[c.x as usize].to_le_bytes().to_vec()
        });
        w.res = vec![t];
        let mut m = Machine::new();
        // ATOMCAS's operands are (offset, cmp, src) = (TEMP[1], TEMP[2], TEMP[3]); the others
        // (offset, src) = (TEMP[1], TEMP[2]).
        let (src_reg, cmp_reg) = if op == AtomicOp::Cas { (3, 2) } else { (2, 3) };
        for lane in 0..4 {
            m.temp[lane][1] = [lane as u32, 0, 0, 0];
            m.temp[lane][src_reg] = [9, 0, 0, 0];
            m.temp[lane][cmp_reg] = [if lane == 2 { 12 } else { 1 }, 0, 0, 0];
        }
        w.exec(&mut m, &i).unwrap();
        for lane in 0..4 {
            let cmp = m.temp[lane][cmp_reg][0];
            let new = op.apply(old[lane], 9, cmp);
            assert_eq!(m.temp[lane][0], [old[lane], 0, 0, 1], "{line}: dst = old value");
            assert_eq!(
                u32::from_le_bytes(w.mem[lane * 4..lane * 4 + 4].try_into().unwrap()),
                new,
                "{line} lane {lane}"
            );
        }
    }
}

#[test]
fn gather4_sample_pos_sample_info_txf_and_tex_forms() {
    let mut w = World::new();
    let t = w.texture(tex2d(Format::RGBA8_UINT, 8, 8, 1), unique_uint(8, 8));
    let mut ms = tex2d(Format::RGBA8_UNORM, 4, 4, 1);
    ms.ms_mode = MsMode::Mode2x2;
    let tm = w.texture(ms, |_| vec![0; 4]);
    let s = w.sampler(sampler(Filter::Nearest, MipFilter::None, WrapMode::ClampToEdge));
    w.sview = vec![t, tm];
    w.samp = vec![s, s];
    let mut m = Machine::new();
    for lane in 0..4 {
        m.temp[lane][1] = [f(3.0 / 8.0), f(6.0 / 8.0), 0, 0];
        m.temp[lane][2] = [2, 0, 0, 0];
    }
    w.run(&mut m, "GATHER4 TEMP[0], TEMP[1], SVIEW[0].r, SAMP[0]").unwrap();
    assert_eq!(m.temp[0][0], [50, 51, 43, 42], "counter-clockwise from (-, +)");
    w.run(&mut m, "IMM[0] INT32 {1, -1, 0, 0}\nGATHER4 TEMP[0], TEMP[1], SVIEW[0].g, SAMP[0], IMM[0].xy").unwrap();
    assert_eq!(m.temp[0][0], [3, 4, 4, 3], "green = x, offset (+1, −1)");
    w.run(&mut m, "SAMPLE_POS TEMP[3], TEMP[2].x, SVIEW[1]\nSAMPLE_INFO TEMP[4], SVIEW[1]").unwrap();
    let (dx, dy) = texcore::query::sample_pos::PATTERN_4[2];
    assert_eq!(m.temp[0][3], [f((8 + dx) as f32 / 16.0), f((8 + dy) as f32 / 16.0), 0, 0]);
    assert_eq!(m.temp[0][4], [4, 0, 0, 0]);
    // TXF with a constant offset, TXQ, TEX with a target.
    for lane in 0..4 {
        m.temp[lane][5] = [3, 3, 0, 0];
    }
    w.run(&mut m, "IMM[1] INT32 {-1, 2, 0, 0}\nTXF TEMP[6], TEMP[5], SAMP[0], 2D, IMM[1]").unwrap();
    assert_eq!(m.temp[0][6], [5 * 8 + 2, 2, 0, 0]);
    w.run(&mut m, "TXQ TEMP[7].xy, 0, SAMP[0], 2D").unwrap();
    assert_eq!(m.temp[0][7], [8, 8, 0, 0]);
    w.run(&mut m, "TEX TEMP[8], TEMP[1], SAMP[0], 2D").unwrap();
    assert_eq!(m.temp[0][8][0], 8 * 6 + 3, "nearest texel (3, 6)");
}

// ------------------------------------------------------------------ Intel

#[test]
fn resinfo_and_sampleinfo_text_forms() {
    let mut w = World::new();
    let t = w.texture(tex2d(Format::RGBA8_UNORM, 64, 32, 7), |_| vec![0; 4]);
    let mut ms = tex2d(Format::RGBA8_UNORM, 4, 4, 1);
    ms.ms_mode = MsMode::Mode4x2;
    let tm = w.texture(ms, |_| vec![0; 4]);
    w.surface = vec![t, tm];
    let h = TextureHeader::from_words(&w.headers[0]).unwrap();

    let i = seed("RESINFO (8) T0 r10 r12");
    let Instr::Intel(info) = &i else { panic!() };
    assert_eq!((info.exec.lanes, info.exec.mask, info.exec.no_mask, info.surface), (8, 0, false, 0));
    let mut m = Machine::new();
    for lane in 0..8 {
        m.grf[80 + lane] = lane as u32; // r10: per-lane LOD
    }
    m.exec_mask = 0b1011_1111; // channel 6 disabled
    m.grf[96 + 8 + 6] = 0xAAAA; // r12 + 14: G of lane 6, must stay
    w.exec(&mut m, &i).unwrap();
    for lane in 0..8 {
        let v = resinfo_lane(&h, lane as u32);
        for c in 0..4 {
            let got = m.grf[96 + c * 8 + lane];
            if lane == 6 {
                assert_eq!(got, if c == 1 { 0xAAAA } else { 0 }, "disabled lane untouched");
            } else {
                assert_eq!(got, v[c], "lane {lane} component {c}");
            }
        }
    }
    assert_eq!([m.grf[96], m.grf[104], m.grf[112], m.grf[120]], [64, 32, 0, 7]);

    let i = seed("SAMPLEINFO (16, M1_NM) T1 r20");
    let mut m = Machine::new();
    m.exec_mask = 0;
    w.exec(&mut m, &i).unwrap();
    assert!((0..16).all(|l| m.grf[160 + l] == 8), "_NM writes every lane: 8 samples");
    // Other spellings of the same instruction.
    for alt in ["sampleinfo (M1_NM, 16) 1, V20", "SAMPLEINFO (16_NM) T1 r20.0;"] {
        assert_eq!(assemble(alt).unwrap(), i, "{alt}");
    }
    // A mask offset that is not aligned to the execution size is the core's typed error.
    let bad = seed("RESINFO (16, M3) T0 r10 r12");
    assert_eq!(
        w.exec(&mut Machine::new(), &bad),
        Err(ExecError::Info(texcore::query::intel::InfoError::MaskAlignment { lanes: 16, mask: 3 }))
    );
}

#[test]
fn tgsi_quad_helpers() {
    // The quad helper matches the module's lane order.
    assert_eq!(quad([1, 2, 3, 4])[3], [1, 2, 3, 4]);
}
