//! HCL's JSON syntax (`json-spec.md`): `.tf.json`, `.hcl.json`, `.pkr.json`.
//!
//! Reading: a JSON document is read into the native syntax tree, so it
//! evaluates, deserializes and reports errors (with the JSON text's lines
//! and columns) as a native file does, in the same [`Context`](crate::eval::Context). Strings
//! are templates (`"${var.region}"`, `"$${literal}"`), a property `"//"` of
//! a body is a comment, a property defined more than once keeps every
//! definition in order, as the spec's array form writes them (the target
//! type reads them as several blocks, or as one level of labels). Whether a property is an attribute or a block is the
//! target type's to say, as a schema would: a struct- or
//! map-of-struct-typed field receives an object as a block, a
//! `Vec<T>`-typed field a single object as one block (or an array of
//! them); [`Value`](crate::Value) gets the JSON shape with its templates
//! evaluated. A field that asks for syntax ([`TypeConstraint`](crate::TypeConstraint),
//! [`ParsedExpression`](crate::syntax::ParsedExpression)) reads a string's content as a native
//! expression (`"type": "list(string)"`).
//!
//! ```
//! #[derive(serde::Deserialize, Debug)]
//! struct Config {
//!     region: String,
//!     listener: Vec<Listener>,
//! }
//! #[derive(serde::Deserialize, Debug)]
//! struct Listener {
//!     port: u16,
//! }
//! let mut ctx = hcl::eval::Context::new();
//! ctx.declare_var("env", "prod");
//! let src = r#"{
//!   "//": "generated",
//!   "region": "eu-${env}",
//!   "listener": {"port": "${40 + 3}"}
//! }"#;
//! let c: Config = hcl::from_json_str_with_context(src, &ctx).unwrap();
//! assert_eq!(c.region, "eu-prod");
//! assert_eq!(c.listener[0].port, 43);
//!
//! let err = hcl::from_json_str::<hcl::Value>("{\n  \"a\": [1,\n}").unwrap_err();
//! assert_eq!((err.line(), err.column()), (Some(3), Some(1)));
//! ```
//!
//! [`hcl::from_json_str`](crate::from_json_str) and its siblings
//! deserialize a document directly.
//!
//! Writing: [`to_string`] writes a native file as HCL's JSON syntax that
//! Terraform reads back the same way (see its documentation).

mod diagnostics;
mod native;
mod read;
mod repeated;
pub(crate) mod write;

use std::borrow::Cow;

use crate::error::Result;
use crate::parser::ParseOptions;
use crate::syntax::ConfigFile;

pub use diagnostics::{diagnostic_value, diagnostics_value};
pub(crate) use native::key_text;
pub use native::{expression_to_native, to_native};
pub use write::{text_to_string, text_to_value, to_string, to_value, WriteOptions};

/// A value as plain JSON: numbers with every digit Terraform gives them
/// (`serde_json` rounds them to `f64`), object keys in the value's order,
/// strings escaped as Terraform's `jsonencode` escapes them; indented two
/// spaces a level when `pretty`.
///
/// # Errors
/// When the value holds ±Inf, which JSON cannot write (Terraform's
/// `jsonencode` fails the same way; `serde_json` writes `null`).
///
/// ```
/// let v: hcl::Value = hcl::from_str("b = 18446744073709551617 + 1\na = [1 / 4]\n").unwrap();
/// assert_eq!(
///     hcl::json::value_to_string(&v, false).unwrap(),
///     r#"{"b":18446744073709551618,"a":[0.25]}"#
/// );
/// assert_eq!(
///     hcl::json::value_to_string(&v["a"], true).unwrap(),
///     "[\n  0.25\n]"
/// );
/// let inf: hcl::Value = hcl::from_str("x = 1 / 0").unwrap();
/// assert!(hcl::json::value_to_string(&inf, false).is_err());
/// ```
pub fn value_to_string(value: &crate::value::Value, pretty: bool) -> Result<String> {
    use crate::value::json::{write_json, JsonStyle};
    if !value.is_finite() {
        return Err(crate::error::Error::new(
            crate::error::ErrorKind::Ser,
            "cannot serialize infinity as JSON",
        ));
    }
    let mut out = String::new();
    let style = JsonStyle {
        sorted: false,
        pretty,
        hcl_syntax: false,
    };
    write_json(&mut out, value, style, 0);
    Ok(out)
}

/// A number as [`to_string`] and [`value_to_string`] write it: every digit
/// (`0.1`, `18446744073709551618`), or with an exponent when that is more
/// than a literal may hold; `None` for ±Inf, which JSON cannot write.
///
/// ```
/// use hcl::Number;
/// assert_eq!(hcl::json::number_text(&Number::from(0.25)).as_deref(), Some("0.25"));
/// assert_eq!(hcl::json::number_text(&Number::from(f64::INFINITY)), None);
/// ```
pub fn number_text(n: &crate::value::Number) -> Option<String> {
    crate::value::json::number_text(n)
}

