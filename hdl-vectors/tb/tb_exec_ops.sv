`timescale 1ns/1ps
// Op-level testbench of the sampler's execution core (texcore_sampler_exec): replays the
// op-level vectors of `sample`, `sample_c`, `gather` and `tmml` as the SUBMIT payloads that
// express them, on the core with its memories as arrays of this testbench.
//
// The records (`<unit>.sub`, written by `cargo xtask cosim`, xtask/src/exec_ops.rs: one
// line per vector an op expresses, REC_W bits) hold the vector's index, the op's CAPS bit,
// `admit` (texcore_hal::subset::Subset::RTL admits the op on the model's descriptors), the
// payload length and words, and the model's completion record and result words. A record
// whose CAPS bit the core sets (its `caps` output) and that the subset admits must finish
// with status OK, that completion and those result words; every other record must answer
// ERR_UNSUPPORTED. Anything else is a mismatch.
//
// Plusargs:
//   +texmem=<texmem.hex> +op_hdr=<op_hdr.hex> +op_smp=<op_smp.hex>   images (required)
//   +vec=<unit.sub>     the records (required)
//   +unit=<name>        the unit's name, for the report
//   +n=<count>          number of records the file must hold (optional)
//   +maxshow=<k>        mismatches printed in full (default 10)
//   +prof=1             also prints the clocks the core spends in each state of its
//                       sequencer (`texcore_sampler_exec`'s `st`) over the records' ops:
//                       one line "state <code>: <clocks> clocks" per state visited
// Reading: $fscanf by default; -DTB_DPI_READ with tb/tb_vecread.cpp uses the DPI-C line
// reader (Verilator). Clocking: `always #5` (Icarus), or -DTB_CLOCKED with tb_main.cpp
// toggling `clk` (Verilator without --timing).
// Prints the unit's counts (compared in the subset, ERR_UNSUPPORTED outside it), the
// clocks, and ends with exactly "N passed, M failed"; a mismatch, a malformed, short or
// empty file, a missing image or an op that never finishes is fatal (non-zero exit).

module tb_exec_ops;
`include "texcore_regs.vh"

  localparam int MEM_BYTES = 65536, HEADER_ENTRIES = 256, SAMPLER_ENTRIES = 256, CBANK_WORDS = 1024;
  localparam int TAW = $clog2(MEM_BYTES / 4), HAW = $clog2(HEADER_ENTRIES * 8),
                 SAW = $clog2(SAMPLER_ENTRIES * 8), CAW = $clog2(CBANK_WORDS);
  // record fields: set by `cargo xtask cosim` from xtask/src/exec_ops.rs (-G / -P)
  parameter int REC_W = 0, IDX_LSB = 0, CAP_LSB = 0, ADMIT_LSB = 0, PLEN_LSB = 0, PAY_LSB = 0, COMP_LSB = 0;
  localparam int TIMEOUT = 100000;  // clocks an op may take

`ifdef TB_CLOCKED
  logic clk /*verilator public_flat_rw*/ = 1'b0;
