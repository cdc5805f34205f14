//! Unknown values: how operators, conditionals, traversals, templates and
//! functions treat a value that is not known yet (Terraform's "known after
//! apply"), as cty and hclsyntax do.
//!
//! An operation on an unknown value gives an unknown value of the
//! operation's result type, after the checks that do not need the value
//! (a `bool` operand of `+` is still an error, `local.obj.missing` still
//! fails). What is known of an unknown ([`Refine`]) can decide a result:
//! an unknown known not to be null is not `== null`; a template starting
//! with `"pre-"` never equals `"x"`; the length of an unknown object is its
//! number of attributes.

use super::access;
use super::expr::R;
use super::ops::{self, check_operand};
use super::typing::{self, Meta, Refine, Ty};
use crate::syntax::{BinaryOperator, Span, UnaryOperator};
use crate::value::{Type, Value};

/// An unknown value of type `t`, known not to be null.
pub(crate) fn not_null(t: Type) -> (Value, Ty) {
    (Value::Null, typing::unknown(t, Refine::not_null()))
}

/// An unknown value of type `t` that may be null.
pub(crate) fn nullable(t: Type) -> (Value, Ty) {
    (Value::Null, typing::unknown(t, Refine::default()))
}

/// `a op b` where `a` or `b` is not wholly known. A known operand is
/// checked as the operator checks it; an unknown one by its type.
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
            None => not_null(Type::Bool),
        });
    }
    if let Some(known) = compare_range(op, (&a, &ta), (&b, &tb)) {
        return Ok((Value::Bool(known), None));
    }
    // (Equality, which converts nothing, returned above.)
    let want = ops::operand_type(op).unwrap_or(Type::Dynamic);
    // Every operand converts first (an unknown one by its type); then a
    // null is refused, even beside an unknown (cty checks nulls first).
    let mut null = None;
    for (v, t, span, which) in [(a, ta, lspan, "left"), (b, tb, rspan, "right")] {
        if !ops::operand_converts(v, &t, &want, span, which)? && null.is_none() {
            null = Some(span);
        }
    }
    match null {
        Some(span) => Err(ops::null_operand(span)),
        None => Ok(not_null(ops::result_type(op))),
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

/// `-u` or `!u` for an unknown `u`.
pub(crate) fn unary(op: UnaryOperator, v: &Value, t: &Ty, span: Span) -> R<(Value, Ty)> {
    let want = ops::unary_type(op);
    check_operand(&typing::of(v, t), &want, span, "unary")?;
    Ok(not_null(want))
}

/// `a == b` as cty decides it when unknowns are involved (and for known
/// values): `None` when it depends on what is not known yet.
pub(crate) fn equal(a: &Value, ta: &Ty, b: &Value, tb: &Ty) -> Option<bool> {
    let (ua, ub) = (typing::is_unknown(ta), typing::is_unknown(tb));
    if !ua && !ub && typing::is_known(ta) && typing::is_known(tb) {
        return Some(typing::equal(a, ta, b, tb));
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

/// The result of `c ? x : y` for an unknown `c`: unknown, of the type
/// both branches unify to, known not to be null when neither is; a null
/// when both are null, and known empty collections when both are.
pub(crate) fn conditional(
    (x, tx): (Value, Ty),
    (y, ty): (Value, Ty),
    span: Span,
) -> R<(Value, Ty)> {
    let t = match typing::unify_branches((&x, &tx), (&y, &ty)) {
        Ok(Some(t)) => t,
        // A branch of the dynamic pseudo-type leaves the result's type
        // unknown too (the fast path of two primitives of one type also
        // gives `None`).
        Ok(None) if *typing::of(&y, &ty) == Type::Dynamic => Type::Dynamic,
        Ok(None) => typing::of(&x, &tx).into_owned(),
        Err(()) => {
            return Err(super::ops::inconsistent_branches(
                span,
                (&x, &tx),
                (&y, &ty),
            ))
        }
    };
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
        let pick = |a: Option<crate::Number>, b: Option<crate::Number>, low: bool| match (a, b) {
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

/// The type of attribute `name` of an unknown value of type `t`, or the
/// error a known value of that type would give.
pub(crate) fn attr_type(t: &Type, name: &str, span: Span) -> R<Type> {
    match t {
        Type::Object(attrs) => attrs
            .get(name)
            .cloned()
            .ok_or_else(|| access::no_attribute(t, name, span)),
        Type::Map(e) => Ok((**e).clone()),
        Type::Dynamic => Ok(Type::Dynamic),
        other => Err(access::no_attribute(other, name, span)),
    }
}

/// The type of element `key` of an unknown value of type `t` (`key` known,
/// or unknown: `None`), or the error a known value would give. The key
/// converts to the collection's key type first, as in HCL.
pub(crate) fn index_type(t: &Type, key: Option<&Value>, span: Span) -> R<Type> {
    if key.is_some_and(Value::is_null) {
        return Err(access::null_key(span));
    }
    match (t, key) {
        (Type::List(e), Some(k)) => access::key_number(k, span).map(|_| (**e).clone()),
        (Type::Map(e), Some(k)) => access::key_string(k, span).map(|_| (**e).clone()),
        (Type::List(e) | Type::Map(e), None) => Ok((**e).clone()),
        (Type::Set(_), _) => Err(access::set_index(span)),
        (Type::Tuple(ts), Some(k)) => {
            let n = access::key_number(k, span)?;
            match n.as_u64().filter(|_| n.is_integer()) {
                Some(i) if (i as usize) < ts.len() => Ok(ts[i as usize].clone()),
                _ => Err(access::no_element(&n, ts.len(), span)),
            }
        }
        // HCL 2.23 (Terraform 1.11) gives any object not known yet an
        // unknown of any type for a key, even one it does not have.
        (Type::Object(_), Some(k)) => access::key_string(k, span).map(|_| Type::Dynamic),
        (Type::Tuple(_) | Type::Object(_) | Type::Dynamic, _) => Ok(Type::Dynamic),
        _ => Err(access::no_indices(span)),
    }
}
