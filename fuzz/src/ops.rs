//! Target `ops`: every core op through its public entry point (`texcore::op::*`) on a
//! generated texture header (words, fields in range, or hand-built fields), sampler,
//! binary32 coordinates biased to NaN / ±∞ / denormals / huge / texel edges, offsets and a
//! small texel memory.
//!
//! Checks, besides "no panic" (overflow checks are on):
//! * sampling: `sample_quad_into`, `sample_warp_into`, `sample_batch_into` (batch, also in
//!   `texcore-host`'s copy for the CPU) and
//!   `SampleBinding::sample_quad_into` (descriptors bound once) equal `sample_quad` (scalar); the same memory without its byte slice (no word-indexed
//!   kernel) gives the same quad; an RGBA8 2D texture (the RGBA8 fast path) samples exactly like the same texels
//!   viewed as a one-slice 3D texture (the general path);
//! * the named TGSI entries (`tex`, `txb`, `txl`, `txd`, `txp`) equal the family's general
//!   entry (`tex_family_offset`) without shadow, offsets or `src1`;
//! * the stages `gather_texel`, `component_to_bits`, `compare`, `unorm_from_f32` /
//!   `snorm_from_f32` (any domain, width and value: `gather_texel` equals the conversion or
//!   the comparison), `aniso_offset` (odd in its table value and in its derivative), the
//!   ratio conversions (a factor common to numerator and denominator changes nothing),
//!   `fixed_to_f32_bits`, `f32_scaled_rne` and the LOD unit's short-float stages on
//!   arbitrary operands;
//! * gather: `GATHER4` equals `TLD4S` lane by lane where both apply (2D, RGBA formats);
//! * fetch: `TXF` with zero offset equals `SAMPLE_I` equals `SAMPLE_I_MS` sample 0;
//! * `STORE` then `LOAD` returns the encoded value; an atomic returns the old texel, writes
//!   `op(old, src, cmp)` exactly where the resource table puts the texel, and nothing else;
//!   a rejected `STORE` / atomic writes nothing;
//! * the host API: `TextureUnit::new` (fields) and `from_words` bind exactly the headers that
//!   validate, and every method of a bound unit (sampling, compare, gather, fetch, the
//!   queries, their `_f32` forms) equals the op function it stands for.

use texcore::compare::compare;
use texcore::coord::{f32_scaled_rne, f32_scaled_rne_wide};
use texcore::descriptor::{CompareFunc, ComponentLayout, Format, SamplerHeader, TextureHeader, TextureType, WrapMode};
use texcore::fp::{fixed_to_f32_bits, ratio_to_f16_bits, ratio_to_f32_bits, ratio_to_f32_odd_bits, F16Rounding};
use texcore::handle::{Bindings, Handle, HandleSource, Invalid, Pool, SamplerBinding, TsPtrIdx};
use texcore::lod::tables::{log2_down, log2_up};
use texcore::lod::{rho2, scale_factor, Derivs, Exact, Sf};
use texcore::memory::{texel_address, TexelCoord, TexelMemory};
use texcore::op::fetch::{sample_i, sample_i_ms, txf, FetchBinding};
use texcore::op::gather::{gather4, gather_texel, tld4s, Tld4sMods, Tld4sOperands};
use texcore::op::resource::{atomic, load, store, AtomicOp};
use texcore::op::sample::{
    aniso_offset, sample, sample_b, sample_batch_into, sample_c, sample_c_lz, sample_compare_quad, sample_d, sample_l,
    sample_quad, sample_quad_into, sample_warp_into, tex, tex_family_offset, txb, txd, txl, txp, Quad, SampleBinding,
    SampleRequest, TexOp, TexOperands, BATCH_CHUNK,
};
use texcore::op::tmml::{tmml, tmml_header, CoordDesc};
use texcore::output::{component_to_bits, texel_to_bits};
use texcore::query::nv::{txq_header, TxqQuery};
use texcore::query::tgsi::sviewinfo;
use texcore::texel::{decode, domains, encode, snorm_from_f32, unorm_from_f32, Domain};
use texcore::{LodSource, TextureUnit};

use crate::gen;
use crate::input::Reader;

/// Texel memory without a byte slice: the ops read it byte-addressed only.
struct NoSlice<'a>(&'a [u8]);

impl TexelMemory for NoSlice<'_> {
    fn read(&self, addr: u64, buf: &mut [u8]) -> bool {
        self.0.read(addr, buf)
    }
}

