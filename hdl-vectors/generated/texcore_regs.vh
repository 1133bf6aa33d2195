// texcore_regs.vh: FPGA texture sampler register map and SPI protocol constants.
// GENERATED from hal/src/protocol.rs by texcore_hal::protocol::render_verilog. Do not edit.
// Regenerate: TEXCORE_BLESS=1 cargo test -p texcore-hal --test regmap
// `include this file inside a module body (localparams; no include guard).
// Multi-byte fields are little-endian on the wire.

/* verilator lint_off UNUSEDPARAM */

// ---- frame format ----
localparam integer TXC_CMD_HEADER_LEN = 4; // command frame: code, seq, len[2]
localparam integer TXC_RESP_HEADER_LEN = 6; // response frame: sync, seq, code, status, len[2]
localparam integer TXC_CRC_LEN = 4; // CRC trailer bytes (little-endian)
localparam integer TXC_MAX_CMD_PAYLOAD = 260;
localparam integer TXC_MAX_RESP_PAYLOAD = 256;
localparam integer TXC_MAX_CMD_FRAME = 268;
localparam integer TXC_MAX_RESP_FRAME = 266;
localparam integer TXC_MAX_MEM_CHUNK = 256; // bytes per WRITE_MEM / READ_MEM
localparam integer TXC_MAX_CBANK_CHUNK = 64; // words per WRITE_CBANK
localparam integer TXC_MAX_RESULT_WORDS = 64; // result buffer words
localparam integer TXC_COMPLETION_LEN = 8; // SUBMIT response bytes
localparam [7:0] TXC_FETCH = 8'h5F; // first MOSI byte of a response fetch
localparam [7:0] TXC_RESP_SYNC = 8'hA5; // first byte of every response frame
localparam [31:0] TXC_DEVICE_ID = 32'h31435854; // ID register value, ASCII "TXC1"
localparam [31:0] TXC_PROTOCOL_VERSION = 32'h00010001; // VERSION register value

// ---- CRC-32/ISCSI (CRC-32C): refin = refout = 1 ----
localparam [31:0] TXC_CRC_POLY = 32'h1EDC6F41; // normal form
localparam [31:0] TXC_CRC_POLY_REFLECTED = 32'h82F63B78; // for an LSB-first shift register
localparam [31:0] TXC_CRC_INIT = 32'hFFFFFFFF;
localparam [31:0] TXC_CRC_XOROUT = 32'hFFFFFFFF;
localparam [31:0] TXC_CRC_CHECK = 32'hE3069283; // CRC of ASCII "123456789"
localparam [31:0] TXC_CRC_RESIDUE = 32'hB798B438; // LSB-first register (before the XOR) after any intact frame and its CRC: a receiver's check

// ---- commands: TXC_CMD_<name>, request/response payload bytes (min, max) ----
// NOP: No operation: checks the link.
//   request: (empty)
//   response: (empty)
localparam [7:0] TXC_CMD_NOP = 8'h01;
localparam integer TXC_CMD_NOP_REQ_MIN = 0;
localparam integer TXC_CMD_NOP_REQ_MAX = 0;
localparam integer TXC_CMD_NOP_RESP_MIN = 0;
localparam integer TXC_CMD_NOP_RESP_MAX = 0;
// RESET: Soft reset: registers to their reset values, pools, constant bank and result buffer to zero (texture memory is kept). Answered after the reset.
//   request: (empty)
//   response: (empty)
localparam [7:0] TXC_CMD_RESET = 8'h02;
localparam integer TXC_CMD_RESET_REQ_MIN = 0;
localparam integer TXC_CMD_RESET_REQ_MAX = 0;
localparam integer TXC_CMD_RESET_RESP_MIN = 0;
localparam integer TXC_CMD_RESET_RESP_MAX = 0;
// READ_REG: Reads a register.
//   request: addr:u16
//   response: value:u32
localparam [7:0] TXC_CMD_READ_REG = 8'h10;
localparam integer TXC_CMD_READ_REG_REQ_MIN = 2;
localparam integer TXC_CMD_READ_REG_REQ_MAX = 2;
localparam integer TXC_CMD_READ_REG_RESP_MIN = 4;
localparam integer TXC_CMD_READ_REG_RESP_MAX = 4;
// WRITE_REG: Writes a register (W1C registers: clears the bits written as 1).
//   request: addr:u16 value:u32
//   response: (empty)
localparam [7:0] TXC_CMD_WRITE_REG = 8'h11;
localparam integer TXC_CMD_WRITE_REG_REQ_MIN = 6;
localparam integer TXC_CMD_WRITE_REG_REQ_MAX = 6;
localparam integer TXC_CMD_WRITE_REG_RESP_MIN = 0;
localparam integer TXC_CMD_WRITE_REG_RESP_MAX = 0;
// WRITE_MEM: Writes bytes to texture memory at a byte address.
//   request: addr:u32 data:u8[1..=256]
//   response: (empty)
localparam [7:0] TXC_CMD_WRITE_MEM = 8'h20;
localparam integer TXC_CMD_WRITE_MEM_REQ_MIN = 5;
localparam integer TXC_CMD_WRITE_MEM_REQ_MAX = 260;
localparam integer TXC_CMD_WRITE_MEM_RESP_MIN = 0;
localparam integer TXC_CMD_WRITE_MEM_RESP_MAX = 0;
// READ_MEM: Reads 1..=256 bytes of texture memory.
//   request: addr:u32 count:u16
//   response: data:u8[count]
localparam [7:0] TXC_CMD_READ_MEM = 8'h21;
localparam integer TXC_CMD_READ_MEM_REQ_MIN = 6;
localparam integer TXC_CMD_READ_MEM_REQ_MAX = 6;
localparam integer TXC_CMD_READ_MEM_RESP_MIN = 1;
localparam integer TXC_CMD_READ_MEM_RESP_MAX = 256;
// WRITE_HEADER: Writes one texture-header pool entry.
//   request: index:u32 words:u32[8]
//   response: (empty)
localparam [7:0] TXC_CMD_WRITE_HEADER = 8'h30;
localparam integer TXC_CMD_WRITE_HEADER_REQ_MIN = 36;
localparam integer TXC_CMD_WRITE_HEADER_REQ_MAX = 36;
localparam integer TXC_CMD_WRITE_HEADER_RESP_MIN = 0;
localparam integer TXC_CMD_WRITE_HEADER_RESP_MAX = 0;
// WRITE_SAMPLER: Writes one sampler-header pool entry.
//   request: index:u32 words:u32[8]
//   response: (empty)
localparam [7:0] TXC_CMD_WRITE_SAMPLER = 8'h31;
localparam integer TXC_CMD_WRITE_SAMPLER_REQ_MIN = 36;
localparam integer TXC_CMD_WRITE_SAMPLER_REQ_MAX = 36;
localparam integer TXC_CMD_WRITE_SAMPLER_RESP_MIN = 0;
localparam integer TXC_CMD_WRITE_SAMPLER_RESP_MAX = 0;
// WRITE_CBANK: Writes consecutive constant-bank words from word index start.
//   request: start:u16 words:u32[1..=64]
//   response: (empty)
localparam [7:0] TXC_CMD_WRITE_CBANK = 8'h32;
localparam integer TXC_CMD_WRITE_CBANK_REQ_MIN = 6;
localparam integer TXC_CMD_WRITE_CBANK_REQ_MAX = 258;
localparam integer TXC_CMD_WRITE_CBANK_RESP_MIN = 0;
localparam integer TXC_CMD_WRITE_CBANK_RESP_MAX = 0;
// SUBMIT: Executes one op (payload: see OPS); answers its completion record once done: outcome 0 done / 1 rejected (kind, detail0, detail1: the core's error, see Rejections), written = per result shape (4 words: 1; lanes: lanes written; quad: 0xF; TLD4S: registers per destination; STORE: 1 if memory was written; 0 if rejected), words = result words now in the result buffer (they stay until the next SUBMIT or reset).
//   request: op:u8 a:u8 b:u8 c:u8 operands:u32[..]
//   response: outcome:u8 kind:u8 detail0:u8 detail1:u8 written:u16 words:u8 rsvd:u8
localparam [7:0] TXC_CMD_SUBMIT = 8'h40;
localparam integer TXC_CMD_SUBMIT_REQ_MIN = 8;
localparam integer TXC_CMD_SUBMIT_REQ_MAX = 188;
localparam integer TXC_CMD_SUBMIT_RESP_MIN = 8;
localparam integer TXC_CMD_SUBMIT_RESP_MAX = 8;
// READ_RESULT: Reads count (1..=64) words of the result buffer from word offset.
//   request: offset:u8 count:u8
//   response: words:u32[count]
localparam [7:0] TXC_CMD_READ_RESULT = 8'h41;
localparam integer TXC_CMD_READ_RESULT_REQ_MIN = 2;
localparam integer TXC_CMD_READ_RESULT_REQ_MAX = 2;
localparam integer TXC_CMD_READ_RESULT_RESP_MIN = 4;
localparam integer TXC_CMD_READ_RESULT_RESP_MAX = 256;

