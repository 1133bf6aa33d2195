//! Output files: hand-rolled hex formatting of vector lines, and atomic, hashed file
//! writes (temp file in the destination directory, renamed into place on commit; dropped
//! uncommitted → removed).
//!
//! A vector file of a previous run is *recycled* ([`AtomicFile::recycle`]): renamed to the
//! temporary name and overwritten in place, so the new contents reuse its page-cache pages
//! instead of taking fresh ones. That is what makes a repeated run cheap where fresh pages
//! cost (on a VM that returns freed memory to its host, writing 891 MB into fresh pages took
//! about 10× the CPU time of overwriting cached ones). The price: while a run is writing, and
//! after it fails, the recycled file is absent under its name (never a half-written file under
//! the final name).

use std::collections::BTreeMap;
use std::fs::{self, File};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

use anyhow::{Context, Result};
use sha2::{Digest, Sha256};

use super::layout::Layout;

/// Two lower-case hex digits per byte value.
static HEX2: [[u8; 2]; 256] = {
    const D: &[u8; 16] = b"0123456789abcdef";
    let mut t = [[0u8; 2]; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = [D[i >> 4], D[i & 15]];
        i += 1;
    }
    t
};

/// The 8 lower-case hex digits of `x` as ASCII bytes, first digit in the most significant
/// byte: four lookups of [`HEX2`] (two digits per byte value), the fastest form measured for
/// `fill_line` (a nibble-spreading SWAR form takes ~1.6× as long on a `filter`-shaped line).
#[inline(always)]
fn hex8(x: u32) -> u64 {
    let [a, b, c, d] = x.to_be_bytes();
    let pair = |v: u8| u64::from(u16::from_le_bytes(HEX2[usize::from(v)]));
    // Little-endian: the first digit in the lowest byte; swapped to the documented order
    // (the callers' `to_be_bytes` undoes the swap, so it costs nothing).
    (pair(a) | (pair(b) << 16) | (pair(c) << 32) | (pair(d) << 48)).swap_bytes()
}

/// Stores the 8 digits `hex8(x)` at `line[end - 8 .. end]` (`end ≥ 8`) as one 8-byte store
/// (an array assignment: `copy_from_slice` carries the dev profile's UB-check call).
#[inline(always)]
fn put8(line: &mut [u8], end: usize, x: u32) {
    if let Ok(d) = <&mut [u8; 8]>::try_from(&mut line[end - 8..end]) {
        *d = hex8(x).to_be_bytes();
    }
}

/// Writes `value` as `digits` hex digits at `line[col..]` (the high digits of a wider value
/// are dropped; callers check widths first).
#[inline(always)]
fn put_hex(line: &mut [u8], col: usize, digits: usize, value: u64) {
    match digits {
        8 => line[col..col + 8].copy_from_slice(&hex8(value as u32).to_be_bytes()),
        16 => {
            line[col..col + 8].copy_from_slice(&hex8((value >> 32) as u32).to_be_bytes());
            line[col + 8..col + 16].copy_from_slice(&hex8(value as u32).to_be_bytes());
        }
        1..=7 => {
            let b = hex8(value as u32).to_be_bytes();
            for i in 0..digits {
                line[col + i] = b[8 - digits + i];
            }
        }
        _ => hex_into(&mut line[col..col + digits], value),
    }
}

/// Writes `value` as exactly `out.len()` hex digits, one byte pair at a time (any length).
#[inline]
pub fn hex_into(out: &mut [u8], mut value: u64) {
    let mut end = out.len();
    while end >= 2 {
        let pair = HEX2[(value & 0xFF) as usize];
        out[end - 2] = pair[0];
        out[end - 1] = pair[1];
        value >>= 8;
        end -= 2;
    }
    if end == 1 {
        out[0] = HEX2[(value & 0xF) as usize][1];
    }
}

/// Fills the digits of one line that already holds the layout's template (separators and
/// newline) with `values`, in field order.
///
/// Fields are written right to left, each as whole 8-byte blocks ending at the field's last
/// digit; a block may spill over the fields to its left, which are written afterwards, and
/// over the separator before the field, which is put back at once.
#[inline]
pub fn fill_line(layout: &Layout, values: &[u64], line: &mut [u8]) {
    for (&(col, digits), v) in layout.slots.iter().zip(values).rev() {
        let end = col + digits;
        if digits <= 8 && end >= 8 {
            put8(line, end, *v as u32);
        } else if digits <= 16 && end >= 16 {
            put8(line, end - 8, (*v >> 32) as u32);
            put8(line, end, *v as u32);
        } else {
            put_hex(line, col, digits, *v);
        }
        if col > 0 {
            line[col - 1] = b'_';
        }
    }
}

