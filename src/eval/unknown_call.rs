//! Built-in functions called with arguments that are not all known.
//!
//! As in cty, the result is an unknown value of the function's result
//! type, known not to be null unless the function can return null, except
//! where the function can answer anyway: the length of an unknown object
//! or of a known list holding unknowns, the keys of an object, `contains`
//! finding a known element, `anytrue` seeing a known `true`, `coalesce`
//! reaching a known value first, `startswith` on a template's known
//! prefix; the conversions, `concat` and `merge`, which keep the known
//! parts of their arguments; and the functions that only move elements
//! (`element`, `slice`, `reverse`, `chunklist`, `setproduct`, `zipmap`,
//! `values`, `setunion`), which run on a sequence or map known at its top level and
//! keep its unknowns where they land.

use super::expr::{err, R};
use super::func::FuncDef;
use super::functions::string::{formatlist_rows, ListArg};
use super::limits::Budget;
use super::typing::{self, Meta, Ty};
use super::unknown;
use crate::syntax::Span;
use crate::value::{Key, Map, Type, Value};

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

    /// An unknown result of type `t`: known not to be null unless the
    /// function may return null (or the type is not known either).
    pub(crate) fn result(&self, t: Type) -> (Value, Ty) {
        if self.def.spec().nullable_result || t == Type::Dynamic {
            unknown::nullable(t)
        } else {
            unknown::not_null(t)
        }
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

/// What `jsonencode` gives with arguments not all known.
pub(crate) fn jsonencode_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, Ty)>> {
    {
        let (args, metas, types) = c.take();
        // The encoding's first character is known from the type of a
        // value known not to be null (cty's refinement).
        let not_null = match &metas[0] {
            Some(Meta::Unknown(_, r)) => r.not_null,
            _ => !args[0].is_null(),
        };
        let first = match &types[0] {
            Type::String => "\"",
            Type::Object(_) | Type::Map(_) => "{",
            Type::Tuple(_) | Type::List(_) | Type::Set(_) => "[",
            _ => "",
        };
        let r = typing::Refine {
            not_null: true,
            prefix: (not_null && !first.is_empty()).then(|| first.to_owned()),
            ..typing::Refine::default()
        };
        Ok(Some((Value::Null, typing::unknown(Type::String, r))))
    }
}

/// What `length` gives with arguments not all known.
pub(crate) fn length_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, Ty)>> {
    {
        let (args, metas, types) = c.take();
        let n = match (&metas[0], &args[0]) {
            (Some(Meta::Unknown(Type::Object(a), _)), _) => Some(a.len()),
            (Some(Meta::Unknown(Type::Tuple(ts), _)), _) => Some(ts.len()),
            (Some(Meta::Unknown(Type::String, r)), _) if r.prefix.is_some() => {
                // At least as long as what it starts with.
                let prefix = r.prefix.as_deref().unwrap_or_default();
                let n = super::functions::string::graphemes(prefix).len();
                let r = typing::Refine {
                    not_null: true,
                    min: Some(crate::Number::from(n as u64)),
                    ..typing::Refine::default()
                };
                return Ok(Some((Value::Null, typing::unknown(Type::Number, r))));
            }
            (Some(Meta::Unknown(_, r)), _) => match r.len {
                Some((lo, hi)) if lo == hi => Some(lo as usize),
                _ => None,
            },
            // A set's unknown elements may turn out equal to others,
            // so its length is known only when it has one element.
            (Some(Meta::Parts(Type::Set(_), _)), Value::Array(a)) if a.len() == 1 => Some(1),
            (Some(Meta::Parts(Type::Set(_), _)), _) => None,
            (Some(Meta::Parts(..)), Value::Array(a)) => Some(a.len()),
            (Some(Meta::Parts(..)), Value::Object(o)) => Some(o.len()),
            _ => None,
        };
        if let Some(n) = n {
            return Ok(Some((Value::from(n), None)));
        }
        // Otherwise within the collection's known lengths: 0 and up, a
        // set of n elements some unknown 1 to n (they may turn out
        // equal); nothing known of a value of unknown type.
        let (least, most) = match (&metas[0], &args[0]) {
            _ if types[0] == Type::Dynamic => return Ok(Some(unknown::not_null(Type::Number))),
            (Some(Meta::Unknown(_, r)), _) => match r.len {
                Some((lo, hi)) => (lo, Some(hi)),
                None => (0, None),
            },
            (Some(Meta::Parts(Type::Set(_), _)), Value::Array(a)) => (1, Some(a.len() as u64)),
            _ => (0, None),
        };
        let r = typing::Refine {
            not_null: true,
            min: Some(crate::Number::from(least)),
            max: most.map(crate::Number::from),
            ..typing::Refine::default()
        };
        Ok(Some((Value::Null, typing::unknown(Type::Number, r))))
    }
}

/// What `keys` gives with arguments not all known.
pub(crate) fn keys_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, Ty)>> {
    {
        let (args, metas, types) = c.take();
        let result = |t: Type| c.result(t);
        let keys: Option<Vec<String>> = match (&metas[0], &args[0]) {
            (Some(Meta::Unknown(Type::Object(a), _)), _) => Some(a.keys().cloned().collect()),
            (Some(Meta::Parts(Type::Object(_) | Type::Map(_), _)), Value::Object(o)) => {
                let mut k: Vec<String> = o.keys().map(|k| k.as_str().to_owned()).collect();
                k.sort();
                Some(k)
            }
            _ => None,
        };
        if let Some(keys) = keys {
            let t = match &types[0] {
                Type::Map(_) => Type::list(Type::String),
                _ => Type::Tuple(vec![Type::String; keys.len()]),
            };
            let v = Value::Array(keys.into_iter().map(Value::from).collect());
            return Ok(Some((v, typing::typed(t))));
        }
        Ok(Some(result(match &types[0] {
            Type::Map(_) => Type::list(Type::String),
            _ => Type::Dynamic,
        })))
    }
}

