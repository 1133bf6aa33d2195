//! The FPGA sampler's SPI protocol: frame format, commands, status codes, registers and op
//! codes — **the one place they are defined**.
//!
//! Every constant below is generated, together with a table entry, by one macro invocation;
//! the tables ([`COMMANDS`], [`STATUS_CODES`], [`REGISTERS`], [`FIELDS`], [`OPS`]) drive the
//! driver, the simulator and [`render_verilog`], which writes the Verilog `localparam` file
//! the reference RTL includes (`hdl-vectors/generated/texcore_regs.vh`; a test regenerates it
//! and fails on any difference).
//!
//! # Link
//!
//! SPI mode 0, MSB first, 8-bit words, one frame per chip-select assertion (one
//! [`SpiDevice::transaction`](embedded_hal::spi::SpiDevice::transaction)). Multi-byte fields
//! are **little-endian**. Side-band pins: `BUSY` (FPGA output, high while a command executes
//! or the device is in reset), `RST_N` (FPGA input, active low) and an optional `IRQ`
//! (FPGA output, high while `IRQ_FLAGS & IRQ_ENABLE != 0`; the driver polls `BUSY` instead).
//!
//! # Frames
//!
//! An exchange is two transactions: the host writes a **command frame**; waits until `BUSY`
//! is low; then **fetches** the response: it writes the single byte [`FETCH`] and reads the
//! response frame (the bytes the device shifts out while the `FETCH` byte itself is clocked
//! are ignored).
//!
//! Command frame (host -> device, [`CMD_HEADER_LEN`] + `len` + [`CRC_LEN`] bytes):
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 1 | command code ([`cmd`]) |
//! | 1 | 1 | sequence number (the host increments it for every frame it sends, retries included) |
//! | 2 | 2 | `len`: payload bytes, ≤ [`MAX_CMD_PAYLOAD`] |
//! | 4 | `len` | payload (per command, see [`COMMANDS`]) |
//! | 4 + `len` | 4 | CRC over bytes `0 .. 4 + len` |
//!
//! Response frame (device -> host, after the `FETCH` byte, [`RESP_HEADER_LEN`] + `len` +
//! [`CRC_LEN`] bytes):
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 1 | [`RESP_SYNC`] (`0xA5`) |
//! | 1 | 1 | sequence number of the command frame answered |
//! | 2 | 1 | command code answered |
//! | 3 | 1 | status ([`status`]) |
//! | 4 | 2 | `len`: payload bytes; the command's response length when status is `OK`, else 0 |
//! | 6 | `len` | payload |
//! | 6 + `len` | 4 | CRC over bytes `0 .. 6 + len` |
//!
//! The host reads exactly the length an `OK` answer has; a shorter (error) frame is followed
//! by idle bytes, which are not part of the frame.
//!
//! **CRC**: CRC-32/ISCSI (CRC-32C, Castagnoli): polynomial `0x1EDC6F41` (reflected
//! `0x82F63B78`), init `0xFFFFFFFF`, input and output reflected, xor-out `0xFFFFFFFF`, check
//! value `0xE3069283` for `"123456789"`; transmitted little-endian. It detects every error of
//! up to 5 bits and every burst of up to 32 bits in frames of this size (Koopman's tables give
//! Hamming distance 6 up to 5243 data bits). All-`0x00` and all-`0xFF` frames (a dead or stuck
//! `MISO`) never check.
//!
//! **Idempotence**: every command is idempotent (no read side effects; `IRQ_FLAGS` is
//! write-one-to-clear; `STORE` writes the same bytes again), so the host recovers from any
//! link error by resending the command with a new sequence number — except a `SUBMIT` of an
//! atomic, which the replay tag makes safe to resend.
//!
//! # Replay protection
//!
//! An atomic (`REPLAY` column of [`OPS`]) changes texture memory and returns the old value,
//! so executing it twice is a wrong result, and a lost response is indistinguishable from a
//! lost command. Its payload byte 1 is a **replay tag**: the host gives every new atomic a
//! tag different from the previous atomic's (it counts 1, 2, …, 255, 1, …; 0 = no
//! protection) and resends the same bytes, tag included, on a retry. The device keeps the
//! payload and completion record of the last `SUBMIT`; a `SUBMIT` of a replay op with a
//! non-zero tag whose payload equals the kept one (tag included) is answered with the kept
//! completion record and result, **without executing again**. Any other intact command
//! frame (another `SUBMIT`, `READ_RESULT`, …; frames rejected with `ERR_CRC` / `ERR_FRAME`
//! do not count) and a hard reset forget the kept payload, so only a resend — the retries
//! of a command are consecutive frames — can match it, and a new driver instance cannot
//! collide with its predecessor's last tag once it has sent any other command. The tag is
//! transport only: it is not part of the op ([`crate::Op::decode`] ignores it).
//!
//! # `SUBMIT` checks
//!
//! The device checks a `SUBMIT` payload in this order and answers the first failure:
//!
//! 1. a resend of the last atomic (see Replay protection) is answered from the record;
//! 2. the op code: unknown, or its `CAPS` bit clear -> `ERR_UNSUPPORTED` (a device does not
//!    look at the operands of an op it does not implement);
//! 3. the payload length: not the op's `len` -> `ERR_BAD_LEN`;
//! 4. the operand encoding (reserved bytes and flags, query codes, source kinds, index
//!    widths, non-zero absent blocks) -> `ERR_BAD_VALUE`;
//! 5. a sampling op governed by the device's sampling subset ([`crate::subset`]): its view
//!    and sampler are read, and a pair outside the subset -> `ERR_UNSUPPORTED` (after the
//!    core's offset rejections, unbound-descriptor zeros and type rejections, which are
//!    answered as the core answers them);
//! 6. the op runs; a core rejection is an `OK` answer whose completion record has outcome 1.
//!
//! # Op operands
//!
//! TGSI views, resources and samplers are **pool pointers**: `view` / `resource` index the
//! texture-header pool and `sampler` the sampler-header pool (the caller resolves `SVIEW[n]`,
//! `RES[n]`, `SAMP[n]` to pointers; a pointer above the pool's `MaximumIndex` or past its
//! capacity is an unbound resource: zeros, as the core returns for an invalid texture). The
//! binding mode applies to NVIDIA handles only. Quads are lane-major, lanes in the core's
//! order (0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right): `src0:u32[4][4]` is
//! `src0[lane][component]`. `i32` fields are two's complement. Optional operand blocks are
//! flagged in the header bytes and sent as zeros when absent (the device rejects a non-zero
//! absent block with `ERR_BAD_VALUE`, so every op has one encoding).
//!
//! # Checks and retries (host)
//!
//! In this order, on the response frame:
//!
//! 1. `len` must fit the bytes read and the CRC must match -> else CRC error (retried);
//! 2. sync byte -> else protocol error;
//! 3. status `ERR_CRC` / `ERR_FRAME` / `ERR_NO_RESPONSE` (the device did not get the command
//!    intact) -> retried; the echo fields are not checked for these;
//! 4. sequence echo -> else retried (a stale frame), then a protocol error;
//! 5. command echo -> else protocol error;
//! 6. other non-`OK` status -> device fault / unsupported (never retried);
//! 7. `len` must be the command's response length (0 for errors) -> else protocol error.
//!
//! At most `retries` (default 3) resends per command; then the last error is returned.
//!
//! # Tables
//!
//! The tables below are [`render_markdown`]'s output for [`COMMANDS`], [`STATUS_CODES`],
//! [`REGISTERS`], [`FIELDS`] and [`OPS`] (constants in [`cmd`], [`status`], [`reg`],
//! [`field`] and [`op`]); a test keeps this text equal to it.
//!
//! <!-- tables:begin -->
//! ### Commands
//!
//! | code | command | request payload (bytes) | response payload on `OK` (bytes) | meaning |
//! |---|---|---|---|---|
//! | `0x01` | `NOP` | 0 | 0 | No operation: checks the link. |
//! | `0x02` | `RESET` | 0 | 0 | Soft reset: registers to their reset values, pools, constant bank and result buffer to zero (texture memory is kept). Answered after the reset. |
//! | `0x10` | `READ_REG` | 2 `addr:u16` | 4 `value:u32` | Reads a register. |
//! | `0x11` | `WRITE_REG` | 6 `addr:u16 value:u32` | 0 | Writes a register (W1C registers: clears the bits written as 1). |
//! | `0x20` | `WRITE_MEM` | 5..=260 `addr:u32 data:u8[1..=256]` | 0 | Writes bytes to texture memory at a byte address. |
//! | `0x21` | `READ_MEM` | 6 `addr:u32 count:u16` | 1..=256 `data:u8[count]` | Reads 1..=256 bytes of texture memory. |
//! | `0x30` | `WRITE_HEADER` | 36 `index:u32 words:u32[8]` | 0 | Writes one texture-header pool entry. |
//! | `0x31` | `WRITE_SAMPLER` | 36 `index:u32 words:u32[8]` | 0 | Writes one sampler-header pool entry. |
//! | `0x32` | `WRITE_CBANK` | 6..=258 `start:u16 words:u32[1..=64]` | 0 | Writes consecutive constant-bank words from word index start. |
//! | `0x40` | `SUBMIT` | 8..=188 `op:u8 a:u8 b:u8 c:u8 operands:u32[..]` | 8 `outcome:u8 kind:u8 detail0:u8 detail1:u8 written:u16 words:u8 rsvd:u8` | Executes one op (payload: see OPS); answers its completion record once done: outcome 0 done / 1 rejected (kind, detail0, detail1: the core's error, see Rejections), written = per result shape (4 words: 1; lanes: lanes written; quad: 0xF; TLD4S: registers per destination; STORE: 1 if memory was written; 0 if rejected), words = result words now in the result buffer (they stay until the next SUBMIT or reset). |
//! | `0x41` | `READ_RESULT` | 2 `offset:u8 count:u8` | 4..=256 `words:u32[count]` | Reads count (1..=64) words of the result buffer from word offset. |
//!
//! ### Status codes
//!
//! | code | status | class | meaning |
//! |---|---|---|---|
//! | `0x00` | `OK` | ok | Done; the payload is the command's response. |
//! | `0x01` | `ERR_CRC` | link (resent) | The command frame's CRC did not match (not executed). |
//! | `0x02` | `ERR_FRAME` | link (resent) | The command frame was malformed: fewer/more bytes than its len field, or len above the maximum (not executed). |
//! | `0x03` | `ERR_BAD_CMD` | fault | Unknown command code. |
//! | `0x04` | `ERR_BAD_LEN` | fault | Payload length not allowed for the command or op. |
//! | `0x05` | `ERR_BAD_ADDR` | fault | Unknown register, or a memory / pool / constant-bank / result range outside the device. |
//! | `0x06` | `ERR_BAD_VALUE` | fault | A value does not fit the register, or an operand encoding is invalid (reserved byte, query code, index width). |
//! | `0x07` | `ERR_ACCESS` | fault | Write to a read-only register. |
//! | `0x08` | `ERR_UNSUPPORTED` | fault | The op code is not implemented by this device build (CAPS bit clear), or its view and sampler are outside the build's sampling subset. |
//! | `0x09` | `ERR_NO_RESULT` | fault | READ_RESULT beyond the words of the last completed op. |
//! | `0x0A` | `ERR_NO_RESPONSE` | link (resent) | FETCH with no command received since reset (the command was lost). |
//! | `0x80` | `ERR_INTERNAL` | fault | Internal device fault (0x80..=0xFF are implementation-defined faults: ECC, FSM, ...). |
//!
//! ### Registers (`READ_REG` / `WRITE_REG`, 32-bit)
//!
//! | address | register | bits | access | reset | meaning |
//! |---|---|---|---|---|---|
//! | `0x000` | `ID` | 32 | RO | 0x31435854 | Identity: ASCII "TXC1" (0x31435854). |
//! | `0x004` | `VERSION` | 32 | RO | 0x00010001 | Protocol version: major 31:16, minor 15:0. |
//! | `0x008` | `CAPS` | 32 | RO | build parameter CAPS | Implemented ops: bit n set = the op with cap_bit n is implemented. |
//! | `0x00C` | `STATUS` | 16 | RO | 0x00000001 | Device status (fields STATUS_*). |
//! | `0x010` | `IRQ_FLAGS` | 4 | W1C | 0x00000008 | Interrupt flags (fields IRQ_*), sticky until written 1; reset leaves IRQ_RESET set. |
//! | `0x014` | `IRQ_ENABLE` | 4 | RW | 0x00000000 | Interrupt enables, same bits as IRQ_FLAGS; IRQ pin = \|(IRQ_FLAGS & IRQ_ENABLE). |
//! | `0x018` | `LINK_ERRORS` | 32 | RO | 0x00000000 | Command frames rejected with ERR_CRC / ERR_FRAME since reset (saturating). |
//! | `0x01C` | `SCRATCH` | 32 | RW | 0x00000000 | Free for link tests. |
//! | `0x020` | `MEM_BYTES` | 32 | RO | build parameter MEM_BYTES | Texture memory size in bytes. |
//! | `0x024` | `HEADER_ENTRIES` | 32 | RO | build parameter HEADER_ENTRIES | Texture-header pool capacity (entries). |
//! | `0x028` | `SAMPLER_ENTRIES` | 32 | RO | build parameter SAMPLER_ENTRIES | Sampler-header pool capacity (entries). |
//! | `0x02C` | `CBANK_WORDS` | 32 | RO | build parameter CBANK_WORDS | Constant-bank capacity (32-bit words). |
//! | `0x030` | `HEADER_POOL_MAX` | 20 | RW | 0x00000000 | SetTexHeaderPoolC.MaximumIndex: the largest valid header pointer. |
//! | `0x034` | `SAMPLER_POOL_MAX` | 20 | RW | 0x00000000 | SetSamplerHeaderPoolC.MaximumIndex: the largest valid sampler pointer. |
//! | `0x038` | `BINDING_MODE` | 1 | RW | 0x00000000 | SetSamplerBinding: 0 = INDEPENDENTLY, 1 = VIA_HEADER_BINDING. |
//! | `0x03C` | `CAPS1` | 32 | RO | build parameter CAPS1 | Implemented ops, continued: bit n set = the op with cap_bit 32 + n is implemented (protocol 1.1 and later). |
//!
//! ### Register fields
//!
//! | field | register | bits | meaning |
//! |---|---|---|---|
//! | `STATUS_READY` | `STATUS` | 0:0 | 1 when idle and out of reset. |
//! | `STATUS_FAULT` | `STATUS` | 1:1 | 1 when the last command ended with a Fault-class status. |
//! | `STATUS_LAST` | `STATUS` | 15:8 | Status code of the previous command. |
//! | `IRQ_DONE` | `IRQ_FLAGS` | 0:0 | An op completed (SUBMIT). |
//! | `IRQ_LINK` | `IRQ_FLAGS` | 1:1 | A command frame was rejected (ERR_CRC / ERR_FRAME). |
//! | `IRQ_FAULT` | `IRQ_FLAGS` | 2:2 | A command ended with a Fault-class status. |
//! | `IRQ_RESET` | `IRQ_FLAGS` | 3:3 | The device left reset. |
//!
//! ### Ops (`SUBMIT` payload)
//!
//! | code | op | CAPS bit | payload bytes | operands | result | replay tag | meaning |
//! |---|---|---|---|---|---|---|---|
//! | `0x01` | `NV_TXQ` | CAPS 0 | 12 | `op:u8 source:u8 query:u8 rsvd:u8 handle:u32 param:u32` | 4 words | – | NVIDIA TXQ (texcore::query::nv::txq). source 0: handle = tsPtrIdxU13 (constant-bank word index, <= 0x1FFF); 1: bindless .B, handle = the handle word. query: 1 DIMENSION, 2 TEXTURE_TYPE, 5 SAMPLER_POS. Result RGBA before the write mask. |
//! | `0x02` | `NV_TLD4S` | CAPS 6 | 24 | `op:u8 source:u8 comp:u8 mods:u8 handle:u32 s:u32 t:u32 toff:u32 dc:u32` | 4 words + count | – | NVIDIA TLD4S for one lane (texcore::op::gather::tld4s). source/handle as NV_TXQ. comp: .R .G .B .A = 0..3 (any other value: rejected by the core). mods: bit 0 .AOFFI, bit 1 .DC, bit 2 .F16, bit 3 the F16 rounding mode (0 RNE, 1 RTZ; 0 without .F16), bits 7:4 reserved. s, t, toff, dc: the scalar operands after the Ra/Rb unpacking (Tld4sOperands). Result: the registers Rd0, Rd0+1, Rd1, Rd1+1; written = 2, or 1 with .F16 (Rd0+1 and Rd1+1 then 0). |
//! | `0x03` | `NV_TMML` | CAPS 7 | 72 | `op:u8 source:u8 desc:u8 rsvd:u8 handle:u32 ra:u32[4][4]` | 16 words (quad) | – | NVIDIA TMML.LOD for a quad (texcore::op::tmml::tmml). source/handle as NV_TXQ. desc = #paramA (0 1D, 1 2D, 2 3D, 3 CUBE, 4 ARRAY_1D, 5 ARRAY_2D, 7 ARRAY_CUBE). ra: per lane, its Ra .. Ra+3. Result: R, G, B, A of each lane. |
//! | `0x10` | `TGSI_TXQ` | CAPS 1 | 12 | `op:u8 rsvd:u8[3] view:u32 lod:u32` | 4 words | – | TGSI TXQ (texcore::query::tgsi::txq); view = header-pool pointer of the SVIEW. |
//! | `0x11` | `TGSI_SVIEWINFO` | CAPS 2 | 12 | `op:u8 rsvd:u8[3] view:u32 mip_level:u32` | 4 words | – | TGSI SVIEWINFO (texcore::query::tgsi::sviewinfo). |
//! | `0x12` | `TGSI_SAMPLE_INFO` | CAPS 3 | 8 | `op:u8 rsvd:u8[3] view:u32` | 4 words | – | TGSI SAMPLE_INFO (texcore::query::tgsi::sample_info). |
//! | `0x13` | `TGSI_SAMPLE_POS` | CAPS 4 | 12 | `op:u8 rsvd:u8[3] view:u32 index:u32` | 4 words | – | TGSI SAMPLE_POS (texcore::query::tgsi::sample_pos): fp32 bit patterns. |
//! | `0x14` | `TGSI_TXF` | CAPS 8 | 36 | `op:u8 rsvd:u8[3] view:u32 coord:i32[4] offset:i32[3]` | 4 words | – | TGSI TXF (texcore::op::fetch::txf): coord = (x, y, z, level) signed, offset = src1 (each -8..=7, else rejected). |
//! | `0x15` | `TGSI_SAMPLE_I` | CAPS 9 | 24 | `op:u8 rsvd:u8[3] view:u32 address:u32[4]` | 4 words | – | TGSI SAMPLE_I (texcore::op::fetch::sample_i): address = (x, y, z, level). |
//! | `0x16` | `TGSI_SAMPLE_I_MS` | CAPS 10 | 28 | `op:u8 rsvd:u8[3] view:u32 address:u32[4] sample:u32` | 4 words | – | TGSI SAMPLE_I_MS (texcore::op::fetch::sample_i_ms). |
//! | `0x18` | `TGSI_LOAD` | CAPS 11 | 24 | `op:u8 rsvd:u8[3] resource:u32 address:u32[4]` | 4 words | – | TGSI LOAD (texcore::op::resource::load); resource = header-pool pointer of the RES. |
//! | `0x19` | `TGSI_STORE` | CAPS 12 | 40 | `op:u8 rsvd:u8[3] resource:u32 address:u32[4] src:u32[4]` | written flag | – | TGSI STORE (texcore::op::resource::store). written = 1 if the texel was written, 0 if the address was out of range or the resource invalid. |
//! | `0x20` | `INTEL_INFO` | CAPS 5 | 76 | `op:u8 info_op:u8 exec:u8 rsvd:u8 surface:u32 exec_mask:u32 lod:u32[16]` | lanes × 4 words | – | Intel vISA INFO resinfo/sampleinfo (texcore::query::intel::info); surface = header-pool pointer. Result: lanes x 4 words RGBA planar, written = enabled lanes; a malformed instruction completes with outcome 1 (rejected) and nothing written. |
//! | `0x30` | `TGSI_TEX` | CAPS 13 | 92 | `op:u8 flags:u8 rsvd:u8[2] view:u32 sampler:u32 src0:u32[4][4] src1x:u32[4]` | 16 words (quad) | – | TGSI TEX (texcore::op::sample::tex_family); view = header-pool pointer, sampler = sampler-pool pointer. flags: bit 0 shadow form, bit 1 src1 present (TEX2 form: src1x = src1.x per lane, the only component read; 0 when absent), bits 7:2 reserved. src0: per lane, (x, y, z, w). |
//! | `0x31` | `TGSI_TXB` | CAPS 14 | 92 | `op:u8 flags:u8 rsvd:u8[2] view:u32 sampler:u32 src0:u32[4][4] src1x:u32[4]` | 16 words (quad) | – | TGSI TXB; as TGSI_TEX (bias in src0.w, or src1.x: TXB2). |
//! | `0x32` | `TGSI_TXL` | CAPS 15 | 92 | `op:u8 flags:u8 rsvd:u8[2] view:u32 sampler:u32 src0:u32[4][4] src1x:u32[4]` | 16 words (quad) | – | TGSI TXL; as TGSI_TEX (LOD in src0.w, or src1.x: TXL2). |
//! | `0x33` | `TGSI_TXD` | CAPS 16 | 188 | `op:u8 flags:u8 rsvd:u8[2] view:u32 sampler:u32 src0:u32[4][4] src1x:u32[4] ddx:u32[4][3] ddy:u32[4][3]` | 16 words (quad) | – | TGSI TXD; as TGSI_TEX, flags bit 2 = ddx/ddy present (x, y, z per lane; 0 when absent: the core rejects TXD without derivatives). |
//! | `0x34` | `TGSI_TXP` | CAPS 17 | 92 | `op:u8 flags:u8 rsvd:u8[2] view:u32 sampler:u32 src0:u32[4][4] src1x:u32[4]` | 16 words (quad) | – | TGSI TXP; as TGSI_TEX (projective: x, y, z divided by w). |
//! | `0x38` | `TGSI_SAMPLE` | CAPS 18 | 88 | `op:u8 rsvd:u8[3] view:u32 sampler:u32 offset:i32[3] address:u32[4][4]` | 16 words (quad) | – | TGSI SAMPLE (texcore::op::sample::sample); view / sampler = header- / sampler-pool pointers; offset: each -8..=7, else rejected. |
//! | `0x39` | `TGSI_SAMPLE_B` | CAPS 19 | 104 | `op:u8 rsvd:u8[3] view:u32 sampler:u32 offset:i32[3] address:u32[4][4] bias:u32[4]` | 16 words (quad) | – | TGSI SAMPLE_B: per-lane bias (binary32). |
//! | `0x3A` | `TGSI_SAMPLE_L` | CAPS 20 | 104 | `op:u8 rsvd:u8[3] view:u32 sampler:u32 offset:i32[3] address:u32[4][4] lod:u32[4]` | 16 words (quad) | – | TGSI SAMPLE_L: per-lane LOD (binary32). |
//! | `0x3B` | `TGSI_SAMPLE_D` | CAPS 21 | 184 | `op:u8 rsvd:u8[3] view:u32 sampler:u32 offset:i32[3] address:u32[4][4] ddx:u32[4][3] ddy:u32[4][3]` | 16 words (quad) | – | TGSI SAMPLE_D: per-lane derivatives of x, y, z. |
//! | `0x3C` | `TGSI_SAMPLE_C` | CAPS 22 | 104 | `op:u8 rsvd:u8[3] view:u32 sampler:u32 offset:i32[3] address:u32[4][4] ref:u32[4]` | 16 words (quad) | – | TGSI SAMPLE_C: per-lane depth reference (binary32). |
//! | `0x3D` | `TGSI_SAMPLE_C_LZ` | CAPS 23 | 104 | `op:u8 rsvd:u8[3] view:u32 sampler:u32 offset:i32[3] address:u32[4][4] ref:u32[4]` | 16 words (quad) | – | TGSI SAMPLE_C_LZ: SAMPLE_C at level 0. |
//! | `0x3E` | `TGSI_GATHER4` | CAPS 24 | 100 | `op:u8 component:u8 flags:u8 rsvd:u8 view:u32 sampler:u32 offset:i32[2] address:u32[4][4] ref:u32[4]` | 16 words (quad) | – | TGSI GATHER4 (texcore::op::gather::gather4). component 0..3 (any other value: rejected by the core); offset -32..=31 each; flags bit 0 = compare form with a per-lane ref (0 when absent), bits 7:1 reserved. Result (S0, S1, S2, S3) per lane. |
//! | `0x40` | `TGSI_ATOMUADD` | CAPS 25 | 56 | `op:u8 tag:u8 rsvd:u8[2] resource:u32 address:u32[4] src:u32[4] cmp:u32[4]` | 4 words | yes | TGSI ATOMUADD (texcore::op::resource::atomic); tag = replay tag (see Replay protection); cmp is read by ATOMCAS only. Result: the old texel. |
//! | `0x41` | `TGSI_ATOMXCHG` | CAPS 26 | 56 | `op:u8 tag:u8 rsvd:u8[2] resource:u32 address:u32[4] src:u32[4] cmp:u32[4]` | 4 words | yes | TGSI ATOMXCHG; as TGSI_ATOMUADD. |
//! | `0x42` | `TGSI_ATOMCAS` | CAPS 27 | 56 | `op:u8 tag:u8 rsvd:u8[2] resource:u32 address:u32[4] src:u32[4] cmp:u32[4]` | 4 words | yes | TGSI ATOMCAS; as TGSI_ATOMUADD. |
//! | `0x43` | `TGSI_ATOMAND` | CAPS 28 | 56 | `op:u8 tag:u8 rsvd:u8[2] resource:u32 address:u32[4] src:u32[4] cmp:u32[4]` | 4 words | yes | TGSI ATOMAND; as TGSI_ATOMUADD. |
//! | `0x44` | `TGSI_ATOMOR` | CAPS 29 | 56 | `op:u8 tag:u8 rsvd:u8[2] resource:u32 address:u32[4] src:u32[4] cmp:u32[4]` | 4 words | yes | TGSI ATOMOR; as TGSI_ATOMUADD. |
//! | `0x45` | `TGSI_ATOMXOR` | CAPS 30 | 56 | `op:u8 tag:u8 rsvd:u8[2] resource:u32 address:u32[4] src:u32[4] cmp:u32[4]` | 4 words | yes | TGSI ATOMXOR; as TGSI_ATOMUADD. |
//! | `0x46` | `TGSI_ATOMUMIN` | CAPS 31 | 56 | `op:u8 tag:u8 rsvd:u8[2] resource:u32 address:u32[4] src:u32[4] cmp:u32[4]` | 4 words | yes | TGSI ATOMUMIN; as TGSI_ATOMUADD. |
//! | `0x47` | `TGSI_ATOMUMAX` | CAPS1 0 | 56 | `op:u8 tag:u8 rsvd:u8[2] resource:u32 address:u32[4] src:u32[4] cmp:u32[4]` | 4 words | yes | TGSI ATOMUMAX; as TGSI_ATOMUADD. |
//! | `0x48` | `TGSI_ATOMIMIN` | CAPS1 1 | 56 | `op:u8 tag:u8 rsvd:u8[2] resource:u32 address:u32[4] src:u32[4] cmp:u32[4]` | 4 words | yes | TGSI ATOMIMIN; as TGSI_ATOMUADD. |
//! | `0x49` | `TGSI_ATOMIMAX` | CAPS1 2 | 56 | `op:u8 tag:u8 rsvd:u8[2] resource:u32 address:u32[4] src:u32[4] cmp:u32[4]` | 4 words | yes | TGSI ATOMIMAX; as TGSI_ATOMUADD. |
//!
//! ### Rejections (completion record `kind` when `outcome` = 1)
//!
//! | kind | name | core error and details |
//! |---|---|---|
//! | `0x01` | `INFO_OP` | InfoError::Op: detail0 = Op bits 4:0 (not resinfo/sampleinfo). |
//! | `0x02` | `INFO_EXEC_SIZE` | InfoError::ExecSize: detail0 = Exec_size bits 3:0. |
//! | `0x03` | `INFO_MASK_ALIGNMENT` | InfoError::MaskAlignment: detail0 = lanes, detail1 = k of Mk. |
//! | `0x10` | `FETCH_CUBE` | FetchError::Cube: TXF / SAMPLE_I / SAMPLE_I_MS on a cube view. |
//! | `0x11` | `FETCH_OFFSET_RANGE` | FetchError::OffsetRange: detail0 = offset component. |
//! | `0x18` | `RESOURCE_ENCODE_DEPTH_STENCIL` | ResourceError::Encode(EncodeError::DepthStencil): STORE to a depth/stencil resource. |
//! | `0x19` | `RESOURCE_ENCODE_SRGB` | ResourceError::Encode(EncodeError::Srgb): STORE to an sRGB resource. |
//! | `0x1A` | `RESOURCE_ATOMIC_FORMAT` | ResourceError::AtomicFormat: atomic on a format that is not 32-bit integer. |
//! | `0x20` | `SAMPLE_TEXTURE_TYPE` | SampleError::TextureType: buffer / multisample view, or a TEX-family form without its operand. |
//! | `0x21` | `SAMPLE_OFFSET_RANGE` | SampleError::OffsetRange: detail0 = offset component. |
//! | `0x22` | `SAMPLE_COMPARE` | SampleError::Compare: depth compare on an integer format. |
//! | `0x28` | `GATHER_TEXTURE_TYPE` | GatherError::TextureType. |
//! | `0x29` | `GATHER_OFFSET_RANGE` | GatherError::OffsetRange: detail0 = offset component. |
//! | `0x2A` | `GATHER_OFFSET_ON_CUBE` | GatherError::OffsetOnCube. |
//! | `0x2B` | `GATHER_COMPARE_ON_3D` | GatherError::CompareOn3D. |
//! | `0x2C` | `GATHER_COMPARE` | GatherError::Compare: depth compare on an integer format. |
//! | `0x2D` | `GATHER_COMPONENT` | GatherError::Component: component above 3. |
//! <!-- tables:end -->

