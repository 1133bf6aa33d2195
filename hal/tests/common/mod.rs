//! Shared test helpers: an independent frame encoder (bitwise CRC-32C, hand-written
//! layouts), a populated device fixture and a broad list of ops.
#![allow(dead_code)]

use texcore::handle::{Handle, HandleSource, SamplerBinding, TsPtrIdx};
use texcore::query::nv::TxqQuery;
use texcore::{Format, MsMode, SamplerHeader, TextureHeader, TextureType, WrapMode};
use texcore_hal::{Config, FpgaSampler, Op, SamplerDevice, SimulatedFpga, SoftSampler};

/// Fixture capacities.
pub const H: usize = 16;
pub const S: usize = 8;
pub const C: usize = 32;
pub const MEM: usize = 1024;

pub type Sim<'m> = SimulatedFpga<'m, H, S, C>;
pub type Soft<'m> = SoftSampler<'m, H, S, C>;

/// CRC-32C, bit by bit (reflected polynomial 0x82F63B78): independent of the `crc` crate.
pub fn crc32c(data: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFFu32;
    for &b in data {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0x82F6_3B78 } else { crc >> 1 };
        }
    }
    !crc
}

/// A command frame, by hand.
pub fn cmd_frame(code: u8, seq: u8, payload: &[u8]) -> Vec<u8> {
    let mut f = vec![code, seq];
    f.extend_from_slice(&(payload.len() as u16).to_le_bytes());
    f.extend_from_slice(payload);
    let crc = crc32c(&f);
    f.extend_from_slice(&crc.to_le_bytes());
    f
}

/// A response frame, by hand.
pub fn resp_frame(seq: u8, code: u8, status: u8, payload: &[u8]) -> Vec<u8> {
    let mut f = vec![0xA5, seq, code, status];
    f.extend_from_slice(&(payload.len() as u16).to_le_bytes());
    f.extend_from_slice(payload);
    let crc = crc32c(&f);
    f.extend_from_slice(&crc.to_le_bytes());
    f
}

