//! End to end: the driver talks to `SimulatedFpga` over the real protocol, and every op the
//! core has gives the same result as `SoftSampler`.

mod common;

use std::collections::BTreeMap;

use common::{
    all_ops, f, populate, ptr, scene, scene_ops, with_pair, with_scene_pair, Sim, Soft, C, H, MEM, S, SCENE_MEM,
};
use embedded_hal::digital::InputPin;
use texcore::handle::{HandleSource, SamplerBinding, TsPtrIdx};
use texcore::query::nv::TxqQuery;
use texcore_hal::protocol::{self, field, op, reg, status};
use texcore_hal::selfcheck::OpGen;
use texcore_hal::{Config, Error, FpgaSampler, Op, ProtocolError, Reply, SamplerDevice, SimulatedFpga, SoftSampler};

fn variant(op: &Op) -> &'static str {
    op.def().map(|d| d.name).unwrap_or("?")
}

#[derive(Default, Debug)]
struct Seen {
    /// Per op: (ops, non-zero results).
    per_op: BTreeMap<&'static str, (usize, usize)>,
    /// Per reply kind.
    kinds: BTreeMap<&'static str, usize>,
}

impl Seen {
    fn add(&mut self, o: &Op, got: &Reply) {
        let e = self.per_op.entry(variant(o)).or_default();
        e.0 += 1;
        if got.words().iter().any(|w| *w != 0) || *got == Reply::Stored(true) {
            e.1 += 1;
        }
        let kind = match got {
            Reply::Vec4(_) => "vec4",
            Reply::Lanes(_) => "lanes",
            Reply::Quad(_) => "quad",
            Reply::Tld4s(_) => "tld4s",
            Reply::Stored(_) => "stored",
            Reply::Rejected(_) => "rejected",
        };
        *self.kinds.entry(kind).or_default() += 1;
    }
}

/// Every op of the protocol through the driver and `SimulatedFpga`, compared with
/// `SoftSampler`: the query ops on the query fixture, every other op on the selfcheck scene
/// (real textures of several formats, 2D / array / cube / cube array / 3D / buffer /
/// multisample, mip chains) with thousands of seeded random operands, edge cases included.
#[test]
fn every_op_matches_the_soft_sampler() {
    let mut seen = Seen::default();
    with_pair(Config::default(), |sim, fpga, soft| {
        let ops = all_ops();
        for o in &ops {
            let want = soft.execute(o).unwrap();
            let got = fpga.execute(o).unwrap_or_else(|e| panic!("{o:?}: {e:?}"));
            assert_eq!(got, want, "{o:?}");
            seen.add(o, &got);
        }
        let stats = fpga.stats();
        assert_eq!((stats.retries, stats.response_crc_errors, stats.timeouts), (0, 0, 0));
        assert_eq!(sim.stats().unwrap().ops as usize, ops.len());
    });
    with_scene_pair(Config::default(), |sim, fpga, soft| {
        let mut ops = scene_ops();
        let mut gen = OpGen::new(0x0E2E_5EED);
        for _ in 0..120 {
            for d in protocol::OPS {
                ops.push(gen.op(d.code).unwrap());
            }
        }
        for o in &ops {
            let want = soft.execute(o).unwrap();
            let got = fpga.execute(o).unwrap_or_else(|e| panic!("{o:?}: {e:?}"));
            assert_eq!(got, want, "{o:?}");
            seen.add(o, &got);
        }
        // STORE and the atomics wrote the same texture memory on both.
        let mut back = vec![0u8; SCENE_MEM];
        fpga.read_memory(0, &mut back).unwrap();
        assert!(back == soft.memory(), "texture memory differs");
        assert_ne!(back[..scene().memory().len()], scene().memory()[..], "the stores wrote something");
        let stats = fpga.stats();
        assert_eq!((stats.retries, stats.response_crc_errors, stats.timeouts), (0, 0, 0));
        assert_eq!(sim.stats().unwrap().ops as usize, ops.len());
    });
    // Every op of the protocol ran, and each gave non-zero results for some operands.
    for d in protocol::OPS {
        let (n, nonzero) = seen.per_op.get(d.name).copied().unwrap_or_default();
        assert!(n > 0 && nonzero > 0, "{}: {n} ops, {nonzero} non-zero", d.name);
    }
    for (kind, min) in
        [("lanes", 100), ("rejected", 200), ("quad", 1000), ("tld4s", 50), ("stored", 50), ("vec4", 1000)]
    {
        assert!(seen.kinds.get(kind).copied().unwrap_or(0) >= min, "{kind}: {:?}", seen.kinds);
    }
    eprintln!("{seen:?}");
}

