//! The value tree produced by evaluation: [`Value`], [`Number`], [`Str`],
//! [`Map`].
//!
//! A `Value` is 32 bytes and most cost no allocation of their own: strings
//! and object keys ([`Str`], [`Key`]) up to 24 bytes live inline, an object
//! of a few attributes is one vector found by comparing keys (a larger one
//! is an `IndexMap`), and only a 512-bit number is boxed.
//!
//! ```
//! use hcl::Value;
//! let v = Value::from(vec![Value::from(1), Value::from("a")]);
//! assert!(v.is_array());
//! assert_eq!(v[1].as_str(), Some("a"));
//! ```

mod attribute_types;
pub(crate) mod constraint;
pub(crate) mod convert;
pub(crate) mod exact;
pub(crate) mod gofmt;
pub(crate) mod json;
pub mod map;
pub(crate) mod meta;
pub(crate) mod number;
pub(crate) mod shape;
mod string;
pub(crate) mod ty;
mod typed;

use std::fmt;

pub(crate) use attribute_types::sort_last_kept;
pub use attribute_types::AttributeTypes;
pub use constraint::{Attribute as ConstraintAttribute, TypeConstraint};
pub use map::Map;
pub use number::Number;
pub use string::{Key, Str};
pub use ty::Type;
pub use typed::Typed;

/// A value of HCL's information model, as JSON users know it.
///
/// HCL's lists, sets and tuples are all `Array`; maps and objects are `Object`.
///
/// ```
/// use hcl::Value;
/// let v: Value = hcl::from_str("name = \"web\"\nports = [80, 443]\n").unwrap();
/// let Value::Object(o) = &v else { unreachable!() };
/// assert_eq!(o["name"], Value::from("web"));
/// assert_eq!(v["ports"][1].as_u64(), Some(443));
/// ```
#[derive(Clone, PartialEq, Default)]
pub enum Value {
    /// `null`
    #[default]
    Null,
    /// `true` / `false`
    Bool(bool),
    /// A number.
    Number(Number),
    /// A string (kept inline when it is at most 24 bytes long).
    String(Str),
    /// A tuple, list or set.
    Array(Vec<Value>),
    /// An object or map, in insertion order.
    Object(Map<Key, Value>),
}

static NULL: Value = Value::Null;

/// Terraform's string → bool conversion (cty's): `"true"`/`"1"` and
/// `"false"`/`"0"`, checked against `tobool`, `&&` and conditions in
/// Terraform 1.11. The one rule for the deserializer, operators and
/// functions.
pub(crate) fn parse_bool(s: &str) -> Option<bool> {
    match s {
        "true" | "1" => Some(true),
        "false" | "0" => Some(false),
        _ => None,
    }
}

impl Value {
    /// Whether this is `Null`.
    ///
    /// ```
    /// use hcl::Value;
    /// assert!(Value::Null.is_null());
    /// assert!(Value::from(None::<i32>).is_null());
    /// assert!(!Value::from(0).is_null());
    /// ```
    pub fn is_null(&self) -> bool {
        matches!(self, Value::Null)
    }
    /// Whether this is a `Bool`.
    ///
    /// ```
    /// let v: hcl::Value = hcl::from_str("a = true\nb = \"true\"\n").unwrap();
    /// assert!(v["a"].is_bool());
    /// assert!(!v["b"].is_bool());
    /// ```
    pub fn is_bool(&self) -> bool {
        matches!(self, Value::Bool(_))
    }
    /// Whether this is a `Number`.
    ///
    /// ```
    /// let v: hcl::Value = hcl::from_str("a = 1.5\nb = \"1.5\"\n").unwrap();
    /// assert!(v["a"].is_number());
    /// assert!(!v["b"].is_number());
    /// ```
    pub fn is_number(&self) -> bool {
        matches!(self, Value::Number(_))
    }
    /// Whether this is a `String`.
    ///
    /// ```
    /// let v: hcl::Value = hcl::from_str("a = \"x\"\nb = 1\n").unwrap();
    /// assert!(v["a"].is_string());
    /// assert!(!v["b"].is_string());
    /// ```
    pub fn is_string(&self) -> bool {
        matches!(self, Value::String(_))
    }
    /// Whether this is an `Array`.
    ///
    /// ```
    /// let v: hcl::Value = hcl::from_str("a = [1, 2]\nb = {}\n").unwrap();
    /// assert!(v["a"].is_array());
    /// assert!(!v["b"].is_array());
    /// ```
    pub fn is_array(&self) -> bool {
        matches!(self, Value::Array(_))
    }
    /// Whether this is an `Object`.
    ///
    /// ```
    /// let v: hcl::Value = hcl::from_str("a = { x = 1 }\nb = [1]\n").unwrap();
    /// assert!(v.is_object() && v["a"].is_object());
    /// assert!(!v["b"].is_object());
    /// ```
    pub fn is_object(&self) -> bool {
        matches!(self, Value::Object(_))
    }
    /// Whether every number in the value is finite. JSON has no literal for
    /// `1/0` (+Inf) or `log(0, 10)` (-Inf): Terraform's `jsonencode` fails
    /// on them, and `serde_json` writes them as `null`. Check first to tell
    /// the two apart. Nesting of any depth is walked without recursion.
    ///
    /// ```
    /// let v: hcl::Value = hcl::from_str("a = [1, 2]\nb = 1/0\n").unwrap();
    /// assert!(v["a"].is_finite());
    /// assert!(!v.is_finite());
    /// ```
    pub fn is_finite(&self) -> bool {
        self.all_numbers(Number::is_finite)
    }

