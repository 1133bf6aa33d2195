//! The embedded self-check vector set: a scene and a list of ops with their expected
//! replies, generated from the model itself ([`generate`] runs every op on a
//! [`SoftSampler`]) and replayed on any [`SamplerDevice`] by [`run`] — the core on the
//! target, or the FPGA through the driver.
//!
//! `no_std` and heap-free: [`run`] needs about 1.5 KiB of stack besides the device's own
//! (an [`Op`], a [`Reply`] and two 66-word buffers); the blob is read in place (from flash).
//!
//! # Blob format, version 1
//!
//! Little-endian throughout. A 48-byte header, the scene, then the records:
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 4 | magic `"TXSC"` |
//! | 4 | 2 | format version (1) |
//! | 6 | 2 | header length (48; a reader skips to this offset) |
//! | 8 | 8 | seed the set was generated with |
//! | 16 | 4 | `memory_bytes`: texture memory the scene needs |
//! | 20 | 2 | `H`: texture-header pool entries |
//! | 22 | 2 | `S`: sampler-header pool entries |
//! | 24 | 2 | `C`: constant-bank words |
//! | 26 | 1 | binding mode (0 independent, 1 via header binding) |
//! | 27 | 1 | reserved, 0 |
//! | 28 | 4 | texture-header pool `MaximumIndex` |
//! | 32 | 4 | sampler-header pool `MaximumIndex` |
//! | 36 | 2 | `R`: texture-memory ranges |
//! | 38 | 2 | records per op kind (informational) |
//! | 40 | 4 | `N`: records |
//! | 44 | 4 | CRC-32C (as the SPI frames) of bytes 0 … 43 followed by the scene (every byte from 48 to the first record) |
//!
//! The scene, in this order:
//!
//! * `H` × 32 bytes: texture-header pool entries 0 … H−1 (eight words each);
//! * `S` × 32 bytes: sampler-header pool entries;
//! * `C` × 4 bytes: constant-bank words 0 … C−1;
//! * `R` ranges: `addr:u32 len:u32 bytes:u8[len]`, zero-padded to a multiple of 4.
//!
//! `N` records, each `op_len:u8 words:u8 rsvd:u16 op:u8[op_len] expected:u32[words]`:
//! `op` is the op's `SUBMIT` payload ([`Op::encode`], [`crate::protocol::OPS`]) and
//! `expected` the reply as [`Reply::to_words`] writes it — the 8-byte completion record as
//! two words, then the result words (2 … 66 words). Records run in order on one device
//! (`STORE` and the atomics change texture memory for the records after them).
//!
//! The records are not covered by the CRC: a corrupted expected value is reported as a
//! failed record (that is how a deliberately failing self-check is made:
//! [`flip_expected_bit`] on a copy of the blob), a corrupted op as a failed record or a
//! malformed blob.
//!
//! # Running a set
//!
//! [`run`] resets the device, checks its [`Limits`] (capacities at least the scene's,
//! memory at least `memory_bytes`), uploads the scene through the [`SamplerDevice`] trait,
//! executes every record and compares the reply words. A device may have larger pools,
//! bank and memory: the scene only uses constant-bank words it writes, its sampler
//! `MaximumIndex` is its last entry and its header `MaximumIndex` one past its last entry
//! (an empty entry is an invalid header either way), so the replies do not depend on the
//! capacities. Ops the device does not implement (its `CAPS`, or its sampling subset:
//! [`crate::subset`]) are skipped.
//!
//! # The default set
//!
//! `firmware/generated/selfcheck.bin` is `generate(…, DEFAULT_SEED, DEFAULT_PER_OP)`; the
//! test `hal/tests/selfcheck.rs` fails if it differs. Regenerate it with
//!
//! ```text
//! TEXCORE_BLESS=1 cargo test -p texcore-hal --test selfcheck
//! ```
//!
//! # The scene
//!
//! | header ptr | texture |
//! |---|---|
//! | 0 | RGBA8_UNORM 2D 16×16, 5 levels |
//! | 1 | Z16_UNORM 2D 16×16, 5 levels (depth) |
//! | 2 | RGBA8_UNORM cube 8×8, 4 levels |
//! | 3 | RG8_UNORM 2D array 8×8 × 4 layers, 4 levels, 4×4 tiled |
//! | 4 | RGBA32_UINT 2D 4×4 (atomics) |
//! | 5 | R8_UNORM 3D 8×8×4, 4 levels |
//! | 6 | RGBA8_UNORM 2D 4×4, 4 samples |
//! | 7 | R32_UINT buffer, 64 elements (atomics) |
//! | 8 | RGBA16_FLOAT 2D 8×8, 4 levels, swizzle (B, G, R, 1) |
//! | 9 | RGBA8_UNORM cube array 4×4 × 2 cubes, 3 levels |
//! | 10 | sRGB view of 0 from level 1 (4 levels) |
//! | 11 | RGBA8_UNORM 1D array 16 × 3 layers, 5 levels |
//! | 12 | invalid words (reserved bits set) |
//! | 13 | R16_UNORM 2D 8×8, 4 levels, row pitch 32 |
//! | 14 | — (within `MaximumIndex`, no entry: invalid) |
//!
//! Samplers: 0 nearest/repeat; 1 trilinear, clamp to edge, seamless cube; 2 bilinear with
//! nearest mip, mirrored / border / mirror-clamp wrap, 4× anisotropy, bias +0.5, max LOD 3,
//! a border colour; 3 depth compare `LEQUAL`, trilinear; 4 depth compare `GREATER`, nearest
//! with nearest mip, min LOD 0.5, bias −1; 5 invalid words. The constant bank holds 20
//! handles over them, a few invalid (bad sampler, bad header, pointers above the
//! `MaximumIndex`). Texel data is seeded pseudo-random.

use crc::Crc;
use texcore::descriptor::{Format, Layout, MsMode, Swizzle, SwizzleSource, TextureHeader, TextureType};
use texcore::fp::{fixed_to_f32_bits, F16Rounding};
use texcore::handle::{Handle, HandleSource, SamplerBinding, TsPtrIdx};
use texcore::memory::texture_bytes;
use texcore::op::gather::{aoffi_encode, Tld4sMods, Tld4sOperands};
use texcore::op::resource::AtomicOp;
use texcore::op::sample::{Quad, TexOp};
use texcore::op::tmml::CoordDesc;
use texcore::query::nv::TxqQuery;

use crate::device::{Limits, SamplerDevice};
use crate::op::{Grads, Op, Reply, MAX_OP_LEN, REPLY_WORDS_MAX};
use crate::protocol::{self, op as code, read_u16, read_u32};
use crate::soft::SoftSampler;

/// `"TXSC"`.
pub const MAGIC: [u8; 4] = *b"TXSC";
/// The format version [`generate`] writes and [`run`] reads.
pub const FORMAT_VERSION: u16 = 1;
/// Header bytes.
pub const HEADER_LEN: usize = 48;
/// Bytes before a record's op payload.
pub const RECORD_HEADER_LEN: usize = 4;
/// Seed of the committed set.
pub const DEFAULT_SEED: u64 = 0x7E5C_0DE5_E1FC_4EC1;
/// Records per op kind of the committed set.
pub const DEFAULT_PER_OP: usize = 7;
/// Where the committed set lives, relative to the workspace root.
pub const BLOB_PATH: &str = "firmware/generated/selfcheck.bin";

/// Texture-header pool entries of the scene.
pub const SCENE_HEADERS: usize = 14;
/// Sampler-header pool entries of the scene.
pub const SCENE_SAMPLERS: usize = 6;
/// Constant-bank words of the scene.
pub const SCENE_CBANK: usize = 20;
/// Largest texture memory a scene may use (the scene uses less: [`Scene::memory`]).
pub const SCENE_MEMORY_CAP: usize = 12 * 1024;

const CRC: Crc<u32> = Crc::<u32>::new(protocol::CRC_ALGORITHM);

// ---------------------------------------------------------------------------------------
// Errors and results
// ---------------------------------------------------------------------------------------

/// A blob that cannot be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum FormatError {
    /// Not a vector set (magic).
    Magic,
    /// A format version this reader does not know.
    Version(u16),
    /// The blob ends inside a section or record (or has bytes after the last record).
    Length,
    /// The header and scene do not match their CRC.
    Crc {
        /// The CRC in the header.
        stored: u32,
        /// The CRC of the bytes.
        computed: u32,
    },
    /// A header field is out of range (binding mode, reserved byte, counts).
    Header,
    /// Record `record` is malformed: its op payload does not decode (`status`, the code the
    /// device would answer) or its lengths are wrong (`status` 0).
    Record {
        /// Record index.
        record: u32,
        /// `ERR_*` status of [`Op::decode`], or 0 for a length error.
        status: u8,
    },
}

