`timescale 1ns/1ps
// The sampler device's register file (hal/src/protocol.rs, "Registers" and "Register
// fields"): addresses, widths, access types and reset values come from the generated
// texcore_regs.vh.
//
// READ_REG: `rd_ok` = 0 for an unknown address (ERR_BAD_ADDR). WRITE_REG: `wr_status` is
// the command's status, checked in the protocol's order: unknown address -> ERR_BAD_ADDR,
// read-only -> ERR_ACCESS, bits above the register's width -> ERR_BAD_VALUE; the write
// happens only when it is TXC_ST_OK (IRQ_FLAGS is write-one-to-clear).
//
// Events from the command engine, in the order the model applies them: `ev_link` (a frame
// rejected with ERR_CRC / ERR_FRAME: LINK_ERRORS + 1, saturating, and IRQ_LINK), `ev_done`
// (an op executed: IRQ_DONE), `ev_end` (a command ended with status `ev_status`: STATUS_LAST,
// STATUS_FAULT = its class is fault, and IRQ_FAULT if so). `soft_reset` (the RESET command)
// and `rst` return every register to its reset value (IRQ_FLAGS = IRQ_RESET).
module texcore_sampler_regs #(
  parameter int          MEM_BYTES       = 65536,
  parameter int          HEADER_ENTRIES  = 256,
  parameter int          SAMPLER_ENTRIES = 256,
  parameter int          CBANK_WORDS     = 1024
) (
  input  logic        clk,
  input  logic        rst,
  input  logic        soft_reset,
  input  logic [63:0] caps,          // CAPS1:CAPS of this build (constant)
  input  logic [15:0] rd_addr,
  output logic        rd_ok,
  output logic [31:0] rd_value,
  input  logic        wr_en,
  input  logic [15:0] wr_addr,
  input  logic [31:0] wr_value,
  output logic [7:0]  wr_status,
  input  logic        ev_link,
  input  logic        ev_done,
  input  logic        ev_end,
  input  logic [7:0]  ev_status,
  output logic [19:0] hdr_max,
  output logic [19:0] smp_max,
  output logic        via_hdr,
  output logic        irq
);
`include "texcore_regs.vh"

  logic [3:0]  irq_flags, irq_enable;
  logic [31:0] link_errors, scratch;
  logic [7:0]  last_status;
  logic        fault;

  assign irq = |(irq_flags & irq_enable);

  // Class of a status code: fault (everything but OK and the link codes).
  function automatic logic is_fault(input logic [7:0] st);
    case (st)
      TXC_ST_OK:              is_fault = TXC_ST_OK_FAULT != 0;
      TXC_ST_ERR_CRC:         is_fault = TXC_ST_ERR_CRC_FAULT != 0;
      TXC_ST_ERR_FRAME:       is_fault = TXC_ST_ERR_FRAME_FAULT != 0;
      TXC_ST_ERR_NO_RESPONSE: is_fault = TXC_ST_ERR_NO_RESPONSE_FAULT != 0;
      default:                is_fault = 1'b1;   // the fault codes, and 0x81..0xFF
    endcase
  endfunction

  // Read mux.
  always @* begin
    rd_ok = 1'b1;
    case (rd_addr)
      TXC_REG_ID:               rd_value = TXC_DEVICE_ID;
      TXC_REG_VERSION:          rd_value = TXC_PROTOCOL_VERSION;
      TXC_REG_CAPS:             rd_value = caps[31:0];
      TXC_REG_CAPS1:            rd_value = caps[63:32];
      TXC_REG_STATUS:           rd_value = (32'd1 << TXC_STATUS_READY_LSB) | ({31'd0, fault} << TXC_STATUS_FAULT_LSB)
                                         | ({24'd0, last_status} << TXC_STATUS_LAST_LSB);
      TXC_REG_IRQ_FLAGS:        rd_value = {28'd0, irq_flags};
      TXC_REG_IRQ_ENABLE:       rd_value = {28'd0, irq_enable};
      TXC_REG_LINK_ERRORS:      rd_value = link_errors;
      TXC_REG_SCRATCH:          rd_value = scratch;
      TXC_REG_MEM_BYTES:        rd_value = 32'(MEM_BYTES);
      TXC_REG_HEADER_ENTRIES:   rd_value = 32'(HEADER_ENTRIES);
      TXC_REG_SAMPLER_ENTRIES:  rd_value = 32'(SAMPLER_ENTRIES);
      TXC_REG_CBANK_WORDS:      rd_value = 32'(CBANK_WORDS);
      TXC_REG_HEADER_POOL_MAX:  rd_value = {12'd0, hdr_max};
      TXC_REG_SAMPLER_POOL_MAX: rd_value = {12'd0, smp_max};
      TXC_REG_BINDING_MODE:     rd_value = {31'd0, via_hdr};
      default: begin
        rd_ok = 1'b0;
        rd_value = 32'd0;
      end
    endcase
  end

  // Write checks: access type and width of the addressed register.
  logic        w_known;
  integer      w_access, w_width;
  always @* begin
    w_known = 1'b1;
    case (wr_addr)
      TXC_REG_ID:               begin w_access = TXC_REG_ID_ACCESS;               w_width = TXC_REG_ID_WIDTH; end
      TXC_REG_VERSION:          begin w_access = TXC_REG_VERSION_ACCESS;          w_width = TXC_REG_VERSION_WIDTH; end
      TXC_REG_CAPS:             begin w_access = TXC_REG_CAPS_ACCESS;             w_width = TXC_REG_CAPS_WIDTH; end
      TXC_REG_CAPS1:            begin w_access = TXC_REG_CAPS1_ACCESS;            w_width = TXC_REG_CAPS1_WIDTH; end
      TXC_REG_STATUS:           begin w_access = TXC_REG_STATUS_ACCESS;           w_width = TXC_REG_STATUS_WIDTH; end
      TXC_REG_IRQ_FLAGS:        begin w_access = TXC_REG_IRQ_FLAGS_ACCESS;        w_width = TXC_REG_IRQ_FLAGS_WIDTH; end
      TXC_REG_IRQ_ENABLE:       begin w_access = TXC_REG_IRQ_ENABLE_ACCESS;       w_width = TXC_REG_IRQ_ENABLE_WIDTH; end
      TXC_REG_LINK_ERRORS:      begin w_access = TXC_REG_LINK_ERRORS_ACCESS;      w_width = TXC_REG_LINK_ERRORS_WIDTH; end
      TXC_REG_SCRATCH:          begin w_access = TXC_REG_SCRATCH_ACCESS;          w_width = TXC_REG_SCRATCH_WIDTH; end
      TXC_REG_MEM_BYTES:        begin w_access = TXC_REG_MEM_BYTES_ACCESS;        w_width = TXC_REG_MEM_BYTES_WIDTH; end
      TXC_REG_HEADER_ENTRIES:   begin w_access = TXC_REG_HEADER_ENTRIES_ACCESS;   w_width = TXC_REG_HEADER_ENTRIES_WIDTH; end
      TXC_REG_SAMPLER_ENTRIES:  begin w_access = TXC_REG_SAMPLER_ENTRIES_ACCESS;  w_width = TXC_REG_SAMPLER_ENTRIES_WIDTH; end
      TXC_REG_CBANK_WORDS:      begin w_access = TXC_REG_CBANK_WORDS_ACCESS;      w_width = TXC_REG_CBANK_WORDS_WIDTH; end
      TXC_REG_HEADER_POOL_MAX:  begin w_access = TXC_REG_HEADER_POOL_MAX_ACCESS;  w_width = TXC_REG_HEADER_POOL_MAX_WIDTH; end
      TXC_REG_SAMPLER_POOL_MAX: begin w_access = TXC_REG_SAMPLER_POOL_MAX_ACCESS; w_width = TXC_REG_SAMPLER_POOL_MAX_WIDTH; end
      TXC_REG_BINDING_MODE:     begin w_access = TXC_REG_BINDING_MODE_ACCESS;     w_width = TXC_REG_BINDING_MODE_WIDTH; end
      default:                  begin w_known = 1'b0; w_access = TXC_ACCESS_RO;   w_width = 32; end
    endcase
    if (!w_known) wr_status = TXC_ST_ERR_BAD_ADDR;
    else if (w_access == TXC_ACCESS_RO) wr_status = TXC_ST_ERR_ACCESS;
    else if (w_width < 32 && (wr_value >> w_width) != 32'd0) wr_status = TXC_ST_ERR_BAD_VALUE;
    else wr_status = TXC_ST_OK;
  end

  always @(posedge clk) begin
    if (rst || soft_reset) begin
      irq_flags <= TXC_REG_IRQ_FLAGS_RESET[3:0];
      irq_enable <= TXC_REG_IRQ_ENABLE_RESET[3:0];
      link_errors <= TXC_REG_LINK_ERRORS_RESET;
      scratch <= TXC_REG_SCRATCH_RESET;
      hdr_max <= TXC_REG_HEADER_POOL_MAX_RESET[19:0];
      smp_max <= TXC_REG_SAMPLER_POOL_MAX_RESET[19:0];
      via_hdr <= TXC_REG_BINDING_MODE_RESET[0];
      last_status <= 8'd0;
      fault <= 1'b0;
    end else begin
      if (wr_en && wr_status == TXC_ST_OK) begin
        case (wr_addr)
          TXC_REG_IRQ_FLAGS:        irq_flags <= irq_flags & ~wr_value[3:0];
          TXC_REG_IRQ_ENABLE:       irq_enable <= wr_value[3:0];
          TXC_REG_SCRATCH:          scratch <= wr_value;
          TXC_REG_HEADER_POOL_MAX:  hdr_max <= wr_value[19:0];
          TXC_REG_SAMPLER_POOL_MAX: smp_max <= wr_value[19:0];
          TXC_REG_BINDING_MODE:     via_hdr <= wr_value[0];
          default: ;
        endcase
      end
      if (ev_link) begin
        if (link_errors != 32'hFFFF_FFFF) link_errors <= link_errors + 32'd1;
        irq_flags[TXC_IRQ_LINK_LSB] <= 1'b1;
      end
      if (ev_done) irq_flags[TXC_IRQ_DONE_LSB] <= 1'b1;
      if (ev_end) begin
        last_status <= ev_status;
        fault <= is_fault(ev_status);
        if (is_fault(ev_status)) irq_flags[TXC_IRQ_FAULT_LSB] <= 1'b1;
      end
    end
  end
endmodule
