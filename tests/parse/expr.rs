//! The expression language (hclsyntax-spec.md "Expressions"): literals,
//! collections, templates as terms, variables, calls, `for`, traversals,
//! splats, operators with precedence and associativity, conditionals.
//!
//! `show` renders a tree as a compact S-expression so that the expected
//! shapes below can be written from the spec's rules.

use hcl::parser::parse_expression;
use hcl::syntax::*;

fn show(e: &Expression<'_>) -> String {
    match &e.kind {
        ExprKind::Null => "null".into(),
        ExprKind::Bool(b) => b.to_string(),
        ExprKind::Number(n) => n.raw.to_string(),
        ExprKind::String(s) => format!("{s:?}"),
        ExprKind::Template(t) => {
            let parts: Vec<String> = t
                .template
                .elements
                .iter()
                .map(|el| match el {
                    Element::Literal(l) => format!("{:?}", l.value),
                    Element::Interpolation(i) => format!("${{{}}}", show(&i.expr)),
                    Element::Directive(_) => "%{..}".into(),
                })
                .collect();
            format!("(tmpl {})", parts.join(" "))
        }
        ExprKind::Variable(v) => v.to_string(),
        ExprKind::Tuple(items) => {
            format!("[{}]", items.iter().map(show).collect::<Vec<_>>().join(" "))
        }
        ExprKind::Object(items) => {
            let parts: Vec<String> = items
                .iter()
                .map(|it| {
                    let k = match &it.key {
                        ObjectKey::Ident(i) => format!("'{}", i.name),
                        ObjectKey::Expression(e) => show(e),
                    };
                    let sep = match it.separator {
                        ObjectSeparator::Equals => "=",
                        ObjectSeparator::Colon => ":",
                    };
                    format!("{k}{sep}{}", show(&it.value))
                })
                .collect();
            format!("{{{}}}", parts.join(" "))
        }
        ExprKind::FuncCall(f) => format!(
            "({}{} {})",
            f.name.to_full_name(),
            if f.expand_final { "..." } else { "" },
            f.args.iter().map(show).collect::<Vec<_>>().join(" ")
        ),
        ExprKind::Traversal(t) => {
            let mut s = show(&t.expr);
            for op in t.operators {
                match &op.kind {
                    TraversalOperatorKind::GetAttr(i) => s.push_str(&format!(".{}", i.name)),
                    TraversalOperatorKind::Index(e) => s.push_str(&format!("[{}]", show(e))),
                    TraversalOperatorKind::LegacyIndex(n) => s.push_str(&format!(".#{n}")),
                    TraversalOperatorKind::AttrSplat => s.push_str(".*"),
                    TraversalOperatorKind::FullSplat => s.push_str("[*]"),
                }
            }
            s
        }
        ExprKind::Unary(u) => format!("({} {})", u.operator.as_str(), show(&u.expr)),
        ExprKind::Binary(b) => format!(
            "({} {} {})",
            b.operator.as_str(),
            show(&b.lhs),
            show(&b.rhs)
        ),
        ExprKind::Conditional(c) => format!(
            "(? {} {} {})",
            show(&c.cond),
            show(&c.true_expr),
            show(&c.false_expr)
        ),
        ExprKind::For(f) => {
            let vars = match &f.key_var {
                Some(k) => format!("{},{}", k.name, f.value_var.name),
                None => f.value_var.name.to_string(),
            };
            let body = match &f.key_expr {
                Some(k) => format!("{} => {}", show(k), show(&f.value_expr)),
                None => show(&f.value_expr),
            };
            format!(
                "(for {vars} in {}: {body}{}{})",
                show(&f.collection),
                if f.grouping { "..." } else { "" },
                f.cond
                    .as_ref()
                    .map(|c| format!(" if {}", show(c)))
                    .unwrap_or_default()
            )
        }
        ExprKind::Parenthesis(e) => format!("({})", show(e)),
    }
}

