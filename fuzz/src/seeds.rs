//! Seed inputs built from the project's own material: the `cargo xtask exec` example
//! scenarios and programs (`examples/exec/`), the instruction lines of the core's ISA tests
//! (`core/tests/isa_*.rs`), the descriptors of the HAL self-check scene
//! (`texcore_hal::selfcheck::Scene`) and its op generator (`OpGen`), and the three headers
//! whose layout needs more than 2^64 bytes (`core/tests/extents.rs`), and for `spi_rtl`
//! the HAL's own command frames on that scene. Each is encoded in the
//! target's input format ([`crate::input::Writer`]), so the fuzzer starts from inputs that
//! reach deep into every target.

use std::path::Path;

use texcore::descriptor::{Format, Layout, MsMode, TextureHeader, TextureType};
use texcore_hal::protocol;
use texcore_hal::selfcheck::Scene;

use crate::gen;
use crate::input::Writer;
use crate::spi_rtl;

/// The headers that overflowed 64-bit layout arithmetic (see `core/tests/extents.rs`).
pub const OVERFLOW_HEADERS: [[u32; 8]; 3] = [
    [0x1a20_0418, 0x41f7_bdbf, 0x0000_ffff, 0x5656_ffff, 1, 0xffff_ffff, 0, 0],
    [0x1a20_00b8, 0xffff_ff12, 0x0000_fffe, 0xfffe_fffe, 0x1a0, 0x8001_fffd, 0, 0],
    [0x1a20_0452, 0, 0xffff, 0xffff_ffff, 1, 0xffff_ffff, 0, 0],
];

/// A seed: target, name, bytes.
pub struct Seed {
    /// Target name.
    pub target: &'static str,
    /// File name in the corpus.
    pub name: String,
    /// The input.
    pub data: Vec<u8>,
}

fn scene() -> Scene {
    Scene::new(0x00C0_FFEE).expect("the self-check scene")
}

/// Headers of every type and layout, plus the scene's and the overflow headers (words).
fn headers() -> Vec<(String, [u32; 8])> {
    let mut v: Vec<(String, [u32; 8])> = Vec::new();
    for (i, w) in scene().headers().iter().enumerate() {
        v.push((format!("scene-header-{i}"), *w));
    }
    for (i, w) in OVERFLOW_HEADERS.iter().enumerate() {
        v.push((format!("overflow-header-{i}"), *w));
    }
    use TextureType as T;
    let list = [
        (T::OneD, Format::RGBA8_UNORM, 256, 1, 1, 9),
        (T::TwoD, Format::RGBA8_UNORM, 64, 32, 1, 7),
        (T::TwoD, Format::BGRA8_UNORM, 17, 5, 1, 5),
        (T::ThreeD, Format::R8_UNORM, 32, 16, 8, 6),
        (T::Cube, Format::RGBA8_UNORM, 32, 32, 1, 6),
        (T::OneDArray, Format::RGBA8_UNORM, 128, 1, 4, 8),
        (T::TwoDArray, Format::RG8_UNORM, 16, 16, 6, 5),
        (T::OneDBuffer, Format::R32_UINT, 1000, 1, 1, 1),
        (T::TwoDNoMipmap, Format::RGBA16_FLOAT, 20, 10, 3, 1),
        (T::CubeArray, Format::RGBA8_UNORM, 8, 8, 2, 4),
        (T::TwoD, Format::RGBA32_UINT, 4, 4, 1, 3),
        (T::TwoD, Format::Z16_UNORM, 8, 8, 1, 4),
    ];
    for (k, (ty, f, w, h, d, l)) in list.into_iter().enumerate() {
        let mut t = TextureHeader::new(ty, f, w, h, d, l);
        t.base_address = (k as u32 % 3) * 64;
        if k % 4 == 1 && ty != T::OneDBuffer {
            t.layout = Layout::Tiled4x4;
        }
        if t.validate().is_ok() {
            v.push((format!("{}-{}", ty.name(), f.name()), t.to_words()));
        }
        if ty == T::TwoD && k % 2 == 1 {
            let mut m = TextureHeader::new(ty, f, w, h, d, 1);
            m.ms_mode = MsMode::Mode4x2;
            if m.validate().is_ok() {
                v.push((format!("ms-{}", f.name()), m.to_words()));
            }
        }
    }
    v
}

