//! Expressions: operators, constructors, calls, traversals and `for`,
//! laid out from the source where it has one.

use super::*;

impl<'s> Printer<'s> {
    pub(crate) fn expr(&mut self, e: &Expression<'_>, mode: Mode) {
        crate::stack::with_stack(|| {
            match &e.kind {
                ExprKind::Null => self.w("null"),
                ExprKind::Bool(b) => self.w(if *b { "true" } else { "false" }),
                ExprKind::Number(n) if n.raw.is_empty() => {
                    // (Built in code, not parsed: its value.)
                    let text = n.value().to_string();
                    self.w(&text)
                }
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
    pub(super) fn minus_is_binary_like(&self) -> bool {
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
    pub(super) fn src_multiline(&self, span: Span) -> Option<bool> {
        let src = self.layout_src()?;
        (span_ok(span, src) && span.len() >= 2).then(|| src[span.range()].contains('\n'))
    }

    /// The source, where its line breaks and comments inside expressions are
    /// followed (not inside templates).
    #[inline]
    pub(super) fn layout_src(&self) -> Option<&'s str> {
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
    pub(super) fn layout_gap(&mut self, from: usize, to: usize) -> Option<bool> {
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
    pub(super) fn gap_before_close(&mut self, from: usize, to: usize) -> Option<bool> {
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
    pub(super) fn sep(&mut self, from: usize, to: usize, tok: &str, before: bool, after: bool) {
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
    pub(super) fn find_token(&self, from: usize, to: usize, tok: &str) -> Option<usize> {
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
    pub(super) fn bracketed_src(&self, span: Span, open: u8, close: u8) -> Option<&'s str> {
        let src = self.layout_src()?;
        let ok = span_ok(span, src)
            && span.len() >= 2
            && src.as_bytes()[span.start()] == open
            && src.as_bytes()[span.end() - 1] == close;
        ok.then_some(src)
    }

    /// Whether an expression, in block mode, is printed over several lines.
    /// With a source, objects and tuples keep the line structure they had.
    pub(super) fn wants_multiline(&self, e: &Expression<'_>) -> bool {
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

    pub(super) fn tuple(&mut self, elems: &[Expression<'_>], mode: Mode, span: Span) {
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

    pub(super) fn object(&mut self, items: &[ObjectItem<'_>], mode: Mode, span: Span) {
        if items.is_empty() {
            self.empty_brackets(span, b'{', b'}');
            return;
        }
        let heredoc = !self.one_line && items.iter().any(|it| contains_heredoc(&it.value));
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
    pub(super) fn object_with_source(&mut self, items: &[ObjectItem<'_>], span: Span) -> bool {
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

    /// An object item: its key, `=` (aligned) or `:`, and its value.
    pub(super) fn object_item(&mut self, it: &ObjectItem<'_>) {
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

    pub(super) fn object_key(&mut self, key: &ObjectKey<'_>) {
        match key {
            ObjectKey::Ident(i) => self.w(i.name),
            ObjectKey::Expression(e) => self.expr(e, Mode::Inline),
        }
    }

    pub(super) fn func_call(&mut self, f: &FuncCall<'_>, mode: Mode) {
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
    pub(super) fn list_with_source(
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
    pub(super) fn separator(&mut self, cursor: &mut usize, at: Option<usize>, tok: &str) {
        if let Some(at) = at {
            self.layout_gap(*cursor, at);
            self.w(tok);
            *cursor = at + tok.len();
        }
    }

    pub(super) fn traversal(&mut self, t: &Traversal<'_>) {
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
    pub(super) fn splat_star(&mut self, from: usize, to: usize) -> Option<usize> {
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
    pub(super) fn keyword_then(&mut self, kw: &str, from: usize, e: &Expression<'_>) {
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
    pub(super) fn for_expr(&mut self, f: &ForExpr<'_>, span: Span) {
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
}

/// The first byte of the first token an expression prints.
pub(super) fn first_token(mut e: &Expression<'_>) -> u8 {
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
pub(super) fn contains_heredoc(e: &Expression<'_>) -> bool {
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
