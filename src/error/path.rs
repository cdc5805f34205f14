//! Building an error's field path (`resource.aws_instance.web.count`,
//! `servers[1].port`) and span as it propagates out of nested deserializers.
//! Everything here runs only on the error path.

use crate::error::Error;
use crate::error::Span;

fn is_plain(key: &str) -> bool {
    !key.is_empty()
        && key
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-' || b >= 0x80)
}

/// Prefixes the error's path with the object key or block label `key`.
#[cold]
pub(crate) fn prepend_key(e: Error, key: &str) -> Error {
    let seg = if is_plain(key) {
        key.to_owned()
    } else {
        format!("[{key:?}]")
    };
    let path = match e.path() {
        None | Some("") => seg,
        Some(p) if p.starts_with('[') => format!("{seg}{p}"),
        Some(p) => format!("{seg}.{p}"),
    };
    e.with_path(path)
}

/// Prefixes the error's path with the element index `i`.
#[cold]
pub(crate) fn prepend_index(e: Error, i: usize) -> Error {
    let path = match e.path() {
        None | Some("") => format!("[{i}]"),
        Some(p) if p.starts_with('[') => format!("[{i}]{p}"),
        Some(p) => format!("[{i}].{p}"),
    };
    e.with_path(path)
}

/// Gives the error `span` unless it already has a (more precise) one.
#[cold]
#[allow(dead_code)] // used by the body deserializer
pub(crate) fn attach_span(e: Error, span: Span) -> Error {
    if e.span().is_some() {
        return e;
    }
    let mut out = e.bare().at_span(span);
    if let Some(p) = e.path() {
        out = out.with_path(p);
    }
    for (note, at) in e.notes() {
        out = out.with_note(note, at);
    }
    out
}
