//! Cycle counts on the soft-core (feature `soc`): the CPU's `mcycle` and `minstret` around
//!
//! - the benchmark ops in software (the core on the VexRiscv): bilinear and trilinear
//!   `sample_quad_into`, `gather4`, `sample_i`, NVIDIA `txq`, on the 64x64 RGBA8 texture of
//!   `cargo xtask bench` (its texture and request builders: the same requests), printed as
//!   `cycles <op> <samples> <mcycle> <minstret>`;
//! - the ops of the embedded self-check set that the sampler RTL implements, each executed
//!   once through [`FpgaSampler`] over the SoC's SPI bus (frame, CRC, SPI at clk / 4, `BUSY`
//!   polling, response), printed per op code as `spi-cycles <op> <ops> <mcycle> <minstret>`.
//!
//! `cargo xtask soc` divides the counts and prints the table (docs/hdl/soc.md).

use core::hint::black_box;

use texcore::descriptor::{Filter, Format, MipFilter, SamplerHeader, TextureHeader, TextureType, WrapMode};
use texcore::handle::{Bindings, Handle, HandleSource, Pool, SamplerBinding, TsPtrIdx};
use texcore::op::fetch::sample_i;
use texcore::op::gather::gather4;
use texcore::op::sample::{sample_quad_into, SampleRequest};
use texcore::query::nv::{txq, TxqQuery};
use texcore_hal::protocol::op as code;
use texcore_hal::selfcheck::Blob;
use texcore_hal::{Op, SamplerDevice};

use super::bench::{quad, TEX, W};
use super::log;
use super::soc::counters;

/// Counts `body` and prints one `cycles` line.
fn count(name: &str, samples: u32, body: &mut dyn FnMut()) {
    let (c0, i0) = counters();
    body();
    let (c1, i1) = counters();
    log!("cycles {} {} {} {}", name, samples, c1 - c0, i1 - i0);
}

/// The software benchmarks.
pub fn software() {
    let tex_bytes: &[u8] = &TEX[..];
    let tex = TextureHeader::new(TextureType::TwoD, Format::RGBA8_UNORM, W, W, 1, 7);
    let lin = SamplerHeader {
        wrap: [WrapMode::ClampToEdge; 3],
        mag_filter: Filter::Linear,
        min_filter: Filter::Linear,
        mip_filter: MipFilter::None,
        ..SamplerHeader::default()
    };
    let tri = SamplerHeader { mip_filter: MipFilter::Linear, ..lin };
    const QUADS: usize = 16;
    let mut out = [[0u32; 4]; 4];
    let reqs: [SampleRequest; QUADS] =
        core::array::from_fn(|i| SampleRequest::new(quad(3 + i as u32 * 7, 5 + i as u32 * 3, 1, 1, 2 * W * 2)));
    count("bilinear_rgba8_2d", QUADS as u32 * 4, &mut || {
        for r in &reqs {
            black_box(sample_quad_into(Ok(&tex), Ok(&lin), tex_bytes, black_box(r), &mut out).is_ok());
            black_box(&out);
        }
    });
    let reqs: [SampleRequest; QUADS] =
        core::array::from_fn(|i| SampleRequest::new(quad(3 + i as u32 * 7, 5 + i as u32 * 3, 3, 2, 2 * W)));
    count("trilinear_rgba8_2d", QUADS as u32 * 4, &mut || {
        for r in &reqs {
            black_box(sample_quad_into(Ok(&tex), Ok(&tri), tex_bytes, black_box(r), &mut out).is_ok());
            black_box(&out);
        }
    });
    let quads: [[[u32; 4]; 4]; QUADS] = core::array::from_fn(|i| quad(3 + i as u32 * 7, 5 + i as u32 * 3, 1, 1, 2 * W));
    count("gather4_rgba8", QUADS as u32 * 4, &mut || {
        for q in &quads {
            black_box(&gather4(Ok(&tex), Ok(&lin), tex_bytes, black_box(q), 0, [0, 0], None));
        }
    });
    const N: u32 = 64;
    count("sample_i_rgba8", N, &mut || {
        for i in 0..N {
            black_box(sample_i(Ok(&tex), tex_bytes, [i % W, (i * 5) % W, 0, 0]).ok());
        }
    });
    let headers = [tex.to_words()];
    let samplers = [lin.to_words()];
    let bank = [Handle(0).0];
    let b = Bindings {
        headers: Pool::new(&headers),
        samplers: Pool::new(&samplers),
        binding: SamplerBinding::Independent,
        const_bank: &bank,
    };
    let src = HandleSource::ConstBank(TsPtrIdx::new(0).unwrap_or_default());
    count("txq_dimension", N, &mut || {
        for i in 0..N {
            black_box(txq(&b, src, TxqQuery::Dimension, i & 7));
        }
    });
}

/// The op codes counted through the device, with their names.
const DEVICE_OPS: [(u8, &str); 5] = [
    (code::NV_TXQ, "nv_txq"),
    (code::TGSI_SAMPLE_I, "tgsi_sample_i"),
    (code::TGSI_TXF, "tgsi_txf"),
    (code::TGSI_TXQ, "tgsi_txq"),
    (code::INTEL_INFO, "intel_info"),
];

/// Uploads the self-check scene to `dev` and executes each of its records whose op code is
/// in `DEVICE_OPS` once, counting per op code. A device error ends the run with a message.
pub fn device<D: SamplerDevice>(dev: &mut D, blob: &[u8])
where
    D::Error: core::fmt::Debug,
{
    let Ok(b) = Blob::parse(blob) else {
        log!("spi-cycles: the vector set could not be parsed");
        return;
    };
    if let Err(e) = b.upload(dev) {
        log!("spi-cycles: upload failed: {:?}", e);
        return;
    }
    let mut acc = [(0u32, 0u64, 0u64); DEVICE_OPS.len()];
    for r in b.records().map_while(Result::ok) {
        let Ok(op) = Op::decode(r.op) else { continue };
        let Some(k) = DEVICE_OPS.iter().position(|(c, _)| *c == op.code()) else { continue };
        let (c0, i0) = counters();
        let res = dev.execute(&op);
        let (c1, i1) = counters();
        if let Err(e) = res {
            log!("spi-cycles: record {} failed: {:?}", r.index, e);
            return;
        }
        if let Some(a) = acc.get_mut(k) {
            *a = (a.0 + 1, a.1 + (c1 - c0), a.2 + (i1 - i0));
        }
    }
    for ((_, name), (n, c, i)) in DEVICE_OPS.iter().zip(acc) {
        log!("spi-cycles {} {} {} {}", name, n, c, i);
    }
}
