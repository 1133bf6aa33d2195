//! Runs inputs through a target on stable, with a normal panic message and backtrace:
//! `cargo run --example replay -- <target> <file>…` (a crash file from `artifacts/`, a
//! corpus entry, a regression input). For `spi_rtl` it prints the RTL clock cycles each
//! input took.

fn main() {
    let mut args = std::env::args().skip(1);
    let name = args.next().unwrap_or_default();
    let Some(t) = texcore_fuzz::target(&name) else {
        let names: Vec<&str> = texcore_fuzz::TARGETS.iter().map(|t| t.name).collect();
        eprintln!("usage: replay <target> <file>…   (targets: {})", names.join(", "));
        std::process::exit(2);
    };
    for f in args {
        let data = std::fs::read(&f).unwrap_or_else(|e| panic!("{f}: {e}"));
        eprintln!("{name}: {f} ({} bytes)", data.len());
        (t.run)(&data);
        if name == "spi_rtl" {
            eprintln!("  {} RTL clock cycles", texcore_fuzz::spi_rtl::last_clocks());
        }
    }
    eprintln!("ok");
}
