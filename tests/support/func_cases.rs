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
    extra: &'a [(&'static str, hcl::eval::FuncDef)],
}

impl<'a> Reader<'a> {
    pub fn new(s: &'a str) -> Self {
        Reader {
            s: s.as_bytes(),
            pos: 0,
            extra: &[],
        }
    }

    /// Also offers `extra` functions, looked up before the built-ins.
    pub fn with_functions(s: &'a str, extra: &'a [(&'static str, hcl::eval::FuncDef)]) -> Self {
        Reader {
            s: s.as_bytes(),
            pos: 0,
            extra,
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
            b'"' => self.string().map(Value::from),
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
                    && (self.s[self.pos].is_ascii_alphanumeric()
                        || self.s[self.pos] == b'.'
                        || (matches!(self.s[self.pos], b'-' | b'+')
                            && matches!(self.s[self.pos - 1], b'e' | b'E')))
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
                if n.as_u64() == Some(0) {
                    return Ok(Value::from(-0.0));
                }
                if let Some(u) = n.as_u64().filter(|u| *u <= i64::MAX as u64) {
                    return Ok(Value::from(-(u as i64)));
                }
                // Exactly (a large literal's digits are kept).
                Ok(Value::Number(n.neg()))
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
                let f = self
                    .extra
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, f)| f)
                    .or_else(|| builtin(&name))
                    .ok_or(None)?;
                f.call(args).map_err(|e| Some(e.to_string()))
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
        // Terraform's text of the number, digit for digit (`jsonencode`'s,
        // which is `tostring`'s).
        (Value::Number(a), J::String(b)) if b.starts_with(NUMBER_MARK) => {
            a.to_plain_string() == b[NUMBER_MARK.len()..]
        }
        (Value::Array(a), J::Array(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(x, y)| matches(x, y))
        }
        (Value::Object(a), J::Object(b)) => {
            a.len() == b.len()
                && a.iter()
                    .all(|(k, v)| b.get(k.as_str()).is_some_and(|w| matches(v, w)))
        }
        _ => false,
    }
}

/// Runs cases (`{"id", "hcl", "expect" | "error"}`); returns failures.
pub fn run(cases: &[serde_json::Value], skip: &[&str]) -> (usize, Vec<String>) {
    run_with(cases, skip, &[])
}

/// [`run`] with extra functions (e.g. filesystem functions bound to a base
/// directory).
pub fn run_with(
    cases: &[serde_json::Value],
    skip: &[&str],
    extra: &[(&'static str, hcl::eval::FuncDef)],
) -> (usize, Vec<String>) {
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
        let got = Reader::with_functions(hcl, extra).eval_all();
        match (case.get("expect"), got) {
            (Some(want), Ok(v)) if matches(&v, want) => {}
            (Some(want), Ok(v)) => {
                failures.push(format!("{id}: {hcl}\n   want {want}\n   got  {v:?}"))
            }
            (Some(want), Err(e)) => {
                failures.push(format!("{id}: {hcl}\n   want {want}\n   got error {e:?}"))
            }
            (None, Ok(v)) if case["error_phase"] == "encode" => {
                // Terraform computed ±Inf, which only JSON encoding rejects.
                let want = case["console_value"].as_str().unwrap_or_default();
                let ok = v
                    .as_number()
                    .is_some_and(|n| !n.is_finite() && n.to_string() == want);
                if !ok {
                    failures.push(format!("{id}: {hcl}\n   want {want}\n   got  {v:?}"));
                }
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
    if !cfg!(feature = "regex") && hcl.contains("replace(") && hcl.contains("\"/") {
        return false;
    }
    let graphemes = ["length(", "substr(", "strrev("];
    let multi_char_clusters = !hcl.is_ascii() || hcl.contains("\\r") || hcl.contains("\\u");
    if !cfg!(feature = "unicode")
        && multi_char_clusters
        && graphemes.iter().any(|g| hcl.contains(g))
    {
        return false;
    }
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
            let special = matches!(name, "try" | "can");
            // (The file functions are not built in; these runners declare
            // them with a base directory.)
            let file_fn =
                cfg!(feature = "fs") && hcl::eval::functions::FILE_FUNCTIONS.contains(&name);
            if b.get(i) == Some(&b'(') && !special && !file_fn && builtin(name).is_none() {
                return false;
            }
            continue;
        }
        i += 1;
    }
    true
}

/// Our fixture cases (inputs written by us, expected values produced by
/// Terraform 1.11.4: tests/fixtures/functions/cases.json).
pub fn fixture_cases() -> Vec<serde_json::Value> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/functions/cases.json"
    ))
    .expect("fixture cases");
    parse_cases(&text)
}

/// The shared oracle's cases, when HCL_ORACLE_DIR is set.
pub fn oracle_cases() -> Option<Vec<serde_json::Value>> {
    let dir = std::env::var_os("HCL_ORACLE_DIR")?;
    let path = std::path::Path::new(&dir).join("dev/cases.json");
    let text = std::fs::read_to_string(&path).expect("oracle cases.json");
    Some(parse_cases(&text))
}

/// What a number of a cases file becomes: a string of its text after
/// this mark, so that it is compared digit for digit (`matches`), not as
/// the nearest `f64` (serde_json would also refuse a 401-digit one).
const NUMBER_MARK: &str = "#number:";

