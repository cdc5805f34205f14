//! JSON text and values, both ways: the one JSON codec for values, below
//! the evaluator (`jsonencode`, `jsondecode`) and the writers above it
//! (`hcl json`, value output). Numbers keep every digit both ways
//! (Terraform's 512-bit numbers); strings are escaped as Go's
//! `encoding/json` escapes them.

mod parse;

#[cfg(feature = "json")]
pub(crate) use parse::parse_as_go;
pub(crate) use parse::{parse, Kind, Node};

use crate::value::{Key, Value};

/// The value a JSON text stands for: numbers exact, a property given twice
/// its last value; object properties in the text's order, or `sorted` by
/// name (as Terraform's objects are).
pub(crate) fn value(node: Node<'_>, sorted: bool) -> std::result::Result<Value, String> {
    crate::stack::with_stack(|| {
        Ok(match node.kind {
            Kind::Null => Value::Null,
            Kind::Bool(b) => Value::Bool(b),
            Kind::Number(raw) => Value::Number(
                crate::value::Number::parse(raw).ok_or_else(|| format!("invalid number {raw}"))?,
            ),
            Kind::String(s) => Value::String(s.as_ref().into()),
            Kind::Array(items) | Kind::Repeated(items) => Value::Array(
                items
                    .into_iter()
                    .map(|n| value(n, sorted))
                    .collect::<std::result::Result<_, _>>()?,
            ),
            Kind::Object(props) => {
                let mut o = crate::value::Map::with_capacity(props.len());
                for (k, _, v) in props {
                    // A property given twice: its place is the first's (as
                    // serde_json's map), its value the last.
                    o.insert(k.as_ref(), value(v, sorted)?);
                }
                if sorted {
                    o.sort_keys();
                }
                Value::Object(o)
            }
        })
    })
}

/// How [`write_json`] lays a value out.
#[derive(Clone, Copy)]
pub(crate) struct JsonStyle {
    /// Object keys sorted (Terraform's `jsonencode`), or in the map's order.
    pub(crate) sorted: bool,
    /// Indented, two spaces a level, `"key": value` (as `serde_json`'s pretty
    /// printer), or compact.
    pub(crate) pretty: bool,
    /// The leaves of HCL's JSON syntax, which reads strings as templates:
    /// `${` and `%{` in strings and keys escaped (`$${`, `%%{`), numbers
    /// too long for a literal written with an exponent (the caller has
    /// checked that each has a text). Otherwise plain JSON leaves.
    pub(crate) hcl_syntax: bool,
}

/// Terraform's `jsonencode`: keys sorted, `<`, `>`, `&`, U+2028 and U+2029
/// escaped as Go's `encoding/json` does.
pub(crate) fn json_encode(v: &Value) -> String {
    let mut out = String::new();
    let style = JsonStyle {
        sorted: true,
        pretty: false,
        hcl_syntax: false,
    };
    write_json(&mut out, v, style, 0);
    out
}

/// The one JSON value writer: numbers with all their digits (as Terraform
/// writes them; the caller refuses ±Inf first), strings as Go escapes them;
/// `depth` is the indentation level the value starts at.
pub(crate) fn write_json(out: &mut String, v: &Value, style: JsonStyle, depth: usize) {
    let string = |out: &mut String, s: &str| {
        if style.hcl_syntax {
            write_json_string(out, &escape_template(s));
        } else {
            write_json_string(out, s);
        }
    };
    let newline = |out: &mut String, depth: usize| {
        if style.pretty {
            out.push('\n');
            for _ in 0..depth {
                out.push_str("  ");
            }
        }
    };
    match v {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) if style.hcl_syntax => {
            out.push_str(&number_text(n).unwrap_or_default());
        }
        Value::Number(n) => out.push_str(&n.to_plain_string()),
        Value::String(s) => string(out, s),
        Value::Array(a) => {
            out.push('[');
            for (i, v) in a.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                newline(out, depth + 1);
                write_json(out, v, style, depth + 1);
            }
            if !a.is_empty() {
                newline(out, depth);
            }
            out.push(']');
        }
        Value::Object(o) => {
            let mut entries: Vec<(&Key, &Value)> = o.iter().collect();
            if style.sorted {
                entries.sort_by(|a, b| a.0.cmp(b.0));
            }
            out.push('{');
            for (i, (k, v)) in entries.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                newline(out, depth + 1);
                string(out, k);
                out.push(':');
                if style.pretty {
                    out.push(' ');
                }
                write_json(out, v, style, depth + 1);
            }
            if !o.is_empty() {
                newline(out, depth);
            }
            out.push('}');
        }
    }
}