/// What `contains` gives with arguments not all known.
pub(crate) fn contains_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, Ty)>> {
    if !c.whole(0) && typing::is_known(&c.metas[1]) {
        let args = std::mem::take(&mut c.args);
        let metas = std::mem::take(&mut c.metas);
        // cty compares the value with each element: an element equal
        // to it decides, one that may be decides nothing, and none
        // that may be is false (`contains([{a = u}], "a")`).
        if let Value::Array(items) = &args[0] {
            let mut open = false;
            for equal in equalities(items, &metas[0], &args[1], &metas[1]) {
                match equal {
                    Some(true) => return Ok(Some((Value::Bool(true), None))),
                    Some(false) => {}
                    None => open = true,
                }
            }
            if !open {
                return Ok(Some((Value::Bool(false), None)));
            }
        }
        return Ok(Some(unknown::not_null(Type::Bool)));
    }
    Ok(None)
}

/// What `index` gives with arguments not all known: Terraform's `index`:
/// the first element equal to the value, an element that may be decides
/// nothing, none is "item not found".
pub(crate) fn index_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, Ty)>> {
    if !c.whole(0) && !c.whole(1) {
        let args = std::mem::take(&mut c.args);
        let metas = std::mem::take(&mut c.metas);
        let fail = |msg: String| c.fail(msg);
        if let Value::Array(items) = &args[0] {
            if items.is_empty() {
                return Err(fail("cannot search an empty list".into())).map(Some);
            }
            for (i, equal) in equalities(items, &metas[0], &args[1], &metas[1]).enumerate() {
                match equal {
                    Some(true) => return Ok(Some((Value::from(i), None))),
                    Some(false) => {}
                    None => return Ok(Some(unknown::not_null(Type::Number))),
                }
            }
            return Err(fail("item not found".into())).map(Some);
        }
        return Ok(Some(unknown::not_null(Type::Number)));
    }
    Ok(None)
}

/// What `matchkeys` gives with arguments not all known: Terraform's
/// `matchkeys` checks the keys' and search set's types before it looks at
/// values, then the lengths it knows.
pub(crate) fn matchkeys_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, Ty)>> {
    {
        if let Some(msg) = matchkeys_refusal(&c.args, &c.types) {
            return Err(c.fail(msg.into()));
        }
    }
    Ok(None)
}

/// What `one` gives with arguments not all known: A list of known length:
/// more than one element is refused as for a known list.
pub(crate) fn one_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, Ty)>> {
    if matches!((&c.args[0], &c.metas[0]), (Value::Array(a), Some(Meta::Parts(Type::List(_), _))) if a.len() > 1)
    {
        let msg = "invalid value for \"list\" parameter: must be a list, set, or tuple value with either zero or one elements";
        return Err(c.refuse(msg.into())).map(Some);
    }
    Ok(None)
}

/// What `anytrue` gives with arguments not all known: a known `true`
/// decides.
pub(crate) fn anytrue_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, Ty)>> {
    bools_unknown(c, true)
}

/// What `alltrue` gives with arguments not all known: as `anytrue`, a
/// known `false` deciding.
pub(crate) fn alltrue_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, Ty)>> {
    bools_unknown(c, false)
}

/// `anytrue` (`decisive` true) or `alltrue` (false) over a list of bools
/// not all known.
fn bools_unknown(c: &mut UnknownCall<'_>, decisive: bool) -> R<Option<(Value, Ty)>> {
    // A set of unknown length converts to an unknown list(bool).
    if typing::length_unknown_set(&c.args[0], &c.metas[0]) {
        return Ok(Some(c.result(Type::Bool)));
    }
    if c.whole(0) {
        return Ok(None);
    }
    // A known string element of a list or tuple that is not a bool fails
    // the conversion to list(bool) before any value is looked at.
    if non_bool_string(&c.args[0], &c.metas[0]) {
        let msg = "invalid value for \"list\" parameter: a bool is required";
        return Err(c.refuse(msg.into()));
    }
    if holds_known(&c.args[0], &c.metas[0], decisive) {
        return Ok(Some((Value::Bool(decisive), None)));
    }
    Ok(Some(unknown::not_null(Type::Bool)))
}

/// What `coalesce` gives with arguments not all known.
pub(crate) fn coalesce_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, Ty)>> {
    {
        let (args, metas, types) = c.take();
        let fail = |msg: String| c.fail(msg);
        let Some(target) = Type::unify(&types) else {
            return Err(fail("all arguments must have the same type".into())).map(Some);
        };
        for (v, t) in args.into_iter().zip(&metas) {
            // A known value holding unknowns can be chosen.
            if typing::is_unknown(t) {
                break;
            }
            let empty = matches!(&v, Value::String(s) if s.is_empty());
            if !v.is_null() && !empty {
                return typing::convert(v, t, &target)
                    .map_err(|e| fail(e.into()))
                    .map(Some);
            }
        }
        Ok(Some(unknown::not_null(target)))
    }
}

