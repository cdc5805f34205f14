//! Templates: quoted strings, heredocs, interpolations and directives.

use super::*;

impl<'s> Printer<'s> {
    pub(crate) fn quoted_str(&mut self, s: &str) {
        self.w("\"");
        escape_quoted(&mut self.line, s);
        self.w("\"");
    }

    pub(super) fn template_expr(&mut self, t: &TemplateExpr<'_>) {
        match &t.kind {
            TemplateKind::Quoted => {
                self.w("\"");
                self.template_elems(&t.template, true);
                self.w("\"");
            }
            TemplateKind::Heredoc { .. } if self.one_line => {
                self.w("\"");
                self.template_elems(&t.template, true);
                self.w("\"");
            }
            TemplateKind::Heredoc {
                marker,
                strip_indent,
            } => {
                let indent = *strip_indent && !has_strip_marker(&t.template);
                self.heredoc(marker, *strip_indent, indent, |p| {
                    p.template_elems(&t.template, false)
                })
            }
        }
    }

    /// With the source, a string literal as it is written there (its
    /// escapes as they are, as `terraform fmt` keeps them), when that text
    /// still reads back as `value`.
    pub(super) fn string_source(&self, span: Span, value: &str) -> Option<&'s str> {
        let src = self.src?;
        if !span_ok(span, src) || span.len() < 2 {
            return None;
        }
        let text = &src[span.range()];
        let inner = text.strip_prefix('"')?.strip_suffix('"')?;
        // Without escapes the text is the value (the parser normalises
        // non-ASCII text to NFC: such text is read back to be sure).
        let plain = inner.is_ascii() && !inner.contains(['\\', '{', '\n', '\r']);
        if plain {
            return (inner == value).then_some(text);
        }
        match crate::parser::parse_expression(text) {
            Ok(again) if matches!(again.expr().kind, ExprKind::String(v) if v == value) => {
                Some(text)
            }
            _ => None,
        }
    }

    /// With the source, a template as `terraform fmt` leaves it: its
    /// literal text as written (escapes, and the spaces strip markers
    /// remove), only the interpolations and directives re-spaced; a heredoc
    /// also keeps its closing-marker line. `false` (nothing written) when
    /// the source text no longer reads back as this expression.
    pub(super) fn template_with_source(
        &mut self,
        t: &TemplateExpr<'_>,
        e: &Expression<'_>,
    ) -> bool {
        let Some(src) = self.src else {
            return false;
        };
        if !span_ok(e.span, src) || !span_ok(t.template.span, src) {
            return false;
        }
        let text = &src[e.span.range()];
        let content = t.template.span;
        let heredoc = matches!(t.kind, TemplateKind::Heredoc { .. });
        let opener = if heredoc { "<<" } else { "\"" };
        if !text.starts_with(opener)
            || content.start() < e.span.start()
            || content.end() > e.span.end()
        {
            return false;
        }
        if heredoc && self.layout_src().is_none() {
            // Heredocs inside interpolations are laid out afresh.
            return false;
        }
        if !tiles(&t.template, src) {
            return false;
        }
        // A heredoc's closing marker must end its line to read back.
        let closed;
        let text = if heredoc {
            closed = format!("{text}\n");
            &closed
        } else {
            text
        };
        match crate::parser::parse_expression(text) {
            Ok(again) if crate::format::expr_eq_ignoring_spans(again.expr(), e) => {}
            _ => return false,
        }
        self.w(&src[e.span.start()..content.start()]);
        if heredoc && self.heredoc_net.is_none() {
            // hclwrite counts a line's brackets up to a heredoc's opener.
            self.heredoc_net = Some(self.net);
        }
        self.verbatim_elems(&t.template, src);
        self.line.push_str(&src[content.end()..e.span.end()]);
        if heredoc {
            // Spaces after the closing marker stay, as `terraform fmt`
            // keeps them.
            let rest = &src[e.span.end()..];
            let spaces = rest.trim_start_matches([' ', '\t']);
            if spaces.is_empty() || spaces.starts_with(['\n', '\r']) {
                self.line.push_str(&rest[..rest.len() - spaces.len()]);
            }
            self.newline();
        }
        true
    }

    /// A template's elements with their literal text as in `src` (the spans
    /// were checked by [`tiles`]); interpolations and directive markers are
    /// re-spaced as `terraform fmt` re-spaces them, interpolations keeping
    /// their line breaks.
    pub(super) fn verbatim_elems(&mut self, t: &Template<'_>, src: &str) {
        for el in t.elements {
            match el {
                Element::Literal(l) => self.line.push_str(&src[l.span.range()]),
                Element::Interpolation(it) => self.interpolation(it, true),
                Element::Directive(d) => match &**d {
                    Directive::If(d) => {
                        self.directive_open(d.if_strip);
                        self.w("if");
                        self.directive_expr(&d.cond);
                        self.close(if d.if_strip.end { "~}" } else { "}" });
                        self.verbatim_elems(&d.true_template, src);
                        if let Some(f) = &d.false_template {
                            let s = d.else_strip.unwrap_or_default();
                            self.directive_open(s);
                            self.w("else");
                            self.close(if s.end { "~}" } else { "}" });
                            self.verbatim_elems(f, src);
                        }
                        self.directive_open(d.endif_strip);
                        self.w("endif");
                        self.close(if d.endif_strip.end { "~}" } else { "}" });
                    }
                    Directive::For(d) => {
                        self.for_head(d);
                        self.close(if d.for_strip.end { "~}" } else { "}" });
                        self.verbatim_elems(&d.template, src);
                        self.directive_open(d.endfor_strip);
                        self.w("endfor");
                        self.close(if d.endfor_strip.end { "~}" } else { "}" });
                    }
                },
            }
        }
    }

    /// `${ expr }`. With `layout` and the source, the expression keeps its
    /// line breaks and comments (newlines are allowed inside `${ }`, and
    /// `terraform fmt` keeps them); otherwise it goes on one line.
    pub(super) fn interpolation(&mut self, it: &Interpolation<'_>, layout: bool) {
        self.open(if it.strip.start { "${~" } else { "${" });
        let obj = matches!(it.expr.kind, ExprKind::Object(_));
        if obj {
            self.w(" ");
        }
        let layout = layout && self.layout_src().is_some();
        if layout {
            let start = it.span.start() + if it.strip.start { 3 } else { 2 };
            self.layout_gap(start, it.expr.span.start());
        } else {
            self.no_layout += 1;
        }
        self.expr(&it.expr, Mode::Inline);
        if layout {
            let end = it.span.end() - if it.strip.end { 2 } else { 1 };
            self.gap_before_close(it.expr.span.end(), end);
        } else {
            self.no_layout -= 1;
        }
        if obj {
            self.w(" ");
        }
        self.close(if it.strip.end { "~}" } else { "}" });
    }

    /// After `<<-` content was written from `self.line[start..]` with
    /// `inner` spaces of indentation: a line that now reads as the closing
    /// marker (its text was `EOT` after the source's indentation, made of
    /// other Unicode spaces, was removed) would end the heredoc early. Then
    /// the first space of every indented line becomes an EN SPACE (U+2002):
    /// the dedent removes it all the same, and the line no longer reads as
    /// the marker.
    pub(super) fn unmark_lines(&mut self, start: usize, marker: &str, inner: usize) {
        let content = &self.line[start..];
        // The lines of heredocs nested in this one's interpolations are
        // theirs: left out of the check and left as they are.
        let inner_heredocs = &self.hd_inner;
        let nested = |at: usize| inner_heredocs.iter().any(|&(a, b)| (a..b).contains(&at));
        let lines = || {
            content.split('\n').scan(start, |at, l| {
                let here = *at;
                *at += l.len() + 1;
                Some((here, l))
            })
        };
        let collides = lines().any(|(at, l)| {
            !nested(at) && l.strip_suffix('\r').unwrap_or(l).trim_matches([' ', '\t']) == marker
        });
        if !collides || inner == 0 {
            return;
        }
        let pad = " ".repeat(inner);
        let mut out = String::with_capacity(content.len() + 64);
        for (i, (at, l)) in lines().enumerate() {
            if i > 0 {
                out.push('\n');
            }
            match l.strip_prefix(' ') {
                // Whitespace-only lines are not dedented (nor indented).
                Some(rest) if l.starts_with(&pad) && !l.trim().is_empty() && !nested(at) => {
                    out.push('\u{2002}');
                    out.push_str(rest);
                }
                _ => out.push_str(l),
            }
        }
        self.line.truncate(start);
        self.line.push_str(&out);
    }

    /// Writes a heredoc; `content` writes the template elements.
    /// `indent`: indent the content (only for `<<-`, which removes it again
    /// on reading).
    pub(crate) fn heredoc(
        &mut self,
        marker: &str,
        strip: bool,
        indent: bool,
        content: impl FnOnce(&mut Printer<'s>),
    ) {
        let inner = self.inner_indent();
        self.w(if strip { "<<-" } else { "<<" });
        self.w(marker);
        self.w("\n");
        let saved = (self.hd_indent, self.hd_line_start, self.hd_nest);
        self.hd_nest = 0;
        self.hd_indent = if indent { Some(inner) } else { None };
        self.hd_line_start = true;
        let start = self.line.len();
        self.hd_depth += 1;
        content(self);
        self.hd_depth -= 1;
        if self.line.len() > start && !self.line.ends_with('\n') {
            self.w("\n");
        }
        (self.hd_indent, self.hd_line_start, self.hd_nest) = saved;
        if indent {
            self.unmark_lines(start, marker, inner);
        }
        if strip {
            push_spaces(&mut self.line, inner - 2);
        }
        self.w(marker);
        if self.hd_depth > 0 {
            // Inside another heredoc's content, which is written as one
            // text and checked as a whole when it ends: no line is flushed,
            // and this heredoc's lines are not the outer one's to change.
            // (The heredocs nested in this one are inside this range.)
            self.hd_inner.retain(|&(a, _)| a < start);
            self.hd_inner.push((start, self.line.len()));
            self.w("\n");
        } else {
            self.hd_inner.clear();
            self.newline();
        }
    }

    /// Template elements; `quoted` selects quoted-string escapes, otherwise
    /// heredoc/template-file escapes.
    pub(crate) fn template_elems(&mut self, t: &Template<'_>, quoted: bool) {
        self.template_elems_then(t, quoted, None);
    }

    /// Template elements followed by a directive marker (`%{ else }`,
    /// `%{ endif }`, `%{ endfor }`) when `then` is `Some(strip)`, `strip`
    /// telling whether the marker opens with `~`.
    pub(super) fn template_elems_then(
        &mut self,
        t: &Template<'_>,
        quoted: bool,
        then: Option<bool>,
    ) {
        let n = t.elements.len();
        for (i, el) in t.elements.iter().enumerate() {
            match el {
                Element::Literal(l) => {
                    // The parser applies strip markers to the neighbouring
                    // literal token (in heredocs and template files, the rest
                    // of the line): write an extra newline for the marker to
                    // strip, so that the literal reads back unchanged.
                    // A literal with no leading whitespace continues the
                    // line instead: the marker has nothing to strip there, and
                    // a line of its own could read as the closing marker.
                    let ws_first = l.value.starts_with(char::is_whitespace);
                    if !quoted && self.hd_after_strip && ws_first {
                        self.line.push('\n');
                        // The literal's first line was not dedented by the
                        // parser (the strip marker took its line start, as
                        // in Terraform), so it is written without indent.
                        self.hd_line_start = false;
                    }
                    self.hd_after_strip = false;
                    self.hd_lit_nl = !quoted && l.value.ends_with('\n');
                    // A `$` right before `${` (or `%` before `%{`) would
                    // read as the escape `$${`: write it as `${"$"}`, which
                    // has the same value (hand-built trees only; the parser
                    // never produces this).
                    let mut value: &str = l.value;
                    // `$` before `${` (or `%` before `%{`) would read as an
                    // escape. Before a strip marker a space separates them
                    // (the marker removes it again); otherwise the character
                    // is written as an interpolated string.
                    let next = t.elements.get(i + 1);
                    let clash = match next {
                        Some(Element::Interpolation(_)) => {
                            value.strip_suffix('$').map(|v| (v, "$"))
                        }
                        Some(Element::Directive(_)) => value.strip_suffix('%').map(|v| (v, "%")),
                        Some(Element::Literal(_)) => None,
                        None if then.is_some() => value.strip_suffix('%').map(|v| (v, "%")),
                        None => None,
                    };
                    let next_strips = match next {
                        Some(el) => starts_with_strip(el),
                        None => then == Some(true),
                    };
                    let spaced = clash.is_some() && next_strips;
                    let clash = clash.filter(|_| !spaced);
                    if let Some((v, _)) = clash {
                        value = v;
                    }
                    if quoted {
                        escape_quoted(&mut self.line, value);
                    } else {
                        let last = i + 1 == n && self.hd_nest == 0;
                        self.heredoc_literal(value, last);
                    }
                    if spaced {
                        self.w(" ");
                    }
                    if let Some((_, c)) = clash {
                        self.hd_pre_token(false, quoted);
                        self.open("${\"");
                        self.w(c);
                        self.close("\"}");
                    }
                }
                Element::Interpolation(it) => {
                    self.hd_pre_token(it.strip.start, quoted);
                    self.interpolation(it, quoted);
                    self.hd_after_strip = it.strip.end && !quoted;
                }
                Element::Directive(d) => {
                    let first = match &**d {
                        Directive::If(d) => d.if_strip,
                        Directive::For(d) => d.for_strip,
                    };
                    self.hd_pre_token(first.start, quoted);
                    self.hd_nest += 1;
                    match &**d {
                        Directive::If(d) => {
                            self.directive_open(d.if_strip);
                            self.w("if");
                            self.directive_expr(&d.cond);
                            self.directive_close(d.if_strip, quoted);
                            let next = match d.false_template {
                                Some(_) => d.else_strip.unwrap_or_default(),
                                None => d.endif_strip,
                            };
                            self.template_elems_then(&d.true_template, quoted, Some(next.start));
                            if let Some(f) = &d.false_template {
                                let s = d.else_strip.unwrap_or_default();
                                self.hd_pre_token(s.start, quoted);
                                self.directive_open(s);
                                self.w("else");
                                self.directive_close(s, quoted);
                                let end = Some(d.endif_strip.start);
                                self.template_elems_then(f, quoted, end);
                            }
                            self.hd_pre_token(d.endif_strip.start, quoted);
                            self.directive_open(d.endif_strip);
                            self.w("endif");
                            self.directive_close(d.endif_strip, quoted);
                        }
                        Directive::For(d) => {
                            self.for_head(d);
                            self.directive_close(d.for_strip, quoted);
                            let end = Some(d.endfor_strip.start);
                            self.template_elems_then(&d.template, quoted, end);
                            self.hd_pre_token(d.endfor_strip.start, quoted);
                            self.directive_open(d.endfor_strip);
                            self.w("endfor");
                            self.directive_close(d.endfor_strip, quoted);
                        }
                    }
                    self.hd_nest -= 1;
                }
            }
        }
    }

    /// `%{for k, v in coll` (the caller closes the marker).
    pub(super) fn for_head(&mut self, d: &ForDirective<'_>) {
        self.directive_open(d.for_strip);
        self.w("for ");
        if let Some(k) = &d.key_var {
            self.w(k.name);
            self.w(", ");
        }
        self.w(d.value_var.name);
        self.no_layout += 1;
        self.keyword_then("in", usize::MAX, &d.collection);
        self.no_layout -= 1;
    }

    pub(super) fn directive_open(&mut self, s: Strip) {
        self.open(if s.start { "%{~" } else { "%{" });
    }

    pub(super) fn directive_close(&mut self, s: Strip, quoted: bool) {
        self.close(if s.end { "~}" } else { "}" });
        self.hd_after_strip = s.end && !quoted;
    }

    pub(super) fn directive_expr(&mut self, e: &Expression<'_>) {
        match first_token(e) {
            b'(' | b'[' => {}
            _ => self.w(" "),
        }
        self.no_layout += 1;
        self.expr(e, Mode::Inline);
        self.no_layout -= 1;
    }

    /// In a `<<-` heredoc, indents a line that starts with an interpolation
    /// or directive.
    pub(super) fn hd_pre_token(&mut self, strip_start: bool, quoted: bool) {
        if strip_start && !quoted && self.hd_lit_nl {
            // Give the `~` an empty line to strip (see the literal case).
            self.line.push('\n');
            self.hd_line_start = true;
        }
        self.hd_lit_nl = false;
        self.hd_after_strip = false;
        if self.hd_line_start {
            if let Some(n) = self.hd_indent {
                push_spaces(&mut self.line, n);
            }
        }
        self.hd_line_start = false;
    }

    pub(super) fn heredoc_literal(&mut self, s: &str, last_elem: bool) {
        let mut rest = s;
        while !rest.is_empty() {
            let (seg, nl) = match rest.find('\n') {
                Some(i) => (&rest[..i], true),
                None => (rest, false),
            };
            if self.hd_line_start && !seg.is_empty() {
                if let Some(n) = self.hd_indent {
                    // `<<-` leaves whitespace-only lines alone, so they get
                    // no indentation either.
                    // "Whitespace" as the parser's dedent reads it: any
                    // Unicode space (`\r`, form feed, NBSP, ...), like Go's
                    // `unicode.IsSpace`.
                    let ws_only = seg.trim_start().is_empty();
                    if !ws_only || (!nl && !last_elem) {
                        push_spaces(&mut self.line, n);
                    }
                }
                self.hd_line_start = false;
            }
            escape_template(&mut self.line, seg);
            if nl {
                self.line.push('\n');
                self.hd_line_start = true;
                rest = &rest[seg.len() + 1..];
            } else {
                rest = "";
            }
        }
    }
}

