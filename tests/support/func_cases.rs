//! Shared by the function fixture tests: a tiny reader for the HCL subset
//! the cases use (literals, tuples, objects, function calls) that calls
//! the built-in functions directly, and a comparison against Terraform's
//! JSON output. (The evaluator proper is tested elsewhere; this keeps the
//! function tests independent of it.)

#![allow(dead_code)]

use hcl::eval::functions::builtin;
use hcl::{Map, Value};

pub struct Reader<'a> {
    s: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    pub fn new(s: &'a str) -> Self {
        Reader {
            s: s.as_bytes(),
            pos: 0,
        }
    }

    fn ws(&mut self) {
        while self.pos < self.s.len() && self.s[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.ws();
        self.s.get(self.pos).copied()
    }

    fn eat(&mut self, c: u8) -> bool {
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    /// Reads and evaluates the whole input. `Err(Some(msg))` is a function
    /// error, `Err(None)` input this reader does not understand.
    pub fn eval_all(&mut self) -> Result<Value, Option<String>> {
        let v = self.expr()?;
        if self.peek().is_some() {
            return Err(None);
        }
        Ok(v)
    }

    fn expr(&mut self) -> Result<Value, Option<String>> {
        match self.peek().ok_or(None)? {
            b'"' => self.string().map(Value::String),
            b'[' => {
                self.pos += 1;
                let mut items = Vec::new();
                while !self.eat(b']') {
                    items.push(self.expr()?);
                    self.eat(b',');
                }
                Ok(Value::Array(items))
            }
            b'{' => {
                self.pos += 1;
                let mut o = Map::new();
                while !self.eat(b'}') {
                    let k = match self.peek().ok_or(None)? {
                        b'"' => self.string()?,
                        _ => self.word(),
                    };
                    if !self.eat(b'=') && !self.eat(b':') {
                        return Err(None);
                    }
                    let v = self.expr()?;
                    o.insert(k, v);
                    self.eat(b',');
                }
                Ok(Value::Object(o))
            }
            c if c == b'-' || c.is_ascii_digit() => {
                let start = self.pos;
                self.pos += 1;
                while self.pos < self.s.len()
                    && (self.s[self.pos].is_ascii_alphanumeric() || self.s[self.pos] == b'.')
                {
                    self.pos += 1;
                }
                let text = std::str::from_utf8(&self.s[start..self.pos]).map_err(|_| None)?;
                let (neg, body) = match text.strip_prefix('-') {
                    Some(b) => (true, b),
                    None => (false, text),
                };
                let n = hcl::Number::parse_literal(body).ok_or(None)?;
                if !neg {
                    return Ok(Value::Number(n));
                }
                if let Some(u) = n.as_u64().filter(|u| *u <= i64::MAX as u64) {
                    return Ok(Value::from(-(u as i64)));
                }
                Ok(Value::from(-n.as_f64()))
            }
            _ => {
                let mut name = self.word();
                if name.is_empty() {
                    return Err(None);
                }
                match name.as_str() {
                    "true" => return Ok(Value::Bool(true)),
                    "false" => return Ok(Value::Bool(false)),
                    "null" => return Ok(Value::Null),
                    _ => {}
                }
                if name == "core" && self.s[self.pos..].starts_with(b"::") {
                    self.pos += 2;
                    name = self.word();
                }
                if !self.eat(b'(') {
                    return Err(None);
                }
                let mut args = Vec::new();
                while !self.eat(b')') {
                    args.push(self.expr()?);
                    if self.s[self.pos..].starts_with(b"...") {
                        self.pos += 3;
                        match args.pop() {
                            Some(Value::Array(a)) => args.extend(a),
                            _ => return Err(Some("invalid expanding argument".into())),
                        }
                    }
                    self.eat(b',');
                }
                let f = builtin(&name).ok_or(None)?;
                f.call(args).map_err(Some)
            }
        }
    }

    fn word(&mut self) -> String {
        self.ws();
        let start = self.pos;
        while self.pos < self.s.len()
            && (self.s[self.pos].is_ascii_alphanumeric() || self.s[self.pos] == b'_')
        {
            self.pos += 1;
        }
        String::from_utf8_lossy(&self.s[start..self.pos]).into_owned()
    }

    fn string(&mut self) -> Result<String, Option<String>> {
        self.ws();
        self.pos += 1;
        let mut out = Vec::new();
        loop {
            let c = *self.s.get(self.pos).ok_or(None)?;
            self.pos += 1;
            match c {
                b'"' => break,
                b'$' if self.s[self.pos..].starts_with(b"${") => {
                    out.extend_from_slice(b"${");
                    self.pos += 2;
                }
                b'$' if self.s[self.pos..].starts_with(b"{") => return Err(None),
                b'\\' => {
                    let e = *self.s.get(self.pos).ok_or(None)?;
                    self.pos += 1;
                    match e {
                        b'n' => out.push(b'\n'),
                        b't' => out.push(b'\t'),
                        b'r' => out.push(b'\r'),
                        b'"' => out.push(b'"'),
                        b'\\' => out.push(b'\\'),
                        b'u' => {
                            let hex = std::str::from_utf8(&self.s[self.pos..self.pos + 4])
                                .map_err(|_| None)?;
                            self.pos += 4;
                            let c = char::from_u32(u32::from_str_radix(hex, 16).map_err(|_| None)?)
                                .ok_or(None)?;
                            let mut b = [0; 4];
                            out.extend_from_slice(c.encode_utf8(&mut b).as_bytes());
                        }
                        _ => return Err(None),
                    }
                }
                c => out.push(c),
            }
        }
        String::from_utf8(out).map_err(|_| None)
    }
}

/// Whether our value matches Terraform's JSON (numbers with a relative
/// tolerance, object keys in any order).
pub fn matches(ours: &Value, theirs: &serde_json::Value) -> bool {
    use serde_json::Value as J;
    match (ours, theirs) {
        (Value::Null, J::Null) => true,
        (Value::Bool(a), J::Bool(b)) => a == b,
        (Value::String(a), J::String(b)) => a == b,
        (Value::Number(a), J::Number(b)) => {
            let (x, y) = (a.as_f64(), b.as_f64().unwrap_or(f64::NAN));
            x == y || (x - y).abs() <= 1e-12 * x.abs().max(y.abs())
        }
        (Value::Array(a), J::Array(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(x, y)| matches(x, y))
        }
        (Value::Object(a), J::Object(b)) => {
            a.len() == b.len()
                && a.iter()
                    .all(|(k, v)| b.get(k).is_some_and(|w| matches(v, w)))
        }
        _ => false,
    }
}

/// Runs cases (`{"id", "hcl", "expect" | "error"}`); returns failures.
pub fn run(cases: &[serde_json::Value], skip: &[&str]) -> (usize, Vec<String>) {
    let mut failures = Vec::new();
    let mut ran = 0;
    for case in cases {
        let id = case["id"].as_str().unwrap_or_default();
        if skip.contains(&id) {
            continue;
        }
        let hcl = case["hcl"].as_str().unwrap_or_default();
        if !functions_available(hcl) {
            continue;
        }
        ran += 1;
        let got = Reader::new(hcl).eval_all();
        match (case.get("expect"), got) {
            (Some(want), Ok(v)) if matches(&v, want) => {}
            (Some(want), Ok(v)) => {
                failures.push(format!("{id}: {hcl}\n   want {want}\n   got  {v:?}"))
            }
            (Some(want), Err(e)) => {
                failures.push(format!("{id}: {hcl}\n   want {want}\n   got error {e:?}"))
            }
            (None, Err(Some(_))) => {}
            (None, Err(None)) => {
                failures.push(format!("{id}: {hcl}\n   not understood by the case reader"))
            }
            (None, Ok(v)) => failures.push(format!(
                "{id}: {hcl}\n   want error {}\n   got  {v:?}",
                case["error"]
            )),
        }
    }
    (ran, failures)
}

/// Whether every function the case calls exists in this build (optional
/// families are absent without their cargo feature).
fn functions_available(hcl: &str) -> bool {
    let b = hcl.as_bytes();
    let mut i = 0;
    let mut in_str = false;
    while i < b.len() {
        let c = b[i];
        if in_str {
            if c == b'\\' {
                i += 2;
                continue;
            }
            if c == b'"' {
                in_str = false;
            }
            i += 1;
            continue;
        }
        if c == b'"' {
            in_str = true;
            i += 1;
            continue;
        }
        if c.is_ascii_alphabetic() {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            let name = &hcl[start..i];
            if b.get(i) == Some(&b'(') && builtin(name).is_none() {
                return false;
            }
            continue;
        }
        i += 1;
    }
    true
}
