//! Templates: interpolation, `%{if}`, `%{for}`, strip markers, unwrapping.

use std::borrow::Cow;

use super::context::Context;
use super::expr::{err, eval, iter_items, R};
use super::ops;
use crate::syntax::*;
use crate::value::Value;

pub(crate) fn eval_template_expr(t: &TemplateExpr<'_>, ctx: &Context<'_>, d: u32) -> R<Value> {
    let heredoc = matches!(t.kind, TemplateKind::Heredoc { .. });
    eval_template(&t.template, heredoc, ctx, d)
}

/// Evaluates a template. A template that is exactly one interpolation
/// gives the interpolated value itself, unconverted (`"${true}"` is `true`).
pub(crate) fn eval_template(
    t: &Template<'_>,
    heredoc: bool,
    ctx: &Context<'_>,
    d: u32,
) -> R<Value> {
    let mut parts = t
        .elements
        .iter()
        .filter(|e| !matches!(e, Element::Literal(l) if l.value.is_empty()));
    if let (Some(Element::Interpolation(i)), None) = (parts.next(), parts.next()) {
        return eval(&i.expr, ctx, d);
    }
    let mut out = String::new();
    render(&t.elements, heredoc, false, false, ctx, d, &mut out)?;
    Ok(Value::String(out))
}

fn start_strip(e: &Element<'_>) -> bool {
    match e {
        Element::Literal(_) => false,
        Element::Interpolation(i) => i.strip.start,
        Element::Directive(d) => match &**d {
            Directive::If(i) => i.if_strip.start,
            Directive::For(f) => f.for_strip.start,
        },
    }
}

fn end_strip(e: &Element<'_>) -> bool {
    match e {
        Element::Literal(_) => false,
        Element::Interpolation(i) => i.strip.end,
        Element::Directive(d) => match &**d {
            Directive::If(i) => i.endif_strip.end,
            Directive::For(f) => f.endfor_strip.end,
        },
    }
}

/// Applies strip markers to a literal. In a quoted template `~` removes all
/// adjacent whitespace; a heredoc is lexed one line per literal token, so
/// there `~` only reaches the neighbouring line's token.
pub(crate) fn strip_literal(text: &str, left: bool, right: bool, heredoc: bool) -> &str {
    let mut s = text;
    if left {
        if heredoc {
            let first_end = s.find('\n').map_or(s.len(), |p| p + 1);
            let trimmed = s[..first_end].trim_start();
            s = &s[first_end - trimmed.len()..];
        } else {
            s = s.trim_start();
        }
    }
    if right {
        if heredoc {
            let body = s.strip_suffix('\n').unwrap_or(s);
            let last_start = body.rfind('\n').map_or(0, |p| p + 1);
            let trimmed_len = s[last_start..].trim_end().len();
            s = &s[..last_start + trimmed_len];
        } else {
            s = s.trim_end();
        }
    }
    s
}

/// Renders `elements` into `out`. `before`/`after` are the strip markers of
/// the delimiters around the sequence (`%{ for ~}` ... `%{~ endfor }`).
fn render(
    elements: &[Element<'_>],
    heredoc: bool,
    before: bool,
    after: bool,
    ctx: &Context<'_>,
    d: u32,
    out: &mut String,
) -> R<()> {
    if d > super::expr::MAX_DEPTH {
        return Err(err(
            elements.first().map_or(Span::default(), |e| match e {
                Element::Literal(l) => l.span,
                Element::Interpolation(i) => i.span,
                Element::Directive(_) => Span::default(),
            }),
            "Template too deeply nested",
        ));
    }
    let n = elements.len();
    for (i, el) in elements.iter().enumerate() {
        match el {
            Element::Literal(l) => {
                let left = if i == 0 {
                    before
                } else {
                    end_strip(&elements[i - 1])
                };
                let right = if i + 1 == n {
                    after
                } else {
                    start_strip(&elements[i + 1])
                };
                out.push_str(strip_literal(&l.value, left, right, heredoc));
            }
            Element::Interpolation(interp) => {
                let v = eval(&interp.expr, ctx, d)?;
                ops::template_string(&v, out, interp.expr.span)?;
            }
            Element::Directive(dir) => match &**dir {
                Directive::If(ifd) => {
                    let c = eval(&ifd.cond, ctx, d)?;
                    let c = match c {
                        Value::Bool(b) => b,
                        Value::String(s) if s == "true" => true,
                        Value::String(s) if s == "false" => false,
                        Value::Null => {
                            return Err(err(
                                ifd.cond.span,
                                "Null condition: The condition value is null. Conditions must either be true or false.",
                            ))
                        }
                        other => {
                            return Err(err(
                                ifd.cond.span,
                                format!(
                                    "Incorrect condition type: The condition expression must be of type bool, but have {}.",
                                    other.type_name()
                                ),
                            ))
                        }
                    };
                    let else_start = ifd.else_strip.map_or(ifd.endif_strip.start, |s| s.start);
                    if c {
                        render(
                            &ifd.true_template.elements,
                            heredoc,
                            ifd.if_strip.end,
                            else_start,
                            ctx,
                            d + 1,
                            out,
                        )?;
                    } else if let Some(f) = &ifd.false_template {
                        render(
                            &f.elements,
                            heredoc,
                            ifd.else_strip.is_some_and(|s| s.end),
                            ifd.endif_strip.start,
                            ctx,
                            d + 1,
                            out,
                        )?;
                    }
                }
                Directive::For(fd) => {
                    let coll = eval(&fd.collection, ctx, d)?;
                    let items = iter_items(&coll, fd.collection.span, "'for' directive")?;
                    let key_name = fd.key_var.as_ref().map(|k| k.name.as_ref());
                    for (k, v) in items {
                        let child = ctx.iteration(
                            key_name.map(|n| (n, Cow::Owned(k))),
                            (fd.value_var.name.as_ref(), Cow::Borrowed(v)),
                        );
                        render(
                            &fd.template.elements,
                            heredoc,
                            fd.for_strip.end,
                            fd.endfor_strip.start,
                            &child,
                            d + 1,
                            out,
                        )?;
                    }
                }
            },
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::strip_literal;

    #[test]
    fn quoted_strip_removes_all_whitespace() {
        assert_eq!(strip_literal(" \n\t x \n ", true, true, false), "x");
    }

    #[test]
    fn heredoc_strip_reaches_one_line() {
        // `${"b"~}` followed by "\n   C\n": only the newline goes.
        assert_eq!(strip_literal("\n   C\n", true, false, true), "   C\n");
        // `%{~ endfor }` preceded by "x\n  ": the partial last line goes.
        assert_eq!(strip_literal("x\n  ", false, true, true), "x\n");
        // Preceded by a full line "y\n": its newline goes.
        assert_eq!(strip_literal("a\ny  \n", false, true, true), "a\ny");
    }
}
