//! Date and time functions (feature `datetime`): RFC 3339 timestamps as
//! cty's strict reader and Go's `time.Parse(time.RFC3339, ..)` read them
//! (with the errors they report), Go durations, and
//! Terraform's `formatdate` specification language. Calendar arithmetic is
//! done by the `time` crate.

use time::{Date, Duration, Month, OffsetDateTime, PrimitiveDateTime, Time, UtcOffset};

use super::util::string;
use super::Registry;
use crate::eval::{FuncDef, FuncError};
use crate::value::{Type, Value};

pub(crate) fn register(r: &mut Registry) {
    r.insert(
        "formatdate",
        FuncDef::builder()
            .returns(Type::String)
            .param("format", Type::String)
            .param("time", Type::String)
            .build(|a| {
                let mut it = a.into_iter().map(string);
                let (f, ts) = (it.next().unwrap_or_default(), it.next().unwrap_or_default());
                let t = parse_timestamp(&ts, Reading::Cty).map_err(|e| FuncError::arg(1, e))?;
                formatdate(&f, &t)
                    .map(Value::from)
                    .map_err(|e| FuncError::arg(0, e))
            }),
    );
    r.insert(
        "timeadd",
        FuncDef::builder()
            .returns_nullable(Type::String)
            .param("timestamp", Type::String)
            .param("duration", Type::String)
            .build(|a| {
                let mut it = a.into_iter().map(string);
                let (ts, d) = (it.next().unwrap_or_default(), it.next().unwrap_or_default());
                let t = parse_timestamp(&ts, Reading::Cty)?;
                let nanos = parse_duration(&d)?;
                let t = t
                    .checked_add(Duration::nanoseconds(nanos))
                    .ok_or("the resulting time is out of range")?;
                Ok(Value::String(rfc3339(&t).into()))
            }),
    );
    r.insert(
        "timecmp",
        FuncDef::builder()
            .returns(Type::Number)
            .param("timestamp_a", Type::String)
            .param("timestamp_b", Type::String)
            .build(|a| {
                let mut it = a.into_iter().map(string);
                let (x, y) = (it.next().unwrap_or_default(), it.next().unwrap_or_default());
                let x = parse_timestamp(&x, Reading::Go).map_err(|e| FuncError::arg(0, e))?;
                let y = parse_timestamp(&y, Reading::Go).map_err(|e| FuncError::arg(1, e))?;
                Ok(Value::from(match x.cmp(&y) {
                    std::cmp::Ordering::Less => -1i64,
                    std::cmp::Ordering::Equal => 0,
                    std::cmp::Ordering::Greater => 1,
                }))
            }),
    );
}

/// Which reading of RFC 3339 a function uses: cty's strict one
/// (`formatdate`, `timeadd`) or Go's `time.Parse` (`timecmp`, Terraform's
/// own), which takes a one-digit hour, a comma before the fraction and UTC
/// offsets up to 24:60. Both report Go's parse errors in words of their
/// own.
#[derive(Clone, Copy, PartialEq)]
enum Reading {
    Cty,
    Go,
}

/// A timestamp's fields as read.
struct Stamp {
    year: u32,
    month: u32,
    day: u32,
    hour: u32,
    minute: u32,
    second: u32,
    nanos: u32,
    offset: i32,
}

/// Go's `time.ParseError`: the layout element and the rest of the value
/// where reading stopped, and the message.
struct ParseError {
    layout: &'static str,
    value: String,
    message: String,
}

impl ParseError {
    fn new(layout: &'static str, value: &[u8], message: &str) -> Self {
        ParseError {
            layout,
            value: String::from_utf8_lossy(value).into_owned(),
            message: message.to_owned(),
        }
    }
}

const RFC3339: &str = "2006-01-02T15:04:05Z07:00";

/// The value of `digits` (nine at most count) as nanoseconds.
fn nanoseconds(digits: &[u8]) -> u32 {
    let mut n = 0u32;
    for i in 0..9 {
        n = n * 10 + digits.get(i).map_or(0, |d| u32::from(d - b'0'));
    }
    n
}

