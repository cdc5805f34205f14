//! HCL numbers: exact integers where possible, `f64` otherwise.

use std::cmp::Ordering;
use std::fmt;

/// An HCL number.
///
/// Integers are kept exact (`u64` for non-negative, `i64` for negative);
/// everything else is an `f64`. Display prints integers without `.0` and
/// floats as the shortest string that round-trips.
///
/// ```
/// use hcl::Number;
/// assert_eq!(Number::from(3u64).to_string(), "3");
/// assert_eq!(Number::from_f64(2.5).unwrap().to_string(), "2.5");
/// assert_eq!(Number::from_f64(4.0).unwrap().to_string(), "4");
/// assert_eq!(Number::from(-7i64).as_i64(), Some(-7));
/// ```
#[derive(Clone, Copy)]
pub struct Number {
    n: N,
}

#[derive(Clone, Copy, Debug)]
enum N {
    PosInt(u64),
    /// Always less than zero.
    NegInt(i64),
    /// May be non-finite (HCL's `1/0` is +Inf).
    Float(f64),
}

impl Number {
    /// A number from an `f64`. Returns `None` for NaN (HCL has no NaN).
    /// Whole floats within the exact-integer range become integers.
    pub fn from_f64(f: f64) -> Option<Number> {
        if f.is_nan() {
            return None;
        }
        Some(Number::from_f64_unchecked(f))
    }

    fn from_f64_unchecked(f: f64) -> Number {
        // Normalise whole numbers to integers so that 4.0 == 4 and prints "4".
        // -0.0 stays a float (Terraform keeps "-0").
        if f.fract() == 0.0 && f.is_finite() && !(f == 0.0 && f.is_sign_negative()) {
            if (0.0..18446744073709551616.0).contains(&f) {
                return Number {
                    n: N::PosInt(f as u64),
                };
            }
            if (-9223372036854775808.0..0.0).contains(&f) {
                return Number {
                    n: N::NegInt(f as i64),
                };
            }
        }
        Number { n: N::Float(f) }
    }

    /// Whether the number is an integer held exactly.
    pub fn is_integer(&self) -> bool {
        !matches!(self.n, N::Float(_))
    }

    /// Whether the value is held as an `f64`.
    pub fn is_f64(&self) -> bool {
        matches!(self.n, N::Float(_))
    }

    /// The value as `i64`, if it is an integer that fits.
    pub fn as_i64(&self) -> Option<i64> {
        match self.n {
            N::PosInt(u) => i64::try_from(u).ok(),
            N::NegInt(i) => Some(i),
            N::Float(_) => None,
        }
    }

    /// The value as `u64`, if it is a non-negative integer that fits.
    pub fn as_u64(&self) -> Option<u64> {
        match self.n {
            N::PosInt(u) => Some(u),
            _ => None,
        }
    }

    /// The value as `f64` (integers may lose precision above 2^53).
    pub fn as_f64(&self) -> f64 {
        match self.n {
            N::PosInt(u) => u as f64,
            N::NegInt(i) => i as f64,
            N::Float(f) => f,
        }
    }

    /// Whether the number is finite.
    pub fn is_finite(&self) -> bool {
        match self.n {
            N::Float(f) => f.is_finite(),
            _ => true,
        }
    }

    /// Parses a string as Terraform converts a string to a number
    /// (`tonumber`, `"5" + 1`, a string given for a number field): an
    /// optional sign, then a decimal literal (`42`, `1.5`, `.5`, `5.`,
    /// `1e3`) or `inf`/`Inf`. No surrounding space, no hex, no `_`, no
    /// `NaN` (checked against Terraform 1.11).
    ///
    /// ```
    /// use hcl::Number;
    /// assert_eq!(Number::parse("+7").unwrap().as_u64(), Some(7));
    /// assert_eq!(Number::parse(".5").unwrap().as_f64(), 0.5);
    /// assert_eq!(Number::parse("-Inf").unwrap().as_f64(), f64::NEG_INFINITY);
    /// assert_eq!(Number::parse("-0").unwrap().to_plain_string(), "-0");
    /// assert_eq!(Number::parse("-9223372036854775808").unwrap().as_i64(), Some(i64::MIN));
    /// for bad in [" 1", "0x10", "1_000", "Infinity", "nan", ".", "1e", ""] {
    ///     assert!(Number::parse(bad).is_none(), "{bad}");
    /// }
    /// ```
    pub fn parse(s: &str) -> Option<Number> {
        let (neg, body) = match s.as_bytes().first()? {
            b'-' => (true, &s[1..]),
            b'+' => (false, &s[1..]),
            _ => (false, s),
        };
        let n = if body == "inf" || body == "Inf" {
            Number {
                n: N::Float(f64::INFINITY),
            }
        } else {
            if !is_decimal_literal(body.as_bytes()) {
                return None;
            }
            Number::parse_literal(body)?
        };
        Some(if neg { n.neg() } else { n })
    }

