//! Texture queries: NVIDIA `TXQ` through a handle and the descriptor pools, TGSI
//! `SVIEWINFO`, and NVIDIA `TMML.LOD` — the LOD a quad of fragments would sample at.
//!
//! `cargo run -p texcore --example query`

use texcore::op::tmml::tmml;
use texcore::query::nv::txq;
use texcore::{
    Bindings, CoordDesc, Filter, Format, Handle, HandleSource, MipFilter, MsMode, Pool, SamplerBinding, SamplerHeader,
    TextureHeader, TextureType, TextureUnit, TsPtrIdx, TxqQuery,
};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // The descriptor pools a driver fills: header 0 is a 256×128 2D texture with 9 levels,
    // header 1 a 4× multisampled 64×64 texture; sampler 0 is trilinear.
    let tex = TextureHeader::new(TextureType::TwoD, Format::RGBA8_UNORM, 256, 128, 1, 9);
    let ms = TextureHeader {
        ms_mode: MsMode::from_samples(4).ok_or("no 4x mode")?,
        ..TextureHeader::new(TextureType::TwoD, Format::RGBA8_UNORM, 64, 64, 1, 1)
    };
    let trilinear = SamplerHeader {
        mag_filter: Filter::Linear,
        min_filter: Filter::Linear,
        mip_filter: MipFilter::Linear,
        ..SamplerHeader::default()
    };
    let headers = [tex.to_words(), ms.to_words()];
    let samplers = [trilinear.to_words()];
    // The constant bank holds handles `samplerPtr[31:20] | headerPtr[19:0]`.
    let bank = [Handle::new(0, 0).ok_or("handle")?.0, Handle::new(0, 1).ok_or("handle")?.0];
    let bindings = Bindings {
        headers: Pool::new(&headers),
        samplers: Pool::new(&samplers),
        binding: SamplerBinding::Independent,
        const_bank: &bank,
    };
    let cb = |i: u16| TsPtrIdx::new(i).map(HandleSource::ConstBank).ok_or("tsPtrIdx out of range");

    // TXQ R0, R6, TEX_HEADER_DIMENSION, 0 — the LOD in the parameter register.
    for lod in [0, 3, 8, 9] {
        let r = txq(&bindings, cb(0)?, TxqQuery::Dimension, lod);
        println!("TXQ TEX_HEADER_DIMENSION, LOD {lod}: (width, height, 0|1, levels) = {r:?}");
    }
    println!("TXQ TEX_HEADER_TEXTURE_TYPE (multisampled): {:?}", txq(&bindings, cb(1)?, TxqQuery::TextureType, 0));
    for i in 0..4 {
        let pos = txq(&bindings, cb(1)?, TxqQuery::SamplerPos, i)[0];
        println!("TXQ TEX_HEADER_SAMPLER_POS {i}: {pos:#010x} (x U4.12 in 31:16, y U4.12 in 15:0)");
    }
    // A header pointer above the pool's MaximumIndex: an invalid texture, zeros.
    let invalid = HandleSource::Bindless(Handle::new(0, 7).ok_or("handle")?.0);
    println!("TXQ of an invalid texture: {:?}", txq(&bindings, invalid, TxqQuery::Dimension, 0));

    // The same view from a host program: TGSI SVIEWINFO of level 2.
    let memory = [0u8; 0]; // queries read no texels
    let unit = TextureUnit::new(tex, trilinear, &memory[..])?;
    println!("SVIEWINFO level 2: {:?}", unit.dimensions(2));

    // TMML.LOD: a quad of fragments stepping 1/64 in s and 1/32 in t (4 texels per pixel on
    // both axes: λ = 2), then a quad stretched 16:1 (1/16 in s: 16 texels, 1/128 in t: one
    // texel; no anisotropy in this sampler, so λ = log2 16 = 4 and A = log2(1/16) = −4).
    let quads: [[[f32; 4]; 4]; 2] = [
        [[0.25, 0.25, 0.0, 0.0], [0.265625, 0.25, 0.0, 0.0], [0.25, 0.28125, 0.0, 0.0], [0.265625, 0.28125, 0.0, 0.0]],
        [[0.25, 0.25, 0.0, 0.0], [0.3125, 0.25, 0.0, 0.0], [0.25, 0.2578125, 0.0, 0.0], [0.3125, 0.2578125, 0.0, 0.0]],
    ];
    for quad in quads {
        let [lambda, used] = unit.query_lod_f32(quad)[0];
        let ra = quad.map(|c| c.map(f32::to_bits));
        let [r, g, b, a] = tmml(&bindings, cb(0)?, CoordDesc::TwoD, &ra)[0];
        println!("TMML.LOD {:?} … : λ' = {lambda}, LOD used = {used}", quad[0]);
        println!("  registers R {r:#06x} (S8.8)  G {g:#06x} (U8.8)  B {b:#06x} ({{v, u}} S2.6)  A {a:#06x} (S4.12)");
    }
    Ok(())
}
