//! `hcl::ConfigFile` and `hcl::syntax::ParsedExpression` as field types receive the syntax.

use std::collections::HashMap;

use hcl::eval::Evaluate;
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
    let v: Variable = hcl::from_str_with_context(src, &ctx).unwrap();
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
    let e = hcl::from_str_with_context::<Value>("x = var.nope\n", &ctx).unwrap_err();
    assert!(
        e.message().contains("There is no variable named \"var\""),
        "{e}"
    );
    assert_eq!((e.line(), e.column()), (Some(1), Some(5)));
}

#[test]
fn an_expression_field_may_end_with_a_heredoc() {
    // `hcl check` and Terraform accept both files (cloud-foundation-fabric's
    // cloud-function outputs, terraform-aws-lambda's modules/deploy).
    #[derive(Deserialize)]
    struct Out {
        value: ParsedExpression<'static>,
    }
    let o: Out = hcl::from_str("value = <<EOT\nhello\nEOT\n").unwrap();
    let v = o.value.evaluate(&hcl::eval::Context::new()).unwrap();
    assert_eq!(v, hcl::Value::from("hello\n"));
    let src = "value = var.x ? null : <<-EOT\n  a\n  EOT\nother = 1\n";
    let o: Out = hcl::from_str(src).unwrap();
    assert!(matches!(o.value.expr().kind, ExprKind::Conditional(_)));
    // Windows line endings.
    let o: Out = hcl::from_str("value = <<EOT\r\nhi\r\nEOT\r\n").unwrap();
    assert!(matches!(o.value.expr().kind, ExprKind::Template(_)));
}

#[test]
fn errors_of_an_expression_field_are_placed_in_its_file() {
    #[derive(Deserialize)]
    struct Rule {
        name: String,
        when: ParsedExpression<'static>,
    }
    #[derive(Deserialize)]
    struct File {
        rule: Vec<Rule>,
    }
    let src = "rule {\n  name = \"a\"\n  when = 1 + 1\n}\n\nrule {\n  name = \"b\"\n  when = [\n    upper(1, 2),\n  ]\n}\n";
    let f: File = hcl::from_str(src).unwrap();
    assert_eq!(f.rule[1].name, "b");
    let w = &f.rule[1].when;
    let at = src.find("[\n").unwrap();
    assert_eq!((w.start().line, w.start().column, w.offset()), (8, 10, at));
    let e = w.evaluate(&hcl::eval::Context::new()).unwrap_err();
    // HCL reports too many arguments at the first extra one.
    assert_eq!((e.line(), e.column()), (Some(9), Some(14)), "{e}");
    assert_eq!(e.offset(), Some(src.find("2),").unwrap()));
    assert!(e.to_string().contains("9 |     upper(1, 2),"), "{e}");
    // On the expression's first line, columns count from the line's start.
    let f: File = hcl::from_str("rule {\n  name = \"c\"\n  when = nope + 1\n}\n").unwrap();
    let e = f.rule[0]
        .when
        .evaluate(&hcl::eval::Context::new())
        .unwrap_err();
    assert_eq!((e.line(), e.column()), (Some(3), Some(10)), "{e}");
}
