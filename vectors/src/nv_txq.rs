//! Unit `nv_txq`: NVIDIA `TXQ` at op level — handle resolution (constant bank or bindless
//! `.B`, `ViaHeaderBinding`, both pools with `MaximumIndex`), the three queries, invalid →
//! zeros, and the destination write mask.
//!
//! Reads `cbank.hex`, `hdr_pool.hex`, `smp_pool.hex`. Expected outputs come from
//! `texcore::query::nv::txq` and `texcore::output::decimate`; `status` from
//! `Bindings::resolve`. A query reads only the texture header: the results are zeros for
//! the statuses `CONST_BANK_INDEX`, `HEADER_*` and `SAMPLER_ABOVE_MAXIMUM`, and the query's
//! values for `VALID`, `SAMPLER_OUTSIDE_POOL` and `SAMPLER_DECODE`.

use anyhow::{anyhow, Result};
use texcore::handle::{Bindings, HandleSource, Pool, SamplerBinding, TsPtrIdx};
use texcore::output::{decimate, wmask_count};
use texcore::query::nv::{self, TxqQuery};

use super::layout::{status_code, Field, Image, CBANK_WORDS, HDR_POOL_ENTRIES, SMP_POOL_ENTRIES};
use super::pools::{Fixture, HIGH};
use super::rng::Rand;
use super::Unit;

/// The unit.
pub struct NvTxq;

const HDR_MAX: u64 = HDR_POOL_ENTRIES as u64 - 1;
const SMP_MAX: u64 = SMP_POOL_ENTRIES as u64 - 1;

/// Input field indices.
const BINDLESS: usize = 0;
const TS_IDX: usize = 1;
const HANDLE: usize = 2;
const VIA: usize = 3;
const HMAX: usize = 4;
const SMAX: usize = 5;
const QUERY: usize = 6;
const PARAM: usize = 7;
const WMASK: usize = 8;
const N_IN: usize = 9;

#[derive(Clone, Copy)]
struct Stim {
    bindless: bool,
    ts_idx: u32,
    handle: u32,
    via: bool,
    hdr_max: u64,
    smp_max: u64,
    query: TxqQuery,
    param: u32,
    wmask: u8,
}

impl Stim {
    fn cbank(ts_idx: u32, query: TxqQuery, param: u32) -> Stim {
        Stim {
            bindless: false,
            ts_idx,
            handle: 0,
            via: false,
            hdr_max: HDR_MAX,
            smp_max: SMP_MAX,
            query,
            param,
            wmask: 0xF,
        }
    }

    fn bindless(handle: u32, query: TxqQuery, param: u32) -> Stim {
        Stim { bindless: true, handle, ..Stim::cbank(0, query, param) }
    }

    fn push(self, out: &mut Vec<u64>) {
        out.extend_from_slice(&[
            u64::from(self.bindless),
            u64::from(self.ts_idx),
            u64::from(self.handle),
            u64::from(self.via),
            self.hdr_max,
            self.smp_max,
            self.query as u64,
            u64::from(self.param),
            u64::from(self.wmask),
        ]);
    }
}

/// LOD operands worth testing for a view with `levels` levels.
pub fn lods(levels: u32) -> Vec<u32> {
    let mut v =
        vec![0, 1, levels.wrapping_sub(1), levels, levels + 1, 16, 17, 31, 32, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFF];
    v.sort_unstable();
    v.dedup();
    v
}

