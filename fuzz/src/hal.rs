//! Targets `hal` and `hal_codec`: the FPGA sampler driver of `texcore-hal` over a link that
//! damages what it carries, against the soft backend; and the frame / op / completion /
//! self-check-blob decoders and the simulated device's command parser on arbitrary bytes.
//!
//! `hal` checks that **every `Ok` equals `SoftSampler`**: the same reply for every op, the
//! same texture memory, pools, constant bank, `MaximumIndex` registers and binding mode after
//! every operation that succeeded. The link between `FpgaSampler` and the simulated FPGA
//! ([`texcore_hal::SimulatedFpga`]) damages command frames on their way in and responses on
//! their way out, in the ways a CRC-32C link check must catch: up to 5 flipped bits or one
//! burst of at most 32 bits in a frame, a dropped, inserted or truncated byte, a damaged
//! `FETCH` byte. On top, the simulator's own faults are armed (wrong status, sequence,
//! opcode, length, sync, stuck `BUSY`, bus errors). The two faults that forge a well-formed
//! wrong answer — `Fault::CorruptResult` and a `Fault::Status(OK)` over a refused command —
//! are left out: no link check can catch them (that is the job of
//! [`texcore_hal::LockstepSampler`]). After an operation fails, the device's state is
//! unknown to the caller: the harness hard-resets it and uploads the soft backend's state
//! over a clean link, as an application would.

use std::cell::RefCell;

use embedded_hal::spi::{ErrorType, Operation, SpiDevice};
use texcore::handle::{Handle, HandleSource, SamplerBinding, TsPtrIdx};
use texcore::op::gather::{Tld4sMods, Tld4sOperands};
use texcore::op::resource::AtomicOp;
use texcore::op::sample::{Quad, TexOp};
use texcore::op::tmml::CoordDesc;
use texcore::query::nv::TxqQuery;
use texcore_hal::protocol::{self, status};
use texcore_hal::{Config, Fault, FpgaSampler, Grads, Injection, Op, SamplerDevice, SimulatedFpga, SoftSampler};

use crate::gen;
use crate::input::Reader;

/// Pool capacities and memory of the harness's devices.
const H: usize = 8;
const S: usize = 4;
const C: usize = 16;
const MEM: usize = 256;

/// One transaction's damage.
#[derive(Clone, Copy, Debug)]
enum Damage {
    /// Flip up to five bits: `(byte, bit)` pairs.
    Flips([(u16, u8); 5], u8),
    /// XOR the 4 bytes from `byte` with a mask: a burst of at most 32 bits.
    Burst(u16, u32),
    /// Drop byte `n`.
    Drop(u16),
    /// Insert `v` before byte `n`.
    Insert(u16, u8),
    /// Keep only the first `n` bytes (command side).
    Truncate(u16),
}

/// What the link does to one transaction.
#[derive(Clone, Copy, Debug, Default)]
struct Hit {
    /// Damage to the bytes the device receives.
    mosi: Option<Damage>,
    /// Damage to the bytes the device sends back.
    miso: Option<Damage>,
}

#[derive(Default)]
struct Script {
    hits: Vec<Hit>,
    next: usize,
    /// Clean link (resynchronisation).
    clean: bool,
}

fn damage(r: &mut Reader<'_>) -> Option<Damage> {
    Some(match r.u8() % 8 {
        0..=2 => return None,
        3 => {
            let n = 1 + r.below(5);
            let mut f = [(0u16, 0u8); 5];
            for slot in f.iter_mut().take(n) {
                *slot = (u16::from(r.u8()), r.u8() & 7);
            }
            Damage::Flips(f, n as u8)
        }
        // Four consecutive bytes XORed: a burst of at most 32 bits.
        4 => Damage::Burst(u16::from(r.u8()), r.u32() | 1),
        5 => Damage::Drop(u16::from(r.u8())),
        6 => Damage::Insert(u16::from(r.u8()), r.u8()),
        _ => Damage::Truncate(u16::from(r.u8())),
    })
}