use core::fmt::{self, Write};

// ---------------------------------------------------------------------------------------
// Frame constants
// ---------------------------------------------------------------------------------------

/// Bytes before the payload in a command frame (code, seq, len).
pub const CMD_HEADER_LEN: usize = 4;
/// Bytes before the payload in a response frame (sync, seq, code, status, len).
pub const RESP_HEADER_LEN: usize = 6;
/// Bytes of the CRC trailer.
pub const CRC_LEN: usize = 4;
/// Largest command payload (`WRITE_MEM`: 4 address bytes + 256 data bytes).
pub const MAX_CMD_PAYLOAD: usize = 260;
/// Largest response payload (`READ_MEM` of 256 bytes, `READ_RESULT` of 64 words).
pub const MAX_RESP_PAYLOAD: usize = 256;
/// Largest command frame.
pub const MAX_CMD_FRAME: usize = CMD_HEADER_LEN + MAX_CMD_PAYLOAD + CRC_LEN;
/// Largest response frame.
pub const MAX_RESP_FRAME: usize = RESP_HEADER_LEN + MAX_RESP_PAYLOAD + CRC_LEN;
/// Most data bytes in one `WRITE_MEM` / `READ_MEM`.
pub const MAX_MEM_CHUNK: usize = 256;
/// Most words in one `WRITE_CBANK`.
pub const MAX_CBANK_CHUNK: usize = 64;
/// Most words in one `READ_RESULT`, and the size of the result buffer.
pub const MAX_RESULT_WORDS: usize = 64;
/// The byte the host writes first in a response-fetch transaction.
pub const FETCH: u8 = 0x5F;
/// The first byte of every response frame.
pub const RESP_SYNC: u8 = 0xA5;
/// Value of the `ID` register: ASCII `"TXC1"` read as a little-endian word.
pub const DEVICE_ID: u32 = 0x3143_5854;
/// Protocol version in `VERSION`: major in bits 31:16, minor in 15:0. The host requires the
/// same major version.
pub const PROTOCOL_VERSION: u32 = 0x0001_0001;
/// Length of the `SUBMIT` response (the completion record).
pub const COMPLETION_LEN: usize = 8;

