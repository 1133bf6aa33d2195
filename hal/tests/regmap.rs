//! The protocol tables: the generated Verilog file and the module-doc tables are up to date
//! (regenerate both with `TEXCORE_BLESS=1 cargo test -p texcore-hal --test regmap`), and the
//! tables are consistent.

mod common;

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use texcore_hal::op::MAX_OP_LEN;
use texcore_hal::protocol::{self, *};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn bless() -> bool {
    std::env::var("TEXCORE_BLESS").is_ok_and(|v| v == "1")
}

/// Writes atomically (temp file + rename).
fn write_atomic(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, text).unwrap();
    std::fs::rename(&tmp, path).unwrap();
}

fn first_difference(a: &str, b: &str) -> String {
    for (i, (x, y)) in a.lines().zip(b.lines()).enumerate() {
        if x != y {
            return format!("line {}:\n  committed: {x}\n  generated: {y}", i + 1);
        }
    }
    format!("line counts differ: committed {}, generated {}", a.lines().count(), b.lines().count())
}

#[test]
fn generated_verilog_matches_the_committed_file() {
    let mut text = String::new();
    render_verilog(&mut text).unwrap();
    let path = workspace().join(VERILOG_PATH);
    if bless() {
        write_atomic(&path, &text);
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!("{}: {e}\nregenerate with TEXCORE_BLESS=1 cargo test -p texcore-hal --test regmap", path.display())
    });
    assert!(
        committed == text,
        "{} is out of date ({}).\nregenerate with TEXCORE_BLESS=1 cargo test -p texcore-hal --test regmap",
        path.display(),
        first_difference(&committed, &text)
    );
}

#[test]
fn verilog_is_deterministic_and_well_formed() {
    let (mut a, mut b) = (String::new(), String::new());
    render_verilog(&mut a).unwrap();
    render_verilog(&mut b).unwrap();
    assert_eq!(a, b);
    let mut names = HashSet::new();
    for line in a.lines() {
        if line.is_empty() || line.starts_with("//") || line.starts_with("/* verilator lint_o") {
            continue;
        }
        assert!(line.starts_with("localparam "), "{line}");
        let name = line.split('=').next().unwrap().split_whitespace().last().unwrap();
        assert!(name.starts_with("TXC_"), "{line}");
        assert!(names.insert(name.to_owned()), "duplicate localparam {name}");
        assert!(line.contains(';'), "{line}");
        assert!(line.is_ascii(), "non-ASCII in {line}");
    }
    assert!(names.contains("TXC_CMD_SUBMIT") && names.contains("TXC_REG_HEADER_POOL_MAX"));
    assert!(a.contains("localparam [31:0] TXC_CRC_POLY_REFLECTED = 32'h82F63B78;"));
    assert!(a.contains("localparam [15:0] TXC_REG_ID = 16'h0000;"));
    assert!(a.contains("localparam [7:0] TXC_OP_INTEL_INFO = 8'h20;"));
}

const BEGIN: &str = "//! <!-- tables:begin -->";
const END: &str = "//! <!-- tables:end -->";

#[test]
fn module_doc_tables_match_the_tables() {
    let mut md = String::new();
    render_markdown(&mut md).unwrap();
    let generated: String =
        md.lines().map(|l| if l.is_empty() { "//!\n".to_owned() } else { format!("//! {l}\n") }).collect();
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/protocol.rs");
    let src = std::fs::read_to_string(&path).unwrap();
    let start = src.find(BEGIN).expect("begin marker") + BEGIN.len() + 1;
    let end = src.find(END).expect("end marker");
    if bless() && src[start..end] != generated {
        let new = format!("{}{}{}", &src[..start], generated, &src[end..]);
        write_atomic(&path, &new);
        return;
    }
    assert!(
        src[start..end] == generated,
        "the tables in hal/src/protocol.rs's module docs are out of date ({}).\nregenerate with TEXCORE_BLESS=1 cargo test -p texcore-hal --test regmap",
        first_difference(&src[start..end], &generated)
    );
}