/// What `coalescelist` gives with arguments not all known.
pub(crate) fn coalescelist_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, Ty)>> {
    {
        let (args, metas, types) = c.take();
        let fail = |msg: String| c.fail(msg);
        // cty checks the types in order up to an unknown argument;
        // then, in order, an unknown argument makes the result
        // unknown, and a known non-empty one (though it holds unknowns)
        // is the result.
        for (t, m) in types.iter().zip(&metas) {
            if typing::is_unknown(m) {
                break;
            }
            if !matches!(t, Type::List(_) | Type::Tuple(_)) {
                return Err(fail(
                    "coalescelist arguments must be lists or tuples".into(),
                ))
                .map(Some);
            }
        }
        for (v, t) in args.into_iter().zip(metas) {
            if typing::is_unknown(&t) {
                return Ok(Some(unknown::nullable(Type::Dynamic)));
            }
            if matches!(&v, Value::Array(a) if !a.is_empty()) {
                return Ok(Some((v, t)));
            }
        }
        Err(fail("no non-null arguments".into())).map(Some)
    }
}

/// What `format` gives with arguments not all known.
pub(crate) fn format_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, Ty)>> {
    if !c.whole(0) {
        let args = std::mem::take(&mut c.args);
        // cty: the text before the first verb is known to start the
        // result.
        let prefix = match &args[0] {
            Value::String(f) => f.find('%').filter(|&i| i > 0).map(|i| f[..i].to_owned()),
            _ => None,
        };
        let r = typing::Refine {
            not_null: true,
            prefix,
            ..typing::Refine::default()
        };
        return Ok(Some((Value::Null, typing::unknown(Type::String, r))));
    }
    Ok(None)
}

/// What `formatlist` gives with arguments not all known.
pub(crate) fn formatlist_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, Ty)>> {
    if !c.whole(0) {
        let budget = c.budget;
        let (args, metas, types) = c.take();
        let whole = |i: usize| metas.get(i).is_some_and(typing::is_unknown);
        let result = |t: Type| c.result(t);
        let fail = |msg: String| c.fail(msg);
        let any_unsized = (1..args.len()).any(|i| typing::length_unknown_set(&args[i], &metas[i]));
        let (Value::String(f), false) = (&args[0], any_unsized) else {
            return Ok(Some(result(Type::list(Type::String))));
        };
        let shapes: Vec<ListArg> = (1..args.len())
            .map(|i| match (&types[i], &args[i]) {
                (Type::List(_) | Type::Set(_), _) if whole(i) => ListArg::Unknown(None),
                (Type::Tuple(ts), _) if whole(i) => ListArg::Unknown(Some(ts.len())),
                (Type::List(_) | Type::Set(_) | Type::Tuple(_), Value::Array(a)) => {
                    ListArg::Seq(a.len())
                }
                _ => ListArg::Single,
            })
            .collect();
        let known = |i: usize, j: Option<usize>| {
            let t = &metas[i + 1];
            match (j, &args[i + 1]) {
                (Some(j), Value::Array(a)) => typing::is_known(&typing::item(t, j, &a[j])),
                _ => typing::is_known(t),
            }
        };
        let rows = formatlist_rows(f, &args[1..], &shapes, &known, budget);
        let rows = match rows.map_err(|e| c.refuse(e))? {
            Some(rows) => rows,
            None => return Ok(Some(result(Type::list(Type::String)))),
        };
        let parts = rows.into_iter().map(|r| match r {
            Some(s) => (Value::String(s.into()), None),
            None => unknown::not_null(Type::String),
        });
        return sequence(parts, Some(&Type::list(Type::String)))
            .map_err(fail)
            .map(Some);
    }
    Ok(None)
}

/// What `startswith` gives with arguments not all known.
pub(crate) fn startswith_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, Ty)>> {
    {
        let args = std::mem::take(&mut c.args);
        let metas = std::mem::take(&mut c.metas);
        if let (Some(Meta::Unknown(_, r)), Value::String(p), None) =
            (&metas[0], &args[1], &metas[1])
        {
            let known = r.prefix.as_deref().unwrap_or_default();
            if let Some(answer) = starts_with(known, p) {
                return Ok(Some((Value::Bool(answer), None)));
            }
        }
        Ok(Some(unknown::not_null(Type::Bool)))
    }
}

/// What `tolist`, `toset`, `tomap` gives with arguments not all known.
pub(crate) fn conversion_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, Ty)>> {
    if !c.whole(0) {
        let def = c.def;
        let (args, metas, types) = c.take();
        let fail = |msg: String| c.fail(msg);
        let target = match super::typing::call_type(def.spec(), &args, &types) {
            Ok(typing::Returns::Is(t) | typing::Returns::Convert(t)) => t,
            _ => return Err(fail("cannot convert the value".into())).map(Some),
        };
        let (v, t) = (args.into_iter().next(), metas.into_iter().next());
        return typing::convert(v.unwrap_or_default(), &t.flatten(), &target)
            .map_err(|e| fail(e.into()))
            .map(Some);
    }
    Ok(None)
}

