//! HCL's types (`hcl-infomodel-spec.md`, "Types"): the primitive types,
//! the collection types `list`, `set` and `map`, the structural types
//! `tuple` and `object`, and the dynamic pseudo-type; Terraform's type
//! syntax for them; and the type-level rules of conversion and
//! unification (which conversions exist, and which single type a set of
//! types unifies to) that the evaluator and the functions apply to values.
//!
//! ```
//! use hcl::Type;
//! let t = Type::parse("list(object({name = string, port = number}))").unwrap();
//! assert_eq!(t.to_string(), "list(object({name: string, port: number}))");
//! assert_eq!(t.element_type(), Some(&Type::parse("object({name = string, port = number})").unwrap()));
//! ```

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use super::attribute_types::AttributeTypes;
use super::Key;
use crate::value::Value;

/// A type of HCL's information model.
///
/// [`Display`](fmt::Display) writes a type on one line as Terraform's
/// `type()` function shows it: `list(string)`, `tuple([string, number])`,
/// `object({a: string, b: number})` (attributes in byte order, names as
/// they are), `dynamic` for the pseudo-type.
///
/// A type shares its parts: the element type of a collection, a tuple's
/// and an object's attribute types are behind an [`Arc`], so cloning a
/// type, however deep, costs a reference count (build them with
/// [`Type::list`], [`Type::tuple`], [`Type::object`], ...).
///
/// ```
/// use hcl::Type;
/// let t = Type::tuple([Type::String, Type::list(Type::Number)]);
/// assert_eq!(t.to_string(), "tuple([string, list(number)])");
/// let o = Type::object([("b", Type::Number), ("a", Type::Dynamic)]);
/// assert_eq!(o.to_string(), "object({a: dynamic, b: number})");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Type {
    /// The dynamic pseudo-type: a placeholder for a type not yet known
    /// (`any` in type constraints).
    Dynamic,
    /// `string`
    String,
    /// `number`
    Number,
    /// `bool`
    Bool,
    /// `list(T)`: an ordered sequence of elements of type `T`.
    List(Arc<Type>),
    /// `set(T)`: an unordered collection of distinct elements of type `T`.
    Set(Arc<Type>),
    /// `map(T)`: elements of type `T` keyed by strings.
    Map(Arc<Type>),
    /// `tuple([T1, T2, ...])`: a fixed sequence of elements, each with
    /// its own type.
    Tuple(Arc<[Type]>),
    /// `object({a = T1, ...})`: a fixed set of named attributes, each with
    /// its own type.
    Object(Arc<AttributeTypes>),
}

impl Type {
    /// `list(t)`.
    ///
    /// ```
    /// use hcl::Type;
    /// assert_eq!(Type::list(Type::String).to_string(), "list(string)");
    /// assert_eq!(Type::list(Type::String), Type::parse("list(string)").unwrap());
    /// ```
    pub fn list(t: Type) -> Type {
        Type::List(Arc::new(t))
    }

    /// `set(t)`.
    ///
    /// ```
    /// use hcl::Type;
    /// assert_eq!(Type::set(Type::Number).to_string(), "set(number)");
    /// assert_eq!(Type::set(Type::Dynamic), Type::parse("set(any)").unwrap());
    /// ```
    pub fn set(t: Type) -> Type {
        Type::Set(Arc::new(t))
    }

    /// `map(t)`.
    ///
    /// ```
    /// use hcl::Type;
    /// assert_eq!(Type::map(Type::Bool).to_string(), "map(bool)");
    /// assert_eq!(Type::map(Type::Dynamic), Type::parse("map").unwrap());
    /// ```
    pub fn map(t: Type) -> Type {
        Type::Map(Arc::new(t))
    }

    /// `object({...})` from attribute names and types.
    ///
    /// ```
    /// use hcl::Type;
    /// let t = Type::object([("port", Type::Number), ("name", Type::String)]);
    /// assert_eq!(t.to_string(), "object({name: string, port: number})");
    /// assert_eq!(t, Type::parse("object({port = number, name = string})").unwrap());
    /// ```
    pub fn object<K: Into<Key>>(attrs: impl IntoIterator<Item = (K, Type)>) -> Type {
        Type::Object(Arc::new(attrs.into_iter().collect()))
    }

