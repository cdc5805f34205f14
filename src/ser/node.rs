//! The intermediate tree built by the serde serializer, and its conversion
//! into syntax trees and values.

use crate::error::path::{prepend_index, prepend_key};
use serde::ser::{self, Serialize};

use super::*;
use crate::error::Error;
use crate::format::Printer;
use crate::syntax::is_ident;
use crate::syntax::Span;
use crate::syntax::*;
use crate::value::Number;

/// A per-field override.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Forced {
    Block,
    LabeledBlock,
    Attribute,
}

/// What a value serialized into.
#[derive(Debug)]
pub(crate) enum Node {
    /// `Option::None`: left out of bodies, `null` elsewhere.
    None,
    Null,
    Bool(bool),
    Number(Number),
    /// A string that may hold template syntax.
    String(String),
    /// A string meant literally.
    LitString(String),
    Seq(Vec<Node>),
    Map(Vec<(String, Node)>),
    Struct(Vec<(String, Node)>),
    Expr(ParsedExpression<'static>),
    Body(ConfigFile<'static>),
    /// A top-level body, already printed.
    Text(String),
    Forced(Forced, Box<Node>),
}

/// Receives the text a [`Body`] or [`Expression`] serializes into when it is
/// asked for its syntax.
///
/// Only the serializer's own values say which serializer is at work: this
/// one is not human-readable, so `Serialize for Body` and `for Expression`
/// answer it with their native source text (as they answer bincode,
/// postcard and other compact formats), where human-readable formats get
/// the shape of HCL's JSON syntax.
struct SyntaxText;

fn not_syntax<T>() -> Result<T> {
    Err(ser_error(
        "internal: a syntax field serialized into something other than its text",
    ))
}

impl ser::Serializer for SyntaxText {
    type Ok = String;
    type Error = Error;
    type SerializeSeq = ser::Impossible<String, Error>;
    type SerializeTuple = ser::Impossible<String, Error>;
    type SerializeTupleStruct = ser::Impossible<String, Error>;
    type SerializeTupleVariant = ser::Impossible<String, Error>;
    type SerializeMap = ser::Impossible<String, Error>;
    type SerializeStruct = ser::Impossible<String, Error>;
    type SerializeStructVariant = ser::Impossible<String, Error>;

    fn is_human_readable(&self) -> bool {
        false
    }
    fn serialize_str(self, v: &str) -> Result<String> {
        Ok(v.to_owned())
    }
    fn serialize_bool(self, _: bool) -> Result<String> {
        not_syntax()
    }
    fn serialize_i64(self, _: i64) -> Result<String> {
        not_syntax()
    }
    fn serialize_u64(self, _: u64) -> Result<String> {
        not_syntax()
    }
    fn serialize_f64(self, _: f64) -> Result<String> {
        not_syntax()
    }
    fn serialize_i8(self, _: i8) -> Result<String> {
        not_syntax()
    }
    fn serialize_i16(self, _: i16) -> Result<String> {
        not_syntax()
    }
    fn serialize_i32(self, _: i32) -> Result<String> {
        not_syntax()
    }
    fn serialize_u8(self, _: u8) -> Result<String> {
        not_syntax()
    }
    fn serialize_u16(self, _: u16) -> Result<String> {
        not_syntax()
    }
    fn serialize_u32(self, _: u32) -> Result<String> {
        not_syntax()
    }
    fn serialize_f32(self, _: f32) -> Result<String> {
        not_syntax()
    }
    fn serialize_char(self, _: char) -> Result<String> {
        not_syntax()
    }
    fn serialize_bytes(self, _: &[u8]) -> Result<String> {
        not_syntax()
    }
    fn serialize_none(self) -> Result<String> {
        not_syntax()
    }
    fn serialize_some<T: ?Sized + Serialize>(self, _: &T) -> Result<String> {
        not_syntax()
    }
    fn serialize_unit(self) -> Result<String> {
        not_syntax()
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<String> {
        not_syntax()
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, _: &'static str) -> Result<String> {
        not_syntax()
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: &T,
    ) -> Result<String> {
        not_syntax()
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<String> {
        not_syntax()
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq> {
        not_syntax()
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple> {
        not_syntax()
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct> {
        not_syntax()
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant> {
        not_syntax()
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap> {
        not_syntax()
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeStruct> {
        not_syntax()
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant> {
        not_syntax()
    }
}

impl Node {
    fn kind_name(&self) -> &'static str {
        match self {
            Node::None | Node::Null => "null",
            Node::Bool(_) => "a bool",
            Node::Number(_) => "a number",
            Node::String(_) | Node::LitString(_) => "a string",
            Node::Seq(_) => "a sequence",
            Node::Map(_) => "a map",
            Node::Struct(_) => "a struct",
            Node::Expr(_) => "an expression",
            Node::Body(_) | Node::Text(_) => "a body",
            Node::Forced(_, n) => n.kind_name(),
        }
    }

    pub(crate) fn into_value(self) -> Result<Value> {
        Ok(match self {
            Node::None | Node::Null => Value::Null,
            Node::Bool(b) => Value::Bool(b),
            Node::Number(n) => Value::Number(n),
            Node::String(s) | Node::LitString(s) => Value::String(s.into()),
            Node::Seq(v) => {
                Value::Array(v.into_iter().map(Node::into_value).collect::<Result<_>>()?)
            }
            Node::Map(m) | Node::Struct(m) => Value::Object(
                m.into_iter()
                    .map(|(k, v)| Ok((k, v.into_value()?)))
                    .collect::<Result<_>>()?,
            ),
            Node::Expr(e) => literal_value(e.expr())
                .ok_or_else(|| ser_error("only literal expressions can be converted to a Value"))?,
            Node::Body(_) | Node::Text(_) => {
                return Err(ser_error("a body cannot be converted to a Value"))
            }
            Node::Forced(_, n) => n.into_value()?,
        })
    }
}

fn literal_value(e: &Expression<'_>) -> Option<Value> {
    Some(match &e.kind {
        ExprKind::Null => Value::Null,
        ExprKind::Bool(b) => Value::Bool(*b),
        ExprKind::Number(n) => Value::Number(n.value()),
        ExprKind::String(s) => Value::String(crate::value::Str::from(*s)),
        ExprKind::Tuple(v) => Value::Array(v.iter().map(literal_value).collect::<Option<_>>()?),
        ExprKind::Object(items) => Value::Object(
            items
                .iter()
                .map(|it| {
                    let k = match &it.key {
                        ObjectKey::Ident(i) => i.name.to_string(),
                        ObjectKey::Expression(k) => match literal_value(k)? {
                            Value::String(s) => s.into_string(),
                            _ => return None,
                        },
                    };
                    Some((k, literal_value(&it.value)?))
                })
                .collect::<Option<_>>()?,
        ),
        ExprKind::Parenthesis(e) => literal_value(e)?,
        _ => return None,
    })
}

// ------------------------------------------------------------- Node → HCL

const SP: Span = Span::new(0, 0);

pub(crate) fn write_body(p: &mut Printer<'_>, node: Node, lit: bool) -> Result<()> {
    match node {
        Node::Text(_) => Err(ser_error("internal: printed body in a nested position")),
        Node::Body(b) => {
            p.body(b.body());
            Ok(())
        }
        Node::Struct(entries) | Node::Map(entries) => {
            let arena = Arena::new();
            let a = &arena;
            let body = build_body(a, entries, lit)?;
            p.body(&body);
            Ok(())
        }
        Node::Forced(_, inner) => write_body(p, *inner, lit),
        other => Err(ser_error(format!(
            "only a struct or a map can be written as an HCL body, not {}",
            other.kind_name()
        ))),
    }
}

fn is_blocky(n: &Node) -> bool {
    matches!(n, Node::Struct(_) | Node::Body(_))
}

fn all_blocky(v: &[Node]) -> bool {
    !v.is_empty() && v.iter().all(is_blocky)
}

fn labelable(n: &Node) -> bool {
    match n {
        Node::Struct(_) | Node::Body(_) => true,
        Node::Seq(v) => all_blocky(v),
        Node::Map(m) => !m.is_empty() && m.iter().all(|(_, v)| labelable(v)),
        _ => false,
    }
}

fn check_ident(key: &str) -> Result<()> {
    if crate::syntax::is_identifier(key) {
        Ok(())
    } else {
        Err(ser_error(format!(
            "`{key}` is not a valid HCL attribute or block name"
        )))
    }
}

fn build_body<'b>(a: &'b Arena, entries: Vec<(String, Node)>, lit: bool) -> Result<Body<'b>> {
    let mut out = Vec::with_capacity(entries.len());
    for (key, node) in entries {
        if matches!(node, Node::None) {
            continue;
        }
        check_ident(&key)?;
        match node {
            Node::Forced(Forced::Attribute, v) => out.push(attr(a, key, to_expr(a, *v, lit)?)),
            Node::Forced(Forced::Block, v) => match *v {
                Node::Seq(items) => {
                    for it in items {
                        out.push(block(a, &key, &[], body_of(a, it, lit)?));
                    }
                }
                other => out.push(block(a, &key, &[], body_of(a, other, lit)?)),
            },
            Node::Forced(Forced::LabeledBlock, v) => match *v {
                Node::Map(m) | Node::Struct(m) => {
                    for (label, v) in m {
                        labeled(a, &mut out, &key, &mut vec![label], v, lit, true)?;
                    }
                }
                other => {
                    return Err(ser_error(format!(
                        "labeled blocks need a map, found {}",
                        other.kind_name()
                    )))
                }
            },
            n @ (Node::Struct(_) | Node::Body(_)) => {
                out.push(block(a, &key, &[], body_of(a, n, lit)?))
            }
            Node::Seq(items) if all_blocky(&items) => {
                for it in items {
                    out.push(block(a, &key, &[], body_of(a, it, lit)?));
                }
            }
            Node::Map(m) if !m.is_empty() && m.iter().all(|(_, v)| labelable(v)) => {
                for (label, v) in m {
                    labeled(a, &mut out, &key, &mut vec![label], v, lit, false)?;
                }
            }
            other => out.push(attr(a, key, to_expr(a, other, lit)?)),
        }
    }
    Ok(Body {
        structures: a.alloc_slice(&out),
        span: SP,
    })
}

fn labeled<'b>(
    a: &'b Arena,
    out: &mut Vec<Structure<'b>>,
    key: &str,
    labels: &mut Vec<String>,
    node: Node,
    lit: bool,
    forced: bool,
) -> Result<()> {
    match node {
        Node::Seq(items) if all_blocky(&items) || forced => {
            for it in items {
                out.push(block(a, key, labels, body_of(a, it, lit)?));
            }
        }
        Node::Map(m)
            if !m.is_empty()
                && m.iter().all(|(_, v)| {
                    if forced {
                        matches!(v, Node::Map(_) | Node::Struct(_) | Node::Body(_))
                    } else {
                        labelable(v)
                    }
                }) =>
        {
            for (label, v) in m {
                labels.push(label);
                labeled(a, out, key, labels, v, lit, forced)?;
                labels.pop();
            }
        }
        Node::Forced(_, n) => labeled(a, out, key, labels, *n, lit, forced)?,
        other => out.push(block(a, key, labels, body_of(a, other, lit)?)),
    }
    Ok(())
}

fn body_of<'b>(a: &'b Arena, node: Node, lit: bool) -> Result<Body<'b>> {
    crate::stack::with_stack(|| match node {
        Node::Body(b) => Ok(b.body().copy_in(a)),
        Node::Struct(m) | Node::Map(m) => build_body(a, m, lit),
        Node::Forced(_, n) => body_of(a, *n, lit),
        other => Err(ser_error(format!(
            "a block body must be a struct or a map, not {}",
            other.kind_name()
        ))),
    })
}

fn attr<'b>(a: &'b Arena, name: String, expr: Expression<'b>) -> Structure<'b> {
    Structure::Attribute(Attribute {
        name: Ident::new(a.alloc_str(&name), SP),
        expr,
    })
}

fn block<'b>(a: &'b Arena, key: &str, labels: &[String], body: Body<'b>) -> Structure<'b> {
    Structure::Block(Block {
        ident: Ident::new(a.alloc_str(key), SP),
        labels: a.alloc_iter(labels.iter().map(|l| BlockLabel::String {
            value: a.alloc_str(l),
            span: SP,
        })),
        body,
    })
}

fn ex(kind: ExprKind<'_>) -> Expression<'_> {
    Expression::new(kind, SP)
}

pub(crate) fn to_expr<'b>(a: &'b Arena, node: Node, lit: bool) -> Result<Expression<'b>> {
    crate::stack::with_stack(|| {
        Ok(match node {
            Node::None | Node::Null => ex(ExprKind::Null),
            Node::Bool(b) => ex(ExprKind::Bool(b)),
            Node::Number(n) => number_expr(a, n)?,
            Node::String(s) => string_expr(a, s, lit),
            Node::LitString(s) => string_expr(a, s, true),
            Node::Seq(v) => {
                let items = v
                    .into_iter()
                    .map(|n| to_expr(a, n, lit))
                    .collect::<Result<Vec<_>>>()?;
                ex(ExprKind::Tuple(a.alloc_slice(&items)))
            }
            Node::Map(m) | Node::Struct(m) => {
                let mut items = Vec::with_capacity(m.len());
                for (k, v) in m {
                    if matches!(v, Node::None) {
                        continue;
                    }
                    let k = a.alloc_str(&k);
                    let key = if is_ident(k) {
                        ObjectKey::Ident(Ident::new(k, SP))
                    } else {
                        ObjectKey::Expression(ex(ExprKind::String(k)))
                    };
                    items.push(ObjectItem {
                        key,
                        value: to_expr(a, v, lit)?,
                        separator: ObjectSeparator::Equals,
                    });
                }
                ex(ExprKind::Object(a.alloc_slice(&items)))
            }
            Node::Expr(e) => e.expr().copy_in(a),
            Node::Body(_) | Node::Text(_) => {
                return Err(ser_error("a body cannot be written as an attribute value"))
            }
            Node::Forced(_, n) => to_expr(a, *n, lit)?,
        })
    })
}

fn number_expr(a: &Arena, n: Number) -> Result<Expression<'_>> {
    if !n.is_finite() {
        return Err(ser_error("HCL has no literal for infinite numbers"));
    }
    Ok(ex(ExprKind::Number(a.alloc(NumberLit::new(
        a,
        &n,
        a.alloc_str(&literal_text(&n)),
    )))))
}

/// A number as a literal that reads back to it: its display form, or for
/// a 512-bit value its exact digits, laid out as an `f64` of the same
/// digits would be (`4.085554681646252e85`, `1e-400`, `0.000037`).
fn literal_text(n: &Number) -> String {
    if n.is_f64() || n.is_zero() || n.as_i64().is_some() || n.as_u64().is_some() {
        return n.to_string();
    }
    let plain = n.to_plain_string();
    let (sign, body) = match plain.strip_prefix('-') {
        Some(b) => ("-", b),
        None => ("", plain.as_str()),
    };
    let (int, frac) = body.split_once('.').unwrap_or((body, ""));
    let all: String = format!("{int}{frac}");
    let lead = all.len() - all.trim_start_matches('0').len();
    let digits = all.trim_matches('0');
    if digits.is_empty() {
        return plain;
    }
    // The value is 0.DIGITS × 10^point.
    let point = int.len() as i64 - lead as i64;
    let exp = point - 1;
    let mantissa = if digits.len() > 1 {
        format!("{}.{}", &digits[..1], &digits[1..])
    } else {
        digits.to_owned()
    };
    // The layout `f64`s print with (`ryu`'s): plain when the value is at
    // least 1e-5 and below 1e16.
    if -5 < point && point <= 16 {
        plain
    } else {
        format!("{sign}{mantissa}e{exp}")
    }
}

/// Parses `s` as template source, if the parser accepts it.
fn parse_template<'b>(a: &'b Arena, s: &str) -> Option<Template<'b>> {
    crate::parser::parse_template_in(a, a.alloc_str(s), &crate::parser::ParseOptions::default())
        .ok()
}

pub(crate) fn string_expr(a: &Arena, s: String, lit: bool) -> Expression<'_> {
    if !lit && (s.contains("${") || s.contains("%{")) {
        if let Some(t) = parse_template(a, &s) {
            if let [Element::Interpolation(i)] = t.elements {
                return i.expr;
            }
            let has_code = t.elements.iter().any(|e| !matches!(e, Element::Literal(_)));
            if has_code {
                let kind = heredoc_kind(a, &s).unwrap_or(TemplateKind::Quoted);
                return ex(ExprKind::Template(
                    a.alloc(TemplateExpr { kind, template: t }),
                ));
            }
            // Only escapes (`$${`): the text is its literal value.
            let text: String = t
                .elements
                .iter()
                .map(|e| match e {
                    Element::Literal(l) => l.value,
                    _ => "",
                })
                .collect();
            return string_expr(a, text, true);
        }
    }
    if let Some(kind) = heredoc_kind(a, &s) {
        return ex(ExprKind::Template(a.alloc(TemplateExpr {
            kind,
            template: Template {
                elements: a.alloc_slice(&[Element::Literal(Literal {
                    value: a.alloc_str(&s),
                    span: SP,
                })]),
                span: SP,
            },
        })));
    }
    ex(ExprKind::String(a.alloc_str(&s)))
}

