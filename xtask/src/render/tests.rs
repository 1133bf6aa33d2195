//! Acceptance tests of the renderer: properties a wrong renderer (wrong lane order, wrong
//! filter, lost derivatives, non-deterministic output) would break. They test properties,
//! not pixel hashes, so they hold for any LOD unit within the precision contract.

use std::path::Path;

use clap::Parser;
use indicatif::ProgressBar;
use texcore::descriptor::{Filter, MipFilter, TextureType};

use super::raster::{rgb_of_bits, Grid, Rgb};
use super::scenes::{
    filters, ground_chain, ground_colours, ground_levels, level_tex, plane_error, plane_samples, plane_tmml, sampler,
    Plane, GROUND, PITCH_DEG,
};
use super::textures::{ground, Tex, LEVEL_COLOURS};
use super::{encode_png, parse_size, prepare_out, write_all, Args, Scene};

/// The size the property tests render at.
const W: u32 = 64;
const H: u32 = 64;

fn hidden() -> ProgressBar {
    ProgressBar::hidden()
}

fn plane() -> Plane {
    Plane::new(W, H, PITCH_DEG)
}

fn filter(stem: &str) -> texcore::descriptor::SamplerHeader {
    filters().into_iter().find(|f| f.0 == stem).expect("known filter").2
}

/// The level whose colour a pixel has exactly, if any.
fn level_of(c: Rgb) -> Option<usize> {
    LEVEL_COLOURS[..ground_levels() as usize].iter().position(|l| [l[0], l[1], l[2]] == c)
}

/// Ground pixels of a sampled plane as `(x, y, rgb)`.
fn ground_pixels(g: &Grid<Option<[u32; 4]>>) -> Vec<(u32, u32, Rgb)> {
    let mut v = Vec::new();
    for y in 0..g.h {
        for x in 0..g.w {
            if let Some(r) = g.at(x, y) {
                v.push((x, y, rgb_of_bits(r)));
            }
        }
    }
    v
}

#[test]
fn nearest_plane_has_only_texel_colours() {
    let pl = plane();
    let tex = Tex::rgba8(TextureType::TwoD, &[ground_chain()]);
    let colours = ground_colours();
    assert_eq!(colours.len(), 4, "the ground texture has four colours");
    let g = plane_samples(&pl, &tex, &filter("nearest"), &hidden());
    let px = ground_pixels(&g);
    assert!(px.len() > (W * H / 2) as usize, "the ground covers most of the view ({} pixels)", px.len());
    for &(x, y, c) in &px {
        assert!(colours.contains(&c), "nearest pixel ({x}, {y}) = {c:?} is not a texel colour");
        // Exactly the binary32 of code / 255, alpha exactly 1.
        let r = g.at(x, y).expect("ground");
        for (ch, &code) in c.iter().enumerate() {
            assert_eq!(r[ch], (f32::from(code) / 255.0).to_bits(), "pixel ({x}, {y}) channel {ch}");
        }
        assert_eq!(r[3], 1f32.to_bits());
    }
    for c in &colours {
        assert!(px.iter().any(|p| p.2 == *c), "colour {c:?} never shown");
    }
    // Each pixel shows the texel under its own centre (REPEAT), wherever that centre is
    // clear of a texel edge by more than the 8 sub-texel bits: lanes reach the right pixels.
    let base = ground(GROUND);
    let n = f64::from(GROUND);
    let mut checked = 0;
    for &(x, y, c) in &px {
        let [s, t] = pl.st(x, y).map(|v| f64::from(v as f32) * n);
        let clear = |u: f64| (u - u.round()).abs() > 1.0 / 256.0;
        if clear(s) && clear(t) {
            let e = base.at(s.floor().rem_euclid(n) as u32, t.floor().rem_euclid(n) as u32);
            assert_eq!(c, [e[0], e[1], e[2]], "pixel ({x}, {y}) does not show the texel under its centre");
            checked += 1;
        }
    }
    assert!(checked * 10 > px.len() * 9, "{checked} of {} pixels checked", px.len());
    // Not vacuous: bilinear filtering on the same plane does produce other colours.
    let b = plane_samples(&pl, &tex, &filter("bilinear"), &hidden());
    let mixed = ground_pixels(&b).iter().filter(|p| !colours.contains(&p.2)).count();
    assert!(mixed > 100, "bilinear shows only {mixed} blended pixels");
}

