//! The deserializer of a group of same-named blocks (a struct, a
//! sequence, or maps keyed by their labels), and of a block's labels.

use serde::de::{
    self, DeserializeSeed, EnumAccess, IntoDeserializer, MapAccess, SeqAccess, Unexpected, Visitor,
};

use super::body::{key_forward, reject, wants_labels, BodyDe, EntryDe};
use super::eval_glue::Env;
use super::syntax_de;
use super::value::{KeyDeserializer, ValueDeserializer};
use crate::error::path::{attach_span, prepend_index, prepend_key};
use crate::error::{Error, Result};
use crate::syntax::{Block, BlockLabel, Span};

/// How many blocks ahead [`BlocksDe::visit_labels`] reads the label it will
/// group by (see [`Block::warm_label`]).
const WARM_AHEAD: usize = 4;

/// The blocks of one group (a type, or a label under it). Most groups hold
/// one block, kept without allocating.
#[derive(Clone)]
pub(super) enum Group<'b, 't> {
    One(&'b Block<'t>),
    Many(Vec<&'b Block<'t>>),
}

impl<'b, 't> Group<'b, 't> {
    pub(super) fn push(&mut self, b: &'b Block<'t>) {
        match self {
            Group::One(a) => *self = Group::Many(vec![*a, b]),
            Group::Many(v) => v.push(b),
        }
    }
}

impl<'b, 't> std::ops::Deref for Group<'b, 't> {
    type Target = [&'b Block<'t>];
    fn deref(&self) -> &[&'b Block<'t>] {
        match self {
            Group::One(b) => std::slice::from_ref(b),
            Group::Many(v) => v,
        }
    }
}

/// The blocks of one type in a body (`service "a" {}`, `service "b" {}`),
/// with `depth` labels already consumed by enclosing label maps.
///
/// - as a map, or a struct without label fields: keyed by the next label;
/// - as a sequence: one element per block;
/// - as a struct, when the blocks have no more labels or the struct asks for
///   [`LABEL`]/[`LABELS`]: the one block's body.
#[derive(Clone)]
pub(crate) struct BlocksDe<'b, 't, 'de> {
    pub(super) blocks: Group<'b, 't>,
    pub(super) depth: usize,
    /// A list element: read as the block's body even when labels remain.
    pub(super) element: bool,
    pub(super) env: Env<'b, 't, 'de>,
}

impl<'b, 't, 'de> BlocksDe<'b, 't, 'de> {
    fn all_labeled(&self) -> bool {
        self.blocks.iter().all(|b| b.labels.len() > self.depth)
    }

    fn span(&self) -> Span {
        self.blocks[0].span()
    }

    fn single(&self) -> Result<&'b Block<'t>> {
        if self.blocks.len() == 1 {
            return Ok(self.blocks[0]);
        }
        Err(self.too_many())
    }

    /// When some blocks of the group have a label here and others do not,
    /// the ones without are the mistake (a map keyed by label was expected).
    fn check_labels(&self) -> Result<()> {
        if self.blocks.len() > 1 && self.blocks.iter().any(|b| b.labels.len() > self.depth) {
            if let Some(b) = self.blocks.iter().find(|b| b.labels.len() <= self.depth) {
                return Err(self.missing_label(b));
            }
        }
        Ok(())
    }

    #[cold]
    fn missing_label(&self, b: &Block<'_>) -> Error {
        let e: Error = de::Error::custom(format_args!(
            "this `{}` block has {} label{}, the others here have more",
            b.ident.as_str(),
            b.labels.len(),
            if b.labels.len() == 1 { "" } else { "s" },
        ));
        attach_span(e, b.span())
    }

    #[cold]
    fn too_many(&self) -> Error {
        let name = self.blocks[0].ident.as_str();
        let e: Error = de::Error::custom(format_args!(
            "expected one `{name}` block here, found {} (use a list type such as Vec to accept several)",
            self.blocks.len()
        ));
        attach_span(e, self.blocks[1].span())
    }

