//! Shared helpers: Terraform's number formatting, a small model of cty's
//! types (to unify and convert values as `tolist`, `toset`, `tomap` and the
//! collection functions do), set ordering and argument helpers.

use std::cmp::Ordering;

use crate::value::{Key, Map, Number, Value};

/// Puts every string in `v` (keys included) into Unicode normal form C,
/// allocating only for strings that are not already in it.
pub(crate) fn nfc_value(v: Value) -> Value {
    use crate::parser::template::is_nfc;
    fn nfc(s: String) -> String {
        crate::parser::template::nfc(std::borrow::Cow::Owned(s)).into_owned()
    }
    fn needs(v: &Value) -> bool {
        let bad = |s: &str| !is_nfc(s);
        match v {
            Value::String(s) => bad(s),
            Value::Array(a) => a.iter().any(needs),
            Value::Object(o) => o.iter().any(|(k, v)| bad(k) || needs(v)),
            _ => false,
        }
    }
    fn go(v: Value) -> Value {
        match v {
            Value::String(s) => Value::String(nfc(s.into_string()).into()),
            Value::Array(a) => Value::Array(a.into_iter().map(go).collect()),
            Value::Object(o) => Value::Object(
                o.into_iter()
                    .map(|(k, v)| (nfc(k.into_string()), go(v)))
                    .collect(),
            ),
            other => other,
        }
    }
    if needs(&v) {
        go(v)
    } else {
        v
    }
}

/// Formats a number as Terraform prints it inside strings: plain decimal,
/// never with an exponent (`1e20` → `100000000000000000000`), integers exact,
/// other values with the shortest digits that round-trip as `f64`.
pub(crate) fn fmt_number(n: &Number) -> String {
    n.to_plain_string()
}

/// A number from an `f64`, as a value. NaN is an error, in the words of
/// the Go panic Terraform reports (cty's numbers cannot hold it).
pub(crate) fn num(f: f64) -> Result<Value, String> {
    Number::from_f64(f)
        .map(Value::Number)
        .ok_or_else(|| "panic in function implementation: Float.SetFloat64(NaN)".to_owned())
}

/// Terraform's name for the type of a value, for messages.
pub(crate) fn friendly_type(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "bool",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "tuple",
        Value::Object(_) => "object",
    }
}

pub(crate) use crate::Type as Ty;

pub(crate) use crate::value::ty::literal_type as type_of;