/// Go's `time.Parse(time.RFC3339, s)`, step by step as Go reads the layout
/// (the rest of the value each error holds is Go's).
fn go_parse(s: &str) -> Result<Stamp, ParseError> {
    let fail = ParseError::new;
    /// Go's `getnum`: one or (`fixed`) exactly two digits.
    fn getnum(v: &[u8], fixed: bool) -> Option<(u32, &[u8])> {
        let d = |i: usize| {
            v.get(i)
                .filter(|c| c.is_ascii_digit())
                .map(|c| u32::from(c - b'0'))
        };
        match (d(0)?, d(1)) {
            (_, None) if fixed => None,
            (a, None) => Some((a, &v[1..])),
            (a, Some(b)) => Some((a * 10 + b, &v[2..])),
        }
    }
    let skip = |v: &[u8], c: u8| -> Result<usize, ParseError> {
        match v.first() {
            Some(&x) if x == c => Ok(1),
            _ => Err(fail(
                if c == b'T' {
                    "T"
                } else if c == b'-' {
                    "-"
                } else {
                    ":"
                },
                v,
                "",
            )),
        }
    };
    let mut v = s.as_bytes();
    if v.len() < 4 || !v[..4].iter().all(u8::is_ascii_digit) {
        return Err(fail("2006", v, ""));
    }
    let year = v[..4].iter().fold(0, |n, d| n * 10 + u32::from(d - b'0'));
    v = &v[4..];
    v = &v[skip(v, b'-')?..];
    let (month, rest) = getnum(v, true).ok_or_else(|| fail("01", v, ""))?;
    if !(1..=12).contains(&month) {
        return Err(fail("01", rest, ": month out of range"));
    }
    v = &rest[skip(rest, b'-')?..];
    let (day, rest) = getnum(v, true).ok_or_else(|| fail("02", v, ""))?;
    v = &rest[skip(rest, b'T')?..];
    let (hour, rest) = getnum(v, false).ok_or_else(|| fail("15", v, ""))?;
    if hour >= 24 {
        return Err(fail("15", rest, ": hour out of range"));
    }
    v = &rest[skip(rest, b':')?..];
    let (minute, rest) = getnum(v, true).ok_or_else(|| fail("04", v, ""))?;
    if minute >= 60 {
        return Err(fail("04", rest, ": minute out of range"));
    }
    v = &rest[skip(rest, b':')?..];
    let (second, rest) = getnum(v, true).ok_or_else(|| fail("05", v, ""))?;
    if second >= 60 {
        return Err(fail("05", rest, ": second out of range"));
    }
    v = rest;
    let mut nanos = 0;
    if v.len() >= 2 && matches!(v[0], b'.' | b',') && v[1].is_ascii_digit() {
        let n = 1 + v[1..].iter().take_while(|c| c.is_ascii_digit()).count();
        nanos = nanoseconds(&v[1..n]);
        v = &v[n..];
    }
    let offset = if v.first() == Some(&b'Z') {
        v = &v[1..];
        0
    } else {
        let bad = || fail("Z07:00", v, "");
        if v.len() < 6 || v[3] != b':' {
            return Err(bad());
        }
        let hr = getnum(&v[1..3], true);
        // (Go reads the minutes only after good hours.)
        let mm = hr.and_then(|_| getnum(&v[4..6], true));
        let (h, m) = (hr.map_or(0, |x| x.0), mm.map_or(0, |x| x.0));
        let range = if m > 60 {
            "minute"
        } else if h > 24 {
            "hour"
        } else {
            ""
        };
        if !range.is_empty() {
            let msg = format!(": time zone offset {range} out of range");
            return Err(fail("Z07:00", &v[6..], &msg));
        }
        let secs = ((h * 60 + m) * 60) as i32;
        let offset = match (hr.and(mm), v[0]) {
            (Some(_), b'+') => secs,
            (Some(_), b'-') => -secs,
            _ => return Err(bad()),
        };
        v = &v[6..];
        offset
    };
    if !v.is_empty() {
        let extra = String::from_utf8_lossy(v).into_owned();
        return Err(fail("", v, &format!(": extra text: {extra:?}")));
    }
    if day < 1 || day > super::util::days_in_month(month, year) {
        return Err(fail("", b"", ": day out of range"));
    }
    Ok(Stamp {
        year,
        month,
        day,
        hour,
        minute,
        second,
        nanos,
        offset,
    })
}

