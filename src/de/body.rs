//! Deserializers that walk the syntax tree: a [`Body`] (attributes and
//! blocks), a group of same-named blocks, and an attribute's expression.
//!
//! Literal expressions (numbers, strings, tuples, objects with literal keys)
//! are read straight from the syntax, so errors inside them point at the
//! element concerned; everything else is evaluated and read as a [`Value`].

use serde::de::{
    self, DeserializeSeed, EnumAccess, IntoDeserializer, MapAccess, SeqAccess, Unexpected,
    VariantAccess, Visitor,
};

use super::eval_glue::{evaluate, Env};
use super::syntax_de;
use super::value::{parse_bool, visit_number, KeyDeserializer, ValueDeserializer};
use super::{LABEL, LABELS};
use crate::error::path::{attach_span, prepend_index, prepend_key};
use crate::error::{Error, Result};
use crate::syntax::{
    Attribute, Block, BlockLabel, Body, ExprKind, Expression, ObjectItem, ObjectKey, Span,
};

/// Deserializer methods that reject the input as the wrong type.
macro_rules! reject {
    ($($method:ident ( $($arg:ident : $ty:ty),* ))*) => {$(
        fn $method<V: Visitor<'de>>(self, $($arg: $ty,)* visitor: V) -> Result<V::Value> {
            $(let _ = $arg;)*
            Err(self.invalid(&visitor))
        }
    )*};
}

/// Deserializer methods that read a label through [`KeyDeserializer`].
macro_rules! key_forward {
    ($($method:ident ( $($arg:ident : $ty:ty),* ))*) => {$(
        fn $method<V: Visitor<'de>>(self, $($arg: $ty,)* visitor: V) -> Result<V::Value> {
            let span = self.0.span();
            KeyDeserializer::borrowing(self.0.as_str(), self.1.borrow(self.0.as_str()))
                .$method($($arg,)* visitor)
                .map_err(|e| attach_span(e, span))
        }
    )*};
}

// ---------------------------------------------------------------------------
// Body
// ---------------------------------------------------------------------------

/// A body as a map (attributes and block groups by name).
#[derive(Clone, Copy)]
pub(crate) struct BodyDe<'b, 't, 'de> {
    body: &'b Body<'t>,
    env: Env<'b, 't, 'de>,
    /// Labels of the block not consumed by enclosing label maps; offered
    /// under [`LABEL`] / [`LABELS`].
    labels: &'b [BlockLabel<'t>],
    /// Whether `deserialize_map`/`deserialize_any` offer [`LABELS`] too
    /// (blocks read as list elements).
    labels_in_map: bool,
    /// The block's span, for errors about the block as a whole.
    owner: Option<Span>,
}

impl<'b, 't, 'de> BodyDe<'b, 't, 'de> {
    pub(crate) fn new(body: &'b Body<'t>, env: Env<'b, 't, 'de>) -> Self {
        BodyDe {
            body,
            env,
            labels: &[],
            labels_in_map: false,
            owner: None,
        }
    }

    fn of_block(
        block: &'b Block<'t>,
        depth: usize,
        labels_in_map: bool,
        env: Env<'b, 't, 'de>,
    ) -> Self {
        BodyDe {
            body: &block.body,
            env,
            labels: &block.labels[depth.min(block.labels.len())..],
            labels_in_map: labels_in_map && block.labels.len() > depth,
            owner: Some(block.span()),
        }
    }

    fn entries(&self, label: bool, labels: bool) -> Vec<Entry<'b, 't>> {
        let mut out = Vec::with_capacity(self.body.structures.len() + 2);
        if label && !self.labels.is_empty() {
            out.push(Entry::Label(&self.labels[0]));
        }
        if labels {
            out.push(Entry::Labels(self.labels, self.owner));
        }
        // Indices into `out` of the block groups, by name (few per body).
        // Consecutive blocks usually share a type: try the last group first.
        let mut groups: Vec<usize> = Vec::new();
        let mut last: Option<usize> = None;
        for s in self.body.structures {
            match s {
                crate::syntax::Structure::Attribute(a) => out.push(Entry::Attr(a)),
                crate::syntax::Structure::Block(b) => {
                    let name = b.ident.as_str();
                    let is = |i: &usize| matches!(&out[*i], Entry::Blocks(n, _) if *n == name);
                    let found = last.filter(is).or_else(|| groups.iter().copied().find(is));
                    last = Some(found.unwrap_or(out.len()));
                    match found {
                        Some(i) => {
                            if let Entry::Blocks(_, v) = &mut out[i] {
                                v.push(b);
                            }
                        }
                        None => {
                            groups.push(out.len());
                            out.push(Entry::Blocks(name, Group::One(b)));
                        }
                    }
                }
            }
        }
        out
    }

