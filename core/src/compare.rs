//! The compare unit: depth compare of a reference against a texel component
//! (D3D11 comparison filtering). `result = (reference OP texel) ? 1 : 0`, the reference on the
//! left, evaluated **exactly**:
//!
//! * The reference is first **quantized to the texel format** (D3D11: "quantized to the
//!   texture format's precision, including a clamp to its range"): UNORM clamps to [0, 1]
//!   and rounds `r × D` to nearest even (NaN → 0), SNORM clamps to [−1, 1], binary16 rounds
//!   to binary16 (RNE), binary32 is used as is. Then the two codes are compared exactly. So a
//!   depth written with `STORE` (or the format's encoder) and compared with the same binary32
//!   value is *equal* — never off by the float rounding of `v / D`.
//! * binary16 / binary32: IEEE comparison; a NaN on either side is unordered: only
//!   NOTEQUAL and ALWAYS pass. −0 equals +0.
//! * Integer texels cannot be compared ([`CompareError`]).

use core::cmp::Ordering;

use crate::descriptor::CompareFunc;
use crate::fp::{f16_to_f32_bits, f32_parts, f32_to_f16_bits, F32Class};
use crate::texel::Domain;
use crate::texel::{snorm_from_f32, unorm_from_f32};

/// Compare against an integer format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct CompareError;

/// binary32 as a totally ordered key (±0 equal); `None` for NaN.
const fn f32_key(bits: u32) -> Option<i64> {
    if let (_, F32Class::NaN) = f32_parts(bits) {
        return None;
    }
    let mag = (bits & 0x7FFF_FFFF) as i64;
    Some(if bits >> 31 == 1 { -mag } else { mag })
}

/// Evaluates `reference OP texel` for a texel component `v` in `domain`.
pub fn compare(func: CompareFunc, domain: Domain, reference: u32, v: i64) -> Result<bool, CompareError> {
    let ord: Option<Ordering> = match domain {
        Domain::Unorm(n) => Some((unorm_from_f32(reference, u32::from(n)) as i64).cmp(&v)),
        Domain::Snorm(n) => Some(snorm_from_f32(reference, u32::from(n)).cmp(&v)),
        Domain::F16 => match (f32_key(f16_to_f32_bits(f32_to_f16_bits(reference))), f32_key(f16_to_f32_bits(v as u16)))
        {
            (Some(a), Some(b)) => Some(a.cmp(&b)),
            _ => None,
        },
        Domain::F32 => match (f32_key(reference), f32_key(v as u32)) {
            (Some(a), Some(b)) => Some(a.cmp(&b)),
            _ => None,
        },
        Domain::Uint | Domain::Sint => return Err(CompareError),
    };
    Ok(match (func, ord) {
        (CompareFunc::Never, _) => false,
        (CompareFunc::Always, _) => true,
        (CompareFunc::NotEqual, None) => true,
        (_, None) => false,
        (CompareFunc::Less, Some(o)) => o == Ordering::Less,
        (CompareFunc::Equal, Some(o)) => o == Ordering::Equal,
        (CompareFunc::LessEqual, Some(o)) => o != Ordering::Greater,
        (CompareFunc::Greater, Some(o)) => o == Ordering::Greater,
        (CompareFunc::NotEqual, Some(o)) => o != Ordering::Equal,
        (CompareFunc::GreaterEqual, Some(o)) => o != Ordering::Less,
    })
}
