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
// Pipelined, one index per clock, LATENCY = 6: s0 input registers; s1 the reduced
// significand and the operand's class; s2 the product, and the rounding's case (zero, right
// shift, left shift, saturation) and shift amount from the exponent; s3 the rounding shift
// with its round and sticky bits; s4 the rounded, saturated magnitude; s5 the output
// registers (the whole path in one clock is about 49 ns on an
// ECP5: the reduction, the 24 x 17 product, the rounding shift and the two additions).
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
  localparam logic [31:0] LIM = 32'h4000_0000;   // 2^30

  // ---- s0: input registers
  logic        v0;
  logic [31:0] s_q;
  logic [16:0] size_q;
  logic        per_q, lin_q;
  logic [3:0]  off_q;
  // Every stage register loads only while an item is at the input or in flight (clock
  // enable: the pipeline holds when idle, which saves power and simulation time); the
  // valid bits are not gated.
  logic act;
  always @(posedge clk) v0 <= rst ? 1'b0 : in_valid;
  always @(posedge clk) if (act) begin
    s_q <= s;
    size_q <= size;
    per_q <= periodic;
    off_q <= offset;
    lin_q <= linear;
  end

  // ---- s1: |s| mod 2 for the periodic modes (keep the significand bits j < 151 - e), the
  // operand's class
  wire  [7:0]  e = s_q[30:23];
  wire  [23:0] mant = {1'b1, s_q[22:0]};
  logic [23:0] mred;
  always @* begin
    if (!per_q || e <= 8'd127) mred = mant;
    else if (e >= 8'd151) mred = 24'd0;
    else mred = mant & ~(24'hFF_FFFF << (8'd151 - e));
  end
  logic        v1, neg1, zero1, inf1, per1, lin1;
  logic [7:0]  e1;
  logic [23:0] mred1;
  logic [16:0] size1;
  logic [3:0]  off1;
  always @(posedge clk) v1 <= rst ? 1'b0 : v0;
  always @(posedge clk) if (act) begin
    e1 <= e;
    neg1 <= s_q[31];
    zero1 <= (e == 8'd0) || (e == 8'hFF && s_q[22:0] != 23'd0) || size_q == 17'd0;
    inf1 <= e == 8'hFF && s_q[22:0] == 23'd0;
    mred1 <= mred;
    size1 <= size_q;
    per1 <= per_q;
    off1 <= off_q;
    lin1 <= lin_q;
  end

  // ---- s2: the product mred x size < 2^41; the rounding's case and shift from k = 142 - e
  // (the operand's class folded in: zero, NaN and p = 0 give 0, inf gives 2^30 or, periodic, 0)
  localparam logic [1:0] C_ZERO = 2'd0, C_RIGHT = 2'd1, C_LEFT = 2'd2, C_SAT = 2'd3;
  logic [1:0]  cls;
  logic [5:0]  sh;
  always @* begin : rcase
    integer k;
    k = 142 - {24'd0, e1};
    cls = C_ZERO;
    sh = 6'd0;
    if (k >= 41) cls = C_ZERO;                   // |s| x size x 256 < 2^-1: 0
    else if (k >= 1) begin
      cls = C_RIGHT;                             // p >> k, rounded
      sh = k[5:0];
    end else if (k >= -8) begin
      // (a periodic operand reduced modulo 2 has e <= 150, k >= -8: p << -k < 2^26)
      cls = C_LEFT;
      sh = 6'(-k);
    end else cls = C_SAT;                        // >= 2^31 before saturation
    if (mred1 == 24'd0) cls = C_ZERO;            // |s| mod 2 = 0: p = 0
    if (inf1) cls = per1 ? C_ZERO : C_SAT;
    if (zero1) cls = C_ZERO;
  end
  logic        v2, neg2, per2, lin2;
  logic [1:0]  cls2;
  logic [5:0]  sh2;
  logic [40:0] p2;
  logic [16:0] size2;
  logic [3:0]  off2;
  always @(posedge clk) v2 <= rst ? 1'b0 : v1;
  always @(posedge clk) if (act) begin
    p2 <= {17'd0, mred1} * {24'd0, size1};
    cls2 <= cls;
    sh2 <= sh;
    neg2 <= neg1;
    size2 <= size1;
    per2 <= per1;
    off2 <= off1;
    lin2 <= lin1;
  end

  // ---- s3: the shift of RNE(p x 2^(e - 142)): the shifted magnitude, the increment of
  // round-to-nearest-even (round bit and (sticky or lsb)), saturation at 2^30
  logic [40:0] q;
  logic        inc, sat;
  always @* begin : shift
    logic [48:0] pl;
    q = 41'd0;
    inc = 1'b0;
    sat = 1'b0;
    pl = 49'd0;
    case (cls2)
      C_RIGHT: begin
        q = p2 >> sh2;
        inc = p2[sh2 - 6'd1] && ((p2 & ~(41'h1FF_FFFF_FFFF << (sh2 - 6'd1))) != 41'd0 || q[0]);
      end
      C_LEFT: begin
        pl = {8'd0, p2} << sh2;
        sat = pl[48:31] != 18'd0 || (pl[30] && pl[29:0] != 30'd0);   // pl > 2^30
        q = pl[40:0];
      end
      C_SAT: sat = 1'b1;
      default: ;
    endcase
  end
  logic        v3, neg3, per3, lin3, inc3, sat3;
  logic [40:0] q3;
  logic [16:0] size3;
  logic [3:0]  off3;
  always @(posedge clk) v3 <= rst ? 1'b0 : v2;
  always @(posedge clk) if (act) begin
    q3 <= q;
    inc3 <= inc;
    sat3 <= sat;
    neg3 <= neg2;
    size3 <= size2;
    per3 <= per2;
    off3 <= off2;
    lin3 <= lin2;
  end

  // ---- s4: the rounded magnitude, saturated at 2^30
  wire  [40:0] qr = q3 + {40'd0, inc3};
  wire         over = qr[40:31] != 10'd0 || (qr[30] && qr[29:0] != 30'd0);   // qr > 2^30
  wire  [31:0] mag = (sat3 || over) ? LIM : qr[31:0];
  logic        v4, neg4, per4, lin4;
  logic [31:0] mag4;
  logic [16:0] size4;
  logic [3:0]  off4;
  always @(posedge clk) v4 <= rst ? 1'b0 : v3;
  always @(posedge clk) if (act) begin
    mag4 <= mag;
    neg4 <= neg3;
    size4 <= size3;
    per4 <= per3;
    off4 <= off3;
    lin4 <= lin3;
  end

  // ---- s5: U (periodic: in [0, period), mag in [0, period]; else signed), then v
  logic [31:0] u;                                // S.8, two's complement
  wire  [31:0] period = {6'd0, size4, 9'd0};
  always @* begin
    if (per4) begin
      if (mag4 == 32'd0 || mag4 == period) u = 32'd0;
      else if (neg4) u = period - mag4;
      else u = mag4;
    end else begin
      u = neg4 ? (32'd0 - mag4) : mag4;
    end
  end
  wire [31:0] v = u + {{20{off4[3]}}, off4, 8'd0} - (lin4 ? 32'd128 : 32'd0);
  logic v5;
  always @(posedge clk) v5 <= rst ? 1'b0 : v4;
  always @(posedge clk) if (act) begin
    i0 <= {{8{v[31]}}, v[31:8]};
    weight <= lin4 ? v[7:0] : 8'd0;
  end
  assign out_valid = v5;
  assign act = in_valid | v0 | v1 | v2 | v3 | v4 | v5;
endmodule