/// Why [`run`] stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum SelfcheckError<E> {
    /// The blob is malformed (nothing was executed).
    Format(FormatError),
    /// The device is smaller than the scene.
    Capacity {
        /// What the scene needs (`caps` 0).
        need: Limits,
        /// What the device has.
        have: Limits,
    },
    /// The device failed: during the upload (`record` `None`) or executing a record.
    Device {
        /// The record, if the failure was executing one.
        record: Option<u32>,
        /// The device's error.
        error: E,
    },
}

/// The outcome of a run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Summary {
    /// Records whose reply matched.
    pub passed: u32,
    /// Records whose reply differed (each reported).
    pub failed: u32,
    /// Records not run: the device does not implement the op.
    pub skipped: u32,
}

impl Summary {
    /// Every record ran and matched.
    pub const fn all_passed(&self) -> bool {
        self.failed == 0 && self.skipped == 0
    }
}

/// Why [`generate`] failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum GenerateError {
    /// `out` is too small.
    BufferTooSmall,
    /// More records than the format holds (`per_op` too large).
    TooManyRecords,
    /// The scene does not fit the model (an internal error).
    Scene,
}

// ---------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------

/// The header of a blob.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Info {
    /// Generation seed.
    pub seed: u64,
    /// Records per op kind.
    pub per_op: u16,
    /// Records.
    pub records: u32,
    /// Texture memory bytes needed.
    pub memory_bytes: u32,
    /// Texture-header pool entries.
    pub header_entries: u16,
    /// Sampler-header pool entries.
    pub sampler_entries: u16,
    /// Constant-bank words.
    pub const_bank_words: u16,
    /// Binding mode.
    pub binding: SamplerBinding,
    /// Texture-header pool `MaximumIndex`.
    pub header_pool_max: u32,
    /// Sampler-header pool `MaximumIndex`.
    pub sampler_pool_max: u32,
    /// Memory ranges.
    pub ranges: u16,
    /// The stored CRC.
    pub crc: u32,
}

impl Info {
    /// The capacities the scene needs (`caps` 0).
    pub const fn need(&self) -> Limits {
        Limits {
            memory_bytes: self.memory_bytes,
            header_entries: self.header_entries as u32,
            sampler_entries: self.sampler_entries as u32,
            const_bank_words: self.const_bank_words as u32,
            caps: 0,
        }
    }
}

/// One record of a blob.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record<'a> {
    /// Index (execution order).
    pub index: u32,
    /// Byte offset of the record in the blob.
    pub offset: usize,
    /// The op's `SUBMIT` payload.
    pub op: &'a [u8],
    /// The expected reply words (little-endian bytes).
    pub expected: &'a [u8],
}

impl Record<'_> {
    /// Byte offset in the blob of expected word `i`.
    pub const fn expected_word_offset(&self, i: usize) -> usize {
        self.offset + RECORD_HEADER_LEN + self.op.len() + 4 * i
    }

    /// The expected words into `out`; returns how many.
    pub fn expected_words(&self, out: &mut [u32; REPLY_WORDS_MAX]) -> usize {
        let mut n = 0;
        for (d, c) in out.iter_mut().zip(self.expected.chunks_exact(4)) {
            *d = read_u32(c, 0).unwrap_or(0);
            n += 1;
        }
        n
    }
}

/// A parsed blob: its header, the scene sections and the records.
#[derive(Clone, Copy, Debug)]
pub struct Blob<'a> {
    /// The header.
    pub info: Info,
    headers: &'a [u8],
    samplers: &'a [u8],
    cbank: &'a [u8],
    ranges: &'a [u8],
    records: &'a [u8],
    records_at: usize,
}

/// Reads `n` bytes at `*at`, advancing.
fn take<'a>(b: &'a [u8], at: &mut usize, n: usize) -> Result<&'a [u8], FormatError> {
    let end = at.checked_add(n).ok_or(FormatError::Length)?;
    let s = b.get(*at..end).ok_or(FormatError::Length)?;
    *at = end;
    Ok(s)
}

impl<'a> Blob<'a> {
    /// Checks the header, the CRC and the structure of every record (each op payload must
    /// decode).
    pub fn parse(blob: &'a [u8]) -> Result<Blob<'a>, FormatError> {
        let head = blob.get(..HEADER_LEN).ok_or(FormatError::Length)?;
        if head.get(..4) != Some(&MAGIC[..]) {
            return Err(FormatError::Magic);
        }
        let u16_at = |at| read_u16(head, at).ok_or(FormatError::Length);
        let u32_at = |at| read_u32(head, at).ok_or(FormatError::Length);
        let version = u16_at(4)?;
        if version != FORMAT_VERSION {
            return Err(FormatError::Version(version));
        }
        let header_len = usize::from(u16_at(6)?);
        if header_len < HEADER_LEN {
            return Err(FormatError::Header);
        }
        let binding = match head.get(26..28) {
            Some([0, 0]) => SamplerBinding::Independent,
            Some([1, 0]) => SamplerBinding::ViaHeaderBinding,
            _ => return Err(FormatError::Header),
        };
        let info = Info {
            seed: u64::from(u32_at(8)?) | (u64::from(u32_at(12)?) << 32),
            memory_bytes: u32_at(16)?,
            header_entries: u16_at(20)?,
            sampler_entries: u16_at(22)?,
            const_bank_words: u16_at(24)?,
            binding,
            header_pool_max: u32_at(28)?,
            sampler_pool_max: u32_at(32)?,
            ranges: u16_at(36)?,
            per_op: u16_at(38)?,
            records: u32_at(40)?,
            crc: u32_at(44)?,
        };
        let mut at = header_len;
        let headers = take(blob, &mut at, 32 * usize::from(info.header_entries))?;
        let samplers = take(blob, &mut at, 32 * usize::from(info.sampler_entries))?;
        let cbank = take(blob, &mut at, 4 * usize::from(info.const_bank_words))?;
        let ranges_start = at;
        for _ in 0..info.ranges {
            let hdr = take(blob, &mut at, 8)?;
            let len = read_u32(hdr, 4).ok_or(FormatError::Length)?;
            let len = usize::try_from(len).map_err(|_| FormatError::Length)?;
            take(blob, &mut at, len.checked_add(3).ok_or(FormatError::Length)? & !3)?;
        }
        let ranges = blob.get(ranges_start..at).ok_or(FormatError::Length)?;
        let scene_end = at;
        let mut digest = CRC.digest();
        digest.update(head.get(..44).ok_or(FormatError::Length)?);
        digest.update(blob.get(header_len..scene_end).ok_or(FormatError::Length)?);
        let computed = digest.finalize();
        if computed != info.crc {
            return Err(FormatError::Crc { stored: info.crc, computed });
        }
        let records = blob.get(scene_end..).ok_or(FormatError::Length)?;
        let b = Blob { info, headers, samplers, cbank, ranges, records, records_at: scene_end };
        let mut n = 0u32;
        for r in b.records() {
            let r = r?;
            Op::decode(r.op).map_err(|status| FormatError::Record { record: r.index, status })?;
            n += 1;
        }
        if n != info.records {
            return Err(FormatError::Length);
        }
        Ok(b)
    }

    /// The records, in order (each checked for length only).
    pub fn records(&self) -> Records<'a> {
        Records { bytes: self.records, at: 0, index: 0, base: self.records_at, left: self.info.records }
    }

    /// Uploads the scene: reset, pools, constant bank, `MaximumIndex` registers, binding
    /// mode, texture memory.
    pub fn upload<D: SamplerDevice>(&self, dev: &mut D) -> Result<(), D::Error> {
        dev.reset()?;
        for (i, e) in (0u32..).zip(self.headers.chunks_exact(32)) {
            dev.write_header(i, &words8(e))?;
        }
        for (i, e) in (0u32..).zip(self.samplers.chunks_exact(32)) {
            dev.write_sampler(i, &words8(e))?;
        }
        let mut buf = [0u32; protocol::MAX_CBANK_CHUNK];
        for (k, chunk) in self.cbank.chunks(4 * protocol::MAX_CBANK_CHUNK).enumerate() {
            let mut n = 0;
            for (d, w) in buf.iter_mut().zip(chunk.chunks_exact(4)) {
                *d = read_u32(w, 0).unwrap_or(0);
                n += 1;
            }
            let start = u16::try_from(k * protocol::MAX_CBANK_CHUNK).unwrap_or(u16::MAX);
            dev.write_const_bank(start, buf.get(..n).unwrap_or(&[]))?;
        }
        dev.set_header_pool_max(self.info.header_pool_max)?;
        dev.set_sampler_pool_max(self.info.sampler_pool_max)?;
        dev.set_binding(self.info.binding)?;
        let mut at = 0;
        while let Some(hdr) = self.ranges.get(at..at + 8) {
            let addr = read_u32(hdr, 0).unwrap_or(0);
            let len = read_u32(hdr, 4).map_or(0, |l| l as usize);
            let data = self.ranges.get(at + 8..at + 8 + len).unwrap_or(&[]);
            dev.write_memory(addr, data)?;
            at += 8 + ((len + 3) & !3);
        }
        Ok(())
    }
}

