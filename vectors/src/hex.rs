//! Reading the `$readmemh` images back (one hex number per line, `_` separators, 32-bit
//! groups least significant last — as `cargo xtask vectors` writes them).

/// Parses one line into 32-bit words, least significant first (`n` words; missing high
/// words are 0). `None` if the line holds anything but hex digits and `_`, or more than
/// `n × 8` digits.
pub fn parse_words(line: &str, n: usize) -> Option<Vec<u32>> {
    let mut words = vec![0u32; n];
    parse_words_into(line, &mut words).then_some(words)
}

/// [`parse_words`] into `words` (`words.len()` words, all written); `false` where
/// [`parse_words`] gives `None` (`words` is then unspecified).
pub fn parse_words_into(line: &str, words: &mut [u32]) -> bool {
    words.fill(0);
    let mut bit = 0usize;
    for &c in line.trim_end().as_bytes().iter().rev() {
        let d = match c {
            b'0'..=b'9' => c - b'0',
            b'a'..=b'f' => c - b'a' + 10,
            b'A'..=b'F' => c - b'A' + 10,
            b'_' => continue,
            _ => return false,
        };
        let Some(w) = words.get_mut(bit / 32) else { return false };
        *w |= u32::from(d) << (bit % 32);
        bit += 4;
    }
    true
}

/// A descriptor pool image: one 8-word entry per line (`w7_…_w0`).
pub fn parse_pool(text: &str) -> Result<Vec<[u32; 8]>, String> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            let w = parse_words(l, 8).ok_or_else(|| format!("line {}: not a 256-bit hex number", i + 1))?;
            let mut e = [0u32; 8];
            e.copy_from_slice(&w);
            Ok(e)
        })
        .collect()
}

/// The texel memory image: 16 bytes per line (`w3_w2_w1_w0`, byte `k` of the line at bits
/// `8k+7:8k`).
pub fn parse_texmem(text: &str) -> Result<Vec<u8>, String> {
    let mut m = Vec::with_capacity(text.len() / 36 * 16);
    let mut w = [0u32; 4];
    for (i, l) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        if !parse_words_into(l, &mut w) {
            return Err(format!("line {}: not a 128-bit hex number", i + 1));
        }
        for x in w {
            m.extend_from_slice(&x.to_le_bytes());
        }
    }
    Ok(m)
}

/// Writes the texel memory image (the inverse of [`parse_texmem`]).
pub fn write_texmem(mem: &[u8]) -> String {
    let mut s = String::with_capacity(mem.len() / 16 * 36);
    for line in mem.chunks(16) {
        let mut w = [0u32; 4];
        for (i, b) in line.iter().enumerate() {
            w[i / 4] |= u32::from(*b) << (8 * (i % 4));
        }
        s.push_str(&format!("{:08x}_{:08x}_{:08x}_{:08x}\n", w[3], w[2], w[1], w[0]));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texmem_round_trips() {
        let m: Vec<u8> = (0..64u32).map(|i| (i * 37 + 5) as u8).collect();
        assert_eq!(parse_texmem(&write_texmem(&m)).unwrap(), m);
        assert_eq!(parse_words("1_00000002", 2).unwrap(), [2, 1]);
        assert!(parse_words("xyz", 2).is_none());
        assert!(parse_words("123456789", 1).is_none());
        assert_eq!(parse_words("aB_cD ", 1).unwrap(), [0xabcd]);
        assert_eq!(parse_words("", 2).unwrap(), [0, 0]);
        assert!(parse_words("1 2", 1).is_none());
        assert!(parse_words("-1", 1).is_none());
    }
}
