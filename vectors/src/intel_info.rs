//! Unit `intel_info`: Intel vISA `INFO` — `resinfo` and `sampleinfo` at op level: the Op
//! and Exec_size bytes (every value, legal or not), the dispatch mask, 8 or 16 lanes with one
//! LOD each, and the `exec_size × 4` destination elements in RGBA planar order with their
//! write enables.
//!
//! The surface is header `surf` of `hdr_pool.hex`; `surf` past the image is unbound.
//! Expected outputs come from `texcore::query::intel::info`.

use anyhow::Result;
use texcore::query::intel::{self, ExecCtrl};

use super::layout::{info_err_code, status_code, Field, Image};
use super::pools::Fixture;
use super::rng::Rand;
use super::tgsi_query::{directed_views, random_view, view};
use super::Unit;

/// The unit.
pub struct IntelInfo;

const OP: usize = 0;
const EXEC: usize = 1;
const EMASK: usize = 2;
const SURF: usize = 3;
const LOD0: usize = 4;

const RESINFO: u64 = 0x0A;
const SAMPLEINFO: u64 = 0x0B;
/// SIMD16, M1.
const SIMD16: u64 = 0x04;
/// SIMD8, M1.
const SIMD8: u64 = 0x03;

fn push(out: &mut Vec<u64>, op: u64, exec: u64, emask: u32, surf: u32, lods: &[u32; 16]) {
    out.extend_from_slice(&[op, exec, u64::from(emask), u64::from(surf)]);
    out.extend(lods.iter().map(|l| u64::from(*l)));
}

