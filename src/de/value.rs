//! [`Value`] as a serde data format: `Deserialize`, `Deserializer`,
//! `IntoDeserializer`, with Terraform's string/number/bool conversions.

use std::fmt;

use serde::de::{
    self, DeserializeSeed, EnumAccess, Expected, IntoDeserializer, MapAccess, SeqAccess,
    Unexpected, VariantAccess, Visitor,
};
use serde::Deserialize;

use crate::error::path;
use crate::error::{Error, Result};
use crate::syntax::Span;
use crate::value::{Key, Map, Number, Value};

// ---------------------------------------------------------------------------
// impl Deserialize for Value
// ---------------------------------------------------------------------------

/// The private newtype [`Value`] asks for: this crate's deserializers then
/// hand numbers that `f64`, `i64` and `u64` cannot hold exactly as a
/// one-entry map keyed [`EXACT_NUMBER`]; other formats see a newtype and
/// deserialize what is inside.
pub(crate) const EXACT_VALUE: &str = "$hcl::private::Value";

/// The key of an exact number's one-entry map (see [`EXACT_VALUE`]).
pub(crate) const EXACT_NUMBER: &str = "$hcl::private::Number";

impl<'de> Deserialize<'de> for Value {
    fn deserialize<D: de::Deserializer<'de>>(deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_newtype_struct(EXACT_VALUE, ValueVisitor)
    }
}

/// Visits `n` for a [`Value`] (asked through [`EXACT_VALUE`]): exactly.
pub(crate) fn visit_number_exact<'de, V: Visitor<'de>>(n: &Number, visitor: V) -> Result<V::Value> {
    match n.exact_text() {
        Some(text) => visitor.visit_map(ExactNumber(Some(text))),
        None => visit_number(n, visitor),
    }
}

/// An exact number as a one-entry map.
struct ExactNumber(Option<String>);

impl<'de> MapAccess<'de> for ExactNumber {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        if self.0.is_none() {
            return Ok(None);
        }
        seed.deserialize(de::value::BorrowedStrDeserializer::new(EXACT_NUMBER))
            .map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value> {
        let text = self.0.take().unwrap_or_default();
        seed.deserialize(de::value::StringDeserializer::new(text))
    }
}

pub(crate) struct ValueVisitor;

impl<'de> Visitor<'de> for ValueVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any HCL value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }
    fn visit_i128<E>(self, v: i128) -> Result<Value, E> {
        Ok(Value::Number(match i64::try_from(v) {
            Ok(i) => i.into(),
            Err(_) => match u64::try_from(v) {
                Ok(u) => u.into(),
                Err(_) => Number::from(v as f64),
            },
        }))
    }
    fn visit_u128<E>(self, v: u128) -> Result<Value, E> {
        Ok(Value::Number(match u64::try_from(v) {
            Ok(u) => u.into(),
            Err(_) => Number::from(v as f64),
        }))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Value, E> {
        match Number::from_f64(v) {
            Some(n) => Ok(Value::Number(n)),
            None => Err(E::custom("NaN is not a valid HCL number")),
        }
    }
    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(crate::value::Str::from(v)))
    }
    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v.into()))
    }
    fn visit_bytes<E>(self, v: &[u8]) -> Result<Value, E> {
        Ok(Value::Array(v.iter().map(|&b| Value::from(b)).collect()))
    }
    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_some<D: de::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        Value::deserialize(d)
    }
    fn visit_newtype_struct<D: de::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(ValueVisitor)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut vec = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(v) = seq.next_element()? {
            vec.push(v);
        }
        Ok(Value::Array(vec))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut obj = Map::with_capacity(map.size_hint().unwrap_or(0).min(4096));
        let Some(first) = map.next_key::<Key>()? else {
            return Ok(Value::Object(obj));
        };
        if first == EXACT_NUMBER {
            let text: String = map.next_value()?;
            return Number::from_exact_text(&text)
                .map(Value::Number)
                .ok_or_else(|| de::Error::custom("invalid exact number"));
        }
        let v = map.next_value()?;
        obj.insert(first, v);
        while let Some(k) = map.next_key::<Key>()? {
            let v = map.next_value()?;
            obj.insert(k, v);
        }
        Ok(Value::Object(obj))
    }
}

