#![allow(clippy::needless_range_loop, clippy::identity_op, clippy::erasing_op)]
//! Texel formats, the wrap unit and the exact conversions: every format decodes known bit
//! patterns to exact values (checked against an exact rational oracle), encode/decode
//! round trips, fp16 conversions against the `half` crate, wrap sweeps against D3D's
//! formulation of the wrap functions.

use texcore::descriptor::{ComponentLayout, Format, WrapMode};
use texcore::fp::{f16_to_f32_bits, f32_to_f16_bits, ratio_to_f32_bits};
use texcore::output::{component_to_bits, texel_to_bits};
use texcore::texel::{decode, domains, encode, snorm_from_f32, unorm_from_f32, Domain, EncodeError, SRGB_TO_LINEAR16};
use texcore::wrap::{wrap, Wrapped};

/// Exact oracle: the binary32 nearest to `num / den` (ties to even), by exact comparison of
/// the f64 estimate's neighbours.
fn nearest_f32(num: i128, den: i128) -> u32 {
    assert!(den > 0);
    if num == 0 {
        return 0;
    }
    let est = (num as f64 / den as f64) as f32;
    let mut best = est;
    let mut best_err: Option<(i128, i128)> = None; // |f − q| as a fraction (n, d)
    for delta in -2i32..=2 {
        let bits = (est.to_bits() as i64 + delta as i64) as u32;
        let f = f32::from_bits(bits);
        if !f.is_finite() || (f < 0.0) != (num < 0) {
            continue;
        }
        // f = m × 2^e exactly
        let (m, e) = decompose(f);
        // error = |m·2^e − num/den| = |m·2^e·den − num| / den; scale by 2^-e (e ≤ 0 here)
        let (lhs, rhs) = if e >= 0 { ((m << e) * den, num) } else { (m * den, num << (-e)) };
        let err = (lhs - rhs).abs();
        let scale = if e >= 0 { 0 } else { -e };
        let key = (err, scale as i128);
        let better = match best_err {
            None => true,
            Some((be, bs)) => {
                // compare err/2^scale vs be/2^bs
                let (a, b) = if scale >= bs as i32 {
                    (err, be << (scale as i128 - bs))
                } else {
                    (err << (bs - scale as i128), be)
                };
                a < b || (a == b && m & 1 == 0)
            }
        };
        if better {
            best = f;
            best_err = Some(key);
        }
    }
    best.to_bits()
}

fn decompose(f: f32) -> (i128, i32) {
    let b = f.abs().to_bits();
    let e = ((b >> 23) & 0xFF) as i32;
    let m = (b & 0x7F_FFFF) as i128;
    let (m, e) = if e == 0 { (m, -149) } else { (m | 0x80_0000, e - 150) };
    (if f < 0.0 { -m } else { m }, e)
}

#[test]
fn ratio_conversion_is_exactly_rounded() {
    for den in [1i128, 3, 15, 31, 63, 127, 255, 32767, 65535, (1 << 24) - 1] {
        for num in (-70_000i128..70_000).step_by(7).chain([(1 << 24) - 1, 1 << 30, (1 << 40) + 12345]) {
            for shift in [0u32, 8, 16, 24] {
                let want = nearest_f32(num, den << shift);
                assert_eq!(ratio_to_f32_bits(num as i64, den as u64, shift), want, "{num}/({den}·2^{shift})");
            }
        }
    }
}

#[test]
fn unorm_snorm_outputs_are_exact_for_every_code() {
    for n in [1u8, 4, 5, 6, 8, 16] {
        let d = (1i128 << n) - 1;
        for v in 0..=d {
            assert_eq!(component_to_bits(Domain::Unorm(n), v as i64), nearest_f32(v, d), "unorm{n} {v}");
        }
    }
    let d24 = (1i128 << 24) - 1;
    for v in (0..=d24).step_by(4099).chain([d24]) {
        assert_eq!(component_to_bits(Domain::Unorm(24), v as i64), nearest_f32(v, d24));
    }
    for n in [8u8, 16] {
        let d = (1i128 << (n - 1)) - 1;
        for v in -d..=d {
            assert_eq!(component_to_bits(Domain::Snorm(n), v as i64), nearest_f32(v, d), "snorm{n} {v}");
        }
    }
    assert_eq!(component_to_bits(Domain::Unorm(8), 255), 1.0f32.to_bits());
    assert_eq!(component_to_bits(Domain::Snorm(8), -127), (-1.0f32).to_bits());
}

