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

/// One field of a descriptor's encoding: where it sits in the eight 32-bit words. The
/// texture- and sampler-header codecs read and write every field through their tables of
/// these ([`crate::descriptor::HEADER_FIELDS`], [`crate::descriptor::SAMPLER_FIELDS`]), and
/// the HDL documentation is generated from the same tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BitField {
    /// Word index, 0 … 7.
    pub word: u8,
    /// Least significant bit in the word.
    pub lsb: u8,
    /// Width in bits, 1 … 32.
    pub width: u8,
    /// The field's name (`reserved` for bits that must be zero).
    pub name: &'static str,
    /// How the value is encoded.
    pub encoding: &'static str,
}

impl BitField {
    /// A field of `width` bits at bit `lsb` of word `word`.
    pub const fn new(word: u8, lsb: u8, width: u8, name: &'static str, encoding: &'static str) -> BitField {
        BitField { word, lsb, width, name, encoding }
    }

    /// The field's value in `words`.
    #[inline(always)]
    pub const fn get(&self, words: &[u32; 8]) -> u32 {
        // By reference: copying the eight words per field costs a memcpy on the targets.
        let w = match self.word {
            0 => words[0],
            1 => words[1],
            2 => words[2],
            3 => words[3],
            4 => words[4],
            5 => words[5],
            6 => words[6],
            _ => words[7],
        };
        get(w, self.lsb as u32, self.width as u32)
    }

    /// `value` (truncated to the field) at the field's bits of its word.
    pub const fn place(&self, value: u32) -> u32 {
        put(value, self.lsb as u32, self.width as u32)
    }

    /// The field's highest bit in its word.
    pub const fn msb(&self) -> u8 {
        self.lsb + self.width - 1
    }

    /// Whether the field is reserved (must be zero).
    pub const fn is_reserved(&self) -> bool {
        matches!(self.name.as_bytes(), b"reserved")
    }
}
