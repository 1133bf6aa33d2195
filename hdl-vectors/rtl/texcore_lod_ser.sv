`timescale 1ns/1ps
// Pin-limited wrapper of texcore_lod for place-and-route only (the LOD block has 448 port
// bits, more than any iCE40 package): the 339 input bits are shifted in serially, a load
// strobe issues them as one lane, and each result is captured into a 120-bit shift register
// that is shifted out serially. Every path into and out of the block is register to
// register, so the Fmax is the block's own. Not a testbench target.
module texcore_lod_ser (
  input  logic clk,
  input  logic rst,
  input  logic sin,                      // serial input bit (shifted in at the LSB)
  input  logic shift_in,                 // shift sin into the input register
  input  logic load,                     // issue the input register as a lane
  input  logic shift_out,                // shift the result register (MSB first)
  output logic sout,                     // result register MSB
  output logic out_valid                 // a result was captured
);
  // {dsdx, dtdx, drdx, dsdy, dtdy, drdy, dims, w_m1, h_m1, d_m1, base_level, levels_m1,
  //  lod_bias, min_lod, max_lod, mip, aniso, lod_mode, lod}
  logic [338:0] in_q;
  logic         ld_q;
  logic [119:0] res_q;
  logic         v;
  logic [15:0]  lb, lp, lam, used, lr;
  logic [4:0]   lv, lv2, smp;
  logic [7:0]   dl;
  logic         mag, mx;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [27:0]  lmax_unused;            // (TMML B's L_max: not serialized)
  /* verilator lint_on UNUSEDSIGNAL */
  always @(posedge clk) begin
    if (shift_in) in_q <= {in_q[337:0], sin};
    ld_q <= rst ? 1'b0 : load;
  end
  texcore_lod dut (
    .clk(clk), .rst(rst), .in_valid(ld_q),
    .dsdx(in_q[338:307]), .dtdx(in_q[306:275]), .drdx(in_q[274:243]),
    .dsdy(in_q[242:211]), .dtdy(in_q[210:179]), .drdy(in_q[178:147]),
    .dims(in_q[146:145]), .w_m1(in_q[144:129]), .h_m1(in_q[128:113]), .d_m1(in_q[112:97]),
    .base_level(in_q[96:92]), .levels_m1(in_q[91:87]), .lod_bias(in_q[86:71]),
    .min_lod(in_q[70:55]), .max_lod(in_q[54:39]), .mip(in_q[38:37]), .aniso(in_q[36:34]),
    .lod_mode(in_q[33:32]), .lod(in_q[31:0]),
    .out_valid(v), .lambda_base(lb), .lambda_prime(lp), .lambda(lam), .magnify(mag),
    .level(lv), .level2(lv2), .delta(dl), .used_lod(used), .samples(smp), .major_x(mx),
    .log2_ratio(lr), .log2_rho2_max(lmax_unused)
  );
  always @(posedge clk) begin
    if (v) res_q <= {lb, lp, lam, 3'd0, mag, 3'd0, lv, 3'd0, lv2, dl, used, 3'd0, smp, 3'd0, mx, lr};
    else if (shift_out) res_q <= {res_q[118:0], 1'b0};
    out_valid <= rst ? 1'b0 : v;
  end
  assign sout = res_q[119];
endmodule
