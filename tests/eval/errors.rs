//! Errors: kind, position (line, column, snippet) and naming.

use crate::common;
use common::*;
use hcl::eval::{evaluate_body_str, Context, Evaluate};
use hcl::ErrorKind;

#[test]
fn undefined_variable_is_named_with_position() {
    let e = check_err("1 + nope", "\"nope\"");
    assert_eq!(e.kind(), ErrorKind::Eval);
    assert_eq!((e.line(), e.column()), (Some(1), Some(5)));
    check_err("var.nope", "\"var\"");
}

#[test]
fn undefined_function_is_named() {
    let e = check_err("nosuchfn(1)", "Call to unknown function");
    assert!(e.message().contains("\"nosuchfn\""), "{}", e.message());
    assert_eq!(e.column(), Some(1));
    check_err("provider::foo::bar(1)", "Unknown provider function");
}

#[test]
fn empty_context_has_no_functions() {
    let ctx = Context::empty();
    let e = hcl::eval::evaluate_str("upper(\"a\")", &ctx).unwrap_err();
    assert!(e.message().contains("\"upper\""), "{}", e.message());
    // try and can are functions too (HCL's `tryfunc`).
    let e = hcl::eval::evaluate_str("try([][0], 2)", &ctx).unwrap_err();
    assert!(
        e.message().contains("no function named \"try\""),
        "{}",
        e.message()
    );
}

#[test]
fn error_display_has_snippet() {
    let src = "a = 1\nb = {x = 1}.y\n";
    let e = evaluate_body_str(src, &Context::new()).unwrap_err();
    // (At `.y`, its dot included, as Terraform shows it.)
    assert_eq!((e.line(), e.column()), (Some(2), Some(12)));
    let shown = e.to_string();
    assert!(shown.contains("2 | b = {x = 1}.y"), "{shown}");
    assert!(shown.contains("Unsupported attribute"), "{shown}");
}

#[test]
fn evaluate_without_source_gives_span_then_with_source() {
    let src = "x = [1][3]\n";
    let file = hcl::parse(src).unwrap();
    // The bare tree has no source text (the ConfigFile would add it).
    let e = file.body().evaluate(&Context::new()).unwrap_err();
    // (The index with its brackets, as Terraform shows it.)
    assert_eq!(e.span(), Some(hcl::Span::new(7, 10)));
    assert_eq!(e.line(), None);
    let e = e.with_source(src);
    assert_eq!((e.line(), e.column()), (Some(1), Some(8)));
}

#[test]
fn try_and_can() {
    check("try(\"x\", \"y\")", serde_json::json!("x"));
    check("try([1][3], \"fallback\")", serde_json::json!("fallback"));
    check("try({a = 1}.b, {a = 1}.a, 0)", serde_json::json!(1));
    check("try(null, \"x\")", serde_json::json!(null));
    check("try(\"a\" + 1, 5)", serde_json::json!(5));
    check(
        "[can([1][0]), can([1][1])]",
        serde_json::json!([true, false]),
    );
    check("can(1 + \"a\")", serde_json::json!(false));
    check_err("try([][0], {}.x)", "no expression succeeded");
    // References to undefined variables are not caught (as Terraform).
    check_err("try(var.nope, 1)", "\"var\"");
    check_err("can(nope)", "\"nope\"");
}

