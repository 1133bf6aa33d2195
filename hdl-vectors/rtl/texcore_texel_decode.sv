`timescale 1ns/1ps
// Format decoder: texcore::texel::decode. Reference for the `texel_decode` vectors.
//
// One texel's 16 stored bytes (byte k at texel[8k +: 8], little-endian) and its format ->
// the raw (x, y, z, w) components in texcore's exact domain, 64-bit two's complement:
// UNORM/SNORM stay integers (SNORM's most negative code reads as -(2^(n-1) - 1)),
// binary16/binary32 stay bit patterns, integers are zero/sign-extended. Missing components
// are 0, a missing w is the domain's one (2^n - 1, 2^(n-1) - 1, 0x3C00, 0x3F800000 or 1).
// sRGB (the header bit, only for FMT_SRGB_CAPABLE formats: RGBA8/BGRA8 UNORM): r, g, b
// through SRGB_TO_LINEAR16 (generated/texcore_srgb_lut.svh, from the core's table) to
// UNORM16. Every FMT_* code is decoded; other codes give zeros.
// Pipelined, one texel per clock, latency 2: input registers, decode, output registers.
module texcore_texel_decode (
  input  logic         clk,
  input  logic         rst,
  input  logic         in_valid,
  input  logic [7:0]   fmt,                // FMT_*
  input  logic         srgb,               // header sRGB bit
  input  logic [127:0] texel,              // stored bytes
  output logic         out_valid,
  output logic [63:0]  x, y, z, w
);
`include "texcore_srgb_lut.svh"

  logic         v0, srgb0;
  logic [7:0]   fmt0;
  logic [127:0] t0;
  // Every stage register loads only while an item is at the input or in flight (clock
  // enable: the pipeline holds when idle, which saves power and simulation time); the
  // valid bits are not gated.
  logic act;
  always @(posedge clk) v0 <= rst ? 1'b0 : in_valid;
  always @(posedge clk) if (act) begin
    fmt0 <= fmt; srgb0 <= srgb; t0 <= texel;
  end

  function automatic logic [63:0] z8(input logic [7:0] v);   z8 = {56'd0, v}; endfunction
  function automatic logic [63:0] s8(input logic [7:0] v);   s8 = {{56{v[7]}}, v}; endfunction
  function automatic logic [63:0] n8(input logic [7:0] v);   // SNORM8: -128 reads as -127
    n8 = (v == 8'h80) ? 64'hFFFF_FFFF_FFFF_FF81 : {{56{v[7]}}, v};
  endfunction
  function automatic logic [63:0] z16(input logic [15:0] v); z16 = {48'd0, v}; endfunction
  function automatic logic [63:0] s16(input logic [15:0] v); s16 = {{48{v[15]}}, v}; endfunction
  function automatic logic [63:0] z32(input logic [31:0] v); z32 = {32'd0, v}; endfunction
  function automatic logic [63:0] s32(input logic [31:0] v); s32 = {{32{v[31]}}, v}; endfunction
  function automatic logic [63:0] lin(input logic [7:0] v);  lin = {48'd0, SRGB_TO_LINEAR16[16*v +: 16]}; endfunction

  localparam logic [63:0] ONE_U8  = 64'd255;
  localparam logic [63:0] ONE_S8  = 64'd127;
  localparam logic [63:0] ONE_U16 = 64'd65535;
  localparam logic [63:0] ONE_U24 = 64'hFF_FFFF;
  localparam logic [63:0] ONE_F16 = 64'h3C00;
  localparam logic [63:0] ONE_F32 = 64'h3F80_0000;
  localparam logic [63:0] ONE_INT = 64'd1;

  logic        se;                          // effective sRGB
  logic [63:0] cx, cy, cz, cw;
  assign se = srgb0 & texcore_vectors_pkg::FMT_SRGB_CAPABLE[fmt0];
  always @* begin
    cx = '0; cy = '0; cz = '0; cw = '0;
    case (fmt0)
      texcore_vectors_pkg::FMT_R8_UNORM:       begin cx = z8(t0[7:0]); cw = ONE_U8; end
      texcore_vectors_pkg::FMT_RG8_UNORM:      begin cx = z8(t0[7:0]); cy = z8(t0[15:8]); cw = ONE_U8; end
      texcore_vectors_pkg::FMT_RGBA8_UNORM:
        if (se) begin cx = lin(t0[7:0]); cy = lin(t0[15:8]); cz = lin(t0[23:16]); cw = z8(t0[31:24]); end
        else begin cx = z8(t0[7:0]); cy = z8(t0[15:8]); cz = z8(t0[23:16]); cw = z8(t0[31:24]); end
      texcore_vectors_pkg::FMT_BGRA8_UNORM:
        if (se) begin cx = lin(t0[23:16]); cy = lin(t0[15:8]); cz = lin(t0[7:0]); cw = z8(t0[31:24]); end
        else begin cx = z8(t0[23:16]); cy = z8(t0[15:8]); cz = z8(t0[7:0]); cw = z8(t0[31:24]); end
      texcore_vectors_pkg::FMT_R8_SNORM:       begin cx = n8(t0[7:0]); cw = ONE_S8; end
      texcore_vectors_pkg::FMT_RG8_SNORM:      begin cx = n8(t0[7:0]); cy = n8(t0[15:8]); cw = ONE_S8; end
      texcore_vectors_pkg::FMT_RGBA8_SNORM:    begin cx = n8(t0[7:0]); cy = n8(t0[15:8]); cz = n8(t0[23:16]); cw = n8(t0[31:24]); end
      texcore_vectors_pkg::FMT_BGRA8_SNORM:    begin cx = n8(t0[23:16]); cy = n8(t0[15:8]); cz = n8(t0[7:0]); cw = n8(t0[31:24]); end
      texcore_vectors_pkg::FMT_RGB565_UNORM:
        begin cx = {59'd0, t0[15:11]}; cy = {58'd0, t0[10:5]}; cz = {59'd0, t0[4:0]}; cw = 64'd31; end
      texcore_vectors_pkg::FMT_RGBA4444_UNORM:
        begin cx = {60'd0, t0[15:12]}; cy = {60'd0, t0[11:8]}; cz = {60'd0, t0[7:4]}; cw = {60'd0, t0[3:0]}; end
      texcore_vectors_pkg::FMT_RGB5A1_UNORM:
        begin cx = {59'd0, t0[15:11]}; cy = {59'd0, t0[10:6]}; cz = {59'd0, t0[5:1]}; cw = {63'd0, t0[0]}; end
      texcore_vectors_pkg::FMT_A8_UNORM:       cw = z8(t0[7:0]);
      texcore_vectors_pkg::FMT_L8_UNORM:       begin cx = z8(t0[7:0]); cy = z8(t0[7:0]); cz = z8(t0[7:0]); cw = ONE_U8; end
      texcore_vectors_pkg::FMT_LA8_UNORM:      begin cx = z8(t0[7:0]); cy = z8(t0[7:0]); cz = z8(t0[7:0]); cw = z8(t0[15:8]); end
      texcore_vectors_pkg::FMT_I8_UNORM:       begin cx = z8(t0[7:0]); cy = z8(t0[7:0]); cz = z8(t0[7:0]); cw = z8(t0[7:0]); end
      texcore_vectors_pkg::FMT_R16_UNORM:      begin cx = z16(t0[15:0]); cw = ONE_U16; end
      texcore_vectors_pkg::FMT_RG16_UNORM:     begin cx = z16(t0[15:0]); cy = z16(t0[31:16]); cw = ONE_U16; end
      texcore_vectors_pkg::FMT_RGBA16_UNORM:   begin cx = z16(t0[15:0]); cy = z16(t0[31:16]); cz = z16(t0[47:32]); cw = z16(t0[63:48]); end
      texcore_vectors_pkg::FMT_R8_UINT:        begin cx = z8(t0[7:0]); cw = ONE_INT; end
      texcore_vectors_pkg::FMT_RG8_UINT:       begin cx = z8(t0[7:0]); cy = z8(t0[15:8]); cw = ONE_INT; end
      texcore_vectors_pkg::FMT_RGBA8_UINT:     begin cx = z8(t0[7:0]); cy = z8(t0[15:8]); cz = z8(t0[23:16]); cw = z8(t0[31:24]); end
      texcore_vectors_pkg::FMT_R8_SINT:        begin cx = s8(t0[7:0]); cw = ONE_INT; end
      texcore_vectors_pkg::FMT_RG8_SINT:       begin cx = s8(t0[7:0]); cy = s8(t0[15:8]); cw = ONE_INT; end
      texcore_vectors_pkg::FMT_RGBA8_SINT:     begin cx = s8(t0[7:0]); cy = s8(t0[15:8]); cz = s8(t0[23:16]); cw = s8(t0[31:24]); end
      texcore_vectors_pkg::FMT_R16_UINT:       begin cx = z16(t0[15:0]); cw = ONE_INT; end
      texcore_vectors_pkg::FMT_RG16_UINT:      begin cx = z16(t0[15:0]); cy = z16(t0[31:16]); cw = ONE_INT; end
      texcore_vectors_pkg::FMT_RGBA16_UINT:    begin cx = z16(t0[15:0]); cy = z16(t0[31:16]); cz = z16(t0[47:32]); cw = z16(t0[63:48]); end
      texcore_vectors_pkg::FMT_R16_SINT:       begin cx = s16(t0[15:0]); cw = ONE_INT; end
      texcore_vectors_pkg::FMT_RG16_SINT:      begin cx = s16(t0[15:0]); cy = s16(t0[31:16]); cw = ONE_INT; end
      texcore_vectors_pkg::FMT_RGBA16_SINT:    begin cx = s16(t0[15:0]); cy = s16(t0[31:16]); cz = s16(t0[47:32]); cw = s16(t0[63:48]); end
      texcore_vectors_pkg::FMT_R32_UINT:       begin cx = z32(t0[31:0]); cw = ONE_INT; end
      texcore_vectors_pkg::FMT_RG32_UINT:      begin cx = z32(t0[31:0]); cy = z32(t0[63:32]); cw = ONE_INT; end
      texcore_vectors_pkg::FMT_RGBA32_UINT:    begin cx = z32(t0[31:0]); cy = z32(t0[63:32]); cz = z32(t0[95:64]); cw = z32(t0[127:96]); end
      texcore_vectors_pkg::FMT_R32_SINT:       begin cx = s32(t0[31:0]); cw = ONE_INT; end
      texcore_vectors_pkg::FMT_RG32_SINT:      begin cx = s32(t0[31:0]); cy = s32(t0[63:32]); cw = ONE_INT; end
      texcore_vectors_pkg::FMT_RGBA32_SINT:    begin cx = s32(t0[31:0]); cy = s32(t0[63:32]); cz = s32(t0[95:64]); cw = s32(t0[127:96]); end
      texcore_vectors_pkg::FMT_R16_FLOAT:      begin cx = z16(t0[15:0]); cw = ONE_F16; end
      texcore_vectors_pkg::FMT_RG16_FLOAT:     begin cx = z16(t0[15:0]); cy = z16(t0[31:16]); cw = ONE_F16; end
      texcore_vectors_pkg::FMT_RGBA16_FLOAT:   begin cx = z16(t0[15:0]); cy = z16(t0[31:16]); cz = z16(t0[47:32]); cw = z16(t0[63:48]); end
      texcore_vectors_pkg::FMT_R32_FLOAT:      begin cx = z32(t0[31:0]); cw = ONE_F32; end
      texcore_vectors_pkg::FMT_RG32_FLOAT:     begin cx = z32(t0[31:0]); cy = z32(t0[63:32]); cw = ONE_F32; end
      texcore_vectors_pkg::FMT_RGBA32_FLOAT:   begin cx = z32(t0[31:0]); cy = z32(t0[63:32]); cz = z32(t0[95:64]); cw = z32(t0[127:96]); end
      texcore_vectors_pkg::FMT_Z16_UNORM:      begin cx = z16(t0[15:0]); cy = z16(t0[15:0]); cz = z16(t0[15:0]); cw = ONE_U16; end
      texcore_vectors_pkg::FMT_X8Z24_UNORM, texcore_vectors_pkg::FMT_Z24S8_UNORM:
        begin cx = {40'd0, t0[23:0]}; cy = cx; cz = cx; cw = ONE_U24; end
      texcore_vectors_pkg::FMT_Z32_FLOAT:      begin cx = z32(t0[31:0]); cy = cx; cz = cx; cw = ONE_F32; end
      texcore_vectors_pkg::FMT_S8_UINT:        begin cx = z8(t0[7:0]); cy = cx; cz = cx; cw = cx; end
      default: ;
    endcase
  end

  always @(posedge clk) out_valid <= rst ? 1'b0 : v0;
  always @(posedge clk) if (act) begin
    x <= cx; y <= cy; z <= cz; w <= cw;
  end
  assign act = in_valid | v0;
endmodule
