//! Tuple and object constructors, indexing and attribute access.

use crate::common;
use common::*;
use serde_json::json;

#[test]
fn literals() {
    check("42", json!(42));
    check("-17", json!(-17));
    check("2.50", json!(2.5));
    check("1e3", json!(1000));
    check("1.5E-2", json!(0.015));
    check("007", json!(7));
    check("[1, 1.0, 1e0, 0.1e1, 10e-1]", json!([1, 1, 1, 1, 1]));
    check("null", json!(null));
}

#[test]
fn tuples() {
    check("[]", json!([]));
    check("[1, \"two\", true, null]", json!([1, "two", true, null]));
    check("[1, 2, 3,]", json!([1, 2, 3]));
    check("[\n  \"a\",\n  \"b\",\n]", json!(["a", "b"]));
}

#[test]
fn objects() {
    check("{a = 1, b = 2}", json!({"a": 1, "b": 2}));
    check("{a: 1, b: 2}", json!({"a": 1, "b": 2}));
    check(
        "{\n  a = 1,\n  b = 2\n  c = 3\n}",
        json!({"a": 1, "b": 2, "c": 3}),
    );
    check(
        "{\"with space\" = 1, \"x.y\" = 2}",
        json!({"with space": 1, "x.y": 2}),
    );
    check("{(\"a${\"b\"}\") = 1}", json!({"ab": 1}));
    check(
        "{1 = \"one\", 2.5 = \"x\"}",
        json!({"1": "one", "2.5": "x"}),
    );
    check("{(true) = 1}", json!({"true": 1}));
    check(
        "{null = 1, true = 2, false = 3}",
        json!({"null": 1, "true": 2, "false": 3}),
    );
    check(
        "{if = 1, in = 2, null_ = 3}",
        json!({"if": 1, "in": 2, "null_": 3}),
    );
    check(
        "{a = [1, {b = [true]}], c = {d = {}}}",
        json!({"a": [1, {"b": [true]}], "c": {"d": {}}}),
    );
}

#[test]
fn duplicate_object_key_last_wins() {
    check("{a = 1, a = 2}", json!({"a": 2}));
    check("{a = 1, \"a\" = 2}", json!({"a": 2}));
}

#[test]
fn object_keys_keep_source_order() {
    let v = ev("{zeta = 1, alpha = 2, Mid = 3}");
    let keys: Vec<&str> = v
        .as_object()
        .unwrap()
        .keys()
        .map(hcl::Key::as_str)
        .collect();
    assert_eq!(keys, ["zeta", "alpha", "Mid"]);
}

#[test]
fn null_key_is_an_error() {
    check_err("{(null) = 1}", "Null value as key");
    check_err("{([1]) = 1}", "Incorrect key type");
}

#[test]
fn indexing() {
    check("[\"a\", \"b\", \"c\"][1]", json!("b"));
    check("[\"a\", \"b\"][\"1\"]", json!("b"));
    check("[1, 2][\"0\"]", json!(1));
    check("[10, 20][1.0]", json!(20));
    check("{a = {b = 5}}.a.b", json!(5));
    check("{a = {b = [1, 2]}}.a.b[1]", json!(2));
    check("{a = [1, 2]}[\"a\"][0]", json!(1));
    check("{1 = \"one\"}[1]", json!("one"));
    check("{\"1\" = \"x\"}[1]", json!("x"));
    check("{true = \"x\"}[true]", json!("x"));
    check("{list = [{name = \"n\"}]}.list[0].name", json!("n"));
    check("[for s in [\"a\", \"b\"] : s][1]", json!("b"));
}

#[test]
fn legacy_index() {
    check("[10, 20, 30].1", json!(20));
    check("[\"a\", \"b\"].0", json!("a"));
    check("{a = [{b = 1}]}.a.0.b", json!(1));
}

#[test]
fn index_errors() {
    // (At the index with its brackets, as Terraform shows it.)
    let e = check_err("[1, 2][2]", "Invalid index");
    assert_eq!((e.line(), e.column()), (Some(1), Some(7)));
    check_err("[\"a\"][1]", "Invalid index");
    check_err("[1, 2][0.5]", "Invalid index");
    check_err("[1][-1]", "Invalid index");
    check_err("\"abc\"[0]", "Invalid index");
    check_err("null[0]", "Attempt to index null value");
    check_err("[1][null]", "null value as an indexing key");
    check_err("{a = 1}[\"b\"]", "Invalid index");
}

#[test]
fn attribute_errors_name_the_attribute() {
    let e = check_err("{a = 1}.b", "Unsupported attribute");
    assert!(e.message().contains("\"b\""), "{}", e.message());
    // (At `.b`, its dot included, as Terraform shows it.)
    assert_eq!(e.column(), Some(8));
    check_err("{a = {b = 1}}.a.c", "\"c\"");
    check_err("[1].a", "Unsupported attribute");
    check_err("null.a", "null value");
}
