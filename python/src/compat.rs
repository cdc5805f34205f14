//! `hcl2rs.compat.loads`: a file in the shape python-hcl2 (8.1, default
//! options) gives it, written from this crate's syntax tree by python-hcl2's
//! rules:
//!
//! - a body is a dict: an attribute's name to its value, a block type to
//!   the list of its blocks (in order); `__comments__` holds the body's
//!   comments (`{"value": text}`, one per comment line, markers and blank
//!   ones dropped), `__inline_comments__` those inside its attributes'
//!   expressions;
//! - a block is its body with `"__is_block__": true`, nested in a dict per
//!   label after the first, each label as written (`"\"web\""` for a
//!   quoted one);
//! - a value: a number, `true`/`false`/`null` as themselves (a negated
//!   number too), a tuple as a list, an object as a dict (identifier keys
//!   bare, quoted keys as written with their quotes, others as `${...}`), a
//!   quoted string as written with its quotes (its interpolations
//!   re-printed), a heredoc as its text in quotes, anything else as
//!   `"${...}"` holding the expression re-printed: single spaces around
//!   binary operators, `? :`, `=>`, `, ` between items and arguments,
//!   ` ...` before an expansion, objects as `{k = v, ...}`, parentheses
//!   kept; a number with an exponent stays as written, in `${...}`.

use hcl::syntax::{
    Block, BlockLabel, Body, Element, ExprKind, Expression, ObjectKey, Structure, TemplateKind,
    TraversalOperatorKind, UnaryOperator,
};
use hcl::{Map, Value};

/// The file's value in python-hcl2's shape.
pub(crate) fn file(body: &Body<'_>, src: &str) -> Value {
    body_value(body, src, Span::new(0, src.len()))
}

type Span = hcl::Span;

/// The entries of the comments between two items (python-hcl2 reads them
/// as one token, `raw` from the first comment to the end of the last): a
/// lone block comment's text, or else one entry per line, its `//` or `#`
/// dropped; blank ones left out.
fn comment_values(raw: &str, out: &mut Vec<Value>) {
    let t = raw.trim();
    if let Some(inner) = t.strip_prefix("/*").and_then(|t| t.strip_suffix("*/")) {
        let inner = inner.trim();
        if !inner.is_empty() {
            out.push(Value::from_iter([("value", Value::from(inner))]));
        }
        return;
    }
    for line in raw.split('\n') {
        let line = line.trim();
        let line = line
            .strip_prefix("//")
            .or_else(|| line.strip_prefix('#'))
            .unwrap_or(line)
            .trim();
        if !line.is_empty() {
            out.push(Value::from_iter([("value", Value::from(line))]));
        }
    }
}

/// The comments of `span` between the `items` (sorted, disjoint): those
/// of each gap between two items read as one (python-hcl2's token of
/// newlines and comments).
fn gap_comments(src: &str, span: Span, items: &[Span], out: &mut Vec<Value>) {
    let mut from = span.start();
    let ends = items
        .iter()
        .map(|s| (s.start(), s.end()))
        .chain([(span.end(), span.end())]);
    for (start, end) in ends {
        let found = hcl::parser::comments(src, Span::new(from, start.max(from)));
        if let (Some(first), Some(last)) = (found.first(), found.last()) {
            comment_values(&src[first.start()..last.end()], out);
        }
        from = end.max(from);
    }
}

/// A body: attributes and block groups, then its comments.
fn body_value(body: &Body<'_>, src: &str, span: Span) -> Value {
    let mut out = Map::new();
    let mut inline = Vec::new();
    // Spans of the body's items (their comments are theirs).
    let mut taken: Vec<Span> = Vec::new();
    for s in body.structures {
        match s {
            Structure::Attribute(a) => {
                out.insert(a.name.name, value(&a.expr, src));
                inline_comments(&a.expr, src, &mut inline);
                taken.push(a.span());
            }
            Structure::Block(b) => {
                let v = block_value(b, src);
                match out.get_mut(b.ident.name) {
                    Some(Value::Array(list)) => list.push(v),
                    _ => {
                        out.insert(b.ident.name, Value::Array(vec![v]));
                    }
                }
                taken.push(b.span());
            }
        }
    }
    let mut own = Vec::new();
    gap_comments(src, span, &taken, &mut own);
    if !own.is_empty() {
        out.insert("__comments__", Value::Array(own));
    }
    if !inline.is_empty() {
        out.insert("__inline_comments__", Value::Array(inline));
    }
    Value::Object(out)
}

