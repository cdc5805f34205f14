//! Parse errors: a small `Copy` value while parsing ([`PErr`]: what went
//! wrong and where), turned into the rich [`Error`] (message with
//! expected/found, snippet, "`[` opened here" notes) once, at the end.

use crate::error::Location;
use crate::{Error, ErrorKind, Span};

use super::input::In;
use super::lexer::{ident_end, ident_starts_at};

/// An opener whose closer is missing, for "unclosed ..." messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Opener {
    /// `[`
    Bracket,
    /// `(`
    Paren,
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
            Opener::Bracket => ("`[`", 1),
            Opener::Paren => ("`(`", 1),
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
    /// A fixed message for the span `at..end`.
    Message(&'static str),
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

/// Builds the rich [`Error`] for `e` in `src`.
#[cold]
#[inline(never)]
pub(crate) fn build(e: PErr, src: &str, max_depth: usize) -> Error {
    let at = (e.at as usize).min(src.len());
    let end = (e.end as usize).clamp(at, src.len());
    let open = e.open as usize;
    let e_open_none = e.open == NONE;
    let here =
        |msg: String, len: usize| Error::at(ErrorKind::Parse, msg, Span::new(at, at + len), src);
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
                Error::at(
                    ErrorKind::Parse,
                    format!("unclosed {opener}: expected {expected}, found end of file"),
                    Span::new(open, open + open_len),
                    src,
                )
                .with_note(
                    "the end of the file was reached",
                    Some(Location::of(src, src.len())),
                )
            } else {
                let (found, len) = describe(src, at);
                here(format!("expected {expected}, found {found}"), len).with_note(
                    format!("{opener} opened here"),
                    Some(Location::of(src, open)),
                )
            }
        }
        Kind::Message(msg) => Error::at(ErrorKind::Parse, msg, Span::new(at, end), src),
        Kind::TooDeep => Error::at(
            ErrorKind::Limit,
            format!(
                "nesting too deep: more than {max_depth} nested brackets, blocks or templates"
            ),
            Span::new(at, at + 1),
            src,
        ),
        Kind::UnterminatedComment => Error::at(
            ErrorKind::Parse,
            "unterminated comment: `/*` has no matching `*/`",
            Span::new(at, at + 2),
            src,
        ),
        Kind::NumberTooLarge => {
            let raw = &src[at..end];
            let shown = if raw.len() > 24 {
                format!("{}... ({} characters)", &raw[..12], raw.len())
            } else {
                raw.to_owned()
            };
            Error::at(
                ErrorKind::Parse,
                format!(
                    "invalid number literal: {shown} is too large (literals are limited to 10,000 digits and decimal exponents of ±100,000)"
                ),
                Span::new(at, end),
                src,
            )
        }
        Kind::BadEscape => {
            let mut end = (at + 2).min(src.len());
            while !src.is_char_boundary(end) {
                end += 1;
            }
            Error::at(
                ErrorKind::Parse,
                format!(
                    "invalid escape sequence `{}`: the escapes are \\n \\r \\t \\\" \\\\ \\uNNNN \\UNNNNNNNN",
                    &src[at..end]
                ),
                Span::new(at, end),
                src,
            )
        }
        Kind::UnterminatedString => {
            let note = if at >= src.len() {
                "the end of the file was reached"
            } else {
                "the line ends here; use `\\n` or a heredoc (`<<EOT`) for multi-line strings"
            };
            Error::at(
                ErrorKind::Parse,
                "unterminated string: no closing `\"` on the line where the string starts",
                Span::new(open, open + 1),
                src,
            )
            .with_note(note, Some(Location::of(src, at)))
        }
        Kind::UnterminatedHeredoc => {
            let end = ident_end(src, open + 3);
            Error::at(
                ErrorKind::Parse,
                "unterminated heredoc: the closing marker was not found on a line of its own",
                Span::new(open, end),
                src,
            )
            .with_note(
                "the end of the file was reached",
                Some(Location::of(src, src.len())),
            )
        }
        Kind::UnexpectedDirective(what) => {
            let e = Error::at(
                ErrorKind::Parse,
                format!(
                    "unexpected `%{{ {what} }}` directive: there is no matching open directive"
                ),
                Span::new(at, end),
                src,
            );
            if e_open_none {
                e
            } else {
                e.with_note(
                    "the innermost open directive is here",
                    Some(Location::of(src, open)),
                )
            }
        }
        Kind::UnclosedDirective(&(what, end_kw)) => Error::at(
            ErrorKind::Parse,
            format!(
                "unexpected end of template: the `%{{ {what} }}` directive is not closed by `%{{ {end_kw} }}`"
            ),
            Span::new(at, end),
            src,
        ),
        Kind::Duplicate => {
            let loc = Location::of(src, open);
            Error::at(
                ErrorKind::Parse,
                format!(
                    "attribute `{}` is defined twice (first on line {}, column {}); \
                     each attribute may be set only once",
                    &src[at..end],
                    loc.line,
                    loc.column
                ),
                Span::new(at, end),
                src,
            )
            .with_note("first defined here", Some(loc))
        }
        Kind::OneLineBlockEnd => {
            let (found, _) = describe(src, at);
            Error::at(
                ErrorKind::Parse,
                format!("expected `}}` to end the single-line block, found {found}"),
                Span::new(at, at + 1),
                src,
            )
        }
        Kind::Nom => here("invalid syntax".to_owned(), 1),
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
