//! parse → print → parse gives an equal tree (spans aside), both with
//! `to_string` (default layout) and with `format_body_with_source` (the
//! source's comments and line breaks kept), and printing with the source is
//! a fixed point.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(file) = hcl::parse(text) else { return };
    let body = file.body();
    let printed = hcl::to_string(body).expect("a parsed body prints");
    let again = match hcl::parse(&printed) {
        Ok(b) => b,
        Err(e) => panic!("printed output does not parse: {e}\n--- input\n{text}\n--- printed\n{printed}"),
    };
    assert!(
        hcl::format::eq_ignoring_spans(body, again.body()),
        "trees differ\n--- input\n{text}\n--- printed\n{printed}"
    );
    let with_src = hcl::format::format_body_with_source(body, text);
    let again = match hcl::parse(&with_src) {
        Ok(b) => b,
        Err(e) => panic!(
            "printed output (with source) does not parse: {e}\n--- input\n{text}\n--- printed\n{with_src}"
        ),
    };
    assert!(
        hcl::format::eq_ignoring_spans(body, again.body()),
        "trees differ (with source)\n--- input\n{text}\n--- printed\n{with_src}"
    );
    let twice = hcl::format::format_body_with_source(again.body(), &with_src);
    assert_eq!(twice, with_src, "printing with source is not a fixed point\n--- input\n{text}");
});
