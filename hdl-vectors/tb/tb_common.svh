// Shared driver / checker of the vector testbenches, `include'd inside a unit's tb module
// after it declares:
//   localparam int LINE_W   -- bits of a vector line read with %h (<UNIT>_LINE_W)
//   localparam int OUT_W    -- bits of the output word (<UNIT>_OUT_W)
// and before it instantiates its harness, which must connect
//   clk, rst, in_valid, in_bits (= vin, the vector's input word cur[LINE_W-1:OUT_W]) and
// drive out_valid, out_bits
// (the outputs packed like the output word), and define
//   task show(input logic [LINE_W-1:0] line, input logic [OUT_W-1:0] got);
//
// Plusargs: +vec=<file> (required), +n=<count> (optional: the number of vectors the file
// must hold), +maxshow=<k> (mismatches printed in full, default 10).
// A slice of the file (`cargo xtask cosim --jobs`, streaming readers only): +vec_off=<byte>
// starts at that byte, which must begin a line; +vec_base=<k> is the index of the vector there
// (mismatches and malformed lines are reported with file-wide indices); +vec_count=<m> stops
// after m vectors (without it: at the end of the file). +n then counts the slice's vectors.
// Streaming reads the file line by line: with $fscanf("%h") by default, and through the
// DPI-C reader tb_vecread.cpp when compiled with -DTB_DPI_READ (Verilator only: its $fscanf
// parses wide hex at about 6 us per line). A testbench that defines TB_WIDE_RING before the
// `include (intel_info: 2 696-bit lines) keeps, with TB_DPI_READ, the whole lines in the
// reader's ring instead (tb_vec_next_in / tb_vec_check / tb_vec_line): the model holds only
// the input word, results are compared in tb_vecread.cpp, and a mismatch fetches its line
// back for `show` -- no full-line copies, queue writes and masked wide compares per vector.
// (For narrow lines such as lod's the extra DPI calls and trigger cost more than they save.)
// Compile with -DTB_READMEM -DTB_NMAX=<n> to load the whole file with $readmemh instead.
//
// Clocking: by default `always #5` and an initial block waiting on @(negedge clk) (Icarus,
// or --timing builds). With -DTB_CLOCKED (no --timing: the cosim default on Verilator)
// `clk` is toggled by tb_main.cpp and the same stimulus runs as an @(negedge clk) state
// machine: no coroutines, about 1.2-1.5x faster.
//
// Feeds one vector per clock; the unit may have any fixed or variable latency as long as it
// keeps order. Ends with "N passed, M failed"; any mismatch, a short or malformed file, or a
// missing result is fatal (non-zero exit).

`ifdef TB_DPI_READ
`ifdef TB_WIDE_RING
`define TB_RING_ON
`endif
`endif
`ifdef TB_CLOCKED
  logic              clk /*verilator public_flat_rw*/ = 1'b0;
`else
  logic              clk = 1'b0;
`endif
  logic              rst = 1'b1;
  logic              in_valid = 1'b0;
  logic [LINE_W-1:0] cur = '0;
`ifdef TB_RING_ON
  logic [LINE_W-1:OUT_W] vin = '0;  // the harness's input word
`else
  wire [LINE_W-1:OUT_W] vin = cur[LINE_W-1:OUT_W];
`endif
  logic              out_valid;
  logic [OUT_W-1:0]  out_bits;
`ifndef TB_CLOCKED
  always #5 clk = ~clk;
`endif

  localparam int QD = 64;          // in-flight vectors (must exceed the unit's latency)
`ifndef TB_RING_ON
  logic [LINE_W-1:0] expq [0:QD-1];
