//! UNORM / SNORM domains of every width. The formats use widths 1 to 32; a `Domain` built by
//! hand may carry any `u8`, and the stage functions that take one (`component_to_bits`,
//! `gather_texel`, `compare`, `Domain::one`, `unorm_from_f32`, `snorm_from_f32`) are total:
//! a width outside `1..=MAX_NORM_BITS` (SNORM: `2..=`) has the 1.0 code 0, so its values
//! convert to +0 and encode to 0. Widths in range keep `D = 2^n − 1` / `2^(n−1) − 1`.

use texcore::compare::compare;
use texcore::descriptor::CompareFunc;
use texcore::op::gather::gather_texel;
use texcore::output::component_to_bits;
use texcore::texel::{snorm_den, snorm_from_f32, unorm_den, unorm_from_f32, Domain, MAX_NORM_BITS};

const ONE: u32 = 0x3F80_0000;

#[test]
fn the_one_codes_of_every_width() {
    assert_eq!(MAX_NORM_BITS, 32);
    for n in 1..=32u32 {
        assert_eq!(unorm_den(n), (1u64 << n) - 1, "UNORM{n}");
        assert_eq!(Domain::Unorm(n as u8).norm_den(), (1u64 << n) - 1);
        assert_eq!(Domain::Unorm(n as u8).one(), ((1u64 << n) - 1) as i64);
    }
    for n in 2..=32u32 {
        assert_eq!(snorm_den(n), (1u64 << (n - 1)) - 1, "SNORM{n}");
        assert_eq!(Domain::Snorm(n as u8).one(), ((1u64 << (n - 1)) - 1) as i64);
    }
    for n in [0, 33, 63, 64, 65, 200, 255, u32::MAX - 1, u32::MAX] {
        assert_eq!(unorm_den(n), 0, "UNORM{n}");
        assert_eq!(snorm_den(n), 0, "SNORM{n}");
    }
    assert_eq!(snorm_den(1), 0, "a 1-bit SNORM has no positive code");
    assert_eq!((Domain::F32.norm_den(), Domain::F32.one()), (0, ONE as i64));
}

#[test]
fn values_convert_and_encode_exactly_in_range() {
    assert_eq!(component_to_bits(Domain::Unorm(8), 255), ONE);
    assert_eq!(component_to_bits(Domain::Unorm(32), u32::MAX as i64), ONE);
    assert_eq!(component_to_bits(Domain::Snorm(16), -32767), ONE | 0x8000_0000);
    assert_eq!(component_to_bits(Domain::Unorm(1), 1), ONE);
    assert_eq!(unorm_from_f32(ONE, 32), u64::from(u32::MAX));
    assert_eq!(snorm_from_f32(ONE | 0x8000_0000, 32), -(i32::MAX as i64));
    assert_eq!(gather_texel(Domain::Unorm(16), 65535, None), Ok(ONE));
    assert_eq!(gather_texel(Domain::Unorm(8), 128, Some((CompareFunc::Less, 0))), Ok(ONE));
}

/// Every width of both domains, every stage that takes one: no panic, and +0 / 0 outside
/// the formats' widths.
#[test]
fn every_width_is_total() {
    let words = [0, ONE, 0x3F00_0000, 0xBF80_0000, 0x7F80_0000, 0xFF80_0000, 0x7FC0_0000, 0x4F80_0000, 1];
    let values = [0i64, 1, -1, 255, 65535, i64::from(u32::MAX), i64::MAX, i64::MIN];
    let funcs = [CompareFunc::Never, CompareFunc::Less, CompareFunc::GreaterEqual, CompareFunc::Always];
    for n in 0..=255u8 {
        for domain in [Domain::Unorm(n), Domain::Snorm(n)] {
            let outside = domain.norm_den() == 0;
            assert_eq!(domain.one() == 0, outside);
            for v in values {
                let bits = component_to_bits(domain, v);
                let gathered = gather_texel(domain, v, None);
                assert_eq!(gathered, Ok(bits), "{domain:?} {v}");
                if outside {
                    assert_eq!(bits, 0, "{domain:?} {v}");
                }
                for (f, w) in funcs.iter().zip(words.iter().cycle()) {
                    let c = compare(*f, domain, *w, v);
                    assert!(c.is_ok(), "{domain:?} compares");
                    let g = gather_texel(domain, v, Some((*f, *w)));
                    assert_eq!(g, Ok(if c == Ok(true) { ONE } else { 0 }), "{domain:?} {f:?} {w:#x} {v}");
                }
            }
        }
    }
    for n in (0..=70u32).chain([u32::MAX - 1, u32::MAX]) {
        for w in words {
            let (u, s) = (unorm_from_f32(w, n), snorm_from_f32(w, n));
            if unorm_den(n) == 0 {
                assert_eq!(u, 0, "UNORM{n} {w:#x}");
            }
            if snorm_den(n) == 0 {
                assert_eq!(s, 0, "SNORM{n} {w:#x}");
            }
        }
    }
}
