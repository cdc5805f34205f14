//! Date and time functions (feature `datetime`): RFC 3339 timestamps as
//! Go's `time.Parse(time.RFC3339, ..)` reads them, Go durations, and
//! Terraform's `formatdate` specification language. Calendar arithmetic is
//! done by the `time` crate.

use time::{Date, Duration, Month, OffsetDateTime, PrimitiveDateTime, Time, UtcOffset};

use super::util::string;
use super::Registry;
use crate::eval::{FuncDef, ParamType};
use crate::value::Value;

pub(crate) fn register(r: &mut Registry) {
    r.insert(
        "formatdate",
        FuncDef::builder()
            .param("format", ParamType::String)
            .param("time", ParamType::String)
            .build(|a| {
                let mut it = a.into_iter().map(string);
                let (f, ts) = (it.next().unwrap_or_default(), it.next().unwrap_or_default());
                let t = parse_timestamp(&ts, CTY_MAX_OFFSET_HOUR)
                    .map_err(|e| format!("invalid value for \"time\" parameter: {e}"))?;
                formatdate(&f, &t)
                    .map(Value::from)
                    .map_err(|e| format!("invalid value for \"format\" parameter: {e}"))
            }),
    );
    r.insert(
        "timeadd",
        FuncDef::builder()
            .param("timestamp", ParamType::String)
            .param("duration", ParamType::String)
            .build(|a| {
                let mut it = a.into_iter().map(string);
                let (ts, d) = (it.next().unwrap_or_default(), it.next().unwrap_or_default());
                let t = parse_timestamp(&ts, CTY_MAX_OFFSET_HOUR)?;
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
            .param("timestamp_a", ParamType::String)
            .param("timestamp_b", ParamType::String)
            .build(|a| {
                let mut it = a.into_iter().map(string);
                let (x, y) = (it.next().unwrap_or_default(), it.next().unwrap_or_default());
                let x = parse_timestamp(&x, GO_MAX_OFFSET_HOUR)
                    .map_err(|e| format!("invalid value for \"timestamp_a\" parameter: {e}"))?;
                let y = parse_timestamp(&y, GO_MAX_OFFSET_HOUR)
                    .map_err(|e| format!("invalid value for \"timestamp_b\" parameter: {e}"))?;
                Ok(Value::from(match x.cmp(&y) {
                    std::cmp::Ordering::Less => -1i64,
                    std::cmp::Ordering::Equal => 0,
                    std::cmp::Ordering::Greater => 1,
                }))
            }),
    );
}

/// The largest UTC offset hour `formatdate` and `timeadd` accept (cty's
/// own timestamp parser).
const CTY_MAX_OFFSET_HOUR: u32 = 23;
/// The largest UTC offset hour `timecmp` accepts (Go's `time.Parse`).
const GO_MAX_OFFSET_HOUR: u32 = 24;

/// Parses `YYYY-MM-DDThh:mm:ss[.fff]Z` or `...±hh:mm`, strictly, with UTC
/// offsets of up to `max_offset_hour` hours (Terraform's functions use two
/// parsers that disagree there).
fn parse_timestamp(s: &str, max_offset_hour: u32) -> Result<OffsetDateTime, String> {
    let err = |m: String| format!("not a valid RFC3339 timestamp: {m}");
    let b = s.as_bytes();
    let mut pos = 0usize;
    let num = |pos: &mut usize, n: usize, what: &str| -> Result<u32, String> {
        let part = b
            .get(*pos..*pos + n)
            .filter(|p| p.iter().all(u8::is_ascii_digit));
        match part {
            Some(p) => {
                *pos += n;
                Ok(p.iter().fold(0u32, |acc, d| acc * 10 + (d - b'0') as u32))
            }
            None => {
                let rest = &s[(*pos).min(s.len())..];
                Err(err(format!("cannot use {rest:?} as {what}")))
            }
        }
    };
    let lit = |pos: &mut usize, c: u8, what: &str| -> Result<(), String> {
        if b.get(*pos) == Some(&c) {
            *pos += 1;
            Ok(())
        } else {
            Err(err(what.to_owned()))
        }
    };
    let year = num(&mut pos, 4, "year")?;
    lit(&mut pos, b'-', "missing '-' after year")?;
    let month = num(&mut pos, 2, "month")?;
    lit(&mut pos, b'-', "missing '-' after month")?;
    let day = num(&mut pos, 2, "day")?;
    lit(&mut pos, b'T', "missing required time introducer 'T'")?;
    let hour = num(&mut pos, 2, "hour")?;
    lit(&mut pos, b':', "missing ':' after hour")?;
    let minute = num(&mut pos, 2, "minute")?;
    lit(&mut pos, b':', "missing ':' after minute")?;
    let second = num(&mut pos, 2, "second")?;
    let mut nanos = 0u32;
    if b.get(pos) == Some(&b'.') {
        pos += 1;
        let start = pos;
        while pos < b.len() && b[pos].is_ascii_digit() {
            pos += 1;
        }
        if pos == start {
            return Err(err("missing fractional seconds".into()));
        }
        let digits = &s[start..pos];
        let mut n = 0u32;
        for (i, d) in digits.bytes().enumerate() {
            if i < 9 {
                n = n * 10 + (d - b'0') as u32;
            }
        }
        for _ in digits.len()..9 {
            n *= 10;
        }
        nanos = n;
    }
    let offset = match b.get(pos) {
        Some(b'Z') => {
            pos += 1;
            0i32
        }
        Some(&c @ (b'+' | b'-')) => {
            let sign_at = pos;
            pos += 1;
            let h = num(&mut pos, 2, "time zone offset hour")?;
            lit(&mut pos, b':', "missing ':' in time zone offset")?;
            let m = num(&mut pos, 2, "time zone offset minute")?;
            if h > max_offset_hour || m > 59 {
                return Err(err(format!(
                    "cannot use {:?} as UTC offset",
                    &s[sign_at..pos]
                )));
            }
            let secs = (h * 3600 + m * 60) as i32;
            if c == b'-' {
                -secs
            } else {
                secs
            }
        }
        _ => return Err(err("missing time zone offset (Z or ±hh:mm)".into())),
    };
    if pos != b.len() {
        return Err(err(format!("extra text {:?}", &s[pos..])));
    }
    let month = u8::try_from(month)
        .ok()
        .and_then(|m| Month::try_from(m).ok())
        .ok_or_else(|| err("month out of range".into()))?;
    let date = Date::from_calendar_date(year as i32, month, day as u8)
        .map_err(|_| err("day out of range".into()))?;
    if hour > 23 || minute > 59 || second > 59 {
        return Err(err("time out of range".into()));
    }
    let time = Time::from_hms_nano(hour as u8, minute as u8, second as u8, nanos)
        .map_err(|_| err("time out of range".into()))?;
    let offset = UtcOffset::from_whole_seconds(offset).map_err(|_| err("bad offset".into()))?;
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
