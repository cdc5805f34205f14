//! Parsing type constraints: Terraform's type syntax plus `optional()`
//! (expected results from Terraform 1.11.4, see the oracle's
//! `typeexpr.json`, and from the native syntax of type expressions).

use hcl::{Type, TypeConstraint, Value};

fn parse(s: &str) -> TypeConstraint {
    TypeConstraint::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

#[test]
fn keywords_and_constructors() {
    assert_eq!(parse("any"), TypeConstraint::Any);
    assert_eq!(parse("string"), TypeConstraint::String);
    assert_eq!(
        parse("list(map(number))"),
        TypeConstraint::List(Box::new(TypeConstraint::Map(Box::new(
            TypeConstraint::Number
        ))))
    );
    // The legacy bare `list` is `list(any)` in Terraform.
    assert_eq!(
        parse("list"),
        TypeConstraint::List(Box::new(TypeConstraint::Any))
    );
    // `object({a: string})` is accepted as `object({a = string})`.
    assert_eq!(parse("object({a: string})"), parse("object({a = string})"));
}

#[test]
fn optional_attributes_at_any_depth() {
    let c =
        parse("list(object({a = optional(object({b = optional(number, 1)}), {}), c = string}))");
    let TypeConstraint::List(inner) = &c else {
        panic!()
    };
    let TypeConstraint::Object(attrs) = &**inner else {
        panic!()
    };
    assert!(attrs["a"].optional);
    assert!(!attrs["c"].optional);
    // The default `{}` is converted to the attribute's constraint, inner
    // defaults included.
    let mut expect = hcl::Map::new();
    expect.insert("b", Value::from(1));
    assert_eq!(attrs["a"].default, Some(Value::Object(expect)));
    assert_eq!(
        c.ty(),
        Type::parse("list(object({a = object({b = number}), c = string}))").unwrap()
    );
}

#[test]
fn defaults_are_converted_when_parsed() {
    // optional(number, "7") gives 7; a set default is deduplicated.
    assert_eq!(
        parse("object({a = optional(number, \"7\")})").to_string(),
        "object({a = optional(number, 7)})"
    );
    assert_eq!(
        parse("object({a = optional(set(string), [\"b\", \"a\", \"b\"])})").to_string(),
        "object({a = optional(set(string), [\"a\", \"b\"])})"
    );
}

#[test]
fn display_round_trips() {
    for s in [
        "any",
        "list(string)",
        "tuple([string, number])",
        "object({a = optional(string), b = map(bool)})",
        "object({a = optional(list(string), [\"x\"])})",
    ] {
        assert_eq!(parse(s).to_string(), s);
        assert_eq!(parse(&parse(s).to_string()), parse(s));
    }
}

#[test]
fn errors_with_position() {
    for (src, needle, column) in [
        (
            "optional(string)",
            "valid only as a modifier for object type attributes",
            1,
        ),
        ("map(optional(string))", "valid only as a modifier", 5),
        ("tuple([optional(string)])", "valid only as a modifier", 8),
        (
            "object({a = optional()})",
            "requires the attribute type",
            13,
        ),
        (
            "object({a = optional(string, \"x\", \"y\")})",
            "at most two arguments",
            13,
        ),
        (
            "object({a = optional(number, \"x\")})",
            "invalid default value for optional attribute",
            30,
        ),
        ("object({a = number, a = string})", "must be unique", 21),
        ("object({\"a\" = string})", "must be attribute names", 9),
        ("list(foo)", "\"foo\" is not a valid type specification", 6),
        ("\"string\"", "quoted type constraint", 1),
        ("number(1)", "does not expect arguments", 1),
        ("Bool", "not a valid type specification", 1),
        (
            "object({a = optional(string, var.x)})",
            "variables not allowed",
            30,
        ),
    ] {
        let e = TypeConstraint::parse(src).unwrap_err();
        assert!(e.message().contains(needle), "{src}: {}", e.message());
        assert_eq!((e.line(), e.column()), (Some(1), Some(column)), "{src}");
    }
}

#[test]
fn exact_types_refuse_optional() {
    let e = Type::parse("object({a = optional(string)})").unwrap_err();
    assert!(
        e.message().contains("only for type constraints"),
        "{}",
        e.message()
    );
    assert_eq!(
        TypeConstraint::from(Type::map(Type::Dynamic)),
        parse("map(any)")
    );
}
