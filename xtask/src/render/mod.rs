//! `cargo xtask render`: pictures of what the texture unit does, rendered through the core's
//! sampling ops (see [`scenes`]).
//!
//! ```text
//! cargo xtask render [--scene NAME|all] [--size WxH] [--out DIR]
//! ```
//!
//! Every view is `W × H` pixels (even sizes: the views are cut into 2×2 quads); sheets
//! compose several views. Files are PNG (RGB8, zlib level 9, adaptive filters, no time or
//! text chunks), so the same arguments give byte-identical files whatever the thread count.
//! All files of a run are written under temporary names in the output directory and renamed
//! into place only when every one was written: a failed run leaves nothing half-written.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{anyhow, Context, Result};
use clap::{Args as ClapArgs, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use sha2::{Digest, Sha256};

mod raster;
mod scenes;
#[cfg(test)]
mod tests;
mod textures;

pub use raster::Canvas;

/// A scene (or all of them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Scene {
    /// Every scene below.
    All,
    /// Ground plane at a grazing angle, once per filter (nearest … anisotropic 16×), and a sheet.
    Filters,
    /// Mip-level map (mip nearest, trilinear) and TMML.LOD λ maps (isotropic, 16×).
    Mips,
    /// |texcore − f64 reference| per pixel (bilinear, trilinear, 16×), max error reported.
    Error,
    /// A cube map on a sphere, seamless on and off.
    Cube,
    /// The five wrap modes with a border colour.
    Wrap,
    /// The Gallium component table (and two swizzles) applied to one image.
    Swizzle,
    /// Depth-compare shadows: SAMPLE_C nearest, SAMPLE_C linear (PCF), GATHER4 compare.
    Shadow,
}

impl Scene {
    /// Every single scene, in output order.
    pub const EACH: [Scene; 7] =
        [Scene::Filters, Scene::Mips, Scene::Error, Scene::Cube, Scene::Wrap, Scene::Swizzle, Scene::Shadow];

    /// The scene's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Scene::All => "all",
            Scene::Filters => "filters",
            Scene::Mips => "mips",
            Scene::Error => "error",
            Scene::Cube => "cube",
            Scene::Wrap => "wrap",
            Scene::Swizzle => "swizzle",
            Scene::Shadow => "shadow",
        }
    }

    /// Renders this single scene at `w × h`.
    pub fn render(self, w: u32, h: u32, bar: &ProgressBar) -> scenes::SceneOut {
        match self {
            Scene::All => {
                let mut out = scenes::SceneOut::default();
                for s in Scene::EACH {
                    let o = s.render(w, h, bar);
                    out.files.extend(o.files);
                    out.in_sheet.extend(o.in_sheet);
                    out.notes.extend(o.notes);
                }
                out
            }
            Scene::Filters => scenes::scene_filters(w, h, bar),
            Scene::Mips => scenes::scene_mips(w, h, bar),
            Scene::Error => scenes::scene_error(w, h, bar),
            Scene::Cube => scenes::scene_cube(w, h, bar),
            Scene::Wrap => scenes::scene_wrap(w, h, bar),
            Scene::Swizzle => scenes::scene_swizzle(w, h, bar),
            Scene::Shadow => scenes::scene_shadow(w, h, bar),
        }
    }
}

/// Smallest and largest view edge.
pub const SIZE_RANGE: (u32, u32) = (16, 4096);

/// Parses `WxH` (both even, within [`SIZE_RANGE`]).
pub fn parse_size(s: &str) -> std::result::Result<(u32, u32), String> {
    let (a, b) =
        s.split_once(['x', 'X']).ok_or_else(|| format!("`{s}` is not a size: expected WIDTHxHEIGHT, e.g. 512x512"))?;
    let num = |t: &str| {
        t.trim().parse::<u32>().map_err(|_| format!("`{s}` is not a size: expected WIDTHxHEIGHT, e.g. 512x512"))
    };
    let (w, h) = (num(a)?, num(b)?);
    let (lo, hi) = SIZE_RANGE;
    for v in [w, h] {
        if !(lo..=hi).contains(&v) {
            return Err(format!("`{s}`: width and height must be {lo} … {hi} pixels"));
        }
        if v % 2 != 0 {
            return Err(format!("`{s}`: width and height must be even (views are made of 2x2 pixel quads)"));
        }
    }
    Ok((w, h))
}

/// View size of a run without `--size`.
pub const DEFAULT_SIZE: (u32, u32) = (512, 512);
/// View size of `--gallery`.
pub const GALLERY_SIZE: (u32, u32) = (192, 192);
/// Output directory of `--gallery`, relative to the workspace root.
pub const GALLERY_DIR: &str = "docs/gallery";