fn apply(d: Damage, bytes: &mut Vec<u8>, read: bool) {
    let len = bytes.len();
    if len == 0 {
        return;
    }
    match d {
        Damage::Flips(f, n) => {
            let mut seen = Vec::new();
            for (byte, bit) in f.iter().take(usize::from(n)) {
                let k = (usize::from(*byte) % len, *bit);
                if !seen.contains(&k) {
                    seen.push(k);
                    bytes[k.0] ^= 1 << k.1;
                }
            }
        }
        Damage::Burst(at, mask) => {
            let at = usize::from(at) % len;
            for (i, b) in mask.to_le_bytes().iter().enumerate() {
                if let Some(x) = bytes.get_mut(at + i) {
                    *x ^= b;
                }
            }
        }
        Damage::Drop(n) => {
            bytes.remove(usize::from(n) % len);
            if read {
                bytes.push(0); // an idle byte shifts in
            }
        }
        Damage::Insert(n, v) => {
            bytes.insert(usize::from(n) % (len + 1), v);
            if read {
                bytes.pop();
            }
        }
        Damage::Truncate(n) => {
            if read {
                // A read of fewer bytes: the rest are idle bytes.
                for b in bytes.iter_mut().skip(usize::from(n) % len) {
                    *b = 0;
                }
            } else {
                bytes.truncate(usize::from(n) % len);
            }
        }
    }
}

/// The damaging link: an [`SpiDevice`] in front of the simulator's SPI slave.
struct Wire<'a, D> {
    inner: D,
    script: &'a RefCell<Script>,
}

impl<D: SpiDevice> ErrorType for Wire<'_, D> {
    type Error = D::Error;
}

impl<D: SpiDevice> SpiDevice for Wire<'_, D> {
    fn transaction(&mut self, ops: &mut [Operation<'_, u8>]) -> Result<(), D::Error> {
        let hit = {
            let mut s = self.script.borrow_mut();
            let h = if s.clean { Hit::default() } else { s.hits.get(s.next).copied().unwrap_or_default() };
            s.next += 1;
            h
        };
        // What the device receives (damaged) and buffers for what it sends.
        let mut bufs: Vec<Vec<u8>> = ops
            .iter()
            .map(|op| match op {
                Operation::Write(w) => {
                    let mut v = w.to_vec();
                    if let Some(d) = hit.mosi {
                        apply(d, &mut v, false);
                    }
                    v
                }
                Operation::Read(r) => vec![0; r.len()],
                Operation::Transfer(r, _) => vec![0; r.len()],
                Operation::TransferInPlace(b) => b.to_vec(),
                Operation::DelayNs(_) => Vec::new(),
            })
            .collect();
        let mut writes: Vec<Vec<u8>> = ops
            .iter()
            .map(|op| match op {
                Operation::Transfer(_, w) => w.to_vec(),
                _ => Vec::new(),
            })
            .collect();
        {
            let mut inner: Vec<Operation<'_, u8>> = Vec::new();
            for ((op, buf), w) in ops.iter().zip(bufs.iter_mut()).zip(writes.iter_mut()) {
                inner.push(match op {
                    Operation::Write(_) => Operation::Write(buf),
                    Operation::Read(_) => Operation::Read(buf),
                    Operation::Transfer(..) => Operation::Transfer(buf, w),
                    Operation::TransferInPlace(_) => Operation::TransferInPlace(buf),
                    Operation::DelayNs(ns) => Operation::DelayNs(*ns),
                });
            }
            self.inner.transaction(&mut inner)?;
        }
        for (op, mut buf) in ops.iter_mut().zip(bufs) {
            match op {
                Operation::Read(r) | Operation::Transfer(r, _) | Operation::TransferInPlace(r) => {
                    if let Some(d) = hit.miso {
                        apply(d, &mut buf, true);
                    }
                    let n = r.len().min(buf.len());
                    r[..n].copy_from_slice(&buf[..n]);
                }
                _ => {}
            }
        }
        Ok(())
    }
}

// ------------------------------------------------------------------ ops

fn quad(r: &mut Reader<'_>) -> Quad {
    core::array::from_fn(|_| core::array::from_fn(|_| gen::f32_bits(r)))
}

fn v4(r: &mut Reader<'_>) -> [u32; 4] {
    core::array::from_fn(|_| gen::uint(r))
}

