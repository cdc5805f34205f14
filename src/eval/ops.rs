//! Operators and conditionals, on values with their types, known or not
//! (one path: an unknown operand is checked by its type and gives an
//! unknown result, refined by what is known of it).

use super::fail::{err, Fail, R};
use super::typing::{self, Meta, Refine, Ty};
use super::unknown;
use crate::syntax::{BinaryOperator, Span, UnaryOperator};
use crate::value::ty::conversion_exists;
use crate::value::{Number, Type, Value};

#[cold]
#[inline(never)]
pub(crate) fn null_operand(span: Span) -> super::fail::Fail {
    err(
        span,
        "Operation failed",
        "Error during operation: argument must not be null.",
    )
}

#[cold]
#[inline(never)]
fn bad_operand(span: Span, which: &str, wanted: &str, v: &Value) -> super::fail::Fail {
    err(
        span,
        "Invalid operand",
        format_args!(
            "Unsuitable value for {which} operand: {}.",
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
        "Invalid operand",
        format_args!(
            "Unsuitable value for {which} operand: {}.",
            crate::value::ty::mismatch_message(t, want)
        ),
    ))
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
    if typing::is_unknown(t) {
        check_operand(&typing::of(&v, t), want, span, which)?;
        return Ok(true);
    }
    Ok(if *want == Type::Bool {
        bool_operand(v, t, span, which)?.is_some()
    } else {
        number_operand(v, t, span, which)?.is_some()
    })
}

/// A unary operation on operand `v` (meta `t`, at `operand`; the whole
/// operation at `whole`), known or not: an unknown operand is checked by
/// its type, and gives an unknown result.
pub(crate) fn unary(
    op: UnaryOperator,
    v: Value,
    t: &Ty,
    operand: Span,
    whole: Span,
) -> R<(Value, Ty)> {
    if !typing::is_known(t) {
        let want = unary_type(op);
        check_operand(&typing::of(&v, t), &want, operand, "unary")?;
        return Ok(unknown::not_null(want));
    }
    Ok((known_unary(op, v, t, operand, whole)?, None))
}

/// A unary operation on a known operand (recorded type `t`); a null
/// operand is reported at the whole operation, as HCL reports it.
fn known_unary(op: UnaryOperator, v: Value, t: &Ty, operand: Span, whole: Span) -> R<Value> {
    match op {
        UnaryOperator::Neg => match number_operand(v, t, operand, "unary")? {
            Some(n) => Ok(Value::Number(n.neg())),
            None => Err(null_operand(whole)),
        },
        UnaryOperator::Not => match bool_operand(v, t, operand, "unary")? {
            Some(b) => Ok(Value::Bool(!b)),
            None => Err(null_operand(whole)),
        },
    }
}

/// `a op b` on operands (values with their metas) known or not. Equality
/// compares types and values ([`equal`]); the other operators convert
/// their operands, then refuse a null (cty checks nulls after every
/// operand converted); an unknown operand is checked by its type and gives
/// an unknown result, unless what is known of it decides (`u < k` from its
/// bounds). (Both operands are always evaluated: HCL does not
/// short-circuit `&&` and `||`.)
pub(crate) fn binary(
    op: BinaryOperator,
    (a, ta): (Value, Ty),
    (b, tb): (Value, Ty),
    lspan: Span,
    rspan: Span,
) -> R<(Value, Ty)> {
    use BinaryOperator::*;
    if matches!(op, Eq | NotEq) {
        return Ok(match equal(&a, &ta, &b, &tb) {
            Some(same) => (Value::Bool(same == (op == Eq)), None),
            None => unknown::not_null(Type::Bool),
        });
    }
    if typing::is_known(&ta) && typing::is_known(&tb) {
        return Ok((known_binary(op, (a, &ta), (b, &tb), lspan, rspan)?, None));
    }
    if let Some(known) = compare_range(op, (&a, &ta), (&b, &tb)) {
        return Ok((Value::Bool(known), None));
    }
    let want = operand_type(op).unwrap_or(Type::Dynamic);
    let mut null = false;
    for (v, t, span, which) in [(a, ta, lspan, "left"), (b, tb, rspan, "right")] {
        null |= !operand_converts(v, &t, &want, span, which)?;
    }
    if null {
        // (HCL points at the whole operation.)
        return Err(null_operand(lspan.to(rspan)));
    }
    Ok(unknown::not_null(result_type(op)))
}