/// The scene's ops at specific values (not only "both agree"): a store is seen by a load,
/// an atomic returns the old value and writes the new one, exactly once.
#[test]
fn scene_ops_have_their_documented_effects() {
    use texcore::op::resource::AtomicOp;
    with_scene_pair(Config::default(), |_, fpga, soft| {
        let load = Op::TgsiLoad { resource: ptr::ATOMIC, address: [2, 1, 0, 0] };
        let before = fpga.execute(&load).unwrap().vec4().unwrap();
        let add = Op::TgsiAtomic {
            op: AtomicOp::UAdd,
            resource: ptr::ATOMIC,
            address: [2, 1, 0, 0],
            src: [1, 2, 3, 4],
            cmp: [0; 4],
        };
        assert_eq!(fpga.execute(&add).unwrap(), Reply::Vec4(before));
        let after = fpga.execute(&load).unwrap().vec4().unwrap();
        let want: Vec<u32> = before.iter().zip([1u32, 2, 3, 4]).map(|(a, b)| a.wrapping_add(b)).collect();
        assert_eq!(after.to_vec(), want);
        let store =
            Op::TgsiStore { resource: ptr::RGBA8_2D, address: [5, 6, 0, 0], src: [f(0.0), f(1.0), f(0.5), f(1.0)] };
        assert_eq!(fpga.execute(&store).unwrap(), Reply::Stored(true));
        let out = Op::TgsiStore { resource: ptr::RGBA8_2D, address: [16, 0, 0, 0], src: [0; 4] };
        assert_eq!(fpga.execute(&out).unwrap(), Reply::Stored(false));
        let read = Op::TgsiLoad { resource: ptr::RGBA8_2D, address: [5, 6, 0, 0] };
        assert_eq!(fpga.execute(&read).unwrap().vec4(), Some([0, f(1.0), 0x3F00_8081, f(1.0)]));
        for o in [add, store, out, read] {
            soft.execute(&o).unwrap();
        }
        assert_eq!(fpga.execute(&load).unwrap(), soft.execute(&load).unwrap());
        // A TEX-family op on a depth texture gives a quad of compare results.
        let r = fpga.execute(&scene_ops()[8]).unwrap();
        let q = r.quad().unwrap();
        assert!(q.iter().all(|l| l[0] == l[1] && l[1] == l[2] && l[2] == l[3]), "{q:?}");
        // Rejections carry the core's error.
        use texcore::op::fetch::FetchError;
        let r = fpga.execute(&Op::TgsiTxf { view: ptr::CUBE, coord: [0; 4], offset: [0; 3] }).unwrap();
        assert_eq!(r, Reply::Rejected(texcore_hal::Rejection::Fetch(FetchError::Cube)));
    });
}

#[test]
fn via_header_binding_and_pool_limits_match() {
    with_pair(Config::default(), |_, fpga, soft| {
        let ops: Vec<Op> =
            all_ops().into_iter().filter(|o| matches!(o, Op::NvTxq { .. } | Op::TgsiTxq { .. })).collect();
        for (binding, hmax, smax) in [
            (SamplerBinding::ViaHeaderBinding, 14, 6),
            (SamplerBinding::ViaHeaderBinding, 3, 15),
            (SamplerBinding::Independent, 5, 0),
            (SamplerBinding::Independent, 0xF_FFFF, 0xF_FFFF),
        ] {
            for d in [&mut *fpga as &mut dyn Dev, &mut *soft as &mut dyn Dev] {
                d.setup(binding, hmax, smax);
            }
            for o in &ops {
                assert_eq!(fpga.execute(o).unwrap(), soft.execute(o).unwrap(), "{binding:?} {hmax} {smax} {o:?}");
            }
        }
    });
}

