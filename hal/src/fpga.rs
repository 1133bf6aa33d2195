//! [`FpgaSampler`]: the driver of the FPGA texture sampler over SPI.
//!
//! Generic over embedded-hal 1.0 [`SpiDevice`] (the bus with its chip select), an
//! [`InputPin`] `BUSY` (high while the device executes or is in reset), an [`OutputPin`]
//! `RST_N` (active low) and a [`DelayNs`] for polling and timeouts. Boards without a reset
//! line can pass any `OutputPin` that ignores writes and use [`FpgaSampler::identify`]
//! instead of [`FpgaSampler::init`].
//!
//! Every exchange follows [`crate::protocol`]: command frame, wait for `BUSY` low (bounded by
//! [`Config::timeout_ns`]), fetch and check the response. Link errors (response CRC, a
//! device-reported CRC/framing error, a stale sequence number) are retried up to
//! [`Config::retries`] times by resending the command; everything else is returned as a typed
//! [`Error`] at once. A result is returned only from a frame whose CRC, sync byte, sequence
//! number, command echo, status and length all checked.

use embedded_hal::delay::DelayNs;
use embedded_hal::digital::{self, InputPin, OutputPin};
use embedded_hal::spi::{Operation, SpiDevice};
use texcore::handle::SamplerBinding;

use crate::device::{Limits, SamplerDevice};
use crate::op::{Completion, Op, Reply, MAX_OP_LEN};
use crate::protocol::{
    self, check_response, cmd, encode_command, reg, status, StatusClass, COMPLETION_LEN, CRC_LEN, FETCH,
    MAX_CBANK_CHUNK, MAX_CMD_FRAME, MAX_MEM_CHUNK, MAX_RESP_FRAME, MAX_RESULT_WORDS, RESP_HEADER_LEN, RESP_SYNC,
};
use crate::soft::POOL_MAX_LIMIT;

/// Which direction a CRC error was seen in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Link {
    /// The device reported the command frame's CRC wrong (`ERR_CRC`).
    Command,
    /// The response frame's CRC (or its length field) did not check on the host.
    Response,
}

/// A response that checked its CRC but breaks the protocol.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum ProtocolError {
    /// The first byte is not `RESP_SYNC`.
    Sync,
    /// The sequence number is not the command's (a stale or foreign frame), after retries.
    Seq,
    /// The command echo is not the command sent.
    Opcode,
    /// The payload length is not the command's response length.
    Length,
    /// The device reported the command frame malformed (`ERR_FRAME`), after retries.
    Frame,
    /// The device reported no command received (`ERR_NO_RESPONSE`), after retries.
    NoResponse,
    /// The payload is inconsistent (completion record, result count, lane mask).
    Payload,
    /// The `ID` register is not [`protocol::DEVICE_ID`].
    Identity(u32),
    /// The `VERSION` register's major version is not ours.
    Version(u32),
}

/// Errors of the FPGA driver. None of them carries a result: an op either returns a result
/// that passed every check, or one of these.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Error<E> {
    /// The SPI bus failed.
    Bus(E),
    /// The `BUSY` or reset pin failed.
    Pin(digital::ErrorKind),
    /// `BUSY` stayed high past the timeout. The device state is unknown: reset it.
    Timeout,
    /// A CRC mismatch persisted through every retry.
    Crc(Link),
    /// The device answered with this fault status ([`protocol::status`]).
    DeviceFault(u8),
    /// The device does not implement this op (its code, [`protocol::op`]).
    Unsupported(u8),
    /// A response that checked but breaks the protocol.
    Protocol(ProtocolError),
    /// An address, index or value outside the device's limits (checked before sending).
    OutOfRange,
}

impl<E: core::fmt::Debug> core::fmt::Display for Error<E> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Error::Bus(e) => write!(f, "SPI bus error: {e:?}"),
            Error::Pin(e) => write!(f, "pin error: {e:?}"),
            Error::Timeout => write!(f, "timeout waiting for BUSY low"),
            Error::Crc(Link::Command) => {
                write!(f, "CRC error on the command frame (device-reported), retries exhausted")
            }
            Error::Crc(Link::Response) => write!(f, "CRC error on the response frame, retries exhausted"),
            Error::DeviceFault(code) => match protocol::status_def(*code) {
                Some(s) => write!(f, "device fault 0x{code:02X} {}: {}", s.name, s.doc),
                None => write!(f, "device fault 0x{code:02X}"),
            },
            Error::Unsupported(op) => write!(f, "op 0x{op:02X} not implemented by the device"),
            Error::Protocol(p) => write!(f, "protocol error: {p:?}"),
            Error::OutOfRange => write!(f, "address, index or value out of range"),
        }
    }
}

