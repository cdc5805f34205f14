//! Converting values to type constraints as Terraform 1.11 converts a
//! variable's value (expected values from Terraform, see the oracle's
//! `typeexpr.json` and the Terraform-checked notes of `go_typeexpr.json`).

use hcl::eval::{evaluate_typed_str, Context};
use hcl::TypeConstraint;

/// The converted value and its type.
fn conv(constraint: &str, value: &str) -> Result<(hcl::Value, String), String> {
    let c = TypeConstraint::parse(constraint).unwrap();
    let v = evaluate_typed_str(value, &Context::new()).unwrap();
    c.convert_typed(v)
        .map(|t| (t.value().clone(), t.ty().to_string()))
        .map_err(|e| e.message().to_owned())
}

/// `expect` is the expected value written in HCL (as Terraform's console
/// shows it), `ty` its type as `type()` prints it.
fn ok(constraint: &str, value: &str, expect: &str, ty: &str) {
    let expect = hcl::eval::evaluate_str(expect, &Context::new()).unwrap();
    assert_eq!(
        conv(constraint, value),
        Ok((expect, ty.to_owned())),
        "{constraint} <- {value}"
    );
}

#[test]
fn primitives() {
    ok("string", "5", "\"5\"", "string");
    ok("number", "\"1e3\"", "1000", "number");
    ok("bool", "\"false\"", "false", "bool");
    ok("string", "null", "null", "string");
    assert_eq!(
        conv("number", "\" 5\"").unwrap_err(),
        "a number is required"
    );
    assert_eq!(conv("number", "true").unwrap_err(), "number required");
    assert_eq!(conv("bool", "\"yes\"").unwrap_err(), "a bool is required");
    assert_eq!(conv("string", "[1]").unwrap_err(), "string required");
}

#[test]
fn collections_and_any() {
    ok(
        "list(string)",
        "[\"a\", 1, true]",
        "[\"a\", \"1\", \"true\"]",
        "list(string)",
    );
    ok(
        "set(number)",
        "[3, 1, \"2\", \"1\"]",
        "[1, 2, 3]",
        "set(number)",
    );
    ok(
        "map(number)",
        "{z = 1, a = 2, M = 3}",
        "{\n  M = 3\n  a = 2\n  z = 1\n}",
        "map(number)",
    );
    ok("list(any)", "[1, \"a\"]", "[\"1\", \"a\"]", "list(string)");
    ok(
        "list(any)",
        "[{a = 1}, {a = \"x\", b = 2}]",
        "[{\n  a = \"1\"\n}, {\n  a = \"x\"\n  b = \"2\"\n}]",
        "list(map(string))",
    );
    ok("list(any)", "[]", "[]", "list(dynamic)");
    ok("list(any)", "[null, 1]", "[null, 1]", "list(number)");
    ok("set(any)", "[1, \"1\"]", "[\"1\"]", "set(string)");
    ok(
        "any",
        "{a = [1, \"x\"]}",
        "{\n  a = [1, \"x\"]\n}",
        "object({a: tuple([number, string])})",
    );
    assert_eq!(
        conv("list(any)", "[1, true]").unwrap_err(),
        "all list elements must have the same type"
    );
}

#[test]
fn objects_drop_extra_attributes_and_require_the_rest() {
    ok(
        "object({a = string})",
        "{a = \"x\", b = 1}",
        "{\n  a = \"x\"\n}",
        "object({a: string})",
    );
    assert_eq!(
        conv(
            "object({a = object({b = number, c = number})})",
            "{a = {b = 1}}"
        )
        .unwrap_err(),
        "a: attribute \"c\" is required"
    );
}

#[test]
fn errors_name_the_path() {
    assert_eq!(
        conv(
            "list(object({port = number}))",
            "[{port = 80}, {port = \"http\"}]"
        )
        .unwrap_err(),
        "[1].port: a number is required"
    );
    assert_eq!(
        conv("list(list(number))", "[[1], [2, \"x\"]]").unwrap_err(),
        "[1][1]: a number is required"
    );
    assert_eq!(
        conv("map(string)", "{a = [1]}").unwrap_err(),
        "[\"a\"]: string required"
    );
}

