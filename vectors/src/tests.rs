//! Tests of the vector pipeline (simulator-free; the simulator checks — every unit passes,
//! a flipped expected bit fails naming the vector — are part of `cargo xtask cosim`).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

use super::layout::Dir;
use super::*;

fn opts(dir: &Path, level: u8, count: Option<u64>, shard: Shard) -> Options {
    Options { level, seed: 7, count, units: Vec::new(), shard, out: dir.to_path_buf(), verbose: false }
}

fn hashes(r: &Report) -> BTreeMap<String, String> {
    r.manifest.files.iter().map(|(k, v)| (k.clone(), v.sha256.clone())).collect()
}

#[test]
fn same_arguments_give_identical_files_and_the_manifest_matches() {
    let a = tempfile::tempdir().unwrap();
    let b = tempfile::tempdir().unwrap();
    let ra = generate(&opts(a.path(), 2, Some(9000), Shard::ALL)).unwrap();
    let rb = generate(&opts(b.path(), 2, Some(9000), Shard::ALL)).unwrap();
    assert_eq!(hashes(&ra), hashes(&rb));
    for name in ra.manifest.files.keys() {
        assert_eq!(fs::read(a.path().join(name)).unwrap(), fs::read(b.path().join(name)).unwrap(), "{name}");
    }
    assert_eq!(fs::read(a.path().join("manifest.json")).unwrap(), fs::read(b.path().join("manifest.json")).unwrap());
    assert_eq!(verify_manifest(a.path(), "manifest.json").unwrap(), ra.manifest.files.len());
    // Every unit and image is in the manifest, nothing else is in the directory.
    let listed: BTreeSet<String> = ra.manifest.files.keys().cloned().chain(["manifest.json".to_string()]).collect();
    let present: BTreeSet<String> =
        fs::read_dir(a.path()).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    assert_eq!(listed, present);
    // A different seed changes the random vectors.
    let c = tempfile::tempdir().unwrap();
    let rc = generate(&Options { seed: 8, ..opts(c.path(), 2, Some(9000), Shard::ALL) }).unwrap();
    assert_ne!(hashes(&ra)["nv_txq.vec"], hashes(&rc)["nv_txq.vec"]);
    for f in ["sample.vec", "sample_c.vec", "gather.vec", "fetch.vec", "tmml.vec", "store.vec", "op_smp.hex"] {
        assert_ne!(hashes(&ra)[f], hashes(&rc)[f], "{f}");
    }
    // The texture set and op headers are directed: seed-independent.
    for f in ["texmem.hex", "op_hdr.hex"] {
        assert_eq!(hashes(&ra)[f], hashes(&rc)[f], "{f}");
    }
}

#[test]
fn files_do_not_depend_on_the_number_of_threads() {
    let run = |threads: usize| {
        let d = tempfile::tempdir().unwrap();
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        let r = pool.install(|| generate(&opts(d.path(), 2, Some(20_000), Shard::ALL))).unwrap();
        assert_eq!(verify_manifest(d.path(), "manifest.json").unwrap(), r.manifest.files.len());
        (hashes(&r), fs::read(d.path().join("manifest.json")).unwrap())
    };
    let one = run(1);
    for threads in [2, 5] {
        assert_eq!(run(threads), one, "{threads} threads");
    }
}

#[test]
fn manifest_detects_a_changed_file() {
    let a = tempfile::tempdir().unwrap();
    generate(&opts(a.path(), 1, None, Shard::ALL)).unwrap();
    let p = a.path().join("tgsi_query.vec");
    let mut bytes = fs::read(&p).unwrap();
    bytes[0] ^= 1;
    fs::write(&p, bytes).unwrap();
    assert!(verify_manifest(a.path(), "manifest.json").is_err());
}

#[test]
fn shards_concatenate_to_the_whole_set() {
    let whole = tempfile::tempdir().unwrap();
    let parts = tempfile::tempdir().unwrap();
    // 5000 random vectors: block boundaries fall inside shards.
    let rw = generate(&opts(whole.path(), 2, Some(5000), Shard::ALL)).unwrap();
    let n = 3;
    for k in 1..=n {
        generate(&opts(parts.path(), 2, Some(5000), Shard { k, n })).unwrap();
        assert!(verify_manifest(parts.path(), &format!("manifest.part{k}of{n}.json")).is_ok());
    }
    for u in &rw.manifest.units {
        let mut cat = Vec::new();
        for k in 1..=n {
            cat.extend(fs::read(parts.path().join(format!("{}.part{k}of{n}.vec", u.name))).unwrap());
        }
        assert_eq!(cat, fs::read(whole.path().join(&u.file)).unwrap(), "{}", u.name);
    }
    for img in ["cbank.hex", "hdr_pool.hex", "smp_pool.hex", "texmem.hex", "op_hdr.hex", "op_smp.hex"] {
        assert_eq!(fs::read(parts.path().join(img)).unwrap(), fs::read(whole.path().join(img)).unwrap());
    }
}

