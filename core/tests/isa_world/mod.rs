//! A small world for the instruction-layer tests: pools, constant bank, binding tables and
//! texel memory, with helpers to add textures and to run assembly text.
#![allow(dead_code)]

use texcore::descriptor::{Format, SamplerHeader, TextureHeader, TextureType};
use texcore::handle::{Bindings, Handle, Pool, SamplerBinding};
use texcore::isa::{assemble_lines, execute, Env, ExecError, Instr, Machine, Tables};
use texcore::memory::{texel_address, texture_bytes, TexelCoord};

pub fn f(v: f32) -> u32 {
    v.to_bits()
}

#[derive(Default)]
pub struct World {
    pub headers: Vec<[u32; 8]>,
    pub samplers: Vec<[u32; 8]>,
    pub bank: Vec<u32>,
    pub sview: Vec<u32>,
    pub samp: Vec<u32>,
    pub res: Vec<u32>,
    pub surface: Vec<u32>,
    pub mem: Vec<u8>,
    pub binding: Option<SamplerBinding>,
}

impl World {
    pub fn new() -> World {
        World { bank: vec![0; 16], ..Default::default() }
    }

    /// Adds a texture at a fresh address; every texel's bytes come from `fill`.
    pub fn texture(&mut self, mut h: TextureHeader, fill: impl Fn(&TexelCoord) -> Vec<u8>) -> u32 {
        let base = self.mem.len().div_ceil(256) * 256;
        h.base_address = base as u32;
        h.validate().expect("valid test header");
        self.mem.resize(base + texture_bytes(&h) as usize, 0);
        let levels = h.base_level + h.levels;
        for level in 0..levels {
            let zs = if h.ty == TextureType::ThreeD { h.level_depth(level) } else { 1 };
            for layer in 0..h.layers() {
                for z in 0..zs {
                    for y in 0..h.level_height(level) {
                        for x in 0..h.level_width(level) {
                            for sample in 0..h.samples() {
                                let c = TexelCoord { x, y, z, layer, level, sample };
                                let a = texel_address(&h, &c).unwrap() as usize;
                                let b = fill(&c);
                                self.mem[a..a + b.len()].copy_from_slice(&b);
                            }
                        }
                    }
                }
            }
        }
        self.headers.push(h.to_words());
        (self.headers.len() - 1) as u32
    }

    pub fn sampler(&mut self, s: SamplerHeader) -> u32 {
        self.samplers.push(s.to_words());
        (self.samplers.len() - 1) as u32
    }

    /// Constant bank word `idx` = handle (sampler, header).
    pub fn handle(&mut self, idx: usize, sampler: u32, header: u32) {
        if self.bank.len() <= idx {
            self.bank.resize(idx + 1, 0);
        }
        self.bank[idx] = Handle::new(sampler, header).unwrap().0;
    }

    pub fn exec(&mut self, m: &mut Machine, i: &Instr) -> Result<(), ExecError> {
        let bindings = Bindings {
            headers: Pool::new(&self.headers),
            samplers: Pool::new(&self.samplers),
            binding: self.binding.unwrap_or_default(),
            const_bank: &self.bank,
        };
        let tables = Tables { sview: &self.sview, samp: &self.samp, res: &self.res, surface: &self.surface };
        let mut env = Env { bindings, tables, mem: &mut self.mem[..] };
        execute(m, &mut env, i)
    }

    /// Assembles and runs every line; panics on an assembly error.
    pub fn run(&mut self, m: &mut Machine, text: &str) -> Result<(), ExecError> {
        for r in assemble_lines(text) {
            let (line, i) = r.unwrap_or_else(|e| panic!("assembly error {e} in {text:?}"));
            self.exec(m, &i).inspect_err(|e| eprintln!("line {line}: {e}"))?;
        }
        Ok(())
    }
}

/// RGBA8_UINT, red unique per texel: r = y·w + x (mod 256), g = x, b = layer/slice, a = level.
pub fn unique_uint(w: u32, h: u32) -> impl Fn(&TexelCoord) -> Vec<u8> {
    let _ = h;
    move |c: &TexelCoord| vec![(c.y * w + c.x) as u8, c.x as u8, (c.layer + c.z) as u8, c.level as u8]
}

pub fn tex2d(format: Format, w: u32, h: u32, levels: u32) -> TextureHeader {
    TextureHeader::new(TextureType::TwoD, format, w, h, 1, levels)
}

/// A quad with the same value in every lane.
pub fn quad(v: [u32; 4]) -> [[u32; 4]; 4] {
    [v; 4]
}
