//! Finding items in a document's tree: by [`Address`](super::Address) (every
//! match), and by the path a [`BodyMut`](super::BodyMut) or
//! [`ExprMut`](super::ExprMut) holds (one node).
//!
//! Handles hold paths, not nodes: each edit parses the text again, so a
//! handle finds its node anew in the new tree.

use crate::error::Span;
use crate::syntax::{Attribute, Block, Body, ExprKind, Expression, Structure};

/// Bodies nest at most this deep here (the parser's limit is lower).
const MAX_DEPTH: usize = 256;

/// One step of a path from the document's body.
#[derive(Clone, Debug)]
pub(super) enum Step {
    /// The `nth` block of type `ty` whose labels are `labels` (any labels
    /// when `None`).
    Block {
        ty: String,
        labels: Option<Vec<String>>,
        nth: usize,
    },
    /// The body's attribute `name`.
    Attr(String),
    /// An object's item, by its literal key.
    Item(String),
    /// A tuple's element or a call's argument.
    Elem(usize),
}

fn block_matches(b: &Block<'_>, ty: &str, labels: Option<&[String]>) -> bool {
    b.ident.name == ty
        && match labels {
            None => true,
            Some(ls) => {
                ls.len() == b.labels.len() && b.labels.iter().zip(ls).all(|(l, s)| l.as_str() == s)
            }
        }
}

/// The `nth` block of `body` matching `ty` and `labels`.
pub(super) fn block_in<'t>(
    body: &Body<'t>,
    ty: &str,
    labels: Option<&[String]>,
    nth: usize,
) -> Option<&'t Block<'t>> {
    body.structures
        .iter()
        .filter_map(|s| match s {
            Structure::Block(b) if block_matches(b, ty, labels) => Some(b),
            _ => None,
        })
        .nth(nth)
}

/// The first attribute `name` of `body`.
pub(super) fn attribute_in<'t>(body: &Body<'t>, name: &str) -> Option<&'t Attribute<'t>> {
    body.structures.iter().find_map(|s| match s {
        Structure::Attribute(a) if a.name.name == name => Some(a),
        _ => None,
    })
}

/// The body at `path` (blocks only).
pub(super) fn body_at<'t>(root: &'t Body<'t>, path: &[Step]) -> Option<&'t Body<'t>> {
    let mut body = root;
    for step in path {
        match step {
            Step::Block { ty, labels, nth } => {
                body = &block_in(body, ty, labels.as_deref(), *nth)?.body;
            }
            _ => return None,
        }
    }
    Some(body)
}

/// The expression at `path` (blocks, an attribute, then items and elements).
pub(super) fn expr_at<'t>(root: &'t Body<'t>, path: &[Step]) -> Option<&'t Expression<'t>> {
    let at = path.iter().position(|s| matches!(s, Step::Attr(_)))?;
    let body = body_at(root, &path[..at])?;
    let Step::Attr(name) = &path[at] else {
        return None;
    };
    let mut expr = &attribute_in(body, name)?.expr;
    for step in &path[at + 1..] {
        expr = match (step, expr.kind) {
            (Step::Item(key), ExprKind::Object(items)) => {
                &items
                    .iter()
                    .find(|i| i.key.literal_key() == Some(key))?
                    .value
            }
            (Step::Elem(i), ExprKind::Tuple(elems)) => elems.get(*i)?,
            (Step::Elem(i), ExprKind::FuncCall(call)) => call.args.get(*i)?,
            _ => return None,
        };
    }
    Some(expr)
}

/// A block or attribute found by address: the byte ranges of the item and
/// of its expression (attributes), in the document's text.
pub(super) struct Found {
    pub(super) item: Span,
    pub(super) expr: Option<Span>,
    /// For a block: its body.
    pub(super) body: Option<Span>,
}

/// What an address names.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Items {
    Attributes,
    /// Blocks named by their type and all their labels.
    Blocks,
    /// Blocks named by their type and all or some of their first labels
    /// (`resource`, `resource.aws_instance`), as hcledit's addresses.
    BlocksByPrefix,
}

/// Every attribute or block (`items`) the address segments `segs` name
/// under `body`.
pub(super) fn find_in(
    body: &Body<'_>,
    segs: &[String],
    items: Items,
    out: &mut Vec<Found>,
    depth: usize,
) {
    let blocks = items != Items::Attributes;
    if depth > MAX_DEPTH {
        return;
    }
    let Some((first, rest)) = segs.split_first() else {
        return;
    };
    for s in body.structures {
        match s {
            Structure::Attribute(a) if !blocks && rest.is_empty() && a.name.name == first => out
                .push(Found {
                    item: a.span(),
                    expr: Some(a.expr.span),
                    body: None,
                }),
            Structure::Block(b) if b.ident.name == first => {
                let n = b.labels.len();
                let labelled = b.labels.iter().zip(rest).all(|(l, s)| l.as_str() == s);
                if !labelled {
                    continue;
                }
                // A type alone, or with its first labels, names every such
                // block (as hcledit's addresses do).
                if rest.len() < n {
                    if items == Items::BlocksByPrefix {
                        out.push(Found {
                            item: b.span(),
                            expr: None,
                            body: Some(b.body.span),
                        });
                    }
                    continue;
                }
                let after = &rest[n..];
                if after.is_empty() {
                    if blocks {
                        out.push(Found {
                            item: b.span(),
                            expr: None,
                            body: Some(b.body.span),
                        });
                    }
                } else {
                    find_in(&b.body, after, items, out, depth + 1);
                }
            }
            _ => {}
        }
    }
}

/// The body whose span is `span` (`None`: the top level).
pub(super) fn body_by_span<'t>(root: &'t Body<'t>, span: Option<Span>) -> Option<&'t Body<'t>> {
    fn go<'t>(body: &'t Body<'t>, span: Span, depth: usize) -> Option<&'t Body<'t>> {
        if depth > MAX_DEPTH {
            return None;
        }
        body.blocks().find_map(|b: &'t Block<'t>| {
            if b.body.span == span {
                Some(&b.body)
            } else {
                go(&b.body, span, depth + 1)
            }
        })
    }
    match span {
        None => Some(root),
        Some(span) => go(root, span, 0),
    }
}
