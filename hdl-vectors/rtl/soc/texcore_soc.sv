`timescale 1ns/1ps
// texcore_soc: the soft-core system. A VexRiscv RV32IMC CPU (the `VexRiscv_IMAC` build of
// the PyPI package pythondata-cpu-vexriscv: instruction and data caches of 4 KiB, the
// machine-mode CSRs, Wishbone buses; `cargo xtask soc` takes its Verilog from the installed
// package) runs the texcore firmware from RAM and drives the sampler device texcore_sampler
// through an SPI master and GPIO, all in one clock domain.
//
//   VexRiscv --iBus--> RAM port I                     (0x4000_0000, RAM_BYTES)
//            --dBus--> RAM port D | I/O (0xF000_0000) | bus error (anything else)
//   I/O: simulation registers (exit code, text), GPIO (RST_N, BUSY, IRQ), SPI master
//        --SCK/CS_N/MOSI/MISO--> texcore_sampler
//
// Addresses: texcore_soc_map.vh. The CPU resets to SOC_RAM_BASE; addresses with bit 31 set
// are uncached (the I/O block). The RAM region is decoded on address bits 31:28 (the RAM
// repeats inside 0x4000_0000-0x4FFF_FFFF); the I/O block on bits 31:28 as well.
//
// The configuration fits an ECP5-85F's 208 DP16KD with the CPU's caches: RAM_BYTES of RAM
// (160 DP16KD at 320 KiB) and a sampler with DEV_MEM_BYTES of texel memory (16 KiB: 8
// DP16KD). The firmware's linker script (firmware/memory-soc.x) and its lock-step model
// (fw/soc.rs, DEV_*) are built for the same figures.
module texcore_soc #(
  parameter int    RAM_BYTES     = 327680,
  parameter        RAM_INIT      = "",
  parameter int    DEV_MEM_BYTES = 16384
) (
  input  logic        clk,
  input  logic        rst,              // synchronous, active high
  // simulation register block (one-clock strobes)
  output logic        sim_exit,
  output logic [31:0] sim_exit_code,
  output logic        sim_putc,
  output logic [7:0]  sim_char,
  input  logic        putc_ready        // the text sink takes sim_char (simulation: 1)
);
/* verilator lint_off UNUSEDPARAM */
`include "texcore_soc_map.vh"
/* verilator lint_on UNUSEDPARAM */

  // ---------------------------------------------------------------- CPU
  logic        ib_cyc, ib_stb, ib_ack, ib_err;
  logic [29:0] ib_adr;
  logic [31:0] ib_dat_r;
  logic        db_cyc, db_stb, db_ack, db_err, db_we;
  logic [29:0] db_adr;
  logic [31:0] db_dat_w, db_dat_r;
  logic [3:0]  db_sel;
  /* verilator lint_off UNUSEDSIGNAL */
  logic        ib_we;
  logic [31:0] ib_dat_w;
  logic [3:0]  ib_sel;
  logic [2:0]  ib_cti, db_cti;          // bursts are served beat by beat (classic cycles)
  logic [1:0]  ib_bte, db_bte;
  /* verilator lint_on UNUSEDSIGNAL */
  logic        dev_irq;

  VexRiscv u_cpu (
    .externalResetVector(SOC_RAM_BASE),
    .timerInterrupt(1'b0),
    .softwareInterrupt(1'b0),
    .externalInterruptArray({31'd0, dev_irq}),
    .iBusWishbone_CYC(ib_cyc), .iBusWishbone_STB(ib_stb), .iBusWishbone_ACK(ib_ack),
    .iBusWishbone_WE(ib_we), .iBusWishbone_ADR(ib_adr), .iBusWishbone_DAT_MISO(ib_dat_r),
    .iBusWishbone_DAT_MOSI(ib_dat_w), .iBusWishbone_SEL(ib_sel), .iBusWishbone_ERR(ib_err),
    .iBusWishbone_CTI(ib_cti), .iBusWishbone_BTE(ib_bte),
    .dBusWishbone_CYC(db_cyc), .dBusWishbone_STB(db_stb), .dBusWishbone_ACK(db_ack),
    .dBusWishbone_WE(db_we), .dBusWishbone_ADR(db_adr), .dBusWishbone_DAT_MISO(db_dat_r),
    .dBusWishbone_DAT_MOSI(db_dat_w), .dBusWishbone_SEL(db_sel), .dBusWishbone_ERR(db_err),
    .dBusWishbone_CTI(db_cti), .dBusWishbone_BTE(db_bte),
    .clk(clk), .reset(rst)
  );

  // ---------------------------------------------------------------- decode
  wire ib_ram = ib_adr[29:26] == SOC_RAM_BASE[31:28];
  wire db_ram = db_adr[29:26] == SOC_RAM_BASE[31:28];
  wire db_io  = db_adr[29:26] == SOC_IO_BASE[31:28];

  logic        ram_i_ack, ram_d_ack, io_ack;
  logic [31:0] ram_d_dat, io_dat;
  always @(posedge clk) begin
    if (rst) begin
      ib_err <= 1'b0;
      db_err <= 1'b0;
    end else begin
      ib_err <= ib_cyc & ib_stb & ~ib_ram & ~ib_err;
      db_err <= db_cyc & db_stb & ~db_ram & ~db_io & ~db_err;
    end
  end
  assign ib_ack = ram_i_ack;
  assign db_ack = ram_d_ack | io_ack;
  assign db_dat_r = db_io ? io_dat : ram_d_dat;

  // ---------------------------------------------------------------- RAM
  texcore_soc_ram #(.RAM_BYTES(RAM_BYTES), .INIT_FILE(RAM_INIT)) u_ram (
    .clk(clk), .rst(rst),
    .i_cyc(ib_cyc), .i_stb(ib_stb & ib_ram), .i_adr(ib_adr), .i_dat_r(ib_dat_r), .i_ack(ram_i_ack),
    .d_cyc(db_cyc), .d_stb(db_stb & db_ram), .d_we(db_we), .d_adr(db_adr), .d_dat_w(db_dat_w),
    .d_sel(db_sel), .d_dat_r(ram_d_dat), .d_ack(ram_d_ack)
  );

  // ---------------------------------------------------------------- I/O and the sampler
  logic dev_rst_n, dev_busy, sck, cs_n, mosi, miso;
  texcore_soc_io u_io (
    .clk(clk), .rst(rst),
    .cyc(db_cyc), .stb(db_stb & db_io), .we(db_we), .adr(db_adr), .dat_w(db_dat_w), .sel(db_sel),
    .dat_r(io_dat), .ack(io_ack),
    .sim_exit(sim_exit), .sim_exit_code(sim_exit_code), .sim_putc(sim_putc), .sim_char(sim_char),
    .putc_ready(putc_ready),
    .dev_rst_n(dev_rst_n), .dev_busy(dev_busy), .dev_irq(dev_irq),
    .spi_sck(sck), .spi_cs_n(cs_n), .spi_mosi(mosi), .spi_miso(miso)
  );

  // The capacities the firmware's lock-step model is built with (fw/soc.rs, DEV_*).
  texcore_sampler #(.MEM_BYTES(DEV_MEM_BYTES), .HEADER_ENTRIES(256), .SAMPLER_ENTRIES(256), .CBANK_WORDS(1024)) u_sampler (
    .clk(clk), .rst_n(dev_rst_n),
    .spi_sck(sck), .spi_cs_n(cs_n), .spi_mosi(mosi), .spi_miso(miso),
    .busy(dev_busy), .irq(dev_irq)
  );
endmodule
