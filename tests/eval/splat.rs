//! Splat operators: `[*]` (full) and `.*` (attribute-only).

use crate::common;
use common::*;
use serde_json::json;

#[test]
fn full_and_attribute_splat() {
    check("[{a = 1}, {a = 2}][*].a", json!([1, 2]));
    check("[{a = 1}, {a = 2}].*.a", json!([1, 2]));
    check("[{a = {b = 1}}, {a = {b = 2}}][*].a.b", json!([1, 2]));
    check("[{a = {b = 1}}, {a = {b = 2}}].*.a.b", json!([1, 2]));
    check("[1, 2, 3][*]", json!([1, 2, 3]));
}

#[test]
fn trailing_index_differs() {
    // After [*] every following operator applies per element ...
    check("[{a = [1, 2]}, {a = [3, 4]}][*].a[0]", json!([1, 3]));
    check("[[1, 2], [3]][*][0]", json!([1, 3]));
    // ... after .* only attribute accesses do; [0] applies to the result.
    check("[{a = [1, 2]}, {a = [3, 4]}].*.a[0]", json!([1, 2]));
}

#[test]
fn non_list_operand_is_wrapped_and_null_gives_empty() {
    check("{a = 1}[*].a", json!([1]));
    check("{a = 1}.*", json!([{"a": 1}]));
    check("\"str\"[*]", json!(["str"]));
    check("null[*]", json!([]));
    check("null.*.a", json!([]));
    check("tostring(null)[*]", json!([]));
}

#[test]
fn null_sequence_splat_is_an_error() {
    // Terraform 1.11: "Splat of null value" for a null list, set or tuple
    // (an untyped null, or a null of another type, gives `[]`).
    check_err("tolist(null)[*]", "Splat of null value");
    check_err("toset(null).*.a", "Splat of null value");
    check_err(
        "{for k, x in tolist(null)[*] : tostring(k) => [x]}",
        "Splat of null value",
    );
}

#[test]
fn nested_splats_keep_nesting() {
    check(
        "[{a = [{b = 1}]}, {a = [{b = 2}, {b = 3}]}][*].a[*].b",
        json!([[1], [2, 3]]),
    );
}

#[test]
fn splat_errors() {
    check_err("[{a = 1}, {b = 2}][*].a", "Unsupported attribute");
    check_err("5[*].a", "Unsupported attribute");
}

#[test]
fn splat_over_variable() {
    let mut ctx = hcl::eval::Context::new();
    ctx.declare_var("xs", j(json!([{"id": "a"}, {"id": "b"}])));
    assert_eq!(ev_in("xs[*].id", &ctx), j(json!(["a", "b"])));
    assert_eq!(ev_in("xs.*.id[1]", &ctx), j(json!("b")));
}
