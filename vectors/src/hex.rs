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

/// The images an op-level vector directory holds: the texel memory (`texmem.hex`) and the
/// texture-header and sampler pools at pointers 0 … (`op_hdr.hex`, `op_smp.hex`).
pub struct OpImages {
    /// Texel memory.
    pub texmem: Vec<u8>,
    /// Texture-header pool entries.
    pub headers: Vec<[u32; 8]>,
    /// Sampler-header pool entries.
    pub samplers: Vec<[u32; 8]>,
}

/// Reads `texmem.hex`, `op_hdr.hex` and `op_smp.hex` of the vector directory `dir`.
pub fn read_op_images(dir: &std::path::Path) -> Result<OpImages, String> {
    let read = |name: &str| {
        let p = dir.join(name);
        std::fs::read_to_string(&p).map_err(|e| format!("{}: {e}", p.display()))
    };
    let pool = |name: &str| parse_pool(&read(name)?).map_err(|e| format!("{}: {e}", dir.join(name).display()));
    Ok(OpImages {
        texmem: parse_texmem(&read("texmem.hex")?).map_err(|e| format!("{}: {e}", dir.join("texmem.hex").display()))?,
        headers: pool("op_hdr.hex")?,
        samplers: pool("op_smp.hex")?,
    })
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

    #[test]
    fn op_images_read_back() {
        let dir = std::env::temp_dir().join(format!("texcore-op-images-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let m: Vec<u8> = (0..32u32).map(|i| (i * 29 + 3) as u8).collect();
        std::fs::write(dir.join("texmem.hex"), write_texmem(&m)).unwrap();
        let hdr = "00000000_00000000_00000000_00000004_0000000f_0000000f_00000100_1a200031\n";
        std::fs::write(dir.join("op_hdr.hex"), hdr).unwrap();
        std::fs::write(dir.join("op_smp.hex"), "").unwrap();
        let img = read_op_images(&dir).unwrap();
        assert_eq!(img.texmem, m);
        assert_eq!(img.headers, [[0x1a20_0031, 0x100, 0xf, 0xf, 4, 0, 0, 0]]);
        assert!(img.samplers.is_empty());
        std::fs::write(dir.join("op_smp.hex"), "xyz\n").unwrap();
        let e = read_op_images(&dir).err().unwrap();
        assert!(e.contains("op_smp.hex") && e.contains("line 1"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
