//! The byte-level input format every target decodes: a [`Reader`] over
//! [`arbitrary::Unstructured`] that takes plain little-endian fields in order, and the
//! matching [`Writer`] the seed generator uses to encode known-good inputs exactly.
//!
//! Past the end of the input every field reads as zero (`arbitrary`'s rule), so any byte
//! string is a valid input and a seed can stop early.

use arbitrary::Unstructured;

/// Reads fields in order from fuzzer bytes.
pub struct Reader<'a>(Unstructured<'a>);

impl<'a> Reader<'a> {
    /// A reader over `data`.
    pub fn new(data: &'a [u8]) -> Reader<'a> {
        Reader(Unstructured::new(data))
    }

    /// Bytes not read yet.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether every byte has been read.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// One byte.
    pub fn u8(&mut self) -> u8 {
        self.0.arbitrary().unwrap_or(0)
    }

    /// Two bytes, little-endian.
    pub fn u16(&mut self) -> u16 {
        self.0.arbitrary().unwrap_or(0)
    }

    /// Four bytes, little-endian.
    pub fn u32(&mut self) -> u32 {
        self.0.arbitrary().unwrap_or(0)
    }

    /// Four bytes as a two's complement integer.
    pub fn i32(&mut self) -> i32 {
        self.0.arbitrary().unwrap_or(0)
    }

    /// One byte, bit 0.
    pub fn bool(&mut self) -> bool {
        self.0.arbitrary().unwrap_or(false)
    }

    /// One byte modulo `n` (an index below `n ≤ 256`).
    pub fn below(&mut self, n: usize) -> usize {
        usize::from(self.u8()) % n.max(1)
    }

    /// `n` raw bytes (zeros past the end).
    pub fn bytes(&mut self, n: usize) -> Vec<u8> {
        let mut v = vec![0u8; n];
        let _ = self.0.fill_buffer(&mut v);
        v
    }

    /// The rest of the input.
    pub fn rest(self) -> &'a [u8] {
        self.0.take_rest()
    }
}

/// Writes fields in the order a [`Reader`] reads them.
#[derive(Default)]
pub struct Writer(pub Vec<u8>);

impl Writer {
    /// An empty input.
    pub fn new() -> Writer {
        Writer(Vec::new())
    }

    /// One byte.
    pub fn u8(&mut self, v: u8) -> &mut Self {
        self.0.push(v);
        self
    }

    /// Two bytes, little-endian.
    pub fn u16(&mut self, v: u16) -> &mut Self {
        self.0.extend_from_slice(&v.to_le_bytes());
        self
    }

    /// Four bytes, little-endian.
    pub fn u32(&mut self, v: u32) -> &mut Self {
        self.0.extend_from_slice(&v.to_le_bytes());
        self
    }

    /// Four bytes, two's complement.
    pub fn i32(&mut self, v: i32) -> &mut Self {
        self.0.extend_from_slice(&v.to_le_bytes());
        self
    }

    /// One byte, 0 or 1.
    pub fn bool(&mut self, v: bool) -> &mut Self {
        self.u8(u8::from(v))
    }

    /// An index as [`Reader::below`] reads it.
    pub fn index(&mut self, i: usize) -> &mut Self {
        self.u8(i as u8)
    }

    /// Raw bytes.
    pub fn bytes(&mut self, b: &[u8]) -> &mut Self {
        self.0.extend_from_slice(b);
        self
    }

    /// The encoded input.
    pub fn finish(&mut self) -> Vec<u8> {
        core::mem::take(&mut self.0)
    }
}