/// A quad of small binary32 values: base and deltas (the ops target's mode 1).
fn put_quad(w: &mut Writer, k: usize) {
    w.bool(false);
    for c in 0..4 {
        w.u8((77 + 3 * c + k % 7) as u8); // 0.3125 … : inside the texture
    }
    for c in 0..4 {
        w.u8(if c == 0 { 73 + (k % 3) as u8 } else { 72 }); // ∂x: 1/16 texture per pixel
    }
    for c in 0..4 {
        w.u8(if c == 1 { 73 + (k % 4) as u8 } else { 72 });
    }
}

/// Moderate field values for everything a target reads after the structured part.
fn tail(w: &mut Writer, k: usize) {
    for i in 0..96 {
        w.u8((72 + (i * 7 + k * 13) % 40) as u8);
    }
}

fn descriptors(out: &mut Vec<Seed>) {
    let sc = scene();
    for (k, (name, h)) in headers().into_iter().enumerate() {
        let mut w = Writer::new();
        gen::put_header_words(&mut w, &h);
        gen::put_sampler_words(&mut w, &sc.samplers()[k % sc.samplers().len()]);
        tail(&mut w, k);
        out.push(Seed { target: "descriptors", name: name.clone(), data: w.finish() });
        // The same header built from fields (taken as it is).
        if let Ok(t) = TextureHeader::from_words(&h) {
            let mut w = Writer::new();
            gen::put_header(&mut w, &t);
            gen::put_sampler_words(&mut w, &sc.samplers()[(k + 1) % sc.samplers().len()]);
            tail(&mut w, k + 1);
            out.push(Seed { target: "descriptors", name: format!("{name}-fields"), data: w.finish() });
        }
    }
}

fn ops(out: &mut Vec<Seed>) {
    let sc = scene();
    for (k, (name, h)) in headers().into_iter().enumerate() {
        for op in (0..8usize).chain([10]) {
            let mut w = Writer::new();
            gen::put_header_words(&mut w, &h);
            gen::put_sampler_words(&mut w, &sc.samplers()[(k + op) % sc.samplers().len()]);
            gen::put_memory(&mut w, 4096, 37 + k as u8, op as u8);
            w.index(op);
            match op {
                0 => {
                    put_quad(&mut w, k);
                    w.bool(false).u8(8).u8(8).u8(8);
                    put_quad(&mut w, k + 1);
                    w.bool(false).u8(9).u8(7).u8(8);
                }
                1..=4 => {
                    w.index(k % 5).bool(k % 2 == 0);
                    put_quad(&mut w, k);
                }
                _ => {}
            }
            tail(&mut w, k + op);
            out.push(Seed { target: "ops", name: format!("{name}-op{op}"), data: w.finish() });
        }
    }
}

/// Assembly lines of the examples and of the core's ISA tests that assemble.
fn asm_lines(root: &Path) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut texts: Vec<String> = Vec::new();
    for dir in ["examples/exec", "core/tests"] {
        let Ok(rd) = std::fs::read_dir(root.join(dir)) else { continue };
        let mut files: Vec<_> = rd.flatten().map(|e| e.path()).collect();
        files.sort();
        for p in files {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            let keep = name.ends_with(".asm") || name.ends_with(".toml") || name.starts_with("isa_");
            if let (true, Ok(t)) = (keep, std::fs::read_to_string(&p)) {
                texts.push(t);
            }
        }
    }
    for t in &texts {
        // Whole lines, and the contents of string literals (the tests' instruction text).
        let mut cands: Vec<String> = t.lines().map(str::to_string).collect();
        for part in t.split('"').skip(1).step_by(2) {
            cands.extend(part.split("\\n").map(str::to_string));
        }
        for c in cands {
            let c = c.trim().to_string();
            if !c.is_empty() && texcore::isa::assemble(&c).is_ok() && !lines.contains(&c) {
                lines.push(c);
            }
        }
    }
    lines
}

fn asm(root: &Path, out: &mut Vec<Seed>) {
    for (k, l) in asm_lines(root).into_iter().enumerate() {
        let mut w = Writer::new();
        w.u8(0).bytes(l.as_bytes());
        out.push(Seed { target: "asm", name: format!("line-{k:03}"), data: w.finish() });
    }
}

