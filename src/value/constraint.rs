//! Type constraints (`variable` blocks' `type` argument in Terraform,
//! OpenTofu and Packer): a [`Type`] whose parts may be `any`, and whose
//! object attributes may be `optional(T)` or `optional(T, DEFAULT)`; the
//! one parser of Terraform's type syntax ([`Type::parse`] is this parser
//! with `optional` refused); and the conversion of a value to a
//! constraint as Terraform does it for a variable: defaults filled in at
//! any depth, `any` unified, extra attributes dropped, errors naming the
//! path.
//!
//! ```
//! use hcl::{TypeConstraint, Value};
//! let c = TypeConstraint::parse("list(object({port = number, proto = optional(string, \"tcp\")}))").unwrap();
//! let v = hcl::eval::evaluate_str("[{port = \"80\"}, {port = 443, proto = \"udp\"}]", &hcl::eval::Context::new()).unwrap();
//! let v = c.convert(v).unwrap();
//! assert_eq!(v[0]["port"], Value::from(80));
//! assert_eq!(v[0]["proto"], Value::from("tcp"));
//! assert_eq!(c.ty().to_string(), "list(object({port: number, proto: string}))");
//!
//! let bad = hcl::eval::evaluate_str("[{port = 80}, {port = \"http\"}]", &hcl::eval::Context::new()).unwrap();
//! assert_eq!(c.convert(bad).unwrap_err().message(), "[1].port: a number is required");
//! ```

use std::collections::BTreeMap;
use std::fmt;

use super::convert::{self, friendly};
use super::meta::{self, Meta, Ty};
use super::Typed;
use crate::error::{Error, ErrorKind, Result};
use crate::value::{Type, Value};

/// A type constraint: a [`Type`] that may leave parts open (`any`) and
/// mark object attributes optional, with a default.
///
/// [`Display`](fmt::Display) writes it in Terraform's syntax
/// (`object({a = optional(string, "x")})`), which [`TypeConstraint::parse`]
/// reads back.
///
/// ```
/// use hcl::{Type, TypeConstraint};
/// let c = TypeConstraint::parse("map(any)").unwrap();
/// assert_eq!(c, TypeConstraint::Map(Box::new(TypeConstraint::Any)));
/// assert_eq!(c.ty(), Type::map(Type::Dynamic));
/// assert_eq!(TypeConstraint::from(Type::String).to_string(), "string");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum TypeConstraint {
    /// `any`: every value is accepted as it is (the dynamic pseudo-type);
    /// inside a collection, the elements are unified to one type.
    Any,
    /// `string`
    String,
    /// `number`
    Number,
    /// `bool`
    Bool,
    /// `list(T)`
    List(Box<TypeConstraint>),
    /// `set(T)`
    Set(Box<TypeConstraint>),
    /// `map(T)`
    Map(Box<TypeConstraint>),
    /// `tuple([T, ...])`
    Tuple(Vec<TypeConstraint>),
    /// `object({name = T, ...})`, attributes in byte order of their names.
    Object(BTreeMap<String, Attribute>),
}

/// An attribute of an object type constraint.
///
/// ```
/// let c = hcl::TypeConstraint::parse("object({a = optional(number, 1), b = string})").unwrap();
/// let hcl::TypeConstraint::Object(attrs) = &c else { unreachable!() };
/// assert!(attrs["a"].optional && attrs["a"].default == Some(hcl::Value::from(1)));
/// assert!(!attrs["b"].optional && attrs["b"].default.is_none());
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Attribute {
    /// The attribute's constraint.
    pub constraint: TypeConstraint,
    /// Whether it may be absent (`optional(T)`): an absent or null optional
    /// attribute takes its default, or `null`.
    pub optional: bool,
    /// `optional(T, DEFAULT)`'s default, already converted to `T` (with the
    /// defaults inside `T` applied).
    pub default: Option<Value>,
}

impl Attribute {
    /// A required attribute.
    ///
    /// ```
    /// use std::collections::BTreeMap;
    /// use hcl::{value::ConstraintAttribute, TypeConstraint};
    /// let name = ConstraintAttribute::required(TypeConstraint::String);
    /// assert!(!name.optional && name.default.is_none());
    /// let c = TypeConstraint::Object(BTreeMap::from([("name".to_owned(), name)]));
    /// assert_eq!(c, TypeConstraint::parse("object({name = string})").unwrap());
    /// ```
    pub fn required(constraint: TypeConstraint) -> Attribute {
        Attribute {
            constraint,
            optional: false,
            default: None,
        }
    }
}

