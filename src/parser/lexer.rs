//! The parser's state and its byte-level scanners: whitespace, comments,
//! identifiers, keywords, and the (cold) construction of error values.

use std::borrow::Cow;

use crate::error::Location;
use crate::syntax::{
    Attribute, BinaryOperator, BlockLabel, Element, ExprKind, Expression, Ident, Literal,
    ObjectItem, ObjectKey, ObjectSeparator, Span, Structure, TraversalOperator,
    TraversalOperatorKind,
};
use crate::{Error, ErrorKind, Result};

fn null<'a>() -> Expression<'a> {
    Expression::new(ExprKind::Null, Span::default())
}

/// The parser over one source text. Grammar functions live in the sibling
/// modules (`body`, `expr`, `template`) as methods on this type; each one
/// starts at `self.pos` and leaves `self.pos` just after what it consumed, like
/// a nom parser threading its input.
pub(crate) struct Parser<'a> {
    pub(crate) src: &'a str,
    pub(crate) b: &'a [u8],
    pub(crate) pos: usize,
    pub(crate) depth: usize,
    pub(crate) max_depth: usize,
    /// Whether newlines (and line comments) are whitespace here: true inside
    /// `()`, `[]`, `${}` and `for` expressions; false in attribute values and
    /// object items, where a newline ends the item.
    pub(crate) nl_ignore: bool,
    // Scratch stacks: a production pushes its children above the length it
    // found and takes them off with `take_from` when done, so each list in
    // the tree is allocated once at its exact size. Nested productions use
    // the same stacks above their parent's items (LIFO).
    pub(crate) s_structures: Vec<Structure<'a>>,
    pub(crate) s_exprs: Vec<Expression<'a>>,
    pub(crate) s_items: Vec<ObjectItem<'a>>,
    pub(crate) s_ops: Vec<TraversalOperator<'a>>,
    pub(crate) s_labels: Vec<BlockLabel<'a>>,
    pub(crate) s_binops: Vec<(BinaryOperator, Span)>,
    pub(crate) s_parts: Vec<super::template::TPart<'a>>,
    pub(crate) s_elems: Vec<Element<'a>>,
}

/// Takes the items above `base` off a scratch stack into an exactly sized
/// `Vec` (one allocation, one block copy). Every scratch stack starts with a
/// placeholder so that `base` is never 0 (`split_off(0)` would hand out the
/// scratch buffer itself).
#[inline]
pub(crate) fn take_from<T>(v: &mut Vec<T>, base: usize) -> Vec<T> {
    debug_assert!(base >= 1);
    if v.len() == base {
        return Vec::new();
    }
    v.split_off(base)
}

/// Byte classes for the scanners' table lookups.
pub(crate) const IDENT: u8 = 1; // ASCII identifier continuation [A-Za-z0-9_-]
pub(crate) const QUOTED_SPECIAL: u8 = 2; // `"` `\\` `$` `%` `\n` `\r` or non-ASCII
pub(crate) const HEREDOC_SPECIAL: u8 = 4; // `$` `%` `\n` or non-ASCII
pub(crate) const BARE_SPECIAL: u8 = 8; // `$` `%` or non-ASCII

pub(crate) static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        let c = i as u8;
        if c.is_ascii_alphanumeric() || c == b'_' || c == b'-' {
            t[i] |= IDENT;
        }
        if matches!(c, b'"' | b'\\' | b'$' | b'%' | b'\n' | b'\r') || c >= 0x80 {
            t[i] |= QUOTED_SPECIAL;
        }
        if matches!(c, b'$' | b'%' | b'\n') || c >= 0x80 {
            t[i] |= HEREDOC_SPECIAL;
        }
        if matches!(c, b'$' | b'%') || c >= 0x80 {
            t[i] |= BARE_SPECIAL;
        }
        i += 1;
    }
    t
};