/// A binary operation on known operands.
fn known_binary(
    op: BinaryOperator,
    (a, ta): (Value, &Ty),
    (b, tb): (Value, &Ty),
    lspan: Span,
    rspan: Span,
) -> R<Value> {
    use BinaryOperator::*;
    match op {
        Eq | NotEq => Ok(Value::Bool(known_equal(&a, ta, &b, tb) == (op == Eq))),
        And | Or => {
            let x = bool_operand(a, ta, lspan, "left");
            let y = bool_operand(b, tb, rspan, "right");
            let (x, y) = both(x, y, lspan, rspan)?;
            Ok(Value::Bool(if op == And { x && y } else { x || y }))
        }
        Less | LessEq | Greater | GreaterEq => {
            let x = number_operand(a, ta, lspan, "left");
            let y = number_operand(b, tb, rspan, "right");
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
            let x = number_operand(a, ta, lspan, "left");
            let y = number_operand(b, tb, rspan, "right");
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
                    "Operation failed",
                    match op {
                        Add => "Error during operation: can't compute sum of opposing infinities.",
                        Sub => "Error during operation: can't subtract infinity from itself.",
                        Mul => "Error during operation: can't multiply zero by infinity.",
                        Div => "Error during operation: can't divide zero by zero or infinity by infinity.",
                        _ => "Error during operation: can't use modulo with zero and infinity.",
                    },
                )
            })
        }
    }
}

/// `u < k` and the like, decided by what is known of the unknown number
/// `u`'s lower bound.
fn compare_range(
    op: BinaryOperator,
    (a, ta): (&Value, &Ty),
    (b, tb): (&Value, &Ty),
) -> Option<bool> {
    use BinaryOperator::*;
    let bounds = |t: &Ty| match t {
        Some(Meta::Unknown(Type::Number, r)) => Some((r.min.clone(), r.max.clone())),
        _ => None,
    };
    let ((m, most), k, unknown_left) = match (bounds(ta), b, bounds(tb), a) {
        (Some(r), Value::Number(k), _, _) if typing::is_known(tb) => (r, k.clone(), true),
        (_, _, Some(r), Value::Number(k)) if typing::is_known(ta) => (r, k.clone(), false),
        _ => return None,
    };
    // Normalise to `u OP k`.
    let op = match (op, unknown_left) {
        (op, true) => op,
        (Less, false) => Greater,
        (LessEq, false) => GreaterEq,
        (Greater, false) => Less,
        (GreaterEq, false) => LessEq,
        (op, false) => op,
    };
    // cty decides only when a bound is beyond `k` (a bound equal to `k`
    // decides nothing, inclusive or not: `length("pre-${u}") >= 4` is not
    // known in Terraform 1.11.4).
    let above = m.is_some_and(|m| m > k);
    let below = most.is_some_and(|most| most < k);
    match op {
        Greater | GreaterEq if above => Some(true),
        Less | LessEq if above => Some(false),
        Less | LessEq if below => Some(true),
        Greater | GreaterEq if below => Some(false),
        _ => None,
    }
}

/// `a == b` as cty decides it, for known and unknown values alike: nulls
/// of any type are equal to each other and to nothing else; otherwise the
/// types must be equal, then the values. `None` when it depends on what
/// is not known yet (what is known of an unknown can decide: an unknown
/// known not to be null is not `== null`, a template starting with
/// `"pre-"` never equals `"x"`).
pub(crate) fn equal(a: &Value, ta: &Ty, b: &Value, tb: &Ty) -> Option<bool> {
    let (ua, ub) = (typing::is_unknown(ta), typing::is_unknown(tb));
    if !ua && !ub && typing::is_known(ta) && typing::is_known(tb) {
        return Some(known_equal(a, ta, b, tb));
    }
    let known_null = |v: &Value, unknown: bool| !unknown && v.is_null();
    if known_null(a, ua) && typing::not_null(b, tb) || known_null(b, ub) && typing::not_null(a, ta)
    {
        return Some(false);
    }
    match (ua, ub) {
        (true, true) => None,
        (true, false) | (false, true) => {
            let (u, tu, k, tk) = if ua { (a, ta, b, tb) } else { (b, tb, a, ta) };
            if let (Some(Meta::Unknown(_, r)), Value::String(s)) = (tu, k) {
                if let Some(p) = &r.prefix {
                    if typing::is_known(tk) && !s.starts_with(p.as_str()) {
                        return Some(false);
                    }
                }
            }
            if let (Some(Meta::Unknown(Type::Number, r)), Value::Number(n)) = (tu, k) {
                // A number known not to be null lies within its bounds, as
                // cty's refinements say, and a side without a bound stops
                // short of infinity: `length(l) != -1` and `(u + 1) != 1/0`
                // are true.
                let infinite = |negative: bool| !n.is_finite() && (n.as_f64() < 0.0) == negative;
                let below = r.min.as_ref().map_or(infinite(true), |m| n < m);
                let above = r.max.as_ref().map_or(infinite(false), |m| n > m);
                if r.not_null && typing::is_known(tk) && (below || above) {
                    return Some(false);
                }
            }
            let (ut, kt) = (typing::of(u, tu), typing::of(k, tk));
            if k.is_null() || ut.has_dynamic() {
                None
            } else if *ut != *kt {
                Some(false)
            } else {
                None
            }
        }
        (false, false) => {
            // Both known, holding unknowns.
            if a.is_null() || b.is_null() {
                return Some(a.is_null() && b.is_null());
            }
            let (at, bt) = (typing::of(a, ta), typing::of(b, tb));
            if *at != *bt {
                if crate::value::ty::could_match(&at, &bt) {
                    return None;
                }
                return Some(false);
            }
            match (a, b) {
                (Value::Array(x), Value::Array(y)) => {
                    if x.len() != y.len() {
                        return Some(false);
                    }
                    for (i, (p, q)) in x.iter().zip(y).enumerate() {
                        match equal(p, &typing::item(ta, i, p), q, &typing::item(tb, i, q)) {
                            Some(true) => {}
                            other => return other,
                        }
                    }
                    Some(true)
                }
                (Value::Object(x), Value::Object(y)) => {
                    if x.len() != y.len() {
                        return Some(false);
                    }
                    let mut keys: Vec<&str> = x.keys().map(|k| k.as_str()).collect();
                    keys.sort();
                    for k in keys {
                        let (Some(i), Some(j)) = (x.get_index_of(k), y.get_index_of(k)) else {
                            return Some(false);
                        };
                        let (p, q) = (&x[i], &y[j]);
                        match equal(p, &typing::attr(ta, k, i, p), q, &typing::attr(tb, k, j, q)) {
                            Some(true) => {}
                            other => return other,
                        }
                    }
                    Some(true)
                }
                _ => Some(a == b),
            }
        }
    }
}

