//! serde deserialization of HCL onto Rust types.

mod body;
mod eval_glue;
mod path;
mod syntax_de;
mod value;

pub use value::from_value;

/// Field name under which a block's first remaining label is offered (see
/// [the mapping](self#blocks)): `#[serde(rename = "__label")] name: String`.
pub const LABEL: &str = "__label";
/// Field name under which all of a block's remaining labels are offered, as
/// a list of strings: `#[serde(rename = "__labels")] labels: Vec<String>`.
pub const LABELS: &str = "__labels";

use serde::de::{self, DeserializeOwned, Visitor};
use serde::Deserialize;

use crate::error::{Error, ErrorKind, Result};
use crate::parser::{parse_with, ParseOptions};
use crate::syntax::{Body, Span};
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
    from_str(utf8(b)?)
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
/// them with [`Error::with_source`].
///
/// # Errors
/// An evaluation error or a mismatch between the body and `T`.
///
/// ```
/// let src = "x = 1";
/// let body = hcl::parse(src).unwrap();
/// let v: std::collections::HashMap<String, u8> = hcl::from_body(&body).unwrap();
/// assert_eq!(v["x"], 1);
/// ```
pub fn from_body<'de, T: Deserialize<'de>>(body: &Body<'de>) -> Result<T> {
    T::deserialize(BodyDe::new(body, Env::default()))
}

#[cold]
fn utf8(b: &[u8]) -> Result<&str> {
    std::str::from_utf8(b).map_err(|e| {
        let at = e.valid_up_to();
        let valid = std::str::from_utf8(&b[..at]).unwrap_or_default();
        // The valid prefix is enough to compute line, column and snippet.
        Error::at(ErrorKind::Parse, "invalid UTF-8", Span::new(at, at), valid)
    })
}

/// An HCL deserializer with options: an evaluation context (variables and
/// functions) and parse options.
///
/// ```
/// use serde::Deserialize;
/// let mut de = hcl::Deserializer::from_str("a = [1, 2]")
///     .with_parse_options(hcl::ParseOptions::new().max_depth(8));
/// let v = hcl::Value::deserialize(&mut de).unwrap();
/// assert_eq!(v["a"][1], hcl::Value::from(2));
/// ```
pub struct Deserializer<'de> {
    source: &'de str,
    options: ParseOptions,
    env: Env<'de>,
    body: Option<Body<'de>>,
}

impl<'de> Deserializer<'de> {
    /// A deserializer reading HCL text.
    #[allow(clippy::should_implement_trait)]
    pub fn from_str(source: &'de str) -> Self {
        Deserializer {
            source,
            options: ParseOptions::default(),
            env: Env::default(),
            body: None,
        }
    }

    /// Sets the parse options (nesting depth limit, ...).
    pub fn with_parse_options(mut self, options: ParseOptions) -> Self {
        self.options = options;
        self
    }

    fn body_de(&mut self) -> Result<BodyDe<'_, 'de>> {
        if self.body.is_none() {
            self.body = Some(parse_with(self.source, &self.options)?);
        }
        let body = self.body.as_ref().expect("parsed above");
        Ok(BodyDe::new(body, self.env))
    }
}

macro_rules! forward_to_body {
    ($($method:ident ( $($arg:ident : $ty:ty),* ))*) => {$(
        fn $method<V: Visitor<'de>>(self, $($arg: $ty,)* visitor: V) -> Result<V::Value> {
            let source = self.source;
            let de = self.body_de()?;
            de::Deserializer::$method(de, $($arg,)* visitor).map_err(|e| e.with_source(source))
        }
    )*};
}

impl<'de> de::Deserializer<'de> for &mut Deserializer<'de> {
    type Error = Error;

    forward_to_body! {
        deserialize_any() deserialize_bool() deserialize_i8() deserialize_i16()
        deserialize_i32() deserialize_i64() deserialize_i128() deserialize_u8()
        deserialize_u16() deserialize_u32() deserialize_u64() deserialize_u128()
        deserialize_f32() deserialize_f64() deserialize_char() deserialize_str()
        deserialize_string() deserialize_bytes() deserialize_byte_buf()
        deserialize_option() deserialize_unit() deserialize_seq() deserialize_map()
        deserialize_identifier() deserialize_ignored_any()
        deserialize_unit_struct(name: &'static str)
        deserialize_newtype_struct(name: &'static str)
        deserialize_tuple(len: usize)
        deserialize_tuple_struct(name: &'static str, len: usize)
        deserialize_struct(name: &'static str, fields: &'static [&'static str])
        deserialize_enum(name: &'static str, variants: &'static [&'static str])
    }
}
