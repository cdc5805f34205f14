//! JSON text to a tree that keeps what HCL's JSON syntax needs and plain
//! JSON readers drop: every property of an object in order, duplicates
//! included (`json-spec.md`: "A JSON HCL parser must support duplicate
//! definitions of the same property name"), numbers as written, and the
//! span of every value.

use std::borrow::Cow;

use crate::{Error, ErrorKind, Result, Span};

/// A JSON value and where it is.
#[derive(Debug)]
pub(crate) struct Node<'a> {
    pub(crate) kind: Kind<'a>,
    pub(crate) span: Span,
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
    /// The values of a property defined more than once in an object (see
    /// [`merge_repeated`]).
    Repeated(Vec<Node<'a>>),
}

/// Merges the properties an object defines more than once, at every
/// depth, as repeated blocks are read: two objects become one holding
/// both's properties (so `"resource": {"a": {...}}` twice gives both
/// resources), anything else the list of the definitions, in order.
pub(crate) fn merge_repeated(node: &mut Node<'_>) {
    match &mut node.kind {
        Kind::Array(items) | Kind::Repeated(items) => items.iter_mut().for_each(merge_repeated),
        Kind::Object(props) => {
            let mut out: Vec<(Cow<'_, str>, Span, Node<'_>)> = Vec::with_capacity(props.len());
            let mut index = std::collections::HashMap::new();
            for (k, sp, v) in props.drain(..) {
                match index.get(&k) {
                    None => {
                        index.insert(k.clone(), out.len());
                        out.push((k, sp, v));
                    }
                    Some(&i) => {
                        let slot = &mut out[i].2;
                        let old = std::mem::replace(
                            slot,
                            Node {
                                kind: Kind::Null,
                                span: v.span,
                            },
                        );
                        *slot = combine(old, v);
                    }
                }
            }
            for (_, _, v) in &mut out {
                merge_repeated(v);
            }
            *props = out;
        }
        _ => {}
    }
}

fn combine<'a>(a: Node<'a>, b: Node<'a>) -> Node<'a> {
    let span = a.span;
    match (a.kind, b.kind) {
        (Kind::Object(mut pa), Kind::Object(pb)) => {
            pa.extend(pb);
            Node {
                kind: Kind::Object(pa),
                span,
            }
        }
        (Kind::Repeated(mut xs), kind) => {
            xs.push(Node { kind, span: b.span });
            Node {
                kind: Kind::Repeated(xs),
                span,
            }
        }
        (ka, kb) => Node {
            kind: Kind::Repeated(vec![
                Node { kind: ka, span },
                Node {
                    kind: kb,
                    span: b.span,
                },
            ]),
            span,
        },
    }
}

/// Parses one JSON value (the whole input, whitespace around it allowed),
/// nesting at most `max_depth` arrays and objects.
pub(crate) fn parse(src: &str, max_depth: usize) -> Result<Node<'_>> {
    let mut p = Parser {
        src,
        b: src.as_bytes(),
        i: 0,
        max_depth,
    };
    p.ws();
    let v = p.value(0)?;
    p.ws();
    if p.i < p.b.len() {
        return Err(p.fail("expected the end of the JSON document"));
    }
    Ok(v)
}

struct Parser<'a> {
    src: &'a str,
    b: &'a [u8],
    i: usize,
    max_depth: usize,
}

impl<'a> Parser<'a> {
    #[cold]
    fn fail(&self, what: &str) -> Error {
        let found = match self.src[self.i..].chars().next() {
            None => "the end of the input".to_owned(),
            Some(c) => format!("`{}`", c.escape_debug()),
        };
        let end = self.i + self.src[self.i..].chars().next().map_or(0, char::len_utf8);
        Error::at(
            ErrorKind::Parse,
            format!("invalid JSON: {what}, found {found}"),
            Span::new(self.i, end.max(self.i)),
            self.src,
        )
    }

    fn ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.b.get(self.i) {
            self.i += 1;
        }
    }

    fn value(&mut self, depth: usize) -> Result<Node<'a>> {
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
            _ => return Err(self.fail("expected a JSON value")),
        };
        Ok(Node {
            kind,
            span: Span::new(start, self.i),
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

    fn word(&mut self, w: &str, kind: Kind<'a>) -> Result<Kind<'a>> {
        if self.src[self.i..].starts_with(w) {
            self.i += w.len();
            Ok(kind)
        } else {
            Err(self.fail("expected a JSON value"))
        }
    }

    fn object(&mut self, depth: usize) -> Result<Kind<'a>> {
        self.i += 1;
        let mut props = Vec::new();
        self.ws();
        if self.b.get(self.i) == Some(&b'}') {
            self.i += 1;
            return Ok(Kind::Object(props));
        }
        loop {
            self.ws();
            if self.b.get(self.i) != Some(&b'"') {
                return Err(self.fail("expected a property name (a string)"));
            }
            let key_start = self.i;
            let key = self.string()?;
            let key_span = Span::new(key_start, self.i);
            self.ws();
            if self.b.get(self.i) != Some(&b':') {
                return Err(self.fail("expected `:` after the property name"));
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
                _ => return Err(self.fail("expected `,` or `}`")),
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
                _ => return Err(self.fail("expected `,` or `]`")),
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
            _ => return Err(self.fail("expected a digit")),
        }
        if self.b.get(self.i) == Some(&b'.') {
            self.i += 1;
            if !digits(self) {
                return Err(self.fail("expected a digit after `.`"));
            }
        }
        if let Some(b'e' | b'E') = self.b.get(self.i) {
            self.i += 1;
            if let Some(b'+' | b'-') = self.b.get(self.i) {
                self.i += 1;
            }
            if !digits(self) {
                return Err(self.fail("expected a digit in the exponent"));
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
                0..=0x1f => {
                    return Err(self.fail("a control character must be escaped in a JSON string"))
                }
                _ => self.i += 1,
            }
        }
        let mut out = String::from(&self.src[start..self.i]);
        loop {
            let Some(&c) = self.b.get(self.i) else {
                return Err(self.fail("unterminated JSON string"));
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
                            return Err(self.fail("invalid escape in a JSON string"));
                        }
                    });
                }
                0..=0x1f => {
                    return Err(self.fail("a control character must be escaped in a JSON string"))
                }
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
            return char::from_u32(hi).ok_or_else(|| self.fail("a lone low surrogate"));
        }
        if !self.src[self.i..].starts_with("\\u") {
            return Err(self.fail("a high surrogate must be followed by a low one"));
        }
        self.i += 2;
        let lo = self.hex4()?;
        if !(0xDC00..0xE000).contains(&lo) {
            return Err(self.fail("a high surrogate must be followed by a low one"));
        }
        char::from_u32(0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00))
            .ok_or_else(|| self.fail("an invalid surrogate pair"))
    }

    fn hex4(&mut self) -> Result<u32> {
        let digits = self
            .src
            .get(self.i..self.i + 4)
            .filter(|d| d.bytes().all(|b| b.is_ascii_hexdigit()));
        let Some(d) = digits else {
            return Err(self.fail("expected four hex digits after `\\u`"));
        };
        self.i += 4;
        u32::from_str_radix(d, 16).map_err(|_| self.fail("expected four hex digits after `\\u`"))
    }
}