/// `a == b` for known values.
fn known_equal(a: &Value, ta: &Ty, b: &Value, tb: &Ty) -> bool {
    if a.is_null() || b.is_null() {
        return a.is_null() && b.is_null();
    }
    if a != b {
        return false;
    }
    match (ta, tb) {
        // Equal literal values have equal literal types.
        (None, None) => true,
        _ => typing::of(a, ta) == typing::of(b, tb),
    }
}

/// Both converted operands: the errors of both conversions (HCL converts
/// both operands), else the error of a null one (at the whole operation,
/// as HCL's).
fn both<T>(x: R<Option<T>>, y: R<Option<T>>, lspan: Span, rspan: Span) -> R<(T, T)> {
    match (x, y) {
        (Err(Fail::Err(a, p)), Err(Fail::Err(b, _))) => Err(Fail::Err(a.and(b), p)),
        (Err(f), _) | (_, Err(f)) => Err(f),
        (Ok(Some(x)), Ok(Some(y))) => Ok((x, y)),
        _ => Err(null_operand(lspan.to(rspan))),
    }
}

/// `c ? x : y` with branches `x` and `y` (values with their metas, at
/// `spans`) for a condition known (`Some`) or not: the branches' types
/// unify (hclsyntax's rule, [`typing::unify_branches`]), then the branch
/// taken converts to that type, or, for an unknown condition, the result
/// is an unknown of it, refined by what both branches say.
pub(crate) fn conditional(
    cond: Option<bool>,
    (x, tx): (Value, Ty),
    (y, ty): (Value, Ty),
    (xspan, yspan): (Span, Span),
) -> R<(Value, Ty)> {
    let unified = match typing::unify_branches((&x, &tx), (&y, &ty)) {
        Ok(t) => t,
        Err(()) => return Err(inconsistent_branches(xspan.to(yspan), (&x, &tx), (&y, &ty))),
    };
    let Some(cond) = cond else {
        return unknown_condition(unified, (x, tx), (y, ty));
    };
    let ((v, vt), (o, ot), span) = if cond {
        ((x, tx), (y, ty), xspan)
    } else {
        ((y, ty), (x, tx), yspan)
    };
    let Some(target) = unified else {
        return Ok((v, vt));
    };
    let converted = match typing::unified_branch_refusal((&v, &vt), (&o, &ot), &target) {
        Some(why) => Err(why.into()),
        None => typing::convert(v, &vt, &target),
    };
    converted.map_err(|msg| {
        err(
            span,
            "Inconsistent conditional result types",
            format_args!(
                "The {} result value has the wrong type: {}.",
                if cond { "true" } else { "false" },
                msg.cty_words()
            ),
        )
    })
}

