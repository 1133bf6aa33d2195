//! The embedded self-check vector set (`texcore_hal::selfcheck`): the committed blob is
//! what `generate` makes (regenerate with `TEXCORE_BLESS=1 cargo test -p texcore-hal --test
//! selfcheck`), it passes on the soft model and on the simulated FPGA through the driver,
//! and a corrupted expected value fails exactly its record.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use texcore_hal::protocol::{self, outcome, ResultShape};
use texcore_hal::selfcheck::{self, Blob, FormatError, Scene, SelfcheckError, Summary};
use texcore_hal::{
    Config, Fault, FpgaSampler, Injection, LockstepSampler, Op, Reply, SamplerDevice, SimulatedFpga, SoftSampler,
};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn bless() -> bool {
    std::env::var("TEXCORE_BLESS").is_ok_and(|v| v == "1")
}

fn generate(seed: u64, per_op: usize) -> Vec<u8> {
    let mut buf = vec![0u8; 256 * 1024];
    let n = selfcheck::generate(&mut buf, seed, per_op).expect("generate");
    buf.truncate(n);
    buf
}

fn default_blob() -> Vec<u8> {
    generate(selfcheck::DEFAULT_SEED, selfcheck::DEFAULT_PER_OP)
}

/// A soft device as large as the scene (plus some slack, to show larger devices agree).
const H: usize = selfcheck::SCENE_HEADERS + 2;
const S: usize = selfcheck::SCENE_SAMPLERS + 3;
const C: usize = selfcheck::SCENE_CBANK + 16;
const MEM: usize = selfcheck::SCENE_MEMORY_CAP;

type Failures = Vec<(usize, Op, Reply, Vec<u32>)>;

fn run_soft(blob: &[u8]) -> (Summary, Failures) {
    let mut mem = vec![0xEEu8; MEM];
    let mut soft: SoftSampler<'_, H, S, C> = SoftSampler::new(&mut mem);
    let mut failures = Vec::new();
    let s = selfcheck::run(blob, &mut soft, |i, op, reply, exp| failures.push((i, *op, *reply, exp.to_vec())))
        .expect("run");
    (s, failures)
}

#[test]
fn committed_blob_is_up_to_date() {
    let blob = default_blob();
    let path = workspace().join(selfcheck::BLOB_PATH);
    if bless() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        let tmp = path.with_extension("tmp");
        std::fs::write(&tmp, &blob).unwrap();
        std::fs::rename(&tmp, &path).unwrap();
    }
    let committed = std::fs::read(&path).unwrap_or_else(|e| {
        panic!("{}: {e}\nregenerate with TEXCORE_BLESS=1 cargo test -p texcore-hal --test selfcheck", path.display())
    });
    assert!(
        committed == blob,
        "{} is out of date ({} bytes committed, {} generated; first difference at byte {:?}).\n\
         regenerate with TEXCORE_BLESS=1 cargo test -p texcore-hal --test selfcheck",
        path.display(),
        committed.len(),
        blob.len(),
        committed.iter().zip(&blob).position(|(a, b)| a != b)
    );
}

#[test]
fn the_default_set_is_small_and_covers_every_op() {
    let blob = default_blob();
    let info = selfcheck::info(&blob).unwrap();
    assert_eq!(info.seed, selfcheck::DEFAULT_SEED);
    assert_eq!(info.records as usize, selfcheck::DEFAULT_PER_OP * protocol::OPS.len());
    assert!((20 * 1024..=40 * 1024).contains(&blob.len()), "{} bytes", blob.len());
    assert!(info.memory_bytes as usize <= selfcheck::SCENE_MEMORY_CAP);
    eprintln!("{} bytes, {} records, scene memory {} bytes", blob.len(), info.records, info.memory_bytes);

    // Per op kind: records, done with a non-zero result, rejected.
    let b = Blob::parse(&blob).unwrap();
    let mut seen: BTreeMap<&str, (usize, usize, usize)> = BTreeMap::new();
    let mut words = [0u32; texcore_hal::op::REPLY_WORDS_MAX];
    for r in b.records() {
        let r = r.unwrap();
        let op = Op::decode(r.op).unwrap();
        let n = r.expected_words(&mut words);
        let reply = Reply::from_words(op.shape(), &words[..n]).unwrap_or_else(|| panic!("record {}", r.index));
        let e = seen.entry(op.def().unwrap().name).or_default();
        e.0 += 1;
        let c = reply.completion();
        if c.outcome == outcome::REJECTED {
            e.2 += 1;
        } else if reply.words().iter().any(|w| *w != 0) || reply == Reply::Stored(true) {
            e.1 += 1;
        }
    }
    for d in protocol::OPS {
        let (n, nonzero, _) = seen.get(d.name).copied().unwrap_or_default();
        assert_eq!(n, selfcheck::DEFAULT_PER_OP, "{}", d.name);
        assert!(nonzero > 0, "{}: no record with a non-zero result ({seen:?})", d.name);
    }
    let rejected: usize = seen.values().map(|v| v.2).sum();
    assert!(rejected >= 10, "too few rejections: {seen:?}");
    eprintln!("(records, non-zero, rejected) per op: {seen:?}");
}