fn isa(root: &Path, out: &mut Vec<Seed>) {
    let sc = scene();
    let lines = asm_lines(root);
    for (k, chunk) in lines.chunks(3).enumerate() {
        let mut w = Writer::new();
        w.index(2); // three headers
        for h in &sc.headers()[..3] {
            gen::put_header_words(&mut w, h);
        }
        w.index(1);
        for s in &sc.samplers()[..2] {
            gen::put_sampler_words(&mut w, s);
        }
        w.index(5);
        for b in &sc.const_bank()[..5] {
            w.bool(true).u32(*b);
        }
        for _ in 0..4 {
            w.index(3);
            for p in 0..3u32 {
                gen::put_uint(&mut w, p);
            }
        }
        w.bool(false);
        gen::put_uint(&mut w, 13);
        gen::put_uint(&mut w, 5);
        gen::put_memory(&mut w, 4096, 3, k as u8);
        // Registers: all lanes active, a few coordinates.
        w.u8(0xF).u8(0).u32(u32::MAX).bool(false);
        w.index(6);
        for (i, v) in [(0u8, 0x3E99_999Au32), (1, 0x3F19_999A), (2, 0x3F00_0000), (5, 5), (6, 0), (10, 0x3F00_0000)] {
            w.index(0).u8(i).bool(true);
            gen::put_f32(&mut w, v);
        }
        w.index(0).index(0).index(0).index(0);
        // The program: these lines as text.
        w.index(chunk.len() - 1);
        for l in chunk {
            w.u8(1).u8(l.len().min(255) as u8).bytes(&l.as_bytes()[..l.len().min(255)]);
        }
        out.push(Seed { target: "isa", name: format!("lines-{k:03}"), data: w.finish() });
    }
}

fn hal(out: &mut Vec<Seed>) {
    let sc = scene();
    for (k, d) in protocol::OPS.iter().enumerate() {
        let mut w = Writer::new();
        w.index(7);
        for h in &sc.headers()[..8] {
            gen::put_header_words(&mut w, h);
        }
        w.index(3);
        for s in &sc.samplers()[..4] {
            gen::put_sampler_words(&mut w, s);
        }
        for b in &sc.const_bank()[..16] {
            w.u8(255).u32(*b);
        }
        w.u8(9).u8(5).u8(7).u8(3); // MaximumIndexes, memory pattern
        w.u8(3).index(0).index(0); // retries, chunks
        w.index(2); // three steps: the op twice, then a read-back
        for step in 0..3 {
            w.u8(255); // no simulator fault
            if step < 2 {
                w.index(8).index(k).u32(k as u32 * 7 + step);
            } else {
                w.index(1).u16(0).u16(256);
            }
        }
        // Damage to the second step's transactions.
        w.index(6);
        for i in 0..6u8 {
            if i % 2 == 0 {
                w.u8(3).index(0).u8(i * 5).u8(i); // command: one flipped bit
                w.u8(0); // response: clean
            } else {
                w.u8(0);
                w.u8(4).u8(i * 3).u32(0x0000_1001 << i); // response: a burst
            }
        }
        out.push(Seed { target: "hal", name: format!("op-{}", d.name.to_ascii_lowercase()), data: w.finish() });
        // The codec: the op's SUBMIT payload.
        let op = texcore_hal::selfcheck::OpGen::new(k as u64).op(d.code);
        if let Some(op) = op {
            let mut buf = [0u8; texcore_hal::op::MAX_OP_LEN];
            let n = op.encode(&mut buf);
            let mut w = Writer::new();
            w.u8(0).u8(n as u8).bytes(&buf[..n]);
            out.push(Seed {
                target: "hal_codec",
                name: format!("submit-{}", d.name.to_ascii_lowercase()),
                data: w.finish(),
            });
            let mut frame = [0u8; protocol::MAX_CMD_FRAME];
            if let Some(len) = protocol::encode_command(&mut frame, protocol::cmd::SUBMIT, k as u8, &[&buf[..n]]) {
                let mut w = Writer::new();
                w.u8(1).u8(len as u8).bytes(&frame[..len]);
                out.push(Seed {
                    target: "hal_codec",
                    name: format!("frame-{}", d.name.to_ascii_lowercase()),
                    data: w.finish(),
                });
                let mut w = Writer::new();
                w.u8(3).index(1).bool(true).u8(protocol::cmd::SUBMIT).u8(n as u8).bytes(&buf[..n]).u8(k as u8);
                out.push(Seed {
                    target: "hal_codec",
                    name: format!("device-{}", d.name.to_ascii_lowercase()),
                    data: w.finish(),
                });
            }
        }
    }
}

