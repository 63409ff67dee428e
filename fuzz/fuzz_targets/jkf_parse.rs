#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| shogi_fuzz::check_jkf_parse(data));
