`timescale 1ns/1ps
// binary32 -> binary16 under a rounding mode: texcore::fp::f32_to_f16_mode, the `.F16`
// output of NVIDIA TLD4S (FP16_ROUNDING_MODE: round to nearest even, or toward zero).
// Reference for the `f32_to_f16` vectors.
//
//   NaN            -> 0x7E00 with the sign (quiet, payload dropped)
//   +-inf, +-0     -> +-inf, +-0
//   finite         -> the value rounded to binary16 (subnormals included, lsb 2^-24):
//                     RNE: |x| >= 65520 -> inf;  RZ: |x| >= 65536 -> +-65504 (0x7BFF);
//                     binary32 subnormals and |x| < 2^-25 -> +-0 (RNE: 2^-25 ties to 0)
//
// A UNORM / SNORM component reaches the unit as texcore_gather_cmp's binary32 rounded to
// odd (its `odd` input), which this single rounding turns into exactly the binary16 of the
// component's value (texcore::fp::ratio_to_f32_odd_bits).
//
// Datapath: the 24-bit significand (hidden bit included) shifted right to the binary16
// LSB, 13 places in the binary16 normal range (biased exponent e >= 113) and 126 - e
// below it (at most 25: everything left is under the round bit), keeping the round and
// sticky bits; then {exponent, 10 significand bits} + round-up as one 15-bit addition,
// whose carry moves to the next binade (and from the largest subnormal to 2^-14, and from
// 65504 to inf under RNE) on its own.
//
// Pipelined, one value per clock, LATENCY = 2 register stages:
//   s1  class, shift, round and sticky bits, the rounding decision
//   s2  the packed addition, the specials (output registers)
module texcore_f32_to_f16 (
  input  logic        clk,
  input  logic        rst,
  input  logic        in_valid,
  input  logic [31:0] f32,               // binary32 bits
  input  logic        rz,                // 1: toward zero; 0: to nearest even
  output logic        out_valid,
  output logic [15:0] f16                // binary16 bits
);
  localparam int LATENCY = 2;

  logic [LATENCY-1:0] vq;
  always @(posedge clk) vq <= rst ? '0 : {vq[LATENCY-2:0], in_valid};
  // Every stage register below loads only while an item is at the input or in flight
  // (clock enable: the pipeline holds when idle, which saves power and simulation time).
  wire act = in_valid | (|vq);
  assign out_valid = vq[LATENCY-1];

  // ---------------------------------------------------------------- s1
  wire [7:0]  e    = f32[30:23];
  wire [23:0] mant = {e != 8'd0, f32[22:0]};
  // shift to the binary16 LSB: 13 (normal range), 126 - e (subnormal range), 25 (below)
  wire [4:0]  sh   = (e >= 8'd113) ? 5'd13 : (e <= 8'd101) ? 5'd25 : 5'(8'd126 - e);
  wire [33:0] w    = 34'({mant, 24'd0} >> sh);    // bits 33:24 kept (47:34 are 0), 23 the round bit
  wire        g    = w[23];
  wire        st   = |w[22:0];
  logic        s1;
  logic [14:0] base1;                    // {binary16 exponent, 10 significand bits}
  logic        up1;
  logic [1:0]  cls1;                     // 0 finite, 1 overflow, 2 inf, 3 NaN
  logic        rz1;
  always @(posedge clk) if (act) begin
    s1    <= f32[31];
    rz1   <= rz;
    // normal range: the biased exponent e - 112 and the significand without its hidden
    // bit; below it the hidden bit is among the 10 bits shifted in and the exponent is 0
    base1 <= (e >= 8'd113) ? {5'(e - 8'd112), w[33:24]} : {5'd0, w[33:24]};
    up1   <= !rz && g && (st || w[24]);
    if (e == 8'hFF) cls1 <= (f32[22:0] != 23'd0) ? 2'd3 : 2'd2;
    else if (e >= 8'd143) cls1 <= 2'd1;           // |x| >= 2^16
    else cls1 <= 2'd0;
  end

  // ---------------------------------------------------------------- s2
  wire [14:0] sum = base1 + {14'd0, up1};         // 0x7C00 = inf when RNE carries past 65504
  always @(posedge clk) if (act) begin
    case (cls1)
      2'd3:    f16 <= {s1, 15'h7E00};
      2'd2:    f16 <= {s1, 15'h7C00};
      2'd1:    f16 <= {s1, rz1 ? 15'h7BFF : 15'h7C00};
      default: f16 <= {s1, sum};
    endcase
  end
endmodule
