//! The typed instruction: what the assembler produces, the disassembler prints and the
//! executor runs. Every field is public; an instruction built by hand may break a rule of the
//! seeds, which [`Instr::validate`](super::Instr::validate) (and so the executor) reports as a
//! [`RuleError`](super::RuleError).

use heapless::String;

use crate::handle::TsPtrIdx;
use crate::op::resource::AtomicOp;
use crate::op::sample::TexOp;
use crate::op::tmml::CoordDesc;
use crate::query::intel::{ExecCtrl, InfoOp};
use crate::query::nv::TxqQuery;

// ------------------------------------------------------------------ NVIDIA

/// An NVIDIA general register `R0` … `R254`, or `RZ` (index 255: reads 0, writes dropped).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Reg(pub u8);

impl Reg {
    /// The zero register.
    pub const RZ: Reg = Reg(255);

    /// Whether this is `RZ`.
    pub const fn is_rz(self) -> bool {
        self.0 == 255
    }
}

/// An instruction predicate `@Pn` / `@!Pn` (`index` 0 … 6, 7 = `PT`, always true).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Pred {
    /// Predicate register: 0 … 6 for `P0` … `P6`, 7 for `PT`.
    pub index: u8,
    /// `@!`: the instruction runs where the predicate is false.
    pub negate: bool,
}

impl Pred {
    /// `@PT`: always (the default when no predicate is written).
    pub const PT: Pred = Pred { index: 7, negate: false };
}

impl Default for Pred {
    fn default() -> Self {
        Pred::PT
    }
}

/// The `.phase` modifier (`.T` / `.P`): texture-hash scheduling control, no effect on values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Phase {
    /// No phase modifier.
    #[default]
    None,
    /// `.T`: postfix increment of the 3-bit texture component of the hash.
    T,
    /// `.P`: postfix increment of the 5-bit phase component, texture component zeroed.
    P,
}

/// Maximum length of a `?sched` hint name.
pub const SCHED_HINT_LEN: usize = 16;

/// The scheduling decorations `&req_N`, `&rdN`, `&wrN`, `?hint` (accepted, preserved, no
/// effect on values).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Sched {
    /// `&req_N`: barrier wait mask, 6 bits (0 … 63).
    pub req: Option<u8>,
    /// `&rdN`: read-dependency barrier index 0 … 7.
    pub rd: Option<u8>,
    /// `&wrN`: write-dependency barrier index 0 … 7.
    pub wr: Option<u8>,
    /// `?name`: a scheduling hint (letters, digits, `_`; at most [`SCHED_HINT_LEN`]).
    pub hint: Option<String<SCHED_HINT_LEN>>,
}

/// What every NVIDIA instruction carries besides its operands.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct NvCommon {
    /// `@Pg` / `@!Pg` (default `PT`).
    pub pred: Pred,
    /// `.NODEP`: killed lanes do not execute (see the executor docs).
    pub nodep: bool,
    /// `.T` / `.P`.
    pub phase: Phase,
    /// Scheduling decorations.
    pub sched: Sched,
}

/// The texture index immediate, remembering which syntax wrote it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct TexIndex {
    /// The `#tsPtrIdxU13` value.
    pub idx: TsPtrIdx,
    /// Written in the legacy `#tidU08, #smpU05` form (`tsPtrIdxU13 = {smp, tid}`).
    pub legacy: bool,
}

/// `TXQ{.B}{.NODEP}{.phase} Rd, Ra, #query, #tsPtrIdxU13 {, #wmskU04}` (NVIDIA SASS TXQ), also with
/// `#tidU08, #smpU05, #wmskU04`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NvTxq {
    /// Predicate, `.NODEP`, phase, decorations.
    pub common: NvCommon,
    /// `.B`: the handle is in `Ra+0`.
    pub bindless: bool,
    /// Destination (first of the decimated writes).
    pub rd: Reg,
    /// Parameter registers: `[handle (.B),] LOD or sample index`, compacted upwards.
    pub ra: Reg,
    /// The query.
    pub query: TxqQuery,
    /// Texture index (ignored with `.B`).
    pub tex: TexIndex,
    /// `#wmskU04` (default 0xf).
    pub wmask: u8,
}

