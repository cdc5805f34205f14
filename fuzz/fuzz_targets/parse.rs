//! Any bytes: parsing must return Ok or Err, never panic, hang or overflow the stack.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(file) = hcl::parser::parse_bytes(data) {
        // Errors and trees must be printable too.
        let _ = hcl::to_string(file.body());
    } else if let Err(e) = hcl::parser::parse_bytes(data) {
        let _ = e.to_string();
    }
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = hcl::parser::parse_template(text);
        let _ = hcl::parser::parse_expression(text);
    }
});
