//! The template language: `TemplateExpr` (quoted templates and heredocs),
//! `TemplateInterpolation`, `TemplateDirective` (`TemplateIf`,
//! `TemplateFor`), and standalone templates.
//!
//! Like Go HCL, a template is read in two passes: first a flat list of
//! parts (literal tokens, interpolations and directive markers), with strip
//! markers applied to the neighbouring literal tokens as they are read and
//! (for `<<-`) heredoc indentation removed; then the parts are melded and
//! nested into [`Template`] elements. Heredoc literal tokens end at each
//! newline, which is what makes strip markers reach only the neighbouring
//! line (oracle items 18-20). The nesting of directives is checked while
//! the parts are read, so that [`Check`](nom::Check) mode, which keeps no
//! parts, rejects what the second pass would.

use std::borrow::Cow;

use nom::branch::alt;
use nom::combinator::{opt, value};
use nom::sequence::{preceded, terminated};
use nom::{Mode, OutputMode, Parser};
use unicode_normalization::{is_nfc_quick, IsNormalized, UnicodeNormalization};

use crate::syntax::{
    offset_in, Directive, Element, ExprKind, Expression, ForDirective, Ident, IfDirective,
    Interpolation, Literal, Span, Strip, Template, TemplateExpr, TemplateKind,
};

use super::combinator::{enter, leaf, leave, stop, Emitting, ErrOf, Res};
use super::error::{Kind, Opener, PErr};
use super::expr::{for_intro, Expr};
use super::input::In;
use super::lexer::{
    at_keyword, ident, ident_starts_at, keyword, ws_nl, BARE_SPECIAL, CLASS, HEREDOC_SPECIAL,
    QUOTED_SPECIAL,
};
use super::scratch::Cx;

#[derive(Clone, Copy, PartialEq, Eq)]
enum TMode<'m> {
    /// `"..."`: escapes, no newlines, ends at `"`.
    Quoted,
    /// Heredoc content: no escapes, literal tokens end at newlines, ends at
    /// the closing marker line.
    Heredoc(&'m [u8]),
    /// Standalone template: no escapes, ends at the end of input.
    Bare,
}

/// One part of a template's first pass.
pub(crate) struct TPart<'a> {
    kind: TPartKind<'a>,
    span: Span,
}