/// `TLD4S{.F16}.comp{.AOFFI}{.DC}{.NODEP}{.phase} Rd1, Rd0, Ra, Rb, #tsPtrIdxU13` (NVIDIA SASS TLD4S).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NvTld4s {
    /// Predicate, `.NODEP`, phase, decorations.
    pub common: NvCommon,
    /// `.R/.G/.B/.A` as 0 … 3.
    pub comp: u8,
    /// `.F16`: packed binary16 results.
    pub f16: bool,
    /// `.AOFFI`.
    pub aoffi: bool,
    /// `.DC`.
    pub dc: bool,
    /// Destination of samples 2 and 3 (vec2, or one register with `.F16`).
    pub rd1: Reg,
    /// Destination of samples 0 and 1.
    pub rd0: Reg,
    /// `s` or `{s, t}` (TLD4S's legal-modifier table).
    pub ra: Reg,
    /// `t`, `dc`, `toff` or `{toff, dc}`.
    pub rb: Reg,
    /// Texture index.
    pub ts: TsPtrIdx,
}

/// `TMML{.B}.LOD{.NDV}{.NODEP}{.phase} Rd, Ra, {Rb}, #tsPtrIdxU13, #paramA{, #wmskU04}`
/// (NVIDIA SASS TMML), also with `#tidU08, #smpU05`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NvTmml {
    /// Predicate, `.NODEP`, phase, decorations.
    pub common: NvCommon,
    /// `.B`: the handle is in `Rb`.
    pub bindless: bool,
    /// `.NDV` (scheduling only).
    pub ndv: bool,
    /// Destination (first of the decimated writes).
    pub rd: Reg,
    /// Coordinates `[array,] s [, t [, r]]`.
    pub ra: Reg,
    /// Handle register (with `.B`).
    pub rb: Option<Reg>,
    /// Texture index (ignored with `.B`).
    pub tex: TexIndex,
    /// `#paramA`.
    pub desc: CoordDesc,
    /// `#wmskU04` (default 0xf).
    pub wmask: u8,
}

// ------------------------------------------------------------------ TGSI

/// Number of TGSI `TEMP` registers per lane.
pub const TEMPS: usize = 32;
/// Number of TGSI `IMM` registers.
pub const IMMS: usize = 32;

/// A component selector: 0 = x (r), 1 = y (g), 2 = z (b), 3 = w (a).
pub type Swizzle = [u8; 4];

/// The identity swizzle `.xyzw`.
pub const XYZW: Swizzle = [0, 1, 2, 3];

/// A TGSI destination `TEMP[index]{.mask}` (mask bit 0 = x … bit 3 = w).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct TgsiDst {
    /// `TEMP` index.
    pub index: u8,
    /// Write mask (0xF = all four).
    pub mask: u8,
}

/// A TGSI source register file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum SrcFile {
    /// `TEMP[n]`, per lane.
    Temp,
    /// `IMM[n]`, shared by all lanes.
    Imm,
}

/// A TGSI source operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum TgsiSrc {
    /// `TEMP[n].swizzle` or `IMM[n].swizzle`.
    Reg {
        /// File.
        file: SrcFile,
        /// Index.
        index: u8,
        /// Swizzle.
        swizzle: Swizzle,
    },
    /// A scalar literal (its 32-bit pattern, replicated to all components).
    Literal(u32),
}

/// `SVIEW[index]{.swizzle}`: a sampler view and the swizzle applied to the result (GATHER4:
/// its first component selects the gathered component).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct ViewRef {
    /// `SVIEW` table index.
    pub index: u8,
    /// Swizzle (identity by default).
    pub swizzle: Swizzle,
}

/// Texel offsets `IMM[index].swizzle`: components x, y, z of the swizzled immediate, as
/// signed integers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct OffsetRef {
    /// `IMM` index.
    pub index: u8,
    /// Swizzle.
    pub swizzle: Swizzle,
}

/// TGSI texture targets (`tgsi_texture_names`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[allow(missing_docs)]
pub enum Target {
    Buffer,
    OneD,
    TwoD,
    ThreeD,
    Cube,
    Rect,
    Shadow1D,
    Shadow2D,
    ShadowRect,
    Array1D,
    Array2D,
    Shadow1DArray,
    Shadow2DArray,
    ShadowCube,
    TwoDMsaa,
    TwoDArrayMsaa,
    CubeArray,
    ShadowCubeArray,
}