    /// `tuple([...])` from the elements' types.
    ///
    /// ```
    /// use hcl::Type;
    /// let t = Type::tuple([Type::String, Type::Number]);
    /// assert_eq!(t.to_string(), "tuple([string, number])");
    /// assert_eq!(t, Type::parse("tuple([string, number])").unwrap());
    /// ```
    pub fn tuple(elements: impl IntoIterator<Item = Type>) -> Type {
        Type::Tuple(elements.into_iter().collect())
    }

    /// Whether this is `string`, `number` or `bool`.
    ///
    /// ```
    /// use hcl::Type;
    /// assert!(Type::String.is_primitive() && Type::Bool.is_primitive());
    /// assert!(!Type::Dynamic.is_primitive());
    /// assert!(!Type::list(Type::String).is_primitive());
    /// ```
    pub fn is_primitive(&self) -> bool {
        matches!(self, Type::String | Type::Number | Type::Bool)
    }

    /// Whether this is a list, set or map.
    ///
    /// ```
    /// use hcl::Type;
    /// assert!(Type::list(Type::String).is_collection());
    /// assert!(Type::map(Type::Number).is_collection());
    /// assert!(!Type::tuple([Type::String]).is_collection());
    /// ```
    pub fn is_collection(&self) -> bool {
        matches!(self, Type::List(_) | Type::Set(_) | Type::Map(_))
    }

    /// Whether this is a tuple or an object.
    ///
    /// ```
    /// use hcl::Type;
    /// assert!(Type::tuple([]).is_structural());
    /// assert!(Type::object([("a", Type::String)]).is_structural());
    /// assert!(!Type::map(Type::String).is_structural());
    /// ```
    pub fn is_structural(&self) -> bool {
        matches!(self, Type::Tuple(_) | Type::Object(_))
    }

    /// The element type of a list, set or map.
    ///
    /// ```
    /// use hcl::Type;
    /// assert_eq!(Type::set(Type::Number).element_type(), Some(&Type::Number));
    /// assert_eq!(Type::tuple([Type::Number]).element_type(), None);
    /// ```
    pub fn element_type(&self) -> Option<&Type> {
        match self {
            Type::List(t) | Type::Set(t) | Type::Map(t) => Some(t),
            _ => None,
        }
    }

    /// Whether the dynamic pseudo-type appears anywhere in this type.
    ///
    /// ```
    /// use hcl::Type;
    /// assert!(Type::parse("list(object({a = any}))").unwrap().has_dynamic());
    /// assert!(!Type::parse("map(list(string))").unwrap().has_dynamic());
    /// ```
    pub fn has_dynamic(&self) -> bool {
        match self {
            Type::Dynamic => true,
            Type::String | Type::Number | Type::Bool => false,
            Type::List(t) | Type::Set(t) | Type::Map(t) => t.has_dynamic(),
            Type::Tuple(ts) => ts.iter().any(Type::has_dynamic),
            Type::Object(ts) => ts.values().any(Type::has_dynamic),
        }
    }
}

/// Whether values of types `a` and `b` could be equal once what is not
/// known yet is known: the same type, where the dynamic pseudo-type stands
/// for any (cty compares values of other types as unequal even when parts
/// are unknown: `{} == [local.x]` is `false`).
pub(crate) fn could_match(a: &Type, b: &Type) -> bool {
    match (a, b) {
        (Type::Dynamic, _) | (_, Type::Dynamic) => true,
        (Type::List(x), Type::List(y))
        | (Type::Set(x), Type::Set(y))
        | (Type::Map(x), Type::Map(y)) => could_match(x, y),
        (Type::Tuple(xs), Type::Tuple(ys)) => {
            xs.len() == ys.len() && xs.iter().zip(ys.iter()).all(|(x, y)| could_match(x, y))
        }
        (Type::Object(xs), Type::Object(ys)) => {
            xs.len() == ys.len()
                && xs
                    .iter()
                    .all(|(k, x)| ys.get(k).is_some_and(|y| could_match(x, y)))
        }
        (a, b) => a == b,
    }
}

