//! The token scanners: whitespace and comments, identifiers, keywords and
//! punctuation. Each is a nom parser over [`In`] built on byte loops and
//! table lookups, as nom's own JSON benchmark scans; the grammar in the
//! sibling modules composes them with nom's combinators.

use nom::Parser;

pub(crate) use crate::syntax::lexical::{ident_end, ident_starts_at, non_ascii_ident_start};
use crate::syntax::{Ident, Span};

use super::error::{fail, Kind, PErr};
use super::input::{In, LeafResult};

/// Byte classes for the scanners' table lookups.
pub(crate) const QUOTED_SPECIAL: u8 = 2; // `"` `\\` `$` `%` `\n` `\r` or non-ASCII
pub(crate) const HEREDOC_SPECIAL: u8 = 4; // `$` `%` `\n` or non-ASCII
pub(crate) const BARE_SPECIAL: u8 = 8; // `$` `%` or non-ASCII

pub(crate) static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        let c = i as u8;
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

// ----- whitespace and comments ----------------------------------------

/// Skips whitespace as the input's newline mode says.
#[inline(always)]
pub(crate) fn ws(i: In<'_>) -> LeafResult<'_, ()> {
    if i.nl() {
        ws_nl(i)
    } else {
        ws_inline(i)
    }
}

/// Skips spaces, tabs and `/* */` comments (not newlines).
#[inline(always)]
pub(crate) fn ws_inline(i: In<'_>) -> LeafResult<'_, ()> {
    match i.cur() {
        // Most runs are one space (`a = b`): no call for those.
        b' ' if !matches!(i.byte(i.at() + 1), b' ' | b'\t' | b'/') => Ok((i.skip(1), ())),
        b' ' | b'\t' | b'/' => match skip_inline(i.src().as_bytes(), i.at()) {
            Ok(p) => Ok((i.to(p), ())),
            Err(open) => Err(unterminated_comment(i, open)),
        },
        _ => Ok((i, ())),
    }
}

/// The offset after the spaces, tabs and `/* */` comments at `p`, or the
/// offset of a `/*` that is never closed. Positions travel in registers;
/// the caller builds the error.
#[inline(never)]
fn skip_inline(b: &[u8], mut p: usize) -> Result<usize, usize> {
    loop {
        match b.get(p) {
            Some(b' ' | b'\t') => p += 1,
            Some(b'/') if b.get(p + 1) == Some(&b'*') => p = block_comment_end(b, p).ok_or(p)?,
            _ => return Ok(p),
        }
    }
}

/// Skips spaces, tabs, newlines and all comments.
#[inline(always)]
pub(crate) fn ws_nl(i: In<'_>) -> LeafResult<'_, ()> {
    match i.cur() {
        b' ' if !matches!(
            i.byte(i.at() + 1),
            b' ' | b'\t' | b'\n' | b'\r' | b'#' | b'/'
        ) =>
        {
            Ok((i.skip(1), ()))
        }
        b' ' | b'\t' | b'\n' | b'\r' | b'#' | b'/' => match skip_nl(i.src().as_bytes(), i.at()) {
            Ok(p) => Ok((i.to(p), ())),
            Err(open) => Err(unterminated_comment(i, open)),
        },
        _ => Ok((i, ())),
    }
}

/// [`skip_inline`] across newlines and line comments too.
#[inline(never)]
pub(crate) fn skip_nl(b: &[u8], mut p: usize) -> Result<usize, usize> {
    loop {
        match b.get(p) {
            Some(b' ' | b'\t' | b'\n') => p += 1,
            Some(b'\r') if b.get(p + 1) == Some(&b'\n') => p += 2,
            Some(b'#') => p = line_end(b, p),
            Some(b'/') => match b.get(p + 1) {
                Some(b'/') => p = line_end(b, p),
                Some(b'*') => p = block_comment_end(b, p).ok_or(p)?,
                _ => return Ok(p),
            },
            _ => return Ok(p),
        }
    }
}

/// `p` is at `/*`; the offset after `*/`, if there is one.
pub(crate) fn block_comment_end(b: &[u8], p: usize) -> Option<usize> {
    let mut j = p + 2;
    while j + 1 < b.len() {
        if b[j] == b'*' && b[j + 1] == b'/' {
            return Some(j + 2);
        }
        j += 1;
    }
    None
}

#[cold]
fn unterminated_comment(i: In<'_>, open: usize) -> nom::Err<PErr> {
    fail(PErr::at(Kind::UnterminatedComment, i.to(open)))
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

/// `Newline`: at the end of an attribute or block, spaces and inline
/// comments, then a newline, a line comment (which ends the line) or the
/// end of the file. `after` names what came before, for the error.
#[inline]
pub(crate) fn end_of_line<'a>(
    after: &'static (&'static str, &'static str),
) -> impl Parser<In<'a>, Output = (), Error = PErr> {
    move |i: In<'a>| {
        let b = i.src().as_bytes();
        let p = i.at();
        // The usual case: the newline right here.
        if b.get(p) == Some(&b'\n') {
            return Ok((i.to(p + 1), ()));
        }
        match line_end_after(b, p) {
            Some(Ok(next)) => Ok((i.to(next), ())),
            Some(Err(open)) => Err(unterminated_comment(i, open)),
            None => Err(expected_newline(i, after)),
        }
    }
}

/// The offset after the end of the line that should follow offset `p`
/// (see [`end_of_line`]): `None` if something else follows, `Err` at an
/// unterminated `/*`.
#[inline(never)]
fn line_end_after(b: &[u8], p: usize) -> Option<Result<usize, usize>> {
    let p = match skip_inline(b, p) {
        Ok(p) => p,
        Err(open) => return Some(Err(open)),
    };
    Some(Ok(match b.get(p) {
        None => p,
        Some(b'\n') => p + 1,
        Some(b'\r') if b.get(p + 1) == Some(&b'\n') => p + 2,
        Some(b'#') => line_end(b, p),
        Some(b'/') if b.get(p + 1) == Some(&b'/') => line_end(b, p),
        _ => return None,
    }))
}

#[cold]
fn expected_newline(i: In<'_>, after: &'static (&'static str, &'static str)) -> nom::Err<PErr> {
    let b = i.src().as_bytes();
    let p = skip_inline(b, i.at()).unwrap_or(i.at());
    fail(PErr::at(Kind::ExpectedAfter(after), i.to(p)))
}

/// Whether the input is at a newline or a line comment.
#[inline]
pub(crate) fn at_newline(i: In<'_>) -> bool {
    match i.cur() {
        b'\n' | b'#' => true,
        b'\r' => i.byte(i.at() + 1) == b'\n',
        b'/' => i.byte(i.at() + 1) == b'/',
        _ => false,
    }
}

// ----- identifiers ------------------------------------------------------

/// `Identifier`; `what` names the grammar element for the error (a
/// recoverable one: `cut` where nothing else may follow).
#[inline]
pub(crate) fn ident<'a>(what: &'static str) -> impl Fn(In<'a>) -> LeafResult<'a, Ident<'a>> {
    move |i: In<'a>| ident_in(i, what)
}

