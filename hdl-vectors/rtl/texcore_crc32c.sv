`timescale 1ns/1ps
// CRC-32C (CRC-32/ISCSI) of the SPI frames, one byte per call (combinational).
//
// The LSB-first shift register of the reflected algorithm: crc_out = the register after
// `data` (LSB first) is shifted into crc_in. A frame's CRC is ~register after its bytes,
// starting from TXC_CRC_INIT, sent little-endian; a receiver that shifts in a whole intact
// frame, CRC included, is left with TXC_CRC_RESIDUE (hal/src/protocol.rs, "CRC").
module texcore_crc32c (
  input  logic [31:0] crc_in,
  input  logic [7:0]  data,
  output logic [31:0] crc_out
);
`include "texcore_regs.vh"
  always @* begin : shift
    integer i;
    logic [31:0] r;
    r = crc_in ^ {24'd0, data};
    for (i = 0; i < 8; i = i + 1)
      r = r[0] ? ((r >> 1) ^ TXC_CRC_POLY_REFLECTED) : (r >> 1);
    crc_out = r;
  end
endmodule