/// cty's friendly name of a type in messages (`string`, `list of number`,
/// `object`), calling the dynamic pseudo-type `dynamic` (cty's own
/// word) or `any` (as the conversion messages of functions do).
pub(crate) fn friendly_name(t: &Type, dynamic: &str) -> String {
    match t {
        Type::Dynamic => dynamic.into(),
        Type::String => "string".into(),
        Type::Number => "number".into(),
        Type::Bool => "bool".into(),
        Type::List(e) => format!("list of {}", friendly_name(e, dynamic)),
        Type::Set(e) => format!("set of {}", friendly_name(e, dynamic)),
        Type::Map(e) => format!("map of {}", friendly_name(e, dynamic)),
        Type::Tuple(_) => "tuple".into(),
        Type::Object(_) => "object".into(),
    }
}

/// cty's name of a type as a constraint (`FriendlyNameForConstraint`):
/// the dynamic pseudo-type is "any type", or "any single type" as a
/// collection's element type (`list of any single type`).
pub(crate) fn constraint_name(t: &Type) -> String {
    let of = |e: &Type| match e {
        Type::Dynamic => "any single type".to_owned(),
        e => constraint_name(e),
    };
    match t {
        Type::List(e) => format!("list of {}", of(e)),
        Type::Set(e) => format!("set of {}", of(e)),
        Type::Map(e) => format!("map of {}", of(e)),
        t => friendly_name(t, "any type"),
    }
}

/// Why a value does not convert to the primitive type named `want`, in
/// cty's words: a string that does not read as one is not "a number";
/// any other value is not of the type at all (`number required`).
pub(crate) fn primitive_required(from_string: bool, want: &str) -> String {
    if from_string {
        format!("a {want} is required")
    } else {
        format!("{want} required")
    }
}

/// cty's `TestConformance` message for a value of type `given` where
/// `want` is required with no conversion (`None`: it conforms): the
/// first difference found walking both types.
pub(crate) fn conformance_message(given: &Type, want: &Type) -> Option<String> {
    use Type::*;
    match (given, want) {
        (_, Dynamic) => None,
        _ if given == want => None,
        (Object(g), Object(w)) => {
            if let Some(k) = g.keys().find(|k| !w.contains_key(k)) {
                return Some(format!("unsupported attribute \"{k}\""));
            }
            if let Some(k) = w.keys().find(|k| !g.contains_key(k)) {
                return Some(format!("missing required attribute \"{k}\""));
            }
            w.iter().find_map(|(k, wt)| conformance_message(&g[k], wt))
        }
        (Tuple(g), Tuple(w)) if g.len() != w.len() => Some(format!(
            "{} elements are required, but got {}",
            w.len(),
            g.len()
        )),
        (Tuple(g), Tuple(w)) => g
            .iter()
            .zip(w.iter())
            .find_map(|(g, w)| conformance_message(g, w)),
        (List(g), List(w)) | (Map(g), Map(w)) | (Set(g), Set(w)) => conformance_message(g, w),
        _ => Some(format!(
            "{} required, but received {}",
            friendly_name(want, "dynamic"),
            friendly_name(given, "dynamic")
        )),
    }
}

