//! Unit `texel_decode`: the format decoder (`texcore::texel::decode`): a format code, the
//! header's sRGB bit and the 16 stored bytes of one texel → the four raw component values
//! `(x, y, z, w)` in texcore's exact domain (UNORM/SNORM integers, binary16/binary32 bit
//! patterns, integers), each as 64-bit two's complement.
//!
//! The bytes are `texel_hi:texel_lo` read as one 128-bit little-endian number: byte `k` of
//! the texel is bits `[8k+7:8k]` (`texel_lo` holds bytes 0–7). Every format the core has is
//! covered; codes that are not formats (`FMT_VALID` = 0) are not in the vectors (the core's
//! `decode` takes a `Format`). The sRGB bit is ignored unless the format is sRGB-capable
//! (`FMT_SRGB_CAPABLE`), as in the core. The RTL's sRGB table is generated from
//! `texcore::texel::SRGB_TO_LINEAR16` (`generated/texcore_srgb_lut.svh`).

use anyhow::{anyhow, Result};
use texcore::texel::decode;
use texcore::Format;

use super::layout::{Field, Image};
use super::pools::Fixture;
use super::rng::Rand;
use super::Unit;

/// The unit.
pub struct TexelDecode;

/// 16-bit lane values every format gets (replicated over the 16 bytes).
const H16: [u16; 10] = [0x0000, 0x0001, 0x3C00, 0x7BFF, 0x7C00, 0x7FFF, 0x8000, 0x8001, 0xFFFE, 0xFFFF];
/// 32-bit lane values every format gets (replicated over the 16 bytes).
const W32: [u32; 12] = [
    0,
    1,
    0x00FF_FFFF,
    0x0100_0000,
    0x3F80_0000,
    0x7F80_0000,
    0x7FC0_0001,
    0x7FFF_FFFF,
    0x8000_0000,
    0x8000_0001,
    0xFF00_0000,
    0xFFFF_FFFF,
];

fn split(b: [u8; 16]) -> (u64, u64) {
    let v = u128::from_le_bytes(b);
    ((v >> 64) as u64, v as u64)
}

/// The directed byte patterns: every byte value replicated, 16- and 32-bit lane edges
/// replicated, ramps.
fn patterns() -> Vec<[u8; 16]> {
    let mut v: Vec<[u8; 16]> = (0..=255u8).map(|b| [b; 16]).collect();
    for h in H16 {
        let mut b = [0u8; 16];
        for c in b.chunks_exact_mut(2) {
            c.copy_from_slice(&h.to_le_bytes());
        }
        v.push(b);
    }
    for w in W32 {
        let mut b = [0u8; 16];
        for c in b.chunks_exact_mut(4) {
            c.copy_from_slice(&w.to_le_bytes());
        }
        v.push(b);
    }
    v.push(core::array::from_fn(|i| i as u8));
    v.push(core::array::from_fn(|i| (0xF0 - 0x10 * i) as u8 | i as u8));
    v.push(core::array::from_fn(|i| if i % 2 == 0 { 0x80 } else { 0x7F }));
    v
}

impl Unit for TexelDecode {
    fn name(&self) -> &'static str {
        "texel_decode"
    }

    fn title(&self) -> &'static str {
        "format decoder: stored texel bytes -> raw (x, y, z, w) in texcore's domain, every format, sRGB"
    }

    fn fields(&self) -> Vec<Field> {
        vec![
            Field::input("fmt", 8, "FMT_*: texel format (only assigned codes, FMT_VALID)"),
            Field::input("srgb", 1, "header sRGB bit (effective only for FMT_SRGB_CAPABLE formats)"),
            Field::input("texel_hi", 64, "stored bytes 15..8 (byte k at bits 8(k-8)+7:8(k-8))"),
            Field::input("texel_lo", 64, "stored bytes 7..0 (byte k at bits 8k+7:8k; little-endian)"),
            Field::output("x", 64, "component x, raw value in its domain, 64-bit two's complement"),
            Field::output("y", 64, "component y"),
            Field::output("z", 64, "component z"),
            Field::output("w", 64, "component w"),
        ]
    }

    fn images(&self) -> &'static [Image] {
        &[]
    }

    fn rtl_files(&self) -> &'static [&'static str] {
        &["texcore_texel_decode.sv"]
    }

    fn default_count(&self) -> u64 {
        1_000_000
    }

    fn directed(&self, _fx: &Fixture, out: &mut Vec<u64>) {
        let pats = patterns();
        for f in Format::ALL {
            for srgb in [0u64, 1] {
                for p in &pats {
                    let (hi, lo) = split(*p);
                    out.extend_from_slice(&[u64::from(f.code()), srgb, hi, lo]);
                }
            }
        }
    }

    fn random(&self, _fx: &Fixture, r: &mut Rand, v: &mut [u64]) {
        let f = r.pick(Format::ALL);
        v[0] = u64::from(f.code());
        v[1] = if f.srgb_capable() { r.bits(1) } else { u64::from(r.chance(10)) };
        let mut b = [0u8; 16];
        match r.weighted(&[70, 15, 15]) {
            0 => b = core::array::from_fn(|_| r.bits(8) as u8),
            1 => {
                for c in b.chunks_exact_mut(2) {
                    c.copy_from_slice(&r.pick(&H16).to_le_bytes());
                }
            }
            _ => {
                for c in b.chunks_exact_mut(4) {
                    c.copy_from_slice(&r.pick(&W32).to_le_bytes());
                }
            }
        }
        (v[2], v[3]) = split(b);
    }

    fn eval(&self, _fx: &Fixture, v: &[u64], out: &mut [u64]) -> Result<()> {
        let f = Format::from_code(v[0] as u8).ok_or_else(|| anyhow!("format code {:#x} is not a format", v[0]))?;
        let bytes = ((u128::from(v[2]) << 64) | u128::from(v[3])).to_le_bytes();
        let t = decode(f, v[1] != 0, &bytes);
        for (o, c) in out.iter_mut().zip(t.0) {
            *o = c as u64;
        }
        Ok(())
    }
}
