#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| shogi_fuzz::check_usi_message_parse(data));
