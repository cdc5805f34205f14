//! Collection kinds: what Terraform knows about a value's type beyond its
//! shape.
//!
//! [`Value`] keeps lists, sets and tuples all as arrays, and maps and
//! objects as objects. Terraform tells them apart, and two behaviours
//! depend on it:
//!
//! * `==` / `!=` compare types: `tolist([1]) == [1]` is `false` (list vs
//!   tuple), as are `toset([1]) == tolist([1])` and `tomap({a = 1}) ==
//!   {a = 1}`;
//! * `for` and `%{ for }` over a set bind the key variable to the element
//!   itself (`[for i, v in toset(["x", "y"]) : i]` is `["x", "y"]`); a set
//!   cannot be indexed (`toset([1])[0]` is an error).
//!
//! The evaluator therefore tags the value of an expression with a [`Kind`]
//! where it matters (operands of `==`/`!=`, the collection of a `for`, the
//! base of a traversal), derived from the expression that produced it:
//!
//! * tuple and object constructors, `for` expressions, variables from the
//!   [`Context`](super::Context) (which holds plain [`Value`]s, at every
//!   depth) and elements of tuples and objects are [`Kind::Plain`], i.e.
//!   tuples and objects;
//! * an element taken out of a list, set or map (`x[0]`, `x.a`,
//!   `lookup(...)`, `element(...)`, `one(...)`) is [`Kind::Unknown`]: it
//!   compares by value only;
//! * built-in functions declare their result kind ([`Rule`], below),
//!   checked against Terraform 1.11 with `terraform console`;
//! * a splat over a list or a set gives a list, over anything else a tuple;
//! * a conditional gives the unified type of its branches (`c ? [1] : [1, 2]`
//!   is a list, because tuples of different lengths unify to a list);
//! * parentheses, `try` and a template that is a single interpolation pass
//!   the kind through.
//!
//! Kinds are one level deep: the kinds of nested elements are not tracked,
//! so `[tolist([1])] == [[1]]` and `tolist([tolist([1])])[0] == [1]` are
//! `true` here (Terraform: `false`); `tomap({a = tolist([1])})["a"] ==
//! tolist([1])` is `true` as in Terraform, because the element's kind is
//! unknown. A `for` over such an element iterates it as a list, even if
//! it is a set. Element types of empty collections are not tracked either
//! (`sort([]) == tolist([])` is `true` here, `false` in Terraform).

use crate::value::Value;

/// What kind of collection a value is, as far as Terraform would know it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) enum Kind {
    /// A tuple, an object, a primitive, or a collection of unknown kind.
    #[default]
    Plain,
    /// A list (an array).
    List,
    /// A set (an array, in Terraform's set order).
    Set,
    /// A map (an object).
    Map,
    /// An element of a list, set or map: its kind is not tracked, so it
    /// compares by value only.
    Unknown,
}

impl Kind {
    /// The kind of an element taken out of a collection of this kind.
    pub(crate) fn element(self) -> Kind {
        match self {
            Kind::Plain => Kind::Plain,
            _ => Kind::Unknown,
        }
    }
}

/// Whether two values are equal as Terraform's `==` sees them: equal values
/// of the same type. Nulls are equal whatever their type; a value of
/// [`Kind::Unknown`] compares by value.
pub(crate) fn equal(a: &Value, ak: Kind, b: &Value, bk: Kind) -> bool {
    if a != b {
        return false;
    }
    match (a, b) {
        (Value::Array(_), Value::Array(_)) | (Value::Object(_), Value::Object(_)) => {
            ak == bk || ak == Kind::Unknown || bk == Kind::Unknown
        }
        _ => true,
    }
}

/// How a built-in function's result kind is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rule {
    /// Always this kind.
    Fixed(Kind),
    /// Depends on the kinds of the arguments (see [`from_args`]).
    FromArgs,
}