/// Object-safe setup over both backends.
trait Dev {
    fn setup(&mut self, binding: SamplerBinding, hmax: u32, smax: u32);
}

impl<T: SamplerDevice> Dev for T
where
    T::Error: std::fmt::Debug,
{
    fn setup(&mut self, binding: SamplerBinding, hmax: u32, smax: u32) {
        self.set_binding(binding).unwrap();
        self.set_header_pool_max(hmax).unwrap();
        self.set_sampler_pool_max(smax).unwrap();
    }
}

#[test]
fn uploads_land_in_the_device() {
    with_pair(Config { mem_chunk: 100, cbank_chunk: 5, ..Config::default() }, |sim, fpga, soft| {
        let bytes: Vec<u8> = (0..333u32).map(|i| (i * 13) as u8).collect();
        fpga.write_memory(600, &bytes).unwrap();
        soft.write_memory(600, &bytes).unwrap();
        let mut back = vec![0u8; MEM];
        fpga.read_memory(0, &mut back).unwrap();
        assert_eq!(back, soft.memory());
        sim.with_core(|core| assert_eq!(core.memory(), soft.memory())).unwrap();
        let words: Vec<u32> = (0..C as u32).map(|i| i * 0x0101_0101).collect();
        fpga.write_const_bank(0, &words).unwrap();
        sim.with_core(|core| {
            assert_eq!(core.bindings().const_bank, words.as_slice());
            assert_eq!(core.bindings().headers.entries, common::headers().as_slice());
            assert_eq!(core.bindings().samplers.entries[..4], common::samplers()[..]);
            assert_eq!((core.header_pool_max(), core.sampler_pool_max()), (14, 6));
        })
        .unwrap();
    });
}

#[test]
fn registers_status_and_irq() {
    with_pair(Config::default(), |sim, fpga, _| {
        fpga.write_reg(reg::SCRATCH, 0xCAFE_F00D).unwrap();
        assert_eq!(fpga.read_reg(reg::SCRATCH).unwrap(), 0xCAFE_F00D);
        for r in protocol::REGISTERS {
            fpga.read_reg(r.addr).unwrap_or_else(|e| panic!("{}: {e:?}", r.name));
            if let protocol::Reset::Value(v) = r.reset {
                if r.access == protocol::Access::Ro && r.addr != reg::STATUS {
                    assert_eq!(fpga.read_reg(r.addr).unwrap(), v, "{}", r.name);
                }
            }
        }
        assert_eq!(fpga.read_reg(reg::HEADER_ENTRIES).unwrap(), H as u32);
        assert_eq!(fpga.read_reg(reg::SAMPLER_ENTRIES).unwrap(), S as u32);
        assert_eq!(fpga.read_reg(reg::CBANK_WORDS).unwrap(), C as u32);
        assert_eq!(fpga.read_reg(reg::MEM_BYTES).unwrap(), MEM as u32);
        assert_eq!(fpga.read_reg(reg::BINDING_MODE).unwrap(), 0);

        // Faults: unknown register, write to a read-only one; STATUS reports the last one.
        assert_eq!(fpga.read_reg(0x0FC), Err(Error::DeviceFault(status::ERR_BAD_ADDR)));
        assert_eq!(fpga.write_reg(reg::ID, 1), Err(Error::DeviceFault(status::ERR_ACCESS)));
        let st = fpga.status().unwrap();
        assert!(st.ready && st.fault && st.last == status::ERR_ACCESS, "{st:?}");

        // IRQ: flags are sticky, write-one-to-clear, and drive the IRQ pin when enabled.
        let mut irq = sim.irq_pin();
        fpga.clear_irq(0xF).unwrap();
        assert_eq!(fpga.irq_flags().unwrap(), 0);
        fpga.execute(&Op::TgsiSampleInfo { view: 9 }).unwrap();
        assert_eq!(fpga.irq_flags().unwrap(), 1 << field::IRQ_DONE);
        assert!(!irq.is_high().unwrap());
        fpga.set_irq_enable(1 << field::IRQ_DONE).unwrap();
        assert!(irq.is_high().unwrap());
        fpga.clear_irq(1 << field::IRQ_DONE).unwrap();
        assert!(irq.is_low().unwrap());
        fpga.write_reg(0x0FC, 0).unwrap_err();
        assert_eq!(fpga.irq_flags().unwrap(), 1 << field::IRQ_FAULT);
    });
}