impl<'a> Parser<'a> {
    pub(crate) fn new(src: &'a str, max_depth: usize) -> Self {
        Parser {
            src,
            b: src.as_bytes(),
            pos: 0,
            depth: 0,
            max_depth,
            nl_ignore: false,
            s_structures: vec![Structure::Attribute(Attribute {
                name: Ident::new("", Span::default()),
                expr: null(),
                span: Span::default(),
            })],
            s_exprs: vec![null()],
            s_items: vec![ObjectItem {
                key: ObjectKey::Expression(null()),
                value: null(),
                separator: ObjectSeparator::Equals,
            }],
            s_ops: vec![TraversalOperator {
                kind: TraversalOperatorKind::AttrSplat,
                span: Span::default(),
            }],
            s_labels: vec![BlockLabel::Ident(Ident::new("", Span::default()))],
            s_binops: Vec::new(),
            s_parts: vec![super::template::TPart::placeholder()],
            s_elems: vec![Element::Literal(Literal {
                value: Cow::Borrowed(""),
                span: Span::default(),
            })],
        }
    }

    /// The byte at `i`, or 0 past the end.
    #[inline(always)]
    pub(crate) fn at(&self, i: usize) -> u8 {
        match self.b.get(i) {
            Some(&c) => c,
            None => 0,
        }
    }

    /// The current byte, or 0 at the end.
    #[inline(always)]
    pub(crate) fn cur(&self) -> u8 {
        self.at(self.pos)
    }

    #[inline(always)]
    pub(crate) fn eof(&self) -> bool {
        self.pos >= self.b.len()
    }

    /// Enters one nesting level (bracket, block, template, ...).
    #[inline]
    pub(crate) fn enter(&mut self, at: usize) -> Result<()> {
        self.depth += 1;
        if self.depth > self.max_depth {
            return Err(self.too_deep(at));
        }
        Ok(())
    }

    #[inline]
    pub(crate) fn leave(&mut self) {
        self.depth -= 1;
    }

    // ----- whitespace and comments ------------------------------------

    /// Skips whitespace in the current newline mode.
    #[inline(always)]
    pub(crate) fn ws(&mut self) -> Result<()> {
        if self.nl_ignore {
            self.ws_nl()
        } else {
            self.ws_inline()
        }
    }

    /// Skips spaces, tabs and `/* */` comments (not newlines).
    #[inline(always)]
    pub(crate) fn ws_inline(&mut self) -> Result<()> {
        match self.cur() {
            b' ' | b'\t' | b'/' => self.ws_inline_slow(),
            _ => Ok(()),
        }
    }

    #[inline(never)]
    fn ws_inline_slow(&mut self) -> Result<()> {
        let b = self.b;
        let mut i = self.pos;
        loop {
            match b.get(i) {
                Some(b' ' | b'\t') => i += 1,
                Some(b'/') if b.get(i + 1) == Some(&b'*') => i = self.block_comment_end(i)?,
                _ => break,
            }
        }
        self.pos = i;
        Ok(())
    }

    /// Skips spaces, tabs, newlines and all comments.
    #[inline(always)]
    pub(crate) fn ws_nl(&mut self) -> Result<()> {
        match self.cur() {
            b' ' | b'\t' | b'\n' | b'\r' | b'#' | b'/' => self.ws_nl_slow(),
            _ => Ok(()),
        }
    }

    #[inline(never)]
    fn ws_nl_slow(&mut self) -> Result<()> {
        let b = self.b;
        let mut i = self.pos;
        loop {
            match b.get(i) {
                Some(b' ' | b'\t' | b'\n') => i += 1,
                Some(b'\r') if b.get(i + 1) == Some(&b'\n') => i += 2,
                Some(b'#') => i = line_end(b, i),
                Some(b'/') => match b.get(i + 1) {
                    Some(b'/') => i = line_end(b, i),
                    Some(b'*') => i = self.block_comment_end(i)?,
                    _ => break,
                },
                _ => break,
            }
        }
        self.pos = i;
        Ok(())
    }

    /// `i` is at `/*`; returns the offset after `*/`.
    fn block_comment_end(&self, i: usize) -> Result<usize> {
        let b = self.b;
        let mut j = i + 2;
        while j + 1 < b.len() {
            if b[j] == b'*' && b[j + 1] == b'/' {
                return Ok(j + 2);
            }
            j += 1;
        }
        Err(self.unterminated_comment(i))
    }

