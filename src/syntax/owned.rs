//! Detaching trees from their source (`into_owned`), `FromStr`, and a
//! non-recursive `Drop` for long operator chains.

use std::borrow::Cow;
use std::str::FromStr;

use super::*;

#[inline]
fn own(c: Cow<'_, str>) -> Cow<'static, str> {
    Cow::Owned(c.into_owned())
}

impl Ident<'_> {
    /// Detaches the identifier from the source text.
    pub fn into_owned(self) -> Ident<'static> {
        Ident {
            name: own(self.name),
            span: self.span,
        }
    }
}

impl Body<'_> {
    /// Detaches the body from the source text it borrows.
    ///
    /// ```
    /// let body: hcl::Body<'static> = {
    ///     let src = String::from("a = \"x\"");
    ///     hcl::parse(&src).unwrap().into_owned()
    /// };
    /// assert_eq!(body.structures.len(), 1);
    /// ```
    pub fn into_owned(self) -> Body<'static> {
        Body {
            structures: self
                .structures
                .into_iter()
                .map(Structure::into_owned)
                .collect(),
            span: self.span,
        }
    }
}

impl Structure<'_> {
    /// Detaches the item from the source text.
    pub fn into_owned(self) -> Structure<'static> {
        match self {
            Structure::Attribute(a) => Structure::Attribute(a.into_owned()),
            Structure::Block(b) => Structure::Block(b.into_owned()),
        }
    }
}

impl Attribute<'_> {
    /// Detaches the attribute from the source text.
    pub fn into_owned(self) -> Attribute<'static> {
        Attribute {
            name: self.name.into_owned(),
            expr: self.expr.into_owned(),
            span: self.span,
        }
    }
}

impl Block<'_> {
    /// Detaches the block from the source text.
    pub fn into_owned(self) -> Block<'static> {
        Block {
            ident: self.ident.into_owned(),
            labels: self
                .labels
                .into_iter()
                .map(BlockLabel::into_owned)
                .collect(),
            body: self.body.into_owned(),
            open_brace: self.open_brace,
            close_brace: self.close_brace,
            span: self.span,
        }
    }
}

impl BlockLabel<'_> {
    /// Detaches the label from the source text.
    pub fn into_owned(self) -> BlockLabel<'static> {
        match self {
            BlockLabel::Ident(i) => BlockLabel::Ident(i.into_owned()),
            BlockLabel::String { value, span } => BlockLabel::String {
                value: own(value),
                span,
            },
        }
    }
}

impl Expression<'_> {
    /// Detaches the expression from the source text.
    ///
    /// Left-nested operator chains (`a + b + c + ...`) are converted
    /// without recursion, so very long chains are fine.
    ///
    /// ```
    /// let e: hcl::Expression<'static> = "a + 1".parse().unwrap();
    /// assert_eq!(e.span, hcl::Span::new(0, 5));
    /// ```
    pub fn into_owned(self) -> Expression<'static> {
        let span = self.span;
        let kind = match self.kind {
            ExprKind::Binary(_) => return binary_into_owned(self),
            ExprKind::Null => ExprKind::Null,
            ExprKind::Bool(b) => ExprKind::Bool(b),
            ExprKind::Number { value, raw } => ExprKind::Number {
                value,
                raw: own(raw),
            },
            ExprKind::String(s) => ExprKind::String(own(s)),
            ExprKind::Template(t) => ExprKind::Template(Box::new(t.into_owned())),
            ExprKind::Variable(i) => ExprKind::Variable(i.into_owned()),
            ExprKind::Tuple(items) => {
                ExprKind::Tuple(items.into_iter().map(Expression::into_owned).collect())
            }
            ExprKind::Object(items) => {
                ExprKind::Object(items.into_iter().map(ObjectItem::into_owned).collect())
            }
            ExprKind::FuncCall(f) => ExprKind::FuncCall(Box::new(f.into_owned())),
            ExprKind::Traversal(t) => ExprKind::Traversal(Box::new(t.into_owned())),
            ExprKind::Unary(u) => {
                let u = *u;
                ExprKind::Unary(Box::new(UnaryOp {
                    operator: u.operator,
                    expr: u.expr.into_owned(),
                }))
            }
            ExprKind::Conditional(c) => {
                let c = *c;
                ExprKind::Conditional(Box::new(Conditional {
                    cond: c.cond.into_owned(),
                    true_expr: c.true_expr.into_owned(),
                    false_expr: c.false_expr.into_owned(),
                }))
            }
            ExprKind::For(f) => ExprKind::For(Box::new(f.into_owned())),
            ExprKind::Parenthesis(e) => ExprKind::Parenthesis(Box::new((*e).into_owned())),
        };
        Expression { kind, span }
    }
}

