//! Conversion of values between types, as cty converts (its "unsafe"
//! conversion, which Terraform applies to arguments, variables and
//! conditionals): the one conversion walk, for known values and values
//! not wholly known alike; and cty's sets (their order and their
//! deduplication).

use std::cmp::Ordering;

use crate::value::meta::{
    element, is_known, length_unknown_set, of, typed, unknown, with_parts, Meta, Refine, Ty,
};
use crate::value::ty::{literal_type as type_of, Type};
use crate::value::{Key, Map, Value};

/// Terraform's name for the type of a value, for messages.
pub(crate) fn friendly_type(v: &Value) -> &'static str {
    v.type_name()
}

/// cty's name for a type in function messages (`string`, `list of
/// number`, `object`).
pub(crate) fn friendly(t: &Type) -> String {
    crate::value::ty::friendly_name(t, "dynamic")
}

/// Converts `v` (with meta `t`) to type `target` as cty converts: the one
/// conversion, for known values and values not wholly known alike. An
/// unknown converts to an unknown of the target type (when its type can
/// convert); dynamic parts of the target take the value's own types; a
/// set puts its unknown elements after the known ones, before a null.
pub(crate) fn convert(v: Value, t: &Ty, target: &Type) -> Result<(Value, Ty), ConvertError> {
    if let Some(Meta::Unknown(ty, r)) = t {
        if *target == Type::Dynamic {
            return Ok((v, t.clone()));
        }
        if !crate::value::ty::conversion_exists(ty, target, true) {
            return Err(format!("cannot convert {} to {}", friendly(ty), friendly(target)).into());
        }
        return Ok((Value::Null, unknown(target.clone(), r.clone())));
    }
    if *target == Type::Dynamic {
        return Ok((v, t.clone()));
    }
    let target = match target.has_dynamic() {
        true => crate::value::ty::with_dynamic_from(target, &of(&v, t)),
        false => target.clone(),
    };
    let Some(Meta::Parts(_, items)) = t else {
        let (v, _) = convert_value(v, None, &target)?;
        return Ok((v, typed(target)));
    };
    // cty: a set whose length is not known (more than one element, some
    // unknown, which may equal others) converts to a wholly unknown list,
    // of the set's own element type, with no refinement.
    if let (Type::List(_), Some(Type::Set(e))) = (&target, t.as_ref().map(Meta::ty)) {
        if length_unknown_set(&v, t) {
            return Ok((
                Value::Null,
                unknown(Type::List(e.clone()), Refine::default()),
            ));
        }
    }
    let (v, metas) = convert_value(v, Some(items), &target)?;
    Ok((v, with_parts(target, metas.unwrap_or_default())))
}

