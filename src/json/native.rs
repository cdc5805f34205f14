//! A document in HCL's JSON syntax written as native syntax, its blocks
//! told by a rule, as no schema tells them: the reverse of
//! [`to_string`](super::to_string) for the common shapes.

use crate::error::Result;
use crate::syntax::{
    fold_body, fold_expr, is_ident, is_identifier, Arena, Attribute, Block, BlockLabel, Body,
    ExprKind, Expression, Fold, Ident, ObjectItem, ObjectKey, ObjectSeparator, Structure,
};

/// `text`, a document in HCL's JSON syntax, as native syntax laid out as
/// `terraform fmt` lays it out. Strings are templates, as the JSON syntax
/// reads them (`"${var.x}"` is the reference, `"$${x}"` the text `${x}`).
/// An object whose keys are all identifiers and whose values are all
/// objects or arrays of objects is read as blocks: each key a label, down
/// as long as the values are such objects, the innermost objects the
/// blocks' bodies (an array of two or more gives one block per element,
/// as [`to_string`](super::to_string) writes repeated blocks); any other
/// value is an attribute. An object with a key that cannot be an
/// attribute's name (`x/y`) is not a block's body: it is written as an
/// object, with quoted keys.
///
/// # Errors
/// As [`parse`](super::parse); a top-level name that is not an
/// identifier.
///
/// ```
/// let json = r#"{"resource": {"aws_instance": {"web": {"ami": "${var.ami}", "count": 2}}}, "tags": {"a": "b"}}"#;
/// assert_eq!(
///     hcl::json::to_native(json).unwrap(),
///     "resource \"aws_instance\" \"web\" {\n  ami   = var.ami\n  count = 2\n}\n\ntags = {\n  a = \"b\"\n}\n"
/// );
/// assert_eq!(
///     hcl::json::to_native(r#"{"a": {"b": {"x/y": 1}}}"#).unwrap(),
///     "a = {\n  b = {\n    \"x/y\" = 1\n  }\n}\n"
/// );
/// assert!(hcl::json::to_native(r#"{"x/y": 1}"#).is_err());
/// ```
pub fn to_native(text: &str) -> Result<String> {
    let file = super::parse(text)?;
    // A top-level name must be an attribute's or a block type's.
    for a in file.body().attributes() {
        let name = a.name.as_str();
        if name != "//" && !is_identifier(name) {
            return Err(crate::error::Error::spanned(
                crate::error::ErrorKind::Ser,
                format!("`{name}` cannot be written as native syntax: a top-level name is an attribute's or a block type's, an identifier (letters, digits, `_` and `-`, not starting with a digit or `-`); nested in an object it is written as a quoted key"),
                a.name.span,
            )
            .with_source(text));
        }
    }
    let arena = Arena::new();
    let body = with_blocks(&arena, file.body());
    let body = fold_body(&mut Native { arena: &arena }, &body);
    Ok(crate::format::format_body(&body))
}

/// `json`, one value in HCL's JSON syntax, as a native expression laid
/// out as `terraform fmt` lays it out, by [`to_native`]'s rule for
/// values: strings are templates (`"${var.x}"` is the reference).
///
/// # Errors
/// `json` is not one JSON value.
///
/// ```
/// assert_eq!(hcl::json::expression_to_native(r#""pre-${var.x}""#).unwrap(), "\"pre-${var.x}\"");
/// assert_eq!(hcl::json::expression_to_native(r#""${var.x}""#).unwrap(), "var.x");
/// assert_eq!(hcl::json::expression_to_native(r#""$${x}""#).unwrap(), "\"$${x}\"");
/// assert_eq!(hcl::json::expression_to_native(r#"{"a": [1]}"#).unwrap(), "{\n  a = [1]\n}");
/// ```
pub fn expression_to_native(json: &str) -> Result<String> {
    let doc = format!("{{\"v\": {json}\n}}");
    let file = super::parse(&doc).map_err(|e| {
        crate::error::Error::described(
            crate::error::ErrorKind::Parse,
            "not one JSON value",
            format_args!("{}", e.message()),
        )
    })?;
    let Some(a) = file.body().attributes().next() else {
        return Err(crate::error::Error::new(
            crate::error::ErrorKind::Parse,
            "not one JSON value",
        ));
    };
    let arena = Arena::new();
    let e = Native { arena: &arena }.fold_expr(&a.expr);
    Ok(crate::format::format_expression(&e))
}

/// Expressions as native syntax writes them: a string that is one
/// interpolation (`"${var.x}"`) as its expression, an object's
/// identifier keys bare, with `=`.
struct Native<'a> {
    arena: &'a Arena,
}

