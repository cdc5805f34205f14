//! Templates: interpolation, `%{if}`, `%{for}`, strip markers, unwrapping.

use std::borrow::Cow;

use super::expr::Eval;
use super::expr::{eval_t, iter_items};
use super::fail::{boxed, Failures, R};
use super::ops;
use super::typing::Ty;
use crate::syntax::*;
use crate::value::Value;

pub(crate) fn eval_template_expr(t: &TemplateExpr<'_>, ctx: &Eval<'_, '_>, d: u32) -> R<Value> {
    eval_template(&t.template, ctx, d)
}

/// Evaluates a template. A template that is exactly one interpolation
/// gives the interpolated value itself, unconverted (`"${true}"` is `true`).
pub(crate) fn eval_template(t: &Template<'_>, ctx: &Eval<'_, '_>, d: u32) -> R<Value> {
    eval_template_t(t, ctx, d).map(|r| r.0)
}

/// What an unknown template result is known to start with, given the text
/// before its first unknown part, as cty keeps it (`SafeKnownPrefix`): at
/// most 128 bytes, less the last grapheme cluster, which a character yet to
/// come could still combine with, unless that is a delimiter that ends any
/// cluster (`"pre-${u}"` starts with "pre-", `"ab${u}"` only with "a").
fn safe_prefix(text: &str) -> String {
    let mut end = text.len().min(128);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let text = &text[..end];
    let clusters: Vec<&str> =
        unicode_segmentation::UnicodeSegmentation::graphemes(text, true).collect();
    let Some(last) = clusters.last() else {
        return String::new();
    };
    let mut chars = last.chars();
    let delimiter = matches!(
        (chars.next(), chars.next()),
        (Some(c), None) if "-_:;/\\,.(){}[]|?!~ \t@#$%^&*+\"'".contains(c)
    );
    if delimiter {
        text.to_owned()
    } else {
        text[..text.len() - last.len()].to_owned()
    }
}

/// [`eval_template`], with the result's type: a single interpolation
/// keeps its value's type (`"${tostring(null)}"` is a null string).
pub(crate) fn eval_template_t(t: &Template<'_>, ctx: &Eval<'_, '_>, d: u32) -> R<(Value, Ty)> {
    // The parser keeps literals emptied by strip markers, so that
    // `" ${~ 5 }"` is not unwrapped (as in Terraform).
    if let [Element::Interpolation(i)] = t.elements {
        return eval_t(&i.expr, ctx, d);
    }
    let mut out = String::new();
    let mut unknown = None;
    let mut failures = Failures::default();
    render(t.elements, ctx, d, &mut out, &mut unknown, &mut failures)?;
    if failures.any() {
        // HCL goes on with the text written before the first error, or an
        // unknown string when a part was not known.
        let placeholder = match unknown {
            Some(_) => super::unknown::nullable(crate::value::Type::String),
            None => (Value::String(out.into()), None),
        };
        return failures.finish(placeholder, boxed);
    }
    Ok(match unknown {
        // An unknown part: an unknown string, known to start with the text
        // before it.
        Some(prefix) => {
            let r = super::typing::Refine {
                not_null: true,
                prefix: Some(safe_prefix(&prefix)).filter(|p: &String| !p.is_empty()),
                ..super::typing::Refine::default()
            };
            (
                Value::Null,
                super::typing::unknown(crate::value::Type::String, r),
            )
        }
        None => (Value::String(out.into()), None),
    })
}

/// A template in output position whose evaluation needs something
/// undefined, in template-preserving mode: its known parts rendered, and
/// each interpolation that is not known kept as `${...}` source
/// (`"${local.name} on ${build.id}"` with `local.name = "web"` gives
/// `"web on ${build.id}"`). Known text is escaped (`${` as `$${`), so the
/// result reads back as the same template. A template with directives, or
/// that is a single interpolation, is kept whole: `Fail::Preserved`.
pub(crate) fn render_kept(t: &Template<'_>, ctx: &Eval<'_, '_>, d: u32) -> R<Value> {
    render_kept_with(t, ctx, d, &mut |i, out| {
        super::print::interpolation_source(i, false, ctx, out)
    })
}

