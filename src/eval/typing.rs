//! The types of evaluated values, as Terraform (cty) gives them.
//!
//! The evaluator computes with plain [`Value`]s and records a value's
//! [`Type`] beside it only where the value alone does not tell it: a
//! value's type is [`Ty`], where `None` means "the type a literal of this
//! value has" ([`literal_type`]: arrays are tuples, objects are objects,
//! `null` is of the dynamic pseudo-type). Ordinary configurations build
//! only literal values, so they never allocate a type. A conversion
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
//! * functions type their results as cty's type callbacks do
//!   ([`call_type`]), and reject typed nulls where Terraform does
//!   (`merge(tomap({a = "b"}), tostring(null))`);
//! * a conditional converts the branch it takes to the type both branches
//!   unify to ([`unify_branches`]).

use std::borrow::Cow;

use crate::value::ty::{literal_type, Type};
use crate::value::{Key, Value};

/// What the evaluator knows of a value beyond the value itself: `None` for
/// a known value of its literal type (the common case, which costs
/// nothing).
pub(crate) type Ty = Option<Meta>;

/// A value's type where the value does not tell it, and whether it (or
/// part of it) is unknown.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Meta {
    /// A known value of this type.
    Typed(Type),
    /// A value not known yet, of this type, and what is known of it. The
    /// value beside it is a `null` placeholder.
    Unknown(Type, Refine),
    /// A known tuple, object, list, set or map of this type holding unknown
    /// values: the elements' metas, in the order of the value's elements
    /// (an object's in its map order).
    Parts(Type, Vec<Ty>),
}

/// What is known of an unknown value (cty's refinements).
#[derive(Clone, Debug, PartialEq, Default)]
pub(crate) struct Refine {
    /// It will not be null.
    pub(crate) not_null: bool,
    /// A string that will start with this.
    pub(crate) prefix: Option<String>,
    /// A collection whose length will be in this range (inclusive).
    pub(crate) len: Option<(u64, u64)>,
    /// A number that will be at least this.
    pub(crate) min: Option<crate::Number>,
    /// A number that will be at most this.
    pub(crate) max: Option<crate::Number>,
}

impl Refine {
    /// Known only not to be null.
    pub(crate) fn not_null() -> Refine {
        Refine {
            not_null: true,
            ..Refine::default()
        }
    }
}

impl Meta {
    /// The type.
    pub(crate) fn ty(&self) -> &Type {
        match self {
            Meta::Typed(t) | Meta::Unknown(t, _) | Meta::Parts(t, _) => t,
        }
    }
}

/// A known value of type `t`.
pub(crate) fn typed(t: Type) -> Ty {
    Some(Meta::Typed(t))
}

/// An unknown value of type `t`.
pub(crate) fn unknown(t: Type, r: Refine) -> Ty {
    Some(Meta::Unknown(t, r))
}

/// Whether the value is wholly unknown.
pub(crate) fn is_unknown(t: &Ty) -> bool {
    matches!(t, Some(Meta::Unknown(..)))
}

/// Whether the value is wholly known (no unknown in it).
pub(crate) fn is_known(t: &Ty) -> bool {
    !matches!(t, Some(Meta::Unknown(..) | Meta::Parts(..)))
}

/// Whether a value with meta `t` (holding `v`) is known not to be null.
pub(crate) fn not_null(v: &Value, t: &Ty) -> bool {
    match t {
        Some(Meta::Unknown(_, r)) => r.not_null,
        _ => !v.is_null(),
    }
}

/// `v` (with meta `t`) with each unknown value replaced by `f` of its type.
pub(crate) fn map_unknowns(v: &Value, t: &Ty, f: &mut dyn FnMut(&Type) -> Value) -> Value {
    match (t, v) {
        (Some(Meta::Unknown(ty, _)), _) => f(ty),
        (Some(Meta::Parts(_, items)), Value::Array(a)) => Value::Array(
            a.iter()
                .zip(items)
                .map(|(x, t)| map_unknowns(x, t, f))
                .collect(),
        ),
        (Some(Meta::Parts(_, items)), Value::Object(o)) => Value::Object(
            o.iter()
                .zip(items)
                .map(|((k, x), t)| (k.clone(), map_unknowns(x, t, f)))
                .collect(),
        ),
        _ => v.clone(),
    }
}

