// GENERATED FILE - DO NOT EDIT.
// Written by `cargo xtask vectors --write-generated` from the unit definitions in
// vectors/src/ (crate texcore-vectors) and the enums of the texcore core.
// `cargo test -p texcore-vectors` regenerates it and fails if this file differs;
// `cargo xtask cosim` refuses a stale copy.
`timescale 1ns/1ps

package texcore_vectors_tb_pkg;
  import texcore_vectors_pkg::*;

  // Prints the inputs of a nv_txq vector and all outputs (expected vs got).
  task automatic nv_txq_show(input logic [NV_TXQ_LINE_W-1:0] line, input logic [NV_TXQ_OUT_W-1:0] got);
    logic [NV_TXQ_IN_W-1:0] i;
    logic [NV_TXQ_OUT_W-1:0] e;
    i = line[NV_TXQ_LINE_W-1:NV_TXQ_OUT_W];
    e = line[NV_TXQ_OUT_W-1:0];
    $display("    in  bindless = %h", i[NV_TXQ_BINDLESS_LSB +: NV_TXQ_BINDLESS_W]);
    $display("    in  ts_idx   = %h", i[NV_TXQ_TS_IDX_LSB +: NV_TXQ_TS_IDX_W]);
    $display("    in  handle   = %h", i[NV_TXQ_HANDLE_LSB +: NV_TXQ_HANDLE_W]);
    $display("    in  via_hdr  = %h", i[NV_TXQ_VIA_HDR_LSB +: NV_TXQ_VIA_HDR_W]);
    $display("    in  hdr_max  = %h", i[NV_TXQ_HDR_MAX_LSB +: NV_TXQ_HDR_MAX_W]);
    $display("    in  smp_max  = %h", i[NV_TXQ_SMP_MAX_LSB +: NV_TXQ_SMP_MAX_W]);
    $display("    in  query    = %h", i[NV_TXQ_QUERY_LSB +: NV_TXQ_QUERY_W]);
    $display("    in  param    = %h", i[NV_TXQ_PARAM_LSB +: NV_TXQ_PARAM_W]);
    $display("    in  wmask    = %h", i[NV_TXQ_WMASK_LSB +: NV_TXQ_WMASK_W]);
    if (got[NV_TXQ_STATUS_LSB +: NV_TXQ_STATUS_W] !== e[NV_TXQ_STATUS_LSB +: NV_TXQ_STATUS_W])
      $display("    out status   = %h  expected %h   <-- MISMATCH", got[NV_TXQ_STATUS_LSB +: NV_TXQ_STATUS_W], e[NV_TXQ_STATUS_LSB +: NV_TXQ_STATUS_W]);
    else
      $display("    out status   = %h", got[NV_TXQ_STATUS_LSB +: NV_TXQ_STATUS_W]);
    if (got[NV_TXQ_WEN_LSB +: NV_TXQ_WEN_W] !== e[NV_TXQ_WEN_LSB +: NV_TXQ_WEN_W])
      $display("    out wen      = %h  expected %h   <-- MISMATCH", got[NV_TXQ_WEN_LSB +: NV_TXQ_WEN_W], e[NV_TXQ_WEN_LSB +: NV_TXQ_WEN_W]);
    else
      $display("    out wen      = %h", got[NV_TXQ_WEN_LSB +: NV_TXQ_WEN_W]);
    if (got[NV_TXQ_RD0_LSB +: NV_TXQ_RD0_W] !== e[NV_TXQ_RD0_LSB +: NV_TXQ_RD0_W])
      $display("    out rd0      = %h  expected %h   <-- MISMATCH", got[NV_TXQ_RD0_LSB +: NV_TXQ_RD0_W], e[NV_TXQ_RD0_LSB +: NV_TXQ_RD0_W]);
    else
      $display("    out rd0      = %h", got[NV_TXQ_RD0_LSB +: NV_TXQ_RD0_W]);
    if (got[NV_TXQ_RD1_LSB +: NV_TXQ_RD1_W] !== e[NV_TXQ_RD1_LSB +: NV_TXQ_RD1_W])
      $display("    out rd1      = %h  expected %h   <-- MISMATCH", got[NV_TXQ_RD1_LSB +: NV_TXQ_RD1_W], e[NV_TXQ_RD1_LSB +: NV_TXQ_RD1_W]);
    else
      $display("    out rd1      = %h", got[NV_TXQ_RD1_LSB +: NV_TXQ_RD1_W]);
    if (got[NV_TXQ_RD2_LSB +: NV_TXQ_RD2_W] !== e[NV_TXQ_RD2_LSB +: NV_TXQ_RD2_W])
      $display("    out rd2      = %h  expected %h   <-- MISMATCH", got[NV_TXQ_RD2_LSB +: NV_TXQ_RD2_W], e[NV_TXQ_RD2_LSB +: NV_TXQ_RD2_W]);
    else
      $display("    out rd2      = %h", got[NV_TXQ_RD2_LSB +: NV_TXQ_RD2_W]);
    if (got[NV_TXQ_RD3_LSB +: NV_TXQ_RD3_W] !== e[NV_TXQ_RD3_LSB +: NV_TXQ_RD3_W])
      $display("    out rd3      = %h  expected %h   <-- MISMATCH", got[NV_TXQ_RD3_LSB +: NV_TXQ_RD3_W], e[NV_TXQ_RD3_LSB +: NV_TXQ_RD3_W]);
    else
      $display("    out rd3      = %h", got[NV_TXQ_RD3_LSB +: NV_TXQ_RD3_W]);
  endtask

  // Prints the inputs of a tgsi_query vector and all outputs (expected vs got).
  task automatic tgsi_query_show(input logic [TGSI_QUERY_LINE_W-1:0] line, input logic [TGSI_QUERY_OUT_W-1:0] got);
    logic [TGSI_QUERY_IN_W-1:0] i;
    logic [TGSI_QUERY_OUT_W-1:0] e;
    i = line[TGSI_QUERY_LINE_W-1:TGSI_QUERY_OUT_W];
    e = line[TGSI_QUERY_OUT_W-1:0];
    $display("    in  op     = %h", i[TGSI_QUERY_OP_LSB +: TGSI_QUERY_OP_W]);
    $display("    in  fp32   = %h", i[TGSI_QUERY_FP32_LSB +: TGSI_QUERY_FP32_W]);
    $display("    in  view   = %h", i[TGSI_QUERY_VIEW_LSB +: TGSI_QUERY_VIEW_W]);
    $display("    in  param  = %h", i[TGSI_QUERY_PARAM_LSB +: TGSI_QUERY_PARAM_W]);
    if (got[TGSI_QUERY_STATUS_LSB +: TGSI_QUERY_STATUS_W] !== e[TGSI_QUERY_STATUS_LSB +: TGSI_QUERY_STATUS_W])
      $display("    out status = %h  expected %h   <-- MISMATCH", got[TGSI_QUERY_STATUS_LSB +: TGSI_QUERY_STATUS_W], e[TGSI_QUERY_STATUS_LSB +: TGSI_QUERY_STATUS_W]);
    else
      $display("    out status = %h", got[TGSI_QUERY_STATUS_LSB +: TGSI_QUERY_STATUS_W]);
    if (got[TGSI_QUERY_X_LSB +: TGSI_QUERY_X_W] !== e[TGSI_QUERY_X_LSB +: TGSI_QUERY_X_W])
      $display("    out x      = %h  expected %h   <-- MISMATCH", got[TGSI_QUERY_X_LSB +: TGSI_QUERY_X_W], e[TGSI_QUERY_X_LSB +: TGSI_QUERY_X_W]);
    else
      $display("    out x      = %h", got[TGSI_QUERY_X_LSB +: TGSI_QUERY_X_W]);
    if (got[TGSI_QUERY_Y_LSB +: TGSI_QUERY_Y_W] !== e[TGSI_QUERY_Y_LSB +: TGSI_QUERY_Y_W])
      $display("    out y      = %h  expected %h   <-- MISMATCH", got[TGSI_QUERY_Y_LSB +: TGSI_QUERY_Y_W], e[TGSI_QUERY_Y_LSB +: TGSI_QUERY_Y_W]);
    else
      $display("    out y      = %h", got[TGSI_QUERY_Y_LSB +: TGSI_QUERY_Y_W]);
    if (got[TGSI_QUERY_Z_LSB +: TGSI_QUERY_Z_W] !== e[TGSI_QUERY_Z_LSB +: TGSI_QUERY_Z_W])
      $display("    out z      = %h  expected %h   <-- MISMATCH", got[TGSI_QUERY_Z_LSB +: TGSI_QUERY_Z_W], e[TGSI_QUERY_Z_LSB +: TGSI_QUERY_Z_W]);
    else
      $display("    out z      = %h", got[TGSI_QUERY_Z_LSB +: TGSI_QUERY_Z_W]);
    if (got[TGSI_QUERY_W_LSB +: TGSI_QUERY_W_W] !== e[TGSI_QUERY_W_LSB +: TGSI_QUERY_W_W])
      $display("    out w      = %h  expected %h   <-- MISMATCH", got[TGSI_QUERY_W_LSB +: TGSI_QUERY_W_W], e[TGSI_QUERY_W_LSB +: TGSI_QUERY_W_W]);
    else
      $display("    out w      = %h", got[TGSI_QUERY_W_LSB +: TGSI_QUERY_W_W]);
  endtask

  // Prints the inputs of a intel_info vector and the mismatching outputs (expected vs got).
  task automatic intel_info_show(input logic [INTEL_INFO_LINE_W-1:0] line, input logic [INTEL_INFO_OUT_W-1:0] got);
    logic [INTEL_INFO_IN_W-1:0] i;
    logic [INTEL_INFO_OUT_W-1:0] e;
    i = line[INTEL_INFO_LINE_W-1:INTEL_INFO_OUT_W];
    e = line[INTEL_INFO_OUT_W-1:0];
    $display("    in  op     = %h", i[INTEL_INFO_OP_LSB +: INTEL_INFO_OP_W]);
    $display("    in  exec   = %h", i[INTEL_INFO_EXEC_LSB +: INTEL_INFO_EXEC_W]);
    $display("    in  emask  = %h", i[INTEL_INFO_EMASK_LSB +: INTEL_INFO_EMASK_W]);
    $display("    in  surf   = %h", i[INTEL_INFO_SURF_LSB +: INTEL_INFO_SURF_W]);
    $display("    in  lod00  = %h", i[INTEL_INFO_LOD00_LSB +: INTEL_INFO_LOD00_W]);
    $display("    in  lod01  = %h", i[INTEL_INFO_LOD01_LSB +: INTEL_INFO_LOD01_W]);
    $display("    in  lod02  = %h", i[INTEL_INFO_LOD02_LSB +: INTEL_INFO_LOD02_W]);
    $display("    in  lod03  = %h", i[INTEL_INFO_LOD03_LSB +: INTEL_INFO_LOD03_W]);
    $display("    in  lod04  = %h", i[INTEL_INFO_LOD04_LSB +: INTEL_INFO_LOD04_W]);
    $display("    in  lod05  = %h", i[INTEL_INFO_LOD05_LSB +: INTEL_INFO_LOD05_W]);
    $display("    in  lod06  = %h", i[INTEL_INFO_LOD06_LSB +: INTEL_INFO_LOD06_W]);
    $display("    in  lod07  = %h", i[INTEL_INFO_LOD07_LSB +: INTEL_INFO_LOD07_W]);
    $display("    in  lod08  = %h", i[INTEL_INFO_LOD08_LSB +: INTEL_INFO_LOD08_W]);
    $display("    in  lod09  = %h", i[INTEL_INFO_LOD09_LSB +: INTEL_INFO_LOD09_W]);
    $display("    in  lod10  = %h", i[INTEL_INFO_LOD10_LSB +: INTEL_INFO_LOD10_W]);
    $display("    in  lod11  = %h", i[INTEL_INFO_LOD11_LSB +: INTEL_INFO_LOD11_W]);
    $display("    in  lod12  = %h", i[INTEL_INFO_LOD12_LSB +: INTEL_INFO_LOD12_W]);
    $display("    in  lod13  = %h", i[INTEL_INFO_LOD13_LSB +: INTEL_INFO_LOD13_W]);
    $display("    in  lod14  = %h", i[INTEL_INFO_LOD14_LSB +: INTEL_INFO_LOD14_W]);
    $display("    in  lod15  = %h", i[INTEL_INFO_LOD15_LSB +: INTEL_INFO_LOD15_W]);
    if (got[INTEL_INFO_ERR_LSB +: INTEL_INFO_ERR_W] !== e[INTEL_INFO_ERR_LSB +: INTEL_INFO_ERR_W])
      $display("    out err    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_ERR_LSB +: INTEL_INFO_ERR_W], e[INTEL_INFO_ERR_LSB +: INTEL_INFO_ERR_W]);
    if (got[INTEL_INFO_STATUS_LSB +: INTEL_INFO_STATUS_W] !== e[INTEL_INFO_STATUS_LSB +: INTEL_INFO_STATUS_W])
      $display("    out status = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_STATUS_LSB +: INTEL_INFO_STATUS_W], e[INTEL_INFO_STATUS_LSB +: INTEL_INFO_STATUS_W]);
    if (got[INTEL_INFO_WE_LSB +: INTEL_INFO_WE_W] !== e[INTEL_INFO_WE_LSB +: INTEL_INFO_WE_W])
      $display("    out we     = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_WE_LSB +: INTEL_INFO_WE_W], e[INTEL_INFO_WE_LSB +: INTEL_INFO_WE_W]);
    if (got[INTEL_INFO_D00_LSB +: INTEL_INFO_D00_W] !== e[INTEL_INFO_D00_LSB +: INTEL_INFO_D00_W])
      $display("    out d00    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D00_LSB +: INTEL_INFO_D00_W], e[INTEL_INFO_D00_LSB +: INTEL_INFO_D00_W]);
    if (got[INTEL_INFO_D01_LSB +: INTEL_INFO_D01_W] !== e[INTEL_INFO_D01_LSB +: INTEL_INFO_D01_W])
      $display("    out d01    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D01_LSB +: INTEL_INFO_D01_W], e[INTEL_INFO_D01_LSB +: INTEL_INFO_D01_W]);
    if (got[INTEL_INFO_D02_LSB +: INTEL_INFO_D02_W] !== e[INTEL_INFO_D02_LSB +: INTEL_INFO_D02_W])
      $display("    out d02    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D02_LSB +: INTEL_INFO_D02_W], e[INTEL_INFO_D02_LSB +: INTEL_INFO_D02_W]);
    if (got[INTEL_INFO_D03_LSB +: INTEL_INFO_D03_W] !== e[INTEL_INFO_D03_LSB +: INTEL_INFO_D03_W])
      $display("    out d03    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D03_LSB +: INTEL_INFO_D03_W], e[INTEL_INFO_D03_LSB +: INTEL_INFO_D03_W]);
    if (got[INTEL_INFO_D04_LSB +: INTEL_INFO_D04_W] !== e[INTEL_INFO_D04_LSB +: INTEL_INFO_D04_W])
      $display("    out d04    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D04_LSB +: INTEL_INFO_D04_W], e[INTEL_INFO_D04_LSB +: INTEL_INFO_D04_W]);
    if (got[INTEL_INFO_D05_LSB +: INTEL_INFO_D05_W] !== e[INTEL_INFO_D05_LSB +: INTEL_INFO_D05_W])
      $display("    out d05    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D05_LSB +: INTEL_INFO_D05_W], e[INTEL_INFO_D05_LSB +: INTEL_INFO_D05_W]);
    if (got[INTEL_INFO_D06_LSB +: INTEL_INFO_D06_W] !== e[INTEL_INFO_D06_LSB +: INTEL_INFO_D06_W])
      $display("    out d06    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D06_LSB +: INTEL_INFO_D06_W], e[INTEL_INFO_D06_LSB +: INTEL_INFO_D06_W]);
    if (got[INTEL_INFO_D07_LSB +: INTEL_INFO_D07_W] !== e[INTEL_INFO_D07_LSB +: INTEL_INFO_D07_W])
      $display("    out d07    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D07_LSB +: INTEL_INFO_D07_W], e[INTEL_INFO_D07_LSB +: INTEL_INFO_D07_W]);
    if (got[INTEL_INFO_D08_LSB +: INTEL_INFO_D08_W] !== e[INTEL_INFO_D08_LSB +: INTEL_INFO_D08_W])
      $display("    out d08    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D08_LSB +: INTEL_INFO_D08_W], e[INTEL_INFO_D08_LSB +: INTEL_INFO_D08_W]);
    if (got[INTEL_INFO_D09_LSB +: INTEL_INFO_D09_W] !== e[INTEL_INFO_D09_LSB +: INTEL_INFO_D09_W])
      $display("    out d09    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D09_LSB +: INTEL_INFO_D09_W], e[INTEL_INFO_D09_LSB +: INTEL_INFO_D09_W]);
    if (got[INTEL_INFO_D10_LSB +: INTEL_INFO_D10_W] !== e[INTEL_INFO_D10_LSB +: INTEL_INFO_D10_W])
      $display("    out d10    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D10_LSB +: INTEL_INFO_D10_W], e[INTEL_INFO_D10_LSB +: INTEL_INFO_D10_W]);
    if (got[INTEL_INFO_D11_LSB +: INTEL_INFO_D11_W] !== e[INTEL_INFO_D11_LSB +: INTEL_INFO_D11_W])
      $display("    out d11    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D11_LSB +: INTEL_INFO_D11_W], e[INTEL_INFO_D11_LSB +: INTEL_INFO_D11_W]);
    if (got[INTEL_INFO_D12_LSB +: INTEL_INFO_D12_W] !== e[INTEL_INFO_D12_LSB +: INTEL_INFO_D12_W])
      $display("    out d12    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D12_LSB +: INTEL_INFO_D12_W], e[INTEL_INFO_D12_LSB +: INTEL_INFO_D12_W]);
    if (got[INTEL_INFO_D13_LSB +: INTEL_INFO_D13_W] !== e[INTEL_INFO_D13_LSB +: INTEL_INFO_D13_W])
      $display("    out d13    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D13_LSB +: INTEL_INFO_D13_W], e[INTEL_INFO_D13_LSB +: INTEL_INFO_D13_W]);
    if (got[INTEL_INFO_D14_LSB +: INTEL_INFO_D14_W] !== e[INTEL_INFO_D14_LSB +: INTEL_INFO_D14_W])
      $display("    out d14    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D14_LSB +: INTEL_INFO_D14_W], e[INTEL_INFO_D14_LSB +: INTEL_INFO_D14_W]);
    if (got[INTEL_INFO_D15_LSB +: INTEL_INFO_D15_W] !== e[INTEL_INFO_D15_LSB +: INTEL_INFO_D15_W])
      $display("    out d15    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D15_LSB +: INTEL_INFO_D15_W], e[INTEL_INFO_D15_LSB +: INTEL_INFO_D15_W]);
    if (got[INTEL_INFO_D16_LSB +: INTEL_INFO_D16_W] !== e[INTEL_INFO_D16_LSB +: INTEL_INFO_D16_W])
      $display("    out d16    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D16_LSB +: INTEL_INFO_D16_W], e[INTEL_INFO_D16_LSB +: INTEL_INFO_D16_W]);
    if (got[INTEL_INFO_D17_LSB +: INTEL_INFO_D17_W] !== e[INTEL_INFO_D17_LSB +: INTEL_INFO_D17_W])
      $display("    out d17    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D17_LSB +: INTEL_INFO_D17_W], e[INTEL_INFO_D17_LSB +: INTEL_INFO_D17_W]);
    if (got[INTEL_INFO_D18_LSB +: INTEL_INFO_D18_W] !== e[INTEL_INFO_D18_LSB +: INTEL_INFO_D18_W])
      $display("    out d18    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D18_LSB +: INTEL_INFO_D18_W], e[INTEL_INFO_D18_LSB +: INTEL_INFO_D18_W]);
    if (got[INTEL_INFO_D19_LSB +: INTEL_INFO_D19_W] !== e[INTEL_INFO_D19_LSB +: INTEL_INFO_D19_W])
      $display("    out d19    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D19_LSB +: INTEL_INFO_D19_W], e[INTEL_INFO_D19_LSB +: INTEL_INFO_D19_W]);
    if (got[INTEL_INFO_D20_LSB +: INTEL_INFO_D20_W] !== e[INTEL_INFO_D20_LSB +: INTEL_INFO_D20_W])
      $display("    out d20    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D20_LSB +: INTEL_INFO_D20_W], e[INTEL_INFO_D20_LSB +: INTEL_INFO_D20_W]);
    if (got[INTEL_INFO_D21_LSB +: INTEL_INFO_D21_W] !== e[INTEL_INFO_D21_LSB +: INTEL_INFO_D21_W])
      $display("    out d21    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D21_LSB +: INTEL_INFO_D21_W], e[INTEL_INFO_D21_LSB +: INTEL_INFO_D21_W]);
    if (got[INTEL_INFO_D22_LSB +: INTEL_INFO_D22_W] !== e[INTEL_INFO_D22_LSB +: INTEL_INFO_D22_W])
      $display("    out d22    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D22_LSB +: INTEL_INFO_D22_W], e[INTEL_INFO_D22_LSB +: INTEL_INFO_D22_W]);
    if (got[INTEL_INFO_D23_LSB +: INTEL_INFO_D23_W] !== e[INTEL_INFO_D23_LSB +: INTEL_INFO_D23_W])
      $display("    out d23    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D23_LSB +: INTEL_INFO_D23_W], e[INTEL_INFO_D23_LSB +: INTEL_INFO_D23_W]);
    if (got[INTEL_INFO_D24_LSB +: INTEL_INFO_D24_W] !== e[INTEL_INFO_D24_LSB +: INTEL_INFO_D24_W])
      $display("    out d24    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D24_LSB +: INTEL_INFO_D24_W], e[INTEL_INFO_D24_LSB +: INTEL_INFO_D24_W]);
    if (got[INTEL_INFO_D25_LSB +: INTEL_INFO_D25_W] !== e[INTEL_INFO_D25_LSB +: INTEL_INFO_D25_W])
      $display("    out d25    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D25_LSB +: INTEL_INFO_D25_W], e[INTEL_INFO_D25_LSB +: INTEL_INFO_D25_W]);
    if (got[INTEL_INFO_D26_LSB +: INTEL_INFO_D26_W] !== e[INTEL_INFO_D26_LSB +: INTEL_INFO_D26_W])
      $display("    out d26    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D26_LSB +: INTEL_INFO_D26_W], e[INTEL_INFO_D26_LSB +: INTEL_INFO_D26_W]);
    if (got[INTEL_INFO_D27_LSB +: INTEL_INFO_D27_W] !== e[INTEL_INFO_D27_LSB +: INTEL_INFO_D27_W])
      $display("    out d27    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D27_LSB +: INTEL_INFO_D27_W], e[INTEL_INFO_D27_LSB +: INTEL_INFO_D27_W]);
    if (got[INTEL_INFO_D28_LSB +: INTEL_INFO_D28_W] !== e[INTEL_INFO_D28_LSB +: INTEL_INFO_D28_W])
      $display("    out d28    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D28_LSB +: INTEL_INFO_D28_W], e[INTEL_INFO_D28_LSB +: INTEL_INFO_D28_W]);
    if (got[INTEL_INFO_D29_LSB +: INTEL_INFO_D29_W] !== e[INTEL_INFO_D29_LSB +: INTEL_INFO_D29_W])
      $display("    out d29    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D29_LSB +: INTEL_INFO_D29_W], e[INTEL_INFO_D29_LSB +: INTEL_INFO_D29_W]);
    if (got[INTEL_INFO_D30_LSB +: INTEL_INFO_D30_W] !== e[INTEL_INFO_D30_LSB +: INTEL_INFO_D30_W])
      $display("    out d30    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D30_LSB +: INTEL_INFO_D30_W], e[INTEL_INFO_D30_LSB +: INTEL_INFO_D30_W]);
    if (got[INTEL_INFO_D31_LSB +: INTEL_INFO_D31_W] !== e[INTEL_INFO_D31_LSB +: INTEL_INFO_D31_W])
      $display("    out d31    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D31_LSB +: INTEL_INFO_D31_W], e[INTEL_INFO_D31_LSB +: INTEL_INFO_D31_W]);
    if (got[INTEL_INFO_D32_LSB +: INTEL_INFO_D32_W] !== e[INTEL_INFO_D32_LSB +: INTEL_INFO_D32_W])
      $display("    out d32    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D32_LSB +: INTEL_INFO_D32_W], e[INTEL_INFO_D32_LSB +: INTEL_INFO_D32_W]);
    if (got[INTEL_INFO_D33_LSB +: INTEL_INFO_D33_W] !== e[INTEL_INFO_D33_LSB +: INTEL_INFO_D33_W])
      $display("    out d33    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D33_LSB +: INTEL_INFO_D33_W], e[INTEL_INFO_D33_LSB +: INTEL_INFO_D33_W]);
    if (got[INTEL_INFO_D34_LSB +: INTEL_INFO_D34_W] !== e[INTEL_INFO_D34_LSB +: INTEL_INFO_D34_W])
      $display("    out d34    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D34_LSB +: INTEL_INFO_D34_W], e[INTEL_INFO_D34_LSB +: INTEL_INFO_D34_W]);
    if (got[INTEL_INFO_D35_LSB +: INTEL_INFO_D35_W] !== e[INTEL_INFO_D35_LSB +: INTEL_INFO_D35_W])
      $display("    out d35    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D35_LSB +: INTEL_INFO_D35_W], e[INTEL_INFO_D35_LSB +: INTEL_INFO_D35_W]);
    if (got[INTEL_INFO_D36_LSB +: INTEL_INFO_D36_W] !== e[INTEL_INFO_D36_LSB +: INTEL_INFO_D36_W])
      $display("    out d36    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D36_LSB +: INTEL_INFO_D36_W], e[INTEL_INFO_D36_LSB +: INTEL_INFO_D36_W]);
    if (got[INTEL_INFO_D37_LSB +: INTEL_INFO_D37_W] !== e[INTEL_INFO_D37_LSB +: INTEL_INFO_D37_W])
      $display("    out d37    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D37_LSB +: INTEL_INFO_D37_W], e[INTEL_INFO_D37_LSB +: INTEL_INFO_D37_W]);
    if (got[INTEL_INFO_D38_LSB +: INTEL_INFO_D38_W] !== e[INTEL_INFO_D38_LSB +: INTEL_INFO_D38_W])
      $display("    out d38    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D38_LSB +: INTEL_INFO_D38_W], e[INTEL_INFO_D38_LSB +: INTEL_INFO_D38_W]);
    if (got[INTEL_INFO_D39_LSB +: INTEL_INFO_D39_W] !== e[INTEL_INFO_D39_LSB +: INTEL_INFO_D39_W])
      $display("    out d39    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D39_LSB +: INTEL_INFO_D39_W], e[INTEL_INFO_D39_LSB +: INTEL_INFO_D39_W]);
    if (got[INTEL_INFO_D40_LSB +: INTEL_INFO_D40_W] !== e[INTEL_INFO_D40_LSB +: INTEL_INFO_D40_W])
      $display("    out d40    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D40_LSB +: INTEL_INFO_D40_W], e[INTEL_INFO_D40_LSB +: INTEL_INFO_D40_W]);
    if (got[INTEL_INFO_D41_LSB +: INTEL_INFO_D41_W] !== e[INTEL_INFO_D41_LSB +: INTEL_INFO_D41_W])
      $display("    out d41    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D41_LSB +: INTEL_INFO_D41_W], e[INTEL_INFO_D41_LSB +: INTEL_INFO_D41_W]);
    if (got[INTEL_INFO_D42_LSB +: INTEL_INFO_D42_W] !== e[INTEL_INFO_D42_LSB +: INTEL_INFO_D42_W])
      $display("    out d42    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D42_LSB +: INTEL_INFO_D42_W], e[INTEL_INFO_D42_LSB +: INTEL_INFO_D42_W]);
    if (got[INTEL_INFO_D43_LSB +: INTEL_INFO_D43_W] !== e[INTEL_INFO_D43_LSB +: INTEL_INFO_D43_W])
      $display("    out d43    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D43_LSB +: INTEL_INFO_D43_W], e[INTEL_INFO_D43_LSB +: INTEL_INFO_D43_W]);
    if (got[INTEL_INFO_D44_LSB +: INTEL_INFO_D44_W] !== e[INTEL_INFO_D44_LSB +: INTEL_INFO_D44_W])
      $display("    out d44    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D44_LSB +: INTEL_INFO_D44_W], e[INTEL_INFO_D44_LSB +: INTEL_INFO_D44_W]);
    if (got[INTEL_INFO_D45_LSB +: INTEL_INFO_D45_W] !== e[INTEL_INFO_D45_LSB +: INTEL_INFO_D45_W])
      $display("    out d45    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D45_LSB +: INTEL_INFO_D45_W], e[INTEL_INFO_D45_LSB +: INTEL_INFO_D45_W]);
    if (got[INTEL_INFO_D46_LSB +: INTEL_INFO_D46_W] !== e[INTEL_INFO_D46_LSB +: INTEL_INFO_D46_W])
      $display("    out d46    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D46_LSB +: INTEL_INFO_D46_W], e[INTEL_INFO_D46_LSB +: INTEL_INFO_D46_W]);
    if (got[INTEL_INFO_D47_LSB +: INTEL_INFO_D47_W] !== e[INTEL_INFO_D47_LSB +: INTEL_INFO_D47_W])
      $display("    out d47    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D47_LSB +: INTEL_INFO_D47_W], e[INTEL_INFO_D47_LSB +: INTEL_INFO_D47_W]);
    if (got[INTEL_INFO_D48_LSB +: INTEL_INFO_D48_W] !== e[INTEL_INFO_D48_LSB +: INTEL_INFO_D48_W])
      $display("    out d48    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D48_LSB +: INTEL_INFO_D48_W], e[INTEL_INFO_D48_LSB +: INTEL_INFO_D48_W]);
    if (got[INTEL_INFO_D49_LSB +: INTEL_INFO_D49_W] !== e[INTEL_INFO_D49_LSB +: INTEL_INFO_D49_W])
      $display("    out d49    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D49_LSB +: INTEL_INFO_D49_W], e[INTEL_INFO_D49_LSB +: INTEL_INFO_D49_W]);
    if (got[INTEL_INFO_D50_LSB +: INTEL_INFO_D50_W] !== e[INTEL_INFO_D50_LSB +: INTEL_INFO_D50_W])
      $display("    out d50    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D50_LSB +: INTEL_INFO_D50_W], e[INTEL_INFO_D50_LSB +: INTEL_INFO_D50_W]);
    if (got[INTEL_INFO_D51_LSB +: INTEL_INFO_D51_W] !== e[INTEL_INFO_D51_LSB +: INTEL_INFO_D51_W])
      $display("    out d51    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D51_LSB +: INTEL_INFO_D51_W], e[INTEL_INFO_D51_LSB +: INTEL_INFO_D51_W]);
    if (got[INTEL_INFO_D52_LSB +: INTEL_INFO_D52_W] !== e[INTEL_INFO_D52_LSB +: INTEL_INFO_D52_W])
      $display("    out d52    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D52_LSB +: INTEL_INFO_D52_W], e[INTEL_INFO_D52_LSB +: INTEL_INFO_D52_W]);
    if (got[INTEL_INFO_D53_LSB +: INTEL_INFO_D53_W] !== e[INTEL_INFO_D53_LSB +: INTEL_INFO_D53_W])
      $display("    out d53    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D53_LSB +: INTEL_INFO_D53_W], e[INTEL_INFO_D53_LSB +: INTEL_INFO_D53_W]);
    if (got[INTEL_INFO_D54_LSB +: INTEL_INFO_D54_W] !== e[INTEL_INFO_D54_LSB +: INTEL_INFO_D54_W])
      $display("    out d54    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D54_LSB +: INTEL_INFO_D54_W], e[INTEL_INFO_D54_LSB +: INTEL_INFO_D54_W]);
    if (got[INTEL_INFO_D55_LSB +: INTEL_INFO_D55_W] !== e[INTEL_INFO_D55_LSB +: INTEL_INFO_D55_W])
      $display("    out d55    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D55_LSB +: INTEL_INFO_D55_W], e[INTEL_INFO_D55_LSB +: INTEL_INFO_D55_W]);
    if (got[INTEL_INFO_D56_LSB +: INTEL_INFO_D56_W] !== e[INTEL_INFO_D56_LSB +: INTEL_INFO_D56_W])
      $display("    out d56    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D56_LSB +: INTEL_INFO_D56_W], e[INTEL_INFO_D56_LSB +: INTEL_INFO_D56_W]);
    if (got[INTEL_INFO_D57_LSB +: INTEL_INFO_D57_W] !== e[INTEL_INFO_D57_LSB +: INTEL_INFO_D57_W])
      $display("    out d57    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D57_LSB +: INTEL_INFO_D57_W], e[INTEL_INFO_D57_LSB +: INTEL_INFO_D57_W]);
    if (got[INTEL_INFO_D58_LSB +: INTEL_INFO_D58_W] !== e[INTEL_INFO_D58_LSB +: INTEL_INFO_D58_W])
      $display("    out d58    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D58_LSB +: INTEL_INFO_D58_W], e[INTEL_INFO_D58_LSB +: INTEL_INFO_D58_W]);
    if (got[INTEL_INFO_D59_LSB +: INTEL_INFO_D59_W] !== e[INTEL_INFO_D59_LSB +: INTEL_INFO_D59_W])
      $display("    out d59    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D59_LSB +: INTEL_INFO_D59_W], e[INTEL_INFO_D59_LSB +: INTEL_INFO_D59_W]);
    if (got[INTEL_INFO_D60_LSB +: INTEL_INFO_D60_W] !== e[INTEL_INFO_D60_LSB +: INTEL_INFO_D60_W])
      $display("    out d60    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D60_LSB +: INTEL_INFO_D60_W], e[INTEL_INFO_D60_LSB +: INTEL_INFO_D60_W]);
    if (got[INTEL_INFO_D61_LSB +: INTEL_INFO_D61_W] !== e[INTEL_INFO_D61_LSB +: INTEL_INFO_D61_W])
      $display("    out d61    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D61_LSB +: INTEL_INFO_D61_W], e[INTEL_INFO_D61_LSB +: INTEL_INFO_D61_W]);
    if (got[INTEL_INFO_D62_LSB +: INTEL_INFO_D62_W] !== e[INTEL_INFO_D62_LSB +: INTEL_INFO_D62_W])
      $display("    out d62    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D62_LSB +: INTEL_INFO_D62_W], e[INTEL_INFO_D62_LSB +: INTEL_INFO_D62_W]);
    if (got[INTEL_INFO_D63_LSB +: INTEL_INFO_D63_W] !== e[INTEL_INFO_D63_LSB +: INTEL_INFO_D63_W])
      $display("    out d63    = %h  expected %h   <-- MISMATCH", got[INTEL_INFO_D63_LSB +: INTEL_INFO_D63_W], e[INTEL_INFO_D63_LSB +: INTEL_INFO_D63_W]);
  endtask

  // Prints the inputs of a coord vector and all outputs (expected vs got).
  task automatic coord_show(input logic [COORD_LINE_W-1:0] line, input logic [COORD_OUT_W-1:0] got);
    logic [COORD_IN_W-1:0] i;
    logic [COORD_OUT_W-1:0] e;
    i = line[COORD_LINE_W-1:COORD_OUT_W];
    e = line[COORD_OUT_W-1:0];
    $display("    in  mode   = %h", i[COORD_MODE_LSB +: COORD_MODE_W]);
    $display("    in  s      = %h", i[COORD_S_LSB +: COORD_S_W]);
    $display("    in  size   = %h", i[COORD_SIZE_LSB +: COORD_SIZE_W]);
    $display("    in  offset = %h", i[COORD_OFFSET_LSB +: COORD_OFFSET_W]);
    $display("    in  linear = %h", i[COORD_LINEAR_LSB +: COORD_LINEAR_W]);
    if (got[COORD_I0_LSB +: COORD_I0_W] !== e[COORD_I0_LSB +: COORD_I0_W])
      $display("    out i0     = %h  expected %h   <-- MISMATCH", got[COORD_I0_LSB +: COORD_I0_W], e[COORD_I0_LSB +: COORD_I0_W]);
    else
      $display("    out i0     = %h", got[COORD_I0_LSB +: COORD_I0_W]);
    if (got[COORD_WEIGHT_LSB +: COORD_WEIGHT_W] !== e[COORD_WEIGHT_LSB +: COORD_WEIGHT_W])
      $display("    out weight = %h  expected %h   <-- MISMATCH", got[COORD_WEIGHT_LSB +: COORD_WEIGHT_W], e[COORD_WEIGHT_LSB +: COORD_WEIGHT_W]);
    else
      $display("    out weight = %h", got[COORD_WEIGHT_LSB +: COORD_WEIGHT_W]);
  endtask

  // Prints the inputs of a f32_sub vector and all outputs (expected vs got).
  task automatic f32_sub_show(input logic [F32_SUB_LINE_W-1:0] line, input logic [F32_SUB_OUT_W-1:0] got);
    logic [F32_SUB_IN_W-1:0] i;
    logic [F32_SUB_OUT_W-1:0] e;
    i = line[F32_SUB_LINE_W-1:F32_SUB_OUT_W];
    e = line[F32_SUB_OUT_W-1:0];
    $display("    in  a = %h", i[F32_SUB_A_LSB +: F32_SUB_A_W]);
    $display("    in  b = %h", i[F32_SUB_B_LSB +: F32_SUB_B_W]);
    if (got[F32_SUB_D_LSB +: F32_SUB_D_W] !== e[F32_SUB_D_LSB +: F32_SUB_D_W])
      $display("    out d = %h  expected %h   <-- MISMATCH", got[F32_SUB_D_LSB +: F32_SUB_D_W], e[F32_SUB_D_LSB +: F32_SUB_D_W]);
    else
      $display("    out d = %h", got[F32_SUB_D_LSB +: F32_SUB_D_W]);
  endtask

  // Prints the inputs of a f32_div vector and all outputs (expected vs got).
  task automatic f32_div_show(input logic [F32_DIV_LINE_W-1:0] line, input logic [F32_DIV_OUT_W-1:0] got);
    logic [F32_DIV_IN_W-1:0] i;
    logic [F32_DIV_OUT_W-1:0] e;
    i = line[F32_DIV_LINE_W-1:F32_DIV_OUT_W];
    e = line[F32_DIV_OUT_W-1:0];
    $display("    in  a = %h", i[F32_DIV_A_LSB +: F32_DIV_A_W]);
    $display("    in  b = %h", i[F32_DIV_B_LSB +: F32_DIV_B_W]);
    if (got[F32_DIV_Q_LSB +: F32_DIV_Q_W] !== e[F32_DIV_Q_LSB +: F32_DIV_Q_W])
      $display("    out q = %h  expected %h   <-- MISMATCH", got[F32_DIV_Q_LSB +: F32_DIV_Q_W], e[F32_DIV_Q_LSB +: F32_DIV_Q_W]);
    else
      $display("    out q = %h", got[F32_DIV_Q_LSB +: F32_DIV_Q_W]);
  endtask

  // Prints the inputs of a f32_to_f16 vector and all outputs (expected vs got).
  task automatic f32_to_f16_show(input logic [F32_TO_F16_LINE_W-1:0] line, input logic [F32_TO_F16_OUT_W-1:0] got);
    logic [F32_TO_F16_IN_W-1:0] i;
    logic [F32_TO_F16_OUT_W-1:0] e;
    i = line[F32_TO_F16_LINE_W-1:F32_TO_F16_OUT_W];
    e = line[F32_TO_F16_OUT_W-1:0];
    $display("    in  x  = %h", i[F32_TO_F16_X_LSB +: F32_TO_F16_X_W]);
    $display("    in  rz = %h", i[F32_TO_F16_RZ_LSB +: F32_TO_F16_RZ_W]);
    if (got[F32_TO_F16_H_LSB +: F32_TO_F16_H_W] !== e[F32_TO_F16_H_LSB +: F32_TO_F16_H_W])
      $display("    out h  = %h  expected %h   <-- MISMATCH", got[F32_TO_F16_H_LSB +: F32_TO_F16_H_W], e[F32_TO_F16_H_LSB +: F32_TO_F16_H_W]);
    else
      $display("    out h  = %h", got[F32_TO_F16_H_LSB +: F32_TO_F16_H_W]);
  endtask

  // Prints the inputs of a wrap vector and all outputs (expected vs got).
  task automatic wrap_show(input logic [WRAP_LINE_W-1:0] line, input logic [WRAP_OUT_W-1:0] got);
    logic [WRAP_IN_W-1:0] i;
    logic [WRAP_OUT_W-1:0] e;
    i = line[WRAP_LINE_W-1:WRAP_OUT_W];
    e = line[WRAP_OUT_W-1:0];
    $display("    in  mode   = %h", i[WRAP_MODE_LSB +: WRAP_MODE_W]);
    $display("    in  idx    = %h", i[WRAP_IDX_LSB +: WRAP_IDX_W]);
    $display("    in  size   = %h", i[WRAP_SIZE_LSB +: WRAP_SIZE_W]);
    if (got[WRAP_TEXEL_LSB +: WRAP_TEXEL_W] !== e[WRAP_TEXEL_LSB +: WRAP_TEXEL_W])
      $display("    out texel  = %h  expected %h   <-- MISMATCH", got[WRAP_TEXEL_LSB +: WRAP_TEXEL_W], e[WRAP_TEXEL_LSB +: WRAP_TEXEL_W]);
    else
      $display("    out texel  = %h", got[WRAP_TEXEL_LSB +: WRAP_TEXEL_W]);
    if (got[WRAP_BORDER_LSB +: WRAP_BORDER_W] !== e[WRAP_BORDER_LSB +: WRAP_BORDER_W])
      $display("    out border = %h  expected %h   <-- MISMATCH", got[WRAP_BORDER_LSB +: WRAP_BORDER_W], e[WRAP_BORDER_LSB +: WRAP_BORDER_W]);
    else
      $display("    out border = %h", got[WRAP_BORDER_LSB +: WRAP_BORDER_W]);
  endtask

  // Prints the inputs of a texel_decode vector and all outputs (expected vs got).
  task automatic texel_decode_show(input logic [TEXEL_DECODE_LINE_W-1:0] line, input logic [TEXEL_DECODE_OUT_W-1:0] got);
    logic [TEXEL_DECODE_IN_W-1:0] i;
    logic [TEXEL_DECODE_OUT_W-1:0] e;
    i = line[TEXEL_DECODE_LINE_W-1:TEXEL_DECODE_OUT_W];
    e = line[TEXEL_DECODE_OUT_W-1:0];
    $display("    in  fmt      = %h", i[TEXEL_DECODE_FMT_LSB +: TEXEL_DECODE_FMT_W]);
    $display("    in  srgb     = %h", i[TEXEL_DECODE_SRGB_LSB +: TEXEL_DECODE_SRGB_W]);
    $display("    in  texel_hi = %h", i[TEXEL_DECODE_TEXEL_HI_LSB +: TEXEL_DECODE_TEXEL_HI_W]);
    $display("    in  texel_lo = %h", i[TEXEL_DECODE_TEXEL_LO_LSB +: TEXEL_DECODE_TEXEL_LO_W]);
    if (got[TEXEL_DECODE_X_LSB +: TEXEL_DECODE_X_W] !== e[TEXEL_DECODE_X_LSB +: TEXEL_DECODE_X_W])
      $display("    out x        = %h  expected %h   <-- MISMATCH", got[TEXEL_DECODE_X_LSB +: TEXEL_DECODE_X_W], e[TEXEL_DECODE_X_LSB +: TEXEL_DECODE_X_W]);
    else
      $display("    out x        = %h", got[TEXEL_DECODE_X_LSB +: TEXEL_DECODE_X_W]);
    if (got[TEXEL_DECODE_Y_LSB +: TEXEL_DECODE_Y_W] !== e[TEXEL_DECODE_Y_LSB +: TEXEL_DECODE_Y_W])
      $display("    out y        = %h  expected %h   <-- MISMATCH", got[TEXEL_DECODE_Y_LSB +: TEXEL_DECODE_Y_W], e[TEXEL_DECODE_Y_LSB +: TEXEL_DECODE_Y_W]);
    else
      $display("    out y        = %h", got[TEXEL_DECODE_Y_LSB +: TEXEL_DECODE_Y_W]);
    if (got[TEXEL_DECODE_Z_LSB +: TEXEL_DECODE_Z_W] !== e[TEXEL_DECODE_Z_LSB +: TEXEL_DECODE_Z_W])
      $display("    out z        = %h  expected %h   <-- MISMATCH", got[TEXEL_DECODE_Z_LSB +: TEXEL_DECODE_Z_W], e[TEXEL_DECODE_Z_LSB +: TEXEL_DECODE_Z_W]);
    else
      $display("    out z        = %h", got[TEXEL_DECODE_Z_LSB +: TEXEL_DECODE_Z_W]);
    if (got[TEXEL_DECODE_W_LSB +: TEXEL_DECODE_W_W] !== e[TEXEL_DECODE_W_LSB +: TEXEL_DECODE_W_W])
      $display("    out w        = %h  expected %h   <-- MISMATCH", got[TEXEL_DECODE_W_LSB +: TEXEL_DECODE_W_W], e[TEXEL_DECODE_W_LSB +: TEXEL_DECODE_W_W]);
    else
      $display("    out w        = %h", got[TEXEL_DECODE_W_LSB +: TEXEL_DECODE_W_W]);
  endtask

  // Prints the inputs of a filter vector and all outputs (expected vs got).
  task automatic filter_show(input logic [FILTER_LINE_W-1:0] line, input logic [FILTER_OUT_W-1:0] got);
    logic [FILTER_IN_W-1:0] i;
    logic [FILTER_OUT_W-1:0] e;
    i = line[FILTER_LINE_W-1:FILTER_OUT_W];
    e = line[FILTER_OUT_W-1:0];
    $display("    in  t0_0   = %h", i[FILTER_T0_0_LSB +: FILTER_T0_0_W]);
    $display("    in  t0_1   = %h", i[FILTER_T0_1_LSB +: FILTER_T0_1_W]);
    $display("    in  t0_2   = %h", i[FILTER_T0_2_LSB +: FILTER_T0_2_W]);
    $display("    in  t0_3   = %h", i[FILTER_T0_3_LSB +: FILTER_T0_3_W]);
    $display("    in  t1_0   = %h", i[FILTER_T1_0_LSB +: FILTER_T1_0_W]);
    $display("    in  t1_1   = %h", i[FILTER_T1_1_LSB +: FILTER_T1_1_W]);
    $display("    in  t1_2   = %h", i[FILTER_T1_2_LSB +: FILTER_T1_2_W]);
    $display("    in  t1_3   = %h", i[FILTER_T1_3_LSB +: FILTER_T1_3_W]);
    $display("    in  alpha0 = %h", i[FILTER_ALPHA0_LSB +: FILTER_ALPHA0_W]);
    $display("    in  beta0  = %h", i[FILTER_BETA0_LSB +: FILTER_BETA0_W]);
    $display("    in  alpha1 = %h", i[FILTER_ALPHA1_LSB +: FILTER_ALPHA1_W]);
    $display("    in  beta1  = %h", i[FILTER_BETA1_LSB +: FILTER_BETA1_W]);
    $display("    in  delta  = %h", i[FILTER_DELTA_LSB +: FILTER_DELTA_W]);
    if (got[FILTER_OUT_R_LSB +: FILTER_OUT_R_W] !== e[FILTER_OUT_R_LSB +: FILTER_OUT_R_W])
      $display("    out out_r  = %h  expected %h   <-- MISMATCH", got[FILTER_OUT_R_LSB +: FILTER_OUT_R_W], e[FILTER_OUT_R_LSB +: FILTER_OUT_R_W]);
    else
      $display("    out out_r  = %h", got[FILTER_OUT_R_LSB +: FILTER_OUT_R_W]);
    if (got[FILTER_OUT_G_LSB +: FILTER_OUT_G_W] !== e[FILTER_OUT_G_LSB +: FILTER_OUT_G_W])
      $display("    out out_g  = %h  expected %h   <-- MISMATCH", got[FILTER_OUT_G_LSB +: FILTER_OUT_G_W], e[FILTER_OUT_G_LSB +: FILTER_OUT_G_W]);
    else
      $display("    out out_g  = %h", got[FILTER_OUT_G_LSB +: FILTER_OUT_G_W]);
    if (got[FILTER_OUT_B_LSB +: FILTER_OUT_B_W] !== e[FILTER_OUT_B_LSB +: FILTER_OUT_B_W])
      $display("    out out_b  = %h  expected %h   <-- MISMATCH", got[FILTER_OUT_B_LSB +: FILTER_OUT_B_W], e[FILTER_OUT_B_LSB +: FILTER_OUT_B_W]);
    else
      $display("    out out_b  = %h", got[FILTER_OUT_B_LSB +: FILTER_OUT_B_W]);
    if (got[FILTER_OUT_A_LSB +: FILTER_OUT_A_W] !== e[FILTER_OUT_A_LSB +: FILTER_OUT_A_W])
      $display("    out out_a  = %h  expected %h   <-- MISMATCH", got[FILTER_OUT_A_LSB +: FILTER_OUT_A_W], e[FILTER_OUT_A_LSB +: FILTER_OUT_A_W]);
    else
      $display("    out out_a  = %h", got[FILTER_OUT_A_LSB +: FILTER_OUT_A_W]);
  endtask

  // Prints the inputs of a gather_cmp vector and all outputs (expected vs got).
  task automatic gather_cmp_show(input logic [GATHER_CMP_LINE_W-1:0] line, input logic [GATHER_CMP_OUT_W-1:0] got);
    logic [GATHER_CMP_IN_W-1:0] i;
    logic [GATHER_CMP_OUT_W-1:0] e;
    i = line[GATHER_CMP_LINE_W-1:GATHER_CMP_OUT_W];
    e = line[GATHER_CMP_OUT_W-1:0];
    $display("    in  dom   = %h", i[GATHER_CMP_DOM_LSB +: GATHER_CMP_DOM_W]);
    $display("    in  nbits = %h", i[GATHER_CMP_NBITS_LSB +: GATHER_CMP_NBITS_W]);
    $display("    in  cmp   = %h", i[GATHER_CMP_CMP_LSB +: GATHER_CMP_CMP_W]);
    $display("    in  odd   = %h", i[GATHER_CMP_ODD_LSB +: GATHER_CMP_ODD_W]);
    $display("    in  func  = %h", i[GATHER_CMP_FUNC_LSB +: GATHER_CMP_FUNC_W]);
    $display("    in  ref   = %h", i[GATHER_CMP_REF_LSB +: GATHER_CMP_REF_W]);
    $display("    in  t0    = %h", i[GATHER_CMP_T0_LSB +: GATHER_CMP_T0_W]);
    $display("    in  t1    = %h", i[GATHER_CMP_T1_LSB +: GATHER_CMP_T1_W]);
    $display("    in  t2    = %h", i[GATHER_CMP_T2_LSB +: GATHER_CMP_T2_W]);
    $display("    in  t3    = %h", i[GATHER_CMP_T3_LSB +: GATHER_CMP_T3_W]);
    if (got[GATHER_CMP_ERR_LSB +: GATHER_CMP_ERR_W] !== e[GATHER_CMP_ERR_LSB +: GATHER_CMP_ERR_W])
      $display("    out err   = %h  expected %h   <-- MISMATCH", got[GATHER_CMP_ERR_LSB +: GATHER_CMP_ERR_W], e[GATHER_CMP_ERR_LSB +: GATHER_CMP_ERR_W]);
    else
      $display("    out err   = %h", got[GATHER_CMP_ERR_LSB +: GATHER_CMP_ERR_W]);
    if (got[GATHER_CMP_S0_LSB +: GATHER_CMP_S0_W] !== e[GATHER_CMP_S0_LSB +: GATHER_CMP_S0_W])
      $display("    out s0    = %h  expected %h   <-- MISMATCH", got[GATHER_CMP_S0_LSB +: GATHER_CMP_S0_W], e[GATHER_CMP_S0_LSB +: GATHER_CMP_S0_W]);
    else
      $display("    out s0    = %h", got[GATHER_CMP_S0_LSB +: GATHER_CMP_S0_W]);
    if (got[GATHER_CMP_S1_LSB +: GATHER_CMP_S1_W] !== e[GATHER_CMP_S1_LSB +: GATHER_CMP_S1_W])
      $display("    out s1    = %h  expected %h   <-- MISMATCH", got[GATHER_CMP_S1_LSB +: GATHER_CMP_S1_W], e[GATHER_CMP_S1_LSB +: GATHER_CMP_S1_W]);
    else
      $display("    out s1    = %h", got[GATHER_CMP_S1_LSB +: GATHER_CMP_S1_W]);
    if (got[GATHER_CMP_S2_LSB +: GATHER_CMP_S2_W] !== e[GATHER_CMP_S2_LSB +: GATHER_CMP_S2_W])
      $display("    out s2    = %h  expected %h   <-- MISMATCH", got[GATHER_CMP_S2_LSB +: GATHER_CMP_S2_W], e[GATHER_CMP_S2_LSB +: GATHER_CMP_S2_W]);
    else
      $display("    out s2    = %h", got[GATHER_CMP_S2_LSB +: GATHER_CMP_S2_W]);
    if (got[GATHER_CMP_S3_LSB +: GATHER_CMP_S3_W] !== e[GATHER_CMP_S3_LSB +: GATHER_CMP_S3_W])
      $display("    out s3    = %h  expected %h   <-- MISMATCH", got[GATHER_CMP_S3_LSB +: GATHER_CMP_S3_W], e[GATHER_CMP_S3_LSB +: GATHER_CMP_S3_W]);
    else
      $display("    out s3    = %h", got[GATHER_CMP_S3_LSB +: GATHER_CMP_S3_W]);
  endtask

  // Prints the inputs of a lod vector and the mismatching outputs (expected vs got).
  task automatic lod_show(input logic [LOD_LINE_W-1:0] line, input logic [LOD_OUT_W-1:0] got);
    logic [LOD_IN_W-1:0] i;
    logic [LOD_OUT_W-1:0] e;
    i = line[LOD_LINE_W-1:LOD_OUT_W];
    e = line[LOD_OUT_W-1:0];
    $display("    in  dsdx         = %h", i[LOD_DSDX_LSB +: LOD_DSDX_W]);
    $display("    in  dtdx         = %h", i[LOD_DTDX_LSB +: LOD_DTDX_W]);
    $display("    in  drdx         = %h", i[LOD_DRDX_LSB +: LOD_DRDX_W]);
    $display("    in  dsdy         = %h", i[LOD_DSDY_LSB +: LOD_DSDY_W]);
    $display("    in  dtdy         = %h", i[LOD_DTDY_LSB +: LOD_DTDY_W]);
    $display("    in  drdy         = %h", i[LOD_DRDY_LSB +: LOD_DRDY_W]);
    $display("    in  dims         = %h", i[LOD_DIMS_LSB +: LOD_DIMS_W]);
    $display("    in  w_m1         = %h", i[LOD_W_M1_LSB +: LOD_W_M1_W]);
    $display("    in  h_m1         = %h", i[LOD_H_M1_LSB +: LOD_H_M1_W]);
    $display("    in  d_m1         = %h", i[LOD_D_M1_LSB +: LOD_D_M1_W]);
    $display("    in  base_level   = %h", i[LOD_BASE_LEVEL_LSB +: LOD_BASE_LEVEL_W]);
    $display("    in  levels_m1    = %h", i[LOD_LEVELS_M1_LSB +: LOD_LEVELS_M1_W]);
    $display("    in  lod_bias     = %h", i[LOD_LOD_BIAS_LSB +: LOD_LOD_BIAS_W]);
    $display("    in  min_lod      = %h", i[LOD_MIN_LOD_LSB +: LOD_MIN_LOD_W]);
    $display("    in  max_lod      = %h", i[LOD_MAX_LOD_LSB +: LOD_MAX_LOD_W]);
    $display("    in  mip          = %h", i[LOD_MIP_LSB +: LOD_MIP_W]);
    $display("    in  aniso        = %h", i[LOD_ANISO_LSB +: LOD_ANISO_W]);
    $display("    in  lod_mode     = %h", i[LOD_LOD_MODE_LSB +: LOD_LOD_MODE_W]);
    $display("    in  lod          = %h", i[LOD_LOD_LSB +: LOD_LOD_W]);
    if (got[LOD_LAMBDA_BASE_LSB +: LOD_LAMBDA_BASE_W] !== e[LOD_LAMBDA_BASE_LSB +: LOD_LAMBDA_BASE_W])
      $display("    out lambda_base  = %h  expected %h   <-- MISMATCH", got[LOD_LAMBDA_BASE_LSB +: LOD_LAMBDA_BASE_W], e[LOD_LAMBDA_BASE_LSB +: LOD_LAMBDA_BASE_W]);
    if (got[LOD_LAMBDA_PRIME_LSB +: LOD_LAMBDA_PRIME_W] !== e[LOD_LAMBDA_PRIME_LSB +: LOD_LAMBDA_PRIME_W])
      $display("    out lambda_prime = %h  expected %h   <-- MISMATCH", got[LOD_LAMBDA_PRIME_LSB +: LOD_LAMBDA_PRIME_W], e[LOD_LAMBDA_PRIME_LSB +: LOD_LAMBDA_PRIME_W]);
    if (got[LOD_LAMBDA_LSB +: LOD_LAMBDA_W] !== e[LOD_LAMBDA_LSB +: LOD_LAMBDA_W])
      $display("    out lambda       = %h  expected %h   <-- MISMATCH", got[LOD_LAMBDA_LSB +: LOD_LAMBDA_W], e[LOD_LAMBDA_LSB +: LOD_LAMBDA_W]);
    if (got[LOD_MAGNIFY_LSB +: LOD_MAGNIFY_W] !== e[LOD_MAGNIFY_LSB +: LOD_MAGNIFY_W])
      $display("    out magnify      = %h  expected %h   <-- MISMATCH", got[LOD_MAGNIFY_LSB +: LOD_MAGNIFY_W], e[LOD_MAGNIFY_LSB +: LOD_MAGNIFY_W]);
    if (got[LOD_LEVEL_LSB +: LOD_LEVEL_W] !== e[LOD_LEVEL_LSB +: LOD_LEVEL_W])
      $display("    out level        = %h  expected %h   <-- MISMATCH", got[LOD_LEVEL_LSB +: LOD_LEVEL_W], e[LOD_LEVEL_LSB +: LOD_LEVEL_W]);
    if (got[LOD_LEVEL2_LSB +: LOD_LEVEL2_W] !== e[LOD_LEVEL2_LSB +: LOD_LEVEL2_W])
      $display("    out level2       = %h  expected %h   <-- MISMATCH", got[LOD_LEVEL2_LSB +: LOD_LEVEL2_W], e[LOD_LEVEL2_LSB +: LOD_LEVEL2_W]);
    if (got[LOD_DELTA_LSB +: LOD_DELTA_W] !== e[LOD_DELTA_LSB +: LOD_DELTA_W])
      $display("    out delta        = %h  expected %h   <-- MISMATCH", got[LOD_DELTA_LSB +: LOD_DELTA_W], e[LOD_DELTA_LSB +: LOD_DELTA_W]);
    if (got[LOD_USED_LOD_LSB +: LOD_USED_LOD_W] !== e[LOD_USED_LOD_LSB +: LOD_USED_LOD_W])
      $display("    out used_lod     = %h  expected %h   <-- MISMATCH", got[LOD_USED_LOD_LSB +: LOD_USED_LOD_W], e[LOD_USED_LOD_LSB +: LOD_USED_LOD_W]);
    if (got[LOD_SAMPLES_LSB +: LOD_SAMPLES_W] !== e[LOD_SAMPLES_LSB +: LOD_SAMPLES_W])
      $display("    out samples      = %h  expected %h   <-- MISMATCH", got[LOD_SAMPLES_LSB +: LOD_SAMPLES_W], e[LOD_SAMPLES_LSB +: LOD_SAMPLES_W]);
    if (got[LOD_MAJOR_X_LSB +: LOD_MAJOR_X_W] !== e[LOD_MAJOR_X_LSB +: LOD_MAJOR_X_W])
      $display("    out major_x      = %h  expected %h   <-- MISMATCH", got[LOD_MAJOR_X_LSB +: LOD_MAJOR_X_W], e[LOD_MAJOR_X_LSB +: LOD_MAJOR_X_W]);
    if (got[LOD_LOG2_RATIO_LSB +: LOD_LOG2_RATIO_W] !== e[LOD_LOG2_RATIO_LSB +: LOD_LOG2_RATIO_W])
      $display("    out log2_ratio   = %h  expected %h   <-- MISMATCH", got[LOD_LOG2_RATIO_LSB +: LOD_LOG2_RATIO_W], e[LOD_LOG2_RATIO_LSB +: LOD_LOG2_RATIO_W]);
  endtask

  // Prints the inputs of a sample vector and the mismatching outputs (expected vs got).
  task automatic sample_show(input logic [SAMPLE_LINE_W-1:0] line, input logic [SAMPLE_OUT_W-1:0] got);
    logic [SAMPLE_IN_W-1:0] i;
    logic [SAMPLE_OUT_W-1:0] e;
    i = line[SAMPLE_LINE_W-1:SAMPLE_OUT_W];
    e = line[SAMPLE_OUT_W-1:0];
    $display("    in  hdr      = %h", i[SAMPLE_HDR_LSB +: SAMPLE_HDR_W]);
    $display("    in  smp      = %h", i[SAMPLE_SMP_LSB +: SAMPLE_SMP_W]);
    $display("    in  lod_mode = %h", i[SAMPLE_LOD_MODE_LSB +: SAMPLE_LOD_MODE_W]);
    $display("    in  grads    = %h", i[SAMPLE_GRADS_LSB +: SAMPLE_GRADS_W]);
    $display("    in  lod      = %h", i[SAMPLE_LOD_LSB +: SAMPLE_LOD_W]);
    $display("    in  off_u    = %h", i[SAMPLE_OFF_U_LSB +: SAMPLE_OFF_U_W]);
    $display("    in  off_v    = %h", i[SAMPLE_OFF_V_LSB +: SAMPLE_OFF_V_W]);
    $display("    in  off_w    = %h", i[SAMPLE_OFF_W_LSB +: SAMPLE_OFF_W_W]);
    $display("    in  c0_0     = %h", i[SAMPLE_C0_0_LSB +: SAMPLE_C0_0_W]);
    $display("    in  c0_1     = %h", i[SAMPLE_C0_1_LSB +: SAMPLE_C0_1_W]);
    $display("    in  c0_2     = %h", i[SAMPLE_C0_2_LSB +: SAMPLE_C0_2_W]);
    $display("    in  c0_3     = %h", i[SAMPLE_C0_3_LSB +: SAMPLE_C0_3_W]);
    $display("    in  c1_0     = %h", i[SAMPLE_C1_0_LSB +: SAMPLE_C1_0_W]);
    $display("    in  c1_1     = %h", i[SAMPLE_C1_1_LSB +: SAMPLE_C1_1_W]);
    $display("    in  c1_2     = %h", i[SAMPLE_C1_2_LSB +: SAMPLE_C1_2_W]);
    $display("    in  c1_3     = %h", i[SAMPLE_C1_3_LSB +: SAMPLE_C1_3_W]);
    $display("    in  c2_0     = %h", i[SAMPLE_C2_0_LSB +: SAMPLE_C2_0_W]);
    $display("    in  c2_1     = %h", i[SAMPLE_C2_1_LSB +: SAMPLE_C2_1_W]);
    $display("    in  c2_2     = %h", i[SAMPLE_C2_2_LSB +: SAMPLE_C2_2_W]);
    $display("    in  c2_3     = %h", i[SAMPLE_C2_3_LSB +: SAMPLE_C2_3_W]);
    $display("    in  c3_0     = %h", i[SAMPLE_C3_0_LSB +: SAMPLE_C3_0_W]);
    $display("    in  c3_1     = %h", i[SAMPLE_C3_1_LSB +: SAMPLE_C3_1_W]);
    $display("    in  c3_2     = %h", i[SAMPLE_C3_2_LSB +: SAMPLE_C3_2_W]);
    $display("    in  c3_3     = %h", i[SAMPLE_C3_3_LSB +: SAMPLE_C3_3_W]);
    $display("    in  dx0_0    = %h", i[SAMPLE_DX0_0_LSB +: SAMPLE_DX0_0_W]);
    $display("    in  dx0_1    = %h", i[SAMPLE_DX0_1_LSB +: SAMPLE_DX0_1_W]);
    $display("    in  dx0_2    = %h", i[SAMPLE_DX0_2_LSB +: SAMPLE_DX0_2_W]);
    $display("    in  dy0_0    = %h", i[SAMPLE_DY0_0_LSB +: SAMPLE_DY0_0_W]);
    $display("    in  dy0_1    = %h", i[SAMPLE_DY0_1_LSB +: SAMPLE_DY0_1_W]);
    $display("    in  dy0_2    = %h", i[SAMPLE_DY0_2_LSB +: SAMPLE_DY0_2_W]);
    $display("    in  dx1_0    = %h", i[SAMPLE_DX1_0_LSB +: SAMPLE_DX1_0_W]);
    $display("    in  dx1_1    = %h", i[SAMPLE_DX1_1_LSB +: SAMPLE_DX1_1_W]);
    $display("    in  dx1_2    = %h", i[SAMPLE_DX1_2_LSB +: SAMPLE_DX1_2_W]);
    $display("    in  dy1_0    = %h", i[SAMPLE_DY1_0_LSB +: SAMPLE_DY1_0_W]);
    $display("    in  dy1_1    = %h", i[SAMPLE_DY1_1_LSB +: SAMPLE_DY1_1_W]);
    $display("    in  dy1_2    = %h", i[SAMPLE_DY1_2_LSB +: SAMPLE_DY1_2_W]);
    $display("    in  dx2_0    = %h", i[SAMPLE_DX2_0_LSB +: SAMPLE_DX2_0_W]);
    $display("    in  dx2_1    = %h", i[SAMPLE_DX2_1_LSB +: SAMPLE_DX2_1_W]);
    $display("    in  dx2_2    = %h", i[SAMPLE_DX2_2_LSB +: SAMPLE_DX2_2_W]);
    $display("    in  dy2_0    = %h", i[SAMPLE_DY2_0_LSB +: SAMPLE_DY2_0_W]);
    $display("    in  dy2_1    = %h", i[SAMPLE_DY2_1_LSB +: SAMPLE_DY2_1_W]);
    $display("    in  dy2_2    = %h", i[SAMPLE_DY2_2_LSB +: SAMPLE_DY2_2_W]);
    $display("    in  dx3_0    = %h", i[SAMPLE_DX3_0_LSB +: SAMPLE_DX3_0_W]);
    $display("    in  dx3_1    = %h", i[SAMPLE_DX3_1_LSB +: SAMPLE_DX3_1_W]);
    $display("    in  dx3_2    = %h", i[SAMPLE_DX3_2_LSB +: SAMPLE_DX3_2_W]);
    $display("    in  dy3_0    = %h", i[SAMPLE_DY3_0_LSB +: SAMPLE_DY3_0_W]);
    $display("    in  dy3_1    = %h", i[SAMPLE_DY3_1_LSB +: SAMPLE_DY3_1_W]);
    $display("    in  dy3_2    = %h", i[SAMPLE_DY3_2_LSB +: SAMPLE_DY3_2_W]);
    $display("    in  tgsi     = %h", i[SAMPLE_TGSI_LSB +: SAMPLE_TGSI_W]);
    $display("    in  src1_0   = %h", i[SAMPLE_SRC1_0_LSB +: SAMPLE_SRC1_0_W]);
    $display("    in  src1_1   = %h", i[SAMPLE_SRC1_1_LSB +: SAMPLE_SRC1_1_W]);
    $display("    in  src1_2   = %h", i[SAMPLE_SRC1_2_LSB +: SAMPLE_SRC1_2_W]);
    $display("    in  src1_3   = %h", i[SAMPLE_SRC1_3_LSB +: SAMPLE_SRC1_3_W]);
    if (got[SAMPLE_ERR_LSB +: SAMPLE_ERR_W] !== e[SAMPLE_ERR_LSB +: SAMPLE_ERR_W])
      $display("    out err      = %h  expected %h   <-- MISMATCH", got[SAMPLE_ERR_LSB +: SAMPLE_ERR_W], e[SAMPLE_ERR_LSB +: SAMPLE_ERR_W]);
    if (got[SAMPLE_STATUS_LSB +: SAMPLE_STATUS_W] !== e[SAMPLE_STATUS_LSB +: SAMPLE_STATUS_W])
      $display("    out status   = %h  expected %h   <-- MISMATCH", got[SAMPLE_STATUS_LSB +: SAMPLE_STATUS_W], e[SAMPLE_STATUS_LSB +: SAMPLE_STATUS_W]);
    if (got[SAMPLE_R0_X_LSB +: SAMPLE_R0_X_W] !== e[SAMPLE_R0_X_LSB +: SAMPLE_R0_X_W])
      $display("    out r0_x     = %h  expected %h   <-- MISMATCH", got[SAMPLE_R0_X_LSB +: SAMPLE_R0_X_W], e[SAMPLE_R0_X_LSB +: SAMPLE_R0_X_W]);
    if (got[SAMPLE_R0_Y_LSB +: SAMPLE_R0_Y_W] !== e[SAMPLE_R0_Y_LSB +: SAMPLE_R0_Y_W])
      $display("    out r0_y     = %h  expected %h   <-- MISMATCH", got[SAMPLE_R0_Y_LSB +: SAMPLE_R0_Y_W], e[SAMPLE_R0_Y_LSB +: SAMPLE_R0_Y_W]);
    if (got[SAMPLE_R0_Z_LSB +: SAMPLE_R0_Z_W] !== e[SAMPLE_R0_Z_LSB +: SAMPLE_R0_Z_W])
      $display("    out r0_z     = %h  expected %h   <-- MISMATCH", got[SAMPLE_R0_Z_LSB +: SAMPLE_R0_Z_W], e[SAMPLE_R0_Z_LSB +: SAMPLE_R0_Z_W]);
    if (got[SAMPLE_R0_W_LSB +: SAMPLE_R0_W_W] !== e[SAMPLE_R0_W_LSB +: SAMPLE_R0_W_W])
      $display("    out r0_w     = %h  expected %h   <-- MISMATCH", got[SAMPLE_R0_W_LSB +: SAMPLE_R0_W_W], e[SAMPLE_R0_W_LSB +: SAMPLE_R0_W_W]);
    if (got[SAMPLE_R1_X_LSB +: SAMPLE_R1_X_W] !== e[SAMPLE_R1_X_LSB +: SAMPLE_R1_X_W])
      $display("    out r1_x     = %h  expected %h   <-- MISMATCH", got[SAMPLE_R1_X_LSB +: SAMPLE_R1_X_W], e[SAMPLE_R1_X_LSB +: SAMPLE_R1_X_W]);
    if (got[SAMPLE_R1_Y_LSB +: SAMPLE_R1_Y_W] !== e[SAMPLE_R1_Y_LSB +: SAMPLE_R1_Y_W])
      $display("    out r1_y     = %h  expected %h   <-- MISMATCH", got[SAMPLE_R1_Y_LSB +: SAMPLE_R1_Y_W], e[SAMPLE_R1_Y_LSB +: SAMPLE_R1_Y_W]);
    if (got[SAMPLE_R1_Z_LSB +: SAMPLE_R1_Z_W] !== e[SAMPLE_R1_Z_LSB +: SAMPLE_R1_Z_W])
      $display("    out r1_z     = %h  expected %h   <-- MISMATCH", got[SAMPLE_R1_Z_LSB +: SAMPLE_R1_Z_W], e[SAMPLE_R1_Z_LSB +: SAMPLE_R1_Z_W]);
    if (got[SAMPLE_R1_W_LSB +: SAMPLE_R1_W_W] !== e[SAMPLE_R1_W_LSB +: SAMPLE_R1_W_W])
      $display("    out r1_w     = %h  expected %h   <-- MISMATCH", got[SAMPLE_R1_W_LSB +: SAMPLE_R1_W_W], e[SAMPLE_R1_W_LSB +: SAMPLE_R1_W_W]);
    if (got[SAMPLE_R2_X_LSB +: SAMPLE_R2_X_W] !== e[SAMPLE_R2_X_LSB +: SAMPLE_R2_X_W])
      $display("    out r2_x     = %h  expected %h   <-- MISMATCH", got[SAMPLE_R2_X_LSB +: SAMPLE_R2_X_W], e[SAMPLE_R2_X_LSB +: SAMPLE_R2_X_W]);
    if (got[SAMPLE_R2_Y_LSB +: SAMPLE_R2_Y_W] !== e[SAMPLE_R2_Y_LSB +: SAMPLE_R2_Y_W])
      $display("    out r2_y     = %h  expected %h   <-- MISMATCH", got[SAMPLE_R2_Y_LSB +: SAMPLE_R2_Y_W], e[SAMPLE_R2_Y_LSB +: SAMPLE_R2_Y_W]);
    if (got[SAMPLE_R2_Z_LSB +: SAMPLE_R2_Z_W] !== e[SAMPLE_R2_Z_LSB +: SAMPLE_R2_Z_W])
      $display("    out r2_z     = %h  expected %h   <-- MISMATCH", got[SAMPLE_R2_Z_LSB +: SAMPLE_R2_Z_W], e[SAMPLE_R2_Z_LSB +: SAMPLE_R2_Z_W]);
    if (got[SAMPLE_R2_W_LSB +: SAMPLE_R2_W_W] !== e[SAMPLE_R2_W_LSB +: SAMPLE_R2_W_W])
      $display("    out r2_w     = %h  expected %h   <-- MISMATCH", got[SAMPLE_R2_W_LSB +: SAMPLE_R2_W_W], e[SAMPLE_R2_W_LSB +: SAMPLE_R2_W_W]);
    if (got[SAMPLE_R3_X_LSB +: SAMPLE_R3_X_W] !== e[SAMPLE_R3_X_LSB +: SAMPLE_R3_X_W])
      $display("    out r3_x     = %h  expected %h   <-- MISMATCH", got[SAMPLE_R3_X_LSB +: SAMPLE_R3_X_W], e[SAMPLE_R3_X_LSB +: SAMPLE_R3_X_W]);
    if (got[SAMPLE_R3_Y_LSB +: SAMPLE_R3_Y_W] !== e[SAMPLE_R3_Y_LSB +: SAMPLE_R3_Y_W])
      $display("    out r3_y     = %h  expected %h   <-- MISMATCH", got[SAMPLE_R3_Y_LSB +: SAMPLE_R3_Y_W], e[SAMPLE_R3_Y_LSB +: SAMPLE_R3_Y_W]);
    if (got[SAMPLE_R3_Z_LSB +: SAMPLE_R3_Z_W] !== e[SAMPLE_R3_Z_LSB +: SAMPLE_R3_Z_W])
      $display("    out r3_z     = %h  expected %h   <-- MISMATCH", got[SAMPLE_R3_Z_LSB +: SAMPLE_R3_Z_W], e[SAMPLE_R3_Z_LSB +: SAMPLE_R3_Z_W]);
    if (got[SAMPLE_R3_W_LSB +: SAMPLE_R3_W_W] !== e[SAMPLE_R3_W_LSB +: SAMPLE_R3_W_W])
      $display("    out r3_w     = %h  expected %h   <-- MISMATCH", got[SAMPLE_R3_W_LSB +: SAMPLE_R3_W_W], e[SAMPLE_R3_W_LSB +: SAMPLE_R3_W_W]);
  endtask

  // Prints the inputs of a sample_c vector and the mismatching outputs (expected vs got).
  task automatic sample_c_show(input logic [SAMPLE_C_LINE_W-1:0] line, input logic [SAMPLE_C_OUT_W-1:0] got);
    logic [SAMPLE_C_IN_W-1:0] i;
    logic [SAMPLE_C_OUT_W-1:0] e;
    i = line[SAMPLE_C_LINE_W-1:SAMPLE_C_OUT_W];
    e = line[SAMPLE_C_OUT_W-1:0];
    $display("    in  hdr      = %h", i[SAMPLE_C_HDR_LSB +: SAMPLE_C_HDR_W]);
    $display("    in  smp      = %h", i[SAMPLE_C_SMP_LSB +: SAMPLE_C_SMP_W]);
    $display("    in  lod_mode = %h", i[SAMPLE_C_LOD_MODE_LSB +: SAMPLE_C_LOD_MODE_W]);
    $display("    in  grads    = %h", i[SAMPLE_C_GRADS_LSB +: SAMPLE_C_GRADS_W]);
    $display("    in  lod      = %h", i[SAMPLE_C_LOD_LSB +: SAMPLE_C_LOD_W]);
    $display("    in  off_u    = %h", i[SAMPLE_C_OFF_U_LSB +: SAMPLE_C_OFF_U_W]);
    $display("    in  off_v    = %h", i[SAMPLE_C_OFF_V_LSB +: SAMPLE_C_OFF_V_W]);
    $display("    in  off_w    = %h", i[SAMPLE_C_OFF_W_LSB +: SAMPLE_C_OFF_W_W]);
    $display("    in  ref0     = %h", i[SAMPLE_C_REF0_LSB +: SAMPLE_C_REF0_W]);
    $display("    in  ref1     = %h", i[SAMPLE_C_REF1_LSB +: SAMPLE_C_REF1_W]);
    $display("    in  ref2     = %h", i[SAMPLE_C_REF2_LSB +: SAMPLE_C_REF2_W]);
    $display("    in  ref3     = %h", i[SAMPLE_C_REF3_LSB +: SAMPLE_C_REF3_W]);
    $display("    in  c0_0     = %h", i[SAMPLE_C_C0_0_LSB +: SAMPLE_C_C0_0_W]);
    $display("    in  c0_1     = %h", i[SAMPLE_C_C0_1_LSB +: SAMPLE_C_C0_1_W]);
    $display("    in  c0_2     = %h", i[SAMPLE_C_C0_2_LSB +: SAMPLE_C_C0_2_W]);
    $display("    in  c0_3     = %h", i[SAMPLE_C_C0_3_LSB +: SAMPLE_C_C0_3_W]);
    $display("    in  c1_0     = %h", i[SAMPLE_C_C1_0_LSB +: SAMPLE_C_C1_0_W]);
    $display("    in  c1_1     = %h", i[SAMPLE_C_C1_1_LSB +: SAMPLE_C_C1_1_W]);
    $display("    in  c1_2     = %h", i[SAMPLE_C_C1_2_LSB +: SAMPLE_C_C1_2_W]);
    $display("    in  c1_3     = %h", i[SAMPLE_C_C1_3_LSB +: SAMPLE_C_C1_3_W]);
    $display("    in  c2_0     = %h", i[SAMPLE_C_C2_0_LSB +: SAMPLE_C_C2_0_W]);
    $display("    in  c2_1     = %h", i[SAMPLE_C_C2_1_LSB +: SAMPLE_C_C2_1_W]);
    $display("    in  c2_2     = %h", i[SAMPLE_C_C2_2_LSB +: SAMPLE_C_C2_2_W]);
    $display("    in  c2_3     = %h", i[SAMPLE_C_C2_3_LSB +: SAMPLE_C_C2_3_W]);
    $display("    in  c3_0     = %h", i[SAMPLE_C_C3_0_LSB +: SAMPLE_C_C3_0_W]);
    $display("    in  c3_1     = %h", i[SAMPLE_C_C3_1_LSB +: SAMPLE_C_C3_1_W]);
    $display("    in  c3_2     = %h", i[SAMPLE_C_C3_2_LSB +: SAMPLE_C_C3_2_W]);
    $display("    in  c3_3     = %h", i[SAMPLE_C_C3_3_LSB +: SAMPLE_C_C3_3_W]);
    $display("    in  dx0_0    = %h", i[SAMPLE_C_DX0_0_LSB +: SAMPLE_C_DX0_0_W]);
    $display("    in  dx0_1    = %h", i[SAMPLE_C_DX0_1_LSB +: SAMPLE_C_DX0_1_W]);
    $display("    in  dx0_2    = %h", i[SAMPLE_C_DX0_2_LSB +: SAMPLE_C_DX0_2_W]);
    $display("    in  dy0_0    = %h", i[SAMPLE_C_DY0_0_LSB +: SAMPLE_C_DY0_0_W]);
    $display("    in  dy0_1    = %h", i[SAMPLE_C_DY0_1_LSB +: SAMPLE_C_DY0_1_W]);
    $display("    in  dy0_2    = %h", i[SAMPLE_C_DY0_2_LSB +: SAMPLE_C_DY0_2_W]);
    $display("    in  dx1_0    = %h", i[SAMPLE_C_DX1_0_LSB +: SAMPLE_C_DX1_0_W]);
    $display("    in  dx1_1    = %h", i[SAMPLE_C_DX1_1_LSB +: SAMPLE_C_DX1_1_W]);
    $display("    in  dx1_2    = %h", i[SAMPLE_C_DX1_2_LSB +: SAMPLE_C_DX1_2_W]);
    $display("    in  dy1_0    = %h", i[SAMPLE_C_DY1_0_LSB +: SAMPLE_C_DY1_0_W]);
    $display("    in  dy1_1    = %h", i[SAMPLE_C_DY1_1_LSB +: SAMPLE_C_DY1_1_W]);
    $display("    in  dy1_2    = %h", i[SAMPLE_C_DY1_2_LSB +: SAMPLE_C_DY1_2_W]);
    $display("    in  dx2_0    = %h", i[SAMPLE_C_DX2_0_LSB +: SAMPLE_C_DX2_0_W]);
    $display("    in  dx2_1    = %h", i[SAMPLE_C_DX2_1_LSB +: SAMPLE_C_DX2_1_W]);
    $display("    in  dx2_2    = %h", i[SAMPLE_C_DX2_2_LSB +: SAMPLE_C_DX2_2_W]);
    $display("    in  dy2_0    = %h", i[SAMPLE_C_DY2_0_LSB +: SAMPLE_C_DY2_0_W]);
    $display("    in  dy2_1    = %h", i[SAMPLE_C_DY2_1_LSB +: SAMPLE_C_DY2_1_W]);
    $display("    in  dy2_2    = %h", i[SAMPLE_C_DY2_2_LSB +: SAMPLE_C_DY2_2_W]);
    $display("    in  dx3_0    = %h", i[SAMPLE_C_DX3_0_LSB +: SAMPLE_C_DX3_0_W]);
    $display("    in  dx3_1    = %h", i[SAMPLE_C_DX3_1_LSB +: SAMPLE_C_DX3_1_W]);
    $display("    in  dx3_2    = %h", i[SAMPLE_C_DX3_2_LSB +: SAMPLE_C_DX3_2_W]);
    $display("    in  dy3_0    = %h", i[SAMPLE_C_DY3_0_LSB +: SAMPLE_C_DY3_0_W]);
    $display("    in  dy3_1    = %h", i[SAMPLE_C_DY3_1_LSB +: SAMPLE_C_DY3_1_W]);
    $display("    in  dy3_2    = %h", i[SAMPLE_C_DY3_2_LSB +: SAMPLE_C_DY3_2_W]);
    $display("    in  tgsi     = %h", i[SAMPLE_C_TGSI_LSB +: SAMPLE_C_TGSI_W]);
    $display("    in  src1_0   = %h", i[SAMPLE_C_SRC1_0_LSB +: SAMPLE_C_SRC1_0_W]);
    $display("    in  src1_1   = %h", i[SAMPLE_C_SRC1_1_LSB +: SAMPLE_C_SRC1_1_W]);
    $display("    in  src1_2   = %h", i[SAMPLE_C_SRC1_2_LSB +: SAMPLE_C_SRC1_2_W]);
    $display("    in  src1_3   = %h", i[SAMPLE_C_SRC1_3_LSB +: SAMPLE_C_SRC1_3_W]);
    if (got[SAMPLE_C_ERR_LSB +: SAMPLE_C_ERR_W] !== e[SAMPLE_C_ERR_LSB +: SAMPLE_C_ERR_W])
      $display("    out err      = %h  expected %h   <-- MISMATCH", got[SAMPLE_C_ERR_LSB +: SAMPLE_C_ERR_W], e[SAMPLE_C_ERR_LSB +: SAMPLE_C_ERR_W]);
    if (got[SAMPLE_C_STATUS_LSB +: SAMPLE_C_STATUS_W] !== e[SAMPLE_C_STATUS_LSB +: SAMPLE_C_STATUS_W])
      $display("    out status   = %h  expected %h   <-- MISMATCH", got[SAMPLE_C_STATUS_LSB +: SAMPLE_C_STATUS_W], e[SAMPLE_C_STATUS_LSB +: SAMPLE_C_STATUS_W]);
    if (got[SAMPLE_C_R0_X_LSB +: SAMPLE_C_R0_X_W] !== e[SAMPLE_C_R0_X_LSB +: SAMPLE_C_R0_X_W])
      $display("    out r0_x     = %h  expected %h   <-- MISMATCH", got[SAMPLE_C_R0_X_LSB +: SAMPLE_C_R0_X_W], e[SAMPLE_C_R0_X_LSB +: SAMPLE_C_R0_X_W]);
    if (got[SAMPLE_C_R0_Y_LSB +: SAMPLE_C_R0_Y_W] !== e[SAMPLE_C_R0_Y_LSB +: SAMPLE_C_R0_Y_W])
      $display("    out r0_y     = %h  expected %h   <-- MISMATCH", got[SAMPLE_C_R0_Y_LSB +: SAMPLE_C_R0_Y_W], e[SAMPLE_C_R0_Y_LSB +: SAMPLE_C_R0_Y_W]);
    if (got[SAMPLE_C_R0_Z_LSB +: SAMPLE_C_R0_Z_W] !== e[SAMPLE_C_R0_Z_LSB +: SAMPLE_C_R0_Z_W])
      $display("    out r0_z     = %h  expected %h   <-- MISMATCH", got[SAMPLE_C_R0_Z_LSB +: SAMPLE_C_R0_Z_W], e[SAMPLE_C_R0_Z_LSB +: SAMPLE_C_R0_Z_W]);
    if (got[SAMPLE_C_R0_W_LSB +: SAMPLE_C_R0_W_W] !== e[SAMPLE_C_R0_W_LSB +: SAMPLE_C_R0_W_W])
      $display("    out r0_w     = %h  expected %h   <-- MISMATCH", got[SAMPLE_C_R0_W_LSB +: SAMPLE_C_R0_W_W], e[SAMPLE_C_R0_W_LSB +: SAMPLE_C_R0_W_W]);
    if (got[SAMPLE_C_R1_X_LSB +: SAMPLE_C_R1_X_W] !== e[SAMPLE_C_R1_X_LSB +: SAMPLE_C_R1_X_W])
      $display("    out r1_x     = %h  expected %h   <-- MISMATCH", got[SAMPLE_C_R1_X_LSB +: SAMPLE_C_R1_X_W], e[SAMPLE_C_R1_X_LSB +: SAMPLE_C_R1_X_W]);
    if (got[SAMPLE_C_R1_Y_LSB +: SAMPLE_C_R1_Y_W] !== e[SAMPLE_C_R1_Y_LSB +: SAMPLE_C_R1_Y_W])
      $display("    out r1_y     = %h  expected %h   <-- MISMATCH", got[SAMPLE_C_R1_Y_LSB +: SAMPLE_C_R1_Y_W], e[SAMPLE_C_R1_Y_LSB +: SAMPLE_C_R1_Y_W]);
    if (got[SAMPLE_C_R1_Z_LSB +: SAMPLE_C_R1_Z_W] !== e[SAMPLE_C_R1_Z_LSB +: SAMPLE_C_R1_Z_W])
      $display("    out r1_z     = %h  expected %h   <-- MISMATCH", got[SAMPLE_C_R1_Z_LSB +: SAMPLE_C_R1_Z_W], e[SAMPLE_C_R1_Z_LSB +: SAMPLE_C_R1_Z_W]);
    if (got[SAMPLE_C_R1_W_LSB +: SAMPLE_C_R1_W_W] !== e[SAMPLE_C_R1_W_LSB +: SAMPLE_C_R1_W_W])
      $display("    out r1_w     = %h  expected %h   <-- MISMATCH", got[SAMPLE_C_R1_W_LSB +: SAMPLE_C_R1_W_W], e[SAMPLE_C_R1_W_LSB +: SAMPLE_C_R1_W_W]);
    if (got[SAMPLE_C_R2_X_LSB +: SAMPLE_C_R2_X_W] !== e[SAMPLE_C_R2_X_LSB +: SAMPLE_C_R2_X_W])
      $display("    out r2_x     = %h  expected %h   <-- MISMATCH", got[SAMPLE_C_R2_X_LSB +: SAMPLE_C_R2_X_W], e[SAMPLE_C_R2_X_LSB +: SAMPLE_C_R2_X_W]);
    if (got[SAMPLE_C_R2_Y_LSB +: SAMPLE_C_R2_Y_W] !== e[SAMPLE_C_R2_Y_LSB +: SAMPLE_C_R2_Y_W])
      $display("    out r2_y     = %h  expected %h   <-- MISMATCH", got[SAMPLE_C_R2_Y_LSB +: SAMPLE_C_R2_Y_W], e[SAMPLE_C_R2_Y_LSB +: SAMPLE_C_R2_Y_W]);
    if (got[SAMPLE_C_R2_Z_LSB +: SAMPLE_C_R2_Z_W] !== e[SAMPLE_C_R2_Z_LSB +: SAMPLE_C_R2_Z_W])
      $display("    out r2_z     = %h  expected %h   <-- MISMATCH", got[SAMPLE_C_R2_Z_LSB +: SAMPLE_C_R2_Z_W], e[SAMPLE_C_R2_Z_LSB +: SAMPLE_C_R2_Z_W]);
    if (got[SAMPLE_C_R2_W_LSB +: SAMPLE_C_R2_W_W] !== e[SAMPLE_C_R2_W_LSB +: SAMPLE_C_R2_W_W])
      $display("    out r2_w     = %h  expected %h   <-- MISMATCH", got[SAMPLE_C_R2_W_LSB +: SAMPLE_C_R2_W_W], e[SAMPLE_C_R2_W_LSB +: SAMPLE_C_R2_W_W]);
    if (got[SAMPLE_C_R3_X_LSB +: SAMPLE_C_R3_X_W] !== e[SAMPLE_C_R3_X_LSB +: SAMPLE_C_R3_X_W])
      $display("    out r3_x     = %h  expected %h   <-- MISMATCH", got[SAMPLE_C_R3_X_LSB +: SAMPLE_C_R3_X_W], e[SAMPLE_C_R3_X_LSB +: SAMPLE_C_R3_X_W]);
    if (got[SAMPLE_C_R3_Y_LSB +: SAMPLE_C_R3_Y_W] !== e[SAMPLE_C_R3_Y_LSB +: SAMPLE_C_R3_Y_W])
      $display("    out r3_y     = %h  expected %h   <-- MISMATCH", got[SAMPLE_C_R3_Y_LSB +: SAMPLE_C_R3_Y_W], e[SAMPLE_C_R3_Y_LSB +: SAMPLE_C_R3_Y_W]);
    if (got[SAMPLE_C_R3_Z_LSB +: SAMPLE_C_R3_Z_W] !== e[SAMPLE_C_R3_Z_LSB +: SAMPLE_C_R3_Z_W])
      $display("    out r3_z     = %h  expected %h   <-- MISMATCH", got[SAMPLE_C_R3_Z_LSB +: SAMPLE_C_R3_Z_W], e[SAMPLE_C_R3_Z_LSB +: SAMPLE_C_R3_Z_W]);
    if (got[SAMPLE_C_R3_W_LSB +: SAMPLE_C_R3_W_W] !== e[SAMPLE_C_R3_W_LSB +: SAMPLE_C_R3_W_W])
      $display("    out r3_w     = %h  expected %h   <-- MISMATCH", got[SAMPLE_C_R3_W_LSB +: SAMPLE_C_R3_W_W], e[SAMPLE_C_R3_W_LSB +: SAMPLE_C_R3_W_W]);
  endtask

  // Prints the inputs of a gather vector and the mismatching outputs (expected vs got).
  task automatic gather_show(input logic [GATHER_LINE_W-1:0] line, input logic [GATHER_OUT_W-1:0] got);
    logic [GATHER_IN_W-1:0] i;
    logic [GATHER_OUT_W-1:0] e;
    i = line[GATHER_LINE_W-1:GATHER_OUT_W];
    e = line[GATHER_OUT_W-1:0];
    $display("    in  hdr    = %h", i[GATHER_HDR_LSB +: GATHER_HDR_W]);
    $display("    in  smp    = %h", i[GATHER_SMP_LSB +: GATHER_SMP_W]);
    $display("    in  tld4s  = %h", i[GATHER_TLD4S_LSB +: GATHER_TLD4S_W]);
    $display("    in  comp   = %h", i[GATHER_COMP_LSB +: GATHER_COMP_W]);
    $display("    in  cmp    = %h", i[GATHER_CMP_LSB +: GATHER_CMP_W]);
    $display("    in  aoffi  = %h", i[GATHER_AOFFI_LSB +: GATHER_AOFFI_W]);
    $display("    in  f16    = %h", i[GATHER_F16_LSB +: GATHER_F16_W]);
    $display("    in  off_u  = %h", i[GATHER_OFF_U_LSB +: GATHER_OFF_U_W]);
    $display("    in  off_v  = %h", i[GATHER_OFF_V_LSB +: GATHER_OFF_V_W]);
    $display("    in  off_w  = %h", i[GATHER_OFF_W_LSB +: GATHER_OFF_W_W]);
    $display("    in  ref0   = %h", i[GATHER_REF0_LSB +: GATHER_REF0_W]);
    $display("    in  ref1   = %h", i[GATHER_REF1_LSB +: GATHER_REF1_W]);
    $display("    in  ref2   = %h", i[GATHER_REF2_LSB +: GATHER_REF2_W]);
    $display("    in  ref3   = %h", i[GATHER_REF3_LSB +: GATHER_REF3_W]);
    $display("    in  c0_0   = %h", i[GATHER_C0_0_LSB +: GATHER_C0_0_W]);
    $display("    in  c0_1   = %h", i[GATHER_C0_1_LSB +: GATHER_C0_1_W]);
    $display("    in  c0_2   = %h", i[GATHER_C0_2_LSB +: GATHER_C0_2_W]);
    $display("    in  c0_3   = %h", i[GATHER_C0_3_LSB +: GATHER_C0_3_W]);
    $display("    in  c1_0   = %h", i[GATHER_C1_0_LSB +: GATHER_C1_0_W]);
    $display("    in  c1_1   = %h", i[GATHER_C1_1_LSB +: GATHER_C1_1_W]);
    $display("    in  c1_2   = %h", i[GATHER_C1_2_LSB +: GATHER_C1_2_W]);
    $display("    in  c1_3   = %h", i[GATHER_C1_3_LSB +: GATHER_C1_3_W]);
    $display("    in  c2_0   = %h", i[GATHER_C2_0_LSB +: GATHER_C2_0_W]);
    $display("    in  c2_1   = %h", i[GATHER_C2_1_LSB +: GATHER_C2_1_W]);
    $display("    in  c2_2   = %h", i[GATHER_C2_2_LSB +: GATHER_C2_2_W]);
    $display("    in  c2_3   = %h", i[GATHER_C2_3_LSB +: GATHER_C2_3_W]);
    $display("    in  c3_0   = %h", i[GATHER_C3_0_LSB +: GATHER_C3_0_W]);
    $display("    in  c3_1   = %h", i[GATHER_C3_1_LSB +: GATHER_C3_1_W]);
    $display("    in  c3_2   = %h", i[GATHER_C3_2_LSB +: GATHER_C3_2_W]);
    $display("    in  c3_3   = %h", i[GATHER_C3_3_LSB +: GATHER_C3_3_W]);
    if (got[GATHER_ERR_LSB +: GATHER_ERR_W] !== e[GATHER_ERR_LSB +: GATHER_ERR_W])
      $display("    out err    = %h  expected %h   <-- MISMATCH", got[GATHER_ERR_LSB +: GATHER_ERR_W], e[GATHER_ERR_LSB +: GATHER_ERR_W]);
    if (got[GATHER_STATUS_LSB +: GATHER_STATUS_W] !== e[GATHER_STATUS_LSB +: GATHER_STATUS_W])
      $display("    out status = %h  expected %h   <-- MISMATCH", got[GATHER_STATUS_LSB +: GATHER_STATUS_W], e[GATHER_STATUS_LSB +: GATHER_STATUS_W]);
    if (got[GATHER_R0_X_LSB +: GATHER_R0_X_W] !== e[GATHER_R0_X_LSB +: GATHER_R0_X_W])
      $display("    out r0_x   = %h  expected %h   <-- MISMATCH", got[GATHER_R0_X_LSB +: GATHER_R0_X_W], e[GATHER_R0_X_LSB +: GATHER_R0_X_W]);
    if (got[GATHER_R0_Y_LSB +: GATHER_R0_Y_W] !== e[GATHER_R0_Y_LSB +: GATHER_R0_Y_W])
      $display("    out r0_y   = %h  expected %h   <-- MISMATCH", got[GATHER_R0_Y_LSB +: GATHER_R0_Y_W], e[GATHER_R0_Y_LSB +: GATHER_R0_Y_W]);
    if (got[GATHER_R0_Z_LSB +: GATHER_R0_Z_W] !== e[GATHER_R0_Z_LSB +: GATHER_R0_Z_W])
      $display("    out r0_z   = %h  expected %h   <-- MISMATCH", got[GATHER_R0_Z_LSB +: GATHER_R0_Z_W], e[GATHER_R0_Z_LSB +: GATHER_R0_Z_W]);
    if (got[GATHER_R0_W_LSB +: GATHER_R0_W_W] !== e[GATHER_R0_W_LSB +: GATHER_R0_W_W])
      $display("    out r0_w   = %h  expected %h   <-- MISMATCH", got[GATHER_R0_W_LSB +: GATHER_R0_W_W], e[GATHER_R0_W_LSB +: GATHER_R0_W_W]);
    if (got[GATHER_R1_X_LSB +: GATHER_R1_X_W] !== e[GATHER_R1_X_LSB +: GATHER_R1_X_W])
      $display("    out r1_x   = %h  expected %h   <-- MISMATCH", got[GATHER_R1_X_LSB +: GATHER_R1_X_W], e[GATHER_R1_X_LSB +: GATHER_R1_X_W]);
    if (got[GATHER_R1_Y_LSB +: GATHER_R1_Y_W] !== e[GATHER_R1_Y_LSB +: GATHER_R1_Y_W])
      $display("    out r1_y   = %h  expected %h   <-- MISMATCH", got[GATHER_R1_Y_LSB +: GATHER_R1_Y_W], e[GATHER_R1_Y_LSB +: GATHER_R1_Y_W]);
    if (got[GATHER_R1_Z_LSB +: GATHER_R1_Z_W] !== e[GATHER_R1_Z_LSB +: GATHER_R1_Z_W])
      $display("    out r1_z   = %h  expected %h   <-- MISMATCH", got[GATHER_R1_Z_LSB +: GATHER_R1_Z_W], e[GATHER_R1_Z_LSB +: GATHER_R1_Z_W]);
    if (got[GATHER_R1_W_LSB +: GATHER_R1_W_W] !== e[GATHER_R1_W_LSB +: GATHER_R1_W_W])
      $display("    out r1_w   = %h  expected %h   <-- MISMATCH", got[GATHER_R1_W_LSB +: GATHER_R1_W_W], e[GATHER_R1_W_LSB +: GATHER_R1_W_W]);
    if (got[GATHER_R2_X_LSB +: GATHER_R2_X_W] !== e[GATHER_R2_X_LSB +: GATHER_R2_X_W])
      $display("    out r2_x   = %h  expected %h   <-- MISMATCH", got[GATHER_R2_X_LSB +: GATHER_R2_X_W], e[GATHER_R2_X_LSB +: GATHER_R2_X_W]);
    if (got[GATHER_R2_Y_LSB +: GATHER_R2_Y_W] !== e[GATHER_R2_Y_LSB +: GATHER_R2_Y_W])
      $display("    out r2_y   = %h  expected %h   <-- MISMATCH", got[GATHER_R2_Y_LSB +: GATHER_R2_Y_W], e[GATHER_R2_Y_LSB +: GATHER_R2_Y_W]);
    if (got[GATHER_R2_Z_LSB +: GATHER_R2_Z_W] !== e[GATHER_R2_Z_LSB +: GATHER_R2_Z_W])
      $display("    out r2_z   = %h  expected %h   <-- MISMATCH", got[GATHER_R2_Z_LSB +: GATHER_R2_Z_W], e[GATHER_R2_Z_LSB +: GATHER_R2_Z_W]);
    if (got[GATHER_R2_W_LSB +: GATHER_R2_W_W] !== e[GATHER_R2_W_LSB +: GATHER_R2_W_W])
      $display("    out r2_w   = %h  expected %h   <-- MISMATCH", got[GATHER_R2_W_LSB +: GATHER_R2_W_W], e[GATHER_R2_W_LSB +: GATHER_R2_W_W]);
    if (got[GATHER_R3_X_LSB +: GATHER_R3_X_W] !== e[GATHER_R3_X_LSB +: GATHER_R3_X_W])
      $display("    out r3_x   = %h  expected %h   <-- MISMATCH", got[GATHER_R3_X_LSB +: GATHER_R3_X_W], e[GATHER_R3_X_LSB +: GATHER_R3_X_W]);
    if (got[GATHER_R3_Y_LSB +: GATHER_R3_Y_W] !== e[GATHER_R3_Y_LSB +: GATHER_R3_Y_W])
      $display("    out r3_y   = %h  expected %h   <-- MISMATCH", got[GATHER_R3_Y_LSB +: GATHER_R3_Y_W], e[GATHER_R3_Y_LSB +: GATHER_R3_Y_W]);
    if (got[GATHER_R3_Z_LSB +: GATHER_R3_Z_W] !== e[GATHER_R3_Z_LSB +: GATHER_R3_Z_W])
      $display("    out r3_z   = %h  expected %h   <-- MISMATCH", got[GATHER_R3_Z_LSB +: GATHER_R3_Z_W], e[GATHER_R3_Z_LSB +: GATHER_R3_Z_W]);
    if (got[GATHER_R3_W_LSB +: GATHER_R3_W_W] !== e[GATHER_R3_W_LSB +: GATHER_R3_W_W])
      $display("    out r3_w   = %h  expected %h   <-- MISMATCH", got[GATHER_R3_W_LSB +: GATHER_R3_W_W], e[GATHER_R3_W_LSB +: GATHER_R3_W_W]);
  endtask

  // Prints the inputs of a fetch vector and all outputs (expected vs got).
  task automatic fetch_show(input logic [FETCH_LINE_W-1:0] line, input logic [FETCH_OUT_W-1:0] got);
    logic [FETCH_IN_W-1:0] i;
    logic [FETCH_OUT_W-1:0] e;
    i = line[FETCH_LINE_W-1:FETCH_OUT_W];
    e = line[FETCH_OUT_W-1:0];
    $display("    in  hdr    = %h", i[FETCH_HDR_LSB +: FETCH_HDR_W]);
    $display("    in  op     = %h", i[FETCH_OP_LSB +: FETCH_OP_W]);
    $display("    in  x      = %h", i[FETCH_X_LSB +: FETCH_X_W]);
    $display("    in  y      = %h", i[FETCH_Y_LSB +: FETCH_Y_W]);
    $display("    in  z      = %h", i[FETCH_Z_LSB +: FETCH_Z_W]);
    $display("    in  level  = %h", i[FETCH_LEVEL_LSB +: FETCH_LEVEL_W]);
    $display("    in  sample = %h", i[FETCH_SAMPLE_LSB +: FETCH_SAMPLE_W]);
    $display("    in  off_u  = %h", i[FETCH_OFF_U_LSB +: FETCH_OFF_U_W]);
    $display("    in  off_v  = %h", i[FETCH_OFF_V_LSB +: FETCH_OFF_V_W]);
    $display("    in  off_w  = %h", i[FETCH_OFF_W_LSB +: FETCH_OFF_W_W]);
    if (got[FETCH_ERR_LSB +: FETCH_ERR_W] !== e[FETCH_ERR_LSB +: FETCH_ERR_W])
      $display("    out err    = %h  expected %h   <-- MISMATCH", got[FETCH_ERR_LSB +: FETCH_ERR_W], e[FETCH_ERR_LSB +: FETCH_ERR_W]);
    else
      $display("    out err    = %h", got[FETCH_ERR_LSB +: FETCH_ERR_W]);
    if (got[FETCH_STATUS_LSB +: FETCH_STATUS_W] !== e[FETCH_STATUS_LSB +: FETCH_STATUS_W])
      $display("    out status = %h  expected %h   <-- MISMATCH", got[FETCH_STATUS_LSB +: FETCH_STATUS_W], e[FETCH_STATUS_LSB +: FETCH_STATUS_W]);
    else
      $display("    out status = %h", got[FETCH_STATUS_LSB +: FETCH_STATUS_W]);
    if (got[FETCH_R_X_LSB +: FETCH_R_X_W] !== e[FETCH_R_X_LSB +: FETCH_R_X_W])
      $display("    out r_x    = %h  expected %h   <-- MISMATCH", got[FETCH_R_X_LSB +: FETCH_R_X_W], e[FETCH_R_X_LSB +: FETCH_R_X_W]);
    else
      $display("    out r_x    = %h", got[FETCH_R_X_LSB +: FETCH_R_X_W]);
    if (got[FETCH_R_Y_LSB +: FETCH_R_Y_W] !== e[FETCH_R_Y_LSB +: FETCH_R_Y_W])
      $display("    out r_y    = %h  expected %h   <-- MISMATCH", got[FETCH_R_Y_LSB +: FETCH_R_Y_W], e[FETCH_R_Y_LSB +: FETCH_R_Y_W]);
    else
      $display("    out r_y    = %h", got[FETCH_R_Y_LSB +: FETCH_R_Y_W]);
    if (got[FETCH_R_Z_LSB +: FETCH_R_Z_W] !== e[FETCH_R_Z_LSB +: FETCH_R_Z_W])
      $display("    out r_z    = %h  expected %h   <-- MISMATCH", got[FETCH_R_Z_LSB +: FETCH_R_Z_W], e[FETCH_R_Z_LSB +: FETCH_R_Z_W]);
    else
      $display("    out r_z    = %h", got[FETCH_R_Z_LSB +: FETCH_R_Z_W]);
    if (got[FETCH_R_W_LSB +: FETCH_R_W_W] !== e[FETCH_R_W_LSB +: FETCH_R_W_W])
      $display("    out r_w    = %h  expected %h   <-- MISMATCH", got[FETCH_R_W_LSB +: FETCH_R_W_W], e[FETCH_R_W_LSB +: FETCH_R_W_W]);
    else
      $display("    out r_w    = %h", got[FETCH_R_W_LSB +: FETCH_R_W_W]);
  endtask

  // Prints the inputs of a tmml vector and the mismatching outputs (expected vs got).
  task automatic tmml_show(input logic [TMML_LINE_W-1:0] line, input logic [TMML_OUT_W-1:0] got);
    logic [TMML_IN_W-1:0] i;
    logic [TMML_OUT_W-1:0] e;
    i = line[TMML_LINE_W-1:TMML_OUT_W];
    e = line[TMML_OUT_W-1:0];
    $display("    in  hdr    = %h", i[TMML_HDR_LSB +: TMML_HDR_W]);
    $display("    in  smp    = %h", i[TMML_SMP_LSB +: TMML_SMP_W]);
    $display("    in  desc   = %h", i[TMML_DESC_LSB +: TMML_DESC_W]);
    $display("    in  ra0_0  = %h", i[TMML_RA0_0_LSB +: TMML_RA0_0_W]);
    $display("    in  ra0_1  = %h", i[TMML_RA0_1_LSB +: TMML_RA0_1_W]);
    $display("    in  ra0_2  = %h", i[TMML_RA0_2_LSB +: TMML_RA0_2_W]);
    $display("    in  ra0_3  = %h", i[TMML_RA0_3_LSB +: TMML_RA0_3_W]);
    $display("    in  ra1_0  = %h", i[TMML_RA1_0_LSB +: TMML_RA1_0_W]);
    $display("    in  ra1_1  = %h", i[TMML_RA1_1_LSB +: TMML_RA1_1_W]);
    $display("    in  ra1_2  = %h", i[TMML_RA1_2_LSB +: TMML_RA1_2_W]);
    $display("    in  ra1_3  = %h", i[TMML_RA1_3_LSB +: TMML_RA1_3_W]);
    $display("    in  ra2_0  = %h", i[TMML_RA2_0_LSB +: TMML_RA2_0_W]);
    $display("    in  ra2_1  = %h", i[TMML_RA2_1_LSB +: TMML_RA2_1_W]);
    $display("    in  ra2_2  = %h", i[TMML_RA2_2_LSB +: TMML_RA2_2_W]);
    $display("    in  ra2_3  = %h", i[TMML_RA2_3_LSB +: TMML_RA2_3_W]);
    $display("    in  ra3_0  = %h", i[TMML_RA3_0_LSB +: TMML_RA3_0_W]);
    $display("    in  ra3_1  = %h", i[TMML_RA3_1_LSB +: TMML_RA3_1_W]);
    $display("    in  ra3_2  = %h", i[TMML_RA3_2_LSB +: TMML_RA3_2_W]);
    $display("    in  ra3_3  = %h", i[TMML_RA3_3_LSB +: TMML_RA3_3_W]);
    if (got[TMML_ERR_LSB +: TMML_ERR_W] !== e[TMML_ERR_LSB +: TMML_ERR_W])
      $display("    out err    = %h  expected %h   <-- MISMATCH", got[TMML_ERR_LSB +: TMML_ERR_W], e[TMML_ERR_LSB +: TMML_ERR_W]);
    if (got[TMML_STATUS_LSB +: TMML_STATUS_W] !== e[TMML_STATUS_LSB +: TMML_STATUS_W])
      $display("    out status = %h  expected %h   <-- MISMATCH", got[TMML_STATUS_LSB +: TMML_STATUS_W], e[TMML_STATUS_LSB +: TMML_STATUS_W]);
    if (got[TMML_R0_R_LSB +: TMML_R0_R_W] !== e[TMML_R0_R_LSB +: TMML_R0_R_W])
      $display("    out r0_r   = %h  expected %h   <-- MISMATCH", got[TMML_R0_R_LSB +: TMML_R0_R_W], e[TMML_R0_R_LSB +: TMML_R0_R_W]);
    if (got[TMML_R0_G_LSB +: TMML_R0_G_W] !== e[TMML_R0_G_LSB +: TMML_R0_G_W])
      $display("    out r0_g   = %h  expected %h   <-- MISMATCH", got[TMML_R0_G_LSB +: TMML_R0_G_W], e[TMML_R0_G_LSB +: TMML_R0_G_W]);
    if (got[TMML_R0_B_LSB +: TMML_R0_B_W] !== e[TMML_R0_B_LSB +: TMML_R0_B_W])
      $display("    out r0_b   = %h  expected %h   <-- MISMATCH", got[TMML_R0_B_LSB +: TMML_R0_B_W], e[TMML_R0_B_LSB +: TMML_R0_B_W]);
    if (got[TMML_R0_A_LSB +: TMML_R0_A_W] !== e[TMML_R0_A_LSB +: TMML_R0_A_W])
      $display("    out r0_a   = %h  expected %h   <-- MISMATCH", got[TMML_R0_A_LSB +: TMML_R0_A_W], e[TMML_R0_A_LSB +: TMML_R0_A_W]);
    if (got[TMML_R1_R_LSB +: TMML_R1_R_W] !== e[TMML_R1_R_LSB +: TMML_R1_R_W])
      $display("    out r1_r   = %h  expected %h   <-- MISMATCH", got[TMML_R1_R_LSB +: TMML_R1_R_W], e[TMML_R1_R_LSB +: TMML_R1_R_W]);
    if (got[TMML_R1_G_LSB +: TMML_R1_G_W] !== e[TMML_R1_G_LSB +: TMML_R1_G_W])
      $display("    out r1_g   = %h  expected %h   <-- MISMATCH", got[TMML_R1_G_LSB +: TMML_R1_G_W], e[TMML_R1_G_LSB +: TMML_R1_G_W]);
    if (got[TMML_R1_B_LSB +: TMML_R1_B_W] !== e[TMML_R1_B_LSB +: TMML_R1_B_W])
      $display("    out r1_b   = %h  expected %h   <-- MISMATCH", got[TMML_R1_B_LSB +: TMML_R1_B_W], e[TMML_R1_B_LSB +: TMML_R1_B_W]);
    if (got[TMML_R1_A_LSB +: TMML_R1_A_W] !== e[TMML_R1_A_LSB +: TMML_R1_A_W])
      $display("    out r1_a   = %h  expected %h   <-- MISMATCH", got[TMML_R1_A_LSB +: TMML_R1_A_W], e[TMML_R1_A_LSB +: TMML_R1_A_W]);
    if (got[TMML_R2_R_LSB +: TMML_R2_R_W] !== e[TMML_R2_R_LSB +: TMML_R2_R_W])
      $display("    out r2_r   = %h  expected %h   <-- MISMATCH", got[TMML_R2_R_LSB +: TMML_R2_R_W], e[TMML_R2_R_LSB +: TMML_R2_R_W]);
    if (got[TMML_R2_G_LSB +: TMML_R2_G_W] !== e[TMML_R2_G_LSB +: TMML_R2_G_W])
      $display("    out r2_g   = %h  expected %h   <-- MISMATCH", got[TMML_R2_G_LSB +: TMML_R2_G_W], e[TMML_R2_G_LSB +: TMML_R2_G_W]);
    if (got[TMML_R2_B_LSB +: TMML_R2_B_W] !== e[TMML_R2_B_LSB +: TMML_R2_B_W])
      $display("    out r2_b   = %h  expected %h   <-- MISMATCH", got[TMML_R2_B_LSB +: TMML_R2_B_W], e[TMML_R2_B_LSB +: TMML_R2_B_W]);
    if (got[TMML_R2_A_LSB +: TMML_R2_A_W] !== e[TMML_R2_A_LSB +: TMML_R2_A_W])
      $display("    out r2_a   = %h  expected %h   <-- MISMATCH", got[TMML_R2_A_LSB +: TMML_R2_A_W], e[TMML_R2_A_LSB +: TMML_R2_A_W]);
    if (got[TMML_R3_R_LSB +: TMML_R3_R_W] !== e[TMML_R3_R_LSB +: TMML_R3_R_W])
      $display("    out r3_r   = %h  expected %h   <-- MISMATCH", got[TMML_R3_R_LSB +: TMML_R3_R_W], e[TMML_R3_R_LSB +: TMML_R3_R_W]);
    if (got[TMML_R3_G_LSB +: TMML_R3_G_W] !== e[TMML_R3_G_LSB +: TMML_R3_G_W])
      $display("    out r3_g   = %h  expected %h   <-- MISMATCH", got[TMML_R3_G_LSB +: TMML_R3_G_W], e[TMML_R3_G_LSB +: TMML_R3_G_W]);
    if (got[TMML_R3_B_LSB +: TMML_R3_B_W] !== e[TMML_R3_B_LSB +: TMML_R3_B_W])
      $display("    out r3_b   = %h  expected %h   <-- MISMATCH", got[TMML_R3_B_LSB +: TMML_R3_B_W], e[TMML_R3_B_LSB +: TMML_R3_B_W]);
    if (got[TMML_R3_A_LSB +: TMML_R3_A_W] !== e[TMML_R3_A_LSB +: TMML_R3_A_W])
      $display("    out r3_a   = %h  expected %h   <-- MISMATCH", got[TMML_R3_A_LSB +: TMML_R3_A_W], e[TMML_R3_A_LSB +: TMML_R3_A_W]);
  endtask

  // Prints the inputs of a store vector and the mismatching outputs (expected vs got).
  task automatic store_show(input logic [STORE_LINE_W-1:0] line, input logic [STORE_OUT_W-1:0] got);
    logic [STORE_IN_W-1:0] i;
    logic [STORE_OUT_W-1:0] e;
    i = line[STORE_LINE_W-1:STORE_OUT_W];
    e = line[STORE_OUT_W-1:0];
    $display("    in  hdr    = %h", i[STORE_HDR_LSB +: STORE_HDR_W]);
    $display("    in  op     = %h", i[STORE_OP_LSB +: STORE_OP_W]);
    $display("    in  x      = %h", i[STORE_X_LSB +: STORE_X_W]);
    $display("    in  y      = %h", i[STORE_Y_LSB +: STORE_Y_W]);
    $display("    in  z      = %h", i[STORE_Z_LSB +: STORE_Z_W]);
    $display("    in  w      = %h", i[STORE_W_LSB +: STORE_W_W]);
    $display("    in  src_x  = %h", i[STORE_SRC_X_LSB +: STORE_SRC_X_W]);
    $display("    in  src_y  = %h", i[STORE_SRC_Y_LSB +: STORE_SRC_Y_W]);
    $display("    in  src_z  = %h", i[STORE_SRC_Z_LSB +: STORE_SRC_Z_W]);
    $display("    in  src_w  = %h", i[STORE_SRC_W_LSB +: STORE_SRC_W_W]);
    $display("    in  cmp_x  = %h", i[STORE_CMP_X_LSB +: STORE_CMP_X_W]);
    $display("    in  cmp_y  = %h", i[STORE_CMP_Y_LSB +: STORE_CMP_Y_W]);
    $display("    in  cmp_z  = %h", i[STORE_CMP_Z_LSB +: STORE_CMP_Z_W]);
    $display("    in  cmp_w  = %h", i[STORE_CMP_W_LSB +: STORE_CMP_W_W]);
    if (got[STORE_ERR_LSB +: STORE_ERR_W] !== e[STORE_ERR_LSB +: STORE_ERR_W])
      $display("    out err    = %h  expected %h   <-- MISMATCH", got[STORE_ERR_LSB +: STORE_ERR_W], e[STORE_ERR_LSB +: STORE_ERR_W]);
    if (got[STORE_STATUS_LSB +: STORE_STATUS_W] !== e[STORE_STATUS_LSB +: STORE_STATUS_W])
      $display("    out status = %h  expected %h   <-- MISMATCH", got[STORE_STATUS_LSB +: STORE_STATUS_W], e[STORE_STATUS_LSB +: STORE_STATUS_W]);
    if (got[STORE_WE_LSB +: STORE_WE_W] !== e[STORE_WE_LSB +: STORE_WE_W])
      $display("    out we     = %h  expected %h   <-- MISMATCH", got[STORE_WE_LSB +: STORE_WE_W], e[STORE_WE_LSB +: STORE_WE_W]);
    if (got[STORE_WADDR_LSB +: STORE_WADDR_W] !== e[STORE_WADDR_LSB +: STORE_WADDR_W])
      $display("    out waddr  = %h  expected %h   <-- MISMATCH", got[STORE_WADDR_LSB +: STORE_WADDR_W], e[STORE_WADDR_LSB +: STORE_WADDR_W]);
    if (got[STORE_WBYTES_LSB +: STORE_WBYTES_W] !== e[STORE_WBYTES_LSB +: STORE_WBYTES_W])
      $display("    out wbytes = %h  expected %h   <-- MISMATCH", got[STORE_WBYTES_LSB +: STORE_WBYTES_W], e[STORE_WBYTES_LSB +: STORE_WBYTES_W]);
    if (got[STORE_WDATA0_LSB +: STORE_WDATA0_W] !== e[STORE_WDATA0_LSB +: STORE_WDATA0_W])
      $display("    out wdata0 = %h  expected %h   <-- MISMATCH", got[STORE_WDATA0_LSB +: STORE_WDATA0_W], e[STORE_WDATA0_LSB +: STORE_WDATA0_W]);
    if (got[STORE_WDATA1_LSB +: STORE_WDATA1_W] !== e[STORE_WDATA1_LSB +: STORE_WDATA1_W])
      $display("    out wdata1 = %h  expected %h   <-- MISMATCH", got[STORE_WDATA1_LSB +: STORE_WDATA1_W], e[STORE_WDATA1_LSB +: STORE_WDATA1_W]);
    if (got[STORE_WDATA2_LSB +: STORE_WDATA2_W] !== e[STORE_WDATA2_LSB +: STORE_WDATA2_W])
      $display("    out wdata2 = %h  expected %h   <-- MISMATCH", got[STORE_WDATA2_LSB +: STORE_WDATA2_W], e[STORE_WDATA2_LSB +: STORE_WDATA2_W]);
    if (got[STORE_WDATA3_LSB +: STORE_WDATA3_W] !== e[STORE_WDATA3_LSB +: STORE_WDATA3_W])
      $display("    out wdata3 = %h  expected %h   <-- MISMATCH", got[STORE_WDATA3_LSB +: STORE_WDATA3_W], e[STORE_WDATA3_LSB +: STORE_WDATA3_W]);
    if (got[STORE_OLD_X_LSB +: STORE_OLD_X_W] !== e[STORE_OLD_X_LSB +: STORE_OLD_X_W])
      $display("    out old_x  = %h  expected %h   <-- MISMATCH", got[STORE_OLD_X_LSB +: STORE_OLD_X_W], e[STORE_OLD_X_LSB +: STORE_OLD_X_W]);
    if (got[STORE_OLD_Y_LSB +: STORE_OLD_Y_W] !== e[STORE_OLD_Y_LSB +: STORE_OLD_Y_W])
      $display("    out old_y  = %h  expected %h   <-- MISMATCH", got[STORE_OLD_Y_LSB +: STORE_OLD_Y_W], e[STORE_OLD_Y_LSB +: STORE_OLD_Y_W]);
    if (got[STORE_OLD_Z_LSB +: STORE_OLD_Z_W] !== e[STORE_OLD_Z_LSB +: STORE_OLD_Z_W])
      $display("    out old_z  = %h  expected %h   <-- MISMATCH", got[STORE_OLD_Z_LSB +: STORE_OLD_Z_W], e[STORE_OLD_Z_LSB +: STORE_OLD_Z_W]);
    if (got[STORE_OLD_W_LSB +: STORE_OLD_W_W] !== e[STORE_OLD_W_LSB +: STORE_OLD_W_W])
      $display("    out old_w  = %h  expected %h   <-- MISMATCH", got[STORE_OLD_W_LSB +: STORE_OLD_W_W], e[STORE_OLD_W_LSB +: STORE_OLD_W_W]);
  endtask

endpackage
