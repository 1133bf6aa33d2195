//! [`Rtl`]: the Verilated `texcore_sampler` behind embedded-hal 1.0 traits, clocked bit by
//! bit on its SPI pins, with faults injected on the wires.
//!
//! | handle | trait | pins |
//! |---|---|---|
//! | [`Rtl::spi`] | [`SpiDevice`] | `SCK`, `CS_N`, `MOSI`, `MISO` (mode 0; one transaction = one `CS_N` low period) |
//! | [`Rtl::busy_pin`] | [`InputPin`] | `BUSY` |
//! | [`Rtl::reset_pin`] | [`OutputPin`] | `RST_N` |
//! | [`Rtl::irq_pin`] | [`InputPin`] | `IRQ` |
//! | [`Rtl::delay`] | [`DelayNs`] | simulated time: clock cycles of [`Timing::clk_ns`] |
//!
//! Time passes only in the simulation: every SPI bit takes `2 × sck_half` clock cycles,
//! every [`DelayNs`] call the cycles of its duration.

use std::cell::RefCell;
use std::ffi::c_void;

use embedded_hal::delay::DelayNs;
use embedded_hal::digital::{self, InputPin, OutputPin};
use embedded_hal::spi::{self, Operation, SpiDevice};

#[cfg(rtlsim_model)]
mod ffi {
    use std::ffi::c_void;
    extern "C" {
        pub fn txs_new() -> *mut c_void;
        pub fn txs_free(p: *mut c_void);
        pub fn txs_set_pins(p: *mut c_void, sck: i32, cs_n: i32, mosi: i32, rst_n: i32);
        pub fn txs_get_pins(p: *mut c_void) -> u32;
        pub fn txs_tick(p: *mut c_void, n: u64);
        pub fn txs_cycles(p: *mut c_void) -> u64;
        pub fn txs_spi_byte(p: *mut c_void, out: u32, half: u32, drop: u32) -> u32;
        pub fn txs_run_until_idle(p: *mut c_void, max: u64) -> u64;
        pub fn txs_snapshot(p: *mut c_void);
        pub fn txs_restore(p: *mut c_void) -> i32;
    }
}

/// Clock and SPI timing of the simulation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timing {
    /// System clock period in ns (20: 50 MHz).
    pub clk_ns: u32,
    /// Clock cycles per SCK half period (2: SCK = clk / 4, the fastest the device accepts).
    pub sck_half: u32,
    /// Clock cycles between `CS_N` falling and the first SCK edge, and between the last SCK
    /// edge and `CS_N` rising.
    pub cs_setup: u32,
    /// Clock cycles `CS_N` stays high after a transaction.
    pub cs_gap: u32,
}

impl Default for Timing {
    fn default() -> Self {
        Timing { clk_ns: 20, sck_half: 2, cs_setup: 2, cs_gap: 4 }
    }
}

impl Timing {
    /// The SPI bit rate in bit/s.
    pub fn bit_rate(&self) -> f64 {
        1e9 / (f64::from(self.clk_ns) * 2.0 * f64::from(self.sck_half))
    }
}

/// A fault on the wires between host and device.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WireFault {
    /// The host reads bit `bit` (7 = MSB, the first) of byte `byte` of the transaction
    /// inverted on `MISO`.
    FlipMiso {
        /// Byte index in the transaction (the `FETCH` byte is 0).
        byte: u16,
        /// Bit (7 = the first on the wire).
        bit: u8,
    },
    /// The device misses the SCK pulse of bit `bit` of byte `byte` of the transaction (the
    /// host believes it clocked it).
    DropSck {
        /// Byte index in the transaction.
        byte: u16,
        /// Bit (7 = the first on the wire).
        bit: u8,
    },
    /// `BUSY` reads high at the host for `ns` nanoseconds of simulated time from the next
    /// transaction on (a stuck pin or a broken trace).
    HoldBusy {
        /// Duration.
        ns: u64,
    },
}

/// Which transactions a fault applies to (by their first byte).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// Any transaction.
    Any,
    /// Response fetches (first byte `FETCH`).
    Fetch,
    /// Command frames.
    Command,
}

