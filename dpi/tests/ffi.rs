//! The DPI-C entry points' safe core against the files `texcore-vectors` writes.

use std::fs;

use texcore_vectors::{generate, unit_defs, Options, Shard};

/// The DPI-C entry points' safe core (`texcore_dpi::ffi`: images loaded from the written
/// `.hex` files, packed words in and out) reproduces every level-1 `fetch` / `gather` vector,
/// and a vector with one expected bit flipped no longer matches — the check
/// `tb_dpi_ops.sv` makes (the simulator run itself, with its `MISMATCH` report and non-zero
/// exit, is `cargo xtask cosim --dpi`'s mutation check).
#[test]
fn dpi_entry_points_detect_a_flipped_expected_bit() {
    use texcore_vectors::op_unit::{get_bits, set_bits, OpUnit};
    let d = tempfile::tempdir().unwrap();
    generate(&Options {
        level: 1,
        seed: 7,
        count: None,
        units: vec!["op".into()],
        shard: Shard::ALL,
        out: d.path().to_path_buf(),
        verbose: false,
    })
    .unwrap();
    for img in ["texmem", "op_hdr", "op_smp"] {
        texcore_dpi::ffi::load_image(img, &d.path().join(format!("{img}.hex")).display().to_string()).unwrap();
    }
    assert!(texcore_dpi::ffi::load_image("bogus", "x").is_err());
    for u in [OpUnit::Fetch, OpUnit::Gather, OpUnit::Tmml, OpUnit::Store] {
        let def = unit_defs().unwrap().into_iter().find(|d| d.unit.name() == u.name()).unwrap();
        let l = &def.layout;
        let text = fs::read_to_string(d.path().join(format!("{}.vec", u.name()))).unwrap();
        let words = |line: &str| texcore_vectors::hex::parse_words(line, l.line_w.div_ceil(32) as usize).unwrap();
        let split = |w: &[u32]| -> (Vec<u32>, Vec<u32>) {
            let i = (0..l.in_w.div_ceil(32)).map(|i| get_bits(w, l.out_w + 32 * i, 32.min(l.in_w - 32 * i)) as u32);
            let o = (0..l.out_w.div_ceil(32)).map(|i| get_bits(w, 32 * i, 32.min(l.out_w - 32 * i)) as u32);
            (i.collect(), o.collect())
        };
        let mut mismatches = 0;
        for (k, line) in text.lines().enumerate() {
            let mut w = words(line);
            if k == 17 {
                let v = get_bits(&w, 0, 1);
                set_bits(&mut w, 0, 1, v ^ 1); // bit 0 of the last output field
            }
            let (input, expect) = split(&w);
            let mut got = vec![0u32; expect.len()];
            assert!(texcore_dpi::ffi::eval(u, &input, &mut got));
            if got != expect {
                assert_eq!(k, 17, "{}: vector {k} mismatches", u.name());
                mismatches += 1;
            }
        }
        assert_eq!(mismatches, 1, "{}", u.name());
    }
}
