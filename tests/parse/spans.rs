//! Spans: every node kind carries its exact byte range, children lie inside
//! their parents, siblings never overlap, and the text between siblings is
//! only whitespace and comments (so a format-preserving editor can recover
//! it).

use hcl::parser::{parse_expression, parse_template};
use hcl::syntax::*;
use hcl::{parse, Span};

/// The span of the `n`-th (0-based) occurrence of `needle` in `src`.
fn find(src: &str, needle: &str, n: usize) -> Span {
    let mut from = 0;
    for _ in 0..n {
        from += src[from..].find(needle).unwrap() + 1;
    }
    let start = from
        + src[from..]
            .find(needle)
            .unwrap_or_else(|| panic!("{needle:?}"));
    Span::new(start, start + needle.len())
}

fn text(src: &str, s: Span) -> &str {
    &src[s.range()]
}

#[test]
fn structure_spans() {
    let src = "# c\na = 1 # t\nres \"t\" n {\n  b = [1, 2]\n}\none { x = 2 }\n";
    let file = parse(src).unwrap();
    let body = file.body();
    assert_eq!(body.span, Span::new(0, src.len()));
    let a = body.attributes().next().unwrap();
    assert_eq!(text(src, a.span()), "a = 1");
    assert_eq!(text(src, a.name.span), "a");
    assert_eq!(text(src, a.expr.span), "1");
    let blocks: Vec<_> = body.blocks().collect();
    let res = blocks[0];
    assert_eq!(text(src, res.span()), "res \"t\" n {\n  b = [1, 2]\n}");
    assert_eq!(text(src, res.ident.span), "res");
    assert_eq!(text(src, res.labels[0].span()), "\"t\"");
    assert_eq!(text(src, res.labels[1].span()), "n");
    assert_eq!(text(src, res.open_brace()), "{");
    assert_eq!(text(src, res.close_brace()), "}");
    assert_eq!(text(src, res.body.span), "\n  b = [1, 2]\n");
    assert_eq!(text(src, res.body.structures[0].span()), "b = [1, 2]");
    let one = blocks[1];
    assert_eq!(text(src, one.span()), "one { x = 2 }");
    assert_eq!(text(src, one.body.span), " x = 2 ");
    assert_eq!(text(src, one.body.structures[0].span()), "x = 2");
}

#[test]
fn expression_spans() {
    let src = "-f(a, b...) + (x ? y : z) * p.q[0].*.r[*].s.1 == !t";
    let parsed = parse_expression(src).unwrap();
    let e = parsed.expr();
    assert_eq!(e.span, Span::new(0, src.len()));
    let ExprKind::Binary(eq) = &e.kind else {
        panic!()
    };
    assert_eq!(text(src, eq.operator_span), "==");
    assert_eq!(text(src, eq.rhs.span), "!t");
    let ExprKind::Binary(add) = &eq.lhs.kind else {
        panic!()
    };
    assert_eq!(
        text(src, eq.lhs.span),
        "-f(a, b...) + (x ? y : z) * p.q[0].*.r[*].s.1"
    );
    assert_eq!(add.operator_span, find(src, "+", 0));
    assert_eq!(text(src, add.lhs.span), "-f(a, b...)");
    let ExprKind::Unary(neg) = &add.lhs.kind else {
        panic!()
    };
    assert_eq!(text(src, neg.expr.span), "f(a, b...)");
    let ExprKind::FuncCall(f) = &neg.expr.kind else {
        panic!()
    };
    assert_eq!(text(src, f.args_span), "(a, b...)");
    assert_eq!(text(src, f.name.name.span), "f");
    assert_eq!(text(src, f.args[1].span), "b");
    let ExprKind::Binary(mul) = &add.rhs.kind else {
        panic!()
    };
    assert_eq!(text(src, mul.lhs.span), "(x ? y : z)");
    let ExprKind::Parenthesis(inner) = &mul.lhs.kind else {
        panic!()
    };
    assert_eq!(text(src, inner.span), "x ? y : z");
    let ExprKind::Conditional(c) = &inner.kind else {
        panic!()
    };
    assert_eq!(text(src, c.true_expr.span), "y");
    assert_eq!(text(src, c.false_expr.span), "z");
    assert_eq!(text(src, mul.rhs.span), "p.q[0].*.r[*].s.1");
    let ExprKind::Traversal(t) = &mul.rhs.kind else {
        panic!()
    };
    assert_eq!(text(src, t.expr.span), "p");
    let ops: Vec<&str> = t.operators.iter().map(|o| text(src, o.span)).collect();
    assert_eq!(ops, [".q", "[0]", ".*", ".r", "[*]", ".s", ".1"]);
    let TraversalOperatorKind::Index(i) = &t.operators[1].kind else {
        panic!()
    };
    assert_eq!(text(src, i.span), "0");
}