#[track_caller]
fn check(src: &str, expected: &str) {
    let e = parse_expression(src).unwrap_or_else(|err| panic!("{src:?}: {err}"));
    assert_eq!(show(e.expr()), expected, "source: {src:?}");
}

#[track_caller]
fn fails(src: &str) {
    // Embedded as an attribute, the way Terraform reads it.
    let file = format!("a = {src}\n");
    assert!(hcl::parse(&file).is_err(), "{src:?} should not parse");
}

#[test]
fn literals() {
    check("null", "null");
    check("true", "true");
    check("false", "false");
    check("42", "42");
    check("007", "007");
    check("1.5", "1.5");
    check("1e3", "1e3");
    check("1.25E-2", "1.25E-2");
    check("2e+10", "2e+10");
    let e = parse_expression("007").unwrap();
    match e.expr().kind {
        ExprKind::Number(n) => assert_eq!(n.value().as_u64(), Some(7)),
        k => panic!("{k:?}"),
    }
    let e = parse_expression("1.5e1").unwrap();
    match e.expr().kind {
        ExprKind::Number(n) => assert_eq!(n.value().as_f64(), 15.0),
        k => panic!("{k:?}"),
    }
    let big = parse_expression("123456789012345678901234567890").unwrap();
    match big.expr().kind {
        ExprKind::Number(n) => {
            assert_eq!(n.raw, "123456789012345678901234567890");
            assert!((n.value().as_f64() - 1.2345678901234568e29).abs() < 1e15);
        }
        k => panic!("{k:?}"),
    }
    // oracle item 40: no hex literals; `.5` is not a number.
    fails("0x10");
    fails(".5");
}

#[test]
fn keywords_are_only_special_alone() {
    check("nullable", "nullable");
    check("true_thing", "true_thing");
    check("null.x", "null.x");
}

#[test]
fn tuples() {
    check("[]", "[]");
    check("[1, 2, 3]", "[1 2 3]");
    check("[1, 2,]", "[1 2]");
    check("[\n  1,\n  2\n]", "[1 2]");
    check("[[1], [2, [3]]]", "[[1] [2 [3]]]");
    // Commas are required between tuple elements (terraform: "Missing item separator").
    fails("[1 2]");
    fails("[1,,2]");
    fails("[,]");
}

#[test]
fn objects() {
    check("{}", "{}");
    check("{a = 1, b = 2}", "{'a=1 'b=2}");
    check("{a: 1, b: 2}", "{'a:1 'b:2}");
    check("{\n  a = 1\n  b = 2\n}", "{'a=1 'b=2}");
    check("{a = 1,\n b = 2,\n}", "{'a=1 'b=2}");
    check("{\"k\" = 1}", "{\"k\"=1}");
    check("{(k) = 1}", "{(k)=1}");
    check("{1 = 1, true = 2, null = 3}", "{1=1 'true=2 'null=3}");
    check("{a = {b = [1, {c = 2}]}}", "{'a={'b=[1 {'c=2}]}}");
    check("{\"${x}\" = 1}", "{(tmpl ${x})=1}");
    // Newlines separate items, so a value cannot continue on the next line
    // (terraform: "Invalid expression" for `b =\n 1`).
    fails("{\n b =\n 1 }");
    fails("{a = 1 b = 2}");
    fails("{a}");
}

#[test]
fn for_keyword_ambiguity() {
    // hclsyntax-spec.md: the `for` interpretation has priority.
    fails("[for, foo, baz]");
    fails("{for = 1, baz = 2}");
    check("[(for), foo, baz]", "[(for) foo baz]");
    check("{\"for\" = 1, baz = 2}", "{\"for\"=1 'baz=2}");
    check("{baz = 2, for = 1}", "{'baz=2 'for=1}");
    check("{(for) = 1, baz = 2}", "{(for)=1 'baz=2}");
    check("[format, for_each]", "[format for_each]");
    // oracle item 10: `if` and `in` work as bare keys.
    check("{if = 1, in = 2}", "{'if=1 'in=2}");
}