/// A heredoc form for `s` if it is multi-line text ending in a newline with
/// no control characters other than tab and newline.
pub(crate) fn heredoc_kind<'b>(a: &'b Arena, s: &str) -> Option<TemplateKind<'b>> {
    let body = s.strip_suffix('\n')?;
    if !body.contains('\n') {
        return None;
    }
    if s.bytes()
        .any(|b| (b < 0x20 && b != b'\n' && b != b'\t') || b == 0x7f)
    {
        return None;
    }
    // `<<-` removes the leading whitespace (any Unicode space, as the parser
    // and Terraform count it) common to all lines: text that is indented
    // throughout needs `<<` to keep it.
    let mut min_indent = usize::MAX;
    for line in body.split('\n') {
        if line.trim().is_empty() {
            continue;
        }
        min_indent = min_indent.min(line.chars().take_while(|c| c.is_whitespace()).count());
    }
    let mut marker = String::from("EOT");
    let mut n = 0u32;
    while body.split('\n').any(|l| l.trim() == marker) {
        n += 1;
        marker = format!("EOT{n}");
    }
    Some(TemplateKind::Heredoc {
        marker: a.alloc_str(&marker),
        strip_indent: min_indent == 0 || min_indent == usize::MAX,
    })
}

// ------------------------------------------------------ serde Serializer