/// cty's `parseRFC3339`: RFC 3339 exactly (two-digit fields in range, a
/// period before the fraction, offsets up to 23:59).
fn strict_parse(s: &str) -> Option<Stamp> {
    let b = s.as_bytes();
    if b.len() < 19 {
        return None;
    }
    let num = |r: std::ops::Range<usize>, max: u32| -> Option<u32> {
        let d = &b[r];
        d.iter()
            .all(u8::is_ascii_digit)
            .then(|| d.iter().fold(0, |n, c| n * 10 + u32::from(c - b'0')))
            .filter(|&n| n <= max)
    };
    let year = num(0..4, 9999)?;
    let month = num(5..7, 12).filter(|&m| m >= 1)?;
    let day = num(8..10, super::util::days_in_month(month, year)).filter(|&d| d >= 1)?;
    let hour = num(11..13, 23)?;
    let minute = num(14..16, 59)?;
    let second = num(17..19, 59)?;
    if [(4, b'-'), (7, b'-'), (10, b'T'), (13, b':'), (16, b':')]
        .iter()
        .any(|&(i, c)| b[i] != c)
    {
        return None;
    }
    let mut rest = &b[19..];
    let mut nanos = 0;
    if rest.len() >= 2 && rest[0] == b'.' && rest[1].is_ascii_digit() {
        let n = 1 + rest[1..].iter().take_while(|c| c.is_ascii_digit()).count();
        nanos = nanoseconds(&rest[1..n]);
        rest = &rest[n..];
    }
    let offset = if rest == b"Z" {
        0
    } else {
        if rest.len() != 6 || rest[3] != b':' {
            return None;
        }
        let two = |i: usize, max: u32| {
            (rest[i].is_ascii_digit() && rest[i + 1].is_ascii_digit())
                .then(|| u32::from(rest[i] - b'0') * 10 + u32::from(rest[i + 1] - b'0'))
                .filter(|&n| n <= max)
        };
        let secs = ((two(1, 23)? * 60 + two(4, 59)?) * 60) as i32;
        match rest[0] {
            b'+' => secs,
            b'-' => -secs,
            _ => return None,
        }
    };
    Some(Stamp {
        year,
        month,
        day,
        hour,
        minute,
        second,
        nanos,
        offset,
    })
}

/// What cty's strict reading refuses that Go's accepts (cty's
/// `parseStrictRFC3339`), as the parse error it makes of it.
fn strict_refusal(s: &str) -> ParseError {
    let b = s.as_bytes();
    let err = ParseError::new;
    let num2 =
        |i: usize| u32::from(b[i].wrapping_sub(b'0')) * 10 + u32::from(b[i + 1].wrapping_sub(b'0'));
    if b.get(12) == Some(&b':') {
        return err("15", &b[11..12], ": hour must have two digits");
    }
    if b.get(19) == Some(&b',') {
        return err(".", b",", ": sub-second separator must be a period");
    }
    if b.last() != Some(&b'Z') && b.len() >= 6 {
        let n = b.len();
        if num2(n - 5) >= 24 {
            return err("Z07:00", &b[n - 6..], ": timezone hour out of range");
        }
        if num2(n - 2) >= 60 {
            return err("Z07:00", &b[n - 6..], ": timezone minute out of range");
        }
    }
    err(RFC3339, b, "")
}

/// A parse error in the words of cty's or Terraform's `parseTimestamp`
/// (cty adds its hour and minute sentences).
fn parse_error_message(e: &ParseError, reading: Reading) -> String {
    let head = "not a valid RFC3339 timestamp";
    if e.layout.is_empty() && e.value.is_empty() && !e.message.is_empty() {
        return format!("{head}{}", e.message);
    }
    let what = match e.layout {
        "2006" => "year",
        "01" => "month",
        "02" => "day of month",
        "15" => "hour",
        "04" => "minute",
        "05" => "second",
        "Z07:00" => "UTC offset",
        "T" => return format!("{head}: missing required time introducer 'T'"),
        ":" | "-" if e.value.is_empty() => {
            return format!("{head}: end of string where {:?} is expected", e.layout)
        }
        ":" | "-" => {
            return format!(
                "{head}: found {:?} where {:?} is expected",
                e.value, e.layout
            )
        }
        _ => "timestamp segment",
    };
    if e.value.is_empty() {
        return format!("{head}: end of string before {what}");
    }
    if reading == Reading::Cty {
        if what == "hour" && e.value.contains(':') {
            return format!("{head}: hour must be between 0 and 23 inclusive");
        }
        if (what == "hour" || what == "minute") && e.value.len() != 2 {
            return format!("{head}: {what} must have exactly two digits");
        }
    }
    format!("{head}: cannot use {:?} as {what}", e.value)
}