#[test]
fn optional_defaults() {
    ok(
        "object({a = optional(string)})",
        "{}",
        "{\n  a = null\n}",
        "object({a: string})",
    );
    ok(
        "object({a = optional(string, \"x\")})",
        "{a = null}",
        "{\n  a = \"x\"\n}",
        "object({a: string})",
    );
    ok(
        "object({a = optional(string, \"d\")})",
        "{a = \"\"}",
        "{\n  a = \"\"\n}",
        "object({a: string})",
    );
    ok(
        "list(object({a = optional(number, 3)}))",
        "[{}, {a = 1}, {a = null}]",
        "[{\n  a = 3\n}, {\n  a = 1\n}, {\n  a = 3\n}]",
        "list(object({a: number}))",
    );
    ok(
        "object({a = optional(object({b = optional(object({c = optional(string, \"deep\")}), {})}), {})})",
        "{a = {b = null}}",
        "{\n  a = {\n    b = {\n      c = \"deep\"\n    }\n  }\n}",
        "object({a: object({b: object({c: string})})})",
    );
    // Without an outer default, an absent object stays null.
    ok(
        "object({a = optional(object({b = optional(string, \"x\")}))})",
        "{}",
        "{\n  a = null\n}",
        "object({a: object({b: string})})",
    );
    // A map given for an object constraint gets its defaults.
    ok(
        "object({a = optional(string, \"x\"), b = optional(string)})",
        "tomap({b = \"q\"})",
        "{\n  a = \"x\"\n  b = \"q\"\n}",
        "object({a: string, b: string})",
    );
}

// Where hcl v2.14.1 differs from Terraform 1.11.4, Terraform's results
// (the oracle's notes, checked with Terraform).

#[test]
fn a_null_object_stays_null() {
    ok(
        "object({a = optional(string, \"x\")})",
        "true ? null : {a = \"q\"}",
        "null",
        "object({a: string})",
    );
}

#[test]
fn defaults_that_change_the_element_type() {
    ok(
        "list(object({a = optional(number, 1)}))",
        "true ? [{a = \"5\"}, {a = null}] : []",
        "[{\n  a = 5\n}, {\n  a = 1\n}]",
        "list(object({a: number}))",
    );
}

#[test]
fn unknown_values_stay_unknown_of_the_constraint_type() {
    let mut ctx = Context::new();
    ctx.declare_unknown("u", hcl::Type::Dynamic, false);
    let c = TypeConstraint::parse("list(string)").unwrap();
    let t = c
        .convert_typed(evaluate_typed_str("u", &ctx).unwrap())
        .unwrap();
    assert!(t.is_unknown());
    assert_eq!(t.ty().to_string(), "list(string)");
    let t = c
        .convert_typed(evaluate_typed_str("[u, 1]", &ctx).unwrap())
        .unwrap();
    assert!(!t.is_known() && !t.is_unknown());
    assert_eq!(t.ty().to_string(), "list(string)");
}

#[test]
fn a_set_of_unknown_length_becomes_an_unknown_list() {
    // The conversion is `tolist`'s (Terraform 1.11.4 gives an unknown
    // list(string) for `tolist(toset(["a", u]))`; cty's
    // conversionCollectionToList gives up on a set whose length is not
    // known); a set of one unknown keeps its length.
    let mut ctx = Context::new();
    ctx.declare_unknown("u", hcl::Type::String, true);
    let c = TypeConstraint::parse("list(string)").unwrap();
    let t = c
        .convert_typed(evaluate_typed_str("toset([\"a\", u])", &ctx).unwrap())
        .unwrap();
    assert!(t.is_unknown());
    assert_eq!(t.ty().to_string(), "list(string)");
    let t = c
        .convert_typed(evaluate_typed_str("toset([u])", &ctx).unwrap())
        .unwrap();
    assert!(!t.is_known() && !t.is_unknown());
    assert_eq!(t.ty().to_string(), "list(string)");
}

/// Terraform 1.11.4 (`terraform validate`) accepts `var.c ? null : { name
/// = "a" }`, with `var.c` unknown, for a module variable of type
/// `object({ name = optional(string), id = optional(string) })`: an
/// unknown object converts where the attributes it lacks are optional.
#[test]
fn an_unknown_object_converts_where_its_missing_attributes_are_optional() {
    let c =
        hcl::TypeConstraint::parse("object({ name = optional(string), id = optional(string) })")
            .unwrap();
    let given = hcl::eval::Typed::unknown(hcl::Type::object([("name", hcl::Type::String)]));
    let t = c.convert_typed(given).unwrap();
    assert!(t.is_unknown());
    assert_eq!(t.ty().to_string(), "object({id: string, name: string})");
    let required = hcl::TypeConstraint::parse("object({ name = string, id = string })").unwrap();
    let given = hcl::eval::Typed::unknown(hcl::Type::object([("name", hcl::Type::String)]));
    assert!(required.convert_typed(given).is_err());
    let lists = hcl::TypeConstraint::parse("list(object({ a = optional(number) }))").unwrap();
    let given = hcl::eval::Typed::unknown(hcl::Type::list(hcl::Type::object::<&str>([])));
    assert!(lists.convert_typed(given).is_ok());
}
