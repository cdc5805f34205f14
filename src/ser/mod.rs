//! serde serialization of Rust types as native HCL.
//!
//! [`to_string`], [`to_vec`] and [`to_writer`] write any `Serialize` type
//! whose serialized form is a struct or a map as an HCL body, laid out as
//! `terraform fmt` would (see [`crate::format`]).
//!
//! # How Rust values become HCL
//!
//! - A struct (or a map) at the top level is a **body**.
//! - A field whose value is a struct is a **block**; a `Vec` of structs is a
//!   **repeated block**; a map whose values are structs is a set of
//!   **labeled blocks** (map keys are labels; a map of maps of structs gives
//!   two labels, and so on; a map of `Vec`s of structs repeats labeled
//!   blocks).
//! - Everything else is an **attribute**: maps and structs nested in
//!   attribute values become object constructors, `Vec`s and tuples become
//!   tuples.
//! - `None` fields are left out; `()` and unit structs are `null`.
//! - Enums are externally tagged, as serde_json writes them: a unit variant is
//!   the string `"Variant"`, the others `{ Variant = ... }` (a struct variant in
//!   a body field is therefore a labeled block `field "Variant" { ... }`).
//! - Per-field overrides: `#[serde(serialize_with = "hcl::ser::block")]`
//!   forces a block (or repeated blocks for a sequence) even for a map,
//!   `"hcl::ser::labeled_block"` forces labeled blocks from a map (keys are
//!   labels; nested maps of maps give more labels), `"hcl::ser::attribute"`
//!   forces an attribute. With other serializers they are transparent.
//!
//! ```
//! use serde::Serialize;
//! use std::collections::BTreeMap;
//!
//! #[derive(Serialize)]
//! struct Config {
//!     name: String,
//!     port: Option<u16>,
//!     tags: BTreeMap<String, String>,
//!     server: Vec<Server>,
//! }
//! #[derive(Serialize)]
//! struct Server {
//!     host: String,
//! }
//!
//! let c = Config {
//!     name: "web".into(),
//!     port: None,
//!     tags: [("env".to_string(), "prod".to_string())].into(),
//!     server: vec![Server { host: "a".into() }, Server { host: "b".into() }],
//! };
//! assert_eq!(
//!     hcl::to_string(&c).unwrap(),
//!     "name = \"web\"\ntags = {\n  env = \"prod\"\n}\n\nserver {\n  host = \"a\"\n}\n\nserver {\n  host = \"b\"\n}\n"
//! );
//! ```
//!
//! # Strings
//!
//! A string holding `${` or `%{` is HCL template source: it is written as a
//! template (not escaped), and a string that is exactly one interpolation,
//! `"${var.x}"`, is written as the bare expression `var.x`. A string that is
//! not a valid template is written literally (escaped). A multi-line string
//! ending in a newline is written as a heredoc (`<<-EOT`, or `<<EOT` when
//! every line is indented, so that the indentation is kept), with a marker
//! that no line of the content equals.
//!
//! [`Options::literal_strings`] (or [`to_string_literal`]) turns template
//! handling off: every string is written so that it reads back as the same
//! text (`${` written `$${`). Strings inside a [`Value`] are always literal:
//! a `Value` is data, not source.
//!
//! [`crate::syntax::Body`] and [`crate::syntax::Expression`] values are
//! written as they are (a field of type `Expression` is an attribute with that
//! expression).

mod impls;
mod node;

use std::io;

use serde::Serialize;

use crate::error::{Error, ErrorKind, Result};
use crate::format::Printer;
use crate::value::Value;

