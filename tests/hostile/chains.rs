//! Hostile input: 100,000-term operator chains go through every stage —
//! parse, evaluate, format, serialize, deserialize, drop — without deep
//! recursion (test threads have 2 MiB stacks, debug builds big frames).

use hcl::eval::{evaluate_str, Context, EvalMode, Evaluate};
use hcl::{Body, Value};

const N: usize = 100_000;

/// `1 + 1 + ... + 1` with `n` terms.
fn sum_chain(n: usize) -> String {
    let mut s = String::with_capacity(4 * n);
    s.push('1');
    for _ in 1..n {
        s.push_str(" + 1");
    }
    s
}

#[test]
fn addition_chain_parses_and_evaluates() {
    let v = evaluate_str(&sum_chain(N), &Context::new()).unwrap();
    assert_eq!(v, Value::from(N as u64));
}

#[test]
fn mixed_precedence_chain_evaluates_exactly() {
    // 1 * 1 - 1 + 2 * 1 ... : every `a * 1 - 1 + 2` group adds 1.
    let mut s = String::from("0");
    for _ in 0..N / 4 {
        s.push_str(" + 2 * 1 - 1");
    }
    let v = evaluate_str(&s, &Context::new()).unwrap();
    assert_eq!(v, Value::from((N / 4) as u64));
    // Logical chain: true && true || false && ... is true.
    let mut b = String::from("true");
    for i in 0..N {
        b.push_str(if i % 2 == 0 { " && true" } else { " || false" });
    }
    assert_eq!(
        evaluate_str(&b, &Context::new()).unwrap(),
        Value::Bool(true)
    );
    // `1 == 1 == 1 ...` compares a bool with a number from the second
    // operator on: false (as `terraform console` says for `1 == 1 == 1`).
    let mut c = String::from("1");
    for _ in 0..N {
        c.push_str(" == 1");
    }
    assert_eq!(
        evaluate_str(&c, &Context::new()).unwrap(),
        Value::Bool(false)
    );
}

#[test]
fn chain_with_an_error_at_the_end_points_at_the_last_term() {
    let mut s = sum_chain(N);
    s.push_str(" + \"x\"");
    let err = evaluate_str(&s, &Context::new()).unwrap_err();
    assert_eq!(err.line(), Some(1));
    assert_eq!(err.column(), Some(s.len() - 2));
    assert!(err.message().contains("number"), "{err}");
}

#[test]
fn chain_in_a_file_goes_through_from_str_format_and_to_string() {
    let src = format!("a = {}\nb = 2\n", sum_chain(N));
    // Deserialize (evaluates the chain).
    let v: Value = hcl::from_str(&src).unwrap();
    assert_eq!(v["a"], Value::from(N as u64));
    assert_eq!(v["b"], Value::from(2));
    // Format keeps the chain on one line, and the result parses to the same value.
    let file = hcl::parse(&src).unwrap();
    let body = file.body();
    let formatted = hcl::format::format_body(body);
    assert_eq!(formatted.lines().count(), 2, "{}", &formatted[..80]);
    assert!(formatted.starts_with("a = 1 + 1 + 1"));
    let again: Value = hcl::from_str(&formatted).unwrap();
    assert_eq!(again, v);
    // Serializing the syntax tree (JSON form of the body) does not recurse per term.
    let json = serde_json::to_string(body).unwrap();
    assert!(json.len() > 4 * N, "{}", json.len());
    // to_string of the evaluated value, and back.
    let text = hcl::to_string(&v).unwrap();
    assert_eq!(text, format!("a = {N}\nb = 2\n"));
    // Template-preserving evaluation keeps an unknown chain as written.
    let src = format!("a = {} + var.x\n", sum_chain(N));
    let file = hcl::parse(&src).unwrap();
    let ctx = Context::new().with_mode(EvalMode::PreserveTemplates);
    let v = hcl::eval::evaluate_with_source(file.body(), &src, &ctx).unwrap();
    let kept = v["a"].as_str().unwrap();
    assert!(kept.starts_with("${1 + 1") && kept.ends_with(" + var.x}"));
    drop(file);
}

