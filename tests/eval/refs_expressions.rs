//! `hcl::analysis::references`: the references of one expression, by the
//! rules of Go's `hclsyntax` `Expression.Variables()` as the oracle's
//! `GO-README.md` ("variables") documents them, each rule with the case
//! it names; and what Terraform 1.11 does where hcl v2.14.1 differs.

use hcl::analysis::{references, Reference, Step};
use hcl::parser::parse_expression;
use hcl::{Span, Value};

/// The references of `src`, shown as `text@start..end` (byte offsets).
#[track_caller]
fn refs(src: &str) -> Vec<String> {
    let parsed = parse_expression(src).unwrap_or_else(|e| panic!("{src:?}: {e}"));
    references(parsed.expr())
        .iter()
        .map(|r| format!("{r}@{}..{}", r.span.start, r.span.end))
        .collect()
}

/// The references of `src`, as values.
#[track_caller]
fn with_refs(src: &str, check: impl FnOnce(Vec<Reference<'_>>)) {
    let parsed = parse_expression(src).unwrap_or_else(|e| panic!("{src:?}: {e}"));
    check(references(parsed.expr()));
}

#[test]
fn a_reference_is_a_root_with_attribute_and_index_steps() {
    // expr/attr-index-chain
    with_refs(r#"var.a.b[0]["k"]"#, |r| {
        assert_eq!(
            r,
            [Reference {
                root: "var",
                steps: vec![
                    Step::Attr("a"),
                    Step::Attr("b"),
                    Step::Index(Value::from(0)),
                    Step::Index(Value::from("k")),
                ],
                span: Span::new(0, 15),
            }]
        )
    });
    // expr/bare-root
    assert_eq!(refs("a"), ["a@0..1"]);
    // expr/index-then-attr
    assert_eq!(refs("var.list[0].name"), ["var.list[0].name@0..16"]);
}

#[test]
fn constant_index_keys_keep_the_literal_s_type() {
    // expr/fractional-index, bool-index, null-index, leading-zero-index
    for (src, key) in [
        ("var.a[1.5]", Value::from(1.5)),
        ("var.a[true]", Value::Bool(true)),
        ("var.a[null]", Value::Null),
        ("var.a[01]", Value::from(1)),
        ("var.a[\"key with space\"]", Value::from("key with space")),
        // expr/escaped-string-index: the key is the unescaped string.
        ("var.a[\"a\\nb\\u00e9\"]", Value::from("a\nbé")),
    ] {
        with_refs(src, |r| {
            assert_eq!(r.len(), 1, "{src}");
            assert_eq!(r[0].steps, [Step::Attr("a"), Step::Index(key)], "{src}");
            assert_eq!(r[0].span, Span::new(0, src.len()), "{src}");
        });
    }
}

#[test]
fn keywords_are_literals_not_references() {
    // expr/literal-true, literal-false, keywords-in-conditional, traverse-off-null
    for src in ["true", "false", "null", "true ? null : false", "null.x"] {
        assert!(refs(src).is_empty(), "{src}");
    }
    // expr/attr-named-true: after a dot, `true` is an attribute name.
    with_refs("var.true", |r| assert_eq!(r[0].steps, [Step::Attr("true")]));
}