impl TypeConstraint {
    /// The type a converted value has where the constraint fixes it: the
    /// constraint with `optional` dropped and `any` as
    /// [`Type::Dynamic`].
    ///
    /// ```
    /// let c = hcl::TypeConstraint::parse("object({a = optional(list(any))})").unwrap();
    /// assert_eq!(c.ty().to_string(), "object({a: list(dynamic)})");
    /// ```
    pub fn ty(&self) -> Type {
        match self {
            TypeConstraint::Any => Type::Dynamic,
            TypeConstraint::String => Type::String,
            TypeConstraint::Number => Type::Number,
            TypeConstraint::Bool => Type::Bool,
            TypeConstraint::List(c) => Type::list(c.ty()),
            TypeConstraint::Set(c) => Type::set(c.ty()),
            TypeConstraint::Map(c) => Type::map(c.ty()),
            TypeConstraint::Tuple(cs) => Type::Tuple(cs.iter().map(TypeConstraint::ty).collect()),
            TypeConstraint::Object(attrs) => {
                Type::object(attrs.iter().map(|(k, a)| (k.as_str(), a.constraint.ty())))
            }
        }
    }

    /// Whether this is `string`, `number` or `bool`: Terraform reads a
    /// `-var` value for such a variable as a literal string, and any other
    /// as an HCL expression.
    ///
    /// ```
    /// use hcl::TypeConstraint;
    /// assert!(TypeConstraint::parse("number").unwrap().is_primitive());
    /// assert!(!TypeConstraint::parse("list(string)").unwrap().is_primitive());
    /// assert!(!TypeConstraint::Any.is_primitive());
    /// ```
    pub fn is_primitive(&self) -> bool {
        matches!(
            self,
            TypeConstraint::String | TypeConstraint::Number | TypeConstraint::Bool
        )
    }

    /// Converts `value` to this constraint as Terraform converts a
    /// variable's value: see [`TypeConstraint::convert_typed`].
    ///
    /// # Errors
    /// When the value does not convert; the message starts with the path
    /// to the offending part (`[1].port: a number is required`).
    ///
    /// ```
    /// let c = hcl::TypeConstraint::parse("set(any)").unwrap();
    /// let v = c.convert(hcl::Value::from(vec![hcl::Value::from(1), hcl::Value::from("1")])).unwrap();
    /// assert_eq!(v, hcl::Value::from(vec!["1"]));
    /// ```
    pub fn convert(&self, value: Value) -> Result<Value> {
        convert(self, value, None).map(|(v, _)| v)
    }

    /// Converts a typed value (from
    /// [`evaluate_typed`](crate::eval::evaluate_typed)) to this
    /// constraint as Terraform converts a variable's value, and gives the
    /// result's type:
    ///
    /// * an absent or null optional attribute takes its default (then the
    ///   defaults inside it), or `null`; a missing required attribute is
    ///   an error; attributes the constraint does not name are dropped;
    /// * a collection of `any` unifies its elements to one type
    ///   (`list(any)` of `[1, "a"]` is a `list(string)`);
    /// * a null stays null (of the constraint's type), and an unknown value
    ///   stays unknown, of the constraint's type.
    ///
    /// # Errors
    /// As [`TypeConstraint::convert`].
    ///
    /// ```
    /// use hcl::eval::{evaluate_typed_str, Context};
    /// let c = hcl::TypeConstraint::parse("map(any)").unwrap();
    /// let t = c.convert_typed(evaluate_typed_str("{a = 1, b = \"x\"}", &Context::new()).unwrap()).unwrap();
    /// assert_eq!(t.ty().to_string(), "map(string)");
    /// ```
    pub fn convert_typed(&self, value: Typed) -> Result<Typed> {
        let (v, meta) = value.into_meta();
        convert(self, v, meta).map(|(v, meta)| Typed::from_meta(v, meta))
    }
}