#[test]
fn mip_level_map_shows_every_level_in_order() {
    // 128 rows: near the cut-off λ grows by more than a level per row at 64.
    let (w, h) = (128, 128);
    let pl = Plane::new(w, h, PITCH_DEG);
    let g =
        plane_samples(&pl, &level_tex(), &sampler(Filter::Linear, Filter::Linear, MipFilter::Nearest, 0), &hidden());
    let mut seen = vec![false; ground_levels() as usize];
    for x in 0..w {
        // From the bottom row (nearest the camera) up to the far cut-off.
        let mut last = 0;
        for y in (0..h).rev() {
            let Some(r) = g.at(x, y) else { continue };
            let c = rgb_of_bits(r);
            let l = level_of(c).unwrap_or_else(|| panic!("pixel ({x}, {y}) = {c:?} is not one level's colour"));
            assert!(l >= last, "column {x}: level {l} at row {y} after level {last} nearer the camera");
            last = l;
            seen[l] = true;
        }
    }
    let missing: Vec<usize> = (0..seen.len()).filter(|&l| !seen[l]).collect();
    assert!(missing.is_empty(), "levels never shown: {missing:?}");
}

#[test]
fn trilinear_far_rows_blend_two_adjacent_levels() {
    let pl = plane();
    let tex = level_tex();
    let tri = plane_samples(&pl, &tex, &sampler(Filter::Linear, Filter::Linear, MipFilter::Linear, 0), &hidden());
    let n = ground_levels() as usize;
    // A pixel is (1 − δ)·level k + δ·level k+1 within the 8-bit rounding of the image.
    let blend = |c: Rgb| -> Option<(usize, f64)> {
        (0..n - 1).find_map(|k| {
            let (a, b) = (LEVEL_COLOURS[k], LEVEL_COLOURS[k + 1]);
            let (mut num, mut den) = (0.0, 0.0);
            for ch in 0..3 {
                let d = f64::from(b[ch]) - f64::from(a[ch]);
                num += (f64::from(c[ch]) - f64::from(a[ch])) * d;
                den += d * d;
            }
            let t = (num / den).clamp(0.0, 1.0);
            let ok = (0..3).all(|ch| {
                let m = f64::from(a[ch]) + t * (f64::from(b[ch]) - f64::from(a[ch]));
                (m - f64::from(c[ch])).abs() <= 1.0
            });
            ok.then_some((k, t))
        })
    };
    let rows: Vec<u32> = (0..H).filter(|&y| (0..W).any(|x| tri.at(x, y).is_some())).collect();
    let far: Vec<u32> = rows[..rows.len() / 2].to_vec();
    let (mut between, mut total) = (0, 0);
    for &(x, y, c) in &ground_pixels(&tri) {
        let (_, t) = blend(c).unwrap_or_else(|| panic!("pixel ({x}, {y}) = {c:?} is no blend of adjacent levels"));
        if far.contains(&y) {
            total += 1;
            between += usize::from(level_of(c).is_none() && t > 0.02 && t < 0.98);
        }
    }
    assert!(between * 2 > total, "only {between} of {total} far pixels blend two levels");
    // Not vacuous: mip NEAREST shows no blends there.
    let near = plane_samples(&pl, &tex, &sampler(Filter::Linear, Filter::Linear, MipFilter::Nearest, 0), &hidden());
    assert!(ground_pixels(&near).iter().all(|p| level_of(p.2).is_some()));
}

