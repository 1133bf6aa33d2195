//! Fault injection: every fault the simulator injects becomes the right typed error; a
//! transient link fault is absorbed by a retry; no corrupted frame ever yields a result.

mod common;

use common::{ptr, reupload, scene_ops, with_fixture, with_pair, with_scene_pair, Fixture};
use embedded_hal::delay::DelayNs;
use embedded_hal::digital::{ErrorType as PinErrorType, InputPin};
use embedded_hal::spi::{ErrorKind, ErrorType, Operation, SpiDevice};
use proptest::prelude::*;
use texcore::handle::{HandleSource, TsPtrIdx};
use texcore::query::nv::TxqQuery;
use texcore_hal::protocol::{self, cmd, status, FETCH};
use texcore_hal::{
    Config, Error, Fault, FpgaSampler, Injection, Link, Op, ProtocolError, Reply, SamplerDevice, SimError,
};

/// One op of each query kind, with non-zero results on the query fixture (and a rejected
/// INFO).
fn sample_ops() -> Vec<Op> {
    let lod: [u32; 16] = core::array::from_fn(|i| (i as u32) % 4);
    vec![
        Op::NvTxq { source: HandleSource::ConstBank(TsPtrIdx::new(1).unwrap()), query: TxqQuery::Dimension, param: 1 },
        Op::NvTxq { source: HandleSource::Bindless(11), query: TxqQuery::SamplerPos, param: 5 },
        Op::TgsiTxq { view: 2, lod: 1 },
        Op::TgsiSviewinfo { view: 8, mip_level: 0 },
        Op::TgsiSampleInfo { view: 10 },
        Op::TgsiSamplePos { view: 11, index: 3 },
        Op::IntelInfo { op: 0x0A, exec: 0x04, exec_mask: 0xFFFF_7FFF, surface: 12, lod },
        Op::IntelInfo { op: 0x0B, exec: 0x03, exec_mask: 0xFF, surface: 9, lod },
        Op::IntelInfo { op: 0x0A, exec: 0x24, exec_mask: !0, surface: 1, lod },
    ]
}

/// Every op the fault tests use, with its fixture: the query ops above, then one op of each
/// other kind on the selfcheck scene (a STORE, atomics, quads, TLD4S, rejections).
fn fixture_ops() -> Vec<(Fixture, Op)> {
    let mut v: Vec<(Fixture, Op)> = sample_ops().into_iter().map(|o| (Fixture::Queries, o)).collect();
    v.extend(scene_ops().into_iter().map(|o| (Fixture::Scene, o)));
    v
}

/// Whether the op changes texture memory each time it runs (executing it twice is wrong).
fn not_idempotent(o: &Op) -> bool {
    o.def().is_some_and(|d| d.replay)
}

const CONFIG: Config = Config {
    retries: 3,
    poll_interval_ns: 1_000,
    timeout_ns: 50_000,
    reset_pulse_ns: 1_000,
    reset_timeout_ns: 1_000_000,
    mem_chunk: 256,
    cbank_chunk: 64,
};

/// Persistent faults and the error each must become.
fn cases(o: &Op) -> Vec<(Injection, Error<SimError>)> {
    use Fault::*;
    let always = Injection::always;
    vec![
        (always(FlipResponseBit { byte: 8, bit: 3 }), Error::Crc(Link::Response)),
        (always(FlipResponseBit { byte: 0, bit: 0 }), Error::Crc(Link::Response)),
        (always(XorResponse { byte: 3, mask: 0x8000_0001 }), Error::Crc(Link::Response)),
        (always(DropResponseByte { byte: 2 }), Error::Crc(Link::Response)),
        (always(DropResponseByte { byte: 17 }), Error::Crc(Link::Response)),
        (always(BadResponseCrc), Error::Crc(Link::Response)),
        (always(FlipCommandBit { byte: 6, bit: 0 }), Error::Crc(Link::Command)),
        (always(FlipCommandBit { byte: 0, bit: 4 }), Error::Crc(Link::Command)),
        (always(XorCommand { byte: 8, mask: 0xFFFF_FFFF }), Error::Crc(Link::Command)),
        (always(FlipCommandBit { byte: 2, bit: 1 }), Error::Protocol(ProtocolError::Frame)),
        (always(DropCommandByte { byte: 5 }), Error::Protocol(ProtocolError::Frame)),
        (always(DropCommandByte { byte: 1 }), Error::Protocol(ProtocolError::Frame)),
        (always(FlipFetchBit { bit: 7 }), Error::Crc(Link::Response)),
        (always(StuckBusy), Error::Timeout),
        (always(Status(0x80)), Error::DeviceFault(0x80)),
        (always(Status(0xFE)), Error::DeviceFault(0xFE)),
        (always(Status(status::ERR_BAD_VALUE)), Error::DeviceFault(status::ERR_BAD_VALUE)),
        (always(Status(status::ERR_UNSUPPORTED)).only(cmd::SUBMIT), Error::Unsupported(o.code())),
        (always(Status(status::ERR_CRC)), Error::Crc(Link::Command)),
        (always(Status(status::ERR_FRAME)), Error::Protocol(ProtocolError::Frame)),
        (always(Status(status::ERR_NO_RESPONSE)), Error::Protocol(ProtocolError::NoResponse)),
        (always(WrongSeq), Error::Protocol(ProtocolError::Seq)),
        (always(WrongOpcode), Error::Protocol(ProtocolError::Opcode)),
        (always(WrongLength), Error::Protocol(ProtocolError::Length)),
        (always(BadSync), Error::Protocol(ProtocolError::Sync)),
        (always(BusError), Error::Bus(SimError::Injected)),
    ]
}

