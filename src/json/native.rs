//! A document in HCL's JSON syntax written as native syntax, its blocks
//! told by a rule, as no schema tells them: the reverse of
//! [`to_string`](super::to_string) for the common shapes.

use crate::syntax::{
    fold_body, fold_expr, is_ident, is_identifier, Arena, Attribute, Block, BlockLabel, Body,
    ExprKind, Expression, Fold, Ident, ObjectItem, ObjectKey, ObjectSeparator, Structure,
};
use crate::Result;

/// `text`, a document in HCL's JSON syntax, as native syntax laid out as
/// `terraform fmt` lays it out. Strings are templates, as the JSON syntax
/// reads them (`"${var.x}"` is the reference, `"$${x}"` the text `${x}`).
/// An object whose keys are all identifiers and whose values are all
/// objects or arrays of objects is read as blocks: each key a label, down
/// as long as the values are such objects, the innermost objects the
/// blocks' bodies (an array gives one block per element); any other
/// value is an attribute.
///
/// # Errors
/// As [`parse`](super::parse).
///
/// ```
/// let json = r#"{"resource": {"aws_instance": {"web": {"ami": "${var.ami}", "count": 2}}}, "tags": {"a": "b"}}"#;
/// assert_eq!(
///     hcl::json::to_native(json).unwrap(),
///     "resource \"aws_instance\" \"web\" {\n  ami   = var.ami\n  count = 2\n}\n\ntags = {\n  a = \"b\"\n}\n"
/// );
/// ```
pub fn to_native(text: &str) -> Result<String> {
    let file = super::parse(text)?;
    let arena = Arena::new();
    let body = with_blocks(&arena, file.body());
    let body = fold_body(&mut Native { arena: &arena }, &body);
    Ok(crate::format::format_body(&body))
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
        if let ExprKind::Template(t) = e.kind {
            if let Some(inner) = t.wrapped_expr() {
                return self.fold_expr(inner);
            }
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
/// values objects or arrays of objects (at least one).
fn stands_for_blocks(e: &Expression<'_>) -> bool {
    let ExprKind::Object(items) = e.kind else {
        return false;
    };
    !items.is_empty()
        && items.iter().all(|i| {
            key_text(&i.key).is_some_and(is_identifier)
                && match i.value.kind {
                    ExprKind::Object(_) => true,
                    ExprKind::Tuple(xs) => {
                        !xs.is_empty() && xs.iter().all(|x| matches!(x.kind, ExprKind::Object(_)))
                    }
                    _ => false,
                }
        })
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