// ---- response status codes: TXC_ST_<name> (link = the host resends) ----
localparam [7:0] TXC_ST_OK = 8'h00; // ok: Done; the payload is the command's response.
localparam integer TXC_ST_OK_FAULT = 0;
localparam [7:0] TXC_ST_ERR_CRC = 8'h01; // link: The command frame's CRC did not match (not executed).
localparam integer TXC_ST_ERR_CRC_FAULT = 0;
localparam [7:0] TXC_ST_ERR_FRAME = 8'h02; // link: The command frame was malformed: fewer/more bytes than its len field, or len above the maximum (not executed).
localparam integer TXC_ST_ERR_FRAME_FAULT = 0;
localparam [7:0] TXC_ST_ERR_BAD_CMD = 8'h03; // fault: Unknown command code.
localparam integer TXC_ST_ERR_BAD_CMD_FAULT = 1;
localparam [7:0] TXC_ST_ERR_BAD_LEN = 8'h04; // fault: Payload length not allowed for the command or op.
localparam integer TXC_ST_ERR_BAD_LEN_FAULT = 1;
localparam [7:0] TXC_ST_ERR_BAD_ADDR = 8'h05; // fault: Unknown register, or a memory / pool / constant-bank / result range outside the device.
localparam integer TXC_ST_ERR_BAD_ADDR_FAULT = 1;
localparam [7:0] TXC_ST_ERR_BAD_VALUE = 8'h06; // fault: A value does not fit the register, or an operand encoding is invalid (reserved byte, query code, index width).
localparam integer TXC_ST_ERR_BAD_VALUE_FAULT = 1;
localparam [7:0] TXC_ST_ERR_ACCESS = 8'h07; // fault: Write to a read-only register.
localparam integer TXC_ST_ERR_ACCESS_FAULT = 1;
localparam [7:0] TXC_ST_ERR_UNSUPPORTED = 8'h08; // fault: The op code is not implemented by this device build (CAPS bit clear), or its view and sampler are outside the build's sampling subset.
localparam integer TXC_ST_ERR_UNSUPPORTED_FAULT = 1;
localparam [7:0] TXC_ST_ERR_NO_RESULT = 8'h09; // fault: READ_RESULT beyond the words of the last completed op.
localparam integer TXC_ST_ERR_NO_RESULT_FAULT = 1;
localparam [7:0] TXC_ST_ERR_NO_RESPONSE = 8'h0A; // link: FETCH with no command received since reset (the command was lost).
localparam integer TXC_ST_ERR_NO_RESPONSE_FAULT = 0;
localparam [7:0] TXC_ST_ERR_INTERNAL = 8'h80; // fault: Internal device fault (0x80..=0xFF are implementation-defined faults: ECC, FSM, ...).
localparam integer TXC_ST_ERR_INTERNAL_FAULT = 1;

