//! Operators, and the type unification of conditional results.

use super::expr::{err, Fail, R};
use super::typing::Ty;
use crate::syntax::{BinaryOperator, Span, UnaryOperator};
use crate::value::ty::conversion_exists;
use crate::value::{Number, Type, Value};

#[cold]
#[inline(never)]
pub(crate) fn null_operand(span: Span) -> super::expr::Fail {
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

/// Checks that an operand of type `t` (a typed null, or a value not known
/// yet) converts to `want`, as the operator converts it.
pub(crate) fn check_operand(t: &Type, want: &Type, span: Span, which: &str) -> R<()> {
    if conversion_exists(t, want, true) {
        return Ok(());
    }
    Err(err(
        span,
        format!(
            "Invalid operand: Unsuitable value for {which} operand: {}.",
            crate::value::ty::mismatch_message(t, want)
        ),
    ))
}

/// The refusal of a failed operand's placeholder (see the evaluator's
/// `first_in_source`): a failed template's known `text` converts as that
/// string does, any other placeholder by its type `t`.
pub(crate) fn placeholder_operand(
    t: &Type,
    text: Option<&str>,
    want: &Type,
    span: Span,
    which: &str,
) -> Option<Fail> {
    match text {
        Some(s) => operand_converts(Value::from(s), &None, want, span, which).err(),
        None => check_operand(t, want, span, which).err(),
    }
}

/// Operand `v` (recorded type `t`) converted to a number, `None` for a null
/// (of a type that converts): HCL converts every operand before the
/// operator refuses a null.
pub(crate) fn number_operand(v: Value, t: &Ty, span: Span, which: &str) -> R<Option<Number>> {
    match v {
        Value::Number(n) => Ok(Some(n)),
        Value::Null => null_converts(&v, t, &Type::Number, span, which),
        Value::String(ref s) => match Number::parse(s) {
            Some(n) => Ok(Some(n)),
            None => Err(bad_operand(span, which, "number", &v)),
        },
        other => Err(bad_operand(span, which, "number", &other)),
    }
}

/// Operand `v` (recorded type `t`) converted to a bool, `None` for a null
/// (of a type that converts).
pub(crate) fn bool_operand(v: Value, t: &Ty, span: Span, which: &str) -> R<Option<bool>> {
    match v {
        Value::Bool(b) => Ok(Some(b)),
        Value::Null => null_converts(&v, t, &Type::Bool, span, which),
        Value::String(ref s) if crate::value::parse_bool(s).is_some() => {
            Ok(crate::value::parse_bool(s))
        }
        other => Err(bad_operand(span, which, "bool", &other)),
    }
}

#[cold]
#[inline(never)]
fn null_converts<T>(v: &Value, t: &Ty, want: &Type, span: Span, which: &str) -> R<Option<T>> {
    check_operand(&super::typing::of(v, t), want, span, which).map(|()| None)
}

/// The type operator `op` converts both operands to (`None` for `==` and
/// `!=`, which compare values of any type).
pub(crate) fn operand_type(op: BinaryOperator) -> Option<Type> {
    use BinaryOperator::*;
    match op {
        Eq | NotEq => None,
        And | Or => Some(Type::Bool),
        _ => Some(Type::Number),
    }
}

/// The type of the result of operator `op`.
pub(crate) fn result_type(op: BinaryOperator) -> Type {
    use BinaryOperator::*;
    match op {
        Add | Sub | Mul | Div | Mod => Type::Number,
        _ => Type::Bool,
    }
}

/// The type of unary operator `op`'s operand and result.
pub(crate) fn unary_type(op: UnaryOperator) -> Type {
    match op {
        UnaryOperator::Neg => Type::Number,
        UnaryOperator::Not => Type::Bool,
    }
}

/// Operand `v` (recorded type `t`) converted as an operator converts it to
/// `want` (a number or a bool; an operand not known yet by its type):
/// whether it is not null (the operator refuses a null once every operand
/// has converted).
pub(crate) fn operand_converts(v: Value, t: &Ty, want: &Type, span: Span, which: &str) -> R<bool> {
    if super::typing::is_unknown(t) {
        check_operand(&super::typing::of(&v, t), want, span, which)?;
        return Ok(true);
    }
    Ok(if *want == Type::Bool {
        bool_operand(v, t, span, which)?.is_some()
    } else {
        number_operand(v, t, span, which)?.is_some()
    })
}

/// The error of left operand `v` (recorded type `t`) of `op` if it does
/// not convert to the operator's type.
#[cold]
#[inline(never)]
pub(crate) fn left_conversion(op: BinaryOperator, v: &Value, t: &Ty, span: Span) -> Option<Fail> {
    let want = operand_type(op)?;
    operand_converts(v.clone(), t, &want, span, "left").err()
}

/// A unary operation on a known operand (recorded type `t`).
pub(crate) fn unary(op: UnaryOperator, v: Value, t: &Ty, operand: Span) -> R<Value> {
    match op {
        UnaryOperator::Neg => match number_operand(v, t, operand, "unary")? {
            Some(n) => Ok(Value::Number(n.neg())),
            None => Err(null_operand(operand)),
        },
        UnaryOperator::Not => match bool_operand(v, t, operand, "unary")? {
            Some(b) => Ok(Value::Bool(!b)),
            None => Err(null_operand(operand)),
        },
    }
}

/// A binary operation. Both operands are always evaluated (HCL does not
/// short-circuit `&&` and `||`).
pub(crate) fn binary(
    op: BinaryOperator,
    (a, ta): (Value, &Ty),
    (b, tb): (Value, &Ty),
    lspan: Span,
    rspan: Span,
) -> R<Value> {
    use BinaryOperator::*;
    match op {
        Eq => Ok(Value::Bool(a == b)),
        NotEq => Ok(Value::Bool(a != b)),
        And | Or => {
            let x = bool_operand(a, ta, lspan, "left")?;
            let y = bool_operand(b, tb, rspan, "right")?;
            let (x, y) = both(x, y, lspan, rspan)?;
            Ok(Value::Bool(if op == And { x && y } else { x || y }))
        }
        Less | LessEq | Greater | GreaterEq => {
            let x = number_operand(a, ta, lspan, "left")?;
            let y = number_operand(b, tb, rspan, "right")?;
            let (x, y) = both(x, y, lspan, rspan)?;
            let r = match op {
                Less => x < y,
                LessEq => x <= y,
                Greater => x > y,
                _ => x >= y,
            };
            Ok(Value::Bool(r))
        }
        Add | Sub | Mul | Div | Mod => {
            let x = number_operand(a, ta, lspan, "left")?;
            let y = number_operand(b, tb, rspan, "right")?;
            let (x, y) = both(x, y, lspan, rspan)?;
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

/// Both converted operands, or the error for the first null one.
fn both<T>(x: Option<T>, y: Option<T>, lspan: Span, rspan: Span) -> R<(T, T)> {
    match (x, y) {
        (Some(x), Some(y)) => Ok((x, y)),
        (None, _) => Err(null_operand(lspan)),
        (_, None) => Err(null_operand(rspan)),
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
            "Inconsistent conditional result types: The true and false result expressions must have consistent types. {}.",
            branch_mismatch(&super::typing::of(tv, tt), &super::typing::of(fv, ft))
        ),
    )
}

/// How the types of a conditional's branches differ, in HCL's words: the
/// first attribute (in sorted order) or element where two objects or two
/// tuples differ, the element types of two collections of one kind holding
/// objects or tuples, else the two types' names.
fn branch_mismatch(t: &Type, f: &Type) -> String {
    match (t, f) {
        (Type::Object(ta), Type::Object(fa)) => {
            for (name, at) in ta {
                match fa.get(name) {
                    None => {
                        return format!(
                            "The 'true' value includes object attribute \"{name}\", which is absent in the 'false' value"
                        )
                    }
                    Some(af) if af != at => {
                        return format!(
                            "Type mismatch for object attribute \"{name}\": {}",
                            branch_mismatch(at, af)
                        )
                    }
                    Some(_) => {}
                }
            }
            if let Some(name) = fa.keys().find(|n| !ta.contains_key(*n)) {
                return format!(
                    "The 'false' value includes object attribute \"{name}\", which is absent in the 'true' value"
                );
            }
        }
        (Type::Tuple(te), Type::Tuple(fe)) => {
            if te.len() != fe.len() {
                return format!(
                    "The 'true' tuple has length {}, but the 'false' tuple has length {}",
                    te.len(),
                    fe.len()
                );
            }
            if let Some(i) = (0..te.len()).find(|&i| te[i] != fe[i]) {
                return format!(
                    "Type mismatch for tuple element {i}: {}",
                    branch_mismatch(&te[i], &fe[i])
                );
            }
        }
        (Type::List(te), Type::List(fe))
        | (Type::Set(te), Type::Set(fe))
        | (Type::Map(te), Type::Map(fe))
            if matches!(
                (&**te, &**fe),
                (Type::Object(_), Type::Object(_)) | (Type::Tuple(_), Type::Tuple(_))
            ) =>
        {
            let noun = match t {
                Type::List(_) => "list",
                Type::Set(_) => "set",
                _ => "map",
            };
            return format!(
                "Mismatched {noun} element types: {}",
                branch_mismatch(te, fe)
            );
        }
        _ => {}
    }
    let (tn, fname) = (super::typing::friendly(t), super::typing::friendly(f));
    if tn == fname {
        return "At least one deeply-nested attribute or element is not compatible across both the 'true' and the 'false' value".into();
    }
    format!("The 'true' value is {tn}, but the 'false' value is {fname}")
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
        _ => return Err(not_a_template_string(span)),
    }
    Ok(())
}

/// A value of a type that does not convert to a string, interpolated.
#[cold]
#[inline(never)]
pub(crate) fn not_a_template_string(span: Span) -> Fail {
    err(
        span,
        "Invalid template interpolation value: Cannot include the given value in a string template: string required.",
    )
}