/// Reads plain JSON text (not HCL's JSON syntax: strings are not
/// templates) into a [`Value`](crate::Value) exactly: numbers keep every
/// digit (Terraform's 512-bit numbers, where `serde_json` rounds them to
/// `f64`), object properties stay in the text's order, and a property
/// given twice takes its last value (as Terraform's `jsondecode`).
///
/// # Errors
/// Invalid JSON, with line, column and snippet; nesting deeper than the
/// default depth limit.
///
/// ```
/// let v = hcl::json::value_from_str(r#"{"xs": [0.1], "n": 123456789012345678901234567890}"#).unwrap();
/// let sum = hcl::eval::evaluate_str("xs[0] + 0.2", &{
///     let mut ctx = hcl::eval::Context::new();
///     ctx.declare_var("xs", v["xs"].clone());
///     ctx
/// }).unwrap();
/// assert_eq!(sum.to_string(), "0.3");
/// assert_eq!(hcl::json::value_to_string(&v["n"], false).unwrap(), "123456789012345678901234567890");
/// ```
pub fn value_from_str(text: &str) -> Result<crate::value::Value> {
    let depth = ParseOptions::default().depth_limit();
    let node = crate::value::json::parse(text, depth).map_err(|e| e.with_source(text))?;
    crate::value::json::value(node, false)
        .map_err(|m| crate::error::Error::new(crate::error::ErrorKind::Parse, m))
}

/// Reads a document in HCL's JSON syntax into a native syntax tree whose
/// spans are positions in the JSON text.
///
/// # Errors
/// Invalid JSON, a document that is not an object, or a string that is
/// not a valid template; with line, column and snippet.
///
/// ```
/// let file = hcl::json::parse(r#"{"a": "${1 + 1}", "//": "a comment"}"#).unwrap();
/// assert_eq!(file.body().structures.len(), 1);
/// let v = hcl::eval::evaluate_body_str("a = 1 + 1", &hcl::eval::Context::new()).unwrap();
/// use hcl::eval::Evaluate;
/// assert_eq!(file.body().evaluate(&hcl::eval::Context::new()).unwrap(), v);
/// ```
pub fn parse(src: &str) -> Result<ConfigFile<'_>> {
    parse_with(src, &ParseOptions::default())
}

/// [`parse`] with `options` (the nesting limit applies to JSON arrays and
/// objects and to the templates in strings).
///
/// # Errors
/// As [`parse`].
///
/// ```
/// let opts = hcl::ParseOptions::new().max_depth(2);
/// let file = hcl::json::parse_with(r#"{"a": [1]}"#, &opts).unwrap();
/// assert_eq!(file.body().attributes().count(), 1);
/// let err = hcl::json::parse_with(r#"{"a": [[[1]]]}"#, &opts).unwrap_err();
/// assert_eq!(err.kind(), hcl::ErrorKind::Limit);
/// ```
pub fn parse_with<'a>(
    src: impl Into<Cow<'a, str>>,
    options: &ParseOptions,
) -> Result<ConfigFile<'a>> {
    ConfigFile::build(src.into(), |arena, text| {
        let mut root = crate::value::json::parse(text, options.depth_limit())?;
        repeated::merge_repeated(&mut root, text, true, &|at| {
            repeated::line_and_column(text, at)
        })?;
        read::body(&root, arena, text, options)
    })
}

/// The documents of several files in HCL's JSON syntax, each parsed
/// already and placed in one text `src` (their nodes' spans are `src`'s),
/// read as one body into `arena`: their root objects' properties in
/// order, a property two files define kept as both definitions, as
/// repeated blocks are (a duplicate that cannot be blocks is an error,
/// `place` wording where).
pub(crate) fn read_merged<'a>(
    arena: &'a crate::syntax::Arena,
    src: &'a str,
    roots: Vec<crate::value::json::Node<'a>>,
    options: &ParseOptions,
    place: &dyn Fn(usize) -> String,
) -> Result<crate::syntax::Body<'a>> {
    use crate::value::json::{Kind, Node};
    let mut props = Vec::new();
    for root in roots {
        match root.kind {
            Kind::Object(p) => props.extend(p),
            _ => {
                // The reader's own error for a root that is not an object.
                return read::body(&root, arena, src, options);
            }
        }
    }
    let mut root = Node {
        kind: Kind::Object(props),
        span: crate::error::Span::new(0, src.len()),
    };
    repeated::merge_repeated(&mut root, src, true, place)?;
    read::body(&root, arena, src, options)
}
