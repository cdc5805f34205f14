//! Terraform's numbers: binary floating point with a precision of its own
//! per value (cty keeps Go `big.Float`s: 512 bits for literals and parsed
//! strings, 64 for integers a function returns, 53 for results of `f64`
//! functions), every operation rounded half to even to the larger
//! precision of its operands, and printed as the shortest decimal that
//! reads back to the same value at that precision.
//!
//! [`Exact`] is a value of that space during a computation (sign, an
//! unbounded integer mantissa and a binary exponent); [`Big`] is how a
//! result too large or too fine for `u64`/`i64` is kept inside a
//! [`Number`](super::Number), `Copy` and without allocation.

use std::cmp::Ordering;

use num_bigint::BigUint;

/// The precision of literals and parsed strings, in bits.
pub(crate) const LITERAL_PREC: u16 = 512;
/// The precision of integers that functions return (Go's `SetInt64`).
pub(crate) const INT_PREC: u16 = 64;
/// The precision of `f64` results.
pub(crate) const F64_PREC: u16 = 53;

const WORDS: usize = 8;

/// Decimal exponents beyond this are refused (`1e100001`): their exact
/// values would take megabytes.
const MAX_DECIMAL_EXP: i64 = 100_000;
/// Literals with more digits than this are refused, for the same reason.
const MAX_DIGITS: usize = 10_000;
/// Values beyond ±2^MAX_BITS overflow to infinity (or underflow to zero).
const MAX_BITS: i64 = 400_000;

/// A finite, non-zero number whose mantissa does not fit 64 bits or which
/// is not an integer: `(-1)^neg × mant × 2^exp`, the mantissa odd and
/// below 2^512.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Big {
    mant: [u64; WORDS],
    exp: i32,
    pub(crate) prec: u16,
    neg: bool,
}

/// A number during a computation: `(-1)^neg × m × 2^e`.
#[derive(Clone, Debug)]
pub(crate) struct Exact {
    pub(crate) neg: bool,
    pub(crate) m: BigUint,
    pub(crate) e: i64,
}

fn is_zero(m: &BigUint) -> bool {
    m.bits() == 0
}

impl Exact {
    pub(crate) fn from_u64(u: u64, neg: bool) -> Exact {
        Exact {
            neg,
            m: BigUint::from(u),
            e: 0,
        }
    }

    /// The exact value of a finite `f64`.
    pub(crate) fn from_f64(x: f64) -> Exact {
        let bits = x.to_bits();
        let neg = bits >> 63 == 1;
        let biased = ((bits >> 52) & 0x7ff) as i64;
        let frac = bits & ((1 << 52) - 1);
        let (m, e) = if biased == 0 {
            (frac, -1074)
        } else {
            (frac | 1 << 52, biased - 1075)
        };
        Exact {
            neg,
            m: BigUint::from(m),
            e,
        }
    }

    pub(crate) fn is_zero(&self) -> bool {
        is_zero(&self.m)
    }

    /// `-self`.
    pub(crate) fn negated(mut self) -> Exact {
        self.neg = !self.neg;
        self
    }

    /// Rounds to `prec` bits, half to even, and drops trailing zero bits.
    pub(crate) fn rounded(mut self, prec: u16) -> Exact {
        let prec = u64::from(prec.max(1));
        let bits = self.m.bits();
        if bits > prec {
            let shift = bits - prec;
            let q = &self.m >> shift;
            let rem = &self.m - (&q << shift);
            let half = BigUint::from(1u8) << (shift - 1);
            let up = match rem.cmp(&half) {
                Ordering::Greater => true,
                Ordering::Equal => q.bit(0),
                Ordering::Less => false,
            };
            self.m = if up { q + 1u8 } else { q };
            self.e += shift as i64;
        }
        self.trimmed()
    }

    fn trimmed(mut self) -> Exact {
        if let Some(tz) = self.m.trailing_zeros() {
            if tz > 0 {
                self.m >>= tz;
                self.e += tz as i64;
            }
        } else {
            self.e = 0;
            self.neg = false;
        }
        self
    }

    /// The two mantissas over a common exponent.
    fn aligned(&self, other: &Exact) -> (BigUint, BigUint, i64) {
        let e = self.e.min(other.e);
        (
            &self.m << (self.e - e) as u64,
            &other.m << (other.e - e) as u64,
            e,
        )
    }