    fn visit_body<V: Visitor<'de>>(
        self,
        label: bool,
        labels: bool,
        visitor: V,
    ) -> Result<V::Value> {
        let owner = self.owner;
        // A body of attributes only (most are) is its own list of entries.
        let wants_labels = (label && !self.labels.is_empty()) || labels;
        let entries = if !wants_labels
            && self
                .body
                .structures
                .iter()
                .all(|s| matches!(s, crate::syntax::Structure::Attribute(_)))
        {
            Entries::Attributes(self.body.structures.iter())
        } else {
            Entries::Grouped(self.entries(label, labels).into_iter())
        };
        let r = visitor.visit_map(BodyMap {
            entries,
            pending: None,
            env: self.env,
        });
        match (r, owner) {
            (Err(e), Some(span)) => Err(attach_span(e, span)),
            (r, _) => r,
        }
    }

    #[cold]
    fn invalid(&self, exp: &dyn de::Expected) -> Error {
        let e: Error = de::Error::invalid_type(Unexpected::Other("a block body"), exp);
        match self.owner {
            Some(s) => attach_span(e, s),
            None => e,
        }
    }
}

enum Entry<'b, 't> {
    Attr(&'b Attribute<'t>),
    Blocks(&'b str, Group<'b, 't>),
    Label(&'b BlockLabel<'t>),
    Labels(&'b [BlockLabel<'t>], Option<Span>),
}

impl<'b, 't> Entry<'b, 't> {
    fn key<'de>(&self, env: &Env<'_, 't, 'de>) -> KeyDeserializer<'t, 'de> {
        match self {
            Entry::Attr(a) => KeyDeserializer::borrowing(a.name.name, env.borrow(a.name.name)),
            Entry::Blocks(_, b) => {
                KeyDeserializer::borrowing(b[0].ident.name, env.borrow(b[0].ident.name))
            }
            Entry::Label(_) => KeyDeserializer::new(LABEL),
            Entry::Labels(..) => KeyDeserializer::new(LABELS),
        }
    }

    fn name(&self) -> &str {
        match self {
            Entry::Attr(a) => a.name.as_str(),
            Entry::Blocks(n, _) => n,
            Entry::Label(_) => LABEL,
            Entry::Labels(..) => LABELS,
        }
    }

    fn span(&self) -> Option<Span> {
        match self {
            Entry::Attr(a) => Some(a.span()),
            Entry::Blocks(_, b) => Some(b[0].span()),
            Entry::Label(l) => Some(l.span()),
            Entry::Labels(l, owner) => l.first().map(|l| l.span()).or(*owner),
        }
    }
}

/// A body's entries: its attributes as they are, or attributes and block
/// groups (and labels) as [`BodyDe::entries`] lists them.
enum Entries<'b, 't> {
    Attributes(std::slice::Iter<'b, crate::syntax::Structure<'t>>),
    Grouped(std::vec::IntoIter<Entry<'b, 't>>),
}

impl<'b, 't> Iterator for Entries<'b, 't> {
    type Item = Entry<'b, 't>;

    #[inline]
    fn next(&mut self) -> Option<Entry<'b, 't>> {
        match self {
            Entries::Attributes(it) => it.find_map(|s| match s {
                crate::syntax::Structure::Attribute(a) => Some(Entry::Attr(a)),
                crate::syntax::Structure::Block(_) => None,
            }),
            Entries::Grouped(it) => it.next(),
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match self {
            Entries::Attributes(it) => it.size_hint(),
            Entries::Grouped(it) => it.size_hint(),
        }
    }
}

impl ExactSizeIterator for Entries<'_, '_> {}

struct BodyMap<'b, 't, 'de> {
    entries: Entries<'b, 't>,
    pending: Option<Entry<'b, 't>>,
    env: Env<'b, 't, 'de>,
}