/// The frame CRC: CRC-32/ISCSI (CRC-32C).
pub const CRC_ALGORITHM: &crc::Algorithm<u32> = &crc::CRC_32_ISCSI;
const CRC: crc::Crc<u32> = crc::Crc::<u32>::new(CRC_ALGORITHM);

/// CRC-32C of `bytes`.
pub fn crc32c(bytes: &[u8]) -> u32 {
    CRC.checksum(bytes)
}

// ---------------------------------------------------------------------------------------
// Table types
// ---------------------------------------------------------------------------------------

/// A payload length rule: `min ..= max` bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Len {
    /// Fewest bytes.
    pub min: u16,
    /// Most bytes.
    pub max: u16,
}

impl Len {
    /// Exactly `n` bytes.
    pub const fn fixed(n: u16) -> Len {
        Len { min: n, max: n }
    }
    /// `min ..= max` bytes.
    pub const fn range(min: u16, max: u16) -> Len {
        Len { min, max }
    }
    /// Whether `n` bytes satisfy the rule.
    pub const fn accepts(self, n: usize) -> bool {
        n >= self.min as usize && n <= self.max as usize
    }
}

/// One command of the protocol.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CommandDef {
    /// Name (the constant in [`cmd`]).
    pub name: &'static str,
    /// Command code (byte 0 of the command frame).
    pub code: u8,
    /// Request payload length.
    pub request: Len,
    /// Response payload length on `OK`.
    pub response: Len,
    /// Payload layouts, `field:type` in order, `->` separating request and response.
    pub layout: &'static str,
    /// What it does.
    pub doc: &'static str,
}

