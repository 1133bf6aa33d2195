`timescale 1ns/1ps
// LOD stage of one lane: texcore::lod::texel_derivs + texcore::lod::compute, bit for bit
// (the numeric contract is the stage table in core/src/lod/mod.rs; docs/hdl/lod.md).
// Reference for the `lod` vectors.
//
//   d      = each binary32 derivative, magnitude rounded up to 18 bits (NaN, zero and
//            inactive axes 0; inf = 2^128; subnormals 2^-126)
//   m      = d x base-level size: one 18 x 17 product, rounded up to 18 bits
//   rho^2  = m_u^2 + m_v^2 + m_w^2 per screen axis: each m aligned to the largest exponent
//            (rounded up to an integer), squared (18 x 18) and summed exactly, the sum
//            rounded up to 18 bits
//   L      = log2 rho^2, S10.16: exponent + LOD_LOG2_T[j] + (LOD_LOG2_D[j] * r >> 11) + 4
//            (64-segment table on the significand's top 6 fraction bits, r the other 11)
//   log2 eta^2 = min(L_max - L_min, 2 log2 A) (rho_min = 0: 2 log2 A; rho_max = 0: 0)
//   N      = 1 + #{k in 1 .. A-1 : log2 eta^2 > LOD_N_T[k-1]}
//   lambda_fine = L_max - log2 eta^2 (units of 2^-17, saturated; rho = 0: -128.0)
//              | explicit LOD (binary32 -> S8.8 RNE) << 9 | 0
//   lambda' = round half up to S8.8 of lambda_fine + clamp(lod_bias + shader bias, -16, +15.996)
//             (shader bias binary32 -> S9.17 RNE, saturated at +-256)
//   lambda  = max(min_lod, min(max_lod, lambda'))  -> magnify, levels, weight, used LOD
//   log2_ratio = S4.12 of (L_min - L_max) / 2, half up, clamped to -8 .. 0 (TMML A)
//   log2_rho2_max = L_max itself (S11.16, two's complement; rho_max = 0: not meaningful),
//            for TMML B: the sampler device's TMML runs the block again with one texel
//            derivative alone, so that L_max is log2 of that component's square
//
// No divider. Twelve multipliers: the six derivative x size products (18 x 17) and the six
// squares (18 x 18), one MULT18X18D each on ECP5; the two log interpolations (11 x 11)
// are sums of partial products in a small adder tree (logic, no DSP). The tables come from
// generated/texcore_lod_tables.svh (texcore::lod::tables, one source).
//
// The base-level size is normalized once per axis: n = normalize(size0) with leading zeros
// z; floor(size0 / 2^base) has the same significand with its bits below z + base cleared,
// and exponent -(z + base) (size 1 when z + base >= 17), so the product m x size needs only
// a one-bit normalization.
//
// Pipelined, one lane per clock, LATENCY = 34 register stages (outputs at s34), at most one
// carry chain or a few logic levels per stage; the compares that choose a wide value (bias
// clamp, LOD clamps, rounding carry-outs) are registered and the next stage selects (see
// docs/hdl/lod.md for the ECP5 figures); rst clears only the valid pipeline. Stage by stage:
//   s1 decode (from the ports), size0 + 1, the LOD limits' compares | s2 round derivatives
//   up; sizes' leading zeros | s3, s4 size significands | s5 products | s6 top bits |
//   s7 texel derivatives (round up) | s8 exponent differences | s9 which is largest,
//   saturated distances, trailing zeros | s10 x, distances | s11 align | s12 round up |
//   s13 squares | s14, s15 sum | s16 top bits | s17 rho^2 (round up) | s18 compare | s19
//   major axis | s20 log table | s21 .. s24 partial products | s25 L | s26 L_max - L_min |
//   s27 log2 eta^2, ratio | s28 lambda_fine, N thresholds | s29 clamp, thresholds below A |
//   s30 lambda source, lambda_base, lambda' sum, N | s31 lambda' | s32 compares with
//   max_lod, min_lod, 0 and the last level | s33 lambda, level clamp | s34 level selection
//   (output registers).
// lod and lod_bias are converted beside it (c1 .. c9: shift, round, negate, saturate, bias
// sum, compare, clamp); what only waits travels in register delay lines (texcore_lod_dly,
// end of file).
// Codes no op produces (dims 0, mip 3, aniso 5-7, lod_mode 3) are not in the vectors; this
// block treats dims 0 as no texel axis, mip 3 as LINEAR, aniso >= 5 as 4 (16x), lod_mode 3
// as ZERO.
module texcore_lod (
  input  logic        clk,
  input  logic        rst,
  input  logic        in_valid,
  input  logic [31:0] dsdx,                // binary32 derivatives of the normalized
  input  logic [31:0] dtdx,                // coordinates (signs ignored)
  input  logic [31:0] drdx,
  input  logic [31:0] dsdy,
  input  logic [31:0] dtdy,
  input  logic [31:0] drdy,
  input  logic [1:0]  dims,                // texel axes: 1, 2, 3
  input  logic [15:0] w_m1,                // level-0 size - 1
  input  logic [15:0] h_m1,
  input  logic [15:0] d_m1,
  input  logic [4:0]  base_level,
  input  logic [4:0]  levels_m1,
  input  logic [15:0] lod_bias,            // S8.8
  input  logic [15:0] min_lod,             // U8.8
  input  logic [15:0] max_lod,             // U8.8
  input  logic [1:0]  mip,                 // MIP_*
  input  logic [2:0]  aniso,               // log2 of the max anisotropy
  input  logic [1:0]  lod_mode,            // LOD_MODE_*
  input  logic [31:0] lod,                 // shader bias or explicit LOD, binary32
  output logic        out_valid,
  output logic [15:0] lambda_base,         // S8.8
  output logic [15:0] lambda_prime,        // S8.8
  output logic [15:0] lambda,              // U8.8
  output logic        magnify,
  output logic [4:0]  level,
  output logic [4:0]  level2,
  output logic [7:0]  delta,
  output logic [15:0] used_lod,            // U8.8
  output logic [4:0]  samples,
  output logic        major_x,
  output logic [15:0] log2_ratio,          // S4.12
  output logic [27:0] log2_rho2_max        // S11.16: L_max = log2 rho_max^2 (TMML B)
);
`include "texcore_lod_tables.svh"
  localparam int LATENCY = 34;
  localparam int EW = 11;                  // signed exponents (values within -300 .. 300)
  localparam int LW = 28;                  // S.16 log2 values, lambda_fine (units of 2^-17)
  localparam logic signed [LW-1:0] FINE_MIN = -28'sd16777216;      // -128.0
  localparam logic signed [LW-1:0] FINE_MAX = 28'sd16776704;       // +127.996 (32767 << 9)
  localparam logic signed [LW-1:0] BIAS_MIN = -28'sd2097152;       // -16.0
  localparam logic signed [LW-1:0] BIAS_MAX = 28'sd2096640;        // +15.996 (4095 << 9)
  localparam logic [EW-1:0] E_NONE = 11'h400;                      // -1024: no term
  localparam int BW = 23;                  // the clamped bias sum (units of 2^-17, with + 1/2)

  // ---------------------------------------------------------------- valid pipeline
  logic [LATENCY-1:0] vq;
  always @(posedge clk) vq <= rst ? '0 : {vq[LATENCY-2:0], in_valid};
  // Every stage register below loads only while an item is at the input or in flight
  // (clock enable: the pipeline holds when idle, which saves power and simulation time).
  wire act = in_valid | (|vq);
  assign out_valid = vq[LATENCY-1];

  // ---------------------------------------------------------------- s1 .. s4 derivatives
  // Slot k = 3*screen + axis. s1: the 24-bit significand M (0 for zero, NaN and inactive
  // axes; 2^23 for inf = 2^128 and for a subnormal = 2^-126), the exponent of its last bit,
  // its top 18 bits, whether a dropped bit is set and whether rounding up carries out of 18
  // bits (all ones plus a dropped bit); s2: rounded up to 18 bits (the exponent adder runs
  // beside the incrementer); s3, s4: wait for the sizes.
  for (genvar k = 0; k < 6; k = k + 1) begin : g_d
    localparam int AX = k % 3;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [31:0] din = (k == 0) ? dsdx : (k == 1) ? dtdx : (k == 2) ? drdx :
                      (k == 3) ? dsdy : (k == 4) ? dtdy : drdy;   // the sign does not matter
    /* verilator lint_on UNUSEDSIGNAL */
    logic [17:0]   m1_q;                   // the top 18 of the 24 bits
    logic [EW-1:0] e1_q, e2_q, e4;
    logic [17:0]   m2_q, m3;
    logic          st1_q, cy1_q, mz3_q, mz4_q;
    always @(posedge clk) if (act) begin : s1
      logic [23:0]   m;
      logic [EW-1:0] e;
      logic          st;
      m = 24'd0;
      e = '0;
      if (din[30:23] == 8'd0) begin
        if (din[22:0] != 23'd0) begin
          m = 24'h80_0000;
          e = -11'sd149;                     // 2^23 * 2^-149 = 2^-126
        end
      end else if (din[30:23] == 8'hFF) begin
        if (din[22:0] == 23'd0) begin
          m = 24'h80_0000;
          e = 11'sd105;                      // 2^23 * 2^105 = 2^128
        end
      end else begin
        m = {1'b1, din[22:0]};
        e = {3'd0, din[30:23]} - 11'sd150;
      end
      if ({30'd0, dims} <= AX) m = 24'd0;   // inactive axis
      st = m[5:0] != 6'd0;
      m1_q <= m[23:6];
      e1_q <= e;
      st1_q <= st;
      cy1_q <= (&m[23:6]) && st;
    end
    always @(posedge clk) if (act) begin : s2
      m2_q <= cy1_q ? 18'h2_0000 : m1_q + {17'd0, st1_q};
      e2_q <= e1_q + (cy1_q ? 11'sd7 : 11'sd6);
    end
    always @(posedge clk) if (act) begin mz3_q <= m2_q == 18'd0; mz4_q <= mz3_q; end
    // m3 is the multiplier's A operand: its s4 register is the multiplier's input register
    texcore_lod_dly #(.W(18), .D(1)) u_m (.clk(clk), .ce(act), .d(m2_q), .q(m3));
    texcore_lod_dly #(.W(EW), .D(2)) u_e (.clk(clk), .ce(act), .d(e2_q), .q(e4));
  end

  // ---------------------------------------------------------------- s1 .. s4 sizes
  // size0 = m1 + 1 (1 .. 65536) normalized to n (bit 16 set) with z leading zeros (of 17);
  // the base-level size is n with its bits below k = z + base cleared, times 2^-k (k >= 17:
  // size 1 = 2^16 * 2^-16). s1 size0, s2 z, s3 n and k, s4 the cleared bits (in g_p: one
  // register per multiplier).
  for (genvar a = 0; a < 3; a = a + 1) begin : g_s
    wire [15:0] szm1 = (a == 0) ? w_m1 : (a == 1) ? h_m1 : d_m1;
    logic [16:0] v1_q, v2_q, n3_q;
    logic [4:0]  b1_q, z2_q, b2_q, k4_q;
    logic [5:0]  k3_q;
    always @(posedge clk) if (act) begin : s1
      v1_q <= {1'b0, szm1} + 17'd1;
      b1_q <= base_level;
    end
    always @(posedge clk) if (act) begin : s2
      logic [4:0] z;
      z = 5'd16;
      for (int i = 0; i < 17; i = i + 1) if (v1_q[i]) z = 5'(16 - i);
      z2_q <= z;
      v2_q <= v1_q;
      b2_q <= b1_q;
    end
    always @(posedge clk) if (act) begin : s3
      n3_q <= v2_q << z2_q;
      k3_q <= {1'b0, z2_q} + {1'b0, b2_q};
    end
    always @(posedge clk) if (act) begin : s4
      k4_q <= (k3_q >= 6'd17) ? 5'd16 : k3_q[4:0];
    end
  end

  // ---------------------------------------------------------------- s5 .. s7 texel derivatives
  // s4 the base-level size for this product (0 for a zero derivative, whose product is 0
  // either way: so no two multipliers share an input register), s5 the product, s6 its top
  // 18 bits and whether the rest is non-zero (p in [2^33, 2^35)), s7 rounded up.
  for (genvar k = 0; k < 6; k = k + 1) begin : g_p
    localparam int AX = k % 3;
    logic [16:0]   n4;
    logic [34:0]   p5_q;
    logic [EW-1:0] e5_q, e6_q, e7_q;
    logic [17:0]   t6_q, m7_q;
    logic [EW-1:0] e6p_q;
    logic          st6_q, cy6_q, z5_q, z6_q, z7_q;
    always @* begin : s4
      if (g_d[k].mz3_q) n4 = 17'd0;
      else if (g_s[AX].k3_q >= 6'd17) n4 = 17'h1_0000;
      else n4 = g_s[AX].n3_q & (17'h1_FFFF << g_s[AX].k3_q[4:0]);
    end
    // s4 operand registers, s5 product register (MULT18X18D)
    texcore_lod_mul #(.BW(17)) u_mul (.clk(clk), .ce(act), .a_d(g_d[k].m3), .b_d(n4), .p_q(p5_q));
    always @(posedge clk) if (act) begin : s5
      e5_q <= g_d[k].e4 - {{(EW-5){1'b0}}, g_s[AX].k4_q};
      z5_q <= g_d[k].mz4_q;
    end
    always @(posedge clk) if (act) begin : s6
      logic st;
      st = p5_q[34] ? (p5_q[16:0] != 17'd0) : (p5_q[15:0] != 16'd0);
      t6_q <= p5_q[34] ? p5_q[34:17] : p5_q[33:16];
      st6_q <= st;
      cy6_q <= (p5_q[34] ? &p5_q[34:17] : &p5_q[33:16]) && st;   // the increment carries out
      e6_q <= e5_q + (p5_q[34] ? 11'sd17 : 11'sd16);
      e6p_q <= e5_q + (p5_q[34] ? 11'sd18 : 11'sd17);
      z6_q <= z5_q;
    end
    always @(posedge clk) if (act) begin : s7
      m7_q <= cy6_q ? 18'h2_0000 : t6_q + {17'd0, st6_q};
      e7_q <= cy6_q ? e6p_q : e6_q;
      z7_q <= z6_q;
    end
  end

  // ---------------------------------------------------------------- s8 .. s17 rho^2
  // Per screen axis: the three texel derivatives aligned to the largest exponent x among
  // the non-zero ones (s8 the pairwise exponent differences, s9 which is largest, each
  // difference saturated at 18 and each significand's trailing zeros, s10 x and the three
  // distances, s11 m >> d and whether a dropped bit is set (d > trailing zeros), s12
  // rounded up: a term 18 or more binades below is 1), squared exactly (s13, MULT18X18D),
  // summed exactly (s14, s15) and rounded up to 18 bits (s16 the top 18 bits and the rest,
  // s17 the increment): rho^2 = S * 2^(2x).
  for (genvar sd = 0; sd < 2; sd = sd + 1) begin : g_r
    logic [53:0]     m8_q, m9_q, m10_q;      // the three significands
    logic [3*EW-1:0] e8_q, e9_q;             // their exponents (E_NONE for zero)
    logic [6*EW+5:0] d8_q;                   // e0-e1, e1-e0, e0-e2, e2-e0, e1-e2, e2-e1 (EW + 1 bits)
    logic [29:0]     s9_q;                   // the same, saturated at 18 (negative: 18)
    logic [2:0]      g9_q;                   // e0 >= e1, e0 >= e2, e1 >= e2
    logic [14:0]     tz9_q, tz10_q;          // trailing zeros of each significand (0: 31)
    logic [14:0]     d10_q;                  // distances below x (saturated at 18)
    logic [2:0]      v8_q, v9_q, v10_q, v11_q; // non-zero terms
    logic [EW-1:0]   x10_q;
    always @(posedge clk) if (act) begin : s8
      logic [EW-1:0] e0, e1, e2;
      e0 = g_p[3*sd].z7_q   ? E_NONE : g_p[3*sd].e7_q;
      e1 = g_p[3*sd+1].z7_q ? E_NONE : g_p[3*sd+1].e7_q;
      e2 = g_p[3*sd+2].z7_q ? E_NONE : g_p[3*sd+2].e7_q;
      d8_q <= {{e2[EW-1], e2} - {e1[EW-1], e1}, {e1[EW-1], e1} - {e2[EW-1], e2},
               {e2[EW-1], e2} - {e0[EW-1], e0}, {e0[EW-1], e0} - {e2[EW-1], e2},
               {e1[EW-1], e1} - {e0[EW-1], e0}, {e0[EW-1], e0} - {e1[EW-1], e1}};
      e8_q <= {e2, e1, e0};
      m8_q <= {g_p[3*sd+2].m7_q, g_p[3*sd+1].m7_q, g_p[3*sd].m7_q};
      v8_q <= {!g_p[3*sd+2].z7_q, !g_p[3*sd+1].z7_q, !g_p[3*sd].z7_q};
    end
    always @(posedge clk) if (act) begin : s9
      logic [4:0] z;
      for (int i = 0; i < 6; i = i + 1)
        s9_q[5*i +: 5] <= (d8_q[(EW+1)*i+5 +: EW-4] != '0 || d8_q[(EW+1)*i +: 5] >= 5'd18) ? 5'd18
                          : d8_q[(EW+1)*i +: 5];
      g9_q <= {!d8_q[5*EW+4], !d8_q[3*EW+2], !d8_q[EW]};  // signs of e1-e2, e0-e2, e0-e1
      for (int t = 0; t < 3; t = t + 1) begin
        z = 5'd31;
        for (int i = 17; i >= 0; i = i - 1) if (m8_q[18*t + i]) z = 5'(i);
        tz9_q[5*t +: 5] <= z;
      end
      e9_q <= e8_q;
      m9_q <= m8_q;
      v9_q <= v8_q;
    end
    always @(posedge clk) if (act) begin : s10
      logic [4:0] a01, a10, a02, a20, a12, a21;
      {a21, a12, a20, a02, a10, a01} = s9_q;
      if (g9_q[0] && g9_q[1]) begin x10_q <= e9_q[0 +: EW]; d10_q <= {a02, a01, 5'd0}; end
      else if (!g9_q[0] && g9_q[2]) begin x10_q <= e9_q[EW +: EW]; d10_q <= {a12, 5'd0, a10}; end
      else begin x10_q <= e9_q[2*EW +: EW]; d10_q <= {5'd0, a21, a20}; end
      m10_q <= m9_q;
      tz10_q <= tz9_q;
      v10_q <= v9_q;
    end
    for (genvar t = 0; t < 3; t = t + 1) begin : g_a
      logic [17:0] q11_q;
      logic        st11_q;
      logic [35:0] q13_q;
      always @(posedge clk) if (act) begin : s11
        logic [17:0] m;
        logic [4:0]  d;
        m = m10_q[18*t +: 18];
        d = d10_q[5*t +: 5];
        q11_q <= v10_q[t] ? m >> d : 18'd0;
        st11_q <= v10_q[t] && d > tz10_q[5*t +: 5];
      end
      // s12 the rounded-up value in the operand registers, s13 its square (MULT18X18D)
      wire [17:0] a12 = q11_q + {17'd0, st11_q};
      texcore_lod_mul u_sq (.clk(clk), .ce(act), .a_d(a12), .b_d(a12), .p_q(q13_q));
    end
    always @(posedge clk) if (act) v11_q <= v10_q;
    /* verilator lint_off UNUSEDSIGNAL */
    logic [EW-1:0] x15;                      // (the top bit shifts out of 2x)
    /* verilator lint_on UNUSEDSIGNAL */
    logic          z16;
    texcore_lod_dly #(.W(EW), .D(5)) u_x (.clk(clk), .ce(act), .d(x10_q), .q(x15));          // for s16
    texcore_lod_dly #(.W(1), .D(5)) u_z (.clk(clk), .ce(act), .d(v11_q == 3'd0), .q(z16));  // for s17
    logic [36:0]   s14_q;
    logic [35:0]   q14_q;
    logic [37:0]   s15_q;
    logic [17:0]   t16_q, m17_q;
    logic          st16_q, cy16_q, z17_q;
    logic [EW-1:0] e16_q, e16p_q, e17_q;
    always @(posedge clk) if (act) begin : s14
      s14_q <= {1'b0, g_a[0].q13_q} + {1'b0, g_a[1].q13_q};
      q14_q <= g_a[2].q13_q;
    end
    always @(posedge clk) if (act) begin : s15
      s15_q <= {1'b0, s14_q} + {2'd0, q14_q};
    end
    // s16: the sum is in [2^34, 3 * 2^36): its top 18 bits, whether the rest is non-zero
    // and whether rounding up carries out of 18 bits; the exponent of its last bit, 2x + 17
    // .. 20, and that + 1.
    always @(posedge clk) if (act) begin : s16
      logic [4:0] sh;
      logic       st, ones;
      if (s15_q[37]) begin
        t16_q <= s15_q[37:20]; st = s15_q[19:0] != 20'd0; ones = &s15_q[37:20]; sh = 5'd20;
      end else if (s15_q[36]) begin
        t16_q <= s15_q[36:19]; st = s15_q[18:0] != 19'd0; ones = &s15_q[36:19]; sh = 5'd19;
      end else if (s15_q[35]) begin
        t16_q <= s15_q[35:18]; st = s15_q[17:0] != 18'd0; ones = &s15_q[35:18]; sh = 5'd18;
      end else begin
        t16_q <= s15_q[34:17]; st = s15_q[16:0] != 17'd0; ones = &s15_q[34:17]; sh = 5'd17;
      end
      st16_q <= st;
      cy16_q <= ones && st;
      e16_q <= {x15[EW-2:0], 1'b0} + {{(EW-5){1'b0}}, sh};
      e16p_q <= {x15[EW-2:0], 1'b0} + {{(EW-5){1'b0}}, sh + 5'd1};
    end
    // s17: rounded up (a carry out of 18 bits moves the exponent).
    always @(posedge clk) if (act) begin : s17
      m17_q <= cy16_q ? 18'h2_0000 : t16_q + {17'd0, st16_q};
      e17_q <= cy16_q ? e16p_q : e16_q;
      z17_q <= z16;
    end
  end

  // ---------------------------------------------------------------- s18 .. s19 major axis
  // rho_x^2 >= rho_y^2 (zero is the smallest): x is the major axis (s18 the compare, s19
  // the selection).
  logic          lt18_q;
  logic [17:0]   mx18_q [0:1];
  logic [EW-1:0] ex18_q [0:1];
  logic [1:0]    zz18_q;
  logic [17:0]   mmax19_q, mmin19_q;
  logic [EW-1:0] emax19_q, emin19_q;
  logic [1:0]    z19_q;                      // [0] rho_max^2 = 0, [1] rho_min^2 = 0
  logic          mx19_q;
  always @(posedge clk) if (act) begin : s18
    logic lt;
    // rho_x^2 < rho_y^2
    if (g_r[0].z17_q) lt = !g_r[1].z17_q;
    else if (g_r[1].z17_q) lt = 1'b0;
    else if (g_r[0].e17_q != g_r[1].e17_q) lt = $signed(g_r[0].e17_q) < $signed(g_r[1].e17_q);
    else lt = g_r[0].m17_q < g_r[1].m17_q;
    lt18_q <= lt;
    mx18_q[0] <= g_r[0].m17_q;
    mx18_q[1] <= g_r[1].m17_q;
    ex18_q[0] <= g_r[0].e17_q;
    ex18_q[1] <= g_r[1].e17_q;
    zz18_q <= {g_r[1].z17_q, g_r[0].z17_q};
  end
  always @(posedge clk) if (act) begin : s19
    mmax19_q <= lt18_q ? mx18_q[1] : mx18_q[0];
    emax19_q <= lt18_q ? ex18_q[1] : ex18_q[0];
    mmin19_q <= lt18_q ? mx18_q[0] : mx18_q[1];
    emin19_q <= lt18_q ? ex18_q[0] : ex18_q[1];
    z19_q <= lt18_q ? {zz18_q[0], zz18_q[1]} : zz18_q;
    mx19_q <= !lt18_q;
  end

  // ---------------------------------------------------------------- s20 .. s25 log2
  // L = (e + 17) * 2^16 + T[j] + LOD_LOG2_BIAS + (D[j] * r >> 11) with j, r the top 6 and
  // low 11 of the 17 fraction bits. D[j] * r is the sum of r's partial products: s21 six
  // pairs (r_2i + 2 r_2i+1) * D, s22 three sums, s23 two, s24 the product; s25 adds it to
  // T[j] + LOD_LOG2_BIAS (s21) and the exponent.
  for (genvar i = 0; i < 2; i = i + 1) begin : g_l
    /* verilator lint_off UNUSEDSIGNAL */
    wire [17:0]    m19 = (i == 0) ? mmax19_q : mmin19_q;    // (bit 17 is the leading 1)
    /* verilator lint_on UNUSEDSIGNAL */
    wire [EW-1:0]  e19 = (i == 0) ? emax19_q : emin19_q;
    logic [16:0]   t20_q;
    logic [10:0]   d20_q, r20_q;
    logic [EW-1:0] x20_q;
    logic [17:0]   t21_q;                    // T + bias
    logic [77:0]   p21_q;                    // six 13-bit pair sums
    /* verilator lint_off UNUSEDSIGNAL */
    logic [50:0]   p22_q;                    // three 17-bit sums (the third < 2^14)
    /* verilator lint_on UNUSEDSIGNAL */
    logic [20:0]   p23_q;
    logic [13:0]   q23_q;                    // (r8 + 2 r9 + 4 r10) * D < 2^14
    /* verilator lint_off UNUSEDSIGNAL */
    logic [21:0]   p24_q;                    // D * r (its low 11 bits are dropped)
    /* verilator lint_on UNUSEDSIGNAL */
    logic signed [LW-1:0] l25_q;
    always @(posedge clk) if (act) begin : s20
      logic [5:0] j;
      j = m19[16:11];
      t20_q <= LOD_LOG2_T[LOD_LOG2_T_ENTRY_W * j +: LOD_LOG2_T_ENTRY_W];
      d20_q <= LOD_LOG2_D[LOD_LOG2_D_ENTRY_W * j +: LOD_LOG2_D_ENTRY_W];
      r20_q <= m19[10:0];
      x20_q <= e19 + 11'sd17;
    end
    always @(posedge clk) if (act) begin : s21
      for (int b = 0; b < 6; b = b + 1)
        p21_q[13*b +: 13] <= (r20_q[2*b] ? {2'd0, d20_q} : 13'd0)
                           + ((b < 5 && r20_q[(2*b+1) % 11]) ? {1'b0, d20_q, 1'b0} : 13'd0);
      t21_q <= {1'b0, t20_q} + 18'(LOD_LOG2_BIAS);
    end
    always @(posedge clk) if (act) begin : s22
      for (int b = 0; b < 3; b = b + 1)
        p22_q[17*b +: 17] <= {4'd0, p21_q[26*b +: 13]} + {2'd0, p21_q[26*b+13 +: 13], 2'd0};
    end
    always @(posedge clk) if (act) begin : s23
      p23_q <= {4'd0, p22_q[0 +: 17]} + {p22_q[17 +: 17], 4'd0};
      q23_q <= p22_q[34 +: 14];
    end
    always @(posedge clk) if (act) begin : s24
      p24_q <= {1'b0, p23_q} + {q23_q, 8'd0};
    end
    logic [17:0]   t24;
    logic [EW-1:0] x24, x24p;
    logic [EW-1:0] x21_q;                    // e + 18, for a carry out of f
    always @(posedge clk) if (act) x21_q <= x20_q + 11'sd1;
    texcore_lod_dly #(.W(18), .D(3)) u_t (.clk(clk), .ce(act), .d(t21_q), .q(t24));   // for s25
    texcore_lod_dly #(.W(EW), .D(4)) u_x (.clk(clk), .ce(act), .d(x20_q), .q(x24));   // for s25
    texcore_lod_dly #(.W(EW), .D(3)) u_xp (.clk(clk), .ce(act), .d(x21_q), .q(x24p)); // for s25
    always @(posedge clk) if (act) begin : s25
      /* verilator lint_off UNUSEDSIGNAL */
      logic [17:0]   f;                      // (< 2^17)
      /* verilator lint_on UNUSEDSIGNAL */
      logic [EW-1:0] x;
      f = t24 + {7'd0, p24_q[21:11]};
      x = f[16] ? x24p : x24;
      l25_q <= $signed({x[EW-1], x, f[15:0]});
    end
  end
  logic [1:0] z25;
  logic       mx25;
  texcore_lod_dly #(.W(3), .D(6)) u_zl (.clk(clk), .ce(act), .d({z19_q, mx19_q}), .q({z25, mx25})); // for s26

  // ---------------------------------------------------------------- lod, bias (c1 .. c9)
  // Beside s1 .. s9, one shifter converts lod: S8.8 (RNE, saturated; explicit LOD) or S9.17
  // (RNE, saturated at +-256; shader bias). value * 2^F = M * 2^(ex - 150 + F) with M =
  // 1.fraction: the integer part is (2M) >> t for t = 151 - F - ex in 0 .. 25 (ex >= 142 /
  // 135 saturates, ex below 118 / 109 rounds to 0). c2 t, the cases and the trailing zeros
  // of 2M, c3 the shift, the round bit and the sticky bit (t > trailing zeros), c4 the
  // rounding increment, c5 the negation and the range tests, c6 the selections (explicit
  // lambda S8.8, shader bias S9.17), c7 the bias sum with lod_bias << 9 plus 1/2 (the
  // lambda' rounding constant, in the sum's bit 8), c8 its compares with the limits, c9 its
  // clamp to -16 .. +15.996 (+ 1/2).
  logic [31:0] lod1_q;
  logic [1:0]  mode1_q;
  logic [4:0]  t2_q, tz2_q;
  logic [23:0] m2_q;
  logic        sat2_q, zero2_q, neg2_q, expl2_q;
  logic [24:0] q3_q;
  logic        rb3_q, st3_q, sat3_q, zero3_q;
  logic [25:0] c4_q, c5_q;
  logic        sat4_q, sat5_q, povf5_q, novf5_q;
  logic signed [LW-1:0] n5_q, sh6_q, bs7_q, bs8_q;
  logic [15:0] src6_q;
  logic        lo8_q, hi8_q;
  logic [BW-1:0] bs9_q;
  always @(posedge clk) if (act) begin : c1
    lod1_q <= lod;
    mode1_q <= lod_mode;
  end
  always @(posedge clk) if (act) begin : c2
    logic        expl;
    logic [7:0]  ex;
    logic [4:0]  z;
    ex = lod1_q[30:23];
    expl = mode1_q == texcore_vectors_pkg::LOD_MODE_EXPLICIT;
    sat2_q <= (ex == 8'hFF) ? (lod1_q[22:0] == 23'd0) : expl ? (ex >= 8'd142) : (ex >= 8'd135);
    zero2_q <= (ex == 8'hFF) ? (lod1_q[22:0] != 23'd0) : expl ? (ex < 8'd118) : (ex < 8'd109);
    t2_q <= 5'((expl ? 8'd143 : 8'd134) - ex);
    m2_q <= {1'b1, lod1_q[22:0]};
    // trailing zeros of y = {1, fraction, 00}: 2 + those of the fraction, 25 for 0
    z = 5'd25;
    for (int i = 22; i >= 0; i = i - 1) if (lod1_q[i]) z = 5'(i + 2);
    tz2_q <= z;
    neg2_q <= lod1_q[31];
    expl2_q <= expl;
  end
  always @(posedge clk) if (act) begin : c3
    logic [25:0] y;
    y = {m2_q, 2'b00};                     // 2M with one bit below
    q3_q <= y[25:1] >> t2_q;
    rb3_q <= (t2_q != 5'd0) && y[t2_q];
    st3_q <= t2_q > tz2_q;                 // a bit of y below bit t is set
    sat3_q <= sat2_q;
    zero3_q <= zero2_q;
  end
  always @(posedge clk) if (act) begin : c4
    c4_q <= zero3_q ? 26'd0 : {1'b0, q3_q} + {25'd0, rb3_q && (st3_q || q3_q[0])};
    sat4_q <= sat3_q && !zero3_q;
  end
  always @(posedge clk) if (act) begin : c5
    n5_q <= -$signed({2'd0, c4_q});
    povf5_q <= c4_q[25:15] != 11'd0;                        // S8.8 > 32767
    novf5_q <= c4_q[25:16] != 10'd0 || (c4_q[15] && c4_q[14:0] != 15'd0);  // < -32768
    c5_q <= c4_q;
    sat5_q <= sat4_q;
  end
  logic        neg5, expl5;
  logic [1:0]  mode5, mode28, mode29;
  logic [15:0] bias6;
  texcore_lod_dly #(.W(2), .D(3)) u_ne (.clk(clk), .ce(act), .d({neg2_q, expl2_q}), .q({neg5, expl5}));
  texcore_lod_dly #(.W(2), .D(4)) u_mo (.clk(clk), .ce(act), .d(mode1_q), .q(mode5));
  texcore_lod_dly #(.W(16), .D(6)) u_bi (.clk(clk), .ce(act), .d(lod_bias), .q(bias6));
  always @(posedge clk) if (act) begin : c6
    // S8.8 for the explicit LOD: saturated to -32768 .. 32767 (0 outside LOD_MODE_EXPLICIT).
    if (!expl5) src6_q <= 16'd0;
    else if (sat5_q) src6_q <= neg5 ? 16'h8000 : 16'h7FFF;
    else if (!neg5) src6_q <= povf5_q ? 16'h7FFF : c5_q[15:0];
    else src6_q <= novf5_q ? 16'h8000 : n5_q[15:0];
    // S9.17 for the shader bias: saturated to +-2^25; 0 outside LOD_MODE_DERIV.
    if (mode5 != texcore_vectors_pkg::LOD_MODE_DERIV) sh6_q <= '0;
    else if (sat5_q) sh6_q <= neg5 ? -28'sd33554432 : 28'sd33554432;
    else sh6_q <= neg5 ? n5_q : $signed({2'd0, c5_q});
  end
  always @(posedge clk) if (act) begin : c7
    bs7_q <= $signed({{(LW-25){bias6[15]}}, bias6, 9'h100}) + sh6_q;
  end
  always @(posedge clk) if (act) begin : c8
    lo8_q <= bs7_q < BIAS_MIN + 28'sd256;
    hi8_q <= bs7_q > BIAS_MAX + 28'sd256;
    bs8_q <= bs7_q;
  end
  always @(posedge clk) if (act) begin : c9
    /* verilator lint_off UNUSEDSIGNAL */
    logic signed [LW-1:0] b;                                // (within BW bits)
    /* verilator lint_on UNUSEDSIGNAL */
    b = lo8_q ? BIAS_MIN + 28'sd256 : hi8_q ? BIAS_MAX + 28'sd256 : bs8_q;
    bs9_q <= b[BW-1:0];
  end

  // ---------------------------------------------------------------- waiting fields
  // texcore_lod_dly's q is d delayed D clocks: a field registered at stage s reads as a
  // stage-(s + D) register, i.e. it is used by the block that writes stage s + D + 1; a
  // port is stage 0. The limits' own compares (max_lod < min_lod, each limit 0 or above the
  // last level) are made at s1 and wait beside them.
  logic [2:0]  an1_q, an25, an27;
  logic [3:0]  am28_q;                     // an >= 1, >= 2, >= 3, = 4
  always @(posedge clk) if (act) an1_q <= (aniso > 3'd4) ? 3'd4 : aniso;
  texcore_lod_dly #(.W(3), .D(24)) u_an25 (.clk(clk), .ce(act), .d(an1_q), .q(an25));   // for s26
  texcore_lod_dly #(.W(3), .D(2)) u_an27 (.clk(clk), .ce(act), .d(an25), .q(an27));     // for s28
  always @(posedge clk) if (act) am28_q <= {an27[2], an27[2] | (an27[1] & an27[0]), an27[2] | an27[1], an27 != 3'd0};
  logic [15:0] src29;
  logic [BW-1:0] bs29;
  texcore_lod_dly #(.W(16), .D(23)) u_src (.clk(clk), .ce(act), .d(src6_q), .q(src29)); // for s30
  texcore_lod_dly #(.W(BW), .D(20)) u_bs (.clk(clk), .ce(act), .d(bs9_q), .q(bs29));    // for s30
  texcore_lod_dly #(.W(2), .D(27)) u_mo28 (.clk(clk), .ce(act), .d(mode1_q), .q(mode28)); // for s29
  texcore_lod_dly #(.W(2), .D(1)) u_mo29 (.clk(clk), .ce(act), .d(mode28), .q(mode29));   // for s30
  logic [15:0] min31, max31;
  logic [4:0]  lvq31;
  logic [1:0]  mip33;
  logic        mm1_q, min0_1_q, max0_1_q, ming1_q, maxg1_q, mm32, min0_32, max0_32, ming32, maxg32;
  always @(posedge clk) if (act) begin : s1_limits
    mm1_q <= max_lod < min_lod;
    min0_1_q <= min_lod == 16'd0;
    max0_1_q <= max_lod == 16'd0;
    ming1_q <= min_lod > {3'd0, levels_m1, 8'd0};
    maxg1_q <= max_lod > {3'd0, levels_m1, 8'd0};
  end
  texcore_lod_dly #(.W(16), .D(31)) u_max (.clk(clk), .ce(act), .d(max_lod), .q(max31)); // for s32
  texcore_lod_dly #(.W(16), .D(31)) u_min (.clk(clk), .ce(act), .d(min_lod), .q(min31)); // for s32
  texcore_lod_dly #(.W(5), .D(31)) u_lvq (.clk(clk), .ce(act), .d(levels_m1), .q(lvq31)); // for s32
  texcore_lod_dly #(.W(5), .D(31)) u_lim (.clk(clk), .ce(act), .d({mm1_q, min0_1_q, max0_1_q, ming1_q, maxg1_q}),
                                          .q({mm32, min0_32, max0_32, ming32, maxg32}));  // for s33
  texcore_lod_dly #(.W(2), .D(33)) u_mip (.clk(clk), .ce(act), .d(mip), .q(mip33));      // for s34

  // ---------------------------------------------------------------- s26 .. s29 anisotropy
  logic signed [LW-1:0] lmax26_q, diff26_q, lmax27_q, f28_q, fine29_q;
  logic [19:0]          a2_26_q, eta27_q;
  logic [1:0]           z26_q;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [1:0]           z27_q;                             // (only rho_max = 0 is read)
  /* verilator lint_on UNUSEDSIGNAL */
  logic [15:0]          r27_q, ratio28_q, ratio33;
  logic [1:0]           rc27_q;                            // ratio: [0] 0, [1] -32768
  logic [14:0]          cmp28_q, cm29_q;
  logic                 z28_q, mx33;
  always @(posedge clk) if (act) begin : s26
    lmax26_q <= g_l[0].l25_q;
    diff26_q <= g_l[0].l25_q - g_l[1].l25_q;               // >= 0 when both are non-zero
    a2_26_q <= {an25, 17'd0};                               // 2 log2 A << 16
    z26_q <= z25;
  end
  always @(posedge clk) if (act) begin : s27
    /* verilator lint_off UNUSEDSIGNAL */
    logic signed [LW-1:0] r;                                // (read where within 16 bits)
    /* verilator lint_on UNUSEDSIGNAL */
    // diff >= 0 here (unless a rho is 0); a2 = an << 17 with an <= 4: diff >= a2 is a test
    // of diff's bits 27 .. 17, and r < -32768 (diff > 2^20 + 16) one of bits 27 .. 20.
    if (z26_q[0]) eta27_q <= 20'd0;                         // rho = 0: eta = 1
    else if (z26_q[1] || diff26_q[27:20] != 8'd0 || diff26_q[19:17] >= a2_26_q[19:17]) eta27_q <= a2_26_q;
    else eta27_q <= diff26_q[19:0];
    r = (28'sd16 - diff26_q) >>> 5;
    r27_q <= r[15:0];
    rc27_q <= {!z26_q[0] && (z26_q[1] || diff26_q[27:21] != 7'd0 || (diff26_q[20] && diff26_q[19:0] > 20'd16)),
               z26_q[0]};
    lmax27_q <= lmax26_q;
    z27_q <= z26_q;
  end
  always @(posedge clk) if (act) begin : s28
    f28_q <= lmax27_q - $signed({8'd0, eta27_q});
    for (int k = 1; k < 16; k = k + 1)
      cmp28_q[k-1] <= eta27_q > LOD_N_T[LOD_N_T_ENTRY_W * (k-1) +: LOD_N_T_ENTRY_W];
    z28_q <= z27_q[0];
    ratio28_q <= rc27_q[0] ? 16'd0 : rc27_q[1] ? 16'h8000 : r27_q;
  end
  always @(posedge clk) if (act) begin : s29
    // f < -2^24: bits 27 .. 24 in 1000 .. 1110; f > 2^24 - 2^9: bits 27 .. 24 in 0001 ..
    // 0111, or bits 23 .. 9 all ones and 8 .. 0 not all zeros.
    if (z28_q || (f28_q[27] && f28_q[26:24] != 3'b111)) fine29_q <= FINE_MIN;
    else if (!f28_q[27] && (f28_q[26:24] != 3'd0 || (&f28_q[23:9] && f28_q[8:0] != 9'd0)))
      fine29_q <= FINE_MAX;
    else fine29_q <= f28_q;
    // The thresholds below A that log2 eta^2 exceeds (none without derivatives or rho).
    // k < A = 2^an (an <= 4): an >= 1 for k = 1, >= 2 for 2 .. 3, >= 3 for 4 .. 7, 4 for 8 ..
    for (int k = 1; k < 16; k = k + 1)
      cm29_q[k-1] <= cmp28_q[k-1] && am28_q[(k >= 8) ? 3 : (k >= 4) ? 2 : (k >= 2) ? 1 : 0] && !z28_q
                     && mode28 == texcore_vectors_pkg::LOD_MODE_DERIV;
  end
  texcore_lod_dly #(.W(16), .D(5)) u_rat (.clk(clk), .ce(act), .d(ratio28_q), .q(ratio33)); // for s34
  texcore_lod_dly #(.W(1), .D(8)) u_mx (.clk(clk), .ce(act), .d(mx25), .q(mx33));           // for s34
  logic signed [LW-1:0] lmax33;
  texcore_lod_dly #(.W(LW), .D(6)) u_lm (.clk(clk), .ce(act), .d(lmax27_q), .q(lmax33));    // for s34

  // ---------------------------------------------------------------- s30 .. s34 lambda, levels
  logic signed [LW-1:0] v30_q;
  logic [15:0] lb30_q, pr31_q, pr32_q, min32_q, max32_q, lam33_q, lb33, pr33;
  logic [4:0]  smp30_q, smp33, lvq32_q;
  logic        ltmax32_q, ltmin32_q, le0_32_q, gq32_q, mag33_q;
  logic [12:0] dp33_q;
  always @(posedge clk) if (act) begin : s30
    logic signed [LW-1:0] sel;
    logic [4:0] n;
    /* verilator lint_off UNUSEDSIGNAL */
    logic signed [LW-1:0] r;                                // (within 16 bits)
    /* verilator lint_on UNUSEDSIGNAL */
    sel = (mode29 == texcore_vectors_pkg::LOD_MODE_DERIV) ? fine29_q
          : $signed({{(LW-25){src29[15]}}, src29, 9'd0});
    r = (sel + 28'sd256) >>> 9;
    lb30_q <= r[15:0];                                      // within -32768 .. 32767
    v30_q <= sel + $signed({{(LW-BW){bs29[BW-1]}}, bs29});  // the bias sum includes the + 1/2
    // The thresholds increase: the compares are a thermometer code, N = 2 + its last one.
    n = 5'd1;
    for (int k = 0; k < 15; k = k + 1) if (cm29_q[k]) n = 5'(k + 2);
    smp30_q <= n;
  end
  always @(posedge clk) if (act) begin : s31
    /* verilator lint_off UNUSEDSIGNAL */
    logic signed [LW-1:0] v;
    /* verilator lint_on UNUSEDSIGNAL */
    v = v30_q >>> 9;                                        // within -2^18 .. 2^18
    if (v[27] && v[26:15] != 12'hFFF) pr31_q <= 16'h8000;
    else if (!v[27] && v[26:15] != 12'd0) pr31_q <= 16'h7FFF;
    else pr31_q <= v[15:0];
  end
  // s32: lambda' against max_lod, min_lod, 0 and the last level; s33: lambda =
  // max(min_lod, min(max_lod, lambda')) selected from those compares and the limits' own.
  always @(posedge clk) if (act) begin : s32
    ltmax32_q <= $signed({pr31_q[15], pr31_q}) < $signed({1'b0, max31});
    ltmin32_q <= $signed({pr31_q[15], pr31_q}) < $signed({1'b0, min31});
    le0_32_q <= pr31_q[15] || pr31_q == 16'd0;
    gq32_q <= $signed({pr31_q[15], pr31_q}) > $signed({4'd0, lvq31, 8'd0});
    pr32_q <= pr31_q;
    min32_q <= min31;
    max32_q <= max31;
    lvq32_q <= lvq31;
  end
  always @(posedge clk) if (act) begin : s33
    logic sel_pr, sel_min, le0, gq;
    logic [15:0] lam;
    sel_pr = ltmax32_q && !ltmin32_q;                       // min_lod <= lambda' < max_lod
    sel_min = ltmax32_q ? ltmin32_q : mm32;                 // D3D order: MinLOD wins
    lam = sel_pr ? pr32_q : sel_min ? min32_q : max32_q;
    le0 = sel_pr ? le0_32_q : sel_min ? min0_32 : max0_32;  // lambda <= 0
    gq = sel_pr ? gq32_q : sel_min ? ming32 : maxg32;       // lambda > levels - 1
    lam33_q <= lam;
    mag33_q <= le0;
    dp33_q <= le0 ? 13'd0 : gq ? {lvq32_q, 8'd0} : lam[12:0];
  end
  texcore_lod_dly #(.W(16), .D(3)) u_lb (.clk(clk), .ce(act), .d(lb30_q), .q(lb33));
  texcore_lod_dly #(.W(16), .D(2)) u_pr (.clk(clk), .ce(act), .d(pr31_q), .q(pr33));
  texcore_lod_dly #(.W(5), .D(3)) u_smp (.clk(clk), .ce(act), .d(smp30_q), .q(smp33));
  always @(posedge clk) if (act) begin : s34
    logic [4:0]  hi;
    /* verilator lint_off UNUSEDSIGNAL */
    logic [13:0] dn;
    /* verilator lint_on UNUSEDSIGNAL */
    dn = {1'b0, dp33_q} + 14'd127;
    hi = dp33_q[12:8];
    lambda_base <= lb33;
    lambda_prime <= pr33;
    lambda <= lam33_q;
    magnify <= mag33_q;
    samples <= smp33;
    major_x <= mx33;
    log2_ratio <= ratio33;
    log2_rho2_max <= lmax33;
    case (mip33)
      texcore_vectors_pkg::MIP_NONE: begin
        level <= 5'd0;
        level2 <= 5'd0;
        delta <= 8'd0;
        used_lod <= 16'd0;
      end
      texcore_vectors_pkg::MIP_NEAREST: begin
        level <= dn[12:8];
        level2 <= dn[12:8];
        delta <= 8'd0;
        used_lod <= {3'd0, dn[12:8], 8'd0};
      end
      default: begin
        // d' <= (levels - 1) << 8: a fraction means hi < levels - 1, so hi + 1 is a level
        level <= hi;
        level2 <= hi + {4'd0, dp33_q[7:0] != 8'd0};
        delta <= dp33_q[7:0];
        used_lod <= {3'd0, dp33_q};
      end
    endcase
  end
endmodule

// A register delay line: q is d delayed D clocks (D >= 1) of ce.
/* verilator lint_off DECLFILENAME */
module texcore_lod_dly #(
  parameter int W = 1,
  parameter int D = 1
) (
  input  logic         clk,
  input  logic         ce,             // clock enable (the unit's `act`)
  input  logic [W-1:0] d,
  output logic [W-1:0] q
);
  for (genvar i = 0; i < D; i = i + 1) begin : g_r
    logic [W-1:0] r;
    if (i == 0) begin : g_0
      always @(posedge clk) if (ce) r <= d;
    end else begin : g_n
      always @(posedge clk) if (ce) r <= g_r[i-1].r;
    end
  end
  assign q = g_r[D-1].r;
endmodule

// An unsigned 18 x BW multiplier (BW <= 18) with registered operands and a registered
// product: p_q = a_q * b_q, a_q and b_q being a_d and b_d one clock earlier (two clocks of ce
// from a_d / b_d to p_q). With TEXCORE_ECP5 defined (the ECP5 synthesis flow) it is one MULT18X18D
// whose input and output registers are these registers (REG_INPUTA/B, REG_OUTPUT on CLK0, no
// pipeline register), so no fabric path enters or leaves the multiplier array within a clock;
// otherwise the behavioural form below, which simulators run and other families map (the
// product of the same registered operands, registered: the same values every clock). BW = 17
// keeps an operand within a DSP48E1's 17 unsigned bits on Xilinx 7.
module texcore_lod_mul #(
  parameter int BW = 18
) (
  input  logic             clk,
  input  logic             ce,             // clock enable of the three registers
  input  logic [17:0]      a_d,            // operand A, registered inside
  input  logic [BW-1:0]    b_d,            // operand B, registered inside
  output logic [17+BW:0]   p_q             // the registered product of the registered operands
);
`ifdef TEXCORE_ECP5
  wire [17:0] b = 18'(b_d);
  wire [35:0] p;
  assign p_q = p[17+BW:0];
  MULT18X18D #(
    .REG_INPUTA_CLK("CLK0"), .REG_INPUTB_CLK("CLK0"), .REG_OUTPUT_CLK("CLK0"),
    .REG_PIPELINE_CLK("NONE"), .GSR("DISABLED"), .RESETMODE("SYNC")
  ) u_dsp (
    .A0(a_d[0]), .A1(a_d[1]), .A2(a_d[2]), .A3(a_d[3]), .A4(a_d[4]), .A5(a_d[5]),
    .A6(a_d[6]), .A7(a_d[7]), .A8(a_d[8]), .A9(a_d[9]), .A10(a_d[10]), .A11(a_d[11]),
    .A12(a_d[12]), .A13(a_d[13]), .A14(a_d[14]), .A15(a_d[15]), .A16(a_d[16]), .A17(a_d[17]),
    .B0(b[0]), .B1(b[1]), .B2(b[2]), .B3(b[3]), .B4(b[4]), .B5(b[5]),
    .B6(b[6]), .B7(b[7]), .B8(b[8]), .B9(b[9]), .B10(b[10]), .B11(b[11]),
    .B12(b[12]), .B13(b[13]), .B14(b[14]), .B15(b[15]), .B16(b[16]), .B17(b[17]),
    .C0(1'b0), .C1(1'b0), .C2(1'b0), .C3(1'b0), .C4(1'b0), .C5(1'b0), .C6(1'b0), .C7(1'b0),
    .C8(1'b0), .C9(1'b0), .C10(1'b0), .C11(1'b0), .C12(1'b0), .C13(1'b0), .C14(1'b0),
    .C15(1'b0), .C16(1'b0), .C17(1'b0),
    .SIGNEDA(1'b0), .SIGNEDB(1'b0), .SOURCEA(1'b0), .SOURCEB(1'b0),
    .CLK0(clk), .CLK1(1'b0), .CLK2(1'b0), .CLK3(1'b0),
    .CE0(ce), .CE1(1'b0), .CE2(1'b0), .CE3(1'b0),
    .RST0(1'b0), .RST1(1'b0), .RST2(1'b0), .RST3(1'b0),
    .P0(p[0]), .P1(p[1]), .P2(p[2]), .P3(p[3]), .P4(p[4]), .P5(p[5]),
    .P6(p[6]), .P7(p[7]), .P8(p[8]), .P9(p[9]), .P10(p[10]), .P11(p[11]),
    .P12(p[12]), .P13(p[13]), .P14(p[14]), .P15(p[15]), .P16(p[16]), .P17(p[17]),
    .P18(p[18]), .P19(p[19]), .P20(p[20]), .P21(p[21]), .P22(p[22]), .P23(p[23]),
    .P24(p[24]), .P25(p[25]), .P26(p[26]), .P27(p[27]), .P28(p[28]), .P29(p[29]),
    .P30(p[30]), .P31(p[31]), .P32(p[32]), .P33(p[33]), .P34(p[34]), .P35(p[35])
  );
`else
  logic [17:0]   a_q;
  logic [BW-1:0] b_q;
  always @(posedge clk) if (ce) begin
    a_q <= a_d;
    b_q <= b_d;
    p_q <= a_q * b_q;
  end
`endif
endmodule
/* verilator lint_on DECLFILENAME */