impl<'de> MapAccess<'de> for BodyMap<'_, '_, 'de> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        let Some(entry) = self.entries.next() else {
            return Ok(None);
        };
        let key = match seed.deserialize(entry.key(&self.env)) {
            Ok(k) => k,
            Err(e) => return Err(locate(prepend_key(e, entry.name()), entry.span())),
        };
        self.pending = Some(entry);
        Ok(Some(key))
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value> {
        let entry = self
            .pending
            .take()
            .ok_or_else(|| <Error as de::Error>::custom("value requested before key"))?;
        match entry {
            Entry::Attr(a) => seed
                .deserialize(ExprDe::new(&a.expr, self.env))
                .map_err(|e| every_diagnostic(e, &a.expr, self.env))
                .map_err(|e| locate(prepend_key(e, a.name.as_str()), Some(a.expr.span))),
            Entry::Blocks(name, blocks) => {
                let span = blocks[0].span();
                seed.deserialize(BlocksDe {
                    blocks,
                    depth: 0,
                    element: false,
                    env: self.env,
                })
                .map_err(|e| locate(prepend_key(e, name), Some(span)))
            }
            Entry::Label(l) => seed
                .deserialize(LabelDe(l, self.env))
                .map_err(|e| locate(prepend_key(e, LABEL), Some(l.span()))),
            e @ Entry::Labels(l, _) => seed
                .deserialize(LabelsDe(l, self.env))
                .map_err(|err| locate(prepend_key(err, LABELS), e.span())),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.entries.len())
    }
}

#[cold]
fn locate(e: Error, span: Option<Span>) -> Error {
    match span {
        Some(s) => attach_span(e, s),
        None => e,
    }
}

fn wants_labels(fields: &[&str]) -> (bool, bool) {
    (fields.contains(&LABEL), fields.contains(&LABELS))
}

impl<'de> de::Deserializer<'de> for BodyDe<'_, '_, 'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        crate::stack::with_stack(|| self.deserialize_map(visitor))
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let labels = self.labels_in_map;
        self.visit_body(false, labels, visitor)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        if serde_spanned::de::is_spanned(name) {
            let span = self.owner.unwrap_or(self.body.span);
            return visitor.visit_map(serde_spanned::de::SpannedDeserializer::new(
                self,
                span.range(),
            ));
        }
        if name == syntax_de::BODY_NAME {
            return syntax_de::visit_body(self.body, &self.env, visitor);
        }
        let (label, labels) = wants_labels(fields);
        self.visit_body(label, labels, visitor)
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
            return syntax_de::visit_body(self.body, &self.env, visitor);
        }
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if self.body.structures.is_empty() {
            visitor.visit_unit()
        } else {
            Err(self.invalid(&visitor))
        }
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
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        let mut entries = self.entries(false, false);
        let count = entries.len();
        let (Some(entry), 1) = (entries.pop(), count) else {
            let e: Error = de::Error::invalid_length(
                count,
                &"a body with exactly one attribute or block naming the variant",
            );
            return Err(locate(e, self.owner));
        };
        let span = entry.span();
        let name = entry.name().to_owned();
        visitor
            .visit_enum(EntryEnum {
                entry,
                env: self.env,
            })
            .map_err(|e| locate(prepend_key(e, &name), span))
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_unit()
    }

    reject! {
        deserialize_bool() deserialize_i8() deserialize_i16() deserialize_i32()
        deserialize_i64() deserialize_i128() deserialize_u8() deserialize_u16()
        deserialize_u32() deserialize_u64() deserialize_u128() deserialize_f32()
        deserialize_f64() deserialize_char() deserialize_str() deserialize_string()
        deserialize_bytes() deserialize_byte_buf() deserialize_seq()
        deserialize_identifier()
        deserialize_tuple(len: usize)
        deserialize_tuple_struct(name: &'static str, len: usize)
    }
}

impl<'b, 't, 'de> IntoDeserializer<'de, Error> for BodyDe<'b, 't, 'de> {
    type Deserializer = Self;
    fn into_deserializer(self) -> Self {
        self
    }
}

/// A body or object with one entry, read as an enum: the entry's name is the
/// variant, its value the content.
struct EntryEnum<'b, 't, 'de> {
    entry: Entry<'b, 't>,
    env: Env<'b, 't, 'de>,
}