    #[cold]
    fn invalid(&self, exp: &dyn de::Expected) -> Error {
        let e: Error = de::Error::invalid_type(Unexpected::Other("a block"), exp);
        attach_span(e, self.span())
    }

    fn body(&self, block: &'b Block<'t>) -> BodyDe<'b, 't, 'de> {
        BodyDe::of_block(block, self.depth, self.element, self.env)
    }

    fn visit_labels<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let depth = self.depth;
        let mut groups: Vec<(&'b BlockLabel<'t>, Group<'b, 't>)> = Vec::new();
        if self.blocks.len() <= 16 {
            for (i, b) in self.blocks.iter().enumerate() {
                if let Some(next) = self.blocks.get(i + WARM_AHEAD) {
                    next.warm_label(depth);
                }
                let l = &b.labels[depth];
                match groups.iter_mut().find(|(g, _)| g.as_str() == l.as_str()) {
                    Some((_, v)) => v.push(b),
                    None => groups.push((l, Group::One(b))),
                }
            }
        } else {
            // Hashed as large maps are (foldhash, randomly seeded).
            let mut index: crate::value::map::FastHashMap<&str, usize> =
                std::collections::HashMap::with_capacity_and_hasher(
                    self.blocks.len(),
                    Default::default(),
                );
            for (i, b) in self.blocks.iter().enumerate() {
                if let Some(next) = self.blocks.get(i + WARM_AHEAD) {
                    next.warm_label(depth);
                }
                let l = &b.labels[depth];
                // Blocks of one label usually come together.
                if let Some((g, v)) = groups.last_mut() {
                    if g.as_str() == l.as_str() {
                        v.push(b);
                        continue;
                    }
                }
                match index.get(l.as_str()) {
                    Some(&i) => groups[i].1.push(b),
                    None => {
                        index.insert(l.as_str(), groups.len());
                        groups.push((l, Group::One(b)));
                    }
                }
            }
        }
        visitor.visit_map(LabelMap {
            groups: groups.into_iter(),
            pending: None,
            depth,
            env: self.env,
        })
    }

    /// The value of a group mixing blocks that have more labels with blocks
    /// that have none left (`include {}` and `include "env" {}`), built as
    /// the evaluator builds it (see `Evaluate for Body`), block by block:
    /// an unlabeled block's body takes the slot (or joins it in an array), a
    /// labeled block's content goes under its labels in the slot's object.
    #[cold]
    fn mixed_value(&self) -> Result<crate::value::Value> {
        use crate::value::Value;
        let mut slot = Value::Null;
        for b in self.blocks.iter() {
            let content: Value =
                de::Deserialize::deserialize(BodyDe::of_block(b, b.labels.len(), false, self.env))?;
            let labels = b.labels[self.depth..].iter().map(|l| l.as_str());
            crate::value::shape::place_block(&mut slot, labels, content);
        }
        Ok(slot)
    }

    fn visit_elements<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_seq(BlockSeq {
            blocks: self.blocks,
            index: 0,
            depth: self.depth,
            env: self.env,
        })
    }
}

impl<'b, 't, 'de> IntoDeserializer<'de, Error> for BlocksDe<'b, 't, 'de> {
    type Deserializer = Self;
    fn into_deserializer(self) -> Self {
        self
    }
}