#[test]
fn level_1_is_the_prefix_of_level_2() {
    let l1 = tempfile::tempdir().unwrap();
    let l2 = tempfile::tempdir().unwrap();
    let r1 = generate(&opts(l1.path(), 1, None, Shard::ALL)).unwrap();
    generate(&opts(l2.path(), 2, Some(100), Shard::ALL)).unwrap();
    for u in &r1.manifest.units {
        assert_eq!(u.random, 0);
        assert!(u.directed > 1000, "{}: only {} directed vectors", u.name, u.directed);
        let a = fs::read(l1.path().join(&u.file)).unwrap();
        let b = fs::read(l2.path().join(&u.file)).unwrap();
        assert!(b.len() > a.len() && b.starts_with(&a), "{}", u.name);
    }
}

/// Every constant of the SV package has one definition: unit prefixes may overlap (the
/// `gather` unit's field `cmp` is `GATHER_CMP_LSB`, next to the `gather_cmp` unit's
/// `GATHER_CMP_*`), so a clash would only show up as a simulator error.
#[test]
fn sv_package_names_are_unique() {
    let pkg = svpkg::package(&unit_defs().unwrap());
    let mut seen = BTreeSet::new();
    for line in pkg.lines() {
        let Some(rest) = line.trim().strip_prefix("localparam ") else { continue };
        let name = rest.split('=').next().unwrap().split_whitespace().last().unwrap().to_string();
        assert!(seen.insert(name.clone()), "{name} is defined twice");
    }
    assert!(seen.len() > 500, "{}", seen.len());
    let tb = svpkg::tb_package(&unit_defs().unwrap());
    let tasks: Vec<&str> = tb.lines().filter(|l| l.contains("task automatic")).collect();
    assert_eq!(tasks.len(), unit_defs().unwrap().len());
}

#[test]
fn committed_generated_files_are_up_to_date() {
    for (path, text) in svpkg::generated_files().unwrap() {
        let committed = fs::read_to_string(root().join(&path)).unwrap_or_default();
        assert!(
            committed == text,
            "{} differs from what the Rust layout generates: run `cargo xtask vectors --write-generated`",
            path.display()
        );
    }
}

/// Every line parses back to in-range fields, and re-evaluating its inputs with the core
/// gives its outputs.
#[test]
fn lines_round_trip_through_the_core() {
    let d = tempfile::tempdir().unwrap();
    let r = generate(&opts(d.path(), 2, Some(3000), Shard::ALL)).unwrap();
    let fx = Fixture::build(2, 7).unwrap();
    for def in unit_defs().unwrap() {
        let l = &def.layout;
        let text = fs::read_to_string(d.path().join(format!("{}.vec", l.unit))).unwrap();
        let mut n = 0;
        for line in text.lines() {
            assert_eq!(line.len() + 1, l.line_len);
            let v = writer::parse_line(l, line).unwrap();
            for (x, f) in v.iter().zip(&l.fields) {
                assert!(f.width == 64 || *x < 1u64 << f.width, "{} field {} = {x:#x}", l.unit, f.name);
            }
            let mut out = vec![0u64; l.n_out()];
            def.unit.eval(&fx, &v[..l.n_in], &mut out).unwrap();
            assert_eq!(out, v[l.n_in..], "{}: {line}", l.unit);
            n += 1;
        }
        let u = r.manifest.units.iter().find(|u| u.name == l.unit).unwrap();
        assert_eq!(n, u.vectors);
    }
}

/// The codes of the named `STATUS_*` values.
fn statuses(names: &[&str]) -> BTreeSet<u64> {
    names
        .iter()
        .map(|n| layout::STATUS_NAMES.iter().position(|s| s.0 == *n).unwrap_or_else(|| panic!("no status {n}")) as u64)
        .collect()
}

fn column(def: &UnitDef, text: &str, field: &str) -> BTreeSet<u64> {
    let l = &def.layout;
    let i = l.fields.iter().position(|f| f.name == field).unwrap();
    text.lines().map(|line| writer::parse_line(l, line).unwrap()[i]).collect()
}

