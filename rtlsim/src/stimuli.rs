//! The op-level vector sets as requests: `fetch.vec`, `store.vec` and `sample.vec` (written
//! by `cargo xtask vectors --ops fetch,store,sample`) and the memory images they read, read
//! through their `manifest.json` (field names, widths and columns), turned into [`Op`]s.
//!
//! This is the only module that knows the vector files; it reads the files, not the code
//! that writes them.
//!
//! | unit | fields read | op |
//! |---|---|---|
//! | `fetch` | `hdr`, `op` (TXF, SAMPLE_I, SAMPLE_I_MS, LOAD), `x y z level`, `sample`, `off_*` | `TGSI_TXF` / `SAMPLE_I` / `SAMPLE_I_MS` / `LOAD` on header-pool pointer `hdr` |
//! | `store` | `hdr`, `op` (STORE, the ten atomics), `x y z w`, `src_*`, `cmp_*` | `TGSI_STORE` / `TGSI_ATOM*` |
//! | `sample` | the vectors with an explicit LOD (`lod_mode` 1), implicit derivatives (`grads` 0) and no TGSI form (`tgsi` 0): `hdr`, `smp`, `lod`, `off_*`, `c{lane}_{k}` | `TGSI_SAMPLE_L` (the quad's `lod` in every lane, the canonical coordinates as the address); the other vectors are not read |
//!
//! The images: `texmem.hex` (texel memory), `op_hdr.hex` (texture headers at pointers
//! 0 …), `op_smp.hex` (samplers). A vector's expected outputs are not used: the lock-step
//! run compares the device with the model.

use std::fs;
use std::path::Path;

use anyhow::{anyhow, bail, Context, Result};
use texcore::op::resource::AtomicOp;
use texcore_hal::Op;

/// A unit's vectors as ops, with the images they read.
pub struct OpSet {
    /// Unit name.
    pub unit: String,
    /// The ops, in file order.
    pub ops: Vec<Op>,
    /// Vectors of the unit that no op of this reader expresses (not run).
    pub skipped: usize,
}

/// The images of an op-level vector directory.
pub use texcore_vectors::hex::OpImages as Images;

struct Field {
    name: String,
    input: bool,
    digits: usize,
    column: usize,
}

fn layout(manifest: &serde_json::Value, unit: &str) -> Result<(String, Vec<Field>)> {
    let units = manifest["units"].as_array().ok_or_else(|| anyhow!("manifest has no `units`"))?;
    let u = units
        .iter()
        .find(|u| u["name"].as_str() == Some(unit))
        .ok_or_else(|| anyhow!("manifest has no unit `{unit}`"))?;
    let file = u["file"].as_str().ok_or_else(|| anyhow!("unit `{unit}`: no file"))?.to_string();
    let mut fields = Vec::new();
    for f in u["layout"]["fields"].as_array().ok_or_else(|| anyhow!("unit `{unit}`: no layout"))? {
        let get = |k: &str| f[k].as_u64().ok_or_else(|| anyhow!("unit `{unit}`: field without `{k}`"));
        fields.push(Field {
            name: f["name"].as_str().unwrap_or_default().to_string(),
            input: f["dir"].as_str().is_some_and(|d| d.eq_ignore_ascii_case("in")),
            digits: get("digits")? as usize,
            column: get("column")? as usize,
        });
    }
    Ok((file, fields))
}

/// The input fields of one line, by name.
struct Line<'a> {
    fields: &'a [Field],
    text: &'a str,
}

impl Line<'_> {
    fn get(&self, name: &str) -> Result<u64> {
        let f = self.fields.iter().find(|f| f.input && f.name == name).ok_or_else(|| anyhow!("no input `{name}`"))?;
        self.field(f)
    }
    fn field(&self, f: &Field) -> Result<u64> {
        let s = self.text.get(f.column..f.column + f.digits).ok_or_else(|| anyhow!("short line"))?;
        u64::from_str_radix(s, 16).with_context(|| format!("field `{}`: {s:?}", f.name))
    }
    /// The inputs whose name starts with `prefix`, in line order.
    fn group(&self, prefix: &str) -> Result<Vec<u64>> {
        self.fields.iter().filter(|f| f.input && f.name.starts_with(prefix)).map(|f| self.field(f)).collect()
    }
}

fn sext8(v: u64) -> i32 {
    i32::from(v as u8 as i8)
}