/// What `lookup` gives with arguments not all known: An object's attribute
/// type is known by its name (the type callback above typed it, or refused
/// a missing attribute).
pub(crate) fn lookup_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, Ty)>> {
    // A known map and key: cty calls `lookup` whatever its default (which
    // may be unknown), so a key the map has gives its value.
    if let (Some(Value::Object(m)), true) =
        (c.args.first(), c.metas.iter().take(2).all(typing::is_known))
    {
        let key =
            super::functions::util::convert(c.args[1].clone(), &super::functions::util::Ty::String);
        if let Ok(Value::String(k)) = key {
            if let Some((i, (_, v))) = m
                .get_index_of(k.as_str())
                .and_then(|i| Some((i, m.get_index(i)?)))
            {
                let t = match &c.callback {
                    Some(typing::Returns::Is(t) | typing::Returns::Convert(t)) => t.clone(),
                    _ => Type::Dynamic,
                };
                return typing::convert(v.clone(), &typing::attr(&c.metas[0], &k, i, v), &t)
                    .map(Some)
                    .map_err(|e| c.fail(e.into()));
            }
        }
    }
    if matches!(c.types[0], Type::Object(_)) && typing::is_known(&c.metas[1]) {
        let callback = c.callback.take();
        let result = |t: Type| c.result(t);
        return Ok(Some(result(match callback {
            Some(typing::Returns::Is(t)) => t,
            _ => Type::Dynamic,
        })));
    }
    Ok(None)
}

/// What `values` gives with arguments not all known: A known collection
/// holding unknowns: cty runs these functions on it, and their results keep
/// what is known.
pub(crate) fn values_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, Ty)>> {
    if !c.whole(0) {
        let (args, metas, types) = c.take();
        let result = |t: Type| c.result(t);
        let fail = |msg: String| c.fail(msg);
        // A map's or object's values in the order of their keys.
        let (v, t) = (args.into_iter().next(), metas.into_iter().next().flatten());
        let Some(Value::Object(o)) = v else {
            return Ok(Some(result(Type::Dynamic)));
        };
        let parts = typing::by_key(&o)
            .into_iter()
            .map(|(i, k, x)| (x.clone(), typing::attr(&t, k, i, x)));
        let list = match &types[0] {
            Type::Map(e) => Some(Type::list((**e).clone())),
            _ => None,
        };
        return sequence(parts, list.as_ref()).map_err(fail).map(Some);
    }
    Ok(None)
}

/// What `sort` gives with arguments not all known.
pub(crate) fn sort_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, Ty)>> {
    {
        let args = std::mem::take(&mut c.args);
        let metas = std::mem::take(&mut c.metas);
        let whole = |i: usize| metas.get(i).is_some_and(typing::is_unknown);
        let result = |t: Type| c.result(t);
        let fail = |msg: String| c.fail(msg);
        // The order is not known, the length is: a known list's, or an
        // unknown tuple's (converted to a list, it is a list of that
        // many unknowns, as cty makes an unknown list of known length).
        let n = match (&args[0], &metas[0]) {
            (_, Some(Meta::Unknown(Type::Tuple(ts), _))) => ts.len(),
            (v, t) if typing::length_unknown_set(v, t) => {
                return Ok(Some(result(Type::list(Type::String))))
            }
            (Value::Array(items), _) if !whole(0) => items.len(),
            _ => return Ok(Some(result(Type::list(Type::String)))),
        };
        let parts = (0..n).map(|_| unknown::not_null(Type::String));
        sequence(parts, Some(&Type::list(Type::String)))
            .map_err(fail)
            .map(Some)
    }
}

/// What `chunklist` gives with arguments not all known: A known sequence
/// holding unknowns: cty chunks it, and takes the product of known
/// sequences, with the unknowns in their places.
pub(crate) fn chunklist_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, Ty)>> {
    if !c.whole(0) && typing::is_known(&c.metas[1]) {
        let def = c.def;
        let (args, metas, types) = c.take();
        let result = |t: Type| c.result(t);
        let fail = |msg: String| c.fail(msg);
        let target = return_type(def, &args, &types);
        let Some(parts) = elements(&args[0], &metas[0]) else {
            return Ok(Some(result(target)));
        };
        let size = super::functions::util::int(&args[1], "size").map_err(fail)?;
        let chunks = super::functions::collection::chunks(&parts, size).map_err(fail)?;
        let inner = match &target {
            Type::List(e) => Some((**e).clone()),
            _ => None,
        };
        let rows = chunks
            .into_iter()
            .map(|c| sequence(c, inner.as_ref()))
            .collect::<Result<Vec<_>, _>>()
            .map_err(fail)?;
        return sequence(rows, inner.is_some().then_some(&target))
            .map_err(fail)
            .map(Some);
    }
    Ok(None)
}

/// What `setproduct` gives with arguments not all known.
pub(crate) fn setproduct_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, Ty)>> {
    if c.args.len() >= 2 && (0..c.args.len()).all(|i| !c.whole(i)) {
        let def = c.def;
        let budget = c.budget;
        let (args, metas, types) = c.take();
        let result = |t: Type| c.result(t);
        let fail = |msg: String| c.fail(msg);
        let target = return_type(def, &args, &types);
        let lists: Option<Vec<Vec<(Value, Ty)>>> = args
            .iter()
            .zip(&metas)
            .map(|(v, m)| elements(v, m))
            .collect();
        let Some(lists) = lists else {
            return Ok(Some(result(target)));
        };
        let rows = super::functions::collection::product(&lists, budget)
            .map_err(fail)?
            .into_iter()
            .map(|row| sequence(row, None))
            .collect::<Result<Vec<_>, _>>()
            .map_err(fail)?;
        let collection = matches!(target, Type::List(_) | Type::Set(_));
        return sequence(rows, collection.then_some(&target))
            .map_err(fail)
            .map(Some);
    }
    Ok(None)
}

