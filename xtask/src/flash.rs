//! `cargo xtask flash --chip NAME`: build the board firmware, flash it with the probe-rs
//! library, reset, and stream its RTT defmt log. With no probe attached it says so and exits
//! with status 1.

use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};

use crate::util::{cargo, exec, root};

pub struct Args {
    pub chip: String,
    pub rtt_seconds: u64,
}

pub fn run(args: &Args) -> Result<()> {
    use probe_rs::probe::list::Lister;
    // Validate the chip name offline first, so a typo is reported as such.
    probe_rs::config::Registry::from_builtin_families()
        .get_target_by_name(&args.chip)
        .with_context(|| format!("unknown chip `{}` (see `probe-rs chip list`)", args.chip))?;
    let probes = Lister::new().list_all();
    if probes.is_empty() {
        bail!("no debug probe found: connect an ST-Link / CMSIS-DAP / J-Link probe (and check its USB permissions), then retry");
    }
    eprintln!("{} probe(s): {}", probes.len(), probes.iter().map(|p| p.to_string()).collect::<Vec<_>>().join(", "));
    let mut b = cargo();
    b.args([
        "build",
        "-q",
        "-p",
        "texcore-firmware",
        "--release",
        "--target",
        "thumbv7em-none-eabihf",
        "--features",
        "board-stm32f4",
    ]);
    exec(b)?;
    let elf = root().join("target/thumbv7em-none-eabihf/release/texcore-firmware");
    let probe = probes[0].open().context("opening the probe")?;
    let mut session = probe.attach(&args.chip, probe_rs::Permissions::default()).context("attaching to the target")?;
    probe_rs::flashing::download_file(&mut session, &elf, probe_rs::flashing::ElfLoader(Default::default()))
        .context("flashing")?;
    session.core(0)?.reset()?;
    eprintln!("flashed and reset {}", args.chip);
    if args.rtt_seconds == 0 {
        return Ok(());
    }
    let bytes = std::fs::read(&elf)?;
    let table = defmt_decoder::Table::parse(&bytes)?.context("the firmware has no .defmt section")?;
    let mut decoder = table.new_stream_decoder();
    let mut core = session.core(0)?;
    let mut rtt = probe_rs::rtt::Rtt::attach(&mut core).context("attaching RTT")?;
    let start = Instant::now();
    let mut buf = [0u8; 1024];
    while start.elapsed() < Duration::from_secs(args.rtt_seconds) {
        if let Some(ch) = rtt.up_channel(0) {
            let n = ch.read(&mut core, &mut buf)?;
            decoder.received(&buf[..n]);
            while let Ok(frame) = decoder.decode() {
                println!("{}", frame.display(false));
            }
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    Ok(())
}
