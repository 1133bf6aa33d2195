`timescale 1ns/1ps
// Vector testbench of unit filter (texcore_filter_rgba8). No images.

// Adapter: unpacks the input word, packs the outputs.
module filter_harness
  import texcore_vectors_pkg::*;
(
  input  logic                    clk,
  input  logic                    rst,
  input  logic                    in_valid,
  input  logic [FILTER_IN_W-1:0]  in_bits,
  output logic                    out_valid,
  output logic [FILTER_OUT_W-1:0] out_bits
);
  logic [255:0] taps;
  logic [31:0]  r, g, b, a;
  assign taps = {
    in_bits[FILTER_T1_3_LSB +: FILTER_T1_3_W], in_bits[FILTER_T1_2_LSB +: FILTER_T1_2_W],
    in_bits[FILTER_T1_1_LSB +: FILTER_T1_1_W], in_bits[FILTER_T1_0_LSB +: FILTER_T1_0_W],
    in_bits[FILTER_T0_3_LSB +: FILTER_T0_3_W], in_bits[FILTER_T0_2_LSB +: FILTER_T0_2_W],
    in_bits[FILTER_T0_1_LSB +: FILTER_T0_1_W], in_bits[FILTER_T0_0_LSB +: FILTER_T0_0_W]
  };
  texcore_filter_rgba8 dut (
    .clk(clk), .rst(rst), .in_valid(in_valid), .taps(taps),
    .alpha0(in_bits[FILTER_ALPHA0_LSB +: FILTER_ALPHA0_W]),
    .beta0(in_bits[FILTER_BETA0_LSB +: FILTER_BETA0_W]),
    .alpha1(in_bits[FILTER_ALPHA1_LSB +: FILTER_ALPHA1_W]),
    .beta1(in_bits[FILTER_BETA1_LSB +: FILTER_BETA1_W]),
    .delta(in_bits[FILTER_DELTA_LSB +: FILTER_DELTA_W]),
    .out_valid(out_valid), .out_r(r), .out_g(g), .out_b(b), .out_a(a)
  );
  always @* begin
    out_bits = '0;
    out_bits[FILTER_OUT_R_LSB +: FILTER_OUT_R_W] = r;
    out_bits[FILTER_OUT_G_LSB +: FILTER_OUT_G_W] = g;
    out_bits[FILTER_OUT_B_LSB +: FILTER_OUT_B_W] = b;
    out_bits[FILTER_OUT_A_LSB +: FILTER_OUT_A_W] = a;
  end
endmodule

module tb_filter;
  import texcore_vectors_pkg::*;
  import texcore_vectors_tb_pkg::*;
  localparam int LINE_W = FILTER_LINE_W;
  localparam int OUT_W = FILTER_OUT_W;
`include "tb_common.svh"
  filter_harness h (
    .clk(clk), .rst(rst), .in_valid(in_valid), .in_bits(vin),
    .out_valid(out_valid), .out_bits(out_bits)
  );
  task automatic show(input logic [LINE_W-1:0] line, input logic [OUT_W-1:0] got);
    filter_show(line, got);
  endtask
endmodule
