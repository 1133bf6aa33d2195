/* Fast vector-file reader for the Verilator testbenches (DPI-C), used instead of $fscanf,
 * whose wide-hex parsing in Verilator 5.006 costs about 6 us per line.
 * Icarus has no DPI: its testbenches use $fscanf or $readmemh (see tb_common.svh).
 *
 * The file is read in 4 MiB blocks and each line is parsed in place straight into 32-bit
 * words. Two paths:
 *  - generic: per character through lookup tables (any line the format allows);
 *  - template: every line of a vector file has the same length and the same '_' positions,
 *    so the first well-formed line is taken as a template (its digit runs cut into chunks of
 *    at most 8 digits, each with its bit position, and its '_' positions). A later line of the
 *    same length, followed by '\n', is converted chunk by chunk, 8 characters per 64-bit load
 *    (SWAR: validated and turned into nibbles and one 32-bit value with a few word operations),
 *    with no per-line newline search. A line that does not match the template in every byte
 *    class (a digit where the template has '_', a bad character, another length) takes the
 *    generic path, which accepts or rejects it exactly as before.
 *    On x86-64 (SSE2, the baseline) the template path instead copies the digit runs into a
 *    buffer of compacted digits and converts 16 digits per SSE2 step (see TB_SSE2); the SWAR
 *    form above stays as the portable fallback. Both accept exactly the same lines.
 *    If the CPU has AVX2 (run-time check; the functions are compiled for it with a target
 *    attribute, no -march) lines of 32 bytes or more take an AVX2 form instead (see TB_AVX2):
 *    one vpshufb per 32-byte block packs its digits into the compacted buffer (no per-run
 *    copies), and 64 digits per step are converted. All forms accept exactly the same lines.
 * Instructions per line (callgrind, tb_vec_next with what it calls, in the simulation):
 * intel_info (761 characters) 11 153 -> 6 637 (SWAR) -> 1 947 (SSE2) -> 759 (AVX2), lod (143)
 * 5 040 -> 2 258 (SWAR) -> 572 (SSE2) -> 267 (AVX2). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "svdpi.h"
#if defined(__SSE2__) && defined(__x86_64__)
#include <emmintrin.h>
#define TB_SSE2 1
/* AVX2 template path, compiled per function (target attribute, no -march) and used only if
 * the CPU has AVX2 (checked at run time); -DTB_NO_AVX2 leaves it out. */
#if (defined(__GNUC__) || defined(__clang__)) && !defined(TB_NO_AVX2)
#include <immintrin.h>
#define TB_AVX2 1
#endif
#endif

extern "C" int tb_vec_open(const char *path);
extern "C" int tb_vec_seek(long long off);
extern "C" int tb_vec_next(svBitVecVal *v, int line_w);
extern "C" int tb_mem_open(const char *path);
extern "C" int tb_mem_next(svBitVecVal *v, int w);
extern "C" int tb_vec_next_in(svBitVecVal *vin, int line_w, int out_w);
extern "C" int tb_vec_check(const svBitVecVal *got, int idx);
extern "C" void tb_vec_line(svBitVecVal *line, int idx);

static FILE *vec_file;
enum { BUF_SIZE = 4 << 20 };
static char *buf_base;  /* BUF_SIZE + 64 bytes */
static char *buf;       /* buf_base + 8: 8 readable bytes before the first line (SWAR loads),
                         * 56 after the last (16-byte loads past a line's end) */
static size_t buf_pos;  /* next unread byte */
static size_t buf_len;  /* bytes held */
static int buf_eof;

/* Per byte: hex digit value (0 otherwise), 4 for a hex digit (0 otherwise), 1 for a byte that
 * is neither a hex digit nor '_'. */
static unsigned char lut_val[256], lut_step[256], lut_bad[256];

/* Line template (see the header). A chunk is up to 8 digits of one '_'-separated run: the
 * 8-byte window ending at its last digit is loaded, its last n bytes are the digits. */
enum { TPL_MAX = 4096 };
struct tpl_chunk {
    uint32_t end;   /* offset in the line of the byte after the chunk's last digit */
    uint32_t rel;   /* bit position of the last digit's value in the 64-bit accumulator */
    uint32_t flush; /* 1: the accumulator's low word is complete before this chunk */
    uint64_t bytes; /* 0x80 in each byte of the window that is one of the chunk's digits */
    uint32_t mask;  /* low 4n bits */
};
static int tpl_ok, tpl_tried, tpl_line_w, tpl_nch, tpl_nsep;
static size_t tpl_len;
static struct tpl_chunk tpl_ch[TPL_MAX];
static uint32_t tpl_sep[TPL_MAX];

#if TB_SSE2
/* SSE2 form of the template: the line's digit runs are copied (16 bytes per copy, in order,
 * each copy's excess overwritten by the next) into a buffer of compacted digits, right-aligned
 * on a 16-byte boundary after '0' padding; that buffer is then validated and converted 16
 * digits (64 bits) per step. The '_' positions are checked per 16-byte block of the line (a
 * '_' where the template has a digit fails the digit check). */