/// A quad of coordinates: four independent lanes, or a base lane and screen deltas (so
/// implicit derivatives are small and meaningful).
fn quad(r: &mut Reader<'_>) -> Quad {
    if r.bool() {
        core::array::from_fn(|_| core::array::from_fn(|_| gen::f32_bits(r)))
    } else {
        let base: [u32; 4] = core::array::from_fn(|_| gen::f32_bits(r));
        let dx: [f32; 4] = core::array::from_fn(|_| f32::from_bits(gen::f32_bits(r)) / 64.0);
        let dy: [f32; 4] = core::array::from_fn(|_| f32::from_bits(gen::f32_bits(r)) / 64.0);
        core::array::from_fn(|lane| {
            let (ix, iy) = ((lane & 1) as f32, (lane >> 1) as f32);
            core::array::from_fn(|c| (f32::from_bits(base[c]) + ix * dx[c] + iy * dy[c]).to_bits())
        })
    }
}

fn grads(r: &mut Reader<'_>) -> [[[u32; 3]; 2]; 4] {
    core::array::from_fn(|_| core::array::from_fn(|_| core::array::from_fn(|_| gen::f32_bits(r))))
}

fn vec4(r: &mut Reader<'_>) -> [u32; 4] {
    core::array::from_fn(|_| gen::uint(r))
}

/// Runs one input.
pub fn run(data: &[u8]) {
    let mut r = Reader::new(data);
    let src = gen::header(&mut r);
    let smp = gen::sampler(&mut r);
    let mut mem = gen::memory(&mut r);
    let view_v = src.view();
    let smp_v = smp.sampler();
    let view = view_v.as_ref().map_err(|e| *e);
    let sampler = smp_v.as_ref().map_err(|e| *e);
    match r.below(11) {
        0 => sampling(view, sampler, &mem, &mut r),
        1 => tex_family(view, sampler, &mem, &mut r),
        2 => tgsi_sample(view, sampler, &mem, &mut r),
        3 => gathers(view, sampler, &mem, &src, &smp, &mut r),
        4 => tmml_ops(view, sampler, &src, &smp, &mut r),
        5 => fetches(view, &mem, &mut r),
        6 => store_load(view, &mut mem, &mut r),
        7 => stage_arithmetic(&mut r),
        10 => unit_api(&src, &smp, &mem, &mut r),
        _ => atomics(view, &mut mem, &mut r),
    }
}

/// The public per-texel and per-sample stages the ops are built from, on arbitrary
/// operands: `gather_texel` (any domain, width, raw value and reference) and
/// `aniso_offset`, whose exact `RNE(t × d × size × 256)` is odd in `t` and in `d`.
fn stage_arithmetic(r: &mut Reader<'_>) {
    let domain = match r.below(6) {
        0 => Domain::Unorm(r.u8()),
        1 => Domain::Snorm(r.u8()),
        2 => Domain::F16,
        3 => Domain::F32,
        4 => Domain::Uint,
        _ => Domain::Sint,
    };
    let v = (u64::from(r.u32()) << 32 | u64::from(r.u32())) as i64;
    let reference = r.bool().then(|| (CompareFunc::from_code(r.u32()), gen::f32_bits(r)));
    let gathered = gather_texel(domain, v, reference);
    let bits = component_to_bits(domain, v);
    if matches!(domain, Domain::Unorm(_) | Domain::Snorm(_)) {
        match reference {
            None => assert_eq!(gathered, Ok(bits), "gather_texel == component_to_bits ({domain:?}, {v})"),
            Some((f, w)) => {
                let pass = compare(f, domain, w, v).expect("normalized domains compare");
                assert_eq!(gathered, Ok(if pass { 0x3F80_0000 } else { 0 }), "gather_texel == compare");
            }
        }
        if domain.norm_den() == 0 {
            assert_eq!((bits, domain.one()), (0, 0), "{domain:?}: a width no format has");
        }
    }
    let (n, w) = (r.u32() % 80, gen::f32_bits(r));
    let _ = (unorm_from_f32(w, n), snorm_from_f32(w, n));
    // The exact conversions on any operands; a common factor `m` of numerator and
    // denominator (the denominator then often beyond 37 bits, the wide division) changes
    // nothing.
    let num = (u64::from(r.u32()) << 32 | u64::from(r.u32())) as i64;
    let den = u64::from(r.u32()) << (r.u8() % 40) | u64::from(r.u8());
    let shift = if r.bool() { u32::from(r.u8()) } else { r.u32() };
    let f32_bits = ratio_to_f32_bits(num, den, shift);
    let f16_bits = [F16Rounding::NearestEven, F16Rounding::TowardZero].map(|m| ratio_to_f16_bits(num, den, shift, m));
    let m = u64::from(r.u32() | 1) << (r.u8() % 32);
    if let (Some(nm), Some(dm)) =
        (i64::try_from(num.unsigned_abs()).ok().and_then(|a| a.checked_mul(m as i64)), den.checked_mul(m))
    {
        let nm = if num < 0 { -nm } else { nm };
        assert_eq!(ratio_to_f32_bits(nm, dm, shift), f32_bits, "ratio_to_f32_bits({num}·{m}, {den}·{m}, {shift})");
        for (i, mode) in [F16Rounding::NearestEven, F16Rounding::TowardZero].into_iter().enumerate() {
            assert_eq!(ratio_to_f16_bits(nm, dm, shift, mode), f16_bits[i], "ratio_to_f16_bits {mode:?}");
        }
    }
    let _ = (fixed_to_f32_bits(num, shift), ratio_to_f32_odd_bits(num, den));
    let scale = u64::from(r.u32()) << (r.u8() % 40);
    let _ = (f32_scaled_rne(w, scale), f32_scaled_rne_wide(w, scale));
    // The LOD unit's short-float stages on any field values (in range or not).
    let mut sf = || Sf {
        neg: r.bool(),
        m: if r.bool() { (1 << 17) | (r.u32() & 0x1_FFFF) } else { r.u32() },
        e: r.u32() as i32,
    };
    let (a, b, c) = (sf(), sf(), sf());
    let _ = (a.square(), a.scale(r.u32()), a.scale_pow2(r.u32()), log2_up(a), log2_down(b), Sf::sum_squares2(a, b));
    let d = Derivs { dx: [a, b, c], dy: [c, a, b], log2_scale: r.u32() as i32 };
    let _ =
        (rho2(&d.dx), scale_factor(&d, r.u32() % 8), Sf::fused(Exact::from_f32(w), Exact::from_f32(gen::f32_bits(r))));
    let t = r.u32() as i32;
    let d = gen::f32_bits(r);
    let size = r.u32();
    let mode = WrapMode::from_code(u32::from(r.u8() % 8)).unwrap_or(WrapMode::Repeat);
    let a = aniso_offset(t, d, size, mode);
    if t != i32::MIN {
        assert_eq!(aniso_offset(-t, d, size, mode), -a, "aniso_offset odd in t ({t}, {d:#x}, {size}, {mode:?})");
    }
    if d & 0x7FFF_FFFF <= 0x7F80_0000 {
        // (Not NaN: a NaN derivative gives 0 either way.)
        assert_eq!(aniso_offset(t, d ^ 0x8000_0000, size, mode), -a, "aniso_offset odd in d ({t}, {d:#x})");
    }
}

