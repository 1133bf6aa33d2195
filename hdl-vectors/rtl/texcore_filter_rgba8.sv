`timescale 1ns/1ps
// Filter stage, RGBA8 UNORM: texcore::filter::unorm8::filter_rgba8. Reference for the
// `filter` vectors.
//
// Per component c (exact integers, one rounding at the end):
//   h   = c00*(256 - a) + c10*a       per level and row    (<= 255*2^8)
//   v   = h0*(256 - b)  + h1*b        per level            (<= 255*2^16)
//   x   = v0*(256 - d)  + v1*d        the two levels       (<= 255*2^24)
//   out = RNE(x / (255*2^24))         binary32 bits
// each lerp computed as base*256 + (other - base)*weight, the weight in 1/256.
//
// taps: tap k of level l at [32*(4*l + k) +: 32], k = 0 (i0,j0), 1 (i1,j0), 2 (i0,j1),
// 3 (i1,j1); R in bits 7:0 of a tap, A in 31:24. alpha_l weighs taps 1, 3 of level l,
// beta_l taps 2, 3, delta level 1 (0: level 1 is ignored, it gets weight 0).
//
// Conversion: x is normalised to X = x << lz in [2^31, 2^32); q = X div 255 is
// (X * 0x8080_8081) >> 39, exact for every 32-bit X, computed without a multiplier as
// (X*0x0101_0101 + (X >> 7)) >> 32 with X*0x0101_0101 = A + (A << 16), A = X + (X << 8).
// r = X mod 255 = (X + q) mod 256. q has 24 bits: round up iff r >= 128 (r/255 is never 1/2);
// q has 25 bits: the dropped bit is the round bit, r != 0 the sticky bit. Results are normal
// numbers in [2^-32, 1], or +0 for x = 0.
//
// Pipelined, one sample per clock, LATENCY = 18 register stages:
//   s0 input registers | s1 c10 - c00 | s2 partial products of the 8 alpha bits (shift-add,
//   no DSP) | s3 h | s4 h1 - h0 | s5 (h1 - h0)*beta (18x18 DSP) | s6 v | s7 v1 - v0 |
//   s8 (v1 - v0)*delta, split 16 + 9 bits (two 18x18 DSPs) | s9, s10 x | s11, s12 normalise
//   (16/8, then 4/2/1) | s13 A | s14 X*0x01010101 | s15 q | s16 r, round bit, exponent |
//   s17 increment, pack (output registers).
// Multipliers: 8 of 17x9 bits, 4 of 16x8, 4 of 9x9 (16 MULT18X18D on ECP5).
module texcore_filter_rgba8 (
  input  logic         clk,
  input  logic         rst,
  input  logic         in_valid,
  input  logic [255:0] taps,             // tap k of level l at [32*(4*l + k) +: 32]
  input  logic [7:0]   alpha0,           // level 0: weight of taps 1, 3 (1/256)
  input  logic [7:0]   beta0,            // level 0: weight of taps 2, 3
  input  logic [7:0]   alpha1,           // level 1
  input  logic [7:0]   beta1,
  input  logic [7:0]   delta,            // weight of level 1
  output logic         out_valid,
  output logic [31:0]  out_r,            // binary32 bits
  output logic [31:0]  out_g,
  output logic [31:0]  out_b,
  output logic [31:0]  out_a
);
  localparam int LATENCY = 18;

  logic [LATENCY-1:0] vq;
  always @(posedge clk) vq <= rst ? '0 : {vq[LATENCY-2:0], in_valid};
  // Every stage register below loads only while an item is at the input or in flight
  // (clock enable: the pipeline holds when idle, which saves power and simulation time).
  wire act = in_valid | (|vq);
  assign out_valid = vq[LATENCY-1];

  // ---------------------------------------------------------------- s0 inputs, weights
  // Weights {delta, beta1, alpha1, beta0, alpha0} of stage s at w_q[40*s +: 40], s = 0..7
  // (alpha_l at bit 16*l, beta_l at 16*l + 8, delta at 32).
  logic [255:0] t_q;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [319:0] w_q;
  /* verilator lint_on UNUSEDSIGNAL */
  always @(posedge clk) if (act) begin
    t_q <= taps;
    w_q[39:0] <= {delta, beta1, alpha1, beta0, alpha0};
    w_q[319:40] <= w_q[279:0];
  end

  // ---------------------------------------------------------------- s1-s3 horizontal
  // Lane i = 8*l + 4*row + c: h = c0*256 + (c1 - c0)*alpha_l, in 16 bits (exact mod 2^16).
  logic [16*9-1:0]  hd_q;                // s1: c1 - c0, 9-bit two's complement
  logic [16*8-1:0]  hc_q, hc2_q;         // s1, s2: c0
  logic [16*16-1:0] hs_q;                // s2: partial products of alpha bits 0-3
  logic [16*12-1:0] ht_q;                // s2: partial products of alpha bits 4-7 (/16)
  logic [16*16-1:0] h_q;                 // s3: h
  for (genvar i = 0; i < 16; i = i + 1) begin : g_h
    localparam int L = i / 8;
    localparam int P0 = 32 * (4 * L + 2 * ((i / 4) % 2)) + 8 * (i % 4);
    localparam int P1 = P0 + 32;
    wire [7:0]  a   = w_q[40 + 16 * L +: 8];
    wire [15:0] d   = {{7{hd_q[9*i+8]}}, hd_q[9*i +: 9]};
    wire [15:0] p0  = a[0] ? d : 16'd0;
    wire [15:0] p1  = a[1] ? {d[14:0], 1'b0} : 16'd0;
    wire [15:0] p2  = a[2] ? d : 16'd0;
    wire [15:0] p3  = a[3] ? {d[14:0], 1'b0} : 16'd0;
    wire [15:0] p4  = a[4] ? d : 16'd0;
    wire [15:0] p5  = a[5] ? {d[14:0], 1'b0} : 16'd0;
    wire [15:0] p6  = a[6] ? d : 16'd0;
    wire [15:0] p7  = a[7] ? {d[14:0], 1'b0} : 16'd0;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [15:0] s01 = p0 + p1;
    wire [15:0] s23 = p2 + p3;
    wire [15:0] s45 = p4 + p5;
    wire [15:0] s67 = p6 + p7;
    wire [15:0] s03 = s01 + {s23[13:0], 2'b00};
    wire [15:0] s47 = s45 + {s67[13:0], 2'b00};
    /* verilator lint_on UNUSEDSIGNAL */
    always @(posedge clk) if (act) begin
      hd_q[9*i +: 9]   <= {1'b0, t_q[P1 +: 8]} - {1'b0, t_q[P0 +: 8]};
      hc_q[8*i +: 8]   <= t_q[P0 +: 8];
      hs_q[16*i +: 16] <= s03;
      ht_q[12*i +: 12] <= s47[11:0];
      hc2_q[8*i +: 8]  <= hc_q[8*i +: 8];
      h_q[16*i +: 16]  <= {hc2_q[8*i +: 8], 8'd0} + hs_q[16*i +: 16] + {ht_q[12*i +: 12], 4'd0};
    end
  end

  // ---------------------------------------------------------------- s4-s6 vertical
  // Lane j = 4*l + c: v = h0*256 + (h1 - h0)*beta_l, in 24 bits.
  logic [8*17-1:0] vd_q;                 // s4: h1 - h0, 17-bit two's complement
  logic [8*16-1:0] vb_q, vb2_q;          // s4, s5: h0
  logic [8*24-1:0] vp_q;                 // s5: (h1 - h0)*beta mod 2^24
  logic [8*24-1:0] v_q;                  // s6: v
  for (genvar j = 0; j < 8; j = j + 1) begin : g_v
    localparam int H0 = 8 * (j / 4) + (j % 4);
    localparam int H1 = H0 + 4;
    wire        [7:0]  b = w_q[40 * 4 + 16 * (j / 4) + 8 +: 8];
    /* verilator lint_off UNUSEDSIGNAL */
    wire signed [25:0] p = $signed(vd_q[17*j +: 17]) * $signed({1'b0, b});
    /* verilator lint_on UNUSEDSIGNAL */
    always @(posedge clk) if (act) begin
      vd_q[17*j +: 17] <= {1'b0, h_q[16*H1 +: 16]} - {1'b0, h_q[16*H0 +: 16]};
      vb_q[16*j +: 16] <= h_q[16*H0 +: 16];
      vp_q[24*j +: 24] <= p[23:0];
      vb2_q[16*j +: 16] <= vb_q[16*j +: 16];
      v_q[24*j +: 24] <= {vb2_q[16*j +: 16], 8'd0} + vp_q[24*j +: 24];
    end
  end

  // ---------------------------------------------------------------- s7-s10 levels
  // Lane c: x = v0*256 + (v1 - v0)*delta, in 32 bits; (v1 - v0) = hi*2^16 + lo with hi
  // signed 9 bits and lo unsigned 16 bits, one multiplier each.
  logic [4*25-1:0] xd_q;                 // s7: v1 - v0, 25-bit two's complement
  logic [4*24-1:0] xb_q, xb2_q;          // s7, s8: v0
  logic [4*24-1:0] xl_q;                 // s8: lo*delta
  logic [4*16-1:0] xh_q, xh2_q;          // s8, s9: hi*delta mod 2^16
  logic [4*32-1:0] xt_q;                 // s9: v0*256 + lo*delta
  logic [4*32-1:0] x_q;                  // s10: x
  for (genvar c = 0; c < 4; c = c + 1) begin : g_x
    wire        [7:0]  dl = w_q[40 * 7 + 32 +: 8];
    wire        [23:0] pl = xd_q[25*c +: 16] * dl;
    /* verilator lint_off UNUSEDSIGNAL */
    wire signed [17:0] ph = $signed(xd_q[25*c+16 +: 9]) * $signed({1'b0, dl});
    /* verilator lint_on UNUSEDSIGNAL */
    always @(posedge clk) if (act) begin
      xd_q[25*c +: 25] <= {1'b0, v_q[24*(c+4) +: 24]} - {1'b0, v_q[24*c +: 24]};
      xb_q[24*c +: 24] <= v_q[24*c +: 24];
      xl_q[24*c +: 24] <= pl;
      xh_q[16*c +: 16] <= ph[15:0];
      xb2_q[24*c +: 24] <= xb_q[24*c +: 24];
      xt_q[32*c +: 32] <= {xb2_q[24*c +: 24], 8'd0} + {8'd0, xl_q[24*c +: 24]};
      xh2_q[16*c +: 16] <= xh_q[16*c +: 16];
      x_q[32*c +: 32] <= {xt_q[32*c+16 +: 16] + xh2_q[16*c +: 16], xt_q[32*c +: 16]};
    end
  end

  // ---------------------------------------------------------------- s11-s17 to binary32
  logic [4*32-1:0] n1_q, n2_q, n3_q, n4_q;  // s11, s12, s13, s14: x shifted / X
  logic [4*2-1:0]  lz1_q;                // s11: {16, 8} shifts
  logic [4*5-1:0]  lz2_q, lz3_q, lz4_q;  // s12-s14: leading zeros of x
  logic [4*5-1:0]  zr_q;                 // zero flags, s11..s15 (bit 5*c + s - 11)
  logic [4*41-1:0] a_q;                  // s13: A = X*0x101
  logic [4*57-1:0] y_q;                  // s14: X*0x01010101
  logic [4*25-1:0] q_q;                  // s15: X div 255
  logic [4*8-1:0]  xl5_q;                // s15: X[7:0]
  logic [4*5-1:0]  lz5_q;                // s15
  logic [4*24-1:0] m_q;                  // s16: significand before rounding
  logic [3:0]      up_q;                 // s16: round up
  logic [4*8-1:0]  e_q, e1_q;            // s16: biased exponent, and + 1
  logic [3:0]      z6_q;                 // s16: zero
  logic [4*32-1:0] f_q;                  // s17: results
  for (genvar c = 0; c < 4; c = c + 1) begin : g_f
    // s11: shift by 16, 8
    wire [31:0] x   = x_q[32*c +: 32];
    wire        z16 = x[31:16] == 16'd0;
    wire [31:0] x16 = z16 ? {x[15:0], 16'd0} : x;
    wire        z8  = x16[31:24] == 8'd0;
    // s12: shift by 4, 2, 1
    wire [31:0] y   = n1_q[32*c +: 32];
    wire        z4  = y[31:28] == 4'd0;
    wire [31:0] y4  = z4 ? {y[27:0], 4'd0} : y;
    wire        z2  = y4[31:30] == 2'd0;
    wire [31:0] y2  = z2 ? {y4[29:0], 2'd0} : y4;
    wire        z1  = !y2[31];
    // s15: q
    wire [31:0] xn  = n4_q[32*c +: 32];
    /* verilator lint_off UNUSEDSIGNAL */
    wire [56:0] t   = y_q[57*c +: 57] + {32'd0, xn[31:7]};
    // s16: rest, rounding
    wire [24:0] q   = q_q[25*c +: 25];
    /* verilator lint_on UNUSEDSIGNAL */
    wire [7:0]  r   = xl5_q[8*c +: 8] + q[7:0];
    wire [7:0]  eb  = (q[24] ? 8'd127 : 8'd126) - {3'd0, lz5_q[5*c +: 5]};
    // s17 (mn[23] is 0 when mn[24] is 1, and the hidden bit otherwise)
    /* verilator lint_off UNUSEDSIGNAL */
    wire [24:0] mn  = {1'b0, m_q[24*c +: 24]} + {24'd0, up_q[c]};
    /* verilator lint_on UNUSEDSIGNAL */
    always @(posedge clk) if (act) begin
      n1_q[32*c +: 32] <= z8 ? {x16[23:0], 8'd0} : x16;
      lz1_q[2*c +: 2] <= {z16, z8};
      zr_q[5*c] <= x == 32'd0;
      n2_q[32*c +: 32] <= z1 ? {y2[30:0], 1'b0} : y2;
      lz2_q[5*c +: 5] <= {lz1_q[2*c +: 2], z4, z2, z1};
      zr_q[5*c+1] <= zr_q[5*c];
      a_q[41*c +: 41] <= {9'd0, n2_q[32*c +: 32]} + {1'b0, n2_q[32*c +: 32], 8'd0};
      n3_q[32*c +: 32] <= n2_q[32*c +: 32];
      lz3_q[5*c +: 5] <= lz2_q[5*c +: 5];
      zr_q[5*c+2] <= zr_q[5*c+1];
      y_q[57*c +: 57] <= {16'd0, a_q[41*c +: 41]} + {a_q[41*c +: 41], 16'd0};
      n4_q[32*c +: 32] <= n3_q[32*c +: 32];
      lz4_q[5*c +: 5] <= lz3_q[5*c +: 5];
      zr_q[5*c+3] <= zr_q[5*c+2];
      q_q[25*c +: 25] <= t[56:32];
      xl5_q[8*c +: 8] <= xn[7:0];
      lz5_q[5*c +: 5] <= lz4_q[5*c +: 5];
      zr_q[5*c+4] <= zr_q[5*c+3];
      m_q[24*c +: 24] <= q[24] ? q[24:1] : q[23:0];
      up_q[c] <= q[24] ? (q[0] && (r != 8'd0 || q[1])) : r[7];
      e_q[8*c +: 8] <= eb;
      e1_q[8*c +: 8] <= eb + 8'd1;
      z6_q[c] <= zr_q[5*c+4];
      f_q[32*c +: 32] <= z6_q[c] ? 32'd0 : {1'b0, mn[24] ? e1_q[8*c +: 8] : e_q[8*c +: 8], mn[22:0]};
    end
  end

  assign out_r = f_q[31:0];
  assign out_g = f_q[63:32];
  assign out_b = f_q[95:64];
  assign out_a = f_q[127:96];
endmodule