struct tpl_copy {
    uint32_t src; /* offset in the line */
    uint32_t dst; /* offset in tpl_cbuf */
};
struct tpl_block {
    uint32_t off; /* offset in the line of a 16-byte block holding '_' */
    uint32_t sep; /* bit j: byte off + j is '_' in the template */
};
static int tpl_ncopy, tpl_nblock, tpl_ncb; /* tpl_ncb: 16-digit blocks in tpl_cbuf */
static struct tpl_copy tpl_cp[TPL_MAX];
static struct tpl_block tpl_blk[TPL_MAX];
static unsigned char *tpl_cbuf; /* 16 * tpl_ncb + 16 bytes */
static size_t tpl_cbuf_cap;
#endif

#if TB_AVX2
/* AVX2 form of the template (lines of at least 32 bytes), two passes per line:
 *  1. the line is read in 32-byte blocks (at 0, 32, ...; the last one ends at the line's end
 *     and overlaps its predecessor). Per block, one compare checks that its '_' bytes are
 *     exactly the template's, and one vpshufb (a control per 16-byte lane, from the template)
 *     packs each lane's digits that no earlier block took to the lane's front; the two lanes
 *     are stored at their digits' places in tpl_abuf (16 bytes each, in line order, so each
 *     store's excess is overwritten by the next, the last one's lands in the slack).
 *  2. tpl_abuf holds the line's digits right-aligned on a 64-byte boundary after '0' padding;
 *     64 digits per step (from the end) are validated and turned into nibbles (as hex16),
 *     paired by vpmaddubsw, packed, put in order (vpermq, vpshufb) and stored: 32 bytes of
 *     the value. No copy of the digits one run at a time, no per-16-byte table walk. */
struct tpl_ablk {
    unsigned char ctrl[32]; /* vpshufb control: lane h's new digits to its front */
    unsigned char sep[32];  /* 0xFF where the template has '_' */
    uint32_t off;           /* offset of the block in the line */
    uint32_t dst0, dst1;    /* where lanes 0 and 1 are stored in tpl_abuf */
    uint32_t pad[5];
};
static int tpl_avx2, tpl_nab, tpl_ngroups; /* tpl_ngroups: 64-digit groups in tpl_abuf */
static int cpu_avx2; /* set by tb_vec_open */
static struct tpl_ablk *tpl_ab; /* TPL_MAX entries, 32-byte aligned */
static unsigned char *tpl_abuf; /* 64 * tpl_ngroups + 32 bytes, 32-byte aligned */
static size_t tpl_abuf_cap;
#endif

