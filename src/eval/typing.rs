//! The types of evaluated values, as Terraform (cty) gives them.
//!
//! The evaluator computes with plain [`Value`]s and records a value's
//! [`Type`] beside it only where the value alone does not tell it (a
//! [`Ty`], the model of `crate::value::meta`; conversion is
//! `crate::value::convert`'s). This module holds the evaluator's rules on
//! top of that model. A conversion
//! (`tolist`, `tomap`, `tostring(null)`), a function whose result is a
//! list, set or map, a splat over a list, a conditional whose branches
//! unify to another type, or an element taken out of such a value carries
//! its type, nested collections included: `[tolist([1])]` is
//! `tuple([list(number)])`.
//!
//! Types decide what values alone cannot:
//!
//! * `==` compares types before values: `tolist([1]) == [1]` is `false`,
//!   and so is `{a = null} == {a = tostring(null)}`; nulls of any type
//!   are equal to each other;
//! * `for` over a set binds the key variable to the element; a set cannot
//!   be indexed; `element` counts a negative index from the end of a list;
//! * functions type their results as cty's type callbacks do (each
//!   function's spec has one), and reject typed nulls where Terraform does
//!   (`merge(tomap({a = "b"}), tostring(null))`);
//! * a conditional converts the branch it takes to the type both branches
//!   unify to ([`unify_branches`]).

pub(crate) use crate::value::convert::{convert, friendly};
pub(crate) use crate::value::meta::*;
use crate::value::ty::{literal_type, Type};
use crate::value::{Key, Value};

/// The type both branches of a conditional convert to (hclsyntax's rule):
/// a literal `null` takes the other branch's type, a branch of the dynamic
/// pseudo-type leaves the result unconverted, and otherwise the types
/// unify. `Ok(None)`: keep the taken branch as it is; `Err`: the types
/// are inconsistent.
pub(crate) fn unify_branches(
    (tv, tt): (&Value, &Ty),
    (fv, ft): (&Value, &Ty),
) -> Result<Option<Type>, ()> {
    match (tv, fv, tt, ft) {
        // Fast paths: literal primitives of one type.
        (Value::String(_), Value::String(_), None, None)
        | (Value::Number(_), Value::Number(_), None, None)
        | (Value::Bool(_), Value::Bool(_), None, None) => return Ok(None),
        _ => {}
    }
    let dyn_null =
        |v: &Value, t: &Ty| v.is_null() && matches!(t, None | Some(Meta::Typed(Type::Dynamic)));
    if dyn_null(tv, tt) {
        return Ok(Some(of(fv, ft).into_owned()));
    }
    if dyn_null(fv, ft) {
        return Ok(Some(of(tv, tt).into_owned()));
    }
    let (a, b) = (of(tv, tt), of(fv, ft));
    if *a == Type::Dynamic || *b == Type::Dynamic {
        return Ok(None);
    }
    Type::unify(&[a.into_owned(), b.into_owned()])
        .map(Some)
        .ok_or(())
}

/// Why a conditional's branch `branch` (a value and its recorded type) does
/// not convert to the unified type `target` although the types unify: cty unifies an object
/// with a map (a tuple with a list) through a map (list) of the attributes'
/// (elements') unified type, and converts the value with two conversions
/// in a row, the second applied to the value as it was
/// (`unifyObjectsAsMaps`, `unifyTuplesAsList`). When the unified element
/// type is the dynamic pseudo-type, that second conversion converts no
/// element, and the elements must already be of one type (`true ? [[1],
/// ["a"]] : tolist([])` fails in Terraform 1.11, `true ? [[1]] :
/// tolist([])` does not).
pub(crate) fn unified_branch_refusal(
    branch: (&Value, &Ty),
    other: (&Value, &Ty),
    target: &Type,
) -> Option<&'static str> {
    fn mixed<'t>(mut ts: impl Iterator<Item = &'t Type>) -> bool {
        ts.next().is_some_and(|first| ts.any(|t| t != first))
    }
    // (The branches' types are built only for such a target.)
    if !matches!(target, Type::Map(e) | Type::List(e) if **e == Type::Dynamic) {
        return None;
    }
    match (&*of(branch.0, branch.1), &*of(other.0, other.1), target) {
        (Type::Object(fs), Type::Map(_), Type::Map(e))
            if **e == Type::Dynamic && mixed(fs.values()) =>
        {
            Some("element types must all match for conversion to map")
        }
        // (Between two objects, Terraform 1.11 refuses attributes of
        // different primitive types beside a null one: `false ? {} : {b =
        // null, name = true, k1 = 8}`.)
        (Type::Object(fs), Type::Object(_), Type::Map(e))
            if **e == Type::Dynamic
                && mixed(fs.values().filter(|t| t.is_primitive()))
                && fs.values().all(|t| t.is_primitive() || *t == Type::Dynamic) =>
        {
            Some("attribute types must all match for conversion to map")
        }
        (Type::Tuple(ts), Type::List(_) | Type::Tuple(_), Type::List(e))
            if **e == Type::Dynamic && mixed(ts.iter()) =>
        {
            Some("element types must all match for conversion to list")
        }
        _ => None,
    }
}