enum TPartKind<'a> {
    Lit(Cow<'a, str>),
    Interp(Expression<'a>, Strip),
    If(Expression<'a>, Strip),
    Else(Strip),
    EndIf(Strip),
    For(Option<Ident<'a>>, Ident<'a>, Expression<'a>, Strip),
    EndFor(Strip),
}

/// The parts of a template, in output mode `OM`.
type Parts<'a, OM> = <<OM as OutputMode>::Output as Mode>::Output<Vec<TPart<'a>>>;

/// Whether `s` is in Unicode normal form C, as far as the quick check can
/// tell without normalising (the one NFC rule, with [`nfc`]).
#[inline]
pub(crate) fn is_nfc(s: &str) -> bool {
    s.is_ascii() || is_nfc_quick(s.chars()) == IsNormalized::Yes
}

/// NFC-normalises a literal (Go HCL does so for every string literal token;
/// a JSON string without template sequences is one too, and functions'
/// results are normalised the same way).
#[inline]
pub(crate) fn nfc(value: Cow<'_, str>) -> Cow<'_, str> {
    if is_nfc(&value) {
        value
    } else {
        Cow::Owned(value.nfc().collect())
    }
}

fn trim_start_cow(v: Cow<'_, str>) -> Cow<'_, str> {
    match v {
        Cow::Borrowed(s) => Cow::Borrowed(s.trim_start()),
        Cow::Owned(s) => {
            let t = s.trim_start();
            if t.len() == s.len() {
                Cow::Owned(s)
            } else {
                Cow::Owned(t.to_owned())
            }
        }
    }
}

fn trim_end_cow(v: &mut Cow<'_, str>) {
    match v {
        Cow::Borrowed(s) => *s = s.trim_end(),
        Cow::Owned(s) => {
            let n = s.trim_end().len();
            s.truncate(n);
        }
    }
}

/// A literal's final text: borrowed from the source, or copied into the
/// arena.
#[inline]
fn intern<'a>(cx: &Cx<'a>, v: Cow<'a, str>) -> &'a str {
    match v {
        Cow::Borrowed(s) => s,
        Cow::Owned(s) => cx.arena.alloc_str(&s),
    }
}

/// `TemplateExpr = quotedTemplate`; the input is at `"`. A template with
/// no interpolation or directive is a string literal.
pub(crate) struct QuotedTemplate;

impl<'a> Parser<In<'a>> for QuotedTemplate {
    type Output = Expression<'a>;
    type Error = PErr;

    fn process<OM: OutputMode>(&mut self, i: In<'a>) -> Res<'a, OM, Expression<'a>> {
        let open = i.at();
        let b = i.src().as_bytes();
        let start = open + 1;
        // Fast path: no escape, interpolation, directive or newline.
        let mut p = start;
        let mut non_ascii = false;
        loop {
            while p < b.len() && CLASS[b[p] as usize] & QUOTED_SPECIAL == 0 {
                p += 1;
            }
            match b.get(p) {
                Some(b'"') => {
                    let out = OM::Output::bind(|| {
                        let mut v = Cow::Borrowed(&i.src()[start..p]);
                        if non_ascii {
                            v = nfc(v);
                        }
                        Expression::new(ExprKind::String(intern(i.cx, v)), Span::new(open, p + 1))
                    });
                    return Ok((i.to(p + 1), out));
                }
                Some(b'$' | b'%') => {
                    if b.get(p + 1) == Some(&b'{') || b.get(p + 1) == Some(&b[p]) {
                        break;
                    }
                    p += 1;
                }
                Some(&c) if c >= 0x80 => {
                    non_ascii = true;
                    p += 1;
                }
                _ => break,
            }
        }
        let (j, parts, end) = template_parts::<OM>(i.to(start), TMode::Quoted, open)?;
        let span = Span::new(open, j.at());
        let src = i.src();
        let cx = i.cx;
        let out = build::<OM>(cx, parts, src, Span::new(start, end))?;
        let out = OM::Output::map(out, |template| {
            match template.elements {
                [] => return Expression::new(ExprKind::String(""), span),
                [Element::Literal(l)] => return Expression::new(ExprKind::String(l.value), span),
                _ => {}
            }
            Expression::new(
                ExprKind::Template(cx.alloc(TemplateExpr {
                    kind: TemplateKind::Quoted,
                    template,
                })),
                span,
            )
        });
        Ok((j, out))
    }
}

/// The parts' second pass, in output mode `OM`.
fn build<'a, OM: OutputMode>(
    cx: &'a Cx<'a>,
    parts: Parts<'a, OM>,
    src: &'a str,
    span: Span,
) -> Result<<OM::Output as Mode>::Output<Template<'a>>, ErrOf<OM>> {
    let mut failed = None;
    let out = OM::Output::map(parts, |parts| match build_template(cx, parts, src, span) {
        Ok(t) => t,
        Err(e) => {
            failed = Some(e);
            Template::default()
        }
    });
    match failed {
        Some(e) => stop::<_, OM>(e),
        None => Ok(out),
    }
}

/// `StringLit` (a block label): a quoted string without interpolations or
/// directives; its unescaped value and its span with the quotes.
pub(crate) struct StringLit;

impl<'a> Parser<In<'a>> for StringLit {
    type Output = (&'a str, Span);
    type Error = PErr;

    fn process<OM: OutputMode>(&mut self, i: In<'a>) -> Res<'a, OM, (&'a str, Span)> {
        let open = i.at();
        let (j, e) = QuotedTemplate.process::<Emitting<OM>>(i)?;
        match e.kind {
            ExprKind::String(v) => Ok((j, OM::Output::bind(|| (v, e.span)))),
            _ => stop::<_, OM>(PErr::span(
                Kind::Message(&(
                    "Invalid string literal",
                    "a block label must be a literal string: interpolations `${...}` and \
                     directives `%{...}` are not allowed here",
                )),
                open,
                e.span.end(),
            )),
        }
    }
}

/// `heredocTemplate = ("<<" | "<<-") Identifier Newline (content) EndOfLine`;
/// the input is at `<<`.
pub(crate) struct Heredoc;

impl<'a> Parser<In<'a>> for Heredoc {
    type Output = Expression<'a>;
    type Error = PErr;

    fn process<OM: OutputMode>(&mut self, i: In<'a>) -> Res<'a, OM, Expression<'a>> {
        let start = i.at();
        let mut j = i.skip(2);
        let strip_indent = j.cur() == b'-';
        if strip_indent {
            j = j.skip(1);
        }
        if !ident_starts_at(j.src(), j.at()) {
            return stop::<_, OM>(PErr::at(
                Kind::Expected("a heredoc marker identifier after `<<`"),
                j,
            ));
        }
        let (j, marker) = leaf::<OM, _>(ident("a heredoc marker")(j))?;
        let content_start = match j.cur() {
            b'\n' => j.at() + 1,
            b'\r' if j.byte(j.at() + 1) == b'\n' => j.at() + 2,
            _ => {
                return stop::<_, OM>(PErr::at(
                    Kind::ExpectedAfter(&(
                        "a newline",
                        "the heredoc marker (the content starts on the next line)",
                    )),
                    j,
                ))
            }
        };
        let marker_str: &'a str = &i.src()[marker.span.range()];
        let (k, parts, content_end) = template_parts::<OM>(
            j.to(content_start),
            TMode::Heredoc(marker_str.as_bytes()),
            start,
        )?;
        let parts = OM::Output::map(parts, |mut parts| {
            if strip_indent {
                flush_heredoc(&mut parts);
            }
            parts
        });
        let cx = i.cx;
        let template = build::<OM>(cx, parts, i.src(), Span::new(content_start, content_end))?;
        let end = k.at();
        let out = OM::Output::map(template, |template| {
            Expression::new(
                ExprKind::Template(cx.alloc(TemplateExpr {
                    kind: TemplateKind::Heredoc {
                        marker: marker_str,
                        strip_indent,
                    },
                    template,
                })),
                Span::new(start, end),
            )
        });
        Ok((k, out))
    }
}

/// A standalone template: the whole input.
pub(crate) fn standalone<'a, OM: OutputMode>(i: In<'a>) -> Res<'a, OM, Template<'a>> {
    let (j, parts, end) = template_parts::<OM>(i, TMode::Bare, 0)?;
    let t = build::<OM>(i.cx, parts, i.src(), Span::new(0, end))?;
    Ok((j, t))
}

/// Whether the heredoc closing marker is on the line starting at `p`; the
/// offset after the marker.
#[inline]
fn heredoc_end_at(b: &[u8], p: usize, marker: &[u8]) -> Option<usize> {
    let mut j = p;
    while j < b.len() && (b[j] == b' ' || b[j] == b'\t') {
        j += 1;
    }
    if !b[j..].starts_with(marker) {
        return None;
    }
    let mut k = j + marker.len();
    let end = k;
    // Like Terraform, the closing marker must end its line (trailing
    // spaces and tabs allowed): a marker at the very end of the file
    // without a newline does not count.
    while k < b.len() && (b[k] == b' ' || b[k] == b'\t') {
        k += 1;
    }
    match b.get(k) {
        Some(b'\n') => Some(end),
        Some(b'\r') if b.get(k + 1) == Some(&b'\n') => Some(end),
        _ => None,
    }
}

/// What a directive opens or closes, known in both output modes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Dir {
    Interp,
    If,
    Else,
    EndIf,
    For,
    EndFor,
}

/// An open `%{ if }` (with whether its `%{ else }` was seen) or `%{ for }`,
/// while the parts are read.
#[derive(Clone, Copy)]
struct OpenDir {
    dir: Dir,
    has_else: bool,
    span: Span,
}

/// The directive nesting seen so far, and the first error in it (reported
/// after the template is read, as the second pass would).
struct Nesting {
    open: Vec<OpenDir>,
    budget: usize,
    error: Option<PErr>,
}

impl Nesting {
    fn see(&mut self, dir: Dir, span: Span) {
        if self.error.is_some() {
            return;
        }
        let unexpected = |what, open: &[OpenDir]| {
            let e = PErr::span(Kind::UnexpectedDirective(what), span.start(), span.end());
            match open.last() {
                Some(o) => e.opened_at(o.span.start()),
                None => e,
            }
        };
        match dir {
            Dir::Interp => {}
            Dir::If | Dir::For => {
                if self.open.len() >= self.budget {
                    self.error = Some(PErr::span(Kind::TooDeep, span.start(), span.start()));
                    return;
                }
                self.open.push(OpenDir {
                    dir,
                    has_else: false,
                    span,
                });
            }
            Dir::Else => match self.open.last_mut() {
                Some(o) if o.dir == Dir::If && !o.has_else => o.has_else = true,
                _ => self.error = Some(unexpected("else", &self.open)),
            },
            Dir::EndIf | Dir::EndFor => {
                let want = if dir == Dir::EndIf { Dir::If } else { Dir::For };
                match self.open.last() {
                    Some(o) if o.dir == want => {
                        self.open.pop();
                    }
                    _ => {
                        let what = if dir == Dir::EndIf { "endif" } else { "endfor" };
                        self.error = Some(unexpected(what, &self.open));
                    }
                }
            }
        }
    }

    fn finish(self) -> Option<PErr> {
        if self.error.is_some() {
            return self.error;
        }
        let o = self.open.last()?;
        let names: &'static (&'static str, &'static str) = if o.dir == Dir::If {
            &("if", "endif")
        } else {
            &("for", "endfor")
        };
        Some(PErr::span(
            Kind::UnclosedDirective(names),
            o.span.start(),
            o.span.end(),
        ))
    }
}

/// Reads template parts from the input up to the end of the template: the
/// input after it (after the closing `"`, after the heredoc's closing
/// marker, or at the end of input), the parts, and the end of the content.
#[allow(clippy::type_complexity)]
fn template_parts<'a, OM: OutputMode>(
    i: In<'a>,
    mode: TMode<'_>,
    open: usize,
) -> Result<(In<'a>, Parts<'a, OM>, usize), ErrOf<OM>> {
    let b = i.src().as_bytes();
    let src = i.src();
    let mut parts = OM::Output::bind(|| i.cx.parts_buffer());
    if let TMode::Heredoc(marker) = mode {
        if let Some(end) = heredoc_end_at(b, i.at(), marker) {
            return Ok((i.to(end), parts, i.at()));
        }
    }
    let mask = match mode {
        TMode::Quoted => QUOTED_SPECIAL,
        TMode::Heredoc(_) => HEREDOC_SPECIAL,
        TMode::Bare => BARE_SPECIAL,
    };
    let mut nesting = Nesting {
        open: Vec::new(),
        budget: usize::from(i.budget()),
        error: None,
    };
    let mut ltrim_next = false;
    // Whether the last part of this template is a literal token (a
    // `${~`/`%{~` strips only an immediately preceding literal token).
    let mut prev_lit = false;
    let mut pos = i.at();
    loop {
        let ltrim = std::mem::take(&mut ltrim_next);
        let lit_start = pos;
        let mut owned: Option<String> = None;
        let mut seg = lit_start;
        let mut p = lit_start;
        let mut non_ascii = false;
        // What ended the literal: b'"', b'\n', b'$', b'%' or 0 (end of input).
        let stop_byte: u8 = loop {
            while p < b.len() && CLASS[b[p] as usize] & mask == 0 {
                p += 1;
            }
            let Some(&c) = b.get(p) else { break 0 };
            match c {
                b'"' if mode == TMode::Quoted => break b'"',
                b'\\' if mode == TMode::Quoted => {
                    let s = owned.get_or_insert_with(String::new);
                    s.push_str(&src[seg..p]);
                    p = leaf::<OM, _>(escape(i.to(p), s))?.0.at();
                    seg = p;
                }
                b'\n' | b'\r' if mode == TMode::Quoted => break b'\n',
                b'\n' => {
                    p += 1;
                    if let TMode::Heredoc(_) = mode {
                        break b'\n';
                    }
                }
                b'$' | b'%' => {
                    let n = i.byte(p + 1);
                    if n == b'{' {
                        break c;
                    }
                    if n == c && i.byte(p + 2) == b'{' {
                        // `$${` / `%%{`: a literal `${` / `%{`.
                        let s = owned.get_or_insert_with(String::new);
                        s.push_str(&src[seg..p + 1]);
                        seg = p + 2;
                        p += 3;
                    } else {
                        p += 1;
                    }
                }
                _ => {
                    non_ascii |= c >= 0x80;
                    p += 1;
                }
            }
        };
        if p > lit_start {
            let end = p;
            parts = OM::Output::map(parts, |mut parts| {
                let mut non_ascii = non_ascii;
                let mut value = match owned {
                    Some(mut s) => {
                        s.push_str(&src[seg..end]);
                        // `\u` escapes can produce non-ASCII text too.
                        non_ascii = non_ascii || !s.is_ascii();
                        Cow::Owned(s)
                    }
                    None => Cow::Borrowed(&src[lit_start..end]),
                };
                if non_ascii {
                    value = nfc(value);
                }
                if ltrim {
                    value = trim_start_cow(value);
                }
                parts.push(TPart {
                    kind: TPartKind::Lit(value),
                    span: Span::new(lit_start, end),
                });
                parts
            });
            prev_lit = true;
        }
        let done = |j: In<'a>, parts, end: usize, nesting: Nesting| match nesting.finish() {
            Some(e) => stop::<_, OM>(e),
            None => Ok((j, parts, end)),
        };
        match stop_byte {
            b'"' => return done(i.to(p + 1), parts, p, nesting),
            0 => {
                return match mode {
                    TMode::Bare => done(i.to(p), parts, p, nesting),
                    TMode::Quoted => {
                        stop::<_, OM>(PErr::at(Kind::UnterminatedString, i.to(p)).opened_at(open))
                    }
                    TMode::Heredoc(_) => {
                        stop::<_, OM>(PErr::at(Kind::UnterminatedHeredoc, i.to(p)).opened_at(open))
                    }
                }
            }
            b'\n' => {
                if mode == TMode::Quoted {
                    return stop::<_, OM>(
                        PErr::at(Kind::UnterminatedString, i.to(p)).opened_at(open),
                    );
                }
                if let TMode::Heredoc(marker) = mode {
                    if let Some(end) = heredoc_end_at(b, p, marker) {
                        return done(i.to(end), parts, p, nesting);
                    }
                }
                pos = p;
            }
            _ => {
                // `${` or `%{`; a `~` strips the preceding literal token.
                if i.byte(p + 2) == b'~' && prev_lit {
                    parts = OM::Output::map(parts, |mut parts| {
                        if let Some(TPart {
                            kind: TPartKind::Lit(v),
                            ..
                        }) = parts.last_mut()
                        {
                            trim_end_cow(v);
                        }
                        parts
                    });
                }
                let (j, dir, strip, part) = if stop_byte == b'$' {
                    interpolation::<OM>(i.to(p))?
                } else {
                    directive::<OM>(i.to(p))?
                };
                nesting.see(dir, Span::new(p, j.at()));
                ltrim_next = strip.end;
                parts = OM::Output::combine(parts, part, |mut parts, part| {
                    parts.push(part);
                    parts
                });
                prev_lit = false;
                pos = j.at();
            }
        }
    }
}