/// Appends one vector line (`values` in field order) to `buf`.
pub fn push_line(layout: &Layout, values: &[u64], buf: &mut Vec<u8>) {
    let start = buf.len();
    buf.extend_from_slice(&layout.template);
    fill_line(layout, values, &mut buf[start..]);
}

/// Parses one vector line back into field values.
#[cfg(test)]
pub fn parse_line(layout: &Layout, line: &str) -> Result<Vec<u64>> {
    let parts: Vec<&str> = line.trim_end().split('_').collect();
    if parts.len() != layout.fields.len() {
        anyhow::bail!("{} fields, expected {}", parts.len(), layout.fields.len());
    }
    layout
        .fields
        .iter()
        .zip(parts)
        .map(|(f, p)| {
            if p.len() != f.digits as usize {
                anyhow::bail!("field `{}` has {} digits, expected {}", f.name, p.len(), f.digits);
            }
            u64::from_str_radix(p, 16).with_context(|| format!("field `{}`", f.name))
        })
        .collect()
}

/// Hex of a digest.
pub fn hex_digest(d: &[u8]) -> String {
    let mut s = vec![0u8; d.len() * 2];
    for (i, b) in d.iter().enumerate() {
        s[2 * i..2 * i + 2].copy_from_slice(&HEX2[usize::from(*b)]);
    }
    String::from_utf8(s).unwrap_or_default()
}

/// A file written under a temporary name, hashed as it is written, and renamed to its final
/// name by [`AtomicFile::commit`]. Dropping it uncommitted removes the temporary file.
pub struct AtomicFile {
    dst: PathBuf,
    tmp: PathBuf,
    file: Option<File>,
    hasher: Sha256,
    bytes: u64,
    committed: bool,
}

/// Marker in the names of temporary files: `.<name>.<pid>.tmp`.
pub fn tmp_name(dst: &Path) -> PathBuf {
    let name = dst.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    dst.with_file_name(format!(".{name}.{}.tmp", std::process::id()))
}

impl AtomicFile {
    /// Creates the temporary file next to `dst`.
    pub fn create(dst: &Path) -> Result<AtomicFile> {
        let tmp = tmp_name(dst);
        let file = File::create(&tmp).with_context(|| format!("cannot create {}", tmp.display()))?;
        Ok(AtomicFile::with(dst, tmp, file))
    }

    /// The state of a file `file` opened under the temporary name `tmp` of `dst`.
    fn with(dst: &Path, tmp: PathBuf, file: File) -> AtomicFile {
        AtomicFile { dst: dst.to_path_buf(), tmp, file: Some(file), hasher: Sha256::new(), bytes: 0, committed: false }
    }

    /// Like [`AtomicFile::create`], but when `dst` is a regular file with no other link it
    /// becomes the temporary file (renamed, not truncated) and is overwritten in place; the
    /// caller writes every byte with [`AtomicFile::write_at`] and
    /// [`AtomicFile::finish_ordered`] cuts it to the new length. Dropped uncommitted, the
    /// temporary file is removed as usual, so `dst` is then gone.
    pub fn recycle(dst: &Path) -> Result<AtomicFile> {
        let tmp = tmp_name(dst);
        if !reusable(dst) || fs::rename(dst, &tmp).is_err() {
            return AtomicFile::create(dst);
        }
        let file =
            fs::OpenOptions::new().write(true).open(&tmp).with_context(|| format!("cannot open {}", tmp.display()))?;
        Ok(AtomicFile::with(dst, tmp, file))
    }

    /// Appends bytes.
    pub fn write(&mut self, data: &[u8]) -> Result<()> {
        if let Some(f) = self.file.as_mut() {
            f.write_all(data).with_context(|| format!("cannot write {}", self.tmp.display()))?;
        }
        self.hasher.update(data);
        self.bytes += data.len() as u64;
        Ok(())
    }

    /// Writes `data` at byte `offset` (any order, from any thread; nothing is hashed: a file
    /// written this way is hashed by an [`OrderedHash`] and closed by
    /// [`AtomicFile::finish_ordered`]).
    pub fn write_at(&self, offset: u64, data: &[u8]) -> Result<()> {
        let f = self.file.as_ref().ok_or_else(|| anyhow::anyhow!("{} is closed", self.tmp.display()))?;
        positional_write(f, offset, data).with_context(|| format!("cannot write {}", self.tmp.display()))
    }

