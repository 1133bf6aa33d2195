`timescale 1ns/1ps
// texcore_soc_spi: SPI master, mode 0 (CPOL 0, CPHA 0), MSB first, one byte per start.
//
// A transfer: SCK low for `half` clocks with MOSI = the bit, then SCK high for `half`
// clocks; MISO is sampled at the clock edge that raises SCK (the slave shifts its next bit
// out after the previous rising edge, texcore_spi_slave: at least 4 clocks between rising
// edges). `half` < 2 acts as 2, so SCK <= clk / 4. SCK is low between transfers; chip
// select is a separate register (texcore_soc_io).
module texcore_soc_spi (
  input  logic       clk,
  input  logic       rst,
  input  logic [7:0] half,       // SCK half period in clocks
  input  logic       start,      // start one byte (ignored while busy)
  input  logic [7:0] tx,
  output logic       busy,
  output logic [7:0] rx,         // the byte received by the last transfer
  output logic       sck,
  output logic       mosi,
  input  logic       miso
);
  logic [7:0] cnt, lim;
  logic [6:0] sr;                // the bits still to send (MSB next)
  logic [2:0] nbit;
  assign lim = (half < 8'd2) ? 8'd1 : half - 8'd1;

  always @(posedge clk) begin
    if (rst) begin
      busy <= 1'b0;
      sck <= 1'b0;
      mosi <= 1'b0;
      cnt <= 8'd0;
      nbit <= 3'd0;
      sr <= 7'd0;
      rx <= 8'd0;
    end else if (!busy) begin
      if (start) begin
        busy <= 1'b1;
        sr <= tx[6:0];
        mosi <= tx[7];
        cnt <= 8'd0;
        nbit <= 3'd0;
      end
    end else if (cnt != lim) begin
      cnt <= cnt + 8'd1;
    end else begin
      cnt <= 8'd0;
      if (!sck) begin
        sck <= 1'b1;
        rx <= {rx[6:0], miso};
      end else begin
        sck <= 1'b0;
        if (nbit == 3'd7) begin
          busy <= 1'b0;
        end else begin
          nbit <= nbit + 3'd1;
          mosi <= sr[6];
          sr <= {sr[5:0], 1'b0};
        end
      end
    end
  end
endmodule