/// Converts `v` (with meta `t`) to type `target` as cty converts: the one
/// conversion, for known values and values not wholly known alike. An
/// unknown converts to an unknown of the target type (when its type can
/// convert); dynamic parts of the target take the value's own types; a
/// set puts its unknown elements after the known ones, before a null.
pub(crate) fn convert(
    v: Value,
    t: &Ty,
    target: &Type,
) -> Result<(Value, Ty), super::functions::util::ConvertError> {
    if let Some(Meta::Unknown(ty, r)) = t {
        if *target == Type::Dynamic {
            return Ok((v, t.clone()));
        }
        if !crate::value::ty::conversion_exists(ty, target, true) {
            return Err(format!("cannot convert {} to {}", friendly(ty), friendly(target)).into());
        }
        return Ok((Value::Null, unknown(target.clone(), r.clone())));
    }
    if *target == Type::Dynamic {
        return Ok((v, t.clone()));
    }
    let target = match target.has_dynamic() {
        true => crate::value::ty::with_dynamic_from(target, &of(&v, t)),
        false => target.clone(),
    };
    let Some(Meta::Parts(_, items)) = t else {
        let (v, _) = convert_value(v, None, &target)?;
        return Ok((v, typed(target)));
    };
    // cty: a set whose length is not known (more than one element, some
    // unknown, which may equal others) converts to a wholly unknown list,
    // of the set's own element type, with no refinement.
    if let (Type::List(_), Some(Type::Set(e))) = (&target, t.as_ref().map(Meta::ty)) {
        if length_unknown_set(&v, t) {
            return Ok((
                Value::Null,
                unknown(Type::List(e.clone()), Refine::default()),
            ));
        }
    }
    let (v, metas) = convert_value(v, Some(items), &target)?;
    Ok((v, with_parts(target, metas.unwrap_or_default())))
}

