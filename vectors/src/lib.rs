//! `texcore-vectors`: test vectors for HDL co-simulation, as a library (`cargo xtask vectors`
//! is its command line, `texcore-dpi` the C ABI over its op-level units).
//!
//! A **unit** (one module per unit: [`nv_txq`], [`tgsi_query`], [`intel_info`], [`coord`], [`f32_sub`], [`f32_div`], [`f32_to_f16`], [`wrap`],
//! [`texel_decode`], [`filter`], [`gather_cmp`], [`lod`]; the op-level units `sample`, `sample_c`, `gather`,
//! `fetch`, `tmml`, `store` in [`ops`], whose fields and evaluation are [`op_unit`] over the texture set [`texset`]) is a block
//! of the texture unit with a vector file: it declares its fields ([`layout`]), the memory
//! images it reads ([`pools`]), its level-1 directed stimuli, its weighted-random stimulus and
//! how the core computes the expected outputs. Everything else — placement in the line, hex
//! writing, sharding, parallelism, hashing, the manifest and the generated SystemVerilog
//! package ([`svpkg`]) — is shared, so a new unit plugs in by implementing [`Unit`] and adding
//! it to [`all_units`].
//!
//! Determinism: vector `i` of a unit is either directed stimulus `i`, or random vector
//! `i − directed` whose stream is block `(i − directed) / BLOCK` seeded from `(seed, unit,
//! block)`. Nothing depends on thread count, scheduling or shard boundaries, so the same
//! arguments give byte-identical files, and the shards of a split run concatenate to the
//! unsplit files.

#![forbid(unsafe_code)]

pub mod coord;
pub mod docgen;
pub mod f32_div;
pub mod f32_sub;
pub mod f32_to_f16;
pub mod filter;
pub mod gather_cmp;
pub mod hex;
pub mod intel_info;
pub mod layout;
pub mod lod;
pub mod nv_txq;
pub mod op_unit;
pub mod ops;
pub mod pools;
pub mod rng;
pub mod svpkg;
pub mod texel_decode;
pub mod texset;
pub mod tgsi_query;
pub mod wrap;
pub mod writer;

#[cfg(test)]
mod tests;

use std::collections::BTreeMap;
use std::fs;
use std::io::IsTerminal;
use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::Instant;

use anyhow::{anyhow, bail, Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

use self::layout::{Field, Image, Layout};
use self::pools::Fixture;
use self::rng::Rand;
use self::writer::AtomicFile;

/// Random vectors per block (one PRNG stream each). Part of the determinism contract.
pub const BLOCK: u64 = 4096;

/// A block of the texture unit with a vector file.
pub trait Unit: Sync {
    /// Short name: the file stem, the `--ops` value and the SV prefix (upper-cased).
    fn name(&self) -> &'static str;
    /// One line: what the unit is.
    fn title(&self) -> &'static str;
    /// The ordered fields (inputs first).
    fn fields(&self) -> Vec<Field>;
    /// Memory images the unit reads.
    fn images(&self) -> &'static [Image];
    /// The reference-RTL sources (in `hdl-vectors/rtl/`) its testbench
    /// `hdl-vectors/tb/tb_<name>.sv` needs, besides the generated packages. Empty for the
    /// op-level units, which have no RTL and are checked through DPI-C
    /// (`hdl-vectors/tb/tb_dpi_ops.sv`).
    fn rtl_files(&self) -> &'static [&'static str];
    /// Random vectors per run at level 2 when `--count` is not given.
    fn default_count(&self) -> u64;
    /// Level-1 directed stimuli: appends the input values of each vector (in field order) to
    /// `out`.
    fn directed(&self, fx: &Fixture, out: &mut Vec<u64>);
    /// One weighted-random stimulus: fills `inputs` (the values are masked to the field
    /// widths afterwards).
    fn random(&self, fx: &Fixture, r: &mut Rand, inputs: &mut [u64]);
    /// Runs the core on `inputs` and fills `outputs`.
    fn eval(&self, fx: &Fixture, inputs: &[u64], outputs: &mut [u64]) -> Result<()>;
}

