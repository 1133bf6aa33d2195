//! libFuzzer entry of the `vectors` target (`texcore_fuzz::TARGETS`; docs/fuzzing.md).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| texcore_fuzz::vectors::run(data));