#[test]
fn generate_is_deterministic_and_seeded() {
    let a = generate(1, 2);
    assert_eq!(a, generate(1, 2));
    assert_ne!(a, generate(2, 2));
    // A buffer that is too small is an error, not a truncated set.
    let mut small = vec![0u8; a.len() - 1];
    assert_eq!(selfcheck::generate(&mut small, 1, 2), Err(selfcheck::GenerateError::BufferTooSmall));
    // Zero records: the scene only.
    let empty = generate(1, 0);
    assert_eq!(selfcheck::info(&empty).unwrap().records, 0);
    assert_eq!(run_soft(&empty).0, Summary::default());
}

#[test]
fn the_scene_is_valid() {
    use texcore::{SamplerHeader, TextureHeader};
    let scene = Scene::new(selfcheck::DEFAULT_SEED).expect("scene fits");
    for (i, w) in scene.headers().iter().enumerate() {
        let r = TextureHeader::from_words(w);
        assert_eq!(r.is_ok(), i as u32 != selfcheck::ptr::INVALID, "header {i}: {r:?}");
        if let Ok(h) = r {
            let end = h.base_address as u64 + texcore::memory::texture_bytes(&h);
            assert!(end <= scene.memory().len() as u64, "header {i} ends at {end}");
        }
    }
    for (i, w) in scene.samplers().iter().enumerate() {
        let r = SamplerHeader::from_words(w);
        assert_eq!(r.is_ok(), i as u32 != selfcheck::smp::INVALID, "sampler {i}: {r:?}");
    }
    assert_eq!(Scene::HEADER_POOL_MAX as usize, selfcheck::SCENE_HEADERS);
    assert_eq!(Scene::SAMPLER_POOL_MAX as usize, selfcheck::SCENE_SAMPLERS - 1);
}

#[test]
fn the_set_passes_on_the_soft_model() {
    let blob = default_blob();
    let (s, failures) = run_soft(&blob);
    assert!(failures.is_empty(), "{failures:?}");
    assert_eq!(s, Summary { passed: selfcheck::info(&blob).unwrap().records, failed: 0, skipped: 0 });
    assert!(s.all_passed());
    // The committed file too (if present: the bless test writes it).
    if let Ok(committed) = std::fs::read(workspace().join(selfcheck::BLOB_PATH)) {
        assert!(run_soft(&committed).0.all_passed());
    }
}

#[test]
fn the_set_passes_on_the_simulated_fpga_through_the_driver() {
    let blob = default_blob();
    let mut mem = vec![0u8; MEM];
    let sim: SimulatedFpga<'_, H, S, C> = SimulatedFpga::new(&mut mem);
    let mut fpga = FpgaSampler::new(sim.spi(), sim.busy_pin(), sim.reset_pin(), sim.delay(), Config::default());
    fpga.init().unwrap();
    let mut failures = Vec::new();
    let s =
        selfcheck::run(&blob, &mut fpga, |i, op, reply, exp| failures.push((i, *op, *reply, exp.to_vec()))).unwrap();
    assert!(failures.is_empty(), "{failures:?}");
    assert!(s.all_passed(), "{s:?}");
    assert_eq!(s.passed, selfcheck::info(&blob).unwrap().records);
    assert_eq!(sim.stats().unwrap().ops, s.passed);
    assert_eq!(fpga.stats().retries, 0);
}

