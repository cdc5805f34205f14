//! `hcl::Body` and `hcl::Expression` as field types: the deserializer hands
//! over the syntax itself (for tools that inspect or rewrite configs).
//!
//! serde's data model cannot carry a syntax tree, so the two types ask for
//! a newtype struct with a private name; this crate's deserializers answer
//! by putting a detached copy of the tree in a thread-local slot and calling
//! `visit_unit`, and the visitor takes it from there. Any other
//! deserializer gets an error.

use std::cell::RefCell;
use std::fmt;

use serde::de::{self, Deserialize, Deserializer, Visitor};

use crate::error::Result;
use crate::syntax::{Body, Expression};

/// The newtype name `Body`'s `Deserialize` asks for.
pub(crate) const BODY_NAME: &str = "$__hcl_private_Body";
/// The newtype name `Expression`'s `Deserialize` asks for.
pub(crate) const EXPRESSION_NAME: &str = "$__hcl_private_Expression";

enum Stashed {
    Body(Body<'static>),
    Expression(Expression<'static>),
}

thread_local! {
    static STASH: RefCell<Option<Stashed>> = const { RefCell::new(None) };
}

pub(crate) fn visit_body<'de, V: Visitor<'de>>(body: &Body<'_>, visitor: V) -> Result<V::Value> {
    STASH.with(|s| *s.borrow_mut() = Some(Stashed::Body(body.clone().into_owned())));
    let r = visitor.visit_unit();
    STASH.with(|s| s.borrow_mut().take());
    r
}

pub(crate) fn visit_expression<'de, V: Visitor<'de>>(
    expr: &Expression<'_>,
    visitor: V,
) -> Result<V::Value> {
    STASH.with(|s| *s.borrow_mut() = Some(Stashed::Expression(expr.clone().into_owned())));
    let r = visitor.visit_unit();
    STASH.with(|s| s.borrow_mut().take());
    r
}

struct SyntaxVisitor {
    body: bool,
}

impl<'de> Visitor<'de> for SyntaxVisitor {
    type Value = Stashed;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.body {
            "an HCL body (only hcl's own deserializer can provide one)"
        } else {
            "an HCL expression (only hcl's own deserializer can provide one)"
        })
    }

    fn visit_unit<E: de::Error>(self) -> Result<Stashed, E> {
        match STASH.with(|s| s.borrow_mut().take()) {
            Some(s) => Ok(s),
            None => Err(E::invalid_type(de::Unexpected::Unit, &self)),
        }
    }
}

/// A field of type `Body` receives the block's body (or, at the top level,
/// the whole file) as syntax, spans included.
///
/// ```
/// #[derive(serde::Deserialize)]
/// struct Config<'a> {
///     name: String,
///     settings: hcl::Body<'a>,
/// }
/// let c: Config = hcl::from_str("name = \"x\"\nsettings {\n  a = var.b\n}\n").unwrap();
/// assert_eq!(c.settings.structures.len(), 1);
/// assert!(c.settings.attribute("a").is_some());
/// ```
impl<'de> Deserialize<'de> for Body<'_> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match d.deserialize_newtype_struct(BODY_NAME, SyntaxVisitor { body: true })? {
            Stashed::Body(b) => Ok(b),
            Stashed::Expression(_) => Err(de::Error::custom("expected a body, got an expression")),
        }
    }
}

/// A field of type `Expression` receives the attribute's expression as
/// syntax, unevaluated.
///
/// ```
/// use hcl::syntax::ExprKind;
/// #[derive(serde::Deserialize)]
/// struct Rule<'a> {
///     when: hcl::Expression<'a>,
/// }
/// let r: Rule = hcl::from_str("when = var.env == \"prod\"\n").unwrap();
/// assert!(matches!(r.when.kind, ExprKind::Binary(_)));
/// assert_eq!(r.when.span, hcl::Span::new(7, 24));
/// ```
impl<'de> Deserialize<'de> for Expression<'_> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match d.deserialize_newtype_struct(EXPRESSION_NAME, SyntaxVisitor { body: false })? {
            Stashed::Expression(e) => Ok(e),
            Stashed::Body(_) => Err(de::Error::custom("expected an expression, got a body")),
        }
    }
}