/* Little-endian 8-byte load (byte 0 = the window's first character in the low byte). */
static inline uint64_t load8(const unsigned char *p) {
    uint64_t x;
    memcpy(&x, p, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    x = __builtin_bswap64(x);
#endif
    return x;
}

/* The line p[0, len) just parsed as a well-formed line of line_w bits becomes the template
 * (if it fits in the tables). */
static void tpl_build(const unsigned char *p, size_t len, int line_w) {
    size_t i = len;
    uint32_t sh = 0, word = 0;
    int nch = 0, nsep = 0;
    tpl_tried = 1;
    while (i > 0) {
        if (p[i - 1] == '_') {
            if (nsep == TPL_MAX) return;
            tpl_sep[nsep++] = (uint32_t)(i - 1);
            i--;
            continue;
        }
        /* a run of digits ending at i: chunks of 8 from its end */
        size_t start = i;
        while (start > 0 && p[start - 1] != '_') start--;
        while (i > start) {
            const size_t n = i - start < 8 ? i - start : 8;
            if (nch == TPL_MAX) return;
            tpl_ch[nch].end = (uint32_t)i;
            tpl_ch[nch].flush = (sh >> 5) != word; /* sh grows by <= 32 per chunk */
            word = sh >> 5;
            tpl_ch[nch].rel = sh - 32 * word;
            tpl_ch[nch].bytes = 0x8080808080808080ull << (8 * (8 - n));
            tpl_ch[nch].mask = n == 8 ? 0xFFFFFFFFu : (1u << (4 * n)) - 1;
            nch++;
            sh += (uint32_t)(4 * n);
            i -= n;
        }
    }
#if TB_SSE2
    {
        size_t nd = 0, j, d, cb;
        int ncp = 0, nbl = 0;
        for (j = 0; j < len; j++) nd += p[j] != '_';
        cb = (nd + 15) / 16;
        if (16 * cb + 16 > tpl_cbuf_cap) {
            free(tpl_cbuf);
            tpl_cbuf_cap = 0;
            tpl_cbuf = (unsigned char *)malloc(16 * cb + 16);
            if (!tpl_cbuf) return;
            tpl_cbuf_cap = 16 * cb + 16;
        }
        memset(tpl_cbuf, '0', 16 * cb + 16);
        d = 16 * cb - nd;
        for (j = 0; j < len;) {
            size_t s0 = j, k;
            if (p[j] == '_') {
                j++;
                continue;
            }
            while (j < len && p[j] != '_') j++;
            for (k = s0; k < j; k += 16) {
                if (ncp == TPL_MAX) return;
                tpl_cp[ncp].src = (uint32_t)k;
                tpl_cp[ncp].dst = (uint32_t)(d + (k - s0));
                ncp++;
            }
            d += j - s0;
        }
        for (j = 0; j < len; j += 16) {
            uint32_t m = 0;
            size_t b;
            for (b = 0; b < 16 && j + b < len; b++) m |= (uint32_t)(p[j + b] == '_') << b;
            if (!m) continue;
            if (nbl == TPL_MAX) return;
            tpl_blk[nbl].off = (uint32_t)j;
            tpl_blk[nbl].sep = m;
            nbl++;
        }
        /* both lists padded to a multiple of 4 (the loops are unrolled) by repeating their
         * last entry, which is idempotent */
        if (ncp == 0 || nbl == 0 || ncp > TPL_MAX - 3 || nbl > TPL_MAX - 3) return;
        while (ncp % 4) {
            tpl_cp[ncp] = tpl_cp[ncp - 1];
            ncp++;
        }
        while (nbl % 4) {
            tpl_blk[nbl] = tpl_blk[nbl - 1];
            nbl++;
        }
        tpl_ncopy = ncp;
        tpl_nblock = nbl;
        tpl_ncb = (int)cb;
    }
#endif
#if TB_AVX2
    tpl_avx2 = 0;
    if (cpu_avx2 && len >= 32 && (len + 31) / 32 <= TPL_MAX) {
        const size_t nab = (len + 31) / 32;
        size_t nd = 0, j, base, before = 0;
        int ok = 1;
        for (j = 0; j < len; j++) nd += p[j] != '_';
        const size_t ng = (nd + 63) / 64, cap = 64 * ng + 32;
        if (!tpl_ab) {
            tpl_ab = (struct tpl_ablk *)aligned_alloc(32, sizeof(struct tpl_ablk) * TPL_MAX);
            if (!tpl_ab) ok = 0;
        }
        if (ok && cap > tpl_abuf_cap) {
            free(tpl_abuf);
            tpl_abuf_cap = 0;
            tpl_abuf = (unsigned char *)aligned_alloc(32, (cap + 31) / 32 * 32);
            if (!tpl_abuf) ok = 0;
            else tpl_abuf_cap = (cap + 31) / 32 * 32;
        }
        if (ok) {
            memset(tpl_abuf, '0', tpl_abuf_cap);
            base = 64 * ng - nd;
            for (j = 0; j < nab; j++) {
                struct tpl_ablk *b = &tpl_ab[j];
                const size_t off = j + 1 < nab ? 32 * j : len - 32, from = 32 * j;
                int h, k;
                memset(b, 0, sizeof *b);
                b->off = (uint32_t)off;
                for (k = 0; k < 32; k++) b->sep[k] = p[off + k] == '_' ? 0xFF : 0;
                for (h = 0; h < 2; h++) {
                    int c = 0;
                    (h ? b->dst1 : b->dst0) = (uint32_t)(base + before);
                    for (k = 0; k < 16; k++) {
                        const size_t pos = off + 16 * h + k;
                        if (pos >= from && p[pos] != '_') b->ctrl[16 * h + c++] = (unsigned char)k;
                    }
                    for (; c < 16; c++) b->ctrl[16 * h + c] = 0x80;
                    for (k = 0; k < 16; k++) {
                        const size_t pos = off + 16 * h + k;
                        before += pos >= from && p[pos] != '_';
                    }
                }
            }
            tpl_nab = (int)nab;
            tpl_ngroups = (int)ng;
            tpl_avx2 = 1;
        }
    }
#endif
    tpl_nch = nch;
    tpl_nsep = nsep;
    tpl_len = len;
    tpl_line_w = line_w;
    tpl_ok = 1;
}

/* Converts the line at p (tpl_len bytes, checked to end in '\n' by the caller) with the
 * template into v (words 32-bit words); returns 0, with v unspecified, if a byte does not
 * match its class in the template. */
#if TB_SSE2
/* 16 hex digits at q (byte 0 most significant) -> 64-bit value (8 bytes, most significant
 * first, before the byte swap), and the validity of each byte into bad. A byte is a digit iff
 * d = x - '0' <= 9, a letter iff l = (x | 0x20) - 'a' <= 5: adding 0x76 / 0x7A with unsigned
 * saturation leaves bit 7 clear exactly then. Its value is min(d, l + 10); then per 16-bit
 * lane {lo: n0, hi: n1} -> n0 << 4 | n1. */
static inline __m128i hex16(const unsigned char *q, __m128i *bad) {
    const __m128i x = _mm_loadu_si128((const __m128i *)q);
    const __m128i d = _mm_sub_epi8(x, _mm_set1_epi8('0'));
    const __m128i l = _mm_sub_epi8(_mm_or_si128(x, _mm_set1_epi8(0x20)), _mm_set1_epi8('a'));
    *bad = _mm_or_si128(*bad, _mm_and_si128(_mm_adds_epu8(d, _mm_set1_epi8(0x76)),
                                            _mm_adds_epu8(l, _mm_set1_epi8(0x7A))));
    const __m128i nib = _mm_min_epu8(d, _mm_add_epi8(l, _mm_set1_epi8(10)));
    return _mm_or_si128(_mm_srli_epi16(_mm_slli_epi16(nib, 12), 8), _mm_srli_epi16(nib, 8));
}

static int tpl_parse(const unsigned char *p, svBitVecVal *v, int words) {
    const __m128i us = _mm_set1_epi8('_');
    __m128i badv = _mm_setzero_si128();
    uint32_t bad = 0;
    int c, w = 0;
    const int nfull = tpl_ncb < words / 2 ? tpl_ncb : words / 2; /* 64-bit words written */
    const unsigned char *q = tpl_cbuf + 16 * tpl_ncb;
    for (c = 0; c < tpl_nblock; c += 4) {
        const struct tpl_block *b = &tpl_blk[c];
        const uint32_t m0 = (uint32_t)_mm_movemask_epi8(
            _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(p + b[0].off)), us));
        const uint32_t m1 = (uint32_t)_mm_movemask_epi8(
            _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(p + b[1].off)), us));
        const uint32_t m2 = (uint32_t)_mm_movemask_epi8(
            _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(p + b[2].off)), us));
        const uint32_t m3 = (uint32_t)_mm_movemask_epi8(
            _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(p + b[3].off)), us));
        bad |= (b[0].sep & ~m0) | (b[1].sep & ~m1) | (b[2].sep & ~m2) | (b[3].sep & ~m3);
    }
    for (c = 0; c < tpl_ncopy; c += 4) {
        const struct tpl_copy *k = &tpl_cp[c];
        _mm_storeu_si128((__m128i *)(tpl_cbuf + k[0].dst),
                         _mm_loadu_si128((const __m128i *)(p + k[0].src)));
        _mm_storeu_si128((__m128i *)(tpl_cbuf + k[1].dst),
                         _mm_loadu_si128((const __m128i *)(p + k[1].src)));
        _mm_storeu_si128((__m128i *)(tpl_cbuf + k[2].dst),
                         _mm_loadu_si128((const __m128i *)(p + k[2].src)));
        _mm_storeu_si128((__m128i *)(tpl_cbuf + k[3].dst),
                         _mm_loadu_si128((const __m128i *)(p + k[3].src)));
    }
    /* two 16-digit blocks (from the end) per step, then one at a time (the last maybe half) */
    for (c = 0; c + 2 <= nfull; c += 2) {
        q -= 32;
        const __m128i lo = hex16(q + 16, &badv), hi = hex16(q, &badv);
        const __m128i t = _mm_packus_epi16(lo, hi);
        const uint64_t u0 = __builtin_bswap64((uint64_t)_mm_cvtsi128_si64(t));
        const uint64_t u1 = __builtin_bswap64((uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(t, t)));
        memcpy(v + w, &u0, 8);
        memcpy(v + w + 2, &u1, 8);
        w += 4;
    }
    for (; c < tpl_ncb && w < words; c++) {
        q -= 16;
        const __m128i t = hex16(q, &badv);
        const uint64_t u = __builtin_bswap64((uint64_t)_mm_cvtsi128_si64(_mm_packus_epi16(t, t)));
        if (w + 2 <= words) {
            memcpy(v + w, &u, 8);
            w += 2;
        } else {
            v[w++] = (svBitVecVal)u;
        }
    }
    while (w < words) v[w++] = 0;
    return (bad | (uint32_t)_mm_movemask_epi8(badv)) == 0;
}
#endif
#if TB_AVX2
/* The constants of the loops below, loaded once per line (1 instruction each instead of a
 * broadcast's 3). */
