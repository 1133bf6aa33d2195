`timescale 1ns/1ps
// Simple dual-port RAM: one write port, one read port with a registered (synchronous) read:
// data the clock after the address. Written so that Yosys infers block RAM (ECP5 DP16KD)
// and the simulators model it directly. Contents are not reset.
module texcore_sampler_ram #(
  parameter int DEPTH = 256,
  parameter int WIDTH = 32,
  parameter int AW = (DEPTH > 1) ? $clog2(DEPTH) : 1
) (
  input  logic             clk,
  input  logic             we,
  input  logic [AW-1:0]    waddr,
  input  logic [WIDTH-1:0] wdata,
  input  logic [AW-1:0]    raddr,
  output logic [WIDTH-1:0] rdata
);
  logic [WIDTH-1:0] mem [0:DEPTH-1];
  always @(posedge clk) begin
    if (we) mem[waddr] <= wdata;
    rdata <= mem[raddr];
  end
endmodule