/// The result-kind rule of built-in function `name` (without `core::`).
/// Every entry was checked with Terraform 1.11.4 by comparing the result
/// with a tuple/list/set (or object/map) literal of the same value.
pub(crate) fn rule(name: &str) -> Rule {
    use Kind::*;
    match name {
        "tolist" | "sort" | "distinct" | "compact" | "chunklist" | "range" | "split"
        | "formatlist" | "regexall" | "matchkeys" | "cidrsubnets" | "csvdecode" => {
            Rule::Fixed(List)
        }
        "toset" | "setunion" | "setintersection" | "setsubtract" | "fileset" => Rule::Fixed(Set),
        "tomap" | "transpose" => Rule::Fixed(Map),
        "concat" | "merge" | "zipmap" | "keys" | "values" | "reverse" | "slice"
        | "coalescelist" | "setproduct" | "lookup" | "element" | "one" | "sensitive"
        | "nonsensitive" | "ephemeralasnull" => Rule::FromArgs,
        // flatten, jsondecode, yamldecode, regex: tuples/objects; the rest
        // give primitives.
        _ => Rule::Fixed(Plain),
    }
}

/// The result kind of a [`Rule::FromArgs`] function, from its arguments
/// (before the call) and their kinds (`kinds` may be shorter than `args`
/// when the last argument was expanded: the missing ones are
/// [`Kind::Plain`]).
pub(crate) fn from_args(name: &str, args: &[Value], kinds: &[Kind]) -> Kind {
    use Kind::*;
    let kind = |i: usize| kinds.get(i).copied().unwrap_or(Plain);
    let any_unknown = (0..args.len()).any(|i| kind(i) == Unknown);
    // `yes` when `cond`, else a tuple/object, or unknown when an argument's
    // kind is.
    let pick = |cond: bool, yes: Kind| {
        if cond {
            yes
        } else if any_unknown {
            Unknown
        } else {
            Plain
        }
    };
    match name {
        // A list if every argument is a list, else a tuple.
        "concat" => pick(
            !args.is_empty() && (0..args.len()).all(|i| kind(i) == List),
            List,
        ),
        // A map if every argument is a (non-null) map, else an object;
        // `merge()` is an empty object.
        "merge" => pick(
            !args.is_empty() && (0..args.len()).all(|i| kind(i) == Map && !args[i].is_null()),
            Map,
        ),
        // A map when the values are a list, an object when a tuple.
        "zipmap" => pick(matches!(kind(1), List | Set), Map),
        // Of a map: a list; of an object: a tuple.
        "keys" | "values" => pick(kind(0) == Map, List),
        // A list stays a list and a set becomes one; a tuple stays a tuple.
        "reverse" => pick(matches!(kind(0), List | Set), List),
        "slice" => pick(kind(0) == List, List),
        // The first non-empty argument, unchanged.
        "coalescelist" => args
            .iter()
            .position(|a| matches!(a, Value::Array(v) if !v.is_empty()))
            .map_or(Plain, kind),
        // An element of the first argument.
        "lookup" | "element" | "one" => kind(0).element(),
        // Identities here (no marks are carried).
        "sensitive" | "nonsensitive" | "ephemeralasnull" => kind(0),
        // A set if any argument is a set, else a list.
        "setproduct" => {
            if (0..args.len()).any(|i| kind(i) == Set) {
                Set
            } else {
                List
            }
        }
        _ => Plain,
    }
}

/// The kind of a conditional's result: the `taken` branch converted to
/// `ty`, the type both branches unify to (`other` is the branch not taken).
pub(crate) fn unified(taken: (&Value, Kind), other: (&Value, Kind), ty: &crate::Type) -> Kind {
    use crate::Type as Ty;
    let ((tv, tk), (ov, ok)) = (taken, other);
    match (tv, ov) {
        (Value::Array(_), Value::Array(_)) => {
            if tk == Kind::Set || ok == Kind::Set {
                Kind::Set
            } else if tk == Kind::List || ok == Kind::List || matches!(ty, Ty::List(_)) {
                Kind::List
            } else if tk == Kind::Unknown || ok == Kind::Unknown {
                Kind::Unknown
            } else {
                Kind::Plain
            }
        }
        (Value::Object(_), Value::Object(_)) => {
            if tk == Kind::Map || ok == Kind::Map || matches!(ty, Ty::Map(_)) {
                Kind::Map
            } else if tk == Kind::Unknown || ok == Kind::Unknown {
                Kind::Unknown
            } else {
                Kind::Plain
            }
        }
        // The other branch is null, a primitive, or of another shape.
        _ => tk,
    }
}