fn request(r: &mut Reader<'_>) -> SampleRequest {
    let mut req = SampleRequest::new(quad(r));
    if r.bool() {
        req.grads = Some(grads(r));
    }
    req.offset = [gen::offset(r, 16), gen::offset(r, 16), gen::offset(r, 16)];
    req
}

fn sampling(
    view: Result<&TextureHeader, Invalid>,
    sampler: Result<&SamplerHeader, Invalid>,
    mem: &[u8],
    r: &mut Reader<'_>,
) {
    let req = request(r);
    let req2 = request(r);
    let want = sample_quad(view, sampler, mem, &req);
    let want2 = sample_quad(view, sampler, mem, &req2);
    // The form writing into a buffer: the same quad, zeros on an error.
    let mut out = [[0xDEAD_BEEF; 4]; 4];
    let got = sample_quad_into(view, sampler, mem, &req, &mut out);
    assert_eq!(got, want.map(|_| ()), "sample_quad_into status");
    assert_eq!(out, *want.as_ref().unwrap_or(&[[0; 4]; 4]), "sample_quad_into quad");
    // A warp of two quads: each quad as alone, the first failing quad's error.
    let mut outs = [[[0x5555_5555; 4]; 4]; 2];
    let got = sample_warp_into(view, sampler, mem, &[req, req2], &mut outs);
    let first = match (&want, &want2) {
        (Err(e), _) => Err((0, *e)),
        (Ok(_), Err(e)) => Err((1, *e)),
        _ => Ok(()),
    };
    assert_eq!(got, first, "warp status");
    assert_eq!(outs[0], *want.as_ref().unwrap_or(&[[0; 4]; 4]), "warp quad 0");
    assert_eq!(outs[1], *want2.as_ref().unwrap_or(&[[0; 4]; 4]), "warp quad 1");
    // A batch of the two quads alternating, across a chunk boundary: each quad as alone.
    let reqs: [SampleRequest; BATCH_CHUNK + 2] = core::array::from_fn(|i| if i % 2 == 0 { req } else { req2 });
    let mut outs = [[[0x3333_3333; 4]; 4]; BATCH_CHUNK + 2];
    let got = sample_batch_into(view, sampler, mem, &reqs, &mut outs);
    assert_eq!(got, first, "batch status");
    for (i, o) in outs.iter().enumerate() {
        let w = if i % 2 == 0 { &want } else { &want2 };
        assert_eq!(*o, *w.as_ref().unwrap_or(&[[0; 4]; 4]), "batch quad {i}");
    }
    // The same batch in the copy texcore-host selects for this CPU.
    let mut host = [[[0x4444_4444; 4]; 4]; BATCH_CHUNK + 2];
    assert_eq!(texcore_host::sample_batch_into(view, sampler, mem, &reqs, &mut host), first, "texcore-host batch status");
    assert_eq!(host, outs, "texcore-host batch quads");
    // The descriptors bound once (validated, the kernel constants prepared): each quad as
    // alone, with and without the byte slice.
    let bound = SampleBinding::new(view, sampler);
    for (i, (rq, w)) in [(&req, &want), (&req2, &want2)].into_iter().enumerate() {
        let w_status = w.map(|_| ());
        let w_quad = *w.as_ref().unwrap_or(&[[0; 4]; 4]);
        let mut o = [[0x7777_7777; 4]; 4];
        assert_eq!(bound.sample_quad_into(mem, rq, &mut o), w_status, "SampleBinding status, quad {i}");
        assert_eq!(o, w_quad, "SampleBinding quad {i}");
        let mut o = [[0x7777_7777; 4]; 4];
        assert_eq!(
            bound.sample_quad_into(&NoSlice(mem), rq, &mut o),
            w_status,
            "SampleBinding status, bytes, quad {i}"
        );
        assert_eq!(o, w_quad, "SampleBinding quad {i}, byte-addressed memory");
    }
    // Without the byte slice (no word-indexed kernel): the same results.
    assert_eq!(sample_quad(view, sampler, &NoSlice(mem), &req), want, "byte-addressed memory");
    // The RGBA8 fast path equals the general path: the same texels as a one-slice 3D texture.
    if let (Ok(h), Ok(s)) = (view, sampler) {
        rgba8_vs_general(h, s, mem, &req);
    }
    // Depth compare on the same request.
    let reference: [u32; 4] = core::array::from_fn(|_| gen::f32_bits(r));
    let _ = sample_compare_quad(view, sampler, mem, &req, reference);
}