/// `spi_rtl`: the HAL's own command frames — the self-check scene's pools, constant bank
/// and texel memory, an op of every op code from its op generator with the result read
/// back, every register read, memory round trips — plus damaged frames, partial bytes and
/// resets.
fn spi_rtl(out: &mut Vec<Seed>) {
    use protocol::{cmd, reg};
    use spi_rtl::{damage, Script};
    let sc = scene();
    let le = |v: &[u32]| v.iter().flat_map(|w| w.to_le_bytes()).collect::<Vec<u8>>();
    let mut push = |name: String, data: Vec<u8>| out.push(Seed { target: "spi_rtl", name, data });
    for (k, d) in protocol::OPS.iter().enumerate() {
        let Some(op) = texcore_hal::selfcheck::OpGen::new(k as u64).op(d.code) else { continue };
        let mut buf = [0u8; texcore_hal::op::MAX_OP_LEN];
        let n = op.encode(&mut buf);
        let mut s = Script::new();
        let h = k % sc.headers().len();
        let header = [&(h as u32).to_le_bytes()[..], &le(&sc.headers()[h])].concat();
        let sampler = [&0u32.to_le_bytes()[..], &le(&sc.samplers()[0])].concat();
        s.command(cmd::WRITE_HEADER, 1, &header, false)
            .command(cmd::WRITE_SAMPLER, 2, &sampler, false)
            .command(
                cmd::WRITE_REG,
                3,
                &[&reg::HEADER_POOL_MAX.to_le_bytes()[..], &15u32.to_le_bytes()].concat(),
                false,
            )
            .command(cmd::WRITE_MEM, 4, &[&0u32.to_le_bytes()[..], &sc.memory()[..16]].concat(), false)
            .command(cmd::SUBMIT, 5, &buf[..n], true)
            .command(cmd::READ_RESULT, 6, &[0, 4], true);
        push(format!("op-{}", d.name.to_ascii_lowercase()), s.finish(Some((k as u8, k as u32)), 0));
    }
    for (i, r) in protocol::REGISTERS.iter().enumerate() {
        let mut s = Script::new();
        s.command(cmd::READ_REG, i as u8, &r.addr.to_le_bytes(), true)
            .command(cmd::WRITE_REG, 1, &[&r.addr.to_le_bytes()[..], &0xA5A5_5A5Au32.to_le_bytes()].concat(), true)
            .command(cmd::READ_REG, 2, &r.addr.to_le_bytes(), true);
        push(format!("reg-{}", r.name.to_ascii_lowercase()), s.finish(None, i as u8));
    }
    let scratch = reg::SCRATCH.to_le_bytes();
    let mem = &sc.memory()[..16];
    let mut s = Script::new();
    s.command(cmd::WRITE_MEM, 1, &[&0xFFF8u32.to_le_bytes()[..], mem].concat(), true)
        .command(cmd::READ_MEM, 2, &[&0xFFF0u32.to_le_bytes()[..], &32u16.to_le_bytes()].concat(), true)
        .command(cmd::WRITE_CBANK, 3, &[&1020u16.to_le_bytes()[..], &le(&sc.const_bank()[..6])].concat(), true)
        .command(cmd::READ_MEM, 4, &[&0u32.to_le_bytes()[..], &0u16.to_le_bytes()].concat(), true);
    push("memory-edges".into(), s.finish(None, 0));
    let mut s = Script::new();
    s.fetch(16).command(cmd::NOP, 1, &[], true).command(cmd::RESET, 2, &[], true).fetch(16).reset_pin(4).fetch(12);
    push("resets".into(), s.finish(None, 0));
    for dmg in 0..spi_rtl::DAMAGES {
        let params: &[u8] = match dmg {
            damage::FLIP => &[5, 0, 3],
            damage::TRUNCATE => &[7, 0],
            damage::EXTEND => &[2, 0x55, 0xAA, 0x5F],
            damage::LENGTH => &[0x05, 0x01],
            damage::LENGTH_NEAR => &[1, 0],
            damage::CRC => &[1, 0, 0, 0],
            _ => &[3, 0xEE],
        };
        let mut s = Script::new();
        s.damaged(cmd::READ_REG, 9, &scratch, dmg, params).command(cmd::READ_REG, 10, &scratch, true).fetch(20);
        push(format!("damaged-{dmg}"), s.finish(None, 0));
    }
    let mut s = Script::new();
    s.raw(&[0x10, 0x01, 0x02], 3).raw(&[protocol::FETCH], 5).raw(&[], 0).idle(40).raw(&[0xFF; 19], 0).command(
        cmd::READ_REG,
        1,
        &reg::ID.to_le_bytes(),
        true,
    );
    push("raw-partial".into(), s.finish(Some((0, 7)), 0));
}

