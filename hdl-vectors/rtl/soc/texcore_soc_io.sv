`timescale 1ns/1ps
// texcore_soc_io: the SoC's I/O registers on a Wishbone (classic) slave port: the
// simulation register block (exit code, text output), GPIO (RST_N out; BUSY, IRQ in) and
// the SPI master (texcore_soc_spi) with its divider and chip select. Addresses:
// texcore_soc_map.vh (the firmware reads the same file). One wait state: ACK is
// registered; a read returns 0 for unmapped offsets. A write to the text register waits
// (ACK held back) until `putc_ready`: a board's UART transmitter takes each byte at its own
// pace; the simulation ties it high.
module texcore_soc_io (
  input  logic        clk,
  input  logic        rst,
  // Wishbone slave (word address)
  input  logic        cyc,
  input  logic        stb,
  input  logic        we,
  input  logic [29:0] adr,
  input  logic [31:0] dat_w,
  input  logic [3:0]  sel,
  output logic [31:0] dat_r,
  output logic        ack,
  // simulation register block: one-clock strobes
  output logic        sim_exit,
  output logic [31:0] sim_exit_code,
  output logic        sim_putc,
  output logic [7:0]  sim_char,
  input  logic        putc_ready,       // the text sink takes a byte this clock
  // the sampler's pins
  output logic        dev_rst_n,
  input  logic        dev_busy,
  input  logic        dev_irq,
  output logic        spi_sck,
  output logic        spi_cs_n,
  output logic        spi_mosi,
  input  logic        spi_miso
);
/* verilator lint_off UNUSEDPARAM */
`include "texcore_soc_map.vh"
/* verilator lint_on UNUSEDPARAM */

  // Register offsets inside the I/O block (word address bits 9:0).
  localparam logic [9:0] A_EXIT   = SOC_SIM_EXIT[11:2];
  localparam logic [9:0] A_PUTC   = SOC_SIM_PUTC[11:2];
  localparam logic [9:0] A_GOUT   = SOC_GPIO_OUT[11:2];
  localparam logic [9:0] A_GIN    = SOC_GPIO_IN[11:2];
  localparam logic [9:0] A_DIV    = SOC_SPI_DIV[11:2];
  localparam logic [9:0] A_CS     = SOC_SPI_CS[11:2];
  localparam logic [9:0] A_DATA   = SOC_SPI_DATA[11:2];
  localparam logic [9:0] A_STATUS = SOC_SPI_STATUS[11:2];

  /* verilator lint_off UNUSEDSIGNAL */
  wire [19:0] adr_hi = adr[29:10];     // decoded by texcore_soc
  wire [3:0]  sel_u = sel;             // registers are written whole
  /* verilator lint_on UNUSEDSIGNAL */
  wire [9:0]  a = adr[9:0];
  // A text write is held (no ACK, no strobe) until the sink is ready.
  wire        hold = we & (a == A_PUTC) & ~putc_ready;
  wire        wr = cyc & stb & we & ~ack & ~hold;

  logic [7:0] div;
  logic       cs;
  logic [1:0] busy_q, irq_q;           // two-flip-flop synchronizers (asynchronous pins)
  logic       spi_busy;
  logic [7:0] spi_rx;
  texcore_soc_spi u_spi (
    .clk(clk), .rst(rst), .half(div), .start(wr && a == A_DATA), .tx(dat_w[7:0]),
    .busy(spi_busy), .rx(spi_rx), .sck(spi_sck), .mosi(spi_mosi), .miso(spi_miso)
  );
  assign spi_cs_n = ~cs;

  always @(posedge clk) begin
    if (rst) begin
      ack <= 1'b0;
      dat_r <= 32'd0;
      sim_exit <= 1'b0;
      sim_exit_code <= 32'd0;
      sim_putc <= 1'b0;
      sim_char <= 8'd0;
      dev_rst_n <= 1'b1;
      div <= 8'd2;
      cs <= 1'b0;
      busy_q <= 2'b11;
      irq_q <= 2'b00;
    end else begin
      busy_q <= {busy_q[0], dev_busy};
      irq_q <= {irq_q[0], dev_irq};
      ack <= cyc & stb & ~ack & ~hold;
      sim_exit <= wr && a == A_EXIT;
      sim_putc <= wr && a == A_PUTC;
      if (wr && a == A_EXIT) sim_exit_code <= dat_w;
      if (wr && a == A_PUTC) sim_char <= dat_w[7:0];
      if (wr && a == A_GOUT) dev_rst_n <= dat_w[0];
      if (wr && a == A_DIV) div <= dat_w[7:0];
      if (wr && a == A_CS) cs <= dat_w[0];
      case (a)
        A_GOUT:   dat_r <= {31'd0, dev_rst_n};
        A_GIN:    dat_r <= {30'd0, irq_q[1], busy_q[1]};
        A_DIV:    dat_r <= {24'd0, div};
        A_CS:     dat_r <= {31'd0, cs};
        A_DATA:   dat_r <= {24'd0, spi_rx};
        A_STATUS: dat_r <= {31'd0, spi_busy};
        default:  dat_r <= 32'd0;
      endcase
    end
  end
endmodule