fn rgba8_vs_general(h: &TextureHeader, s: &SamplerHeader, mem: &[u8], req: &SampleRequest) {
    let fast = h.ty == TextureType::TwoD
        && matches!(h.format, Format::RGBA8_UNORM | Format::BGRA8_UNORM)
        && !h.srgb
        && h.samples() == 1
        && h.validate().is_ok()
        && s.validate().is_ok()
        && s.max_anisotropy_log2 == 0;
    if !fast {
        return;
    }
    let mut h3 = *h;
    h3.ty = TextureType::ThreeD;
    (h3.depth, h3.quilt_width, h3.quilt_height) = (1, 0, 0);
    if h3.validate().is_err() {
        return;
    }
    let mut s3 = *s;
    s3.wrap[2] = WrapMode::ClampToEdge;
    // r = ½ in every lane and no r derivative: the 3D texture's one slice, at full weight.
    let mut q = *req;
    for c in q.coords.iter_mut() {
        c[2] = 0x3F00_0000;
    }
    if let Some(g) = q.grads.as_mut() {
        for lane in g.iter_mut() {
            lane[0][2] = 0;
            lane[1][2] = 0;
        }
    }
    q.offset[2] = 0;
    let two_d = sample_quad(Ok(h), Ok(&s3), mem, &q);
    let three_d = sample_quad(Ok(&h3), Ok(&s3), mem, &q);
    assert_eq!(two_d, three_d, "RGBA8 fast path == general path (one-slice 3D)");
}

fn tex_family(
    view: Result<&TextureHeader, Invalid>,
    sampler: Result<&SamplerHeader, Invalid>,
    mem: &[u8],
    r: &mut Reader<'_>,
) {
    let op = [TexOp::Tex, TexOp::Txb, TexOp::Txl, TexOp::Txd, TexOp::Txp][r.below(5)];
    let shadow = r.bool();
    let src0 = quad(r);
    let src1 = quad(r);
    let (ddx, ddy) = (quad(r), quad(r));
    let flags = r.u8();
    let ops = TexOperands {
        src0: &src0,
        src1: (flags & 1 == 1).then_some(&src1),
        grads: (flags & 2 == 2).then_some((&ddx, &ddy)),
    };
    let offset = [gen::offset(r, 16), gen::offset(r, 16), gen::offset(r, 16)];
    let a = tex_family_offset(op, shadow, view, sampler, mem, ops, offset);
    let b = tex_family_offset(op, shadow, view, sampler, &NoSlice(mem), ops, offset);
    assert_eq!(a, b, "byte-addressed memory");
    // The named entries: the family without shadow, offsets or `src1` (`TXD` with the
    // gradients).
    let (named, grads) = match op {
        TexOp::Tex => (tex(view, sampler, mem, &src0), None),
        TexOp::Txb => (txb(view, sampler, mem, &src0), None),
        TexOp::Txl => (txl(view, sampler, mem, &src0), None),
        TexOp::Txd => (txd(view, sampler, mem, &src0, &ddx, &ddy), Some((&ddx, &ddy))),
        TexOp::Txp => (txp(view, sampler, mem, &src0), None),
    };
    let plain = TexOperands { src0: &src0, src1: None, grads };
    assert_eq!(named, tex_family_offset(op, false, view, sampler, mem, plain, [0; 3]), "{op:?} entry");
}

