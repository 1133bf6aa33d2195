`timescale 1ns/1ps
// SPI slave, mode 0 (CPOL 0, CPHA 0), MSB first, 8-bit words, in the system clock domain.
//
// SCK, CS_N and MOSI are asynchronous pins: each goes through a two-flip-flop synchronizer,
// and SCK / CS_N edges are found by comparing the second and third flip-flop, so an edge is
// seen 2-3 clocks after it happens on the pin. MOSI is sampled at each SCK rising edge (its
// synchronizer has the same delay); MISO is a register updated the clock after that edge,
// with the next bit of the byte being sent (the host samples it at the next rising edge:
// the SCK period must be at least 4 clocks, SCK <= clk / 4).
//
// A transaction is one CS_N low period. `start` / `stop` pulse when CS_N falls / rises;
// `byte_valid` pulses with each completed byte (`byte_data`, its index in the transaction,
// saturating at 511). A partial byte at the end of a transaction is dropped. The byte
// shifted out first is 0x00; at each completed byte the parent supplies the next one on
// `tx_next` (combinationally, in the `byte_valid` cycle).
module texcore_spi_slave (
  input  logic       clk,
  input  logic       rst,
  input  logic       sck,
  input  logic       cs_n,
  input  logic       mosi,
  output logic       miso,
  output logic       start,
  output logic       stop,
  output logic       active,
  output logic       byte_valid,
  output logic [7:0] byte_data,
  output logic [8:0] byte_index,
  input  logic [7:0] tx_next
);
  logic [2:0] sck_q, cs_q;
  logic [1:0] mosi_q;
  always @(posedge clk) begin
    if (rst) begin
      sck_q <= 3'b000;
      cs_q <= 3'b111;
      mosi_q <= 2'b00;
    end else begin
      sck_q <= {sck_q[1:0], sck};
      cs_q <= {cs_q[1:0], cs_n};
      mosi_q <= {mosi_q[0], mosi};
    end
  end
  wire sck_rise = sck_q[1] & ~sck_q[2];
  assign start  = ~cs_q[1] & cs_q[2];
  assign stop   = cs_q[1] & ~cs_q[2];
  assign active = ~cs_q[1];

  logic [2:0] bit_cnt;
  logic [6:0] rx_sr;
  logic [7:0] tx_sr;
  logic [8:0] idx;
  wire take = active & ~start & sck_rise;
  assign byte_valid = take & (bit_cnt == 3'd7);
  assign byte_data  = {rx_sr, mosi_q[1]};
  assign byte_index = idx;
  assign miso       = tx_sr[7];

  always @(posedge clk) begin
    if (rst) begin
      bit_cnt <= 3'd0;
      rx_sr <= 7'd0;
      tx_sr <= 8'd0;
      idx <= 9'd0;
    end else if (start) begin
      bit_cnt <= 3'd0;
      rx_sr <= 7'd0;
      tx_sr <= 8'd0;
      idx <= 9'd0;
    end else if (take) begin
      bit_cnt <= bit_cnt + 3'd1;
      rx_sr <= {rx_sr[5:0], mosi_q[1]};
      if (bit_cnt == 3'd7) begin
        tx_sr <= tx_next;
        if (idx != 9'd511) idx <= idx + 9'd1;
      end else begin
        tx_sr <= {tx_sr[6:0], 1'b0};
      end
    end
  end
endmodule