    /// `self + other`, rounded to `prec`.
    pub(crate) fn add(&self, other: &Exact, prec: u16) -> Exact {
        if other.is_zero() {
            return self.clone().rounded(prec);
        }
        if self.is_zero() {
            return other.clone().rounded(prec);
        }
        // When one operand lies wholly below half an ulp of the other, the
        // sum rounds to the larger one (it cannot be a tie).
        let top = |x: &Exact| x.e + x.m.bits() as i64;
        let (big, small) = if top(self) >= top(other) {
            (self, other)
        } else {
            (other, self)
        };
        if top(small) + 2 < top(big) - i64::from(prec) && big.m.bits() <= u64::from(prec) {
            return big.clone().rounded(prec);
        }
        let (a, b, e) = self.aligned(other);
        let (neg, m) = if self.neg == other.neg {
            (self.neg, a + b)
        } else if a >= b {
            (self.neg, a - b)
        } else {
            (other.neg, b - a)
        };
        Exact { neg, m, e }.rounded(prec)
    }

    /// `self × other`, rounded to `prec`.
    pub(crate) fn mul(&self, other: &Exact, prec: u16) -> Exact {
        Exact {
            neg: self.neg != other.neg,
            m: &self.m * &other.m,
            e: self.e + other.e,
        }
        .rounded(prec)
    }

    /// The fewest bits that hold the value exactly (Go's `MinPrec`); 0 for
    /// zero.
    pub(crate) fn min_prec(&self) -> u16 {
        let trailing = self.m.trailing_zeros().unwrap_or(0);
        u16::try_from(self.m.bits() - trailing).unwrap_or(u16::MAX)
    }

    /// `self ÷ other` (not zero), rounded to `prec`.
    pub(crate) fn div(&self, other: &Exact, prec: u16) -> Exact {
        if self.is_zero() {
            return Exact::from_u64(0, false);
        }
        // A quotient of prec + 2 bits, and a sticky bit for any remainder,
        // round exactly as the infinite quotient would.
        let want = u64::from(prec) + 2 + other.m.bits();
        let shift = want.saturating_sub(self.m.bits()) + 1;
        let num = &self.m << shift;
        let q = &num / &other.m;
        let sticky = !is_zero(&(&num - &q * &other.m));
        let (m, e) = if sticky {
            (
                (q << 1u8) | BigUint::from(1u8),
                self.e - other.e - shift as i64 - 1,
            )
        } else {
            (q, self.e - other.e - shift as i64)
        };
        Exact {
            neg: self.neg != other.neg,
            m,
            e,
        }
        .rounded(prec)
    }

    /// The integer part (rounded toward zero).
    pub(crate) fn truncated(self) -> Exact {
        if self.e >= 0 {
            return self;
        }
        Exact {
            neg: self.neg,
            m: &self.m >> (-self.e) as u64,
            e: 0,
        }
        .trimmed()
    }

    /// Compares the values.
    pub(crate) fn cmp_value(&self, other: &Exact) -> Ordering {
        match (self.is_zero(), other.is_zero()) {
            (true, true) => return Ordering::Equal,
            (true, false) => {
                return if other.neg {
                    Ordering::Greater
                } else {
                    Ordering::Less
                }
            }
            (false, true) => {
                return if self.neg {
                    Ordering::Less
                } else {
                    Ordering::Greater
                }
            }
            _ => {}
        }
        if self.neg != other.neg {
            return if self.neg {
                Ordering::Less
            } else {
                Ordering::Greater
            };
        }
        let (a, b, _) = self.aligned(other);
        let ord = a.cmp(&b);
        if self.neg {
            ord.reverse()
        } else {
            ord
        }
    }

    /// The integer value, if this is an integer that fits `u64`/`i64`
    /// (as `(neg, magnitude)`).
    pub(crate) fn as_small_int(&self) -> Option<(bool, u64)> {
        if self.e < 0 || self.m.bits() as i64 + self.e > 64 {
            return None;
        }
        let v = &self.m << self.e as u64;
        let digits = v.to_u64_digits();
        let u = digits.first().copied().unwrap_or(0);
        if self.neg && u > 1 << 63 {
            return None;
        }
        Some((self.neg, u))
    }

