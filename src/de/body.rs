//! The deserializer of a [`Body`]: its attributes and block groups as a
//! map, and each entry as an enum variant (see `blocks.rs` for a group of
//! same-named blocks and `expr.rs` for an attribute's expression).

use serde::de::{
    self, DeserializeSeed, EnumAccess, IntoDeserializer, MapAccess, Unexpected, VariantAccess,
    Visitor,
};

use super::blocks::{BlocksDe, Group, LabelDe, LabelsDe};
use super::eval_glue::Env;
use super::expr::{every_diagnostic, ExprDe};
use super::syntax_de;
use super::value::KeyDeserializer;
use super::{LABEL, LABELS};
use crate::error::path::{attach_span, prepend_key};
use crate::error::{Error, Result};
use crate::syntax::{Attribute, Block, BlockLabel, Body, Span};

/// Deserializer methods that reject the input as the wrong type.
macro_rules! reject {
    ($($method:ident ( $($arg:ident : $ty:ty),* ))*) => {$(
        fn $method<V: Visitor<'de>>(self, $($arg: $ty,)* visitor: V) -> Result<V::Value> {
            $(let _ = $arg;)*
            Err(self.invalid(&visitor))
        }
    )*};
}

pub(super) use reject;

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
pub(super) use key_forward;

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

    pub(super) fn of_block(
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

pub(super) fn wants_labels(fields: &[&str]) -> (bool, bool) {
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

    deserializer_methods! {
        reject;
        deserialize_bool deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64
        deserialize_i128 deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64
        deserialize_u128 deserialize_f32 deserialize_f64 deserialize_char deserialize_str
        deserialize_string deserialize_bytes deserialize_byte_buf deserialize_seq
        deserialize_identifier deserialize_tuple deserialize_tuple_struct
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
pub(super) enum EntryDe<'b, 't, 'de> {
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