/// What `zipmap` gives with arguments not all known.
pub(crate) fn zipmap_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, Ty)>> {
    {
        let def = c.def;
        let span = c.span;
        let (args, metas, types) = c.take();
        let whole = |i: usize| metas.get(i).is_some_and(typing::is_unknown);
        let result = |t: Type| c.result(t);
        let fail = |msg: String| c.fail(msg);
        // cty: only wholly known keys make the result's keys known
        // (and its type, with a tuple of values); the values are then
        // placed, known or not.
        if whole(0) || !typing::is_known(&metas[0]) {
            return Ok(Some(result(match &types[1] {
                Type::List(e) => Type::map((**e).clone()),
                _ => Type::Dynamic,
            })));
        }
        let target = match typing::call_type(def.spec(), &args, &types).map_err(fail)? {
            typing::Returns::Is(t) => t,
            _ => Type::Dynamic,
        };
        let (Value::Array(keys), Some(values)) = (&args[0], elements(&args[1], &metas[1])) else {
            return Ok(Some(result(target)));
        };
        super::functions::collection::same_length(keys.len(), values.len()).map_err(fail)?;
        // A later key replaces an earlier one; the result is in key order.
        let mut parts: Map<Key, (Value, Ty)> = Map::with_capacity(keys.len());
        for (k, part) in keys.iter().zip(values) {
            parts.insert(super::expr::object_key(k.clone(), span)?, part);
        }
        parts.sort_keys();
        let (map, part_metas): (Map<Key, Value>, Vec<Ty>) =
            parts.into_iter().map(|(k, (v, t))| ((k, v), t)).unzip();
        let meta = typing::object_of(&map, part_metas);
        match target {
            Type::Map(_) => {
                typing::convert(Value::Object(map), &meta, &target).map_err(|e| fail(e.into()))
            }
            _ => Ok((Value::Object(map), meta)),
        }
        .map(Some)
    }
}

/// What `element` gives with arguments not all known.
pub(crate) fn element_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, Ty)>> {
    if !c.whole(0) && typing::is_known(&c.metas[1]) {
        let def = c.def;
        let (args, metas, types) = c.take();
        let result = |t: Type| c.result(t);
        let fail = |msg: String| c.fail(msg);
        // cty takes the element of a known sequence, known or not.
        let Value::Array(items) = &args[0] else {
            return Ok(Some(result(return_type(def, &args, &types))));
        };
        let list = matches!(types[0], Type::List(_));
        let index = list
            .then(|| super::functions::collection::list_index(items.len(), &args[1]))
            .flatten();
        let index = index.as_ref().unwrap_or(&args[1]);
        let i = super::functions::collection::element_position(items.len(), index).map_err(fail)?;
        return Ok(Some((
            items[i].clone(),
            typing::item(&metas[0], i, &items[i]),
        )));
    }
    Ok(None)
}

/// What `slice` gives with arguments not all known.
pub(crate) fn slice_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, Ty)>> {
    {
        let def = c.def;
        let (args, metas, types) = c.take();
        let whole = |i: usize| metas.get(i).is_some_and(typing::is_unknown);
        let result = |t: Type| c.result(t);
        let fail = |msg: String| c.fail(msg);
        // cty checks the indexes against what is known of the length
        // (a tuple's from its type), then slices a known sequence.
        let len = match (&args[0], &metas[0]) {
            (_, Some(Meta::Unknown(Type::Tuple(ts), _))) => Some(ts.len()),
            (Value::Array(items), _) if !whole(0) => Some(items.len()),
            _ => None,
        };
        let known = |i: usize| typing::is_known(&metas[i]).then_some(&args[i]);
        let range = super::functions::collection::slice_indexes(len, known(1), known(2))
            .map_err(|msg| c.refuse(msg))?;
        let target = return_type(def, &args, &types);
        let (Some((a, b)), Some(mut parts)) = (range, elements(&args[0], &metas[0])) else {
            return Ok(Some(result(target)));
        };
        parts.truncate(b);
        parts.drain(..a);
        let list = matches!(target, Type::List(_)).then_some(&target);
        sequence(parts, list).map_err(fail).map(Some)
    }
}

/// What `setunion` gives with arguments not all known.
pub(crate) fn setunion_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, Ty)>> {
    if (0..c.args.len()).all(|i| !c.whole(i)) {
        let def = c.def;
        let (args, metas, types) = c.take();
        let result = |t: Type| c.result(t);
        let fail = |msg: String| c.fail(msg);
        // cty unions sets holding unknowns (an unknown equals no other
        // element); intersection and subtraction give up on them.
        let target = return_type(def, &args, &types);
        let mut parts = Vec::new();
        for (v, m) in args.iter().zip(&metas) {
            // (In any order: the result is a set.)
            let Some(items) = items_with_metas(v, m) else {
                return Ok(Some(result(target)));
            };
            parts.extend(items);
        }
        return sequence(parts, Some(&target)).map_err(fail).map(Some);
    }
    Ok(None)
}

/// What `reverse` gives with arguments not all known: A set is reversed in
/// its order (known elements, unknown ones, null), its length known or not.
pub(crate) fn reverse_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, Ty)>> {
    if !c.whole(0) {
        let (args, metas, types) = c.take();
        let result = |t: Type| c.result(t);
        let fail = |msg: String| c.fail(msg);
        let Some(mut parts) = items_with_metas(&args[0], &metas[0]) else {
            return Ok(Some(result(Type::Dynamic)));
        };
        parts.reverse();
        let list = match &types[0] {
            Type::List(e) | Type::Set(e) => Some(Type::list((**e).clone())),
            _ => None,
        };
        return sequence(parts, list.as_ref()).map_err(fail).map(Some);
    }
    Ok(None)
}

