//! Numeric functions.

use super::gomath::{go_log, go_pow};
use super::util::{self, float, friendly_type, num};
use super::Registry;
use crate::eval::{FuncDef, FuncError};
use crate::value::{Number, Type, Value};

fn number() -> Type {
    Type::Number
}

fn first_number(a: &[Value]) -> Number {
    a.first()
        .and_then(Value::as_number)
        .cloned()
        .unwrap_or_else(|| Number::from(0u8))
}

pub(crate) fn register(r: &mut Registry) {
    r.insert(
        "abs",
        FuncDef::builder()
            .returns(Type::Number)
            .param("num", number())
            .build(|a| Ok(Value::Number(first_number(&a).abs()))),
    );
    r.insert(
        "ceil",
        FuncDef::builder()
            .returns(Type::Number)
            .param("num", number())
            .build(|a| rounded(first_number(&a), true)),
    );
    r.insert(
        "floor",
        FuncDef::builder()
            .returns(Type::Number)
            .param("num", number())
            .build(|a| rounded(first_number(&a), false)),
    );
    r.insert(
        "log",
        FuncDef::builder()
            .returns(Type::Number)
            .param("num", number())
            .param("base", number())
            .build(|a| {
                let (x, b) = (float(&a[0])?, float(&a[1])?);
                num(go_log(x) / go_log(b))
            }),
    );
    r.insert(
        "max",
        FuncDef::builder()
            .returns(Type::Number)
            .variadic("numbers", number())
            .build(|a| extreme(a, true)),
    );
    r.insert(
        "min",
        FuncDef::builder()
            .returns(Type::Number)
            .variadic("numbers", number())
            .build(|a| extreme(a, false)),
    );
    r.insert(
        "parseint",
        FuncDef::builder()
            .returns(Type::Number)
            .param("number", Type::Dynamic)
            .typed_argument()
            .param("base", number())
            .build(|a| {
                let s = match &a[0] {
                    Value::String(s) => s.clone(),
                    other => {
                        return Err(FuncError::arg(
                            0,
                            format!(
                                "first argument must be a string, not {}",
                                friendly_type(other)
                            ),
                        ))
                    }
                };
                let base = util::arg_int(&a[1], 1)?;
                if !(2..=62).contains(&base) {
                    return Err(FuncError::arg(
                        1,
                        "base must be a whole number between 2 and 62 inclusive",
                    ));
                }
                parseint(&s, base as u32).ok_or_else(|| {
                    FuncError::arg(0, format!("cannot parse \"{s}\" as a base {base} integer"))
                })
            }),
    );
    r.insert(
        "pow",
        FuncDef::builder()
            .returns(Type::Number)
            .param("num", number())
            .param("power", number())
            .build(|a| num(go_pow(float(&a[0])?, float(&a[1])?))),
    );
    r.insert(
        "signum",
        FuncDef::builder().returns(Type::Number).param("num", number()).build(|a| {
            let n = first_number(&a);
            let f = n.as_f64();
            let whole = n.as_i64().is_some()
                || n.is_zero()
                || (n.is_f64()
                    && f.fract() == 0.0
                    && (-9.223372036854776e18..9.223372036854776e18).contains(&f));
            if !whole {
                return Err("value must be a whole number, between -9223372036854775808 and 9223372036854775807".into());
            }
            Ok(Value::from(if f > 0.0 {
                1i64
            } else if f < 0.0 {
                -1
            } else {
                0
            }))
        }),
    );
}

fn extreme(a: Vec<Value>, max: bool) -> Result<Value, FuncError> {
    let mut best: Option<Number> = None;
    for v in &a {
        let n = v.as_number().ok_or("a number is required")?.clone();
        best = Some(match best {
            None => n,
            Some(b) if (max && n > b) || (!max && n < b) => n,
            Some(b) => b,
        });
    }
    best.map(Value::Number)
        .ok_or_else(|| "must pass at least one number".into())
}

/// Go's `big.Int.SetString` digits: case-insensitive up to base 36, then
/// `a-z` = 10..35 and `A-Z` = 36..61.
fn parseint(s: &str, base: u32) -> Option<Value> {
    let (neg, digits) = match s.as_bytes().first()? {
        b'-' => (true, &s[1..]),
        b'+' => (false, &s[1..]),
        _ => (false, s),
    };
    if digits.is_empty() {
        return None;
    }
    // Terraform reads the digits into a big integer: the result is exact
    // (its precision the integer's own bit length, at least 64).
    let mut acc = num_bigint::BigUint::default();
    for c in digits.chars() {
        let d = match c {
            '0'..='9' => c as u32 - '0' as u32,
            'a'..='z' => c as u32 - 'a' as u32 + 10,
            'A'..='Z' if base <= 36 => c as u32 - 'A' as u32 + 10,
            'A'..='Z' => c as u32 - 'A' as u32 + 36,
            _ => return None,
        };
        if d >= base {
            return None;
        }
        acc = acc * base + d;
    }
    Some(Value::Number(Number::from_exact_int(neg, acc)))
}

/// `n` rounded to an integer, up (`ceil`) or down (`floor`), at its own
/// precision.
fn rounded(n: Number, up: bool) -> Result<Value, FuncError> {
    if n.is_integer() {
        return Ok(Value::Number(n));
    }
    match n.clone().round_to_integer(up) {
        Some(r) => Ok(Value::Number(r)),
        None if up => num(n.as_f64().ceil() + 0.0),
        None => num(n.as_f64().floor() + 0.0),
    }
}