fn bytes(b: &[u8]) -> [u8; 16] {
    let mut out = [0u8; 16];
    out[..b.len()].copy_from_slice(b);
    out
}

fn out(f: Format, b: &[u8]) -> [u32; 4] {
    texel_to_bits(domains(f, false), decode(f, false, &bytes(b)))
}

fn fl(v: f32) -> u32 {
    v.to_bits()
}

fn un(v: u32, d: u32) -> u32 {
    nearest_f32(v as i128, d as i128)
}

fn sn(v: i32, d: i32) -> u32 {
    nearest_f32(v as i128, d as i128)
}

const ONE: u32 = 0x3F80_0000;

#[test]
fn every_format_decodes_known_patterns() {
    use Format as F;
    // 8-bit UNORM, every channel distinct, and the extremes.
    assert_eq!(out(F::R8_UNORM, &[0x80]), [un(128, 255), 0, 0, ONE]);
    assert_eq!(out(F::R8_UNORM, &[0]), [0, 0, 0, ONE]);
    assert_eq!(out(F::R8_UNORM, &[255]), [ONE, 0, 0, ONE]);
    assert_eq!(out(F::RG8_UNORM, &[1, 254]), [un(1, 255), un(254, 255), 0, ONE]);
    assert_eq!(out(F::RGBA8_UNORM, &[10, 20, 30, 40]), [un(10, 255), un(20, 255), un(30, 255), un(40, 255)]);
    assert_eq!(out(F::BGRA8_UNORM, &[10, 20, 30, 40]), [un(30, 255), un(20, 255), un(10, 255), un(40, 255)]);
    // SNORM: −128 and −127 are both −1.0; +127 is +1.0.
    assert_eq!(out(F::R8_SNORM, &[0x80]), [fl(-1.0), 0, 0, ONE]);
    assert_eq!(out(F::R8_SNORM, &[0x81]), [fl(-1.0), 0, 0, ONE]);
    assert_eq!(out(F::R8_SNORM, &[0x7F]), [ONE, 0, 0, ONE]);
    assert_eq!(out(F::R8_SNORM, &[0xFF]), [sn(-1, 127), 0, 0, ONE]);
    assert_eq!(out(F::RG8_SNORM, &[0x40, 0xC0]), [sn(64, 127), sn(-64, 127), 0, ONE]);
    assert_eq!(out(F::RGBA8_SNORM, &[1, 2, 0x80, 0x7F]), [sn(1, 127), sn(2, 127), fl(-1.0), ONE]);
    assert_eq!(out(F::BGRA8_SNORM, &[1, 2, 3, 4]), [sn(3, 127), sn(2, 127), sn(1, 127), sn(4, 127)]);
    // Packed 16-bit formats.
    let v: u16 = (0b10101 << 11) | (0b110011 << 5) | 0b01110; // R=21 G=51 B=14
    assert_eq!(out(F::RGB565_UNORM, &v.to_le_bytes()), [un(21, 31), un(51, 63), un(14, 31), ONE]);
    assert_eq!(out(F::RGB565_UNORM, &[0xFF, 0xFF]), [ONE, ONE, ONE, ONE]);
    let v: u16 = 0x1234; // R=1 G=2 B=3 A=4
    assert_eq!(out(F::RGBA4444_UNORM, &v.to_le_bytes()), [un(1, 15), un(2, 15), un(3, 15), un(4, 15)]);
    let v: u16 = (3 << 11) | (7 << 6) | (30 << 1) | 1;
    assert_eq!(out(F::RGB5A1_UNORM, &v.to_le_bytes()), [un(3, 31), un(7, 31), un(30, 31), ONE]);
    assert_eq!(out(F::RGB5A1_UNORM, &[0xFE, 0xFF]), [ONE, ONE, ONE, 0]);
    // Legacy single-channel layouts of the Gallium table.
    assert_eq!(out(F::A8_UNORM, &[51]), [0, 0, 0, un(51, 255)]);
    assert_eq!(out(F::L8_UNORM, &[51]), [un(51, 255), un(51, 255), un(51, 255), ONE]);
    assert_eq!(out(F::LA8_UNORM, &[51, 204]), [un(51, 255), un(51, 255), un(51, 255), un(204, 255)]);
    assert_eq!(out(F::I8_UNORM, &[51]), [un(51, 255); 4]);
    // 16-bit UNORM.
    assert_eq!(out(F::R16_UNORM, &0x8000u16.to_le_bytes()), [un(0x8000, 65535), 0, 0, ONE]);
    assert_eq!(out(F::RG16_UNORM, &[0xFF, 0xFF, 1, 0]), [ONE, un(1, 65535), 0, ONE]);
    assert_eq!(out(F::RGBA16_UNORM, &[1, 0, 2, 0, 3, 0, 0xFF, 0xFF]), [un(1, 65535), un(2, 65535), un(3, 65535), ONE]);
    // Integers: raw, sign-extended, missing components 0 and integer 1.
    assert_eq!(out(F::R8_UINT, &[200]), [200, 0, 0, 1]);
    assert_eq!(out(F::RG8_UINT, &[200, 7]), [200, 7, 0, 1]);
    assert_eq!(out(F::RGBA8_UINT, &[1, 2, 3, 255]), [1, 2, 3, 255]);
    assert_eq!(out(F::R8_SINT, &[0x80]), [(-128i32) as u32, 0, 0, 1]);
    assert_eq!(out(F::RG8_SINT, &[0xFF, 0x7F]), [u32::MAX, 127, 0, 1]);
    assert_eq!(out(F::RGBA8_SINT, &[0x80, 0, 1, 0xFE]), [(-128i32) as u32, 0, 1, (-2i32) as u32]);
    assert_eq!(out(F::R16_UINT, &[0xFF, 0xFF]), [65535, 0, 0, 1]);
    assert_eq!(out(F::RG16_UINT, &[1, 2, 3, 4]), [0x0201, 0x0403, 0, 1]);
    assert_eq!(out(F::RGBA16_UINT, &[1, 0, 2, 0, 3, 0, 4, 0]), [1, 2, 3, 4]);
    assert_eq!(out(F::R16_SINT, &[0, 0x80]), [(-32768i32) as u32, 0, 0, 1]);
    assert_eq!(out(F::RG16_SINT, &[0xFF, 0xFF, 0xFF, 0x7F]), [u32::MAX, 32767, 0, 1]);
    assert_eq!(out(F::RGBA16_SINT, &[0xFE, 0xFF, 0, 0, 1, 0, 0, 0x80]), [(-2i32) as u32, 0, 1, (-32768i32) as u32]);
    assert_eq!(out(F::R32_UINT, &0xDEAD_BEEFu32.to_le_bytes()), [0xDEAD_BEEF, 0, 0, 1]);
    let mut rg = [0u8; 8];
    rg[..4].copy_from_slice(&u32::MAX.to_le_bytes());
    rg[4..].copy_from_slice(&7u32.to_le_bytes());
    assert_eq!(out(F::RG32_UINT, &rg), [u32::MAX, 7, 0, 1]);
    assert_eq!(out(F::RG32_SINT, &rg), [u32::MAX, 7, 0, 1]);
    let rgba: Vec<u8> = [1u32, 2, 0x8000_0000, 4].iter().flat_map(|w| w.to_le_bytes()).collect();
    assert_eq!(out(F::RGBA32_UINT, &rgba), [1, 2, 0x8000_0000, 4]);
    assert_eq!(out(F::RGBA32_SINT, &rgba), [1, 2, 0x8000_0000, 4]);
    assert_eq!(out(F::R32_SINT, &(-5i32).to_le_bytes()), [(-5i32) as u32, 0, 0, 1]);
    // Floats: fp16 exact to fp32 incl. denormals, ±0, ±Inf, NaN; fp32 bits unchanged.
    assert_eq!(out(F::R16_FLOAT, &0x3C00u16.to_le_bytes()), [ONE, 0, 0, ONE]);
    assert_eq!(out(F::R16_FLOAT, &0x0001u16.to_le_bytes())[0], fl(2f32.powi(-24)), "smallest denormal");
    assert_eq!(out(F::R16_FLOAT, &0x03FFu16.to_le_bytes())[0], fl(1023.0 * 2f32.powi(-24)), "largest denormal");
    assert_eq!(out(F::R16_FLOAT, &0x8000u16.to_le_bytes())[0], fl(-0.0), "−0 keeps its sign");
    assert_eq!(out(F::R16_FLOAT, &0x7C00u16.to_le_bytes())[0], fl(f32::INFINITY));
    assert_eq!(out(F::R16_FLOAT, &0xFC00u16.to_le_bytes())[0], fl(f32::NEG_INFINITY));
    assert!(f32::from_bits(out(F::R16_FLOAT, &0x7E01u16.to_le_bytes())[0]).is_nan());
    assert_eq!(out(F::R16_FLOAT, &0x7BFFu16.to_le_bytes())[0], fl(65504.0), "max finite");
    assert_eq!(out(F::RG16_FLOAT, &[0, 0x3C, 0, 0xC0]), [ONE, fl(-2.0), 0, ONE]);
    assert_eq!(out(F::RGBA16_FLOAT, &[0, 0x38, 0, 0x3C, 0, 0x40, 0, 0x42]), [fl(0.5), ONE, fl(2.0), fl(3.0)]);
    assert_eq!(out(F::R32_FLOAT, &0x7FC0_1234u32.to_le_bytes()), [0x7FC0_1234, 0, 0, ONE], "NaN payload kept");
    let rg: Vec<u8> = [fl(1.5), fl(-0.0)].iter().flat_map(|w| w.to_le_bytes()).collect();
    assert_eq!(out(F::RG32_FLOAT, &rg), [fl(1.5), fl(-0.0), 0, ONE]);
    let rgba: Vec<u8> = [fl(1.5), 1, fl(f32::INFINITY), fl(-3.0)].iter().flat_map(|w| w.to_le_bytes()).collect();
    assert_eq!(out(F::RGBA32_FLOAT, &rgba), [fl(1.5), 1, fl(f32::INFINITY), fl(-3.0)]);
    // Depth and stencil: (z, z, z, 1) and (s, s, s, s).
    assert_eq!(out(F::Z16_UNORM, &[0xFF, 0xFF]), [ONE, ONE, ONE, ONE]);
    let h = un(0x8000, 65535);
    assert_eq!(out(F::Z16_UNORM, &[0x00, 0x80]), [h, h, h, ONE]);
    let z = un(0x00AB_CDEF, 0xFF_FFFF);
    assert_eq!(out(F::X8Z24_UNORM, &[0xEF, 0xCD, 0xAB, 0x99]), [z, z, z, ONE], "X8 ignored");
    assert_eq!(out(F::Z24S8_UNORM, &[0xEF, 0xCD, 0xAB, 0x42]), [z, z, z, ONE], "stencil ignored");
    assert_eq!(out(F::Z24S8_UNORM, &[0xFF, 0xFF, 0xFF, 0]), [ONE; 4]);
    assert_eq!(out(F::Z32_FLOAT, &fl(0.25).to_le_bytes()), [fl(0.25), fl(0.25), fl(0.25), ONE]);
    assert_eq!(out(F::S8_UINT, &[0xA5]), [0xA5; 4]);
}