    /// Parses a numeric literal as HCL writes it (`12`, `1.5`, `1e3`, `007`).
    /// Integers that fit `u64` stay exact; others become `f64`.
    ///
    /// ```
    /// use hcl::Number;
    /// assert_eq!(Number::parse_literal("007").unwrap().as_u64(), Some(7));
    /// assert_eq!(Number::parse_literal("1e3").unwrap().as_u64(), Some(1000));
    /// assert!(Number::parse_literal("abc").is_none());
    /// ```
    pub fn parse_literal(s: &str) -> Option<Number> {
        let b = s.as_bytes();
        if b.is_empty() {
            return None;
        }
        if b.iter().all(u8::is_ascii_digit) {
            if let Ok(u) = s.parse::<u64>() {
                return Some(Number { n: N::PosInt(u) });
            }
        }
        let f: f64 = s.parse().ok()?;
        Number::from_f64(f)
    }
}

/// `digits ("." digits?)? | "." digits`, then an optional exponent.
fn is_decimal_literal(b: &[u8]) -> bool {
    let digits = |i: &mut usize| {
        let start = *i;
        while b.get(*i).is_some_and(u8::is_ascii_digit) {
            *i += 1;
        }
        *i > start
    };
    let mut i = 0;
    let mut seen = digits(&mut i);
    if b.get(i) == Some(&b'.') {
        i += 1;
        seen |= digits(&mut i);
    }
    if !seen {
        return false;
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if !digits(&mut i) {
            return false;
        }
    }
    i == b.len()
}

/// The value with 15 significant decimal digits, if that is within 2 ulps
/// of `x`; `None` otherwise.
fn fifteen_digits(x: f64) -> Option<(String, f64)> {
    if !x.is_finite() || x == 0.0 {
        return None;
    }
    let s = format!("{x:.14e}");
    let y: f64 = s.parse().ok()?;
    let ulp = f64::from_bits(x.abs().to_bits() + 1) - x.abs();
    ((x - y).abs() <= 2.0 * ulp).then_some((s, y))
}

/// Terraform computes with 512-bit floats, where decimal arithmetic such as
/// `0.1 + 0.2` gives (to within printing) `0.3`, equal to the literal `0.3`.
/// With `f64`, snapping a result that lies within 2 ulps of a
/// 15-significant-digit decimal to that decimal reproduces this; results
/// that are not near such a decimal (`1.1 - 1`, `1 / 3`) are kept, and
/// Terraform does not find those equal to a short decimal either.
fn snap(x: f64) -> f64 {
    fifteen_digits(x).map_or(x, |(_, y)| y)
}

impl Number {
    fn as_i128(&self) -> Option<i128> {
        match self.n {
            N::PosInt(u) => Some(u as i128),
            N::NegInt(i) => Some(i as i128),
            N::Float(_) => None,
        }
    }

    fn from_i128(v: i128) -> Option<Number> {
        if v >= 0 {
            u64::try_from(v).ok().map(|u| Number { n: N::PosInt(u) })
        } else {
            i64::try_from(v).ok().map(|i| Number { n: N::NegInt(i) })
        }
    }

    fn int_or_float(
        self,
        other: Number,
        int: impl Fn(i128, i128) -> Option<i128>,
        float: impl Fn(f64, f64) -> f64,
    ) -> Option<Number> {
        if let (Some(a), Some(b)) = (self.as_i128(), other.as_i128()) {
            if let Some(n) = int(a, b).and_then(Number::from_i128) {
                return Some(n);
            }
        }
        Number::from_f64(snap(float(self.as_f64(), other.as_f64())))
    }

    /// `self + other`, exact for integers that fit; `None` when the result is
    /// not a number (`+Inf + -Inf`). A float result within 2 ulps of a
    /// 15-significant-digit decimal becomes that decimal, which mimics
    /// Terraform's 512-bit arithmetic (`0.1 + 0.2 == 0.3` holds there).
    ///
    /// ```
    /// use hcl::Number;
    /// let max = Number::from(i64::MAX);
    /// assert_eq!(max.checked_add(Number::from(1)).unwrap().as_u64(), Some(1 << 63));
    /// let sum = Number::from(0.1).checked_add(Number::from(0.2)).unwrap();
    /// assert_eq!(sum, Number::from(0.3));
    /// ```
    pub fn checked_add(self, other: Number) -> Option<Number> {
        self.int_or_float(other, i128::checked_add, |a, b| a + b)
    }

