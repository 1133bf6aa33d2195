//! Writes the seed corpus of every target (`texcore_fuzz::seeds`) to `<dir>/<target>/`
//! (default `fuzz/corpus`). Existing files are kept; a seed file is rewritten only when its
//! bytes changed.

use std::path::PathBuf;

fn main() -> std::io::Result<()> {
    let here = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let root = here.parent().map(PathBuf::from).unwrap_or_else(|| here.clone());
    let out = std::env::args().nth(1).map(PathBuf::from).unwrap_or_else(|| here.join("corpus"));
    let seeds = texcore_fuzz::seeds::all(&root);
    for t in texcore_fuzz::TARGETS {
        std::fs::create_dir_all(out.join(t.name))?;
    }
    let mut written = 0;
    for s in &seeds {
        let p = out.join(s.target).join(format!("seed-{}", s.name));
        if std::fs::read(&p).ok().as_deref() != Some(&s.data[..]) {
            std::fs::write(&p, &s.data)?;
            written += 1;
        }
    }
    for t in texcore_fuzz::TARGETS {
        let n = seeds.iter().filter(|s| s.target == t.name).count();
        println!("{:<12} {n:>4} seeds", t.name);
    }
    println!("{written} seed files written under {}", out.display());
    Ok(())
}