#[test]
fn every_format_is_covered_by_a_layout_rule() {
    // Decoding all-ones never panics and gives the component table's constants.
    for f in Format::ALL {
        let t = out(*f, &[0xFF; 16]);
        let one = if domains(*f, false)[0].is_integer() { 1 } else { ONE };
        match f.layout() {
            ComponentLayout::R => assert_eq!(&t[1..], &[0, 0, one]),
            ComponentLayout::Rg => assert_eq!(&t[2..], &[0, one]),
            ComponentLayout::Rgb | ComponentLayout::L | ComponentLayout::Z => assert_eq!(t[3], one),
            ComponentLayout::A => assert_eq!(&t[..3], &[0, 0, 0]),
            ComponentLayout::I | ComponentLayout::S => assert!(t.iter().all(|c| *c == t[0])),
            ComponentLayout::Rgba | ComponentLayout::La => {}
        }
    }
}

#[test]
fn srgb_table_matches_the_iec_curve() {
    for (v, l) in SRGB_TO_LINEAR16.iter().enumerate() {
        let c = v as f64 / 255.0;
        let lin = if c <= 0.04045 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) };
        assert_eq!(*l as f64, (lin * 65535.0).round(), "code {v}");
    }
    // Decode: r, g, b linearized as UNORM16, alpha stays UNORM8.
    let t = decode(Format::RGBA8_UNORM, true, &bytes(&[0, 128, 255, 128]));
    assert_eq!(t.0, [0, SRGB_TO_LINEAR16[128] as i64, 65535, 128]);
    let w = texel_to_bits(
        domains(Format::BGRA8_UNORM, true),
        decode(Format::BGRA8_UNORM, true, &bytes(&[255, 128, 0, 255])),
    );
    assert_eq!(w, [0, un(SRGB_TO_LINEAR16[128] as u32, 65535), ONE, ONE]);
}

