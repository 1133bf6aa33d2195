//! [`SimulatedFpga`]: the texcore model behind the SPI protocol of [`crate::protocol`], with
//! fault injection, for host tests of the driver (and for firmware without an FPGA).
//!
//! It is `no_std` and heap-free like the rest of the crate. The device state sits in a
//! [`RefCell`] inside the [`SimulatedFpga`]; the handles it lends out share it:
//!
//! | handle | trait | models |
//! |---|---|---|
//! | [`SimulatedFpga::spi`] | [`SpiDevice`] | the SPI slave (one transaction = one chip-select assertion) |
//! | [`SimulatedFpga::busy_pin`] | [`InputPin`] | `BUSY` |
//! | [`SimulatedFpga::reset_pin`] | [`OutputPin`] | `RST_N` |
//! | [`SimulatedFpga::irq_pin`] | [`InputPin`] | `IRQ` |
//! | [`SimulatedFpga::delay`] | [`DelayNs`] | the passing of time (the device's clock advances only through it) |
//!
//! `SUBMIT` runs the op on a [`SoftSampler`] (so `STORE` and the atomics write the
//! simulated texture memory) and keeps the replay record of [`crate::protocol`]: a resent
//! atomic is answered from it, not executed again.
//!
//! After a command frame, `BUSY` stays high for the command's [`Timing`] (in simulated
//! nanoseconds). The device shifts out `0x00` whenever it has nothing to send (during a
//! command, before a response, after the end of a frame).
//!
//! ## Fault injection
//!
//! [`SimulatedFpga::inject`] arms a [`Fault`] for the next `count` events it applies to,
//! optionally only for one command code. What each fault becomes on the host
//! ([`crate::fpga::Error`], once the retries are used up):
//!
//! | fault | event | host error |
//! |---|---|---|
//! | [`Fault::FlipResponseBit`], [`Fault::XorResponse`], [`Fault::DropResponseByte`], [`Fault::BadResponseCrc`] | response fetch | `Crc(Response)` |
//! | [`Fault::FlipCommandBit`], [`Fault::XorCommand`] | command frame | `Crc(Command)` (device answers `ERR_CRC`); damage to the length field: `Protocol(Frame)` |
//! | [`Fault::DropCommandByte`] | command frame | `Protocol(Frame)` (device answers `ERR_FRAME`) |
//! | [`Fault::FlipFetchBit`] | response fetch | `Crc(Response)` (the device does not see a fetch and sends idle bytes) |
//! | [`Fault::StuckBusy`] | command | `Timeout` (until a hard reset) |
//! | [`Fault::Status`] | command | `DeviceFault(code)` (`Unsupported(op)` for `ERR_UNSUPPORTED` on `SUBMIT`; link codes are retried) |
//! | [`Fault::WrongSeq`] | command | `Protocol(Seq)` |
//! | [`Fault::WrongOpcode`] | command | `Protocol(Opcode)` |
//! | [`Fault::WrongLength`] | command | `Protocol(Length)` |
//! | [`Fault::BadSync`] | command | `Protocol(Sync)` |
//! | [`Fault::BusError`] | transaction | `Bus(SimError::Injected)` |
//! | [`Fault::CorruptResult`] | `SUBMIT` | none: a well-formed wrong result, only [`crate::LockstepSampler`] can catch it |
//!
//! A transient fault (count below the driver's retries) is absorbed by a retry and the
//! correct result is returned.

use core::cell::RefCell;

use embedded_hal::delay::DelayNs;
use embedded_hal::digital::{self, InputPin, OutputPin};
use embedded_hal::spi::{self, Operation, SpiDevice};
use texcore::handle::SamplerBinding;

use crate::device::SamplerDevice;
use crate::op::{Op, MAX_OP_LEN};
use crate::protocol::{
    self, cmd, crc32c, encode_response, field, parse_command, read_u16, read_u32, reg, status, Access, StatusClass,
    COMPLETION_LEN, CRC_LEN, FETCH, MAX_CMD_FRAME, MAX_RESP_FRAME, MAX_RESP_PAYLOAD, MAX_RESULT_WORDS,
};
use crate::soft::SoftSampler;
use crate::subset::{self, Subset};