/// What `flatten` gives with arguments not all known.
pub(crate) fn flatten_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, Ty)>> {
    if !c.whole(0) {
        let args = std::mem::take(&mut c.args);
        let metas = std::mem::take(&mut c.metas);
        let fail = |msg: String| c.fail(msg);
        let mut out = Vec::new();
        if !flatten_known(&args[0], &metas[0], &mut out) {
            return Ok(Some(unknown::nullable(Type::Dynamic)));
        }
        return sequence(out, None).map_err(fail).map(Some);
    }
    Ok(None)
}

/// What `concat` gives with arguments not all known.
pub(crate) fn concat_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, Ty)>> {
    if (0..c.args.len()).all(|i| !c.whole(i)) {
        let (args, metas, types) = c.take();
        let fail = |msg: String| c.fail(msg);
        let all_lists = types.iter().all(|t| matches!(t, Type::List(_)));
        let mut out = Vec::new();
        for (v, t) in args.into_iter().zip(&metas) {
            let Value::Array(items) = v else {
                return Err(fail("all arguments must be lists or tuples".into())).map(Some);
            };
            for (i, x) in items.into_iter().enumerate() {
                let xt = typing::item(t, i, &x);
                out.push((x, xt));
            }
        }
        let list = Type::unify(&types).filter(|_| all_lists);
        return sequence(out, list.as_ref()).map_err(fail).map(Some);
    }
    Ok(None)
}

/// What `merge` gives with arguments not all known.
pub(crate) fn merge_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, Ty)>> {
    if (0..c.args.len()).all(|i| !c.whole(i)) && !c.types.contains(&Type::Dynamic) {
        let args = std::mem::take(&mut c.args);
        let metas = std::mem::take(&mut c.metas);
        let fail = |msg: String| c.fail(msg);
        let mut map: Map<Key, Value> = Map::new();
        let mut entry_metas: Map<Key, Ty> = Map::new();
        for (v, t) in args.into_iter().zip(&metas) {
            match v {
                Value::Null => {}
                Value::Object(o) => {
                    for (i, (k, x)) in o.into_iter().enumerate() {
                        let xt = typing::attr(t, &k, i, &x);
                        entry_metas.insert(k.clone(), xt);
                        map.insert(k, x);
                    }
                }
                _ => return Err(fail("arguments must be maps or objects".into())).map(Some),
            }
        }
        let metas: Vec<Ty> = map
            .keys()
            .map(|k| entry_metas[k.as_str()].clone())
            .collect();
        let meta = typing::object_of(&map, metas);
        return Ok(Some((Value::Object(map), meta)));
    }
    Ok(None)
}

/// What `regex` gives with arguments not all known: a result typed from
/// the pattern, when that is known.
#[cfg(feature = "regex")]
pub(crate) fn regex_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, Ty)>> {
    Ok(pattern_type(c)?.map(|t| c.result(t)))
}

/// What `regexall` gives with arguments not all known: a list typed from
/// the pattern, when that is known.
#[cfg(feature = "regex")]
pub(crate) fn regexall_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, Ty)>> {
    Ok(pattern_type(c)?.map(|t| c.result(Type::list(t))))
}

/// The type of a match of the pattern, when that is known.
#[cfg(feature = "regex")]
fn pattern_type(c: &UnknownCall<'_>) -> R<Option<Type>> {
    match (c.args.first(), c.whole(0)) {
        (Some(Value::String(p)), false) => super::functions::string::regex_result_type(p)
            .map(Some)
            .map_err(|msg| c.refuse(msg)),
        _ => Ok(None),
    }
}

