`timescale 1ns/1ps
// LOD stage of one lane: texcore::lod::texel_derivs + texcore::lod::compute. Reference for
// the `lod` vectors.
//
//   m      = d(s,t,r)/dx, d(s,t,r)/dy (binary32) x base-level size, first `dims` axes
//   rho^2  = |m_x|^2, |m_y|^2                   Pf: 64-bit significand, truncating
//   iso    : lambda_base = 1/2 log2 rho_max^2   (-128.0 for rho = 0)
//   aniso  : eta^2 = min(rho_max^2 / rho_min^2, A^2) (rho_min = 0: A^2), N = ceil(eta),
//            lambda_base = 1/2 log2(rho_max^2 / eta^2)
//   lambda_base = the above | RNE(lod * 256) (explicit) | 0 (zero)
//   lambda' = sat16(lambda_base + clamp(lod_bias + shader bias, -16, +15.996))
//   lambda  = max(min_lod, min(max_lod, lambda'))  -> magnify, levels, weight, used LOD
//
// Bit-exact to texcore::pf::Pf (core/src/pf.rs), whose operations truncate:
//   * a derivative times a size is the exact integer M*S < 2^40 (24-bit significand, size
//     <= 2^16), normalized to 40 bits: Pn * 2^En;
//   * Pf::mul of it by itself = (Pn << 24)^2 >> 64 = Pn^2 >> 16, computed as
//     (ph^2 << 24) + (ph*pl << 5) + (pl^2 >> 16) with Pn = ph*2^20 + pl, then normalized by
//     one bit (exponent 2En + 16, or 2En + 15);
//   * Pf::add of non-negative values is the exact sum truncated to 64 bits:
//     hi.m + (lo.m >> (hi.e - lo.e)), the carry shifted out (exponent + 1);
//   * Pf::div is floor(a.m * 2^63 / b.m) (64 quotient bits, 64 restoring steps of 64-bit
//     compare/subtract over DIV_ST steps per stage), exponent a.e - b.e - 63, normalized;
//     a step's 65-bit test 2r >= b is r >= ceil(b/2) (precomputed once per division), and
//     the quotient is accumulated complemented (bit = r < ceil(b/2)), inverted at the end;
//   * Pf::log2_fixed(12) squares the Q62 significand 12 times: with x = 2^62 + y,
//     x^2 >> 62 = 2^62 + 2y + (y^2 >> 62), y^2 >> 62 = yh^2 + ((yh*yl + (yl^2 >> 32)) >> 30)
//     for y = yh*2^31 + yl (three 31x31 products per squaring);
//   * half_log2_88 = clamp(((e + 63) * 4096 + fraction + 16) >>> 5).
// A^2 = 2^(2*aniso) is a power of two, so rho_max^2 / A^2 needs no divider; the RTL runs the
// second divider anyway (a divisor of 2^63 returns the dividend exactly). Exponents stay
// within +-1100 for every input, far inside Pf's saturation range (2^20): none is modelled.
//
// Pipelined, one lane per clock, LATENCY = 2*(64/DIV_ST) + 26 register stages (42 for
// DIV_ST = 8); rst clears only the valid pipeline and the ring pointer:
//   s1 f32 decode (from the ports), base-level sizes, lod -> S8.8 | s2 M*S, bias sum |
//   s3 normalize (40-bit leading zeros) | s4 squares | s5 normalize, align a^2 + b^2 |
//   s6 add | s7 align + c^2 | s8 add: rho_x^2, rho_y^2 | s9 compare, major axis, divider 1
//   set-up | 64/DIV_ST divider-1 stages (rho_max^2 / rho_min^2) | eta^2, divider 2 set-up |
//   64/DIV_ST divider-2 stages (rho_max^2 / eta^2), the first also counting N (from
//   ceil(eta^2)) | log2 input | 12 squaring stages | half-log2 rounding, lambda_base |
//   bias, clamps | level selection (output registers).
// Fields that only wait for a later stage (the s2 payload, rho_max^2, exponents, N) travel
// in delay rings (texcore_lod_ring, at the end of this file: a small memory written at a
// free-running pointer and read D entries back), not through every stage's registers; the
// divider stages register r, q, b, ceil(b/2), the log stages y and the fraction bits.
// Each stage's arithmetic is written on local variables of its always block (Verilator
// then keeps intermediates in machine registers instead of the model struct).
// Codes no op produces (dims 0, mip 3, aniso 5-7, lod_mode 3) are not in the vectors; this
// block treats dims 0 as no texel axis, mip 3 as LINEAR, aniso >= 5 with A^2 = 2^(2*aniso)
// and N <= 16, lod_mode 3 as ZERO.
module texcore_lod #(
  parameter int DIV_ST = 8                 // divider steps per stage (1, 2, 4, ... 64); tb_common.svh's
                                           // queue (QD = 64) needs DIV_ST >= 4 (latency 58)
) (
  input  logic        clk,
  input  logic        rst,
  input  logic        in_valid,
  input  logic [31:0] dsdx,                // binary32 derivatives of the normalized
  input  logic [31:0] dtdx,                // coordinates
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
  output logic        major_x
);
  localparam int EW = 13;                  // signed exponent width
  localparam int DS = 64 / DIV_ST;         // stages per divider
  localparam int PW = 1 + 16 + 13 + 16 + 16 + 5 + 2;   // s2 payload width
  // Register stages (0 = s1, the first): divider-1 set-up, divider-2 set-up, log input,
  // lambda_base; outputs two stages after lambda_base.
  localparam int S_D1 = 8;
  localparam int S_D2 = S_D1 + DS + 1;
  localparam int S_L0 = S_D2 + DS + 1;
  localparam int LS = 13;                  // g_log[0] + 12 squaring stages
  localparam int S_LB = S_L0 + LS;
  localparam int LATENCY = S_LB + 3;       // 2 * DS + 26

  // ---------------------------------------------------------------- functions
  // |a| < |b| for normalized values (Pf::abs_lt); zero is m = 0.
  function automatic logic pf_lt(input logic [63:0] am, input logic [EW-1:0] ae,
                                 input logic [63:0] bm, input logic [EW-1:0] be);
    if (am == 64'd0) pf_lt = (bm != 64'd0);
    else if (bm == 64'd0) pf_lt = 1'b0;
    else if (ae != be) pf_lt = $signed(ae) < $signed(be);
    else pf_lt = am < bm;
  endfunction

  // binary32 -> S8.8, RNE, saturated; NaN -> 0 (texcore::lod::f32_to_88).
  function automatic logic [15:0] f32_to_88(input logic [31:0] b);
    logic [7:0]  ex;
    logic [23:0] q;
    logic [47:0] sh;
    logic [7:0]  s;
    logic        up;
    logic [24:0] mag;
    f32_to_88 = 16'd0;
    ex = b[30:23];
    if (ex == 8'hFF) begin
      if (b[22:0] == 23'd0) f32_to_88 = b[31] ? 16'h8000 : 16'h7FFF;
    end else if (ex >= 8'd142) begin
      f32_to_88 = b[31] ? 16'h8000 : 16'h7FFF;         // |value| * 256 >= 2^23
    end else if (ex >= 8'd118) begin                   // shift 1 ... 24
      s = 8'd142 - ex;
      sh = {1'b1, b[22:0], 24'd0} >> s;
      q = sh[47:24];
      up = sh[23] && ((sh[22:0] != 23'd0) || q[0]);
      mag = {1'b0, q} + {24'd0, up};
      if (!b[31]) f32_to_88 = (mag > 25'd32767) ? 16'h7FFF : mag[15:0];
      else f32_to_88 = (mag > 25'd32768) ? 16'h8000 : (~mag[15:0] + 16'd1);
    end
  endfunction

  // ---------------------------------------------------------------- valid pipeline
  logic [LATENCY-1:0] vq;
  always @(posedge clk) vq <= rst ? '0 : {vq[LATENCY-2:0], in_valid};
  assign out_valid = vq[LATENCY-1];

  // ---------------------------------------------------------------- s1 decode, sizes
  // Decoded straight from the ports (no input registers). Slot k = 3*screen + axis. M:
  // significand (0 for zero, NaN and inactive axes; 1 for inf), E: exponent of its LSB
  // (value M * 2^E). Per-slot registers (g_dec[k].m_q, ...), here and in the next stages,
  // each stage's logic on local variables of its always block (cheaper in Verilator).
  logic [15:0]      lod88_1_q, bias1_q, min1_q, max1_q;
  logic [1:0]       mode1_q, mip1_q;
  logic [4:0]       lvq1_q;
  logic [2:0]       an1_q;
  for (genvar k = 0; k < 6; k = k + 1) begin : g_dec
    localparam int AX = k % 3;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [31:0] d = (k == 0) ? dsdx : (k == 1) ? dtdx : (k == 2) ? drdx :
                    (k == 3) ? dsdy : (k == 4) ? dtdy : drdy;   // the sign does not matter
    /* verilator lint_on UNUSEDSIGNAL */
    logic [23:0] m_q;
    logic [9:0]  e_q;
    always @(posedge clk) begin : dec
      logic [23:0] m;
      logic [9:0]  e;
      m = 24'd0;
      e = 10'd0;
      if (d[30:23] == 8'd0) begin
        m = {1'b0, d[22:0]};
        e = 10'h36B;                           // -149
      end else if (d[30:23] == 8'hFF) begin
        if (d[22:0] == 23'd0) begin
          m = 24'd1;
          e = 10'd128;
        end
      end else begin
        m = {1'b1, d[22:0]};
        e = {2'b00, d[30:23]} - 10'd150;
      end
      if ({30'd0, dims} <= AX) m = 24'd0;   // inactive axis
      m_q <= m;
      e_q <= e;
    end
  end
  for (genvar a = 0; a < 3; a = a + 1) begin : g_size
    wire [15:0] sz = (a == 0) ? w_m1 : (a == 1) ? h_m1 : d_m1;
    logic [16:0] s_q;                      // base-level size
    always @(posedge clk) begin : size
      logic [16:0] sh;
      sh = ({1'b0, sz} + 17'd1) >> base_level;
      s_q <= (sh == 17'd0) ? 17'd1 : sh;
    end
  end
  always @(posedge clk) begin
    lod88_1_q <= f32_to_88(lod);
    mode1_q <= lod_mode;
    an1_q <= aniso;
    bias1_q <= lod_bias;
    min1_q <= min_lod;
    max1_q <= max_lod;
    lvq1_q <= levels_m1;
    mip1_q <= mip;
  end

  // ---------------------------------------------------------------- s2 products, bias sum
  // Payload carried to the end: {deriv, lbo[15:0], bsum[12:0], min, max, lvq, mip}.
  wire [PW-1:0]    pl2_d;                  // into ring A (below)
  logic [2:0]      an2_q;
  for (genvar k = 0; k < 6; k = k + 1) begin : g_mul
    logic [39:0] p_q;
    logic [9:0]  e_q;
    always @(posedge clk) begin : mul
      /* verilator lint_off UNUSEDSIGNAL */
      logic [63:0] p;
      /* verilator lint_on UNUSEDSIGNAL */
      p = {40'd0, g_dec[k].m_q} * {47'd0, g_size[k%3].s_q};
      p_q <= p[39:0];                       // < 2^40
      e_q <= g_dec[k].e_q;
    end
  end
  wire        deriv1 = mode1_q == texcore_vectors_pkg::LOD_MODE_DERIV;
  wire        expl1  = mode1_q == texcore_vectors_pkg::LOD_MODE_EXPLICIT;
  wire [15:0] sbias1 = deriv1 ? lod88_1_q : 16'd0;
  wire [16:0] bsum1  = {bias1_q[15], bias1_q} + {sbias1[15], sbias1};
  wire [12:0] bclamp1 = ($signed(bsum1) < -17'sd4096) ? 13'h1000 :
                        ($signed(bsum1) > 17'sd4095) ? 13'h0FFF : bsum1[12:0];
  assign pl2_d = {deriv1, expl1 ? lod88_1_q : 16'd0, bclamp1, min1_q, max1_q, lvq1_q, mip1_q};
  always @(posedge clk) an2_q <= an1_q;

  // ---------------------------------------------------------------- s3 normalize
  // 40-bit leading zeros by a 32/16/8/4/2/1 normalizing shifter on a 64-bit local (x at
  // [63:24]); zero stays zero with 40 leading zeros.
  logic [2:0]      an3_q;
  for (genvar k = 0; k < 6; k = k + 1) begin : g_norm
    logic [39:0]   p_q;
    /* verilator lint_off UNUSEDSIGNAL */
    logic [EW-1:0] e_q;                    // (the top bit shifts out of 2 * e)
    /* verilator lint_on UNUSEDSIGNAL */
    always @(posedge clk) begin : norm
      logic [63:0] n;
      logic [5:0]  z;
      n = {g_mul[k].p_q, 24'd0};
      z = 6'd0;
      if (n[63:32] == 32'd0) begin n = n << 32; z = z + 6'd32; end
      if (n[63:48] == 16'd0) begin n = n << 16; z = z + 6'd16; end
      if (n[63:56] == 8'd0) begin n = n << 8; z = z + 6'd8; end
      if (n[63:60] == 4'd0) begin n = n << 4; z = z + 6'd4; end
      if (n[63:62] == 2'd0) begin n = n << 2; z = z + 6'd2; end
      if (!n[63]) begin n = n << 1; z = z + 6'd1; end
      if (n == 64'd0) z = 6'd40;
      p_q <= n[63:24];
      e_q <= {{(EW-10){g_mul[k].e_q[9]}}, g_mul[k].e_q} - {{(EW-6){1'b0}}, z};
    end
  end
  always @(posedge clk) an3_q <= an2_q;

  // ---------------------------------------------------------------- s4 squares
  // sq = Pn^2 >> 16 in [2^62, 2^64) (0 for Pn = 0), exponent 2*En + 16.
  logic [2:0]      an4_q;
  for (genvar k = 0; k < 6; k = k + 1) begin : g_sq
    logic [63:0]   s_q;
    logic [EW-1:0] e_q;
    always @(posedge clk) begin : sq
      logic [63:0] ph, pl;
      ph = {24'd0, g_norm[k].p_q} >> 20;
      pl = {44'd0, g_norm[k].p_q[19:0]};
      s_q <= ((ph * ph) << 24) + ((ph * pl) << 5) + ((pl * pl) >> 16);
      e_q <= {g_norm[k].e_q[EW-2:0], 1'b0} + 13'd16;
    end
  end
  always @(posedge clk) an4_q <= an3_q;

  // ---------------------------------------------------------------- s5 .. s8 rho^2
  // Per screen axis sd (slots 3sd, 3sd+1, 3sd+2 = a, b, c): s5 normalizes the squares by one
  // bit and aligns a^2 + b^2 (the larger exponent, the other shifted right), s6 adds, s7
  // aligns + c^2, s8 adds: rho^2 (Pf::add: truncating, the carry shifted out).
  logic [2:0]      an5_q, an6_q, an7_q, an8_q;
  always @(posedge clk) begin
    an5_q <= an4_q;
    an6_q <= an5_q;
    an7_q <= an6_q;
    an8_q <= an7_q;
  end
  for (genvar sd = 0; sd < 2; sd = sd + 1) begin : g_rho
    logic [63:0]   hi5_q, lo5_q, c5_q, ab6_q, c6_q, hi7_q, lo7_q, r_q;
    logic [EW-1:0] he5_q, ce5_q, abe6_q, ce6_q, he7_q, re_q;
    // s5: normalize a^2, b^2, c^2 by one bit; align a^2 + b^2
    always @(posedge clk) begin : s5
      logic [63:0]   am, bm, hm, lm;
      logic [EW-1:0] ae, be, hx, lx, d;
      logic          a_hi;
      am = g_sq[3*sd].s_q;
      ae = g_sq[3*sd].e_q;
      if (!am[63]) begin am = am << 1; ae = ae - 13'd1; end
      bm = g_sq[3*sd+1].s_q;
      be = g_sq[3*sd+1].e_q;
      if (!bm[63]) begin bm = bm << 1; be = be - 13'd1; end
      a_hi = (bm == 64'd0) || (am != 64'd0 && $signed(ae) >= $signed(be));
      hm = a_hi ? am : bm;
      hx = a_hi ? ae : be;
      lm = a_hi ? bm : am;
      lx = a_hi ? be : ae;
      d = hx - lx;
      hi5_q <= hm;
      he5_q <= hx;
      lo5_q <= (lm == 64'd0 || d >= 13'd64) ? 64'd0 : lm >> d[5:0];
      c5_q <= g_sq[3*sd+2].s_q[63] ? g_sq[3*sd+2].s_q : g_sq[3*sd+2].s_q << 1;
      ce5_q <= g_sq[3*sd+2].s_q[63] ? g_sq[3*sd+2].e_q : g_sq[3*sd+2].e_q - 13'd1;
    end
    // s6: a^2 + b^2
    always @(posedge clk) begin : s6
      logic [63:0] s;
      logic        cy;
      s = hi5_q + lo5_q;
      cy = s < hi5_q;
      ab6_q <= cy ? {1'b1, s[63:1]} : s;
      abe6_q <= cy ? he5_q + 13'd1 : he5_q;
      c6_q <= c5_q;
      ce6_q <= ce5_q;
    end
    // s7: align (a^2 + b^2) + c^2
    always @(posedge clk) begin : s7
      logic [63:0]   hm, lm;
      logic [EW-1:0] hx, lx, d;
      logic          a_hi;
      a_hi = (c6_q == 64'd0) || (ab6_q != 64'd0 && $signed(abe6_q) >= $signed(ce6_q));
      hm = a_hi ? ab6_q : c6_q;
      hx = a_hi ? abe6_q : ce6_q;
      lm = a_hi ? c6_q : ab6_q;
      lx = a_hi ? ce6_q : abe6_q;
      d = hx - lx;
      hi7_q <= hm;
      he7_q <= hx;
      lo7_q <= (lm == 64'd0 || d >= 13'd64) ? 64'd0 : lm >> d[5:0];
    end
    // s8: rho^2
    always @(posedge clk) begin : s8
      logic [63:0] s;
      logic        cy;
      s = hi7_q + lo7_q;
      cy = s < hi7_q;
      r_q <= cy ? {1'b1, s[63:1]} : s;
      re_q <= cy ? he7_q + 13'd1 : he7_q;
    end
  end

  // ---------------------------------------------------------------- s9 major axis, divider 1 set-up
  // Fields that only wait (the s2 payload, rho_max^2, exponents, N, ...) travel in delay
  // rings (texcore_lod_ring: a memory written at rp_q, read D entries back; the same delay
  // as D pipeline registers), so the divider and log stages register only what they compute
  // on. Stage numbers (register stage written): s9 divider-1 set-up (g_dv[0] stage 0), S_D2
  // divider-2 set-up (g_dv[1] stage 0), S_L0 log input (g_log[0]), S_LB lambda_base.
  localparam int D_A = S_LB - 1;           // ring A: s2 payload -> lambda_base
  localparam int D_B = DS + 1;             // rings B1, B2: across one divider
  localparam int D_N = S_LB - S_D2 - 1;    // ring N: samples, major_x -> lambda_base
  localparam int D_E = S_LB - S_L0;        // ring E: log zero, exponent -> lambda_base
  localparam int AW_A = $clog2(D_A);
  localparam int AW_B = $clog2(D_B);
  localparam int AW_N = $clog2(D_N);
  localparam int AW_E = $clog2(D_E);
  localparam int RPW = AW_A;               // D_A is the longest
  logic [RPW-1:0] rp_q;                    // ring pointer
  always @(posedge clk) rp_q <= rst ? '0 : rp_q + 1'b1;

  wire [63:0]   rxm = g_rho[0].r_q;
  wire [EW-1:0] rxe = g_rho[0].re_q;
  wire [63:0]   rym = g_rho[1].r_q;
  wire [EW-1:0] rye = g_rho[1].re_q;
  wire          mx9 = !pf_lt(rxm, rxe, rym, rye);
  wire [63:0]   rmax9 = mx9 ? rxm : rym;
  wire [EW-1:0] rmaxe9 = mx9 ? rxe : rye;
  wire [63:0]   rmin9 = mx9 ? rym : rxm;
  wire [EW-1:0] rmine9 = mx9 ? rye : rxe;
  wire          iso9 = (an8_q == 3'd0) || (rmax9 == 64'd0);

  // Ring A: {deriv, lbo[15:0], bsum[12:0], min, max, lvq, mip}, written with s2.
  wire [PW-1:0] pa;
  texcore_lod_ring #(.W(PW), .D(D_A), .AW(AW_A)) u_ring_a (
    .clk(clk), .ptr(rp_q[AW_A-1:0]), .d(pl2_d), .q(pa));

  // Ring B1: {rho_max^2 m, e, rho_min^2 e, aniso, rho_min zero, iso, major_x}, written with
  // g_dv[0] stage 0, read at divider 1's end.
  localparam int BW = 64 + 2 * EW + 6;
  wire [BW-1:0] b1;
  texcore_lod_ring #(.W(BW), .D(D_B), .AW(AW_B)) u_ring_b1 (
    .clk(clk), .ptr(rp_q[AW_B-1:0]),
    .d({rmax9, rmaxe9, rmine9, an8_q, rmin9 == 64'd0, iso9, mx9}), .q(b1));

  // The dividers' results (g_dv below): quotients, and eta^2 in divider 2's set-up register.
  wire [63:0] q1r, q2r, eta_m_q;

  // ---------------------------------------------------------------- eta^2, divider 2 set-up
  wire [63:0]   am_e = b1[BW-1 -: 64];
  wire [EW-1:0] ae_e = b1[BW-65 -: EW];
  wire [EW-1:0] be_e = b1[BW-65-EW -: EW];
  wire [2:0]    an_e = b1[5:3];
  wire          rminz = b1[2];
  wire          iso_e = b1[1];
  wire          mx_e = b1[0];
  wire [63:0]   q1m = q1r[63] ? q1r : {q1r[62:0], 1'b0};
  wire [EW-1:0] q1e = ae_e - be_e - 13'd63 - {12'd0, !q1r[63]};
  wire [EW-1:0] a2e = {{(EW-4){1'b0}}, an_e, 1'b0} - 13'd63;     // A^2 = 2^63 * 2^(2*aniso - 63)
  wire          use_q1 = !rminz && pf_lt(q1m, q1e, 64'h8000_0000_0000_0000, a2e);
  wire [63:0]   eta_m = use_q1 ? q1m : 64'h8000_0000_0000_0000;
  wire [EW-1:0] eta_e = use_q1 ? q1e : a2e;

  // Ring B2: {rho_max^2 m, e, eta^2 e, iso}, written with g_dv[1] stage 0, read at divider 2's end.
  localparam int B2W = 64 + 2 * EW + 1;
  wire [B2W-1:0] b2;
  texcore_lod_ring #(.W(B2W), .D(D_B), .AW(AW_B)) u_ring_b2 (
    .clk(clk), .ptr(rp_q[AW_B-1:0]), .d({am_e, ae_e, eta_e, iso_e}), .q(b2));

  // Divider-2 set-up extras: eta^2's exponent, aniso, iso, major_x (for N, stage 1).
  logic [EW-1:0] d2be_q;
  logic [2:0]    d2an_q;
  logic          d2iso_q, d2mx_q;
  always @(posedge clk) begin
    d2be_q <= eta_e;
    d2an_q <= an_e;
    d2iso_q <= iso_e;
    d2mx_q <= mx_e;
  end

  // N = 1 + #{n in 1 .. A-1 : n^2 < eta^2} (the core's loop: n^2 increases). With
  // C = ceil(eta^2) saturated at 256 (n <= 15: n^2 <= 225), n^2 < eta^2 is n^2 < C; eta^2 =
  // m * 2^e with m in [2^63, 2^64), so eta^2 >= 2^8 for e > -56, < 1 for e < -64.
  logic [4:0] n_cnt;
  always @* begin : ncount
    logic [63:0] m;
    logic [5:0]  sh;
    logic [8:0]  c;
    logic [3:0]  lim;
    m = eta_m_q;
    sh = 6'd0 - d2be_q[5:0];               // -e for e in -63 .. -56
    if ($signed(d2be_q) > -13'sd56) c = 9'd256;
    else if ($signed(d2be_q) < -13'sd63) c = {8'd0, m != 64'd0};
    else c = {1'b0, 8'(m >> sh)} + {8'd0, (m << (7'd64 - {1'b0, sh})) != 64'd0};
    lim = (d2an_q >= 3'd4) ? 4'd15 : (4'd1 << d2an_q) - 4'd1;  // A - 1, at most 15
    n_cnt = 5'd1;
    for (int n = 1; n < 16; n = n + 1)
      if (n <= {28'd0, lim} && n * n < {23'd0, c}) n_cnt = n_cnt + 5'd1;
  end

  // Ring N: {N or 1 (iso), major_x}, written with g_dv[1] stage 1, read at lambda_base.
  wire [5:0] nr;
  texcore_lod_ring #(.W(6), .D(D_N), .AW(AW_N)) u_ring_n (
    .clk(clk), .ptr(rp_q[AW_N-1:0]), .d({d2iso_q ? 5'd1 : n_cnt, d2mx_q}), .q(nr));

  // The two dividers, one generate loop (one module, as before: Yosys 0.23's hierarchical
  // synth_xilinx mapped the same divider as a submodule to 7 k more LUTs):
  //   g_dv[0]: rho_max^2 / rho_min^2, set up at s9;
  //   g_dv[1]: rho_max^2 / eta^2, set up DS + 1 clocks later.
  // q = floor(a * 2^63 / b) for 64-bit significands (b != 0; both normalized here, so
  // q < 2^64), DS + 1 clocks after a and b. Stage 0 (g_div[0]) registers r = a >> 1, b and
  // ceil(b / 2); each later stage makes DIV_ST restoring steps, the dividend's last bit
  // entering at the first step. A step's 65-bit test 2r >= b is r >= ceil(b / 2), and the
  // quotient is accumulated complemented (bit = r < ceil(b / 2): q + q + bit is one
  // add-with-carry in Verilator's C++), inverted at the end.
  for (genvar d = 0; d < 2; d = d + 1) begin : g_dv
    wire [63:0] a = (d == 0) ? rmax9 : am_e;
    wire [63:0] b = (d == 0) ? rmin9 : eta_m;
    logic a0_q;                            // a bit 0 (the dividend's last bit)
    always @(posedge clk) a0_q <= a[0];
    for (genvar s = 0; s <= DS; s = s + 1) begin : g_div
      /* verilator lint_off UNUSEDSIGNAL */
      logic [63:0] b_q;                    // divisor (last stage unused)
      logic [63:0] hb_q;                   // ceil(b / 2) (last stage unused)
      logic [63:0] r_q;                    // partial remainder (last stage unused)
      logic [63:0] q_q;                    // quotient bits so far, complemented
      /* verilator lint_on UNUSEDSIGNAL */
      if (s == 0) begin : g_set
        always @(posedge clk) begin
          b_q <= b;
          hb_q <= {1'b0, b[63:1]} + {63'd0, b[0]};
          r_q <= {1'b0, a[63:1]};
          q_q <= 64'd0;
        end
      end else begin : g_step
        // DIV_ST steps on local variables (no wide function result: Verilator keeps r in a
        // machine register).
        always @(posedge clk) begin : steps
          logic [63:0] r, lo, qq, bb, hb;
          logic lt;
          r = g_div[s-1].r_q;
          qq = g_div[s-1].q_q;
          bb = g_div[s-1].b_q;
          hb = g_div[s-1].hb_q;
          for (int k = DIV_ST - 1; k >= 0; k = k - 1) begin
            if (s == 1 && k == DIV_ST - 1) begin
              // first step: r = a >> 1 (r[63] = 0), a[0] shifted in, lo = a
              lo = {r[62:0], a0_q};
              lt = lo < bb;
            end else begin
              lo = {r[62:0], 1'b0};
              lt = r < hb;
            end
            r = lt ? lo : lo - bb;
            qq = qq + qq + {63'd0, lt};
          end
          b_q <= bb;
          hb_q <= hb;
          r_q <= r;
          q_q <= qq;
        end
      end
    end
  end
  assign q1r = ~g_dv[0].g_div[DS].q_q;
  assign q2r = ~g_dv[1].g_div[DS].q_q;
  assign eta_m_q = g_dv[1].g_div[0].b_q;

  // ---------------------------------------------------------------- log2 input
  wire [63:0]   am_2 = b2[B2W-1 -: 64];
  wire [EW-1:0] ae_2 = b2[B2W-65 -: EW];
  wire [EW-1:0] be_2 = b2[B2W-65-EW -: EW];
  wire          iso_2 = b2[0];
  wire [63:0]   q2m = q2r[63] ? q2r : {q2r[62:0], 1'b0};
  wire [EW-1:0] q2e = ae_2 - be_2 - 13'd63 - {12'd0, !q2r[63]};
  wire [63:0]   xm = iso_2 ? am_2 : q2m;
  wire [EW-1:0] xe = iso_2 ? ae_2 : q2e;
  // Ring E: {log input zero, exponent + 63}, written with g_log[0], read at lambda_base.
  wire [EW:0] le;
  texcore_lod_ring #(.W(EW + 1), .D(D_E), .AW(AW_E)) u_ring_e (
    .clk(clk), .ptr(rp_q[AW_E-1:0]), .d({xm == 64'd0, xe + 13'd63}), .q(le));
  // Log pipeline: stage 0 = its input registers, stage i after squaring i. The Q62 value
  // x in [2^62, 2^63) is kept as y = x - 2^62 (62 bits).
  for (genvar i = 0; i < LS; i = i + 1) begin : g_log
    /* verilator lint_off UNUSEDSIGNAL */
    logic [61:0]   y_q;                     // x - 2^62 (last stage unused)
    logic [11:0]   f_q;                     // fraction bits so far (the top one shifts out)
    /* verilator lint_on UNUSEDSIGNAL */
    if (i == 0) begin : g_set
      always @(posedge clk) begin
        y_q <= xm[62:1];
        f_q <= 12'd0;
      end
    end else begin : g_step
      // One squaring, x^2 >> 62 = 2^62 + 2y + (y^2 >> 62) with y^2 >> 62 = yh^2 +
      // ((yh*yl + (yl^2 >> 32)) >> 30), y = yh*2^31 + yl; then one bit of normalization.
      // 64-bit locals throughout (no width masks in Verilator's C++).
      always @(posedge clk) begin : sq_blk
        logic [63:0] y, yh, yl, t, sq;
        /* verilator lint_off UNUSEDSIGNAL */
        logic [63:0] nx;
        /* verilator lint_on UNUSEDSIGNAL */
        y = {2'b00, g_log[i-1].y_q};
        yh = {33'd0, y[61:31]};              // (explicit zero extension: synthesis then
        yl = {33'd0, y[30:0]};               // sizes the products 31x31)
        t = yh * yl + ((yl * yl) >> 32);
        sq = 64'h4000_0000_0000_0000 + (y << 1) + yh * yh + (t >> 30);
        nx = (sq >> sq[63]) ^ 64'h4000_0000_0000_0000;
        y_q <= nx[61:0];
        f_q <= {g_log[i-1].f_q[10:0], sq[63]};
      end
    end
  end

  // ---------------------------------------------------------------- lambda_base
  // pa = {deriv, lbo[15:0], bsum[12:0], min, max, lvq, mip}
  logic [15:0]    lb_q;
  logic [PW-18:0] plf_q;                   // {bsum, min, max, lvq, mip}
  logic [4:0]     smp_q;
  logic           mx_q;
  always @(posedge clk) begin : lbase
    /* verilator lint_off UNUSEDSIGNAL */
    logic [EW+11:0] l16;
    /* verilator lint_on UNUSEDSIGNAL */
    logic [EW+6:0]  l5;
    logic [15:0]    lbd;
    l16 = {le[EW-1:0], g_log[LS-1].f_q} + 25'd16;
    l5 = l16[EW+11:5];                     // arithmetic >> 5
    lbd = le[EW] ? 16'h8000 :              // log input zero
          ($signed(l5) < -20'sd32768) ? 16'h8000 :
          ($signed(l5) > 20'sd32767) ? 16'h7FFF : l5[15:0];
    lb_q <= pa[PW-1] ? lbd : pa[PW-2 -: 16];
    plf_q <= pa[PW-18:0];
    smp_q <= pa[PW-1] ? nr[5:1] : 5'd1;
    mx_q <= nr[0];
  end

  // ---------------------------------------------------------------- bias, clamps
  logic [15:0] lb2_q, pr2_q;
  logic [17:0] lam2_q;
  logic [6:0]  lm2_q;                      // {lvq, mip}
  logic [4:0]  smp2_q;
  logic        mx2_q;
  always @(posedge clk) begin : clamps
    logic [12:0] bs;
    logic [15:0] mn, mxl, prime;
    logic [16:0] ps;
    logic [17:0] pr18, t18;
    bs = plf_q[PW-18 -: 13];
    mn = plf_q[38:23];
    mxl = plf_q[22:7];
    ps = {lb_q[15], lb_q} + {{4{bs[12]}}, bs};
    prime = ($signed(ps) < -17'sd32768) ? 16'h8000 :
            ($signed(ps) > 17'sd32767) ? 16'h7FFF : ps[15:0];
    pr18 = {{2{prime[15]}}, prime};
    t18 = ($signed(pr18) < $signed({2'b00, mxl})) ? pr18 : {2'b00, mxl};
    lb2_q <= lb_q;
    pr2_q <= prime;
    lam2_q <= ($signed(t18) < $signed({2'b00, mn})) ? {2'b00, mn} : t18;
    lm2_q <= plf_q[6:0];
    smp2_q <= smp_q;
    mx2_q <= mx_q;
  end

  // ---------------------------------------------------------------- level selection, outputs
  always @(posedge clk) begin : levels
    logic [4:0]  lvq, hi, lo;
    logic [12:0] qmax, dp;
    /* verilator lint_off UNUSEDSIGNAL */
    logic [13:0] dn;
    /* verilator lint_on UNUSEDSIGNAL */
    logic [5:0]  hi1;
    lvq = lm2_q[6:2];
    qmax = {lvq, 8'd0};
    dp = $signed(lam2_q) <= 18'sd0 ? 13'd0 :
         (lam2_q > {5'd0, qmax}) ? qmax : lam2_q[12:0];
    dn = {1'b0, dp} + 14'd127;
    hi = dp[12:8];
    hi1 = {1'b0, hi} + 6'd1;
    lo = (hi1 > {1'b0, lvq}) ? lvq : hi1[4:0];
    lambda_base <= lb2_q;
    lambda_prime <= pr2_q;
    lambda <= lam2_q[15:0];
    magnify <= $signed(lam2_q) <= 18'sd0;
    samples <= smp2_q;
    major_x <= mx2_q;
    case (lm2_q[1:0])
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
        level2 <= (dp[7:0] == 8'd0) ? hi : lo;
        delta <= dp[7:0];
        used_lod <= {3'd0, dp};
      end
    endcase
  end
endmodule

// Delay ring: q is d as written D clocks earlier (D pipeline registers' delay) for
// D <= 2^AW; one memory written at ptr (a free-running counter) and read at ptr - D.
/* verilator lint_off DECLFILENAME */
module texcore_lod_ring #(
  parameter int W = 1,
  parameter int D = 2,
  parameter int AW = 1
) (
  input  logic          clk,
  input  logic [AW-1:0] ptr,
  input  logic [W-1:0]  d,
  output logic [W-1:0]  q
);
  localparam logic [AW-1:0] DOFF = AW'(D % (1 << AW));
  wire [AW-1:0] ra = ptr - DOFF;          // (Icarus 11 reads X through m[ptr - DOFF[AW-1:0]])
  logic [W-1:0] m [0:(1 << AW) - 1];
  always @(posedge clk) m[ptr] <= d;
  assign q = m[ra];
endmodule
/* verilator lint_on DECLFILENAME */
