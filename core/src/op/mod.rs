//! Ops: each op is a short sequence of stage calls (address → memory → decode → output).
//!
//! | op | module |
//! |---|---|
//! | TGSI `TXF`, `SAMPLE_I`, `SAMPLE_I_MS` | [`fetch`] |
//! | TGSI `LOAD`, `STORE`, `ATOM*` | [`resource`] |
//! | NVIDIA `TMML.LOD` | [`tmml`] |
//! | TGSI `GATHER4`, NVIDIA `TLD4S` | [`gather`] |
//! | TGSI `TEX`, `TXB`, `TXL`, `TXD`, `TXP` (and shadow forms), `SAMPLE`, `SAMPLE_B`, `SAMPLE_L`, `SAMPLE_D`, `SAMPLE_C`, `SAMPLE_C_LZ` | [`sample`] |
//! | many quads with one view and sampler per call, for host renderers ([`sample::sample_batch_into`]) | [`sample`] |

pub mod fetch;
pub mod gather;
pub mod resource;
mod rgba8;
pub mod sample;
pub mod tmml;

use crate::descriptor::TextureHeader;
use crate::memory::{TexelCoord, TexelMemory, TextureLayout};
use crate::texel::{decode, Texel};

/// Reads and decodes one texel; `None` if the coordinate is outside the texture or the
/// bytes are outside the memory.
pub(crate) fn read_texel<M: TexelMemory + ?Sized>(h: &TextureHeader, mem: &M, c: &TexelCoord) -> Option<Texel> {
    // The layout path computes only the level asked for (same addresses as texel_address).
    let addr = TextureLayout::new(h).address(c)?;
    let mut buf = [0u8; 16];
    let n = h.format.bytes_per_texel() as usize;
    if !mem.read(u64::from(addr), buf.get_mut(..n)?) {
        return None;
    }
    Some(decode(h.format, h.srgb, &buf))
}

/// Reads and decodes the texel at byte address `addr` of texture `h`.
#[inline]
pub(crate) fn read_at<M: TexelMemory + ?Sized>(h: &TextureHeader, mem: &M, addr: u32) -> Option<Texel> {
    let addr = u64::from(addr);
    let mut buf = [0u8; 16];
    let ok = match h.format.bytes_per_texel() {
        // Fixed-size reads for the common sizes (no variable-length copy).
        4 => {
            let mut w = [0u8; 4];
            let ok = mem.read(addr, &mut w);
            buf[..4].copy_from_slice(&w);
            ok
        }
        1 => {
            let mut w = [0u8; 1];
            let ok = mem.read(addr, &mut w);
            buf[0] = w[0];
            ok
        }
        n => mem.read(addr, buf.get_mut(..n as usize)?),
    };
    ok.then(|| decode(h.format, h.srgb, &buf))
}
