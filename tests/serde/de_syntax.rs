//! `hcl::ConfigFile` and `hcl::syntax::ParsedExpression` as field types receive the syntax.

use std::collections::HashMap;

use hcl::syntax::{ExprKind, ParsedExpression};
use hcl::{ConfigFile, Span};
use serde::Deserialize;

#[test]
fn expression_field_is_unevaluated_syntax() {
    #[derive(Deserialize)]
    struct Rule {
        name: String,
        when: ParsedExpression<'static>,
    }
    let src = "name = \"r\"\nwhen = var.env == \"prod\"\n";
    let r: Rule = hcl::from_str(src).unwrap();
    assert_eq!(r.name, "r");
    assert!(matches!(r.when.expr().kind, ExprKind::Binary(_)));
    assert_eq!(
        &r.when.source()[r.when.expr().span.range()],
        "var.env == \"prod\""
    );
    assert_eq!(r.when.source(), "var.env == \"prod\"");
    let off = r.when.offset();
    assert_eq!(
        &src[off + r.when.expr().span.start()..off + r.when.expr().span.end()],
        "var.env == \"prod\""
    );
}

#[test]
fn optional_expression_field() {
    #[derive(Deserialize)]
    struct R {
        a: Option<ParsedExpression<'static>>,
        b: Option<ParsedExpression<'static>>,
        c: Option<ParsedExpression<'static>>,
    }
    let r: R = hcl::from_str("a = [1, 2]\nc = null\n").unwrap();
    assert!(matches!(r.a.unwrap().expr().kind, ExprKind::Tuple(_)));
    assert!(r.b.is_none());
    // `null` is None, as for any Option.
    assert!(r.c.is_none());
}

#[test]
fn body_field_receives_a_block_body() {
    #[derive(Deserialize)]
    struct C {
        settings: ConfigFile<'static>,
    }
    let src = "settings {\n  a = var.b\n  inner \"x\" {}\n}\n";
    let c: C = hcl::from_str(src).unwrap();
    let body = c.settings.body();
    assert_eq!(body.structures.len(), 2);
    let a = body.attribute("a").unwrap();
    // Spans index the field's own source, which starts at offset() in the file.
    let off = c.settings.offset();
    assert_eq!(
        Span::new(off + a.span().start(), off + a.span().end()),
        Span::new(13, 22)
    );
    assert_eq!(&c.settings.source()[a.span().range()], "a = var.b");
    assert_eq!(body.blocks().next().unwrap().labels[0].as_str(), "x");
}

#[test]
fn bodies_of_labeled_blocks_in_a_map() {
    #[derive(Deserialize)]
    struct C {
        module: HashMap<String, ConfigFile<'static>>,
    }
    let c: C =
        hcl::from_str("module \"vpc\" {\n  source = \"./vpc\"\n}\nmodule \"db\" {\n}\n").unwrap();
    assert_eq!(c.module["vpc"].body().structures.len(), 1);
    assert!(c.module["db"].body().structures.is_empty());
}

#[test]
fn whole_file_as_body() {
    let src = "a = 1\nb { }\n";
    let body: ConfigFile<'static> = hcl::from_str(src).unwrap();
    assert_eq!(body, hcl::parse(src).unwrap());
}

#[test]
fn syntax_types_need_this_deserializer() {
    let err = hcl::from_value::<ParsedExpression<'static>>(hcl::Value::from(1)).unwrap_err();
    assert!(err.message().contains("an HCL expression"), "{err}");
}

#[test]
fn compact_formats_carry_the_native_text() {
    // A format that is not human-readable hands the field the text alone
    // (what `Serialize` gives such formats); it is parsed at offset 0.
    use serde::de::{value::StrDeserializer, Deserialize};
    let d = StrDeserializer::<serde::de::value::Error>::new("a = var.b\n");
    let body = ConfigFile::deserialize(d).unwrap();
    assert_eq!(body.source(), "a = var.b\n");
    assert_eq!(body.offset(), 0);
    assert!(body.body().attribute("a").is_some());
    let d = StrDeserializer::<serde::de::value::Error>::new("x +");
    assert!(ParsedExpression::deserialize(d).is_err());
}

#[test]
fn optional_syntax_fields_take_expressions_that_do_not_evaluate() {
    // Under a strict context `string` is an unknown variable; an optional
    // syntax field still receives it, as a plain one does.
    #[derive(serde::Deserialize)]
    struct Variable {
        r#type: Option<ParsedExpression<'static>>,
        spanned: Option<serde_spanned::Spanned<ParsedExpression<'static>>>,
        default: Option<hcl::Value>,
    }
    let src = "type = string\nspanned = list(string)\ndefault = null\n";
    let ctx = hcl::eval::Context::new();
    let v: Variable = hcl::eval::from_str(src, &ctx).unwrap();
    assert!(matches!(
        v.r#type.unwrap().expr().kind,
        ExprKind::Variable("string")
    ));
    let spanned = v.spanned.unwrap();
    assert!(matches!(
        spanned.get_ref().expr().kind,
        ExprKind::FuncCall(_)
    ));
    assert_eq!(spanned.span(), 24..36);
    // An expression that evaluates to null is `None`.
    assert!(v.default.is_none());

    // A value field still reports the evaluation error, at the expression.
    #[derive(Debug, serde::Deserialize)]
    struct Value {
        #[allow(dead_code)]
        x: Option<String>,
    }
    let e = hcl::eval::from_str::<Value>("x = var.nope\n", &ctx).unwrap_err();
    assert!(
        e.message().contains("There is no variable named \"var\""),
        "{e}"
    );
    assert_eq!((e.line(), e.column()), (Some(1), Some(5)));
}
