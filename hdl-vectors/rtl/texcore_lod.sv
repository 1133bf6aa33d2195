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
// Pipelined, one lane per clock, LATENCY = 34 register stages (outputs at s34), at most one
// carry chain or a few logic levels per stage (ECP5-25F: >= 125 MHz); rst clears only the
// valid pipeline. Stage by stage:
//   s1 decode (from the ports), size0 + 1 | s2 round derivatives up; sizes' leading zeros |
//   s3, s4 size significands | s5 products | s6 top bits | s7 texel derivatives (round up) |
//   s8 exponent differences | s9 largest exponent, distances | s10 align | s11 round up |
//   s12 squares | s13, s14 sum | s15 top bits | s16 rho^2 (round up) | s17 compare | s18
//   major axis | s19 log table | s20 .. s23 partial products | s24 L | s25 L_max - L_min |
//   s26 log2 eta^2, ratio | s27 lambda_fine, N thresholds | s28 clamp, N | s29 lambda
//   source, lambda_base, lambda' sum | s30 lambda' | s31 max_lod | s32 min_lod | s33 level
//   clamp | s34 level selection (output registers).
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
  localparam int LATENCY = 34;
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

  // ---------------------------------------------------------------- s1 .. s4 derivatives
  // Slot k = 3*screen + axis. s1: the 24-bit significand M (0 for zero, NaN and inactive
  // axes; 2^23 for inf = 2^128 and for a subnormal = 2^-126) and the exponent of its last
  // bit; s2: rounded up to 18 bits (a carry out of 18 bits, all ones plus a dropped bit, is
  // found by an AND, so the exponent adder runs beside the incrementer); s3, s4: wait for
  // the sizes.
  for (genvar k = 0; k < 6; k = k + 1) begin : g_d
    localparam int AX = k % 3;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [31:0] din = (k == 0) ? dsdx : (k == 1) ? dtdx : (k == 2) ? drdx :
                      (k == 3) ? dsdy : (k == 4) ? dtdy : drdy;   // the sign does not matter
    /* verilator lint_on UNUSEDSIGNAL */
    logic [23:0]   m1_q;
    logic [EW-1:0] e1_q, e2_q, e4;
    logic [17:0]   m2_q, m4;
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
    texcore_lod_dly #(.W(18 + EW), .D(2)) u_w (.clk(clk), .d({m2_q, e2_q}), .q({m4, e4}));
  end

  // ---------------------------------------------------------------- s1 .. s4 sizes
  // size0 = m1 + 1 (1 .. 65536) normalized to n (bit 16 set) with z leading zeros (of 17);
  // the base-level size is n with its bits below k = z + base cleared, times 2^-k (k >= 17:
  // size 1 = 2^16 * 2^-16). s1 size0, s2 z, s3 n and k, s4 the cleared bits.
  for (genvar a = 0; a < 3; a = a + 1) begin : g_s
    wire [15:0] szm1 = (a == 0) ? w_m1 : (a == 1) ? h_m1 : d_m1;
    logic [16:0] v1_q, v2_q, n3_q, n4_q;
    logic [4:0]  b1_q, z2_q, b2_q, k4_q;
    logic [5:0]  k3_q;
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
      n3_q <= v2_q << z2_q;
      k3_q <= {1'b0, z2_q} + {1'b0, b2_q};
    end
    always @(posedge clk) begin : s4
      if (k3_q >= 6'd17) begin
        n4_q <= 17'h1_0000;
        k4_q <= 5'd16;
      end else begin
        n4_q <= n3_q & (17'h1_FFFF << k3_q[4:0]);
        k4_q <= k3_q[4:0];
      end
    end
  end

  // ---------------------------------------------------------------- s5 .. s7 texel derivatives
  // s5 the product, s6 its top 18 bits and whether the rest is non-zero (p in [2^33,
  // 2^35)), s7 rounded up.
  for (genvar k = 0; k < 6; k = k + 1) begin : g_p
    localparam int AX = k % 3;
    logic [34:0]   p5_q;
    logic [EW-1:0] e5_q, e6_q, e7_q;
    logic [17:0]   t6_q, m7_q;
    logic          st6_q, z5_q, z6_q, z7_q;
    always @(posedge clk) begin : s5
      p5_q <= g_d[k].m4 * g_s[AX].n4_q;                        // MULT18X18D
      e5_q <= g_d[k].e4 - {{(EW-5){1'b0}}, g_s[AX].k4_q};
      z5_q <= g_d[k].m4 == 18'd0;
    end
    always @(posedge clk) begin : s6
      t6_q <= p5_q[34] ? p5_q[34:17] : p5_q[33:16];
      st6_q <= p5_q[34] ? (p5_q[16:0] != 17'd0) : (p5_q[15:0] != 16'd0);
      e6_q <= e5_q + (p5_q[34] ? 11'sd17 : 11'sd16);
      z6_q <= z5_q;
    end
    always @(posedge clk) begin : s7
      logic cy;
      cy = (&t6_q) && st6_q;
      m7_q <= cy ? 18'h2_0000 : t6_q + {17'd0, st6_q};
      e7_q <= e6_q + {{(EW-1){1'b0}}, cy};
      z7_q <= z6_q;
    end
  end

  // ---------------------------------------------------------------- s8 .. s16 rho^2
  // Per screen axis: the three texel derivatives aligned to the largest exponent x among
  // the non-zero ones (s8 the pairwise exponent differences, s9 x and the distances
  // saturated at 18, s10 m >> d and the dropped bits, s11 rounded up: a term 18 or more
  // binades below is 1), squared exactly (s12, MULT18X18D), summed exactly (s13, s14) and
  // rounded up to 18 bits (s15 the top 18 bits and the rest, s16 the increment):
  // rho^2 = S * 2^(2x).
  for (genvar sd = 0; sd < 2; sd = sd + 1) begin : g_r
    logic [53:0]     m8_q, m9_q;             // the three significands
    logic [3*EW-1:0] e8_q;                   // their exponents (E_NONE for zero)
    logic [6*EW+5:0] d8_q;                   // e0-e1, e1-e0, e0-e2, e2-e0, e1-e2, e2-e1 (EW + 1 bits)
    logic [14:0]     d9_q;                   // distances below x (saturated at 18)
    logic [2:0]      v8_q, v9_q, v10_q;      // non-zero terms
    logic [EW-1:0]   x9_q;
    always @(posedge clk) begin : s8
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
    always @(posedge clk) begin : s9
      logic [EW:0]   d01, d10, d02, d20, d12, d21, d0, d1, d2;
      logic [EW-1:0] x;
      logic          ge01, ge02, ge12;
      d01 = d8_q[0 +: EW+1];
      d10 = d8_q[EW+1 +: EW+1];
      d02 = d8_q[2*EW+2 +: EW+1];
      d20 = d8_q[3*EW+3 +: EW+1];
      d12 = d8_q[4*EW+4 +: EW+1];
      d21 = d8_q[5*EW+5 +: EW+1];
      ge01 = !d01[EW];
      ge02 = !d02[EW];
      ge12 = !d12[EW];
      if (ge01 && ge02) begin x = e8_q[0 +: EW]; d0 = '0; d1 = d01; d2 = d02; end
      else if (!ge01 && ge12) begin x = e8_q[EW +: EW]; d0 = d10; d1 = '0; d2 = d12; end
      else begin x = e8_q[2*EW +: EW]; d0 = d20; d1 = d21; d2 = '0; end
      d9_q <= {(d2 >= 12'd18) ? 5'd18 : d2[4:0], (d1 >= 12'd18) ? 5'd18 : d1[4:0],
               (d0 >= 12'd18) ? 5'd18 : d0[4:0]};
      x9_q <= x;
      m9_q <= m8_q;
      v9_q <= v8_q;
    end
    for (genvar t = 0; t < 3; t = t + 1) begin : g_a
      logic [17:0] q10_q, a11_q;
      logic        st10_q;
      logic [35:0] q12_q;
      always @(posedge clk) begin : s10
        logic [17:0] m, mask;
        logic [4:0]  d;
        m = m9_q[18*t +: 18];
        d = d9_q[5*t +: 5];
        mask = ~(18'h3_FFFF << d);
        q10_q <= v9_q[t] ? m >> d : 18'd0;
        st10_q <= v9_q[t] && (m & mask) != 18'd0;
      end
      always @(posedge clk) begin : s11
        a11_q <= q10_q + {17'd0, st10_q};
      end
      always @(posedge clk) begin : s12
        q12_q <= a11_q * a11_q;                                // MULT18X18D
      end
    end
    always @(posedge clk) v10_q <= v9_q;
    /* verilator lint_off UNUSEDSIGNAL */
    logic [EW-1:0] x14;                      // (the top bit shifts out of 2x)
    /* verilator lint_on UNUSEDSIGNAL */
    logic          z15;
    texcore_lod_dly #(.W(EW), .D(5)) u_x (.clk(clk), .d(x9_q), .q(x14));          // for s15
    texcore_lod_dly #(.W(1), .D(5)) u_z (.clk(clk), .d(v10_q == 3'd0), .q(z15));  // for s16
    logic [36:0]   s13_q;
    logic [35:0]   q13_q;
    logic [37:0]   s14_q;
    logic [17:0]   t15_q, m16_q;
    logic          st15_q, z16_q;
    logic [EW-1:0] e15_q, e16_q;
    always @(posedge clk) begin : s13
      s13_q <= {1'b0, g_a[0].q12_q} + {1'b0, g_a[1].q12_q};
      q13_q <= g_a[2].q12_q;
    end
    always @(posedge clk) begin : s14
      s14_q <= {1'b0, s13_q} + {2'd0, q13_q};
    end
    // s15: the sum is in [2^34, 3 * 2^36): its top 18 bits and whether the rest is non-zero;
    // the exponent of its last bit, 2x + 17 .. 20.
    always @(posedge clk) begin : s15
      logic [4:0] sh;
      if (s14_q[37]) begin t15_q <= s14_q[37:20]; st15_q <= s14_q[19:0] != 20'd0; sh = 5'd20; end
      else if (s14_q[36]) begin t15_q <= s14_q[36:19]; st15_q <= s14_q[18:0] != 19'd0; sh = 5'd19; end
      else if (s14_q[35]) begin t15_q <= s14_q[35:18]; st15_q <= s14_q[17:0] != 18'd0; sh = 5'd18; end
      else begin t15_q <= s14_q[34:17]; st15_q <= s14_q[16:0] != 17'd0; sh = 5'd17; end
      e15_q <= {x14[EW-2:0], 1'b0} + {{(EW-5){1'b0}}, sh};
    end
    // s16: rounded up (a carry out of 18 bits moves the exponent).
    always @(posedge clk) begin : s16
      logic cy;
      cy = (&t15_q) && st15_q;
      m16_q <= cy ? 18'h2_0000 : t15_q + {17'd0, st15_q};
      e16_q <= e15_q + {{(EW-1){1'b0}}, cy};
      z16_q <= z15;
    end
  end

  // ---------------------------------------------------------------- s17 .. s18 major axis
  // rho_x^2 >= rho_y^2 (zero is the smallest): x is the major axis (s17 the compare, s18
  // the selection).
  logic          lt17_q;
  logic [17:0]   mx17_q [0:1];
  logic [EW-1:0] ex17_q [0:1];
  logic [1:0]    zz17_q;
  logic [17:0]   mmax18_q, mmin18_q;
  logic [EW-1:0] emax18_q, emin18_q;
  logic [1:0]    z18_q;                      // [0] rho_max^2 = 0, [1] rho_min^2 = 0
  logic          mx18_q;
  always @(posedge clk) begin : s17
    logic lt;
    // rho_x^2 < rho_y^2
    if (g_r[0].z16_q) lt = !g_r[1].z16_q;
    else if (g_r[1].z16_q) lt = 1'b0;
    else if (g_r[0].e16_q != g_r[1].e16_q) lt = $signed(g_r[0].e16_q) < $signed(g_r[1].e16_q);
    else lt = g_r[0].m16_q < g_r[1].m16_q;
    lt17_q <= lt;
    mx17_q[0] <= g_r[0].m16_q;
    mx17_q[1] <= g_r[1].m16_q;
    ex17_q[0] <= g_r[0].e16_q;
    ex17_q[1] <= g_r[1].e16_q;
    zz17_q <= {g_r[1].z16_q, g_r[0].z16_q};
  end
  always @(posedge clk) begin : s18
    mmax18_q <= lt17_q ? mx17_q[1] : mx17_q[0];
    emax18_q <= lt17_q ? ex17_q[1] : ex17_q[0];
    mmin18_q <= lt17_q ? mx17_q[0] : mx17_q[1];
    emin18_q <= lt17_q ? ex17_q[0] : ex17_q[1];
    z18_q <= lt17_q ? {zz17_q[0], zz17_q[1]} : zz17_q;
    mx18_q <= !lt17_q;
  end

  // ---------------------------------------------------------------- s19 .. s24 log2
  // L = (e + 17) * 2^16 + T[j] + LOD_LOG2_BIAS + (D[j] * r >> 11) with j, r the top 6 and
  // low 11 of the 17 fraction bits. D[j] * r is the sum of r's partial products: s20 six
  // pairs (r_2i + 2 r_2i+1) * D, s21 three sums, s22 two, s23 the product; s24 adds it to
  // T[j] + LOD_LOG2_BIAS (s20) and the exponent.
  for (genvar i = 0; i < 2; i = i + 1) begin : g_l
    /* verilator lint_off UNUSEDSIGNAL */
    wire [17:0]    m18 = (i == 0) ? mmax18_q : mmin18_q;    // (bit 17 is the leading 1)
    /* verilator lint_on UNUSEDSIGNAL */
    wire [EW-1:0]  e18 = (i == 0) ? emax18_q : emin18_q;
    logic [16:0]   t19_q;
    logic [10:0]   d19_q, r19_q;
    logic [EW-1:0] x19_q;
    logic [17:0]   t20_q;                    // T + bias
    logic [77:0]   p20_q;                    // six 13-bit pair sums
    /* verilator lint_off UNUSEDSIGNAL */
    logic [50:0]   p21_q;                    // three 17-bit sums (the third < 2^14)
    /* verilator lint_on UNUSEDSIGNAL */
    logic [20:0]   p22_q;
    logic [13:0]   q22_q;                    // (r8 + 2 r9 + 4 r10) * D < 2^14
    /* verilator lint_off UNUSEDSIGNAL */
    logic [21:0]   p23_q;                    // D * r (its low 11 bits are dropped)
    /* verilator lint_on UNUSEDSIGNAL */
    logic signed [LW-1:0] l24_q;
    always @(posedge clk) begin : s19
      logic [5:0] j;
      j = m18[16:11];
      t19_q <= LOD_LOG2_T[LOD_LOG2_T_ENTRY_W * j +: LOD_LOG2_T_ENTRY_W];
      d19_q <= LOD_LOG2_D[LOD_LOG2_D_ENTRY_W * j +: LOD_LOG2_D_ENTRY_W];
      r19_q <= m18[10:0];
      x19_q <= e18 + 11'sd17;
    end
    always @(posedge clk) begin : s20
      for (int b = 0; b < 6; b = b + 1)
        p20_q[13*b +: 13] <= (r19_q[2*b] ? {2'd0, d19_q} : 13'd0)
                           + ((b < 5 && r19_q[(2*b+1) % 11]) ? {1'b0, d19_q, 1'b0} : 13'd0);
      t20_q <= {1'b0, t19_q} + 18'(LOD_LOG2_BIAS);
    end
    always @(posedge clk) begin : s21
      for (int b = 0; b < 3; b = b + 1)
        p21_q[17*b +: 17] <= {4'd0, p20_q[26*b +: 13]} + {2'd0, p20_q[26*b+13 +: 13], 2'd0};
    end
    always @(posedge clk) begin : s22
      p22_q <= {4'd0, p21_q[0 +: 17]} + {p21_q[17 +: 17], 4'd0};
      q22_q <= p21_q[34 +: 14];
    end
    always @(posedge clk) begin : s23
      p23_q <= {1'b0, p22_q} + {q22_q, 8'd0};
    end
    logic [17:0]   t23;
    logic [EW-1:0] x23, x23p;
    logic [EW-1:0] x20_q;                    // e + 18, for a carry out of f
    always @(posedge clk) x20_q <= x19_q + 11'sd1;
    texcore_lod_dly #(.W(18), .D(3)) u_t (.clk(clk), .d(t20_q), .q(t23));   // for s24
    texcore_lod_dly #(.W(EW), .D(4)) u_x (.clk(clk), .d(x19_q), .q(x23));   // for s24
    texcore_lod_dly #(.W(EW), .D(3)) u_xp (.clk(clk), .d(x20_q), .q(x23p)); // for s24
    always @(posedge clk) begin : s24
      /* verilator lint_off UNUSEDSIGNAL */
      logic [17:0]   f;                      // (< 2^17)
      /* verilator lint_on UNUSEDSIGNAL */
      logic [EW-1:0] x;
      f = t23 + {7'd0, p23_q[21:11]};
      x = f[16] ? x23p : x23;
      l24_q <= $signed({x[EW-1], x, f[15:0]});
    end
  end
  logic [1:0] z24;
  logic       mx24;
  texcore_lod_dly #(.W(3), .D(6)) u_zl (.clk(clk), .d({z18_q, mx18_q}), .q({z24, mx24})); // for s25

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
    else if (!neg4) l88 = (c4_q[25:15] != 11'd0) ? 16'h7FFF : c4_q[15:0];
    else l88 = (c4_q[25:16] != 10'd0 || (c4_q[15] && c4_q[14:0] != 15'd0)) ? 16'h8000 : (~c4_q[15:0] + 16'd1);
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
  logic [2:0]  an1_q, an24, an26;
  always @(posedge clk) an1_q <= (aniso > 3'd4) ? 3'd4 : aniso;
  texcore_lod_dly #(.W(3), .D(23)) u_an24 (.clk(clk), .d(an1_q), .q(an24));   // for s25
  texcore_lod_dly #(.W(3), .D(2)) u_an26 (.clk(clk), .d(an24), .q(an26));     // for s27
  logic signed [LW-1:0] src28, bs28;
  logic [1:0]  mode28;
  texcore_lod_dly #(.W(LW), .D(23)) u_src (.clk(clk), .d(src5_q), .q(src28)); // for s29
  texcore_lod_dly #(.W(LW), .D(21)) u_bs (.clk(clk), .d(bs7_q), .q(bs28));    // for s29
  texcore_lod_dly #(.W(2), .D(21)) u_mo28 (.clk(clk), .d(mode7), .q(mode28)); // for s29
  logic [15:0] min31, max30;
  logic [1:0]  mip33;
  logic [4:0]  lvq32, lvq33;
  texcore_lod_dly #(.W(16), .D(30)) u_max (.clk(clk), .d(max_lod), .q(max30)); // for s31
  texcore_lod_dly #(.W(16), .D(31)) u_min (.clk(clk), .d(min_lod), .q(min31)); // for s32
  texcore_lod_dly #(.W(5), .D(32)) u_lvq (.clk(clk), .d(levels_m1), .q(lvq32)); // for s33
  texcore_lod_dly #(.W(5), .D(1)) u_lvq33 (.clk(clk), .d(lvq32), .q(lvq33));   // for s34
  texcore_lod_dly #(.W(2), .D(33)) u_mip (.clk(clk), .d(mip), .q(mip33));      // for s34

  // ---------------------------------------------------------------- s25 .. s28 anisotropy
  logic signed [LW-1:0] lmax25_q, diff25_q, lmax26_q, f27_q, fine28_q;
  logic [19:0]          a2_25_q, eta26_q;
  logic [1:0]           z25_q;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [1:0]           z26_q;                             // (only rho_max = 0 is read)
  /* verilator lint_on UNUSEDSIGNAL */
  logic [15:0]          ratio26_q, ratio28;
  logic [14:0]          cmp27_q;
  logic                 z27_q, z28_q, mx28;
  logic [4:0]           n28_q;
  always @(posedge clk) begin : s25
    lmax25_q <= g_l[0].l24_q;
    diff25_q <= g_l[0].l24_q - g_l[1].l24_q;               // >= 0 when both are non-zero
    a2_25_q <= {an24, 17'd0};                               // 2 log2 A << 16
    z25_q <= z24;
  end
  always @(posedge clk) begin : s26
    /* verilator lint_off UNUSEDSIGNAL */
    logic signed [LW-1:0] r;                                // (read where within 16 bits)
    /* verilator lint_on UNUSEDSIGNAL */
    // diff >= 0 here (unless a rho is 0); a2 = an << 17 with an <= 4: diff >= a2 is a test
    // of diff's bits 27 .. 17, and r < -32768 (diff > 2^20 + 16) one of bits 27 .. 20.
    if (z25_q[0]) eta26_q <= 20'd0;                         // rho = 0: eta = 1
    else if (z25_q[1] || diff25_q[27:20] != 8'd0 || diff25_q[19:17] >= a2_25_q[19:17]) eta26_q <= a2_25_q;
    else eta26_q <= diff25_q[19:0];
    r = (28'sd16 - diff25_q) >>> 5;
    if (z25_q[0]) ratio26_q <= 16'd0;
    else if (z25_q[1] || diff25_q[27:21] != 7'd0 || (diff25_q[20] && diff25_q[19:0] > 20'd16))
      ratio26_q <= 16'h8000;                                // r < -32768
    else ratio26_q <= r[15:0];
    lmax26_q <= lmax25_q;
    z26_q <= z25_q;
  end
  always @(posedge clk) begin : s27
    f27_q <= lmax26_q - $signed({8'd0, eta26_q});
    for (int k = 1; k < 16; k = k + 1)
      cmp27_q[k-1] <= (k < (1 << an26)) && (eta26_q > LOD_N_T[LOD_N_T_ENTRY_W * (k-1) +: LOD_N_T_ENTRY_W]);
    z27_q <= z26_q[0];
  end
  always @(posedge clk) begin : s28
    logic [4:0] n;
    // f < -2^24: bits 27 .. 24 in 1000 .. 1110; f > 2^24 - 2^9: bits 27 .. 24 in 0001 ..
    // 0111, or bits 23 .. 9 all ones and 8 .. 0 not all zeros.
    if (z27_q || (f27_q[27] && f27_q[26:24] != 3'b111)) fine28_q <= FINE_MIN;
    else if (!f27_q[27] && (f27_q[26:24] != 3'd0 || (&f27_q[23:9] && f27_q[8:0] != 9'd0)))
      fine28_q <= FINE_MAX;
    else fine28_q <= f27_q;
    // The thresholds increase: the compares are a thermometer code, N = 2 + its last one.
    n = 5'd1;
    for (int k = 0; k < 15; k = k + 1) if (cmp27_q[k]) n = 5'(k + 2);
    n28_q <= n;
    z28_q <= z27_q;
  end
  texcore_lod_dly #(.W(16), .D(2)) u_ra (.clk(clk), .d(ratio26_q), .q(ratio28));   // for s29
  texcore_lod_dly #(.W(1), .D(4)) u_mx (.clk(clk), .d(mx24), .q(mx28));            // for s29

  // ---------------------------------------------------------------- s29 .. s34 lambda, levels
  logic signed [LW-1:0] v29_q;
  logic [15:0] lb29_q, pr30_q, lb33, ratio33, pr33;
  logic [4:0]  smp29_q, smp33;
  logic        mx33;
  logic [17:0] t31_q, lam32_q, lam33;
  logic [12:0] dp33_q;
  always @(posedge clk) begin : s29
    logic signed [LW-1:0] sel;
    /* verilator lint_off UNUSEDSIGNAL */
    logic signed [LW-1:0] r;                                // (within 16 bits)
    /* verilator lint_on UNUSEDSIGNAL */
    sel = (mode28 == texcore_vectors_pkg::LOD_MODE_DERIV) ? fine28_q : src28;
    r = (sel + 28'sd256) >>> 9;
    lb29_q <= r[15:0];                                      // within -32768 .. 32767
    v29_q <= sel + bs28;                                    // bs28 includes the + 1/2
    smp29_q <= (mode28 == texcore_vectors_pkg::LOD_MODE_DERIV && !z28_q) ? n28_q : 5'd1;
  end
  always @(posedge clk) begin : s30
    /* verilator lint_off UNUSEDSIGNAL */
    logic signed [LW-1:0] v;
    /* verilator lint_on UNUSEDSIGNAL */
    v = v29_q >>> 9;                                        // within -2^18 .. 2^18
    if (v[27] && v[26:15] != 12'hFFF) pr30_q <= 16'h8000;
    else if (!v[27] && v[26:15] != 12'd0) pr30_q <= 16'h7FFF;
    else pr30_q <= v[15:0];
  end
  always @(posedge clk) begin : s31
    logic [17:0] pr18;
    pr18 = {{2{pr30_q[15]}}, pr30_q};
    t31_q <= ($signed(pr18) < $signed({2'b00, max30})) ? pr18 : {2'b00, max30};
  end
  always @(posedge clk) begin : s32
    lam32_q <= ($signed(t31_q) < $signed({2'b00, min31})) ? {2'b00, min31} : t31_q;
  end
  always @(posedge clk) begin : s33
    logic [12:0] qmax;
    qmax = {lvq32, 8'd0};
    dp33_q <= $signed(lam32_q) <= 18'sd0 ? 13'd0 :
              (lam32_q > {5'd0, qmax}) ? qmax : lam32_q[12:0];
  end
  texcore_lod_dly #(.W(18), .D(1)) u_lam (.clk(clk), .d(lam32_q), .q(lam33));
  texcore_lod_dly #(.W(16), .D(4)) u_lb (.clk(clk), .d(lb29_q), .q(lb33));
  texcore_lod_dly #(.W(16), .D(3)) u_pr (.clk(clk), .d(pr30_q), .q(pr33));
  texcore_lod_dly #(.W(16), .D(5)) u_rat (.clk(clk), .d(ratio28), .q(ratio33));
  texcore_lod_dly #(.W(5), .D(4)) u_smp (.clk(clk), .d(smp29_q), .q(smp33));
  texcore_lod_dly #(.W(1), .D(5)) u_mx33 (.clk(clk), .d(mx28), .q(mx33));
  always @(posedge clk) begin : s34
    logic [4:0]  hi, lo;
    /* verilator lint_off UNUSEDSIGNAL */
    logic [13:0] dn;
    /* verilator lint_on UNUSEDSIGNAL */
    logic [5:0]  hi1;
    dn = {1'b0, dp33_q} + 14'd127;
    hi = dp33_q[12:8];
    hi1 = {1'b0, hi} + 6'd1;
    lo = (hi1 > {1'b0, lvq33}) ? lvq33 : hi1[4:0];
    lambda_base <= lb33;
    lambda_prime <= pr33;
    lambda <= lam33[15:0];
    magnify <= $signed(lam33) <= 18'sd0;
    samples <= smp33;
    major_x <= mx33;
    log2_ratio <= ratio33;
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
        level <= hi;
        level2 <= (dp33_q[7:0] == 8'd0) ? hi : lo;
        delta <= dp33_q[7:0];
        used_lod <= {3'd0, dp33_q};
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
