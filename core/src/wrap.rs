//! The wrap unit: integer texel index → in-range index or border, per axis
//! (Vulkan "Wrapping Operation", in its integer-domain form).
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

/// One definition of the five modes, instantiated for `i64` ([`wrap`]) and `i32`
/// ([`wrap_i32`]) so the two can never disagree.
macro_rules! wrap_fn {
    ($(#[$doc:meta])* $vis:vis $name:ident, $t:ty) => {
        $(#[$doc])*
        $vis const fn $name(mode: WrapMode, i: $t, size: u32) -> Wrapped {
            const fn mirror(n: $t) -> $t {
                if n >= 0 {
                    n
                } else {
                    -(1 + n)
                }
            }
            const fn clamp(i: $t, n: $t) -> $t {
                if i < 0 {
                    0
                } else if i >= n {
                    n - 1
                } else {
                    i
                }
            }
            if size == 0 {
                return Wrapped::Border;
            }
            let n = size as $t;
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
    };
}

wrap_fn!(
    /// Wraps index `i` for an axis of `size` texels.
    wrap_i64, i64
);

wrap_fn!(
    /// [`wrap`] in 32-bit arithmetic, for `size ≤` [`WRAP_I32_MAX_SIZE`] (larger sizes give
    /// the border): the form a 32-bit datapath (and the firmware's fast path) uses.
    wrap_i32_unchecked, i32
);

/// The largest size [`wrap_i32`] accepts (`2 × size` must fit an `i32`).
pub const WRAP_I32_MAX_SIZE: u32 = 1 << 24;

/// Wraps index `i` for an axis of `size` texels (same result as [`wrap`]; sizes above
/// [`WRAP_I32_MAX_SIZE`] take the 64-bit form).
#[inline]
pub const fn wrap_i32(mode: WrapMode, i: i32, size: u32) -> Wrapped {
    if size > WRAP_I32_MAX_SIZE {
        return wrap_i64(mode, i as i64, size);
    }
    wrap_i32_unchecked(mode, i, size)
}

/// Wraps index `i` for an axis of `size` texels.
pub const fn wrap(mode: WrapMode, i: i64, size: u32) -> Wrapped {
    if size <= WRAP_I32_MAX_SIZE && i as i32 as i64 == i {
        return wrap_i32_unchecked(mode, i as i32, size);
    }
    wrap_i64(mode, i, size)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::indexing_slicing)]
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The dispatching forms agree with the 64-bit definition everywhere.
        #[test]
        fn forms_agree(m in 0usize..5, i in any::<i64>(), small in -70_000i32..70_000, size in 0u32..70_000, huge in any::<u32>()) {
            let mode = WrapMode::ALL[m];
            for sz in [size, huge] {
                prop_assert_eq!(wrap(mode, i, sz), wrap_i64(mode, i, sz));
                prop_assert_eq!(wrap(mode, i64::from(small), sz), wrap_i64(mode, i64::from(small), sz));
                prop_assert_eq!(wrap_i32(mode, small, sz), wrap_i64(mode, i64::from(small), sz));
                prop_assert_eq!(wrap_i32(mode, i as i32, sz), wrap_i64(mode, i64::from(i as i32), sz));
            }
        }
    }
}
