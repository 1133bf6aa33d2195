`timescale 1ns/1ps
// Sizes of one view level (combinational): texcore::query::view_level_dims.
//
// level = base_level + lod; W_L = max(1, width >> level) (same for height, and depth for 3D);
// array lengths are not minified. `in_range` = 0 when lod >= levels (then x, y, z are 0);
// buffers have one level and ignore lod.
//
// | type                      | x        | y     | z     |
// | 1D                        | W_L      | 0     | 0     |
// | 1D array                  | W_L      | depth | 0     |
// | 2D, 2D_NO_MIPMAP, cube    | W_L      | H_L   | 0     |
// | 2D array, cube array      | W_L      | H_L   | depth |
// | 3D                        | W_L      | H_L   | D_L   |
// | buffer                    | width    | 0     | 0     |
module texcore_view_dims (
  input  logic [3:0]  ty,
  input  logic [31:0] width,
  input  logic [16:0] height,
  input  logic [16:0] depth,
  input  logic [5:0]  levels,
  input  logic [4:0]  base_level,
  input  logic [31:0] lod,
  output logic        in_range,
  output logic [31:0] x,
  output logic [31:0] y,
  output logic [31:0] z
);
  function automatic logic [16:0] minify(input logic [16:0] v, input logic [5:0] lv);
    logic [16:0] m;
    begin
      m = v >> lv;
      minify = (m == 17'd0) ? 17'd1 : m;
    end
  endfunction

  logic        is_buf, lod_ok;
  logic [5:0]  level;
  logic [16:0] wl, hl, dl;
  assign is_buf   = ty == texcore_vectors_pkg::TEX_ONE_D_BUFFER;
  assign lod_ok   = (lod[31:6] == 26'd0) && (lod[5:0] < levels);
  assign in_range = is_buf | lod_ok;
  assign level    = {1'b0, base_level} + lod[5:0];
  assign wl       = minify(width[16:0], level);
  assign hl       = minify(height, level);
  assign dl       = minify(depth, level);

  always @* begin
    x = 32'd0;
    y = 32'd0;
    z = 32'd0;
    if (is_buf) begin
      x = width;
    end else if (lod_ok) begin
      x = {15'd0, wl};
      case (ty)
        texcore_vectors_pkg::TEX_ONE_D_ARRAY: y = {15'd0, depth};
        texcore_vectors_pkg::TEX_TWO_D, texcore_vectors_pkg::TEX_TWO_D_NO_MIPMAP, texcore_vectors_pkg::TEX_CUBEMAP: y = {15'd0, hl};
        texcore_vectors_pkg::TEX_TWO_D_ARRAY, texcore_vectors_pkg::TEX_CUBEMAP_ARRAY: begin
          y = {15'd0, hl};
          z = {15'd0, depth};
        end
        texcore_vectors_pkg::TEX_THREE_D: begin
          y = {15'd0, hl};
          z = {15'd0, dl};
        end
        default: ;
      endcase
    end
  end
endmodule