    /// `self - other`; see [`Number::checked_add`].
    pub fn checked_sub(self, other: Number) -> Option<Number> {
        self.int_or_float(other, i128::checked_sub, |a, b| a - b)
    }

    /// `self * other`; see [`Number::checked_add`].
    pub fn checked_mul(self, other: Number) -> Option<Number> {
        self.int_or_float(other, i128::checked_mul, |a, b| a * b)
    }

    /// `self / other`: exact when both are integers and the division is
    /// exact; dividing a non-zero number by zero gives ±infinity (as
    /// Terraform does); `0 / 0` gives `None`.
    ///
    /// ```
    /// use hcl::Number;
    /// assert_eq!(Number::from(7).checked_div(Number::from(2)).unwrap().as_f64(), 3.5);
    /// assert!(Number::from(1).checked_div(Number::from(0)).unwrap().as_f64().is_infinite());
    /// assert!(Number::from(0).checked_div(Number::from(0)).is_none());
    /// ```
    pub fn checked_div(self, other: Number) -> Option<Number> {
        self.int_or_float(
            other,
            |a, b| {
                if b != 0 && a % b == 0 {
                    Some(a / b)
                } else {
                    None
                }
            },
            |a, b| a / b,
        )
    }

    /// `self % other` as Terraform computes it: truncated, with the sign of
    /// the dividend; `x % 0` is `x`.
    ///
    /// ```
    /// use hcl::Number;
    /// assert_eq!(Number::from(-7).checked_rem(Number::from(3)), Some(Number::from(-1)));
    /// assert_eq!(Number::from(5).checked_rem(Number::from(0)), Some(Number::from(5)));
    /// assert_eq!(Number::from(5.5).checked_rem(Number::from(2)), Some(Number::from(1.5)));
    /// ```
    pub fn checked_rem(self, other: Number) -> Option<Number> {
        if other.as_f64() == 0.0 {
            return Some(self);
        }
        self.int_or_float(other, i128::checked_rem, |a, b| a % b)
    }

    /// `-self`.
    ///
    /// ```
    /// use hcl::Number;
    /// assert_eq!(Number::from(3).neg(), Number::from(-3));
    /// assert_eq!(Number::from(0).neg().to_plain_string(), "-0");
    /// ```
    #[allow(clippy::should_implement_trait)]
    pub fn neg(self) -> Number {
        if matches!(self.n, N::PosInt(0)) {
            // Terraform keeps the sign of zero: `-0` prints as "-0".
            return Number { n: N::Float(-0.0) };
        }
        match self.as_i128().and_then(|i| Number::from_i128(-i)) {
            Some(n) => n,
            None => Number::from_f64_unchecked(-self.as_f64()),
        }
    }

    /// The number in plain decimal notation, never with an exponent, as
    /// Terraform converts numbers to strings (`1e-10` → `"0.0000000001"`).
    ///
    /// ```
    /// use hcl::Number;
    /// assert_eq!(Number::from(1e-10).to_plain_string(), "0.0000000001");
    /// assert_eq!(Number::from(2.5e25).to_plain_string(), "25000000000000000000000000");
    /// assert_eq!(Number::from(-1.5).to_plain_string(), "-1.5");
    /// // f64 artefacts of decimal arithmetic are hidden, as Terraform's
    /// // 512-bit arithmetic does not have them:
    /// assert_eq!(Number::from(0.1 + 0.2).to_plain_string(), "0.3");
    /// assert_eq!(Number::from(0.12345678901234566).to_plain_string(), "0.12345678901234566");
    /// ```
    pub fn to_plain_string(&self) -> String {
        let x = match self.n {
            N::Float(x) if x.is_finite() => x,
            _ => return self.to_string(),
        };
        // Decimal arithmetic like `0.1 + 0.2` prints as "0.3" in Terraform:
        // use the 15-significant-digit form when it is within 2 ulps of the
        // value, the shortest round-trip form otherwise.
        let fifteen = fifteen_digits(x);
        let mut buf = ryu::Buffer::new();
        let s: &str = match &fifteen {
            Some((s, _)) => s,
            None => buf.format_finite(x),
        };
        let Some(epos) = s.find('e') else {
            return s.strip_suffix(".0").unwrap_or(s).to_owned();
        };
        let (mant, exp) = (&s[..epos], &s[epos + 1..]);
        let exp: i64 = exp.parse().unwrap_or(0);
        let (neg, mant) = match mant.strip_prefix('-') {
            Some(m) => (true, m),
            None => (false, mant),
        };
        let (int_part, frac_part) = mant.split_once('.').unwrap_or((mant, ""));
        let digits: String = format!("{int_part}{frac_part}");
        // Position of the decimal point relative to the start of `digits`.
        let point = int_part.len() as i64 + exp;
        let mut out = String::new();
        if neg {
            out.push('-');
        }
        if point <= 0 {
            out.push_str("0.");
            for _ in 0..(-point) {
                out.push('0');
            }
            out.push_str(digits.trim_end_matches('0'));
        } else if point as usize >= digits.len() {
            out.push_str(&digits);
            for _ in 0..(point as usize - digits.len()) {
                out.push('0');
            }
        } else {
            let (a, b) = digits.split_at(point as usize);
            out.push_str(a);
            let b = b.trim_end_matches('0');
            if !b.is_empty() {
                out.push('.');
                out.push_str(b);
            }
        }
        out
    }
}