struct avx_consts {
    __m256i k0, k20, ka, k76, k7a, k10, w, us, rev;
};

/* 32 hex digits at q -> 16 16-bit lanes {n0 << 4 | n1} (the digit pair at 2k, 2k + 1), and
 * the validity of each byte into bad (bit 7 set: not a hex digit); as hex16. */
__attribute__((target("avx2"))) static inline __m256i hex32(const unsigned char *q, __m256i *bad,
                                                            const struct avx_consts &k) {
    const __m256i x = _mm256_load_si256((const __m256i *)q);
    const __m256i d = _mm256_sub_epi8(x, k.k0);
    const __m256i l = _mm256_sub_epi8(_mm256_or_si256(x, k.k20), k.ka);
    *bad = _mm256_or_si256(*bad, _mm256_and_si256(_mm256_adds_epu8(d, k.k76), _mm256_adds_epu8(l, k.k7a)));
    const __m256i nib = _mm256_min_epu8(d, _mm256_add_epi8(l, k.k10));
    return _mm256_maddubs_epi16(nib, k.w);
}

/* One block of pass 1 (x: its 32 bytes). */
__attribute__((target("avx2"))) static inline void ablk(const struct tpl_ablk *b, __m256i x,
                                                        unsigned char *a, __m256i *bad,
                                                        const struct avx_consts &k) {
    *bad = _mm256_or_si256(*bad, _mm256_xor_si256(_mm256_cmpeq_epi8(x, k.us),
                                                  _mm256_load_si256((const __m256i *)b->sep)));
    const __m256i c = _mm256_shuffle_epi8(x, _mm256_load_si256((const __m256i *)b->ctrl));
    _mm_storeu_si128((__m128i *)(a + b->dst0), _mm256_castsi256_si128(c));
    _mm_storeu_si128((__m128i *)(a + b->dst1), _mm256_extracti128_si256(c, 1));
}

