//! Any text: the recovering parser must report every error without a
//! panic or a hang, and its partial tree must print back to text that
//! parses.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (file, error) = hcl::parser::parse_partial(text);
    if let Some(e) = error {
        let _ = e.to_string();
        assert!(hcl::parse(text).is_err());
    }
    let printed = hcl::to_string(file.body()).expect("a tree prints");
    assert!(hcl::parse(&printed).is_ok(), "{printed:?}");
});
