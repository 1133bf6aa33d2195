`timescale 1ns/1ps
// DPI-C testbench of the op-level units (sample, sample_c, gather, fetch, tmml, store): streams each
// vector file given with $fscanf, calls the Rust core (texcore-dpi staticlib) through
// import "DPI-C" with the vector's input word, and compares the returned output word with
// the expected one. Builds with the simulator that supports DPI-C here (not Icarus).
//
// Plusargs:
//   +texmem=<texmem.hex> +op_hdr=<op_hdr.hex> +op_smp=<op_smp.hex>   images (required)
//   +sample=<file> +sample_c=<file> +gather=<file> +fetch=<file> +tmml=<file> +store=<file>
//                       vector files (>= 1)
//   +n_<unit>=<count>   number of vectors that file must hold (optional)
//   +maxshow=<k>        mismatches printed in full (default 10)
//   +vec_off=<byte> +vec_base=<k> +vec_count=<m>
//                       a slice of the file (as in tb_common.svh; with one vector file only):
//                       start at that byte (a line start), report file-wide indices from k,
//                       stop after m vectors
// Reading: $fscanf by default; -DTB_DPI_READ with tb/tb_vecread.cpp uses the faster DPI-C
// line reader (what `cargo xtask cosim --sim verilator-dpi` builds).
// Prints one line per file and ends with exactly "N passed, M failed"; a mismatch, a
// malformed, short or empty file, or a missing image is fatal (non-zero exit).
//
// The DUT slot: replace the texcore_dpi_<unit> call by the hardware's result to check an
// RTL op unit against the same files. `store` never changes the loaded memory: its outputs are
// the write-port transaction (we, waddr, wbytes, wdata0..3) and the atomic's old texel, so a
// DUT's write port is compared, not memory contents.

module tb_dpi_ops;
  import texcore_vectors_pkg::*;
  import texcore_vectors_tb_pkg::*;

  import "DPI-C" function int texcore_dpi_load_image(input string kind, input string path);
  import "DPI-C" function int texcore_dpi_sample(input bit [SAMPLE_IN_W-1:0] in_w, output bit [SAMPLE_OUT_W-1:0] out_w);
  import "DPI-C" function int texcore_dpi_sample_c(input bit [SAMPLE_C_IN_W-1:0] in_w, output bit [SAMPLE_C_OUT_W-1:0] out_w);
  import "DPI-C" function int texcore_dpi_gather(input bit [GATHER_IN_W-1:0] in_w, output bit [GATHER_OUT_W-1:0] out_w);
  import "DPI-C" function int texcore_dpi_fetch(input bit [FETCH_IN_W-1:0] in_w, output bit [FETCH_OUT_W-1:0] out_w);
  import "DPI-C" function int texcore_dpi_tmml(input bit [TMML_IN_W-1:0] in_w, output bit [TMML_OUT_W-1:0] out_w);
  import "DPI-C" function int texcore_dpi_store(input bit [STORE_IN_W-1:0] in_w, output bit [STORE_OUT_W-1:0] out_w);

  integer npass = 0, nfail = 0, maxshow = 10, nfiles = 0;
  integer vbase = 0, vcount = -1;  // slice: index of its first vector, vectors to read (-1: all)
  longint voff = 0;                // slice: byte offset of its first line

`ifdef TB_DPI_READ
  // Faster line reader (tb/tb_vecread.cpp) instead of $fscanf: one import at the widest
  // line; each unit takes its low LINE_W bits.
  localparam int MAXW0 = SAMPLE_LINE_W > SAMPLE_C_LINE_W ? SAMPLE_LINE_W : SAMPLE_C_LINE_W;
  localparam int MAXW1 = GATHER_LINE_W > FETCH_LINE_W ? GATHER_LINE_W : FETCH_LINE_W;
  localparam int MAXW2 = MAXW0 > MAXW1 ? MAXW0 : MAXW1;
  localparam int MAXW3 = MAXW2 > TMML_LINE_W ? MAXW2 : TMML_LINE_W;
  localparam int MAXW = MAXW3 > STORE_LINE_W ? MAXW3 : STORE_LINE_W;
  import "DPI-C" function int tb_vec_open(input string path);
  import "DPI-C" function int tb_vec_seek(input longint off);
  import "DPI-C" function int tb_vec_next(output bit [MAXW-1:0] v, input int line_w);
  bit [MAXW-1:0] dpi_v;
`endif

  // Opening, reading (rr = 1: a vector in `line`; else the end) and closing a vector file.
`ifdef TB_DPI_READ
`define TB_DPI_OPEN \
    fd = tb_vec_open(path); \
    if (fd == 0) begin \
      $display("FATAL: cannot open %0s", path); \
      $fatal(1, "cannot open vector file"); \
    end \
    if (tb_vec_seek(voff) == 0) begin \
      $display("FATAL: byte %0d of %0s is not the start of a line", voff, path); \
      $fatal(1, "bad +vec_off"); \
    end
`define TB_DPI_NEXT(LINE_W) \
      rr = tb_vec_next(dpi_v, LINE_W); \
      line = dpi_v[LINE_W-1:0]; \
      if (rr < 0) begin \
        $display("FATAL: malformed line %0d in %0s", vbase + k + 1, path); \
        $fatal(1, "bad vector file"); \
      end \
      if (rr != 1) break;