#[derive(Clone, Copy, Debug)]
struct Armed {
    fault: WireFault,
    target: Target,
    left: u32,
}

/// Counters of the wire traffic.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WireStats {
    /// SPI transactions.
    pub transactions: u64,
    /// Bytes exchanged.
    pub bytes: u64,
    /// Faults applied.
    pub faults: u64,
}

struct Model {
    #[cfg_attr(not(rtlsim_model), allow(dead_code))]
    dut: *mut c_void,
    timing: Timing,
    rst_n: bool,
    /// `rst_n` at the snapshot.
    saved_rst_n: bool,
    armed: Vec<Armed>,
    busy_until: u64,
    stats: WireStats,
}

/// Why the model cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RtlError {
    /// This build has no Verilated model (no Verilator when it was compiled).
    NoModel,
    /// The model state is borrowed (a handle used from inside another).
    Reentrant,
}

impl core::fmt::Display for RtlError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            RtlError::NoModel => write!(
                f,
                "texcore-rtlsim was built without the Verilated texcore_sampler (no Verilator at build time); \
                 build it through `cargo xtask cosim --ops sampler`, which provisions Verilator"
            ),
            RtlError::Reentrant => write!(f, "the RTL model is already borrowed"),
        }
    }
}

impl std::error::Error for RtlError {}

impl spi::Error for RtlError {
    fn kind(&self) -> spi::ErrorKind {
        spi::ErrorKind::Other
    }
}

impl digital::Error for RtlError {
    fn kind(&self) -> digital::ErrorKind {
        digital::ErrorKind::Other
    }
}

/// The Verilated `texcore_sampler` (default parameters: 64 KiB texel memory, 256 texture
/// headers, 256 samplers, 1024 constant-bank words).
pub struct Rtl {
    m: RefCell<Model>,
}

/// Texel memory bytes of the Verilated build.
pub const MEM_BYTES: usize = 65536;
/// Texture-header pool entries of the Verilated build.
pub const HEADER_ENTRIES: usize = 256;
/// Sampler-header pool entries of the Verilated build.
pub const SAMPLER_ENTRIES: usize = 256;
/// Constant-bank words of the Verilated build.
pub const CBANK_WORDS: usize = 1024;

const FETCH: u8 = texcore_hal::protocol::FETCH;

impl Model {
    #[cfg(rtlsim_model)]
    fn pins(&mut self, sck: bool, cs_n: bool, mosi: bool) {
        // SAFETY: `dut` came from `txs_new` and is freed only in `Drop`.
        unsafe { ffi::txs_set_pins(self.dut, sck.into(), cs_n.into(), mosi.into(), self.rst_n.into()) }
    }
    #[cfg(rtlsim_model)]
    fn tick(&mut self, n: u64) {
        // SAFETY: as above.
        unsafe { ffi::txs_tick(self.dut, n) }
    }
    #[cfg(rtlsim_model)]
    fn outputs(&self) -> u32 {
        // SAFETY: as above.
        unsafe { ffi::txs_get_pins(self.dut) }
    }
    #[cfg(rtlsim_model)]
    fn cycles(&self) -> u64 {
        // SAFETY: as above.
        unsafe { ffi::txs_cycles(self.dut) }
    }
    #[cfg(rtlsim_model)]
    fn byte(&mut self, out: u8, drop: u8) -> u8 {
        // SAFETY: as above.
        unsafe { ffi::txs_spi_byte(self.dut, out.into(), self.timing.sck_half, drop.into()) as u8 }
    }

    #[cfg(rtlsim_model)]
    fn run_until_idle(&mut self, max: u64) -> u64 {
        // SAFETY: as above.
        unsafe { ffi::txs_run_until_idle(self.dut, max) }
    }
    #[cfg(rtlsim_model)]
    fn snapshot(&mut self) {
        // SAFETY: as above.
        unsafe { ffi::txs_snapshot(self.dut) }
    }
    #[cfg(rtlsim_model)]
    fn restore(&mut self) -> bool {
        // SAFETY: as above.
        unsafe { ffi::txs_restore(self.dut) != 0 }
    }

