//! Comparing syntax trees while ignoring spans.

use crate::syntax::*;
use crate::Span;

/// Whether two bodies are equal apart from their spans (and apart from how
/// template literal text is split into pieces).
///
/// This is the comparison behind "parse, print, parse gives the same tree".
///
/// ```
/// let a = hcl::parse("a = 1\n").unwrap();
/// let b = hcl::parse("\n\na    =    1").unwrap();
/// assert_ne!(a, b);
/// assert!(hcl::format::eq_ignoring_spans(&a, &b));
/// ```
pub fn eq_ignoring_spans(a: &Body<'_>, b: &Body<'_>) -> bool {
    let mut a = a.clone();
    let mut b = b.clone();
    clear_spans(&mut a);
    clear_spans(&mut b);
    a == b
}

/// Like [`eq_ignoring_spans`] for expressions.
pub fn expr_eq_ignoring_spans(a: &Expression<'_>, b: &Expression<'_>) -> bool {
    let mut a = a.clone();
    let mut b = b.clone();
    clear_expr(&mut a);
    clear_expr(&mut b);
    a == b
}

/// Sets every span in `body` to `0..0`, merges adjacent template literals and
/// turns identifier block labels into quoted ones (`b x {}` and `b "x" {}`
/// mean the same; the printer quotes every label, as `terraform fmt` does),
/// so that trees that differ only in layout compare equal.
pub fn clear_spans(body: &mut Body<'_>) {
    body.span = Span::default();
    for s in &mut body.structures {
        match s {
            Structure::Attribute(a) => {
                a.span = Span::default();
                a.name.span = Span::default();
                clear_expr(&mut a.expr);
            }
            Structure::Block(b) => {
                b.span = Span::default();
                b.open_brace = Span::default();
                b.close_brace = Span::default();
                b.ident.span = Span::default();
                for l in &mut b.labels {
                    // The printer quotes every label, as `terraform fmt` does.
                    let value = match l {
                        BlockLabel::Ident(i) => std::mem::take(&mut i.name),
                        BlockLabel::String { value, .. } => std::mem::take(value),
                    };
                    *l = BlockLabel::String {
                        value,
                        span: Span::default(),
                    };
                }
                clear_spans(&mut b.body);
            }
        }
    }
}

fn clear_expr(e: &mut Expression<'_>) {
    e.span = Span::default();
    match &mut e.kind {
        ExprKind::Null | ExprKind::Bool(_) | ExprKind::Number { .. } | ExprKind::String(_) => {}
        ExprKind::Template(t) => clear_template(&mut t.template),
        ExprKind::Variable(i) => i.span = Span::default(),
        ExprKind::Tuple(v) => v.iter_mut().for_each(clear_expr),
        ExprKind::Object(items) => {
            for it in items {
                match &mut it.key {
                    ObjectKey::Ident(i) => i.span = Span::default(),
                    ObjectKey::Expression(e) => clear_expr(e),
                }
                clear_expr(&mut it.value);
            }
        }
        ExprKind::FuncCall(f) => {
            f.args_span = Span::default();
            f.name.name.span = Span::default();
            for n in &mut f.name.namespace {
                n.span = Span::default();
            }
            f.args.iter_mut().for_each(clear_expr);
        }
        ExprKind::Traversal(t) => {
            clear_expr(&mut t.expr);
            for op in &mut t.operators {
                op.span = Span::default();
                match &mut op.kind {
                    TraversalOperatorKind::GetAttr(i) => i.span = Span::default(),
                    TraversalOperatorKind::Index(e) => clear_expr(e),
                    _ => {}
                }
            }
        }
        ExprKind::Unary(u) => clear_expr(&mut u.expr),
        ExprKind::Binary(b) => {
            b.operator_span = Span::default();
            clear_expr(&mut b.lhs);
            clear_expr(&mut b.rhs);
        }
        ExprKind::Conditional(c) => {
            clear_expr(&mut c.cond);
            clear_expr(&mut c.true_expr);
            clear_expr(&mut c.false_expr);
        }
        ExprKind::For(f) => {
            if let Some(k) = &mut f.key_var {
                k.span = Span::default();
            }
            f.value_var.span = Span::default();
            clear_expr(&mut f.collection);
            if let Some(k) = &mut f.key_expr {
                clear_expr(k);
            }
            clear_expr(&mut f.value_expr);
            if let Some(c) = &mut f.cond {
                clear_expr(c);
            }
        }
        ExprKind::Parenthesis(inner) => clear_expr(inner),
    }
}

fn clear_template(t: &mut Template<'_>) {
    t.span = Span::default();
    let mut out: Vec<Element<'_>> = Vec::with_capacity(t.elements.len());
    for mut el in t.elements.drain(..) {
        match &mut el {
            Element::Literal(l) => {
                l.span = Span::default();
                if l.value.is_empty() {
                    continue;
                }
                if let Some(Element::Literal(prev)) = out.last_mut() {
                    prev.value.to_mut().push_str(&l.value);
                    continue;
                }
            }
            Element::Interpolation(i) => {
                i.span = Span::default();
                clear_expr(&mut i.expr);
            }
            Element::Directive(d) => match &mut **d {
                Directive::If(d) => {
                    d.span = Span::default();
                    clear_expr(&mut d.cond);
                    clear_template(&mut d.true_template);
                    if let Some(f) = &mut d.false_template {
                        clear_template(f);
                    }
                }
                Directive::For(d) => {
                    d.span = Span::default();
                    if let Some(k) = &mut d.key_var {
                        k.span = Span::default();
                    }
                    d.value_var.span = Span::default();
                    clear_expr(&mut d.collection);
                    clear_template(&mut d.template);
                }
            },
        }
        out.push(el);
    }
    t.elements = out;
}
