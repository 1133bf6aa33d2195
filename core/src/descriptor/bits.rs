//! Bit-field helpers shared by the descriptor codecs (total: never panic).

/// Extracts `width` bits of `word` starting at bit `lo` (`width` in 1..=32).
#[inline]
pub(crate) const fn get(word: u32, lo: u32, width: u32) -> u32 {
    let shifted = match word.checked_shr(lo) {
        Some(v) => v,
        None => 0,
    };
    shifted & mask(width)
}

/// Places `value` (truncated to `width` bits) at bit `lo`.
#[inline]
pub(crate) const fn put(value: u32, lo: u32, width: u32) -> u32 {
    match (value & mask(width)).checked_shl(lo) {
        Some(v) => v,
        None => 0,
    }
}

/// A mask of the low `width` bits (`width` ≥ 32 gives all ones).
#[inline]
pub(crate) const fn mask(width: u32) -> u32 {
    match 1u32.checked_shl(width) {
        Some(v) => v.wrapping_sub(1),
        None => u32::MAX,
    }
}