/// How the host treats a status code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatusClass {
    /// Success.
    Ok,
    /// The command did not arrive intact: resend (bounded).
    Link,
    /// The device rejected or failed the command: reported, never retried.
    Fault,
}

/// One response status code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StatusDef {
    /// Name (the constant in [`status`]).
    pub name: &'static str,
    /// The status byte.
    pub code: u8,
    /// Host handling.
    pub class: StatusClass,
    /// Meaning.
    pub doc: &'static str,
}

/// Register access type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// Read-only (writes fail with `ERR_ACCESS`).
    Ro,
    /// Read/write.
    Rw,
    /// Read; writing 1 to a bit clears it.
    W1c,
}

impl Access {
    /// `"RO"`, `"RW"`, `"W1C"`.
    pub const fn name(self) -> &'static str {
        match self {
            Access::Ro => "RO",
            Access::Rw => "RW",
            Access::W1c => "W1C",
        }
    }
}

/// A register's value after reset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reset {
    /// This value.
    Value(u32),
    /// Set by the RTL build (a capacity): the RTL parameter of this name.
    Build(&'static str),
}

/// One 32-bit register (address space of `READ_REG` / `WRITE_REG`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Register {
    /// Name (the constant in [`reg`]).
    pub name: &'static str,
    /// Byte address (word aligned).
    pub addr: u16,
    /// Implemented bits (`width` low bits; a write of a value that does not fit fails with
    /// `ERR_BAD_VALUE`).
    pub width: u8,
    /// Access type.
    pub access: Access,
    /// Reset value.
    pub reset: Reset,
    /// Meaning.
    pub doc: &'static str,
}

impl Register {
    /// Mask of the implemented bits.
    pub const fn mask(&self) -> u32 {
        if self.width >= 32 {
            u32::MAX
        } else {
            (1u32 << self.width) - 1
        }
    }
}

/// A bit field of a register.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FieldDef {
    /// Name (the constant in [`field`], as `REG_FIELD`).
    pub name: &'static str,
    /// Register address.
    pub reg: u16,
    /// Lowest bit.
    pub lsb: u8,
    /// Width in bits.
    pub width: u8,
    /// Meaning.
    pub doc: &'static str,
}

impl FieldDef {
    /// The field's mask in place.
    pub const fn mask(&self) -> u32 {
        let m = if self.width >= 32 { u32::MAX } else { (1u32 << self.width) - 1 };
        match m.checked_shl(self.lsb as u32) {
            Some(v) => v,
            None => 0,
        }
    }
}

/// The shape of an op's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultShape {
    /// Four words (R, G, B, A); `written` = 1.
    Vec4,
    /// `lanes × 4` words, RGBA planar, plus the mask of lanes written.
    Lanes,
    /// A quad: 16 words, lane-major (R, G, B, A of lane 0, then lanes 1, 2, 3); `written` =
    /// `0xF`.
    Quad,
    /// NVIDIA `TLD4S`: 4 words `Rd0[0], Rd0[1], Rd1[0], Rd1[1]`; `written` = registers per
    /// destination (2, or 1 with `.F16`: the second words are then 0).
    Tld4s,
    /// No words; `written` = 1 if the op wrote texture memory, 0 if not (`STORE`).
    Flag,
}

impl ResultShape {
    /// Short text for the tables.
    pub const fn text(self) -> &'static str {
        match self {
            ResultShape::Vec4 => "4 words",
            ResultShape::Lanes => "lanes × 4 words",
            ResultShape::Quad => "16 words (quad)",
            ResultShape::Tld4s => "4 words + count",
            ResultShape::Flag => "written flag",
        }
    }

    /// ASCII text for the Verilog comments.
    pub const fn ascii(self) -> &'static str {
        match self {
            ResultShape::Vec4 => "4 words",
            ResultShape::Lanes => "lanes x 4 words",
            ResultShape::Quad => "16 words, lane-major quad",
            ResultShape::Tld4s => "4 words (Rd0, Rd0+1, Rd1, Rd1+1), written = registers per destination",
            ResultShape::Flag => "no words, written = 1 if memory was written",
        }
    }
}

/// One op that `SUBMIT` executes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpDef {
    /// Name (the constant in [`op`]).
    pub name: &'static str,
    /// Op code (byte 0 of the `SUBMIT` payload).
    pub code: u8,
    /// Capability bit: bit `n` of `CAPS` for `n < 32`, bit `n − 32` of `CAPS1` otherwise.
    pub cap_bit: u8,
    /// `SUBMIT` payload length (the 4-byte op header included).
    pub len: u16,
    /// Result shape.
    pub result: ResultShape,
    /// Not idempotent (the atomics): payload byte 1 carries the replay tag (see the module
    /// docs, "Replay protection").
    pub replay: bool,
    /// Operand layout, `field:type` in payload order.
    pub layout: &'static str,
    /// The core function it runs.
    pub doc: &'static str,
}

// ---------------------------------------------------------------------------------------
// The tables
// ---------------------------------------------------------------------------------------

