`timescale 1ns/1ps
// Pin-limited wrapper of texcore_filter_rgba8 for place-and-route only (the filter has 427
// port bits, more than any iCE40 package): the 296 input bits are shifted in serially, a
// load strobe issues them as one sample, and each result is captured into a 128-bit shift
// register that is shifted out serially. Every path into and out of the filter is register
// to register, so the Fmax is the filter's own. Not a testbench target.
module texcore_filter_rgba8_ser (
  input  logic clk,
  input  logic rst,
  input  logic sin,                      // serial input bit (shifted in at the LSB)
  input  logic shift_in,                 // shift sin into the input register
  input  logic load,                     // issue the input register as a sample
  input  logic shift_out,                // shift the result register (MSB first)
  output logic sout,                     // result register MSB
  output logic out_valid                 // a result was captured
);
  logic [295:0] in_q;                    // {taps, alpha0, beta0, alpha1, beta1, delta}
  logic         ld_q;
  logic [127:0] res_q;
  logic         v;
  logic [31:0]  r, g, b, a;
  always @(posedge clk) begin
    if (shift_in) in_q <= {in_q[294:0], sin};
    ld_q <= rst ? 1'b0 : load;
  end
  texcore_filter_rgba8 dut (
    .clk(clk), .rst(rst), .in_valid(ld_q), .taps(in_q[295:40]),
    .alpha0(in_q[39:32]), .beta0(in_q[31:24]), .alpha1(in_q[23:16]), .beta1(in_q[15:8]),
    .delta(in_q[7:0]), .out_valid(v), .out_r(r), .out_g(g), .out_b(b), .out_a(a)
  );
  always @(posedge clk) begin
    if (v) res_q <= {a, b, g, r};
    else if (shift_out) res_q <= {res_q[126:0], 1'b0};
    out_valid <= rst ? 1'b0 : v;
  end
  assign sout = res_q[127];
endmodule
