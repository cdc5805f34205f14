//! Any expression evaluated with the built-in functions in strict mode,
//! with a few variables defined: Ok or Err, never a panic, hang or OOM.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let mut ctx = hcl::eval::Context::new();
    ctx.declare_var("n", 3);
    ctx.declare_var("s", "text");
    ctx.declare_var("l", vec![1, 2, 3]);
    ctx.declare_var("o", hcl::Value::from_iter([("a", 1), ("b", 2)]));
    if let Err(e) = hcl::eval::evaluate_str(text, &ctx) {
        let _ = e.to_string();
    }
});
