//! Target `spi_rtl`: the SPI protocol parser of the RTL sampler, `texcore_sampler`
//! (`hdl-vectors/rtl/texcore_sampler.sv`), Verilated by `texcore-rtlsim` and clocked bit by
//! bit on its pins, against the HAL's model device [`SimulatedFpga`] with the same CAPS,
//! sampling subset ([`Subset::RTL`]) and the RTL's capacities (64 KiB texel memory, 256 texture headers, 256 samplers, 1 024
//! constant-bank words).
//!
//! One input is a step count and a short sequence of steps ([`MAX_STEPS`]), each sent to
//! both devices, then the final check's selector:
//!
//! - command frames with a correct CRC-32C, of every command (and arbitrary codes), with
//!   in-range or arbitrary registers, addresses, indices, counts and lengths, and `SUBMIT`
//!   payloads of every op code (and arbitrary ones), each followed by a response fetch;
//! - damaged frames: a flipped bit, truncated, extended, a wrong CRC, a length field that
//!   disagrees with the frame under a correct CRC, a payload past the 260-byte limit;
//! - fetches alone, raw bytes, and transactions that end mid-byte (`CS_N` rises after 1–7
//!   bits of the last byte: the RTL sees the partial byte on its pins, the model device only
//!   whole bytes, which is what the protocol specifies);
//! - `RST_N` pulses and idle clocks.
//!
//! Asserted, besides "no panic":
//!
//! 1. **no hang:** after every transaction `BUSY` falls within [`BUSY_BOUND_CYCLES`] clock
//!    cycles (the longest commands are sampling `SUBMIT`s, some over 4 000 clocks, and
//!    `RESET` / `RST_N`, which clears 2 048 pool words one per clock);
//! 2. **differential:** the MISO bytes of every transaction are identical on both devices,
//!    and so is `IRQ` once both are idle. Every transaction starts with both devices idle
//!    (`BUSY` low): `BUSY`'s duration is the one timing-dependent part of the protocol (the
//!    RTL's is its clock count, the model's a configured latency), so a frame sent while
//!    busy — which the RTL ignores — is not compared;
//! 3. **the driver still works:** finally the unchanged [`FpgaSampler`] on the RTL reads a
//!    register chosen by the input (`ID` for selector 0, which must be
//!    [`protocol::DEVICE_ID`]) and gets the same value as the same read on the model device,
//!    or (selector ≡ 1 mod 8) executes one non-atomic op of the RTL's CAPS, whose reply must
//!    equal [`texcore_hal::SoftSampler`]'s (the model device's core, holding the same state).
//!
//! Each input starts from the same device state: the RTL is restored from a snapshot taken
//! once after its power-on reset and a `RST_N` pulse ([`Rtl::snapshot`]; restoring costs a
//! copy of the model's state instead of the 2 048-clock pool clear), the model device is new
//! and hard-reset the same way. The model needs Verilator at build time ([`available`]).

use std::cell::RefCell;

use embedded_hal::delay::DelayNs;
use embedded_hal::digital::{InputPin, OutputPin};
use embedded_hal::spi::{Operation, SpiDevice};
use texcore_hal::protocol::{self, cmd, reg, COMMANDS, FETCH, OPS, REGISTERS};
use texcore_hal::selfcheck::OpGen;
use texcore_hal::{subset, Error, FpgaSampler, SamplerDevice, SimulatedFpga, Subset};
use texcore_rtlsim::model::{CBANK_WORDS as C, HEADER_ENTRIES as H, MEM_BYTES, SAMPLER_ENTRIES as S};
use texcore_rtlsim::{Rtl, Timing};

use crate::input::Reader;

/// Steps per input at most (a step is one transaction, or a command and its fetch, or a
/// reset or idle time; a few short ones keep the executions fast).
pub const MAX_STEPS: usize = 6;

/// Clock cycles within which `BUSY` must fall after a transaction: a hang detector with a
/// margin of about 4× over the longest command seen, a sampling `SUBMIT` of the pipeline's
/// subset (a shadow `TXB` quad took 4 159 clocks; the pool clear after `RESET` / `RST_N`
/// takes 2 048).
pub const BUSY_BOUND_CYCLES: u64 = 16_384;