/// An RFC 3339 timestamp read as `reading` reads it.
fn parse_timestamp(s: &str, reading: Reading) -> Result<OffsetDateTime, String> {
    let stamp = match reading {
        Reading::Go => go_parse(s).map_err(|e| parse_error_message(&e, reading))?,
        Reading::Cty => match strict_parse(s) {
            Some(t) => t,
            None => {
                let e = match go_parse(s) {
                    Err(e) => e,
                    Ok(_) => strict_refusal(s),
                };
                return Err(parse_error_message(&e, reading));
            }
        },
    };
    let out_of_range = || "the time is out of range".to_owned();
    let month = Month::try_from(stamp.month as u8).map_err(|_| out_of_range())?;
    let date = Date::from_calendar_date(stamp.year as i32, month, stamp.day as u8)
        .map_err(|_| out_of_range())?;
    let time = Time::from_hms_nano(
        stamp.hour as u8,
        stamp.minute as u8,
        stamp.second as u8,
        stamp.nanos,
    )
    .map_err(|_| out_of_range())?;
    let offset = UtcOffset::from_whole_seconds(stamp.offset).map_err(|_| out_of_range())?;
    Ok(PrimitiveDateTime::new(date, time).assume_offset(offset))
}

/// Go's `time.ParseDuration`, in nanoseconds.
fn parse_duration(s: &str) -> Result<i64, String> {
    let invalid = || format!("time: invalid duration {s:?}");
    let (neg, mut rest) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    if rest == "0" {
        return Ok(0);
    }
    if rest.is_empty() {
        return Err(invalid());
    }
    let mut total: i128 = 0;
    while !rest.is_empty() {
        let int_len = rest.bytes().take_while(u8::is_ascii_digit).count();
        let int_part = &rest[..int_len];
        rest = &rest[int_len..];
        let mut frac_part = "";
        if rest.starts_with('.') {
            rest = &rest[1..];
            let n = rest.bytes().take_while(u8::is_ascii_digit).count();
            frac_part = &rest[..n];
            rest = &rest[n..];
        }
        if int_part.is_empty() && frac_part.is_empty() {
            return Err(invalid());
        }
        let unit_len = rest
            .char_indices()
            .find(|(_, c)| *c == '.' || c.is_ascii_digit())
            .map_or(rest.len(), |(i, _)| i);
        let unit = &rest[..unit_len];
        rest = &rest[unit_len..];
        let scale: i128 = match unit {
            "ns" => 1,
            "us" | "\u{b5}s" | "\u{3bc}s" => 1_000,
            "ms" => 1_000_000,
            "s" => 1_000_000_000,
            "m" => 60_000_000_000,
            "h" => 3_600_000_000_000,
            "" => return Err(format!("time: missing unit in duration {s:?}")),
            u => return Err(format!("time: unknown unit {u:?} in duration {s:?}")),
        };
        let int: i128 = if int_part.is_empty() {
            0
        } else {
            int_part.parse().map_err(|_| invalid())?
        };
        let mut v = int.checked_mul(scale).ok_or_else(invalid)?;
        if !frac_part.is_empty() {
            let mut f = 0f64;
            let mut sc = 1f64;
            for d in frac_part.bytes().take(30) {
                f = f * 10.0 + (d - b'0') as f64;
                sc *= 10.0;
            }
            v += (f * (scale as f64 / sc)) as i128;
        }
        total = total.checked_add(v).ok_or_else(invalid)?;
        if total > i64::MAX as i128 {
            return Err(invalid());
        }
    }
    Ok(if neg { -(total as i64) } else { total as i64 })
}

fn offset_text(t: &OffsetDateTime, colon: bool) -> String {
    let secs = t.offset().whole_seconds();
    let sign = if secs < 0 { '-' } else { '+' };
    let a = secs.unsigned_abs();
    if colon {
        format!("{sign}{:02}:{:02}", a / 3600, a % 3600 / 60)
    } else {
        format!("{sign}{:02}{:02}", a / 3600, a % 3600 / 60)
    }
}

/// RFC 3339 without fractional seconds, `Z` for UTC (Go's `time.RFC3339`).
fn rfc3339(t: &OffsetDateTime) -> String {
    let zone = if t.offset().is_utc() {
        "Z".to_owned()
    } else {
        offset_text(t, true)
    };
    format!(
        "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}{zone}",
        t.year(),
        t.month() as u8,
        t.day(),
        t.hour(),
        t.minute(),
        t.second()
    )
}

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
const DAYS: [&str; 7] = [
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
];

