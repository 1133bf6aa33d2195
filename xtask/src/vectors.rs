//! `cargo xtask vectors`: the command line over the `texcore-vectors` library (which holds
//! every unit's layout, stimuli and expected outputs, the writer and the manifest).

use std::path::PathBuf;

use anyhow::{bail, Result};
use clap::Args as ClapArgs;
use texcore_vectors::{default_out, generate, parse_op, parse_shard, write_generated, Options, Shard};

/// `cargo xtask vectors` arguments.
#[derive(ClapArgs, Clone, Debug)]
pub struct Args {
    /// 1 = directed corner cases only; 2 = level 1 + weighted random.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..=2))]
    pub level: u8,
    /// Seed of the weighted-random vectors (and of the level-2 pool filler).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Random vectors per unit (level 2 only; default: each unit's own count).
    #[arg(long)]
    pub count: Option<u64>,
    /// Comma-separated units or groups (default: all). Units: nv_txq, tgsi_query,
    /// intel_info, coord, f32_sub, f32_div, f32_to_f16, wrap, texel_decode, filter, gather_cmp, lod, sample, sample_c, gather, fetch,
    /// tmml, store; groups: all, query, stage, op.
    #[arg(long, value_delimiter = ',', value_parser = parse_op)]
    pub ops: Vec<String>,
    /// Write only part k of n of every unit's vectors (`--shard 2/4`); files get a
    /// `.partKofN` suffix and concatenate, in order, to the unsplit files.
    #[arg(long, value_parser = parse_shard)]
    pub shard: Option<Shard>,
    /// Output directory (default: hdl-vectors/out in the workspace).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Only (re)write the generated files in hdl-vectors/generated/ (the SystemVerilog
    /// packages and vector-format.md) and exit.
    #[arg(long)]
    pub write_generated: bool,
    /// No progress bar and no summary.
    #[arg(long, short)]
    pub quiet: bool,
}

/// The generation request of the command line.
pub fn options(a: &Args) -> Result<Options> {
    if a.level == 1 && a.count.is_some() {
        bail!("--count sets the number of weighted-random vectors, which only level 2 has (drop --count or use --level 2)");
    }
    Ok(Options {
        level: a.level,
        seed: a.seed,
        count: a.count,
        units: a.ops.clone(),
        shard: a.shard.unwrap_or(Shard::ALL),
        out: a.out.clone().unwrap_or_else(default_out),
        verbose: !a.quiet,
    })
}

/// `cargo xtask vectors`.
pub fn run(a: &Args) -> Result<()> {
    if a.write_generated {
        for path in write_generated()? {
            eprintln!("wrote {}", path.display());
        }
        return Ok(());
    }
    let o = options(a)?;
    if cfg!(debug_assertions) && o.verbose && o.level >= 2 && o.count.is_some_and(|c| c >= 2_000_000) {
        eprintln!(
            "note: this xtask is an unoptimized (dev) build, about 25x slower than an optimized one; \
             for bulk exports use `cargo run --profile bench -p xtask -- vectors ...`"
        );
    }
    generate(&o)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        args: Args,
    }

    fn parse(args: &[&str]) -> Result<Options, String> {
        let cli =
            Cli::try_parse_from(std::iter::once("vectors").chain(args.iter().copied())).map_err(|e| e.to_string())?;
        options(&cli.args).map_err(|e| e.to_string())
    }

    #[test]
    fn bad_arguments_are_rejected_with_a_message() {
        assert!(parse(&[]).is_ok());
        let o = parse(&["--level", "1", "--ops", "nv_txq,tgsi_query", "--shard", "2/3", "--seed", "5"]).unwrap();
        assert_eq!((o.level, o.seed, o.shard), (1, 5, Shard { k: 2, n: 3 }));
        assert_eq!(o.units, ["nv_txq", "tgsi_query"]);
        for (bad, needle) in [
            (&["--level", "3"][..], "3"),
            (&["--level", "x"], "x"),
            (&["--shard", "0/2"], "1 <= k <= n"),
            (&["--shard", "3/2"], "1 <= k <= n"),
            (&["--shard", "2"], "k/n"),
            (&["--ops", "nv_txq,bogus"], "unknown unit `bogus`"),
            (&["--count", "-4"], "-4"),
            (&["--level", "1", "--count", "10"], "only level 2"),
            (&["--frobnicate"], "frobnicate"),
        ] {
            let e = parse(bad).expect_err(&format!("{bad:?} accepted"));
            assert!(e.contains(needle), "{bad:?}: {e}");
        }
    }
}