#[test]
fn tmml_lambda_grows_with_distance_over_the_whole_chain() {
    let pl = plane();
    let s = sampler(Filter::Linear, Filter::Linear, MipFilter::Linear, 0);
    let g = plane_tmml(&pl, &level_tex(), &s, &hidden());
    let (mut lo, mut hi) = (i16::MAX, i16::MIN);
    for x in 0..W {
        let mut last = i16::MIN;
        for y in (0..H).rev() {
            let Some((r, used)) = g.at(x, y) else { continue };
            assert!(r >= last, "column {x}: λ {r} at row {y} below {last} nearer the camera");
            last = r;
            lo = lo.min(r);
            hi = hi.max(r);
            // G: the λ used, clamped to the level range.
            let clamped = i32::from(r).clamp(0, (ground_levels() as i32 - 1) * 256);
            assert!((i32::from(used) - clamped).abs() <= 1, "pixel ({x}, {y}): G {used} for R {r}");
        }
    }
    assert!(lo <= 0 && hi >= 7 * 256, "λ spans {lo}/256 … {hi}/256: the plane must magnify and reach the last levels");
}

#[test]
fn error_map_stays_within_the_high_quality_threshold() {
    // |texcore − f64 reference| of every ground pixel within dEQP's fixedErr(8 − 2) = 2^-6
    // (sampling-semantics §11.7), for trilinear and 16× anisotropic filtering.
    let pl = plane();
    let chain = ground_chain();
    let tex = Tex::rgba8(TextureType::TwoD, std::slice::from_ref(&chain));
    let rt = texcore_reference::texture::RefTex::new(
        tex.h,
        texcore_reference::texture::Fmt::Rgba8,
        [0; 4],
        |l, _, x, y, _| {
            let t = chain.levels[l as usize].at(x, y);
            [t[0], t[1], t[2], t[3], 0, 0, 0, 0]
        },
    );
    for stem in ["trilinear", "aniso16x"] {
        let g = plane_error(&pl, &tex, &rt, &filter(stem), &hidden());
        let errs: Vec<f64> = g.px.iter().flatten().copied().collect();
        assert!(errs.len() > (W * H / 2) as usize);
        let max = errs.iter().copied().fold(0.0, f64::max);
        assert!(max <= 1.0 / 64.0, "{stem}: max error {max}");
        assert!(max > 0.0, "{stem}: the model is not the f64 reference: some error is expected");
    }
}

/// Every file of every scene at `w × h`, PNG-encoded, rendered on `threads` threads.
fn all_files(w: u32, h: u32, threads: usize) -> Vec<(String, Vec<u8>)> {
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().expect("thread pool");
    pool.install(|| {
        let out = Scene::All.render(w, h, &hidden());
        out.files.iter().map(|(n, c)| (n.clone(), encode_png(c).expect("PNG"))).collect()
    })
}

#[test]
fn same_arguments_give_identical_files_on_any_thread_count() {
    let a = all_files(32, 32, 1);
    let b = all_files(32, 32, 3);
    assert_eq!(a.len(), b.len());
    assert!(a.len() >= 20, "{} files", a.len());
    for ((na, ba), (nb, bb)) in a.iter().zip(&b) {
        assert_eq!(na, nb);
        assert!(ba == bb, "{na}: different bytes with 1 and 3 threads");
        assert_eq!(&ba[1..4], b"PNG");
    }
    let names: std::collections::BTreeSet<&str> = a.iter().map(|f| f.0.as_str()).collect();
    assert_eq!(names.len(), a.len(), "file names are unique");
}

#[derive(Parser)]
struct Cli {
    #[command(flatten)]
    a: Args,
}