/// The result of `c ? x : y` for an unknown `c`, the branches' types
/// unifying to `unified`: unknown, of that type, known not to be null when
/// neither branch is; a null when both are null, and known empty
/// collections when both are.
fn unknown_condition(
    unified: Option<Type>,
    (x, tx): (Value, Ty),
    (y, ty): (Value, Ty),
) -> R<(Value, Ty)> {
    let t = conditional_type(unified, (&x, &tx), (&y, &ty));
    let known_null = |v: &Value, t: &Ty| !typing::is_unknown(t) && v.is_null();
    if known_null(&x, &tx) && known_null(&y, &ty) {
        return Ok((Value::Null, None));
    }
    let len = |v: &Value, t: &Ty| match v {
        Value::Array(a) if !typing::is_unknown(t) => Some(a.len() as u64),
        Value::Object(o) if !typing::is_unknown(t) => Some(o.len() as u64),
        _ => None,
    };
    let mut r = Refine {
        not_null: typing::not_null(&x, &tx) && typing::not_null(&y, &ty),
        ..Refine::default()
    };
    let (xt, yt) = (typing::of(&x, &tx), typing::of(&y, &ty));
    if *xt == Type::Number && *yt == Type::Number {
        // Between the two branches' bounds (a known number is its own
        // bounds), as HCL refines the result.
        let bounds = |v: &Value, t: &Ty| match (v, t) {
            (_, Some(Meta::Unknown(_, r))) => (r.min.clone(), r.max.clone()),
            (Value::Number(n), _) => (Some(n.clone()), Some(n.clone())),
            _ => (None, None),
        };
        let ((xl, xh), (yl, yh)) = (bounds(&x, &tx), bounds(&y, &ty));
        let pick =
            |a: Option<crate::value::Number>, b: Option<crate::value::Number>, low: bool| match (
                a, b,
            ) {
                (Some(a), Some(b)) => Some(if (a < b) == low { a } else { b }),
                _ => None,
            };
        r.min = pick(xl, yl, true);
        r.max = pick(xh, yh, false);
        // Bounds that meet leave one number: cty's refinement makes it
        // known (`local.ub ? 1 : 1` is 1).
        if let (Some(lo), Some(hi), true) = (&r.min, &r.max, r.not_null) {
            if lo == hi {
                return Ok((Value::Number(lo.clone()), None));
            }
        }
        return Ok((Value::Null, typing::unknown(t, r)));
    }
    if xt.is_collection() && *xt == *yt {
        if let (Some(m), Some(n)) = (len(&x, &tx), len(&y, &ty)) {
            if m == 0 && n == 0 {
                return Ok((
                    if matches!(t, Type::Map(_)) {
                        Value::Object(crate::value::Map::new())
                    } else {
                        Value::Array(Vec::new())
                    },
                    typing::typed(t),
                ));
            }
            r.len = Some((m.min(n), m.max(n)));
            if m == n && !matches!(t, Type::Map(_)) {
                // A list or set of known length: its elements are unknown.
                let e = t.element_type().cloned().unwrap_or(Type::Dynamic);
                let items = vec![typing::unknown(e, Refine::default()); m as usize];
                return Ok((
                    Value::Array(vec![Value::Null; m as usize]),
                    Some(Meta::Parts(t, items)),
                ));
            }
        }
    }
    Ok((Value::Null, typing::unknown(t, r)))
}

/// The type of a conditional's result whose branches `x` and `y` unify
/// to `unified` ([`typing::unify_branches`]).
pub(crate) fn conditional_type(unified: Option<Type>, x: (&Value, &Ty), y: (&Value, &Ty)) -> Type {
    match unified {
        Some(t) => t,
        // A branch of the dynamic pseudo-type leaves the result's type
        // unknown too (the fast path of two primitives of one type also
        // gives `None`).
        None if *typing::of(y.0, y.1) == Type::Dynamic => Type::Dynamic,
        None => typing::of(x.0, x.1).into_owned(),
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
) -> super::fail::Fail {
    err(
        span,
        "Inconsistent conditional result types",
        format_args!(
            "The true and false result expressions must have consistent types. {}.",
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
            for (name, at) in ta.iter() {
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
            if let Some(name) = fa.keys().find(|n| !ta.contains_key(n)) {
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
                "Invalid template interpolation value",
                "The expression result is null. Cannot include a null value in a string template.",
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
        "Invalid template interpolation value",
        "Cannot include the given value in a string template: string required.",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equality_compares_types_then_values() {
        let one = Value::Array(vec![Value::from(1)]);
        assert_eq!(equal(&one, &None, &one, &None), Some(true));
        assert_eq!(
            equal(&one, &typing::typed(Type::list(Type::Number)), &one, &None),
            Some(false)
        );
        assert_eq!(
            equal(
                &Value::Null,
                &typing::typed(Type::String),
                &Value::Null,
                &typing::typed(Type::Number)
            ),
            Some(true)
        );
        assert_eq!(equal(&Value::Null, &None, &one, &None), Some(false));
    }
}