    /// Closes a file written with [`AtomicFile::write_at`] whose pieces `h` hashed in order;
    /// returns `(SHA-256 hex, bytes)`. The file still has its temporary name.
    pub fn finish_ordered(&mut self, h: OrderedHash) -> Result<(String, u64)> {
        let (digest, bytes) = h.finish();
        if let Some(f) = self.file.take() {
            f.set_len(bytes).with_context(|| format!("cannot size {}", self.tmp.display()))?;
        }
        self.bytes = bytes;
        Ok((digest, bytes))
    }

    /// Closes the file; returns `(SHA-256 hex, bytes)`. The file still has its temporary name.
    /// (No fsync: the rename makes a run atomic for readers and against interruption; it does
    /// not make it durable against a power cut, which a re-run repairs.)
    pub fn finish(&mut self) -> Result<(String, u64)> {
        self.file.take();
        let digest = std::mem::take(&mut self.hasher).finalize();
        Ok((hex_digest(&digest), self.bytes))
    }

    /// Renames the temporary file to its final name.
    pub fn commit(mut self) -> Result<()> {
        self.file.take();
        fs::rename(&self.tmp, &self.dst)
            .with_context(|| format!("cannot rename {} to {}", self.tmp.display(), self.dst.display()))?;
        self.committed = true;
        Ok(())
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if !self.committed {
            self.file.take();
            let _ = fs::remove_file(&self.tmp);
        }
    }
}

/// `path` is a regular file (not a symbolic link) with one link: overwriting it changes no
/// other name's contents.
fn reusable(path: &Path) -> bool {
    let Ok(m) = fs::symlink_metadata(path) else { return false };
    #[cfg(unix)]
    let single = std::os::unix::fs::MetadataExt::nlink(&m) == 1;
    #[cfg(not(unix))]
    let single = true;
    m.file_type().is_file() && single
}

#[cfg(unix)]
fn positional_write(f: &File, offset: u64, data: &[u8]) -> std::io::Result<()> {
    std::os::unix::fs::FileExt::write_all_at(f, data, offset)
}

#[cfg(windows)]
fn positional_write(f: &File, mut offset: u64, mut data: &[u8]) -> std::io::Result<()> {
    while !data.is_empty() {
        let n = std::os::windows::fs::FileExt::seek_write(f, data, offset)?;
        if n == 0 {
            return Err(std::io::ErrorKind::WriteZero.into());
        }
        data = &data[n..];
        offset += n as u64;
    }
    Ok(())
}

/// The SHA-256 of a file whose pieces are produced out of order by several threads.
///
/// Piece `k` is hashed as soon as pieces `0..k` have been, by whichever thread delivers the
/// piece that extends the hashed prefix; the other threads only leave their piece and go on.
/// So the hashing of different files runs in parallel, and no thread waits for another.
pub struct OrderedHash {
    state: Mutex<OrderedState>,
}

struct OrderedState {
    /// The next piece to hash.
    next: usize,
    /// Delivered pieces not hashed yet.
    pending: BTreeMap<usize, Vec<u8>>,
    /// `None` while a thread is hashing (outside the lock).
    hasher: Option<Sha256>,
    bytes: u64,
}

impl Default for OrderedHash {
    fn default() -> Self {
        OrderedHash {
            state: Mutex::new(OrderedState {
                next: 0,
                pending: BTreeMap::new(),
                hasher: Some(Sha256::new()),
                bytes: 0,
            }),
        }
    }
}

impl OrderedHash {
    fn lock(&self) -> MutexGuard<'_, OrderedState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Hands over piece `k` (each `k` once). Hashes it and every piece it makes ready unless
    /// another thread is hashing this file (that thread then takes them); returns how many
    /// pieces this call hashed.
    pub fn deliver(&self, k: usize, piece: Vec<u8>) -> usize {
        let mut hashed = 0;
        let mut st = self.lock();
        st.pending.insert(k, piece);
        loop {
            let Some(mut h) = st.hasher.take() else { return hashed };
            let next = st.next;
            let Some(p) = st.pending.remove(&next) else {
                st.hasher = Some(h);
                return hashed;
            };
            drop(st);
            h.update(&p);
            st = self.lock();
            st.hasher = Some(h);
            st.next += 1;
            st.bytes += p.len() as u64;
            hashed += 1;
        }
    }

    /// Pieces hashed so far.
    pub fn hashed(&self) -> usize {
        self.lock().next
    }

    /// `(SHA-256 hex, bytes)` of the pieces hashed (pieces still pending are not included).
    pub fn finish(self) -> (String, u64) {
        let st = self.state.into_inner().unwrap_or_else(|e| e.into_inner());
        let digest = st.hasher.unwrap_or_default().finalize();
        (hex_digest(&digest), st.bytes)
    }
}