#[test]
fn every_fault_becomes_its_typed_error_and_the_device_recovers() {
    for (fx, o) in fixture_ops() {
        for (inj, want) in cases(&o) {
            with_fixture(fx, CONFIG, |sim, fpga, soft| {
                let good = soft.execute(&o).unwrap();
                sim.inject(inj).unwrap();
                assert_eq!(fpga.execute(&o), Err(want), "{inj:?} on {o:?}");
                sim.clear_faults().unwrap();
                if want == Error::Timeout {
                    // Unknown device state after a timeout: hard reset and upload again.
                    fpga.init().unwrap();
                    reupload(fx, fpga).unwrap();
                } else if not_idempotent(&o) {
                    // The device may have applied the atomic before the fault: the caller
                    // knows only that it failed, and restores the texture memory.
                    reupload(fx, fpga).unwrap();
                }
                assert_eq!(fpga.execute(&o), Ok(good), "after {inj:?}");
            });
        }
    }
}

#[test]
fn faults_on_the_result_read_back_are_caught_too() {
    // 64 result words (INFO SIMD16), a quad (TXD), an atomic's old value.
    let ops = [(Fixture::Queries, sample_ops()[6]), (Fixture::Scene, scene_ops()[8]), (Fixture::Scene, scene_ops()[5])];
    for (fx, o) in ops {
        for (inj, want) in cases(&o) {
            if matches!(inj.fault, Fault::Status(status::ERR_UNSUPPORTED)) {
                continue;
            }
            with_fixture(fx, CONFIG, |sim, fpga, _| {
                sim.inject(inj.only(cmd::READ_RESULT)).unwrap();
                assert_eq!(fpga.execute(&o), Err(want), "{inj:?} on READ_RESULT of {o:?}");
            });
        }
    }
}

#[test]
fn transient_link_faults_are_absorbed_by_retries() {
    use Fault::*;
    let link = [
        FlipResponseBit { byte: 9, bit: 6 },
        XorResponse { byte: 0, mask: 0x00FF_FF00 },
        DropResponseByte { byte: 4 },
        BadResponseCrc,
        FlipCommandBit { byte: 1, bit: 2 },
        XorCommand { byte: 4, mask: 1 },
        DropCommandByte { byte: 9 },
        FlipFetchBit { bit: 0 },
        Status(status::ERR_CRC),
        Status(status::ERR_FRAME),
        WrongSeq,
    ];
    for (fx, o) in fixture_ops() {
        for f in link {
            with_fixture(fx, CONFIG, |sim, fpga, soft| {
                let good = soft.execute(&o).unwrap();
                let before = fpga.stats().retries;
                sim.inject(Injection::times(f, 3)).unwrap();
                // An atomic too: the resends carry its replay tag, so it runs once.
                assert_eq!(fpga.execute(&o), Ok(good), "{f:?} ×3 on {o:?}");
                assert_eq!(fpga.stats().retries - before, 3, "{f:?}");
                // One more than the retries: an error, never a result.
                sim.inject(Injection::times(f, 4)).unwrap();
                assert!(fpga.execute(&o).is_err(), "{f:?} ×4 on {o:?}");
            });
        }
    }
}