/// Converts a binary operation, walking its left spine iteratively.
fn binary_into_owned(e: Expression<'_>) -> Expression<'static> {
    // Unzip the left spine: (operator, operator span, owned rhs, span).
    let mut spine: Vec<(BinaryOperator, Span, Expression<'static>, Span)> = Vec::new();
    let mut cur = e;
    loop {
        let span = cur.span;
        match std::mem::replace(&mut cur.kind, ExprKind::Null) {
            ExprKind::Binary(mut op) => {
                let lhs = std::mem::replace(&mut op.lhs, Expression::new(ExprKind::Null, span));
                let rhs = std::mem::replace(&mut op.rhs, Expression::new(ExprKind::Null, span));
                spine.push((op.operator, op.operator_span, rhs.into_owned(), span));
                cur = lhs;
            }
            other => {
                cur.kind = other;
                break;
            }
        }
    }
    let mut acc = cur.into_owned();
    while let Some((operator, operator_span, rhs, span)) = spine.pop() {
        acc = Expression {
            kind: ExprKind::Binary(Box::new(BinaryOp {
                lhs: acc,
                operator,
                operator_span,
                rhs,
            })),
            span,
        };
    }
    acc
}

/// The left-nested chain below `op`: `op` first, then each binary left
/// operand with the span of the expression holding it; and the leftmost
/// operand that is not binary.
fn left_spine<'o, 'a>(op: &'o BinaryOp<'a>) -> (Vec<(&'o BinaryOp<'a>, Span)>, &'o Expression<'a>) {
    let mut spine = vec![(op, Span::default())];
    let mut cur = &op.lhs;
    while let ExprKind::Binary(b) = &cur.kind {
        spine.push((b, cur.span));
        cur = &b.lhs;
    }
    (spine, cur)
}

impl Clone for BinaryOp<'_> {
    /// Clones a 100,000-term chain without deep recursion.
    fn clone(&self) -> Self {
        let (spine, leftmost) = left_spine(self);
        let mut lhs = leftmost.clone();
        let mut top = None;
        for &(b, span) in spine.iter().rev() {
            let op = BinaryOp {
                lhs,
                operator: b.operator,
                operator_span: b.operator_span,
                rhs: b.rhs.clone(),
            };
            if std::ptr::eq(b, self) {
                top = Some(op);
                break;
            }
            lhs = Expression::new(ExprKind::Binary(Box::new(op)), span);
        }
        // `self` is the first element of the spine, so the loop ends there.
        top.unwrap_or_else(|| BinaryOp {
            lhs: Expression::new(ExprKind::Null, Span::default()),
            operator: self.operator,
            operator_span: self.operator_span,
            rhs: self.rhs.clone(),
        })
    }
}

impl std::fmt::Debug for BinaryOp<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (spine, leftmost) = left_spine(self);
        if spine.len() == 1 {
            return f
                .debug_struct("BinaryOp")
                .field("lhs", &self.lhs)
                .field("operator", &self.operator)
                .field("operator_span", &self.operator_span)
                .field("rhs", &self.rhs)
                .finish();
        }
        let ops: Vec<_> = spine
            .iter()
            .rev()
            .map(|(b, _)| (b.operator, b.operator_span, &b.rhs))
            .collect();
        f.debug_struct("BinaryOp")
            .field("lhs", leftmost)
            .field("chain", &ops)
            .finish()
    }
}

impl PartialEq for BinaryOp<'_> {
    /// Compares 100,000-term chains without deep recursion.
    fn eq(&self, other: &Self) -> bool {
        let (a, a_left) = left_spine(self);
        let (b, b_left) = left_spine(other);
        a.len() == b.len()
            && a.iter().zip(&b).enumerate().all(|(i, ((x, xs), (y, ys)))| {
                (i == 0 || xs == ys)
                    && x.operator == y.operator
                    && x.operator_span == y.operator_span
                    && x.rhs == y.rhs
            })
            && a_left == b_left
    }
}

impl Drop for BinaryOp<'_> {
    /// Drops long operator chains without deep recursion: nested binary
    /// operands are unlinked onto a heap stack first.
    fn drop(&mut self) {
        #[inline]
        fn take<'a>(e: &mut Expression<'a>, stack: &mut Vec<Box<BinaryOp<'a>>>) {
            if matches!(e.kind, ExprKind::Binary(_)) {
                if let ExprKind::Binary(b) = std::mem::replace(&mut e.kind, ExprKind::Null) {
                    stack.push(b);
                }
            }
        }
        let mut stack = Vec::new();
        take(&mut self.lhs, &mut stack);
        take(&mut self.rhs, &mut stack);
        while let Some(mut b) = stack.pop() {
            take(&mut b.lhs, &mut stack);
            take(&mut b.rhs, &mut stack);
            // `b` now has no binary operands: dropping it does not recurse far.
        }
    }
}

impl ObjectItem<'_> {
    /// Detaches the item from the source text.
    pub fn into_owned(self) -> ObjectItem<'static> {
        ObjectItem {
            key: match self.key {
                ObjectKey::Ident(i) => ObjectKey::Ident(i.into_owned()),
                ObjectKey::Expression(e) => ObjectKey::Expression(e.into_owned()),
            },
            value: self.value.into_owned(),
            separator: self.separator,
        }
    }
}

