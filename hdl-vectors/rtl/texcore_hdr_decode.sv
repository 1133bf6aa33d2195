`timescale 1ns/1ps
// Texture-header decode and validation (combinational).
//
// Mirrors texcore::TextureHeader::from_words (core/src/descriptor/header.rs): `valid` is 0
// exactly when from_words returns an error. Only the fields the query unit needs are
// decoded; word 1 (base address) and word 5 beyond the pitch check are not used here.
//
//  word 0: [3:0] type, [11:4] format, [12] sRGB, [14:13] layout, [17:15] ms mode,
//          [29:18] swizzle x,y,z,w (3 bits each), [31:30] reserved
//  word 2: width-1            word 3: [15:0] height-1, [31:16] depth-1
//  word 4: [4:0] levels-1, [9:5] base level, [14:10] quilt w, [19:15] quilt h, [31:20] reserved
//  word 5: row pitch          words 6, 7: reserved
module texcore_hdr_decode (
  /* verilator lint_off UNUSEDSIGNAL */
  input  logic [255:0] words,
  /* verilator lint_on UNUSEDSIGNAL */
  output logic         valid,
  output logic [3:0]   ty,
  output logic [4:0]   samples,     // 1, 2, 4, 8, 16
  output logic [31:0]  width,       // level-0 width (buffers: elements)
  output logic [16:0]  height,
  output logic [16:0]  depth,       // 3D depth, array layers, cube-array cubes, 2D_NO_MIPMAP depth
  output logic [5:0]   levels,      // levels in the view, 1 ..= 17 when valid
  output logic [4:0]   base_level,
  output logic [4:0]   quilt_w,
  output logic [4:0]   quilt_h
);
  logic [31:0] w0, w2, w3, w4, w5, w6, w7;
  assign w0 = words[31:0];
  assign w2 = words[95:64];
  assign w3 = words[127:96];
  assign w4 = words[159:128];
  assign w5 = words[191:160];
  assign w6 = words[223:192];
  assign w7 = words[255:224];

  logic [7:0] fmt;
  logic       srgb;
  logic [1:0] layout;
  logic [2:0] ms;
  assign ty         = w0[3:0];
  assign fmt        = w0[11:4];
  assign srgb       = w0[12];
  assign layout     = w0[14:13];
  assign ms         = w0[17:15];
  assign width      = w2 + 32'd1;
  assign height     = {1'b0, w3[15:0]} + 17'd1;
  assign depth      = {1'b0, w3[31:16]} + 17'd1;
  assign levels     = {1'b0, w4[4:0]} + 6'd1;
  assign base_level = w4[9:5];
  assign quilt_w    = w4[14:10];
  assign quilt_h    = w4[19:15];

  always @* begin
    case (ms)
      texcore_vectors_pkg::MS_MODE_2X1: samples = 5'd2;
      texcore_vectors_pkg::MS_MODE_2X2: samples = 5'd4;
      texcore_vectors_pkg::MS_MODE_4X2: samples = 5'd8;
      texcore_vectors_pkg::MS_MODE_4X4: samples = 5'd16;
      default:     samples = 5'd1;
    endcase
  end

  // The chain-length check without the chain length: for a 16-bit field m (a size minus
  // one), base + levels > bit length of m + 1 exactly when m + 1 < 2^(base + levels - 1),
  // i.e. when bit n = base + (levels - 1) of the thermometer code t(m) is clear, where
  // t(m)[i] = (m + 1 >= 2^i) = (m >= 2^i - 1) = m[15:i] is not zero or m[i-1:0] is all
  // ones (bits 0 .. 16; the 32-bit code is zero from bit 17 on). Shallow logic, no adder.
  function automatic logic [31:0] thermo(input logic [15:0] m);
    integer i;
    begin
      thermo = 32'd1;
      for (i = 1; i < 17; i = i + 1)
        thermo[i] = ((m >> i) != 16'd0) || ((m | (16'hFFFF << i)) == 16'hFFFF);
    end
  endfunction

  logic is_1d, is_2d, is_3d, is_cube, is_1da, is_2da, is_buf, is_2dnm, is_cubea;
  assign is_1d    = ty == texcore_vectors_pkg::TEX_ONE_D;
  assign is_2d    = ty == texcore_vectors_pkg::TEX_TWO_D;
  assign is_3d    = ty == texcore_vectors_pkg::TEX_THREE_D;
  assign is_cube  = ty == texcore_vectors_pkg::TEX_CUBEMAP;
  assign is_1da   = ty == texcore_vectors_pkg::TEX_ONE_D_ARRAY;
  assign is_2da   = ty == texcore_vectors_pkg::TEX_TWO_D_ARRAY;
  assign is_buf   = ty == texcore_vectors_pkg::TEX_ONE_D_BUFFER;
  assign is_2dnm  = ty == texcore_vectors_pkg::TEX_TWO_D_NO_MIPMAP;
  assign is_cubea = ty == texcore_vectors_pkg::TEX_CUBEMAP_ARRAY;

  logic h_is_1, d_is_1, square;
  assign h_is_1 = w3[15:0] == 16'd0;
  assign d_is_1 = w3[31:16] == 16'd0;
  assign square = w2 == {16'd0, w3[15:0]};

  logic size_ok;
  always @* begin
    size_ok = 1'b1;
    if (is_1d | is_buf) size_ok = h_is_1 & d_is_1;
    if (is_1da)         size_ok = h_is_1;
    if (is_2d)          size_ok = d_is_1;
    if (is_cube)        size_ok = square & d_is_1;
    if (is_cubea)       size_ok = square;
  end

  // Full chain: the thermometer code of the largest minified dimension. Only 17-bit sizes
  // matter (a width above 65536 is a size error, and a buffer's single level always fits),
  // and the code is monotonic in the size, so the three codes are formed in parallel and the
  // one of the largest dimension is picked by comparing the raw fields (shallow logic).
  logic [31:0] t_w, t_h, t_d, t_wh, t_chain;
  logic        w_ge_h, d_gt_wh;
  logic [5:0]  lv_top;                 // base + levels - 1: the top level's index
  assign t_w     = thermo(w2[15:0]);
  assign t_h     = thermo(w3[15:0]);
  assign t_d     = thermo(w3[31:16]);
  assign w_ge_h  = w2[15:0] >= w3[15:0];
  assign d_gt_wh = w_ge_h ? (w3[31:16] > w2[15:0]) : (w3[31:16] > w3[15:0]);
  assign t_wh    = w_ge_h ? t_w : t_h;
  assign t_chain = (is_1d | is_1da | is_buf) ? t_w : (is_3d & d_gt_wh) ? t_d : t_wh;
  assign lv_top  = {1'b0, base_level} + {1'b0, w4[4:0]};

  // Pitch check: pitch < row bytes = (w2[15:0] + 1) << bpt_log2 exactly when
  // pitch >> bpt_log2 <= w2[15:0] (widths above 65536 are invalid anyway).
  logic [2:0]  bpt_log2;
  logic [31:0] pitch_t;
  assign bpt_log2 = texcore_vectors_pkg::FMT_BPT_LOG2[fmt * 3 +: 3];
  assign pitch_t  = w5 >> bpt_log2;

  logic single_level;
  assign single_level = is_buf | is_2dnm | (ms != texcore_vectors_pkg::MS_MODE_1X1);

  logic err_reserved, err_type, err_format, err_layout, err_ms, err_swizzle, err_srgb;
  logic err_size, err_multisample, err_levels, err_quilt, err_pitch;
  assign err_reserved    = (w0[31:30] != 2'd0) | (w4[31:20] != 12'd0) | (w6 != 32'd0) | (w7 != 32'd0);
  assign err_type        = ty > texcore_vectors_pkg::TEX_CUBEMAP_ARRAY;
  assign err_format      = ~texcore_vectors_pkg::FMT_VALID[fmt];
  assign err_layout      = layout[1];
  assign err_ms          = (ms == 3'd4) | (ms == 3'd5) | (ms == 3'd7);
  assign err_swizzle     = (w0[20:18] > texcore_vectors_pkg::SWZ_ONE) | (w0[23:21] > texcore_vectors_pkg::SWZ_ONE)
                         | (w0[26:24] > texcore_vectors_pkg::SWZ_ONE) | (w0[29:27] > texcore_vectors_pkg::SWZ_ONE);
  assign err_srgb        = srgb & ~texcore_vectors_pkg::FMT_SRGB_CAPABLE[fmt];
  assign err_size        = (&w2) | (~is_buf & (w2[31:16] != 16'd0)) | ~size_ok;
  assign err_multisample = (ms != texcore_vectors_pkg::MS_MODE_1X1) & ~(is_2d | is_2da | is_2dnm);
  assign err_levels      = (levels > 6'd17) | (base_level > 5'd16)
                         | (single_level & ((levels != 6'd1) | (base_level != 5'd0)))
                         | lv_top[5] | ~t_chain[lv_top[4:0]];          // base + levels > chain
  assign err_quilt       = ((quilt_w != 5'd0) | (quilt_h != 5'd0)) & ~(is_2d | is_2da);
  assign err_pitch       = ((w5 != 32'd0) & (is_buf | (layout != 2'd0) | (pitch_t <= {16'd0, w2[15:0]})))
                         | (is_buf & (layout != 2'd0));

  assign valid = ~(err_reserved | err_type | err_format | err_layout | err_ms | err_swizzle
                   | err_srgb | err_size | err_multisample | err_levels | err_quilt | err_pitch);
endmodule