/// The level-1 set reaches every status, query, op, write mask, error code and Exec_size
/// byte it claims to.
#[test]
fn level_1_covers_the_corner_cases() {
    let d = tempfile::tempdir().unwrap();
    generate(&opts(d.path(), 1, None, Shard::ALL)).unwrap();
    let defs = unit_defs().unwrap();
    let get = |name: &str| defs.iter().find(|d| d.unit.name() == name).unwrap();
    let text = |name: &str| fs::read_to_string(d.path().join(format!("{name}.vec"))).unwrap();

    let nv = get("nv_txq");
    let t = text("nv_txq");
    assert_eq!(column(nv, &t, "status"), (0..=7).collect(), "nv_txq statuses: every one but UNBOUND");
    assert_eq!(column(nv, &t, "query"), [1, 2, 5].into_iter().collect());
    assert_eq!(column(nv, &t, "wmask"), (0..16).collect());
    assert_eq!(column(nv, &t, "wen"), [0, 1, 3, 7, 15].into_iter().collect());
    for lod in [0xFFFF_FFFFu64, 0x8000_0000, 32] {
        assert!(column(nv, &t, "param").contains(&lod));
    }

    let tg = get("tgsi_query");
    let t = text("tgsi_query");
    assert_eq!(column(tg, &t, "status"), statuses(&["VALID", "HEADER_DECODE", "UNBOUND"]), "tgsi statuses");
    assert_eq!(column(tg, &t, "op"), (0..4).collect());
    assert_eq!(column(tg, &t, "fp32"), (0..2).collect());

    let it = get("intel_info");
    let t = text("intel_info");
    assert_eq!(column(it, &t, "err"), (0..4).collect(), "intel error codes");
    assert_eq!(column(it, &t, "status"), statuses(&["VALID", "HEADER_DECODE", "UNBOUND"]));
    assert_eq!(column(it, &t, "exec"), (0..256).collect(), "every Exec_size byte");
    assert_eq!(column(it, &t, "op"), (0..256).collect(), "every Op byte");

    let wr = get("wrap");
    let t = text("wrap");
    assert_eq!(column(wr, &t, "mode"), (0..5).collect(), "every wrap mode");
    assert_eq!(column(wr, &t, "border"), (0..2).collect());
    let sizes = column(wr, &t, "size");
    for s in [0u64, 1, 2, 3, 5, 8, 13, 65535] {
        assert!(sizes.contains(&s), "wrap size {s}");
    }
    for i in [0x8000_0000u64, 0x7FFF_FFFF, 0xFFFF_FFFF] {
        assert!(column(wr, &t, "idx").contains(&i), "wrap index {i:#x}");
    }

    let co = get("coord");
    let t = text("coord");
    assert_eq!(column(co, &t, "mode"), (0..5).collect(), "coord: every wrap mode");
    assert_eq!(column(co, &t, "offset"), (0..16).collect(), "coord: every texel offset");
    assert_eq!(column(co, &t, "linear"), (0..2).collect());
    let sizes = column(co, &t, "size");
    for s in [0u64, 1, 65535, 65536] {
        assert!(sizes.contains(&s), "coord size {s}");
    }
    let i0 = column(co, &t, "i0");
    // Saturated clamp coordinates (±2^30 in S.8: ±2^22 texels) and taps left of the texture.
    for i in [1u64 << 22, (1u64 << 32) - (1 << 22), 0xFFFF_FFFF, 0] {
        assert!(i0.contains(&i), "coord i0 {i:#x}");
    }
    let w = column(co, &t, "weight");
    for x in [0u64, 1, 127, 128, 255] {
        assert!(w.contains(&x), "coord weight {x}");
    }

    let td = get("texel_decode");
    let t = text("texel_decode");
    let codes: BTreeSet<u64> = texcore::Format::ALL.iter().map(|f| u64::from(f.code())).collect();
    assert_eq!(column(td, &t, "fmt"), codes, "every format");
    assert_eq!(column(td, &t, "srgb"), (0..2).collect());
    // Every sRGB table entry is reached (RGBA8_UNORM with the sRGB bit, bytes 0..255).
    let x: BTreeSet<u64> = t
        .lines()
        .map(|l| writer::parse_line(&td.layout, l).unwrap())
        .filter(|v| v[0] == u64::from(texcore::Format::RGBA8_UNORM.code()) && v[1] == 1)
        .map(|v| v[4])
        .collect();
    let lut: BTreeSet<u64> = texcore::texel::SRGB_TO_LINEAR16.iter().map(|v| u64::from(*v)).collect();
    assert!(lut.is_subset(&x), "sRGB table not covered");

    let fi = get("filter");
    let t = text("filter");
    let weights: BTreeSet<u64> = super::filter::WEIGHTS.iter().map(|w| u64::from(*w)).collect();
    for f in ["alpha0", "beta0", "alpha1", "beta1", "delta"] {
        assert!(weights.is_subset(&column(fi, &t, f)), "filter {f}: not every directed weight");
    }
    let outs: BTreeSet<u64> = ["out_r", "out_g", "out_b", "out_a"].iter().flat_map(|f| column(fi, &t, f)).collect();
    // 0, the smallest result 1/(255·2^24) (x = 1), the largest below 1.0, and 1.0.
    let one_x = u64::from(texcore::filter::unorm8::to_f32(1));
    for v in [0, one_x, 0x3F7F_FFFF, 0x3F80_0000] {
        assert!(outs.contains(&v), "filter result {v:#x} not reached");
    }

    let gc = get("gather_cmp");
    let t = text("gather_cmp");
    let rows: Vec<Vec<u64>> = t.lines().map(|l| writer::parse_line(&gc.layout, l).unwrap()).collect();
    // Fields: dom nbits cmp odd func ref t0..t3 | err s0..s3.
    assert_eq!(column(gc, &t, "dom"), (0..6).collect(), "every domain");
    let unorm_n: BTreeSet<u64> = rows.iter().filter(|v| v[0] == 0).map(|v| v[1]).collect();
    let snorm_n: BTreeSet<u64> = rows.iter().filter(|v| v[0] == 1).map(|v| v[1]).collect();
    assert_eq!(unorm_n, (1..=24).collect(), "every UNORM width");
    assert_eq!(snorm_n, (2..=24).collect(), "every SNORM width");
    assert_eq!(column(gc, &t, "err"), (0..2).collect());
    // Every function on every format domain both passes and fails somewhere (NEVER and
    // ALWAYS excepted), and the reference specials are there.
    for d in super::gather_cmp::FORMAT_DOMAINS {
        let (dom, n) = super::gather_cmp::dom_fields(d);
        if dom >= 4 {
            continue;
        }
        for func in 0..8u64 {
            let res: BTreeSet<u64> = rows
                .iter()
                .filter(|v| v[0] == dom && v[1] == n && v[2] == 1 && v[4] == func)
                .flat_map(|v| v[11..15].to_vec())
                .collect();
            let want: BTreeSet<u64> = match func {
                0 => [0].into(),
                7 => [0x3F80_0000].into(),
                _ => [0, 0x3F80_0000].into(),
            };
            assert_eq!(res, want, "{d:?} func {func}: results");
            let refs: BTreeSet<u64> =
                rows.iter().filter(|v| v[0] == dom && v[1] == n && v[2] == 1 && v[4] == func).map(|v| v[5]).collect();
            for r in
                [0x7FC0_0000u64, 0, 0x8000_0000, 0x7F80_0000, 0xFF80_0000, 1, 0x3F80_0001, 0xBF7F_FFFF, 0x3F00_0000]
            {
                assert!(refs.contains(&r), "{d:?} func {func}: reference {r:#x}");
            }
        }
    }
    // Integer compare is the error, every function; integers without compare are not.
    for dom in [4u64, 5] {
        let e: BTreeSet<(u64, u64)> = rows.iter().filter(|v| v[0] == dom).map(|v| (v[2], v[10])).collect();
        assert_eq!(e, [(0, 0), (1, 1)].into(), "dom {dom}: err iff cmp");
        let f: BTreeSet<u64> = rows.iter().filter(|v| v[0] == dom && v[2] == 1).map(|v| v[4]).collect();
        assert_eq!(f, (0..8).collect());
    }
    // Without compare: every binary16 code and every UNORM16 code is converted.
    let codes = |dom: u64, n: u64| -> BTreeSet<u64> {
        rows.iter().filter(|v| v[0] == dom && v[1] == n && v[2] == 0).flat_map(|v| v[6..10].to_vec()).collect()
    };
    assert_eq!(codes(2, 0), (0..=0xFFFF).collect(), "every binary16 code");
    assert_eq!(codes(0, 16), (0..=0xFFFF).collect(), "every UNORM16 code");
    // ... and rounded to odd as well as to nearest even.
    let odd_codes: BTreeSet<u64> = rows
        .iter()
        .filter(|v| v[0] == 0 && v[1] == 16 && v[2] == 0 && v[3] == 1)
        .flat_map(|v| v[6..10].to_vec())
        .collect();
    assert_eq!(odd_codes, (0..=0xFFFF).collect(), "every UNORM16 code rounded to odd");
    let outs: BTreeSet<u64> = rows.iter().filter(|v| v[2] == 0).flat_map(|v| v[11..15].to_vec()).collect();
    // +0, −0 (binary16 and binary32), ±1.0, a quieted binary16 NaN, the smallest UNORM24
    // step, binary32 and integer extremes.
    for v in [0u64, 0x8000_0000, 0x3F80_0000, 0xBF80_0000, 0x7FC0_2000, 0x3380_0001, 0xFFFF_FFFF, 0x7F80_0001] {
        assert!(outs.contains(&v), "gather_cmp result {v:#x} not reached");
    }
    // func and ref vary where they are don't-cares.
    let dc: BTreeSet<u64> = rows.iter().filter(|v| v[2] == 0).map(|v| v[4]).collect();
    assert_eq!(dc, (0..8).collect());
}

