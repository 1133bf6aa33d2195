/*
 * insncount: a QEMU TCG plugin (plugin API version 1, QEMU 7.2) that counts executed guest
 * instructions between marker functions.
 *
 * Usage: -plugin libinsncount.so,start=0xADDR,end=0xADDR -d plugin
 *
 * Every executed instruction increments a counter (inline add). Each time the guest
 * executes the first instruction of the `start` marker the counter is snapshotted; each
 * time it executes `end`, the instructions since the last start are reported as one pair:
 *   "insncount: pair <n> <count>\n"   (in execution order)
 * and at exit "insncount: total=<all> pairs=<n>\n". Output goes through qemu_plugin_outs,
 * which needs `-d plugin`.
 *
 * Debian's QEMU 7.2 ships no plugin headers or .so files, so the few API declarations used
 * are written out here (they are the stable v1 ABI).
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t qemu_plugin_id_t;
struct qemu_plugin_tb;
struct qemu_plugin_insn;
typedef struct qemu_info_t qemu_info_t;
enum qemu_plugin_cb_flags { QEMU_PLUGIN_CB_NO_REGS = 0 };
enum qemu_plugin_op { QEMU_PLUGIN_INLINE_ADD_U64 = 0 };
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb);
typedef void (*qemu_plugin_vcpu_udata_cb_t)(unsigned int vcpu_index, void *userdata);
typedef void (*qemu_plugin_udata_cb_t)(qemu_plugin_id_t id, void *userdata);

extern void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id, qemu_plugin_vcpu_tb_trans_cb_t cb);
extern size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
extern struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb, size_t idx);
extern uint64_t qemu_plugin_insn_vaddr(const struct qemu_plugin_insn *insn);
extern void qemu_plugin_register_vcpu_insn_exec_inline(struct qemu_plugin_insn *insn, enum qemu_plugin_op op, void *ptr, uint64_t imm);
extern void qemu_plugin_register_vcpu_insn_exec_cb(struct qemu_plugin_insn *insn, qemu_plugin_vcpu_udata_cb_t cb, enum qemu_plugin_cb_flags flags, void *userdata);
extern void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, qemu_plugin_udata_cb_t cb, void *userdata);
extern void qemu_plugin_outs(const char *string);

__attribute__((visibility("default"))) int qemu_plugin_version = 1;

static uint64_t count;
static uint64_t start_addr, end_addr, at_start;
static unsigned pairs;

static void on_start(unsigned int vcpu, void *u) { (void)vcpu; (void)u; at_start = count; }

static void on_end(unsigned int vcpu, void *u) {
    char buf[96];
    (void)vcpu; (void)u;
    snprintf(buf, sizeof buf, "insncount: pair %u %" PRIu64 "\n", pairs, count - at_start);
    qemu_plugin_outs(buf);
    pairs++;
}

static void tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb) {
    size_t n = qemu_plugin_tb_n_insns(tb);
    (void)id;
    for (size_t i = 0; i < n; i++) {
        struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
        uint64_t pc = qemu_plugin_insn_vaddr(insn);
        /* Marker callbacks first, so a marker's own first instruction is not counted. */
        if (pc == start_addr) qemu_plugin_register_vcpu_insn_exec_cb(insn, on_start, QEMU_PLUGIN_CB_NO_REGS, NULL);
        if (pc == end_addr) qemu_plugin_register_vcpu_insn_exec_cb(insn, on_end, QEMU_PLUGIN_CB_NO_REGS, NULL);
        qemu_plugin_register_vcpu_insn_exec_inline(insn, QEMU_PLUGIN_INLINE_ADD_U64, &count, 1);
    }
}

static void at_exit(qemu_plugin_id_t id, void *u) {
    char buf[96];
    (void)id; (void)u;
    snprintf(buf, sizeof buf, "insncount: total=%" PRIu64 " pairs=%u\n", count, pairs);
    qemu_plugin_outs(buf);
}

__attribute__((visibility("default"))) int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc, char **argv) {
    (void)info;
    for (int i = 0; i < argc; i++) {
        if (strncmp(argv[i], "start=", 6) == 0) start_addr = strtoull(argv[i] + 6, NULL, 0);
        if (strncmp(argv[i], "end=", 4) == 0) end_addr = strtoull(argv[i] + 4, NULL, 0);
    }
    if (!start_addr || !end_addr) {
        qemu_plugin_outs("insncount: need start=ADDR,end=ADDR\n");
        return -1;
    }
    qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans);
    qemu_plugin_register_atexit_cb(id, at_exit, NULL);
    return 0;
}
