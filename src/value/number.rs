//! HCL numbers as Terraform has them: binary floating point with a
//! precision per value (see [`super::exact`]), kept as exact `u64`/`i64`
//! integers, an `f64`, or a 512-bit [`Big`] value.

use std::cmp::Ordering;
use std::fmt;

use super::exact::{parse_decimal, Big, Exact, F64_PREC, INT_PREC, LITERAL_PREC};

/// How many decimal digits [`Number::rounded_digits`] keeps.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Digits {
    /// This many significant digits.
    Significant(usize),
    /// This many digits after the decimal point.
    AfterPoint(usize),
}

/// An HCL number.
///
/// Numbers follow Terraform (cty): a number literal or a string converted
/// to a number is a 512-bit binary float; arithmetic rounds half to even
/// at the larger precision of its operands; numbers print as the shortest
/// decimal that reads back to the same value. So `1 / 3` prints 155
/// digits and `0.1 + 0.2 == 0.3` holds, as in Terraform. Integers are kept
/// exact (`u64`/`i64`) and cost nothing more. A number made from a Rust
/// `f64` is the decimal it prints as, read as a literal
/// ([`Number::from_f64`]: `0.1` is a file's `0.1`), so what is written
/// reads back the same; the results of Terraform's `f64` functions (`pow`,
/// `log`) are 53-bit numbers, as in Terraform, and one made from a Rust
/// integer is a 64-bit one, as the integers Terraform's functions return
/// (`length(x) / 3` is rounded to 64 bits); [`Number::parse`] reads
/// 512-bit numbers.
///
/// ```
/// use hcl::Number;
/// assert_eq!(Number::from(3u64).to_string(), "3");
/// assert_eq!(Number::from_f64(2.5).unwrap().to_string(), "2.5");
/// assert_eq!(Number::from_f64(4.0).unwrap().to_string(), "4");
/// assert_eq!(Number::from(-7i64).as_i64(), Some(-7));
/// let third = Number::parse("1").unwrap().checked_div(Number::parse("3").unwrap()).unwrap();
/// assert_eq!(third.to_string().len(), 157);
/// ```
#[derive(Clone)]
pub struct Number {
    n: N,
}

/// The representations. The `u16`s are precisions in bits. A 512-bit
/// number is boxed, so that numbers (and values) stay small.
#[derive(Clone, Debug)]
enum N {
    PosInt(u64, u16),
    /// Always less than zero.
    NegInt(i64, u16),
    /// 53 bits; may be non-finite (HCL's `1/0` is +Inf) or `-0`.
    Float(f64),
    /// `-0` of a precision above 53 bits (`-0` written in a file, a
    /// product `0 * -1` of 512-bit numbers); a 53-bit one is a `Float`.
    NegZero(u16),
    /// Finite, and not an integer that fits `u64`/`i64`.
    Big(Box<Big>),
}

/// A number as a syntax tree keeps it: `Copy`, with a 512-bit number in
/// the tree's arena ([`crate::syntax::NumberLit`]).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Lit<'a> {
    PosInt(u64, u16),
    NegInt(i64, u16),
    Float(f64),
    NegZero(u16),
    Big(&'a Big),
}

impl Number {
    /// The literal form of this number, a 512-bit one copied by `keep`
    /// (into the syntax tree's arena).
    pub(crate) fn to_lit<'a>(&self, keep: impl FnOnce(Big) -> &'a Big) -> Lit<'a> {
        match self.n {
            N::PosInt(u, p) => Lit::PosInt(u, p),
            N::NegInt(i, p) => Lit::NegInt(i, p),
            N::Float(f) => Lit::Float(f),
            N::NegZero(p) => Lit::NegZero(p),
            N::Big(ref b) => Lit::Big(keep(**b)),
        }
    }

    /// The number of a literal form.
    pub(crate) fn from_lit(l: Lit<'_>) -> Number {
        Number {
            n: match l {
                Lit::PosInt(u, p) => N::PosInt(u, p),
                Lit::NegInt(i, p) => N::NegInt(i, p),
                Lit::Float(f) => N::Float(f),
                Lit::NegZero(p) => N::NegZero(p),
                Lit::Big(b) => N::Big(Box::new(*b)),
            },
        }
    }

    /// The literal form of an integer literal that fits 64 bits.
    pub(crate) fn literal_int_lit(u: u64) -> Lit<'static> {
        Lit::PosInt(u, LITERAL_PREC)
    }
}