/// The LOD unit's level-1 set reaches the corners it claims: ρ = 0 and saturated λ_base,
/// λ′ saturated at ±128 and the ±16 bias clamp, λ exactly 0, every mip filter, LOD source,
/// anisotropy, sample count 1 … 16, both major axes, NEAREST ties, min_lod > max_lod.
#[test]
fn level_1_covers_the_lod_corner_cases() {
    let d = tempfile::tempdir().unwrap();
    generate(&Options { units: vec!["lod".into()], ..opts(d.path(), 1, None, Shard::ALL) }).unwrap();
    let defs = unit_defs().unwrap();
    let u = defs.iter().find(|d| d.unit.name() == "lod").unwrap();
    let t = fs::read_to_string(d.path().join("lod.vec")).unwrap();
    let set = |v: &[u64]| v.iter().copied().collect::<BTreeSet<u64>>();
    assert_eq!(column(u, &t, "dims"), set(&[1, 2, 3]));
    assert_eq!(column(u, &t, "mip"), set(&[0, 1, 2]));
    assert_eq!(column(u, &t, "aniso"), set(&[0, 1, 2, 3, 4]));
    assert_eq!(column(u, &t, "lod_mode"), set(&[0, 1, 2]));
    assert!(set(&[0x8000, 0x7FFF, 0]).is_subset(&column(u, &t, "lambda_base")), "lambda_base -128, +127.996, 0");
    assert!(set(&[0x8000, 0x7FFF, 0xF000, 0x0FFF]).is_subset(&column(u, &t, "lambda_prime")), "lambda' clamps");
    assert_eq!(column(u, &t, "magnify"), set(&[0, 1]));
    assert_eq!(column(u, &t, "major_x"), set(&[0, 1]));
    assert_eq!(column(u, &t, "samples"), (1..=16).collect(), "every anisotropic sample count");
    assert!(set(&[0, 1, 16, 31]).is_subset(&column(u, &t, "level")));
    assert!(set(&[0, 1, 128, 255]).is_subset(&column(u, &t, "delta")));
    let l = &u.layout;
    let idx = |n: &str| l.fields.iter().position(|f| f.name == n).unwrap();
    let rows: Vec<Vec<u64>> = t.lines().map(|line| writer::parse_line(l, line).unwrap()).collect();
    let (mip, lambda, level, min, max) = (idx("mip"), idx("lambda"), idx("level"), idx("min_lod"), idx("max_lod"));
    assert!(rows.iter().any(|r| r[mip] == 1 && r[lambda] == 0x180 && r[level] == 1), "NEAREST tie d' = 1.5 -> 1");
    assert!(rows.iter().any(|r| r[min] > r[max] && r[lambda] == r[min]), "min_lod > max_lod: min wins");
    assert!(rows.iter().any(|r| r[lambda] == 0 && r[idx("magnify")] == 1), "lambda exactly 0");
    assert!(rows.iter().any(|r| r[lambda] == 1 && r[idx("magnify")] == 0), "lambda 1/256: minified");
}