impl<E: core::fmt::Debug> core::error::Error for Error<E> {}

/// Driver settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Config {
    /// Resends per command after a link error (CRC, framing, stale sequence number).
    pub retries: u8,
    /// Delay between two reads of `BUSY`.
    pub poll_interval_ns: u32,
    /// Longest wait for `BUSY` low after a command.
    pub timeout_ns: u32,
    /// Length of the `RST_N` low pulse.
    pub reset_pulse_ns: u32,
    /// Longest wait for `BUSY` low after reset.
    pub reset_timeout_ns: u32,
    /// Bytes per `WRITE_MEM` / `READ_MEM` frame (clamped to 1 ..= 256).
    pub mem_chunk: u16,
    /// Words per `WRITE_CBANK` frame (clamped to 1 ..= 64).
    pub cbank_chunk: u8,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            retries: 3,
            poll_interval_ns: 1_000,
            timeout_ns: 10_000_000,
            reset_pulse_ns: 10_000,
            reset_timeout_ns: 100_000_000,
            mem_chunk: MAX_MEM_CHUNK as u16,
            cbank_chunk: MAX_CBANK_CHUNK as u8,
        }
    }
}

/// Link statistics.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Stats {
    /// Command frames sent (retries included).
    pub frames: u32,
    /// Resends after a link error.
    pub retries: u32,
    /// Responses whose CRC did not check.
    pub response_crc_errors: u32,
    /// Link errors the device reported (`ERR_CRC`, `ERR_FRAME`, `ERR_NO_RESPONSE`).
    pub device_link_errors: u32,
    /// Responses with a stale sequence number.
    pub stale: u32,
    /// Timeouts.
    pub timeouts: u32,
}

/// The `STATUS` register.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct DeviceStatus {
    /// Idle and out of reset.
    pub ready: bool,
    /// The last command ended with a fault status.
    pub fault: bool,
    /// Status code of the previous command.
    pub last: u8,
}

enum Attempt<E> {
    Retry(Error<E>),
    Fail(Error<E>),
}

/// The FPGA texture sampler.
pub struct FpgaSampler<SPI, BUSY, RST, D> {
    spi: SPI,
    busy: BUSY,
    rst: RST,
    delay: D,
    config: Config,
    seq: u8,
    tag: u8,
    limits: Option<Limits>,
    stats: Stats,
    tx: [u8; MAX_CMD_FRAME],
    rx: [u8; MAX_RESP_FRAME],
}

type Res<T, SPI> = Result<T, Error<<SPI as embedded_hal::spi::ErrorType>::Error>>;