impl<'b, 't, 'de> EnumAccess<'de> for EntryEnum<'b, 't, 'de> {
    type Error = Error;
    type Variant = EntryDe<'b, 't, 'de>;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self::Variant)> {
        let v = seed.deserialize(self.entry.key(&self.env))?;
        let de = match self.entry {
            Entry::Attr(a) => EntryDe::Expr(ExprDe::new(&a.expr, self.env)),
            Entry::Blocks(_, blocks) => EntryDe::Blocks(BlocksDe {
                blocks,
                depth: 0,
                element: false,
                env: self.env,
            }),
            // Label entries are never offered to enums.
            Entry::Label(_) | Entry::Labels(..) => {
                return Err(de::Error::custom("labels cannot name an enum variant"))
            }
        };
        Ok((v, de))
    }
}

/// The content of an enum variant: an expression or a group of blocks.
enum EntryDe<'b, 't, 'de> {
    Expr(ExprDe<'b, 't, 'de>),
    Blocks(BlocksDe<'b, 't, 'de>),
}

impl<'de> VariantAccess<'de> for EntryDe<'_, '_, 'de> {
    type Error = Error;

    fn unit_variant(self) -> Result<()> {
        match self {
            EntryDe::Expr(e) => de::Deserialize::deserialize(e),
            EntryDe::Blocks(b) => de::Deserialize::deserialize(b),
        }
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value> {
        match self {
            EntryDe::Expr(e) => seed.deserialize(e),
            EntryDe::Blocks(b) => seed.deserialize(b),
        }
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value> {
        match self {
            EntryDe::Expr(e) => de::Deserializer::deserialize_seq(e, visitor),
            EntryDe::Blocks(b) => de::Deserializer::deserialize_seq(b, visitor),
        }
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        match self {
            EntryDe::Expr(e) => de::Deserializer::deserialize_struct(e, "", fields, visitor),
            EntryDe::Blocks(b) => de::Deserializer::deserialize_struct(b, "", fields, visitor),
        }
    }
}

// ---------------------------------------------------------------------------
// Groups of blocks
// ---------------------------------------------------------------------------

/// The blocks of one group (a type, or a label under it). Most groups hold
/// one block, kept without allocating.
/// How many blocks ahead [`BlocksDe::visit_labels`] reads the label it will
/// group by (see [`Block::warm_label`]).
const WARM_AHEAD: usize = 4;

#[derive(Clone)]
enum Group<'b, 't> {
    One(&'b Block<'t>),
    Many(Vec<&'b Block<'t>>),
}

impl<'b, 't> Group<'b, 't> {
    fn push(&mut self, b: &'b Block<'t>) {
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
    blocks: Group<'b, 't>,
    depth: usize,
    /// A list element: read as the block's body even when labels remain.
    element: bool,
    env: Env<'b, 't, 'de>,
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

    reject! {
        deserialize_bool() deserialize_i8() deserialize_i16() deserialize_i32()
        deserialize_i64() deserialize_i128() deserialize_u8() deserialize_u16()
        deserialize_u32() deserialize_u64() deserialize_u128() deserialize_f32()
        deserialize_f64() deserialize_char() deserialize_str() deserialize_string()
        deserialize_bytes() deserialize_byte_buf() deserialize_identifier()
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
struct LabelDe<'b, 't, 'de>(&'b BlockLabel<'t>, Env<'b, 't, 'de>);

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

    key_forward! {
        deserialize_bool() deserialize_i8() deserialize_i16() deserialize_i32()
        deserialize_i64() deserialize_i128() deserialize_u8() deserialize_u16()
        deserialize_u32() deserialize_u64() deserialize_u128() deserialize_f32()
        deserialize_f64() deserialize_char() deserialize_bytes()
        deserialize_byte_buf() deserialize_option() deserialize_unit() deserialize_seq()
        deserialize_map() deserialize_identifier() deserialize_ignored_any()
        deserialize_unit_struct(name: &'static str)
        deserialize_newtype_struct(name: &'static str)
        deserialize_tuple(len: usize)
        deserialize_tuple_struct(name: &'static str, len: usize)
    }
}

/// The remaining labels of a block, as a list of strings.
struct LabelsDe<'b, 't, 'de>(&'b [BlockLabel<'t>], Env<'b, 't, 'de>);

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

// ---------------------------------------------------------------------------
// Expressions
// ---------------------------------------------------------------------------

/// An attribute's expression.
/// An attribute's evaluation error `e`, found where the visitor asked for
/// one part of it: every diagnostic of the attribute's expression, which is
/// evaluated whole (its parts went on after the one that failed).
#[cold]
fn every_diagnostic(e: Error, expr: &Expression<'_>, env: Env<'_, '_, '_>) -> Error {
    if e.kind() != crate::error::ErrorKind::Eval || e.count() > 1 {
        return e;
    }
    match super::eval_glue::evaluate(expr, &env) {
        Err(all) if all.count() > 1 => all,
        _ => e,
    }
}

#[derive(Clone, Copy)]
pub(crate) struct ExprDe<'b, 't, 'de> {
    expr: &'b Expression<'t>,
    env: Env<'b, 't, 'de>,
}

impl<'b, 't, 'de> ExprDe<'b, 't, 'de> {
    pub(crate) fn new(expr: &'b Expression<'t>, env: Env<'b, 't, 'de>) -> Self {
        ExprDe { expr, env }
    }

    /// The expression with parentheses around a literal removed.
    ///
    /// Only literals are unwrapped: anything else is evaluated whole, so
    /// that template-preserving mode keeps the parentheses as written.
    fn inner(mut self) -> Self {
        while let ExprKind::Parenthesis(e) = &self.expr.kind {
            if !matches!(
                e.kind,
                ExprKind::Null
                    | ExprKind::Bool(_)
                    | ExprKind::Number { .. }
                    | ExprKind::String(_)
                    | ExprKind::Tuple(_)
                    | ExprKind::Object(_)
                    | ExprKind::Parenthesis(_)
            ) {
                break;
            }
            self.expr = e;
        }
        self
    }

    /// Evaluates the expression; the value remembers the expression's span.
    fn eval(self) -> Result<ValueDeserializer> {
        let v = evaluate(self.expr, &self.env).map_err(|e| attach_span(e, self.expr.span))?;
        Ok(ValueDeserializer::new(v, self.expr.span))
    }

    pub(super) fn literal_keys(items: &[ObjectItem<'_>]) -> bool {
        items.iter().all(|i| match &i.key {
            ObjectKey::Ident(_) => true,
            ObjectKey::Expression(e) => {
                matches!(
                    e.kind,
                    ExprKind::String(_) | ExprKind::Null | ExprKind::Bool(_)
                )
            }
        })
    }

    fn visit_tuple<V: Visitor<'de>>(self, items: &'b [Expression<'t>], v: V) -> Result<V::Value> {
        let len = items.len();
        let mut seq = TupleSeq {
            items: items.iter(),
            index: 0,
            env: self.env,
        };
        let out = v.visit_seq(&mut seq)?;
        if seq.items.len() == 0 {
            Ok(out)
        } else {
            Err(attach_span(
                de::Error::invalid_length(len, &"fewer elements"),
                self.expr.span,
            ))
        }
    }

    /// Whether `items` are all object constructors with literal keys (HCL's
    /// JSON syntax writes blocks of several labels as such a list, in
    /// order).
    fn literal_objects(items: &[Expression<'_>]) -> bool {
        !items.is_empty() && items.iter().all(Self::literal_object)
    }

    /// Whether `e` is an object constructor with literal keys.
    pub(super) fn literal_object(e: &Expression<'_>) -> bool {
        matches!(e.kind, ExprKind::Object(o) if Self::literal_keys(o))
    }

    /// A list of objects read as one map: each key once, with every value
    /// given for it (`super::repeated`; see [`ExprDe::literal_objects`]).
    fn visit_objects<V: Visitor<'de>>(self, items: &'b [Expression<'t>], v: V) -> Result<V::Value> {
        super::repeated::visit_objects(items, self.env, v)
            .map_err(|e| attach_span(e, self.expr.span))
    }

    fn visit_object<V: Visitor<'de>>(self, items: &'b [ObjectItem<'t>], v: V) -> Result<V::Value> {
        v.visit_map(ObjectMap {
            items: items.iter(),
            pending: None,
            env: self.env,
        })
        .map_err(|e| attach_span(e, self.expr.span))
    }
}

/// A sequence of one element.
struct One<T>(Option<T>);

impl<'de, T: de::Deserializer<'de, Error = Error>> SeqAccess<'de> for One<T> {
    type Error = Error;

    fn next_element_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<Option<S::Value>> {
        self.0.take().map(|d| seed.deserialize(d)).transpose()
    }

    fn size_hint(&self) -> Option<usize> {
        Some(usize::from(self.0.is_some()))
    }
}

pub(super) fn object_key_de<'b, 't: 'b, 'de>(
    key: &'b ObjectKey<'t>,
    env: &Env<'_, 't, 'de>,
) -> KeyDeserializer<'b, 'de> {
    match key {
        ObjectKey::Ident(i) => KeyDeserializer::borrowing(i.name, env.borrow(i.name)),
        ObjectKey::Expression(Expression {
            kind: ExprKind::String(s),
            ..
        }) => KeyDeserializer::borrowing(s, env.borrow(s)),
        k => KeyDeserializer::new(object_key(k)),
    }
}

fn object_key<'a>(key: &'a ObjectKey<'_>) -> &'a str {
    key.literal_key().unwrap_or("")
}

impl<'b, 't, 'de> IntoDeserializer<'de, Error> for ExprDe<'b, 't, 'de> {
    type Deserializer = Self;
    fn into_deserializer(self) -> Self {
        self
    }
}

/// Typed scalar methods: numbers straight from literals, everything else
/// through the evaluated value (which carries Terraform's conversions).
macro_rules! expr_number {
    ($($method:ident)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
            let this = self.inner();
            match &this.expr.kind {
                ExprKind::Number(n) => visit_number(&n.value(), visitor)
                    .map_err(|e| attach_span(e, this.expr.span)),
                _ => this.eval()?.$method(visitor).map_err(|e| attach_span(e, this.expr.span)),
            }
        }
    )*};
}

macro_rules! expr_via_value {
    ($($method:ident ( $($arg:ident : $ty:ty),* ))*) => {$(
        fn $method<V: Visitor<'de>>(self, $($arg: $ty,)* visitor: V) -> Result<V::Value> {
            let span = self.expr.span;
            self.eval()?.$method($($arg,)* visitor).map_err(|e| attach_span(e, span))
        }
    )*};
}

impl<'de> de::Deserializer<'de> for ExprDe<'_, '_, 'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        crate::stack::with_stack(|| {
            let this = self.inner();
            let span = this.expr.span;
            match &this.expr.kind {
                ExprKind::Null => visitor.visit_unit(),
                ExprKind::Bool(b) => visitor.visit_bool(*b),
                ExprKind::Number(n) => visit_number(&n.value(), visitor),
                ExprKind::String(s) => match this.env.borrow(s) {
                    Some(s) => visitor.visit_borrowed_str(s),
                    None => visitor.visit_str(s),
                },
                ExprKind::Tuple(items) => return this.visit_tuple(items, visitor),
                ExprKind::Object(items) if Self::literal_keys(items) => {
                    return this.visit_object(items, visitor)
                }
                _ => this.eval()?.deserialize_any(visitor),
            }
            .map_err(|e| attach_span(e, span))
        })
    }

    expr_number!(
        deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64 deserialize_i128
        deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64 deserialize_u128
        deserialize_f32 deserialize_f64
    );

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let this = self.inner();
        let span = this.expr.span;
        match &this.expr.kind {
            ExprKind::Bool(b) => visitor.visit_bool(*b),
            ExprKind::String(s) => match parse_bool(s) {
                Some(b) => visitor.visit_bool(b),
                None => Err(de::Error::invalid_value(Unexpected::Str(s), &visitor)),
            },
            _ => this.eval()?.deserialize_bool(visitor),
        }
        .map_err(|e| attach_span(e, span))
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let this = self.inner();
        let span = this.expr.span;
        match &this.expr.kind {
            ExprKind::String(s) => match this.env.borrow(s) {
                Some(s) => visitor.visit_borrowed_str(s),
                None => visitor.visit_str(s),
            },
            _ => this.eval()?.deserialize_string(visitor),
        }
        .map_err(|e| attach_span(e, span))
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_str(visitor)
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_str(visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let this = self.inner();
        match &this.expr.kind {
            ExprKind::Null => visitor.visit_none(),
            ExprKind::Bool(_)
            | ExprKind::Number { .. }
            | ExprKind::String(_)
            | ExprKind::Tuple(_)
            | ExprKind::Object(_) => visitor.visit_some(this),
            // An expression that evaluates to null is `None`. One that
            // does not evaluate is handed on as it is: a syntax field
            // (`Option<ParsedExpression>`) takes it, a value field
            // evaluates it again and reports the error.
            _ => match evaluate(this.expr, &this.env) {
                Ok(value) if value.is_null() => visitor.visit_none(),
                Ok(value) => visitor.visit_some(Evaluated {
                    expr: this.expr,
                    value,
                    env: this.env,
                }),
                Err(_) => visitor.visit_some(this),
            },
        }
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let this = self.inner();
        match &this.expr.kind {
            ExprKind::Tuple(items) => this.visit_tuple(items, visitor),
            // In HCL's JSON syntax, one object is one block of a list.
            ExprKind::Object(_) if this.env.json => visitor.visit_seq(One(Some(this))),
            _ => {
                let span = this.expr.span;
                this.eval()?
                    .deserialize_seq(visitor)
                    .map_err(|e| attach_span(e, span))
            }
        }
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

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let this = self.inner();
        match &this.expr.kind {
            ExprKind::Object(items) if Self::literal_keys(items) => {
                this.visit_object(items, visitor)
            }
            ExprKind::Tuple(items) if this.env.json && Self::literal_objects(items) => {
                this.visit_objects(items, visitor)
            }
            _ => {
                let span = this.expr.span;
                this.eval()?
                    .deserialize_map(visitor)
                    .map_err(|e| attach_span(e, span))
            }
        }
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        if serde_spanned::de::is_spanned(name) {
            let span = self.expr.span;
            return visitor.visit_map(serde_spanned::de::SpannedDeserializer::new(
                self,
                span.range(),
            ));
        }
        if name == syntax_de::EXPRESSION_NAME {
            return syntax_de::visit_expression(self.expr, &self.env, visitor);
        }
        let this = self.inner();
        match &this.expr.kind {
            ExprKind::Object(items) if Self::literal_keys(items) => {
                this.visit_object(items, visitor)
            }
            ExprKind::Tuple(items) if this.env.json && Self::literal_objects(items) => {
                // One block given several times: refused, as in native syntax.
                if let [_, second, ..] = items {
                    return Err(super::repeated::too_many(items.len(), second));
                }
                this.visit_objects(items, visitor)
            }
            ExprKind::Tuple(items) => this.visit_tuple(items, visitor),
            _ => {
                let span = this.expr.span;
                this.eval()?
                    .deserialize_struct(name, fields, visitor)
                    .map_err(|e| attach_span(e, span))
            }
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        if name == syntax_de::EXPRESSION_NAME {
            return syntax_de::visit_expression(self.expr, &self.env, visitor);
        }
        if name == super::value::EXACT_VALUE {
            // A `Value`: numbers exact.
            let this = self.inner();
            let span = this.expr.span;
            return match &this.expr.kind {
                ExprKind::Number(n) => super::value::visit_number_exact(&n.value(), visitor),
                ExprKind::Null
                | ExprKind::Bool(_)
                | ExprKind::String(_)
                | ExprKind::Tuple(_)
                | ExprKind::Object(_) => return this.deserialize_any(visitor),
                _ => this.eval()?.deserialize_newtype_struct(name, visitor),
            }
            .map_err(|e| attach_span(e, span));
        }
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        let this = self.inner();
        let span = this.expr.span;
        match &this.expr.kind {
            ExprKind::String(s) => visitor
                .visit_enum(de::value::StrDeserializer::<Error>::new(s))
                .map_err(|e| attach_span(e, span)),
            ExprKind::Object(items) if items.len() == 1 && Self::literal_keys(items) => {
                let item = &items[0];
                let key = object_key(&item.key);
                visitor
                    .visit_enum(ObjectEnum {
                        item,
                        env: this.env,
                    })
                    .map_err(|e| attach_span(prepend_key(e, key), item.value.span))
            }
            _ => this
                .eval()?
                .deserialize_enum(name, variants, visitor)
                .map_err(|e| attach_span(e, span)),
        }
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        // Never evaluate what is ignored.
        visitor.visit_unit()
    }

    expr_via_value! {
        deserialize_char() deserialize_bytes() deserialize_byte_buf() deserialize_unit()
        deserialize_unit_struct(name: &'static str)
    }
}

/// Expressions read as a sequence's elements (a tuple's, or the JSON
/// syntax's repeated definitions).
pub(super) struct TupleSeq<'b, 't, 'de, I = std::slice::Iter<'b, Expression<'t>>> {
    pub(super) items: I,
    pub(super) index: usize,
    pub(super) env: Env<'b, 't, 'de>,
}