// ---------------------------------------------------------------------------
// Function results

/// How a built-in function's result is typed.
#[derive(Debug)]
pub(crate) enum Returns {
    /// The literal type of the result.
    Literal,
    /// This type.
    Is(Type),
    /// This type, and the result value is converted to it (`lookup`'s
    /// default, `coalesce`).
    Convert(Type),
}

/// The check of a conversion function (`tostring`, `tolist`, ...) that
/// its argument's type `t` converts to the function's type `want`: it
/// fails whatever the value, a typed null or an unknown too
/// (`tonumber(tolist(null))`). The error is the refusal of the first
/// argument.
pub(crate) fn conversion_check(t: Option<&Type>, want: &Type) -> Result<(), super::FuncError> {
    match t {
        Some(t) if !crate::value::ty::conversion_exists(t, want, true) => {
            Err(super::FuncError::arg(
                0,
                format!(
                    "cannot convert {} to {}",
                    friendly(t),
                    crate::value::ty::constraint_name(want)
                ),
            ))
        }
        _ => Ok(()),
    }
}

/// The refusal `refuse` gives for the first of `types` it refuses, up to
/// the first of unknown type (where cty stops checking): with `Arg`, the
/// refusal of that argument (`types` are the call's, from the first),
/// else a failure of the call.
pub(crate) fn refuse_kinds(
    types: &[Type],
    refusal: Refusal,
    refuse: impl Fn(&Type) -> Option<String>,
) -> Result<(), super::FuncError> {
    for (i, t) in types.iter().enumerate() {
        if *t == Type::Dynamic {
            return Ok(());
        }
        if let Some(msg) = refuse(t) {
            return Err(match refusal {
                Refusal::Arg => super::FuncError::arg(i, msg),
                Refusal::Call => super::FuncError::Call(msg),
            });
        }
    }
    Ok(())
}

/// What a kind check's refusal is ([`refuse_kinds`]).
#[derive(Clone, Copy)]
pub(crate) enum Refusal {
    /// The refusal of an argument.
    Arg,
    /// A failure of the call.
    Call,
}

/// A map or an object.
pub(crate) fn mapping(t: &Type) -> bool {
    matches!(t, Type::Map(_) | Type::Object(_))
}

/// A list, set or tuple.
pub(crate) fn sequence(t: &Type) -> bool {
    matches!(t, Type::List(_) | Type::Set(_) | Type::Tuple(_))
}

/// A list or tuple.
pub(crate) fn ordered(t: &Type) -> bool {
    matches!(t, Type::List(_) | Type::Tuple(_))
}

/// The first argument's type, if any (most functions check only it).
pub(crate) fn first_type(types: &[Type]) -> &[Type] {
    &types[..types.len().min(1)]
}

/// `lookup`'s refusal of a default that does not convert to the map's
/// element type.
pub(crate) const LOOKUP_DEFAULT: &str =
    "the default value must have the same type as the map elements";

/// The result type of a function that makes a collection (`make`) of its
/// first argument's elements, each of the type `element` finds: `tolist`,
/// `toset`, `tomap`, `distinct`, `matchkeys`, `chunklist` (a list of lists).
pub(crate) fn collection_of(
    types: &[Type],
    element: fn(&Type) -> Option<Type>,
    make: fn(Type) -> Type,
) -> Returns {
    match types.first().and_then(element) {
        Some(e) => Returns::Is(make(e)),
        None => Returns::Literal,
    }
}

/// The element type a list conversion gives a value of type `t`: a list's
/// or set's own, the unified types of a tuple's elements (dynamic when it
/// has none); `None` when they do not unify.
pub(crate) fn list_element(t: &Type) -> Option<Type> {
    match t {
        Type::List(e) | Type::Set(e) => Some((**e).clone()),
        Type::Tuple(ts) => elements_type(ts, true),
        _ => Some(Type::Dynamic),
    }
}

/// The element type a set conversion gives a value of type `t`: as
/// [`list_element`], but the elements of a tuple converted to a type with
/// dynamic parts are not unified again (cty's tuple-to-set conversion has
/// no such step): they must come out of one type (`toset([toset(["a"]),
/// tolist([])])` is refused, `tolist` of it is a list of lists).
pub(crate) fn set_element(t: &Type) -> Option<Type> {
    let Type::Tuple(ts) = t else {
        return list_element(t);
    };
    match crate::value::ty::elements_unified(ts, true, true)? {
        u if u.has_dynamic() && u != Type::Dynamic => {
            let mut converted = ts
                .iter()
                .map(|t| crate::value::ty::with_dynamic_from(&u, t));
            let first = converted.next()?;
            converted.all(|c| c == first).then_some(first)
        }
        _ => elements_type(ts, true),
    }
}