/// The shortest `RST_N` pulse the target sends, in clock cycles: one clock edge, the
/// shortest pulse the device's synchronizer is sure to sample. `BUSY` is high from the
/// falling edge of `RST_N` on, as in the model device
/// (`fuzz/regressions/spi_rtl/rst-n-pulse-2-clocks`). The driver pulses for 10 µs.
pub const RESET_PULSE_MIN: u64 = 1;

/// The model device's `BUSY` poll step and limit (its latencies are at most 50 µs).
const SIM_POLL_NS: u32 = 100;
const SIM_POLL_MAX: u32 = 100_000;

/// Transaction kinds (the first byte of each, modulo [`KINDS`]).
pub mod kind {
    /// A command frame (correct CRC) then a fetch of its response.
    pub const COMMAND: u8 = 0;
    /// A damaged command frame then a fetch.
    pub const DAMAGED: u8 = 8;
    /// A fetch alone.
    pub const FETCH: u8 = 10;
    /// Raw bytes, possibly ending mid-byte.
    pub const RAW: u8 = 11;
    /// An `RST_N` pulse.
    pub const RESET_PIN: u8 = 13;
    /// Idle clock cycles.
    pub const IDLE: u8 = 14;
    /// A command frame (correct CRC) without a fetch.
    pub const COMMAND_ONLY: u8 = 15;
}

/// Number of transaction kinds.
pub const KINDS: u8 = 16;

/// Damage kinds of [`kind::DAMAGED`] (modulo [`DAMAGES`]).
pub mod damage {
    /// One bit flipped.
    pub const FLIP: u8 = 0;
    /// Truncated.
    pub const TRUNCATE: u8 = 1;
    /// Bytes appended.
    pub const EXTEND: u8 = 2;
    /// An arbitrary length field, CRC correct over the bytes sent.
    pub const LENGTH: u8 = 3;
    /// The length field off by a little, CRC correct.
    pub const LENGTH_NEAR: u8 = 4;
    /// A wrong CRC.
    pub const CRC: u8 = 5;
    /// A payload of 261..=516 bytes with a matching length field and a correct CRC.
    pub const OVERLONG: u8 = 6;
}

/// Number of damage kinds.
pub const DAMAGES: u8 = 7;

/// The model device with the RTL's capacities.
type Sim<'m> = SimulatedFpga<'m, H, S, C>;

/// The Verilated device, initialised once per thread, and what the harness learnt from it.
struct Rig {
    rtl: Rtl,
    /// CAPS | CAPS1 << 32.
    caps: u64,
    /// Implemented op codes that are not atomics (the final check's ops).
    final_ops: Vec<u8>,
}