/// The op-level units: every error code, status, wrap mode, texture type, LOD mode, fetch op
/// and TLD4S modifier is reached at level 1, and every result comes out non-zero somewhere.
#[test]
fn level_1_covers_the_op_corner_cases() {
    let d = tempfile::tempdir().unwrap();
    generate(&Options { units: vec!["op".into()], ..opts(d.path(), 1, None, Shard::ALL) }).unwrap();
    let defs = unit_defs().unwrap();
    let get = |name: &str| defs.iter().find(|d| d.unit.name() == name).unwrap();
    let text = |name: &str| fs::read_to_string(d.path().join(format!("{name}.vec"))).unwrap();
    let set = |v: &[u64]| v.iter().copied().collect::<BTreeSet<u64>>();

    let (u, t) = (get("sample"), text("sample"));
    assert_eq!(column(u, &t, "err"), set(&[0, 1, 2, 3, 4]), "sample errors");
    assert_eq!(
        column(u, &t, "status"),
        statuses(&["VALID", "HEADER_DECODE", "SAMPLER_DECODE", "UNBOUND"]),
        "sample statuses"
    );
    assert_eq!(column(u, &t, "lod_mode"), set(&[0, 1, 2]));
    assert_eq!(column(u, &t, "grads"), set(&[0, 1]));
    for o in [0xF7u64, 0xF8, 0x07, 0x08, 0x80, 0x7F] {
        assert!(column(u, &t, "off_w").contains(&o), "offset {o:#x}");
    }
    assert_eq!(column(u, &t, "tgsi"), set(&[0, 1, 2]), "TXB and TXP forms");
    let (u, t) = (get("store"), text("store"));
    assert_eq!(column(u, &t, "op"), (0..=10).collect::<BTreeSet<u64>>(), "STORE and every atomic");
    assert_eq!(column(u, &t, "err"), set(&[0, 11, 12]), "store errors");
    assert_eq!(column(u, &t, "status"), statuses(&["VALID", "HEADER_DECODE", "UNBOUND"]), "store statuses");
    assert_eq!(column(u, &t, "we"), set(&[0, 1]));
    assert_eq!(column(u, &t, "wbytes"), set(&[0, 1, 2, 4, 8, 16]), "every texel size of the set");
    let (u, t) = (get("sample_c"), text("sample_c"));
    assert_eq!(column(u, &t, "err"), set(&[0, 1, 2, 3, 4, 5]), "sample_c errors");
    assert_eq!(column(u, &t, "tgsi"), set(&[0, 1, 2]), "TXB and TXP forms");
    assert!(column(u, &t, "r0_x").contains(&0x3F80_0000), "a compare passes");
    let (u, t) = (get("gather"), text("gather"));
    assert_eq!(column(u, &t, "err"), set(&[0, 1, 2, 3, 5, 6, 7, 8]), "gather errors");
    let want = statuses(&[
        "VALID",
        "HEADER_ABOVE_MAXIMUM",
        "HEADER_DECODE",
        "SAMPLER_ABOVE_MAXIMUM",
        "SAMPLER_DECODE",
        "UNBOUND",
    ]);
    assert_eq!(column(u, &t, "status"), want, "gather statuses");
    assert_eq!(column(u, &t, "comp"), set(&[0, 1, 2, 3, 4, 7]));
    assert_eq!(column(u, &t, "f16"), set(&[0, 1, 2]));
    let (u, t) = (get("fetch"), text("fetch"));
    assert_eq!(column(u, &t, "err"), set(&[0, 2, 3, 4, 9]), "fetch errors");
    assert_eq!(column(u, &t, "status"), statuses(&["VALID", "HEADER_DECODE", "UNBOUND"]), "fetch statuses");
    assert_eq!(column(u, &t, "op"), set(&[0, 1, 2, 3]));
    let (u, t) = (get("tmml"), text("tmml"));
    assert_eq!(column(u, &t, "desc"), set(&[0, 1, 2, 3, 4, 5, 7]), "every #paramA");
    let want = statuses(&["VALID", "HEADER_ABOVE_MAXIMUM", "HEADER_DECODE", "SAMPLER_ABOVE_MAXIMUM", "SAMPLER_DECODE"]);
    assert_eq!(column(u, &t, "status"), want, "tmml statuses");

    for name in ["sample", "sample_c", "gather", "fetch", "tmml", "store"] {
        let u = get(name);
        let t = text(name);
        let l = &u.layout;
        for f in &l.fields[l.n_in + 2..] {
            // The texture set's widest texel is 8 bytes and its only atomic-capable format
            // R32_UINT: bytes 8..15 are never written and old y, z are always 0 there.
            if name == "store" && ["wdata2", "wdata3", "old_y", "old_z"].contains(&f.name.as_str()) {
                continue;
            }
            assert!(column(u, &t, &f.name).iter().any(|v| *v != 0), "{name}: {} always 0", f.name);
        }
    }
    let fx = Fixture::build(1, 1).unwrap();
    let wraps: BTreeSet<u8> = ops::directed_wraps(&fx).iter().map(|w| *w as u8).collect();
    assert_eq!(wraps.len(), texcore::WrapMode::ALL.len(), "every wrap mode in the directed samplers");
    let types: BTreeSet<u32> = ops::directed_types(&fx).iter().map(|t| t.code()).collect();
    assert_eq!(types.len(), texcore::TextureType::ALL.len(), "every texture type in the set");
    let mips: BTreeSet<String> = (0..40).filter_map(|s| ops::mip_filter(&fx, s)).map(|m| format!("{m:?}")).collect();
    assert_eq!(mips.len(), 3, "mip none / nearest / linear");
}