fn words8(b: &[u8]) -> [u32; 8] {
    let mut w = [0u32; 8];
    for (d, c) in w.iter_mut().zip(b.chunks_exact(4)) {
        *d = read_u32(c, 0).unwrap_or(0);
    }
    w
}

/// Iterator over the records of a [`Blob`].
#[derive(Clone, Debug)]
pub struct Records<'a> {
    bytes: &'a [u8],
    at: usize,
    index: u32,
    base: usize,
    left: u32,
}

impl<'a> Iterator for Records<'a> {
    type Item = Result<Record<'a>, FormatError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.at >= self.bytes.len() {
            return None;
        }
        let index = self.index;
        let bad = FormatError::Record { record: index, status: 0 };
        let mut at = self.at;
        let r = (|| {
            if self.left == 0 {
                return Err(FormatError::Length);
            }
            let hdr = take(self.bytes, &mut at, RECORD_HEADER_LEN).map_err(|_| bad)?;
            let (op_len, words) = match hdr {
                [l, w, 0, 0] => (usize::from(*l), usize::from(*w)),
                _ => return Err(bad),
            };
            if op_len > MAX_OP_LEN || !(2..=REPLY_WORDS_MAX).contains(&words) {
                return Err(bad);
            }
            let op = take(self.bytes, &mut at, op_len).map_err(|_| bad)?;
            let expected = take(self.bytes, &mut at, 4 * words).map_err(|_| bad)?;
            Ok(Record { index, offset: self.base + self.at, op, expected })
        })();
        match r {
            Ok(rec) => {
                self.at = at;
                self.index += 1;
                self.left -= 1;
                Some(Ok(rec))
            }
            Err(e) => {
                self.at = self.bytes.len();
                Some(Err(e))
            }
        }
    }
}

/// Flips bit `bit` (0 … 31) of expected word `word` of record `record`, in place: the
/// deliberately failing self-check (a copy of the blob in RAM, one expected value
/// corrupted; [`run`] then reports exactly that record).
pub fn flip_expected_bit(blob: &mut [u8], record: u32, word: usize, bit: u8) -> Result<(), FormatError> {
    let at = {
        let b = Blob::parse(blob)?;
        let r = b.records().nth(record as usize).ok_or(FormatError::Length)??;
        if word >= r.expected.len() / 4 || bit > 31 {
            return Err(FormatError::Record { record, status: 0 });
        }
        r.expected_word_offset(word) + usize::from(bit / 8)
    };
    let b = blob.get_mut(at).ok_or(FormatError::Length)?;
    *b ^= 1 << (bit % 8);
    Ok(())
}

/// Reads a blob's header (checking magic, version and CRC).
pub fn info(blob: &[u8]) -> Result<Info, FormatError> {
    Blob::parse(blob).map(|b| b.info)
}

/// Runs a vector set on `dev`: uploads the scene, executes every record in order and
/// compares the reply words with the expected ones. `report(index, op, reply, expected)` is
/// called for every record that differs (`expected` as [`Reply::to_words`];
/// [`Reply::from_words`] turns it back into a reply).
pub fn run<D: SamplerDevice>(
    blob: &[u8],
    dev: &mut D,
    mut report: impl FnMut(usize, &Op, &Reply, &[u32]),
) -> Result<Summary, SelfcheckError<D::Error>> {
    let b = Blob::parse(blob).map_err(SelfcheckError::Format)?;
    let upload_err = |error| SelfcheckError::Device { record: None, error };
    let have = dev.limits().map_err(upload_err)?;
    let need = b.info.need();
    if have.memory_bytes < need.memory_bytes
        || have.header_entries < need.header_entries
        || have.sampler_entries < need.sampler_entries
        || have.const_bank_words < need.const_bank_words
    {
        return Err(SelfcheckError::Capacity { need, have });
    }
    b.upload(dev).map_err(upload_err)?;
    let mut summary = Summary::default();
    let mut expected = [0u32; REPLY_WORDS_MAX];
    let mut got = [0u32; REPLY_WORDS_MAX];
    for r in b.records() {
        let r = r.map_err(SelfcheckError::Format)?;
        let op = Op::decode(r.op)
            .map_err(|status| SelfcheckError::Format(FormatError::Record { record: r.index, status }))?;
        if !have.supports(&op) {
            summary.skipped += 1;
            continue;
        }
        let reply = match dev.execute(&op) {
            Ok(reply) => reply,
            // Outside the device's sampling subset: not run, like an op outside CAPS.
            Err(error) if D::is_unsupported(&error) => {
                summary.skipped += 1;
                continue;
            }
            Err(error) => return Err(SelfcheckError::Device { record: Some(r.index), error }),
        };
        let n = r.expected_words(&mut expected);
        let m = reply.to_words(&mut got);
        let exp = expected.get(..n).unwrap_or(&[]);
        if got.get(..m) == Some(exp) {
            summary.passed += 1;
        } else {
            summary.failed += 1;
            report(r.index as usize, &op, &reply, exp);
        }
    }
    Ok(summary)
}

// ---------------------------------------------------------------------------------------
// Generation
// ---------------------------------------------------------------------------------------

/// A small deterministic generator (SplitMix64). No floating point.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// Seeded.
    pub const fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// 32 random bits.
    pub fn u32(&mut self) -> u32 {
        (self.next_u64() >> 32) as u32
    }

    /// Uniform in `0 .. n` (0 for `n == 0`).
    pub fn below(&mut self, n: u32) -> u32 {
        ((u64::from(self.u32()) * u64::from(n)) >> 32) as u32
    }

    /// Uniform in `lo ..= hi`.
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        let span = (hi - lo + 1).max(1) as u64;
        lo + ((u128::from(self.next_u64()) * u128::from(span)) >> 64) as i64
    }

    /// True with probability `num / den`.
    pub fn chance(&mut self, num: u32, den: u32) -> bool {
        self.below(den) < num
    }

    /// One of `items` (`fallback` if `items` is empty).
    pub fn pick<T: Copy>(&mut self, items: &[T], fallback: T) -> T {
        let n = u32::try_from(items.len()).unwrap_or(u32::MAX);
        items.get(self.below(n) as usize).copied().unwrap_or(fallback)
    }
}

/// Header pointers of the scene (see the module docs).
pub mod ptr {
    /// RGBA8 2D with mips.
    pub const RGBA8_2D: u32 = 0;
    /// Z16 depth 2D with mips.
    pub const DEPTH: u32 = 1;
    /// RGBA8 cube.
    pub const CUBE: u32 = 2;
    /// RG8 2D array, tiled.
    pub const ARRAY: u32 = 3;
    /// RGBA32_UINT 2D.
    pub const ATOMIC: u32 = 4;
    /// R8 3D.
    pub const THREE_D: u32 = 5;
    /// RGBA8 2D, 4 samples.
    pub const MULTISAMPLE: u32 = 6;
    /// R32_UINT buffer.
    pub const BUFFER: u32 = 7;
    /// RGBA16_FLOAT 2D, swizzled.
    pub const HALF: u32 = 8;
    /// RGBA8 cube array.
    pub const CUBE_ARRAY: u32 = 9;
    /// sRGB view of [`RGBA8_2D`] from level 1.
    pub const SRGB_VIEW: u32 = 10;
    /// RGBA8 1D array.
    pub const ARRAY_1D: u32 = 11;
    /// Invalid header words.
    pub const INVALID: u32 = 12;
    /// R16 2D, pitched rows.
    pub const PITCHED: u32 = 13;
    /// Within `MaximumIndex`, no entry.
    pub const EMPTY: u32 = 14;
    /// Above `MaximumIndex`.
    pub const ABOVE: u32 = 15;
}

/// Sampler pointers of the scene.
pub mod smp {
    /// Nearest, repeat.
    pub const NEAREST: u32 = 0;
    /// Trilinear, clamp to edge, seamless cube.
    pub const TRILINEAR: u32 = 1;
    /// Bilinear, nearest mip, mixed wrap, 4× anisotropy, bias, border.
    pub const ANISO: u32 = 2;
    /// Compare `LEQUAL`, trilinear.
    pub const COMPARE_LE: u32 = 3;
    /// Compare `GREATER`, nearest.
    pub const COMPARE_GT: u32 = 4;
    /// Invalid words.
    pub const INVALID: u32 = 5;
}