impl FuncCall<'_> {
    /// Detaches the call from the source text.
    pub fn into_owned(self) -> FuncCall<'static> {
        FuncCall {
            name: FuncName {
                namespace: self
                    .name
                    .namespace
                    .into_iter()
                    .map(Ident::into_owned)
                    .collect(),
                name: self.name.name.into_owned(),
            },
            args: self.args.into_iter().map(Expression::into_owned).collect(),
            expand_final: self.expand_final,
            args_span: self.args_span,
        }
    }
}

impl Traversal<'_> {
    /// Detaches the traversal from the source text.
    pub fn into_owned(self) -> Traversal<'static> {
        Traversal {
            expr: self.expr.into_owned(),
            operators: self
                .operators
                .into_iter()
                .map(|op| TraversalOperator {
                    kind: match op.kind {
                        TraversalOperatorKind::GetAttr(i) => {
                            TraversalOperatorKind::GetAttr(i.into_owned())
                        }
                        TraversalOperatorKind::Index(e) => {
                            TraversalOperatorKind::Index(e.into_owned())
                        }
                        TraversalOperatorKind::LegacyIndex(n) => {
                            TraversalOperatorKind::LegacyIndex(n)
                        }
                        TraversalOperatorKind::AttrSplat => TraversalOperatorKind::AttrSplat,
                        TraversalOperatorKind::FullSplat => TraversalOperatorKind::FullSplat,
                    },
                    span: op.span,
                })
                .collect(),
        }
    }
}

impl ForExpr<'_> {
    /// Detaches the `for` expression from the source text.
    pub fn into_owned(self) -> ForExpr<'static> {
        ForExpr {
            key_var: self.key_var.map(Ident::into_owned),
            value_var: self.value_var.into_owned(),
            collection: self.collection.into_owned(),
            key_expr: self.key_expr.map(Expression::into_owned),
            value_expr: self.value_expr.into_owned(),
            cond: self.cond.map(Expression::into_owned),
            grouping: self.grouping,
        }
    }
}

impl TemplateExpr<'_> {
    /// Detaches the template expression from the source text.
    pub fn into_owned(self) -> TemplateExpr<'static> {
        TemplateExpr {
            kind: match self.kind {
                TemplateKind::Quoted => TemplateKind::Quoted,
                TemplateKind::Heredoc {
                    marker,
                    strip_indent,
                } => TemplateKind::Heredoc {
                    marker: own(marker),
                    strip_indent,
                },
            },
            template: self.template.into_owned(),
        }
    }
}

impl Template<'_> {
    /// Detaches the template from the source text.
    ///
    /// ```
    /// let t: hcl::Template<'static> = "Hi ${name}".parse().unwrap();
    /// assert_eq!(t.elements.len(), 2);
    /// ```
    pub fn into_owned(self) -> Template<'static> {
        Template {
            elements: self.elements.into_iter().map(Element::into_owned).collect(),
            span: self.span,
        }
    }
}

impl Element<'_> {
    /// Detaches the element from the source text.
    pub fn into_owned(self) -> Element<'static> {
        match self {
            Element::Literal(l) => Element::Literal(Literal {
                value: own(l.value),
                span: l.span,
            }),
            Element::Interpolation(i) => Element::Interpolation(Interpolation {
                expr: i.expr.into_owned(),
                strip: i.strip,
                span: i.span,
            }),
            Element::Directive(d) => Element::Directive(Box::new(match *d {
                Directive::If(d) => Directive::If(IfDirective {
                    cond: d.cond.into_owned(),
                    true_template: d.true_template.into_owned(),
                    false_template: d.false_template.map(Template::into_owned),
                    if_strip: d.if_strip,
                    else_strip: d.else_strip,
                    endif_strip: d.endif_strip,
                    span: d.span,
                }),
                Directive::For(d) => Directive::For(ForDirective {
                    key_var: d.key_var.map(Ident::into_owned),
                    value_var: d.value_var.into_owned(),
                    collection: d.collection.into_owned(),
                    template: d.template.into_owned(),
                    for_strip: d.for_strip,
                    endfor_strip: d.endfor_strip,
                    span: d.span,
                }),
            })),
        }
    }
}

impl FromStr for Body<'static> {
    type Err = crate::Error;

    /// Parses a config file and detaches it from `s`.
    ///
    /// ```
    /// let body: hcl::Body = "a = 1".parse().unwrap();
    /// assert_eq!(body.structures.len(), 1);
    /// ```
    fn from_str(s: &str) -> crate::Result<Self> {
        crate::parse(s).map(Body::into_owned)
    }
}

impl FromStr for Expression<'static> {
    type Err = crate::Error;

    /// Parses an expression and detaches it from `s`.
    fn from_str(s: &str) -> crate::Result<Self> {
        crate::parser::parse_expression(s).map(Expression::into_owned)
    }
}

impl FromStr for Template<'static> {
    type Err = crate::Error;

    /// Parses a standalone template and detaches it from `s`.
    fn from_str(s: &str) -> crate::Result<Self> {
        crate::parser::parse_template(s).map(Template::into_owned)
    }
}