/// The DPI-C side sees exactly the xtask's layout, and evaluating the packed input word
/// against the images read back from the written `.hex` files gives the expected output
/// word (what tb_dpi_ops.sv does through the staticlib).
#[test]
fn dpi_packed_evaluation_matches_the_files() {
    use crate::op_unit::{eval_packed, get_bits, OpUnit, Placement};
    let d = tempfile::tempdir().unwrap();
    generate(&Options { units: vec!["op".into()], ..opts(d.path(), 2, Some(2000), Shard::ALL) }).unwrap();
    let read = |f: &str| fs::read_to_string(d.path().join(f)).unwrap();
    let env = crate::op_unit::OpEnv::new(
        crate::hex::parse_texmem(&read("texmem.hex")).unwrap(),
        crate::hex::parse_pool(&read("op_hdr.hex")).unwrap(),
        crate::hex::parse_pool(&read("op_smp.hex")).unwrap(),
    );
    for u in OpUnit::ALL {
        let def = unit_defs().unwrap().into_iter().find(|d| d.unit.name() == u.name()).unwrap();
        let l = &def.layout;
        let p = Placement::new(&u.fields());
        assert_eq!((p.in_w, p.out_w), (l.in_w, l.out_w), "{}", u.name());
        let lsb: Vec<u32> = p.inputs.iter().chain(&p.outputs).map(|x| x.0).collect();
        assert_eq!(lsb, l.fields.iter().map(|f| f.lsb).collect::<Vec<_>>(), "{}", u.name());
        for line in read(&format!("{}.vec", u.name())).lines().step_by(7) {
            let words = crate::hex::parse_words(line, l.line_w.div_ceil(32) as usize).unwrap();
            let (o, w) = (l.out_w, l.in_w);
            let input: Vec<u32> =
                (0..p.in_words() as u32).map(|i| get_bits(&words, o + 32 * i, 32.min(w - 32 * i)) as u32).collect();
            let expect: Vec<u32> =
                (0..p.out_words() as u32).map(|i| get_bits(&words, 32 * i, 32.min(o - 32 * i)) as u32).collect();
            let mut got = vec![0u32; p.out_words()];
            eval_packed(u, &p, &env, &input, &mut got);
            assert_eq!(got, expect, "{}: {line}", u.name());
        }
    }
}

