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
    if i.nl {
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
        b' ' | b'\t' | b'/' => ws_inline_slow(i),
        _ => Ok((i, ())),
    }
}

#[inline(never)]
fn ws_inline_slow(i: In<'_>) -> LeafResult<'_, ()> {
    let b = i.src().as_bytes();
    let mut p = i.at();
    loop {
        match b.get(p) {
            Some(b' ' | b'\t') => p += 1,
            Some(b'/') if b.get(p + 1) == Some(&b'*') => p = block_comment_end(i, p)?,
            _ => break,
        }
    }
    Ok((i.to(p), ()))
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
        b' ' | b'\t' | b'\n' | b'\r' | b'#' | b'/' => ws_nl_slow(i),
        _ => Ok((i, ())),
    }
}

#[inline(never)]
fn ws_nl_slow(i: In<'_>) -> LeafResult<'_, ()> {
    let b = i.src().as_bytes();
    let mut p = i.at();
    loop {
        match b.get(p) {
            Some(b' ' | b'\t' | b'\n') => p += 1,
            Some(b'\r') if b.get(p + 1) == Some(&b'\n') => p += 2,
            Some(b'#') => p = line_end(b, p),
            Some(b'/') => match b.get(p + 1) {
                Some(b'/') => p = line_end(b, p),
                Some(b'*') => p = block_comment_end(i, p)?,
                _ => break,
            },
            _ => break,
        }
    }
    Ok((i.to(p), ()))
}

/// `p` is at `/*`; the offset after `*/`.
fn block_comment_end(i: In<'_>, p: usize) -> Result<usize, nom::Err<PErr>> {
    let b = i.src().as_bytes();
    let mut j = p + 2;
    while j + 1 < b.len() {
        if b[j] == b'*' && b[j + 1] == b'/' {
            return Ok(j + 2);
        }
        j += 1;
    }
    Err(fail(PErr::at(Kind::UnterminatedComment, i.to(p))))
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
pub(crate) fn end_of_line<'a>(
    after: &'static (&'static str, &'static str),
) -> impl Parser<In<'a>, Output = (), Error = PErr> {
    move |i: In<'a>| {
        let (i, ()) = ws_inline(i)?;
        let b = i.src().as_bytes();
        let p = i.at();
        let next = match b.get(p) {
            None => p,
            Some(b'\n') => p + 1,
            Some(b'\r') if b.get(p + 1) == Some(&b'\n') => p + 2,
            Some(b'#') => line_end(b, p),
            Some(b'/') if b.get(p + 1) == Some(&b'/') => line_end(b, p),
            _ => return Err(fail(PErr::at(Kind::ExpectedAfter(after), i))),
        };
        Ok((i.to(next), ()))
    }
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
    move |i: In<'a>| {
        let start = i.at();
        let first = i.cur();
        let next = if first.is_ascii_alphabetic() || first == b'_' {
            start + 1
        } else if first >= 0x80 && non_ascii_ident_start(i.src(), start) {
            start + i.src()[start..].chars().next().map_or(1, char::len_utf8)
        } else {
            return Err(nom::Err::Error(PErr::at(Kind::Expected(what), i)));
        };
        let end = ident_end(i.src(), next);
        Ok((
            i.to(end),
            Ident {
                name: &i.src()[start..end],
                span: Span::new(start, end),
            },
        ))
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
