//! The owned model of a parsed tree: each part copied out of the tree and
//! its source (a quoted template keeps its text as the formatter writes it,
//! a heredoc its lines as written).

use super::expr::{
    BinaryOp, Conditional, Expression, ForExpr, FuncCall, FuncName, Heredoc, HeredocStripMode,
    ObjectKey, TemplateExpr, Traversal, TraversalOperator, UnaryOp, Variable,
};
use super::{Attribute, Block, BlockLabel, Body, Identifier, Structure};
use crate::syntax::{self, ExprKind, TemplateKind, TraversalOperatorKind};

/// `b`, parsed from `src`, as an owned body.
pub(crate) fn body(b: &syntax::Body<'_>, src: &str) -> Body {
    crate::stack::with_stack(|| {
        Body(
            b.structures
                .iter()
                .map(|s| match s {
                    syntax::Structure::Attribute(a) => Structure::Attribute(Attribute {
                        key: ident(a.name.name),
                        expr: expression(&a.expr, src),
                    }),
                    syntax::Structure::Block(b) => Structure::Block(Block {
                        identifier: ident(b.ident.name),
                        labels: b
                            .labels
                            .iter()
                            .map(|l| match l {
                                syntax::BlockLabel::Ident(i) => {
                                    BlockLabel::Identifier(ident(i.name))
                                }
                                syntax::BlockLabel::String { value, .. } => {
                                    BlockLabel::String((*value).to_owned())
                                }
                            })
                            .collect(),
                        body: body(&b.body, src),
                    }),
                })
                .collect(),
        )
    })
}

/// A parsed name (valid: the parser read it as one).
fn ident(name: &str) -> Identifier {
    Identifier::unchecked(name)
}

/// `e`, parsed from `src`, as an owned expression. A chain of binary
/// operations is built from its leftmost operand without recursing down it.
pub(crate) fn expression(e: &syntax::Expression<'_>, src: &str) -> Expression {
    if let ExprKind::Binary(_) = e.kind {
        let (leftmost, ops) = e.binary_chain();
        let mut acc = expression(leftmost, src);
        for (_, op) in ops.iter().rev() {
            acc = BinaryOp::new(acc, op.operator, expression(&op.rhs, src)).into();
        }
        return acc;
    }
    crate::stack::with_stack(|| match &e.kind {
        ExprKind::Null => Expression::Null,
        ExprKind::Bool(b) => Expression::Bool(*b),
        ExprKind::Number(n) => Expression::Number(n.value()),
        ExprKind::String(s) => Expression::String((*s).to_owned()),
        ExprKind::Template(t) => template(t, e.span, src),
        ExprKind::Variable(name) => Expression::Variable(Variable::unchecked(*name)),
        ExprKind::Tuple(items) => {
            Expression::Array(items.iter().map(|x| expression(x, src)).collect())
        }
        ExprKind::Object(items) => Expression::Object(
            items
                .iter()
                .map(|item| {
                    let key = match &item.key {
                        syntax::ObjectKey::Ident(i) => ObjectKey::Identifier(ident(i.name)),
                        syntax::ObjectKey::Expression(k) => {
                            ObjectKey::Expression(expression(k, src))
                        }
                    };
                    (key, expression(&item.value, src))
                })
                .collect(),
        ),
        ExprKind::FuncCall(c) => FuncCall {
            name: FuncName {
                namespace: c.name.namespace.iter().map(|n| ident(n.name)).collect(),
                name: ident(c.name.name.name),
            },
            args: c.args.iter().map(|a| expression(a, src)).collect(),
            expand_final: c.expand_final,
        }
        .into(),
        ExprKind::Traversal(t) => Traversal {
            expr: expression(&t.expr, src),
            operators: t
                .operators
                .iter()
                .map(|op| match &op.kind {
                    TraversalOperatorKind::GetAttr(i) => TraversalOperator::GetAttr(ident(i.name)),
                    TraversalOperatorKind::Index(x) => TraversalOperator::Index(expression(x, src)),
                    TraversalOperatorKind::LegacyIndex(n) => TraversalOperator::LegacyIndex(*n),
                    TraversalOperatorKind::AttrSplat => TraversalOperator::AttrSplat,
                    TraversalOperatorKind::FullSplat => TraversalOperator::FullSplat,
                })
                .collect(),
        }
        .into(),
        ExprKind::Unary(u) => UnaryOp::new(u.operator, expression(&u.expr, src)).into(),
        // (Handled above.)
        ExprKind::Binary(b) => {
            BinaryOp::new(expression(&b.lhs, src), b.operator, expression(&b.rhs, src)).into()
        }
        ExprKind::Conditional(c) => Conditional::new(
            expression(&c.cond, src),
            expression(&c.true_expr, src),
            expression(&c.false_expr, src),
        )
        .into(),
        ExprKind::For(f) => ForExpr {
            key_var: f.key_var.map(|k| ident(k.name)),
            value_var: ident(f.value_var.name),
            collection_expr: expression(&f.collection, src),
            key_expr: f.key_expr.as_ref().map(|k| expression(k, src)),
            value_expr: expression(&f.value_expr, src),
            grouping: f.grouping,
            cond_expr: f.cond.as_ref().map(|c| expression(c, src)),
        }
        .into(),
        ExprKind::Parenthesis(inner) => Expression::Parenthesis(Box::new(expression(inner, src))),
    })
}

/// A template expression at `span` of `src`, its text as written.
fn template(t: &syntax::TemplateExpr<'_>, span: crate::Span, src: &str) -> Expression {
    let text = src
        .get(span.start as usize..span.end as usize)
        .unwrap_or_default();
    match t.kind {
        TemplateKind::Quoted => {
            // As the formatter writes it, so that what is written reads back
            // the same text.
            let mut written = String::new();
            crate::format::one_line(
                &syntax::Expression::new(ExprKind::Template(t), span),
                &mut written,
            );
            let inner = written
                .strip_prefix('"')
                .and_then(|t| t.strip_suffix('"'))
                .unwrap_or(&written);
            TemplateExpr::QuotedString(inner.to_owned()).into()
        }
        TemplateKind::Heredoc {
            marker,
            strip_indent,
        } => {
            // After the opening line, up to the closing marker's line.
            let start = text.find('\n').map_or(text.len(), |i| i + 1);
            let body = &text[start..];
            let end = body
                .strip_suffix(marker)
                .map(|before| before.trim_end_matches([' ', '\t']).len())
                .unwrap_or(body.len());
            Heredoc {
                delimiter: ident(marker),
                template: body[..end].to_owned(),
                strip: if strip_indent {
                    HeredocStripMode::Indent
                } else {
                    HeredocStripMode::None
                },
            }
            .into()
        }
    }
}