#[test]
fn layouts_are_consistent() {
    for d in unit_defs().unwrap() {
        let l = &d.layout;
        assert_eq!(l.line_w, l.in_w + l.out_w);
        assert!(l.fields[..l.n_in].iter().all(|f| f.dir == Dir::In));
        assert!(l.fields[l.n_in..].iter().all(|f| f.dir == Dir::Out));
        if d.unit.rtl_files().is_empty() {
            // Op-level units: no reference RTL; checked through DPI-C by tb_dpi_ops.sv.
            let op = GROUPS.iter().find(|g| g.0 == "op").unwrap().1;
            assert!(op.contains(&d.unit.name()), "{}: no RTL and not an op-level unit", l.unit);
            let tb = fs::read_to_string(root().join("hdl-vectors/tb/tb_dpi_ops.sv")).unwrap();
            assert!(tb.contains(&format!("`TB_DPI_OP({}, ", l.unit)), "{}: not in tb_dpi_ops.sv", l.unit);
            continue;
        }
        assert!(root().join(format!("hdl-vectors/tb/tb_{}.sv", l.unit)).exists(), "{}: no testbench", l.unit);
        for f in d.unit.rtl_files() {
            assert!(root().join("hdl-vectors/rtl").join(f).exists(), "{}: missing {f}", l.unit);
        }
    }
}

#[test]
fn a_failed_write_leaves_the_previous_file_intact() {
    let d = tempfile::tempdir().unwrap();
    let dst = d.path().join("x.vec");
    fs::write(&dst, b"old\n").unwrap();
    {
        let mut f = writer::AtomicFile::create(&dst).unwrap();
        f.write(b"half a fi").unwrap();
        // dropped without commit: as if the run failed here
    }
    assert_eq!(fs::read(&dst).unwrap(), b"old\n");
    assert_eq!(fs::read_dir(d.path()).unwrap().count(), 1, "temporary file left behind");
    let mut f = writer::AtomicFile::create(&dst).unwrap();
    f.write(b"new\n").unwrap();
    f.finish().unwrap();
    assert_eq!(fs::read(&dst).unwrap(), b"old\n", "visible before commit");
    f.commit().unwrap();
    assert_eq!(fs::read(&dst).unwrap(), b"new\n");
    // A stale temporary file of a dead process is cleaned up on the next run.
    let stale = d.path().join(".y.vec.999999999.tmp");
    fs::write(&stale, b"x").unwrap();
    writer::remove_stale_temps(d.path());
    assert!(!stale.exists());
}

#[test]
fn a_recycled_file_is_rewritten_whole_or_removed() {
    let d = tempfile::tempdir().unwrap();
    let dst = d.path().join("x.vec");
    let write = |data: &[u8], commit: bool| {
        let linked = dst.exists()
            && std::fs::metadata(&dst).is_ok_and(|m| {
                #[cfg(unix)]
                return std::os::unix::fs::MetadataExt::nlink(&m) > 1;
                #[cfg(not(unix))]
                false
            });
        let mut f = writer::AtomicFile::recycle(&dst).unwrap();
        assert_eq!(dst.exists(), linked, "a recycled file is not visible while it is rewritten");
        let h = writer::OrderedHash::default();
        for (k, piece) in data.chunks(3).enumerate().rev() {
            f.write_at(3 * k as u64, piece).unwrap();
            h.deliver(k, piece.to_vec());
        }
        let (sha, bytes) = f.finish_ordered(h).unwrap();
        let want = writer::hex_digest(&<sha2::Sha256 as sha2::Digest>::digest(data));
        assert_eq!((sha, bytes), (want, data.len() as u64));
        if commit {
            f.commit().unwrap();
        }
    };
    fs::write(&dst, b"a longer old file\n").unwrap();
    write(b"new\n", true);
    assert_eq!(fs::read(&dst).unwrap(), b"new\n", "cut to the new length");
    write(b"newer, longer contents\n", true);
    assert_eq!(fs::read(&dst).unwrap(), b"newer, longer contents\n");
    write(b"half", false);
    assert_eq!(fs::read_dir(d.path()).unwrap().count(), 0, "a failed rewrite leaves neither file");
    // A second name of the same file is not overwritten: the file is written anew.
    #[cfg(unix)]
    {
        let other = d.path().join("other");
        fs::write(&other, b"shared\n").unwrap();
        fs::hard_link(&other, &dst).unwrap();
        write(b"mine\n", true);
        assert_eq!((fs::read(&dst).unwrap(), fs::read(&other).unwrap()), (b"mine\n".to_vec(), b"shared\n".to_vec()));
    }
}

