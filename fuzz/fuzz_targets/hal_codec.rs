//! libFuzzer entry of the `hal_codec` target (`texcore_fuzz::TARGETS`; docs/fuzzing.md).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| texcore_fuzz::hal::run_codec(data));
