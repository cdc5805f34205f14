//! Copying a tree into another arena: what detaches a tree from the source
//! text and arena it was parsed into (`ConfigFile::into_owned`, `Clone`),
//! and, with spans cleared and layout normalised, what compares trees
//! regardless of layout ([`crate::format::eq_ignoring_spans`]).

use super::*;

/// How a tree is copied.
#[derive(Clone, Copy)]
pub(crate) struct Copier<'b> {
    pub(crate) arena: &'b Arena,
    /// Spans become `0..0`, block labels are quoted strings, and the
    /// literal text of templates is one merged literal per run (empty ones
    /// dropped): trees that differ only in layout become equal.
    pub(crate) normalize: bool,
}

impl<'b> Copier<'b> {
    #[inline]
    fn span(&self, s: Span) -> Span {
        if self.normalize {
            Span::default()
        } else {
            s
        }
    }

    #[inline]
    fn ident(&self, i: &Ident<'_>) -> Ident<'b> {
        Ident::new(self.arena.alloc_str(i.name), self.span(i.span))
    }
}

impl<'a> Body<'a> {
    /// A copy of the body in `arena`, every node and string included.
    ///
    /// ```
    /// let arena = hcl::syntax::Arena::new();
    /// let body = {
    ///     let file = hcl::parse("a = [1, 2]").unwrap();
    ///     file.body().copy_in(&arena)
    /// };
    /// assert_eq!(body.to_string(), "a = [1, 2]\n");
    /// ```
    pub fn copy_in<'b>(&self, arena: &'b Arena) -> Body<'b> {
        Copier {
            arena,
            normalize: false,
        }
        .body(self)
    }
}

impl<'b> Copier<'b> {
    pub(crate) fn body(&self, body: &Body<'_>) -> Body<'b> {
        let arena = self.arena;
        Body {
            structures: arena.alloc_iter(body.structures.iter().map(|s| match s {
                Structure::Attribute(a) => Structure::Attribute(Attribute {
                    name: self.ident(&a.name),
                    expr: self.expr(&a.expr),
                }),
                Structure::Block(b) => Structure::Block(Block {
                    ident: self.ident(&b.ident),
                    labels: arena.alloc_iter(b.labels.iter().map(|l| match *l {
                        // The printer quotes every label, as `terraform fmt`
                        // does: `b x {}` and `b "x" {}` mean the same.
                        BlockLabel::Ident(i) if self.normalize => BlockLabel::String {
                            value: arena.alloc_str(i.name),
                            span: Span::default(),
                        },
                        BlockLabel::Ident(i) => BlockLabel::Ident(self.ident(&i)),
                        BlockLabel::String { value, span } => BlockLabel::String {
                            value: arena.alloc_str(value),
                            span: self.span(span),
                        },
                    })),
                    body: self.body(&b.body),
                }),
            })),
            span: self.span(body.span),
        }
    }
}

impl<'a> Expression<'a> {
    /// A copy of the expression in `arena`, every node and string included.
    /// Long operator chains are copied without deep recursion.
    pub fn copy_in<'b>(&self, arena: &'b Arena) -> Expression<'b> {
        Copier {
            arena,
            normalize: false,
        }
        .expr(self)
    }
}

