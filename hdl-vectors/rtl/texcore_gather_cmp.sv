`timescale 1ns/1ps
// Gather/compare stage, per footprint texel: texcore::op::gather::gather_texel. Reference
// for the `gather_cmp` vectors.
//
// Four texels' selected component (their common domain `dom`, width `nbits`), and either
//   cmp = 0: the component as binary32: UNORM n  v / (2^n - 1)      RNE
//                                       SNORM n  v / (2^(n-1) - 1)  RNE
//                                       F16      widened exactly (NaN quieted)
//                                       F32, UINT, SINT  the 32 bits unchanged
//   cmp = 1: (ref OP texel) ? 1.0 : +0 per texel, OP = func (CMP_*), the reference first
//            quantized to the texel's format:
//              UNORM n  NaN, negative -> 0; else min(RNE(ref * D), D), D = 2^n - 1
//              SNORM n  NaN -> 0; else sign * min(RNE(|ref| * D), D), D = 2^(n-1) - 1
//              F16      binary32 -> binary16 RNE (overflow -> inf, NaN stays NaN)
//              F32      as is
//            then compared exactly; on F16/F32 a NaN on either side is unordered (only
//            NOTEQUAL and ALWAYS pass), -0 == +0. UINT/SINT cannot be compared: err = 1
//            and all four results 0 (also for dom codes 6, 7, which are not domains).
//
// Texel codes (32 bits): UNORM code < 2^n, SNORM / SINT two's complement (SNORM within
// +-(2^(n-1) - 1), as the format decoder gives it), F16 in bits 15:0, F32 / UINT bits.
// nbits: UNORM 1..24, SNORM 2..24.
//
// Exact integer datapaths, no `real`, no divider:
//  * ref * D = (mant << k) - mant (k = n or n - 1); |ref| >= 1 gives D, else the product
//    is shifted right by 150 - exponent (24..48) on a 72-bit word that keeps every
//    shifted-out bit for the round and sticky bits; the rounded result is at most D.
//  * v / (2^k - 1) for 0 < v < 2^k - 1: its binary expansion is v's k bits repeated
//    forever, so after normalising v (lz leading zeros of 24) the significand and round bit
//    are the first 25 bits of that periodic pattern; the rest is never 0 and never
//    exactly a half, so RNE = round up iff the round bit is 1, and the carry never leaves
//    the significand (a whole period, which has a zero bit, lies in it). Exponent
//    150 - lz - k. v = 0 -> +0, v = 2^k - 1 -> +-1.0.
//
// Pipelined, one vector per clock, LATENCY = 5 register stages:
//   s0 input registers | s1 reference * D, reference to binary16, texel magnitude, keys,
//   binary16 -> binary32 | s2 reference >> shift; texel normalise | s3 reference round and
//   clamp -> compare key; texel significand -> binary32 | s4 compare, function, select
//   (output registers).
module texcore_gather_cmp (
  input  logic         clk,
  input  logic         rst,
  input  logic         in_valid,
  input  logic [2:0]   dom,              // DOM_*
  input  logic [4:0]   nbits,            // UNORM: n; SNORM: n; else 0
  input  logic         cmp,              // 1: depth compare
  input  logic [2:0]   func,             // CMP_*
  input  logic [31:0]  refv,             // reference, binary32
  input  logic [127:0] texels,           // texel k (S_k) at [32*k +: 32]
  output logic         out_valid,
  output logic         err,              // compare on an integer domain (results 0)
  output logic [127:0] res               // result k at [32*k +: 32], binary32 / raw integer
);
  localparam int LATENCY = 5;

  logic [LATENCY-1:0] vq;
  always @(posedge clk) vq <= rst ? '0 : {vq[LATENCY-2:0], in_valid};
  assign out_valid = vq[LATENCY-1];

  // ---------------------------------------------------------------- helpers
  // Normalises a non-zero 24-bit value: {leading zeros, value << leading zeros} (shifts by
  // 16, 8, 4, 2, 1; the count is meaningless for 0).
  function automatic logic [28:0] norm24(input logic [23:0] x);
    logic [23:0] y;
    logic [4:0]  n;
    y = x;
    n[4] = y[23:8] == 16'd0;
    if (n[4]) y = {y[7:0], 16'd0};
    n[3] = y[23:16] == 8'd0;
    if (n[3]) y = {y[15:0], 8'd0};
    n[2] = y[23:20] == 4'd0;
    if (n[2]) y = {y[19:0], 4'd0};
    n[1] = y[23:22] == 2'd0;
    if (n[1]) y = {y[21:0], 2'd0};
    n[0] = !y[23];
    if (n[0]) y = {y[22:0], 1'b0};
    norm24 = {n, y};
  endfunction

  // Totally ordered compare key (+-0 equal) of a binary32 / binary16 pattern, 33-bit signed.
  function automatic logic [32:0] key32(input logic [31:0] x);
    key32 = x[31] ? (33'd0 - {2'b00, x[30:0]}) : {2'b00, x[30:0]};
  endfunction
  function automatic logic [32:0] key16(input logic [15:0] h);
    key16 = h[15] ? (33'd0 - {18'd0, h[14:0]}) : {18'd0, h[14:0]};
  endfunction

  // binary32 -> binary16, RNE (texcore::fp::f32_to_f16_bits).
  function automatic logic [15:0] f32_to_f16(input logic [31:0] x);
    logic [7:0]  e;
    logic [4:0]  sh;
    /* verilator lint_off UNUSEDSIGNAL */
    logic [47:0] w;                      // bits 47:36 are 0 (shift >= 13)
    /* verilator lint_on UNUSEDSIGNAL */
    logic        up;
    logic [11:0] q;
    logic [4:0]  he;
    e = x[30:23];
    // Shift of the 24-bit significand to the binary16 LSB: 13 in the normal range
    // (e >= 113), 126 - e below it (subnormal results), at most 25 (-> 0).
    if (e >= 8'd113) sh = 5'd13;
    else if (e <= 8'd101) sh = 5'd25;
    else sh = 5'(8'd126 - e);
    w  = {e != 8'd0, x[22:0], 24'd0} >> sh;
    up = w[23] & ((|w[22:0]) | w[24]);
    q  = w[35:24] + {11'd0, up};
    he = 5'(e - 8'd112);
    if (e == 8'd255) f32_to_f16 = {x[31], 5'h1F, x[22:0] != 23'd0, 9'd0};
    else if (e >= 8'd143) f32_to_f16 = {x[31], 15'h7C00};
    else if (e == 8'd0) f32_to_f16 = {x[31], 15'd0};
    else if (e < 8'd113) f32_to_f16 = {x[31], q[10:0] == 11'h400 ? 5'd1 : 5'd0, q[9:0]};
    else if (q[11]) f32_to_f16 = {x[31], he + 5'd1, 10'd0};  // 2^11: next binade (31 = inf)
    else f32_to_f16 = {x[31], he, q[9:0]};
  endfunction

  // binary16 -> binary32, exact (texcore::fp::f16_to_f32_bits: NaN quieted, payload kept).
  function automatic logic [31:0] f16_to_f32(input logic [15:0] h);
    logic [4:0] e;
    logic [9:0] m;
    /* verilator lint_off UNUSEDSIGNAL */
    logic [28:0] nm;
    /* verilator lint_on UNUSEDSIGNAL */
    logic [4:0] lz;
    logic [9:0] mn;
    e  = h[14:10];
    m  = h[9:0];
    nm = norm24({m, 14'd0});
    lz = nm[28:24];                      // 0..9 for m != 0
    mn = nm[22:13];                      // below the leading one
    if (e == 5'd0 && m == 10'd0) f16_to_f32 = {h[15], 31'd0};
    else if (e == 5'd0) f16_to_f32 = {h[15], 8'(8'd112 - {3'd0, lz}), mn, 13'd0};
    else if (e == 5'h1F) f16_to_f32 = {h[15], 8'hFF, m == 10'd0 ? 1'b0 : 1'b1, m[8:0], 13'd0};
    else f16_to_f32 = {h[15], 8'({3'd0, e} + 8'd112), m, 13'd0};
  endfunction

  // ---------------------------------------------------------------- s0 inputs
  logic [2:0]   dom0;
  logic [4:0]   k0;                      // bits of the normalized magnitude: n or n - 1
  logic         cmp0;
  logic [2:0]   func0;
  logic [31:0]  ref0;
  logic [127:0] t0;
  always @(posedge clk) begin
    dom0  <= dom;
    k0    <= (dom == texcore_vectors_pkg::DOM_SNORM) ? nbits - 5'd1 : nbits;
    cmp0  <= cmp;
    func0 <= func;
    ref0  <= refv;
    t0    <= texels;
  end
  wire d0_snorm = dom0 == texcore_vectors_pkg::DOM_SNORM;

  // Control down the pipeline: {dom, cmp, func} of stages 1..3, k of stages 1, 2.
  logic [2:0] dom1, dom2, dom3;
  logic [4:0] k1, k2;
  logic       cmp1, cmp2, cmp3;
  logic [2:0] func1, func2, func3;
  always @(posedge clk) begin
    {dom1, k1, cmp1, func1} <= {dom0, k0, cmp0, func0};
    {dom2, k2, cmp2, func2} <= {dom1, k1, cmp1, func1};
    {dom3, cmp3, func3} <= {dom2, cmp2, func2};
  end

  // ---------------------------------------------------------------- reference
  // s1: class, p = mant * D, binary16 rounding. |ref| >= 1 (exponent >= 127) clamps to D;
  // below, ref * D < D, so q = p >> (150 - exponent) needs no clamp and the shift is 24..48.
  wire [7:0]  re     = ref0[30:23];
  wire [23:0] rmant  = {re != 8'd0, ref0[22:0]};
  wire        r_nan  = re == 8'hFF && ref0[22:0] != 23'd0;
  wire        r_sat  = re >= 8'd127 && !r_nan;       // |ref| >= 1 or infinite: D
  wire        r_tiny = re <= 8'd101;                 // shift >= 49 (zero, subnormal): 0
  logic [47:0] rp1;
  logic [4:0]  rsh1;
  logic [2:0]  rcls1, rcls2;             // {nan, sat, tiny}
  logic [31:0] ref1, ref2;
  logic [15:0] rh1, rh2;
  always @(posedge clk) begin
    rp1   <= ({24'd0, rmant} << k0) - {24'd0, rmant};
    rsh1  <= 5'(8'd126 - re);            // shift - 24: 0..24 unless sat / tiny
    rcls1 <= {r_nan, r_sat, r_tiny};
    ref1  <= ref0;
    rh1   <= f32_to_f16(ref0);
  end
  // s2: q = p >> shift; bit 47 of the shifted word is the round bit, 46:0 the rest.
  wire [71:0] rw = {rp1, 24'd0} >> rsh1;
  logic [23:0] rq2;
  logic        rg2, rst2;
  always @(posedge clk) begin
    rq2   <= rw[71:48];
    rg2   <= rw[47];
    rst2  <= |rw[46:0];
    rcls2 <= rcls1;
    ref2  <= ref1;
    rh2   <= rh1;
  end
  // s3: round (never above D), saturate, sign -> the compare key A.
  wire [23:0] rr   = rq2 + {23'd0, rg2 & (rst2 | rq2[0])};
  wire [23:0] dk   = ~(24'hFF_FFFF << k2);            // D = 2^k - 1
  wire [23:0] rmag = (rcls2[2] | rcls2[0]) ? 24'd0 : rcls2[1] ? dk[23:0] : rr;
  wire        rneg = ref2[31];
  logic [32:0] ka3;
  logic        an3;                      // reference NaN in a float domain: unordered
  always @(posedge clk) begin
    case (dom2)
      texcore_vectors_pkg::DOM_UNORM: ka3 <= rneg ? 33'd0 : {9'd0, rmag};
      texcore_vectors_pkg::DOM_SNORM: ka3 <= rneg ? 33'd0 - {9'd0, rmag} : {9'd0, rmag};
      texcore_vectors_pkg::DOM_F16:   ka3 <= key16(rh2);
      default:                        ka3 <= key32(ref2);
    endcase
    an3 <= rcls2[2] & (dom2 == texcore_vectors_pkg::DOM_F16 || dom2 == texcore_vectors_pkg::DOM_F32);
  end

  // ---------------------------------------------------------------- texels
  logic [127:0] w3;                      // s3: the component as a result word
  logic [131:0] kb3;                     // s3: compare keys B (33 bits each)
  logic [3:0]   bn3;                     // s3: texel NaN (float domains)
  for (genvar t = 0; t < 4; t = t + 1) begin : g_t
    wire [31:0] tv = t0[32*t +: 32];
    // s1: magnitude and sign of a normalized code, compare key, NaN, binary16 widened.
    wire        tneg = d0_snorm & tv[31];
    wire [23:0] tmag = tneg ? 24'd0 - tv[23:0] : tv[23:0];
    logic [23:0] mag1;
    logic        neg1, neg2;
    logic [32:0] kb1, kb2;
    logic        bn1, bn2;
    logic [31:0] pw1, pw2;              // the word of a non-normalized domain
    always @(posedge clk) begin
      mag1 <= tmag;
      neg1 <= tneg;
      case (dom0)
        texcore_vectors_pkg::DOM_UNORM: kb1 <= {1'b0, tv};
        texcore_vectors_pkg::DOM_SNORM: kb1 <= {tv[31], tv};
        texcore_vectors_pkg::DOM_F16:   kb1 <= key16(tv[15:0]);
        default:                        kb1 <= key32(tv);
      endcase
      case (dom0)
        texcore_vectors_pkg::DOM_F16: bn1 <= tv[14:10] == 5'h1F && tv[9:0] != 10'd0;
        texcore_vectors_pkg::DOM_F32: bn1 <= tv[30:23] == 8'hFF && tv[22:0] != 23'd0;
        default:                      bn1 <= 1'b0;
      endcase
      pw1 <= (dom0 == texcore_vectors_pkg::DOM_F16) ? f16_to_f32(tv[15:0]) : tv;
    end
    // s2: normalise: vn = mag << lz (leading one at bit 23).
    wire [28:0] nz = norm24(mag1);
    logic [23:0] vn2;
    logic [4:0]  lz2;
    logic        zero2, one2;
    always @(posedge clk) begin
      vn2   <= nz[23:0];
      lz2   <= nz[28:24];
      zero2 <= mag1 == 24'd0;
      one2  <= {1'b0, mag1} == (25'd1 << k1) - 25'd1;
      neg2  <= neg1;
      kb2   <= kb1;
      bn2   <= bn1;
      pw2   <= pw1;
    end
    // s3: the first 25 bits of the period-k pattern of vn's top k bits P:
    // {P, P, ..., the top 25 mod k bits of P}.
    logic [24:0] win;
    always @* begin
      case (k2)
        5'd1:  win = {25{vn2[23]}};
        5'd2:  win = {{12{vn2[23:22]}}, vn2[23]};
        5'd3:  win = {{8{vn2[23:21]}}, vn2[23]};
        5'd4:  win = {{6{vn2[23:20]}}, vn2[23]};
        5'd5:  win = {5{vn2[23:19]}};
        5'd6:  win = {{4{vn2[23:18]}}, vn2[23]};
        5'd7:  win = {{3{vn2[23:17]}}, vn2[23:20]};
        5'd8:  win = {{3{vn2[23:16]}}, vn2[23]};
        5'd9:  win = {{2{vn2[23:15]}}, vn2[23:17]};
        5'd10: win = {{2{vn2[23:14]}}, vn2[23:19]};
        5'd11: win = {{2{vn2[23:13]}}, vn2[23:21]};
        5'd12: win = {{2{vn2[23:12]}}, vn2[23]};
        5'd13: win = {vn2[23:11], vn2[23:12]};
        5'd14: win = {vn2[23:10], vn2[23:13]};
        5'd15: win = {vn2[23:9], vn2[23:14]};
        5'd16: win = {vn2[23:8], vn2[23:15]};
        5'd17: win = {vn2[23:7], vn2[23:16]};
        5'd18: win = {vn2[23:6], vn2[23:17]};
        5'd19: win = {vn2[23:5], vn2[23:18]};
        5'd20: win = {vn2[23:4], vn2[23:19]};
        5'd21: win = {vn2[23:3], vn2[23:20]};
        5'd22: win = {vn2[23:2], vn2[23:21]};
        5'd23: win = {vn2[23:1], vn2[23:22]};
        5'd24: win = {vn2[23:0], vn2[23]};
        default: win = 25'd0;
      endcase
    end
    /* verilator lint_off UNUSEDSIGNAL */
    wire [23:0] sig = win[24:1] + {23'd0, win[0]};   // never carries out (see the header)
    /* verilator lint_on UNUSEDSIGNAL */
    wire [7:0]  ex  = 8'd150 - {3'd0, lz2} - {3'd0, k2};
    wire [31:0] nw  = zero2 ? 32'd0 : one2 ? {neg2, 8'h7F, 23'd0} : {neg2, ex, sig[22:0]};
    wire        nrm = dom2 == texcore_vectors_pkg::DOM_UNORM || dom2 == texcore_vectors_pkg::DOM_SNORM;
    always @(posedge clk) begin
      w3[32*t +: 32]  <= nrm ? nw : pw2;
      kb3[33*t +: 33] <= kb2;
      bn3[t]          <= bn2;
    end
  end

  // ---------------------------------------------------------------- s4 compare, outputs
  wire int_dom = dom3 == texcore_vectors_pkg::DOM_UINT || dom3 == texcore_vectors_pkg::DOM_SINT;
  wire bad     = dom3 > texcore_vectors_pkg::DOM_SINT || (cmp3 && int_dom);
  logic [127:0] res_q;
  logic         err_q;
  for (genvar t = 0; t < 4; t = t + 1) begin : g_c
    wire [32:0] kb = kb3[33*t +: 33];
    wire lt = $signed(ka3) < $signed(kb);
    wire eq = ka3 == kb;
    wire un = an3 | bn3[t];
    logic pass;
    always @* begin
      case (func3)
        texcore_vectors_pkg::CMP_NEVER:         pass = 1'b0;
        texcore_vectors_pkg::CMP_LESS:          pass = !un && lt;
        texcore_vectors_pkg::CMP_EQUAL:         pass = !un && eq;
        texcore_vectors_pkg::CMP_LESS_EQUAL:    pass = !un && (lt || eq);
        texcore_vectors_pkg::CMP_GREATER:       pass = !un && !lt && !eq;
        texcore_vectors_pkg::CMP_NOT_EQUAL:     pass = un || !eq;
        texcore_vectors_pkg::CMP_GREATER_EQUAL: pass = !un && !lt;
        default:                                pass = 1'b1;
      endcase
    end
    always @(posedge clk)
      res_q[32*t +: 32] <= bad ? 32'd0 : cmp3 ? (pass ? 32'h3F80_0000 : 32'd0) : w3[32*t +: 32];
  end
  always @(posedge clk) err_q <= bad;
  assign res = res_q;
  assign err = err_q;
endmodule
