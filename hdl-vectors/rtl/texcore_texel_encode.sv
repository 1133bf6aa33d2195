`timescale 1ns/1ps
// STORE encode, one stored channel at a time: texcore::texel::encode.
//
// For format `fmt` and stored channel `ch` (0..3, in storage order) the unit gives,
// sequentially after `start`, where the channel goes in the texel's bytes (`lsb`, `width`
// bits; channels that do not exist have width 0) and its code (`done` pulses; `lsb`,
// `width` and `code` hold until the next `start`). `reject` is combinational from `fmt` and
// `srgb`. The caller ORs the four channels into the texel bytes. A channel never crosses a
// 32-bit boundary of the texel.
//
// Pipeline: the clock of `start` registers the format map (kind, bits, the source word,
// place); the next forms the magnitude's bits and D = 2^n - 1; the next classifies the value; the rounding engine's result is
// clamped to D in one clock and given its sign in the next.
//
//   channel sources: r <- x, g <- y, b <- z, a <- w (BGRA8 stores b, g, r, a: z, y, x, w);
//   L and I <- x; LA: l <- x, a <- w; A8: a <- w. Packed: RGB565 (R 15:11, G 10:5, B 4:0),
//   RGBA4444 (R 15:12 .. A 3:0), RGB5A1 (R 15:11, G 10:6, B 5:1, A 0).
//   UNORM n: NaN, negative, 0 -> 0; +inf, >= 1 -> 2^n - 1; else RNE(v * (2^n - 1))
//            (v * (2^n - 1) = (significand << n) - significand: no multiplier).
//   SNORM n: NaN, 0 -> 0; |v| as UNORM of n - 1 bits, then the sign (two's complement).
//   binary16: RNE from binary32 (texcore::fp::f32_to_f16_bits: overflow -> inf, NaN ->
//             0x7E00 with the sign, below the subnormal range -> +-0).
//   binary32, UINT, SINT: the low `width` bits of the source word.
// `reject` (any channel): depth / stencil formats (EncodeError::DepthStencil, 1) and sRGB
// views (EncodeError::Srgb, 2) cannot be stored.
module texcore_texel_encode (
  input  logic         clk,
  input  logic         rst,
  input  logic [7:0]   fmt,
  input  logic         srgb,       // header sRGB bit (only set on sRGB-capable formats)
  input  logic [127:0] src,        // x, y, z, w at [32*c +: 32] (binary32 or integer bits)
  input  logic [1:0]   ch,         // stored channel
  input  logic         start,      // encode channel `ch` (inputs held until `done`)
  output logic [1:0]   reject,     // 0 ok, 1 depth/stencil, 2 sRGB
  output logic [6:0]   lsb,        // bit position in the texel bytes (registered at `start`)
  output logic [5:0]   width,      // bits; 0 = no such channel (registered at `start`)
  output logic         done,       // `code` is the channel's code
  output logic [31:0]  code        // low `width` bits meaningful
);
  localparam logic [2:0] K_NONE = 3'd0, K_UNORM = 3'd1, K_SNORM = 3'd2, K_F16 = 3'd3, K_RAW = 3'd4;

  // ---------------------------------------------------------------- format map
  logic [2:0] m_kind;
  logic [4:0] m_nbits;        // UNORM / SNORM bits
  logic [1:0] m_srcc;         // source component
  logic [6:0] m_lsb;
  logic [5:0] m_width;
  always @* begin : map
    logic [2:0] n_ch, size_log2;  // uniform formats: channels, log2 bytes per channel
    logic [2:0] cls;              // 1 unorm, 2 snorm, 3 float, 4 integer
    logic       bgra;
    reject = 2'd0;
    m_kind = K_NONE;
    m_nbits = 5'd0;
    m_srcc = ch;
    m_lsb = 7'd0;
    m_width = 6'd0;
    n_ch = 3'd0;
    size_log2 = 3'd0;
    cls = 3'd0;
    bgra = 1'b0;
    case (fmt)
      texcore_vectors_pkg::FMT_R8_UNORM, texcore_vectors_pkg::FMT_L8_UNORM,
      texcore_vectors_pkg::FMT_I8_UNORM:        begin n_ch = 3'd1; cls = 3'd1; end
      texcore_vectors_pkg::FMT_RG8_UNORM:       begin n_ch = 3'd2; cls = 3'd1; end
      texcore_vectors_pkg::FMT_RGBA8_UNORM:     begin n_ch = 3'd4; cls = 3'd1; end
      texcore_vectors_pkg::FMT_BGRA8_UNORM:     begin n_ch = 3'd4; cls = 3'd1; bgra = 1'b1; end
      texcore_vectors_pkg::FMT_R8_SNORM:        begin n_ch = 3'd1; cls = 3'd2; end
      texcore_vectors_pkg::FMT_RG8_SNORM:       begin n_ch = 3'd2; cls = 3'd2; end
      texcore_vectors_pkg::FMT_RGBA8_SNORM:     begin n_ch = 3'd4; cls = 3'd2; end
      texcore_vectors_pkg::FMT_BGRA8_SNORM:     begin n_ch = 3'd4; cls = 3'd2; bgra = 1'b1; end
      texcore_vectors_pkg::FMT_R16_UNORM:       begin n_ch = 3'd1; cls = 3'd1; size_log2 = 3'd1; end
      texcore_vectors_pkg::FMT_RG16_UNORM:      begin n_ch = 3'd2; cls = 3'd1; size_log2 = 3'd1; end
      texcore_vectors_pkg::FMT_RGBA16_UNORM:    begin n_ch = 3'd4; cls = 3'd1; size_log2 = 3'd1; end
      texcore_vectors_pkg::FMT_R8_UINT, texcore_vectors_pkg::FMT_R8_SINT:
                                                begin n_ch = 3'd1; cls = 3'd4; end
      texcore_vectors_pkg::FMT_RG8_UINT, texcore_vectors_pkg::FMT_RG8_SINT:
                                                begin n_ch = 3'd2; cls = 3'd4; end
      texcore_vectors_pkg::FMT_RGBA8_UINT, texcore_vectors_pkg::FMT_RGBA8_SINT:
                                                begin n_ch = 3'd4; cls = 3'd4; end
      texcore_vectors_pkg::FMT_R16_UINT, texcore_vectors_pkg::FMT_R16_SINT:
                                                begin n_ch = 3'd1; cls = 3'd4; size_log2 = 3'd1; end
      texcore_vectors_pkg::FMT_RG16_UINT, texcore_vectors_pkg::FMT_RG16_SINT:
                                                begin n_ch = 3'd2; cls = 3'd4; size_log2 = 3'd1; end
      texcore_vectors_pkg::FMT_RGBA16_UINT, texcore_vectors_pkg::FMT_RGBA16_SINT:
                                                begin n_ch = 3'd4; cls = 3'd4; size_log2 = 3'd1; end
      texcore_vectors_pkg::FMT_R32_UINT, texcore_vectors_pkg::FMT_R32_SINT, texcore_vectors_pkg::FMT_R32_FLOAT:
                                                begin n_ch = 3'd1; cls = 3'd4; size_log2 = 3'd2; end
      texcore_vectors_pkg::FMT_RG32_UINT, texcore_vectors_pkg::FMT_RG32_SINT, texcore_vectors_pkg::FMT_RG32_FLOAT:
                                                begin n_ch = 3'd2; cls = 3'd4; size_log2 = 3'd2; end
      texcore_vectors_pkg::FMT_RGBA32_UINT, texcore_vectors_pkg::FMT_RGBA32_SINT, texcore_vectors_pkg::FMT_RGBA32_FLOAT:
                                                begin n_ch = 3'd4; cls = 3'd4; size_log2 = 3'd2; end
      texcore_vectors_pkg::FMT_R16_FLOAT:       begin n_ch = 3'd1; cls = 3'd3; size_log2 = 3'd1; end
      texcore_vectors_pkg::FMT_RG16_FLOAT:      begin n_ch = 3'd2; cls = 3'd3; size_log2 = 3'd1; end
      texcore_vectors_pkg::FMT_RGBA16_FLOAT:    begin n_ch = 3'd4; cls = 3'd3; size_log2 = 3'd1; end
      texcore_vectors_pkg::FMT_RGB565_UNORM:
        case (ch)
          2'd0: begin m_kind = K_UNORM; m_nbits = 5'd5; m_srcc = 2'd0; m_lsb = 7'd11; m_width = 6'd5; end
          2'd1: begin m_kind = K_UNORM; m_nbits = 5'd6; m_srcc = 2'd1; m_lsb = 7'd5;  m_width = 6'd6; end
          2'd2: begin m_kind = K_UNORM; m_nbits = 5'd5; m_srcc = 2'd2; m_lsb = 7'd0;  m_width = 6'd5; end
          default: ;
        endcase
      texcore_vectors_pkg::FMT_RGBA4444_UNORM:
        begin m_kind = K_UNORM; m_nbits = 5'd4; m_srcc = ch; m_lsb = 7'd12 - {3'd0, ch, 2'b00}; m_width = 6'd4; end
      texcore_vectors_pkg::FMT_RGB5A1_UNORM:
        case (ch)
          2'd0: begin m_kind = K_UNORM; m_nbits = 5'd5; m_srcc = 2'd0; m_lsb = 7'd11; m_width = 6'd5; end
          2'd1: begin m_kind = K_UNORM; m_nbits = 5'd5; m_srcc = 2'd1; m_lsb = 7'd6;  m_width = 6'd5; end
          2'd2: begin m_kind = K_UNORM; m_nbits = 5'd5; m_srcc = 2'd2; m_lsb = 7'd1;  m_width = 6'd5; end
          default: begin m_kind = K_UNORM; m_nbits = 5'd1; m_srcc = 2'd3; m_lsb = 7'd0; m_width = 6'd1; end
        endcase
      texcore_vectors_pkg::FMT_A8_UNORM:
        if (ch == 2'd0) begin m_kind = K_UNORM; m_nbits = 5'd8; m_srcc = 2'd3; m_lsb = 7'd0; m_width = 6'd8; end
      texcore_vectors_pkg::FMT_LA8_UNORM:
        if (ch == 2'd0) begin m_kind = K_UNORM; m_nbits = 5'd8; m_srcc = 2'd0; m_lsb = 7'd0; m_width = 6'd8; end
        else if (ch == 2'd1) begin m_kind = K_UNORM; m_nbits = 5'd8; m_srcc = 2'd3; m_lsb = 7'd8; m_width = 6'd8; end
      texcore_vectors_pkg::FMT_Z16_UNORM, texcore_vectors_pkg::FMT_X8Z24_UNORM,
      texcore_vectors_pkg::FMT_Z24S8_UNORM, texcore_vectors_pkg::FMT_Z32_FLOAT,
      texcore_vectors_pkg::FMT_S8_UINT:         reject = 2'd1;
      default: ;
    endcase
    if (reject == 2'd0 && srgb) reject = 2'd2;
    if (n_ch != 3'd0 && {1'b0, ch} < n_ch) begin
      m_width = 6'd8 << size_log2;
      m_lsb = {5'd0, ch} << (3'd3 + size_log2);
      m_srcc = (bgra && ch != 2'd3) ? 2'd2 - ch : ch;
      m_nbits = 5'(6'd8 << size_log2);
      case (cls)
        3'd1: m_kind = K_UNORM;
        3'd2: m_kind = K_SNORM;
        3'd3: m_kind = K_F16;
        default: m_kind = K_RAW;
      endcase
    end
  end

  // ---------------------------------------------------------------- value encoder
  // One right-shift-with-rounding engine, one bit per clock: q >> s with the round bit r
  // and the sticky bit st, RNE = q + (r & (st | q[0])).
  //   UNORM n: NaN, negative, 0 -> 0; +inf or v >= 1 (exponent >= 127) -> D = 2^n - 1;
  //            below 2^-41 / D's reach (exponent < 109) -> 0; else q = mant, shifted left
  //            n times (one per clock), minus mant (= mant * D), then right by 150 - e
  //            (24 .. 41): RNE(v * D) < 2^17, then min(., D)  (texcore::texel::scale_rne).
  //   SNORM n: the magnitude as UNORM n - 1 (NaN, 0 -> 0; inf -> D), then the sign.
  //   binary16: zero, inf, NaN and overflow (exponent >= 143) at once; else mant right by
  //            13 (normal range, exponent >= 113) or 126 - e (subnormal range; 32 or more
  //            -> +-0), then the binary16 fields (texcore::fp::f32_to_f16_bits).
  //   binary32 / integers: the word. A channel takes 3 clocks (no engine) to 63.
  // registered at `start`: the map of channel `ch` and its source word; then the UNORM bits
  // of the magnitude and D
  logic [2:0]  kind;
  logic [4:0]  nbits, nn;
  logic [16:0] dmax;                                                 // D = 2^nn - 1
  logic [31:0] v;
  wire  [7:0]  e    = v[30:23];
  wire         sgn  = v[31];
  wire         zero = v[30:0] == 31'd0;
  wire         nan  = e == 8'hFF && v[22:0] != 23'd0;
  wire         inf  = e == 8'hFF && v[22:0] == 23'd0;
  wire  [23:0] mant = {e != 8'd0, v[22:0]};

  localparam logic [2:0] E_IDLE = 3'd0, E_CLS = 3'd1, E_SHL = 3'd2, E_SHR = 3'd3, E_RND = 3'd4,
                         E_SGN = 3'd5, E_MAP = 3'd6;
  wire  [4:0]  nn_c = (kind == K_SNORM) ? nbits - 5'd1 : nbits;
  logic [2:0]  est;
  logic [39:0] q;
  logic [5:0]  cnt;
  logic        r, st;
  logic [15:0] mag_q;                                                // the clamped magnitude
  wire  [16:0] qr = q[16:0] + {16'd0, r & (st | q[0])};              // RNE result
  wire  [15:0] mag = (qr > dmax) ? dmax[15:0] : qr[15:0];           // D < 2^16
  wire  [4:0]  e16 = 5'(e - 8'd112) + {4'd0, qr[11]};                // binary16 exponent, normal range

  // the signed result of a UNORM / SNORM magnitude
  function automatic logic [31:0] norm_code(input logic [2:0] k, input logic s, input logic [15:0] m);
    norm_code = (k == K_SNORM && s) ? {16'd0, 16'd0 - m} : {16'd0, m};
  endfunction

  always @(posedge clk) begin
    done <= 1'b0;
    if (rst) begin
      est <= E_IDLE;
    end else begin
      case (est)
        E_IDLE: if (start) begin
          kind <= m_kind;
          nbits <= m_nbits;
          v <= src[32*m_srcc +: 32];
          lsb <= m_lsb;
          width <= m_width;
          est <= E_MAP;
        end
        E_MAP: begin
          nn <= nn_c;
          for (int i = 0; i < 17; i++) dmax[i] <= 5'(i) < nn_c;        // 2^nn - 1
          est <= E_CLS;
        end
        E_CLS: begin
          r <= 1'b0;
          st <= 1'b0;
          q <= {16'd0, mant};
          code <= 32'd0;
          est <= E_IDLE;
          case (kind)
            K_UNORM, K_SNORM:
              if (nan || zero || (kind == K_UNORM && sgn)) done <= 1'b1;
              else if (inf || e >= 8'd127) begin
                code <= norm_code(kind, sgn, dmax[15:0]);
                done <= 1'b1;
              end else if (e < 8'd109) done <= 1'b1;
              else begin
                cnt <= {1'b0, nn};
                est <= E_SHL;
              end
            K_F16:
              if (zero) begin code <= {16'd0, sgn, 15'd0}; done <= 1'b1; end
              else if (e == 8'hFF) begin code <= {16'd0, sgn, 5'h1F, nan, 9'd0}; done <= 1'b1; end
              else if (e >= 8'd143) begin code <= {16'd0, sgn, 15'h7C00}; done <= 1'b1; end
              else if (e >= 8'd113) begin cnt <= 6'd13; est <= E_SHR; end
              else if (e <= 8'd94) begin code <= {16'd0, sgn, 15'd0}; done <= 1'b1; end
              else begin cnt <= 6'(8'd126 - e); est <= E_SHR; end
            K_RAW: begin code <= v; done <= 1'b1; end
            default: done <= 1'b1;
          endcase
        end
        E_SHL:                                       // mant << n, then - mant
          if (cnt == 6'd0) begin
            q <= q - {16'd0, mant};
            cnt <= 6'(8'd150 - e);
            est <= E_SHR;
          end else begin
            q <= {q[38:0], 1'b0};
            cnt <= cnt - 6'd1;
          end
        E_SHR:
          if (cnt == 6'd0) est <= E_RND;
          else begin
            st <= st | r;
            r <= q[0];
            q <= {1'b0, q[39:1]};
            cnt <= cnt - 6'd1;
          end
        E_RND:
          if (kind == K_F16) begin
            if (e < 8'd113) code <= {16'd0, sgn, qr[14:0]};
            else if (e16 == 5'd31) code <= {16'd0, sgn, 15'h7C00};
            else code <= {16'd0, sgn, e16, qr[9:0]};
            done <= 1'b1;
            est <= E_IDLE;
          end else begin
            mag_q <= mag;
            est <= E_SGN;
          end
        default: begin                               // E_SGN: UNORM / SNORM
          code <= norm_code(kind, sgn, mag_q);
          done <= 1'b1;
          est <= E_IDLE;
        end
      endcase
    end
  end
endmodule