struct TexSpec {
    ty: TextureType,
    format: Format,
    size: [u32; 3],
    levels: u32,
    ms: MsMode,
    layout: Layout,
    swizzle: Swizzle,
    row_pitch: u32,
}

const fn spec(ty: TextureType, format: Format, size: [u32; 3], levels: u32) -> TexSpec {
    TexSpec {
        ty,
        format,
        size,
        levels,
        ms: MsMode::Mode1x1,
        layout: Layout::PitchLinear,
        swizzle: Swizzle::IDENTITY,
        row_pitch: 0,
    }
}

/// The textures with memory, by header pointer (`None`: no memory of its own).
fn textures() -> [Option<TexSpec>; SCENE_HEADERS] {
    use Format as F;
    use TextureType as T;
    [
        Some(spec(T::TwoD, F::RGBA8_UNORM, [16, 16, 1], 5)),
        Some(spec(T::TwoD, F::Z16_UNORM, [16, 16, 1], 5)),
        Some(spec(T::Cube, F::RGBA8_UNORM, [8, 8, 1], 4)),
        Some(TexSpec { layout: Layout::Tiled4x4, ..spec(T::TwoDArray, F::RG8_UNORM, [8, 8, 4], 4) }),
        Some(spec(T::TwoD, F::RGBA32_UINT, [4, 4, 1], 1)),
        Some(spec(T::ThreeD, F::R8_UNORM, [8, 8, 4], 4)),
        Some(TexSpec { ms: MsMode::Mode2x2, ..spec(T::TwoD, F::RGBA8_UNORM, [4, 4, 1], 1) }),
        Some(spec(T::OneDBuffer, F::R32_UINT, [64, 1, 1], 1)),
        Some(TexSpec {
            swizzle: Swizzle([SwizzleSource::B, SwizzleSource::G, SwizzleSource::R, SwizzleSource::One]),
            ..spec(T::TwoD, F::RGBA16_FLOAT, [8, 8, 1], 4)
        }),
        Some(spec(T::CubeArray, F::RGBA8_UNORM, [4, 4, 2], 3)),
        None,
        Some(spec(T::OneDArray, F::RGBA8_UNORM, [16, 1, 3], 5)),
        None,
        Some(TexSpec { row_pitch: 32, ..spec(T::TwoD, F::R16_UNORM, [8, 8, 1], 4) }),
    ]
}

/// The constant bank: `(sampler pointer, header pointer)` handles.
const CBANK: [(u32, u32); SCENE_CBANK] = [
    (smp::NEAREST, ptr::RGBA8_2D),
    (smp::TRILINEAR, ptr::RGBA8_2D),
    (smp::ANISO, ptr::HALF),
    (smp::COMPARE_LE, ptr::DEPTH),
    (smp::TRILINEAR, ptr::ARRAY),
    (smp::TRILINEAR, ptr::CUBE),
    (smp::NEAREST, ptr::THREE_D),
    (smp::COMPARE_GT, ptr::DEPTH),
    (smp::TRILINEAR, ptr::CUBE_ARRAY),
    (smp::NEAREST, ptr::ATOMIC),
    (smp::ANISO, ptr::PITCHED),
    (smp::INVALID, ptr::RGBA8_2D),
    (smp::NEAREST, ptr::INVALID),
    (smp::NEAREST, 0xF_FFFF),
    (7, ptr::RGBA8_2D),
    (smp::ANISO, ptr::SRGB_VIEW),
    (smp::NEAREST, ptr::MULTISAMPLE),
    (smp::TRILINEAR, ptr::ARRAY_1D),
    (smp::ANISO, ptr::RGBA8_2D),
    (smp::COMPARE_LE, ptr::CUBE),
];

/// Raw sampler words (see `texcore::descriptor::sampler`).
#[allow(clippy::too_many_arguments)]
const fn sampler_words(
    wrap: [u32; 3],
    mag: u32,
    min: u32,
    mip: u32,
    aniso_log2: u32,
    compare: Option<u32>,
    seamless: bool,
    bias: i16,
    lod: [u16; 2],
    border: [u32; 4],
) -> [u32; 8] {
    let (cmp_en, func) = match compare {
        Some(f) => (1, f),
        None => (0, 0),
    };
    let w0 = wrap[0]
        | (wrap[1] << 3)
        | (wrap[2] << 6)
        | (mag << 9)
        | (min << 10)
        | (mip << 11)
        | (aniso_log2 << 13)
        | (cmp_en << 16)
        | (func << 17)
        | ((seamless as u32) << 20);
    [w0, bias as u16 as u32, lod[0] as u32 | ((lod[1] as u32) << 16), border[0], border[1], border[2], border[3], 0]
}

/// The scene of a vector set: pools, constant bank and texture memory.
#[derive(Clone, Debug)]
pub struct Scene {
    headers: [[u32; 8]; SCENE_HEADERS],
    samplers: [[u32; 8]; SCENE_SAMPLERS],
    cbank: [u32; SCENE_CBANK],
    memory: [u8; SCENE_MEMORY_CAP],
    memory_len: usize,
}

impl Scene {
    /// Texture-header pool `MaximumIndex`: one past the last entry.
    pub const HEADER_POOL_MAX: u32 = SCENE_HEADERS as u32;
    /// Sampler-header pool `MaximumIndex`: the last entry.
    pub const SAMPLER_POOL_MAX: u32 = SCENE_SAMPLERS as u32 - 1;

    /// The scene with texel data from `seed`; `None` if it does not fit
    /// [`SCENE_MEMORY_CAP`] (it does: a test checks).
    pub fn new(seed: u64) -> Option<Scene> {
        let mut rng = Rng::new(seed ^ 0x5CE1_E000_0000_0001);
        let mut s = Scene {
            headers: [[0; 8]; SCENE_HEADERS],
            samplers: [[0; 8]; SCENE_SAMPLERS],
            cbank: [0; SCENE_CBANK],
            memory: [0; SCENE_MEMORY_CAP],
            memory_len: 0,
        };
        let mut at = 0usize;
        for (slot, t) in s.headers.iter_mut().zip(textures()) {
            let Some(t) = t else { continue };
            let mut h = TextureHeader::new(t.ty, t.format, t.size[0], t.size[1], t.size[2], t.levels);
            h.ms_mode = t.ms;
            h.layout = t.layout;
            h.swizzle = t.swizzle;
            h.row_pitch = t.row_pitch;
            h.base_address = u32::try_from(at).ok()?;
            h.validate().ok()?;
            let len = usize::try_from(texture_bytes(&h)).ok()?;
            let bytes = s.memory.get_mut(at..at.checked_add(len)?)?;
            fill(&mut rng, t.format, bytes);
            at = (at + len + 63) & !63;
            *slot = h.to_words();
        }
        // The sRGB view of texture 0 from level 1, and the invalid entry.
        let base = TextureHeader::from_words(s.headers.first()?).ok()?;
        let view = TextureHeader { srgb: true, base_level: 1, levels: 4, ..base };
        view.validate().ok()?;
        *s.headers.get_mut(ptr::SRGB_VIEW as usize)? = view.to_words();
        *s.headers.get_mut(ptr::INVALID as usize)? = [0xC000_0011, 0, 3, 0, 0, 0, 0, 0];
        s.memory_len = (at + 255) & !255;
        if s.memory_len > SCENE_MEMORY_CAP {
            return None;
        }

        let one = 0x3F80_0000;
        s.samplers = [
            sampler_words([0, 0, 0], 0, 0, 0, 0, None, false, 0, [0, 0xFFFF], [0; 4]),
            sampler_words([2, 2, 2], 1, 1, 2, 0, None, true, 0, [0, 0xFFFF], [0; 4]),
            sampler_words(
                [1, 3, 4],
                1,
                1,
                1,
                2,
                None,
                false,
                128,
                [0, 3 << 8],
                [0x3E80_0000, 0x3F00_0000, 0x3F40_0000, one],
            ),
            sampler_words([2, 2, 2], 1, 1, 2, 0, Some(3), true, 0, [0, 0xFFFF], [0; 4]),
            sampler_words([0, 0, 0], 0, 0, 1, 0, Some(4), false, -256, [128, 0xFFFF], [0; 4]),
            [0, 0, 0, 0, 0, 0, 0, 1],
        ];
        for (w, (smp, hdr)) in s.cbank.iter_mut().zip(CBANK) {
            *w = Handle::new(smp, hdr).map_or(0, |h| h.0);
        }
        Some(s)
    }

    /// Texture memory (the part the scene uses).
    pub fn memory(&self) -> &[u8] {
        self.memory.get(..self.memory_len).unwrap_or(&[])
    }