`else
  logic clk = 1'b0;
  always #5 clk = ~clk;
`endif

  // ---------------------------------------------------------------- the core and its memories
  logic              rst = 1'b1;
  logic              start = 1'b0;
  logic [8:0]        plen = '0;
  logic [5:0]        pw_addr;
  logic [31:0]       pw_data;
  logic [HAW-1:0]    hp_addr;
  logic [31:0]       hp_data;
  logic [SAW-1:0]    sp_addr;
  logic [31:0]       sp_data;
  logic [CAW-1:0]    cb_addr;
  logic [31:0]       cb_data;
  logic [4*TAW-1:0]  tm_raddr, tm_waddr;
  logic [31:0]       tm_rdata, tm_wdata;
  logic [3:0]        tm_we;
  logic              res_we;
  logic [5:0]        res_addr;
  logic [31:0]       res_data;
  logic              done;
  logic [7:0]        status;
  logic [63:0]       completion, caps;

  texcore_sampler_exec #(
    .MEM_BYTES(MEM_BYTES), .HEADER_ENTRIES(HEADER_ENTRIES), .SAMPLER_ENTRIES(SAMPLER_ENTRIES),
    .CBANK_WORDS(CBANK_WORDS), .TAW(TAW), .HAW(HAW), .SAW(SAW), .CAW(CAW), .SAMPLE_PIPE(1)
  ) dut (
    .clk(clk), .rst(rst), .start(start), .plen(plen),
    .pw_addr(pw_addr), .pw_rdata(pw_data),
    .hdr_max(20'hFFFFF), .smp_max(20'hFFFFF), .via_hdr(1'b0),
    .hp_addr(hp_addr), .hp_data(hp_data), .sp_addr(sp_addr), .sp_data(sp_data),
    .cb_addr(cb_addr), .cb_data(cb_data),
    .tm_raddr(tm_raddr), .tm_rdata(tm_rdata), .tm_we(tm_we), .tm_waddr(tm_waddr), .tm_wdata(tm_wdata),
    .res_we(res_we), .res_addr(res_addr), .res_data(res_data),
    .done(done), .status(status), .completion(completion), .caps(caps)
  );

  logic [31:0] tmw [0:MEM_BYTES/4-1];        // texel memory: row r = bytes 4r .. 4r+3
  logic [31:0] hp [0:HEADER_ENTRIES*8-1];
  logic [31:0] sp [0:SAMPLER_ENTRIES*8-1];
  logic [31:0] pay [0:63];                   // the SUBMIT payload words
  logic [31:0] res [0:63];                   // the result buffer

  // Synchronous-read memories (data the clock after the address), as in texcore_sampler.
  always @(posedge clk) begin : mems
    integer j;
    pw_data <= pay[pw_addr];
    hp_data <= hp[hp_addr];
    sp_data <= sp[sp_addr];
    cb_data <= 32'hFFFFFFFF;                 // no constant bank: every handle reads unbound
    for (j = 0; j < 4; j = j + 1) begin
      tm_rdata[8*j +: 8] <= tmw[tm_raddr[TAW*j +: TAW]][8*j +: 8];
      if (tm_we[j]) tmw[tm_waddr[TAW*j +: TAW]][8*j +: 8] <= tm_wdata[8*j +: 8];
    end
  end

  // ---------------------------------------------------------------- images
  logic [127:0] tm_img [0:MEM_BYTES/16-1];
  logic [255:0] hp_img [0:HEADER_ENTRIES-1];
  logic [255:0] sp_img [0:SAMPLER_ENTRIES-1];
  task automatic image(input string kind, output string path);
    if (!$value$plusargs({kind, "=%s"}, path)) begin
      $display("FATAL: no +%0s=<%0s.hex>", kind, kind);
      $fatal(1, "missing image");
    end
  endtask
  initial begin : load
    string path;
    integer i, w;
    for (i = 0; i < MEM_BYTES / 16; i = i + 1) tm_img[i] = '0;
    for (i = 0; i < HEADER_ENTRIES; i = i + 1) hp_img[i] = '0;
    for (i = 0; i < SAMPLER_ENTRIES; i = i + 1) sp_img[i] = '0;
    image("texmem", path);
    $readmemh(path, tm_img);
    image("op_hdr", path);
    $readmemh(path, hp_img);
    image("op_smp", path);
    $readmemh(path, sp_img);
    // a line is a little-endian number: word w in bits 32w +: 32
    for (i = 0; i < MEM_BYTES / 16; i = i + 1)
      for (w = 0; w < 4; w = w + 1) tmw[4*i + w] = tm_img[i][32*w +: 32];
    for (i = 0; i < HEADER_ENTRIES; i = i + 1)
      for (w = 0; w < 8; w = w + 1) hp[8*i + w] = hp_img[i][32*w +: 32];
    for (i = 0; i < SAMPLER_ENTRIES; i = i + 1)
      for (w = 0; w < 8; w = w + 1) sp[8*i + w] = sp_img[i][32*w +: 32];
    for (i = 0; i < 64; i = i + 1) pay[i] = '0;
  end

  // ---------------------------------------------------------------- records
  logic [REC_W-1:0] rec;
  integer fd = 0, nrec = 0, npass = 0, nfail = 0, nrun = 0, nunsup = 0, maxshow = 10, nexpect = -1;
  integer cycles = 0, busy = 0, wait_n = 0, prof = 0;
  longint st_clocks [0:127];                 // +prof: clocks in each sequencer state
  string  fname, unit = "?";
`ifdef TB_DPI_READ
  import "DPI-C" function int tb_vec_open(input string path);
  import "DPI-C" function int tb_vec_next(output bit [REC_W-1:0] v, input int line_w);
  bit [REC_W-1:0] dpi_v;
`endif

  initial begin : open
    if (REC_W == 0) $fatal(1, "build with the record layout parameters (cargo xtask cosim)");
    if ($value$plusargs("maxshow=%d", maxshow)) ;
    if ($value$plusargs("n=%d", nexpect)) ;
    if ($value$plusargs("unit=%s", unit)) ;
    if ($value$plusargs("prof=%d", prof)) ;
    for (integer i = 0; i < 128; i = i + 1) st_clocks[i] = 0;
    if (!$value$plusargs("vec=%s", fname)) begin
      $display("FATAL: no +vec=<unit.sub>");
      $display("0 passed, 0 failed");
      $fatal(1, "no record file");
    end
`ifdef TB_DPI_READ
    fd = tb_vec_open(fname);
`else
    fd = $fopen(fname, "r");
`endif
    if (fd == 0) begin
      $display("FATAL: cannot open %0s", fname);
      $fatal(1, "cannot open record file");
    end
  end

  // Reads the next record into `rec`; ok = 0 at the end of the file.
  task automatic next_record(output integer ok);
    integer rr;
`ifdef TB_DPI_READ
    rr = tb_vec_next(dpi_v, REC_W);
    rec = dpi_v;
    ok = (rr == 1) ? 1 : 0;
    if (rr < 0) begin
      $display("FATAL: malformed line %0d in %0s", nrec + 1, fname);
      $fatal(1, "bad record file");
    end
`else
    ok = 0;
    rr = $fscanf(fd, "%h\n", rec);
    if (rr == 1) ok = 1;
    else if (rr != -1 && !$feof(fd)) begin
      $display("FATAL: malformed line %0d in %0s", nrec + 1, fname);
      $fatal(1, "bad record file");
    end
`endif
  endtask

  wire [31:0] r_idx = rec[IDX_LSB +: 32];
  wire [7:0]  r_cap = rec[CAP_LSB +: 8];
  wire        r_admit = rec[ADMIT_LSB];
  wire [63:0] r_comp = rec[COMP_LSB +: 64];
  wire        r_run = caps[r_cap[5:0]] && r_admit;   // the core runs it: its result, else ERR_UNSUPPORTED

  // Compares the finished op with the record; prints it in full if it is among the first
  // `maxshow` mismatches.
  task automatic check;
    integer k, nw, bad;
    logic [7:0] exp_st;
    bad = 0;
    exp_st = r_run ? TXC_ST_OK : TXC_ST_ERR_UNSUPPORTED;
    nw = {24'd0, r_comp[55:48]};    // result words (completion byte 6)
    if (status !== exp_st) bad = 1;
    if (r_run && completion !== r_comp) bad = 1;
    if (r_run)
      for (k = 0; k < 16; k = k + 1)
        if (k < nw && res[k] !== rec[32*k +: 32]) bad = 1;
    if (bad == 0) begin
      npass = npass + 1;
      if (r_run) nrun = nrun + 1;
      else nunsup = nunsup + 1;
    end else begin
      nfail = nfail + 1;
      if (nfail <= maxshow) begin
        $display("MISMATCH at vector %0d (record %0d of %0s): op %02h, CAPS bit %0d %0s, subset %0s", r_idx,
                 nrec - 1, fname, pay[0][7:0], r_cap, caps[r_cap[5:0]] ? "set" : "clear",
                 r_admit ? "admits" : "refuses");
        $display("  out status     exp %02h got %02h%0s", exp_st, status, status !== exp_st ? "  <-- MISMATCH" : "");
        if (r_run) begin
          $display("  out completion exp %016h got %016h%0s", r_comp, completion,
                   completion !== r_comp ? "  <-- MISMATCH" : "");
          for (k = 0; k < nw && k < 16; k = k + 1)
            $display("  out word %0d exp %08h got %08h%0s", k, rec[32*k +: 32], res[k],
                     res[k] !== rec[32*k +: 32] ? "  <-- MISMATCH" : "");
        end
      end
    end
  endtask

  // ---------------------------------------------------------------- the replay
  localparam logic [1:0] S_RST = 2'd0, S_NEXT = 2'd1, S_WAIT = 2'd2, S_END = 2'd3;
  logic [1:0] s = S_RST;
  always @(posedge clk) begin : replay
    integer ok, k;
    cycles <= cycles + 1;
    if (res_we) res[res_addr] <= res_data;
    start <= 1'b0;
    case (s)
      S_RST: if (cycles == 4) begin
        rst <= 1'b0;
        s <= S_NEXT;
      end
      S_NEXT: begin
        next_record(ok);
        if (ok == 0) s <= S_END;
        else begin
          nrec = nrec + 1;
          for (k = 0; k < 64; k = k + 1) begin
            pay[k] <= rec[PAY_LSB + 32*k +: 32];
            res[k] <= 32'hDEADBEEF;        // no stale result word passes
          end
          plen <= rec[PLEN_LSB +: 9];
          start <= 1'b1;
          wait_n <= 0;
          s <= S_WAIT;
        end
      end
      S_WAIT: begin
        busy <= busy + 1;
        if (prof != 0) st_clocks[dut.st] <= st_clocks[dut.st] + 1;
        wait_n <= wait_n + 1;
        if (done) begin
          check();
          s <= S_NEXT;
        end else if (wait_n > TIMEOUT) begin
          $display("FATAL: vector %0d: no completion after %0d clocks", r_idx, TIMEOUT);
          $display("%0d passed, %0d failed", npass, nfail + 1);
          $fatal(1, "op never finished");
        end
      end
      default: begin
        if (nrec == 0) begin
          $display("FATAL: no records in %0s", fname);
          $display("0 passed, 0 failed");
          $fatal(1, "empty record file");
        end
        if (nexpect >= 0 && nexpect != nrec) begin
          $display("FATAL: %0s holds %0d records, expected %0d", fname, nrec, nexpect);
          $display("%0d passed, %0d failed", npass, nfail);
          $fatal(1, "wrong record count");
        end
        $display("%0s: %0d records: %0d run by the core and equal to the model, %0d ERR_UNSUPPORTED outside its CAPS or subset; %0d clocks (%0d in ops)",
                 unit, nrec, nrun, nunsup, cycles, busy);
        if (prof != 0)
          for (k = 0; k < 128; k = k + 1)
            if (st_clocks[k] != 0) $display("state %0d: %0d clocks", k, st_clocks[k]);
        $display("%0d passed, %0d failed", npass, nfail);
        if (nfail != 0) $fatal(1, "MISMATCHES");
        $finish;
      end
    endcase
  end
endmodule
