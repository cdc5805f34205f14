//! `hcl::Type`: Terraform's type syntax, the one-line form Terraform's
//! `type()` prints, and unification. Expected types are Terraform 1.11.4's
//! (`../shared/oracle/dev/types.json` and `typeexpr.json`, the case ids
//! are given).

use hcl::{ErrorKind, Type};

fn t(s: &str) -> Type {
    Type::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

#[test]
fn type_syntax_reads_and_prints_as_terraform_prints_types() {
    for (src, printed) in [
        ("string", "string"),
        ("number", "number"),
        ("bool", "bool"),
        ("any", "dynamic"),
        ("list(string)", "list(string)"),
        ("set(number)", "set(number)"),
        ("map(bool)", "map(bool)"),
        ("list(list(number))", "list(list(number))"),
        ("tuple([])", "tuple([])"),
        (
            "tuple([string, number, bool])",
            "tuple([string, number, bool])",
        ),
        ("object({})", "object({})"),
        // Attributes in byte order, `name: type`.
        (
            "object({b = number, a = string})",
            "object({a: string, b: number})",
        ),
        // `typeerr/object-colon-syntax`: the colon form is accepted.
        ("object({a: string})", "object({a: string})"),
        (
            "map(object({x = list(string)}))",
            "map(object({x: list(string)}))",
        ),
        // Legacy bare collection keywords are collections of `any`.
        ("list", "list(dynamic)"),
        ("map", "map(dynamic)"),
        ("(string)", "string"),
    ] {
        assert_eq!(t(src).to_string(), printed, "{src}");
    }
}

#[test]
fn invalid_type_specifications_get_terraforms_details() {
    // `typeerr/*` and `optional/*` cases with error_phase "type".
    for (src, detail) in [
        ("list(string, number)", "the list type constructor requires one argument specifying the element type"),
        ("map()", "the map type constructor requires one argument specifying the element type"),
        ("object(string)", "the object type constructor requires a map whose keys are attribute names and whose values are the corresponding attribute types"),
        ("object([string])", "the object type constructor requires a map whose keys are attribute names and whose values are the corresponding attribute types"),
        ("foo", "the keyword \"foo\" is not a valid type specification"),
        ("list(foo)", "the keyword \"foo\" is not a valid type specification"),
        ("Bool", "the keyword \"Bool\" is not a valid type specification"),
        ("any(string)", "type constraint keyword \"any\" does not expect arguments"),
        ("number(1)", "primitive type keyword \"number\" does not expect arguments"),
        ("set(optional(string))", "keyword \"optional\" is valid only as a modifier for object type attributes"),
        ("optional(string)", "keyword \"optional\" is valid only as a modifier for object type attributes"),
        ("tuple([optional(string)])", "keyword \"optional\" is valid only as a modifier for object type attributes"),
        ("object({\"a-b\" = string})", "object constructor map keys must be attribute names"),
    ] {
        let e = Type::parse(src).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Type, "{src}");
        assert_eq!(e.message(), format!("invalid type specification: {detail}"), "{src}");
        assert!(e.line().is_some(), "{src}: no position");
    }
    let e = Type::parse("\"string\"").unwrap_err();
    assert!(
        e.message().starts_with("invalid quoted type constraint"),
        "{e}"
    );
    // The position is the offending part's.
    let e = Type::parse("list(foo)").unwrap_err();
    assert_eq!((e.line(), e.column()), (Some(1), Some(6)));
}