/// An escape sequence in a quoted string (the input at the backslash);
/// appends its value to `out`.
fn escape<'a>(i: In<'a>, out: &mut String) -> super::input::LeafResult<'a, ()> {
    let p = i.at();
    let c = i.byte(p + 1);
    if let Some(ch) = crate::syntax::unescape_simple(c) {
        out.push(ch);
        return Ok((i.to(p + 2), ()));
    }
    let bad = || nom::Err::Failure(PErr::at(Kind::BadEscape, i));
    let digits = match c {
        b'u' => 4,
        b'U' => 8,
        _ => return Err(bad()),
    };
    let hex = i.src().as_bytes().get(p + 2..p + 2 + digits);
    let ch = hex
        .filter(|h| h.iter().all(u8::is_ascii_hexdigit))
        .and_then(|h| u32::from_str_radix(std::str::from_utf8(h).ok()?, 16).ok())
        .and_then(char::from_u32);
    match ch {
        Some(ch) => {
            out.push(ch);
            Ok((i.to(p + 2 + digits), ()))
        }
        None => Err(bad()),
    }
}

/// One part's result: the input after it, what it is, its strip markers and
/// (in `Emit` mode) the part.
type PartRes<'a, OM> = Result<
    (
        In<'a>,
        Dir,
        Strip,
        <<OM as OutputMode>::Output as Mode>::Output<TPart<'a>>,
    ),
    ErrOf<OM>,