#[test]
fn fp16_conversions_match_the_half_crate() {
    for h in 0..=u16::MAX {
        let got = f32::from_bits(f16_to_f32_bits(h));
        let want = half::f16::from_bits(h).to_f32();
        if want.is_nan() {
            assert!(got.is_nan(), "{h:#06x}");
            assert_eq!(got.to_bits() >> 31, (h >> 15) as u32, "NaN sign");
        } else {
            assert_eq!(got.to_bits(), want.to_bits(), "{h:#06x}");
        }
        // Every fp16 value survives fp32 → fp16.
        if !want.is_nan() {
            assert_eq!(f32_to_f16_bits(want.to_bits()), h);
        }
    }
    let mut x: u32 = 0x1234_5678;
    for _ in 0..2_000_000 {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        // Concentrate on the fp16 range (and a little outside) so rounding is exercised.
        let bits = (x & 0x8000_0000) | (0x3000_0000 + (x % 0x1800_0000));
        let want = half::f16::from_f32(f32::from_bits(bits)).to_bits();
        assert_eq!(f32_to_f16_bits(bits), want, "{bits:#010x}");
    }
    assert_eq!(f32_to_f16_bits(0x7FC0_0001), 0x7E00);
    assert_eq!(f32_to_f16_bits(fl(65520.0)), 0x7C00, "rounds up to Inf");
    assert_eq!(f32_to_f16_bits(fl(65519.0)), 0x7BFF);
}

