/* Fast vector-file reader for the Verilator testbenches (DPI-C), used instead of $fscanf,
 * whose wide-hex parsing in Verilator 5.006 costs about 6 us per line.
 * Icarus has no DPI: its testbenches use $fscanf or $readmemh (see tb_common.svh). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "svdpi.h"

extern "C" int tb_vec_open(const char *path);
extern "C" int tb_vec_next(svBitVecVal *v, int line_w);

static FILE *vec_file;
static char *vec_line;
static size_t vec_cap;

/* Opens the vector file; returns 1 on success. */
extern "C" int tb_vec_open(const char *path) {
    vec_file = fopen(path, "rb");
    if (!vec_file) return 0;
    setvbuf(vec_file, NULL, _IOFBF, 1 << 20);
    return 1;
}

static int hexval(int c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Reads the next line as one hex number of line_w bits ('_' skipped) into v (32-bit words,
 * least significant first). Returns 1, 0 at the end of the file, -1 for a malformed line
 * (a character that is not a hex digit or '_', or more digits than line_w / 4). */
extern "C" int tb_vec_next(svBitVecVal *v, int line_w) {
    int words = (line_w + 31) / 32;
    ssize_t n;
    memset(v, 0, sizeof(svBitVecVal) * (size_t)words);
    if (!vec_file) return -1;
    n = getline(&vec_line, &vec_cap, vec_file);
    if (n < 0) return 0;
    while (n > 0 && (vec_line[n - 1] == '\n' || vec_line[n - 1] == '\r')) n--;
    if (n == 0) return -1;
    {
        int bit = 0;
        ssize_t i;
        for (i = n - 1; i >= 0; i--) {
            int c = (unsigned char)vec_line[i];
            int d;
            if (c == '_') continue;
            d = hexval(c);
            if (d < 0 || bit + 4 > ((line_w + 3) / 4) * 4) return -1;
            v[bit / 32] |= (svBitVecVal)d << (bit % 32);
            bit += 4;
        }
    }
    return 1;
}
