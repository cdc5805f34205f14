//! The spec's static interpretations (`hclsyntax-spec.md`, "Static
//! Analysis"): static list, static map, static call and static traversal,
//! each for exactly its syntactic form.

use hcl::analysis::{
    static_call, static_key_traversal, static_list, static_map, static_traversal, Step,
};
use hcl::parser::parse_expression;
use hcl::syntax::{ExprKind, ObjectKey};
use hcl::{Span, Value};

/// Runs `check` on the parsed expression `src`.
#[track_caller]
fn with_expr(src: &str, check: impl FnOnce(&hcl::Expression<'_>)) {
    let parsed = parse_expression(src).unwrap_or_else(|e| panic!("{src:?}: {e}"));
    check(parsed.expr());
}

/// The static traversal of `src`, shown, if it is one.
fn traversal(src: &str) -> Option<String> {
    let parsed = parse_expression(src).unwrap();
    static_traversal(parsed.expr()).map(|t| t.to_string())
}

#[test]
fn a_static_list_is_a_tuple_constructor_s_elements_as_they_are() {
    with_expr("[var.a, 1 + 2, \"x\"]", |e| {
        let items = static_list(e).unwrap();
        assert_eq!(items.len(), 3);
        assert!(
            matches!(items[1].kind, ExprKind::Binary(_)),
            "not evaluated"
        );
        assert_eq!(items[2].span, Span::new(15, 18));
    });
    with_expr("[]", |e| {
        assert_eq!(static_list(e).map(<[_]>::len), Some(0))
    });
    // Only the tuple constructor: not a `for`, a call, a parenthesised tuple.
    for src in ["[for x in l : x]", "tolist([1])", "([1])", "{a = 1}", "a"] {
        with_expr(src, |e| assert!(static_list(e).is_none(), "{src}"));
    }
}

#[test]
fn a_static_map_is_an_object_constructor_s_items_whatever_the_keys() {
    with_expr(
        r#"{ a = 1, "b c" = var.x, (k) = 3, 4 = 5, d.e = 6 }"#,
        |e| {
            let items = static_map(e).unwrap();
            assert_eq!(items.len(), 5);
            assert!(matches!(items[0].key, ObjectKey::Ident(i) if i.name == "a"));
            assert!(
                matches!(items[1].key, ObjectKey::Expression(k) if k.kind == ExprKind::String("b c"))
            );
            assert!(
                matches!(items[2].key, ObjectKey::Expression(k) if matches!(k.kind, ExprKind::Parenthesis(_)))
            );
            // Keys that are not strings are kept for the caller to interpret.
            assert!(
                matches!(items[3].key, ObjectKey::Expression(k) if matches!(k.kind, ExprKind::Number(_)))
            );
            assert!(
                matches!(items[4].key, ObjectKey::Expression(k) if matches!(k.kind, ExprKind::Traversal(_)))
            );
            assert!(matches!(items[1].value.kind, ExprKind::Traversal(_)));
        },
    );
    for src in [
        "{for k, v in m : k => v}",
        "merge({a = 1})",
        "({a = 1})",
        "[1]",
    ] {
        with_expr(src, |e| assert!(static_map(e).is_none(), "{src}"));
    }
}

#[test]
fn a_static_call_is_the_name_verbatim_and_the_argument_expressions() {
    with_expr("lookup(var.m, \"k\", 1 + 1)", |e| {
        let call = static_call(e).unwrap();
        assert_eq!(call.name.to_full_name(), "lookup");
        assert_eq!(call.args.len(), 3);
        assert!(matches!(call.args[2].kind, ExprKind::Binary(_)));
        assert!(!call.expand_final);
    });
    with_expr("provider::aws::arn_parse(var.arn)", |e| {
        let call = static_call(e).unwrap();
        assert_eq!(call.name.to_full_name(), "provider::aws::arn_parse");
        assert_eq!(call.name.name.span, Span::new(15, 24));
    });
    with_expr("min(var.l...)", |e| {
        assert!(static_call(e).unwrap().expand_final)
    });
    for src in ["(f(1))", "f(1).x", "[f(1)]", "f"] {
        with_expr(src, |e| assert!(static_call(e).is_none(), "{src}"));
    }
}

#[test]
fn a_static_traversal_is_a_variable_with_attributes_and_constant_indexes() {
    with_expr(r#"aws_instance.web[0]["k"].id"#, |e| {
        let t = static_traversal(e).unwrap();
        assert_eq!(t.root, "aws_instance");
        assert_eq!(
            t.steps,
            [
                Step::Attr("web"),
                Step::Index(Value::from(0)),
                Step::Index(Value::from("k")),
                Step::Attr("id"),
            ]
        );
        assert_eq!(t.span, Span::new(0, 27));
    });
    assert_eq!(traversal("a").as_deref(), Some("a"));
    assert_eq!(traversal("a.0.b").as_deref(), Some("a[0].b"));
    assert_eq!(
        traversal("a[1.5][true][null]").as_deref(),
        Some("a[1.5][true][null]")
    );
    assert_eq!(
        traversal("a[<<EOT\nk\nEOT\n]").as_deref(),
        Some("a[\"k\\n\"]")
    );
}

#[test]
fn true_false_and_null_are_static_traversals_of_those_names() {
    for kw in ["true", "false", "null"] {
        with_expr(kw, |e| {
            let t = static_traversal(e).unwrap();
            assert_eq!((t.root, t.steps.len()), (kw, 0));
            assert_eq!(t.span, Span::new(0, kw.len()));
        });
    }
    // Behaving as variables of those names, traversals from them too.
    assert_eq!(traversal("null.x[0]").as_deref(), Some("null.x[0]"));
}

#[test]
fn anything_computed_is_not_a_static_traversal() {
    for src in [
        "a[*].b",
        "a.*.b",
        "a[var.i]",
        "a[-1]",
        r#"a["${"k"}"]"#,
        "a[(0)]",
        "(a).b",
        "(a)",
        "f(a).b",
        "\"a\"",
        "1",
        "[a]",
        "a + b",
    ] {
        assert_eq!(traversal(src), None, "{src}");
    }
}

#[test]
fn an_object_key_reads_as_a_traversal_when_it_is_one() {
    // As a module's `providers = { aws = aws.west, aws.east = aws.e }`.
    with_expr(
        r#"{ aws = aws.west, aws.east = aws.e, (aws) = 1, "aws" = 2 }"#,
        |e| {
            let items = static_map(e).unwrap();
            let keys: Vec<Option<String>> = items
                .iter()
                .map(|i| static_key_traversal(&i.key).map(|t| t.to_string()))
                .collect();
            assert_eq!(
                keys,
                [Some("aws".into()), Some("aws.east".into()), None, None]
            );
            let values: Vec<String> = items[..2]
                .iter()
                .map(|i| static_traversal(&i.value).unwrap().to_string())
                .collect();
            assert_eq!(values, ["aws.west", "aws.e"]);
        },
    );
}
