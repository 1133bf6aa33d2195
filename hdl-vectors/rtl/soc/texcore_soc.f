rtl/soc/texcore_soc_spi.sv
rtl/soc/texcore_soc_io.sv
rtl/soc/texcore_soc_ram.sv
rtl/soc/texcore_soc.sv
