//! A value with its type, and what of it is not known yet.

use std::fmt;
use std::sync::OnceLock;

use super::meta::{self, Ty};
use super::{Key, Map, Type, Value};

/// A value with the type Terraform gives it ([`Type`]'s `Display` prints
/// it as Terraform's `type()` does). [`Value`] alone says `tuple` for every
/// array; a `Typed` tells a list from a set and from a tuple, a map from an
/// object, and a null string from a null number.
///
/// ```
/// let ctx = hcl::eval::Context::new();
/// let t = hcl::eval::evaluate_typed_str("tolist([1, \"a\"])", &ctx).unwrap();
/// assert_eq!(t.value(), &hcl::Value::from(vec!["1", "a"]));
/// assert_eq!(t.ty().to_string(), "list(string)");
/// let t = hcl::eval::evaluate_typed_str("[for x in toset([\"b\", \"a\"]) : tostring(null)]", &ctx).unwrap();
/// assert_eq!(t.ty().to_string(), "tuple([string, string])");
/// ```
///
/// # Unknown values
///
/// With values declared unknown in the [`Context`](crate::eval::Context)
/// ([`Context::declare_unknown`](crate::eval::Context::declare_unknown)), a result may be wholly unknown (only
/// its type is known), or known with unknown values inside: see
/// [`Typed::is_known`] and [`Typed::map_unknowns`].
///
/// ```
/// use hcl::eval::{evaluate_typed_str, Context};
/// use hcl::{Type, Value};
/// let mut ctx = Context::new();
/// ctx.declare_unknown("id", Type::String, true);
/// let t = evaluate_typed_str("[id, \"k\"]", &ctx).unwrap();
/// assert!(!t.is_known() && !t.is_unknown());
/// let shown = t.map_unknowns(|ty| Value::from(format!("<{ty}>")));
/// assert_eq!(shown, Value::from(vec!["<string>", "k"]));
/// ```
#[derive(Clone)]
pub struct Typed {
    value: Value,
    /// The type, when it is the literal type of the value (no meta):
    /// found the first time it is asked for, so that building typed
    /// values part by part does not build their types.
    literal: OnceLock<Type>,
    meta: Ty,
}

impl PartialEq for Typed {
    fn eq(&self, other: &Typed) -> bool {
        // (The type follows from the value and the meta.)
        self.value == other.value && self.meta == other.meta
    }
}

impl fmt::Debug for Typed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Typed")
            .field("value", &self.value)
            .field("ty", self.ty())
            .field("meta", &self.meta)
            .finish()
    }
}