impl Target {
    /// Every target.
    pub const ALL: [Target; 18] = [
        Target::Buffer,
        Target::OneD,
        Target::TwoD,
        Target::ThreeD,
        Target::Cube,
        Target::Rect,
        Target::Shadow1D,
        Target::Shadow2D,
        Target::ShadowRect,
        Target::Array1D,
        Target::Array2D,
        Target::Shadow1DArray,
        Target::Shadow2DArray,
        Target::ShadowCube,
        Target::TwoDMsaa,
        Target::TwoDArrayMsaa,
        Target::CubeArray,
        Target::ShadowCubeArray,
    ];

    /// The TGSI name.
    pub const fn name(self) -> &'static str {
        match self {
            Target::Buffer => "BUFFER",
            Target::OneD => "1D",
            Target::TwoD => "2D",
            Target::ThreeD => "3D",
            Target::Cube => "CUBE",
            Target::Rect => "RECT",
            Target::Shadow1D => "SHADOW1D",
            Target::Shadow2D => "SHADOW2D",
            Target::ShadowRect => "SHADOWRECT",
            Target::Array1D => "1D_ARRAY",
            Target::Array2D => "2D_ARRAY",
            Target::Shadow1DArray => "SHADOW1D_ARRAY",
            Target::Shadow2DArray => "SHADOW2D_ARRAY",
            Target::ShadowCube => "SHADOWCUBE",
            Target::TwoDMsaa => "2D_MSAA",
            Target::TwoDArrayMsaa => "2D_ARRAY_MSAA",
            Target::CubeArray => "CUBEARRAY",
            Target::ShadowCubeArray => "SHADOWCUBEARRAY",
        }
    }

    /// Whether this is a `SHADOW*` target (depth compare).
    pub const fn is_shadow(self) -> bool {
        matches!(
            self,
            Target::Shadow1D
                | Target::Shadow2D
                | Target::ShadowRect
                | Target::Shadow1DArray
                | Target::Shadow2DArray
                | Target::ShadowCube
                | Target::ShadowCubeArray
        )
    }
}

/// The textual forms of the TGSI `TEX` family and their extra operands. Each executes one
/// [`TexOp`] ([`TexForm::op`]); `TEX2`/`TXB2`/`TXL2` add a second source register.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum TexForm {
    /// `TEX dst, src0, SAMP[n], target`.
    Tex,
    /// `TXB` (bias in `src0.w`).
    Txb,
    /// `TXL` (LOD in `src0.w`).
    Txl,
    /// `TXP` (projective).
    Txp,
    /// `TXD dst, src0, ddx, ddy, SAMP[n], target`.
    Txd {
        /// `∂/∂x`.
        ddx: TgsiSrc,
        /// `∂/∂y`.
        ddy: TgsiSrc,
    },
    /// `TEX2 dst, src0, src1, SAMP[n], target` (cube-array shadow reference in `src1.x`).
    Tex2 {
        /// Second operand.
        src1: TgsiSrc,
    },
    /// `TXB2` (bias in `src1.x`).
    Txb2 {
        /// Second operand.
        src1: TgsiSrc,
    },
    /// `TXL2` (LOD in `src1.x`).
    Txl2 {
        /// Second operand.
        src1: TgsiSrc,
    },
}

impl TexForm {
    /// The op this form executes.
    pub const fn op(self) -> TexOp {
        match self {
            TexForm::Tex | TexForm::Tex2 { .. } => TexOp::Tex,
            TexForm::Txb | TexForm::Txb2 { .. } => TexOp::Txb,
            TexForm::Txl | TexForm::Txl2 { .. } => TexOp::Txl,
            TexForm::Txp => TexOp::Txp,
            TexForm::Txd { .. } => TexOp::Txd,
        }
    }

    /// The second source register of `TEX2`/`TXB2`/`TXL2`.
    pub const fn src1(self) -> Option<TgsiSrc> {
        match self {
            TexForm::Tex2 { src1 } | TexForm::Txb2 { src1 } | TexForm::Txl2 { src1 } => Some(src1),
            _ => None,
        }
    }

