`timescale 1ns/1ps
// NVIDIA TXQ at op level: handle resolution, both descriptor pools with MaximumIndex, the
// three queries, invalid -> zeros, and the decimating write mask.
// Reference for the `nv_txq` vectors (texcore::query::nv::txq + texcore::output::decimate).
//
// A query reads only the texture header. The result is zeros when the constant-bank index,
// the header pointer (MaximumIndex, pool) or the header decode fails, or when the sampler
// pointer is above the sampler pool's MaximumIndex; a sampler pointer past the pool image
// or sampler words that do not decode leave the query valid. `status` is the first failing
// check of the full resolve (sampler included), a diagnostic.
//
// Pipelined, one instruction per clock, latency 5 (in_valid -> out_valid). The three
// memories are synchronous-read ROMs outside this module (data the clock after the address):
//   cb_*  constant bank (CBANK_ENTRIES x 32)        -- read in stage 1
//   hp_*  texture-header pool (HDR_POOL_ENTRIES x 256) \ read in stage 2
//   sp_*  sampler-header pool (SMP_POOL_ENTRIES x 256) /
// Stages: s0 input registers -> s1 handle (bank word or register), pointer checks ->
//         s2 header + sampler decode, status -> s3 query -> out (write mask).
module texcore_txq_nv (
  input  logic                   clk,
  input  logic                   rst,
  input  logic                   in_valid,
  input  logic                   bindless,   // .B: handle from `handle`, else cbank[ts_idx]
  input  logic [12:0]            ts_idx,     // #tsPtrIdxU13
  input  logic [31:0]            handle,     // samplerPtr[31:20] | headerPtr[19:0]
  input  logic                   via_hdr,    // SetSamplerBinding ViaHeaderBinding
  input  logic [19:0]            hdr_max,    // SetTexHeaderPoolC.MaximumIndex
  input  logic [19:0]            smp_max,    // SetSamplerHeaderPoolC.MaximumIndex
  input  logic [2:0]             query,      // TXQ_TEX_HEADER_*
  input  logic [31:0]            param,      // LOD or sample index
  input  logic [3:0]             wmask,      // #wmskU04
  output logic [texcore_vectors_pkg::CBANK_AW-1:0]    cb_addr,
  input  logic [31:0]            cb_data,
  output logic [texcore_vectors_pkg::HDR_POOL_AW-1:0] hp_addr,
  input  logic [255:0]           hp_data,
  output logic [texcore_vectors_pkg::SMP_POOL_AW-1:0] sp_addr,
  input  logic [255:0]           sp_data,
  output logic                   out_valid,
  output logic [3:0]             status,     // STATUS_*
  output logic [3:0]             wen,        // bit k: Rd+k written
  output logic [31:0]            rd0,
  output logic [31:0]            rd1,
  output logic [31:0]            rd2,
  output logic [31:0]            rd3
);
  // ---------------------------------------------------------------- s0: inputs
  logic        v0, bl0, via0;
  logic [12:0] ts0;
  logic [31:0] h0, p0;
  logic [19:0] hm0, sm0;
  logic [2:0]  q0;
  logic [3:0]  wm0;
  // Every stage register loads only while an item is at the input or in flight (clock
  // enable: the pipeline holds when idle, which saves power and simulation time); the
  // valid bits are not gated.
  logic act;
  always @(posedge clk) v0 <= rst ? 1'b0 : in_valid;
  always @(posedge clk) if (act) begin
    bl0 <= bindless; ts0 <= ts_idx; h0 <= handle; via0 <= via_hdr;
    hm0 <= hdr_max; sm0 <= smp_max; q0 <= query; p0 <= param; wm0 <= wmask;
  end
  assign cb_addr = ts0[texcore_vectors_pkg::CBANK_AW-1:0];

  // ---------------------------------------------------------------- s1: handle, pointers
  logic        v1, via1, cb_oob1;
  logic [31:0] h1, p1;
  logic [19:0] hm1, sm1;
  logic [2:0]  q1;
  logic [3:0]  wm1;
  always @(posedge clk) v1 <= rst ? 1'b0 : v0;
  always @(posedge clk) if (act) begin
    cb_oob1 <= ~bl0 & (ts0 >= 13'(texcore_vectors_pkg::CBANK_ENTRIES));
    h1 <= h0; via1 <= via0; hm1 <= hm0; sm1 <= sm0; q1 <= q0; p1 <= p0; wm1 <= wm0;
  end
  // The handle: the bank word (read with cb_addr in s0) unless bindless.
  logic        bl1;
  always @(posedge clk) if (act) bl1 <= bl0;
  logic [31:0] hnd1;
  logic [19:0] hptr1, sptr1;
  assign hnd1    = bl1 ? h1 : cb_data;
  assign hptr1   = hnd1[19:0];
  assign sptr1   = via1 ? hnd1[19:0] : {8'd0, hnd1[31:20]};
  assign hp_addr = hptr1[texcore_vectors_pkg::HDR_POOL_AW-1:0];
  assign sp_addr = sptr1[texcore_vectors_pkg::SMP_POOL_AW-1:0];

  // ---------------------------------------------------------------- s2: decode, status
  logic        v2, cb_oob2, h_above2, h_oob2, s_above2, s_oob2;
  logic [31:0] p2;
  logic [2:0]  q2;
  logic [3:0]  wm2;
  always @(posedge clk) v2 <= rst ? 1'b0 : v1;
  always @(posedge clk) if (act) begin
    cb_oob2  <= cb_oob1;
    h_above2 <= hptr1 > hm1;
    h_oob2   <= hptr1 >= 20'(texcore_vectors_pkg::HDR_POOL_ENTRIES);
    s_above2 <= sptr1 > sm1;
    s_oob2   <= sptr1 >= 20'(texcore_vectors_pkg::SMP_POOL_ENTRIES);
    q2 <= q1; p2 <= p1; wm2 <= wm1;
  end
  logic        hdr_ok, smp_ok;
  logic [3:0]  ty2;
  logic [4:0]  samples2, base2;
  logic [31:0] width2;
  logic [16:0] height2, depth2;
  logic [5:0]  levels2;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [4:0]  qw2, qh2;
  /* verilator lint_on UNUSEDSIGNAL */
  texcore_hdr_decode u_hdr (
    .words(hp_data), .valid(hdr_ok), .ty(ty2), .samples(samples2), .width(width2),
    .height(height2), .depth(depth2), .levels(levels2), .base_level(base2),
    .quilt_w(qw2), .quilt_h(qh2)
  );
  texcore_smp_check u_smp (.words(sp_data), .valid(smp_ok));
  logic [3:0] status2;
  always @* begin
    if      (cb_oob2)  status2 = texcore_vectors_pkg::STATUS_CONST_BANK_INDEX;
    else if (h_above2) status2 = texcore_vectors_pkg::STATUS_HEADER_ABOVE_MAXIMUM;
    else if (h_oob2)   status2 = texcore_vectors_pkg::STATUS_HEADER_OUTSIDE_POOL;
    else if (!hdr_ok)  status2 = texcore_vectors_pkg::STATUS_HEADER_DECODE;
    else if (s_above2) status2 = texcore_vectors_pkg::STATUS_SAMPLER_ABOVE_MAXIMUM;
    else if (s_oob2)   status2 = texcore_vectors_pkg::STATUS_SAMPLER_OUTSIDE_POOL;
    else if (!smp_ok)  status2 = texcore_vectors_pkg::STATUS_SAMPLER_DECODE;
    else               status2 = texcore_vectors_pkg::STATUS_VALID;
  end
  // The query's own validity: everything but the sampler's pool-image and decode checks.
  logic qok2;
  assign qok2 = ~cb_oob2 & ~h_above2 & ~h_oob2 & hdr_ok & ~s_above2;

  // ---------------------------------------------------------------- s3: query
  logic        v3, qok3;
  logic [3:0]  status3, ty3, wm3;
  logic [4:0]  samples3, base3;
  logic [31:0] width3, p3;
  logic [16:0] height3, depth3;
  logic [5:0]  levels3;
  logic [2:0]  q3;
  always @(posedge clk) v3 <= rst ? 1'b0 : v2;
  always @(posedge clk) if (act) begin
    status3 <= status2; qok3 <= qok2; ty3 <= ty2; samples3 <= samples2; base3 <= base2; width3 <= width2;
    height3 <= height2; depth3 <= depth2; levels3 <= levels2; q3 <= q2; p3 <= p2; wm3 <= wm2;
  end
  logic        in_range3;
  logic [31:0] x3, y3, z3;
  texcore_view_dims u_dims (
    .ty(ty3), .width(width3), .height(height3), .depth(depth3), .levels(levels3),
    .base_level(base3), .lod(p3), .in_range(in_range3), .x(x3), .y(y3), .z(z3)
  );
  // Sample position {x U4.12, y U4.12}: x in bits 31:16, y in 15:0.
  logic       pos_ok3;
  logic [7:0] pos3;
  assign pos_ok3 = (p3[31:5] == 27'd0) && (p3[4:0] < samples3);
  assign pos3    = texcore_vectors_pkg::SAMPLE_POS_TABLE[({27'd0, samples3} - 32'd1 + {27'd0, p3[4:0]}) * 8 +: 8];

  logic [31:0] comp3 [0:3];
  always @* begin
    comp3[0] = 32'd0; comp3[1] = 32'd0; comp3[2] = 32'd0; comp3[3] = 32'd0;
    if (qok3) begin
      case (q3)
        texcore_vectors_pkg::TXQ_TEX_HEADER_DIMENSION: begin
          comp3[3] = {26'd0, levels3};
          if (in_range3) begin
            comp3[0] = x3;
            comp3[1] = y3;
            if (ty3 == texcore_vectors_pkg::TEX_TWO_D)               comp3[2] = {31'd0, samples3 != 5'd1};
            else if (ty3 == texcore_vectors_pkg::TEX_TWO_D_NO_MIPMAP) comp3[2] = (samples3 == 5'd1) ? 32'd0 : {15'd0, depth3};
            else                                 comp3[2] = z3;
          end
        end
        texcore_vectors_pkg::TXQ_TEX_HEADER_TEXTURE_TYPE: comp3[2] = {27'd0, samples3};
        texcore_vectors_pkg::TXQ_TEX_HEADER_SAMPLER_POS:
          if (pos_ok3) comp3[0] = {4'd0, pos3[7:4], 12'd0, pos3[3:0], 8'd0};
        default: ;
      endcase
    end
  end

  // Write mask: the enabled components, in order, to Rd, Rd+1, ...
  logic [31:0] rd3w [0:3];
  logic [2:0]  n3;
  always @* begin : decimate
    integer c;
    logic [2:0] k;
    k = 3'd0;
    rd3w[0] = 32'd0; rd3w[1] = 32'd0; rd3w[2] = 32'd0; rd3w[3] = 32'd0;
    for (c = 0; c < 4; c = c + 1) begin
      if (wm3[c]) begin
        rd3w[k[1:0]] = comp3[c];
        k = k + 3'd1;
      end
    end
    n3 = k;
  end

  always @(posedge clk) out_valid <= rst ? 1'b0 : v3;
  always @(posedge clk) if (act) begin
    status <= status3;
    wen <= 4'((5'd1 << n3) - 5'd1);
    rd0 <= rd3w[0]; rd1 <= rd3w[1]; rd2 <= rd3w[2]; rd3 <= rd3w[3];
  end
  assign act = in_valid | v0 | v1 | v2 | v3;
endmodule