#[test]
fn collection_and_for_spans() {
    let src =
        "{ k = [1, \"two\"], \"q\" : (v), [for x in y : x if x][0] = {for k, v in m : k => v...} }";
    let parsed = parse_expression(src).unwrap();
    let e = parsed.expr();
    assert_eq!(e.span, Span::new(0, src.len()));
    let ExprKind::Object(items) = &e.kind else {
        panic!()
    };
    assert_eq!(text(src, items[0].key.span()), "k");
    assert_eq!(text(src, items[0].value.span), "[1, \"two\"]");
    let ExprKind::Tuple(t) = &items[0].value.kind else {
        panic!()
    };
    assert_eq!(text(src, t[1].span), "\"two\"");
    assert_eq!(text(src, items[1].key.span()), "\"q\"");
    assert_eq!(text(src, items[1].value.span), "(v)");
    assert_eq!(text(src, items[2].key.span()), "[for x in y : x if x][0]");
    let ObjectKey::Expression(k) = &items[2].key else {
        panic!()
    };
    let ExprKind::Traversal(tr) = &k.kind else {
        panic!()
    };
    assert_eq!(text(src, tr.expr.span), "[for x in y : x if x]");
    let ExprKind::For(f) = &tr.expr.kind else {
        panic!()
    };
    assert_eq!(text(src, f.value_var.span), "x");
    assert_eq!(text(src, f.collection.span), "y");
    assert_eq!(text(src, f.cond.as_ref().unwrap().span), "x");
    assert_eq!(
        text(src, items[2].value.span),
        "{for k, v in m : k => v...}"
    );
    let ExprKind::For(f) = &items[2].value.kind else {
        panic!()
    };
    assert_eq!(text(src, f.key_var.as_ref().unwrap().span), "k");
    let k = f.key_expr.as_ref().unwrap().span;
    assert_eq!(k.start(), src.find(": k =>").unwrap() + 2);
    assert_eq!(text(src, k), "k");
    assert_eq!(text(src, f.value_expr.span), "v");
}