fn tgsi_sample(
    view: Result<&TextureHeader, Invalid>,
    sampler: Result<&SamplerHeader, Invalid>,
    mem: &[u8],
    r: &mut Reader<'_>,
) {
    let address = quad(r);
    let scalar: [u32; 4] = core::array::from_fn(|_| gen::f32_bits(r));
    let (ddx, ddy) = (quad(r), quad(r));
    let offset = [gen::offset(r, 16), gen::offset(r, 16), gen::offset(r, 16)];
    let _ = match r.below(6) {
        0 => sample(view, sampler, mem, &address, offset),
        1 => sample_b(view, sampler, mem, &address, scalar, offset),
        2 => sample_l(view, sampler, mem, &address, scalar, offset),
        3 => sample_d(view, sampler, mem, &address, &ddx, &ddy, offset),
        4 => sample_c(view, sampler, mem, &address, scalar, offset),
        _ => sample_c_lz(view, sampler, mem, &address, scalar, offset),
    };
}

/// Pools holding the generated descriptors at pointer 0, a constant bank with their handle.
fn bindings<'a>(headers: &'a [[u32; 8]], samplers: &'a [[u32; 8]], bank: &'a [u32]) -> Bindings<'a> {
    Bindings {
        headers: Pool::new(headers),
        samplers: Pool::new(samplers),
        binding: SamplerBinding::Independent,
        const_bank: bank,
    }
}

fn words(src: &gen::HeaderSrc, smp: &gen::SamplerSrc) -> ([[u32; 8]; 1], [[u32; 8]; 1]) {
    let h = match src {
        gen::HeaderSrc::Words(w) => *w,
        gen::HeaderSrc::Fields(h) => h.to_words(),
    };
    let s = match smp {
        gen::SamplerSrc::Words(w) => *w,
        gen::SamplerSrc::Fields(s) => s.to_words(),
    };
    ([h], [s])
}

fn gathers(
    view: Result<&TextureHeader, Invalid>,
    sampler: Result<&SamplerHeader, Invalid>,
    mem: &[u8],
    src: &gen::HeaderSrc,
    smp: &gen::SamplerSrc,
    r: &mut Reader<'_>,
) {
    let address = quad(r);
    let comp = if r.u8() < 250 { r.below(4) as u8 } else { r.u8() };
    let offset = [gen::offset(r, 64), gen::offset(r, 64)];
    let reference: Option<[u32; 4]> = r.bool().then(|| core::array::from_fn(|_| gen::f32_bits(r)));
    let g = gather4(view, sampler, mem, &address, comp, offset, reference);
    assert_eq!(g, gather4(view, sampler, &NoSlice(mem), &address, comp, offset, reference));
    // TLD4S through pools holding the same descriptors.
    let (hw, sw) = words(src, smp);
    let bank = [Handle::new(0, 0).map_or(0, |h| h.0)];
    let b = bindings(&hw, &sw, &bank);
    let mods = Tld4sMods {
        comp,
        aoffi: offset != [0, 0],
        dc: reference.is_some(),
        f16: [None, Some(F16Rounding::NearestEven), Some(F16Rounding::TowardZero)][r.below(3)],
    };
    let source = if r.bool() { HandleSource::ConstBank(TsPtrIdx::default()) } else { HandleSource::Bindless(r.u32()) };
    for lane in 0..4 {
        let ops = Tld4sOperands {
            s: address[lane][0],
            t: address[lane][1],
            toff: texcore::op::gather::aoffi_encode(offset[0], offset[1], 0),
            dc: reference.map_or(0, |x| x[lane]),
        };
        let t = tld4s(&b, source, mem, mods, ops);
        // Where both apply (2D RGBA, the pool's header, no .F16, in-range offsets and component),
        // TLD4S lane = GATHER4 lane.
        let same = b.resolve(source).is_ok_and(|x| Ok(&x.header) == view && Ok(&x.sampler) == sampler);
        if let (true, Ok(g), Ok(t), Ok(h)) = (same, &g, &t, view) {
            let comparable = h.ty == TextureType::TwoD
                && h.format.layout() == ComponentLayout::Rgba
                && mods.f16.is_none()
                && offset.iter().all(|o| (-32..=31).contains(o));
            if comparable {
                assert_eq!([t.rd0[0], t.rd0[1], t.rd1[0], t.rd1[1]], g[lane], "TLD4S == GATHER4, lane {lane}");
            }
        }
    }
}