/// A tuple of `parts` (values with their metas), converted to `list` when
/// given: the result of a function that builds a sequence from values
/// some of which are not known.
fn sequence(
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
fn elements(v: &Value, t: &Ty) -> Option<Vec<(Value, Ty)>> {
    if typing::length_unknown_set(v, t) {
        return None;
    }
    items_with_metas(v, t)
}

/// The elements of the known sequence `v` (meta `t`) with their metas, as
/// stored; `None` when `v` is not a sequence.
fn items_with_metas(v: &Value, t: &Ty) -> Option<Vec<(Value, Ty)>> {
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

/// `flatten`'s elements of the known sequence `v` (meta `t`), with their
/// metas, into `out`; `false` when which elements there are is not known
/// (an unknown sequence, or an element of unknown type, inside).
fn flatten_known(v: &Value, t: &Ty, out: &mut Vec<(Value, Ty)>) -> bool {
    // A set of unknown length has no known elements to list.
    if typing::length_unknown_set(v, t) {
        return false;
    }
    let elements: Vec<(&Value, Ty)> = match v {
        Value::Array(items) => items
            .iter()
            .enumerate()
            .map(|(i, x)| (x, typing::item(t, i, x)))
            .collect(),
        // cty iterates a map or object not wholly known as it does a list
        // (a known one is refused by type first): its elements in key
        // order.
        Value::Object(o) => typing::by_key(o)
            .into_iter()
            .map(|(i, k, x)| (x, typing::attr(t, k, i, x)))
            .collect(),
        _ => return false,
    };
    for (x, xt) in elements {
        let ty = typing::of(x, &xt).into_owned();
        let sequence = matches!(ty, Type::List(_) | Type::Set(_) | Type::Tuple(_));
        // An unknown of any type could be a sequence to flatten too.
        if ty == Type::Dynamic && typing::is_unknown(&xt) {
            return false;
        }
        if sequence {
            if typing::is_unknown(&xt) || !flatten_known(x, &xt, out) {
                return false;
            }
        } else {
            out.push((x.clone(), xt));
        }
    }
    true
}

/// Whether the known sequence `seq` (meta `meta`) holds a known element
/// that converts to the bool `want` (`true`, or a string `"true"`/`"1"`).
fn holds_known(seq: &Value, meta: &Ty, want: bool) -> bool {
    let Value::Array(items) = seq else {
        return false;
    };
    items.iter().enumerate().any(|(i, x)| {
        super::expr::condition_bool(x) == Some(want) && typing::is_known(&typing::item(meta, i, x))
    })
}

/// The type of `regexall`'s unknown result.
#[cfg(feature = "regex")]
pub(crate) fn regexall_unknown_type(_: &FuncDef, _: &[Value], _: &[Type]) -> Type {
    Type::list(Type::Dynamic)
}

/// The type of `tolist`'s unknown result.
pub(crate) fn tolist_unknown_type(_: &FuncDef, _: &[Value], _: &[Type]) -> Type {
    Type::list(Type::Dynamic)
}

/// The type of `toset`'s unknown result.
pub(crate) fn toset_unknown_type(_: &FuncDef, _: &[Value], _: &[Type]) -> Type {
    Type::set(Type::Dynamic)
}

/// The type of `tomap`'s unknown result.
pub(crate) fn tomap_unknown_type(_: &FuncDef, _: &[Value], _: &[Type]) -> Type {
    Type::map(Type::Dynamic)
}

/// The type of the unknown result of `sensitive`, `nonsensitive`, `ephemeralasnull`.
pub(crate) fn identity_unknown_type(_: &FuncDef, _: &[Value], types: &[Type]) -> Type {
    let t0 = types.first();
    t0.cloned().unwrap_or(Type::Dynamic)
}

/// The type of `lookup`'s unknown result.
pub(crate) fn lookup_unknown_type(_: &FuncDef, args: &[Value], types: &[Type]) -> Type {
    let t0 = types.first();
    match t0 {
        Some(Type::Map(e)) => (**e).clone(),
        Some(Type::Object(attrs)) => match args.get(1) {
            Some(Value::String(k)) if attrs.contains_key(k.as_str()) => attrs[k.as_str()].clone(),
            _ => Type::Dynamic,
        },
        _ => Type::Dynamic,
    }
}

/// The type of `one`'s unknown result.
pub(crate) fn one_unknown_type(_: &FuncDef, _: &[Value], types: &[Type]) -> Type {
    let t0 = types.first();
    match t0 {
        Some(Type::List(e) | Type::Set(e)) => (**e).clone(),
        Some(Type::Tuple(ts)) if ts.len() == 1 => ts[0].clone(),
        _ => Type::Dynamic,
    }
}

/// The type of `keys`'s unknown result.
pub(crate) fn keys_unknown_type(_: &FuncDef, _: &[Value], types: &[Type]) -> Type {
    let t0 = types.first();
    match t0 {
        Some(Type::Map(_)) => Type::list(Type::String),
        _ => Type::Dynamic,
    }
}

/// The type of `reverse`'s unknown result.
pub(crate) fn reverse_unknown_type(_: &FuncDef, _: &[Value], types: &[Type]) -> Type {
    let t0 = types.first();
    let elem = element_of;
    match t0 {
        Some(Type::Tuple(ts)) => Type::Tuple(ts.iter().rev().cloned().collect()),
        Some(Type::List(_) | Type::Set(_)) => Type::list(elem(t0)),
        _ => Type::Dynamic,
    }
}

/// The type of `concat`'s unknown result.
pub(crate) fn concat_unknown_type(def: &FuncDef, args: &[Value], types: &[Type]) -> Type {
    let spec = def.spec();
    {
        // Lists alone unify; otherwise a tuple of their elements, for
        // which a list not known has no length.
        let list = |t: &Type| matches!(t, Type::List(_));
        let lists = !types.is_empty() && types.iter().all(list);
        let unknown_list = types
            .iter()
            .zip(args)
            .any(|(t, v)| list(t) && !matches!(v, Value::Array(_)));
        match typing::call_type(spec, args, types) {
            Ok(typing::Returns::Is(t) | typing::Returns::Convert(t)) if lists || !unknown_list => t,
            _ => Type::Dynamic,
        }
    }
}

/// The type of the unknown result of `distinct`, `matchkeys`: Their parameter is a list: a tuple converts to one first.
pub(crate) fn list_of_elements_unknown_type(_: &FuncDef, _: &[Value], types: &[Type]) -> Type {
    let t0 = types.first();
    let elem = element_of;
    match t0 {
        Some(Type::List(_) | Type::Set(_) | Type::Tuple(_)) => Type::list(elem(t0)),
        _ => Type::Dynamic,
    }
}

/// The type of the unknown result of `setproduct`, `zipmap`.
pub(crate) fn callback_or_dynamic_unknown_type(
    def: &FuncDef,
    args: &[Value],
    types: &[Type],
) -> Type {
    let spec = def.spec();
    match typing::call_type(spec, args, types) {
        Ok(typing::Returns::Is(t)) => t,
        _ => Type::Dynamic,
    }
}

/// The type of `chunklist`'s unknown result.
pub(crate) fn chunklist_unknown_type(_: &FuncDef, _: &[Value], types: &[Type]) -> Type {
    let t0 = types.first();
    let elem = element_of;
    match t0 {
        Some(Type::List(_) | Type::Set(_) | Type::Tuple(_)) => Type::list(Type::list(elem(t0))),
        _ => Type::Dynamic,
    }
}

/// The type of the unknown result of `setunion`, `setintersection`, `setsubtract`: Their element types unify as for known sets (an empty tuple takes no part).
pub(crate) fn set_operation_unknown_type(def: &FuncDef, args: &[Value], types: &[Type]) -> Type {
    let spec = def.spec();
    {
        match typing::call_type(spec, args, types) {
            Ok(typing::Returns::Is(t)) => t,
            _ => Type::set(Type::Dynamic),
        }
    }
}

/// The type of `coalesce`'s unknown result.
pub(crate) fn coalesce_unknown_type(_: &FuncDef, _: &[Value], types: &[Type]) -> Type {
    Type::unify(types).unwrap_or(Type::Dynamic)
}

/// The type of `merge`'s unknown result.
pub(crate) fn merge_unknown_type(_: &FuncDef, _: &[Value], types: &[Type]) -> Type {
    {
        if types.contains(&Type::Dynamic) {
            return Type::Dynamic;
        }
        let mut attrs = std::collections::BTreeMap::new();
        for t in types {
            match t {
                Type::Object(a) => attrs.extend(a.clone()),
                _ => return Type::Dynamic,
            }
        }
        Type::Object(attrs)
    }
}

/// The type of `element`'s unknown result: typed from a tuple's element
/// types too, where the index is known.
pub(crate) fn element_unknown_type(def: &FuncDef, args: &[Value], types: &[Type]) -> Type {
    match typing::call_type(def.spec(), args, types) {
        Ok(typing::Returns::Is(t)) => t,
        _ => match types.first() {
            Some(Type::List(e)) => (**e).clone(),
            _ => Type::Dynamic,
        },
    }
}

/// The type of the unknown result of `values` and `slice`: typed from a
/// tuple's element types too, where the indexes are known.
pub(crate) fn sequence_unknown_type(def: &FuncDef, args: &[Value], types: &[Type]) -> Type {
    match typing::call_type(def.spec(), args, types) {
        Ok(typing::Returns::Is(t)) => t,
        _ => match types.first() {
            t0 @ Some(Type::List(_) | Type::Set(_) | Type::Map(_)) => Type::list(element_of(t0)),
            _ => Type::Dynamic,
        },
    }
}

/// The element type of a collection of type `t`; a tuple's elements'
/// types unified.
fn element_of(t: Option<&Type>) -> Type {
    match t {
        Some(Type::List(e) | Type::Set(e) | Type::Map(e)) => (**e).clone(),
        Some(Type::Tuple(ts)) if !ts.is_empty() => Type::unify(ts).unwrap_or(Type::Dynamic),
        _ => Type::Dynamic,
    }
}

/// Each element of the known sequence `items` (meta `meta`) compared with
/// `want` as cty compares them (`contains`, `index`): `None` where that is
/// not known yet.
fn equalities<'a>(
    items: &'a [Value],
    meta: &'a Ty,
    want: &'a Value,
    want_meta: &'a Ty,
) -> impl Iterator<Item = Option<bool>> + 'a {
    items
        .iter()
        .enumerate()
        .map(move |(i, item)| unknown::equal(item, &typing::item(meta, i, item), want, want_meta))
}

