//! Context: variables, scopes, functions, modes.

use crate::common;
use common::*;
use hcl::eval::{Context, EvalMode, FuncDef, ParamType};
use hcl::Value;
use serde_json::json;

#[test]
fn variables_and_nested_access() {
    let mut ctx = Context::new();
    ctx.declare_var("var", j(json!({"region": "eu", "sizes": [1, 2]})));
    assert_eq!(ev_in("var.region", &ctx), j(json!("eu")));
    assert_eq!(ev_in("var.sizes[1] + 1", &ctx), j(json!(3)));
    assert_eq!(ev_in("\"${var.region}-1\"", &ctx), j(json!("eu-1")));
}

#[test]
fn child_scopes_shadow() {
    let mut root = Context::new();
    root.declare_var("a", 1);
    root.declare_var("b", 2);
    let mut child = root.child();
    child.declare_var("a", 10);
    assert_eq!(ev_in("a + b", &child), j(json!(12)));
    assert_eq!(ev_in("a + b", &root), j(json!(3)));
}

#[test]
fn user_functions_with_variadic_parameters() {
    let mut ctx = Context::new();
    ctx.declare_func(
        "sum",
        FuncDef::builder()
            .variadic("n", ParamType::Number)
            .build(|args| {
                Ok(Value::from(
                    args.iter().filter_map(Value::as_f64).sum::<f64>(),
                ))
            }),
    );
    assert_eq!(ev_in("sum()", &ctx), j(json!(0)));
    assert_eq!(ev_in("sum(1, \"2\", 3)", &ctx), j(json!(6)));
    assert_eq!(ev_in("sum([1, 2, 3]...)", &ctx), j(json!(6)));
    assert_eq!(ev_in("sum(1, [2, 3]...)", &ctx), j(json!(6)));
    let child = ctx.child();
    assert_eq!(ev_in("sum(1,)", &child), j(json!(1)));
}

#[test]
fn namespaced_user_function() {
    let mut ctx = Context::new();
    ctx.declare_func(
        "provider::x::id",
        FuncDef::builder()
            .param("v", ParamType::Any)
            .build(|mut a| Ok(a.remove(0))),
    );
    assert_eq!(ev_in("provider::x::id(5)", &ctx), j(json!(5)));
}

#[test]
fn user_function_failure_is_an_error_naming_it() {
    let mut ctx = Context::new();
    ctx.declare_func("boom", FuncDef::builder().build(|_| Err("it broke".into())));
    let e = hcl::eval::evaluate_str("boom()", &ctx).unwrap_err();
    assert!(e.message().contains("\"boom\""), "{}", e.message());
    assert!(e.message().contains("it broke"), "{}", e.message());
    // try() catches function failures.
    assert_eq!(ev_in("try(boom(), 1)", &ctx), j(json!(1)));
}

#[test]
fn modes() {
    assert_eq!(Context::new().mode(), EvalMode::Strict);
    let mut ctx = Context::new();
    ctx.set_mode(EvalMode::PreserveTemplates);
    assert_eq!(ctx.mode(), EvalMode::PreserveTemplates);
    assert_eq!(ctx.child().mode(), EvalMode::PreserveTemplates);
    assert_eq!(ev_in("x", &ctx), j(json!("${x}")));
}

#[test]
fn variables_from_json_like_values() {
    let mut ctx = Context::new();
    ctx.declare_var("m", j(json!({"b": 1, "a": 2})));
    assert_eq!(ev_in("[for k, v in m : k]", &ctx), j(json!(["a", "b"])));
    assert_eq!(ev_in("m[\"a\"]", &ctx), j(json!(2)));
}