#[test]
fn chain_without_source_prints_back_from_the_tree() {
    let src = format!("{} + var.x", sum_chain(N));
    let parsed: hcl::syntax::ParsedExpression<'static> = src.parse().unwrap();
    // The bare tree, evaluated without its source text.
    let expr: &hcl::Expression<'_> = parsed.expr();
    let ctx = Context::new().with_mode(EvalMode::PreserveTemplates);
    let v = expr.evaluate(&ctx).unwrap();
    assert_eq!(v.as_str().map(str::len), Some(src.len() + 3));
    let printed = hcl::format::format_expression(expr);
    assert_eq!(printed, src);
}

#[test]
fn long_chains_inside_templates_and_objects() {
    let src = format!(
        "a = \"${{{}}}\"\nb = {{ k = {} }}\n",
        sum_chain(N),
        sum_chain(N)
    );
    let v: Value = hcl::from_str(&src).unwrap();
    assert_eq!(v["a"], Value::from(N as u64));
    assert_eq!(v["b"]["k"], Value::from(N as u64));
    let file = hcl::parse(&src).unwrap();
    let body: &Body<'_> = file.body();
    let formatted = hcl::format::format_body(body);
    assert_eq!(hcl::from_str::<Value>(&formatted).unwrap(), v);
}

#[test]
fn long_conditional_chain_is_a_depth_error_not_a_crash() {
    // `c ? 1 : c ? 1 : ...` nests to the right: the parser's depth limit applies.
    let src = format!("a = {}2\n", "true ? 1 : ".repeat(N));
    let err = hcl::parse(&src).unwrap_err();
    assert_eq!(err.kind(), hcl::ErrorKind::Limit);
    assert!(err.message().contains("nesting too deep"), "{err}");
    assert_eq!(err.line(), Some(1));
}

#[test]
fn chain_trees_clone_and_compare_without_recursion() {
    let src = format!("a = {} + x\n", sum_chain(N));
    let body = hcl::parse(&src).unwrap();
    let copy = body.clone();
    assert_eq!(copy, body);
    // A difference at the far left end (the first term) is seen.
    let other_src = format!("a = 2{} + x\n", &sum_chain(N)[1..]);
    let other = hcl::parse(&other_src).unwrap();
    assert_ne!(other, body);
    assert!(hcl::format::eq_ignoring_spans(copy.body(), body.body()));
    assert!(!hcl::format::eq_ignoring_spans(other.body(), body.body()));
    // Same terms, different operator in the middle.
    let mid = src.replacen(" + 1", " - 1", 1);
    assert_ne!(hcl::parse(&mid).unwrap(), body);
}

#[test]
fn chain_trees_debug_print_without_recursion() {
    let src = format!("a = {} + x\n", sum_chain(N));
    let body = hcl::parse(&src).unwrap();
    let shown = format!("{body:?}");
    // Every operator and term is shown once.
    assert_eq!(shown.matches("Add").count(), N);
    assert!(
        shown.contains("Variable(\"x\")"),
        "{}",
        &shown[shown.len() - 300..]
    );
    // A single operator keeps the usual layout.
    let one = format!("{:?}", hcl::parser::parse_expression("1 + 2").unwrap());
    assert!(
        one.contains("lhs: Expression") && one.contains("rhs: Expression"),
        "{one}"
    );
}

#[test]
fn references_of_a_million_term_chain_on_one_line_are_located_in_one_pass() {
    // `var.x || var.x || ...` on one line: every reference's line and
    // column (grapheme clusters, after a multi-byte string).
    let n = 1_000_000;
    let mut src = String::from("a = \"é\" == var.x");
    for _ in 1..n {
        src.push_str(" || var.x");
    }
    src.push('\n');
    let file = hcl::parse(&src).unwrap();
    let refs = hcl::analysis::body_references(file.body());
    assert_eq!(refs.len(), n);
    let at = hcl::error::Locator::new(&src);
    let last = refs.last().unwrap();
    let v = hcl::analysis::reference_value(None, &last.reference, &at);
    let start = hcl::error::Location::of(&src, last.reference.span.start());
    assert_eq!(v["start"]["line"], Value::from(1));
    assert_eq!(v["start"]["column"], Value::from(start.column as u64));
    // The first term starts at column 12 (`a = "é" == ` is 11 characters).
    let first = at.locate(refs[0].reference.span.start());
    assert_eq!((first.line, first.column), (1, 12));
    // "a = \"é\" == " then 999,999 times " || var.x" before the last one.
    assert_eq!(start.column, 12 + (n - 1) * 9);
}
