//! NVIDIA `TMML.LOD` (NVIDIA SASS): the LOD the texture unit would use, for a quad.
//!
//! `TMML{.B}.LOD{.NDV} Rd, Ra, {Rb}, #tsPtrIdxU13, #paramA{, #wmskU04}`. Each lane's `Ra`
//! registers hold `array[15:0]` (array descriptions only), then `s`, `t`, `r` (binary32);
//! the handle comes from the constant bank or, with `.B`, from `Rb`. The four results are
//! fixed-point values in the low bits of each register, high bits zero (the seed says "a
//! 4-vector of fp32 values" but then gives fixed formats; texcore returns the fixed formats):
//!
//! | reg | value | format |
//! |---|---|---|
//! | R | `λ' = λ_base + bias`, not clamped by min/max LOD nor the level range | S8.8, two's complement in bits 15:0 |
//! | G | the LOD actually used, relative to the base level: mip LINEAR `clamp(λ, 0, levels−1)`, mip NEAREST the selected level (integer), mip NONE 0 | U8.8 in bits 15:0 |
//! | B | unit vector of the major anisotropy axis in texel space `{v, u}` | S2.6 each: v in bits 15:8, u in 7:0 (`64 × component` to nearest, in the log domain: see below) |
//! | A | `log2(minor / major)` = `½ (log2 ρ_min² − log2 ρ_max²)` | S4.12 in bits 15:0 (the LOD unit's `log2` values, half up to 12 bits), saturated to −8.0; 0 when both are 0 |
//!
//! `λ` is computed exactly as the sampling ops do ([`crate::lod`]) from the quad's implicit
//! derivatives (lane 0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right), so G always
//! names the level a sample would read, and A and B come from the same log-domain values.
//! The major axis is the screen axis (x or y) with the larger ρ (the LOD unit's); B is that
//! axis's `(∂u, ∂v)` (the LOD unit's short floats) normalised without a divider or a square
//! root: with `x_c = log2(c²) − log2(u² + v²)` from the LOD unit's `log2` (so `x_c / 2` is
//! `log2(|c| / len)` in units of 2^-17), the magnitude is the number of thresholds
//! `ceil(2^17 log2((2k − 1)/128))`, k = 1 … 64, that `x_c` reaches
//! ([`crate::lod::tables::unit_component`]) — `64 · |c| / len` rounded to nearest on the
//! model's `log2` — signed like `c`; 0 for a zero vector.
//!
//! **Coordinate description** (`#paramA`): 0 `1D`, 1 `2D`, 2 `3D`, 3 `CUBE`, 4 `ARRAY_1D`,
//! 5 `ARRAY_2D`, 6 reserved (ARRAY_3D), 7 `ARRAY_CUBE`. A description whose coordinate class
//! (1D, 2D, 3D, CUBE) does not match the texture type returns zeros; array and non-array
//! descriptions are interchangeable within a class. Buffers and multisample textures have
//! no LOD: zeros. `.NDV` only affects scheduling: texcore always takes derivatives from all
//! four lanes' registers (values are unchanged by it).

use crate::descriptor::{MipFilter, TextureHeader, TextureType};
use crate::handle::{Bindings, HandleSource};
use crate::lod::tables::{log2_up, unit_component};
use crate::lod::{LodSource, Sf};
use crate::op::sample::{lane_lod, SampleRequest};

/// `#paramA` coordinate descriptions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[repr(u8)]
pub enum CoordDesc {
    /// `1D`: s.
    OneD = 0,
    /// `2D`: s, t.
    TwoD = 1,
    /// `3D`: s, t, r.
    ThreeD = 2,
    /// `CUBE`: s, t, r.
    Cube = 3,
    /// `ARRAY_1D`: a, s.
    Array1D = 4,
    /// `ARRAY_2D`: a, s, t.
    Array2D = 5,
    /// `ARRAY_CUBE`: a, s, t, r.
    ArrayCube = 7,
}

impl CoordDesc {
    /// Every description.
    pub const ALL: [CoordDesc; 7] = [
        CoordDesc::OneD,
        CoordDesc::TwoD,
        CoordDesc::ThreeD,
        CoordDesc::Cube,
        CoordDesc::Array1D,
        CoordDesc::Array2D,
        CoordDesc::ArrayCube,
    ];

    /// Decodes `#paramA`; 6 (reserved) and values above 7 are `None`.
    pub const fn from_code(c: u32) -> Option<CoordDesc> {
        Some(match c {
            0 => CoordDesc::OneD,
            1 => CoordDesc::TwoD,
            2 => CoordDesc::ThreeD,
            3 => CoordDesc::Cube,
            4 => CoordDesc::Array1D,
            5 => CoordDesc::Array2D,
            7 => CoordDesc::ArrayCube,
            _ => return None,
        })
    }