#[test]
fn tables_are_consistent() {
    // Commands: unique codes, never FETCH / 0x00 / 0xFF, lengths within the frame limits.
    let mut codes = HashSet::new();
    for c in COMMANDS {
        assert!(codes.insert(c.code), "duplicate command code {:#x}", c.code);
        assert!(![FETCH, 0x00, 0xFF].contains(&c.code), "{} collides with a reserved byte", c.name);
        assert!(c.request.min <= c.request.max && usize::from(c.request.max) <= MAX_CMD_PAYLOAD, "{}", c.name);
        assert!(c.response.min <= c.response.max && usize::from(c.response.max) <= MAX_RESP_PAYLOAD, "{}", c.name);
        assert_eq!(command(c.code), Some(c));
    }
    // Status codes.
    let mut st = HashSet::new();
    for s in STATUS_CODES {
        assert!(st.insert(s.code), "duplicate status {:#x}", s.code);
        assert_eq!(s.class == StatusClass::Ok, s.code == status::OK);
    }
    assert_eq!(status_class(0xC3), StatusClass::Fault, "unknown codes are faults");
    // Registers: unique, word-aligned, in order; reset values fit.
    let mut last = None;
    for r in REGISTERS {
        assert_eq!(r.addr % 4, 0, "{}", r.name);
        assert!(last.is_none_or(|l| l < r.addr), "{} out of order", r.name);
        last = Some(r.addr);
        assert!((1..=32).contains(&r.width));
        if let Reset::Value(v) = r.reset {
            assert_eq!(v & !r.mask(), 0, "{} reset value exceeds its width", r.name);
        }
    }
    // Fields: inside their register's width, no overlaps.
    for f in FIELDS {
        let r = register(f.reg).unwrap();
        assert!(u32::from(f.lsb) + u32::from(f.width) <= u32::from(r.width), "{}", f.name);
        assert!(f.name.starts_with(r.name.split('_').next().unwrap()), "{}", f.name);
        for g in FIELDS {
            if g.name != f.name && g.reg == f.reg {
                assert_eq!(f.mask() & g.mask(), 0, "{} overlaps {}", f.name, g.name);
            }
        }
    }
    let irq_bits: u32 = FIELDS.iter().filter(|f| f.reg == reg::IRQ_FLAGS).map(|f| f.mask()).sum();
    assert_eq!(irq_bits, register(reg::IRQ_FLAGS).unwrap().mask());
    assert_eq!(register(reg::IRQ_ENABLE).unwrap().mask(), irq_bits);
    // Ops: unique codes and CAPS bits, payloads inside SUBMIT's range.
    let submit = command(cmd::SUBMIT).unwrap();
    let (mut oc, mut bits) = (HashSet::new(), HashSet::new());
    for o in OPS {
        assert!(oc.insert(o.code) && bits.insert(o.cap_bit) && o.cap_bit < 64, "{}", o.name);
        assert!(submit.request.accepts(o.len.into()), "{}", o.name);
        assert_eq!(o.len % 4, 0, "{}: operands are whole words", o.name);
    }
    assert_eq!(MAX_OP_LEN, usize::from(submit.request.max));
    assert_eq!(usize::from(command(cmd::SUBMIT).unwrap().response.max), COMPLETION_LEN);
    assert_eq!(usize::from(command(cmd::READ_RESULT).unwrap().response.max), MAX_RESULT_WORDS * 4);
    assert_eq!(usize::from(command(cmd::WRITE_MEM).unwrap().request.max), 4 + MAX_MEM_CHUNK);
    assert_eq!(usize::from(command(cmd::WRITE_CBANK).unwrap().request.max), 2 + 4 * MAX_CBANK_CHUNK);
    // The pool MaximumIndex limit of the backends is the register width.
    assert_eq!(register(reg::HEADER_POOL_MAX).unwrap().mask(), texcore_hal::soft::POOL_MAX_LIMIT);
    assert_eq!(register(reg::SAMPLER_POOL_MAX).unwrap().mask(), texcore_hal::soft::POOL_MAX_LIMIT);
    assert_eq!(all_caps(), (1 << OPS.len()) - 1, "capability bits are dense");
}