/// The walk of [`convert`] (and of [`util::convert`](super::functions::util::convert),
/// for a wholly known value): `v`, whose parts' metas are `items` where
/// some are not known (`None`: `v` is wholly known), converted to `ty`,
/// with the converted parts' metas where `items` is given.
pub(crate) fn convert_value(
    v: Value,
    items: Option<&[Ty]>,
    ty: &Type,
) -> Result<(Value, Option<Vec<Ty>>), ConvertError> {
    // Part `i`, `x`, converted to `e`.
    let part = |x: Value, i: usize, e: &Type| -> Result<(Value, Ty), ConvertError> {
        match items {
            Some(ms) => convert(x, ms.get(i).unwrap_or(&None), e),
            None => Ok((convert_value(x, None, e)?.0, None)),
        }
    };
    // The parts, converted; their metas where `items` is given.
    let parts = |converted: Vec<(Value, Ty)>| {
        let (values, metas): (Vec<Value>, Vec<Ty>) = converted.into_iter().unzip();
        (values, items.map(|_| metas))
    };
    let known = items.is_none();
    Ok(match (ty, v) {
        (Type::Dynamic, v) => (v, items.map(<[Ty]>::to_vec)),
        (_, Value::Null) => (Value::Null, None),
        (Type::String, Value::String(s)) => (Value::String(s), None),
        (Type::String, Value::Number(n)) => (Value::String(n.to_plain_string().into()), None),
        (Type::String, Value::Bool(b)) => (Value::from(if b { "true" } else { "false" }), None),
        (Type::Number, Value::Number(n)) => (Value::Number(n), None),
        (Type::Number, Value::String(s)) => match crate::value::Number::parse(&s) {
            Some(n) => (Value::Number(n), None),
            None => {
                return Err(ConvertError::NotPrimitive {
                    string: s.to_string(),
                    to: "number",
                })
            }
        },
        (Type::Bool, Value::Bool(b)) => (Value::Bool(b), None),
        (Type::Bool, Value::String(s)) => match crate::value::parse_bool(&s) {
            Some(b) => (Value::Bool(b), None),
            None => {
                return Err(ConvertError::NotPrimitive {
                    string: s.to_string(),
                    to: "bool",
                })
            }
        },
        (Type::Tuple(ts), Value::Array(a)) if ts.len() == a.len() => {
            let converted = a
                .into_iter()
                .zip(ts.iter())
                .enumerate()
                .map(|(i, (x, e))| part(x, i, e))
                .collect::<Result<Vec<_>, _>>()?;
            let (values, metas) = parts(converted);
            (Value::Array(values), metas)
        }
        // A tuple converts to a list of the type its elements unify to.
        (Type::List(e), Value::Array(a)) if known && **e == Type::Dynamic => {
            (Value::Array(to_list(Value::Array(a))?), None)
        }
        (Type::List(e), Value::Array(a)) => {
            let converted = a
                .into_iter()
                .enumerate()
                .map(|(i, x)| part(x, i, e))
                .collect::<Result<Vec<_>, _>>()?;
            let (values, metas) = parts(converted);
            (Value::Array(values), metas)
        }
        (Type::Set(e), Value::Array(a)) if known => {
            let (list, _) = convert_value(Value::Array(a), None, &Type::List(e.clone()))?;
            match list {
                Value::Array(items) => (Value::Array(make_set(items)), None),
                other => (other, None),
            }
        }
        (Type::Set(e), Value::Array(a)) => {
            // cty's order: known elements, then unknown ones, then null (a
            // 'for' over the set meets them so).
            let mut known_items = Vec::new();
            let mut unknowns = Vec::new();
            for (i, x) in a.into_iter().enumerate() {
                let (x, xt) = part(x, i, e)?;
                if is_known(&xt) {
                    known_items.push(x);
                } else {
                    unknowns.push((x, xt));
                }
            }
            let (nulls, known_items): (Vec<Value>, Vec<Value>) =
                known_items.into_iter().partition(Value::is_null);
            let mut out = Vec::new();
            let mut metas = Vec::new();
            for x in make_set(known_items) {
                out.push(x);
                metas.push(element(e, &Value::Null));
            }
            for (x, xt) in unknowns {
                out.push(x);
                metas.push(xt);
            }
            if !nulls.is_empty() {
                out.push(Value::Null);
                metas.push(element(e, &Value::Null));
            }
            (Value::Array(out), Some(metas))
        }
        (Type::Object(ts), Value::Object(o)) => {
            let mut entries = Vec::with_capacity(o.len());
            for (i, (k, x)) in o.into_iter().enumerate() {
                let Some(e) = ts.get(k.as_str()) else {
                    continue;
                };
                let (x, xt) = part(x, i, e)?;
                entries.push((k, x, xt));
            }
            let (object, metas) = object_parts(entries, items.is_some());
            if let (true, Value::Object(out)) = (known, &object) {
                if let Some(missing) = ts.keys().find(|k| !out.contains_key(k.as_str())) {
                    return Err(format!("attribute \"{missing}\" is required").into());
                }
            }
            (object, metas)
        }
        // An object converts to a map of the type its attributes unify to.
        (Type::Map(e), Value::Object(o)) if known && **e == Type::Dynamic => {
            (Value::Object(to_map(Value::Object(o))?), None)
        }
        (Type::Map(e), Value::Object(o)) => {
            let entries = o
                .into_iter()
                .enumerate()
                .map(|(i, (k, x))| part(x, i, e).map(|(x, xt)| (k, x, xt)))
                .collect::<Result<Vec<_>, _>>()?;
            object_parts(entries, items.is_some())
        }
        (target, _) if !known => return Err(format!("{} required", friendly(target)).into()),
        (Type::String | Type::Number | Type::Bool, v) => {
            return Err(format!(
                "cannot convert {} to {}",
                friendly_type(&v),
                crate::value::ty::friendly_name(ty, "any")
            )
            .into())
        }
        (ty, v) => {
            return Err(format!(
                "{} required, but have {}",
                crate::value::ty::friendly_name(ty, "any"),
                friendly_type(&v)
            )
            .into())
        }
    })
}

