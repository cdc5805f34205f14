//! HCL's JSON syntax: reading never panics, and what `hcl::json::to_string`
//! writes from it reads back and writes the same again.
#![no_main]
use hcl::eval::{Context, EvalMode};
use hcl::json::WriteOptions;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let _ = hcl::from_json_str::<hcl::Value>(text);
    let Ok(file) = hcl::json::parse(text) else { return };
    let ctx = Context::new().with_mode(EvalMode::PreserveTemplates);
    let options = WriteOptions::new();
    let Ok(first) = hcl::json::to_string(file.body(), text, &ctx, &options) else { return };
    let again = hcl::json::parse(&first).unwrap_or_else(|e| panic!("{first}\n{e}"));
    let second = hcl::json::to_string(again.body(), &first, &ctx, &options)
        .unwrap_or_else(|e| panic!("{first}\n{e}"));
    assert_eq!(first, second);
});
