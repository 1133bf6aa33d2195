rtl/soc/texcore_soc_uart_tx.sv
rtl/soc/texcore_soc_ulx3s.sv