// ---- registers: TXC_REG_<name> = byte address; _WIDTH; _ACCESS (TXC_ACCESS_*); _RESET (fixed values only) ----
localparam integer TXC_ACCESS_RO = 0; // read-only: writes answer ERR_ACCESS
localparam integer TXC_ACCESS_RW = 1; // read/write
localparam integer TXC_ACCESS_W1C = 2; // read; writing 1 clears a bit
// ID (RO, 32 bits, reset 0x31435854): Identity: ASCII "TXC1" (0x31435854).
localparam [15:0] TXC_REG_ID = 16'h0000;
localparam integer TXC_REG_ID_WIDTH = 32;
localparam integer TXC_REG_ID_ACCESS = 0; // RO
localparam [31:0] TXC_REG_ID_RESET = 32'h31435854;
// VERSION (RO, 32 bits, reset 0x00010001): Protocol version: major 31:16, minor 15:0.
localparam [15:0] TXC_REG_VERSION = 16'h0004;
localparam integer TXC_REG_VERSION_WIDTH = 32;
localparam integer TXC_REG_VERSION_ACCESS = 0; // RO
localparam [31:0] TXC_REG_VERSION_RESET = 32'h00010001;
// CAPS (RO, 32 bits, reset build parameter CAPS): Implemented ops: bit n set = the op with cap_bit n is implemented.
localparam [15:0] TXC_REG_CAPS = 16'h0008;
localparam integer TXC_REG_CAPS_WIDTH = 32;
localparam integer TXC_REG_CAPS_ACCESS = 0; // RO
// STATUS (RO, 16 bits, reset 0x00000001): Device status (fields STATUS_*).
localparam [15:0] TXC_REG_STATUS = 16'h000C;
localparam integer TXC_REG_STATUS_WIDTH = 16;
localparam integer TXC_REG_STATUS_ACCESS = 0; // RO
localparam [31:0] TXC_REG_STATUS_RESET = 32'h00000001;
// IRQ_FLAGS (W1C, 4 bits, reset 0x00000008): Interrupt flags (fields IRQ_*), sticky until written 1; reset leaves IRQ_RESET set.
localparam [15:0] TXC_REG_IRQ_FLAGS = 16'h0010;
localparam integer TXC_REG_IRQ_FLAGS_WIDTH = 4;
localparam integer TXC_REG_IRQ_FLAGS_ACCESS = 2; // W1C
localparam [31:0] TXC_REG_IRQ_FLAGS_RESET = 32'h00000008;
// IRQ_ENABLE (RW, 4 bits, reset 0x00000000): Interrupt enables, same bits as IRQ_FLAGS; IRQ pin = |(IRQ_FLAGS & IRQ_ENABLE).
localparam [15:0] TXC_REG_IRQ_ENABLE = 16'h0014;
localparam integer TXC_REG_IRQ_ENABLE_WIDTH = 4;
localparam integer TXC_REG_IRQ_ENABLE_ACCESS = 1; // RW
localparam [31:0] TXC_REG_IRQ_ENABLE_RESET = 32'h00000000;
// LINK_ERRORS (RO, 32 bits, reset 0x00000000): Command frames rejected with ERR_CRC / ERR_FRAME since reset (saturating).
localparam [15:0] TXC_REG_LINK_ERRORS = 16'h0018;
localparam integer TXC_REG_LINK_ERRORS_WIDTH = 32;
localparam integer TXC_REG_LINK_ERRORS_ACCESS = 0; // RO
localparam [31:0] TXC_REG_LINK_ERRORS_RESET = 32'h00000000;
// SCRATCH (RW, 32 bits, reset 0x00000000): Free for link tests.
localparam [15:0] TXC_REG_SCRATCH = 16'h001C;
localparam integer TXC_REG_SCRATCH_WIDTH = 32;
localparam integer TXC_REG_SCRATCH_ACCESS = 1; // RW
localparam [31:0] TXC_REG_SCRATCH_RESET = 32'h00000000;
// MEM_BYTES (RO, 32 bits, reset build parameter MEM_BYTES): Texture memory size in bytes.
localparam [15:0] TXC_REG_MEM_BYTES = 16'h0020;
localparam integer TXC_REG_MEM_BYTES_WIDTH = 32;
localparam integer TXC_REG_MEM_BYTES_ACCESS = 0; // RO
// HEADER_ENTRIES (RO, 32 bits, reset build parameter HEADER_ENTRIES): Texture-header pool capacity (entries).
localparam [15:0] TXC_REG_HEADER_ENTRIES = 16'h0024;
localparam integer TXC_REG_HEADER_ENTRIES_WIDTH = 32;
localparam integer TXC_REG_HEADER_ENTRIES_ACCESS = 0; // RO
// SAMPLER_ENTRIES (RO, 32 bits, reset build parameter SAMPLER_ENTRIES): Sampler-header pool capacity (entries).
localparam [15:0] TXC_REG_SAMPLER_ENTRIES = 16'h0028;
localparam integer TXC_REG_SAMPLER_ENTRIES_WIDTH = 32;
localparam integer TXC_REG_SAMPLER_ENTRIES_ACCESS = 0; // RO
// CBANK_WORDS (RO, 32 bits, reset build parameter CBANK_WORDS): Constant-bank capacity (32-bit words).
localparam [15:0] TXC_REG_CBANK_WORDS = 16'h002C;
localparam integer TXC_REG_CBANK_WORDS_WIDTH = 32;
localparam integer TXC_REG_CBANK_WORDS_ACCESS = 0; // RO
// HEADER_POOL_MAX (RW, 20 bits, reset 0x00000000): SetTexHeaderPoolC.MaximumIndex: the largest valid header pointer.
localparam [15:0] TXC_REG_HEADER_POOL_MAX = 16'h0030;
localparam integer TXC_REG_HEADER_POOL_MAX_WIDTH = 20;
localparam integer TXC_REG_HEADER_POOL_MAX_ACCESS = 1; // RW
localparam [31:0] TXC_REG_HEADER_POOL_MAX_RESET = 32'h00000000;
// SAMPLER_POOL_MAX (RW, 20 bits, reset 0x00000000): SetSamplerHeaderPoolC.MaximumIndex: the largest valid sampler pointer.
localparam [15:0] TXC_REG_SAMPLER_POOL_MAX = 16'h0034;
localparam integer TXC_REG_SAMPLER_POOL_MAX_WIDTH = 20;
localparam integer TXC_REG_SAMPLER_POOL_MAX_ACCESS = 1; // RW
localparam [31:0] TXC_REG_SAMPLER_POOL_MAX_RESET = 32'h00000000;
// BINDING_MODE (RW, 1 bits, reset 0x00000000): SetSamplerBinding: 0 = INDEPENDENTLY, 1 = VIA_HEADER_BINDING.
localparam [15:0] TXC_REG_BINDING_MODE = 16'h0038;
localparam integer TXC_REG_BINDING_MODE_WIDTH = 1;
localparam integer TXC_REG_BINDING_MODE_ACCESS = 1; // RW
localparam [31:0] TXC_REG_BINDING_MODE_RESET = 32'h00000000;
// CAPS1 (RO, 32 bits, reset build parameter CAPS1): Implemented ops, continued: bit n set = the op with cap_bit 32 + n is implemented (protocol 1.1 and later).
localparam [15:0] TXC_REG_CAPS1 = 16'h003C;
localparam integer TXC_REG_CAPS1_WIDTH = 32;
localparam integer TXC_REG_CAPS1_ACCESS = 0; // RO