fn ptr(r: &mut Reader<'_>) -> u32 {
    let s = r.u8();
    if s < gen::RAW {
        u32::from(s % 10)
    } else {
        r.u32()
    }
}

fn source(r: &mut Reader<'_>) -> HandleSource {
    if r.bool() {
        HandleSource::Bindless(if r.bool() { r.u32() } else { Handle::new(ptr(r) % 8, ptr(r) % 12).map_or(0, |h| h.0) })
    } else {
        HandleSource::ConstBank(TsPtrIdx::new(r.u16() % 20).unwrap_or_default())
    }
}

fn grads(r: &mut Reader<'_>) -> Grads {
    Grads {
        ddx: core::array::from_fn(|_| core::array::from_fn(|_| gen::f32_bits(r))),
        ddy: core::array::from_fn(|_| core::array::from_fn(|_| gen::f32_bits(r))),
    }
}

fn offsets(r: &mut Reader<'_>) -> [i32; 3] {
    [gen::offset(r, 16), gen::offset(r, 16), gen::offset(r, 16)]
}

/// An op of any kind.
pub fn op(r: &mut Reader<'_>) -> Op {
    match r.below(22) {
        0 => Op::NvTxq { source: source(r), query: TxqQuery::ALL[r.below(3)], param: gen::uint(r) },
        1 => {
            let mods = Tld4sMods {
                comp: r.u8() % 5,
                aoffi: r.bool(),
                dc: r.bool(),
                f16: [None, Some(texcore::fp::F16Rounding::NearestEven), Some(texcore::fp::F16Rounding::TowardZero)]
                    [r.below(3)],
            };
            let operands =
                Tld4sOperands { s: gen::f32_bits(r), t: gen::f32_bits(r), toff: r.u32(), dc: gen::f32_bits(r) };
            Op::NvTld4s { source: source(r), mods, operands }
        }
        2 => Op::NvTmml { source: source(r), desc: CoordDesc::ALL[r.below(CoordDesc::ALL.len())], ra: quad(r) },
        3 => Op::TgsiTxq { view: ptr(r), lod: gen::uint(r) },
        4 => Op::TgsiSviewinfo { view: ptr(r), mip_level: gen::uint(r) },
        5 => Op::TgsiSampleInfo { view: ptr(r) },
        6 => Op::TgsiSamplePos { view: ptr(r), index: gen::uint(r) },
        7 => Op::TgsiTxf { view: ptr(r), coord: v4(r).map(|v| v as i32), offset: offsets(r) },
        8 => Op::TgsiSampleI { view: ptr(r), address: v4(r) },
        9 => Op::TgsiSampleIMs { view: ptr(r), address: v4(r), sample: gen::uint(r) },
        10 => Op::TgsiLoad { resource: ptr(r), address: v4(r) },
        11 => Op::TgsiStore { resource: ptr(r), address: v4(r), src: quad(r)[0] },
        12 => Op::TgsiAtomic {
            op: AtomicOp::ALL[r.below(AtomicOp::ALL.len())],
            resource: ptr(r),
            address: v4(r),
            src: v4(r),
            cmp: v4(r),
        },
        13 => {
            let op = [TexOp::Tex, TexOp::Txb, TexOp::Txl, TexOp::Txd, TexOp::Txp][r.below(5)];
            let (shadow, view, sampler, src0) = (r.bool(), ptr(r), ptr(r), quad(r));
            let src1 = if r.bool() { Some(quad(r).map(|l| l[0])) } else { None };
            let g = if op == TexOp::Txd { Some(grads(r)) } else { None };
            Op::TgsiTex { op, shadow, view, sampler, src0, src1, grads: g }
        }
        14 => Op::TgsiSample { view: ptr(r), sampler: ptr(r), address: quad(r), offset: offsets(r) },
        15 => Op::TgsiSampleB { view: ptr(r), sampler: ptr(r), address: quad(r), offset: offsets(r), bias: quad(r)[0] },
        16 => Op::TgsiSampleL { view: ptr(r), sampler: ptr(r), address: quad(r), offset: offsets(r), lod: quad(r)[0] },
        17 => Op::TgsiSampleD { view: ptr(r), sampler: ptr(r), address: quad(r), offset: offsets(r), grads: grads(r) },
        18 => Op::TgsiSampleC {
            view: ptr(r),
            sampler: ptr(r),
            address: quad(r),
            offset: offsets(r),
            reference: quad(r)[0],
        },
        19 => Op::TgsiSampleCLz {
            view: ptr(r),
            sampler: ptr(r),
            address: quad(r),
            offset: offsets(r),
            reference: quad(r)[0],
        },
        20 => Op::TgsiGather4 {
            view: ptr(r),
            sampler: ptr(r),
            address: quad(r),
            component: r.u8() % 5,
            offset: [gen::offset(r, 64), gen::offset(r, 64)],
            reference: if r.bool() { Some(quad(r)[0]) } else { None },
        },
        _ => Op::IntelInfo {
            op: [0x0A, 0x0B, 0x2A, 0x01][r.below(4)],
            exec: r.u8(),
            exec_mask: r.u32(),
            surface: ptr(r),
            lod: core::array::from_fn(|_| gen::uint(r)),
        },
    }
}