/// Why a value of type `got` does not convert to `want`, in cty's words
/// (`MismatchMessage`): `list of string required`, `element 0: bool
/// required`, `attribute "a" is required`, ...
pub(crate) fn mismatch_message(got: &Type, want: &Type) -> String {
    use Type::*;
    let required = || format!("{} required", constraint_name(want));
    match (got, want) {
        (Object(g), Object(w)) => {
            let missing: Vec<&Key> = w.keys().filter(|k| !g.contains_key(k)).collect();
            match missing.as_slice() {
                [] => {}
                [a] => return format!("attribute \"{a}\" is required"),
                [a, b] => return format!("attributes \"{a}\" and \"{b}\" are required"),
                [rest @ .., last] => {
                    let rest: Vec<std::string::String> =
                        rest.iter().map(|k| format!("\"{k}\"")).collect();
                    return format!(
                        "attributes {}, and \"{last}\" are required",
                        rest.join(", ")
                    );
                }
            }
            let bad = |unsafe_ok: bool| {
                w.iter().find_map(|(k, wt)| {
                    let gt = &g[k];
                    (gt != wt && !conversion_exists(gt, wt, unsafe_ok))
                        .then(|| format!("attribute \"{k}\": {}", mismatch_message(gt, wt)))
                })
            };
            bad(true)
                .or_else(|| bad(false))
                .unwrap_or_else(|| "incorrect object attributes".into())
        }
        (Tuple(_), List(e)) if **e == Dynamic => "all list elements must have the same type".into(),
        (Tuple(_), Set(e)) if **e == Dynamic => "all set elements must have the same type".into(),
        (Object(_), Map(e)) if **e == Dynamic => "all map elements must have the same type".into(),
        (Tuple(ts), List(e) | Set(e)) => ts
            .iter()
            .enumerate()
            .find(|(_, t)| *t != &**e && !conversion_exists(t, e, true))
            .map_or_else(
                || format!("all elements must be {}", constraint_name(e)),
                |(i, t)| format!("element {i}: {}", mismatch_message(t, e)),
            ),
        (Object(ts), Map(e)) => ts
            .iter()
            .find(|(_, t)| *t != &**e && !conversion_exists(t, e, true))
            .map_or_else(
                || format!("all elements must be {}", constraint_name(e)),
                |(k, t)| format!("element \"{k}\": {}", mismatch_message(t, e)),
            ),
        (List(g) | Set(g), List(e) | Set(e)) | (Map(g), Map(e)) => {
            let noun = match want {
                List(_) => "list",
                Set(_) => "set",
                _ => "map",
            };
            format!("incorrect {noun} element type: {}", mismatch_message(g, e))
        }
        _ => required(),
    }
}

/// The type a value has as a literal would give it: arrays are tuples,
/// objects are objects, and `null` is of the dynamic pseudo-type.
pub(crate) fn literal_type(v: &Value) -> Type {
    match v {
        Value::Null => Type::Dynamic,
        Value::Bool(_) => Type::Bool,
        Value::Number(_) => Type::Number,
        Value::String(_) => Type::String,
        Value::Array(a) => Type::Tuple(a.iter().map(literal_type).collect()),
        // (Keys in insertion order: sorted once.)
        Value::Object(o) => Type::object(o.iter().map(|(k, v)| (k.clone(), literal_type(v)))),
    }
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::Dynamic => f.write_str("dynamic"),
            Type::String => f.write_str("string"),
            Type::Number => f.write_str("number"),
            Type::Bool => f.write_str("bool"),
            Type::List(t) => write!(f, "list({t})"),
            Type::Set(t) => write!(f, "set({t})"),
            Type::Map(t) => write!(f, "map({t})"),
            Type::Tuple(ts) => {
                f.write_str("tuple([")?;
                for (i, t) in ts.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{t}")?;
                }
                f.write_str("])")
            }
            Type::Object(ts) => {
                f.write_str("object({")?;
                for (i, (k, t)) in ts.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{k}: {t}")?;
                }
                f.write_str("})")
            }
        }
    }
}

// ------------------------------------------------------------ conversion

