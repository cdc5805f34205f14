//! Collection kinds: Terraform tells lists, sets and tuples (and maps and
//! objects) apart although `hcl::Value` keeps them all as arrays (objects).
//! Equality compares types, `for` over a set binds the key variable to the
//! element, and sets cannot be indexed. Every expected value below was
//! obtained from Terraform 1.11.4 (`terraform console`).

use crate::common;
use common::*;
use hcl::Value;
use serde_json::json;

/// `(expression, what Terraform gives)`.
const EQUALITIES: &[(&str, bool)] = &[
    (r#"tolist([1]) == [1]"#, false),
    (r#"tolist([1]) == tolist([1])"#, true),
    (r#"toset([1]) == [1]"#, false),
    (r#"toset([1]) == tolist([1])"#, false),
    (r#"toset([1]) == toset([1])"#, true),
    (r#"tomap({a=1}) == {a=1}"#, false),
    (r#"tomap({a=1}) == tomap({a=1})"#, true),
    (r#"[] == []"#, true),
    (r#"tolist([]) == []"#, false),
    (r#"{} == {}"#, true),
    (r#"tomap({}) == {}"#, false),
    (r#"concat([1],[2]) == [1,2]"#, true),
    (r#"concat(tolist([1]),tolist([2])) == tolist([1,2])"#, true),
    (r#"concat(tolist([1]),[2]) == [1,2]"#, true),
    (r#"concat(tolist([1]),[2]) == tolist([1,2])"#, false),
    (r#"flatten([[1]]) == [1]"#, true),
    (r#"flatten([[1]]) == tolist([1])"#, false),
    (r#"flatten(tolist([tolist([1])])) == [1]"#, true),
    (r#"reverse([1,2]) == [2,1]"#, true),
    (r#"reverse(tolist([1,2])) == tolist([2,1])"#, true),
    (r#"reverse(toset([1,2])) == tolist([2,1])"#, true),
    (r#"slice([1,2],0,1) == [1]"#, true),
    (r#"slice(tolist([1,2]),0,1) == tolist([1])"#, true),
    (r#"distinct([1,1]) == [1]"#, false),
    (r#"distinct([1,1]) == tolist([1])"#, true),
    (r#"sort(["b"]) == tolist(["b"])"#, true),
    (r#"keys({a=1}) == ["a"]"#, true),
    (r#"keys({a=1}) == tolist(["a"])"#, false),
    (r#"keys(tomap({a=1})) == tolist(["a"])"#, true),
    (r#"values({a=1}) == [1]"#, true),
    (r#"values({a=1}) == tolist([1])"#, false),
    (r#"values(tomap({a=1})) == tolist([1])"#, true),
    (r#"merge({a=1}) == {a=1}"#, true),
    (r#"merge(tomap({a=1})) == tomap({a=1})"#, true),
    (r#"merge(tomap({a=1}),{b=2}) == {a=1,b=2}"#, true),
    (
        r#"merge(tomap({a=1}),tomap({b=2})) == tomap({a=1,b=2})"#,
        true,
    ),
    (r#"zipmap(["a"],[1]) == {a=1}"#, true),
    (r#"zipmap(["a"],[1]) == tomap({a=1})"#, false),
    (r#"zipmap(["a"],tolist([1])) == tomap({a=1})"#, true),
    (r#"compact(["a"]) == tolist(["a"])"#, true),
    (r#"chunklist([1],1) == tolist([tolist([1])])"#, true),
    (r#"chunklist([1],1) == [[1]]"#, false),
    (r#"coalescelist([1]) == [1]"#, true),
    (r#"coalescelist(tolist([1])) == tolist([1])"#, true),
    (r#"range(1) == tolist([0])"#, true),
    (r#"split(",","a") == tolist(["a"])"#, true),
    (r#"formatlist("%s",["a"]) == tolist(["a"])"#, true),
    (r#"regexall("a","a") == tolist(["a"])"#, true),
    (r#"regex("(a)","a") == ["a"]"#, true),
    (r#"setunion([1],[2]) == toset([1,2])"#, true),
    (r#"setintersection([1],[1]) == toset([1])"#, true),
    (r#"setsubtract([1],[2]) == toset([1])"#, true),
    (r#"setproduct([1],[2]) == toset([[1,2]])"#, false),
    (
        r#"setproduct(toset([1]),toset([2])) == toset([[1,2]])"#,
        true,
    ),
    (r#"setproduct([1],[2]) == tolist([[1,2]])"#, true),
    (
        r#"setproduct(tolist([1]),tolist([2])) == tolist([[1,2]])"#,
        true,
    ),
    (r#"matchkeys([1],["a"],["a"]) == tolist([1])"#, true),
    (r#"transpose({a=["b"]}) == tomap({b=tolist(["a"])})"#, true),
    (r#"jsondecode("[1]") == [1]"#, true),
    (r#"jsondecode("{\"a\":1}") == {a=1}"#, true),
    (r#"yamldecode("[1]") == [1]"#, true),
    (r#"csvdecode("a\n1") == tolist([{a="1"}])"#, true),
    (
        r#"cidrsubnets("10.0.0.0/8", 8) == tolist(["10.0.0.0/16"])"#,
        true,
    ),
    (r#"tolist([{a=1}])[*].a == [1]"#, false),
    (r#"tolist([{a=1}])[*].a == tolist([1])"#, true),
    (r#"toset([{a=1}])[*].a == tolist([1])"#, true),
    (r#"toset([{a=1}])[*].a == toset([1])"#, false),
    (r#"[{a=1}][*].a == [1]"#, true),
    (r#"tolist([{a=1}]).*.a == tolist([1])"#, true),
    (r#"(true ? [1] : [1,2]) == [1]"#, false),
    (r#"(true ? [1] : [1,2]) == tolist([1])"#, true),
    (r#"(true ? tolist([1]) : [2]) == tolist([1])"#, true),
    (r#"(true ? [1] : [2]) == [1]"#, true),
    (r#"(true ? {a=1} : {b=1}) == tomap({a=1})"#, true),
    (r#"(true ? {a=1} : {b=1}) == {a=1}"#, false),
    (r#"(true ? toset([1]) : [2]) == toset([1])"#, true),
    (r#"(true ? toset([1]) : [2]) == tolist([1])"#, false),
    (r#"(true ? toset([1]) : toset([2])) == toset([1])"#, true),
    (r#"try(tolist([1]), 0) == tolist([1])"#, true),
    (r#"{for k, v in tomap({a=1}) : k => v} == {a=1}"#, true),
    (r#"[for v in tolist([1]) : v] == [1]"#, true),
    (r#""${tolist([1])}" == tolist([1])"#, true),
    (r#"tolist([1])[0] == 1"#, true),
    (r#"keys({}) == tolist([])"#, false),
    (r#"values({}) == []"#, true),
    (r#"coalescelist(tolist([1]), [2]) == tolist([1])"#, true),
    (r#"coalescelist(tolist([1]), [2]) == [1]"#, false),
    (r#"coalescelist([], tolist([1])) == tolist([1])"#, true),
    (r#"coalescelist([1], [2]) == [1]"#, true),
    (r#"merge() == {}"#, true),
    (r#"merge(tomap({a=1}), null) == tomap({a=1})"#, false),
    (r#"merge(null, {a=1}) == {a=1}"#, true),
    (r#"setproduct(toset([1]), [2]) == toset([[1,2]])"#, true),
    (r#"setproduct(toset([1]), [2]) == tolist([[1,2]])"#, false),
    (r#"(true ? tolist([1]) : null) == tolist([1])"#, true),
    (r#"(false ? null : toset([1])) == toset([1])"#, true),
    (r#"tolist(toset([2,1])) == tolist([1,2])"#, true),
    (r#"tolist([1]) != [1]"#, true),
    (r#"toset([1]) != tolist([1])"#, true),
    (r#"tomap({a=1}) == merge({a=1})"#, false),
    (r#"keys(merge(tomap({a=1}))) == tolist(["a"])"#, true),
    (r#"reverse(tolist([1])) == [1]"#, false),
    (r#"slice(tolist([1,2]),0,1) == [1]"#, false),
    (r#"distinct([]) == tolist([])"#, true),
    (r#"tolist(null) == null"#, true),
    (r#"tolist(null) == tolist(null)"#, true),
    (r#"[for x in tolist([1]) : x][0] == 1"#, true),
    (r#""${tolist([1])}" == [1]"#, false),
    (r#"(tolist([1])) == [1]"#, false),
    (r#"tomap({a=1}) == tomap({a="1"})"#, false),
    (r#"tolist([1]) == tolist(["1"])"#, false),
    (r#"setproduct([1], toset([2])) == toset([[1,2]])"#, true),
    (r#"setproduct([1], toset([2])) == tolist([[1,2]])"#, false),
    (r#"core::tolist([1]) == [1]"#, false),
    // Nested types count too.
    (r#"[tolist([1])] == [[1]]"#, false),
    (r#"tolist([tolist([1])])[0] == [1]"#, false),
    (r#"sort([]) == tolist([])"#, false),
    (r#"{a = tomap({b = 1})} == {a = {b = 1}}"#, false),
    (r#"[for x in tolist([tolist([1])]) : x] == [[1]]"#, false),
    // Elements taken out of lists, sets and maps keep their types.
    (r#"element(tolist([tolist([1])]), 0) == tolist([1])"#, true),
    (r#"one(tolist([tolist([1])])) == tolist([1])"#, true),
    (r#"tolist([tolist([1])])[0] == tolist([1])"#, true),
    (r#"tomap({a=toset([1])}).a == toset([1])"#, true),
    (r#"tomap({a=tolist([1])})["a"] == tolist([1])"#, true),
    (r#"lookup(tomap({a=tolist([1])}),"a") == tolist([1])"#, true),
    (r#"toset([1]) == toset([1]) == true"#, true),
];

/// Whether every feature-gated function `src` calls is built in (they are
/// absent with `--no-default-features`).
fn functions_available(src: &str) -> bool {
    [
        "regex",
        "regexall",
        "jsondecode",
        "yamldecode",
        "csvdecode",
        "fileset",
    ]
    .iter()
    .all(|f| !src.contains(&format!("{f}(")) || hcl::eval::functions::builtin(f).is_some())
}

#[test]
fn equality_compares_collection_kinds() {
    let mut failed = Vec::new();
    for (src, want) in EQUALITIES {
        if !functions_available(src) {
            continue;
        }
        if ev(src) != Value::Bool(*want) {
            failed.push(*src);
        }
    }
    assert!(failed.is_empty(), "differ from Terraform: {failed:#?}");
}

#[test]
fn equality_of_values_is_unchanged() {
    check("1 == 1.0", json!(true));
    check("[1] == [1]", json!(true));
    check("[1] == [1.0]", json!(true));
    check("{a = 1} == {a = 1}", json!(true));
    check("[1] == [\"1\"]", json!(false));
    check("tolist([1]) == tolist([2])", json!(false));
    check("null == null", json!(true));
}

#[test]
fn for_over_a_set_binds_the_element_as_key() {
    check(r#"[for i, v in toset(["x","y"]) : i]"#, json!(["x", "y"]));
    check(r#"[for i, v in tolist(["x","y"]) : i]"#, json!([0, 1]));
    check(r#"[for i, v in toset([10, 2]) : i]"#, json!([2, 10]));
    check(r#"[for i, v in toset([]) : i]"#, json!([]));
    check(r#"[for v in toset(["b","a"]) : v]"#, json!(["a", "b"]));
    check(r#"{for k, v in toset(["a"]) : k => v}"#, json!({"a": "a"}));
    check(
        r#"[for i, v in (true ? toset(["a"]) : toset(["b"])) : i]"#,
        json!(["a"]),
    );
    check(r#"[for i, v in try(toset(["a"]), 1) : i]"#, json!(["a"]));
    check(r#"[for i, v in "${toset(["a"])}" : i]"#, json!(["a"]));
    check(
        r#"[for i, v in setunion(["b"], ["a"]) : i]"#,
        json!(["a", "b"]),
    );
    check(r#"[for i, v in tomap({b=1, a=2}) : i]"#, json!(["a", "b"]));
    // A splat over a set gives a list.
    check(r#"[for i, v in toset(["b", "a"])[*] : i]"#, json!([0, 1]));
    check(
        r#"[for k, v in setproduct(toset(["a"]), toset(["b"])) : k]"#,
        json!([["a", "b"]]),
    );
}

#[test]
fn template_for_over_a_set_binds_the_element_as_key() {
    check(
        r#""%{for i, v in toset(["x","y"])}${i}%{endfor}""#,
        json!("xy"),
    );
    check(
        r#""%{for i, v in tolist(["x","y"])}${i}%{endfor}""#,
        json!("01"),
    );
}

#[test]
fn sets_cannot_be_indexed() {
    for src in ["toset([1])[0]", r#"(toset(["a"]))[0]"#, r#"toset(["a"]).0"#] {
        check_err(src, "Elements of a set are identified only by their value");
    }
    // Lists can be indexed, and sets used whole.
    check("tolist([1])[0]", json!(1));
    check("length(toset([1]))", json!(1));
    check("one(tolist([1]))", json!(1));
}

#[test]
fn variables_are_tuples_and_objects() {
    let mut ctx = hcl::eval::Context::new();
    ctx.declare_var("l", vec![1]);
    let eq = |src: &str| hcl::eval::evaluate_str(src, &ctx).unwrap();
    assert_eq!(eq("l == [1]"), Value::Bool(true));
    assert_eq!(eq("l == tolist([1])"), Value::Bool(false));
    assert_eq!(eq("tolist(l) == tolist([1])"), Value::Bool(true));
    assert_eq!(eq("[for i, v in toset(l) : i]"), Value::from(vec![1]));
}
