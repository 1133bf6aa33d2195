// Verilator testbench of texcore_soc_uart_tx (the ULX3S board's text output; `cargo xtask
// soc` runs it): sends every byte value, back to back and with idle gaps, decodes the line
// the way a UART receiver does (start bit found on the falling edge, each bit sampled in its
// middle) and checks the bytes, the stop bit, the frame length (10 bits of CLKS_PER_BIT
// clocks) and `ready`. Prints `tb_soc_uart: N bytes, 0 errors` and exits 0, or the first
// error and exits 1.
#include <cstdio>
#include <memory>

#include "Vtexcore_soc_uart_tx.h"
#include "verilated.h"

static const int kClksPerBit = 217;  // the board's 25 MHz / 115 200 baud, rounded

int main(int argc, char** argv) {
  const std::unique_ptr<VerilatedContext> ctx{new VerilatedContext};
  ctx->commandArgs(argc, argv);
  const std::unique_ptr<Vtexcore_soc_uart_tx> u{new Vtexcore_soc_uart_tx{ctx.get()}};
  long clk = 0;
  auto tick = [&]() {
    u->clk = 0;
    u->eval();
    u->clk = 1;
    u->eval();
    ++clk;
  };
  auto fail = [&](const char* what, int byte) {
    std::printf("tb_soc_uart: byte %d: %s (clock %ld)\n", byte, what, clk);
    return 1;
  };
  u->rst = 1;
  u->valid = 0;
  for (int i = 0; i < 4; ++i) tick();
  u->rst = 0;
  tick();
  if (!u->ready || !u->txd) return fail("not idle after reset", -1);

  int sent = 0;
  for (int pass = 0; pass < 2; ++pass) {
    for (int b = 0; b < 256; ++b) {
      const int v = pass == 0 ? b : 255 - b;
      // Offer the byte (back to back in pass 0, after an idle gap of b clocks in pass 1).
      if (pass == 1)
        for (int i = 0; i < b; ++i) {
          tick();
          if (!u->txd) return fail("line low while idle", v);
        }
      u->valid = 1;
      u->data = v;
      tick();  // taken at this edge: the start bit begins
      u->valid = 0;
      if (u->ready) return fail("ready while sending", v);
      if (u->txd) return fail("no start bit", v);
      // Sample each of the 10 bits in its middle.
      int got = 0;
      for (int bit = 0; bit < 10; ++bit) {
        for (int i = 0; i < kClksPerBit / 2; ++i) tick();
        const int level = u->txd;
        if (bit == 0 && level) return fail("start bit not low in its middle", v);
        if (bit >= 1 && bit <= 8) got |= level << (bit - 1);
        if (bit == 9 && !level) return fail("stop bit not high", v);
        for (int i = kClksPerBit / 2; i < kClksPerBit; ++i) {
          if (u->ready && bit < 9) return fail("ready before the stop bit", v);
          tick();
        }
      }
      if (!u->ready) return fail("not ready after 10 bits", v);
      if (got != v) return fail("wrong data bits", v);
      ++sent;
    }
  }
  u->final();
  std::printf("tb_soc_uart: %d bytes, 0 errors\n", sent);
  return 0;
}