/// Whether a value of type `from` may convert to type `to`
/// (`hcl-infomodel-spec.md`, "Type Conversion"). A *safe* conversion never
/// fails for a known value (number → string, tuple → list of a type every
/// element converts to, ...); an *unsafe* one may fail for some values
/// (string → number, string → bool, list → set, map → object, and anything
/// from the dynamic pseudo-type). Conversions that drop an object's extra
/// attributes are allowed either way, as in Terraform.
pub(crate) fn conversion_exists(from: &Type, to: &Type, unsafe_ok: bool) -> bool {
    use Type::*;
    match (from, to) {
        (_, Dynamic) => true,
        (Dynamic, _) => unsafe_ok,
        (a, b) if a.is_primitive() && b.is_primitive() => {
            a == b
                || matches!((a, b), (Number | Bool, String))
                || (unsafe_ok && matches!((a, b), (String, Number | Bool)))
        }
        (Object(a), Object(b)) => b.iter().all(|(k, bt)| {
            a.get(k)
                .is_some_and(|at| conversion_exists(at, bt, unsafe_ok))
        }),
        (Tuple(a), Tuple(b)) => {
            a.len() == b.len()
                && a.iter()
                    .zip(b.iter())
                    .all(|(x, y)| conversion_exists(x, y, unsafe_ok))
        }
        (List(a) | Set(a), List(b)) => a == b || conversion_exists(a, b, unsafe_ok),
        (List(a), Set(b)) => unsafe_ok && (a == b || conversion_exists(a, b, unsafe_ok)),
        (Set(a), Set(b)) | (Map(a), Map(b)) => a == b || conversion_exists(a, b, unsafe_ok),
        (Tuple(ts), List(e) | Set(e)) => elements_convert(ts.iter(), e, unsafe_ok, true),
        (Object(ts), Map(e)) => elements_convert(ts.values(), e, unsafe_ok, false),
        (Map(e), Object(ts)) => {
            unsafe_ok && ts.values().all(|t| conversion_exists(e, t, unsafe_ok))
        }
        _ => false,
    }
}

/// Whether every one of `types` is `to` or converts to it.
fn all_convert(types: &[Type], to: &Type, unsafe_ok: bool) -> bool {
    types
        .iter()
        .all(|t| t == to || conversion_exists(t, to, unsafe_ok))
}

/// Whether every element type (of a tuple, or an object's attributes)
/// converts to the collection element type `e`; for the dynamic element
/// type, whether [`elements_unified`] finds one.
fn elements_convert<'t>(
    ts: impl Iterator<Item = &'t Type>,
    e: &Type,
    unsafe_ok: bool,
    tuple: bool,
) -> bool {
    if *e == Type::Dynamic {
        let all: Vec<Type> = ts.cloned().collect();
        return elements_unified(&all, tuple, unsafe_ok).is_some();
    }
    ts.into_iter()
        .all(|t| t == e || conversion_exists(t, e, unsafe_ok))
}

/// The element type cty's conversion of a tuple (`tuple`) or an object to
/// a collection of any single type (`list(any)`, `map(any)`, ...) finds
/// from the types `ts` of its elements alone: their unified type, the
/// dynamic pseudo-type when there are none; `None` when there is no such
/// conversion. Where the unified type is the dynamic pseudo-type, a tuple
/// converts only when all its elements are of it (`tolist([[1], null])`
/// fails); an object converts, its attributes' types being checked
/// against each other at run time.
pub(crate) fn elements_unified(ts: &[Type], tuple: bool, unsafe_ok: bool) -> Option<Type> {
    if ts.is_empty() {
        return Some(Type::Dynamic);
    }
    match unify_with(ts, unsafe_ok)? {
        Type::Dynamic => {
            (!tuple || ts.iter().all(|t| *t == Type::Dynamic)).then_some(Type::Dynamic)
        }
        u => all_convert(ts, &u, unsafe_ok).then_some(u),
    }
}

// ----------------------------------------------------------- unification

impl Type {
    /// The single type that all of `types` convert to, as Terraform finds
    /// it for the two results of a conditional, the elements of `tolist`
    /// and the like (unsafe conversions allowed): `[number, string]` unify
    /// to `string`, tuples of different lengths to a list, objects with
    /// different attributes to a map. `None` when there is none (`number`
    /// and `bool`).
    ///
    /// ```
    /// use hcl::Type;
    /// let t = |s| Type::parse(s).unwrap();
    /// assert_eq!(Type::unify(&[t("number"), t("string")]), Some(t("string")));
    /// assert_eq!(
    ///     Type::unify(&[t("tuple([number])"), t("tuple([number, number])")]),
    ///     Some(t("list(number)"))
    /// );
    /// assert_eq!(Type::unify(&[t("number"), t("bool")]), None);
    /// ```
    pub fn unify(types: &[Type]) -> Option<Type> {
        unify_with(types, true)
    }
}

