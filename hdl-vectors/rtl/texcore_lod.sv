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
// Pipelined, one lane per clock, LATENCY = 31 register stages (outputs at s31), at most one
// carry chain per stage; rst clears only the valid pipeline. Stage by stage:
//   s1 decode (from the ports), size0 + 1 | s2 round derivatives up; sizes' leading zeros |
//   s3 size significands | s4 products | s5 texel derivatives (round up) | s6 exponent
//   compares | s7 largest exponent, distances | s8 align | s9 round up | s10 squares |
//   s11, s12 sum | s13 top bits | s14 rho^2 (round up) | s15 major axis | s16 log table |
//   s17 .. s20 partial products | s21 L | s22 L_max - L_min | s23 log2 eta^2, ratio | s24
//   lambda_fine, N thresholds | s25 clamp, N | s26 lambda source, lambda_base, lambda' sum |
//   s27 lambda' | s28 max_lod | s29 min_lod | s30 level clamp | s31 level selection (output
//   registers).
// lod and lod_bias are converted beside it (c1 .. c7: shift, round, saturate, bias sum,
// clamp); what only waits travels in register delay lines (texcore_lod_dly, end of file).
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
  output logic [15:0] log2_ratio           // S4.12
);
`include "texcore_lod_tables.svh"
  localparam int LATENCY = 31;
  localparam int EW = 11;                  // signed exponents (values within -300 .. 300)
  localparam int LW = 28;                  // S.16 log2 values, lambda_fine (units of 2^-17)
  localparam logic signed [LW-1:0] FINE_MIN = -28'sd16777216;      // -128.0
  localparam logic signed [LW-1:0] FINE_MAX = 28'sd16776704;       // +127.996 (32767 << 9)
  localparam logic signed [LW-1:0] BIAS_MIN = -28'sd2097152;       // -16.0
  localparam logic signed [LW-1:0] BIAS_MAX = 28'sd2096640;        // +15.996 (4095 << 9)
  localparam logic [EW-1:0] E_NONE = 11'h400;                      // -1024: no term

  // ---------------------------------------------------------------- valid pipeline
  logic [LATENCY-1:0] vq;
  always @(posedge clk) vq <= rst ? '0 : {vq[LATENCY-2:0], in_valid};
  assign out_valid = vq[LATENCY-1];

  // ---------------------------------------------------------------- s1 .. s3 derivatives
  // Slot k = 3*screen + axis. s1: the 24-bit significand M (0 for zero, NaN and inactive
  // axes; 2^23 for inf = 2^128 and for a subnormal = 2^-126) and the exponent of its last
  // bit; s2: rounded up to 18 bits (a carry out of 18 bits, all ones plus a dropped bit, is
  // found by an AND, so the exponent adder runs beside the incrementer); s3: waits for the
  // sizes.
  for (genvar k = 0; k < 6; k = k + 1) begin : g_d
    localparam int AX = k % 3;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [31:0] din = (k == 0) ? dsdx : (k == 1) ? dtdx : (k == 2) ? drdx :
                      (k == 3) ? dsdy : (k == 4) ? dtdy : drdy;   // the sign does not matter
    /* verilator lint_on UNUSEDSIGNAL */
    logic [23:0]   m1_q;
    logic [EW-1:0] e1_q, e2_q, e3_q;
    logic [17:0]   m2_q, m3_q;
    always @(posedge clk) begin : s1
      logic [23:0]   m;
      logic [EW-1:0] e;
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
      m1_q <= m;
      e1_q <= e;
    end
    always @(posedge clk) begin : s2
      logic st, cy;
      st = m1_q[5:0] != 6'd0;
      cy = (&m1_q[23:6]) && st;
      m2_q <= cy ? 18'h2_0000 : m1_q[23:6] + {17'd0, st};
      e2_q <= e1_q + (cy ? 11'sd7 : 11'sd6);
    end
    always @(posedge clk) begin : s3
      m3_q <= m2_q;
      e3_q <= e2_q;
    end
  end

  // ---------------------------------------------------------------- s1 .. s3 sizes
  // size0 = m1 + 1 (1 .. 65536) normalized to n (bit 16 set) with z leading zeros (of 17);
  // the base-level size is n with its bits below k = z + base cleared, times 2^-k (k >= 17:
  // size 1 = 2^16 * 2^-16). s1 size0, s2 z, s3 n and k.
  for (genvar a = 0; a < 3; a = a + 1) begin : g_s
    wire [15:0] szm1 = (a == 0) ? w_m1 : (a == 1) ? h_m1 : d_m1;
    logic [16:0] v1_q, v2_q, n3_q;
    logic [4:0]  b1_q, z2_q, b2_q, k3_q;
    always @(posedge clk) begin : s1
      v1_q <= {1'b0, szm1} + 17'd1;
      b1_q <= base_level;
    end
    always @(posedge clk) begin : s2
      logic [4:0] z;
      z = 5'd16;
      for (int i = 0; i < 17; i = i + 1) if (v1_q[i]) z = 5'(16 - i);
      z2_q <= z;
      v2_q <= v1_q;
      b2_q <= b1_q;
    end
    always @(posedge clk) begin : s3
      logic [5:0]  k;
      logic [16:0] mask;
      k = {1'b0, z2_q} + {1'b0, b2_q};
      mask = 17'h1_FFFF << k[4:0];
      if (k >= 6'd17) begin
        n3_q <= 17'h1_0000;
        k3_q <= 5'd16;
      end else begin
        n3_q <= (v2_q << z2_q) & mask;
        k3_q <= k[4:0];
      end
    end
  end

  // ---------------------------------------------------------------- s4 .. s5 texel derivatives
  for (genvar k = 0; k < 6; k = k + 1) begin : g_p
    localparam int AX = k % 3;
    logic [34:0]   p4_q;
    logic [EW-1:0] e4_q, e5_q;
    logic [17:0]   m5_q;
    logic          z4_q, z5_q;
    always @(posedge clk) begin : s4
      p4_q <= g_d[k].m3_q * g_s[AX].n3_q;                      // MULT18X18D
      e4_q <= g_d[k].e3_q - {{(EW-5){1'b0}}, g_s[AX].k3_q};
      z4_q <= g_d[k].m3_q == 18'd0;
    end
    always @(posedge clk) begin : s5
      logic [17:0] t;
      logic        st, cy;
      // p4 in [2^33, 2^35): its top 18 bits, the rest sticky, rounded up.
      t = p4_q[34] ? p4_q[34:17] : p4_q[33:16];
      st = p4_q[34] ? (p4_q[16:0] != 17'd0) : (p4_q[15:0] != 16'd0);
      cy = (&t) && st;
      m5_q <= cy ? 18'h2_0000 : t + {17'd0, st};
      e5_q <= e4_q + {6'd0, 3'b100, cy & p4_q[34], cy ^ p4_q[34]};   // + 16 + top + carry
      z5_q <= z4_q;
    end
  end

  // ---------------------------------------------------------------- s6 .. s14 rho^2
  // Per screen axis: the three texel derivatives aligned to the largest exponent x among
  // the non-zero ones (s6 the three pairwise compares, s7 x and the distances saturated at
  // 18, s8 m >> d and the dropped bits, s9 rounded up: a term 18 or more binades below is
  // 1), squared exactly (s10, MULT18X18D), summed exactly (s11, s12) and rounded up to 18
  // bits (s13 the top 18 bits and the rest, s14 the increment): rho^2 = S * 2^(2x).
  for (genvar sd = 0; sd < 2; sd = sd + 1) begin : g_r
    logic [53:0]     m6_q, m7_q;             // the three significands
    logic [3*EW-1:0] e6_q;                   // their exponents (E_NONE for zero)
    logic [2:0]      c6_q;                   // e0 >= e1, e0 >= e2, e1 >= e2
    logic [14:0]     d7_q;                   // distances below x (saturated at 18)
    logic [2:0]      v6_q, v7_q, v8_q;       // non-zero terms
    logic [EW-1:0]   x7_q;
    always @(posedge clk) begin : s6
      logic [EW-1:0] e0, e1, e2;
      e0 = g_p[3*sd].z5_q   ? E_NONE : g_p[3*sd].e5_q;
      e1 = g_p[3*sd+1].z5_q ? E_NONE : g_p[3*sd+1].e5_q;
      e2 = g_p[3*sd+2].z5_q ? E_NONE : g_p[3*sd+2].e5_q;
      c6_q <= {$signed(e1) >= $signed(e2), $signed(e0) >= $signed(e2), $signed(e0) >= $signed(e1)};
      e6_q <= {e2, e1, e0};
      m6_q <= {g_p[3*sd+2].m5_q, g_p[3*sd+1].m5_q, g_p[3*sd].m5_q};
      v6_q <= {!g_p[3*sd+2].z5_q, !g_p[3*sd+1].z5_q, !g_p[3*sd].z5_q};
    end
    always @(posedge clk) begin : s7
      logic [EW-1:0] x, d;
      if (c6_q[0] && c6_q[1]) x = e6_q[0 +: EW];
      else if (!c6_q[0] && c6_q[2]) x = e6_q[EW +: EW];
      else x = e6_q[2*EW +: EW];
      for (int t = 0; t < 3; t = t + 1) begin
        d = x - e6_q[EW*t +: EW];
        d7_q[5*t +: 5] <= (d >= 11'd18) ? 5'd18 : d[4:0];
      end
      x7_q <= x;
      m7_q <= m6_q;
      v7_q <= v6_q;
    end
    for (genvar t = 0; t < 3; t = t + 1) begin : g_a
      logic [17:0] q8_q, a9_q;
      logic        st8_q;
      logic [35:0] q10_q;
      always @(posedge clk) begin : s8
        logic [17:0] m, mask;
        logic [4:0]  d;
        m = m7_q[18*t +: 18];
        d = d7_q[5*t +: 5];
        mask = ~(18'h3_FFFF << d);
        q8_q <= v7_q[t] ? m >> d : 18'd0;
        st8_q <= v7_q[t] && (m & mask) != 18'd0;
      end
      always @(posedge clk) begin : s9
        a9_q <= q8_q + {17'd0, st8_q};
      end
      always @(posedge clk) begin : s10
        q10_q <= a9_q * a9_q;                                  // MULT18X18D
      end
    end
    always @(posedge clk) v8_q <= v7_q;
    /* verilator lint_off UNUSEDSIGNAL */
    logic [EW-1:0] x12;                      // (the top bit shifts out of 2x)
    /* verilator lint_on UNUSEDSIGNAL */
    logic          z13;
    texcore_lod_dly #(.W(EW), .D(5)) u_x (.clk(clk), .d(x7_q), .q(x12));         // for s13
    texcore_lod_dly #(.W(1), .D(5)) u_z (.clk(clk), .d(v8_q == 3'd0), .q(z13));   // for s14
    logic [36:0]   s11_q;
    logic [35:0]   q11_q;
    logic [37:0]   s12_q;
    logic [17:0]   t13_q, m14_q;
    logic          st13_q, z14_q;
    logic [EW-1:0] e13_q, e14_q;
    always @(posedge clk) begin : s11
      s11_q <= {1'b0, g_a[0].q10_q} + {1'b0, g_a[1].q10_q};
      q11_q <= g_a[2].q10_q;
    end
    always @(posedge clk) begin : s12
      s12_q <= {1'b0, s11_q} + {2'd0, q11_q};
    end
    // s13: the sum is in [2^34, 3 * 2^36): its top 18 bits and whether the rest is non-zero;
    // the exponent of its last bit, 2x + 17 .. 20.
    always @(posedge clk) begin : s13
      logic [4:0] sh;
      if (s12_q[37]) begin t13_q <= s12_q[37:20]; st13_q <= s12_q[19:0] != 20'd0; sh = 5'd20; end
      else if (s12_q[36]) begin t13_q <= s12_q[36:19]; st13_q <= s12_q[18:0] != 19'd0; sh = 5'd19; end
      else if (s12_q[35]) begin t13_q <= s12_q[35:18]; st13_q <= s12_q[17:0] != 18'd0; sh = 5'd18; end
      else begin t13_q <= s12_q[34:17]; st13_q <= s12_q[16:0] != 17'd0; sh = 5'd17; end
      e13_q <= {x12[EW-2:0], 1'b0} + {{(EW-5){1'b0}}, sh};
    end
    // s14: rounded up (a carry out of 18 bits moves the exponent).
    always @(posedge clk) begin : s14
      logic cy;
      cy = (&t13_q) && st13_q;
      m14_q <= cy ? 18'h2_0000 : t13_q + {17'd0, st13_q};
      e14_q <= e13_q + {{(EW-1){1'b0}}, cy};
      z14_q <= z13;
    end
  end

  // ---------------------------------------------------------------- s15 major axis
  // rho_x^2 >= rho_y^2 (zero is the smallest): x is the major axis.
  logic [17:0]   mmax15_q, mmin15_q;
  logic [EW-1:0] emax15_q, emin15_q;
  logic [1:0]    z15_q;                      // [0] rho_max^2 = 0, [1] rho_min^2 = 0
  logic          mx15_q;
  always @(posedge clk) begin : s15
    logic lt, mx;
    // rho_x^2 < rho_y^2
    if (g_r[0].z14_q) lt = !g_r[1].z14_q;
    else if (g_r[1].z14_q) lt = 1'b0;
    else if (g_r[0].e14_q != g_r[1].e14_q) lt = $signed(g_r[0].e14_q) < $signed(g_r[1].e14_q);
    else lt = g_r[0].m14_q < g_r[1].m14_q;
    mx = !lt;
    mmax15_q <= mx ? g_r[0].m14_q : g_r[1].m14_q;
    emax15_q <= mx ? g_r[0].e14_q : g_r[1].e14_q;
    mmin15_q <= mx ? g_r[1].m14_q : g_r[0].m14_q;
    emin15_q <= mx ? g_r[1].e14_q : g_r[0].e14_q;
    z15_q <= mx ? {g_r[1].z14_q, g_r[0].z14_q} : {g_r[0].z14_q, g_r[1].z14_q};
    mx15_q <= mx;
  end

  // ---------------------------------------------------------------- s16 .. s21 log2
  // L = (e + 17) * 2^16 + T[j] + LOD_LOG2_BIAS + (D[j] * r >> 11) with j, r the top 6 and
  // low 11 of the 17 fraction bits. D[j] * r is the sum of r's partial products: s17 six
  // pairs (r_2i + 2 r_2i+1) * D, s18 three sums, s19 two, s20 the product; s21 adds it to
  // T[j] + LOD_LOG2_BIAS (s17) and the exponent.
  for (genvar i = 0; i < 2; i = i + 1) begin : g_l
    /* verilator lint_off UNUSEDSIGNAL */
    wire [17:0]    m15 = (i == 0) ? mmax15_q : mmin15_q;    // (bit 17 is the leading 1)
    /* verilator lint_on UNUSEDSIGNAL */
    wire [EW-1:0]  e15 = (i == 0) ? emax15_q : emin15_q;
    logic [16:0]   t16_q;
    logic [10:0]   d16_q, r16_q;
    logic [EW-1:0] x16_q;
    logic [17:0]   t17_q;                    // T + bias
    logic [77:0]   p17_q;                    // six 13-bit pair sums
    /* verilator lint_off UNUSEDSIGNAL */
    logic [50:0]   p18_q;                    // three 17-bit sums (the third < 2^14)
    /* verilator lint_on UNUSEDSIGNAL */
    logic [20:0]   p19_q;
    logic [13:0]   q19_q;                    // (r8 + 2 r9 + 4 r10) * D < 2^14
    /* verilator lint_off UNUSEDSIGNAL */
    logic [21:0]   p20_q;                    // D * r (its low 11 bits are dropped)
    /* verilator lint_on UNUSEDSIGNAL */
    logic signed [LW-1:0] l21_q;
    always @(posedge clk) begin : s16
      logic [5:0] j;
      j = m15[16:11];
      t16_q <= LOD_LOG2_T[LOD_LOG2_T_ENTRY_W * j +: LOD_LOG2_T_ENTRY_W];
      d16_q <= LOD_LOG2_D[LOD_LOG2_D_ENTRY_W * j +: LOD_LOG2_D_ENTRY_W];
      r16_q <= m15[10:0];
      x16_q <= e15 + 11'sd17;
    end
    always @(posedge clk) begin : s17
      for (int b = 0; b < 6; b = b + 1)
        p17_q[13*b +: 13] <= (r16_q[2*b] ? {2'd0, d16_q} : 13'd0)
                           + ((b < 5 && r16_q[(2*b+1) % 11]) ? {1'b0, d16_q, 1'b0} : 13'd0);
      t17_q <= {1'b0, t16_q} + 18'(LOD_LOG2_BIAS);
    end
    always @(posedge clk) begin : s18
      for (int b = 0; b < 3; b = b + 1)
        p18_q[17*b +: 17] <= {4'd0, p17_q[26*b +: 13]} + {2'd0, p17_q[26*b+13 +: 13], 2'd0};
    end
    always @(posedge clk) begin : s19
      p19_q <= {4'd0, p18_q[0 +: 17]} + {p18_q[17 +: 17], 4'd0};
      q19_q <= p18_q[34 +: 14];
    end
    always @(posedge clk) begin : s20
      p20_q <= {1'b0, p19_q} + {q19_q, 8'd0};
    end
    logic [17:0]   t20;
    logic [EW-1:0] x20;
    texcore_lod_dly #(.W(18), .D(3)) u_t (.clk(clk), .d(t17_q), .q(t20));   // for s21
    texcore_lod_dly #(.W(EW), .D(4)) u_x (.clk(clk), .d(x16_q), .q(x20));   // for s21
    always @(posedge clk) begin : s21
      /* verilator lint_off UNUSEDSIGNAL */
      logic [17:0]   f;                      // (< 2^17)
      /* verilator lint_on UNUSEDSIGNAL */
      logic [EW-1:0] x;
      f = t20 + {7'd0, p20_q[21:11]};
      x = x20 + {{(EW-1){1'b0}}, f[16]};
      l21_q <= $signed({x[EW-1], x, f[15:0]});
    end
  end
  logic [1:0] z21;
  logic       mx21;
  texcore_lod_dly #(.W(3), .D(6)) u_zl (.clk(clk), .d({z15_q, mx15_q}), .q({z21, mx21})); // for s22

  // ---------------------------------------------------------------- lod, bias (c1 .. c7)
  // Beside s1 .. s7, one shifter converts lod: S8.8 (RNE, saturated; explicit LOD) or S9.17
  // (RNE, saturated at +-256; shader bias). value * 2^F = M * 2^(ex - 150 + F) with M =
  // 1.fraction: the integer part is (2M) >> t for t = 151 - F - ex in 0 .. 25 (ex >= 142 /
  // 135 saturates, ex below 118 / 109 rounds to 0). c2 t and the cases, c3 the shift, the
  // round bit and the sticky bit, c4 the rounding increment, c5 the saturations (explicit
  // lambda << 9, shader bias), c6 the bias sum with lod_bias << 9 plus 1/2 (the lambda'
  // rounding constant, in the sum's bit 8), c7 its clamp to -16 .. +15.996 (+ 1/2).
  logic [31:0] lod1_q;
  logic [1:0]  mode1_q;
  logic [4:0]  t2_q;
  logic [23:0] m2_q;
  logic        sat2_q, zero2_q, neg2_q, expl2_q;
  logic [24:0] q3_q;
  logic        rb3_q, st3_q, sat3_q, zero3_q;
  logic [25:0] c4_q;
  logic        sat4_q;
  logic signed [LW-1:0] src5_q, sh5_q, bs6_q, bs7_q;
  always @(posedge clk) begin : c1
    lod1_q <= lod;
    mode1_q <= lod_mode;
  end
  always @(posedge clk) begin : c2
    logic        expl;
    logic [7:0]  ex;
    ex = lod1_q[30:23];
    expl = mode1_q == texcore_vectors_pkg::LOD_MODE_EXPLICIT;
    sat2_q <= (ex == 8'hFF) ? (lod1_q[22:0] == 23'd0) : (ex >= (expl ? 8'd142 : 8'd135));
    zero2_q <= (ex == 8'hFF) ? (lod1_q[22:0] != 23'd0) : (ex < (expl ? 8'd118 : 8'd109));
    t2_q <= 5'((expl ? 8'd143 : 8'd134) - ex);
    m2_q <= {1'b1, lod1_q[22:0]};
    neg2_q <= lod1_q[31];
    expl2_q <= expl;
  end
  always @(posedge clk) begin : c3
    logic [25:0] y, mask;
    y = {m2_q, 2'b00};                     // 2M with one bit below
    mask = ~(26'h3FF_FFFF << t2_q);
    q3_q <= y[25:1] >> t2_q;
    rb3_q <= (t2_q != 5'd0) && y[t2_q];
    st3_q <= (y & mask) != 26'd0;
    sat3_q <= sat2_q;
    zero3_q <= zero2_q;
  end
  always @(posedge clk) begin : c4
    c4_q <= zero3_q ? 26'd0 : {1'b0, q3_q} + {25'd0, rb3_q && (st3_q || q3_q[0])};
    sat4_q <= sat3_q && !zero3_q;
  end
  logic        neg4, expl4;
  logic [1:0]  mode4, mode7;
  logic [15:0] bias5;
  texcore_lod_dly #(.W(2), .D(2)) u_ne (.clk(clk), .d({neg2_q, expl2_q}), .q({neg4, expl4}));
  texcore_lod_dly #(.W(2), .D(3)) u_mo (.clk(clk), .d(mode1_q), .q(mode4));
  texcore_lod_dly #(.W(2), .D(3)) u_mo7 (.clk(clk), .d(mode4), .q(mode7));
  texcore_lod_dly #(.W(16), .D(5)) u_bi (.clk(clk), .d(lod_bias), .q(bias5));
  always @(posedge clk) begin : c5
    logic [15:0] l88;
    // S8.8 for the explicit LOD: saturated to -32768 .. 32767.
    if (sat4_q) l88 = neg4 ? 16'h8000 : 16'h7FFF;
    else if (!neg4) l88 = (c4_q > 26'd32767) ? 16'h7FFF : c4_q[15:0];
    else l88 = (c4_q > 26'd32768) ? 16'h8000 : (~c4_q[15:0] + 16'd1);
    src5_q <= expl4 ? $signed({{(LW-25){l88[15]}}, l88, 9'd0}) : '0;
    // S9.17 for the shader bias: saturated to +-2^25; 0 outside LOD_MODE_DERIV.
    if (mode4 != texcore_vectors_pkg::LOD_MODE_DERIV) sh5_q <= '0;
    else if (sat4_q) sh5_q <= neg4 ? -28'sd33554432 : 28'sd33554432;
    else sh5_q <= neg4 ? -$signed({2'd0, c4_q}) : $signed({2'd0, c4_q});
  end
  always @(posedge clk) begin : c6
    bs6_q <= $signed({{(LW-25){bias5[15]}}, bias5, 9'h100}) + sh5_q;
  end
  always @(posedge clk) begin : c7
    bs7_q <= (bs6_q < BIAS_MIN + 28'sd256) ? BIAS_MIN + 28'sd256 :
             (bs6_q > BIAS_MAX + 28'sd256) ? BIAS_MAX + 28'sd256 : bs6_q;
  end

  // ---------------------------------------------------------------- waiting fields
  // texcore_lod_dly's q is d delayed D clocks: a field registered at stage s reads as a
  // stage-(s + D) register, i.e. it is used by the block that writes stage s + D + 1; a
  // port is stage 0.
  logic [2:0]  an1_q, an21, an23;
  always @(posedge clk) an1_q <= (aniso > 3'd4) ? 3'd4 : aniso;
  texcore_lod_dly #(.W(3), .D(20)) u_an21 (.clk(clk), .d(an1_q), .q(an21));   // for s22
  texcore_lod_dly #(.W(3), .D(2)) u_an23 (.clk(clk), .d(an21), .q(an23));     // for s24
  logic signed [LW-1:0] src25, bs25;
  logic [1:0]  mode25;
  texcore_lod_dly #(.W(LW), .D(20)) u_src (.clk(clk), .d(src5_q), .q(src25)); // for s26
  texcore_lod_dly #(.W(LW), .D(18)) u_bs (.clk(clk), .d(bs7_q), .q(bs25));    // for s26
  texcore_lod_dly #(.W(2), .D(18)) u_mo25 (.clk(clk), .d(mode7), .q(mode25)); // for s26
  logic [15:0] min28, max27;
  logic [1:0]  mip30;
  logic [4:0]  lvq29, lvq30;
  texcore_lod_dly #(.W(16), .D(27)) u_max (.clk(clk), .d(max_lod), .q(max27)); // for s28
  texcore_lod_dly #(.W(16), .D(28)) u_min (.clk(clk), .d(min_lod), .q(min28)); // for s29
  texcore_lod_dly #(.W(5), .D(29)) u_lvq (.clk(clk), .d(levels_m1), .q(lvq29)); // for s30
  texcore_lod_dly #(.W(5), .D(1)) u_lvq30 (.clk(clk), .d(lvq29), .q(lvq30));   // for s31
  texcore_lod_dly #(.W(2), .D(30)) u_mip (.clk(clk), .d(mip), .q(mip30));      // for s31

  // ---------------------------------------------------------------- s22 .. s25 anisotropy
  logic signed [LW-1:0] lmax22_q, diff22_q, lmax23_q, f24_q, fine25_q;
  logic [19:0]          a2_22_q, eta23_q;
  logic [1:0]           z22_q;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [1:0]           z23_q;                             // (only rho_max = 0 is read)
  /* verilator lint_on UNUSEDSIGNAL */
  logic [15:0]          ratio23_q, ratio25;
  logic [14:0]          cmp24_q;
  logic                 z24_q, z25_q, mx25;
  logic [4:0]           n25_q;
  always @(posedge clk) begin : s22
    lmax22_q <= g_l[0].l21_q;
    diff22_q <= g_l[0].l21_q - g_l[1].l21_q;               // >= 0 when both are non-zero
    a2_22_q <= {an21, 17'd0};                               // 2 log2 A << 16
    z22_q <= z21;
  end
  always @(posedge clk) begin : s23
    /* verilator lint_off UNUSEDSIGNAL */
    logic signed [LW-1:0] r;                                // (read where within 16 bits)
    /* verilator lint_on UNUSEDSIGNAL */
    if (z22_q[0]) eta23_q <= 20'd0;                         // rho = 0: eta = 1
    else if (z22_q[1] || diff22_q >= $signed({8'd0, a2_22_q})) eta23_q <= a2_22_q;
    else eta23_q <= diff22_q[19:0];
    r = (28'sd16 - diff22_q) >>> 5;
    if (z22_q[0]) ratio23_q <= 16'd0;
    else if (z22_q[1] || diff22_q > 28'sd1048592) ratio23_q <= 16'h8000;   // r < -32768
    else ratio23_q <= r[15:0];
    lmax23_q <= lmax22_q;
    z23_q <= z22_q;
  end
  always @(posedge clk) begin : s24
    f24_q <= lmax23_q - $signed({8'd0, eta23_q});
    for (int k = 1; k < 16; k = k + 1)
      cmp24_q[k-1] <= (k < (1 << an23)) && (eta23_q > LOD_N_T[LOD_N_T_ENTRY_W * (k-1) +: LOD_N_T_ENTRY_W]);
    z24_q <= z23_q[0];
  end
  always @(posedge clk) begin : s25
    logic [4:0] n;
    if (z24_q || f24_q < FINE_MIN) fine25_q <= FINE_MIN;
    else if (f24_q > FINE_MAX) fine25_q <= FINE_MAX;
    else fine25_q <= f24_q;
    // The thresholds increase: the compares are a thermometer code, N = 2 + its last one.
    n = 5'd1;
    for (int k = 0; k < 15; k = k + 1) if (cmp24_q[k]) n = 5'(k + 2);
    n25_q <= n;
    z25_q <= z24_q;
  end
  texcore_lod_dly #(.W(16), .D(2)) u_ra (.clk(clk), .d(ratio23_q), .q(ratio25));   // for s26
  texcore_lod_dly #(.W(1), .D(4)) u_mx (.clk(clk), .d(mx21), .q(mx25));            // for s26

  // ---------------------------------------------------------------- s26 .. s31 lambda, levels
  logic signed [LW-1:0] v26_q;
  logic [15:0] lb26_q, pr27_q, lb30, ratio30, pr30;
  logic [4:0]  smp26_q, smp30;
  logic        mx30;
  logic [17:0] t28_q, lam29_q, lam30;
  logic [12:0] dp30_q;
  always @(posedge clk) begin : s26
    logic signed [LW-1:0] sel;
    /* verilator lint_off UNUSEDSIGNAL */
    logic signed [LW-1:0] r;                                // (within 16 bits)
    /* verilator lint_on UNUSEDSIGNAL */
    sel = (mode25 == texcore_vectors_pkg::LOD_MODE_DERIV) ? fine25_q : src25;
    r = (sel + 28'sd256) >>> 9;
    lb26_q <= r[15:0];                                      // within -32768 .. 32767
    v26_q <= sel + bs25;                                    // bs25 includes the + 1/2
    smp26_q <= (mode25 == texcore_vectors_pkg::LOD_MODE_DERIV && !z25_q) ? n25_q : 5'd1;
  end
  always @(posedge clk) begin : s27
    /* verilator lint_off UNUSEDSIGNAL */
    logic signed [LW-1:0] v;
    /* verilator lint_on UNUSEDSIGNAL */
    v = v26_q >>> 9;
    if (v < -28'sd32768) pr27_q <= 16'h8000;
    else if (v > 28'sd32767) pr27_q <= 16'h7FFF;
    else pr27_q <= v[15:0];
  end
  always @(posedge clk) begin : s28
    logic [17:0] pr18;
    pr18 = {{2{pr27_q[15]}}, pr27_q};
    t28_q <= ($signed(pr18) < $signed({2'b00, max27})) ? pr18 : {2'b00, max27};
  end
  always @(posedge clk) begin : s29
    lam29_q <= ($signed(t28_q) < $signed({2'b00, min28})) ? {2'b00, min28} : t28_q;
  end
  always @(posedge clk) begin : s30
    logic [12:0] qmax;
    qmax = {lvq29, 8'd0};
    dp30_q <= $signed(lam29_q) <= 18'sd0 ? 13'd0 :
              (lam29_q > {5'd0, qmax}) ? qmax : lam29_q[12:0];
  end
  texcore_lod_dly #(.W(18), .D(1)) u_lam (.clk(clk), .d(lam29_q), .q(lam30));
  texcore_lod_dly #(.W(16), .D(4)) u_lb (.clk(clk), .d(lb26_q), .q(lb30));
  texcore_lod_dly #(.W(16), .D(3)) u_pr (.clk(clk), .d(pr27_q), .q(pr30));
  texcore_lod_dly #(.W(16), .D(5)) u_rat (.clk(clk), .d(ratio25), .q(ratio30));
  texcore_lod_dly #(.W(5), .D(4)) u_smp (.clk(clk), .d(smp26_q), .q(smp30));
  texcore_lod_dly #(.W(1), .D(5)) u_mx30 (.clk(clk), .d(mx25), .q(mx30));
  always @(posedge clk) begin : s31
    logic [4:0]  hi, lo;
    /* verilator lint_off UNUSEDSIGNAL */
    logic [13:0] dn;
    /* verilator lint_on UNUSEDSIGNAL */
    logic [5:0]  hi1;
    dn = {1'b0, dp30_q} + 14'd127;
    hi = dp30_q[12:8];
    hi1 = {1'b0, hi} + 6'd1;
    lo = (hi1 > {1'b0, lvq30}) ? lvq30 : hi1[4:0];
    lambda_base <= lb30;
    lambda_prime <= pr30;
    lambda <= lam30[15:0];
    magnify <= $signed(lam30) <= 18'sd0;
    samples <= smp30;
    major_x <= mx30;
    log2_ratio <= ratio30;
    case (mip30)
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
        level <= hi;
        level2 <= (dp30_q[7:0] == 8'd0) ? hi : lo;
        delta <= dp30_q[7:0];
        used_lod <= {3'd0, dp30_q};
      end
    endcase
  end
endmodule

// A register delay line: q is d delayed D clocks (D >= 1).
/* verilator lint_off DECLFILENAME */
module texcore_lod_dly #(
  parameter int W = 1,
  parameter int D = 1
) (
  input  logic         clk,
  input  logic [W-1:0] d,
  output logic [W-1:0] q
);
  for (genvar i = 0; i < D; i = i + 1) begin : g_r
    logic [W-1:0] r;
    if (i == 0) begin : g_0
      always @(posedge clk) r <= d;
    end else begin : g_n
      always @(posedge clk) r <= g_r[i-1].r;
    end
  end
  assign q = g_r[D-1].r;
endmodule
/* verilator lint_on DECLFILENAME */
