`timescale 1ns/1ps
// Coordinate stage, one axis: texcore::coord::texel_fixed_i32 plus the texel offset and
// the half-texel shift of LINEAR (texcore::op::sample rgba8 AxisUnit::taps).
//
//   U   = RNE(s x size x 256), S.8 texel coordinate of the binary32 s on `size` texels:
//         clamp modes: |U| saturated at 2^30 (inf: +-2^30); NaN, +-0, subnormals: 0
//         REPEAT / MIRRORED_REPEAT (periodic): U mod 2 x size x 256 (inf, NaN: 0)
//   v   = U + 256 x offset - (linear ? 128 : 0)
//   i0  = v >> 8 (floor), weight = linear ? v & 255 : 0
//
// No divider: for the periodic modes |s| is first reduced modulo 2 (the significand bits of
// weight 2 and above are dropped, exactly). RNE((|s| mod 2) x size x 256) differs from
// RNE(|s| x size x 256) by a multiple of the period 2 x size x 256 (the dropped part of
// |s| is an even integer, so its product is an even integer and ties round alike), and
// lies in [0, period]; the sign and one conditional subtraction give U in [0, period).
// Products: the 24-bit significand times the 17-bit size (one 24 x 17 product).
//
// Pipelined, one index per clock, LATENCY = 2: s0 input registers, s1 output registers.
module texcore_coord (
  input  logic        clk,
  input  logic        rst,
  input  logic        in_valid,
  input  logic [31:0] s,                   // binary32 normalized coordinate
  input  logic [16:0] size,                // texels on the axis, 0 .. 65536 (0: U = 0)
  input  logic        periodic,            // REPEAT or MIRRORED_REPEAT
  input  logic [3:0]  offset,              // texel offset, -8 .. 7
  input  logic        linear,              // LINEAR: the two taps i0, i0 + 1
  output logic        out_valid,
  output logic [31:0] i0,                  // signed texel index of the first tap
  output logic [7:0]  weight               // weight of the second tap (1/256)
);
  logic        v0, v1;
  logic [31:0] s_q;
  logic [16:0] size_q;
  logic        per_q, lin_q;
  logic [3:0]  off_q;
  always @(posedge clk) begin
    v0 <= rst ? 1'b0 : in_valid;
    v1 <= rst ? 1'b0 : v0;
    s_q <= s;
    size_q <= size;
    per_q <= periodic;
    off_q <= offset;
    lin_q <= linear;
  end
  assign out_valid = v1;

  localparam logic [31:0] LIM = 32'h4000_0000;   // 2^30

  logic [31:0] u;                                // S.8, two's complement
  always @* begin : coord
    logic [7:0]  e;
    logic [23:0] mant, mred;
    logic        neg, zero, inf;
    logic [40:0] p;                              // mant x size < 2^41
    logic [48:0] pl;
    logic [40:0] q;
    logic [31:0] mag;
    logic [25:0] period;
    integer      k;
    e = s_q[30:23];
    neg = s_q[31];
    zero = (e == 8'd0) || (e == 8'hFF && s_q[22:0] != 23'd0);
    inf = e == 8'hFF && s_q[22:0] == 23'd0;
    mant = {1'b1, s_q[22:0]};
    // |s| mod 2 for the periodic modes: keep the significand bits j < 151 - e
    if (!per_q || e <= 8'd127) mred = mant;
    else if (e >= 8'd151) mred = 24'd0;
    else mred = mant & ~(24'hFF_FFFF << (8'd151 - e));
    p = {17'd0, mred} * {24'd0, size_q};
    // RNE(p x 2^(e - 142)): k = 142 - e
    k = 142 - {24'd0, e};
    mag = 32'd0;
    q = 41'd0;
    pl = 49'd0;
    u = 32'd0;
    if (p == 41'd0 || k >= 41) begin
      mag = 32'd0;                               // also |s| mod 2 = 0 and size 0
    end else if (k >= 1) begin
      q = p >> k;
      if (p[k - 1] && ((p & ~(41'h1FF_FFFF_FFFF << (k - 1))) != 41'd0 || q[0])) q = q + 41'd1;
      mag = (q > {9'd0, LIM}) ? LIM : q[31:0];
    end else if (k >= -8) begin
      // (a periodic operand reduced modulo 2 has e <= 150, k >= -8: p << -k < 2^26)
      pl = {8'd0, p} << (-k);
      mag = (pl > {17'd0, LIM}) ? LIM : pl[31:0];
    end else begin
      mag = LIM;                                 // >= 2^31 before saturation
    end
    if (inf) mag = per_q ? 32'd0 : LIM;
    if (zero || size_q == 17'd0) mag = 32'd0;
    period = {size_q, 9'd0};
    if (per_q) begin
      // mag in [0, period]
      if (mag == 32'd0 || mag == {6'd0, period}) u = 32'd0;
      else if (neg) u = {6'd0, period} - mag;
      else u = mag;
    end else begin
      u = neg ? (32'd0 - mag) : mag;
    end
  end

  wire [31:0] v = u + {{20{off_q[3]}}, off_q, 8'd0} - (lin_q ? 32'd128 : 32'd0);
  always @(posedge clk) begin
    i0 <= {{8{v[31]}}, v[31:8]};
    weight <= lin_q ? v[7:0] : 8'd0;
  end
endmodule
