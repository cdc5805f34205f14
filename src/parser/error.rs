//! Parse errors: a small `Copy` value while parsing ([`PErr`]: what went
//! wrong and where), turned into the rich [`Error`] (message with
//! expected/found, snippet, "`[` opened here" notes) once, at the end.
//!
//! Each message starts with the summary line Terraform's parser
//! (hclsyntax) gives the same mistake, then ours: `Invalid expression:
//! expected an expression, found `=``. [`summary`] is the one table from
//! what the parser knew to that summary.

use std::borrow::Cow;

use crate::error::Location;
use crate::error::{Error, ErrorKind};
use crate::syntax::Span;

use super::input::In;
use super::lexer::{ident_end, ident_starts_at};

/// An opener whose closer is missing, for "unclosed ..." messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Opener {
    /// `[` of a tuple or `for` expression
    Bracket,
    /// `[` of an index or splat
    Index,
    /// `(` of a parenthesized expression
    Paren,
    /// `(` of a function call
    Call,
    /// `{` of an object or `for` expression
    Brace,
    /// `{` of a block
    Block,
    /// `${`
    Interpolation,
    /// `%{`
    Directive,
}

impl Opener {
    fn text(self) -> (&'static str, usize) {
        match self {
            Opener::Bracket | Opener::Index => ("`[`", 1),
            Opener::Paren | Opener::Call => ("`(`", 1),
            Opener::Brace => ("`{`", 1),
            Opener::Block => ("block", 1),
            Opener::Interpolation => ("interpolation `${`", 2),
            Opener::Directive => ("directive `%{`", 2),
        }
    }
}

