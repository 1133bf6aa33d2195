`timescale 1ns/1ps
// Vector testbench of unit texel_decode (texcore_texel_decode). No images.

// Adapter: unpacks the input word, packs the outputs.
module texel_decode_harness
  import texcore_vectors_pkg::*;
(
  input  logic                          clk,
  input  logic                          rst,
  input  logic                          in_valid,
  input  logic [TEXEL_DECODE_IN_W-1:0]  in_bits,
  output logic                          out_valid,
  output logic [TEXEL_DECODE_OUT_W-1:0] out_bits
);
  logic [63:0] x, y, z, w;
  texcore_texel_decode dut (
    .clk(clk), .rst(rst), .in_valid(in_valid),
    .fmt(in_bits[TEXEL_DECODE_FMT_LSB +: TEXEL_DECODE_FMT_W]),
    .srgb(in_bits[TEXEL_DECODE_SRGB_LSB +: TEXEL_DECODE_SRGB_W]),
    .texel({in_bits[TEXEL_DECODE_TEXEL_HI_LSB +: TEXEL_DECODE_TEXEL_HI_W],
            in_bits[TEXEL_DECODE_TEXEL_LO_LSB +: TEXEL_DECODE_TEXEL_LO_W]}),
    .out_valid(out_valid), .x(x), .y(y), .z(z), .w(w)
  );
  always @* begin
    out_bits = '0;
    out_bits[TEXEL_DECODE_X_LSB +: TEXEL_DECODE_X_W] = x;
    out_bits[TEXEL_DECODE_Y_LSB +: TEXEL_DECODE_Y_W] = y;
    out_bits[TEXEL_DECODE_Z_LSB +: TEXEL_DECODE_Z_W] = z;
    out_bits[TEXEL_DECODE_W_LSB +: TEXEL_DECODE_W_W] = w;
  end
endmodule

module tb_texel_decode;
  import texcore_vectors_pkg::*;
  import texcore_vectors_tb_pkg::*;
  localparam int LINE_W = TEXEL_DECODE_LINE_W;
  localparam int OUT_W = TEXEL_DECODE_OUT_W;
`include "tb_common.svh"
  texel_decode_harness h (
    .clk(clk), .rst(rst), .in_valid(in_valid), .in_bits(vin),
    .out_valid(out_valid), .out_bits(out_bits)
  );
  task automatic show(input logic [LINE_W-1:0] line, input logic [OUT_W-1:0] got);
    texel_decode_show(line, got);
  endtask
endmodule