/// Tokens used to recognise special values in `serialize_newtype_struct`.
pub(crate) const LITERAL_TOKEN: &str = "$hcl2::private::LiteralString";
pub(crate) const NUMBER_TOKEN: &str = "$hcl2::private::ExactNumber";
pub(crate) const EXPR_TOKEN: &str = "$hcl2::private::Expression";
pub(crate) const BODY_TOKEN: &str = "$hcl2::private::Body";
pub(crate) const BLOCK_TOKEN: &str = "$hcl2::private::Block";
pub(crate) const LABELED_TOKEN: &str = "$hcl2::private::LabeledBlock";
pub(crate) const ATTR_TOKEN: &str = "$hcl2::private::Attribute";

/// Options for writing HCL with serde (`to_string` uses the defaults);
/// not itself a `serde::Serializer`.
///
/// ```
/// let mut s = hcl::ser::Options::new().literal_strings(true);
/// let v = hcl::Value::from_iter([("a", "${x}")]);
/// assert_eq!(s.to_string(&v).unwrap(), "a = \"$${x}\"\n");
/// ```
#[derive(Clone, Debug, Default)]
pub struct Options {
    literal_strings: bool,
}

impl Options {
    /// Default options: strings with `${`/`%{` are templates.
    ///
    /// ```
    /// use std::collections::BTreeMap;
    /// let mut s = hcl::ser::Options::new();
    /// let m = BTreeMap::from([("a", "${x}-y"), ("b", "${x}")]);
    /// assert_eq!(s.to_string(&m).unwrap(), "a = \"${x}-y\"\nb = x\n");
    /// // A `Value`'s strings are always written literally.
    /// let v = hcl::Value::from_iter([("a", "${x}")]);
    /// assert_eq!(s.to_string(&v).unwrap(), "a = \"$${x}\"\n");
    /// ```
    pub fn new() -> Options {
        Options::default()
    }

    /// When `true`, every string is written literally (`${` escaped as `$${`).
    ///
    /// ```
    /// let v = hcl::Value::from_iter([("a", "%{ if x }y%{ endif }")]);
    /// let mut s = hcl::ser::Options::new().literal_strings(true);
    /// assert_eq!(s.to_string(&v).unwrap(), "a = \"%%{ if x }y%%{ endif }\"\n");
    /// ```
    pub fn literal_strings(mut self, yes: bool) -> Options {
        self.literal_strings = yes;
        self
    }

    /// Writes `value` as an HCL body.
    ///
    /// # Errors
    /// When the value is not a struct or map, a map key is not a string, a
    /// body key is not an identifier, or a number is not finite.
    ///
    /// ```
    /// use std::collections::BTreeMap;
    /// let mut s = hcl::ser::Options::new();
    /// let m = BTreeMap::from([("b", 2), ("a", 1)]);
    /// assert_eq!(s.to_string(&m).unwrap(), "a = 1\nb = 2\n");
    /// // A body needs names: a bare number is not one.
    /// assert!(s.to_string(&42).is_err());
    /// ```
    pub fn to_string<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<String> {
        match value.serialize(node::NodeSerializer { top: true })? {
            // A `Body` at the top level: printed without copying the tree.
            node::Node::Text(text) => Ok(text),
            node => {
                let mut p = Printer::new();
                node::write_body(&mut p, node, self.literal_strings)?;
                Ok(p.finish())
            }
        }
    }
}

/// Writes `value` (a struct or map) as an HCL body.
///
/// # Errors
/// See [`Options::to_string`].
///
/// ```
/// #[derive(serde::Serialize)]
/// struct S { a: u32, b: Vec<&'static str> }
/// assert_eq!(hcl::to_string(&S { a: 1, b: vec!["x"] }).unwrap(), "a = 1\nb = [\"x\"]\n");
/// ```
pub fn to_string<T: Serialize + ?Sized>(value: &T) -> Result<String> {
    Options::new().to_string(value)
}