#[test]
fn bad_arguments_are_usage_errors() {
    for bad in ["512", "512x", "x512", "513x512", "512x511", "8x8", "5000x512", "ax b", "-2x4"] {
        assert!(parse_size(bad).is_err(), "{bad} accepted");
    }
    assert_eq!(parse_size("512x256"), Ok((512, 256)));
    assert_eq!(parse_size("16X4096"), Ok((16, 4096)));
    for args in [&["x", "--scene", "teapot"][..], &["x", "--size", "511x512"], &["x", "--frobnicate"]] {
        let e = Cli::try_parse_from(args).err().expect("rejected");
        // main() turns every clap error printed to stderr into exit code 2.
        assert!(e.use_stderr(), "{args:?}");
    }
    let ok = Cli::try_parse_from(["x", "--scene", "cube", "--size", "64x32", "--out", "o"]).expect("valid");
    assert_eq!((ok.a.scene, ok.a.size, ok.a.gallery), (Scene::Cube, Some((64, 32)), false));
}

fn entries(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .expect("dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn unwritable_out_is_a_clear_error_and_nothing_is_half_written() {
    let tmp = tempfile::tempdir().expect("tempdir");
    // A directory below a regular file cannot be created (even by root).
    let file = tmp.path().join("plain-file");
    std::fs::write(&file, b"x").expect("write");
    let e = prepare_out(&file.join("render")).expect_err("cannot create");
    assert!(format!("{e:#}").contains("cannot create the output directory"), "{e:#}");

    // A failed write leaves no file and no temporary behind; a good one writes whole files.
    let out = tmp.path().join("out");
    prepare_out(&out).expect("writable");
    assert_eq!(entries(&out), Vec::<String>::new(), "the write check leaves nothing");
    let files = vec![("a.png".to_string(), vec![1u8; 1000]), ("b.png".to_string(), vec![2u8; 1000])];
    write_all(&out, &files).expect("write");
    assert_eq!(entries(&out), ["a.png", "b.png"]);
    assert_eq!(std::fs::read(out.join("b.png")).expect("read"), vec![2u8; 1000]);
    // `c.png` cannot replace a directory of that name: the run fails, a.png keeps its old
    // contents, and no temporary file is left.
    std::fs::create_dir(out.join("c.png")).expect("mkdir");
    let bad = vec![("c.png".to_string(), vec![3u8; 10]), ("a.png".to_string(), vec![4u8; 10])];
    assert!(write_all(&out, &bad).is_err());
    assert_eq!(entries(&out), ["a.png", "b.png", "c.png"]);
    assert_eq!(std::fs::read(out.join("a.png")).expect("read"), vec![1u8; 1000]);
}

/// Standard deviation of the luma of the far half of the ground rows.
fn far_contrast(g: &Grid<Option<[u32; 4]>>) -> f64 {
    let rows: Vec<u32> = (0..g.h).filter(|&y| (0..g.w).any(|x| g.at(x, y).is_some())).collect();
    let far = &rows[..rows.len() / 2];
    let luma: Vec<f64> = ground_pixels(g)
        .iter()
        .filter(|p| far.contains(&p.1))
        .map(|p| 0.2126 * f64::from(p.2[0]) + 0.7152 * f64::from(p.2[1]) + 0.0722 * f64::from(p.2[2]))
        .collect();
    let mean = luma.iter().sum::<f64>() / luma.len() as f64;
    (luma.iter().map(|l| (l - mean).powi(2)).sum::<f64>() / luma.len() as f64).sqrt()
}

#[test]
fn anisotropic_filtering_keeps_far_detail_that_trilinear_blurs() {
    let pl = plane();
    let tex = Tex::rgba8(TextureType::TwoD, &[ground_chain()]);
    let c: Vec<(&str, f64)> = ["trilinear", "aniso2x", "aniso4x", "aniso16x"]
        .into_iter()
        .map(|stem| (stem, far_contrast(&plane_samples(&pl, &tex, &filter(stem), &hidden()))))
        .collect();
    let (tri, a2, a4, a16) = (c[0].1, c[1].1, c[2].1, c[3].1);
    // More samples along the major axis keep more of the checks' contrast (trilinear
    // averages the footprint's long axis away); 64×64 measures about 47, 55, 57, 58.
    assert!(a2 > 1.08 * tri && a4 > a2 && a16 > 1.15 * tri, "far-row contrast {c:?}");
}
