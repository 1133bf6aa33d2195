//! Bilinear sampling of a 2×2 RGBA8 texture from a host program.
//!
//! `cargo run -p texcore --example bilinear`

use texcore::{Filter, Format, SamplerHeader, TextureHeader, TextureType, TextureUnit, WrapMode};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Texel memory: a 2×2 RGBA8 texture, rows packed — black, red / green, white.
    let memory: [u8; 16] = [0, 0, 0, 255, 255, 0, 0, 255, 0, 255, 0, 255, 255, 255, 255, 255];
    let view = TextureHeader::new(TextureType::TwoD, Format::RGBA8_UNORM, 2, 2, 1, 1);
    let sampler = SamplerHeader {
        mag_filter: Filter::Linear,
        min_filter: Filter::Linear,
        wrap: [WrapMode::ClampToEdge; 3],
        ..SamplerHeader::default()
    };
    let unit = TextureUnit::new(view, sampler, &memory[..])?;
    for (s, t) in [(0.25, 0.25), (0.5, 0.5), (0.75, 0.25), (0.6, 0.9)] {
        let rgba = unit.sample_f32([s, t, 0.0, 0.0])?;
        let bits = rgba.map(f32::to_bits);
        println!("({s:.2}, {t:.2}) -> {rgba:?}  bits {bits:08x?}");
    }
    Ok(())
}
