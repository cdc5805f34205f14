//! [`Reference`]: a static traversal (a root name followed by attribute
//! names and constant index keys), and the one rule for which traversal
//! operators belong to one.

use std::fmt;

use crate::syntax::{
    Element, ExprKind, Expression, Span, TraversalOperator, TraversalOperatorKind,
};
use crate::value::Value;

/// A static traversal: a root variable name followed by attribute names
/// and constant index keys, with the source span of the whole of it
/// (`var.list[0].name`). What [`references`](super::references) reports
/// and [`static_traversal`](super::static_traversal) returns.
///
/// [`Display`](fmt::Display) writes it in HCL syntax: `var.a.b[0]`,
/// `local.m["k"]` (a legacy index `a.0` shows as `a[0]`).
///
/// ```
/// use hcl::analysis::{references, Step};
///
/// let parsed = hcl::parser::parse_expression(r#"module.vpc.outputs["id"]"#).unwrap();
/// let refs = references(parsed.expr());
/// let r = &refs[0];
/// assert_eq!(r.root, "module");
/// assert_eq!(r.steps, [Step::Attr("vpc"), Step::Attr("outputs"), Step::Index("id".into())]);
/// assert_eq!(r.span, hcl::Span::new(0, 24));
/// assert_eq!(r.to_string(), r#"module.vpc.outputs["id"]"#);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Reference<'a> {
    /// The root variable name (`var`, `local`, `each`, ...).
    pub root: &'a str,
    /// The attribute accesses and constant indexes after the root, in
    /// order.
    pub steps: Vec<Step<'a>>,
    /// From the root name to the end of the last step.
    pub span: Span,
}

/// One step of a [`Reference`] after its root.
///
/// ```
/// use hcl::analysis::{static_traversal, Step};
/// use hcl::Value;
///
/// let parsed = hcl::parser::parse_expression("a.b[1.5][true][null].0").unwrap();
/// let t = static_traversal(parsed.expr()).unwrap();
/// assert_eq!(
///     t.steps,
///     [
///         Step::Attr("b"),
///         Step::Index(Value::from(1.5)),
///         Step::Index(Value::Bool(true)),
///         Step::Index(Value::Null),
///         Step::Index(Value::from(0)),
///     ]
/// );
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum Step<'a> {
    /// `.name`
    Attr(&'a str),
    /// `[key]` with a constant key, or a legacy index `.0`: the key as the
    /// literal was written (a number, string, bool or null).
    Index(Value),
}

impl fmt::Display for Reference<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.root)?;
        for step in &self.steps {
            write!(f, "{step}")?;
        }
        Ok(())
    }
}

impl Step<'_> {
    /// Appends the step as [`Display`](fmt::Display) writes it (a name
    /// without the formatting machinery).
    pub(crate) fn write_to(&self, out: &mut String) {
        match self {
            Step::Attr(name) => {
                out.push('.');
                out.push_str(name);
            }
            Step::Index(key) => {
                use fmt::Write;
                // (Writing to a String cannot fail.)
                let _ = write!(out, "[{key}]");
            }
        }
    }
}

impl fmt::Display for Step<'_> {
    /// `.name` or `[key]`, the key in HCL syntax.
    ///
    /// ```
    /// use hcl::analysis::Step;
    /// assert_eq!(Step::Attr("id").to_string(), ".id");
    /// assert_eq!(Step::Index("a\"b".into()).to_string(), r#"["a\"b"]"#);
    /// assert_eq!(Step::Index(2.into()).to_string(), "[2]");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::Attr(name) => write!(f, ".{name}"),
            Step::Index(key) => write!(f, "[{key}]"),
        }
    }
}

/// The root name of an expression that can start a static traversal: a
/// variable, or (`reads_keywords`) the keywords `true`, `false` and `null`
/// read as the variable names they are spelled as.
pub(super) fn root_name<'a>(e: &Expression<'a>, reads_keywords: bool) -> Option<&'a str> {
    match e.kind {
        ExprKind::Variable(name) => Some(name),
        ExprKind::Null if reads_keywords => Some("null"),
        ExprKind::Bool(true) if reads_keywords => Some("true"),
        ExprKind::Bool(false) if reads_keywords => Some("false"),
        _ => None,
    }
}

/// The steps that the leading operators of `ops` make (attribute names,
/// legacy indexes, indexes with a constant key), up to the first other
/// operator; and the end of the last one (`start` if there is none).
pub(super) fn static_steps<'a>(ops: &[TraversalOperator<'a>], start: u32) -> (Vec<Step<'a>>, u32) {
    // (Most references are static to their end: room for every step at
    // once, rather than growing step by step.)
    let mut steps = Vec::with_capacity(ops.len());
    let mut end = start;
    for op in ops {
        let step = match &op.kind {
            TraversalOperatorKind::GetAttr(i) => Step::Attr(i.name),
            TraversalOperatorKind::LegacyIndex(n) => Step::Index(Value::from(*n)),
            TraversalOperatorKind::Index(key) => match constant_key(key) {
                Some(k) => Step::Index(k),
                None => break,
            },
            TraversalOperatorKind::AttrSplat | TraversalOperatorKind::FullSplat => break,
        };
        steps.push(step);
        end = op.span.end;
    }
    (steps, end)
}

/// The key of an index operation, if it is a constant: a literal number,
/// `true`, `false` or `null`, or a template that is only literal text (a
/// quoted string, or a heredoc without interpolations or directives; the
/// tree holds an empty heredoc as a template without elements, which is
/// not).
/// Anything else, even a constant computation (`-1`, `"${"k"}"`, `(0)`),
/// is not.
fn constant_key(key: &Expression<'_>) -> Option<Value> {
    match &key.kind {
        ExprKind::Null => Some(Value::Null),
        ExprKind::Bool(b) => Some(Value::Bool(*b)),
        ExprKind::Number(n) => Some(Value::Number(n.value())),
        ExprKind::String(s) => Some(Value::from(*s)),
        ExprKind::Template(t) => {
            let elements = t.template.elements;
            let mut text = String::new();
            for el in elements {
                match el {
                    Element::Literal(l) => text.push_str(l.value),
                    _ => return None,
                }
            }
            (!elements.is_empty()).then(|| Value::from(text))
        }
        _ => None,
    }
}
