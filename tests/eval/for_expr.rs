//! `for` expressions.

use crate::common;
use common::*;
use serde_json::json;

#[test]
fn tuple_results() {
    check("[for v in [1, 2, 3] : v * 2]", json!([2, 4, 6]));
    check(
        "[for i, v in [\"a\", \"b\"] : \"${i}:${v}\"]",
        json!(["0:a", "1:b"]),
    );
    check(
        "[for v in [1, 2, 3, 4, 5] : v if v % 2 == 1]",
        json!([1, 3, 5]),
    );
    check("[for v in [] : v]", json!([]));
    check(
        "[\n  for v in [\"x\", \"y\"] :\n  \"${v}!\"\n]",
        json!(["x!", "y!"]),
    );
    check(
        "[for x in [1, 2] : [for y in [\"a\", \"b\"] : \"${x}${y}\"]]",
        json!([["1a", "1b"], ["2a", "2b"]]),
    );
}

#[test]
fn object_results() {
    check(
        "{for k, v in {b = 2, a = 1} : v => k}",
        json!({"1": "a", "2": "b"}),
    );
    check(
        "{for i, v in [\"a\", \"b\"] : v => i}",
        json!({"a": 0, "b": 1}),
    );
    check(
        "{for k in [\"a\", \"b\"] : k => k == \"a\" ? 1 : \"x\"}",
        json!({"a": "1", "b": "x"}),
    );
}

#[test]
fn objects_iterate_in_lexicographic_key_order() {
    check(
        "[for k, v in {zebra = 1, apple = 2, Mango = 3} : k]",
        json!(["Mango", "apple", "zebra"]),
    );
    check(
        "[for k, v in {b = \"x\", a = \"y\"} : \"${k}=${v}\"]",
        json!(["a=y", "b=x"]),
    );
}

#[test]
fn grouping() {
    check(
        "{for p in [[\"b\", 1], [\"a\", 2], [\"b\", 3]] : p[0] => p[1]...}",
        json!({"a": [2], "b": [1, 3]}),
    );
    check(
        "{for v in [1, 2, 3] : (v % 2 == 0 ? \"even\" : \"odd\") => v...}",
        json!({"even": [2], "odd": [1, 3]}),
    );
}

#[test]
fn string_condition_is_converted() {
    check("[for v in [1, 2] : v if \"true\"]", json!([1, 2]));
}

#[test]
fn errors() {
    let e = check_err("{for s in [\"a\", \"a\"] : s => 1}", "Duplicate object key");
    assert!(e.message().contains("\"a\""), "{}", e.message());
    check_err("[for v in 5 : v]", "Iteration over non-iterable value");
    check_err(
        "{for k, v in true : k => v}",
        "Iteration over non-iterable value",
    );
    check_err("[for v in null : v]", "Iteration over null value");
    check_err("[for v in [1] : v if \"yes\"]", "Invalid 'for' condition");
    check_err("[for v in [1] : v if null]", "Condition is null");
    check_err("{for v in [\"a\"] : null => v}", "Invalid object key");
}

#[test]
fn iteration_variables_shadow_and_vanish() {
    let mut ctx = hcl::eval::Context::new();
    ctx.declare_var("v", 100);
    assert_eq!(ev_in("[for v in [1, 2] : v]", &ctx), j(json!([1, 2])));
    assert_eq!(
        ev_in("[for x in [1, 2] : x + v]", &ctx),
        j(json!([101, 102]))
    );
    check_err("[for x in [1] : x][0] + x", "\"x\"");
}