    /// At the end of an attribute or block: skips spaces and inline comments,
    /// then requires a newline, a line comment (which ends the line) or the
    /// end of the file, and consumes it.
    pub(crate) fn end_of_line(&mut self, after: &'static str) -> Result<()> {
        self.ws_inline()?;
        let b = self.b;
        let i = self.pos;
        match b.get(i) {
            None => Ok(()),
            Some(b'\n') => {
                self.pos = i + 1;
                Ok(())
            }
            Some(b'\r') if b.get(i + 1) == Some(&b'\n') => {
                self.pos = i + 2;
                Ok(())
            }
            Some(b'#') => {
                self.pos = line_end(b, i);
                Ok(())
            }
            Some(b'/') if b.get(i + 1) == Some(&b'/') => {
                self.pos = line_end(b, i);
                Ok(())
            }
            _ => Err(self.expected_after("a newline", after, i)),
        }
    }

    /// Whether the current position is a newline or a line comment.
    #[inline]
    pub(crate) fn at_newline(&self) -> bool {
        match self.cur() {
            b'\n' | b'#' => true,
            b'\r' => self.at(self.pos + 1) == b'\n',
            b'/' => self.at(self.pos + 1) == b'/',
            _ => false,
        }
    }

    // ----- identifiers ----------------------------------------------------

    /// Whether an identifier starts at `i`.
    #[inline(always)]
    pub(crate) fn ident_starts_at(&self, i: usize) -> bool {
        let c = self.at(i);
        if c < 0x80 {
            c.is_ascii_alphabetic() || c == b'_'
        } else {
            self.non_ascii_ident_start(i)
        }
    }

    #[inline(never)]
    fn non_ascii_ident_start(&self, i: usize) -> bool {
        self.src[i..]
            .chars()
            .next()
            .is_some_and(unicode_ident::is_xid_start)
    }

    /// The end of the identifier continuing at `i`.
    #[inline]
    pub(crate) fn ident_end(&self, mut i: usize) -> usize {
        let b = self.b;
        // Callers may pass an offset computed in bytes past a multi-byte
        // character (or past the end); move to the next character boundary.
        i = i.min(b.len());
        while !self.src.is_char_boundary(i) {
            i += 1;
        }
        loop {
            let rest = &b[i..];
            i += rest
                .iter()
                .position(|&c| CLASS[c as usize] & IDENT == 0)
                .unwrap_or(rest.len());
            match b.get(i) {
                Some(&c) if c >= 0x80 => match self.src[i..].chars().next() {
                    Some(ch) if unicode_ident::is_xid_continue(ch) => i += ch.len_utf8(),
                    _ => return i,
                },
                _ => return i,
            }
        }
    }

