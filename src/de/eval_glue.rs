//! How the deserializer evaluates an attribute's expression.
//!
//! Until the evaluator lands this evaluates literal expressions only
//! (numbers, strings, bools, null, tuples, objects, templates without
//! interpolation); anything else is an error at the expression's span.

use std::marker::PhantomData;

use crate::error::{Error, ErrorKind, Result};
use crate::syntax::{Element, ExprKind, Expression, ObjectKey};
use crate::value::{Map, Value};

/// The evaluation environment the deserializer was given.
#[derive(Clone, Copy, Default)]
pub(crate) struct Env<'c> {
    _ctx: PhantomData<&'c ()>,
}

/// Evaluates `expr` to a value.
pub(crate) fn evaluate(expr: &Expression<'_>, env: &Env<'_>) -> Result<Value> {
    Ok(match &expr.kind {
        ExprKind::Null => Value::Null,
        ExprKind::Bool(b) => Value::Bool(*b),
        ExprKind::Number { value, .. } => Value::Number(*value),
        ExprKind::String(s) => Value::String(s.to_string()),
        ExprKind::Parenthesis(e) => evaluate(e, env)?,
        ExprKind::Tuple(items) => Value::Array(
            items
                .iter()
                .map(|e| evaluate(e, env))
                .collect::<Result<_>>()?,
        ),
        ExprKind::Object(items) => {
            let mut map = Map::with_capacity(items.len());
            for item in items {
                let key = match &item.key {
                    ObjectKey::Ident(i) => i.name.to_string(),
                    ObjectKey::Expression(e) => match evaluate(e, env)? {
                        Value::String(s) => s,
                        Value::Number(n) => n.to_string(),
                        Value::Bool(b) => b.to_string(),
                        _ => return Err(unsupported(e)),
                    },
                };
                map.insert(key, evaluate(&item.value, env)?);
            }
            Value::Object(map)
        }
        ExprKind::Template(t) => {
            let mut s = String::new();
            for el in &t.template.elements {
                match el {
                    Element::Literal(l) => s.push_str(&l.value),
                    _ => return Err(unsupported(expr)),
                }
            }
            Value::String(s)
        }
        _ => return Err(unsupported(expr)),
    })
}

#[cold]
fn unsupported(expr: &Expression<'_>) -> Error {
    Error::spanned(
        ErrorKind::Eval,
        "this expression cannot be evaluated yet (evaluator not available)",
        expr.span,
    )
}