    /// The stored form: `None` for zero, or beyond ±2^400,000 (overflow to
    /// infinity, underflow to zero: a bound Terraform does not have, so
    /// that a loop of multiplications cannot make a number whose digits
    /// take gigabytes).
    pub(crate) fn to_big(&self, prec: u16) -> Option<Big> {
        if self.is_zero() || self.m.bits() > (WORDS * 64) as u64 {
            return None;
        }
        let top = self.e + self.m.bits() as i64;
        if !(-MAX_BITS..=MAX_BITS).contains(&top) {
            return None;
        }
        let exp = i32::try_from(self.e).ok()?;
        let mut mant = [0u64; WORDS];
        for (w, d) in mant.iter_mut().zip(self.m.to_u64_digits()) {
            *w = d;
        }
        Some(Big {
            mant,
            exp,
            prec,
            neg: self.neg,
        })
    }

    /// The nearest `f64` (±∞ beyond its range).
    pub(crate) fn to_f64(&self) -> f64 {
        if self.is_zero() {
            return 0.0;
        }
        // Far beyond the range of f64: no need for the digits.
        let top = self.e + self.m.bits() as i64;
        if !(-1200..=1100).contains(&top) {
            let x = if top > 0 { f64::INFINITY } else { 0.0 };
            return if self.neg { -x } else { x };
        }
        // The exact decimal digits, read by Rust's correctly rounded parser
        // (one rounding, subnormals included).
        let x: f64 = decimal_text(self).parse().unwrap_or(f64::INFINITY);
        if self.neg {
            -x
        } else {
            x
        }
    }

    /// The shortest decimal that reads back to this value at `prec` bits,
    /// in plain notation (no exponent), as Go's `Text('f', -1)` writes it.
    pub(crate) fn to_plain(&self, prec: u16) -> String {
        if self.is_zero() {
            return "0".into();
        }
        let digits = shortest(&self.m, self.e, prec);
        let mut out = String::new();
        if self.neg {
            out.push('-');
        }
        fmt_f(&mut out, &digits);
        out
    }
}

impl Big {
    /// Whether the value is below zero.
    pub(crate) fn is_negative(&self) -> bool {
        self.neg
    }

    pub(crate) fn exact(&self) -> Exact {
        let mut m = BigUint::default();
        for (i, &w) in self.mant.iter().enumerate() {
            if w != 0 {
                m |= BigUint::from(w) << (64 * i);
            }
        }
        Exact {
            neg: self.neg,
            m,
            e: i64::from(self.exp),
        }
    }

    /// Whether this is a whole number.
    pub(crate) fn is_integer(&self) -> bool {
        self.exp >= 0
    }

    /// A compact text of every bit: `PREC:SIGN:EXP:WORDS` (hexadecimal
    /// mantissa words, least significant first).
    pub(crate) fn to_text(self) -> String {
        let mut out = format!(
            "{}:{}:{}:",
            self.prec,
            if self.neg { '-' } else { '+' },
            self.exp
        );
        for (i, w) in self.mant.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str(&format!("{w:x}"));
        }
        out
    }

    /// The number [`Big::to_text`] wrote, as `(value, precision)`; the
    /// value is rounded to the precision, so any text gives a valid number.
    pub(crate) fn from_text(s: &str) -> Option<(Exact, u16)> {
        let mut parts = s.splitn(4, ':');
        let prec: u16 = parts.next()?.parse().ok()?;
        let neg = match parts.next()? {
            "-" => true,
            "+" => false,
            _ => return None,
        };
        let exp: i32 = parts.next()?.parse().ok()?;
        let mut m = BigUint::default();
        for (i, w) in parts.next()?.split(',').enumerate() {
            if i >= WORDS {
                return None;
            }
            let w = u64::from_str_radix(w, 16).ok()?;
            m |= BigUint::from(w) << (64 * i);
        }
        if prec == 0 || prec > 512 {
            return None;
        }
        let x = Exact {
            neg,
            m,
            e: i64::from(exp),
        };
        Some((x.rounded(prec), prec))
    }
}

/// Decimal digits (no leading or trailing zeros) and the position of the
/// decimal point: the value is `0.DIGITS × 10^point`, as Go's `decimal`.
#[derive(Clone, Debug, PartialEq)]
struct Decimal {
    digits: Vec<u8>,
    point: i64,
}

