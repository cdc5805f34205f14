//! `yamlencode` (an emitter producing the layout of Terraform's go-yaml
//! based encoder) and `yamldecode` (yaml-rust2 events, resolved with
//! go-yaml's YAML 1.1 scalar rules).

use super::encoding::number_text;
use crate::value::{Key, Value};

const WIDTH: usize = 80;

/// Terraform's `yamlencode` layout: every string double-quoted (keys too),
/// multi-line strings as literal blocks, sequences inside mappings not
/// indented, long quoted strings folded at column 80.
pub(crate) fn encode(v: &Value) -> String {
    let mut out = String::new();
    match v {
        Value::Array(a) if !a.is_empty() => seq(&mut out, a, 0, false),
        Value::Object(o) if !o.is_empty() => map(&mut out, o, 0, false),
        _ => {
            let plain = scalar(&mut out, v, 0, 2);
            out.push('\n');
            if plain {
                out.push_str("...\n");
            }
        }
    }
    out
}

fn column(out: &str) -> usize {
    out[out.rfind('\n').map_or(0, |i| i + 1)..].chars().count()
}

/// Writes a scalar (or empty collection); `indent` is the enclosing
/// collection's indent, `cont` the indent of continuation lines. Returns
/// whether the document would be "open ended" (plain scalar or `|+`).
fn scalar(out: &mut String, v: &Value, _indent: usize, cont: usize) -> bool {
    match v {
        Value::Null => {
            out.push_str("null");
            true
        }
        Value::Bool(b) => {
            out.push_str(if *b { "true" } else { "false" });
            true
        }
        Value::Number(n) => {
            if n.is_finite() {
                out.push_str(&number_text(v));
            } else if n.as_f64() > 0.0 {
                out.push_str("+.inf");
            } else {
                out.push_str("-.inf");
            }
            true
        }
        Value::String(s) => {
            string(out, s, cont, true);
            false
        }
        Value::Array(_) => {
            out.push_str("[]");
            false
        }
        Value::Object(_) => {
            out.push_str("{}");
            false
        }
    }
}

/// go-yaml's `is_printable` (which leaves out characters beyond the BMP).
fn is_printable(c: char) -> bool {
    c == '\n'
        || ('\u{20}'..='\u{7e}').contains(&c)
        || ('\u{a0}'..='\u{d7ff}').contains(&c)
        || (('\u{e000}'..='\u{fffd}').contains(&c) && c != '\u{feff}')
}

