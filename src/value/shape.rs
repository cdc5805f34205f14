//! The one rule that turns blocks into the JSON syntax's shape
//! (`json-spec.md`): a block `type "l1" "l2" { ... }` sits at
//! `type → l1 → l2`, each label one object deeper; blocks merge along their
//! labels; when two or more land on the same slot, the slot becomes an
//! array of their contents in source order.
//!
//! The evaluator (bodies as values), the deserializer (groups of blocks
//! read as values) and the serializer (bodies in the JSON shape for other
//! serde formats) each build that shape in their own tree; they place
//! blocks with [`place_block`].

use super::{Map, Value};

/// A tree the shape is built in; `'k` is how long the keys it is given
/// live (a tree may keep them by reference).
pub(crate) trait Shape<'k>: Sized {
    /// Whether the slot is empty (nothing placed yet).
    fn is_empty_slot(&self) -> bool;
    /// The slot as an object (made one if it is not) and its entry `key`
    /// (an empty slot if new).
    fn entry(&mut self, key: &'k str) -> &mut Self;
    /// Adds `content` to a slot that holds something: an array gets it
    /// appended, anything else becomes the array of itself and `content`.
    fn push(&mut self, content: Self);
}

/// Places a block's `content` under `labels` below `slot` (the slot of the
/// block's type).
pub(crate) fn place_block<'k, T: Shape<'k>>(
    slot: &mut T,
    labels: impl IntoIterator<Item = &'k str>,
    content: T,
) {
    let mut s = slot;
    for label in labels {
        s = s.entry(label);
    }
    if s.is_empty_slot() {
        *s = content;
    } else {
        s.push(content);
    }
}

impl<'k> Shape<'k> for Value {
    #[inline]
    fn is_empty_slot(&self) -> bool {
        self.is_null()
    }

    fn entry(&mut self, key: &str) -> &mut Value {
        if !self.is_object() {
            *self = Value::Object(Map::new());
        }
        let Value::Object(o) = self else {
            unreachable!("made an object above")
        };
        match o.get_index_of(key) {
            Some(i) => &mut o[i],
            None => o.entry(key).or_insert(Value::Null),
        }
    }

    fn push(&mut self, content: Value) {
        match self {
            Value::Array(items) => items.push(content),
            other => {
                let first = other.take();
                *other = Value::Array(vec![first, content]);
            }
        }
    }
}