// ---- register fields: TXC_<name>_LSB / _WIDTH ----
localparam integer TXC_STATUS_READY_LSB = 0; // 1 when idle and out of reset.
localparam integer TXC_STATUS_READY_WIDTH = 1;
localparam integer TXC_STATUS_FAULT_LSB = 1; // 1 when the last command ended with a Fault-class status.
localparam integer TXC_STATUS_FAULT_WIDTH = 1;
localparam integer TXC_STATUS_LAST_LSB = 8; // Status code of the previous command.
localparam integer TXC_STATUS_LAST_WIDTH = 8;
localparam integer TXC_IRQ_DONE_LSB = 0; // An op completed (SUBMIT).
localparam integer TXC_IRQ_DONE_WIDTH = 1;
localparam integer TXC_IRQ_LINK_LSB = 1; // A command frame was rejected (ERR_CRC / ERR_FRAME).
localparam integer TXC_IRQ_LINK_WIDTH = 1;
localparam integer TXC_IRQ_FAULT_LSB = 2; // A command ended with a Fault-class status.
localparam integer TXC_IRQ_FAULT_WIDTH = 1;
localparam integer TXC_IRQ_RESET_LSB = 3; // The device left reset.
localparam integer TXC_IRQ_RESET_WIDTH = 1;

// ---- SUBMIT completion record ----
localparam [7:0] TXC_OUTCOME_DONE = 8'h00;
localparam [7:0] TXC_OUTCOME_REJECTED = 8'h01;
// rejection kinds (completion byte 1 when outcome = REJECTED): TXC_REJECT_<name>
localparam [7:0] TXC_REJECT_INFO_OP = 8'h01; // InfoError::Op: detail0 = Op bits 4:0 (not resinfo/sampleinfo).
localparam [7:0] TXC_REJECT_INFO_EXEC_SIZE = 8'h02; // InfoError::ExecSize: detail0 = Exec_size bits 3:0.
localparam [7:0] TXC_REJECT_INFO_MASK_ALIGNMENT = 8'h03; // InfoError::MaskAlignment: detail0 = lanes, detail1 = k of Mk.
localparam [7:0] TXC_REJECT_FETCH_CUBE = 8'h10; // FetchError::Cube: TXF / SAMPLE_I / SAMPLE_I_MS on a cube view.
localparam [7:0] TXC_REJECT_FETCH_OFFSET_RANGE = 8'h11; // FetchError::OffsetRange: detail0 = offset component.
localparam [7:0] TXC_REJECT_RESOURCE_ENCODE_DEPTH_STENCIL = 8'h18; // ResourceError::Encode(EncodeError::DepthStencil): STORE to a depth/stencil resource.
localparam [7:0] TXC_REJECT_RESOURCE_ENCODE_SRGB = 8'h19; // ResourceError::Encode(EncodeError::Srgb): STORE to an sRGB resource.
localparam [7:0] TXC_REJECT_RESOURCE_ATOMIC_FORMAT = 8'h1A; // ResourceError::AtomicFormat: atomic on a format that is not 32-bit integer.
localparam [7:0] TXC_REJECT_SAMPLE_TEXTURE_TYPE = 8'h20; // SampleError::TextureType: buffer / multisample view, or a TEX-family form without its operand.
localparam [7:0] TXC_REJECT_SAMPLE_OFFSET_RANGE = 8'h21; // SampleError::OffsetRange: detail0 = offset component.
localparam [7:0] TXC_REJECT_SAMPLE_COMPARE = 8'h22; // SampleError::Compare: depth compare on an integer format.
localparam [7:0] TXC_REJECT_GATHER_TEXTURE_TYPE = 8'h28; // GatherError::TextureType.
localparam [7:0] TXC_REJECT_GATHER_OFFSET_RANGE = 8'h29; // GatherError::OffsetRange: detail0 = offset component.
localparam [7:0] TXC_REJECT_GATHER_OFFSET_ON_CUBE = 8'h2A; // GatherError::OffsetOnCube.
localparam [7:0] TXC_REJECT_GATHER_COMPARE_ON_3D = 8'h2B; // GatherError::CompareOn3D.
localparam [7:0] TXC_REJECT_GATHER_COMPARE = 8'h2C; // GatherError::Compare: depth compare on an integer format.
localparam [7:0] TXC_REJECT_GATHER_COMPONENT = 8'h2D; // GatherError::Component: component above 3.