thread_local! {
    static RIG: RefCell<Option<Result<Rig, String>>> = const { RefCell::new(None) };
    static LAST_CLOCKS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// The RTL clock cycles the last input of this thread took (its cost: the model runs a
/// fixed number of clock cycles per second).
pub fn last_clocks() -> u64 {
    LAST_CLOCKS.with(|c| c.get())
}

fn rig_new() -> Result<Rig, String> {
    let rtl = Rtl::new(Timing::default()).map_err(|e| e.to_string())?;
    let caps;
    {
        let mut f =
            FpgaSampler::new(rtl.spi(), rtl.busy_pin(), rtl.reset_pin(), rtl.delay(), texcore_rtlsim::cosim::config());
        caps = f.init().map_err(|e| format!("init: {e}"))?.caps;
        f.hard_reset().map_err(|e| format!("hard reset: {e}"))?;
    }
    rtl.snapshot().map_err(|e| e.to_string())?;
    let final_ops = OPS.iter().filter(|d| caps >> d.cap_bit & 1 == 1 && !d.replay).map(|d| d.code).collect();
    Ok(Rig { rtl, caps, final_ops })
}

/// Whether this build has the Verilated model (`Err` says why not).
pub fn available() -> Result<(), String> {
    RIG.with(|r| {
        let mut r = r.borrow_mut();
        r.get_or_insert_with(rig_new).as_ref().map(|_| ()).map_err(Clone::clone)
    })
}

/// One execution.
pub fn run(data: &[u8]) {
    RIG.with(|r| {
        let mut r = r.borrow_mut();
        match r.get_or_insert_with(rig_new) {
            Ok(rig) => rig.run(data),
            Err(e) => panic!("spi_rtl needs the Verilated texcore_sampler: {e}"),
        }
    })
}

/// Whether `TEXCORE_SPI_RTL_TRACE` is set: each transaction's MOSI and both devices' MISO
/// are printed to stderr (for reading a replayed input).
fn trace() -> bool {
    static TRACE: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *TRACE.get_or_init(|| std::env::var_os("TEXCORE_SPI_RTL_TRACE").is_some())
}

/// A register address: a defined one, or any.
fn reg_addr(r: &mut Reader<'_>) -> u16 {
    let s = r.u8();
    if s < 0xE0 {
        REGISTERS[usize::from(s) % REGISTERS.len()].addr
    } else {
        r.u16()
    }
}

/// A texel-memory byte address: low, near the end, or any.
fn mem_addr(r: &mut Reader<'_>) -> u32 {
    match r.u8() % 4 {
        0 => u32::from(r.u16()) % MEM_BYTES as u32,
        1 => (MEM_BYTES as u32).wrapping_sub(1 + u32::from(r.u8())),
        2 => r.u32(),
        _ => u32::from(r.u8()),
    }
}

/// A pool index: low, near the end of a 256-entry pool, or any.
fn pool_index(r: &mut Reader<'_>) -> u32 {
    match r.u8() % 4 {
        0 | 3 => u32::from(r.u8() % 16),
        1 => 252 + u32::from(r.u8() % 8),
        _ => r.u32(),
    }
}

/// A command's code and payload, and its `OK` response's payload length.
fn command(r: &mut Reader<'_>) -> (u8, Vec<u8>, usize) {
    let sel = r.u8();
    let code = if sel >= 0xF0 { r.u8() } else { COMMANDS[usize::from(sel) % COMMANDS.len()].code };
    let mut p = Vec::new();
    let mut hint = 0;
    match code {
        cmd::NOP | cmd::RESET => {}
        cmd::READ_REG => {
            p.extend_from_slice(&reg_addr(r).to_le_bytes());
            hint = 4;
        }
        cmd::WRITE_REG => {
            p.extend_from_slice(&reg_addr(r).to_le_bytes());
            p.extend_from_slice(&r.u32().to_le_bytes());
        }
        cmd::WRITE_MEM => {
            p.extend_from_slice(&mem_addr(r).to_le_bytes());
            let n = 1 + r.below(16);
            p.extend_from_slice(&r.bytes(n));
        }
        cmd::READ_MEM => {
            p.extend_from_slice(&mem_addr(r).to_le_bytes());
            let count = match r.u8() % 8 {
                0 => r.u16(),
                1 => 256,
                _ => 1 + u16::from(r.u8() % 32),
            };
            p.extend_from_slice(&count.to_le_bytes());
            hint = usize::from(count).min(protocol::MAX_RESP_PAYLOAD);
        }
        cmd::WRITE_HEADER | cmd::WRITE_SAMPLER => {
            p.extend_from_slice(&pool_index(r).to_le_bytes());
            for _ in 0..8 {
                p.extend_from_slice(&r.u32().to_le_bytes());
            }
        }
        cmd::WRITE_CBANK => {
            let start = match r.u8() % 4 {
                0 => C as u16 - 1 - u16::from(r.u8() % 70),
                1 => r.u16(),
                _ => u16::from(r.u8()),
            };
            p.extend_from_slice(&start.to_le_bytes());
            let words = if r.u8().is_multiple_of(8) { r.below(70) } else { 1 + r.below(4) };
            for _ in 0..words {
                p.extend_from_slice(&r.u32().to_le_bytes());
            }
        }
        cmd::SUBMIT => {
            let sel = r.u8();
            let op = if sel >= 0xF0 { r.u8() } else { OPS[usize::from(sel) % OPS.len()].code };
            let len = protocol::op_def(op).map_or(8, |d| usize::from(d.len));
            let len = match r.u8() % 16 {
                0 => len.saturating_sub(1 + r.below(4)).max(1),
                1 => len + 1 + r.below(4),
                _ => len,
            };
            p.push(op);
            p.extend_from_slice(&r.bytes(len - 1));
            hint = protocol::COMPLETION_LEN;
        }
        cmd::READ_RESULT => {
            p.push(r.u8());
            let count = if r.u8().is_multiple_of(4) { r.u8() } else { r.u8() % 16 };
            p.push(count);
            hint = 4 * usize::from(count);
        }
        _ => {
            let n = r.below(12);
            p.extend_from_slice(&r.bytes(n));
        }
    }
    (code, p, hint.min(protocol::MAX_RESP_PAYLOAD))
}

/// A command frame: header, payload, CRC-32C (any payload length; the length field is its
/// low 16 bits).
pub fn frame(code: u8, seq: u8, payload: &[u8]) -> Vec<u8> {
    let len = (payload.len() as u16).to_le_bytes();
    let mut f = vec![code, seq, len[0], len[1]];
    f.extend_from_slice(payload);
    let crc = protocol::crc32c(&f);
    f.extend_from_slice(&crc.to_le_bytes());
    f
}

/// Recomputes the CRC of a frame of at least 8 bytes over all but its last 4.
fn recrc(f: &mut [u8]) {
    if let Some(body) = f.len().checked_sub(4) {
        let crc = protocol::crc32c(&f[..body]);
        f[body..].copy_from_slice(&crc.to_le_bytes());
    }
}

fn damaged(r: &mut Reader<'_>, mut f: Vec<u8>) -> Vec<u8> {
    let n = f.len();
    match r.u8() % DAMAGES {
        damage::FLIP => {
            let at = usize::from(r.u16()) % n;
            f[at] ^= 1 << (r.u8() & 7);
        }
        damage::TRUNCATE => f.truncate(usize::from(r.u16()) % n),
        damage::EXTEND => {
            let k = 1 + r.below(16);
            f.extend_from_slice(&r.bytes(k));
        }
        damage::LENGTH => {
            f[2..4].copy_from_slice(&r.u16().to_le_bytes());
            recrc(&mut f);
        }
        damage::LENGTH_NEAR => {
            let len = u16::from_le_bytes([f[2], f[3]]);
            let d = 1 + u16::from(r.u8() % 4);
            let len = if r.bool() { len.wrapping_add(d) } else { len.wrapping_sub(d) };
            f[2..4].copy_from_slice(&len.to_le_bytes());
            recrc(&mut f);
        }
        damage::CRC => {
            let x = r.u32() | 1;
            for (b, m) in f[n - 4..].iter_mut().zip(x.to_le_bytes()) {
                *b ^= m;
            }
        }
        _ => {
            // OVERLONG: a filler payload past the limit, framed correctly.
            let extra = 1 + usize::from(r.u8());
            let fill = r.u8();
            let mut p = f[4..n - 4].to_vec();
            p.resize(protocol::MAX_CMD_PAYLOAD + extra, fill);
            f = frame(f[0], f[1], &p);
        }
    }
    f
}

impl Rig {
    fn run(&self, data: &[u8]) {
        let rtl = &self.rtl;
        assert!(rtl.restore().expect("model"), "no snapshot");
        let start = rtl.cycles().expect("model");
        let mut mem = vec![0u8; MEM_BYTES];
        let sim: Sim<'_> = SimulatedFpga::new(&mut mem);
        sim.set_caps(self.caps).expect("sim");
        sim.set_subset(Subset::RTL).expect("sim");
        // the model device after an RST_N pulse, as the snapshot
        sim.reset_pin().set_low().expect("sim");
        sim.delay().delay_ns(1000);
        sim.reset_pin().set_high().expect("sim");
        sim_idle(&sim, "the initial reset");

        let mut r = Reader::new(data);
        let steps = r.below(MAX_STEPS + 1);
        let mut t = 0usize;
        for _ in 0..steps {
            let k = r.u8() % KINDS;
            match k {
                kind::RAW..=12 => {
                    let n = r.below(20);
                    let bytes = r.bytes(n);
                    let cut = r.u8() % 8;
                    let bits = if cut != 0 && n > 0 { 8 * n - usize::from(cut) } else { 8 * n };
                    self.transaction(&sim, &bytes, bits, t);
                }
                kind::FETCH => {
                    let n = 1 + r.below(24);
                    self.fetch(&sim, n, t);
                }
                kind::RESET_PIN => {
                    let low = RESET_PULSE_MIN + u64::from(r.u8() % 16);
                    rtl.reset_pin().set_low().expect("model");
                    sim.reset_pin().set_low().expect("sim");
                    rtl.tick(low).expect("model");
                    sim.delay().delay_ns(20 * low as u32);
                    rtl.reset_pin().set_high().expect("model");
                    sim.reset_pin().set_high().expect("sim");
                    self.idle(&sim, t, "RST_N pulse");
                }
                kind::IDLE => {
                    let n = 1 + u64::from(r.u8());
                    rtl.tick(n).expect("model");
                    sim.delay().delay_ns(20 * n as u32);
                }
                _ => {
                    let (code, payload, hint) = command(&mut r);
                    let seq = r.u8();
                    let mut f = frame(code, seq, &payload);
                    if (kind::DAMAGED..kind::FETCH).contains(&k) {
                        f = damaged(&mut r, f);
                    }
                    self.transaction(&sim, &f, 8 * f.len(), t);
                    if k != kind::COMMAND_ONLY {
                        t += 1;
                        let extra = r.below(4);
                        let n = 1 + protocol::RESP_HEADER_LEN + hint + protocol::CRC_LEN + extra;
                        self.fetch(&sim, n, t);
                    }
                }
            }
            t += 1;
        }
        self.final_check(&sim, &mut r);
        LAST_CLOCKS.with(|c| c.set(rtl.cycles().expect("model") - start));
    }

    /// One transaction of `bits` bits of `bytes` into both devices, MISO compared over the
    /// whole bytes; then both idle and `IRQ` compared.
    fn transaction(&self, sim: &Sim<'_>, bytes: &[u8], bits: usize, t: usize) {
        let whole = bits / 8;
        let mut a = vec![0u8; bytes.len()];
        if bits == 8 * bytes.len() {
            self.rtl.spi().transaction(&mut [Operation::Transfer(&mut a, bytes)]).expect("model");
        } else {
            a = self.rtl.raw_bits(bytes, bits).expect("model");
        }
        let mut b = vec![0u8; whole];
        sim.spi().transaction(&mut [Operation::Transfer(&mut b, &bytes[..whole])]).expect("sim");
        if trace() {
            eprintln!("transaction {t}: {bits} bits of MOSI {bytes:02x?}\n  MISO RTL {a:02x?}\n  MISO model {b:02x?}");
        }
        assert_eq!(
            a.get(..whole),
            Some(&b[..]),
            "transaction {t}: MISO differs (RTL, then SimulatedFpga) for {bits} bits of MOSI {bytes:02x?}"
        );
        self.idle(sim, t, "transaction");
    }

    /// A response fetch of `n` bytes (the `FETCH` byte included).
    fn fetch(&self, sim: &Sim<'_>, n: usize, t: usize) {
        let mut out = vec![0u8; n];
        out[0] = FETCH;
        self.transaction(sim, &out, 8 * n, t);
    }

    /// Both devices idle: the RTL's `BUSY` within the bound, then `IRQ` equal.
    fn idle(&self, sim: &Sim<'_>, t: usize, what: &str) {
        let waited = self.rtl.run_until_idle(BUSY_BOUND_CYCLES).expect("model");
        assert!(
            waited.is_some(),
            "transaction {t} ({what}): the RTL's BUSY is still high after {BUSY_BOUND_CYCLES} cycles"
        );
        sim_idle(sim, what);
        let a = self.rtl.irq_pin().is_high().expect("model");
        let b = sim.irq_pin().is_high().expect("sim");
        assert_eq!(a, b, "transaction {t} ({what}): IRQ differs (RTL {a}, SimulatedFpga {b})");
    }

    fn final_check(&self, sim: &Sim<'_>, r: &mut Reader<'_>) {
        let rtl = &self.rtl;
        let cfg = texcore_rtlsim::cosim::config();
        let mut f = FpgaSampler::new(rtl.spi(), rtl.busy_pin(), rtl.reset_pin(), rtl.delay(), cfg);
        let sel = r.u8();
        if sel % 8 != 1 || self.final_ops.is_empty() {
            // One register read (ID for selector 0): ~900 clocks.
            let addr = REGISTERS[usize::from(sel / 8) % REGISTERS.len()].addr;
            let mut g = FpgaSampler::new(sim.spi(), sim.busy_pin(), sim.reset_pin(), sim.delay(), cfg);
            let a = f.read_reg(addr);
            assert!(a.is_ok(), "the driver's read of register {addr:#06x} on the RTL: {a:?}");
            let (a, b) = (a.ok(), g.read_reg(addr).ok());
            assert_eq!(a, b, "register {addr:#06x} through the driver (RTL, then SimulatedFpga)");
            if addr == reg::ID {
                assert_eq!(a, Some(protocol::DEVICE_ID), "ID through the driver on the RTL");
            }
        } else {
            // One op (SUBMIT, READ_RESULT): a few thousand clocks.
            let code = self.final_ops[usize::from(sel / 8) % self.final_ops.len()];
            let op = OpGen::new(u64::from(r.u32())).op(code).expect("an op of an implemented code");
            let a = f.execute(&op);
            // A sampling op outside the RTL's subset is refused (`ERR_UNSUPPORTED`), as the
            // model device configured with that subset refuses it; inside it, it must run.
            let admitted = sim
                .with_core(|c| {
                    let (v, s) = match subset::handle_descriptors(&op, &c.bindings()) {
                        Some(d) => d,
                        None => match subset::sample_pointers(&op) {
                            Some((v, s)) => (c.view(v), c.sampler(s)),
                            None => return true,
                        },
                    };
                    Subset::RTL.admits(&op, v.as_ref().map_err(|e| *e), s.as_ref().map_err(|e| *e))
                })
                .expect("sim");
            if !admitted && matches!(a, Err(Error::Unsupported(_))) {
                return;
            }
            let b = sim.with_core(|c| c.execute(&op)).expect("sim");
            assert!(a.is_ok(), "the driver's {op:?} on the RTL (admitted by its subset: {admitted}): {a:?}");
            assert_eq!(a.ok(), b.ok(), "{op:?} through the driver on the RTL, then SoftSampler");
        }
    }
}

/// Waits until the model device's `BUSY` is low.
fn sim_idle(sim: &Sim<'_>, what: &str) {
    for _ in 0..SIM_POLL_MAX {
        if sim.busy_pin().is_low().expect("sim") {
            return;
        }
        sim.delay().delay_ns(SIM_POLL_NS);
    }
    panic!("{what}: SimulatedFpga's BUSY stayed high");
}

/// Writes inputs of this target ([`crate::input::Writer`] in the order [`run`] reads):
/// the seed generator's encoder.
#[derive(Default)]
pub struct Script {
    w: crate::input::Writer,
    steps: u8,
}

impl Script {
    /// An empty sequence.
    pub fn new() -> Script {
        Script::default()
    }

    /// The command fields of `command()`: `payload` as the command carries it. `None` if
    /// the payload is not one the generator makes (a `WRITE_MEM` of more than 16 bytes, a
    /// `SUBMIT` payload of another length than its op's).
    fn put_command(&mut self, code: u8, payload: &[u8]) -> Option<()> {
        let w = &mut self.w;
        let sel = COMMANDS.iter().position(|c| c.code == code);
        match sel {
            Some(i) => w.u8(i as u8),
            None => w.u8(0xFF).u8(code),
        };
        let u16_at = |i: usize| u16::from_le_bytes([payload[i], payload[i + 1]]);
        let u32_at = |i: usize| u32::from_le_bytes([payload[i], payload[i + 1], payload[i + 2], payload[i + 3]]);
        let put_reg = |w: &mut crate::input::Writer, addr: u16| {
            match REGISTERS.iter().position(|r| r.addr == addr) {
                Some(i) => w.u8(i as u8),
                None => w.u8(0xFF).u16(addr),
            };
        };
        match code {
            cmd::NOP | cmd::RESET if payload.is_empty() => {}
            cmd::READ_REG if payload.len() == 2 => put_reg(w, u16_at(0)),
            cmd::WRITE_REG if payload.len() == 6 => {
                put_reg(w, u16_at(0));
                w.u32(u32_at(2));
            }
            cmd::WRITE_MEM if (5..=20).contains(&payload.len()) => {
                w.u8(2).u32(u32_at(0)).u8(payload.len() as u8 - 5).bytes(&payload[4..]);
            }
            cmd::READ_MEM if payload.len() == 6 => {
                w.u8(2).u32(u32_at(0)).u8(0).u16(u16_at(4));
            }
            cmd::WRITE_HEADER | cmd::WRITE_SAMPLER if payload.len() == 36 => {
                w.u8(2).bytes(payload);
            }
            cmd::WRITE_CBANK if payload.len() >= 2 && (payload.len() - 2).is_multiple_of(4) && payload.len() < 2 + 4 * 70 => {
                w.u8(1).u16(u16_at(0)).u8(0).u8(((payload.len() - 2) / 4) as u8).bytes(&payload[2..]);
            }
            cmd::SUBMIT if !payload.is_empty() => {
                let i = OPS.iter().position(|d| d.code == payload[0] && usize::from(d.len) == payload.len())?;
                w.u8(i as u8).u8(2).bytes(&payload[1..]);
            }
            cmd::READ_RESULT if payload.len() == 2 => {
                w.u8(payload[0]).u8(0).u8(payload[1]);
            }
            _ if sel.is_none() && payload.len() < 12 => {
                w.u8(payload.len() as u8).bytes(payload);
            }
            _ => return None,
        }
        Some(())
    }

    /// A command frame (correct CRC) and, if `fetch`, the fetch of its response.
    pub fn command(&mut self, code: u8, seq: u8, payload: &[u8], fetch: bool) -> &mut Self {
        let mark = self.w.0.len();
        self.w.u8(if fetch { kind::COMMAND } else { kind::COMMAND_ONLY });
        if self.put_command(code, payload).is_none() {
            self.w.0.truncate(mark);
            return self;
        }
        self.w.u8(seq);
        if fetch {
            self.w.u8(0);
        }
        self.steps += 1;
        self
    }

    /// A command frame damaged by `damage` (its parameters in `params`), then a fetch.
    pub fn damaged(&mut self, code: u8, seq: u8, payload: &[u8], damage: u8, params: &[u8]) -> &mut Self {
        let mark = self.w.0.len();
        self.w.u8(kind::DAMAGED);
        if self.put_command(code, payload).is_none() {
            self.w.0.truncate(mark);
            return self;
        }
        self.w.u8(seq).u8(damage).bytes(params).u8(0);
        self.steps += 1;
        self
    }

    /// A fetch of `n` bytes (1..=24, the `FETCH` byte included).
    pub fn fetch(&mut self, n: usize) -> &mut Self {
        self.w.u8(kind::FETCH).u8(n.saturating_sub(1) as u8);
        self.steps += 1;
        self
    }

    /// Raw bytes (at most 19), the last `cut` bits (0..=7) of the last byte not clocked.
    pub fn raw(&mut self, bytes: &[u8], cut: u8) -> &mut Self {
        let n = bytes.len().min(19);
        self.w.u8(kind::RAW).u8(n as u8).bytes(&bytes[..n]).u8(cut & 7);
        self.steps += 1;
        self
    }

    /// An `RST_N` pulse of `RESET_PULSE_MIN..RESET_PULSE_MIN + 16` clocks.
    pub fn reset_pin(&mut self, clocks: u8) -> &mut Self {
        self.w.u8(kind::RESET_PIN).u8(clocks.saturating_sub(RESET_PULSE_MIN as u8));
        self.steps += 1;
        self
    }

    /// 1..=256 idle clocks.
    pub fn idle(&mut self, clocks: u16) -> &mut Self {
        self.w.u8(kind::IDLE).u8(clocks.saturating_sub(1) as u8);
        self.steps += 1;
        self
    }

    /// The input, ending with the final check: `Some((op index, seed))` runs the
    /// `op index`-th non-atomic implemented op generated from `seed`, `None` reads the
    /// register `REGISTERS[reg]` (`reg` < 32).
    /// At most [`MAX_STEPS`] steps are kept (the first ones).
    pub fn finish(&mut self, op: Option<(u8, u32)>, reg: u8) -> Vec<u8> {
        match op {
            Some((i, seed)) => self.w.u8(8 * (i % 32) + 1).u32(seed),
            None => self.w.u8(8 * (reg % 32)),
        };
        let mut out = vec![self.steps.min(MAX_STEPS as u8)];
        out.extend_from_slice(&self.w.finish());
        self.steps = 0;
        out
    }
}