/// A JSON string as Go's `encoding/json` writes it (the one JSON string
/// escaper: `jsonencode` and HCL's JSON syntax writer use it).
/// The bytes that may start something [`write_json_string`] escapes: `"`,
/// `\\`, control characters, `<`, `>`, `&`, and the first byte of U+2028
/// and U+2029.
const MAY_ESCAPE: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 0x20 {
        t[c] = true;
        c += 1;
    }
    t[b'"' as usize] = true;
    t[b'\\' as usize] = true;
    t[b'<' as usize] = true;
    t[b'>' as usize] = true;
    t[b'&' as usize] = true;
    t[0xe2] = true;
    t
};

pub(crate) fn write_json_string(out: &mut String, s: &str) {
    out.push('"');
    let b = s.as_bytes();
    // Runs of bytes that need no escape are copied whole (found by a table:
    // most strings have none).
    let mut run = 0;
    let mut i = 0;
    while i < b.len() {
        if !MAY_ESCAPE[b[i] as usize] {
            i += 1;
            continue;
        }
        let escape: Option<&str> = match b[i] {
            b'"' => Some("\\\""),
            b'\\' => Some("\\\\"),
            b'\n' => Some("\\n"),
            b'\r' => Some("\\r"),
            b'\t' => Some("\\t"),
            0x08 => Some("\\b"),
            0x0c => Some("\\f"),
            c if c < 0x20 || matches!(c, b'<' | b'>' | b'&') => Some(""),
            // U+2028 and U+2029.
            0xe2 if b.get(i + 1) == Some(&0x80) && matches!(b.get(i + 2), Some(0xa8 | 0xa9)) => {
                Some("")
            }
            _ => None,
        };
        let Some(escape) = escape else {
            i += 1;
            continue;
        };
        out.push_str(&s[run..i]);
        let width = if b[i] == 0xe2 { 3 } else { 1 };
        if escape.is_empty() {
            let c = s[i..].chars().next().map_or(0, |c| c as u32);
            out.push_str(&format!("\\u{c:04x}"));
        } else {
            out.push_str(escape);
        }
        i += width;
        run = i;
    }
    out.push_str(&s[run..]);
    out.push('"');
}

/// A number as JSON: every digit, as Terraform writes numbers, unless that
/// is longer than a number literal may be (`2.5e31000`): then the shortest
/// form with an exponent, which reads back to the same number. `None` when
/// no JSON number reads back as it: ±Inf, and numbers beyond the literals'
/// limits (`899999832166048000E99999` is read, but is 8.99…e100014).
pub(crate) fn number_text(n: &crate::value::Number) -> Option<String> {
    if !n.is_finite() {
        return None;
    }
    let plain = n.to_plain_string();
    if plain.len() <= 1000 {
        return Some(plain);
    }
    let reads_back = |text: &str| crate::value::Number::parse(text).as_ref() == Some(n);
    let short = with_exponent(&plain);
    if reads_back(&short) {
        Some(short)
    } else {
        reads_back(&plain).then_some(plain)
    }
}

/// A plain decimal (`-2500…0`, `0.000…25`) as `D.DDDeX`.
fn with_exponent(plain: &str) -> String {
    let (sign, digits) = match plain.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", plain),
    };
    let (int, frac) = digits.split_once('.').unwrap_or((digits, ""));
    let all: String = format!("{int}{frac}");
    let lead = all.len() - all.trim_start_matches('0').len();
    let significant = all.trim_start_matches('0').trim_end_matches('0');
    if significant.is_empty() {
        return "0".to_owned();
    }
    // The first significant digit's power of ten.
    let exp = int.len() as i64 - 1 - lead as i64;
    let (first, rest) = significant.split_at(1);
    if rest.is_empty() {
        format!("{sign}{first}e{exp}")
    } else {
        format!("{sign}{first}.{rest}e{exp}")
    }
}

/// `s` with its template sequences escaped (`${` as `$${`, `%{` as
/// `%%{`), so a template reads it back as it is.
pub(crate) fn escape_template(s: &str) -> std::borrow::Cow<'_, str> {
    if !s.contains("${") && !s.contains("%{") {
        return std::borrow::Cow::Borrowed(s);
    }
    std::borrow::Cow::Owned(s.replace("${", "$${").replace("%{", "%%{"))
}

#[cfg(test)]
mod tests {
    use super::write_json_string;

    #[test]
    fn strings_are_escaped_as_go_escapes_them() {
        let mut out = String::new();
        write_json_string(
            &mut out,
            "a\"b\\c\n\r\t\u{8}\u{c}<>&\u{2028}\u{2029}\u{1}é\u{2027}x",
        );
        // Go's encoding/json (Terraform's jsonencode): HTML characters and
        // the line separators escaped, other non-ASCII kept.
        assert_eq!(
            out,
            "\"a\\\"b\\\\c\\n\\r\\t\\b\\f\\u003c\\u003e\\u0026\\u2028\\u2029\\u0001é\u{2027}x\""
        );
    }
}