#[test]
fn registers_hold_their_reset_values_after_reset() {
    let mut mem = vec![0u8; 64];
    let sim: Sim<'_> = SimulatedFpga::new(&mut mem);
    let mut fpga = FpgaSampler::new(sim.spi(), sim.busy_pin(), sim.reset_pin(), sim.delay(), Config::default());
    fpga.init().unwrap();
    for r in protocol::REGISTERS {
        if let protocol::Reset::Value(v) = r.reset {
            assert_eq!(fpga.read_reg(r.addr).unwrap(), v, "{}", r.name);
        }
    }
    assert_eq!(
        protocol::register(reg::IRQ_FLAGS).map(|r| r.reset),
        Some(protocol::Reset::Value(1 << field::IRQ_RESET))
    );
}

#[test]
fn device_side_range_checks_without_cached_limits() {
    let mut mem = vec![0u8; 64];
    let sim: Sim<'_> = SimulatedFpga::new(&mut mem);
    let mut fpga = FpgaSampler::new(sim.spi(), sim.busy_pin(), sim.reset_pin(), sim.delay(), Config::default());
    let fault = Err(Error::DeviceFault(status::ERR_BAD_ADDR));
    assert_eq!(fpga.write_header(H as u32, &[0; 8]), fault);
    assert_eq!(fpga.write_sampler(S as u32, &[0; 8]), fault);
    assert_eq!(fpga.write_const_bank(C as u16 - 1, &[1, 2]), fault);
    assert_eq!(fpga.write_memory(60, &[0; 5]), fault);
    assert_eq!(fpga.read_memory(63, &mut [0; 2]), fault);
    assert_eq!(fpga.read_result(0, &mut [0; 4]), Err(Error::DeviceFault(status::ERR_NO_RESULT)));
    // Uncached limits are read on demand.
    let l = fpga.limits().unwrap();
    assert_eq!((l.memory_bytes, l.header_entries, l.caps), (64, H as u32, protocol::all_caps()));
    assert_eq!(fpga.write_memory(60, &[0; 5]), Err(Error::OutOfRange));
}

#[test]
fn unsupported_ops_by_caps() {
    let mut mem = vec![0u8; 64];
    let sim: Sim<'_> = SimulatedFpga::new(&mut mem);
    sim.set_caps(protocol::all_caps() & !(1 << 3)).unwrap();
    let mut fpga = FpgaSampler::new(sim.spi(), sim.busy_pin(), sim.reset_pin(), sim.delay(), Config::default());
    let o = Op::TgsiSampleInfo { view: 0 };
    // Before init: the device refuses it.
    assert_eq!(fpga.execute(&o), Err(Error::Unsupported(op::TGSI_SAMPLE_INFO)));
    // After init: refused locally, nothing sent.
    fpga.init().unwrap();
    let before = sim.stats().unwrap().commands;
    assert_eq!(fpga.execute(&o), Err(Error::Unsupported(op::TGSI_SAMPLE_INFO)));
    assert_eq!(sim.stats().unwrap().commands, before);
    assert!(fpga.execute(&Op::TgsiSviewinfo { view: 0, mip_level: 0 }).is_ok());
}