/// Removes temporary files left in `dir` by runs that were killed (their process is gone).
pub fn remove_stale_temps(dir: &Path) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        let Some(rest) = name.strip_prefix('.').and_then(|n| n.strip_suffix(".tmp")) else { continue };
        let Some(pid) = rest.rsplit('.').next().and_then(|p| p.parse::<u32>().ok()) else { continue };
        if pid != std::process::id() && !Path::new(&format!("/proc/{pid}")).exists() {
            let _ = fs::remove_file(e.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Field;

    #[test]
    fn ordered_hash_of_pieces_delivered_in_any_order_from_any_thread() {
        let pieces: Vec<Vec<u8>> = (0..200u32).map(|k| (0..(k * 37 % 300)).map(|b| (b ^ k) as u8).collect()).collect();
        let whole: Vec<u8> = pieces.concat();
        let want = (hex_digest(&Sha256::digest(&whole)), whole.len() as u64);
        for stride in [1usize, 7, 13] {
            let h = OrderedHash::default();
            let hashed = std::sync::atomic::AtomicUsize::new(0);
            std::thread::scope(|s| {
                for t in 0..3usize {
                    let (h, hashed, pieces) = (&h, &hashed, &pieces);
                    s.spawn(move || {
                        // Thread t delivers the pieces k with (k * stride) % 3 == t, last first.
                        for k in (0..pieces.len()).rev().filter(|k| (k * stride) % 3 == t) {
                            hashed.fetch_add(h.deliver(k, pieces[k].clone()), std::sync::atomic::Ordering::Relaxed);
                        }
                    });
                }
            });
            assert_eq!(hashed.into_inner(), pieces.len());
            assert_eq!(h.hashed(), pieces.len());
            assert_eq!(h.finish(), want, "stride {stride}");
        }
    }

    #[test]
    fn hex_digits() {
        let mut b = [0u8; 5];
        hex_into(&mut b, 0xABCDE);
        assert_eq!(&b, b"abcde");
        let mut b = [0u8; 1];
        hex_into(&mut b, 0x1);
        assert_eq!(&b, b"1");
        let mut b = [0u8; 16];
        hex_into(&mut b, u64::MAX - 1);
        assert_eq!(&b, b"fffffffffffffffe");
    }

    #[test]
    fn fast_hex_matches_format() {
        let mut r = crate::rng::Rand::new(1, "hex", 0);
        for i in 0..20_000u64 {
            let v = if i < 64 { 1u64.wrapping_shl(i as u32).wrapping_sub(1) } else { r.u64() };
            for n in 1..=16usize {
                let mut b = vec![b'x'; n + 2];
                put_hex(&mut b, 1, n, v);
                let want = format!("x{}x", &format!("{v:016x}")[16 - n..]);
                assert_eq!(std::str::from_utf8(&b).unwrap(), want, "{v:#x} {n}");
            }
        }
    }

    #[test]
    fn lines_of_every_shape() {
        use crate::rng::Rand;
        let mut r = Rand::new(2, "shapes", 0);
        for _ in 0..300 {
            let n = r.range(2, 12) as usize;
            let fields: Vec<Field> = (0..n)
                .map(|i| {
                    let w = r.range(1, 64) as u32;
                    if i == 0 {
                        Field::input(format!("f{i}"), w, "")
                    } else {
                        Field::output(format!("f{i}"), w, "")
                    }
                })
                .collect();
            let l = Layout::new("u", &fields).unwrap();
            let vals: Vec<u64> = fields.iter().map(|f| r.u64() & (u64::MAX >> (64 - f.width))).collect();
            let mut buf = Vec::new();
            push_line(&l, &vals, &mut buf);
            let want: Vec<String> =
                fields.iter().zip(&vals).map(|(f, v)| format!("{v:0w$x}", w = f.width.div_ceil(4) as usize)).collect();
            assert_eq!(String::from_utf8(buf).unwrap(), format!("{}\n", want.join("_")));
        }
    }

    #[test]
    fn line_round_trip() {
        let l = Layout::new(
            "u",
            &[
                Field::input("a", 1, ""),
                Field::input("b", 32, ""),
                Field::output("c", 13, ""),
                Field::output("d", 64, ""),
            ],
        )
        .unwrap();
        let v = [1u64, 0xDEAD_BEEF, 0x1ABC, 0x0123_4567_89AB_CDEF];
        let mut buf = Vec::new();
        push_line(&l, &v, &mut buf);
        assert_eq!(buf, b"1_deadbeef_1abc_0123456789abcdef\n");
        assert_eq!(parse_line(&l, std::str::from_utf8(&buf).unwrap()).unwrap(), v);
    }
}