/// A device with a sampling subset: the records it refuses are skipped, the others pass.
#[test]
fn records_outside_the_sampling_subset_are_skipped() {
    let blob = default_blob();
    let mut mem = vec![0u8; MEM];
    let sim: SimulatedFpga<'_, H, S, C> = SimulatedFpga::new(&mut mem);
    sim.set_subset(texcore_hal::Subset::RTL).unwrap();
    let mut fpga = FpgaSampler::new(sim.spi(), sim.busy_pin(), sim.reset_pin(), sim.delay(), Config::default());
    fpga.init().unwrap();
    let s = selfcheck::run(&blob, &mut fpga, |i, op, _, _| panic!("record {i}: {op:?}")).unwrap();
    let b = Blob::parse(&blob).unwrap();
    // only records of the ops the subset governs can be refused
    let governed = b
        .records()
        .filter(|r| Op::decode(r.as_ref().unwrap().op).is_ok_and(|op| texcore_hal::Subset::RTL.governs(op.code())))
        .count() as u32;
    assert!(s.skipped > 0 && s.skipped <= governed, "{s:?}, {governed} records of governed ops");
    assert_eq!(s.passed + s.skipped, selfcheck::info(&blob).unwrap().records);
    assert_eq!(s.failed, 0);
}

/// The driver over the simulated FPGA, with a link fault armed before every other op:
/// the device executes the `SUBMIT` but its answer is lost or damaged, so the driver sends
/// the same op again.
struct Lossy<'s, 'm> {
    sim: &'s SimulatedFpga<'m, H, S, C>,
    fpga: FpgaSampler<
        texcore_hal::sim::SimSpi<'s, 'm, H, S, C>,
        texcore_hal::sim::SimBusy<'s, 'm, H, S, C>,
        texcore_hal::sim::SimReset<'s, 'm, H, S, C>,
        texcore_hal::sim::SimDelay<'s, 'm, H, S, C>,
    >,
    n: usize,
}

impl SamplerDevice for Lossy<'_, '_> {
    type Error = texcore_hal::Error<texcore_hal::SimError>;
    fn limits(&mut self) -> Result<texcore_hal::Limits, Self::Error> {
        self.fpga.limits()
    }
    fn reset(&mut self) -> Result<(), Self::Error> {
        self.fpga.reset()
    }
    fn write_memory(&mut self, addr: u32, data: &[u8]) -> Result<(), Self::Error> {
        self.fpga.write_memory(addr, data)
    }
    fn write_header(&mut self, index: u32, words: &[u32; 8]) -> Result<(), Self::Error> {
        self.fpga.write_header(index, words)
    }
    fn write_sampler(&mut self, index: u32, words: &[u32; 8]) -> Result<(), Self::Error> {
        self.fpga.write_sampler(index, words)
    }
    fn write_const_bank(&mut self, start: u16, words: &[u32]) -> Result<(), Self::Error> {
        self.fpga.write_const_bank(start, words)
    }
    fn set_header_pool_max(&mut self, max: u32) -> Result<(), Self::Error> {
        self.fpga.set_header_pool_max(max)
    }
    fn set_sampler_pool_max(&mut self, max: u32) -> Result<(), Self::Error> {
        self.fpga.set_sampler_pool_max(max)
    }
    fn set_binding(&mut self, mode: texcore::SamplerBinding) -> Result<(), Self::Error> {
        self.fpga.set_binding(mode)
    }
    fn execute(&mut self, op: &Op) -> Result<Reply, Self::Error> {
        self.n += 1;
        let fault = match self.n % 6 {
            1 => Some(Fault::FlipResponseBit { byte: 8, bit: 3 }),
            3 => Some(Fault::WrongSeq),
            5 => Some(Fault::Status(protocol::status::ERR_CRC)),
            _ => None,
        };
        if let Some(f) = fault {
            self.sim.inject(Injection::once(f).only(protocol::cmd::SUBMIT)).unwrap();
        }
        self.fpga.execute(op)
    }
}

#[test]
fn the_set_passes_through_a_lossy_link_and_atomics_run_once() {
    let blob = default_blob();
    let records = selfcheck::info(&blob).unwrap().records;
    let mut mem = vec![0u8; MEM];
    let sim: SimulatedFpga<'_, H, S, C> = SimulatedFpga::new(&mut mem);
    let mut fpga = FpgaSampler::new(sim.spi(), sim.busy_pin(), sim.reset_pin(), sim.delay(), Config::default());
    fpga.init().unwrap();
    let mut dev = Lossy { sim: &sim, fpga, n: 0 };
    let s = selfcheck::run(&blob, &mut dev, |i, op, reply, exp| panic!("record {i} failed: {op:?} {reply:?} {exp:?}"))
        .unwrap();
    assert_eq!(s.passed, records);
    // Every other op was sent twice. The device executed the idempotent ones again and
    // answered the atomics from its replay record: each atomic ran once (else its old value,
    // and every later access to its texel, would differ from the model's).
    let b = Blob::parse(&blob).unwrap();
    let replayed: Vec<bool> = b.records().map(|r| Op::decode(r.unwrap().op).unwrap().def().unwrap().replay).collect();
    let resent = |want: bool| (1..=records as usize).filter(|n| n % 2 == 1 && replayed[n - 1] == want).count() as u32;
    assert!(resent(true) >= 20, "atomics resent: {}", resent(true));
    assert_eq!(dev.fpga.stats().retries, resent(true) + resent(false));
    assert_eq!(sim.stats().unwrap().ops, records + resent(false));
}

