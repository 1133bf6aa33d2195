`timescale 1ns/1ps
// binary32 subtraction a - b, IEEE 754 round to nearest even with gradual underflow:
// texcore::fp::f32_sub bit for bit (the implicit derivatives of a quad, stage S1 of the
// sampling pipeline, docs/hdl/sampler-pipeline.md).
//
//   NaN operand             -> 0x7FC0_0000 (the one quiet NaN)
//   inf - inf (same sign)   -> 0x7FC0_0000; inf - x -> a; x - inf -> -b
//   0 - 0                   -> -0 only for (-0) - (+0), else +0; 0 - x -> -x; x - 0 -> a
//   finite                  -> the exact difference rounded once (RNE); an exact zero is +0;
//                              past the largest finite: +-inf
//
// Datapath (the classic guard / round / sticky adder): the operand of larger magnitude is
// A, the other B (b with its sign flipped); B's 24-bit significand is aligned to A's with
// three bits below the last (the lowest one sticky), added to or subtracted from A's,
// normalized (one right shift on a carry, a left shift by the leading zeros limited so that
// the exponent stays >= 1: subnormal results), rounded to 24 bits (a carry out of the
// significand moves into the exponent field, subnormal -> normal and largest -> inf alike).
//
// Pipelined, one subtraction per clock, LATENCY = 5, each stage short enough for the
// sampler's 50 MHz clock on ECP5 (one magnitude compare, one barrel shift, one carry chain
// or one normalization per stage): s0 input registers; s1 specials, order and the exponent
// difference; s2 alignment (the shift with its sticky bit); s3 the sum and its leading-zero
// count; s4 normalization, rounding and packing (output registers).
module texcore_f32_sub (
  input  logic        clk,
  input  logic        rst,
  input  logic        in_valid,
  input  logic [31:0] a,
  input  logic [31:0] b,
  output logic        out_valid,
  output logic [31:0] d                    // a - b
);
  // ---- s0: input registers (b's sign flipped: a + (-b))
  logic        v0;
  logic [31:0] a_q, b_q;
  // Every stage register loads only while an item is at the input or in flight (clock
  // enable: the pipeline holds when idle, which saves power and simulation time); the
  // valid bits are not gated.
  logic act;
  always @(posedge clk) v0 <= rst ? 1'b0 : in_valid;
  always @(posedge clk) if (act) begin
    a_q <= a;
    b_q <= {~b[31], b[30:0]};
  end

  // ---- s1: specials, order by magnitude, exponent difference
  logic        a_nan, a_inf, a_zero, b_nan, b_inf, b_zero;
  texcore_f32_class u_ca (.mag(a_q[30:0]), .nan(a_nan), .inf(a_inf), .zero(a_zero));
  texcore_f32_class u_cb (.mag(b_q[30:0]), .nan(b_nan), .inf(b_inf), .zero(b_zero));
  wire         swap = b_q[30:0] > a_q[30:0];
  wire  [31:0] x = swap ? b_q : a_q;      // the larger magnitude
  wire  [31:0] y = swap ? a_q : b_q;
  wire  [7:0]  ex = (x[30:23] == 8'd0) ? 8'd1 : x[30:23];
  wire  [7:0]  ey = (y[30:23] == 8'd0) ? 8'd1 : y[30:23];
  wire  [7:0]  dexp = ex - ey;
  logic        v1;
  logic        sp1;                       // special: the result is r1
  logic [31:0] r1;
  logic        sx1, sub1;                 // the result's sign (A's); B subtracted
  logic [7:0]  ex1;
  logic [23:0] mx1, my1;                  // significands with their hidden bits
  logic [4:0]  dsh1;                      // alignment shift, at most 27
  always @(posedge clk) v1 <= rst ? 1'b0 : v0;
  always @(posedge clk) if (act) begin
    sp1 <= 1'b1;
    if (a_nan || b_nan || (a_inf && b_inf && a_q[31] != b_q[31])) r1 <= 32'h7FC0_0000;
    else if (a_inf) r1 <= a_q;
    else if (b_inf) r1 <= b_q;
    else if (a_zero && b_zero) r1 <= {a_q[31] & b_q[31], 31'd0};
    else if (a_zero) r1 <= b_q;
    else if (b_zero) r1 <= a_q;
    else begin
      sp1 <= 1'b0;
      r1 <= 32'd0;
    end
    sx1 <= x[31];
    sub1 <= x[31] != y[31];
    ex1 <= ex;
    mx1 <= {x[30:23] != 8'd0, x[22:0]};
    my1 <= {y[30:23] != 8'd0, y[22:0]};
    dsh1 <= (dexp > 8'd27) ? 5'd27 : dexp[4:0];
  end

  // ---- s2: alignment (B's significand with three bits below the last, the lowest sticky)
  wire  [50:0] ywide = {my1, 27'd0} >> dsh1;
  logic        v2, sp2, sx2, sub2;
  logic [31:0] r2;
  logic [7:0]  ex2;
  logic [26:0] mx2, my2;
  always @(posedge clk) v2 <= rst ? 1'b0 : v1;
  always @(posedge clk) if (act) begin
    sp2 <= sp1;
    r2 <= r1;
    sx2 <= sx1;
    sub2 <= sub1;
    ex2 <= ex1;
    mx2 <= {mx1, 3'd0};
    my2 <= {ywide[50:25], ywide[24] | (ywide[23:0] != 24'd0)};
  end

  // ---- s3: sum and its leading-zero count
  wire  [27:0] sum = sub2 ? {1'b0, mx2} - {1'b0, my2} : {1'b0, mx2} + {1'b0, my2};
  logic [4:0]  lz;
  always @* begin
    lz = 5'd27;
    for (int i = 0; i < 27; i = i + 1)
      if (sum[i]) lz = 5'(26 - i);
  end
  logic        v3, sp3, sx3;
  logic [31:0] r3;
  logic [7:0]  ex3;
  logic [27:0] sum3;
  logic [4:0]  lz3;
  always @(posedge clk) v3 <= rst ? 1'b0 : v2;
  always @(posedge clk) if (act) begin
    sp3 <= sp2;
    r3 <= r2;
    sx3 <= sx2;
    ex3 <= ex2;
    sum3 <= sum;
    lz3 <= lz;
  end

  // ---- s4: normalization, rounding, packing
  // left shift by lz, at most ex - 1 (the exponent field stays >= 1, or 0 for subnormals)
  wire  [8:0]  lmax = {1'b0, ex3} - 9'd1;
  wire  [4:0]  lsh = ({4'd0, lz3} > lmax) ? lmax[4:0] : lz3;
  wire  [26:0] nl = sum3[26:0] << lsh;
  wire  [26:0] n = sum3[27] ? {sum3[27:2], sum3[1] | sum3[0]} : nl;
  wire  [8:0]  en = sum3[27] ? {1'b0, ex3} + 9'd1 : {1'b0, ex3} - {4'd0, lsh};
  wire  [7:0]  efield = n[26] ? en[7:0] : 8'd0;
  wire         rup = n[2] & (n[1] | n[0] | n[3]);
  wire  [30:0] pk = {efield, n[25:3]} + {30'd0, rup};
  always @(posedge clk) out_valid <= rst ? 1'b0 : v3;
  always @(posedge clk) if (act) begin
    if (sp3) d <= r3;
    else if (sum3 == 28'd0) d <= 32'd0;                        // exact cancellation: +0
    else if (en >= 9'd255 || pk[30:23] == 8'hFF) d <= {sx3, 8'hFF, 23'd0};
    else d <= {sx3, pk};
  end
  assign act = in_valid | v0 | v1 | v2 | v3;
endmodule
