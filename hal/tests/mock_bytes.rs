//! The driver's exact bus traffic, checked with `embedded-hal-mock`: every command's bytes,
//! the BUSY polling, reset, retries and the local checks. Frames are built by the
//! independent encoder of `common` (bitwise CRC), and a few are spelled out literally.

mod common;

use common::{cmd_frame, le32, resp_frame};
use embedded_hal::spi::{ErrorKind, ErrorType, Operation, SpiDevice};
use embedded_hal_mock::eh1::delay::{CheckedDelay, Transaction as DelayTx};
use embedded_hal_mock::eh1::digital::{Mock as PinMock, State, Transaction as PinTx};
use embedded_hal_mock::eh1::spi::{Mock as SpiMock, Transaction as SpiTx};
use texcore::handle::{HandleSource, SamplerBinding, TsPtrIdx};
use texcore::query::intel::InfoError;
use texcore::query::nv::TxqQuery;
use texcore::{Format, SamplerHeader, TextureHeader, TextureType};
use texcore_hal::protocol::{cmd, op, reg, status, FETCH};
use texcore_hal::{
    Config, DeviceStatus, Error, FpgaSampler, LaneReply, Limits, Link, Op, ProtocolError, Rejection, Reply,
    SamplerDevice,
};

type MockDriver = FpgaSampler<SpiMock<u8>, PinMock, PinMock, CheckedDelay>;

/// The expected traffic of a test.
#[derive(Default)]
struct Script {
    spi: Vec<SpiTx<u8>>,
    busy: Vec<PinTx>,
    rst: Vec<PinTx>,
    delay: Vec<DelayTx>,
    seq: u8,
}

impl Script {
    fn new() -> Self {
        Script::default()
    }

    /// A command frame and the fetch of `response` (read as `read_len` bytes; missing bytes
    /// are idle zeros). BUSY is low at the first poll.
    fn raw(&mut self, command: Vec<u8>, response: Vec<u8>, read_len: usize) {
        let mut r = response;
        r.resize(read_len, 0);
        self.spi.extend([
            SpiTx::transaction_start(),
            SpiTx::write_vec(command),
            SpiTx::transaction_end(),
            SpiTx::transaction_start(),
            SpiTx::write(FETCH),
            SpiTx::read_vec(r),
            SpiTx::transaction_end(),
        ]);
        self.busy.push(PinTx::get(State::Low));
        self.seq = self.seq.wrapping_add(1);
    }

    /// One exchange with the next sequence number; `expect` is the `OK` response length the
    /// driver reads.
    fn exchange(&mut self, code: u8, req: &[u8], st: u8, resp: &[u8], expect: usize) {
        let seq = self.seq;
        self.raw(cmd_frame(code, seq, req), resp_frame(seq, code, st, resp), 6 + expect + 4);
    }

    /// A successful exchange.
    fn ok(&mut self, code: u8, req: &[u8], resp: &[u8]) {
        self.exchange(code, req, status::OK, resp, resp.len());
    }

    fn read_reg(&mut self, addr: u16, value: u32) {
        self.ok(cmd::READ_REG, &addr.to_le_bytes(), &value.to_le_bytes());
    }

    fn write_reg(&mut self, addr: u16, value: u32) {
        let mut p = addr.to_le_bytes().to_vec();
        p.extend_from_slice(&value.to_le_bytes());
        self.ok(cmd::WRITE_REG, &p, &[]);
    }

    fn submit(&mut self, payload: &[u8], completion: [u8; 8]) {
        self.ok(cmd::SUBMIT, payload, &completion);
    }

    fn read_result(&mut self, offset: u8, words: &[u32]) {
        self.ok(cmd::READ_RESULT, &[offset, words.len() as u8], &le32(words));
    }

    /// The traffic of `init()` against a device with these limits.
    fn init(&mut self, config: &Config, limits: Limits) {
        self.rst.extend([PinTx::set(State::Low), PinTx::set(State::High)]);
        self.delay.push(DelayTx::delay_ns(config.reset_pulse_ns));
        self.busy.push(PinTx::get(State::High));
        self.delay.push(DelayTx::delay_ns(config.poll_interval_ns));
        self.busy.push(PinTx::get(State::Low));
        self.read_reg(reg::ID, 0x3143_5854);
        self.read_reg(reg::VERSION, 0x0001_0003);
        self.read_reg(reg::CAPS, limits.caps as u32);
        self.read_reg(reg::CAPS1, (limits.caps >> 32) as u32);
        self.read_reg(reg::MEM_BYTES, limits.memory_bytes);
        self.read_reg(reg::HEADER_ENTRIES, limits.header_entries);
        self.read_reg(reg::SAMPLER_ENTRIES, limits.sampler_entries);
        self.read_reg(reg::CBANK_WORDS, limits.const_bank_words);
    }

    /// Runs `f` on a driver over mocks of this script; every expectation must be consumed.
    fn run<R>(self, config: Config, f: impl FnOnce(&mut MockDriver) -> R) -> R {
        let spi = SpiMock::new(&self.spi);
        let busy = PinMock::new(&self.busy);
        let rst = PinMock::new(&self.rst);
        let delay = CheckedDelay::new(&self.delay);
        let (mut s, mut b, mut r, mut d) = (spi.clone(), busy.clone(), rst.clone(), delay.clone());
        let mut dev = FpgaSampler::new(spi, busy, rst, delay, config);
        let out = f(&mut dev);
        drop(dev);
        s.done();
        b.done();
        r.done();
        d.done();
        out
    }
}

const LIMITS: Limits =
    Limits { memory_bytes: 4096, header_entries: 16, sampler_entries: 8, const_bank_words: 64, caps: 0x3F };

fn cbank(i: u16) -> HandleSource {
    HandleSource::ConstBank(TsPtrIdx::new(i).unwrap())
}

// ---- literal frames (computed independently, see common::crc32c) ----

#[test]
fn literal_nop_frame() {
    let mut s = Script::new();
    s.raw(
        vec![0x01, 0x00, 0x00, 0x00, 0x7F, 0xE1, 0x22, 0x95],
        vec![0xA5, 0x00, 0x01, 0x00, 0x00, 0x00, 0x07, 0x2B, 0x56, 0x4E],
        10,
    );
    s.run(Config::default(), |d| d.nop()).unwrap();
}

