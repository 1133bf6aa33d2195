`timescale 1ns/1ps
// Pin-limited wrapper of texcore_gather_cmp for place-and-route only (the unit has 306
// port bits, more than the iCE40 HX8K ct256 package's 206 I/O): the 173 input bits are
// shifted in serially, a load strobe issues them as one vector, and each result {err, res}
// is captured into a 129-bit shift register that is shifted out serially. Every path into
// and out of the unit is register to register, so the Fmax is the unit's own. Not a
// testbench target.
module texcore_gather_cmp_ser (
  input  logic clk,
  input  logic rst,
  input  logic sin,                      // serial input bit (shifted in at the LSB)
  input  logic shift_in,                 // shift sin into the input register
  input  logic load,                     // issue the input register as a vector
  input  logic shift_out,                // shift the result register (MSB first)
  output logic sout,                     // result register MSB
  output logic out_valid                 // a result was captured
);
  logic [172:0] in_q;                    // {odd, dom, nbits, cmp, func, refv, texels}
  logic         ld_q;
  logic [128:0] res_q;                   // {err, res}
  logic         v;
  logic         e;
  logic [127:0] r;
  always @(posedge clk) begin
    if (shift_in) in_q <= {in_q[171:0], sin};
    ld_q <= rst ? 1'b0 : load;
  end
  texcore_gather_cmp dut (
    .clk(clk), .rst(rst), .in_valid(ld_q),
    .odd(in_q[172]), .dom(in_q[171:169]), .nbits(in_q[168:164]), .cmp(in_q[163]), .func(in_q[162:160]),
    .refv(in_q[159:128]), .texels(in_q[127:0]),
    .out_valid(v), .err(e), .res(r)
  );
  always @(posedge clk) begin
    if (v) res_q <= {e, r};
    else if (shift_out) res_q <= {res_q[127:0], 1'b0};
    out_valid <= rst ? 1'b0 : v;
  end
  assign sout = res_q[128];
endmodule
