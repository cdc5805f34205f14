//! HCL's refusals of an attribute access (`x.name`) and of an index
//! (`x[key]`), worded as HCL's `GetAttr` and `Index` word them from the type
//! of the value refused: one statement for known values
//! ([`expr`](super::expr)) and values not known yet
//! ([`unknown`](super::unknown)).

use std::borrow::Cow;

use super::fail::{err, Fail};
use crate::syntax::Span;
use crate::value::{Number, Type, Value};

/// Attribute `name` of a value of type `t`, not null, that does not have it.
#[cold]
#[inline(never)]
pub(crate) fn no_attribute(t: &Type, name: &str, span: Span) -> Fail {
    const LIST: &str = "Can't access attributes on a list of objects.";
    let (summary, detail) = match t {
        Type::Object(_) => (
            UNSUPPORTED,
            format!("This object does not have an attribute named \"{name}\"."),
        ),
        Type::Map(_) => (
            "Missing map element",
            format!("This map does not have an element with the key \"{name}\"."),
        ),
        Type::List(e) => match &**e {
            // Attributes of a whole list of objects: HCL's hint.
            Type::Object(attrs) if attrs.contains_key(name) => (UNSUPPORTED, format!(
                "{LIST} Did you mean to access attribute \"{name}\" for a specific element of the list, or across all elements of the list?"
            )),
            Type::Object(_) => (UNSUPPORTED, format!(
                "{LIST} Did you mean to access an attribute for a specific element of the list, or across all elements of the list?"
            )),
            _ => (UNSUPPORTED, NO_ATTRIBUTES.into()),
        },
        Type::Set(e) if matches!(**e, Type::Object(_)) => (UNSUPPORTED, "Can't access attributes on a set of objects. Did you mean to access an attribute across all elements of the set?".into()),
        t if t.is_primitive() => (UNSUPPORTED, format!(
            "Can't access attributes on a primitive-typed value ({}).",
            super::typing::friendly(t)
        )),
        _ => (UNSUPPORTED, NO_ATTRIBUTES.into()),
    };
    err(span, summary, detail)
}

const UNSUPPORTED: &str = "Unsupported attribute";
const NO_ATTRIBUTES: &str = "This value does not have any attributes.";

/// An attribute of a null value.
#[cold]
#[inline(never)]
pub(crate) fn null_attribute(span: Span) -> Fail {
    err(
        span,
        "Attempt to get attribute from null value",
        "This value is null, so it does not have any attributes.",
    )
}

#[cold]
#[inline(never)]
fn invalid_index(span: Span, detail: impl std::fmt::Display) -> Fail {
    err(span, "Invalid index", format_args!("{detail}"))
}

const NOT_IDENTIFIED: &str = "The given key does not identify an element in this collection value";

/// An index into a null value.
#[cold]
#[inline(never)]
pub(crate) fn null_index(span: Span) -> Fail {
    err(
        span,
        "Attempt to index null value",
        "This value is null, so it does not have any indices.",
    )
}

/// A null key.
#[cold]
#[inline(never)]
pub(crate) fn null_key(span: Span) -> Fail {
    invalid_index(span, "Can't use a null value as an indexing key.")
}

/// An index into a set.
#[cold]
#[inline(never)]
pub(crate) fn set_index(span: Span) -> Fail {
    invalid_index(
        span,
        "Elements of a set are identified only by their value and don't have any separate index or key to select with, so it's only possible to perform operations across all elements of the set.",
    )
}

/// An index into a value that is not a collection.
#[cold]
#[inline(never)]
pub(crate) fn no_indices(span: Span) -> Fail {
    invalid_index(span, "This value does not have any indices.")
}

/// The number a key of a list or tuple stands for (a number, or a string
/// holding one), or the error of its conversion.
pub(crate) fn key_number(key: &Value, span: Span) -> Result<Number, Fail> {
    match key {
        Value::Number(n) => Ok(n.clone()),
        Value::String(s) => Number::parse(s).ok_or_else(|| bad_key(true, "number", span)),
        _ => Err(bad_key(false, "number", span)),
    }
}

/// The string a key of a map or object stands for (a string, or a number
/// or bool in its string form), or the error of its conversion.
pub(crate) fn key_string(key: &Value, span: Span) -> Result<Cow<'_, str>, Fail> {
    match key {
        Value::String(s) => Ok(Cow::Borrowed(s)),
        Value::Number(n) => Ok(Cow::Owned(n.to_plain_string())),
        Value::Bool(b) => Ok(Cow::Borrowed(if *b { "true" } else { "false" })),
        _ => Err(bad_key(false, "string", span)),
    }
}

#[cold]
#[inline(never)]
fn bad_key(from_string: bool, want: &str, span: Span) -> Fail {
    invalid_index(
        span,
        format_args!(
            "{NOT_IDENTIFIED}: {}.",
            crate::value::ty::primitive_required(from_string, want)
        ),
    )
}

/// Index `n` of a list or tuple of `len` elements that has no such element:
/// HCL names a fraction, a negative index, and an index equal to the length
/// (only that one: a larger index gets the plain message, as in HCL).
#[cold]
#[inline(never)]
pub(crate) fn no_element(n: &Number, len: usize, span: Span) -> Fail {
    let why = if !n.is_integer() {
        ": indexing a sequence requires a whole number, but the given index has a fractional part"
    } else if n.as_f64() < 0.0 {
        ": a negative number is not a valid index for a sequence"
    } else if n.as_u64() == Some(len as u64) {
        if len == 0 {
            ": the collection has no elements"
        } else {
            ": the given index is greater than or equal to the length of the collection"
        }
    } else {
        ""
    };
    invalid_index(span, format_args!("{NOT_IDENTIFIED}{why}."))
}

/// Key `key` of an object (`object`) or a map that has no such key; HCL
/// adds a hint when an object is indexed with a number.
#[cold]
#[inline(never)]
pub(crate) fn no_key(object: bool, key: &Value, span: Span) -> Fail {
    let hint = if object && matches!(key, Value::Number(_)) {
        " An object only supports looking up attributes by name, not by numeric index."
    } else {
        ""
    };
    invalid_index(span, format_args!("{NOT_IDENTIFIED}.{hint}"))
}