/// Sample indices worth testing for `samples` samples.
pub fn sample_indices(samples: u32) -> Vec<u32> {
    let mut v: Vec<u32> = (0..=samples).chain([15, 16, 17, 0xFFFF_FFFF]).collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// Every query with the operands worth testing for a view of `levels` / `samples`.
fn all_queries(levels: u32, samples: u32, mut f: impl FnMut(TxqQuery, u32)) {
    for l in lods(levels) {
        f(TxqQuery::Dimension, l);
    }
    f(TxqQuery::TextureType, 0);
    f(TxqQuery::TextureType, 0xFFFF_FFFF);
    for i in sample_indices(samples) {
        f(TxqQuery::SamplerPos, i);
    }
}

/// The binding state a stimulus describes: the fixture's images with its `MaximumIndex`
/// values and binding mode.
fn bindings<'a>(fx: &'a Fixture, v: &[u64]) -> Bindings<'a> {
    Bindings {
        headers: Pool { entries: &fx.headers, maximum_index: v[HMAX] as u32 },
        samplers: Pool { entries: &fx.samplers, maximum_index: v[SMAX] as u32 },
        binding: if v[VIA] != 0 { SamplerBinding::ViaHeaderBinding } else { SamplerBinding::Independent },
        const_bank: &fx.cbank,
    }
}

/// The handle source a stimulus describes (`None`: `ts_idx` does not fit 13 bits).
fn source(v: &[u64]) -> Option<HandleSource> {
    if v[BINDLESS] != 0 {
        Some(HandleSource::Bindless(v[HANDLE] as u32))
    } else {
        TsPtrIdx::new(v[TS_IDX] as u16).map(HandleSource::ConstBank)
    }
}