`endif
  integer nin = 0, nout = 0, npass = 0, nfail = 0, maxshow = 10, nexpect = -1;
  integer fd = 0, ok = 0, nmem = 0, cycles = 0;
  integer vbase = 0, vcount = -1;  // slice: index of its first vector, vectors to read (-1: all)
  longint voff = 0;                // slice: byte offset of its first line
  reg [8*1024-1:0] fname;
`ifdef TB_READMEM
  logic [LINE_W-1:0] mem [0:`TB_NMAX-1];
`elsif TB_DPI_READ
  import "DPI-C" function int tb_vec_open(input string path);
  import "DPI-C" function int tb_vec_seek(input longint off);
`ifdef TB_RING_ON
  // the ring of tb_vecread.cpp holds RING = QD lines
  import "DPI-C" function int tb_vec_next_in(output bit [LINE_W-1:OUT_W] vin, input int line_w,
                                             input int out_w);
  import "DPI-C" function int tb_vec_check(input bit [OUT_W-1:0] got, input int idx);
  import "DPI-C" function void tb_vec_line(output bit [LINE_W-1:0] line, input int idx);
`else
  import "DPI-C" function int tb_vec_next(output bit [LINE_W-1:0] v, input int line_w);
  bit [LINE_W-1:0] dpi_v;
`endif
`endif

  // Reads the next vector into `cur` (with TB_RING_ON: its input word into `vin`); ok = 0 at
  // the end of the file.
  task automatic next_vector(output integer ok);
    if (vcount >= 0 && nin >= vcount) ok = 0;  // the slice's last vector was read
    else next_line(ok);
  endtask

  task automatic next_line(output integer ok);
`ifdef TB_READMEM
    ok = 0;
    if (nin < nmem) begin
      cur = mem[nin];
      ok = 1;
    end
`elsif TB_DPI_READ
    integer rr;
`ifdef TB_RING_ON
    rr = tb_vec_next_in(vin, LINE_W, OUT_W);
`else
    rr = tb_vec_next(dpi_v, LINE_W);
    cur = dpi_v;
`endif
    ok = (rr == 1) ? 1 : 0;
    if (rr < 0) begin
      $display("FATAL: malformed line %0d in %0s", vbase + nin + 1, fname);
      $fatal(1, "bad vector file");
    end
`else
    integer rr;
    ok = 0;
    rr = $fscanf(fd, "%h\n", cur);
    if (rr == 1) begin
      ok = 1;
    end else if (rr != -1 && !$feof(fd)) begin
      $display("FATAL: malformed line %0d in %0s", vbase + nin + 1, fname);
      $fatal(1, "bad vector file");
    end
`endif
  endtask

  initial begin
    if (!$value$plusargs("vec=%s", fname)) begin
      $display("FATAL: no +vec=<vector file>");
      $fatal(1, "no vector file");
    end
    if ($value$plusargs("maxshow=%d", maxshow)) ;
    if ($value$plusargs("n=%d", nexpect)) ;
    if ($value$plusargs("vec_off=%d", voff)) ;
    if ($value$plusargs("vec_base=%d", vbase)) ;
    if ($value$plusargs("vec_count=%d", vcount)) ;
`ifdef TB_READMEM
    if (voff != 0) begin
      $display("FATAL: +vec_off (a slice of the file) needs a streaming reader, not $readmemh");
      $fatal(1, "bad +vec_off");
    end
    if (nexpect < 0 || nexpect > `TB_NMAX) begin
      $display("FATAL: $readmemh mode needs +n=<count> with count <= TB_NMAX=%0d", `TB_NMAX);
      $fatal(1, "bad +n");
    end
    nmem = nexpect;
    if (nmem > 0) $readmemh(fname, mem, 0, nmem - 1);
`elsif TB_DPI_READ
    if (tb_vec_open($sformatf("%0s", fname)) == 0) begin
      $display("FATAL: cannot open %0s", fname);
      $fatal(1, "cannot open vector file");
    end
    if (tb_vec_seek(voff) == 0) begin
      $display("FATAL: byte %0d of %0s is not the start of a line", voff, fname);
      $fatal(1, "bad +vec_off");
    end
`else
    fd = $fopen(fname, "r");
    if (fd == 0) begin
      $display("FATAL: cannot open %0s", fname);
      $fatal(1, "cannot open vector file");
    end
    if (voff != 0) begin
      if ($fseek(fd, voff - 1, 0) != 0 || $fgetc(fd) != 10) begin
        $display("FATAL: byte %0d of %0s is not the start of a line", voff, fname);
        $fatal(1, "bad +vec_off");
      end
    end
`endif
`ifndef TB_CLOCKED
    repeat (3) @(negedge clk);
    rst = 1'b0;
    next_vector(ok);
    while (ok != 0) begin
`ifndef TB_RING_ON
      expq[nin % QD] = cur;
`endif
      nin = nin + 1;
      in_valid = 1'b1;
      @(negedge clk);
      next_vector(ok);
    end
    in_valid = 1'b0;
    while (nout < nin && cycles < 1000) begin
      cycles = cycles + 1;
      @(negedge clk);
    end
    finish_run();
`endif
  end

`ifdef TB_CLOCKED
  // The same timeline as the timed loop: reset for 3 negedges, then one vector per negedge,
  // then up to 1000 cycles for the last results.
  integer nneg = 0;
  bit feeding = 1'b1;
  always @(negedge clk) begin
    if (nneg < 3) nneg = nneg + 1;
    if (nneg == 3) begin
      if (feeding) begin
        rst = 1'b0;
        next_vector(ok);
        if (ok != 0) begin
`ifndef TB_RING_ON
          expq[nin % QD] = cur;
`endif
          nin = nin + 1;
          in_valid = 1'b1;
        end else begin
          in_valid = 1'b0;
          feeding = 1'b0;
        end
      end
      if (!feeding) begin
        if (nout < nin && cycles < 1000) cycles = cycles + 1;
        else finish_run();
      end
    end
  end
`endif

  // End of the run: the verdict line, $fatal on any failure, else $finish.
  task automatic finish_run();
    if (nout != nin) begin
      $display("FATAL: %0d vectors sent, %0d results received", nin, nout);
      $display("%0d passed, %0d failed", npass, nfail + (nin - nout));
      $fatal(1, "missing results");
    end
    if (nexpect >= 0 && nin != nexpect) begin
      $display("FATAL: %0s holds %0d vectors, expected %0d", fname, nin, nexpect);
      $display("%0d passed, %0d failed", npass, nfail);
      $fatal(1, "wrong vector count");
    end
    if (nin == 0) begin
      $display("FATAL: no vectors in %0s", fname);
      $display("0 passed, 0 failed");
      $fatal(1, "empty vector file");
    end
    $display("%0d passed, %0d failed", npass, nfail);
    if (nfail != 0) $fatal(1, "MISMATCHES");
    $finish;
  endtask

  // Check every result against the expected output word of its vector, in order.
`ifdef TB_RING_ON
  // In tb_vecread.cpp's ring. A mismatch is reported by a process of its own (show_req):
  // inlined here, `show` and its wide locals would be set up on every clock.
  integer chk, show_idx;
  logic show_req = 1'b0;
  logic [OUT_W-1:0] show_got;
  bit [LINE_W-1:0] show_line;
  always @(posedge clk) begin
    if (!rst && out_valid) begin
      if (nout >= nin) begin
        $display("FATAL: result %0d without a vector", nout);
        $fatal(1, "spurious result");
      end
      chk = tb_vec_check(out_bits, nout);
      if (chk < 0) begin
        $display("FATAL: result %0d is more than %0d vectors late", nout, QD);
        $fatal(1, "result too late");
      end else if (chk == 0) begin
        nfail = nfail + 1;
        if (nfail <= maxshow) begin
          show_idx = nout;
          show_got = out_bits;
          show_req = 1'b1;
        end
      end else begin
        npass = npass + 1;
      end
      nout = nout + 1;
    end
  end
  always @(posedge show_req) begin
    tb_vec_line(show_line, show_idx);
    $display("MISMATCH at vector %0d (line %0d of %0s):", vbase + show_idx, vbase + show_idx + 1, fname);
    show(show_line, show_got);
    show_req = 1'b0;
  end
`else
  logic [LINE_W-1:0] exp_line;
  always @(posedge clk) begin
    if (!rst && out_valid) begin
      exp_line = expq[nout % QD];
      if (nout >= nin) begin
        $display("FATAL: result %0d without a vector", nout);
        $fatal(1, "spurious result");
      end else if (out_bits !== exp_line[OUT_W-1:0]) begin
        nfail = nfail + 1;
        if (nfail <= maxshow) begin
          $display("MISMATCH at vector %0d (line %0d of %0s):", vbase + nout, vbase + nout + 1, fname);
          show(exp_line, out_bits);
        end
      end else begin
        npass = npass + 1;
      end
      nout = nout + 1;
    end
  end
`endif
`undef TB_RING_ON
