`timescale 1ns/1ps
// Vector testbench of unit intel_info (texcore_info_intel). Image: +hdr_pool=.

// Adapter: unpacks the input word, holds the header pool image, packs the outputs. The
// lane LODs lod00..lod15 and the elements d00..d63 are consecutive 32-bit fields, the first
// one highest (LSB of field k = LSB of field 0 - 32*k).
module intel_info_harness
  import texcore_vectors_pkg::*;
(
  input  logic                        clk,
  input  logic                        rst,
  input  logic                        in_valid,
  input  logic [INTEL_INFO_IN_W-1:0]  in_bits,
  output logic                        out_valid,
  output logic [INTEL_INFO_OUT_W-1:0] out_bits
);
  logic [255:0] hpool [0:HDR_POOL_ENTRIES-1];
  reg [8*1024-1:0] path;
`ifdef TB_DPI_READ
  // With Verilator the image is loaded through tb_vecread.cpp (its $readmemh parses this image in
  // ~15 ms, ~8% of the whole run); every line must be a 256-bit hex number.
  import "DPI-C" function int tb_mem_open(input string path);
  import "DPI-C" function int tb_mem_next(output bit [255:0] v, input int w);
  bit [255:0] pool_v;
  integer pool_n, pool_r;
`endif
  initial begin
    if (!$value$plusargs("hdr_pool=%s", path)) $fatal(1, "no +hdr_pool=<hdr_pool.hex>");
`ifdef TB_DPI_READ
    if (tb_mem_open($sformatf("%0s", path)) == 0) $fatal(1, "cannot open %0s", path);
    pool_n = 0;
    pool_r = tb_mem_next(pool_v, 256);
    while (pool_r == 1 && pool_n < HDR_POOL_ENTRIES) begin
      hpool[pool_n] = pool_v;
      pool_n = pool_n + 1;
      pool_r = tb_mem_next(pool_v, 256);
    end
    if (pool_r != 0) $fatal(1, "%0s: malformed line %0d or more than %0d lines", path, pool_n + 1,
                            HDR_POOL_ENTRIES);
`else
    $readmemh(path, hpool);
`endif
  end
  logic [HDR_POOL_AW-1:0] hp_addr;
  logic [255:0] hp_q;
  always @(posedge clk) hp_q <= hpool[hp_addr];

  logic [511:0] lod;
  genvar gi;
  generate
    for (gi = 0; gi < 16; gi = gi + 1) begin : g_lod
      assign lod[32*gi +: 32] = in_bits[INTEL_INFO_LOD00_LSB - 32*gi +: 32];
    end
  endgenerate

  logic [1:0]    err;
  logic [3:0]    status;
  logic [63:0]   we;
  logic [2047:0] dst;
  texcore_info_intel dut (
    .clk(clk), .rst(rst), .in_valid(in_valid),
    .op(in_bits[INTEL_INFO_OP_LSB +: INTEL_INFO_OP_W]),
    .exec(in_bits[INTEL_INFO_EXEC_LSB +: INTEL_INFO_EXEC_W]),
    .emask(in_bits[INTEL_INFO_EMASK_LSB +: INTEL_INFO_EMASK_W]),
    .surf(in_bits[INTEL_INFO_SURF_LSB +: INTEL_INFO_SURF_W]),
    .lod(lod), .hp_addr(hp_addr), .hp_data(hp_q),
    .out_valid(out_valid), .err(err), .status(status), .we(we), .dst(dst)
  );
  always @* begin : pack
    integer e;
    out_bits = '0;
    out_bits[INTEL_INFO_ERR_LSB +: INTEL_INFO_ERR_W] = err;
    out_bits[INTEL_INFO_STATUS_LSB +: INTEL_INFO_STATUS_W] = status;
    out_bits[INTEL_INFO_WE_LSB +: INTEL_INFO_WE_W] = we;
    for (e = 0; e < 64; e = e + 1)
      out_bits[INTEL_INFO_D00_LSB - 32*e +: 32] = dst[32*e +: 32];
  end
endmodule

module tb_intel_info;
  import texcore_vectors_pkg::*;
  import texcore_vectors_tb_pkg::*;
  localparam int LINE_W = INTEL_INFO_LINE_W;
  localparam int OUT_W = INTEL_INFO_OUT_W;
`define TB_WIDE_RING
`include "tb_common.svh"
`undef TB_WIDE_RING
  intel_info_harness h (
    .clk(clk), .rst(rst), .in_valid(in_valid), .in_bits(vin),
    .out_valid(out_valid), .out_bits(out_bits)
  );
  task automatic show(input logic [LINE_W-1:0] line, input logic [OUT_W-1:0] got);
    intel_info_show(line, got);
  endtask
endmodule