// ---------------------------------------------------------------------------
// Conversions shared by the Value and syntax deserializers
// ---------------------------------------------------------------------------

pub(crate) use crate::value::parse_bool;

pub(crate) fn visit_number<'de, V: Visitor<'de>>(n: &Number, visitor: V) -> Result<V::Value> {
    if let Some(u) = n.as_u64() {
        visitor.visit_u64(u)
    } else if let Some(i) = n.as_i64() {
        visitor.visit_i64(i)
    } else {
        visitor.visit_f64(n.as_f64())
    }
}

pub(crate) fn unexpected(v: &Value) -> Unexpected<'_> {
    match v {
        Value::Null => Unexpected::Unit,
        Value::Bool(b) => Unexpected::Bool(*b),
        Value::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => Unexpected::Unsigned(u),
            (_, Some(i)) => Unexpected::Signed(i),
            _ => Unexpected::Float(n.as_f64()),
        },
        Value::String(s) => Unexpected::Str(s),
        Value::Array(_) => Unexpected::Seq,
        Value::Object(_) => Unexpected::Map,
    }
}

#[cold]
pub(crate) fn invalid_type(v: &Value, exp: &dyn Expected) -> Error {
    de::Error::invalid_type(unexpected(v), exp)
}

// ---------------------------------------------------------------------------
// The deserializer
// ---------------------------------------------------------------------------

/// Deserializes an owned [`Value`]; `span` is what `serde_spanned::Spanned`
/// fields receive (the span of the expression the value came from, or
/// `0..0` for a value not read from source).
pub(crate) struct ValueDeserializer {
    value: Value,
    span: Span,
}

impl ValueDeserializer {
    pub(crate) fn new(value: Value, span: Span) -> Self {
        ValueDeserializer { value, span }
    }
}

impl<'de> IntoDeserializer<'de, Error> for ValueDeserializer {
    type Deserializer = Self;

    fn into_deserializer(self) -> Self {
        self
    }
}

macro_rules! deserialize_number {
    ($($method:ident)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
            match self.value {
                Value::Number(n) => visit_number(&n, visitor),
                Value::String(s) => match Number::parse(&s) {
                    Some(n) => visit_number(&n, visitor),
                    None => Err(de::Error::invalid_value(Unexpected::Str(&s), &visitor)),
                },
                other => Err(invalid_type(&other, &visitor)),
            }
        }
    )*};
}