fn arr4(v: &[u64]) -> Result<[u32; 4]> {
    if v.len() != 4 {
        bail!("expected 4 components, got {}", v.len());
    }
    Ok([v[0] as u32, v[1] as u32, v[2] as u32, v[3] as u32])
}

/// Reads unit `unit` (`fetch`, `store` or `sample`) of the vector directory `dir`: at most
/// `limit` ops from the start of its file (vectors no op expresses are counted, not run).
pub fn read_set(dir: &Path, unit: &str, limit: usize) -> Result<OpSet> {
    let manifest: serde_json::Value =
        serde_json::from_slice(&fs::read(dir.join("manifest.json")).context("manifest.json")?)?;
    let (file, fields) = layout(&manifest, unit)?;
    let text = fs::read_to_string(dir.join(&file)).with_context(|| format!("{}", dir.join(&file).display()))?;
    let mut ops = Vec::new();
    let mut skipped = 0;
    for (n, line) in text.lines().enumerate() {
        if ops.len() >= limit {
            break;
        }
        let l = Line { fields: &fields, text: line };
        let op = match unit {
            "fetch" => fetch_op(&l).map(Some),
            "store" => store_op(&l).map(Some),
            "sample" => sample_l_op(&l),
            _ => bail!("unit `{unit}` is not read by the lock-step run"),
        }
        .with_context(|| format!("{file} line {}", n + 1))?;
        match op {
            Some(op) => ops.push(op),
            None => skipped += 1,
        }
    }
    Ok(OpSet { unit: unit.to_string(), ops, skipped })
}

/// Whether the vector directory `dir` has unit `unit`.
pub fn has_unit(dir: &Path, unit: &str) -> bool {
    fs::read(dir.join("manifest.json"))
        .ok()
        .and_then(|b| serde_json::from_slice::<serde_json::Value>(&b).ok())
        .is_some_and(|m| layout(&m, unit).is_ok())
}

/// A `sample` vector as TGSI `SAMPLE_L`: explicit LOD, implicit derivatives, no TGSI form;
/// `None` for the others.
fn sample_l_op(l: &Line<'_>) -> Result<Option<Op>> {
    if l.get("lod_mode")? != 1 || l.get("grads")? != 0 || l.get("tgsi")? != 0 {
        return Ok(None);
    }
    let off = l.group("off")?;
    let o = |i: usize| off.get(i).map_or(0, |v| sext8(*v));
    let mut address = [[0u32; 4]; 4];
    for (lane, a) in address.iter_mut().enumerate() {
        *a = arr4(&l.group(&format!("c{lane}_"))?)?;
    }
    let lod = l.get("lod")? as u32;
    Ok(Some(Op::TgsiSampleL {
        view: l.get("hdr")? as u32,
        sampler: l.get("smp")? as u32,
        address,
        offset: [o(0), o(1), o(2)],
        lod: [lod; 4],
    }))
}

fn fetch_op(l: &Line<'_>) -> Result<Op> {
    let view = l.get("hdr")? as u32;
    let a = [l.get("x")? as u32, l.get("y")? as u32, l.get("z")? as u32, l.get("level")? as u32];
    let off = l.group("off")?;
    let o = |i: usize| off.get(i).map_or(0, |v| sext8(*v));
    Ok(match l.get("op")? {
        0 => Op::TgsiTxf { view, coord: a.map(|v| v as i32), offset: [o(0), o(1), o(2)] },
        1 => Op::TgsiSampleI { view, address: a },
        2 => Op::TgsiSampleIMs { view, address: a, sample: l.get("sample")? as u32 },
        _ => Op::TgsiLoad { resource: view, address: a },
    })
}

fn store_op(l: &Line<'_>) -> Result<Op> {
    let resource = l.get("hdr")? as u32;
    let address = [l.get("x")? as u32, l.get("y")? as u32, l.get("z")? as u32, l.get("w")? as u32];
    let src = arr4(&l.group("src")?)?;
    let cmp = arr4(&l.group("cmp")?)?;
    Ok(match l.get("op")? {
        0 => Op::TgsiStore { resource, address, src },
        k => {
            let op = *AtomicOp::ALL.get(k as usize - 1).ok_or_else(|| anyhow!("store op {k}"))?;
            Op::TgsiAtomic { op, resource, address, src, cmp }
        }
    })
}

/// Reads `texmem.hex`, `op_hdr.hex` and `op_smp.hex` of `dir` (the vector crate's reader).
pub fn read_images(dir: &Path) -> Result<Images> {
    texcore_vectors::hex::read_op_images(dir).map_err(|e| anyhow!(e))
}