    /// The seed's name.
    pub const fn name(self) -> &'static str {
        match self {
            CoordDesc::OneD => "1D",
            CoordDesc::TwoD => "2D",
            CoordDesc::ThreeD => "3D",
            CoordDesc::Cube => "CUBE",
            CoordDesc::Array1D => "ARRAY_1D",
            CoordDesc::Array2D => "ARRAY_2D",
            CoordDesc::ArrayCube => "ARRAY_CUBE",
        }
    }

    /// Whether the first register is the array index.
    pub const fn is_array(self) -> bool {
        matches!(self, CoordDesc::Array1D | CoordDesc::Array2D | CoordDesc::ArrayCube)
    }

    /// Registers read from `Ra`.
    pub const fn registers(self) -> u32 {
        match self {
            CoordDesc::OneD => 1,
            CoordDesc::TwoD | CoordDesc::Array1D => 2,
            CoordDesc::ThreeD | CoordDesc::Cube | CoordDesc::Array2D => 3,
            CoordDesc::ArrayCube => 4,
        }
    }

    /// Coordinate class: 1 (1D), 2 (2D), 3 (3D), 4 (CUBE).
    const fn class(self) -> u8 {
        match self {
            CoordDesc::OneD | CoordDesc::Array1D => 1,
            CoordDesc::TwoD | CoordDesc::Array2D => 2,
            CoordDesc::ThreeD => 3,
            CoordDesc::Cube | CoordDesc::ArrayCube => 4,
        }
    }
}

const fn type_class(ty: TextureType) -> u8 {
    match ty {
        TextureType::OneD | TextureType::OneDArray => 1,
        TextureType::TwoD | TextureType::TwoDArray | TextureType::TwoDNoMipmap => 2,
        TextureType::ThreeD => 3,
        TextureType::Cube | TextureType::CubeArray => 4,
        TextureType::OneDBuffer => 0,
    }
}

/// Whether `desc`'s coordinate class (1D, 2D, 3D, CUBE) is the class of texture type `ty`;
/// otherwise (and for buffers, which have no class) `TMML.LOD` returns zeros.
pub const fn desc_matches(desc: CoordDesc, ty: TextureType) -> bool {
    desc.class() == type_class(ty)
}

/// `TMML.LOD` on resolved descriptors: `ra[lane]` holds the lane's `Ra … Ra+3`.
pub fn tmml_header(
    h: &TextureHeader,
    s: &crate::descriptor::SamplerHeader,
    desc: CoordDesc,
    ra: &[[u32; 4]; 4],
) -> [[u32; 4]; 4] {
    if !desc_matches(desc, h.ty) || h.samples() > 1 || h.validate().is_err() || s.validate().is_err() {
        return [[0; 4]; 4];
    }
    // Canonical (s, t, r, layer) for the LOD unit; the array index never matters for λ.
    let canon = ra.map(|r| {
        let [a, b, c, d] = r;
        if desc.is_array() {
            [b, c, d, a & 0xFFFF]
        } else {
            [a, b, c, 0]
        }
    });
    let mip = match (s.mip_filter, h.format.linear_filterable()) {
        (MipFilter::Linear, false) => MipFilter::Nearest,
        (m, _) => m,
    };
    let mut req = SampleRequest::new(canon);
    req.lod = LodSource::Derivatives { bias: 0 };
    let lane_result = |lane: usize| -> [u32; 4] {
        let ll = lane_lod(h, s, &req, lane, mip, h.format.linear_filterable());
        let r = (ll.sel.lambda_unclamped as u32) & 0xFFFF;
        let g = ll.sel.used_lod & 0xFFFF;
        let maj = if ll.major_is_x { ll.derivs.dx } else { ll.derivs.dy };
        let b = unit_vector(maj[0], maj[1]);
        let a = (ll.log2_ratio as u32) & 0xFFFF;
        [r, g, b, a]
    };
    // The quad's implicit derivatives are the same for every lane; outside cube maps (whose
    // face projection depends on the lane's direction) so is everything computed from them:
    // one LOD unit pass serves the quad.
    if h.ty.is_cube() {
        core::array::from_fn(lane_result)
    } else {
        [lane_result(0); 4]
    }
}

/// `{v S2.6, u S2.6}` of the normalised `(u, v)` (see the module docs).
fn unit_vector(u: Sf, v: Sf) -> u32 {
    let (u2, v2) = (u.square(), v.square());
    let len2 = Sf::sum_squares([u, v, Sf::ZERO]);
    if len2.is_zero() {
        return 0;
    }
    let l = log2_up(len2);
    let q = |c: Sf, c2: Sf| -> u32 {
        if c.is_zero() {
            return 0;
        }
        // c² ≤ len² and log2 is monotone: x ≤ 0.
        let k = unit_component(log2_up(c2) - l) as i32;
        (if c.neg { -k } else { k }) as i8 as u8 as u32
    };
    (q(v, v2) << 8) | q(u, u2)
}

/// `TMML.LOD` with handle resolution: an invalid texture returns zeros.
pub fn tmml(bindings: &Bindings<'_>, source: HandleSource, desc: CoordDesc, ra: &[[u32; 4]; 4]) -> [[u32; 4]; 4] {
    bindings.with_resolved(source, |h, s| tmml_header(h, s, desc, ra)).unwrap_or([[0; 4]; 4])
}