/// `to`, with its dynamic pseudo-type parts taken from `from`, the type of
/// a value converted to `to`: what cty's conversion to a type with dynamic
/// parts gives (a `list(object({a = number}))` converted to `list(dynamic)`
/// stays a list of objects).
pub(crate) fn with_dynamic_from(to: &Type, from: &Type) -> Type {
    use Type::*;
    match (to, from) {
        (Dynamic, _) => from.clone(),
        (List(e), List(f) | Set(f)) => Type::list(with_dynamic_from(e, f)),
        (Set(e), List(f) | Set(f)) => Type::set(with_dynamic_from(e, f)),
        (Map(e), Map(f)) => Type::map(with_dynamic_from(e, f)),
        // cty converts an object to a map, and a tuple to a list or set, of
        // a type with dynamic parts by unifying the attributes' or
        // elements' types first (`true ? {x = {y = 1}} : tomap({})` is a
        // `map(object({y = number}))` in Terraform).
        (Map(e), Object(fs)) if !fs.is_empty() => {
            let parts: Vec<Type> = fs.values().cloned().collect();
            match Type::unify(&parts) {
                Some(u) => Type::map(with_dynamic_from(e, &u)),
                None => to.clone(),
            }
        }
        (List(e) | Set(e), Tuple(fs)) if !fs.is_empty() => match Type::unify(fs) {
            Some(u) if matches!(to, List(_)) => Type::list(with_dynamic_from(e, &u)),
            Some(u) => Type::set(with_dynamic_from(e, &u)),
            None => to.clone(),
        },
        (Tuple(ts), Tuple(fs)) if ts.len() == fs.len() => Tuple(
            ts.iter()
                .zip(fs.iter())
                .map(|(t, f)| with_dynamic_from(t, f))
                .collect(),
        ),
        (Object(ts), Object(fs)) => Type::object(ts.iter().map(|(k, t)| {
            let t = fs
                .get(k)
                .map_or_else(|| t.clone(), |f| with_dynamic_from(t, f));
            (k.clone(), t)
        })),
        _ => to.clone(),
    }
}

/// Unification: first by structural kind (all maps, all lists, all
/// objects, ...), then the most general of the given types that all others
/// convert to.
pub(crate) fn unify_with(types: &[Type], unsafe_ok: bool) -> Option<Type> {
    let first = types.first()?;
    if types.iter().all(|t| t == first) {
        return Some(first.clone());
    }
    let count = |p: fn(&Type) -> bool| types.iter().filter(|t| p(t)).count();
    let n = types.len();
    let dynamic = count(|t| *t == Type::Dynamic);
    let maps = count(|t| matches!(t, Type::Map(_)));
    let lists = count(|t| matches!(t, Type::List(_)));
    let sets = count(|t| matches!(t, Type::Set(_)));
    let objects = count(|t| matches!(t, Type::Object(_)));
    let tuples = count(|t| matches!(t, Type::Tuple(_)));
    if maps > 0 && maps + dynamic == n {
        return unify_collections(types, Type::map, dynamic > 0, unsafe_ok);
    }
    if maps > 0 && maps + objects + dynamic == n {
        if let Some(t) = unify_replacing(
            types,
            unsafe_ok,
            |t| matches!(t, Type::Object(_)),
            objects_to_map,
        ) {
            return Some(t);
        }
    } else if lists > 0 && lists + dynamic == n {
        return unify_collections(types, Type::list, dynamic > 0, unsafe_ok);
    } else if lists > 0 && lists + tuples + dynamic == n {
        if let Some(t) = unify_replacing(
            types,
            unsafe_ok,
            |t| matches!(t, Type::Tuple(_)),
            tuples_to_list,
        ) {
            return Some(t);
        }
    } else if sets > 0 && sets + dynamic == n {
        return unify_collections(types, Type::set, dynamic > 0, unsafe_ok);
    } else if objects > 0 && objects + dynamic == n {
        return if dynamic > 0 {
            Some(Type::Dynamic)
        } else {
            unify_objects(types, unsafe_ok)
        };
    } else if tuples > 0 && tuples + dynamic == n {
        return if dynamic > 0 {
            Some(Type::Dynamic)
        } else {
            unify_tuples(types, unsafe_ok)
        };
    } else if objects > 0 && tuples > 0 {
        return None;
    }
    // The most general type first; the first one all others convert to.
    let mut order: Vec<usize> = (0..n).collect();
    preference_order(types, &mut order);
    order
        .into_iter()
        .map(|i| &types[i])
        .find(|want| all_convert(types, want, unsafe_ok))
        .cloned()
}

