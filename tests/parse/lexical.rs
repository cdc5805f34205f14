//! One definition of the lexical rules: identifiers (Go's
//! `ValidIdentifier`) and string escapes, shared by the parser, printers,
//! serializer and evaluator.

use hcl::eval::{Context, EvalMode, Evaluate};
use hcl::Value;

#[test]
fn template_variables_are_identifiers_as_the_parser_reads_them() {
    // Terraform 1.11: `templatestring(local.t, {_x = 1, "a-b" = 2})` with
    // `t = "$${_x}-$${a-b}"` is "1-2".
    let src = "t = \"$${_x}-$${a-b}\"\nv = templatestring(t, {_x = 1, \"a-b\" = 2})\n";
    let file = hcl::parse(src).unwrap();
    let body = file.body();
    let t = body
        .attribute("t")
        .unwrap()
        .expr
        .evaluate(&Context::new())
        .unwrap();
    let mut ctx = Context::new();
    ctx.declare_var("t", t);
    let v = body.attribute("v").unwrap().expr.evaluate(&ctx).unwrap();
    assert_eq!(v, Value::from("1-2"));
}

#[test]
fn identifier_rule() {
    use hcl::syntax::is_identifier;
    for ok in ["a", "_x", "a-b", "a_1", "null", "ÿes", "名前"] {
        assert!(is_identifier(ok), "{ok}");
        let src = format!("{ok} = 1\n");
        assert!(hcl::parse(&src).is_ok(), "{ok} parses as an attribute name");
    }
    for bad in ["", "1a", "-a", "a b", "a.b", "$a"] {
        assert!(!is_identifier(bad), "{bad}");
    }
}

#[test]
fn control_characters_and_del_are_escaped_when_printed_from_the_tree() {
    let file = hcl::parse("x = coalesce(var.a, \"\\u007f\\u0001\")\n").unwrap();
    // Printer (format) and evaluator (template-preserving, no source) agree.
    let printed = hcl::format::format_body(file.body());
    assert_eq!(printed, "x = coalesce(var.a, \"\\u007f\\u0001\")\n");
    let ctx = Context::new().with_mode(EvalMode::PreserveTemplates);
    let v = file.body().evaluate(&ctx).unwrap();
    assert_eq!(
        v["x"],
        Value::from("${coalesce(var.a, \"\\u007f\\u0001\")}")
    );
}