#[test]
fn unification_follows_terraform() {
    for (types, want, case) in [
        (
            &["number", "string"][..],
            Some("string"),
            "unify/cond-number-string",
        ),
        (
            &["string", "bool"],
            Some("string"),
            "unify/cond-bool-string",
        ),
        (
            &["tuple([number])", "tuple([string])"],
            Some("tuple([string])"),
            "unify/cond-tuples-same-length",
        ),
        (
            &["tuple([number])", "tuple([number, number])"],
            Some("list(number)"),
            "unify/cond-tuples-different-length",
        ),
        (
            &["tuple([number])", "tuple([string, string])"],
            Some("list(string)"),
            "unify/cond-tuples-different-length-mixed",
        ),
        (
            &["object({a = number})", "object({a = string})"],
            Some("object({a = string})"),
            "unify/cond-objects-same-attrs",
        ),
        (
            &["object({a = number})", "object({b = string})"],
            Some("map(string)"),
            "unify/cond-objects-different-attr-types",
        ),
        (
            &["list(number)", "tuple([string])"],
            Some("list(string)"),
            "unify/cond-list-and-tuple",
        ),
        (
            &["map(number)", "object({b = string})"],
            Some("map(string)"),
            "unify/cond-map-and-object",
        ),
        (
            &["set(string)", "tuple([string])"],
            Some("set(string)"),
            "unify/cond-set-and-tuple",
        ),
        (
            &["tuple([])", "tuple([number])"],
            Some("list(number)"),
            "unify/cond-empty-tuple",
        ),
        (
            &["object({})", "object({a = number})"],
            Some("map(number)"),
            "unify/cond-empty-object",
        ),
        (
            &[
                "object({a = object({x = number})})",
                "object({a = object({y = string})})",
            ],
            Some("object({a = map(string)})"),
            "unify/cond-nested-objects",
        ),
        (
            &["string", "number"],
            Some("string"),
            "unify/cond-typed-null-string",
        ),
        (
            &["object({a = number})", "string"],
            None,
            "unify/cond-object-and-string-error",
        ),
        (
            &["tuple([number])", "object({a = number})"],
            None,
            "unify/cond-tuple-and-object-error",
        ),
        (
            &["list(number)", "list(bool)"],
            None,
            "unify/cond-list-number-list-bool-error",
        ),
        // tolist's element unification (`convert/tolist-*`).
        (
            &["number", "string"],
            Some("string"),
            "convert/tolist-number-string",
        ),
        (
            &["number", "bool"],
            None,
            "convert/tolist-number-bool-error",
        ),
        (
            &["tuple([number])", "tuple([number, number])"],
            Some("list(number)"),
            "convert/tolist-nested-tuples",
        ),
        (
            &["object({a = number})", "object({b = number})"],
            Some("map(number)"),
            "convert/tolist-objects-different-attrs",
        ),
        (
            &["object({a = number})", "object({b = string})"],
            Some("map(string)"),
            "convert/tolist-objects-different-attrs-mixed",
        ),
        (
            &["dynamic", "number"],
            Some("number"),
            "convert/tolist-null-elements",
        ),
    ] {
        let types: Vec<Type> = types
            .iter()
            .map(|s| if *s == "dynamic" { Type::Dynamic } else { t(s) })
            .collect();
        assert_eq!(Type::unify(&types), want.map(t), "{case}");
    }
}

#[test]
fn the_dynamic_pseudo_type_with_collections_unifies_to_dynamic() {
    // cty: a collection or structure unified with the dynamic pseudo-type
    // gives the dynamic pseudo-type (Terraform's conditional treats a
    // literal `null` branch specially, before unifying).
    assert_eq!(
        Type::unify(&[Type::Dynamic, t("list(string)")]),
        Some(Type::Dynamic)
    );
    assert_eq!(
        Type::unify(&[t("tuple([number])"), Type::Dynamic]),
        Some(Type::Dynamic)
    );
    assert_eq!(
        Type::unify(&[Type::Dynamic, Type::Dynamic]),
        Some(Type::Dynamic)
    );
    assert_eq!(Type::unify(&[]), None);
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let src = format!("{}string{}", "list(".repeat(5000), ")".repeat(5000));
    assert!(Type::parse(&src).is_err());
}

#[test]
fn an_object_types_attributes_read_as_a_sorted_map() {
    // Given out of order, a name twice: in byte order, the last type kept
    // (as a map built from the pairs keeps it), long names as short ones.
    let long = "an_attribute_name_longer_than_twenty_four_bytes";
    let o = Type::object([
        ("port", Type::Number),
        (long, Type::Bool),
        ("name", Type::Dynamic),
        ("name", Type::String),
    ]);
    assert_eq!(
        o.to_string(),
        format!("object({{{long}: bool, name: string, port: number}})")
    );
    assert_eq!(
        o,
        t(&format!(
            "object({{port = number, name = string, {long} = bool}})"
        ))
    );
    let Type::Object(attrs) = &o else {
        unreachable!()
    };
    assert_eq!(attrs.len(), 3);
    assert_eq!(attrs.get(long), Some(&Type::Bool));
    assert_eq!(attrs["port"], Type::Number);
    assert!(attrs.get("id").is_none() && !attrs.contains_key("id"));
    let names: Vec<&str> = attrs.keys().map(|k| k.as_str()).collect();
    assert_eq!(names, [long, "name", "port"]);
    // Equal whatever order they were given in.
    assert_eq!(
        Type::object([("b", Type::Number), ("a", Type::String)]),
        Type::object([("a", Type::String), ("b", Type::Number)])
    );
    assert!(Type::object(Vec::<(&str, Type)>::new()).to_string() == "object({})");
}
