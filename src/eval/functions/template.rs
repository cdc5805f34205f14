//! `templatestring` (and the rendering shared with `templatefile`): parse
//! a string as a template and evaluate it with the given variables and the
//! built-in functions, as Terraform does.

use std::path::PathBuf;

use super::util::friendly_type;
use super::Registry;
use crate::eval::limits::Budget;
use crate::eval::{Context, FuncDef, FuncError};
use crate::syntax::{Element, ExprKind, Expression};
use crate::value::{Type, Value};

/// The two functions that render templates: names a rendered template
/// may not call.
pub(crate) const TEMPLATESTRING: &str = "templatestring";
/// See [`TEMPLATESTRING`].
pub(crate) const TEMPLATEFILE: &str = "templatefile";

pub(crate) fn register(r: &mut Registry) {
    r.insert(
        TEMPLATESTRING,
        FuncDef::builder()
            .returns(Type::String)
            // Exactly a string, not one converted (Terraform: a number or
            // bool would be no useful template).
            .nullable_param("template", Type::Dynamic)
            .syntax_check(template_reference)
            .param("vars", Type::Dynamic)
            .implement(|c| {
                let (a, budget) = (c.values, c.budget);
                let mut it = a.into_iter();
                let Some(Value::String(src)) = it.next() else {
                    return Err(FuncError::arg(
                        0,
                        "invalid template value: a string is required",
                    ));
                };
                let vars = it.next().unwrap_or_default();
                let v = render(&src, vars, None, TEMPLATESTRING, budget)?;
                match super::util::convert_known(v, &super::util::Ty::String) {
                    Ok(s @ Value::String(_)) => Ok(s),
                    _ => Err("invalid template result: string required".into()),
                }
            }),
    );
}

/// `templatestring` renders templates that come from elsewhere: as in
/// Terraform (`isValidTemplateStringExpr`), its template must be a
/// reference (`local.t`), or an index, attribute access or splat of one
/// (`local.m[each.key]`: the key is not constrained); a template written
/// inline, in parentheses or built by another expression is refused, with
/// Terraform's message for each kind.
fn template_reference(e: &Expression<'_>) -> Result<(), String> {
    let detail = match &e.kind {
        ExprKind::Template(t) if t.wrapped_expr().is_some() => "templatestring is only for rendering templates retrieved dynamically from elsewhere; to treat the inner expression as template syntax, write the reference expression directly without any template interpolation syntax",
        ExprKind::String(_) => LITERAL_TEMPLATE,
        ExprKind::Template(t) if t.template.elements.iter().all(|e| matches!(e, Element::Literal(_))) => LITERAL_TEMPLATE,
        ExprKind::Template(_) => "templatestring is only for rendering templates retrieved dynamically from elsewhere; to render an inline template, consider using a plain template string expression",
        _ if is_reference(e) => return Ok(()),
        _ => "must be a direct reference to a single string from elsewhere, containing valid Terraform template syntax",
    };
    Err(format!("invalid template expression: {detail}"))
}

/// Terraform's refusal of a template written out in full.
const LITERAL_TEMPLATE: &str = "templatestring is only for rendering templates retrieved dynamically from elsewhere, and so does not support providing a literal template; consider using a template string expression instead";

/// A variable, or attribute accesses, indexes (whatever their keys) and
/// splats of one: where `templatestring` may take its template from.
fn is_reference(e: &Expression<'_>) -> bool {
    match &e.kind {
        ExprKind::Variable(_) => true,
        ExprKind::Traversal(t) => is_reference(&t.expr),
        _ => false,
    }
}

/// Renders `src` with `vars` (an object) as its only variables. Built-in
/// functions are available, except `templatefile`/`templatestring` (no
/// recursion, as in Terraform); with `base`, the filesystem functions read
/// relative to it. The template is evaluated within the caller's `budget`.
pub(crate) fn render(
    src: &str,
    vars: Value,
    base: Option<PathBuf>,
    caller: &'static str,
    budget: &Budget,
) -> Result<Value, FuncError> {
    // (`vars` is the second argument of both functions.)
    let vars = match vars {
        Value::Object(o) => o,
        other => {
            return Err(FuncError::arg(
                1,
                format!(
                    "invalid vars value: must be a map (got {})",
                    friendly_type(&other)
                ),
            ))
        }
    };
    let template = crate::parser::parse_template(src).map_err(|e| e.to_string())?;
    let mut ctx = Context::new();
    for (name, value) in vars {
        if !crate::syntax::is_identifier(&name) {
            return Err(FuncError::arg(1, format!(
                "invalid template variable name {name:?}: must start with a letter, followed by zero or more letters, digits, and underscores"
            )));
        }
        ctx.declare_var(name, value);
    }
    for name in [TEMPLATEFILE, TEMPLATESTRING] {
        ctx.declare_func(
            name,
            FuncDef::builder()
                .nullable_variadic("args", Type::Dynamic)
                .build(move |_| {
                    Err(
                        format!("cannot call {name} from inside a template rendered by {caller}")
                            .into(),
                    )
                }),
        );
    }
    #[cfg(feature = "fs")]
    if let Some(base) = base {
        for (name, f) in super::fs::with_base_dir(base) {
            if name != TEMPLATEFILE {
                ctx.declare_func(name, f);
            }
        }
    }
    #[cfg(not(feature = "fs"))]
    let _ = base;
    ctx.set_source(src);
    crate::eval::evaluate_template_in(template.template(), &ctx, budget).map_err(|e| {
        // (The budget spent inside stays a limit error.)
        let limit = e.kind() == crate::error::ErrorKind::Limit;
        let msg = e.with_source(src).to_string();
        if limit {
            FuncError::Limit(msg)
        } else {
            FuncError::Call(msg)
        }
    })
}