>;

/// `"${" "~"?` or `"%{" "~"?` at `i`: the input inside, one nesting level
/// deeper and with newlines as whitespace, and the start strip marker.
fn template_open<OM: OutputMode>(i: In<'_>) -> Result<(In<'_>, bool), ErrOf<OM>> {
    let strip = i.byte(i.at() + 2) == b'~';
    let inner = enter::<OM>(i)?.with_nl(true);
    let (j, ()) = leaf::<OM, _>(ws_nl(inner.skip(if strip { 3 } else { 2 })))?;
    Ok((j, strip))
}

/// `"~"? "}"` closing the interpolation or directive opened at `open`; the
/// end strip marker.
fn template_close<'a, OM: OutputMode>(
    j: In<'a>,
    outer: In<'a>,
    opener: Opener,
) -> Result<(In<'a>, bool), ErrOf<OM>> {
    let (j, strip) = match j.cur() {
        b'~' if j.byte(j.at() + 1) == b'}' => (j.skip(1), true),
        _ => (j, false),
    };
    if j.cur() != b'}' {
        let kind: &'static (Opener, &'static str) = match opener {
            Opener::Interpolation => &(Opener::Interpolation, "`}`"),
            _ => &(Opener::Directive, "`}`"),
        };
        return stop::<_, OM>(PErr::at(Kind::Unclosed(kind), j).opened_at(outer.at()));
    }
    Ok((leave(j.skip(1), outer), strip))
}

