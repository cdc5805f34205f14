//! Bare `null`/`true`/`false` as object keys are literal keys, as Terraform
//! 1.11 evaluates them: `jsonencode({null = 1, true = 2})` is
//! `{"null":1,"true":2}` (checked with `terraform console`), while a
//! parenthesised key is an expression.

use hcl::syntax::{ExprKind, ObjectKey};

#[test]
fn bare_keywords_parse_as_identifier_keys() {
    let parsed = hcl::parser::parse_expression("{null = 1, true = 2, false = 3}").unwrap();
    let expr = parsed.expr();
    let ExprKind::Object(items) = expr.kind else {
        panic!("not an object: {expr:?}")
    };
    let names: Vec<&str> = items
        .iter()
        .map(|it| match &it.key {
            ObjectKey::Ident(id) => id.as_str(),
            other => panic!("not an identifier key: {other:?}"),
        })
        .collect();
    assert_eq!(names, ["null", "true", "false"]);
}

#[test]
fn bare_keyword_keys_evaluate_like_terraform() {
    let ctx = hcl::eval::Context::new();
    let v = hcl::eval::evaluate_str("{null = 1, true = 2}", &ctx).unwrap();
    assert_eq!(v["null"], hcl::Value::from(1));
    assert_eq!(v["true"], hcl::Value::from(2));
    // A parenthesised null is an expression, and a null key is an error.
    assert!(hcl::eval::evaluate_str("{(null) = 1}", &ctx).is_err());
}