macro_rules! commands {
    ($( $name:ident = $code:literal, $req:expr, $resp:expr, $layout:literal, $doc:literal; )*) => {
        /// Command codes (byte 0 of a command frame).
        pub mod cmd {
            $( #[doc = $doc] pub const $name: u8 = $code; )*
        }
        /// Every command, in code order.
        pub const COMMANDS: &[CommandDef] = &[
            $( CommandDef { name: stringify!($name), code: $code, request: $req, response: $resp, layout: $layout, doc: $doc }, )*
        ];
    };
}

commands! {
    NOP = 0x01, Len::fixed(0), Len::fixed(0), "->",
        "No operation: checks the link.";
    RESET = 0x02, Len::fixed(0), Len::fixed(0), "->",
        "Soft reset: registers to their reset values, pools, constant bank and result buffer to zero (texture memory is kept). Answered after the reset.";
    READ_REG = 0x10, Len::fixed(2), Len::fixed(4), "addr:u16 -> value:u32",
        "Reads a register.";
    WRITE_REG = 0x11, Len::fixed(6), Len::fixed(0), "addr:u16 value:u32 ->",
        "Writes a register (W1C registers: clears the bits written as 1).";
    WRITE_MEM = 0x20, Len::range(5, 260), Len::fixed(0), "addr:u32 data:u8[1..=256] ->",
        "Writes bytes to texture memory at a byte address.";
    READ_MEM = 0x21, Len::fixed(6), Len::range(1, 256), "addr:u32 count:u16 -> data:u8[count]",
        "Reads 1..=256 bytes of texture memory.";
    WRITE_HEADER = 0x30, Len::fixed(36), Len::fixed(0), "index:u32 words:u32[8] ->",
        "Writes one texture-header pool entry.";
    WRITE_SAMPLER = 0x31, Len::fixed(36), Len::fixed(0), "index:u32 words:u32[8] ->",
        "Writes one sampler-header pool entry.";
    WRITE_CBANK = 0x32, Len::range(6, 258), Len::fixed(0), "start:u16 words:u32[1..=64] ->",
        "Writes consecutive constant-bank words from word index start.";
    SUBMIT = 0x40, Len::range(8, 188), Len::fixed(8), "op:u8 a:u8 b:u8 c:u8 operands:u32[..] -> outcome:u8 kind:u8 detail0:u8 detail1:u8 written:u16 words:u8 rsvd:u8",
        "Executes one op (payload: see OPS); answers its completion record once done: outcome 0 done / 1 rejected (kind, detail0, detail1: the core's error, see Rejections), written = per result shape (4 words: 1; lanes: lanes written; quad: 0xF; TLD4S: registers per destination; STORE: 1 if memory was written; 0 if rejected), words = result words now in the result buffer (they stay until the next SUBMIT or reset).";
    READ_RESULT = 0x41, Len::fixed(2), Len::range(4, 256), "offset:u8 count:u8 -> words:u32[count]",
        "Reads count (1..=64) words of the result buffer from word offset.";
}

macro_rules! statuses {
    ($( $name:ident = $code:literal, $class:ident, $doc:literal; )*) => {
        /// Response status codes (byte 3 of a response frame).
        pub mod status {
            $( #[doc = $doc] pub const $name: u8 = $code; )*
        }
        /// Every status code.
        pub const STATUS_CODES: &[StatusDef] = &[
            $( StatusDef { name: stringify!($name), code: $code, class: StatusClass::$class, doc: $doc }, )*
        ];
    };
}

statuses! {
    OK = 0x00, Ok, "Done; the payload is the command's response.";
    ERR_CRC = 0x01, Link, "The command frame's CRC did not match (not executed).";
    ERR_FRAME = 0x02, Link, "The command frame was malformed: fewer/more bytes than its len field, or len above the maximum (not executed).";
    ERR_BAD_CMD = 0x03, Fault, "Unknown command code.";
    ERR_BAD_LEN = 0x04, Fault, "Payload length not allowed for the command or op.";
    ERR_BAD_ADDR = 0x05, Fault, "Unknown register, or a memory / pool / constant-bank / result range outside the device.";
    ERR_BAD_VALUE = 0x06, Fault, "A value does not fit the register, or an operand encoding is invalid (reserved byte, query code, index width).";
    ERR_ACCESS = 0x07, Fault, "Write to a read-only register.";
    ERR_UNSUPPORTED = 0x08, Fault, "The op code is not implemented by this device build (CAPS bit clear), or its view and sampler are outside the build's sampling subset.";
    ERR_NO_RESULT = 0x09, Fault, "READ_RESULT beyond the words of the last completed op.";
    ERR_NO_RESPONSE = 0x0A, Link, "FETCH with no command received since reset (the command was lost).";
    ERR_INTERNAL = 0x80, Fault, "Internal device fault (0x80..=0xFF are implementation-defined faults: ECC, FSM, ...).";
}

macro_rules! registers {
    ($( $name:ident = $addr:literal, $width:literal, $access:ident, $reset:expr, $doc:literal; )*) => {
        /// Register byte addresses.
        pub mod reg {
            $( #[doc = $doc] pub const $name: u16 = $addr; )*
        }
        /// Every register, in address order.
        pub const REGISTERS: &[Register] = &[
            $( Register { name: stringify!($name), addr: $addr, width: $width, access: Access::$access, reset: $reset, doc: $doc }, )*
        ];
    };
}

registers! {
    ID = 0x000, 32, Ro, Reset::Value(DEVICE_ID),
        "Identity: ASCII \"TXC1\" (0x31435854).";
    VERSION = 0x004, 32, Ro, Reset::Value(PROTOCOL_VERSION),
        "Protocol version: major 31:16, minor 15:0.";
    CAPS = 0x008, 32, Ro, Reset::Build("CAPS"),
        "Implemented ops: bit n set = the op with cap_bit n is implemented.";
    STATUS = 0x00C, 16, Ro, Reset::Value(0x0000_0001),
        "Device status (fields STATUS_*).";
    IRQ_FLAGS = 0x010, 4, W1c, Reset::Value(0x8),
        "Interrupt flags (fields IRQ_*), sticky until written 1; reset leaves IRQ_RESET set.";
    IRQ_ENABLE = 0x014, 4, Rw, Reset::Value(0),
        "Interrupt enables, same bits as IRQ_FLAGS; IRQ pin = |(IRQ_FLAGS & IRQ_ENABLE).";
    LINK_ERRORS = 0x018, 32, Ro, Reset::Value(0),
        "Command frames rejected with ERR_CRC / ERR_FRAME since reset (saturating).";
    SCRATCH = 0x01C, 32, Rw, Reset::Value(0),
        "Free for link tests.";
    MEM_BYTES = 0x020, 32, Ro, Reset::Build("MEM_BYTES"),
        "Texture memory size in bytes.";
    HEADER_ENTRIES = 0x024, 32, Ro, Reset::Build("HEADER_ENTRIES"),
        "Texture-header pool capacity (entries).";
    SAMPLER_ENTRIES = 0x028, 32, Ro, Reset::Build("SAMPLER_ENTRIES"),
        "Sampler-header pool capacity (entries).";
    CBANK_WORDS = 0x02C, 32, Ro, Reset::Build("CBANK_WORDS"),
        "Constant-bank capacity (32-bit words).";
    HEADER_POOL_MAX = 0x030, 20, Rw, Reset::Value(0),
        "SetTexHeaderPoolC.MaximumIndex: the largest valid header pointer.";
    SAMPLER_POOL_MAX = 0x034, 20, Rw, Reset::Value(0),
        "SetSamplerHeaderPoolC.MaximumIndex: the largest valid sampler pointer.";
    BINDING_MODE = 0x038, 1, Rw, Reset::Value(0),
        "SetSamplerBinding: 0 = INDEPENDENTLY, 1 = VIA_HEADER_BINDING.";
    CAPS1 = 0x03C, 32, Ro, Reset::Build("CAPS1"),
        "Implemented ops, continued: bit n set = the op with cap_bit 32 + n is implemented (protocol 1.1 and later).";
}

macro_rules! fields {
    ($( $name:ident = $reg:ident, $lsb:literal, $width:literal, $doc:literal; )*) => {
        /// Register bit fields: the lowest bit of each (masks in [`FIELDS`]).
        pub mod field {
            $( #[doc = $doc] pub const $name: u8 = $lsb; )*
        }
        /// Every register field.
        pub const FIELDS: &[FieldDef] = &[
            $( FieldDef { name: stringify!($name), reg: reg::$reg, lsb: $lsb, width: $width, doc: $doc }, )*
        ];
    };
}

fields! {
    STATUS_READY = STATUS, 0, 1, "1 when idle and out of reset.";
    STATUS_FAULT = STATUS, 1, 1, "1 when the last command ended with a Fault-class status.";
    STATUS_LAST = STATUS, 8, 8, "Status code of the previous command.";
    IRQ_DONE = IRQ_FLAGS, 0, 1, "An op completed (SUBMIT).";
    IRQ_LINK = IRQ_FLAGS, 1, 1, "A command frame was rejected (ERR_CRC / ERR_FRAME).";
    IRQ_FAULT = IRQ_FLAGS, 2, 1, "A command ended with a Fault-class status.";
    IRQ_RESET = IRQ_FLAGS, 3, 1, "The device left reset.";
}

macro_rules! ops {
    ($( $name:ident = $code:literal, $cap:literal, $len:literal, $result:ident, $replay:literal, $layout:literal, $doc:literal; )*) => {
        /// Op codes (byte 0 of the `SUBMIT` payload).
        pub mod op {
            $( #[doc = $doc] pub const $name: u8 = $code; )*
        }
        /// Every op, in code order.
        pub const OPS: &[OpDef] = &[
            $( OpDef { name: stringify!($name), code: $code, cap_bit: $cap, len: $len, result: ResultShape::$result, replay: $replay, layout: $layout, doc: $doc }, )*
        ];
    };
}

ops! {
    NV_TXQ = 0x01, 0, 12, Vec4, false, "op:u8 source:u8 query:u8 rsvd:u8 handle:u32 param:u32",
        "NVIDIA TXQ (texcore::query::nv::txq). source 0: handle = tsPtrIdxU13 (constant-bank word index, <= 0x1FFF); 1: bindless .B, handle = the handle word. query: 1 DIMENSION, 2 TEXTURE_TYPE, 5 SAMPLER_POS. Result RGBA before the write mask.";
    NV_TLD4S = 0x02, 6, 24, Tld4s, false, "op:u8 source:u8 comp:u8 mods:u8 handle:u32 s:u32 t:u32 toff:u32 dc:u32",
        "NVIDIA TLD4S for one lane (texcore::op::gather::tld4s). source/handle as NV_TXQ. comp: .R .G .B .A = 0..3 (any other value: rejected by the core). mods: bit 0 .AOFFI, bit 1 .DC, bit 2 .F16, bit 3 the F16 rounding mode (0 RNE, 1 RTZ; 0 without .F16), bits 7:4 reserved. s, t, toff, dc: the scalar operands after the Ra/Rb unpacking (Tld4sOperands). Result: the registers Rd0, Rd0+1, Rd1, Rd1+1; written = 2, or 1 with .F16 (Rd0+1 and Rd1+1 then 0).";
    NV_TMML = 0x03, 7, 72, Quad, false, "op:u8 source:u8 desc:u8 rsvd:u8 handle:u32 ra:u32[4][4]",
        "NVIDIA TMML.LOD for a quad (texcore::op::tmml::tmml). source/handle as NV_TXQ. desc = #paramA (0 1D, 1 2D, 2 3D, 3 CUBE, 4 ARRAY_1D, 5 ARRAY_2D, 7 ARRAY_CUBE). ra: per lane, its Ra .. Ra+3. Result: R, G, B, A of each lane.";
    TGSI_TXQ = 0x10, 1, 12, Vec4, false, "op:u8 rsvd:u8[3] view:u32 lod:u32",
        "TGSI TXQ (texcore::query::tgsi::txq); view = header-pool pointer of the SVIEW.";
    TGSI_SVIEWINFO = 0x11, 2, 12, Vec4, false, "op:u8 rsvd:u8[3] view:u32 mip_level:u32",
        "TGSI SVIEWINFO (texcore::query::tgsi::sviewinfo).";
    TGSI_SAMPLE_INFO = 0x12, 3, 8, Vec4, false, "op:u8 rsvd:u8[3] view:u32",
        "TGSI SAMPLE_INFO (texcore::query::tgsi::sample_info).";
    TGSI_SAMPLE_POS = 0x13, 4, 12, Vec4, false, "op:u8 rsvd:u8[3] view:u32 index:u32",
        "TGSI SAMPLE_POS (texcore::query::tgsi::sample_pos): fp32 bit patterns.";
    TGSI_TXF = 0x14, 8, 36, Vec4, false, "op:u8 rsvd:u8[3] view:u32 coord:i32[4] offset:i32[3]",
        "TGSI TXF (texcore::op::fetch::txf): coord = (x, y, z, level) signed, offset = src1 (each -8..=7, else rejected).";
    TGSI_SAMPLE_I = 0x15, 9, 24, Vec4, false, "op:u8 rsvd:u8[3] view:u32 address:u32[4]",
        "TGSI SAMPLE_I (texcore::op::fetch::sample_i): address = (x, y, z, level).";
    TGSI_SAMPLE_I_MS = 0x16, 10, 28, Vec4, false, "op:u8 rsvd:u8[3] view:u32 address:u32[4] sample:u32",
        "TGSI SAMPLE_I_MS (texcore::op::fetch::sample_i_ms).";
    TGSI_LOAD = 0x18, 11, 24, Vec4, false, "op:u8 rsvd:u8[3] resource:u32 address:u32[4]",
        "TGSI LOAD (texcore::op::resource::load); resource = header-pool pointer of the RES.";
    TGSI_STORE = 0x19, 12, 40, Flag, false, "op:u8 rsvd:u8[3] resource:u32 address:u32[4] src:u32[4]",
        "TGSI STORE (texcore::op::resource::store). written = 1 if the texel was written, 0 if the address was out of range or the resource invalid.";
    INTEL_INFO = 0x20, 5, 76, Lanes, false, "op:u8 info_op:u8 exec:u8 rsvd:u8 surface:u32 exec_mask:u32 lod:u32[16]",
        "Intel vISA INFO resinfo/sampleinfo (texcore::query::intel::info); surface = header-pool pointer. Result: lanes x 4 words RGBA planar, written = enabled lanes; a malformed instruction completes with outcome 1 (rejected) and nothing written.";
    TGSI_TEX = 0x30, 13, 92, Quad, false, "op:u8 flags:u8 rsvd:u8[2] view:u32 sampler:u32 src0:u32[4][4] src1x:u32[4]",
        "TGSI TEX (texcore::op::sample::tex_family); view = header-pool pointer, sampler = sampler-pool pointer. flags: bit 0 shadow form, bit 1 src1 present (TEX2 form: src1x = src1.x per lane, the only component read; 0 when absent), bits 7:2 reserved. src0: per lane, (x, y, z, w).";
    TGSI_TXB = 0x31, 14, 92, Quad, false, "op:u8 flags:u8 rsvd:u8[2] view:u32 sampler:u32 src0:u32[4][4] src1x:u32[4]",
        "TGSI TXB; as TGSI_TEX (bias in src0.w, or src1.x: TXB2).";
    TGSI_TXL = 0x32, 15, 92, Quad, false, "op:u8 flags:u8 rsvd:u8[2] view:u32 sampler:u32 src0:u32[4][4] src1x:u32[4]",
        "TGSI TXL; as TGSI_TEX (LOD in src0.w, or src1.x: TXL2).";
    TGSI_TXD = 0x33, 16, 188, Quad, false, "op:u8 flags:u8 rsvd:u8[2] view:u32 sampler:u32 src0:u32[4][4] src1x:u32[4] ddx:u32[4][3] ddy:u32[4][3]",
        "TGSI TXD; as TGSI_TEX, flags bit 2 = ddx/ddy present (x, y, z per lane; 0 when absent: the core rejects TXD without derivatives).";
    TGSI_TXP = 0x34, 17, 92, Quad, false, "op:u8 flags:u8 rsvd:u8[2] view:u32 sampler:u32 src0:u32[4][4] src1x:u32[4]",
        "TGSI TXP; as TGSI_TEX (projective: x, y, z divided by w).";
    TGSI_SAMPLE = 0x38, 18, 88, Quad, false, "op:u8 rsvd:u8[3] view:u32 sampler:u32 offset:i32[3] address:u32[4][4]",
        "TGSI SAMPLE (texcore::op::sample::sample); view / sampler = header- / sampler-pool pointers; offset: each -8..=7, else rejected.";
    TGSI_SAMPLE_B = 0x39, 19, 104, Quad, false, "op:u8 rsvd:u8[3] view:u32 sampler:u32 offset:i32[3] address:u32[4][4] bias:u32[4]",
        "TGSI SAMPLE_B: per-lane bias (binary32).";
    TGSI_SAMPLE_L = 0x3A, 20, 104, Quad, false, "op:u8 rsvd:u8[3] view:u32 sampler:u32 offset:i32[3] address:u32[4][4] lod:u32[4]",
        "TGSI SAMPLE_L: per-lane LOD (binary32).";
    TGSI_SAMPLE_D = 0x3B, 21, 184, Quad, false, "op:u8 rsvd:u8[3] view:u32 sampler:u32 offset:i32[3] address:u32[4][4] ddx:u32[4][3] ddy:u32[4][3]",
        "TGSI SAMPLE_D: per-lane derivatives of x, y, z.";
    TGSI_SAMPLE_C = 0x3C, 22, 104, Quad, false, "op:u8 rsvd:u8[3] view:u32 sampler:u32 offset:i32[3] address:u32[4][4] ref:u32[4]",
        "TGSI SAMPLE_C: per-lane depth reference (binary32).";
    TGSI_SAMPLE_C_LZ = 0x3D, 23, 104, Quad, false, "op:u8 rsvd:u8[3] view:u32 sampler:u32 offset:i32[3] address:u32[4][4] ref:u32[4]",
        "TGSI SAMPLE_C_LZ: SAMPLE_C at level 0.";
    TGSI_GATHER4 = 0x3E, 24, 100, Quad, false, "op:u8 component:u8 flags:u8 rsvd:u8 view:u32 sampler:u32 offset:i32[2] address:u32[4][4] ref:u32[4]",
        "TGSI GATHER4 (texcore::op::gather::gather4). component 0..3 (any other value: rejected by the core); offset -32..=31 each; flags bit 0 = compare form with a per-lane ref (0 when absent), bits 7:1 reserved. Result (S0, S1, S2, S3) per lane.";
    TGSI_ATOMUADD = 0x40, 25, 56, Vec4, true, "op:u8 tag:u8 rsvd:u8[2] resource:u32 address:u32[4] src:u32[4] cmp:u32[4]",
        "TGSI ATOMUADD (texcore::op::resource::atomic); tag = replay tag (see Replay protection); cmp is read by ATOMCAS only. Result: the old texel.";
    TGSI_ATOMXCHG = 0x41, 26, 56, Vec4, true, "op:u8 tag:u8 rsvd:u8[2] resource:u32 address:u32[4] src:u32[4] cmp:u32[4]",
        "TGSI ATOMXCHG; as TGSI_ATOMUADD.";
    TGSI_ATOMCAS = 0x42, 27, 56, Vec4, true, "op:u8 tag:u8 rsvd:u8[2] resource:u32 address:u32[4] src:u32[4] cmp:u32[4]",
        "TGSI ATOMCAS; as TGSI_ATOMUADD.";
    TGSI_ATOMAND = 0x43, 28, 56, Vec4, true, "op:u8 tag:u8 rsvd:u8[2] resource:u32 address:u32[4] src:u32[4] cmp:u32[4]",
        "TGSI ATOMAND; as TGSI_ATOMUADD.";
    TGSI_ATOMOR = 0x44, 29, 56, Vec4, true, "op:u8 tag:u8 rsvd:u8[2] resource:u32 address:u32[4] src:u32[4] cmp:u32[4]",
        "TGSI ATOMOR; as TGSI_ATOMUADD.";
    TGSI_ATOMXOR = 0x45, 30, 56, Vec4, true, "op:u8 tag:u8 rsvd:u8[2] resource:u32 address:u32[4] src:u32[4] cmp:u32[4]",
        "TGSI ATOMXOR; as TGSI_ATOMUADD.";
    TGSI_ATOMUMIN = 0x46, 31, 56, Vec4, true, "op:u8 tag:u8 rsvd:u8[2] resource:u32 address:u32[4] src:u32[4] cmp:u32[4]",
        "TGSI ATOMUMIN; as TGSI_ATOMUADD.";
    TGSI_ATOMUMAX = 0x47, 32, 56, Vec4, true, "op:u8 tag:u8 rsvd:u8[2] resource:u32 address:u32[4] src:u32[4] cmp:u32[4]",
        "TGSI ATOMUMAX; as TGSI_ATOMUADD.";
    TGSI_ATOMIMIN = 0x48, 33, 56, Vec4, true, "op:u8 tag:u8 rsvd:u8[2] resource:u32 address:u32[4] src:u32[4] cmp:u32[4]",
        "TGSI ATOMIMIN; as TGSI_ATOMUADD.";
    TGSI_ATOMIMAX = 0x49, 34, 56, Vec4, true, "op:u8 tag:u8 rsvd:u8[2] resource:u32 address:u32[4] src:u32[4] cmp:u32[4]",
        "TGSI ATOMIMAX; as TGSI_ATOMUADD.";
}

/// `SUBMIT` completion record, byte 0 (`outcome`).
pub mod outcome {
    /// The op ran; `words` result words are in the result buffer.
    pub const DONE: u8 = 0;
    /// The instruction is malformed (the core's typed error); nothing is written.
    pub const REJECTED: u8 = 1;
}

/// One rejection kind: byte 1 (`kind`) of the completion record of a rejected op.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RejectDef {
    /// Name (the constant in [`reject`]).
    pub name: &'static str,
    /// The `kind` byte.
    pub code: u8,
    /// The core error and the meaning of `detail0` / `detail1` (0 unless stated).
    pub doc: &'static str,
}

macro_rules! rejects {
    ($( $name:ident = $code:literal, $doc:literal; )*) => {
        /// `SUBMIT` completion record, byte 1 (`kind`) of a rejected op: which core error.
        pub mod reject {
            $( #[doc = $doc] pub const $name: u8 = $code; )*
        }
        /// Every rejection kind.
        pub const REJECTS: &[RejectDef] = &[
            $( RejectDef { name: stringify!($name), code: $code, doc: $doc }, )*
        ];
    };
}

rejects! {
    INFO_OP = 0x01, "InfoError::Op: detail0 = Op bits 4:0 (not resinfo/sampleinfo).";
    INFO_EXEC_SIZE = 0x02, "InfoError::ExecSize: detail0 = Exec_size bits 3:0.";
    INFO_MASK_ALIGNMENT = 0x03, "InfoError::MaskAlignment: detail0 = lanes, detail1 = k of Mk.";
    FETCH_CUBE = 0x10, "FetchError::Cube: TXF / SAMPLE_I / SAMPLE_I_MS on a cube view.";
    FETCH_OFFSET_RANGE = 0x11, "FetchError::OffsetRange: detail0 = offset component.";
    RESOURCE_ENCODE_DEPTH_STENCIL = 0x18, "ResourceError::Encode(EncodeError::DepthStencil): STORE to a depth/stencil resource.";
    RESOURCE_ENCODE_SRGB = 0x19, "ResourceError::Encode(EncodeError::Srgb): STORE to an sRGB resource.";
    RESOURCE_ATOMIC_FORMAT = 0x1A, "ResourceError::AtomicFormat: atomic on a format that is not 32-bit integer.";
    SAMPLE_TEXTURE_TYPE = 0x20, "SampleError::TextureType: buffer / multisample view, or a TEX-family form without its operand.";
    SAMPLE_OFFSET_RANGE = 0x21, "SampleError::OffsetRange: detail0 = offset component.";
    SAMPLE_COMPARE = 0x22, "SampleError::Compare: depth compare on an integer format.";
    GATHER_TEXTURE_TYPE = 0x28, "GatherError::TextureType.";
    GATHER_OFFSET_RANGE = 0x29, "GatherError::OffsetRange: detail0 = offset component.";
    GATHER_OFFSET_ON_CUBE = 0x2A, "GatherError::OffsetOnCube.";
    GATHER_COMPARE_ON_3D = 0x2B, "GatherError::CompareOn3D.";
    GATHER_COMPARE = 0x2C, "GatherError::Compare: depth compare on an integer format.";
    GATHER_COMPONENT = 0x2D, "GatherError::Component: component above 3.";
}

/// The command with this code.
pub fn command(code: u8) -> Option<&'static CommandDef> {
    COMMANDS.iter().find(|c| c.code == code)
}

/// The register at this address.
pub fn register(addr: u16) -> Option<&'static Register> {
    REGISTERS.iter().find(|r| r.addr == addr)
}

/// The op with this code.
pub fn op_def(code: u8) -> Option<&'static OpDef> {
    OPS.iter().find(|o| o.code == code)
}

/// The status code's definition (0x81..=0xFF report as `ERR_INTERNAL`'s class).
pub fn status_def(code: u8) -> Option<&'static StatusDef> {
    STATUS_CODES.iter().find(|s| s.code == code)
}

/// How the host treats a status byte (unknown codes are faults).
pub fn status_class(code: u8) -> StatusClass {
    status_def(code).map_or(StatusClass::Fault, |s| s.class)
}

/// The capabilities with every op of [`OPS`] implemented: `CAPS` in bits 31:0, `CAPS1` in
/// bits 63:32.
pub const fn all_caps() -> u64 {
    let mut caps = 0u64;
    let mut rest = OPS;
    while let [first, tail @ ..] = rest {
        caps |= 1u64 << first.cap_bit;
        rest = tail;
    }
    caps
}

// ---------------------------------------------------------------------------------------
// Frame codec (shared by the driver and the simulator)
// ---------------------------------------------------------------------------------------

/// Writes a command frame into `out`: header, the payload `parts` in order, CRC. Returns
/// the frame length, or `None` if the payload exceeds [`MAX_CMD_PAYLOAD`] or `out`.
pub fn encode_command(out: &mut [u8], code: u8, seq: u8, parts: &[&[u8]]) -> Option<usize> {
    let len: usize = parts.iter().map(|p| p.len()).sum();
    if len > MAX_CMD_PAYLOAD {
        return None;
    }
    let total = CMD_HEADER_LEN + len + CRC_LEN;
    let frame = out.get_mut(..total)?;
    let len16 = u16::try_from(len).ok()?.to_le_bytes();
    let (head, rest) = frame.split_at_mut(CMD_HEADER_LEN);
    head.copy_from_slice(&[code, seq, len16[0], len16[1]]);
    let mut at = 0;
    for p in parts {
        rest.get_mut(at..at + p.len())?.copy_from_slice(p);
        at += p.len();
    }
    let crc = crc32c(frame.get(..CMD_HEADER_LEN + len)?);
    frame.get_mut(CMD_HEADER_LEN + len..)?.copy_from_slice(&crc.to_le_bytes());
    Some(total)
}

/// Writes a response frame into `out`. Returns its length, or `None` if `payload` exceeds
/// [`MAX_RESP_PAYLOAD`] or `out`.
pub fn encode_response(out: &mut [u8], seq: u8, code: u8, status: u8, payload: &[u8]) -> Option<usize> {
    if payload.len() > MAX_RESP_PAYLOAD {
        return None;
    }
    let total = RESP_HEADER_LEN + payload.len() + CRC_LEN;
    let frame = out.get_mut(..total)?;
    let len16 = u16::try_from(payload.len()).ok()?.to_le_bytes();
    let (head, rest) = frame.split_at_mut(RESP_HEADER_LEN);
    head.copy_from_slice(&[RESP_SYNC, seq, code, status, len16[0], len16[1]]);
    rest.get_mut(..payload.len())?.copy_from_slice(payload);
    let body = RESP_HEADER_LEN + payload.len();
    let crc = crc32c(frame.get(..body)?);
    frame.get_mut(body..)?.copy_from_slice(&crc.to_le_bytes());
    Some(total)
}

/// A command frame as the device parses it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CommandFrame<'a> {
    /// Command code.
    pub code: u8,
    /// Sequence number.
    pub seq: u8,
    /// Payload.
    pub payload: &'a [u8],
}