impl From<&Type> for TypeConstraint {
    fn from(t: &Type) -> TypeConstraint {
        match t {
            Type::Dynamic => TypeConstraint::Any,
            Type::String => TypeConstraint::String,
            Type::Number => TypeConstraint::Number,
            Type::Bool => TypeConstraint::Bool,
            Type::List(e) => TypeConstraint::List(Box::new(e.as_ref().into())),
            Type::Set(e) => TypeConstraint::Set(Box::new(e.as_ref().into())),
            Type::Map(e) => TypeConstraint::Map(Box::new(e.as_ref().into())),
            Type::Tuple(ts) => TypeConstraint::Tuple(ts.iter().map(Into::into).collect()),
            Type::Object(attrs) => TypeConstraint::Object(
                attrs
                    .iter()
                    .map(|(k, t)| (k.as_str().to_owned(), Attribute::required(t.into())))
                    .collect(),
            ),
        }
    }
}

impl From<Type> for TypeConstraint {
    fn from(t: Type) -> TypeConstraint {
        TypeConstraint::from(&t)
    }
}

impl fmt::Display for TypeConstraint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TypeConstraint::Any => f.write_str("any"),
            TypeConstraint::String => f.write_str("string"),
            TypeConstraint::Number => f.write_str("number"),
            TypeConstraint::Bool => f.write_str("bool"),
            TypeConstraint::List(c) => write!(f, "list({c})"),
            TypeConstraint::Set(c) => write!(f, "set({c})"),
            TypeConstraint::Map(c) => write!(f, "map({c})"),
            TypeConstraint::Tuple(cs) => {
                f.write_str("tuple([")?;
                for (i, c) in cs.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{c}")?;
                }
                f.write_str("])")
            }
            TypeConstraint::Object(attrs) => {
                f.write_str("object({")?;
                for (i, (k, a)) in attrs.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    match (a.optional, &a.default) {
                        (false, _) => write!(f, "{k} = {}", a.constraint)?,
                        (true, None) => write!(f, "{k} = optional({})", a.constraint)?,
                        (true, Some(d)) => write!(f, "{k} = optional({}, {d})", a.constraint)?,
                    }
                }
                f.write_str("})")
            }
        }
    }
}

// ------------------------------------------------------------- conversion

