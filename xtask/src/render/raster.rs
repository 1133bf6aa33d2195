//! Quads of pixels, run in parallel, and the canvas the images are composed on.
//!
//! A view is `w × h` pixels (both even) cut into 2×2 quads, exactly as a rasterizer hands
//! fragments to a shader: lane 0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right. Every
//! lane of a quad is evaluated, also where its pixel lies outside the object (a helper lane:
//! it only provides the quad's implicit derivatives), and the shader decides per lane what is
//! written. Rows of quads run in parallel (rayon); each pixel depends only on its own quad, so
//! the result is the same for any number of threads.

use indicatif::ProgressBar;
use rayon::prelude::*;

use texcore::descriptor::SamplerHeader;
use texcore::op::sample::SampleRequest;
use texcore_host::sample_batch_into;

use super::textures::{glyph_bit, Tex};

/// An RGB8 pixel.
pub type Rgb = [u8; 3];

/// A grid of per-pixel values of a view.
pub struct Grid<T> {
    /// Width (even).
    pub w: u32,
    /// Height (even).
    pub h: u32,
    /// Values, row-major.
    pub px: Vec<T>,
}

impl<T: Copy> Grid<T> {
    /// The value at `(x, y)`.
    pub fn at(&self, x: u32, y: u32) -> T {
        self.px[(y * self.w + x) as usize]
    }

    /// A grid of `f(value)`.
    pub fn map<U: Send>(&self, f: impl Fn(T) -> U + Sync) -> Grid<U>
    where
        T: Sync,
    {
        Grid { w: self.w, h: self.h, px: self.px.par_iter().map(|&v| f(v)).collect() }
    }
}

/// Stores quad `qx`'s four pixels (lane order) into its two rows `rows` (`wu` pixels each).
fn put_quad<T>(rows: &mut [T], wu: usize, qx: u32, [a, b, c, d]: [T; 4]) {
    let x = 2 * qx as usize;
    rows[x] = a;
    rows[x + 1] = b;
    rows[wu + x] = c;
    rows[wu + x + 1] = d;
}

/// Runs `quad(x, y)` for the top-left pixel `(x, y)` of every 2×2 quad of a `w × h` view
/// (rows of quads in parallel) and returns the per-pixel values; `bar` advances by one per
/// row of quads.
pub fn quads<T: Copy + Default + Send>(
    w: u32,
    h: u32,
    bar: &ProgressBar,
    quad: impl Fn(u32, u32) -> [T; 4] + Sync,
) -> Grid<T> {
    assert!(w.is_multiple_of(2) && h.is_multiple_of(2) && w > 0 && h > 0, "views are whole quads");
    bar.inc_length(u64::from(h / 2));
    let mut px = vec![T::default(); (w * h) as usize];
    let wu = w as usize;
    px.par_chunks_mut(2 * wu).enumerate().for_each(|(qy, rows)| {
        let y = 2 * qy as u32;
        for qx in 0..w / 2 {
            put_quad(rows, wu, qx, quad(2 * qx, y));
        }
        bar.inc(1);
    });
    Grid { w, h, px }
}