/// Parses a cases file, keeping each number's text (see [`NUMBER_MARK`]).
pub fn parse_cases(text: &str) -> Vec<serde_json::Value> {
    let b = text.as_bytes();
    let mut cleaned = String::with_capacity(text.len());
    let (mut in_string, mut escaped) = (false, false);
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if in_string {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, b'\\') => escaped = true,
                (false, b'"') => in_string = false,
                _ => {}
            }
        } else if c == b'"' {
            in_string = true;
        } else if c == b'-' || c.is_ascii_digit() {
            let start = i;
            while i < b.len() && matches!(b[i], b'0'..=b'9' | b'-' | b'+' | b'.' | b'e' | b'E') {
                i += 1;
            }
            cleaned.push('"');
            cleaned.push_str(NUMBER_MARK);
            cleaned.push_str(&text[start..i]);
            cleaned.push('"');
            continue;
        }
        // (Multi-byte characters are copied byte by byte, whole.)
        let len = text[i..].chars().next().map_or(1, char::len_utf8);
        cleaned.push_str(&text[i..i + len]);
        i += len;
    }
    serde_json::from_str(&cleaned).expect("cases JSON")
}

/// Runs the cases whose id starts with `prefix`, asserting all pass and at
/// least `min` ran.
pub fn check(cases: &[serde_json::Value], prefix: &str, skip: &[&str], min: usize) {
    let selected: Vec<serde_json::Value> = cases
        .iter()
        .filter(|c| c["id"].as_str().is_some_and(|id| id.starts_with(prefix)))
        .cloned()
        .collect();
    let (ran, failures) = run(&selected, skip);
    assert!(
        ran >= min,
        "only {ran} {prefix} cases ran (expected at least {min})"
    );
    assert!(
        failures.is_empty(),
        "{} of {ran} {prefix} cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Runs the oracle's cases of a category if HCL_ORACLE_DIR is set.
pub fn check_oracle(prefix: &str, min: usize) {
    match oracle_cases() {
        Some(cases) => {
            check(&cases, prefix, &[], min);
            check_eval(&cases, prefix, &[], min);
        }
        None => eprintln!("HCL_ORACLE_DIR not set: oracle {prefix} cases skipped"),
    }
}

/// Calls a built-in function; its refusal as its message (an argument's
/// with the argument's position).
pub fn call(name: &str, args: Vec<Value>) -> Result<Value, String> {
    builtin(name)
        .unwrap_or_else(|| panic!("no function {name}"))
        .call(args)
        .map_err(|e| e.to_string())
}

/// Runs cases through the real parser and evaluator (`evaluate_str`) in the
/// context `make_ctx` builds; a case's optional "locals" (HCL attributes)
/// become the variable `local`. Returns (ran, failures).
pub fn run_eval(
    cases: &[serde_json::Value],
    skip: &[&str],
    make_ctx: &dyn Fn() -> hcl::eval::Context<'static>,
) -> (usize, Vec<String>) {
    let mut failures = Vec::new();
    let mut ran = 0;
    for case in cases {
        let id = case["id"].as_str().unwrap_or_default();
        let hcl = case["hcl"].as_str().unwrap_or_default();
        if skip.contains(&id) || !functions_available(hcl) {
            continue;
        }
        ran += 1;
        let mut ctx = make_ctx();
        if let Some(locals) = case["locals"].as_str() {
            let src = format!("{locals}\n");
            match hcl::eval::evaluate_body_str(&src, &make_ctx()) {
                Ok(v) => ctx.declare_var("local", v),
                Err(e) => {
                    failures.push(format!("{id}: locals failed: {e}"));
                    continue;
                }
            }
        }
        let got = hcl::eval::evaluate_str(hcl, &ctx);
        match (case.get("expect"), got) {
            (Some(want), Ok(v)) if matches(&v, want) => {}
            (Some(want), Ok(v)) => {
                failures.push(format!("{id}: {hcl}\n   want {want}\n   got  {v:?}"))
            }
            (Some(want), Err(e)) => {
                failures.push(format!("{id}: {hcl}\n   want {want}\n   got error {e}"))
            }
            (None, Ok(v)) if case["error_phase"] == "encode" => {
                let want = case["console_value"].as_str().unwrap_or_default();
                if !v
                    .as_number()
                    .is_some_and(|n| !n.is_finite() && n.to_string() == want)
                {
                    failures.push(format!("{id}: {hcl}\n   want {want}\n   got  {v:?}"));
                }
            }
            (None, Err(_)) => {}
            (None, Ok(v)) => failures.push(format!(
                "{id}: {hcl}\n   want error {}\n   got  {v:?}",
                case["error"]
            )),
        }
    }
    (ran, failures)
}

/// Like [`check`], through the evaluator with a default context.
pub fn check_eval(cases: &[serde_json::Value], prefix: &str, skip: &[&str], min: usize) {
    let selected: Vec<serde_json::Value> = cases
        .iter()
        .filter(|c| c["id"].as_str().is_some_and(|id| id.starts_with(prefix)))
        .cloned()
        .collect();
    let (ran, failures) = run_eval(&selected, skip, &hcl::eval::Context::new);
    assert!(
        ran >= min,
        "only {ran} {prefix} cases ran (expected at least {min})"
    );
    assert!(
        failures.is_empty(),
        "{} of {ran} {prefix} cases failed through the evaluator:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// `expr`, evaluated with the built-in functions, fails with exactly
/// `message` (Terraform's, with its summary).
pub fn fails_with(expr: &str, message: &str) {
    let e = hcl::eval::evaluate_str(expr, &hcl::eval::Context::new()).unwrap_err();
    assert_eq!(e.message(), message, "{expr}");
}
