`timescale 1ns/1ps
// Texel address unit: texcore::memory::texel_address (core/src/memory.rs, "Layout of a
// texture"), sequential, for the sampler device's fetch / LOAD / STORE / atomics.
//
//   buffer:  address = base_address + x * bpp                         (x < width)
//   else:    address = base_address + layer * S + sum_{k<L} b_k + z * s_L + offset(x, y)
//                      + sample * bpp
//            with w_l = max(1, width >> l) (also height, and depth for 3D), tb = bpp * spp,
//            pitch-linear: p_l = row_pitch if l = 0 and row_pitch != 0, else w_l * tb;
//                          s_l = p_l * h_l;   offset = y * p_L + x * tb
//            4x4 tiled:    s_l = ceil(w_l/4) * ceil(h_l/4) * 16 * tb;
//                          offset = ((y>>2) * ceil(w_L/4) + (x>>2)) * 16 * tb + ((y&3)*4 + (x&3)) * tb
//            b_l = s_l * d_l; the layer stride S = sum of b_l over levels 0 .. base_level + levels - 1.
//   `ok` = every coordinate in range (x < w_L, y < h_L, z < d_L (3D) or z = 0, layer < layers,
//   sample < samples; a buffer needs y = z = layer = sample = 0) and the texel's bytes lie
//   inside the texel memory: address + bpp <= MEM_BYTES (so below 2^32, as the core requires).
//
// Every quantity is an unsigned value saturated at CAP = 2^39 (any value >= 2^32 makes the
// texel unaddressable, so saturation gives the exact verdict without wide arithmetic); a
// sum of saturated non-negative terms is min(CAP, exact sum) in any order.
//
// Datapath: one 40-bit saturating accumulator `acc` and one multiply-accumulate step,
// acc = sat(acc + ma * mb), radix 2 (one partial product per clock, ma doubled with
// saturation, mb halved, until mb = 0; a product by 2^k takes k + 1 clocks). Every product
// and sum of the formulas above is one such MAC issued by the sequencer below, except the
// texel's last terms (x * tb = x << log2(tb), the texel in its tile, the origin), each one
// saturating add in one clock (the only shifter: 16 bits by 0 … 8); the level sizes are
// halved level by level (max(1, v >> 1)). A level costs 25-60 clocks, an address at most
// about 1 100 clocks (17 levels of a 2D array at 16 samples of 16 bytes), a level-0 2D
// texel about 45.
// The caller holds the inputs stable from `start` until `done`.
//
// The sum is formed as the texel's own terms (y * p_L + x * tb, or the tiled offset) plus
// its origin O = layer * S + z * s_L + sum_{k<L} b_k + base_address + sample * bpp, which the
// unit keeps with the level's sizes in one of two slots (`slot`: a trilinear lane's two
// levels). `again` with `start` reuses the slot's: the caller asserts it only when the
// descriptor inputs, `level`, `z`, `layer` and `sample` equal those of the last `start` on
// that slot (the filtered taps of one lane and level differ in x and y only), and the unit
// then skips the level walk and the origin: a texel of any level then takes about 12 clocks
// (pitch-linear 2D, coordinates below 64: the range check, y * p_L on the MAC from O, and
// x * tb added as a shift in one clock).
module texcore_texel_addr #(
  parameter longint MEM_BYTES = 65536
) (
  input  logic        clk,
  input  logic        rst,
  input  logic        start,
  input  logic        again,        // with start: the slot's last level, z, layer, sample
  input  logic        slot,         // which of the two kept levels and origins
  input  logic [3:0]  ty,           // TEX_*
  input  logic        tiled,        // layout 4x4 tiled (else pitch-linear)
  input  logic [31:0] width,        // level-0 width (buffers: elements)
  input  logic [16:0] height,
  input  logic [16:0] depth,        // 3D depth / array layers / cubes
  input  logic [5:0]  levels,
  input  logic [4:0]  base_level,
  input  logic [31:0] base_address,
  input  logic [31:0] row_pitch,
  input  logic [2:0]  bpp_log2,     // bytes per texel = 1 << bpp_log2
  input  logic [2:0]  spp_log2,     // samples per pixel = 1 << spp_log2
  input  logic [5:0]  level,        // absolute level, base_level <= level < base_level + levels
  input  logic [31:0] x,
  input  logic [31:0] y,
  input  logic [31:0] z,
  input  logic [31:0] layer,
  input  logic [31:0] sample,
  output logic        done,
  output logic        ok,
  output logic [31:0] addr
);
  localparam int SW = 40;
  localparam logic [SW-1:0] CAP = 40'h80_0000_0000;   // 2^39

  // ---------------------------------------------------------------- MAC
  logic [SW-1:0] acc, ma;
  logic [19:0]   mb;
  wire  [SW:0]   sum     = {1'b0, acc} + {1'b0, ma};
  wire  [SW-1:0] acc_add = (sum[SW] | sum[SW-1]) ? CAP : sum[SW-1:0];       // sat(acc + ma)
  wire  [SW-1:0] ma_dbl  = (ma[SW-1] | ma[SW-2]) ? CAP : {ma[SW-2:0], 1'b0}; // sat(2 ma)
  // sat(a + b) of two saturated values: the adds that need no multiply (x * tb, the texel in
  // its tile, the origin) in one clock, x * tb as x << log2(tb) (a 16-bit value shifted by
  // at most 8: below 2^24, never saturated)
  function automatic logic [SW-1:0] acc_plus(input logic [SW-1:0] a, input logic [SW-1:0] b);
    logic [SW:0] t;
    t = {1'b0, a} + {1'b0, b};
    acc_plus = (t[SW] | t[SW-1]) ? CAP : t[SW-1:0];
  endfunction

  // ---------------------------------------------------------------- sizes
  function automatic logic [16:0] half1(input logic [16:1] v);   // max(1, v >> 1) of v[16:0]
    half1 = (v == 16'd0) ? 17'd1 : {1'b0, v};
  endfunction

  wire        is_buf = ty == texcore_vectors_pkg::TEX_ONE_D_BUFFER;
  wire        is_3d  = ty == texcore_vectors_pkg::TEX_THREE_D;
  wire [3:0]  tbs    = {1'b0, bpp_log2} + {1'b0, spp_log2};   // log2 of bytes per pixel (<= 8)
  // layers: 1D/2D arrays and 2D_NO_MIPMAP: depth; cube: 6; cube array: 6 * cubes.
  logic [19:0] layers;
  always @* begin
    case (ty)
      texcore_vectors_pkg::TEX_ONE_D_ARRAY, texcore_vectors_pkg::TEX_TWO_D_ARRAY,
      texcore_vectors_pkg::TEX_TWO_D_NO_MIPMAP: layers = {3'd0, depth};
      texcore_vectors_pkg::TEX_CUBEMAP:         layers = 20'd6;
      texcore_vectors_pkg::TEX_CUBEMAP_ARRAY:   layers = {depth, 2'b00} + {2'b00, depth, 1'b0};
      default:                                  layers = 20'd1;
    endcase
  end
  wire multi = layers > 20'd1;

  // ---------------------------------------------------------------- sequencer
  localparam logic [4:0]
    S_IDLE = 5'd0, S_BUF = 5'd1, S_BUFB = 5'd2, S_LVL = 5'd3, S_PITCH = 5'd4, S_SLICE = 5'd5,
    S_TILE = 5'd6, S_NEXT = 5'd8, S_OFF = 5'd9, S_RANGE = 5'd10, S_TY1 = 5'd11,
    S_TY2 = 5'd12, S_TY3 = 5'd13, S_X = 5'd14, S_Z = 5'd16, S_BL = 5'd17,
    S_BASE = 5'd18, S_SMP = 5'd19, S_CHECK = 5'd20, S_RUN = 5'd21, S_ORG = 5'd22, S_ADD = 5'd23;
  logic [4:0]    st, ret;
  logic [5:0]    l, last;
  logic [16:0]   wl, hl, dl;                     // level l sizes
  logic [16:0]   wk [0:1], hk [0:1], dk [0:1];    // level `level` sizes, per slot
  logic [SW-1:0] pk [0:1], ok_org [0:1];         // its pitch p_L and the origin O, per slot
  logic [SW-1:0] off, slice, pitch, base_l, slice_l;
  wire  [16:0]   w_L = wk[slot], h_L = hk[slot], d_L = dk[slot];
  wire  [SW-1:0] pitch_l = pk[slot], org = ok_org[slot];
  wire  [14:0]   txl = 15'((wl + 17'd3) >> 2);   // ceil(w_l / 4)
  wire  [14:0]   tyl = 15'((hl + 17'd3) >> 2);

  // Issue acc = sat((CLR ? 0 : acc) + A * B), then continue at state NEXT.
`define TXA_MAC(A, B, CLR, NEXT) begin \
    ma <= SW'(A); mb <= 20'(B); if (CLR) acc <= '0; ret <= NEXT; st <= S_RUN; end

  always @(posedge clk) begin
    done <= 1'b0;
    if (rst) begin
      st <= S_IDLE;
    end else begin
      case (st)
        S_IDLE: if (start) begin
          ok <= 1'b0;
          addr <= 32'd0;
          if (is_buf) begin
            st <= S_BUF;
          end else if (again) begin
            st <= S_RANGE;                             // the level and origin of the last start
          end else begin
            l <= 6'd0;
            off <= '0;
            wl <= (width[16:0] == 17'd0) ? 17'd1 : width[16:0];
            hl <= (height == 17'd0) ? 17'd1 : height;
            dl <= (!is_3d || depth == 17'd0) ? 17'd1 : depth;
            last <= multi ? {1'b0, base_level} + levels : level + 6'd1;
            st <= S_LVL;
          end
        end
        // ---- buffer: base + x * bpp
        S_BUF: `TXA_MAC(x, 20'd1 << bpp_log2, 1'b1, S_BUFB)
        S_BUFB: begin
          ok <= (x < width) && y == 32'd0 && z == 32'd0 && layer == 32'd0 && sample == 32'd0;
          `TXA_MAC(base_address, 20'd1, 1'b0, S_CHECK)
        end
        // ---- level l: pitch, slice, level bytes
        S_LVL:
          if (tiled) begin
            pitch <= {25'd0, txl};
            `TXA_MAC(txl, tyl, 1'b1, S_TILE)
          end else if (l == 6'd0 && row_pitch != 32'd0) begin
            pitch <= {8'd0, row_pitch};
            `TXA_MAC(row_pitch, hl, 1'b1, S_SLICE)
          end else begin
            `TXA_MAC(wl, 20'd1 << tbs, 1'b1, S_PITCH)
          end
        S_PITCH: begin                                 // p_l = w_l * tb
          pitch <= acc;
          `TXA_MAC(acc, hl, 1'b1, S_SLICE)
        end
        S_TILE: `TXA_MAC(acc, 20'd1 << (tbs + 4'd4), 1'b1, S_SLICE)   // tiles * 16 * tb
        S_SLICE: begin                                 // s_l = acc; b_l = s_l * d_l
          slice <= acc;
          `TXA_MAC(acc, dl, 1'b1, S_NEXT)
        end
        S_NEXT: begin
          if (l == level) begin
            base_l <= off;
            slice_l <= slice;
            pk[slot] <= pitch;
            wk[slot] <= wl; hk[slot] <= hl; dk[slot] <= dl;
          end
          `TXA_MAC(off, 20'd1, 1'b0, S_OFF)           // off + b_l
        end
        S_OFF: begin
          off <= acc;
          l <= l + 6'd1;
          wl <= half1(wl[16:1]);
          hl <= half1(hl[16:1]);
          dl <= is_3d ? half1(dl[16:1]) : 17'd1;
          if (l + 6'd1 == last) `TXA_MAC(multi ? acc : '0, layer[19:0], 1'b1, S_Z)   // O = layer * S
          else st <= S_LVL;
        end
        // ---- the origin O of level `level`, layer, z and sample
        S_Z:     `TXA_MAC(slice_l, z[15:0], 1'b0, S_BL)                 // + z * s_L
        S_BL:    `TXA_MAC(base_l, 20'd1, 1'b0, S_BASE)                  // + levels below L
        S_BASE:  `TXA_MAC(base_address, 20'd1, 1'b0, S_SMP)
        S_SMP:   `TXA_MAC(sample[4:0], 20'd1 << bpp_log2, 1'b0, S_ORG)  // + sample * bpp
        S_ORG: begin
          ok_org[slot] <= acc;
          st <= S_RANGE;
        end
        // ---- the texel: range, then the sum of its terms in acc
        S_RANGE:
          if (x < {15'd0, w_L} && y < {15'd0, h_L} && z < (is_3d ? {15'd0, d_L} : 32'd1)
              && layer < {12'd0, layers} && sample < (32'd1 << spp_log2)) begin
            ok <= 1'b1;
            if (tiled) `TXA_MAC(pitch_l, y[15:2], 1'b1, S_TY1)        // tile row * tiles per row
            else begin
              acc <= org;                                              // O + y * p_L
              `TXA_MAC(pitch_l, y[15:0], 1'b0, S_X)
            end
          end else begin
            done <= 1'b1;                              // out of range: ok = 0
            st <= S_IDLE;
          end
        S_TY1: `TXA_MAC(x[15:2], 20'd1, 1'b0, S_TY2)                   // + tile column
        S_TY2: `TXA_MAC(acc, 20'd1 << (tbs + 4'd4), 1'b1, S_TY3)       // * 16 * tb
        S_TY3: begin                                   // + texel in the tile, then + O
          acc <= acc_plus(acc, SW'({y[1:0], x[1:0]}) << tbs);
          st <= S_ADD;
        end
        S_X: begin                                     // + x * tb
          acc <= acc_plus(acc, SW'(x[15:0]) << tbs);
          st <= S_CHECK;
        end
        S_ADD: begin
          acc <= acc_plus(acc, org);
          st <= S_CHECK;
        end
        S_CHECK: begin
          ok <= ok && ({1'b0, acc} + (41'd1 << bpp_log2) <= 41'(MEM_BYTES));
          addr <= acc[31:0];
          done <= 1'b1;
          st <= S_IDLE;
        end
        S_RUN: begin                                   // one partial product per clock
          if (mb == 20'd0) begin
            st <= ret;
          end else begin
            if (mb[0]) acc <= acc_add;
            ma <= ma_dbl;
            mb <= {1'b0, mb[19:1]};
          end
        end
        default: st <= S_IDLE;
      endcase
    end
  end
`undef TXA_MAC
endmodule