/// `TemplateInterpolation = ("${" | "${~") Expression ("}" | "~}")` at `i`.
fn interpolation<'a, OM: OutputMode>(i: In<'a>) -> PartRes<'a, OM> {
    let (j, start) = template_open::<OM>(i)?;
    if j.eof() {
        return stop::<_, OM>(
            PErr::at(Kind::Unclosed(&(Opener::Interpolation, "an expression")), j)
                .opened_at(i.at()),
        );
    }
    let (j, expr) = terminated(Expr, ws_nl).process::<OM>(j)?;
    let (k, end) = template_close::<OM>(j, i, Opener::Interpolation)?;
    let strip = Strip { start, end };
    let span = Span::new(i.at(), k.at());
    let part = OM::Output::map(expr, |e| TPart {
        kind: TPartKind::Interp(e, strip),
        span,
    });
    Ok((k, Dir::Interp, strip, part))
}

/// `TemplateDirective`: `%{ if/else/endif/for/endfor ... }` at `i`.
fn directive<'a, OM: OutputMode>(i: In<'a>) -> PartRes<'a, OM> {
    let (j, start) = template_open::<OM>(i)?;
    // The keyword decides what follows; its kind is needed in both modes.
    let (j, dir) = if at_keyword(j, "for") {
        (j, Dir::For)
    } else {
        let kw = alt((
            value(Dir::If, keyword("if")),
            value(Dir::Else, keyword("else")),
            value(Dir::EndIf, keyword("endif")),
            value(Dir::EndFor, keyword("endfor")),
        ));
        match opt(kw).parse(j) {
            Ok((k, Some(d))) => (k, d),
            Ok((_, None)) | Err(nom::Err::Error(_)) | Err(nom::Err::Incomplete(_)) => {
                return stop::<_, OM>(PErr::at(
                    Kind::Expected(
                        "a template directive keyword (`if`, `else`, `endif`, `for` or `endfor`)",
                    ),
                    j,
                ))
            }
            Err(nom::Err::Failure(e)) => return stop::<_, OM>(e),
        }
    };
    type Payload<'a> = (Option<Ident<'a>>, Option<Ident<'a>>, Option<Expression<'a>>);
    let (j, payload): (In<'a>, <OM::Output as Mode>::Output<Payload<'a>>) = match dir {
        Dir::If => {
            let (j, c) = preceded(ws_nl, Expr).process::<OM>(j)?;
            (j, OM::Output::map(c, |c| (None, None, Some(c))))
        }
        Dir::For => {
            let (j, intro) = for_intro::<OM>(j, true)?;
            (j, OM::Output::map(intro, |(k, v, c)| (k, Some(v), Some(c))))
        }
        _ => (j, OM::Output::bind(|| (None, None, None))),
    };
    let (j, ()) = leaf::<OM, _>(ws_nl(j))?;
    let (k, end) = template_close::<OM>(j, i, Opener::Directive)?;
    let strip = Strip { start, end };
    let span = Span::new(i.at(), k.at());
    let mut broken = false;
    let part = OM::Output::map(payload, |(key, var, expr)| {
        let kind = match (dir, var, expr) {
            (Dir::If, _, Some(c)) => TPartKind::If(c, strip),
            (Dir::For, Some(v), Some(c)) => TPartKind::For(key, v, c, strip),
            (Dir::Else, ..) => TPartKind::Else(strip),
            (Dir::EndIf, ..) => TPartKind::EndIf(strip),
            (Dir::EndFor, ..) => TPartKind::EndFor(strip),
            _ => {
                broken = true;
                TPartKind::Else(strip)
            }
        };
        TPart { kind, span }
    });
    if broken {
        return stop::<_, OM>(PErr::at(Kind::Nom, i));
    }
    Ok((k, dir, strip, part))
}

