//! Hostile input: 1,000,000-deep nesting of every kind is a clean
//! [`ErrorKind::Limit`] error at the bracket that crosses the limit, through
//! every entry point (parse, evaluate, deserialize); the deepest input the
//! parser allows goes through every later stage on a 2 MiB test thread.

use hcl::eval::{evaluate_str, Context};
use hcl::parser::{parse_expression, parse_template};
use hcl::{parse, ErrorKind, ParseOptions, Value};

const DEEP: usize = 1_000_000;

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

/// The default depth limit.
const LIMIT: usize = 1024;

/// The error is the depth limit, on line `line`, at the byte offset of the
/// opening token number LIMIT + 1.
fn assert_too_deep(err: &hcl::Error, offset: usize, line: usize) {
    assert_eq!(err.kind(), ErrorKind::Limit, "{err}");
    assert!(err.message().contains("nesting too deep"), "{err}");
    assert!(
        err.message().contains(&LIMIT.to_string()),
        "names the limit: {err}"
    );
    assert_eq!(err.offset(), Some(offset), "{err}");
    assert_eq!(err.line(), Some(line), "{err}");
}

#[test]
fn million_deep_brackets_parentheses_and_braces() {
    // `a = ` is 4 bytes; opener k (0-based) of width w starts at 4 + k*w.
    for (open, inner, close) in [("[", "1", "]"), ("(", "1", ")"), ("{a = ", "1", "}")] {
        let src = format!("a = {}\n", nested(open, inner, close, DEEP));
        let err = parse(&src).unwrap_err();
        assert_too_deep(&err, 4 + LIMIT * open.len(), 1);
        // Through the deserializer and the evaluator too.
        let err = hcl::from_str::<Value>(&src).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Limit, "{err}");
        let err = evaluate_str(&src[4..], &Context::new()).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Limit, "{err}");
    }
}

#[test]
fn million_deep_blocks() {
    let src = nested("b {\n", "", "}\n", DEEP);
    let err = parse(&src).unwrap_err();
    // Block LIMIT + 1 opens on line LIMIT + 1; its `{` is at column 3.
    assert_too_deep(&err, LIMIT * 4 + 2, LIMIT + 1);
    assert_eq!(err.column(), Some(3));
    let err = hcl::from_str::<Value>(&src).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Limit);
}

#[test]
fn million_deep_templates_in_strings() {
    // "${"${"${ ... 1 }"}"}"
    let src = format!("a = {}\n", nested("\"${", "1", "}\"", DEEP));
    let err = parse(&src).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Limit, "{err}");
    assert_eq!(err.line(), Some(1));
    // Each level is a string and an interpolation; the limit is reached
    // within the first LIMIT + 1 levels (3 bytes each).
    assert!(err.offset().unwrap() <= 4 + (LIMIT + 1) * 3, "{err}");
    // Standalone template: ${"${"${ ...
    let t = nested("${\"", "x", "\"}", DEEP);
    let err = parse_template(&t).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Limit, "{err}");
    assert!(err.offset().unwrap() <= (LIMIT + 1) * 3, "{err}");
}

#[test]
fn million_deep_directives_and_heredocs() {
    let ifs = nested("%{ if true }", "x", "%{ endif }", DEEP);
    let err = parse_template(&ifs).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Limit, "{err}");
    let fors = nested("%{ for x in y }", "x", "%{ endfor }", DEEP);
    let err = parse(&format!("a = <<EOT\n{fors}\nEOT\n")).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Limit, "{err}");
    assert_eq!(err.line(), Some(2));
    // Heredocs inside heredoc interpolations: <<EOT\n${<<EOT\n${ ...
    let h = nested("<<EOT\n${", "1", "}\nEOT\n", DEEP / 10);
    let err = parse(&format!("a = {h}")).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Limit, "{err}");
    // Each level is 2 lines: the limit is reached within the first
    // LIMIT + 2 lines.
    assert!(err.line().unwrap() <= LIMIT + 2, "{err}");
}

