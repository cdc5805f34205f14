//! The rebuilding walker: [`Fold`] copies a tree into an arena, node by
//! node, and lets a pass change what it copies. Nodes are shared and
//! immutable, so this is what rewrites a tree (the counterpart of a
//! mutable visitor); [`Visit`](super::Visit) is the reading one.
//!
//! Two passes are folds: detaching a tree from its source and arena
//! ([`Body::copy_in`], `ConfigFile::into_owned`, `Clone`) and the
//! normalised copy behind [`crate::format::eq_ignoring_spans`].

use super::*;

/// Builds a copy of a tree in [`arena`](Fold::arena). Each method copies
/// one kind of node; the defaults copy it as it is (with the `fold_*`
/// free functions), so a pass overrides the ones it changes.
///
/// ```
/// use hcl::syntax::{fold_expr, Arena, ExprKind, Expression, Fold};
///
/// /// Renames every variable `old` to `new`.
/// struct Rename<'b> {
///     arena: &'b Arena,
/// }
///
/// impl<'b> Fold<'b> for Rename<'b> {
///     fn arena(&self) -> &'b Arena {
///         self.arena
///     }
///     fn fold_expr(&mut self, e: &Expression<'_>) -> Expression<'b> {
///         match e.kind {
///             ExprKind::Variable("old") => Expression::new(ExprKind::Variable("new"), e.span),
///             _ => fold_expr(self, e),
///         }
///     }
/// }
///
/// let file = hcl::parse("a = old.x + [old][0]\n").unwrap();
/// let arena = Arena::new();
/// let body = Rename { arena: &arena }.fold_body(file.body());
/// assert_eq!(body.to_string(), "a = new.x + [new][0]\n");
/// ```
pub trait Fold<'b> {
    /// The arena the copy is built in.
    ///
    /// ```
    /// use hcl::syntax::{Arena, Body, Fold};
    /// struct CopyInto<'b>(&'b Arena);
    /// impl<'b> Fold<'b> for CopyInto<'b> {
    ///     fn arena(&self) -> &'b Arena {
    ///         self.0
    ///     }
    /// }
    /// let arena = Arena::new();
    /// let copy: Body<'_> = {
    ///     let file = hcl::parse("a = \"text\"\n").unwrap();
    ///     CopyInto(&arena).fold_body(file.body())
    /// };
    /// assert_eq!(copy.to_string(), "a = \"text\"\n");
    /// ```
    fn arena(&self) -> &'b Arena;

    /// A span of the copy (as it is, by default).
    ///
    /// ```
    /// use hcl::syntax::{Arena, Fold};
    /// use hcl::Span;
    /// /// Moves every span 100 bytes on.
    /// struct Shift<'b>(&'b Arena);
    /// impl<'b> Fold<'b> for Shift<'b> {
    ///     fn arena(&self) -> &'b Arena {
    ///         self.0
    ///     }
    ///     fn fold_span(&mut self, s: Span) -> Span {
    ///         Span::new(s.start() + 100, s.end() + 100)
    ///     }
    /// }
    /// let arena = Arena::new();
    /// let file = hcl::parse("a = 1").unwrap();
    /// let body = Shift(&arena).fold_body(file.body());
    /// assert_eq!(body.attribute("a").unwrap().span(), Span::new(100, 105));
    /// ```
    fn fold_span(&mut self, span: Span) -> Span {
        span
    }

    /// A string of the copy (copied into the arena, by default).
    ///
    /// ```
    /// use hcl::syntax::{Arena, Fold};
    /// struct Upper<'b>(&'b Arena);
    /// impl<'b> Fold<'b> for Upper<'b> {
    ///     fn arena(&self) -> &'b Arena {
    ///         self.0
    ///     }
    ///     fn fold_str(&mut self, s: &str) -> &'b str {
    ///         self.0.alloc_str(&s.to_uppercase())
    ///     }
    /// }
    /// let arena = Arena::new();
    /// let file = hcl::parse("a = \"x\"\n").unwrap();
    /// // Identifiers' text goes through `fold_str` too.
    /// assert_eq!(Upper(&arena).fold_body(file.body()).to_string(), "A = \"X\"\n");
    /// ```
    fn fold_str(&mut self, s: &str) -> &'b str {
        self.arena().alloc_str(s)
    }

    /// An identifier.
    ///
    /// ```
    /// use hcl::syntax::{Arena, Fold, Ident};
    /// struct Prefix<'b>(&'b Arena);
    /// impl<'b> Fold<'b> for Prefix<'b> {
    ///     fn arena(&self) -> &'b Arena {
    ///         self.0
    ///     }
    ///     fn fold_ident(&mut self, i: &Ident<'_>) -> Ident<'b> {
    ///         Ident::new(self.0.alloc_str(&format!("x_{}", i.name)), i.span)
    ///     }
    /// }
    /// let arena = Arena::new();
    /// let file = hcl::parse("a = b.c\n").unwrap();
    /// assert_eq!(Prefix(&arena).fold_body(file.body()).to_string(), "x_a = b.x_c\n");
    /// ```
    fn fold_ident(&mut self, i: &Ident<'_>) -> Ident<'b> {
        Ident::new(self.fold_str(i.name), self.fold_span(i.span))
    }

    /// A body.
    ///
    /// ```
    /// use hcl::syntax::{fold_body, Arena, Body, Fold, Structure};
    /// /// Leaves out every attribute named `secret`.
    /// struct NoSecrets<'b>(&'b Arena);
    /// impl<'b> Fold<'b> for NoSecrets<'b> {
    ///     fn arena(&self) -> &'b Arena {
    ///         self.0
    ///     }
    ///     fn fold_body(&mut self, b: &Body<'_>) -> Body<'b> {
    ///         let kept: Vec<_> = b.structures.iter().copied()
    ///             .filter(|s| !matches!(s, Structure::Attribute(a) if a.name.name == "secret"))
    ///             .collect();
    ///         fold_body(self, &Body { structures: &kept, span: b.span })
    ///     }
    /// }
    /// let arena = Arena::new();
    /// let file = hcl::parse("a = 1\nsecret = 2\nb {\n  secret = 3\n}\n").unwrap();
    /// assert_eq!(NoSecrets(&arena).fold_body(file.body()).to_string(), "a = 1\n\nb {}\n");
    /// ```
    fn fold_body(&mut self, b: &Body<'_>) -> Body<'b> {
        fold_body(self, b)
    }

    /// A block label.
    ///
    /// ```
    /// use hcl::syntax::{Arena, BlockLabel, Fold};
    /// /// Renames the label `old` to `new`.
    /// struct Relabel<'b>(&'b Arena);
    /// impl<'b> Fold<'b> for Relabel<'b> {
    ///     fn arena(&self) -> &'b Arena {
    ///         self.0
    ///     }
    ///     fn fold_block_label(&mut self, l: &BlockLabel<'_>) -> BlockLabel<'b> {
    ///         match l.as_str() {
    ///             "old" => BlockLabel::String { value: "new", span: l.span() },
    ///             _ => BlockLabel::String { value: self.0.alloc_str(l.as_str()), span: l.span() },
    ///         }
    ///     }
    /// }
    /// let arena = Arena::new();
    /// let file = hcl::parse("r \"t\" \"old\" {}\n").unwrap();
    /// assert_eq!(Relabel(&arena).fold_body(file.body()).to_string(), "r \"t\" \"new\" {}\n");
    /// ```
    fn fold_block_label(&mut self, l: &BlockLabel<'_>) -> BlockLabel<'b> {
        match *l {
            BlockLabel::Ident(i) => BlockLabel::Ident(self.fold_ident(&i)),
            BlockLabel::String { value, span } => BlockLabel::String {
                value: self.fold_str(value),
                span: self.fold_span(span),
            },
        }
    }

    /// An expression (a chain of binary operations as a whole, without
    /// recursing per operator).
    ///
    /// ```
    /// use hcl::syntax::{fold_expr, Arena, ExprKind, Expression, Fold};
    /// /// Writes `false` for every `null`.
    /// struct NoNulls<'b>(&'b Arena);
    /// impl<'b> Fold<'b> for NoNulls<'b> {
    ///     fn arena(&self) -> &'b Arena {
    ///         self.0
    ///     }
    ///     fn fold_expr(&mut self, e: &Expression<'_>) -> Expression<'b> {
    ///         match e.kind {
    ///             ExprKind::Null => Expression::new(ExprKind::Bool(false), e.span),
    ///             _ => fold_expr(self, e),
    ///         }
    ///     }
    /// }
    /// let arena = Arena::new();
    /// let file = hcl::parse("a = [null, 1]\n").unwrap();
    /// assert_eq!(NoNulls(&arena).fold_body(file.body()).to_string(), "a = [false, 1]\n");
    /// ```
    fn fold_expr(&mut self, e: &Expression<'_>) -> Expression<'b> {
        fold_expr(self, e)
    }

    /// A template.
    ///
    /// ```
    /// use hcl::syntax::{fold_template, Arena, Fold, Template};
    /// /// Counts the templates it copies.
    /// struct Count<'b>(&'b Arena, usize);
    /// impl<'b> Fold<'b> for Count<'b> {
    ///     fn arena(&self) -> &'b Arena {
    ///         self.0
    ///     }
    ///     fn fold_template(&mut self, t: &Template<'_>) -> Template<'b> {
    ///         self.1 += 1;
    ///         fold_template(self, t)
    ///     }
    /// }
    /// let arena = Arena::new();
    /// let file = hcl::parse("a = \"${x}!\"\nb = \"plain\"\n").unwrap();
    /// let mut count = Count(&arena, 0);
    /// count.fold_body(file.body());
    /// assert_eq!(count.1, 1);
    /// ```
    fn fold_template(&mut self, t: &Template<'_>) -> Template<'b> {
        fold_template(self, t)
    }

    /// One element of a template.
    ///
    /// ```
    /// use hcl::syntax::{fold_element, Arena, Element, Fold, Literal};
    /// /// Writes every literal part of a template as `-`.
    /// struct Dashes<'b>(&'b Arena);
    /// impl<'b> Fold<'b> for Dashes<'b> {
    ///     fn arena(&self) -> &'b Arena {
    ///         self.0
    ///     }
    ///     fn fold_element(&mut self, el: &Element<'_>) -> Element<'b> {
    ///         match el {
    ///             Element::Literal(l) => Element::Literal(Literal { value: "-", span: l.span }),
    ///             _ => fold_element(self, el),
    ///         }
    ///     }
    /// }
    /// let arena = Arena::new();
    /// let file = hcl::parse("a = \"x${y}z\"\n").unwrap();
    /// assert_eq!(Dashes(&arena).fold_body(file.body()).to_string(), "a = \"-${y}-\"\n");
    /// ```
    fn fold_element(&mut self, el: &Element<'_>) -> Element<'b> {
        fold_element(self, el)
    }
}

/// Copies a body's items with `f`.
///
/// ```
/// use hcl::syntax::{fold_body, Arena, Fold, Ident};
/// /// Upper-cases every identifier.
/// struct Upper<'b>(&'b Arena);
/// impl<'b> Fold<'b> for Upper<'b> {
///     fn arena(&self) -> &'b Arena {
///         self.0
///     }
///     fn fold_ident(&mut self, i: &Ident<'_>) -> Ident<'b> {
///         Ident::new(self.0.alloc_str(&i.name.to_uppercase()), i.span)
///     }
/// }
/// let arena = Arena::new();
/// let file = hcl::parse("a = 1\nb {\n  c = 2\n}\n").unwrap();
/// let body = fold_body(&mut Upper(&arena), file.body());
/// assert_eq!(body.to_string(), "A = 1\n\nB {\n  C = 2\n}\n");
/// ```
pub fn fold_body<'b, F: Fold<'b> + ?Sized>(f: &mut F, b: &Body<'_>) -> Body<'b> {
    crate::stack::with_stack(|| {
        let arena = f.arena();
        let structures = arena.alloc_iter(b.structures.iter().map(|s| match s {
            Structure::Attribute(a) => Structure::Attribute(Attribute {
                name: f.fold_ident(&a.name),
                expr: f.fold_expr(&a.expr),
            }),
            Structure::Block(bl) => Structure::Block(Block {
                ident: f.fold_ident(&bl.ident),
                labels: arena.alloc_iter(bl.labels.iter().map(|l| f.fold_block_label(l))),
                body: f.fold_body(&bl.body),
            }),
        }));
        Body {
            structures,
            span: f.fold_span(b.span),
        }
    })
}

/// Copies an expression's parts with `f`.
///
/// ```
/// use hcl::syntax::{fold_expr, Arena, Fold};
/// /// Copies every string in upper case.
/// struct Upper<'b>(&'b Arena);
/// impl<'b> Fold<'b> for Upper<'b> {
///     fn arena(&self) -> &'b Arena {
///         self.0
///     }
///     fn fold_str(&mut self, s: &str) -> &'b str {
///         self.0.alloc_str(&s.to_uppercase())
///     }
/// }
/// let arena = Arena::new();
/// let e = hcl::parser::parse_expression("[\"a\", \"b\"]").unwrap();
/// assert_eq!(fold_expr(&mut Upper(&arena), e.expr()).to_string(), "[\"A\", \"B\"]");
/// ```
pub fn fold_expr<'b, F: Fold<'b> + ?Sized>(f: &mut F, e: &Expression<'_>) -> Expression<'b> {
    crate::stack::with_stack(|| {
        let arena = f.arena();
        let kind = match e.kind {
            ExprKind::Null => ExprKind::Null,
            ExprKind::Bool(b) => ExprKind::Bool(b),
            ExprKind::Number(n) => {
                ExprKind::Number(arena.alloc(NumberLit::new(arena, &n.value(), f.fold_str(n.raw))))
            }
            ExprKind::String(s) => ExprKind::String(f.fold_str(s)),
            ExprKind::Template(t) => ExprKind::Template(arena.alloc(TemplateExpr {
                kind: match t.kind {
                    TemplateKind::Quoted => TemplateKind::Quoted,
                    TemplateKind::Heredoc {
                        marker,
                        strip_indent,
                    } => TemplateKind::Heredoc {
                        marker: f.fold_str(marker),
                        strip_indent,
                    },
                },
                template: f.fold_template(&t.template),
            })),
            ExprKind::Variable(name) => ExprKind::Variable(f.fold_str(name)),
            ExprKind::Tuple(items) => {
                ExprKind::Tuple(arena.alloc_iter(items.iter().map(|x| f.fold_expr(x))))
            }
            ExprKind::Object(items) => {
                ExprKind::Object(arena.alloc_iter(items.iter().map(|it| ObjectItem {
                    key: match &it.key {
                        ObjectKey::Ident(i) => ObjectKey::Ident(f.fold_ident(i)),
                        ObjectKey::Expression(k) => ObjectKey::Expression(f.fold_expr(k)),
                    },
                    value: f.fold_expr(&it.value),
                    separator: it.separator,
                })))
            }
            ExprKind::FuncCall(c) => ExprKind::FuncCall(arena.alloc(FuncCall {
                name: FuncName {
                    namespace: arena.alloc_iter(c.name.namespace.iter().map(|i| f.fold_ident(i))),
                    name: f.fold_ident(&c.name.name),
                },
                args: arena.alloc_iter(c.args.iter().map(|x| f.fold_expr(x))),
                expand_final: c.expand_final,
                args_span: f.fold_span(c.args_span),
            })),
            ExprKind::Traversal(t) => ExprKind::Traversal(arena.alloc(Traversal {
                expr: f.fold_expr(&t.expr),
                operators: arena.alloc_iter(t.operators.iter().map(|op| TraversalOperator {
                    kind: match &op.kind {
                        TraversalOperatorKind::GetAttr(i) => {
                            TraversalOperatorKind::GetAttr(f.fold_ident(i))
                        }
                        TraversalOperatorKind::Index(x) => {
                            TraversalOperatorKind::Index(f.fold_expr(x))
                        }
                        TraversalOperatorKind::LegacyIndex(n) => {
                            TraversalOperatorKind::LegacyIndex(*n)
                        }
                        TraversalOperatorKind::AttrSplat => TraversalOperatorKind::AttrSplat,
                        TraversalOperatorKind::FullSplat => TraversalOperatorKind::FullSplat,
                    },
                    span: f.fold_span(op.span),
                })),
            })),
            ExprKind::Unary(u) => ExprKind::Unary(arena.alloc(UnaryOp {
                operator: u.operator,
                expr: f.fold_expr(&u.expr),
            })),
            ExprKind::Binary(_) => return fold_chain(f, e),
            ExprKind::Conditional(c) => ExprKind::Conditional(arena.alloc(Conditional {
                cond: f.fold_expr(&c.cond),
                true_expr: f.fold_expr(&c.true_expr),
                false_expr: f.fold_expr(&c.false_expr),
            })),
            ExprKind::For(x) => ExprKind::For(arena.alloc(ForExpr {
                key_var: x.key_var.map(|i| f.fold_ident(&i)),
                value_var: f.fold_ident(&x.value_var),
                collection: f.fold_expr(&x.collection),
                key_expr: x.key_expr.map(|k| f.fold_expr(&k)),
                value_expr: f.fold_expr(&x.value_expr),
                cond: x.cond.map(|c| f.fold_expr(&c)),
                grouping: x.grouping,
            })),
            ExprKind::Parenthesis(inner) => ExprKind::Parenthesis(arena.alloc(f.fold_expr(inner))),
        };
        Expression::new(kind, f.fold_span(e.span))
    })
}

/// A left-nested operator chain: the leftmost operand first, then each
/// operation around it from the inside out, so a 100,000-term chain does
/// not recurse per operator.
fn fold_chain<'b, F: Fold<'b> + ?Sized>(f: &mut F, e: &Expression<'_>) -> Expression<'b> {
    let (leftmost, spine) = e.binary_chain();
    let mut acc = f.fold_expr(leftmost);
    for (span, b) in spine.into_iter().rev() {
        let op = BinaryOp {
            lhs: acc,
            operator: b.operator,
            operator_span: f.fold_span(b.operator_span),
            rhs: f.fold_expr(&b.rhs),
        };
        acc = Expression::new(ExprKind::Binary(f.arena().alloc(op)), f.fold_span(span));
    }
    acc
}

/// Copies a template's elements with `f`.
///
/// ```
/// use hcl::syntax::{fold_template, Arena, Fold};
/// use hcl::Span;
/// /// Drops the spans.
/// struct NoSpans<'b>(&'b Arena);
/// impl<'b> Fold<'b> for NoSpans<'b> {
///     fn arena(&self) -> &'b Arena {
///         self.0
///     }
///     fn fold_span(&mut self, _: Span) -> Span {
///         Span::default()
///     }
/// }
/// let arena = Arena::new();
/// let t = hcl::parser::parse_template("a ${b}").unwrap();
/// let copy = fold_template(&mut NoSpans(&arena), t.template());
/// assert_eq!(copy.span, Span::default());
/// assert_eq!(copy.to_string(), "a ${b}");
/// ```
pub fn fold_template<'b, F: Fold<'b> + ?Sized>(f: &mut F, t: &Template<'_>) -> Template<'b> {
    crate::stack::with_stack(|| {
        let arena = f.arena();
        Template {
            elements: arena.alloc_iter(t.elements.iter().map(|el| f.fold_element(el))),
            span: f.fold_span(t.span),
        }
    })
}

/// Copies a template element with `f`.
///
/// ```
/// use hcl::syntax::{fold_element, Arena, Element, Fold};
/// struct Copy<'b>(&'b Arena);
/// impl<'b> Fold<'b> for Copy<'b> {
///     fn arena(&self) -> &'b Arena {
///         self.0
///     }
/// }
/// let arena = Arena::new();
/// let t = hcl::parser::parse_template("x${y}").unwrap();
/// let el = fold_element(&mut Copy(&arena), &t.template().elements[0]);
/// assert!(matches!(el, Element::Literal(l) if l.value == "x"));
/// ```
pub fn fold_element<'b, F: Fold<'b> + ?Sized>(f: &mut F, el: &Element<'_>) -> Element<'b> {
    match el {
        Element::Literal(l) => Element::Literal(Literal {
            value: f.fold_str(l.value),
            span: f.fold_span(l.span),
        }),
        Element::Interpolation(i) => Element::Interpolation(Interpolation {
            expr: f.fold_expr(&i.expr),
            strip: i.strip,
            span: f.fold_span(i.span),
        }),
        Element::Directive(d) => Element::Directive(f.arena().alloc(match d {
            Directive::If(d) => Directive::If(IfDirective {
                cond: f.fold_expr(&d.cond),
                true_template: f.fold_template(&d.true_template),
                false_template: d.false_template.map(|t| f.fold_template(&t)),
                if_strip: d.if_strip,
                else_strip: d.else_strip,
                endif_strip: d.endif_strip,
                span: f.fold_span(d.span),
            }),
            Directive::For(d) => Directive::For(ForDirective {
                key_var: d.key_var.map(|i| f.fold_ident(&i)),
                value_var: f.fold_ident(&d.value_var),
                collection: f.fold_expr(&d.collection),
                template: f.fold_template(&d.template),
                for_strip: d.for_strip,
                endfor_strip: d.endfor_strip,
                span: f.fold_span(d.span),
            }),
        })),
    }
}

/// The plain copy: every node and string into the arena.
struct CopyIn<'b>(&'b Arena);

impl<'b> Fold<'b> for CopyIn<'b> {
    fn arena(&self) -> &'b Arena {
        self.0
    }
}

impl Body<'_> {
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
        CopyIn(arena).fold_body(self)
    }
}

impl Expression<'_> {
    /// A copy of the expression in `arena`, every node and string included.
    ///
    /// ```
    /// let arena = hcl::syntax::Arena::new();
    /// let expr = {
    ///     let parsed = hcl::parser::parse_expression("a + [1, \"x\"]").unwrap();
    ///     parsed.expr().copy_in(&arena)
    /// };
    /// assert_eq!(expr.to_string(), "a + [1, \"x\"]");
    /// ```
    pub fn copy_in<'b>(&self, arena: &'b Arena) -> Expression<'b> {
        CopyIn(arena).fold_expr(self)
    }
}

impl Template<'_> {
    /// A copy of the template in `arena`, every node and string included.
    ///
    /// ```
    /// let arena = hcl::syntax::Arena::new();
    /// let template = {
    ///     let parsed = hcl::parser::parse_template("Hi ${name}!").unwrap();
    ///     parsed.template().copy_in(&arena)
    /// };
    /// assert_eq!(template.elements.len(), 3);
    /// assert_eq!(template.to_string(), "Hi ${name}!");
    /// ```
    pub fn copy_in<'b>(&self, arena: &'b Arena) -> Template<'b> {
        CopyIn(arena).fold_template(self)
    }
}
