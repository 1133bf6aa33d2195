`timescale 1ns/1ps
// texcore_soc_ulx3s: texcore_soc on a ULX3S board with an ECP5-85F (LFE5U-85F-6BG381C;
// pins: texcore_soc_ulx3s.lpf). For synthesis and place-and-route (`cargo xtask synth
// --blocks texcore_soc`); not tested on a board.
//
// - Clock: the board's 25 MHz oscillator drives the whole system directly (no PLL). The
//   firmware's delays assume 50 MHz (`CLK_HZ` in fw/soc.rs), so on the board they last
//   twice as long as asked: they are lower bounds (reset pulse, BUSY timeouts), never too
//   short.
// - Reset: a power-on counter (16 clocks), then the PWR button (btn[0], active low),
//   synchronized.
// - Text: the firmware's text register goes out on the FTDI serial port (ftdi_rxd, 115 200
//   baud 8N1); a write waits for the transmitter, so no byte is lost.
// - LEDs: led[0] = passed (exit code 0), led[1] = failed (any other exit code), led[2] =
//   running, led[7] = heartbeat (clk / 2^24, ~1.5 Hz); the others are off.
// - RAM contents: RAM_INIT, a $readmemh image of the firmware (the xtask writes it beside
//   the netlist from the same ELF the simulation runs).
module texcore_soc_ulx3s #(
  parameter RAM_INIT = "texcore_soc_ram.hex"
) (
  input  logic       clk_25mhz,
  input  logic [0:0] btn,             // btn[0]: PWR, active low
  output logic [7:0] led,
  output logic       ftdi_rxd         // FPGA transmits to the FTDI chip
);
  logic       clk;
  assign clk = clk_25mhz;

  // Reset: power-on counter, then the synchronized button.
  logic [4:0] por = 5'd0;
  logic [1:0] btn_q = 2'b00;
  logic       rst;
  always @(posedge clk) begin
    btn_q <= {btn_q[0], btn[0]};
    if (!por[4]) por <= por + 5'd1;
    rst <= !por[4] || !btn_q[1];
  end

  logic        sim_exit, sim_putc, putc_ready;
  logic [31:0] sim_exit_code;
  logic [7:0]  sim_char;
  texcore_soc #(.RAM_INIT(RAM_INIT)) u_soc (
    .clk(clk), .rst(rst),
    .sim_exit(sim_exit), .sim_exit_code(sim_exit_code), .sim_putc(sim_putc), .sim_char(sim_char),
    .putc_ready(putc_ready)
  );

  texcore_soc_uart_tx #(.CLK_HZ(25_000_000), .BAUD(115_200)) u_uart (
    .clk(clk), .rst(rst), .valid(sim_putc), .data(sim_char), .ready(putc_ready), .txd(ftdi_rxd)
  );

  logic        done, pass;
  logic [23:0] beat;
  always @(posedge clk) begin
    beat <= beat + 24'd1;
    if (rst) begin
      done <= 1'b0;
      pass <= 1'b0;
    end else if (sim_exit && !done) begin
      done <= 1'b1;
      pass <= sim_exit_code == 32'd0;
    end
  end
  assign led = {beat[23], 4'b0000, ~done, done & ~pass, done & pass};
endmodule