#[test]
fn million_deep_for_expressions_unary_and_conditionals() {
    for src in [
        nested("[for x in ", "y", ": x]", DEEP),
        nested("{for k, v in ", "y", ": k => v}", DEEP),
        format!("{}1", "-".repeat(DEEP)),
        format!("{}true", "!".repeat(DEEP)),
        format!("{}2", "true ? 1 : ".repeat(DEEP)),
        nested("f(", "1", ")", DEEP),
        nested("x[", "0", "]", DEEP),
    ] {
        let err = parse_expression(&src).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Limit, "{}: {err}", &src[..20]);
        assert!(err.message().contains("nesting too deep"), "{err}");
    }
}

#[test]
fn the_deepest_accepted_input_goes_through_every_stage() {
    // LIMIT - 1 brackets inside an attribute (the body counts as one level).
    let src = format!("a = {}\n", nested("[", "1", "]", LIMIT - 1));
    let v: Value = hcl::from_str(&src).unwrap();
    let mut depth = 0;
    let mut cur = &v["a"];
    while let Value::Array(a) = cur {
        depth += 1;
        cur = &a[0];
    }
    assert_eq!(depth, LIMIT - 1);
    assert_eq!(cur, &Value::from(1));
    // Serialize and read back.
    let text = hcl::to_string(&v).unwrap();
    let back: Value = hcl::from_str(&text).unwrap();
    assert_eq!(back, v);
    // Format the tree and evaluate it.
    let file = parse(&src).unwrap();
    let formatted = hcl::format::format_body(file.body());
    assert_eq!(hcl::from_str::<Value>(&formatted).unwrap(), v);
    // Deep objects, blocks and templates as well.
    let obj = format!("a = {}\n", nested("{k = ", "1", "}", LIMIT - 1));
    let v: Value = hcl::from_str(&obj).unwrap();
    assert_eq!(
        hcl::from_str::<Value>(&hcl::to_string(&v).unwrap()).unwrap(),
        v
    );
    let blocks = nested("b {\n", "x = 1\n", "}\n", LIMIT - 1);
    let v: Value = hcl::from_str(&blocks).unwrap();
    assert_eq!(
        hcl::from_str::<Value>(&hcl::to_string(&v).unwrap()).unwrap(),
        v
    );
    let tpl = format!("a = {}\n", nested("\"${", "1", "}\"", 60));
    let v: Value = hcl::from_str(&tpl).unwrap();
    assert_eq!(v["a"], Value::from(1));
}

#[test]
#[cfg(feature = "json")]
fn values_deeper_than_the_source_come_only_from_functions_and_are_bounded() {
    // jsondecode nests 900 deep here; inside 200 brackets that is 1,100.
    let inner = format!("jsondecode(\"{}\")", nested("[", "1", "]", 900));
    let src = nested("[", &inner, "]", 200);
    let v = evaluate_str(&src, &Context::new()).unwrap();
    let text = hcl::to_string(&hcl::Value::from_iter([("a", v.clone())])).unwrap();
    assert!(
        text.starts_with(&format!("a = {}1", "[".repeat(1100))),
        "{text}"
    );
    // Written out it is deeper than the parser reads back: a clean limit error.
    let err = hcl::from_str::<Value>(&text).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Limit, "{err}");
    // With a raised limit it reads back equal.
    let opts = ParseOptions::new().max_depth(1200);
    let file = hcl::parse_with(&text, &opts).unwrap();
    let back: Value = hcl::from_body(file.body()).unwrap();
    assert_eq!(back["a"], v);
    // jsondecode nests as deep as the parser does (LIMIT levels by default).
    let deepest = format!("jsondecode(\"{}\")", nested("[", "1", "]", LIMIT));
    assert!(evaluate_str(&deepest, &Context::new()).is_ok());
    let too_deep = format!("jsondecode(\"{}\")", nested("[", "1", "]", LIMIT + 1));
    let err = evaluate_str(&too_deep, &Context::new()).unwrap_err();
    assert!(
        err.message()
            .contains(&format!("nested deeper than {LIMIT}")),
        "{err}"
    );
    // yamldecode is bounded as well.
    let yaml = format!("yamldecode(\"{}\")", nested("[", "1", "]", 100_000));
    assert!(evaluate_str(&yaml, &Context::new()).is_err());
}

