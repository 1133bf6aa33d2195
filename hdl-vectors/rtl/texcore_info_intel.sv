`timescale 1ns/1ps
// Intel vISA INFO (opcode 0x70): resinfo and sampleinfo, SIMD8/16, execution masks
// M1-M8 and NoMask. Reference for the `intel_info` vectors (texcore::query::intel::info).
//
// The surface is entry `surf` of the texture-header pool (synchronous-read ROM outside this
// module, read in stage 1); surf >= HDR_POOL_ENTRIES is unbound. The destination is
// exec_size x 4 elements in RGBA planar order: dst[c*N + lane] = component c of lane `lane`;
// we[e] says whether dst[e] is written (d = 0 where not). A malformed Op / Exec_size byte
// writes nothing and reports INFO_ERR_*.
// Pipelined, one instruction (all lanes) per clock, latency 3 (in_valid -> out_valid).
// Stages: s0 input registers -> s1 header decode, control decode -> out (16 lanes).
// The control decode is texcore_info_ctrl (below, in this file), which the sampler device
// shares for its lane-serial INFO.
module texcore_info_intel (
  input  logic                   clk,
  input  logic                   rst,
  input  logic                   in_valid,
  /* verilator lint_off UNUSEDSIGNAL */
  input  logic [7:0]             op,       // Op byte (bits 7:5 are ignored)
  /* verilator lint_on UNUSEDSIGNAL */
  input  logic [7:0]             exec,     // Exec_size byte
  input  logic [31:0]            emask,    // dispatch mask
  input  logic [15:0]            surf,     // surface index
  input  logic [511:0]           lod,      // lane i LOD at [32*i +: 32]
  output logic [texcore_vectors_pkg::HDR_POOL_AW-1:0] hp_addr,
  input  logic [255:0]           hp_data,
  output logic                   out_valid,
  output logic [1:0]             err,      // INFO_ERR_*
  output logic [3:0]             status,   // STATUS_* of the surface
  output logic [63:0]            we,       // write enable of dst[e]
  output logic [2047:0]          dst       // dst[e] at [32*e +: 32]
);
  // ---------------------------------------------------------------- s0: inputs
  logic         v0;
  logic [4:0]   op0;
  logic [7:0]   ex0;
  logic [31:0]  em0;
  logic [15:0]  surf0;
  logic [511:0] lod0;
  always @(posedge clk) begin
    v0 <= rst ? 1'b0 : in_valid;
    op0 <= op[4:0]; ex0 <= exec; em0 <= emask; surf0 <= surf; lod0 <= lod;
  end
  assign hp_addr = surf0[texcore_vectors_pkg::HDR_POOL_AW-1:0];

  // Control: op, execution size, mask offset alignment, enabled lanes.
  logic        is_res, lanes16;
  logic [1:0]  err0;
  logic [15:0] lane_en0;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [2:0]  mk;                                      // (the error carries it)
  /* verilator lint_on UNUSEDSIGNAL */
  texcore_info_ctrl u_ctrl (
    .op(op0), .exec(ex0), .emask(em0), .err(err0), .is_res(is_res), .lanes16(lanes16),
    .mk(mk), .lane_en(lane_en0)
  );

  // ---------------------------------------------------------------- s1: decode
  logic         v1, is_res1, lanes161, unbound1;
  logic [1:0]   err1;
  logic [15:0]  lane_en1;
  logic [511:0] lod1;
  always @(posedge clk) begin
    v1 <= rst ? 1'b0 : v0;
    err1 <= err0; is_res1 <= is_res; lanes161 <= lanes16; lane_en1 <= lane_en0; lod1 <= lod0;
    unbound1 <= surf0 >= 16'(texcore_vectors_pkg::HDR_POOL_ENTRIES);
  end
  logic        hdr_ok1;
  logic [3:0]  ty1;
  logic [4:0]  samples1, base1, qw1, qh1;
  logic [31:0] width1;
  logic [16:0] height1, depth1;
  logic [5:0]  levels1;
  texcore_hdr_decode u_hdr (
    .words(hp_data), .valid(hdr_ok1), .ty(ty1), .samples(samples1), .width(width1),
    .height(height1), .depth(depth1), .levels(levels1), .base_level(base1),
    .quilt_w(qw1), .quilt_h(qh1)
  );
  logic [3:0] status1;
  logic       surf_ok1;
  assign status1  = unbound1 ? texcore_vectors_pkg::STATUS_UNBOUND : (hdr_ok1 ? texcore_vectors_pkg::STATUS_VALID : texcore_vectors_pkg::STATUS_HEADER_DECODE);
  assign surf_ok1 = status1 == texcore_vectors_pkg::STATUS_VALID;

  // Per lane: resinfo; sampleinfo is (samples, 0, 0, palette 0) on 2D types, else zeros.
  logic [127:0] res1 [0:15];
  genvar gl;
  generate
    for (gl = 0; gl < 16; gl = gl + 1) begin : g_lane
      texcore_resinfo_lane u_lane (
        .ty(ty1), .width(width1), .height(height1), .depth(depth1), .levels(levels1),
        .base_level(base1), .quilt_w(qw1), .quilt_h(qh1), .lod(lod1[32*gl +: 32]),
        .rgba(res1[gl])
      );
    end
  endgenerate
  logic [127:0] sinfo1;
  assign sinfo1 = (ty1 == texcore_vectors_pkg::TEX_TWO_D || ty1 == texcore_vectors_pkg::TEX_TWO_D_ARRAY || ty1 == texcore_vectors_pkg::TEX_TWO_D_NO_MIPMAP)
                ? {96'd0, 27'd0, samples1} : 128'd0;

  // Element e = c*N + lane: N = 16 -> c = e[5:4], lane = e[3:0]; N = 8 -> c = e[4:3],
  // lane = e[2:0] (e < 32). Per element, with both (c, lane) pairs constant: a 2-way mux
  // (Verilator: a few instructions per element instead of an unrolled loop through shared
  // variables), registered straight into its slice of the outputs (Verilator: no 2 048-bit
  // intermediate copied word by word every clock).
  wire           run1 = err1 == texcore_vectors_pkg::INFO_ERR_NONE;
  // we1[e] = run1 && (lanes161 ? lane_en1[e % 16] : e < 32 && lane_en1[e % 8]), as one word
  // (Verilator: not 64 single-bit updates)
  wire [63:0]    we1 = !run1 ? 64'd0 : lanes161 ? {4{lane_en1}} : {32'd0, {4{lane_en1[7:0]}}};
  always @(posedge clk) we <= we1;
  genvar ge;
  generate
    for (ge = 0; ge < 64; ge = ge + 1) begin : g_el
      localparam int C16 = ge / 16, L16 = ge % 16, C8 = (ge / 8) % 4, L8 = ge % 8;
      wire [31:0] v16 = is_res1 ? res1[L16][32*C16 +: 32] : sinfo1[32*C16 +: 32];
      wire [31:0] v8 = is_res1 ? res1[L8][32*C8 +: 32] : sinfo1[32*C8 +: 32];
      always @(posedge clk)
        dst[32*ge +: 32] <= (we1[ge] && surf_ok1) ? (lanes161 ? v16 : v8) : 32'd0;
    end
  endgenerate

  always @(posedge clk) begin
    out_valid <= rst ? 1'b0 : v1;
    err <= err1;
    status <= status1;
  end
endmodule

// Intel vISA INFO control decode (combinational): texcore::query::intel::{InfoOp,
// ExecCtrl}. The Op byte's bits 4:0 (resinfo / sampleinfo), the Exec_size byte (SIMD8 /
// SIMD16, mask Mk at channel 4 * (k - 1), which must be aligned to the execution size, and
// _NM), and the dispatch mask -> the error (INFO_ERR_*, checked in that order) and the
// enabled lanes. Shared by the lane-parallel texcore_info_intel and the sampler device's
// lane-serial INFO.
/* verilator lint_off DECLFILENAME */
module texcore_info_ctrl (
  input  logic [4:0]  op,        // Op byte bits 4:0
  input  logic [7:0]  exec,      // Exec_size byte
  input  logic [31:0] emask,     // dispatch mask
  output logic [1:0]  err,       // INFO_ERR_*
  output logic        is_res,    // resinfo (else sampleinfo)
  output logic        lanes16,   // SIMD16 (else SIMD8)
  output logic [2:0]  mk,        // k - 1 of Mk
  output logic [15:0] lane_en    // lane i enabled (0 for lanes >= the execution size)
);
  logic        op_ok, size_ok, aligned, nm;
  logic [15:0] em_lo;
  assign op_ok   = (op == texcore_vectors_pkg::INFO_OP_RESINFO) | (op == texcore_vectors_pkg::INFO_OP_SAMPLEINFO);
  assign is_res  = op == texcore_vectors_pkg::INFO_OP_RESINFO;
  assign lanes16 = exec[2:0] == 3'b100;
  assign size_ok = ((exec[2:0] == 3'b011) | lanes16) & ~exec[3];
  assign mk      = exec[6:4];                            // offset = 4 * mk
  assign aligned = lanes16 ? (mk[1:0] == 2'd0) : (mk[0] == 1'b0);
  assign nm      = exec[7];
  assign err     = !op_ok ? texcore_vectors_pkg::INFO_ERR_OP : !size_ok ? texcore_vectors_pkg::INFO_ERR_EXEC_SIZE
                 : !aligned ? texcore_vectors_pkg::INFO_ERR_MASK_ALIGNMENT : texcore_vectors_pkg::INFO_ERR_NONE;
  assign em_lo   = 16'(emask >> {mk, 2'b00});           // lanes 0-15 of the mask at 4 * mk
  // lane i enabled: (lanes16 || i < 8) && (nm || em_lo[i]), as one word (Verilator: one
  // expression instead of 16 single-bit updates)
  assign lane_en = (nm ? 16'hFFFF : em_lo) & (lanes16 ? 16'hFFFF : 16'h00FF);
endmodule
/* verilator lint_on DECLFILENAME */