impl<SPI, BUSY, RST, D> FpgaSampler<SPI, BUSY, RST, D>
where
    SPI: SpiDevice,
    BUSY: InputPin,
    RST: OutputPin,
    D: DelayNs,
{
    /// A driver; no bus traffic. Call [`init`](Self::init) (or [`identify`](Self::identify))
    /// before use so that uploads are range-checked and unsupported ops are refused locally.
    pub fn new(spi: SPI, busy: BUSY, rst: RST, delay: D, config: Config) -> Self {
        FpgaSampler {
            spi,
            busy,
            rst,
            delay,
            config,
            seq: 0,
            tag: 0,
            limits: None,
            stats: Stats::default(),
            tx: [0; MAX_CMD_FRAME],
            rx: [0; MAX_RESP_FRAME],
        }
    }

    /// Gives the peripherals back.
    pub fn release(self) -> (SPI, BUSY, RST, D) {
        (self.spi, self.busy, self.rst, self.delay)
    }

    /// The settings.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Link statistics.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The limits read by [`identify`](Self::identify), if any.
    pub fn cached_limits(&self) -> Option<Limits> {
        self.limits
    }

    /// The sequence number the next command frame will carry.
    pub fn next_seq(&self) -> u8 {
        self.seq
    }

    /// Hard reset and identification: [`hard_reset`](Self::hard_reset), then
    /// [`identify`](Self::identify).
    pub fn init(&mut self) -> Res<Limits, SPI> {
        self.hard_reset()?;
        self.identify()
    }

    /// Pulses `RST_N` low for [`Config::reset_pulse_ns`] and waits for `BUSY` low.
    pub fn hard_reset(&mut self) -> Res<(), SPI> {
        self.rst.set_low().map_err(pin_err)?;
        self.delay.delay_ns(self.config.reset_pulse_ns);
        self.rst.set_high().map_err(pin_err)?;
        self.wait_ready(self.config.reset_timeout_ns)
    }

    /// Reads `ID` and `VERSION` (checked) and the capability and capacity registers; caches
    /// them as [`Limits`].
    pub fn identify(&mut self) -> Res<Limits, SPI> {
        let id = self.read_reg(reg::ID)?;
        if id != protocol::DEVICE_ID {
            return Err(Error::Protocol(ProtocolError::Identity(id)));
        }
        let version = self.read_reg(reg::VERSION)?;
        if version >> 16 != protocol::PROTOCOL_VERSION >> 16 {
            return Err(Error::Protocol(ProtocolError::Version(version)));
        }
        let caps = self.read_reg(reg::CAPS)?;
        // CAPS1 exists from protocol 1.1 on.
        let caps1 = if version & 0xFFFF >= 1 { self.read_reg(reg::CAPS1)? } else { 0 };
        let limits = Limits {
            caps: u64::from(caps) | (u64::from(caps1) << 32),
            memory_bytes: self.read_reg(reg::MEM_BYTES)?,
            header_entries: self.read_reg(reg::HEADER_ENTRIES)?,
            sampler_entries: self.read_reg(reg::SAMPLER_ENTRIES)?,
            const_bank_words: self.read_reg(reg::CBANK_WORDS)?,
        };
        self.limits = Some(limits);
        Ok(limits)
    }

    /// `NOP`: checks the link.
    pub fn nop(&mut self) -> Res<(), SPI> {
        self.command(cmd::NOP, &[], &mut [])
    }

    /// `RESET`: soft reset of the device state (texture memory is kept).
    pub fn soft_reset(&mut self) -> Res<(), SPI> {
        self.command(cmd::RESET, &[], &mut [])
    }

    /// `READ_REG`.
    pub fn read_reg(&mut self, addr: u16) -> Res<u32, SPI> {
        let mut v = [0u8; 4];
        self.command(cmd::READ_REG, &[&addr.to_le_bytes()], &mut v)?;
        Ok(u32::from_le_bytes(v))
    }

    /// `WRITE_REG`. Writes of a value that does not fit a known register's width are
    /// refused locally ([`Error::OutOfRange`]).
    pub fn write_reg(&mut self, addr: u16, value: u32) -> Res<(), SPI> {
        if let Some(r) = protocol::register(addr) {
            if value & !r.mask() != 0 {
                return Err(Error::OutOfRange);
            }
        }
        self.command(cmd::WRITE_REG, &[&addr.to_le_bytes(), &value.to_le_bytes()], &mut [])
    }

    /// The `STATUS` register.
    pub fn status(&mut self) -> Res<DeviceStatus, SPI> {
        let v = self.read_reg(reg::STATUS)?;
        Ok(DeviceStatus {
            ready: (v >> protocol::field::STATUS_READY) & 1 == 1,
            fault: (v >> protocol::field::STATUS_FAULT) & 1 == 1,
            last: (v >> protocol::field::STATUS_LAST) as u8,
        })
    }

    /// The `IRQ_FLAGS` register.
    pub fn irq_flags(&mut self) -> Res<u32, SPI> {
        self.read_reg(reg::IRQ_FLAGS)
    }

    /// Clears the `IRQ_FLAGS` bits set in `mask` (write one to clear).
    pub fn clear_irq(&mut self, mask: u32) -> Res<(), SPI> {
        self.write_reg(reg::IRQ_FLAGS, mask)
    }

    /// Sets `IRQ_ENABLE`.
    pub fn set_irq_enable(&mut self, mask: u32) -> Res<(), SPI> {
        self.write_reg(reg::IRQ_ENABLE, mask)
    }

    /// Reads texture memory (`READ_MEM`, chunked).
    pub fn read_memory(&mut self, addr: u32, out: &mut [u8]) -> Res<(), SPI> {
        self.check_memory_range(addr, out.len())?;
        let chunk = usize::from(self.config.mem_chunk).clamp(1, MAX_MEM_CHUNK);
        let mut at = addr;
        for part in out.chunks_mut(chunk) {
            let count = u16::try_from(part.len()).map_err(|_| Error::OutOfRange)?;
            self.command(cmd::READ_MEM, &[&at.to_le_bytes(), &count.to_le_bytes()], part)?;
            at = at.wrapping_add(u32::from(count));
        }
        Ok(())
    }

    /// `SUBMIT`: starts `op` and returns its completion record (the result stays in the
    /// device's result buffer; see [`read_result`](Self::read_result)). A non-idempotent op
    /// (an atomic) carries a fresh replay tag, so a resend after a link error is answered
    /// from the device's record instead of executing twice.
    pub fn submit(&mut self, op: &Op) -> Res<Completion, SPI> {
        if let Some(l) = self.limits {
            if !l.supports(op) {
                return Err(Error::Unsupported(op.code()));
            }
        }
        let mut payload = [0u8; MAX_OP_LEN];
        let n = op.encode(&mut payload);
        if op.def().is_some_and(|d| d.replay) {
            // A new replay tag for every new non-idempotent op (1 ..= 255, never 0); the
            // retries below resend the same bytes, so the device executes it once.
            self.tag = if self.tag == u8::MAX { 1 } else { self.tag + 1 };
            if let Some(b) = payload.get_mut(1) {
                *b = self.tag;
            }
        }
        let mut rec = [0u8; COMPLETION_LEN];
        match self.command(cmd::SUBMIT, &[payload.get(..n).unwrap_or(&[])], &mut rec) {
            Err(Error::DeviceFault(status::ERR_UNSUPPORTED)) => return Err(Error::Unsupported(op.code())),
            other => other?,
        }
        Completion::decode(&rec).ok_or(Error::Protocol(ProtocolError::Payload))
    }

    /// `READ_RESULT`: result words from word `offset` (the buffer holds 64 words).
    pub fn read_result(&mut self, offset: u8, out: &mut [u32]) -> Res<(), SPI> {
        if usize::from(offset) + out.len() > MAX_RESULT_WORDS {
            return Err(Error::OutOfRange);
        }
        let mut bytes = [0u8; MAX_RESULT_WORDS * 4];
        let mut at = usize::from(offset);
        for part in out.chunks_mut(MAX_RESULT_WORDS) {
            let (Ok(off), Ok(count)) = (u8::try_from(at), u8::try_from(part.len())) else {
                return Err(Error::OutOfRange);
            };
            let buf = bytes.get_mut(..part.len() * 4).ok_or(Error::OutOfRange)?;
            self.command(cmd::READ_RESULT, &[&[off, count]], buf)?;
            for (i, w) in part.iter_mut().enumerate() {
                *w = protocol::read_u32(buf, 4 * i).ok_or(Error::Protocol(ProtocolError::Length))?;
            }
            at += part.len();
        }
        Ok(())
    }

    fn check_memory_range(&self, addr: u32, len: usize) -> Res<(), SPI> {
        let end = u64::from(addr) + u64::try_from(len).map_err(|_| Error::OutOfRange)?;
        let limit = self.limits.map_or(1u64 << 32, |l| u64::from(l.memory_bytes));
        if end > limit {
            return Err(Error::OutOfRange);
        }
        Ok(())
    }

    fn wait_ready(&mut self, timeout_ns: u32) -> Res<(), SPI> {
        let mut waited: u32 = 0;
        let step = self.config.poll_interval_ns.max(1);
        loop {
            if !self.busy.is_high().map_err(pin_err)? {
                return Ok(());
            }
            if waited >= timeout_ns {
                self.stats.timeouts = self.stats.timeouts.saturating_add(1);
                return Err(Error::Timeout);
            }
            self.delay.delay_ns(step);
            waited = waited.saturating_add(step);
        }
    }

    /// One command with bounded retries: `parts` is the request payload, `resp` receives the
    /// response payload, whose length must be exactly `resp.len()`.
    fn command(&mut self, code: u8, parts: &[&[u8]], resp: &mut [u8]) -> Res<(), SPI> {
        let mut retries = 0u8;
        loop {
            match self.exchange(code, parts, resp) {
                Ok(()) => return Ok(()),
                Err(Attempt::Retry(e)) if retries < self.config.retries => {
                    let _ = e;
                    retries += 1;
                    self.stats.retries = self.stats.retries.saturating_add(1);
                }
                Err(Attempt::Retry(e) | Attempt::Fail(e)) => return Err(e),
            }
        }
    }

    fn exchange(&mut self, code: u8, parts: &[&[u8]], resp: &mut [u8]) -> Result<(), Attempt<SPI::Error>> {
        use Attempt::{Fail, Retry};
        let seq = self.seq;
        self.seq = self.seq.wrapping_add(1);
        let n = encode_command(&mut self.tx, code, seq, parts).ok_or(Fail(Error::OutOfRange))?;
        let frame = self.tx.get(..n).ok_or(Fail(Error::OutOfRange))?;
        self.stats.frames = self.stats.frames.saturating_add(1);
        self.spi.transaction(&mut [Operation::Write(frame)]).map_err(|e| Fail(Error::Bus(e)))?;
        self.wait_ready(self.config.timeout_ns).map_err(Fail)?;

        let want = RESP_HEADER_LEN + resp.len() + CRC_LEN;
        let rx = self.rx.get_mut(..want).ok_or(Fail(Error::OutOfRange))?;
        self.spi
            .transaction(&mut [Operation::Write(&[FETCH]), Operation::Read(rx)])
            .map_err(|e| Fail(Error::Bus(e)))?;

        // 1. Length field and CRC.
        let Some(f) = check_response(rx) else {
            self.stats.response_crc_errors = self.stats.response_crc_errors.saturating_add(1);
            return Err(Retry(Error::Crc(Link::Response)));
        };
        // 2. Sync.
        if f.sync != RESP_SYNC {
            return Err(Fail(Error::Protocol(ProtocolError::Sync)));
        }
        // 3. The device did not get the command intact: resend.
        if protocol::status_class(f.status) == StatusClass::Link {
            self.stats.device_link_errors = self.stats.device_link_errors.saturating_add(1);
            return Err(Retry(match f.status {
                status::ERR_CRC => Error::Crc(Link::Command),
                status::ERR_FRAME => Error::Protocol(ProtocolError::Frame),
                _ => Error::Protocol(ProtocolError::NoResponse),
            }));
        }
        // 4. A stale frame: resend.
        if f.seq != seq {
            self.stats.stale = self.stats.stale.saturating_add(1);
            return Err(Retry(Error::Protocol(ProtocolError::Seq)));
        }
        // 5. Command echo.
        if f.code != code {
            return Err(Fail(Error::Protocol(ProtocolError::Opcode)));
        }
        // 6. Device fault.
        if f.status != status::OK {
            return Err(Fail(Error::DeviceFault(f.status)));
        }
        // 7. Length.
        if f.payload.len() != resp.len() {
            return Err(Fail(Error::Protocol(ProtocolError::Length)));
        }
        resp.copy_from_slice(f.payload);
        Ok(())
    }
}