/// A fault the simulator can inject.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Fault {
    /// Flips bit `bit` (0–7) of byte `byte` of the response as shifted out (bytes past the
    /// frame are idle bytes).
    FlipResponseBit {
        /// Byte index in the response frame.
        byte: u16,
        /// Bit index.
        bit: u8,
    },
    /// XORs the 4 bytes of the response from byte `byte` with `mask` (little-endian): a
    /// burst of up to 32 bits.
    XorResponse {
        /// First byte.
        byte: u16,
        /// XOR pattern (byte `byte` gets bits 7:0).
        mask: u32,
    },
    /// Drops byte `byte` of the response frame (the rest shifts up; an idle byte follows).
    DropResponseByte {
        /// Byte index in the response frame.
        byte: u16,
    },
    /// Inverts the response's CRC field.
    BadResponseCrc,
    /// Flips bit `bit` of byte `byte` of the command frame as received.
    FlipCommandBit {
        /// Byte index in the command frame.
        byte: u16,
        /// Bit index.
        bit: u8,
    },
    /// XORs the 4 bytes of the command frame from byte `byte` with `mask` (little-endian).
    XorCommand {
        /// First byte.
        byte: u16,
        /// XOR pattern.
        mask: u32,
    },
    /// The device misses byte `byte` of the command frame.
    DropCommandByte {
        /// Byte index in the command frame.
        byte: u16,
    },
    /// Flips bit `bit` of the `FETCH` byte as received.
    FlipFetchBit {
        /// Bit index.
        bit: u8,
    },
    /// `BUSY` never falls after the command (until a hard reset).
    StuckBusy,
    /// The command is answered with this status (no payload, valid CRC).
    Status(u8),
    /// The response carries the previous sequence number (valid CRC).
    WrongSeq,
    /// The response echoes another command code (valid CRC).
    WrongOpcode,
    /// The response payload is one byte short (or one byte long if empty; valid CRC).
    WrongLength,
    /// The response's sync byte is wrong (valid CRC).
    BadSync,
    /// `SUBMIT` computes a wrong result: result word `word` is XORed with `xor` (valid frames).
    CorruptResult {
        /// Result word index.
        word: u8,
        /// XOR pattern.
        xor: u32,
    },
    /// The SPI transaction fails with [`SimError::Injected`].
    BusError,
}

impl Fault {
    fn event(&self) -> Event {
        match self {
            Fault::FlipResponseBit { .. }
            | Fault::XorResponse { .. }
            | Fault::DropResponseByte { .. }
            | Fault::BadResponseCrc => Event::Output,
            Fault::FlipCommandBit { .. } | Fault::XorCommand { .. } | Fault::DropCommandByte { .. } => Event::CommandIn,
            Fault::FlipFetchBit { .. } => Event::FetchIn,
            Fault::StuckBusy
            | Fault::Status(_)
            | Fault::WrongSeq
            | Fault::WrongOpcode
            | Fault::WrongLength
            | Fault::BadSync => Event::Respond,
            Fault::CorruptResult { .. } => Event::Execute,
            Fault::BusError => Event::Transaction,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Event {
    Transaction,
    CommandIn,
    FetchIn,
    Output,
    Respond,
    Execute,
}

/// An armed fault.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Injection {
    /// The fault.
    pub fault: Fault,
    /// Events left (`u32::MAX`: every event).
    pub count: u32,
    /// Only for this command code (for fetch-side faults: the command being answered).
    pub only: Option<u8>,
}

impl Injection {
    /// Once.
    pub const fn once(fault: Fault) -> Injection {
        Injection { fault, count: 1, only: None }
    }
    /// `count` times.
    pub const fn times(fault: Fault, count: u32) -> Injection {
        Injection { fault, count, only: None }
    }
    /// On every event.
    pub const fn always(fault: Fault) -> Injection {
        Injection { fault, count: u32::MAX, only: None }
    }
    /// Restricted to one command code.
    pub const fn only(self, code: u8) -> Injection {
        Injection { only: Some(code), ..self }
    }
}

/// Simulated latencies (ns of [`SimulatedFpga::delay`] time).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Timing {
    /// `BUSY` time of every command but `SUBMIT` and `RESET`.
    pub command_ns: u32,
    /// `BUSY` time of `SUBMIT`.
    pub submit_ns: u32,
    /// `BUSY` time after `RESET` or the release of `RST_N`.
    pub reset_ns: u32,
}

impl Default for Timing {
    fn default() -> Self {
        Timing { command_ns: 0, submit_ns: 2_000, reset_ns: 50_000 }
    }
}

/// Counters of what the simulated device saw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct SimStats {
    /// Command frames received (intact or not).
    pub commands: u32,
    /// Command frames rejected (`ERR_CRC`, `ERR_FRAME`).
    pub link_rejects: u32,
    /// Response fetches served.
    pub fetches: u32,
    /// Ops executed.
    pub ops: u32,
    /// Faults applied.
    pub faults: u32,
}

/// Errors of the simulator's handles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum SimError {
    /// The device state is already borrowed (a handle used from inside another).
    Reentrant,
    /// An injected bus error.
    Injected,
    /// No free fault slot.
    NoSlot,
}

impl spi::Error for SimError {
    fn kind(&self) -> spi::ErrorKind {
        spi::ErrorKind::Other
    }
}

impl digital::Error for SimError {
    fn kind(&self) -> digital::ErrorKind {
        digital::ErrorKind::Other
    }
}

