// Verilator testbench of texcore_soc (`cargo xtask soc`): resets the system, runs the clock
// until the firmware writes the exit register or +max_cycles=N clocks have passed (default
// 2e9), and copies the bytes written to the text register to stdout.
//
// The last line on stdout is `tb_soc: exit <code> cycles <n> wall <s> s <rate> cycles/s`, or
// `tb_soc: TIMEOUT cycles <n> ...`. Exit status: 0 when the firmware wrote 0, 1 when it
// wrote anything else, 3 on the cycle limit.
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <memory>

#include "Vtexcore_soc.h"
#include "verilated.h"

int main(int argc, char** argv) {
  const std::unique_ptr<VerilatedContext> ctx{new VerilatedContext};
  ctx->commandArgs(argc, argv);
  uint64_t max_cycles = 2000000000ull;
  const char* m = ctx->commandArgsPlusMatch("max_cycles=");
  if (m && *m) max_cycles = std::strtoull(m + 12, nullptr, 10);
  const std::unique_ptr<Vtexcore_soc> top{new Vtexcore_soc{ctx.get()}};

  auto tick = [&]() {
    top->clk = 0;
    top->eval();
    top->clk = 1;
    top->eval();
  };
  top->putc_ready = 1;  // the testbench takes every byte at once
  top->rst = 1;
  for (int i = 0; i < 16; ++i) tick();
  top->rst = 0;

  const auto t0 = std::chrono::steady_clock::now();
  uint64_t cycles = 0;
  int code = -1;
  uint32_t value = 0;
  while (cycles < max_cycles) {
    tick();
    ++cycles;
    if (top->sim_putc) {
      std::fputc(top->sim_char, stdout);
      if (top->sim_char == '\n') std::fflush(stdout);
    }
    if (top->sim_exit) {
      value = top->sim_exit_code;
      code = value == 0 ? 0 : 1;
      break;
    }
  }
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const double rate = wall > 0 ? double(cycles) / wall : 0.0;
  if (code < 0) {
    std::printf("\ntb_soc: TIMEOUT cycles %" PRIu64 " wall %.1f s %.0f cycles/s\n", cycles, wall, rate);
    code = 3;
  } else {
    std::printf("tb_soc: exit %" PRIu32 " cycles %" PRIu64 " wall %.1f s %.0f cycles/s\n", value, cycles, wall, rate);
  }
  std::fflush(stdout);
  top->final();
  return code;
}