    #[cfg(not(rtlsim_model))]
    fn run_until_idle(&mut self, max: u64) -> u64 {
        max + 1
    }
    #[cfg(not(rtlsim_model))]
    fn snapshot(&mut self) {}
    #[cfg(not(rtlsim_model))]
    fn restore(&mut self) -> bool {
        false
    }
    #[cfg(not(rtlsim_model))]
    fn pins(&mut self, _: bool, _: bool, _: bool) {}
    #[cfg(not(rtlsim_model))]
    fn tick(&mut self, _: u64) {}
    #[cfg(not(rtlsim_model))]
    fn outputs(&self) -> u32 {
        0
    }
    #[cfg(not(rtlsim_model))]
    fn cycles(&self) -> u64 {
        0
    }
    #[cfg(not(rtlsim_model))]
    fn byte(&mut self, _: u8, _: u8) -> u8 {
        0
    }

    fn ns_to_cycles(&self, ns: u64) -> u64 {
        ns.div_ceil(u64::from(self.timing.clk_ns.max(1)))
    }

    /// The faults for this transaction (consumed), by its first MOSI byte.
    fn take(&mut self, first: Option<u8>) -> Vec<WireFault> {
        let fetch = first == Some(FETCH);
        let mut out = Vec::new();
        for a in self.armed.iter_mut() {
            let hit = match a.target {
                Target::Any => true,
                Target::Fetch => fetch,
                Target::Command => !fetch,
            };
            if hit && a.left > 0 {
                a.left -= 1;
                out.push(a.fault);
            }
        }
        self.armed.retain(|a| a.left > 0);
        self.stats.faults += out.len() as u64;
        out
    }

    fn transaction(&mut self, ops: &mut [Operation<'_, u8>]) {
        let first = ops.iter().find_map(|op| match op {
            Operation::Write(w) => w.first().copied(),
            Operation::Transfer(_, w) => w.first().copied(),
            Operation::TransferInPlace(b) => b.first().copied(),
            Operation::Read(r) if !r.is_empty() => Some(0),
            _ => None,
        });
        let faults = self.take(first);
        for f in &faults {
            if let WireFault::HoldBusy { ns } = f {
                self.busy_until = self.cycles() + self.ns_to_cycles(*ns);
            }
        }
        let mut pos: u16 = 0;
        let mut xfer = |m: &mut Model, out: u8| -> u8 {
            let mut drop = 0u8;
            let mut flip = 0u8;
            for f in &faults {
                match *f {
                    WireFault::DropSck { byte, bit } if byte == pos => drop |= 1 << (bit & 7),
                    WireFault::FlipMiso { byte, bit } if byte == pos => flip |= 1 << (bit & 7),
                    _ => {}
                }
            }
            pos = pos.saturating_add(1);
            m.stats.bytes += 1;
            m.byte(out, drop) ^ flip
        };
        self.stats.transactions += 1;
        self.pins(false, false, false);
        self.tick(u64::from(self.timing.cs_setup));
        for op in ops.iter_mut() {
            match op {
                Operation::Write(w) => {
                    for b in w.iter() {
                        xfer(self, *b);
                    }
                }
                Operation::Read(r) => {
                    for b in r.iter_mut() {
                        *b = xfer(self, 0);
                    }
                }
                Operation::Transfer(r, w) => {
                    for i in 0..r.len().max(w.len()) {
                        let v = xfer(self, w.get(i).copied().unwrap_or(0));
                        if let Some(d) = r.get_mut(i) {
                            *d = v;
                        }
                    }
                }
                Operation::TransferInPlace(b) => {
                    for x in b.iter_mut() {
                        *x = xfer(self, *x);
                    }
                }
                Operation::DelayNs(ns) => {
                    let c = self.ns_to_cycles(u64::from(*ns));
                    self.tick(c);
                }
            }
        }
        self.tick(u64::from(self.timing.cs_setup));
        self.pins(false, true, false);
        self.tick(u64::from(self.timing.cs_gap));
    }
}

impl Drop for Model {
    fn drop(&mut self) {
        #[cfg(rtlsim_model)]
        // SAFETY: `dut` came from `txs_new` and is not used after this.
        unsafe {
            ffi::txs_free(self.dut)
        }
    }
}

impl Rtl {
    /// A device with power applied and `RST_N` high (the power-on reset clears it: wait for
    /// `BUSY` low, or call [`texcore_hal::FpgaSampler::init`]).
    pub fn new(timing: Timing) -> Result<Rtl, RtlError> {
        #[cfg(rtlsim_model)]
        {
            // SAFETY: plain constructor; the pointer is owned by the `Model`.
            let dut = unsafe { ffi::txs_new() };
            let mut m = Model {
                dut,
                timing,
                rst_n: true,
                saved_rst_n: true,
                armed: Vec::new(),
                busy_until: 0,
                stats: WireStats::default(),
            };
            m.pins(false, true, false);
            Ok(Rtl { m: RefCell::new(m) })
        }
        #[cfg(not(rtlsim_model))]
        {
            let _ = timing;
            Err(RtlError::NoModel)
        }
    }

