`timescale 1ns/1ps
// texcore_soc_ram: the SoC's RAM, RAM_BYTES at SOC_RAM_BASE, with two Wishbone (classic)
// slave ports: I (the instruction cache's line fills, read only) and D (data, byte
// enables). One wait state per access (ACK registered), as a block RAM with a registered
// read port gives. The word address is the low bits of the Wishbone address (texcore_soc
// decodes the region).
//
// Contents: the simulation loads a $readmemh image named by the plusarg +ram=<file>
// (`cargo xtask soc` writes it from the firmware ELF); an FPGA build would give INIT_FILE.
module texcore_soc_ram #(
  parameter int    RAM_BYTES = 524288,   // a power of two
  parameter string INIT_FILE = ""
) (
  input  logic        clk,
  input  logic        rst,
  input  logic        i_cyc,
  input  logic        i_stb,
  input  logic [29:0] i_adr,
  output logic [31:0] i_dat_r,
  output logic        i_ack,
  input  logic        d_cyc,
  input  logic        d_stb,
  input  logic        d_we,
  input  logic [29:0] d_adr,
  input  logic [31:0] d_dat_w,
  input  logic [3:0]  d_sel,
  output logic [31:0] d_dat_r,
  output logic        d_ack
);
  localparam int WORDS = RAM_BYTES / 4;
  localparam int AW = $clog2(WORDS);

  logic [31:0] mem [0:WORDS-1];

`ifndef SYNTHESIS
  string init_path;
  initial begin
    if ($value$plusargs("ram=%s", init_path)) $readmemh(init_path, mem);
    else if (INIT_FILE != "") $readmemh(INIT_FILE, mem);
  end
`else
  initial if (INIT_FILE != "") $readmemh(INIT_FILE, mem);
`endif

  /* verilator lint_off UNUSEDSIGNAL */
  wire [29-AW:0] i_hi = i_adr[29:AW];    // decoded by texcore_soc
  wire [29-AW:0] d_hi = d_adr[29:AW];
  /* verilator lint_on UNUSEDSIGNAL */
  wire [AW-1:0] ia = i_adr[AW-1:0];
  wire [AW-1:0] da = d_adr[AW-1:0];

  always @(posedge clk) begin
    if (rst) begin
      i_ack <= 1'b0;
      d_ack <= 1'b0;
    end else begin
      i_ack <= i_cyc & i_stb & ~i_ack;
      d_ack <= d_cyc & d_stb & ~d_ack;
    end
    i_dat_r <= mem[ia];
    d_dat_r <= mem[da];
    if (d_cyc && d_stb && d_we && !d_ack) begin
      if (d_sel[0]) mem[da][7:0]   <= d_dat_w[7:0];
      if (d_sel[1]) mem[da][15:8]  <= d_dat_w[15:8];
      if (d_sel[2]) mem[da][23:16] <= d_dat_w[23:16];
      if (d_sel[3]) mem[da][31:24] <= d_dat_w[31:24];
    end
  end
endmodule
