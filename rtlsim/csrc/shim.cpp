// C ABI over the Verilated texcore_sampler: pins, clock and SPI byte transfers, for the
// Rust side (rtlsim/src/model.rs). One clock cycle = clk low then high, with the inputs
// applied while the clock is low.
//
// Speed: the model's cost is the posedge evaluation (every always block of the design runs
// each clock). The shim adds no evaluation of its own between clock edges inside an SPI
// byte: an input changed while the clock is low is seen by the next rising edge exactly as
// if it had been evaluated on its own (the design samples SCK, CS_N and MOSI with `clk`
// only; there is no combinational path from them to an output the shim reads meanwhile).
#include <cstdint>
#include <cstring>
#include <vector>
#include "Vtexcore_sampler.h"
#include "Vtexcore_sampler___024root.h"
#include "verilated.h"

namespace {
struct Dut {
  VerilatedContext ctx;
  Vtexcore_sampler* top;
  uint64_t cycles = 0;
  // A copy of the model's state (the root module: every signal and memory; plain data and
  // a pointer to this model's symbol table, which a copy onto the same model keeps).
  std::vector<unsigned char> saved;
  uint64_t saved_cycles = 0;
  Dut() {
    top = new Vtexcore_sampler{&ctx};
    top->clk = 0;
    top->rst_n = 1;
    top->spi_sck = 0;
    top->spi_cs_n = 1;
    top->spi_mosi = 0;
    top->eval();
  }
  ~Dut() {
    top->final();
    delete top;
  }
  void tick() {
    top->clk = 1;
    top->eval();
    top->clk = 0;
    top->eval();
    ++cycles;
  }
};
}  // namespace

extern "C" {

void* txs_new() { return new Dut(); }

void txs_free(void* p) { delete static_cast<Dut*>(p); }

// Drives the input pins (held until changed).
void txs_set_pins(void* p, int sck, int cs_n, int mosi, int rst_n) {
  auto* d = static_cast<Dut*>(p);
  d->top->spi_sck = sck ? 1 : 0;
  d->top->spi_cs_n = cs_n ? 1 : 0;
  d->top->spi_mosi = mosi ? 1 : 0;
  d->top->rst_n = rst_n ? 1 : 0;
  d->top->eval();
}

// The output pins: bit 0 MISO, bit 1 BUSY, bit 2 IRQ.
uint32_t txs_get_pins(void* p) {
  auto* d = static_cast<Dut*>(p);
  return (d->top->spi_miso ? 1u : 0u) | (d->top->busy ? 2u : 0u) | (d->top->irq ? 4u : 0u);
}

// n clock cycles.
void txs_tick(void* p, uint64_t n) {
  auto* d = static_cast<Dut*>(p);
  for (uint64_t i = 0; i < n; ++i) d->tick();
}

uint64_t txs_cycles(void* p) { return static_cast<Dut*>(p)->cycles; }

// One SPI byte, mode 0, MSB first, with CS_N already low: per bit, MOSI is set with SCK
// low, `half` cycles pass, the host samples MISO and raises SCK, `half` cycles pass, SCK
// falls. A bit whose bit in `drop` is set (bit 7 = the first bit) keeps SCK low: the host
// believes it clocked the bit, the device sees no edge. Returns the byte the host read.
uint32_t txs_spi_byte(void* p, uint32_t out, uint32_t half, uint32_t drop) {
  auto* d = static_cast<Dut*>(p);
  uint32_t in = 0;
  // Inputs change with the clock low and are evaluated by the next edge (see the top).
  for (int b = 7; b >= 0; --b) {
    d->top->spi_mosi = (out >> b) & 1;
    for (uint32_t i = 0; i < half; ++i) d->tick();
    in = (in << 1) | (d->top->spi_miso ? 1u : 0u);
    if (!((drop >> b) & 1)) d->top->spi_sck = 1;
    for (uint32_t i = 0; i < half; ++i) d->tick();
    d->top->spi_sck = 0;
  }
  d->top->eval();
  return in;
}

// Runs the clock until BUSY is low, at most `max` cycles. Returns the cycles run, or
// `max + 1` if BUSY was still high after them.
uint64_t txs_run_until_idle(void* p, uint64_t max) {
  auto* d = static_cast<Dut*>(p);
  for (uint64_t i = 0; i < max; ++i) {
    if (!d->top->busy) return i;
    d->tick();
  }
  return d->top->busy ? max + 1 : max;
}

// Saves the whole model state (signals, memories, cycle count).
void txs_snapshot(void* p) {
  auto* d = static_cast<Dut*>(p);
  const auto* root = d->top->rootp;
  d->saved.resize(sizeof(*root));
  std::memcpy(d->saved.data(), static_cast<const void*>(root), sizeof(*root));
  d->saved_cycles = d->cycles;
}

// Restores the state saved by `txs_snapshot` (returns 0 if there is none).
int txs_restore(void* p) {
  auto* d = static_cast<Dut*>(p);
  auto* root = d->top->rootp;
  if (d->saved.size() != sizeof(*root)) return 0;
  std::memcpy(static_cast<void*>(root), d->saved.data(), sizeof(*root));
  d->cycles = d->saved_cycles;
  return 1;
}

}  // extern "C"

// Verilator's time source (no timing constructs are used; the clock is driven above).
double sc_time_stamp() { return 0; }