/// Writes `value` as one HCL expression, as [`to_string`] writes an
/// attribute's value: structs and maps become objects, sequences tuples,
/// and a string holding `${` or `%{` a template. For new expressions in an
/// [`edit::Document`](crate::edit::Document).
///
/// ```
/// use std::collections::BTreeMap;
/// let tags = BTreeMap::from([("Name", "web"), ("Team", "core")]);
/// assert_eq!(
///     hcl::ser::to_expression_string(&tags).unwrap(),
///     "{\n  Name = \"web\"\n  Team = \"core\"\n}"
/// );
/// assert_eq!(hcl::ser::to_expression_string(&[1, 2]).unwrap(), "[1, 2]");
/// ```
///
/// # Errors
/// When a map key is not a string, or a number is not finite.
pub fn to_expression_string<T: Serialize + ?Sized>(value: &T) -> Result<String> {
    let node = value.serialize(node::NodeSerializer { top: false })?;
    let arena = crate::syntax::Arena::new();
    let expr = node::to_expr(&arena, node, false)?;
    Ok(crate::format::format_expression(&expr))
}

/// Writes a block `ty "label" ... { ... }` whose body is `body` (a struct or
/// map) as [`to_string`] writes it, laid out as `terraform fmt` would. For
/// new blocks in an [`edit::Document`](crate::edit::Document).
///
/// ```
/// #[derive(serde::Serialize)]
/// struct Bucket { bucket: &'static str, force_destroy: bool }
/// let b = Bucket { bucket: "logs", force_destroy: true };
/// assert_eq!(
///     hcl::ser::to_block_string("resource", &["aws_s3_bucket", "logs"], &b).unwrap(),
///     "resource \"aws_s3_bucket\" \"logs\" {\n  bucket        = \"logs\"\n  force_destroy = true\n}\n"
/// );
/// ```
///
/// # Errors
/// When `ty` is not an identifier, or as [`to_string`].
pub fn to_block_string<T: Serialize + ?Sized>(
    ty: &str,
    labels: &[&str],
    body: &T,
) -> Result<String> {
    if !crate::syntax::is_identifier(ty) {
        return Err(Error::new(
            ErrorKind::Ser,
            format!("`{ty}` is not a block type"),
        ));
    }
    let inner = to_string(body)?;
    let mut text = String::from(ty);
    for label in labels {
        text.push(' ');
        crate::syntax::push_quoted(&mut text, label);
    }
    text.push_str(" {\n");
    text.push_str(&inner);
    text.push_str("}\n");
    let file = crate::parser::parse(&text)?;
    Ok(crate::format::format_body_with_source(file.body(), &text))
}

/// Like [`to_string`], with every string written literally.
///
/// # Errors
/// See [`Options::to_string`].
///
/// ```
/// let v = hcl::Value::from_iter([("a", "${x}")]);
/// assert_eq!(hcl::ser::to_string_literal(&v).unwrap(), "a = \"$${x}\"\n");
/// assert!(hcl::ser::to_string_literal(&[1, 2]).is_err());
/// ```
pub fn to_string_literal<T: Serialize + ?Sized>(value: &T) -> Result<String> {
    Options::new().literal_strings(true).to_string(value)
}

/// Like [`to_string`], as bytes.
///
/// # Errors
/// See [`Options::to_string`].
///
/// ```
/// let v = hcl::Value::from_iter([("a", true)]);
/// assert_eq!(hcl::to_vec(&v).unwrap(), b"a = true\n");
/// assert!(hcl::to_vec(&"text").is_err());
/// ```
pub fn to_vec<T: Serialize + ?Sized>(value: &T) -> Result<Vec<u8>> {
    to_string(value).map(String::into_bytes)
}

/// Like [`to_string`], written to `writer`.
///
/// # Errors
/// See [`Options::to_string`]; also I/O errors.
///
/// ```
/// let mut out = Vec::new();
/// hcl::to_writer(&mut out, &hcl::Value::from_iter([("n", 1.5)])).unwrap();
/// assert_eq!(String::from_utf8(out).unwrap(), "n = 1.5\n");
/// let nan = std::collections::BTreeMap::from([("n", f64::NAN)]);
/// assert!(hcl::to_writer(Vec::new(), &nan).is_err());
/// ```
pub fn to_writer<W: io::Write, T: Serialize + ?Sized>(mut writer: W, value: &T) -> Result<()> {
    let s = to_string(value)?;
    writer.write_all(s.as_bytes())?;
    Ok(())
}