impl Number {
    /// The number an `f64` written in Rust stands for: the decimal it
    /// prints as (the shortest that reads back to it, as `{}` and `ryu`
    /// print it), read as Terraform reads that literal, so that
    /// `Number::from_f64(0.1)` is the `0.1` of a file and what
    /// [`to_string`](crate::to_string) writes of it reads back equal. The
    /// nearest `f64` is the `f64` given ([`Number::as_f64`]). Whole
    /// numbers are integers; `None` for NaN (HCL has no NaN); infinities
    /// are kept.
    ///
    /// ```
    /// use hcl::Number;
    /// assert_eq!(Number::from_f64(2.5).unwrap().as_f64(), 2.5);
    /// assert_eq!(Number::from_f64(4.0).unwrap().as_u64(), Some(4));
    /// assert_eq!(Number::from_f64(0.1).unwrap(), Number::parse("0.1").unwrap());
    /// assert_eq!(Number::from_f64(1.73e-322).unwrap(), Number::parse("1.73e-322").unwrap());
    /// assert_eq!(Number::from_f64(1.73e-322).unwrap().as_f64(), 1.73e-322);
    /// assert!(Number::from_f64(f64::NAN).is_none());
    /// ```
    pub fn from_f64(f: f64) -> Option<Number> {
        if f.is_nan() {
            return None;
        }
        Some(Number::of_decimal(f, ryu::Buffer::new().format_finite(f)))
    }

    /// [`Number::from_f64`] of `f`, whose shortest text is `text` (an `f64`'s
    /// or an `f32`'s).
    fn of_decimal(f: f64, text: &str) -> Number {
        let whole = Number::float(f);
        if !f.is_finite() || matches!(whole.n, N::PosInt(..) | N::NegInt(..)) || f == 0.0 {
            return whole;
        }
        Number::parse(text).unwrap_or(whole)
    }

    /// A number that is the `f64` `f` itself, a 53-bit number, as the
    /// results of Terraform's `f64` functions (`pow`, `log`) are; NaN
    /// becomes `None`.
    pub(crate) fn from_f64_bits(f: f64) -> Option<Number> {
        if f.is_nan() {
            return None;
        }
        Some(Number::float(f))
    }

    fn float(f: f64) -> Number {
        // Normalise whole numbers to integers so that 4.0 == 4 and prints "4".
        // -0.0 stays a float (Terraform keeps "-0").
        if f.fract() == 0.0 && f.is_finite() && !(f == 0.0 && f.is_sign_negative()) {
            if (0.0..18446744073709551616.0).contains(&f) {
                return Number {
                    n: N::PosInt(f as u64, F64_PREC),
                };
            }
            if (-9223372036854775808.0..0.0).contains(&f) {
                return Number {
                    n: N::NegInt(f as i64, F64_PREC),
                };
            }
        }
        Number { n: N::Float(f) }
    }

    /// Whether the number is a whole number.
    ///
    /// ```
    /// use hcl::Number;
    /// assert!(Number::from(4.0).is_integer());
    /// assert!(Number::parse("1e3").unwrap().is_integer());
    /// assert!(!Number::from(1.5).is_integer());
    /// ```
    pub fn is_integer(&self) -> bool {
        match self.n {
            N::PosInt(..) | N::NegInt(..) => true,
            N::Float(f) => f.is_finite() && f.fract() == 0.0 && f != 0.0,
            N::NegZero(_) => false,
            N::Big(ref b) => b.is_integer(),
        }
    }

    /// Whether the value is held as an `f64`: a 53-bit number (the result
    /// of an `f64` function such as `pow`), or an infinity.
    ///
    /// ```
    /// use hcl::Number;
    /// let root = hcl::eval::evaluate_str("pow(2, 0.5)", &hcl::eval::Context::new()).unwrap();
    /// assert!(root.as_number().unwrap().is_f64());
    /// assert!(Number::from(1).checked_div(Number::from(0)).unwrap().is_f64());
    /// assert!(!Number::parse("0.5").unwrap().is_f64());
    /// assert!(!Number::from(0.5).is_f64());
    /// assert!(!Number::from(1).is_f64());
    /// ```
    pub fn is_f64(&self) -> bool {
        matches!(self.n, N::Float(_))
    }

    /// The value as `i64`, if it is an integer that fits.
    ///
    /// ```
    /// use hcl::Number;
    /// assert_eq!(Number::from(-5).as_i64(), Some(-5));
    /// assert_eq!(Number::from(u64::MAX).as_i64(), None);
    /// assert_eq!(Number::from(2.5).as_i64(), None);
    /// ```
    pub fn as_i64(&self) -> Option<i64> {
        match self.n {
            N::PosInt(u, _) => i64::try_from(u).ok(),
            N::NegInt(i, _) => Some(i),
            N::Float(_) | N::NegZero(_) | N::Big(_) => None,
        }
    }

    /// The value as `u64`, if it is a non-negative integer that fits.
    ///
    /// ```
    /// use hcl::Number;
    /// assert_eq!(Number::from(u64::MAX).as_u64(), Some(u64::MAX));
    /// assert_eq!(Number::from(-1).as_u64(), None);
    /// assert_eq!(Number::from(0.5).as_u64(), None);
    /// ```
    pub fn as_u64(&self) -> Option<u64> {
        match self.n {
            N::PosInt(u, _) => Some(u),
            _ => None,
        }
    }