#[test]
fn template_spans() {
    let src = "\"a ${b} %{ if c }d%{ else }e%{ endif }\"";
    let parsed = parse_expression(src).unwrap();
    let e = parsed.expr();
    assert_eq!(e.span, Span::new(0, src.len()));
    let ExprKind::Template(t) = &e.kind else {
        panic!()
    };
    assert_eq!(t.template.span, Span::new(1, src.len() - 1));
    let els = &t.template.elements;
    let Element::Literal(l) = &els[0] else {
        panic!()
    };
    assert_eq!(text(src, l.span), "a ");
    let Element::Interpolation(i) = &els[1] else {
        panic!()
    };
    assert_eq!(text(src, i.span), "${b}");
    assert_eq!(text(src, i.expr.span), "b");
    let Element::Directive(d) = &els[3] else {
        panic!()
    };
    let Directive::If(d) = &**d else { panic!() };
    assert_eq!(text(src, d.span), "%{ if c }d%{ else }e%{ endif }");
    assert_eq!(text(src, d.cond.span), "c");
    assert_eq!(text(src, d.true_template.span), "d");
    assert_eq!(text(src, d.false_template.as_ref().unwrap().span), "e");

    let src = "x = <<-EOT\n  hi ${n}\n  %{ for v in l }${v}%{ endfor }\n  EOT\n";
    let file = parse(src).unwrap();
    let body = file.body();
    let a = body.attributes().next().unwrap();
    assert_eq!(
        text(src, a.expr.span),
        "<<-EOT\n  hi ${n}\n  %{ for v in l }${v}%{ endfor }\n  EOT"
    );
    let ExprKind::Template(t) = &a.expr.kind else {
        panic!()
    };
    assert_eq!(
        text(src, t.template.span),
        "  hi ${n}\n  %{ for v in l }${v}%{ endfor }\n"
    );
    let Element::Literal(l) = &t.template.elements[0] else {
        panic!()
    };
    // The literal's span is its source text (before dedent); the value is dedented.
    assert_eq!(text(src, l.span), "  hi ");
    assert_eq!(l.value, "hi ");
    let Element::Directive(d) = &t.template.elements[3] else {
        panic!()
    };
    let Directive::For(f) = &**d else { panic!() };
    assert_eq!(text(src, f.span), "%{ for v in l }${v}%{ endfor }");
    assert_eq!(text(src, f.template.span), "${v}");
    assert_eq!(text(src, f.collection.span), "l");

    let src = "a${b}c";
    let parsed = parse_template(src).unwrap();
    let t = parsed.template();
    assert_eq!(t.span, Span::new(0, 6));
    let spans: Vec<&str> = t
        .elements
        .iter()
        .map(|e| match e {
            Element::Literal(l) => text(src, l.span),
            Element::Interpolation(i) => text(src, i.span),
            Element::Directive(_) => unreachable!(),
        })
        .collect();
    assert_eq!(spans, ["a", "${b}", "c"]);
}

/// Checks that `inner` lies within `outer` and that `spans` are ordered and
/// do not overlap.
fn assert_ordered(src: &str, outer: Span, spans: &[Span]) {
    let mut pos = outer.start;
    for s in spans {
        assert!(
            s.start >= pos && s.end <= outer.end,
            "{s:?} in {outer:?} after {pos}: {:?}",
            &src[s.range()]
        );
        pos = s.end;
    }
}

fn check_body(src: &str, body: &Body<'_>) {
    let spans: Vec<Span> = body.structures.iter().map(Structure::span).collect();
    assert_ordered(src, body.span, &spans);
    // The text between siblings is whitespace and comments only.
    let mut gaps = vec![];
    let mut pos = body.span.start();
    for s in &spans {
        gaps.push(&src[pos..s.start()]);
        pos = s.end();
    }
    gaps.push(&src[pos..body.span.end()]);
    for g in gaps {
        let parsed = parse(g).unwrap_or_else(|e| panic!("gap {g:?}: {e}"));
        assert!(parsed.body().structures.is_empty(), "gap {g:?}");
    }
    for s in body.structures {
        match s {
            Structure::Attribute(a) => {
                assert_ordered(src, a.span(), &[a.name.span, a.expr.span]);
                check_expr(src, &a.expr);
            }
            Structure::Block(b) => {
                let mut parts = vec![b.ident.span];
                parts.extend(b.labels.iter().map(BlockLabel::span));
                parts.extend([b.open_brace(), b.body.span, b.close_brace()]);
                assert_ordered(src, b.span(), &parts);
                check_body(src, &b.body);
            }
        }
    }
}

