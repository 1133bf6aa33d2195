`timescale 1ns/1ps
// Vector testbench of unit f32_div (texcore_f32_div). No images.
//
// texcore_f32_div takes one division at a time (29 clocks, up to 52 with subnormal
// operands), so the harness runs N of them in turn to keep the driver's one vector per
// clock: vector n goes to divider n mod N, and the results leave in vector order (a divider
// holds its quotient until it is sent). Every result is ready within 52 clocks of its
// vector, before its divider's next vector N clocks later.

module f32_div_harness
  import texcore_vectors_pkg::*;
(
  input  logic                     clk,
  input  logic                     rst,
  input  logic                     in_valid,
  input  logic [F32_DIV_IN_W-1:0]  in_bits,
  output logic                     out_valid,
  output logic [F32_DIV_OUT_W-1:0] out_bits
);
  localparam int N = 64;
  logic [5:0]   ip, op;                    // divider of the next vector / of the next result
  logic [N-1:0] ready, done;
  logic [31:0]  q [N];
  genvar gi;
  generate
    for (gi = 0; gi < N; gi = gi + 1) begin : g_div
      /* verilator lint_off UNUSEDSIGNAL */
      logic busy_unused;
      /* verilator lint_on UNUSEDSIGNAL */
      texcore_f32_div dut (
        .clk(clk), .rst(rst), .start(in_valid && ip == 6'(gi)),
        .a(in_bits[F32_DIV_A_LSB +: F32_DIV_A_W]),
        .b(in_bits[F32_DIV_B_LSB +: F32_DIV_B_W]),
        .busy(busy_unused), .done(done[gi]), .q(q[gi])
      );
    end
  endgenerate
  wire emit = ready[op];
  always @(posedge clk) begin
    out_valid <= 1'b0;
    if (rst) begin
      ip <= 6'd0;
      op <= 6'd0;
      ready <= '0;
    end else begin
      if (in_valid) ip <= ip + 6'd1;
      ready <= (ready | done) & ~(emit ? (N'(1) << op) : '0);
      if (emit) begin
        out_valid <= 1'b1;
        out_bits <= '0;
        out_bits[F32_DIV_Q_LSB +: F32_DIV_Q_W] <= q[op];
        op <= op + 6'd1;
      end
    end
  end
endmodule

module tb_f32_div;
  import texcore_vectors_pkg::*;
  import texcore_vectors_tb_pkg::*;
  localparam int LINE_W = F32_DIV_LINE_W;
  localparam int OUT_W = F32_DIV_OUT_W;
`include "tb_common.svh"
  f32_div_harness h (
    .clk(clk), .rst(rst), .in_valid(in_valid), .in_bits(vin),
    .out_valid(out_valid), .out_bits(out_bits)
  );
  task automatic show(input logic [LINE_W-1:0] line, input logic [OUT_W-1:0] got);
    f32_div_show(line, got);
  endtask
endmodule