/// What went wrong. Anything that depends on the source text (the token
/// found, a number's digits) is read from it when the [`Error`] is built.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Kind {
    /// `expected WHAT, found X` at `at`.
    Expected(&'static str),
    /// `expected WHAT after AFTER, found X` at `at`.
    ExpectedAfter(&'static (&'static str, &'static str)),
    /// Expected `.1` (closing `.0`) at `at`, for the opener at `open`.
    Unclosed(&'static (Opener, &'static str)),
    /// A fixed message for the span `at..end`: Terraform's summary and
    /// our detail.
    Message(&'static (&'static str, &'static str)),
    /// More nesting than [`super::ParseOptions::max_depth`] allows, at `at`.
    TooDeep,
    /// `/*` at `at` without `*/`.
    UnterminatedComment,
    /// A number literal `at..end` too large for our numbers.
    NumberTooLarge,
    /// A bad escape sequence at `at`.
    BadEscape,
    /// A quoted string opened at `open`, the line or file ending at `at`.
    UnterminatedString,
    /// A heredoc at `open` without its closing marker.
    UnterminatedHeredoc,
    /// `%{ else/endif/endfor }` (`.0`) at `at..end` without its opener; the
    /// innermost open directive at `open` (`NONE` if none).
    UnexpectedDirective(&'static str),
    /// The directive `%{ .0 }` at `at..end` is not closed by `%{ .1 }`.
    UnclosedDirective(&'static (&'static str, &'static str)),
    /// The attribute name at `at..end` was defined before, at `open`.
    Duplicate,
    /// `expected `}` to end the single-line block, found X` at `at`.
    OneLineBlockEnd,
    /// A failure of one of nom's own parsers at `at` (a grammar bug if seen).
    Nom,
}

/// A parse error while parsing: `Copy`, four words.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PErr {
    pub(crate) kind: Kind,
    pub(crate) at: u32,
    pub(crate) end: u32,
    pub(crate) open: u32,
}

/// `open` when there is none.
pub(crate) const NONE: u32 = u32::MAX;

impl PErr {
    /// `kind` at the position of `i`.
    #[inline]
    pub(crate) fn at(kind: Kind, i: In<'_>) -> PErr {
        PErr {
            kind,
            at: i.pos,
            end: i.pos,
            open: NONE,
        }
    }

    /// `kind` for the span `start..end`.
    #[inline]
    pub(crate) fn span(kind: Kind, start: usize, end: usize) -> PErr {
        PErr {
            kind,
            at: start as u32,
            end: end as u32,
            open: NONE,
        }
    }

    /// With the opener's (or first definition's) offset.
    #[inline]
    pub(crate) fn opened_at(mut self, open: usize) -> PErr {
        self.open = open as u32;
        self
    }
}

impl<'a> nom::error::ParseError<In<'a>> for PErr {
    fn from_error_kind(input: In<'a>, _kind: nom::error::ErrorKind) -> Self {
        PErr::at(Kind::Nom, input)
    }

    fn append(_input: In<'a>, _kind: nom::error::ErrorKind, other: Self) -> Self {
        other
    }
}

/// A nom error that stops parsing (no alternative is tried after it).
#[inline]
pub(crate) fn fail<E>(e: PErr) -> nom::Err<PErr, E> {
    nom::Err::Failure(e)
}

/// Builds the rich [`Error`] for `e` in `src`: Terraform's summary line
/// ([`summary`]), then our message.
#[cold]
#[inline(never)]
pub(crate) fn build(e: PErr, src: &str, max_depth: usize) -> Error {
    let at = (e.at as usize).min(src.len());
    let end = (e.end as usize).clamp(at, src.len());
    let open = e.open as usize;
    let summary = summary(&e, src, at);
    let parse = |detail: &str, span: Span| {
        Error::described(ErrorKind::Parse, &summary, detail)
            .at_span(span)
            .with_source(src)
    };
    let here = |detail: String, len: usize| parse(&detail, Span::new(at, at + len));
    match e.kind {
        Kind::Expected(what) => {
            let (found, len) = describe(src, at);
            here(format!("expected {what}, found {found}"), len)
        }
        Kind::ExpectedAfter(&(what, after)) => {
            let (found, len) = describe(src, at);
            here(format!("expected {what} after {after}, found {found}"), len)
        }
        Kind::Unclosed(&(opener, expected)) => {
            let (opener, open_len) = opener.text();
            if at >= src.len() {
                parse(
                    &format!("unclosed {opener}: expected {expected}, found end of file"),
                    Span::new(open, open + open_len),
                )
                .with_note(
                    "the end of the file was reached",
                    Some(Location::of(src, src.len())),
                )
            } else {
                let (found, len) = describe(src, at);
                let err = here(format!("expected {expected}, found {found}"), len).with_note(
                    format!("{opener} opened here"),
                    Some(Location::of(src, open)),
                );
                match src.as_bytes().get(open) {
                    Some(b'(' | b'[' | b'{') => err.with_unclosed(open),
                    _ => err,
                }
            }
        }
        Kind::Message(&(_, detail)) => parse(detail, Span::new(at, end)),
        // Terraform has no such limit: no summary of its own.
        Kind::TooDeep => Error::described(ErrorKind::Limit, "nesting too deep", format_args!("more than {max_depth} nested brackets, blocks or templates")).at_span(Span::new(at, at + 1)).with_source(src),
        Kind::UnterminatedComment => parse(
            "unterminated comment: `/*` has no matching `*/`",
            Span::new(at, at + 2),
        ),
        Kind::NumberTooLarge => {
            let raw = &src[at..end];
            let shown = if raw.len() > 24 {
                format!("{}... ({} characters)", &raw[..12], raw.len())
            } else {
                raw.to_owned()
            };
            parse(
                &format!(
                    "{shown} is too large (literals are limited to 10,000 digits and decimal exponents of ±100,000)"
                ),
                Span::new(at, end),
            )
        }
        Kind::BadEscape => {
            let mut end = (at + 2).min(src.len());
            while !src.is_char_boundary(end) {
                end += 1;
            }
            parse(
                &format!(
                    "`{}` is not an escape; the escapes are \\n \\r \\t \\\" \\\\ \\uNNNN \\UNNNNNNNN",
                    &src[at..end]
                ),
                Span::new(at, end),
            )
        }
        // The newline that ends the string's line (Terraform's range:
        // `a = "abc` then a newline is 1:9-2:1); at the end of the file
        // (or a lone CR), the string's opening quote.
        Kind::UnterminatedString if src.as_bytes().get(at) != Some(&b'\n') => parse(
            "unterminated string: no closing `\"` on the line where the string starts",
            Span::new(open, open + 1),
        )
        .with_note(
            if at >= src.len() {
                "the end of the file was reached"
            } else {
                "the string ends here, unclosed"
            },
            Some(Location::of(src, at)),
        ),
        Kind::UnterminatedString => parse(
            "unterminated string: the line ends before its closing `\"`; use `\\n` or a heredoc (`<<EOT`) for multi-line strings",
            Span::new(at, at + 1),
        )
        .with_note("the string starts here", Some(Location::of(src, open))),
        Kind::UnterminatedHeredoc => parse(
            "unterminated heredoc: the closing marker was not found on a line of its own",
            Span::new(open, ident_end(src, open + 3)),
        )
        .with_note(
            "the end of the file was reached",
            Some(Location::of(src, src.len())),
        ),
        Kind::UnexpectedDirective(what) => {
            let err = parse(
                &format!("`%{{ {what} }}` has no matching open directive"),
                Span::new(at, end),
            );
            if e.open == NONE {
                err
            } else {
                err.with_note(
                    "the innermost open directive is here",
                    Some(Location::of(src, open)),
                )
            }
        }
        Kind::UnclosedDirective(&(what, end_kw)) => parse(
            &format!("the `%{{ {what} }}` directive is not closed by `%{{ {end_kw} }}`"),
            Span::new(at, end),
        ),
        Kind::Duplicate => {
            let loc = Location::of(src, open);
            parse(
                &format!(
                    "attribute `{}` is defined twice (first on line {}, column {}); \
                     each attribute may be set only once",
                    &src[at..end],
                    loc.line,
                    loc.column
                ),
                Span::new(at, end),
            )
            .with_note("first defined here", Some(loc))
        }
        Kind::OneLineBlockEnd => {
            let (found, _) = describe(src, at);
            parse(
                &format!("expected `}}` to end the single-line block, found {found}"),
                Span::new(at, at + 1),
            )
        }
        Kind::Nom => here("invalid syntax".to_owned(), 1),
    }
}

/// The summary line Terraform's parser gives the mistake `e` (its error at
/// `at` of `src`): one table from what the parser knew (the [`Kind`], what
/// it expected, what it found) to hclsyntax's diagnostic summaries.
///
/// A character Terraform's scanner rejects (`@`, `;`, `^`, ...) is reported
/// by Terraform before any parse error, so where one is found that is the
/// summary.
#[cold]
fn summary(e: &PErr, src: &str, at: usize) -> Cow<'static, str> {
    let eof = at >= src.len();
    let found = src.as_bytes().get(at).copied();
    let expression = if eof {
        "Missing expression"
    } else {
        "Invalid expression"
    };
    let found_token = matches!(
        e.kind,
        Kind::Expected(_) | Kind::ExpectedAfter(_) | Kind::Unclosed(_) | Kind::OneLineBlockEnd
    );
    if let Some(rejected) = rejected_character(src, at).filter(|_| found_token) {
        return Cow::Borrowed(rejected);
    }
    let fixed = match e.kind {
        Kind::Expected(what) => match what {
            "an expression" => expression,
            "an attribute or block definition" if found == Some(b'"') => "Invalid argument name",
            "an attribute or block definition" | "an attribute, a newline or `}`" => {
                "Argument or block definition required"
            }
            "`:` of the conditional expression" => "Missing false expression in conditional",
            "a function name after `::`" => "Missing function name",
            "an iterator variable name after `for`"
            | "a value variable name after `,`"
            | "`in` after the `for` variables" => "Invalid 'for' expression",
            "an iterator variable name after `%{ for`"
            | "a value variable name after `,` in the `%{ for` directive"
            | "`in` after the `%{ for` variables" => "Invalid 'for' directive",
            "an attribute name, `*` or an index after `.`" => "Invalid attribute name",
            "a template directive keyword (`if`, `else`, `endif`, `for` or `endfor`)" => {
                if ident_starts_at(src, at) {
                    "Invalid template control keyword"
                } else {
                    "Invalid template directive"
                }
            }
            "a heredoc marker identifier after `<<`" => "Invalid expression",
            "the end of the expression" => "Extra characters after expression",
            _ => "Invalid syntax",
        },
        Kind::ExpectedAfter(&(what, after)) => match (what, after) {
            ("a newline", "the attribute value") if found == Some(b',') => {
                "Unexpected comma after argument"
            }
            ("a newline", "the attribute value") => "Missing newline after argument",
            ("a newline", "the block's closing `}`") => "Missing newline after block definition",
            ("a block label or `{`", _) => "Invalid block definition",
            ("`=` (attribute) or a block label or `{` (block)", _) | ("`=`", _) => {
                "Argument or block definition required"
            }
            ("`(` or `::`", _) => "Missing open parenthesis",
            ("`=` or `:`", _) if matches!(found, Some(b'\n' | b'\r' | b',')) => {
                "Missing attribute value"
            }
            ("`=` or `:`", _) => "Missing key/value separator",
            ("a newline", _) => "Invalid expression",
            _ => "Invalid syntax",
        },
        Kind::Unclosed(&(opener, expected)) => match (opener, expected) {
            (Opener::Block, _) if eof => "Unclosed configuration block",
            (Opener::Block, _) => "Argument or block definition required",
            (Opener::Call, "`,` or `)`") if eof => "Unterminated function call",
            (Opener::Call, "`,` or `)`") => "Missing argument separator",
            (Opener::Call, "`)`") => expression,
            (Opener::Call, _) => "Missing closing parenthesis",
            (Opener::Paren, "`)`") => "Unbalanced parentheses",
            (Opener::Bracket, "`,` or `]`") if eof => "Unterminated tuple constructor expression",
            (Opener::Bracket, "`,` or `]`") => "Missing item separator",
            (Opener::Index, "`]`") => "Missing close bracket on index",
            (Opener::Index, "`]` after the splat `[*`") => "Missing close bracket on splat index",
            (Opener::Brace, "`=` or `:`" | "`,`, a newline or `}` after the object item")
                if eof =>
            {
                "Unterminated object constructor expression"
            }
            (Opener::Brace, "`,`, a newline or `}` after the object item") => {
                "Missing attribute separator"
            }
            (Opener::Brace | Opener::Bracket, "`}`" | "`]`" | "an expression") => expression,
            (Opener::Brace | Opener::Bracket, _) => "Invalid 'for' expression",
            (Opener::Interpolation, "`}`") if eof || found == Some(b'"') => {
                "Unclosed template interpolation sequence"
            }
            (Opener::Interpolation, "`}`") => "Extra characters after interpolation expression",
            (Opener::Directive, _) => {
                return Cow::Owned(format!(
                    "Extra characters in {} marker",
                    directive_keyword(src, e.open as usize)
                ))
            }
            _ => expression,
        },
        Kind::Message(&(summary, _)) => summary,
        // A limit of ours, not a syntax error: its message has no summary.
        Kind::TooDeep => "",
        // hclsyntax reads an unclosed `/*` as a stray token: where an item
        // of a body starts, or inside an expression.
        Kind::UnterminatedComment => {
            let line_start = src[..at].rfind('\n').map_or(0, |p| p + 1);
            if src[line_start..at].trim().is_empty() {
                "Argument or block definition required"
            } else {
                "Invalid expression"
            }
        }
        Kind::NumberTooLarge => "Invalid number literal",
        Kind::BadEscape => "Invalid escape sequence",
        Kind::UnterminatedString if eof => "Unterminated template string",
        Kind::UnterminatedString => "Invalid multi-line string",
        Kind::UnterminatedHeredoc => "Unterminated template string",
        Kind::UnexpectedDirective(what) => {
            return Cow::Owned(format!("Unexpected {what} directive"))
        }
        Kind::UnclosedDirective(_) => "Unexpected end of template",
        Kind::Duplicate => "Attribute redefined",
        Kind::OneLineBlockEnd if eof => "Unclosed configuration block",
        Kind::OneLineBlockEnd => "Invalid single-argument block definition",
        Kind::Nom => "Invalid expression",
    };
    Cow::Borrowed(fixed)
}

/// The error of a byte order mark that starts an expression or template.
#[cold]
pub(crate) fn bom_error(input: &str) -> Error {
    Error::described(
        ErrorKind::Parse,
        "Invalid character",
        "a UTF-8 byte order mark (U+FEFF) is not allowed at the start of the input",
    )
    .at_span(Span::new(0, 3))
    .with_source(input)
}

/// The error of `input`'s first byte that is not UTF-8.
#[cold]
pub(crate) fn utf8_error(input: &[u8], e: std::str::Utf8Error) -> Error {
    let at = e.valid_up_to();
    let lossy = String::from_utf8_lossy(input);
    // Offsets in the lossy copy equal those in the input up to `at`.
    let len = e.error_len().unwrap_or(1);
    Error::described(
        ErrorKind::Parse,
        "Invalid character encoding",
        format_args!(
            "byte 0x{:02x} at offset {at} is not valid UTF-8 (HCL files must be UTF-8)",
            input[at]
        ),
    )
    .at_span(Span::new(at, at + len))
    .with_source(&lossy)
}

/// The summary Terraform's scanner gives the character at `at` if it
/// rejects it: one the language does not use, or a bitwise operator.
#[cold]
fn rejected_character(src: &str, at: usize) -> Option<&'static str> {
    let rest = src.get(at..)?;
    let c = rest.chars().next()?;
    match c {
        '^' | '~' => Some("Unsupported operator"),
        '&' if !rest.starts_with("&&") => Some("Unsupported operator"),
        '|' if !rest.starts_with("||") => Some("Unsupported operator"),
        '@' | '$' | '`' | '\'' | ';' | '\\' => Some("Invalid character"),
        c if c.is_ascii() => {
            (c.is_ascii_control() && !c.is_ascii_whitespace()).then_some("Invalid character")
        }
        _ if ident_starts_at(src, at) || c.is_whitespace() => None,
        _ => Some("Invalid character"),
    }
}

