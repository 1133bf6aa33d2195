//! The STM32F407 board profile (feature `stm32f4`): the FPGA sampler on the board's real SPI
//! peripheral and GPIO pins, through stm32f4xx-hal and embedded-hal-bus, checked in
//! lock-step against the core.
//!
//! ## Wiring (STM32F4-Discovery header P1/P2 -> FPGA board)
//!
//! | MCU pin | function | FPGA (`texcore_sampler` port) |
//! |---|---|---|
//! | PA5 | SPI1 SCK (AF5) | `spi_sck` |
//! | PA6 | SPI1 MISO (AF5) | `spi_miso` |
//! | PA7 | SPI1 MOSI (AF5) | `spi_mosi` |
//! | PA4 | chip select, push-pull, idle high | `spi_cs_n` |
//! | PB0 | input, pull-down | `busy` |
//! | PB1 | push-pull output, idle high | `rst_n` |
//! | PB2 | input, pull-down (not used by the driver: it polls `BUSY`) | `irq` |
//! | GND | | ground (common reference) |
//!
//! SPI mode 0, MSB first, 1 MHz here (the device accepts up to its clock / 4; with the
//! FPGA at 50 MHz keep SCK at or below 6 MHz to leave margin for the pins and the
//! synchronizers: see docs/hdl/sampler.md). The MCU runs on its 16 MHz HSI after reset; the
//! SysTick delay times the `BUSY` polls and the reset pulse.
//!
//! With no FPGA on the bus `MISO` reads a constant (the all-0x00 / all-0xFF frames never
//! pass the CRC) or `BUSY` never falls: `init` ends in the HAL's typed error
//! (`Crc(Response)` or `Timeout`), which is logged, and the run fails (non-zero exit under
//! QEMU). A wrong result is impossible by construction: every answer is CRC-checked and
//! compared with the core's.

use embedded_hal_bus::spi::ExclusiveDevice;
use stm32f4xx_hal::pac;
use stm32f4xx_hal::prelude::*;
use stm32f4xx_hal::spi::{Mode, Phase, Polarity};
use stm32f4xx_hal::timer::Timer;
use texcore_hal::selfcheck::{self, SCENE_CBANK, SCENE_HEADERS, SCENE_MEMORY_CAP, SCENE_SAMPLERS};
use texcore_hal::{Config, FpgaSampler, LockstepSampler, Op, Reply, SoftSampler};

use super::log;

type Soft<'m> = SoftSampler<'m, SCENE_HEADERS, SCENE_SAMPLERS, SCENE_CBANK>;

/// Runs `blob` in lock-step on the FPGA (driver on SPI1) and the core; returns (passed,
/// failed).
pub fn lockstep(blob: &[u8], report: impl FnMut(usize, &Op, &Reply, &[u32])) -> (u32, u32) {
    let (Some(dp), Some(cp)) = (pac::Peripherals::take(), cortex_m::Peripherals::take()) else {
        log!("board: peripherals already taken");
        return (0, 1);
    };
    let mut rcc = dp.RCC.constrain();
    let gpioa = dp.GPIOA.split(&mut rcc);
    let gpiob = dp.GPIOB.split(&mut rcc);
    let mode = Mode { polarity: Polarity::IdleLow, phase: Phase::CaptureOnFirstTransition };
    let spi = dp.SPI1.spi(
        (Some(gpioa.pa5.into_alternate()), Some(gpioa.pa6.into_alternate()), Some(gpioa.pa7.into_alternate())),
        mode,
        1.MHz(),
        &mut rcc,
    );
    let mut cs = gpioa.pa4.into_push_pull_output();
    cs.set_high();
    let busy = gpiob.pb0.into_pull_down_input();
    let mut rst = gpiob.pb1.into_push_pull_output();
    rst.set_high();
    let _irq = gpiob.pb2.into_pull_down_input();
    let delay = Timer::syst(cp.SYST, &rcc.clocks).delay();
    // (the GPIO pins cannot fail: Infallible)
    let Ok(dev) = ExclusiveDevice::new_no_delay(spi, cs);
    let mut fpga = FpgaSampler::new(dev, busy, rst, delay, Config::default());
    match fpga.init() {
        Ok(l) => log!(
            "FPGA: texcore_sampler, CAPS {} CAPS1 {}, {} B texel memory",
            l.caps as u32,
            (l.caps >> 32) as u32,
            l.memory_bytes
        ),
        Err(e) => {
            log!("FPGA: init failed: {}", Dbg(&e));
            return (0, 1);
        }
    }
    let mut mem = [0u8; SCENE_MEMORY_CAP];
    let soft: Soft<'_> = SoftSampler::new(&mut mem);
    let mut pair = LockstepSampler::new(fpga, soft);
    match selfcheck::run(blob, &mut pair, report) {
        Ok(s) => {
            log!(
                "FPGA lock-step: {} records agreed and passed, {} failed, {} skipped (not in CAPS)",
                s.passed,
                s.failed,
                s.skipped
            );
            (s.passed, s.failed)
        }
        Err(e) => {
            log!("FPGA lock-step: {}", Dbg(&e));
            (0, 1)
        }
    }
}

/// `Debug` output through both log back ends.
struct Dbg<'a, T: core::fmt::Debug>(&'a T);

#[cfg(feature = "defmt")]
impl<T: core::fmt::Debug> defmt::Format for Dbg<'_, T> {
    fn format(&self, f: defmt::Formatter<'_>) {
        defmt::write!(f, "{}", defmt::Debug2Format(self.0));
    }
}

#[cfg(not(feature = "defmt"))]
impl<T: core::fmt::Debug> core::fmt::Display for Dbg<'_, T> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{:?}", self.0)
    }
}