#[derive(ClapArgs)]
pub struct Args {
    /// Scene to render.
    #[arg(long, value_enum, default_value_t = Scene::All)]
    pub scene: Scene,
    /// Size of each view, WIDTHxHEIGHT in pixels (even, 16 … 4096) [default: 512x512;
    /// with --gallery 192x192].
    #[arg(long, value_parser = parse_size)]
    pub size: Option<(u32, u32)>,
    /// Output directory (created if missing) [default: render/ in the workspace root; with
    /// --gallery docs/gallery/].
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Regenerate the committed gallery (docs/gallery.md): 192x192 views, and of the views a
    /// sheet also shows only the sheet.
    #[arg(long)]
    pub gallery: bool,
}

/// PNG bytes of a canvas: RGB8, zlib level 9, adaptive row filters, no ancillary chunks
/// (no time stamp), so equal canvases give equal bytes.
pub fn encode_png(c: &Canvas) -> Result<Vec<u8>> {
    let mut buf = Vec::new();
    {
        let mut e = png::Encoder::new(&mut buf, c.w, c.h);
        e.set_color(png::ColorType::Rgb);
        e.set_depth(png::BitDepth::Eight);
        e.set_deflate_compression(png::DeflateCompression::Level(9));
        e.set_filter(png::Filter::Adaptive);
        let mut wr = e.write_header().context("PNG header")?;
        let data: Vec<u8> = c.px.iter().flatten().copied().collect();
        wr.write_image_data(&data).context("PNG data")?;
        wr.finish().context("PNG end")?;
    }
    Ok(buf)
}

/// Writes every `(name, bytes)` into `dir`: each to a temporary file in `dir` first, then,
/// once all were written, each renamed to its name. A failure while writing renames nothing;
/// a failed rename stops there (the files not yet renamed keep their previous contents).
/// Either way the temporary files are removed and no file is ever half-written.
pub fn write_all(dir: &Path, files: &[(String, Vec<u8>)]) -> Result<()> {
    let mut temps = Vec::with_capacity(files.len());
    for (name, bytes) in files {
        let mut t = tempfile::Builder::new()
            .prefix(&format!(".{name}."))
            .suffix(".tmp")
            .tempfile_in(dir)
            .with_context(|| format!("cannot create a file in {}", dir.display()))?;
        t.write_all(bytes).with_context(|| format!("cannot write {}", dir.join(name).display()))?;
        temps.push((t, dir.join(name)));
    }
    for (t, dst) in temps {
        t.persist(&dst).map_err(|e| anyhow!("cannot rename into {}: {}", dst.display(), e.error))?;
    }
    Ok(())
}

/// Creates `dir` and checks that a file can be created in it.
pub fn prepare_out(dir: &Path) -> Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create the output directory {}", dir.display()))?;
    tempfile::Builder::new()
        .prefix(".write-check.")
        .tempfile_in(dir)
        .with_context(|| format!("cannot write into the output directory {}", dir.display()))?;
    Ok(())
}

/// The SHA-256 of `bytes`, hex.
fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

pub fn run(a: &Args) -> Result<()> {
    let t0 = Instant::now();
    let default_dir = if a.gallery { GALLERY_DIR } else { "render" };
    let out = a.out.clone().unwrap_or_else(|| crate::util::root().join(default_dir));
    prepare_out(&out)?;
    let (w, h) = a.size.unwrap_or(if a.gallery { GALLERY_SIZE } else { DEFAULT_SIZE });
    let bar = if std::io::stderr().is_terminal() {
        let b = ProgressBar::new(0);
        b.set_style(
            ProgressStyle::with_template("{spinner} {msg:>8} [{bar:40}] {pos}/{len} quad rows  eta {eta}")
                .map_err(|e| anyhow!("{e}"))?
                .progress_chars("=> "),
        );
        b.set_message(a.scene.name());
        b
    } else {
        ProgressBar::hidden()
    };
    let mut scene = a.scene.render(w, h, &bar);
    bar.finish_and_clear();
    if a.gallery {
        let skip = std::mem::take(&mut scene.in_sheet);
        scene.files.retain(|f| !skip.contains(&f.0));
    }
    let encoded: Vec<(String, Vec<u8>)> =
        scene.files.par_iter().map(|(name, c)| encode_png(c).map(|b| (name.clone(), b))).collect::<Result<_>>()?;
    write_all(&out, &encoded)?;
    for ((name, bytes), (_, c)) in encoded.iter().zip(&scene.files) {
        println!("{:<36} {:>5}x{:<5} {:>9} B  sha256 {}", name, c.w, c.h, bytes.len(), sha256_hex(bytes));
    }
    for n in &scene.notes {
        println!("{n}");
    }
    println!(
        "rendered {} files ({} scene, {w}x{h} views) into {} in {:.2} s",
        encoded.len(),
        a.scene.name(),
        out.display(),
        t0.elapsed().as_secs_f64()
    );
    Ok(())
}
