//! A small JSON reader for the oracle runners: numbers are kept as
//! written (the oracles give exact decimals), objects sorted by key; and
//! the comparison of a JSON value with an [`hcl::Value`].
// (Each runner uses what it needs of this module.)
#![allow(dead_code)]

use std::collections::BTreeMap;

#[derive(Debug, Clone, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    /// A number, as written.
    Num(String),
    Str(String),
    Arr(Vec<Json>),
    Obj(BTreeMap<String, Json>),
}

struct JsonReader<'a> {
    b: &'a [u8],
    s: &'a str,
    i: usize,
}

impl JsonReader<'_> {
    fn ws(&mut self) {
        while self.i < self.b.len() && self.b[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }
    fn value(&mut self) -> Json {
        self.ws();
        match self.b[self.i] {
            b'n' => {
                self.i += 4;
                Json::Null
            }
            b't' => {
                self.i += 4;
                Json::Bool(true)
            }
            b'f' => {
                self.i += 5;
                Json::Bool(false)
            }
            b'"' => Json::Str(self.string()),
            b'[' => {
                self.i += 1;
                let mut v = Vec::new();
                loop {
                    self.ws();
                    if self.b[self.i] == b']' {
                        self.i += 1;
                        break;
                    }
                    v.push(self.value());
                    self.ws();
                    if self.b[self.i] == b',' {
                        self.i += 1;
                    }
                }
                Json::Arr(v)
            }
            b'{' => {
                self.i += 1;
                let mut m = BTreeMap::new();
                loop {
                    self.ws();
                    if self.b[self.i] == b'}' {
                        self.i += 1;
                        break;
                    }
                    let k = self.string();
                    self.ws();
                    self.i += 1; // ':'
                    let v = self.value();
                    m.insert(k, v);
                    self.ws();
                    if self.b[self.i] == b',' {
                        self.i += 1;
                    }
                }
                Json::Obj(m)
            }
            _ => {
                let start = self.i;
                while self.i < self.b.len()
                    && matches!(
                        self.b[self.i],
                        b'0'..=b'9' | b'-' | b'+' | b'.' | b'e' | b'E'
                    )
                {
                    self.i += 1;
                }
                Json::Num(self.s[start..self.i].to_owned())
            }
        }
    }
    fn hex4(&mut self) -> u32 {
        let h = u32::from_str_radix(&self.s[self.i..self.i + 4], 16).expect("hex");
        self.i += 4;
        h
    }
    fn string(&mut self) -> String {
        self.i += 1;
        let mut out = String::new();
        loop {
            let c = self.b[self.i];
            match c {
                b'"' => {
                    self.i += 1;
                    return out;
                }
                b'\\' => {
                    self.i += 1;
                    let e = self.b[self.i];
                    self.i += 1;
                    match e {
                        b'n' => out.push('\n'),
                        b't' => out.push('\t'),
                        b'r' => out.push('\r'),
                        b'b' => out.push('\u{8}'),
                        b'f' => out.push('\u{c}'),
                        b'u' => {
                            let mut h = self.hex4();
                            if (0xD800..0xDC00).contains(&h) && self.b[self.i] == b'\\' {
                                self.i += 2;
                                let lo = self.hex4();
                                h = 0x10000 + ((h - 0xD800) << 10) + (lo - 0xDC00);
                            }
                            out.push(char::from_u32(h).unwrap_or('\u{fffd}'));
                        }
                        other => out.push(other as char),
                    }
                }
                _ => {
                    let ch = self.s[self.i..].chars().next().unwrap();
                    out.push(ch);
                    self.i += ch.len_utf8();
                }
            }
        }
    }
}

pub fn read_json(s: &str) -> Json {
    JsonReader {
        b: s.as_bytes(),
        s,
        i: 0,
    }
    .value()
}

/// Whether `got` is the JSON value `expect` (numbers as exact decimals).
pub fn matches(expect: &Json, got: &hcl::Value) -> bool {
    match (expect, got) {
        (Json::Null, hcl::Value::Null) => true,
        (Json::Bool(a), hcl::Value::Bool(b)) => a == b,
        (Json::Num(a), hcl::Value::Number(n)) => same_number(a, n),
        (Json::Str(a), hcl::Value::String(b)) => a == b,
        (Json::Arr(a), hcl::Value::Array(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(x, y)| matches(x, y))
        }
        (Json::Obj(a), hcl::Value::Object(b)) if a.len() == 1 && a.contains_key("$unknown") => {
            // An unknown value, as the runner marks it.
            b.len() == 1
                && matches!((&a["$unknown"], b.get("$unknown")), (Json::Str(x), Some(hcl::Value::String(y))) if x == y)
        }
        (Json::Obj(a), hcl::Value::Object(b)) => {
            a.len() == b.len()
                && a.iter()
                    .all(|(k, x)| b.get(k.as_str()).is_some_and(|y| matches(x, y)))
        }
        _ => false,
    }
}

/// Compares a decimal as Terraform's `jsonencode` wrote it with ours, as
/// exact decimals: `1.50` and `1.5` are equal, `0.1` and `0.1000000001`
/// are not.
pub fn same_number(text: &str, n: &hcl::Number) -> bool {
    fn canonical(s: &str) -> String {
        let (neg, s) = match s.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, s),
        };
        let (int, frac) = s.split_once('.').unwrap_or((s, ""));
        let int = int.trim_start_matches('0');
        let frac = frac.trim_end_matches('0');
        let body = match (int.is_empty(), frac.is_empty()) {
            (true, true) => return "0".into(),
            (_, true) => int.to_owned(),
            (true, false) => format!("0.{frac}"),
            (false, false) => format!("{int}.{frac}"),
        };
        if neg {
            format!("-{body}")
        } else {
            body
        }
    }
    canonical(text) == canonical(&n.to_plain_string())
}
