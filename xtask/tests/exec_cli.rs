//! `cargo xtask exec` as a process: exit code 0 or 2 on every scenario (never a panic's 101
//! or an abort), and the largest scenarios the limits allow run within 1 GiB of address
//! space.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn xtask() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_xtask"));
    c.env("RUST_BACKTRACE", "0");
    c
}

fn exec(dir: &Path, name: &str, text: &str) -> Output {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    xtask().arg("exec").arg(&p).output().unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The three headers whose layout exceeds 64 bits (see `core/tests/extents.rs`).
const HUGE: [&str; 3] = [
    "[0x1a200418, 0x41f7bdbf, 0x0000ffff, 0x5656ffff, 1, 0xffffffff, 0, 0]",
    "[0x1a2000b8, 0xffffff12, 0x0000fffe, 0xfffefffe, 0x1a0, 0x8001fffd, 0, 0]",
    "[0x1a200452, 0, 0xffff, 0xffffffff, 1, 0xffffffff, 0, 0]",
];

#[test]
fn textures_past_the_address_space_are_bad_scenarios_not_panics() {
    let dir = tempfile::tempdir().unwrap();
    // As a texture by fields: more than 2^64 bytes, a bad scenario (exit 2).
    let o = exec(
        dir.path(),
        "a.toml",
        "program = \"TXQ R0, R6, TEX_HEADER_DIMENSION, 0, 0xf;\"\n[[textures]]\ntype = \"CUBE_ARRAY\"\n\
         format = \"RG16_FLOAT\"\nwidth = 65536\nheight = 65536\ndepth = 22103\nlevels = 2\n\
         row_pitch = 0xffffffff\nbase_address = 0x41f7bdbf\n",
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("18446744073709551615 bytes of texture memory"), "{}", stderr(&o));
    // As raw descriptor words: valid headers, the ops run (texels past 2^32 read zeros).
    for (i, words) in HUGE.iter().enumerate() {
        let prog =
            "SVIEWINFO TEMP[0], TEMP[1], SVIEW[0]\nLOAD TEMP[2], RES[0], TEMP[1]\nSTORE RES[0], TEMP[3], TEMP[1]\n\
                    SAMPLE_L TEMP[4], TEMP[3], SVIEW[0], SAMP[0], 13.0\nTXQ R0, R6, TEX_HEADER_DIMENSION, 0, 0xf;";
        let text = format!(
            "program = '''\n{prog}\n'''\n[[raw_headers]]\nslot = 0\nwords = {words}\n[[samplers]]\n\
             [tgsi]\nsview = [0]\nsamp = [0]\nres = [0]\n[const_bank]\n0 = {{ header = 0, sampler = 0 }}\n\
             [registers]\n\"TEMP[3]\" = [1.0, 0.5, 0.25, 70000.0]\n\"TEMP[1]\" = [1, 1, 1, 1]\n"
        );
        let o = exec(dir.path(), &format!("raw{i}.toml"), &text);
        assert_eq!(o.status.code(), Some(0), "header {i}: {}", stderr(&o));
        let out = String::from_utf8_lossy(&o.stdout);
        assert!(out.contains("TEMP[0].x"), "SVIEWINFO reported the size: {out}");
    }
}

#[test]
fn exit_codes_are_0_or_2_only() {
    let dir = tempfile::tempdir().unwrap();
    let bad: &[(&str, &str)] = &[
        ("a.toml", "program = 1\n"),
        ("b.toml", "program = \"TXQ R0, R6, 1, 0;\"\n[memory]\nsize = 2000000000\n"),
        ("c.toml", "program = \"TXQ R0, R6, 1, 0;\"\n[[memory.data]]\nat = 0xffffffffffff\nhex = \"00\"\n"),
        ("d.toml", "program = \"TXQ R0, R6, 1, 0;\"\n[[memory.data]]\nat = 0\nhex = \"é0\"\n"),
        ("e.toml", "program_file = \"/dev/zero\"\n"),
        ("f.json", "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["),
        ("g.toml", &format!("program = '''\n{}'''\n", "TXQ R0, R6, 1, 0;\n".repeat(70_000))),
    ];
    for (name, text) in bad {
        let o = exec(dir.path(), name, text);
        assert_eq!(o.status.code(), Some(2), "{name}: {}", stderr(&o));
        assert!(stderr(&o).starts_with("error: "), "{name}: {}", stderr(&o));
    }
    // A report that cannot be written is exit code 2 too.
    let p = dir.path().join("ok.toml");
    std::fs::write(&p, "program = \"TXQ R0, R6, 1, 0;\"\n").unwrap();
    let o = xtask().arg("exec").arg(&p).arg("--json").arg(dir.path().join("no/such/dir/r.json")).output().unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let o = xtask().arg("exec").arg(&p).output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // A scenario file past 4 MiB.
    let big = dir.path().join("big.toml");
    std::fs::write(&big, format!("description = \"{}\"\n", "x".repeat(5 << 20))).unwrap();
    let o = xtask().arg("exec").arg(&big).output().unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
}

/// The limits' worst case — the 512 MiB image, the largest texture generated from a pattern
/// (16384 × 16384 R8, 256 MiB) — runs in 1 GiB of address space (`ulimit -v`): an
/// allocation beyond it would abort the process.
#[test]
fn the_largest_scenario_runs_within_one_gib() {
    if !Path::new("/bin/sh").exists() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let p: PathBuf = dir.path().join("max.toml");
    std::fs::write(
        &p,
        "program = \"TXQ R0, R6, TEX_HEADER_DIMENSION, 0, 0xf;\"\n\
         [[textures]]\ntype = \"2D\"\nformat = \"R8_UINT\"\nwidth = 16384\nheight = 16384\npattern = \"solid\"\ncolors = [[7, 0, 0, 0]]\n\
         [[textures]]\ntype = \"2D\"\nformat = \"R8_UINT\"\nwidth = 16384\nheight = 16383\n\
         [const_bank]\n0 = { header = 0, sampler = 0 }\n[[samplers]]\n",
    )
    .unwrap();
    let o = Command::new("/bin/sh")
        .arg("-c")
        .arg("ulimit -v 1048576 && exec \"$0\" exec \"$1\"")
        .arg(env!("CARGO_BIN_EXE_xtask"))
        .arg(&p)
        .env("RUST_BACKTRACE", "0")
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(String::from_utf8_lossy(&o.stdout).contains("0x00004000*"), "TXQ width 16384");
    // One byte more than the image limit is a bad scenario.
    std::fs::write(&p, "program = \"TXQ R0, R6, 1, 0;\"\n[memory]\nsize = 536870913\n").unwrap();
    let o = xtask().arg("exec").arg(&p).output().unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("512 MiB image limit"), "{}", stderr(&o));
}