impl<'de> de::Deserializer<'de> for BlocksDe<'_, '_, 'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        crate::stack::with_stack(|| {
            if self.element {
                let b = self.single()?;
                return self.body(b).deserialize_map(visitor);
            }
            if self.all_labeled() {
                self.visit_labels(visitor)
            } else if self.blocks.len() == 1 {
                self.body(self.blocks[0]).deserialize_map(visitor)
            } else if self.blocks.iter().all(|b| b.labels.len() == self.depth) {
                self.visit_elements(visitor)
            } else {
                let span = self.span();
                ValueDeserializer::new(self.mixed_value()?, span).deserialize_any(visitor)
            }
        })
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if !self.element && self.all_labeled() {
            self.visit_labels(visitor)
        } else {
            self.check_labels()?;
            let b = self.single()?;
            self.body(b).deserialize_map(visitor)
        }
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        if serde_spanned::de::is_spanned(name) {
            let span = self.span();
            return visitor.visit_map(serde_spanned::de::SpannedDeserializer::new(
                self,
                span.range(),
            ));
        }
        if name == syntax_de::BODY_NAME {
            let b = self.single()?;
            return syntax_de::visit_body(&b.body, &self.env, visitor);
        }
        let (label, labels) = wants_labels(fields);
        if !self.element && !label && !labels && self.all_labeled() {
            return self.visit_labels(visitor);
        }
        if !self.element && !label && !labels {
            self.check_labels()?;
        }
        let b = self.single()?;
        self.body(b).deserialize_struct(name, fields, visitor)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if self.element {
            return Err(self.invalid(&visitor));
        }
        self.visit_elements(visitor)
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        if name == syntax_de::BODY_NAME {
            let b = self.single()?;
            return syntax_de::visit_body(&b.body, &self.env, visitor);
        }
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let b = self.single()?;
        self.body(b).deserialize_unit(visitor)
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        self.deserialize_unit(visitor)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        let b = self.single()?;
        if b.labels.len() > self.depth {
            let label = &b.labels[self.depth];
            let content = BlocksDe {
                blocks: Group::One(b),
                depth: self.depth + 1,
                element: false,
                env: self.env,
            };
            return visitor
                .visit_enum(LabelEnum { label, content })
                .map_err(|e| attach_span(prepend_key(e, label.as_str()), b.span()));
        }
        self.body(b).deserialize_enum(name, variants, visitor)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_unit()
    }

    deserializer_methods! {
        reject;
        deserialize_bool deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64
        deserialize_i128 deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64
        deserialize_u128 deserialize_f32 deserialize_f64 deserialize_char deserialize_str
        deserialize_string deserialize_bytes deserialize_byte_buf deserialize_identifier
    }
}

struct LabelMap<'b, 't, 'de> {
    groups: std::vec::IntoIter<(&'b BlockLabel<'t>, Group<'b, 't>)>,
    pending: Option<(&'b BlockLabel<'t>, Group<'b, 't>)>,
    depth: usize,
    env: Env<'b, 't, 'de>,
}

impl<'de> MapAccess<'de> for LabelMap<'_, '_, 'de> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        let Some((label, blocks)) = self.groups.next() else {
            return Ok(None);
        };
        let k = seed
            .deserialize(LabelDe(label, self.env))
            .map_err(|e| attach_span(prepend_key(e, label.as_str()), label.span()))?;
        self.pending = Some((label, blocks));
        Ok(Some(k))
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value> {
        let (label, blocks) = self
            .pending
            .take()
            .ok_or_else(|| <Error as de::Error>::custom("value requested before key"))?;
        let span = blocks[0].span();
        if let Some((_, next)) = self.groups.as_slice().first() {
            next[0].warm();
        }
        seed.deserialize(BlocksDe {
            blocks,
            depth: self.depth + 1,
            element: false,
            env: self.env,
        })
        .map_err(|e| attach_span(prepend_key(e, label.as_str()), span))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.groups.len())
    }
}

struct BlockSeq<'b, 't, 'de> {
    blocks: Group<'b, 't>,
    index: usize,
    depth: usize,
    env: Env<'b, 't, 'de>,
}

impl<'de> SeqAccess<'de> for BlockSeq<'_, '_, 'de> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>> {
        let Some(&b) = self.blocks.get(self.index) else {
            return Ok(None);
        };
        let i = self.index;
        self.index += 1;
        seed.deserialize(BlocksDe {
            blocks: Group::One(b),
            depth: self.depth,
            element: true,
            env: self.env,
        })
        .map(Some)
        .map_err(|e| attach_span(prepend_index(e, i), b.span()))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.blocks.len() - self.index)
    }
}