/// An object or map of converted `entries` (key, value, meta); with their
/// metas in key order where some are not known (`with_metas`).
fn object_parts(mut entries: Vec<(Key, Value, Ty)>, with_metas: bool) -> (Value, Option<Vec<Ty>>) {
    if !with_metas {
        return (
            Value::Object(entries.into_iter().map(|(k, x, _)| (k, x)).collect()),
            None,
        );
    }
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    let metas = entries.iter().map(|e| e.2.clone()).collect();
    (
        Value::Object(entries.into_iter().map(|(k, x, _)| (k, x)).collect()),
        Some(metas),
    )
}

/// The one type all of `tys` convert to ([`Type::unify`]); nothing to unify
/// is the dynamic pseudo-type.
pub(crate) fn unify(tys: &[Type]) -> Option<Type> {
    if tys.is_empty() {
        return Some(Type::Dynamic);
    }
    Type::unify(tys)
}

/// Why [`convert`] failed.
#[derive(Debug)]
pub(crate) enum ConvertError {
    /// A string that does not read as a number or a bool (`to`).
    NotPrimitive { string: String, to: &'static str },
    /// Any other failure, in cty's words.
    Other(String),
}

impl ConvertError {
    /// cty's own words, as HCL prints them where the language converts a
    /// value (a conditional's result): a string that does not read as a
    /// number is "a number is required" (the functions `tonumber` and
    /// `tobool` say which string, as Terraform's do).
    pub(crate) fn cty_words(&self) -> std::borrow::Cow<'_, str> {
        match self {
            ConvertError::NotPrimitive { to, .. } => format!("a {to} is required").into(),
            ConvertError::Other(msg) => msg.as_str().into(),
        }
    }
}

impl std::fmt::Display for ConvertError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ConvertError::NotPrimitive { string, to: "number" } => write!(
                f,
                "cannot convert {} to number; given string must be a decimal representation of a number",
                quoted(string)
            ),
            ConvertError::NotPrimitive { string, to } => write!(
                f,
                "cannot convert {} to {to}; only the strings \"true\" or \"false\" are allowed",
                quoted(string)
            ),
            ConvertError::Other(msg) => f.write_str(msg),
        }
    }
}

impl From<String> for ConvertError {
    fn from(msg: String) -> Self {
        ConvertError::Other(msg)
    }
}

impl From<&str> for ConvertError {
    fn from(msg: &str) -> Self {
        ConvertError::Other(msg.to_owned())
    }
}

impl From<ConvertError> for String {
    fn from(e: ConvertError) -> String {
        e.to_string()
    }
}

/// Whether the known value `v` converts to `t` unchanged: a primitive of
/// that type, or a list or map whose elements all do (of a type with no
/// dynamic parts; a set's order and duplicates are the conversion's to
/// settle). It goes as deep as `t`, not as deep as `v`.
pub(crate) fn unchanged(v: &Value, t: &Type) -> bool {
    match (t, v) {
        (Type::String, Value::String(_))
        | (Type::Number, Value::Number(_))
        | (Type::Bool, Value::Bool(_)) => true,
        (Type::List(e), Value::Array(a)) if **e != Type::Dynamic => {
            a.iter().all(|x| unchanged(x, e))
        }
        (Type::Map(e), Value::Object(o)) if **e != Type::Dynamic => {
            o.values().all(|x| unchanged(x, e))
        }
        _ => false,
    }
}

/// Converts a wholly known value to a type as cty's (unsafe) conversion
/// does ([`typing::convert`](crate::eval::typing::convert)'s walk).
pub(crate) fn convert_known(v: Value, ty: &Type) -> Result<Value, ConvertError> {
    convert_value(v, None, ty).map(|(v, _)| v)
}