#[test]
fn a_reference_stops_at_a_computed_index() {
    // expr/dynamic-index: `.b` follows a computed value.
    assert_eq!(refs("var.a[var.i].b"), ["var.a@0..5", "var.i@6..11"]);
    // expr/dynamic-index-nested
    assert_eq!(
        refs("var.a[var.i[0]][local.j]"),
        ["var.a@0..5", "var.i[0]@6..14", "local.j@16..23"]
    );
    // expr/negative-index-then-attr: `-1` is a unary minus.
    assert_eq!(refs("var.a[-1].b"), ["var.a@0..5"]);
    // expr/template-index-is-not-constant
    assert_eq!(refs(r#"var.a["${"k"}"]"#), ["var.a@0..5"]);
}

#[test]
fn a_heredoc_without_interpolation_is_a_constant_key() {
    // expr/heredoc-index: the index "key\n", up to the `]` on line 4.
    with_refs("var.a[<<EOT\nkey\nEOT\n]", |r| {
        assert_eq!(r.len(), 1);
        assert_eq!(
            r[0].steps,
            [Step::Attr("a"), Step::Index(Value::from("key\n"))]
        );
        assert_eq!(r[0].span, Span::new(0, 21));
    });
}

#[test]
fn parentheses_stop_a_traversal() {
    // expr/parens-stop-traversal
    assert_eq!(refs("(var.a).b"), ["var.a@1..6"]);
    // expr/paren-conditional-attr
    assert_eq!(
        refs("(var.a ? var.b : var.c).d"),
        ["var.a@1..6", "var.b@9..14", "var.c@17..22"]
    );
}

#[test]
fn splats_report_what_is_before_them_then_the_keys_after() {
    // expr/attr-splat, resource-full-splat, resource-legacy-splat
    assert_eq!(refs("a.*.b"), ["a@0..1"]);
    assert_eq!(refs("a[*].b"), ["a@0..1"]);
    assert_eq!(refs("aws_instance.web[*].id"), ["aws_instance.web@0..16"]);
    assert_eq!(refs("aws_instance.web.*.id"), ["aws_instance.web@0..16"]);
    // expr/splat-after-index
    assert_eq!(refs("var.a[0][*].b"), ["var.a[0]@0..8"]);
    // expr/full-splat-dynamic-key, splat-then-ref-index
    assert_eq!(refs("a[*].b[var.i]"), ["a@0..1", "var.i@7..12"]);
    assert_eq!(refs("x[*].y[*].z[var.i]"), ["x@0..1", "var.i@12..17"]);
    // expr/attr-splat-then-full-index
    assert_eq!(refs("var.a.*.b[0]"), ["var.a@0..5"]);
}

#[test]
fn legacy_indexes_are_number_index_steps() {
    // expr/legacy-index-then-attr, legacy-index-leading-zero, legacy-index-twice-separated
    with_refs("a.0.b", |r| {
        assert_eq!(r[0].steps, [Step::Index(Value::from(0)), Step::Attr("b")])
    });
    with_refs("a.01.b", |r| {
        assert_eq!(r[0].steps, [Step::Index(Value::from(1)), Step::Attr("b")])
    });
    assert_eq!(refs("a.10.b.2"), ["a[10].b[2]@0..8"]);
    // expr/legacy-index-chained-error
    let err = parse_expression("a.0.1").unwrap_err();
    assert_eq!(err.line(), Some(1));
}

#[test]
fn identifiers_may_contain_dashes_and_unicode() {
    // expr/dash-in-ident, unicode-ident, underscore-idents
    with_refs("var.a-b", |r| assert_eq!(r[0].steps, [Step::Attr("a-b")]));
    with_refs("var.café.naïve", |r| {
        assert_eq!(r[0].steps, [Step::Attr("café"), Step::Attr("naïve")]);
        assert_eq!(r[0].span, Span::new(0, 16));
    });
    assert_eq!(refs("_x.a_1.__"), ["_x.a_1.__@0..9"]);
}

#[test]
fn object_keys_bare_names_are_literals_other_keys_are_walked() {
    // expr/object-bare-key-var, object-quoted-key
    assert!(refs("{ var = 1 }").is_empty());
    assert!(refs(r#"{ "var.k" = 1 }"#).is_empty());
    // expr/object-keys-dotted-and-indexed: a bare multi-step key is walked.
    assert_eq!(
        refs("[{ local.k = 1 }, { k[0] = 2 }, { k = 3 }]"),
        ["local.k@3..10", "k[0]@20..24"]
    );
    // expr/object-paren-bare-key, object-paren-key, object-template-key, object-paren-keyword-key
    assert_eq!(refs("{ (k) = v }"), ["k@3..4", "v@8..9"]);
    assert_eq!(refs("{ (var.k) = 1 }"), ["var.k@3..8"]);
    assert_eq!(refs(r#"{ "${var.k}" = 1 }"#), ["var.k@5..10"]);
    assert_eq!(refs("{ (true) = var.x }"), ["var.x@11..16"]);
    // expr/object-colon
    assert_eq!(
        refs("{ key: var.x, other: local.y }"),
        ["var.x@7..12", "local.y@21..28"]
    );
}

#[test]
fn type_expressions_are_ordinary_expressions() {
    // file/type-keyword-refs, as an expression.
    let shown: Vec<String> = refs("list(object({ a = string, b = optional(number, 1) }))");
    assert_eq!(shown, ["string@18..24", "number@39..45"]);
}

#[test]
fn for_variables_are_not_references_inside_the_for() {
    // expr/for-tuple, for-object, for-tuple-cond
    assert_eq!(refs("[for x in var.list : x.name]"), ["var.list@10..18"]);
    assert_eq!(refs("{for k, v in var.map : k => v}"), ["var.map@13..20"]);
    assert_eq!(
        refs("[for x in var.list : upper(x) if x != var.skip]"),
        ["var.list@10..18", "var.skip@38..46"]
    );
    // expr/for-collection-same-name: the collection is outside the scope.
    assert_eq!(refs("[for x in x : x]"), ["x@10..11"]);
    // expr/for-shadowing, for-nested
    assert_eq!(
        refs("[for x in var.a : [for x in x.b : x]]"),
        ["var.a@10..15"]
    );
    assert_eq!(
        refs("[for x in var.outer : [for y in x.inner : y + x.base + var.z]]"),
        ["var.outer@10..19", "var.z@55..60"]
    );
    // expr/for-free-var-in-body, for-free-splat, for-index-by-local
    assert_eq!(refs("[for x in var.l : y]"), ["var.l@10..15", "y@18..19"]);
    assert_eq!(
        refs("[for v in var.l : w[*].x]"),
        ["var.l@10..15", "w@18..19"]
    );
    assert_eq!(
        refs("[for x in var.l : var.m[x].name]"),
        ["var.l@10..15", "var.m@18..23"]
    );
    // expr/for-collection-refers-to-later-var: `y` is out of its scope.
    assert_eq!(
        refs("[for x in [for y in var.a : y] : [for z in x : z + y]]"),
        ["var.a@20..25", "y@51..52"]
    );
    // expr/for-result-indexed
    assert_eq!(
        refs("[for x in var.l : x][var.i]"),
        ["var.l@10..15", "var.i@21..26"]
    );
}

#[test]
fn template_for_variables_are_scoped_to_the_directive() {
    // expr/template-for, template-for-key-value
    assert_eq!(
        refs(r#""%{for x in var.xs}${x}-${var.sep}%{endfor}""#),
        ["var.xs@12..18", "var.sep@26..33"]
    );
    assert_eq!(
        refs(r#""%{for k, v in var.m}${k}=${v}%{endfor}""#),
        ["var.m@15..20"]
    );
    // expr/template-for-shadows-later: the `x` after `%{endfor}` is free.
    assert_eq!(
        refs(r#""%{for x in var.l}${x}%{endfor}${x}""#),
        ["var.l@12..17", "x@33..34"]
    );
    // expr/template-escaped-interp
    assert!(refs(r#""$${var.escaped} %%{if var.x}""#).is_empty());
}

#[test]
fn references_come_in_source_order_without_deduplication() {
    // expr/duplicate-refs
    assert_eq!(
        refs("var.a + var.a + var.a.b"),
        ["var.a@0..5", "var.a@8..13", "var.a.b@16..23"]
    );
    // expr/conditional, function-args-many, function-expand-arg, logic
    assert_eq!(
        refs("var.c ? var.t : var.f"),
        ["var.c@0..5", "var.t@8..13", "var.f@16..21"]
    );
    assert_eq!(
        refs("max(var.a, local.b, 3)"),
        ["var.a@4..9", "local.b@11..18"]
    );
    assert_eq!(refs("min(var.list...)"), ["var.list@4..12"]);
    assert_eq!(
        refs(r#"var.a == "x" && var.b != 1 || var.c"#),
        ["var.a@0..5", "var.b@16..21", "var.c@30..35"]
    );
    assert_eq!(refs("!var.flag"), ["var.flag@1..9"]);
    assert_eq!(refs("-var.n"), ["var.n@1..6"]);
}

#[test]
fn a_newline_may_come_before_a_dot_in_an_expression() {
    // expr/newline-before-dot: one traversal over two lines.
    assert_eq!(refs("var.a\n.b"), ["var.a.b@0..8"]);
}

#[test]
fn namespaced_function_calls_report_their_arguments_as_terraform_does() {
    // expr/namespaced-function-error, core-namespace-error: hcl v2.14.1
    // rejects these; hcl v2.20+ (Terraform 1.11) parses them and reports
    // only the arguments' references.
    assert_eq!(
        refs("provider::aws::arn_parse(var.arn)"),
        ["var.arn@25..32"]
    );
    assert_eq!(refs("core::upper(var.x)"), ["var.x@12..17"]);
}

#[test]
fn reference_text_is_the_source_it_spans() {
    for src in [
        "var.a + local.b[\"k\"]",
        "\"é${var.a}\"",
        "\"👩‍👩‍👧 ${var.a}\"",
        "\tvar.a",
    ] {
        with_refs(src, |r| {
            for reference in r {
                assert_eq!(&src[reference.span.range()], reference.to_string(), "{src}");
            }
        });
    }
}

#[test]
fn the_deepest_nesting_the_parser_allows_is_walked() {
    // 1,024 brackets, `for` expressions or parentheses (the default limit;
    // one more is a parse error).
    let n = 1024;
    for (open, close, width) in [("[", "]", 1), ("[for v in ", " : v]", 10), ("(", ")", 1)] {
        let src = format!("{}var.x{}", open.repeat(n), close.repeat(n));
        assert_eq!(
            refs(&src),
            [format!("var.x@{}..{}", width * n, width * n + 5)]
        );
        let deeper = format!("{}var.x{}", open.repeat(n + 1), close.repeat(n + 1));
        assert!(parse_expression(&deeper).is_err());
    }
}

#[test]
fn long_operator_chains_and_traversals_do_not_recurse() {
    let n = 100_000;
    let src = vec!["a"; n].join(" + ");
    let parsed = parse_expression(&src).unwrap();
    let r = references(parsed.expr());
    assert_eq!(r.len(), n);
    assert_eq!(r[n - 1].span, Span::new(src.len() - 1, src.len()));
    let src = format!("a{}", ".b".repeat(n));
    let parsed = parse_expression(&src).unwrap();
    let r = references(parsed.expr());
    assert_eq!(r.len(), 1);
    assert_eq!(r[0].steps.len(), n);
}
