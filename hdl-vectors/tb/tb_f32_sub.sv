`timescale 1ns/1ps
// Vector testbench of unit f32_sub (texcore_f32_sub). No images.

module f32_sub_harness
  import texcore_vectors_pkg::*;
(
  input  logic                     clk,
  input  logic                     rst,
  input  logic                     in_valid,
  input  logic [F32_SUB_IN_W-1:0]  in_bits,
  output logic                     out_valid,
  output logic [F32_SUB_OUT_W-1:0] out_bits
);
  logic [31:0] d;
  texcore_f32_sub dut (
    .clk(clk), .rst(rst), .in_valid(in_valid),
    .a(in_bits[F32_SUB_A_LSB +: F32_SUB_A_W]),
    .b(in_bits[F32_SUB_B_LSB +: F32_SUB_B_W]),
    .out_valid(out_valid), .d(d)
  );
  always @* begin
    out_bits = '0;
    out_bits[F32_SUB_D_LSB +: F32_SUB_D_W] = d;
  end
endmodule

module tb_f32_sub;
  import texcore_vectors_pkg::*;
  import texcore_vectors_tb_pkg::*;
  localparam int LINE_W = F32_SUB_LINE_W;
  localparam int OUT_W = F32_SUB_OUT_W;
`include "tb_common.svh"
  f32_sub_harness h (
    .clk(clk), .rst(rst), .in_valid(in_valid), .in_bits(vin),
    .out_valid(out_valid), .out_bits(out_bits)
  );
  task automatic show(input logic [LINE_W-1:0] line, input logic [OUT_W-1:0] got);
    f32_sub_show(line, got);
  endtask
endmodule