impl Decimal {
    /// The exact decimal of `m × 2^e`.
    fn of(m: &BigUint, e: i64) -> Decimal {
        let (n, frac) = if e >= 0 {
            (m << e as u64, 0i64)
        } else {
            // m / 2^k = m × 5^k / 10^k
            let k = -e;
            (m * BigUint::from(5u8).pow(k as u32), k)
        };
        let s = n.to_str_radix(10);
        let mut digits = s.into_bytes();
        let point = digits.len() as i64 - frac;
        while digits.last() == Some(&b'0') {
            digits.pop();
        }
        while digits.first() == Some(&b'0') {
            digits.remove(0);
        }
        Decimal { digits, point }
    }

    fn at(&self, i: usize) -> u8 {
        self.digits.get(i).copied().unwrap_or(b'0')
    }

    fn round_down(&mut self, n: usize) {
        self.digits.truncate(n);
        while self.digits.last() == Some(&b'0') {
            self.digits.pop();
        }
    }

    fn round_up(&mut self, n: usize) {
        self.digits.truncate(n);
        while let Some(d) = self.digits.last_mut() {
            if *d < b'9' {
                *d += 1;
                return;
            }
            self.digits.pop();
        }
        // All nines: 0.999 → 1.
        self.digits.push(b'1');
        self.point += 1;
    }

    /// Half to even on the digit at `n`.
    fn round(&mut self, n: usize) {
        let up = match self.digits.get(n) {
            Some(b'5') if n + 1 == self.digits.len() => {
                n > 0 && (self.digits[n - 1] - b'0') % 2 == 1
            }
            Some(&d) => d >= b'5',
            None => false,
        };
        if up {
            self.round_up(n)
        } else {
            self.round_down(n)
        }
    }
}

/// Go's `roundShortest`: the fewest digits that stay within half an ulp
/// (at `prec` bits) of `m × 2^e`, the bounds inclusive when the mantissa is
/// even.
fn shortest(m: &BigUint, e: i64, prec: u16) -> Decimal {
    let mut d = Decimal::of(m, e);
    // The mantissa at prec + 1 bits, its lowest bit half an ulp.
    let bits = m.bits() as i64;
    let s = bits - (i64::from(prec) + 1);
    let (mant, exp) = if s < 0 {
        (m << (-s) as u64, e + s)
    } else {
        (m >> s as u64, e + s)
    };
    let one = BigUint::from(1u8);
    let lower = Decimal::of(&(&mant - &one), exp);
    let upper = Decimal::of(&(&mant + &one), exp);
    let inclusive = !mant.bit(1);
    for i in 0..d.digits.len() {
        let (l, c, u) = (lower.at(i), d.digits[i], upper.at(i));
        let ok_down = l != c || inclusive && i + 1 == lower.digits.len();
        let ok_up = c != u && (inclusive || c + 1 < u || i + 1 < upper.digits.len());
        match (ok_down, ok_up) {
            (true, true) => {
                d.round(i + 1);
                break;
            }
            (true, false) => {
                d.round_down(i + 1);
                break;
            }
            (false, true) => {
                d.round_up(i + 1);
                break;
            }
            (false, false) => {}
        }
    }
    d
}

/// Go's `%f` with the shortest digits: the integer part, then as many
/// fraction digits as there are.
fn fmt_f(out: &mut String, d: &Decimal) {
    if d.point > 0 {
        let p = d.point as usize;
        for i in 0..p {
            out.push(d.at(i) as char);
        }
    } else {
        out.push('0');
    }
    let frac = (d.digits.len() as i64 - d.point).max(0) as usize;
    if frac > 0 {
        out.push('.');
        for i in 0..frac {
            let idx = d.point + i as i64;
            out.push(if idx < 0 {
                '0'
            } else {
                d.at(idx as usize) as char
            });
        }
    }
}

/// The exact decimal text of a value (for `to_f64`).
fn decimal_text(x: &Exact) -> String {
    let d = Decimal::of(&x.m, x.e);
    let digits = std::str::from_utf8(&d.digits).unwrap_or("0");
    format!("0.{digits}e{}", d.point)
}

