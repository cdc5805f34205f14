//! A [`Body`] as a value in HCL's JSON shape.

use super::expr::eval_top;
use super::expr::Eval;
use super::fail::{Failures, Placeholder, R};
use crate::syntax::{Block, Body, Structure};
use crate::value::shape::place_block;
use crate::value::{Key, Map, Value};

/// Evaluates a body into an object, following the JSON syntax's shape:
///
/// * an attribute `name = expr` becomes the property `name`;
/// * a block `type "l1" "l2" { ... }` becomes `type → l1 → l2 → {...}`:
///   each label nests one object deeper, and the innermost value is the
///   block's own body;
/// * blocks merge along their labels (`resource "a" "x"` and
///   `resource "a" "y"` share `resource → a`); when two or more blocks have
///   the same type and the same labels, the innermost value becomes an array
///   of their bodies in source order (`ingress {} ingress {}` gives
///   `"ingress": [{}, {}]`), while a single block gives an object;
/// * a later attribute of the same name replaces an earlier one; a block
///   whose type is also an attribute name replaces that attribute.
pub(crate) fn eval_body(body: &Body<'_>, ctx: &Eval<'_, '_>, d: u32) -> R<Value> {
    crate::stack::with_stack(|| {
        if ctx.too_deep(d) {
            return Err(super::fail::too_deep(body.span));
        }
        // Many blocks share a few keys: do not reserve one slot per structure
        // in large bodies.
        let mut map: Map<Key, Value> = Map::with_capacity(body.structures.len().min(32));
        eval_structures(&mut map, body.structures, ctx, d)?;
        Ok(Value::Object(map))
    })
}

/// Evaluates `structures` (a body's, or the next of a file's top-level
/// items) into `map`, the body's object so far.
pub(crate) fn eval_structures(
    map: &mut Map<Key, Value>,
    structures: &[Structure<'_>],
    ctx: &Eval<'_, '_>,
    d: u32,
) -> R<()> {
    // Every attribute and block is evaluated: the errors of all are
    // reported.
    let mut failures = Failures::default();
    for (k, s) in structures.iter().enumerate() {
        if let Some(Structure::Block(next)) = structures.get(k + 1) {
            next.warm();
        }
        let done = match s {
            Structure::Attribute(a) => eval_top(&a.expr, ctx, d + 1).map(|v| {
                map.insert(a.name.name, v);
            }),
            Structure::Block(b) => insert_block(map, b, ctx, d),
        };
        if let Err(f) = done {
            failures.add_fail(f)?;
        }
    }
    failures.finish((), |()| Placeholder::Dynamic)
}

fn insert_block(map: &mut Map<Key, Value>, b: &Block<'_>, ctx: &Eval<'_, '_>, d: u32) -> R<()> {
    let content = eval_body(&b.body, ctx, d + 1)?;
    let name: &str = b.ident.name;
    let slot = match map.get_index_of(name) {
        Some(i) => &mut map[i],
        None => map.entry(name).or_insert(Value::Null),
    };
    place_block(slot, b.labels.iter().map(|l| l.as_str()), content);
    Ok(())
}