/// The walk of [`convert`] (and of [`util::convert`](super::functions::util::convert),
/// for a wholly known value): `v`, whose parts' metas are `items` where
/// some are not known (`None`: `v` is wholly known), converted to `ty`,
/// with the converted parts' metas where `items` is given.
pub(crate) fn convert_value(
    v: Value,
    items: Option<&[Ty]>,
    ty: &Type,
) -> Result<(Value, Option<Vec<Ty>>), super::functions::util::ConvertError> {
    use super::functions::util::{self, friendly_type, make_set, to_list, to_map, ConvertError};
    // Part `i`, `x`, converted to `e`.
    let part = |x: Value, i: usize, e: &Type| -> Result<(Value, Ty), ConvertError> {
        match items {
            Some(ms) => convert(x, ms.get(i).unwrap_or(&None), e),
            None => Ok((convert_value(x, None, e)?.0, None)),
        }
    };
    // The parts, converted; their metas where `items` is given.
    let parts = |converted: Vec<(Value, Ty)>| {
        let (values, metas): (Vec<Value>, Vec<Ty>) = converted.into_iter().unzip();
        (values, items.map(|_| metas))
    };
    let known = items.is_none();
    Ok(match (ty, v) {
        (Type::Dynamic, v) => (v, items.map(<[Ty]>::to_vec)),
        (_, Value::Null) => (Value::Null, None),
        (Type::String, Value::String(s)) => (Value::String(s), None),
        (Type::String, Value::Number(n)) => (Value::String(util::fmt_number(&n).into()), None),
        (Type::String, Value::Bool(b)) => (Value::from(if b { "true" } else { "false" }), None),
        (Type::Number, Value::Number(n)) => (Value::Number(n), None),
        (Type::Number, Value::String(s)) => match crate::Number::parse(&s) {
            Some(n) => (Value::Number(n), None),
            None => {
                return Err(ConvertError::NotPrimitive {
                    string: s.to_string(),
                    to: "number",
                })
            }
        },
        (Type::Bool, Value::Bool(b)) => (Value::Bool(b), None),
        (Type::Bool, Value::String(s)) => match crate::value::parse_bool(&s) {
            Some(b) => (Value::Bool(b), None),
            None => {
                return Err(ConvertError::NotPrimitive {
                    string: s.to_string(),
                    to: "bool",
                })
            }
        },
        (Type::Tuple(ts), Value::Array(a)) if ts.len() == a.len() => {
            let converted = a
                .into_iter()
                .zip(ts)
                .enumerate()
                .map(|(i, (x, e))| part(x, i, e))
                .collect::<Result<Vec<_>, _>>()?;
            let (values, metas) = parts(converted);
            (Value::Array(values), metas)
        }
        // A tuple converts to a list of the type its elements unify to.
        (Type::List(e), Value::Array(a)) if known && **e == Type::Dynamic => {
            (Value::Array(to_list(Value::Array(a))?), None)
        }
        (Type::List(e), Value::Array(a)) => {
            let converted = a
                .into_iter()
                .enumerate()
                .map(|(i, x)| part(x, i, e))
                .collect::<Result<Vec<_>, _>>()?;
            let (values, metas) = parts(converted);
            (Value::Array(values), metas)
        }
        (Type::Set(e), Value::Array(a)) if known => {
            let (list, _) = convert_value(Value::Array(a), None, &Type::List(e.clone()))?;
            match list {
                Value::Array(items) => (Value::Array(make_set(items)), None),
                other => (other, None),
            }
        }
        (Type::Set(e), Value::Array(a)) => {
            // cty's order: known elements, then unknown ones, then null (a
            // 'for' over the set meets them so).
            let mut known_items = Vec::new();
            let mut unknowns = Vec::new();
            for (i, x) in a.into_iter().enumerate() {
                let (x, xt) = part(x, i, e)?;
                if is_known(&xt) {
                    known_items.push(x);
                } else {
                    unknowns.push((x, xt));
                }
            }
            let (nulls, known_items): (Vec<Value>, Vec<Value>) =
                known_items.into_iter().partition(Value::is_null);
            let mut out = Vec::new();
            let mut metas = Vec::new();
            for x in make_set(known_items) {
                out.push(x);
                metas.push(element(e, &Value::Null));
            }
            for (x, xt) in unknowns {
                out.push(x);
                metas.push(xt);
            }
            if !nulls.is_empty() {
                out.push(Value::Null);
                metas.push(element(e, &Value::Null));
            }
            (Value::Array(out), Some(metas))
        }
        (Type::Object(ts), Value::Object(o)) => {
            let mut entries = Vec::with_capacity(o.len());
            for (i, (k, x)) in o.into_iter().enumerate() {
                let Some(e) = ts.get(k.as_str()) else {
                    continue;
                };
                let (x, xt) = part(x, i, e)?;
                entries.push((k, x, xt));
            }
            let (object, metas) = object_parts(entries, items.is_some());
            if let (true, Value::Object(out)) = (known, &object) {
                if let Some(missing) = ts.keys().find(|k| !out.contains_key(k.as_str())) {
                    return Err(format!("attribute \"{missing}\" is required").into());
                }
            }
            (object, metas)
        }
        // An object converts to a map of the type its attributes unify to.
        (Type::Map(e), Value::Object(o)) if known && **e == Type::Dynamic => {
            (Value::Object(to_map(Value::Object(o))?), None)
        }
        (Type::Map(e), Value::Object(o)) => {
            let entries = o
                .into_iter()
                .enumerate()
                .map(|(i, (k, x))| part(x, i, e).map(|(x, xt)| (k, x, xt)))
                .collect::<Result<Vec<_>, _>>()?;
            object_parts(entries, items.is_some())
        }
        (target, _) if !known => return Err(format!("{} required", friendly(target)).into()),
        (Type::String | Type::Number | Type::Bool, v) => {
            return Err(format!(
                "cannot convert {} to {}",
                friendly_type(&v),
                crate::value::ty::friendly_name(ty, "any")
            )
            .into())
        }
        (ty, v) => {
            return Err(format!(
                "{} required, but have {}",
                crate::value::ty::friendly_name(ty, "any"),
                friendly_type(&v)
            )
            .into())
        }
    })
}

/// An object or map of converted `entries` (key, value, meta); with their
/// metas in key order where some are not known (`with_metas`).
fn object_parts(mut entries: Vec<(Key, Value, Ty)>, with_metas: bool) -> (Value, Option<Vec<Ty>>) {
    if !with_metas {
        return (
            Value::Object(entries.into_iter().map(|(k, x, _)| (k, x)).collect()),
            None,
        );
    }
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    let metas = entries.iter().map(|e| e.2.clone()).collect();
    (
        Value::Object(entries.into_iter().map(|(k, x, _)| (k, x)).collect()),
        Some(metas),
    )
}