/// [`render_kept`], each interpolation that is not known written by `kept`.
pub(crate) fn render_kept_with(
    t: &Template<'_>,
    ctx: &Eval<'_, '_>,
    d: u32,
    kept: &mut dyn FnMut(&Interpolation<'_>, &mut String),
) -> R<Value> {
    if matches!(t.elements, [Element::Interpolation(_)]) {
        return Err(super::fail::Fail::Preserved(None));
    }
    // Rendered into the evaluation's text buffer, then copied into a `Str`.
    ctx.budget.with_text(|out| {
        for el in t.elements {
            match el {
                Element::Literal(l) => crate::syntax::escape_template(out, l.value),
                Element::Interpolation(i) => match eval_t(&i.expr, ctx, d) {
                    Ok((v, t)) if super::typing::is_known(&t) => {
                        let mut s = String::new();
                        ops::template_string(&v, &mut s, i.expr.span)?;
                        crate::syntax::escape_template(out, &s);
                    }
                    Ok(_) | Err(super::fail::Fail::Preserved(_)) => kept(i, out),
                    Err(e) => return Err(e),
                },
                Element::Directive(_) => return Err(super::fail::Fail::Preserved(None)),
            }
        }
        Ok(Value::String(crate::value::Str::from(out.as_str())))
    })
}

/// Renders `elements` into `out`. Strip markers and `<<-` dedent have
/// already been applied to the literals by the parser. At the first part
/// that is not known, `unknown` gets the text rendered so far; the rest is
/// still evaluated (its errors count) but not kept. A part that fails is
/// recorded in `failures`, and no text is written after it.
fn render(
    elements: &[Element<'_>],
    ctx: &Eval<'_, '_>,
    d: u32,
    out: &mut String,
    unknown: &mut Option<String>,
    failures: &mut Failures,
) -> R<()> {
    crate::stack::with_stack(|| {
        if ctx.too_deep(d) {
            let span = elements.first().map_or(Span::default(), |e| match e {
                Element::Literal(l) => l.span,
                Element::Interpolation(i) => i.span,
                Element::Directive(_) => Span::default(),
            });
            return Err(super::fail::too_deep(span));
        }
        for el in elements {
            match el {
                Element::Literal(l) if !failures.any() => out.push_str(l.value),
                Element::Literal(_) => {}
                Element::Interpolation(interp) => {
                    let (v, t) = match eval_t(&interp.expr, ctx, d) {
                        Ok(r) => r,
                        Err(f) => failures.note(f)?,
                    };
                    // Only a wholly unknown value is skipped: a collection
                    // holding unknowns is still not a string.
                    if super::typing::is_unknown(&t) {
                        unknown.get_or_insert_with(|| out.clone());
                        continue;
                    }
                    let mut text = String::new();
                    match ops::template_string(&v, &mut text, interp.expr.span) {
                        Ok(()) if !failures.any() => out.push_str(&text),
                        Ok(()) => {}
                        Err(f) => failures.add_fail(f)?,
                    }
                }
                Element::Directive(dir) => match &**dir {
                    Directive::If(ifd) => {
                        let (c, ct) = match eval_t(&ifd.cond, ctx, d) {
                            Ok(r) => r,
                            Err(f) => failures.note(f)?,
                        };
                        // A wholly unknown condition is not checked; one holding
                        // unknowns is not a bool.
                        if super::typing::is_unknown(&ct) {
                            unknown.get_or_insert_with(|| out.clone());
                            continue;
                        }
                        // (A condition that is not a bool makes the directive,
                        // HCL's conditional, an unknown string.)
                        let Some(c) = super::expr::condition_bool(&c) else {
                            failures.add_fail(super::expr::condition_error(&c, ifd.cond.span))?;
                            unknown.get_or_insert_with(|| out.clone());
                            continue;
                        };
                        if c {
                            render(
                                ifd.true_template.elements,
                                ctx,
                                d + 1,
                                out,
                                unknown,
                                failures,
                            )?;
                        } else if let Some(f) = &ifd.false_template {
                            render(f.elements, ctx, d + 1, out, unknown, failures)?;
                        }
                    }
                    Directive::For(fd) => {
                        let (coll, coll_ty) = match eval_t(&fd.collection, ctx, d) {
                            Ok(r) => r,
                            Err(f) => failures.note(f)?,
                        };
                        // A `for` directive is HCL's `for` expression inside.
                        if super::typing::is_unknown(&coll_ty) {
                            let t = super::typing::of(&coll, &coll_ty);
                            if let Err(f) = super::expr::not_iterable(&t, fd.collection.span) {
                                failures.add_fail(f)?;
                            }
                            unknown.get_or_insert_with(|| out.clone());
                            continue;
                        }
                        let set = super::typing::is_set(&coll_ty);
                        let items = match iter_items(&coll, &coll_ty, fd.collection.span) {
                            Ok(items) => items,
                            Err(f) => {
                                failures.add_fail(f)?;
                                unknown.get_or_insert_with(|| out.clone());
                                continue;
                            }
                        };
                        let key_name = fd.key_var.as_ref().map(|k| k.name);
                        for (k, v, vt) in items {
                            let kt = if set { vt.clone() } else { None };
                            let child_ctx = ctx.iteration(
                                key_name.map(|n| (n, k, kt)),
                                (fd.value_var.name, Cow::Borrowed(v), vt),
                            );
                            let child = ctx.with(&child_ctx);
                            let before = out.len();
                            render(fd.template.elements, &child, d + 1, out, unknown, failures)?;
                            ctx.budget
                                .charge_bytes(out.len() - before, fd.collection.span)?;
                        }
                    }
                },
            }
        }
        Ok(())
    })
}
