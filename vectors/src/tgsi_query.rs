//! Unit `tgsi_query`: the Gallium TGSI resource queries `SVIEWINFO`, `TXQ`, `SAMPLE_INFO`
//! and `SAMPLE_POS`, integer and float-returning forms.
//!
//! The sampler view `SVIEW[n]` is header `n` of `hdr_pool.hex`; `n` past the image is an
//! unbound slot. Expected outputs come from `texcore::query::tgsi`.

use anyhow::Result;
use texcore::handle::Invalid;
use texcore::query::tgsi;
use texcore::TextureHeader;

use super::layout::{status_code, Field, Image, TgsiOp, HDR_POOL_ENTRIES};
use super::nv_txq::{lods, sample_indices};
use super::pools::Fixture;
use super::rng::Rand;
use super::Unit;

/// The unit.
pub struct TgsiQuery;

/// The view `SVIEW[n]` / Intel surface `n` as the core's query functions take it.
pub fn view(fx: &Fixture, n: u64) -> Result<TextureHeader, Invalid> {
    match fx.view(n) {
        None => Err(Invalid::Unbound(n as u32)),
        Some(Err(e)) => Err(Invalid::Header(*e)),
        Some(Ok(h)) => Ok(*h),
    }
}

/// View indices the directed vectors use: every directed slot and two unbound ones.
pub fn directed_views(fx: &Fixture) -> Vec<u32> {
    fx.hdr_valid.iter().chain(&fx.hdr_invalid).copied().chain([HDR_POOL_ENTRIES, 0xFFFF]).collect()
}

/// A random view index: mostly in the pool, sometimes unbound.
pub fn random_view(r: &mut Rand) -> u64 {
    let n = u64::from(HDR_POOL_ENTRIES);
    match r.weighted(&[90, 5, 5]) {
        0 => r.below(n),
        1 => r.range(n, 0xFFFF),
        _ => r.pick(&[0, n - 1, n, 0xFFFF]),
    }
}

impl Unit for TgsiQuery {
    fn name(&self) -> &'static str {
        "tgsi_query"
    }

    fn title(&self) -> &'static str {
        "TGSI SVIEWINFO / TXQ / SAMPLE_INFO / SAMPLE_POS"
    }

    fn fields(&self) -> Vec<Field> {
        vec![
            Field::input("op", 2, "TGSI_OP_*: SVIEWINFO, TXQ, SAMPLE_INFO, SAMPLE_POS"),
            Field::input("fp32", 1, "1 = float-returning form: SVIEWINFO/TXQ/SAMPLE_INFO results as fp32 (RNE); SAMPLE_POS is always fp32"),
            Field::input("view", 16, "SVIEW[n]: header n of hdr_pool.hex; n >= HDR_POOL_ENTRIES is unbound"),
            Field::input("param", 32, "src: mip level (SVIEWINFO, TXQ) or sample index (SAMPLE_POS), read as unsigned; ignored by SAMPLE_INFO"),
            Field::output("status", 4, "STATUS_*: VALID, HEADER_DECODE or UNBOUND; diagnostic"),
            Field::output("x", 32, "dst.x"),
            Field::output("y", 32, "dst.y"),
            Field::output("z", 32, "dst.z"),
            Field::output("w", 32, "dst.w"),
        ]
    }

    fn images(&self) -> &'static [Image] {
        &[Image::HdrPool]
    }

    fn rtl_files(&self) -> &'static [&'static str] {
        &["texcore_hdr_decode.sv", "texcore_view_dims.sv", "texcore_u32_to_f32.sv", "texcore_query_tgsi.sv"]
    }

    fn default_count(&self) -> u64 {
        1_000_000
    }

    fn directed(&self, fx: &Fixture, out: &mut Vec<u64>) {
        for n in directed_views(fx) {
            let (levels, samples) = fx.shape(n);
            for fp in [0u64, 1] {
                for op in [TgsiOp::SviewInfo, TgsiOp::Txq] {
                    for l in lods(levels) {
                        out.extend_from_slice(&[op as u64, fp, u64::from(n), u64::from(l)]);
                    }
                }
                out.extend_from_slice(&[TgsiOp::SampleInfo as u64, fp, u64::from(n), 0]);
                out.extend_from_slice(&[TgsiOp::SampleInfo as u64, fp, u64::from(n), 0xFFFF_FFFF]);
            }
            for i in sample_indices(samples) {
                out.extend_from_slice(&[TgsiOp::SamplePos as u64, u64::from(i) & 1, u64::from(n), u64::from(i)]);
            }
        }
    }

    fn random(&self, fx: &Fixture, r: &mut Rand, v: &mut [u64]) {
        let op = TgsiOp::from_code(r.bits(2));
        let n = random_view(r);
        let (levels, samples) = match fx.view(n) {
            Some(Ok(h)) => (h.levels, h.samples()),
            _ => (1, 1),
        };
        v[0] = op as u64;
        v[1] = r.bits(1);
        v[2] = n;
        v[3] = u64::from(match op {
            TgsiOp::SamplePos => r.operand(samples),
            _ => r.operand(levels),
        });
    }

    fn eval(&self, fx: &Fixture, v: &[u64], out: &mut [u64]) -> Result<()> {
        let view = view(fx, v[2]);
        let view_ref = view.as_ref().map_err(|e| *e);
        let p = v[3] as u32;
        let op = TgsiOp::from_code(v[0]);
        let r = match op {
            TgsiOp::SviewInfo => tgsi::sviewinfo(view_ref, p),
            TgsiOp::Txq => tgsi::txq(view_ref, p),
            TgsiOp::SampleInfo => tgsi::sample_info(view_ref),
            TgsiOp::SamplePos => tgsi::sample_pos(view_ref, p),
        };
        let r = if v[1] != 0 && op != TgsiOp::SamplePos { tgsi::to_f32_bits(r) } else { r };
        out[0] = status_code(view.as_ref().err());
        for (o, x) in out[1..5].iter_mut().zip(r) {
            *o = u64::from(x);
        }
        Ok(())
    }
}