/// An op of the self-check's generator (`texcore_hal::selfcheck::OpGen`): realistic
/// operands for the scene's pointers, from a seed.
pub fn opgen(r: &mut Reader<'_>) -> Op {
    let d = &protocol::OPS[r.below(protocol::OPS.len())];
    let seed = u64::from(r.u32());
    texcore_hal::selfcheck::OpGen::new(seed).op(d.code).unwrap_or(Op::TgsiSampleInfo { view: 0 })
}

// ------------------------------------------------------------------ the link target

/// One operation on a device.
#[derive(Clone, Debug)]
enum Step {
    Execute(Op),
    WriteMemory(u32, Vec<u8>),
    ReadMemory(u32, u16),
    WriteHeader(u32, [u32; 8]),
    WriteSampler(u32, [u32; 8]),
    WriteConstBank(u16, Vec<u32>),
    HeaderMax(u32),
    SamplerMax(u32),
    Binding(SamplerBinding),
}

fn step(r: &mut Reader<'_>) -> Step {
    match r.below(12) {
        0 => Step::WriteMemory(u32::from(r.u16()) % 300, (0..r.below(48)).map(|_| r.u8()).collect()),
        1 => Step::ReadMemory(u32::from(r.u16()) % 300, r.u16() % 300),
        2 => Step::WriteHeader(ptr(r), header_words(r)),
        3 => Step::WriteSampler(ptr(r), sampler_words(r)),
        4 => Step::WriteConstBank(r.u16() % 20, (0..r.below(24)).map(|_| const_word(r)).collect()),
        5 => Step::HeaderMax(ptr(r)),
        6 => Step::SamplerMax(ptr(r)),
        7 => Step::Binding(if r.bool() { SamplerBinding::ViaHeaderBinding } else { SamplerBinding::Independent }),
        8 | 9 => Step::Execute(opgen(r)),
        _ => Step::Execute(op(r)),
    }
}

fn header_words(r: &mut Reader<'_>) -> [u32; 8] {
    match gen::header(r) {
        gen::HeaderSrc::Words(w) => w,
        gen::HeaderSrc::Fields(h) => h.to_words(),
    }
}

fn sampler_words(r: &mut Reader<'_>) -> [u32; 8] {
    match gen::sampler(r) {
        gen::SamplerSrc::Words(w) => w,
        gen::SamplerSrc::Fields(s) => s.to_words(),
    }
}

fn const_word(r: &mut Reader<'_>) -> u32 {
    if r.u8() < 200 {
        Handle::new(u32::from(r.u8() % 5), u32::from(r.u8() % 10)).map_or(0, |h| h.0)
    } else {
        r.u32()
    }
}

/// A fault of the simulator that a link check can catch (see the module docs).
fn fault(r: &mut Reader<'_>) -> Fault {
    match r.below(13) {
        0 => Fault::FlipResponseBit { byte: u16::from(r.u8()), bit: r.u8() & 7 },
        1 => Fault::XorResponse { byte: u16::from(r.u8()), mask: r.u32() | 1 },
        2 => Fault::DropResponseByte { byte: u16::from(r.u8()) },
        3 => Fault::BadResponseCrc,
        4 => Fault::FlipCommandBit { byte: u16::from(r.u8()), bit: r.u8() & 7 },
        5 => Fault::XorCommand { byte: u16::from(r.u8()), mask: r.u32() | 1 },
        6 => Fault::DropCommandByte { byte: u16::from(r.u8()) },
        7 => Fault::FlipFetchBit { bit: r.u8() & 7 },
        8 => Fault::StuckBusy,
        9 => Fault::Status(1 + r.u8() % 255),
        10 => [Fault::WrongSeq, Fault::WrongOpcode][r.below(2)],
        11 => [Fault::WrongLength, Fault::BadSync][r.below(2)],
        _ => Fault::BusError,
    }
}

