`timescale 1ns/1ps
// Gather/compare stage, per footprint texel: texcore::op::gather::gather_texel. Reference
// for the `gather_cmp` vectors.
//
// Four texels' selected component (their common domain `dom`, width `nbits`), and either
//   cmp = 0: the component as binary32: UNORM n  v / (2^n - 1)      RNE
//                                       SNORM n  v / (2^(n-1) - 1)  RNE
//                                       F16      widened exactly (NaN quieted)
//                                       F32, UINT, SINT  the 32 bits unchanged
//            odd = 1 (UNORM, SNORM): rounded to odd instead: the significand truncated
//            to 24 bits with its last bit set when the value is not exact (every code but
//            0 and +-D), texcore::fp::ratio_to_f32_odd_bits; the binary32 a binary16
//            conversion rounds from in one rounding (TLD4S .F16, texcore_f32_to_f16)
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
// LANES (default 4, the footprint) sets how many texels a vector carries; a smaller value
// builds fewer texel datapaths (the sampler device converts one fetched component per pass
// with LANES = 1), the arithmetic of each lane is the same.
//
// Pipelined, one vector per clock, LATENCY = 7 register stages:
//   s0 input registers
//   s1 reference * D; reference binary16 shift and class; texel magnitude, compare key
//   s2 reference >> shift; reference significand >> to binary16; texel normalise by 16,
//      8; binary16 texel -> binary32; "texel = D"
//   s3 reference round, saturate; binary16 round and pack; texel normalise by 4, 2, 1
//   s4 reference compare key; texel periodic pattern, exponent
//   s5 compare (33-bit signed keys); texel significand rounding, result word
//   s6 function, select (output registers)
module texcore_gather_cmp #(
  parameter int LANES = 4                // texels per vector (1 .. 4)
) (
  input  logic         clk,
  input  logic         rst,
  input  logic         in_valid,
  input  logic [2:0]   dom,              // DOM_*
  input  logic [4:0]   nbits,            // UNORM: n; SNORM: n; else 0
  input  logic         cmp,              // 1: depth compare
  input  logic         odd,              // cmp = 0: UNORM / SNORM rounded to odd
  input  logic [2:0]   func,             // CMP_*
  input  logic [31:0]  refv,             // reference, binary32
  input  logic [32*LANES-1:0] texels,    // texel k (S_k) at [32*k +: 32]
  output logic         out_valid,
  output logic         err,              // compare on an integer domain (results 0)
  output logic [32*LANES-1:0] res       // result k at [32*k +: 32], binary32 / raw integer
);
  localparam int LATENCY = 7;

  logic [LATENCY-1:0] vq;
  always @(posedge clk) vq <= rst ? '0 : {vq[LATENCY-2:0], in_valid};
  // Every stage register below loads only while an item is at the input or in flight
  // (clock enable: the pipeline holds when idle, which saves power and simulation time).
  wire act = in_valid | (|vq);
  assign out_valid = vq[LATENCY-1];

  // ---------------------------------------------------------------- helpers
  // One normalisation step: shift left by S if the top S bits are zero.
  function automatic logic [24:0] nstep(input logic [23:0] x, input int S);
    nstep = (x >> (24 - S)) == 24'd0 ? {1'b1, x << S} : {1'b0, x};
  endfunction

  // Totally ordered compare key (+-0 equal) of a binary32 / binary16 pattern, 33-bit signed.
  function automatic logic [32:0] key32(input logic [31:0] x);
    key32 = x[31] ? (33'd0 - {2'b00, x[30:0]}) : {2'b00, x[30:0]};
  endfunction
  function automatic logic [32:0] key16(input logic [15:0] h);
    key16 = h[15] ? (33'd0 - {18'd0, h[14:0]}) : {18'd0, h[14:0]};
  endfunction

  // binary16 -> binary32, exact (texcore::fp::f16_to_f32_bits: NaN quieted, payload kept).
  function automatic logic [31:0] f16_to_f32(input logic [15:0] h);
    logic [4:0] e;
    logic [9:0] m, y;
    logic [3:0] lz;                      // leading zeros of m (0..9 for m != 0)
    e = h[14:10];
    m = h[9:0];
    y = m;
    lz[3] = y[9:2] == 8'd0;
    if (lz[3]) y = {y[1:0], 8'd0};
    lz[2] = y[9:6] == 4'd0;
    if (lz[2]) y = {y[5:0], 4'd0};
    lz[1] = y[9:8] == 2'd0;
    if (lz[1]) y = {y[7:0], 2'd0};
    lz[0] = !y[9];
    if (lz[0]) y = {y[8:0], 1'b0};
    if (e == 5'd0 && m == 10'd0) f16_to_f32 = {h[15], 31'd0};
    else if (e == 5'd0) f16_to_f32 = {h[15], 8'(8'd112 - {4'd0, lz}), y[8:0], 14'd0};
    else if (e == 5'h1F) f16_to_f32 = {h[15], 8'hFF, m == 10'd0 ? 1'b0 : 1'b1, m[8:0], 13'd0};
    else f16_to_f32 = {h[15], 8'({3'd0, e} + 8'd112), m, 13'd0};
  endfunction

  // ---------------------------------------------------------------- s0 inputs, control
  logic [2:0]   dom0;
  logic [4:0]   k0;                      // bits of the normalized magnitude: n or n - 1
  logic         cmp0;
  logic [4:0]   odd_q;                   // odd, stages 0..4
  logic [2:0]   func0;
  logic [31:0]  ref0;
  logic [32*LANES-1:0] t0;
  always @(posedge clk) if (act) begin
    dom0  <= dom;
    k0    <= (dom == texcore_vectors_pkg::DOM_SNORM) ? nbits - 5'd1 : nbits;
    cmp0  <= cmp;
    odd_q <= {odd_q[3:0], odd};
    func0 <= func;
    ref0  <= refv;
    t0    <= texels;
  end
  // Stage s (1..5) of {dom, cmp, func} at [7*(s-1) +: 7], of k (1..3) at [5*(s-1) +: 5].
  /* verilator lint_off UNUSEDSIGNAL */
  logic [34:0] ctl_q;                    // (not every field of every stage is used)
  /* verilator lint_on UNUSEDSIGNAL */
  logic [14:0] k_q;
  logic [23:0] dk1, dk2;                 // D = 2^k - 1, stages 1, 2
  always @(posedge clk) if (act) begin
    ctl_q <= {ctl_q[27:0], dom0, cmp0, func0};
    k_q   <= {k_q[9:0], k0};
    dk1   <= ~(24'hFF_FFFF << k0);
    dk2   <= dk1;
  end
  wire [2:0] dom1 = ctl_q[6:4];
  wire [2:0] dom3 = ctl_q[20:18];
  wire [2:0] dom4 = ctl_q[27:25];
  wire       cmp5 = ctl_q[31];
  wire [2:0] dom5 = ctl_q[34:32];
  wire [2:0] func5 = ctl_q[30:28];
  wire [4:0] k3 = k_q[14:10];
  wire d0_snorm = dom0 == texcore_vectors_pkg::DOM_SNORM;

  // ---------------------------------------------------------------- reference
  // s1: p = mant * D = (mant << k) - mant. |ref| >= 1 (exponent >= 127) saturates to D;
  // below, ref * D < D, so q = p >> (150 - exponent) needs no clamp and shifts by 24..48.
  // binary16: the shift of the significand to the binary16 LSB (13 in the normal range,
  // 126 - e below it, 25 -> 0) and the class.
  wire [7:0]  re     = ref0[30:23];
  wire [23:0] rmant  = {re != 8'd0, ref0[22:0]};
  wire        r_nan  = re == 8'hFF && ref0[22:0] != 23'd0;
  logic [47:0] rp1;
  logic [4:0]  rsh1;
  logic [2:0]  rcls1, rcls2;             // {nan, saturate, tiny}
  logic        rnan3;
  logic [2:0]  rneg_q;                   // sign, stages 1..3
  logic [4:0]  fsh1;                     // binary16: significand shift
  logic [4:0]  fcls1, fcls2;             // {e = 255, m != 0, e >= 143, e = 0, e < 113}
  logic [4:0]  fhe1, fhe2;               // binary16 exponent of the normal range
  logic [23:0] rm1;
  logic [31:0] ref1, ref2, ref3;
  always @(posedge clk) if (act) begin
    rp1    <= ({24'd0, rmant} << k0) - {24'd0, rmant};
    rsh1   <= 5'(8'd126 - re);           // shift - 24: 0..24 unless saturating / tiny
    rcls1  <= {r_nan, re >= 8'd127 && !r_nan, re <= 8'd101};
    rneg_q <= {rneg_q[1:0], ref0[31]};
    fsh1   <= re >= 8'd113 ? 5'd13 : re <= 8'd101 ? 5'd25 : 5'(8'd126 - re);
    fcls1  <= {re == 8'hFF, ref0[22:0] != 23'd0, re >= 8'd143, re == 8'd0, re < 8'd113};
    fhe1   <= 5'(re - 8'd112);
    rm1    <= rmant;
    ref1   <= ref0;
  end
  // s2: q = p >> shift (bit 47 of the shifted word is the round bit, 46:0 the rest);
  // binary16: the significand shifted, its round and sticky bits.
  wire [71:0] rw = {rp1, 24'd0} >> rsh1;
  /* verilator lint_off UNUSEDSIGNAL */
  wire [47:0] fw = {rm1, 24'd0} >> fsh1;                      // bits 47:36 are 0
  /* verilator lint_on UNUSEDSIGNAL */
  logic [23:0] rq2;
  logic        rg2, rst2;
  logic [11:0] fq2;                      // binary16 significand before rounding
  logic        fg2, fst2;
  always @(posedge clk) if (act) begin
    rq2   <= rw[71:48];
    rg2   <= rw[47];
    rst2  <= |rw[46:0];
    rcls2 <= rcls1;
    ref2  <= ref1;
    fq2   <= fw[35:24];
    fg2   <= fw[23];
    fst2  <= |fw[22:0];
    fcls2 <= fcls1;
    fhe2  <= fhe1;
  end
  // s3: round (never above D), saturate; binary16 round and pack
  // (texcore::fp::f32_to_f16_bits).
  wire [23:0] rr = rq2 + {23'd0, rg2 & (rst2 | rq2[0])};
  wire [11:0] fq = fq2 + {11'd0, fg2 & (fst2 | fq2[0])};
  wire        fs = ref2[31];
  logic [23:0] rmag3;
  logic [15:0] rh3;
  always @(posedge clk) if (act) begin
    rmag3 <= (rcls2[2] | rcls2[0]) ? 24'd0 : rcls2[1] ? dk2 : rr;
    rnan3 <= rcls2[2];
    ref3  <= ref2;
    if (fcls2[4]) rh3 <= {fs, 5'h1F, fcls2[3], 9'd0};          // NaN 0x7E00, inf 0x7C00
    else if (fcls2[2]) rh3 <= {fs, 15'h7C00};                  // overflow
    else if (fcls2[1]) rh3 <= {fs, 15'd0};                     // zero, subnormal
    else if (fcls2[0]) rh3 <= {fs, 4'd0, fq[10:0]};            // binary16 subnormal (or 2^-14)
    else if (fq[11]) rh3 <= {fs, fhe2 + 5'd1, 10'd0};          // carry: next binade (31 = inf)
    else rh3 <= {fs, fhe2, fq[9:0]};
  end
  // s4: the compare key A (33-bit signed) and "reference is NaN" in a float domain.
  wire rneg3 = rneg_q[2];
  logic [32:0] ka4;
  logic        an4;
  always @(posedge clk) if (act) begin
    case (dom3)
      texcore_vectors_pkg::DOM_UNORM: ka4 <= rneg3 ? 33'd0 : {9'd0, rmag3};
      texcore_vectors_pkg::DOM_SNORM: ka4 <= rneg3 ? 33'd0 - {9'd0, rmag3} : {9'd0, rmag3};
      texcore_vectors_pkg::DOM_F16:   ka4 <= key16(rh3);
      default:                        ka4 <= key32(ref3);
    endcase
    an4 <= rnan3 & (dom3 == texcore_vectors_pkg::DOM_F16 || dom3 == texcore_vectors_pkg::DOM_F32);
  end

  // ---------------------------------------------------------------- texels
  logic [32*LANES-1:0] w5;               // s5: the component as a result word
  logic [LANES-1:0]    lt5, eq5, un5;    // s5: A < B, A == B, unordered
  for (genvar t = 0; t < LANES; t = t + 1) begin : g_t
    wire [31:0] tv = t0[32*t +: 32];
    // s1: magnitude and sign of a normalized code, compare key, NaN.
    wire        tneg = d0_snorm & tv[31];
    logic [23:0] mag1;
    logic [3:0]  neg_q;                  // sign, stages 1..4
    logic [32:0] kb1, kb2, kb3, kb4;
    logic [3:0]  bn_q;                   // texel NaN (float domains), stages 1..4
    logic [31:0] tv1, pw2, pw3, pw4;     // the texel; then the word of a non-normalized domain
    always @(posedge clk) if (act) begin
      mag1  <= tneg ? 24'd0 - tv[23:0] : tv[23:0];
      neg_q <= {neg_q[2:0], tneg};
      case (dom0)
        texcore_vectors_pkg::DOM_UNORM: kb1 <= {1'b0, tv};
        texcore_vectors_pkg::DOM_SNORM: kb1 <= {tv[31], tv};
        texcore_vectors_pkg::DOM_F16:   kb1 <= key16(tv[15:0]);
        default:                        kb1 <= key32(tv);
      endcase
      case (dom0)
        texcore_vectors_pkg::DOM_F16: bn_q[0] <= tv[14:10] == 5'h1F && tv[9:0] != 10'd0;
        texcore_vectors_pkg::DOM_F32: bn_q[0] <= tv[30:23] == 8'hFF && tv[22:0] != 23'd0;
        default:                      bn_q[0] <= 1'b0;
      endcase
      tv1 <= tv;
    end
    // s2: normalise by 16, 8; binary16 widened; zero and "= D" flags.
    wire [24:0] a16 = nstep(mag1, 16);
    wire [24:0] a8  = nstep(a16[23:0], 8);
    logic [23:0] y2;
    logic [1:0]  lzh2;
    logic        zero_q2, one_q2, zero_q3, one_q3, zero_q4, one_q4;
    always @(posedge clk) if (act) begin
      y2      <= a8[23:0];
      lzh2    <= {a16[24], a8[24]};
      zero_q2 <= mag1 == 24'd0;
      one_q2  <= mag1 == dk1;
      pw2     <= (dom1 == texcore_vectors_pkg::DOM_F16) ? f16_to_f32(tv1[15:0]) : tv1;
      kb2     <= kb1;
      bn_q[1] <= bn_q[0];
    end
    // s3: normalise by 4, 2, 1: vn = mag << lz, leading one at bit 23.
    wire [24:0] a4 = nstep(y2, 4);
    wire [24:0] a2 = nstep(a4[23:0], 2);
    wire [24:0] a1 = nstep(a2[23:0], 1);
    logic [23:0] vn3;
    logic [4:0]  lz3;
    always @(posedge clk) if (act) begin
      vn3     <= a1[23:0];
      lz3     <= {lzh2, a4[24], a2[24], a1[24]};
      {zero_q3, one_q3} <= {zero_q2, one_q2};
      pw3     <= pw2;
      kb3     <= kb2;
      bn_q[2] <= bn_q[1];
    end
    // s4: the first 25 bits of the period-k pattern of vn's top k bits P:
    // {P, P, ..., the top 25 mod k bits of P}; exponent 150 - lz - k.
    logic [24:0] win;
    always @* begin
      case (k3)
        5'd1:  win = {25{vn3[23]}};
        5'd2:  win = {{12{vn3[23:22]}}, vn3[23]};
        5'd3:  win = {{8{vn3[23:21]}}, vn3[23]};
        5'd4:  win = {{6{vn3[23:20]}}, vn3[23]};
        5'd5:  win = {5{vn3[23:19]}};
        5'd6:  win = {{4{vn3[23:18]}}, vn3[23]};
        5'd7:  win = {{3{vn3[23:17]}}, vn3[23:20]};
        5'd8:  win = {{3{vn3[23:16]}}, vn3[23]};
        5'd9:  win = {{2{vn3[23:15]}}, vn3[23:17]};
        5'd10: win = {{2{vn3[23:14]}}, vn3[23:19]};
        5'd11: win = {{2{vn3[23:13]}}, vn3[23:21]};
        5'd12: win = {{2{vn3[23:12]}}, vn3[23]};
        5'd13: win = {vn3[23:11], vn3[23:12]};
        5'd14: win = {vn3[23:10], vn3[23:13]};
        5'd15: win = {vn3[23:9], vn3[23:14]};
        5'd16: win = {vn3[23:8], vn3[23:15]};
        5'd17: win = {vn3[23:7], vn3[23:16]};
        5'd18: win = {vn3[23:6], vn3[23:17]};
        5'd19: win = {vn3[23:5], vn3[23:18]};
        5'd20: win = {vn3[23:4], vn3[23:19]};
        5'd21: win = {vn3[23:3], vn3[23:20]};
        5'd22: win = {vn3[23:2], vn3[23:21]};
        5'd23: win = {vn3[23:1], vn3[23:22]};
        5'd24: win = {vn3[23:0], vn3[23]};
        default: win = 25'd0;
      endcase
    end
    logic [24:0] win4;
    logic [7:0]  ex4;
    always @(posedge clk) if (act) begin
      win4    <= win;
      ex4     <= 8'd150 - {3'd0, lz3} - {3'd0, k3};
      {zero_q4, one_q4} <= {zero_q3, one_q3};
      pw4     <= pw3;
      kb4     <= kb3;
      bn_q[3] <= bn_q[2];
    end
    // s5: significand = the pattern's top 24 bits + its 25th (never carries out, see the
    // header), or rounded to odd: the top 23 and a 1; the result word; the compare.
    /* verilator lint_off UNUSEDSIGNAL */
    wire [23:0] sig  = odd_q[4] ? {win4[24:2], 1'b1} : win4[24:1] + {23'd0, win4[0]};
    /* verilator lint_on UNUSEDSIGNAL */
    wire        neg4 = neg_q[3];
    wire [31:0] nw   = zero_q4 ? 32'd0 : one_q4 ? {neg4, 8'h7F, 23'd0} : {neg4, ex4, sig[22:0]};
    wire        nrm  = dom4 == texcore_vectors_pkg::DOM_UNORM || dom4 == texcore_vectors_pkg::DOM_SNORM;
    always @(posedge clk) if (act) begin
      w5[32*t +: 32] <= nrm ? nw : pw4;
      lt5[t]         <= $signed(ka4) < $signed(kb4);
      eq5[t]         <= ka4 == kb4;
      un5[t]         <= an4 | bn_q[3];
    end
  end

  // ---------------------------------------------------------------- s6 function, outputs
  wire int_dom = dom5 == texcore_vectors_pkg::DOM_UINT || dom5 == texcore_vectors_pkg::DOM_SINT;
  wire bad     = dom5 > texcore_vectors_pkg::DOM_SINT || (cmp5 && int_dom);
  logic [32*LANES-1:0] res_q;
  logic                err_q;
  for (genvar t = 0; t < LANES; t = t + 1) begin : g_c
    wire lt = lt5[t];
    wire eq = eq5[t];
    wire un = un5[t];
    logic pass;
    always @* begin
      case (func5)
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
    always @(posedge clk) if (act)
      res_q[32*t +: 32] <= bad ? 32'd0 : cmp5 ? (pass ? 32'h3F80_0000 : 32'd0) : w5[32*t +: 32];
  end
  always @(posedge clk) if (act) err_q <= bad;
  assign res = res_q;
  assign err = err_q;
endmodule
