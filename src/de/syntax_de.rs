//! [`ConfigFile`] and [`ParsedExpression`] as field types: the deserializer
//! hands over the syntax itself (for tools that inspect or rewrite configs).
//!
//! serde's data model cannot carry a syntax tree, so, as serde_json's
//! `RawValue` does, the two types ask for a newtype struct with a private
//! name, and this crate's deserializers answer with the source text of the
//! body or expression and its offset in the file (a sequence of two
//! elements). The field parses a copy of that text again (the cold path)
//! into a tree of its own: an owned value that borrows neither the input
//! nor an arena. A body or expression that has no source text
//! (a tree built by hand, given to [`from_body`](crate::from_body)) is
//! printed and the printed text parsed.

use std::borrow::Cow;
use std::fmt;

use serde::de::{self, Deserialize, Deserializer, SeqAccess, Visitor};

use crate::error::Result;
use crate::parser::ParseOptions;
use crate::syntax::{Body, ConfigFile, Expression, ParsedExpression, Span};

/// The newtype name `ConfigFile`'s `Deserialize` asks for.
pub(crate) const BODY_NAME: &str = "$__hcl_private_Body";
/// The newtype name `ParsedExpression`'s `Deserialize` asks for.
pub(crate) const EXPRESSION_NAME: &str = "$__hcl_private_Expression";

/// Answers a request for a body's syntax: its text in `src` (or, without
/// one, its printed form) and that text's offset.
pub(crate) fn visit_body<'de, V: Visitor<'de>>(
    body: &Body<'_>,
    src: &'de str,
    visitor: V,
) -> Result<V::Value> {
    visit_text(src, body.span, || body.to_string(), visitor)
}

/// Answers a request for an expression's syntax, as [`visit_body`]. From
/// HCL's JSON syntax (`json`), a string's content is the expression
/// (`"type": "list(string)"`, as the spec's static analysis reads it).
pub(crate) fn visit_expression<'de, V: Visitor<'de>>(
    expr: &Expression<'_>,
    src: &'de str,
    json: bool,
    visitor: V,
) -> Result<V::Value> {
    if json {
        let token = src.get(expr.span.range()).unwrap_or_default();
        if token.starts_with('"') {
            if let Ok(crate::json::parse::Node {
                kind: crate::json::parse::Kind::String(text),
                ..
            }) = crate::json::parse::parse(token, 1)
            {
                return visitor.visit_seq(Raw {
                    offset: Some(expr.span.start() + 1),
                    text: Some(Cow::Owned(text.into_owned())),
                });
            }
        }
    }
    visit_text(src, expr.span, || expr.to_string(), visitor)
}

fn visit_text<'de, V: Visitor<'de>>(
    src: &'de str,
    span: Span,
    print: impl FnOnce() -> String,
    visitor: V,
) -> Result<V::Value> {
    match src.get(span.range()) {
        Some(text) if !src.is_empty() => visitor.visit_seq(Raw {
            offset: Some(span.start()),
            text: Some(Cow::Borrowed(text)),
        }),
        _ => visitor.visit_seq(Raw {
            offset: Some(0),
            text: Some(Cow::Owned(print())),
        }),
    }
}

/// The two elements: the offset, then the text.
struct Raw<'de> {
    offset: Option<usize>,
    text: Option<Cow<'de, str>>,
}

impl<'de> SeqAccess<'de> for Raw<'de> {
    type Error = crate::Error;

    fn next_element_seed<T: de::DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>> {
        if let Some(o) = self.offset.take() {
            return seed
                .deserialize(de::value::U64Deserializer::<crate::Error>::new(o as u64))
                .map(Some);
        }
        match self.text.take() {
            Some(Cow::Borrowed(t)) => seed
                .deserialize(de::value::BorrowedStrDeserializer::<crate::Error>::new(t))
                .map(Some),
            Some(Cow::Owned(t)) => seed
                .deserialize(de::value::StringDeserializer::<crate::Error>::new(t))
                .map(Some),
            None => Ok(None),
        }
    }
}

/// Reads the offset and the text, and parses the text with `parse`.
struct SyntaxVisitor<F> {
    what: &'static str,
    parse: F,
}

