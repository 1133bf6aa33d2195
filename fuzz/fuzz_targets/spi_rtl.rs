//! libFuzzer entry of the `spi_rtl` target (`texcore_fuzz::TARGETS`; docs/fuzzing.md).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| texcore_fuzz::spi_rtl::run(data));