const FAULT_SLOTS: usize = 8;
const MOSI_CAP: usize = MAX_CMD_FRAME + 1;

struct State<'m, const H: usize, const S: usize, const C: usize> {
    core: SoftSampler<'m, H, S, C>,
    caps: u64,
    subset: Subset,
    timing: Timing,
    now: u64,
    ready_at: u64,
    stuck: bool,
    in_reset: bool,
    irq_flags: u32,
    irq_enable: u32,
    link_errors: u32,
    scratch: u32,
    last_status: u8,
    fault: bool,
    resp: [u8; MAX_RESP_FRAME],
    resp_len: usize,
    resp_code: u8,
    result: [u32; MAX_RESULT_WORDS],
    result_words: usize,
    /// The last `SUBMIT` payload and completion record, for the replay tag.
    last_submit: [u8; MAX_OP_LEN],
    last_submit_len: usize,
    last_completion: [u8; COMPLETION_LEN],
    mosi: [u8; MOSI_CAP],
    faults: [Option<Injection>; FAULT_SLOTS],
    stats: SimStats,
}

/// The simulated FPGA sampler. `H`, `S`, `C`: header-pool entries, sampler-pool entries,
/// constant-bank words (as [`SoftSampler`]).
pub struct SimulatedFpga<'m, const H: usize, const S: usize, const C: usize> {
    state: RefCell<State<'m, H, S, C>>,
}

impl<'m, const H: usize, const S: usize, const C: usize> SimulatedFpga<'m, H, S, C> {
    /// A device out of reset (ready, every op implemented) using `memory` as texture memory.
    pub fn new(memory: &'m mut [u8]) -> Self {
        let mut st = State {
            core: SoftSampler::new(memory),
            caps: protocol::all_caps(),
            subset: Subset::ALL,
            timing: Timing::default(),
            now: 0,
            ready_at: 0,
            stuck: false,
            in_reset: false,
            irq_flags: 0,
            irq_enable: 0,
            link_errors: 0,
            scratch: 0,
            last_status: 0,
            fault: false,
            resp: [0; MAX_RESP_FRAME],
            resp_len: 0,
            resp_code: 0,
            result: [0; MAX_RESULT_WORDS],
            result_words: 0,
            last_submit: [0; MAX_OP_LEN],
            last_submit_len: 0,
            last_completion: [0; COMPLETION_LEN],
            mosi: [0; MOSI_CAP],
            faults: [None; FAULT_SLOTS],
            stats: SimStats::default(),
        };
        st.reset_state();
        SimulatedFpga { state: RefCell::new(st) }
    }

