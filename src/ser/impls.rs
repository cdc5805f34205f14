//! `Serialize` for [`Value`], [`Body`], [`Expression`] and the type
//! constraints.
//!
//! A body or expression asks for a newtype with a private name, whose
//! content depends on the serializer:
//! - formats that are not human-readable get the native source text (this
//!   crate's serializer, which parses it again to print it at its depth, as
//!   bincode, postcard and other compact formats do); the `Deserialize`
//!   impls accept that text back;
//! - human-readable formats (serde_json, YAML, ...) get the shape of HCL's
//!   JSON syntax: literal values as JSON values, other expressions as
//!   `"${...}"` strings, templates as template strings, blocks nested under
//!   their type and labels (repeated blocks as arrays).

use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Serialize, Serializer};

use super::{BODY_TOKEN, EXPR_TOKEN, LITERAL_TOKEN, NUMBER_TOKEN};
use crate::format::{format_expression, format_template};
use crate::syntax::*;
use crate::value::shape::{place_block, Shape};
use crate::value::Value;

/// A number `f64` cannot hold exactly (a 512-bit value such as `1/3`):
/// human-readable formats get the nearest `f64`; the others, this crate's
/// serializer among them, its exact decimal digits, which read back to the
/// same value.
struct ExactNumber(crate::value::Number);

impl Serialize for ExactNumber {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if s.is_human_readable() {
            s.serialize_f64(self.0.as_f64())
        } else {
            s.serialize_str(&self.0.to_plain_string())
        }
    }
}

impl Serialize for Value {
    /// Strings are marked literal: this crate's serializer escapes `${` in them.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::stack::with_stack(|| match self {
            Value::Null => s.serialize_unit(),
            Value::Bool(b) => s.serialize_bool(*b),
            Value::Number(n) => {
                if let Some(u) = n.as_u64() {
                    s.serialize_u64(u)
                } else if let Some(i) = n.as_i64() {
                    s.serialize_i64(i)
                } else if n.is_f64() || n.is_zero() {
                    s.serialize_f64(n.as_f64())
                } else {
                    s.serialize_newtype_struct(NUMBER_TOKEN, &ExactNumber(n.clone()))
                }
            }
            Value::String(st) => s.serialize_newtype_struct(LITERAL_TOKEN, st.as_str()),
            Value::Array(a) => {
                let mut seq = s.serialize_seq(Some(a.len()))?;
                for v in a {
                    seq.serialize_element(v)?;
                }
                seq.end()
            }
            Value::Object(o) => {
                let mut map = s.serialize_map(Some(o.len()))?;
                for (k, v) in o {
                    map.serialize_entry(k, v)?;
                }
                map.end()
            }
        })
    }
}

impl Serialize for ConfigFile<'_> {
    /// As its [`Body`].
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.body().serialize(s)
    }
}

impl Serialize for ParsedExpression<'_> {
    /// As its [`Expression`].
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.expr().serialize(s)
    }
}

/// A type constraint serializes as it deserializes: with this crate's
/// serializer, the expression in Terraform's type syntax (`type =
/// list(string)`); with other formats, that text as a string.
///
/// ```
/// #[derive(serde::Serialize, serde::Deserialize)]
/// struct Variable {
///     #[serde(rename = "type")]
///     ty: hcl::TypeConstraint,
/// }
/// let v: Variable = hcl::from_str("type = list(string)\n").unwrap();
/// assert_eq!(hcl::to_string(&v).unwrap(), "type = list(string)\n");
///
/// let v: Variable = hcl::from_str("type = map(object({a = optional(string, \"x\")}))\n").unwrap();
/// let back: Variable = hcl::from_str(&hcl::to_string(&v).unwrap()).unwrap();
/// assert_eq!(back.ty, v.ty);
/// assert_eq!(serde_json::to_string(&v).unwrap(), r#"{"type":"map(object({a = optional(string, \"x\")}))"}"#);
/// ```
impl Serialize for crate::value::TypeConstraint {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_newtype_struct(EXPR_TOKEN, &self.to_string())
    }
}

/// An exact type serializes as the [`TypeConstraint`](crate::TypeConstraint)
/// that stands for it (`object({a = string})`).
impl Serialize for crate::value::Type {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::value::TypeConstraint::from(self.clone()).serialize(s)
    }
}

impl Serialize for Expression<'_> {
    /// With this crate's serializer the syntax is written as it is; with
    /// other serializers it takes the shape of HCL's JSON syntax.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_newtype_struct(EXPR_TOKEN, &ExprRepr(self))
    }
}

/// A body serializes unevaluated. With this crate's serializer (and other
/// formats that are not human-readable) it is its native syntax; with
/// human-readable formats such as serde_json it takes the shape of HCL's
/// JSON syntax, where expressions that are not literal values become
/// `"${...}"` strings.
///
/// ```
/// let file = hcl::parse("region = var.region\nport   = 80\n\nlisten \"http\" {}\n").unwrap();
/// assert_eq!(hcl::to_string(&file).unwrap(), file.source());
/// assert_eq!(
///     serde_json::to_string(&file).unwrap(),
///     r#"{"region":"${var.region}","port":80,"listen":{"http":{}}}"#
/// );
/// ```
impl Serialize for Body<'_> {
    /// See the impl's documentation.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_newtype_struct(BODY_TOKEN, &BodyRepr(self))
    }
}