/// Parses a decimal literal (`digits`, `.`, `e±digits`, already checked)
/// to the nearest value at `prec` bits. `None` when the exponent is out of
/// the supported range.
pub(crate) fn parse_decimal(s: &str, prec: u16) -> Option<Exact> {
    let (mantissa, exp) = match s.find(['e', 'E']) {
        Some(i) => (&s[..i], s[i + 1..].parse::<i64>().ok()?),
        None => (s, 0),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits: String = format!("{int}{frac}");
    let digits = digits.trim_start_matches('0');
    if digits.len() > MAX_DIGITS {
        return None;
    }
    let m10 = if digits.is_empty() {
        BigUint::default()
    } else {
        BigUint::parse_bytes(digits.as_bytes(), 10)?
    };
    if is_zero(&m10) {
        return Some(Exact::from_u64(0, false));
    }
    let k = exp.checked_sub(frac.len() as i64)?;
    if k.abs() > MAX_DECIMAL_EXP {
        return None;
    }
    let ten = BigUint::from(10u8);
    if k >= 0 {
        Some(
            Exact {
                neg: false,
                m: m10 * ten.pow(k as u32),
                e: 0,
            }
            .rounded(prec),
        )
    } else {
        let num = Exact {
            neg: false,
            m: m10,
            e: 0,
        };
        let den = Exact {
            neg: false,
            m: ten.pow((-k) as u32),
            e: 0,
        };
        Some(num.div(&den, prec))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lit(s: &str) -> Exact {
        parse_decimal(s, LITERAL_PREC).unwrap()
    }

    // Expected texts are Terraform 1.11.4's (`../shared/oracle/dev/types.json`,
    // category `number/`).
    #[test]
    fn one_third_at_512_bits() {
        let q = lit("1").div(&lit("3"), LITERAL_PREC);
        assert_eq!(q.to_plain(LITERAL_PREC), format!("0.{}5", "3".repeat(154)));
    }

    #[test]
    fn three_minus_two_point_nine() {
        let d = lit("3").add(
            &Exact {
                neg: true,
                ..lit("2.9")
            },
            LITERAL_PREC,
        );
        assert_eq!(
            d.to_plain(LITERAL_PREC),
            format!("0.0{}88", "9".repeat(152))
        );
    }

    #[test]
    fn decimal_sums_equal_their_literals() {
        let s = lit("0.1").add(&lit("0.2"), LITERAL_PREC);
        assert_eq!(s.cmp_value(&lit("0.3")), Ordering::Equal);
        assert_eq!(s.to_plain(LITERAL_PREC), "0.3");
    }

    #[test]
    fn f64_values_print_at_53_bits() {
        let x = Exact::from_f64(2f64.powi(100));
        assert_eq!(x.to_plain(F64_PREC), "1267650600228229400000000000000");
        assert_eq!(Exact::from_f64(0.1).to_plain(F64_PREC), "0.1");
        assert_eq!(x.to_f64(), 2f64.powi(100));
    }

    #[test]
    fn huge_and_tiny_literals() {
        let big = lit("1e400");
        assert_eq!(big.to_plain(LITERAL_PREC), format!("1{}", "0".repeat(400)));
        let tiny = lit("1e-400");
        assert_eq!(
            tiny.to_plain(LITERAL_PREC),
            format!("0.{}1", "0".repeat(399))
        );
        assert_eq!(
            big.add(&lit("1"), LITERAL_PREC).cmp_value(&big),
            Ordering::Equal
        );
        assert!(big.to_f64().is_infinite());
    }

    #[test]
    fn large_division_keeps_its_fraction() {
        let q = lit("100000000000000000000000").div(&lit("7"), LITERAL_PREC);
        assert!(q
            .to_plain(LITERAL_PREC)
            .starts_with("14285714285714285714285.714285714285"));
    }

    #[test]
    fn repeated_multiplication_stays_bounded() {
        // (1e-100000)^5 would need 1.6 million bits of exponent: it becomes 0.
        let tiny = lit("1e-100000");
        let mut x = tiny.clone();
        for _ in 0..4 {
            x = x.mul(&tiny, LITERAL_PREC);
        }
        assert!(x.to_big(LITERAL_PREC).is_none());
        let huge = lit("1e100000");
        assert!(huge
            .mul(&huge, LITERAL_PREC)
            .mul(&huge, LITERAL_PREC)
            .to_big(LITERAL_PREC)
            .is_none());
    }

    #[test]
    fn stored_form_round_trips() {
        let q = lit("2").div(&lit("3"), LITERAL_PREC);
        let b = q.to_big(LITERAL_PREC).unwrap();
        assert_eq!(b.exact().cmp_value(&q), Ordering::Equal);
        assert_eq!(std::mem::size_of::<Big>(), 72);
    }
}
