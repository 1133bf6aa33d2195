//! Driving the FPGA texture sampler through an embedded-hal 1.0 `SpiDevice`.
//!
//! `cargo run -p texcore-hal --example spi_device`
//!
//! [`FpgaSampler`] takes four embedded-hal 1.0 objects: an `SpiDevice` (SPI mode 0; the
//! driver sends each frame as one transaction, so the device's chip select frames it), an
//! `InputPin` for the sampler's `BUSY`, an `OutputPin` for its `RST_N`, and a `DelayNs`. On a
//! board they come from the board's HAL crate, for example
//!
//! * a microcontroller HAL's SPI bus and chip-select pin combined by `embedded-hal-bus`:
//!   `ExclusiveDevice::new(spi_bus, cs_pin, delay)`;
//! * Linux: `linux_embedded_hal::SpidevDevice::open("/dev/spidev0.0")` and two
//!   `CdevPin`s.
//!
//! This example has no FPGA attached. It uses the simulated sampler of `texcore-hal` (the
//! texcore model behind the same SPI protocol, [`SimulatedFpga`]) and wraps its SPI slave in
//! `WireLog`, an `SpiDevice` written here, which forwards every transaction and counts what
//! crosses the wire: the place where a board's `SpiDevice` goes. [`sample_texture`] is generic
//! over the four traits and is the part a firmware copies.

use embedded_hal::delay::DelayNs;
use embedded_hal::digital::{InputPin, OutputPin};
use embedded_hal::spi::{ErrorType, Operation, SpiDevice};
use texcore::{Filter, Format, SamplerHeader, TextureHeader, TextureType, TxqQuery, WrapMode};
use texcore::{HandleSource, TsPtrIdx};
use texcore_hal::{Config, Error, FpgaSampler, Op, SamplerDevice, SimulatedFpga};

/// An `SpiDevice` that forwards to another one and counts transactions and bytes.
struct WireLog<S> {
    inner: S,
    transactions: u32,
    written: usize,
    read: usize,
}

impl<S: SpiDevice> ErrorType for WireLog<S> {
    type Error = S::Error;
}

impl<S: SpiDevice> SpiDevice for WireLog<S> {
    fn transaction(&mut self, operations: &mut [Operation<'_, u8>]) -> Result<(), Self::Error> {
        self.transactions += 1;
        for op in operations.iter() {
            match op {
                Operation::Write(w) => self.written += w.len(),
                Operation::Read(r) => self.read += r.len(),
                Operation::Transfer(r, w) => {
                    self.read += r.len();
                    self.written += w.len();
                }
                Operation::TransferInPlace(b) => {
                    self.read += b.len();
                    self.written += b.len();
                }
                Operation::DelayNs(_) => {}
            }
        }
        self.inner.transaction(operations)
    }
}

/// What [`sample_texture`] reads back: the TXQ result and the sampled quad.
struct Results {
    size: [u32; 4],
    quad: [[u32; 4]; 4],
}

/// Uploads a 2×2 RGBA8 texture and a bilinear sampler to the sampler behind `fpga`, then
/// asks it for the texture's size (NVIDIA `TXQ`) and a bilinear sample (TGSI `SAMPLE`).
fn sample_texture<SPI, BUSY, RST, D>(fpga: &mut FpgaSampler<SPI, BUSY, RST, D>) -> Result<Results, Error<SPI::Error>>
where
    SPI: SpiDevice,
    BUSY: InputPin,
    RST: OutputPin,
    D: DelayNs,
{
    let limits = fpga.init()?; // reset, identify: capacities and implemented ops
    println!(
        "device: {} B texture memory, {} headers, {} samplers, {} constant-bank words",
        limits.memory_bytes, limits.header_entries, limits.sampler_entries, limits.const_bank_words
    );
    // Texel memory: black, red / green, white.
    fpga.write_memory(0, &[0, 0, 0, 255, 255, 0, 0, 255, 0, 255, 0, 255, 255, 255, 255, 255])?;
    let view = TextureHeader::new(TextureType::TwoD, Format::RGBA8_UNORM, 2, 2, 1, 1);
    let sampler = SamplerHeader {
        mag_filter: Filter::Linear,
        min_filter: Filter::Linear,
        wrap: [WrapMode::ClampToEdge; 3],
        ..SamplerHeader::default()
    };
    fpga.write_header(0, &view.to_words())?;
    fpga.write_sampler(0, &sampler.to_words())?;
    fpga.set_header_pool_max(0)?;
    fpga.set_sampler_pool_max(0)?;
    fpga.write_const_bank(0, &[0])?; // handle: samplerPtr 0 | headerPtr 0

    let txq = Op::NvTxq {
        source: HandleSource::ConstBank(TsPtrIdx::new(0).unwrap_or_default()),
        query: TxqQuery::Dimension,
        param: 0,
    };
    let size = fpga.execute(&txq)?.vec4().unwrap_or_default();

    let lane = |s: f32, t: f32| [s.to_bits(), t.to_bits(), 0, 0];
    let address = [lane(0.5, 0.5), lane(0.75, 0.5), lane(0.5, 0.75), lane(0.75, 0.75)];
    let sample = Op::TgsiSample { view: 0, sampler: 0, address, offset: [0; 3] };
    let quad = fpga.execute(&sample)?.quad().unwrap_or_default();
    Ok(Results { size, quad })
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut texel_memory = [0u8; 4096];
    let device: SimulatedFpga<4, 4, 16> = SimulatedFpga::new(&mut texel_memory);
    let spi = WireLog { inner: device.spi(), transactions: 0, written: 0, read: 0 };
    let mut fpga = FpgaSampler::new(spi, device.busy_pin(), device.reset_pin(), device.delay(), Config::default());

    let Results { size, quad } = sample_texture(&mut fpga).map_err(|e| format!("sampler: {e}"))?;
    println!("TXQ TEX_HEADER_DIMENSION: {size:?}");
    for (i, rgba) in quad.iter().enumerate() {
        println!("SAMPLE lane {i}: {:?}", rgba.map(f32::from_bits));
    }
    let stats = fpga.stats();
    let (spi, ..) = fpga.release();
    println!(
        "on the wire: {} transactions, {} bytes written, {} bytes read; driver retries: {}",
        spi.transactions, spi.written, spi.read, stats.retries
    );
    Ok(())
}