    /// Whether `f` holds for every number in the value (walked without
    /// recursion; stops at the first that fails).
    pub(crate) fn all_numbers(&self, mut f: impl FnMut(&Number) -> bool) -> bool {
        let mut todo = vec![self];
        while let Some(v) = todo.pop() {
            match v {
                Value::Number(n) if !f(n) => return false,
                Value::Array(items) => todo.extend(items),
                Value::Object(o) => todo.extend(o.values()),
                _ => {}
            }
        }
        true
    }
    /// The bool, if this is one.
    ///
    /// ```
    /// use hcl::Value;
    /// assert_eq!(Value::from(true).as_bool(), Some(true));
    /// assert_eq!(Value::from("true").as_bool(), None);
    /// ```
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }
    /// The number, if this is one.
    ///
    /// ```
    /// use hcl::{Number, Value};
    /// assert_eq!(Value::from(42).as_number(), Some(&Number::from(42)));
    /// assert_eq!(Value::from("42").as_number(), None);
    /// ```
    pub fn as_number(&self) -> Option<&Number> {
        match self {
            Value::Number(n) => Some(n),
            _ => None,
        }
    }
    /// The number as `i64`, if this is an integer that fits.
    ///
    /// ```
    /// use hcl::Value;
    /// assert_eq!(Value::from(-3).as_i64(), Some(-3));
    /// assert_eq!(Value::from(1.5).as_i64(), None);
    /// assert_eq!(Value::from("3").as_i64(), None);
    /// ```
    pub fn as_i64(&self) -> Option<i64> {
        self.as_number().and_then(Number::as_i64)
    }
    /// The number as `u64`, if this is a non-negative integer that fits.
    ///
    /// ```
    /// use hcl::Value;
    /// assert_eq!(Value::from(3).as_u64(), Some(3));
    /// assert_eq!(Value::from(-3).as_u64(), None);
    /// ```
    pub fn as_u64(&self) -> Option<u64> {
        self.as_number().and_then(Number::as_u64)
    }
    /// The number as `f64`, if this is a number.
    ///
    /// ```
    /// use hcl::Value;
    /// assert_eq!(Value::from(2).as_f64(), Some(2.0));
    /// assert_eq!(Value::from(0.25).as_f64(), Some(0.25));
    /// assert_eq!(Value::from("2").as_f64(), None);
    /// ```
    pub fn as_f64(&self) -> Option<f64> {
        self.as_number().map(Number::as_f64)
    }
    /// The string, if this is one.
    ///
    /// ```
    /// use hcl::Value;
    /// assert_eq!(Value::from("web").as_str(), Some("web"));
    /// assert_eq!(Value::from(1).as_str(), None);
    /// ```
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }
    /// The elements, if this is an array.
    ///
    /// ```
    /// let v: hcl::Value = hcl::from_str("ports = [80, 443]\n").unwrap();
    /// assert_eq!(v["ports"].as_array().map(Vec::len), Some(2));
    /// assert_eq!(v.as_array(), None);
    /// ```
    pub fn as_array(&self) -> Option<&Vec<Value>> {
        match self {
            Value::Array(a) => Some(a),
            _ => None,
        }
    }
    /// The elements, mutably, if this is an array.
    ///
    /// ```
    /// use hcl::Value;
    /// let mut v = Value::from(vec![1, 2]);
    /// v.as_array_mut().unwrap().push(Value::from(3));
    /// assert_eq!(v, Value::from(vec![1, 2, 3]));
    /// ```
    pub fn as_array_mut(&mut self) -> Option<&mut Vec<Value>> {
        match self {
            Value::Array(a) => Some(a),
            _ => None,
        }
    }
    /// The entries, if this is an object.
    ///
    /// ```
    /// let v: hcl::Value = hcl::from_str("a = 1\nb = 2\n").unwrap();
    /// let o = v.as_object().unwrap();
    /// assert_eq!(o.keys().map(|k| k.as_str()).collect::<Vec<_>>(), ["a", "b"]);
    /// assert_eq!(v["a"].as_object(), None);
    /// ```
    pub fn as_object(&self) -> Option<&Map<Key, Value>> {
        match self {
            Value::Object(o) => Some(o),
            _ => None,
        }
    }
    /// The entries, mutably, if this is an object.
    ///
    /// ```
    /// let mut v: hcl::Value = hcl::from_str("a = 1\n").unwrap();
    /// v.as_object_mut().unwrap().insert("b", hcl::Value::from(2));
    /// assert_eq!(v["b"].as_i64(), Some(2));
    /// ```
    pub fn as_object_mut(&mut self) -> Option<&mut Map<Key, Value>> {
        match self {
            Value::Object(o) => Some(o),
            _ => None,
        }
    }
    /// Looks up an array index or object key; `None` if absent or of the wrong kind.
    ///
    /// ```
    /// let v = hcl::Value::from_iter([("a", 1)]);
    /// assert_eq!(v.get("a"), Some(&hcl::Value::from(1)));
    /// assert_eq!(v.get(0), None);
    /// ```
    pub fn get<I: Index>(&self, index: I) -> Option<&Value> {
        index.index_into(self)
    }
    /// The name of this value's kind: `"null"`, `"bool"`, `"number"`,
    /// `"string"`, `"tuple"` or `"object"`.
    ///
    /// ```
    /// let v: hcl::Value = hcl::from_str("a = [1]\nb = null\n").unwrap();
    /// assert_eq!(v.type_name(), "object");
    /// assert_eq!(v["a"].type_name(), "tuple");
    /// assert_eq!(v["a"][0].type_name(), "number");
    /// assert_eq!(v["b"].type_name(), "null");
    /// ```
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::Null => "null",
            Value::Bool(_) => "bool",
            Value::Number(_) => "number",
            Value::String(_) => "string",
            Value::Array(_) => "tuple",
            Value::Object(_) => "object",
        }
    }
    /// Takes the value out, leaving `Null`.
    ///
    /// ```
    /// use hcl::Value;
    /// let mut v = Value::from("x");
    /// assert_eq!(v.take(), Value::from("x"));
    /// assert!(v.is_null());
    /// ```
    pub fn take(&mut self) -> Value {
        std::mem::take(self)
    }
}