fn tmml_ops(
    view: Result<&TextureHeader, Invalid>,
    sampler: Result<&SamplerHeader, Invalid>,
    src: &gen::HeaderSrc,
    smp: &gen::SamplerSrc,
    r: &mut Reader<'_>,
) {
    let ra = quad(r);
    let desc = CoordDesc::ALL[r.below(CoordDesc::ALL.len())];
    let (hw, sw) = words(src, smp);
    let bank = [Handle::new(0, 0).map_or(0, |h| h.0)];
    let b = bindings(&hw, &sw, &bank);
    let source = if r.bool() { HandleSource::ConstBank(TsPtrIdx::default()) } else { HandleSource::Bindless(r.u32()) };
    let via_pool = tmml(&b, source, desc, &ra);
    match b.resolve(source) {
        Ok(x) => assert_eq!(via_pool, tmml_header(&x.header, &x.sampler, desc, &ra)),
        Err(_) => assert_eq!(via_pool, [[0; 4]; 4], "an invalid texture: zeros"),
    }
    if let (Ok(h), Ok(s)) = (view, sampler) {
        let _ = tmml_header(h, s, desc, &ra);
    }
}

fn fetches(view: Result<&TextureHeader, Invalid>, mem: &[u8], r: &mut Reader<'_>) {
    let a = vec4(r);
    let sample = gen::uint(r);
    let offset = [gen::offset(r, 16), gen::offset(r, 16), gen::offset(r, 16)];
    let si = sample_i(view, mem, a);
    assert_eq!(sample_i_ms(view, mem, a, 0), si, "SAMPLE_I == SAMPLE_I_MS sample 0");
    assert_eq!(sample_i(view, &NoSlice(mem), a), si, "byte-addressed memory");
    if a.iter().all(|v| i32::try_from(*v).is_ok()) {
        assert_eq!(txf(view, mem, a.map(|v| v as i32), [0; 3]), si, "TXF, no offset == SAMPLE_I");
    }
    // The view bound once answers as the per-call functions.
    let bound = FetchBinding::new(view);
    assert_eq!(bound.sample_i(mem, a), si, "FetchBinding::sample_i == sample_i");
    let mut out = [0x5A5A_5A5A; 4];
    let into = bound.sample_i_into(mem, a, &mut out);
    assert_eq!(into.map(|()| out), si, "FetchBinding::sample_i_into == sample_i");
    if into.is_err() {
        assert_eq!(out, [0; 4], "a failed fetch writes zeros");
    }
    let ms = sample_i_ms(view, mem, a, sample);
    assert_eq!(bound.sample_i_ms(mem, a, sample), ms, "FetchBinding::sample_i_ms == sample_i_ms");
    let t = txf(view, mem, a.map(|v| v as i32), offset);
    assert_eq!(bound.txf(mem, a.map(|v| v as i32), offset), t, "FetchBinding::txf == txf");
}

/// The texel a resource address names (the table of `texcore::op::resource`).
fn resource_texel(h: &TextureHeader, a: [u32; 4]) -> TexelCoord {
    use TextureType as T;
    let [x, y, z, _] = a;
    let (y, z, layer) = match h.ty {
        T::OneDBuffer | T::OneD => (0, 0, 0),
        T::OneDArray => (0, 0, y),
        T::TwoD => (y, 0, 0),
        T::TwoDArray | T::TwoDNoMipmap | T::Cube | T::CubeArray => (y, 0, z),
        T::ThreeD => (y, z, 0),
    };
    TexelCoord { x, y, z, layer, level: h.base_level, sample: 0 }
}

/// The texel's byte range if it is addressable and inside `len` bytes of memory.
fn texel_range(h: &TextureHeader, a: [u32; 4], len: usize) -> Option<core::ops::Range<usize>> {
    let at = texel_address(h, &resource_texel(h, a))? as usize;
    let end = at + h.format.bytes_per_texel() as usize;
    (end <= len).then_some(at..end)
}