impl<'b> Copier<'b> {
    pub(crate) fn expr(&self, e: &Expression<'_>) -> Expression<'b> {
        let arena = self.arena;
        if let ExprKind::Binary(_) = e.kind {
            return self.chain(e);
        }
        let kind = match e.kind {
            ExprKind::Null => ExprKind::Null,
            ExprKind::Bool(b) => ExprKind::Bool(b),
            ExprKind::Number(n) => ExprKind::Number(arena.alloc(NumberLit {
                value: n.value,
                raw: arena.alloc_str(n.raw),
            })),
            ExprKind::String(s) => ExprKind::String(arena.alloc_str(s)),
            ExprKind::Template(t) => ExprKind::Template(arena.alloc(TemplateExpr {
                kind: match t.kind {
                    TemplateKind::Quoted => TemplateKind::Quoted,
                    TemplateKind::Heredoc {
                        marker,
                        strip_indent,
                    } => TemplateKind::Heredoc {
                        marker: arena.alloc_str(marker),
                        strip_indent,
                    },
                },
                template: self.template(&t.template),
            })),
            ExprKind::Variable(name) => ExprKind::Variable(arena.alloc_str(name)),
            ExprKind::Tuple(items) => {
                ExprKind::Tuple(arena.alloc_iter(items.iter().map(|e| self.expr(e))))
            }
            ExprKind::Object(items) => {
                ExprKind::Object(arena.alloc_iter(items.iter().map(|it| ObjectItem {
                    key: match &it.key {
                        ObjectKey::Ident(i) => ObjectKey::Ident(self.ident(i)),
                        ObjectKey::Expression(e) => ObjectKey::Expression(self.expr(e)),
                    },
                    value: self.expr(&it.value),
                    separator: it.separator,
                })))
            }
            ExprKind::FuncCall(f) => ExprKind::FuncCall(arena.alloc(FuncCall {
                name: FuncName {
                    namespace: arena.alloc_iter(f.name.namespace.iter().map(|i| self.ident(i))),
                    name: self.ident(&f.name.name),
                },
                args: arena.alloc_iter(f.args.iter().map(|e| self.expr(e))),
                expand_final: f.expand_final,
                args_span: self.span(f.args_span),
            })),
            ExprKind::Traversal(t) => ExprKind::Traversal(arena.alloc(Traversal {
                expr: self.expr(&t.expr),
                operators: arena.alloc_iter(t.operators.iter().map(|op| TraversalOperator {
                    kind: match &op.kind {
                        TraversalOperatorKind::GetAttr(i) => {
                            TraversalOperatorKind::GetAttr(self.ident(i))
                        }
                        TraversalOperatorKind::Index(e) => {
                            TraversalOperatorKind::Index(self.expr(e))
                        }
                        TraversalOperatorKind::LegacyIndex(n) => {
                            TraversalOperatorKind::LegacyIndex(*n)
                        }
                        TraversalOperatorKind::AttrSplat => TraversalOperatorKind::AttrSplat,
                        TraversalOperatorKind::FullSplat => TraversalOperatorKind::FullSplat,
                    },
                    span: self.span(op.span),
                })),
            })),
            ExprKind::Unary(u) => ExprKind::Unary(arena.alloc(UnaryOp {
                operator: u.operator,
                expr: self.expr(&u.expr),
            })),
            ExprKind::Binary(_) => unreachable_binary(),
            ExprKind::Conditional(c) => ExprKind::Conditional(arena.alloc(Conditional {
                cond: self.expr(&c.cond),
                true_expr: self.expr(&c.true_expr),
                false_expr: self.expr(&c.false_expr),
            })),
            ExprKind::For(f) => ExprKind::For(arena.alloc(ForExpr {
                key_var: f.key_var.map(|i| self.ident(&i)),
                value_var: self.ident(&f.value_var),
                collection: self.expr(&f.collection),
                key_expr: f.key_expr.map(|e| self.expr(&e)),
                value_expr: self.expr(&f.value_expr),
                cond: f.cond.map(|e| self.expr(&e)),
                grouping: f.grouping,
            })),
            ExprKind::Parenthesis(inner) => ExprKind::Parenthesis(arena.alloc(self.expr(inner))),
        };
        Expression::new(kind, self.span(e.span))
    }

    /// Copies a left-nested operator chain: the leftmost operand first,
    /// then each operation around it, from the inside out.
    fn chain(&self, e: &Expression<'_>) -> Expression<'b> {
        let mut spine = Vec::new();
        let mut cur = e;
        while let ExprKind::Binary(b) = cur.kind {
            spine.push((b, cur.span));
            cur = &b.lhs;
        }
        let mut acc = self.expr(cur);
        for (b, span) in spine.into_iter().rev() {
            let op = BinaryOp {
                lhs: acc,
                operator: b.operator,
                operator_span: self.span(b.operator_span),
                rhs: self.expr(&b.rhs),
            };
            acc = Expression::new(ExprKind::Binary(self.arena.alloc(op)), self.span(span));
        }
        acc
    }
}

/// Handled by [`Copier::chain`] before the match.
#[cold]
fn unreachable_binary<'b>() -> ExprKind<'b> {
    ExprKind::Null
}

impl<'a> Template<'a> {
    /// A copy of the template in `arena`, every node and string included.
    pub fn copy_in<'b>(&self, arena: &'b Arena) -> Template<'b> {
        Copier {
            arena,
            normalize: false,
        }
        .template(self)
    }
}

impl<'b> Copier<'b> {
    pub(crate) fn template(&self, t: &Template<'_>) -> Template<'b> {
        let arena = self.arena;
        if self.normalize {
            return self.merged(t);
        }
        Template {
            elements: arena.alloc_iter(t.elements.iter().map(|el| self.element(el))),
            span: t.span,
        }
    }

    /// The template with each run of literals as one literal, empty ones
    /// dropped.
    fn merged(&self, t: &Template<'_>) -> Template<'b> {
        let mut out: Vec<Element<'b>> = Vec::with_capacity(t.elements.len());
        let mut text = String::new();
        for el in t.elements {
            match el {
                Element::Literal(l) => text.push_str(l.value),
                _ => {
                    if !text.is_empty() {
                        out.push(self.literal(&text));
                        text.clear();
                    }
                    out.push(self.element(el));
                }
            }
        }
        if !text.is_empty() {
            out.push(self.literal(&text));
        }
        Template {
            elements: self.arena.alloc_slice(&out),
            span: Span::default(),
        }
    }

    fn literal(&self, text: &str) -> Element<'b> {
        Element::Literal(Literal {
            value: self.arena.alloc_str(text),
            span: Span::default(),
        })
    }

    fn element(&self, el: &Element<'_>) -> Element<'b> {
        let arena = self.arena;
        match el {
            Element::Literal(l) => Element::Literal(Literal {
                value: arena.alloc_str(l.value),
                span: self.span(l.span),
            }),
            Element::Interpolation(i) => Element::Interpolation(Interpolation {
                expr: self.expr(&i.expr),
                strip: i.strip,
                span: self.span(i.span),
            }),
            Element::Directive(d) => Element::Directive(arena.alloc(match d {
                Directive::If(d) => Directive::If(IfDirective {
                    cond: self.expr(&d.cond),
                    true_template: self.template(&d.true_template),
                    false_template: d.false_template.map(|t| self.template(&t)),
                    if_strip: d.if_strip,
                    else_strip: d.else_strip,
                    endif_strip: d.endif_strip,
                    span: self.span(d.span),
                }),
                Directive::For(d) => Directive::For(ForDirective {
                    key_var: d.key_var.map(|i| self.ident(&i)),
                    value_var: self.ident(&d.value_var),
                    collection: self.expr(&d.collection),
                    template: self.template(&d.template),
                    for_strip: d.for_strip,
                    endfor_strip: d.endfor_strip,
                    span: self.span(d.span),
                }),
            })),
        }
    }
}
