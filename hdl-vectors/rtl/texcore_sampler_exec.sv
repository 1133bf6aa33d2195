`timescale 1ns/1ps
// The sampler device's execution core: one SUBMIT payload in, its completion record and
// result words out (hal/src/protocol.rs, "SUBMIT checks" and the OPS table).
//
// Op dispatcher: reads payload word 0 (op code and header bytes), checks the op code (known
// and implemented: CAPS), the payload length and the operand encoding, loads the operand
// words and starts the engine of the op's class:
//
//   class   ops                                       engine
//   NVTXQ   NV_TXQ                                    texcore_txq_nv, run twice: the first
//                                                     pass resolves the handle (constant
//                                                     bank read by the unit) and names the
//                                                     header / sampler entries, which are
//                                                     then read into registers the second
//                                                     pass reads as its pool ROMs
//   TQ      TGSI_TXQ, SVIEWINFO, SAMPLE_INFO,         texcore_query_tgsi on the view's header
//           SAMPLE_POS
//   INFO    INTEL_INFO                                texcore_info_ctrl + texcore_resinfo_lane,
//                                                     one lane per clock
//   FETCH   TGSI_TXF, SAMPLE_I, SAMPLE_I_MS, LOAD     address (texcore_texel_addr) -> texel
//                                                     memory -> texcore_texel_decode ->
//                                                     texcore_gather_cmp (component -> binary32,
//                                                     one component per pass) -> swizzle
//   STORE   TGSI_STORE                                texcore_texel_encode -> texel memory
//   ATOM    the ten TGSI_ATOM*                        read, op, write; old texel as LOAD
//   SMP     TGSI_SAMPLE_L, SAMPLE, SAMPLE_B,          the sampling pipeline's first slice
//           SAMPLE_D; TEX, TXB, TXL, TXD (and their   (docs/hdl/sampler-pipeline.md), one lane
//           shadow forms); SAMPLE_C, SAMPLE_C_LZ,     and one tap at a time: [texcore_f32_sub
//           GATHER4; NV_TMML (the handle through
//           texcore_txq_nv as NV_TXQ, then the
//           implicit derivatives and the LOD unit
//           as SAMPLE, three passes: see "TMML");
//           NV_TLD4S (GATHER4's taps on the
//           handle's view; .F16: the four words
//           through texcore_f32_to_f16)
//                                                     (derivatives) ->] texcore_lod ->
//                                                     texcore_coord ->
//                                                     texcore_wrap -> texcore_texel_addr ->
//                                                     texel memory -> texcore_texel_decode ->
//                                                     texcore_filter_rgba8 -> swizzle
//                                                     (the compare ops: texcore_gather_cmp per
//                                                     tap before the filter, no swizzle;
//                                                     GATHER4: the four taps through
//                                                     texcore_gather_cmp, no filter)
//
// Every other op code answers ERR_UNSUPPORTED (its CAPS bit is clear). A sampling op answers
// ERR_UNSUPPORTED also when its view and sampler are outside the device's sampling subset
// (texcore_hal::subset::Subset::RTL), after the core's offset rejection, the zeros of an
// unbound view or sampler and the core's texture-type rejection. A part of the device
// that adds ops (the sampling pipeline) adds a class here, its CAPS bits in CAPS_IMPL, and
// its engine; the pools, constant bank and texel memory are read through the ports below.
//
// TGSI views / resources and Intel surfaces are header-pool pointers: a pointer above
// HEADER_POOL_MAX or at / past HEADER_ENTRIES is an unbound resource and reads as an
// all-zero header (which never decodes: zeros, as the core returns). NVIDIA handles go
// through the units' own MaximumIndex checks; pool entries past this device's capacities
// read as words that do not decode (headers all zero, samplers with word 7 = 1), and
// constant-bank indices past CBANK_WORDS as the handle 0xFFFFFFFF (header pointer 0xFFFFF,
// past every pool), so the result is the core's "invalid: zeros".
//
// Memories are synchronous-read RAMs outside this module (data the clock after the
// address). The texel memory is four byte lanes (byte a in lane a % 4, row a / 4).
module texcore_sampler_exec #(
  parameter int MEM_BYTES       = 65536,
  parameter int HEADER_ENTRIES  = 256,
  parameter int SAMPLER_ENTRIES = 256,
  parameter int CBANK_WORDS     = 1024,
  parameter int TAW             = 14,      // texel memory row address bits
  parameter int HAW             = 11,      // header pool word address bits
  parameter int SAW             = 11,      // sampler pool word address bits
  parameter int CAW             = 10,      // constant bank address bits
  parameter int SAMPLE_PIPE     = 1        // 1: the SMP class (TGSI_SAMPLE_L, SAMPLE, SAMPLE_B,
                                           // SAMPLE_D, TEX, TXB, TXL, TXD, SAMPLE_C, SAMPLE_C_LZ,
                                           // GATHER4: CAPS 13-16, 18-24; NV_TMML: CAPS 7) and its
                                           // units; 0: neither
                                           // (their CAPS bits clear)
) (
  input  logic              clk,
  input  logic              rst,
  input  logic              start,
  input  logic [8:0]        plen,          // SUBMIT payload bytes
  // payload word k = payload bytes 4k .. 4k+3
  output logic [5:0]        pw_addr,
  input  logic [31:0]       pw_rdata,      // payload word pw_addr (the clock before)
  // registers
  input  logic [19:0]       hdr_max,
  input  logic [19:0]       smp_max,
  input  logic              via_hdr,
  // pools (32-bit words; entry e = words 8e .. 8e+7) and constant bank
  output logic [HAW-1:0]    hp_addr,
  input  logic [31:0]       hp_data,
  output logic [SAW-1:0]    sp_addr,
  input  logic [31:0]       sp_data,
  output logic [CAW-1:0]    cb_addr,
  input  logic [31:0]       cb_data,
  // texel memory, four byte lanes: lane j at [TAW*j +: TAW] / [8*j +: 8]
  output logic [4*TAW-1:0]  tm_raddr,
  input  logic [31:0]       tm_rdata,
  output logic [3:0]        tm_we,
  output logic [4*TAW-1:0]  tm_waddr,
  output logic [31:0]       tm_wdata,
  // result buffer write port
  output logic              res_we,
  output logic [5:0]        res_addr,
  output logic [31:0]       res_data,
  // completion
  output logic              done,
  output logic [7:0]        status,        // TXC_ST_OK: `completion` is valid; else the SUBMIT error
  output logic [63:0]       completion,    // the 8-byte record, byte 0 in bits 7:0
  output logic [63:0]       caps           // CAPS1:CAPS: the implemented ops (constant)
);
`include "texcore_regs.vh"

  // ---------------------------------------------------------------- capabilities
  localparam logic [63:0] CAPS_IMPL =
      (64'd1 << TXC_OP_NV_TXQ_CAP) | (64'd1 << TXC_OP_TGSI_TXQ_CAP) | (64'd1 << TXC_OP_TGSI_SVIEWINFO_CAP)
    | (64'd1 << TXC_OP_TGSI_SAMPLE_INFO_CAP) | (64'd1 << TXC_OP_TGSI_SAMPLE_POS_CAP)
    | (64'd1 << TXC_OP_INTEL_INFO_CAP) | (64'd1 << TXC_OP_TGSI_TXF_CAP) | (64'd1 << TXC_OP_TGSI_SAMPLE_I_CAP)
    | (64'd1 << TXC_OP_TGSI_SAMPLE_I_MS_CAP) | (64'd1 << TXC_OP_TGSI_LOAD_CAP) | (64'd1 << TXC_OP_TGSI_STORE_CAP)
    | (64'd1 << TXC_OP_TGSI_ATOMUADD_CAP) | (64'd1 << TXC_OP_TGSI_ATOMXCHG_CAP) | (64'd1 << TXC_OP_TGSI_ATOMCAS_CAP)
    | (64'd1 << TXC_OP_TGSI_ATOMAND_CAP) | (64'd1 << TXC_OP_TGSI_ATOMOR_CAP) | (64'd1 << TXC_OP_TGSI_ATOMXOR_CAP)
    | (64'd1 << TXC_OP_TGSI_ATOMUMIN_CAP) | (64'd1 << TXC_OP_TGSI_ATOMUMAX_CAP)
    | (64'd1 << TXC_OP_TGSI_ATOMIMIN_CAP) | (64'd1 << TXC_OP_TGSI_ATOMIMAX_CAP)
    | (64'(SAMPLE_PIPE != 0) << TXC_OP_TGSI_SAMPLE_L_CAP)
    // the derivative ops of the SMP class (implicit quad differences, shader bias, explicit
    // derivatives)
    | (64'(SAMPLE_PIPE != 0) << TXC_OP_TGSI_SAMPLE_CAP) | (64'(SAMPLE_PIPE != 0) << TXC_OP_TGSI_SAMPLE_B_CAP)
    | (64'(SAMPLE_PIPE != 0) << TXC_OP_TGSI_SAMPLE_D_CAP)
    // the TEX family (TXP: its projective divide through texcore_f32_div)
    | (64'(SAMPLE_PIPE != 0) << TXC_OP_TGSI_TEX_CAP) | (64'(SAMPLE_PIPE != 0) << TXC_OP_TGSI_TXB_CAP)
    | (64'(SAMPLE_PIPE != 0) << TXC_OP_TGSI_TXL_CAP) | (64'(SAMPLE_PIPE != 0) << TXC_OP_TGSI_TXD_CAP)
    | (64'(SAMPLE_PIPE != 0) << TXC_OP_TGSI_TXP_CAP)
    // depth compare (SAMPLE_C, SAMPLE_C_LZ; the TEX family's shadow forms) and gather (GATHER4)
    | (64'(SAMPLE_PIPE != 0) << TXC_OP_TGSI_SAMPLE_C_CAP) | (64'(SAMPLE_PIPE != 0) << TXC_OP_TGSI_SAMPLE_C_LZ_CAP)
    | (64'(SAMPLE_PIPE != 0) << TXC_OP_TGSI_GATHER4_CAP)
    // NVIDIA TMML.LOD: the derivative path and the LOD unit of the SMP class
    | (64'(SAMPLE_PIPE != 0) << TXC_OP_NV_TMML_CAP)
    // NVIDIA TLD4S: the handle as TMML's, GATHER4's taps through the same gather path
    | (64'(SAMPLE_PIPE != 0) << TXC_OP_NV_TLD4S_CAP);

  assign caps = CAPS_IMPL;

  localparam logic [2:0] C_NONE = 3'd0, C_NVTXQ = 3'd1, C_TQ = 3'd2, C_INFO = 3'd3, C_FETCH = 3'd4,
                         C_STORE = 3'd5, C_ATOM = 3'd6, C_SMP = 3'd7;

  // Class, payload length and reserved header bytes (bit k set: byte k must be 0) of an
  // implemented op; C_NONE for every other code.
  function automatic logic [2:0] op_class(input logic [7:0] code);
    case (code)
      TXC_OP_NV_TXQ:                                     op_class = C_NVTXQ;
      TXC_OP_TGSI_TXQ, TXC_OP_TGSI_SVIEWINFO,
      TXC_OP_TGSI_SAMPLE_INFO, TXC_OP_TGSI_SAMPLE_POS:   op_class = C_TQ;
      TXC_OP_INTEL_INFO:                                 op_class = C_INFO;
      TXC_OP_TGSI_TXF, TXC_OP_TGSI_SAMPLE_I,
      TXC_OP_TGSI_SAMPLE_I_MS, TXC_OP_TGSI_LOAD:         op_class = C_FETCH;
      TXC_OP_TGSI_STORE:                                 op_class = C_STORE;
      TXC_OP_TGSI_ATOMUADD, TXC_OP_TGSI_ATOMXCHG, TXC_OP_TGSI_ATOMCAS, TXC_OP_TGSI_ATOMAND,
      TXC_OP_TGSI_ATOMOR, TXC_OP_TGSI_ATOMXOR, TXC_OP_TGSI_ATOMUMIN, TXC_OP_TGSI_ATOMUMAX,
      TXC_OP_TGSI_ATOMIMIN, TXC_OP_TGSI_ATOMIMAX:        op_class = C_ATOM;
      TXC_OP_TGSI_SAMPLE_L:                              op_class = (SAMPLE_PIPE != 0) ? C_SMP : C_NONE;
      TXC_OP_TGSI_SAMPLE, TXC_OP_TGSI_SAMPLE_B,
      TXC_OP_TGSI_SAMPLE_D:                              op_class = (SAMPLE_PIPE != 0) ? C_SMP : C_NONE;
      TXC_OP_TGSI_TEX, TXC_OP_TGSI_TXB, TXC_OP_TGSI_TXL,
      TXC_OP_TGSI_TXD, TXC_OP_TGSI_TXP:                  op_class = (SAMPLE_PIPE != 0) ? C_SMP : C_NONE;
      TXC_OP_TGSI_SAMPLE_C,
      TXC_OP_TGSI_SAMPLE_C_LZ:                           op_class = (SAMPLE_PIPE != 0) ? C_SMP : C_NONE;
      TXC_OP_TGSI_GATHER4:                               op_class = (SAMPLE_PIPE != 0) ? C_SMP : C_NONE;
      TXC_OP_NV_TMML, TXC_OP_NV_TLD4S:                   op_class = (SAMPLE_PIPE != 0) ? C_SMP : C_NONE;
      default:                                           op_class = C_NONE;
    endcase
  endfunction
  function automatic logic [8:0] op_len(input logic [7:0] code);
    case (code)
      TXC_OP_NV_TXQ:           op_len = 9'(TXC_OP_NV_TXQ_LEN);
      TXC_OP_TGSI_TXQ:         op_len = 9'(TXC_OP_TGSI_TXQ_LEN);
      TXC_OP_TGSI_SVIEWINFO:   op_len = 9'(TXC_OP_TGSI_SVIEWINFO_LEN);
      TXC_OP_TGSI_SAMPLE_INFO: op_len = 9'(TXC_OP_TGSI_SAMPLE_INFO_LEN);
      TXC_OP_TGSI_SAMPLE_POS:  op_len = 9'(TXC_OP_TGSI_SAMPLE_POS_LEN);
      TXC_OP_INTEL_INFO:       op_len = 9'(TXC_OP_INTEL_INFO_LEN);
      TXC_OP_TGSI_TXF:         op_len = 9'(TXC_OP_TGSI_TXF_LEN);
      TXC_OP_TGSI_SAMPLE_I:    op_len = 9'(TXC_OP_TGSI_SAMPLE_I_LEN);
      TXC_OP_TGSI_SAMPLE_I_MS: op_len = 9'(TXC_OP_TGSI_SAMPLE_I_MS_LEN);
      TXC_OP_TGSI_LOAD:        op_len = 9'(TXC_OP_TGSI_LOAD_LEN);
      TXC_OP_TGSI_STORE:       op_len = 9'(TXC_OP_TGSI_STORE_LEN);
      TXC_OP_TGSI_SAMPLE_L:    op_len = 9'(TXC_OP_TGSI_SAMPLE_L_LEN);
      TXC_OP_TGSI_SAMPLE:      op_len = 9'(TXC_OP_TGSI_SAMPLE_LEN);
      TXC_OP_TGSI_SAMPLE_B:    op_len = 9'(TXC_OP_TGSI_SAMPLE_B_LEN);
      TXC_OP_TGSI_SAMPLE_D:    op_len = 9'(TXC_OP_TGSI_SAMPLE_D_LEN);
      TXC_OP_TGSI_TEX:         op_len = 9'(TXC_OP_TGSI_TEX_LEN);
      TXC_OP_TGSI_TXB:         op_len = 9'(TXC_OP_TGSI_TXB_LEN);
      TXC_OP_TGSI_TXL:         op_len = 9'(TXC_OP_TGSI_TXL_LEN);
      TXC_OP_TGSI_TXD:         op_len = 9'(TXC_OP_TGSI_TXD_LEN);
      TXC_OP_TGSI_TXP:         op_len = 9'(TXC_OP_TGSI_TXP_LEN);
      TXC_OP_TGSI_SAMPLE_C,
      TXC_OP_TGSI_SAMPLE_C_LZ: op_len = 9'(TXC_OP_TGSI_SAMPLE_C_LZ_LEN);   // (the same layout)
      TXC_OP_TGSI_GATHER4:     op_len = 9'(TXC_OP_TGSI_GATHER4_LEN);
      TXC_OP_NV_TMML:          op_len = 9'(TXC_OP_NV_TMML_LEN);
      TXC_OP_NV_TLD4S:         op_len = 9'(TXC_OP_NV_TLD4S_LEN);
      default:                 op_len = 9'(TXC_OP_TGSI_ATOMUADD_LEN);   // the atomics
    endcase
  endfunction
  function automatic logic [5:0] op_cap(input logic [7:0] code);
    case (code)
      TXC_OP_NV_TXQ:           op_cap = 6'(TXC_OP_NV_TXQ_CAP);
      TXC_OP_TGSI_TXQ:         op_cap = 6'(TXC_OP_TGSI_TXQ_CAP);
      TXC_OP_TGSI_SVIEWINFO:   op_cap = 6'(TXC_OP_TGSI_SVIEWINFO_CAP);
      TXC_OP_TGSI_SAMPLE_INFO: op_cap = 6'(TXC_OP_TGSI_SAMPLE_INFO_CAP);
      TXC_OP_TGSI_SAMPLE_POS:  op_cap = 6'(TXC_OP_TGSI_SAMPLE_POS_CAP);
      TXC_OP_INTEL_INFO:       op_cap = 6'(TXC_OP_INTEL_INFO_CAP);
      TXC_OP_TGSI_TXF:         op_cap = 6'(TXC_OP_TGSI_TXF_CAP);
      TXC_OP_TGSI_SAMPLE_I:    op_cap = 6'(TXC_OP_TGSI_SAMPLE_I_CAP);
      TXC_OP_TGSI_SAMPLE_I_MS: op_cap = 6'(TXC_OP_TGSI_SAMPLE_I_MS_CAP);
      TXC_OP_TGSI_LOAD:        op_cap = 6'(TXC_OP_TGSI_LOAD_CAP);
      TXC_OP_TGSI_STORE:       op_cap = 6'(TXC_OP_TGSI_STORE_CAP);
      TXC_OP_TGSI_ATOMUADD:    op_cap = 6'(TXC_OP_TGSI_ATOMUADD_CAP);
      TXC_OP_TGSI_ATOMXCHG:    op_cap = 6'(TXC_OP_TGSI_ATOMXCHG_CAP);
      TXC_OP_TGSI_ATOMCAS:     op_cap = 6'(TXC_OP_TGSI_ATOMCAS_CAP);
      TXC_OP_TGSI_ATOMAND:     op_cap = 6'(TXC_OP_TGSI_ATOMAND_CAP);
      TXC_OP_TGSI_ATOMOR:      op_cap = 6'(TXC_OP_TGSI_ATOMOR_CAP);
      TXC_OP_TGSI_ATOMXOR:     op_cap = 6'(TXC_OP_TGSI_ATOMXOR_CAP);
      TXC_OP_TGSI_ATOMUMIN:    op_cap = 6'(TXC_OP_TGSI_ATOMUMIN_CAP);
      TXC_OP_TGSI_ATOMUMAX:    op_cap = 6'(TXC_OP_TGSI_ATOMUMAX_CAP);
      TXC_OP_TGSI_ATOMIMIN:    op_cap = 6'(TXC_OP_TGSI_ATOMIMIN_CAP);
      TXC_OP_TGSI_SAMPLE_L:    op_cap = 6'(TXC_OP_TGSI_SAMPLE_L_CAP);
      TXC_OP_TGSI_SAMPLE:      op_cap = 6'(TXC_OP_TGSI_SAMPLE_CAP);
      TXC_OP_TGSI_SAMPLE_B:    op_cap = 6'(TXC_OP_TGSI_SAMPLE_B_CAP);
      TXC_OP_TGSI_SAMPLE_D:    op_cap = 6'(TXC_OP_TGSI_SAMPLE_D_CAP);
      TXC_OP_TGSI_TEX:         op_cap = 6'(TXC_OP_TGSI_TEX_CAP);
      TXC_OP_TGSI_TXB:         op_cap = 6'(TXC_OP_TGSI_TXB_CAP);
      TXC_OP_TGSI_TXL:         op_cap = 6'(TXC_OP_TGSI_TXL_CAP);
      TXC_OP_TGSI_TXD:         op_cap = 6'(TXC_OP_TGSI_TXD_CAP);
      TXC_OP_TGSI_TXP:         op_cap = 6'(TXC_OP_TGSI_TXP_CAP);
      TXC_OP_TGSI_SAMPLE_C:    op_cap = 6'(TXC_OP_TGSI_SAMPLE_C_CAP);
      TXC_OP_TGSI_SAMPLE_C_LZ: op_cap = 6'(TXC_OP_TGSI_SAMPLE_C_LZ_CAP);
      TXC_OP_TGSI_GATHER4:     op_cap = 6'(TXC_OP_TGSI_GATHER4_CAP);
      TXC_OP_NV_TMML:          op_cap = 6'(TXC_OP_NV_TMML_CAP);
      TXC_OP_NV_TLD4S:         op_cap = 6'(TXC_OP_NV_TLD4S_CAP);
      default:                 op_cap = 6'(TXC_OP_TGSI_ATOMIMAX_CAP);
    endcase
  endfunction
  // The TEX family the SMP class runs (TEX, TXB, TXL, TXD, TXP) and the flag bits of its
  // header byte 1 (bit 0 shadow, bit 1 src1 present, TXD bit 2 ddx / ddy present).
  function automatic logic tex_code(input logic [7:0] c);
    tex_code = SAMPLE_PIPE != 0 && (c == TXC_OP_TGSI_TEX || c == TXC_OP_TGSI_TXB || c == TXC_OP_TGSI_TXL
                                    || c == TXC_OP_TGSI_TXD || c == TXC_OP_TGSI_TXP);
  endfunction
  function automatic logic [7:0] tex_flags(input logic [7:0] c);
    tex_flags = (c == TXC_OP_TGSI_TXD) ? 8'b111 : 8'b011;
  endfunction
  // NVIDIA TMML.LOD (the SMP class): byte 1 the handle source (0 constant bank, 1 bindless),
  // byte 2 the coordinate description (#paramA: 0 .. 5, 7)
  function automatic logic tm_code(input logic [7:0] c);
    tm_code = SAMPLE_PIPE != 0 && c == TXC_OP_NV_TMML;
  endfunction
  // NVIDIA TLD4S (the SMP class): byte 1 the handle source, byte 2 the component (any value:
  // above 3 the core's rejection), byte 3 the modifiers (bit 0 .AOFFI, bit 1 .DC, bit 2
  // .F16, bit 3 its rounding mode; bits 7:4 reserved, bit 3 without bit 2 not an encoding)
  function automatic logic t4_code(input logic [7:0] c);
    t4_code = SAMPLE_PIPE != 0 && c == TXC_OP_NV_TLD4S;
  endfunction

  // Component domain of the fetch output conversion (texcore::texel::domains): DOM_* and
  // bits, for component c (x, y, z, w) of format fmt; `se` = effective sRGB.
  // Word 0 of a known, implemented op of the right length: its header bytes 1..3 hold a
  // value the op does not define. Reserved bytes: NV_TXQ, INFO byte 3; atomics bytes 2, 3
  // (byte 1 is the replay tag); every other op bytes 1..3. NV_TXQ: query 1, 2, 5; source
  // 0, 1. GATHER4: byte 1 the component (any value), byte 2 the flags (bit 0). TMML: byte 1
  // the source (0, 1), byte 2 the description (0 .. 5, 7). TLD4S: byte 1 the source (0, 1),
  // byte 3 the modifiers (bits 24..27, not the value 2 in bits 26..27).
  function automatic logic w0_bad(input logic [31:0] w);
    logic [7:0] c;
    logic [2:0] k;
    c = w[7:0];
    k = op_class(c);
    if (t4_code(c))
      w0_bad = w[15:8] > 8'd1 || w[31:28] != 4'd0 || w[27:26] == 2'b10;
    else
      w0_bad = w[31:24] != 8'd0
        || (k != C_INFO && k != C_NVTXQ && !tm_code(c)
            && w[23:16] > ((c == TXC_OP_TGSI_GATHER4) ? 8'd1 : 8'd0))
        || (k != C_INFO && k != C_NVTXQ && k != C_ATOM && !tex_code(c)
            && c != TXC_OP_TGSI_GATHER4 && !tm_code(c) && w[15:8] != 8'd0)
        || (tm_code(c) && (w[15:8] > 8'd1 || w[23:16] == 8'd6 || w[23:16] > 8'd7))
        || (tex_code(c) && (w[15:8] & ~tex_flags(c)) != 8'd0)
        || (k == C_NVTXQ && (w[15:8] > 8'd1
            || !(w[23:16] == 8'd1 || w[23:16] == 8'd2 || w[23:16] == 8'd5)));
  endfunction
  function automatic logic [7:0] fmt_dom(input logic [7:0] fmt, input logic se, input logic [1:0] c);
    localparam logic [2:0] U = texcore_vectors_pkg::DOM_UNORM, S = texcore_vectors_pkg::DOM_SNORM,
                           H = texcore_vectors_pkg::DOM_F16, F = texcore_vectors_pkg::DOM_F32,
                           UI = texcore_vectors_pkg::DOM_UINT, SI = texcore_vectors_pkg::DOM_SINT;
    if (se) fmt_dom = (c == 2'd3) ? {U, 5'd8} : {U, 5'd16};
    else
      case (fmt)
        texcore_vectors_pkg::FMT_RGB565_UNORM:   fmt_dom = (c == 2'd1) ? {U, 5'd6} : {U, 5'd5};
        texcore_vectors_pkg::FMT_RGBA4444_UNORM: fmt_dom = {U, 5'd4};
        texcore_vectors_pkg::FMT_RGB5A1_UNORM:   fmt_dom = (c == 2'd3) ? {U, 5'd1} : {U, 5'd5};
        texcore_vectors_pkg::FMT_R16_UNORM, texcore_vectors_pkg::FMT_RG16_UNORM,
        texcore_vectors_pkg::FMT_RGBA16_UNORM, texcore_vectors_pkg::FMT_Z16_UNORM:
                                                 fmt_dom = {U, 5'd16};
        texcore_vectors_pkg::FMT_X8Z24_UNORM, texcore_vectors_pkg::FMT_Z24S8_UNORM:
                                                 fmt_dom = {U, 5'd24};
        texcore_vectors_pkg::FMT_R8_UNORM, texcore_vectors_pkg::FMT_RG8_UNORM,
        texcore_vectors_pkg::FMT_RGBA8_UNORM, texcore_vectors_pkg::FMT_BGRA8_UNORM,
        texcore_vectors_pkg::FMT_A8_UNORM, texcore_vectors_pkg::FMT_L8_UNORM,
        texcore_vectors_pkg::FMT_LA8_UNORM, texcore_vectors_pkg::FMT_I8_UNORM:
                                                 fmt_dom = {U, 5'd8};
        texcore_vectors_pkg::FMT_R8_SNORM, texcore_vectors_pkg::FMT_RG8_SNORM,
        texcore_vectors_pkg::FMT_RGBA8_SNORM, texcore_vectors_pkg::FMT_BGRA8_SNORM:
                                                 fmt_dom = {S, 5'd8};
        texcore_vectors_pkg::FMT_R16_FLOAT, texcore_vectors_pkg::FMT_RG16_FLOAT,
        texcore_vectors_pkg::FMT_RGBA16_FLOAT:   fmt_dom = {H, 5'd0};
        texcore_vectors_pkg::FMT_R32_FLOAT, texcore_vectors_pkg::FMT_RG32_FLOAT,
        texcore_vectors_pkg::FMT_RGBA32_FLOAT, texcore_vectors_pkg::FMT_Z32_FLOAT:
                                                 fmt_dom = {F, 5'd0};
        texcore_vectors_pkg::FMT_R8_SINT, texcore_vectors_pkg::FMT_RG8_SINT,
        texcore_vectors_pkg::FMT_RGBA8_SINT, texcore_vectors_pkg::FMT_R16_SINT,
        texcore_vectors_pkg::FMT_RG16_SINT, texcore_vectors_pkg::FMT_RGBA16_SINT,
        texcore_vectors_pkg::FMT_R32_SINT, texcore_vectors_pkg::FMT_RG32_SINT,
        texcore_vectors_pkg::FMT_RGBA32_SINT:    fmt_dom = {SI, 5'd0};
        default:                                 fmt_dom = {UI, 5'd0};   // UINT formats, S8
      endcase
  endfunction

  // The 32-bit integer formats the atomics accept (R32 / RG32 / RGBA32, UINT / SINT).
  function automatic logic atomic_fmt(input logic [7:0] fmt);
    case (fmt)
      texcore_vectors_pkg::FMT_R32_UINT, texcore_vectors_pkg::FMT_RG32_UINT, texcore_vectors_pkg::FMT_RGBA32_UINT,
      texcore_vectors_pkg::FMT_R32_SINT, texcore_vectors_pkg::FMT_RG32_SINT, texcore_vectors_pkg::FMT_RGBA32_SINT:
        atomic_fmt = 1'b1;
      default: atomic_fmt = 1'b0;
    endcase
  endfunction

  // texcore::op::resource::AtomicOp::apply
  function automatic logic [31:0] atomic_apply(input logic [7:0] code, input logic [31:0] old,
                                               input logic [31:0] src, input logic [31:0] cmp);
    case (code)
      TXC_OP_TGSI_ATOMUADD: atomic_apply = old + src;
      TXC_OP_TGSI_ATOMXCHG: atomic_apply = src;
      TXC_OP_TGSI_ATOMCAS:  atomic_apply = (old == cmp) ? src : old;
      TXC_OP_TGSI_ATOMAND:  atomic_apply = old & src;
      TXC_OP_TGSI_ATOMOR:   atomic_apply = old | src;
      TXC_OP_TGSI_ATOMXOR:  atomic_apply = old ^ src;
      TXC_OP_TGSI_ATOMUMIN: atomic_apply = (old < src) ? old : src;
      TXC_OP_TGSI_ATOMUMAX: atomic_apply = (old > src) ? old : src;
      TXC_OP_TGSI_ATOMIMIN: atomic_apply = ($signed(old) < $signed(src)) ? old : src;
      default:              atomic_apply = ($signed(old) > $signed(src)) ? old : src;   // IMAX
    endcase
  endfunction

  // ---------------------------------------------------------------- TXP's projection
  // TGSI TXP is TEX on src0 with x, y, z divided by w (binary32 RNE, texcore::coord::
  // project). Once its view and sampler are admitted, X_PJ divides the twelve words through
  // texcore_f32_div and keeps the quotients in pj; from then on a read of one of those
  // payload words (3 + 4 lane + c, c < 3) returns its quotient instead, so the TEX path reads
  // the projected coordinates wherever it reads src0 (coordinates, implicit derivatives, the
  // shadow reference in z). The substitution is chosen the clock before the data (from
  // pw_addr), so the payload's read path gains one 2:1 mux.
  logic [31:0]  pj [0:11];              // quotient of lane l, component c at 3l + c (a
                                        // 12-word register file: one write port, one read)
  logic [3:0]   pj_i;                   // the next quotient's index (written in order)
  logic         pj_on;                  // the quotients replace the words
  logic         pj_hit;                 // pw_data is a replaced word
  logic [31:0]  pj_word;
  wire  [3:0]   pj_a = 4'(pw_addr - 6'd3);      // (the hit test bounds the rest)
  wire  [3:0]   pj_r = {pj_a[3:2], 1'b0} + {2'b00, pj_a[3:2]} + {2'b00, pj_a[1:0]};   // 3l + c
  always @(posedge clk) begin
    pj_hit <= pj_on && pw_addr >= 6'd3 && pw_addr <= 6'd18 && pj_a[1:0] != 2'd3;
    pj_word <= pj[(pj_r < 4'd12) ? pj_r : 4'd0];
  end
  logic [31:0]  pw_data;
  assign pw_data = pj_hit ? pj_word : pw_rdata;
  logic         dv_start, dv_done;
  logic [31:0]  dv_a, dv_b, dv_q;
  logic [1:0]   pj_l, pj_c;             // lane; component (0 .. 2)
  logic [2:0]   pj_ph;                  // phase of the word being divided
  logic [31:0]  pj_w;                   // the lane's w
  always @(posedge clk)
    if (dv_done && pj_i < 4'd12) pj[pj_i] <= dv_q;

  // ---------------------------------------------------------------- state
  // Datapaths are one word (or one lane, channel, chunk) wide and sequenced by the state
  // machine below; wide values (payload, header, texel) sit in registers that are written
  // a 32-bit word at a time with constant-index enables and read through small muxes.
  localparam logic [6:0]
    X_IDLE = 7'd0, X_W0 = 7'd1, X_LOAD = 7'd2, X_VALID = 7'd3, X_DONE = 7'd4,
    X_HL = 7'd5, X_SL = 7'd6, X_HLW = 7'd7,
    X_NV1 = 7'd8, X_NV1W = 7'd9, X_NVH = 7'd10, X_NVS = 7'd11, X_NV2 = 7'd12, X_NV2W = 7'd13,
    X_TQ = 7'd14, X_TQW = 7'd15,
    X_IN = 7'd16, X_INL = 7'd17, X_INW = 7'd18, X_INLD = 7'd19, X_INR = 7'd20,
    X_FD = 7'd21, X_FA = 7'd22, X_FAW = 7'd23, X_FR = 7'd24, X_FRW = 7'd25,
    X_FEN = 7'd26, X_FWR = 7'd27, X_FENW = 7'd28, X_FDECW = 7'd29, X_FCV = 7'd30, X_FCVW = 7'd31,
    X_FRES = 7'd32, X_RES0 = 7'd33, X_FWP = 7'd34,
    X_S0 = 7'd35, X_S1 = 7'd36, X_SX = 7'd37, X_SXD = 7'd38, X_SYD = 7'd39, X_SC = 7'd40,
    X_SW = 7'd41, X_ST = 7'd42, X_STW = 7'd43, X_SR = 7'd44, X_SRD = 7'd45, X_SDEC = 7'd46,
    X_SDW = 7'd47, X_SF = 7'd48, X_SFW = 7'd49, X_SBE = 7'd50, X_SBEW = 7'd51, X_SBD = 7'd52,
    X_SBDW = 7'd53, X_SL0 = 7'd54, X_SL1 = 7'd55, X_SL2 = 7'd56, X_SL3 = 7'd57,
    X_SCP = 7'd58, X_SGA = 7'd59;
  localparam logic [6:0] X_SH = 7'd65;   // TLD4S.F16: the four words to binary16, packed
  localparam logic [6:0] X_SD = 7'd63;   // the lane's derivatives (SAMPLE, SAMPLE_B, SAMPLE_D)
  localparam logic [6:0] X_TZ = 7'd62;   // TEX family: absent optional operands must be 0
  localparam logic [6:0] X_TMB = 7'd60;  // TMML: passes 1 and 2 of the LOD unit
  localparam logic [6:0] X_TMC = 7'd61;  // TMML: B's components
  localparam logic [6:0] X_PJ = 7'd64;   // TXP: x, y, z of each lane divided by its w
  logic [6:0]   st, ret;
  logic [7:0]   code;
  logic [2:0]   cls;
  logic [447:32] opw;                  // payload words 1 .. 13 (word k at [32*k +: 32])
  logic [4:0]   k;                     // word / lane / byte counter
  logic [5:0]   rk;                    // result word counter
  logic [127:0] rwords;                // result words 0..3 of Vec4 results
  logic         rswz;                  // rwords are components x, y, z, w: swizzle them
  logic [127:0] tbuf;                  // the texel's bytes (byte i at [8i +: 8])
  logic         a_ok_q;                // the texel is addressable

  wire [31:0] w1 = opw[32 +: 32];
  wire [31:0] w2 = opw[64 +: 32];
  wire [31:0] w3 = opw[96 +: 32];
  wire [31:0] w4 = opw[128 +: 32];
  wire [31:0] w5 = opw[160 +: 32];
  wire [31:0] w6 = opw[192 +: 32];
  logic [7:0] b1, b2;                  // payload word 0 bytes 1, 2
  logic [3:0] b3;                      // byte 3, bits 3:0 (TLD4S: .AOFFI, .DC, .F16, toward zero)

  // ---------------------------------------------------------------- header / sampler load
  logic [255:0] hdr_w, smp_w;
  logic [31:0]  hl_ptr;
  logic         hl_ok;
  logic [3:0]   hk;
  // entry word hk - 1 is read while hk = 1 .. 8 (word 7 when hk = 8: 3-bit wrap)
  assign hp_addr = {hl_ptr[HAW-4:0], 3'(hk[2:0] - 3'd1)};
  assign sp_addr = {hl_ptr[SAW-4:0], 3'(hk[2:0] - 3'd1)};

  // ---------------------------------------------------------------- NVIDIA TXQ
  logic        nv_in, nv_out;
  logic [CAW-1:0] nv_cb_lo;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [texcore_vectors_pkg::CBANK_AW-1:0]    nv_cb_addr;   // (CAW low bits used)
  /* verilator lint_on UNUSEDSIGNAL */
  logic [texcore_vectors_pkg::HDR_POOL_AW-1:0] nv_hp_addr;
  logic [texcore_vectors_pkg::SMP_POOL_AW-1:0] nv_sp_addr;
  logic [texcore_vectors_pkg::HDR_POOL_AW-1:0] nv_hp_q;
  logic [texcore_vectors_pkg::SMP_POOL_AW-1:0] nv_sp_q;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [3:0]  nv_status, nv_wen;
  /* verilator lint_on UNUSEDSIGNAL */
  logic [31:0] nv_r0, nv_r1, nv_r2, nv_r3;
  wire         nv_bindless = b1 == 8'd1;
  wire         nv_ts_oob = !nv_bindless && (w1 >= 32'(CBANK_WORDS));
  texcore_txq_nv u_txq_nv (
    .clk(clk), .rst(rst), .in_valid(nv_in), .bindless(nv_bindless), .ts_idx(w1[12:0]), .handle(w1),
    .via_hdr(via_hdr), .hdr_max(hdr_max), .smp_max(smp_max), .query(b2[2:0]), .param(w2), .wmask(4'hF),
    .cb_addr(nv_cb_addr), .cb_data(nv_ts_oob ? 32'hFFFF_FFFF : cb_data),
    .hp_addr(nv_hp_addr), .hp_data(hdr_w), .sp_addr(nv_sp_addr), .sp_data(smp_w),
    .out_valid(nv_out), .status(nv_status), .wen(nv_wen),
    .rd0(nv_r0), .rd1(nv_r1), .rd2(nv_r2), .rd3(nv_r3)
  );
  assign nv_cb_lo = CAW'(nv_cb_addr);
  assign cb_addr = nv_cb_lo;

  // ---------------------------------------------------------------- TGSI queries
  // The device offers the integer forms only (the float-returning ones are not protocol
  // ops): the unit without its binary32 converters (FP32 = 0).
  logic        tq_in, tq_out;
  logic [1:0]  tq_op;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [texcore_vectors_pkg::HDR_POOL_AW-1:0] tq_hp_addr;
  logic [3:0]  tq_status;
  /* verilator lint_on UNUSEDSIGNAL */
  logic [31:0] tq_x, tq_y, tq_z, tq_w;
  always @* begin
    case (code)
      TXC_OP_TGSI_TXQ:         tq_op = texcore_vectors_pkg::TGSI_OP_TXQ;
      TXC_OP_TGSI_SVIEWINFO:   tq_op = texcore_vectors_pkg::TGSI_OP_SVIEWINFO;
      TXC_OP_TGSI_SAMPLE_INFO: tq_op = texcore_vectors_pkg::TGSI_OP_SAMPLE_INFO;
      default:                 tq_op = texcore_vectors_pkg::TGSI_OP_SAMPLE_POS;
    endcase
  end
  texcore_query_tgsi #(.FP32(1'b0)) u_query_tgsi (
    .clk(clk), .rst(rst), .in_valid(tq_in), .op(tq_op), .fp32(1'b0), .view(hl_ok ? 16'd0 : 16'hFFFF),
    .param((code == TXC_OP_TGSI_SAMPLE_INFO) ? 32'd0 : w2),
    .hp_addr(tq_hp_addr), .hp_data(hdr_w), .out_valid(tq_out), .status(tq_status),
    .x(tq_x), .y(tq_y), .z(tq_z), .w(tq_w)
  );

  // ---------------------------------------------------------------- header fields
  // One decode of the loaded header for every op class (the query units decode the same
  // register, hdr_w, and synthesis merges the identical logic). Its outputs, and the raw
  // fields the engines read, are registered: they are valid from the second clock after the
  // last header word (state X_HLW).
  logic        hd_ok, hdc_ok;
  logic [3:0]  hd_ty, hdc_ty;
  logic [4:0]  hd_samples, hd_base, hd_qw, hd_qh, hdc_samples, hdc_base, hdc_qw, hdc_qh;
  logic [31:0] hd_width, hdc_width;
  logic [16:0] hd_height, hd_depth, hdc_height, hdc_depth;
  logic [5:0]  hd_levels, hdc_levels;
  texcore_hdr_decode u_hdr (
    .words(hdr_w), .valid(hdc_ok), .ty(hdc_ty), .samples(hdc_samples), .width(hdc_width),
    .height(hdc_height), .depth(hdc_depth), .levels(hdc_levels), .base_level(hdc_base),
    .quilt_w(hdc_qw), .quilt_h(hdc_qh)
  );
  logic [7:0]  hd_fmt;
  logic        hd_srgb, hd_tiled, hd_se;
  logic [11:0] hd_swz;
  logic [31:0] hd_baddr, hd_pitch;
  logic [2:0]  hd_bpp_l2;
  always @(posedge clk) begin
    hd_ok <= hdc_ok; hd_ty <= hdc_ty; hd_samples <= hdc_samples; hd_width <= hdc_width;
    hd_height <= hdc_height; hd_depth <= hdc_depth; hd_levels <= hdc_levels; hd_base <= hdc_base;
    hd_qw <= hdc_qw; hd_qh <= hdc_qh;
    hd_fmt <= hdr_w[11:4];
    hd_srgb <= hdr_w[12];
    hd_tiled <= hdr_w[13];
    hd_swz <= hdr_w[29:18];
    hd_baddr <= hdr_w[63:32];
    hd_pitch <= hdr_w[191:160];
    hd_bpp_l2 <= texcore_vectors_pkg::FMT_BPT_LOG2[hdr_w[11:4] * 3 +: 3];
    hd_se <= hdr_w[12] & texcore_vectors_pkg::FMT_SRGB_CAPABLE[hdr_w[11:4]];
  end
  logic [2:0] hd_spp_l2;
  always @* begin
    case (hd_samples)
      5'd2:    hd_spp_l2 = 3'd1;
      5'd4:    hd_spp_l2 = 3'd2;
      5'd8:    hd_spp_l2 = 3'd3;
      5'd16:   hd_spp_l2 = 3'd4;
      default: hd_spp_l2 = 3'd0;
    endcase
  end
  wire hd_cube = hd_ty == texcore_vectors_pkg::TEX_CUBEMAP || hd_ty == texcore_vectors_pkg::TEX_CUBEMAP_ARRAY;
  wire hd_buf  = hd_ty == texcore_vectors_pkg::TEX_ONE_D_BUFFER;

  // ---------------------------------------------------------------- Intel INFO
  logic [1:0]   in_err;
  logic         in_res, in_16;
  logic [2:0]   in_mk;
  logic [15:0]  in_en;
  texcore_info_ctrl u_info_ctrl (
    .op(b1[4:0]), .exec(b2), .emask(w2), .err(in_err), .is_res(in_res), .lanes16(in_16),
    .mk(in_mk), .lane_en(in_en)
  );
  // rejection details (texcore::query::intel::InfoError): Op bits 4:0; Exec_size bits 2:0
  // (bad size) or 3:0 (bit 3 set); lanes and k of Mk
  wire  [7:0]   in_op_d0 = {3'd0, b1[4:0]};
  wire  [7:0]   in_es_d0 = (b2[2:0] == 3'b011 || b2[2:0] == 3'b100) ? {4'd0, b2[3:0]} : {5'd0, b2[2:0]};
  wire  [7:0]   in_ma_d0 = in_16 ? 8'd16 : 8'd8;
  wire  [7:0]   in_ma_d1 = {5'd0, in_mk} + 8'd1;
  wire  [7:0]   in_words = in_16 ? 8'd64 : 8'd32;
  // The lane's shift, base_level + lod, is formed when the LOD is read (saturated: any sum
  // of 2^32 or more gives the same all-zero sizes), and the lane's result is registered.
  logic [127:0] in_rgba, in_rgba_q;
  logic [31:0]  in_lod;
  wire  [32:0]  in_shift = {1'b0, pw_data} + {28'd0, hd_base};
  texcore_resinfo_lane u_resinfo (
    .ty(hd_ty), .width(hd_width), .height(hd_height), .depth(hd_depth), .levels(hd_levels),
    .base_level(5'd0), .quilt_w(hd_qw), .quilt_h(hd_qh), .lod(in_lod), .rgba(in_rgba)
  );
  wire          in_2d = hd_ty == texcore_vectors_pkg::TEX_TWO_D || hd_ty == texcore_vectors_pkg::TEX_TWO_D_ARRAY
                     || hd_ty == texcore_vectors_pkg::TEX_TWO_D_NO_MIPMAP;
  logic         in_surf_ok;
  logic [3:0]   in_lane;

  // ---------------------------------------------------------------- fetch / resources
  // Coordinates (34-bit two's complement: i32 + offset, or u32) and the level.
  logic signed [33:0] fa0, fa1, fa2, flvl;
  logic [31:0]  fx, fy, fz, flayer, fsample;
  logic [5:0]   flevel;
  logic         a_start, a_done, a_ok;
  // A filtered tap of the level and layer of an earlier tap of this op's pass reuses the
  // address unit's level walk and origin (its `again`, one slot per pass): a_key[p] is the
  // level and layer of pass p's last tap.
  logic         a_again, a_slot;
  logic [1:0]   a_key_v;
  logic [22:0]  a_key [0:1];
  // The next tap's address starts while this tap decodes (sm_pre): a_fin holds the unit's
  // done pulse until the sequencer waits for it.
  logic         a_fin, sm_pre;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [31:0]  a_addr;                 // < MEM_BYTES when a_ok
  /* verilator lint_on UNUSEDSIGNAL */
  texcore_texel_addr #(.MEM_BYTES(MEM_BYTES)) u_addr (
    .clk(clk), .rst(rst), .start(a_start), .again(a_again), .slot(a_slot), .ty(hd_ty), .tiled(hd_tiled), .width(hd_width),
    .height(hd_height), .depth(hd_depth), .levels(hd_levels), .base_level(hd_base),
    .base_address(hd_baddr), .row_pitch(hd_pitch), .bpp_log2(hd_bpp_l2), .spp_log2(hd_spp_l2),
    .level(flevel), .x(fx), .y(fy), .z(fz), .layer(flayer), .sample(fsample),
    .done(a_done), .ok(a_ok), .addr(a_addr)
  );
  wire  [4:0]   bpp = 5'd1 << hd_bpp_l2;
  wire  [2:0]   nchunk = (bpp <= 5'd4) ? 3'd1 : 3'(bpp >> 2);   // 4-byte chunks to move
  logic [2:0]   chunk;
  logic         rd_pend;
  logic [1:0]   rd_chunk;

  // STORE encode, one channel at a time
  wire  [31:0] w7_q = opw[224 +: 32];
  wire  [31:0] w8_q = opw[256 +: 32];
  wire  [31:0] w9_q = opw[288 +: 32];
  logic [1:0]  en_reject;
  logic [31:0] en_code;
  logic [6:0]  en_lsb;
  logic [5:0]  en_width;
  logic [1:0]  en_ch;
  logic        en_start, en_done;
  // STORE: the payload's components; SMP: the sampler's border colour (words 3 .. 6), stored
  // like a STORE into the view's format, then decoded like a tap (texcore::texel::border_texel)
  wire  [127:0] en_src = (cls == C_SMP) ? smp_w[223:96] : {w9_q, w8_q, w7_q, w6};
  texcore_texel_encode u_encode (
    .clk(clk), .rst(rst), .fmt(hd_fmt), .srgb(hd_srgb), .src(en_src), .ch(en_ch),
    .start(en_start), .reject(en_reject), .lsb(en_lsb), .width(en_width), .done(en_done), .code(en_code)
  );
  // the channel's bits at their place in its 32-bit chunk of the texel (a channel never
  // crosses a chunk boundary)
  wire  [31:0] en_bits = (en_code & ~(32'hFFFF_FFFF << en_width)) << en_lsb[4:0];

  // decode and output conversion: the decoder's outputs stay valid while tbuf is held; the
  // converter takes one component per pass (one texel datapath, LANES = 1: the unit
  // u_gather_cmp below, shared with the compare and GATHER4 taps)
  logic        dec_in, dec_out;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [63:0] dec_x, dec_y, dec_z, dec_w;   // every code fits 32 bits
  /* verilator lint_on UNUSEDSIGNAL */
  texcore_texel_decode u_decode (
    .clk(clk), .rst(rst), .in_valid(dec_in), .fmt(hd_fmt), .srgb(hd_srgb), .texel(tbuf),
    .out_valid(dec_out), .x(dec_x), .y(dec_y), .z(dec_z), .w(dec_w)
  );
  logic         cv_out;
  wire          cv_in;
  logic [1:0]   cv_c, cv_rc;
  /* verilator lint_off UNUSEDSIGNAL */
  logic         cv_err;
  /* verilator lint_on UNUSEDSIGNAL */
  logic [31:0]  cv_res;
  logic [31:0]  cv_comp;
  always @* begin
    case (cv_c)
      2'd0:    cv_comp = dec_x[31:0];
      2'd1:    cv_comp = dec_y[31:0];
      2'd2:    cv_comp = dec_z[31:0];
      default: cv_comp = dec_w[31:0];
    endcase
  end
  wire  [7:0]   cv_dom = fmt_dom(hd_fmt, hd_se, cv_c);
  assign cv_in = st == X_FCV;
  wire integer_fmt = fmt_dom(hd_fmt, hd_se, 2'd0) >= {texcore_vectors_pkg::DOM_UINT, 5'd0};

  // ---------------------------------------------------------------- outputs
  logic [7:0]  c_outcome, c_kind, c_d0, c_d1, c_words;
  logic [15:0] c_written;
  assign completion = {8'd0, c_words, c_written, c_d1, c_d0, c_kind, c_outcome};

  // Texel memory lane addressing for chunk `chunk` of the texel at a_addr: lane j holds byte
  // a_addr + 4*chunk + ((j - a_addr) mod 4), row (a_addr >> 2) + chunk + (j < a_addr mod 4).
  logic [4*TAW-1:0] lane_row;
  always @* begin : lanes
    integer j;
    for (j = 0; j < 4; j = j + 1)
      lane_row[TAW*j +: TAW] = a_addr[TAW+1:2] + TAW'(chunk) + TAW'(j[1:0] < a_addr[1:0]);
  end
  assign tm_raddr = lane_row;
  assign tm_waddr = lane_row;

  // Read data of chunk rd_chunk, rotated so that byte b is texel byte 4 * rd_chunk + b
  // (lane (b + a_addr) mod 4), merged into tbuf where it is one of the texel's bytes.
  logic [31:0] rd_rot;
  logic [3:0]  rd_be;
  always @* begin : rd_merge
    integer b;
    for (b = 0; b < 4; b = b + 1) begin
      rd_rot[8*b +: 8] = tm_rdata[8*(2'(b[1:0] + a_addr[1:0])) +: 8];
      rd_be[b] = {1'b0, rd_chunk, b[1:0]} < bpp;
    end
  end

  // Write data of chunk `chunk`: the texel's (STORE) or the atomic's new component, rotated
  // to the lanes (lane j holds byte (j - a_addr) mod 4 of the chunk).
  logic [31:0] wr_chunk, wr_word;
  always @* begin
    case (chunk[1:0])
      2'd0:    wr_chunk = tbuf[31:0];
      2'd1:    wr_chunk = tbuf[63:32];
      2'd2:    wr_chunk = tbuf[95:64];
      default: wr_chunk = tbuf[127:96];
    endcase
  end
  // the atomic's operands for component `chunk`: source word 6 + chunk, compare 10 + chunk
  logic [31:0] at_src, at_cmp;
  always @* begin
    case (chunk[1:0])
      2'd0:    begin at_src = opw[192 +: 32]; at_cmp = opw[320 +: 32]; end
      2'd1:    begin at_src = opw[224 +: 32]; at_cmp = opw[352 +: 32]; end
      2'd2:    begin at_src = opw[256 +: 32]; at_cmp = opw[384 +: 32]; end
      default: begin at_src = opw[288 +: 32]; at_cmp = opw[416 +: 32]; end
    endcase
  end
  assign wr_word = (cls == C_ATOM) ? atomic_apply(code, wr_chunk, at_src, at_cmp) : wr_chunk;
  logic [31:0] wr_word_q;              // wr_word of `chunk`, registered in X_FWP, written in X_FWR
  always @* begin : wr_data
    integer j;
    logic [1:0] bj;
    for (j = 0; j < 4; j = j + 1) begin
      bj = 2'(j[1:0] - a_addr[1:0]);
      tm_wdata[8*j +: 8] = wr_word_q[8*bj +: 8];
      tm_we[j] = (st == X_FWR) && ({1'b0, chunk[1:0], bj} < bpp);
    end
  end

  // Result word rk: a swizzled component of a fetch (LOAD and the atomics return the texel
  // unswizzled), a query's word, or an INFO lane's component.
  logic [31:0] rw_k, sw_k, in_k;
  logic [2:0]  sw_sel;
  always @* begin
    case (rk[1:0])
      2'd0:    begin rw_k = rwords[31:0];   sw_sel = hd_swz[2:0];   in_k = in_rgba_q[31:0]; end
      2'd1:    begin rw_k = rwords[63:32];  sw_sel = hd_swz[5:3];   in_k = in_rgba_q[63:32]; end
      2'd2:    begin rw_k = rwords[95:64];  sw_sel = hd_swz[8:6];   in_k = in_rgba_q[95:64]; end
      default: begin rw_k = rwords[127:96]; sw_sel = hd_swz[11:9];  in_k = in_rgba_q[127:96]; end
    endcase
    case (sw_sel)
      texcore_vectors_pkg::SWZ_R: sw_k = rwords[31:0];
      texcore_vectors_pkg::SWZ_G: sw_k = rwords[63:32];
      texcore_vectors_pkg::SWZ_B: sw_k = rwords[95:64];
      texcore_vectors_pkg::SWZ_A: sw_k = rwords[127:96];
      texcore_vectors_pkg::SWZ_ONE: sw_k = integer_fmt ? 32'd1 : 32'h3F80_0000;
      default: sw_k = 32'd0;
    endcase
    // INFO: resinfo / sampleinfo if the lane is enabled and the surface valid
    if (!in_en[in_lane] || !in_surf_ok) in_k = 32'd0;
    else if (!in_res) in_k = (rk[1:0] == 2'd0 && in_2d) ? {27'd0, hd_samples} : 32'd0;
  end

  always @* begin
    pw_addr = 6'(k) | {kh, 5'd0};
    res_we = 1'b0;
    res_addr = rk;
    res_data = 32'd0;
    if (st == X_RES0) begin
      res_we = 1'b1;
      res_data = rswz ? sw_k : rw_k;
    end else if (st == X_INW) begin
      res_we = 1'b1;
      res_addr = in_16 ? {rk[1:0], in_lane} : {1'b0, rk[1:0], in_lane[2:0]};
      res_data = in_k;
    end
  end

  // Completion record of an executed op (written, words) or a rejected one (kind, d0, d1).
// Starts the address unit for a filtered tap of the current lane, level and layer: `again`
// when pass sm_pass's slot last held that level and layer in this op.
`define TXC_TAP_ADDR begin \
    a_start <= 1'b1; a_fin <= 1'b0; \
    a_again <= a_key_v[sm_pass] && a_key[sm_pass] == {sm_lvl, sm_layer}; \
    a_slot <= sm_pass; a_key_v[sm_pass] <= 1'b1; a_key[sm_pass] <= {sm_lvl, sm_layer}; end
`define TXC_FIN_OK(WRITTEN, WORDS) begin \
    c_outcome <= TXC_OUTCOME_DONE; c_kind <= 8'd0; c_d0 <= 8'd0; c_d1 <= 8'd0; \
    c_written <= WRITTEN; c_words <= WORDS; end
`define TXC_FIN_REJ(KIND, D0, D1) begin \
    c_outcome <= TXC_OUTCOME_REJECTED; c_kind <= KIND; c_d0 <= D0; c_d1 <= D1; \
    c_written <= 16'd0; c_words <= 8'd0; end

  // Fetch coordinate mapping (texcore::op::fetch::coord / resource::coord): used axes must be
  // >= 0; `ok` = 0 if one is negative or the level is not in the view.
  logic        fm_ok;
  logic [31:0] fm_x, fm_y, fm_z, fm_l;
  logic [5:0]  fm_level;
  always @* begin : fmap
    logic resource;
    logic signed [33:0] lv;
    resource = code != TXC_OP_TGSI_TXF && code != TXC_OP_TGSI_SAMPLE_I && code != TXC_OP_TGSI_SAMPLE_I_MS;
    fm_ok = 1'b1;
    fm_x = fa0[31:0];
    fm_y = 32'd0;
    fm_z = 32'd0;
    fm_l = 32'd0;
    fm_level = {1'b0, hd_base};
    if (fa0 < 0) fm_ok = 1'b0;
    case (hd_ty)
      texcore_vectors_pkg::TEX_ONE_D_ARRAY: begin
        fm_l = fa1[31:0];
        if (fa1 < 0) fm_ok = 1'b0;
      end
      texcore_vectors_pkg::TEX_TWO_D: begin
        fm_y = fa1[31:0];
        if (fa1 < 0) fm_ok = 1'b0;
      end
      texcore_vectors_pkg::TEX_TWO_D_NO_MIPMAP, texcore_vectors_pkg::TEX_TWO_D_ARRAY,
      texcore_vectors_pkg::TEX_CUBEMAP, texcore_vectors_pkg::TEX_CUBEMAP_ARRAY: begin
        fm_y = fa1[31:0];
        fm_l = fa2[31:0];
        if (fa1 < 0 || fa2 < 0) fm_ok = 1'b0;
      end
      texcore_vectors_pkg::TEX_THREE_D: begin
        fm_y = fa1[31:0];
        fm_z = fa2[31:0];
        if (fa1 < 0 || fa2 < 0) fm_ok = 1'b0;
      end
      default: ;   // 1D, buffer: x only
    endcase
    lv = flvl;
    if (!resource && !hd_buf) begin
      if (lv < 0 || lv >= $signed({28'd0, hd_levels})) fm_ok = 1'b0;
      else fm_level = {1'b0, hd_base} + lv[5:0];
    end
  end

  // TXF offset range check: the first component outside -8 .. 7.
  logic       off_bad;
  logic [1:0] off_idx;
  wire  [7:0] off_d0 = {6'd0, off_idx};
  wire  [7:0] en_kind = (en_reject == 2'd1) ? TXC_REJECT_RESOURCE_ENCODE_DEPTH_STENCIL : TXC_REJECT_RESOURCE_ENCODE_SRGB;
  // a 32-bit value in -8 .. 7: bits 31:3 all equal
  function automatic logic small_off(input logic [31:3] v);
    small_off = (v == 29'd0) || (v == {29{1'b1}});
  endfunction
  always @* begin
    off_bad = 1'b0;
    off_idx = 2'd0;
    if (!small_off(w8_q[31:3])) begin off_bad = 1'b1; off_idx = 2'd2; end
    if (!small_off(w7_q[31:3])) begin off_bad = 1'b1; off_idx = 2'd1; end
    if (!small_off(w6[31:3])) begin off_bad = 1'b1; off_idx = 2'd0; end
  end


  // ---------------------------------------------------------------- sampling (SAMPLE_L)
  // The first slice of the sampling pipeline (docs/hdl/sampler-pipeline.md): one lane at a
  // time, both axes through texcore_coord and texcore_wrap, the four taps one at a time
  // through the address unit, the texel memory and the decoder, then texcore_filter_rgba8.
  // Payload: w1 view, w2 sampler, w3..w5 offsets, lane l's (x, y) at words 6 + 4l, 7 + 4l.
  logic        sm_valid;                // the sampler words decode
  // a depth compare (PCF), see "compare" below: SAMPLE_C, SAMPLE_C_LZ, a shadow TEX form
  wire         sm_cmp = code == TXC_OP_TGSI_SAMPLE_C || code == TXC_OP_TGSI_SAMPLE_C_LZ || (tex_code(code) && b1[0]);
  wire         sm_t4 = t4_code(code);                      // TLD4S: GATHER4's taps, one lane
  wire         sm_gat = code == TXC_OP_TGSI_GATHER4 || sm_t4;   // a gather, see "gather" below
  // GATHER4's payload: its lane words one below SAMPLE_L's (two offsets, not three)
  wire  [4:0]  sm_wb = {4'd0, code == TXC_OP_TGSI_GATHER4};
  texcore_smp_check u_smp_check (.words(smp_w), .valid(sm_valid));
  logic [1:0]  sm_lane, sm_tap;
  wire  [1:0]  nt = sm_tap + 2'd1;       // the pass's next tap
  logic        nt_border;                // it is a border tap (no read)
  logic        sm_zero;                 // unbound view / sampler: a quad of zeros
  logic [31:0] sm_x, sm_y;
  wire  [2:0]  sm_ws = smp_w[2:0], sm_wt = smp_w[5:3];
  wire         sm_lin = smp_w[9];       // mag = min inside the subset
  // offsets in -8 .. 7 (bits 31:3 all equal); the first one outside
  logic        sm_off_bad;
  logic [1:0]  sm_off_idx;
  always @* begin
    sm_off_bad = 1'b0;
    sm_off_idx = 2'd0;
    if (!small_off(w5[31:3])) begin sm_off_bad = 1'b1; sm_off_idx = 2'd2; end
    if (!small_off(w4[31:3])) begin sm_off_bad = 1'b1; sm_off_idx = 2'd1; end
    if (!small_off(w3[31:3])) begin sm_off_bad = 1'b1; sm_off_idx = 2'd0; end
  end
  wire         sm_s_ok = w2 <= {12'd0, smp_max} && w2 < 32'(SAMPLER_ENTRIES);
  // the sampling subset: the TXC_SUBSET_* constants generated from
  // texcore_hal::subset::Subset::RTL (its types are 2D ones: two wrap axes)
  wire         sm_subset = TXC_SUBSET_TYPES[hd_ty] && !hd_fmt[7]
    && ((sm_cmp || sm_gat) ? TXC_SUBSET_CMP_FORMATS[hd_fmt[6:0]] : TXC_SUBSET_FORMATS[hd_fmt[6:0]])
    && (TXC_SUBSET_SRGB != 0 || !hd_srgb) && TXC_SUBSET_LAYOUTS[{2'd0, hd_tiled}]
    && TXC_SUBSET_WRAPS[sm_ws] && TXC_SUBSET_WRAPS[sm_wt]
    && TXC_SUBSET_FILTERS[{2'd0, smp_w[9]}] && TXC_SUBSET_FILTERS[{2'd0, smp_w[10]}]
    && (TXC_SUBSET_MAG_EQ_MIN == 0 || smp_w[9] == smp_w[10]) && TXC_SUBSET_MIPS[{1'b0, smp_w[12:11]}]
    && 32'(smp_w[15:13]) <= 32'(TXC_SUBSET_MAX_ANISO_LOG2);
  // REPEAT and MIRRORED_REPEAT: the coordinate is exact modulo the period
  wire         sm_per_s = sm_ws == texcore_vectors_pkg::WRAP_REPEAT || sm_ws == texcore_vectors_pkg::WRAP_MIRRORED_REPEAT;
  wire         sm_per_t = sm_wt == texcore_vectors_pkg::WRAP_REPEAT || sm_wt == texcore_vectors_pkg::WRAP_MIRRORED_REPEAT;
  logic [31:0] sm_border;               // the border texel, R in bits 7:0
  // the layer of a 2D array: texcore::coord::select_layer(z, depth) = clamp(floor(z + 1/2),
  // 0, depth - 1) (NaN, zeros, negatives and values below 1/2 give 0; +inf and z >= 2^23
  // the last layer); the other 2D types read layer 0. Two free-running register stages (the
  // rounded value; its clamp): sm_z is captured in X_SC at least six clocks (the coordinate
  // unit's latency) before the first tap reads sm_layer in X_ST.
  logic [31:0] sm_z;
  logic [24:0] ly1_v;                   // stage 1: floor(z + 1/2) of 0.5 <= z < 2^23
  logic [1:0]  ly1_cls;                 // 0 layer 0, 1 the last layer, 2 ly1_v clamped
  logic [16:0] ly1_mx;
  logic [16:0] sm_layer;                // stage 2
  always @(posedge clk) begin : layer_sel
    logic [4:0] sh;
    sh = 5'(8'd150 - sm_z[30:23]);
    ly1_v <= ({1'b0, 1'b1, sm_z[22:0]} + (25'd1 << (sh - 5'd1))) >> sh;
    ly1_mx <= hd_depth - 17'd1;
    if (hd_ty != texcore_vectors_pkg::TEX_TWO_D_ARRAY || sm_z[31] || sm_z[30:23] < 8'd126
        || (sm_z[30:23] == 8'hFF && sm_z[22:0] != 23'd0)) ly1_cls <= 2'd0;
    else if (sm_z[30:23] >= 8'd150) ly1_cls <= 2'd1;
    else ly1_cls <= 2'd2;
    case (ly1_cls)
      2'd0:    sm_layer <= 17'd0;
      2'd1:    sm_layer <= ly1_mx;
      default: sm_layer <= (ly1_v > {8'd0, ly1_mx}) ? ly1_mx : ly1_v[16:0];
    endcase
  end
  // the base level's size on each axis (2D sizes are at most 65 536)
  // the lane's LOD (texcore_lod, explicit): the first level, the second and its weight,
  // relative to the base level; the level of the current pass (0: level, 1: level2)
  logic        sl_in, sl_out;
  logic [31:0] sl_lod;
  logic [4:0]  sl_level, sl_level2, sm_lv0, sm_lv1;
  logic [7:0]  sl_delta, sm_delta;
  // TMML's outputs of the LOD unit: lambda' (R), the LOD used (G), the major axis, the S4.12
  // ratio (A) and L_max = log2 rho_max^2 (B's length, then each component's square)
  logic [15:0] sl_lp, sl_used, sl_ratio;
  logic        sl_major;
  logic [27:0] sl_lmax;
  logic        sm_pass;
  wire  [5:0]  sm_lvl = {1'b0, hd_base} + {1'b0, sm_pass ? sm_lv1 : sm_lv0};
  wire  [31:0] sm_wsh = hd_width >> sm_lvl;
  wire  [16:0] sm_hsh = hd_height >> sm_lvl;
  wire  [16:0] sm_w = (sm_wsh == 32'd0) ? 17'd1 : sm_wsh[16:0];
  wire  [16:0] sm_h = (sm_hsh == 17'd0) ? 17'd1 : sm_hsh;
  // coordinates
  logic        sc_in, scx_out, scy_out_unused;
  logic [31:0] scx_i0, scy_i0;
  logic [7:0]  scx_w, scy_w;
  logic [255:0] sm_taps;                // tap k of pass p at [32(4p + k) +: 32], R in bits 7:0
  logic        f_in, f_out;
  logic [31:0] f_r, f_g, f_b, f_a;
  // the one wrap unit, both axes: four indices per lane and level (x i0, x i0 + 1, y i0,
  // y i0 + 1), one per clock
  logic        sw_in, sw_out, sw_b, sw_y;   // sw_y: the index issued is t's (else s's)
  logic [31:0] sw_i;
  logic [15:0] sw_t;
  logic [1:0]  wr_k, wr_r;              // indices issued / received
  logic [7:0]  sm_ax, sm_ay;            // the lane's weights (pass 0)
  logic [7:0]  sm_ax1, sm_ay1;          // pass 1
  logic [31:0] sm_ix, sm_iy;            // the lane's first tap indices
  // ---- the derivative ops (SAMPLE, SAMPLE_B, SAMPLE_D): S1 of the pipeline. Per lane, the
  // four binary32 derivatives the LOD unit reads (ds/dx, dt/dx, ds/dy, dt/dy; a 2D view has
  // no third axis): SAMPLE / SAMPLE_B the quad's coarse differences lane 1 - lane 0 and
  // lane 2 - lane 0 through texcore_f32_sub (a NaN coordinate taken as +0, as
  // texcore::op::sample does), SAMPLE_D the lane's ddx / ddy words (22 + 3 lane, 34 + 3 lane).
  // The payload words are read in a stream (address now, data two clocks later).
  // (SAMPLE_C: SAMPLE's implicit derivatives, bias 0)
  // (TMML: SAMPLE's implicit derivatives, bias 0, on its coordinate words)
  wire         sm_tmml = tm_code(code);
  wire         sd_op = code == TXC_OP_TGSI_SAMPLE || code == TXC_OP_TGSI_SAMPLE_B || code == TXC_OP_TGSI_SAMPLE_D
                    || code == TXC_OP_TGSI_TEX || code == TXC_OP_TGSI_TXB || code == TXC_OP_TGSI_TXD
                    || code == TXC_OP_TGSI_TXP
                    || code == TXC_OP_TGSI_SAMPLE_C || sm_tmml;
  wire         sd_expl = code == TXC_OP_TGSI_SAMPLE_D || code == TXC_OP_TGSI_TXD;
  wire         sd_bias = code == TXC_OP_TGSI_SAMPLE_B || code == TXC_OP_TGSI_TXB;
  // (SAMPLE_C_LZ: the explicit LOD 0, lambda_base = 0; SAMPLE_C: SAMPLE's; GATHER4 ignores
  // the LOD)
  wire  [1:0]  sd_mode = (code == TXC_OP_TGSI_SAMPLE_L || code == TXC_OP_TGSI_TXL || code == TXC_OP_TGSI_SAMPLE_C_LZ)
                         ? texcore_vectors_pkg::LOD_MODE_EXPLICIT : texcore_vectors_pkg::LOD_MODE_DERIV;
  logic        kh;                      // payload word address bit 5 (words 32 .. 46)
  // TEX family (TEX, TXB, TXL, TXD): src0 lane l at words 3 + 4 lane (x, y, z, w), src1.x at
  // 19 + lane (read by no 2D non-shadow form), TXD's ddx / ddy at 23 + 3 lane / 35 + 3 lane;
  // no texel offsets; TXB's bias and TXL's LOD in src0.w. The shadow forms (the compare
  // path, texcore::op::sample::shadow_ref_slot): the reference in src0.z (2D, 2D no-mipmap)
  // or src0.w (2D array: TXB's bias / TXL's LOD then in src1.x); TXD without ddx / ddy is
  // the core's rejection.
  wire         sm_tex = tex_code(code);
  wire         sm_tex_rw = sm_tex && b1[0] && hd_ty == texcore_vectors_pkg::TEX_TWO_D_ARRAY;   // reference in src0.w
  // A TEX form that reads src1.x on the view's type (texcore::op::sample::tex_family): the
  // shadow reference of a cube array, TXB's bias / TXL's LOD where w holds a coordinate
  // (cube array) or the shadow reference (2D array, cube).
  wire         sm_tex_src1 = (b1[0] && hd_ty == texcore_vectors_pkg::TEX_CUBEMAP_ARRAY)
    || ((code == TXC_OP_TGSI_TXB || code == TXC_OP_TGSI_TXL)
        && (hd_ty == texcore_vectors_pkg::TEX_CUBEMAP_ARRAY
            || (b1[0] && (hd_ty == texcore_vectors_pkg::TEX_TWO_D_ARRAY || hd_ty == texcore_vectors_pkg::TEX_CUBEMAP))));
  wire  [4:0]  sm_cb = sm_tex ? 5'd3 : 5'd6;   // word of lane 0's x
  logic [5:0]  tz_j;                    // X_TZ: next word
  logic [6:0]  tz_t1, tz_t2;            // {valid, word} on pw_addr / pw_data
  logic        tz_bad;                  // a word of an absent operand is not 0
  logic [31:0] sd_d [4];                // the lane's derivatives
  logic [3:0]  sd_j;                    // words issued
  logic [2:0]  sd_t1, sd_t2;            // {valid, index bits 1:0} of the word on pw_addr / pw_data
  logic [1:0]  sd_oc;                   // differences received
  logic [31:0] sd_a;                    // the neighbour's coordinate (operand a)
  logic        fs_in, fs_out;
  logic [31:0] fs_a, fs_b, fs_d;
  // word of read j: implicit (8 reads): derivative j / 2, its neighbour's coordinate (j even:
  // lane 1 for d/dx, lane 2 for d/dy) then lane 0's; explicit (4 reads): derivative j.
  // `base` is lane 0's s word: 6 (SAMPLE family), 3 (TEX family), 2 + array (TMML: Ra, with
  // the array index first in an array description)
  function automatic logic [5:0] sd_word(input logic expl, input logic tex, input logic [3:0] base,
                                          input logic [2:0] j, input logic [1:0] lane);
    if (expl) sd_word = 6'((j[1] ? 34 : 22) + 32'(tex) + 3 * 32'(lane) + 32'(j[0]));
    else if (j[0]) sd_word = 6'(32'(base) + 32'(j[1]));
    else sd_word = 6'(32'(base) + (j[2] ? 8 : 4) + 32'(j[1]));
  endfunction
  wire  [3:0]  sd_base = sm_tex ? 4'd3 : sm_tmml ? {3'd1, b2[2]} : 4'd6;
  function automatic logic [31:0] nan_zero(input logic [31:0] v);
    nan_zero = (v[30:0] > 31'h7F80_0000) ? 32'd0 : v;
  endfunction
  // The units of the SMP class exist only with SAMPLE_PIPE (without it the class is never
  // entered: its op code answers ERR_UNSUPPORTED at the CAPS check).
  generate if (SAMPLE_PIPE != 0) begin : g_smp
  texcore_coord u_coord_x (
    .clk(clk), .rst(rst), .in_valid(sc_in), .s(sm_x), .size(sm_w), .periodic(sm_per_s),
    .offset((sm_tex || sm_gat) ? 4'd0 : w3[3:0]), .linear(sm_lin | sm_gat), .out_valid(scx_out), .i0(scx_i0),
    .weight(scx_w)
  );
  texcore_coord u_coord_y (
    .clk(clk), .rst(rst), .in_valid(sc_in), .s(sm_y), .size(sm_h), .periodic(sm_per_t),
    .offset((sm_tex || sm_gat) ? 4'd0 : w4[3:0]), .linear(sm_lin | sm_gat), .out_valid(scy_out_unused),
    .i0(scy_i0), .weight(scy_w)
  );
  // wrap: one unit for both axes, i0 then i0 + 1 on s, then on t (the unit's 16-bit size
  // cannot express 65 536: that size is wrapped here, REPEAT as the low 16 bits, the clamp
  // modes by a clamp)
  texcore_wrap u_wrap (
    .clk(clk), .rst(rst), .in_valid(sw_in), .mode(sw_y ? sm_wt : sm_ws), .idx(sw_i),
    .size(sw_y ? sm_h[15:0] : sm_w[15:0]), .out_valid(sw_out), .texel(sw_t), .border(sw_b)
  );
  texcore_filter_rgba8 u_filter (
    .clk(clk), .rst(rst), .in_valid(f_in), .taps(sm_taps), .alpha0(sm_ax), .beta0(sm_ay),
    .alpha1(sm_ax1), .beta1(sm_ay1), .delta(sm_delta), .out_valid(f_out), .out_r(f_r), .out_g(f_g), .out_b(f_b),
    .out_a(f_a)
  );
  /* verilator lint_off UNUSEDSIGNAL */
  logic [15:0] sl_lb_unused, sl_l_unused;
  logic [4:0]  sl_samples_unused;
  logic        sl_mag_unused;
  /* verilator lint_on UNUSEDSIGNAL */
  texcore_lod u_lod (
    .clk(clk), .rst(rst), .in_valid(sl_in),
    .dsdx(sd_d[0]), .dtdx(sd_d[1]), .drdx(32'd0), .dsdy(sd_d[2]), .dtdy(sd_d[3]), .drdy(32'd0),
    .dims(2'd2), .w_m1(16'(hd_width - 32'd1)), .h_m1(16'(hd_height - 17'd1)), .d_m1(16'd0),
    .base_level(hd_base), .levels_m1(5'(hd_levels - 6'd1)), .lod_bias(smp_w[47:32]),
    .min_lod(smp_w[79:64]), .max_lod(smp_w[95:80]), .mip(smp_w[12:11]), .aniso(smp_w[15:13]),
    .lod_mode(sd_mode), .lod(sl_lod),
    .out_valid(sl_out), .lambda_base(sl_lb_unused), .lambda_prime(sl_lp), .lambda(sl_l_unused),
    .magnify(sl_mag_unused), .level(sl_level), .level2(sl_level2), .delta(sl_delta),
    .used_lod(sl_used), .samples(sl_samples_unused), .major_x(sl_major),
    .log2_ratio(sl_ratio), .log2_rho2_max(sl_lmax)
  );
  // S1: the quad's implicit derivatives (binary32 differences, RNE), one per clock
  texcore_f32_sub u_dsub (
    .clk(clk), .rst(rst), .in_valid(fs_in), .a(fs_a), .b(fs_b), .out_valid(fs_out), .d(fs_d)
  );
  // TXP's projective divide, one division at a time
  /* verilator lint_off UNUSEDSIGNAL */
  logic dv_busy_unused;
  /* verilator lint_on UNUSEDSIGNAL */
  texcore_f32_div u_div (
    .clk(clk), .rst(rst), .start(dv_start), .a(dv_a), .b(dv_b), .busy(dv_busy_unused), .done(dv_done), .q(dv_q)
  );
  end else begin : g_no_smp
    assign {sl_out, sl_level, sl_level2, sl_delta, sl_lp, sl_used, sl_major, sl_ratio, sl_lmax} = '0;
    assign {fs_out, fs_d} = '0;
    assign {dv_done, dv_q} = '0;
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_dv = ^{dv_start, dv_a, dv_b};
    /* verilator lint_on UNUSEDSIGNAL */
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_sd = ^{fs_in, fs_a, fs_b, sd_d[0], sd_d[1], sd_d[2], sd_d[3], sd_mode};
    /* verilator lint_on UNUSEDSIGNAL */
    assign {scx_out, scy_out_unused, scx_i0, scy_i0, scx_w, scy_w} = '0;
    assign {sw_out, sw_b, sw_t} = '0;
    assign {f_out, f_r, f_g, f_b, f_a} = '0;
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_smp = ^{sm_x, sm_y, sm_lin, sm_w, sm_h, sc_in, sm_taps, f_in, sw_in, sw_i, sw_y, sm_ax, sm_ay,
                        sm_per_s, sm_per_t, sl_in, sl_lod, sm_ax1, sm_ay1, sm_delta};
    /* verilator lint_on UNUSEDSIGNAL */
  end endgenerate
  // texcore::wrap::wrap_i32 for the size 65 536: {border, index}
  function automatic logic [16:0] wrap64k(input logic [2:0] mode, input logic [31:0] i);
    logic [31:0] m;
    m = i[31] ? ~i : i;                                  // mirrored once: -1 - i
    case (mode)
      texcore_vectors_pkg::WRAP_REPEAT:          wrap64k = {1'b0, i[15:0]};
      texcore_vectors_pkg::WRAP_MIRRORED_REPEAT: wrap64k = {1'b0, i[16] ? ~i[15:0] : i[15:0]};
      texcore_vectors_pkg::WRAP_CLAMP_TO_BORDER: wrap64k = (i[31:16] != 16'd0) ? 17'h10000 : {1'b0, i[15:0]};
      texcore_vectors_pkg::WRAP_MIRROR_CLAMP_TO_EDGE:
        wrap64k = {1'b0, (m[31:16] != 16'd0) ? 16'hFFFF : m[15:0]};
      default:                                   // CLAMP_TO_EDGE
        wrap64k = {1'b0, i[31] ? 16'd0 : (i[30:16] != 15'd0) ? 16'hFFFF : i[15:0]};
    endcase
  endfunction
  // a wrapped index with its border flag (bit 16)
  logic [16:0] sm_x0, sm_x1, sm_y0, sm_y1;
  assign nt_border = (nt[0] ? sm_x1[16] : sm_x0[16]) || (nt[1] ? sm_y1[16] : sm_y0[16]);
  logic        sw_sent;
  logic        sm_zc;                   // the lane's z word is captured
  logic        sm_wc;                   // its w word is read (the shadow reference of a 2D array)

  // ---------------------------------------------------------------- gather (GATHER4)
  // texcore::op::gather::gather4 on the subset's views: the SMP sequence at the base level
  // (no LOD; the LINEAR footprint i0 = (U - 128) >> 8 whatever the filter, the offsets
  // -32 .. 31 added to i0 after the coordinate unit: exact, as (U - 128 + 256 d) >> 8 =
  // i0 + d), each tap's component (after the view's swizzle; the compare form: x) kept in
  // cm_codes, the four through texcore_gather_cmp (component -> binary32, or compare ->
  // 1.0 / +0), in the order S0 .. S3 = taps (i0, j1), (i1, j1), (i1, j0), (i0, j0), not
  // swizzled. Payload: w1 view, w2 sampler, w3 / w4 offsets, lane l's address at words
  // 5 + 4l .., its reference at 21 + l; byte 1 the component, byte 2 bit 0 the compare form.
  // TLD4S (NVIDIA, one lane; texcore::op::gather::tld4s): the handle's view and sampler,
  // (s, t) = words 2, 3 on layer 0, the component in byte 2, .AOFFI's u, v = the 6-bit
  // signed fields toff[5:0], toff[13:8] (word 4), .DC's reference word 5; a component the
  // format does not store gathers as 0 (not the decoder's default); words (S0, S1, S2, S3)
  // = Rd0, Rd0+1, Rd1, Rd1+1.
  wire         gt_cmpf = sm_t4 ? b3[1] : b2[0];
  wire  [2:0]  gt_src = hd_swz[3 * (sm_t4 ? b2[1:0] : b1[1:0]) +: 3];
  wire  [31:0] t4_du = (sm_t4 && b3[0]) ? {{26{w4[5]}}, w4[5:0]} : 32'd0;
  wire  [31:0] t4_dv = (sm_t4 && b3[0]) ? {{26{w4[13]}}, w4[13:8]} : 32'd0;
  // the components the subset's formats store (texcore::op::gather, `stored`): R8 x; RG8 x,
  // y; the depth formats x, y, z; the RGBA8 family all four
  function automatic logic t4_stored(input logic [7:0] fmt, input logic [1:0] c);
    case (fmt)
      texcore_vectors_pkg::FMT_R8_UNORM:  t4_stored = c == 2'd0;
      texcore_vectors_pkg::FMT_RG8_UNORM: t4_stored = c <= 2'd1;
      texcore_vectors_pkg::FMT_Z16_UNORM, texcore_vectors_pkg::FMT_X8Z24_UNORM,
      texcore_vectors_pkg::FMT_Z24S8_UNORM, texcore_vectors_pkg::FMT_Z32_FLOAT:
                                          t4_stored = c <= 2'd2;
      default:                            t4_stored = 1'b1;
    endcase
  endfunction
  wire         t4_lack = sm_t4 && !gt_cmpf && gt_src < texcore_vectors_pkg::SWZ_ZERO && !t4_stored(hd_fmt, gt_src[1:0]);
  wire         gt_const = !gt_cmpf && gt_src >= texcore_vectors_pkg::SWZ_ZERO;
  wire         gt_one = gt_src == texcore_vectors_pkg::SWZ_ONE;
  // the component read from each tap (compare, and every op but GATHER4: x)
  wire  [1:0]  gt_idx = (sm_gat && !gt_cmpf) ? gt_src[1:0] : 2'd0;
  wire  [31:0] gt_du = sm_t4 ? t4_du : sm_gat ? w3 : 32'd0, gt_dv = sm_t4 ? t4_dv : sm_gat ? w4 : 32'd0;
  // offsets in -32 .. 31 (bits 31:5 all equal); the first one outside
  logic        gt_off_bad;
  logic        gt_off_idx;
  always @* begin
    gt_off_bad = 1'b0;
    gt_off_idx = 1'b0;
    if (!(w4[31:5] == 27'd0 || w4[31:5] == {27{1'b1}})) begin gt_off_bad = 1'b1; gt_off_idx = 1'b1; end
    if (!(w3[31:5] == 27'd0 || w3[31:5] == {27{1'b1}})) begin gt_off_bad = 1'b1; gt_off_idx = 1'b0; end
  end
  wire         gt_type_ok = (hd_ty == texcore_vectors_pkg::TEX_TWO_D || hd_ty == texcore_vectors_pkg::TEX_TWO_D_ARRAY
                             || hd_ty == texcore_vectors_pkg::TEX_TWO_D_NO_MIPMAP || hd_cube) && hd_samples <= 5'd1;
  // not run: a rejection, zeros, or outside the subset
  wire         gt_stop = b1 > 8'd3 || gt_off_bad || !(hl_ok && hd_ok && sm_s_ok && sm_valid) || !gt_type_ok
                       || (hd_cube && (w3 != 32'd0 || w4 != 32'd0)) || (gt_cmpf && integer_fmt) || !sm_subset;
  logic [31:0] gt_tcode;
  always @* begin
    case (gt_idx)
      2'd0:    gt_tcode = dec_x[31:0];
      2'd1:    gt_tcode = dec_y[31:0];
      2'd2:    gt_tcode = dec_z[31:0];
      default: gt_tcode = dec_w[31:0];
    endcase
  end

  // ------------------------------------------- compare (SAMPLE_C, SAMPLE_C_LZ, shadow TEX)
  // Depth compare before filtering (PCF, texcore::op::sample::sample_compare_quad): the SMP
  // sequence above with the LOD of the op's non-shadow form (SAMPLE_C: SAMPLE's implicit
  // derivatives; SAMPLE_C_LZ: lambda_base = 0; the shadow TEX forms: TEX's, TXB's, TXL's,
  // TXD's; a depth format's mip filter stays linear: compare results filter), each tap's component x (the decoder's code; a
  // border tap the border colour's r quantised to the format: texcore::texel::border_texel)
  // kept in cm_codes, then per pass the four codes through texcore_gather_cmp (cmp = 1, the
  // sampler's function, the lane's reference) -> 1.0 / +0 -> taps of 255 / 0 in every byte,
  // filtered by texcore_filter_rgba8: sum w pass / 2^24, RNE (the model's exact value), in
  // all four words, not swizzled. Payload: the lane's reference at word 22 + lane (SAMPLE_C,
  // SAMPLE_C_LZ; read in X_SL2), src0.z or a 2D array's src0.w (the shadow TEX forms; X_SC).
  logic [255:0] cm_codes;               // tap k of pass p at [32(4p + k) +: 32]
  logic [31:0]  cm_ref;
  logic         cm_done;                // the lane's compare results are in sm_taps
  logic         cm_in, cm_out;
  logic [2:0]   cm_k;                   // the tap being issued to the unit
  logic [2:0]   cm_r;                   // the result being received
  logic [31:0]  cm_res;
  wire  [7:0]   cm_dom = fmt_dom(hd_fmt, hd_se, gt_idx);
  // The border tap's code (compare formats: UNORM n or binary32):
  // texcore::texel::unorm_from_f32(r, n): NaN, negative, zero -> 0; >= 1.0, +inf -> 2^n - 1;
  // else RNE(r * (2^n - 1)), the product as (significand << n) - significand. Its inputs (the
  // sampler's border r, the view's format, the gathered component) are fixed from the
  // sampler's load to the op's end, and the first tap is stored at least eight clocks after
  // that load (coordinate unit, wrap), so the quantiser runs free in four register stages
  // (48-bit product; shift with remainder; round; saturate) and its output is read as a
  // constant of the op.
  logic [31:0] bq0_a;                   // stage 0: the operands
  logic [4:0]  bq0_n;
  logic        bq0_f32;
  logic [47:0] bq1_p;                   // stage 1: product, shift, class
  logic [7:0]  bq1_sh;
  logic [1:0]  bq1_cls;                 // 0 zero, 1 saturate, 2 round, 3 binary32
  logic [23:0] bq1_d;
  logic [31:0] bq1_a;
  logic [47:0] bq2_q;                   // stage 2: quotient and round decision
  logic        bq2_up;
  logic [1:0]  bq2_cls;
  logic [23:0] bq2_d;
  logic [31:0] bq2_a;
  logic [31:0] cm_bcode;                // stage 3: the code
  always @(posedge clk) begin : border_q
    logic [23:0] mant;
    logic [47:0] q, rem, half;
    bq0_a <= smp_w[127:96];
    bq0_n <= cm_dom[4:0];
    bq0_f32 <= cm_dom[7:5] == texcore_vectors_pkg::DOM_F32;
    mant = {bq0_a[30:23] != 8'd0, bq0_a[22:0]};
    bq1_p <= ({24'd0, mant} << bq0_n) - {24'd0, mant};
    bq1_sh <= 8'd150 - bq0_a[30:23];
    bq1_d <= ~(24'hFF_FFFF << bq0_n);
    bq1_a <= bq0_a;
    if (bq0_f32) bq1_cls <= 2'd3;
    else if (bq0_a[31] || bq0_a[30:23] == 8'd0 || (bq0_a[30:23] == 8'hFF && bq0_a[22:0] != 23'd0)) bq1_cls <= 2'd0;
    else if (bq0_a[30:23] >= 8'd127) bq1_cls <= 2'd1;
    else if (8'd150 - bq0_a[30:23] > 8'd48) bq1_cls <= 2'd0;
    else bq1_cls <= 2'd2;
    rem = bq1_p & ~(48'hFFFF_FFFF_FFFF << bq1_sh);
    half = 48'd1 << (bq1_sh - 8'd1);
    q = bq1_p >> bq1_sh;
    bq2_q <= q;
    bq2_up <= rem > half || (rem == half && q[0]);
    bq2_cls <= bq1_cls;
    bq2_d <= bq1_d;
    bq2_a <= bq1_a;
    case (bq2_cls)
      2'd0: cm_bcode <= 32'd0;
      2'd1: cm_bcode <= {8'd0, bq2_d};
      2'd2: cm_bcode <= (bq2_q + {47'd0, bq2_up} > {24'd0, bq2_d}) ? {8'd0, bq2_d} : 32'(bq2_q + {47'd0, bq2_up});
      default: cm_bcode <= bq2_a;
    endcase
  end
  // a border tap's component: the border texel's (texcore::texel::border_texel: a depth
  // format's is (r, r, r, 1), r quantised like the compare's; the RGBA8 family's the
  // decoded border, sm_border)
  wire         gt_depth = hd_fmt >= texcore_vectors_pkg::FMT_Z16_UNORM && hd_fmt <= texcore_vectors_pkg::FMT_Z32_FLOAT;
  wire  [31:0] gt_bone = (cm_dom[7:5] == texcore_vectors_pkg::DOM_F32) ? 32'h3F80_0000 : ~(32'hFFFF_FFFF << cm_dom[4:0]);
  wire  [31:0] gt_bcode = (gt_idx == 2'd0) ? cm_bcode
                        : gt_depth ? ((gt_idx == 2'd3) ? gt_bone : cm_bcode)
                        : {24'd0, sm_border[8 * gt_idx +: 8]};
  // One texel datapath of texcore_gather_cmp for the fetch ops' output conversion (cv_*, one
  // component per clock of X_FCV) and the compare / GATHER4 taps (cm_*: one tap per clock,
  // four for GATHER4, eight for the compare's two passes, results taken in order). The
  // unit registers every input with in_valid, and the two users never overlap (one op at a
  // time), so the inputs are the fetch path's on its issue clocks and the compare path's
  // otherwise.
  wire          gc_cmp = (SAMPLE_PIPE != 0) && !cv_in;
  logic         gc_out;
  logic [31:0]  gc_res;
  texcore_gather_cmp #(.LANES(1)) u_gather_cmp (
    .clk(clk), .rst(rst), .in_valid(cv_in || ((SAMPLE_PIPE != 0) && cm_in)),
    .dom(gc_cmp ? cm_dom[7:5] : cv_dom[7:5]), .nbits(gc_cmp ? cm_dom[4:0] : cv_dom[4:0]),
    .cmp(gc_cmp && (!sm_gat || gt_cmpf)), .odd(gc_cmp && sm_t4 && b3[2]), .func(gc_cmp ? smp_w[19:17] : 3'd0),
    .refv(gc_cmp ? cm_ref : 32'd0), .texels(gc_cmp ? cm_codes[32*cm_k +: 32] : cv_comp),
    .out_valid(gc_out), .err(cv_err), .res(gc_res)
  );
  assign cv_out = gc_out;
  // TLD4S.F16 (texcore::op::gather::tld4s with FP16_ROUNDING_MODE b3[3]: 1 toward zero):
  // each of the four result words through texcore_f32_to_f16, one a clock in X_SH (word
  // cm_k), the binary16 of word r kept in its low half until the last arrives, then packed
  // as the core's Rd0 = S1:S0, Rd1 = S3:S2 in words 0 and 2 (words 1 and 3 zero). A UNORM
  // component reaches it rounded to odd (u_gather_cmp's `odd`), a compare result or a
  // swizzle constant as 1.0 / +0, a Z32_FLOAT component as its bits: one rounding each.
  logic        h_out;
  logic [15:0] h_res;
  texcore_f32_to_f16 u_f16 (
    .clk(clk), .rst(rst), .in_valid((SAMPLE_PIPE != 0) && st == X_SH && !cm_k[2]),
    .f32((SAMPLE_PIPE != 0) ? rwords[32*cm_k[1:0] +: 32] : 32'd0), .rz(b3[3]),
    .out_valid(h_out), .f16(h_res)
  );
  assign cv_res = gc_res;
  assign cm_out = gc_out;
  assign cm_res = gc_res;

  // ---------------------------------------------------------------- TMML (NV_TMML)
  // texcore::op::tmml::tmml_header on the subset's views: the handle through texcore_txq_nv
  // (NV_TXQ's two passes: its status is the full resolution, sampler included), the zeros
  // of an unresolved texture, of a description whose class is not the view's type and of a
  // multisample view, then the subset (ERR_UNSUPPORTED), then SAMPLE's implicit derivatives
  // of the quad (lane 0's, lane 1's and lane 2's (s, t): Ra + array, Ra + array + 1) through
  // texcore_f32_sub and the LOD unit in derivative mode, bias 0. Outside cube maps one
  // result serves the quad: the four lanes' words are the same (texcore::op::tmml).
  //   pass 0: the derivatives -> R = lambda', G = used LOD, A = log2 ratio, the major axis and
  //           L_len = log2 (u^2 + v^2) (u, v: the major axis's ds, dt in texel space)
  //   pass 1: ds of the major axis alone in ds/dx (scaled by the width) -> L_u = log2 u^2
  //   pass 2: dt of the major axis alone in dt/dx (scaled by the height) -> L_v = log2 v^2
  // (a single term's rho^2 is the term's square rounded up to 18 bits, as Sf::square; the
  // unit is pipelined: passes 1 and 2 are issued on consecutive clocks). B's components are
  // RNE(64 |c| / len) = #{k : L_c - L_len >= LOD_UNIT_T[k]} (texcore::lod::tables::
  // unit_component), counted by a 7-step search over the table with one comparator, signed
  // like c (the binary32 derivative's sign); 0 for a zero c (a zero or NaN derivative).
`include "texcore_lod_tables.svh"
  function automatic logic [2:0] ty_class(input logic [3:0] ty);   // texcore::op::tmml, type_class
    case (ty)
      texcore_vectors_pkg::TEX_ONE_D, texcore_vectors_pkg::TEX_ONE_D_ARRAY: ty_class = 3'd1;
      texcore_vectors_pkg::TEX_TWO_D, texcore_vectors_pkg::TEX_TWO_D_ARRAY,
      texcore_vectors_pkg::TEX_TWO_D_NO_MIPMAP:                             ty_class = 3'd2;
      texcore_vectors_pkg::TEX_THREE_D:                                     ty_class = 3'd3;
      texcore_vectors_pkg::TEX_CUBEMAP, texcore_vectors_pkg::TEX_CUBEMAP_ARRAY: ty_class = 3'd4;
      default:                                                              ty_class = 3'd0;   // buffer
    endcase
  endfunction
  // the description's class (1D, 2D, 3D, CUBE: codes 0 / 4, 1 / 5, 2, 3 / 7) is the view's
  wire         tm_match = ty_class(hd_ty) == {1'b0, b2[1:0]} + 3'd1;
  logic [27:0] tm_len, tm_xu, tm_xv;    // L_len; L_u - L_len, L_v - L_len
  logic        tm_mx;                   // the major axis is x
  logic [31:0] tm_vb;                   // v (binary32) while pass 1 is issued
  logic        tm_us, tm_uz, tm_vs, tm_vz;   // sign and zero of u, v
  logic [1:0]  tm_i;                    // passes 1, 2 issued
  logic        tm_o;                    // pass 1's result received
  logic        tm_c;                    // the component being counted (0 u, 1 v)
  logic [2:0]  tm_s;                    // search step 0 .. 6
  logic [6:0]  tm_n, tm_nu;             // the count; u's
  wire  [6:0]  tm_try = tm_n + (7'd64 >> tm_s);
  wire  [5:0]  tm_ti = 6'(tm_try - 7'd1);
  wire  [20:0] tm_t = LOD_UNIT_T[LOD_UNIT_T_ENTRY_W * tm_ti +: LOD_UNIT_T_ENTRY_W];
  // a search step takes two clocks: the table entry of the trial count is registered
  // (tm_p = 0), then compared (tm_p = 1): the sum, the table and the 28-bit compare in one
  // clock were the device's longest path
  logic        tm_p;
  logic [20:0] tm_tq;                   // LOD_UNIT_T[tm_tryq - 1]
  logic [6:0]  tm_tryq;
  wire  [27:0] tm_x = tm_c ? tm_xv : tm_xu;
  wire         tm_ge = $signed(tm_x) >= $signed({{7{tm_tq[20]}}, tm_tq});
  // the major axis's ds and dt (binary32), and whether each is zero for the model (0, NaN)
  wire  [31:0] tm_u = tm_mx ? sd_d[0] : sd_d[2];
  wire  [31:0] tm_v = tm_mx ? sd_d[1] : sd_d[3];
  function automatic logic f32_zero(input logic [30:0] v);   // (the sign does not matter)
    f32_zero = v == 31'd0 || v > 31'h7F80_0000;
  endfunction
  function automatic logic [7:0] tm_comp(input logic z, input logic neg, input logic [6:0] n);
    tm_comp = z ? 8'd0 : neg ? 8'(-{1'b0, n}) : {1'b0, n};
  endfunction

  always @(posedge clk) begin : seq
    integer i;
    nv_in <= 1'b0;
    tq_in <= 1'b0;
    a_start <= 1'b0;
    a_again <= 1'b0;
    if (a_done) a_fin <= 1'b1;
    if (st == X_IDLE) begin                   // a new op: the unit's levels and origins unknown
      a_key_v <= 2'b00;
      sm_pre <= 1'b0;
    end
    dec_in <= 1'b0;
    en_start <= 1'b0;
    sc_in <= 1'b0;
    sl_in <= 1'b0;
    fs_in <= 1'b0;
    dv_start <= 1'b0;
    sw_in <= 1'b0;
    f_in <= 1'b0;
    cm_in <= 1'b0;
    done <= 1'b0;
    if (rst) begin
      st <= X_IDLE;
      // A one-level lane leaves pass 1's taps, depth codes and weights as they were; the
      // filter weighs them by delta = 0. Cleared here so that they are never undefined (X in
      // a 4-state simulation, where 0 * X is X; 0 in the device).
      sm_taps <= '0;
      cm_codes <= '0;
      sm_ax1 <= 8'd0;
      sm_ay1 <= 8'd0;
      k <= 5'd0;
      rk <= 6'd0;
      hk <= 4'd0;
      kh <= 1'b0;
      status <= TXC_ST_OK;
    end else begin
      case (st)
        X_IDLE: if (start) begin
          k <= 5'd0;
          pj_on <= 1'b0;
          st <= X_W0;
        end
        // ---- dispatcher
        X_W0: begin                                   // pw_addr = 0 this clock
          k <= 5'd1;
          st <= X_VALID;
        end
        X_VALID: begin                                // pw_data = word 0
          b1 <= pw_data[15:8];
          b2 <= pw_data[23:16];
          b3 <= pw_data[27:24];
          code <= pw_data[7:0];
          cls <= op_class(pw_data[7:0]);
          rswz <= 1'b0;
          if (op_class(pw_data[7:0]) == C_NONE || !CAPS_IMPL[op_cap(pw_data[7:0])]) begin
            status <= TXC_ST_ERR_UNSUPPORTED;
            st <= X_DONE;
          end else if (plen != op_len(pw_data[7:0])) begin
            status <= TXC_ST_ERR_BAD_LEN;
            st <= X_DONE;
          end else if (w0_bad(pw_data)) begin
            status <= TXC_ST_ERR_BAD_VALUE;
            st <= X_DONE;
          end else begin
            status <= TXC_ST_OK;
            k <= 5'd2;
            st <= X_LOAD;
          end
        end
        X_LOAD: begin                                 // pw_addr = k; pw_data = word k - 1
          for (i = 1; i < 14; i = i + 1)
            if (k == 5'(i + 1)) opw[32*i +: 32] <= pw_data;
          if (k == 5'd14 || {2'b00, k, 2'b00} == plen) begin
            k <= 5'd0;
            // NV_TXQ, TMML and TLD4S constant-bank source: index <= 0x1FFF.
            if ((cls == C_NVTXQ || tm_code(code) || t4_code(code)) && b1 == 8'd0 && (k == 5'd2 ? pw_data : w1) > 32'h1FFF) begin
              status <= TXC_ST_ERR_BAD_VALUE;
              st <= X_DONE;
            end else begin
              case (cls)
                C_NVTXQ: st <= X_NV1;
                C_TQ:    begin hl_ptr <= (k == 5'd2) ? pw_data : w1; ret <= X_TQ; st <= X_HL; end
                C_INFO:  begin hl_ptr <= (k == 5'd2) ? pw_data : w1; ret <= X_IN; st <= X_HL; end
                C_SMP:   begin
                  hl_ptr <= (k == 5'd2) ? pw_data : w1;
                  ret <= X_S0;
                  st <= X_HL;
                  // TMML, TLD4S: the handle resolved as NV_TXQ's (both pool entries read)
                  if (tm_code(code) || t4_code(code)) st <= X_NV1;
                  // TEX family: the absent src1 / ddx, ddy words must be 0 first; GATHER4:
                  // the absent references (words 21 .. 24)
                  if (tex_code(code) || code == TXC_OP_TGSI_GATHER4) begin
                    tz_j <= tex_code(code) ? 6'd19 : 6'd21;
                    tz_t1 <= 7'd0;
                    tz_t2 <= 7'd0;
                    tz_bad <= 1'b0;
                    st <= X_TZ;
                  end
                end
                default: begin hl_ptr <= (k == 5'd2) ? pw_data : w1; ret <= X_FD; st <= X_HL; end
              endcase
            end
          end else begin
            k <= k + 5'd1;
          end
        end
        // ---- header load: hl_ptr checked against HEADER_POOL_MAX and the capacity
        X_HL: begin
          if (hk == 4'd0) begin
            hl_ok <= hl_ptr <= {12'd0, hdr_max} && hl_ptr < 32'(HEADER_ENTRIES);
            hdr_w <= 256'd0;
            hk <= 4'd1;
            if (!(hl_ptr <= {12'd0, hdr_max} && hl_ptr < 32'(HEADER_ENTRIES))) begin
              hk <= 4'd0;
              st <= X_HLW;
            end
          end else begin
            // hp_addr = entry word hk - 1 this clock; data of word hk - 2 arrives
            for (i = 0; i < 8; i = i + 1)
              if (hk == 4'(i + 2)) hdr_w[32*i +: 32] <= hp_data;
            if (hk == 4'd9) begin
              hk <= 4'd0;
              st <= X_HLW;
            end else begin
              hk <= hk + 4'd1;
            end
          end
        end
        X_HLW: st <= ret;                             // the decode registers settle
        // sampler words of pointer hl_ptr (no MaximumIndex check: the NV unit does it)
        X_SL: begin
          if (hk == 4'd0) begin
            smp_w <= {32'd1, 224'd0};                // past the pool: does not decode
            hk <= 4'd1;
            if (!(hl_ptr < 32'(SAMPLER_ENTRIES))) begin
              hk <= 4'd0;
              st <= ret;
            end
          end else begin
            for (i = 0; i < 8; i = i + 1)
              if (hk == 4'(i + 2)) smp_w[32*i +: 32] <= sp_data;
            if (hk == 4'd9) begin
              hk <= 4'd0;
              st <= ret;
            end else begin
              hk <= hk + 4'd1;
            end
          end
        end
        // ---- NVIDIA TXQ: pass 1 names the pool entries, pass 2 reads them
        X_NV1: begin
          nv_in <= 1'b1;
          k <= 5'd0;
          st <= X_NV1W;
        end
        X_NV1W: begin
          k <= k + 5'd1;
          if (k == 5'd2) begin                        // the unit's stage 1: pool addresses
            nv_hp_q <= nv_hp_addr;
            nv_sp_q <= nv_sp_addr;
            st <= X_NVH;
          end
        end
        X_NVH: begin
          hl_ptr <= {20'd0, nv_hp_q};
          ret <= X_NVS;
          if (32'(nv_hp_q) < 32'(HEADER_ENTRIES)) begin
            hl_ok <= 1'b1;
            hdr_w <= 256'd0;
            hk <= 4'd1;
            st <= X_HL;
          end else begin
            hdr_w <= 256'd0;
            st <= X_NVS;
          end
        end
        X_NVS: begin
          hl_ptr <= {22'd0, nv_sp_q};
          ret <= X_NV2;
          st <= X_SL;
        end
        X_NV2: begin
          nv_in <= 1'b1;
          st <= X_NV2W;
        end
        X_NV2W: if (nv_out) begin
          rwords <= {nv_r3, nv_r2, nv_r1, nv_r0};
          `TXC_FIN_OK(16'd1, 8'd4)
          rk <= 6'd0;
          st <= X_RES0;
          if (cls == C_SMP && sm_t4) begin           // TLD4S: one lane, four words
            sm_lane <= 2'd0;
            sm_zero <= 1'b0;
            rswz <= 1'b0;
            `TXC_FIN_OK(b3[2] ? 16'd1 : 16'd2, 8'd4)
            // texcore::op::gather::tld4s's order
            if (b2 > 8'd3) begin
              `TXC_FIN_REJ(TXC_REJECT_GATHER_COMPONENT, 8'd0, 8'd0)
              st <= X_DONE;
            end else if (nv_status != texcore_vectors_pkg::STATUS_VALID) begin
              rwords <= 128'd0;                       // the core's zeros
            end else if (b3[0] && hd_cube) begin
              `TXC_FIN_REJ(TXC_REJECT_GATHER_OFFSET_ON_CUBE, 8'd0, 8'd0)
              st <= X_DONE;
            end else if (b3[1] && hd_ty == texcore_vectors_pkg::TEX_THREE_D) begin
              `TXC_FIN_REJ(TXC_REJECT_GATHER_COMPARE_ON_3D, 8'd0, 8'd0)
              st <= X_DONE;
            end else if (!(hd_ty == texcore_vectors_pkg::TEX_TWO_D || hd_ty == texcore_vectors_pkg::TEX_TWO_D_ARRAY
                           || hd_ty == texcore_vectors_pkg::TEX_TWO_D_NO_MIPMAP) || hd_samples > 5'd1) begin
              rwords <= 128'd0;                       // the core's zeros
            end else if (b3[1] && integer_fmt) begin
              `TXC_FIN_REJ(TXC_REJECT_GATHER_COMPARE, 8'd0, 8'd0)
              st <= X_DONE;
            end else if (TXC_SUBSET_NV_OPS[TXC_OP_NV_TLD4S[3:0]] && (!sm_subset || (b3[2] && TXC_SUBSET_F16 == 0))) begin
              status <= TXC_ST_ERR_UNSUPPORTED;
              st <= X_DONE;
            end else begin
              tbuf <= 128'd0;                         // the border texel, then GATHER4's taps
              en_ch <= 2'd0;
              st <= X_SBE;
            end
          end else if (cls == C_SMP) begin            // TMML: one result for the quad's lanes
            sm_lane <= 2'd0;
            sm_zero <= 1'b1;
            rswz <= 1'b0;
            `TXC_FIN_OK(16'hF, 8'd16)
            if (nv_status != texcore_vectors_pkg::STATUS_VALID || !tm_match || hd_samples > 5'd1) begin
              rwords <= 128'd0;                       // the core's zeros
            end else if (TXC_SUBSET_NV_OPS[TXC_OP_NV_TMML[3:0]] && !sm_subset) begin
              status <= TXC_ST_ERR_UNSUPPORTED;
              st <= X_DONE;
            end else begin
              st <= X_SL0;                            // the derivatives, then the LOD unit
            end
          end
        end
        // ---- TGSI queries
        X_TQ: begin
          tq_in <= 1'b1;
          st <= X_TQW;
        end
        X_TQW: if (tq_out) begin
          rwords <= {tq_w, tq_z, tq_y, tq_x};
          `TXC_FIN_OK(16'd1, 8'd4)
          rk <= 6'd0;
          st <= X_RES0;
        end
        // ---- Intel INFO, one lane per clock pair
        X_IN: begin
          in_surf_ok <= hl_ok && hd_ok;
          if (in_err == texcore_vectors_pkg::INFO_ERR_OP) begin
            `TXC_FIN_REJ(TXC_REJECT_INFO_OP, in_op_d0, 8'd0)
            st <= X_DONE;
          end else if (in_err == texcore_vectors_pkg::INFO_ERR_EXEC_SIZE) begin
            `TXC_FIN_REJ(TXC_REJECT_INFO_EXEC_SIZE, in_es_d0, 8'd0)
            st <= X_DONE;
          end else if (in_err == texcore_vectors_pkg::INFO_ERR_MASK_ALIGNMENT) begin
            `TXC_FIN_REJ(TXC_REJECT_INFO_MASK_ALIGNMENT, in_ma_d0, in_ma_d1)
            st <= X_DONE;
          end else begin
            `TXC_FIN_OK(in_en, in_words)
            in_lane <= 4'd0;
            k <= 5'd3;                                // lane 0's LOD: payload word 3
            st <= X_INL;
          end
        end
        X_INL: begin                                  // pw_addr = 3 + lane this clock
          st <= X_INLD;
        end
        X_INLD: begin                                 // pw_data = the lane's LOD
          in_lod <= in_shift[32] ? 32'hFFFF_FFFF : in_shift[31:0];
          st <= X_INR;
        end
        X_INR: begin                                  // the lane's result settles
          in_rgba_q <= in_rgba;
          rk <= 6'd0;
          st <= X_INW;
        end
        X_INW: begin                                  // four result words
          if (rk == 6'd3) begin
            if (in_lane == (in_16 ? 4'd15 : 4'd7)) begin
              st <= X_DONE;
            end else begin
              in_lane <= in_lane + 4'd1;
              k <= k + 5'd1;
              st <= X_INL;
            end
          end
          rk <= rk + 6'd1;
        end
        // ---- fetch, LOAD, STORE, atomics
        X_FD: begin
          fa0 <= 34'($signed(w2));
          fa1 <= 34'($signed(w3));
          fa2 <= 34'($signed(w4));
          flvl <= 34'($signed(w5));
          if (code == TXC_OP_TGSI_TXF) begin
            // offsets: x for every type; y for 2D-like and 3D; z for 3D
            fa0 <= 34'($signed(w2)) + 34'($signed(w6));
            if (hd_ty != texcore_vectors_pkg::TEX_ONE_D && hd_ty != texcore_vectors_pkg::TEX_ONE_D_ARRAY
                && hd_ty != texcore_vectors_pkg::TEX_ONE_D_BUFFER)
              fa1 <= 34'($signed(w3)) + 34'($signed(w7_q));
            if (hd_ty == texcore_vectors_pkg::TEX_THREE_D) fa2 <= 34'($signed(w4)) + 34'($signed(w8_q));
          end else begin
            fa0 <= {2'd0, w2};
            fa1 <= {2'd0, w3};
            fa2 <= {2'd0, w4};
            flvl <= {2'd0, w5};
          end
          fsample <= (code == TXC_OP_TGSI_SAMPLE_I_MS) ? w6 : 32'd0;
          st <= X_FA;
          if (code == TXC_OP_TGSI_TXF && off_bad) begin
            `TXC_FIN_REJ(TXC_REJECT_FETCH_OFFSET_RANGE, off_d0, 8'd0)
            st <= X_DONE;
          end else if (!(hl_ok && hd_ok)) begin
            // invalid view / resource: zeros, no write
            if (cls == C_STORE) begin
              `TXC_FIN_OK(16'd0, 8'd0)
              st <= X_DONE;
            end else begin
              rwords <= 128'd0;
              `TXC_FIN_OK(16'd1, 8'd4)
              rk <= 6'd0;
              st <= X_RES0;
            end
          end else if (cls == C_FETCH && code != TXC_OP_TGSI_LOAD && hd_cube) begin
            `TXC_FIN_REJ(TXC_REJECT_FETCH_CUBE, 8'd0, 8'd0)
            st <= X_DONE;
          end else if (cls == C_STORE && en_reject != 2'd0) begin
            `TXC_FIN_REJ(en_kind, 8'd0, 8'd0)
            st <= X_DONE;
          end else if (cls == C_ATOM && !atomic_fmt(hd_fmt)) begin
            `TXC_FIN_REJ(TXC_REJECT_RESOURCE_ATOMIC_FORMAT, 8'd0, 8'd0)
            st <= X_DONE;
          end
        end
        X_FA: begin
          fx <= fm_x; fy <= fm_y; fz <= fm_z; flayer <= fm_l; flevel <= fm_level; a_slot <= 1'b0;
          tbuf <= 128'd0;
          if (fm_ok) begin
            a_start <= 1'b1;
            st <= X_FAW;
          end else begin
            st <= X_FRES;
            a_ok_q <= 1'b0;
          end
        end
        X_FAW: if (a_done) begin
          a_ok_q <= a_ok;
          chunk <= 3'd0;
          rd_pend <= 1'b0;
          if (!a_ok) st <= X_FRES;
          else if (cls == C_STORE) begin en_ch <= 2'd0; st <= X_FEN; end
          else st <= X_FR;
        end
        X_FR: begin                                   // one 4-byte chunk per clock
          rd_pend <= 1'b1;
          rd_chunk <= chunk[1:0];
          if (rd_pend)
            for (i = 0; i < 16; i = i + 1)
              if (rd_chunk == 2'(i / 4) && rd_be[i % 4]) tbuf[8*i +: 8] <= rd_rot[8*(i % 4) +: 8];
          if (chunk == nchunk - 3'd1) st <= X_FRW;
          else chunk <= chunk + 3'd1;
        end
        X_FRW: begin
          for (i = 0; i < 16; i = i + 1)
            if (rd_chunk == 2'(i / 4) && rd_be[i % 4]) tbuf[8*i +: 8] <= rd_rot[8*(i % 4) +: 8];
          rd_pend <= 1'b0;
          chunk <= 3'd0;
          st <= (cls == C_ATOM) ? X_FWP : X_FRES;     // atomics: the new components, then the old texel
        end
        X_FEN: begin                                  // STORE: one channel at a time
          en_start <= 1'b1;
          st <= X_FENW;
        end
        X_FENW: if (en_done) begin
          if (en_width != 6'd0)
            for (i = 0; i < 4; i = i + 1)
              if (en_lsb[6:5] == 2'(i)) tbuf[32*i +: 32] <= tbuf[32*i +: 32] | en_bits;
          en_ch <= en_ch + 2'd1;
          if (en_ch == 2'd3) begin
            chunk <= 3'd0;
            st <= X_FWP;
          end else begin
            st <= X_FEN;
          end
        end
        X_FWP: begin                                  // the chunk's word (STORE or atomic result)
          wr_word_q <= wr_word;
          st <= X_FWR;
        end
        X_FWR: begin                                  // one 4-byte chunk per two clocks (tm_we)
          if (chunk == nchunk - 3'd1) begin
            if (cls == C_STORE) begin
              `TXC_FIN_OK(16'd1, 8'd0)
              st <= X_DONE;
            end else begin
              st <= X_FRES;
            end
          end else begin
            chunk <= chunk + 3'd1;
            st <= X_FWP;
          end
        end
        X_FRES: begin
          // out of range / unaddressable: zeros (and STORE: not written)
          if (!a_ok_q) begin
            if (cls == C_STORE) begin
              `TXC_FIN_OK(16'd0, 8'd0)
              st <= X_DONE;
            end else begin
              rwords <= 128'd0;
              `TXC_FIN_OK(16'd1, 8'd4)
              rk <= 6'd0;
              st <= X_RES0;
            end
          end else begin
            dec_in <= 1'b1;
            st <= X_FDECW;
          end
        end
        X_FDECW: if (dec_out) begin
          cv_c <= 2'd0;
          cv_rc <= 2'd0;
          st <= X_FCV;
        end
        X_FCV: begin                                  // four conversion passes (cv_in)
          cv_c <= cv_c + 2'd1;
          if (cv_c == 2'd3) st <= X_FCVW;
        end
        X_FCVW: if (cv_out) begin
          for (i = 0; i < 4; i = i + 1)
            if (cv_rc == 2'(i)) rwords[32*i +: 32] <= cv_res;
          cv_rc <= cv_rc + 2'd1;
          if (cv_rc == 2'd3) begin
            rk <= 6'd0;
            `TXC_FIN_OK(16'd1, 8'd4)
            rswz <= code != TXC_OP_TGSI_LOAD && cls != C_ATOM;
            st <= X_RES0;
          end
        end
        // ---- sampling: SAMPLE_L (the view is loaded; the sampler next)
        X_S0: begin
          hl_ptr <= w2;
          ret <= X_S1;
          st <= X_SL;
        end
        X_S1: begin                                   // the sampler words are loaded
          sm_lane <= 2'd0;
          sm_zero <= 1'b0;
          rk <= 6'd0;
          if (sm_gat && gt_stop) begin
            // GATHER4, in texcore::op::gather::gather4's order
            if (b1 > 8'd3) begin
              `TXC_FIN_REJ(TXC_REJECT_GATHER_COMPONENT, 8'd0, 8'd0)
              st <= X_DONE;
            end else if (gt_off_bad) begin
              `TXC_FIN_REJ(TXC_REJECT_GATHER_OFFSET_RANGE, {7'd0, gt_off_idx}, 8'd0)
              st <= X_DONE;
            end else if (!(hl_ok && hd_ok && sm_s_ok && sm_valid)) begin
              sm_zero <= 1'b1;
              rwords <= 128'd0;
              rswz <= 1'b0;
              `TXC_FIN_OK(16'hF, 8'd16)
              st <= X_RES0;
            end else if (!gt_type_ok) begin
              `TXC_FIN_REJ(TXC_REJECT_GATHER_TEXTURE_TYPE, 8'd0, 8'd0)
              st <= X_DONE;
            end else if (hd_cube && (w3 != 32'd0 || w4 != 32'd0)) begin
              `TXC_FIN_REJ(TXC_REJECT_GATHER_OFFSET_ON_CUBE, 8'd0, 8'd0)
              st <= X_DONE;
            end else if (gt_cmpf && integer_fmt) begin
              `TXC_FIN_REJ(TXC_REJECT_GATHER_COMPARE, 8'd0, 8'd0)
              st <= X_DONE;
            end else begin
              status <= TXC_ST_ERR_UNSUPPORTED;
              st <= X_DONE;
            end
          end else if (code == TXC_OP_TGSI_TXP && hl_ok && hd_ok && (hd_ty == texcore_vectors_pkg::TEX_ONE_D_ARRAY
                       || hd_ty == texcore_vectors_pkg::TEX_TWO_D_ARRAY || hd_ty == texcore_vectors_pkg::TEX_CUBEMAP_ARRAY)) begin
            // TXP on a valid array view: the core's rejection, before every other
            // (texcore::op::sample::tex_family)
            `TXC_FIN_REJ(TXC_REJECT_SAMPLE_TEXTURE_TYPE, 8'd0, 8'd0)
            st <= X_DONE;
          end else if (code == TXC_OP_TGSI_TXD && !b1[2]) begin
            // TXD without its derivatives: the core's rejection, whatever the descriptors
            // (texcore::op::sample::tex_family: before the compare of a shadow form)
            `TXC_FIN_REJ(TXC_REJECT_SAMPLE_TEXTURE_TYPE, 8'd0, 8'd0)
            st <= X_DONE;
          end else if (sm_tex && hl_ok && hd_ok && !b1[1] && sm_tex_src1) begin
            // a valid view whose TEX form reads src1 without it: the core's rejection,
            // whatever the sampler
            `TXC_FIN_REJ(TXC_REJECT_SAMPLE_TEXTURE_TYPE, 8'd0, 8'd0)
            st <= X_DONE;
          end else if (sm_cmp && hl_ok && hd_ok && sm_s_ok && sm_valid && integer_fmt) begin
            // compare: zeros of an unbound view / sampler first, then the integer format,
            // then the offsets (texcore::op::sample::sample_compare_quad)
            `TXC_FIN_REJ(TXC_REJECT_SAMPLE_COMPARE, 8'd0, 8'd0)
            st <= X_DONE;
          end else if (!sm_gat && !sm_tex && sm_off_bad && (!sm_cmp || (hl_ok && hd_ok && sm_s_ok && sm_valid))) begin
            `TXC_FIN_REJ(TXC_REJECT_SAMPLE_OFFSET_RANGE, {6'd0, sm_off_idx}, 8'd0)
            st <= X_DONE;
          end else if (!(hl_ok && hd_ok && sm_s_ok && sm_valid)) begin
            // unbound or invalid view / sampler: zeros, no swizzle
            sm_zero <= 1'b1;
            rwords <= 128'd0;
            rswz <= 1'b0;
            `TXC_FIN_OK(16'hF, 8'd16)
            st <= X_RES0;
          end else if (hd_buf || hd_samples > 5'd1) begin
            `TXC_FIN_REJ(TXC_REJECT_SAMPLE_TEXTURE_TYPE, 8'd0, 8'd0)
            st <= X_DONE;
          end else if (!sm_subset) begin
            status <= TXC_ST_ERR_UNSUPPORTED;
            st <= X_DONE;
          end else begin
            `TXC_FIN_OK(16'hF, 8'd16)
            // the border texel: the border colour encoded into the view's format, then decoded
            tbuf <= 128'd0;
            en_ch <= 2'd0;
            st <= X_SBE;
            if (code == TXC_OP_TGSI_TXP) begin         // the projection first
              pj_l <= 2'd0;
              pj_i <= 4'd0;
              pj_ph <= 3'd0;
              st <= X_PJ;
            end
          end
        end
        // TXP: per lane, w (word 6 + 4 lane), then x, y, z (3 + 4 lane + c) divided by it
        X_PJ: begin
          case (pj_ph)
            3'd0: begin k <= {1'b0, pj_l, 2'b10} + 5'd4; pj_ph <= 3'd1; end  // pw_addr = w next
            3'd1: begin k <= {1'b0, pj_l, 2'b11}; pj_c <= 2'd0; pj_ph <= 3'd2; end
            3'd2: begin pj_w <= pw_data; pj_ph <= 3'd3; end                  // pw_data = w
            3'd3: begin                                                      // pw_data = component c
              dv_a <= pw_data;
              dv_b <= pj_w;
              dv_start <= 1'b1;
              pj_ph <= 3'd4;
            end
            default: if (dv_done) begin
              pj_i <= pj_i + 4'd1;
              if (pj_c != 2'd2) begin
                pj_c <= pj_c + 2'd1;
                k <= k + 5'd1;                                           // the next component
                pj_ph <= 3'd5;
              end else if (pj_l != 2'd3) begin
                pj_l <= pj_l + 2'd1;
                pj_ph <= 3'd0;
              end else begin
                pj_on <= 1'b1;
                st <= X_SBE;
              end
            end
          endcase
          if (pj_ph == 3'd5) pj_ph <= 3'd3;                               // pw_addr = it
        end
        X_SBE: begin
          en_start <= 1'b1;
          st <= X_SBEW;
        end
        X_SBEW: if (en_done) begin
          if (en_width != 6'd0)
            for (i = 0; i < 4; i = i + 1)
              if (en_lsb[6:5] == 2'(i)) tbuf[32*i +: 32] <= tbuf[32*i +: 32] | en_bits;
          en_ch <= en_ch + 2'd1;
          st <= (en_ch == 2'd3) ? X_SBD : X_SBE;
        end
        X_SBD: begin
          dec_in <= 1'b1;
          st <= X_SBDW;
        end
        X_SBDW: if (dec_out) begin
          sm_border <= {dec_w[7:0], dec_z[7:0], dec_y[7:0], dec_x[7:0]};
          st <= X_SL0;
        end
        // the lane's LOD: its explicit LOD word (22 + lane) through texcore_lod
        X_SL0: begin
          // TEX family: src0.w, or src1.x (19 + lane) where w is the shadow reference; TLD4S:
          // its reference (word 5)
          k <= sm_t4 ? 5'd5 : sm_tex ? (sm_tex_rw ? 5'(19 + 32'(sm_lane)) : 5'(6 + 4 * 32'(sm_lane)))
                      : 5'(22 + 32'(sm_lane)) - sm_wb;
          st <= X_SL1;
        end
        X_SL1: st <= X_SL2;                           // pw_addr = the LOD word
        X_SL2: begin                                  // pw_data = the LOD word
          sl_lod <= (code == TXC_OP_TGSI_SAMPLE_C_LZ) ? 32'd0 : pw_data;   // SAMPLE_C_LZ: lambda_base = 0
          cm_ref <= pw_data;                          // SAMPLE_C(_LZ): the lane's reference (TEX: X_SC)
          cm_done <= 1'b0;
          st <= X_SL3;
          sw_sent <= 1'b0;
          // the derivative ops: SAMPLE_B's word is its bias; SAMPLE and SAMPLE_D have none
          if (sd_op) begin
            if (!sd_bias) sl_lod <= 32'd0;
            sd_j <= 4'd0;
            sd_t1 <= 3'd0;
            sd_t2 <= 3'd0;
            sd_oc <= 2'd0;
            st <= X_SD;
          end else begin
            for (i = 0; i < 4; i = i + 1) sd_d[i] <= 32'd0;
          end
        end
        X_TZ: begin                                   // words 19 .. end: src1.x, ddx, ddy; GATHER4 21 .. 24: ref
          tz_t1 <= 7'd0;
          tz_t2 <= tz_t1;
          if (9'({tz_j, 2'b00}) < plen) begin
            {kh, k} <= tz_j;
            tz_t1 <= {1'b1, tz_j};
            tz_j <= tz_j + 6'd1;
          end else begin
            kh <= 1'b0;
          end
          if (tz_t2[6] && pw_data != 32'd0
              && (code == TXC_OP_TGSI_GATHER4 ? !b2[0]
                  : ((tz_t2[5:0] <= 6'd22 && !b1[1]) || (tz_t2[5:0] >= 6'd23 && !b1[2]))))
            tz_bad <= 1'b1;
          if (9'({tz_j, 2'b00}) >= plen && !tz_t1[6] && !tz_t2[6]) begin
            if (tz_bad) begin
              status <= TXC_ST_ERR_BAD_VALUE;
              st <= X_DONE;
            end else begin
              st <= X_HL;
            end
          end
        end
        X_SD: begin                                   // the lane's derivatives, then its LOD
          sd_t1 <= 3'd0;
          sd_t2 <= sd_t1;
          if (sd_j != (sd_expl ? 4'd4 : 4'd8)) begin
            {kh, k} <= sd_word(sd_expl, sm_tex, sd_base, sd_j[2:0], sm_lane);
            sd_t1 <= {1'b1, sd_j[1:0]};
            sd_j <= sd_j + 4'd1;
          end else begin
            kh <= 1'b0;
          end
          if (sd_t2[2] && sd_expl) begin
            for (i = 0; i < 4; i = i + 1)
              if (sd_t2[1:0] == 2'(i)) sd_d[i] <= pw_data;
            if (sd_t2[1:0] == 2'd3) st <= X_SL3;
          end else if (sd_t2[2] && !sd_t2[0]) begin
            sd_a <= nan_zero(pw_data);
          end else if (sd_t2[2]) begin
            fs_a <= sd_a;
            fs_b <= nan_zero(pw_data);
            fs_in <= 1'b1;
          end
          if (fs_out) begin
            for (i = 0; i < 4; i = i + 1)
              if (sd_oc == 2'(i)) sd_d[i] <= fs_d;
            sd_oc <= sd_oc + 2'd1;
            if (sd_oc == 2'd3) st <= X_SL3;
          end
        end
        X_SL3: begin
          if (sm_gat) begin                           // GATHER4, TLD4S: the base level, no LOD
            sm_lv0 <= 5'd0;
            sm_lv1 <= 5'd0;
            sm_delta <= 8'd0;
            sm_pass <= 1'b0;
            st <= X_SX;
          end else if (!sw_sent) begin
            sl_in <= 1'b1;
            sw_sent <= 1'b1;
          end else if (sl_out) begin
            sm_lv0 <= sl_level;
            sm_lv1 <= sl_level2;
            sm_delta <= sl_delta;
            sm_pass <= 1'b0;
            st <= X_SX;
            if (sm_tmml) begin                        // TMML pass 0: R, G, A; B's length
              rwords <= {16'd0, sl_ratio, 32'd0, 16'd0, sl_used, 16'd0, sl_lp};
              tm_len <= sl_lmax;
              tm_mx <= sl_major;
              tm_i <= 2'd0;
              tm_o <= 1'b0;
              st <= X_TMB;
            end
          end
        end
        X_TMB: begin                                  // TMML passes 1 (u alone) and 2 (v alone)
          if (tm_i == 2'd0) begin
            tm_us <= tm_u[31];
            tm_uz <= f32_zero(tm_u[30:0]);
            tm_vs <= tm_v[31];
            tm_vz <= f32_zero(tm_v[30:0]);
            sd_d[0] <= tm_u;
            sd_d[1] <= 32'd0;
            sd_d[2] <= 32'd0;
            sd_d[3] <= 32'd0;
            tm_vb <= tm_v;                            // for pass 2
            sl_in <= 1'b1;
            tm_i <= 2'd1;
          end else if (tm_i == 2'd1) begin
            sd_d[0] <= 32'd0;
            sd_d[1] <= tm_vb;
            sl_in <= 1'b1;
            tm_i <= 2'd2;
          end
          if (sl_out) begin
            if (!tm_o) begin
              tm_xu <= sl_lmax - tm_len;
              tm_o <= 1'b1;
            end else begin
              tm_xv <= sl_lmax - tm_len;
              tm_c <= 1'b0;
              tm_s <= 3'd0;
              tm_p <= 1'b0;
              tm_n <= 7'd0;
              st <= X_TMC;
            end
          end
        end
        X_TMC: if (!tm_p) begin                       // one search step in two clocks: u, then v
          tm_tq <= tm_t;
          tm_tryq <= tm_try;
          tm_p <= 1'b1;
        end else begin
          tm_p <= 1'b0;
          if (tm_tryq <= 7'd64 && tm_ge) tm_n <= tm_tryq;
          tm_s <= tm_s + 3'd1;
          if (tm_s == 3'd6) begin
            tm_s <= 3'd0;
            tm_n <= 7'd0;
            tm_c <= 1'b1;
            if (!tm_c) begin
              tm_nu <= (tm_tryq <= 7'd64 && tm_ge) ? tm_tryq : tm_n;
            end else begin
              rwords[95:64] <= {16'd0, tm_comp(tm_vz, tm_vs, (tm_tryq <= 7'd64 && tm_ge) ? tm_tryq : tm_n),
                                tm_comp(tm_uz, tm_us, tm_nu)};
              st <= X_RES0;
            end
          end
        end
        X_SX: begin                                   // pw_addr = the lane's x word next
          k <= sm_t4 ? 5'd2 : 5'(sm_cb + 5'(4 * sm_lane)) - sm_wb;   // TLD4S: s, t at words 2, 3
          st <= X_SXD;
        end
        X_SXD: begin                                  // pw_addr = x's word
          k <= sm_t4 ? 5'd3 : 5'(sm_cb + 5'd1 + 5'(4 * sm_lane)) - sm_wb;
          st <= X_SYD;
        end
        X_SYD: begin                                  // pw_data = x; pw_addr = y's word
          sm_x <= pw_data;
          k <= 5'(sm_cb + 5'd2 + 5'(4 * sm_lane)) - sm_wb;
          st <= X_SC;
          sw_sent <= 1'b0;
        end
        X_SC: begin                                   // pw_data = y: both axes start; z next clock
          if (!sw_sent) begin
            sm_y <= pw_data;
            sc_in <= 1'b1;
            sw_sent <= 1'b1;
            sm_zc <= 1'b0;
            sm_wc <= 1'b0;
            k <= 5'(sm_cb + 5'd3 + 5'(4 * sm_lane)) - sm_wb;   // w next
          end else if (!sm_zc) begin                  // (the coordinate unit's latency is 6)
            sm_z <= sm_t4 ? 32'd0 : pw_data;          // TLD4S: layer 0
            if (sm_tex) cm_ref <= pw_data;            // shadow TEX: the reference in src0.z
            sm_zc <= 1'b1;
          end else if (!sm_wc) begin                  // pw_data = w
            if (sm_tex_rw) cm_ref <= pw_data;         // a 2D array's: src0.w
            sm_wc <= 1'b1;
          end else if (scx_out) begin
            if (!sm_pass) begin
              sm_ax <= scx_w;
              sm_ay <= scy_w;
            end else begin
              sm_ax1 <= scx_w;
              sm_ay1 <= scy_w;
            end
            sm_ix <= scx_i0 + gt_du;                  // GATHER4: its offsets (-32 .. 31)
            sm_iy <= scy_i0 + gt_dv;
            sw_i <= scx_i0 + gt_du;
            sw_y <= 1'b0;
            sw_in <= 1'b1;
            wr_k <= 2'd1;
            wr_r <= 2'd0;
            st <= X_SW;
          end
        end
        X_SW: begin                                   // s's i0 issued; then s's i0 + 1, t's i0, t's i0 + 1
          if (wr_k != 2'd0) begin
            sw_i <= (wr_k[1] ? sm_iy : sm_ix) + 32'(wr_k[0]);
            sw_y <= wr_k[1];
            sw_in <= 1'b1;
            wr_k <= wr_k + 2'd1;
          end
          if (sw_out) begin
            case (wr_r)
              2'd0: sm_x0 <= sm_w[16] ? wrap64k(sm_ws, sm_ix) : {sw_b, sw_t};
              2'd1: sm_x1 <= sm_w[16] ? wrap64k(sm_ws, sm_ix + 32'd1) : {sw_b, sw_t};
              2'd2: sm_y0 <= sm_h[16] ? wrap64k(sm_wt, sm_iy) : {sw_b, sw_t};
              default: begin
                sm_y1 <= sm_h[16] ? wrap64k(sm_wt, sm_iy + 32'd1) : {sw_b, sw_t};
                sm_tap <= 2'd0;
                st <= X_ST;
              end
            endcase
            wr_r <= wr_r + 2'd1;
          end
        end
        X_ST: begin                                   // tap sm_tap: (x0 | x1, y0 | y1)
          fx <= {16'd0, sm_tap[0] ? sm_x1[15:0] : sm_x0[15:0]};
          fy <= {16'd0, sm_tap[1] ? sm_y1[15:0] : sm_y0[15:0]};
          fz <= 32'd0;
          flayer <= {15'd0, sm_layer};
          fsample <= 32'd0;
          flevel <= sm_lvl;
          chunk <= 3'd0;
          if ((sm_tap[0] ? sm_x1[16] : sm_x0[16]) || (sm_tap[1] ? sm_y1[16] : sm_y0[16])) begin
            // a border tap: the border texel, no read
            for (i = 0; i < 8; i = i + 1)
              if ({sm_pass, sm_tap} == 3'(i)) sm_taps[32*i +: 32] <= sm_border;
            for (i = 0; i < 8; i = i + 1)
              if ({sm_pass, sm_tap} == 3'(i)) cm_codes[32*i +: 32] <= gt_bcode;
            sm_tap <= sm_tap + 2'd1;
            st <= (sm_tap != 2'd3) ? X_ST : (!sm_pass && sm_delta != 8'd0) ? X_SX : X_SF;
            if (sm_tap == 2'd3) sm_pass <= 1'b1;
          end else begin
            `TXC_TAP_ADDR
            st <= X_STW;
          end
        end
        X_STW: if (a_done || a_fin) begin
          a_ok_q <= a_ok;
          st <= X_SR;
        end
        X_SR: st <= X_SRD;                            // tm_raddr = the tap's rows
        X_SRD: begin                                  // tm_rdata = the tap's bytes
          tbuf <= a_ok_q ? {96'd0, rd_rot} : 128'd0;
          st <= X_SDEC;
        end
        X_SDEC: begin
          dec_in <= 1'b1;
          // the pass's next tap, unless it is a border tap: its address now (same lane,
          // level and layer as this tap's: the kept walk and origin)
          if (sm_tap != 2'd3 && !nt_border) begin
            fx <= {16'd0, nt[0] ? sm_x1[15:0] : sm_x0[15:0]};
            fy <= {16'd0, nt[1] ? sm_y1[15:0] : sm_y0[15:0]};
            `TXC_TAP_ADDR
            sm_pre <= 1'b1;
          end
          st <= X_SDW;
        end
        X_SDW: if (dec_out) begin
          // A tap that cannot be read (outside the texel memory, or at or beyond 2^32) is the
          // all-zero texel, as in the model (texcore::op::read_texel's None): not the decode
          // of zero bytes, which gives a format without alpha an alpha of one.
          for (i = 0; i < 8; i = i + 1)
            if ({sm_pass, sm_tap} == 3'(i))
              sm_taps[32*i +: 32] <= a_ok_q ? {dec_w[7:0], dec_z[7:0], dec_y[7:0], dec_x[7:0]} : 32'd0;
          for (i = 0; i < 8; i = i + 1)
            if ({sm_pass, sm_tap} == 3'(i)) cm_codes[32*i +: 32] <= a_ok_q ? gt_tcode : 32'd0;
          sm_tap <= sm_tap + 2'd1;
          st <= sm_pre ? X_STW : (sm_tap != 2'd3) ? X_ST : (!sm_pass && sm_delta != 8'd0) ? X_SX : X_SF;
          sm_pre <= 1'b0;
          if (sm_tap == 2'd3) sm_pass <= 1'b1;
        end
        X_SF: begin
          if (sm_gat) begin
            if (gt_const || t4_lack) begin            // a swizzle constant: 0 or 1.0
              rwords <= {4{(gt_one && !t4_lack) ? 32'h3F80_0000 : 32'd0}};
              rswz <= 1'b0;
              cm_k <= 3'd0;
              cm_r <= 3'd0;
              st <= (sm_t4 && b3[2]) ? X_SH : X_RES0;
            end else begin
              cm_in <= 1'b1;
              cm_k <= 3'd0;
              cm_r <= 3'd0;
              st <= X_SGA;
            end
          end else if (sm_cmp && !cm_done) begin
            cm_in <= 1'b1;                            // pass 0's four taps, then pass 1's
            cm_k <= 3'd0;
            cm_r <= 3'd0;
            st <= X_SCP;
          end else begin
            f_in <= 1'b1;
            st <= X_SFW;
          end
        end
        X_SCP: begin                                  // compare: 0 / 255 taps for the filter
          if (cm_k != 3'd7) begin
            cm_in <= 1'b1;
            cm_k <= cm_k + 3'd1;
          end
          if (cm_out) begin
            for (i = 0; i < 8; i = i + 1)
              if (cm_r == 3'(i)) sm_taps[32*i +: 32] <= (cm_res != 32'd0) ? 32'hFFFF_FFFF : 32'd0;
            cm_r <= cm_r + 3'd1;
            if (cm_r == 3'd7) begin
              cm_done <= 1'b1;
              st <= X_SF;
            end
          end
        end
        X_SGA: begin                                  // (S0, S1, S2, S3) = taps 2, 3, 1, 0
          if (cm_k != 3'd3) begin
            cm_in <= 1'b1;
            cm_k <= cm_k + 3'd1;
          end
          if (cm_out) begin
            case (cm_r[1:0])
              2'd0:    rwords[127:96] <= cm_res;
              2'd1:    rwords[95:64] <= cm_res;
              2'd2:    rwords[31:0] <= cm_res;
              default: rwords[63:32] <= cm_res;
            endcase
            cm_r <= cm_r + 3'd1;
            if (cm_r == 3'd3) begin
              rswz <= 1'b0;
              cm_k <= 3'd0;
              cm_r <= 3'd0;
              st <= (sm_t4 && b3[2]) ? X_SH : X_RES0;
            end
          end
        end
        X_SH: begin                                   // TLD4S.F16: word cm_k in, word cm_r out
          if (!cm_k[2]) cm_k <= cm_k + 3'd1;
          if (h_out) begin
            for (i = 0; i < 3; i = i + 1)
              if (cm_r == 3'(i)) rwords[32*i +: 16] <= h_res;
            cm_r <= cm_r + 3'd1;
            if (cm_r == 3'd3) begin
              rwords <= {32'd0, h_res, rwords[79:64], 32'd0, rwords[47:32], rwords[15:0]};
              st <= X_RES0;
            end
          end
        end
        X_SFW: if (f_out) begin
          rwords <= {f_a, f_b, f_g, f_r};
          rswz <= !sm_cmp;                            // a compare result is not swizzled
          st <= X_RES0;
        end
        // ---- Vec4 result: four writes
        X_RES0: begin
          rk <= rk + 6'd1;
          if (cls == C_SMP && !sm_t4) begin
            // a quad: 16 words, lane-major; the next lane after each lane's four
            if (rk == 6'd15) st <= X_DONE;
            else if (rk[1:0] == 2'd3 && !sm_zero) begin
              sm_lane <= sm_lane + 2'd1;
              st <= X_SL0;
            end
          end else if (rk == 6'd3) st <= X_DONE;
        end
        X_DONE: begin
          done <= 1'b1;
          st <= X_IDLE;
        end
        default: st <= X_IDLE;
      endcase
    end
  end
`undef TXC_FIN_OK
`undef TXC_FIN_REJ
`undef TXC_TAP_ADDR
endmodule