/// [`quads`] for a view whose quads sample one texture view with one sampler (`SAMPLE`,
/// implicit LOD) and then shade: `request(x, y)` gives the request of the quad at top-left
/// pixel `(x, y)` and what the shading needs of it (`None`: nothing sampled); each row of
/// quads goes through the batch op in one call (`texcore_host::sample_batch_into`: the copy
/// for this CPU; bit for bit `sample_quad_into` per quad), and `shade(x, y, sampled)` gives the quad's four pixels
/// from the result registers.
pub fn sampled_quads<T: Copy + Default + Send, C: Copy>(
    w: u32,
    h: u32,
    bar: &ProgressBar,
    tex: &Tex,
    sampler: &SamplerHeader,
    request: impl Fn(u32, u32) -> Option<(SampleRequest, C)> + Sync,
    shade: impl Fn(u32, u32, Option<(&[[u32; 4]; 4], C)>) -> [T; 4] + Sync,
) -> Grid<T> {
    assert!(w.is_multiple_of(2) && h.is_multiple_of(2) && w > 0 && h > 0, "views are whole quads");
    bar.inc_length(u64::from(h / 2));
    let mut px = vec![T::default(); (w * h) as usize];
    let wu = w as usize;
    px.par_chunks_mut(2 * wu).enumerate().for_each(|(qy, rows)| {
        let y = 2 * qy as u32;
        let row: Vec<(u32, Option<(SampleRequest, C)>)> = (0..w / 2).map(|qx| (qx, request(2 * qx, y))).collect();
        let reqs: Vec<SampleRequest> = row.iter().filter_map(|(_, r)| r.map(|(req, _)| req)).collect();
        let mut res = vec![[[0u32; 4]; 4]; reqs.len()];
        sample_batch_into(Ok(&tex.h), Ok(sampler), &tex.mem[..], &reqs, &mut res)
            .expect("the scenes sample accepted combinations");
        let mut sampled = res.iter();
        for (qx, r) in row {
            let got = r.map(|(_, c)| (sampled.next().expect("one result per request"), c));
            put_quad(rows, wu, qx, shade(2 * qx, y, got));
        }
        bar.inc(1);
    });
    Grid { w, h, px }
}

/// A binary32 colour component → 8 bits (`round(255 v)`, clamped; NaN → 0). UNORM8 texels
/// come back as their own code.
pub fn to_u8(v: f32) -> u8 {
    let x = (f64::from(v) * 255.0).round();
    if x.is_nan() {
        0
    } else {
        x.clamp(0.0, 255.0) as u8
    }
}

/// The binary32 bit patterns of a result → RGB8.
pub fn rgb_of_bits(v: [u32; 4]) -> Rgb {
    [to_u8(f32::from_bits(v[0])), to_u8(f32::from_bits(v[1])), to_u8(f32::from_bits(v[2]))]
}

/// An RGB8 image.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Canvas {
    /// Width.
    pub w: u32,
    /// Height.
    pub h: u32,
    /// Pixels, row-major.
    pub px: Vec<Rgb>,
}

/// Background of composed sheets.
pub const SHEET_BG: Rgb = [24, 26, 30];
/// Label text colour.
pub const LABEL: Rgb = [235, 235, 235];

impl Canvas {
    /// A canvas filled with `c`.
    pub fn new(w: u32, h: u32, c: Rgb) -> Canvas {
        Canvas { w, h, px: vec![c; (w * h) as usize] }
    }

    /// The canvas of an RGB8 grid.
    pub fn from_grid(g: Grid<Rgb>) -> Canvas {
        Canvas { w: g.w, h: g.h, px: g.px }
    }

    /// The pixel at `(x, y)`.
    pub fn at(&self, x: u32, y: u32) -> Rgb {
        self.px[(y * self.w + x) as usize]
    }

    /// Sets a pixel (ignored outside the canvas).
    pub fn set(&mut self, x: u32, y: u32, c: Rgb) {
        if x < self.w && y < self.h {
            self.px[(y * self.w + x) as usize] = c;
        }
    }

    /// Fills a rectangle.
    pub fn fill(&mut self, x: u32, y: u32, w: u32, h: u32, c: Rgb) {
        for yy in y..y + h {
            for xx in x..x + w {
                self.set(xx, yy, c);
            }
        }
    }

    /// Copies `src` with its top-left corner at `(x, y)`.
    pub fn blit(&mut self, src: &Canvas, x: u32, y: u32) {
        for yy in 0..src.h {
            for xx in 0..src.w {
                self.set(x + xx, y + yy, src.at(xx, yy));
            }
        }
    }

