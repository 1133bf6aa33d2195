`timescale 1ns/1ps
// Gallium TGSI resource queries (Gallium TGSI): SVIEWINFO, TXQ, SAMPLE_INFO, SAMPLE_POS, with the
// float-returning forms. Reference for the `tgsi_query` vectors (texcore::query::tgsi).
//
// SVIEW[n] is entry n of the texture-header pool (synchronous-read ROM outside this module,
// read in stage 1); n >= HDR_POOL_ENTRIES is an unbound slot. Any invalid view returns zeros.
// Pipelined, one query per clock, latency 4 (in_valid -> out_valid).
// Stages: s0 input registers -> s1 header decode -> s2 query (integers; sample positions in
// 1/16 pixel) -> out (fp32 conversion, round to nearest even).
// FP32 = 0 builds the unit without the float-returning forms and their converters (`fp32` is
// ignored, results are integers; SAMPLE_POS still returns binary32 sixteenths, which never
// pass through a converter), for a device that offers only the integer forms; the default
// builds them.
module texcore_query_tgsi #(
  parameter bit FP32 = 1'b1              // build the float-returning forms
) (
  input  logic                   clk,
  input  logic                   rst,
  input  logic                   in_valid,
  input  logic [1:0]             op,        // TGSI_OP_*
  input  logic                   fp32,      // float-returning form (SVIEWINFO, TXQ, SAMPLE_INFO)
  input  logic [15:0]            view,      // SVIEW index
  input  logic [31:0]            param,     // mip level or sample index
  output logic [texcore_vectors_pkg::HDR_POOL_AW-1:0] hp_addr,
  input  logic [255:0]           hp_data,
  output logic                   out_valid,
  output logic [3:0]             status,    // STATUS_VALID / _HEADER_DECODE / _UNBOUND
  output logic [31:0]            x,
  output logic [31:0]            y,
  output logic [31:0]            z,
  output logic [31:0]            w
);
  // ---------------------------------------------------------------- s0: inputs
  logic        v0, fp0;
  logic [1:0]  op0;
  logic [15:0] view0;
  logic [31:0] p0;
  // Every stage register loads only while an item is at the input or in flight (clock
  // enable: the pipeline holds when idle, which saves power and simulation time); the
  // valid bits are not gated.
  logic act;
  always @(posedge clk) v0 <= rst ? 1'b0 : in_valid;
  always @(posedge clk) if (act) begin
    op0 <= op; fp0 <= FP32 & fp32; view0 <= view; p0 <= param;
  end
  assign hp_addr = view0[texcore_vectors_pkg::HDR_POOL_AW-1:0];

  // ---------------------------------------------------------------- s1: decode
  logic        v1, fp1, unbound1;
  logic [1:0]  op1;
  logic [31:0] p1;
  always @(posedge clk) v1 <= rst ? 1'b0 : v0;
  always @(posedge clk) if (act) begin
    unbound1 <= view0 >= 16'(texcore_vectors_pkg::HDR_POOL_ENTRIES);
    op1 <= op0; fp1 <= fp0; p1 <= p0;
  end
  logic        hdr_ok1;
  logic [3:0]  ty1;
  logic [4:0]  samples1, base1;
  logic [31:0] width1;
  logic [16:0] height1, depth1;
  logic [5:0]  levels1;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [4:0]  qw1, qh1;
  /* verilator lint_on UNUSEDSIGNAL */
  texcore_hdr_decode u_hdr (
    .words(hp_data), .valid(hdr_ok1), .ty(ty1), .samples(samples1), .width(width1),
    .height(height1), .depth(depth1), .levels(levels1), .base_level(base1),
    .quilt_w(qw1), .quilt_h(qh1)
  );

  // ---------------------------------------------------------------- s2: query
  logic        v2, fp2;
  logic [3:0]  status2, ty2;
  logic [1:0]  op2;
  logic [4:0]  samples2, base2;
  logic [31:0] width2, p2;
  logic [16:0] height2, depth2;
  logic [5:0]  levels2;
  always @(posedge clk) v2 <= rst ? 1'b0 : v1;
  always @(posedge clk) if (act) begin
    status2 <= unbound1 ? texcore_vectors_pkg::STATUS_UNBOUND : (hdr_ok1 ? texcore_vectors_pkg::STATUS_VALID : texcore_vectors_pkg::STATUS_HEADER_DECODE);
    op2 <= op1; fp2 <= fp1; p2 <= p1; ty2 <= ty1; samples2 <= samples1; base2 <= base1;
    width2 <= width1; height2 <= height1; depth2 <= depth1; levels2 <= levels1;
  end
  logic        in_range2;
  logic [31:0] x2, y2, z2;
  texcore_view_dims u_dims (
    .ty(ty2), .width(width2), .height(height2), .depth(depth2), .levels(levels2),
    .base_level(base2), .lod(p2), .in_range(in_range2), .x(x2), .y(y2), .z(z2)
  );
  logic       pos_ok2;
  logic [7:0] pos2;
  assign pos_ok2 = (samples2 != 5'd1) && (p2[31:5] == 27'd0) && (p2[4:0] < samples2);
  assign pos2    = texcore_vectors_pkg::SAMPLE_POS_TABLE[({27'd0, samples2} - 32'd1 + {27'd0, p2[4:0]}) * 8 +: 8];

  logic [31:0] iv2 [0:3];
  always @* begin
    iv2[0] = 32'd0; iv2[1] = 32'd0; iv2[2] = 32'd0; iv2[3] = 32'd0;
    if (status2 == texcore_vectors_pkg::STATUS_VALID) begin
      case (op2)
        texcore_vectors_pkg::TGSI_OP_SVIEWINFO, texcore_vectors_pkg::TGSI_OP_TXQ: begin
          iv2[3] = {26'd0, levels2};
          if (in_range2) begin
            iv2[0] = x2; iv2[1] = y2; iv2[2] = z2;
          end
        end
        texcore_vectors_pkg::TGSI_OP_SAMPLE_INFO:
          if (samples2 != 5'd1) iv2[0] = {27'd0, samples2};
        default: ;  // TGSI_OP_SAMPLE_POS: pv2 below
      endcase
    end
  end

  // SAMPLE_POS: the table entry of a valid view and index, else zeros.
  logic [7:0] pv2;
  assign pv2 = (status2 == texcore_vectors_pkg::STATUS_VALID && pos_ok2) ? pos2 : 8'd0;

  // ---------------------------------------------------------------- out: fp32
  // The float-returning forms of SVIEWINFO, TXQ and SAMPLE_INFO convert their integers;
  // SAMPLE_POS takes its binary32 sixteenths from `pos_f32` (4 bits in, one LUT per bit).
  logic [31:0] f2 [0:3];
  genvar gi;
  generate
    if (FP32) begin : g_fp
      for (gi = 0; gi < 4; gi = gi + 1) begin : g_cvt
        texcore_u32_to_f32 u_cvt (.v(iv2[gi]), .f(f2[gi]));
      end
    end else begin : g_int
      for (gi = 0; gi < 4; gi = gi + 1) begin : g_zero
        assign f2[gi] = 32'd0;
      end
    end
  endgenerate
  // k/16 in binary32, exact (k = 0 .. 15; 0 is +0): k = 1.m * 2^e with e = msb(k), so the
  // exponent field is 127 - 4 + e and the fraction is k's bits below its msb.
  function automatic logic [31:0] pos_f32(input logic [3:0] k);
    casez (k)
      4'b1???: pos_f32 = {1'b0, 8'd126, k[2:0], 20'd0};
      4'b01??: pos_f32 = {1'b0, 8'd125, k[1:0], 21'd0};
      4'b001?: pos_f32 = {1'b0, 8'd124, k[0], 22'd0};
      4'b0001: pos_f32 = {1'b0, 8'd123, 23'd0};
      default: pos_f32 = 32'd0;
    endcase
  endfunction

  always @(posedge clk) out_valid <= rst ? 1'b0 : v2;
  always @(posedge clk) if (act) begin
    status <= status2;
    if (op2 == texcore_vectors_pkg::TGSI_OP_SAMPLE_POS) begin
      x <= pos_f32(pv2[7:4]);
      y <= pos_f32(pv2[3:0]);
      z <= 32'd0;
      w <= 32'd0;
    end else begin
      x <= fp2 ? f2[0] : iv2[0];
      y <= fp2 ? f2[1] : iv2[1];
      z <= fp2 ? f2[2] : iv2[2];
      w <= fp2 ? f2[3] : iv2[3];
    end
  end
  assign act = in_valid | v0 | v1 | v2;
endmodule
