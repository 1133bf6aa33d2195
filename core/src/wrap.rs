//! The wrap unit: integer texel index → in-range index or border, per axis
//! (sampling-semantics §2.1, the canonical integer-domain form).
//!
//! | mode | `wrap(i)` for `size` texels |
//! |---|---|
//! | REPEAT | `i mod size` (Euclidean, in `[0, size)`) |
//! | MIRRORED_REPEAT | `(size − 1) − mirror((i mod 2·size) − size)` |
//! | CLAMP_TO_EDGE | `clamp(i, 0, size − 1)` |
//! | CLAMP_TO_BORDER | `i` if `0 ≤ i < size`, else the border |
//! | MIRROR_CLAMP_TO_EDGE | `clamp(mirror(i), 0, size − 1)` |
//!
//! with `mirror(n) = n` for `n ≥ 0`, else `−(1 + n)`. The index is an `i64` (texel
//! coordinates plus offsets never overflow it); `size = 0` (impossible for a valid header)
//! gives the border.

use crate::descriptor::WrapMode;

/// The result of wrapping one index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Wrapped {
    /// An in-range index.
    Texel(u32),
    /// Outside the texture under CLAMP_TO_BORDER: the border colour replaces the texel.
    Border,
}

const fn mirror(n: i64) -> i64 {
    if n >= 0 {
        n
    } else {
        -(1 + n)
    }
}

/// Wraps index `i` for an axis of `size` texels.
pub const fn wrap(mode: WrapMode, i: i64, size: u32) -> Wrapped {
    if size == 0 {
        return Wrapped::Border;
    }
    let n = size as i64;
    let r = match mode {
        WrapMode::Repeat => i.rem_euclid(n),
        WrapMode::MirroredRepeat => (n - 1) - mirror(i.rem_euclid(2 * n) - n),
        WrapMode::ClampToEdge => clamp(i, n),
        WrapMode::ClampToBorder => {
            if i < 0 || i >= n {
                return Wrapped::Border;
            }
            i
        }
        WrapMode::MirrorClampToEdge => clamp(mirror(i), n),
    };
    Wrapped::Texel(r as u32)
}

const fn clamp(i: i64, n: i64) -> i64 {
    if i < 0 {
        0
    } else if i >= n {
        n - 1
    } else {
        i
    }
}