/// [`ident`] as a function.
#[inline(always)]
pub(crate) fn ident_in<'a>(i: In<'a>, what: &'static str) -> LeafResult<'a, Ident<'a>> {
    let start = i.at();
    match ident_at(i.src(), start) {
        Some(end) => Ok((
            i.to(end),
            Ident {
                name: &i.src()[start..end],
                span: Span::new(start, end),
            },
        )),
        None => Err(nom::Err::Error(PErr::at(Kind::Expected(what), i))),
    }
}

/// The end of the identifier starting at offset `p` of `src`, if one
/// starts there.
#[inline(always)]
pub(crate) fn ident_at(src: &str, p: usize) -> Option<usize> {
    match src.as_bytes().get(p) {
        Some(&c) if c.is_ascii_alphabetic() || c == b'_' => Some(ident_end(src, p + 1)),
        Some(&c) if c >= 0x80 && non_ascii_ident_start(src, p) => {
            let len = src[p..].chars().next().map_or(1, char::len_utf8);
            Some(ident_end(src, p + len))
        }
        _ => None,
    }
}

/// Whether the keyword `kw` (ASCII) is at the input, not followed by an
/// identifier character.
#[inline]
pub(crate) fn at_keyword(i: In<'_>, kw: &str) -> bool {
    i.rest().starts_with(kw.as_bytes())
        && ident_end(i.src(), i.at() + kw.len()) == i.at() + kw.len()
}

/// The keyword `kw`, not followed by an identifier character.
#[inline]
pub(crate) fn keyword<'a>(kw: &'static str) -> impl Fn(In<'a>) -> LeafResult<'a, ()> {
    move |i: In<'a>| {
        if at_keyword(i, kw) {
            Ok((i.skip(kw.len()), ()))
        } else {
            Err(nom::Err::Error(PErr::at(Kind::Expected(kw), i)))
        }
    }
}

/// The punctuation `p`; its output is its offset.
#[inline]
pub(crate) fn punct<'a>(p: &'static str) -> impl Fn(In<'a>) -> LeafResult<'a, usize> {
    move |i: In<'a>| {
        if i.rest().starts_with(p.as_bytes()) {
            Ok((i.skip(p.len()), i.at()))
        } else {
            Err(nom::Err::Error(PErr::at(Kind::Expected(p), i)))
        }
    }
}