impl<'de, T, F> Visitor<'de> for SyntaxVisitor<F>
where
    F: FnOnce(String, usize) -> Result<T>,
{
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (only hcl's own deserializer can provide one)",
            self.what
        )
    }

    /// The native text alone, as compact formats hold it.
    fn visit_str<E: de::Error>(self, text: &str) -> std::result::Result<T, E> {
        (self.parse)(text.to_owned(), 0).map_err(de::Error::custom)
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> std::result::Result<T, D::Error> {
        if d.is_human_readable() {
            return Err(de::Error::invalid_type(
                de::Unexpected::NewtypeStruct,
                &self,
            ));
        }
        d.deserialize_str(self)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> std::result::Result<T, A::Error> {
        let offset: u64 = seq
            .next_element()?
            .ok_or_else(|| de::Error::invalid_length(0, &self))?;
        let text: String = seq
            .next_element()?
            .ok_or_else(|| de::Error::invalid_length(1, &self))?;
        (self.parse)(text, usize::try_from(offset).unwrap_or(usize::MAX)).map_err(de::Error::custom)
    }
}

/// A field of type `ConfigFile<'static>` receives the block's body (or, at
/// the top level, the whole file) as syntax. The tree is parsed from a copy
/// of the body's own text: its spans index [`ConfigFile::source`], which
/// starts at [`ConfigFile::offset`] in the file. The field owns its tree, so
/// the struct stays `DeserializeOwned`.
///
/// ```
/// #[derive(serde::Deserialize)]
/// struct Config {
///     name: String,
///     settings: hcl::ConfigFile<'static>,
/// }
/// let c: Config = hcl::from_str("name = \"x\"\nsettings {\n  a = var.b\n}\n").unwrap();
/// assert_eq!(c.settings.body().structures.len(), 1);
/// assert!(c.settings.body().attribute("a").is_some());
/// ```
impl<'de> Deserialize<'de> for ConfigFile<'static> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        d.deserialize_newtype_struct(
            BODY_NAME,
            SyntaxVisitor {
                what: "an HCL body",
                parse: |text: String, offset| {
                    ConfigFile::parse_with(text, &ParseOptions::default())
                        .map(|f| f.with_offset(offset))
                },
            },
        )
    }
}

/// A field of type `ParsedExpression<'static>` receives the attribute's
/// expression as syntax, unevaluated, parsed from a copy of its own text
/// (as for [`ConfigFile`]).
///
/// ```
/// use hcl::syntax::{ExprKind, ParsedExpression};
/// #[derive(serde::Deserialize)]
/// struct Rule {
///     when: ParsedExpression<'static>,
/// }
/// let r: Rule = hcl::from_str("when = var.env == \"prod\"\n").unwrap();
/// assert!(matches!(r.when.expr().kind, ExprKind::Binary(_)));
/// assert_eq!(r.when.source(), "var.env == \"prod\"");
/// assert_eq!(r.when.offset(), 7);
/// ```
impl<'de> Deserialize<'de> for ParsedExpression<'static> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        d.deserialize_newtype_struct(
            EXPRESSION_NAME,
            SyntaxVisitor {
                what: "an HCL expression",
                parse: |text: String, offset| {
                    ParsedExpression::parse_with(text, &ParseOptions::default())
                        .map(|f| f.with_offset(offset))
                },
            },
        )
    }
}

/// A field of type [`TypeConstraint`](crate::TypeConstraint) receives the
/// attribute's expression read as a type constraint (a `variable` block's
/// `type = list(string)`); from other formats, a string in Terraform's
/// type syntax.
///
/// ```
/// #[derive(serde::Deserialize, Debug)]
/// struct Variable {
///     #[serde(rename = "type")]
///     ty: hcl::TypeConstraint,
/// }
/// let v: Variable = hcl::from_str("type = list(object({a = optional(string, \"x\")}))\n").unwrap();
/// assert_eq!(v.ty.to_string(), "list(object({a = optional(string, \"x\")}))");
/// let err = hcl::from_str::<Variable>("type = lst(string)\n").unwrap_err();
/// assert_eq!((err.line(), err.column(), err.path()), (Some(1), Some(8), Some("type")));
/// ```
impl<'de> Deserialize<'de> for crate::TypeConstraint {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        expression_text(d, "a type constraint", crate::TypeConstraint::parse)
    }
}

/// Asks for an expression's syntax and reads its text with `parse`.
fn expression_text<'de, D: Deserializer<'de>, T>(
    d: D,
    what: &'static str,
    parse: fn(&str) -> Result<T>,
) -> std::result::Result<T, D::Error> {
    d.deserialize_newtype_struct(
        EXPRESSION_NAME,
        SyntaxVisitor {
            what,
            parse: |text: String, _offset| parse(&text),
        },
    )
}

/// A field of type [`Type`](crate::Type) receives the attribute's
/// expression read as an exact type (no `optional`), as
/// [`TypeConstraint`](crate::TypeConstraint) does.
///
/// ```
/// #[derive(serde::Deserialize)]
/// struct Output {
///     #[serde(rename = "type")]
///     ty: hcl::Type,
/// }
/// let o: Output = hcl::from_str("type = map(number)\n").unwrap();
/// assert_eq!(o.ty, hcl::Type::map(hcl::Type::Number));
/// ```
impl<'de> Deserialize<'de> for crate::Type {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        expression_text(d, "a type", crate::Type::parse)
    }
}