/// A step of the path to the part of a value being converted.
enum Step<'a> {
    Index(usize),
    Key(&'a str),
    Attr(&'a str),
}

/// A conversion failure: the message, and the path (innermost step
/// first) as the failure unwinds.
struct Fail {
    message: String,
    path: Vec<String>,
}

impl Fail {
    #[cold]
    fn new(message: impl Into<String>) -> Fail {
        Fail {
            message: message.into(),
            path: Vec::new(),
        }
    }

    #[cold]
    fn at(mut self, step: Step<'_>) -> Fail {
        self.path.push(match step {
            Step::Index(i) => format!("[{i}]"),
            Step::Key(k) => {
                format!("[{}]", convert::quoted(k))
            }
            Step::Attr(a) => format!(".{a}"),
        });
        self
    }

    #[cold]
    fn into_error(self) -> Error {
        let mut path: String = self.path.into_iter().rev().collect();
        if let Some(rest) = path.strip_prefix('.') {
            path = rest.to_owned();
        }
        let message = if path.is_empty() {
            self.message
        } else {
            format!("{path}: {}", self.message)
        };
        Error::new(ErrorKind::Eval, message)
    }
}

fn convert(c: &TypeConstraint, v: Value, t: Ty) -> Result<(Value, Ty)> {
    conv(c, v, t, 0).map_err(Fail::into_error)
}

/// Values nest at most this deep here (evaluated values are bounded by
/// the evaluator's limits; this keeps values built by hand safe too).
const MAX_VALUE_DEPTH: u32 = 512;

/// Whether an unknown value of type `ty` converts to constraint `c`: as
/// its types convert, where an `optional()` attribute may be missing from
/// an object (cty converts the value when it is known, with the default).
fn unknown_converts(c: &TypeConstraint, ty: &Type) -> bool {
    match (c, ty) {
        (TypeConstraint::Object(attrs), Type::Object(src)) => {
            attrs.iter().all(|(k, a)| match src.get(k) {
                Some(t) => unknown_converts(&a.constraint, t),
                None => a.optional,
            })
        }
        (TypeConstraint::List(e) | TypeConstraint::Set(e), Type::List(t) | Type::Set(t))
        | (TypeConstraint::Map(e), Type::Map(t)) => unknown_converts(e, t),
        (TypeConstraint::List(e) | TypeConstraint::Set(e), Type::Tuple(ts)) => {
            ts.iter().all(|t| unknown_converts(e, t))
        }
        (TypeConstraint::Map(e), Type::Object(src)) => src.values().all(|t| unknown_converts(e, t)),
        _ => crate::value::ty::conversion_exists(ty, &c.ty(), true),
    }
}

fn conv(c: &TypeConstraint, v: Value, t: Ty, depth: u32) -> Result<(Value, Ty), Fail> {
    if depth > MAX_VALUE_DEPTH {
        return Err(Fail::new("the value is nested too deeply"));
    }
    if let TypeConstraint::Any = c {
        return Ok((v, t));
    }
    if let Some(Meta::Unknown(ty, r)) = &t {
        let target = c.ty();
        if !unknown_converts(c, ty) {
            return Err(Fail::new(required(c)));
        }
        let target = if target.has_dynamic() {
            ty.clone()
        } else {
            target
        };
        return Ok((Value::Null, meta::unknown(target, r.clone())));
    }
    if v.is_null() {
        let target = c.ty();
        return Ok((Value::Null, meta::typed(target)));
    }
    match c {
        TypeConstraint::Any => Ok((v, t)),
        TypeConstraint::String | TypeConstraint::Number | TypeConstraint::Bool => {
            primitive(c, v).map(|v| (v, None))
        }
        // A set of unknown length converts to a list as everywhere (an
        // unknown list of the set's own element type).
        TypeConstraint::List(_) if meta::length_unknown_set(&v, &t) => {
            convert::convert(v, &t, &c.ty()).map_err(Fail::new)
        }
        TypeConstraint::List(e) | TypeConstraint::Set(e) => {
            let Value::Array(items) = v else {
                return Err(Fail::new(required(c)));
            };
            let mut out = Vec::with_capacity(items.len());
            let mut metas = Vec::with_capacity(items.len());
            for (i, x) in items.into_iter().enumerate() {
                let xt = meta::item(&t, i, &x);
                let (x, xt) = conv(e, x, xt, depth + 1).map_err(|f| f.at(Step::Index(i)))?;
                out.push(x);
                metas.push(xt);
            }
            let elem = unify_elements(e, &mut out, &mut metas, "list")?;
            if matches!(c, TypeConstraint::Set(_)) {
                let (v, meta) = convert::convert(
                    Value::Array(out),
                    &meta::with_parts(Type::list(elem.clone()), metas),
                    &Type::set(elem),
                )
                .map_err(Fail::new)?;
                return Ok((v, meta));
            }
            Ok((Value::Array(out), meta::with_parts(Type::list(elem), metas)))
        }
        TypeConstraint::Map(e) => {
            let Value::Object(items) = v else {
                return Err(Fail::new(required(c)));
            };
            let mut keyed: Vec<(crate::value::Key, Value, Ty)> = Vec::with_capacity(items.len());
            for (i, (k, x)) in items.into_iter().enumerate() {
                let xt = meta::attr(&t, &k, i, &x);
                let (x, xt) = conv(e, x, xt, depth + 1).map_err(|f| f.at(Step::Key(&k)))?;
                keyed.push((k, x, xt));
            }
            keyed.sort_by(|a, b| a.0.cmp(&b.0));
            let mut keys = Vec::with_capacity(keyed.len());
            let mut out = Vec::with_capacity(keyed.len());
            let mut metas = Vec::with_capacity(keyed.len());
            for (k, x, xt) in keyed {
                keys.push(k);
                out.push(x);
                metas.push(xt);
            }
            let elem = unify_elements(e, &mut out, &mut metas, "map")?;
            let map = keys.into_iter().zip(out).collect();
            Ok((Value::Object(map), meta::with_parts(Type::map(elem), metas)))
        }
        TypeConstraint::Tuple(cs) => {
            let items = match v {
                Value::Array(items) if items.len() == cs.len() => items,
                _ => return Err(Fail::new(required(c))),
            };
            let mut out = Vec::with_capacity(items.len());
            let mut metas = Vec::with_capacity(items.len());
            let mut types = Vec::with_capacity(items.len());
            for (i, (x, e)) in items.into_iter().zip(cs).enumerate() {
                let xt = meta::item(&t, i, &x);
                let (x, xt) = conv(e, x, xt, depth + 1).map_err(|f| f.at(Step::Index(i)))?;
                types.push(meta::of(&x, &xt).into_owned());
                out.push(x);
                metas.push(xt);
            }
            Ok((
                Value::Array(out),
                meta::with_parts(Type::Tuple(types.into()), metas),
            ))
        }
        TypeConstraint::Object(attrs) => {
            let Value::Object(mut given) = v else {
                return Err(Fail::new(required(c)));
            };
            let mut out = crate::value::Map::with_capacity(attrs.len());
            let mut metas = Vec::with_capacity(attrs.len());
            for (name, a) in attrs {
                let found = given.get_index_of(name.as_str());
                let (x, xt) = match found {
                    Some(i) => {
                        let xt = meta::attr(&t, name, i, &given[i]);
                        let x = std::mem::take(&mut given[i]);
                        (x, xt)
                    }
                    None => (Value::Null, None),
                };
                let absent = found.is_none();
                let (x, xt) = if x.is_null() && meta::is_known(&xt) {
                    match (&a.default, a.optional, absent) {
                        (Some(d), true, _) => (d.clone(), None),
                        (None, false, true) => {
                            return Err(Fail::new(format!("attribute \"{name}\" is required")))
                        }
                        _ => (Value::Null, None),
                    }
                } else {
                    (x, xt)
                };
                let (x, xt) =
                    conv(&a.constraint, x, xt, depth + 1).map_err(|f| f.at(Step::Attr(name)))?;
                out.insert(name.as_str(), x);
                metas.push(xt);
            }
            let meta = meta::object_of(&out, metas);
            Ok((Value::Object(out), meta))
        }
    }
}

/// Unifies the converted elements of a collection whose element
/// constraint leaves types open (`list(any)`), converting each to the
/// unified type; the element type.
fn unify_elements(
    e: &TypeConstraint,
    out: &mut [Value],
    metas: &mut [Ty],
    kind: &str,
) -> Result<Type, Fail> {
    let fixed = e.ty();
    if !fixed.has_dynamic() {
        return Ok(fixed);
    }
    let types: Vec<Type> = out
        .iter()
        .zip(metas.iter())
        .filter(|(x, t)| !(x.is_null() && t.is_none()))
        .map(|(x, t)| meta::of(x, t).into_owned())
        .collect();
    if types.is_empty() {
        return Ok(fixed);
    }
    let unified = Type::unify(&types)
        .filter(|u| *u != Type::Dynamic || types.iter().all(|t| *t == Type::Dynamic))
        .ok_or_else(|| Fail::new(format!("all {kind} elements must have the same type")))?;
    for (x, t) in out.iter_mut().zip(metas.iter_mut()) {
        let (nx, nt) = convert::convert(std::mem::take(x), t, &unified).map_err(Fail::new)?;
        *x = nx;
        *t = nt;
    }
    Ok(unified)
}

/// A known, non-null value converted to a primitive constraint, with cty's
/// messages.
fn primitive(c: &TypeConstraint, v: Value) -> Result<Value, Fail> {
    let on_failure = match (c, &v) {
        (_, Value::Array(_) | Value::Object(_))
        | (TypeConstraint::Number, Value::Bool(_))
        | (TypeConstraint::Bool, Value::Number(_)) => return Err(Fail::new(required(c))),
        // (A string that does not read as the primitive.)
        (TypeConstraint::Number, _) => "a number is required",
        (TypeConstraint::Bool, _) => "a bool is required",
        _ => "string required",
    };
    convert::convert_known(v, &c.ty()).map_err(|_| Fail::new(on_failure))
}

/// cty's "T required" message for a value of the wrong kind.
#[cold]
fn required(c: &TypeConstraint) -> String {
    format!("{} required", friendly(&c.ty()))
}