#[test]
fn resets_clear_the_binding_state_but_not_memory() {
    with_pair(Config::default(), |_, fpga, soft| {
        let o = Op::NvTxq {
            source: HandleSource::ConstBank(TsPtrIdx::new(1).unwrap()),
            query: TxqQuery::Dimension,
            param: 0,
        };
        assert_eq!(fpga.execute(&o).unwrap().vec4(), Some([64, 32, 0, 7]));
        SamplerDevice::reset(fpga).unwrap();
        soft.reset().unwrap();
        assert_eq!(fpga.execute(&o).unwrap(), soft.execute(&o).unwrap());
        assert_eq!(fpga.execute(&o).unwrap().vec4(), Some([0; 4]));
        let mut b = [0u8; 8];
        fpga.read_memory(0, &mut b).unwrap();
        assert_eq!(b, [3, 10, 17, 24, 31, 38, 45, 52]);
        assert_eq!(fpga.read_result(0, &mut [0; 4]), Ok(()), "the last op's result");

        // Hard reset through RST_N: the same, and the driver identifies the device again.
        populate(fpga).unwrap();
        assert_eq!(fpga.execute(&o).unwrap().vec4(), Some([64, 32, 0, 7]));
        fpga.init().unwrap();
        assert_eq!(fpga.execute(&o).unwrap().vec4(), Some([0; 4]));
        assert_eq!(fpga.irq_flags().unwrap() & (1 << field::IRQ_RESET), 1 << field::IRQ_RESET);
    });
}

#[test]
fn soft_sampler_limits_and_errors() {
    let mut mem = [0u8; 40];
    let mut soft: Soft<'_> = SoftSampler::new(&mut mem);
    let l = soft.limits().unwrap();
    assert_eq!((l.memory_bytes, l.header_entries, l.sampler_entries, l.const_bank_words), (40, 16, 8, 32));
    use texcore_hal::SoftError::{OutOfRange, Value};
    assert_eq!(soft.write_memory(39, &[1, 2]), Err(OutOfRange));
    assert_eq!(soft.write_memory(u32::MAX, &[1]), Err(OutOfRange));
    assert_eq!(soft.write_header(16, &[0; 8]), Err(OutOfRange));
    assert_eq!(soft.write_sampler(8, &[0; 8]), Err(OutOfRange));
    assert_eq!(soft.write_const_bank(31, &[0, 0]), Err(OutOfRange));
    assert_eq!(soft.set_header_pool_max(0x10_0000), Err(Value));
    assert_eq!(soft.read_memory(36, &mut [0; 5]), Err(OutOfRange));
    assert_eq!(soft.write_memory(38, &[1, 2]), Ok(()));
}

#[test]
fn driver_defaults_and_timing() {
    let c = Config::default();
    assert_eq!((c.retries, c.mem_chunk, c.cbank_chunk), (3, 256, 64));
    // The simulated clock advances through the driver's polling only.
    with_pair(Config::default(), |sim, fpga, _| {
        let t0 = sim.now_ns().unwrap();
        fpga.execute(&Op::TgsiSampleInfo { view: 9 }).unwrap();
        let dt = sim.now_ns().unwrap() - t0;
        assert_eq!(dt, 2_000, "SUBMIT latency polled in 1 µs steps");
        let _ = fpga.status().unwrap();
        assert_eq!(sim.now_ns().unwrap() - t0, 2_000, "register access: no wait");
        assert_eq!(fpga.next_seq(), fpga.stats().frames as u8);
        assert!(fpga.cached_limits().is_some());
    });
}

#[test]
fn a_short_completion_record_is_a_protocol_error() {
    use texcore_hal::{Fault, Injection};
    with_pair(Config::default(), |sim, fpga, _| {
        // The device answers a valid frame with one byte missing from the record.
        sim.inject(Injection::once(Fault::WrongLength).only(protocol::cmd::SUBMIT)).unwrap();
        let o = Op::IntelInfo { op: 0x0A, exec: 0x04, exec_mask: !0, surface: 1, lod: [0; 16] };
        assert_eq!(fpga.execute(&o), Err(Error::Protocol(ProtocolError::Length)));
        assert!(fpga.execute(&o).is_ok());
    });
}
