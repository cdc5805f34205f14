//! serde deserialization of HCL onto Rust types.
//!
//! Conventions follow `serde_json`: [`from_str`], [`from_slice`],
//! [`from_reader`], [`from_body`], [`from_value`] and a [`Deserializer`]
//! with options. [`from_str`] parses the text, evaluates every attribute's
//! expression — with the built-in functions, keeping expressions that refer
//! to variables it does not know as `"${...}"` template strings — and maps the
//! result onto your type. To supply variables and functions, and make
//! unknown references errors, give a [`Context`] (see
//! [`Deserializer::with_context`]).
//!
//! ```
//! use std::collections::HashMap;
//! use serde::Deserialize;
//!
//! #[derive(Deserialize, Debug)]
//! struct Config {
//!     name: String,
//!     replicas: u8,
//!     #[serde(default)]
//!     tags: Vec<String>,
//!     // `service "http" "web" { ... }` blocks, keyed by their two labels.
//!     service: HashMap<String, HashMap<String, Service>>,
//! }
//!
//! #[derive(Deserialize, Debug)]
//! struct Service {
//!     port: u16,
//!     // An optional nested block.
//!     health: Option<Health>,
//! }
//!
//! #[derive(Deserialize, Debug)]
//! struct Health {
//!     path: String,
//! }
//!
//! let config: Config = hcl::from_str(r#"
//! name     = "shop"
//! replicas = 1 + 2
//! tags     = ["a", "b"]
//!
//! service "http" "web" {
//!   port = 8080
//!   health {
//!     path = "/healthz"
//!   }
//! }
//!
//! service "http" "admin" {
//!   port = "9090" # strings holding numbers convert, as in Terraform
//! }
//! "#).unwrap();
//!
//! assert_eq!(config.replicas, 3);
//! assert_eq!(config.service["http"]["web"].port, 8080);
//! assert_eq!(config.service["http"]["web"].health.as_ref().unwrap().path, "/healthz");
//! assert_eq!(config.service["http"]["admin"].port, 9090);
//! ```
//!
//! # How HCL maps onto Rust types
//!
//! ## Attributes
//!
//! An attribute `name = expr` is a struct field or map entry named `name`.
//! Literal expressions (numbers, strings, `true`/`false`, `null`, tuples
//! `[...]` and objects `{...}` with literal keys) are read straight from the
//! syntax, so an error inside one points at the element concerned. Other
//! expressions are evaluated first, and the resulting [`Value`](crate::Value)
//! is read.
//!
//! | HCL value | Rust types |
//! |---|---|
//! | string | `String`, `&str` (when the literal has no escapes), `char`, enums (unit variant), numbers and bools (converted, below) |
//! | number | every integer type (range-checked), `f32`, `f64`, `String` (converted) |
//! | bool | `bool`, `String` (converted) |
//! | `null` | `Option<T>` (`None`), `()` |
//! | tuple / list | `Vec<T>`, arrays, tuples, any sequence type |
//! | object / map | structs, `HashMap`, `BTreeMap`, `IndexMap`, any map type; enums (a one-key object is a variant with data) |
//!
//! A missing attribute is `None` for an `Option<T>` field (and the default
//! for `#[serde(default)]` fields).
//!
//! ### Conversions
//!
//! Values convert as Terraform converts them for a typed variable (checked
//! against `tonumber`, `tobool` and `tostring` in Terraform 1.11):
//!
//! - a string holding a decimal number reads as a number: `"42"`, `"-7"`,
//!   `"+5"`, `"1e3"`, `".5"`, `"inf"`; not `" 5"`, `"0x10"`, `"1_000"`;
//! - the strings `"true"`/`"1"` and `"false"`/`"0"` read as bools;
//! - numbers and bools read as strings (`1.5` → `"1.5"`, `true` → `"true"`);
//! - a number reads as an integer only if it is whole (`3.0` is `3`); out of
//!   range is an error (``invalid value: integer `300`, expected u8``);
//! - object keys and block labels read as map keys of any type that a string
//!   converts to (`HashMap<u16, T>`, enum keys).
//!
//! Bools never read as numbers or numbers as bools.
//!
//! A number reaches a [`Value`](crate::Value) exactly (Terraform's 512-bit
//! values: `1/3`, `0.1`, `1e-400`), and an integer or float field as the
//! nearest `u64`, `i64` or `f64`:
//!
//! ```
//! let v: hcl::Value = hcl::from_str("third = 1/3\n").unwrap();
//! assert_eq!(v["third"].as_number().unwrap().to_string().len(), 157);
//! #[derive(serde::Deserialize)]
//! struct C { third: f64 }
//! let c: C = hcl::from_str("third = 1/3\n").unwrap();
//! assert_eq!(c.third, 1.0 / 3.0);
//! ```
//!
//! ## Blocks
//!
//! All blocks of one type in a body form one entry, named after the type.
//!
//! - An unlabeled block reads as a struct or map: `logging { level = "info" }`
//!   → `logging: Logging`.
//! - Labels key nested maps: `service "http" "web" { ... }` →
//!   `service: HashMap<String, HashMap<String, Service>>` (any map type). A
//!   struct without label fields (below) works like a map: its fields are the
//!   label values.
//! - Any number of blocks read as a list: `Vec<T>` (or any sequence type),
//!   one element per block. **One** block also reads as a one-element
//!   `Vec<T>`, so a config keeps working when it grows from one block to two.
//!   Labels consumed by enclosing maps are not repeated in the elements.
//! - Labels not consumed by maps reach `T` through two reserved field names:
//!   [`LABEL`] (`"__label"`, the first remaining label) and [`LABELS`]
//!   (`"__labels"`, all remaining labels as a list). When `T` declares either
//!   field, a labeled block reads as `T` itself (not as a map keyed by label):
//!
//! ```
//! use serde::Deserialize;
//!
//! #[derive(Deserialize)]
//! struct Config {
//!     user: Vec<User>,
//! }
//!
//! #[derive(Deserialize)]
//! struct User {
//!     #[serde(rename = "__label")]
//!     name: String,
//!     admin: bool,
//! }
//!
//! let c: Config = hcl::from_str(r#"
//! user "alice" { admin = true }
//! user "bob"   { admin = false }
//! "#).unwrap();
//! assert_eq!(c.user[1].name, "bob");
//! assert!(c.user[0].admin);
//! ```
//!
//! - Several blocks of one type where a single struct or map is expected is
//!   an error at the second block.
//! - Enums: a block's first remaining label names the variant
//!   (`backend "s3" { ... }` → `Backend::S3 { .. }`); an unlabeled block (or
//!   the whole body) with exactly one attribute or block inside reads as the
//!   variant named by it; a unit variant accepts an empty block.
//! - As [`Value`](crate::Value) (and in `deserialize_any`), a body has HCL's
//!   JSON shape, the same as [`Evaluate`](crate::eval::Evaluate) gives for a
//!   body: labels become nested objects, several unlabeled blocks of one
//!   type (or several with the same labels) an array of objects.
//!
//! ## Syntax and spans
//!
//! - A field of type [`ParsedExpression<'static>`](crate::syntax::ParsedExpression)
//!   receives the attribute's expression unevaluated, a field of type
//!   [`ConfigFile<'static>`](crate::ConfigFile) a block's body (or the whole
//!   file), both as syntax with spans — for tools that inspect or rewrite
//!   configs. Each is parsed from a copy of its own text, so its spans
//!   index its `source()`, which starts at its `offset()` in the file.
//! - `serde_spanned::Spanned<T>` fields receive the byte span of the
//!   attribute's expression, block, or label (values computed by expressions
//!   get the span of the expression they came from; values not read from
//!   source, as in [`from_value`], get `0..0`).
//!
//! # Errors
//!
//! Every error is an [`Error`] with the field path ([`Error::path`], e.g.
//! `resource.aws_instance.web.count` or `server[1].port`), the span of the
//! attribute, block or expression concerned ([`Error::span`]) and, when the
//! source text is known, its line, column and a snippet in `Display`:
//!
//! ```
//! #[derive(serde::Deserialize, Debug)]
//! struct Server { port: u16 }
//! #[derive(serde::Deserialize, Debug)]
//! struct Config { server: Vec<Server> }
//!
//! let err = hcl::from_str::<Config>("server {\n  port = 8080\n}\nserver {\n  port = 80000\n}\n")
//!     .unwrap_err();
//! assert_eq!(err.path(), Some("server[1].port"));
//! assert_eq!((err.line(), err.column()), (Some(5), Some(10)));
//! assert_eq!(err.to_string(), "server[1].port: invalid value: integer `80000`, expected u16 \
//!     at line 5, column 10\n  |\n5 |   port = 80000\n  |          ^^^^^");
//! ```
//!
//! # Known limitations
//!
//! - `#[serde(flatten)]` and `#[serde(untagged)]` make serde buffer the
//!   input in its own generic form before your type sees it. Inside such
//!   fields the Terraform conversions above do not apply (a string does not
//!   read as a number), `Spanned<T>` receives no span, and errors have the
//!   span of the enclosing block rather than of the attribute.
//! - Only when deserializing a struct does the deserializer know which
//!   fields it has; through `flatten` a struct is read as a map, so
//!   [`LABEL`] is not offered there (use [`LABELS`], which a labeled block
//!   read as a list element always offers in map form).

