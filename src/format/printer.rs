//! The line printer: writes tokens, then lays lines out exactly as
//! `hclwrite` (the engine of `terraform fmt`) would: indentation from the
//! net bracket count of each line and `=` alignment over chains of
//! consecutive assignment lines.

use crate::error::columns;
use crate::error::Span;
use crate::syntax::*;

/// Whether an expression may be spread over several lines.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Attribute values, elements of multi-line tuples/objects: non-empty
    /// objects go one item per line.
    Block,
    /// Inside function arguments (except a trailing multi-line one),
    /// operators, templates, ...: everything on one line.
    Inline,
}

/// A line held back until the alignment chains it belongs to are complete.
struct LineRec {
    indent: usize,
    start: usize,
    end: usize,
    nl: bool,
    /// `(lead_end, lead columns)` when the line is an assignment.
    assign: Option<(usize, usize)>,
    /// Where a trailing line comment starts (after one space).
    comment: Option<usize>,
}

/// Writes HCL text. Not public: used through [`crate::format`].
pub(crate) struct Printer<'s> {
    out: String,
    line: String,
    net: i32,
    /// `(lead_end, net before '=')` of the line's assignment.
    assign: Option<(usize, i32)>,
    indents: Vec<i32>,
    pending: Vec<LineRec>,
    pending_buf: String,
    /// Where the current line's trailing comment starts.
    comment_at: Option<usize>,
    /// Source text the tree was parsed from, for comments and blank lines.
    src: Option<&'s str>,
    /// Above zero inside template interpolations and directives (and values
    /// unwrapped from one), where the source's line breaks are not followed.
    no_layout: u32,
    /// Apply `terraform fmt`'s rewrites of attribute values.
    pub(crate) terraform: bool,
    /// Inside a `variable` block (for the `type` rewrite).
    in_variable: bool,
    /// Heredoc content state: indentation to add at line starts (`<<-`).
    hd_indent: Option<usize>,
    hd_line_start: bool,
    /// Directive nesting inside the current template.
    hd_nest: usize,
    /// Heredocs being written around this point (a heredoc can sit in an
    /// interpolation of another).
    hd_depth: usize,
    /// Where, in `line`, heredocs written inside another heredoc's content
    /// stand (content and closing marker): the outer heredoc's
    /// [`Printer::unmark_lines`] leaves their lines as they are.
    hd_inner: Vec<(usize, usize)>,
    /// The last template marker written ended with `~}`.
    hd_after_strip: bool,
    /// The last template piece written was a literal ending in a newline.
    hd_lit_nl: bool,
    /// The bracket count of the line where a heredoc kept from the source
    /// opened on it.
    heredoc_net: Option<i32>,
}