    /// Half the size: each pixel the rounded mean of a 2×2 block.
    pub fn half(&self) -> Canvas {
        let (w, h) = (self.w / 2, self.h / 2);
        let mut out = Canvas::new(w, h, [0; 3]);
        for y in 0..h {
            for x in 0..w {
                let mut s = [0u32; 3];
                for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    let p = self.at(2 * x + dx, 2 * y + dy);
                    for c in 0..3 {
                        s[c] += u32::from(p[c]);
                    }
                }
                out.set(x, y, s.map(|v| ((v + 2) / 4) as u8));
            }
        }
        out
    }

    /// Writes `text` (ASCII, 8×8 glyphs at `scale`) with its top-left corner at `(x, y)`.
    pub fn text(&mut self, x: u32, y: u32, text: &str, scale: u32, c: Rgb) {
        for (i, ch) in text.chars().enumerate() {
            let x0 = x + 8 * scale * i as u32;
            for gy in 0..8 * scale {
                for gx in 0..8 * scale {
                    if glyph_bit(ch, gx / scale, gy / scale) {
                        self.set(x0 + gx, y + gy, c);
                    }
                }
            }
        }
    }
}

/// Label scale for panels of width `w`: 8-pixel glyphs up to 384 px, 16 above.
pub fn label_scale(w: u32) -> u32 {
    if w > 384 {
        2
    } else {
        1
    }
}

/// Panels in a grid of `cols` columns, each under its label, on [`SHEET_BG`] with a 4-pixel
/// gutter. Panels are the size of the first (labels are cut at the panel's width).
pub fn sheet(panels: &[(String, Canvas)], cols: u32) -> Canvas {
    let (pw, ph) = (panels[0].1.w, panels[0].1.h);
    let scale = label_scale(pw);
    let label_h = 8 * scale + 6;
    let gutter = 4;
    let rows = (panels.len() as u32).div_ceil(cols);
    let cw = gutter + cols * (pw + gutter);
    let ch = gutter + rows * (label_h + ph + gutter);
    let mut out = Canvas::new(cw, ch, SHEET_BG);
    for (i, (label, p)) in panels.iter().enumerate() {
        let (col, row) = (i as u32 % cols, i as u32 / cols);
        let x = gutter + col * (pw + gutter);
        let y = gutter + row * (label_h + ph + gutter);
        let max_chars = (pw / (8 * scale)) as usize;
        let shown: String = label.chars().take(max_chars).collect();
        out.text(x, y + 3, &shown, scale, LABEL);
        out.blit(p, x, y + label_h);
    }
    out
}

/// `img` with a legend strip below it: a colour bar `colour(t)` for `t` from 0 to 1 and the
/// tick labels `(t, text)`, then `caption`.
pub fn with_legend(img: &Canvas, colour: impl Fn(f64) -> Rgb, ticks: &[(f64, String)], caption: &str) -> Canvas {
    let scale = label_scale(img.w);
    let (bar_h, text_h) = (6 * scale, 8 * scale);
    let margin = 8 * scale;
    let legend_h = 4 + bar_h + 3 + text_h + 3 + text_h + 4;
    let mut out = Canvas::new(img.w, img.h + legend_h, SHEET_BG);
    out.blit(img, 0, 0);
    let bar_w = img.w.saturating_sub(2 * margin).max(1);
    let y0 = img.h + 4;
    for x in 0..bar_w {
        let t = (f64::from(x) + 0.5) / f64::from(bar_w);
        let c = colour(t);
        for y in 0..bar_h {
            out.set(margin + x, y0 + y, c);
        }
    }
    let ty = y0 + bar_h + 3;
    for (t, label) in ticks {
        let cx = margin + (t.clamp(0.0, 1.0) * f64::from(bar_w)) as u32;
        out.fill(cx.min(margin + bar_w - 1), y0 + bar_h, 1, 2, LABEL);
        let tw = 8 * scale * label.chars().count() as u32;
        let x = cx.saturating_sub(tw / 2).min(img.w.saturating_sub(tw));
        out.text(x, ty, label, scale, LABEL);
    }
    let max_chars = (img.w / (8 * scale)) as usize;
    let cap: String = caption.chars().take(max_chars).collect();
    out.text(0, ty + text_h + 3, &cap, scale, LABEL);
    out
}

/// A colour of a `colorous` gradient at `t` in `[0, 1]`.
pub fn gradient(g: colorous::Gradient, t: f64) -> Rgb {
    let c = g.eval_continuous(t.clamp(0.0, 1.0));
    [c.r, c.g, c.b]
}
