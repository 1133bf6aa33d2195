`timescale 1ns/1ps
// STORE encode, one stored channel at a time (combinational): texcore::texel::encode.
//
// For format `fmt` and stored channel `ch` (0..3, in storage order) the unit gives the
// channel's code and where it goes in the texel's bytes (`lsb`, `width` bits); channels
// that do not exist have width 0. The caller ORs the four channels into the texel bytes.
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
  input  logic [7:0]   fmt,
  input  logic         srgb,       // header sRGB bit (only set on sRGB-capable formats)
  input  logic [127:0] src,        // x, y, z, w at [32*c +: 32] (binary32 or integer bits)
  input  logic [1:0]   ch,         // stored channel
  output logic [1:0]   reject,     // 0 ok, 1 depth/stencil, 2 sRGB
  output logic [31:0]  code,       // the channel's code (low `width` bits meaningful)
  output logic [6:0]   lsb,        // bit position in the texel bytes
  output logic [5:0]   width       // bits; 0 = no such channel
);
  localparam logic [2:0] K_NONE = 3'd0, K_UNORM = 3'd1, K_SNORM = 3'd2, K_F16 = 3'd3, K_RAW = 3'd4;

  // ---------------------------------------------------------------- format map
  logic [2:0] kind;
  logic [4:0] nbits;          // UNORM / SNORM bits
  logic [1:0] srcc;           // source component
  always @* begin : map
    logic [2:0] n_ch, size_log2;  // uniform formats: channels, log2 bytes per channel
    logic [2:0] cls;              // 1 unorm, 2 snorm, 3 float, 4 integer
    logic       bgra;
    reject = 2'd0;
    kind = K_NONE;
    nbits = 5'd0;
    srcc = ch;
    lsb = 7'd0;
    width = 6'd0;
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
          2'd0: begin kind = K_UNORM; nbits = 5'd5; srcc = 2'd0; lsb = 7'd11; width = 6'd5; end
          2'd1: begin kind = K_UNORM; nbits = 5'd6; srcc = 2'd1; lsb = 7'd5;  width = 6'd6; end
          2'd2: begin kind = K_UNORM; nbits = 5'd5; srcc = 2'd2; lsb = 7'd0;  width = 6'd5; end
          default: ;
        endcase
      texcore_vectors_pkg::FMT_RGBA4444_UNORM:
        begin kind = K_UNORM; nbits = 5'd4; srcc = ch; lsb = 7'd12 - {3'd0, ch, 2'b00}; width = 6'd4; end
      texcore_vectors_pkg::FMT_RGB5A1_UNORM:
        case (ch)
          2'd0: begin kind = K_UNORM; nbits = 5'd5; srcc = 2'd0; lsb = 7'd11; width = 6'd5; end
          2'd1: begin kind = K_UNORM; nbits = 5'd5; srcc = 2'd1; lsb = 7'd6;  width = 6'd5; end
          2'd2: begin kind = K_UNORM; nbits = 5'd5; srcc = 2'd2; lsb = 7'd1;  width = 6'd5; end
          default: begin kind = K_UNORM; nbits = 5'd1; srcc = 2'd3; lsb = 7'd0; width = 6'd1; end
        endcase
      texcore_vectors_pkg::FMT_A8_UNORM:
        if (ch == 2'd0) begin kind = K_UNORM; nbits = 5'd8; srcc = 2'd3; lsb = 7'd0; width = 6'd8; end
      texcore_vectors_pkg::FMT_LA8_UNORM:
        if (ch == 2'd0) begin kind = K_UNORM; nbits = 5'd8; srcc = 2'd0; lsb = 7'd0; width = 6'd8; end
        else if (ch == 2'd1) begin kind = K_UNORM; nbits = 5'd8; srcc = 2'd3; lsb = 7'd8; width = 6'd8; end
      texcore_vectors_pkg::FMT_Z16_UNORM, texcore_vectors_pkg::FMT_X8Z24_UNORM,
      texcore_vectors_pkg::FMT_Z24S8_UNORM, texcore_vectors_pkg::FMT_Z32_FLOAT,
      texcore_vectors_pkg::FMT_S8_UINT:         reject = 2'd1;
      default: ;
    endcase
    if (reject == 2'd0 && srgb) reject = 2'd2;
    if (n_ch != 3'd0 && {1'b0, ch} < n_ch) begin
      width = 6'd8 << size_log2;
      lsb = {5'd0, ch} << (3'd3 + size_log2);
      srcc = (bgra && ch != 2'd3) ? 2'd2 - ch : ch;
      nbits = 5'(6'd8 << size_log2);
      case (cls)
        3'd1: kind = K_UNORM;
        3'd2: kind = K_SNORM;
        3'd3: kind = K_F16;
        default: kind = K_RAW;
      endcase
    end
  end

  // ---------------------------------------------------------------- value encoders
  // min(RNE(v * (2^n - 1)), 2^n - 1) for a positive finite binary32 v = mant * 2^exp
  // (texcore::texel::scale_rne), n <= 16.
  function automatic logic [15:0] scale_rne(input logic [23:0] mant, input logic [9:0] e_biased,
                                            input logic [4:0] n);
    logic [16:0] d;
    logic [39:0] p;
    logic [63:0] pw;
    /* verilator lint_off UNUSEDSIGNAL */
    logic [63:0] q;             // < 2^17 after the shift
    /* verilator lint_on UNUSEDSIGNAL */
    logic [7:0]  s;             // -exp
    logic        rb, sticky;
    logic [16:0] r;
    d = (17'd1 << n) - 17'd1;
    // exp = e - 150 (normal) or -149 (subnormal, e_biased = 1 passed for e = 0)
    if (e_biased >= 10'd150) begin
      scale_rne = d[15:0];
    end else begin
      s = 8'(10'd150 - e_biased);
      if (s > 8'd41) begin
        scale_rne = 16'd0;
      end else begin
        p = ({16'd0, mant} << n) - {16'd0, mant};
        pw = {24'd0, p};
        q = pw >> s;
        rb = pw[6'(s - 8'd1)];
        sticky = (pw & ((64'd1 << (s - 8'd1)) - 64'd1)) != 64'd0;
        r = q[16:0] + {16'd0, rb & (sticky | q[0])};
        scale_rne = (r > d) ? d[15:0] : r[15:0];
      end
    end
  endfunction

  function automatic logic [15:0] unorm_enc(input logic [31:0] v, input logic [4:0] n);
    logic [7:0] e;
    e = v[30:23];
    if (v[31]) unorm_enc = 16'd0;                                   // negative, -0, -NaN
    else if (e == 8'hFF) unorm_enc = (v[22:0] != 23'd0) ? 16'd0 : 16'((17'd1 << n) - 17'd1);
    else if (e == 8'd0 && v[22:0] == 23'd0) unorm_enc = 16'd0;
    else unorm_enc = scale_rne({e != 8'd0, v[22:0]}, (e == 8'd0) ? 10'd1 : {2'd0, e}, n);
  endfunction

  function automatic logic [15:0] snorm_enc(input logic [31:0] v, input logic [4:0] n);
    logic [7:0]  e;
    logic [15:0] mag;
    e = v[30:23];
    if (e == 8'hFF) mag = (v[22:0] != 23'd0) ? 16'd0 : 16'((17'd1 << (n - 5'd1)) - 17'd1);
    else if (e == 8'd0 && v[22:0] == 23'd0) mag = 16'd0;
    else mag = scale_rne({e != 8'd0, v[22:0]}, (e == 8'd0) ? 10'd1 : {2'd0, e}, n - 5'd1);
    snorm_enc = v[31] ? 16'd0 - mag : mag;
  endfunction

  // binary32 -> binary16, RNE (texcore::fp::f32_to_f16_bits).
  function automatic logic [15:0] f16_enc(input logic [31:0] v);
    logic [7:0]  e;
    logic [15:0] sign;
    logic [23:0] mant;
    logic signed [11:0] exp, top, lsb_exp, shift;
    logic [4:0]  len;
    logic [31:0] q, rem, half;
    logic signed [11:0] e16;
    integer i;
    e = v[30:23];
    sign = {v[31], 15'd0};
    mant = {e != 8'd0, v[22:0]};
    exp = (e == 8'd0) ? -12'sd149 : $signed({4'd0, e}) - 12'sd150;
    len = 5'd0;
    for (i = 0; i < 24; i = i + 1)
      if (mant[i]) len = 5'(i + 1);
    if (e == 8'd0 && v[22:0] == 23'd0) f16_enc = sign;
    else if (e == 8'hFF) f16_enc = (v[22:0] == 23'd0) ? (sign | 16'h7C00) : (sign | 16'h7E00);
    else begin
      top = exp + $signed({7'd0, len}) - 12'sd1;
      if (top > 12'sd15) begin
        f16_enc = sign | 16'h7C00;
      end else begin
        lsb_exp = (top < -12'sd14) ? -12'sd24 : top - 12'sd10;
        shift = lsb_exp - exp;
        if (shift <= 12'sd0) begin
          q = {8'd0, mant} << (-shift);
        end else if (shift >= 12'sd32) begin
          q = 32'd0;
        end else begin
          q = {8'd0, mant} >> shift;
          rem = {8'd0, mant} & ((32'd1 << shift) - 32'd1);
          half = 32'd1 << (shift - 12'sd1);
          if (rem > half || (rem == half && q[0])) q = q + 32'd1;
        end
        if (lsb_exp == -12'sd24) begin
          f16_enc = sign | q[15:0];
        end else begin
          e16 = lsb_exp + 12'sd25;
          if (q >= 32'd2048) begin
            q = q >> 1;
            e16 = e16 + 12'sd1;
          end
          if (e16 >= 12'sd31) f16_enc = sign | 16'h7C00;
          else f16_enc = sign | {1'b0, e16[4:0], q[9:0]};
        end
      end
    end
  endfunction

  wire [31:0] v = src[32*srcc +: 32];
  always @* begin
    case (kind)
      K_UNORM: code = {16'd0, unorm_enc(v, nbits)};
      K_SNORM: code = {16'd0, snorm_enc(v, nbits)};
      K_F16:   code = {16'd0, f16_enc(v)};
      K_RAW:   code = v;
      default: code = 32'd0;
    endcase
  end
endmodule
