//! Properties defined more than once in HCL's JSON syntax: repeated
//! blocks kept, in order, other duplicates refused.

use std::borrow::Cow;

use crate::error::{Error, ErrorKind, Result};
use crate::syntax::Span;
use crate::value::json::{Kind, Node};

/// Joins the properties an object defines more than once, at every
/// depth, as the spec asks ("preserving all of them and the relative
/// ordering between them"): objects and arrays of them become the list of
/// the definitions, in order, as the spec's array form writes them. The
/// target type then reads the list as it reads that form: as several
/// blocks, or as one map of labels holding the labels of all
/// (`"resource": {"a": {...}}` twice gives both resources). A property
/// defined twice whose values cannot be blocks (a
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
    let e = if top {
        Error::described(
            ErrorKind::Parse,
            "Duplicate attribute definition",
            format_args!("The argument {name:?} was already set at {at}."),
        )
    } else {
        Error::described(
            ErrorKind::Parse,
            "Duplicate object attribute",
            format_args!("An attribute named {name:?} was already defined at {at}."),
        )
    };
    e.at_span(again).with_source(src)
}

/// The definitions of `a` and then of `b` as one list (an array of
/// definitions, or a list made earlier, stands for its elements).
fn combine<'a>(a: Node<'a>, b: Node<'a>) -> Node<'a> {
    let span = a.span;
    let mut all = definitions(a);
    all.extend(definitions(b));
    Node {
        kind: Kind::Repeated(all),
        span,
    }
}

fn definitions(node: Node<'_>) -> Vec<Node<'_>> {
    match node.kind {
        Kind::Array(xs) | Kind::Repeated(xs) => xs,
        kind => vec![Node {
            kind,
            span: node.span,
        }],
    }
}

/// Where byte `offset` of `src` is, in the messages about a file of its
/// own: `line L, column C`.
pub(crate) fn line_and_column(src: &str, offset: usize) -> String {
    let at = crate::error::Location::of(src, offset);
    format!("line {}, column {}", at.line, at.column)
}