// ---- ops (SUBMIT payload byte 0): TXC_OP_<name>, _LEN = SUBMIT payload bytes,
// _CAP = capability bit (0..31: CAPS, 32..63: CAPS1 bit n-32), _REPLAY = 1: byte 1 is the replay tag ----
// NV_TXQ (result: 4 words): NVIDIA TXQ (texcore::query::nv::txq). source 0: handle = tsPtrIdxU13 (constant-bank word index, <= 0x1FFF); 1: bindless .B, handle = the handle word. query: 1 DIMENSION, 2 TEXTURE_TYPE, 5 SAMPLER_POS. Result RGBA before the write mask.
//   operands: op:u8 source:u8 query:u8 rsvd:u8 handle:u32 param:u32
localparam [7:0] TXC_OP_NV_TXQ = 8'h01;
localparam integer TXC_OP_NV_TXQ_LEN = 12;
localparam integer TXC_OP_NV_TXQ_CAP = 0;
localparam integer TXC_OP_NV_TXQ_REPLAY = 0;
// NV_TLD4S (result: 4 words (Rd0, Rd0+1, Rd1, Rd1+1), written = registers per destination): NVIDIA TLD4S for one lane (texcore::op::gather::tld4s). source/handle as NV_TXQ. comp: .R .G .B .A = 0..3 (any other value: rejected by the core). mods: bit 0 .AOFFI, bit 1 .DC, bit 2 .F16, bit 3 the F16 rounding mode (0 RNE, 1 RTZ; 0 without .F16), bits 7:4 reserved. s, t, toff, dc: the scalar operands after the Ra/Rb unpacking (Tld4sOperands). Result: the registers Rd0, Rd0+1, Rd1, Rd1+1; written = 2, or 1 with .F16 (Rd0+1 and Rd1+1 then 0).
//   operands: op:u8 source:u8 comp:u8 mods:u8 handle:u32 s:u32 t:u32 toff:u32 dc:u32
localparam [7:0] TXC_OP_NV_TLD4S = 8'h02;
localparam integer TXC_OP_NV_TLD4S_LEN = 24;
localparam integer TXC_OP_NV_TLD4S_CAP = 6;
localparam integer TXC_OP_NV_TLD4S_REPLAY = 0;
// NV_TMML (result: 16 words, lane-major quad): NVIDIA TMML.LOD for a quad (texcore::op::tmml::tmml). source/handle as NV_TXQ. desc = #paramA (0 1D, 1 2D, 2 3D, 3 CUBE, 4 ARRAY_1D, 5 ARRAY_2D, 7 ARRAY_CUBE). ra: per lane, its Ra .. Ra+3. Result: R, G, B, A of each lane.
//   operands: op:u8 source:u8 desc:u8 rsvd:u8 handle:u32 ra:u32[4][4]
localparam [7:0] TXC_OP_NV_TMML = 8'h03;
localparam integer TXC_OP_NV_TMML_LEN = 72;
localparam integer TXC_OP_NV_TMML_CAP = 7;
localparam integer TXC_OP_NV_TMML_REPLAY = 0;
// TGSI_TXQ (result: 4 words): TGSI TXQ (texcore::query::tgsi::txq); view = header-pool pointer of the SVIEW.
//   operands: op:u8 rsvd:u8[3] view:u32 lod:u32
localparam [7:0] TXC_OP_TGSI_TXQ = 8'h10;
localparam integer TXC_OP_TGSI_TXQ_LEN = 12;
localparam integer TXC_OP_TGSI_TXQ_CAP = 1;
localparam integer TXC_OP_TGSI_TXQ_REPLAY = 0;
// TGSI_SVIEWINFO (result: 4 words): TGSI SVIEWINFO (texcore::query::tgsi::sviewinfo).
//   operands: op:u8 rsvd:u8[3] view:u32 mip_level:u32
localparam [7:0] TXC_OP_TGSI_SVIEWINFO = 8'h11;
localparam integer TXC_OP_TGSI_SVIEWINFO_LEN = 12;
localparam integer TXC_OP_TGSI_SVIEWINFO_CAP = 2;
localparam integer TXC_OP_TGSI_SVIEWINFO_REPLAY = 0;
// TGSI_SAMPLE_INFO (result: 4 words): TGSI SAMPLE_INFO (texcore::query::tgsi::sample_info).
//   operands: op:u8 rsvd:u8[3] view:u32
localparam [7:0] TXC_OP_TGSI_SAMPLE_INFO = 8'h12;
localparam integer TXC_OP_TGSI_SAMPLE_INFO_LEN = 8;
localparam integer TXC_OP_TGSI_SAMPLE_INFO_CAP = 3;
localparam integer TXC_OP_TGSI_SAMPLE_INFO_REPLAY = 0;
// TGSI_SAMPLE_POS (result: 4 words): TGSI SAMPLE_POS (texcore::query::tgsi::sample_pos): fp32 bit patterns.
//   operands: op:u8 rsvd:u8[3] view:u32 index:u32
localparam [7:0] TXC_OP_TGSI_SAMPLE_POS = 8'h13;
localparam integer TXC_OP_TGSI_SAMPLE_POS_LEN = 12;
localparam integer TXC_OP_TGSI_SAMPLE_POS_CAP = 4;
localparam integer TXC_OP_TGSI_SAMPLE_POS_REPLAY = 0;
// TGSI_TXF (result: 4 words): TGSI TXF (texcore::op::fetch::txf): coord = (x, y, z, level) signed, offset = src1 (each -8..=7, else rejected).
//   operands: op:u8 rsvd:u8[3] view:u32 coord:i32[4] offset:i32[3]
localparam [7:0] TXC_OP_TGSI_TXF = 8'h14;
localparam integer TXC_OP_TGSI_TXF_LEN = 36;
localparam integer TXC_OP_TGSI_TXF_CAP = 8;
localparam integer TXC_OP_TGSI_TXF_REPLAY = 0;
// TGSI_SAMPLE_I (result: 4 words): TGSI SAMPLE_I (texcore::op::fetch::sample_i): address = (x, y, z, level).
//   operands: op:u8 rsvd:u8[3] view:u32 address:u32[4]
localparam [7:0] TXC_OP_TGSI_SAMPLE_I = 8'h15;
localparam integer TXC_OP_TGSI_SAMPLE_I_LEN = 24;
localparam integer TXC_OP_TGSI_SAMPLE_I_CAP = 9;
localparam integer TXC_OP_TGSI_SAMPLE_I_REPLAY = 0;
// TGSI_SAMPLE_I_MS (result: 4 words): TGSI SAMPLE_I_MS (texcore::op::fetch::sample_i_ms).
//   operands: op:u8 rsvd:u8[3] view:u32 address:u32[4] sample:u32
localparam [7:0] TXC_OP_TGSI_SAMPLE_I_MS = 8'h16;
localparam integer TXC_OP_TGSI_SAMPLE_I_MS_LEN = 28;
localparam integer TXC_OP_TGSI_SAMPLE_I_MS_CAP = 10;
localparam integer TXC_OP_TGSI_SAMPLE_I_MS_REPLAY = 0;
// TGSI_LOAD (result: 4 words): TGSI LOAD (texcore::op::resource::load); resource = header-pool pointer of the RES.
//   operands: op:u8 rsvd:u8[3] resource:u32 address:u32[4]
localparam [7:0] TXC_OP_TGSI_LOAD = 8'h18;
localparam integer TXC_OP_TGSI_LOAD_LEN = 24;
localparam integer TXC_OP_TGSI_LOAD_CAP = 11;
localparam integer TXC_OP_TGSI_LOAD_REPLAY = 0;
// TGSI_STORE (result: no words, written = 1 if memory was written): TGSI STORE (texcore::op::resource::store). written = 1 if the texel was written, 0 if the address was out of range or the resource invalid.
//   operands: op:u8 rsvd:u8[3] resource:u32 address:u32[4] src:u32[4]
localparam [7:0] TXC_OP_TGSI_STORE = 8'h19;
localparam integer TXC_OP_TGSI_STORE_LEN = 40;
localparam integer TXC_OP_TGSI_STORE_CAP = 12;
localparam integer TXC_OP_TGSI_STORE_REPLAY = 0;
// INTEL_INFO (result: lanes x 4 words): Intel vISA INFO resinfo/sampleinfo (texcore::query::intel::info); surface = header-pool pointer. Result: lanes x 4 words RGBA planar, written = enabled lanes; a malformed instruction completes with outcome 1 (rejected) and nothing written.
//   operands: op:u8 info_op:u8 exec:u8 rsvd:u8 surface:u32 exec_mask:u32 lod:u32[16]
localparam [7:0] TXC_OP_INTEL_INFO = 8'h20;
localparam integer TXC_OP_INTEL_INFO_LEN = 76;
localparam integer TXC_OP_INTEL_INFO_CAP = 5;
localparam integer TXC_OP_INTEL_INFO_REPLAY = 0;
// TGSI_TEX (result: 16 words, lane-major quad): TGSI TEX (texcore::op::sample::tex_family); view = header-pool pointer, sampler = sampler-pool pointer. flags: bit 0 shadow form, bit 1 src1 present (TEX2 form: src1x = src1.x per lane, the only component read; 0 when absent), bits 7:2 reserved. src0: per lane, (x, y, z, w).
//   operands: op:u8 flags:u8 rsvd:u8[2] view:u32 sampler:u32 src0:u32[4][4] src1x:u32[4]
localparam [7:0] TXC_OP_TGSI_TEX = 8'h30;
localparam integer TXC_OP_TGSI_TEX_LEN = 92;
localparam integer TXC_OP_TGSI_TEX_CAP = 13;
localparam integer TXC_OP_TGSI_TEX_REPLAY = 0;
// TGSI_TXB (result: 16 words, lane-major quad): TGSI TXB; as TGSI_TEX (bias in src0.w, or src1.x: TXB2).
//   operands: op:u8 flags:u8 rsvd:u8[2] view:u32 sampler:u32 src0:u32[4][4] src1x:u32[4]
localparam [7:0] TXC_OP_TGSI_TXB = 8'h31;
localparam integer TXC_OP_TGSI_TXB_LEN = 92;
localparam integer TXC_OP_TGSI_TXB_CAP = 14;
localparam integer TXC_OP_TGSI_TXB_REPLAY = 0;
// TGSI_TXL (result: 16 words, lane-major quad): TGSI TXL; as TGSI_TEX (LOD in src0.w, or src1.x: TXL2).
//   operands: op:u8 flags:u8 rsvd:u8[2] view:u32 sampler:u32 src0:u32[4][4] src1x:u32[4]
localparam [7:0] TXC_OP_TGSI_TXL = 8'h32;
localparam integer TXC_OP_TGSI_TXL_LEN = 92;
localparam integer TXC_OP_TGSI_TXL_CAP = 15;
localparam integer TXC_OP_TGSI_TXL_REPLAY = 0;
// TGSI_TXD (result: 16 words, lane-major quad): TGSI TXD; as TGSI_TEX, flags bit 2 = ddx/ddy present (x, y, z per lane; 0 when absent: the core rejects TXD without derivatives).
//   operands: op:u8 flags:u8 rsvd:u8[2] view:u32 sampler:u32 src0:u32[4][4] src1x:u32[4] ddx:u32[4][3] ddy:u32[4][3]
localparam [7:0] TXC_OP_TGSI_TXD = 8'h33;
localparam integer TXC_OP_TGSI_TXD_LEN = 188;
localparam integer TXC_OP_TGSI_TXD_CAP = 16;
localparam integer TXC_OP_TGSI_TXD_REPLAY = 0;
// TGSI_TXP (result: 16 words, lane-major quad): TGSI TXP; as TGSI_TEX (projective: x, y, z divided by w).
//   operands: op:u8 flags:u8 rsvd:u8[2] view:u32 sampler:u32 src0:u32[4][4] src1x:u32[4]
localparam [7:0] TXC_OP_TGSI_TXP = 8'h34;
localparam integer TXC_OP_TGSI_TXP_LEN = 92;
localparam integer TXC_OP_TGSI_TXP_CAP = 17;
localparam integer TXC_OP_TGSI_TXP_REPLAY = 0;
// TGSI_SAMPLE (result: 16 words, lane-major quad): TGSI SAMPLE (texcore::op::sample::sample); view / sampler = header- / sampler-pool pointers; offset: each -8..=7, else rejected.
//   operands: op:u8 rsvd:u8[3] view:u32 sampler:u32 offset:i32[3] address:u32[4][4]
localparam [7:0] TXC_OP_TGSI_SAMPLE = 8'h38;
localparam integer TXC_OP_TGSI_SAMPLE_LEN = 88;
localparam integer TXC_OP_TGSI_SAMPLE_CAP = 18;
localparam integer TXC_OP_TGSI_SAMPLE_REPLAY = 0;
// TGSI_SAMPLE_B (result: 16 words, lane-major quad): TGSI SAMPLE_B: per-lane bias (binary32).
//   operands: op:u8 rsvd:u8[3] view:u32 sampler:u32 offset:i32[3] address:u32[4][4] bias:u32[4]
localparam [7:0] TXC_OP_TGSI_SAMPLE_B = 8'h39;
localparam integer TXC_OP_TGSI_SAMPLE_B_LEN = 104;
localparam integer TXC_OP_TGSI_SAMPLE_B_CAP = 19;
localparam integer TXC_OP_TGSI_SAMPLE_B_REPLAY = 0;
// TGSI_SAMPLE_L (result: 16 words, lane-major quad): TGSI SAMPLE_L: per-lane LOD (binary32).
//   operands: op:u8 rsvd:u8[3] view:u32 sampler:u32 offset:i32[3] address:u32[4][4] lod:u32[4]
localparam [7:0] TXC_OP_TGSI_SAMPLE_L = 8'h3A;
localparam integer TXC_OP_TGSI_SAMPLE_L_LEN = 104;
localparam integer TXC_OP_TGSI_SAMPLE_L_CAP = 20;
localparam integer TXC_OP_TGSI_SAMPLE_L_REPLAY = 0;
// TGSI_SAMPLE_D (result: 16 words, lane-major quad): TGSI SAMPLE_D: per-lane derivatives of x, y, z.
//   operands: op:u8 rsvd:u8[3] view:u32 sampler:u32 offset:i32[3] address:u32[4][4] ddx:u32[4][3] ddy:u32[4][3]
localparam [7:0] TXC_OP_TGSI_SAMPLE_D = 8'h3B;
localparam integer TXC_OP_TGSI_SAMPLE_D_LEN = 184;
localparam integer TXC_OP_TGSI_SAMPLE_D_CAP = 21;
localparam integer TXC_OP_TGSI_SAMPLE_D_REPLAY = 0;
// TGSI_SAMPLE_C (result: 16 words, lane-major quad): TGSI SAMPLE_C: per-lane depth reference (binary32).
//   operands: op:u8 rsvd:u8[3] view:u32 sampler:u32 offset:i32[3] address:u32[4][4] ref:u32[4]
localparam [7:0] TXC_OP_TGSI_SAMPLE_C = 8'h3C;
localparam integer TXC_OP_TGSI_SAMPLE_C_LEN = 104;
localparam integer TXC_OP_TGSI_SAMPLE_C_CAP = 22;
localparam integer TXC_OP_TGSI_SAMPLE_C_REPLAY = 0;
// TGSI_SAMPLE_C_LZ (result: 16 words, lane-major quad): TGSI SAMPLE_C_LZ: SAMPLE_C at level 0.
//   operands: op:u8 rsvd:u8[3] view:u32 sampler:u32 offset:i32[3] address:u32[4][4] ref:u32[4]
localparam [7:0] TXC_OP_TGSI_SAMPLE_C_LZ = 8'h3D;
localparam integer TXC_OP_TGSI_SAMPLE_C_LZ_LEN = 104;
localparam integer TXC_OP_TGSI_SAMPLE_C_LZ_CAP = 23;
localparam integer TXC_OP_TGSI_SAMPLE_C_LZ_REPLAY = 0;
// TGSI_GATHER4 (result: 16 words, lane-major quad): TGSI GATHER4 (texcore::op::gather::gather4). component 0..3 (any other value: rejected by the core); offset -32..=31 each; flags bit 0 = compare form with a per-lane ref (0 when absent), bits 7:1 reserved. Result (S0, S1, S2, S3) per lane.
//   operands: op:u8 component:u8 flags:u8 rsvd:u8 view:u32 sampler:u32 offset:i32[2] address:u32[4][4] ref:u32[4]
localparam [7:0] TXC_OP_TGSI_GATHER4 = 8'h3E;
localparam integer TXC_OP_TGSI_GATHER4_LEN = 100;
localparam integer TXC_OP_TGSI_GATHER4_CAP = 24;
localparam integer TXC_OP_TGSI_GATHER4_REPLAY = 0;
// TGSI_ATOMUADD (result: 4 words): TGSI ATOMUADD (texcore::op::resource::atomic); tag = replay tag (see Replay protection); cmp is read by ATOMCAS only. Result: the old texel.
//   operands: op:u8 tag:u8 rsvd:u8[2] resource:u32 address:u32[4] src:u32[4] cmp:u32[4]
localparam [7:0] TXC_OP_TGSI_ATOMUADD = 8'h40;
localparam integer TXC_OP_TGSI_ATOMUADD_LEN = 56;
localparam integer TXC_OP_TGSI_ATOMUADD_CAP = 25;
localparam integer TXC_OP_TGSI_ATOMUADD_REPLAY = 1;
// TGSI_ATOMXCHG (result: 4 words): TGSI ATOMXCHG; as TGSI_ATOMUADD.
//   operands: op:u8 tag:u8 rsvd:u8[2] resource:u32 address:u32[4] src:u32[4] cmp:u32[4]
localparam [7:0] TXC_OP_TGSI_ATOMXCHG = 8'h41;
localparam integer TXC_OP_TGSI_ATOMXCHG_LEN = 56;
localparam integer TXC_OP_TGSI_ATOMXCHG_CAP = 26;
localparam integer TXC_OP_TGSI_ATOMXCHG_REPLAY = 1;
// TGSI_ATOMCAS (result: 4 words): TGSI ATOMCAS; as TGSI_ATOMUADD.
//   operands: op:u8 tag:u8 rsvd:u8[2] resource:u32 address:u32[4] src:u32[4] cmp:u32[4]
localparam [7:0] TXC_OP_TGSI_ATOMCAS = 8'h42;
localparam integer TXC_OP_TGSI_ATOMCAS_LEN = 56;
localparam integer TXC_OP_TGSI_ATOMCAS_CAP = 27;
localparam integer TXC_OP_TGSI_ATOMCAS_REPLAY = 1;
// TGSI_ATOMAND (result: 4 words): TGSI ATOMAND; as TGSI_ATOMUADD.
//   operands: op:u8 tag:u8 rsvd:u8[2] resource:u32 address:u32[4] src:u32[4] cmp:u32[4]
localparam [7:0] TXC_OP_TGSI_ATOMAND = 8'h43;
localparam integer TXC_OP_TGSI_ATOMAND_LEN = 56;
localparam integer TXC_OP_TGSI_ATOMAND_CAP = 28;
localparam integer TXC_OP_TGSI_ATOMAND_REPLAY = 1;
// TGSI_ATOMOR (result: 4 words): TGSI ATOMOR; as TGSI_ATOMUADD.
//   operands: op:u8 tag:u8 rsvd:u8[2] resource:u32 address:u32[4] src:u32[4] cmp:u32[4]
localparam [7:0] TXC_OP_TGSI_ATOMOR = 8'h44;
localparam integer TXC_OP_TGSI_ATOMOR_LEN = 56;
localparam integer TXC_OP_TGSI_ATOMOR_CAP = 29;
localparam integer TXC_OP_TGSI_ATOMOR_REPLAY = 1;
// TGSI_ATOMXOR (result: 4 words): TGSI ATOMXOR; as TGSI_ATOMUADD.
//   operands: op:u8 tag:u8 rsvd:u8[2] resource:u32 address:u32[4] src:u32[4] cmp:u32[4]
localparam [7:0] TXC_OP_TGSI_ATOMXOR = 8'h45;
localparam integer TXC_OP_TGSI_ATOMXOR_LEN = 56;
localparam integer TXC_OP_TGSI_ATOMXOR_CAP = 30;
localparam integer TXC_OP_TGSI_ATOMXOR_REPLAY = 1;
// TGSI_ATOMUMIN (result: 4 words): TGSI ATOMUMIN; as TGSI_ATOMUADD.
//   operands: op:u8 tag:u8 rsvd:u8[2] resource:u32 address:u32[4] src:u32[4] cmp:u32[4]
localparam [7:0] TXC_OP_TGSI_ATOMUMIN = 8'h46;
localparam integer TXC_OP_TGSI_ATOMUMIN_LEN = 56;
localparam integer TXC_OP_TGSI_ATOMUMIN_CAP = 31;
localparam integer TXC_OP_TGSI_ATOMUMIN_REPLAY = 1;
// TGSI_ATOMUMAX (result: 4 words): TGSI ATOMUMAX; as TGSI_ATOMUADD.
//   operands: op:u8 tag:u8 rsvd:u8[2] resource:u32 address:u32[4] src:u32[4] cmp:u32[4]
localparam [7:0] TXC_OP_TGSI_ATOMUMAX = 8'h47;
localparam integer TXC_OP_TGSI_ATOMUMAX_LEN = 56;
localparam integer TXC_OP_TGSI_ATOMUMAX_CAP = 32;
localparam integer TXC_OP_TGSI_ATOMUMAX_REPLAY = 1;
// TGSI_ATOMIMIN (result: 4 words): TGSI ATOMIMIN; as TGSI_ATOMUADD.
//   operands: op:u8 tag:u8 rsvd:u8[2] resource:u32 address:u32[4] src:u32[4] cmp:u32[4]
localparam [7:0] TXC_OP_TGSI_ATOMIMIN = 8'h48;
localparam integer TXC_OP_TGSI_ATOMIMIN_LEN = 56;
localparam integer TXC_OP_TGSI_ATOMIMIN_CAP = 33;
localparam integer TXC_OP_TGSI_ATOMIMIN_REPLAY = 1;
// TGSI_ATOMIMAX (result: 4 words): TGSI ATOMIMAX; as TGSI_ATOMUADD.
//   operands: op:u8 tag:u8 rsvd:u8[2] resource:u32 address:u32[4] src:u32[4] cmp:u32[4]
localparam [7:0] TXC_OP_TGSI_ATOMIMAX = 8'h49;
localparam integer TXC_OP_TGSI_ATOMIMAX_LEN = 56;
localparam integer TXC_OP_TGSI_ATOMIMAX_CAP = 34;
localparam integer TXC_OP_TGSI_ATOMIMAX_REPLAY = 1;
localparam [31:0] TXC_CAPS_ALL = 32'hFFFFFFFF; // CAPS with every op above
localparam [31:0] TXC_CAPS1_ALL = 32'h00000007; // CAPS1 with every op above