/// Converts a tuple to a list of one element type (`tolist` semantics).
pub(crate) fn to_list(v: Value) -> Result<Vec<Value>, String> {
    match v {
        Value::Array(a) => {
            let tys: Vec<Type> = a.iter().map(type_of).collect();
            let ty = unify(&tys).ok_or("cannot convert tuple to list of any single type")?;
            if ty == Type::Dynamic && tys.iter().any(|t| *t != Type::Dynamic) {
                return Err("cannot convert tuple to list of any single type".into());
            }
            a.into_iter().map(|v| Ok(convert_known(v, &ty)?)).collect()
        }
        other => Err(format!(
            "list of any single type required, but have {}",
            friendly_type(&other)
        )),
    }
}

/// Converts an object to a map of one element type (`tomap` semantics).
pub(crate) fn to_map(v: Value) -> Result<Map<Key, Value>, String> {
    match v {
        Value::Object(o) => {
            let tys: Vec<Type> = o.values().map(type_of).collect();
            // (Unlike lists, cty accepts a map whose element type stays
            // unknown, e.g. objects mixed with null.)
            let ty = unify(&tys).ok_or("cannot convert object to map of any single type")?;
            // Beside untyped nulls, the attributes must be of one type
            // (cty's map of them: `{a = "x", b = [0], c = null}` is refused).
            if ty == Type::Dynamic {
                let mut typed = tys.iter().filter(|t| **t != Type::Dynamic);
                if let Some(first) = typed.next() {
                    if !typed.all(|t| t == first) {
                        return Err("cannot convert object to map of any single type".into());
                    }
                }
            }
            let mut out: Map<Key, Value> = o
                .into_iter()
                .map(|(k, v)| convert_known(v, &ty).map(|v| (k, v)))
                .collect::<Result<_, _>>()?;
            out.sort_keys();
            Ok(out)
        }
        other => Err(format!(
            "map of any single type required, but have {}",
            friendly_type(&other)
        )),
    }
}

/// Converts a tuple to a set: unified, deduplicated and in cty's set order.
pub(crate) fn to_set(v: Value) -> Result<Vec<Value>, String> {
    match v {
        Value::Array(_) => {}
        other => {
            return Err(format!(
                "set of any single type required, but have {}",
                friendly_type(&other)
            ))
        }
    }
    let list = to_list(v).map_err(|e| e.replace("list of", "set of"))?;
    Ok(make_set(list))
}

/// Deduplicates and sorts values that already share one type, in cty's set
/// order: strings byte-wise, numbers numerically, `false` before `true`,
/// and other values by cty's set-hash text (`[` `]` lists, `<` `>` tuples
/// and objects, `{k:v;}` maps, `%q` strings, `%.10g` numbers, `T`/`F`,
/// `~` for null), compared byte-wise.
///
/// Sorted first, so equal values meet and duplicates go in one pass
/// (O(n log n): a set of a hundred thousand strings is not a quadratic
/// search).
pub(crate) fn make_set(list: Vec<Value>) -> Vec<Value> {
    let structural = list
        .iter()
        .any(|v| matches!(v, Value::Array(_) | Value::Object(_)));
    if structural {
        let tys: Vec<Type> = list.iter().map(type_of).collect();
        let ty = unify(&tys).unwrap_or(Type::Dynamic);
        let mut keyed: Vec<(String, Value)> = list
            .into_iter()
            .map(|v| {
                let mut k = String::new();
                set_hash_text(&v, &ty, &mut k);
                (k, v)
            })
            .collect();
        keyed.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
        // Equal values have equal texts; different values may share one
        // (numbers are written to ten digits), so a run of one text is
        // deduplicated by comparing the values.
        let mut out: Vec<Value> = Vec::with_capacity(keyed.len());
        let mut run_start = 0;
        let mut run_text = String::new();
        for (k, v) in keyed {
            if k != run_text {
                run_start = out.len();
                run_text = k;
            }
            if !out[run_start..].contains(&v) {
                out.push(v);
            }
        }
        return out;
    }
    let one_kind = list.windows(2).all(|w| {
        std::mem::discriminant(&w[0]) == std::mem::discriminant(&w[1])
            || w[0].is_null()
            || w[1].is_null()
    });
    if !one_kind {
        // Values of different types (not unified first): keep the first of
        // each, in cty's order where there is one.
        let mut out: Vec<Value> = Vec::with_capacity(list.len());
        for v in list {
            if !out.contains(&v) {
                out.push(v);
            }
        }
        out.sort_by(set_order);
        return out;
    }
    let mut out = list;
    out.sort_by(set_order);
    out.dedup();
    out
}