/// The one type all of `tys` convert to ([`Ty::unify`]); nothing to unify
/// is the dynamic pseudo-type.
pub(crate) fn unify(tys: &[Ty]) -> Option<Ty> {
    if tys.is_empty() {
        return Some(Ty::Dynamic);
    }
    Ty::unify(tys)
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

/// Converts a wholly known value to a type as cty's (unsafe) conversion
/// does ([`typing::convert`](crate::eval::typing::convert)'s walk).
pub(crate) fn convert(v: Value, ty: &Ty) -> Result<Value, ConvertError> {
    crate::eval::typing::convert_value(v, None, ty).map(|(v, _)| v)
}

/// Converts a tuple to a list of one element type (`tolist` semantics).
pub(crate) fn to_list(v: Value) -> Result<Vec<Value>, String> {
    match v {
        Value::Array(a) => {
            let tys: Vec<Ty> = a.iter().map(type_of).collect();
            let ty = unify(&tys).ok_or("cannot convert tuple to list of any single type")?;
            if ty == Ty::Dynamic && tys.iter().any(|t| *t != Ty::Dynamic) {
                return Err("cannot convert tuple to list of any single type".into());
            }
            a.into_iter().map(|v| Ok(convert(v, &ty)?)).collect()
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
            let tys: Vec<Ty> = o.values().map(type_of).collect();
            // (Unlike lists, cty accepts a map whose element type stays
            // unknown, e.g. objects mixed with null.)
            let ty = unify(&tys).ok_or("cannot convert object to map of any single type")?;
            let mut out: Map<Key, Value> = o
                .into_iter()
                .map(|(k, v)| convert(v, &ty).map(|v| (k, v)))
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
        let tys: Vec<Ty> = list.iter().map(type_of).collect();
        let ty = unify(&tys).unwrap_or(Ty::Dynamic);
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
fn set_hash_text(v: &Value, ty: &Ty, out: &mut String) {
    match v {
        Value::Null => out.push('~'),
        Value::Bool(b) => out.push(if *b { 'T' } else { 'F' }),
        Value::Number(n) => {
            let s = super::string::format(
                "%.10g",
                &[Value::Number(n.clone())],
                &crate::eval::limits::Budget::new(crate::eval::Limits::default()),
            )
            .unwrap_or_default();
            out.push_str(&s);
        }
        Value::String(s) => go_quote(s, out),
        Value::Array(a) => {
            let list_elem = match ty {
                Ty::List(e) => Some(&**e),
                _ => None,
            };
            out.push(if list_elem.is_some() { '[' } else { '<' });
            for (i, e) in a.iter().enumerate() {
                let ety = match ty {
                    Ty::List(e) => (**e).clone(),
                    Ty::Tuple(ts) => ts.get(i).cloned().unwrap_or(Ty::Dynamic),
                    _ => Ty::Dynamic,
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
                Ty::Map(ety) => {
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
                            Ty::Object(ts) => ts.get(k.as_str()).cloned().unwrap_or(Ty::Dynamic),
                            _ => Ty::Dynamic,
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

/// Takes the elements of a list/set/tuple argument.
pub(crate) fn array(v: Value, what: &str) -> Result<Vec<Value>, String> {
    match v {
        Value::Array(a) => Ok(a),
        other => Err(format!(
            "{what} required, but have {}",
            friendly_type(&other)
        )),
    }
}

/// Takes the entries of a map/object argument.
pub(crate) fn object(v: Value, what: &str) -> Result<Map<Key, Value>, String> {
    match v {
        Value::Object(o) => Ok(o),
        other => Err(format!(
            "{what} required, but have {}",
            friendly_type(&other)
        )),
    }
}

/// The string inside an argument declared as `ParamType::String`.
pub(crate) fn string(v: Value) -> String {
    match v {
        Value::String(s) => s.into_string(),
        Value::Number(n) => fmt_number(&n),
        Value::Bool(b) => b.to_string(),
        _ => String::new(),
    }
}

/// An argument declared as `ParamType::Number`, as `f64`, as cty's
/// `gocty` converts it (`log`, `pow`): rounded, but a finite number beyond
/// `f64`'s range (`1e400`) is refused rather than made infinite.
pub(crate) fn float(v: &Value) -> Result<f64, String> {
    let f = v.as_f64().unwrap_or(0.0);
    if f.is_infinite() && v.as_number().is_some_and(Number::is_finite) {
        return Err(format!(
            "value must be between {:.6} and {:.6} inclusive",
            -f64::MAX,
            f64::MAX
        ));
    }
    Ok(f)
}

/// A whole number that fits `i64`, or the error Terraform gives, after
/// `what` and a colon (nothing when `what` is empty, as most functions
/// give it).
pub(crate) fn int(v: &Value, what: &str) -> Result<i64, String> {
    let n = v
        .as_number()
        .ok_or_else(|| format!("{what}: a number is required"))?;
    if let Some(i) = n.as_i64() {
        return Ok(i);
    }
    let f = n.as_f64();
    if f.fract() == 0.0 && (-9.223372036854776e18..9.223372036854776e18).contains(&f) {
        return Ok(f as i64);
    }
    const MSG: &str =
        "value must be a whole number, between -9223372036854775808 and 9223372036854775807";
    if what.is_empty() {
        return Err(MSG.into());
    }
    Err(format!("{what}: {MSG}"))
}

/// Returns an object with its keys in Terraform's (lexicographic) order.
pub(crate) fn sorted_object(mut o: Map<Key, Value>) -> Value {
    o.sort_keys();
    Value::Object(o)
}

/// The days of `month` (1 to 12) in the Gregorian `year`.
#[cfg(any(feature = "datetime", feature = "yaml"))]
pub(crate) fn days_in_month(month: u32, year: u32) -> u32 {
    match month {
        2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_numbers() {
        let f = |x: f64| fmt_number(&Number::from(x));
        assert_eq!(f(1e20), "100000000000000000000");
        assert_eq!(f(1e-10), "0.0000000001");
        assert_eq!(f(1.5), "1.5");
        assert_eq!(f(-0.25), "-0.25");
        // 2^64 as a float64, as Terraform 1.11 prints `jsonencode(pow(2, 64))`.
        assert_eq!(f(18446744073709551616.0), "18446744073709550000");
        assert_eq!(f(123.456), "123.456");
        assert_eq!(f(0.1), "0.1");
        assert_eq!(f(-0.0), "-0");
        assert_eq!(fmt_number(&Number::from(u64::MAX)), "18446744073709551615");
    }

    #[test]
    fn unification() {
        let v = Value::from(vec![Value::from(1), Value::from("a")]);
        assert_eq!(
            to_list(v).unwrap(),
            vec![Value::from("1"), Value::from("a")]
        );
        let v = Value::from(vec![Value::from(1), Value::from(true)]);
        assert!(to_list(v).is_err());
    }
}