// ---- sampling subset (texcore_hal::subset::Subset::RTL): TXC_SUBSET_<field>, bit k = the value of code k ----
localparam [7:0] TXC_SUBSET_OPS_BASE = 8'h30; // op code of bit 0 of TXC_SUBSET_OPS
localparam [31:0] TXC_SUBSET_OPS = 32'h00007F1F; // governed op codes (bit = op code - TXC_SUBSET_OPS_BASE)
localparam [15:0] TXC_SUBSET_NV_OPS = 16'h000C; // governed NVIDIA op codes (bit = op code, codes below 0x10)
localparam [15:0] TXC_SUBSET_TYPES = 16'h00A2; // texture types
localparam [127:0] TXC_SUBSET_FORMATS = 128'h00000000_00000000_00000000_0000001E; // formats (by format code)
localparam [127:0] TXC_SUBSET_CMP_FORMATS = 128'h00000000_000F0000_00000000_0000001E; // formats of the compare and gather ops
localparam integer TXC_SUBSET_SRGB = 0; // 1: sRGB views admitted
localparam [7:0] TXC_SUBSET_LAYOUTS = 8'h03; // layouts
localparam [7:0] TXC_SUBSET_WRAPS = 8'h1F; // wrap modes, on each axis of the view's type
localparam [7:0] TXC_SUBSET_FILTERS = 8'h03; // mag and min filters
localparam [7:0] TXC_SUBSET_MIPS = 8'h07; // mip filters
localparam integer TXC_SUBSET_MAG_EQ_MIN = 1; // 1: the mag filter must equal the min filter
localparam integer TXC_SUBSET_MAX_ANISO_LOG2 = 0; // largest max_anisotropy_log2
localparam integer TXC_SUBSET_F16 = 1; // 1: NVIDIA TLD4S.F16 admitted

/* verilator lint_on UNUSEDPARAM */