/// The element type a map conversion gives a value of type `t`.
pub(crate) fn map_element(t: &Type) -> Option<Type> {
    match t {
        Type::Map(e) => Some((**e).clone()),
        Type::Object(attrs) => elements_type(&attrs.values().cloned().collect::<Vec<_>>(), false),
        _ => Some(Type::Dynamic),
    }
}

/// The element type of a collection made of elements of types `ts`, as
/// cty converts a tuple (`tuple`) or an object to a collection of any
/// single type: the type the conversion finds from the types
/// ([`elements_unified`](crate::value::ty::elements_unified)), then what
/// the values make of it. Where that is the dynamic pseudo-type, an
/// object's attributes keep their types, which must be one type beside
/// untyped nulls (`tomap({a = {x = 1}, b = null})` is a map of objects).
fn elements_type(ts: &[Type], tuple: bool) -> Option<Type> {
    match crate::value::ty::elements_unified(ts, tuple, true)? {
        Type::Dynamic if tuple => Some(Type::Dynamic),
        Type::Dynamic => {
            let mut typed = ts.iter().filter(|t| **t != Type::Dynamic);
            let first = typed.next().cloned().unwrap_or(Type::Dynamic);
            typed.all(|t| *t == first).then_some(first)
        }
        // Each element converted to a type with unknown parts keeps its
        // own types there; the elements then unify again (cty's last step
        // of the conversion): `tolist([toset(["a"]), tolist(null)])` is a
        // list of lists of strings.
        u if u.has_dynamic() => {
            let converted: Vec<Type> = ts
                .iter()
                .map(|t| crate::value::ty::with_dynamic_from(&u, t))
                .collect();
            Type::unify(&converted)
        }
        t => Some(t),
    }
}

/// The types of the leaves `flatten` collects from `v` of type `t`.
pub(crate) fn flatten_types(v: &Value, t: &Type, out: &mut Vec<Type>) {
    match (v, t) {
        (Value::Array(items), Type::List(_) | Type::Set(_) | Type::Tuple(_)) => {
            for (i, x) in items.iter().enumerate() {
                let xt = match t {
                    Type::Tuple(ts) => ts.get(i).cloned().unwrap_or(Type::Dynamic),
                    Type::List(e) | Type::Set(e) => (**e).clone(),
                    _ => Type::Dynamic,
                };
                let xt = if xt == Type::Dynamic && !x.is_null() {
                    literal_type(x)
                } else {
                    xt
                };
                flatten_types(x, &xt, out);
            }
        }
        (Value::Null, Type::List(_) | Type::Set(_) | Type::Tuple(_)) => {}
        _ => out.push(t.clone()),
    }
}

/// The entries of an object or map in the order cty iterates them (by
/// key), each with its position in `o` (for [`attr`]).
pub(crate) fn by_key(o: &crate::value::Map<Key, Value>) -> Vec<(usize, &Key, &Value)> {
    let mut entries: Vec<(usize, &Key, &Value)> =
        o.iter().enumerate().map(|(i, (k, v))| (i, k, v)).collect();
    entries.sort_unstable_by(|a, b| a.1.as_bytes().cmp(b.1.as_bytes()));
    entries
}

/// The type of a built-in's known result (`def`'s) where the arguments'
/// types do not decide it: the collection type its spec declares; else
/// the result's literal type (`None`).
pub(crate) fn fixed_type(def: &super::func::FuncDef) -> Ty {
    let spec = def.spec();
    spec.result
        .is_collection()
        .then(|| typed(spec.result.clone()))
        .flatten()
}

/// The type of a splat's result over a value of type `t`, from its
/// results and their types: a list over a list or set (dynamic elements
/// when empty), else a tuple.
pub(crate) fn splat(t: &Ty, values: &[Value], types: Vec<Ty>) -> Ty {
    match t.as_ref().map(Meta::ty) {
        Some(Type::List(_) | Type::Set(_)) => {
            let tys: Vec<Type> = values
                .iter()
                .zip(&types)
                .map(|(v, t)| of(v, t).into_owned())
                .collect();
            let e = if tys.is_empty() {
                Type::Dynamic
            } else {
                Type::unify(&tys).unwrap_or(Type::Dynamic)
            };
            with_parts(Type::list(e), types)
        }
        _ if types.iter().all(Option::is_none) => None,
        _ => tuple(values, Some(types)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conditional_branches_unify() {
        let one = Value::from(1);
        let s = Value::from("a");
        assert_eq!(
            unify_branches((&one, &None), (&s, &None)),
            Ok(Some(Type::String))
        );
        assert_eq!(
            unify_branches((&Value::Null, &None), (&one, &None)),
            Ok(Some(Type::Number))
        );
        assert_eq!(
            unify_branches((&one, &None), (&Value::Bool(true), &None)),
            Err(())
        );
    }
}
