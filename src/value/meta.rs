//! What is known of a value beyond the value itself: its type where the
//! value does not tell it, and which parts are not known yet (cty's
//! unknown values and their refinements).
//!
//! Computations carry a plain [`Value`] and beside it a [`Ty`], where
//! `None` means "the type a literal of this value has" ([`literal_type`]:
//! arrays are tuples, objects are objects, `null` is of the dynamic
//! pseudo-type). Ordinary configurations build only literal values, so
//! they never allocate a type.

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
    Unknown(Type, Refined),
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
    pub(crate) min: Option<crate::value::Number>,
    /// A number that will be at most this.
    pub(crate) max: Option<crate::value::Number>,
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

/// Nothing known of an unknown value.
static NOTHING: Refine = Refine {
    not_null: false,
    prefix: None,
    len: None,
    min: None,
    max: None,
};

/// Known only not to be null.
static NOT_NULL: Refine = Refine {
    not_null: true,
    prefix: None,
    len: None,
    min: None,
    max: None,
};

/// A [`Refine`] as an unknown's meta holds it: whether it will not be
/// null, and the rest (a prefix, bounds) boxed when there is any, so that
/// a meta (and a typed value) stays small.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Refined {
    not_null: bool,
    more: Option<Box<Refine>>,
}

impl From<Refine> for Refined {
    fn from(r: Refine) -> Refined {
        let plain = r.prefix.is_none() && r.len.is_none() && r.min.is_none() && r.max.is_none();
        Refined {
            not_null: r.not_null,
            more: (!plain).then(|| Box::new(r)),
        }
    }
}

impl std::ops::Deref for Refined {
    type Target = Refine;

    fn deref(&self) -> &Refine {
        match (&self.more, self.not_null) {
            (Some(r), _) => r,
            (None, true) => &NOT_NULL,
            (None, false) => &NOTHING,
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
pub(crate) fn unknown(t: Type, r: impl Into<Refined>) -> Ty {
    Some(Meta::Unknown(t, r.into()))
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
pub(crate) fn element(t: &Type, v: &Value) -> Ty {
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
    // (Every attribute a literal: the object is one too.)
    if metas.iter().all(Option::is_none) {
        return None;
    }
    let ty = Type::object(
        map.iter()
            .zip(&metas)
            .map(|((k, v), t)| (k.clone(), of(v, t).into_owned())),
    );
    with_parts(ty, metas)
}
