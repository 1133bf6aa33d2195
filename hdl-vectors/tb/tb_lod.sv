`timescale 1ns/1ps
// Vector testbench of unit lod (texcore_lod). No images.

// Adapter: unpacks the input word, packs the outputs.
module lod_harness
  import texcore_vectors_pkg::*;
(
  input  logic                 clk,
  input  logic                 rst,
  input  logic                 in_valid,
  input  logic [LOD_IN_W-1:0]  in_bits,
  output logic                 out_valid,
  output logic [LOD_OUT_W-1:0] out_bits
);
  logic [15:0] lb, lp, lam, used, lr;
  logic [4:0]  lv, lv2, smp;
  logic [7:0]  dl;
  logic        mag, mx;
  texcore_lod dut (
    .clk(clk), .rst(rst), .in_valid(in_valid),
    .dsdx(in_bits[LOD_DSDX_LSB +: LOD_DSDX_W]),
    .dtdx(in_bits[LOD_DTDX_LSB +: LOD_DTDX_W]),
    .drdx(in_bits[LOD_DRDX_LSB +: LOD_DRDX_W]),
    .dsdy(in_bits[LOD_DSDY_LSB +: LOD_DSDY_W]),
    .dtdy(in_bits[LOD_DTDY_LSB +: LOD_DTDY_W]),
    .drdy(in_bits[LOD_DRDY_LSB +: LOD_DRDY_W]),
    .dims(in_bits[LOD_DIMS_LSB +: LOD_DIMS_W]),
    .w_m1(in_bits[LOD_W_M1_LSB +: LOD_W_M1_W]),
    .h_m1(in_bits[LOD_H_M1_LSB +: LOD_H_M1_W]),
    .d_m1(in_bits[LOD_D_M1_LSB +: LOD_D_M1_W]),
    .base_level(in_bits[LOD_BASE_LEVEL_LSB +: LOD_BASE_LEVEL_W]),
    .levels_m1(in_bits[LOD_LEVELS_M1_LSB +: LOD_LEVELS_M1_W]),
    .lod_bias(in_bits[LOD_LOD_BIAS_LSB +: LOD_LOD_BIAS_W]),
    .min_lod(in_bits[LOD_MIN_LOD_LSB +: LOD_MIN_LOD_W]),
    .max_lod(in_bits[LOD_MAX_LOD_LSB +: LOD_MAX_LOD_W]),
    .mip(in_bits[LOD_MIP_LSB +: LOD_MIP_W]),
    .aniso(in_bits[LOD_ANISO_LSB +: LOD_ANISO_W]),
    .lod_mode(in_bits[LOD_LOD_MODE_LSB +: LOD_LOD_MODE_W]),
    .lod(in_bits[LOD_LOD_LSB +: LOD_LOD_W]),
    .out_valid(out_valid), .lambda_base(lb), .lambda_prime(lp), .lambda(lam), .magnify(mag),
    .level(lv), .level2(lv2), .delta(dl), .used_lod(used), .samples(smp), .major_x(mx),
    .log2_ratio(lr), .log2_rho2_max()
  );
  always @* begin
    out_bits = '0;
    out_bits[LOD_LAMBDA_BASE_LSB +: LOD_LAMBDA_BASE_W] = lb;
    out_bits[LOD_LAMBDA_PRIME_LSB +: LOD_LAMBDA_PRIME_W] = lp;
    out_bits[LOD_LAMBDA_LSB +: LOD_LAMBDA_W] = lam;
    out_bits[LOD_MAGNIFY_LSB +: LOD_MAGNIFY_W] = mag;
    out_bits[LOD_LEVEL_LSB +: LOD_LEVEL_W] = lv;
    out_bits[LOD_LEVEL2_LSB +: LOD_LEVEL2_W] = lv2;
    out_bits[LOD_DELTA_LSB +: LOD_DELTA_W] = dl;
    out_bits[LOD_USED_LOD_LSB +: LOD_USED_LOD_W] = used;
    out_bits[LOD_SAMPLES_LSB +: LOD_SAMPLES_W] = smp;
    out_bits[LOD_MAJOR_X_LSB +: LOD_MAJOR_X_W] = mx;
    out_bits[LOD_LOG2_RATIO_LSB +: LOD_LOG2_RATIO_W] = lr;
  end
endmodule

module tb_lod;
  import texcore_vectors_pkg::*;
  import texcore_vectors_tb_pkg::*;
  localparam int LINE_W = LOD_LINE_W;
  localparam int OUT_W = LOD_OUT_W;
`include "tb_common.svh"
  lod_harness h (
    .clk(clk), .rst(rst), .in_valid(in_valid), .in_bits(vin),
    .out_valid(out_valid), .out_bits(out_bits)
  );
  task automatic show(input logic [LINE_W-1:0] line, input logic [OUT_W-1:0] got);
    lod_show(line, got);
  endtask
endmodule
