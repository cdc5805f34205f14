//! Limits: nesting depth (errors, never stack overflows) and long operator
//! chains (no deep recursion when parsing or dropping).

use hcl::parser::{parse_expression, parse_expression_with, parse_template};
use hcl::syntax::{BinaryOperator, ExprKind};
use hcl::{parse, parse_with, ErrorKind, ParseOptions};

fn nested(open: &str, inner: &str, close: &str, n: usize) -> String {
    let mut s = String::with_capacity((open.len() + close.len()) * n + inner.len());
    for _ in 0..n {
        s.push_str(open);
    }
    s.push_str(inner);
    for _ in 0..n {
        s.push_str(close);
    }
    s
}

fn assert_limit(src: &str) {
    let err = parse(src).expect_err("too deep must be an error");
    assert_eq!(err.kind(), ErrorKind::Limit, "{err}");
    assert!(err.message().contains("nesting too deep"), "{err}");
}

#[test]
fn a_million_open_brackets_is_an_error() {
    let src = format!("a = {}", "[".repeat(1_000_000));
    assert_limit(&src);
}

#[test]
fn a_million_balanced_brackets_is_an_error() {
    assert_limit(&format!("a = {}\n", nested("[", "1", "]", 1_000_000)));
}

#[test]
fn deep_parentheses_objects_calls_and_unary() {
    assert_limit(&format!("a = {}\n", nested("(", "1", ")", 1_000_000)));
    assert_limit(&format!("a = {}\n", nested("{a = ", "1", "}", 100_000)));
    assert_limit(&format!("a = {}\n", nested("f(", "1", ")", 100_000)));
    assert_limit(&format!("a = {}1\n", "-".repeat(1_000_000)));
    assert_limit(&format!("a = {}true\n", "!".repeat(1_000_000)));
    assert_limit(&format!("a = {}\n", nested("x[", "0", "]", 100_000)));
    assert_limit(&format!(
        "a = {}\n",
        nested("[for x in ", "y", ": x]", 100_000)
    ));
    assert_limit(&format!("a = {}\n", "c ? 1 : ".repeat(100_000) + "2"));
}

#[test]
fn deep_blocks_are_an_error() {
    assert_limit(&nested("b {\n", "", "}\n", 100_000));
    // Unclosed: the limit is hit before the end of the file.
    assert_limit(&"b {\n".repeat(1_000_000));
}

#[test]
fn deep_templates_are_an_error() {
    assert_limit(&format!("a = {}\n", nested("\"${", "1", "}\"", 100_000)));
    let t = nested("${\"", "1", "\"}", 100_000);
    let err = parse_template(&t).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Limit, "{err}");
    for d in [
        nested("%{ if true }", "x", "%{ endif }", 100_000),
        nested("%{ for x in y }", "x", "%{ endfor }", 100_000),
    ] {
        let err = parse_template(&d).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Limit, "{err}");
        let err = parse(&format!("a = <<EOT\n{d}\nEOT\n")).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Limit, "{err}");
    }
    let h = nested("<<EOT\n${", "1", "}\nEOT\n", 10_000);
    let err = parse(&format!("a = {h}")).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Limit, "{err}");
}

#[test]
fn default_limit_allows_1024_levels_and_rejects_1025() {
    // `terraform fmt` takes 129 levels, python-hcl2 200, Terraform a chain
    // of 1,000 conditionals.
    let ok = format!("a = {}\n", nested("[", "1", "]", 1023));
    assert!(parse(&ok).is_ok());
    let fmt = format!("a = {}\n", nested("[", "1", "]", 129));
    assert!(hcl::format::format_source(&fmt, true).is_ok());
    let deep = format!("a = {}\n", nested("[", "1", "]", 1025));
    assert_eq!(parse(&deep).unwrap_err().kind(), ErrorKind::Limit);
}

#[test]
fn max_depth_is_configurable() {
    let opts = ParseOptions::new().max_depth(3);
    assert!(parse_with("a = [[[1]]]\n", &opts).is_ok());
    let err = parse_with("a = [[[[1]]]]\n", &opts).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Limit);
    // Blocks count too.
    assert!(parse_with("a {\n b {\n c {\n }\n }\n}\n", &opts).is_ok());
    assert!(parse_with("a {\n b {\n c {\n d {\n }\n }\n }\n}\n", &opts).is_err());
    assert!(parse_expression_with("[[[1]]]", &opts).is_ok());
    assert!(parse_expression_with("[[[[1]]]]", &opts).is_err());
}

#[test]
fn every_nesting_kind_at_the_default_limit_fits_the_stack() {
    // Test threads have small stacks (2 MiB): the deepest allowed input of
    // each kind must parse there, also in debug builds.
    let n = 1020;
    for src in [
        nested("[", "1", "]", n),
        nested("(", "1", ")", n),
        nested("{a = ", "1", "}", n),
        nested("f(", "1", ")", n),
        nested("\"${", "1", "}\"", n),
        nested("x[", "0", "]", n),
        nested("[for x in ", "y", ": x]", n),
        format!("{}1", "-".repeat(n)),
        "c ? 1 : ".repeat(n) + "2",
    ] {
        let e = parse_expression(&src).unwrap_or_else(|e| panic!("{}: {e}", &src[..20]));
        drop(e);
    }
    assert!(parse(&nested("b {\n", "", "}\n", n)).is_ok());
}

#[test]
fn a_100k_term_addition_chain_parses_left_associative_and_drops() {
    let n = 100_000;
    let mut src = String::from("a = x0");
    for i in 1..n {
        src.push_str(&format!(" + x{i}"));
    }
    src.push('\n');
    let file = parse(&src).unwrap();
    let body = file.body();
    let expr = &body.attributes().next().unwrap().expr;
    // Left-associative: the top node's rhs is the last operand.
    match &expr.kind {
        ExprKind::Binary(b) => {
            assert_eq!(b.operator, BinaryOperator::Add);
            assert!(matches!(&b.rhs.kind, ExprKind::Variable(v) if *v == format!("x{}", n - 1)));
            assert!(matches!(&b.lhs.kind, ExprKind::Binary(_)));
        }
        k => panic!("{k:?}"),
    }
    assert_eq!(expr.span.end(), src.len() - 1);
    drop(file); // must not overflow the stack
}

#[test]
fn long_mixed_precedence_chain_and_into_owned() {
    let n = 100_000;
    let mut src = String::from("1");
    for i in 0..n {
        src.push_str(if i % 3 == 0 { " * 2" } else { " - 1" });
    }
    let e: hcl::syntax::ParsedExpression<'static> = src.parse().unwrap();
    drop(e);
    drop(parse_expression(&src).unwrap().into_owned());
    let mut or = String::from("a");
    for _ in 0..n {
        or.push_str(" || b && c");
    }
    drop(parse_expression(&or).unwrap());
}

#[test]
fn long_traversal_and_long_lists_are_flat() {
    let src = format!("a = x{}\n", ".y".repeat(200_000));
    let file = parse(&src).unwrap();
    let body = file.body();
    match &body.attributes().next().unwrap().expr.kind {
        ExprKind::Traversal(t) => assert_eq!(t.operators.len(), 200_000),
        k => panic!("{k:?}"),
    }
    let list = format!("a = [{}]\n", "1,".repeat(500_000));
    assert!(parse(&list).is_ok());
}
