//! libFuzzer entry of the `descriptors` target (`texcore_fuzz::TARGETS`; docs/fuzzing.md).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| texcore_fuzz::descriptors::run(data));
