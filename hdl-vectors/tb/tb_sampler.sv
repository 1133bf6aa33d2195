`timescale 1ns/1ps
// Directed frame-level testbench of texcore_sampler (Icarus 11, `-g2012`): command
// frames driven bit by bit on the SPI pins (mode 0, SCK = clk / 4), the response fetched and
// checked byte for byte against the frame the protocol (hal/src/protocol.rs) prescribes.
// Covers reset (ERR_NO_RESPONSE), NOP, registers (read, write, read-only, unknown, too
// wide), a damaged CRC, a short frame, an unknown command, texel memory, a header upload,
// SUBMIT of TGSI SVIEWINFO / TXF / an unknown op, READ_RESULT in and past the result, and a
// repeated fetch. The bulk checks (every op, lock-step with the model, wire faults) are the
// Rust co-simulation (`cargo xtask cosim --ops sampler`).
// Prints `N passed, M failed`; exits through $fatal on a failure.
module tb_sampler;
`include "texcore_regs.vh"
  logic clk = 1'b0;
  always #10 clk = ~clk;                    // 50 MHz

  logic rst_n = 1'b0, sck = 1'b0, cs_n = 1'b1, mosi = 1'b0;
  wire  miso, busy, irq;
  texcore_sampler dut (
    .clk(clk), .rst_n(rst_n), .spi_sck(sck), .spi_cs_n(cs_n), .spi_mosi(mosi), .spi_miso(miso),
    .busy(busy), .irq(irq)
  );

  integer passed = 0, failed = 0;
  logic [7:0] tx [0:299];
  logic [7:0] rx [0:299];
  logic [7:0] exp_b [0:299];
  integer     n_tx;

  // CRC-32C, reflected, bit by bit (an implementation independent of the device's).
  function automatic logic [31:0] crc_update(input logic [31:0] c, input logic [7:0] b);
    integer k;
    c = c ^ {24'd0, b};
    for (k = 0; k < 8; k = k + 1) c = c[0] ? ((c >> 1) ^ 32'h82F6_3B78) : (c >> 1);
    crc_update = c;
  endfunction

  task automatic spi_byte(input logic [7:0] o, output logic [7:0] in);
    integer b;
    for (b = 7; b >= 0; b = b - 1) begin
      mosi = o[b];
      repeat (2) @(negedge clk);
      in[b] = miso;
      sck = 1'b1;
      repeat (2) @(negedge clk);
      sck = 1'b0;
    end
  endtask

  // One transaction: n_tx bytes of tx, then `n_rx` reads into rx.
  task automatic transaction(input integer n_out, input integer n_rx);
    integer k;
    logic [7:0] d;
    cs_n = 1'b0;
    repeat (2) @(negedge clk);
    for (k = 0; k < n_out; k = k + 1) spi_byte(tx[k], d);
    for (k = 0; k < n_rx; k = k + 1) begin
      spi_byte(8'h00, d);
      rx[k] = d;
    end
    repeat (2) @(negedge clk);
    cs_n = 1'b1;
    repeat (4) @(negedge clk);
  endtask

  task automatic wait_ready;
    integer t;
    t = 0;
    while (busy && t < 200000) begin
      @(negedge clk);
      t = t + 1;
    end
    if (busy) $fatal(1, "BUSY stuck high");
  endtask

  // Builds a command frame in tx from the header and `len` payload bytes already in
  // tx[4..]; sends it.
  task automatic command(input logic [7:0] code, input logic [7:0] seq, input integer len);
    integer k;
    logic [31:0] c;
    tx[0] = code; tx[1] = seq; tx[2] = len[7:0]; tx[3] = len[15:8];
    c = 32'hFFFF_FFFF;
    for (k = 0; k < 4 + len; k = k + 1) c = crc_update(c, tx[k]);
    c = ~c;
    for (k = 0; k < 4; k = k + 1) tx[4 + len + k] = c[8*k +: 8];
    transaction(8 + len, 0);
    wait_ready();
  endtask

  // Fetches a response of `len` payload bytes and compares it with the expected frame
  // (sync, seq, code, status, len, the payload in exp_b[0..], CRC).
  task automatic expect_resp(input string what, input logic [7:0] seq, input logic [7:0] code,
                             input logic [7:0] st, input integer len);
    integer k;
    logic [31:0] c;
    logic [7:0] e [0:299];
    logic ok;
    e[0] = TXC_RESP_SYNC; e[1] = seq; e[2] = code; e[3] = st; e[4] = len[7:0]; e[5] = len[15:8];
    for (k = 0; k < len; k = k + 1) e[6 + k] = exp_b[k];
    c = 32'hFFFF_FFFF;
    for (k = 0; k < 6 + len; k = k + 1) c = crc_update(c, e[k]);
    c = ~c;
    for (k = 0; k < 4; k = k + 1) e[6 + len + k] = c[8*k +: 8];
    e[10 + len] = 8'h00;                    // an idle byte after the frame
    tx[0] = TXC_FETCH;
    transaction(1, 11 + len);
    ok = 1'b1;
    for (k = 0; k < 11 + len; k = k + 1) if (rx[k] !== e[k]) ok = 1'b0;
    if (ok) begin
      passed = passed + 1;
    end else begin
      failed = failed + 1;
      $display("MISMATCH: %s", what);
      for (k = 0; k < 11 + len; k = k + 1)
        $display("  byte %0d: got %02x expected %02x%s", k, rx[k], e[k], (rx[k] !== e[k]) ? "  <--" : "");
    end
  endtask

  task automatic put32(input integer at, input logic [31:0] v);
    integer k;
    for (k = 0; k < 4; k = k + 1) tx[at + k] = v[8*k +: 8];
  endtask
  task automatic exp32(input integer at, input logic [31:0] v);
    integer k;
    for (k = 0; k < 4; k = k + 1) exp_b[at + k] = v[8*k +: 8];
  endtask

  integer k;
  initial begin
    repeat (10) @(negedge clk);
    rst_n = 1'b1;
    wait_ready();
    expect_resp("fetch after reset", 8'd0, 8'd0, TXC_ST_ERR_NO_RESPONSE, 0);

    command(TXC_CMD_NOP, 8'd1, 0);
    expect_resp("NOP", 8'd1, TXC_CMD_NOP, TXC_ST_OK, 0);
    expect_resp("repeated fetch", 8'd1, TXC_CMD_NOP, TXC_ST_OK, 0);

    tx[4] = TXC_REG_ID[7:0]; tx[5] = TXC_REG_ID[15:8];
    command(TXC_CMD_READ_REG, 8'd2, 2);
    exp32(0, TXC_DEVICE_ID);
    expect_resp("READ_REG ID", 8'd2, TXC_CMD_READ_REG, TXC_ST_OK, 4);

    tx[4] = TXC_REG_SCRATCH[7:0]; tx[5] = TXC_REG_SCRATCH[15:8]; put32(6, 32'h1234_5678);
    command(TXC_CMD_WRITE_REG, 8'd3, 6);
    expect_resp("WRITE_REG SCRATCH", 8'd3, TXC_CMD_WRITE_REG, TXC_ST_OK, 0);
    tx[4] = TXC_REG_SCRATCH[7:0]; tx[5] = TXC_REG_SCRATCH[15:8];
    command(TXC_CMD_READ_REG, 8'd4, 2);
    exp32(0, 32'h1234_5678);
    expect_resp("READ_REG SCRATCH", 8'd4, TXC_CMD_READ_REG, TXC_ST_OK, 4);

    tx[4] = TXC_REG_ID[7:0]; tx[5] = TXC_REG_ID[15:8]; put32(6, 32'd0);
    command(TXC_CMD_WRITE_REG, 8'd5, 6);
    expect_resp("WRITE_REG ID (read-only)", 8'd5, TXC_CMD_WRITE_REG, TXC_ST_ERR_ACCESS, 0);
    tx[4] = TXC_REG_BINDING_MODE[7:0]; tx[5] = TXC_REG_BINDING_MODE[15:8]; put32(6, 32'd2);
    command(TXC_CMD_WRITE_REG, 8'd6, 6);
    expect_resp("WRITE_REG BINDING_MODE = 2 (too wide)", 8'd6, TXC_CMD_WRITE_REG, TXC_ST_ERR_BAD_VALUE, 0);
    tx[4] = 8'h40; tx[5] = 8'h00;
    command(TXC_CMD_READ_REG, 8'd7, 2);
    expect_resp("READ_REG 0x040 (unknown)", 8'd7, TXC_CMD_READ_REG, TXC_ST_ERR_BAD_ADDR, 0);
    // STATUS: ready, fault (the last command ended with a fault), last = BAD_ADDR
    tx[4] = TXC_REG_STATUS[7:0]; tx[5] = TXC_REG_STATUS[15:8];
    command(TXC_CMD_READ_REG, 8'd8, 2);
    exp32(0, {16'd0, TXC_ST_ERR_BAD_ADDR, 8'h03});
    expect_resp("READ_REG STATUS", 8'd8, TXC_CMD_READ_REG, TXC_ST_OK, 4);

    // a damaged CRC: the echo fields as received
    tx[4] = TXC_REG_ID[7:0]; tx[5] = TXC_REG_ID[15:8];
    tx[0] = TXC_CMD_READ_REG; tx[1] = 8'd9; tx[2] = 8'd2; tx[3] = 8'd0;
    for (k = 0; k < 4; k = k + 1) tx[6 + k] = 8'hA0 + k[7:0];
    transaction(10, 0);
    wait_ready();
    expect_resp("damaged CRC", 8'd9, TXC_CMD_READ_REG, TXC_ST_ERR_CRC, 0);
    // a frame shorter than its header
    tx[0] = TXC_CMD_NOP; tx[1] = 8'd10;
    transaction(2, 0);
    wait_ready();
    expect_resp("short frame", 8'd10, TXC_CMD_NOP, TXC_ST_ERR_FRAME, 0);
    tx[4] = TXC_REG_LINK_ERRORS[7:0]; tx[5] = TXC_REG_LINK_ERRORS[15:8];
    command(TXC_CMD_READ_REG, 8'd11, 2);
    exp32(0, 32'd2);
    expect_resp("LINK_ERRORS", 8'd11, TXC_CMD_READ_REG, TXC_ST_OK, 4);
    command(8'h77, 8'd12, 0);
    expect_resp("unknown command", 8'd12, 8'h77, TXC_ST_ERR_BAD_CMD, 0);

    // texel memory: 16 bytes at 0x100, read back from 0x104
    put32(4, 32'h100);
    for (k = 0; k < 16; k = k + 1) tx[8 + k] = k[7:0];
    command(TXC_CMD_WRITE_MEM, 8'd13, 20);
    expect_resp("WRITE_MEM", 8'd13, TXC_CMD_WRITE_MEM, TXC_ST_OK, 0);
    put32(4, 32'h104); tx[8] = 8'd4; tx[9] = 8'd0;
    command(TXC_CMD_READ_MEM, 8'd14, 6);
    exp32(0, 32'h0706_0504);
    expect_resp("READ_MEM", 8'd14, TXC_CMD_READ_MEM, TXC_ST_OK, 4);
    put32(4, 32'd65534); tx[8] = 8'd4; tx[9] = 8'd0;
    command(TXC_CMD_READ_MEM, 8'd15, 6);
    expect_resp("READ_MEM past the end", 8'd15, TXC_CMD_READ_MEM, TXC_ST_ERR_BAD_ADDR, 0);

    // header 0: RGBA8_UNORM 2D 4x4, one level, at 0x100
    put32(4, 32'd0);
    put32(8, 32'(texcore_vectors_pkg::TEX_TWO_D) | (32'(texcore_vectors_pkg::FMT_RGBA8_UNORM) << 4)
             | (32'(texcore_vectors_pkg::SWZ_G) << 21) | (32'(texcore_vectors_pkg::SWZ_B) << 24)
             | (32'(texcore_vectors_pkg::SWZ_A) << 27));
    put32(12, 32'h100); put32(16, 32'd3); put32(20, 32'd3); put32(24, 32'd0); put32(28, 32'd0);
    put32(32, 32'd0); put32(36, 32'd0);
    command(TXC_CMD_WRITE_HEADER, 8'd16, 36);
    expect_resp("WRITE_HEADER", 8'd16, TXC_CMD_WRITE_HEADER, TXC_ST_OK, 0);

    // SVIEWINFO view 0, level 0 -> (4, 4, 0, 1)
    tx[4] = TXC_OP_TGSI_SVIEWINFO; tx[5] = 8'd0; tx[6] = 8'd0; tx[7] = 8'd0; put32(8, 32'd0); put32(12, 32'd0);
    command(TXC_CMD_SUBMIT, 8'd17, 12);
    exp32(0, 32'd0); exp32(4, 32'h0004_0001);
    expect_resp("SUBMIT SVIEWINFO", 8'd17, TXC_CMD_SUBMIT, TXC_ST_OK, 8);
    tx[4] = 8'd0; tx[5] = 8'd4;
    command(TXC_CMD_READ_RESULT, 8'd18, 2);
    exp32(0, 32'd4); exp32(4, 32'd4); exp32(8, 32'd0); exp32(12, 32'd1);
    expect_resp("READ_RESULT SVIEWINFO", 8'd18, TXC_CMD_READ_RESULT, TXC_ST_OK, 16);

    // TXF view 0 (1, 0, 0, level 0): texel bytes 4..7 -> v / 255 as binary32
    tx[4] = TXC_OP_TGSI_TXF; tx[5] = 8'd0; tx[6] = 8'd0; tx[7] = 8'd0;
    put32(8, 32'd0); put32(12, 32'd1); put32(16, 32'd0); put32(20, 32'd0); put32(24, 32'd0);
    put32(28, 32'd0); put32(32, 32'd0); put32(36, 32'd0);
    command(TXC_CMD_SUBMIT, 8'd19, 36);
    exp32(0, 32'd0); exp32(4, 32'h0004_0001);
    expect_resp("SUBMIT TXF", 8'd19, TXC_CMD_SUBMIT, TXC_ST_OK, 8);
    tx[4] = 8'd0; tx[5] = 8'd4;
    command(TXC_CMD_READ_RESULT, 8'd20, 2);
    exp32(0, 32'h3C80_8081); exp32(4, 32'h3CA0_A0A1); exp32(8, 32'h3CC0_C0C1); exp32(12, 32'h3CE0_E0E1);
    expect_resp("READ_RESULT TXF", 8'd20, TXC_CMD_READ_RESULT, TXC_ST_OK, 16);
    tx[4] = 8'd2; tx[5] = 8'd3;
    command(TXC_CMD_READ_RESULT, 8'd21, 2);
    expect_resp("READ_RESULT past the result", 8'd21, TXC_CMD_READ_RESULT, TXC_ST_ERR_NO_RESULT, 0);

    // an unknown op, an op with a reserved byte set
    tx[4] = 8'hEE; tx[5] = 8'd0; tx[6] = 8'd0; tx[7] = 8'd0; put32(8, 32'd0);
    command(TXC_CMD_SUBMIT, 8'd22, 8);
    expect_resp("SUBMIT unknown op", 8'd22, TXC_CMD_SUBMIT, TXC_ST_ERR_UNSUPPORTED, 0);
    tx[4] = TXC_OP_TGSI_SAMPLE_INFO; tx[5] = 8'd1; tx[6] = 8'd0; tx[7] = 8'd0; put32(8, 32'd0);
    command(TXC_CMD_SUBMIT, 8'd23, 8);
    expect_resp("SUBMIT reserved byte", 8'd23, TXC_CMD_SUBMIT, TXC_ST_ERR_BAD_VALUE, 0);

    // RESET: registers back to reset values (SCRATCH 0, IRQ_FLAGS = IRQ_RESET)
    command(TXC_CMD_RESET, 8'd24, 0);
    expect_resp("RESET", 8'd24, TXC_CMD_RESET, TXC_ST_OK, 0);
    tx[4] = TXC_REG_IRQ_FLAGS[7:0]; tx[5] = TXC_REG_IRQ_FLAGS[15:8];
    command(TXC_CMD_READ_REG, 8'd25, 2);
    exp32(0, TXC_REG_IRQ_FLAGS_RESET);
    expect_resp("IRQ_FLAGS after RESET", 8'd25, TXC_CMD_READ_REG, TXC_ST_OK, 4);

    $display("tb_sampler: %0d passed, %0d failed", passed, failed);
    if (failed != 0) $fatal(1, "MISMATCHES");
    $finish;
  end
endmodule
