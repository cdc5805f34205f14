//! Terraform's variable semantics: default, nullable and `-var` values
//! (expected results from Terraform 1.11.4, the oracle's `typeexpr.json`).

use hcl::typeexpr::{constant, Variable};
use hcl::{TypeConstraint, Value};

fn var(constraint: &str, default: Option<&str>, nullable: bool) -> hcl::Result<Variable> {
    let default = default.map(|d| constant(d).unwrap());
    Variable::new(
        TypeConstraint::parse(constraint).unwrap(),
        default,
        nullable,
    )
}

#[test]
fn raw_values_are_literal_strings_for_primitive_types() {
    let s = var("string", None, true).unwrap();
    assert_eq!(
        s.value(Some(s.parse_raw("null").unwrap())).unwrap().value(),
        &Value::from("null")
    );
    let n = var("number", None, true).unwrap();
    assert_eq!(
        n.value(Some(n.parse_raw("5").unwrap())).unwrap().value(),
        &Value::from(5)
    );
    let a = var("any", None, true).unwrap();
    let t = a.value(Some(a.parse_raw("[1, \"a\"]").unwrap())).unwrap();
    assert_eq!(t.ty().to_string(), "tuple([number, string])");
    assert!(a.parse_raw("hello").is_err());
}

#[test]
fn the_value_overrides_the_default() {
    let v = var("map(number)", Some("{a = 1}"), true).unwrap();
    let t = v.value(Some(v.parse_raw("{b = \"2\"}").unwrap())).unwrap();
    assert_eq!(
        t.value(),
        &hcl::typeexpr::constant("{b = 2}").unwrap().into_value()
    );
    assert_eq!(
        v.value(None).unwrap().value(),
        &hcl::typeexpr::constant("{a = 1}").unwrap().into_value()
    );
}

#[test]
fn nullable() {
    // A null given to a nullable variable is null, even with a default.
    let v = var("list(string)", Some("[\"d\"]"), true).unwrap();
    let t = v.value(Some(v.parse_raw("null").unwrap())).unwrap();
    assert_eq!(
        (t.value(), t.ty().to_string().as_str()),
        (&Value::Null, "list(string)")
    );
    // Not nullable: the default takes its place.
    let v = var("list(string)", Some("[\"d\"]"), false).unwrap();
    let t = v.value(Some(v.parse_raw("null").unwrap())).unwrap();
    assert_eq!(t.value(), &Value::from(vec!["d"]));
    // A null default is refused when the variable is not nullable.
    assert!(var("string", Some("null"), false).is_err());
}

#[test]
fn errors() {
    let e = var("number", Some("\"0x1\""), true).unwrap_err();
    assert!(
        e.message().contains("a number is required"),
        "{}",
        e.message()
    );
    let v = var("object({a = string, b = optional(number, 1)})", None, true).unwrap();
    let e = v.value(Some(v.parse_raw("{b = 2}").unwrap())).unwrap_err();
    assert!(
        e.message().contains("attribute \"a\" is required"),
        "{}",
        e.message()
    );
    assert!(var("string", None, true).unwrap().value(None).is_err());
    assert!(constant("local.x").is_err());
}