impl<'de> de::Deserializer<'de> for ValueDeserializer {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        crate::stack::with_stack(|| {
            let span = self.span;
            match self.value {
                Value::Null => visitor.visit_unit(),
                Value::Bool(b) => visitor.visit_bool(b),
                Value::Number(n) => visit_number(&n, visitor),
                Value::String(s) => visit_string(s, visitor),
                Value::Array(a) => visit_array(a, span, visitor),
                Value::Object(o) => visit_object(o, span, visitor),
            }
        })
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.value {
            Value::Bool(b) => visitor.visit_bool(b),
            Value::String(s) => match parse_bool(&s) {
                Some(b) => visitor.visit_bool(b),
                None => Err(de::Error::invalid_value(Unexpected::Str(&s), &visitor)),
            },
            other => Err(invalid_type(&other, &visitor)),
        }
    }

    deserialize_number!(
        deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64 deserialize_i128
        deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64 deserialize_u128
    );

    fn deserialize_f32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_f64(visitor)
    }

    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.value {
            Value::Number(n) => visitor.visit_f64(n.as_f64()),
            Value::String(s) => match Number::parse(&s) {
                Some(n) => visitor.visit_f64(n.as_f64()),
                None => Err(de::Error::invalid_value(Unexpected::Str(&s), &visitor)),
            },
            other => Err(invalid_type(&other, &visitor)),
        }
    }

    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_string(visitor)
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_string(visitor)
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.value {
            Value::String(s) => visit_string(s, visitor),
            Value::Number(n) => visitor.visit_string(n.to_string()),
            Value::Bool(b) => visitor.visit_str(if b { "true" } else { "false" }),
            other => Err(invalid_type(&other, &visitor)),
        }
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_byte_buf(visitor)
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.value {
            Value::String(s) => visitor.visit_byte_buf(s.into_string().into_bytes()),
            Value::Array(a) => visit_array(a, self.span, visitor),
            other => Err(invalid_type(&other, &visitor)),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.value {
            Value::Null => visitor.visit_none(),
            _ => visitor.visit_some(self),
        }
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.value {
            Value::Null => visitor.visit_unit(),
            other => Err(invalid_type(&other, &visitor)),
        }
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        self.deserialize_unit(visitor)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        if name == EXACT_VALUE {
            if let Value::Number(n) = &self.value {
                return visit_number_exact(n, visitor);
            }
            return self.deserialize_any(visitor);
        }
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.value {
            Value::Array(a) => visit_array(a, self.span, visitor),
            other => Err(invalid_type(&other, &visitor)),
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
        match self.value {
            Value::Object(o) => visit_object(o, self.span, visitor),
            other => Err(invalid_type(&other, &visitor)),
        }
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        if serde_spanned::de::is_spanned(name) {
            let span = self.span;
            return visitor.visit_map(serde_spanned::de::SpannedDeserializer::new(
                self,
                span.range(),
            ));
        }
        match self.value {
            Value::Object(o) => visit_object(o, self.span, visitor),
            Value::Array(a) => visit_array(a, self.span, visitor),
            other => Err(invalid_type(&other, &visitor)),
        }
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        let span = self.span;
        match self.value {
            Value::String(s) => visitor.visit_enum(ValueEnum {
                variant: s.into_string(),
                value: None,
                span,
            }),
            Value::Object(o) if o.len() == 1 => {
                let Some((variant, value)) = o.into_iter().next() else {
                    return Err(de::Error::custom("an enum needs a variant name"));
                };
                visitor
                    .visit_enum(ValueEnum {
                        variant: variant.as_str().to_owned(),
                        value: Some(value),
                        span,
                    })
                    .map_err(|e| path::prepend_key(e, &variant))
            }
            other => Err(de::Error::invalid_type(
                unexpected(&other),
                &"a string (unit variant) or an object with a single key (variant with data)",
            )),
        }
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_string(visitor)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        drop(self);
        visitor.visit_unit()
    }
}

fn visit_array<'de, V: Visitor<'de>>(a: Vec<Value>, span: Span, visitor: V) -> Result<V::Value> {
    let len = a.len();
    let mut seq = ArrayAccess {
        iter: a.into_iter(),
        index: 0,
        span,
    };
    let out = visitor.visit_seq(&mut seq)?;
    if seq.iter.len() == 0 {
        Ok(out)
    } else {
        Err(de::Error::invalid_length(len, &"fewer elements in array"))
    }
}

fn visit_object<'de, V: Visitor<'de>>(
    o: Map<Key, Value>,
    span: Span,
    visitor: V,
) -> Result<V::Value> {
    let mut map = ObjectAccess {
        iter: o.into_iter(),
        pending: None,
        span,
    };
    visitor.visit_map(&mut map)
}

struct ArrayAccess {
    iter: std::vec::IntoIter<Value>,
    index: usize,
    span: Span,
}

impl<'de> SeqAccess<'de> for ArrayAccess {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>> {
        match self.iter.next() {
            Some(v) => {
                let i = self.index;
                self.index += 1;
                seed.deserialize(ValueDeserializer::new(v, self.span))
                    .map(Some)
                    .map_err(|e| path::prepend_index(e, i))
            }
            None => Ok(None),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.iter.len())
    }
}

struct ObjectAccess {
    iter: crate::value::map::IntoIter<Key, Value>,
    pending: Option<(Key, Value)>,
    span: Span,
}

