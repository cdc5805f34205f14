//! JSON text to a tree that keeps what HCL's JSON syntax needs and plain
//! JSON readers drop: every property of an object in order, duplicates
//! included (`json-spec.md`: "A JSON HCL parser must support duplicate
//! definitions of the same property name"), numbers as written, and the
//! span of every value.

use std::borrow::Cow;

use crate::error::{Error, ErrorKind, Result, Span};

/// A JSON value and where it is.
#[derive(Debug)]
pub(crate) struct Node<'a> {
    pub(crate) kind: Kind<'a>,
    pub(crate) span: Span,
}

impl Node<'_> {
    /// The node of the same text placed `by` bytes further in a larger
    /// one: every span moved.
    pub(crate) fn shift(&mut self, by: usize) {
        let by = Span::new(by, by);
        let move_span = |s: &mut Span| {
            *s = Span {
                start: s.start.saturating_add(by.start),
                end: s.end.saturating_add(by.end),
            }
        };
        move_span(&mut self.span);
        match &mut self.kind {
            Kind::Array(items) | Kind::Repeated(items) => {
                items.iter_mut().for_each(|n| n.shift(by.start()))
            }
            Kind::Object(props) => {
                for (_, key_span, v) in props {
                    move_span(key_span);
                    v.shift(by.start());
                }
            }
            _ => {}
        }
    }
}

#[derive(Debug)]
pub(crate) enum Kind<'a> {
    Null,
    Bool(bool),
    /// A number as written (JSON's grammar, checked).
    Number(&'a str),
    /// A string, its escapes decoded (borrowed when it has none).
    String(Cow<'a, str>),
    Array(Vec<Node<'a>>),
    /// Properties in order, duplicates kept; each key's span is its
    /// string's.
    Object(Vec<(Cow<'a, str>, Span, Node<'a>)>),
    /// The values of a property defined more than once in an object (what
    /// HCL's JSON syntax merges repeated blocks into; the parser makes
    /// none).
    Repeated(Vec<Node<'a>>),
}

/// Parses one JSON value (the whole input, whitespace around it allowed),
/// nesting at most `max_depth` arrays and objects.
pub(crate) fn parse(src: &str, max_depth: usize) -> Result<Node<'_>> {
    Parser::new(src, max_depth, false).document()
}

/// [`parse`] for Terraform's `jsondecode`: the same grammar, errors in the
/// words of Go's `encoding/json` decoder as cty reads a document with it
/// (`invalid character 'x' after array element`, `unexpected EOF` inside
/// a value and `EOF` between tokens), and after the value a `]` or `}`
/// ends the reading where other text is "extraneous data".
#[cfg(feature = "json")]
pub(crate) fn parse_as_go(src: &str, max_depth: usize) -> Result<Node<'_>> {
    Parser::new(src, max_depth, true).document()
}

struct Parser<'a> {
    src: &'a str,
    b: &'a [u8],
    i: usize,
    max_depth: usize,
    /// Errors in Go's words ([`parse_as_go`]).
    go: bool,
}

/// Where the reader was when it failed, as Go's decoder words it.
#[derive(Clone, Copy)]
enum At {
    /// Between tokens: the end of the input is `EOF` there.
    Token(&'static str),
    /// Inside a string, number or literal: `unexpected EOF`.
    Value(&'static str),
}

/// (`jsondecode` replaces lone surrogates first: Go reads them as U+FFFD.)
const SURROGATE: At = At::Value("in \\u hexadecimal character escape");

impl<'a> Parser<'a> {
    fn new(src: &'a str, max_depth: usize, go: bool) -> Self {
        Parser {
            src,
            b: src.as_bytes(),
            i: 0,
            max_depth,
            go,
        }
    }

    fn document(mut self) -> Result<Node<'a>> {
        self.ws();
        let v = self.value(0)?;
        self.ws();
        if self.i < self.b.len() {
            if self.go {
                // cty asks Go's decoder for `More()`, which a closing
                // bracket answers no.
                if matches!(self.b[self.i], b']' | b'}') {
                    return Ok(v);
                }
                return Err(self.error("extraneous data after JSON object", ""));
            }
            return Err(self.fail("expected the end of the JSON document", At::Token("")));
        }
        Ok(v)
    }

    /// The error for the character at the reader's position: `what` in
    /// hcl2's words, `at` in Go's.
    #[cold]
    fn fail(&self, what: &str, at: At) -> Error {
        if self.go {
            let message = match (self.b.get(self.i), at) {
                (None, At::Token(_)) => "EOF".to_owned(),
                (None, At::Value(_)) => "unexpected EOF".to_owned(),
                (Some(&c), At::Token(context) | At::Value(context)) => {
                    // Go quotes the byte, as a Latin-1 character.
                    let q = crate::value::convert::quoted(&char::from(c).to_string());
                    let q = match c {
                        b'\'' => "\\'".to_owned(),
                        b'"' => "\"".to_owned(),
                        _ => q[1..q.len() - 1].to_owned(),
                    };
                    let sep = if context.is_empty() { "" } else { " " };
                    format!("invalid character '{q}'{sep}{context}")
                }
            };
            return self.error(&message, "");
        }
        let found = match self.src[self.i..].chars().next() {
            None => "the end of the input".to_owned(),
            Some(c) => format!("`{}`", c.escape_debug()),
        };
        self.error("invalid JSON", format_args!("{what}, found {found}"))
    }

    #[cold]
    fn error(&self, summary: &str, detail: impl std::fmt::Display) -> Error {
        let end = self.i + self.src[self.i..].chars().next().map_or(0, char::len_utf8);
        Error::described(ErrorKind::Parse, summary, detail)
            .at_span(Span::new(self.i, end.max(self.i)))
            .with_source(self.src)
    }

    fn ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.b.get(self.i) {
            self.i += 1;
        }
    }