#[test]
fn function_argument_errors() {
    let mut ctx = Context::new();
    ctx.declare_func(
        "f",
        hcl::eval::FuncDef::builder()
            .param("a", hcl::eval::ParamType::Number)
            .param("b", hcl::eval::ParamType::String)
            .build(|_| Ok(hcl::Value::Null)),
    );
    let err = |src: &str| hcl::eval::evaluate_str(src, &ctx).unwrap_err();
    let e = err("f(1)");
    assert!(
        e.message().starts_with("Not enough function arguments"),
        "{}",
        e.message()
    );
    assert!(e.message().contains("\"b\""), "{}", e.message());
    let e = err("f(1, \"a\", 3)");
    assert!(
        e.message().starts_with("Too many function arguments"),
        "{}",
        e.message()
    );
    assert_eq!(e.column(), Some(11));
    let e = err("f({}, \"a\")");
    assert!(
        e.message().starts_with("Invalid function argument"),
        "{}",
        e.message()
    );
    let e = err("f([1]..., 2)");
    assert_eq!(e.kind(), ErrorKind::Parse);
    let e = err("f(5...)");
    assert!(
        e.message().contains("Invalid expanding argument value"),
        "{}",
        e.message()
    );
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let depth = 100;
    let src = format!("{}1{}", "[".repeat(depth), "]".repeat(depth));
    // Whatever the parser's limit, evaluation must not overflow the stack.
    let _ = hcl::eval::evaluate_str(&src, &Context::new());
}

pub fn nest<'a>(arena: &'a hcl::syntax::Arena, depth: usize, kind: usize) -> hcl::Expression<'a> {
    use hcl::syntax::*;
    let span = Span::new(0, 1);
    let mut e = Expression::new(
        ExprKind::Number(arena.alloc(NumberLit::new(arena, &hcl::Number::from(1), "1"))),
        span,
    );
    for _ in 0..depth {
        let kind = match kind {
            0 => ExprKind::Tuple(arena.alloc_slice(&[e])),
            1 => ExprKind::Parenthesis(arena.alloc(e)),
            2 => ExprKind::Object(arena.alloc_slice(&[ObjectItem {
                key: ObjectKey::Ident(Ident::new("a", span)),
                value: e,
                separator: ObjectSeparator::Equals,
            }])),
            _ => ExprKind::Template(arena.alloc(TemplateExpr {
                kind: TemplateKind::Quoted,
                template: Template {
                    elements: arena.alloc_slice(&[
                        Element::Literal(Literal { value: "x", span }),
                        Element::Interpolation(Interpolation {
                            expr: e,
                            strip: Strip::default(),
                            span,
                        }),
                    ]),
                    span,
                },
            })),
        };
        e = Expression::new(kind, span);
    }
    e
}

#[test]
fn evaluation_depth_is_limited() {
    // Deeper than any tree the parser builds with its default limit (256),
    // and than the evaluator's depth limit (10,000): a Limit error (from
    // that limit or from the stack budget, whichever comes first at this
    // build's optimisation level) instead of a stack overflow of the 2 MiB
    // test thread.
    for kind in 0..4 {
        let arena = hcl::syntax::Arena::new();
        assert!(nest(&arena, 100, kind).evaluate(&Context::new()).is_ok());
        let deep = nest(&arena, 20_000, kind);
        let e = deep.evaluate(&Context::new()).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Limit, "{e}");
        // The arena frees the tree without recursion.
    }
}

#[test]
fn error_summaries_match_terraform() {
    // Each checked with terraform console 1.11 (the summary line).
    for (src, summary) in [
        ("[{a = {b = [5, 6]}}].*.a.b[1]", "Invalid index"),
        (
            "true ? {x = 1} : {y = true}",
            "Inconsistent conditional result types",
        ),
        ("[for x in [1] : x if x]", "Invalid 'for' condition"),
        ("{for x in [1, 2] : \"k\" => x}", "Duplicate object key"),
        (
            "\"%{ for x in \"abc\" }${x}%{ endfor }\"",
            "Iteration over non-iterable value",
        ),
        ("\"a${null}b\"", "Invalid template interpolation value"),
        ("[1, 2][\"x\"]", "Invalid index"),
        ("{a = 1}[null]", "Invalid index"),
        ("{a = 1}.a.b", "Unsupported attribute"),
        ("\"x\".y", "Unsupported attribute"),
        ("-\"abc\"", "Invalid operand"),
        ("!1", "Invalid operand"),
        ("1 + true", "Invalid operand"),
        ("[1] + 1", "Invalid operand"),
        ("null > 1", "Operation failed"),
        ("try()", "Error in function call"),
        ("can(1, 2)", "Too many function arguments"),
        ("[for x in [1, 2] : x][2]", "Invalid index"),
    ] {
        let e = ev_err(src);
        assert!(
            e.message().starts_with(summary),
            "{src}: {:?} does not start with {summary:?}",
            e.message()
        );
    }
}

