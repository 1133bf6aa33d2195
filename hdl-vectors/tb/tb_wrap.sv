`timescale 1ns/1ps
// Vector testbench of unit wrap (texcore_wrap). No images.

// Adapter: unpacks the input word, packs the outputs.
module wrap_harness
  import texcore_vectors_pkg::*;
(
  input  logic                  clk,
  input  logic                  rst,
  input  logic                  in_valid,
  input  logic [WRAP_IN_W-1:0]  in_bits,
  output logic                  out_valid,
  output logic [WRAP_OUT_W-1:0] out_bits
);
  logic [15:0] texel;
  logic        border;
  texcore_wrap dut (
    .clk(clk), .rst(rst), .in_valid(in_valid),
    .mode(in_bits[WRAP_MODE_LSB +: WRAP_MODE_W]),
    .idx(in_bits[WRAP_IDX_LSB +: WRAP_IDX_W]),
    .size(in_bits[WRAP_SIZE_LSB +: WRAP_SIZE_W]),
    .out_valid(out_valid), .texel(texel), .border(border)
  );
  always @* begin
    out_bits = '0;
    out_bits[WRAP_TEXEL_LSB +: WRAP_TEXEL_W] = texel;
    out_bits[WRAP_BORDER_LSB +: WRAP_BORDER_W] = border;
  end
endmodule

module tb_wrap;
  import texcore_vectors_pkg::*;
  import texcore_vectors_tb_pkg::*;
  localparam int LINE_W = WRAP_LINE_W;
  localparam int OUT_W = WRAP_OUT_W;
`include "tb_common.svh"
  wrap_harness h (
    .clk(clk), .rst(rst), .in_valid(in_valid), .in_bits(vin),
    .out_valid(out_valid), .out_bits(out_bits)
  );
  task automatic show(input logic [LINE_W-1:0] line, input logic [OUT_W-1:0] got);
    wrap_show(line, got);
  endtask
endmodule