#[test]
fn crc_is_crc32c() {
    assert_eq!(protocol::crc32c(b"123456789"), 0xE306_9283);
    assert_eq!(CRC_ALGORITHM.check, 0xE306_9283);
    assert_eq!(CRC_ALGORITHM.poly, 0x1EDC_6F41);
    // Same as the bitwise reference on many lengths and patterns.
    let data: Vec<u8> = (0..600u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
    for n in 0..data.len() {
        assert_eq!(protocol::crc32c(&data[..n]), common::crc32c(&data[..n]), "length {n}");
    }
    // A dead (all-0x00) or stuck-high (all-0xFF) MISO never yields a valid frame.
    for fill in [0x00u8, 0xFF] {
        for n in 0..=MAX_RESP_FRAME {
            assert!(check_response(&vec![fill; n]).is_none(), "fill {fill:#x} length {n}");
        }
    }
}

#[test]
fn frame_codec_round_trips() {
    let mut buf = [0u8; MAX_CMD_FRAME];
    let n = encode_command(&mut buf, cmd::WRITE_REG, 9, &[&[0x1C, 0], &[1, 2, 3, 4]]).unwrap();
    assert_eq!(&buf[..n], common::cmd_frame(cmd::WRITE_REG, 9, &[0x1C, 0, 1, 2, 3, 4]).as_slice());
    let f = parse_command(&buf[..n]).unwrap();
    assert_eq!((f.code, f.seq, f.payload), (cmd::WRITE_REG, 9, &[0x1C, 0, 1, 2, 3, 4][..]));
    assert_eq!(parse_command(&buf[..n - 1]).unwrap_err().status, status::ERR_FRAME);
    buf[5] ^= 4;
    assert_eq!(parse_command(&buf[..n]).unwrap_err().status, status::ERR_CRC);
    assert!(encode_command(&mut buf, 1, 0, &[&[0; MAX_CMD_PAYLOAD + 1]]).is_none());

    let mut r = [0u8; MAX_RESP_FRAME];
    let n = encode_response(&mut r, 3, cmd::READ_REG, status::OK, &[1, 2, 3, 4]).unwrap();
    assert_eq!(&r[..n], common::resp_frame(3, cmd::READ_REG, 0, &[1, 2, 3, 4]).as_slice());
    let f = check_response(&r[..n + 7]).unwrap();
    assert_eq!((f.sync, f.seq, f.code, f.status, f.payload), (RESP_SYNC, 3, cmd::READ_REG, 0, &[1, 2, 3, 4][..]));
    assert!(check_response(&r[..n - 1]).is_none(), "truncated");
}

/// `TXC_CRC_RESIDUE` is the receiver's one-compare frame check: the LSB-first CRC register
/// after an intact frame and its little-endian CRC, for every intact frame and no frame with
/// a flipped bit.
#[test]
fn crc_residue_checks_frames() {
    fn reg_after(bytes: &[u8]) -> u32 {
        let poly = CRC_ALGORITHM.poly.reverse_bits();
        let mut reg = CRC_ALGORITHM.init;
        for b in bytes {
            reg ^= u32::from(*b);
            for _ in 0..8 {
                reg = if reg & 1 == 1 { (reg >> 1) ^ poly } else { reg >> 1 };
            }
        }
        reg
    }
    let good = CRC_ALGORITHM.residue;
    let mut x = 0x1234_5678_9ABC_DEF1u64;
    for len in 0..300usize {
        let mut frame: Vec<u8> = (0..len)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x as u8
            })
            .collect();
        let crc = crc32c(&frame);
        frame.extend_from_slice(&crc.to_le_bytes());
        assert_eq!(reg_after(&frame), good, "len {len}");
        let bit = (x as usize) % (frame.len() * 8);
        frame[bit / 8] ^= 1 << (bit % 8);
        assert_ne!(reg_after(&frame), good, "len {len}, flipped bit {bit}");
    }
}
