//! `hcl2rs.compat.loads`: a file in the shape python-hcl2 (8.1, default
//! options) gives it, written from this crate's syntax tree by python-hcl2's
//! rules:
//!
//! - a body is a dict: an attribute's name to its value, a block type to
//!   the list of its blocks (in order); `__comments__` holds the body's
//!   comments (`{"value": text}`, one per comment line, markers and blank
//!   ones dropped), `__inline_comments__` those inside its attributes'
//!   expressions (between the items of tuples, objects, calls and the
//!   parts of other expressions, at any depth except inside an object's
//!   values);
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
//!   kept, a heredoc as its text in quotes, a decimal fraction as Python
//!   prints the float; a number with an exponent stays as written, in
//!   `${...}`.

use hcl::syntax::{
    Block, BlockLabel, Body, Element, ExprKind, Expression, ObjectKey, Structure, TemplateKind,
    TraversalOperatorKind, UnaryOperator,
};
use std::cell::RefCell;
use std::collections::HashMap;

use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyFloat, PyList, PyString};

type Span = hcl::Span;
type Obj<'py> = Bound<'py, PyAny>;

/// The file's value in python-hcl2's shape, as Python objects.
pub(crate) fn file<'py>(py: Python<'py>, body: &Body<'_>, src: &str) -> PyResult<Obj<'py>> {
    let c = Compat {
        py,
        src,
        names: RefCell::new(HashMap::default()),
    };
    c.body(body, Span::new(0, src.len()))
}

/// The writer: Python objects made straight from the syntax tree.
struct Compat<'py, 's> {
    py: Python<'py>,
    src: &'s str,
    /// Each attribute name and block type made once (they repeat).
    names: RefCell<HashMap<&'s str, Bound<'py, PyString>, foldhash::fast::RandomState>>,
}