/* 64 digits at q (q[0] most significant) -> 32 value bytes, least significant first. The
 * pack's qwords hold value bytes 15..8, 31..24, 7..0, 23..16: vpermq puts them in order, the
 * vpshufb (k.rev) reverses each. */
__attribute__((target("avx2"))) static inline __m256i hex64(const unsigned char *q, __m256i *bad,
                                                            const struct avx_consts &k) {
    const __m256i lo = hex32(q + 32, bad, k), hi = hex32(q, bad, k);
    return _mm256_shuffle_epi8(_mm256_permute4x64_epi64(_mm256_packus_epi16(lo, hi), 0x72), k.rev);
}

static struct avx_consts avx_k; /* set by avx2_init */

__attribute__((target("avx2"))) static void avx2_init(void) {
    avx_k.k0 = _mm256_set1_epi8('0');
    avx_k.k20 = _mm256_set1_epi8(0x20);
    avx_k.ka = _mm256_set1_epi8('a');
    avx_k.k76 = _mm256_set1_epi8(0x76);
    avx_k.k7a = _mm256_set1_epi8(0x7A);
    avx_k.k10 = _mm256_set1_epi8(10);
    avx_k.w = _mm256_set1_epi16(0x0110); /* vpmaddubsw weights: 16 n0 + n1 */
    avx_k.us = _mm256_set1_epi8('_');
    avx_k.rev = _mm256_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8,
                                 7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
}

