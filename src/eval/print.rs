//! Printing expressions back as source, for template-preserving mode.
//!
//! With the source text available (see [`Context::set_source`]) an
//! expression is sliced out of it exactly as written. Without it the
//! formatter prints it from the tree, on one line (`crate::format`).

use super::context::Context;
use super::limits::Budget;
use crate::syntax::*;
use crate::value::Value;

/// The value kept for an expression that cannot be evaluated: a template
/// string that parses back to the same expression.
/// It is printed into the evaluation's text buffer and copied into a `Str`,
/// which keeps short text inline.
pub(crate) fn preserve(e: &Expression<'_>, ctx: &Context<'_>, budget: &Budget) -> Value {
    budget.with_text(|out| {
        match &e.kind {
            ExprKind::Template(t) => template_source(&t.template, keeps_strip(t), ctx, out),
            _ => {
                out.push_str("${");
                expr_source(e, ctx, out);
                out.push('}');
            }
        }
        Value::String(crate::value::Str::from(out.as_str()))
    })
}

/// Whether strip markers are printed back. The parser has already applied
/// them to the literals; re-applying them is harmless in quoted and
/// standalone templates (a stripped literal has no whitespace left at that
/// end), but in a heredoc they act per line, so a second pass would strip
/// more: heredocs are printed without them.
pub(crate) fn keeps_strip(t: &TemplateExpr<'_>) -> bool {
    matches!(t.kind, TemplateKind::Quoted)
}

fn strip_if(keep: bool, s: Strip) -> Strip {
    if keep {
        s
    } else {
        Strip::default()
    }
}

/// The template form of a template: its literals with `${`/`%{` escaped,
/// and its interpolations and directives as source.
pub(crate) fn template_source(
    t: &Template<'_>,
    keep_strip: bool,
    ctx: &Context<'_>,
    out: &mut String,
) {
    let mut parts = TemplateParts {
        literal: |s, out| crate::syntax::escape_template(out, s),
        interpolation: &mut |i: &Interpolation<'_>, out: &mut String| {
            interpolation_source(i, keep_strip, ctx, out)
        },
        expr: &mut |e: &Expression<'_>, out: &mut String| expr_source(e, ctx, out),
    };
    write_template(t, keep_strip, out, &mut parts);
}

/// An interpolation kept as source: sliced from the source text when there
/// is one and strip markers are kept, printed otherwise.
pub(crate) fn interpolation_source(
    i: &Interpolation<'_>,
    keep_strip: bool,
    ctx: &Context<'_>,
    out: &mut String,
) {
    match slice(ctx, i.span) {
        Some(s) if keep_strip => out.push_str(s),
        _ => write_interpolation(i, keep_strip, out, &mut |e, out| expr_source(e, ctx, out)),
    }
}

/// How [`write_template`] writes a template's literals, interpolations and
/// directive expressions.
struct TemplateParts<'f> {
    literal: fn(&str, &mut String),
    interpolation: &'f mut dyn FnMut(&Interpolation<'_>, &mut String),
    expr: &'f mut dyn FnMut(&Expression<'_>, &mut String),
}

fn write_interpolation(
    i: &Interpolation<'_>,
    keep_strip: bool,
    out: &mut String,
    expr: &mut dyn FnMut(&Expression<'_>, &mut String),
) {
    let strip = strip_if(keep_strip, i.strip);
    out.push_str(if strip.start { "${~" } else { "${" });
    expr(&i.expr, out);
    out.push_str(if strip.end { "~}" } else { "}" });
}

/// Writes a template's elements, directives spelled out, with `parts`
/// writing literals and expressions.
fn write_template(
    t: &Template<'_>,
    keep_strip: bool,
    out: &mut String,
    parts: &mut TemplateParts<'_>,
) {
    for el in t.elements {
        match el {
            Element::Literal(l) => (parts.literal)(l.value, out),
            Element::Interpolation(i) => (parts.interpolation)(i, out),
            Element::Directive(d) => match &**d {
                Directive::If(ifd) => {
                    open_directive(strip_if(keep_strip, ifd.if_strip), out);
                    out.push_str("if ");
                    (parts.expr)(&ifd.cond, out);
                    close_directive(strip_if(keep_strip, ifd.if_strip), out);
                    write_template(&ifd.true_template, keep_strip, out, parts);
                    if let Some(f) = &ifd.false_template {
                        let s = strip_if(keep_strip, ifd.else_strip.unwrap_or_default());
                        open_directive(s, out);
                        out.push_str("else");
                        close_directive(s, out);
                        write_template(f, keep_strip, out, parts);
                    }
                    open_directive(strip_if(keep_strip, ifd.endif_strip), out);
                    out.push_str("endif");
                    close_directive(strip_if(keep_strip, ifd.endif_strip), out);
                }
                Directive::For(fd) => {
                    open_directive(strip_if(keep_strip, fd.for_strip), out);
                    out.push_str("for ");
                    if let Some(k) = &fd.key_var {
                        out.push_str(k.name);
                        out.push_str(", ");
                    }
                    out.push_str(fd.value_var.name);
                    out.push_str(" in ");
                    (parts.expr)(&fd.collection, out);
                    close_directive(strip_if(keep_strip, fd.for_strip), out);
                    write_template(&fd.template, keep_strip, out, parts);
                    open_directive(strip_if(keep_strip, fd.endfor_strip), out);
                    out.push_str("endfor");
                    close_directive(strip_if(keep_strip, fd.endfor_strip), out);
                }
            },
        }
    }
}

fn open_directive(s: Strip, out: &mut String) {
    out.push_str(if s.start { "%{~ " } else { "%{ " });
}

fn close_directive(s: Strip, out: &mut String) {
    out.push_str(if s.end { " ~}" } else { " }" });
}

fn slice<'s>(ctx: &Context<'s>, span: Span) -> Option<&'s str> {
    let src = ctx.source()?;
    src.get(span.range()).filter(|s| !s.is_empty())
}

/// Appends the source of `e`: sliced from the source text when available,
/// printed from the tree otherwise.
/// A heredoc's closing marker must end its line: a newline is added after
/// a sliced expression that ends with one.
pub(crate) fn expr_source(e: &Expression<'_>, ctx: &Context<'_>, out: &mut String) {
    match slice(ctx, e.span) {
        Some(s) => {
            out.push_str(s);
            if e.ends_with_heredoc() {
                out.push('\n');
            }
        }
        None => print_expr(e, out),
    }
}

/// Prints `e` as HCL source (minimal: single line, no comments). Heredocs
/// are printed as quoted templates with the same content.
///
/// ```
/// let file = hcl::parse("x = [for k, v in var.m : upper(v) if k != \"a\"]\n").unwrap();
/// let body = file.body();
/// let e = &body.attribute("x").unwrap().expr;
/// let mut s = String::new();
/// hcl::eval::print_expr(e, &mut s);
/// assert_eq!(s, "[for k, v in var.m : upper(v) if k != \"a\"]");
/// ```
pub fn print_expr(e: &Expression<'_>, out: &mut String) {
    crate::format::one_line(e, out);
}
