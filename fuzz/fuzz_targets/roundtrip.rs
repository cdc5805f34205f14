//! parse → to_string → parse gives an equal tree (spans aside).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(body) = hcl::parse(text) else { return };
    let printed = hcl::to_string(&body).expect("a parsed body prints");
    let again = match hcl::parse(&printed) {
        Ok(b) => b,
        Err(e) => panic!("printed output does not parse: {e}\n--- input\n{text}\n--- printed\n{printed}"),
    };
    assert!(
        hcl::format::eq_ignoring_spans(&body, &again),
        "trees differ\n--- input\n{text}\n--- printed\n{printed}"
    );
});