/// Serializes a value into a [`Node`].
#[derive(Clone, Copy)]
pub(crate) struct NodeSerializer {
    /// Nothing but the top-level value has been serialized: a body there
    /// is printed directly.
    pub(crate) top: bool,
}

/// The serializer for nested values.
const NESTED: NodeSerializer = NodeSerializer { top: false };

fn num(n: impl Into<Number>) -> Result<Node> {
    Ok(Node::Number(n.into()))
}

impl ser::Serializer for NodeSerializer {
    type Ok = Node;
    type Error = Error;
    type SerializeSeq = SeqBuilder;
    type SerializeTuple = SeqBuilder;
    type SerializeTupleStruct = SeqBuilder;
    type SerializeTupleVariant = VariantSeqBuilder;
    type SerializeMap = MapBuilder;
    type SerializeStruct = StructBuilder;
    type SerializeStructVariant = VariantStructBuilder;

    fn serialize_bool(self, v: bool) -> Result<Node> {
        Ok(Node::Bool(v))
    }
    fn serialize_i8(self, v: i8) -> Result<Node> {
        num(v)
    }
    fn serialize_i16(self, v: i16) -> Result<Node> {
        num(v)
    }
    fn serialize_i32(self, v: i32) -> Result<Node> {
        num(v)
    }
    fn serialize_i64(self, v: i64) -> Result<Node> {
        num(v)
    }
    fn serialize_u8(self, v: u8) -> Result<Node> {
        num(v)
    }
    fn serialize_u16(self, v: u16) -> Result<Node> {
        num(v)
    }
    fn serialize_u32(self, v: u32) -> Result<Node> {
        num(v)
    }
    fn serialize_u64(self, v: u64) -> Result<Node> {
        num(v)
    }
    fn serialize_i128(self, v: i128) -> Result<Node> {
        if let Ok(i) = i64::try_from(v) {
            num(i)
        } else if let Ok(u) = u64::try_from(v) {
            num(u)
        } else {
            num(v as f64)
        }
    }
    fn serialize_u128(self, v: u128) -> Result<Node> {
        match u64::try_from(v) {
            Ok(u) => num(u),
            Err(_) => num(v as f64),
        }
    }
    fn serialize_f32(self, v: f32) -> Result<Node> {
        self.serialize_f64(f64::from(v))
    }
    fn serialize_f64(self, v: f64) -> Result<Node> {
        Number::from_f64(v)
            .map(Node::Number)
            .ok_or_else(|| ser_error("HCL has no NaN"))
    }
    fn serialize_char(self, v: char) -> Result<Node> {
        Ok(Node::String(v.to_string()))
    }
    fn serialize_str(self, v: &str) -> Result<Node> {
        Ok(Node::String(v.to_owned()))
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<Node> {
        Ok(Node::Seq(
            v.iter().map(|&b| Node::Number(b.into())).collect(),
        ))
    }
    fn serialize_none(self) -> Result<Node> {
        Ok(Node::None)
    }
    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<Node> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<Node> {
        Ok(Node::Null)
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<Node> {
        Ok(Node::Null)
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<Node> {
        Ok(Node::String(variant.to_owned()))
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        name: &'static str,
        value: &T,
    ) -> Result<Node> {
        match name {
            LITERAL_TOKEN => Ok(match value.serialize(self)? {
                Node::String(s) => Node::LitString(s),
                other => other,
            }),
            NUMBER_TOKEN => {
                let text = value.serialize(SyntaxText)?;
                Number::parse(&text)
                    .map(Node::Number)
                    .ok_or_else(|| ser_error("invalid number"))
            }
            EXPR_TOKEN => {
                let text = value.serialize(SyntaxText)?;
                Ok(Node::Expr(ParsedExpression::parse_with(
                    text,
                    &Default::default(),
                )?))
            }
            // A body at the top level is printed already; elsewhere it is
            // parsed again, to be printed at its depth.
            BODY_TOKEN if self.top => Ok(Node::Text(value.serialize(SyntaxText)?)),
            BODY_TOKEN => Ok(Node::Body(ConfigFile::parse_with(
                value.serialize(SyntaxText)?,
                &Default::default(),
            )?)),
            BLOCK_TOKEN => Ok(Node::Forced(
                Forced::Block,
                Box::new(value.serialize(self)?),
            )),
            LABELED_TOKEN => Ok(Node::Forced(
                Forced::LabeledBlock,
                Box::new(value.serialize(self)?),
            )),
            ATTR_TOKEN => Ok(Node::Forced(
                Forced::Attribute,
                Box::new(value.serialize(self)?),
            )),
            _ => value.serialize(self),
        }
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<Node> {
        Ok(Node::Map(vec![(
            variant.to_owned(),
            value.serialize(self)?,
        )]))
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<SeqBuilder> {
        Ok(SeqBuilder(Vec::with_capacity(len.unwrap_or(0))))
    }
    fn serialize_tuple(self, len: usize) -> Result<SeqBuilder> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _name: &'static str, len: usize) -> Result<SeqBuilder> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<VariantSeqBuilder> {
        Ok(VariantSeqBuilder(variant, Vec::with_capacity(len)))
    }
    fn serialize_map(self, len: Option<usize>) -> Result<MapBuilder> {
        Ok(MapBuilder {
            entries: Vec::with_capacity(len.unwrap_or(0)),
            key: None,
        })
    }
    fn serialize_struct(self, _name: &'static str, len: usize) -> Result<StructBuilder> {
        Ok(StructBuilder(Vec::with_capacity(len)))
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<VariantStructBuilder> {
        Ok(VariantStructBuilder(variant, Vec::with_capacity(len)))
    }
}

pub(crate) struct SeqBuilder(Vec<Node>);
pub(crate) struct VariantSeqBuilder(&'static str, Vec<Node>);
pub(crate) struct MapBuilder {
    entries: Vec<(String, Node)>,
    key: Option<String>,
}
pub(crate) struct StructBuilder(Vec<(String, Node)>);
pub(crate) struct VariantStructBuilder(&'static str, Vec<(String, Node)>);

impl ser::SerializeSeq for SeqBuilder {
    type Ok = Node;
    type Error = Error;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        let i = self.0.len();
        self.0
            .push(value.serialize(NESTED).map_err(|e| prepend_index(e, i))?);
        Ok(())
    }
    fn end(self) -> Result<Node> {
        Ok(Node::Seq(self.0))
    }
}

impl ser::SerializeTuple for SeqBuilder {
    type Ok = Node;
    type Error = Error;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        ser::SerializeSeq::serialize_element(self, value)
    }
    fn end(self) -> Result<Node> {
        ser::SerializeSeq::end(self)
    }
}

impl ser::SerializeTupleStruct for SeqBuilder {
    type Ok = Node;
    type Error = Error;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        ser::SerializeSeq::serialize_element(self, value)
    }
    fn end(self) -> Result<Node> {
        ser::SerializeSeq::end(self)
    }
}

impl ser::SerializeTupleVariant for VariantSeqBuilder {
    type Ok = Node;
    type Error = Error;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        let i = self.1.len();
        let node = value
            .serialize(NESTED)
            .map_err(|e| prepend_key(prepend_index(e, i), self.0))?;
        self.1.push(node);
        Ok(())
    }
    fn end(self) -> Result<Node> {
        Ok(Node::Map(vec![(self.0.to_owned(), Node::Seq(self.1))]))
    }
}

impl ser::SerializeMap for MapBuilder {
    type Ok = Node;
    type Error = Error;
    fn serialize_key<T: ?Sized + Serialize>(&mut self, key: &T) -> Result<()> {
        self.key = Some(key.serialize(KeySerializer)?);
        Ok(())
    }
    fn serialize_value<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        let key = self
            .key
            .take()
            .ok_or_else(|| ser_error("map value without a key"))?;
        let node = value.serialize(NESTED).map_err(|e| prepend_key(e, &key))?;
        self.entries.push((key, node));
        Ok(())
    }
    fn end(self) -> Result<Node> {
        Ok(Node::Map(self.entries))
    }
}

impl ser::SerializeStruct for StructBuilder {
    type Ok = Node;
    type Error = Error;
    fn serialize_field<T: ?Sized + Serialize>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<()> {
        let node = value.serialize(NESTED).map_err(|e| prepend_key(e, key))?;
        self.0.push((key.to_owned(), node));
        Ok(())
    }
    fn end(self) -> Result<Node> {
        Ok(Node::Struct(self.0))
    }
}

impl ser::SerializeStructVariant for VariantStructBuilder {
    type Ok = Node;
    type Error = Error;
    fn serialize_field<T: ?Sized + Serialize>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<()> {
        let node = value
            .serialize(NESTED)
            .map_err(|e| prepend_key(prepend_key(e, key), self.0))?;
        self.1.push((key.to_owned(), node));
        Ok(())
    }
    fn end(self) -> Result<Node> {
        Ok(Node::Map(vec![(self.0.to_owned(), Node::Struct(self.1))]))
    }
}

/// Serializes map keys to strings (strings, chars, numbers, bools, unit
/// variants).
struct KeySerializer;

fn key_error() -> Error {
    ser_error("map keys must be strings, numbers or bools")
}

impl ser::Serializer for KeySerializer {
    type Ok = String;
    type Error = Error;
    type SerializeSeq = ser::Impossible<String, Error>;
    type SerializeTuple = ser::Impossible<String, Error>;
    type SerializeTupleStruct = ser::Impossible<String, Error>;
    type SerializeTupleVariant = ser::Impossible<String, Error>;
    type SerializeMap = ser::Impossible<String, Error>;
    type SerializeStruct = ser::Impossible<String, Error>;
    type SerializeStructVariant = ser::Impossible<String, Error>;

    fn serialize_bool(self, v: bool) -> Result<String> {
        Ok(v.to_string())
    }
    fn serialize_i8(self, v: i8) -> Result<String> {
        Ok(v.to_string())
    }
    fn serialize_i16(self, v: i16) -> Result<String> {
        Ok(v.to_string())
    }
    fn serialize_i32(self, v: i32) -> Result<String> {
        Ok(v.to_string())
    }
    fn serialize_i64(self, v: i64) -> Result<String> {
        Ok(v.to_string())
    }
    fn serialize_u8(self, v: u8) -> Result<String> {
        Ok(v.to_string())
    }
    fn serialize_u16(self, v: u16) -> Result<String> {
        Ok(v.to_string())
    }
    fn serialize_u32(self, v: u32) -> Result<String> {
        Ok(v.to_string())
    }
    fn serialize_u64(self, v: u64) -> Result<String> {
        Ok(v.to_string())
    }
    fn serialize_f32(self, v: f32) -> Result<String> {
        Ok(Number::from(v).to_string())
    }
    fn serialize_f64(self, v: f64) -> Result<String> {
        Ok(Number::from(v).to_string())
    }
    fn serialize_char(self, v: char) -> Result<String> {
        Ok(v.to_string())
    }
    fn serialize_str(self, v: &str) -> Result<String> {
        Ok(v.to_owned())
    }
    fn serialize_bytes(self, _v: &[u8]) -> Result<String> {
        Err(key_error())
    }
    fn serialize_none(self) -> Result<String> {
        Err(key_error())
    }
    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<String> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<String> {
        Err(key_error())
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<String> {
        Err(key_error())
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<String> {
        Ok(variant.to_owned())
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<String> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _value: &T,
    ) -> Result<String> {
        Err(key_error())
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Self::SerializeSeq> {
        Err(key_error())
    }
    fn serialize_tuple(self, _len: usize) -> Result<Self::SerializeTuple> {
        Err(key_error())
    }
    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleStruct> {
        Err(key_error())
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleVariant> {
        Err(key_error())
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Self::SerializeMap> {
        Err(key_error())
    }
    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Self::SerializeStruct> {
        Err(key_error())
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStructVariant> {
        Err(key_error())
    }
}

#[cfg(test)]
mod literal_tests {
    use super::*;

    /// A 512-bit number read from an `f64`'s text prints as that text: the
    /// serializer's output is a fixed point once read back.
    #[test]
    fn exact_numbers_print_as_f64s_of_the_same_digits() {
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut checked = 0;
        for _ in 0..20_000 {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let x = f64::from_bits(state >> 1);
            if !x.is_finite() {
                continue;
            }
            for x in [x, -x] {
                let text = Number::from_f64_bits(x).unwrap().to_string();
                let Some(big) = Number::parse(&text) else {
                    continue;
                };
                if big.is_f64() || big.as_i64().is_some() || big.as_u64().is_some() {
                    continue;
                }
                assert_eq!(literal_text(&big), text, "{x:e}");
                checked += 1;
            }
        }
        // And around the layout's boundaries (1e-5, 1e16).
        for e in -9..=19 {
            for m in [1.0, 1.5, 3.716757610628073, 9.999999999999998] {
                let x: f64 = m * 10f64.powi(e);
                let text = Number::from_f64_bits(x).unwrap().to_string();
                if let Some(big) = Number::parse(&text) {
                    if !big.is_f64() && big.as_i64().is_none() && big.as_u64().is_none() {
                        assert_eq!(literal_text(&big), text, "{x:e}");
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 10_000, "{checked}");
    }
}