impl<'a> Fold<'a> for Native<'a> {
    fn arena(&self) -> &'a Arena {
        self.arena
    }

    fn fold_expr(&mut self, e: &Expression<'_>) -> Expression<'a> {
        // A template is written as it is (its expressions as written),
        // one that is a single interpolation as its expression.
        if let ExprKind::Template(t) = e.kind {
            let mut plain = Plain { arena: self.arena };
            return match t.wrapped_expr() {
                Some(inner) => plain.fold_expr(inner),
                None => plain.fold_expr(e),
            };
        }
        let folded = fold_expr(self, e);
        let ExprKind::Object(items) = folded.kind else {
            return folded;
        };
        let items = self.arena.alloc_iter(items.iter().map(|i| ObjectItem {
            key: match i.key {
                ObjectKey::Expression(Expression {
                    kind: ExprKind::String(k),
                    span,
                    ..
                }) if is_ident(k) => ObjectKey::Ident(Ident::new(k, span)),
                other => other,
            },
            value: i.value,
            separator: ObjectSeparator::Equals,
        }));
        Expression::new(ExprKind::Object(items), folded.span)
    }
}

/// A copy, as it is.
struct Plain<'a> {
    arena: &'a Arena,
}

impl<'a> Fold<'a> for Plain<'a> {
    fn arena(&self) -> &'a Arena {
        self.arena
    }
}

/// `body` with the attributes the rule reads as blocks replaced by them.
fn with_blocks<'a>(arena: &'a Arena, body: &Body<'a>) -> Body<'a> {
    let mut out = Vec::with_capacity(body.structures.len());
    for s in body.structures {
        match s {
            Structure::Attribute(a) if stands_for_blocks(&a.expr) => {
                labeled(arena, a.name, &a.expr, &mut Vec::new(), &mut out);
            }
            other => out.push(*other),
        }
    }
    Body {
        structures: arena.alloc_slice(&out),
        span: body.span,
    }
}

/// A JSON property name written as a literal.
pub(crate) fn key_text<'a>(k: &ObjectKey<'a>) -> Option<&'a str> {
    match k {
        ObjectKey::Ident(i) => Some(i.name),
        ObjectKey::Expression(x) => match x.kind {
            ExprKind::String(s) => Some(s),
            _ => None,
        },
    }
}

/// Whether `e` is an object the rule reads as blocks: keys identifiers,
/// values objects or arrays of objects (at least one), each object either
/// such an object again (more labels) or one that can be a block's body
/// (its keys identifiers: attribute names).
fn stands_for_blocks(e: &Expression<'_>) -> bool {
    let ExprKind::Object(items) = e.kind else {
        return false;
    };
    !items.is_empty()
        && items.iter().all(|i| {
            key_text(&i.key).is_some_and(is_identifier)
                && match i.value.kind {
                    ExprKind::Object(_) => stands_for_blocks(&i.value) || is_body(&i.value),
                    // (One block alone is an object in `to_string`'s
                    // shape: an array of one object is an attribute's.)
                    ExprKind::Tuple(xs) => xs.len() > 1 && xs.iter().all(is_body),
                    _ => false,
                }
        })
}

/// Whether `e` is an object that can be a block's body: every key an
/// attribute name (or `//`, a comment).
fn is_body(e: &Expression<'_>) -> bool {
    let ExprKind::Object(items) = e.kind else {
        return false;
    };
    items
        .iter()
        .all(|i| key_text(&i.key).is_some_and(|k| k == "//" || is_identifier(k)))
}

/// The blocks of type `ident` that `e` (which stands for blocks) holds
/// after `labels`.
fn labeled<'a>(
    arena: &'a Arena,
    ident: Ident<'a>,
    e: &Expression<'a>,
    labels: &mut Vec<BlockLabel<'a>>,
    out: &mut Vec<Structure<'a>>,
) {
    let ExprKind::Object(items) = e.kind else {
        return;
    };
    for item in items {
        let Some(value) = key_text(&item.key) else {
            continue;
        };
        labels.push(BlockLabel::String {
            value,
            span: item.key.span(),
        });
        match item.value.kind {
            ExprKind::Tuple(xs) => {
                for x in xs {
                    if let ExprKind::Object(body) = x.kind {
                        out.push(block(arena, ident, labels, body, x));
                    }
                }
            }
            ExprKind::Object(_) if stands_for_blocks(&item.value) => {
                labeled(arena, ident, &item.value, labels, out);
            }
            ExprKind::Object(body) => out.push(block(arena, ident, labels, body, &item.value)),
            _ => {}
        }
        labels.pop();
    }
}

/// A block whose body is the object `items`, the rule applied inside it.
fn block<'a>(
    arena: &'a Arena,
    ident: Ident<'a>,
    labels: &[BlockLabel<'a>],
    items: &'a [ObjectItem<'a>],
    e: &Expression<'a>,
) -> Structure<'a> {
    let attributes: Vec<Structure<'a>> = items
        .iter()
        .filter_map(|i| {
            let name = key_text(&i.key).filter(|k| *k != "//")?;
            Some(Structure::Attribute(Attribute {
                name: Ident::new(name, i.key.span()),
                expr: i.value,
            }))
        })
        .collect();
    let body = Body {
        structures: arena.alloc_slice(&attributes),
        span: e.span,
    };
    Structure::Block(Block {
        ident,
        labels: arena.alloc_slice(labels),
        body: with_blocks(arena, &body),
    })
}
