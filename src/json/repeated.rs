//! Properties defined more than once in HCL's JSON syntax: repeated
//! blocks merged, other duplicates refused.

use std::borrow::Cow;

use crate::value::json::{Kind, Node};
use crate::{Error, ErrorKind, Result, Span};

/// Merges the properties an object defines more than once, at every
/// depth, as repeated blocks are read: two objects become one holding
/// both's properties (so `"resource": {"a": {...}}` twice gives both
/// resources), objects and arrays of them the list of the definitions, in
/// order. A property defined twice whose values cannot be blocks (a
/// string, a number, an array of them) is an error, as in Go's HCL:
/// "Duplicate attribute definition" in the document's root object (`top`),
/// "Duplicate object attribute" in an object inside (Terraform 1.11's
/// summaries). `place` words where a byte of `src` is, for the messages
/// ([`line_and_column`] in a file of its own).
pub(crate) fn merge_repeated(
    node: &mut Node<'_>,
    src: &str,
    top: bool,
    place: &dyn Fn(usize) -> String,
) -> Result<()> {
    match &mut node.kind {
        Kind::Array(items) | Kind::Repeated(items) => {
            for item in items {
                merge_repeated(item, src, false, place)?;
            }
        }
        Kind::Object(props) => {
            let mut out: Vec<(Cow<'_, str>, Span, Node<'_>)> = Vec::with_capacity(props.len());
            let mut index = std::collections::HashMap::new();
            for (k, sp, v) in props.drain(..) {
                match index.get(&k) {
                    None => {
                        index.insert(k.clone(), out.len());
                        out.push((k, sp, v));
                    }
                    Some(&i) if !could_be_blocks(&out[i].2) || !could_be_blocks(&v) => {
                        return Err(duplicate(&k, out[i].1, sp, src, top, place));
                    }
                    Some(&i) => {
                        let slot = &mut out[i].2;
                        let old = std::mem::replace(
                            slot,
                            Node {
                                kind: Kind::Null,
                                span: v.span,
                            },
                        );
                        *slot = combine(old, v);
                    }
                }
            }
            for (_, _, v) in &mut out {
                merge_repeated(v, src, false, place)?;
            }
            *props = out;
        }
        _ => {}
    }
    Ok(())
}

/// Whether a property's value may stand for blocks: an object, or an
/// array of objects.
fn could_be_blocks(node: &Node<'_>) -> bool {
    match &node.kind {
        Kind::Object(_) | Kind::Repeated(_) => true,
        Kind::Array(items) => items.iter().all(|x| matches!(x.kind, Kind::Object(_))),
        _ => false,
    }
}

/// Go's HCL's error for a property `name` defined at `first` and again at
/// `again`.
#[cold]
fn duplicate(
    name: &str,
    first: Span,
    again: Span,
    src: &str,
    top: bool,
    place: &dyn Fn(usize) -> String,
) -> Error {
    let at = place(first.start());
    let message = if top {
        format!("Duplicate attribute definition: The argument {name:?} was already set at {at}.")
    } else {
        format!(
            "Duplicate object attribute: An attribute named {name:?} was already defined at {at}."
        )
    };
    Error::at(ErrorKind::Parse, message, again, src)
}

fn combine<'a>(a: Node<'a>, b: Node<'a>) -> Node<'a> {
    let span = a.span;
    match (a.kind, b.kind) {
        (Kind::Object(mut pa), Kind::Object(pb)) => {
            pa.extend(pb);
            Node {
                kind: Kind::Object(pa),
                span,
            }
        }
        (Kind::Repeated(mut xs), kind) => {
            xs.push(Node { kind, span: b.span });
            Node {
                kind: Kind::Repeated(xs),
                span,
            }
        }
        (ka, kb) => Node {
            kind: Kind::Repeated(vec![
                Node { kind: ka, span },
                Node {
                    kind: kb,
                    span: b.span,
                },
            ]),
            span,
        },
    }
}

/// Where byte `offset` of `src` is, in the messages about a file of its
/// own: `line L, column C`.
pub(crate) fn line_and_column(src: &str, offset: usize) -> String {
    let at = crate::error::Location::of(src, offset);
    format!("line {}, column {}", at.line, at.column)
}
