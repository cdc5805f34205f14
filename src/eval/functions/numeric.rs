//! Numeric functions.

use super::util::{self, float, friendly_type, num};
use super::Registry;
use crate::eval::{FuncDef, ParamType};
use crate::value::{Number, Value};

fn number() -> ParamType {
    ParamType::Number
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
            .param("num", number())
            .build(|a| Ok(Value::Number(first_number(&a).abs()))),
    );
    r.insert(
        "ceil",
        FuncDef::builder().param("num", number()).build(|a| {
            let n = first_number(&a);
            if n.is_integer() {
                return Ok(Value::Number(n));
            }
            match n.clone().round_to_integer(true) {
                Some(r) => Ok(Value::Number(r)),
                None => num(n.as_f64().ceil() + 0.0),
            }
        }),
    );
    r.insert(
        "floor",
        FuncDef::builder().param("num", number()).build(|a| {
            let n = first_number(&a);
            if n.is_integer() {
                return Ok(Value::Number(n));
            }
            match n.clone().round_to_integer(false) {
                Some(r) => Ok(Value::Number(r)),
                None => num(n.as_f64().floor() + 0.0),
            }
        }),
    );
    r.insert(
        "log",
        FuncDef::builder()
            .param("num", number())
            .param("base", number())
            .build(|a| {
                let (x, b) = (float(&a[0]), float(&a[1]));
                let r = x.ln() / b.ln();
                if r.is_nan() {
                    return Err("the result is not a number (NaN)".into());
                }
                num(r)
            }),
    );
    r.insert(
        "max",
        FuncDef::builder()
            .variadic("numbers", number())
            .build(|a| extreme(a, true)),
    );
    r.insert(
        "min",
        FuncDef::builder()
            .variadic("numbers", number())
            .build(|a| extreme(a, false)),
    );
    r.insert(
        "parseint",
        FuncDef::builder()
            .param("number", ParamType::Any)
            .param("base", number())
            .build(|a| {
                let s = match &a[0] {
                    Value::String(s) => s.clone(),
                    other => {
                        return Err(format!(
                            "invalid value for \"number\" parameter: first argument must be a string, not {}",
                            friendly_type(other)
                        ))
                    }
                };
                let base = util::int(&a[1], "invalid value for \"base\" parameter")?;
                if !(2..=62).contains(&base) {
                    return Err("invalid value for \"base\" parameter: base must be a whole number between 2 and 62 inclusive".into());
                }
                parseint(&s, base as u32).ok_or_else(|| {
                    format!("invalid value for \"number\" parameter: cannot parse \"{s}\" as a base {base} integer")
                })
            }),
    );
    r.insert(
        "pow",
        FuncDef::builder()
            .param("num", number())
            .param("power", number())
            .build(|a| {
                let r = go_pow(float(&a[0]), float(&a[1]));
                if r.is_nan() {
                    return Err("the result is not a number (NaN)".into());
                }
                num(r)
            }),
    );
    r.insert(
        "signum",
        FuncDef::builder().param("num", number()).build(|a| {
            let n = first_number(&a);
            let f = n.as_f64();
            let whole = n.as_i64().is_some()
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

fn extreme(a: Vec<Value>, max: bool) -> Result<Value, String> {
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
        .ok_or_else(|| "must pass at least one number".to_owned())
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

/// `x` to the power `y` as Terraform computes it (Go's `math.Pow`), which
/// is not always the correctly rounded result `f64::powf` gives: an integer
/// power is built by squaring the mantissa (in [0.5, 1)) and adding up
/// binary exponents, a fraction of a power as `exp(f × ln x)`. So
/// `pow(10, 300)` is 1.0000000000000006e300 and `pow(1.7, 13)`
/// 990.45780329059312, as in Terraform 1.11.4.
fn go_pow(x: f64, y: f64) -> f64 {
    let odd_int =
        |v: f64| v.fract() == 0.0 && v.abs() < 9.007_199_254_740_992e15 && (v as i64) & 1 == 1;
    // Where the result runs off to 0 or infinity.
    let limit = |x: f64, y_positive: bool| {
        if x == -1.0 {
            1.0
        } else if (x.abs() < 1.0) == y_positive {
            0.0
        } else {
            f64::INFINITY
        }
    };
    if y == 0.0 || x == 1.0 {
        return 1.0;
    }
    if x.is_nan() || y.is_nan() {
        return f64::NAN;
    }
    if x == 0.0 {
        return match (y < 0.0, odd_int(y)) {
            (true, true) => f64::INFINITY.copysign(x),
            (true, false) => f64::INFINITY,
            (false, true) => x,
            (false, false) => 0.0,
        };
    }
    if y.is_infinite() {
        return limit(x, y > 0.0);
    }
    if x.is_infinite() {
        if x < 0.0 {
            return go_pow(1.0 / x, -y);
        }
        return if y < 0.0 { 0.0 } else { f64::INFINITY };
    }
    if y == 0.5 {
        return x.sqrt();
    }
    if y == -0.5 {
        return 1.0 / x.sqrt();
    }
    let (mut whole, mut part) = (y.abs().trunc(), y.abs().fract());
    if part != 0.0 && x < 0.0 {
        return f64::NAN;
    }
    if whole >= 2f64.powi(63) {
        return limit(x, y > 0.0);
    }
    // The result is `acc × 2^exp`.
    let (mut acc, mut exp) = (1.0f64, 0i64);
    if part != 0.0 {
        if part > 0.5 {
            part -= 1.0;
            whole += 1.0;
        }
        acc = (part * x.ln()).exp();
    }
    let (mut m, mut e) = frexp(x);
    let mut bits = whole as i64;
    while bits != 0 {
        if !(-(1 << 12)..=(1 << 12)).contains(&e) {
            // Certain to overflow or underflow: ldexp makes it so.
            exp += e;
            break;
        }
        if bits & 1 == 1 {
            acc *= m;
            exp += e;
        }
        m *= m;
        e <<= 1;
        if m < 0.5 {
            m += m;
            e -= 1;
        }
        bits >>= 1;
    }
    if y < 0.0 {
        acc = 1.0 / acc;
        exp = -exp;
    }
    ldexp(acc, exp)
}

/// `x` as `m × 2^e` with `|m|` in [0.5, 1); zero, infinities and NaN as
/// they are, with `e` 0.
fn frexp(x: f64) -> (f64, i64) {
    if x == 0.0 || !x.is_finite() {
        return (x, 0);
    }
    let (x, adjust) = if x.is_subnormal() {
        (x * 2f64.powi(52), -52)
    } else {
        (x, 0)
    };
    let bits = x.to_bits();
    let e = ((bits >> 52) & 0x7ff) as i64 - 1022 + adjust;
    let m = f64::from_bits((bits & !(0x7ff << 52)) | (1022 << 52));
    (m, e)
}

/// `frac × 2^exp`, rounded once: beyond the largest `f64` it is infinite,
/// below the smallest subnormal zero.
fn ldexp(frac: f64, exp: i64) -> f64 {
    if frac == 0.0 || !frac.is_finite() {
        return frac;
    }
    let (m, e) = frexp(frac);
    // frac × 2^exp = (2m) × 2^e, 2m in [1, 2).
    let e = exp.saturating_add(e - 1);
    if e < -1075 {
        return 0.0f64.copysign(frac);
    }
    if e > 1023 {
        return f64::INFINITY.copysign(frac);
    }
    let (e, scale) = if e < -1022 {
        (e + 53, 2f64.powi(-53))
    } else {
        (e, 1.0)
    };
    let bits = ((2.0 * m).to_bits() & !(0x7ff << 52)) | (((e + 1023) as u64) << 52);
    scale * f64::from_bits(bits)
}
