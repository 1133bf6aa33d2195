// The example lines of the three NVIDIA seeds, run on the quad of txq_tld4s_tmml.toml.
// Order matters: each instruction reads registers the previous ones do not overwrite.

TLD4S.R R8, R10, R0, R5, 5;                  // TLD4S: {R9, R8, R11, R10} = {Sample 3, 2, 1, 0}
TMML.LOD R2, R6, 6, 2D, 0x3;                 // TMML: R2 = λ (S8.8), R3 = clamped LOD (U8.8)
TXQ R0, R6, TEX_HEADER_DIMENSION, 0, 0xf;    // TXQ: R0..R3 = width, height, layers, levels
