`timescale 1ns/1ps
// texcore_sampler: the FPGA texture sampler of the HAL's SPI protocol (hal/src/protocol.rs),
// the device texcore_hal::FpgaSampler drives. Its behaviour on every frame is that of the
// model device texcore_hal::SimulatedFpga with CAPS / CAPS1 = this build's.
//
// Pins: SPI mode 0 (SCK <= clk / 4, MSB first), RST_N (active low, >= 1 clock), BUSY
// (high while a command frame arrives or executes, and in reset), IRQ (|(IRQ_FLAGS &
// IRQ_ENABLE)). One clock domain (clk); the SPI pins and RST_N are synchronized.
//
// Blocks:
//   texcore_spi_slave        the pins -> bytes, and the bytes shifted out on MISO
//   frame buffer             4 byte lanes x 128 (the command frame; byte i in lane i % 4)
//   command engine (here)    frame checks (length, CRC-32C by texcore_crc32c), the
//                            commands, the replay record, the response frame
//   texcore_sampler_regs     the register file
//   texcore_sampler_exec     SUBMIT: the op dispatcher and the ops
//   memories (block RAM)     texel memory (4 byte lanes x MEM_BYTES / 4), texture-header
//                            pool (HEADER_ENTRIES x 8 words), sampler-header pool,
//                            constant bank (CBANK_WORDS words), result buffer (64 words),
//                            response buffer (512 bytes)
//
// After reset (RST_N, power-on) and the RESET command the pools and the constant bank are
// cleared, one word per clock (BUSY stays high meanwhile); texel memory is kept.
module texcore_sampler #(
  parameter int MEM_BYTES       = 65536,   // texel memory (a power of two, >= 1024)
  parameter int HEADER_ENTRIES  = 256,     // texture-header pool (a power of two)
  parameter int SAMPLER_ENTRIES = 256,     // sampler-header pool (a power of two)
  parameter int CBANK_WORDS     = 1024,    // constant bank (a power of two)
  parameter int SAMPLE_PIPE     = 1        // 1: the sampling pipeline's SMP class (TGSI_SAMPLE_L,
                                           // SAMPLE, SAMPLE_B, SAMPLE_D, TEX, TXB, TXL, TXD,
                                           // SAMPLE_C_LZ, GATHER4: CAPS 13-16, 18-21, 23, 24);
                                           // 0: without it (fits an ECP5-25F)
) (
  input  logic clk,
  input  logic rst_n,          // RST_N pin
  input  logic spi_sck,
  input  logic spi_cs_n,
  input  logic spi_mosi,
  output logic spi_miso,
  output logic busy,           // BUSY pin
  output logic irq             // IRQ pin
);
`include "texcore_regs.vh"

  localparam int TAW = $clog2(MEM_BYTES / 4);          // texel memory rows
  localparam int HAW = $clog2(HEADER_ENTRIES * 8);
  localparam int SAW = $clog2(SAMPLER_ENTRIES * 8);
  localparam int CAW = $clog2(CBANK_WORDS);
  localparam int CLEAR_N = (HEADER_ENTRIES * 8 > SAMPLER_ENTRIES * 8)
                         ? ((HEADER_ENTRIES * 8 > CBANK_WORDS) ? HEADER_ENTRIES * 8 : CBANK_WORDS)
                         : ((SAMPLER_ENTRIES * 8 > CBANK_WORDS) ? SAMPLER_ENTRIES * 8 : CBANK_WORDS);
  localparam int CLW = $clog2(CLEAR_N) + 1;

  // ---------------------------------------------------------------- reset
  // Power-on: the counter starts at 0 (FPGA register initial value) and holds the device in
  // reset for 15 clocks; RST_N is synchronized by two flip-flops.
  logic [3:0] por = 4'd0;
  logic [1:0] rst_n_q = 2'b00;
  logic       rst = 1'b1;
  always @(posedge clk) begin
    if (por != 4'hF) por <= por + 4'd1;
    rst_n_q <= {rst_n_q[0], rst_n};
    rst <= (por != 4'hF) | ~rst_n_q[1];
  end

  // ---------------------------------------------------------------- SPI
  logic       sp_start, sp_stop, sp_bv;
  /* verilator lint_off UNUSEDSIGNAL */
  logic       sp_active;
  /* verilator lint_on UNUSEDSIGNAL */
  logic [7:0] sp_byte, tx_next;
  logic [8:0] sp_idx;
  texcore_spi_slave u_spi (
    .clk(clk), .rst(rst), .sck(spi_sck), .cs_n(spi_cs_n), .mosi(spi_mosi), .miso(spi_miso),
    .start(sp_start), .stop(sp_stop), .active(sp_active), .byte_valid(sp_bv), .byte_data(sp_byte),
    .byte_index(sp_idx), .tx_next(tx_next)
  );

  // ---------------------------------------------------------------- command engine state
  localparam logic [4:0]
    F_IDLE = 5'd0, F_CLEAR = 5'd1, F_CHECK = 5'd2, F_DISPATCH = 5'd3, F_WMEM = 5'd4, F_WPOOL = 5'd5,
    F_WCB = 5'd6, F_REPLAY = 5'd7, F_EXEC = 5'd8, F_EXECW = 5'd9, F_KEEP = 5'd10, F_HDR = 5'd11,
    F_PAY = 5'd12, F_CRC = 5'd13, F_END = 5'd14;
  logic [4:0]  fs;
  logic        idle;
  assign idle = fs == F_IDLE;

  // ---------------------------------------------------------------- receive
  // Transaction kinds: fetch (first byte TXC_FETCH), command (accepted when the device was
  // idle at the start), ignored (a command while busy). The response buffer is shifted out
  // from the second byte of an accepted fetch.
  localparam logic [1:0] T_NONE = 2'd0, T_FETCH = 2'd1, T_CMD = 2'd2, T_IGNORE = 2'd3;
  logic [1:0]  tk;
  logic        t_ok;                  // device idle when the transaction started
  logic [8:0]  rx_count;              // bytes received (saturating at 511)
  logic [31:0] rx_crc;                // LSB-first CRC register over every byte
  logic [7:0]  rx_code, rx_seq;
  logic [15:0] rx_len;
  logic [47:0] rx_ph;                 // payload bytes 0..5
  logic        frame_ready;           // a command frame ended
  logic [31:0] rx_crc_next;
  texcore_crc32c u_rx_crc (.crc_in(sp_idx == 9'd0 ? TXC_CRC_INIT : rx_crc), .data(sp_byte), .crc_out(rx_crc_next));

  // frame buffer: byte i in lane i % 4, row i / 4
  logic [3:0]  fb_we;
  logic [6:0]  fb_wrow;
  logic [27:0] fb_raddr;              // lane j row at [7*j +: 7]
  logic [31:0] fb_rdata;
  genvar gj;
  generate
    for (gj = 0; gj < 4; gj = gj + 1) begin : g_fb
      texcore_sampler_ram #(.DEPTH(128), .WIDTH(8)) u_fb (
        .clk(clk), .we(fb_we[gj]), .waddr(fb_wrow), .wdata(sp_byte),
        .raddr(fb_raddr[7*gj +: 7]), .rdata(fb_rdata[8*gj +: 8])
      );
    end
  endgenerate
  wire rx_take = sp_bv && (tk == T_CMD || (sp_idx == 9'd0 && sp_byte != TXC_FETCH && t_ok));
  always @* begin
    fb_we = 4'd0;
    fb_wrow = sp_idx[8:2];
    if (rx_take && sp_idx < 9'd272) fb_we[sp_idx[1:0]] = 1'b1;
  end

  // response buffer
  logic        rb_we;
  logic [8:0]  rb_waddr, rb_raddr;
  logic [7:0]  rb_wdata, rb_rdata;
  logic [8:0]  resp_len;
  logic [8:0]  send_idx;
  texcore_sampler_ram #(.DEPTH(512), .WIDTH(8)) u_resp (
    .clk(clk), .we(rb_we), .waddr(rb_waddr), .wdata(rb_wdata), .raddr(rb_raddr), .rdata(rb_rdata)
  );
  assign rb_raddr = send_idx;

  always @* begin
    tx_next = 8'd0;
    if (sp_bv && sp_idx == 9'd0 && sp_byte == TXC_FETCH && t_ok) tx_next = rb_rdata;             // resp[0]
    else if (sp_bv && tk == T_FETCH && t_ok && send_idx < resp_len) tx_next = rb_rdata;
  end

  always @(posedge clk) begin
    frame_ready <= 1'b0;
    if (rst) begin
      tk <= T_NONE;
      t_ok <= 1'b0;
      send_idx <= 9'd0;
      rx_count <= 9'd0;
    end else begin
      if (sp_start) begin
        tk <= T_NONE;
        t_ok <= idle;
        send_idx <= 9'd0;
        rx_count <= 9'd0;
      end
      if (sp_bv) begin
        if (sp_idx == 9'd0) begin
          if (sp_byte == TXC_FETCH) begin
            tk <= T_FETCH;
            send_idx <= 9'd1;
          end else if (t_ok) begin
            tk <= T_CMD;
          end else begin
            tk <= T_IGNORE;
          end
        end else if (tk == T_FETCH && t_ok && send_idx != 9'd511) begin
          // saturating: a fetch longer than the 512-byte buffer reads zeros past the
          // response, never the response again
          send_idx <= send_idx + 9'd1;
        end
        if (rx_take) begin
          rx_crc <= rx_crc_next;
          rx_count <= (sp_idx == 9'd511) ? 9'd511 : sp_idx + 9'd1;
          case (sp_idx)
            9'd0: rx_code <= sp_byte;
            9'd1: rx_seq <= sp_byte;
            9'd2: rx_len[7:0] <= sp_byte;
            9'd3: rx_len[15:8] <= sp_byte;
            9'd4: rx_ph[7:0] <= sp_byte;
            9'd5: rx_ph[15:8] <= sp_byte;
            9'd6: rx_ph[23:16] <= sp_byte;
            9'd7: rx_ph[31:24] <= sp_byte;
            9'd8: rx_ph[39:32] <= sp_byte;
            9'd9: rx_ph[47:40] <= sp_byte;
            default: ;
          endcase
        end
      end
      if (sp_stop) begin
        if (tk == T_CMD) frame_ready <= 1'b1;
        tk <= T_NONE;
      end
    end
  end
  // BUSY: in reset, while a command frame is received, until its response is ready and the
  // registers have taken the command's events (`ev_end`, registered with the response's
  // last byte, sets IRQ_FAULT and STATUS at the next edge: BUSY covers that clock, so IRQ
  // and the status registers are final when BUSY falls, as in the model device).
  // BUSY is high from RST_N's falling edge on (the pin itself and its synchronizer stages),
  // so a pulse of any length that the synchronizer samples leaves no gap before `rst`.
  assign busy = rst | ~rst_n | ~&rst_n_q | ~idle | (tk == T_CMD) | ev_link | ev_done | ev_end;

  // ---------------------------------------------------------------- memories
  logic [HAW-1:0] hp_waddr, hp_raddr;
  logic [SAW-1:0] sp_waddr, sp_raddr;
  logic [CAW-1:0] cb_waddr, cb_raddr;
  logic           hp_we, sp_we, cb_we;
  logic [31:0]    pool_wdata, hp_rdata, sp_rdata, cb_rdata;
  texcore_sampler_ram #(.DEPTH(HEADER_ENTRIES * 8), .WIDTH(32)) u_hdr_pool (
    .clk(clk), .we(hp_we), .waddr(hp_waddr), .wdata(pool_wdata), .raddr(hp_raddr), .rdata(hp_rdata)
  );
  texcore_sampler_ram #(.DEPTH(SAMPLER_ENTRIES * 8), .WIDTH(32)) u_smp_pool (
    .clk(clk), .we(sp_we), .waddr(sp_waddr), .wdata(pool_wdata), .raddr(sp_raddr), .rdata(sp_rdata)
  );
  texcore_sampler_ram #(.DEPTH(CBANK_WORDS), .WIDTH(32)) u_cbank (
    .clk(clk), .we(cb_we), .waddr(cb_waddr), .wdata(pool_wdata), .raddr(cb_raddr), .rdata(cb_rdata)
  );

  // The write port is registered (a write lands one clock after its cycle; nothing reads a
  // texel in that clock): the data and enables reach the 32 block RAMs from flip-flops.
  logic [4*TAW-1:0] tm_raddr, tm_waddr, tm_waddr_q;
  logic [3:0]       tm_we;
  logic [3:0]       tm_we_q = 4'd0;
  logic [31:0]      tm_wdata, tm_rdata, tm_wdata_q;
  always @(posedge clk) begin
    tm_we_q <= tm_we;
    tm_waddr_q <= tm_waddr;
    tm_wdata_q <= tm_wdata;
  end
  generate
    for (gj = 0; gj < 4; gj = gj + 1) begin : g_tm
      texcore_sampler_ram #(.DEPTH(MEM_BYTES / 4), .WIDTH(8)) u_tm (
        .clk(clk), .we(tm_we_q[gj]), .waddr(tm_waddr_q[TAW*gj +: TAW]), .wdata(tm_wdata_q[8*gj +: 8]),
        .raddr(tm_raddr[TAW*gj +: TAW]), .rdata(tm_rdata[8*gj +: 8])
      );
    end
  endgenerate

  logic        rs_we;
  logic [5:0]  rs_waddr, rs_raddr;
  logic [31:0] rs_wdata, rs_rdata;
  texcore_sampler_ram #(.DEPTH(64), .WIDTH(32)) u_result (
    .clk(clk), .we(rs_we), .waddr(rs_waddr), .wdata(rs_wdata), .raddr(rs_raddr), .rdata(rs_rdata)
  );

  // ---------------------------------------------------------------- registers
  logic [63:0] caps;                   // CAPS1:CAPS, from the execution core

  logic        soft_reset, rg_wr, ev_link, ev_done, ev_end;
  logic [7:0]  ev_status, rg_wstatus;
  logic        rg_rd_ok;
  logic [31:0] rg_rd_value;
  logic [19:0] hdr_max, smp_max;
  logic        via_hdr;
  texcore_sampler_regs #(
    .MEM_BYTES(MEM_BYTES), .HEADER_ENTRIES(HEADER_ENTRIES), .SAMPLER_ENTRIES(SAMPLER_ENTRIES),
    .CBANK_WORDS(CBANK_WORDS)
  ) u_regs (
    .clk(clk), .rst(rst), .soft_reset(soft_reset), .caps(caps),
    .rd_addr(rx_ph[15:0]), .rd_ok(rg_rd_ok), .rd_value(rg_rd_value),
    .wr_en(rg_wr), .wr_addr(rx_ph[15:0]), .wr_value(rx_ph[47:16]), .wr_status(rg_wstatus),
    .ev_link(ev_link), .ev_done(ev_done), .ev_end(ev_end), .ev_status(ev_status),
    .hdr_max(hdr_max), .smp_max(smp_max), .via_hdr(via_hdr), .irq(irq)
  );

  // ---------------------------------------------------------------- execution core
  logic        ex_start, ex_done;
  logic [5:0]  ex_pw_addr;
  logic [7:0]  ex_status;
  logic [63:0] ex_completion;
  logic [HAW-1:0] ex_hp_addr;
  logic [SAW-1:0] ex_sp_addr;
  logic [CAW-1:0] ex_cb_addr;
  logic [4*TAW-1:0] ex_tm_raddr, ex_tm_waddr;
  logic [3:0]  ex_tm_we;
  logic [31:0] ex_tm_wdata;
  logic        ex_res_we;
  logic [5:0]  ex_res_addr;
  logic [31:0] ex_res_data;
  texcore_sampler_exec #(
    .MEM_BYTES(MEM_BYTES), .HEADER_ENTRIES(HEADER_ENTRIES), .SAMPLER_ENTRIES(SAMPLER_ENTRIES),
    .CBANK_WORDS(CBANK_WORDS), .TAW(TAW), .HAW(HAW), .SAW(SAW), .CAW(CAW), .SAMPLE_PIPE(SAMPLE_PIPE)
  ) u_exec (
    .clk(clk), .rst(rst), .start(ex_start), .plen(rx_len[8:0]),
    .pw_addr(ex_pw_addr), .pw_rdata(fb_rdata),
    .hdr_max(hdr_max), .smp_max(smp_max), .via_hdr(via_hdr),
    .hp_addr(ex_hp_addr), .hp_data(hp_rdata), .sp_addr(ex_sp_addr), .sp_data(sp_rdata),
    .cb_addr(ex_cb_addr), .cb_data(cb_rdata),
    .tm_raddr(ex_tm_raddr), .tm_rdata(tm_rdata), .tm_we(ex_tm_we), .tm_waddr(ex_tm_waddr), .tm_wdata(ex_tm_wdata),
    .res_we(ex_res_we), .res_addr(ex_res_addr), .res_data(ex_res_data),
    .done(ex_done), .status(ex_status), .completion(ex_completion), .caps(caps)
  );
  wire ex_active = fs == F_EXEC || fs == F_EXECW;

  // ---------------------------------------------------------------- command engine
  logic [CLW-1:0] clr_i;               // clear counter
  logic        clr_reset;              // the clear follows a reset (answer: ERR_NO_RESPONSE)
  logic [8:0]  i;                      // byte / word counter
  logic        ph;                     // two-clock phase of a payload byte
  logic [7:0]  r_seq, r_code, r_status;
  logic [8:0]  r_plen;                 // response payload bytes
  logic [1:0]  r_src;                  // payload source
  localparam logic [1:0] P_REG = 2'd0, P_COMP = 2'd1, P_MEM = 2'd2, P_RES = 2'd3;
  logic [63:0] r_val;                  // P_REG (bits 31:0) / P_COMP
  logic [31:0] r_addr;                 // P_MEM: first address; P_RES: first word
  logic [31:0] r_crc;
  logic [8:0]  wptr;
  logic [6:0]  result_words;
  logic        rec_valid;              // the replay record
  logic [31:0] rec_payload [0:15];     // payload words 0 .. 13 (distributed RAM)
  logic [63:0] rec_completion;
  logic        rec_match;
  logic [31:0] crc_emit_next;
  logic [7:0]  emit_byte;
  logic        emit;
  texcore_crc32c u_tx_crc (.crc_in(r_crc), .data(emit_byte), .crc_out(crc_emit_next));
  assign rb_we = emit;
  assign rb_waddr = wptr;
  assign rb_wdata = emit_byte;

  // Frame-buffer reads: four consecutive bytes from frame byte `f` (lane j holds byte
  // f + ((j - f) mod 4)); byte b of the word is frame byte f + b.
  logic [8:0]  fb_off;
  logic [31:0] fb_word;
  logic [1:0]  fb_off_q;
  always @* begin : fb_read
    integer j;
    /* verilator lint_off UNUSEDSIGNAL */
    logic [8:0] b;
    /* verilator lint_on UNUSEDSIGNAL */
    for (j = 0; j < 4; j = j + 1) begin
      b = fb_off + {7'd0, 2'(j[1:0] - fb_off[1:0])};
      fb_raddr[7*j +: 7] = b[8:2];
    end
    for (j = 0; j < 4; j = j + 1)
      fb_word[8*j +: 8] = fb_rdata[8*(2'(j[1:0] + fb_off_q)) +: 8];
  end

  wire [15:0] plen = rx_len;
  wire [31:0] p_u32 = rx_ph[31:0];          // payload bytes 0..3
  wire [15:0] p_u16_4 = rx_ph[47:32];       // payload bytes 4..5
  // Ops whose payload byte 1 is a replay tag (the REPLAY column of the OPS table; only
  // implemented ops are ever recorded, and every one of them is listed here).
  function automatic logic is_replay(input logic [7:0] code);
    case (code)
      TXC_OP_TGSI_ATOMUADD: is_replay = TXC_OP_TGSI_ATOMUADD_REPLAY != 0;
      TXC_OP_TGSI_ATOMXCHG: is_replay = TXC_OP_TGSI_ATOMXCHG_REPLAY != 0;
      TXC_OP_TGSI_ATOMCAS:  is_replay = TXC_OP_TGSI_ATOMCAS_REPLAY != 0;
      TXC_OP_TGSI_ATOMAND:  is_replay = TXC_OP_TGSI_ATOMAND_REPLAY != 0;
      TXC_OP_TGSI_ATOMOR:   is_replay = TXC_OP_TGSI_ATOMOR_REPLAY != 0;
      TXC_OP_TGSI_ATOMXOR:  is_replay = TXC_OP_TGSI_ATOMXOR_REPLAY != 0;
      TXC_OP_TGSI_ATOMUMIN: is_replay = TXC_OP_TGSI_ATOMUMIN_REPLAY != 0;
      TXC_OP_TGSI_ATOMUMAX: is_replay = TXC_OP_TGSI_ATOMUMAX_REPLAY != 0;
      TXC_OP_TGSI_ATOMIMIN: is_replay = TXC_OP_TGSI_ATOMIMIN_REPLAY != 0;
      TXC_OP_TGSI_ATOMIMAX: is_replay = TXC_OP_TGSI_ATOMIMAX_REPLAY != 0;
      default:              is_replay = 1'b0;
    endcase
  endfunction

  // texel memory port mux: the command engine (WRITE_MEM / READ_MEM) or the exec core
  /* verilator lint_off UNUSEDSIGNAL */
  logic [31:0] c_tm_addr;              // byte address (below MEM_BYTES: range checked)
  /* verilator lint_on UNUSEDSIGNAL */
  logic        c_tm_we;
  logic [7:0]  c_tm_wdata;
  always @* begin : tm_mux
    integer j;
    if (ex_active) begin
      tm_raddr = ex_tm_raddr;
      tm_waddr = ex_tm_waddr;
      tm_we = ex_tm_we;
      tm_wdata = ex_tm_wdata;
    end else begin
      for (j = 0; j < 4; j = j + 1) begin
        tm_raddr[TAW*j +: TAW] = c_tm_addr[TAW+1:2];
        tm_waddr[TAW*j +: TAW] = c_tm_addr[TAW+1:2];
      end
      tm_we = c_tm_we ? (4'd1 << c_tm_addr[1:0]) : 4'd0;
      tm_wdata = {4{c_tm_wdata}};
    end
  end

  // pool / constant-bank port mux: writes by the command engine, reads by the exec core
  assign hp_raddr = ex_hp_addr;
  assign sp_raddr = ex_sp_addr;
  assign cb_raddr = ex_cb_addr;
  assign rs_we = ex_res_we;
  assign rs_waddr = ex_res_addr;
  assign rs_wdata = ex_res_data;

  // payload byte of the response being built (2 clocks per byte: address, then data)
  always @* begin
    case (r_src)
      P_REG:   emit_byte = r_val[8*i[1:0] +: 8];
      P_COMP:  emit_byte = r_val[8*i[2:0] +: 8];
      P_MEM:   emit_byte = tm_rdata[8*c_tm_addr[1:0] +: 8];
      default: emit_byte = rs_rdata[8*i[1:0] +: 8];
    endcase
    if (fs == F_HDR) begin
      case (i[2:0])
        3'd0:    emit_byte = TXC_RESP_SYNC;
        3'd1:    emit_byte = r_seq;
        3'd2:    emit_byte = r_code;
        3'd3:    emit_byte = r_status;
        3'd4:    emit_byte = r_plen[7:0];
        default: emit_byte = {7'd0, r_plen[8]};
      endcase
    end else if (fs == F_CRC) begin
      emit_byte = ~r_crc[8*i[1:0] +: 8];
    end
  end
  assign rs_raddr = 6'(r_addr[5:0] + {1'b0, i[7:2]});
  always @* begin
    emit = (fs == F_HDR) || (fs == F_CRC) || (fs == F_PAY && ph);
  end
  always @* begin
    c_tm_addr = r_addr + {23'd0, i};
    c_tm_we = 1'b0;
    c_tm_wdata = fb_word[7:0];
    if (fs == F_WMEM && ph) c_tm_we = 1'b1;
  end

  always @(posedge clk) begin
    ex_start <= 1'b0;
    soft_reset <= 1'b0;
    rg_wr <= 1'b0;
    ev_link <= 1'b0;
    ev_done <= 1'b0;
    ev_end <= 1'b0;
    hp_we <= 1'b0;
    sp_we <= 1'b0;
    cb_we <= 1'b0;
    if (rst) begin
      fs <= F_CLEAR;
      clr_i <= '0;
      clr_reset <= 1'b1;
      rec_valid <= 1'b0;
      result_words <= 7'd0;
      resp_len <= 9'd0;
      r_crc <= TXC_CRC_INIT;
      wptr <= 9'd0;
    end else begin
      case (fs)
        F_IDLE: if (frame_ready) fs <= F_CHECK;
        // ---- clear the pools and the constant bank
        F_CLEAR: begin
          pool_wdata <= 32'd0;
          hp_waddr <= HAW'(clr_i);
          sp_waddr <= SAW'(clr_i);
          cb_waddr <= CAW'(clr_i);
          hp_we <= clr_i < CLW'(HEADER_ENTRIES * 8);
          sp_we <= clr_i < CLW'(SAMPLER_ENTRIES * 8);
          cb_we <= clr_i < CLW'(CBANK_WORDS);
          clr_i <= clr_i + 1'b1;
          if (clr_i == CLW'(CLEAR_N)) begin
            hp_we <= 1'b0; sp_we <= 1'b0; cb_we <= 1'b0;
            // after a reset: the ERR_NO_RESPONSE frame (seq 0, code 0); after RESET: OK
            if (clr_reset) begin
              r_seq <= 8'd0; r_code <= 8'd0; r_status <= TXC_ST_ERR_NO_RESPONSE;
            end else begin
              r_status <= TXC_ST_OK;
            end
            r_plen <= 9'd0;
            i <= 9'd0;
            wptr <= 9'd0;
            r_crc <= TXC_CRC_INIT;
            fs <= F_HDR;
          end
        end
        // ---- frame checks: length, then CRC
        F_CHECK: begin
          r_seq <= (rx_count >= 9'd2) ? rx_seq : 8'd0;
          r_code <= (rx_count >= 9'd1) ? rx_code : 8'd0;
          r_plen <= 9'd0;
          i <= 9'd0;
          wptr <= 9'd0;
          r_crc <= TXC_CRC_INIT;
          if (rx_count < 9'd4 || rx_count > 9'(TXC_MAX_CMD_FRAME) || rx_len > 16'(TXC_MAX_CMD_PAYLOAD)
              || {7'd0, rx_count} != rx_len + 16'd8) begin
            r_status <= TXC_ST_ERR_FRAME;
            ev_link <= 1'b1;
            fs <= F_HDR;
          end else if (rx_crc != TXC_CRC_RESIDUE) begin
            r_status <= TXC_ST_ERR_CRC;
            ev_link <= 1'b1;
            fs <= F_HDR;
          end else begin
            fs <= F_DISPATCH;
          end
        end
        // ---- the commands
        F_DISPATCH: begin
          r_status <= TXC_ST_OK;
          r_src <= P_REG;
          if (rx_code != TXC_CMD_SUBMIT) rec_valid <= 1'b0;
          fs <= F_HDR;
          case (rx_code)
            TXC_CMD_NOP:
              if (plen != 16'(TXC_CMD_NOP_REQ_MIN)) r_status <= TXC_ST_ERR_BAD_LEN;
            TXC_CMD_RESET:
              if (plen != 16'(TXC_CMD_RESET_REQ_MIN)) r_status <= TXC_ST_ERR_BAD_LEN;
              else begin
                soft_reset <= 1'b1;
                rec_valid <= 1'b0;
                result_words <= 7'd0;
                clr_i <= '0;
                clr_reset <= 1'b0;
                fs <= F_CLEAR;
              end
            TXC_CMD_READ_REG:
              if (plen != 16'(TXC_CMD_READ_REG_REQ_MIN)) r_status <= TXC_ST_ERR_BAD_LEN;
              else if (!rg_rd_ok) r_status <= TXC_ST_ERR_BAD_ADDR;
              else begin
                r_val <= {32'd0, rg_rd_value};
                r_plen <= 9'd4;
              end
            TXC_CMD_WRITE_REG:
              if (plen != 16'(TXC_CMD_WRITE_REG_REQ_MIN)) r_status <= TXC_ST_ERR_BAD_LEN;
              else begin
                r_status <= rg_wstatus;
                rg_wr <= 1'b1;
              end
            TXC_CMD_WRITE_MEM:
              if (plen < 16'(TXC_CMD_WRITE_MEM_REQ_MIN) || plen > 16'(TXC_CMD_WRITE_MEM_REQ_MAX))
                r_status <= TXC_ST_ERR_BAD_LEN;
              else if ({32'd0, p_u32} + {48'd0, plen} - 64'd4 > 64'(MEM_BYTES))
                r_status <= TXC_ST_ERR_BAD_ADDR;
              else begin
                r_addr <= p_u32;
                i <= 9'd0;
                ph <= 1'b0;
                fs <= F_WMEM;
              end
            TXC_CMD_READ_MEM:
              if (plen != 16'(TXC_CMD_READ_MEM_REQ_MIN)) r_status <= TXC_ST_ERR_BAD_LEN;
              else if (p_u16_4 == 16'd0 || p_u16_4 > 16'(TXC_MAX_MEM_CHUNK)) r_status <= TXC_ST_ERR_BAD_VALUE;
              else if ({32'd0, p_u32} + {48'd0, p_u16_4} > 64'(MEM_BYTES)) r_status <= TXC_ST_ERR_BAD_ADDR;
              else begin
                r_addr <= p_u32;
                r_plen <= p_u16_4[8:0];
                r_src <= P_MEM;
              end
            TXC_CMD_WRITE_HEADER, TXC_CMD_WRITE_SAMPLER:
              if (plen != ((rx_code == TXC_CMD_WRITE_HEADER) ? 16'(TXC_CMD_WRITE_HEADER_REQ_MIN)
                                                             : 16'(TXC_CMD_WRITE_SAMPLER_REQ_MIN)))
                r_status <= TXC_ST_ERR_BAD_LEN;
              else if (p_u32 >= ((rx_code == TXC_CMD_WRITE_HEADER) ? 32'(HEADER_ENTRIES) : 32'(SAMPLER_ENTRIES)))
                r_status <= TXC_ST_ERR_BAD_ADDR;
              else begin
                i <= 9'd0;
                ph <= 1'b0;
                fs <= F_WPOOL;
              end
            TXC_CMD_WRITE_CBANK:
              if (plen < 16'(TXC_CMD_WRITE_CBANK_REQ_MIN) || plen > 16'(TXC_CMD_WRITE_CBANK_REQ_MAX)
                  || plen[1:0] != 2'd2)
                r_status <= TXC_ST_ERR_BAD_LEN;
              else if (32'(p_u32[15:0]) + ((32'(plen) - 32'd2) >> 2) > 32'(CBANK_WORDS))
                r_status <= TXC_ST_ERR_BAD_ADDR;
              else begin
                i <= 9'd0;
                ph <= 1'b0;
                fs <= F_WCB;
              end
            TXC_CMD_SUBMIT:
              if (plen < 16'(TXC_CMD_SUBMIT_REQ_MIN) || plen > 16'(TXC_CMD_SUBMIT_REQ_MAX)) begin
                r_status <= TXC_ST_ERR_BAD_LEN;                  // (the record is kept)
              end else if (rec_valid && is_replay(rx_ph[7:0]) && rx_ph[15:8] != 8'd0
                           && plen == 16'(TXC_OP_TGSI_ATOMUADD_LEN)) begin
                i <= 9'd0;
                ph <= 1'b0;
                rec_match <= 1'b1;
                fs <= F_REPLAY;
              end else begin
                rec_valid <= 1'b0;
                fs <= F_EXEC;
              end
            TXC_CMD_READ_RESULT:
              if (plen != 16'(TXC_CMD_READ_RESULT_REQ_MIN)) r_status <= TXC_ST_ERR_BAD_LEN;
              else if (rx_ph[15:8] == 8'd0 || rx_ph[15:8] > 8'(TXC_MAX_RESULT_WORDS)) r_status <= TXC_ST_ERR_BAD_VALUE;
              else if ({1'b0, rx_ph[7:0]} + {1'b0, rx_ph[15:8]} > {2'd0, result_words}) r_status <= TXC_ST_ERR_NO_RESULT;
              else begin
                r_addr <= {24'd0, rx_ph[7:0]};
                r_plen <= {rx_ph[14:8], 2'b00};
                r_src <= P_RES;
              end
            default: r_status <= TXC_ST_ERR_BAD_CMD;
          endcase
        end
        // WRITE_MEM: data byte i is frame byte 8 + i (read, then written)
        F_WMEM: begin
          ph <= ~ph;
          if (ph) begin
            i <= i + 9'd1;
            if ({7'd0, i} + 16'd5 == plen) begin
              i <= 9'd0;
              fs <= F_HDR;
            end
          end
        end
        // WRITE_HEADER / WRITE_SAMPLER: word k = frame bytes 8 + 4k ..
        F_WPOOL: begin
          ph <= ~ph;
          if (ph) begin
            pool_wdata <= fb_word;
            hp_waddr <= HAW'({p_u32[HAW-4:0], i[2:0]});
            sp_waddr <= SAW'({p_u32[SAW-4:0], i[2:0]});
            hp_we <= rx_code == TXC_CMD_WRITE_HEADER;
            sp_we <= rx_code == TXC_CMD_WRITE_SAMPLER;
            if (i == 9'd7) fs <= F_END;
            i <= i + 9'd1;
          end
        end
        // WRITE_CBANK: word k = frame bytes 6 + 4k ..
        F_WCB: begin
          ph <= ~ph;
          if (ph) begin
            pool_wdata <= fb_word;
            cb_waddr <= CAW'(p_u32[15:0] + {7'd0, i});
            cb_we <= 1'b1;
            if ({5'd0, i, 2'b00} + 16'd6 == plen) fs <= F_END;
            i <= i + 9'd1;
          end
        end
        F_END: begin                           // the last pool write lands
          i <= 9'd0;
          fs <= F_HDR;
        end
        // SUBMIT of the recorded atomic: compare the 14 payload words
        F_REPLAY: begin
          ph <= ~ph;
          if (ph) begin
            if (fb_word != rec_payload[i[3:0]]) rec_match <= 1'b0;
            if (i == 9'd13) begin
              if (rec_match && fb_word == rec_payload[i[3:0]]) begin
                // a resend: the recorded completion, not executed again
                r_val <= rec_completion;
                r_plen <= 9'(TXC_COMPLETION_LEN);
                r_src <= P_COMP;
                i <= 9'd0;
                fs <= F_HDR;
              end else begin
                rec_valid <= 1'b0;
                fs <= F_EXEC;
              end
            end else begin
              i <= i + 9'd1;
            end
          end
        end
        F_EXEC: begin
          ex_start <= 1'b1;
          fs <= F_EXECW;
        end
        F_EXECW: if (ex_done) begin
          i <= 9'd0;
          if (ex_status == TXC_ST_OK) begin
            ev_done <= 1'b1;
            result_words <= ex_completion[54:48];
            r_val <= ex_completion;
            r_plen <= 9'(TXC_COMPLETION_LEN);
            r_src <= P_COMP;
            if (is_replay(rx_ph[7:0])) begin
              rec_completion <= ex_completion;
              ph <= 1'b0;
              fs <= F_KEEP;
            end else begin
              fs <= F_HDR;
            end
          end else begin
            r_status <= ex_status;
            fs <= F_HDR;
          end
        end
        // keep an atomic's payload for the replay check
        F_KEEP: begin
          ph <= ~ph;
          if (ph) begin
            rec_payload[i[3:0]] <= fb_word;
            if (i == 9'd13) begin
              rec_valid <= 1'b1;
              i <= 9'd0;
              fs <= F_HDR;
            end else begin
              i <= i + 9'd1;
            end
          end
        end
        // ---- the response frame: header, payload, CRC
        F_HDR: begin
          if (i == 9'd0 && r_status != TXC_ST_OK) r_plen <= 9'd0;
          r_crc <= crc_emit_next;
          wptr <= wptr + 9'd1;
          if (i == 9'd5) begin
            i <= 9'd0;
            ph <= 1'b0;
            fs <= (r_plen != 9'd0 && r_status == TXC_ST_OK) ? F_PAY : F_CRC;
          end else begin
            i <= i + 9'd1;
          end
        end
        F_PAY: begin
          ph <= ~ph;
          if (ph) begin
            r_crc <= crc_emit_next;
            wptr <= wptr + 9'd1;
            if (i + 9'd1 == r_plen) begin
              i <= 9'd0;
              fs <= F_CRC;
            end else begin
              i <= i + 9'd1;
            end
          end
        end
        F_CRC: begin
          wptr <= wptr + 9'd1;
          if (i == 9'd3) begin
            resp_len <= wptr + 9'd1;
            if (!clr_reset) begin
              ev_end <= 1'b1;
              ev_status <= r_status;
            end
            clr_reset <= 1'b0;
            fs <= F_IDLE;
          end else begin
            i <= i + 9'd1;
          end
        end
        default: fs <= F_IDLE;
      endcase
    end
  end

  // frame-buffer read offset: WRITE_MEM data, pool words, payload words (exec, replay)
  always @* begin
    if (ex_active) fb_off = {1'b0, ex_pw_addr, 2'b00} + 9'd4;
    else begin
      case (fs)
        F_WMEM:  fb_off = 9'd8 + i;
        F_WPOOL: fb_off = 9'd8 + {i[6:0], 2'b00};
        F_WCB:   fb_off = 9'd6 + {i[6:0], 2'b00};
        default: fb_off = 9'd4 + {i[6:0], 2'b00};      // F_REPLAY, F_KEEP
      endcase
    end
  end
  always @(posedge clk) fb_off_q <= fb_off[1:0];
endmodule