/// Converts `value` into a [`Value`] (structs and maps become objects, `None`
/// becomes `null`, enums are externally tagged).
///
/// # Errors
/// When a map key is not a string or number, a number is not finite, or a
/// serialized [`crate::syntax::Expression`] is not a literal value.
///
/// ```
/// #[derive(serde::Serialize)]
/// struct S { a: u32, b: Option<bool> }
/// let v = hcl::to_value(&S { a: 1, b: None }).unwrap();
/// assert_eq!(v["a"], 1i64);
/// assert!(v["b"].is_null());
/// ```
pub fn to_value<T: Serialize + ?Sized>(value: &T) -> Result<Value> {
    let node = value.serialize(node::NodeSerializer { top: false })?;
    node.into_value()
}

/// `#[serde(serialize_with = "hcl::ser::block")]`: write the field as a block
/// (a sequence as repeated blocks), even if it is a map.
///
/// ```
/// use std::collections::BTreeMap;
/// #[derive(serde::Serialize)]
/// struct S {
///     #[serde(serialize_with = "hcl::ser::block")]
///     env: BTreeMap<String, String>,
/// }
/// let s = S { env: [("A".to_string(), "1".to_string())].into() };
/// assert_eq!(hcl::to_string(&s).unwrap(), "env {\n  A = \"1\"\n}\n");
/// ```
///
/// # Errors
/// Those of the serializer.
pub fn block<T: Serialize + ?Sized, S: serde::Serializer>(
    value: &T,
    serializer: S,
) -> std::result::Result<S::Ok, S::Error> {
    serializer.serialize_newtype_struct(BLOCK_TOKEN, value)
}

/// `#[serde(serialize_with = "hcl::ser::labeled_block")]`: write a map as
/// labeled blocks (keys are labels; maps of maps give several labels).
///
/// ```
/// use std::collections::BTreeMap;
/// #[derive(serde::Serialize)]
/// struct S {
///     #[serde(serialize_with = "hcl::ser::labeled_block")]
///     variable: BTreeMap<String, BTreeMap<String, String>>,
/// }
/// let s = S { variable: [("region".to_string(), [("default".to_string(), "eu".to_string())].into())].into() };
/// assert_eq!(hcl::to_string(&s).unwrap(), "variable \"region\" {\n  default = \"eu\"\n}\n");
/// ```
///
/// # Errors
/// Those of the serializer.
pub fn labeled_block<T: Serialize + ?Sized, S: serde::Serializer>(
    value: &T,
    serializer: S,
) -> std::result::Result<S::Ok, S::Error> {
    serializer.serialize_newtype_struct(LABELED_TOKEN, value)
}

/// `#[serde(serialize_with = "hcl::ser::attribute")]`: write the field as an
/// attribute even if it is a struct (an object constructor).
///
/// ```
/// #[derive(serde::Serialize)]
/// struct Inner { x: u8 }
/// #[derive(serde::Serialize)]
/// struct S {
///     #[serde(serialize_with = "hcl::ser::attribute")]
///     inner: Inner,
/// }
/// assert_eq!(hcl::to_string(&S { inner: Inner { x: 1 } }).unwrap(), "inner = {\n  x = 1\n}\n");
/// ```
///
/// # Errors
/// Those of the serializer.
pub fn attribute<T: Serialize + ?Sized, S: serde::Serializer>(
    value: &T,
    serializer: S,
) -> std::result::Result<S::Ok, S::Error> {
    serializer.serialize_newtype_struct(ATTR_TOKEN, value)
}

#[cold]
pub(crate) fn ser_error(msg: impl Into<String>) -> Error {
    Error::new(ErrorKind::Ser, msg)
}
