`timescale 1ns/1ps
// Unsigned 32-bit integer -> IEEE-754 binary32 bit pattern, round to nearest, ties to even
// (combinational): texcore::output::u32_to_f32_bits.
module texcore_u32_to_f32 (
  input  logic [31:0] v,
  output logic [31:0] f
);
  logic [4:0] msb;
  always @* begin : find_msb
    integer i;
    msb = 5'd0;
    for (i = 0; i < 32; i = i + 1)
      if (v[i]) msb = i[4:0];
  end

  /* verilator lint_off UNUSEDSIGNAL */
  logic [31:0] norm;     // bit 31 is the implicit leading one
  /* verilator lint_on UNUSEDSIGNAL */
  logic [23:0] mant_r;   // {carry, 23-bit mantissa} after rounding
  logic        round_up;
  logic [7:0]  exp;
  assign norm     = v << (5'd31 - msb);                    // bit 31 = leading one
  assign round_up = norm[7] & ((|norm[6:0]) | norm[8]);   // guard & (sticky | lsb)
  assign mant_r   = {1'b0, norm[30:8]} + {23'd0, round_up};
  assign exp      = 8'd127 + {3'd0, msb} + {7'd0, mant_r[23]};
  assign f        = (v == 32'd0) ? 32'd0 : {1'b0, exp, mant_r[23] ? 23'd0 : mant_r[22:0]};
endmodule