impl Unit for IntelInfo {
    fn name(&self) -> &'static str {
        "intel_info"
    }

    fn title(&self) -> &'static str {
        "Intel vISA INFO resinfo / sampleinfo, SIMD8/16, masks M1-M8 and NM"
    }

    fn fields(&self) -> Vec<Field> {
        let mut f = vec![
            Field::input("op", 8, "Op byte: bits 4:0 = INFO_OP_RESINFO / INFO_OP_SAMPLEINFO (others: INFO_ERR_OP); bits 7:5 ignored"),
            Field::input("exec", 8, "Exec_size byte: bits 2:0 0b011 = 8 / 0b100 = 16 lanes, bit 3 must be 0, bits 6:4 mask Mk-1, bit 7 NoMask"),
            Field::input("emask", 32, "dispatch execution mask: lane i enabled if bit 4*(k-1)+i is set (or NoMask)"),
            Field::input("surf", 16, "surface: header n of hdr_pool.hex; n >= HDR_POOL_ENTRIES is unbound"),
        ];
        for i in 0..16 {
            f.push(Field::input(format!("lod{i:02}"), 32, format!("LOD operand of lane {i} (resinfo only)")));
        }
        f.push(Field::output("err", 2, "INFO_ERR_*: 0 executed, else why nothing was written"));
        f.push(Field::output("status", 4, "STATUS_* of the surface: VALID, HEADER_DECODE or UNBOUND; diagnostic"));
        f.push(Field::output(
            "we",
            64,
            "write enable of dst[e], bit e (e = c*N + lane for N lanes, c = 0 R, 1 G, 2 B, 3 A)",
        ));
        for e in 0..64 {
            f.push(Field::output(format!("d{e:02}"), 32, format!("dst[{e}] (0 when not written)")));
        }
        f
    }

    fn images(&self) -> &'static [Image] {
        &[Image::HdrPool]
    }

    fn rtl_files(&self) -> &'static [&'static str] {
        &["texcore_hdr_decode.sv", "texcore_resinfo_lane.sv", "texcore_info_intel.sv"]
    }

    fn default_count(&self) -> u64 {
        100_000
    }

    fn directed(&self, fx: &Fixture, out: &mut Vec<u64>) {
        let lane_ids: [u32; 16] = std::array::from_fn(|i| i as u32);
        // 1. Every directed surface (and unbound ones): resinfo with lane i at LOD i, resinfo
        //    at the edges of the view, sampleinfo, SIMD16 and SIMD8.
        for n in directed_views(fx) {
            let (levels, _) = fx.shape(n);
            let edges: [u32; 16] = [
                levels.wrapping_sub(1),
                levels,
                levels + 1,
                15,
                16,
                17,
                31,
                32,
                33,
                0x7FFF_FFFF,
                0x8000_0000,
                0xFFFF_FFFE,
                0xFFFF_FFFF,
                0,
                1,
                2,
            ];
            push(out, RESINFO, SIMD16, u32::MAX, n, &lane_ids);
            push(out, RESINFO, SIMD16, u32::MAX, n, &edges);
            push(out, RESINFO, SIMD8, 0x0000_00A5, n, &edges);
            push(out, SAMPLEINFO, SIMD8, u32::MAX, n, &lane_ids);
            push(out, SAMPLEINFO, SIMD16 | 0x80, 0, n, &lane_ids);
        }
        // 2. Every Exec_size byte (legal and illegal sizes, every mask, NoMask) with several
        //    dispatch masks, on a multisampled 2D array (sampleinfo) and a mipmapped 2D view.
        let two_d = fx.hdr_valid.iter().copied().find(|&h| fx.shape(h).0 >= 6).unwrap_or(0);
        let ms = fx.hdr_valid.iter().copied().find(|&h| fx.shape(h).1 > 1).unwrap_or(0);
        let lods: [u32; 16] = std::array::from_fn(|i| (i % 5) as u32);
        for exec in 0..=255u64 {
            for emask in [u32::MAX, 0xA5C3_0F96, 0x0000_FFFF, 0] {
                push(out, RESINFO, exec, emask, two_d, &lods);
            }
            push(out, SAMPLEINFO, exec, 0x8001_8001, ms, &lods);
        }
        // 3. Every Op byte.
        for op in 0..=255u64 {
            push(out, op, SIMD16, 0x1234_FFFF, two_d, &lods);
        }
        // 4. Each legal mask offset with a one-hot dispatch mask per channel.
        for (exec, lanes) in [(SIMD8, 8u32), (SIMD16, 16)] {
            for k in 0..8u64 {
                let e = exec | (k << 4);
                if ExecCtrl::from_byte(e as u8).is_err() {
                    continue;
                }
                for ch in (0..32).step_by(lanes as usize / 4) {
                    push(out, RESINFO, e, 1 << ch, two_d, &lane_ids);
                }
            }
        }
    }

    fn random(&self, fx: &Fixture, r: &mut Rand, v: &mut [u64]) {
        v[OP] = match r.weighted(&[45, 45, 10]) {
            0 => RESINFO | (r.bits(3) << 5),
            1 => SAMPLEINFO | (r.bits(3) << 5),
            _ => r.bits(8),
        };
        v[EXEC] = if r.chance(80) {
            let (size, masks): (u64, &[u64]) = if r.chance(50) { (3, &[0, 2, 4, 6]) } else { (4, &[0, 4]) };
            size | (r.pick(masks) << 4) | if r.chance(30) { 0x80 } else { 0 }
        } else {
            r.bits(8)
        };
        v[EMASK] = match r.weighted(&[30, 40, 15, 15]) {
            0 => u64::from(u32::MAX),
            1 => u64::from(r.u32()),
            2 => 0,
            _ => u64::from(r.u32() & r.u32() & r.u32()),
        };
        let n = random_view(r);
        v[SURF] = n;
        let levels = match fx.view(n) {
            Some(Ok(h)) => h.levels,
            _ => 1,
        };
        for l in &mut v[LOD0..LOD0 + 16] {
            *l = u64::from(r.operand(levels));
        }
    }

    fn eval(&self, fx: &Fixture, v: &[u64], out: &mut [u64]) -> Result<()> {
        let surface = view(fx, v[SURF]);
        let surf_ref = surface.as_ref().map_err(|e| *e);
        let lods: [u32; 16] = std::array::from_fn(|i| v[LOD0 + i] as u32);
        let (op, exec, emask) = (v[OP] as u8, v[EXEC] as u8, v[EMASK] as u32);
        // Run twice over different backgrounds: an element is written iff both runs agree.
        let mut a = [0u32; 64];
        let mut b = [u32::MAX; 64];
        let res = intel::info(op, exec, emask, surf_ref, &lods, &mut a);
        let _ = intel::info(op, exec, emask, surf_ref, &lods, &mut b);
        out[0] = info_err_code(res.as_ref().err());
        out[1] = status_code(surface.as_ref().err());
        let mut we = 0u64;
        for (e, (x, y)) in a.iter().zip(&b).enumerate() {
            if x == y {
                we |= 1 << e;
                out[3 + e] = u64::from(*x);
            }
        }
        out[2] = we;
        Ok(())
    }
}
