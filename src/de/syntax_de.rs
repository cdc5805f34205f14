//! [`ConfigFile`] and [`ParsedExpression`] as field types: the deserializer
//! hands over the syntax itself (for tools that inspect or rewrite configs).
//!
//! serde's data model cannot carry a syntax tree, so, as serde_json's
//! `RawValue` does, the two types ask for a newtype struct with a private
//! name, and this crate's deserializers answer with the source text of the
//! body or expression, its offset in the file, then the line and column
//! where it starts (a sequence of four elements). The field parses a copy of that text again (the cold path)
//! into a tree of its own: an owned value that borrows neither the input
//! nor an arena. A body or expression that has no source text
//! (a tree built by hand, given to [`from_body`](crate::from_body)) is
//! printed and the printed text parsed.

use std::borrow::Cow;
use std::fmt;

use serde::de::{self, Deserialize, Deserializer, SeqAccess, Visitor};

use super::eval_glue::Env;
use crate::error::Location;
use crate::error::Result;
use crate::parser::ParseOptions;
use crate::syntax::{Body, ConfigFile, Expression, ParsedExpression, Span};

/// The newtype name `ConfigFile`'s `Deserialize` asks for.
pub(crate) const BODY_NAME: &str = "$__hcl_private_Body";
/// The newtype name `ParsedExpression`'s `Deserialize` asks for.
pub(crate) const EXPRESSION_NAME: &str = "$__hcl_private_Expression";

/// Answers a request for a body's syntax: its text in the source (or,
/// without one, its printed form) and where that text starts.
pub(crate) fn visit_body<'de, V: Visitor<'de>>(
    body: &Body<'_>,
    env: &Env<'_, '_, 'de>,
    visitor: V,
) -> Result<V::Value> {
    visit_text(env, body.span, || body.to_string(), visitor)
}

/// Answers a request for an expression's syntax, as [`visit_body`]. From
/// HCL's JSON syntax, a string's content is the expression
/// (`"type": "list(string)"`, as the spec's static analysis reads it).
pub(crate) fn visit_expression<'de, V: Visitor<'de>>(
    expr: &Expression<'_>,
    env: &Env<'_, '_, 'de>,
    visitor: V,
) -> Result<V::Value> {
    crate::stack::with_stack(|| {
        let src = env.src;
        if env.json {
            let token = src.get(expr.span.range()).unwrap_or_default();
            if token.starts_with('"') {
                if let Ok(crate::value::json::Node {
                    kind: crate::value::json::Kind::String(text),
                    ..
                }) = crate::value::json::parse(token, 1)
                {
                    return visitor.visit_seq(Raw {
                        start: env.locate(expr.span.start() + 1),
                        text: Some(Cow::Owned(text.into_owned())),
                        at: 0,
                    });
                }
            }
        }
        // A heredoc's closing marker ends its line: the text keeps the line
        // break, so that it parses on its own.
        let mut span = expr.span;
        if expr.ends_with_heredoc() {
            let rest = src.as_bytes().get(span.end()..).unwrap_or_default();
            let eol = match rest {
                [b'\n', ..] => 1,
                [b'\r', b'\n', ..] => 2,
                _ => 0,
            };
            span = Span::new(span.start(), span.end() + eol);
        }
        visit_text(env, span, || expr.to_string(), visitor)
    })
}

fn visit_text<'de, V: Visitor<'de>>(
    env: &Env<'_, '_, 'de>,
    span: Span,
    print: impl FnOnce() -> String,
    visitor: V,
) -> Result<V::Value> {
    match env.src.get(span.range()) {
        Some(text) if !env.src.is_empty() => visitor.visit_seq(Raw {
            start: env.locate(span.start()),
            text: Some(Cow::Borrowed(text)),
            at: 0,
        }),
        _ => visitor.visit_seq(Raw {
            start: Location::default(),
            text: Some(Cow::Owned(print())),
            at: 0,
        }),
    }
}

/// The elements: the offset, the text, then the line and column of its
/// start.
struct Raw<'de> {
    start: Location,
    text: Option<Cow<'de, str>>,
    /// The next element.
    at: u8,
}

impl<'de> SeqAccess<'de> for Raw<'de> {
    type Error = crate::error::Error;

    fn next_element_seed<T: de::DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>> {
        self.at = self.at.saturating_add(1);
        let start = self.start;
        let number = match self.at {
            1 => start.offset,
            2 => {
                return match self.text.take() {
                    Some(Cow::Borrowed(t)) => seed
                        .deserialize(
                            de::value::BorrowedStrDeserializer::<crate::error::Error>::new(t),
                        )
                        .map(Some),
                    Some(Cow::Owned(t)) => seed
                        .deserialize(de::value::StringDeserializer::<crate::error::Error>::new(t))
                        .map(Some),
                    None => Ok(None),
                }
            }
            3 => start.line,
            4 => start.column,
            _ => return Ok(None),
        };
        seed.deserialize(de::value::U64Deserializer::<crate::error::Error>::new(
            number as u64,
        ))
        .map(Some)
    }
}

/// Reads the offset, the text and where it starts, and parses the text
/// with `parse`.
struct SyntaxVisitor<F> {
    what: &'static str,
    /// Whether human-readable formats carry the native text as a string
    /// (a type constraint's `"list(string)"`); otherwise they carry the
    /// shape of HCL's JSON syntax, which is not read back.
    readable_text: bool,
    parse: F,
}

impl<'de, T, F> Visitor<'de> for SyntaxVisitor<F>
where
    F: FnOnce(String, Location) -> Result<T>,
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
        (self.parse)(text.to_owned(), Location::default()).map_err(de::Error::custom)
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> std::result::Result<T, D::Error> {
        if d.is_human_readable() && !self.readable_text {
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
        let line: Option<u64> = seq.next_element()?;
        let column: Option<u64> = seq.next_element()?;
        let number = |n: u64| usize::try_from(n).unwrap_or(usize::MAX);
        let start = Location {
            offset: number(offset),
            line: line.map_or(1, number),
            column: column.map_or(1, number),
        };
        (self.parse)(text, start).map_err(de::Error::custom)
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
                readable_text: false,
                parse: |text: String, start| {
                    ConfigFile::parse_with(text, &ParseOptions::default())
                        .map(|f| f.with_start(start))
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
                readable_text: false,
                parse: |text: String, start| {
                    ParsedExpression::parse_with(text, &ParseOptions::default())
                        .map(|f| f.with_start(start))
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
impl<'de> Deserialize<'de> for crate::value::TypeConstraint {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        expression_text(d, "a type constraint", crate::value::TypeConstraint::parse)
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
            readable_text: true,
            parse: |text: String, _start| parse(&text),
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
impl<'de> Deserialize<'de> for crate::value::Type {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        expression_text(d, "a type", crate::value::Type::parse)
    }
}