type Soft<'m> = SoftSampler<'m, H, S, C>;

/// Applies a step to a device; the reply of an `Execute`, the bytes of a `ReadMemory`.
fn apply_step<D: SamplerDevice>(d: &mut D, s: &Step) -> Result<Outcome, D::Error> {
    Ok(match s {
        Step::Execute(o) => Outcome::Reply(Box::new(d.execute(o)?)),
        Step::WriteMemory(a, b) => {
            d.write_memory(*a, b)?;
            Outcome::Done
        }
        Step::ReadMemory(..) => Outcome::Done,
        Step::WriteHeader(i, w) => {
            d.write_header(*i, w)?;
            Outcome::Done
        }
        Step::WriteSampler(i, w) => {
            d.write_sampler(*i, w)?;
            Outcome::Done
        }
        Step::WriteConstBank(at, w) => {
            d.write_const_bank(*at, w)?;
            Outcome::Done
        }
        Step::HeaderMax(m) => {
            d.set_header_pool_max(*m)?;
            Outcome::Done
        }
        Step::SamplerMax(m) => {
            d.set_sampler_pool_max(*m)?;
            Outcome::Done
        }
        Step::Binding(b) => {
            d.set_binding(*b)?;
            Outcome::Done
        }
    })
}

#[derive(Debug, PartialEq)]
enum Outcome {
    Reply(Box<texcore_hal::Reply>),
    Done,
}

/// Uploads the soft backend's whole state to a device.
fn upload<D: SamplerDevice>(d: &mut D, soft: &Soft<'_>) -> Result<(), D::Error> {
    d.reset()?;
    let b = soft.bindings();
    for (i, w) in b.headers.entries.iter().enumerate() {
        d.write_header(i as u32, w)?;
    }
    for (i, w) in b.samplers.entries.iter().enumerate() {
        d.write_sampler(i as u32, w)?;
    }
    d.write_const_bank(0, b.const_bank)?;
    d.set_header_pool_max(soft.header_pool_max())?;
    d.set_sampler_pool_max(soft.sampler_pool_max())?;
    d.set_binding(soft.binding())?;
    d.write_memory(0, soft.memory())?;
    Ok(())
}

