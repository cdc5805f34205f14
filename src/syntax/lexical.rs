//! The lexical rules every stage shares: what an identifier is, and how a
//! string's text is escaped in a quoted template or a heredoc. The parser,
//! the printer, the serializer and the evaluator's printer all use these,
//! so they cannot disagree.

/// ASCII bytes that continue an identifier: `[A-Za-z0-9_-]` (non-ASCII
/// ones are looked up in Unicode's `ID_Continue`).
static IDENT_CONTINUE: [bool; 256] = {
    let mut t = [false; 256];
    let mut i = 0;
    while i < 128 {
        let c = i as u8;
        t[i] = c.is_ascii_alphanumeric() || c == b'_' || c == b'-';
        i += 1;
    }
    t
};

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

/// Whether `s` can be written as a bare identifier (and is not a keyword
/// that would read as a literal).
///
/// ```
/// use hcl::syntax::is_ident;
/// assert!(is_ident("name"));
/// assert!(!is_ident("null"));
/// assert!(!is_ident("for"));
/// assert!(!is_ident("a b"));
/// ```
pub fn is_ident(s: &str) -> bool {
    is_identifier(s) && !matches!(s, "null" | "true" | "false" | "for" | "in" | "if")
}

/// Whether an identifier starts at offset `i` of `src`:
/// `ID_Start | '_'` (Go's `ValidIdentifier`).
#[inline(always)]
pub(crate) fn ident_starts_at(src: &str, i: usize) -> bool {
    match src.as_bytes().get(i) {
        Some(&c) if c < 0x80 => c.is_ascii_alphabetic() || c == b'_',
        Some(_) => non_ascii_ident_start(src, i),
        None => false,
    }
}

#[inline(never)]
pub(crate) fn non_ascii_ident_start(src: &str, i: usize) -> bool {
    src.get(i..)
        .and_then(|s| s.chars().next())
        .is_some_and(unicode_ident::is_xid_start)
}

/// The end of the identifier continuing at offset `i` of `src`:
/// `(ID_Continue | '-')*`.
#[inline]
pub(crate) fn ident_end(src: &str, i: usize) -> usize {
    let b = src.as_bytes();
    let mut p = i;
    while let Some(&c) = b.get(p) {
        if !IDENT_CONTINUE[c as usize] {
            if c >= 0x80 {
                return ident_end_unicode(src, i);
            }
            break;
        }
        p += 1;
    }
    p.min(b.len())
}

/// [`ident_end`] past non-ASCII text.
#[inline(never)]
fn ident_end_unicode(src: &str, mut i: usize) -> usize {
    let b = src.as_bytes();
    // Callers may pass an offset computed in bytes past a multi-byte
    // character (or past the end); move to the next character boundary.
    i = i.min(b.len());
    while !src.is_char_boundary(i) {
        i += 1;
    }
    loop {
        let rest = &b[i..];
        i += rest
            .iter()
            .position(|&c| !IDENT_CONTINUE[c as usize])
            .unwrap_or(rest.len());
        match b.get(i) {
            Some(&c) if c >= 0x80 => match src[i..].chars().next() {
                Some(ch) if unicode_ident::is_xid_continue(ch) => i += ch.len_utf8(),
                _ => return i,
            },
            _ => return i,
        }
    }
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

/// Appends `s` as a quoted string literal: `"`, [`escape_quoted`], `"`.
pub(crate) fn push_quoted(out: &mut String, s: &str) {
    out.push('"');
    escape_quoted(out, s);
    out.push('"');
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
