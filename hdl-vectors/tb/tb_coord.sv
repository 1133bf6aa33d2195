`timescale 1ns/1ps
// Vector testbench of unit coord (texcore_coord). No images.

// Adapter: unpacks the input word (the wrap mode becomes the unit's `periodic` flag:
// REPEAT and MIRRORED_REPEAT), packs the outputs.
module coord_harness
  import texcore_vectors_pkg::*;
(
  input  logic                   clk,
  input  logic                   rst,
  input  logic                   in_valid,
  input  logic [COORD_IN_W-1:0]  in_bits,
  output logic                   out_valid,
  output logic [COORD_OUT_W-1:0] out_bits
);
  logic [2:0]  mode;
  logic        periodic;
  logic [31:0] i0;
  logic [7:0]  weight;
  texcore_coord dut (
    .clk(clk), .rst(rst), .in_valid(in_valid),
    .s(in_bits[COORD_S_LSB +: COORD_S_W]),
    .size(in_bits[COORD_SIZE_LSB +: COORD_SIZE_W]),
    .periodic(periodic),
    .offset(in_bits[COORD_OFFSET_LSB +: COORD_OFFSET_W]),
    .linear(in_bits[COORD_LINEAR_LSB +: COORD_LINEAR_W]),
    .out_valid(out_valid), .i0(i0), .weight(weight)
  );
  always @* begin
    mode = in_bits[COORD_MODE_LSB +: COORD_MODE_W];
    periodic = mode == WRAP_REPEAT || mode == WRAP_MIRRORED_REPEAT;
  end
  always @* begin
    out_bits = '0;
    out_bits[COORD_I0_LSB +: COORD_I0_W] = i0;
    out_bits[COORD_WEIGHT_LSB +: COORD_WEIGHT_W] = weight;
  end
endmodule

module tb_coord;
  import texcore_vectors_pkg::*;
  import texcore_vectors_tb_pkg::*;
  localparam int LINE_W = COORD_LINE_W;
  localparam int OUT_W = COORD_OUT_W;
`include "tb_common.svh"
  coord_harness h (
    .clk(clk), .rst(rst), .in_valid(in_valid), .in_bits(vin),
    .out_valid(out_valid), .out_bits(out_bits)
  );
  task automatic show(input logic [LINE_W-1:0] line, input logic [OUT_W-1:0] got);
    coord_show(line, got);
  endtask
endmodule