    /// Texture-header pool entries.
    pub fn headers(&self) -> &[[u32; 8]; SCENE_HEADERS] {
        &self.headers
    }

    /// Sampler-header pool entries.
    pub fn samplers(&self) -> &[[u32; 8]; SCENE_SAMPLERS] {
        &self.samplers
    }

    /// Constant-bank words.
    pub fn const_bank(&self) -> &[u32; SCENE_CBANK] {
        &self.cbank
    }

    /// Uploads the scene to `dev` (reset first).
    pub fn upload<D: SamplerDevice>(&self, dev: &mut D) -> Result<(), D::Error> {
        dev.reset()?;
        for (i, w) in (0u32..).zip(self.headers.iter()) {
            dev.write_header(i, w)?;
        }
        for (i, w) in (0u32..).zip(self.samplers.iter()) {
            dev.write_sampler(i, w)?;
        }
        dev.write_const_bank(0, &self.cbank)?;
        dev.set_header_pool_max(Self::HEADER_POOL_MAX)?;
        dev.set_sampler_pool_max(Self::SAMPLER_POOL_MAX)?;
        dev.set_binding(SamplerBinding::Independent)?;
        dev.write_memory(0, self.memory())
    }
}

/// Texel data for a format: finite binary16 values, small or large 32-bit integers, or
/// random bytes.
fn fill(rng: &mut Rng, format: Format, bytes: &mut [u8]) {
    match format {
        Format::RGBA16_FLOAT => {
            for c in bytes.chunks_exact_mut(2) {
                let sign = if rng.chance(1, 4) { 0x8000u16 } else { 0 };
                let exp = 10 + rng.below(8) as u16; // 2^-5 … 2^2
                let h = sign | (exp << 10) | (rng.below(1024) as u16);
                c.copy_from_slice(&h.to_le_bytes());
            }
        }
        Format::RGBA32_UINT | Format::R32_UINT => {
            for c in bytes.chunks_exact_mut(4) {
                let v = if rng.chance(1, 4) { rng.u32() } else { rng.below(8) };
                c.copy_from_slice(&v.to_le_bytes());
            }
        }
        _ => {
            for b in bytes.iter_mut() {
                *b = rng.u32() as u8;
            }
        }
    }
}

/// What a header pointer of the scene is (for the operand generator).
fn scene_type(p: u32) -> Option<(TextureType, [u32; 3], u32)> {
    use TextureType as T;
    Some(match p {
        ptr::RGBA8_2D | ptr::DEPTH => (T::TwoD, [16, 16, 1], 5),
        ptr::CUBE => (T::Cube, [8, 8, 1], 4),
        ptr::ARRAY => (T::TwoDArray, [8, 8, 4], 4),
        ptr::ATOMIC | ptr::MULTISAMPLE => (T::TwoD, [4, 4, 1], 1),
        ptr::THREE_D => (T::ThreeD, [8, 8, 4], 4),
        ptr::BUFFER => (T::OneDBuffer, [64, 1, 1], 1),
        ptr::HALF | ptr::SRGB_VIEW | ptr::PITCHED => (T::TwoD, [8, 8, 1], 4),
        ptr::CUBE_ARRAY => (T::CubeArray, [4, 4, 2], 3),
        ptr::ARRAY_1D => (T::OneDArray, [16, 1, 3], 5),
        _ => return None,
    })
}

const SAMPLEABLE: [u32; 11] = [
    ptr::RGBA8_2D,
    ptr::DEPTH,
    ptr::CUBE,
    ptr::ARRAY,
    ptr::THREE_D,
    ptr::HALF,
    ptr::CUBE_ARRAY,
    ptr::SRGB_VIEW,
    ptr::ARRAY_1D,
    ptr::PITCHED,
    ptr::RGBA8_2D,
];

/// Seeded operands for every op kind on the [`Scene`]: mostly valid, with edge cases
/// (invalid pointers and handles, out-of-range coordinates, levels, offsets and
/// components, NaN / ∞ coordinates, unsupported view types).
#[derive(Clone, Debug)]
pub struct OpGen {
    rng: Rng,
}

/// binary32 of `v / 2^frac`.
fn fx(v: i64, frac: u32) -> u32 {
    fixed_to_f32_bits(v, frac)
}

impl OpGen {
    /// A generator.
    pub const fn new(seed: u64) -> OpGen {
        OpGen { rng: Rng::new(seed) }
    }

    /// The generator's random source.
    pub fn rng(&mut self) -> &mut Rng {
        &mut self.rng
    }

    fn special(&mut self) -> u32 {
        self.rng.pick(
            &[0x7FC0_0000, 0x7F80_0000, 0xFF80_0000, 0x8000_0000, 0x5F00_0000, 0x0000_0001, 0xBFC0_0000, 0x3F80_0000],
            0,
        )
    }

    /// A header pointer: mostly from `likely`, sometimes any pointer (invalid ones
    /// included).
    fn view(&mut self, likely: &[u32]) -> u32 {
        match self.rng.below(16) {
            0 => self.rng.below(16),
            1 => self.rng.pick(&[ptr::INVALID, ptr::EMPTY, ptr::ABOVE, u32::MAX, 0x1_0000], ptr::ABOVE),
            _ => self.rng.pick(likely, ptr::RGBA8_2D),
        }
    }

    fn sampler(&mut self, compare: bool) -> u32 {
        match self.rng.below(16) {
            0 => self.rng.pick(&[smp::INVALID, 6, u32::MAX], smp::INVALID),
            1 | 2 => self.rng.below(5),
            _ if compare => self.rng.pick(&[smp::COMPARE_LE, smp::COMPARE_GT], smp::COMPARE_LE),
            _ => self.rng.pick(&[smp::NEAREST, smp::TRILINEAR, smp::ANISO], smp::TRILINEAR),
        }
    }

    /// A handle source: mostly a constant-bank word from `likely`, sometimes any word of
    /// the bank or a bindless handle (valid or random).
    fn source(&mut self, likely: &[u16]) -> HandleSource {
        let idx = match self.rng.below(10) {
            0 => {
                let h = self.rng.below(16) | (self.rng.below(8) << 20);
                return HandleSource::Bindless(if self.rng.chance(1, 3) { self.rng.u32() } else { h });
            }
            1 | 2 => self.rng.below(SCENE_CBANK as u32) as u16,
            _ => self.rng.pick(likely, 0),
        };
        HandleSource::ConstBank(TsPtrIdx::new(idx).unwrap_or_default())
    }

    /// The texture type a handle source names in the scene (`None`: invalid).
    fn source_type(source: HandleSource) -> Option<TextureType> {
        let word = match source {
            HandleSource::ConstBank(i) => {
                let (s, h) = CBANK.get(usize::from(i.get())).copied()?;
                (s << 20) | h
            }
            HandleSource::Bindless(w) => w,
        };
        scene_type(word & 0xF_FFFF).map(|(t, _, _)| t)
    }

    /// A fixed-point value in `lo ..= hi` (units of 2^-16), as a per-quad base.
    fn fixed(&mut self, lo: i64, hi: i64) -> i64 {
        self.rng.range(lo, hi)
    }

    /// A derivative in 2^-16 units: 0, tiny or up to 2.0, either sign.
    fn deriv(&mut self) -> i64 {
        if self.rng.chance(1, 10) {
            return 0;
        }
        let m = self.rng.range(1, 1024) << self.rng.below(8);
        if self.rng.chance(1, 3) {
            -m
        } else {
            m
        }
    }

    /// Per-lane fixed-point values of `n` axes: base + {0, dx, dy, dx + dy}.
    fn lanes(&mut self, base: [i64; 3], n: usize) -> [[i64; 3]; 4] {
        let mut dx = [0i64; 3];
        let mut dy = [0i64; 3];
        for a in 0..n.min(3) {
            if let (Some(x), Some(y)) = (dx.get_mut(a), dy.get_mut(a)) {
                *x = self.deriv();
                *y = self.deriv();
            }
        }
        let add = |k: usize| -> [i64; 3] {
            core::array::from_fn(|a| {
                let (b, x, y) = (
                    base.get(a).copied().unwrap_or(0),
                    dx.get(a).copied().unwrap_or(0),
                    dy.get(a).copied().unwrap_or(0),
                );
                b + if k & 1 == 1 { x } else { 0 } + if k & 2 == 2 { y } else { 0 }
            })
        };
        [add(0), add(1), add(2), add(3)]
    }

