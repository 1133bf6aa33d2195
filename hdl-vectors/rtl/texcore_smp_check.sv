`timescale 1ns/1ps
// Sampler-header validation (combinational).
//
// Mirrors texcore::SamplerHeader::from_words (core/src/descriptor/sampler.rs): `valid` is 0
// exactly when from_words returns an error.
//
//  word 0: [8:0] wrap s,t,r (3 bits each, 0..4), [9] mag, [10] min, [12:11] mip filter (0..2),
//          [15:13] max anisotropy log2 (0..4), [16] compare, [19:17] func, [20] seamless,
//          [31:21] reserved
//  word 1: [15:0] LOD bias S8.8 in -16.0 .. +15.996, [31:16] reserved
//  word 7: reserved (words 2..6: LOD clamps and border colour, any value)
module texcore_smp_check (
  /* verilator lint_off UNUSEDSIGNAL */
  input  logic [255:0] words,
  /* verilator lint_on UNUSEDSIGNAL */
  output logic         valid
);
  /* verilator lint_off UNUSEDSIGNAL */
  logic [31:0] w0, w1, w7;   // filters, compare, seamless and LOD clamps take any value
  /* verilator lint_on UNUSEDSIGNAL */
  assign w0 = words[31:0];
  assign w1 = words[63:32];
  assign w7 = words[255:224];

  logic wrap_ok, mip_ok, aniso_ok, bias_ok, reserved_ok;
  assign wrap_ok     = (w0[2:0] <= 3'd4) & (w0[5:3] <= 3'd4) & (w0[8:6] <= 3'd4);
  assign mip_ok      = w0[12:11] != 2'd3;
  assign aniso_ok    = w0[15:13] <= 3'd4;
  // -4096 ..= 4095 as S16 <=> bits 15:12 all equal (a sign-extended 13-bit value).
  assign bias_ok     = (w1[15:12] == 4'h0) | (w1[15:12] == 4'hF);
  assign reserved_ok = (w0[31:21] == 11'd0) & (w1[31:16] == 16'd0) & (w7 == 32'd0);
  assign valid = wrap_ok & mip_ok & aniso_ok & bias_ok & reserved_ok;
endmodule