    fn value(&mut self, depth: usize) -> Result<Node<'a>> {
        crate::stack::with_stack(|| {
            let start = self.i;
            let kind = match self.b.get(self.i) {
                Some(b'{') => {
                    self.nested(depth)?;
                    self.object(depth)?
                }
                Some(b'[') => {
                    self.nested(depth)?;
                    self.array(depth)?
                }
                Some(b'"') => Kind::String(self.string()?),
                Some(b'-' | b'0'..=b'9') => Kind::Number(self.number()?),
                Some(b't') => self.word("true", Kind::Bool(true))?,
                Some(b'f') => self.word("false", Kind::Bool(false))?,
                Some(b'n') => self.word("null", Kind::Null)?,
                _ => {
                    let at = At::Token("looking for beginning of value");
                    return Err(self.fail("expected a JSON value", at));
                }
            };
            Ok(Node {
                kind,
                span: Span::new(start, self.i),
            })
        })
    }

    fn nested(&self, depth: usize) -> Result<()> {
        if depth >= self.max_depth {
            return Err(Error::at(
                ErrorKind::Limit,
                format!("JSON nested deeper than {} levels", self.max_depth),
                Span::new(self.i, self.i + 1),
                self.src,
            ));
        }
        Ok(())
    }

    fn word(&mut self, w: &'static str, kind: Kind<'a>) -> Result<Kind<'a>> {
        if self.src[self.i..].starts_with(w) {
            self.i += w.len();
            return Ok(kind);
        }
        if self.go {
            // Go names the first character that differs.
            let same = self.b[self.i..]
                .iter()
                .zip(w.bytes())
                .take_while(|(a, b)| **a == *b)
                .count();
            let at = Parser {
                i: self.i + same,
                ..*self
            };
            let context = match (w, w.as_bytes()[same]) {
                ("true", b'r') => "in literal true (expecting 'r')",
                ("true", b'u') => "in literal true (expecting 'u')",
                ("true", _) => "in literal true (expecting 'e')",
                ("false", b'a') => "in literal false (expecting 'a')",
                ("false", b'l') => "in literal false (expecting 'l')",
                ("false", b's') => "in literal false (expecting 's')",
                ("false", _) => "in literal false (expecting 'e')",
                ("null", b'u') => "in literal null (expecting 'u')",
                _ => "in literal null (expecting 'l')",
            };
            return Err(at.fail("", At::Value(context)));
        }
        Err(self.fail("expected a JSON value", At::Token("")))
    }

    fn object(&mut self, depth: usize) -> Result<Kind<'a>> {
        self.i += 1;
        let mut props = Vec::new();
        self.ws();
        if self.b.get(self.i) == Some(&b'}') {
            self.i += 1;
            return Ok(Kind::Object(props));
        }
        // (Go's decoder gives the first key's error no context.)
        let mut key_context = "";
        loop {
            self.ws();
            if self.b.get(self.i) != Some(&b'"') {
                let at = At::Token(key_context);
                return Err(self.fail("expected a property name (a string)", at));
            }
            key_context = "looking for beginning of object key string";
            let key_start = self.i;
            let key = self.string()?;
            let key_span = Span::new(key_start, self.i);
            self.ws();
            if self.b.get(self.i) != Some(&b':') {
                let at = At::Token("after object key");
                return Err(self.fail("expected `:` after the property name", at));
            }
            self.i += 1;
            self.ws();
            let v = self.value(depth + 1)?;
            props.push((key, key_span, v));
            self.ws();
            match self.b.get(self.i) {
                Some(b',') => self.i += 1,
                Some(b'}') => {
                    self.i += 1;
                    return Ok(Kind::Object(props));
                }
                _ => {
                    let at = At::Token("after object key:value pair");
                    return Err(self.fail("expected `,` or `}`", at));
                }
            }
        }
    }

    fn array(&mut self, depth: usize) -> Result<Kind<'a>> {
        self.i += 1;
        let mut items = Vec::new();
        self.ws();
        if self.b.get(self.i) == Some(&b']') {
            self.i += 1;
            return Ok(Kind::Array(items));
        }
        loop {
            self.ws();
            items.push(self.value(depth + 1)?);
            self.ws();
            match self.b.get(self.i) {
                Some(b',') => self.i += 1,
                Some(b']') => {
                    self.i += 1;
                    return Ok(Kind::Array(items));
                }
                _ => {
                    let at = At::Token("after array element");
                    return Err(self.fail("expected `,` or `]`", at));
                }
            }
        }
    }

    /// A number by JSON's grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    fn number(&mut self) -> Result<&'a str> {
        let start = self.i;
        let digits = |p: &mut Self| {
            let s = p.i;
            while p.b.get(p.i).is_some_and(u8::is_ascii_digit) {
                p.i += 1;
            }
            p.i > s
        };
        if self.b.get(self.i) == Some(&b'-') {
            self.i += 1;
        }
        match self.b.get(self.i) {
            Some(b'0') => self.i += 1,
            Some(b'1'..=b'9') => {
                digits(self);
            }
            _ => return Err(self.fail("expected a digit", At::Value("in numeric literal"))),
        }
        if self.b.get(self.i) == Some(&b'.') {
            self.i += 1;
            if !digits(self) {
                let at = At::Value("after decimal point in numeric literal");
                return Err(self.fail("expected a digit after `.`", at));
            }
        }
        if let Some(b'e' | b'E') = self.b.get(self.i) {
            self.i += 1;
            if let Some(b'+' | b'-') = self.b.get(self.i) {
                self.i += 1;
            }
            if !digits(self) {
                let at = At::Value("in exponent of numeric literal");
                return Err(self.fail("expected a digit in the exponent", at));
            }
        }
        Ok(&self.src[start..self.i])
    }

    /// A string at `"`: its content, escapes decoded.
    fn string(&mut self) -> Result<Cow<'a, str>> {
        self.i += 1;
        let start = self.i;
        // The common case: no escape, borrowed.
        while let Some(&c) = self.b.get(self.i) {
            match c {
                b'"' => {
                    let s = &self.src[start..self.i];
                    self.i += 1;
                    return Ok(Cow::Borrowed(s));
                }
                b'\\' => break,
                0..=0x1f => return Err(self.control_character()),
                _ => self.i += 1,
            }
        }
        let mut out = String::from(&self.src[start..self.i]);
        loop {
            let Some(&c) = self.b.get(self.i) else {
                return Err(self.fail("unterminated JSON string", At::Value("")));
            };
            match c {
                b'"' => {
                    self.i += 1;
                    return Ok(Cow::Owned(out));
                }
                b'\\' => {
                    self.i += 1;
                    let e = self.b.get(self.i).copied();
                    self.i += 1;
                    out.push(match e {
                        Some(b'"') => '"',
                        Some(b'\\') => '\\',
                        Some(b'/') => '/',
                        Some(b'b') => '\u{8}',
                        Some(b'f') => '\u{c}',
                        Some(b'n') => '\n',
                        Some(b'r') => '\r',
                        Some(b't') => '\t',
                        Some(b'u') => self.unicode_escape()?,
                        _ => {
                            self.i -= 1;
                            let at = At::Value("in string escape code");
                            return Err(self.fail("invalid escape in a JSON string", at));
                        }
                    });
                }
                0..=0x1f => return Err(self.control_character()),
                _ => {
                    let ch = self.src[self.i..].chars().next().unwrap_or('\u{fffd}');
                    out.push(ch);
                    self.i += ch.len_utf8();
                }
            }
        }
    }

    /// After `\u`: four hex digits, and a low surrogate's escape after a
    /// high one.
    fn unicode_escape(&mut self) -> Result<char> {
        let hi = self.hex4()?;
        if !(0xD800..0xDC00).contains(&hi) {
            return char::from_u32(hi).ok_or_else(|| self.fail("a lone low surrogate", SURROGATE));
        }
        if !self.src[self.i..].starts_with("\\u") {
            return Err(self.fail("a high surrogate must be followed by a low one", SURROGATE));
        }
        self.i += 2;
        let lo = self.hex4()?;
        if !(0xDC00..0xE000).contains(&lo) {
            return Err(self.fail("a high surrogate must be followed by a low one", SURROGATE));
        }
        char::from_u32(0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00))
            .ok_or_else(|| self.fail("an invalid surrogate pair", SURROGATE))
    }

    fn hex4(&mut self) -> Result<u32> {
        let digits = self
            .src
            .get(self.i..self.i + 4)
            .filter(|d| d.bytes().all(|b| b.is_ascii_hexdigit()));
        let Some(d) = digits else {
            let what = "expected four hex digits after `\\u`";
            let at = At::Value("in \\u hexadecimal character escape");
            if self.go {
                // Go names the first character that is not a hex digit.
                let bad = self.b[self.i..]
                    .iter()
                    .take(4)
                    .take_while(|b| b.is_ascii_hexdigit())
                    .count();
                return Err(Parser {
                    i: self.i + bad,
                    ..*self
                }
                .fail(what, at));
            }
            return Err(self.fail(what, at));
        };
        self.i += 4;
        Ok(u32::from_str_radix(d, 16).unwrap_or(0xFFFD))
    }

    /// A control character in a string.
    #[cold]
    fn control_character(&self) -> Error {
        let what = "a control character must be escaped in a JSON string";
        self.fail(what, At::Value("in string literal"))
    }
}