/// Melds consecutive literal tokens and nests directives: the second pass
/// (the nesting was checked by the first). The elements of the template
/// being built are on the scratch stack; a run of literal tokens is melded
/// in `pending` and copied into the arena once.
fn build_template<'a>(
    cx: &'a Cx<'a>,
    mut buffer: Vec<TPart<'a>>,
    src: &'a str,
    span: Span,
) -> Result<Template<'a>, PErr> {
    let r = build_from(cx, &mut buffer, src, span);
    cx.return_parts(buffer);
    r
}

/// [`build_template`] from the parts in `buffer` (which it empties).
fn build_from<'a>(
    cx: &'a Cx<'a>,
    buffer: &mut Vec<TPart<'a>>,
    src: &'a str,
    span: Span,
) -> Result<Template<'a>, PErr> {
    let internal = |s: Span| PErr::span(Kind::Nom, s.start(), s.end());
    let mut stack: Vec<Frame<'a>> = Vec::new();
    let base = cx.mark::<Element<'a>>();
    let mut cur_base = base;
    let mut pending: Option<(Cow<'a, str>, Span)> = None;
    let flush = |pending: &mut Option<(Cow<'a, str>, Span)>| {
        if let Some((v, span)) = pending.take() {
            cx.push(Element::Literal(Literal {
                value: intern(cx, v),
                span,
            }));
        }
    };
    let mut parts = buffer.drain(..);
    while let Some(p) = parts.next() {
        if !matches!(p.kind, TPartKind::Lit(_)) {
            flush(&mut pending);
        }
        match p.kind {
            TPartKind::Lit(v) => match &mut pending {
                None => pending = Some((v, p.span)),
                Some((prev, lit_span)) => {
                    let joined = match (&*prev, &v) {
                        (Cow::Borrowed(x), Cow::Borrowed(y)) => adjacent(src, x, y),
                        _ => None,
                    };
                    match joined {
                        Some(j) => *prev = Cow::Borrowed(j),
                        None => {
                            if let Cow::Borrowed(x) = *prev {
                                // Size the melded literal once for the whole
                                // run of literal tokens.
                                let rest: usize = parts
                                    .as_slice()
                                    .iter()
                                    .map_while(|p| match &p.kind {
                                        TPartKind::Lit(l) => Some(l.len()),
                                        _ => None,
                                    })
                                    .sum();
                                let mut s = String::with_capacity(x.len() + v.len() + rest);
                                s.push_str(x);
                                *prev = Cow::Owned(s);
                            }
                            prev.to_mut().push_str(&v);
                        }
                    }
                    lit_span.end = p.span.end;
                }
            },
            TPartKind::Interp(expr, strip) => cx.push(Element::Interpolation(Interpolation {
                expr,
                strip,
                span: p.span,
            })),
            TPartKind::If(cond, strip) => {
                stack.push(Frame {
                    open: Open::If {
                        cond,
                        strip,
                        true_template: None,
                        else_strip: None,
                    },
                    open_span: p.span,
                    parent_base: cur_base,
                    body_start: p.span.end(),
                });
                cur_base = cx.mark::<Element<'a>>();
            }
            TPartKind::For(key_var, value_var, collection, strip) => {
                stack.push(Frame {
                    open: Open::For {
                        key_var,
                        value_var,
                        collection,
                        strip,
                    },
                    open_span: p.span,
                    parent_base: cur_base,
                    body_start: p.span.end(),
                });
                cur_base = cx.mark::<Element<'a>>();
            }
            TPartKind::Else(s) => match stack.last_mut() {
                Some(Frame {
                    open:
                        Open::If {
                            true_template: tt @ None,
                            else_strip,
                            ..
                        },
                    body_start,
                    ..
                }) => {
                    *tt = Some(Template {
                        elements: cx.finish(cur_base),
                        span: Span::new(*body_start, p.span.start()),
                    });
                    *else_strip = Some(s);
                    *body_start = p.span.end();
                }
                _ => return Err(internal(p.span)),
            },
            TPartKind::EndIf(endif_strip) => {
                let Some(Frame {
                    open:
                        Open::If {
                            cond,
                            strip,
                            true_template,
                            else_strip,
                        },
                    open_span,
                    parent_base,
                    body_start,
                }) = pop_if(&mut stack, true)
                else {
                    return Err(internal(p.span));
                };
                let body = Template {
                    elements: cx.finish(cur_base),
                    span: Span::new(body_start, p.span.start()),
                };
                let (true_template, false_template) = match true_template {
                    Some(t) => (t, Some(body)),
                    None => (body, None),
                };
                cur_base = parent_base;
                cx.push(Element::Directive(cx.alloc(Directive::If(IfDirective {
                    cond,
                    true_template,
                    false_template,
                    if_strip: strip,
                    else_strip,
                    endif_strip,
                    span: open_span.to(p.span),
                }))));
            }
            TPartKind::EndFor(endfor_strip) => {
                let Some(Frame {
                    open:
                        Open::For {
                            key_var,
                            value_var,
                            collection,
                            strip,
                        },
                    open_span,
                    parent_base,
                    body_start,
                }) = pop_if(&mut stack, false)
                else {
                    return Err(internal(p.span));
                };
                let template = Template {
                    elements: cx.finish(cur_base),
                    span: Span::new(body_start, p.span.start()),
                };
                cur_base = parent_base;
                cx.push(Element::Directive(cx.alloc(Directive::For(ForDirective {
                    key_var,
                    value_var,
                    collection,
                    template,
                    for_strip: strip,
                    endfor_strip,
                    span: open_span.to(p.span),
                }))));
            }
        }
    }
    flush(&mut pending);
    if let Some(frame) = stack.pop() {
        cx.reset::<Element<'a>>(base);
        return Err(internal(frame.open_span));
    }
    Ok(Template {
        elements: cx.finish(base),
        span,
    })
}