    /// `TXD`'s derivative registers `(ddx, ddy)`.
    pub const fn grads(self) -> Option<(TgsiSrc, TgsiSrc)> {
        match self {
            TexForm::Txd { ddx, ddy } => Some((ddx, ddy)),
            _ => None,
        }
    }
}

/// The TGSI `SAMPLE` family and its extra operands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum SampleOp {
    /// `SAMPLE`.
    Sample,
    /// `SAMPLE_B … , lod_bias`.
    B {
        /// LOD bias (scalar, binary32).
        bias: TgsiSrc,
    },
    /// `SAMPLE_C … , ref_value`.
    C {
        /// Reference (scalar, binary32).
        reference: TgsiSrc,
    },
    /// `SAMPLE_C_LZ … , ref_value`.
    CLz {
        /// Reference (scalar, binary32).
        reference: TgsiSrc,
    },
    /// `SAMPLE_D … , der_x, der_y`.
    D {
        /// `∂/∂x`.
        ddx: TgsiSrc,
        /// `∂/∂y`.
        ddy: TgsiSrc,
    },
    /// `SAMPLE_L … , explicit_lod`.
    L {
        /// LOD (scalar, binary32).
        lod: TgsiSrc,
    },
}

/// `IMM[n]` declaration types.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum ImmType {
    /// `FLT32`: binary32 values.
    Flt32,
    /// `UINT32`.
    Uint32,
    /// `INT32`.
    Int32,
}

/// A TGSI instruction (Gallium TGSI's texture and resource opcodes) or immediate declaration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum TgsiInstr {
    /// `IMM[index] TYPE {a, b, c, d}`: sets an immediate when executed.
    Imm {
        /// `IMM` index.
        index: u8,
        /// Declared type (printing only; the values are bit patterns).
        ty: ImmType,
        /// The four values.
        values: [u32; 4],
    },
    /// `TEX`, `TXB`, `TXL`, `TXD`, `TXP`, `TEX2`, `TXB2`, `TXL2`.
    Tex {
        /// Opcode and extra operands.
        form: TexForm,
        /// Destination.
        dst: TgsiDst,
        /// Coordinates.
        src0: TgsiSrc,
        /// Texture unit: `SVIEW` and `SAMP` table entry `unit`.
        unit: u8,
        /// Target (a `SHADOW*` target selects depth compare).
        target: Option<Target>,
    },
    /// `TXF dst, src0, SAMP[n] {, target} {, IMM[k].xyz}`.
    Txf {
        /// Destination.
        dst: TgsiDst,
        /// Integer coordinates and level.
        src0: TgsiSrc,
        /// Texture unit.
        unit: u8,
        /// Target.
        target: Option<Target>,
        /// Constant texel offsets (−8 … +7).
        offset: Option<OffsetRef>,
    },
    /// `TXQ dst, src0, SAMP[n] {, target}`.
    Txq {
        /// Destination.
        dst: TgsiDst,
        /// LOD (`x`, unsigned).
        src0: TgsiSrc,
        /// Texture unit.
        unit: u8,
        /// Target.
        target: Option<Target>,
    },
    /// `SAMPLE`, `SAMPLE_B`, `SAMPLE_C`, `SAMPLE_C_LZ`, `SAMPLE_D`, `SAMPLE_L`.
    Sample {
        /// Opcode and extra operands.
        op: SampleOp,
        /// Destination.
        dst: TgsiDst,
        /// Coordinates.
        addr: TgsiSrc,
        /// Sampler view.
        view: ViewRef,
        /// `SAMP` table index.
        sampler: u8,
        /// Constant texel offsets (−8 … +7).
        offset: Option<OffsetRef>,
    },
    /// `SAMPLE_I dst, address, SVIEW[n]`.
    SampleI {
        /// Destination.
        dst: TgsiDst,
        /// Unsigned integer address `(x, y, z, level)`.
        addr: TgsiSrc,
        /// Sampler view.
        view: ViewRef,
    },
    /// `SAMPLE_I_MS dst, address, SVIEW[n], sample`.
    SampleIMs {
        /// Destination.
        dst: TgsiDst,
        /// Unsigned integer address.
        addr: TgsiSrc,
        /// Sampler view.
        view: ViewRef,
        /// Sample index (scalar).
        sample: TgsiSrc,
    },
    /// `GATHER4 dst, address, SVIEW[n].c, SAMP[m] {, IMM[k].xy}`.
    Gather4 {
        /// Destination.
        dst: TgsiDst,
        /// Coordinates.
        addr: TgsiSrc,
        /// Sampler view; the swizzle's first component is the gathered component.
        view: ViewRef,
        /// `SAMP` table index.
        sampler: u8,
        /// Constant offsets (x, y; −32 … +31).
        offset: Option<OffsetRef>,
    },
    /// `SVIEWINFO dst, src_mip_level, SVIEW[n]`.
    SviewInfo {
        /// Destination.
        dst: TgsiDst,
        /// Mip level (scalar, unsigned).
        lod: TgsiSrc,
        /// Sampler view.
        view: ViewRef,
    },
    /// `SAMPLE_POS dst, sample_index, SVIEW[n]`.
    SamplePos {
        /// Destination.
        dst: TgsiDst,
        /// Sample index (scalar, unsigned).
        index: TgsiSrc,
        /// Sampler view.
        view: ViewRef,
    },
    /// `SAMPLE_INFO dst, SVIEW[n]`.
    SampleInfo {
        /// Destination.
        dst: TgsiDst,
        /// Sampler view.
        view: ViewRef,
    },
    /// `LOAD dst, RES[n], address`.
    Load {
        /// Destination.
        dst: TgsiDst,
        /// `RES` table index.
        res: u8,
        /// Unsigned integer address.
        addr: TgsiSrc,
    },
    /// `STORE RES[n], address, src`.
    Store {
        /// `RES` table index.
        res: u8,
        /// Unsigned integer address.
        addr: TgsiSrc,
        /// Value.
        src: TgsiSrc,
    },
    /// `ATOM* dst, RES[n], offset, src` / `ATOMCAS dst, RES[n], offset, cmp, src`.
    Atomic {
        /// The operation.
        op: AtomicOp,
        /// Destination (old value).
        dst: TgsiDst,
        /// `RES` table index.
        res: u8,
        /// Unsigned integer address.
        addr: TgsiSrc,
        /// `ATOMCAS`'s compare value (`None` for every other op).
        cmp: Option<TgsiSrc>,
        /// Source.
        src: TgsiSrc,
    },
}