/// Maps, lists or sets (and, with `dynamic`, the dynamic pseudo-type, which
/// makes the result dynamic): the collection of the unified element types.
fn unify_collections(
    types: &[Type],
    make: fn(Type) -> Type,
    dynamic: bool,
    unsafe_ok: bool,
) -> Option<Type> {
    if dynamic {
        return Some(Type::Dynamic);
    }
    members_as(
        types,
        |t| t.element_type().into_iter().cloned().collect(),
        make,
        unsafe_ok,
    )
}

/// The collection (`make`) of the unified members of `types` (their
/// elements or attributes), if every one of `types` converts to it.
fn members_as(
    types: &[Type],
    members: impl Fn(&Type) -> Vec<Type>,
    make: fn(Type) -> Type,
    unsafe_ok: bool,
) -> Option<Type> {
    let all: Vec<Type> = types.iter().flat_map(members).collect();
    let out = make(unify_with(&all, unsafe_ok)?);
    all_convert(types, &out, unsafe_ok).then_some(out)
}

/// Unifies after replacing the types matching `is` by what `replace` makes
/// of them together (tuples as a list, objects as a map); the result must
/// be of the replacement's kind.
fn unify_replacing(
    types: &[Type],
    unsafe_ok: bool,
    is: fn(&Type) -> bool,
    replace: fn(&[Type], bool) -> Option<Type>,
) -> Option<Type> {
    let chosen: Vec<Type> = types.iter().filter(|t| is(t)).cloned().collect();
    let with = replace(&chosen, unsafe_ok)?;
    let replaced: Vec<Type> = types
        .iter()
        .map(|t| if is(t) { with.clone() } else { t.clone() })
        .collect();
    let out = unify_with(&replaced, unsafe_ok)?;
    (std::mem::discriminant(&out) == std::mem::discriminant(&with)).then_some(out)
}

fn unify_objects(types: &[Type], unsafe_ok: bool) -> Option<Type> {
    let attrs = |t: &Type| match t {
        Type::Object(a) => Some(a.clone()),
        _ => None,
    };
    let first = attrs(&types[0])?;
    let same_names = types.iter().all(|t| {
        attrs(t).is_some_and(|a| a.len() == first.len() && a.keys().all(|k| first.contains_key(k)))
    });
    if !same_names {
        return objects_to_map(types, unsafe_ok);
    }
    let mut out = BTreeMap::new();
    for name in first.keys() {
        let across: Vec<Type> = types
            .iter()
            .filter_map(|t| attrs(t).and_then(|a| a.get(name).cloned()))
            .collect();
        out.insert(name.clone(), unify_with(&across, unsafe_ok)?);
    }
    let out = Type::object(out);
    if all_convert(types, &out, unsafe_ok) {
        Some(out)
    } else {
        objects_to_map(types, unsafe_ok)
    }
}

fn objects_to_map(types: &[Type], unsafe_ok: bool) -> Option<Type> {
    let attributes = |t: &Type| match t {
        Type::Object(a) => a.values().cloned().collect(),
        _ => Vec::new(),
    };
    members_as(types, attributes, Type::map, unsafe_ok)
}

/// A tuple type's element types (none for any other type).
fn tuple_elements(t: &Type) -> &[Type] {
    match t {
        Type::Tuple(e) => e,
        _ => &[],
    }
}