/// Runs one input of the `hal` target.
pub fn run_link(data: &[u8]) {
    let mut r = Reader::new(data);
    // The starting state, uploaded to the soft backend.
    let mut soft_mem = vec![0u8; MEM];
    let mut soft: Soft<'_> = SoftSampler::new(&mut soft_mem);
    let setup: Vec<Step> = {
        let mut v = Vec::new();
        for i in 0..1 + r.below(H) {
            v.push(Step::WriteHeader(i as u32, header_words(&mut r)));
        }
        for i in 0..1 + r.below(S) {
            v.push(Step::WriteSampler(i as u32, sampler_words(&mut r)));
        }
        v.push(Step::WriteConstBank(0, (0..C).map(|_| const_word(&mut r)).collect()));
        v.push(Step::HeaderMax(u32::from(r.u8() % 10)));
        v.push(Step::SamplerMax(u32::from(r.u8() % 6)));
        let (a, b) = (r.u8(), r.u8());
        v.push(Step::WriteMemory(0, (0..MEM).map(|i| (i as u8).wrapping_mul(a).wrapping_add(b)).collect()));
        v
    };
    for s in &setup {
        let _ = apply_step(&mut soft, s);
    }
    let config = Config {
        retries: r.u8() % 4,
        poll_interval_ns: 1_000,
        timeout_ns: 50_000,
        reset_pulse_ns: 1_000,
        reset_timeout_ns: 1_000_000,
        mem_chunk: [256, 128, 61, 32][r.below(4)],
        cbank_chunk: [64, 16, 5, 3][r.below(4)],
    };
    let steps: Vec<(Step, Option<Injection>)> = (0..1 + r.below(6))
        .map(|_| {
            let inj = if r.u8() < 64 {
                let f = fault(&mut r);
                let count = [1, 2, 3, 4, u32::MAX][r.below(5)];
                let only = if r.bool() { Some(r.u8() % 0x20) } else { None };
                Some(Injection { fault: f, count, only })
            } else {
                None
            };
            (step(&mut r), inj)
        })
        .collect();
    let hits: Vec<Hit> = (0..r.below(48)).map(|_| Hit { mosi: damage(&mut r), miso: damage(&mut r) }).collect();

    let script = RefCell::new(Script { hits, next: 0, clean: true });
    let mut fpga_mem = vec![0u8; MEM];
    let sim: SimulatedFpga<'_, H, S, C> = SimulatedFpga::new(&mut fpga_mem);
    let mut fpga = FpgaSampler::new(
        Wire { inner: sim.spi(), script: &script },
        sim.busy_pin(),
        sim.reset_pin(),
        sim.delay(),
        config,
    );
    let resync = |fpga: &mut FpgaSampler<_, _, _, _>, soft: &Soft<'_>| {
        script.borrow_mut().clean = true;
        sim.clear_faults().expect("clear faults");
        fpga.init().expect("init over a clean link");
        upload(fpga, soft).expect("upload over a clean link");
        script.borrow_mut().clean = false;
    };
    resync(&mut fpga, &soft);
    for (s, inj) in &steps {
        if let Some(i) = inj {
            sim.inject(*i).expect("a fault slot");
        }
        let want = apply_step(&mut soft, s);
        let got = match s {
            Step::ReadMemory(a, n) => {
                let mut got = vec![0u8; usize::from(*n)];
                let mut want_b = vec![0u8; usize::from(*n)];
                let w = soft.read_memory(*a, &mut want_b);
                match fpga.read_memory(*a, &mut got) {
                    Ok(()) => {
                        assert!(w.is_ok(), "READ_MEM succeeded where the soft backend refused: {s:?}");
                        assert_eq!(got, want_b, "READ_MEM bytes");
                        Ok(Outcome::Done)
                    }
                    Err(e) => Err(e),
                }
            }
            _ => apply_step(&mut fpga, s),
        };
        match got {
            Ok(o) => {
                match &want {
                    Ok(w) => assert_eq!(&o, w, "FPGA Ok == soft for {s:?}"),
                    Err(e) => panic!("the FPGA accepted {s:?}, the soft backend refused it: {e:?}"),
                }
                // The device's whole state equals the soft backend's.
                let same = sim
                    .with_core(|c| {
                        let (a, b) = (c.bindings(), soft.bindings());
                        c.memory() == soft.memory()
                            && a.headers == b.headers
                            && a.samplers == b.samplers
                            && a.binding == b.binding
                            && a.const_bank == b.const_bank
                    })
                    .expect("device state");
                assert!(same, "device state == soft state after {s:?}");
            }
            Err(_) => resync(&mut fpga, &soft),
        }
        let _ = sim.clear_faults();
    }
}

// ------------------------------------------------------------------ the codec target

