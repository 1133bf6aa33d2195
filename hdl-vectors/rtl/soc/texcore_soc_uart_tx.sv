`timescale 1ns/1ps
// texcore_soc_uart_tx: UART transmitter, 8 data bits, no parity, one stop bit (8N1), LSB
// first, idle high. `ready` is high while no frame is being sent; a byte offered with
// `valid` while `ready` is taken that clock. One bit lasts CLKS_PER_BIT clocks
// (CLK_HZ / BAUD rounded to nearest: 217 for 115 200 baud at 25 MHz, 0.01 % fast).
module texcore_soc_uart_tx #(
  parameter int CLK_HZ = 25_000_000,
  parameter int BAUD   = 115_200
) (
  input  logic       clk,
  input  logic       rst,
  input  logic       valid,
  input  logic [7:0] data,
  output logic       ready,
  output logic       txd
);
  localparam int CLKS_PER_BIT = (CLK_HZ + BAUD / 2) / BAUD;
  localparam int CW = $clog2(CLKS_PER_BIT + 1);

  logic [CW-1:0] cnt;
  logic [3:0]    nbit;          // bits still to send, start and stop included
  logic [8:0]    sr;            // {stop, data}: shifted out LSB first after the start bit

  assign ready = nbit == 4'd0;

  always @(posedge clk) begin
    if (rst) begin
      cnt <= '0;
      nbit <= 4'd0;
      sr <= 9'h1FF;
      txd <= 1'b1;
    end else if (nbit == 4'd0) begin
      if (valid) begin
        txd <= 1'b0;            // start bit
        sr <= {1'b1, data};
        nbit <= 4'd10;
        cnt <= CW'(CLKS_PER_BIT - 1);
      end
    end else if (cnt != '0) begin
      cnt <= cnt - 1'b1;
    end else begin
      nbit <= nbit - 4'd1;
      if (nbit != 4'd1) begin
        txd <= sr[0];
        sr <= {1'b1, sr[8:1]};
        cnt <= CW'(CLKS_PER_BIT - 1);
      end
    end
  end
endmodule
