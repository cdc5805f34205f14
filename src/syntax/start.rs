//! The start of an expression: the part a diagnostic points at when it is
//! about the expression as a whole within something larger (an argument a
//! function refuses, an argument too many), as HCL's `StartRange` gives it.

use super::{
    Element, ExprKind, Expression, FuncCall, Span, TemplateKind, TraversalOperator,
    TraversalOperatorKind,
};

impl FuncCall<'_> {
    /// A call's start: its name (namespace included) and its opening
    /// parenthesis, where HCL reports a failure of the call.
    ///
    /// ```
    /// let src = "provider::aws::arn(x)";
    /// let e = hcl::parser::parse_expression(src).unwrap();
    /// let hcl::syntax::ExprKind::FuncCall(call) = e.expr().kind else { unreachable!() };
    /// let s = call.start_span();
    /// assert_eq!(&src[s.start as usize..s.end as usize], "provider::aws::arn(");
    /// ```
    pub fn start_span(&self) -> Span {
        let name = self
            .name
            .namespace
            .first()
            .map_or(self.name.name.span, |n| n.span);
        name.to(first(self.args_span, 1))
    }
}

impl Expression<'_> {
    /// Where a diagnostic about this expression points when it is an
    /// argument (hclsyntax's `StartRange`): a function call's name and
    /// opening parenthesis, a collection's or `for`'s opening bracket, an
    /// operator's left operand's start, a unary operator's symbol, a quoted
    /// string's text without its quotes, the bracket opening an index whose
    /// key is not a literal, a splat's marker; a literal or a reference
    /// whole.
    ///
    /// ```
    /// fn start(src: &str) -> &str {
    ///     let e = hcl::parser::parse_expression(src).unwrap();
    ///     let s = e.expr().start_span();
    ///     &src[s.start as usize..s.end as usize]
    /// }
    /// assert_eq!(start("upper(x)"), "upper(");
    /// assert_eq!(start("\"z\""), "z");
    /// assert_eq!(start("\"\" "), " "); // the character after it
    /// assert_eq!(start("[1, 2]"), "[");
    /// assert_eq!(start("a.b + 1"), "a.b");
    /// assert_eq!(start("-x"), "-");
    /// assert_eq!(start("(x ? 1 : 2)"), "x");
    /// assert_eq!(start("m[k]"), "[");
    /// assert_eq!(start("m[0].id"), "m[0].id");
    /// assert_eq!(start("m[*].id"), "[*]");
    /// assert_eq!(start("m.*.id"), ".*");
    /// assert_eq!(start("m.*.id[0]"), "m.*.id[0]");
    /// ```
    pub fn start_span(&self) -> Span {
        // (A loop over the parts that start an expression: an operand
        // chain is followed without recursion.)
        let mut e = self;
        loop {
            match e.kind {
                ExprKind::Parenthesis(inner) => e = inner,
                ExprKind::Binary(b) => e = &b.lhs,
                ExprKind::Conditional(c) => e = &c.cond,
                ExprKind::Unary(_) => return first(e.span, 1),
                ExprKind::Tuple(_) | ExprKind::Object(_) | ExprKind::For(_) => {
                    return first(e.span, 1)
                }
                ExprKind::FuncCall(c) => return c.start_span(),
                ExprKind::String(s) if s.is_empty() && e.span.end - e.span.start == 2 => {
                    // (HCL's is empty, after the closing quote; Terraform
                    // shows an empty range as the character there.)
                    return Span {
                        start: e.span.end,
                        end: e.span.end + 1,
                    };
                }
                // The text between the quotes.
                ExprKind::String(_) => {
                    return Span {
                        start: e.span.start + 1,
                        end: e.span.end.saturating_sub(1).max(e.span.start + 1),
                    }
                }
                ExprKind::Template(t) => match (t.kind, t.template.elements) {
                    // A quoted template of one interpolation is that
                    // interpolation, quotes and all.
                    (TemplateKind::Quoted, [Element::Interpolation(_)]) => return e.span,
                    (_, [Element::Literal(l), rest @ ..]) => {
                        // Consecutive literals are one part.
                        let last = rest
                            .iter()
                            .map_while(|el| match el {
                                Element::Literal(l) => Some(l.span),
                                _ => None,
                            })
                            .last()
                            .unwrap_or(l.span);
                        return l.span.to(last);
                    }
                    (_, [Element::Interpolation(i), ..]) => e = &i.expr,
                    (_, [Element::Directive(super::Directive::If(d)), ..]) => e = &d.cond,
                    // The opening `%{for ... in ...}` (its closing brace
                    // taken to follow the collection).
                    (_, [Element::Directive(super::Directive::For(d)), ..]) => {
                        return Span {
                            start: d.span.start,
                            end: d.collection.span.end + 1,
                        }
                    }
                    (_, []) => return e.span,
                },
                ExprKind::Traversal(t) => return outermost(t.operators).unwrap_or(e.span),
                ExprKind::Null
                | ExprKind::Bool(_)
                | ExprKind::Number(_)
                | ExprKind::Variable(_) => return e.span,
            }
        }
    }
}

/// The start of a traversal by `ops`, from the operator HCL's parser
/// makes the outermost node: a full splat `[*]` holds every operator after
/// it, an attribute splat `.*` the attributes and legacy indexes right
/// after it; of the operators left, the last decides. A splat is its
/// marker, an index by a key that is not a literal its opening bracket;
/// `None` for any other (the traversal is then its whole extent).
fn outermost(ops: &[TraversalOperator<'_>]) -> Option<Span> {
    let mut top = None;
    let mut i = 0;
    while let Some(op) = ops.get(i) {
        i += 1;
        top = match op.kind {
            TraversalOperatorKind::FullSplat => return Some(op.span),
            TraversalOperatorKind::AttrSplat => {
                while ops.get(i).is_some_and(|o| {
                    matches!(
                        o.kind,
                        TraversalOperatorKind::GetAttr(_) | TraversalOperatorKind::LegacyIndex(_)
                    )
                }) {
                    i += 1;
                }
                Some(first(op.span, 2))
            }
            TraversalOperatorKind::Index(key) if !literal(&key) => Some(first(op.span, 1)),
            _ => None,
        };
    }
    top
}

/// The first `n` bytes of `span` (all of it when shorter).
fn first(span: Span, n: u32) -> Span {
    Span {
        start: span.start,
        end: span.end.min(span.start + n),
    }
}

/// Whether an index key is a literal (HCL makes such an index a step of a
/// traversal): a number, bool, `null` or a quoted string without
/// interpolation.
fn literal(key: &Expression<'_>) -> bool {
    matches!(
        key.kind,
        ExprKind::Null | ExprKind::Bool(_) | ExprKind::Number(_) | ExprKind::String(_)
    )
}
