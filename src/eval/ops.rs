//! Operators, and the type unification of conditional results.

use super::expr::{err, R};
use crate::syntax::{BinaryOperator, Span, UnaryOperator};
use crate::value::{Number, Type, Value};

#[cold]
#[inline(never)]
fn null_operand(span: Span) -> super::expr::Fail {
    err(
        span,
        "Operation failed: Error during operation: argument must not be null.",
    )
}

#[cold]
#[inline(never)]
fn bad_operand(span: Span, which: &str, wanted: &str, v: &Value) -> super::expr::Fail {
    err(
        span,
        format!(
            "Invalid operand: Unsuitable value for {which} operand: {}.",
            crate::value::ty::primitive_required(matches!(v, Value::String(_)), wanted)
        ),
    )
}

pub(crate) fn to_number(v: Value, span: Span, which: &str) -> R<Number> {
    match v {
        Value::Number(n) => Ok(n),
        Value::Null => Err(null_operand(span)),
        Value::String(ref s) => {
            Number::parse(s).ok_or_else(|| bad_operand(span, which, "number", &v))
        }
        other => Err(bad_operand(span, which, "number", &other)),
    }
}

pub(crate) fn to_bool(v: Value, span: Span, which: &str) -> R<bool> {
    match v {
        Value::Bool(b) => Ok(b),
        Value::Null => Err(null_operand(span)),
        Value::String(ref s) if crate::value::parse_bool(s).is_some() => {
            Ok(crate::value::parse_bool(s) == Some(true))
        }
        other => Err(bad_operand(span, which, "bool", &other)),
    }
}

/// A unary operation.
pub(crate) fn unary(op: UnaryOperator, v: Value, _span: Span, operand: Span) -> R<Value> {
    match op {
        UnaryOperator::Neg => Ok(Value::Number(to_number(v, operand, "unary")?.neg())),
        UnaryOperator::Not => Ok(Value::Bool(!to_bool(v, operand, "unary")?)),
    }
}

/// A binary operation. Both operands are always evaluated (HCL does not
/// short-circuit `&&` and `||`).
pub(crate) fn binary(op: BinaryOperator, a: Value, b: Value, lspan: Span, rspan: Span) -> R<Value> {
    use BinaryOperator::*;
    match op {
        Eq => Ok(Value::Bool(a == b)),
        NotEq => Ok(Value::Bool(a != b)),
        And | Or => {
            let x = to_bool(a, lspan, "left")?;
            let y = to_bool(b, rspan, "right")?;
            Ok(Value::Bool(if op == And { x && y } else { x || y }))
        }
        Less | LessEq | Greater | GreaterEq => {
            let x = to_number(a, lspan, "left")?;
            let y = to_number(b, rspan, "right")?;
            let r = match op {
                Less => x < y,
                LessEq => x <= y,
                Greater => x > y,
                _ => x >= y,
            };
            Ok(Value::Bool(r))
        }
        Add | Sub | Mul | Div | Mod => {
            let x = to_number(a, lspan, "left")?;
            let y = to_number(b, rspan, "right")?;
            let r = match op {
                Add => x.checked_add(y),
                Sub => x.checked_sub(y),
                Mul => x.checked_mul(y),
                Div => x.checked_div(y),
                _ => x.checked_rem(y),
            };
            r.map(Value::Number).ok_or_else(|| {
                // Terraform 1.11's words for each undefined result.
                err(
                    lspan.to(rspan),
                    match op {
                        Add => "Operation failed: Error during operation: can't compute sum of opposing infinities.",
                        Sub => "Operation failed: Error during operation: can't subtract infinity from itself.",
                        Mul => "Operation failed: Error during operation: can't multiply zero by infinity.",
                        Div => "Operation failed: Error during operation: can't divide zero by zero or infinity by infinity.",
                        _ => "Operation failed: Error during operation: can't use modulo with zero and infinity.",
                    },
                )
            })
        }
    }
}

/// The error of a conditional whose branches (value, meta) have no common
/// type.
#[cold]
#[inline(never)]
pub(crate) fn inconsistent_branches(
    span: Span,
    (tv, tt): (&Value, &super::typing::Ty),
    (fv, ft): (&Value, &super::typing::Ty),
) -> super::expr::Fail {
    err(
        span,
        format!(
            "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is {}, but the 'false' value is {}.",
            describe(tv, tt),
            describe(fv, ft)
        ),
    )
}

/// How a value of recorded type `t` reads in messages: `number`, `tuple
/// with 2 elements`, `list of string`, ...
pub(crate) fn describe(v: &Value, t: &super::typing::Ty) -> String {
    if let Some(t @ (Type::List(_) | Type::Set(_) | Type::Map(_))) = t.as_ref().map(|m| m.ty()) {
        return super::typing::friendly(t);
    }
    // An unknown value reads as its type ("object", "tuple", as Terraform
    // names them).
    if let Some(super::typing::Meta::Unknown(ty, _)) = t {
        return super::typing::friendly(ty);
    }
    match v {
        Value::Null => "null".into(),
        Value::Array(a) => format!(
            "tuple with {} element{}",
            a.len(),
            if a.len() == 1 { "" } else { "s" }
        ),
        Value::Object(o) => format!(
            "object with {} attribute{}",
            o.len(),
            if o.len() == 1 { "" } else { "s" }
        ),
        other => other.type_name().into(),
    }
}

/// Converts an interpolated value to its string form, or says why not.
pub(crate) fn template_string(v: &Value, out: &mut String, span: Span) -> R<()> {
    match v {
        Value::String(s) => out.push_str(s),
        Value::Number(n) => {
            if n.is_integer() {
                out.push_str(&n.to_string());
            } else {
                out.push_str(&n.to_plain_string());
            }
        }
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Null => {
            return Err(err(
                span,
                "Invalid template interpolation value: The expression result is null. Cannot include a null value in a string template.",
            ))
        }
        _ => {
            return Err(err(
                span,
                "Invalid template interpolation value: Cannot include the given value in a string template: string required.",
            ))
        }
    }
    Ok(())
}