    /// Parses an identifier at the current position; `what` names the
    /// grammar element for the error message.
    #[inline]
    pub(crate) fn ident(&mut self, what: &'static str) -> Result<Ident<'a>> {
        let start = self.pos;
        let first = self.at(start);
        let next = if first.is_ascii_alphabetic() || first == b'_' {
            start + 1
        } else if first >= 0x80 && self.non_ascii_ident_start(start) {
            start + self.src[start..].chars().next().map_or(1, char::len_utf8)
        } else {
            return Err(self.expected(what, start));
        };
        let end = self.ident_end(next);
        self.pos = end;
        Ok(Ident {
            name: Cow::Borrowed(&self.src[start..end]),
            span: Span::new(start, end),
        })
    }

    /// Whether the keyword `kw` (ASCII) is at the current position, not
    /// followed by an identifier character.
    #[inline]
    pub(crate) fn at_keyword(&self, kw: &[u8]) -> bool {
        self.b[self.pos..].starts_with(kw)
            && self.ident_end(self.pos + kw.len()) == self.pos + kw.len()
    }

    // ----- errors (all cold) ----------------------------------------------

    /// A description of the token at `i` for "found ..." in messages, and its length.
    #[cold]
    pub(crate) fn describe(&self, i: usize) -> (String, usize) {
        let b = self.b;
        match b.get(i) {
            None => ("end of file".to_owned(), 0),
            Some(b'\n') => ("newline".to_owned(), 1),
            Some(b'\r') if b.get(i + 1) == Some(&b'\n') => ("newline".to_owned(), 2),
            Some(b'#') => ("comment".to_owned(), 1),
            Some(b'/') if matches!(b.get(i + 1), Some(b'/' | b'*')) => ("comment".to_owned(), 2),
            Some(_) if self.ident_starts_at(i) => {
                let first_len = self.src[i..].chars().next().map_or(1, char::len_utf8);
                let end = self.ident_end(i + first_len);
                (format!("`{}`", &self.src[i..end]), end - i)
            }
            Some(b'"') => ("`\"`".to_owned(), 1),
            Some(c) if c.is_ascii_digit() => {
                let mut j = i;
                while j < b.len() && (b[j].is_ascii_digit() || b[j] == b'.') {
                    j += 1;
                }
                (format!("number `{}`", &self.src[i..j]), j - i)
            }
            Some(_) => {
                let s = &self.src[i..];
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

    /// `expected WHAT, found X` at `i`.
    #[cold]
    pub(crate) fn expected(&self, what: &str, i: usize) -> Error {
        let (found, len) = self.describe(i);
        Error::at(
            ErrorKind::Parse,
            format!("expected {what}, found {found}"),
            Span::new(i, i + len),
            self.src,
        )
    }

    /// `expected WHAT after AFTER, found X` at `i`.
    #[cold]
    pub(crate) fn expected_after(&self, what: &str, after: &str, i: usize) -> Error {
        let (found, len) = self.describe(i);
        Error::at(
            ErrorKind::Parse,
            format!("expected {what} after {after}, found {found}"),
            Span::new(i, i + len),
            self.src,
        )
    }

    /// An error for something opened at `open` (the opener `what`, e.g.
    /// "`[`") that was not closed: at the end of the file the error points
    /// at the opener, elsewhere at the offending token with a note.
    #[cold]
    pub(crate) fn unclosed(
        &self,
        opener: &str,
        open: usize,
        open_len: usize,
        expected: &str,
        i: usize,
    ) -> Error {
        let (found, len) = self.describe(i);
        if i >= self.b.len() {
            Error::at(
                ErrorKind::Parse,
                format!("unclosed {opener}: expected {expected}, found end of file"),
                Span::new(open, open + open_len),
                self.src,
            )
            .with_note(
                "the end of the file was reached",
                Some(Location::of(self.src, self.b.len())),
            )
        } else {
            Error::at(
                ErrorKind::Parse,
                format!("expected {expected}, found {found}"),
                Span::new(i, i + len),
                self.src,
            )
            .with_note(
                format!("{opener} opened here"),
                Some(Location::of(self.src, open)),
            )
        }
    }

    /// A free-form error at a span.
    #[cold]
    pub(crate) fn error(&self, msg: impl Into<String>, span: Span) -> Error {
        Error::at(ErrorKind::Parse, msg, span, self.src)
    }

    #[cold]
    pub(crate) fn too_deep(&self, at: usize) -> Error {
        Error::at(
            ErrorKind::Limit,
            format!(
                "nesting too deep: more than {} nested brackets, blocks or templates",
                self.max_depth
            ),
            Span::new(at, at + 1),
            self.src,
        )
    }

    #[cold]
    fn unterminated_comment(&self, i: usize) -> Error {
        Error::at(
            ErrorKind::Parse,
            "unterminated comment: `/*` has no matching `*/`",
            Span::new(i, i + 2),
            self.src,
        )
    }
}

/// The offset after the newline ending the line that contains `i` (or the
/// end of input).
#[inline]
pub(crate) fn line_end(b: &[u8], i: usize) -> usize {
    match b[i..].iter().position(|&c| c == b'\n') {
        Some(p) => i + p + 1,
        None => b.len(),
    }
}