fn store_load(view: Result<&TextureHeader, Invalid>, mem: &mut Vec<u8>, r: &mut Reader<'_>) {
    let a = vec4(r);
    let value: [u32; 4] = core::array::from_fn(|_| if r.bool() { gen::f32_bits(r) } else { r.u32() });
    let before = mem.clone();
    let res = store(view, &mut mem[..], a, value);
    let Ok(h) = texcore::handle::checked_view(view) else {
        assert_eq!(res, Ok(false));
        assert_eq!(*mem, before);
        return;
    };
    let range = texel_range(h, a, mem.len());
    match res {
        Ok(true) => {
            let range = range.expect("a STORE that wrote names an addressable texel in memory");
            let bytes = encode(h.format, h.srgb, value).expect("STORE encoded");
            let n = range.len();
            assert_eq!(mem[range.clone()], bytes[..n], "STORE wrote the encoding");
            assert_eq!(mem[..range.start], before[..range.start], "nothing before the texel");
            assert_eq!(mem[range.end..], before[range.end..], "nothing after the texel");
            let want = texel_to_bits(domains(h.format, h.srgb), decode(h.format, h.srgb, &bytes));
            assert_eq!(load(view, &mem[..], a), want, "LOAD after STORE");
        }
        Ok(false) => {
            assert!(range.is_none(), "STORE to an in-range texel reported no write");
            assert_eq!(*mem, before);
        }
        Err(_) => assert_eq!(*mem, before, "a rejected STORE writes nothing"),
    }
}

fn atomics(view: Result<&TextureHeader, Invalid>, mem: &mut Vec<u8>, r: &mut Reader<'_>) {
    let op = AtomicOp::ALL[r.below(AtomicOp::ALL.len())];
    let a = vec4(r);
    let (src, cmp) = (vec4(r), vec4(r));
    let before = mem.clone();
    let old = load(view, &mem[..], a);
    let res = atomic(op, view, &mut mem[..], a, src, cmp);
    let (Ok(h), Ok(v)) = (texcore::handle::checked_view(view), res) else {
        assert_eq!(*mem, before, "a rejected or invalid atomic writes nothing");
        return;
    };
    match texel_range(h, a, mem.len()) {
        Some(range) => {
            assert_eq!(v, old, "an atomic returns the old texel");
            let n = range.len() / 4;
            for i in 0..n {
                let at = range.start + 4 * i;
                let w = |m: &[u8]| u32::from_le_bytes(m[at..at + 4].try_into().unwrap());
                assert_eq!(w(mem), op.apply(w(&before), src[i], cmp[i]), "{op:?} component {i}");
            }
            assert_eq!(mem[..range.start], before[..range.start]);
            assert_eq!(mem[range.end..], before[range.end..]);
        }
        None => {
            assert_eq!(v, [0; 4], "an out-of-range atomic returns zeros");
            assert_eq!(*mem, before, "and writes nothing");
        }
    }
}

