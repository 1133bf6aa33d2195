`timescale 1ns/1ps
// Vector testbench of unit f32_to_f16 (texcore_f32_to_f16). No images.

// Adapter: unpacks the input word, packs the output.
module f32_to_f16_harness
  import texcore_vectors_pkg::*;
(
  input  logic                        clk,
  input  logic                        rst,
  input  logic                        in_valid,
  input  logic [F32_TO_F16_IN_W-1:0]  in_bits,
  output logic                        out_valid,
  output logic [F32_TO_F16_OUT_W-1:0] out_bits
);
  logic [15:0] h;
  texcore_f32_to_f16 dut (
    .clk(clk), .rst(rst), .in_valid(in_valid),
    .f32(in_bits[F32_TO_F16_X_LSB +: F32_TO_F16_X_W]),
    .rz(in_bits[F32_TO_F16_RZ_LSB +: F32_TO_F16_RZ_W]),
    .out_valid(out_valid), .f16(h)
  );
  always @* begin
    out_bits = '0;
    out_bits[F32_TO_F16_H_LSB +: F32_TO_F16_H_W] = h;
  end
endmodule

module tb_f32_to_f16;
  import texcore_vectors_pkg::*;
  import texcore_vectors_tb_pkg::*;
  localparam int LINE_W = F32_TO_F16_LINE_W;
  localparam int OUT_W = F32_TO_F16_OUT_W;
`include "tb_common.svh"
  f32_to_f16_harness h (
    .clk(clk), .rst(rst), .in_valid(in_valid), .in_bits(vin),
    .out_valid(out_valid), .out_bits(out_bits)
  );
  task automatic show(input logic [LINE_W-1:0] line, input logic [OUT_W-1:0] got);
    f32_to_f16_show(line, got);
  endtask
endmodule
