//! Target side: platform glue (Cortex-M4F / RV32), logging, and the self-check.

mod bench;
#[cfg(feature = "stm32f4")]
mod board;
mod checks;
#[cfg(feature = "soc")]
mod soc;
#[cfg(all(feature = "soc", not(feature = "fail")))]
mod soc_bench;

// Log transport: semihosting in QEMU, RTT on a real board.
#[cfg(feature = "board-stm32f4")]
use defmt_rtt as _;
#[cfg(all(feature = "defmt", not(feature = "board-stm32f4")))]
use defmt_semihosting as _;

#[cfg(target_arch = "arm")]
pub(crate) mod platform {
    use cortex_m_rt::{entry, exception, ExceptionFrame};
    #[cfg(not(feature = "board-stm32f4"))]
    use cortex_m_semihosting::debug;

    #[entry]
    fn main() -> ! {
        super::run()
    }

    /// Ends the QEMU run with the verdict as its exit status. On a board (no debugger
    /// semihosting) the verdict has been logged over RTT; the core then halts in a
    /// breakpoint-free idle loop.
    pub fn exit(ok: bool) -> ! {
        #[cfg(not(feature = "board-stm32f4"))]
        debug::exit(if ok { debug::EXIT_SUCCESS } else { debug::EXIT_FAILURE });
        #[cfg(feature = "board-stm32f4")]
        let _ = ok;
        loop {
            cortex_m::asm::wfi();
        }
    }

    #[cfg(not(feature = "defmt"))]
    pub fn print(args: core::fmt::Arguments<'_>) {
        cortex_m_semihosting::hprint!("{}", args);
    }

    #[exception]
    unsafe fn HardFault(ef: &ExceptionFrame) -> ! {
        #[cfg(feature = "defmt")]
        defmt::error!("HARDFAULT at pc={=u32:#010x}", ef.pc());
        #[cfg(not(feature = "defmt"))]
        cortex_m_semihosting::hprintln!("HARDFAULT at pc={:#010x}", ef.pc());
        exit(false)
    }
}

#[cfg(feature = "soc")]
pub(crate) use soc::platform;

#[cfg(all(target_arch = "riscv32", not(feature = "soc")))]
pub(crate) mod platform {
    use riscv_rt::entry;
    use riscv_semihosting::debug;

    #[entry]
    fn main() -> ! {
        super::run()
    }

    /// Ends the QEMU run with the verdict as its exit status.
    pub fn exit(ok: bool) -> ! {
        debug::exit(if ok { debug::EXIT_SUCCESS } else { debug::EXIT_FAILURE });
        loop {
            riscv::asm::wfi();
        }
    }

    #[cfg(not(feature = "defmt"))]
    pub fn print(args: core::fmt::Arguments<'_>) {
        riscv_semihosting::hprint!("{}", args);
    }
}

#[cfg(target_arch = "arm")]
use cortex_m as _;
#[cfg(target_arch = "riscv32")]
use riscv as _;

/// Logs one line through defmt (feature `defmt`) or semihosting text.
macro_rules! log {
    ($fmt:literal $(, $arg:expr)*) => {{
        #[cfg(feature = "defmt")]
        defmt::println!($fmt $(, $arg)*);
        #[cfg(not(feature = "defmt"))]
        $crate::fw::platform::print(format_args!(concat!($fmt, "\n") $(, $arg)*));
    }};
}
pub(crate) use log;

fn run() -> ! {
    let (passed, failed) = checks::run();
    bench::run();
    log!("texcore self-check: {} passed, {} failed", passed, failed);
    platform::exit(failed == 0 && passed > 0)
}

#[panic_handler]
fn panic(info: &core::panic::PanicInfo) -> ! {
    #[cfg(feature = "defmt")]
    defmt::error!("PANIC: {}", defmt::Display2Format(info));
    #[cfg(not(feature = "defmt"))]
    platform::print(format_args!("PANIC: {}\n", info));
    platform::exit(false)
}