/// Why the device refused a command frame (before looking at its command).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FrameReject {
    /// `ERR_FRAME` or `ERR_CRC`.
    pub status: u8,
    /// The sequence byte as received (unreliable), 0 if absent.
    pub seq: u8,
    /// The code byte as received (unreliable), 0 if absent.
    pub code: u8,
}

/// Parses and checks a received command frame (device side): exact length, CRC.
pub fn parse_command(frame: &[u8]) -> Result<CommandFrame<'_>, FrameReject> {
    let code = frame.first().copied().unwrap_or(0);
    let seq = frame.get(1).copied().unwrap_or(0);
    let reject = |status| FrameReject { status, seq, code };
    let (Some(&l0), Some(&l1)) = (frame.get(2), frame.get(3)) else {
        return Err(reject(status::ERR_FRAME));
    };
    let len = usize::from(u16::from_le_bytes([l0, l1]));
    if len > MAX_CMD_PAYLOAD || frame.len() != CMD_HEADER_LEN + len + CRC_LEN {
        return Err(reject(status::ERR_FRAME));
    }
    let body = frame.get(..CMD_HEADER_LEN + len).ok_or(reject(status::ERR_FRAME))?;
    let crc = read_u32(frame, CMD_HEADER_LEN + len).ok_or(reject(status::ERR_FRAME))?;
    if crc32c(body) != crc {
        return Err(reject(status::ERR_CRC));
    }
    let payload = body.get(CMD_HEADER_LEN..).ok_or(reject(status::ERR_FRAME))?;
    Ok(CommandFrame { code, seq, payload })
}