#[test]
fn literal_read_id_frame() {
    let mut s = Script::new();
    s.raw(
        vec![0x10, 0x00, 0x02, 0x00, 0x00, 0x00, 0x35, 0x6F, 0x41, 0x28],
        vec![0xA5, 0x00, 0x10, 0x00, 0x04, 0x00, 0x54, 0x58, 0x43, 0x31, 0xF7, 0xC9, 0xF3, 0xE6],
        14,
    );
    assert_eq!(s.run(Config::default(), |d| d.read_reg(reg::ID)).unwrap(), 0x3143_5854);
}

#[test]
fn literal_write_reg_and_submit_frames() {
    let mut s = Script::new();
    for _ in 0..3 {
        s.ok(cmd::NOP, &[], &[]);
    }
    // seq 3: SUBMIT NV_TXQ, constant-bank index 5, DIMENSION, LOD 2.
    s.raw(
        vec![
            0x40, 0x03, 0x0C, 0x00, 0x01, 0x00, 0x01, 0x00, 0x05, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x70, 0x28,
            0x09, 0x61,
        ],
        resp_frame(3, cmd::SUBMIT, 0, &[0, 0, 0, 0, 1, 0, 4, 0]),
        18,
    );
    s.read_result(0, &[16, 8, 0, 5]);
    for _ in 5..7 {
        s.ok(cmd::NOP, &[], &[]);
    }
    // seq 7: WRITE_REG SCRATCH = 0xDEADBEEF.
    s.raw(
        vec![0x11, 0x07, 0x06, 0x00, 0x1C, 0x00, 0xEF, 0xBE, 0xAD, 0xDE, 0xA9, 0xE9, 0x5D, 0xCA],
        vec![0xA5, 0x07, 0x11, 0x00, 0x00, 0x00, 0x7E, 0x94, 0x44, 0x0F],
        10,
    );
    s.run(Config::default(), |d| {
        for _ in 0..3 {
            d.nop().unwrap();
        }
        let op = Op::NvTxq { source: cbank(5), query: TxqQuery::Dimension, param: 2 };
        assert_eq!(d.execute(&op).unwrap(), Reply::Vec4([16, 8, 0, 5]));
        for _ in 5..7 {
            d.nop().unwrap();
        }
        d.write_reg(reg::SCRATCH, 0xDEAD_BEEF).unwrap();
    });
}

// ---- every command ----

#[test]
fn init_resets_polls_and_identifies() {
    let config = Config::default();
    let mut s = Script::new();
    s.init(&config, LIMITS);
    let limits = s.run(config, |d| d.init()).unwrap();
    assert_eq!(limits, LIMITS);
}

#[test]
fn init_rejects_a_foreign_device_and_a_new_major_version() {
    let mut s = Script::new();
    s.read_reg(reg::ID, 0x1234_5678);
    let r = s.run(Config::default(), |d| d.identify());
    assert_eq!(r, Err(Error::Protocol(ProtocolError::Identity(0x1234_5678))));

    let mut s = Script::new();
    s.read_reg(reg::ID, 0x3143_5854);
    s.read_reg(reg::VERSION, 0x0002_0000);
    let r = s.run(Config::default(), |d| d.identify());
    assert_eq!(r, Err(Error::Protocol(ProtocolError::Version(0x0002_0000))));
}

#[test]
fn nop_reset_and_registers() {
    let mut s = Script::new();
    s.ok(cmd::NOP, &[], &[]);
    s.ok(cmd::RESET, &[], &[]);
    s.read_reg(reg::STATUS, 0x0000_0603);
    s.read_reg(reg::IRQ_FLAGS, 0b1001);
    s.write_reg(reg::IRQ_FLAGS, 0b1000);
    s.write_reg(reg::IRQ_ENABLE, 0b0101);
    s.write_reg(reg::HEADER_POOL_MAX, 0xF_FFFF);
    s.write_reg(reg::SAMPLER_POOL_MAX, 7);
    s.write_reg(reg::BINDING_MODE, 1);
    s.write_reg(reg::BINDING_MODE, 0);
    s.run(Config::default(), |d| {
        d.nop().unwrap();
        d.soft_reset().unwrap();
        assert_eq!(d.status().unwrap(), DeviceStatus { ready: true, fault: true, last: 6 });
        assert_eq!(d.irq_flags().unwrap(), 0b1001);
        d.clear_irq(0b1000).unwrap();
        d.set_irq_enable(0b0101).unwrap();
        d.set_header_pool_max(0xF_FFFF).unwrap();
        d.set_sampler_pool_max(7).unwrap();
        d.set_binding(SamplerBinding::ViaHeaderBinding).unwrap();
        d.set_binding(SamplerBinding::Independent).unwrap();
    });
}

#[test]
fn soft_reset_is_the_trait_reset() {
    let mut s = Script::new();
    s.ok(cmd::RESET, &[], &[]);
    s.run(Config::default(), SamplerDevice::reset).unwrap();
}

#[test]
fn write_memory_is_chunked() {
    let data: Vec<u8> = (1..=10).collect();
    let mut s = Script::new();
    let p = |addr: u32, bytes: &[u8]| {
        let mut v = addr.to_le_bytes().to_vec();
        v.extend_from_slice(bytes);
        v
    };
    s.ok(cmd::WRITE_MEM, &p(0x100, &data[0..4]), &[]);
    s.ok(cmd::WRITE_MEM, &p(0x104, &data[4..8]), &[]);
    s.ok(cmd::WRITE_MEM, &p(0x108, &data[8..10]), &[]);
    let config = Config { mem_chunk: 4, ..Config::default() };
    s.run(config, |d| d.write_memory(0x100, &data)).unwrap();
}

#[test]
fn write_memory_full_chunks() {
    let data: Vec<u8> = (0..600u32).map(|i| i as u8).collect();
    let mut s = Script::new();
    for (k, part) in data.chunks(256).enumerate() {
        let mut v = (k as u32 * 256).to_le_bytes().to_vec();
        v.extend_from_slice(part);
        s.ok(cmd::WRITE_MEM, &v, &[]);
    }
    s.run(Config::default(), |d| d.write_memory(0, &data)).unwrap();
}

#[test]
fn read_memory_is_chunked() {
    let mut s = Script::new();
    s.ok(cmd::READ_MEM, &[0x20, 0, 0, 0, 3, 0], &[9, 8, 7]);
    s.ok(cmd::READ_MEM, &[0x23, 0, 0, 0, 2, 0], &[6, 5]);
    let config = Config { mem_chunk: 3, ..Config::default() };
    let mut buf = [0u8; 5];
    s.run(config, |d| d.read_memory(0x20, &mut buf)).unwrap();
    assert_eq!(buf, [9, 8, 7, 6, 5]);
}

