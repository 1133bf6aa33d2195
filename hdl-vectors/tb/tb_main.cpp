// C++ main of the clocked Verilator testbenches (tb_common.svh with -DTB_CLOCKED, built
// without --timing and with --prefix Vtb): toggles the testbench's clk every 5 time units and
// evaluates until $finish. TB_CLK names the clock's member in the root class
// (-CFLAGS -DTB_CLK=<top>__DOT__clk; it is public_flat_rw in tb_common.svh).
#include <memory>

#include "Vtb.h"
#include "Vtb___024root.h"
#include "verilated.h"

#ifndef TB_CLK
#error "define TB_CLK=<top>__DOT__clk"
#endif

int main(int argc, char **argv) {
    const std::unique_ptr<VerilatedContext> ctx{new VerilatedContext};
    ctx->commandArgs(argc, argv);
    const std::unique_ptr<Vtb> top{new Vtb{ctx.get(), "TOP"}};
    Vtb___024root *const root = top->rootp;
    top->eval();
    while (!ctx->gotFinish()) {
        ctx->timeInc(5);
        root->TB_CLK = !root->TB_CLK;
        top->eval();
    }
    top->final();
    return 0;
}
