//! `GATHER4` and a depth-compare gather (the footprint of a bilinear sample, one component
//! of each texel), and the NVIDIA `TLD4S` form of the same gather.
//!
//! `cargo run -p texcore --example gather`

use texcore::op::gather::{tld4s, Tld4sMods, Tld4sOperands};
use texcore::{
    Bindings, CompareFunc, Format, Handle, HandleSource, Pool, SamplerBinding, SamplerHeader, TextureHeader,
    TextureType, TextureUnit, WrapMode,
};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // A 4×4 R8 texture whose texel (x, y) holds the code 4·y + x (value (4·y + x) / 255).
    let memory: [u8; 16] = core::array::from_fn(|i| i as u8);
    let view = TextureHeader::new(TextureType::TwoD, Format::R8_UNORM, 4, 4, 1, 1);
    let sampler = SamplerHeader { wrap: [WrapMode::ClampToEdge; 3], ..SamplerHeader::default() };
    let unit = TextureUnit::new(view, sampler, &memory[..])?;

    // The footprint around (0.5, 0.5): texels (1, 1), (2, 1), (1, 2), (2, 2), returned in
    // the order (i0, j1), (i1, j1), (i1, j0), (i0, j0). Printed as the stored codes.
    let coords = [0.5, 0.5, 0.0, 0.0];
    let red = unit.gather_f32(coords, 0)?;
    let codes = unit.fetch([1, 1, 0, 0])?;
    println!("GATHER4 .r at (0.5, 0.5): {red:?}");
    println!("  as codes: {:?}", red.map(|v| f32_to_code(v.to_bits())));
    println!("TXF (1, 1, layer 0, level 0): {codes:08x?} (binary32 bits of 5/255, then G, B = 0, A = 1)");

    // Depth-compare gather on a 2×2 Z32_FLOAT texture: 1.0 where `reference <= texel`.
    let depths: [f32; 4] = [0.2, 0.4, 0.6, 0.8];
    let depth_mem: Vec<u8> = depths.iter().flat_map(|d| d.to_le_bytes()).collect();
    let depth_view = TextureHeader::new(TextureType::TwoD, Format::Z32_FLOAT, 2, 2, 1, 1);
    let shadow = SamplerHeader { compare_enable: true, compare_func: CompareFunc::LessEqual, ..sampler };
    let depth_unit = TextureUnit::new(depth_view, shadow, depth_mem.as_slice())?;
    let pass = depth_unit.gather_compare_f32([0.5, 0.5, 0.0, 0.0], 0.5)?;
    println!("GATHER4 with compare (ref 0.5 <= texel) over depths {depths:?}: {pass:?}");

    // NVIDIA TLD4S of the R8 texture through a bindless handle, .F16 off: the same
    // footprint, as four binary32 registers (S0 … S3).
    let headers = [view.to_words()];
    let samplers = [sampler.to_words()];
    let bindings = Bindings {
        headers: Pool::new(&headers),
        samplers: Pool::new(&samplers),
        binding: SamplerBinding::Independent,
        const_bank: &[],
    };
    let handle = Handle::new(0, 0).ok_or("handle fields out of range")?;
    let mods = Tld4sMods { comp: 0, aoffi: false, dc: false, f16: None };
    let operands = Tld4sOperands { s: 0.5f32.to_bits(), t: 0.5f32.to_bits(), toff: 0, dc: 0 };
    let result = tld4s(&bindings, HandleSource::Bindless(handle.0), &memory[..], mods, operands)?;
    println!("TLD4S.R at (0.5, 0.5): Rd0 = {:08x?}, Rd1 = {:08x?}", result.rd0, result.rd1);
    Ok(())
}

/// The UNORM8 code of a binary32 result `code / 255`, by looking for it (the example stays
/// free of float arithmetic, like the model).
fn f32_to_code(bits: u32) -> Option<u8> {
    (0..=255u8).find(|&c| texcore::fp::ratio_to_f32_bits(i64::from(c), 255, 0) == bits)
}
