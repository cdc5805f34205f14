//! Typed evaluation: values with the types Terraform gives them, typed
//! nulls, and unknown values with their refinements. Every expected value
//! and type is a case of the typed-value oracles (`dev/types.json`,
//! `dev/unknowns.json`: Terraform 1.11.4's `jsonencode` and `type()`); the
//! case id is given beside each.

use crate::unknown_scope;

use hcl::eval::{evaluate_typed_str, Context, Typed};
use hcl::Value;

fn typed(src: &str, ctx: &Context<'_>) -> Typed {
    evaluate_typed_str(src, ctx).unwrap_or_else(|e| panic!("{src}: {e}"))
}

/// The oracle's scope of unknown values.
fn unknowns() -> Context<'static> {
    unknown_scope::context()
}

/// `src` is known, with this JSON value and type.
fn known(src: &str, ctx: &Context<'_>, value: serde_json::Value, ty: &str) {
    let t = typed(src, ctx);
    assert!(t.is_known(), "{src}: not known");
    let want: Value = serde_json::from_value(value).unwrap();
    assert_eq!(t.value(), &want, "{src}");
    assert_eq!(t.ty().to_string(), ty, "{src}");
}

/// `src` is wholly unknown, of this type.
fn unknown(src: &str, ctx: &Context<'_>, ty: &str) {
    let t = typed(src, ctx);
    assert!(t.is_unknown(), "{src}: {:?}", t.value());
    assert_eq!(t.ty().to_string(), ty, "{src}");
}

/// Each `(src, Some(b))` is known to be `b`, each `(src, None)` is an
/// unknown bool.
fn bools(ctx: &Context<'_>, cases: &[(&str, Option<bool>)]) {
    for (src, want) in cases {
        match want {
            Some(b) => known(src, ctx, json!(b), "bool"),
            None => unknown(src, ctx, "bool"),
        }
    }
}

/// Each `(src, message)` fails with this message.
fn refused(ctx: &Context<'_>, cases: &[(&str, &str)]) {
    for (src, message) in cases {
        let e = evaluate_typed_str(src, ctx).unwrap_err();
        assert_eq!(e.message(), *message, "{src}");
    }
}

/// `src` is known with unknowns inside: shown with `"?TYPE"` for them.
fn partial(src: &str, ctx: &Context<'_>, value: serde_json::Value, ty: &str) {
    let t = typed(src, ctx);
    assert!(!t.is_known() && !t.is_unknown(), "{src}");
    let want: Value = serde_json::from_value(value).unwrap();
    assert_eq!(
        t.map_unknowns(|ty| Value::from(format!("?{ty}"))),
        want,
        "{src}"
    );
    assert_eq!(t.ty().to_string(), ty, "{src}");
}

use serde_json::json;

