//! Built-in functions called with arguments that are not all known: the
//! call protocol, as cty's.
//!
//! The arguments' types are checked (conversion to the parameters' types,
//! the function's kind check, its type callback where its spec asks for it
//! with unknown arguments); then the function's handler (its spec's
//! `on_unknown`, beside its implementation) may answer anyway — the
//! length of an unknown object, `contains` finding a known element, the
//! conversions, `concat` and `merge` keeping the known parts of their
//! arguments, the functions that only move elements keeping the unknowns
//! where they land; otherwise the result is an unknown value of the
//! function's result type (its spec's `unknown_type` where the arguments
//! decide it), known not to be null unless the function can return null.
//! The helpers the handlers share are here too.

use super::expr::{err, R};
use super::func::FuncDef;
use super::limits::Budget;
use super::typing::{self, Meta, Ty};
use super::unknown;
use crate::syntax::Span;
use crate::value::{Type, Value};

/// Calls built-in `name` on `args` (with metas `metas`), one of which is
/// not wholly known. The number of arguments is already checked.
pub(crate) fn call(
    name: &str,
    def: &FuncDef,
    args: Vec<Value>,
    mut metas: Vec<Ty>,
    params: &[Type],
    span: Span,
    budget: &Budget,
) -> R<(Value, Ty)> {
    // HCL converts each argument to its parameter's type before the call:
    // one of unknown type (an unknown of any type, an untyped null) takes
    // the parameter's type unless that is any type too.
    for ((v, m), p) in args.iter().zip(metas.iter_mut()).zip(params) {
        if *p == Type::Dynamic || *typing::of(v, m) != Type::Dynamic {
            continue;
        }
        *m = match m.take() {
            Some(Meta::Unknown(_, r)) => typing::unknown(p.clone(), r),
            _ if v.is_null() => typing::typed(p.clone()),
            other => other,
        };
    }
    let types: Vec<Type> = args
        .iter()
        .zip(&metas)
        .map(|(v, t)| typing::of(v, t).into_owned())
        .collect();
    if let Some(t) = types.first() {
        typing::conversion_check(def.spec(), t)
            .map_err(|msg| super::expr::call_failed(name, msg, span))?;
    }
    if types
        .iter()
        .enumerate()
        .any(|(i, t)| *t == Type::Dynamic && def.param(i).is_some_and(|p| !p.allow_dynamic))
    {
        // cty: an argument of unknown type where the parameter needs a
        // type to check makes the result an unknown of unknown type.
        return Ok(unknown::nullable(Type::Dynamic));
    }
    let unknown: Vec<bool> = metas.iter().map(typing::is_unknown).collect();
    typing::kind_check(def.spec(), &types, &unknown)
        .map_err(|msg| super::expr::call_failed(name, msg, span))?;
    // The type callbacks that decide with arguments not known (their
    // specs say so): the sets' element types must unify, `lookup`'s default
    // convert to the map's element type, an `element` index fit a tuple.
    let callback = if def.spec().callback_on_unknown {
        Some(
            typing::call_type(def.spec(), &args, &types)
                .map_err(|msg| super::expr::call_failed(name, msg, span))?,
        )
    } else {
        None
    };
    let mut c = UnknownCall {
        name,
        def,
        args,
        metas,
        types,
        span,
        budget,
        callback,
    };
    if let Some(handler) = def.spec().unknown {
        if let Some(r) = handler(&mut c)? {
            return Ok(r);
        }
    }
    Ok(c.result(c.return_type()))
}

/// A call whose arguments are not all known, as the function's handler of
/// unknown arguments (its spec's `on_unknown`) sees it: what the handler
/// takes of the arguments is no longer there for the unknown result it
/// gives up to.
pub(crate) struct UnknownCall<'a> {
    /// The function's name, for messages.
    pub(crate) name: &'a str,
    pub(crate) def: &'a FuncDef,
    pub(crate) args: Vec<Value>,
    pub(crate) metas: Vec<Ty>,
    /// The arguments' types.
    pub(crate) types: Vec<Type>,
    pub(crate) span: Span,
    pub(crate) budget: &'a Budget,
    /// The type callback's answer, where the spec asks for it with
    /// arguments not known.
    pub(crate) callback: Option<typing::Returns>,
}

