//! Shared helpers: Terraform's number formatting, a small model of cty's
//! types (to unify and convert values as `tolist`, `toset`, `tomap` and the
//! collection functions do), set ordering and argument helpers.

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
pub(crate) fn num(f: f64) -> Result<Value, crate::eval::FuncError> {
    Number::from_f64_bits(f)
        .map(Value::Number)
        .ok_or_else(|| "panic in function implementation: Float.SetFloat64(NaN)".into())
}

pub(crate) use crate::value::convert::{
    convert_known, friendly_type, make_set, quoted, to_list, to_map, to_set, unify, ConvertError,
};
pub(crate) use crate::value::Type as Ty;

pub(crate) use crate::value::ty::literal_type as type_of;

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

/// The string inside an argument declared as `Type::String`.
pub(crate) fn string(v: Value) -> String {
    match v {
        Value::String(s) => s.into_string(),
        Value::Number(n) => fmt_number(&n),
        Value::Bool(b) => b.to_string(),
        _ => String::new(),
    }
}

/// An argument declared as `Type::Number`, as `f64`, as cty's
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
    let n = v.as_number().ok_or_else(|| match what {
        "" => "a number is required".to_owned(),
        _ => format!("{what}: a number is required"),
    })?;
    // (A whole number within i64's range is held as an integer, but for
    // `-0`: any other is a fraction or out of range, however near its f64
    // is.)
    if let Some(i) = n.as_i64() {
        return Ok(i);
    }
    // (`-0` is zero.)
    if n.is_zero() {
        return Ok(0);
    }
    const MSG: &str =
        "value must be a whole number, between -9223372036854775808 and 9223372036854775807";
    if what.is_empty() {
        return Err(MSG.into());
    }
    Err(format!("{what}: {MSG}"))
}

/// Argument `index`, `v`, as a whole number that fits `i64` ([`int`]), or
/// its refusal.
pub(crate) fn arg_int(v: &Value, index: usize) -> Result<i64, crate::eval::FuncError> {
    int(v, "").map_err(|m| crate::eval::FuncError::arg(index, m))
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
        // (53-bit numbers, as `pow` and the other `f64` functions give.)
        let f = |x: f64| fmt_number(&Number::from_f64_bits(x).unwrap());
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
