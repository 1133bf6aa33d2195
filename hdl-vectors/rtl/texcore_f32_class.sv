`timescale 1ns/1ps
// Class of a binary32 operand (texcore::fp's F32Class without the finite split): NaN (any
// payload), +-inf, +-0. Combinational; shared by texcore_f32_sub and texcore_f32_div.
module texcore_f32_class (
  input  logic [30:0] mag,               // binary32 bits 30:0 (the sign is not needed)
  output logic        nan,
  output logic        inf,
  output logic        zero
);
  wire top = mag[30:23] == 8'hFF;
  assign nan  = top && mag[22:0] != 23'd0;
  assign inf  = top && mag[22:0] == 23'd0;
  assign zero = mag == 31'd0;
endmodule