/// An expression asked for its syntax: its text for formats that are not
/// human-readable (this crate's own serializer among them), the JSON shape
/// for the others.
struct ExprRepr<'e, 'a>(&'e Expression<'a>);

impl Serialize for ExprRepr<'_, '_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if s.is_human_readable() {
            json_expr(self.0, s)
        } else {
            s.serialize_str(&format_expression(self.0))
        }
    }
}

/// A body asked for its syntax, as [`ExprRepr`].
struct BodyRepr<'e, 'a>(&'e Body<'a>);

impl Serialize for BodyRepr<'_, '_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if s.is_human_readable() {
            json_body(self.0, s)
        } else {
            s.serialize_str(&crate::format::format_body(self.0))
        }
    }
}

struct JsonExpr<'e, 'a>(&'e Expression<'a>);

impl Serialize for JsonExpr<'_, '_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        json_expr(self.0, s)
    }
}

fn escape_json_template(v: &str) -> String {
    let mut out = String::with_capacity(v.len());
    crate::syntax::escape_template(&mut out, v);
    out
}

fn json_expr<S: Serializer>(e: &Expression<'_>, s: S) -> Result<S::Ok, S::Error> {
    match &e.kind {
        ExprKind::Null => s.serialize_unit(),
        ExprKind::Bool(b) => s.serialize_bool(*b),
        ExprKind::Number(n) => Value::Number(n.value()).serialize(s),
        ExprKind::String(v) => s.serialize_str(&escape_json_template(v)),
        ExprKind::Template(t) => s.serialize_str(&format_template(&t.template)),
        ExprKind::Tuple(v) => {
            let mut seq = s.serialize_seq(Some(v.len()))?;
            for e in *v {
                seq.serialize_element(&JsonExpr(e))?;
            }
            seq.end()
        }
        ExprKind::Object(items) => {
            let mut map = s.serialize_map(Some(items.len()))?;
            for it in *items {
                let key = match &it.key {
                    ObjectKey::Ident(i) => i.name.to_string(),
                    ObjectKey::Expression(Expression {
                        kind: ExprKind::String(k),
                        ..
                    }) => escape_json_template(k),
                    ObjectKey::Expression(k) => format!("${{{}}}", format_expression(k)),
                };
                map.serialize_entry(&key, &JsonExpr(&it.value))?;
            }
            map.end()
        }
        _ => s.serialize_str(&format!("${{{}}}", format_expression(e))),
    }
}

/// HCL JSON shape of a body: blocks grouped by type, then by label
/// ([`place_block`]).
enum Tree<'e, 'a> {
    /// A slot nothing was placed in yet.
    Empty,
    Expr(&'e Expression<'a>),
    Map(Vec<(&'e str, Tree<'e, 'a>)>),
    Seq(Vec<Tree<'e, 'a>>),
}

impl Serialize for Tree<'_, '_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Tree::Empty => s.serialize_unit(),
            Tree::Expr(e) => json_expr(e, s),
            Tree::Map(m) => {
                let mut map = s.serialize_map(Some(m.len()))?;
                for (k, v) in m {
                    map.serialize_entry(k, v)?;
                }
                map.end()
            }
            Tree::Seq(v) => {
                let mut seq = s.serialize_seq(Some(v.len()))?;
                for t in v {
                    seq.serialize_element(t)?;
                }
                seq.end()
            }
        }
    }
}

impl<'e> Shape<'e> for Tree<'e, '_> {
    fn is_empty_slot(&self) -> bool {
        matches!(self, Tree::Empty)
    }

    fn entry(&mut self, key: &'e str) -> &mut Self {
        if !matches!(self, Tree::Map(_)) {
            *self = Tree::Map(Vec::new());
        }
        let Tree::Map(m) = self else {
            unreachable!("made a map above")
        };
        let i = match m.iter().position(|(k, _)| *k == key) {
            Some(i) => i,
            None => {
                m.push((key, Tree::Empty));
                m.len() - 1
            }
        };
        &mut m[i].1
    }

    fn push(&mut self, content: Self) {
        match self {
            Tree::Seq(v) => v.push(content),
            other => {
                let first = std::mem::replace(other, Tree::Empty);
                *other = Tree::Seq(vec![first, content]);
            }
        }
    }
}

fn json_body<S: Serializer>(b: &Body<'_>, s: S) -> Result<S::Ok, S::Error> {
    body_tree(b).serialize(s)
}

/// A body's items as a map, its blocks placed by [`place_block`].
fn body_tree<'e, 'a>(b: &'e Body<'a>) -> Tree<'e, 'a> {
    let mut top = Tree::Map(Vec::new());
    for st in b.structures {
        match st {
            Structure::Attribute(a) => *top.entry(a.name.name) = Tree::Expr(&a.expr),
            Structure::Block(bl) => place_block(
                top.entry(bl.ident.name),
                bl.labels.iter().map(BlockLabel::as_str),
                body_tree(&bl.body),
            ),
        }
    }
    top
}