#[test]
fn header_sampler_and_const_bank_uploads() {
    let h = TextureHeader::new(TextureType::TwoD, Format::RGBA8_UNORM, 64, 32, 1, 7);
    let smp = SamplerHeader::default();
    let words: Vec<u32> = (100..107).collect();
    let mut s = Script::new();
    let entry = |i: u32, w: [u32; 8]| {
        let mut v = i.to_le_bytes().to_vec();
        v.extend(le32(&w));
        v
    };
    s.ok(cmd::WRITE_HEADER, &entry(3, h.to_words()), &[]);
    s.ok(cmd::WRITE_SAMPLER, &entry(2, smp.to_words()), &[]);
    s.ok(cmd::WRITE_HEADER, &entry(9, [1, 2, 3, 4, 5, 6, 7, 8]), &[]);
    let bank = |start: u16, w: &[u32]| {
        let mut v = start.to_le_bytes().to_vec();
        v.extend(le32(w));
        v
    };
    s.ok(cmd::WRITE_CBANK, &bank(10, &words[0..3]), &[]);
    s.ok(cmd::WRITE_CBANK, &bank(13, &words[3..6]), &[]);
    s.ok(cmd::WRITE_CBANK, &bank(16, &words[6..7]), &[]);
    let config = Config { cbank_chunk: 3, ..Config::default() };
    s.run(config, |d| {
        d.write_texture_header(3, &h).unwrap();
        d.write_sampler_header(2, &smp).unwrap();
        d.write_header(9, &[1, 2, 3, 4, 5, 6, 7, 8]).unwrap();
        d.write_const_bank(10, &words).unwrap();
        // Empty uploads send nothing.
        d.write_const_bank(0, &[]).unwrap();
        d.write_memory(0, &[]).unwrap();
    });
}

#[test]
fn every_op_submit_and_result_bytes() {
    let lod: [u32; 16] = core::array::from_fn(|i| i as u32 + 1);
    let written16: u16 = 0xF00F;
    let dst16: Vec<u32> = (0..64).map(|i| if written16 >> (i % 16) & 1 == 1 { 1000 + i } else { 0 }).collect();
    let mut s = Script::new();
    let with = |head: [u8; 4], words: &[u32]| {
        let mut v = head.to_vec();
        v.extend(le32(words));
        v
    };
    let vec4_done = [0, 0, 0, 0, 1, 0, 4, 0];
    // NV_TXQ, constant bank and bindless.
    s.submit(&with([op::NV_TXQ, 0, 2, 0], &[0x1FFF, 0]), vec4_done);
    s.read_result(0, &[0, 0, 4, 0]);
    s.submit(&with([op::NV_TXQ, 1, 5, 0], &[0x0030_0002, 3]), vec4_done);
    s.read_result(0, &[0x0A00_0600, 0, 0, 0]);
    // TGSI.
    s.submit(&with([op::TGSI_TXQ, 0, 0, 0], &[7, 1]), vec4_done);
    s.read_result(0, &[32, 16, 0, 6]);
    s.submit(&with([op::TGSI_SVIEWINFO, 0, 0, 0], &[7, 9]), vec4_done);
    s.read_result(0, &[0, 0, 0, 6]);
    s.submit(&with([op::TGSI_SAMPLE_INFO, 0, 0, 0], &[4]), vec4_done);
    s.read_result(0, &[4, 0, 0, 0]);
    s.submit(&with([op::TGSI_SAMPLE_POS, 0, 0, 0], &[4, 1]), vec4_done);
    s.read_result(0, &[0x3F60_0000, 0x3EC0_0000, 0, 0]);
    // Intel INFO: SIMD16, mask 0xF00F written; SIMD8 rejected (misaligned M2).
    let mut p = with([op::INTEL_INFO, 0x0A, 0x04, 0], &[5, 0xFFFF_F00F]);
    p.extend(le32(&lod));
    s.submit(&p, [0, 0, 0, 0, 0x0F, 0xF0, 64, 0]);
    s.read_result(0, &dst16);
    let mut p = with([op::INTEL_INFO, 0x0B, 0x13, 0], &[5, 0xFF]);
    p.extend(le32(&lod));
    s.submit(&p, [1, 3, 8, 2, 0, 0, 0, 0]);

    s.run(Config::default(), |d| {
        let r = d.execute(&Op::NvTxq { source: cbank(0x1FFF), query: TxqQuery::TextureType, param: 0 });
        assert_eq!(r.unwrap(), Reply::Vec4([0, 0, 4, 0]));
        let r = d.execute(&Op::NvTxq {
            source: HandleSource::Bindless(0x0030_0002),
            query: TxqQuery::SamplerPos,
            param: 3,
        });
        assert_eq!(r.unwrap().vec4(), Some([0x0A00_0600, 0, 0, 0]));
        assert_eq!(d.execute(&Op::TgsiTxq { view: 7, lod: 1 }).unwrap().vec4(), Some([32, 16, 0, 6]));
        assert_eq!(d.execute(&Op::TgsiSviewinfo { view: 7, mip_level: 9 }).unwrap().vec4(), Some([0, 0, 0, 6]));
        assert_eq!(d.execute(&Op::TgsiSampleInfo { view: 4 }).unwrap().vec4(), Some([4, 0, 0, 0]));
        let r = d.execute(&Op::TgsiSamplePos { view: 4, index: 1 }).unwrap();
        assert_eq!(r.vec4(), Some([0x3F60_0000, 0x3EC0_0000, 0, 0]));
        let r = d.execute(&Op::IntelInfo { op: 0x0A, exec: 0x04, exec_mask: 0xFFFF_F00F, surface: 5, lod }).unwrap();
        let Reply::Lanes(l) = r else { panic!("{r:?}") };
        assert_eq!((l.lanes, l.written), (16, written16));
        assert_eq!(l.dst.to_vec(), dst16);
        assert_eq!(l.lane(0), Some([1000, 1016, 1032, 1048]));
        assert_eq!(l.lane(4), None);
        let mut regs = [7u32; 64];
        l.merge_into(&mut regs);
        assert_eq!((regs[0], regs[4], regs[16 + 15]), (1000, 7, 1031));
        let r = d.execute(&Op::IntelInfo { op: 0x0B, exec: 0x13, exec_mask: 0xFF, surface: 5, lod }).unwrap();
        assert_eq!(r, Reply::Rejected(Rejection::Info(InfoError::MaskAlignment { lanes: 8, mask: 2 })));
    });
}