/// A response frame whose CRC checked (host side); nothing else is checked yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResponseFrame<'a> {
    /// First byte (must be [`RESP_SYNC`]).
    pub sync: u8,
    /// Sequence echo.
    pub seq: u8,
    /// Command echo.
    pub code: u8,
    /// Status byte.
    pub status: u8,
    /// Payload.
    pub payload: &'a [u8],
}

/// Checks the length field and the CRC of a response read into `bytes` (which holds the
/// bytes read, the frame possibly followed by idle bytes). `None`: the frame does not check
/// (its length field points past `bytes`, or the CRC differs).
pub fn check_response(bytes: &[u8]) -> Option<ResponseFrame<'_>> {
    let len = usize::from(read_u16(bytes, 4)?);
    let body = bytes.get(..RESP_HEADER_LEN + len)?;
    let crc = read_u32(bytes, RESP_HEADER_LEN + len)?;
    if crc32c(body) != crc {
        return None;
    }
    Some(ResponseFrame {
        sync: *body.first()?,
        seq: *body.get(1)?,
        code: *body.get(2)?,
        status: *body.get(3)?,
        payload: body.get(RESP_HEADER_LEN..)?,
    })
}

/// Little-endian u16 at `at`, if in bounds.
pub fn read_u16(bytes: &[u8], at: usize) -> Option<u16> {
    let b = bytes.get(at..at.checked_add(2)?)?;
    Some(u16::from_le_bytes([*b.first()?, *b.get(1)?]))
}

/// Little-endian u32 at `at`, if in bounds.
pub fn read_u32(bytes: &[u8], at: usize) -> Option<u32> {
    let b = bytes.get(at..at.checked_add(4)?)?;
    Some(u32::from_le_bytes([*b.first()?, *b.get(1)?, *b.get(2)?, *b.get(3)?]))
}

// ---------------------------------------------------------------------------------------
// Verilog generator
// ---------------------------------------------------------------------------------------

/// Writes the Markdown tables of the module docs (commands, status codes, registers,
/// fields, ops).
pub fn render_markdown(out: &mut impl Write) -> fmt::Result {
    writeln!(out, "### Commands")?;
    writeln!(out)?;
    writeln!(out, "| code | command | request payload (bytes) | response payload on `OK` (bytes) | meaning |")?;
    writeln!(out, "|---|---|---|---|---|")?;
    for c in COMMANDS {
        let (req, resp) = c.layout.split_once("->").unwrap_or((c.layout, ""));
        writeln!(
            out,
            "| `0x{:02X}` | `{}` | {}{} | {}{} | {} |",
            c.code,
            c.name,
            LenText(c.request),
            Code(req.trim()),
            LenText(c.response),
            Code(resp.trim()),
            Escaped(c.doc)
        )?;
    }
    writeln!(out)?;
    writeln!(out, "### Status codes")?;
    writeln!(out)?;
    writeln!(out, "| code | status | class | meaning |")?;
    writeln!(out, "|---|---|---|---|")?;
    for s in STATUS_CODES {
        let class = match s.class {
            StatusClass::Ok => "ok",
            StatusClass::Link => "link (resent)",
            StatusClass::Fault => "fault",
        };
        writeln!(out, "| `0x{:02X}` | `{}` | {} | {} |", s.code, s.name, class, Escaped(s.doc))?;
    }
    writeln!(out)?;
    writeln!(out, "### Registers (`READ_REG` / `WRITE_REG`, 32-bit)")?;
    writeln!(out)?;
    writeln!(out, "| address | register | bits | access | reset | meaning |")?;
    writeln!(out, "|---|---|---|---|---|---|")?;
    for r in REGISTERS {
        let reset = match r.reset {
            Reset::Value(v) => Reset2::Value(v),
            Reset::Build(p) => Reset2::Param(p),
        };
        writeln!(
            out,
            "| `0x{:03X}` | `{}` | {} | {} | {} | {} |",
            r.addr,
            r.name,
            r.width,
            r.access.name(),
            reset,
            Escaped(r.doc)
        )?;
    }
    writeln!(out)?;
    writeln!(out, "### Register fields")?;
    writeln!(out)?;
    writeln!(out, "| field | register | bits | meaning |")?;
    writeln!(out, "|---|---|---|---|")?;
    for f in FIELDS {
        let reg_name = register(f.reg).map_or("?", |r| r.name);
        let msb = u32::from(f.lsb) + u32::from(f.width) - 1;
        writeln!(out, "| `{}` | `{}` | {}:{} | {} |", f.name, reg_name, msb, f.lsb, Escaped(f.doc))?;
    }
    writeln!(out)?;
    writeln!(out, "### Ops (`SUBMIT` payload)")?;
    writeln!(out)?;
    writeln!(out, "| code | op | CAPS bit | payload bytes | operands | result | replay tag | meaning |")?;
    writeln!(out, "|---|---|---|---|---|---|---|---|")?;
    for o in OPS {
        writeln!(
            out,
            "| `0x{:02X}` | `{}` | {} | {} |{} | {} | {} | {} |",
            o.code,
            o.name,
            CapText(o.cap_bit),
            o.len,
            Code(o.layout),
            o.result.text(),
            if o.replay { "yes" } else { "–" },
            Escaped(o.doc)
        )?;
    }
    writeln!(out)?;
    writeln!(out, "### Rejections (completion record `kind` when `outcome` = 1)")?;
    writeln!(out)?;
    writeln!(out, "| kind | name | core error and details |")?;
    writeln!(out, "|---|---|---|")?;
    for r in REJECTS {
        writeln!(out, "| `0x{:02X}` | `{}` | {} |", r.code, r.name, Escaped(r.doc))?;
    }
    Ok(())
}

struct CapText(u8);

impl fmt::Display for CapText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 < 32 {
            write!(f, "CAPS {}", self.0)
        } else {
            write!(f, "CAPS1 {}", self.0 - 32)
        }
    }
}

struct Or<'a>(&'a str, &'a str);

impl fmt::Display for Or<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.0.is_empty() { self.1 } else { self.0 })
    }
}

struct LenText(Len);

impl fmt::Display for LenText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.min == self.0.max {
            write!(f, "{}", self.0.min)
        } else {
            write!(f, "{}..={}", self.0.min, self.0.max)
        }
    }
}

struct Code<'a>(&'a str);

impl fmt::Display for Code<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            Ok(())
        } else {
            write!(f, " `{}`", self.0)
        }
    }
}

/// Markdown table cell text: `|` escaped, `[`/`]` escaped (not links).
struct Escaped<'a>(&'a str);

impl fmt::Display for Escaped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for ch in self.0.chars() {
            match ch {
                '|' | '[' | ']' => write!(f, "\\{ch}")?,
                _ => f.write_char(ch)?,
            }
        }
        Ok(())
    }
}

/// Where the generated file lives, relative to the workspace root.
pub const VERILOG_PATH: &str = "hdl-vectors/generated/texcore_regs.vh";