    /// The value as `f64`: the nearest one (integers may lose precision
    /// above 2^53, and values beyond its range become infinite).
    ///
    /// ```
    /// use hcl::Number;
    /// assert_eq!(Number::parse("0.1").unwrap().as_f64(), 0.1);
    /// assert_eq!(Number::from(-3).as_f64(), -3.0);
    /// assert_eq!(Number::parse("1e400").unwrap().as_f64(), f64::INFINITY);
    /// ```
    pub fn as_f64(&self) -> f64 {
        match self.n {
            N::PosInt(u, _) => u as f64,
            N::NegInt(i, _) => i as f64,
            N::Float(f) => f,
            N::NegZero(_) => -0.0,
            N::Big(ref b) => b.exact().to_f64(),
        }
    }

    /// Whether the number is finite.
    ///
    /// ```
    /// use hcl::Number;
    /// assert!(Number::from(1).is_finite());
    /// let inf = Number::from(1).checked_div(Number::from(0)).unwrap();
    /// assert!(!inf.is_finite());
    /// ```
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

    /// Parses a numeric literal as HCL writes it (`12`, `1.5`, `1e3`,
    /// `007`): integers that fit `u64` stay exact; anything else becomes
    /// the nearest 512-bit binary float, as Terraform reads literals.
    /// `None` when `s` is not a literal, has more than 10,000 digits or
    /// an exponent beyond ±100,000 (whose exact values would be huge).
    ///
    /// ```
    /// use hcl::Number;
    /// assert_eq!(Number::parse_literal("007").unwrap().as_u64(), Some(7));
    /// assert_eq!(Number::parse_literal("1e3").unwrap().as_u64(), Some(1000));
    /// assert_eq!(Number::parse_literal("1e-400").unwrap().to_string(), format!("0.{}1", "0".repeat(399)));
    /// assert!(Number::parse_literal("abc").is_none());
    /// ```
    pub fn parse_literal(s: &str) -> Option<Number> {
        let b = s.as_bytes();
        if b.is_empty() {
            return None;
        }
        if b.iter().all(u8::is_ascii_digit) {
            if let Ok(u) = s.parse::<u64>() {
                return Some(Number {
                    n: N::PosInt(u, LITERAL_PREC),
                });
            }
        }
        if !is_decimal_literal(b) {
            return None;
        }
        Some(Number::from_exact(
            parse_decimal(s, LITERAL_PREC)?,
            LITERAL_PREC,
        ))
    }

    /// A private text form that keeps every bit of a number `f64`,
    /// `i64` and `u64` cannot hold, for the deserializer to hand it to
    /// [`Value`](crate::Value) exactly; `None` for the others.
    pub(crate) fn exact_text(&self) -> Option<String> {
        match self.n {
            N::Big(ref b) => Some(b.to_text()),
            _ => None,
        }
    }

    /// The number [`Number::exact_text`] wrote (any text gives a valid
    /// number or `None`).
    pub(crate) fn from_exact_text(s: &str) -> Option<Number> {
        let (x, prec) = Big::from_text(s)?;
        Some(Number::from_exact(x, prec))
    }

    /// An integer with precision `prec` (as `parseint` makes them:
    /// `max(64, bits)` in Terraform, at most 512 here).
    pub(crate) fn from_exact_int(neg: bool, magnitude: num_bigint::BigUint) -> Number {
        let prec = int_prec(magnitude.bits());
        Number::from_exact(
            Exact {
                neg,
                m: magnitude,
                e: 0,
            }
            .rounded(prec),
            prec,
        )
    }
}

