`timescale 1ns/1ps
// texcore_soc_ram: the SoC's RAM, RAM_BYTES at SOC_RAM_BASE, with two Wishbone (classic)
// slave ports: I (the instruction cache's line fills, read only) and D (data, byte
// enables). Both share the memory's one port, D first: a block RAM with one read/write
// port per word is what maps to block RAM without a second copy of the contents (a
// separate read port for I would make Yosys replicate every block). A served access is
// ACKed the next clock (one wait state) with its word in the shared read register; an I
// access waits while D accesses follow each other (the CPU's I fetch and D traffic rarely
// overlap). The word address is the low bits of the Wishbone address (texcore_soc decodes
// the region); RAM_BYTES need not be a power of two (words beyond it are not there: a
// read returns an undefined value, a write is dropped).
//
// Contents: the simulation loads a $readmemh image named by the plusarg +ram=<file>
// (`cargo xtask soc` writes it from the firmware ELF); synthesis reads INIT_FILE.
module texcore_soc_ram #(
  parameter int    RAM_BYTES = 327680,   // a multiple of 4
  parameter        INIT_FILE = ""
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

  // One port: D when it asks, else I.
  wire          d_req = d_cyc & d_stb & ~d_ack;
  wire          i_req = i_cyc & i_stb & ~i_ack;
  wire [AW-1:0] addr = d_req ? da : ia;
  wire          wr = d_req & d_we & (32'(da) < 32'(WORDS));
  logic [31:0]  q;

  always @(posedge clk) begin
    if (rst) begin
      i_ack <= 1'b0;
      d_ack <= 1'b0;
    end else begin
      d_ack <= d_req;
      i_ack <= i_req & ~d_req;
    end
    q <= mem[addr];
    if (wr) begin
      if (d_sel[0]) mem[addr][7:0]   <= d_dat_w[7:0];
      if (d_sel[1]) mem[addr][15:8]  <= d_dat_w[15:8];
      if (d_sel[2]) mem[addr][23:16] <= d_dat_w[23:16];
      if (d_sel[3]) mem[addr][31:24] <= d_dat_w[31:24];
    end
  end
  assign i_dat_r = q;
  assign d_dat_r = q;
endmodule