/// `serde::Deserializer`'s methods, each with its parameters (the one list
/// of them), handed one by one to the macro `$form` that writes their
/// bodies: `deserializer_methods!(form; all)` for all 31, or
/// `deserializer_methods!(form; deserialize_bool deserialize_seq)` for the
/// named ones (the rest written by hand).
macro_rules! deserializer_methods {
    (@one $form:ident deserialize_unit_struct) => {
        $form!(deserialize_unit_struct(name: &'static str));
    };
    (@one $form:ident deserialize_newtype_struct) => {
        $form!(deserialize_newtype_struct(name: &'static str));
    };
    (@one $form:ident deserialize_tuple) => {
        $form!(deserialize_tuple(len: usize));
    };
    (@one $form:ident deserialize_tuple_struct) => {
        $form!(deserialize_tuple_struct(name: &'static str, len: usize));
    };
    (@one $form:ident deserialize_struct) => {
        $form!(deserialize_struct(name: &'static str, fields: &'static [&'static str]));
    };
    (@one $form:ident deserialize_enum) => {
        $form!(deserialize_enum(name: &'static str, variants: &'static [&'static str]));
    };
    (@one $form:ident $method:ident) => {
        $form!($method());
    };
    ($form:ident; all) => {
        deserializer_methods! {
            $form;
            deserialize_any deserialize_bool deserialize_i8 deserialize_i16 deserialize_i32
            deserialize_i64 deserialize_i128 deserialize_u8 deserialize_u16 deserialize_u32
            deserialize_u64 deserialize_u128 deserialize_f32 deserialize_f64 deserialize_char
            deserialize_str deserialize_string deserialize_bytes deserialize_byte_buf
            deserialize_option deserialize_unit deserialize_seq deserialize_map
            deserialize_identifier deserialize_ignored_any deserialize_unit_struct
            deserialize_newtype_struct deserialize_tuple deserialize_tuple_struct
            deserialize_struct deserialize_enum
        }
    };
    ($form:ident; $($method:ident)*) => {
        $(deserializer_methods!(@one $form $method);)*
    };
}

mod blocks;
mod body;
mod eval_glue;
mod expr;
mod repeated;
mod syntax_de;
mod value;

pub use value::from_value;

/// Field name under which a block's first remaining label is offered (see
/// [the mapping](self#blocks)): `#[serde(rename = "__label")] name: String`.
pub const LABEL: &str = crate::error::LABEL;
/// Field name under which all of a block's remaining labels are offered, as
/// a list of strings: `#[serde(rename = "__labels")] labels: Vec<String>`.
pub const LABELS: &str = crate::error::LABELS;

use serde::de::{self, DeserializeOwned, Visitor};
use serde::Deserialize;

use crate::error::{Error, LineCursor, Result};
use crate::eval::limits::Budget;
use crate::eval::{Context, EvalMode};
use crate::parser::{parse_with, ParseOptions};
use crate::syntax::{Body, ConfigFile};
use body::BodyDe;
use eval_glue::Env;

/// Deserializes a `T` from HCL text: parses it, evaluates each attribute's
/// expression (built-in functions, templates that reference unknown
/// variables kept as written) and maps the result onto `T`.
///
/// # Errors
/// A parse error, an evaluation error, or a mismatch between the
/// configuration and `T`; all with line, column, snippet and field path.
///
/// ```
/// #[derive(serde::Deserialize)]
/// struct Config { name: String, port: u16 }
/// let c: Config = hcl::from_str("name = \"web\"\nport = 8080\n").unwrap();
/// assert_eq!((c.name.as_str(), c.port), ("web", 8080));
/// ```
pub fn from_str<'de, T: Deserialize<'de>>(s: &'de str) -> Result<T> {
    let mut de = Deserializer::from_str(s);
    T::deserialize(&mut de)
}

/// Like [`from_str`], from bytes that must be UTF-8.
///
/// # Errors
/// As [`from_str`]; invalid UTF-8 is reported at the first bad byte.
///
/// ```
/// let v: hcl::Value = hcl::from_slice(b"a = 1").unwrap();
/// assert_eq!(v["a"], hcl::Value::from(1));
/// let err = hcl::from_slice::<hcl::Value>(b"a = \"\xff\"").unwrap_err();
/// assert_eq!((err.line(), err.column()), (Some(1), Some(6)));
/// ```
pub fn from_slice<'de, T: Deserialize<'de>>(b: &'de [u8]) -> Result<T> {
    from_str(crate::parser::check_utf8(b)?)
}

/// Like [`from_str`], reading the whole of `reader` first.
///
/// # Errors
/// As [`from_slice`], plus I/O errors.
///
/// ```
/// let v: hcl::Value = hcl::from_reader("a = true".as_bytes()).unwrap();
/// assert_eq!(v["a"], hcl::Value::from(true));
/// ```
pub fn from_reader<R: std::io::Read, T: DeserializeOwned>(mut reader: R) -> Result<T> {
    let mut buf = Vec::new();
    reader.read_to_end(&mut buf)?;
    from_slice(&buf)
}

/// Deserializes a `T` from a parsed [`Body`], evaluating as [`from_str`]
/// does.
///
/// Errors have a span but, without the source text, no line or column: add
/// them with [`Error::with_source`]. The tree's strings live as long as
/// the tree, so `&str` fields borrow them (even strings with escapes).
///
/// # Errors
/// An evaluation error or a mismatch between the body and `T`.
///
/// ```
/// let src = "x = 1";
/// let file = hcl::parse(src).unwrap();
/// let body = file.body();
/// let v: std::collections::HashMap<String, u8> = hcl::from_body(&body).unwrap();
/// assert_eq!(v["x"], 1);
/// ```
pub fn from_body<'de, T: Deserialize<'de>>(body: &Body<'de>) -> Result<T> {
    let ctx = Context::new().with_mode(EvalMode::PreserveTemplates);
    let budget = Budget::new(ctx.limits());
    T::deserialize(BodyDe::new(body, Env::of_tree(&ctx, &budget)))
}

/// Deserializes a `T` from the merged body of several files (see
/// `crate::config`), evaluating in `ctx`; `source` is the files' text
/// (`""` when a file is in JSON syntax), and `json` whether one is.
/// Errors have spans in that text, and no line or column yet.
pub(crate) fn from_merged_body<'de, T: Deserialize<'de>>(
    body: &Body<'de>,
    ctx: &Context<'_>,
    source: &'de str,
    json: bool,
) -> Result<T> {
    let budget = Budget::new(ctx.limits());
    let lines = LineCursor::default();
    T::deserialize(BodyDe::new(
        body,
        Env::with_source(ctx, &budget, source, &lines).json(json),
    ))
}

/// Deserializes a `T` from HCL text, evaluating expressions in `ctx`: its
/// variables and functions are available, and its [`EvalMode`] applies (a
/// new [`Context`] is [`EvalMode::Strict`]: a reference to an undefined
/// variable or function is an error). Also available as
/// [`hcl::from_str_with_context`](crate::from_str_with_context).
///
/// # Errors
/// As [`from_str`].
///
/// ```
/// use hcl::eval::Context;
/// #[derive(serde::Deserialize, Debug)]
/// struct Config { url: String, replicas: u8 }
///
/// let mut ctx = Context::new();
/// ctx.declare_var("env", "prod");
/// let c: Config = hcl::de::from_str_with_context(
///     "url = \"https://${env}.example\"\nreplicas = env == \"prod\" ? 3 : 1\n",
///     &ctx,
/// ).unwrap();
/// assert_eq!((c.url.as_str(), c.replicas), ("https://prod.example", 3));
///
/// let err = hcl::de::from_str_with_context::<Config>("url = region\nreplicas = 1\n", &ctx)
///     .unwrap_err();
/// assert_eq!(err.kind(), hcl::ErrorKind::Eval);
/// assert_eq!((err.line(), err.column(), err.path()), (Some(1), Some(7), Some("url")));
/// ```
pub fn from_str_with_context<'de, T: Deserialize<'de>>(
    s: &'de str,
    ctx: &'de Context<'de>,
) -> Result<T> {
    let mut de = Deserializer::from_str(s).with_context(ctx);
    T::deserialize(&mut de)
}

/// Deserializes a `T` from a document in HCL's JSON syntax, as
/// [`hcl::from_str`](crate::from_str) does from native syntax (built-in
/// functions, template-preserving mode).
///
/// # Errors
/// As [`hcl::json::parse`](crate::json::parse), plus evaluation errors and mismatches with `T`, with line,
/// column and field path.
///
/// ```
/// let v: hcl::Value = hcl::from_json_str(r#"{"a": "$${x}", "b": "${upper(\"b\")}"}"#).unwrap();
/// assert_eq!(v["a"], hcl::Value::from("${x}"));
/// assert_eq!(v["b"], hcl::Value::from("B"));
/// ```
pub fn from_json_str<'de, T: Deserialize<'de>>(s: &'de str) -> Result<T> {
    T::deserialize(&mut Deserializer::from_json_str(s))
}

/// Like [`from_json_str`], evaluating in `ctx` (see
/// [`hcl::from_str_with_context`](crate::from_str_with_context)).
///
/// # Errors
/// As [`from_json_str`].
///
/// ```
/// let ctx = hcl::eval::Context::new().with_var("port", 8080);
/// let v: hcl::Value = hcl::de::from_json_str_with_context(r#"{"url": "http://h:${port}"}"#, &ctx).unwrap();
/// assert_eq!(v["url"], hcl::Value::from("http://h:8080"));
/// let err = hcl::de::from_json_str_with_context::<hcl::Value>(r#"{"a": "${nope}"}"#, &ctx).unwrap_err();
/// assert_eq!(err.kind(), hcl::ErrorKind::Eval);
/// ```
pub fn from_json_str_with_context<'de, T: Deserialize<'de>>(
    s: &'de str,
    ctx: &'de Context<'de>,
) -> Result<T> {
    T::deserialize(&mut Deserializer::from_json_str(s).with_context(ctx))
}

/// Like [`from_json_str`], from bytes that must be UTF-8.
///
/// # Errors
/// As [`from_json_str`]; invalid UTF-8 is reported at the first bad byte.
///
/// ```
/// let v: hcl::Value = hcl::de::from_json_slice(br#"{"a": [1, 2]}"#).unwrap();
/// assert_eq!(v["a"][1], hcl::Value::from(2));
/// assert!(hcl::de::from_json_slice::<hcl::Value>(b"{\"a\": \"\xff\"}").is_err());
/// ```
pub fn from_json_slice<'de, T: Deserialize<'de>>(b: &'de [u8]) -> Result<T> {
    from_json_str(crate::parser::check_utf8(b)?)
}

/// An HCL deserializer with options: an evaluation context (variables and
/// functions, strict or template-preserving mode) and parse options. Use it
/// as `T::deserialize(&mut deserializer)`.
///
/// ```
/// use serde::Deserialize;
/// use hcl::eval::Context;
///
/// let mut ctx = Context::new();
/// ctx.declare_var("base", 10);
/// let mut de = hcl::Deserializer::from_str("a = [base, base * 2]")
///     .with_context(&ctx)
///     .with_parse_options(hcl::ParseOptions::new().max_depth(8));
/// let v = hcl::Value::deserialize(&mut de).unwrap();
/// assert_eq!(v["a"][1], hcl::Value::from(20));
/// ```
pub struct Deserializer<'de> {
    source: &'de str,
    options: ParseOptions,
    ctx: Context<'de>,
    file: Option<ConfigFile<'de>>,
    constraint: Option<&'de crate::value::TypeConstraint>,
    /// Whether the source is in HCL's JSON syntax.
    json: bool,
}

impl<'de> Deserializer<'de> {
    /// A deserializer reading HCL text, evaluating as [`from_str`] does
    /// (built-in functions, template-preserving mode) until given a
    /// context.
    ///
    /// ```
    /// use serde::Deserialize;
    /// let mut de = hcl::Deserializer::from_str("a = \"${b}\"\nc = 1 + 1\n");
    /// let v = hcl::Value::deserialize(&mut de).unwrap();
    /// // Undefined variables are kept as templates; the rest is evaluated.
    /// assert_eq!(v["a"], hcl::Value::from("${b}"));
    /// assert_eq!(v["c"], hcl::Value::from(2));
    /// ```
    #[allow(clippy::should_implement_trait)]
    pub fn from_str(source: &'de str) -> Self {
        Deserializer {
            source,
            options: ParseOptions::default(),
            ctx: Context::new()
                .with_mode(EvalMode::PreserveTemplates)
                .with_source(source),
            file: None,
            constraint: None,
            json: false,
        }
    }

    /// A deserializer reading HCL's JSON syntax (see [`crate::json`]),
    /// otherwise as [`Deserializer::from_str`].
    ///
    /// ```
    /// use serde::Deserialize;
    /// let mut de = hcl::Deserializer::from_json_str(r#"{"a": "${1 + 1}"}"#);
    /// let v = hcl::Value::deserialize(&mut de).unwrap();
    /// assert_eq!(v["a"], hcl::Value::from(2));
    /// ```
    pub fn from_json_str(source: &'de str) -> Self {
        let de = Deserializer {
            json: true,
            ..Deserializer::from_str(source)
        };
        Deserializer {
            ctx: de.ctx.with_source(""),
            ..de
        }
    }

    /// Converts the document to `constraint` before mapping it onto the
    /// target type, as Terraform converts a variable's value: optional
    /// attributes get their defaults, values convert to the constraint's
    /// types (`"80"` to a number), attributes the constraint does not name
    /// are dropped. The document is evaluated as a whole first; errors
    /// name the path.
    ///
    /// ```
    /// use serde::Deserialize;
    /// #[derive(Deserialize, Debug)]
    /// struct Service { name: String, port: u16, tags: Vec<String> }
    ///
    /// let c = hcl::TypeConstraint::parse(
    ///     "object({name = string, port = optional(number, 80), tags = optional(list(string), [])})",
    /// ).unwrap();
    /// let mut de = hcl::Deserializer::from_str("name = \"web\"\n").with_type_constraint(&c);
    /// let s = Service::deserialize(&mut de).unwrap();
    /// assert_eq!((s.name.as_str(), s.port, s.tags.len()), ("web", 80, 0));
    ///
    /// let mut de = hcl::Deserializer::from_str("port = 1\n").with_type_constraint(&c);
    /// let err = Service::deserialize(&mut de).unwrap_err();
    /// assert_eq!(err.message(), "attribute \"name\" is required");
    /// ```
    pub fn with_type_constraint(mut self, constraint: &'de crate::value::TypeConstraint) -> Self {
        self.constraint = Some(constraint);
        self
    }

    /// The document evaluated and converted to the type constraint.
    #[cold]
    fn constrained(&mut self, c: &crate::value::TypeConstraint) -> Result<crate::value::Value> {
        use crate::eval::Evaluate;
        let (file, ctx) = self.parsed()?;
        let v = file.body().evaluate(ctx)?;
        c.convert(v)
    }

    /// The parsed file (see [`Deserializer::file`]) and the context.
    fn parsed(&mut self) -> Result<(&ConfigFile<'de>, &Context<'de>)> {
        let file = Self::file(
            &mut self.file,
            self.source,
            &self.options,
            &self.ctx,
            self.json,
        )?;
        Ok((file, &self.ctx))
    }

    /// Evaluates expressions in `ctx` (its variables, functions and
    /// [`EvalMode`]) instead of the default context.
    ///
    /// ```
    /// use serde::Deserialize;
    /// let ctx = hcl::eval::Context::new().with_var("b", "bee");
    /// let mut de = hcl::Deserializer::from_str("a = b").with_context(&ctx);
    /// assert_eq!(hcl::Value::deserialize(&mut de).unwrap()["a"], hcl::Value::from("bee"));
    /// // A new context is strict: an undefined variable is an error.
    /// let strict = hcl::eval::Context::new();
    /// let mut de = hcl::Deserializer::from_str("a = c").with_context(&strict);
    /// assert!(hcl::Value::deserialize(&mut de).is_err());
    /// ```
    pub fn with_context(mut self, ctx: &'de Context<'de>) -> Self {
        // (A template kept from HCL's JSON syntax is printed, not sliced
        // from the JSON text: no source for the evaluator there.)
        self.ctx = ctx
            .child()
            .with_source(if self.json { "" } else { self.source });
        self
    }

    /// Sets the parse options (nesting depth limit, ...).
    ///
    /// ```
    /// use serde::Deserialize;
    /// let opts = hcl::ParseOptions::new().max_depth(1);
    /// let mut de = hcl::Deserializer::from_str("a = [[1]]").with_parse_options(opts);
    /// let err = hcl::Value::deserialize(&mut de).unwrap_err();
    /// assert_eq!(err.kind(), hcl::ErrorKind::Limit);
    /// ```
    pub fn with_parse_options(mut self, options: ParseOptions) -> Self {
        self.options = options;
        self
    }

    /// Expands `dynamic` blocks before reading (see
    /// [`Context::with_dynamic_blocks`], which this sets on the
    /// deserializer's context).
    ///
    /// ```
    /// use serde::Deserialize;
    /// #[derive(Deserialize)]
    /// struct Rule { port: u16 }
    /// #[derive(Deserialize)]
    /// struct Firewall { rule: Vec<Rule> }
    ///
    /// let src = "dynamic \"rule\" {\n  for_each = [22, 80]\n  content {\n    port = rule.value\n  }\n}\n";
    /// let mut de = hcl::Deserializer::from_str(src).expand_dynamic(true);
    /// let f = Firewall::deserialize(&mut de).unwrap();
    /// assert_eq!(f.rule.iter().map(|r| r.port).collect::<Vec<_>>(), [22, 80]);
    /// ```
    pub fn expand_dynamic(mut self, yes: bool) -> Self {
        self.ctx = std::mem::take(&mut self.ctx).with_dynamic_blocks(yes);
        self
    }

    /// The parsed file (kept in `slot`), its `dynamic` blocks expanded if
    /// the context asks.
    fn file<'s>(
        slot: &'s mut Option<ConfigFile<'de>>,
        source: &'de str,
        options: &ParseOptions,
        ctx: &Context<'de>,
        json: bool,
    ) -> Result<&'s ConfigFile<'de>> {
        if let Some(f) = slot {
            return Ok(f);
        }
        let mut f = if json {
            crate::json::parse_with(source, options)?
        } else {
            parse_with(source, options)?
        };
        if ctx.expands_dynamic_blocks() {
            f.edit(|body, arena| -> Result<()> {
                *body = crate::eval::expand_dynamic(body, ctx, arena)?;
                Ok(())
            })?;
        }
        Ok(slot.insert(f))
    }

    fn body_de<'b>(
        &'b mut self,
        budget: &'b Budget,
        lines: &'b LineCursor,
    ) -> Result<BodyDe<'b, 'b, 'de>> {
        let (source, json) = (self.source, self.json);
        let (file, ctx) = self.parsed()?;
        Ok(BodyDe::new(
            file.body(),
            Env::with_source(ctx, budget, source, lines).json(json),
        ))
    }
}

macro_rules! forward_to_body {
    ($($method:ident ( $($arg:ident : $ty:ty),* ))*) => {$(
        fn $method<V: Visitor<'de>>(self, $($arg: $ty,)* visitor: V) -> Result<V::Value> {
            let source = self.source;
            if let Some(c) = self.constraint {
                let v = self.constrained(c).map_err(|e| e.with_source(source))?;
                return de::Deserializer::$method(
                    value::ValueDeserializer::new(v, crate::error::Span::default()),
                    $($arg,)* visitor,
                );
            }
            // One size budget for the whole document (each attribute is
            // evaluated separately and joins it).
            let budget = Budget::new(self.ctx.limits());
            let lines = LineCursor::default();
            let de = self.body_de(&budget, &lines)?;
            de::Deserializer::$method(de, $($arg,)* visitor).map_err(|e| e.with_source(source))
        }
    )*};
}

impl<'de> de::Deserializer<'de> for &mut Deserializer<'de> {
    type Error = Error;

    deserializer_methods!(forward_to_body; all);
}