/// The comments python-hcl2 collects from an attribute's value: those
/// directly inside a tuple, object or call, between its elements (not
/// those inside the elements).
fn inline_comments(e: &Expression<'_>, src: &str, out: &mut Vec<Value>) {
    let inside: Vec<Span> = match e.kind {
        ExprKind::Tuple(items) => items.iter().map(|x| x.span).collect(),
        ExprKind::Object(items) => items
            .iter()
            .map(|i| i.key.span().to(i.value.span))
            .collect(),
        ExprKind::FuncCall(f) => f.args.iter().map(|x| x.span).collect(),
        _ => return,
    };
    gap_comments(src, e.span, &inside, out);
}

/// A block: its body marked as a block, nested under its labels after the
/// first.
fn block_value(b: &Block<'_>, src: &str) -> Value {
    let mut v = body_value(&b.body, src, b.body.span);
    if let Value::Object(o) = &mut v {
        o.insert("__is_block__", Value::Bool(true));
    }
    for label in b.labels.iter().rev() {
        let key = match label {
            BlockLabel::Ident(i) => i.name.to_owned(),
            BlockLabel::String { span, .. } => src[span.range()].to_owned(),
        };
        v = Value::from_iter([(key, v)]);
    }
    v
}

/// A value as python-hcl2 serializes it outside an interpolation.
fn value(e: &Expression<'_>, src: &str) -> Value {
    match e.kind {
        ExprKind::Null => Value::Null,
        ExprKind::Bool(b) => Value::Bool(b),
        ExprKind::Number(n) => number(n.raw, false),
        ExprKind::Unary(u) if u.operator == UnaryOperator::Neg => match u.expr.kind {
            ExprKind::Number(n) => number(n.raw, true),
            _ => dollar(e, src),
        },
        ExprKind::Tuple(items) => Value::Array(items.iter().map(|x| value(x, src)).collect()),
        ExprKind::Object(items) => {
            let mut o = Map::new();
            for item in items {
                let key = match &item.key {
                    ObjectKey::Ident(i) => i.name.to_owned(),
                    ObjectKey::Expression(k) => match k.kind {
                        ExprKind::String(_) | ExprKind::Template(_) => {
                            src[k.span.range()].to_owned()
                        }
                        ExprKind::Number(n) => n.raw.to_owned(),
                        _ => format!("${{{}}}", inner(k, src)),
                    },
                };
                o.insert(key, value(&item.value, src));
            }
            Value::Object(o)
        }
        ExprKind::String(_) => Value::from(&src[e.span.range()]),
        // A bare name is its name (`type = bool`).
        ExprKind::Variable(name) => Value::from(name),
        ExprKind::Template(t) => match t.kind {
            TemplateKind::Quoted => Value::from(quoted(e, src)),
            TemplateKind::Heredoc { .. } => Value::from(format!("\"{}\"", heredoc_text(e, src))),
        },
        _ => dollar(e, src),
    }
}

/// A number as python-hcl2 reads its token: an integer, a float, or (with
/// an exponent) its text in `${...}`.
fn number(raw: &str, negative: bool) -> Value {
    let sign = if negative { "-" } else { "" };
    if raw.contains(['e', 'E']) {
        return Value::from(format!("${{{sign}{raw}}}"));
    }
    let text = format!("{sign}{raw}");
    if !raw.contains('.') {
        if let Ok(i) = text.parse::<i64>() {
            return Value::from(i);
        }
    }
    match text.parse::<f64>() {
        Ok(f) => Value::from(f),
        Err(_) => Value::from(text),
    }
}

/// `"${...}"` of an expression.
fn dollar(e: &Expression<'_>, src: &str) -> Value {
    Value::from(format!("${{{}}}", inner(e, src)))
}

/// A heredoc's text as written, without the newline that ends it.
fn heredoc_text<'s>(e: &Expression<'_>, src: &'s str) -> &'s str {
    let t = &src[e.span.range()];
    t.strip_suffix('\n').unwrap_or(t).trim_end_matches('\r')
}