#[test]
fn non_link_faults_are_not_retried() {
    for f in [Fault::Status(0x81), Fault::WrongOpcode, Fault::BadSync, Fault::BusError] {
        with_pair(CONFIG, |sim, fpga, _| {
            let frames = fpga.stats().frames;
            sim.inject(Injection::once(f)).unwrap();
            assert!(fpga.nop().is_err(), "{f:?}");
            assert_eq!(fpga.stats().frames - frames, 1, "{f:?}: sent once");
            assert_eq!(sim.armed_faults().unwrap(), 0);
            fpga.nop().unwrap();
        });
    }
}

#[test]
fn link_errors_are_counted_by_the_device() {
    with_pair(CONFIG, |sim, fpga, _| {
        let before = fpga.read_reg(protocol::reg::LINK_ERRORS).unwrap();
        sim.inject(Injection::times(Fault::FlipCommandBit { byte: 4, bit: 0 }, 2).only(cmd::NOP)).unwrap();
        fpga.nop().unwrap();
        assert_eq!(fpga.read_reg(protocol::reg::LINK_ERRORS).unwrap(), before + 2);
        assert_eq!(sim.stats().unwrap().link_rejects, before + 2);
        let flags = fpga.irq_flags().unwrap();
        assert_ne!(flags & (1 << protocol::field::IRQ_LINK), 0);
    });
}

#[test]
fn a_stuck_device_times_out_after_the_configured_time() {
    with_pair(CONFIG, |sim, fpga, _| {
        sim.inject(Injection::once(Fault::StuckBusy)).unwrap();
        let t0 = sim.now_ns().unwrap();
        assert_eq!(fpga.nop(), Err(Error::Timeout));
        assert_eq!(sim.now_ns().unwrap() - t0, u64::from(CONFIG.timeout_ns));
        // Still stuck (ignores commands) until the hard reset.
        assert_eq!(fpga.nop(), Err(Error::Timeout));
        fpga.init().unwrap();
        fpga.nop().unwrap();
    });
}

#[test]
fn a_wrong_result_in_a_valid_frame_passes_the_link_checks() {
    // The one fault the link cannot see: this is what LockstepSampler is for.
    with_pair(CONFIG, |sim, fpga, soft| {
        let o = sample_ops()[0];
        sim.inject(Injection::once(Fault::CorruptResult { word: 1, xor: 4 })).unwrap();
        let got = fpga.execute(&o).unwrap();
        assert_ne!(got, soft.execute(&o).unwrap());
    });
}

/// Exhaustive: every single-bit flip of every byte of the `SUBMIT` and `READ_RESULT` frames
/// of one op, in both directions, is an error when no retry is allowed (a CRC-32C detects
/// every single-bit error), and absorbed with one retry.
#[test]
fn every_single_bit_flip_of_an_exchange_is_detected() {
    let o = sample_ops()[2]; // TGSI TXQ: command 4 + 12 + 4 bytes, completion 6 + 8 + 4
    let frames = [(cmd::SUBMIT, 20u16, 18u16), (cmd::READ_RESULT, 10, 26)];
    let mut checked = 0;
    for (code, cmd_len, resp_len) in frames {
        for dir in 0..2 {
            let len = if dir == 0 { cmd_len } else { resp_len };
            for byte in 0..len {
                for bit in 0..8 {
                    let fault = if dir == 0 {
                        Fault::FlipCommandBit { byte, bit }
                    } else {
                        Fault::FlipResponseBit { byte, bit }
                    };
                    for retries in [0u8, 1] {
                        let r = with_pair(Config { retries, ..CONFIG }, |sim, fpga, soft| {
                            sim.inject(Injection::once(fault).only(code)).unwrap();
                            (fpga.execute(&o), soft.execute(&o).unwrap())
                        });
                        match (retries, r) {
                            (0, (Err(e), _)) => {
                                let want_len_err = dir == 0 && (2..4).contains(&byte);
                                let ok = if dir == 1 {
                                    e == Error::Crc(Link::Response)
                                } else if want_len_err {
                                    e == Error::Protocol(ProtocolError::Frame)
                                } else {
                                    e == Error::Crc(Link::Command)
                                };
                                assert!(ok, "{fault:?} on {code:#x}: {e:?}");
                            }
                            (1, (Ok(got), want)) => assert_eq!(got, want, "{fault:?}"),
                            (_, r) => panic!("{fault:?} on {code:#x} with {retries} retries: {r:?}"),
                        }
                        checked += 1;
                    }
                }
            }
        }
    }
    assert_eq!(checked, 2 * 8 * (20 + 18 + 10 + 26));
}

