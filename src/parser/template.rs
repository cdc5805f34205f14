//! The template language: quoted strings, heredocs, standalone templates.
//!
//! Like Go HCL, a template is read in two passes: first a flat list of
//! parts (literal tokens, interpolations and directive markers), with strip
//! markers applied to the neighbouring literal tokens as they are read and
//! (for `<<-`) heredoc indentation removed; then the parts are melded and
//! nested into [`Template`] elements. Heredoc literal tokens end at each
//! newline, which is what makes strip markers reach only the neighbouring
//! line (oracle items 18-20).

use std::borrow::Cow;

use unicode_normalization::{is_nfc_quick, IsNormalized, UnicodeNormalization};

use crate::error::Location;
use crate::syntax::{
    Directive, Element, ExprKind, Expression, ForDirective, Ident, IfDirective, Interpolation,
    Literal, Span, Strip, Template, TemplateExpr, TemplateKind,
};
use crate::{Error, ErrorKind, Result};

use super::lexer::{take_from, Parser, BARE_SPECIAL, CLASS, HEREDOC_SPECIAL, QUOTED_SPECIAL};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode<'m> {
    /// `"..."`: escapes, no newlines, ends at `"`.
    Quoted,
    /// Heredoc content: no escapes, literal tokens end at newlines, ends at
    /// the closing marker line.
    Heredoc(&'m [u8]),
    /// Standalone template: no escapes, ends at the end of input.
    Bare,
}

pub(crate) struct TPart<'a> {
    kind: TPartKind<'a>,
    span: Span,
}

impl TPart<'_> {
    pub(crate) fn placeholder() -> Self {
        TPart {
            kind: TPartKind::Lit(Cow::Borrowed("")),
            span: Span::default(),
        }
    }
}