#[test]
fn unorm_snorm_encode() {
    assert_eq!(unorm_from_f32(fl(0.5), 8), 128, "127.5 rounds to even 128");
    assert_eq!(unorm_from_f32(fl(1.5 / 255.0), 8), 2, "1.5 → 2 (even)");
    assert_eq!(unorm_from_f32(fl(2.5 / 255.0 + 1e-9), 8), 3);
    assert_eq!(unorm_from_f32(fl(-0.5), 8), 0);
    assert_eq!(unorm_from_f32(fl(7.0), 8), 255);
    assert_eq!(unorm_from_f32(fl(f32::INFINITY), 8), 255);
    assert_eq!(unorm_from_f32(fl(f32::NAN), 8), 0);
    assert_eq!(unorm_from_f32(fl(1e-30), 16), 0);
    assert_eq!(snorm_from_f32(fl(-1.0), 8), -127);
    assert_eq!(snorm_from_f32(fl(-9.0), 8), -127);
    assert_eq!(snorm_from_f32(fl(0.5), 8), 64, "63.5 → 64");
    assert_eq!(snorm_from_f32(fl(-0.5), 8), -64);
    assert_eq!(snorm_from_f32(fl(f32::NAN), 16), 0);
    // Against f64 for every code's exact value and the midpoints between codes.
    for n in [4u32, 5, 6, 8, 16] {
        let d = ((1u64 << n) - 1) as f64;
        for v in 0..(1u64 << n) {
            assert_eq!(unorm_from_f32(fl((v as f64 / d) as f32), n), v);
        }
    }
}