enum Open<'a> {
    If {
        cond: Expression<'a>,
        strip: Strip,
        true_template: Option<Template<'a>>,
        else_strip: Option<Strip>,
    },
    For {
        key_var: Option<Ident<'a>>,
        value_var: Ident<'a>,
        collection: Expression<'a>,
        strip: Strip,
    },
}
struct Frame<'a> {
    open: Open<'a>,
    open_span: Span,
    parent_base: usize,
    body_start: usize,
}

/// Pops the innermost open directive if it is an `if` (`want_if`) or a `for`.
fn pop_if<'a>(stack: &mut Vec<Frame<'a>>, want_if: bool) -> Option<Frame<'a>> {
    match stack.last() {
        Some(Frame {
            open: Open::If { .. },
            ..
        }) if want_if => stack.pop(),
        Some(Frame {
            open: Open::For { .. },
            ..
        }) if !want_if => stack.pop(),
        _ => None,
    }
}

/// `x` and `y` joined, if they are adjacent slices of `src`.
#[inline]
fn adjacent<'a>(src: &'a str, x: &str, y: &str) -> Option<&'a str> {
    let ox = offset_in(src, x)?;
    let oy = offset_in(src, y)?;
    if ox + x.len() == oy {
        Some(&src[ox..oy + y.len()])
    } else {
        None
    }
}

