//! The deserializer of an attribute's expression. Literal expressions
//! (numbers, strings, tuples, objects with literal keys) are read straight
//! from the syntax, so errors inside them point at the element concerned;
//! everything else is evaluated and read as a [`Value`](crate::Value).

use serde::de::{
    self, DeserializeSeed, EnumAccess, IntoDeserializer, MapAccess, SeqAccess, Unexpected, Visitor,
};

use super::body::EntryDe;
use super::eval_glue::{evaluate, Env};
use super::syntax_de;
use super::value::{parse_bool, visit_number, KeyDeserializer, ValueDeserializer};
use crate::error::path::{attach_span, prepend_index, prepend_key};
use crate::error::{Error, Result};
use crate::syntax::{ExprKind, Expression, ObjectItem, ObjectKey};

/// An attribute's evaluation error `e`, found where the visitor asked for
/// one part of it: every diagnostic of the attribute's expression, which is
/// evaluated whole (its parts went on after the one that failed).
#[cold]
pub(super) fn every_diagnostic(e: Error, expr: &Expression<'_>, env: Env<'_, '_, '_>) -> Error {
    if e.kind() != crate::error::ErrorKind::Eval || e.count() > 1 {
        return e;
    }
    match super::eval_glue::evaluate(expr, &env) {
        Err(all) if all.count() > 1 => all,
        _ => e,
    }
}

/// An attribute's expression.
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

    deserializer_methods! {
        forward_evaluated;
        deserialize_any deserialize_bool deserialize_i8 deserialize_i16 deserialize_i32
        deserialize_i64 deserialize_i128 deserialize_u8 deserialize_u16 deserialize_u32
        deserialize_u64 deserialize_u128 deserialize_f32 deserialize_f64 deserialize_char
        deserialize_str deserialize_string deserialize_bytes deserialize_byte_buf
        deserialize_option deserialize_unit deserialize_seq deserialize_map
        deserialize_identifier deserialize_ignored_any deserialize_unit_struct deserialize_tuple
        deserialize_tuple_struct deserialize_struct deserialize_enum
    }
}