impl UnknownCall<'_> {
    /// Whether argument `i` is wholly unknown.
    pub(crate) fn whole(&self, i: usize) -> bool {
        self.metas.get(i).is_some_and(typing::is_unknown)
    }

    /// An unknown result of type `t` ([`unknown_result`]).
    pub(crate) fn result(&self, t: Type) -> (Value, Ty) {
        unknown_result(self.def, t)
    }

    /// The function's failure (`Error in function call`).
    pub(crate) fn fail(&self, msg: String) -> super::expr::Fail {
        err(
            self.span,
            format!(
                "Error in function call: Call to function \"{}\" failed: {msg}.",
                self.name
            ),
        )
    }

    /// An argument the function refuses (`Invalid function argument` when
    /// the message names its parameter).
    pub(crate) fn refuse(&self, msg: String) -> super::expr::Fail {
        super::expr::call_failed(self.name, msg, self.span)
    }

    /// A tuple of `parts`, converted to `list` when given ([`sequence`]),
    /// or the function's failure.
    pub(crate) fn sequence(
        &self,
        parts: impl IntoIterator<Item = (Value, Ty)>,
        list: Option<&Type>,
    ) -> R<(Value, Ty)> {
        sequence(parts, list).map_err(|m| self.fail(m))
    }

    /// The arguments, their metas and their types, taken (the unknown
    /// result given up to is then of the spec's result type).
    pub(crate) fn take(&mut self) -> (Vec<Value>, Vec<Ty>, Vec<Type>) {
        (
            std::mem::take(&mut self.args),
            std::mem::take(&mut self.metas),
            std::mem::take(&mut self.types),
        )
    }

    /// The type of the unknown result.
    pub(crate) fn return_type(&self) -> Type {
        return_type(self.def, &self.args, &self.types)
    }
}

/// An unknown result of `def` of type `t`: known not to be null unless the
/// function may return null (or the type is not known either).
pub(crate) fn unknown_result(def: &FuncDef, t: Type) -> (Value, Ty) {
    if def.spec().nullable_result || t == Type::Dynamic {
        unknown::nullable(t)
    } else {
        unknown::not_null(t)
    }
}

/// The type of a function's unknown result from its arguments (those not
/// known are null placeholders) and their types: its spec's unknown-type
/// rule, else its result type.
pub(crate) fn return_type(def: &FuncDef, args: &[Value], types: &[Type]) -> Type {
    match def.spec().unknown_type {
        Some(f) => f(def, args, types),
        None => def.spec().result.clone(),
    }
}

/// The type of a function's unknown result, where its spec's result type
/// does not tell it: from the arguments (those not known are null
/// placeholders) and their types.
pub(crate) type UnknownType = fn(&FuncDef, &[Value], &[Type]) -> Type;

/// What a function gives for a call whose arguments are not all known,
/// where that is more than an unknown of its result type: a value, a
/// refined unknown, a failure; `None` gives up to the unknown result.
pub(crate) type UnknownHandler = fn(&mut UnknownCall<'_>) -> R<Option<(Value, Ty)>>;

/// A tuple of `parts` (values with their metas), converted to `list` when
/// given: the result of a function that builds a sequence from values
/// some of which are not known.
pub(crate) fn sequence(
    parts: impl IntoIterator<Item = (Value, Ty)>,
    list: Option<&Type>,
) -> Result<(Value, Ty), String> {
    let (values, metas): (Vec<Value>, Vec<Ty>) = parts.into_iter().unzip();
    let meta = typing::tuple(&values, Some(metas));
    match list {
        Some(t) => Ok(typing::convert(Value::Array(values), &meta, t)?),
        None => Ok((Value::Array(values), meta)),
    }
}

/// The elements of the known sequence `v` (meta `t`), with their metas,
/// in order; `None` when `v` is not a sequence, or is a set whose unknown
/// elements may equal others (its length and order are not known: cty
/// converts it to an unknown list).
pub(crate) fn elements(v: &Value, t: &Ty) -> Option<Vec<(Value, Ty)>> {
    if typing::length_unknown_set(v, t) {
        return None;
    }
    items_with_metas(v, t)
}

/// The elements of the known sequence `v` (meta `t`) with their metas, as
/// stored; `None` when `v` is not a sequence.
pub(crate) fn items_with_metas(v: &Value, t: &Ty) -> Option<Vec<(Value, Ty)>> {
    let Value::Array(items) = v else {
        return None;
    };
    Some(
        items
            .iter()
            .enumerate()
            .map(|(i, x)| (x.clone(), typing::item(t, i, x)))
            .collect(),
    )
}
