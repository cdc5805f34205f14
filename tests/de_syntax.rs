//! `hcl::Body` and `hcl::Expression` as field types receive the syntax.

use std::collections::HashMap;

use hcl::syntax::ExprKind;
use hcl::{Body, Expression, Span};
use serde::Deserialize;

#[test]
fn expression_field_is_unevaluated_syntax() {
    #[derive(Deserialize)]
    struct Rule<'a> {
        name: String,
        when: Expression<'a>,
    }
    let src = "name = \"r\"\nwhen = var.env == \"prod\"\n";
    let r: Rule = hcl::from_str(src).unwrap();
    assert_eq!(r.name, "r");
    assert!(matches!(r.when.kind, ExprKind::Binary(_)));
    assert_eq!(&src[r.when.span.range()], "var.env == \"prod\"");
}

#[test]
fn optional_expression_field() {
    #[derive(Deserialize)]
    struct R<'a> {
        a: Option<Expression<'a>>,
        b: Option<Expression<'a>>,
        c: Option<Expression<'a>>,
    }
    let r: R = hcl::from_str("a = [1, 2]\nc = null\n").unwrap();
    assert!(matches!(r.a.unwrap().kind, ExprKind::Tuple(_)));
    assert!(r.b.is_none());
    // `null` is None, as for any Option.
    assert!(r.c.is_none());
}

#[test]
fn body_field_receives_a_block_body() {
    #[derive(Deserialize)]
    struct C<'a> {
        settings: Body<'a>,
    }
    let src = "settings {\n  a = var.b\n  inner \"x\" {}\n}\n";
    let c: C = hcl::from_str(src).unwrap();
    assert_eq!(c.settings.structures.len(), 2);
    let a = c.settings.attribute("a").unwrap();
    assert_eq!(a.span, Span::new(13, 22));
    assert_eq!(c.settings.blocks().next().unwrap().labels[0].as_str(), "x");
}

#[test]
fn bodies_of_labeled_blocks_in_a_map() {
    #[derive(Deserialize)]
    struct C<'a> {
        module: HashMap<String, Body<'a>>,
    }
    let c: C =
        hcl::from_str("module \"vpc\" {\n  source = \"./vpc\"\n}\nmodule \"db\" {\n}\n").unwrap();
    assert_eq!(c.module["vpc"].structures.len(), 1);
    assert!(c.module["db"].structures.is_empty());
}

#[test]
fn whole_file_as_body() {
    let src = "a = 1\nb { }\n";
    let body: Body = hcl::from_str(src).unwrap();
    assert_eq!(body, hcl::parse(src).unwrap());
}

#[test]
fn syntax_types_need_this_deserializer() {
    let err = hcl::from_value::<Expression<'static>>(hcl::Value::from(1)).unwrap_err();
    assert!(err.message().contains("an HCL expression"), "{err}");
}