fn pin_err<E: digital::Error, S>(e: E) -> Error<S> {
    Error::Pin(e.kind())
}

impl<SPI, BUSY, RST, D> SamplerDevice for FpgaSampler<SPI, BUSY, RST, D>
where
    SPI: SpiDevice,
    BUSY: InputPin,
    RST: OutputPin,
    D: DelayNs,
{
    type Error = Error<SPI::Error>;

    /// The cached limits, or [`identify`](FpgaSampler::identify) if none are cached.
    fn limits(&mut self) -> Res<Limits, SPI> {
        match self.limits {
            Some(l) => Ok(l),
            None => self.identify(),
        }
    }

    /// `RESET` (the soft reset command).
    fn reset(&mut self) -> Res<(), SPI> {
        self.soft_reset()
    }

    /// `WRITE_MEM`, in frames of [`Config::mem_chunk`] bytes; the whole range is checked
    /// against the cached limits first.
    fn write_memory(&mut self, addr: u32, data: &[u8]) -> Res<(), SPI> {
        self.check_memory_range(addr, data.len())?;
        let chunk = usize::from(self.config.mem_chunk).clamp(1, MAX_MEM_CHUNK);
        let mut at = addr;
        for part in data.chunks(chunk) {
            self.command(cmd::WRITE_MEM, &[&at.to_le_bytes(), part], &mut [])?;
            at = at.wrapping_add(u32::try_from(part.len()).map_err(|_| Error::OutOfRange)?);
        }
        Ok(())
    }

    /// `WRITE_HEADER`.
    fn write_header(&mut self, index: u32, words: &[u32; 8]) -> Res<(), SPI> {
        if self.limits.is_some_and(|l| index >= l.header_entries) {
            return Err(Error::OutOfRange);
        }
        let w = words_le(words);
        self.command(cmd::WRITE_HEADER, &[&index.to_le_bytes(), &w], &mut [])
    }

    /// `WRITE_SAMPLER`.
    fn write_sampler(&mut self, index: u32, words: &[u32; 8]) -> Res<(), SPI> {
        if self.limits.is_some_and(|l| index >= l.sampler_entries) {
            return Err(Error::OutOfRange);
        }
        let w = words_le(words);
        self.command(cmd::WRITE_SAMPLER, &[&index.to_le_bytes(), &w], &mut [])
    }

    /// `WRITE_CBANK`, in frames of [`Config::cbank_chunk`] words.
    fn write_const_bank(&mut self, start: u16, words: &[u32]) -> Res<(), SPI> {
        let end = usize::from(start) + words.len();
        let limit = self.limits.map_or(usize::from(u16::MAX) + 1, |l| l.const_bank_words as usize);
        if end > limit {
            return Err(Error::OutOfRange);
        }
        let chunk = usize::from(self.config.cbank_chunk).clamp(1, MAX_CBANK_CHUNK);
        let mut at = usize::from(start);
        let mut bytes = [0u8; MAX_CBANK_CHUNK * 4];
        for part in words.chunks(chunk) {
            for (dst, w) in bytes.chunks_exact_mut(4).zip(part) {
                dst.copy_from_slice(&w.to_le_bytes());
            }
            let s = u16::try_from(at).map_err(|_| Error::OutOfRange)?;
            let data = bytes.get(..part.len() * 4).ok_or(Error::OutOfRange)?;
            self.command(cmd::WRITE_CBANK, &[&s.to_le_bytes(), data], &mut [])?;
            at += part.len();
        }
        Ok(())
    }

    fn set_header_pool_max(&mut self, max: u32) -> Res<(), SPI> {
        if max > POOL_MAX_LIMIT {
            return Err(Error::OutOfRange);
        }
        self.write_reg(reg::HEADER_POOL_MAX, max)
    }

    fn set_sampler_pool_max(&mut self, max: u32) -> Res<(), SPI> {
        if max > POOL_MAX_LIMIT {
            return Err(Error::OutOfRange);
        }
        self.write_reg(reg::SAMPLER_POOL_MAX, max)
    }

    fn set_binding(&mut self, mode: SamplerBinding) -> Res<(), SPI> {
        let v = match mode {
            SamplerBinding::Independent => 0,
            SamplerBinding::ViaHeaderBinding => 1,
        };
        self.write_reg(reg::BINDING_MODE, v)
    }

    /// `SUBMIT`, then `READ_RESULT` of the words the completion record announces. The record
    /// and the words must agree with the op's result shape, or
    /// [`ProtocolError::Payload`].
    fn execute(&mut self, op: &Op) -> Res<Reply, SPI> {
        let c = self.submit(op)?;
        let mut words = [0u32; MAX_RESULT_WORDS];
        let n = usize::from(c.words);
        let w = words.get_mut(..n).ok_or(Error::Protocol(ProtocolError::Payload))?;
        if c.outcome == protocol::outcome::DONE && n > 0 {
            self.read_result(0, w)?;
        }
        c.reply(op.shape(), w).ok_or(Error::Protocol(ProtocolError::Payload))
    }

    /// [`Error::Unsupported`].
    fn is_unsupported(error: &Self::Error) -> bool {
        matches!(error, Error::Unsupported(_))
    }
}

fn words_le(words: &[u32; 8]) -> [u8; 32] {
    let mut out = [0u8; 32];
    for (dst, w) in out.chunks_exact_mut(4).zip(words) {
        dst.copy_from_slice(&w.to_le_bytes());
    }
    out
}