#[test]
fn variables_and_calls() {
    check("foo", "foo");
    check("upper(x)", "(upper x)");
    check("f()", "(f )");
    check("f(1, 2)", "(f 1 2)");
    check("f(1, 2,)", "(f 1 2)");
    check("f(\n  1,\n  2\n)", "(f 1 2)");
    check("f(a, b...)", "(f... a b)");
    check("f(xs...)", "(f... xs)");
    check(
        "provider::aws::arn_parse(x)",
        "(provider::aws::arn_parse x)",
    );
    check("core::upper(\"x\")", "(core::upper \"x\")");
    check("f(g(h(1)))", "(f (g (h 1)))");
    // oracle item 39: `...` must be the last argument.
    fails("f(a..., b)");
    fails("f(a...,)");
    fails("f(1 2)");
    fails("provider::aws");
}

#[test]
fn for_expressions() {
    check("[for v in xs : v]", "(for v in xs: v)");
    check("[for i, v in xs : i]", "(for i,v in xs: i)");
    check("{for k, v in m : k => v}", "(for k,v in m: k => v)");
    check("{for k, v in m : v => k...}", "(for k,v in m: v => k...)");
    check("[for v in xs : v if v > 1]", "(for v in xs: v if (> v 1))");
    check(
        "{for i, v in [\"a\", \"b\"] : v => i if i < 1}",
        "(for i,v in [\"a\" \"b\"]: v => i if (< i 1))",
    );
    // oracle item 25: multi-line `for` inside brackets.
    check(
        "[\n  for v in xs :\n  upper(v)\n  if v != \"\"\n]",
        "(for v in xs: (upper v) if (!= v \"\"))",
    );
    check("[for v in xs : v ? 1 : 2]", "(for v in xs: (? v 1 2))");
    // oracle item 24: `...` in a tuple `for` is a parse error.
    fails("[for x in y : x...]");
    fails("[for x in y]");
    fails("{for k, v in m : k}");
    fails("[for x, y, z in m : x]");
}

#[test]
fn traversals_and_splats() {
    check("a.b.c", "a.b.c");
    check("a[0]", "a[0]");
    check("a[\"k\"].b", "a[\"k\"].b");
    check("a.0", "a.#0");
    check("a.0.b", "a.#0.b");
    check("a[*].b", "a[*].b");
    check("a.*.b", "a.*.b");
    check("a[*].b[0]", "a[*].b[0]");
    check("a.*.b[0]", "a.*.b[0]");
    check("a[ * ]", "a[*]");
    check("f(x).y[1]", "(f x).y[#1]".replace("#1", "1").as_str());
    check("[1, 2][0]", "[1 2][0]");
    check("{a = 1}.a", "{'a=1}.a");
    check("\"s\"[*]", "\"s\"[*]");
    check("(a).b", "(a).b");
    check("a[\n  0\n]", "a[0]");
    check("a[b[c]]", "a[b[c]]");
    // oracle item 12 / spec: chained legacy index is invalid.
    fails("x.1.0");
    fails("a.");
    fails("a.\"b\"");
}

#[test]
fn unary_operators() {
    check("-1", "(- 1)");
    check("!a", "(! a)");
    check("--1", "(- (- 1))");
    check("!!a", "(! (! a))");
    check("-a.b", "(- a.b)");
    check("-x + 1", "(+ (- x) 1)");
    check("!a && b", "(&& (! a) b)");
}