pub fn le32(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// The fixture's texture headers (index = pool pointer). Entries 13 and 14 are invalid.
pub fn headers() -> Vec<[u32; 8]> {
    let t = |ty, fmt, w, h, d, levels| TextureHeader::new(ty, fmt, w, h, d, levels);
    let ms = |ty, w, h, d, mode| TextureHeader { ms_mode: mode, ..t(ty, Format::RGBA8_UNORM, w, h, d, 1) };
    let list = [
        t(TextureType::OneD, Format::RGBA8_UNORM, 256, 1, 1, 9),
        t(TextureType::TwoD, Format::RGBA8_UNORM, 64, 32, 1, 7),
        t(TextureType::ThreeD, Format::R8_UNORM, 32, 16, 8, 6),
        t(TextureType::Cube, Format::RGBA8_UNORM, 32, 32, 1, 6),
        t(TextureType::OneDArray, Format::RGBA8_UNORM, 128, 1, 4, 8),
        t(TextureType::TwoDArray, Format::RG8_UNORM, 16, 16, 6, 5),
        t(TextureType::OneDBuffer, Format::R8_UNORM, 1000, 1, 1, 1),
        ms(TextureType::TwoDNoMipmap, 20, 10, 3, MsMode::Mode1x1),
        t(TextureType::CubeArray, Format::RGBA8_UNORM, 8, 8, 2, 4),
        ms(TextureType::TwoD, 16, 16, 1, MsMode::Mode2x2),
        ms(TextureType::TwoDArray, 16, 8, 3, MsMode::Mode4x2),
        ms(TextureType::TwoD, 8, 8, 1, MsMode::Mode4x4),
        TextureHeader {
            base_level: 1,
            quilt_width: 1,
            quilt_height: 2,
            ..t(TextureType::TwoD, Format::RGBA8_UNORM, 64, 64, 1, 5)
        },
    ];
    let mut words: Vec<[u32; 8]> = list
        .iter()
        .map(|h| {
            h.validate().unwrap_or_else(|e| panic!("fixture header {h:?} invalid: {e:?}"));
            h.to_words()
        })
        .collect();
    words.push([0xC000_0011, 0, 3, 0, 0, 0, 0, 0]); // 13: reserved bits set
    words.push([0; 8]); // 14: format 0: invalid
    words.push(ms(TextureType::TwoDNoMipmap, 4, 4, 5, MsMode::Mode2x1).to_words()); // 15: above MaximumIndex
    words
}

/// The fixture's sampler headers. Entry 2 is invalid.
pub fn samplers() -> Vec<[u32; 8]> {
    let s1 = SamplerHeader { wrap: [WrapMode::ClampToEdge; 3], seamless_cube: true, ..SamplerHeader::default() };
    vec![SamplerHeader::default().to_words(), s1.to_words(), [0, 0, 0, 0, 0, 0, 0, 1], s1.to_words()]
}

/// Constant-bank handle words.
pub fn const_bank() -> Vec<u32> {
    let mut v = Vec::new();
    for (s, h) in [(0, 0), (1, 1), (0, 2), (3, 3), (0, 4), (1, 5), (0, 6), (0, 7), (1, 8), (0, 9), (0, 10), (0, 11)] {
        v.push(Handle::new(s, h).unwrap().0);
    }
    v.push(Handle::new(0, 12).unwrap().0);
    v.push(Handle::new(2, 1).unwrap().0); // invalid sampler
    v.push(Handle::new(0, 13).unwrap().0); // invalid header words
    v.push(Handle::new(0, 15).unwrap().0); // header above MaximumIndex
    v.push(Handle::new(7, 1).unwrap().0); // sampler above MaximumIndex
    v.push(Handle::new(5, 1).unwrap().0); // sampler within MaximumIndex, past the pool? (S = 8: inside)
    v.push(Handle::new(0, 0xF_FFFF).unwrap().0);
    v
}

/// Uploads the fixture.
pub fn populate<D: SamplerDevice>(d: &mut D) -> Result<(), D::Error> {
    d.reset()?;
    for (i, w) in headers().iter().enumerate() {
        d.write_header(i as u32, w)?;
    }
    for (i, w) in samplers().iter().enumerate() {
        d.write_sampler(i as u32, w)?;
    }
    d.write_const_bank(0, &const_bank())?;
    d.set_header_pool_max(14)?;
    d.set_sampler_pool_max(6)?;
    let texels: Vec<u8> = (0..MEM as u32).map(|i| (i * 7 + 3) as u8).collect();
    d.write_memory(0, &texels)?;
    d.set_binding(SamplerBinding::Independent)?;
    Ok(())
}

/// Every op form with a spread of operands (several thousand).
pub fn all_ops() -> Vec<Op> {
    let mut ops = Vec::new();
    let params = [0, 1, 2, 3, 5, 7, 15, 16, 20, u32::MAX];
    for idx in (0..C as u16 + 2).chain([TsPtrIdx::MAX]) {
        for q in TxqQuery::ALL {
            for &param in &params[..6] {
                let source = HandleSource::ConstBank(TsPtrIdx::new(idx).unwrap());
                ops.push(Op::NvTxq { source, query: q, param });
            }
        }
    }
    for h in [0u32, 1, 2, 3, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 0xF_FFFF] {
        for s in [0u32, 1, 2, 3, 6, 7, 8, 0xFFF] {
            for q in TxqQuery::ALL {
                ops.push(Op::NvTxq { source: HandleSource::Bindless((s << 20) | h), query: q, param: 1 });
            }
        }
    }
    for view in (0..H as u32 + 2).chain([u32::MAX]) {
        for &p in &params {
            ops.push(Op::TgsiTxq { view, lod: p });
            ops.push(Op::TgsiSviewinfo { view, mip_level: p });
            ops.push(Op::TgsiSamplePos { view, index: p });
        }
        ops.push(Op::TgsiSampleInfo { view });
    }
    let lods = [[0u32; 16], core::array::from_fn(|i| i as u32), core::array::from_fn(|i| (i as u32 * 3) ^ 0x10)];
    for surface in (0..H as u32 + 1).chain([u32::MAX]) {
        for op in [0x0A, 0x0B, 0x2A, 0x01, 0x1F] {
            for size in [0b011u8, 0b100] {
                for mask in 0..8u8 {
                    for nm in [0u8, 0x80] {
                        let exec = size | (mask << 4) | nm;
                        for (k, lod) in lods.iter().enumerate() {
                            if k > 0 && (op != 0x0A || surface > 3) {
                                continue;
                            }
                            for exec_mask in [0xFFFF_FFFFu32, 0x0F0F_A5A5] {
                                ops.push(Op::IntelInfo { op, exec, exec_mask, surface, lod: *lod });
                            }
                        }
                    }
                }
            }
        }
        for exec in [0x00u8, 0x05, 0x0B, 0x0C, 0x07] {
            ops.push(Op::IntelInfo { op: 0x0A, exec, exec_mask: !0, surface, lod: [1; 16] });
        }
    }
    ops
}

/// A simulated FPGA with the fixture uploaded through a driver, and a soft sampler with the
/// same fixture. Returns what the closure returns.
pub fn with_pair<R>(config: Config, f: impl FnOnce(&Sim<'_>, &mut Driver<'_, '_>, &mut Soft<'_>) -> R) -> R {
    let mut fpga_mem = vec![0u8; MEM];
    let mut soft_mem = vec![0u8; MEM];
    let sim: Sim<'_> = SimulatedFpga::new(&mut fpga_mem);
    let mut fpga = FpgaSampler::new(sim.spi(), sim.busy_pin(), sim.reset_pin(), sim.delay(), config);
    fpga.init().expect("init");
    populate(&mut fpga).expect("populate fpga");
    let mut soft: Soft<'_> = SoftSampler::new(&mut soft_mem);
    populate(&mut soft).expect("populate soft");
    f(&sim, &mut fpga, &mut soft)
}

pub type Driver<'a, 'm> = FpgaSampler<
    texcore_hal::sim::SimSpi<'a, 'm, H, S, C>,
    texcore_hal::sim::SimBusy<'a, 'm, H, S, C>,
    texcore_hal::sim::SimReset<'a, 'm, H, S, C>,
    texcore_hal::sim::SimDelay<'a, 'm, H, S, C>,
>;

// ---- the scene of `texcore_hal::selfcheck`: real textures (formats, 2D / array / cube /
// ---- 3D / buffer / multisample, mips) for the sampling, fetch, resource and gather ops

use texcore::op::gather::{Tld4sMods, Tld4sOperands};
use texcore::op::resource::AtomicOp;
use texcore::op::sample::{Quad, TexOp};
use texcore::op::tmml::CoordDesc;
pub use texcore_hal::selfcheck::{ptr, smp, Scene};
use texcore_hal::Grads;

/// Texture memory of the scene fixture (the fixture's pool capacities already hold it).
pub const SCENE_MEM: usize = texcore_hal::selfcheck::SCENE_MEMORY_CAP;
pub const SCENE_SEED: u64 = 0x00C0_FFEE;

pub fn scene() -> Scene {
    Scene::new(SCENE_SEED).expect("scene")
}

/// As [`with_pair`], on the selfcheck scene.
pub fn with_scene_pair<R>(config: Config, f: impl FnOnce(&Sim<'_>, &mut Driver<'_, '_>, &mut Soft<'_>) -> R) -> R {
    let scene = scene();
    let mut fpga_mem = vec![0u8; SCENE_MEM];
    let mut soft_mem = vec![0u8; SCENE_MEM];
    let sim: Sim<'_> = SimulatedFpga::new(&mut fpga_mem);
    let mut fpga = FpgaSampler::new(sim.spi(), sim.busy_pin(), sim.reset_pin(), sim.delay(), config);
    fpga.init().expect("init");
    scene.upload(&mut fpga).expect("upload fpga");
    let mut soft: Soft<'_> = SoftSampler::new(&mut soft_mem);
    scene.upload(&mut soft).expect("upload soft");
    f(&sim, &mut fpga, &mut soft)
}

pub fn f(v: f32) -> u32 {
    v.to_bits()
}

/// A quad around `(s, t, r)` with screen derivatives `dx`, `dy` (lanes 0 TL, 1 TR, 2 BL, 3 BR),
/// `w` in every lane.
pub fn quad(c: [f32; 3], dx: [f32; 3], dy: [f32; 3], w: f32) -> Quad {
    core::array::from_fn(|lane| {
        let (ix, iy) = ((lane & 1) as f32, (lane >> 1) as f32);
        let v: [f32; 3] = core::array::from_fn(|a| c[a] + ix * dx[a] + iy * dy[a]);
        [f(v[0]), f(v[1]), f(v[2]), f(w)]
    })
}

pub fn grads(dx: [f32; 3], dy: [f32; 3]) -> Grads {
    Grads { ddx: [dx.map(f); 4], ddy: [dy.map(f); 4] }
}

fn cb(i: u16) -> HandleSource {
    HandleSource::ConstBank(TsPtrIdx::new(i).unwrap())
}

/// One op of each new kind on the scene (most with non-zero results), and a few rejected.
pub fn scene_ops() -> Vec<Op> {
    let q2 = quad([0.3, 0.6, 0.0], [0.07, 0.0, 0.0], [0.0, 0.05, 0.0], 0.0);
    let q_arr = quad([0.4, 0.45, 2.2], [0.1, 0.02, 0.0], [0.01, 0.12, 0.0], 0.0);
    let dir = quad([0.3, -1.0, 0.45], [0.05, 0.0, 0.0], [0.0, 0.0, 0.05], 1.0);
    let q3 = quad([0.2, 0.7, 0.4], [0.06, 0.0, 0.01], [0.0, 0.09, 0.0], 0.0);
    let depth_ref = [f(0.5), f(0.25), f(0.75), f(0.6)];
    vec![
        Op::TgsiTxf { view: ptr::RGBA8_2D, coord: [3, 2, 0, 1], offset: [1, -1, 0] },
        Op::TgsiSampleI { view: ptr::ARRAY, address: [1, 2, 3, 1] },
        Op::TgsiSampleIMs { view: ptr::MULTISAMPLE, address: [1, 3, 0, 0], sample: 2 },
        Op::TgsiLoad { resource: ptr::ATOMIC, address: [1, 2, 0, 0] },
        Op::TgsiStore { resource: ptr::RGBA8_2D, address: [5, 6, 0, 0], src: [f(0.25), f(0.5), f(0.75), f(1.0)] },
        Op::TgsiAtomic {
            op: AtomicOp::UAdd,
            resource: ptr::ATOMIC,
            address: [2, 1, 0, 0],
            src: [1, 2, 3, 4],
            cmp: [0; 4],
        },
        Op::TgsiAtomic {
            op: AtomicOp::IMax,
            resource: ptr::BUFFER,
            address: [9, 0, 0, 0],
            src: [5, 0, 0, 0],
            cmp: [0; 4],
        },
        Op::TgsiTex {
            op: TexOp::Txb,
            shadow: false,
            view: ptr::RGBA8_2D,
            sampler: smp::TRILINEAR,
            src0: quad([0.3, 0.6, 0.0], [0.07, 0.0, 0.0], [0.0, 0.05, 0.0], 0.75),
            src1: None,
            grads: None,
        },
        Op::TgsiTex {
            op: TexOp::Txd,
            shadow: true,
            view: ptr::DEPTH,
            sampler: smp::COMPARE_LE,
            src0: quad([0.3, 0.6, 0.5], [0.07, 0.0, 0.0], [0.0, 0.05, 0.0], 0.0),
            src1: None,
            grads: Some(grads([0.2, 0.0, 0.0], [0.0, 0.1, 0.0])),
        },
        Op::TgsiTex {
            op: TexOp::Tex,
            shadow: true,
            view: ptr::CUBE_ARRAY,
            sampler: smp::COMPARE_LE,
            src0: dir,
            src1: Some(depth_ref),
            grads: None,
        },
        Op::TgsiTex {
            op: TexOp::Txl,
            shadow: false,
            view: ptr::ARRAY_1D,
            sampler: smp::TRILINEAR,
            src0: quad([0.3, 1.2, 0.0], [0.1, 0.0, 0.0], [0.0, 0.0, 0.0], 1.5),
            src1: None,
            grads: None,
        },
        Op::TgsiTex {
            op: TexOp::Txp,
            shadow: false,
            view: ptr::HALF,
            sampler: smp::ANISO,
            src0: quad([0.3, 0.6, 0.0], [0.07, 0.0, 0.0], [0.0, 0.05, 0.0], 1.5),
            src1: None,
            grads: None,
        },
        Op::TgsiSample { view: ptr::THREE_D, sampler: smp::TRILINEAR, address: q3, offset: [1, 0, -1] },
        Op::TgsiSampleB {
            view: ptr::ARRAY,
            sampler: smp::ANISO,
            address: q_arr,
            offset: [0; 3],
            bias: [f(0.5), f(-1.0), 0, f(2.0)],
        },
        Op::TgsiSampleL {
            view: ptr::CUBE,
            sampler: smp::TRILINEAR,
            address: dir,
            offset: [0; 3],
            lod: [f(0.0), f(0.5), f(1.25), f(3.0)],
        },
        Op::TgsiSampleD {
            view: ptr::PITCHED,
            sampler: smp::ANISO,
            address: q2,
            offset: [0, 2, 0],
            grads: grads([0.3, 0.05, 0.0], [0.0, 0.02, 0.0]),
        },
        Op::TgsiSampleC {
            view: ptr::DEPTH,
            sampler: smp::COMPARE_LE,
            address: q2,
            offset: [0; 3],
            reference: depth_ref,
        },
        Op::TgsiSampleCLz {
            view: ptr::DEPTH,
            sampler: smp::COMPARE_GT,
            address: q2,
            offset: [-1, 1, 0],
            reference: depth_ref,
        },
        Op::TgsiGather4 {
            view: ptr::HALF,
            sampler: smp::NEAREST,
            address: q2,
            component: 2,
            offset: [1, -2],
            reference: None,
        },
        Op::TgsiGather4 {
            view: ptr::CUBE,
            sampler: smp::TRILINEAR,
            address: dir,
            component: 0,
            offset: [0, 0],
            reference: None,
        },
        Op::TgsiGather4 {
            view: ptr::DEPTH,
            sampler: smp::COMPARE_LE,
            address: q2,
            component: 0,
            offset: [0, 0],
            reference: Some(depth_ref),
        },
        Op::NvTld4s {
            source: cb(1),
            mods: Tld4sMods { comp: 0, aoffi: true, dc: false, f16: Some(texcore::fp::F16Rounding::NearestEven) },
            operands: Tld4sOperands { s: f(0.4), t: f(0.3), toff: texcore::op::gather::aoffi_encode(1, -1, 0), dc: 0 },
        },
        Op::NvTld4s {
            source: cb(3),
            mods: Tld4sMods { comp: 0, aoffi: false, dc: true, f16: None },
            operands: Tld4sOperands { s: f(0.4), t: f(0.3), toff: 0, dc: f(0.5) },
        },
        Op::NvTmml {
            source: cb(1),
            desc: CoordDesc::TwoD,
            ra: quad([0.3, 0.6, 0.0], [0.07, 0.0, 0.0], [0.0, 0.2, 0.0], 0.0),
        },
        Op::NvTmml { source: cb(8), desc: CoordDesc::ArrayCube, ra: dir.map(|[x, y, z, _]| [1, x, y, z]) },
        // Rejected: TXF on a cube, STORE to depth, an atomic on RGBA8, a bad offset, TLD4S .DC on an integer format.
        Op::TgsiTxf { view: ptr::CUBE, coord: [0; 4], offset: [0; 3] },
        Op::TgsiStore { resource: ptr::DEPTH, address: [0; 4], src: [0; 4] },
        Op::TgsiAtomic { op: AtomicOp::Xor, resource: ptr::RGBA8_2D, address: [0; 4], src: [1; 4], cmp: [0; 4] },
        Op::TgsiSample { view: ptr::RGBA8_2D, sampler: smp::NEAREST, address: q2, offset: [0, 8, 0] },
        Op::NvTld4s {
            source: cb(9),
            mods: Tld4sMods { comp: 0, aoffi: false, dc: true, f16: None },
            operands: Tld4sOperands { s: 0, t: 0, toff: 0, dc: 0 },
        },
    ]
}

/// Which fixture an op runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fixture {
    /// [`populate`]: query fixture.
    Queries,
    /// [`scene`].
    Scene,
}

/// Runs `f` on a fresh pair of the fixture.
pub fn with_fixture<R>(
    fx: Fixture,
    config: Config,
    f: impl FnOnce(&Sim<'_>, &mut Driver<'_, '_>, &mut Soft<'_>) -> R,
) -> R {
    match fx {
        Fixture::Queries => with_pair(config, f),
        Fixture::Scene => with_scene_pair(config, f),
    }
}

/// Uploads the fixture again (texture memory included).
pub fn reupload<D: SamplerDevice>(fx: Fixture, d: &mut D) -> Result<(), D::Error> {
    match fx {
        Fixture::Queries => populate(d),
        Fixture::Scene => scene().upload(d),
    }
}
