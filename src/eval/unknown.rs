//! Unknown values (Terraform's "known after apply"): how they are made, and
//! the types a traversal of one finds, as cty and hclsyntax do. (Operators
//! and conditionals take known and unknown values alike: `ops`.)

use super::access;
use super::fail::R;
use super::typing::{self, Refine, Ty};
use crate::syntax::Span;
use crate::value::{Type, Value};

/// An unknown value of type `t`, known not to be null.
pub(crate) fn not_null(t: Type) -> (Value, Ty) {
    (Value::Null, typing::unknown(t, Refine::not_null()))
}

/// An unknown value of type `t` that may be null.
pub(crate) fn nullable(t: Type) -> (Value, Ty) {
    (Value::Null, typing::unknown(t, Refine::default()))
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
