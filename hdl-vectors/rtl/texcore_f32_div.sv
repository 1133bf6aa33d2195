`timescale 1ns/1ps
// binary32 division a / b, round to nearest even: texcore::fp::f32_div bit for bit (TGSI
// TXP's projective divide, x, y, z by w: texcore::coord::project).
//
//   NaN operand, 0 / 0, inf / inf   -> 0x7FC0_0000 (the one quiet NaN)
//   inf / x, x / 0                  -> +-inf (sign: a's xor b's)
//   0 / x, x / inf                  -> +-0
//   finite / finite                 -> the exact quotient rounded once (RNE) to 24 bits;
//                                      past the largest finite: +-inf; below the normal
//                                      range (after the rounding): +-0 (no subnormal results)
//
// Sequential, one division at a time (one quotient bit per clock, the datapath a 25-bit
// compare-subtract): `start` with a and b loads the operands; each subnormal significand is
// normalized one bit per clock (its exponent decremented; a normal operand takes no clock);
// 26 restoring steps give the quotient of the two significands in [2^23, 2^24), which is in
// (1/2, 2): its 24 bits, a guard bit and the sticky rest (the remainder not zero); one clock
// rounds (the significand's increment and the exponent), one packs (the range checks).
// `done` pulses with `q` valid (held until the next `start`). Latency: 29 clocks for normal
// operands, + one per leading zero of a subnormal significand. `start` while busy is
// ignored.
module texcore_f32_div (
  input  logic        clk,
  input  logic        rst,
  input  logic        start,               // load a and b, begin (ignored while busy)
  input  logic [31:0] a,                   // dividend, binary32 bits
  input  logic [31:0] b,                   // divisor, binary32 bits
  output logic        busy,                // a division in progress
  output logic        done,                // one clock: q is the quotient
  output logic [31:0] q                    // a / b
);
  localparam logic [2:0] S_IDLE = 3'd0, S_NORM = 3'd1, S_DIV = 3'd2, S_ROUND = 3'd3, S_PACK = 3'd4;
  logic [2:0]  st;
  logic        neg;
  logic [23:0] ma, mb;                     // significands (hidden bit included)
  logic signed [9:0] ea, eb;               // biased exponents (1 for a subnormal), less the
                                           // normalization shifts
  logic [24:0] r;                          // partial remainder, < 2 mb
  logic [25:0] qb;                         // quotient bits, weight 2^0 first
  logic [4:0]  n;                          // steps left

  logic        a_nan, a_inf, a_zero, b_nan, b_inf, b_zero;
  texcore_f32_class u_ca (.mag(a[30:0]), .nan(a_nan), .inf(a_inf), .zero(a_zero));
  texcore_f32_class u_cb (.mag(b[30:0]), .nan(b_nan), .inf(b_inf), .zero(b_zero));
  wire         sgn = a[31] ^ b[31];

  // step: r >= mb subtracts (quotient bit 1); the remainder doubles
  wire  [24:0] r_sub = r - {1'b0, mb};
  wire         ge = r >= {1'b0, mb};

  // rounding: the quotient is qb * 2^-25 in (1/2, 2)
  wire         hi = qb[25];
  wire  [23:0] m24 = hi ? qb[25:2] : qb[24:1];
  wire         g = hi ? qb[1] : qb[0];
  wire         sticky = (hi & qb[0]) | (r != 25'd0);
  wire         up = g & (sticky | m24[0]);
  /* verilator lint_off UNUSEDSIGNAL */
  wire  [24:0] m25 = {1'b0, m24} + {24'd0, up};   // bit 23 the hidden bit (a carry: 2^24, fraction 0)
  /* verilator lint_on UNUSEDSIGNAL */
  // biased exponent of the rounded result: ea - eb + 127, less one below 1, plus a carry
  wire signed [10:0] e_r = 11'(ea) - 11'(eb) + 11'sd127 - (hi ? 11'sd0 : 11'sd1) + (m25[24] ? 11'sd1 : 11'sd0);
  logic        [22:0] f_q;                 // S_ROUND -> S_PACK: the rounded fraction
  logic signed [10:0] e_q;                 // and its biased exponent

  assign busy = st != S_IDLE;

  always @(posedge clk) begin
    done <= 1'b0;
    if (rst) begin
      st <= S_IDLE;
    end else begin
      case (st)
        S_IDLE: if (start) begin
          neg <= sgn;
          if (a_nan || b_nan || (a_inf && b_inf) || (a_zero && b_zero)) begin
            q <= 32'h7FC0_0000;
            done <= 1'b1;
          end else if (a_inf || b_zero) begin
            q <= {sgn, 8'hFF, 23'd0};
            done <= 1'b1;
          end else if (a_zero || b_inf) begin
            q <= {sgn, 31'd0};
            done <= 1'b1;
          end else begin
            ma <= {a[30:23] != 8'd0, a[22:0]};
            mb <= {b[30:23] != 8'd0, b[22:0]};
            ea <= (a[30:23] == 8'd0) ? 10'sd1 : 10'($unsigned(a[30:23]));
            eb <= (b[30:23] == 8'd0) ? 10'sd1 : 10'($unsigned(b[30:23]));
            st <= S_NORM;
          end
        end
        S_NORM: begin                                 // a subnormal significand: one bit a clock
          if (!ma[23]) begin
            ma <= ma << 1;
            ea <= ea - 10'sd1;
          end
          if (!mb[23]) begin
            mb <= mb << 1;
            eb <= eb - 10'sd1;
          end
          if (ma[23] && mb[23]) begin
            r <= {1'b0, ma};
            n <= 5'd25;
            st <= S_DIV;
          end
        end
        S_DIV: begin
          qb <= {qb[24:0], ge};
          r <= (ge ? r_sub : r) << 1;
          n <= n - 5'd1;
          if (n == 5'd0) st <= S_ROUND;
        end
        S_ROUND: begin
          f_q <= m25[22:0];
          e_q <= e_r;
          st <= S_PACK;
        end
        default: begin                                // S_PACK
          if (e_q >= 11'sd255) q <= {neg, 8'hFF, 23'd0};
          else if (e_q <= 11'sd0) q <= {neg, 31'd0};
          else q <= {neg, e_q[7:0], f_q};
          done <= 1'b1;
          st <= S_IDLE;
        end
      endcase
    end
  end
endmodule
