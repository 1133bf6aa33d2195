`timescale 1ns/1ps
// Vector testbench of unit tgsi_query (texcore_query_tgsi). Image: +hdr_pool=.

// Adapter: unpacks the input word, holds the header pool image, packs the outputs.
module tgsi_query_harness
  import texcore_vectors_pkg::*;
(
  input  logic                        clk,
  input  logic                        rst,
  input  logic                        in_valid,
  input  logic [TGSI_QUERY_IN_W-1:0]  in_bits,
  output logic                        out_valid,
  output logic [TGSI_QUERY_OUT_W-1:0] out_bits
);
  logic [255:0] hpool [0:HDR_POOL_ENTRIES-1];
  reg [8*1024-1:0] path;
  initial begin
    if (!$value$plusargs("hdr_pool=%s", path)) $fatal(1, "no +hdr_pool=<hdr_pool.hex>");
    $readmemh(path, hpool);
  end
  logic [HDR_POOL_AW-1:0] hp_addr;
  logic [255:0] hp_q;
  always @(posedge clk) hp_q <= hpool[hp_addr];

  logic [3:0]  status;
  logic [31:0] x, y, z, w;
  texcore_query_tgsi dut (
    .clk(clk), .rst(rst), .in_valid(in_valid),
    .op(in_bits[TGSI_QUERY_OP_LSB +: TGSI_QUERY_OP_W]),
    .fp32(in_bits[TGSI_QUERY_FP32_LSB +: TGSI_QUERY_FP32_W]),
    .view(in_bits[TGSI_QUERY_VIEW_LSB +: TGSI_QUERY_VIEW_W]),
    .param(in_bits[TGSI_QUERY_PARAM_LSB +: TGSI_QUERY_PARAM_W]),
    .hp_addr(hp_addr), .hp_data(hp_q),
    .out_valid(out_valid), .status(status), .x(x), .y(y), .z(z), .w(w)
  );
  always @* begin
    out_bits = '0;
    out_bits[TGSI_QUERY_STATUS_LSB +: TGSI_QUERY_STATUS_W] = status;
    out_bits[TGSI_QUERY_X_LSB +: TGSI_QUERY_X_W] = x;
    out_bits[TGSI_QUERY_Y_LSB +: TGSI_QUERY_Y_W] = y;
    out_bits[TGSI_QUERY_Z_LSB +: TGSI_QUERY_Z_W] = z;
    out_bits[TGSI_QUERY_W_LSB +: TGSI_QUERY_W_W] = w;
  end
endmodule

module tb_tgsi_query;
  import texcore_vectors_pkg::*;
  import texcore_vectors_tb_pkg::*;
  localparam int LINE_W = TGSI_QUERY_LINE_W;
  localparam int OUT_W = TGSI_QUERY_OUT_W;
`include "tb_common.svh"
  tgsi_query_harness h (
    .clk(clk), .rst(rst), .in_valid(in_valid), .in_bits(vin),
    .out_valid(out_valid), .out_bits(out_bits)
  );
  task automatic show(input logic [LINE_W-1:0] line, input logic [OUT_W-1:0] got);
    tgsi_query_show(line, got);
  endtask
endmodule