    /// A normalized coordinate quad for `n` axes (binary32), occasionally with a NaN / ∞.
    fn coords(&mut self, n: usize) -> [[u32; 3]; 4] {
        let base = [self.fixed(-16384, 81920), self.fixed(-16384, 81920), self.fixed(-16384, 81920)];
        let l = self.lanes(base, n);
        let mut q = l.map(|v| v.map(|x| fx(x, 16)));
        if self.rng.chance(1, 24) {
            let (lane, axis) = (self.rng.below(4) as usize, self.rng.below(3) as usize);
            let sp = self.special();
            if let Some(c) = q.get_mut(lane).and_then(|v| v.get_mut(axis)) {
                *c = sp;
            }
        }
        q
    }

    /// A cube direction quad: a major axis of magnitude 0.5 … 2, the others in ±1.2.
    fn directions(&mut self) -> [[u32; 3]; 4] {
        let major = self.rng.below(3) as usize;
        let ma = self.rng.range(32768, 131072) * if self.rng.chance(1, 2) { -1 } else { 1 };
        let mut base = [self.fixed(-78643, 78643), self.fixed(-78643, 78643), self.fixed(-78643, 78643)];
        if let Some(m) = base.get_mut(major) {
            *m = ma;
        }
        let mut l = self.lanes(base, 3);
        // Keep the derivatives small so that most quads stay on one face.
        for v in l.iter_mut().skip(1) {
            for (c, b) in v.iter_mut().zip(base) {
                *c = b + (*c - b) / 8;
            }
        }
        l.map(|v| v.map(|x| fx(x, 16)))
    }

    fn layer(&mut self, count: u32) -> u32 {
        if self.rng.chance(1, 16) {
            return self.special();
        }
        fx(self.rng.range(-256, i64::from(count) * 256 + 128), 8)
    }

    fn depth_ref(&mut self) -> u32 {
        if self.rng.chance(1, 16) {
            return self.special();
        }
        fx(self.rng.range(-16, 272), 8)
    }

    fn bias(&mut self) -> u32 {
        fx(self.rng.range(-48, 48), 4)
    }

    fn lod(&mut self) -> u32 {
        if self.rng.chance(1, 16) {
            return self.special();
        }
        fx(self.rng.range(-16, 112), 4)
    }

    fn offset3(&mut self) -> [i32; 3] {
        match self.rng.below(12) {
            0..=5 => [0; 3],
            6..=10 => core::array::from_fn(|_| self.rng.range(-8, 7) as i32),
            _ => {
                let mut o = [0i32; 3];
                let v = self.rng.pick(&[8, -9, 100, i32::MIN], 8);
                if let Some(x) = o.get_mut(self.rng.below(3) as usize) {
                    *x = v;
                }
                o
            }
        }
    }

    fn grads(&mut self) -> Grads {
        let mut g = Grads::default();
        for lane in g.ddx.iter_mut().chain(g.ddy.iter_mut()) {
            *lane = core::array::from_fn(|_| {
                let d = self.deriv();
                fx(d, 16)
            });
        }
        g
    }

    /// Works around a texcore defect: anisotropic filtering with implicit derivatives
    /// overflows in `filter::axis_taps` (`u - 128` on a saturated `i64::MIN`: a panic in
    /// debug builds, a wrapped and build-dependent result in release builds) when a lane's
    /// coordinate is ±∞ or huge. Until the core saturates there, quads sampled with the
    /// anisotropic sampler keep finite coordinates below 2^20 (and `TXP` a normal divisor).
    fn tame(q: &mut Quad) {
        for c in q.iter_mut().flatten() {
            if (*c >> 23) & 0xFF >= 127 + 20 {
                *c = 0x3F00_0000;
            }
        }
    }

    /// TGSI sampling coordinates for a view type, in the register layout of the `TEX`
    /// family and `SAMPLE` (`layer` in y for 1D arrays, z for 2D arrays, w the cube of a
    /// cube array). Components no type reads are left 0.
    fn address(&mut self, view: u32) -> Quad {
        use TextureType as T;
        let (ty, size) = match scene_type(view) {
            Some((ty, size, _)) => (ty, size),
            None => (T::TwoD, [8, 8, 1]),
        };
        let mut q = [[0u32; 4]; 4];
        match ty {
            T::Cube | T::CubeArray => {
                let d = self.directions();
                let cube = self.layer(size[2]);
                for (r, v) in q.iter_mut().zip(d) {
                    *r = [v[0], v[1], v[2], if ty == T::CubeArray { cube } else { 0 }];
                }
            }
            T::OneD | T::OneDArray | T::OneDBuffer => {
                let c = self.coords(1);
                let layer = self.layer(size[2]);
                for (r, v) in q.iter_mut().zip(c) {
                    *r = [v[0], layer, 0, 0];
                }
            }
            T::TwoDArray | T::TwoDNoMipmap => {
                let c = self.coords(2);
                let layer = self.layer(size[2]);
                for (r, v) in q.iter_mut().zip(c) {
                    *r = [v[0], v[1], layer, 0];
                }
            }
            T::ThreeD => {
                let c = self.coords(3);
                for (r, v) in q.iter_mut().zip(c) {
                    *r = [v[0], v[1], v[2], 0];
                }
            }
            T::TwoD => {
                let c = self.coords(2);
                for (r, v) in q.iter_mut().zip(c) {
                    *r = [v[0], v[1], 0, 0];
                }
            }
        }
        q
    }

    fn small_index(&mut self, size: u32) -> u32 {
        match self.rng.below(24) {
            0 => self.rng.pick(&[u32::MAX, 0x8000_0000, 65536], u32::MAX),
            1 => size + self.rng.below(3),
            _ => self.rng.below(size.max(1)),
        }
    }

    /// An integer address `(x, y, z, level)`: a level (sometimes past the view's), then
    /// coordinates mostly inside that level (y doubles as the 1D-array layer, z as the
    /// layer / slice / cube face).
    fn int_address(&mut self, view: u32) -> [u32; 4] {
        let (ty, size, levels) = scene_type(view).unwrap_or((TextureType::TwoD, [4, 4, 1], 1));
        let level = if self.rng.chance(1, 10) { levels + self.rng.below(3) } else { self.rng.below(levels) };
        let dim = |n: u32| (n >> level.min(31)).max(1);
        let (ny, nz) = match ty {
            TextureType::OneDArray => (size[2], 1),
            TextureType::ThreeD => (dim(size[1]), dim(size[2])),
            TextureType::Cube => (dim(size[1]), 6),
            TextureType::CubeArray => (dim(size[1]), 6 * size[2]),
            _ => (dim(size[1]), size[2]),
        };
        let x = self.small_index(dim(size[0]));
        let y = self.small_index(ny);
        let z = self.small_index(nz);
        [x, y, z, level]
    }

    fn value4(&mut self) -> [u32; 4] {
        core::array::from_fn(|_| match self.rng.below(4) {
            0 => self.rng.u32(),
            1 => self.rng.below(16),
            _ => fx(self.rng.range(-64, 320), 8),
        })
    }

