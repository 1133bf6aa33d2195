//! Standard multisample patterns (the D3D10.1+ / Vulkan standard sample locations).
//!
//! Positions are given in 1/16 pixel as offsets `(dx, dy)` from the pixel centre, x to the
//! right and y down, −8 ≤ d ≤ 7. texcore reports them as positions *inside the pixel from its
//! top-left corner*, `p = (8 + d) / 16` ∈ [1/16, 15/16] — the Gallium `get_sample_position`
//! convention — which is exact in every output format:
//!
//! * NVIDIA `TXQ TEX_HEADER_SAMPLER_POS`: `{x U4.12, y U4.12}`, **x in bits 31:16, y in bits
//!   15:0**. texcore reads `{a, b}` as a Verilog concatenation (first field in the high bits),
//!   the convention NVIDIA's TXQ and TMML use for `tsPtrIdxU13 = {smpU05, tidU08}` and for TMML's
//!   `{v, u}` (whose bit picture puts v high). `x = (8 + dx) << 8`.
//! * TGSI `SAMPLE_POS`: fp32 `(x, y, 0, 0)`.
//!
//! The 1-sample pattern is the pixel centre (0.5, 0.5).

/// 1 sample.
pub const PATTERN_1: [(i8, i8); 1] = [(0, 0)];
/// 2 samples.
pub const PATTERN_2: [(i8, i8); 2] = [(4, 4), (-4, -4)];
/// 4 samples.
pub const PATTERN_4: [(i8, i8); 4] = [(-2, -6), (6, -2), (-6, 2), (2, 6)];
/// 8 samples.
pub const PATTERN_8: [(i8, i8); 8] = [(1, -3), (-1, 3), (5, 1), (-3, -5), (-5, 5), (-7, -1), (3, 7), (7, -7)];
/// 16 samples.
pub const PATTERN_16: [(i8, i8); 16] = [
    (1, 1),
    (-1, -3),
    (-3, 2),
    (4, -1),
    (-5, -2),
    (2, 5),
    (5, 3),
    (3, -5),
    (-2, 6),
    (0, -7),
    (-4, -6),
    (-6, 4),
    (-8, 0),
    (7, -4),
    (6, 7),
    (-7, -8),
];

/// The standard pattern for a sample count (1, 2, 4, 8, 16); empty for any other count.
pub const fn pattern(samples: u32) -> &'static [(i8, i8)] {
    match samples {
        1 => &PATTERN_1,
        2 => &PATTERN_2,
        4 => &PATTERN_4,
        8 => &PATTERN_8,
        16 => &PATTERN_16,
        _ => &[],
    }
}

/// Offset of sample `index` of a `samples`-sample pixel in 1/16 pixel from the centre, or
/// `None` if the index is out of range (or the count has no pattern).
pub fn offset(samples: u32, index: u32) -> Option<(i8, i8)> {
    pattern(samples).get(usize::try_from(index).ok()?).copied()
}

/// Position of sample `index` in sixteenths from the top-left corner, each in 1 ..= 15.
pub fn position_sixteenths(samples: u32, index: u32) -> Option<(u32, u32)> {
    let (dx, dy) = offset(samples, index)?;
    // −8 ≤ d ≤ 7 ⇒ 0 ≤ 8 + d ≤ 15.
    Some(((8 + i32::from(dx)) as u32, (8 + i32::from(dy)) as u32))
}

/// The `{x U4.12, y U4.12}` word of `TXQ TEX_HEADER_SAMPLER_POS` (x in bits 31:16).
pub fn packed_u4_12(samples: u32, index: u32) -> Option<u32> {
    let (x, y) = position_sixteenths(samples, index)?;
    Some((x << 24) | (y << 8))
}
