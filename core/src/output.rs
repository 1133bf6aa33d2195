//! Output packing: fixed point → fp32 bit patterns, and the NVIDIA destination write mask.

use heapless::Vec;

/// The IEEE-754 binary32 bit pattern nearest to `value / 2^frac_bits`, **round to nearest,
/// ties to even**. Exact whenever the value has at most 24 significant bits.
///
/// `frac_bits` may be 0 ..= 126, so every result is a normal number or zero (the smallest
/// non-zero input, `1 / 2^126`, is the smallest normal). Larger `frac_bits` flush results
/// below the normal range to a signed zero (texcore never asks for that). Zero gives `+0.0`.
pub const fn fixed_to_f32_bits(value: i64, frac_bits: u32) -> u32 {
    if value == 0 {
        return 0;
    }
    let sign: u32 = if value < 0 { 1 << 31 } else { 0 };
    let mag = value.unsigned_abs();
    let msb = 63 - mag.leading_zeros() as i32;
    let mut exp = msb - frac_bits as i32;
    let mut mant: u64;
    if msb > 23 {
        let shift = (msb - 23) as u32;
        mant = mag >> shift;
        let rem = mag & ((1u64 << shift) - 1);
        let half = 1u64 << (shift - 1);
        if rem > half || (rem == half && (mant & 1) == 1) {
            mant += 1;
            if mant == 1 << 24 {
                mant >>= 1;
                exp += 1;
            }
        }
    } else {
        mant = mag << (23 - msb) as u32;
    }
    let biased = exp + 127;
    if biased >= 255 {
        return sign | 0x7F80_0000;
    }
    if biased <= 0 {
        return sign;
    }
    sign | ((biased as u32) << 23) | (mant as u32 & 0x007F_FFFF)
}

/// fp32 bit pattern of an unsigned integer (round to nearest even above 2^24).
pub const fn u32_to_f32_bits(value: u32) -> u32 {
    fixed_to_f32_bits(value as i64, 0)
}

/// The NVIDIA `#wmskU04` destination write mask, "decimated contiguous writes": the enabled
/// components of `values` (bit 0 = R … bit 3 = A), in order, packed into consecutive
/// destination registers `Rd, Rd+1, …`. Bits above 3 are ignored.
pub fn decimate(values: [u32; 4], wmask: u8) -> Vec<u32, 4> {
    let mut out = Vec::new();
    for (i, v) in values.iter().enumerate() {
        if wmask & (1 << i) != 0 {
            // Capacity 4 and at most 4 pushes: cannot fail.
            let _ = out.push(*v);
        }
    }
    out
}

/// Number of registers a write mask writes (popcount of its low 4 bits).
pub const fn wmask_count(wmask: u8) -> u32 {
    (wmask & 0xF).count_ones()
}