/// The type of `v`, whose meta is `t`.
pub(crate) fn of<'a>(v: &Value, t: &'a Ty) -> Cow<'a, Type> {
    match t {
        Some(m) => Cow::Borrowed(m.ty()),
        None => Cow::Owned(literal_type(v)),
    }
}

/// The meta of an element of type `t`: `None` when `t` is the dynamic
/// pseudo-type and the element is not null (an element of a literal
/// value).
fn element(t: &Type, v: &Value) -> Ty {
    match t {
        Type::Dynamic if !v.is_null() => None,
        t => typed(t.clone()),
    }
}

/// The meta of attribute (or map element) `key`, at position `pos` in the
/// map, of a known value with meta `t`, holding `v`.
pub(crate) fn attr(t: &Ty, key: &str, pos: usize, v: &Value) -> Ty {
    match t.as_ref()? {
        Meta::Typed(Type::Object(attrs)) => element(attrs.get(key)?, v),
        Meta::Typed(Type::Map(e)) => element(e, v),
        Meta::Parts(_, items) => items.get(pos)?.clone(),
        _ => None,
    }
}

/// The meta of element `i` of a known tuple, list or set with meta `t`,
/// holding `v`.
pub(crate) fn item(t: &Ty, i: usize, v: &Value) -> Ty {
    match t.as_ref()? {
        Meta::Typed(Type::Tuple(ts)) => element(ts.get(i)?, v),
        Meta::Typed(Type::List(e) | Type::Set(e)) => element(e, v),
        Meta::Parts(_, items) => items.get(i)?.clone(),
        _ => None,
    }
}

/// Whether `v` (meta `t`) is a set whose length is not known: more than
/// one element, some not wholly known, which may equal others (cty's
/// `Length` of such a set is unknown, so it converts to an unknown list).
pub(crate) fn length_unknown_set(v: &Value, t: &Ty) -> bool {
    is_set(t) && !is_known(t) && matches!(v, Value::Array(items) if items.len() > 1)
}

/// Whether the value is a set.
pub(crate) fn is_set(t: &Ty) -> bool {
    matches!(t.as_ref().map(Meta::ty), Some(Type::Set(_)))
}

/// The meta of a value of type `ty` whose elements have metas `items`:
/// [`Meta::Parts`] when one is unknown, else [`Meta::Typed`].
pub(crate) fn with_parts(ty: Type, items: Vec<Ty>) -> Ty {
    if items.iter().all(is_known) {
        typed(ty)
    } else {
        Some(Meta::Parts(ty, items))
    }
}

/// The meta of a tuple of `values` whose elements have metas `types`
/// (`None` when every element is known, of its literal type).
pub(crate) fn tuple(values: &[Value], types: Option<Vec<Ty>>) -> Ty {
    let types = types?;
    let ty = Type::Tuple(
        values
            .iter()
            .zip(&types)
            .map(|(v, t)| of(v, t).into_owned())
            .collect(),
    );
    with_parts(ty, types)
}

/// The meta of an object whose attributes `typed` have metas (the others
/// are known, of their literal types); `None` when no attribute has one.
pub(crate) fn object(map: &crate::value::Map<Key, Value>, typed: Vec<(Key, Meta)>) -> Ty {
    if typed.is_empty() {
        return None;
    }
    let mut metas: Vec<Ty> = vec![None; map.len()];
    for (k, m) in typed {
        if let Some(i) = map.get_index_of(&k) {
            metas[i] = Some(m);
        }
    }
    object_of(map, metas)
}

/// The meta of an object whose attributes have metas `metas`, in the map's
/// order.
pub(crate) fn object_of(map: &crate::value::Map<Key, Value>, metas: Vec<Ty>) -> Ty {
    let ty = Type::Object(
        map.iter()
            .zip(&metas)
            .map(|((k, v), t)| (k.as_str().to_owned(), of(v, t).into_owned()))
            .collect(),
    );
    with_parts(ty, metas)
}

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