/// Writes the Verilog `localparam` include file of every table (`TXC_` prefix). The file is
/// meant to be `` `include ``d inside a module body (it declares `localparam`s, so it has no
/// include guard). Deterministic: the same tables give the same bytes.
pub fn render_verilog(out: &mut impl Write) -> fmt::Result {
    writeln!(out, "// texcore_regs.vh: FPGA texture sampler register map and SPI protocol constants.")?;
    writeln!(out, "// GENERATED from hal/src/protocol.rs by texcore_hal::protocol::render_verilog. Do not edit.")?;
    writeln!(out, "// Regenerate: TEXCORE_BLESS=1 cargo test -p texcore-hal --test regmap")?;
    writeln!(out, "// `include this file inside a module body (localparams; no include guard).")?;
    writeln!(out, "// Multi-byte fields are little-endian on the wire.")?;
    writeln!(out)?;
    writeln!(out, "/* verilator lint_off UNUSEDPARAM */")?;
    writeln!(out)?;
    writeln!(out, "// ---- frame format ----")?;
    int(out, "TXC_CMD_HEADER_LEN", CMD_HEADER_LEN, "command frame: code, seq, len[2]")?;
    int(out, "TXC_RESP_HEADER_LEN", RESP_HEADER_LEN, "response frame: sync, seq, code, status, len[2]")?;
    int(out, "TXC_CRC_LEN", CRC_LEN, "CRC trailer bytes (little-endian)")?;
    int(out, "TXC_MAX_CMD_PAYLOAD", MAX_CMD_PAYLOAD, "")?;
    int(out, "TXC_MAX_RESP_PAYLOAD", MAX_RESP_PAYLOAD, "")?;
    int(out, "TXC_MAX_CMD_FRAME", MAX_CMD_FRAME, "")?;
    int(out, "TXC_MAX_RESP_FRAME", MAX_RESP_FRAME, "")?;
    int(out, "TXC_MAX_MEM_CHUNK", MAX_MEM_CHUNK, "bytes per WRITE_MEM / READ_MEM")?;
    int(out, "TXC_MAX_CBANK_CHUNK", MAX_CBANK_CHUNK, "words per WRITE_CBANK")?;
    int(out, "TXC_MAX_RESULT_WORDS", MAX_RESULT_WORDS, "result buffer words")?;
    int(out, "TXC_COMPLETION_LEN", COMPLETION_LEN, "SUBMIT response bytes")?;
    hex(out, "TXC_FETCH", 8, FETCH.into(), "first MOSI byte of a response fetch")?;
    hex(out, "TXC_RESP_SYNC", 8, RESP_SYNC.into(), "first byte of every response frame")?;
    hex(out, "TXC_DEVICE_ID", 32, DEVICE_ID, "ID register value, ASCII \"TXC1\"")?;
    hex(out, "TXC_PROTOCOL_VERSION", 32, PROTOCOL_VERSION, "VERSION register value")?;
    writeln!(out)?;
    writeln!(out, "// ---- CRC-32/ISCSI (CRC-32C): refin = refout = 1 ----")?;
    hex(out, "TXC_CRC_POLY", 32, CRC_ALGORITHM.poly, "normal form")?;
    hex(out, "TXC_CRC_POLY_REFLECTED", 32, CRC_ALGORITHM.poly.reverse_bits(), "for an LSB-first shift register")?;
    hex(out, "TXC_CRC_INIT", 32, CRC_ALGORITHM.init, "")?;
    hex(out, "TXC_CRC_XOROUT", 32, CRC_ALGORITHM.xorout, "")?;
    hex(out, "TXC_CRC_CHECK", 32, CRC_ALGORITHM.check, "CRC of ASCII \"123456789\"")?;
    hex(
        out,
        "TXC_CRC_RESIDUE",
        32,
        CRC_ALGORITHM.residue,
        "LSB-first register (before the XOR) after any intact frame and its CRC: a receiver's check",
    )?;
    writeln!(out)?;
    writeln!(out, "// ---- commands: TXC_CMD_<name>, request/response payload bytes (min, max) ----")?;
    for c in COMMANDS {
        let (req, resp) = c.layout.split_once("->").unwrap_or((c.layout, ""));
        writeln!(out, "// {}: {}", c.name, c.doc)?;
        writeln!(out, "//   request: {}", Or(req.trim(), "(empty)"))?;
        writeln!(out, "//   response: {}", Or(resp.trim(), "(empty)"))?;
        hex(out, Name("TXC_CMD_", c.name, ""), 8, c.code.into(), "")?;
        int(out, Name("TXC_CMD_", c.name, "_REQ_MIN"), c.request.min.into(), "")?;
        int(out, Name("TXC_CMD_", c.name, "_REQ_MAX"), c.request.max.into(), "")?;
        int(out, Name("TXC_CMD_", c.name, "_RESP_MIN"), c.response.min.into(), "")?;
        int(out, Name("TXC_CMD_", c.name, "_RESP_MAX"), c.response.max.into(), "")?;
    }
    writeln!(out)?;
    writeln!(out, "// ---- response status codes: TXC_ST_<name> (link = the host resends) ----")?;
    for s in STATUS_CODES {
        let class = match s.class {
            StatusClass::Ok => "ok",
            StatusClass::Link => "link",
            StatusClass::Fault => "fault",
        };
        hex(out, Name("TXC_ST_", s.name, ""), 8, s.code.into(), Pair(class, s.doc))?;
        int(out, Name("TXC_ST_", s.name, "_FAULT"), usize::from(s.class == StatusClass::Fault), "")?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "// ---- registers: TXC_REG_<name> = byte address; _WIDTH; _ACCESS (TXC_ACCESS_*); _RESET (fixed values only) ----"
    )?;
    int(out, "TXC_ACCESS_RO", access_code(Access::Ro), "read-only: writes answer ERR_ACCESS")?;
    int(out, "TXC_ACCESS_RW", access_code(Access::Rw), "read/write")?;
    int(out, "TXC_ACCESS_W1C", access_code(Access::W1c), "read; writing 1 clears a bit")?;
    for r in REGISTERS {
        let reset = match r.reset {
            Reset::Value(v) => Reset2::Value(v),
            Reset::Build(p) => Reset2::Param(p),
        };
        writeln!(out, "// {} ({}, {} bits, reset {}): {}", r.name, r.access.name(), r.width, reset, r.doc)?;
        hex(out, Name("TXC_REG_", r.name, ""), 16, r.addr.into(), "")?;
        int(out, Name("TXC_REG_", r.name, "_WIDTH"), r.width.into(), "")?;
        int(out, Name("TXC_REG_", r.name, "_ACCESS"), access_code(r.access), r.access.name())?;
        if let Reset::Value(v) = r.reset {
            hex(out, Name("TXC_REG_", r.name, "_RESET"), 32, v, "")?;
        }
    }
    writeln!(out)?;
    writeln!(out, "// ---- register fields: TXC_<name>_LSB / _WIDTH ----")?;
    for f in FIELDS {
        int(out, Name("TXC_", f.name, "_LSB"), f.lsb.into(), f.doc)?;
        int(out, Name("TXC_", f.name, "_WIDTH"), f.width.into(), "")?;
    }
    writeln!(out)?;
    writeln!(out, "// ---- SUBMIT completion record ----")?;
    hex(out, "TXC_OUTCOME_DONE", 8, outcome::DONE.into(), "")?;
    hex(out, "TXC_OUTCOME_REJECTED", 8, outcome::REJECTED.into(), "")?;
    writeln!(out, "// rejection kinds (completion byte 1 when outcome = REJECTED): TXC_REJECT_<name>")?;
    for r in REJECTS {
        hex(out, Name("TXC_REJECT_", r.name, ""), 8, r.code.into(), r.doc)?;
    }
    writeln!(out)?;
    writeln!(out, "// ---- ops (SUBMIT payload byte 0): TXC_OP_<name>, _LEN = SUBMIT payload bytes,")?;
    writeln!(
        out,
        "// _CAP = capability bit (0..31: CAPS, 32..63: CAPS1 bit n-32), _REPLAY = 1: byte 1 is the replay tag ----"
    )?;
    for o in OPS {
        writeln!(out, "// {} (result: {}): {}", o.name, o.result.ascii(), Ascii(o.doc))?;
        writeln!(out, "//   operands: {}", o.layout)?;
        hex(out, Name("TXC_OP_", o.name, ""), 8, o.code.into(), "")?;
        int(out, Name("TXC_OP_", o.name, "_LEN"), o.len.into(), "")?;
        int(out, Name("TXC_OP_", o.name, "_CAP"), o.cap_bit.into(), "")?;
        int(out, Name("TXC_OP_", o.name, "_REPLAY"), o.replay.into(), "")?;
    }
    let caps = all_caps();
    hex(out, "TXC_CAPS_ALL", 32, caps as u32, "CAPS with every op above")?;
    hex(out, "TXC_CAPS1_ALL", 32, (caps >> 32) as u32, "CAPS1 with every op above")?;
    writeln!(out)?;
    render_subset(out, &crate::subset::Subset::RTL)?;
    writeln!(out)?;
    writeln!(out, "/* verilator lint_on UNUSEDPARAM */")?;
    Ok(())
}

/// The sampling subset of the RTL device (`TXC_SUBSET_*`): the bit sets of
/// [`crate::subset::Subset`], bit `k` = the descriptor value whose code is `k`.
fn render_subset(out: &mut impl Write, s: &crate::subset::Subset) -> fmt::Result {
    writeln!(
        out,
        "// ---- sampling subset (texcore_hal::subset::Subset::RTL): TXC_SUBSET_<field>, bit k = the value of code k ----"
    )?;
    hex(out, "TXC_SUBSET_OPS_BASE", 8, crate::subset::GOVERNED_BASE.into(), "op code of bit 0 of TXC_SUBSET_OPS")?;
    hex(out, "TXC_SUBSET_OPS", 32, s.ops, "governed op codes (bit = op code - TXC_SUBSET_OPS_BASE)")?;
    hex(out, "TXC_SUBSET_NV_OPS", 16, s.nv_ops.into(), "governed NVIDIA op codes (bit = op code, codes below 0x10)")?;
    hex(out, "TXC_SUBSET_TYPES", 16, s.types.into(), "texture types")?;
    let f = s.formats;
    writeln!(
        out,
        "localparam [127:0] TXC_SUBSET_FORMATS = 128'h{:08X}_{:08X}_{:08X}_{:08X}; // formats (by format code)",
        (f >> 96) as u32,
        (f >> 64) as u32,
        (f >> 32) as u32,
        f as u32
    )?;
    let f = s.compare_formats;
    writeln!(
        out,
        "localparam [127:0] TXC_SUBSET_CMP_FORMATS = 128'h{:08X}_{:08X}_{:08X}_{:08X}; // formats of the compare and gather ops",
        (f >> 96) as u32,
        (f >> 64) as u32,
        (f >> 32) as u32,
        f as u32
    )?;
    int(out, "TXC_SUBSET_SRGB", usize::from(s.srgb), "1: sRGB views admitted")?;
    hex(out, "TXC_SUBSET_LAYOUTS", 8, s.layouts.into(), "layouts")?;
    hex(out, "TXC_SUBSET_WRAPS", 8, s.wraps.into(), "wrap modes, on each axis of the view's type")?;
    hex(out, "TXC_SUBSET_FILTERS", 8, s.filters.into(), "mag and min filters")?;
    hex(out, "TXC_SUBSET_MIPS", 8, s.mips.into(), "mip filters")?;
    int(out, "TXC_SUBSET_MAG_EQ_MIN", usize::from(s.mag_eq_min), "1: the mag filter must equal the min filter")?;
    int(out, "TXC_SUBSET_MAX_ANISO_LOG2", s.max_aniso_log2.into(), "largest max_anisotropy_log2")?;
    int(out, "TXC_SUBSET_F16", usize::from(s.f16), "1: NVIDIA TLD4S.F16 admitted")
}

/// The code of a register access type in the generated Verilog (`TXC_ACCESS_*`).
const fn access_code(a: Access) -> usize {
    match a {
        Access::Ro => 0,
        Access::Rw => 1,
        Access::W1c => 2,
    }
}

/// Text with the non-ASCII characters of the docs spelled in ASCII (Verilog comments).
struct Ascii<'a>(&'a str);

impl fmt::Display for Ascii<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for ch in self.0.chars() {
            match ch {
                '×' => f.write_char('x')?,
                '−' | '–' => f.write_char('-')?,
                c if c.is_ascii() => f.write_char(c)?,
                _ => f.write_char('?')?,
            }
        }
        Ok(())
    }
}

struct Name<'a>(&'a str, &'a str, &'a str);

impl fmt::Display for Name<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}{}", self.0, self.1, self.2)
    }
}

struct Pair<'a>(&'a str, &'a str);

impl fmt::Display for Pair<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.0, self.1)
    }
}

enum Reset2 {
    Value(u32),
    Param(&'static str),
}

impl fmt::Display for Reset2 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reset2::Value(v) => write!(f, "0x{v:08X}"),
            Reset2::Param(p) => write!(f, "build parameter {p}"),
        }
    }
}

fn int(out: &mut impl Write, name: impl fmt::Display, value: usize, doc: impl fmt::Display) -> fmt::Result {
    write!(out, "localparam integer {name} = {value};")?;
    comment(out, doc)
}

fn hex(out: &mut impl Write, name: impl fmt::Display, bits: u32, value: u32, doc: impl fmt::Display) -> fmt::Result {
    let digits = bits.div_ceil(4) as usize;
    write!(out, "localparam [{}:0] {name} = {bits}'h{value:0digits$X};", bits - 1)?;
    comment(out, doc)
}

fn comment(out: &mut impl Write, doc: impl fmt::Display) -> fmt::Result {
    // Render into a probe to see whether the doc is empty, without a heap.
    struct NonEmpty(bool);
    impl Write for NonEmpty {
        fn write_str(&mut self, s: &str) -> fmt::Result {
            self.0 |= !s.is_empty();
            Ok(())
        }
    }
    let mut probe = NonEmpty(false);
    write!(probe, "{doc}")?;
    if probe.0 {
        write!(out, " // {doc}")?;
    }
    writeln!(out)
}
