#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| shogi_fuzz::check_mate_search(data));