fn is_break(c: char) -> bool {
    matches!(c, '\n' | '\r' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

/// Whether go-yaml would allow a literal block for this string.
fn block_allowed(s: &str) -> bool {
    let chars: Vec<char> = s.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if !is_printable(c) || c == '\u{feff}' {
            return false;
        }
        if c == ' ' {
            // space followed by a break, or trailing space
            match chars.get(i + 1) {
                None => return false,
                Some(&n) if is_break(n) => return false,
                _ => {}
            }
        }
    }
    true
}

fn string(out: &mut String, s: &str, cont: usize, allow_breaks: bool) {
    if allow_breaks && s.contains('\n') && block_allowed(s) {
        literal(out, s, cont);
        return;
    }
    double_quoted(out, s, cont, allow_breaks);
}

fn literal(out: &mut String, s: &str, indent: usize) {
    out.push('|');
    let chars: Vec<char> = s.chars().collect();
    if chars.first().is_some_and(|c| *c == ' ' || is_break(*c)) {
        out.push('2');
    }
    match chars.last() {
        None => out.push('-'),
        Some(c) if !is_break(*c) => out.push('-'),
        Some(_) if chars.len() == 1 || is_break(chars[chars.len() - 2]) => out.push('+'),
        _ => {}
    }
    let body = s.strip_suffix('\n').unwrap_or(s);
    for line in body.split('\n') {
        out.push('\n');
        if !line.is_empty() {
            out.push_str(&" ".repeat(indent));
            out.push_str(line);
        }
    }
}

fn double_quoted(out: &mut String, s: &str, indent: usize, allow_breaks: bool) {
    out.push('"');
    let mut col = column(out);
    let chars: Vec<char> = s.chars().collect();
    let mut spaces = false;
    let mut i = 0;
    // go-yaml's `is_bom` looks at the start of the string whatever the
    // position, so a string starting with U+FEFF has every character escaped.
    let escape_all = s.starts_with('\u{feff}');
    while i < chars.len() {
        let c = chars[i];
        if c == ' ' && !escape_all {
            if allow_breaks && !spaces && col > WIDTH && i != 0 && i != chars.len() - 1 {
                out.push('\n');
                out.push_str(&" ".repeat(indent));
                col = indent;
                if chars.get(i + 1) == Some(&' ') {
                    out.push('\\');
                    col += 1;
                }
            } else {
                out.push(' ');
                col += 1;
            }
            spaces = true;
        } else {
            let esc: Option<String> = match c {
                '\0' => Some("0".into()),
                '\u{7}' => Some("a".into()),
                '\u{8}' => Some("b".into()),
                '\t' => Some("t".into()),
                '\n' => Some("n".into()),
                '\u{b}' => Some("v".into()),
                '\u{c}' => Some("f".into()),
                '\r' => Some("r".into()),
                '\u{1b}' => Some("e".into()),
                '"' => Some("\"".into()),
                '\\' => Some("\\".into()),
                '\u{85}' => Some("N".into()),
                '\u{2028}' => Some("L".into()),
                '\u{2029}' => Some("P".into()),
                '\u{a0}' if escape_all => Some("_".into()),
                c if escape_all || !is_printable(c) || c == '\u{feff}' => Some(match c as u32 {
                    u @ 0..=0xff => format!("x{u:02X}"),
                    u @ 0x100..=0xffff => format!("u{u:04X}"),
                    u => format!("U{u:08X}"),
                }),
                _ => None,
            };
            match esc {
                Some(e) => {
                    out.push('\\');
                    out.push_str(&e);
                    col += 1 + e.chars().count();
                }
                None => {
                    out.push(c);
                    col += 1;
                }
            }
            spaces = false;
        }
        i += 1;
    }
    out.push('"');
}

fn key(out: &mut String, k: &str) {
    double_quoted(out, k, 0, false);
    out.push(':');
}

fn seq(out: &mut String, items: &[Value], indent: usize, first_inline: bool) {
    for (i, v) in items.iter().enumerate() {
        if !(i == 0 && first_inline) {
            out.push_str(&" ".repeat(indent));
        }
        out.push('-');
        match v {
            Value::Array(a) if !a.is_empty() => {
                out.push(' ');
                seq(out, a, indent + 2, true);
            }
            Value::Object(o) if !o.is_empty() => {
                out.push(' ');
                map(out, o, indent + 2, true);
            }
            _ => {
                out.push(' ');
                scalar(out, v, indent, indent + 2);
                out.push('\n');
            }
        }
    }
}

fn map(out: &mut String, o: &crate::value::Map<Key, Value>, indent: usize, first_inline: bool) {
    let mut keys: Vec<&Key> = o.keys().collect();
    keys.sort();
    for (i, k) in keys.into_iter().enumerate() {
        if !(i == 0 && first_inline) {
            out.push_str(&" ".repeat(indent));
        }
        let v = &o[k.as_str()];
        if k.len() > 128 || k.chars().any(is_break) {
            // Not a "simple key" for go-yaml: written as `? key` / `: value`.
            out.push_str("? ");
            string(out, k, indent + 2, true);
            out.push('\n');
            out.push_str(&" ".repeat(indent));
            out.push(':');
            match v {
                Value::Array(a) if !a.is_empty() => {
                    out.push(' ');
                    seq(out, a, indent + 2, true);
                }
                Value::Object(m) if !m.is_empty() => {
                    out.push(' ');
                    map(out, m, indent + 2, true);
                }
                _ => {
                    out.push(' ');
                    scalar(out, v, indent, indent + 2);
                    out.push('\n');
                }
            }
            continue;
        }
        key(out, k);
        match v {
            Value::Array(a) if !a.is_empty() => {
                out.push('\n');
                seq(out, a, indent, false);
            }
            Value::Object(m) if !m.is_empty() => {
                out.push('\n');
                map(out, m, indent + 2, false);
            }
            _ => {
                out.push(' ');
                scalar(out, v, indent, indent + 2);
                out.push('\n');
            }
        }
    }
}

#[cfg(feature = "yaml")]
pub(crate) use decode_impl::decode;

#[cfg(feature = "yaml")]
mod decode_impl {
    use std::collections::HashMap;

    use yaml_rust2::parser::{Event, Parser, Tag};
    use yaml_rust2::scanner::{Marker, TScalarStyle};

    use crate::value::{Key, Map, Number, Value};

    use super::super::util;

    /// Parses one YAML document to a value.
    pub(crate) fn decode(src: &str) -> Result<Value, String> {
        let mut p = Parser::new_from_str(src);
        let mut d = Decoder {
            anchors: HashMap::new(),
            budget: 0,
            scalars: 0,
            trim: if src.ends_with('\n') {
                None
            } else {
                last_block_scalar(src)
            },
        };
        let mut next =
            || -> Result<(Event, Marker), String> { p.next_token().map_err(|e| e.to_string()) };
        // StreamStart
        let (ev, _) = next()?;
        if ev != Event::StreamStart {
            return Err("missing start of stream".into());
        }
        let (ev, _) = next()?;
        match ev {
            Event::DocumentStart => {}
            _ => return Err("on line 1, column 1: missing start of document".into()),
        }
        let (ev, _) = next()?;
        let value = d.node(ev, &mut next, 0)?;
        let (ev, m) = next()?;
        if ev != Event::DocumentEnd {
            return Err(format!(
                "on line {}, column 1: expected end of document",
                m.line()
            ));
        }
        let (ev, m) = next()?;
        if ev != Event::StreamEnd {
            return Err(format!(
                "on line {}, column 1: unexpected extra content after value",
                m.line()
            ));
        }
        Ok(value)
    }

    struct Decoder {
        anchors: HashMap<usize, Value>,
        /// Values produced so far, aliases counted at their full size: a
        /// guard against "billion laughs" documents.
        budget: usize,
        /// Scalars read so far.
        scalars: usize,
        /// The scalar (by count) that is a block scalar running to the end
        /// of a document with no final line break: its last line has none
        /// either (go-yaml, and so Terraform: `"a: |\n  x"` is `{a = "x"}`),
        /// where yaml-rust2 gives it one.
        trim: Option<usize>,
    }

    /// Which scalar of `src` is its last, if that is a block scalar (`|`,
    /// `>`); `None` for a document that does not parse.
    fn last_block_scalar(src: &str) -> Option<usize> {
        let mut p = Parser::new_from_str(src);
        let (mut count, mut last_block) = (0usize, None);
        loop {
            match p.next_token().ok()?.0 {
                Event::StreamEnd => return last_block,
                Event::Scalar(_, style, ..) => {
                    let block = matches!(style, TScalarStyle::Literal | TScalarStyle::Folded);
                    last_block = block.then_some(count);
                    count += 1;
                }
                _ => {}
            }
        }
    }

    const MAX_NODES: usize = 1_000_000;

    fn size(v: &Value) -> usize {
        match v {
            Value::Array(a) => 1 + a.iter().map(size).sum::<usize>(),
            Value::Object(o) => 1 + o.values().map(size).sum::<usize>(),
            _ => 1,
        }
    }

    type Next<'x> = dyn FnMut() -> Result<(Event, Marker), String> + 'x;

    impl Decoder {
        fn node(&mut self, ev: Event, next: &mut Next<'_>, depth: usize) -> Result<Value, String> {
            if depth > 256 {
                return Err("document nested too deeply".into());
            }
            let (value, anchor) = match ev {
                Event::Alias(id) => {
                    let v = self
                        .anchors
                        .get(&id)
                        .ok_or_else(|| "unknown anchor".to_owned())?;
                    self.budget += size(v);
                    if self.budget > MAX_NODES {
                        return Err("document expands to too many values (alias expansion)".into());
                    }
                    return Ok(v.clone());
                }
                Event::Scalar(mut s, style, anchor, tag) => {
                    if style == TScalarStyle::Plain && (s.starts_with('|') || s.starts_with('>')) {
                        // A block scalar's indicator in a flow collection
                        // (`[x, |y]`): yaml-rust2 reads a plain scalar, go-yaml
                        // (and so Terraform) refuses it.
                        return Err("found character that cannot start any token".into());
                    }
                    if self.trim == Some(self.scalars) && s.ends_with('\n') {
                        s.pop();
                    }
                    self.scalars += 1;
                    (resolve(s, style, tag.as_ref())?, anchor)
                }
                Event::SequenceStart(anchor, _) => {
                    let mut items = Vec::new();
                    loop {
                        let (ev, _) = next()?;
                        if ev == Event::SequenceEnd {
                            break;
                        }
                        items.push(self.node(ev, next, depth + 1)?);
                    }
                    (Value::Array(items), anchor)
                }
                Event::MappingStart(anchor, _) => {
                    let mut out: Map<Key, Value> = Map::new();
                    let mut merged: Map<Key, Value> = Map::new();
                    loop {
                        let (ev, _) = next()?;
                        if ev == Event::MappingEnd {
                            break;
                        }
                        let is_merge = matches!(&ev, Event::Scalar(s, TScalarStyle::Plain, _, None) if s == "<<");
                        let k = self.node(ev, next, depth + 1)?;
                        let (ev, _) = next()?;
                        let v = self.node(ev, next, depth + 1)?;
                        if is_merge {
                            match v {
                                Value::Object(m) => {
                                    for (k, v) in m {
                                        merged.entry(k).or_insert(v);
                                    }
                                }
                                other => {
                                    return Err(format!(
                                        "cannot merge {} into mapping",
                                        util::friendly_type(&other)
                                    ))
                                }
                            }
                            continue;
                        }
                        let k = match k {
                            Value::String(s) => s,
                            Value::Null => return Err("mapping key cannot be null".into()),
                            v @ (Value::Number(_) | Value::Bool(_)) => {
                                super::number_text(&v).into()
                            }
                            _ => {
                                return Err("only scalar values can be used as mapping keys".into())
                            }
                        };
                        out.insert(k, v);
                    }
                    for (k, v) in merged {
                        out.entry(k).or_insert(v);
                    }
                    (util::sorted_object(out), anchor)
                }
                _ => return Err("unexpected YAML event".into()),
            };
            if anchor != 0 {
                self.anchors.insert(anchor, value.clone());
            }
            Ok(value)
        }
    }

    fn resolve(s: String, style: TScalarStyle, tag: Option<&Tag>) -> Result<Value, String> {
        if style != TScalarStyle::Plain {
            return Ok(Value::String(s.into()));
        }
        if matches!(s.as_str(), ".nan" | ".NaN" | ".NAN") {
            return Err("floating point NaN is not supported".into());
        }
        if let Some(tag) = tag {
            if tag.handle == "tag:yaml.org,2002:" || tag.handle == "!!" {
                return match tag.suffix.as_str() {
                    "str" => Ok(Value::String(s.into())),
                    "null" => Ok(Value::Null),
                    "bool" => match plain(&s) {
                        Some(v @ Value::Bool(_)) => Ok(v),
                        _ => Err(format!("cannot decode {s:?} as a bool")),
                    },
                    "int" | "float" => match plain(&s) {
                        Some(v @ Value::Number(_)) => Ok(v),
                        _ => Err(format!("cannot decode {s:?} as a number")),
                    },
                    // Terraform keeps the base64 text.
                    "binary" => Ok(Value::String(s.into())),
                    "timestamp" => Ok(Value::String(timestamp(&s).unwrap_or(s).into())),
                    "seq" | "map" => Ok(plain(&s).unwrap_or(Value::String(s.into()))),
                    other => Err(format!("unsupported tag \"!!{other}\"")),
                };
            }
            return Err(format!("unsupported tag \"{}{}\"", tag.handle, tag.suffix));
        }
        Ok(plain(&s).unwrap_or(Value::String(s.into())))
    }

    /// go-yaml's resolution of plain scalars (YAML 1.1 flavoured).
    fn plain(s: &str) -> Option<Value> {
        match s {
            "y" | "Y" | "yes" | "Yes" | "YES" | "true" | "True" | "TRUE" | "on" | "On" | "ON" => {
                return Some(Value::Bool(true))
            }
            "n" | "N" | "no" | "No" | "NO" | "false" | "False" | "FALSE" | "off" | "Off"
            | "OFF" => return Some(Value::Bool(false)),
            "" | "~" | "null" | "Null" | "NULL" => return Some(Value::Null),
            ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" => {
                return Some(Value::from(f64::INFINITY))
            }
            "-.inf" | "-.Inf" | "-.INF" => return Some(Value::from(f64::NEG_INFINITY)),
            _ => {}
        }
        if let Some(t) = timestamp(s) {
            return Some(Value::String(t.into()));
        }
        // Decimal numbers (leading zeros stay decimal), then 0x / 0o
        // integers; anything else (1_000, 0b101, ...) is a string.
        if is_yaml_float(s) {
            let body = s.strip_prefix('+').unwrap_or(s);
            return Number::parse(body.strip_suffix('.').unwrap_or(body))
                .or_else(|| body.parse::<f64>().ok().and_then(Number::from_f64))
                .map(Value::Number);
        }
        parse_prefixed(s)
    }

    /// `0x...` and `0o...` integers (optionally signed).
    fn parse_prefixed(s: &str) -> Option<Value> {
        // Only unsigned, lower-case prefixes (as Terraform's decoder does).
        let (neg, body) = (false, s);
        let (radix, digits) = if let Some(d) = body.strip_prefix("0x") {
            (16, d)
        } else if let Some(d) = body.strip_prefix("0o") {
            (8, d)
        } else {
            return None;
        };
        if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
            return None;
        }
        let mag = u64::from_str_radix(digits, radix).ok()?;
        if neg {
            if mag <= i64::MAX as u64 + 1 {
                return Some(Value::from((-(mag as i128)) as i64));
            }
            return None;
        }
        Some(Value::from(mag))
    }

    fn is_yaml_float(s: &str) -> bool {
        // ^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$
        let b = s.as_bytes();
        let mut i = 0;
        if i < b.len() && (b[i] == b'-' || b[i] == b'+') {
            i += 1;
        }
        let digits = |i: &mut usize| {
            let s = *i;
            while *i < b.len() && b[*i].is_ascii_digit() {
                *i += 1;
            }
            *i - s
        };
        if i < b.len() && b[i] == b'.' {
            i += 1;
            if digits(&mut i) == 0 {
                return false;
            }
        } else {
            if digits(&mut i) == 0 {
                return false;
            }
            if i < b.len() && b[i] == b'.' {
                i += 1;
                digits(&mut i);
            }
        }
        if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
            i += 1;
            if i < b.len() && (b[i] == b'-' || b[i] == b'+') {
                i += 1;
            }
            if digits(&mut i) == 0 {
                return false;
            }
        }
        i == b.len()
    }

    /// A YAML timestamp (go-yaml's forms: `2006-1-2`, `2006-1-2T15:4:5`,
    /// `t` or space as separator, optional fraction and zone), as the
    /// RFC 3339 string (no fraction) Terraform gives for it.
    fn timestamp(s: &str) -> Option<String> {
        let b = s.as_bytes();
        if b.len() < 8 || !b[..4].iter().all(u8::is_ascii_digit) || b[4] != b'-' {
            return None;
        }
        let mut pos = 5;
        let num = |pos: &mut usize, max: usize| -> Option<u32> {
            let start = *pos;
            while *pos < b.len() && b[*pos].is_ascii_digit() && *pos - start < max {
                *pos += 1;
            }
            if *pos == start {
                return None;
            }
            s[start..*pos].parse().ok()
        };
        let year: i32 = s[..4].parse().ok()?;
        let month = num(&mut pos, 2)?;
        if b.get(pos) != Some(&b'-') {
            return None;
        }
        pos += 1;
        let day = num(&mut pos, 2)?;
        if !(1..=12).contains(&month) || !(1..=31).contains(&day) {
            return None;
        }
        let (mut h, mut mi, mut sec, mut zone) = (0, 0, 0, "Z".to_owned());
        if pos < b.len() {
            if !matches!(b[pos], b'T' | b't' | b' ') {
                return None;
            }
            pos += 1;
            h = num(&mut pos, 2)?;
            if b.get(pos) != Some(&b':') {
                return None;
            }
            pos += 1;
            mi = num(&mut pos, 2)?;
            if b.get(pos) != Some(&b':') {
                return None;
            }
            pos += 1;
            sec = num(&mut pos, 2)?;
            if b.get(pos) == Some(&b'.') {
                pos += 1;
                num(&mut pos, 9)?;
            }
            match b.get(pos) {
                None => {}
                Some(b'Z') if pos + 1 == b.len() => {}
                Some(&c @ (b'+' | b'-')) if b.len() == pos + 6 && b[pos + 3] == b':' => {
                    let zh: u32 = s.get(pos + 1..pos + 3)?.parse().ok()?;
                    let zm: u32 = s.get(pos + 4..pos + 6)?.parse().ok()?;
                    if zh != 0 || zm != 0 {
                        zone = format!("{}{zh:02}:{zm:02}", c as char);
                    }
                }
                _ => return None,
            }
            if h > 23 || mi > 59 || sec > 59 {
                return None;
            }
        }
        Some(format!(
            "{year:04}-{month:02}-{day:02}T{h:02}:{mi:02}:{sec:02}{zone}"
        ))
    }
}