fn formatdate(f: &str, t: &OffsetDateTime) -> Result<String, String> {
    let chars: Vec<char> = f.chars().collect();
    let mut out = String::with_capacity(f.len() + 16);
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '\'' {
            if chars.get(i + 1) == Some(&'\'') {
                out.push('\'');
                i += 2;
                continue;
            }
            // A quoted literal; '' inside it is one quote.
            i += 1;
            loop {
                match chars.get(i) {
                    None => return Err("unterminated literal '".into()),
                    Some('\'') if chars.get(i + 1) == Some(&'\'') => {
                        out.push('\'');
                        i += 2;
                    }
                    Some('\'') => {
                        i += 1;
                        break;
                    }
                    Some(&c) => {
                        out.push(c);
                        i += 1;
                    }
                }
            }
            continue;
        }
        if !c.is_ascii_alphabetic() {
            out.push(c);
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len() && chars[i] == c {
            i += 1;
        }
        let n = i - start;
        let tok: String = chars[start..i].iter().collect();
        let bad = |what: &str| -> Result<String, String> {
            Err(format!("invalid date format verb {tok:?}: {what}"))
        };
        let h12 = match t.hour() % 12 {
            0 => 12,
            h => h,
        };
        let piece = match (c, n) {
            ('Y', 2) => format!("{:02}", t.year().rem_euclid(100)),
            ('Y', 4) => format!("{:04}", t.year()),
            ('Y', _) => bad("year must either be \"YY\" or \"YYYY\"")?,
            ('M', 1) => (t.month() as u8).to_string(),
            ('M', 2) => format!("{:02}", t.month() as u8),
            ('M', 3) => MONTHS[t.month() as usize - 1][..3].to_owned(),
            ('M', 4) => MONTHS[t.month() as usize - 1].to_owned(),
            ('M', _) => bad("month must be \"M\", \"MM\", \"MMM\", or \"MMMM\"")?,
            ('D', 1) => t.day().to_string(),
            ('D', 2) => format!("{:02}", t.day()),
            ('D', _) => bad("day of month must either be \"D\" or \"DD\"")?,
            ('E', 3) => DAYS[t.weekday().number_days_from_monday() as usize][..3].to_owned(),
            ('E', 4) => DAYS[t.weekday().number_days_from_monday() as usize].to_owned(),
            ('E', _) => bad("day of week must either be \"EEE\" or \"EEEE\"")?,
            ('h', 1) => t.hour().to_string(),
            ('h', 2) => format!("{:02}", t.hour()),
            ('h', _) => bad("24-hour must either be \"h\" or \"hh\"")?,
            ('H', 1) => h12.to_string(),
            ('H', 2) => format!("{h12:02}"),
            ('H', _) => bad("12-hour must either be \"H\" or \"HH\"")?,
            ('A', 2) | ('a', 2) => {
                let pm = t.hour() >= 12;
                let s = if pm { "PM" } else { "AM" };
                if c == 'a' {
                    s.to_ascii_lowercase()
                } else {
                    s.to_owned()
                }
            }
            ('A', _) => bad("must be \"AA\"")?,
            ('a', _) => bad("must be \"aa\"")?,
            ('m', 1) => t.minute().to_string(),
            ('m', 2) => format!("{:02}", t.minute()),
            ('m', _) => bad("minute must either be \"m\" or \"mm\"")?,
            ('s', 1) => t.second().to_string(),
            ('s', 2) => format!("{:02}", t.second()),
            ('s', _) => bad("second must either be \"s\" or \"ss\"")?,
            ('Z', 1) => {
                if t.offset().is_utc() {
                    "Z".to_owned()
                } else {
                    offset_text(t, true)
                }
            }
            ('Z', 3) => {
                let s = offset_text(t, false);
                if s == "+0000" {
                    "UTC".to_owned()
                } else {
                    s
                }
            }
            ('Z', 4) => offset_text(t, false),
            ('Z', 5) => offset_text(t, true),
            ('Z', _) => bad("time zone must be Z, ZZZZ, or ZZZZZ")?,
            _ => return Err(format!("invalid date format verb {tok:?}")),
        };
        out.push_str(&piece);
    }
    Ok(out)
}