__attribute__((target("avx2"))) static int tpl_parse_avx2(const unsigned char *p, svBitVecVal *v,
                                                          int words) {
    const struct avx_consts k = avx_k;
    __m256i bad = _mm256_setzero_si256();
    unsigned char *const a = tpl_abuf, *const o = (unsigned char *)v;
    const struct tpl_ablk *b = tpl_ab;
    const int nab = tpl_nab, nbytes = 4 * words, ng = tpl_ngroups;
    const int nfull = ng < nbytes / 32 ? ng : nbytes / 32; /* groups stored whole */
    int j, g;
    /* pass 1: blocks at 32 j, then the last one (at the line's end) */
#pragma GCC unroll 2
    for (j = 0; j < nab - 1; j++)
        ablk(b + j, _mm256_loadu_si256((const __m256i *)(p + 32 * j)), a, &bad, k);
    ablk(b + j, _mm256_loadu_si256((const __m256i *)(p + b[j].off)), a, &bad, k);
    /* pass 2: group g = value bytes [32 g, 32 g + 32) = digits [64 (ng - g - 1), 64 (ng - g)) */
    const unsigned char *q = a + 64 * ng;
    for (g = 0; g < nfull; g++) {
        q -= 64;
        _mm256_storeu_si256((__m256i *)(o + 32 * g), hex64(q, &bad, k));
    }
    if (g < ng) { /* the value's last words: one partial group (nd <= 8 words) */
        const __m256i m = _mm256_cmpgt_epi32(_mm256_set1_epi32((nbytes - 32 * g) / 4),
                                             _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
        _mm256_maskstore_epi32((int *)(o + 32 * g), m, hex64(q - 64, &bad, k));
    } else if (32 * g < nbytes) {
        memset(o + 32 * g, 0, (size_t)(nbytes - 32 * g));
    }
    return _mm256_movemask_epi8(bad) == 0;
}
#endif
#if !TB_SSE2
static int tpl_parse(const unsigned char *p, svBitVecVal *v, int words) {
    const uint64_t k7f = 0x7F7F7F7F7F7F7F7Full, k80 = 0x8080808080808080ull,
                   k0f = 0x0F0F0F0F0F0F0F0Full;
    uint64_t bad = 0, acc = 0;
    int c, w = 0;
    memset(v, 0, sizeof(svBitVecVal) * (size_t)words);
    for (c = 0; c < tpl_nsep; c++) bad |= (uint64_t)(p[tpl_sep[c]] ^ '_');
    for (c = 0; c < tpl_nch; c++) {
        const struct tpl_chunk *ch = &tpl_ch[c];
        const uint64_t x = load8(p + ch->end - 8);
        /* per byte (bit 7 of each byte): a digit '0'-'9', a letter 'a'-'f' / 'A'-'F' */
        const uint64_t x7 = x & k7f, l7 = (x | 0x2020202020202020ull) & k7f;
        const uint64_t dig = (x7 + 0x5050505050505050ull) & ~(x7 + 0x4646464646464646ull);
        const uint64_t let = (l7 + 0x1F1F1F1F1F1F1F1Full) & ~(l7 + 0x1919191919191919ull);
        const uint64_t ok = (dig | let) & ~x & k80;
        bad |= (ok ^ ch->bytes) & ch->bytes;
        /* nibbles (byte 0 = most significant digit), then 4 -> 8 -> 16 -> 32 bits */
        uint64_t t = (x & k0f) + ((let & k80) >> 7) * 9;
        t = ((t & 0x000F000F000F000Full) << 4) | ((t >> 8) & 0x000F000F000F000Full);
        t = ((t & 0x000000FF000000FFull) << 8) | ((t >> 16) & 0x000000FF000000FFull);
        t = ((t & 0xFFFFull) << 16) | ((t >> 32) & 0xFFFFull);
        const uint64_t val = (uint32_t)t & ch->mask;
        /* the words are built in a register: no read-modify-write of v */
        v[w] = (svBitVecVal)acc;
        w += (int)ch->flush;
        acc = ch->flush ? acc >> 32 : acc;
        acc |= val << ch->rel;
    }
    v[w] = (svBitVecVal)acc;
    if (w + 1 < words) v[w + 1] = (svBitVecVal)(acc >> 32);
    return bad == 0;
}
#endif

/* Fills the lookup tables (idempotent). */
static void lut_init(void) {
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
}

/* Opens the vector file; returns 1 on success. */
extern "C" int tb_vec_open(const char *path) {
    lut_init();
#if TB_AVX2
    __builtin_cpu_init();
    cpu_avx2 = __builtin_cpu_supports("avx2") ? 1 : 0;
    if (cpu_avx2) avx2_init();
#endif
    vec_file = fopen(path, "rb");
    if (!vec_file) return 0;
    if (!buf_base) {
        buf_base = (char *)calloc(BUF_SIZE + 64, 1);
        if (!buf_base) return 0;
        buf = buf_base + 8;
    }
    buf_pos = buf_len = 0;
    buf_eof = 0;
    tpl_ok = 0;
    tpl_tried = 0;
    return 1;
}

/* Starts reading at byte off of the vector file (a slice of it: `cargo xtask cosim --jobs`);
 * returns 1 if off is 0 or the byte before it is a newline (off is the start of a line), 0
 * otherwise or if the file cannot be positioned there. */
extern "C" int tb_vec_seek(long long off) {
    char prev = 0;
    if (!vec_file || off < 0) return 0;
    buf_pos = buf_len = 0;
    buf_eof = 0;
    if (off == 0) return fseeko(vec_file, 0, SEEK_SET) == 0;
    if (fseeko(vec_file, (off_t)(off - 1), SEEK_SET) != 0) return 0;
    if (fread(&prev, 1, 1, vec_file) != 1 || prev != '\n') return 0;
    return 1;
}

/* Moves the unread bytes to the buffer's start and reads more after them. */
static void refill(void) {
    size_t n;
    memmove(buf, buf + buf_pos, buf_len - buf_pos);
    buf_len -= buf_pos;
    buf_pos = 0;
    n = fread(buf + buf_len, 1, BUF_SIZE - buf_len, vec_file);
    if (n == 0) buf_eof = 1;
    buf_len += n;
}

/* Makes [buf_pos, buf_len) hold a whole line (or the rest of the file); returns the
 * position of its '\n' (buf_len at the end of a file without a final newline), or
 * (size_t)-1 for a line longer than the buffer. */
static size_t line_end(void) {
    for (;;) {
        const char *nl = (const char *)memchr(buf + buf_pos, '\n', buf_len - buf_pos);
        if (nl) return (size_t)(nl - buf);
        if (buf_eof) return buf_len;
        if (buf_pos == 0 && buf_len == BUF_SIZE) return (size_t)-1;
        refill();
    }
}

/* The per-character path of tb_vec_next (any line that did not take the template path),
 * out of line so that the template path is a small function. */
static __attribute__((noinline)) int vec_next_generic(svBitVecVal *v, int line_w) {
    const int words = (line_w + 31) / 32;
    const int max_digits = (line_w + 3) / 4;
    size_t end, e;
    const unsigned char *p, *q, *q0;
    int digits = 0, w = 0, sh = 0, bad = 0;
    unsigned long long acc = 0;
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
    q0 = q;
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
    if (!tpl_tried && e == end && end < buf_len) tpl_build(p, (size_t)(q0 - p), line_w);
    return 1;
}

/* Reads the next line as one hex number of line_w bits ('_' skipped) into v (32-bit words,
 * least significant first). Returns 1, 0 at the end of the file, -1 for a malformed line
 * (a character that is not a hex digit or '_', or more digits than line_w / 4). */
extern "C" int tb_vec_next(svBitVecVal *v, int line_w) {
    const int words = (line_w + 31) / 32;
    if (!vec_file) {
        memset(v, 0, sizeof(svBitVecVal) * (size_t)words);
        return -1;
    }
    if (tpl_ok && tpl_line_w == line_w) {
        if (buf_len - buf_pos <= tpl_len && !buf_eof) refill();
        if (buf_len - buf_pos > tpl_len && buf[buf_pos + tpl_len] == '\n' &&
#if TB_AVX2
            (tpl_avx2 ? tpl_parse_avx2((const unsigned char *)buf + buf_pos, v, words)
                      : tpl_parse((const unsigned char *)buf + buf_pos, v, words))) {
#else
            tpl_parse((const unsigned char *)buf + buf_pos, v, words)) {
#endif
            buf_pos += tpl_len + 1;
            return 1;
        }
    }
    return vec_next_generic(v, line_w);
}

/* Expected-result ring of the clocked Verilator testbench (tb_common.svh with TB_DPI_READ):
 * tb_vec_next_in parses the next line (tb_vec_next) into slot n % RING of a ring of whole
 * lines and hands the testbench only its input word (bits [line_w-1:out_w], shifted down);
 * tb_vec_check compares a result with the output word (bits [out_w-1:0]) of line idx, which
 * must be one of the last RING lines read: 1 equal, 0 different, -1 idx outside the ring;
 * tb_vec_line copies line idx back for the mismatch report. RING = tb_common.svh's QD. This
 * keeps the 2 696-bit intel_info lines out of the model: no full-line copies per vector in
 * the generated C++, one 2 118-bit compare here instead of a masked wide select and compare. */
#if TB_AVX2
/* vin[0, n8) (n8 a multiple of 8) = the words at v shifted right by sh (0 < sh < 32), the
 * next word's low bits on top; reads v[0, n8]. */
__attribute__((target("avx2"))) static void shift_words_avx2(svBitVecVal *vin, const svBitVecVal *v,
                                                             int n8, int sh) {
    const __m128i r = _mm_cvtsi32_si128(sh), l = _mm_cvtsi32_si128(32 - sh);
    for (int i = 0; i < n8; i += 8)
        _mm256_storeu_si256((__m256i *)(vin + i),
                            _mm256_or_si256(_mm256_srl_epi32(_mm256_loadu_si256((const __m256i *)(v + i)), r),
                                            _mm256_sll_epi32(_mm256_loadu_si256((const __m256i *)(v + i + 1)), l)));
}

/* Whether the n8 words (n8 a multiple of 8) at a and b differ. */
__attribute__((target("avx2"))) static int words_differ_avx2(const svBitVecVal *a, const svBitVecVal *b,
                                                             int n8) {
    __m256i d = _mm256_setzero_si256();
    for (int i = 0; i < n8; i += 8)
        d = _mm256_or_si256(d, _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)(a + i)),
                                                _mm256_loadu_si256((const __m256i *)(b + i))));
    return !_mm256_testz_si256(d, d);
}
#endif