/// The precision of an integer of `bits` bits made by a function: Go's
/// `SetInt` gives `max(64, bits)`; at most 512 here.
fn int_prec(bits: u64) -> u16 {
    u16::try_from(bits)
        .unwrap_or(LITERAL_PREC)
        .clamp(INT_PREC, LITERAL_PREC)
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

impl Number {
    /// Whether the value is zero (`-0` too). A 512-bit value is never zero,
    /// however small (`1e-400` is not, though its nearest `f64` is).
    pub(crate) fn is_zero(&self) -> bool {
        match self.n {
            N::PosInt(u, _) => u == 0,
            N::Float(f) => f == 0.0,
            N::NegZero(_) => true,
            N::NegInt(..) | N::Big(_) => false,
        }
    }

    /// For the sign of a zero result: `±0` as it is, any other value as
    /// `±1`.
    fn sign_stand_in(&self) -> f64 {
        let negative = match self.n {
            N::PosInt(..) => false,
            N::NegInt(i, _) => i < 0,
            N::Float(f) => f.is_sign_negative(),
            N::NegZero(_) => true,
            N::Big(ref b) => b.is_negative(),
        };
        match (self.is_zero(), negative) {
            (true, _) => self.as_f64(),
            (false, true) => -1.0,
            (false, false) => 1.0,
        }
    }

    /// `self`, or `-0` when it is a zero that IEEE arithmetic gives a
    /// negative sign (`sign`, the operation on the operands' stand-ins):
    /// Terraform's numbers keep the sign of zero (`0 * -1` is `-0`).
    fn with_zero_sign(self, sign: f64) -> Number {
        if self.is_zero() && sign.is_sign_negative() {
            return Number::neg_zero(self.prec());
        }
        self
    }

    /// `-0` of precision `prec`.
    fn neg_zero(prec: u16) -> Number {
        Number {
            n: if prec > F64_PREC {
                N::NegZero(prec)
            } else {
                N::Float(-0.0)
            },
        }
    }

    /// The precision of the value, in bits.
    fn prec(&self) -> u16 {
        match self.n {
            N::PosInt(_, p) | N::NegInt(_, p) | N::NegZero(p) => p,
            N::Float(_) => F64_PREC,
            N::Big(ref b) => b.prec,
        }
    }

    fn as_i128(&self) -> Option<i128> {
        match self.n {
            N::PosInt(u, _) => Some(u as i128),
            N::NegInt(i, _) => Some(i as i128),
            N::Float(_) | N::NegZero(_) | N::Big(_) => None,
        }
    }

    /// An integer of precision `prec`, if it fits `u64`/`i64` and `prec`.
    fn from_i128(v: i128, prec: u16) -> Option<Number> {
        if v.unsigned_abs() >= 1u128 << prec.min(127) {
            return None;
        }
        if v >= 0 {
            u64::try_from(v).ok().map(|u| Number {
                n: N::PosInt(u, prec),
            })
        } else {
            i64::try_from(v).ok().map(|i| Number {
                n: N::NegInt(i, prec),
            })
        }
    }

    /// `|self|` in decimal, rounded half to even on its exact value (as Go's
    /// `big.Float` formats with a precision) to `k` digits. The digits have
    /// no leading or trailing zeros (none for zero) and the value is
    /// `0.digits × 10^dp`; `None` for ±Inf.
    pub(crate) fn rounded_digits(&self, k: Digits) -> Option<(String, i64)> {
        use num_bigint::BigUint;
        let x = self.exact()?;
        if x.m.bits() == 0 {
            return Some((String::new(), 0));
        }
        // round(|self| × 10^scale), half to even.
        let round = |scale: i64| -> BigUint {
            let (mut num, mut den) = (x.m.clone(), BigUint::from(1u32));
            if x.e >= 0 {
                num <<= x.e as u64;
            } else {
                den <<= x.e.unsigned_abs();
            }
            let ten = BigUint::from(10u32).pow(scale.unsigned_abs() as u32);
            if scale >= 0 {
                num *= ten;
            } else {
                den *= ten;
            }
            let (q, r) = (&num / &den, &num % &den);
            match (r << 1u32).cmp(&den) {
                Ordering::Greater => q + 1u32,
                Ordering::Equal if q.bit(0) => q + 1u32,
                _ => q,
            }
        };
        // The digits of a rounded value (its decimal text, made once), and
        // the point's position.
        let digits = |text: String, dp: i64| -> (String, i64) {
            match text.trim_end_matches('0') {
                "" => (String::new(), 0),
                d => (d.to_owned(), dp),
            }
        };
        match k {
            Digits::AfterPoint(frac) => {
                let text = round(frac as i64).to_string();
                let dp = text.len() as i64 - frac as i64;
                Some(digits(text, dp))
            }
            Digits::Significant(sig) => {
                let sig = sig.max(1) as i64;
                // 2^(bits-1) <= |self| < 2^bits: the decimal exponent to
                // within one, corrected below.
                let bits = x.m.bits() as i64 + x.e;
                let mut dp = ((bits - 1) as f64 * std::f64::consts::LOG10_2).floor() as i64 + 1;
                for _ in 0..4 {
                    let text = round(sig - dp).to_string();
                    match (text.len() as i64).cmp(&sig) {
                        Ordering::Greater => dp += 1,
                        Ordering::Less => dp -= 1,
                        Ordering::Equal => return Some(digits(text, dp)),
                    }
                }
                Some(digits(round(sig - dp).to_string(), dp))
            }
        }
    }

    /// The number as a sign and an unbounded integer, when it is a finite
    /// integer (for `format`'s `%d`, `%x`, ... beyond 64 bits).
    pub(crate) fn to_big_integer(&self) -> Option<(bool, num_bigint::BigUint)> {
        let x = self.exact()?;
        if x.e >= 0 {
            return Some((x.neg, x.m << (x.e as u64)));
        }
        let shift = x.e.unsigned_abs();
        let zeros = x.m.trailing_zeros().unwrap_or(u64::MAX);
        (zeros >= shift).then(|| (x.neg, x.m >> shift))
    }

    /// The exact value, for finite numbers.
    fn exact(&self) -> Option<Exact> {
        Some(match self.n {
            N::PosInt(u, _) => Exact::from_u64(u, false),
            N::NegInt(i, _) => Exact::from_u64(i.unsigned_abs(), true),
            N::Float(f) if f.is_finite() => Exact::from_f64(f),
            N::Float(_) => return None,
            N::NegZero(_) => Exact::from_u64(0, true),
            N::Big(ref b) => b.exact(),
        })
    }

    /// The number holding `x` (already rounded to `prec`).
    fn from_exact(x: Exact, prec: u16) -> Number {
        if x.is_zero() {
            return Number {
                n: N::PosInt(0, prec),
            };
        }
        if let Some((neg, u)) = x.as_small_int() {
            return Number {
                n: if neg {
                    N::NegInt((u as i64).wrapping_neg(), prec)
                } else {
                    N::PosInt(u, prec)
                },
            };
        }
        match x.to_big(prec) {
            Some(b) => Number {
                n: N::Big(Box::new(b)),
            },
            // An exponent beyond ±2^31: infinite or zero.
            None if x.e > 0 => Number::float(if x.neg {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            }),
            None => Number {
                n: N::PosInt(0, prec),
            },
        }
    }

    /// The number as an `f64` for an operation with an infinity: a finite
    /// number too large for an `f64` (`1e400`) stays finite, so that
    /// `1e400 < 1/0` and `1e400 - 1/0` is -infinity, and one too small for
    /// an `f64` stays non-zero, as in Terraform.
    fn beside_infinity(&self) -> f64 {
        let f = self.as_f64();
        if f == 0.0 && !self.is_zero() {
            // (One too small for an `f64` is not zero: `1e-400 * (1/0)`.)
            f64::from_bits(1).copysign(f)
        } else if self.is_finite() {
            f.clamp(-f64::MAX, f64::MAX)
        } else {
            f
        }
    }

    /// An operation: exact on integers when the result fits; in `f64`
    /// when both operands are 53-bit or one is infinite; otherwise exact,
    /// rounded to the larger precision.
    fn arith(
        self,
        other: Number,
        int: impl Fn(i128, i128) -> Option<i128>,
        float: impl Fn(f64, f64) -> f64,
        exact: impl Fn(&Exact, &Exact, u16) -> Option<Exact>,
    ) -> Option<Number> {
        let prec = self.prec().max(other.prec());
        if prec > F64_PREC {
            if let (Some(a), Some(b)) = (self.as_i128(), other.as_i128()) {
                if let Some(n) = int(a, b).and_then(|v| Number::from_i128(v, prec)) {
                    return Some(n);
                }
            }
        }
        if prec > F64_PREC {
            if let (Some(a), Some(b)) = (self.exact(), other.exact()) {
                return exact(&a, &b, prec).map(|x| Number::from_exact(x, prec));
            }
        }
        let r = if self.is_finite() && other.is_finite() {
            float(self.as_f64(), other.as_f64())
        } else {
            float(self.beside_infinity(), other.beside_infinity())
        };
        // Terraform's 53-bit numbers have no exponent limit: where an `f64`
        // overflows (10^300 × 10^300) or underflows, the result is computed
        // exactly and rounded to 53 bits.
        let underflow = (r == 0.0 || r.is_subnormal()) && !self.is_zero() && !other.is_zero();
        // Two such operands can also give NaN (0/0 of two underflows, the
        // difference of two overflows), where the exact answer may be 0.
        let nan = r.is_nan();
        if (r.is_infinite() || nan || underflow) && self.is_finite() && other.is_finite() {
            if let (Some(a), Some(b)) = (self.exact(), other.exact()) {
                if let Some(x) = exact(&a, &b, F64_PREC).filter(|x| nan || x.m.bits() != 0) {
                    return Some(Number::from_exact(x, F64_PREC));
                }
            }
        }
        Number::from_f64_bits(r)
    }

    /// `self + other`, rounded as Terraform rounds; `None` when the result
    /// is not a number (`+Inf + -Inf`).
    ///
    /// ```
    /// use hcl::Number;
    /// let max = Number::from(i64::MAX);
    /// assert_eq!(max.checked_add(Number::from(1)).unwrap().as_u64(), Some(1 << 63));
    /// // Literals are 512-bit: 0.1 + 0.2 is 0.3, as in Terraform.
    /// let lit = |s| Number::parse(s).unwrap();
    /// assert_eq!(lit("0.1").checked_add(lit("0.2")).unwrap(), lit("0.3"));
    /// // Numbers made from Rust f64s are the decimals they print as.
    /// let sum = Number::from(0.1).checked_add(Number::from(0.2)).unwrap();
    /// assert_eq!(sum, Number::from(0.3));
    /// // 53-bit numbers (the results of `pow`, `log`, ...) add as f64.
    /// let f = |e| hcl::eval::evaluate_str(e, &hcl::eval::Context::new()).unwrap().as_number().unwrap().clone();
    /// let sum = f("pow(0.1, 1)").checked_add(f("pow(0.2, 1)")).unwrap();
    /// assert_eq!(sum.to_plain_string(), "0.30000000000000004");
    /// ```
    pub fn checked_add(self, other: Number) -> Option<Number> {
        let sign = self.sign_stand_in() + other.sign_stand_in();
        self.arith(
            other,
            i128::checked_add,
            |a, b| a + b,
            |a, b, p| Some(a.add(b, p)),
        )
        .map(|r| r.with_zero_sign(sign))
    }

    /// `self - other`; see [`Number::checked_add`].
    ///
    /// ```
    /// use hcl::Number;
    /// assert_eq!(Number::from(1).checked_sub(Number::from(3)), Some(Number::from(-2)));
    /// let lit = |s| Number::parse(s).unwrap();
    /// assert_eq!(lit("1.5").checked_sub(lit("0.25")), Some(lit("1.25")));
    /// let inf = Number::from(1).checked_div(Number::from(0)).unwrap();
    /// assert_eq!(inf.clone().checked_sub(inf), None);
    /// ```
    pub fn checked_sub(self, other: Number) -> Option<Number> {
        let sign = self.sign_stand_in() - other.sign_stand_in();
        self.arith(
            other,
            i128::checked_sub,
            |a, b| a - b,
            |a, b, p| Some(a.add(&b.clone().negated(), p)),
        )
        .map(|r| r.with_zero_sign(sign))
    }

    /// `self * other`, as Terraform multiplies: the product rounded to 512
    /// bits, kept at the larger operand precision or at as many bits as it
    /// takes, if more. So two 53-bit numbers multiply exactly (in up to 106
    /// bits): `pow(3, 1.5) * log(10, 3)` is 10.8906328764575496969009683599
    /// in Terraform 1.11.4, not the `f64` product 10.89063287645755.
    ///
    /// ```
    /// use hcl::Number;
    /// // (`pow` gives a 53-bit number, as in Terraform.)
    /// let root = hcl::eval::evaluate_str("pow(2, 0.5)", &hcl::eval::Context::new()).unwrap();
    /// let sqrt2 = root.as_number().unwrap().clone();
    /// let p = sqrt2.clone().checked_mul(sqrt2).unwrap();
    /// assert_eq!(p.to_plain_string(), "2.00000000000000027343234630647693");
    /// assert_eq!(Number::from(6).checked_mul(Number::from(7)), Some(Number::from(42)));
    /// ```
    pub fn checked_mul(self, other: Number) -> Option<Number> {
        let sign = self.sign_stand_in() * other.sign_stand_in();
        self.mul_unsigned(other).map(|r| r.with_zero_sign(sign))
    }

    /// [`Number::checked_mul`] but for the sign of a zero product.
    fn mul_unsigned(self, other: Number) -> Option<Number> {
        let prec = self.prec().max(other.prec());
        if !self.is_finite() || !other.is_finite() || self.is_zero() || other.is_zero() {
            return self.arith(
                other,
                i128::checked_mul,
                |a, b| a * b,
                |a, b, p| Some(a.mul(b, p)),
            );
        }
        if prec > F64_PREC {
            if let (Some(a), Some(b)) = (self.as_i128(), other.as_i128()) {
                if let Some(n) = a.checked_mul(b).and_then(|v| Number::from_i128(v, prec)) {
                    return Some(n);
                }
            }
        } else {
            // An `f64` product that is exact needs no more bits.
            let (a, b) = (self.as_f64(), other.as_f64());
            let r = a * b;
            if r.is_normal() && a.mul_add(b, -r) == 0.0 {
                return Number::from_f64_bits(r);
            }
        }
        let product = self.exact()?.mul(&other.exact()?, LITERAL_PREC);
        let keep = prec.max(product.min_prec());
        Some(Number::from_exact(product, keep))
    }

    /// `self / other`: exact when the quotient is an integer, otherwise
    /// rounded as Terraform rounds (`1 / 3` has 155 digits); dividing a
    /// non-zero number by zero gives ±infinity (as Terraform does); `0 / 0`
    /// gives `None`.
    ///
    /// ```
    /// use hcl::Number;
    /// assert_eq!(Number::from(7).checked_div(Number::from(2)).unwrap().as_f64(), 3.5);
    /// assert!(Number::from(1).checked_div(Number::from(0)).unwrap().as_f64().is_infinite());
    /// assert!(Number::from(0).checked_div(Number::from(0)).is_none());
    /// ```
    pub fn checked_div(self, other: Number) -> Option<Number> {
        if other.is_zero() {
            // ±Inf by the signs (a 512-bit dividend too small for an `f64`
            // is not zero); `0 / 0` is not a number.
            return Number::from_f64_bits(self.sign_stand_in() / other.sign_stand_in());
        }
        if !self.is_finite() || !other.is_finite() {
            return Number::from_f64_bits(self.beside_infinity() / other.beside_infinity());
        }
        let sign = self.sign_stand_in() / other.sign_stand_in();
        self.arith(
            other,
            |a, b| {
                if b != 0 && a % b == 0 {
                    Some(a / b)
                } else {
                    None
                }
            },
            |a, b| a / b,
            |a, b, p| Some(a.div(b, p)),
        )
        .map(|r| r.with_zero_sign(sign))
    }

    /// `self % other` as Terraform computes it: `self - trunc(self / other)
    /// * other`, with the sign of the dividend; `x % 0` is `x`. With an
    /// infinite operand it is `None` (Terraform 1.11: "can't use modulo with
    /// zero and infinity"; `2 % (1/0)` is that error, not 2).
    ///
    /// ```
    /// use hcl::Number;
    /// assert_eq!(Number::from(-7).checked_rem(Number::from(3)), Some(Number::from(-1)));
    /// assert_eq!(Number::from(5).checked_rem(Number::from(0)), Some(Number::from(5)));
    /// assert_eq!(Number::from(5.5).checked_rem(Number::from(2)), Some(Number::from(1.5)));
    /// let inf = Number::from(1).checked_div(Number::from(0)).unwrap();
    /// assert_eq!(Number::from(2).checked_rem(inf.clone()), None);
    /// assert_eq!(inf.clone().checked_rem(Number::from(0)), Some(inf));
    /// ```
    pub fn checked_rem(self, other: Number) -> Option<Number> {
        if other.is_zero() {
            return Some(self);
        }
        if !self.is_finite() || !other.is_finite() {
            return None;
        }
        // Terraform's (cty's) remainder: `a - b × trunc(a / b)`, the
        // quotient at the larger precision and the rest at the dividend's,
        // so a 53-bit dividend can lose the remainder: `pow(2, 64) % 10`
        // is 0 there (the product 10 × 1844674407370955161 rounds back to
        // 2^64).
        let (pa, pb) = (self.prec(), other.prec());
        if pa > F64_PREC {
            if let (Some(a), Some(b)) = (self.as_i128(), other.as_i128()) {
                if let Some(n) = a.checked_rem(b).and_then(|v| Number::from_i128(v, pa)) {
                    return Some(n);
                }
            }
        }
        if self.is_zero() {
            // The dividend less `other × 0`: `-0 % 5` is `-0`, `-0 % -5` is 0.
            let sign = self.sign_stand_in() - other.sign_stand_in() * 0.0;
            let zero = Number {
                n: N::PosInt(0, pa),
            };
            return Some(zero.with_zero_sign(sign));
        }
        let (a, b) = (self.exact()?, other.exact()?);
        let q = a.div(&b, pa.max(pb)).truncated().rounded(pa);
        let prod = q.mul(&b, pa);
        let r = a.add(&prod.negated(), pa);
        Some(Number::from_exact(r, pa))
    }

    /// The largest integer not above `self` (`up`: the smallest not below),
    /// exactly, as Terraform's `floor` and `ceil` compute it; `None` for a
    /// number held as an `f64` (the caller rounds that as an `f64`).
    pub(crate) fn round_to_integer(self, up: bool) -> Option<Number> {
        if let N::NegZero(p) = self.n {
            // (Go's `SetInt(0)`: a zero without sign.)
            return Some(Number { n: N::PosInt(0, p) });
        }
        let N::Big(ref b) = self.n else {
            return None;
        };
        let x = b.exact();
        let t = x.clone().truncated();
        let exact_int = t.cmp_value(&x) == Ordering::Equal;
        let step = !exact_int && (x.neg != up);
        let r = if step {
            let one = Exact::from_u64(1, !up);
            t.add(&one, LITERAL_PREC)
        } else {
            t
        };
        // (Go's `SetInt` on the argument's copy: its precision stays.)
        let prec = b.prec;
        Some(Number::from_exact(r.rounded(prec), prec))
    }

    /// `|self|`, exactly.
    pub(crate) fn abs(self) -> Number {
        match self.n {
            N::Float(f) => Number::float(f.abs()),
            N::NegZero(_) => self.neg(),
            N::NegInt(..) | N::Big(_) if self < Number::from(0u8) => self.neg(),
            _ => self,
        }
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
        let prec = self.prec();
        match self.n {
            // Terraform keeps the sign of zero: `-0` prints as "-0".
            N::PosInt(0, p) => Number::neg_zero(p),
            N::NegZero(p) => Number { n: N::PosInt(0, p) },
            N::Float(f) => Number::float(-f),
            N::Big(_) => match self.exact() {
                Some(x) => Number::from_exact(x.negated(), prec),
                None => self,
            },
            // The precision stays (a 53-bit 2^60 negated is 53-bit).
            N::PosInt(u, p) => match 0i64.checked_sub_unsigned(u) {
                Some(i) => Number { n: N::NegInt(i, p) },
                None => Number::from_exact(Exact::from_u64(u, true), p),
            },
            N::NegInt(i, p) => Number {
                n: N::PosInt(i.unsigned_abs(), p),
            },
        }
    }

    /// The number in plain decimal notation, never with an exponent, as
    /// Terraform converts numbers to strings (`1e-10` → `"0.0000000001"`):
    /// the shortest decimal that reads back to the same value.
    ///
    /// ```
    /// use hcl::Number;
    /// assert_eq!(Number::from(1e-10).to_plain_string(), "0.0000000001");
    /// assert_eq!(Number::from(2.5e25).to_plain_string(), "25000000000000000000000000");
    /// assert_eq!(Number::from(-1.5).to_plain_string(), "-1.5");
    /// // An f64 prints as an f64.
    /// assert_eq!(Number::from(0.1 + 0.2).to_plain_string(), "0.30000000000000004");
    /// ```
    pub fn to_plain_string(&self) -> String {
        let x = match self.n {
            N::Float(x) if x.is_finite() => x,
            N::Big(ref b) => return b.exact().to_plain(b.prec),
            N::NegZero(_) => return "-0".to_owned(),
            // An integer wider than its precision (a 53-bit 2^60 + 2^8)
            // prints as the shortest decimal that reads back at it, as
            // Terraform prints it (1152921504606847200).
            N::PosInt(u, p) if u64::from(64 - u.leading_zeros()) > u64::from(p) => {
                return Exact::from_u64(u, false).to_plain(p)
            }
            N::NegInt(i, p) if u64::from(64 - i.unsigned_abs().leading_zeros()) > u64::from(p) => {
                return Exact::from_u64(i.unsigned_abs(), true).to_plain(p)
            }
            _ => return self.to_string(),
        };
        if x == 0.0 {
            return if x.is_sign_negative() { "-0" } else { "0" }.to_owned();
        }
        // A power of two has a closer neighbour below than above; Go's
        // shortest printing (which Terraform's is) takes half an ulp on
        // both sides anyway, and can need fewer digits than `ryu`:
        // 2^64 prints as 18446744073709550000. A subnormal is a 53-bit
        // number there (its neighbours are much closer than an `f64`'s),
        // so it needs more: the smallest prints as 4.940656458412465e-324,
        // not 5e-324.
        if (x.to_bits() & ((1 << 52) - 1) == 0 && x.is_normal()) || x.is_subnormal() {
            return super::exact::Exact::from_f64(x).to_plain(53);
        }
        let mut buf = ryu::Buffer::new();
        let s: &str = buf.format_finite(x);
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
        self.partial_cmp(other) == Some(Ordering::Equal)
    }
}

impl PartialOrd for Number {
    fn partial_cmp(&self, other: &Number) -> Option<Ordering> {
        match (&self.n, &other.n) {
            (N::PosInt(a, _), N::PosInt(b, _)) => Some(a.cmp(b)),
            (N::NegInt(a, _), N::NegInt(b, _)) => Some(a.cmp(b)),
            (N::PosInt(..), N::NegInt(..)) => Some(Ordering::Greater),
            (N::NegInt(..), N::PosInt(..)) => Some(Ordering::Less),
            (N::Float(a), N::Float(b)) => a.partial_cmp(b),
            _ => match (self.exact(), other.exact()) {
                (Some(a), Some(b)) => Some(a.cmp_value(&b)),
                _ => self.beside_infinity().partial_cmp(&other.beside_infinity()),
            },
        }
    }
}

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.n {
            N::PosInt(u, _) => f.write_str(itoa::Buffer::new().format(u)),
            N::NegInt(i, _) => f.write_str(itoa::Buffer::new().format(i)),
            N::Float(x) => {
                if x.is_infinite() {
                    f.write_str(if x > 0.0 { "+Inf" } else { "-Inf" })
                } else {
                    f.write_str(ryu::Buffer::new().format_finite(x))
                }
            }
            N::NegZero(_) => f.write_str("-0.0"),
            N::Big(ref b) => f.write_str(&b.exact().to_plain(b.prec)),
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
            fn from(u: $t) -> Number { Number { n: N::PosInt(u as u64, INT_PREC) } }
        }
    )*};
}
macro_rules! from_signed {
    ($($t:ty)*) => {$(
        impl From<$t> for Number {
            fn from(i: $t) -> Number {
                if i < 0 { Number { n: N::NegInt(i as i64, INT_PREC) } } else { Number { n: N::PosInt(i as u64, INT_PREC) } }
            }
        }
    )*};
}
from_unsigned!(u8 u16 u32 u64 usize);
from_signed!(i8 i16 i32 i64 isize);

impl From<f32> for Number {
    /// The decimal the `f32` prints as (see [`Number::from_f64`]); NaN
    /// becomes 0 (HCL has no NaN).
    fn from(f: f32) -> Number {
        if f.is_nan() {
            return Number {
                n: N::PosInt(0, F64_PREC),
            };
        }
        Number::of_decimal(f64::from(f), ryu::Buffer::new().format_finite(f))
    }
}

impl From<f64> for Number {
    /// NaN becomes 0 (HCL has no NaN); use [`Number::from_f64`] to detect it.
    fn from(f: f64) -> Number {
        Number::from_f64(f).unwrap_or(Number {
            n: N::PosInt(0, F64_PREC),
        })
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
