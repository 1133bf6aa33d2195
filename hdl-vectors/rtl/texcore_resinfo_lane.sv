`timescale 1ns/1ps
// One lane of Intel INFO resinfo (combinational): texcore::query::intel::resinfo_lane.
//
// shift = base_level + lod (saturating); v >> shift is 0 for shifts of 32 or more; no
// max(1, ...) (the vISA table's formula). MIPCount = levels.
//
// | surface                 | R                     | G                      | B                | A        |
// | 1D                      | W>>s                  | 0                      | 0                | levels   |
// | 1D array                | W>>s                  | depth                  | 0                | levels   |
// | 2D, 2D_NO_MIPMAP        | (W>>s)*(quilt_w+1)    | (H>>s)*(quilt_h+1)     | 0                | levels   |
// | 2D array                | (W>>s)*(quilt_w+1)    | (H>>s)*(quilt_h+1)     | depth            | levels   |
// | 3D                      | W>>s                  | H>>s                   | D>>s             | levels   |
// | cube, cube array        | W>>s                  | H>>s                   | depth            | levels   |
// | buffer                  | width                 | 0                      | 0                | 1        |
module texcore_resinfo_lane (
  input  logic [3:0]   ty,
  input  logic [31:0]  width,
  input  logic [16:0]  height,
  input  logic [16:0]  depth,
  input  logic [5:0]   levels,
  input  logic [4:0]   base_level,
  input  logic [4:0]   quilt_w,
  input  logic [4:0]   quilt_h,
  input  logic [31:0]  lod,
  output logic [127:0] rgba      // {A, B, G, R}
);
  logic [32:0] shift;
  logic        big;
  logic [16:0] w, h, d;
  assign shift = {1'b0, lod} + {28'd0, base_level};
  assign big   = shift[32:5] != 28'd0;
  assign w     = big ? 17'd0 : width[16:0] >> shift[4:0];
  assign h     = big ? 17'd0 : height >> shift[4:0];
  assign d     = big ? 17'd0 : depth >> shift[4:0];

  logic [22:0] wq, hq;
  assign wq = {6'd0, w} * ({18'd0, quilt_w} + 23'd1);
  assign hq = {6'd0, h} * ({18'd0, quilt_h} + 23'd1);

  logic [31:0] r, g, b, a;
  always @* begin
    r = {15'd0, w};
    g = 32'd0;
    b = 32'd0;
    a = {26'd0, levels};
    case (ty)
      texcore_vectors_pkg::TEX_ONE_D_ARRAY: g = {15'd0, depth};
      texcore_vectors_pkg::TEX_TWO_D, texcore_vectors_pkg::TEX_TWO_D_NO_MIPMAP: begin
        r = {9'd0, wq};
        g = {9'd0, hq};
      end
      texcore_vectors_pkg::TEX_TWO_D_ARRAY: begin
        r = {9'd0, wq};
        g = {9'd0, hq};
        b = {15'd0, depth};
      end
      texcore_vectors_pkg::TEX_THREE_D: begin
        g = {15'd0, h};
        b = {15'd0, d};
      end
      texcore_vectors_pkg::TEX_CUBEMAP, texcore_vectors_pkg::TEX_CUBEMAP_ARRAY: begin
        g = {15'd0, h};
        b = {15'd0, depth};
      end
      texcore_vectors_pkg::TEX_ONE_D_BUFFER: begin
        r = width;
        a = 32'd1;
      end
      default: ;
    endcase
  end
  assign rgba = {a, b, g, r};
endmodule