/// Every unit, in output order.
pub fn all_units() -> Vec<&'static dyn Unit> {
    vec![
        &nv_txq::NvTxq,
        &tgsi_query::TgsiQuery,
        &intel_info::IntelInfo,
        &coord::Coord,
        &f32_sub::F32Sub,
        &f32_div::F32Div,
        &f32_to_f16::F32ToF16,
        &wrap::Wrap,
        &texel_decode::TexelDecode,
        &filter::Filter,
        &gather_cmp::GatherCmp,
        &lod::LodUnit,
        &ops::SAMPLE,
        &ops::SAMPLE_C,
        &ops::GATHER,
        &ops::FETCH,
        &ops::TMML,
        &ops::STORE,
    ]
}

/// Named groups accepted by `--ops` besides unit names.
pub const GROUPS: [(&str, &[&str]); 4] = [
    (
        "all",
        &[
            "nv_txq",
            "tgsi_query",
            "intel_info",
            "coord",
            "f32_sub",
            "f32_div",
            "f32_to_f16",
            "wrap",
            "texel_decode",
            "filter",
            "gather_cmp",
            "lod",
            "sample",
            "sample_c",
            "gather",
            "fetch",
            "tmml",
            "store",
        ],
    ),
    ("query", &["nv_txq", "tgsi_query", "intel_info"]),
    ("stage", &["coord", "f32_sub", "f32_div", "f32_to_f16", "wrap", "texel_decode", "filter", "gather_cmp", "lod"]),
    ("op", &["sample", "sample_c", "gather", "fetch", "tmml", "store"]),
];

/// A unit with its placed layout.
pub struct UnitDef {
    /// The unit.
    pub unit: &'static dyn Unit,
    /// Its layout.
    pub layout: Layout,
}

/// Every unit with its layout (fails only on a malformed unit definition).
pub fn unit_defs() -> Result<Vec<UnitDef>> {
    all_units().into_iter().map(|u| Ok(UnitDef { unit: u, layout: Layout::new(u.name(), &u.fields())? })).collect()
}

/// `k/n` of `--shard` (1-based k).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Shard {
    /// This part, 1 ..= n.
    pub k: u64,
    /// Number of parts.
    pub n: u64,
}

impl Shard {
    /// The whole set.
    pub const ALL: Shard = Shard { k: 1, n: 1 };

    /// The vectors `lo .. hi` of `total` this shard writes.
    pub fn range(self, total: u64) -> (u64, u64) {
        let cut = |k: u64| ((u128::from(total) * u128::from(k)) / u128::from(self.n)) as u64;
        (cut(self.k - 1), cut(self.k))
    }

    /// File-name suffix (`""` for the whole set).
    pub fn suffix(self) -> String {
        if self.n == 1 {
            String::new()
        } else {
            format!(".part{}of{}", self.k, self.n)
        }
    }
}

/// `--shard` value parser: `k/n` (1-based k).
pub fn parse_shard(s: &str) -> Result<Shard, String> {
    let (k, n) = s.split_once('/').ok_or_else(|| format!("`{s}`: expected k/n, e.g. 2/4"))?;
    let k: u64 = k.trim().parse().map_err(|_| format!("`{s}`: k is not a number"))?;
    let n: u64 = n.trim().parse().map_err(|_| format!("`{s}`: n is not a number"))?;
    if n == 0 || k == 0 || k > n {
        return Err(format!("`{s}`: need 1 <= k <= n"));
    }
    Ok(Shard { k, n })
}

/// `--ops` value parser: a unit or group name.
pub fn parse_op(s: &str) -> Result<String, String> {
    let s = s.trim().to_ascii_lowercase();
    let known: Vec<&str> = all_units().iter().map(|u| u.name()).chain(GROUPS.iter().map(|g| g.0)).collect();
    if known.contains(&s.as_str()) {
        Ok(s)
    } else {
        Err(format!("unknown unit `{s}` (known: {})", known.join(", ")))
    }
}

/// A resolved generation request.
#[derive(Clone, Debug)]
pub struct Options {
    /// Level 1 or 2.
    pub level: u8,
    /// Seed.
    pub seed: u64,
    /// Random vectors per unit (None: each unit's default). Ignored at level 1.
    pub count: Option<u64>,
    /// Unit names (empty: all).
    pub units: Vec<String>,
    /// Part of the set.
    pub shard: Shard,
    /// Output directory.
    pub out: PathBuf,
    /// Progress bar and summary on stderr.
    pub verbose: bool,
}