/// cty's `appendSetHashBytes`, on our values typed by `ty`.
fn set_hash_text(v: &Value, ty: &Type, out: &mut String) {
    match v {
        Value::Null => out.push('~'),
        Value::Bool(b) => out.push(if *b { 'T' } else { 'F' }),
        Value::Number(n) => {
            // Go's `%.10g`.
            let neg = n.as_f64().is_sign_negative();
            if neg {
                out.push('-');
            }
            if n.is_finite() {
                out.push_str(&super::gofmt::float_text('g', Some(10), n));
            } else {
                out.push_str(if neg { "Inf" } else { "+Inf" });
            }
        }
        Value::String(s) => go_quote(s, out),
        Value::Array(a) => {
            let list_elem = match ty {
                Type::List(e) => Some(&**e),
                _ => None,
            };
            out.push(if list_elem.is_some() { '[' } else { '<' });
            for (i, e) in a.iter().enumerate() {
                let ety = match ty {
                    Type::List(e) => (**e).clone(),
                    Type::Tuple(ts) => ts.get(i).cloned().unwrap_or(Type::Dynamic),
                    _ => Type::Dynamic,
                };
                set_hash_text(e, &ety, out);
                out.push(';');
            }
            out.push(if list_elem.is_some() { ']' } else { '>' });
        }
        Value::Object(o) => {
            let mut keys: Vec<&Key> = o.keys().collect();
            keys.sort();
            match ty {
                Type::Map(ety) => {
                    out.push('{');
                    for k in keys {
                        go_quote(k, out);
                        out.push(':');
                        set_hash_text(&o[k.as_str()], ety, out);
                        out.push(';');
                    }
                    out.push('}');
                }
                _ => {
                    out.push('<');
                    for k in keys {
                        let aty = match ty {
                            Type::Object(ts) => {
                                ts.get(k.as_str()).cloned().unwrap_or(Type::Dynamic)
                            }
                            _ => Type::Dynamic,
                        };
                        set_hash_text(&o[k.as_str()], &aty, out);
                        out.push(';');
                    }
                    out.push('>');
                }
            }
        }
    }
}

/// cty's order of primitive set elements: strings byte-wise, numbers
/// numerically, `false` before `true`; nulls last.
pub(crate) fn set_order(a: &Value, b: &Value) -> Ordering {
    match (a, b) {
        (Value::String(x), Value::String(y)) => x.cmp(y),
        (Value::Number(x), Value::Number(y)) => x.partial_cmp(y).unwrap_or(Ordering::Equal),
        (Value::Bool(x), Value::Bool(y)) => x.cmp(y),
        (Value::Null, Value::Null) => Ordering::Equal,
        (Value::Null, _) => Ordering::Greater,
        (_, Value::Null) => Ordering::Less,
        _ => Ordering::Equal,
    }
}

/// Go's `%q` of `s` (`strconv.Quote`), close enough for ordering and for
/// the messages that quote a value with it.
pub(crate) fn quoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    go_quote(s, &mut out);
    out
}

/// [`quoted`], appended to `out`.
pub(crate) fn go_quote(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{b}' => out.push_str("\\v"),
            c if c.is_control() || (c.is_whitespace() && c != ' ') => {
                let u = c as u32;
                if u < 0x80 {
                    out.push_str(&format!("\\x{u:02x}"));
                } else if u <= 0xffff {
                    out.push_str(&format!("\\u{u:04x}"));
                } else {
                    out.push_str(&format!("\\U{u:08x}"));
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
}