/// Whether a list or tuple holds a known string that does not convert to
/// a bool (`"a"`; `"true"` does).
fn non_bool_string(seq: &Value, meta: &Ty) -> bool {
    let (Value::Array(items), Some(Meta::Parts(Type::List(_) | Type::Tuple(_), _))) = (seq, meta)
    else {
        return false;
    };
    items.iter().enumerate().any(|(i, item)| {
        let known = !typing::is_unknown(&typing::item(meta, i, item));
        matches!(item, Value::String(s) if known && crate::value::parse_bool(s).is_none())
    })
}

/// Why `matchkeys(values, keys, searchset)` fails before its values are
/// all known: keys and search set of element types that do not unify, or
/// values and keys of different known lengths.
fn matchkeys_refusal(args: &[Value], types: &[Type]) -> Option<&'static str> {
    let (Some(k), Some(s)) = (types.get(1), types.get(2)) else {
        return None;
    };
    if let (Some(k), Some(s)) = (typing::list_element(k), typing::list_element(s)) {
        if Type::unify(&[k, s]).is_none() {
            return Some("keys and searchset must be of the same type");
        }
    }
    match (args.first(), args.get(1)) {
        (Some(Value::Array(v)), Some(Value::Array(k))) if v.len() != k.len() => {
            Some("length of keys and values should be equal")
        }
        _ => None,
    }
}

/// Terraform's `startswith(u, p)` for an unknown string `u` known to start
/// with `known` (perhaps nothing): true for an empty `p` or one `known`
/// starts with, false where `known` is at least as long as `p` (in bytes)
/// and does not start with it, otherwise not known (`"ab${u}"` starting
/// with "pre" is not known).
fn starts_with(known: &str, p: &str) -> Option<bool> {
    if known.starts_with(p) {
        Some(true)
    } else if !known.is_empty() && known.len() >= p.len() {
        Some(false)
    } else {
        None
    }
}
