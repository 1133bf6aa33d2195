//! The `texcore_soc` profile (feature `soc`, target `riscv32imc-unknown-none-elf`): the
//! firmware on the VexRiscv CPU of `hdl-vectors/rtl/soc/texcore_soc.sv`, driving the sampler
//! RTL (`texcore_sampler`) on the SoC's SPI master and GPIO through the unchanged
//! [`FpgaSampler`], checked in lock-step by the core on the same CPU (`cargo xtask soc`).
//!
//! The SoC's registers (addresses generated from `hdl-vectors/rtl/soc/texcore_soc_map.vh` by
//! `build.rs`) give the embedded-hal 1.0 [`SpiDevice`], [`InputPin`] (`BUSY`), [`OutputPin`]
//! (`RST_N`) and [`DelayNs`] (the CPU's `mcycle` at the nominal 50 MHz clock) the driver
//! needs, plus the simulation's text output and exit code. There is no semihosting on a CPU
//! in RTL: the Verilator testbench prints the bytes written to `SOC_SIM_PUTC` and ends with
//! the value written to `SOC_SIM_EXIT`.

use core::convert::Infallible;

use embedded_hal::delay::DelayNs;
use embedded_hal::digital::{ErrorType as PinErrorType, InputPin, OutputPin};
use embedded_hal::spi::{ErrorType, Operation, SpiDevice};
use texcore_hal::selfcheck;
use texcore_hal::{Config, FpgaSampler, LockstepSampler, Op, Reply, SoftSampler};

use super::log;

/// The SoC's addresses (generated from the RTL's `texcore_soc_map.vh`).
mod map {
    include!(concat!(env!("OUT_DIR"), "/soc_map.rs"));
}

/// The SoC's clock (and the CPU's `mcycle` rate) in Hz: the nominal 50 MHz of the sampler
/// device (docs/hdl/sampler.md). Only the driver's delays and timeouts depend on it.
pub const CLK_HZ: u64 = 50_000_000;

/// Reads one SoC register.
fn rd(addr: usize) -> u32 {
    // SAFETY: `addr` is one of the SoC's word-aligned I/O registers (module `map`), mapped
    // for the whole run and free of side effects on read except `SOC_SPI_DATA` (none).
    unsafe { core::ptr::read_volatile(addr as *const u32) }
}

/// Writes one SoC register.
fn wr(addr: usize, v: u32) {
    // SAFETY: as in `rd`; nothing else in the firmware owns these registers.
    unsafe { core::ptr::write_volatile(addr as *mut u32, v) }
}

/// The 64-bit cycle and retired-instruction counters.
pub fn counters() -> (u64, u64) {
    (riscv::register::mcycle::read64(), riscv::register::minstret::read64())
}

pub(crate) mod platform {
    use riscv_rt::entry;

    use super::{map, wr};

    #[entry]
    fn main() -> ! {
        super::stack::paint();
        super::super::run()
    }

    /// Writes the verdict to the exit register (0 = pass, 1 = fail); the testbench ends the
    /// simulation there.
    pub fn exit(ok: bool) -> ! {
        let (cycles, instret) = super::counters();
        crate::fw::log!("soc: mcycle {} minstret {}", cycles, instret);
        let (peak, size) = super::stack::peak();
        crate::fw::log!("soc: stack peak {} B of {} B", peak, size);
        // A run whose stack reached the end of its region may have overwritten the image.
        let overflow = peak + 256 >= size;
        if overflow {
            crate::fw::log!("soc: STACK OVERFLOW (the image below the stack may be damaged)");
        }
        wr(map::SOC_SIM_EXIT, u32::from(!ok || overflow));
        loop {
            riscv::asm::wfi();
        }
    }

    struct Text;

    impl core::fmt::Write for Text {
        fn write_str(&mut self, s: &str) -> core::fmt::Result {
            for b in s.bytes() {
                wr(map::SOC_SIM_PUTC, u32::from(b));
            }
            Ok(())
        }
    }

