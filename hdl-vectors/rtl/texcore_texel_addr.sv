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
// texel unaddressable, so saturation gives the exact verdict without wide arithmetic). The
// products use one radix-16 shift-add multiplier (40 x 20 bits, 5 clocks, no DSP). A level
// costs 6-12 clocks; an address at most about 250 clocks (17 levels of a 3D array).
// The caller holds the inputs stable from `start` until `done`.
module texcore_texel_addr #(
  parameter longint MEM_BYTES = 65536
) (
  input  logic        clk,
  input  logic        rst,
  input  logic        start,
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

  function automatic logic [SW-1:0] sat(input logic [63:0] v);
    sat = (v >= {24'd0, CAP}) ? CAP : v[SW-1:0];
  endfunction
  function automatic logic [SW-1:0] sadd(input logic [SW-1:0] a, input logic [SW-1:0] b);
    sadd = sat({24'd0, a} + {24'd0, b});
  endfunction
  function automatic logic [16:0] minify(input logic [16:0] v, input logic [5:0] l);
    logic [16:0] s;
    s = v >> l;
    minify = (s == 17'd0) ? 17'd1 : s;
  endfunction

  // ---------------------------------------------------------------- multiplier
  // p = sat(ma * mb), radix 16: one 40 x 4 partial product (shift-adds) per clock.
  logic        m_go, m_busy;
  logic [2:0]  m_step;
  logic [SW-1:0] ma;
  logic [19:0] mb;
  logic [63:0] m_acc;
  wire  [3:0]  nib = mb[4*m_step +: 4];
  wire  [43:0] pp = (nib[0] ? {4'd0, ma} : 44'd0) + (nib[1] ? {3'd0, ma, 1'b0} : 44'd0)
                  + (nib[2] ? {2'd0, ma, 2'b0} : 44'd0) + (nib[3] ? {1'd0, ma, 3'b0} : 44'd0);
  wire  [SW-1:0] m_p = sat(m_acc);
  always @(posedge clk) begin
    if (rst) begin
      m_busy <= 1'b0;
    end else if (m_go) begin
      m_busy <= 1'b1;
      m_step <= 3'd0;
      m_acc <= 64'd0;
    end else if (m_busy) begin
      m_acc <= m_acc + ({20'd0, pp} << {m_step, 2'b00});
      m_step <= m_step + 3'd1;
      if (m_step == 3'd4) m_busy <= 1'b0;
    end
  end

  // ---------------------------------------------------------------- sequencer
  localparam logic [3:0] S_IDLE = 4'd0, S_BUF = 4'd1, S_LVL = 4'd2, S_SLICE = 4'd3, S_LBYTES = 4'd4,
                         S_NEXT = 4'd5, S_RANGE = 4'd6, S_LAYER = 4'd7, S_Z = 4'd8, S_Y = 4'd9,
                         S_SUM = 4'd10, S_CHECK = 4'd11, S_WAIT = 4'd12;
  logic [3:0]  st, ret;
  logic [5:0]  l, last;
  logic [SW-1:0] off, slice, pitch, t_layer, t_z, t_y, total;
  logic [SW-1:0] base_l, slice_l, pitch_l;
  logic [16:0] wl_q, hl_q, dl_q;
  logic [16:0] w_L, h_L, d_L;

  wire        is_buf = ty == texcore_vectors_pkg::TEX_ONE_D_BUFFER;
  wire        is_3d  = ty == texcore_vectors_pkg::TEX_THREE_D;
  wire [3:0]  tbs    = {1'b0, bpp_log2} + {1'b0, spp_log2};   // log2 of bytes per pixel
  wire [16:0] wl     = minify(width[16:0], l);
  wire [16:0] hl     = minify(height, l);
  wire [16:0] dl     = is_3d ? minify(depth, l) : 17'd1;
  wire [14:0] txl    = 15'((wl + 17'd3) >> 2);                 // ceil(w_l / 4)
  wire [14:0] tyl    = 15'((hl + 17'd3) >> 2);
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
  wire [SW-1:0] bpp = 40'd1 << bpp_log2;

  always @(posedge clk) begin
    m_go <= 1'b0;
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
          end else begin
            l <= 6'd0;
            off <= 40'd0;
            last <= (layers > 20'd1) ? {1'b0, base_level} + levels : level + 6'd1;
            st <= S_LVL;
          end
        end
        S_BUF: begin
          total <= sadd({8'd0, base_address}, {8'd0, x} << bpp_log2);
          ok <= (x < width) && y == 32'd0 && z == 32'd0 && layer == 32'd0 && sample == 32'd0;
          st <= S_CHECK;
        end
        S_LVL: begin
          // s_l: p_l * h_l (pitch-linear) or ceil(w/4) * ceil(h/4) (tiled, scaled below).
          wl_q <= wl; hl_q <= hl; dl_q <= dl;
          if (tiled) begin
            pitch <= {25'd0, txl};
            ma <= {25'd0, txl};
            mb <= {5'd0, tyl};
          end else begin
            pitch <= (l == 6'd0 && row_pitch != 32'd0) ? {8'd0, row_pitch} : ({23'd0, wl} << tbs);
            ma <= (l == 6'd0 && row_pitch != 32'd0) ? {8'd0, row_pitch} : ({23'd0, wl} << tbs);
            mb <= {3'd0, hl};
          end
          m_go <= 1'b1;
          ret <= S_SLICE;
          st <= S_WAIT;
        end
        S_SLICE: begin
          // m_p = the product; tiled slices are 16 * tb bytes per tile.
          slice <= tiled ? sat({24'd0, m_p} << (tbs + 4'd4)) : m_p;
          ma <= tiled ? sat({24'd0, m_p} << (tbs + 4'd4)) : m_p;
          mb <= {3'd0, dl_q};
          if (dl_q != 17'd1) begin
            m_go <= 1'b1;
            ret <= S_LBYTES;
            st <= S_WAIT;
          end else begin
            st <= S_NEXT;
          end
        end
        S_LBYTES: begin
          slice <= slice;             // b_l = s_l * d_l is m_p; s_l stays for level L
          st <= S_NEXT;
        end
        S_NEXT: begin
          if (l == level) begin
            base_l <= off;
            slice_l <= slice;
            pitch_l <= pitch;
            w_L <= wl_q; h_L <= hl_q; d_L <= dl_q;
          end
          off <= sadd(off, (dl_q != 17'd1) ? m_p : slice);
          l <= l + 6'd1;
          st <= (l + 6'd1 == last) ? S_RANGE : S_LVL;
        end
        S_RANGE: begin
          if (x < {15'd0, w_L} && y < {15'd0, h_L} && z < (is_3d ? {15'd0, d_L} : 32'd1)
              && layer < {12'd0, layers} && sample < (32'd1 << spp_log2)) begin
            ma <= (layers > 20'd1) ? off : 40'd0;    // the layer stride
            mb <= layer[19:0];
            m_go <= 1'b1;
            ret <= S_LAYER;
            st <= S_WAIT;
          end else begin
            done <= 1'b1;                             // out of range: ok = 0
            st <= S_IDLE;
          end
        end
        S_LAYER: begin
          t_layer <= m_p;
          ma <= slice_l;
          mb <= {4'd0, z[15:0]};
          m_go <= 1'b1;
          ret <= S_Z;
          st <= S_WAIT;
        end
        S_Z: begin
          t_z <= m_p;
          ma <= pitch_l;
          mb <= tiled ? {6'd0, y[15:2]} : {4'd0, y[15:0]};
          m_go <= 1'b1;
          ret <= S_Y;
          st <= S_WAIT;
        end
        S_Y: begin
          // offset(x, y) in the slice
          if (tiled)
            t_y <= sadd(sat({24'd0, sadd(m_p, {26'd0, x[15:2]})} << (tbs + 4'd4)),
                        {36'd0, y[1:0], x[1:0]} << tbs);
          else
            t_y <= sadd(m_p, {24'd0, x[15:0]} << tbs);
          st <= S_SUM;
        end
        S_SUM: begin
          total <= sadd(sadd(sadd({8'd0, base_address}, t_layer), sadd(base_l, t_z)),
                        sadd(t_y, {8'd0, sample} << bpp_log2));
          ok <= 1'b1;
          st <= S_CHECK;
        end
        S_CHECK: begin
          ok <= ok && ({24'd0, total} + {24'd0, bpp} <= 64'(MEM_BYTES));
          addr <= total[31:0];
          done <= 1'b1;
          st <= S_IDLE;
        end
        S_WAIT: if (!m_go && !m_busy) st <= ret;
        default: st <= S_IDLE;
      endcase
    end
  end
endmodule