/// `hdl-vectors/out` in the workspace.
pub fn default_out() -> PathBuf {
    root().join("hdl-vectors/out")
}

/// Selects the unit definitions named by `names` (unit or group names; empty = all).
pub fn select(names: &[String]) -> Result<Vec<UnitDef>> {
    let defs = unit_defs()?;
    if names.is_empty() {
        return Ok(defs);
    }
    let mut wanted: Vec<&str> = Vec::new();
    for n in names {
        if let Some((_, members)) = GROUPS.iter().find(|g| g.0 == n) {
            wanted.extend(members.iter());
        } else if defs.iter().any(|d| d.unit.name() == n) {
            wanted.push(n);
        } else {
            bail!("unknown unit `{n}`");
        }
    }
    Ok(defs.into_iter().filter(|d| wanted.contains(&d.unit.name())).collect())
}

/// What one unit got in a run.
#[derive(Clone, Debug, Serialize)]
pub struct UnitReport {
    /// Unit name.
    pub name: String,
    /// One-line description.
    pub title: String,
    /// Vector file name.
    pub file: String,
    /// Directed vectors in the whole set.
    pub directed: u64,
    /// Random vectors in the whole set.
    pub random: u64,
    /// Index of this file's first vector in the whole set.
    pub first: u64,
    /// Vectors in this file.
    pub vectors: u64,
    /// Images read.
    pub images: Vec<String>,
    /// Layout.
    pub layout: Layout,
}

/// One written file.
#[derive(Clone, Debug, Serialize)]
pub struct FileReport {
    /// Bytes.
    pub bytes: u64,
    /// SHA-256, hex.
    pub sha256: String,
}

/// The manifest (`manifest.json`).
#[derive(Clone, Debug, Serialize)]
pub struct Manifest {
    /// Format identifier.
    pub format: &'static str,
    /// texcore version the expected outputs come from.
    pub texcore_version: &'static str,
    /// Level.
    pub level: u8,
    /// Seed.
    pub seed: u64,
    /// `--count` (null: unit defaults).
    pub count: Option<u64>,
    /// Shard.
    pub shard: Shard,
    /// Random vectors per PRNG block.
    pub block: u64,
    /// Units.
    pub units: Vec<UnitReport>,
    /// Memory images.
    pub images: Vec<ImageReport>,
    /// Every file written (except the manifest) → size and SHA-256.
    pub files: BTreeMap<String, FileReport>,
}

/// A memory image in the manifest.
#[derive(Clone, Debug, Serialize)]
pub struct ImageReport {
    /// Which image.
    pub name: Image,
    /// File name.
    pub file: String,
    /// Lines.
    pub entries: u32,
    /// Bits per line.
    pub entry_bits: u32,
    /// Testbench plusarg.
    pub plusarg: String,
    /// Meaning.
    pub doc: String,
}

/// Outcome of [`generate`].
pub struct Report {
    /// The manifest written.
    pub manifest: Manifest,
    /// Output directory.
    pub out: PathBuf,
    /// Wall time, seconds.
    pub seconds: f64,
}

impl Report {
    /// Total vectors written.
    pub fn vectors(&self) -> u64 {
        self.manifest.units.iter().map(|u| u.vectors).sum()
    }

    /// Total bytes written.
    pub fn bytes(&self) -> u64 {
        self.manifest.files.values().map(|f| f.bytes).sum()
    }
}

/// A piece of work: vectors `emit_lo .. emit_hi` of one unit, from directed stimuli or from
/// one random block (generated from its start).
#[derive(Clone, Copy, Debug)]
struct Item {
    unit: usize,
    kind: Kind,
    emit_lo: u64,
    emit_hi: u64,
}

#[derive(Clone, Copy, Debug)]
enum Kind {
    Directed,
    /// Random block `b`: whole-set vector indices `directed + b·BLOCK ..`.
    Random(u64),
}

struct Prepared<'a> {
    def: &'a UnitDef,
    directed: Vec<u64>,
    n_directed: u64,
    n_random: u64,
    lo: u64,
    hi: u64,
}