#[test]
fn simd8_result_is_read_in_one_frame_and_unwritten_lanes_are_zeroed() {
    let mut s = Script::new();
    let mut p = vec![op::INTEL_INFO, 0x0A, 0x03, 0, 1, 0, 0, 0, 0x0F, 0, 0, 0];
    p.extend(le32(&[0; 16]));
    s.submit(&p, [0, 0, 0, 0, 0x0F, 0x00, 32, 0]);
    let device_words: Vec<u32> = (0..32).map(|i| 500 + i).collect(); // garbage in lanes 4..8
    s.read_result(0, &device_words);
    let l = s
        .run(Config::default(), |d| {
            d.execute(&Op::IntelInfo { op: 0x0A, exec: 0x03, exec_mask: 0x0F, surface: 1, lod: [0; 16] })
        })
        .unwrap();
    let Reply::Lanes(LaneReply { lanes: 8, written: 0x0F, dst }) = l else { panic!("{l:?}") };
    for (i, w) in dst.iter().enumerate() {
        let expect = if i < 32 && i % 8 < 4 { 500 + i as u32 } else { 0 };
        assert_eq!(*w, expect, "word {i}");
    }
}

// ---- BUSY polling and timeouts ----

#[test]
fn busy_is_polled_with_the_configured_interval() {
    let config = Config { poll_interval_ns: 2_500, ..Config::default() };
    let mut s = Script::new();
    s.ok(cmd::NOP, &[], &[]);
    // Replace the single low poll by high, high, low.
    s.busy = vec![PinTx::get(State::High), PinTx::get(State::High), PinTx::get(State::Low)];
    s.delay = vec![DelayTx::delay_ns(2_500), DelayTx::delay_ns(2_500)];
    s.run(config, |d| d.nop()).unwrap();
}

#[test]
fn stuck_busy_times_out_without_fetching() {
    let config = Config { poll_interval_ns: 1_000, timeout_ns: 3_000, ..Config::default() };
    let mut s = Script::new();
    s.spi.extend([SpiTx::transaction_start(), SpiTx::write_vec(cmd_frame(cmd::NOP, 0, &[])), SpiTx::transaction_end()]);
    s.busy = vec![PinTx::get(State::High); 4];
    s.delay = vec![DelayTx::delay_ns(1_000); 3];
    let (r, stats) = s.run(config, |d| (d.nop(), d.stats()));
    assert_eq!(r, Err(Error::Timeout));
    assert_eq!(stats.timeouts, 1);
}

#[test]
fn reset_timeout() {
    let config = Config { poll_interval_ns: 1_000, reset_timeout_ns: 2_000, reset_pulse_ns: 500, ..Config::default() };
    let mut s = Script::new();
    s.rst = vec![PinTx::set(State::Low), PinTx::set(State::High)];
    s.delay = vec![DelayTx::delay_ns(500), DelayTx::delay_ns(1_000), DelayTx::delay_ns(1_000)];
    s.busy = vec![PinTx::get(State::High); 3];
    assert_eq!(s.run(config, |d| d.init()), Err(Error::Timeout));
}

// ---- retries ----

#[test]
fn a_bad_response_crc_resends_the_command_with_a_new_sequence_number() {
    let mut s = Script::new();
    let mut bad = resp_frame(0, cmd::READ_REG, 0, &[1, 0, 0, 0]);
    bad[7] ^= 0x10;
    s.raw(cmd_frame(cmd::READ_REG, 0, &[0x1C, 0]), bad, 14);
    s.read_reg(reg::SCRATCH, 0x55);
    let (v, stats) = s.run(Config::default(), |d| (d.read_reg(reg::SCRATCH), d.stats()));
    assert_eq!(v, Ok(0x55));
    assert_eq!((stats.frames, stats.retries, stats.response_crc_errors), (2, 1, 1));
}

#[test]
fn device_reported_link_errors_are_resent() {
    let mut s = Script::new();
    s.exchange(cmd::NOP, &[], status::ERR_CRC, &[], 0);
    s.exchange(cmd::NOP, &[], status::ERR_FRAME, &[], 0);
    s.exchange(cmd::NOP, &[], status::ERR_NO_RESPONSE, &[], 0);
    s.ok(cmd::NOP, &[], &[]);
    let stats = s.run(Config::default(), |d| {
        d.nop().unwrap();
        d.stats()
    });
    assert_eq!((stats.retries, stats.device_link_errors), (3, 3));
}

#[test]
fn link_error_responses_need_no_valid_echo() {
    // A CRC-damaged command may carry a damaged seq/code: the ERR_CRC answer echoes them.
    let mut s = Script::new();
    s.raw(cmd_frame(cmd::NOP, 0, &[]), resp_frame(0x77, 0x66, status::ERR_CRC, &[]), 10);
    s.ok(cmd::NOP, &[], &[]);
    s.run(Config::default(), |d| d.nop()).unwrap();
}

#[test]
fn a_stale_sequence_number_is_resent() {
    let mut s = Script::new();
    s.raw(cmd_frame(cmd::NOP, 0, &[]), resp_frame(0xFF, cmd::NOP, 0, &[]), 10);
    s.ok(cmd::NOP, &[], &[]);
    let stats = s.run(Config::default(), |d| {
        d.nop().unwrap();
        d.stats()
    });
    assert_eq!(stats.stale, 1);
}

#[test]
fn retries_are_bounded() {
    for (retries, st, want) in [
        (3u8, status::ERR_CRC, Error::Crc(Link::Command)),
        (0, status::ERR_CRC, Error::Crc(Link::Command)),
        (2, status::ERR_FRAME, Error::Protocol(ProtocolError::Frame)),
        (1, status::ERR_NO_RESPONSE, Error::Protocol(ProtocolError::NoResponse)),
    ] {
        let mut s = Script::new();
        for _ in 0..=retries {
            s.exchange(cmd::NOP, &[], st, &[], 0);
        }
        let config = Config { retries, ..Config::default() };
        let (r, stats) = s.run(config, |d| (d.nop(), d.stats()));
        assert_eq!(r, Err(want));
        assert_eq!(stats.frames, u32::from(retries) + 1);
    }
    // Response CRC, every time.
    let mut s = Script::new();
    for seq in 0..4u8 {
        let mut bad = resp_frame(seq, cmd::NOP, 0, &[]);
        bad[9] ^= 1;
        s.raw(cmd_frame(cmd::NOP, seq, &[]), bad, 10);
    }
    assert_eq!(s.run(Config::default(), |d| d.nop()), Err(Error::Crc(Link::Response)));
    // A stale frame, every time.
    let mut s = Script::new();
    for seq in 0..4u8 {
        s.raw(cmd_frame(cmd::NOP, seq, &[]), resp_frame(seq.wrapping_sub(1), cmd::NOP, 0, &[]), 10);
    }
    assert_eq!(s.run(Config::default(), |d| d.nop()), Err(Error::Protocol(ProtocolError::Seq)));
}