impl<'b, 't: 'b, 'de, I> SeqAccess<'de> for TupleSeq<'b, 't, 'de, I>
where
    I: ExactSizeIterator<Item = &'b Expression<'t>>,
{
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>> {
        let Some(e) = self.items.next() else {
            return Ok(None);
        };
        let i = self.index;
        self.index += 1;
        seed.deserialize(ExprDe::new(e, self.env))
            .map(Some)
            .map_err(|err| attach_span(prepend_index(err, i), e.span))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.items.len())
    }
}

struct ObjectMap<'b, 't, 'de, I = std::slice::Iter<'b, ObjectItem<'t>>> {
    items: I,
    pending: Option<&'b ObjectItem<'t>>,
    env: Env<'b, 't, 'de>,
}

impl<'b, 't: 'b, 'de, I: Iterator<Item = &'b ObjectItem<'t>>> MapAccess<'de>
    for ObjectMap<'b, 't, 'de, I>
{
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        let Some(item) = self.items.next() else {
            return Ok(None);
        };
        let key = object_key(&item.key);
        let k = seed
            .deserialize(object_key_de(&item.key, &self.env))
            .map_err(|e| attach_span(prepend_key(e, key), item.key.span()))?;
        self.pending = Some(item);
        Ok(Some(k))
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value> {
        let item = self
            .pending
            .take()
            .ok_or_else(|| <Error as de::Error>::custom("value requested before key"))?;
        seed.deserialize(ExprDe::new(&item.value, self.env))
            .map_err(|e| attach_span(prepend_key(e, object_key(&item.key)), item.value.span))
    }

    fn size_hint(&self) -> Option<usize> {
        self.items.size_hint().1
    }
}