/// A quoted template as written, its interpolations re-printed.
fn quoted(e: &Expression<'_>, src: &str) -> String {
    let ExprKind::Template(t) = e.kind else {
        return src[e.span.range()].to_owned();
    };
    let mut out = String::new();
    let mut at = e.span.start();
    for el in t.template.elements {
        if let Element::Interpolation(i) = el {
            out.push_str(&src[at..i.span.start()]);
            out.push_str("${");
            out.push_str(&inner(&i.expr, src));
            out.push('}');
            at = i.span.end();
        }
    }
    out.push_str(&src[at..e.span.end()]);
    out
}

/// An expression re-printed as python-hcl2 prints one inside `${...}`.
fn inner(e: &Expression<'_>, src: &str) -> String {
    let mut out = String::new();
    print(e, src, &mut out);
    out
}

fn print(e: &Expression<'_>, src: &str, out: &mut String) {
    match e.kind {
        ExprKind::Null => out.push_str("null"),
        ExprKind::Bool(b) => out.push_str(if b { "true" } else { "false" }),
        ExprKind::Number(n) => out.push_str(n.raw),
        ExprKind::String(_) => out.push_str(&src[e.span.range()]),
        ExprKind::Template(t) => match t.kind {
            TemplateKind::Quoted => out.push_str(&quoted(e, src)),
            TemplateKind::Heredoc { .. } => out.push_str(heredoc_text(e, src)),
        },
        ExprKind::Variable(name) => out.push_str(name),
        ExprKind::Tuple(items) => {
            out.push('[');
            for (i, x) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                print(x, src, out);
            }
            out.push(']');
        }
        ExprKind::Object(items) => {
            out.push('{');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                match &item.key {
                    ObjectKey::Ident(id) => out.push_str(id.name),
                    ObjectKey::Expression(k) => print(k, src, out),
                }
                out.push_str(" = ");
                print(&item.value, src, out);
            }
            out.push('}');
        }
        ExprKind::FuncCall(f) => {
            for ns in f.name.namespace {
                out.push_str(ns.name);
                out.push_str("::");
            }
            out.push_str(f.name.name.name);
            out.push('(');
            for (i, a) in f.args.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                print(a, src, out);
            }
            if f.expand_final {
                out.push_str(" ...");
            }
            out.push(')');
        }
        ExprKind::Traversal(t) => {
            print(&t.expr, src, out);
            for op in t.operators {
                match op.kind {
                    TraversalOperatorKind::GetAttr(id) => {
                        out.push('.');
                        out.push_str(id.name);
                    }
                    TraversalOperatorKind::Index(ix) => {
                        out.push('[');
                        print(&ix, src, out);
                        out.push(']');
                    }
                    TraversalOperatorKind::LegacyIndex(_) => out.push_str(&src[op.span.range()]),
                    TraversalOperatorKind::AttrSplat => out.push_str(".*"),
                    TraversalOperatorKind::FullSplat => out.push_str("[*]"),
                }
            }
        }
        ExprKind::Unary(u) => {
            out.push_str(match u.operator {
                UnaryOperator::Neg => "-",
                UnaryOperator::Not => "!",
            });
            print(&u.expr, src, out);
        }
        ExprKind::Binary(b) => {
            print(&b.lhs, src, out);
            out.push(' ');
            out.push_str(b.operator.as_str());
            out.push(' ');
            print(&b.rhs, src, out);
        }
        ExprKind::Conditional(c) => {
            print(&c.cond, src, out);
            out.push_str(" ? ");
            print(&c.true_expr, src, out);
            out.push_str(" : ");
            print(&c.false_expr, src, out);
        }
        ExprKind::For(f) => {
            out.push(if f.key_expr.is_some() { '{' } else { '[' });
            out.push_str("for ");
            if let Some(k) = f.key_var {
                out.push_str(k.name);
                out.push_str(", ");
            }
            out.push_str(f.value_var.name);
            out.push_str(" in ");
            print(&f.collection, src, out);
            out.push_str(" : ");
            if let Some(k) = &f.key_expr {
                print(k, src, out);
                out.push_str(" => ");
            }
            print(&f.value_expr, src, out);
            if f.grouping {
                out.push_str("...");
            }
            if let Some(c) = &f.cond {
                out.push_str(" if ");
                print(c, src, out);
            }
            out.push(if f.key_expr.is_some() { '}' } else { ']' });
        }
        ExprKind::Parenthesis(x) => {
            out.push('(');
            print(x, src, out);
            out.push(')');
        }
    }
}