/// The keyword of the directive `%{ ... }` opened at `open`.
#[cold]
fn directive_keyword(src: &str, open: usize) -> &str {
    let rest = src.get(open + 2..).unwrap_or_default();
    let rest = rest.strip_prefix('~').unwrap_or(rest);
    let start = src.len() - rest.trim_start().len();
    if ident_starts_at(src, start) {
        let first = rest.trim_start().chars().next().map_or(1, char::len_utf8);
        &src[start..ident_end(src, start + first)]
    } else {
        "directive"
    }
}

/// A description of the token at `i` for "found ..." in messages, and its length.
#[cold]
pub(crate) fn describe(src: &str, i: usize) -> (String, usize) {
    let b = src.as_bytes();
    match b.get(i) {
        None => ("end of file".to_owned(), 0),
        Some(b'\n') => ("newline".to_owned(), 1),
        Some(b'\r') if b.get(i + 1) == Some(&b'\n') => ("newline".to_owned(), 2),
        Some(b'#') => ("comment".to_owned(), 1),
        Some(b'/') if matches!(b.get(i + 1), Some(b'/' | b'*')) => ("comment".to_owned(), 2),
        Some(_) if ident_starts_at(src, i) => {
            let first_len = src[i..].chars().next().map_or(1, char::len_utf8);
            let end = ident_end(src, i + first_len);
            (format!("`{}`", &src[i..end]), end - i)
        }
        Some(b'"') => ("`\"`".to_owned(), 1),
        Some(c) if c.is_ascii_digit() => {
            let mut j = i;
            while j < b.len() && (b[j].is_ascii_digit() || b[j] == b'.') {
                j += 1;
            }
            (format!("number `{}`", &src[i..j]), j - i)
        }
        Some(_) => {
            let mut at = i;
            while !src.is_char_boundary(at) {
                at -= 1;
            }
            let s = &src[at..];
            for op in [
                "...", "=>", "==", "!=", "<=", ">=", "&&", "||", "${", "%{", "::", "<<",
            ] {
                if s.starts_with(op) {
                    return (format!("`{op}`"), op.len());
                }
            }
            let ch = s.chars().next().unwrap_or('?');
            if ch.is_control() || ch.is_whitespace() {
                (format!("character {:?}", ch), ch.len_utf8())
            } else {
                (format!("`{ch}`"), ch.len_utf8())
            }
        }
    }
}
