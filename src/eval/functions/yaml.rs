//! `yamlencode`: an emitter producing the layout of Terraform's go-yaml
//! based encoder (`yamldecode` is in `yaml_decode`).

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
