/* Fast vector-file reader for the Verilator testbenches (DPI-C), used instead of $fscanf,
 * whose wide-hex parsing in Verilator 5.006 costs about 6 us per line.
 * Icarus has no DPI: its testbenches use $fscanf or $readmemh (see tb_common.svh).
 *
 * The file is read in 4 MiB blocks and each line is parsed in place straight into 32-bit
 * words through lookup tables, with no data-dependent branch per character (the former
 * getline + per-digit loop took about 0.7 us per 120-digit line, nearly half of the filter
 * testbench's run time; this one a few ns per character). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "svdpi.h"

extern "C" int tb_vec_open(const char *path);
extern "C" int tb_vec_next(svBitVecVal *v, int line_w);

static FILE *vec_file;
enum { BUF_SIZE = 4 << 20 };
static char *buf;       /* BUF_SIZE + 1 bytes */
static size_t buf_pos;  /* next unread byte */
static size_t buf_len;  /* bytes held */
static int buf_eof;

/* Per byte: hex digit value (0 otherwise), 4 for a hex digit (0 otherwise), 1 for a byte that
 * is neither a hex digit nor '_'. */
static unsigned char lut_val[256], lut_step[256], lut_bad[256];

/* Opens the vector file; returns 1 on success. */
extern "C" int tb_vec_open(const char *path) {
    int c;
    for (c = 0; c < 256; c++) {
        lut_val[c] = 0;
        lut_step[c] = 0;
        lut_bad[c] = 1;
    }
    for (c = 0; c < 22; c++) {
        const int ch = c < 10 ? '0' + c : c < 16 ? 'a' + c - 10 : 'A' + c - 16;
        lut_val[ch] = (unsigned char)(c < 16 ? c : c - 6);
        lut_step[ch] = 4;
        lut_bad[ch] = 0;
    }
    lut_bad['_'] = 0;
    vec_file = fopen(path, "rb");
    if (!vec_file) return 0;
    if (!buf) buf = (char *)malloc(BUF_SIZE + 1);
    if (!buf) return 0;
    buf_pos = buf_len = 0;
    buf_eof = 0;
    return 1;
}

/* Makes [buf_pos, buf_len) hold a whole line (or the rest of the file); returns the
 * position of its '\n' (buf_len at the end of a file without a final newline), or
 * (size_t)-1 for a line longer than the buffer. */
static size_t line_end(void) {
    for (;;) {
        const char *nl = (const char *)memchr(buf + buf_pos, '\n', buf_len - buf_pos);
        size_t n;
        if (nl) return (size_t)(nl - buf);
        if (buf_eof) return buf_len;
        if (buf_pos == 0 && buf_len == BUF_SIZE) return (size_t)-1;
        memmove(buf, buf + buf_pos, buf_len - buf_pos);
        buf_len -= buf_pos;
        buf_pos = 0;
        n = fread(buf + buf_len, 1, BUF_SIZE - buf_len, vec_file);
        if (n == 0) buf_eof = 1;
        buf_len += n;
    }
}

/* Reads the next line as one hex number of line_w bits ('_' skipped) into v (32-bit words,
 * least significant first). Returns 1, 0 at the end of the file, -1 for a malformed line
 * (a character that is not a hex digit or '_', or more digits than line_w / 4). */
extern "C" int tb_vec_next(svBitVecVal *v, int line_w) {
    const int words = (line_w + 31) / 32;
    const int max_digits = (line_w + 3) / 4;
    size_t end, e;
    const unsigned char *p, *q;
    int digits = 0, w = 0, sh = 0, bad = 0;
    unsigned long long acc = 0;
    if (!vec_file) {
        memset(v, 0, sizeof(svBitVecVal) * (size_t)words);
        return -1;
    }
    end = line_end();
    if (end == (size_t)-1) {
        memset(v, 0, sizeof(svBitVecVal) * (size_t)words);
        return -1;
    }
    if (end == buf_pos && buf_eof && end == buf_len) {
        memset(v, 0, sizeof(svBitVecVal) * (size_t)words);
        return 0;
    }
    e = end;
    while (e > buf_pos && buf[e - 1] == '\r') e--;
    p = (const unsigned char *)buf + buf_pos;
    q = (const unsigned char *)buf + e;
    buf_pos = end < buf_len ? end + 1 : end;
    if (q == p) {
        memset(v, 0, sizeof(svBitVecVal) * (size_t)words);
        return -1;
    }
    /* Branch-light: '_' adds no digit (lut_step 0), any other non-hex byte sets `bad`.
     * Eight hex digits in a row (the common case: fields are '_'-separated) go in at once. */
    while (q > p) {
        if (q - p >= 8 && w < words) {
            const unsigned char *b = q - 8;
            const unsigned n = lut_step[b[0]] + lut_step[b[1]] + lut_step[b[2]] + lut_step[b[3]] +
                               lut_step[b[4]] + lut_step[b[5]] + lut_step[b[6]] + lut_step[b[7]];
            if (n == 32) {
                const unsigned long long x =
                    (unsigned long long)lut_val[b[7]] | (unsigned long long)lut_val[b[6]] << 4 |
                    (unsigned long long)lut_val[b[5]] << 8 | (unsigned long long)lut_val[b[4]] << 12 |
                    (unsigned long long)lut_val[b[3]] << 16 | (unsigned long long)lut_val[b[2]] << 20 |
                    (unsigned long long)lut_val[b[1]] << 24 | (unsigned long long)lut_val[b[0]] << 28;
                acc |= x << sh;
                v[w++] = (svBitVecVal)acc;
                acc >>= 32;
                digits += 8;
                q = b;
                continue;
            }
        }
        const unsigned c = *--q;
        acc |= (unsigned long long)lut_val[c] << sh;
        sh += lut_step[c];
        bad |= lut_bad[c];
        if (sh >= 32) {
            if (w == words) {
                bad = 1;
                break;
            }
            v[w++] = (svBitVecVal)acc;
            acc >>= 32;
            sh -= 32;
            digits += 8;
        }
    }
    digits += sh / 4;
    if (bad || digits > max_digits) {
        memset(v, 0, sizeof(svBitVecVal) * (size_t)words);
        return -1;
    }
    if (sh) v[w++] = (svBitVecVal)acc;
    while (w < words) v[w++] = 0;
    return 1;
}