#[test]
fn a_declared_function_types_its_result_as_its_spec_says() {
    use hcl::eval::{FuncDef, ParamType};
    let mut ctx = Context::new();
    ctx.declare_func(
        "half",
        FuncDef::builder()
            .returns(hcl::Type::Number)
            .param("s", ParamType::String)
            .build(|a| Ok(a[0].clone())),
    );
    // A result of another type converts, or the call fails.
    let t = hcl::eval::evaluate_typed_str("half(\"4\")", &ctx).unwrap();
    assert_eq!(
        (t.value(), t.ty().to_string()),
        (&hcl::Value::from(4), "number".to_owned())
    );
    let e = hcl::eval::evaluate_str("half(\"x\")", &ctx).unwrap_err();
    assert!(
        e.message().starts_with(
            "Error in function call: Call to function \"half\" failed: invalid return value"
        ),
        "{e}"
    );
    // Not known yet: an unknown number, known not to be null.
    ctx.declare_unknown("u", hcl::Type::String, false);
    let t = hcl::eval::evaluate_typed_str("half(u) == null", &ctx).unwrap();
    assert_eq!(t.value(), &hcl::Value::from(false));
}

/// A declared function over typed values sees its arguments' types (a typed null is not an
/// untyped one); its result converts to the declared type; an unknown argument of a parameter
/// that does not allow unknowns makes the result unknown without a call.
#[test]
fn user_functions_over_typed_values() {
    use hcl::eval::{evaluate_typed_str, Typed};
    use hcl::Type;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;

    let calls = Arc::new(AtomicUsize::new(0));
    let counter = Arc::clone(&calls);
    let mut ctx = Context::new();
    ctx.declare_func(
        "type_name",
        FuncDef::builder()
            .returns(Type::String)
            .nullable_param("v", ParamType::Any)
            .build_typed(move |a| {
                counter.fetch_add(1, Ordering::SeqCst);
                Ok(Typed::from(Value::from(a[0].ty().to_string())))
            }),
    );
    ctx.declare_func(
        "one",
        FuncDef::builder()
            .returns(Type::String)
            .build_typed(|_| Ok(Typed::from(Value::from(1)))),
    );
    ctx.declare_unknown("u", Type::Number, true);
    let value = |src: &str| evaluate_typed_str(src, &ctx).unwrap();
    assert_eq!(
        value("type_name(tolist([1]))").value(),
        &Value::from("list(number)")
    );
    assert_eq!(
        value("type_name(tostring(null))").value(),
        &Value::from("string")
    );
    assert_eq!(value("type_name(null)").value(), &Value::from("dynamic"));
    // The result converts to the declared string type.
    assert_eq!(value("one()").value(), &Value::from("1"));
    assert_eq!(calls.load(Ordering::SeqCst), 3);
    let t = value("type_name(u)");
    assert!(t.is_unknown());
    assert_eq!(t.ty(), &Type::String);
    assert_eq!(calls.load(Ordering::SeqCst), 3);
}

/// A function over plain values never sees an unknown argument, whatever
/// its parameters say: only one over typed values does.
#[test]
fn a_plain_function_is_not_called_with_unknown_arguments() {
    let mut ctx = Context::new();
    ctx.declare_func(
        "seen",
        FuncDef::builder()
            .nullable_param("v", ParamType::Any)
            .allow_unknown()
            .build(|a| Ok(Value::Bool(a[0].is_null()))),
    );
    ctx.declare_unknown("u", hcl::Type::String, true);
    let t = hcl::eval::evaluate_typed_str("seen(u)", &ctx).unwrap();
    assert!(t.is_unknown());
}

/// A typed function sees its argument converted to its parameter's type,
/// the value and its type together.
#[test]
fn a_typed_function_sees_its_argument_converted_with_its_type() {
    let mut ctx = Context::new();
    ctx.declare_func(
        "type_of",
        FuncDef::builder()
            .param("names", ParamType::Array(Box::new(ParamType::String)))
            .build_typed(|a| {
                Ok(hcl::eval::Typed::from(Value::from(format!(
                    "{} {}",
                    a[0].ty(),
                    a[0].value()
                ))))
            }),
    );
    let v = hcl::eval::evaluate_str("type_of(tolist([1, 2]))", &ctx).unwrap();
    assert_eq!(v, Value::from("list(string) [\"1\", \"2\"]"));
}
