//! The repeated definitions of HCL's JSON syntax: a list of objects (the
//! spec's array form, or a property given more than once) read as one map
//! whose keys are those of all, each once, with every value given for it.
//!
//! A key defined by one object reads its value as usual. A key defined by
//! several (`"aws_instance"` in two definitions of `"resource"`) reads the
//! list of its values ([`Definitions`]): as one map again where the target
//! is a map (a level of labels: the labels of all), as a sequence of every
//! definition where the target is a sequence (blocks); a struct (one
//! block) given several times is an error, as in native syntax.

use serde::de::{self, DeserializeSeed, MapAccess, Visitor};

use super::eval_glue::Env;
use super::expr::{ExprDe, TupleSeq};
use super::{syntax_de, value::EXACT_VALUE};
use crate::error::path::{attach_span, prepend_key};
use crate::error::{Error, Result};
use crate::syntax::{ExprKind, Expression, ObjectItem};

/// The keys of `objects` (each one a literal object), in the order they
/// are first defined, each with the values given for it.
type Groups<'b, 't> = Vec<(&'b ObjectItem<'t>, Vec<&'b Expression<'t>>)>;

fn groups<'b, 't>(objects: impl IntoIterator<Item = &'b Expression<'t>>) -> Groups<'b, 't> {
    let mut out: Groups<'b, 't> = Vec::new();
    // (Hashed as large maps are: foldhash, randomly seeded.)
    let mut index: crate::value::map::FastHashMap<&str, usize> =
        std::collections::HashMap::default();
    for e in objects {
        let ExprKind::Object(items) = e.kind else {
            continue;
        };
        for item in items {
            let key = item.key.literal_key().unwrap_or("");
            match index.get(key) {
                Some(&i) => out[i].1.push(&item.value),
                None => {
                    index.insert(key, out.len());
                    out.push((item, vec![&item.value]));
                }
            }
        }
    }
    out
}

/// A list of literal objects read as one map (see the module's docs).
pub(super) fn visit_objects<'b, 't: 'b, 'de, V: Visitor<'de>>(
    objects: impl IntoIterator<Item = &'b Expression<'t>>,
    env: Env<'b, 't, 'de>,
    visitor: V,
) -> Result<V::Value> {
    visitor.visit_map(Grouped {
        groups: groups(objects).into_iter(),
        pending: None,
        env,
    })
}

struct Grouped<'b, 't, 'de> {
    groups: std::vec::IntoIter<(&'b ObjectItem<'t>, Vec<&'b Expression<'t>>)>,
    pending: Option<(&'b ObjectItem<'t>, Vec<&'b Expression<'t>>)>,
    env: Env<'b, 't, 'de>,
}

impl<'b, 't: 'b, 'de> MapAccess<'de> for Grouped<'b, 't, 'de> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        let Some((item, values)) = self.groups.next() else {
            return Ok(None);
        };
        let key = item.key.literal_key().unwrap_or("");
        let k = seed
            .deserialize(super::expr::object_key_de(&item.key, &self.env))
            .map_err(|e| attach_span(prepend_key(e, key), item.key.span()))?;
        self.pending = Some((item, values));
        Ok(Some(k))
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value> {
        let (item, values) = self
            .pending
            .take()
            .ok_or_else(|| <Error as de::Error>::custom("value requested before key"))?;
        let key = item.key.literal_key().unwrap_or("");
        let span = item.value.span;
        let read = match values.as_slice() {
            [one] => seed.deserialize(ExprDe::new(one, self.env)),
            _ => seed.deserialize(Definitions {
                values,
                env: self.env,
            }),
        };
        read.map_err(|e| attach_span(prepend_key(e, key), span))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.groups.len())
    }
}

/// The values several definitions give one key.
struct Definitions<'b, 't, 'de> {
    values: Vec<&'b Expression<'t>>,
    env: Env<'b, 't, 'de>,
}

impl<'b, 't: 'b, 'de> Definitions<'b, 't, 'de> {
    /// Every definition in order, an array's elements one by one.
    fn each(&self) -> Vec<&'b Expression<'t>> {
        let mut out = Vec::with_capacity(self.values.len());
        for e in &self.values {
            match e.kind {
                ExprKind::Tuple(items) => out.extend(items.iter()),
                _ => out.push(*e),
            }
        }
        out
    }

    fn visit_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_seq(TupleSeq {
            items: self.each().into_iter(),
            index: 0,
            env: self.env,
        })
    }
}

impl<'de> de::Deserializer<'de> for Definitions<'_, '_, 'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        crate::stack::with_stack(|| {
            if self.values.iter().all(|e| ExprDe::literal_object(e)) {
                return visit_objects(self.values, self.env, visitor);
            }
            self.visit_seq(visitor)
        })
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.visit_seq(visitor)
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value> {
        self.visit_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value> {
        self.visit_seq(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.each().as_slice() {
            [one] => ExprDe::new(one, self.env).deserialize_map(visitor),
            each if each.iter().all(|e| ExprDe::literal_object(e)) => {
                visit_objects(each.iter().copied(), self.env, visitor)
            }
            _ => Err(de::Error::invalid_type(de::Unexpected::Seq, &visitor)),
        }
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        // One block (a struct) given several times: refused, as the same
        // blocks are in native syntax.
        let each = self.each();
        match each.as_slice() {
            [one] => ExprDe::new(one, self.env).deserialize_struct(name, fields, visitor),
            [_, second, ..] => Err(too_many(each.len(), second)),
            [] => visit_objects([], self.env, visitor),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        if name == EXACT_VALUE || name == syntax_de::EXPRESSION_NAME {
            // (A `Value`: the definitions as they are; syntax: the same.)
            return self.deserialize_any(visitor);
        }
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_unit()
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct enum identifier
    }
}

/// One block (a struct) given `n` times, the second at `second`.
#[cold]
pub(super) fn too_many(n: usize, second: &Expression<'_>) -> Error {
    let e: Error = de::Error::custom(format_args!(
        "expected one block here, found {n} definitions (use a list type such as Vec to accept several)"
    ));
    attach_span(e, second.span)
}