// ---- faults and protocol errors: never retried ----

#[test]
fn device_faults_are_reported_at_once() {
    for st in [status::ERR_BAD_CMD, status::ERR_BAD_ADDR, status::ERR_ACCESS, status::ERR_INTERNAL, 0xEE] {
        let mut s = Script::new();
        s.exchange(cmd::READ_REG, &[0x40, 0], st, &[], 4);
        assert_eq!(s.run(Config::default(), |d| d.read_reg(0x40)), Err(Error::DeviceFault(st)));
    }
}

#[test]
fn unsupported_ops() {
    // Reported by the device.
    let mut s = Script::new();
    s.exchange(cmd::SUBMIT, &[op::TGSI_SAMPLE_INFO, 0, 0, 0, 1, 0, 0, 0], status::ERR_UNSUPPORTED, &[], 8);
    let r = s.run(Config::default(), |d| d.execute(&Op::TgsiSampleInfo { view: 1 }));
    assert_eq!(r, Err(Error::Unsupported(op::TGSI_SAMPLE_INFO)));
    // Known from CAPS after init: no traffic.
    let config = Config::default();
    let mut s = Script::new();
    s.init(&config, Limits { caps: 0x3F & !(1 << 5), ..LIMITS });
    let r = s.run(config, |d| {
        d.init().unwrap();
        d.execute(&Op::IntelInfo { op: 0x0A, exec: 0x03, exec_mask: 0, surface: 0, lod: [0; 16] })
    });
    assert_eq!(r, Err(Error::Unsupported(op::INTEL_INFO)));
}

#[test]
fn checked_frames_that_break_the_protocol() {
    let nop = || cmd_frame(cmd::NOP, 0, &[]);
    // Wrong sync byte (CRC recomputed over it).
    let mut f = vec![0x5A, 0, cmd::NOP, 0, 0, 0];
    let crc = common::crc32c(&f);
    f.extend_from_slice(&crc.to_le_bytes());
    let cases: Vec<(Vec<u8>, usize, Error<ErrorKind>)> = vec![
        (f, 10, Error::Protocol(ProtocolError::Sync)),
        (resp_frame(0, cmd::RESET, 0, &[]), 10, Error::Protocol(ProtocolError::Opcode)),
        (resp_frame(0, cmd::READ_REG, 0, &[]), 14, Error::Protocol(ProtocolError::Length)),
    ];
    for (i, (resp, read, want)) in cases.into_iter().enumerate() {
        let mut s = Script::new();
        let command = if i == 2 { cmd_frame(cmd::READ_REG, 0, &[0, 0]) } else { nop() };
        s.raw(command, resp, read);
        let r = s.run(Config::default(), |d| if i == 2 { d.read_reg(0).map(|_| ()) } else { d.nop() });
        assert_eq!(r, Err(want), "case {i}");
    }
}

#[test]
fn inconsistent_completion_records_are_protocol_errors() {
    let payload = {
        let mut v = vec![op::TGSI_TXQ, 0, 0, 0];
        v.extend(le32(&[1, 0]));
        v
    };
    for rec in [
        [0, 0, 0, 0, 1, 0, 3, 0],  // 3 words for a 4-vector op
        [0, 0, 0, 0, 2, 0, 4, 0],  // written lanes for a 4-vector op
        [0, 1, 0, 0, 1, 0, 4, 0],  // reject kind on a done op
        [1, 9, 0, 0, 0, 0, 0, 0],  // unknown reject kind
        [1, 1, 3, 0, 0, 0, 4, 0],  // rejected with result words
        [2, 0, 0, 0, 1, 0, 4, 0],  // unknown outcome
        [0, 0, 0, 0, 1, 0, 4, 1],  // reserved byte
        [0, 0, 0, 0, 1, 0, 99, 0], // more words than the result buffer
    ] {
        let mut s = Script::new();
        s.submit(&payload, rec);
        if rec == [0, 0, 0, 0, 1, 0, 3, 0] || rec == [0, 0, 0, 0, 2, 0, 4, 0] || rec == [0, 1, 0, 0, 1, 0, 4, 0] {
            s.read_result(0, &vec![0; usize::from(rec[6])]);
        }
        let r = s.run(Config::default(), |d| d.execute(&Op::TgsiTxq { view: 1, lod: 0 }));
        assert_eq!(r, Err(Error::Protocol(ProtocolError::Payload)), "{rec:?}");
    }
}

// ---- local checks: nothing is sent ----

#[test]
fn out_of_range_is_refused_locally() {
    let config = Config::default();
    let mut s = Script::new();
    s.init(&config, LIMITS);
    s.run(config, |d| {
        d.init().unwrap();
        assert_eq!(d.write_memory(4090, &[0; 7]), Err(Error::OutOfRange));
        assert_eq!(d.write_memory(u32::MAX, &[0; 2]), Err(Error::OutOfRange));
        assert_eq!(d.read_memory(4095, &mut [0; 2]), Err(Error::OutOfRange));
        assert_eq!(d.write_header(16, &[0; 8]), Err(Error::OutOfRange));
        assert_eq!(d.write_sampler(8, &[0; 8]), Err(Error::OutOfRange));
        assert_eq!(d.write_const_bank(60, &[0; 5]), Err(Error::OutOfRange));
        assert_eq!(d.set_header_pool_max(0x10_0000), Err(Error::OutOfRange));
        assert_eq!(d.set_sampler_pool_max(u32::MAX), Err(Error::OutOfRange));
        assert_eq!(d.write_reg(reg::BINDING_MODE, 2), Err(Error::OutOfRange));
        assert_eq!(d.write_reg(reg::IRQ_ENABLE, 0x10), Err(Error::OutOfRange));
        assert_eq!(d.read_result(200, &mut [0; 64]), Err(Error::OutOfRange));
    });
}

// ---- bus and pin errors ----

struct FailingSpi;

impl ErrorType for FailingSpi {
    type Error = ErrorKind;
}