impl<'py, 's> Compat<'py, 's> {
    fn string(&self, s: &str) -> Obj<'py> {
        PyString::new(self.py, s).into_any()
    }

    /// The key string of an attribute name or a block type.
    fn name(&self, n: &'s str) -> Bound<'py, PyString> {
        self.names
            .borrow_mut()
            .entry(n)
            .or_insert_with(|| PyString::new(self.py, n))
            .clone()
    }

    /// The entries of the comments between two items (python-hcl2 reads
    /// them as one token, `raw` from the first comment to the end of the
    /// last): a lone block comment's text, or else one entry per line, its
    /// `//` or `#` dropped; blank ones left out.
    fn comment_values(&self, raw: &str, out: &Bound<'py, PyList>) -> PyResult<()> {
        let entry = |text: &str| -> PyResult<()> {
            let d = PyDict::new(self.py);
            d.set_item(intern!(self.py, "value"), text)?;
            out.append(d)
        };
        let t = raw.trim();
        if let Some(inner) = t.strip_prefix("/*").and_then(|t| t.strip_suffix("*/")) {
            let inner = inner.trim();
            if !inner.is_empty() {
                entry(inner)?;
            }
            return Ok(());
        }
        for line in raw.split('\n') {
            let line = line.trim();
            let line = line
                .strip_prefix("//")
                .or_else(|| line.strip_prefix('#'))
                .unwrap_or(line)
                .trim();
            if !line.is_empty() {
                entry(line)?;
            }
        }
        Ok(())
    }

    /// The comments of `span` between the `items` (sorted, disjoint): those
    /// of each gap between two items read as one (python-hcl2's token of
    /// newlines and comments).
    fn gap_comments(&self, span: Span, items: &[Span], out: &Bound<'py, PyList>) -> PyResult<()> {
        let mut from = span.start();
        let ends = items
            .iter()
            .map(|s| (s.start(), s.end()))
            .chain([(span.end(), span.end())]);
        for (start, end) in ends {
            self.gap(from, start.max(from), out)?;
            from = end.max(from);
        }
        Ok(())
    }

    /// The comments from `from` to `to`, read as one token.
    fn gap(&self, from: usize, to: usize, out: &Bound<'py, PyList>) -> PyResult<()> {
        let src = self.src;
        // (Most gaps are a comma and spaces: no comment can start there.)
        if !src.as_bytes()[from..to]
            .iter()
            .any(|b| matches!(b, b'#' | b'/'))
        {
            return Ok(());
        }
        let found = hcl::parser::comments(src, Span::new(from, to));
        if let (Some(first), Some(last)) = (found.first(), found.last()) {
            self.comment_values(&src[first.start()..last.end()], out)?;
        }
        Ok(())
    }

    /// A body: attributes and block groups, then its comments.
    fn body(&self, body: &Body<'s>, span: Span) -> PyResult<Obj<'py>> {
        let py = self.py;
        let out = PyDict::new(py);
        let inline = PyList::empty(py);
        // Spans of the body's items (their comments are theirs).
        let mut taken: Vec<Span> = Vec::with_capacity(body.structures.len());
        for s in body.structures {
            match s {
                Structure::Attribute(a) => {
                    out.set_item(self.name(a.name.name), self.value(&a.expr)?)?;
                    self.inline_comments(&a.expr, &inline)?;
                    taken.push(a.span());
                }
                Structure::Block(b) => {
                    let v = self.block(b)?;
                    let ty = self.name(b.ident.name);
                    match out.get_item(&ty)? {
                        Some(list) if list.is_instance_of::<PyList>() => {
                            list.cast_into::<PyList>()?.append(v)?;
                        }
                        _ => out.set_item(ty, PyList::new(py, [v])?)?,
                    }
                    taken.push(b.span());
                }
            }
        }
        let own = PyList::empty(py);
        self.gap_comments(span, &taken, &own)?;
        if !own.is_empty() {
            out.set_item(intern!(py, "__comments__"), own)?;
        }
        if !inline.is_empty() {
            out.set_item(intern!(py, "__inline_comments__"), inline)?;
        }
        Ok(out.into_any())
    }

    /// The comments python-hcl2 collects from an attribute's value, in
    /// source order: those between the items of a tuple, an object or a
    /// call's arguments, and inside parentheses; then, within tuples,
    /// arguments and any other expression's operands, those of the
    /// expressions nested there, but never those inside an object's values.
    fn inline_comments(&self, e: &Expression<'_>, out: &Bound<'py, PyList>) -> PyResult<()> {
        match e.kind {
            ExprKind::Tuple(items) => self.nested_in(e.span, items, out),
            ExprKind::FuncCall(f) => self.nested_in(e.span, f.args, out),
            ExprKind::Parenthesis(x) => self.nested_in(e.span, [x], out),
            ExprKind::Object(items) => {
                let inside: Vec<Span> = items
                    .iter()
                    .map(|i| i.key.span().to(i.value.span))
                    .collect();
                self.gap_comments(e.span, &inside, out)
            }
            ExprKind::Conditional(c) => {
                self.nested_in(e.span, [&c.cond, &c.true_expr, &c.false_expr], out)
            }
            ExprKind::Binary(_) => self.chain_comments(e, out),
            ExprKind::Unary(u) => self.nested_in(e.span, [&u.expr], out),
            ExprKind::For(f) => {
                let parts = std::iter::once(&f.collection)
                    .chain(&f.key_expr)
                    .chain([&f.value_expr])
                    .chain(&f.cond);
                self.nested_in(e.span, parts, out)
            }
            _ => Ok(()),
        }
    }

    /// [`Compat::inline_comments`] of a binary operation: what
    /// `nested_in(span, [lhs, rhs])` at each operation gives, in the same
    /// order, with a loop down the left operands (a chain of a million
    /// terms is a million left-nested operations).
    fn chain_comments(&self, e: &Expression<'_>, out: &Bound<'py, PyList>) -> PyResult<()> {
        let (leftmost, spine) = e.binary_chain();
        // Down the chain: the gap before each left operand.
        for (k, (span, _)) in spine.iter().enumerate() {
            let lhs = spine.get(k + 1).map_or(leftmost.span, |(s, _)| *s);
            self.gap(span.start(), lhs.start().max(span.start()), out)?;
        }
        self.inline_comments(leftmost, out)?;
        // Back up: each operation's right operand and the gaps around it.
        for (k, (span, b)) in spine.iter().enumerate().rev() {
            let lhs = spine.get(k + 1).map_or(leftmost.span, |(s, _)| *s);
            let from = lhs.end().max(span.start());
            self.gap(from, b.rhs.span.start().max(from), out)?;
            self.inline_comments(&b.rhs, out)?;
            let from = b.rhs.span.end().max(from);
            self.gap(from, span.end().max(from), out)?;
        }
        Ok(())
    }

    /// The comments of `span` between `items` and, in order, those nested
    /// in each item.
    fn nested_in<'e, 'a: 'e>(
        &self,
        span: Span,
        items: impl IntoIterator<Item = &'e Expression<'a>>,
        out: &Bound<'py, PyList>,
    ) -> PyResult<()> {
        let mut from = span.start();
        for x in items {
            self.gap(from, x.span.start().max(from), out)?;
            self.inline_comments(x, out)?;
            from = x.span.end().max(from);
        }
        self.gap(from, span.end().max(from), out)
    }

    /// A block: its body marked as a block, nested under its labels after
    /// the first.
    fn block(&self, b: &Block<'s>) -> PyResult<Obj<'py>> {
        let mut v = self.body(&b.body, b.body.span)?;
        v.cast::<PyDict>()?
            .set_item(intern!(self.py, "__is_block__"), true)?;
        for label in b.labels.iter().rev() {
            let key = match label {
                BlockLabel::Ident(i) => i.name,
                BlockLabel::String { span, .. } => &self.src[span.range()],
            };
            let d = PyDict::new(self.py);
            d.set_item(key, v)?;
            v = d.into_any();
        }
        Ok(v)
    }

    /// A value as python-hcl2 serializes it outside an interpolation.
    fn value(&self, e: &Expression<'_>) -> PyResult<Obj<'py>> {
        let (py, src) = (self.py, self.src);
        Ok(match e.kind {
            ExprKind::Null => py.None().into_bound(py),
            ExprKind::Bool(b) => b.into_pyobject(py)?.to_owned().into_any(),
            ExprKind::Number(n) => self.number(n.raw, false)?,
            ExprKind::Unary(u) if u.operator == UnaryOperator::Neg => match u.expr.kind {
                ExprKind::Number(n) => self.number(n.raw, true)?,
                _ => self.string(&dollar_text(e, src)),
            },
            ExprKind::Tuple(items) => {
                let list = PyList::empty(py);
                for x in items {
                    list.append(self.value(x)?)?;
                }
                list.into_any()
            }
            ExprKind::Object(items) => {
                let o = PyDict::new(py);
                for item in items {
                    let v = self.value(&item.value)?;
                    match &item.key {
                        ObjectKey::Ident(i) => o.set_item(i.name, v)?,
                        ObjectKey::Expression(k) => match k.kind {
                            ExprKind::String(_) | ExprKind::Template(_) => {
                                o.set_item(&src[k.span.range()], v)?
                            }
                            ExprKind::Number(n) => o.set_item(n.raw, v)?,
                            _ => o.set_item(dollar_text(k, src), v)?,
                        },
                    }
                }
                o.into_any()
            }
            ExprKind::String(_) => self.string(&src[e.span.range()]),
            // A bare name is its name (`type = bool`).
            ExprKind::Variable(name) => self.string(name),
            ExprKind::Template(t) => match t.kind {
                TemplateKind::Quoted => self.string(&quoted(e, src)),
                TemplateKind::Heredoc { .. } => {
                    self.string(&format!("\"{}\"", heredoc_text(e, src)))
                }
            },
            _ => self.string(&dollar_text(e, src)),
        })
    }

    /// A number as python-hcl2 reads its token: an integer, a float, or
    /// (with an exponent) its text in `${...}`.
    fn number(&self, raw: &str, negative: bool) -> PyResult<Obj<'py>> {
        let py = self.py;
        let sign = if negative { "-" } else { "" };
        if raw.contains(['e', 'E']) {
            return Ok(self.string(&format!("${{{sign}{raw}}}")));
        }
        let text = format!("{sign}{raw}");
        if !raw.contains('.') {
            if let Ok(i) = text.parse::<i64>() {
                return Ok(i.into_pyobject(py)?.into_any());
            }
        }
        Ok(match text.parse::<f64>() {
            Ok(f) => PyFloat::new(py, f).into_any(),
            Err(_) => self.string(&text),
        })
    }
}

/// An expression re-printed inside `${...}`, as python-hcl2 prints it.
fn dollar_text(e: &Expression<'_>, src: &str) -> String {
    let mut out = String::from("${");
    print(e, src, &mut out);
    out.push('}');
    out
}

/// A heredoc's text as written, without the newline that ends it.
fn heredoc_text<'s>(e: &Expression<'_>, src: &'s str) -> &'s str {
    let t = &src[e.span.range()];
    t.strip_suffix('\n').unwrap_or(t).trim_end_matches('\r')
}

/// A quoted template as written, its interpolations re-printed.
fn quoted(e: &Expression<'_>, src: &str) -> String {
    let mut out = String::new();
    quoted_into(e, src, &mut out);
    out
}

/// [`quoted`], written to `out`.
fn quoted_into(e: &Expression<'_>, src: &str, out: &mut String) {
    let ExprKind::Template(t) = e.kind else {
        out.push_str(&src[e.span.range()]);
        return;
    };
    let mut at = e.span.start();
    for el in t.template.elements {
        if let Element::Interpolation(i) = el {
            out.push_str(&src[at..i.span.start()]);
            out.push_str("${");
            print(&i.expr, src, out);
            out.push('}');
            at = i.span.end();
        }
    }
    out.push_str(&src[at..e.span.end()]);
}

/// An expression re-printed as python-hcl2 prints one inside `${...}`.
fn print(e: &Expression<'_>, src: &str, out: &mut String) {
    match e.kind {
        ExprKind::Null => out.push_str("null"),
        ExprKind::Bool(b) => out.push_str(if b { "true" } else { "false" }),
        // (A decimal fraction is read as a float and printed back as
        // Python prints one; an exponent or an integer stays as written.)
        ExprKind::Number(n) => match n.raw.parse::<f64>() {
            Ok(f) if n.raw.contains('.') && !n.raw.contains(['e', 'E']) => python_float(f, out),
            _ => out.push_str(n.raw),
        },
        ExprKind::String(_) => out.push_str(&src[e.span.range()]),
        ExprKind::Template(t) => match t.kind {
            TemplateKind::Quoted => quoted_into(e, src, out),
            // (Inside an expression a heredoc is its text in quotes.)
            TemplateKind::Heredoc { .. } => {
                out.push('"');
                out.push_str(heredoc_text(e, src));
                out.push('"');
            }
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
        ExprKind::Binary(_) => {
            // (A loop down the left operands: chains are long.)
            let (leftmost, spine) = e.binary_chain();
            print(leftmost, src, out);
            for (_, b) in spine.iter().rev() {
                out.push(' ');
                out.push_str(b.operator.as_str());
                out.push(' ');
                print(&b.rhs, src, out);
            }
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

/// A finite float as Python's `repr` prints it: the shortest digits that
/// read back, positional from 1e-4 to below 1e16, else `d.ddde±XX`.
fn python_float(f: f64, out: &mut String) {
    // ryu's digits are Python's: the shortest that read back, and of
    // those the nearest. Its text (`1.5`, `1e-5`, `1.2345678901234568e16`)
    // gives the digits and the first one's power of ten.
    let mut buf = ryu::Buffer::new();
    let text = buf.format_finite(f);
    let (sign, text) = match text.strip_prefix('-') {
        Some(t) => ("-", t),
        None => ("", text),
    };
    let (num, exp) = text.split_once('e').unwrap_or((text, "0"));
    let (int, frac) = num.split_once('.').unwrap_or((num, ""));
    let all = format!("{int}{frac}");
    let lead = all.len() - all.trim_start_matches('0').len();
    let digits = all.trim_start_matches('0').trim_end_matches('0');
    // (Zero: the digit 0, at the power 0.)
    let (digits, exp) = if digits.is_empty() {
        ("0", 0)
    } else {
        let exp = exp.parse::<i32>().unwrap_or(0) + int.len() as i32 - 1 - lead as i32;
        (digits, exp)
    };
    out.push_str(sign);
    if (-4..16).contains(&exp) {
        if exp < 0 {
            out.push_str("0.");
            out.extend(std::iter::repeat_n('0', (-exp - 1) as usize));
            out.push_str(digits);
        } else {
            let point = exp as usize + 1;
            if digits.len() <= point {
                out.push_str(digits);
                out.extend(std::iter::repeat_n('0', point - digits.len()));
                out.push_str(".0");
            } else {
                out.push_str(&digits[..point]);
                out.push('.');
                out.push_str(&digits[point..]);
            }
        }
    } else {
        let (first, rest) = digits.split_at(1);
        out.push_str(first);
        if !rest.is_empty() {
            out.push('.');
            out.push_str(rest);
        }
        out.push_str(&format!(
            "e{}{:02}",
            if exp < 0 { '-' } else { '+' },
            exp.abs()
        ));
    }
}