/// A one-key object constructor read as an enum.
struct ObjectEnum<'b, 't, 'de> {
    item: &'b ObjectItem<'t>,
    env: Env<'b, 't, 'de>,
}

impl<'b, 't, 'de> EnumAccess<'de> for ObjectEnum<'b, 't, 'de> {
    type Error = Error;
    type Variant = EntryDe<'b, 't, 'de>;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self::Variant)> {
        let v = seed
            .deserialize(object_key_de(&self.item.key, &self.env))
            .map_err(|e| attach_span(e, self.item.key.span()))?;
        Ok((v, EntryDe::Expr(ExprDe::new(&self.item.value, self.env))))
    }
}

/// An expression already evaluated (to decide `Some`/`None`): reads the
/// value, but still hands over the syntax to an `Expression` field.
struct Evaluated<'b, 't, 'de> {
    expr: &'b Expression<'t>,
    value: crate::value::Value,
    env: Env<'b, 't, 'de>,
}

macro_rules! forward_evaluated {
    ($($method:ident ( $($arg:ident : $ty:ty),* ))*) => {$(
        fn $method<V: Visitor<'de>>(self, $($arg: $ty,)* visitor: V) -> Result<V::Value> {
            let span = self.expr.span;
            ValueDeserializer::new(self.value, span)
                .$method($($arg,)* visitor)
                .map_err(|e| attach_span(e, span))
        }
    )*};
}