#[test]
fn the_set_passes_in_lockstep() {
    let blob = generate(11, 2);
    let (mut m1, mut m2) = (vec![0u8; MEM], vec![0u8; MEM]);
    let sim: SimulatedFpga<'_, H, S, C> = SimulatedFpga::new(&mut m1);
    let mut fpga = FpgaSampler::new(sim.spi(), sim.busy_pin(), sim.reset_pin(), sim.delay(), Config::default());
    fpga.init().unwrap();
    let soft: SoftSampler<'_, H, S, C> = SoftSampler::new(&mut m2);
    let mut pair = LockstepSampler::new(fpga, soft);
    let s = selfcheck::run(&blob, &mut pair, |i, _, _, _| panic!("record {i}")).unwrap();
    assert!(s.all_passed());
    assert_eq!(pair.ops_checked(), s.passed);
}

#[test]
fn a_flipped_expected_bit_fails_exactly_its_record() {
    let blob = default_blob();
    let b = Blob::parse(&blob).unwrap();
    let records: Vec<_> = b.records().map(|r| r.unwrap()).collect();
    // One record of each result shape, flipping a result word and a completion word.
    let mut cases = Vec::new();
    for shape in [ResultShape::Vec4, ResultShape::Lanes, ResultShape::Quad, ResultShape::Tld4s, ResultShape::Flag] {
        let r = records
            .iter()
            .find(|r| {
                let op = Op::decode(r.op).unwrap();
                op.shape() == shape && r.expected.len() / 4 > 2 || (shape == ResultShape::Flag && op.shape() == shape)
            })
            .unwrap_or_else(|| panic!("no record of shape {shape:?}"));
        let words = r.expected.len() / 4;
        cases.push((r.index as usize, r.expected_word_offset(words - 1), 31 - (r.index % 32) as u8));
        cases.push((r.index as usize, r.expected_word_offset(0), 4)); // completion record: `kind`
    }
    let last = records.last().unwrap();
    cases.push((last.index as usize, last.expected_word_offset(1), 0));
    // The helper for the firmware's deliberately failing build does the same.
    let mut bad = blob.clone();
    selfcheck::flip_expected_bit(&mut bad, 100, 0, 9).unwrap();
    let (s, failures) = run_soft(&bad);
    assert_eq!((s.failed, failures[0].0), (1, 100));
    assert!(selfcheck::flip_expected_bit(&mut bad, records.len() as u32, 0, 0).is_err());
    assert!(selfcheck::flip_expected_bit(&mut bad, 0, 66, 0).is_err());
    for (index, at, bit) in cases {
        let mut bad = blob.clone();
        bad[at + usize::from(bit / 8)] ^= 1 << (bit % 8);
        let (s, failures) = run_soft(&bad);
        assert_eq!(s.failed, 1, "record {index}, byte {at}, bit {bit}");
        assert_eq!(s.passed + 1, records.len() as u32);
        let (i, op, reply, exp) = &failures[0];
        assert_eq!(*i, index);
        assert_eq!(op, &Op::decode(records[index].op).unwrap());
        // The report carries the (corrupted) expected words and the actual reply.
        let mut words = [0u32; texcore_hal::op::REPLY_WORDS_MAX];
        let n = reply.to_words(&mut words);
        assert_ne!(&words[..n], exp.as_slice());
        let differing: u32 = words[..n].iter().zip(exp).map(|(a, b)| (a ^ b).count_ones()).sum();
        assert!(differing == 1 || n != exp.len(), "one bit differs");
    }
}