    /// Text output through the simulation register block.
    pub fn print(args: core::fmt::Arguments<'_>) {
        let _ = core::fmt::Write::write_fmt(&mut Text, args);
    }

    /// Any trap (bus error, illegal instruction) ends the run as a failure with its cause.
    #[export_name = "ExceptionHandler"]
    fn exception(tf: &riscv_rt::TrapFrame) -> ! {
        let _ = tf;
        crate::fw::log!(
            "TRAP mcause={:#x} mepc={:#010x} mtval={:#010x}",
            riscv::register::mcause::read().bits(),
            riscv::register::mepc::read(),
            riscv::register::mtval::read()
        );
        exit(false)
    }
}

/// The peak stack use of the run: the free stack is painted with a pattern at entry and
/// scanned from its far end at exit (one hart, no interrupts: nothing else writes there).
/// It shows how much of the RAM left after the image (`firmware/memory-soc.x`) the run needs.
mod stack {
    const PATTERN: u32 = 0xA5C3_5A3C;

    extern "C" {
        /// The stack region's low end (riscv-rt's linker script).
        static __estack: u32;
        /// Its high end: the initial stack pointer.
        static __sstack: u32;
    }

    fn bounds() -> (usize, usize) {
        (core::ptr::addr_of!(__estack) as usize, core::ptr::addr_of!(__sstack) as usize)
    }

    fn sp() -> usize {
        let sp: usize;
        // SAFETY: reads the stack pointer register only.
        unsafe { core::arch::asm!("mv {}, sp", out(reg) sp) };
        sp
    }

    /// Paints the stack below the current frame (256 B of margin).
    #[inline(never)]
    pub fn paint() {
        let (low, _) = bounds();
        let top = sp() - 256;
        let mut a = low;
        while a < top {
            // SAFETY: [low, top) is the unused part of the stack region, below this frame.
            unsafe { core::ptr::write_volatile(a as *mut u32, PATTERN) };
            a += 4;
        }
    }

    /// (peak bytes used, stack region bytes).
    pub fn peak() -> (usize, usize) {
        let (low, high) = bounds();
        let mut a = low;
        // SAFETY: reads of the stack region, word-aligned.
        while a < high && unsafe { core::ptr::read_volatile(a as *const u32) } == PATTERN {
            a += 4;
        }
        (high - a, high - low)
    }
}

/// The SoC's SPI master with its chip select: one `transaction` is one CS_N low period.
pub struct Spi;

impl Spi {
    /// One byte out and in (mode 0, MSB first; SCK = clk / (2 x `SOC_SPI_DIV`)).
    fn byte(&mut self, out: u8) -> u8 {
        wr(map::SOC_SPI_DATA, u32::from(out));
        while rd(map::SOC_SPI_STATUS) & 1 != 0 {}
        rd(map::SOC_SPI_DATA) as u8
    }
}

impl ErrorType for Spi {
    type Error = Infallible;
}