enum { RING = 64 };
static svBitVecVal *ring_buf;
static int ring_words, ring_line_w = -1, ring_out_w;
static long ring_n; /* lines read */

extern "C" int tb_vec_next_in(svBitVecVal *vin, int line_w, int out_w) {
    const int in_w = line_w - out_w, iw = (in_w + 31) / 32;
    if (ring_line_w != line_w || ring_out_w != out_w) {
        if (ring_n != 0 || in_w <= 0 || out_w <= 0) {
            memset(vin, 0, sizeof(svBitVecVal) * (size_t)(iw > 0 ? iw : 0));
            return -1;
        }
        free(ring_buf);
        ring_words = (line_w + 31) / 32;
        /* one spare word: the shift below reads one word past the last */
        ring_buf = (svBitVecVal *)calloc((size_t)RING * (size_t)ring_words + 1, sizeof(svBitVecVal));
        if (!ring_buf) return -1;
        ring_line_w = line_w;
        ring_out_w = out_w;
    }
    svBitVecVal *v = ring_buf + (size_t)(ring_n % RING) * (size_t)ring_words;
    const int r = tb_vec_next(v, line_w);
    if (r != 1) {
        memset(vin, 0, sizeof(svBitVecVal) * (size_t)iw);
        return r;
    }
    ring_n++;
    const int wo = out_w / 32, sh = out_w % 32;
    if (sh == 0) {
        memcpy(vin, v + wo, sizeof(svBitVecVal) * (size_t)iw);
    } else {
        /* v[wo + i + 1] may be the next slot's first word (or the spare one): it only feeds
         * bits at or above in_w, masked off below */
        int i = 0;
#if TB_AVX2
        if (cpu_avx2) {
            i = iw & ~7;
            shift_words_avx2(vin, v + wo, i, sh);
        }
#endif
#if TB_SSE2
        const __m128i r = _mm_cvtsi32_si128(sh), l = _mm_cvtsi32_si128(32 - sh);
        for (; i + 4 <= iw; i += 4)
            _mm_storeu_si128((__m128i *)(vin + i),
                             _mm_or_si128(_mm_srl_epi32(_mm_loadu_si128((const __m128i *)(v + wo + i)), r),
                                          _mm_sll_epi32(_mm_loadu_si128((const __m128i *)(v + wo + i + 1)), l)));
#endif
        for (; i < iw; i++) vin[i] = (v[wo + i] >> sh) | (v[wo + i + 1] << (32 - sh));
    }
    if (in_w % 32) vin[iw - 1] &= (1u << (in_w % 32)) - 1;
    return 1;
}