impl SpiDevice for FailingSpi {
    fn transaction(&mut self, _: &mut [Operation<'_, u8>]) -> Result<(), ErrorKind> {
        Err(ErrorKind::ModeFault)
    }
}

#[test]
fn bus_errors_are_returned_unretried() {
    let busy = PinMock::new(&[]);
    let rst = PinMock::new(&[]);
    let delay = CheckedDelay::new(&[]);
    let (mut b, mut r, mut dl) = (busy.clone(), rst.clone(), delay.clone());
    let mut d = FpgaSampler::new(FailingSpi, busy, rst, delay, Config::default());
    assert_eq!(d.nop(), Err(Error::Bus(ErrorKind::ModeFault)));
    assert_eq!(d.stats().frames, 1);
    drop(d);
    b.done();
    r.done();
    dl.done();
}

#[test]
fn pin_errors_are_typed() {
    use embedded_hal_mock::eh1::MockError;
    let mut s = Script::new();
    s.spi.extend([SpiTx::transaction_start(), SpiTx::write_vec(cmd_frame(cmd::NOP, 0, &[])), SpiTx::transaction_end()]);
    s.busy = vec![PinTx::get(State::Low).with_error(MockError::Io(std::io::ErrorKind::Other))];
    assert_eq!(s.run(Config::default(), |d| d.nop()), Err(Error::Pin(embedded_hal::digital::ErrorKind::Other)));

    let mut s = Script::new();
    s.rst = vec![PinTx::set(State::Low).with_error(MockError::Io(std::io::ErrorKind::Other))];
    assert_eq!(s.run(Config::default(), |d| d.hard_reset()), Err(Error::Pin(embedded_hal::digital::ErrorKind::Other)));
}

#[test]
fn errors_display() {
    let e: Error<ErrorKind> = Error::DeviceFault(status::ERR_BAD_ADDR);
    assert!(e.to_string().contains("ERR_BAD_ADDR"), "{e}");
    let e: Error<ErrorKind> = Error::Crc(Link::Response);
    assert!(e.to_string().contains("response"), "{e}");
}

// ---- the sampling, fetch, resource and gather ops ----

fn fb(v: f32) -> u32 {
    v.to_bits()
}

/// A quad's words in payload order (lane-major).
fn quad_words(q: &[[u32; 4]; 4]) -> Vec<u32> {
    q.iter().flatten().copied().collect()
}

#[test]
fn literal_sample_i_frames() {
    // SUBMIT TGSI_SAMPLE_I view 6, address (1, 2, 0, 1), seq 0; then READ_RESULT.
    let mut s = Script::new();
    s.raw(
        vec![
            0x40, 0x00, 0x18, 0x00, 0x15, 0x00, 0x00, 0x00, 0x06, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x02, 0x00,
            0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0xDD, 0x87, 0xCF, 0x7A,
        ],
        vec![
            0xA5, 0x00, 0x40, 0x00, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x04, 0x00, 0x98, 0xD4, 0xE1, 0xF8,
        ],
        18,
    );
    s.read_result(0, &[0x3F80_0000, 0, 0, 0x3F80_0000]);
    let r = s.run(Config::default(), |d| d.execute(&Op::TgsiSampleI { view: 6, address: [1, 2, 0, 1] })).unwrap();
    assert_eq!(r, Reply::Vec4([0x3F80_0000, 0, 0, 0x3F80_0000]));
}

#[test]
fn new_ops_submit_and_result_bytes() {
    use texcore::fp::F16Rounding;
    use texcore::op::fetch::FetchError;
    use texcore::op::gather::{GatherError, Tld4sMods, Tld4sOperands};
    use texcore::op::resource::AtomicOp;
    use texcore::op::sample::{SampleError, TexOp};
    use texcore::op::tmml::CoordDesc;
    use texcore_hal::{Grads, Tld4sReply};

    let with = |head: [u8; 4], words: &[u32]| {
        let mut v = head.to_vec();
        v.extend(le32(words));
        v
    };
    let vec4_done = [0, 0, 0, 0, 1, 0, 4, 0];
    let quad_done = [0, 0, 0, 0, 0x0F, 0, 16, 0];
    let q: [[u32; 4]; 4] = core::array::from_fn(|l| core::array::from_fn(|c| fb(0.125 * (l * 4 + c) as f32)));
    let q2: [[u32; 4]; 4] = core::array::from_fn(|l| core::array::from_fn(|c| 0x100 * l as u32 + c as u32));
    let result16: Vec<u32> = (0..16).map(|i| 0xA000 + i).collect();
    let result_quad: [[u32; 4]; 4] = core::array::from_fn(|l| core::array::from_fn(|c| 0xA000 + (l * 4 + c) as u32));
    let g = Grads {
        ddx: core::array::from_fn(|l| core::array::from_fn(|c| 0x10 * l as u32 + c as u32)),
        ddy: core::array::from_fn(|l| core::array::from_fn(|c| 0x20 * l as u32 + c as u32 + 0x8000)),
    };
    let gw: Vec<u32> = g.ddx.iter().chain(g.ddy.iter()).flatten().copied().collect();

    let mut s = Script::new();
    // TXF: signed coordinates and offsets in two's complement.
    s.submit(&with([op::TGSI_TXF, 0, 0, 0], &[3, 5, -2i32 as u32, 1, 2, -8i32 as u32, 7, 0]), vec4_done);
    s.read_result(0, &[1, 2, 3, 4]);
    // SAMPLE_I_MS.
    s.submit(&with([op::TGSI_SAMPLE_I_MS, 0, 0, 0], &[6, 1, 3, 0, 0, 2]), vec4_done);
    s.read_result(0, &[5, 6, 7, 8]);
    // LOAD.
    s.submit(&with([op::TGSI_LOAD, 0, 0, 0], &[4, 1, 2, 0, 9]), vec4_done);
    s.read_result(0, &[9, 10, 11, 12]);
    // STORE: written, then not written (no READ_RESULT: no words).
    s.submit(
        &with([op::TGSI_STORE, 0, 0, 0], &[0, 5, 6, 0, 0, fb(0.25), fb(0.5), fb(0.75), fb(1.0)]),
        [0, 0, 0, 0, 1, 0, 0, 0],
    );
    s.submit(&with([op::TGSI_STORE, 0, 0, 0], &[0, 99, 0, 0, 0, 0, 0, 0, 0]), [0, 0, 0, 0, 0, 0, 0, 0]);
    // Atomics: replay tags 1 and 2 in byte 1.
    s.submit(&with([op::TGSI_ATOMUADD, 1, 0, 0], &[4, 2, 1, 0, 0, 1, 2, 3, 4, 0, 0, 0, 0]), vec4_done);
    s.read_result(0, &[7, 0, 5, 1]);
    s.submit(&with([op::TGSI_ATOMCAS, 2, 0, 0], &[7, 9, 0, 0, 0, 5, 0, 0, 0, 3, 0, 0, 0]), vec4_done);
    s.read_result(0, &[3, 0, 0, 1]);
    // TXD, shadow, src1 and derivatives present: flags 0b111.
    let mut w = vec![1, 3];
    w.extend(quad_words(&q));
    w.extend([fb(0.5), fb(0.25), fb(0.75), fb(1.0)]);
    w.extend(&gw);
    s.submit(&with([op::TGSI_TXD, 0b111, 0, 0], &w), quad_done);
    s.read_result(0, &result16);
    // TEX, no flags: src1.x sent as zeros; 92 bytes.
    let mut w = vec![0, 0];
    w.extend(quad_words(&q2));
    w.extend([0; 4]);
    s.submit(&with([op::TGSI_TEX, 0, 0, 0], &w), quad_done);
    s.read_result(0, &result16);
    // SAMPLE_C: offsets, address, reference.
    let mut w = vec![1, 3, -1i32 as u32, 2, 0];
    w.extend(quad_words(&q));
    w.extend([fb(0.5); 4]);
    s.submit(&with([op::TGSI_SAMPLE_C, 0, 0, 0], &w), quad_done);
    s.read_result(0, &result16);
    // SAMPLE_D.
    let mut w = vec![5, 1, 0, 0, 0];
    w.extend(quad_words(&q2));
    w.extend(&gw);
    s.submit(&with([op::TGSI_SAMPLE_D, 0, 0, 0], &w), quad_done);
    s.read_result(0, &result16);
    // SAMPLE with an offset out of range: rejected, kind SAMPLE_OFFSET_RANGE, detail0 = 1.
    let mut w = vec![0, 0, 0, 8, 0];
    w.extend(quad_words(&q2));
    s.submit(&with([op::TGSI_SAMPLE, 0, 0, 0], &w), [1, 0x21, 1, 0, 0, 0, 0, 0]);
    // GATHER4 component 3, compare form (flags bit 0), offset (-2, 31).
    let mut w = vec![2, 1, -2i32 as u32, 31];
    w.extend(quad_words(&q));
    w.extend([fb(0.1), fb(0.2), fb(0.3), fb(0.4)]);
    s.submit(&with([op::TGSI_GATHER4, 3, 1, 0], &w), quad_done);
    s.read_result(0, &result16);
    // GATHER4 component 7: rejected by the core (GATHER_COMPONENT).
    let mut w = vec![2, 1, 0, 0];
    w.extend(quad_words(&q));
    w.extend([0; 4]);
    s.submit(&with([op::TGSI_GATHER4, 7, 0, 0], &w), [1, 0x2D, 0, 0, 0, 0, 0, 0]);
    // TLD4S bindless, component B, mods .AOFFI .DC .F16 RTZ = 0b1111; count 1: the second
    // words the device sends are not part of the result.
    s.submit(
        &with([op::NV_TLD4S, 1, 2, 0b1111], &[0x0010_0001, fb(0.5), fb(0.25), 0x0001_3F01, fb(0.6)]),
        [0, 0, 0, 0, 1, 0, 4, 0],
    );
    s.read_result(0, &[0x3C00_1234, 0xDEAD, 0x0000_5678, 0xBEEF]);
    // TMML, constant bank 12, ARRAY_CUBE (7).
    let mut w = vec![12];
    w.extend(quad_words(&q2));
    s.submit(&with([op::NV_TMML, 0, 7, 0], &w), quad_done);
    s.read_result(0, &result16);
    // TXF on a cube: rejected (FETCH_CUBE).
    s.submit(&with([op::TGSI_TXF, 0, 0, 0], &[2, 0, 0, 0, 0, 0, 0, 0]), [1, 0x10, 0, 0, 0, 0, 0, 0]);

    s.run(Config::default(), |d| {
        let r = d.execute(&Op::TgsiTxf { view: 3, coord: [5, -2, 1, 2], offset: [-8, 7, 0] }).unwrap();
        assert_eq!(r, Reply::Vec4([1, 2, 3, 4]));
        let r = d.execute(&Op::TgsiSampleIMs { view: 6, address: [1, 3, 0, 0], sample: 2 }).unwrap();
        assert_eq!(r.vec4(), Some([5, 6, 7, 8]));
        let r = d.execute(&Op::TgsiLoad { resource: 4, address: [1, 2, 0, 9] }).unwrap();
        assert_eq!(r.vec4(), Some([9, 10, 11, 12]));
        let st = Op::TgsiStore { resource: 0, address: [5, 6, 0, 0], src: [fb(0.25), fb(0.5), fb(0.75), fb(1.0)] };
        assert_eq!(d.execute(&st).unwrap(), Reply::Stored(true));
        let st = Op::TgsiStore { resource: 0, address: [99, 0, 0, 0], src: [0; 4] };
        assert_eq!(d.execute(&st).unwrap(), Reply::Stored(false));
        let a =
            Op::TgsiAtomic { op: AtomicOp::UAdd, resource: 4, address: [2, 1, 0, 0], src: [1, 2, 3, 4], cmp: [0; 4] };
        assert_eq!(d.execute(&a).unwrap(), Reply::Vec4([7, 0, 5, 1]));
        let a = Op::TgsiAtomic {
            op: AtomicOp::Cas,
            resource: 7,
            address: [9, 0, 0, 0],
            src: [5, 0, 0, 0],
            cmp: [3, 0, 0, 0],
        };
        assert_eq!(d.execute(&a).unwrap(), Reply::Vec4([3, 0, 0, 1]));
        let txd = Op::TgsiTex {
            op: TexOp::Txd,
            shadow: true,
            view: 1,
            sampler: 3,
            src0: q,
            src1: Some([fb(0.5), fb(0.25), fb(0.75), fb(1.0)]),
            grads: Some(g),
        };
        assert_eq!(d.execute(&txd).unwrap(), Reply::Quad(result_quad));
        let tex =
            Op::TgsiTex { op: TexOp::Tex, shadow: false, view: 0, sampler: 0, src0: q2, src1: None, grads: Some(g) };
        assert_eq!(d.execute(&tex).unwrap().quad(), Some(result_quad), "TEX does not send derivatives");
        let c = Op::TgsiSampleC { view: 1, sampler: 3, address: q, offset: [-1, 2, 0], reference: [fb(0.5); 4] };
        assert_eq!(d.execute(&c).unwrap(), Reply::Quad(result_quad));
        let sd = Op::TgsiSampleD { view: 5, sampler: 1, address: q2, offset: [0; 3], grads: g };
        assert_eq!(d.execute(&sd).unwrap(), Reply::Quad(result_quad));
        let bad = Op::TgsiSample { view: 0, sampler: 0, address: q2, offset: [0, 8, 0] };
        assert_eq!(d.execute(&bad).unwrap(), Reply::Rejected(Rejection::Sample(SampleError::OffsetRange(1))));
        let g4 = Op::TgsiGather4 {
            view: 2,
            sampler: 1,
            address: q,
            component: 3,
            offset: [-2, 31],
            reference: Some([fb(0.1), fb(0.2), fb(0.3), fb(0.4)]),
        };
        assert_eq!(d.execute(&g4).unwrap(), Reply::Quad(result_quad));
        let g4 = Op::TgsiGather4 { view: 2, sampler: 1, address: q, component: 7, offset: [0, 0], reference: None };
        assert_eq!(d.execute(&g4).unwrap(), Reply::Rejected(Rejection::Gather(GatherError::Component)));
        let t = Op::NvTld4s {
            source: HandleSource::Bindless(0x0010_0001),
            mods: Tld4sMods { comp: 2, aoffi: true, dc: true, f16: Some(F16Rounding::TowardZero) },
            operands: Tld4sOperands { s: fb(0.5), t: fb(0.25), toff: 0x0001_3F01, dc: fb(0.6) },
        };
        let r = d.execute(&t).unwrap();
        assert_eq!(r, Reply::Tld4s(Tld4sReply { words: [0x3C00_1234, 0, 0x5678, 0], count: 1 }));
        let m = Op::NvTmml { source: cbank(12), desc: CoordDesc::ArrayCube, ra: q2 };
        assert_eq!(d.execute(&m).unwrap(), Reply::Quad(result_quad));
        let r = d.execute(&Op::TgsiTxf { view: 2, coord: [0; 4], offset: [0; 3] }).unwrap();
        assert_eq!(r, Reply::Rejected(Rejection::Fetch(FetchError::Cube)));
    });
}

#[test]
fn atomics_carry_a_replay_tag_and_a_retry_resends_it() {
    use texcore::op::resource::AtomicOp;
    let payload = |code: u8, tag: u8| {
        let mut v = vec![code, tag, 0, 0];
        v.extend(le32(&[4, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0]));
        v
    };
    let vec4_done = [0, 0, 0, 0, 1, 0, 4, 0];
    let mut s = Script::new();
    // Tag 1: the response is damaged, the command is resent with a new sequence number and
    // the same tag (the device answers it from its replay record).
    let mut bad = resp_frame(0, cmd::SUBMIT, 0, &vec4_done);
    bad[8] ^= 0x40;
    s.raw(cmd_frame(cmd::SUBMIT, 0, &payload(op::TGSI_ATOMUADD, 1)), bad, 18);
    s.submit(&payload(op::TGSI_ATOMUADD, 1), vec4_done);
    s.read_result(0, &[5, 0, 0, 1]);
    // Tag 2 for the next atomic; a non-atomic op has no tag.
    s.submit(&payload(op::TGSI_ATOMXCHG, 2), vec4_done);
    s.read_result(0, &[6, 0, 0, 1]);
    s.submit(&[op::TGSI_SAMPLE_INFO, 0, 0, 0, 1, 0, 0, 0], vec4_done);
    s.read_result(0, &[1, 0, 0, 0]);
    // The tag counts 3 … 255, then 1 again (never 0). Rejected ops read no result.
    for tag in (3..=255).chain([1, 2]) {
        s.submit(&payload(op::TGSI_ATOMOR, tag), [1, 0x1A, 0, 0, 0, 0, 0, 0]);
    }
    let stats = s.run(Config::default(), |d| {
        let a = |op| Op::TgsiAtomic { op, resource: 4, address: [0; 4], src: [1, 0, 0, 0], cmp: [0; 4] };
        assert_eq!(d.execute(&a(AtomicOp::UAdd)).unwrap(), Reply::Vec4([5, 0, 0, 1]));
        assert_eq!(d.execute(&a(AtomicOp::Xchg)).unwrap(), Reply::Vec4([6, 0, 0, 1]));
        assert_eq!(d.execute(&Op::TgsiSampleInfo { view: 1 }).unwrap(), Reply::Vec4([1, 0, 0, 0]));
        for _ in 0..255 {
            let r = d.execute(&a(AtomicOp::Or)).unwrap();
            assert_eq!(r, Reply::Rejected(Rejection::Resource(texcore::op::resource::ResourceError::AtomicFormat)));
        }
        d.stats()
    });
    assert_eq!(stats.retries, 1);
}

#[test]
fn caps1_is_read_from_protocol_1_1_and_its_ops_are_refused_locally() {
    use texcore::op::resource::AtomicOp;
    // A protocol 1.0 device has no CAPS1: not read, its bits are 0.
    let config = Config::default();
    let mut s = Script::new();
    s.read_reg(reg::ID, 0x3143_5854);
    s.read_reg(reg::VERSION, 0x0001_0000);
    s.read_reg(reg::CAPS, 0x3F);
    s.read_reg(reg::MEM_BYTES, 4096);
    s.read_reg(reg::HEADER_ENTRIES, 16);
    s.read_reg(reg::SAMPLER_ENTRIES, 8);
    s.read_reg(reg::CBANK_WORDS, 64);
    let l = s.run(config, |d| d.identify()).unwrap();
    assert_eq!(l, LIMITS);

    // A 1.1 device without ATOMIMAX (a CAPS1 bit): refused without traffic.
    let imax = texcore_hal::protocol::op_def(op::TGSI_ATOMIMAX).unwrap().cap_bit;
    let caps = texcore_hal::protocol::all_caps() & !(1u64 << imax);
    let mut s = Script::new();
    s.init(&config, Limits { caps, ..LIMITS });
    s.run(config, |d| {
        let l = d.init().unwrap();
        assert_eq!(l.caps, caps);
        let o = Op::TgsiAtomic { op: AtomicOp::IMax, resource: 0, address: [0; 4], src: [0; 4], cmp: [0; 4] };
        assert_eq!(d.execute(&o), Err(Error::Unsupported(op::TGSI_ATOMIMAX)));
    });
}