fn unify_tuples(types: &[Type], unsafe_ok: bool) -> Option<Type> {
    let elems = tuple_elements;
    let first = elems(&types[0]);
    if types.iter().any(|t| elems(t).len() != first.len()) {
        return tuples_to_list(types, unsafe_ok);
    }
    let mut out = Vec::with_capacity(first.len());
    for i in 0..first.len() {
        let across: Vec<Type> = types.iter().map(|t| elems(t)[i].clone()).collect();
        out.push(unify_with(&across, unsafe_ok)?);
    }
    let out = Type::Tuple(out.into());
    if all_convert(types, &out, unsafe_ok) {
        Some(out)
    } else {
        tuples_to_list(types, unsafe_ok)
    }
}

fn tuples_to_list(types: &[Type], unsafe_ok: bool) -> Option<Type> {
    members_as(types, |t| tuple_elements(t).to_vec(), Type::list, unsafe_ok)
}

/// Orders `idx` (indices into `types`) so that more general types come
/// first: a topological order of the "is more general than" relation
/// ([`compare`]), ties kept in the given order.
fn preference_order(types: &[Type], idx: &mut Vec<usize>) {
    let n = types.len();
    let mut edges: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut indegree = vec![0usize; n];
    for i in 0..n {
        for j in i + 1..n {
            match compare(&types[i], &types[j]) {
                std::cmp::Ordering::Less => {
                    edges[i].push(j);
                    indegree[j] += 1;
                }
                std::cmp::Ordering::Greater => {
                    edges[j].push(i);
                    indegree[i] += 1;
                }
                std::cmp::Ordering::Equal => {}
            }
        }
    }
    let mut out: Vec<usize> = (0..n).filter(|&i| indegree[i] == 0).collect();
    let mut k = 0;
    while k < out.len() {
        let i = out[k];
        k += 1;
        for &j in &edges[i] {
            indegree[j] -= 1;
            if indegree[j] == 0 {
                out.push(j);
            }
        }
    }
    *idx = out;
}

/// `Less` when `a` is preferred to `b` as a unification result (more
/// general: `string` over other primitives, a list over a tuple, a map over
/// an object, a list or tuple over a set; the dynamic pseudo-type last).
fn compare(a: &Type, b: &Type) -> std::cmp::Ordering {
    use std::cmp::Ordering::*;
    use Type::*;
    match (a, b) {
        (Dynamic, Dynamic) => return Equal,
        (Dynamic, _) => return Greater,
        (_, Dynamic) => return Less,
        (x, y) if x.is_primitive() && y.is_primitive() => {
            return match (x, y) {
                (String, String) => Equal,
                (String, _) => Less,
                (_, String) => Greater,
                _ => Equal,
            }
        }
        (List(x), List(y)) | (Set(x), Set(y)) | (Map(x), Map(y)) => return compare(x, y),
        _ => {}
    }
    // The preferred kind first, whichever side it is on: a list over a
    // tuple, a map over an object, and (as cty's comparison works out) a
    // list or a tuple over a set.
    let general_first = |x: &Type, y: &Type| {
        matches!(
            (x, y),
            (List(_) | Tuple(_), Set(_)) | (List(_), Tuple(_)) | (Map(_), Object(_))
        )
    };
    if general_first(a, b) {
        return Less;
    }
    if general_first(b, a) {
        return Greater;
    }
    let pairwise = |pairs: Vec<(&Type, &Type)>| {
        let (mut a_super, mut b_super) = (false, false);
        for (x, y) in pairs {
            match compare(x, y) {
                Less => a_super = true,
                Greater => b_super = true,
                Equal => {}
            }
        }
        match (a_super, b_super) {
            (true, false) => Less,
            (false, true) => Greater,
            _ => Equal,
        }
    };
    match (a, b) {
        (Object(x), Object(y)) => {
            if x.len() != y.len() || x.keys().any(|k| !y.contains_key(k)) {
                return Equal;
            }
            pairwise(x.iter().map(|(k, t)| (t, &y[k])).collect())
        }
        (Tuple(x), Tuple(y)) if x.len() == y.len() => pairwise(x.iter().zip(y.iter()).collect()),
        _ => Equal,
    }
}