impl Unit for NvTxq {
    fn name(&self) -> &'static str {
        "nv_txq"
    }

    fn title(&self) -> &'static str {
        "NVIDIA TXQ: handle resolution, pools with MaximumIndex, 3 queries, write mask"
    }

    fn fields(&self) -> Vec<Field> {
        let mut f = vec![
            Field::input(
                "bindless",
                1,
                "1 = bindless .B (handle from the `handle` register), 0 = handle from the constant bank at `ts_idx`",
            ),
            Field::input(
                "ts_idx",
                13,
                "#tsPtrIdxU13 (legacy form {smpU05, tidU08}); word index into cbank.hex; ignored when bindless",
            ),
            Field::input(
                "handle",
                32,
                "bindless handle register: samplerPtr[31:20] | headerPtr[19:0]; ignored unless bindless",
            ),
            Field::input(
                "via_hdr",
                1,
                "SetSamplerBinding: 1 = ViaHeaderBinding (headerPtr also selects the sampler), 0 = Independent",
            ),
            Field::input("hdr_max", 20, "SetTexHeaderPoolC.MaximumIndex (largest valid headerPtr)"),
            Field::input("smp_max", 20, "SetSamplerHeaderPoolC.MaximumIndex (largest valid samplerPtr)"),
            Field::input("query", 3, "#query: TXQ_TEX_HEADER_DIMENSION, _TEXTURE_TYPE, _SAMPLER_POS"),
            Field::input(
                "param",
                32,
                "parameter register: LOD (DIMENSION) or sample index (SAMPLER_POS); ignored by TEXTURE_TYPE",
            ),
            Field::input("wmask", 4, "#wmskU04: bit c enables component c (R, G, B, A)"),
            Field::output(
                "status",
                4,
                "STATUS_* code: the first failing check of the full resolve (0 = valid); diagnostic. The query is valid (rd* = its results) for VALID, SAMPLER_OUTSIDE_POOL and SAMPLER_DECODE, zeros otherwise",
            ),
            Field::output("wen", 4, "registers written: bit k = Rd+k (the low popcount(wmask) bits)"),
        ];
        for (k, nth) in ["first", "second", "third", "fourth"].iter().enumerate() {
            f.push(Field::output(
                format!("rd{k}"),
                32,
                format!("Rd+{k}: the {nth} enabled component of (R, G, B, A); 0 if not written"),
            ));
        }
        f
    }

    fn images(&self) -> &'static [Image] {
        &[Image::Cbank, Image::HdrPool, Image::SmpPool]
    }

    fn rtl_files(&self) -> &'static [&'static str] {
        &["texcore_hdr_decode.sv", "texcore_smp_check.sv", "texcore_view_dims.sv", "texcore_txq_nv.sv"]
    }

    fn default_count(&self) -> u64 {
        1_000_000
    }

    fn directed(&self, fx: &Fixture, out: &mut Vec<u64>) {
        use TxqQuery as Q;
        let hn = HDR_POOL_ENTRIES;
        let sn = SMP_POOL_ENTRIES;
        let slots: Vec<u32> = fx.hdr_valid.iter().chain(&fx.hdr_invalid).copied().collect();
        let smp_ok = |i: u32| fx.smp_valid[(i as usize) % fx.smp_valid.len()];

        // 1. Every directed header through the constant bank, every query and operand.
        for &h in &slots {
            // The constant bank holds a handle for each directed slot: low slots at the same
            // index, high slots in the high region of the bank.
            let idx = if h < fx.directed { h } else { CBANK_WORDS - HIGH + (h - (hn - HIGH)) };
            let (levels, samples) = fx.shape(h);
            all_queries(levels, samples, |q, p| Stim::cbank(idx, q, p).push(out));
        }
        // 2. Every directed header bindless, with a valid sampler, ignored ts_idx.
        for &h in &slots {
            let (levels, samples) = fx.shape(h);
            let handle = Fixture::handle(smp_ok(h), h);
            for (q, p) in [(Q::Dimension, 0), (Q::Dimension, levels), (Q::TextureType, 0), (Q::SamplerPos, samples - 1)]
            {
                Stim { ts_idx: 0x1FFF, ..Stim::bindless(handle, q, p) }.push(out);
            }
        }
        // Every invalid sampler (and the last sampler slot) with a valid header.
        for &sm in &fx.smp_invalid {
            all_queries(2, 4, |q, p| Stim::bindless(Fixture::handle(sm, fx.hdr_valid[1]), q, p).push(out));
        }
        // 3. Every write mask on a 3D view (four distinct non-zero components), a
        //    multisampled view and an invalid one.
        let h3d = fx.hdr_valid.iter().copied().find(
            |&h| matches!(fx.view(u64::from(h)), Some(Ok(v)) if v.ty == texcore::TextureType::ThreeD && v.levels > 1),
        );
        let hms = fx.hdr_valid.iter().copied().find(|&h| fx.shape(h).1 == 8);
        for wmask in 0..16u8 {
            for (h, q, p) in [
                (h3d.unwrap_or(0), Q::Dimension, 0),
                (h3d.unwrap_or(0), Q::Dimension, 1),
                (h3d.unwrap_or(0), Q::TextureType, 0),
                (hms.unwrap_or(0), Q::SamplerPos, 3),
                (fx.hdr_invalid[0], Q::Dimension, 0),
            ] {
                Stim { wmask, ..Stim::cbank(h, q, p) }.push(out);
            }
        }
        // 4. MaximumIndex edges for the header and the sampler pointer.
        let hv = fx.hdr_valid[5];
        let sv = fx.smp_valid[3];
        let handle = Fixture::handle(sv, hv);
        let around = |x: u32| [0, u64::from(x) - 1, u64::from(x), u64::from(x) + 1, 0xF_FFFF];
        for m in around(hv) {
            all_queries(2, 2, |q, p| Stim { hdr_max: m, ..Stim::bindless(handle, q, p) }.push(out));
        }
        for m in around(sv) {
            all_queries(2, 2, |q, p| Stim { smp_max: m, ..Stim::bindless(handle, q, p) }.push(out));
        }
        // 5. Pointers past the pools: within MaximumIndex (outside the image) and above it.
        let past = [
            Fixture::handle(sv, hn),
            Fixture::handle(sv, hn + 1),
            Fixture::handle(sv, 0xF_FFFF),
            Fixture::handle(sn, hv),
            Fixture::handle(sn + 1, hv),
            Fixture::handle(0xFFF, hv),
            Fixture::handle(0xFFF, 0xF_FFFF),
        ];
        for handle in past {
            for (hm, sm) in [(HDR_MAX, SMP_MAX), (0xF_FFFF, 0xF_FFFF), (0xF_FFFF, SMP_MAX), (HDR_MAX, 0xF_FFFF)] {
                all_queries(3, 4, |q, p| Stim { hdr_max: hm, smp_max: sm, ..Stim::bindless(handle, q, p) }.push(out));
            }
        }
        // 6. ViaHeaderBinding: the header pointer selects the sampler; the handle's sampler
        //    field is ignored. Directed slots meet valid and invalid samplers; the high slots
        //    are above the sampler MaximumIndex / past the sampler pool.
        for &h in &slots {
            let (levels, samples) = fx.shape(h);
            for junk in [0u32, 0xFFF] {
                let handle = Fixture::handle(junk, h);
                for (q, p) in
                    [(Q::Dimension, 0), (Q::TextureType, 0), (Q::SamplerPos, samples - 1), (Q::Dimension, levels)]
                {
                    Stim { via: true, ..Stim::bindless(handle, q, p) }.push(out);
                    Stim { via: true, smp_max: 0xF_FFFF, ..Stim::bindless(handle, q, p) }.push(out);
                }
            }
        }
        for &idx in fx.cb_special.iter() {
            Stim { via: true, ..Stim::cbank(idx, Q::Dimension, 0) }.push(out);
        }
        // 7. Constant-bank indices: the special handles, the bank's edges, past the bank and
        //    the largest {smp, tid}.
        let mut idxs: Vec<u32> = fx.cb_special.clone();
        idxs.extend([CBANK_WORDS - 1, CBANK_WORDS - HIGH, CBANK_WORDS, CBANK_WORDS + 1, 0x1FFF]);
        idxs.extend(
            [(255u8, 15u8), (0, 16), (255, 31), ((fx.directed - 1).min(255) as u8, 0)]
                .iter()
                .filter_map(|(t, s)| TsPtrIdx::from_tid_smp(*t, *s))
                .map(|i| u32::from(i.get())),
        );
        for idx in idxs {
            all_queries(2, 2, |q, p| Stim::cbank(idx, q, p).push(out));
            for (hm, sm) in [(0xF_FFFF, 0xF_FFFF), (0, 0)] {
                Stim { hdr_max: hm, smp_max: sm, ..Stim::cbank(idx, Q::Dimension, 0) }.push(out);
            }
        }
        // 8. Odd bindless words.
        for handle in [0u32, 0xFFFF_FFFF, 0x000F_FFFF, 0xFFF0_0000, 0x0010_0000, 0x8000_0001] {
            for via in [false, true] {
                all_queries(2, 2, |q, p| Stim { via, ..Stim::bindless(handle, q, p) }.push(out));
            }
        }
    }

    fn random(&self, fx: &Fixture, r: &mut Rand, v: &mut [u64]) {
        let bindless = r.chance(40);
        let ts_idx = match r.weighted(&[85, 5, 10]) {
            0 => r.below(u64::from(CBANK_WORDS)) as u32,
            1 => r.range(u64::from(CBANK_WORDS) - 2, u64::from(CBANK_WORDS) + 1) as u32,
            _ => r.bits(13) as u32,
        };
        let handle = super::pools::random_handle(r);
        let via = r.chance(25);
        let hdr_max = match r.weighted(&[70, 10, 20]) {
            0 => HDR_MAX,
            1 => 0xF_FFFF,
            _ => r.below(HDR_MAX + 64),
        };
        let smp_max = match r.weighted(&[65, 10, 10, 15]) {
            0 => SMP_MAX,
            1 => 0xF_FFFF,
            2 => 4095,
            _ => r.below(SMP_MAX + 64),
        };
        let query = r.pick(&TxqQuery::ALL);
        // Operand edges from the header the handle most likely names.
        let word = if bindless { handle } else { fx.cbank_word(ts_idx) };
        let (levels, samples) = match fx.view(u64::from(word & 0xF_FFFF)) {
            Some(Ok(h)) => (h.levels, h.samples()),
            _ => (1 + r.below(17) as u32, 1 << r.below(5)),
        };
        let param = match query {
            TxqQuery::Dimension => r.operand(levels),
            TxqQuery::SamplerPos => r.operand(samples),
            TxqQuery::TextureType => r.u32(),
        };
        let wmask = if r.chance(50) { 0xF } else { r.bits(4) };
        v[BINDLESS] = u64::from(bindless);
        v[TS_IDX] = u64::from(ts_idx);
        v[HANDLE] = u64::from(handle);
        v[VIA] = u64::from(via);
        v[HMAX] = hdr_max;
        v[SMAX] = smp_max;
        v[QUERY] = query as u64;
        v[PARAM] = u64::from(param);
        v[WMASK] = wmask;
    }

    fn eval(&self, fx: &Fixture, v: &[u64], out: &mut [u64]) -> Result<()> {
        debug_assert_eq!(v.len(), N_IN);
        let bindings = bindings(fx, v);
        let source = source(v).ok_or_else(|| anyhow!("ts_idx out of range"))?;
        let query =
            TxqQuery::from_code(v[QUERY] as u32).ok_or_else(|| anyhow!("query code {} unassigned", v[QUERY]))?;
        let wmask = v[WMASK] as u8;
        // `status` is the diagnostic of the full resolve (what an op that reads the sampler
        // would see); the result is `nv::txq`'s, which reads only the header: a sampler
        // past the pool image or one that does not decode leaves the query valid.
        let status = status_code(bindings.resolve(source).as_ref().err());
        let rgba = nv::txq(&bindings, source, query, v[PARAM] as u32);
        let regs = decimate(rgba, wmask);
        out[0] = status;
        out[1] = (1u64 << wmask_count(wmask)) - 1;
        for (k, slot) in out[2..6].iter_mut().enumerate() {
            *slot = regs.get(k).map(|x| u64::from(*x)).unwrap_or(0);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use texcore::{Invalid, TextureHeader};

    /// The query rule on every kind of stimulus: the results are the header's query (the
    /// core's `txq_header`) exactly when the handle, the header and the sampler pointer's
    /// `MaximumIndex` check pass — whatever the sampler words are — and zeros otherwise; and
    /// `status` is the full resolve's first failing check.
    #[test]
    fn results_follow_the_query_rule_and_status_the_full_resolve() {
        let fx = Fixture::build(2, 11).unwrap();
        let mut r = Rand::new(11, "nv_txq test", 0);
        let mut stimuli = Vec::new();
        NvTxq.directed(&fx, &mut stimuli);
        let mut v = [0u64; N_IN];
        let mut valid_with_bad_sampler = 0;
        for i in 0..300_000usize {
            if let Some(d) = stimuli.get(i * N_IN..(i + 1) * N_IN) {
                v.copy_from_slice(d);
            } else {
                NvTxq.random(&fx, &mut r, &mut v);
            }
            let mut out = [0u64; 6];
            NvTxq.eval(&fx, &v, &mut out).unwrap();
            let bindings = bindings(&fx, &v);
            let source = source(&v).unwrap();
            let q = TxqQuery::from_code(v[QUERY] as u32).unwrap();
            let full = bindings.resolve(source);
            assert_eq!(out[0], status_code(full.as_ref().err()), "stimulus {v:x?}");
            let query_valid = match full {
                Ok(_) => true,
                Err(Invalid::SamplerOutsidePool(_) | Invalid::Sampler(_)) => {
                    valid_with_bad_sampler += 1;
                    true
                }
                Err(_) => false,
            };
            let rgba = match bindings.handle(source) {
                Ok(h) if query_valid => nv::txq_header(
                    &TextureHeader::from_words(&fx.headers[h.header_ptr() as usize]).unwrap(),
                    q,
                    v[PARAM] as u32,
                ),
                _ => [0; 4],
            };
            let regs = decimate(rgba, v[WMASK] as u8);
            let want: Vec<u64> = (0..4).map(|k| regs.get(k).map(|x| u64::from(*x)).unwrap_or(0)).collect();
            assert_eq!(out[2..], want[..], "stimulus {v:x?}");
        }
        assert!(valid_with_bad_sampler > 1000, "{valid_with_bad_sampler} queries with an unreadable sampler");
    }
}