pub(crate) enum TPartKind<'a> {
    Lit(Cow<'a, str>),
    Interp(Expression<'a>, Strip),
    If(Expression<'a>, Strip),
    Else(Strip),
    EndIf(Strip),
    For(Option<Ident<'a>>, Ident<'a>, Expression<'a>, Strip),
    EndFor(Strip),
}

/// NFC-normalises a literal (Go HCL does so for every string literal token).
#[inline]
fn nfc(value: Cow<'_, str>) -> Cow<'_, str> {
    if is_nfc_quick(value.chars()) == IsNormalized::Yes {
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

/// The offset of `s` in `src`, if `s` is a slice of it.
#[inline]
fn offset_in(src: &str, s: &str) -> Option<usize> {
    let base = src.as_ptr() as usize;
    let p = s.as_ptr() as usize;
    if p >= base && p + s.len() <= base + src.len() {
        Some(p - base)
    } else {
        None
    }
}

impl<'a> Parser<'a> {
    /// A quoted template expression; the position is at `"`.
    pub(crate) fn quoted_template(&mut self) -> Result<Expression<'a>> {
        let open = self.pos;
        let b = self.b;
        let start = open + 1;
        // Fast path: no escape, interpolation, directive or newline.
        let mut i = start;
        let mut non_ascii = false;
        loop {
            while i < b.len() && CLASS[b[i] as usize] & QUOTED_SPECIAL == 0 {
                i += 1;
            }
            match b.get(i) {
                Some(b'"') => {
                    let mut v = Cow::Borrowed(&self.src[start..i]);
                    if non_ascii {
                        v = nfc(v);
                    }
                    self.pos = i + 1;
                    return Ok(Expression::new(ExprKind::String(v), Span::new(open, i + 1)));
                }
                Some(b'$' | b'%') => {
                    if b.get(i + 1) == Some(&b'{') || b.get(i + 1) == Some(&b[i]) {
                        break;
                    }
                    i += 1;
                }
                Some(&c) if c >= 0x80 => {
                    non_ascii = true;
                    i += 1;
                }
                _ => break,
            }
        }
        self.pos = start;
        let base = self.s_parts.len();
        let end = self.template_parts(Mode::Quoted, open)?;
        let template = self.build_template(base, Span::new(start, end))?;
        let span = Span::new(open, self.pos);
        let all_literal = template
            .elements
            .iter()
            .all(|e| matches!(e, Element::Literal(_)));
        if all_literal && template.elements.len() <= 1 {
            let value = match template.elements.into_iter().next() {
                Some(Element::Literal(l)) => l.value,
                _ => Cow::Borrowed(""),
            };
            return Ok(Expression::new(ExprKind::String(value), span));
        }
        Ok(Expression::new(
            ExprKind::Template(Box::new(TemplateExpr {
                kind: TemplateKind::Quoted,
                template,
            })),
            span,
        ))
    }

    /// A `StringLit` (block label): a quoted string without interpolations
    /// or directives. Returns the unescaped value and the span with quotes.
    pub(crate) fn string_lit(&mut self) -> Result<(Cow<'a, str>, Span)> {
        let open = self.pos;
        let e = self.quoted_template()?;
        match e.kind {
            ExprKind::String(v) => Ok((v, e.span)),
            _ => Err(self.error(
                "a block label must be a literal string: interpolations `${...}` and \
                 directives `%{...}` are not allowed here",
                Span::new(open, e.span.end),
            )),
        }
    }

    /// A heredoc template expression; the position is at `<<`.
    pub(crate) fn heredoc(&mut self) -> Result<Expression<'a>> {
        let start = self.pos;
        self.pos += 2;
        let strip_indent = self.cur() == b'-';
        if strip_indent {
            self.pos += 1;
        }
        if !self.ident_starts_at(self.pos) {
            return Err(self.expected("a heredoc marker identifier after `<<`", self.pos));
        }
        let marker = self.ident("a heredoc marker")?;
        let content_start = match self.cur() {
            b'\n' => self.pos + 1,
            b'\r' if self.at(self.pos + 1) == b'\n' => self.pos + 2,
            _ => {
                return Err(self.expected_after(
                    "a newline",
                    "the heredoc marker (the content starts on the next line)",
                    self.pos,
                ))
            }
        };
        self.pos = content_start;
        let base = self.s_parts.len();
        let marker_str: &'a str = match marker.name {
            Cow::Borrowed(s) => s,
            Cow::Owned(_) => unreachable!("identifiers are borrowed"),
        };
        let content_end = self.template_parts(Mode::Heredoc(marker_str.as_bytes()), start)?;
        if strip_indent {
            flush_heredoc(&mut self.s_parts[base..]);
        }
        let template = self.build_template(base, Span::new(content_start, content_end))?;
        Ok(Expression::new(
            ExprKind::Template(Box::new(TemplateExpr {
                kind: TemplateKind::Heredoc {
                    marker: Cow::Borrowed(marker_str),
                    strip_indent,
                },
                template,
            })),
            Span::new(start, self.pos),
        ))
    }

    /// A standalone template: the whole input.
    pub(crate) fn standalone_template(&mut self) -> Result<Template<'a>> {
        let base = self.s_parts.len();
        let end = self.template_parts(Mode::Bare, 0)?;
        self.build_template(base, Span::new(0, end))
    }

    /// Whether the heredoc closing marker is on the line starting at `i`;
    /// returns the offset after the marker.
    #[inline]
    fn heredoc_end_at(&self, i: usize, marker: &[u8]) -> Option<usize> {
        let b = self.b;
        let mut j = i;
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

    /// Reads template parts from the current position up to the end of the
    /// template; returns the end of the content. On return the position is
    /// after the closing `"`, after the heredoc's closing marker, or at the
    /// end of input.
    fn template_parts(&mut self, mode: Mode<'_>, open: usize) -> Result<usize> {
        let b = self.b;
        let src = self.src;
        if let Mode::Heredoc(marker) = mode {
            if let Some(end) = self.heredoc_end_at(self.pos, marker) {
                let content_end = self.pos;
                self.pos = end;
                return Ok(content_end);
            }
        }
        let mask = match mode {
            Mode::Quoted => QUOTED_SPECIAL,
            Mode::Heredoc(_) => HEREDOC_SPECIAL,
            Mode::Bare => BARE_SPECIAL,
        };
        let mut ltrim_next = false;
        // Whether the last part of this template is a literal token (a
        // `${~`/`%{~` strips only an immediately preceding literal token).
        let mut prev_lit = false;
        loop {
            let ltrim = std::mem::take(&mut ltrim_next);
            let lit_start = self.pos;
            let mut owned: Option<String> = None;
            let mut seg = lit_start;
            let mut i = lit_start;
            let mut non_ascii = false;
            // What ended the literal: b'"', b'\n', b'$', b'%' or 0 (end of input).
            let stop: u8 = loop {
                while i < b.len() && CLASS[b[i] as usize] & mask == 0 {
                    i += 1;
                }
                let Some(&c) = b.get(i) else { break 0 };
                match c {
                    b'"' if mode == Mode::Quoted => break b'"',
                    b'\\' if mode == Mode::Quoted => {
                        let s = owned.get_or_insert_with(String::new);
                        s.push_str(&src[seg..i]);
                        i = self.escape(i, s)?;
                        seg = i;
                    }
                    b'\n' | b'\r' if mode == Mode::Quoted => break b'\n',
                    b'\n' => {
                        if let Mode::Heredoc(_) = mode {
                            i += 1;
                            break b'\n';
                        }
                        i += 1;
                    }
                    b'$' | b'%' => {
                        let n = self.at(i + 1);
                        if n == b'{' {
                            break c;
                        }
                        if n == c && self.at(i + 2) == b'{' {
                            // `$${` / `%%{`: a literal `${` / `%{`.
                            let s = owned.get_or_insert_with(String::new);
                            s.push_str(&src[seg..i + 1]);
                            seg = i + 2;
                            i += 3;
                        } else {
                            i += 1;
                        }
                    }
                    _ => {
                        non_ascii |= c >= 0x80;
                        i += 1;
                    }
                }
            };
            if i > lit_start {
                let mut value = match owned {
                    Some(mut s) => {
                        s.push_str(&src[seg..i]);
                        // `\u` escapes can produce non-ASCII text too.
                        non_ascii = non_ascii || !s.is_ascii();
                        Cow::Owned(s)
                    }
                    None => Cow::Borrowed(&src[lit_start..i]),
                };
                if non_ascii {
                    value = nfc(value);
                }
                if ltrim {
                    value = trim_start_cow(value);
                }
                self.s_parts.push(TPart {
                    kind: TPartKind::Lit(value),
                    span: Span::new(lit_start, i),
                });
                prev_lit = true;
            }
            match stop {
                b'"' => {
                    self.pos = i + 1;
                    return Ok(i);
                }
                0 => {
                    return match mode {
                        Mode::Bare => {
                            self.pos = i;
                            Ok(i)
                        }
                        Mode::Quoted => Err(self.unterminated_string(open, i)),
                        Mode::Heredoc(_) => Err(self.unterminated_heredoc(open)),
                    }
                }
                b'\n' => {
                    if mode == Mode::Quoted {
                        return Err(self.unterminated_string(open, i));
                    }
                    if let Mode::Heredoc(marker) = mode {
                        if let Some(end) = self.heredoc_end_at(i, marker) {
                            self.pos = end;
                            return Ok(i);
                        }
                    }
                    self.pos = i;
                }
                _ => {
                    // `${` or `%{`; a `~` strips the preceding literal token.
                    if self.at(i + 2) == b'~' && prev_lit {
                        if let Some(TPart {
                            kind: TPartKind::Lit(v),
                            ..
                        }) = self.s_parts.last_mut()
                        {
                            trim_end_cow(v);
                        }
                    }
                    let part = if stop == b'$' {
                        self.interpolation(i)?
                    } else {
                        self.directive(i)?
                    };
                    ltrim_next = match &part.kind {
                        TPartKind::Interp(_, s)
                        | TPartKind::If(_, s)
                        | TPartKind::Else(s)
                        | TPartKind::EndIf(s)
                        | TPartKind::For(_, _, _, s)
                        | TPartKind::EndFor(s) => s.end,
                        TPartKind::Lit(_) => false,
                    };
                    self.s_parts.push(part);
                    prev_lit = false;
                }
            }
        }
    }

    /// An escape sequence in a quoted string at `i` (the backslash); appends
    /// its value to `out` and returns the offset after it.
    fn escape(&self, i: usize, out: &mut String) -> Result<usize> {
        let c = self.at(i + 1);
        let simple = match c {
            b'n' => Some('\n'),
            b'r' => Some('\r'),
            b't' => Some('\t'),
            b'"' => Some('"'),
            b'\\' => Some('\\'),
            _ => None,
        };
        if let Some(ch) = simple {
            out.push(ch);
            return Ok(i + 2);
        }
        let digits = match c {
            b'u' => 4,
            b'U' => 8,
            _ => return Err(self.bad_escape(i)),
        };
        let hex = self.b.get(i + 2..i + 2 + digits);
        let ch = hex
            .filter(|h| h.iter().all(u8::is_ascii_hexdigit))
            .and_then(|h| u32::from_str_radix(std::str::from_utf8(h).ok()?, 16).ok())
            .and_then(char::from_u32);
        match ch {
            Some(ch) => {
                out.push(ch);
                Ok(i + 2 + digits)
            }
            None => Err(self.bad_escape(i)),
        }
    }

    /// `${ Expression }` at `i`.
    fn interpolation(&mut self, i: usize) -> Result<TPart<'a>> {
        self.pos = i + 2;
        let mut strip = Strip::default();
        if self.cur() == b'~' {
            strip.start = true;
            self.pos += 1;
        }
        self.enter(i)?;
        let saved = self.nl_ignore;
        self.nl_ignore = true;
        self.ws_nl()?;
        if self.eof() {
            return Err(self.unclosed("interpolation `${`", i, 2, "an expression", self.pos));
        }
        let expr = self.expression()?;
        self.ws_nl()?;
        self.close_template_seq(&mut strip, i, "interpolation `${`")?;
        self.nl_ignore = saved;
        self.leave();
        Ok(TPart {
            kind: TPartKind::Interp(expr, strip),
            span: Span::new(i, self.pos),
        })
    }

    /// `~? }` closing an interpolation or directive opened at `open`.
    fn close_template_seq(&mut self, strip: &mut Strip, open: usize, what: &str) -> Result<()> {
        if self.cur() == b'~' && self.at(self.pos + 1) == b'}' {
            strip.end = true;
            self.pos += 1;
        }
        if self.cur() != b'}' {
            return Err(self.unclosed(what, open, 2, "`}`", self.pos));
        }
        self.pos += 1;
        Ok(())
    }

    /// `%{ if/else/endif/for/endfor ... }` at `i`.
    fn directive(&mut self, i: usize) -> Result<TPart<'a>> {
        self.pos = i + 2;
        let mut strip = Strip::default();
        if self.cur() == b'~' {
            strip.start = true;
            self.pos += 1;
        }
        self.enter(i)?;
        let saved = self.nl_ignore;
        self.nl_ignore = true;
        self.ws_nl()?;
        enum K<'a> {
            If(Expression<'a>),
            Else,
            EndIf,
            For(Option<Ident<'a>>, Ident<'a>, Expression<'a>),
            EndFor,
        }
        let k = if self.at_keyword(b"if") {
            self.pos += 2;
            self.ws_nl()?;
            K::If(self.expression()?)
        } else if self.at_keyword(b"else") {
            self.pos += 4;
            K::Else
        } else if self.at_keyword(b"endif") {
            self.pos += 5;
            K::EndIf
        } else if self.at_keyword(b"for") {
            self.pos += 3;
            self.ws_nl()?;
            let first = self.ident("an iterator variable name after `for`")?;
            self.ws_nl()?;
            let (key, value) = if self.cur() == b',' {
                self.pos += 1;
                self.ws_nl()?;
                let second = self.ident("a value variable name after `,`")?;
                self.ws_nl()?;
                (Some(first), second)
            } else {
                (None, first)
            };
            if !self.at_keyword(b"in") {
                return Err(self.expected("`in` after the `for` variables", self.pos));
            }
            self.pos += 2;
            self.ws_nl()?;
            K::For(key, value, self.expression()?)
        } else if self.at_keyword(b"endfor") {
            self.pos += 6;
            K::EndFor
        } else {
            return Err(self.expected(
                "a template directive keyword (`if`, `else`, `endif`, `for` or `endfor`)",
                self.pos,
            ));
        };
        self.ws_nl()?;
        self.close_template_seq(&mut strip, i, "directive `%{`")?;
        self.nl_ignore = saved;
        self.leave();
        let kind = match k {
            K::If(c) => TPartKind::If(c, strip),
            K::Else => TPartKind::Else(strip),
            K::EndIf => TPartKind::EndIf(strip),
            K::For(k, v, c) => TPartKind::For(k, v, c, strip),
            K::EndFor => TPartKind::EndFor(strip),
        };
        Ok(TPart {
            kind,
            span: Span::new(i, self.pos),
        })
    }

    /// Melds consecutive literal tokens and nests directives.
    fn build_template(&mut self, base: usize, span: Span) -> Result<Template<'a>> {
        let mut all = std::mem::take(&mut self.s_parts);
        let mut elems = std::mem::take(&mut self.s_elems);
        let r = self.build_template_from(all.drain(base..), &mut elems, span);
        self.s_parts = all;
        self.s_elems = elems;
        r
    }

    /// `elems` is a scratch stack: the elements of the template being built
    /// are those above `cur_base`.
    fn build_template_from(
        &self,
        parts: std::vec::Drain<'_, TPart<'a>>,
        elems: &mut Vec<Element<'a>>,
        span: Span,
    ) -> Result<Template<'a>> {
        let src = self.src;
        let mut stack: Vec<Frame<'a>> = Vec::new();
        let top_base = elems.len();
        let mut cur_base = top_base;
        let mut parts = parts;
        while let Some(p) = parts.next() {
            match p.kind {
                TPartKind::Lit(v) => {
                    let last = if elems.len() > cur_base {
                        elems.last_mut()
                    } else {
                        None
                    };
                    if let Some(Element::Literal(last)) = last {
                        let prev = std::mem::take(&mut last.value);
                        last.value = match (&prev, &v) {
                            (Cow::Borrowed(x), Cow::Borrowed(y))
                                if adjacent(src, x, y).is_some() =>
                            {
                                Cow::Borrowed(adjacent(src, x, y).unwrap_or_default())
                            }
                            _ => {
                                let mut s = match prev {
                                    Cow::Owned(s) => s,
                                    Cow::Borrowed(x) => {
                                        // Size the melded literal once for the
                                        // whole run of literal tokens.
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
                                        s
                                    }
                                };
                                s.push_str(&v);
                                Cow::Owned(s)
                            }
                        };
                        last.span.end = p.span.end;
                    } else {
                        elems.push(Element::Literal(Literal {
                            value: v,
                            span: p.span,
                        }));
                    }
                }
                TPartKind::Interp(expr, strip) => {
                    elems.push(Element::Interpolation(Interpolation {
                        expr,
                        strip,
                        span: p.span,
                    }))
                }
                TPartKind::If(cond, strip) => {
                    if self.depth + stack.len() >= self.max_depth {
                        return Err(self.too_deep(p.span.start));
                    }
                    stack.push(Frame {
                        open: Open::If {
                            cond,
                            strip,
                            true_template: None,
                            else_strip: None,
                        },
                        open_span: p.span,
                        parent_base: cur_base,
                        body_start: p.span.end,
                    });
                    cur_base = elems.len();
                }
                TPartKind::For(key_var, value_var, collection, strip) => {
                    if self.depth + stack.len() >= self.max_depth {
                        return Err(self.too_deep(p.span.start));
                    }
                    stack.push(Frame {
                        open: Open::For {
                            key_var,
                            value_var,
                            collection,
                            strip,
                        },
                        open_span: p.span,
                        parent_base: cur_base,
                        body_start: p.span.end,
                    });
                    cur_base = elems.len();
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
                            elements: take_from(elems, cur_base),
                            span: Span::new(*body_start, p.span.start),
                        });
                        *else_strip = Some(s);
                        *body_start = p.span.end;
                    }
                    _ => {
                        return Err(self.unexpected_directive(
                            "else",
                            p.span,
                            stack.last().map(|f| f.open_span),
                        ))
                    }
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
                        return Err(self.unexpected_directive(
                            "endif",
                            p.span,
                            stack.last().map(|f| f.open_span),
                        ));
                    };
                    let body = Template {
                        elements: take_from(elems, cur_base),
                        span: Span::new(body_start, p.span.start),
                    };
                    let (true_template, false_template) = match true_template {
                        Some(t) => (t, Some(body)),
                        None => (body, None),
                    };
                    cur_base = parent_base;
                    elems.push(Element::Directive(Box::new(Directive::If(IfDirective {
                        cond,
                        true_template,
                        false_template,
                        if_strip: strip,
                        else_strip,
                        endif_strip,
                        span: Span::new(open_span.start, p.span.end),
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
                        return Err(self.unexpected_directive(
                            "endfor",
                            p.span,
                            stack.last().map(|f| f.open_span),
                        ));
                    };
                    let template = Template {
                        elements: take_from(elems, cur_base),
                        span: Span::new(body_start, p.span.start),
                    };
                    cur_base = parent_base;
                    elems.push(Element::Directive(Box::new(Directive::For(ForDirective {
                        key_var,
                        value_var,
                        collection,
                        template,
                        for_strip: strip,
                        endfor_strip,
                        span: Span::new(open_span.start, p.span.end),
                    }))));
                }
            }
        }
        if let Some(frame) = stack.pop() {
            let (what, end) = match frame.open {
                Open::If { .. } => ("if", "endif"),
                Open::For { .. } => ("for", "endfor"),
            };
            return Err(self.error(
                format!(
                    "unexpected end of template: the `%{{ {what} }}` directive is not closed by `%{{ {end} }}`"
                ),
                frame.open_span,
            ));
        }
        Ok(Template {
            elements: take_from(elems, top_base),
            span,
        })
    }

    #[cold]
    fn unexpected_directive(&self, what: &str, span: Span, open: Option<Span>) -> Error {
        let e = self.error(
            format!("unexpected `%{{ {what} }}` directive: there is no matching open directive"),
            span,
        );
        match open {
            Some(o) => e.with_note(
                "the innermost open directive is here",
                Some(Location::of(self.src, o.start)),
            ),
            None => e,
        }
    }

    #[cold]
    fn bad_escape(&self, i: usize) -> Error {
        let end = (i + 2).min(self.b.len());
        let mut end = end;
        while !self.src.is_char_boundary(end) {
            end += 1;
        }
        self.error(
            format!(
                "invalid escape sequence `{}`: the escapes are \\n \\r \\t \\\" \\\\ \\uNNNN \\UNNNNNNNN",
                &self.src[i..end]
            ),
            Span::new(i, end),
        )
    }

    #[cold]
    fn unterminated_string(&self, open: usize, at: usize) -> Error {
        let note = if at >= self.b.len() {
            "the end of the file was reached".to_owned()
        } else {
            "the line ends here; use `\\n` or a heredoc (`<<EOT`) for multi-line strings".to_owned()
        };
        Error::at(
            ErrorKind::Parse,
            "unterminated string: no closing `\"` on the line where the string starts",
            Span::new(open, open + 1),
            self.src,
        )
        .with_note(note, Some(Location::of(self.src, at)))
    }

    #[cold]
    fn unterminated_heredoc(&self, open: usize) -> Error {
        let end = self.ident_end(open + 3);
        Error::at(
            ErrorKind::Parse,
            "unterminated heredoc: the closing marker was not found on a line of its own",
            Span::new(open, end),
            self.src,
        )
        .with_note(
            "the end of the file was reached",
            Some(Location::of(self.src, self.b.len())),
        )
    }
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