/// A labeled block read as an enum: the label names the variant.
struct LabelEnum<'b, 't, 'de> {
    label: &'b BlockLabel<'t>,
    content: BlocksDe<'b, 't, 'de>,
}

impl<'b, 't, 'de> EnumAccess<'de> for LabelEnum<'b, 't, 'de> {
    type Error = Error;
    type Variant = EntryDe<'b, 't, 'de>;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self::Variant)> {
        let v = seed
            .deserialize(KeyDeserializer::new(self.label.as_str()))
            .map_err(|e| attach_span(e, self.label.span()))?;
        Ok((v, EntryDe::Blocks(self.content)))
    }
}

/// One block label: a string (that converts to numbers and bools like any
/// HCL string).
pub(super) struct LabelDe<'b, 't, 'de>(pub(super) &'b BlockLabel<'t>, pub(super) Env<'b, 't, 'de>);

impl<'de> de::Deserializer<'de> for LabelDe<'_, '_, 'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        crate::stack::with_stack(|| {
            let span = self.0.span();
            KeyDeserializer::borrowing(self.0.as_str(), self.1.borrow(self.0.as_str()))
                .deserialize_any(visitor)
                .map_err(|e| attach_span(e, span))
        })
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let s = self.0.as_str();
        match self.1.borrow(s) {
            Some(s) => visitor.visit_borrowed_str(s),
            None => visitor.visit_str(s),
        }
        .map_err(|e| attach_span(e, self.0.span()))
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_str(visitor)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        let span = self.0.span();
        if serde_spanned::de::is_spanned(name) {
            let v = crate::value::Value::String(crate::value::Str::from(self.0.as_str()));
            return visitor.visit_map(serde_spanned::de::SpannedDeserializer::new(
                ValueDeserializer::new(v, span),
                span.range(),
            ));
        }
        KeyDeserializer::borrowing(self.0.as_str(), self.1.borrow(self.0.as_str()))
            .deserialize_struct(name, fields, visitor)
            .map_err(|e| attach_span(e, span))
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        let span = self.0.span();
        KeyDeserializer::borrowing(self.0.as_str(), self.1.borrow(self.0.as_str()))
            .deserialize_enum(name, variants, visitor)
            .map_err(|e| attach_span(e, span))
    }

    deserializer_methods! {
        key_forward;
        deserialize_bool deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64
        deserialize_i128 deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64
        deserialize_u128 deserialize_f32 deserialize_f64 deserialize_char deserialize_bytes
        deserialize_byte_buf deserialize_option deserialize_unit deserialize_seq deserialize_map
        deserialize_identifier deserialize_ignored_any deserialize_unit_struct
        deserialize_newtype_struct deserialize_tuple deserialize_tuple_struct
    }
}

/// The remaining labels of a block, as a list of strings.
pub(super) struct LabelsDe<'b, 't, 'de>(
    pub(super) &'b [BlockLabel<'t>],
    pub(super) Env<'b, 't, 'de>,
);

impl<'de> de::Deserializer<'de> for LabelsDe<'_, '_, 'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        crate::stack::with_stack(|| {
            visitor.visit_seq(LabelSeq {
                labels: self.0.iter(),
                index: 0,
                env: self.1,
            })
        })
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct newtype_struct seq tuple
        tuple_struct map struct enum identifier ignored_any
    }
}

struct LabelSeq<'b, 't, 'de> {
    labels: std::slice::Iter<'b, BlockLabel<'t>>,
    index: usize,
    env: Env<'b, 't, 'de>,
}

impl<'de> SeqAccess<'de> for LabelSeq<'_, '_, 'de> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>> {
        let Some(l) = self.labels.next() else {
            return Ok(None);
        };
        let i = self.index;
        self.index += 1;
        seed.deserialize(LabelDe(l, self.env))
            .map(Some)
            .map_err(|e| prepend_index(e, i))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.labels.len())
    }
}