#[test]
fn malformed_blobs_are_refused_before_anything_runs() {
    let blob = default_blob();
    let b = Blob::parse(&blob).unwrap();
    let first = b.records().next().unwrap().unwrap().offset;
    let check = |bytes: &[u8], want: fn(&FormatError) -> bool| {
        let mut mem = vec![0u8; MEM];
        let mut soft: SoftSampler<'_, H, S, C> = SoftSampler::new(&mut mem);
        match selfcheck::run(bytes, &mut soft, |_, _, _, _| panic!("nothing runs")) {
            Err(SelfcheckError::Format(e)) => assert!(want(&e), "{e:?}"),
            other => panic!("{other:?}"),
        }
    };
    let mut m = blob.clone();
    m[0] = b'X';
    check(&m, |e| *e == FormatError::Magic);
    let mut m = blob.clone();
    m[4] = 2;
    check(&m, |e| *e == FormatError::Version(2));
    // A flipped bit anywhere in the header or scene is a CRC error (or a bad count).
    for at in [9, 17, 30, 48, 48 + 32 * 3 + 5, first - 1] {
        let mut m = blob.clone();
        m[at] ^= 0x10;
        check(&m, |e| matches!(e, FormatError::Crc { .. } | FormatError::Length | FormatError::Header));
    }
    check(&blob[..blob.len() - 1], |e| matches!(e, FormatError::Record { status: 0, .. } | FormatError::Length));
    check(&blob[..first], |e| *e == FormatError::Length);
    check(&blob[..20], |e| *e == FormatError::Length);
    // A record whose op does not decode.
    let mut m = blob.clone();
    m[first + 4] = 0xFF;
    check(&m, |e| matches!(e, FormatError::Record { record: 0, status: protocol::status::ERR_UNSUPPORTED }));
    // Trailing bytes.
    let mut m = blob.clone();
    m.extend_from_slice(&[0; 4]);
    check(&m, |e| matches!(e, FormatError::Record { .. } | FormatError::Length));
}

#[test]
fn a_device_smaller_than_the_scene_is_refused() {
    let blob = default_blob();
    let mut mem = vec![0u8; 4096];
    let mut soft: SoftSampler<'_, H, S, C> = SoftSampler::new(&mut mem);
    match selfcheck::run(&blob, &mut soft, |_, _, _, _| {}) {
        Err(SelfcheckError::Capacity { need, have }) => {
            assert_eq!(have.memory_bytes, 4096);
            assert!(need.memory_bytes > 4096);
        }
        other => panic!("{other:?}"),
    }
    let mut mem = vec![0u8; MEM];
    let mut soft: SoftSampler<'_, 4, S, C> = SoftSampler::new(&mut mem);
    assert!(matches!(selfcheck::run(&blob, &mut soft, |_, _, _, _| {}), Err(SelfcheckError::Capacity { .. })));
}

#[test]
fn ops_the_device_lacks_are_skipped() {
    let blob = default_blob();
    let mut mem = vec![0u8; MEM];
    let sim: SimulatedFpga<'_, H, S, C> = SimulatedFpga::new(&mut mem);
    let tmml = protocol::op_def(protocol::op::NV_TMML).unwrap().cap_bit;
    let imax = protocol::op_def(protocol::op::TGSI_ATOMIMAX).unwrap().cap_bit;
    sim.set_caps(protocol::all_caps() & !(1 << tmml)).unwrap();
    let mut fpga = FpgaSampler::new(sim.spi(), sim.busy_pin(), sim.reset_pin(), sim.delay(), Config::default());
    fpga.init().unwrap();
    let s = selfcheck::run(&blob, &mut fpga, |i, op, _, _| panic!("record {i} {op:?}")).unwrap();
    assert_eq!((s.skipped, s.failed), (selfcheck::DEFAULT_PER_OP as u32, 0));
    assert!(!s.all_passed());
    assert!(imax >= 32, "ATOMIMAX is a CAPS1 op");
}

#[test]
fn device_errors_stop_the_run_with_the_record() {
    let blob = generate(3, 1);
    let mut mem = vec![0u8; MEM];
    let sim: SimulatedFpga<'_, H, S, C> = SimulatedFpga::new(&mut mem);
    let mut fpga = FpgaSampler::new(sim.spi(), sim.busy_pin(), sim.reset_pin(), sim.delay(), Config::default());
    fpga.init().unwrap();
    sim.inject(Injection::always(Fault::Status(0x90)).only(protocol::cmd::SUBMIT)).unwrap();
    match selfcheck::run(&blob, &mut fpga, |_, _, _, _| {}) {
        Err(SelfcheckError::Device { record: Some(0), error: texcore_hal::Error::DeviceFault(0x90) }) => {}
        other => panic!("{other:?}"),
    }
}