impl<'de> de::Deserializer<'de> for Evaluated<'_, '_, 'de> {
    type Error = Error;

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        if name == syntax_de::EXPRESSION_NAME {
            return syntax_de::visit_expression(self.expr, &self.env, visitor);
        }
        if name == super::value::EXACT_VALUE {
            let span = self.expr.span;
            return ValueDeserializer::new(self.value, span)
                .deserialize_newtype_struct(name, visitor)
                .map_err(|e| attach_span(e, span));
        }
        visitor.visit_newtype_struct(self)
    }

    forward_evaluated! {
        deserialize_any() deserialize_bool() deserialize_i8() deserialize_i16()
        deserialize_i32() deserialize_i64() deserialize_i128() deserialize_u8()
        deserialize_u16() deserialize_u32() deserialize_u64() deserialize_u128()
        deserialize_f32() deserialize_f64() deserialize_char() deserialize_str()
        deserialize_string() deserialize_bytes() deserialize_byte_buf()
        deserialize_option() deserialize_unit() deserialize_seq() deserialize_map()
        deserialize_identifier() deserialize_ignored_any()
        deserialize_unit_struct(name: &'static str)
        deserialize_tuple(len: usize)
        deserialize_tuple_struct(name: &'static str, len: usize)
        deserialize_struct(name: &'static str, fields: &'static [&'static str])
        deserialize_enum(name: &'static str, variants: &'static [&'static str])
    }
}
