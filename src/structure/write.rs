//! The model written as HCL text, then laid out as `terraform fmt` lays
//! it out.

use super::expr::{
    BinaryOp, Expression, ForExpr, HeredocStripMode, ObjectKey, Operation, TemplateExpr,
    TraversalOperator,
};
use super::{Block, BlockLabel, Body, Structure};
use crate::syntax::escape_quoted;

/// `body` as `terraform fmt` writes it.
pub(crate) fn body_text(body: &Body) -> String {
    let mut out = String::new();
    write_body(&mut out, body);
    layout(out)
}

/// `e` as `terraform fmt` writes it.
pub(crate) fn expression_text(e: &Expression) -> String {
    let mut out = String::from("x = ");
    write_expr(&mut out, e);
    out.push('\n');
    let laid = layout(out);
    let text = laid.strip_prefix("x = ").unwrap_or(&laid);
    text.strip_suffix('\n').unwrap_or(text).to_owned()
}

/// The text `src` (written here, so it parses) laid out by the formatter.
fn layout(src: String) -> String {
    match crate::format::format_source(&src, false) {
        Ok(formatted) => formatted,
        // (What does not parse, an identifier built unchecked say, is left
        // as written.)
        Err(_) => src,
    }
}

fn write_body(out: &mut String, body: &Body) {
    crate::stack::with_stack(|| {
        for s in &body.0 {
            match s {
                Structure::Attribute(a) => {
                    out.push_str(a.key.as_str());
                    out.push_str(" = ");
                    write_expr(out, &a.expr);
                    if !out.ends_with('\n') {
                        out.push('\n');
                    }
                }
                Structure::Block(b) => write_block(out, b),
            }
        }
    });
}

fn write_block(out: &mut String, b: &Block) {
    out.push_str(b.identifier.as_str());
    for l in &b.labels {
        out.push(' ');
        match l {
            BlockLabel::String(s) => quoted(out, s),
            BlockLabel::Identifier(i) => out.push_str(i.as_str()),
        }
    }
    out.push_str(" {\n");
    write_body(out, &b.body);
    out.push_str("}\n");
}

fn quoted(out: &mut String, s: &str) {
    out.push('"');
    escape_quoted(out, s);
    out.push('"');
}

/// The binary operation `e` is, if it is one.
pub(super) fn as_binary(e: &Expression) -> Option<&BinaryOp> {
    match e {
        Expression::Operation(op) => match &**op {
            Operation::Binary(b) => Some(b),
            Operation::Unary(_) => None,
        },
        _ => None,
    }
}

fn write_expr(out: &mut String, e: &Expression) {
    if let Some(b) = as_binary(e) {
        // A chain `a op b op c ...`: its leftmost operand, then each
        // operation, without recursing down the chain.
        let mut chain = vec![b];
        while let Some(inner) = as_binary(&chain[chain.len() - 1].lhs_expr) {
            chain.push(inner);
        }
        if let Some(last) = chain.last() {
            write_expr(out, &last.lhs_expr);
        }
        for op in chain.iter().rev() {
            out.push(' ');
            out.push_str(op.operator.as_str());
            out.push(' ');
            write_expr(out, &op.rhs_expr);
        }
        return;
    }
    crate::stack::with_stack(|| match e {
        Expression::Null => out.push_str("null"),
        Expression::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Expression::Number(n) => out.push_str(&n.to_string()),
        Expression::String(s) => quoted(out, s),
        Expression::Array(items) => {
            out.push('[');
            for (i, x) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_expr(out, x);
            }
            out.push(']');
        }
        Expression::Object(items) => {
            if items.is_empty() {
                out.push_str("{}");
                return;
            }
            out.push_str("{\n");
            for (k, v) in items {
                match k {
                    ObjectKey::Identifier(i) => out.push_str(i.as_str()),
                    ObjectKey::Expression(k) => write_expr(out, k),
                }
                out.push_str(" = ");
                write_expr(out, v);
                if !out.ends_with('\n') {
                    out.push('\n');
                }
            }
            out.push('}');
        }
        Expression::TemplateExpr(t) => match &**t {
            TemplateExpr::QuotedString(s) => {
                out.push('"');
                out.push_str(s);
                out.push('"');
            }
            TemplateExpr::Heredoc(h) => {
                out.push_str(match h.strip {
                    HeredocStripMode::None => "<<",
                    HeredocStripMode::Indent => "<<-",
                });
                out.push_str(h.delimiter.as_str());
                out.push('\n');
                out.push_str(&h.template);
                if !h.template.is_empty() && !h.template.ends_with('\n') {
                    out.push('\n');
                }
                out.push_str(h.delimiter.as_str());
                out.push('\n');
            }
        },
        Expression::Variable(v) => out.push_str(v.as_str()),
        Expression::Traversal(t) => {
            write_expr(out, &t.expr);
            for op in &t.operators {
                match op {
                    TraversalOperator::AttrSplat => out.push_str(".*"),
                    TraversalOperator::FullSplat => out.push_str("[*]"),
                    TraversalOperator::GetAttr(i) => {
                        out.push('.');
                        out.push_str(i.as_str());
                    }
                    TraversalOperator::Index(x) => {
                        out.push('[');
                        write_expr(out, x);
                        out.push(']');
                    }
                    TraversalOperator::LegacyIndex(n) => {
                        out.push('.');
                        out.push_str(&n.to_string());
                    }
                }
            }
        }
        Expression::FuncCall(c) => {
            for n in &c.name.namespace {
                out.push_str(n.as_str());
                out.push_str("::");
            }
            out.push_str(c.name.name.as_str());
            out.push('(');
            for (i, a) in c.args.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_expr(out, a);
            }
            if c.expand_final && !c.args.is_empty() {
                out.push_str("...");
            }
            out.push(')');
        }
        Expression::Parenthesis(inner) => {
            out.push('(');
            write_expr(out, inner);
            out.push(')');
        }
        Expression::Conditional(c) => {
            write_expr(out, &c.cond_expr);
            out.push_str(" ? ");
            write_expr(out, &c.true_expr);
            out.push_str(" : ");
            write_expr(out, &c.false_expr);
        }
        Expression::Operation(op) => match &**op {
            Operation::Unary(u) => {
                out.push_str(u.operator.as_str());
                write_expr(out, &u.expr);
            }
            // (Written as a chain above.)
            Operation::Binary(_) => {}
        },
        Expression::ForExpr(f) => write_for(out, f),
    })
}

fn write_for(out: &mut String, f: &ForExpr) {
    out.push_str(if f.key_expr.is_some() {
        "{for "
    } else {
        "[for "
    });
    if let Some(k) = &f.key_var {
        out.push_str(k.as_str());
        out.push_str(", ");
    }
    out.push_str(f.value_var.as_str());
    out.push_str(" in ");
    write_expr(out, &f.collection_expr);
    out.push_str(" : ");
    if let Some(k) = &f.key_expr {
        write_expr(out, k);
        out.push_str(" => ");
    }
    write_expr(out, &f.value_expr);
    if f.grouping {
        out.push_str("...");
    }
    if let Some(c) = &f.cond_expr {
        out.push_str(" if ");
        write_expr(out, c);
    }
    out.push(if f.key_expr.is_some() { '}' } else { ']' });
}