    fn with<R>(&self, f: impl FnOnce(&mut Model) -> R) -> Result<R, RtlError> {
        let mut m = self.m.try_borrow_mut().map_err(|_| RtlError::Reentrant)?;
        Ok(f(&mut m))
    }

    /// The SPI bus with the device's chip select.
    pub fn spi(&self) -> RtlSpi<'_> {
        RtlSpi(self)
    }

    /// `BUSY`.
    pub fn busy_pin(&self) -> RtlBusy<'_> {
        RtlBusy(self)
    }

    /// `RST_N`.
    pub fn reset_pin(&self) -> RtlReset<'_> {
        RtlReset(self)
    }

    /// `IRQ`.
    pub fn irq_pin(&self) -> RtlIrq<'_> {
        RtlIrq(self)
    }

    /// Simulated time.
    pub fn delay(&self) -> RtlDelay<'_> {
        RtlDelay(self)
    }

    /// Arms a wire fault for the next `count` transactions of `target`.
    pub fn inject(&self, fault: WireFault, target: Target, count: u32) -> Result<(), RtlError> {
        self.with(|m| m.armed.push(Armed { fault, target, left: count }))
    }

    /// Disarms every fault and releases a held `BUSY`.
    pub fn clear_faults(&self) -> Result<(), RtlError> {
        self.with(|m| {
            m.armed.clear();
            m.busy_until = 0;
        })
    }

    /// Clock cycles simulated so far.
    pub fn cycles(&self) -> Result<u64, RtlError> {
        self.with(|m| m.cycles())
    }

    /// Wire counters.
    pub fn stats(&self) -> Result<WireStats, RtlError> {
        self.with(|m| m.stats)
    }

    /// The timing.
    pub fn timing(&self) -> Result<Timing, RtlError> {
        self.with(|m| m.timing)
    }

    /// Runs the clock for `n` cycles.
    pub fn tick(&self, n: u64) -> Result<(), RtlError> {
        self.with(|m| m.tick(n))
    }

    /// Runs the clock until `BUSY` (the pin, not a held [`WireFault::HoldBusy`]) is low, at
    /// most `max` cycles. Returns the cycles run, or `None` if `BUSY` was still high.
    pub fn run_until_idle(&self, max: u64) -> Result<Option<u64>, RtlError> {
        self.with(|m| {
            let n = m.run_until_idle(max);
            (n <= max).then_some(n)
        })
    }

    /// Saves the device's whole state — every signal and memory, the pins, the cycle count —
    /// to be restored by [`restore`](Self::restore) (one snapshot; a new one replaces it).
    /// Armed wire faults are not part of it.
    pub fn snapshot(&self) -> Result<(), RtlError> {
        self.with(|m| {
            m.saved_rst_n = m.rst_n;
            m.snapshot()
        })
    }

    /// Returns the device to the state of the last [`snapshot`](Self::snapshot) and disarms
    /// every wire fault: the same state, cycle for cycle, as if nothing had happened since.
    /// Returns `false` (and changes nothing) if there is no snapshot.
    pub fn restore(&self) -> Result<bool, RtlError> {
        self.with(|m| {
            let ok = m.restore();
            if ok {
                m.rst_n = m.saved_rst_n;
                m.armed.clear();
                m.busy_until = 0;
            }
            ok
        })
    }

    /// Clocks a transaction whose device sees only the first `bits` bits of `bytes` (a
    /// partial byte at the end: the host raised `CS_N` mid-byte). Returns the MISO bytes.
    pub fn raw_bits(&self, bytes: &[u8], bits: usize) -> Result<Vec<u8>, RtlError> {
        self.with(|m| {
            m.stats.transactions += 1;
            m.pins(false, false, false);
            m.tick(u64::from(m.timing.cs_setup));
            let mut out = Vec::new();
            for (i, b) in bytes.iter().enumerate() {
                let left = bits.saturating_sub(8 * i);
                if left == 0 {
                    break;
                }
                // bits beyond `left` are not clocked at all
                let drop = if left >= 8 { 0 } else { 0xFFu8 >> left };
                out.push(m.byte(*b, drop));
            }
            m.tick(u64::from(m.timing.cs_setup));
            m.pins(false, true, false);
            m.tick(u64::from(m.timing.cs_gap));
            out
        })
    }
}