/// `<<-` heredocs: removes the smallest indentation of the lines from
/// every line-leading literal token (Go HCL's flushHeredocTemplateParts).
fn flush_heredoc(parts: &mut [TPart<'_>]) {
    let mut min = usize::MAX;
    let mut newline = true;
    let mut adjust: Vec<usize> = Vec::new();
    for (idx, p) in parts.iter().enumerate() {
        if newline {
            newline = false;
            match &p.kind {
                TPartKind::Lit(v) => {
                    let trimmed = v.trim_start();
                    if !(trimmed.is_empty() && v.ends_with('\n')) {
                        let ws = &v[..v.len() - trimmed.len()];
                        min = min.min(count_clusters(ws));
                        adjust.push(idx);
                    }
                }
                _ => min = 0,
            }
        }
        if let TPartKind::Lit(v) = &p.kind {
            if v.ends_with('\n') {
                newline = true;
            }
        }
    }
    if min == 0 || min == usize::MAX {
        return;
    }
    for idx in adjust {
        if let TPartKind::Lit(v) = &mut parts[idx].kind {
            let cut = byte_len_of_clusters(v, min);
            match v {
                Cow::Borrowed(s) => *s = &s[cut..],
                Cow::Owned(s) => {
                    s.drain(..cut);
                }
            }
        }
    }
}

/// Characters in a whitespace prefix, counting `\r\n` as one (grapheme clusters).
fn count_clusters(ws: &str) -> usize {
    let mut n = 0;
    let mut prev_cr = false;
    for c in ws.chars() {
        if !(prev_cr && c == '\n') {
            n += 1;
        }
        prev_cr = c == '\r';
    }
    n
}

/// Byte length of the first `n` clusters of `s`.
fn byte_len_of_clusters(s: &str, n: usize) -> usize {
    let mut count = 0;
    let mut it = s.char_indices().peekable();
    while let Some((i, c)) = it.next() {
        if count == n {
            return i;
        }
        count += 1;
        if c == '\r' {
            if let Some(&(_, '\n')) = it.peek() {
                it.next();
            }
        }
    }
    s.len()
}