impl<'s> Printer<'s> {
    pub(crate) fn new() -> Printer<'s> {
        Printer::with_capacity(256)
    }

    /// A printer that keeps the comments and blank lines found between
    /// body items in `src` (the text the tree was parsed from).
    pub(crate) fn with_source(src: &'s str) -> Printer<'s> {
        let mut p = Printer::with_capacity(src.len() + src.len() / 8 + 64);
        p.src = Some(src);
        p
    }

    pub(crate) fn with_capacity(cap: usize) -> Printer<'s> {
        Printer {
            out: String::with_capacity(cap),
            line: String::with_capacity(128),
            net: 0,
            assign: None,
            indents: Vec::with_capacity(16),
            pending: Vec::new(),
            pending_buf: String::new(),
            comment_at: None,
            src: None,
            no_layout: 0,
            terraform: false,
            in_variable: false,
            hd_indent: None,
            hd_line_start: false,
            hd_nest: 0,
            hd_depth: 0,
            hd_inner: Vec::new(),
            hd_after_strip: false,
            hd_lit_nl: false,
            heredoc_net: None,
        }
    }

    /// Finishes the output (flushing a pending line without a newline).
    pub(crate) fn finish(mut self) -> String {
        if !self.line.is_empty() {
            self.flush_line(false);
        }
        self.close_pending();
        self.out
    }

    /// Appends a token; at the start of a line (after a heredoc) leading
    /// spaces are dropped, as the line is indented on output.
    #[inline]
    fn w(&mut self, s: &str) {
        if self.line.is_empty() {
            self.line.push_str(s.trim_start_matches(' '));
        } else {
            self.line.push_str(s);
        }
    }

    #[inline]
    fn open(&mut self, s: &str) {
        self.net += 1;
        self.w(s);
    }

    #[inline]
    fn close(&mut self, s: &str) {
        self.net -= 1;
        self.w(s);
    }

    /// Marks the current position as the end of an assignment's lead; the
    /// caller writes ` = ` next.
    #[inline]
    fn mark_assign(&mut self) {
        if self.assign.is_none() && !self.line.is_empty() {
            self.assign = Some((self.line.len(), self.net));
        }
    }

    pub(crate) fn newline(&mut self) {
        self.flush_line(true);
    }

    fn flush_line(&mut self, nl: bool) {
        if self.line.is_empty() {
            self.heredoc_net = None;
            self.close_pending();
            if nl {
                self.out.push('\n');
            }
            return;
        }
        // Brackets after a heredoc's opener do not count for indentation
        // (hclwrite stops counting there), but do for alignment.
        let net = self.heredoc_net.take().unwrap_or(self.net);
        if net > 0 {
            self.indents.push(net);
        } else if net < 0 {
            let mut closed = -net;
            while closed > 0 {
                let Some(top) = self.indents.last_mut() else {
                    break;
                };
                if closed > *top {
                    closed -= *top;
                    self.indents.pop();
                } else if closed < *top {
                    *top -= closed;
                    closed = 0;
                } else {
                    self.indents.pop();
                    closed = 0;
                }
            }
        }
        let indent = 2 * (self.indents.len() - usize::from(net > 0));
        let assign = match self.assign {
            Some((lead_end, net_at)) if self.net - net_at == 0 => {
                Some((lead_end, indent + columns(&self.line[..lead_end])))
            }
            _ => None,
        };
        let comment = self.comment_at.take();
        if assign.is_none() && comment.is_none() {
            self.close_pending();
            push_spaces(&mut self.out, indent);
            self.out.push_str(&self.line);
            if nl {
                self.out.push('\n');
            }
        } else {
            let start = self.pending_buf.len();
            self.pending_buf.push_str(&self.line);
            self.pending.push(LineRec {
                indent,
                start,
                end: self.pending_buf.len(),
                nl,
                assign: assign.map(|(e, c)| (start + e, c)),
                comment: comment.map(|c| start + c),
            });
        }
        self.line.clear();
        self.net = 0;
        self.assign = None;
    }

    /// Writes the held-back lines, aligning `=` over runs of consecutive
    /// assignment lines and then trailing comments over runs of commented
    /// lines, as hclwrite does.
    fn close_pending(&mut self) {
        if self.pending.is_empty() {
            return;
        }
        let n = self.pending.len();
        // Spaces before `=` for each line.
        let mut pad = vec![1usize; n];
        let mut i = 0;
        while i < n {
            if self.pending[i].assign.is_none() {
                i += 1;
                continue;
            }
            let mut j = i;
            let mut max = 0;
            while j < n {
                match self.pending[j].assign {
                    Some((_, cols)) => max = max.max(cols),
                    None => break,
                }
                j += 1;
            }
            for (k, p) in pad.iter_mut().enumerate().take(j).skip(i) {
                *p = max - self.pending[k].assign.map_or(0, |a| a.1) + 1;
            }
            i = j;
        }
        // Spaces before a trailing comment.
        let mut cpad = vec![1usize; n];
        let width = |p: &Printer<'_>, k: usize| -> usize {
            let r = &p.pending[k];
            let c = r.comment.unwrap_or(r.end);
            // The comment is preceded by one space, not counted.
            r.indent + columns(&p.pending_buf[r.start..c - 1]) + (pad[k] - 1)
        };
        let mut i = 0;
        while i < n {
            if self.pending[i].comment.is_none() {
                i += 1;
                continue;
            }
            let mut j = i;
            let mut max = 0;
            while j < n && self.pending[j].comment.is_some() {
                max = max.max(width(self, j));
                j += 1;
            }
            for (k, c) in cpad.iter_mut().enumerate().take(j).skip(i) {
                *c = max - width(self, k) + 1;
            }
            i = j;
        }
        for (k, r) in self.pending.iter().enumerate() {
            push_spaces(&mut self.out, r.indent);
            let body_end = r.comment.map_or(r.end, |c| c - 1);
            match r.assign {
                Some((lead_end, _)) => {
                    self.out.push_str(&self.pending_buf[r.start..lead_end]);
                    push_spaces(&mut self.out, pad[k]);
                    // Skip the single space written before `=`.
                    self.out.push_str(&self.pending_buf[lead_end + 1..body_end]);
                }
                None => self.out.push_str(&self.pending_buf[r.start..body_end]),
            }
            if let Some(c) = r.comment {
                push_spaces(&mut self.out, cpad[k]);
                self.out.push_str(&self.pending_buf[c..r.end]);
            }
            if r.nl {
                self.out.push('\n');
            }
        }
        self.pending.clear();
        self.pending_buf.clear();
    }

    /// The indentation (in columns) of lines opened by the current line.
    fn inner_indent(&self) -> usize {
        2 * (self.indents.len() + 1)
    }

    // ---------------------------------------------------------------- body

    pub(crate) fn body(&mut self, body: &Body<'_>) {
        self.body_from(body, body.span.start());
    }

    /// A body whose source text (if any) is read from `start` on.
    fn body_from(&mut self, body: &Body<'_>, start: usize) {
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

    fn structure(&mut self, s: &Structure<'_>, trailing: Option<Trailing<'s>>) {
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
    fn trailing(&mut self, t: Option<Trailing<'s>>) {
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
    fn after_open_bracket(&self) -> bool {
        let l = self.line.trim_end_matches('~');
        l.ends_with(['(', '[']) || l.ends_with("${") || l.ends_with("%{")
    }

    /// Prints a body whose spans point into `src`: comments between items
    /// and the source's blank lines are kept. Items with spans that do not
    /// fit (added or moved by a program) fall back to the default layout.
    fn body_with_source(&mut self, body: &Body<'_>, src: &'s str, start: usize) {
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
    fn gap_comments(&mut self, items: &[GapItem<'s>], file_start: bool) {
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
    fn body_has_comments(&self, body: &Body<'_>) -> bool {
        match self.src {
            Some(src) if span_ok(body.span, src) && body.structures.is_empty() => {
                scan_gap(&src[body.span.range()], false)
                    .is_some_and(|g| g.iter().any(|i| matches!(i, GapItem::Comment(_))))
            }
            _ => false,
        }
    }

    /// Ends the current line unless a heredoc just did.
    fn end_line(&mut self) {
        if !self.line.is_empty() {
            self.newline();
        }
    }

    /// A block up to its closing brace (the line is left open).
    fn block_inner(&mut self, b: &Block<'_>) {
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

    /// `terraform fmt`'s rewrites of an attribute value: `"${x}"` → `x`, and
    /// legacy type keywords in `variable` blocks (`"string"` → `string`,
    /// `list` → `list(any)`, ...). Returns whether it wrote the value.
    fn terraform_rewrite(&mut self, name: &str, e: &Expression<'_>) -> bool {
        if let ExprKind::Template(t) = &e.kind {
            if let (TemplateKind::Quoted, [Element::Interpolation(i)]) =
                (&t.kind, t.template.elements)
            {
                let parens = matches!(i.expr.kind, ExprKind::Parenthesis(_));
                let multiline = self.src_multiline(i.expr.span);
                if !parens && multiline == Some(true) {
                    // Written over several lines, it needs brackets at the
                    // top level: `terraform fmt` adds parentheses.
                    self.open("(");
                    self.expr(&i.expr, Mode::Inline);
                    self.close(")");
                    return true;
                }
                // `/* */` comments beside the expression on its line stay.
                let open_end = i.span.start() + if i.strip.start { 3 } else { 2 };
                let close_start = i.span.end().saturating_sub(if i.strip.end { 2 } else { 1 });
                let one_line = |p: &Self, from: usize, to: usize| {
                    p.layout_src().is_some_and(|src| {
                        from <= to
                            && span_ok(Span::new(from, to), src)
                            && !src[from..to].contains('\n')
                    })
                };
                if one_line(self, open_end, i.expr.span.start()) {
                    self.inline_comments(open_end, i.expr.span.start(), true);
                }
                if parens || multiline.is_some() {
                    self.expr(&i.expr, Mode::Inline);
                } else {
                    self.no_layout += 1;
                    self.expr(&i.expr, Mode::Inline);
                    self.no_layout -= 1;
                }
                if one_line(self, i.expr.span.end(), close_start) {
                    self.inline_comments(i.expr.span.end(), close_start, false);
                }
                return true;
            }
        }
        if self.in_variable && name == "type" {
            let new = match &e.kind {
                ExprKind::String(s) => match &**s {
                    "string" => "string",
                    "list" => "list(string)",
                    "map" => "map(string)",
                    _ => return false,
                },
                ExprKind::Variable(v) => match *v {
                    "list" => "list(any)",
                    "map" => "map(any)",
                    "set" => "set(any)",
                    _ => return false,
                },
                _ => return false,
            };
            self.w(new);
            return true;
        }
        false
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

    // ---------------------------------------------------------- expressions

    pub(crate) fn expr(&mut self, e: &Expression<'_>, mode: Mode) {
        crate::stack::with_stack(|| {
            match &e.kind {
                ExprKind::Null => self.w("null"),
                ExprKind::Bool(b) => self.w(if *b { "true" } else { "false" }),
                ExprKind::Number(n) => self.w(n.raw),
                ExprKind::String(s) => match self.string_source(e.span, s) {
                    Some(text) => self.w(text),
                    None => self.quoted_str(s),
                },
                ExprKind::Template(t) => {
                    if !self.template_with_source(t, e) {
                        self.template_expr(t)
                    }
                }
                ExprKind::Variable(v) => self.w(v),
                ExprKind::Tuple(elems) => self.tuple(elems, mode, e.span),
                ExprKind::Object(items) => self.object(items, mode, e.span),
                ExprKind::FuncCall(f) => self.func_call(f, mode),
                ExprKind::Traversal(t) => self.traversal(t),
                ExprKind::Unary(u) => {
                    match u.operator {
                        UnaryOperator::Neg => {
                            self.w("-");
                            if self.minus_is_binary_like() {
                                self.w(" ");
                            }
                        }
                        UnaryOperator::Not => self.w("!"),
                    }
                    self.expr(&u.expr, Mode::Inline);
                }
                ExprKind::Binary(_) => {
                    // Left-nested chains (`a + b + c ...`) iteratively: 100,000
                    // terms must not overflow the stack.
                    let (cur, chain) = e.binary_chain();
                    self.expr(cur, Mode::Inline);
                    for (_, b) in chain.iter().rev() {
                        self.sep(
                            b.lhs.span.end(),
                            b.rhs.span.start(),
                            b.operator.as_str(),
                            true,
                            true,
                        );
                        self.expr(&b.rhs, Mode::Inline);
                    }
                }
                ExprKind::Conditional(c) => {
                    self.expr(&c.cond, Mode::Inline);
                    self.sep(c.cond.span.end(), c.true_expr.span.start(), "?", true, true);
                    self.expr(&c.true_expr, Mode::Inline);
                    self.sep(
                        c.true_expr.span.end(),
                        c.false_expr.span.start(),
                        ":",
                        true,
                        true,
                    );
                    self.expr(&c.false_expr, Mode::Inline);
                }
                ExprKind::For(f) => self.for_expr(f, e.span),
                ExprKind::Parenthesis(inner) => {
                    self.open("(");
                    self.layout_gap(e.span.start() + 1, inner.span.start());
                    self.expr(inner, Mode::Inline);
                    self.gap_before_close(inner.span.end(), e.span.end().saturating_sub(1));
                    self.close(")");
                }
            }
        })
    }

    /// hclwrite's heuristic: a `-` after something that could end an
    /// expression (identifiers and keywords included) gets a space after it.
    fn minus_is_binary_like(&self) -> bool {
        // The `-` itself is the last byte of the line.
        let t = self.line[..self.line.len() - 1].trim_end();
        if t.is_empty() {
            return false;
        }
        if t.ends_with("=>") || t.ends_with("${") || t.ends_with("${~") {
            return true;
        }
        if t.ends_with("%{") || t.ends_with("%{~") {
            return true;
        }
        !matches!(
            t.as_bytes()[t.len() - 1],
            b'(' | b'{'
                | b'['
                | b'='
                | b':'
                | b','
                | b'?'
                | b'+'
                | b'*'
                | b'/'
                | b'%'
                | b'-'
                | b'<'
                | b'>'
                | b'!'
                | b'&'
                | b'|'
        )
    }

    /// With a source: whether the text at `span` spans several lines.
    fn src_multiline(&self, span: Span) -> Option<bool> {
        let src = self.layout_src()?;
        (span_ok(span, src) && span.len() >= 2).then(|| src[span.range()].contains('\n'))
    }

    /// The source, where its line breaks and comments inside expressions are
    /// followed (not inside templates).
    #[inline]
    fn layout_src(&self) -> Option<&'s str> {
        if self.no_layout == 0 {
            self.src
        } else {
            None
        }
    }

    /// Writes the comments of `src[from..to]`, the text between two tokens
    /// of an expression, and breaks the line where the source broke it.
    /// `None` (nothing written) when the text holds anything but whitespace,
    /// commas and comments; otherwise whether the line was broken.
    fn layout_gap(&mut self, from: usize, to: usize) -> Option<bool> {
        let src = self.layout_src()?;
        if from > to || !span_ok(Span::new(from, to), src) {
            return None;
        }
        let items = scan_gap(&src[from..to], true)?;
        if !items.iter().any(|i| matches!(i, GapItem::Newline)) {
            // `/* */` comments within a line stay on it.
            let any = items.iter().any(|i| matches!(i, GapItem::Comment(_)));
            if any
                && !self.line.is_empty()
                && !self.line.ends_with(' ')
                && !self.after_open_bracket()
            {
                self.w(" ");
            }
            self.write_inline_comments(&items, true);
            return Some(false);
        }
        let mut items = &items[..];
        // A comment right after the token stays on its line.
        if let [GapItem::Comment(text), GapItem::Newline, ..] = items {
            if !self.line.is_empty() {
                self.trailing(Some(Trailing {
                    text,
                    line_comment: !text.starts_with("/*"),
                }));
                items = &items[1..];
            }
        }
        self.end_line();
        self.gap_comments(items, false);
        Some(true)
    }

    /// [`Printer::layout_gap`] before a closing bracket, which a `/* */`
    /// comment on the line is not spaced from (as hclwrite writes it).
    fn gap_before_close(&mut self, from: usize, to: usize) -> Option<bool> {
        let broke = self.layout_gap(from, to);
        if broke == Some(false) && self.line.ends_with("*/ ") {
            self.line.pop();
        }
        broke
    }

    /// Writes the token `tok` between two parts of an expression that end
    /// and start at `from` and `to` in the source, with a space on each side
    /// as asked. With the source, line breaks and comments on either side
    /// of `tok` are kept.
    fn sep(&mut self, from: usize, to: usize, tok: &str, before: bool, after: bool) {
        if let Some(at) = self.find_token(from, to, tok) {
            self.layout_gap(from, at);
            if before && !self.line.ends_with(' ') {
                self.w(" ");
            }
            self.w(tok);
            if self.layout_gap(at + tok.len(), to) != Some(true)
                && after
                && !self.line.ends_with(' ')
            {
                self.w(" ");
            }
            return;
        }
        if before {
            self.w(" ");
        }
        self.w(tok);
        if after {
            self.w(" ");
        }
    }

    /// Where `tok` is in `src[from..to]`, when only whitespace and comments
    /// precede it there.
    fn find_token(&self, from: usize, to: usize, tok: &str) -> Option<usize> {
        let src = self.layout_src()?;
        if from > to || !span_ok(Span::new(from, to), src) {
            return None;
        }
        let b = src.as_bytes();
        let mut i = from;
        while i < to {
            match b[i] {
                b' ' | b'\t' | b'\r' | b'\n' => i += 1,
                b'#' => i += src[i..to].find('\n')?,
                b'/' if b.get(i + 1) == Some(&b'/') => i += src[i..to].find('\n')?,
                b'/' if b.get(i + 1) == Some(&b'*') => i += src[i + 2..to].find("*/")? + 4,
                _ => break,
            }
        }
        src[i..to].starts_with(tok).then_some(i)
    }

    /// The source of a bracketed expression (`open`...`close` at `span`).
    fn bracketed_src(&self, span: Span, open: u8, close: u8) -> Option<&'s str> {
        let src = self.layout_src()?;
        let ok = span_ok(span, src)
            && span.len() >= 2
            && src.as_bytes()[span.start()] == open
            && src.as_bytes()[span.end() - 1] == close;
        ok.then_some(src)
    }

    /// Whether an expression, in block mode, is printed over several lines.
    /// With a source, objects and tuples keep the line structure they had.
    fn wants_multiline(&self, e: &Expression<'_>) -> bool {
        crate::stack::with_stack(|| match &e.kind {
            ExprKind::Object(items) => {
                !items.is_empty()
                    && (self.src_multiline(e.span).unwrap_or(true)
                        || items.iter().any(|it| contains_heredoc(&it.value)))
            }
            ExprKind::Tuple(elems) => match self.src_multiline(e.span) {
                Some(m) => m && !elems.is_empty(),
                None => elems.iter().any(|x| self.wants_multiline(x)),
            },
            ExprKind::FuncCall(f) => f.args.iter().any(|a| self.wants_multiline(a)),
            ExprKind::Template(t) => matches!(t.kind, TemplateKind::Heredoc { .. }),
            _ => false,
        })
    }

    fn tuple(&mut self, elems: &[Expression<'_>], mode: Mode, span: Span) {
        if elems.is_empty() {
            self.empty_brackets(span, b'[', b']');
            return;
        }
        if self.layout_src().is_some() {
            let open_at = self.line.len();
            self.open("[");
            if self.list_with_source(span, b'[', b']', elems, false) {
                self.close("]");
                return;
            }
            self.line.truncate(open_at);
            self.net -= 1;
        }
        let (multi, src_says) = match self.src_multiline(span) {
            Some(m) => (m, true),
            None => (elems.iter().any(|e| self.wants_multiline(e)), false),
        };
        if (mode == Mode::Block || src_says) && multi {
            let src = self.bracketed_src(span, b'[', b']');
            let mut cursor = span.start() + 1;
            self.open("[");
            self.bracket_comment(src, &mut cursor);
            self.newline();
            for (idx, e) in elems.iter().enumerate() {
                let mut trailing = None;
                if let Some(src) = src {
                    if span_ok(e.span, src) && e.span.start() >= cursor {
                        if let Some(g) = scan_gap(&src[cursor..e.span.start()], true) {
                            self.gap_comments(&g, false);
                        }
                        cursor = e.span.end();
                        if let Some((t, next)) = trailing_comment(src, e.span.end(), true) {
                            trailing = Some(t);
                            cursor = next;
                        }
                    }
                }
                self.expr(e, Mode::Block);
                // After a closing heredoc marker the comma would need a line
                // of its own; the last element goes without it.
                if !(idx + 1 == elems.len() && self.line.is_empty()) {
                    self.w(",");
                }
                self.trailing(trailing);
                self.end_line();
            }
            if let Some(src) = src {
                if cursor < span.end() {
                    if let Some(g) = scan_gap(&src[cursor..span.end() - 1], true) {
                        self.gap_comments(&g, false);
                    }
                }
            }
            self.close("]");
        } else {
            self.open("[");
            for (i, e) in elems.iter().enumerate() {
                if i > 0 {
                    self.w(", ");
                }
                self.expr(e, Mode::Inline);
            }
            self.close("]");
        }
    }

    fn object(&mut self, items: &[ObjectItem<'_>], mode: Mode, span: Span) {
        if items.is_empty() {
            self.empty_brackets(span, b'{', b'}');
            return;
        }
        let heredoc = items.iter().any(|it| contains_heredoc(&it.value));
        let multi = heredoc
            || match self.src_multiline(span) {
                // With the source, its layout wherever the object is.
                Some(m) => m,
                None => mode == Mode::Block,
            };
        if multi {
            if self.object_with_source(items, span) {
                return;
            }
            let src = self.bracketed_src(span, b'{', b'}');
            let mut cursor = span.start() + 1;
            self.open("{");
            self.bracket_comment(src, &mut cursor);
            self.newline();
            for it in items {
                let mut trailing = None;
                if let Some(src) = src {
                    let (ks, ve) = (it.key.span(), it.value.span);
                    if span_ok(ks, src)
                        && span_ok(ve, src)
                        && ks.start() >= cursor
                        && ve.end >= ks.end
                    {
                        if let Some(g) = scan_gap(&src[cursor..ks.start()], true) {
                            self.gap_comments(&g, false);
                        }
                        cursor = ve.end();
                        if let Some((t, next)) = trailing_comment(src, ve.end(), true) {
                            trailing = Some(t);
                            cursor = next;
                        }
                    }
                }
                self.object_item(it);
                if src.is_some()
                    && self
                        .find_token(it.value.span.end(), span.end(), ",")
                        .is_some()
                {
                    // hclwrite keeps a comma after an item.
                    self.w(",");
                }
                self.trailing(trailing);
                self.end_line();
            }
            if let Some(src) = src {
                if cursor < span.end() {
                    if let Some(g) = scan_gap(&src[cursor..span.end() - 1], true) {
                        self.gap_comments(&g, false);
                    }
                }
            }
            self.close("}");
        } else {
            // With the source, `/* */` comments between the items stay.
            let with_src = self.bracketed_src(span, b'{', b'}').is_some();
            let mut cursor = span.start() + 1;
            self.open("{ ");
            for (i, it) in items.iter().enumerate() {
                if i > 0 {
                    self.w(", ");
                }
                if with_src {
                    self.inline_comments(cursor, it.key.span().start(), true);
                }
                self.object_key(&it.key);
                self.w(match it.separator {
                    ObjectSeparator::Equals => " = ",
                    ObjectSeparator::Colon => " : ",
                });
                self.expr(&it.value, Mode::Inline);
                if with_src {
                    let end = items
                        .get(i + 1)
                        .map_or(span.end() - 1, |n| n.key.span().start());
                    let comma = self.find_token(it.value.span.end(), end, ",");
                    let to = comma.unwrap_or(end);
                    self.inline_comments(it.value.span.end(), to, false);
                    cursor = comma.map_or(to, |c| c + 1);
                }
            }
            self.close(" }");
        }
    }

    /// A multi-line object's items (between the braces at `span`) laid out
    /// as in the source: an item starts a line where the source starts one
    /// and otherwise follows the `{` or the previous item on its line, the
    /// `}` too; comments, blank lines and commas are kept. `false` (nothing
    /// written) when the spans do not fit the source.
    fn object_with_source(&mut self, items: &[ObjectItem<'_>], span: Span) -> bool {
        let Some(src) = self.bracketed_src(span, b'{', b'}') else {
            return false;
        };
        let close = span.end() - 1;
        let mut cursor = span.start() + 1;
        for it in items {
            let (ks, ve) = (it.key.span(), it.value.span);
            let fits = span_ok(ks, src)
                && span_ok(ve, src)
                && ks.start() >= cursor
                && ve.start() >= ks.end()
                && ve.end() <= close;
            if !fits || scan_gap(&src[cursor..ks.start()], true).is_none() {
                return false;
            }
            cursor = ve.end();
        }
        if scan_gap(&src[cursor..close], true).is_none() {
            return false;
        }
        self.open("{");
        let mut cursor = span.start() + 1;
        for (i, it) in items.iter().enumerate() {
            let broke = self.layout_gap(cursor, it.key.span().start()) == Some(true);
            if !broke && !self.line.ends_with(' ') {
                self.w(" ");
            }
            self.object_item(it);
            cursor = it.value.span.end();
            let next = items.get(i + 1).map_or(close, |n| n.key.span().start());
            let comma = self.find_token(cursor, next, ",");
            self.separator(&mut cursor, comma, ",");
        }
        if self.gap_before_close(cursor, close) == Some(true) || self.line.is_empty() {
            self.close("}");
        } else {
            self.close(" }");
        }
        true
    }

    /// The `/* */` comments of `src[from..to]` (text within one line
    /// between two tokens), each followed (`leading`) or preceded by a
    /// space. Nothing when the text holds anything else.
    fn inline_comments(&mut self, from: usize, to: usize, leading: bool) {
        let Some(src) = self.layout_src() else { return };
        if from > to || !span_ok(Span::new(from, to), src) {
            return;
        }
        if let Some(items) = scan_gap(&src[from..to], true) {
            self.write_inline_comments(&items, leading);
        }
    }

    /// Writes the comments among `items` on the current line, each followed
    /// (`leading`) or preceded by a space.
    fn write_inline_comments(&mut self, items: &[GapItem<'s>], leading: bool) {
        for it in items {
            if let GapItem::Comment(text) = *it {
                if !leading {
                    self.w(" ");
                }
                self.w(text);
                if leading {
                    self.w(" ");
                }
            }
        }
    }

    /// A comment right after an opening bracket at `*cursor - 1` stays on
    /// its line; `cursor` moves past it.
    fn bracket_comment(&mut self, src: Option<&'s str>, cursor: &mut usize) {
        if let Some((t, next)) = src.and_then(|src| trailing_comment(src, *cursor, false)) {
            self.trailing(Some(t));
            *cursor = next;
        }
    }

    /// `[]` or `{}`; with the source, comments inside are kept, one per line.
    fn empty_brackets(&mut self, span: Span, open: u8, close: u8) {
        let (o, c) = if open == b'[' { ("[", "]") } else { ("{", "}") };
        // `terraform fmt` keeps `{\n}` and any comments and blank lines inside.
        let inside = self.bracketed_src(span, open, close).and_then(|src| {
            scan_gap(&src[span.start() + 1..span.end() - 1], true).filter(|g| {
                g.iter()
                    .any(|i| matches!(i, GapItem::Comment(_) | GapItem::Newline))
            })
        });
        match inside {
            // Only `/* */` comments, on the line: they stay there (spaced
            // from braces, not from brackets).
            Some(items) if !items.iter().any(|i| matches!(i, GapItem::Newline)) => {
                self.open(o);
                for it in &items {
                    if let GapItem::Comment(text) = *it {
                        if !self.after_open_bracket() {
                            self.w(" ");
                        }
                        self.w(text);
                    }
                }
                if o == "{" {
                    self.w(" ");
                }
                self.close(c);
            }
            Some(items) => {
                self.open(o);
                // A comment right after the bracket stays on its line.
                let mut items = &items[..];
                if let [GapItem::Comment(text), GapItem::Newline, ..] = items {
                    self.trailing(Some(Trailing {
                        text,
                        line_comment: !text.starts_with("/*"),
                    }));
                    items = &items[1..];
                }
                self.newline();
                self.gap_comments(items, false);
                self.close(c);
            }
            None => {
                self.w(o);
                self.w(c);
            }
        }
    }

    /// An object item: its key, `=` (aligned) or `:`, and its value.
    fn object_item(&mut self, it: &ObjectItem<'_>) {
        self.object_key(&it.key);
        match it.separator {
            ObjectSeparator::Equals => {
                self.mark_assign();
                self.w(" = ");
            }
            ObjectSeparator::Colon => self.w(" : "),
        }
        self.expr(&it.value, Mode::Block);
    }

    fn object_key(&mut self, key: &ObjectKey<'_>) {
        match key {
            ObjectKey::Ident(i) => self.w(i.name),
            ObjectKey::Expression(e) => self.expr(e, Mode::Inline),
        }
    }

    fn func_call(&mut self, f: &FuncCall<'_>, mode: Mode) {
        for ns in f.name.namespace {
            self.w(ns.name);
            self.w("::");
        }
        self.w(f.name.name.name);
        self.open("(");
        if self.list_with_source(f.args_span, b'(', b')', f.args, f.expand_final) {
            self.close(")");
            return;
        }
        let n = f.args.len();
        let multi = if mode == Mode::Block {
            f.args.iter().filter(|a| self.wants_multiline(a)).count()
        } else {
            0
        };
        if multi == 0 || (multi == 1 && self.wants_multiline(&f.args[n - 1])) {
            for (i, a) in f.args.iter().enumerate() {
                if i > 0 {
                    self.w(", ");
                }
                let m = if i + 1 == n && multi == 1 {
                    Mode::Block
                } else {
                    Mode::Inline
                };
                self.expr(a, m);
            }
            if f.expand_final {
                self.w("...");
            }
        } else {
            self.newline();
            for (i, a) in f.args.iter().enumerate() {
                self.expr(a, Mode::Block);
                if i + 1 < n {
                    self.w(",");
                } else if f.expand_final {
                    self.w("...");
                }
                self.end_line();
            }
        }
        self.close(")");
    }

    /// A call's arguments or a tuple's elements (between the brackets at
    /// `span`) laid out as in the source: line breaks, blank lines, comments
    /// and a trailing comma are kept. `false` (nothing written) when the
    /// spans do not fit the source.
    fn list_with_source(
        &mut self,
        span: Span,
        open: u8,
        close: u8,
        items: &[Expression<'_>],
        expand_final: bool,
    ) -> bool {
        let Some(src) = self.bracketed_src(span, open, close) else {
            return false;
        };
        let close = span.end() - 1;
        // Where the separator after each item is: `,` after all but the
        // last, `...` and an optional `,` after the last.
        let mut cursor = span.start() + 1;
        for (i, a) in items.iter().enumerate() {
            if !span_ok(a.span, src) || a.span.start() < cursor || a.span.end() > close {
                return false;
            }
            cursor = a.span.end();
            if i + 1 < items.len() {
                match self.find_token(cursor, items[i + 1].span.start(), ",") {
                    Some(at) => cursor = at + 1,
                    None => return false,
                }
            }
        }
        let dots = if expand_final {
            match self.find_token(cursor, close, "...") {
                Some(at) => {
                    cursor = at + 3;
                    Some(at)
                }
                None => return false,
            }
        } else {
            None
        };
        let last_comma = self.find_token(cursor, close, ",");
        if scan_gap(&src[last_comma.map_or(cursor, |c| c + 1)..close], true).is_none() {
            return false;
        }
        let mut cursor = span.start() + 1;
        let n = items.len();
        for (i, a) in items.iter().enumerate() {
            let broke = self.layout_gap(cursor, a.span.start()) == Some(true);
            if i > 0 && !broke && !self.line.ends_with(' ') {
                self.w(" ");
            }
            self.expr(a, Mode::Inline);
            cursor = a.span.end();
            // A separator goes where the source has it: after a heredoc it
            // starts the next line, and the line breaks after it only if the
            // source breaks it there.
            if i + 1 < n {
                let at = self.find_token(cursor, items[i + 1].span.start(), ",");
                self.separator(&mut cursor, at, ",");
            } else {
                self.separator(&mut cursor, dots, "...");
                self.separator(&mut cursor, last_comma, ",");
            }
            if let Some((t, next)) = trailing_comment(src, cursor, false) {
                self.trailing(Some(t));
                self.end_line();
                cursor = next;
            }
        }
        let broke = self.gap_before_close(cursor, close) == Some(true);
        if last_comma.is_some() && !broke && self.line.ends_with(',') {
            // hclwrite writes `f(a, )`.
            self.w(" ");
        }
        true
    }

    /// Writes `tok`, found at `at` in the source, after the text from
    /// `cursor` (line breaks and comments) and moves `cursor` past it.
    fn separator(&mut self, cursor: &mut usize, at: Option<usize>, tok: &str) {
        if let Some(at) = at {
            self.layout_gap(*cursor, at);
            self.w(tok);
            *cursor = at + tok.len();
        }
    }

    fn traversal(&mut self, t: &Traversal<'_>) {
        self.expr(&t.expr, Mode::Inline);
        // hclwrite puts a space before `[` unless it follows an identifier,
        // a number or a closing bracket.
        let mut space_before_bracket = matches!(&t.expr.kind, ExprKind::String(_))
            || matches!(&t.expr.kind, ExprKind::Template(te) if te.kind == TemplateKind::Quoted);
        // A legacy index right after a number (`2 .3`, or `a.2 .1`) would
        // read back as part of a number `2.3` / `.2.1`: keep a space there
        // (terraform fmt itself joins them).
        let mut after_number = matches!(t.expr.kind, ExprKind::Number { .. });
        // With the source, line breaks (and comments) around the operators
        // are kept (`data.\nitems`, `a[\n  i\n]`).
        let mut prev_end = t.expr.span.end();
        for op in t.operators {
            let was_after_number = std::mem::replace(
                &mut after_number,
                matches!(op.kind, TraversalOperatorKind::LegacyIndex(_)),
            );
            if op.span.start() >= prev_end {
                self.layout_gap(prev_end, op.span.start());
            }
            prev_end = op.span.end();
            match &op.kind {
                TraversalOperatorKind::GetAttr(i) => {
                    self.w(".");
                    if i.span.start() > op.span.start() {
                        self.layout_gap(op.span.start() + 1, i.span.start());
                    }
                    self.w(i.name);
                    space_before_bracket = false;
                }
                TraversalOperatorKind::Index(e) => {
                    if space_before_bracket && !self.line.is_empty() {
                        self.w(" ");
                    }
                    self.open("[");
                    let inside = e.span.start() > op.span.start() && e.span.end() < op.span.end();
                    if inside {
                        self.layout_gap(op.span.start() + 1, e.span.start());
                    }
                    self.expr(e, Mode::Inline);
                    if inside {
                        self.gap_before_close(e.span.end(), op.span.end() - 1);
                    }
                    self.close("]");
                    space_before_bracket = false;
                }
                TraversalOperatorKind::LegacyIndex(n) => {
                    if was_after_number {
                        self.w(" ");
                    }
                    self.w(".");
                    let digits_at =
                        self.layout_src()
                            .filter(|src| span_ok(op.span, src))
                            .map(|src| {
                                let text = &src[op.span.range()];
                                op.span.end()
                                    - (text.len()
                                        - text.trim_end_matches(|c: char| c.is_ascii_digit()).len())
                            });
                    if let Some(at) = digits_at.filter(|&at| at > op.span.start() + 1) {
                        self.layout_gap(op.span.start() + 1, at);
                    }
                    self.w(itoa::Buffer::new().format(*n));
                    space_before_bracket = false;
                }
                TraversalOperatorKind::AttrSplat => {
                    self.w(".");
                    self.splat_star(op.span.start() + 1, op.span.end());
                    space_before_bracket = true;
                }
                TraversalOperatorKind::FullSplat => {
                    if space_before_bracket && !self.line.is_empty() {
                        self.w(" ");
                    }
                    self.open("[");
                    let close = op.span.end().saturating_sub(1);
                    if let Some(at) = self.splat_star(op.span.start() + 1, close) {
                        self.gap_before_close(at + 1, close);
                    }
                    self.close("]");
                    space_before_bracket = false;
                }
            }
        }
    }

    /// The `*` of a splat, found in the source between `from` and `to`
    /// after line breaks and comments, which are kept; where it is.
    fn splat_star(&mut self, from: usize, to: usize) -> Option<usize> {
        let at = self.find_token(from, to, "*");
        if let Some(at) = at {
            self.layout_gap(from, at);
        }
        self.w("*");
        at
    }

    /// Writes ` in <coll>` / ` if <cond>` with hclwrite's keyword spacing:
    /// an identifier followed by `(` (and `if` by `[`) gets no space.
    /// `from` is where the part before the keyword ends in the source.
    fn keyword_then(&mut self, kw: &str, from: usize, e: &Expression<'_>) {
        let space = match first_token(e) {
            b'(' => false,
            b'[' => kw != "if",
            _ => true,
        };
        self.sep(from, e.span.start(), kw, true, space);
        self.expr(e, Mode::Inline);
    }

    /// With the source, its line breaks and comments between the parts are
    /// kept (`{\n for k, v in m : k => v\n if v != null\n}`).
    fn for_expr(&mut self, f: &ForExpr<'_>, span: Span) {
        let object = f.key_expr.is_some();
        self.open(if object { "{" } else { "[" });
        let first = f.key_var.as_ref().unwrap_or(&f.value_var);
        self.sep(span.start() + 1, first.span.start(), "for", object, true);
        if let Some(k) = &f.key_var {
            self.w(k.name);
            self.sep(k.span.end(), f.value_var.span.start(), ",", false, true);
        }
        self.w(f.value_var.name);
        self.keyword_then("in", f.value_var.span.end(), &f.collection);
        let head = f.key_expr.as_ref().unwrap_or(&f.value_expr);
        self.sep(f.collection.span.end(), head.span.start(), ":", true, true);
        if let Some(k) = &f.key_expr {
            self.expr(k, Mode::Inline);
            self.sep(k.span.end(), f.value_expr.span.start(), "=>", true, true);
        }
        self.expr(&f.value_expr, Mode::Inline);
        let mut end = f.value_expr.span.end();
        if f.grouping {
            let to = f.cond.as_ref().map_or(span.end(), |c| c.span.start());
            end = self
                .find_token(end, to, "...")
                .map_or(usize::MAX, |at| at + 3);
            self.w("...");
        }
        if let Some(c) = &f.cond {
            self.keyword_then("if", end, c);
            end = c.span.end();
        }
        if end < span.end() {
            self.gap_before_close(end, span.end() - 1);
        }
        self.close(if object { " }" } else { "]" });
    }

    // ------------------------------------------------------------ templates

    pub(crate) fn quoted_str(&mut self, s: &str) {
        self.w("\"");
        escape_quoted(&mut self.line, s);
        self.w("\"");
    }

    fn template_expr(&mut self, t: &TemplateExpr<'_>) {
        match &t.kind {
            TemplateKind::Quoted => {
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
    fn string_source(&self, span: Span, value: &str) -> Option<&'s str> {
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
    fn template_with_source(&mut self, t: &TemplateExpr<'_>, e: &Expression<'_>) -> bool {
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
    fn verbatim_elems(&mut self, t: &Template<'_>, src: &str) {
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
    fn interpolation(&mut self, it: &Interpolation<'_>, layout: bool) {
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
    fn unmark_lines(&mut self, start: usize, marker: &str, inner: usize) {
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
    fn template_elems_then(&mut self, t: &Template<'_>, quoted: bool, then: Option<bool>) {
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
    fn for_head(&mut self, d: &ForDirective<'_>) {
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

    fn directive_open(&mut self, s: Strip) {
        self.open(if s.start { "%{~" } else { "%{" });
    }

    fn directive_close(&mut self, s: Strip, quoted: bool) {
        self.close(if s.end { "~}" } else { "}" });
        self.hd_after_strip = s.end && !quoted;
    }

    fn directive_expr(&mut self, e: &Expression<'_>) {
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
    fn hd_pre_token(&mut self, strip_start: bool, quoted: bool) {
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

    fn heredoc_literal(&mut self, s: &str, last_elem: bool) {
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
fn tiles(t: &Template<'_>, src: &str) -> bool {
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
fn starts_with_strip(el: &Element<'_>) -> bool {
    match el {
        Element::Literal(_) => false,
        Element::Interpolation(i) => i.strip.start,
        Element::Directive(d) => match &**d {
            Directive::If(d) => d.if_strip.start,
            Directive::For(d) => d.for_strip.start,
        },
    }
}

fn has_strip_marker(t: &Template<'_>) -> bool {
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

/// The first byte of the first token an expression prints.
fn first_token(mut e: &Expression<'_>) -> u8 {
    // Loops down left operands (no recursion on long chains).
    loop {
        e = match &e.kind {
            ExprKind::Traversal(t) => &t.expr,
            ExprKind::Binary(b) => &b.lhs,
            ExprKind::Conditional(c) => &c.cond,
            _ => break,
        };
    }
    match &e.kind {
        ExprKind::Parenthesis(_) => b'(',
        ExprKind::Tuple(_) => b'[',
        ExprKind::For(f) if f.key_expr.is_none() => b'[',
        ExprKind::For(_) | ExprKind::Object(_) => b'{',
        ExprKind::Unary(u) => u.operator.as_str().as_bytes()[0],
        ExprKind::String(_) => b'"',
        ExprKind::Template(t) => match t.kind {
            TemplateKind::Quoted => b'"',
            TemplateKind::Heredoc { .. } => b'<',
        },
        ExprKind::Number { .. } => b'0',
        _ => b'a',
    }
}

/// Whether a heredoc appears anywhere in `e` (outside templates).
fn contains_heredoc(e: &Expression<'_>) -> bool {
    struct Find(bool);
    impl<'a> Visit<'a> for Find {
        fn visit_expr(&mut self, e: &'a Expression<'a>) {
            match e.kind {
                ExprKind::Template(t) => {
                    self.0 |= matches!(t.kind, TemplateKind::Heredoc { .. });
                }
                _ if !self.0 => walk_expr(self, e),
                _ => {}
            }
        }
    }
    let mut find = Find(false);
    find.visit_expr(e);
    find.0
}

#[inline]
pub(crate) fn push_spaces(s: &mut String, n: usize) {
    const SP: &str = "                                                                ";
    let mut n = n;
    while n > SP.len() {
        s.push_str(SP);
        n -= SP.len();
    }
    s.push_str(&SP[..n]);
}

/// A comment after an item on the same line.
#[derive(Clone, Copy)]
pub(crate) struct Trailing<'s> {
    text: &'s str,
    /// `#`/`//` comments are aligned by hclwrite; `/* */` ones are not.
    line_comment: bool,
}

/// What the text between two body items holds.
#[derive(Clone, Copy)]
enum GapItem<'s> {
    Newline,
    Comment(&'s str),
}

/// Whether `span` is a real, usable span of `src`.
fn span_ok(span: Span, src: &str) -> bool {
    span.start() <= span.end()
        && span.end() <= src.len()
        && !(span.start() == 0 && span.end() == 0 && !src.is_empty())
        && src.is_char_boundary(span.start())
        && src.is_char_boundary(span.end())
}

/// Splits whitespace-and-comments text into newlines and comments; `None`
/// if anything else is in it (the gap spans items that were removed).
fn scan_gap(gap: &str, commas: bool) -> Option<Vec<GapItem<'_>>> {
    let b = gap.as_bytes();
    let mut items = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\n' => {
                items.push(GapItem::Newline);
                i += 1;
            }
            b' ' | b'\t' | b'\r' => i += 1,
            b',' if commas => i += 1,
            b'#' => {
                let end = gap[i..].find('\n').map_or(b.len(), |e| i + e);
                items.push(GapItem::Comment(gap[i..end].trim_end_matches('\r')));
                i = end;
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                let end = gap[i..].find('\n').map_or(b.len(), |e| i + e);
                items.push(GapItem::Comment(gap[i..end].trim_end_matches('\r')));
                i = end;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let end = gap[i + 2..].find("*/")? + i + 4;
                items.push(GapItem::Comment(&gap[i..end]));
                i = end;
            }
            _ => return None,
        }
    }
    Some(items)
}

/// A comment on the same line after position `end`, and where the text
/// after it starts.
fn trailing_comment(src: &str, end: usize, comma: bool) -> Option<(Trailing<'_>, usize)> {
    let rest = &src[end..];
    let mut skip = rest.len() - rest.trim_start_matches([' ', '\t']).len();
    if comma && rest[skip..].starts_with(',') {
        skip += 1;
        skip += rest[skip..].len() - rest[skip..].trim_start_matches([' ', '\t']).len();
    }
    let r = &rest[skip..];
    let start = end + skip;
    if r.starts_with('#') || r.starts_with("//") {
        let len = r.find('\n').unwrap_or(r.len());
        let text = r[..len].trim_end_matches('\r');
        return Some((
            Trailing {
                text,
                line_comment: true,
            },
            start + len,
        ));
    }
    if let Some(body) = r.strip_prefix("/*") {
        let len = body.find("*/")? + 4;
        let text = &r[..len];
        // Only a block comment that ends its line and stays on it.
        let after = r[len..].trim_start_matches([' ', '\t', '\r']);
        if text.contains('\n') || !(after.is_empty() || after.starts_with('\n')) {
            return None;
        }
        return Some((
            Trailing {
                text,
                line_comment: false,
            },
            start + len,
        ));
    }
    None
}