#[test]
fn templatestring_wants_a_reference() {
    // Terraform 1.11.4 (`terraform console`, locals m = {a = "x${y}"},
    // k = "a", t = "v=${y}"): its detail for each kind of template argument.
    let mut ctx = Context::new();
    ctx.declare_var("t", hcl::Value::from("v=${y}"));
    ctx.declare_var("k", hcl::Value::from("a"));
    let m = hcl::eval::evaluate_str("{a = \"x$${y}\"}", &Context::new()).unwrap();
    ctx.declare_var("m", m);
    const WRAP: &str = "to treat the inner expression as template syntax, write the reference expression directly without any template interpolation syntax";
    const LITERAL: &str = "and so does not support providing a literal template";
    const INLINE: &str =
        "to render an inline template, consider using a plain template string expression";
    const REFERENCE: &str = "must be a direct reference to a single string from elsewhere";
    for (src, detail) in [
        ("templatestring(\"${t}\", {y = 1})", WRAP),
        ("templatestring(\"${~t~}\", {y = 1})", WRAP),
        ("templatestring(\"abc\", {y = 1})", LITERAL),
        ("templatestring(\"\", {y = 1})", LITERAL),
        ("templatestring(\"a$${x}\", {y = 1})", LITERAL),
        ("templatestring(<<EOT\nabc\nEOT\n, {y = 1})", LITERAL),
        ("templatestring(\"plain ${1 + 1}\", {})", INLINE),
        ("templatestring(\"${t}${t}\", {y = 1})", INLINE),
        ("templatestring(\"%{if true}x%{endif}\", {y = 1})", INLINE),
        ("templatestring(lower(t), {})", REFERENCE),
        ("templatestring((t), {y = 1})", REFERENCE),
        ("templatestring(((t)), {y = 1})", REFERENCE),
        ("templatestring([t][0], {y = 1})", REFERENCE),
        ("templatestring(values(m)[0], {y = 1})", REFERENCE),
        (
            "templatestring(m[*], {y = 1})",
            "invalid template value: a string is required",
        ),
    ] {
        let e = hcl::eval::evaluate_str(src, &ctx).unwrap_err();
        assert!(
            e.message().starts_with(
                "Invalid function argument: Invalid value for \"template\" parameter:"
            ) && e.message().contains(detail),
            "{src}: {e}"
        );
    }
    // A reference, or an index (whatever its key), attribute access or
    // splat of one.
    for (src, want) in [
        ("templatestring(t, {y = 1})", "v=1"),
        ("templatestring(m[k], {y = 1})", "x1"),
        ("templatestring(m[\"a\"], {y = 1})", "x1"),
        ("templatestring(m.a, {y = 1})", "x1"),
    ] {
        assert_eq!(
            hcl::eval::evaluate_str(src, &ctx).unwrap(),
            hcl::Value::from(want),
            "{src}"
        );
    }
}

#[test]
fn templatestring_of_an_indexed_reference_loads_unevaluated() {
    // cloud-foundation-fabric's modules/gcs/tags.tf: the call is kept as a
    // template when its references are not known.
    let v: hcl::Value = hcl::from_str("t = templatestring(local.m[each.key], var.v)\n").unwrap();
    assert_eq!(
        v,
        hcl::Value::from_iter([("t", "${templatestring(local.m[each.key], var.v)}")])
    );
}

#[test]
fn a_reference_as_a_bare_object_key_is_ambiguous() {
    // Terraform: "Ambiguous attribute key" at the key; parentheses make it
    // a reference, quotes a name.
    let mut ctx = Context::new();
    ctx.declare_var(
        "var",
        hcl::Value::from_iter([("greeting", hcl::Value::from("hi"))]),
    );
    let e = hcl::eval::evaluate_str("{ var.greeting = \"world\" }", &ctx).unwrap_err();
    assert!(e.message().starts_with("Ambiguous attribute key: If this expression is intended to be a reference, wrap it in parentheses."), "{e}");
    assert_eq!((e.line(), e.column()), (Some(1), Some(3)));
    let v = hcl::eval::evaluate_str("{ (var.greeting) = 1, \"var.greeting\" = 2 }", &ctx).unwrap();
    assert_eq!(v["hi"], 1i64);
    assert_eq!(v["var.greeting"], 2i64);
}

