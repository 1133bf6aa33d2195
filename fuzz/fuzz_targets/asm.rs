//! libFuzzer entry of the `asm` target (`texcore_fuzz::TARGETS`; docs/fuzzing.md).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| texcore_fuzz::asm::run(data));