fn scenario(root: &Path, out: &mut Vec<Seed>) {
    let Ok(rd) = std::fs::read_dir(root.join("examples/exec")) else { return };
    let mut files: Vec<_> = rd.flatten().map(|e| e.path()).collect();
    files.sort();
    for p in files {
        let Some(name) = p.file_name().and_then(|n| n.to_str()).map(str::to_string) else { continue };
        if !name.ends_with(".toml") {
            continue;
        }
        let Ok(mut text) = std::fs::read_to_string(&p) else { continue };
        // Inline a program file (the target has no file access).
        if let Some(line) = text.lines().find(|l| l.starts_with("program_file")).map(str::to_string) {
            let file = line.split('"').nth(1).unwrap_or("");
            let prog = std::fs::read_to_string(p.with_file_name(file)).unwrap_or_default();
            text = text.replace(&line, &format!("program = '''\n{prog}'''"));
        }
        let mut w = Writer::new();
        w.u8(0).bytes(text.as_bytes());
        out.push(Seed { target: "scenario", name, data: w.finish() });
    }
    let json = r#"{"program": "SAMPLE_I TEMP[0], TEMP[1], SVIEW[0]\nLOAD TEMP[4], RES[0], TEMP[1]\nSTORE RES[0], TEMP[1], TEMP[3]",
 "textures": [{"type": "2D", "format": "RGBA8_UNORM", "width": 4, "height": 4, "pattern": "checkerboard", "cell": 2,
   "colors": [[1.0, 0.0, 0.0, 1.0], [0.0, 0.0, 1.0, 1.0]]},
  {"type": "BUFFER", "format": "R32_FLOAT", "width": 4, "pattern": "gradient"}],
 "tgsi": {"sview": [0, 1], "res": [1]},
 "registers": {"TEMP[1]": [[0,0,0,0],[2,0,0,0],[3,0,0,0],[1,3,0,0]], "TEMP[3]": [0, 0, 0, 2]}}"#;
    let mut w = Writer::new();
    w.u8(1).bytes(json.as_bytes());
    out.push(Seed { target: "scenario", name: "patterns.json".into(), data: w.finish() });
    for (i, words) in OVERFLOW_HEADERS.iter().enumerate() {
        let text = format!(
            "program = \"SVIEWINFO TEMP[0], TEMP[1], SVIEW[0]\\nLOAD TEMP[2], RES[0], TEMP[1]\"\n[[raw_headers]]\nslot = 0\nwords = {words:?}\n[tgsi]\nsview = [0]\nres = [0]\n"
        );
        let mut w = Writer::new();
        w.u8(0).bytes(text.as_bytes());
        out.push(Seed { target: "scenario", name: format!("overflow-header-{i}.toml"), data: w.finish() });
    }
    for k in 0..4u8 {
        let mut w = Writer::new();
        w.u8(2);
        tail(&mut w, usize::from(k));
        out.push(Seed { target: "scenario", name: format!("generated-{k}"), data: w.finish() });
    }
}

/// Every seed of every target; `root` is the project root (for the example files).
pub fn all(root: &Path) -> Vec<Seed> {
    let mut v = Vec::new();
    descriptors(&mut v);
    ops(&mut v);
    asm(root, &mut v);
    isa(root, &mut v);
    hal(&mut v);
    scenario(root, &mut v);
    spi_rtl(&mut v);
    for (name, data) in crate::vectors::seeds() {
        v.push(Seed { target: "vectors", name, data });
    }
    v
}
