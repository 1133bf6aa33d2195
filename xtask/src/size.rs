//! `cargo xtask size [cm4|rv32]`: flash and RAM per section of the firmware ELF, and the
//! share of the texcore core (functions and data whose demangled path is in `texcore::`).

use anyhow::Result;
use clap::Args as ClapArgs;
use object::{Object, ObjectSection, ObjectSymbol, SectionFlags, SectionKind, SymbolKind};

use crate::qemu::{self, Machine};

#[derive(ClapArgs)]
pub struct Args {
    /// Which machine (default: both).
    pub machine: Option<Machine>,
    /// How many of the core's largest symbols to list.
    #[arg(long, default_value_t = 12)]
    pub top: usize,
}

/// Sizes of one firmware image.
#[derive(Debug, Default, Clone)]
pub struct Sizes {
    pub sections: Vec<(String, u64, bool)>,
    pub flash: u64,
    pub ram: u64,
    pub core_bytes: u64,
    pub hal_bytes: u64,
    /// The core's symbols (demangled name without the hash, size), largest first.
    pub core_symbols: Vec<(String, u64)>,
}

/// Measures the release firmware for `machine`.
pub fn measure(machine: Machine) -> Result<Sizes> {
    let elf = qemu::build(machine, false, false)?;
    let data = std::fs::read(&elf)?;
    let file = object::File::parse(&*data)?;
    let mut s = Sizes::default();
    for sec in file.sections() {
        let name = sec.name().unwrap_or("?").to_string();
        let alloc = match sec.flags() {
            SectionFlags::Elf { sh_flags } => sh_flags & 0x2 != 0,
            _ => true,
        };
        if !alloc || sec.size() == 0 || name == ".stack" || name == ".heap" {
            continue;
        }
        let ram = matches!(sec.kind(), SectionKind::UninitializedData | SectionKind::Data)
            || name.starts_with(".bss")
            || name.starts_with(".data")
            || name.starts_with(".uninit");
        let flash = !matches!(sec.kind(), SectionKind::UninitializedData)
            && !name.starts_with(".bss")
            && !name.starts_with(".uninit");
        if flash {
            s.flash += sec.size();
        }
        if ram {
            s.ram += sec.size();
        }
        s.sections.push((name, sec.size(), ram));
    }
    for sym in file.symbols() {
        if !matches!(sym.kind(), SymbolKind::Text | SymbolKind::Data) {
            continue;
        }
        let d = rustc_demangle::demangle(sym.name().unwrap_or("")).to_string();
        if d.starts_with("texcore::") || d.starts_with("<texcore::") {
            s.core_bytes += sym.size();
            let name = format!("{:#}", rustc_demangle::demangle(sym.name().unwrap_or("")));
            s.core_symbols.push((name, sym.size()));
        } else if d.starts_with("texcore_hal::") || d.starts_with("<texcore_hal::") {
            s.hal_bytes += sym.size();
        }
    }
    s.core_symbols.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    Ok(s)
}

pub fn run(args: &Args) -> Result<()> {
    let machines = match args.machine {
        Some(m) => vec![m],
        None => vec![Machine::Cm4, Machine::Rv32],
    };
    for m in machines {
        let s = measure(m)?;
        println!("{:?} ({}), release, opt-level s, LTO:", m, m.target());
        for (name, size, ram) in &s.sections {
            println!("  {:<20} {:>8} B{}", name, size, if *ram { "  (RAM)" } else { "" });
        }
        println!(
            "  flash {} B, static RAM {} B, texcore core code+data {} B ({:.1} KiB), hal {} B",
            s.flash,
            s.ram,
            s.core_bytes,
            s.core_bytes as f64 / 1024.0,
            s.hal_bytes
        );
        println!("  largest core symbols:");
        for (name, size) in s.core_symbols.iter().take(args.top) {
            println!("  {size:>8} B  {name}");
        }
    }
    Ok(())
}