fn check_expr(src: &str, e: &Expression<'_>) {
    let sub: Vec<&Expression<'_>> = match &e.kind {
        ExprKind::Tuple(items) => items.iter().collect(),
        ExprKind::Object(items) => {
            for it in items.iter() {
                assert_ordered(src, e.span, &[it.key.span(), it.value.span]);
                if let ObjectKey::Expression(k) = &it.key {
                    check_expr(src, k);
                }
            }
            items.iter().map(|i| &i.value).collect()
        }
        ExprKind::FuncCall(f) => {
            assert_ordered(src, e.span, &[f.name.name.span, f.args_span]);
            f.args.iter().collect()
        }
        ExprKind::Traversal(t) => {
            let mut spans = vec![t.expr.span];
            spans.extend(t.operators.iter().map(|o| o.span));
            assert_ordered(src, e.span, &spans);
            let mut v = vec![&t.expr];
            for o in t.operators.iter() {
                if let TraversalOperatorKind::Index(i) = &o.kind {
                    v.push(i);
                }
            }
            v
        }
        ExprKind::Unary(u) => vec![&u.expr],
        ExprKind::Binary(b) => {
            assert_ordered(src, e.span, &[b.lhs.span, b.operator_span, b.rhs.span]);
            vec![&b.lhs, &b.rhs]
        }
        ExprKind::Conditional(c) => vec![&c.cond, &c.true_expr, &c.false_expr],
        ExprKind::For(f) => {
            let mut v = vec![&f.collection];
            v.extend(f.key_expr.iter());
            v.push(&f.value_expr);
            v.extend(f.cond.iter());
            v
        }
        ExprKind::Parenthesis(p) => vec![&**p],
        ExprKind::Template(t) => {
            assert!(t.template.span.start >= e.span.start && t.template.span.end <= e.span.end);
            check_template(src, &t.template);
            vec![]
        }
        _ => vec![],
    };
    let spans: Vec<Span> = sub.iter().map(|s| s.span).collect();
    assert_ordered(src, e.span, &spans);
    for s in sub {
        check_expr(src, s);
    }
}

fn check_template(src: &str, t: &Template<'_>) {
    let spans: Vec<Span> = t
        .elements
        .iter()
        .map(|e| match e {
            Element::Literal(l) => l.span,
            Element::Interpolation(i) => i.span,
            Element::Directive(d) => match &**d {
                Directive::If(d) => d.span,
                Directive::For(d) => d.span,
            },
        })
        .collect();
    assert_ordered(src, t.span, &spans);
    // Template elements tile the template: no gaps.
    if let (Some(first), Some(last)) = (spans.first(), spans.last()) {
        assert_eq!(first.start, t.span.start);
        assert_eq!(last.end, t.span.end);
        for w in spans.windows(2) {
            assert_eq!(w[0].end, w[1].start, "{:?}", &src[w[0].start()..w[1].end()]);
        }
    }
    for e in t.elements.iter() {
        match e {
            Element::Interpolation(i) => check_expr(src, &i.expr),
            Element::Directive(d) => match &**d {
                Directive::If(d) => {
                    check_expr(src, &d.cond);
                    check_template(src, &d.true_template);
                    if let Some(f) = &d.false_template {
                        check_template(src, f);
                    }
                }
                Directive::For(d) => {
                    check_expr(src, &d.collection);
                    check_template(src, &d.template);
                }
            },
            Element::Literal(_) => {}
        }
    }
}

#[test]
fn spans_nest_and_gaps_are_trivia() {
    let src = r#"# header
locals {
  a = [1, 2, /* c */ 3] // t
  b = { x = 1, "y" : f(2, [3]...) }

  c = x.y[0][*].z ? -1 : !true
  d = "p ${q} %{ for v in w }${v}%{ endfor }"
  e = <<EOT
  line ${1 + 2}
EOT
  f = [for k, v in m : upper(v) if k != "x"]
}
one { x = 1 }
"#;
    let file = parse(src).unwrap();
    check_body(src, file.body());
}

#[test]
fn spans_over_the_corpus() {
    // Structural invariants on real files when the corpus is available.
    let Some(dir) = std::env::var_os("HCL_CORPUS_DIR") else {
        eprintln!("HCL_CORPUS_DIR not set: skipped");
        return;
    };
    let files = std::path::Path::new(&dir).join("files");
    let mut n = 0;
    for repo in std::fs::read_dir(files).unwrap() {
        for f in std::fs::read_dir(repo.unwrap().path()).unwrap().take(40) {
            let path = f.unwrap().path();
            let Ok(src) = std::fs::read_to_string(&path) else {
                continue;
            };
            let parsed = parse(&src);
            if let Ok(file) = &parsed {
                check_body(&src, file.body());
                n += 1;
            }
        }
    }
    eprintln!("span invariants checked on {n} files");
}
