//! Numbers as Go's `fmt` writes floats (`%e`, `%f`, `%g`), on the exact
//! value: Terraform's `format` verbs and cty's set order use them.

use crate::value::number::{Digits, Number};

/// The text of the finite number `n` (its sign left out) for the float
/// verb `verb` (`e`, `E`, `f`, `F`, `g`, `G`) at precision `prec`, as
/// Go's `fmt` writes a `big.Float`.
pub(crate) fn float_text(verb: char, prec: Option<usize>, n: &Number) -> String {
    match verb {
        'e' | 'E' => {
            let p = prec.unwrap_or(6);
            let (d, dp) = decimal_digits(n, Some(p + 1));
            fmt_e(&d, dp, p, verb == 'E')
        }
        'f' | 'F' => {
            let p = prec.unwrap_or(6);
            let (d, dp) = rounded(n, Digits::AfterPoint(p));
            fmt_f(&d, dp, p)
        }
        _ => {
            // %g / %G, as Go's strconv does it.
            let shortest = prec.is_none();
            let mut prec = prec.map(|p| p.max(1));
            let (d, dp) = decimal_digits(n, prec);
            let nd = d.len().max(1) as i32;
            let dp = if d.is_empty() { 1 } else { dp };
            let p = prec.get_or_insert(nd as usize);
            let mut eprec = *p as i32;
            if eprec > nd && nd >= dp {
                eprec = nd;
            }
            if shortest {
                eprec = 6;
            }
            let exp = dp - 1;
            if exp < -4 || exp >= eprec {
                let pp = (*p as i32).min(nd);
                fmt_e(&d, dp, (pp - 1).max(0) as usize, verb == 'G')
            } else {
                let pp = if *p as i32 > dp { nd } else { *p as i32 };
                fmt_f(&d, dp, (pp - dp).max(0) as usize)
            }
        }
    }
}

/// The decimal digits of `n` (no leading or trailing zeros) and the
/// position of the point (`0.digits × 10^dp`): its shortest form at its own
/// precision, as Terraform prints it, or rounded half to even on its exact
/// value to `significant` digits, as Go's `big.Float` formats it.
fn decimal_digits(n: &Number, significant: Option<usize>) -> (String, i32) {
    match significant {
        None => {
            let plain = n.to_plain_string();
            let body = plain.trim_start_matches('-');
            let (ip, fp) = body.split_once('.').unwrap_or((body, ""));
            trim_digits(format!("{ip}{fp}"), ip.len() as i32)
        }
        Some(k) => rounded(n, Digits::Significant(k)),
    }
}

/// [`Number::rounded_digits`] for the formats (a finite number).
fn rounded(n: &Number, k: Digits) -> (String, i32) {
    let (d, dp) = n.rounded_digits(k).unwrap_or_default();
    (d, i32::try_from(dp).unwrap_or(i32::MAX))
}

fn trim_digits(digits: String, dp: i32) -> (String, i32) {
    let lead = digits.len() - digits.trim_start_matches('0').len();
    let d = digits[lead..].trim_end_matches('0').to_owned();
    if d.is_empty() {
        return (String::new(), 0);
    }
    (d, dp - lead as i32)
}

fn fmt_e(digits: &str, dp: i32, prec: usize, upper: bool) -> String {
    let mut s = String::new();
    let d: Vec<char> = if digits.is_empty() {
        vec!['0']
    } else {
        digits.chars().collect()
    };
    s.push(d[0]);
    if prec > 0 {
        s.push('.');
        for i in 1..=prec {
            s.push(*d.get(i).unwrap_or(&'0'));
        }
    }
    let exp = if digits.is_empty() { 0 } else { dp - 1 };
    s.push(if upper { 'E' } else { 'e' });
    s.push(if exp < 0 { '-' } else { '+' });
    let e = exp.unsigned_abs();
    if e < 10 {
        s.push('0');
    }
    s.push_str(&e.to_string());
    s
}

fn fmt_f(digits: &str, dp: i32, prec: usize) -> String {
    let mut s = String::new();
    if dp <= 0 {
        s.push('0');
    } else {
        for i in 0..dp as usize {
            s.push(digits.as_bytes().get(i).map_or('0', |&b| b as char));
        }
    }
    if prec > 0 {
        s.push('.');
        for i in 0..prec as i32 {
            let idx = dp + i;
            let c = if idx < 0 {
                '0'
            } else {
                digits
                    .as_bytes()
                    .get(idx as usize)
                    .map_or('0', |&b| b as char)
            };
            s.push(c);
        }
    }
    s
}