impl<'de> MapAccess<'de> for ObjectAccess {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        match self.iter.next() {
            Some((k, v)) => {
                let key = seed
                    .deserialize(KeyDeserializer::new(&k))
                    .map_err(|e| path::prepend_key(e, &k))?;
                self.pending = Some((k, v));
                Ok(Some(key))
            }
            None => Ok(None),
        }
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value> {
        let (k, v) = self
            .pending
            .take()
            .ok_or_else(|| <Error as de::Error>::custom("value requested before key"))?;
        seed.deserialize(ValueDeserializer::new(v, self.span))
            .map_err(|e| path::prepend_key(e, &k))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.iter.len())
    }
}

/// Deserializes an object key or block label: a string that also converts
/// to numbers and bools (for `HashMap<u16, T>` and the like) and names enum
/// unit variants.
pub(crate) struct KeyDeserializer<'k, 'de> {
    key: &'k str,
    /// The same text when it lives as long as the input (zero-copy `&str`).
    borrowed: Option<&'de str>,
}

impl<'k, 'de> KeyDeserializer<'k, 'de> {
    pub(crate) fn new(key: &'k str) -> Self {
        KeyDeserializer {
            key,
            borrowed: None,
        }
    }

    /// A key that visitors get as `borrowed` when it can be borrowed for
    /// the input's lifetime.
    pub(crate) fn borrowing(key: &'k str, borrowed: Option<&'de str>) -> Self {
        KeyDeserializer { key, borrowed }
    }

    fn number<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match Number::parse(self.key) {
            Some(n) => visit_number(&n, visitor),
            None => Err(de::Error::invalid_value(
                Unexpected::Str(self.key),
                &visitor,
            )),
        }
    }
}

macro_rules! key_number {
    ($($method:ident)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
            self.number(visitor)
        }
    )*};
}

impl<'de> de::Deserializer<'de> for KeyDeserializer<'_, 'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        crate::stack::with_stack(|| match self.borrowed {
            Some(s) => visitor.visit_borrowed_str(s),
            None => visitor.visit_str(self.key),
        })
    }

    key_number!(
        deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64 deserialize_i128
        deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64 deserialize_u128
    );

    fn deserialize_f32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.number(visitor)
    }

    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.number(visitor)
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match parse_bool(self.key) {
            Some(b) => visitor.visit_bool(b),
            None => Err(de::Error::invalid_value(
                Unexpected::Str(self.key),
                &visitor,
            )),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        visitor.visit_enum(self.key.into_deserializer())
    }

    serde::forward_to_deserialize_any! {
        char str string bytes byte_buf unit unit_struct seq tuple
        tuple_struct map struct identifier ignored_any
    }
}

/// An enum read from a string (unit variant) or a one-key object.
struct ValueEnum {
    variant: String,
    value: Option<Value>,
    span: Span,
}

impl<'de> EnumAccess<'de> for ValueEnum {
    type Error = Error;
    type Variant = ValueVariant;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, ValueVariant)> {
        let v = seed.deserialize(KeyDeserializer::new(&self.variant))?;
        Ok((
            v,
            ValueVariant {
                value: self.value,
                span: self.span,
            },
        ))
    }
}

struct ValueVariant {
    value: Option<Value>,
    span: Span,
}

impl<'de> VariantAccess<'de> for ValueVariant {
    type Error = Error;

