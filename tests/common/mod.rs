//! Helpers shared by the evaluator tests.
#![allow(dead_code)]

use hcl::eval::{evaluate_str, Context, EvalMode};
use hcl::{Error, Map, Number, Value};

/// Converts a `serde_json::json!` value (test notation) to an `hcl::Value`.
pub fn j(v: serde_json::Value) -> Value {
    match v {
        serde_json::Value::Null => Value::Null,
        serde_json::Value::Bool(b) => Value::Bool(b),
        serde_json::Value::Number(n) => {
            if let Some(u) = n.as_u64() {
                Value::from(u)
            } else if let Some(i) = n.as_i64() {
                Value::from(i)
            } else {
                Value::Number(Number::from(n.as_f64().unwrap()))
            }
        }
        serde_json::Value::String(s) => Value::String(s.into()),
        serde_json::Value::Array(a) => Value::Array(a.into_iter().map(j).collect()),
        serde_json::Value::Object(o) => {
            Value::Object(o.into_iter().map(|(k, v)| (k, j(v))).collect::<Map<_, _>>())
        }
    }
}

/// Evaluates `src` in a strict context with the built-in functions.
#[track_caller]
pub fn ev(src: &str) -> Value {
    match evaluate_str(src, &Context::new()) {
        Ok(v) => v,
        Err(e) => panic!("{src}: {e}"),
    }
}

/// Evaluates `src` in `ctx`.
#[track_caller]
pub fn ev_in(src: &str, ctx: &Context<'_>) -> Value {
    match evaluate_str(src, ctx) {
        Ok(v) => v,
        Err(e) => panic!("{src}: {e}"),
    }
}

/// Evaluates `src` in template-preserving mode.
#[track_caller]
pub fn ev_preserve(src: &str) -> Value {
    ev_in(src, &Context::new().with_mode(EvalMode::PreserveTemplates))
}

/// The error evaluating `src` gives (panics if it succeeds).
#[track_caller]
pub fn ev_err(src: &str) -> Error {
    match evaluate_str(src, &Context::new()) {
        Ok(v) => panic!("{src}: expected an error, got {v:?}"),
        Err(e) => e,
    }
}

/// Asserts that `src` evaluates to `want`, comparing numbers within 1e-12 relative.
#[track_caller]
pub fn check(src: &str, want: serde_json::Value) {
    let got = ev(src);
    let want = j(want);
    assert!(
        close(&got, &want),
        "{src}\n  want: {want:?}\n  got:  {got:?}"
    );
}

pub fn close(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            let (x, y) = (x.as_f64(), y.as_f64());
            x == y || (x - y).abs() <= 1e-12 * x.abs().max(y.abs())
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| close(p, q))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, p)| y.get(k).is_some_and(|q| close(p, q)))
        }
        _ => a == b,
    }
}

/// Asserts that `src` fails and the message contains `needle`.
#[track_caller]
pub fn check_err(src: &str, needle: &str) -> Error {
    let e = ev_err(src);
    assert!(
        e.message().contains(needle),
        "{src}: error {:?} does not mention {needle:?}",
        e.message()
    );
    e
}

/// `v` with every number as the nearest `f64`: how numbers reach serde
/// types, and how a number made from an `f64` reads back from its text
/// (the evaluator keeps Terraform's 512-bit values).
pub fn as_f64s(v: &Value) -> Value {
    match v {
        Value::Number(n) => Value::from(n.as_f64()),
        Value::Array(a) => Value::Array(a.iter().map(as_f64s).collect()),
        Value::Object(o) => Value::Object(o.iter().map(|(k, v)| (k.clone(), as_f64s(v))).collect()),
        other => other.clone(),
    }
}