/// Whether a template has a `~` strip marker anywhere. In a `<<-` heredoc a
/// marker at a line start takes that line's indentation, which turns the
/// dedent off (as in Terraform), so such content is printed as it is,
/// without added indentation: with at least one line at indentation 0
/// either way, reading it back removes nothing.
/// Whether the elements of `t` (and of its directives' templates) follow
/// each other without gaps, as the parser makes them, so that the text
/// between them in `src` is the directive markers'.
pub(super) fn tiles(t: &Template<'_>, src: &str) -> bool {
    let mut cursor = t.span.start();
    for el in t.elements {
        let sp = match el {
            Element::Literal(l) => l.span,
            Element::Interpolation(i) => i.span,
            Element::Directive(d) => {
                let (ok, span) = match &**d {
                    Directive::If(d) => (
                        tiles(&d.true_template, src)
                            && match &d.false_template {
                                Some(f) => tiles(f, src),
                                None => true,
                            },
                        d.span,
                    ),
                    Directive::For(d) => (tiles(&d.template, src), d.span),
                };
                if !ok {
                    return false;
                }
                span
            }
        };
        if sp.start() != cursor || !span_ok(sp, src) {
            return false;
        }
        cursor = sp.end();
    }
    cursor == t.span.end()
}

/// Whether an interpolation or directive opens with a strip marker `~`.
pub(super) fn starts_with_strip(el: &Element<'_>) -> bool {
    match el {
        Element::Literal(_) => false,
        Element::Interpolation(i) => i.strip.start,
        Element::Directive(d) => match &**d {
            Directive::If(d) => d.if_strip.start,
            Directive::For(d) => d.for_strip.start,
        },
    }
}

pub(super) fn has_strip_marker(t: &Template<'_>) -> bool {
    let any = |s: &Strip| s.start || s.end;
    t.elements.iter().any(|el| match el {
        Element::Literal(_) => false,
        Element::Interpolation(i) => any(&i.strip),
        Element::Directive(d) => match &**d {
            Directive::If(d) => {
                any(&d.if_strip)
                    || d.else_strip.as_ref().is_some_and(any)
                    || any(&d.endif_strip)
                    || has_strip_marker(&d.true_template)
                    || d.false_template.as_ref().is_some_and(has_strip_marker)
            }
            Directive::For(d) => {
                any(&d.for_strip) || any(&d.endfor_strip) || has_strip_marker(&d.template)
            }
        },
    })
}
