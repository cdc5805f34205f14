//! Bodies, blocks and attributes: items in order, with the comments and
//! blank lines between them kept from the source.

use super::*;

impl<'s> Printer<'s> {
    pub(crate) fn body(&mut self, body: &Body<'_>) {
        self.body_from(body, body.span.start());
    }

    /// A body whose source text (if any) is read from `start` on.
    pub(super) fn body_from(&mut self, body: &Body<'_>, start: usize) {
        if let Some(src) = self.src {
            if span_ok(body.span, src) && start >= body.span.start() && start <= body.span.end() {
                return self.body_with_source(body, src, start);
            }
        }
        let mut prev_block = None;
        for s in body.structures {
            let is_block = matches!(s, Structure::Block(_));
            if let Some(pb) = prev_block {
                if pb || is_block {
                    self.newline();
                }
            }
            prev_block = Some(is_block);
            self.structure(s, None);
        }
    }

    pub(super) fn structure(&mut self, s: &Structure<'_>, trailing: Option<Trailing<'s>>) {
        match s {
            Structure::Attribute(a) => {
                self.w(a.name.name);
                self.mark_assign();
                self.w(" = ");
                if !(self.terraform && self.terraform_rewrite(a.name.name, &a.expr)) {
                    self.expr(&a.expr, Mode::Block);
                }
                self.trailing(trailing);
                self.end_line();
            }
            Structure::Block(b) => {
                self.block_inner(b);
                self.trailing(trailing);
                self.newline();
            }
        }
    }

    /// Appends a comment that followed an item on its line.
    pub(super) fn trailing(&mut self, t: Option<Trailing<'s>>) {
        let Some(t) = t else { return };
        if self.line.is_empty() {
            // A heredoc ended the line; the comment cannot follow it.
            return;
        }
        // hclwrite puts no space between an opening bracket and a `/* */`
        // comment (a line comment is aligned, so spaced).
        if t.line_comment || !self.after_open_bracket() {
            self.line.push(' ');
        }
        if t.line_comment {
            self.comment_at = Some(self.line.len());
        }
        self.line.push_str(t.text);
    }

    /// Whether the line ends with an opening bracket that hclwrite writes
    /// the next token right after: `(`, `[`, `${`, `%{` (not `{`).
    pub(super) fn after_open_bracket(&self) -> bool {
        let l = self.line.trim_end_matches('~');
        l.ends_with(['(', '[']) || l.ends_with("${") || l.ends_with("%{")
    }

    /// Prints a body whose spans point into `src`: comments between items
    /// and the source's blank lines are kept. Items with spans that do not
    /// fit (added or moved by a program) fall back to the default layout.
    pub(super) fn body_with_source(&mut self, body: &Body<'_>, src: &'s str, start: usize) {
        let mut cursor = start;
        let mut prev_block = None;
        for s in body.structures {
            let sp = s.span();
            let is_block = matches!(s, Structure::Block(_));
            let real = span_ok(sp, src) && sp.start() >= cursor;
            let gap = if real {
                scan_gap(&src[cursor..sp.start()], false)
            } else {
                None
            };
            match &gap {
                Some(items) => self.gap_comments(items, cursor == 0),
                None if matches!(prev_block, Some(pb) if pb || is_block) => self.newline(),
                None => {}
            }
            prev_block = Some(is_block);
            let mut trailing = None;
            if real {
                cursor = sp.end();
                if let Some((t, next)) = trailing_comment(src, sp.end(), false) {
                    trailing = Some(t);
                    cursor = next;
                }
            }
            self.structure(s, trailing);
        }
        if cursor <= body.span.end() {
            if let Some(items) = scan_gap(&src[cursor..body.span.end()], false) {
                self.gap_comments(&items, cursor == 0);
            }
        }
    }

    /// Writes the comments of a gap, each on its own line, with the blank
    /// lines the source has around them (as `terraform fmt` keeps them all).
    /// The gap starts where the previous line's text ended, so its first
    /// newline ends that line, unless `file_start`; the blank lines after
    /// the last comment are written too.
    pub(super) fn gap_comments(&mut self, items: &[GapItem<'s>], file_start: bool) {
        let mut nl = usize::from(file_start);
        for it in items {
            match *it {
                GapItem::Newline => nl += 1,
                GapItem::Comment(text) => {
                    for _ in 1..nl {
                        self.newline();
                    }
                    self.w(text);
                    self.newline();
                    nl = 0;
                }
            }
        }
        for _ in 1..nl {
            self.newline();
        }
    }

    /// Whether a body has comments of its own in the source.
    pub(super) fn body_has_comments(&self, body: &Body<'_>) -> bool {
        match self.src {
            Some(src) if span_ok(body.span, src) && body.structures.is_empty() => {
                scan_gap(&src[body.span.range()], false)
                    .is_some_and(|g| g.iter().any(|i| matches!(i, GapItem::Comment(_))))
            }
            _ => false,
        }
    }

    /// Ends the current line unless a heredoc just did.
    pub(super) fn end_line(&mut self) {
        if !self.line.is_empty() {
            self.newline();
        }
    }

    /// A block up to its closing brace (the line is left open).
    pub(super) fn block_inner(&mut self, b: &Block<'_>) {
        // Labels are always quoted, as `terraform fmt` writes them.
        // Labels are quoted, as `terraform fmt` does, except an identifier
        // label that is not in NFC: quoted, it would read back normalised.
        self.block_head(
            b.ident.name,
            b.labels.iter().map(|l| match l {
                BlockLabel::Ident(i) => (unicode_normalization::is_nfc(i.name), l.as_str()),
                BlockLabel::String { .. } => (true, l.as_str()),
            }),
        );
        let src = self.layout_src().filter(|src| span_ok(b.body.span, src));
        // `terraform fmt` keeps an empty block written over several lines.
        let empty = b.body.structures.is_empty()
            && !src.is_some_and(|src| src[b.body.span.range()].contains('\n'))
            && !self.body_has_comments(&b.body);
        if empty {
            self.w(" {}");
            return;
        }
        if let Some(Structure::Attribute(a)) = b.body.structures.first() {
            let one_line = b.body.structures.len() == 1
                && src.is_some_and(|src| {
                    let (inner, at) = (b.body.span, a.span());
                    at.start >= inner.start
                        && at.end <= inner.end
                        && !src[b.span().range()].contains('\n')
                        && src[inner.start()..at.start()].trim().is_empty()
                        && src[at.end()..inner.end()].trim().is_empty()
                });
            if one_line {
                // `terraform fmt` keeps a one-line block on its line.
                self.open(" { ");
                self.w(a.name.name);
                self.w(" = ");
                let saved = self.in_variable;
                self.in_variable = b.ident.name == "variable";
                if !(self.terraform && self.terraform_rewrite(a.name.name, &a.expr)) {
                    self.expr(&a.expr, Mode::Inline);
                }
                self.in_variable = saved;
                self.close(" }");
                return;
            }
        }
        self.open(" {");
        // A comment after `{` stays on its line.
        let mut start = b.body.span.start();
        self.bracket_comment(src, &mut start);
        self.newline();
        let saved = self.in_variable;
        self.in_variable = b.ident.name == "variable";
        self.body_from(&b.body, start);
        self.in_variable = saved;
        self.end_line();
        self.close("}");
    }

    pub(crate) fn block_head<'l>(
        &mut self,
        ident: &str,
        labels: impl Iterator<Item = (bool, &'l str)>,
    ) {
        self.w(ident);
        for (quoted, l) in labels {
            self.w(" ");
            if quoted {
                self.quoted_str(l);
            } else {
                self.w(l);
            }
        }
    }
}