#[test]
fn literals_conversions_and_typed_nulls() {
    let ctx = Context::new();
    known(
        "[null, null]",
        &ctx,
        json!([null, null]),
        "tuple([dynamic, dynamic])",
    ); // literal/tuple-of-null
    known(
        r#"tolist([{a = 1}, {b = 2}])"#,
        &ctx,
        json!([{"a": 1}, {"b": 2}]),
        "list(map(number))",
    ); // convert/tolist-objects-different-attrs
    known("true ? [1] : [1, 2]", &ctx, json!([1]), "list(number)"); // unify/cond-tuples-different-length
    known("true ? tostring(null) : 1", &ctx, json!(null), "string"); // unify/cond-typed-null-string
    known(r#""${tostring(null)}""#, &ctx, json!(null), "string"); // null/template-unwrap
    known(
        "{a = null} == {a = tostring(null)}",
        &ctx,
        json!(false),
        "bool",
    ); // null/equality-object-null-attr
    known(
        r#"coalescelist(tolist(null), ["a"])"#,
        &ctx,
        json!(["a"]),
        "tuple([string])",
    ); // null/coalescelist-typed-null
    known(
        "tolist(toset([3, 1, 2]))",
        &ctx,
        json!([1, 2, 3]),
        "list(number)",
    ); // set/tolist-order
    known(
        "values(tomap({b = 1, a = 2}))",
        &ctx,
        json!([2, 1]),
        "list(number)",
    ); // fn/values-map
}

#[test]
fn functions_type_their_results() {
    let ctx = Context::new();
    known(
        r#"concat(tolist([1]), tolist(["a"]))"#,
        &ctx,
        json!(["1", "a"]),
        "list(string)",
    ); // fn/concat-lists
    known(
        "concat(tolist([1]), tolist([true]))",
        &ctx,
        json!([1, true]),
        "tuple([number, bool])",
    ); // fn/concat-lists-number-bool-gives-tuple
    known(
        "merge(tomap({a = 1}), tomap({b = true}))",
        &ctx,
        json!({"a": 1, "b": true}),
        "object({a: number, b: bool})",
    ); // fn/merge-maps-number-bool
    known("one(tolist([]))", &ctx, json!(null), "dynamic"); // fn/one-empty-list
    known(
        r#"setproduct(["a"], [1, 2])"#,
        &ctx,
        json!([["a", 1], ["a", 2]]),
        "list(tuple([string, number]))",
    ); // fn/setproduct
    for err in [
        r#"merge(tomap({a = "b"}), tostring(null))"#, // null/merge-map-typed-null-error
        "length(tolist(null))",                       // null/length-typed-null-list-error
        r#"lookup(tomap({a = 1}), "z", "d")"#,        // fn/lookup-map-default-type-error
    ] {
        assert!(evaluate_typed_str(err, &ctx).is_err(), "{err}");
    }
}

#[test]
fn unknowns_flow_through_operations() {
    let ctx = unknowns();
    unknown("local.un + 1", &ctx, "number"); // arith/add
    unknown("false && local.ub", &ctx, "bool"); // logic/false-and-unknown
    unknown("local.ub ? 1 : \"a\"", &ctx, "string"); // cond/unify-string
    unknown("local.uo.a", &ctx, "string"); // index/unknown-object-attr
    unknown("[1, 2][local.un]", &ctx, "dynamic"); // index/known-tuple-unknown-key-same-types
    unknown("local.ul[*]", &ctx, "list(string)"); // splat/unknown-list
    unknown("[for x in local.ul : x]", &ctx, "dynamic"); // for/over-unknown-list
    unknown("\"pre-${local.us}\"", &ctx, "string"); // tmpl/prefix
    unknown("tolist(local.ut)", &ctx, "list(dynamic)"); // fn/tolist-unknown-tuple
    unknown("try(local.us, \"x\")", &ctx, "dynamic"); // fn/try-unknown
    for err in ["local.ub + 1", "local.uo.zzz", "local.ut[5]"] {
        // arith/bool-operand-error, index/unknown-object-missing-attr-error,
        // index/unknown-tuple-out-of-range-error
        assert!(evaluate_typed_str(err, &ctx).is_err(), "{err}");
    }
}

#[test]
fn known_parts_and_refinements() {
    let ctx = unknowns();
    partial(
        "{a = local.us, b = 1}",
        &ctx,
        json!({"a": "?string", "b": 1}),
        "object({a: string, b: number})",
    ); // mixed/object-with-unknown
    partial(
        r#"toset([local.us, "k"])"#,
        &ctx,
        json!(["k", "?string"]),
        "set(string)",
    ); // mixed/set-partial
    partial("local.us[*]", &ctx, json!(["?string"]), "tuple([string])"); // splat/unknown-string-not-null
    partial(
        "local.ub ? tolist([1]) : tolist([2])",
        &ctx,
        json!(["?number"]),
        "list(number)",
    ); // cond/lists
    known("local.us == null", &ctx, json!(false), "bool"); // null/string-eq-null
    known("upper(local.usn) == null", &ctx, json!(false), "bool"); // fn/upper-not-null
    known("\"pre-${local.us}\" == \"x\"", &ctx, json!(false), "bool"); // compare/prefix-mismatch
    known(
        "startswith(\"pre-${local.us}\", \"pr\")",
        &ctx,
        json!(true),
        "bool",
    ); // fn/startswith-shorter-prefix
    known("length(\"pre-${local.us}\") > 2", &ctx, json!(true), "bool"); // refine/prefix-length-compare
    known("length(local.uo)", &ctx, json!(2), "number"); // fn/length-object
    known(
        r#"contains(["a", local.us], "a")"#,
        &ctx,
        json!(true),
        "bool",
    ); // fn/contains-partial-found
    known("anytrue([true, local.ub])", &ctx, json!(true), "bool"); // fn/anytrue-true-unknown
    known("try(local.uo.zzz, \"d\")", &ctx, json!("d"), "string"); // fn/try-static-error-attr
    known("local.un == \"1\"", &ctx, json!(false), "bool"); // compare/number-vs-string-type
    unknown("local.un == local.un", &ctx, "bool"); // compare/self-equal
}

#[test]
fn format_prints_typed_nulls() {
    // `terraform console` (1.11.4): a typed null prints as "null" with %v
    // and %#v and is an error with %s; an untyped null makes the result
    // an unknown value of unknown type (`type(...)` is dynamic: cty does
    // not format a value of no type).
    let ctx = Context::new();
    known(
        r#"format("%v", tobool(null))"#,
        &ctx,
        json!("null"),
        "string",
    );
    known(
        r#"format("%#v", tostring(null))"#,
        &ctx,
        json!("null"),
        "string",
    );
    known(
        r#"format("%v", tolist(null))"#,
        &ctx,
        json!("null"),
        "string",
    );
    unknown(r#"format("%v", null)"#, &ctx, "dynamic");
    assert!(evaluate_typed_str(r#"format("%s", tostring(null))"#, &ctx).is_err());
}

#[test]
fn conversions_check_the_argument_type_even_of_a_null() {
    // `terraform console` (1.11.4): a typed null converts only where its
    // type does ("cannot convert list of dynamic to number").
    let ctx = Context::new();
    for src in [
        "tonumber(tolist(null))",
        "tobool((true ? tolist(null) : toset([])))",
        "toset(tomap(null))",
        "tomap((true ? null : tolist([tolist([1])])))",
    ] {
        assert!(evaluate_typed_str(src, &ctx).is_err(), "{src}");
    }
    known("tostring(tonumber(null))", &ctx, json!(null), "string");
    // An attribute of unknown type (an untyped null) beside an object:
    // the map's element type is found when the values are.
    known(
        "tomap({a = {x = 1}, b = null})",
        &ctx,
        json!({"a": {"x": 1}, "b": null}),
        "map(object({x: number}))",
    );
}

#[test]
fn coalesce_and_coalescelist_check_every_argument() {
    let ctx = Context::new();
    // Terraform: "coalescelist arguments must be lists or tuples", though
    // the first argument would be chosen.
    assert!(evaluate_typed_str("coalescelist([1, \"a\"], {}, true)", &ctx).is_err());
    assert!(evaluate_typed_str("coalescelist(flatten([true, false]), 0)", &ctx).is_err());
    // Types that do not unify: "all arguments must have the same type".
    let src = r#"coalesce(tomap({}), {c = tomap({a = "x", b = "y"}), a = 0}, tostring(null))"#;
    assert!(evaluate_typed_str(src, &ctx).is_err());
    // They unify to the object type, which the empty map does not convert
    // to: cty counts it as null and goes on (Terraform prints the object).
    known(
        r#"coalesce(tomap({}), {a = 0, c = tomap({a = "x"})})"#,
        &ctx,
        json!({"a": 0, "c": {"a": "x"}}),
        "object({a: number, c: map(string)})",
    );
    known(
        "coalesce(tomap({}), {a = 0})",
        &ctx,
        json!({}),
        "map(number)",
    );
}

#[test]
fn conversion_to_a_type_of_unknown_parts_keeps_the_values_types() {
    // Terraform: the branches unify to list(dynamic), and the list of
    // objects converted to it stays a list of objects.
    let ctx = Context::new();
    known(
        "(true ? tolist([{a = 1}]) : [null])",
        &ctx,
        json!([{"a": 1}]),
        "list(object({a: number}))",
    );
    // The tuple's element types unify to list(dynamic); converted, the
    // set of strings is a list of strings, and the elements unify again.
    known(
        r#"tolist([toset(["b", "a"]), tolist(null)])"#,
        &ctx,
        json!([["a", "b"], null]),
        "list(list(string))",
    );
}

#[test]
fn a_failed_splat_in_the_branch_not_taken_has_hcls_type() {
    // Terraform: the splat whose elements fail is a tuple of dynamic
    // elements, which the other branch unifies with.
    let ctx = Context::new();
    known(
        "(true ? one([null]) : [[1], [2]][*].a)",
        &ctx,
        json!(null),
        "tuple([dynamic, dynamic])",
    );
    known(
        r#"(true ? [null] : [1, "a"][*].a)"#,
        &ctx,
        json!([null]),
        "list(dynamic)",
    );
}

#[test]
fn set_functions_need_element_types_that_unify() {
    // Terraform: "given sets must all have compatible element types" (the
    // tuple of tuples converts to a set of lists of strings).
    let ctx = Context::new();
    let src = r#"setunion(tolist([null, "a"]), concat([[], ["x"]]), [[], ["x"]])"#;
    assert!(evaluate_typed_str(src, &ctx).is_err());
    // A tuple whose element types unify only to the dynamic pseudo-type
    // converts to a list only when all are of it (Terraform: an error).
    assert!(evaluate_typed_str("tolist([[1], null])", &ctx).is_err());
}

#[test]
fn a_conditional_with_a_map_or_list_branch_converts_as_cty_unifies() {
    // Terraform 1.11.4: the object (tuple) becomes a map (list) of the type
    // its attributes (elements) unify to...
    let ctx = Context::new();
    known(
        "true ? {x = {y = 1}} : tomap({})",
        &ctx,
        json!({"x": {"y": 1}}),
        "map(object({y: number}))",
    );
    known(
        "true ? [[1]] : tolist([])",
        &ctx,
        json!([[1]]),
        "list(tuple([number]))",
    );
    known(
        "true ? {a = 1, b = \"x\"} : tomap({})",
        &ctx,
        json!({"a": "1", "b": "x"}),
        "map(string)",
    );
    // ... but where that type is the dynamic pseudo-type, cty's second
    // conversion takes the value as it was: elements of different types do
    // not make a list or a map.
    for (src, branch, kind) in [
        ("true ? [[1], [\"a\"]] : tolist([])", "true", "list"),
        ("false ? tolist([]) : [[1], [2, 3]]", "false", "list"),
        ("true ? [{a = 1}, {a = \"x\"}] : tolist([])", "true", "list"),
        ("true ? {a = [1], b = [2, 3]} : tomap({})", "true", "map"),
        (
            "true ? {a = {p = 1}, b = {q = 2}} : tomap({})",
            "true",
            "map",
        ),
    ] {
        let e = evaluate_typed_str(src, &ctx).unwrap_err();
        assert_eq!(
            e.message(),
            format!(
                "Inconsistent conditional result types: The {branch} result value has the wrong type: element types must all match for conversion to {kind}."
            ),
            "{src}"
        );
    }
    // A set is converted directly (its elements unify).
    known(
        "false ? toset([]) : [{a = 1}]",
        &ctx,
        json!([{"a": 1}]),
        "set(object({a: number}))",
    );
    // Parts not known yet take part in the element type (unknowns oracle,
    // checked with `terraform console -plan`).
    partial(
        r#"false ? toset([]) : [[local.us], ["a"]]"#,
        &unknowns(),
        json!([["a"], ["?string"]]),
        "set(tuple([string]))",
    );
}

#[test]
fn a_function_result_of_a_set_type_is_in_set_order() {
    // Terraform 1.11.4: `setproduct` with a set makes a set (ordered by
    // cty's set rules, duplicates gone).
    let ctx = Context::new();
    known(
        r#"setproduct(toset(["b", "a", "b"]), [null, 1])"#,
        &ctx,
        json!([["a", 1], ["a", null], ["b", 1], ["b", null]]),
        "set(tuple([string, number]))",
    );
    known(
        r#"setproduct(toset(["a"]), [1, 1])"#,
        &ctx,
        json!([["a", 1]]),
        "set(tuple([string, number]))",
    );
    // Tuples by cty's set-hash text, compared byte-wise ("1;10" first).
    known(
        "toset([[2, 1], [1, 10], [1, 9], [2, 1]])",
        &ctx,
        json!([[1, 10], [1, 9], [2, 1]]),
        "set(tuple([number, number]))",
    );
    known(
        "toset([1e20, 1e21, 100000000001, 100000000002])",
        &ctx,
        json!([100000000001u64, 100000000002u64, 1e20, 1e21]),
        "set(number)",
    );
}

#[test]
fn csvdecode_and_regexall_are_typed_from_their_arguments() {
    // Terraform 1.11.4: the header row and the pattern give the type, so an
    // empty result has it too; a duplicate column is found in the header
    // before a bad quote in a row.
    let ctx = Context::new();
    #[cfg(feature = "csv")]
    {
        known(
            "csvdecode(\"a,b\\n\")",
            &ctx,
            json!([]),
            "list(object({a: string, b: string}))",
        );
        known(
            "csvdecode(\"b,a\\n1,2\")",
            &ctx,
            json!([{"a": "2", "b": "1"}]),
            "list(object({a: string, b: string}))",
        );
        let e = evaluate_typed_str("csvdecode(\"a,a\\nx\\\"y\")", &ctx).unwrap_err();
        assert_eq!(
            e.message(),
            "Error in function call: Call to function \"csvdecode\" failed: duplicate column name \"a\"."
        );
    }
    #[cfg(feature = "regex")]
    {
        known(
            r#"regexall("(a)", "zzz")"#,
            &ctx,
            json!([]),
            "list(tuple([string]))",
        );
        known(
            r#"regexall("(?P<x>a)", "a a")"#,
            &ctx,
            json!([{"x": "a"}, {"x": "a"}]),
            "list(object({x: string}))",
        );
    }
    let _ = &ctx;
}

#[test]
fn refined_numbers_compare_as_cty_decides() {
    // Terraform 1.11.4 (`terraform console -plan`): a number known not to
    // be null is finite, a length is at least 0 (or its prefix's length),
    // and cty decides `<`, `<=`, `>`, `>=` and `==` only when that lower
    // bound is above the other number.
    let ctx = unknowns();
    bools(
        &ctx,
        &[
            ("local.un != 1/0", None),
            ("local.un != -1/0", None),
            ("max(1, local.un) != -1/0", Some(true)),
            ("max(1, local.un) != 1/0", Some(true)),
            ("max(1, local.un) > 0", None),
            ("max(1, local.un) == 0", None),
            ("(local.un + 1) != -1/0", Some(true)),
            ("(local.un % 5) != 7", None),
            ("(local.un % 5) < 5", None),
            ("abs(local.un) != -1", None),
            ("abs(local.un) >= 0", None),
            ("min(1, local.un) != 1/0", Some(true)),
            ("(local.un * 2) != -1/0", Some(true)),
            ("floor(local.un) != -1/0", Some(true)),
            ("signum(local.un) != 5", None),
            ("length(local.ul) != -1", Some(true)),
            ("length(local.ul) >= 0", None),
            ("(local.un - 1) != 1/0", Some(true)),
            ("(local.un / 2) != -1/0", Some(true)),
            ("max(1, local.un) != 0.5", None),
            ("length(\"pre-${local.us}\") >= 4", None),
            ("length(\"pre-${local.us}\") > 3", Some(true)),
            ("length(\"pre-${local.us}\") > 4", None),
            ("length(\"pre-${local.us}\") < 4", None),
            ("length(\"pre-${local.us}\") <= 3", Some(false)),
            ("length(\"pre-${local.us}\") == 2", Some(false)),
            ("length(\"pre-${local.us}\") != 4", None),
            ("length(local.ul) > -1", Some(true)),
            ("length(local.ul) >= 0", None),
            ("length(local.ul) < 0", None),
            ("length(local.ul) <= -1", Some(false)),
            ("length(local.ul) == -1", Some(false)),
            ("length(local.ul) <= 0", None),
            ("length(\"pre-${local.us}\") <= 4", None),
            ("length(\"pre-${local.us}\") >= 3", Some(true)),
        ],
    );
}

#[test]
fn string_results_of_unknowns_are_refined_as_terraform_refines_them() {
    // Terraform 1.11.4 (`terraform console -plan`): every string starts
    // with "", a template's known prefix decides `startswith` only when it
    // is at least as long as the prefix asked for, and `jsonencode` of a
    // value known not to be null starts with `"`, `{` or `[` by its type.
    let ctx = unknowns();
    bools(
        &ctx,
        &[
            ("startswith(jsonencode(local.uo), \"{\")", None),
            ("startswith(jsonencode(local.us), \"\\\"\")", Some(true)),
            ("startswith(jsonencode([local.un]), \"[\")", Some(true)),
            ("startswith(jsonencode({a = local.un}), \"{\")", Some(true)),
            (
                "startswith(jsonencode(tolist([local.us])), \"[\")",
                Some(true),
            ),
            ("jsonencode(local.us) == \"x\"", Some(false)),
            ("startswith(jsonencode(local.ul), \"[\")", None),
            ("startswith(jsonencode(local.ud), \"x\")", None),
            (
                "startswith(jsonencode(tomap({a = local.us})), \"{\")",
                Some(true),
            ),
            ("startswith(jsonencode(local.un + 1), \"\\\"\")", None),
            (
                "startswith(jsonencode(upper(local.usn)), \"\\\"\")",
                Some(true),
            ),
            (
                "startswith(jsonencode(\"pre-${local.us}\"), \"\\\"pre\")",
                None,
            ),
            ("startswith(local.usn, \"\")", Some(true)),
            ("startswith(\"${local.un}\", \"\")", Some(true)),
            ("startswith(\"ab${local.ud}\", \"pre\")", None),
            ("startswith(\"pre-${local.us}\", \"x\")", Some(false)),
            (
                "jsonencode(\"%{if local.ub}x%{endif}y\") != \"x\"",
                Some(true),
            ),
        ],
    );
}

#[test]
fn lengths_splats_and_collection_results_are_refined_as_terraform_refines_them() {
    // Terraform 1.11.4 (`terraform console -plan`): a length is at least 0
    // (a set of n elements, some unknown, 1 to n), nothing bounds the
    // length of a value of unknown type; a splat of a list, set or tuple is
    // not null; a result of unknown type (a `for` over an unknown, `merge`
    // of a map and an object, `concat` of a tuple and a list) may be null.
    let ctx = unknowns();
    bools(
        &ctx,
        &[
            ("length(local.ud) == null", Some(false)),
            ("length([for x in local.ul : x]) == null", Some(false)),
            ("local.ul[*] == null", Some(false)),
            ("local.uo[*] == null", None),
            ("local.ud[*] == null", None),
            ("[for x in local.ul : x] == null", None),
            ("local.um[*] == null", None),
            ("local.uset[*] == null", Some(false)),
            ("length(toset([local.us, \"a\", \"b\"])) > 1", None),
            ("length(toset([local.us, \"a\", \"b\"])) < 4", Some(true)),
            ("concat([\"a\"], local.ul) == null", None),
            ("merge({z = 1}, local.uo) == null", Some(false)),
            ("local.usn[*] == null", None),
            ("length(local.ul[*]) != -1", Some(true)),
            ("length({for k, v in local.um : k => v}) != -1", None),
            ("length(toset([local.us, \"a\"])) > 0", Some(true)),
            ("concat(local.ul, [\"x\"]) == null", None),
            ("merge(local.um, {z = 1}) == null", None),
            ("local.ut[*] == null", Some(false)),
            ("length(local.ud) != -1", None),
            ("length([for x in local.ul : x]) != -1", None),
        ],
    );
}

#[test]
fn a_conditional_on_an_unknown_is_refined_as_hcl_refines_it() {
    // Terraform 1.11.4 (`terraform console -plan`): with an unknown
    // condition, a number result lies between the branches' bounds, a
    // collection's length between theirs, and the result is not null when
    // neither branch may be.
    let ctx = unknowns();
    bools(
        &ctx,
        &[
            ("(local.ub ? \"a\" : \"b\") == null", Some(false)),
            (
                "startswith(local.ub ? \"pre-a\" : \"pre-b\", \"pre\")",
                None,
            ),
            ("(local.ub ? 1 : 2) > 0", Some(true)),
            ("(local.ub ? 1 : 2) != 5", Some(true)),
            ("length(local.ub ? [1] : [1, 2]) > 0", None),
            ("(local.ub ? \"a\" : null) == null", None),
            ("(local.ub ? local.us : \"b\") == null", Some(false)),
            ("(local.ub ? local.usn : \"b\") == null", None),
            ("length(local.ub ? \"ab\" : \"abc\") > 1", None),
            ("(local.ub ? [1] : [2]) == null", Some(false)),
            (
                "(local.ub ? tolist([\"a\"]) : tolist([\"b\", \"c\"])) == null",
                Some(false),
            ),
            (
                "length(local.ub ? tolist([\"a\"]) : tolist([\"b\", \"c\"])) > 0",
                Some(true),
            ),
            ("(local.ub ? {a = 1} : {a = 2}) == null", Some(false)),
            ("(local.ub ? local.ud : 1) == null", None),
            ("(local.ub ? 1/0 : 1) != 5", None),
            ("(!local.ub) == null", Some(false)),
            ("(local.ub && true) == null", Some(false)),
            ("(local.ub || true)", None),
            ("(local.ub && false)", None),
            ("(false && local.ub)", None),
            ("(local.ub ? length(local.ul) : 5) > -1", Some(true)),
            ("(local.ub ? 1 : local.un) > 0", None),
            ("(local.ub ? 1 : 2) < 3", Some(true)),
            ("(local.ub ? 1 : 2) <= 2", None),
            ("(local.ub ? 1 : 2) == 1.5", None),
            ("(local.ub ? 1 : 2) != 1/0", Some(true)),
            ("(local.ub ? 1/0 : 1) != 1/0", None),
            ("(local.ub ? -1/0 : 1) != -1/0", None),
            ("(local.ub ? 1 : 3) != 2", None),
            ("(local.ub ? (local.ub ? 1 : 2) : 3) > 0", Some(true)),
            ("(local.ub ? 1 : 2) == null", Some(false)),
            ("(local.ub ? 1 : tonumber(null)) > 0", None),
            ("(local.ub ? 1 : local.un + 1) != 1/0", Some(true)),
            (
                "(local.ub ? length(local.ul) : length(local.uset)) != -1",
                Some(true),
            ),
            ("(local.ub ? \"1\" : 2) > 0", None),
        ],
    );
}

#[test]
fn function_results_of_unknowns_are_null_or_not_as_terraform_says() {
    // Terraform 1.11.4 (`terraform console -plan`): `f(u) == null` for
    // each built-in given unknown arguments; most refine their result as
    // not null, `strcontains`, `yamlencode`, `timeadd`, `can`, the
    // conversions and `try` do not.
    let ctx = unknowns();
    let check = |cases: &[(&str, Option<bool>)]| bools(&ctx, cases);
    check(&[
        ("abs(local.un) == null", Some(false)),
        ("ceil(local.un) == null", Some(false)),
        ("floor(local.un) == null", Some(false)),
        ("log(local.un, 2) == null", Some(false)),
        ("max(local.un, 1) == null", Some(false)),
        ("min(1, local.un) == null", Some(false)),
        ("parseint(local.us, 10) == null", Some(false)),
        ("parseint(local.usn, 10) == null", Some(false)),
        ("pow(local.un, 2) == null", Some(false)),
        ("signum(local.un) == null", Some(false)),
        ("chomp(local.us) == null", Some(false)),
        ("chomp(local.usn) == null", Some(false)),
        ("endswith(local.us, \"x\") == null", Some(false)),
        ("endswith(local.usn, \"x\") == null", Some(false)),
        ("format(\"%s\", local.us) == null", Some(false)),
        ("format(\"%s\", local.usn) == null", Some(false)),
        ("formatlist(\"%s\", local.ul) == null", Some(false)),
        ("indent(2, local.us) == null", Some(false)),
        ("indent(2, local.usn) == null", Some(false)),
        ("join(\"-\", local.ul) == null", Some(false)),
        ("lower(local.us) == null", Some(false)),
        ("lower(local.usn) == null", Some(false)),
        ("replace(local.us, \"a\", \"b\") == null", Some(false)),
        ("replace(local.usn, \"a\", \"b\") == null", Some(false)),
        ("split(\",\", local.us) == null", Some(false)),
        ("split(\",\", local.usn) == null", Some(false)),
        ("strcontains(local.us, \"a\") == null", None),
        ("strcontains(local.usn, \"a\") == null", None),
        ("strrev(local.us) == null", Some(false)),
        ("strrev(local.usn) == null", Some(false)),
        ("substr(local.us, 0, 1) == null", Some(false)),
        ("substr(local.usn, 0, 1) == null", Some(false)),
        ("title(local.us) == null", Some(false)),
        ("title(local.usn) == null", Some(false)),
        ("trim(local.us, \" \") == null", Some(false)),
        ("trim(local.usn, \" \") == null", Some(false)),
        ("trimprefix(local.us, \"a\") == null", Some(false)),
        ("trimprefix(local.usn, \"a\") == null", Some(false)),
        ("trimsuffix(local.us, \"a\") == null", Some(false)),
        ("trimsuffix(local.usn, \"a\") == null", Some(false)),
        ("trimspace(local.us) == null", Some(false)),
        ("trimspace(local.usn) == null", Some(false)),
        ("upper(local.us) == null", Some(false)),
        ("upper(local.usn) == null", Some(false)),
        ("alltrue(local.ul) == null", Some(false)),
        ("anytrue(local.ul) == null", Some(false)),
        ("chunklist(local.ul, 2) == null", Some(false)),
        ("coalesce(local.usn, \"d\") == null", Some(false)),
        ("coalescelist(local.ul, [\"a\"]) == null", None),
        ("compact(local.ul) == null", Some(false)),
        ("concat(local.ul, [\"a\"]) == null", None),
        ("contains(local.ul, \"a\") == null", Some(false)),
        ("distinct(local.ul) == null", Some(false)),
        ("element(local.ul, 0) == null", None),
        ("flatten([local.ul]) == null", None),
        ("index(local.ul, \"a\") == null", Some(false)),
        ("keys(local.um) == null", Some(false)),
        ("length(local.ul) == null", Some(false)),
        ("lookup(local.um, \"a\", 1) == null", None),
        (
            "matchkeys(local.ul, local.ul, [\"a\"]) == null",
            Some(false),
        ),
        ("merge(local.um, {a = 1}) == null", None),
        ("one(local.ul) == null", None),
        ("range(local.un) == null", Some(false)),
        ("reverse(local.ul) == null", Some(false)),
        ("setintersection(local.uset, [\"a\"]) == null", Some(false)),
        ("setproduct(local.ul, [\"a\"]) == null", Some(false)),
        ("setsubtract(local.uset, [\"a\"]) == null", Some(false)),
        ("setunion(local.uset, [\"a\"]) == null", Some(false)),
        ("slice(local.ul, 0, 1) == null", Some(false)),
        ("sort(local.ul) == null", Some(false)),
        ("sum([local.un]) == null", Some(false)),
        ("transpose({a = local.ul}) == null", Some(false)),
        ("values(local.um) == null", Some(false)),
        ("zipmap(local.ul, local.ul) == null", Some(false)),
        ("jsonencode(local.us) == null", Some(false)),
        ("jsonencode(local.usn) == null", Some(false)),
        ("urlencode(local.us) == null", Some(false)),
        ("urlencode(local.usn) == null", Some(false)),
        ("yamlencode(local.us) == null", None),
        ("yamlencode(local.usn) == null", None),
        ("cidrhost(local.us, 1) == null", Some(false)),
        ("cidrhost(local.usn, 1) == null", Some(false)),
        ("cidrnetmask(local.us) == null", Some(false)),
        ("cidrnetmask(local.usn) == null", Some(false)),
        ("cidrsubnet(local.us, 8, 1) == null", Some(false)),
        ("cidrsubnet(local.usn, 8, 1) == null", Some(false)),
        ("cidrsubnets(local.us, 8) == null", Some(false)),
        ("cidrsubnets(local.usn, 8) == null", Some(false)),
        ("can(local.us) == null", None),
        ("can(local.usn) == null", None),
        ("tobool(local.ub) == null", None),
        ("tolist(local.uset) == null", None),
        ("tomap(local.um) == null", None),
        ("tonumber(local.un) == null", None),
        ("toset(local.ul) == null", None),
        ("tostring(local.us) == null", None),
        ("tostring(local.usn) == null", None),
        ("try(local.us) == null", None),
        ("try(local.usn) == null", None),
    ]);
    #[cfg(feature = "regex")]
    check(&[
        ("regex(\"a\", local.us) == null", Some(false)),
        ("regex(\"a\", local.usn) == null", Some(false)),
        ("regexall(\"a\", local.us) == null", Some(false)),
        ("regexall(\"a\", local.usn) == null", Some(false)),
    ]);
    #[cfg(feature = "base64")]
    check(&[
        ("base64decode(local.us) == null", Some(false)),
        ("base64decode(local.usn) == null", Some(false)),
        ("base64encode(local.us) == null", Some(false)),
        ("base64encode(local.usn) == null", Some(false)),
    ]);
    #[cfg(feature = "gzip")]
    check(&[
        ("base64gzip(local.us) == null", Some(false)),
        ("base64gzip(local.usn) == null", Some(false)),
    ]);
    #[cfg(feature = "csv")]
    check(&[
        ("csvdecode(local.us) == null", None),
        ("csvdecode(local.usn) == null", None),
    ]);
    #[cfg(feature = "json")]
    check(&[
        ("jsondecode(local.us) == null", None),
        ("jsondecode(local.usn) == null", None),
    ]);
    #[cfg(feature = "yaml")]
    check(&[
        ("yamldecode(local.us) == null", None),
        ("yamldecode(local.usn) == null", None),
    ]);
    #[cfg(feature = "textencoding")]
    check(&[
        ("textencodebase64(local.us, \"UTF-8\") == null", Some(false)),
        (
            "textencodebase64(local.usn, \"UTF-8\") == null",
            Some(false),
        ),
        ("textdecodebase64(local.us, \"UTF-8\") == null", Some(false)),
        (
            "textdecodebase64(local.usn, \"UTF-8\") == null",
            Some(false),
        ),
    ]);
    #[cfg(feature = "datetime")]
    check(&[
        ("formatdate(\"YYYY\", local.us) == null", Some(false)),
        ("formatdate(\"YYYY\", local.usn) == null", Some(false)),
        ("timeadd(local.us, \"1h\") == null", None),
        ("timeadd(local.usn, \"1h\") == null", None),
        (
            "timecmp(local.us, \"2020-01-01T00:00:00Z\") == null",
            Some(false),
        ),
        (
            "timecmp(local.usn, \"2020-01-01T00:00:00Z\") == null",
            Some(false),
        ),
    ]);
    #[cfg(feature = "hash")]
    check(&[
        ("base64sha256(local.us) == null", Some(false)),
        ("base64sha256(local.usn) == null", Some(false)),
        ("md5(local.us) == null", Some(false)),
        ("md5(local.usn) == null", Some(false)),
        ("sha1(local.us) == null", Some(false)),
        ("sha1(local.usn) == null", Some(false)),
        ("sha256(local.us) == null", Some(false)),
        ("sha256(local.usn) == null", Some(false)),
        ("uuidv5(\"dns\", local.us) == null", Some(false)),
        ("uuidv5(\"dns\", local.usn) == null", Some(false)),
    ]);
}

#[test]
fn index_contains_matchkeys_and_one_look_at_the_known_elements() {
    // Terraform 1.11.4 (`terraform console -plan`): over a collection
    // holding unknowns, `index` and `contains` compare element by element
    // (an element that may be equal decides nothing), `matchkeys` checks
    // its types and known lengths, `one` refuses a list of known length
    // above 1.
    let ctx = unknowns();
    for (src, value, ty) in [
        (
            "contains([local.us, \"b\", \"a\"], \"a\")",
            json!(true),
            "bool",
        ),
        (
            "matchkeys([\"v1\", \"v2\"], [1, 2], [\"a\"])",
            json!([]),
            "list(string)",
        ),
        ("contains(tolist([local.us]), 1)", json!(false), "bool"),
        (
            "matchkeys([\"v1\", \"v2\"], [1, 2], [\"a\"])",
            json!([]),
            "list(string)",
        ),
        ("contains([\"a\", local.us], \"a\")", json!(true), "bool"),
        ("contains(toset([local.us]), 1)", json!(false), "bool"),
        ("contains([], 1)", json!(false), "bool"),
        (
            "contains([local.us, \"b\", \"a\"], \"a\")",
            json!(true),
            "bool",
        ),
        ("contains([\"x\"], \"a\")", json!(false), "bool"),
        ("contains([\"a\", local.us], \"a\")", json!(true), "bool"),
        (
            "contains([[local.us], [\"b\"]], \"a\")",
            json!(false),
            "bool",
        ),
        ("index([\"a\", local.us], \"a\")", json!(0), "number"),
        ("index([\"a\", local.us], \"a\")", json!(0), "number"),
        (
            "matchkeys([\"v1\", \"v2\"], [1, 2], [\"a\"])",
            json!([]),
            "list(string)",
        ),
        ("contains(tolist([local.us]), 1)", json!(false), "bool"),
        ("contains([1, 2], 1)", json!(true), "bool"),
        (
            "matchkeys([\"v1\", \"v2\"], [1, 2], [\"a\"])",
            json!([]),
            "list(string)",
        ),
        (
            "contains(tolist([local.us, \"a\"]), \"a\")",
            json!(true),
            "bool",
        ),
        ("contains([\"a\", local.us], \"a\")", json!(true), "bool"),
        ("contains([local.ul, [\"a\"]], \"a\")", json!(false), "bool"),
        (
            "contains([local.us, \"b\", \"a\"], \"a\")",
            json!(true),
            "bool",
        ),
        ("contains([], \"a\")", json!(false), "bool"),
        ("contains([local.ub, true], \"a\")", json!(false), "bool"),
        ("contains(tolist([local.us]), 1)", json!(false), "bool"),
        ("contains([local.ul, [\"a\"]], \"a\")", json!(false), "bool"),
        ("one([\"x\"])", json!("x"), "string"),
        ("contains([1, 2], \"a\")", json!(false), "bool"),
    ] {
        known(src, &ctx, value, ty);
    }
    for (src, ty) in [
        ("index([local.us, \"b\", \"a\"], \"a\")", "number"),
        (
            "matchkeys([\"v1\", \"v2\"], tolist([local.un, 2]), [\"a\"])",
            "list(string)",
        ),
        ("index([null, local.us], \"a\")", "number"),
        (
            "matchkeys([\"v1\", \"v2\"], tolist([local.un, 2]), [\"a\"])",
            "list(string)",
        ),
        ("contains(tolist([local.us]), \"a\")", "bool"),
        ("contains([local.ud, \"a\"], 1)", "bool"),
        (
            "matchkeys([\"v1\", \"v2\"], [local.ub, true], [\"a\"])",
            "list(string)",
        ),
        ("one(toset([local.us]))", "string"),
        ("contains(tolist([local.un, 2]), 1)", "bool"),
        (
            "matchkeys([\"v1\", \"v2\"], tolist([local.us, \"a\"]), [\"a\"])",
            "list(string)",
        ),
        (
            "matchkeys([\"v1\", \"v2\"], [local.un, 1], [\"a\"])",
            "list(string)",
        ),
        (
            "matchkeys([\"v1\", \"v2\"], toset([local.us, \"a\"]), [\"a\"])",
            "list(string)",
        ),
        (
            "matchkeys([\"v1\", \"v2\"], toset([local.us, \"a\"]), [\"a\"])",
            "list(string)",
        ),
        ("index([local.us, \"b\", \"a\"], \"a\")", "number"),
        (
            "matchkeys([\"v1\", \"v2\"], [\"a\", local.us], [\"a\"])",
            "list(string)",
        ),
        ("contains(tolist([local.un, 2]), 1)", "bool"),
        ("contains(toset([local.us]), \"a\")", "bool"),
    ] {
        unknown(src, &ctx, ty);
    }
    refused(
        &ctx,
        &[
        ("matchkeys([\"v1\", \"v2\"], [[local.us], [\"b\"]], [\"a\"])", "Error in function call: Call to function \"matchkeys\" failed: keys and searchset must be of the same type."),
        ("index([local.un, 1], \"a\")", "Error in function call: Call to function \"index\" failed: item not found."),
        ("index([1, 2], \"a\")", "Error in function call: Call to function \"index\" failed: item not found."),
        ("one([local.ub, true])", "Invalid function argument: Invalid value for \"list\" parameter: must be a list, set, or tuple value with either zero or one elements."),
        ("matchkeys([\"v1\", \"v2\"], {a = local.un, b = 2}, [\"a\"])", "Invalid function argument: Invalid value for \"keys\" parameter: list of any single type required."),
        ("index({a = local.un, b = 2}, \"a\")", "Error in function call: Call to function \"index\" failed: argument must be a list or tuple."),
        ("contains({a = local.us, b = \"c\"}, \"a\")", "Error in function call: Call to function \"contains\" failed: argument must be list, tuple, or set."),
        ("one([1, 2])", "Invalid function argument: Invalid value for \"list\" parameter: must be a list, set, or tuple value with either zero or one elements."),
        ("index([[local.us], [\"b\"]], \"a\")", "Error in function call: Call to function \"index\" failed: item not found."),
        ("matchkeys([\"v1\", \"v2\"], [], [\"a\"])", "Error in function call: Call to function \"matchkeys\" failed: length of keys and values should be equal."),
        ("matchkeys([\"v1\", \"v2\"], [{a = local.us}, {a = \"b\"}], [\"a\"])", "Error in function call: Call to function \"matchkeys\" failed: keys and searchset must be of the same type."),
        ("one([\"a\", local.us])", "Invalid function argument: Invalid value for \"list\" parameter: must be a list, set, or tuple value with either zero or one elements."),
        ("one(tolist([local.us, \"a\"]))", "Invalid function argument: Invalid value for \"list\" parameter: must be a list, set, or tuple value with either zero or one elements."),
        ("matchkeys([\"v1\", \"v2\"], [local.ul, [\"a\"]], [\"a\"])", "Error in function call: Call to function \"matchkeys\" failed: keys and searchset must be of the same type."),
        ("one([local.ud, \"a\"])", "Invalid function argument: Invalid value for \"list\" parameter: must be a list, set, or tuple value with either zero or one elements."),
        ("contains({a = local.un, b = 2}, \"a\")", "Error in function call: Call to function \"contains\" failed: argument must be list, tuple, or set."),
        ("matchkeys([\"v1\", \"v2\"], toset([local.us]), [\"a\"])", "Error in function call: Call to function \"matchkeys\" failed: length of keys and values should be equal."),
        ("contains({a = local.un, b = 2}, 1)", "Error in function call: Call to function \"contains\" failed: argument must be list, tuple, or set."),
        ("contains({a = local.us, b = \"c\"}, \"a\")", "Error in function call: Call to function \"contains\" failed: argument must be list, tuple, or set."),
        ("index([{a = local.us}, {a = \"b\"}], \"a\")", "Error in function call: Call to function \"index\" failed: item not found."),
        ("matchkeys([\"v1\", \"v2\"], [local.ul, [\"a\"]], [\"a\"])", "Error in function call: Call to function \"matchkeys\" failed: keys and searchset must be of the same type."),
        ("index(toset([local.us, \"a\"]), \"a\")", "Error in function call: Call to function \"index\" failed: argument must be a list or tuple."),
        ("index(toset([local.us]), \"a\")", "Error in function call: Call to function \"index\" failed: argument must be a list or tuple."),
        ("one({a = local.us, b = \"c\"})", "Invalid function argument: Invalid value for \"list\" parameter: must be a list, set, or tuple value with either zero or one elements."),
        ("index(tolist([local.un, 2]), \"a\")", "Error in function call: Call to function \"index\" failed: item not found."),
        ],
    );
}

#[test]
fn anytrue_and_alltrue_refuse_a_known_non_bool_beside_unknowns() {
    // Terraform 1.11.4 (`terraform console -plan`): the list converts to
    // list(bool) before any value is looked at.
    let ctx = unknowns();
    refused(
        &ctx,
        &[
        (
            "anytrue([local.us, \"b\", \"a\"])",
            "Invalid function argument: Invalid value for \"list\" parameter: a bool is required.",
        ),
        (
            "anytrue(tolist([local.us, \"a\"]))",
            "Invalid function argument: Invalid value for \"list\" parameter: a bool is required.",
        ),
        (
            "alltrue(tolist([local.us, \"a\"]))",
            "Invalid function argument: Invalid value for \"list\" parameter: a bool is required.",
        ),
        (
            "alltrue([local.us, \"b\", \"a\"])",
            "Invalid function argument: Invalid value for \"list\" parameter: a bool is required.",
        ),
        (
            "alltrue([\"a\", local.us])",
            "Invalid function argument: Invalid value for \"list\" parameter: a bool is required.",
        ),
        (
            "anytrue([local.ud, \"a\"])",
            "Invalid function argument: Invalid value for \"list\" parameter: a bool is required.",
        ),
        ],
    );
}

#[test]
fn a_set_of_unknown_length_converts_to_an_unknown_list() {
    // Terraform 1.11.4 (`terraform console -plan`): a set holding an
    // unknown beside other elements may be shorter than it looks (the
    // unknown may equal one of them), so cty converts it to a wholly
    // unknown list; a set of one element keeps its length, and `reverse`
    // and `for` read a set in its order whatever its length.
    let ctx = unknowns();
    for (src, ty) in [
        ("tolist(toset([\"a\", local.us]))", "list(string)"),
        (
            "tolist(toset([[\"a\"], [local.us]]))",
            "list(tuple([string]))",
        ),
        ("tolist(toset([local.us, local.usn]))", "list(string)"),
        ("tolist(toset([null, local.us]))", "list(string)"),
        (
            "slice(tolist(toset([\"a\", local.us])), 0, 1)",
            "list(string)",
        ),
        ("sort(toset([\"a\", local.us]))", "list(string)"),
        (
            "formatlist(\"%s!\", toset([\"a\", local.us]))",
            "list(string)",
        ),
        (
            "formatlist(\"%s-%s\", toset([\"a\", local.us]), [\"x\", \"y\"])",
            "list(string)",
        ),
        ("flatten([toset([\"a\", local.us])])", "dynamic"),
        ("length(tolist(toset([\"a\", local.us])))", "number"),
        ("join(\"-\", tolist(toset([\"a\", local.us])))", "string"),
    ] {
        unknown(src, &ctx, ty);
    }
    bools(
        &ctx,
        &[
            ("anytrue(toset([true, local.ub]))", None),
            ("alltrue(toset([false, local.ub]))", None),
            ("tolist(toset([\"a\", local.us])) == null", None),
            ("alltrue(toset([true]))", Some(true)),
        ],
    );
    partial(
        "tolist(toset([local.us]))",
        &ctx,
        json!(["?string"]),
        "list(string)",
    );
    partial(
        "sort(toset([local.us]))",
        &ctx,
        json!(["?string"]),
        "list(string)",
    );
    partial(
        "reverse(toset([\"a\", local.us]))",
        &ctx,
        json!(["?string", "a"]),
        "list(string)",
    );
    partial(
        "reverse(toset([\"b\", \"a\", local.us]))",
        &ctx,
        json!(["?string", "b", "a"]),
        "list(string)",
    );
    partial(
        "[for x in toset([\"a\", local.us]) : x]",
        &ctx,
        json!(["a", "?string"]),
        "tuple([string, string])",
    );
}

#[test]
fn a_set_of_unknown_length_fails_a_list_parameter_of_another_element_type() {
    // Terraform 1.11.4 (`terraform console -plan`): the unknown list the
    // set converts to keeps the set's element type, which the call then
    // refuses; cty names `join`'s list by its position among the variadic
    // arguments, as the parameter before it.
    let ctx = unknowns();
    refused(
        &ctx,
        &[
        (
            "sort(toset([1, local.un]))",
            "Invalid function argument: Invalid value for \"list\" parameter: string required, but received number.",
        ),
        (
            "compact(toset([1, local.un]))",
            "Invalid function argument: Invalid value for \"list\" parameter: string required, but received number.",
        ),
        (
            "anytrue(toset([\"true\", local.us]))",
            "Invalid function argument: Invalid value for \"list\" parameter: bool required, but received string.",
        ),
        (
            "join(\",\", toset([1, local.un]))",
            "Invalid function argument: Invalid value for \"separator\" parameter: string required, but received number.",
        ),
        (
            "anytrue(toset([1, local.un]))",
            "Invalid function argument: Invalid value for \"list\" parameter: incorrect list element type: bool required.",
        ),
        (
            "setunion(toset([[\"true\"]]), local.ul)",
            "Error in function call: Call to function \"setunion\" failed: given sets must all have compatible element types.",
        ),
        (
            "lookup(local.um, \"k0\", \"d\")",
            "Invalid function argument: Invalid value for \"default\" parameter: the default value must have the same type as the map elements.",
        ),
        ],
    );
    // A known string that converts to the deciding bool decides.
    bools(
        &ctx,
        &[
            ("anytrue(tolist([\"true\", local.us]))", Some(true)),
            ("anytrue(tolist([1, \"1\", local.us]))", Some(true)),
            ("alltrue([\"false\", local.ub])", Some(false)),
            ("anytrue(toset([true, null, local.ub]))", None),
        ],
    );
    // The set functions' element types unify with those of unknowns; a
    // `concat` is unknown from its first unknown list on.
    for (src, ty) in [
        (
            "setsubtract([[\"a\"], toset([local.us])], [])",
            "set(set(string))",
        ),
        (
            "setsubtract([[\"a\", 1], [local.us]], [])",
            "set(list(string))",
        ),
        (
            "setsubtract([{a = 1}, {b = local.us}], [])",
            "set(map(string))",
        ),
        ("concat(local.ul, {})", "dynamic"),
        ("distinct(toset([1, local.un]))", "list(number)"),
    ] {
        unknown(src, &ctx, ty);
    }
}

#[cfg(feature = "regex")]
#[test]
fn regex_types_its_result_by_the_pattern() {
    // Terraform 1.11.4 (type() in terraform console): a group that matched
    // nothing is a null string.
    let ctx = Context::new();
    known(
        "regex(\"(a)(b)?\", \"a\")",
        &ctx,
        json!(["a", null]),
        "tuple([string, string])",
    );
    known(
        "regex(\"(?P<w>\\\\w+)\", \"x\")",
        &ctx,
        json!({"w": "x"}),
        "object({w: string})",
    );
    known("regex(\"b\", \"abc\")", &ctx, json!("b"), "string");
}