    fn unit_variant(self) -> Result<()> {
        match self.value {
            None | Some(Value::Null) => Ok(()),
            Some(v) => Err(invalid_type(&v, &"unit variant")),
        }
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value> {
        match self.value {
            Some(v) => seed.deserialize(ValueDeserializer::new(v, self.span)),
            None => Err(de::Error::invalid_type(
                Unexpected::UnitVariant,
                &"newtype variant",
            )),
        }
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value> {
        match self.value {
            Some(Value::Array(a)) => visit_array(a, self.span, visitor),
            Some(v) => Err(invalid_type(&v, &"tuple variant")),
            None => Err(de::Error::invalid_type(
                Unexpected::UnitVariant,
                &"tuple variant",
            )),
        }
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        match self.value {
            Some(Value::Object(o)) => visit_object(o, self.span, visitor),
            Some(v) => Err(invalid_type(&v, &"struct variant")),
            None => Err(de::Error::invalid_type(
                Unexpected::UnitVariant,
                &"struct variant",
            )),
        }
    }
}

// ---------------------------------------------------------------------------
// Public impls on Value
// ---------------------------------------------------------------------------

/// A [`Value`], owned or borrowed, as the [`ValueDeserializer`] that reads it.
trait ToDeserializer {
    fn to_deserializer(self) -> ValueDeserializer;
}

impl ToDeserializer for Value {
    fn to_deserializer(self) -> ValueDeserializer {
        ValueDeserializer::new(self, Span::default())
    }
}

impl ToDeserializer for &Value {
    fn to_deserializer(self) -> ValueDeserializer {
        ValueDeserializer::new(self.clone(), Span::default())
    }
}

/// Deserializer methods forwarded to the [`ValueDeserializer`] of `self`.
macro_rules! forward_to_value_deserializer {
    ($($method:ident ( $($arg:ident : $ty:ty),* ))*) => {$(
        fn $method<V: Visitor<'de>>(self, $($arg: $ty,)* visitor: V) -> Result<V::Value> {
            self.to_deserializer().$method($($arg,)* visitor)
        }
    )*};
}

/// `Value` is a serde data format: any `Deserialize` type can be read from
/// it, with the conversions described in [the mapping](crate::de#how-hcl-maps-onto-rust-types).
///
/// ```
/// use serde::Deserialize;
/// #[derive(Deserialize)]
/// struct Port { number: u16, public: bool }
/// let v = hcl::Value::from_iter([("number", hcl::Value::from("8080")), ("public", true.into())]);
/// let p = Port::deserialize(v).unwrap();
/// assert_eq!((p.number, p.public), (8080, true));
/// ```
impl<'de> de::Deserializer<'de> for Value {
    type Error = Error;

    deserializer_methods!(forward_to_value_deserializer; all);
}

impl<'de> IntoDeserializer<'de, Error> for Value {
    type Deserializer = Value;

    fn into_deserializer(self) -> Value {
        self
    }
}

/// Borrowing form, for reading the same value more than once (the value is
/// cloned; prefer the owned form when you can give the value away).
///
/// ```
/// use serde::Deserialize;
/// let v = hcl::Value::from(vec![1, 2, 3]);
/// let nums = Vec::<u8>::deserialize(&v).unwrap();
/// assert_eq!(nums, [1, 2, 3]);
/// ```
impl<'de> de::Deserializer<'de> for &Value {
    type Error = Error;

    deserializer_methods!(forward_to_value_deserializer; all);
}

/// Deserializes a `T` from a [`Value`].
///
/// Errors carry the path to the offending element (`servers[1].port`).
///
/// # Errors
/// When `value` does not fit `T`.
///
/// ```
/// use std::collections::HashMap;
/// let v = hcl::Value::from_iter([("a", 1), ("b", 2)]);
/// let m: HashMap<String, i32> = hcl::from_value(v).unwrap();
/// assert_eq!(m["b"], 2);
///
/// let bad = hcl::Value::from_iter([("a", hcl::Value::from(vec![1, 300]))]);
/// let err = hcl::from_value::<HashMap<String, Vec<u8>>>(bad).unwrap_err();
/// assert_eq!(err.path(), Some("a[1]"));
/// ```
pub fn from_value<T: de::DeserializeOwned>(value: Value) -> Result<T> {
    T::deserialize(ValueDeserializer::new(value, Span::default()))
}

/// Hands `s` to `visitor`: a short string by reference (it lives inline, and
/// a visitor building a [`Value`] keeps it inline), a long one by value (its
/// buffer moves on).
#[inline]
fn visit_string<'de, V: Visitor<'de>>(s: crate::value::Str, visitor: V) -> Result<V::Value> {
    if s.is_heap_allocated() {
        visitor.visit_string(s.into_string())
    } else {
        visitor.visit_str(&s)
    }
}
