`timescale 1ns/1ps
// Address/wrap stage, one axis: texcore::wrap::wrap. Reference for the `wrap` vectors.
//
//   REPEAT                i mod n (Euclidean)
//   MIRRORED_REPEAT       r = i mod 2n; r < n ? r : 2n - 1 - r
//   CLAMP_TO_EDGE         clamp(i, 0, n - 1)
//   CLAMP_TO_BORDER       i if 0 <= i < n, else border
//   MIRROR_CLAMP_TO_EDGE  clamp(i >= 0 ? i : -1 - i, 0, n - 1)
//
// i is 32-bit two's complement, n 16 bits (n = 0 gives the border). Mode codes 5-7 are not
// wrap modes: this block answers border for them (the vectors never use them).
// The one division, |i| mod 2n, is a restoring remainder of 32 steps split over DIV_ST
// pipeline stages; REPEAT's i mod n follows from i mod 2n by one conditional subtraction.
// Pipelined, one index per clock, latency DIV_ST + 2 (= 18): s0 input registers, DIV_ST
// remainder stages, output registers. DIV_ST trades flip-flops for Fmax (iCE40 HX8K,
// nextpnr 0.4: DIV_ST = 4 -> 20 MHz, 16 -> 68 MHz).
module texcore_wrap #(
  parameter int DIV_ST = 16                // remainder pipeline stages (1, 2, 4, 8, 16 or 32)
) (
  input  logic        clk,
  input  logic        rst,
  input  logic        in_valid,
  input  logic [2:0]  mode,                // WRAP_*
  input  logic [31:0] idx,                 // signed texel index
  input  logic [15:0] size,                // texels on the axis
  output logic        out_valid,
  output logic [15:0] texel,               // wrapped index (0 when border)
  output logic        border
);
  localparam int BPS = 32 / DIV_ST;        // dividend bits per stage

  // Remainder of {r, bits} by m, restoring, BPS steps (r < m on entry and exit).
  function automatic logic [16:0] rem_steps(input logic [16:0] r, input logic [BPS-1:0] bits,
                                            input logic [16:0] m);
    logic [17:0] t;
    t = {1'b0, r};
    for (int k = BPS - 1; k >= 0; k = k - 1) begin
      t = {t[16:0], bits[k]};
      if (t >= {1'b0, m}) t = t - {1'b0, m};
    end
    rem_steps = t[16:0];
  endfunction

  // Pipeline registers, flattened (Icarus 11 mishandles arrays here): stage s (0 = input
  // registers, s = after remainder stage s) at [W*s +: W].
  localparam int NS = DIV_ST + 1;
  logic [NS-1:0]    v_q;
  logic [3*NS-1:0]  m_q;
  logic [32*NS-1:0] i_q;
  logic [16*NS-1:0] n_q;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [32*NS-1:0] a_q;                   // |i|, shifted left by BPS per stage (last unused)
  /* verilator lint_on UNUSEDSIGNAL */
  logic [17*NS-1:0] r_q;                   // partial remainder of |i| by 2n

  // Every stage register loads only while an item is at the input or in flight (clock
  // enable: the pipeline holds when idle, which saves power and simulation time); the
  // valid bits are not gated.
  logic act;
  always @(posedge clk) v_q[0] <= rst ? 1'b0 : in_valid;
  always @(posedge clk) if (act) begin
    m_q[2:0] <= mode;
    i_q[31:0] <= idx;
    n_q[15:0] <= size;
    a_q[31:0] <= idx[31] ? (~idx + 32'd1) : idx;
    r_q[16:0] <= '0;
  end
  for (genvar s = 1; s <= DIV_ST; s = s + 1) begin : g_div
    always @(posedge clk) v_q[s] <= rst ? 1'b0 : v_q[s-1];
    always @(posedge clk) if (act) begin
      m_q[3*s +: 3] <= m_q[3*(s-1) +: 3];
      i_q[32*s +: 32] <= i_q[32*(s-1) +: 32];
      n_q[16*s +: 16] <= n_q[16*(s-1) +: 16];
      a_q[32*s +: 32] <= a_q[32*(s-1) +: 32] << BPS;
      r_q[17*s +: 17] <= rem_steps(r_q[17*(s-1) +: 17], a_q[32*s-BPS +: BPS], {n_q[16*(s-1) +: 16], 1'b0});
    end
  end

  // ---------------------------------------------------------------- final stage
  logic [2:0]  fm;
  logic [31:0] fi;
  logic [15:0] fn;
  logic [16:0] fr, m2, r2;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [16:0] rep, mir;                   // < n: bit 16 is always 0
  /* verilator lint_on UNUSEDSIGNAL */
  logic        neg, ge_n, zero_n;
  logic [31:0] mi;
  logic [15:0] t_d;
  logic        b_d;
  assign fm     = m_q[3*DIV_ST +: 3];
  assign fi     = i_q[32*DIV_ST +: 32];
  assign fn     = n_q[16*DIV_ST +: 16];
  assign fr     = r_q[17*DIV_ST +: 17];
  assign neg    = fi[31];
  assign zero_n = fn == 16'd0;
  assign m2     = {fn, 1'b0};
  assign r2     = (neg && fr != 17'd0) ? m2 - fr : fr;             // i rem_euclid 2n
  assign rep    = (r2 >= {1'b0, fn}) ? r2 - {1'b0, fn} : r2;      // i rem_euclid n
  assign mir    = (r2 < {1'b0, fn}) ? r2 : m2 - 17'd1 - r2;
  assign ge_n   = !neg && (fi >= {16'd0, fn});
  assign mi     = neg ? ~fi : fi;                                  // mirror(i) >= 0
  always @* begin
    t_d = 16'd0;
    b_d = 1'b0;
    if (zero_n) begin
      b_d = 1'b1;
    end else begin
      case (fm)
        texcore_vectors_pkg::WRAP_REPEAT:          t_d = rep[15:0];
        texcore_vectors_pkg::WRAP_MIRRORED_REPEAT: t_d = mir[15:0];
        texcore_vectors_pkg::WRAP_CLAMP_TO_EDGE:   t_d = neg ? 16'd0 : ge_n ? fn - 16'd1 : fi[15:0];
        texcore_vectors_pkg::WRAP_CLAMP_TO_BORDER: begin
          if (neg || ge_n) b_d = 1'b1;
          else t_d = fi[15:0];
        end
        texcore_vectors_pkg::WRAP_MIRROR_CLAMP_TO_EDGE:
          t_d = (mi >= {16'd0, fn}) ? fn - 16'd1 : mi[15:0];
        default: b_d = 1'b1;
      endcase
    end
  end

  always @(posedge clk) out_valid <= rst ? 1'b0 : v_q[DIV_ST];
  always @(posedge clk) if (act) begin
    texel <= t_d;
    border <= b_d;
  end
  assign act = in_valid | (|v_q);
endmodule