`define TB_DPI_CLOSE
`else
`define TB_DPI_OPEN \
    fd = $fopen(path, "r"); \
    if (fd == 0) begin \
      $display("FATAL: cannot open %0s", path); \
      $fatal(1, "cannot open vector file"); \
    end \
    if (voff != 0) begin \
      if ($fseek(fd, voff - 1, 0) != 0 || $fgetc(fd) != 10) begin \
        $display("FATAL: byte %0d of %0s is not the start of a line", voff, path); \
        $fatal(1, "bad +vec_off"); \
      end \
    end
`define TB_DPI_NEXT(LINE_W) \
      rr = $fscanf(fd, "%h\n", line); \
      if (rr != 1) begin \
        if (rr != -1 && !$feof(fd)) begin \
          $display("FATAL: malformed line %0d in %0s", vbase + k + 1, path); \
          $fatal(1, "bad vector file"); \
        end \
        break; \
      end
`define TB_DPI_CLOSE $fclose(fd);
`endif

  // One streaming checker task per unit (the widths differ).
`define TB_DPI_OP(U, LINE_W, OUT_W) \
  task automatic run_``U(input string path); \
    logic [LINE_W-1:0] line; \
    bit [OUT_W-1:0] got; \
    integer fd, rr, k, f0, nexp; \
    k = 0; \
    f0 = nfail; \
    `TB_DPI_OPEN \
    forever begin \
      if (vcount >= 0 && k >= vcount) break; \
      `TB_DPI_NEXT(LINE_W) \
      if (texcore_dpi_``U(line[LINE_W-1:OUT_W], got) != 1) $fatal(1, "texcore-dpi: images not loaded"); \
      if (got !== line[OUT_W-1:0]) begin \
        nfail = nfail + 1; \
        if (nfail <= maxshow) begin \
          $display("MISMATCH at vector %0d (line %0d of %0s):", vbase + k, vbase + k + 1, path); \
          U``_show(line, got); \
        end \
      end else begin \
        npass = npass + 1; \
      end \
      k = k + 1; \
    end \
    `TB_DPI_CLOSE \
    if (k == 0) begin \
      $display("FATAL: no vectors in %0s", path); \
      $fatal(1, "empty vector file"); \
    end \
    if ($value$plusargs(`"n_``U=%d`", nexp) && nexp != k) begin \
      $display("FATAL: %0s holds %0d vectors, expected %0d", path, k, nexp); \
      $display("%0d passed, %0d failed", npass, nfail); \
      $fatal(1, "wrong vector count"); \
    end \
    $display("%0s: %0d vectors, %0d mismatching", path, k, nfail - f0); \
  endtask

  `TB_DPI_OP(sample, SAMPLE_LINE_W, SAMPLE_OUT_W)
  `TB_DPI_OP(sample_c, SAMPLE_C_LINE_W, SAMPLE_C_OUT_W)
  `TB_DPI_OP(gather, GATHER_LINE_W, GATHER_OUT_W)
  `TB_DPI_OP(fetch, FETCH_LINE_W, FETCH_OUT_W)
  `TB_DPI_OP(tmml, TMML_LINE_W, TMML_OUT_W)
  `TB_DPI_OP(store, STORE_LINE_W, STORE_OUT_W)

  task automatic load(input string kind);
    string path;
    if (!$value$plusargs({kind, "=%s"}, path)) begin
      $display("FATAL: no +%0s=<%0s.hex>", kind, kind);
      $fatal(1, "missing image");
    end
    if (texcore_dpi_load_image(kind, path) != 1) begin
      $display("FATAL: cannot load %0s", path);
      $fatal(1, "bad image");
    end
  endtask

  initial begin
    string path;
    if ($value$plusargs("maxshow=%d", maxshow)) ;
    if ($value$plusargs("vec_off=%d", voff)) ;
    if ($value$plusargs("vec_base=%d", vbase)) ;
    if ($value$plusargs("vec_count=%d", vcount)) ;
    load("texmem");
    load("op_hdr");
    load("op_smp");
    if ($value$plusargs("sample=%s", path)) begin
      run_sample(path);
      nfiles = nfiles + 1;
    end
    if ($value$plusargs("sample_c=%s", path)) begin
      run_sample_c(path);
      nfiles = nfiles + 1;
    end
    if ($value$plusargs("gather=%s", path)) begin
      run_gather(path);
      nfiles = nfiles + 1;
    end
    if ($value$plusargs("fetch=%s", path)) begin
      run_fetch(path);
      nfiles = nfiles + 1;
    end
    if ($value$plusargs("tmml=%s", path)) begin
      run_tmml(path);
      nfiles = nfiles + 1;
    end
    if ($value$plusargs("store=%s", path)) begin
      run_store(path);
      nfiles = nfiles + 1;
    end
    if (nfiles == 0) begin
      $display("FATAL: no vector file (+sample=, +sample_c=, +gather=, +fetch=, +tmml=, +store=)");
      $display("0 passed, 0 failed");
      $fatal(1, "no vector file");
    end
    $display("%0d passed, %0d failed", npass, nfail);
    if (nfail != 0) $fatal(1, "MISMATCHES");
    $finish;
  end
endmodule