extern "C" int tb_vec_check(const svBitVecVal *got, int idx) {
    if (idx < 0 || idx >= ring_n || ring_n - idx > RING) return -1;
    const svBitVecVal *v = ring_buf + (size_t)(idx % RING) * (size_t)ring_words;
    const int full = ring_out_w / 32, rem = ring_out_w % 32;
    svBitVecVal diff = 0;
    int i = 0;
#if TB_AVX2
    if (cpu_avx2) {
        i = full & ~7;
        diff = (svBitVecVal)words_differ_avx2(got, v, i);
    }
#endif
#if TB_SSE2
    __m128i d4 = _mm_setzero_si128();
    for (; i + 4 <= full; i += 4)
        d4 = _mm_or_si128(d4, _mm_xor_si128(_mm_loadu_si128((const __m128i *)(got + i)),
                                            _mm_loadu_si128((const __m128i *)(v + i))));
    diff |= (svBitVecVal)(_mm_movemask_epi8(_mm_cmpeq_epi8(d4, _mm_setzero_si128())) != 0xFFFF);
#endif
    for (; i < full; i++) diff |= got[i] ^ v[i];
    if (rem) diff |= (got[full] ^ v[full]) & ((1u << rem) - 1);
    return diff == 0;
}

extern "C" void tb_vec_line(svBitVecVal *line, int idx) {
    if (idx < 0 || idx >= ring_n || ring_n - idx > RING) {
        memset(line, 0, sizeof(svBitVecVal) * (size_t)(ring_words > 0 ? ring_words : 0));
        return;
    }
    memcpy(line, ring_buf + (size_t)(idx % RING) * (size_t)ring_words,
           sizeof(svBitVecVal) * (size_t)ring_words);
}

/* A $readmemh stand-in for memory images (Verilator's $readmemh costs ~14 k instructions per
 * 256-bit line: ~15 ms for intel_info's header pool), independent of the vector reader above:
 * tb_mem_open opens the image (1 on success); tb_mem_next reads its next non-blank line as one
 * hex number of w bits ('_' skipped) into v: 1, 0 at the end of the file, -1 for a malformed
 * line (any other character, or more digits than w / 4). */
static FILE *mem_file;

extern "C" int tb_mem_open(const char *path) {
    lut_init();
    if (mem_file) fclose(mem_file);
    mem_file = fopen(path, "rb");
    return mem_file != NULL;
}

extern "C" int tb_mem_next(svBitVecVal *v, int w) {
    const int words = (w + 31) / 32, max_digits = (w + 3) / 4;
    char line[4096];
    size_t n;
    memset(v, 0, sizeof(svBitVecVal) * (size_t)words);
    if (!mem_file) return -1;
    for (;;) {
        if (!fgets(line, sizeof line, mem_file)) {
            fclose(mem_file);
            mem_file = NULL;
            return 0;
        }
        n = strlen(line);
        if (n == sizeof line - 1 && line[n - 1] != '\n') return -1; /* too long */
        while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r')) n--;
        if (n > 0) break;
    }
    int digits = 0;
    while (n > 0) {
        const unsigned c = (unsigned char)line[--n];
        if (c == '_') continue;
        if (lut_bad[c]) return -1;
        if (digits == max_digits) return -1;
        v[digits / 8] |= (svBitVecVal)lut_val[c] << (4 * (digits % 8));
        digits++;
    }
    return 1;
}