    /// A random op with op code `code` (`None` for a code that is not an op).
    pub fn op(&mut self, code: u8) -> Option<Op> {
        let atomic = AtomicOp::ALL.iter().copied().find(|a| crate::op::atomic_code(*a) == code);
        if let Some(a) = atomic {
            return Some(self.atomic(a));
        }
        let tex = [TexOp::Tex, TexOp::Txb, TexOp::Txl, TexOp::Txd, TexOp::Txp]
            .into_iter()
            .find(|t| crate::op::tex_code(*t) == code);
        if let Some(t) = tex {
            return Some(self.tex(t));
        }
        let any_view = |g: &mut Self| g.view(&[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13]);
        Some(match code {
            code::NV_TXQ => {
                let query = self.rng.pick(
                    &[TxqQuery::Dimension, TxqQuery::Dimension, TxqQuery::TextureType, TxqQuery::SamplerPos],
                    TxqQuery::Dimension,
                );
                let param = if self.rng.chance(1, 8) { self.rng.u32() } else { self.rng.below(6) };
                let likely: &[u16] =
                    if query == TxqQuery::SamplerPos { &[16, 16, 0] } else { &[0, 1, 2, 3, 4, 5, 6, 8, 10, 16, 17] };
                Op::NvTxq { source: self.source(likely), query, param }
            }
            code::NV_TLD4S => self.tld4s(),
            code::NV_TMML => {
                let source = self.source(&[1, 2, 4, 5, 6, 8, 10, 17, 18, 19]);
                let desc = match Self::source_type(source) {
                    Some(t) if self.rng.chance(3, 4) => match t {
                        TextureType::OneD | TextureType::OneDBuffer => CoordDesc::OneD,
                        TextureType::OneDArray => CoordDesc::Array1D,
                        TextureType::TwoD | TextureType::TwoDNoMipmap => CoordDesc::TwoD,
                        TextureType::TwoDArray => CoordDesc::Array2D,
                        TextureType::ThreeD => CoordDesc::ThreeD,
                        TextureType::Cube => CoordDesc::Cube,
                        TextureType::CubeArray => CoordDesc::ArrayCube,
                    },
                    _ => self.rng.pick(&CoordDesc::ALL, CoordDesc::TwoD),
                };
                let c = match desc {
                    CoordDesc::Cube | CoordDesc::ArrayCube => self.directions(),
                    CoordDesc::OneD | CoordDesc::Array1D => self.coords(1),
                    CoordDesc::ThreeD => self.coords(3),
                    _ => self.coords(2),
                };
                let layer = self.rng.below(4);
                let ra = c.map(|[x, y, z]| if desc.is_array() { [layer, x, y, z] } else { [x, y, z, 0] });
                Op::NvTmml { source, desc, ra }
            }
            code::TGSI_TXQ => {
                let view = any_view(self);
                Op::TgsiTxq { view, lod: self.small_index(6) }
            }
            code::TGSI_SVIEWINFO => {
                let view = any_view(self);
                Op::TgsiSviewinfo { view, mip_level: self.small_index(6) }
            }
            code::TGSI_SAMPLE_INFO => Op::TgsiSampleInfo {
                view: self.view(&[ptr::MULTISAMPLE, ptr::MULTISAMPLE, ptr::RGBA8_2D, ptr::BUFFER]),
            },
            code::TGSI_SAMPLE_POS => {
                let view = self.view(&[ptr::MULTISAMPLE, ptr::MULTISAMPLE, ptr::RGBA8_2D]);
                Op::TgsiSamplePos { view, index: self.small_index(5) }
            }
            code::TGSI_TXF => {
                let view = any_view(self);
                let a = self.int_address(view);
                let mut coord = a.map(|v| v as i32);
                if self.rng.chance(1, 8) {
                    if let Some(c) = coord.get_mut(self.rng.below(4) as usize) {
                        *c = -(self.rng.below(3) as i32) - 1;
                    }
                }
                Op::TgsiTxf { view, coord, offset: self.offset3() }
            }
            code::TGSI_SAMPLE_I => {
                let view = any_view(self);
                Op::TgsiSampleI { view, address: self.int_address(view) }
            }
            code::TGSI_SAMPLE_I_MS => {
                let view = self.view(&[ptr::MULTISAMPLE, ptr::MULTISAMPLE, ptr::RGBA8_2D, ptr::ARRAY]);
                let address = self.int_address(view);
                Op::TgsiSampleIMs { view, address, sample: self.small_index(4) }
            }
            code::TGSI_LOAD => {
                let resource = any_view(self);
                Op::TgsiLoad { resource, address: self.int_address(resource) }
            }
            code::TGSI_STORE => {
                let resource = self.view(&[
                    ptr::RGBA8_2D,
                    ptr::ATOMIC,
                    ptr::BUFFER,
                    ptr::HALF,
                    ptr::ARRAY,
                    ptr::CUBE,
                    ptr::DEPTH,
                    ptr::SRGB_VIEW,
                    ptr::PITCHED,
                ]);
                let address = self.int_address(resource);
                Op::TgsiStore { resource, address, src: self.value4() }
            }
            code::TGSI_SAMPLE
            | code::TGSI_SAMPLE_B
            | code::TGSI_SAMPLE_L
            | code::TGSI_SAMPLE_D
            | code::TGSI_SAMPLE_C
            | code::TGSI_SAMPLE_C_LZ => {
                let compare = matches!(code, code::TGSI_SAMPLE_C | code::TGSI_SAMPLE_C_LZ);
                let view = if compare {
                    self.view(&[
                        ptr::DEPTH,
                        ptr::DEPTH,
                        ptr::DEPTH,
                        ptr::DEPTH,
                        ptr::CUBE,
                        ptr::ARRAY,
                        ptr::RGBA8_2D,
                        ptr::CUBE_ARRAY,
                    ])
                } else {
                    self.view(&SAMPLEABLE)
                };
                let sampler = self.sampler(compare);
                let mut address = self.address(view);
                if sampler == smp::ANISO {
                    Self::tame(&mut address);
                }
                let offset = self.offset3();
                match code {
                    code::TGSI_SAMPLE => Op::TgsiSample { view, sampler, address, offset },
                    code::TGSI_SAMPLE_B => {
                        let bias = core::array::from_fn(|_| self.bias());
                        Op::TgsiSampleB { view, sampler, address, offset, bias }
                    }
                    code::TGSI_SAMPLE_L => {
                        let lod = core::array::from_fn(|_| self.lod());
                        Op::TgsiSampleL { view, sampler, address, offset, lod }
                    }
                    code::TGSI_SAMPLE_D => Op::TgsiSampleD { view, sampler, address, offset, grads: self.grads() },
                    code::TGSI_SAMPLE_C => {
                        let reference = core::array::from_fn(|_| self.depth_ref());
                        Op::TgsiSampleC { view, sampler, address, offset, reference }
                    }
                    _ => {
                        let reference = core::array::from_fn(|_| self.depth_ref());
                        Op::TgsiSampleCLz { view, sampler, address, offset, reference }
                    }
                }
            }
            code::TGSI_GATHER4 => {
                let view = self.view(&[
                    ptr::RGBA8_2D,
                    ptr::DEPTH,
                    ptr::CUBE,
                    ptr::ARRAY,
                    ptr::CUBE_ARRAY,
                    ptr::HALF,
                    ptr::SRGB_VIEW,
                    ptr::ATOMIC,
                    ptr::THREE_D,
                    ptr::PITCHED,
                ]);
                let reference =
                    if self.rng.chance(1, 3) { Some(core::array::from_fn(|_| self.depth_ref())) } else { None };
                let sampler = self.sampler(reference.is_some());
                let mut address = self.address(view);
                if scene_type(view).is_some_and(|(t, _, _)| t == TextureType::TwoDArray) {
                    // GATHER4 takes the layer in z like TEX.
                    for r in address.iter_mut() {
                        r[3] = 0;
                    }
                }
                let component =
                    if self.rng.chance(1, 12) { 4 + self.rng.below(252) as u8 } else { self.rng.below(4) as u8 };
                let cube = scene_type(view).is_some_and(|(t, _, _)| t.is_cube());
                let offset = match self.rng.below(12) {
                    0 => [self.rng.pick(&[32, -33, 1000], 32), 0],
                    1..=6 if !cube => [self.rng.range(-32, 31) as i32, self.rng.range(-32, 31) as i32],
                    1 => [1, 0],
                    _ => [0, 0],
                };
                Op::TgsiGather4 { view, sampler, address, component, offset, reference }
            }
            code::INTEL_INFO => {
                let op = match self.rng.below(12) {
                    0 => self.rng.u32() as u8,
                    1..=4 => 0x0A,
                    _ => 0x0B,
                };
                let mask = if self.rng.chance(1, 5) { self.rng.below(8) as u8 } else { 0 };
                let exec = match self.rng.below(14) {
                    0 => self.rng.u32() as u8,
                    1..=6 => 0x03 | (mask << 4),
                    _ => 0x04 | (mask << 4) | if self.rng.chance(1, 4) { 0x80 } else { 0 },
                };
                let exec_mask = if self.rng.chance(1, 2) { u32::MAX } else { self.rng.u32() };
                let surface = if op == 0x0B { self.view(&[ptr::MULTISAMPLE, ptr::RGBA8_2D]) } else { any_view(self) };
                let lod = core::array::from_fn(|_| self.small_index(5));
                Op::IntelInfo { op, exec, exec_mask, surface, lod }
            }
            _ => return None,
        })
    }

    fn tld4s(&mut self) -> Op {
        let comp = if self.rng.chance(1, 12) { 4 + self.rng.below(252) as u8 } else { self.rng.below(4) as u8 };
        let f16 = match self.rng.below(4) {
            0 => Some(F16Rounding::NearestEven),
            1 => Some(F16Rounding::TowardZero),
            _ => None,
        };
        let mods = Tld4sMods { comp, aoffi: self.rng.chance(1, 2), dc: self.rng.chance(1, 3), f16 };
        let [s, t, _] = self.coords(2).first().copied().unwrap_or_default();
        let toff = if self.rng.chance(1, 6) {
            self.rng.u32()
        } else {
            let o = |g: &mut Self| g.rng.range(-8, 8) as i32;
            let (u, v, w) = (o(self), o(self), o(self));
            aoffi_encode(u, v, w)
        };
        let dc = self.depth_ref();
        let source = if mods.dc { self.source(&[3, 7, 3, 1, 9]) } else { self.source(&[0, 1, 2, 4, 10, 15, 18]) };
        Op::NvTld4s { source, mods, operands: Tld4sOperands { s, t, toff, dc } }
    }