impl Typed {
    /// The value.
    ///
    /// ```
    /// let t = hcl::eval::evaluate_typed_str("tomap({a = 1})", &hcl::eval::Context::new()).unwrap();
    /// assert_eq!(t.value()["a"], hcl::Value::from(1));
    /// ```
    pub fn value(&self) -> &Value {
        &self.value
    }
    /// Its type.
    ///
    /// ```
    /// use hcl::eval::{evaluate_typed_str, Context};
    /// let t = evaluate_typed_str("toset([\"a\"])", &Context::new()).unwrap();
    /// assert_eq!(t.ty(), &hcl::Type::set(hcl::Type::String));
    /// ```
    pub fn ty(&self) -> &Type {
        match &self.meta {
            Some(m) => m.ty(),
            None => self
                .literal
                .get_or_init(|| super::ty::literal_type(&self.value)),
        }
    }
    /// The value, without its type.
    ///
    /// ```
    /// let t = hcl::eval::evaluate_typed_str("tolist([1, 2])", &hcl::eval::Context::new()).unwrap();
    /// assert_eq!(t.into_value(), hcl::Value::from(vec![1, 2]));
    /// ```
    pub fn into_value(self) -> Value {
        self.value
    }
    /// The value and its type.
    ///
    /// ```
    /// let t = hcl::eval::evaluate_typed_str("tostring(null)", &hcl::eval::Context::new()).unwrap();
    /// let (value, ty) = t.into_parts();
    /// assert!(value.is_null());
    /// assert_eq!(ty, hcl::Type::String);
    /// ```
    pub fn into_parts(self) -> (Value, Type) {
        let ty = self.ty().clone();
        (self.value, ty)
    }
    /// An unknown value of type `ty`: known only to be of that type (and
    /// perhaps null), as a function over typed values may return it.
    ///
    /// ```
    /// let t = hcl::eval::Typed::unknown(hcl::Type::String);
    /// assert!(t.is_unknown() && t.value().is_null());
    /// ```
    pub fn unknown(ty: Type) -> Typed {
        Typed::from_meta(Value::Null, meta::unknown(ty, meta::Refine::default()))
    }
    /// A typed value from the evaluator's parts.
    pub(crate) fn from_meta(value: Value, meta: Ty) -> Typed {
        Typed {
            value,
            literal: OnceLock::new(),
            meta,
        }
    }
    /// The evaluator's parts: the value and what is known of its type.
    pub(crate) fn into_meta(self) -> (Value, Ty) {
        (self.value, self.meta)
    }
    /// Whether this is a known object (not unknown).
    pub(crate) fn is_known_object(&self) -> bool {
        matches!(self.value, Value::Object(_)) && !meta::is_unknown(&self.meta)
    }
    /// Whether this is a known tuple, list or set (not unknown).
    pub(crate) fn is_known_sequence(&self) -> bool {
        matches!(self.value, Value::Array(_)) && !meta::is_unknown(&self.meta)
    }
    /// A known object's attributes, in its order, each with what is known
    /// of it (none when it is not one: see [`Typed::is_known_object`]).
    pub(crate) fn into_attributes(self) -> Vec<(Key, Typed)> {
        match self.value {
            Value::Object(map) if !meta::is_unknown(&self.meta) => map
                .into_iter()
                .enumerate()
                .map(|(i, (k, v))| {
                    let m = meta::attr(&self.meta, k.as_str(), i, &v);
                    (k, Typed::from_meta(v, m))
                })
                .collect(),
            _ => Vec::new(),
        }
    }
    /// A known tuple's, list's or set's elements, each with what is known
    /// of it (none when it is not one: see [`Typed::is_known_sequence`]).
    pub(crate) fn into_elements(self) -> Vec<Typed> {
        match self.value {
            Value::Array(items) if !meta::is_unknown(&self.meta) => items
                .into_iter()
                .enumerate()
                .map(|(i, v)| {
                    let m = meta::item(&self.meta, i, &v);
                    Typed::from_meta(v, m)
                })
                .collect(),
            _ => Vec::new(),
        }
    }
    /// The evaluator's parts, borrowed.
    pub(crate) fn as_meta(&self) -> (&Value, &Ty) {
        (&self.value, &self.meta)
    }
    /// What is known of its type beyond the value (see [`Ty`]).
    pub(crate) fn meta(&self) -> Option<&meta::Meta> {
        self.meta.as_ref()
    }
    /// A tuple of typed values.
    pub(crate) fn tuple(items: Vec<Typed>) -> Typed {
        let mut values = Vec::with_capacity(items.len());
        let mut metas = Vec::with_capacity(items.len());
        for t in items {
            values.push(t.value);
            metas.push(t.meta);
        }
        // (Every element a literal: the tuple is one too.)
        let metas = metas.iter().any(Option::is_some).then_some(metas);
        let meta = meta::tuple(&values, metas);
        Typed::from_meta(Value::Array(values), meta)
    }
    /// An object of typed values, in the order given; their names are
    /// distinct (each value's meta is the entry's at its position).
    pub(crate) fn object<K: Into<Key>>(items: impl IntoIterator<Item = (K, Typed)>) -> Typed {
        let items = items.into_iter();
        let mut map: Map<Key, Value> = Map::with_capacity(items.size_hint().0);
        let mut metas = Vec::with_capacity(items.size_hint().0);
        for (name, t) in items {
            map.push(name.into(), t.value);
            metas.push(t.meta);
        }
        let meta = meta::object_of(&map, metas);
        Typed::from_meta(Value::Object(map), meta)
    }
    /// Whether the value is wholly known (it holds no unknown value).
    ///
    /// ```
    /// use hcl::eval::{evaluate_typed_str, Context};
    /// let mut ctx = Context::new();
    /// ctx.declare_unknown("id", hcl::Type::String, true);
    /// assert!(evaluate_typed_str("[\"a\"]", &ctx).unwrap().is_known());
    /// assert!(!evaluate_typed_str("[id]", &ctx).unwrap().is_known());
    /// ```
    pub fn is_known(&self) -> bool {
        meta::is_known(&self.meta)
    }
    /// Whether the value is wholly unknown: only its type is known, and
    /// [`Typed::value`] is `null`.
    ///
    /// ```
    /// use hcl::eval::{evaluate_typed_str, Context};
    /// let mut ctx = Context::new();
    /// ctx.declare_unknown("id", hcl::Type::String, true);
    /// let t = evaluate_typed_str("upper(id)", &ctx).unwrap();
    /// assert!(t.is_unknown() && t.value().is_null());
    /// assert_eq!(t.ty(), &hcl::Type::String);
    /// assert!(!evaluate_typed_str("[id]", &ctx).unwrap().is_unknown());
    /// ```
    pub fn is_unknown(&self) -> bool {
        meta::is_unknown(&self.meta)
    }
    /// The value, with each unknown value in it (or the whole value, if it
    /// is unknown) replaced by `f` of its type. For a known value, the
    /// value itself.
    ///
    /// ```
    /// use hcl::eval::{evaluate_typed_str, Context};
    /// let mut ctx = Context::new();
    /// ctx.declare_unknown("n", hcl::Type::Number, true);
    /// let t = evaluate_typed_str("{a = n + 1, b = 2}", &ctx).unwrap();
    /// let shown = t.map_unknowns(|ty| hcl::Value::from(format!("(known after apply: {ty})")));
    /// assert_eq!(shown["a"], hcl::Value::from("(known after apply: number)"));
    /// assert_eq!(shown["b"], hcl::Value::from(2));
    /// ```
    pub fn map_unknowns(&self, mut f: impl FnMut(&Type) -> Value) -> Value {
        meta::map_unknowns(&self.value, &self.meta, &mut f)
    }
}

/// A known value of the type a literal of it has (arrays are tuples,
/// objects are objects, `null` is of the dynamic pseudo-type): what
/// [`Variable::value`](crate::typeexpr::Variable::value) and [`TypeConstraint::convert_typed`](crate::TypeConstraint::convert_typed)
/// take for a plain [`Value`] (from serde, or built in Rust).
///
/// ```
/// let t = hcl::eval::Typed::from(hcl::Value::from(vec![1, 2]));
/// assert_eq!(t.ty().to_string(), "tuple([number, number])");
/// ```
impl From<Value> for Typed {
    fn from(value: Value) -> Typed {
        Typed::from_meta(value, None)
    }
}