#[test]
fn a_raised_depth_limit_is_honoured_on_a_test_thread() {
    // Every stage runs each level with room on the stack (a new segment
    // when the thread's runs low): a raised limit needs no bigger thread.
    let opts = ParseOptions::new().max_depth(5000);
    let src = format!("a = {}\n", nested("[", "1", "]", 4900));
    let file = hcl::parse_with(&src, &opts).unwrap();
    let v: Value = hcl::from_body(file.body()).unwrap();
    assert!(hcl::format::format_body(file.body()).starts_with("a = [[[["));
    drop(v);
    let deeper = format!("a = {}\n", nested("[", "1", "]", 5001));
    let err = hcl::parse_with(&deeper, &opts).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Limit);
    assert!(err.message().contains("5000"), "{err}");
}

/// Terraform 1.11 takes a chain of 1,000 conditionals: `terraform fmt`
/// leaves this file as it is, `terraform validate` finds it valid, and
/// `terraform console -var a=997` gives `"v997"` for `local.x` (`"none"`
/// for `a=1000`). hcl2 takes it by default, through every stage, on a
/// 2 MiB test thread in an unoptimised build.
#[test]
fn a_thousand_arm_conditional_chain_goes_through_every_stage() {
    let chain: String = (0..1000)
        .map(|i| format!("var.a == {i} ? \"v{i}\" : "))
        .collect::<String>()
        + "\"none\"";
    let src = format!(
        "variable \"a\" {{\n  type = number\n}}\nlocals {{\n  x = {chain}\n}}\noutput \"x\" {{\n  value = local.x\n}}\n"
    );
    let file = parse(&src).unwrap();
    assert_eq!(hcl::format::format_source(&src, true).unwrap(), src);
    let refs = hcl::analysis::body_references(file.body());
    assert_eq!(
        refs.iter()
            .filter(|r| r.reference.to_string() == "var.a")
            .count(),
        1000
    );
    for (a, want) in [(997, "v997"), (1000, "none")] {
        let ctx = Context::new().with_var("var", Value::from_iter([("a", Value::from(a))]));
        let v = evaluate_str(&chain, &ctx).unwrap();
        assert_eq!(v, Value::from(want));
    }
    // Kept as a template where `var` is not known: the JSON writer and the
    // deserializer print the chain back.
    let keep = Context::new().with_mode(hcl::eval::EvalMode::PreserveTemplates);
    let json = hcl::json::to_string(file.body(), &src, &keep, &Default::default()).unwrap();
    assert!(
        json.contains("var.a == 999 ? \\\"v999\\\" : \\\"none\\\""),
        "{}",
        &json[json.len() - 200..]
    );
    let v: Value = hcl::from_str(&src).unwrap();
    assert!(v["locals"]["x"].as_str().unwrap().ends_with(": \"none\"}"));
    assert!(hcl::json::to_native(&json).is_ok());
}

/// A failure deep inside nested conditionals, operators and `for`s is
/// re-examined for the error Terraform would print first a bounded number
/// of times: the work stays proportional to the expression (each level
/// re-examining every level below it would double the work per level, and
/// these would not finish).
#[test]
fn nested_failures_are_reexamined_a_bounded_number_of_times() {
    let mut conditionals = String::from("(1 + \"a\")");
    let mut mixed = String::from("keys(1)");
    for _ in 0..60 {
        conditionals = format!("(true ? {conditionals} : 2)");
    }
    for _ in 0..12 {
        mixed = format!("(false ? 2 : [for x in [1] : -({mixed}) if !({mixed} > 0)])");
    }
    let e = hcl::eval::evaluate_str(&conditionals, &hcl::eval::Context::new()).unwrap_err();
    assert!(e.message().starts_with("Invalid operand"), "{e}");
    let e = hcl::eval::evaluate_str(&mixed, &hcl::eval::Context::new()).unwrap_err();
    assert!(e.message().starts_with("Invalid function argument"), "{e}");
}