/// The check of a conversion function (`tostring`, `tolist`, ...: its
/// spec's `converts_to`) that its argument's type converts to the
/// function's type: it fails whatever the value, a typed null or an unknown
/// too (`tonumber(tolist(null))`).
pub(crate) fn conversion_check(spec: &super::func::Spec, t: &Type) -> Result<(), String> {
    let Some(want) = &spec.converts_to else {
        return Ok(());
    };
    if crate::value::ty::conversion_exists(t, want, true) {
        Ok(())
    } else {
        Err(format!(
            "invalid value for \"v\" parameter: cannot convert {} to {}",
            friendly(t),
            crate::value::ty::constraint_name(want)
        ))
    }
}

/// cty's checks of the kinds of a function's arguments of types `types`
/// (its spec's), with Terraform's messages (an argument error's message
/// starts `invalid value for "P" parameter:`). Those of the type callbacks
/// apply up to the first argument of unknown type; those of the
/// implementations (`contains`, `index`, `sum`) once no argument is wholly
/// unknown (`unknown[i]`), as cty calls them then.
pub(crate) fn kind_check(
    spec: &super::func::Spec,
    types: &[Type],
    unknown: &[bool],
) -> Result<(), String> {
    spec.kind_check.map_or(Ok(()), |f| f(types, unknown))
}

/// The message `refuse` gives for the first of `types` it refuses, up to
/// the first of unknown type (where cty stops checking).
pub(crate) fn refuse_kinds(
    types: &[Type],
    refuse: impl Fn(&Type) -> Option<String>,
) -> Result<(), String> {
    for t in types {
        if *t == Type::Dynamic {
            return Ok(());
        }
        if let Some(msg) = refuse(t) {
            return Err(msg);
        }
    }
    Ok(())
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
pub(crate) const LOOKUP_DEFAULT: &str = "invalid value for \"default\" parameter: the default value must have the same type as the map elements";

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

/// cty's name for a type in function messages (`string`, `list of
/// number`, `object`).
pub(crate) fn friendly(t: &Type) -> String {
    crate::value::ty::friendly_name(t, "dynamic")
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

/// The type of a built-in's result from its arguments (cty's type
/// callback, the function's spec's), or the message of the argument check
/// that fails. `args` are the arguments after expansion, `types` their
/// types.
pub(crate) fn call_type(
    spec: &super::func::Spec,
    args: &[Value],
    types: &[Type],
) -> Result<Returns, String> {
    spec.type_callback
        .map_or(Ok(Returns::Literal), |f| f(args, types))
}

/// The entries of an object or map in the order cty iterates them (by
/// key), each with its position in `o` (for [`attr`]).
pub(crate) fn by_key(o: &crate::value::Map<Key, Value>) -> Vec<(usize, &Key, &Value)> {
    let mut entries: Vec<(usize, &Key, &Value)> =
        o.iter().enumerate().map(|(i, (k, v))| (i, k, v)).collect();
    entries.sort_unstable_by(|a, b| a.1.as_bytes().cmp(b.1.as_bytes()));
    entries
}

/// A declared parameter type as a type.
pub(crate) fn of_param(p: &super::func::ParamType) -> Type {
    use super::func::ParamType as P;
    match p {
        P::Any => Type::Dynamic,
        P::Bool => Type::Bool,
        P::Number => Type::Number,
        P::String => Type::String,
        P::Array(t) => Type::list(of_param(t)),
        P::Object(t) => Type::map(of_param(t)),
    }
}

/// The type of a built-in's known result (`def`'s) where the arguments'
/// types do not decide it: the collection type its spec declares, or the
/// one its spec's rule reads from the result; else the result's literal
/// type (`None`).
pub(crate) fn fixed_type(def: &super::func::FuncDef, result: &Value) -> Ty {
    let spec = def.spec();
    if spec.result.is_collection() {
        return typed(spec.result.clone());
    }
    spec.result_type.and_then(|rule| typed(rule(result)))
}

/// A list of the type `result`'s elements unify to (`regexall`,
/// `csvdecode`).
#[cfg_attr(not(any(feature = "regex", feature = "csv")), allow(dead_code))]
pub(crate) fn list_of_elements(result: &Value) -> Type {
    let elements = match result {
        Value::Array(a) => Type::unify(&a.iter().map(literal_type).collect::<Vec<_>>()),
        _ => None,
    };
    Type::list(elements.unwrap_or(Type::Dynamic))
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