/// Types that can index into a [`Value`]: `usize` for arrays, `str` for objects.
///
/// ```
/// let v: hcl::Value = hcl::from_str("ports = [80, 443]\n").unwrap();
/// let key = String::from("ports");
/// assert_eq!(v.get(&key).and_then(|p| p.get(1)), Some(&hcl::Value::from(443)));
/// assert_eq!(v["ports"][5], hcl::Value::Null);
/// ```
pub trait Index: private::Sealed {
    #[doc(hidden)]
    fn index_into<'v>(&self, v: &'v Value) -> Option<&'v Value>;
}

mod private {
    pub trait Sealed {}
    impl Sealed for usize {}
    impl Sealed for str {}
    impl Sealed for String {}
    impl<T: ?Sized + Sealed> Sealed for &T {}
}

impl Index for usize {
    fn index_into<'v>(&self, v: &'v Value) -> Option<&'v Value> {
        v.as_array().and_then(|a| a.get(*self))
    }
}
impl Index for str {
    fn index_into<'v>(&self, v: &'v Value) -> Option<&'v Value> {
        v.as_object().and_then(|o| o.get(self))
    }
}
impl Index for String {
    fn index_into<'v>(&self, v: &'v Value) -> Option<&'v Value> {
        self.as_str().index_into(v)
    }
}
impl<T: ?Sized + Index> Index for &T {
    fn index_into<'v>(&self, v: &'v Value) -> Option<&'v Value> {
        (**self).index_into(v)
    }
}