#[test]
fn encode_then_decode_round_trips() {
    use Format as F;
    for f in Format::ALL {
        if f.is_depth_stencil() {
            assert_eq!(encode(*f, false, [0; 4]), Err(EncodeError::DepthStencil));
            continue;
        }
        let dom = domains(*f, false);
        // A source whose components are exact values of the format.
        let src: [u32; 4] = core::array::from_fn(|i| match dom[i] {
            Domain::Unorm(n) => component_to_bits(dom[i], ((1i64 << n) - 1) * (i as i64 + 1) / 5),
            Domain::Snorm(n) => component_to_bits(dom[i], -((1i64 << (n - 1)) - 1) * (i as i64 + 1) / 5),
            Domain::F16 => fl(-1.5 * (i as f32 + 1.0)),
            Domain::F32 => fl(0.1 * i as f32 - 7.0),
            Domain::Uint | Domain::Sint => (i as u32 + 1) * 3,
        });
        let b = encode(*f, false, src).unwrap();
        let back = texel_to_bits(dom, decode(*f, false, &b));
        // Components the format stores come back exactly.
        let stored: &[usize] = match f.layout() {
            ComponentLayout::R | ComponentLayout::L | ComponentLayout::I => &[0],
            ComponentLayout::Rg => &[0, 1],
            ComponentLayout::Rgb => &[0, 1, 2],
            ComponentLayout::Rgba => &[0, 1, 2, 3],
            ComponentLayout::A => &[3],
            ComponentLayout::La => &[0, 3],
            _ => &[],
        };
        for &i in stored {
            assert_eq!(back[i], src[i], "{f:?} component {i}");
        }
    }
    assert_eq!(encode(F::RGBA8_UNORM, true, [0; 4]), Err(EncodeError::Srgb));
    // Integer stores keep the low bits.
    let b = encode(F::R8_UINT, false, [0x1FF, 0, 0, 0]).unwrap();
    assert_eq!(b[0], 0xFF);
    let b = encode(F::RGBA16_SINT, false, [(-1i32) as u32, 0x12345, 0, 0]).unwrap();
    assert_eq!(&b[..4], &[0xFF, 0xFF, 0x45, 0x23]);
    assert_eq!(encode(F::BGRA8_UNORM, false, [ONE, 0, 0, ONE]).unwrap()[..4], [0, 0, 255, 255]);
}

// ------------------------------------------------------------------ wrap

/// D3D11 §7.18.9's formulation, independent of the canonical one the model implements.
fn d3d_wrap(mode: WrapMode, i: i64, n: i64) -> Option<i64> {
    Some(match mode {
        WrapMode::Repeat => {
            let r = i % n;
            if r < 0 {
                r + n
            } else {
                r
            }
        }
        WrapMode::MirroredRepeat => {
            let i = if i < 0 { -i - 1 } else { i };
            let flip = (i / n) & 1;
            let r = i % n;
            if flip == 1 {
                n - 1 - r
            } else {
                r
            }
        }
        WrapMode::ClampToEdge => i.clamp(0, n - 1),
        WrapMode::ClampToBorder => {
            if i < 0 || i >= n {
                return None;
            }
            i
        }
        WrapMode::MirrorClampToEdge => {
            let i = if i < 0 { -i - 1 } else { i };
            i.min(n - 1)
        }
    })
}

#[test]
fn wrap_sweeps_match_d3d() {
    for mode in WrapMode::ALL {
        for size in [1u32, 2, 3, 5, 8, 13] {
            let n = size as i64;
            for offset in -8i64..=7 {
                for base in -3 * n..=3 * n {
                    let i = base + offset;
                    let want = d3d_wrap(mode, i, n);
                    let got = match wrap(mode, i, size) {
                        Wrapped::Texel(t) => Some(t as i64),
                        Wrapped::Border => None,
                    };
                    assert_eq!(got, want, "{mode:?} size {size} i {i}");
                }
            }
        }
    }
    // Huge indices stay correct and never panic.
    assert_eq!(wrap(WrapMode::Repeat, i64::MIN, 3), Wrapped::Texel((i64::MIN.rem_euclid(3)) as u32));
    assert_eq!(
        wrap(WrapMode::MirroredRepeat, i64::MAX, 7),
        Wrapped::Texel(d3d_wrap(WrapMode::MirroredRepeat, i64::MAX, 7).unwrap() as u32)
    );
    assert_eq!(wrap(WrapMode::ClampToEdge, i64::MAX, 7), Wrapped::Texel(6));
    assert_eq!(wrap(WrapMode::MirrorClampToEdge, i64::MIN, 7), Wrapped::Texel(6));
    assert_eq!(wrap(WrapMode::Repeat, 5, 0), Wrapped::Border);
}

