//! The lexical rules every stage shares: what an identifier is, and how a
//! string's text is escaped in a quoted template or a heredoc. The parser,
//! the printer, the serializer and the evaluator's printer all use these,
//! so they cannot disagree.

use crate::parser::lexer::{ident_end, ident_starts_at};

/// Whether `s` is an identifier: `(ID_Start | '_') (ID_Continue | '-')*`
/// (Unicode's UAX #31 with HCL's additions, Go's `hclsyntax.ValidIdentifier`).
/// Keywords such as `null` or `for` are identifiers too.
///
/// ```
/// use hcl::syntax::is_identifier;
/// assert!(is_identifier("_x"));
/// assert!(is_identifier("aws-vpc_1"));
/// assert!(is_identifier("café"));
/// assert!(!is_identifier("1a"));
/// assert!(!is_identifier("-a"));
/// assert!(!is_identifier(""));
/// ```
pub fn is_identifier(s: &str) -> bool {
    ident_starts_at(s, 0) && ident_end(s, 1) == s.len()
}

/// The character a simple escape `\c` stands for (`n`, `r`, `t`, `"`, `\`),
/// in the order the printer prefers them.
pub(crate) const SIMPLE_ESCAPES: [(u8, u8); 5] = [
    (b'n', b'\n'),
    (b'r', b'\r'),
    (b't', b'\t'),
    (b'"', b'"'),
    (b'\\', b'\\'),
];

/// The character the simple escape `\c` (`c` the byte after the backslash)
/// stands for.
#[inline]
pub(crate) fn unescape_simple(c: u8) -> Option<char> {
    SIMPLE_ESCAPES
        .iter()
        .find(|&&(letter, _)| letter == c)
        .map(|&(_, ch)| ch as char)
}

/// The escape of byte `c` in a quoted string, when it has a simple one.
#[inline]
fn simple_escape(c: u8) -> Option<&'static str> {
    Some(match c {
        b'\n' => "\\n",
        b'\r' => "\\r",
        b'\t' => "\\t",
        b'"' => "\\\"",
        b'\\' => "\\\\",
        _ => return None,
    })
}

/// Appends `s` escaped for a quoted template: the simple escapes, other
/// control characters (and DEL) as `\u00XX`, and `${` / `%{` as `$${` /
/// `%%{`.
///
/// ```
/// let mut out = String::new();
/// hcl::syntax::escape_quoted(&mut out, "a\"b\n${x}\u{7f}");
/// assert_eq!(out, "a\\\"b\\n$${x}\\u007f");
/// ```
pub fn escape_quoted(out: &mut String, s: &str) {
    let b = s.as_bytes();
    let mut start = 0;
    for (i, &c) in b.iter().enumerate() {
        let rep: &str = match c {
            b'$' | b'%' if b.get(i + 1) == Some(&b'{') => {
                if c == b'$' {
                    "$$"
                } else {
                    "%%"
                }
            }
            0..=0x1f | 0x7f | b'"' | b'\\' => match simple_escape(c) {
                Some(rep) => rep,
                None => {
                    out.push_str(&s[start..i]);
                    out.push_str("\\u00");
                    const HEX: &[u8; 16] = b"0123456789abcdef";
                    out.push(HEX[(c >> 4) as usize] as char);
                    out.push(HEX[(c & 15) as usize] as char);
                    start = i + 1;
                    continue;
                }
            },
            _ => continue,
        };
        out.push_str(&s[start..i]);
        out.push_str(rep);
        start = i + 1;
    }
    out.push_str(&s[start..]);
}

/// Appends `s` escaped for a heredoc or a template file: only `${` and `%{`
/// (as `$${` and `%%{`).
///
/// ```
/// let mut out = String::new();
/// hcl::syntax::escape_template(&mut out, "cost: ${5} 100%{");
/// assert_eq!(out, "cost: $${5} 100%%{");
/// ```
pub fn escape_template(out: &mut String, s: &str) {
    let b = s.as_bytes();
    let mut start = 0;
    for (i, &c) in b.iter().enumerate() {
        if (c == b'$' || c == b'%') && b.get(i + 1) == Some(&b'{') {
            out.push_str(&s[start..=i]);
            out.push(c as char);
            start = i + 1;
        }
    }
    out.push_str(&s[start..]);
}
