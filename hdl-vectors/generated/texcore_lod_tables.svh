// GENERATED FILE - DO NOT EDIT.
// Written by `cargo xtask vectors --write-generated` from the unit definitions in
// vectors/src/ (crate texcore-vectors) and the enums of the texcore core.
// `cargo test -p texcore-vectors` regenerates it and fails if this file differs;
// `cargo xtask cosim` refuses a stale copy.
// The LOD unit's tables (texcore::lod::tables; formats in texcore::lod's module docs).
// Entry i of a table at [i*W +: W] with W = <NAME>_ENTRY_W; signed entries are two's complement.
// Include inside a module. A block uses some of these: unused ones are not lint findings.
/* verilator lint_off UNUSEDPARAM */

localparam int LOD_LOG2_FRAC = 16;      // fraction bits of log2 values
localparam int LOD_LOG2_SEG_BITS = 6;    // segment index bits
localparam int LOD_LOG2_BIAS = 4;       // added to every interpolated log2
localparam int LOD_N_GUARD = 16;        // guard of the N thresholds

// ceil(2^16 log2(1 + i/64)), i = 0 .. 64 (65 entries x 17 bits)
localparam int LOD_LOG2_T_ENTRY_W = 17;
localparam logic [1104:0] LOD_LOG2_T =
    1105'h100007e8dbe8c1ee7cf44778a4bb915d676e82a7289b87d5bda2dba56c39b54e5a3f0ceaf65afb20218950c1415ee8ae9656db2b35157dfab0955102a4d4508f27579332895c148f1a37e9140e860940ff9f7acf394759e38b29b480d19c646f300196e24ae02526a26e292444889a3f791d4a0d67c61322b81132b0846437921664087602d780b740000;

// LOD_LOG2_T[i+1] - LOD_LOG2_T[i], i = 0 .. 63 (segment slopes) (64 entries x 11 bits)
localparam int LOD_LOG2_D_ENTRY_W = 11;
localparam logic [703:0] LOD_LOG2_D =
    704'h5cabad792f75fcc118531162ec799232c664ce9a0b496a0d5db03676e0de1c0388724e69d23ad76cf01e53d37bcfa5f9bfe81505210c2c8731162945f8d91ea4449794b2d2624d49cb3d683518a574f6a8565af163ad25ba;

// N thresholds: ceil(2^16 log2 k^2) + LOD_N_GUARD, k = 1 .. 15 (entry k-1) (15 entries x 20 bits)
localparam int LOD_N_T_ENTRY_W = 20;
localparam logic [299:0] LOD_N_T =
    300'h7d06479d6e766b172b916eb4b6a4e4657116001059d6e52b914a4e44001032b912001000010;

// TMML B thresholds: ceil(2^17 log2((2k-1)/128)), k = 1 .. 64 (entry k-1) (64 signed entries x 21 bits)
localparam int LOD_UNIT_T_ENTRY_W = 21;
localparam logic [1343:0] LOD_UNIT_T =
    1344'hffd1affb9f3fc525fd676fe5137ef687f61cbfa3effcb5f7e2543ef745f6db2fafbefd440be8479f3328f91e2fc5037e07fdef394f71657b4673d800deae01f4dc57a2267cea51e6131f265678de47c43afe0b74efa2ff7722bb87d5daa71ec807f5d2cbab093d3abce8dfa73ef579b481cb712e4910f1acfb88465c16bbdf446eedd2b70503b49a8d8608eb237b4fde3a2cc8ce82a659a871d67785701bceaf5a9352a570320000;

// anisotropic offsets RNE(2^16 (i/(N+1) - 1/2)), S0.16: entry 16*(N-1) + (i-1), N = 1 .. 16, i = 1 .. N (else 0) (256 signed entries x 17 bits)
localparam int LOD_ANISO_T_ENTRY_W = 17;
localparam logic [4351:0] LOD_ANISO_T =
    4352'h387898788a5a643c41a5a896982d2e0788fc3c7a5a7b4b5cb4bde1e6b4b73c3d8f0f00001c000c000500020000c0004000100000007c003c001d000e0006c00340019000000000000ddde5dde26668eef05556199a0444fdddfcccdd555e2226cccf4445911100000000000006db72db7124946db62492092480003db6fdb6ee492edb6f492592490000000000000000036279627889d8313b0ec502767ec4fe276e762eec534ec593b10000000000000000000001aaacaaaa40001555855540001eaabeaaaf00035557955500000000000000000000000000d17451741d1788ba41747f45dee8bf17475d199746000000000000000000000000000000666626668cccc33340000f333733376667999a000000000000000000000000000000000031c711c7055560e39f8e3f555771c99c720000000000000000000000000000000000000018000800020000000780038001a0000000000000000000000000000000000000000000000b6dc36db0924fb6df924ba492000000000000000000000000000000000000000000000005555155580003aaabaaab00000000000000000000000000000000000000000000000000026668666bcccdb3330000000000000000000000000000000000000000000000000000000100000001c0000000000000000000000000000000000000000000000000000000000000005557d55500000000000000000000000000000000000000000000000000000000000000000000;

/* verilator lint_on UNUSEDPARAM */
