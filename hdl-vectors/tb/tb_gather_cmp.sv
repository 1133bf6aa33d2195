`timescale 1ns/1ps
// Vector testbench of unit gather_cmp (texcore_gather_cmp). No images.

// Adapter: unpacks the input word, packs the outputs.
module gather_cmp_harness
  import texcore_vectors_pkg::*;
(
  input  logic                        clk,
  input  logic                        rst,
  input  logic                        in_valid,
  input  logic [GATHER_CMP_IN_W-1:0]  in_bits,
  output logic                        out_valid,
  output logic [GATHER_CMP_OUT_W-1:0] out_bits
);
  logic [127:0] texels;
  logic [127:0] res;
  logic         err;
  assign texels = {
    in_bits[GATHER_CMP_T3_LSB +: GATHER_CMP_T3_W], in_bits[GATHER_CMP_T2_LSB +: GATHER_CMP_T2_W],
    in_bits[GATHER_CMP_T1_LSB +: GATHER_CMP_T1_W], in_bits[GATHER_CMP_T0_LSB +: GATHER_CMP_T0_W]
  };
  texcore_gather_cmp dut (
    .clk(clk), .rst(rst), .in_valid(in_valid),
    .dom(in_bits[GATHER_CMP_DOM_LSB +: GATHER_CMP_DOM_W]),
    .nbits(in_bits[GATHER_CMP_NBITS_LSB +: GATHER_CMP_NBITS_W]),
    .cmp(in_bits[GATHER_CMP_CMP_LSB +: GATHER_CMP_CMP_W]),
    .odd(in_bits[GATHER_CMP_ODD_LSB +: GATHER_CMP_ODD_W]),
    .func(in_bits[GATHER_CMP_FUNC_LSB +: GATHER_CMP_FUNC_W]),
    .refv(in_bits[GATHER_CMP_REF_LSB +: GATHER_CMP_REF_W]),
    .texels(texels),
    .out_valid(out_valid), .err(err), .res(res)
  );
  always @* begin
    out_bits = '0;
    out_bits[GATHER_CMP_ERR_LSB +: GATHER_CMP_ERR_W] = err;
    out_bits[GATHER_CMP_S0_LSB +: GATHER_CMP_S0_W] = res[31:0];
    out_bits[GATHER_CMP_S1_LSB +: GATHER_CMP_S1_W] = res[63:32];
    out_bits[GATHER_CMP_S2_LSB +: GATHER_CMP_S2_W] = res[95:64];
    out_bits[GATHER_CMP_S3_LSB +: GATHER_CMP_S3_W] = res[127:96];
  end
endmodule

module tb_gather_cmp;
  import texcore_vectors_pkg::*;
  import texcore_vectors_tb_pkg::*;
  localparam int LINE_W = GATHER_CMP_LINE_W;
  localparam int OUT_W = GATHER_CMP_OUT_W;
`include "tb_common.svh"
  gather_cmp_harness h (
    .clk(clk), .rst(rst), .in_valid(in_valid), .in_bits(vin),
    .out_valid(out_valid), .out_bits(out_bits)
  );
  task automatic show(input logic [LINE_W-1:0] line, input logic [OUT_W-1:0] got);
    gather_cmp_show(line, got);
  endtask
endmodule