impl<I: Index> std::ops::Index<I> for Value {
    type Output = Value;
    /// Like serde_json: a missing index gives `&Value::Null`.
    fn index(&self, index: I) -> &Value {
        index.index_into(self).unwrap_or(&NULL)
    }
}

impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Null => f.write_str("Null"),
            Value::Bool(b) => write!(f, "Bool({b})"),
            Value::Number(n) => write!(f, "Number({n})"),
            Value::String(s) => write!(f, "String({s:?})"),
            Value::Array(a) => {
                f.write_str("Array ")?;
                f.debug_list().entries(a).finish()
            }
            Value::Object(o) => {
                f.write_str("Object ")?;
                f.debug_map().entries(o).finish()
            }
        }
    }
}

macro_rules! from_num {
    ($($t:ty)*) => {$(
        impl From<$t> for Value {
            fn from(n: $t) -> Value { Value::Number(Number::from(n)) }
        }
    )*};
}
from_num!(u8 u16 u32 u64 usize i8 i16 i32 i64 isize f32 f64);

impl From<Number> for Value {
    fn from(n: Number) -> Value {
        Value::Number(n)
    }
}
impl From<bool> for Value {
    fn from(b: bool) -> Value {
        Value::Bool(b)
    }
}
impl From<String> for Value {
    fn from(s: String) -> Value {
        Value::String(s.into())
    }
}
impl From<&str> for Value {
    fn from(s: &str) -> Value {
        Value::String(Str::from(s))
    }
}
impl From<std::borrow::Cow<'_, str>> for Value {
    fn from(s: std::borrow::Cow<'_, str>) -> Value {
        Value::String(Str::from(s))
    }
}
impl From<()> for Value {
    fn from(_: ()) -> Value {
        Value::Null
    }
}
impl<T: Into<Value>> From<Option<T>> for Value {
    fn from(o: Option<T>) -> Value {
        o.map_or(Value::Null, Into::into)
    }
}
impl<T: Into<Value>> From<Vec<T>> for Value {
    fn from(v: Vec<T>) -> Value {
        Value::Array(v.into_iter().map(Into::into).collect())
    }
}
impl From<Map<Key, Value>> for Value {
    fn from(m: Map<Key, Value>) -> Value {
        Value::Object(m)
    }
}
impl<T: Into<Value>> FromIterator<T> for Value {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Value {
        Value::Array(iter.into_iter().map(Into::into).collect())
    }
}
impl<K: Into<String>, V: Into<Value>> FromIterator<(K, V)> for Value {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Value {
        Value::Object(
            iter.into_iter()
                .map(|(k, v)| (k.into(), v.into()))
                .collect(),
        )
    }
}

impl PartialEq<str> for Value {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == Some(other)
    }
}
impl PartialEq<&str> for Value {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == Some(*other)
    }
}
impl PartialEq<bool> for Value {
    fn eq(&self, other: &bool) -> bool {
        self.as_bool() == Some(*other)
    }
}
impl PartialEq<i64> for Value {
    fn eq(&self, other: &i64) -> bool {
        self.as_number() == Some(&Number::from(*other))
    }
}
impl PartialEq<f64> for Value {
    fn eq(&self, other: &f64) -> bool {
        self.as_number() == Some(&Number::from(*other))
    }
}

impl crate::error::Location {
    /// The position as Terraform and Go's HCL write it in JSON: `line`,
    /// `column` (in grapheme clusters) and `byte`.
    ///
    /// ```
    /// let l = hcl::error::Location::of("a = 1\nb = x\n", 10);
    /// assert_eq!(hcl::json::value_to_string(&l.to_value(), false).unwrap(), r#"{"line":2,"column":5,"byte":10}"#);
    /// ```
    pub fn to_value(&self) -> Value {
        Value::from_iter([
            ("line", Value::from(self.line as u64)),
            ("column", Value::from(self.column as u64)),
            ("byte", Value::from(self.offset as u64)),
        ])
    }
}