impl Prepared<'_> {
    fn total(&self) -> u64 {
        self.n_directed + self.n_random
    }
}

fn items(units: &[Prepared<'_>]) -> Vec<Item> {
    let mut v = Vec::new();
    for (ui, p) in units.iter().enumerate() {
        // Directed vectors in pieces of BLOCK.
        let mut s = 0;
        while s < p.n_directed {
            let e = (s + BLOCK).min(p.n_directed);
            let (lo, hi) = (s.max(p.lo), e.min(p.hi));
            if lo < hi {
                v.push(Item { unit: ui, kind: Kind::Directed, emit_lo: lo, emit_hi: hi });
            }
            s = e;
        }
        let blocks = p.n_random.div_ceil(BLOCK);
        for b in 0..blocks {
            let s = p.n_directed + b * BLOCK;
            let e = p.n_directed + ((b + 1) * BLOCK).min(p.n_random);
            let (lo, hi) = (s.max(p.lo), e.min(p.hi));
            if lo < hi {
                v.push(Item { unit: ui, kind: Kind::Random(b), emit_lo: lo, emit_hi: hi });
            }
        }
    }
    v
}

/// Evaluates one vector (inputs already in `vals[..n_in]`) and writes it into `line`, which
/// holds the layout's template.
fn emit(p: &Prepared<'_>, fx: &Fixture, vals: &mut [u64], index: u64, line: &mut [u8]) -> Result<()> {
    let l = &p.def.layout;
    let (in_masks, out_masks) = l.masks.split_at(l.n_in);
    for (v, m) in vals.iter_mut().zip(in_masks) {
        *v &= m;
    }
    let (inp, out) = vals.split_at_mut(l.n_in);
    out.fill(0);
    p.def.unit.eval(fx, inp, out).with_context(|| format!("{} vector {index}", l.unit))?;
    // One OR over every output's excess bits; the loop that names the field runs only on
    // failure.
    if out.iter().zip(out_masks).fold(0, |acc, (v, m)| acc | (v & !m)) != 0 {
        for ((v, m), f) in out.iter().zip(out_masks).zip(&l.fields[l.n_in..]) {
            if v & !m != 0 {
                bail!("{} vector {index}: output `{}` = {v:#x} does not fit {} bits", l.unit, f.name, f.width);
            }
        }
    }
    writer::fill_line(l, vals, line);
    Ok(())
}

fn run_item(p: &Prepared<'_>, fx: &Fixture, seed: u64, it: &Item) -> Result<Vec<u8>> {
    let l = &p.def.layout;
    let mut buf = l.template.repeat((it.emit_hi - it.emit_lo) as usize);
    let mut lines = buf.chunks_exact_mut(l.line_len);
    let mut vals = vec![0u64; l.fields.len()];
    match it.kind {
        Kind::Directed => {
            for (i, line) in (it.emit_lo..it.emit_hi).zip(&mut lines) {
                let s = i as usize * l.n_in;
                let src = p.directed.get(s..s + l.n_in).ok_or_else(|| anyhow!("directed vector {i} missing"))?;
                vals[..l.n_in].copy_from_slice(src);
                emit(p, fx, &mut vals, i, line)?;
            }
        }
        Kind::Random(b) => {
            let mut r = Rand::new(seed, p.def.unit.name(), b);
            let start = p.n_directed + b * BLOCK;
            for i in start..it.emit_hi {
                p.def.unit.random(fx, &mut r, &mut vals[..l.n_in]);
                if i >= it.emit_lo {
                    let line = lines.next().ok_or_else(|| anyhow!("line buffer too short"))?;
                    emit(p, fx, &mut vals, i, line)?;
                }
            }
        }
    }
    Ok(buf)
}

/// Writes one memory image.
fn image_bytes(fx: &Fixture, img: Image) -> Vec<u8> {
    let mut out = Vec::new();
    let mut word = [0u8; 8];
    let mut put = |w: u32, out: &mut Vec<u8>| {
        writer::hex_into(&mut word, u64::from(w));
        out.extend_from_slice(&word);
    };
    match img {
        Image::Cbank => {
            for w in &fx.cbank {
                put(*w, &mut out);
                out.push(b'\n');
            }
        }
        Image::TexMem => out = crate::hex::write_texmem(&fx.ops.texmem).into_bytes(),
        Image::HdrPool | Image::SmpPool | Image::OpHdr | Image::OpSmp => {
            let pool = match img {
                Image::HdrPool => &fx.headers,
                Image::SmpPool => &fx.samplers,
                Image::OpHdr => &fx.ops.headers,
                _ => &fx.ops.samplers,
            };
            for e in pool {
                for (i, w) in e.iter().rev().enumerate() {
                    if i > 0 {
                        out.push(b'_');
                    }
                    put(*w, &mut out);
                }
                out.push(b'\n');
            }
        }
    }
    out
}

/// Generates the vectors, images and manifest described by `o`.
pub fn generate(o: &Options) -> Result<Report> {
    let t0 = Instant::now();
    let defs = select(&o.units)?;
    if defs.is_empty() {
        bail!("no unit selected");
    }
    fs::create_dir_all(&o.out).with_context(|| format!("cannot create {}", o.out.display()))?;
    writer::remove_stale_temps(&o.out);
    let fx = Fixture::build(o.level, o.seed)?;

    let mut prepared = Vec::new();
    for d in &defs {
        let mut directed = Vec::new();
        d.unit.directed(&fx, &mut directed);
        let n_in = d.layout.n_in;
        if directed.len() % n_in != 0 {
            bail!("{}: directed stimuli are not a whole number of vectors", d.unit.name());
        }
        let n_directed = (directed.len() / n_in) as u64;
        let n_random = if o.level >= 2 { o.count.unwrap_or_else(|| d.unit.default_count()) } else { 0 };
        let mut p = Prepared { def: d, directed, n_directed, n_random, lo: 0, hi: 0 };
        (p.lo, p.hi) = o.shard.range(p.total());
        prepared.push(p);
    }
    let work = items(&prepared);
    let total_emit: u64 = prepared.iter().map(|p| p.hi - p.lo).sum();

    // Images first (small), then the vector files, all under temporary names.
    let mut images: Vec<Image> = defs.iter().flat_map(|d| d.unit.images().iter().copied()).collect();
    images.sort();
    images.dedup();
    let mut files: BTreeMap<String, FileReport> = BTreeMap::new();
    let mut pending: Vec<AtomicFile> = Vec::new();
    for img in &images {
        let mut f = AtomicFile::create(&o.out.join(img.file()))?;
        f.write(&image_bytes(&fx, *img))?;
        let (sha256, bytes) = f.finish()?;
        files.insert(img.file().to_string(), FileReport { bytes, sha256 });
        pending.push(f);
    }

    let suffix = o.shard.suffix();
    let names: Vec<String> = prepared.iter().map(|p| format!("{}{suffix}.vec", p.def.unit.name())).collect();
    // The previous manifest goes first: from here until the new one is written, no manifest
    // describes files that are being rewritten (see `writer` on recycled files).
    let manifest_path = o.out.join(format!("manifest{suffix}.json"));
    match fs::remove_file(&manifest_path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
            return Err(e).with_context(|| format!("cannot remove {}", manifest_path.display()))
        }
        _ => {}
    }
    let mut vec_files = names.iter().map(|n| AtomicFile::recycle(&o.out.join(n))).collect::<Result<Vec<_>>>()?;

    let bar = if o.verbose && total_emit >= 1_000_000 && std::io::stderr().is_terminal() {
        let b = ProgressBar::new(total_emit);
        b.set_style(
            ProgressStyle::with_template(
                "{spinner} {msg:>10} [{bar:40}] {human_pos}/{human_len} vectors  {per_sec}  eta {eta}",
            )
            .map_err(|e| anyhow!("{e}"))?
            .progress_chars("=> "),
        );
        b.set_message("vectors");
        Some(b)
    } else {
        None
    };

    // Generator threads claim items in order from a counter, run them, write each result at
    // its place in its file (every line of a unit has the same length, so an item's offset is
    // known before it runs) and hand it to the file's ordered hash, which whichever thread
    // completes the hashed prefix advances. Generation, the copy into the files and the
    // hashing of different files all run on every thread; there is no writer thread and no
    // barrier between items (a wave of items would wait for its slowest item, and under load
    // for a descheduled thread). Memory stays bounded: a thread claims an item only while
    // fewer than `window` claimed items are not hashed yet.
    let threads = rayon::current_num_threads().max(1);
    let window = threads * 4;
    let seed = o.seed;
    let mut seq_in_unit = vec![0usize; prepared.len()];
    let placed: Vec<(usize, u64)> = work
        .iter()
        .map(|it| {
            let p = &prepared[it.unit];
            let k = seq_in_unit[it.unit];
            seq_in_unit[it.unit] += 1;
            (k, (it.emit_lo - p.lo) * p.def.layout.line_len as u64)
        })
        .collect();
    let hashes: Vec<writer::OrderedHash> = prepared.iter().map(|_| writer::OrderedHash::default()).collect();
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let in_flight = (Mutex::new(0usize), Condvar::new());
    let failure: Mutex<Option<anyhow::Error>> = Mutex::new(None);
    std::thread::scope(|scope| {
        let (next, stop, in_flight, failure) = (&next, &stop, &in_flight, &failure);
        let (work, placed, prepared, fx, hashes, vec_files, bar) =
            (&work, &placed, &prepared, &fx, &hashes, &vec_files, &bar);
        for _ in 0..threads {
            scope.spawn(move || {
                let (lock, cv) = in_flight;
                let fail = |e: anyhow::Error| {
                    failure.lock().unwrap_or_else(|e| e.into_inner()).get_or_insert(e);
                    stop.store(true, Ordering::Relaxed);
                    drop(lock.lock().unwrap_or_else(|e| e.into_inner()));
                    cv.notify_all();
                };
                loop {
                    {
                        let mut n = lock.lock().unwrap_or_else(|e| e.into_inner());
                        while *n >= window && !stop.load(Ordering::Relaxed) {
                            n = cv.wait(n).unwrap_or_else(|e| e.into_inner());
                        }
                        if stop.load(Ordering::Relaxed) {
                            break;
                        }
                        *n += 1;
                    }
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let (Some(it), Some(&(k, offset))) = (work.get(i), placed.get(i)) else { break };
                    let p = &prepared[it.unit];
                    // A panic in the model becomes this item's error.
                    let r = std::panic::catch_unwind(AssertUnwindSafe(|| run_item(p, fx, seed, it)))
                        .unwrap_or_else(|_| {
                            Err(anyhow!(
                                "{}: panic while generating vectors {}..{}",
                                p.def.unit.name(),
                                it.emit_lo,
                                it.emit_hi
                            ))
                        })
                        .and_then(|bytes| vec_files[it.unit].write_at(offset, &bytes).map(|()| bytes));
                    match r {
                        Ok(bytes) => {
                            let hashed = hashes[it.unit].deliver(k, bytes);
                            if let Some(b) = bar {
                                b.inc(it.emit_hi - it.emit_lo);
                            }
                            if hashed > 0 {
                                *lock.lock().unwrap_or_else(|e| e.into_inner()) -= hashed;
                                cv.notify_all();
                            }
                        }
                        Err(e) => {
                            fail(e);
                            break;
                        }
                    }
                }
            });
        }
    });
    if let Some(e) = failure.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e);
    }
    if let Some(b) = &bar {
        b.finish_and_clear();
    }

    let mut unit_reports = Vec::new();
    for ((((p, f), name), h), &pieces) in
        prepared.iter().zip(vec_files.iter_mut()).zip(&names).zip(hashes).zip(&seq_in_unit)
    {
        let want = (p.hi - p.lo) * p.def.layout.line_len as u64;
        if h.hashed() != pieces {
            bail!("{}: {} of {pieces} pieces were hashed", p.def.unit.name(), h.hashed());
        }
        let (sha256, bytes) = f.finish_ordered(h)?;
        if bytes != want {
            bail!("{}: {bytes} bytes written, expected {want}", p.def.unit.name());
        }
        files.insert(name.clone(), FileReport { bytes, sha256 });
        unit_reports.push(UnitReport {
            name: p.def.unit.name().to_string(),
            title: p.def.unit.title().to_string(),
            file: name.clone(),
            directed: p.n_directed,
            random: p.n_random,
            first: p.lo,
            vectors: p.hi - p.lo,
            images: p.def.unit.images().iter().map(|i| i.file().to_string()).collect(),
            layout: p.def.layout.clone(),
        });
    }
    let manifest = Manifest {
        format: "texcore-vectors/1",
        texcore_version: env!("CARGO_PKG_VERSION"),
        level: o.level,
        seed: o.seed,
        count: if o.level >= 2 { o.count } else { None },
        shard: o.shard,
        block: BLOCK,
        units: unit_reports,
        images: images
            .iter()
            .map(|i| ImageReport {
                name: *i,
                file: i.file().to_string(),
                entries: i.entries(),
                entry_bits: i.entry_bits(),
                plusarg: i.plusarg().to_string(),
                doc: i.doc().to_string(),
            })
            .collect(),
        files,
    };
    let mut json = serde_json::to_vec_pretty(&manifest)?;
    json.push(b'\n');
    let mut mf = AtomicFile::create(&manifest_path)?;
    mf.write(&json)?;
    mf.finish()?;

    // Commit: every data file, then the manifest.
    for f in pending.into_iter().chain(vec_files) {
        f.commit()?;
    }
    mf.commit()?;
    let report = Report { manifest, out: o.out.clone(), seconds: t0.elapsed().as_secs_f64() };
    if o.verbose {
        print_summary(&report);
    }
    Ok(report)
}