/// A value that does not convert where the language needs a primitive
/// (operands, `for` conditions and keys, object keys, indexes, template
/// interpolations) fails with cty's words, as Terraform 1.11.4 prints them
/// (`terraform console`): a string that does not read as the type is not
/// "a number"; any other value is not of the type at all.
#[test]
fn failed_conversions_read_as_terraform_s() {
    let cases = [
        (
            "[for x in [1] : x if [1]]",
            "Invalid 'for' condition: The 'if' clause value is invalid: bool required.",
        ),
        (
            "[for x in [1] : x if \"maybe\"]",
            "Invalid 'for' condition: The 'if' clause value is invalid: a bool is required.",
        ),
        (
            "{for x in [1] : [x] => x}",
            "Invalid object key: The key expression produced an invalid result: string required.",
        ),
        (
            "{([1]) = 1}",
            "Incorrect key type: Can't use this value as a key: string required.",
        ),
        (
            "\"x\" && true",
            "Invalid operand: Unsuitable value for left operand: a bool is required.",
        ),
        (
            "{a = 1} + 1",
            "Invalid operand: Unsuitable value for left operand: number required.",
        ),
        (
            "-\"x\"",
            "Invalid operand: Unsuitable value for unary operand: a number is required.",
        ),
        (
            "[1][[1]]",
            "Invalid index: The given key does not identify an element in this collection value: number required.",
        ),
        (
            "[1][\"x\"]",
            "Invalid index: The given key does not identify an element in this collection value: a number is required.",
        ),
        (
            "{a = 1}[[1]]",
            "Invalid index: The given key does not identify an element in this collection value: string required.",
        ),
        (
            "\"${[1]}x\"",
            "Invalid template interpolation value: Cannot include the given value in a string template: string required.",
        ),
    ];
    for (src, want) in cases {
        let e = hcl::eval::evaluate_str(src, &Context::new()).unwrap_err();
        assert_eq!(e.message(), want, "{src}");
    }
}

#[test]
fn a_functions_refusal_of_an_argument_points_at_it() {
    // HCL's rules for a function's `ArgError` (hclsyntax's
    // FunctionCallExpr.Value): at the argument's start; for a variadic
    // parameter's argument not given, at the whole call; for an index past
    // every parameter, a failure of the call at its name.
    use hcl::eval::{FuncDef, FuncError, ParamType};
    let mut ctx = Context::new();
    let refuse = |i: usize| move |_: Vec<hcl::Value>| Err(FuncError::arg(i, "no"));
    ctx.declare_func(
        "v",
        FuncDef::builder()
            .param("a", ParamType::Any)
            .variadic("rest", ParamType::Any)
            .build(refuse(2)),
    );
    ctx.declare_func(
        "f",
        FuncDef::builder()
            .param("a", ParamType::Any)
            .build(refuse(3)),
    );
    let at = |src: &str| {
        let e = hcl::eval::evaluate_str(src, &ctx).unwrap_err();
        let r = e.diagnostics().next().unwrap().range.unwrap();
        (e.message().to_owned(), r.start.column, r.end.column)
    };
    assert_eq!(
        at("v(1, 2, [3])"),
        (
            "Invalid function argument: Invalid value for \"rest\" parameter: no.".to_owned(),
            9,
            10
        )
    );
    assert_eq!(
        at("v(1)"),
        (
            "Invalid function argument: Invalid value for \"rest\" parameter: no.".to_owned(),
            1,
            5
        )
    );
    assert_eq!(
        at("f(1)"),
        (
            "Error in function call: Call to function \"f\" failed: no.".to_owned(),
            1,
            3
        )
    );
}