    fn atomic(&mut self, op: AtomicOp) -> Op {
        let resource = self.view(&[ptr::ATOMIC, ptr::ATOMIC, ptr::BUFFER, ptr::BUFFER, ptr::ATOMIC, ptr::RGBA8_2D]);
        let address = self.int_address(resource);
        let src = core::array::from_fn(|_| match self.rng.below(4) {
            0 => self.rng.u32(),
            1 => 0u32.wrapping_sub(self.rng.below(8)),
            _ => self.rng.below(16),
        });
        let cmp = core::array::from_fn(|_| if self.rng.chance(1, 8) { self.rng.u32() } else { self.rng.below(8) });
        Op::TgsiAtomic { op, resource, address, src, cmp }
    }

    fn tex(&mut self, op: TexOp) -> Op {
        use TextureType as T;
        let mut likely = [0u32; 13];
        for (d, s) in likely.iter_mut().zip(SAMPLEABLE.iter().chain(&[ptr::BUFFER, ptr::MULTISAMPLE])) {
            *d = *s;
        }
        let view = self.view(&likely);
        let ty = scene_type(view).map(|(t, _, _)| t);
        let shadow = if view == ptr::DEPTH { self.rng.chance(2, 3) } else { self.rng.chance(1, 5) };
        let sampler = self.sampler(shadow);
        let aniso = sampler == smp::ANISO;
        let mut src0 = self.address(view);
        if aniso {
            Self::tame(&mut src0);
        }
        // The shadow reference slot and where TXB/TXL read their value (tex_family).
        let ref_w = matches!(ty, Some(T::TwoDArray | T::Cube));
        let w_taken = ty == Some(T::CubeArray) || (shadow && ref_w);
        let extra = |g: &mut Self| match op {
            TexOp::Txb => g.bias(),
            TexOp::Txl => g.lod(),
            TexOp::Txp => {
                if !aniso && g.rng.chance(1, 12) {
                    g.special()
                } else {
                    fx(g.rng.range(8, 40), 4)
                }
            }
            _ => 0,
        };
        for lane in src0.iter_mut() {
            if shadow && ty != Some(T::CubeArray) {
                let r = self.depth_ref();
                if let Some(c) = lane.get_mut(if ref_w { 3 } else { 2 }) {
                    *c = r;
                }
            }
            if !w_taken {
                let e = extra(self);
                if let Some(c) = lane.get_mut(3) {
                    *c = e;
                }
            }
        }
        let needs_src1 = ty == Some(T::CubeArray) && (shadow || matches!(op, TexOp::Txb | TexOp::Txl))
            || (w_taken && matches!(op, TexOp::Txb | TexOp::Txl));
        let src1 = if self.rng.chance(if needs_src1 { 9 } else { 1 }, if needs_src1 { 10 } else { 6 }) {
            let shadow_cube_array = shadow && ty == Some(T::CubeArray);
            Some(core::array::from_fn(|_| if shadow_cube_array { self.depth_ref() } else { extra(self) }))
        } else {
            None
        };
        let grads = if op == TexOp::Txd && self.rng.chance(11, 12) { Some(self.grads()) } else { None };
        Op::TgsiTex { op, shadow, view, sampler, src0, src1, grads }
    }
}

/// The blob writer: bytes into a caller buffer.
struct Out<'a> {
    buf: &'a mut [u8],
    at: usize,
}

impl Out<'_> {
    fn bytes(&mut self, b: &[u8]) -> Result<(), GenerateError> {
        let end = self.at.checked_add(b.len()).ok_or(GenerateError::BufferTooSmall)?;
        self.buf.get_mut(self.at..end).ok_or(GenerateError::BufferTooSmall)?.copy_from_slice(b);
        self.at = end;
        Ok(())
    }
    fn u32(&mut self, v: u32) -> Result<(), GenerateError> {
        self.bytes(&v.to_le_bytes())
    }
    fn put(&mut self, at: usize, b: &[u8]) -> Result<(), GenerateError> {
        let end = at.checked_add(b.len()).ok_or(GenerateError::BufferTooSmall)?;
        self.buf.get_mut(at..end).ok_or(GenerateError::BufferTooSmall)?.copy_from_slice(b);
        Ok(())
    }
}

/// Builds the vector set of `seed`: the [`Scene`], then `per_op` rounds of one record per
/// op kind of [`protocol::OPS`] (operands from [`OpGen`]), every expected reply computed by
/// a [`SoftSampler`] that runs the records in order. Deterministic: the same arguments give
/// the same bytes. Returns the blob length in `out`.
///
/// Uses about 30 KiB of stack (the scene and the model's memory).
pub fn generate(out: &mut [u8], seed: u64, per_op: usize) -> Result<usize, GenerateError> {
    let scene = Scene::new(seed).ok_or(GenerateError::Scene)?;
    let records = per_op.checked_mul(protocol::OPS.len()).ok_or(GenerateError::TooManyRecords)?;
    let records = u32::try_from(records).map_err(|_| GenerateError::TooManyRecords)?;
    let per_op16 = u16::try_from(per_op).map_err(|_| GenerateError::TooManyRecords)?;
    let mut w = Out { buf: out, at: 0 };
    w.bytes(&[0; HEADER_LEN])?;
    for e in scene.headers().iter().chain(scene.samplers().iter()) {
        for v in e {
            w.u32(*v)?;
        }
    }
    for v in scene.const_bank() {
        w.u32(*v)?;
    }
    let mem = scene.memory();
    let mem_len = u32::try_from(mem.len()).map_err(|_| GenerateError::Scene)?;
    w.u32(0)?;
    w.u32(mem_len)?;
    w.bytes(mem)?;
    w.bytes([0u8; 3].get(..(4 - mem.len() % 4) % 4).unwrap_or(&[]))?;
    let scene_end = w.at;

    // Header.
    let mut head = [0u8; HEADER_LEN];
    let fields: [(usize, &[u8]); 12] = [
        (0, &MAGIC),
        (4, &FORMAT_VERSION.to_le_bytes()),
        (6, &(HEADER_LEN as u16).to_le_bytes()),
        (8, &seed.to_le_bytes()),
        (16, &mem_len.to_le_bytes()),
        (20, &(SCENE_HEADERS as u16).to_le_bytes()),
        (22, &(SCENE_SAMPLERS as u16).to_le_bytes()),
        (24, &(SCENE_CBANK as u16).to_le_bytes()),
        (28, &Scene::HEADER_POOL_MAX.to_le_bytes()),
        (32, &Scene::SAMPLER_POOL_MAX.to_le_bytes()),
        (36, &1u16.to_le_bytes()),
        (38, &per_op16.to_le_bytes()),
    ];
    for (at, b) in fields {
        if let Some(d) = head.get_mut(at..at + b.len()) {
            d.copy_from_slice(b);
        }
    }
    if let Some(d) = head.get_mut(40..44) {
        d.copy_from_slice(&records.to_le_bytes());
    }
    let mut digest = CRC.digest();
    digest.update(head.get(..44).unwrap_or(&[]));
    digest.update(w.buf.get(HEADER_LEN..scene_end).unwrap_or(&[]));
    let crc = digest.finalize();
    if let Some(d) = head.get_mut(44..48) {
        d.copy_from_slice(&crc.to_le_bytes());
    }
    w.put(0, &head)?;

    // The model, and the records.
    let mut memory = [0u8; SCENE_MEMORY_CAP];
    let model_mem = memory.get_mut(..mem.len()).ok_or(GenerateError::Scene)?;
    let mut model: SoftSampler<'_, SCENE_HEADERS, SCENE_SAMPLERS, SCENE_CBANK> = SoftSampler::new(model_mem);
    scene.upload(&mut model).map_err(|_| GenerateError::Scene)?;
    let mut gen = OpGen::new(seed ^ 0x09E4_A70B_0000_0001);
    let mut payload = [0u8; MAX_OP_LEN];
    let mut words = [0u32; REPLY_WORDS_MAX];
    for _ in 0..per_op {
        for d in protocol::OPS {
            let op = gen.op(d.code).ok_or(GenerateError::Scene)?;
            let reply = model.run(&op);
            let n = op.encode(&mut payload);
            let m = reply.to_words(&mut words);
            let (Ok(n8), Ok(m8)) = (u8::try_from(n), u8::try_from(m)) else {
                return Err(GenerateError::Scene);
            };
            w.bytes(&[n8, m8, 0, 0])?;
            w.bytes(payload.get(..n).unwrap_or(&[]))?;
            for v in words.get(..m).unwrap_or(&[]) {
                w.u32(*v)?;
            }
        }
    }
    Ok(w.at)
}
