`timescale 1ns/1ps
// Vector testbench of unit nv_txq (texcore_txq_nv). Images: +cbank=, +hdr_pool=, +smp_pool=.

// Adapter: unpacks the input word, holds the three memory images, packs the outputs.
module nv_txq_harness
  import texcore_vectors_pkg::*;
(
  input  logic                  clk,
  input  logic                  rst,
  input  logic                  in_valid,
  input  logic [NV_TXQ_IN_W-1:0] in_bits,
  output logic                  out_valid,
  output logic [NV_TXQ_OUT_W-1:0] out_bits
);
  logic [31:0]  cbank [0:CBANK_ENTRIES-1];
  logic [255:0] hpool [0:HDR_POOL_ENTRIES-1];
  logic [255:0] spool [0:SMP_POOL_ENTRIES-1];
  reg [8*1024-1:0] path;
  initial begin
    if (!$value$plusargs("cbank=%s", path)) $fatal(1, "no +cbank=<cbank.hex>");
    $readmemh(path, cbank);
    if (!$value$plusargs("hdr_pool=%s", path)) $fatal(1, "no +hdr_pool=<hdr_pool.hex>");
    $readmemh(path, hpool);
    if (!$value$plusargs("smp_pool=%s", path)) $fatal(1, "no +smp_pool=<smp_pool.hex>");
    $readmemh(path, spool);
  end

  logic [CBANK_AW-1:0]    cb_addr;
  logic [HDR_POOL_AW-1:0] hp_addr;
  logic [SMP_POOL_AW-1:0] sp_addr;
  logic [31:0]  cb_q;
  logic [255:0] hp_q, sp_q;
  always @(posedge clk) begin
    cb_q <= cbank[cb_addr];
    hp_q <= hpool[hp_addr];
    sp_q <= spool[sp_addr];
  end

  logic [3:0]  status, wen;
  logic [31:0] rd0, rd1, rd2, rd3;
  texcore_txq_nv dut (
    .clk(clk), .rst(rst), .in_valid(in_valid),
    .bindless(in_bits[NV_TXQ_BINDLESS_LSB +: NV_TXQ_BINDLESS_W]),
    .ts_idx(in_bits[NV_TXQ_TS_IDX_LSB +: NV_TXQ_TS_IDX_W]),
    .handle(in_bits[NV_TXQ_HANDLE_LSB +: NV_TXQ_HANDLE_W]),
    .via_hdr(in_bits[NV_TXQ_VIA_HDR_LSB +: NV_TXQ_VIA_HDR_W]),
    .hdr_max(in_bits[NV_TXQ_HDR_MAX_LSB +: NV_TXQ_HDR_MAX_W]),
    .smp_max(in_bits[NV_TXQ_SMP_MAX_LSB +: NV_TXQ_SMP_MAX_W]),
    .query(in_bits[NV_TXQ_QUERY_LSB +: NV_TXQ_QUERY_W]),
    .param(in_bits[NV_TXQ_PARAM_LSB +: NV_TXQ_PARAM_W]),
    .wmask(in_bits[NV_TXQ_WMASK_LSB +: NV_TXQ_WMASK_W]),
    .cb_addr(cb_addr), .cb_data(cb_q), .hp_addr(hp_addr), .hp_data(hp_q),
    .sp_addr(sp_addr), .sp_data(sp_q),
    .out_valid(out_valid), .status(status), .wen(wen),
    .rd0(rd0), .rd1(rd1), .rd2(rd2), .rd3(rd3)
  );
  always @* begin
    out_bits = '0;
    out_bits[NV_TXQ_STATUS_LSB +: NV_TXQ_STATUS_W] = status;
    out_bits[NV_TXQ_WEN_LSB +: NV_TXQ_WEN_W] = wen;
    out_bits[NV_TXQ_RD0_LSB +: NV_TXQ_RD0_W] = rd0;
    out_bits[NV_TXQ_RD1_LSB +: NV_TXQ_RD1_W] = rd1;
    out_bits[NV_TXQ_RD2_LSB +: NV_TXQ_RD2_W] = rd2;
    out_bits[NV_TXQ_RD3_LSB +: NV_TXQ_RD3_W] = rd3;
  end
endmodule

module tb_nv_txq;
  import texcore_vectors_pkg::*;
  import texcore_vectors_tb_pkg::*;
  localparam int LINE_W = NV_TXQ_LINE_W;
  localparam int OUT_W = NV_TXQ_OUT_W;
`include "tb_common.svh"
  nv_txq_harness h (
    .clk(clk), .rst(rst), .in_valid(in_valid), .in_bits(vin),
    .out_valid(out_valid), .out_bits(out_bits)
  );
  task automatic show(input logic [LINE_W-1:0] line, input logic [OUT_W-1:0] got);
    nv_txq_show(line, got);
  endtask
endmodule
