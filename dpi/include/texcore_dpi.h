/* C prototypes of the texcore-dpi staticlib (dpi/src/ffi.rs), for C/C++ testbenches that do
 * not go through a SystemVerilog `import "DPI-C"` (which generates its own prototypes).
 *
 * in / out are a unit's input / output word as 32-bit words, least significant first
 * (svBitVecVal layout): ceil(<UNIT>_IN_W / 32) and ceil(<UNIT>_OUT_W / 32) words, widths from
 * hdl-vectors/generated/texcore_vectors_pkg.sv. Op functions return 1, or 0 (outputs zero)
 * while an image is missing; texcore_dpi_load_image returns 1, or 0 with a message on stderr.
 * Link: libtexcore_dpi.a -lpthread -ldl -lm */
#ifndef TEXCORE_DPI_H
#define TEXCORE_DPI_H
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif
int texcore_dpi_load_image(const char *kind, const char *path); /* "texmem", "op_hdr", "op_smp" */
int texcore_dpi_sample(const uint32_t *in, uint32_t *out);
int texcore_dpi_sample_c(const uint32_t *in, uint32_t *out);
int texcore_dpi_gather(const uint32_t *in, uint32_t *out);
int texcore_dpi_fetch(const uint32_t *in, uint32_t *out);
int texcore_dpi_tmml(const uint32_t *in, uint32_t *out);
int texcore_dpi_store(const uint32_t *in, uint32_t *out); /* STORE / ATOM*: write-port transaction, memory unchanged */
#ifdef __cplusplus
}
#endif
#endif