/// Runs one input of the `hal_codec` target: the decoders on arbitrary bytes (round trips
/// where they accept), and the simulated device's command parser on arbitrary frames with a
/// correct CRC, after which it must still answer correctly.
pub fn run_codec(data: &[u8]) {
    let mut r = Reader::new(data);
    match r.u8() % 4 {
        0 => {
            // SUBMIT payloads.
            let n = r.below(200);
            let p = r.bytes(n);
            if let Ok(o) = Op::decode(&p) {
                let mut buf = [0u8; texcore_hal::op::MAX_OP_LEN];
                let len = o.encode(&mut buf);
                assert_eq!(Op::decode(&buf[..len]), Ok(o), "decode(encode(decode(p))) == decode(p)");
                assert_eq!(len, p.len());
            }
        }
        1 => {
            // Frames: command (device side) and response (host side).
            let n = r.below(256);
            let f = r.bytes(n);
            if let Ok(c) = protocol::parse_command(&f) {
                let mut out = [0u8; protocol::MAX_CMD_FRAME];
                let len = protocol::encode_command(&mut out, c.code, c.seq, &[c.payload]).expect("re-encodes");
                assert_eq!(&out[..len], &f[..], "parse_command / encode_command round trip");
            }
            if let Some(x) = protocol::check_response(&f) {
                let mut out = [0u8; protocol::MAX_RESP_FRAME];
                let len = protocol::encode_response(&mut out, x.seq, x.code, x.status, x.payload).expect("re-encodes");
                assert_eq!(out[1..len], f[1..len], "check_response / encode_response round trip");
            }
            let _ = (protocol::status_class(r.u8()), protocol::command(r.u8()), protocol::op_def(r.u8()));
        }
        2 => {
            // Completion records and result words of every shape.
            let b: [u8; texcore_hal::protocol::COMPLETION_LEN] = core::array::from_fn(|_| r.u8());
            if let Some(c) = texcore_hal::Completion::decode(&b) {
                assert_eq!(texcore_hal::Completion::decode(&c.encode()), Some(c));
                let words: Vec<u32> = (0..r.below(70)).map(|_| r.u32()).collect();
                for d in protocol::OPS {
                    if let Some(rep) = c.reply(d.result, &words) {
                        let mut out = [0u32; texcore_hal::op::REPLY_WORDS_MAX];
                        let n = rep.to_words(&mut out);
                        let _ = texcore_hal::Reply::from_words(d.result, &out[..n]);
                    }
                }
            }
            // Self-check blobs (the firmware's embedded vectors).
            let n = usize::from(r.u16()) % 2048;
            let blob = r.bytes(n);
            if let Ok(b) = texcore_hal::selfcheck::Blob::parse(&blob) {
                for rec in b.records().take(64).flatten() {
                    let mut out = [0u32; texcore_hal::op::REPLY_WORDS_MAX];
                    let _ = rec.expected_words(&mut out);
                }
            }
            let _ = texcore_hal::selfcheck::info(&blob);
        }
        _ => device(&mut r),
    }
}

/// Arbitrary well-framed commands straight into the simulated device; afterwards a clean
/// driver still brings it up and gets the soft backend's answers.
fn device(r: &mut Reader<'_>) {
    let mut fpga_mem = vec![0u8; MEM];
    let sim: SimulatedFpga<'_, H, S, C> = SimulatedFpga::new(&mut fpga_mem);
    let mut spi = sim.spi();
    let mut pin = sim.reset_pin();
    let _ = embedded_hal::digital::OutputPin::set_high(&mut pin);
    for _ in 0..r.below(8) {
        let code = if r.bool() { r.u8() % 0x20 } else { r.u8() };
        let n = r.below(64);
        let payload = r.bytes(n);
        let mut frame = [0u8; protocol::MAX_CMD_FRAME];
        if let Some(len) = protocol::encode_command(&mut frame, code, r.u8(), &[&payload]) {
            let _ = spi.transaction(&mut [Operation::Write(&frame[..len])]);
        }
        let mut d = sim.delay();
        embedded_hal::delay::DelayNs::delay_ns(&mut d, 1_000_000);
        let mut rx = [0u8; 64];
        let _ = spi.transaction(&mut [Operation::Write(&[protocol::FETCH]), Operation::Read(&mut rx)]);
    }
    let _ = status::OK;
    // A clean driver: init, upload a small state, one op of each kind equals the soft backend.
    let mut fpga = FpgaSampler::new(sim.spi(), sim.busy_pin(), sim.reset_pin(), sim.delay(), Config::default());
    fpga.init().expect("the device comes up after any commands");
    let mut soft_mem = vec![0u8; MEM];
    let mut soft: Soft<'_> = SoftSampler::new(&mut soft_mem);
    let _ = apply_step(&mut soft, &Step::WriteHeader(0, header_words(r)));
    let _ = apply_step(&mut soft, &Step::WriteConstBank(0, vec![0]));
    upload(&mut fpga, &soft).expect("upload");
    let o = op(r);
    assert_eq!(fpga.execute(&o).ok(), soft.execute(&o).ok(), "{o:?}");
}