/// [`Rtl`]'s SPI bus ([`SpiDevice`]).
pub struct RtlSpi<'a>(&'a Rtl);

impl spi::ErrorType for RtlSpi<'_> {
    type Error = RtlError;
}

impl SpiDevice for RtlSpi<'_> {
    fn transaction(&mut self, operations: &mut [Operation<'_, u8>]) -> Result<(), RtlError> {
        self.0.with(|m| m.transaction(operations))
    }
}

/// [`Rtl`]'s `BUSY` ([`InputPin`]).
pub struct RtlBusy<'a>(&'a Rtl);

impl digital::ErrorType for RtlBusy<'_> {
    type Error = RtlError;
}

impl InputPin for RtlBusy<'_> {
    fn is_high(&mut self) -> Result<bool, RtlError> {
        self.0.with(|m| m.outputs() & 2 != 0 || m.cycles() < m.busy_until)
    }
    fn is_low(&mut self) -> Result<bool, RtlError> {
        self.is_high().map(|b| !b)
    }
}

/// [`Rtl`]'s `IRQ` ([`InputPin`]).
pub struct RtlIrq<'a>(&'a Rtl);

impl digital::ErrorType for RtlIrq<'_> {
    type Error = RtlError;
}

impl InputPin for RtlIrq<'_> {
    fn is_high(&mut self) -> Result<bool, RtlError> {
        self.0.with(|m| m.outputs() & 4 != 0)
    }
    fn is_low(&mut self) -> Result<bool, RtlError> {
        self.is_high().map(|b| !b)
    }
}

/// [`Rtl`]'s `RST_N` ([`OutputPin`]).
pub struct RtlReset<'a>(&'a Rtl);

impl digital::ErrorType for RtlReset<'_> {
    type Error = RtlError;
}

impl OutputPin for RtlReset<'_> {
    fn set_low(&mut self) -> Result<(), RtlError> {
        self.0.with(|m| {
            m.rst_n = false;
            m.pins(false, true, false);
        })
    }
    fn set_high(&mut self) -> Result<(), RtlError> {
        self.0.with(|m| {
            m.rst_n = true;
            m.pins(false, true, false);
        })
    }
}

/// [`Rtl`]'s simulated time ([`DelayNs`]).
pub struct RtlDelay<'a>(&'a Rtl);

impl DelayNs for RtlDelay<'_> {
    fn delay_ns(&mut self, ns: u32) {
        let _ = self.0.with(|m| {
            let c = m.ns_to_cycles(u64::from(ns));
            m.tick(c)
        });
    }
}