#[test]
fn border_colour_is_clamped_quantized_and_substituted_per_component() {
    use texcore::texel::border_texel;
    use Format as F;
    let b = [fl(0.5), fl(2.0), fl(-1.0), fl(0.25)];
    let bits = |f: Format, srgb: bool, b: [u32; 4]| texel_to_bits(domains(f, srgb), border_texel(f, srgb, b));
    // UNORM: clamp to [0, 1], quantize to the format (0.5 → 128/255).
    assert_eq!(bits(F::RGBA8_UNORM, false, b), [un(128, 255), ONE, 0, un(64, 255)]);
    assert_eq!(border_texel(F::RGBA8_UNORM, false, b).0, [128, 255, 0, 64]);
    // Only the stored components come from the border.
    assert_eq!(bits(F::R8_UNORM, false, b), [un(128, 255), 0, 0, ONE]);
    assert_eq!(bits(F::RG16_UNORM, false, b), [un(32768, 65535), ONE, 0, ONE]);
    assert_eq!(bits(F::A8_UNORM, false, b), [0, 0, 0, un(64, 255)]);
    assert_eq!(bits(F::L8_UNORM, false, b), [un(128, 255), un(128, 255), un(128, 255), ONE]);
    assert_eq!(bits(F::LA8_UNORM, false, b), [un(128, 255), un(128, 255), un(128, 255), un(64, 255)]);
    assert_eq!(bits(F::I8_UNORM, false, b), [un(128, 255); 4]);
    assert_eq!(bits(F::RGB565_UNORM, false, b), [un(16, 31), ONE, 0, ONE]);
    // SNORM clamps to [−1, 1].
    assert_eq!(bits(F::RG8_SNORM, false, [fl(-3.0), fl(0.5), 0, 0]), [fl(-1.0), sn(64, 127), 0, ONE]);
    // Floats: fp16 rounds, fp32 keeps bits (NaN too).
    assert_eq!(
        bits(F::RGBA16_FLOAT, false, [fl(1.0 / 3.0), 0x7FC0_0001, fl(1e6), fl(-0.0)]),
        [f16_to_f32_bits(0x3555), 0x7FC0_0000 | (0x200 << 13), fl(f32::INFINITY), fl(-0.0)]
    );
    assert_eq!(bits(F::R32_FLOAT, false, [0x7FC0_1234, 0, 0, 0]), [0x7FC0_1234, 0, 0, ONE]);
    // Integers clamp to the channel's range.
    assert_eq!(bits(F::RGBA8_UINT, false, [300, 7, u32::MAX, 0]), [255, 7, 255, 0]);
    assert_eq!(bits(F::RG16_SINT, false, [(-70000i32) as u32, 70000, 0, 0]), [(-32768i32) as u32, 32767, 0, 1]);
    assert_eq!(bits(F::R32_UINT, false, [u32::MAX, 0, 0, 0]), [u32::MAX, 0, 0, 1]);
    assert_eq!(bits(F::R32_SINT, false, [(-5i32) as u32, 0, 0, 0]), [(-5i32) as u32, 0, 0, 1]);
    // Depth takes D = border.r; stencil replicates.
    assert_eq!(bits(F::Z16_UNORM, false, b), [un(32768, 65535), un(32768, 65535), un(32768, 65535), ONE]);
    assert_eq!(bits(F::S8_UINT, false, [9, 1, 2, 3]), [9; 4]);
    // sRGB: the border is linear; r, g, b quantize to UNORM16 directly.
    assert_eq!(border_texel(F::RGBA8_UNORM, true, b).0, [32768, 65535, 0, 64]);
}