    fn with<R>(&self, f: impl FnOnce(&mut State<'m, H, S, C>) -> R) -> Result<R, SimError> {
        let mut st = self.state.try_borrow_mut().map_err(|_| SimError::Reentrant)?;
        Ok(f(&mut st))
    }

    /// The SPI slave.
    pub fn spi(&self) -> SimSpi<'_, 'm, H, S, C> {
        SimSpi(self)
    }

    /// The `BUSY` output.
    pub fn busy_pin(&self) -> SimBusy<'_, 'm, H, S, C> {
        SimBusy(self)
    }

    /// The `RST_N` input.
    pub fn reset_pin(&self) -> SimReset<'_, 'm, H, S, C> {
        SimReset(self)
    }

    /// The `IRQ` output.
    pub fn irq_pin(&self) -> SimIrq<'_, 'm, H, S, C> {
        SimIrq(self)
    }

    /// The simulated clock.
    pub fn delay(&self) -> SimDelay<'_, 'm, H, S, C> {
        SimDelay(self)
    }

    /// Sets the `CAPS` (bits 31:0) and `CAPS1` (bits 63:32) registers (ops with a clear bit
    /// answer `ERR_UNSUPPORTED`).
    pub fn set_caps(&self, caps: u64) -> Result<(), SimError> {
        self.with(|s| s.caps = caps)
    }

    /// Sets the sampling subset ([`Subset`]; [`Subset::ALL`] after [`SimulatedFpga::new`]):
    /// a governed op whose view and sampler fall outside it answers `ERR_UNSUPPORTED`, as
    /// a device build with that subset does.
    pub fn set_subset(&self, subset: Subset) -> Result<(), SimError> {
        self.with(|s| s.subset = subset)
    }

    /// Sets the latencies.
    pub fn set_timing(&self, timing: Timing) -> Result<(), SimError> {
        self.with(|s| s.timing = timing)
    }

    /// Arms a fault.
    pub fn inject(&self, injection: Injection) -> Result<(), SimError> {
        self.with(|s| {
            let slot = s.faults.iter_mut().find(|f| f.is_none()).ok_or(SimError::NoSlot)?;
            *slot = Some(injection);
            Ok(())
        })?
    }

    /// Disarms every fault.
    pub fn clear_faults(&self) -> Result<(), SimError> {
        self.with(|s| s.faults = [None; FAULT_SLOTS])
    }

    /// Faults still armed.
    pub fn armed_faults(&self) -> Result<usize, SimError> {
        self.with(|s| s.faults.iter().filter(|f| f.is_some()).count())
    }

    /// Counters.
    pub fn stats(&self) -> Result<SimStats, SimError> {
        self.with(|s| s.stats)
    }

    /// The simulated time in ns.
    pub fn now_ns(&self) -> Result<u64, SimError> {
        self.with(|s| s.now)
    }

    /// Runs `f` on the device's model (pools, constant bank, memory).
    pub fn with_core<R>(&self, f: impl FnOnce(&mut SoftSampler<'m, H, S, C>) -> R) -> Result<R, SimError> {
        self.with(|s| f(&mut s.core))
    }
}

impl<const H: usize, const S: usize, const C: usize> State<'_, H, S, C> {
    fn busy(&self) -> bool {
        self.in_reset || self.stuck || self.now < self.ready_at
    }

    /// Registers, pools, constant bank, result buffer to reset values; texture memory kept.
    fn reset_state(&mut self) {
        let _ = self.core.reset();
        self.stuck = false;
        self.irq_flags = 1 << field::IRQ_RESET;
        self.irq_enable = 0;
        self.link_errors = 0;
        self.scratch = 0;
        self.last_status = 0;
        self.fault = false;
        self.result = [0; MAX_RESULT_WORDS];
        self.result_words = 0;
        self.last_submit_len = 0;
        self.respond(0, 0, status::ERR_NO_RESPONSE, &[], false);
    }

    /// Consumes one event from every armed fault of `event` that matches `code`; returns
    /// them.
    fn take(&mut self, event: Event, code: u8) -> [Option<Fault>; FAULT_SLOTS] {
        let mut out = [None; FAULT_SLOTS];
        for (slot, o) in self.faults.iter_mut().zip(out.iter_mut()) {
            let Some(inj) = slot else { continue };
            if inj.count == 0 {
                *slot = None;
                continue;
            }
            if inj.fault.event() != event || inj.only.is_some_and(|c| c != code) {
                continue;
            }
            *o = Some(inj.fault);
            if inj.count != u32::MAX {
                inj.count -= 1;
            }
            if inj.count == 0 {
                *slot = None;
            }
            self.stats.faults = self.stats.faults.saturating_add(1);
        }
        out
    }

    fn respond(&mut self, seq: u8, code: u8, st: u8, payload: &[u8], bad_sync: bool) {
        self.resp = [0; MAX_RESP_FRAME];
        self.resp_code = code;
        self.resp_len = encode_response(&mut self.resp, seq, code, st, payload).unwrap_or(0);
        if bad_sync && self.resp_len >= CRC_LEN {
            let body = self.resp_len - CRC_LEN;
            if let Some(b) = self.resp.first_mut() {
                *b ^= 0xFF;
            }
            let crc = crc32c(self.resp.get(..body).unwrap_or(&[]));
            if let Some(dst) = self.resp.get_mut(body..self.resp_len) {
                dst.copy_from_slice(&crc.to_le_bytes());
            }
        }
    }

    fn transaction(&mut self, ops: &mut [Operation<'_, u8>]) -> Result<(), SimError> {
        // What the host sends (MOSI), as sent.
        let mut sent = 0usize;
        {
            let mosi = &mut self.mosi;
            let mut push = |b: u8| {
                if let Some(slot) = mosi.get_mut(sent) {
                    *slot = b;
                }
                sent = sent.saturating_add(1);
            };
            for op in ops.iter() {
                match op {
                    Operation::Write(w) => w.iter().for_each(|b| push(*b)),
                    Operation::Read(r) => r.iter().for_each(|_| push(0)),
                    Operation::Transfer(r, w) => {
                        for i in 0..r.len().max(w.len()) {
                            push(w.get(i).copied().unwrap_or(0));
                        }
                    }
                    Operation::TransferInPlace(b) => b.iter().for_each(|x| push(*x)),
                    Operation::DelayNs(_) => {}
                }
            }
        }
        let first = if sent > 0 { self.mosi.first().copied() } else { None };
        let sent_fetch = first == Some(FETCH);
        let code = if sent_fetch { self.resp_code } else { first.unwrap_or(0) };
        if self.take(Event::Transaction, code).iter().flatten().next().is_some() {
            return Err(SimError::Injected);
        }

        // Line faults on what the device receives.
        let mut stored = sent.min(MOSI_CAP);
        let mut received = sent;
        let in_faults = self.take(if sent_fetch { Event::FetchIn } else { Event::CommandIn }, code);
        for f in in_faults.iter().flatten() {
            match *f {
                Fault::FlipFetchBit { bit } => {
                    if let Some(b) = self.mosi.first_mut() {
                        *b ^= 1 << (bit & 7);
                    }
                }
                Fault::FlipCommandBit { byte, bit } => {
                    if let Some(b) = self.mosi.get_mut(usize::from(byte)).filter(|_| usize::from(byte) < stored) {
                        *b ^= 1 << (bit & 7);
                    }
                }
                Fault::XorCommand { byte, mask } => {
                    let at = usize::from(byte);
                    for (i, m) in mask.to_le_bytes().iter().enumerate() {
                        if let Some(b) = self.mosi.get_mut(at + i).filter(|_| at + i < stored) {
                            *b ^= m;
                        }
                    }
                }
                Fault::DropCommandByte { byte } => {
                    let at = usize::from(byte);
                    if at < stored {
                        self.mosi.copy_within(at + 1..stored, at);
                        stored -= 1;
                        received -= 1;
                    }
                }
                _ => {}
            }
        }
        let seen_fetch = stored > 0 && self.mosi.first() == Some(&FETCH);

        // What the device sends (MISO).
        let mut out = [0u8; MAX_RESP_FRAME];
        if seen_fetch && !self.in_reset && !self.busy() {
            self.stats.fetches = self.stats.fetches.saturating_add(1);
            out = self.resp;
            let len = self.resp_len;
            for f in self.take(Event::Output, self.resp_code).iter().flatten() {
                match *f {
                    Fault::FlipResponseBit { byte, bit } => {
                        if let Some(b) = out.get_mut(usize::from(byte)) {
                            *b ^= 1 << (bit & 7);
                        }
                    }
                    Fault::XorResponse { byte, mask } => {
                        let at = usize::from(byte);
                        for (i, m) in mask.to_le_bytes().iter().enumerate() {
                            if let Some(b) = out.get_mut(at + i) {
                                *b ^= m;
                            }
                        }
                    }
                    Fault::DropResponseByte { byte } => {
                        let at = usize::from(byte);
                        if at < len {
                            out.copy_within(at + 1..len, at);
                            if let Some(b) = out.get_mut(len - 1) {
                                *b = 0;
                            }
                        }
                    }
                    Fault::BadResponseCrc => {
                        for b in out.get_mut(len.saturating_sub(CRC_LEN)..len).into_iter().flatten() {
                            *b ^= 0xFF;
                        }
                    }
                    _ => {}
                }
            }
        }
        let miso = |pos: usize| if seen_fetch && pos >= 1 { out.get(pos - 1).copied().unwrap_or(0) } else { 0 };
        let mut pos = 0usize;
        for op in ops.iter_mut() {
            match op {
                Operation::Write(w) => pos += w.len(),
                Operation::Read(r) => {
                    for b in r.iter_mut() {
                        *b = miso(pos);
                        pos += 1;
                    }
                }
                Operation::Transfer(r, w) => {
                    let n = r.len().max(w.len());
                    for i in 0..n {
                        if let Some(b) = r.get_mut(i) {
                            *b = miso(pos);
                        }
                        pos += 1;
                    }
                }
                Operation::TransferInPlace(b) => {
                    for x in b.iter_mut() {
                        *x = miso(pos);
                        pos += 1;
                    }
                }
                Operation::DelayNs(ns) => self.now = self.now.saturating_add(u64::from(*ns)),
            }
        }

        // A command frame: execute it (a device that is busy or in reset ignores it).
        if !seen_fetch && received > 0 && !self.busy() {
            self.stats.commands = self.stats.commands.saturating_add(1);
            let frame = self.mosi;
            let overflow = received > MOSI_CAP;
            self.command(frame.get(..stored).unwrap_or(&[]), overflow);
        }
        Ok(())
    }

    fn command(&mut self, frame: &[u8], overflow: bool) {
        let parsed = if overflow {
            Err(protocol::FrameReject {
                status: status::ERR_FRAME,
                seq: frame.get(1).copied().unwrap_or(0),
                code: frame.first().copied().unwrap_or(0),
            })
        } else {
            parse_command(frame)
        };
        let f = match parsed {
            Err(rej) => {
                self.stats.link_rejects = self.stats.link_rejects.saturating_add(1);
                self.link_errors = self.link_errors.saturating_add(1);
                self.irq_flags |= 1 << field::IRQ_LINK;
                self.last_status = rej.status;
                self.fault = false;
                self.respond(rej.seq, rej.code, rej.status, &[], false);
                self.ready_at = self.now.saturating_add(self.timing.command_ns.into());
                return;
            }
            Ok(f) => f,
        };
        let mut payload = [0u8; MAX_RESP_PAYLOAD];
        let (mut st, mut n) = match self.dispatch(f.code, f.payload, &mut payload) {
            Ok(n) => (status::OK, n),
            Err(s) => (s, 0),
        };
        let latency = match f.code {
            cmd::SUBMIT => self.timing.submit_ns,
            cmd::RESET => self.timing.reset_ns,
            _ => self.timing.command_ns,
        };
        let (mut seq, mut code, mut bad_sync) = (f.seq, f.code, false);
        for fault in self.take(Event::Respond, f.code).iter().flatten() {
            match *fault {
                Fault::StuckBusy => self.stuck = true,
                Fault::Status(s) => {
                    st = s;
                    n = 0;
                }
                Fault::WrongSeq => seq = seq.wrapping_sub(1),
                Fault::WrongOpcode => code ^= 0x80,
                Fault::WrongLength => n = if n > 0 { n - 1 } else { 1 },
                Fault::BadSync => bad_sync = true,
                _ => {}
            }
        }
        self.last_status = st;
        self.fault = protocol::status_class(st) == StatusClass::Fault;
        if self.fault {
            self.irq_flags |= 1 << field::IRQ_FAULT;
        }
        self.respond(seq, code, st, payload.get(..n).unwrap_or(&[]), bad_sync);
        self.ready_at = self.now.saturating_add(latency.into());
    }

    /// Executes a command; `Ok(n)`: `n` response payload bytes in `out`; `Err`: the status.
    fn dispatch(&mut self, code: u8, p: &[u8], out: &mut [u8; MAX_RESP_PAYLOAD]) -> Result<usize, u8> {
        if code != cmd::SUBMIT {
            // The replay record only answers an immediate resend.
            self.last_submit_len = 0;
        }
        let def = protocol::command(code).ok_or(status::ERR_BAD_CMD)?;
        if !def.request.accepts(p.len()) {
            return Err(status::ERR_BAD_LEN);
        }
        let u16_at = |at| read_u16(p, at).ok_or(status::ERR_BAD_LEN);
        let u32_at = |at| read_u32(p, at).ok_or(status::ERR_BAD_LEN);
        let put = |out: &mut [u8; MAX_RESP_PAYLOAD], at: usize, v: u32| {
            if let Some(d) = out.get_mut(at..at + 4) {
                d.copy_from_slice(&v.to_le_bytes());
            }
        };
        match code {
            cmd::NOP => Ok(0),
            cmd::RESET => {
                self.reset_state();
                Ok(0)
            }
            cmd::READ_REG => {
                let v = self.read_reg(u16_at(0)?)?;
                put(out, 0, v);
                Ok(4)
            }
            cmd::WRITE_REG => {
                self.write_reg(u16_at(0)?, u32_at(2)?)?;
                Ok(0)
            }
            cmd::WRITE_MEM => {
                let data = p.get(4..).ok_or(status::ERR_BAD_LEN)?;
                self.core.write_memory(u32_at(0)?, data).map_err(|_| status::ERR_BAD_ADDR)?;
                Ok(0)
            }
            cmd::READ_MEM => {
                let count = usize::from(u16_at(4)?);
                if count == 0 || count > protocol::MAX_MEM_CHUNK {
                    return Err(status::ERR_BAD_VALUE);
                }
                let dst = out.get_mut(..count).ok_or(status::ERR_BAD_VALUE)?;
                self.core.read_memory(u32_at(0)?, dst).map_err(|_| status::ERR_BAD_ADDR)?;
                Ok(count)
            }
            cmd::WRITE_HEADER | cmd::WRITE_SAMPLER => {
                let mut w = [0u32; 8];
                for (i, x) in w.iter_mut().enumerate() {
                    *x = u32_at(4 + 4 * i)?;
                }
                let index = u32_at(0)?;
                let r = if code == cmd::WRITE_HEADER {
                    self.core.write_header(index, &w)
                } else {
                    self.core.write_sampler(index, &w)
                };
                r.map_err(|_| status::ERR_BAD_ADDR)?;
                Ok(0)
            }
            cmd::WRITE_CBANK => {
                let data = p.get(2..).ok_or(status::ERR_BAD_LEN)?;
                if data.len() % 4 != 0 {
                    return Err(status::ERR_BAD_LEN);
                }
                let mut w = [0u32; protocol::MAX_CBANK_CHUNK];
                let n = data.len() / 4;
                for (i, x) in w.iter_mut().enumerate().take(n) {
                    *x = read_u32(data, 4 * i).ok_or(status::ERR_BAD_LEN)?;
                }
                let words = w.get(..n).ok_or(status::ERR_BAD_LEN)?;
                self.core.write_const_bank(u16_at(0)?, words).map_err(|_| status::ERR_BAD_ADDR)?;
                Ok(0)
            }
            cmd::SUBMIT => {
                let replay = protocol::op_def(p.first().copied().unwrap_or(0)).is_some_and(|d| d.replay)
                    && p.get(1).is_some_and(|tag| *tag != 0)
                    && self.last_submit.get(..self.last_submit_len) == Some(p);
                if replay {
                    // A resend of the last (non-idempotent) op: answer from the record.
                    let rec = self.last_completion;
                    out.get_mut(..rec.len()).ok_or(status::ERR_INTERNAL)?.copy_from_slice(&rec);
                    return Ok(rec.len());
                }
                self.last_submit_len = 0;
                // The op code first (unknown or CAPS bit clear: ERR_UNSUPPORTED, whatever the
                // operands), then the encoding (length, reserved bytes, values).
                let def = protocol::op_def(p.first().copied().unwrap_or(0)).ok_or(status::ERR_UNSUPPORTED)?;
                if self.caps.checked_shr(def.cap_bit.into()).unwrap_or(0) & 1 == 0 {
                    return Err(status::ERR_UNSUPPORTED);
                }
                let op = Op::decode(p)?;
                // The sampling subset, on the decoded view and sampler (TMML: its handle's
                // resolution through the device's bindings).
                let pair = match subset::handle_descriptors(&op, &self.core.bindings()) {
                    Some(pair) => Some(pair),
                    None => subset::sample_pointers(&op).map(|(v, smp)| (self.core.view(v), self.core.sampler(smp))),
                };
                if let Some((v, smp)) = pair {
                    if !self.subset.admits(&op, v.as_ref().map_err(|e| *e), smp.as_ref().map_err(|e| *e)) {
                        return Err(status::ERR_UNSUPPORTED);
                    }
                }
                let reply = self.core.run(&op);
                self.stats.ops = self.stats.ops.saturating_add(1);
                let words = reply.words();
                self.result = [0; MAX_RESULT_WORDS];
                self.result_words = words.len().min(MAX_RESULT_WORDS);
                for (d, s) in self.result.iter_mut().zip(words) {
                    *d = *s;
                }
                for f in self.take(Event::Execute, cmd::SUBMIT).iter().flatten() {
                    if let Fault::CorruptResult { word, xor } = *f {
                        if let Some(w) = self.result.get_mut(usize::from(word)) {
                            *w ^= xor;
                        }
                    }
                }
                self.irq_flags |= 1 << field::IRQ_DONE;
                let rec = reply.completion().encode();
                if let Some(dst) = self.last_submit.get_mut(..p.len()) {
                    dst.copy_from_slice(p);
                    self.last_submit_len = p.len();
                    self.last_completion = rec;
                }
                out.get_mut(..rec.len()).ok_or(status::ERR_INTERNAL)?.copy_from_slice(&rec);
                Ok(rec.len())
            }
            cmd::READ_RESULT => {
                let (off, count) = (usize::from(*p.first().unwrap_or(&0)), usize::from(*p.get(1).unwrap_or(&0)));
                if count == 0 || count > MAX_RESULT_WORDS {
                    return Err(status::ERR_BAD_VALUE);
                }
                if off + count > self.result_words {
                    return Err(status::ERR_NO_RESULT);
                }
                let words = self.result.get(off..off + count).ok_or(status::ERR_NO_RESULT)?;
                for (i, w) in words.iter().enumerate() {
                    put(out, 4 * i, *w);
                }
                Ok(4 * count)
            }
            _ => Err(status::ERR_BAD_CMD),
        }
    }

    fn read_reg(&self, addr: u16) -> Result<u32, u8> {
        let sat = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        Ok(match addr {
            reg::ID => protocol::DEVICE_ID,
            reg::VERSION => protocol::PROTOCOL_VERSION,
            reg::CAPS => self.caps as u32,
            reg::CAPS1 => (self.caps >> 32) as u32,
            reg::STATUS => {
                (1 << field::STATUS_READY)
                    | (u32::from(self.fault) << field::STATUS_FAULT)
                    | (u32::from(self.last_status) << field::STATUS_LAST)
            }
            reg::IRQ_FLAGS => self.irq_flags,
            reg::IRQ_ENABLE => self.irq_enable,
            reg::LINK_ERRORS => self.link_errors,
            reg::SCRATCH => self.scratch,
            reg::MEM_BYTES => sat(self.core.memory().len()),
            reg::HEADER_ENTRIES => sat(H),
            reg::SAMPLER_ENTRIES => sat(S),
            reg::CBANK_WORDS => sat(C),
            reg::HEADER_POOL_MAX => self.core.header_pool_max(),
            reg::SAMPLER_POOL_MAX => self.core.sampler_pool_max(),
            reg::BINDING_MODE => match self.core.binding() {
                SamplerBinding::Independent => 0,
                SamplerBinding::ViaHeaderBinding => 1,
            },
            _ => return Err(status::ERR_BAD_ADDR),
        })
    }

    fn write_reg(&mut self, addr: u16, value: u32) -> Result<(), u8> {
        let r = protocol::register(addr).ok_or(status::ERR_BAD_ADDR)?;
        if r.access == Access::Ro {
            return Err(status::ERR_ACCESS);
        }
        if value & !r.mask() != 0 {
            return Err(status::ERR_BAD_VALUE);
        }
        match addr {
            reg::IRQ_FLAGS => self.irq_flags &= !value,
            reg::IRQ_ENABLE => self.irq_enable = value,
            reg::SCRATCH => self.scratch = value,
            reg::HEADER_POOL_MAX => self.core.set_header_pool_max(value).map_err(|_| status::ERR_BAD_VALUE)?,
            reg::SAMPLER_POOL_MAX => self.core.set_sampler_pool_max(value).map_err(|_| status::ERR_BAD_VALUE)?,
            reg::BINDING_MODE => {
                let mode = if value == 1 { SamplerBinding::ViaHeaderBinding } else { SamplerBinding::Independent };
                let _ = self.core.set_binding(mode);
            }
            _ => return Err(status::ERR_BAD_ADDR),
        }
        Ok(())
    }
}

/// The simulator's SPI slave ([`SpiDevice`]).
pub struct SimSpi<'a, 'm, const H: usize, const S: usize, const C: usize>(&'a SimulatedFpga<'m, H, S, C>);

impl<const H: usize, const S: usize, const C: usize> spi::ErrorType for SimSpi<'_, '_, H, S, C> {
    type Error = SimError;
}

impl<const H: usize, const S: usize, const C: usize> SpiDevice for SimSpi<'_, '_, H, S, C> {
    fn transaction(&mut self, operations: &mut [Operation<'_, u8>]) -> Result<(), SimError> {
        self.0.with(|s| s.transaction(operations))?
    }
}

/// The simulator's `BUSY` output ([`InputPin`]).
pub struct SimBusy<'a, 'm, const H: usize, const S: usize, const C: usize>(&'a SimulatedFpga<'m, H, S, C>);

impl<const H: usize, const S: usize, const C: usize> digital::ErrorType for SimBusy<'_, '_, H, S, C> {
    type Error = SimError;
}

impl<const H: usize, const S: usize, const C: usize> InputPin for SimBusy<'_, '_, H, S, C> {
    fn is_high(&mut self) -> Result<bool, SimError> {
        self.0.with(|s| s.busy())
    }
    fn is_low(&mut self) -> Result<bool, SimError> {
        self.is_high().map(|b| !b)
    }
}

/// The simulator's `IRQ` output ([`InputPin`]): high while `IRQ_FLAGS & IRQ_ENABLE != 0`.
pub struct SimIrq<'a, 'm, const H: usize, const S: usize, const C: usize>(&'a SimulatedFpga<'m, H, S, C>);

impl<const H: usize, const S: usize, const C: usize> digital::ErrorType for SimIrq<'_, '_, H, S, C> {
    type Error = SimError;
}

impl<const H: usize, const S: usize, const C: usize> InputPin for SimIrq<'_, '_, H, S, C> {
    fn is_high(&mut self) -> Result<bool, SimError> {
        self.0.with(|s| s.irq_flags & s.irq_enable != 0)
    }
    fn is_low(&mut self) -> Result<bool, SimError> {
        self.is_high().map(|b| !b)
    }
}

/// The simulator's `RST_N` input ([`OutputPin`]): low holds the device in reset.
pub struct SimReset<'a, 'm, const H: usize, const S: usize, const C: usize>(&'a SimulatedFpga<'m, H, S, C>);

impl<const H: usize, const S: usize, const C: usize> digital::ErrorType for SimReset<'_, '_, H, S, C> {
    type Error = SimError;
}

impl<const H: usize, const S: usize, const C: usize> OutputPin for SimReset<'_, '_, H, S, C> {
    fn set_low(&mut self) -> Result<(), SimError> {
        self.0.with(|s| {
            s.in_reset = true;
            s.reset_state();
        })
    }
    fn set_high(&mut self) -> Result<(), SimError> {
        self.0.with(|s| {
            if s.in_reset {
                s.in_reset = false;
                s.ready_at = s.now.saturating_add(s.timing.reset_ns.into());
            }
        })
    }
}

/// The simulator's clock ([`DelayNs`]): every delay advances the device's time.
pub struct SimDelay<'a, 'm, const H: usize, const S: usize, const C: usize>(&'a SimulatedFpga<'m, H, S, C>);

impl<const H: usize, const S: usize, const C: usize> DelayNs for SimDelay<'_, '_, H, S, C> {
    fn delay_ns(&mut self, ns: u32) {
        let _ = self.0.with(|s| s.now = s.now.saturating_add(ns.into()));
    }
}