impl PartialEq for Number {
    fn eq(&self, other: &Number) -> bool {
        match (self.n, other.n) {
            (N::PosInt(a), N::PosInt(b)) => a == b,
            (N::NegInt(a), N::NegInt(b)) => a == b,
            (N::Float(a), N::Float(b)) => a == b,
            (N::PosInt(_), N::NegInt(_)) | (N::NegInt(_), N::PosInt(_)) => false,
            _ => self.as_f64() == other.as_f64(),
        }
    }
}

impl PartialOrd for Number {
    fn partial_cmp(&self, other: &Number) -> Option<Ordering> {
        match (self.n, other.n) {
            (N::PosInt(a), N::PosInt(b)) => Some(a.cmp(&b)),
            (N::NegInt(a), N::NegInt(b)) => Some(a.cmp(&b)),
            (N::PosInt(_), N::NegInt(_)) => Some(Ordering::Greater),
            (N::NegInt(_), N::PosInt(_)) => Some(Ordering::Less),
            _ => self.as_f64().partial_cmp(&other.as_f64()),
        }
    }
}

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.n {
            N::PosInt(u) => f.write_str(itoa::Buffer::new().format(u)),
            N::NegInt(i) => f.write_str(itoa::Buffer::new().format(i)),
            N::Float(x) => {
                if x.is_infinite() {
                    f.write_str(if x > 0.0 { "+Inf" } else { "-Inf" })
                } else {
                    f.write_str(ryu::Buffer::new().format_finite(x))
                }
            }
        }
    }
}

impl fmt::Debug for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Number({self})")
    }
}

macro_rules! from_unsigned {
    ($($t:ty)*) => {$(
        impl From<$t> for Number {
            fn from(u: $t) -> Number { Number { n: N::PosInt(u as u64) } }
        }
    )*};
}
macro_rules! from_signed {
    ($($t:ty)*) => {$(
        impl From<$t> for Number {
            fn from(i: $t) -> Number {
                if i < 0 { Number { n: N::NegInt(i as i64) } } else { Number { n: N::PosInt(i as u64) } }
            }
        }
    )*};
}
from_unsigned!(u8 u16 u32 u64 usize);
from_signed!(i8 i16 i32 i64 isize);

impl From<f32> for Number {
    /// NaN becomes 0 (HCL has no NaN); use [`Number::from_f64`] to detect it.
    fn from(f: f32) -> Number {
        Number::from_f64(f as f64).unwrap_or(Number { n: N::PosInt(0) })
    }
}

impl From<f64> for Number {
    /// NaN becomes 0 (HCL has no NaN); use [`Number::from_f64`] to detect it.
    fn from(f: f64) -> Number {
        Number::from_f64(f).unwrap_or(Number { n: N::PosInt(0) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_floats_become_integers() {
        assert!(Number::from(4.0f64).is_integer());
        assert!(Number::from(-4.0f64).is_integer());
        assert!(!Number::from(-0.0f64).is_integer());
        assert_eq!(Number::from(4.0f64), Number::from(4u8));
    }

    #[test]
    fn display() {
        assert_eq!(Number::from(-12i32).to_string(), "-12");
        assert_eq!(Number::from(0.1f64).to_string(), "0.1");
        assert_eq!(Number::from(f64::INFINITY).to_string(), "+Inf");
        assert_eq!(Number::from(u64::MAX).to_string(), "18446744073709551615");
    }

    #[test]
    fn ordering_across_representations() {
        assert!(Number::from(-1i8) < Number::from(0u8));
        assert!(Number::from(1.5f64) < Number::from(2u8));
        assert!(Number::from(u64::MAX) > Number::from(1e3f64));
    }
}