// ------------------------------------------------------------------ Intel

/// Number of Intel GRF registers.
pub const GRF_REGS: usize = 128;
/// Dwords per GRF register (32 bytes).
pub const GRF_DWORDS: usize = 8;

/// An Intel raw operand: GRF register `reg` plus a byte offset (a multiple of 4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct RawOperand {
    /// GRF register number.
    pub reg: u8,
    /// Byte offset from the start of `reg` (multiple of 4).
    pub offset: u16,
}

impl RawOperand {
    /// The first dword's index in the GRF file (`reg × 8 + offset / 4`).
    pub const fn dword(self) -> usize {
        self.reg as usize * GRF_DWORDS + (self.offset / 4) as usize
    }
}

/// Intel vISA `INFO`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct IntelInfo {
    /// resinfo or sampleinfo.
    pub op: InfoOp,
    /// Execution size and mask (`ExecCtrl::to_byte` is the Exec_size byte).
    pub exec: ExecCtrl,
    /// Surface (binding-table index).
    pub surface: u8,
    /// The per-lane LOD vector (resinfo only; `None` for sampleinfo).
    pub lod: Option<RawOperand>,
    /// The planar destination (`exec_size × 4` dwords).
    pub dst: RawOperand,
}

// ------------------------------------------------------------------ all

/// One instruction of any of the source documents' dialects.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Instr {
    /// NVIDIA `TXQ`.
    Txq(NvTxq),
    /// NVIDIA `TLD4S`.
    Tld4s(NvTld4s),
    /// NVIDIA `TMML.LOD`.
    Tmml(NvTmml),
    /// A TGSI instruction.
    Tgsi(TgsiInstr),
    /// Intel `RESINFO` / `SAMPLEINFO`.
    Intel(IntelInfo),
}