#[test]
fn a_failed_run_leaves_no_manifest() {
    let d = tempfile::tempdir().unwrap();
    generate(&opts(d.path(), 1, None, Shard::ALL)).unwrap();
    assert!(d.path().join("manifest.json").exists());
    // An argument error touches nothing.
    let bad = Options { units: vec!["no_such_unit".into()], ..opts(d.path(), 1, None, Shard::ALL) };
    assert!(generate(&bad).is_err());
    assert_eq!(verify_manifest(d.path(), "manifest.json").unwrap(), 24);
    // A run that fails after it started rewriting (here: a vector file's name is taken by a
    // directory, so it cannot be committed) leaves no manifest describing the old files.
    let vec = d.path().join("wrap.vec");
    fs::remove_file(&vec).unwrap();
    fs::create_dir(&vec).unwrap();
    fs::write(vec.join("x"), b"x").unwrap();
    assert!(generate(&opts(d.path(), 1, None, Shard::ALL)).is_err());
    assert!(!d.path().join("manifest.json").exists());
    fs::remove_dir_all(&vec).unwrap();
    generate(&opts(d.path(), 1, None, Shard::ALL)).unwrap();
    assert_eq!(verify_manifest(d.path(), "manifest.json").unwrap(), 24);
}

/// `store`: running the core's STORE / atomic on a real copy of the texel memory changes
/// exactly the bytes the vector's write-port transaction names (and none when `we` = 0),
/// and returns the same old texel — the recording memory models the write, not guesses it.
#[test]
fn store_transactions_match_a_mutated_memory() {
    use texcore::op::resource::{atomic, store, AtomicOp};
    let fx = Fixture::build(1, 1).unwrap();
    let defs = unit_defs().unwrap();
    let def = defs.iter().find(|d| d.unit.name() == "store").unwrap();
    let mut inputs = Vec::new();
    def.unit.directed(&fx, &mut inputs);
    let n_in = def.layout.n_in;
    let n_out = def.layout.fields.len() - n_in;
    let mut writes = 0;
    for inp in inputs.chunks_exact(n_in).step_by(2) {
        let mut out = vec![0u64; n_out];
        def.unit.eval(&fx, inp, &mut out).unwrap();
        let mut mem = fx.ops.texmem.clone();
        let w = |i: usize| inp[i] as u32;
        let (a, src, cmp) = ([w(2), w(3), w(4), w(5)], [w(6), w(7), w(8), w(9)], [w(10), w(11), w(12), w(13)]);
        let view = fx.ops.view(inp[0]);
        let old = match inp[1] {
            0 => store(view, mem.as_mut_slice(), a, src).map(|_| [0; 4]),
            k => atomic(AtomicOp::ALL[k as usize - 1], view, mem.as_mut_slice(), a, src, cmp),
        };
        let changed: Vec<usize> = (0..mem.len()).filter(|&i| mem[i] != fx.ops.texmem[i]).collect();
        let (we, addr, n) = (out[2], out[3] as usize, out[4] as usize);
        let data: Vec<u8> = out[5..9].iter().flat_map(|v| (*v as u32).to_le_bytes()).collect();
        if we == 0 {
            assert!(changed.is_empty(), "{inp:?}: memory changed without we");
            assert_eq!((addr, n), (0, 0));
        } else {
            writes += 1;
            assert!(changed.iter().all(|&i| i >= addr && i < addr + n), "{inp:?}: write outside the transaction");
            assert_eq!(&mem[addr..addr + n], &data[..n], "{inp:?}");
            assert!(data[n..].iter().all(|b| *b == 0));
        }
        match old {
            Ok(o) => assert_eq!(out[9..13].to_vec(), o.map(u64::from).to_vec(), "{inp:?}"),
            Err(_) => assert!(out[0] != 0 && we == 0),
        }
    }
    assert!(writes > 100, "{writes} writes");
}