/// The host API ([`TextureUnit`]): binding validates, and each method is the op it names.
fn unit_api(src: &gen::HeaderSrc, smp: &gen::SamplerSrc, mem: &[u8], r: &mut Reader<'_>) {
    let (hw, sw) = words(src, smp);
    let by_words = TextureUnit::from_words(&hw[0], &sw[0], mem);
    let decoded = (TextureHeader::from_words(&hw[0]), SamplerHeader::from_words(&sw[0]));
    match (&by_words, decoded) {
        (Ok(u), (Ok(h), Ok(s))) => assert_eq!((u.view(), u.sampler()), (&h, &s), "from_words binds the decoded words"),
        (Err(_), (Ok(_), Ok(_))) => panic!("from_words rejected words that decode"),
        (Ok(_), _) => panic!("from_words bound words that do not decode"),
        (Err(_), _) => {}
    }
    let (Ok(view), Ok(sampler)) = (src.view(), smp.sampler()) else { return };
    let unit = TextureUnit::new(view, sampler, mem);
    let valid = view.validate().is_ok() && sampler.validate().is_ok();
    assert_eq!(unit.is_ok(), valid, "TextureUnit::new binds exactly the valid headers");
    let Ok(unit) = unit else { return };
    let (v, s) = (Ok(&view), Ok(&sampler));
    let coords = quad(r);
    let lane: [u32; 4] = coords[0];
    let f = |c: [u32; 4]| c.map(f32::from_bits);
    let bits = |c: [f32; 4]| c.map(f32::to_bits);
    // Sampling.
    let req = request(r);
    assert_eq!(unit.sample_request(&req), sample_quad(v, s, mem, &req), "sample_request");
    let q = sample_quad(v, s, mem, &SampleRequest::new(coords));
    assert_eq!(unit.sample_quad(&coords), q, "sample_quad");
    assert_eq!(unit.sample_quad_f32(coords.map(f)).map(|o| o.map(bits)), q, "sample_quad_f32");
    let one = |lod: LodSource, grads: Option<[[u32; 3]; 2]>| {
        let req = SampleRequest { lod, grads: grads.map(|g| [g; 4]), ..SampleRequest::new([lane; 4]) };
        sample_quad(v, s, mem, &req).map(|o| o[0])
    };
    let lod = gen::f32_bits(r);
    let (ddx, ddy): ([u32; 3], [u32; 3]) =
        (core::array::from_fn(|_| gen::f32_bits(r)), core::array::from_fn(|_| gen::f32_bits(r)));
    let at_zero = one(LodSource::Zero, None);
    assert_eq!(unit.sample(lane), at_zero, "sample");
    assert_eq!(unit.sample_f32(f(lane)).map(bits), at_zero, "sample_f32");
    let at_lod = one(LodSource::Explicit(lod), None);
    assert_eq!(unit.sample_lod(lane, lod), at_lod, "sample_lod");
    assert_eq!(unit.sample_lod_f32(f(lane), f32::from_bits(lod)).map(bits), at_lod, "sample_lod_f32");
    let graded = one(LodSource::Derivatives { bias: 0 }, Some([ddx, ddy]));
    assert_eq!(unit.sample_grad(lane, ddx, ddy), graded, "sample_grad");
    let gf = |g: [u32; 3]| g.map(f32::from_bits);
    assert_eq!(unit.sample_grad_f32(f(lane), gf(ddx), gf(ddy)).map(bits), graded, "sample_grad_f32");
    // Depth compare.
    let reference: [u32; 4] = core::array::from_fn(|_| gen::f32_bits(r));
    assert_eq!(
        unit.sample_compare_request(&req, reference),
        sample_compare_quad(v, s, mem, &req, reference),
        "sample_compare_request"
    );
    let lz = SampleRequest { lod: LodSource::Zero, ..SampleRequest::new([lane; 4]) };
    let c = sample_compare_quad(v, s, mem, &lz, [reference[0]; 4]).map(|o| o[0][0]);
    assert_eq!(unit.sample_compare(lane, reference[0]), c, "sample_compare");
    assert_eq!(
        unit.sample_compare_f32(f(lane), f32::from_bits(reference[0])).map(f32::to_bits),
        c,
        "sample_compare_f32"
    );
    // Gather.
    let comp = r.u8() % 6;
    let offset = [gen::offset(r, 64), gen::offset(r, 64)];
    let with_ref = r.bool().then_some(reference);
    assert_eq!(
        unit.gather_quad(&coords, comp, offset, with_ref),
        gather4(v, s, mem, &coords, comp, offset, with_ref),
        "gather_quad"
    );
    let g = gather4(v, s, mem, &[lane; 4], comp, [0; 2], None).map(|o| o[0]);
    assert_eq!(unit.gather(lane, comp), g, "gather");
    assert_eq!(unit.gather_f32(f(lane), comp).map(bits), g, "gather_f32");
    let gc = gather4(v, s, mem, &[lane; 4], 0, [0; 2], Some([reference[0]; 4])).map(|o| o[0]);
    assert_eq!(unit.gather_compare(lane, reference[0]), gc, "gather_compare");
    assert_eq!(unit.gather_compare_f32(f(lane), f32::from_bits(reference[0])).map(bits), gc, "gather_compare_f32");
    // Fetch.
    let at: [i32; 4] = vec4(r).map(|x| x as i32);
    let t = txf(v, mem, at, [0; 3]);
    assert_eq!(unit.fetch(at), t, "fetch");
    assert_eq!(unit.fetch_f32(at).map(bits), t, "fetch_f32");
    // Queries.
    let level = gen::uint(r);
    assert_eq!(unit.dimensions(level), sviewinfo(v, level), "dimensions");
    for query in TxqQuery::ALL {
        assert_eq!(unit.txq(query, level), txq_header(&view, query, level), "txq {query:?}");
    }
    let desc = match view.ty {
        TextureType::OneD | TextureType::OneDArray | TextureType::OneDBuffer => CoordDesc::OneD,
        TextureType::TwoD | TextureType::TwoDArray | TextureType::TwoDNoMipmap => CoordDesc::TwoD,
        TextureType::ThreeD => CoordDesc::ThreeD,
        TextureType::Cube | TextureType::CubeArray => CoordDesc::Cube,
    };
    let lods = tmml_header(&view, &sampler, desc, &coords);
    assert_eq!(unit.query_lod(&coords), lods, "query_lod");
    let as_f32 = lods.map(|[l, u, _, _]| {
        [fixed_to_f32_bits(i64::from(l as u16 as i16), 8), fixed_to_f32_bits(i64::from(u & 0xFFFF), 8)]
    });
    assert_eq!(unit.query_lod_f32(coords.map(f)).map(|p| p.map(f32::to_bits)), as_f32, "query_lod_f32");
}
