//! `LockstepSampler`: agreement passes the result through, any difference is a
//! `Divergence` with the op and both results.

mod common;

use common::{all_ops, populate, Sim, Soft, MEM};
use texcore::handle::{HandleSource, SamplerBinding, TsPtrIdx};
use texcore::query::nv::TxqQuery;
use texcore_hal::{
    Config, Divergence, Error, Fault, FpgaSampler, Injection, LaneReply, LockstepError, LockstepSampler, Op, Reply,
    SamplerDevice, SimError, SimulatedFpga, SoftError, SoftSampler,
};

#[test]
fn fpga_and_model_in_lockstep() {
    let (mut fm, mut sm) = (vec![0u8; MEM], vec![0u8; MEM]);
    let sim: Sim<'_> = SimulatedFpga::new(&mut fm);
    let mut fpga = FpgaSampler::new(sim.spi(), sim.busy_pin(), sim.reset_pin(), sim.delay(), Config::default());
    fpga.init().unwrap();
    let soft: Soft<'_> = SoftSampler::new(&mut sm);
    let mut pair = LockstepSampler::new(fpga, soft);
    assert_eq!(pair.limits().unwrap().caps, texcore_hal::protocol::all_caps());
    populate(&mut pair).unwrap();
    let ops = all_ops();
    for o in &ops[..ops.len() / 4] {
        pair.execute(o).unwrap_or_else(|e| panic!("{o:?}: {e:?}"));
    }
    assert_eq!(pair.ops_checked() as usize, ops.len() / 4);

    // A wrong result in a perfectly valid frame: a divergence naming the op and both results.
    let o =
        Op::NvTxq { source: HandleSource::ConstBank(TsPtrIdx::new(1).unwrap()), query: TxqQuery::Dimension, param: 0 };
    sim.inject(Injection::once(Fault::CorruptResult { word: 2, xor: 0x10 })).unwrap();
    match pair.execute(&o) {
        Err(LockstepError::Divergence(Divergence { op, a, b })) => {
            assert_eq!(op, o);
            assert_eq!(b, Reply::Vec4([64, 32, 0, 7]));
            assert_eq!(a, Reply::Vec4([64, 32, 0x10, 7]));
        }
        other => panic!("{other:?}"),
    }
    // The next op agrees again.
    assert_eq!(pair.execute(&o).unwrap(), Reply::Vec4([64, 32, 0, 7]));

    // SIMD: a wrong word in a written lane diverges; in an unwritten lane it is not part of
    // the result (the driver zeroes unwritten lanes), so it cannot.
    let info = Op::IntelInfo { op: 0x0A, exec: 0x03, exec_mask: 0x0000_00F0, surface: 1, lod: [0; 16] };
    sim.inject(Injection::once(Fault::CorruptResult { word: 8 + 5, xor: 1 })).unwrap();
    match pair.execute(&info) {
        Err(LockstepError::Divergence(d)) => {
            let (Reply::Lanes(a), Reply::Lanes(b)) = (d.a, d.b) else { panic!("{d:?}") };
            assert_eq!(a.lane(5).unwrap()[1], b.lane(5).unwrap()[1] ^ 1);
        }
        other => panic!("{other:?}"),
    }
    sim.inject(Injection::once(Fault::CorruptResult { word: 8 + 2, xor: 1 })).unwrap();
    let r = pair.execute(&info).unwrap();
    assert!(matches!(r, Reply::Lanes(LaneReply { written: 0xF0, .. })));

    // A device error is passed through as A's error.
    sim.inject(Injection::always(Fault::Status(0x90))).unwrap();
    assert_eq!(pair.execute(&o), Err(LockstepError::A(Error::DeviceFault(0x90))));
    sim.clear_faults().unwrap();
}

#[test]
fn diverging_state_is_caught() {
    let (mut m1, mut m2) = ([0u8; 64], [0u8; 64]);
    let a: SoftSampler<'_, 4, 4, 8> = SoftSampler::new(&mut m1);
    let b: SoftSampler<'_, 4, 4, 8> = SoftSampler::new(&mut m2);
    let mut pair = LockstepSampler::new(a, b);
    let h = texcore::TextureHeader::new(texcore::TextureType::TwoD, texcore::Format::RGBA8_UNORM, 8, 8, 1, 4);
    pair.write_texture_header(0, &h).unwrap();
    let o = Op::TgsiSviewinfo { view: 0, mip_level: 1 };
    assert_eq!(pair.execute(&o).unwrap(), Reply::Vec4([4, 4, 0, 4]));
    // Change B behind the pair's back.
    pair.b.set_binding(SamplerBinding::ViaHeaderBinding).unwrap();
    pair.b.write_texture_header(0, &texcore::TextureHeader { width: 16, ..h }).unwrap();
    let err = pair.execute(&o).unwrap_err();
    assert_eq!(
        err,
        LockstepError::Divergence(Divergence { op: o, a: Reply::Vec4([4, 4, 0, 4]), b: Reply::Vec4([8, 4, 0, 4]) })
    );
    // Upload errors name the device.
    assert_eq!(pair.write_header(4, &[0; 8]), Err(LockstepError::A(SoftError::OutOfRange)));
}

#[test]
fn different_capacities_are_refused() {
    let (mut m1, mut m2) = ([0u8; 64], [0u8; 64]);
    let a: SoftSampler<'_, 4, 4, 8> = SoftSampler::new(&mut m1);
    let b: SoftSampler<'_, 4, 2, 8> = SoftSampler::new(&mut m2);
    let mut pair = LockstepSampler::new(a, b);
    assert!(matches!(pair.limits(), Err(LockstepError::Capacity { .. })));
    // B fails an upload A accepts: B's error.
    assert_eq!(pair.write_sampler(3, &[0; 8]), Err(LockstepError::B(SoftError::OutOfRange)));
    let (_a, _b) = pair.into_inner();
}

#[test]
fn lockstep_over_two_simulated_fpgas_reports_bus_errors_per_side() {
    let (mut m1, mut m2) = (vec![0u8; MEM], vec![0u8; MEM]);
    let s1: Sim<'_> = SimulatedFpga::new(&mut m1);
    let s2: Sim<'_> = SimulatedFpga::new(&mut m2);
    let f1 = FpgaSampler::new(s1.spi(), s1.busy_pin(), s1.reset_pin(), s1.delay(), Config::default());
    let f2 = FpgaSampler::new(s2.spi(), s2.busy_pin(), s2.reset_pin(), s2.delay(), Config::default());
    let mut pair = LockstepSampler::new(f1, f2);
    populate(&mut pair).unwrap();
    s2.inject(Injection::once(Fault::BusError)).unwrap();
    let o = Op::TgsiSampleInfo { view: 9 };
    assert_eq!(pair.execute(&o), Err(LockstepError::B(Error::Bus(SimError::Injected))));
    assert_eq!(pair.execute(&o).unwrap(), Reply::Vec4([4, 0, 0, 0]));
}
