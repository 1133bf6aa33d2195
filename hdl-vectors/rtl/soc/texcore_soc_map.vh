// texcore_soc memory map: the one source of the SoC's addresses and register offsets. The
// RTL includes this file; the firmware's build script (firmware/build.rs, feature `soc`)
// reads every `localparam` line below into Rust constants (module `soc_map`), so both sides
// always agree. Format of each line: `localparam logic [31:0] NAME = 32'hXXXX_XXXX;`.
//
// RAM (instructions and data, cached by the CPU) at 0x4000_0000. I/O at 0xF000_0000: the
// CPU treats every address with bit 31 set as uncached I/O. Every register is 32 bits wide
// and word-aligned.
localparam logic [31:0] SOC_RAM_BASE    = 32'h4000_0000;  // RAM (RAM_BYTES, default 320 KiB)
localparam logic [31:0] SOC_IO_BASE     = 32'hF000_0000;  // I/O registers below
localparam logic [31:0] SOC_SIM_EXIT    = 32'hF000_0000;  // W: end the simulation, exit code = value (0 = pass)
localparam logic [31:0] SOC_SIM_PUTC    = 32'hF000_0004;  // W: bits 7:0 = one byte of text output
localparam logic [31:0] SOC_GPIO_OUT    = 32'hF000_0100;  // RW: bit 0 = RST_N (reset value 1)
localparam logic [31:0] SOC_GPIO_IN     = 32'hF000_0104;  // R: bit 0 = BUSY, bit 1 = IRQ
localparam logic [31:0] SOC_SPI_DIV     = 32'hF000_0200;  // RW: bits 7:0 = SCK half period in clocks (values < 2 act as 2; reset 2: SCK = clk / 4)
localparam logic [31:0] SOC_SPI_CS      = 32'hF000_0204;  // RW: bit 0 = chip select asserted (CS_N = ~bit 0; reset 0)
localparam logic [31:0] SOC_SPI_DATA    = 32'hF000_0208;  // W: bits 7:0 start one byte (MSB first); R: the byte received by the last transfer
localparam logic [31:0] SOC_SPI_STATUS  = 32'hF000_020C;  // R: bit 0 = a transfer is in progress