fn print_summary(r: &Report) {
    let m = &r.manifest;
    eprintln!("vectors: level {}, seed {}, shard {}/{} -> {}", m.level, m.seed, m.shard.k, m.shard.n, r.out.display());
    for u in &m.units {
        let bytes = m.files.get(&u.file).map(|f| f.bytes).unwrap_or(0);
        eprintln!(
            "  {:<12} {:>11} vectors ({} directed + {} random in the set) {:>9.1} MB  {}",
            u.name,
            u.vectors,
            u.directed,
            u.random,
            bytes as f64 / 1e6,
            u.file
        );
    }
    let secs = r.seconds.max(1e-9);
    eprintln!(
        "  {} files + manifest, {:.1} MB, {} vectors in {:.2} s: {:.2} M vectors/s, {:.0} MB/s",
        m.files.len(),
        r.bytes() as f64 / 1e6,
        r.vectors(),
        r.seconds,
        r.vectors() as f64 / secs / 1e6,
        r.bytes() as f64 / secs / 1e6
    );
}

/// (Re)writes the committed generated files in `hdl-vectors/generated/` (the SystemVerilog
/// packages and vector-format.md), atomically; returns their paths relative to the workspace.
pub fn write_generated() -> Result<Vec<PathBuf>> {
    let mut written = Vec::new();
    for (path, text) in svpkg::generated_files()? {
        let dst = root().join(&path);
        if let Some(dir) = dst.parent() {
            fs::create_dir_all(dir)?;
        }
        let mut f = AtomicFile::create(&dst)?;
        f.write(text.as_bytes())?;
        f.finish()?;
        f.commit()?;
        written.push(path);
    }
    Ok(written)
}

/// The workspace root (the parent of `vectors/`).
pub fn root() -> PathBuf {
    let here = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    here.parent().map(PathBuf::from).unwrap_or(here)
}

/// Reads a manifest's file list and checks every file's SHA-256 (tests, cosim).
pub fn verify_manifest(dir: &Path, manifest: &str) -> Result<usize> {
    use sha2::{Digest, Sha256};
    let text = fs::read_to_string(dir.join(manifest)).with_context(|| format!("cannot read {manifest}"))?;
    let v: serde_json::Value = serde_json::from_str(&text)?;
    let files = v.get("files").and_then(|f| f.as_object()).ok_or_else(|| anyhow!("manifest has no `files`"))?;
    for (name, info) in files {
        let want = info.get("sha256").and_then(|s| s.as_str()).unwrap_or_default();
        let data = fs::read(dir.join(name)).with_context(|| format!("cannot read {name}"))?;
        let got = writer::hex_digest(&Sha256::digest(&data));
        if got != want {
            bail!("{name}: SHA-256 {got} does not match the manifest's {want}");
        }
    }
    Ok(files.len())
}