/// Exhaustive for an atomic: every single-bit flip of its `SUBMIT` exchange, with one retry
/// allowed, gives the right old value and leaves the texel updated exactly once.
#[test]
fn every_single_bit_flip_of_an_atomic_exchange_applies_it_once() {
    use texcore::op::resource::AtomicOp;
    let o = Op::TgsiAtomic {
        op: AtomicOp::UAdd,
        resource: ptr::ATOMIC,
        address: [3, 2, 0, 0],
        src: [1, 10, 100, 1000],
        cmp: [0; 4],
    };
    let load = Op::TgsiLoad { resource: ptr::ATOMIC, address: [3, 2, 0, 0] };
    let (cmd_len, resp_len) = (4 + 56 + 4u16, 6 + 8 + 4u16);
    let mut checked = 0;
    for dir in 0..2 {
        let len = if dir == 0 { cmd_len } else { resp_len };
        for byte in 0..len {
            for bit in 0..8 {
                let fault =
                    if dir == 0 { Fault::FlipCommandBit { byte, bit } } else { Fault::FlipResponseBit { byte, bit } };
                with_scene_pair(Config { retries: 1, ..CONFIG }, |sim, fpga, soft| {
                    let want = soft.execute(&o).unwrap();
                    sim.inject(Injection::once(fault).only(cmd::SUBMIT)).unwrap();
                    assert_eq!(fpga.execute(&o), Ok(want), "{fault:?}");
                    assert_eq!(fpga.execute(&load).unwrap(), soft.execute(&load).unwrap(), "{fault:?}: applied once");
                    assert_eq!(sim.stats().unwrap().ops, 2, "{fault:?}: executed once");
                });
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 8 * (64 + 18));
}

fn link_error(e: &Error<SimError>) -> bool {
    matches!(e, Error::Crc(_) | Error::Protocol(ProtocolError::Frame | ProtocolError::Seq | ProtocolError::NoResponse))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// A single-bit flip anywhere in a command frame, a `FETCH` byte or a response frame
    /// (of `SUBMIT` or `READ_RESULT`): with no retries it is an error or (if it hit no frame
    /// byte) the right result; with a retry it is always the right result.
    #[test]
    fn single_bit_flips_never_yield_a_wrong_result(
        op_i in 0..fixture_ops().len(),
        dir in 0..3u8,
        byte in 0u16..280,
        bit in 0u8..8,
        on_result in any::<bool>(),
        retries in 0u8..2,
    ) {
        let (fx, o) = fixture_ops()[op_i];
        let fault = match dir {
            0 => Fault::FlipResponseBit { byte, bit },
            1 => Fault::FlipCommandBit { byte, bit },
            _ => Fault::FlipFetchBit { bit },
        };
        let only = if on_result { cmd::READ_RESULT } else { cmd::SUBMIT };
        let config = Config { retries, ..CONFIG };
        let (r, want, hit) = with_fixture(fx, config, |sim, fpga, soft| {
            let want = soft.execute(&o).unwrap();
            sim.inject(Injection::once(fault).only(only)).unwrap();
            let r = fpga.execute(&o);
            (r, want, sim.armed_faults().unwrap() == 0)
        });
        match r {
            Ok(got) => prop_assert_eq!(got, want),
            Err(e) => {
                prop_assert!(hit && retries == 0, "error {:?} with retries {} (fault applied: {})", e, retries, hit);
                prop_assert!(link_error(&e), "{:?}", e);
            }
        }
    }

    /// Bursts of up to 32 bits (any non-zero 4-byte XOR pattern) in either direction.
    #[test]
    fn bursts_never_yield_a_wrong_result(
        op_i in 0..fixture_ops().len(),
        response in any::<bool>(),
        byte in 0u16..270,
        mask in 1u32..,
        on_result in any::<bool>(),
    ) {
        let (fx, o) = fixture_ops()[op_i];
        let fault = if response { Fault::XorResponse { byte, mask } } else { Fault::XorCommand { byte, mask } };
        let only = if on_result { cmd::READ_RESULT } else { cmd::SUBMIT };
        let (r, want) = with_fixture(fx, Config { retries: 0, ..CONFIG }, |sim, fpga, soft| {
            let want = soft.execute(&o).unwrap();
            sim.inject(Injection::once(fault).only(only)).unwrap();
            (fpga.execute(&o), want)
        });
        match r {
            Ok(got) => prop_assert_eq!(got, want),
            Err(e) => prop_assert!(link_error(&e), "{:?}", e),
        }
    }

    /// The driver never panics on arbitrary device output, and returns a result only from
    /// frames that check. `frames` are what the device sends on each fetch: raw bytes, or
    /// well-formed frames (valid CRC, matching sequence number and command echo) with
    /// arbitrary status and payload.
    #[test]
    fn arbitrary_device_output_never_panics(
        frames in prop::collection::vec(
            (any::<bool>(), any::<u8>(), prop::collection::vec(any::<u8>(), 0..80), any::<bool>()),
            1..12,
        ),
        op_i in 0..fixture_ops().len(),
    ) {
        let o = fixture_ops()[op_i].1;
        let dev = ScriptedDevice { frames, fetches: 0, last_cmd: (0, 0) };
        let mut fpga = FpgaSampler::new(dev, LowPin, LowPin, NoDelay, Config { retries: 2, ..CONFIG });
        let r = fpga.execute(&o);
        if let Ok(reply) = r {
            // Only possible from well-formed frames; the reply has the op's shape.
            match (o.shape(), reply) {
                (protocol::ResultShape::Vec4, Reply::Vec4(_)) | (_, Reply::Rejected(_)) => {}
                (protocol::ResultShape::Lanes, Reply::Lanes(l)) => {
                    prop_assert!(l.lanes == 8 || l.lanes == 16);
                }
                (protocol::ResultShape::Quad, Reply::Quad(_)) | (protocol::ResultShape::Flag, Reply::Stored(_)) => {}
                (protocol::ResultShape::Tld4s, Reply::Tld4s(t)) => {
                    prop_assert!(t.count == 2 || (t.count == 1 && t.words[1] == 0 && t.words[3] == 0));
                }
                (shape, reply) => prop_assert!(false, "{:?} for {:?}", reply, shape),
            }
        }
        let _ = fpga.read_reg(0);
        let _ = fpga.identify();
        let mut buf = [0u8; 300];
        let _ = fpga.read_memory(0, &mut buf);
    }
}

/// A device that answers each fetch with the next scripted frame.
struct ScriptedDevice {
    /// (well-formed?, status, payload / raw bytes, echo the command?)
    frames: Vec<(bool, u8, Vec<u8>, bool)>,
    fetches: usize,
    last_cmd: (u8, u8),
}

impl ErrorType for ScriptedDevice {
    type Error = ErrorKind;
}

impl SpiDevice for ScriptedDevice {
    fn transaction(&mut self, ops: &mut [Operation<'_, u8>]) -> Result<(), ErrorKind> {
        let mut fetch = false;
        for op in ops.iter_mut() {
            match op {
                Operation::Write(w) if w.first() == Some(&FETCH) && w.len() == 1 => fetch = true,
                Operation::Write(w) => {
                    self.last_cmd = (w.first().copied().unwrap_or(0), w.get(1).copied().unwrap_or(0))
                }
                Operation::Read(r) if fetch => {
                    let (wf, st, bytes, echo) = self.frames[self.fetches % self.frames.len()].clone();
                    self.fetches += 1;
                    let out = if wf {
                        let (code, seq) = if echo { self.last_cmd } else { (bytes.first().copied().unwrap_or(0), 0) };
                        let mut f = vec![0u8; protocol::MAX_RESP_FRAME];
                        let payload = &bytes[..bytes.len().min(protocol::MAX_RESP_PAYLOAD)];
                        let n = protocol::encode_response(&mut f, seq, code, st, payload).unwrap();
                        f.truncate(n);
                        f
                    } else {
                        bytes
                    };
                    for (i, b) in r.iter_mut().enumerate() {
                        *b = out.get(i).copied().unwrap_or(0);
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }
}

struct LowPin;

impl PinErrorType for LowPin {
    type Error = core::convert::Infallible;
}

impl InputPin for LowPin {
    fn is_high(&mut self) -> Result<bool, Self::Error> {
        Ok(false)
    }
    fn is_low(&mut self) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

impl embedded_hal::digital::OutputPin for LowPin {
    fn set_low(&mut self) -> Result<(), Self::Error> {
        Ok(())
    }
    fn set_high(&mut self) -> Result<(), Self::Error> {
        Ok(())
    }
}

struct NoDelay;

impl DelayNs for NoDelay {
    fn delay_ns(&mut self, _: u32) {}
}