impl SpiDevice for Spi {
    fn transaction(&mut self, ops: &mut [Operation<'_, u8>]) -> Result<(), Infallible> {
        wr(map::SOC_SPI_CS, 1);
        for op in ops {
            match op {
                Operation::Read(buf) => buf.iter_mut().for_each(|b| *b = self.byte(0)),
                Operation::Write(buf) => buf.iter().for_each(|&b| {
                    self.byte(b);
                }),
                Operation::Transfer(rx, tx) => {
                    for i in 0..rx.len().max(tx.len()) {
                        let r = self.byte(tx.get(i).copied().unwrap_or(0));
                        if let Some(d) = rx.get_mut(i) {
                            *d = r;
                        }
                    }
                }
                Operation::TransferInPlace(buf) => buf.iter_mut().for_each(|b| *b = self.byte(*b)),
                Operation::DelayNs(ns) => Delay.delay_ns(*ns),
            }
        }
        wr(map::SOC_SPI_CS, 0);
        Ok(())
    }
}

/// `BUSY` (GPIO input bit 0).
pub struct Busy;

impl PinErrorType for Busy {
    type Error = Infallible;
}

impl InputPin for Busy {
    fn is_high(&mut self) -> Result<bool, Infallible> {
        Ok(rd(map::SOC_GPIO_IN) & 1 != 0)
    }
    fn is_low(&mut self) -> Result<bool, Infallible> {
        Ok(rd(map::SOC_GPIO_IN) & 1 == 0)
    }
}

/// `RST_N` (GPIO output bit 0).
pub struct Reset;

impl PinErrorType for Reset {
    type Error = Infallible;
}

impl OutputPin for Reset {
    fn set_low(&mut self) -> Result<(), Infallible> {
        wr(map::SOC_GPIO_OUT, rd(map::SOC_GPIO_OUT) & !1);
        Ok(())
    }
    fn set_high(&mut self) -> Result<(), Infallible> {
        wr(map::SOC_GPIO_OUT, rd(map::SOC_GPIO_OUT) | 1);
        Ok(())
    }
}

/// Busy-wait on `mcycle` at [`CLK_HZ`].
pub struct Delay;

impl DelayNs for Delay {
    fn delay_ns(&mut self, ns: u32) {
        let start = riscv::register::mcycle::read64();
        let n = u64::from(ns) * CLK_HZ / 1_000_000_000;
        while riscv::register::mcycle::read64().wrapping_sub(start) < n {}
    }
}

/// The sampler RTL's capacities (`texcore_sampler`'s default parameters, as instantiated
/// by `texcore_soc`): the lock-step pair needs both devices to have the same.
const DEV_MEM_BYTES: usize = 16_384;
const DEV_HEADERS: usize = 256;
const DEV_SAMPLERS: usize = 256;
const DEV_CBANK: usize = 1024;

/// The core with the device's capacities (about 36 KiB, on the stack).
type Soft<'m> = SoftSampler<'m, DEV_HEADERS, DEV_SAMPLERS, DEV_CBANK>;

/// Runs `blob` in lock-step on the sampler RTL (through the SoC's SPI master) and the core;
/// returns (passed, failed).
pub fn lockstep(blob: &[u8], report: impl FnMut(usize, &Op, &Reply, &[u32])) -> (u32, u32) {
    wr(map::SOC_SPI_DIV, 2); // SCK = clk / 4, the device's limit in simulation
    let mut fpga = FpgaSampler::new(Spi, Busy, Reset, Delay, Config::default());
    let (c0, i0) = counters();
    match fpga.init() {
        Ok(l) => log!(
            "FPGA: texcore_sampler, CAPS {:#010x} CAPS1 {:#010x}, {} B texel memory",
            l.caps as u32,
            (l.caps >> 32) as u32,
            l.memory_bytes
        ),
        Err(e) => {
            log!("FPGA: init failed: {:?}", e);
            return (0, 1);
        }
    }
    let mut mem = [0u8; DEV_MEM_BYTES];
    let soft: Soft<'_> = SoftSampler::new(&mut mem);
    let mut pair = LockstepSampler::new(fpga, soft);
    let r = match selfcheck::run(blob, &mut pair, report) {
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
            log!("FPGA lock-step: {:?}", e);
            (0, 1)
        }
    };
    let (c1, i1) = counters();
    log!("soc: lock-step phase mcycle {} minstret {}", c1 - c0, i1 - i0);
    // Cycle counts: the benchmark ops in software, then the device's ops over SPI (a fresh
    // driver: the pins and the bus are the same registers). Not in the `fail` build, whose
    // only purpose is to fail.
    #[cfg(not(feature = "fail"))]
    cycle_counts(blob);
    r
}

#[cfg(not(feature = "fail"))]
fn cycle_counts(blob: &[u8]) {
    super::soc_bench::software();
    let mut fpga = FpgaSampler::new(Spi, Busy, Reset, Delay, Config::default());
    match fpga.init() {
        Ok(_) => super::soc_bench::device(&mut fpga, blob),
        Err(e) => log!("spi-cycles: init failed: {:?}", e),
    }
}
