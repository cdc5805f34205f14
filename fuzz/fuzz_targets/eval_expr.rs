//! Any expression evaluated with the built-in functions in strict mode,
//! with a few variables defined (some of them unknown), typed: Ok or Err,
//! never a panic, hang or OOM.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let mut ctx = hcl::eval::Context::new();
    ctx.declare_var("n", 3);
    ctx.declare_var("s", "text");
    ctx.declare_var("l", vec![1, 2, 3]);
    ctx.declare_var("o", hcl::Value::from_iter([("a", 1), ("b", 2)]));
    ctx.declare_unknown("u", hcl::Type::Dynamic, false);
    ctx.declare_unknown("us", hcl::Type::String, true);
    let list = hcl::Type::list(hcl::Type::String);
    ctx.declare_unknown("k.l", list, false);
    let obj = hcl::Type::object([("a", hcl::Type::Number)]);
    ctx.declare_unknown("k.o", obj, false);
    match hcl::eval::evaluate_typed_str(text, &ctx) {
        Ok(t) => {
            let _ = t.map_unknowns(|ty| hcl::Value::from(ty.to_string()));
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
});