#[test]
fn binary_precedence_levels() {
    // Level 6 binds tighter than 5, 5 than 4, ... 2 than 1.
    check("1 + 2 * 3", "(+ 1 (* 2 3))");
    check("1 * 2 + 3", "(+ (* 1 2) 3)");
    check("a + b > c - d", "(> (+ a b) (- c d))");
    check("a > b == c < d", "(== (> a b) (< c d))");
    check("a == b && c != d", "(&& (== a b) (!= c d))");
    check("a && b || c && d", "(|| (&& a b) (&& c d))");
    check("a || b && c", "(|| a (&& b c))");
    check("1 % 2 * 3 / 4", "(/ (* (% 1 2) 3) 4)");
    check("a <= b", "(<= a b)");
    check("a >= b", "(>= a b)");
    // Every level pending at once (the deepest operator stack), then all
    // reduced by a lowest-level operator.
    check(
        "a || b && c == d < e + f * g || h",
        "(|| (|| a (&& b (== c (< d (+ e (* f g)))))) h)",
    );
}

#[test]
fn binary_operators_are_left_associative() {
    // hclsyntax-spec.md: `x / y * z` is `(x / y) * z`.
    check("x / y * z", "(* (/ x y) z)");
    check("a - b - c", "(- (- a b) c)");
    check("a - b + c", "(+ (- a b) c)");
    check("a || b || c", "(|| (|| a b) c)");
    check("a == b == c", "(== (== a b) c)");
}

#[test]
fn conditionals() {
    check("a ? b : c", "(? a b c)");
    check("a ? b : c ? d : e", "(? a b (? c d e))");
    check("a ? b ? c : d : e", "(? a (? b c d) e)");
    check("a || b ? c + 1 : d * 2", "(? (|| a b) (+ c 1) (* d 2))");
    check("(a ?\n b :\n c)", "((? a b c))");
    fails("a ? b");
    fails("a ? b c");
}

#[test]
fn parentheses() {
    check("(1 + 2) * 3", "(* ((+ 1 2)) 3)");
    check("(\n  1 +\n  2\n)", "((+ 1 2))");
    check("((a))", "((a))");
    fails("(1");
    fails("()");
}

#[test]
fn newlines_inside_brackets_are_ignored() {
    check("[\n  a\n  .b,\n  f(\n    1\n  )\n]", "[a.b (f 1)]");
    check("f(\n  a\n  +\n  b\n)", "(f (+ a b))");
    check("{\n  a = (\n    1 +\n    2\n  )\n}", "{'a=((+ 1 2))}");
}

#[test]
fn templates_as_terms() {
    check("\"plain\"", "\"plain\"");
    check("\"a${b}c\"", "(tmpl \"a\" ${b} \"c\")");
    check("\"${x}\"", "(tmpl ${x})");
    check("\"${a + 1}\" == \"x\"", "(== (tmpl ${(+ a 1)}) \"x\")");
    check("<<EOT\nhello\nEOT\n", "(tmpl \"hello\\n\")");
}

#[test]
fn standalone_expression_entry_point() {
    check("  \n 1 + 2 # comment\n", "(+ 1 2)");
    assert!(parse_expression("1 2").is_err());
    assert!(parse_expression("").is_err());
    let e: ParsedExpression<'static> = "a.b[0]".parse().unwrap();
    assert_eq!(show(e.expr()), "a.b[0]");
}

#[test]
fn terraform_lexing_edge_cases() {
    // Checked with `terraform fmt`: any number literal works as a legacy index.
    check("x.1e3", "x.#1000");
    check("x.1E3", "x.#1000");
    check("x.1e-3", "x[1e-3]");
    check("1.5.x", "1.5.x");
    check("1e3.x", "1e3.x");
    // "Invalid number literal".
    fails("1e3.5");
    // "Nested splat expression not allowed" only inside a `.*` attribute chain.
    fails("x.*.*");
    fails("x.*.a.*");
    fails("x.*.0.*");
    check("x[*].*", "x[*].*");
    check("x[*].a.*", "x[*].a.*");
    check("x.*.a[0].*", "x.*.a[0].*");
    check("x.*[0].*", "x.*[0].*");
    check("x[*][*]", "x[*][*]");
}
