// GENERATED FILE - DO NOT EDIT.
// Written by `cargo xtask vectors --write-generated` from the unit definitions in
// vectors/src/ (crate texcore-vectors) and the enums of the texcore core.
// `cargo test -p texcore-vectors` regenerates it and fails if this file differs;
// `cargo xtask cosim` refuses a stale copy.
`timescale 1ns/1ps

// A design uses a few of these constants: unused ones are not lint findings.
/* verilator lint_off UNUSEDPARAM */
package texcore_vectors_pkg;

  // ---- memory images (one entry per line, $readmemh) ------------------------------
  // cbank.hex: NVIDIA constant bank: word i = the handle at #tsPtrIdxU13 = i (samplerPtr[31:20] | headerPtr[19:0])
  localparam int CBANK_ENTRIES = 4096;
  localparam int CBANK_AW = 12;
  localparam int CBANK_ENTRY_W = 32;
  // hdr_pool.hex: texture-header pool: line i = header i as w7_w6_w5_w4_w3_w2_w1_w0 (also TGSI SVIEW[i] and Intel surface i)
  localparam int HDR_POOL_ENTRIES = 4096;
  localparam int HDR_POOL_AW = 12;
  localparam int HDR_POOL_ENTRY_W = 256;
  // smp_pool.hex: sampler-header pool: line i = sampler i as w7_w6_w5_w4_w3_w2_w1_w0
  localparam int SMP_POOL_ENTRIES = 1024;
  localparam int SMP_POOL_AW = 10;
  localparam int SMP_POOL_ENTRY_W = 256;
  // texmem.hex: texel memory of the op-level units (64 KiB): line i = bytes 16i..16i+15 as w3_w2_w1_w0, byte k of the line at bits 8k+7:8k
  localparam int TEXMEM_ENTRIES = 4096;
  localparam int TEXMEM_AW = 12;
  localparam int TEXMEM_ENTRY_W = 128;
  // op_hdr.hex: op-level texture headers: line i = header of hdr slot i as w7_..._w0 (texcore_vectors::texset; slots past it are unbound)
  localparam int OP_HDR_ENTRIES = 64;
  localparam int OP_HDR_AW = 6;
  localparam int OP_HDR_ENTRY_W = 256;
  // op_smp.hex: op-level samplers: line i = sampler of smp slot i as w7_..._w0 (directed low slots, then filler; past it unbound)
  localparam int OP_SMP_ENTRIES = 256;
  localparam int OP_SMP_AW = 8;
  localparam int OP_SMP_ENTRY_W = 256;

  // ---- texture type (texture header word 0 bits 3:0; texcore::TextureType) ----
  localparam logic [3:0] TEX_ONE_D           = 4'd0;  // OneD
  localparam logic [3:0] TEX_TWO_D           = 4'd1;  // TwoD
  localparam logic [3:0] TEX_THREE_D         = 4'd2;  // ThreeD
  localparam logic [3:0] TEX_CUBEMAP         = 4'd3;  // Cube
  localparam logic [3:0] TEX_ONE_D_ARRAY     = 4'd4;  // OneDArray
  localparam logic [3:0] TEX_TWO_D_ARRAY     = 4'd5;  // TwoDArray
  localparam logic [3:0] TEX_ONE_D_BUFFER    = 4'd6;  // OneDBuffer
  localparam logic [3:0] TEX_TWO_D_NO_MIPMAP = 4'd7;  // TwoDNoMipmap
  localparam logic [3:0] TEX_CUBEMAP_ARRAY   = 4'd8;  // CubeArray

  // ---- multisample mode (header word 0 bits 17:15; texcore::MsMode) ----
  localparam logic [2:0] MS_MODE_1X1 = 3'd0;  // 1 sample(s)
  localparam logic [2:0] MS_MODE_2X1 = 3'd1;  // 2 sample(s)
  localparam logic [2:0] MS_MODE_2X2 = 3'd2;  // 4 sample(s)
  localparam logic [2:0] MS_MODE_4X2 = 3'd3;  // 8 sample(s)
  localparam logic [2:0] MS_MODE_4X4 = 3'd6;  // 16 sample(s)

  // ---- texel format (header word 0 bits 11:4; texcore::Format) ----
  localparam logic [7:0] FMT_R8_UNORM       = 8'h01;  // 1 B/texel, R
  localparam logic [7:0] FMT_RG8_UNORM      = 8'h02;  // 2 B/texel, RG
  localparam logic [7:0] FMT_RGBA8_UNORM    = 8'h03;  // 4 B/texel, RGBA
  localparam logic [7:0] FMT_BGRA8_UNORM    = 8'h04;  // 4 B/texel, RGBA
  localparam logic [7:0] FMT_R8_SNORM       = 8'h05;  // 1 B/texel, R
  localparam logic [7:0] FMT_RG8_SNORM      = 8'h06;  // 2 B/texel, RG
  localparam logic [7:0] FMT_RGBA8_SNORM    = 8'h07;  // 4 B/texel, RGBA
  localparam logic [7:0] FMT_BGRA8_SNORM    = 8'h08;  // 4 B/texel, RGBA
  localparam logic [7:0] FMT_RGB565_UNORM   = 8'h09;  // 2 B/texel, RGB
  localparam logic [7:0] FMT_RGBA4444_UNORM = 8'h0a;  // 2 B/texel, RGBA
  localparam logic [7:0] FMT_RGB5A1_UNORM   = 8'h0b;  // 2 B/texel, RGBA
  localparam logic [7:0] FMT_A8_UNORM       = 8'h0c;  // 1 B/texel, A
  localparam logic [7:0] FMT_L8_UNORM       = 8'h0d;  // 1 B/texel, L
  localparam logic [7:0] FMT_LA8_UNORM      = 8'h0e;  // 2 B/texel, LA
  localparam logic [7:0] FMT_I8_UNORM       = 8'h0f;  // 1 B/texel, I
  localparam logic [7:0] FMT_R16_UNORM      = 8'h10;  // 2 B/texel, R
  localparam logic [7:0] FMT_RG16_UNORM     = 8'h11;  // 4 B/texel, RG
  localparam logic [7:0] FMT_RGBA16_UNORM   = 8'h12;  // 8 B/texel, RGBA
  localparam logic [7:0] FMT_R8_UINT        = 8'h20;  // 1 B/texel, R
  localparam logic [7:0] FMT_RG8_UINT       = 8'h21;  // 2 B/texel, RG
  localparam logic [7:0] FMT_RGBA8_UINT     = 8'h22;  // 4 B/texel, RGBA
  localparam logic [7:0] FMT_R8_SINT        = 8'h23;  // 1 B/texel, R
  localparam logic [7:0] FMT_RG8_SINT       = 8'h24;  // 2 B/texel, RG
  localparam logic [7:0] FMT_RGBA8_SINT     = 8'h25;  // 4 B/texel, RGBA
  localparam logic [7:0] FMT_R16_UINT       = 8'h26;  // 2 B/texel, R
  localparam logic [7:0] FMT_RG16_UINT      = 8'h27;  // 4 B/texel, RG
  localparam logic [7:0] FMT_RGBA16_UINT    = 8'h28;  // 8 B/texel, RGBA
  localparam logic [7:0] FMT_R16_SINT       = 8'h29;  // 2 B/texel, R
  localparam logic [7:0] FMT_RG16_SINT      = 8'h2a;  // 4 B/texel, RG
  localparam logic [7:0] FMT_RGBA16_SINT    = 8'h2b;  // 8 B/texel, RGBA
  localparam logic [7:0] FMT_R32_UINT       = 8'h2c;  // 4 B/texel, R
  localparam logic [7:0] FMT_RG32_UINT      = 8'h2d;  // 8 B/texel, RG
  localparam logic [7:0] FMT_RGBA32_UINT    = 8'h2e;  // 16 B/texel, RGBA
  localparam logic [7:0] FMT_R32_SINT       = 8'h2f;  // 4 B/texel, R
  localparam logic [7:0] FMT_RG32_SINT      = 8'h30;  // 8 B/texel, RG
  localparam logic [7:0] FMT_RGBA32_SINT    = 8'h31;  // 16 B/texel, RGBA
  localparam logic [7:0] FMT_R16_FLOAT      = 8'h40;  // 2 B/texel, R
  localparam logic [7:0] FMT_RG16_FLOAT     = 8'h41;  // 4 B/texel, RG
  localparam logic [7:0] FMT_RGBA16_FLOAT   = 8'h42;  // 8 B/texel, RGBA
  localparam logic [7:0] FMT_R32_FLOAT      = 8'h43;  // 4 B/texel, R
  localparam logic [7:0] FMT_RG32_FLOAT     = 8'h44;  // 8 B/texel, RG
  localparam logic [7:0] FMT_RGBA32_FLOAT   = 8'h45;  // 16 B/texel, RGBA
  localparam logic [7:0] FMT_Z16_UNORM      = 8'h50;  // 2 B/texel, Z
  localparam logic [7:0] FMT_X8Z24_UNORM    = 8'h51;  // 4 B/texel, Z
  localparam logic [7:0] FMT_Z24S8_UNORM    = 8'h52;  // 4 B/texel, Z
  localparam logic [7:0] FMT_Z32_FLOAT      = 8'h53;  // 4 B/texel, Z
  localparam logic [7:0] FMT_S8_UINT        = 8'h54;  // 1 B/texel, S

  // ---- swizzle source (header word 0 bits 20:18, 23:21, 26:24, 29:27; texcore::SwizzleSource) ----
  localparam logic [2:0] SWZ_R    = 3'd0;
  localparam logic [2:0] SWZ_G    = 3'd1;
  localparam logic [2:0] SWZ_B    = 3'd2;
  localparam logic [2:0] SWZ_A    = 3'd3;
  localparam logic [2:0] SWZ_ZERO = 3'd4;
  localparam logic [2:0] SWZ_ONE  = 3'd5;

  // ---- wrap mode (sampler word 0; texcore::WrapMode) ----
  localparam logic [2:0] WRAP_REPEAT               = 3'd0;
  localparam logic [2:0] WRAP_MIRRORED_REPEAT      = 3'd1;
  localparam logic [2:0] WRAP_CLAMP_TO_EDGE        = 3'd2;
  localparam logic [2:0] WRAP_CLAMP_TO_BORDER      = 3'd3;
  localparam logic [2:0] WRAP_MIRROR_CLAMP_TO_EDGE = 3'd4;

  // ---- mip filter (sampler word 0 bits 12:11; texcore::descriptor::MipFilter) ----
  localparam logic [1:0] MIP_NONE    = 2'd0;
  localparam logic [1:0] MIP_NEAREST = 2'd1;
  localparam logic [1:0] MIP_LINEAR  = 2'd2;

  // ---- depth compare function (sampler word 0 bits 19:17; texcore::CompareFunc) ----
  localparam logic [2:0] CMP_NEVER         = 3'd0;
  localparam logic [2:0] CMP_LESS          = 3'd1;
  localparam logic [2:0] CMP_EQUAL         = 3'd2;
  localparam logic [2:0] CMP_LESS_EQUAL    = 3'd3;
  localparam logic [2:0] CMP_GREATER       = 3'd4;
  localparam logic [2:0] CMP_NOT_EQUAL     = 3'd5;
  localparam logic [2:0] CMP_GREATER_EQUAL = 3'd6;
  localparam logic [2:0] CMP_ALWAYS        = 3'd7;

  // ---- NVIDIA TXQ #query immediate (texcore::query::nv::TxqQuery) ----
  localparam logic [2:0] TXQ_TEX_HEADER_DIMENSION    = 3'd1;
  localparam logic [2:0] TXQ_TEX_HEADER_TEXTURE_TYPE = 3'd2;
  localparam logic [2:0] TXQ_TEX_HEADER_SAMPLER_POS  = 3'd5;

  // ---- TGSI query opcode of the tgsi_query unit (texcore-local numbering) ----
  localparam logic [1:0] TGSI_OP_SVIEWINFO   = 2'd0;
  localparam logic [1:0] TGSI_OP_TXQ         = 2'd1;
  localparam logic [1:0] TGSI_OP_SAMPLE_INFO = 2'd2;
  localparam logic [1:0] TGSI_OP_SAMPLE_POS  = 2'd3;

  // ---- Intel INFO Op bits 4:0 (texcore::query::intel::InfoOp) ----
  localparam logic [4:0] INFO_OP_RESINFO    = 5'h0a;
  localparam logic [4:0] INFO_OP_SAMPLEINFO = 5'h0b;

  // ---- Intel INFO error code (err output; texcore::query::intel::InfoError) ----
  localparam logic [1:0] INFO_ERR_NONE           = 2'd0;  // executed
  localparam logic [1:0] INFO_ERR_OP             = 2'd1;  // Op bits 4:0 are neither resinfo nor sampleinfo: nothing written
  localparam logic [1:0] INFO_ERR_EXEC_SIZE      = 2'd2;  // Exec_size bits 3:0 are not 0b0011 / 0b0100: nothing written
  localparam logic [1:0] INFO_ERR_MASK_ALIGNMENT = 2'd3;  // mask offset not aligned to the execution size: nothing written

  // ---- gather_cmp: texel component domain (dom input; texcore::texel::Domain) ----
  localparam logic [2:0] DOM_UNORM = 3'd0;  // unsigned normalized, nbits = n (1..24): v / (2^n - 1)
  localparam logic [2:0] DOM_SNORM = 3'd1;  // signed normalized, nbits = n (2..24): v / (2^(n-1) - 1)
  localparam logic [2:0] DOM_F16   = 3'd2;  // binary16 bit pattern (bits 15:0)
  localparam logic [2:0] DOM_F32   = 3'd3;  // binary32 bit pattern
  localparam logic [2:0] DOM_UINT  = 3'd4;  // unsigned integer (compare: err)
  localparam logic [2:0] DOM_SINT  = 3'd5;  // signed integer, two's complement (compare: err)

  // ---- op-level units: err output (texcore_vectors::op_unit::ERR_NAMES) ----
  localparam logic [3:0] OP_ERR_NONE           = 4'd0;  // executed
  localparam logic [3:0] OP_ERR_TEXTURE_TYPE   = 4'd1;  // the view type cannot be used by this op (buffer / multisample sampled, GATHER4 on 1D/3D)
  localparam logic [3:0] OP_ERR_OFFSET_RANGE_U = 4'd2;  // offset component u outside the op's range (sample/fetch -8..7, GATHER4 -32..31)
  localparam logic [3:0] OP_ERR_OFFSET_RANGE_V = 4'd3;  // offset component v outside the op's range
  localparam logic [3:0] OP_ERR_OFFSET_RANGE_W = 4'd4;  // offset component w outside the op's range
  localparam logic [3:0] OP_ERR_COMPARE        = 4'd5;  // depth compare on an integer format
  localparam logic [3:0] OP_ERR_OFFSET_ON_CUBE = 4'd6;  // offsets on a cube map (gather)
  localparam logic [3:0] OP_ERR_COMPARE_ON_3D  = 4'd7;  // TLD4S .DC on a 3D texture
  localparam logic [3:0] OP_ERR_COMPONENT      = 4'd8;  // gather component above 3
  localparam logic [3:0] OP_ERR_CUBE           = 4'd9;  // fetch from a cube or cube-array view
  localparam logic [3:0] OP_ERR_COORD_DESC     = 4'd10;  // TMML #paramA 6 (reserved) or above 7: not modelled by the core, zeros (not in the vectors)
  localparam logic [3:0] OP_ERR_ENCODE         = 4'd11;  // STORE to a format texel::encode rejects (depth/stencil, sRGB): nothing written
  localparam logic [3:0] OP_ERR_ATOMIC_FORMAT  = 4'd12;  // atomic on a format other than R32/RG32/RGBA32 UINT/SINT: nothing written
  localparam logic [3:0] OP_ERR_STORE_OP       = 4'd13;  // store op code above 10: not an op (not in the vectors), nothing written

  // ---- sample / sample_c / lod: lod_mode input ----
  localparam logic [1:0] LOD_MODE_DERIV    = 2'd0;  // LOD from derivatives (implicit from the quad, or `grads`) + `lod` as shader bias (TEX/TXB/TXD)
  localparam logic [1:0] LOD_MODE_EXPLICIT = 2'd1;  // LOD = `lod` (TXL, SAMPLE_L)
  localparam logic [1:0] LOD_MODE_ZERO     = 2'd2;  // lambda_base = 0 (SAMPLE_C_LZ); sampler bias and clamps still apply

  // ---- fetch: op input ----
  localparam logic [1:0] FETCH_OP_TXF         = 2'd0;  // TXF: signed x, y, z, level; offsets added to the spatial axes
  localparam logic [1:0] FETCH_OP_SAMPLE_I    = 2'd1;  // SAMPLE_I: unsigned x, y, z, level (multisample: sample 0); offsets ignored
  localparam logic [1:0] FETCH_OP_SAMPLE_I_MS = 2'd2;  // SAMPLE_I_MS: as SAMPLE_I, reading sample `sample`
  localparam logic [1:0] FETCH_OP_LOAD        = 2'd3;  // TGSI LOAD RES[n]: unsigned x, y, z at the first level, no swizzle; level, sample, offsets ignored

  // ---- gather (TLD4S): f16 input ----
  localparam logic [1:0] F16_OFF = 2'd0;  // binary32 results
  localparam logic [1:0] F16_RNE = 2'd1;  // .F16, FP16_ROUNDING_MODE round to nearest even
  localparam logic [1:0] F16_RTZ = 2'd2;  // .F16, round toward zero

  // ---- sample / sample_c: tgsi input (TGSI TXB / TXP forms) ----
  localparam logic [1:0] TGSI_OFF = 2'd0;  // SampleRequest form: canonical coordinates, lod_mode / lod / grads as documented
  localparam logic [1:0] TGSI_TXB = 2'd1;  // TGSI TXB (tex_family_offset): c{l}_* = lane l's src0 register, per-lane bias in src0.w, or src1_{l} when w is taken (cube array; shadow 2D array / cube); lod_mode, lod, grads ignored
  localparam logic [1:0] TGSI_TXP = 2'd2;  // TGSI TXP: src0 = c{l}_*; x, y, z divided by q = src0.w (binary32 RNE) before the TEX mapping; array views rejected (TEXTURE_TYPE); lod_mode, lod, grads ignored

  // ---- store: op input (STORE, then texcore::op::resource::AtomicOp::ALL) ----
  localparam logic [3:0] STORE_OP_STORE = 4'd0;  // STORE: src encoded with texel::encode
  localparam logic [3:0] STORE_OP_UADD  = 4'd1;  // ATOMUADD: old + src mod 2^32
  localparam logic [3:0] STORE_OP_XCHG  = 4'd2;  // ATOMXCHG: src
  localparam logic [3:0] STORE_OP_CAS   = 4'd3;  // ATOMCAS: old == cmp ? src : old
  localparam logic [3:0] STORE_OP_AND   = 4'd4;  // ATOMAND
  localparam logic [3:0] STORE_OP_OR    = 4'd5;  // ATOMOR
  localparam logic [3:0] STORE_OP_XOR   = 4'd6;  // ATOMXOR
  localparam logic [3:0] STORE_OP_UMIN  = 4'd7;  // ATOMUMIN (unsigned)
  localparam logic [3:0] STORE_OP_UMAX  = 4'd8;  // ATOMUMAX (unsigned)
  localparam logic [3:0] STORE_OP_IMIN  = 4'd9;  // ATOMIMIN (signed)
  localparam logic [3:0] STORE_OP_IMAX  = 4'd10;  // ATOMIMAX (signed)

  // ---- query-unit status (status output; texcore::handle::Invalid in resolve order) ----
  localparam logic [3:0] STATUS_VALID                 = 4'd0;  // the texture is valid
  localparam logic [3:0] STATUS_CONST_BANK_INDEX      = 4'd1;  // #tsPtrIdxU13 is past the constant bank
  localparam logic [3:0] STATUS_HEADER_ABOVE_MAXIMUM  = 4'd2;  // headerPtr > texture-header pool MaximumIndex
  localparam logic [3:0] STATUS_HEADER_OUTSIDE_POOL   = 4'd3;  // headerPtr within MaximumIndex but past the pool image
  localparam logic [3:0] STATUS_HEADER_DECODE         = 4'd4;  // the texture-header words do not decode
  localparam logic [3:0] STATUS_SAMPLER_ABOVE_MAXIMUM = 4'd5;  // samplerPtr > sampler pool MaximumIndex
  localparam logic [3:0] STATUS_SAMPLER_OUTSIDE_POOL  = 4'd6;  // samplerPtr within MaximumIndex but past the pool image
  localparam logic [3:0] STATUS_SAMPLER_DECODE        = 4'd7;  // the sampler-header words do not decode
  localparam logic [3:0] STATUS_UNBOUND               = 4'd8;  // view / surface index past the pool image (TGSI, Intel)

  // ---- tables: entry i at bits [i*ENTRY_W +: ENTRY_W] -------------------------------
  // bit c: format code c is assigned (256 entries x 1 bits)
  localparam int FMT_VALID_ENTRY_W = 1;
  localparam logic [255:0] FMT_VALID =
      256'h0000000000000000000000000000000000000000001f003f0003ffff0007fffe;
  // bit c: the sRGB bit may be set with format c (256 entries x 1 bits)
  localparam int FMT_SRGB_CAPABLE_ENTRY_W = 1;
  localparam logic [255:0] FMT_SRGB_CAPABLE =
      256'h0000000000000000000000000000000000000000000000000000000000000018;
  // entry c: log2(bytes per texel) of format c (0 for unassigned codes) (256 entries x 3 bits)
  localparam int FMT_BPT_LOG2_ENTRY_W = 3;
  localparam logic [767:0] FMT_BPT_LOG2 =
      768'h0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000004910000000234d100000000002351a68b4510880000000000d104024a442440;
  // standard sample positions {x, y} in 1/16 pixel from the top-left corner; n samples start at entry n-1 (31 entries x 8 bits)
  localparam int SAMPLE_POS_TABLE_ENTRY_W = 8;
  localparam logic [247:0] SAMPLE_POS_TABLE =
      248'h10eff4082c42816eb3dbad36c75a7599f1bf173d53d97b95ae2ae66244cc88;

  // =====================================================================================
  // unit nv_txq: NVIDIA TXQ: handle resolution, pools with MaximumIndex, 3 queries, write mask
  // vector file nv_txq.vec, images: cbank.hex, hdr_pool.hex, smp_pool.hex
  // A line read with %h is a NV_TXQ_LINE_W-bit word; inputs = line[NV_TXQ_LINE_W-1:NV_TXQ_OUT_W],
  // outputs = line[NV_TXQ_OUT_W-1:0]; each field's _LSB is its position in its own word.
  localparam int NV_TXQ_IN_W = 136;
  localparam int NV_TXQ_OUT_W = 136;
  localparam int NV_TXQ_LINE_W = 272;
  localparam int NV_TXQ_LINE_CHARS = 83;  // bytes per line incl. newline
  localparam int NV_TXQ_N_FIELDS = 15;
  // in  bindless: 1 = bindless .B (handle from the `handle` register), 0 = handle from the constant bank at `ts_idx`
  localparam int NV_TXQ_BINDLESS_LSB = 132;
  localparam int NV_TXQ_BINDLESS_W = 1;
  // in  ts_idx: #tsPtrIdxU13 (legacy form {smpU05, tidU08}); word index into cbank.hex; ignored when bindless
  localparam int NV_TXQ_TS_IDX_LSB = 116;
  localparam int NV_TXQ_TS_IDX_W = 13;
  // in  handle: bindless handle register: samplerPtr[31:20] | headerPtr[19:0]; ignored unless bindless
  localparam int NV_TXQ_HANDLE_LSB = 84;
  localparam int NV_TXQ_HANDLE_W = 32;
  // in  via_hdr: SetSamplerBinding: 1 = ViaHeaderBinding (headerPtr also selects the sampler), 0 = Independent
  localparam int NV_TXQ_VIA_HDR_LSB = 80;
  localparam int NV_TXQ_VIA_HDR_W = 1;
  // in  hdr_max: SetTexHeaderPoolC.MaximumIndex (largest valid headerPtr)
  localparam int NV_TXQ_HDR_MAX_LSB = 60;
  localparam int NV_TXQ_HDR_MAX_W = 20;
  // in  smp_max: SetSamplerHeaderPoolC.MaximumIndex (largest valid samplerPtr)
  localparam int NV_TXQ_SMP_MAX_LSB = 40;
  localparam int NV_TXQ_SMP_MAX_W = 20;
  // in  query: #query: TXQ_TEX_HEADER_DIMENSION, _TEXTURE_TYPE, _SAMPLER_POS
  localparam int NV_TXQ_QUERY_LSB = 36;
  localparam int NV_TXQ_QUERY_W = 3;
  // in  param: parameter register: LOD (DIMENSION) or sample index (SAMPLER_POS); ignored by TEXTURE_TYPE
  localparam int NV_TXQ_PARAM_LSB = 4;
  localparam int NV_TXQ_PARAM_W = 32;
  // in  wmask: #wmskU04: bit c enables component c (R, G, B, A)
  localparam int NV_TXQ_WMASK_LSB = 0;
  localparam int NV_TXQ_WMASK_W = 4;
  // out status: STATUS_* code: the first failing check of the full resolve (0 = valid); diagnostic. The query is valid (rd* = its results) for VALID, SAMPLER_OUTSIDE_POOL and SAMPLER_DECODE, zeros otherwise
  localparam int NV_TXQ_STATUS_LSB = 132;
  localparam int NV_TXQ_STATUS_W = 4;
  // out wen: registers written: bit k = Rd+k (the low popcount(wmask) bits)
  localparam int NV_TXQ_WEN_LSB = 128;
  localparam int NV_TXQ_WEN_W = 4;
  // out rd0: Rd+0: the first enabled component of (R, G, B, A); 0 if not written
  localparam int NV_TXQ_RD0_LSB = 96;
  localparam int NV_TXQ_RD0_W = 32;
  // out rd1: Rd+1: the second enabled component of (R, G, B, A); 0 if not written
  localparam int NV_TXQ_RD1_LSB = 64;
  localparam int NV_TXQ_RD1_W = 32;
  // out rd2: Rd+2: the third enabled component of (R, G, B, A); 0 if not written
  localparam int NV_TXQ_RD2_LSB = 32;
  localparam int NV_TXQ_RD2_W = 32;
  // out rd3: Rd+3: the fourth enabled component of (R, G, B, A); 0 if not written
  localparam int NV_TXQ_RD3_LSB = 0;
  localparam int NV_TXQ_RD3_W = 32;

  // =====================================================================================
  // unit tgsi_query: TGSI SVIEWINFO / TXQ / SAMPLE_INFO / SAMPLE_POS
  // vector file tgsi_query.vec, images: hdr_pool.hex
  // A line read with %h is a TGSI_QUERY_LINE_W-bit word; inputs = line[TGSI_QUERY_LINE_W-1:TGSI_QUERY_OUT_W],
  // outputs = line[TGSI_QUERY_OUT_W-1:0]; each field's _LSB is its position in its own word.
  localparam int TGSI_QUERY_IN_W = 56;
  localparam int TGSI_QUERY_OUT_W = 132;
  localparam int TGSI_QUERY_LINE_W = 188;
  localparam int TGSI_QUERY_LINE_CHARS = 56;  // bytes per line incl. newline
  localparam int TGSI_QUERY_N_FIELDS = 9;
  // in  op: TGSI_OP_*: SVIEWINFO, TXQ, SAMPLE_INFO, SAMPLE_POS
  localparam int TGSI_QUERY_OP_LSB = 52;
  localparam int TGSI_QUERY_OP_W = 2;
  // in  fp32: 1 = float-returning form: SVIEWINFO/TXQ/SAMPLE_INFO results as fp32 (RNE); SAMPLE_POS is always fp32
  localparam int TGSI_QUERY_FP32_LSB = 48;
  localparam int TGSI_QUERY_FP32_W = 1;
  // in  view: SVIEW[n]: header n of hdr_pool.hex; n >= HDR_POOL_ENTRIES is unbound
  localparam int TGSI_QUERY_VIEW_LSB = 32;
  localparam int TGSI_QUERY_VIEW_W = 16;
  // in  param: src: mip level (SVIEWINFO, TXQ) or sample index (SAMPLE_POS), read as unsigned; ignored by SAMPLE_INFO
  localparam int TGSI_QUERY_PARAM_LSB = 0;
  localparam int TGSI_QUERY_PARAM_W = 32;
  // out status: STATUS_*: VALID, HEADER_DECODE or UNBOUND; diagnostic
  localparam int TGSI_QUERY_STATUS_LSB = 128;
  localparam int TGSI_QUERY_STATUS_W = 4;
  // out x: dst.x
  localparam int TGSI_QUERY_X_LSB = 96;
  localparam int TGSI_QUERY_X_W = 32;
  // out y: dst.y
  localparam int TGSI_QUERY_Y_LSB = 64;
  localparam int TGSI_QUERY_Y_W = 32;
  // out z: dst.z
  localparam int TGSI_QUERY_Z_LSB = 32;
  localparam int TGSI_QUERY_Z_W = 32;
  // out w: dst.w
  localparam int TGSI_QUERY_W_LSB = 0;
  localparam int TGSI_QUERY_W_W = 32;

  // =====================================================================================
  // unit intel_info: Intel vISA INFO resinfo / sampleinfo, SIMD8/16, masks M1-M8 and NM
  // vector file intel_info.vec, images: hdr_pool.hex
  // A line read with %h is a INTEL_INFO_LINE_W-bit word; inputs = line[INTEL_INFO_LINE_W-1:INTEL_INFO_OUT_W],
  // outputs = line[INTEL_INFO_OUT_W-1:0]; each field's _LSB is its position in its own word.
  localparam int INTEL_INFO_IN_W = 576;
  localparam int INTEL_INFO_OUT_W = 2120;
  localparam int INTEL_INFO_LINE_W = 2696;
  localparam int INTEL_INFO_LINE_CHARS = 761;  // bytes per line incl. newline
  localparam int INTEL_INFO_N_FIELDS = 87;
  // in  op: Op byte: bits 4:0 = INFO_OP_RESINFO / INFO_OP_SAMPLEINFO (others: INFO_ERR_OP); bits 7:5 ignored
  localparam int INTEL_INFO_OP_LSB = 568;
  localparam int INTEL_INFO_OP_W = 8;
  // in  exec: Exec_size byte: bits 2:0 0b011 = 8 / 0b100 = 16 lanes, bit 3 must be 0, bits 6:4 mask Mk-1, bit 7 NoMask
  localparam int INTEL_INFO_EXEC_LSB = 560;
  localparam int INTEL_INFO_EXEC_W = 8;
  // in  emask: dispatch execution mask: lane i enabled if bit 4*(k-1)+i is set (or NoMask)
  localparam int INTEL_INFO_EMASK_LSB = 528;
  localparam int INTEL_INFO_EMASK_W = 32;
  // in  surf: surface: header n of hdr_pool.hex; n >= HDR_POOL_ENTRIES is unbound
  localparam int INTEL_INFO_SURF_LSB = 512;
  localparam int INTEL_INFO_SURF_W = 16;
  // in  lod00: LOD operand of lane 0 (resinfo only)
  localparam int INTEL_INFO_LOD00_LSB = 480;
  localparam int INTEL_INFO_LOD00_W = 32;
  // in  lod01: LOD operand of lane 1 (resinfo only)
  localparam int INTEL_INFO_LOD01_LSB = 448;
  localparam int INTEL_INFO_LOD01_W = 32;
  // in  lod02: LOD operand of lane 2 (resinfo only)
  localparam int INTEL_INFO_LOD02_LSB = 416;
  localparam int INTEL_INFO_LOD02_W = 32;
  // in  lod03: LOD operand of lane 3 (resinfo only)
  localparam int INTEL_INFO_LOD03_LSB = 384;
  localparam int INTEL_INFO_LOD03_W = 32;
  // in  lod04: LOD operand of lane 4 (resinfo only)
  localparam int INTEL_INFO_LOD04_LSB = 352;
  localparam int INTEL_INFO_LOD04_W = 32;
  // in  lod05: LOD operand of lane 5 (resinfo only)
  localparam int INTEL_INFO_LOD05_LSB = 320;
  localparam int INTEL_INFO_LOD05_W = 32;
  // in  lod06: LOD operand of lane 6 (resinfo only)
  localparam int INTEL_INFO_LOD06_LSB = 288;
  localparam int INTEL_INFO_LOD06_W = 32;
  // in  lod07: LOD operand of lane 7 (resinfo only)
  localparam int INTEL_INFO_LOD07_LSB = 256;
  localparam int INTEL_INFO_LOD07_W = 32;
  // in  lod08: LOD operand of lane 8 (resinfo only)
  localparam int INTEL_INFO_LOD08_LSB = 224;
  localparam int INTEL_INFO_LOD08_W = 32;
  // in  lod09: LOD operand of lane 9 (resinfo only)
  localparam int INTEL_INFO_LOD09_LSB = 192;
  localparam int INTEL_INFO_LOD09_W = 32;
  // in  lod10: LOD operand of lane 10 (resinfo only)
  localparam int INTEL_INFO_LOD10_LSB = 160;
  localparam int INTEL_INFO_LOD10_W = 32;
  // in  lod11: LOD operand of lane 11 (resinfo only)
  localparam int INTEL_INFO_LOD11_LSB = 128;
  localparam int INTEL_INFO_LOD11_W = 32;
  // in  lod12: LOD operand of lane 12 (resinfo only)
  localparam int INTEL_INFO_LOD12_LSB = 96;
  localparam int INTEL_INFO_LOD12_W = 32;
  // in  lod13: LOD operand of lane 13 (resinfo only)
  localparam int INTEL_INFO_LOD13_LSB = 64;
  localparam int INTEL_INFO_LOD13_W = 32;
  // in  lod14: LOD operand of lane 14 (resinfo only)
  localparam int INTEL_INFO_LOD14_LSB = 32;
  localparam int INTEL_INFO_LOD14_W = 32;
  // in  lod15: LOD operand of lane 15 (resinfo only)
  localparam int INTEL_INFO_LOD15_LSB = 0;
  localparam int INTEL_INFO_LOD15_W = 32;
  // out err: INFO_ERR_*: 0 executed, else why nothing was written
  localparam int INTEL_INFO_ERR_LSB = 2116;
  localparam int INTEL_INFO_ERR_W = 2;
  // out status: STATUS_* of the surface: VALID, HEADER_DECODE or UNBOUND; diagnostic
  localparam int INTEL_INFO_STATUS_LSB = 2112;
  localparam int INTEL_INFO_STATUS_W = 4;
  // out we: write enable of dst[e], bit e (e = c*N + lane for N lanes, c = 0 R, 1 G, 2 B, 3 A)
  localparam int INTEL_INFO_WE_LSB = 2048;
  localparam int INTEL_INFO_WE_W = 64;
  // out d00: dst[0] (0 when not written)
  localparam int INTEL_INFO_D00_LSB = 2016;
  localparam int INTEL_INFO_D00_W = 32;
  // out d01: dst[1] (0 when not written)
  localparam int INTEL_INFO_D01_LSB = 1984;
  localparam int INTEL_INFO_D01_W = 32;
  // out d02: dst[2] (0 when not written)
  localparam int INTEL_INFO_D02_LSB = 1952;
  localparam int INTEL_INFO_D02_W = 32;
  // out d03: dst[3] (0 when not written)
  localparam int INTEL_INFO_D03_LSB = 1920;
  localparam int INTEL_INFO_D03_W = 32;
  // out d04: dst[4] (0 when not written)
  localparam int INTEL_INFO_D04_LSB = 1888;
  localparam int INTEL_INFO_D04_W = 32;
  // out d05: dst[5] (0 when not written)
  localparam int INTEL_INFO_D05_LSB = 1856;
  localparam int INTEL_INFO_D05_W = 32;
  // out d06: dst[6] (0 when not written)
  localparam int INTEL_INFO_D06_LSB = 1824;
  localparam int INTEL_INFO_D06_W = 32;
  // out d07: dst[7] (0 when not written)
  localparam int INTEL_INFO_D07_LSB = 1792;
  localparam int INTEL_INFO_D07_W = 32;
  // out d08: dst[8] (0 when not written)
  localparam int INTEL_INFO_D08_LSB = 1760;
  localparam int INTEL_INFO_D08_W = 32;
  // out d09: dst[9] (0 when not written)
  localparam int INTEL_INFO_D09_LSB = 1728;
  localparam int INTEL_INFO_D09_W = 32;
  // out d10: dst[10] (0 when not written)
  localparam int INTEL_INFO_D10_LSB = 1696;
  localparam int INTEL_INFO_D10_W = 32;
  // out d11: dst[11] (0 when not written)
  localparam int INTEL_INFO_D11_LSB = 1664;
  localparam int INTEL_INFO_D11_W = 32;
  // out d12: dst[12] (0 when not written)
  localparam int INTEL_INFO_D12_LSB = 1632;
  localparam int INTEL_INFO_D12_W = 32;
  // out d13: dst[13] (0 when not written)
  localparam int INTEL_INFO_D13_LSB = 1600;
  localparam int INTEL_INFO_D13_W = 32;
  // out d14: dst[14] (0 when not written)
  localparam int INTEL_INFO_D14_LSB = 1568;
  localparam int INTEL_INFO_D14_W = 32;
  // out d15: dst[15] (0 when not written)
  localparam int INTEL_INFO_D15_LSB = 1536;
  localparam int INTEL_INFO_D15_W = 32;
  // out d16: dst[16] (0 when not written)
  localparam int INTEL_INFO_D16_LSB = 1504;
  localparam int INTEL_INFO_D16_W = 32;
  // out d17: dst[17] (0 when not written)
  localparam int INTEL_INFO_D17_LSB = 1472;
  localparam int INTEL_INFO_D17_W = 32;
  // out d18: dst[18] (0 when not written)
  localparam int INTEL_INFO_D18_LSB = 1440;
  localparam int INTEL_INFO_D18_W = 32;
  // out d19: dst[19] (0 when not written)
  localparam int INTEL_INFO_D19_LSB = 1408;
  localparam int INTEL_INFO_D19_W = 32;
  // out d20: dst[20] (0 when not written)
  localparam int INTEL_INFO_D20_LSB = 1376;
  localparam int INTEL_INFO_D20_W = 32;
  // out d21: dst[21] (0 when not written)
  localparam int INTEL_INFO_D21_LSB = 1344;
  localparam int INTEL_INFO_D21_W = 32;
  // out d22: dst[22] (0 when not written)
  localparam int INTEL_INFO_D22_LSB = 1312;
  localparam int INTEL_INFO_D22_W = 32;
  // out d23: dst[23] (0 when not written)
  localparam int INTEL_INFO_D23_LSB = 1280;
  localparam int INTEL_INFO_D23_W = 32;
  // out d24: dst[24] (0 when not written)
  localparam int INTEL_INFO_D24_LSB = 1248;
  localparam int INTEL_INFO_D24_W = 32;
  // out d25: dst[25] (0 when not written)
  localparam int INTEL_INFO_D25_LSB = 1216;
  localparam int INTEL_INFO_D25_W = 32;
  // out d26: dst[26] (0 when not written)
  localparam int INTEL_INFO_D26_LSB = 1184;
  localparam int INTEL_INFO_D26_W = 32;
  // out d27: dst[27] (0 when not written)
  localparam int INTEL_INFO_D27_LSB = 1152;
  localparam int INTEL_INFO_D27_W = 32;
  // out d28: dst[28] (0 when not written)
  localparam int INTEL_INFO_D28_LSB = 1120;
  localparam int INTEL_INFO_D28_W = 32;
  // out d29: dst[29] (0 when not written)
  localparam int INTEL_INFO_D29_LSB = 1088;
  localparam int INTEL_INFO_D29_W = 32;
  // out d30: dst[30] (0 when not written)
  localparam int INTEL_INFO_D30_LSB = 1056;
  localparam int INTEL_INFO_D30_W = 32;
  // out d31: dst[31] (0 when not written)
  localparam int INTEL_INFO_D31_LSB = 1024;
  localparam int INTEL_INFO_D31_W = 32;
  // out d32: dst[32] (0 when not written)
  localparam int INTEL_INFO_D32_LSB = 992;
  localparam int INTEL_INFO_D32_W = 32;
  // out d33: dst[33] (0 when not written)
  localparam int INTEL_INFO_D33_LSB = 960;
  localparam int INTEL_INFO_D33_W = 32;
  // out d34: dst[34] (0 when not written)
  localparam int INTEL_INFO_D34_LSB = 928;
  localparam int INTEL_INFO_D34_W = 32;
  // out d35: dst[35] (0 when not written)
  localparam int INTEL_INFO_D35_LSB = 896;
  localparam int INTEL_INFO_D35_W = 32;
  // out d36: dst[36] (0 when not written)
  localparam int INTEL_INFO_D36_LSB = 864;
  localparam int INTEL_INFO_D36_W = 32;
  // out d37: dst[37] (0 when not written)
  localparam int INTEL_INFO_D37_LSB = 832;
  localparam int INTEL_INFO_D37_W = 32;
  // out d38: dst[38] (0 when not written)
  localparam int INTEL_INFO_D38_LSB = 800;
  localparam int INTEL_INFO_D38_W = 32;
  // out d39: dst[39] (0 when not written)
  localparam int INTEL_INFO_D39_LSB = 768;
  localparam int INTEL_INFO_D39_W = 32;
  // out d40: dst[40] (0 when not written)
  localparam int INTEL_INFO_D40_LSB = 736;
  localparam int INTEL_INFO_D40_W = 32;
  // out d41: dst[41] (0 when not written)
  localparam int INTEL_INFO_D41_LSB = 704;
  localparam int INTEL_INFO_D41_W = 32;
  // out d42: dst[42] (0 when not written)
  localparam int INTEL_INFO_D42_LSB = 672;
  localparam int INTEL_INFO_D42_W = 32;
  // out d43: dst[43] (0 when not written)
  localparam int INTEL_INFO_D43_LSB = 640;
  localparam int INTEL_INFO_D43_W = 32;
  // out d44: dst[44] (0 when not written)
  localparam int INTEL_INFO_D44_LSB = 608;
  localparam int INTEL_INFO_D44_W = 32;
  // out d45: dst[45] (0 when not written)
  localparam int INTEL_INFO_D45_LSB = 576;
  localparam int INTEL_INFO_D45_W = 32;
  // out d46: dst[46] (0 when not written)
  localparam int INTEL_INFO_D46_LSB = 544;
  localparam int INTEL_INFO_D46_W = 32;
  // out d47: dst[47] (0 when not written)
  localparam int INTEL_INFO_D47_LSB = 512;
  localparam int INTEL_INFO_D47_W = 32;
  // out d48: dst[48] (0 when not written)
  localparam int INTEL_INFO_D48_LSB = 480;
  localparam int INTEL_INFO_D48_W = 32;
  // out d49: dst[49] (0 when not written)
  localparam int INTEL_INFO_D49_LSB = 448;
  localparam int INTEL_INFO_D49_W = 32;
  // out d50: dst[50] (0 when not written)
  localparam int INTEL_INFO_D50_LSB = 416;
  localparam int INTEL_INFO_D50_W = 32;
  // out d51: dst[51] (0 when not written)
  localparam int INTEL_INFO_D51_LSB = 384;
  localparam int INTEL_INFO_D51_W = 32;
  // out d52: dst[52] (0 when not written)
  localparam int INTEL_INFO_D52_LSB = 352;
  localparam int INTEL_INFO_D52_W = 32;
  // out d53: dst[53] (0 when not written)
  localparam int INTEL_INFO_D53_LSB = 320;
  localparam int INTEL_INFO_D53_W = 32;
  // out d54: dst[54] (0 when not written)
  localparam int INTEL_INFO_D54_LSB = 288;
  localparam int INTEL_INFO_D54_W = 32;
  // out d55: dst[55] (0 when not written)
  localparam int INTEL_INFO_D55_LSB = 256;
  localparam int INTEL_INFO_D55_W = 32;
  // out d56: dst[56] (0 when not written)
  localparam int INTEL_INFO_D56_LSB = 224;
  localparam int INTEL_INFO_D56_W = 32;
  // out d57: dst[57] (0 when not written)
  localparam int INTEL_INFO_D57_LSB = 192;
  localparam int INTEL_INFO_D57_W = 32;
  // out d58: dst[58] (0 when not written)
  localparam int INTEL_INFO_D58_LSB = 160;
  localparam int INTEL_INFO_D58_W = 32;
  // out d59: dst[59] (0 when not written)
  localparam int INTEL_INFO_D59_LSB = 128;
  localparam int INTEL_INFO_D59_W = 32;
  // out d60: dst[60] (0 when not written)
  localparam int INTEL_INFO_D60_LSB = 96;
  localparam int INTEL_INFO_D60_W = 32;
  // out d61: dst[61] (0 when not written)
  localparam int INTEL_INFO_D61_LSB = 64;
  localparam int INTEL_INFO_D61_W = 32;
  // out d62: dst[62] (0 when not written)
  localparam int INTEL_INFO_D62_LSB = 32;
  localparam int INTEL_INFO_D62_W = 32;
  // out d63: dst[63] (0 when not written)
  localparam int INTEL_INFO_D63_LSB = 0;
  localparam int INTEL_INFO_D63_W = 32;

  // =====================================================================================
  // unit coord: coordinate stage, one axis: RNE(s x size x 256) range-reduced, + texel offset, - half texel for LINEAR -> first tap and weight
  // vector file coord.vec, images: 
  // A line read with %h is a COORD_LINE_W-bit word; inputs = line[COORD_LINE_W-1:COORD_OUT_W],
  // outputs = line[COORD_OUT_W-1:0]; each field's _LSB is its position in its own word.
  localparam int COORD_IN_W = 64;
  localparam int COORD_OUT_W = 40;
  localparam int COORD_LINE_W = 104;
  localparam int COORD_LINE_CHARS = 33;  // bytes per line incl. newline
  localparam int COORD_N_FIELDS = 7;
  // in  mode: WRAP_*: wrap mode; REPEAT and MIRRORED_REPEAT reduce modulo the period, the others saturate (codes 5-7 not in the vectors)
  localparam int COORD_MODE_LSB = 60;
  localparam int COORD_MODE_W = 3;
  // in  s: normalized coordinate, binary32 bits
  localparam int COORD_S_LSB = 28;
  localparam int COORD_S_W = 32;
  // in  size: texels on the axis, 0 .. 65536 (0 gives U = 0)
  localparam int COORD_SIZE_LSB = 8;
  localparam int COORD_SIZE_W = 17;
  // in  offset: texel offset, -8 .. 7, two's complement
  localparam int COORD_OFFSET_LSB = 4;
  localparam int COORD_OFFSET_W = 4;
  // in  linear: 1 = LINEAR: subtract half a texel, taps i0 and i0 + 1
  localparam int COORD_LINEAR_LSB = 0;
  localparam int COORD_LINEAR_W = 1;
  // out i0: first tap's texel index before the wrap, (U + 256 x offset - 128 x linear) >> 8, two's complement
  localparam int COORD_I0_LSB = 8;
  localparam int COORD_I0_W = 32;
  // out weight: second tap's weight in 1/256 (v & 255); 0 when linear = 0
  localparam int COORD_WEIGHT_LSB = 0;
  localparam int COORD_WEIGHT_W = 8;

  // =====================================================================================
  // unit f32_sub: binary32 subtraction a - b, RNE, gradual underflow (the implicit derivatives of a quad)
  // vector file f32_sub.vec, images: 
  // A line read with %h is a F32_SUB_LINE_W-bit word; inputs = line[F32_SUB_LINE_W-1:F32_SUB_OUT_W],
  // outputs = line[F32_SUB_OUT_W-1:0]; each field's _LSB is its position in its own word.
  localparam int F32_SUB_IN_W = 64;
  localparam int F32_SUB_OUT_W = 32;
  localparam int F32_SUB_LINE_W = 96;
  localparam int F32_SUB_LINE_CHARS = 27;  // bytes per line incl. newline
  localparam int F32_SUB_N_FIELDS = 3;
  // in  a: minuend, binary32 bits
  localparam int F32_SUB_A_LSB = 32;
  localparam int F32_SUB_A_W = 32;
  // in  b: subtrahend, binary32 bits
  localparam int F32_SUB_B_LSB = 0;
  localparam int F32_SUB_B_W = 32;
  // out d: a - b, binary32 bits (RNE; any NaN operand or inf - inf: 0x7FC00000; exact zero: +0)
  localparam int F32_SUB_D_LSB = 0;
  localparam int F32_SUB_D_W = 32;

  // =====================================================================================
  // unit f32_div: binary32 division a / b, RNE, results below the normal range flushed (TXP's projection)
  // vector file f32_div.vec, images: 
  // A line read with %h is a F32_DIV_LINE_W-bit word; inputs = line[F32_DIV_LINE_W-1:F32_DIV_OUT_W],
  // outputs = line[F32_DIV_OUT_W-1:0]; each field's _LSB is its position in its own word.
  localparam int F32_DIV_IN_W = 64;
  localparam int F32_DIV_OUT_W = 32;
  localparam int F32_DIV_LINE_W = 96;
  localparam int F32_DIV_LINE_CHARS = 27;  // bytes per line incl. newline
  localparam int F32_DIV_N_FIELDS = 3;
  // in  a: dividend, binary32 bits
  localparam int F32_DIV_A_LSB = 32;
  localparam int F32_DIV_A_W = 32;
  // in  b: divisor, binary32 bits
  localparam int F32_DIV_B_LSB = 0;
  localparam int F32_DIV_B_W = 32;
  // out q: a / b, binary32 bits (RNE; NaN operand, 0/0, inf/inf: 0x7FC00000; below the normal range: +-0)
  localparam int F32_DIV_Q_LSB = 0;
  localparam int F32_DIV_Q_W = 32;

  // =====================================================================================
  // unit f32_to_f16: binary32 to binary16, round to nearest even or toward zero (TLD4S .F16 output)
  // vector file f32_to_f16.vec, images: 
  // A line read with %h is a F32_TO_F16_LINE_W-bit word; inputs = line[F32_TO_F16_LINE_W-1:F32_TO_F16_OUT_W],
  // outputs = line[F32_TO_F16_OUT_W-1:0]; each field's _LSB is its position in its own word.
  localparam int F32_TO_F16_IN_W = 36;
  localparam int F32_TO_F16_OUT_W = 16;
  localparam int F32_TO_F16_LINE_W = 52;
  localparam int F32_TO_F16_LINE_CHARS = 16;  // bytes per line incl. newline
  localparam int F32_TO_F16_N_FIELDS = 3;
  // in  x: binary32 bits
  localparam int F32_TO_F16_X_LSB = 4;
  localparam int F32_TO_F16_X_W = 32;
  // in  rz: 1: round toward zero; 0: to nearest, ties to even
  localparam int F32_TO_F16_RZ_LSB = 0;
  localparam int F32_TO_F16_RZ_W = 1;
  // out h: binary16 bits (NaN: 0x7E00 with the sign; overflow: inf, or 0x7BFF toward zero; below 2^-24: rounded, subnormals kept)
  localparam int F32_TO_F16_H_LSB = 0;
  localparam int F32_TO_F16_H_W = 16;

  // =====================================================================================
  // unit wrap: address/wrap stage: REPEAT, MIRRORED_REPEAT, CLAMP_TO_EDGE, CLAMP_TO_BORDER, MIRROR_CLAMP_TO_EDGE
  // vector file wrap.vec, images: 
  // A line read with %h is a WRAP_LINE_W-bit word; inputs = line[WRAP_LINE_W-1:WRAP_OUT_W],
  // outputs = line[WRAP_OUT_W-1:0]; each field's _LSB is its position in its own word.
  localparam int WRAP_IN_W = 52;
  localparam int WRAP_OUT_W = 20;
  localparam int WRAP_LINE_W = 72;
  localparam int WRAP_LINE_CHARS = 23;  // bytes per line incl. newline
  localparam int WRAP_N_FIELDS = 5;
  // in  mode: WRAP_*: wrap mode (codes 5-7 are not modes and are not in the vectors)
  localparam int WRAP_MODE_LSB = 48;
  localparam int WRAP_MODE_W = 3;
  // in  idx: texel index i, 32-bit two's complement
  localparam int WRAP_IDX_LSB = 16;
  localparam int WRAP_IDX_W = 32;
  // in  size: texels on the axis (0 gives the border)
  localparam int WRAP_SIZE_LSB = 0;
  localparam int WRAP_SIZE_W = 16;
  // out texel: wrapped index in [0, size), 0 when border = 1
  localparam int WRAP_TEXEL_LSB = 4;
  localparam int WRAP_TEXEL_W = 16;
  // out border: 1 = outside under CLAMP_TO_BORDER (or size 0): the border colour
  localparam int WRAP_BORDER_LSB = 0;
  localparam int WRAP_BORDER_W = 1;

  // =====================================================================================
  // unit texel_decode: format decoder: stored texel bytes -> raw (x, y, z, w) in texcore's domain, every format, sRGB
  // vector file texel_decode.vec, images: 
  // A line read with %h is a TEXEL_DECODE_LINE_W-bit word; inputs = line[TEXEL_DECODE_LINE_W-1:TEXEL_DECODE_OUT_W],
  // outputs = line[TEXEL_DECODE_OUT_W-1:0]; each field's _LSB is its position in its own word.
  localparam int TEXEL_DECODE_IN_W = 140;
  localparam int TEXEL_DECODE_OUT_W = 256;
  localparam int TEXEL_DECODE_LINE_W = 396;
  localparam int TEXEL_DECODE_LINE_CHARS = 107;  // bytes per line incl. newline
  localparam int TEXEL_DECODE_N_FIELDS = 8;
  // in  fmt: FMT_*: texel format (only assigned codes, FMT_VALID)
  localparam int TEXEL_DECODE_FMT_LSB = 132;
  localparam int TEXEL_DECODE_FMT_W = 8;
  // in  srgb: header sRGB bit (effective only for FMT_SRGB_CAPABLE formats)
  localparam int TEXEL_DECODE_SRGB_LSB = 128;
  localparam int TEXEL_DECODE_SRGB_W = 1;
  // in  texel_hi: stored bytes 15..8 (byte k at bits 8(k-8)+7:8(k-8))
  localparam int TEXEL_DECODE_TEXEL_HI_LSB = 64;
  localparam int TEXEL_DECODE_TEXEL_HI_W = 64;
  // in  texel_lo: stored bytes 7..0 (byte k at bits 8k+7:8k; little-endian)
  localparam int TEXEL_DECODE_TEXEL_LO_LSB = 0;
  localparam int TEXEL_DECODE_TEXEL_LO_W = 64;
  // out x: component x, raw value in its domain, 64-bit two's complement
  localparam int TEXEL_DECODE_X_LSB = 192;
  localparam int TEXEL_DECODE_X_W = 64;
  // out y: component y
  localparam int TEXEL_DECODE_Y_LSB = 128;
  localparam int TEXEL_DECODE_Y_W = 64;
  // out z: component z
  localparam int TEXEL_DECODE_Z_LSB = 64;
  localparam int TEXEL_DECODE_Z_W = 64;
  // out w: component w
  localparam int TEXEL_DECODE_W_LSB = 0;
  localparam int TEXEL_DECODE_W_W = 64;

  // =====================================================================================
  // unit filter: filter stage: RGBA8 UNORM bilinear/trilinear, exact sum, RNE to binary32
  // vector file filter.vec, images: 
  // A line read with %h is a FILTER_LINE_W-bit word; inputs = line[FILTER_LINE_W-1:FILTER_OUT_W],
  // outputs = line[FILTER_OUT_W-1:0]; each field's _LSB is its position in its own word.
  localparam int FILTER_IN_W = 296;
  localparam int FILTER_OUT_W = 128;
  localparam int FILTER_LINE_W = 424;
  localparam int FILTER_LINE_CHARS = 123;  // bytes per line incl. newline
  localparam int FILTER_N_FIELDS = 17;
  // in  t0_0: level 0 tap (i0, j0), RGBA8 (R in bits 7:0, A in 31:24)
  localparam int FILTER_T0_0_LSB = 264;
  localparam int FILTER_T0_0_W = 32;
  // in  t0_1: level 0 tap (i1, j0), RGBA8 (R in bits 7:0, A in 31:24)
  localparam int FILTER_T0_1_LSB = 232;
  localparam int FILTER_T0_1_W = 32;
  // in  t0_2: level 0 tap (i0, j1), RGBA8 (R in bits 7:0, A in 31:24)
  localparam int FILTER_T0_2_LSB = 200;
  localparam int FILTER_T0_2_W = 32;
  // in  t0_3: level 0 tap (i1, j1), RGBA8 (R in bits 7:0, A in 31:24)
  localparam int FILTER_T0_3_LSB = 168;
  localparam int FILTER_T0_3_W = 32;
  // in  t1_0: level 1 tap (i0, j0), RGBA8 (R in bits 7:0, A in 31:24)
  localparam int FILTER_T1_0_LSB = 136;
  localparam int FILTER_T1_0_W = 32;
  // in  t1_1: level 1 tap (i1, j0), RGBA8 (R in bits 7:0, A in 31:24)
  localparam int FILTER_T1_1_LSB = 104;
  localparam int FILTER_T1_1_W = 32;
  // in  t1_2: level 1 tap (i0, j1), RGBA8 (R in bits 7:0, A in 31:24)
  localparam int FILTER_T1_2_LSB = 72;
  localparam int FILTER_T1_2_W = 32;
  // in  t1_3: level 1 tap (i1, j1), RGBA8 (R in bits 7:0, A in 31:24)
  localparam int FILTER_T1_3_LSB = 40;
  localparam int FILTER_T1_3_W = 32;
  // in  alpha0: level 0 weight of taps 1, 3 (i1), 1/256
  localparam int FILTER_ALPHA0_LSB = 32;
  localparam int FILTER_ALPHA0_W = 8;
  // in  beta0: level 0 weight of taps 2, 3 (j1), 1/256
  localparam int FILTER_BETA0_LSB = 24;
  localparam int FILTER_BETA0_W = 8;
  // in  alpha1: level 1 weight of taps 1, 3 (i1), 1/256
  localparam int FILTER_ALPHA1_LSB = 16;
  localparam int FILTER_ALPHA1_W = 8;
  // in  beta1: level 1 weight of taps 2, 3 (j1), 1/256
  localparam int FILTER_BETA1_LSB = 8;
  localparam int FILTER_BETA1_W = 8;
  // in  delta: weight of level 1 (1/256); 0 = single level, level 1 ignored
  localparam int FILTER_DELTA_LSB = 0;
  localparam int FILTER_DELTA_W = 8;
  // out out_r: component r, binary32 bits, in [0, 1]
  localparam int FILTER_OUT_R_LSB = 96;
  localparam int FILTER_OUT_R_W = 32;
  // out out_g: component g, binary32 bits, in [0, 1]
  localparam int FILTER_OUT_G_LSB = 64;
  localparam int FILTER_OUT_G_W = 32;
  // out out_b: component b, binary32 bits, in [0, 1]
  localparam int FILTER_OUT_B_LSB = 32;
  localparam int FILTER_OUT_B_W = 32;
  // out out_a: component a, binary32 bits, in [0, 1]
  localparam int FILTER_OUT_A_LSB = 0;
  localparam int FILTER_OUT_A_W = 32;

  // =====================================================================================
  // unit gather_cmp: gather/compare stage: per-texel depth compare (8 functions, reference quantized to the format) or component to binary32
  // vector file gather_cmp.vec, images: 
  // A line read with %h is a GATHER_CMP_LINE_W-bit word; inputs = line[GATHER_CMP_LINE_W-1:GATHER_CMP_OUT_W],
  // outputs = line[GATHER_CMP_OUT_W-1:0]; each field's _LSB is its position in its own word.
  localparam int GATHER_CMP_IN_W = 184;
  localparam int GATHER_CMP_OUT_W = 132;
  localparam int GATHER_CMP_LINE_W = 316;
  localparam int GATHER_CMP_LINE_CHARS = 94;  // bytes per line incl. newline
  localparam int GATHER_CMP_N_FIELDS = 15;
  // in  dom: component domain, DOM_* (UNORM, SNORM, F16, F32, UINT, SINT)
  localparam int GATHER_CMP_DOM_LSB = 180;
  localparam int GATHER_CMP_DOM_W = 3;
  // in  nbits: UNORM: n (1..24); SNORM: n (2..24); 0 for the other domains
  localparam int GATHER_CMP_NBITS_LSB = 172;
  localparam int GATHER_CMP_NBITS_W = 5;
  // in  cmp: 1: depth compare (GATHER4 compare form, TLD4S .DC); 0: the component itself
  localparam int GATHER_CMP_CMP_LSB = 168;
  localparam int GATHER_CMP_CMP_W = 1;
  // in  odd: cmp = 0, UNORM / SNORM: 1 rounds the binary32 to odd (what the TLD4S .F16 conversion rounds from), 0 to nearest even
  localparam int GATHER_CMP_ODD_LSB = 164;
  localparam int GATHER_CMP_ODD_W = 1;
  // in  func: compare function, CMP_* (don't-care when cmp = 0)
  localparam int GATHER_CMP_FUNC_LSB = 160;
  localparam int GATHER_CMP_FUNC_W = 3;
  // in  ref: reference, binary32 bits (don't-care when cmp = 0)
  localparam int GATHER_CMP_REF_LSB = 128;
  localparam int GATHER_CMP_REF_W = 32;
  // in  t0: texel S0's component: UNORM code, SNORM/SINT two's complement, binary16 in 15:0, binary32/UINT bits
  localparam int GATHER_CMP_T0_LSB = 96;
  localparam int GATHER_CMP_T0_W = 32;
  // in  t1: texel S1's component: UNORM code, SNORM/SINT two's complement, binary16 in 15:0, binary32/UINT bits
  localparam int GATHER_CMP_T1_LSB = 64;
  localparam int GATHER_CMP_T1_W = 32;
  // in  t2: texel S2's component: UNORM code, SNORM/SINT two's complement, binary16 in 15:0, binary32/UINT bits
  localparam int GATHER_CMP_T2_LSB = 32;
  localparam int GATHER_CMP_T2_W = 32;
  // in  t3: texel S3's component: UNORM code, SNORM/SINT two's complement, binary16 in 15:0, binary32/UINT bits
  localparam int GATHER_CMP_T3_LSB = 0;
  localparam int GATHER_CMP_T3_W = 32;
  // out err: 1: compare on an integer domain (CompareError): s0..s3 = 0
  localparam int GATHER_CMP_ERR_LSB = 128;
  localparam int GATHER_CMP_ERR_W = 1;
  // out s0: result S0: binary32 (compare: 1.0 or +0; UINT/SINT without compare: the raw integer)
  localparam int GATHER_CMP_S0_LSB = 96;
  localparam int GATHER_CMP_S0_W = 32;
  // out s1: result S1: binary32 (compare: 1.0 or +0; UINT/SINT without compare: the raw integer)
  localparam int GATHER_CMP_S1_LSB = 64;
  localparam int GATHER_CMP_S1_W = 32;
  // out s2: result S2: binary32 (compare: 1.0 or +0; UINT/SINT without compare: the raw integer)
  localparam int GATHER_CMP_S2_LSB = 32;
  localparam int GATHER_CMP_S2_W = 32;
  // out s3: result S3: binary32 (compare: 1.0 or +0; UINT/SINT without compare: the raw integer)
  localparam int GATHER_CMP_S3_LSB = 0;
  localparam int GATHER_CMP_S3_W = 32;

  // =====================================================================================
  // unit lod: LOD stage: binary32 derivatives x size -> rho^2 (18-bit short floats), table log2, log-domain anisotropy, bias, clamps, level selection
  // vector file lod.vec, images: 
  // A line read with %h is a LOD_LINE_W-bit word; inputs = line[LOD_LINE_W-1:LOD_OUT_W],
  // outputs = line[LOD_OUT_W-1:0]; each field's _LSB is its position in its own word.
  localparam int LOD_IN_W = 352;
  localparam int LOD_OUT_W = 120;
  localparam int LOD_LINE_W = 472;
  localparam int LOD_LINE_CHARS = 148;  // bytes per line incl. newline
  localparam int LOD_N_FIELDS = 30;
  // in  dsdx: ds/dx of the normalized coordinate, binary32 bits (NaN = 0, inf = 2^128, sign ignored)
  localparam int LOD_DSDX_LSB = 320;
  localparam int LOD_DSDX_W = 32;
  // in  dtdx: dt/dx of the normalized coordinate, binary32 bits (NaN = 0, inf = 2^128, sign ignored)
  localparam int LOD_DTDX_LSB = 288;
  localparam int LOD_DTDX_W = 32;
  // in  drdx: dr/dx of the normalized coordinate, binary32 bits (NaN = 0, inf = 2^128, sign ignored)
  localparam int LOD_DRDX_LSB = 256;
  localparam int LOD_DRDX_W = 32;
  // in  dsdy: ds/dy of the normalized coordinate, binary32 bits (NaN = 0, inf = 2^128, sign ignored)
  localparam int LOD_DSDY_LSB = 224;
  localparam int LOD_DSDY_W = 32;
  // in  dtdy: dt/dy of the normalized coordinate, binary32 bits (NaN = 0, inf = 2^128, sign ignored)
  localparam int LOD_DTDY_LSB = 192;
  localparam int LOD_DTDY_W = 32;
  // in  drdy: dr/dy of the normalized coordinate, binary32 bits (NaN = 0, inf = 2^128, sign ignored)
  localparam int LOD_DRDY_LSB = 160;
  localparam int LOD_DRDY_W = 32;
  // in  dims: texel axes scaled: 1 (1D types), 2 (2D types), 3 (3D); 0 not in the vectors
  localparam int LOD_DIMS_LSB = 156;
  localparam int LOD_DIMS_W = 2;
  // in  w_m1: level-0 width - 1
  localparam int LOD_W_M1_LSB = 140;
  localparam int LOD_W_M1_W = 16;
  // in  h_m1: level-0 height - 1
  localparam int LOD_H_M1_LSB = 124;
  localparam int LOD_H_M1_W = 16;
  // in  d_m1: level-0 depth - 1 (used only with dims = 3)
  localparam int LOD_D_M1_LSB = 108;
  localparam int LOD_D_M1_W = 16;
  // in  base_level: view base level b: base-level size = max(1, size >> b)
  localparam int LOD_BASE_LEVEL_LSB = 100;
  localparam int LOD_BASE_LEVEL_W = 5;
  // in  levels_m1: view levels - 1 (q, the last level relative to b)
  localparam int LOD_LEVELS_M1_LSB = 92;
  localparam int LOD_LEVELS_M1_W = 5;
  // in  lod_bias: sampler LOD bias, S8.8 bits (any value: the bias sum is clamped)
  localparam int LOD_LOD_BIAS_LSB = 76;
  localparam int LOD_LOD_BIAS_W = 16;
  // in  min_lod: sampler min LOD, U8.8
  localparam int LOD_MIN_LOD_LSB = 60;
  localparam int LOD_MIN_LOD_W = 16;
  // in  max_lod: sampler max LOD, U8.8 (min_lod > max_lod allowed: min_lod wins)
  localparam int LOD_MAX_LOD_LSB = 44;
  localparam int LOD_MAX_LOD_W = 16;
  // in  mip: effective mip filter: 0 NONE, 1 NEAREST, 2 LINEAR (3 not in the vectors)
  localparam int LOD_MIP_LSB = 40;
  localparam int LOD_MIP_W = 2;
  // in  aniso: effective max anisotropy, log2: 0 (off) ... 4 (16x); 5-7 not in the vectors
  localparam int LOD_ANISO_LSB = 36;
  localparam int LOD_ANISO_W = 3;
  // in  lod_mode: LOD_MODE_*: 0 derivatives + shader bias, 1 explicit LOD, 2 zero
  localparam int LOD_LOD_MODE_LSB = 32;
  localparam int LOD_LOD_MODE_W = 2;
  // in  lod: shader bias (lod_mode 0) or explicit LOD (1), binary32 bits; ignored for 2
  localparam int LOD_LOD_LSB = 0;
  localparam int LOD_LOD_W = 32;
  // out lambda_base: lambda_base, S8.8 (-128.0 for rho = 0)
  localparam int LOD_LAMBDA_BASE_LSB = 104;
  localparam int LOD_LAMBDA_BASE_W = 16;
  // out lambda_prime: lambda' = lambda_base + bias sum, S8.8 saturated (TMML R)
  localparam int LOD_LAMBDA_PRIME_LSB = 88;
  localparam int LOD_LAMBDA_PRIME_W = 16;
  // out lambda: lambda after the min/max LOD clamp, U8.8 (never negative: min_lod >= 0)
  localparam int LOD_LAMBDA_LSB = 72;
  localparam int LOD_LAMBDA_W = 16;
  // out magnify: 1 = magnified (lambda <= 0)
  localparam int LOD_MAGNIFY_LSB = 68;
  localparam int LOD_MAGNIFY_W = 1;
  // out level: first level, relative to the base level
  localparam int LOD_LEVEL_LSB = 60;
  localparam int LOD_LEVEL_W = 5;
  // out level2: second level (mip LINEAR with delta > 0), else = level
  localparam int LOD_LEVEL2_LSB = 52;
  localparam int LOD_LEVEL2_W = 5;
  // out delta: weight of level2, 1/256
  localparam int LOD_DELTA_LSB = 44;
  localparam int LOD_DELTA_W = 8;
  // out used_lod: LOD used relative to the base level, U8.8 (TMML G)
  localparam int LOD_USED_LOD_LSB = 28;
  localparam int LOD_USED_LOD_W = 16;
  // out samples: anisotropic samples N = ceil(eta), 1 = isotropic
  localparam int LOD_SAMPLES_LSB = 20;
  localparam int LOD_SAMPLES_W = 5;
  // out major_x: 1 = x is the major screen axis (rho_x^2 >= rho_y^2)
  localparam int LOD_MAJOR_X_LSB = 16;
  localparam int LOD_MAJOR_X_W = 1;
  // out log2_ratio: log2(rho_min / rho_max), S4.12 in [-8, 0] (TMML A): -8 for rho_min = 0, 0 for rho = 0
  localparam int LOD_LOG2_RATIO_LSB = 0;
  localparam int LOD_LOG2_RATIO_W = 16;

  // =====================================================================================
  // unit sample: op: filtered sampling of a quad (SampleRequest: TEX/TXB/TXL/TXD/SAMPLE*/..., texcore::op::sample::sample_quad)
  // vector file sample.vec, images: texmem.hex, op_hdr.hex, op_smp.hex
  // A line read with %h is a SAMPLE_LINE_W-bit word; inputs = line[SAMPLE_LINE_W-1:SAMPLE_OUT_W],
  // outputs = line[SAMPLE_OUT_W-1:0]; each field's _LSB is its position in its own word.
  localparam int SAMPLE_IN_W = 1496;
  localparam int SAMPLE_OUT_W = 520;
  localparam int SAMPLE_LINE_W = 2016;
  localparam int SAMPLE_LINE_CHARS = 575;  // bytes per line incl. newline
  localparam int SAMPLE_N_FIELDS = 71;
  // in  hdr: op texture-header slot (op_hdr.hex); >= OP_HDR_ENTRIES = unbound
  localparam int SAMPLE_HDR_LSB = 1488;
  localparam int SAMPLE_HDR_W = 8;
  // in  smp: op sampler slot (op_smp.hex); >= OP_SMP_ENTRIES = unbound
  localparam int SAMPLE_SMP_LSB = 1476;
  localparam int SAMPLE_SMP_W = 9;
  // in  lod_mode: LOD_MODE_*: DERIV (implicit / grads + bias), EXPLICIT, ZERO
  localparam int SAMPLE_LOD_MODE_LSB = 1472;
  localparam int SAMPLE_LOD_MODE_W = 2;
  // in  grads: 1 = explicit derivatives dx*/dy* (TXD / SAMPLE_D), 0 = implicit from the quad
  localparam int SAMPLE_GRADS_LSB = 1468;
  localparam int SAMPLE_GRADS_W = 1;
  // in  lod: binary32: shader bias (DERIV) or LOD (EXPLICIT); ignored for ZERO
  localparam int SAMPLE_LOD_LSB = 1436;
  localparam int SAMPLE_LOD_W = 32;
  // in  off_u: texel offset u, 8-bit two's complement (valid -8..7; cube maps ignore them)
  localparam int SAMPLE_OFF_U_LSB = 1428;
  localparam int SAMPLE_OFF_U_W = 8;
  // in  off_v: texel offset v, 8-bit two's complement (valid -8..7; cube maps ignore them)
  localparam int SAMPLE_OFF_V_LSB = 1420;
  localparam int SAMPLE_OFF_V_W = 8;
  // in  off_w: texel offset w, 8-bit two's complement (valid -8..7; cube maps ignore them)
  localparam int SAMPLE_OFF_W_LSB = 1412;
  localparam int SAMPLE_OFF_W_W = 8;
  // in  c0_0: lane 0 coordinate c0 (binary32): canonical order (s, t, r, layer) / cube (rx, ry, rz, cube)
  localparam int SAMPLE_C0_0_LSB = 1380;
  localparam int SAMPLE_C0_0_W = 32;
  // in  c0_1: lane 0 coordinate c1 (binary32): canonical order (s, t, r, layer) / cube (rx, ry, rz, cube)
  localparam int SAMPLE_C0_1_LSB = 1348;
  localparam int SAMPLE_C0_1_W = 32;
  // in  c0_2: lane 0 coordinate c2 (binary32): canonical order (s, t, r, layer) / cube (rx, ry, rz, cube)
  localparam int SAMPLE_C0_2_LSB = 1316;
  localparam int SAMPLE_C0_2_W = 32;
  // in  c0_3: lane 0 coordinate c3 (binary32): canonical order (s, t, r, layer) / cube (rx, ry, rz, cube)
  localparam int SAMPLE_C0_3_LSB = 1284;
  localparam int SAMPLE_C0_3_W = 32;
  // in  c1_0: lane 1 coordinate c0 (binary32): canonical order (s, t, r, layer) / cube (rx, ry, rz, cube)
  localparam int SAMPLE_C1_0_LSB = 1252;
  localparam int SAMPLE_C1_0_W = 32;
  // in  c1_1: lane 1 coordinate c1 (binary32): canonical order (s, t, r, layer) / cube (rx, ry, rz, cube)
  localparam int SAMPLE_C1_1_LSB = 1220;
  localparam int SAMPLE_C1_1_W = 32;
  // in  c1_2: lane 1 coordinate c2 (binary32): canonical order (s, t, r, layer) / cube (rx, ry, rz, cube)
  localparam int SAMPLE_C1_2_LSB = 1188;
  localparam int SAMPLE_C1_2_W = 32;
  // in  c1_3: lane 1 coordinate c3 (binary32): canonical order (s, t, r, layer) / cube (rx, ry, rz, cube)
  localparam int SAMPLE_C1_3_LSB = 1156;
  localparam int SAMPLE_C1_3_W = 32;
  // in  c2_0: lane 2 coordinate c0 (binary32): canonical order (s, t, r, layer) / cube (rx, ry, rz, cube)
  localparam int SAMPLE_C2_0_LSB = 1124;
  localparam int SAMPLE_C2_0_W = 32;
  // in  c2_1: lane 2 coordinate c1 (binary32): canonical order (s, t, r, layer) / cube (rx, ry, rz, cube)
  localparam int SAMPLE_C2_1_LSB = 1092;
  localparam int SAMPLE_C2_1_W = 32;
  // in  c2_2: lane 2 coordinate c2 (binary32): canonical order (s, t, r, layer) / cube (rx, ry, rz, cube)
  localparam int SAMPLE_C2_2_LSB = 1060;
  localparam int SAMPLE_C2_2_W = 32;
  // in  c2_3: lane 2 coordinate c3 (binary32): canonical order (s, t, r, layer) / cube (rx, ry, rz, cube)
  localparam int SAMPLE_C2_3_LSB = 1028;
  localparam int SAMPLE_C2_3_W = 32;
  // in  c3_0: lane 3 coordinate c0 (binary32): canonical order (s, t, r, layer) / cube (rx, ry, rz, cube)
  localparam int SAMPLE_C3_0_LSB = 996;
  localparam int SAMPLE_C3_0_W = 32;
  // in  c3_1: lane 3 coordinate c1 (binary32): canonical order (s, t, r, layer) / cube (rx, ry, rz, cube)
  localparam int SAMPLE_C3_1_LSB = 964;
  localparam int SAMPLE_C3_1_W = 32;
  // in  c3_2: lane 3 coordinate c2 (binary32): canonical order (s, t, r, layer) / cube (rx, ry, rz, cube)
  localparam int SAMPLE_C3_2_LSB = 932;
  localparam int SAMPLE_C3_2_W = 32;
  // in  c3_3: lane 3 coordinate c3 (binary32): canonical order (s, t, r, layer) / cube (rx, ry, rz, cube)
  localparam int SAMPLE_C3_3_LSB = 900;
  localparam int SAMPLE_C3_3_W = 32;
  // in  dx0_0: lane 0 d(c0)/dx (binary32), used when grads = 1
  localparam int SAMPLE_DX0_0_LSB = 868;
  localparam int SAMPLE_DX0_0_W = 32;
  // in  dx0_1: lane 0 d(c1)/dx (binary32), used when grads = 1
  localparam int SAMPLE_DX0_1_LSB = 836;
  localparam int SAMPLE_DX0_1_W = 32;
  // in  dx0_2: lane 0 d(c2)/dx (binary32), used when grads = 1
  localparam int SAMPLE_DX0_2_LSB = 804;
  localparam int SAMPLE_DX0_2_W = 32;
  // in  dy0_0: lane 0 d(c0)/dy (binary32), used when grads = 1
  localparam int SAMPLE_DY0_0_LSB = 772;
  localparam int SAMPLE_DY0_0_W = 32;
  // in  dy0_1: lane 0 d(c1)/dy (binary32), used when grads = 1
  localparam int SAMPLE_DY0_1_LSB = 740;
  localparam int SAMPLE_DY0_1_W = 32;
  // in  dy0_2: lane 0 d(c2)/dy (binary32), used when grads = 1
  localparam int SAMPLE_DY0_2_LSB = 708;
  localparam int SAMPLE_DY0_2_W = 32;
  // in  dx1_0: lane 1 d(c0)/dx (binary32), used when grads = 1
  localparam int SAMPLE_DX1_0_LSB = 676;
  localparam int SAMPLE_DX1_0_W = 32;
  // in  dx1_1: lane 1 d(c1)/dx (binary32), used when grads = 1
  localparam int SAMPLE_DX1_1_LSB = 644;
  localparam int SAMPLE_DX1_1_W = 32;
  // in  dx1_2: lane 1 d(c2)/dx (binary32), used when grads = 1
  localparam int SAMPLE_DX1_2_LSB = 612;
  localparam int SAMPLE_DX1_2_W = 32;
  // in  dy1_0: lane 1 d(c0)/dy (binary32), used when grads = 1
  localparam int SAMPLE_DY1_0_LSB = 580;
  localparam int SAMPLE_DY1_0_W = 32;
  // in  dy1_1: lane 1 d(c1)/dy (binary32), used when grads = 1
  localparam int SAMPLE_DY1_1_LSB = 548;
  localparam int SAMPLE_DY1_1_W = 32;
  // in  dy1_2: lane 1 d(c2)/dy (binary32), used when grads = 1
  localparam int SAMPLE_DY1_2_LSB = 516;
  localparam int SAMPLE_DY1_2_W = 32;
  // in  dx2_0: lane 2 d(c0)/dx (binary32), used when grads = 1
  localparam int SAMPLE_DX2_0_LSB = 484;
  localparam int SAMPLE_DX2_0_W = 32;
  // in  dx2_1: lane 2 d(c1)/dx (binary32), used when grads = 1
  localparam int SAMPLE_DX2_1_LSB = 452;
  localparam int SAMPLE_DX2_1_W = 32;
  // in  dx2_2: lane 2 d(c2)/dx (binary32), used when grads = 1
  localparam int SAMPLE_DX2_2_LSB = 420;
  localparam int SAMPLE_DX2_2_W = 32;
  // in  dy2_0: lane 2 d(c0)/dy (binary32), used when grads = 1
  localparam int SAMPLE_DY2_0_LSB = 388;
  localparam int SAMPLE_DY2_0_W = 32;
  // in  dy2_1: lane 2 d(c1)/dy (binary32), used when grads = 1
  localparam int SAMPLE_DY2_1_LSB = 356;
  localparam int SAMPLE_DY2_1_W = 32;
  // in  dy2_2: lane 2 d(c2)/dy (binary32), used when grads = 1
  localparam int SAMPLE_DY2_2_LSB = 324;
  localparam int SAMPLE_DY2_2_W = 32;
  // in  dx3_0: lane 3 d(c0)/dx (binary32), used when grads = 1
  localparam int SAMPLE_DX3_0_LSB = 292;
  localparam int SAMPLE_DX3_0_W = 32;
  // in  dx3_1: lane 3 d(c1)/dx (binary32), used when grads = 1
  localparam int SAMPLE_DX3_1_LSB = 260;
  localparam int SAMPLE_DX3_1_W = 32;
  // in  dx3_2: lane 3 d(c2)/dx (binary32), used when grads = 1
  localparam int SAMPLE_DX3_2_LSB = 228;
  localparam int SAMPLE_DX3_2_W = 32;
  // in  dy3_0: lane 3 d(c0)/dy (binary32), used when grads = 1
  localparam int SAMPLE_DY3_0_LSB = 196;
  localparam int SAMPLE_DY3_0_W = 32;
  // in  dy3_1: lane 3 d(c1)/dy (binary32), used when grads = 1
  localparam int SAMPLE_DY3_1_LSB = 164;
  localparam int SAMPLE_DY3_1_W = 32;
  // in  dy3_2: lane 3 d(c2)/dy (binary32), used when grads = 1
  localparam int SAMPLE_DY3_2_LSB = 132;
  localparam int SAMPLE_DY3_2_W = 32;
  // in  tgsi: TGSI_*: OFF (SampleRequest form), TXB (per-lane bias), TXP (projective): c{l}_* = TGSI src0 register
  localparam int SAMPLE_TGSI_LSB = 128;
  localparam int SAMPLE_TGSI_W = 2;
  // in  src1_0: lane 0 TGSI src1.x (TXB bias when src0.w is taken; cube-array shadow reference), tgsi != OFF
  localparam int SAMPLE_SRC1_0_LSB = 96;
  localparam int SAMPLE_SRC1_0_W = 32;
  // in  src1_1: lane 1 TGSI src1.x (TXB bias when src0.w is taken; cube-array shadow reference), tgsi != OFF
  localparam int SAMPLE_SRC1_1_LSB = 64;
  localparam int SAMPLE_SRC1_1_W = 32;
  // in  src1_2: lane 2 TGSI src1.x (TXB bias when src0.w is taken; cube-array shadow reference), tgsi != OFF
  localparam int SAMPLE_SRC1_2_LSB = 32;
  localparam int SAMPLE_SRC1_2_W = 32;
  // in  src1_3: lane 3 TGSI src1.x (TXB bias when src0.w is taken; cube-array shadow reference), tgsi != OFF
  localparam int SAMPLE_SRC1_3_LSB = 0;
  localparam int SAMPLE_SRC1_3_W = 32;
  // out err: OP_ERR_*: 0 = executed, else why the core rejected the request (results then 0)
  localparam int SAMPLE_ERR_LSB = 516;
  localparam int SAMPLE_ERR_W = 4;
  // out status: STATUS_*: 0 = texture (and sampler) valid; HEADER_DECODE, SAMPLER_DECODE, UNBOUND (or, for TLD4S, the handle path's codes); invalid -> zero results
  localparam int SAMPLE_STATUS_LSB = 512;
  localparam int SAMPLE_STATUS_W = 4;
  // out r0_x: result component x, lane 0
  localparam int SAMPLE_R0_X_LSB = 480;
  localparam int SAMPLE_R0_X_W = 32;
  // out r0_y: result component y, lane 0
  localparam int SAMPLE_R0_Y_LSB = 448;
  localparam int SAMPLE_R0_Y_W = 32;
  // out r0_z: result component z, lane 0
  localparam int SAMPLE_R0_Z_LSB = 416;
  localparam int SAMPLE_R0_Z_W = 32;
  // out r0_w: result component w, lane 0
  localparam int SAMPLE_R0_W_LSB = 384;
  localparam int SAMPLE_R0_W_W = 32;
  // out r1_x: result component x, lane 1
  localparam int SAMPLE_R1_X_LSB = 352;
  localparam int SAMPLE_R1_X_W = 32;
  // out r1_y: result component y, lane 1
  localparam int SAMPLE_R1_Y_LSB = 320;
  localparam int SAMPLE_R1_Y_W = 32;
  // out r1_z: result component z, lane 1
  localparam int SAMPLE_R1_Z_LSB = 288;
  localparam int SAMPLE_R1_Z_W = 32;
  // out r1_w: result component w, lane 1
  localparam int SAMPLE_R1_W_LSB = 256;
  localparam int SAMPLE_R1_W_W = 32;
  // out r2_x: result component x, lane 2
  localparam int SAMPLE_R2_X_LSB = 224;
  localparam int SAMPLE_R2_X_W = 32;
  // out r2_y: result component y, lane 2
  localparam int SAMPLE_R2_Y_LSB = 192;
  localparam int SAMPLE_R2_Y_W = 32;
  // out r2_z: result component z, lane 2
  localparam int SAMPLE_R2_Z_LSB = 160;
  localparam int SAMPLE_R2_Z_W = 32;
  // out r2_w: result component w, lane 2
  localparam int SAMPLE_R2_W_LSB = 128;
  localparam int SAMPLE_R2_W_W = 32;
  // out r3_x: result component x, lane 3
  localparam int SAMPLE_R3_X_LSB = 96;
  localparam int SAMPLE_R3_X_W = 32;
  // out r3_y: result component y, lane 3
  localparam int SAMPLE_R3_Y_LSB = 64;
  localparam int SAMPLE_R3_Y_W = 32;
  // out r3_z: result component z, lane 3
  localparam int SAMPLE_R3_Z_LSB = 32;
  localparam int SAMPLE_R3_Z_W = 32;
  // out r3_w: result component w, lane 3
  localparam int SAMPLE_R3_W_LSB = 0;
  localparam int SAMPLE_R3_W_W = 32;

  // =====================================================================================
  // unit sample_c: op: depth-compare sampling of a quad (shadow TEX family, SAMPLE_C, SAMPLE_C_LZ; sample_compare_quad)
  // vector file sample_c.vec, images: texmem.hex, op_hdr.hex, op_smp.hex
  // A line read with %h is a SAMPLE_C_LINE_W-bit word; inputs = line[SAMPLE_C_LINE_W-1:SAMPLE_C_OUT_W],
  // outputs = line[SAMPLE_C_OUT_W-1:0]; each field's _LSB is its position in its own word.
  localparam int SAMPLE_C_IN_W = 1624;
  localparam int SAMPLE_C_OUT_W = 520;
  localparam int SAMPLE_C_LINE_W = 2144;
  localparam int SAMPLE_C_LINE_CHARS = 611;  // bytes per line incl. newline
  localparam int SAMPLE_C_N_FIELDS = 75;
  // in  hdr: op texture-header slot (op_hdr.hex); >= OP_HDR_ENTRIES = unbound
  localparam int SAMPLE_C_HDR_LSB = 1616;
  localparam int SAMPLE_C_HDR_W = 8;
  // in  smp: op sampler slot (op_smp.hex); >= OP_SMP_ENTRIES = unbound
  localparam int SAMPLE_C_SMP_LSB = 1604;
  localparam int SAMPLE_C_SMP_W = 9;
  // in  lod_mode: LOD_MODE_*: DERIV (implicit / grads + bias), EXPLICIT, ZERO
  localparam int SAMPLE_C_LOD_MODE_LSB = 1600;
  localparam int SAMPLE_C_LOD_MODE_W = 2;
  // in  grads: 1 = explicit derivatives dx*/dy* (TXD / SAMPLE_D), 0 = implicit from the quad
  localparam int SAMPLE_C_GRADS_LSB = 1596;
  localparam int SAMPLE_C_GRADS_W = 1;
  // in  lod: binary32: shader bias (DERIV) or LOD (EXPLICIT); ignored for ZERO
  localparam int SAMPLE_C_LOD_LSB = 1564;
  localparam int SAMPLE_C_LOD_W = 32;
  // in  off_u: texel offset u, 8-bit two's complement (valid -8..7; cube maps ignore them)
  localparam int SAMPLE_C_OFF_U_LSB = 1556;
  localparam int SAMPLE_C_OFF_U_W = 8;
  // in  off_v: texel offset v, 8-bit two's complement (valid -8..7; cube maps ignore them)
  localparam int SAMPLE_C_OFF_V_LSB = 1548;
  localparam int SAMPLE_C_OFF_V_W = 8;
  // in  off_w: texel offset w, 8-bit two's complement (valid -8..7; cube maps ignore them)
  localparam int SAMPLE_C_OFF_W_LSB = 1540;
  localparam int SAMPLE_C_OFF_W_W = 8;
  // in  ref0: lane 0 depth-compare reference (binary32)
  localparam int SAMPLE_C_REF0_LSB = 1508;
  localparam int SAMPLE_C_REF0_W = 32;
  // in  ref1: lane 1 depth-compare reference (binary32)
  localparam int SAMPLE_C_REF1_LSB = 1476;
  localparam int SAMPLE_C_REF1_W = 32;
  // in  ref2: lane 2 depth-compare reference (binary32)
  localparam int SAMPLE_C_REF2_LSB = 1444;
  localparam int SAMPLE_C_REF2_W = 32;
  // in  ref3: lane 3 depth-compare reference (binary32)
  localparam int SAMPLE_C_REF3_LSB = 1412;
  localparam int SAMPLE_C_REF3_W = 32;
  // in  c0_0: lane 0 coordinate c0 (binary32): canonical order (s, t, r, layer) / cube (rx, ry, rz, cube)
  localparam int SAMPLE_C_C0_0_LSB = 1380;
  localparam int SAMPLE_C_C0_0_W = 32;
  // in  c0_1: lane 0 coordinate c1 (binary32): canonical order (s, t, r, layer) / cube (rx, ry, rz, cube)
  localparam int SAMPLE_C_C0_1_LSB = 1348;
  localparam int SAMPLE_C_C0_1_W = 32;
  // in  c0_2: lane 0 coordinate c2 (binary32): canonical order (s, t, r, layer) / cube (rx, ry, rz, cube)
  localparam int SAMPLE_C_C0_2_LSB = 1316;
  localparam int SAMPLE_C_C0_2_W = 32;
  // in  c0_3: lane 0 coordinate c3 (binary32): canonical order (s, t, r, layer) / cube (rx, ry, rz, cube)
  localparam int SAMPLE_C_C0_3_LSB = 1284;
  localparam int SAMPLE_C_C0_3_W = 32;
  // in  c1_0: lane 1 coordinate c0 (binary32): canonical order (s, t, r, layer) / cube (rx, ry, rz, cube)
  localparam int SAMPLE_C_C1_0_LSB = 1252;
  localparam int SAMPLE_C_C1_0_W = 32;
  // in  c1_1: lane 1 coordinate c1 (binary32): canonical order (s, t, r, layer) / cube (rx, ry, rz, cube)
  localparam int SAMPLE_C_C1_1_LSB = 1220;
  localparam int SAMPLE_C_C1_1_W = 32;
  // in  c1_2: lane 1 coordinate c2 (binary32): canonical order (s, t, r, layer) / cube (rx, ry, rz, cube)
  localparam int SAMPLE_C_C1_2_LSB = 1188;
  localparam int SAMPLE_C_C1_2_W = 32;
  // in  c1_3: lane 1 coordinate c3 (binary32): canonical order (s, t, r, layer) / cube (rx, ry, rz, cube)
  localparam int SAMPLE_C_C1_3_LSB = 1156;
  localparam int SAMPLE_C_C1_3_W = 32;
  // in  c2_0: lane 2 coordinate c0 (binary32): canonical order (s, t, r, layer) / cube (rx, ry, rz, cube)
  localparam int SAMPLE_C_C2_0_LSB = 1124;
  localparam int SAMPLE_C_C2_0_W = 32;
  // in  c2_1: lane 2 coordinate c1 (binary32): canonical order (s, t, r, layer) / cube (rx, ry, rz, cube)
  localparam int SAMPLE_C_C2_1_LSB = 1092;
  localparam int SAMPLE_C_C2_1_W = 32;
  // in  c2_2: lane 2 coordinate c2 (binary32): canonical order (s, t, r, layer) / cube (rx, ry, rz, cube)
  localparam int SAMPLE_C_C2_2_LSB = 1060;
  localparam int SAMPLE_C_C2_2_W = 32;
  // in  c2_3: lane 2 coordinate c3 (binary32): canonical order (s, t, r, layer) / cube (rx, ry, rz, cube)
  localparam int SAMPLE_C_C2_3_LSB = 1028;
  localparam int SAMPLE_C_C2_3_W = 32;
  // in  c3_0: lane 3 coordinate c0 (binary32): canonical order (s, t, r, layer) / cube (rx, ry, rz, cube)
  localparam int SAMPLE_C_C3_0_LSB = 996;
  localparam int SAMPLE_C_C3_0_W = 32;
  // in  c3_1: lane 3 coordinate c1 (binary32): canonical order (s, t, r, layer) / cube (rx, ry, rz, cube)
  localparam int SAMPLE_C_C3_1_LSB = 964;
  localparam int SAMPLE_C_C3_1_W = 32;
  // in  c3_2: lane 3 coordinate c2 (binary32): canonical order (s, t, r, layer) / cube (rx, ry, rz, cube)
  localparam int SAMPLE_C_C3_2_LSB = 932;
  localparam int SAMPLE_C_C3_2_W = 32;
  // in  c3_3: lane 3 coordinate c3 (binary32): canonical order (s, t, r, layer) / cube (rx, ry, rz, cube)
  localparam int SAMPLE_C_C3_3_LSB = 900;
  localparam int SAMPLE_C_C3_3_W = 32;
  // in  dx0_0: lane 0 d(c0)/dx (binary32), used when grads = 1
  localparam int SAMPLE_C_DX0_0_LSB = 868;
  localparam int SAMPLE_C_DX0_0_W = 32;
  // in  dx0_1: lane 0 d(c1)/dx (binary32), used when grads = 1
  localparam int SAMPLE_C_DX0_1_LSB = 836;
  localparam int SAMPLE_C_DX0_1_W = 32;
  // in  dx0_2: lane 0 d(c2)/dx (binary32), used when grads = 1
  localparam int SAMPLE_C_DX0_2_LSB = 804;
  localparam int SAMPLE_C_DX0_2_W = 32;
  // in  dy0_0: lane 0 d(c0)/dy (binary32), used when grads = 1
  localparam int SAMPLE_C_DY0_0_LSB = 772;
  localparam int SAMPLE_C_DY0_0_W = 32;
  // in  dy0_1: lane 0 d(c1)/dy (binary32), used when grads = 1
  localparam int SAMPLE_C_DY0_1_LSB = 740;
  localparam int SAMPLE_C_DY0_1_W = 32;
  // in  dy0_2: lane 0 d(c2)/dy (binary32), used when grads = 1
  localparam int SAMPLE_C_DY0_2_LSB = 708;
  localparam int SAMPLE_C_DY0_2_W = 32;
  // in  dx1_0: lane 1 d(c0)/dx (binary32), used when grads = 1
  localparam int SAMPLE_C_DX1_0_LSB = 676;
  localparam int SAMPLE_C_DX1_0_W = 32;
  // in  dx1_1: lane 1 d(c1)/dx (binary32), used when grads = 1
  localparam int SAMPLE_C_DX1_1_LSB = 644;
  localparam int SAMPLE_C_DX1_1_W = 32;
  // in  dx1_2: lane 1 d(c2)/dx (binary32), used when grads = 1
  localparam int SAMPLE_C_DX1_2_LSB = 612;
  localparam int SAMPLE_C_DX1_2_W = 32;
  // in  dy1_0: lane 1 d(c0)/dy (binary32), used when grads = 1
  localparam int SAMPLE_C_DY1_0_LSB = 580;
  localparam int SAMPLE_C_DY1_0_W = 32;
  // in  dy1_1: lane 1 d(c1)/dy (binary32), used when grads = 1
  localparam int SAMPLE_C_DY1_1_LSB = 548;
  localparam int SAMPLE_C_DY1_1_W = 32;
  // in  dy1_2: lane 1 d(c2)/dy (binary32), used when grads = 1
  localparam int SAMPLE_C_DY1_2_LSB = 516;
  localparam int SAMPLE_C_DY1_2_W = 32;
  // in  dx2_0: lane 2 d(c0)/dx (binary32), used when grads = 1
  localparam int SAMPLE_C_DX2_0_LSB = 484;
  localparam int SAMPLE_C_DX2_0_W = 32;
  // in  dx2_1: lane 2 d(c1)/dx (binary32), used when grads = 1
  localparam int SAMPLE_C_DX2_1_LSB = 452;
  localparam int SAMPLE_C_DX2_1_W = 32;
  // in  dx2_2: lane 2 d(c2)/dx (binary32), used when grads = 1
  localparam int SAMPLE_C_DX2_2_LSB = 420;
  localparam int SAMPLE_C_DX2_2_W = 32;
  // in  dy2_0: lane 2 d(c0)/dy (binary32), used when grads = 1
  localparam int SAMPLE_C_DY2_0_LSB = 388;
  localparam int SAMPLE_C_DY2_0_W = 32;
  // in  dy2_1: lane 2 d(c1)/dy (binary32), used when grads = 1
  localparam int SAMPLE_C_DY2_1_LSB = 356;
  localparam int SAMPLE_C_DY2_1_W = 32;
  // in  dy2_2: lane 2 d(c2)/dy (binary32), used when grads = 1
  localparam int SAMPLE_C_DY2_2_LSB = 324;
  localparam int SAMPLE_C_DY2_2_W = 32;
  // in  dx3_0: lane 3 d(c0)/dx (binary32), used when grads = 1
  localparam int SAMPLE_C_DX3_0_LSB = 292;
  localparam int SAMPLE_C_DX3_0_W = 32;
  // in  dx3_1: lane 3 d(c1)/dx (binary32), used when grads = 1
  localparam int SAMPLE_C_DX3_1_LSB = 260;
  localparam int SAMPLE_C_DX3_1_W = 32;
  // in  dx3_2: lane 3 d(c2)/dx (binary32), used when grads = 1
  localparam int SAMPLE_C_DX3_2_LSB = 228;
  localparam int SAMPLE_C_DX3_2_W = 32;
  // in  dy3_0: lane 3 d(c0)/dy (binary32), used when grads = 1
  localparam int SAMPLE_C_DY3_0_LSB = 196;
  localparam int SAMPLE_C_DY3_0_W = 32;
  // in  dy3_1: lane 3 d(c1)/dy (binary32), used when grads = 1
  localparam int SAMPLE_C_DY3_1_LSB = 164;
  localparam int SAMPLE_C_DY3_1_W = 32;
  // in  dy3_2: lane 3 d(c2)/dy (binary32), used when grads = 1
  localparam int SAMPLE_C_DY3_2_LSB = 132;
  localparam int SAMPLE_C_DY3_2_W = 32;
  // in  tgsi: TGSI_*: OFF (SampleRequest form), TXB (per-lane bias), TXP (projective): c{l}_* = TGSI src0 register
  localparam int SAMPLE_C_TGSI_LSB = 128;
  localparam int SAMPLE_C_TGSI_W = 2;
  // in  src1_0: lane 0 TGSI src1.x (TXB bias when src0.w is taken; cube-array shadow reference), tgsi != OFF
  localparam int SAMPLE_C_SRC1_0_LSB = 96;
  localparam int SAMPLE_C_SRC1_0_W = 32;
  // in  src1_1: lane 1 TGSI src1.x (TXB bias when src0.w is taken; cube-array shadow reference), tgsi != OFF
  localparam int SAMPLE_C_SRC1_1_LSB = 64;
  localparam int SAMPLE_C_SRC1_1_W = 32;
  // in  src1_2: lane 2 TGSI src1.x (TXB bias when src0.w is taken; cube-array shadow reference), tgsi != OFF
  localparam int SAMPLE_C_SRC1_2_LSB = 32;
  localparam int SAMPLE_C_SRC1_2_W = 32;
  // in  src1_3: lane 3 TGSI src1.x (TXB bias when src0.w is taken; cube-array shadow reference), tgsi != OFF
  localparam int SAMPLE_C_SRC1_3_LSB = 0;
  localparam int SAMPLE_C_SRC1_3_W = 32;
  // out err: OP_ERR_*: 0 = executed, else why the core rejected the request (results then 0)
  localparam int SAMPLE_C_ERR_LSB = 516;
  localparam int SAMPLE_C_ERR_W = 4;
  // out status: STATUS_*: 0 = texture (and sampler) valid; HEADER_DECODE, SAMPLER_DECODE, UNBOUND (or, for TLD4S, the handle path's codes); invalid -> zero results
  localparam int SAMPLE_C_STATUS_LSB = 512;
  localparam int SAMPLE_C_STATUS_W = 4;
  // out r0_x: result component x, lane 0
  localparam int SAMPLE_C_R0_X_LSB = 480;
  localparam int SAMPLE_C_R0_X_W = 32;
  // out r0_y: result component y, lane 0
  localparam int SAMPLE_C_R0_Y_LSB = 448;
  localparam int SAMPLE_C_R0_Y_W = 32;
  // out r0_z: result component z, lane 0
  localparam int SAMPLE_C_R0_Z_LSB = 416;
  localparam int SAMPLE_C_R0_Z_W = 32;
  // out r0_w: result component w, lane 0
  localparam int SAMPLE_C_R0_W_LSB = 384;
  localparam int SAMPLE_C_R0_W_W = 32;
  // out r1_x: result component x, lane 1
  localparam int SAMPLE_C_R1_X_LSB = 352;
  localparam int SAMPLE_C_R1_X_W = 32;
  // out r1_y: result component y, lane 1
  localparam int SAMPLE_C_R1_Y_LSB = 320;
  localparam int SAMPLE_C_R1_Y_W = 32;
  // out r1_z: result component z, lane 1
  localparam int SAMPLE_C_R1_Z_LSB = 288;
  localparam int SAMPLE_C_R1_Z_W = 32;
  // out r1_w: result component w, lane 1
  localparam int SAMPLE_C_R1_W_LSB = 256;
  localparam int SAMPLE_C_R1_W_W = 32;
  // out r2_x: result component x, lane 2
  localparam int SAMPLE_C_R2_X_LSB = 224;
  localparam int SAMPLE_C_R2_X_W = 32;
  // out r2_y: result component y, lane 2
  localparam int SAMPLE_C_R2_Y_LSB = 192;
  localparam int SAMPLE_C_R2_Y_W = 32;
  // out r2_z: result component z, lane 2
  localparam int SAMPLE_C_R2_Z_LSB = 160;
  localparam int SAMPLE_C_R2_Z_W = 32;
  // out r2_w: result component w, lane 2
  localparam int SAMPLE_C_R2_W_LSB = 128;
  localparam int SAMPLE_C_R2_W_W = 32;
  // out r3_x: result component x, lane 3
  localparam int SAMPLE_C_R3_X_LSB = 96;
  localparam int SAMPLE_C_R3_X_W = 32;
  // out r3_y: result component y, lane 3
  localparam int SAMPLE_C_R3_Y_LSB = 64;
  localparam int SAMPLE_C_R3_Y_W = 32;
  // out r3_z: result component z, lane 3
  localparam int SAMPLE_C_R3_Z_LSB = 32;
  localparam int SAMPLE_C_R3_Z_W = 32;
  // out r3_w: result component w, lane 3
  localparam int SAMPLE_C_R3_W_LSB = 0;
  localparam int SAMPLE_C_R3_W_W = 32;

  // =====================================================================================
  // unit gather: op: GATHER4 (with compare) and NVIDIA TLD4S (.AOFFI, .DC, .F16) of a quad
  // vector file gather.vec, images: texmem.hex, op_hdr.hex, op_smp.hex
  // A line read with %h is a GATHER_LINE_W-bit word; inputs = line[GATHER_LINE_W-1:GATHER_OUT_W],
  // outputs = line[GATHER_OUT_W-1:0]; each field's _LSB is its position in its own word.
  localparam int GATHER_IN_W = 704;
  localparam int GATHER_OUT_W = 520;
  localparam int GATHER_LINE_W = 1224;
  localparam int GATHER_LINE_CHARS = 354;  // bytes per line incl. newline
  localparam int GATHER_N_FIELDS = 48;
  // in  hdr: op texture-header slot (op_hdr.hex); >= OP_HDR_ENTRIES = unbound
  localparam int GATHER_HDR_LSB = 696;
  localparam int GATHER_HDR_W = 8;
  // in  smp: op sampler slot (op_smp.hex); >= OP_SMP_ENTRIES = unbound
  localparam int GATHER_SMP_LSB = 684;
  localparam int GATHER_SMP_W = 9;
  // in  tld4s: 0 = TGSI GATHER4 (hdr/smp slots), 1 = NVIDIA TLD4S per lane (bindless handle smp<<20 | hdr, MaximumIndex = pool size - 1)
  localparam int GATHER_TLD4S_LSB = 680;
  localparam int GATHER_TLD4S_W = 1;
  // in  comp: component 0..3 (.R .G .B .A after the view swizzle); 4..7 rejected (COMPONENT)
  localparam int GATHER_COMP_LSB = 676;
  localparam int GATHER_COMP_W = 3;
  // in  cmp: depth compare with ref* (GATHER4 compare form / TLD4S .DC)
  localparam int GATHER_CMP_LSB = 672;
  localparam int GATHER_CMP_W = 1;
  // in  aoffi: TLD4S .AOFFI (GATHER4 always applies off_u, off_v)
  localparam int GATHER_AOFFI_LSB = 668;
  localparam int GATHER_AOFFI_W = 1;
  // in  f16: TLD4S .F16: F16_OFF, F16_RNE, F16_RTZ (GATHER4: ignored)
  localparam int GATHER_F16_LSB = 664;
  localparam int GATHER_F16_W = 2;
  // in  off_u: texel offset u, 8-bit two's complement (valid GATHER4 -32..31 (u, v; w ignored); TLD4S: each packed modulo 64 into .AOFFI)
  localparam int GATHER_OFF_U_LSB = 656;
  localparam int GATHER_OFF_U_W = 8;
  // in  off_v: texel offset v, 8-bit two's complement (valid GATHER4 -32..31 (u, v; w ignored); TLD4S: each packed modulo 64 into .AOFFI)
  localparam int GATHER_OFF_V_LSB = 648;
  localparam int GATHER_OFF_V_W = 8;
  // in  off_w: texel offset w, 8-bit two's complement (valid GATHER4 -32..31 (u, v; w ignored); TLD4S: each packed modulo 64 into .AOFFI)
  localparam int GATHER_OFF_W_LSB = 640;
  localparam int GATHER_OFF_W_W = 8;
  // in  ref0: lane 0 depth-compare reference (binary32)
  localparam int GATHER_REF0_LSB = 608;
  localparam int GATHER_REF0_W = 32;
  // in  ref1: lane 1 depth-compare reference (binary32)
  localparam int GATHER_REF1_LSB = 576;
  localparam int GATHER_REF1_W = 32;
  // in  ref2: lane 2 depth-compare reference (binary32)
  localparam int GATHER_REF2_LSB = 544;
  localparam int GATHER_REF2_W = 32;
  // in  ref3: lane 3 depth-compare reference (binary32)
  localparam int GATHER_REF3_LSB = 512;
  localparam int GATHER_REF3_W = 32;
  // in  c0_0: lane 0 coordinate c0 (binary32): GATHER4 2D (s, t), 2D array (s, t, layer), cube (rx, ry, rz), cube array (+cube); TLD4S (s, t)
  localparam int GATHER_C0_0_LSB = 480;
  localparam int GATHER_C0_0_W = 32;
  // in  c0_1: lane 0 coordinate c1 (binary32): GATHER4 2D (s, t), 2D array (s, t, layer), cube (rx, ry, rz), cube array (+cube); TLD4S (s, t)
  localparam int GATHER_C0_1_LSB = 448;
  localparam int GATHER_C0_1_W = 32;
  // in  c0_2: lane 0 coordinate c2 (binary32): GATHER4 2D (s, t), 2D array (s, t, layer), cube (rx, ry, rz), cube array (+cube); TLD4S (s, t)
  localparam int GATHER_C0_2_LSB = 416;
  localparam int GATHER_C0_2_W = 32;
  // in  c0_3: lane 0 coordinate c3 (binary32): GATHER4 2D (s, t), 2D array (s, t, layer), cube (rx, ry, rz), cube array (+cube); TLD4S (s, t)
  localparam int GATHER_C0_3_LSB = 384;
  localparam int GATHER_C0_3_W = 32;
  // in  c1_0: lane 1 coordinate c0 (binary32): GATHER4 2D (s, t), 2D array (s, t, layer), cube (rx, ry, rz), cube array (+cube); TLD4S (s, t)
  localparam int GATHER_C1_0_LSB = 352;
  localparam int GATHER_C1_0_W = 32;
  // in  c1_1: lane 1 coordinate c1 (binary32): GATHER4 2D (s, t), 2D array (s, t, layer), cube (rx, ry, rz), cube array (+cube); TLD4S (s, t)
  localparam int GATHER_C1_1_LSB = 320;
  localparam int GATHER_C1_1_W = 32;
  // in  c1_2: lane 1 coordinate c2 (binary32): GATHER4 2D (s, t), 2D array (s, t, layer), cube (rx, ry, rz), cube array (+cube); TLD4S (s, t)
  localparam int GATHER_C1_2_LSB = 288;
  localparam int GATHER_C1_2_W = 32;
  // in  c1_3: lane 1 coordinate c3 (binary32): GATHER4 2D (s, t), 2D array (s, t, layer), cube (rx, ry, rz), cube array (+cube); TLD4S (s, t)
  localparam int GATHER_C1_3_LSB = 256;
  localparam int GATHER_C1_3_W = 32;
  // in  c2_0: lane 2 coordinate c0 (binary32): GATHER4 2D (s, t), 2D array (s, t, layer), cube (rx, ry, rz), cube array (+cube); TLD4S (s, t)
  localparam int GATHER_C2_0_LSB = 224;
  localparam int GATHER_C2_0_W = 32;
  // in  c2_1: lane 2 coordinate c1 (binary32): GATHER4 2D (s, t), 2D array (s, t, layer), cube (rx, ry, rz), cube array (+cube); TLD4S (s, t)
  localparam int GATHER_C2_1_LSB = 192;
  localparam int GATHER_C2_1_W = 32;
  // in  c2_2: lane 2 coordinate c2 (binary32): GATHER4 2D (s, t), 2D array (s, t, layer), cube (rx, ry, rz), cube array (+cube); TLD4S (s, t)
  localparam int GATHER_C2_2_LSB = 160;
  localparam int GATHER_C2_2_W = 32;
  // in  c2_3: lane 2 coordinate c3 (binary32): GATHER4 2D (s, t), 2D array (s, t, layer), cube (rx, ry, rz), cube array (+cube); TLD4S (s, t)
  localparam int GATHER_C2_3_LSB = 128;
  localparam int GATHER_C2_3_W = 32;
  // in  c3_0: lane 3 coordinate c0 (binary32): GATHER4 2D (s, t), 2D array (s, t, layer), cube (rx, ry, rz), cube array (+cube); TLD4S (s, t)
  localparam int GATHER_C3_0_LSB = 96;
  localparam int GATHER_C3_0_W = 32;
  // in  c3_1: lane 3 coordinate c1 (binary32): GATHER4 2D (s, t), 2D array (s, t, layer), cube (rx, ry, rz), cube array (+cube); TLD4S (s, t)
  localparam int GATHER_C3_1_LSB = 64;
  localparam int GATHER_C3_1_W = 32;
  // in  c3_2: lane 3 coordinate c2 (binary32): GATHER4 2D (s, t), 2D array (s, t, layer), cube (rx, ry, rz), cube array (+cube); TLD4S (s, t)
  localparam int GATHER_C3_2_LSB = 32;
  localparam int GATHER_C3_2_W = 32;
  // in  c3_3: lane 3 coordinate c3 (binary32): GATHER4 2D (s, t), 2D array (s, t, layer), cube (rx, ry, rz), cube array (+cube); TLD4S (s, t)
  localparam int GATHER_C3_3_LSB = 0;
  localparam int GATHER_C3_3_W = 32;
  // out err: OP_ERR_*: 0 = executed, else why the core rejected the request (results then 0)
  localparam int GATHER_ERR_LSB = 516;
  localparam int GATHER_ERR_W = 4;
  // out status: STATUS_*: 0 = texture (and sampler) valid; HEADER_DECODE, SAMPLER_DECODE, UNBOUND (or, for TLD4S, the handle path's codes); invalid -> zero results
  localparam int GATHER_STATUS_LSB = 512;
  localparam int GATHER_STATUS_W = 4;
  // out r0_x: result component x, lane 0
  localparam int GATHER_R0_X_LSB = 480;
  localparam int GATHER_R0_X_W = 32;
  // out r0_y: result component y, lane 0
  localparam int GATHER_R0_Y_LSB = 448;
  localparam int GATHER_R0_Y_W = 32;
  // out r0_z: result component z, lane 0
  localparam int GATHER_R0_Z_LSB = 416;
  localparam int GATHER_R0_Z_W = 32;
  // out r0_w: result component w, lane 0
  localparam int GATHER_R0_W_LSB = 384;
  localparam int GATHER_R0_W_W = 32;
  // out r1_x: result component x, lane 1
  localparam int GATHER_R1_X_LSB = 352;
  localparam int GATHER_R1_X_W = 32;
  // out r1_y: result component y, lane 1
  localparam int GATHER_R1_Y_LSB = 320;
  localparam int GATHER_R1_Y_W = 32;
  // out r1_z: result component z, lane 1
  localparam int GATHER_R1_Z_LSB = 288;
  localparam int GATHER_R1_Z_W = 32;
  // out r1_w: result component w, lane 1
  localparam int GATHER_R1_W_LSB = 256;
  localparam int GATHER_R1_W_W = 32;
  // out r2_x: result component x, lane 2
  localparam int GATHER_R2_X_LSB = 224;
  localparam int GATHER_R2_X_W = 32;
  // out r2_y: result component y, lane 2
  localparam int GATHER_R2_Y_LSB = 192;
  localparam int GATHER_R2_Y_W = 32;
  // out r2_z: result component z, lane 2
  localparam int GATHER_R2_Z_LSB = 160;
  localparam int GATHER_R2_Z_W = 32;
  // out r2_w: result component w, lane 2
  localparam int GATHER_R2_W_LSB = 128;
  localparam int GATHER_R2_W_W = 32;
  // out r3_x: result component x, lane 3
  localparam int GATHER_R3_X_LSB = 96;
  localparam int GATHER_R3_X_W = 32;
  // out r3_y: result component y, lane 3
  localparam int GATHER_R3_Y_LSB = 64;
  localparam int GATHER_R3_Y_W = 32;
  // out r3_z: result component z, lane 3
  localparam int GATHER_R3_Z_LSB = 32;
  localparam int GATHER_R3_Z_W = 32;
  // out r3_w: result component w, lane 3
  localparam int GATHER_R3_W_LSB = 0;
  localparam int GATHER_R3_W_W = 32;

  // =====================================================================================
  // unit fetch: op: TXF / SAMPLE_I / SAMPLE_I_MS / LOAD of one lane
  // vector file fetch.vec, images: texmem.hex, op_hdr.hex, op_smp.hex
  // A line read with %h is a FETCH_LINE_W-bit word; inputs = line[FETCH_LINE_W-1:FETCH_OUT_W],
  // outputs = line[FETCH_OUT_W-1:0]; each field's _LSB is its position in its own word.
  localparam int FETCH_IN_W = 196;
  localparam int FETCH_OUT_W = 136;
  localparam int FETCH_LINE_W = 332;
  localparam int FETCH_LINE_CHARS = 99;  // bytes per line incl. newline
  localparam int FETCH_N_FIELDS = 16;
  // in  hdr: op texture-header slot (op_hdr.hex); >= OP_HDR_ENTRIES = unbound
  localparam int FETCH_HDR_LSB = 188;
  localparam int FETCH_HDR_W = 8;
  // in  op: FETCH_OP_*: TXF, SAMPLE_I, SAMPLE_I_MS, LOAD
  localparam int FETCH_OP_LSB = 184;
  localparam int FETCH_OP_W = 2;
  // in  x: address x / element; TXF signed, SAMPLE_I unsigned
  localparam int FETCH_X_LSB = 152;
  localparam int FETCH_X_W = 32;
  // in  y: address y or 1D-array layer; TXF signed, SAMPLE_I unsigned
  localparam int FETCH_Y_LSB = 120;
  localparam int FETCH_Y_W = 32;
  // in  z: address z or layer; TXF signed, SAMPLE_I unsigned
  localparam int FETCH_Z_LSB = 88;
  localparam int FETCH_Z_W = 32;
  // in  level: address level (relative to base_level); TXF signed, SAMPLE_I unsigned
  localparam int FETCH_LEVEL_LSB = 56;
  localparam int FETCH_LEVEL_W = 32;
  // in  sample: sample index (SAMPLE_I_MS)
  localparam int FETCH_SAMPLE_LSB = 24;
  localparam int FETCH_SAMPLE_W = 32;
  // in  off_u: texel offset u, 8-bit two's complement (valid -8..7, TXF only)
  localparam int FETCH_OFF_U_LSB = 16;
  localparam int FETCH_OFF_U_W = 8;
  // in  off_v: texel offset v, 8-bit two's complement (valid -8..7, TXF only)
  localparam int FETCH_OFF_V_LSB = 8;
  localparam int FETCH_OFF_V_W = 8;
  // in  off_w: texel offset w, 8-bit two's complement (valid -8..7, TXF only)
  localparam int FETCH_OFF_W_LSB = 0;
  localparam int FETCH_OFF_W_W = 8;
  // out err: OP_ERR_*: 0 = executed, else why the core rejected the request (results then 0)
  localparam int FETCH_ERR_LSB = 132;
  localparam int FETCH_ERR_W = 4;
  // out status: STATUS_*: 0 = texture (and sampler) valid; HEADER_DECODE, SAMPLER_DECODE, UNBOUND (or, for TLD4S, the handle path's codes); invalid -> zero results
  localparam int FETCH_STATUS_LSB = 128;
  localparam int FETCH_STATUS_W = 4;
  // out r_x: result component x
  localparam int FETCH_R_X_LSB = 96;
  localparam int FETCH_R_X_W = 32;
  // out r_y: result component y
  localparam int FETCH_R_Y_LSB = 64;
  localparam int FETCH_R_Y_W = 32;
  // out r_z: result component z
  localparam int FETCH_R_Z_LSB = 32;
  localparam int FETCH_R_Z_W = 32;
  // out r_w: result component w
  localparam int FETCH_R_W_LSB = 0;
  localparam int FETCH_R_W_W = 32;

  // =====================================================================================
  // unit tmml: op: NVIDIA TMML.LOD of a quad (bindless handle; R = lambda', G = LOD used, B = major axis, A = log2 ratio)
  // vector file tmml.vec, images: texmem.hex, op_hdr.hex, op_smp.hex
  // A line read with %h is a TMML_LINE_W-bit word; inputs = line[TMML_LINE_W-1:TMML_OUT_W],
  // outputs = line[TMML_OUT_W-1:0]; each field's _LSB is its position in its own word.
  localparam int TMML_IN_W = 536;
  localparam int TMML_OUT_W = 520;
  localparam int TMML_LINE_W = 1056;
  localparam int TMML_LINE_CHARS = 301;  // bytes per line incl. newline
  localparam int TMML_N_FIELDS = 37;
  // in  hdr: op texture-header slot (op_hdr.hex); >= OP_HDR_ENTRIES = unbound
  localparam int TMML_HDR_LSB = 528;
  localparam int TMML_HDR_W = 8;
  // in  smp: op sampler slot (op_smp.hex); >= OP_SMP_ENTRIES = unbound
  localparam int TMML_SMP_LSB = 516;
  localparam int TMML_SMP_W = 9;
  // in  desc: #paramA: 1D, 2D, 3D, CUBE, ARRAY_1D, ARRAY_2D, (6 reserved: not in the vectors), ARRAY_CUBE
  localparam int TMML_DESC_LSB = 512;
  localparam int TMML_DESC_W = 3;
  // in  ra0_0: lane 0 register Ra+0: (array[15:0],) s, t, r (binary32)
  localparam int TMML_RA0_0_LSB = 480;
  localparam int TMML_RA0_0_W = 32;
  // in  ra0_1: lane 0 register Ra+1: (array[15:0],) s, t, r (binary32)
  localparam int TMML_RA0_1_LSB = 448;
  localparam int TMML_RA0_1_W = 32;
  // in  ra0_2: lane 0 register Ra+2: (array[15:0],) s, t, r (binary32)
  localparam int TMML_RA0_2_LSB = 416;
  localparam int TMML_RA0_2_W = 32;
  // in  ra0_3: lane 0 register Ra+3: (array[15:0],) s, t, r (binary32)
  localparam int TMML_RA0_3_LSB = 384;
  localparam int TMML_RA0_3_W = 32;
  // in  ra1_0: lane 1 register Ra+0: (array[15:0],) s, t, r (binary32)
  localparam int TMML_RA1_0_LSB = 352;
  localparam int TMML_RA1_0_W = 32;
  // in  ra1_1: lane 1 register Ra+1: (array[15:0],) s, t, r (binary32)
  localparam int TMML_RA1_1_LSB = 320;
  localparam int TMML_RA1_1_W = 32;
  // in  ra1_2: lane 1 register Ra+2: (array[15:0],) s, t, r (binary32)
  localparam int TMML_RA1_2_LSB = 288;
  localparam int TMML_RA1_2_W = 32;
  // in  ra1_3: lane 1 register Ra+3: (array[15:0],) s, t, r (binary32)
  localparam int TMML_RA1_3_LSB = 256;
  localparam int TMML_RA1_3_W = 32;
  // in  ra2_0: lane 2 register Ra+0: (array[15:0],) s, t, r (binary32)
  localparam int TMML_RA2_0_LSB = 224;
  localparam int TMML_RA2_0_W = 32;
  // in  ra2_1: lane 2 register Ra+1: (array[15:0],) s, t, r (binary32)
  localparam int TMML_RA2_1_LSB = 192;
  localparam int TMML_RA2_1_W = 32;
  // in  ra2_2: lane 2 register Ra+2: (array[15:0],) s, t, r (binary32)
  localparam int TMML_RA2_2_LSB = 160;
  localparam int TMML_RA2_2_W = 32;
  // in  ra2_3: lane 2 register Ra+3: (array[15:0],) s, t, r (binary32)
  localparam int TMML_RA2_3_LSB = 128;
  localparam int TMML_RA2_3_W = 32;
  // in  ra3_0: lane 3 register Ra+0: (array[15:0],) s, t, r (binary32)
  localparam int TMML_RA3_0_LSB = 96;
  localparam int TMML_RA3_0_W = 32;
  // in  ra3_1: lane 3 register Ra+1: (array[15:0],) s, t, r (binary32)
  localparam int TMML_RA3_1_LSB = 64;
  localparam int TMML_RA3_1_W = 32;
  // in  ra3_2: lane 3 register Ra+2: (array[15:0],) s, t, r (binary32)
  localparam int TMML_RA3_2_LSB = 32;
  localparam int TMML_RA3_2_W = 32;
  // in  ra3_3: lane 3 register Ra+3: (array[15:0],) s, t, r (binary32)
  localparam int TMML_RA3_3_LSB = 0;
  localparam int TMML_RA3_3_W = 32;
  // out err: OP_ERR_*: 0, or COORD_DESC for a reserved #paramA (not in the vectors)
  localparam int TMML_ERR_LSB = 516;
  localparam int TMML_ERR_W = 4;
  // out status: STATUS_* of the handle path (pools with MaximumIndex = size - 1); invalid -> zero results
  localparam int TMML_STATUS_LSB = 512;
  localparam int TMML_STATUS_W = 4;
  // out r0_r: lane 0 R: lambda' S8.8
  localparam int TMML_R0_R_LSB = 480;
  localparam int TMML_R0_R_W = 32;
  // out r0_g: lane 0 G: LOD used U8.8
  localparam int TMML_R0_G_LSB = 448;
  localparam int TMML_R0_G_W = 32;
  // out r0_b: lane 0 B: major axis {v, u} S2.6
  localparam int TMML_R0_B_LSB = 416;
  localparam int TMML_R0_B_W = 32;
  // out r0_a: lane 0 A: log2(minor/major) S4.12
  localparam int TMML_R0_A_LSB = 384;
  localparam int TMML_R0_A_W = 32;
  // out r1_r: lane 1 R: lambda' S8.8
  localparam int TMML_R1_R_LSB = 352;
  localparam int TMML_R1_R_W = 32;
  // out r1_g: lane 1 G: LOD used U8.8
  localparam int TMML_R1_G_LSB = 320;
  localparam int TMML_R1_G_W = 32;
  // out r1_b: lane 1 B: major axis {v, u} S2.6
  localparam int TMML_R1_B_LSB = 288;
  localparam int TMML_R1_B_W = 32;
  // out r1_a: lane 1 A: log2(minor/major) S4.12
  localparam int TMML_R1_A_LSB = 256;
  localparam int TMML_R1_A_W = 32;
  // out r2_r: lane 2 R: lambda' S8.8
  localparam int TMML_R2_R_LSB = 224;
  localparam int TMML_R2_R_W = 32;
  // out r2_g: lane 2 G: LOD used U8.8
  localparam int TMML_R2_G_LSB = 192;
  localparam int TMML_R2_G_W = 32;
  // out r2_b: lane 2 B: major axis {v, u} S2.6
  localparam int TMML_R2_B_LSB = 160;
  localparam int TMML_R2_B_W = 32;
  // out r2_a: lane 2 A: log2(minor/major) S4.12
  localparam int TMML_R2_A_LSB = 128;
  localparam int TMML_R2_A_W = 32;
  // out r3_r: lane 3 R: lambda' S8.8
  localparam int TMML_R3_R_LSB = 96;
  localparam int TMML_R3_R_W = 32;
  // out r3_g: lane 3 G: LOD used U8.8
  localparam int TMML_R3_G_LSB = 64;
  localparam int TMML_R3_G_W = 32;
  // out r3_b: lane 3 B: major axis {v, u} S2.6
  localparam int TMML_R3_B_LSB = 32;
  localparam int TMML_R3_B_W = 32;
  // out r3_a: lane 3 A: log2(minor/major) S4.12
  localparam int TMML_R3_A_LSB = 0;
  localparam int TMML_R3_A_W = 32;

  // =====================================================================================
  // unit store: op: TGSI STORE / ATOM* of one lane as a write-port transaction (we, byte address, bytes) + the atomic's old texel
  // vector file store.vec, images: texmem.hex, op_hdr.hex, op_smp.hex
  // A line read with %h is a STORE_LINE_W-bit word; inputs = line[STORE_LINE_W-1:STORE_OUT_W],
  // outputs = line[STORE_OUT_W-1:0]; each field's _LSB is its position in its own word.
  localparam int STORE_IN_W = 396;
  localparam int STORE_OUT_W = 308;
  localparam int STORE_LINE_W = 704;
  localparam int STORE_LINE_CHARS = 203;  // bytes per line incl. newline
  localparam int STORE_N_FIELDS = 27;
  // in  hdr: op texture-header slot (op_hdr.hex); >= OP_HDR_ENTRIES = unbound
  localparam int STORE_HDR_LSB = 388;
  localparam int STORE_HDR_W = 8;
  // in  op: STORE_OP_*: STORE, UADD, XCHG, CAS, AND, OR, XOR, UMIN, UMAX, IMIN, IMAX
  localparam int STORE_OP_LSB = 384;
  localparam int STORE_OP_W = 4;
  // in  x: unsigned address x / element
  localparam int STORE_X_LSB = 352;
  localparam int STORE_X_W = 32;
  // in  y: unsigned address y or 1D-array layer
  localparam int STORE_Y_LSB = 320;
  localparam int STORE_Y_W = 32;
  // in  z: unsigned address z, layer or 6 x cube + face
  localparam int STORE_Z_LSB = 288;
  localparam int STORE_Z_W = 32;
  // in  w: unsigned address address.w (ignored by the core: first level only)
  localparam int STORE_W_LSB = 256;
  localparam int STORE_W_W = 32;
  // in  src_x: src.x: STORE value (binary32 or integer bits), atomic operand
  localparam int STORE_SRC_X_LSB = 224;
  localparam int STORE_SRC_X_W = 32;
  // in  src_y: src.y: STORE value (binary32 or integer bits), atomic operand
  localparam int STORE_SRC_Y_LSB = 192;
  localparam int STORE_SRC_Y_W = 32;
  // in  src_z: src.z: STORE value (binary32 or integer bits), atomic operand
  localparam int STORE_SRC_Z_LSB = 160;
  localparam int STORE_SRC_Z_W = 32;
  // in  src_w: src.w: STORE value (binary32 or integer bits), atomic operand
  localparam int STORE_SRC_W_LSB = 128;
  localparam int STORE_SRC_W_W = 32;
  // in  cmp_x: cmp.x: ATOMCAS compare value (ignored otherwise)
  localparam int STORE_CMP_X_LSB = 96;
  localparam int STORE_CMP_X_W = 32;
  // in  cmp_y: cmp.y: ATOMCAS compare value (ignored otherwise)
  localparam int STORE_CMP_Y_LSB = 64;
  localparam int STORE_CMP_Y_W = 32;
  // in  cmp_z: cmp.z: ATOMCAS compare value (ignored otherwise)
  localparam int STORE_CMP_Z_LSB = 32;
  localparam int STORE_CMP_Z_W = 32;
  // in  cmp_w: cmp.w: ATOMCAS compare value (ignored otherwise)
  localparam int STORE_CMP_W_LSB = 0;
  localparam int STORE_CMP_W_W = 32;
  // out err: OP_ERR_*: 0, ENCODE (STORE), ATOMIC_FORMAT (atomics); then no write and zero outputs
  localparam int STORE_ERR_LSB = 304;
  localparam int STORE_ERR_W = 4;
  // out status: STATUS_*: 0 = resource valid; HEADER_DECODE, UNBOUND -> no write, zeros
  localparam int STORE_STATUS_LSB = 300;
  localparam int STORE_STATUS_W = 4;
  // out we: 1 = the op wrote texel memory (address, bytes in range)
  localparam int STORE_WE_LSB = 296;
  localparam int STORE_WE_W = 1;
  // out waddr: byte address of the write (0 when we = 0)
  localparam int STORE_WADDR_LSB = 264;
  localparam int STORE_WADDR_W = 32;
  // out wbytes: bytes written, 1..16 (0 when we = 0)
  localparam int STORE_WBYTES_LSB = 256;
  localparam int STORE_WBYTES_W = 5;
  // out wdata0: written bytes 0..3 as a little-endian word (bytes past wbytes 0)
  localparam int STORE_WDATA0_LSB = 224;
  localparam int STORE_WDATA0_W = 32;
  // out wdata1: written bytes 4..7 as a little-endian word (bytes past wbytes 0)
  localparam int STORE_WDATA1_LSB = 192;
  localparam int STORE_WDATA1_W = 32;
  // out wdata2: written bytes 8..11 as a little-endian word (bytes past wbytes 0)
  localparam int STORE_WDATA2_LSB = 160;
  localparam int STORE_WDATA2_W = 32;
  // out wdata3: written bytes 12..15 as a little-endian word (bytes past wbytes 0)
  localparam int STORE_WDATA3_LSB = 128;
  localparam int STORE_WDATA3_W = 32;
  // out old_x: atomic: old texel component x after the component table (0 for STORE)
  localparam int STORE_OLD_X_LSB = 96;
  localparam int STORE_OLD_X_W = 32;
  // out old_y: atomic: old texel component y after the component table (0 for STORE)
  localparam int STORE_OLD_Y_LSB = 64;
  localparam int STORE_OLD_Y_W = 32;
  // out old_z: atomic: old texel component z after the component table (0 for STORE)
  localparam int STORE_OLD_Z_LSB = 32;
  localparam int STORE_OLD_Z_W = 32;
  // out old_w: atomic: old texel component w after the component table (0 for STORE)
  localparam int STORE_OLD_W_LSB = 0;
  localparam int STORE_OLD_W_W = 32;

endpackage
/* verilator lint_on UNUSEDPARAM */
