//! The expression language.

use std::borrow::Cow;

use crate::syntax::{
    BinaryOp, BinaryOperator, Conditional, ExprKind, Expression, ForExpr, FuncCall, FuncName,
    Ident, Number, ObjectItem, ObjectKey, ObjectSeparator, Span, Traversal, TraversalOperator,
    TraversalOperatorKind, UnaryOp, UnaryOperator,
};
use crate::Result;

use super::lexer::{take_from, Parser};

impl<'a> Parser<'a> {
    /// `Expression = ExprTerm | Operation | Conditional`.
    pub(crate) fn expression(&mut self) -> Result<Expression<'a>> {
        let cond = self.binary_expr()?;
        let save = self.pos;
        self.ws()?;
        if self.cur() != b'?' {
            self.pos = save;
            return Ok(cond);
        }
        let q = self.pos;
        self.enter(q)?;
        self.pos += 1;
        self.ws()?;
        let true_expr = self.expression()?;
        self.ws()?;
        if self.cur() != b':' {
            return Err(self.expected("`:` of the conditional expression", self.pos));
        }
        self.pos += 1;
        self.ws()?;
        let false_expr = self.expression()?;
        self.leave();
        let span = cond.span.to(false_expr.span);
        Ok(Expression::new(
            ExprKind::Conditional(Box::new(Conditional {
                cond,
                true_expr,
                false_expr,
            })),
            span,
        ))
    }

    /// The binary operator at the current position, with its length.
    #[inline]
    fn peek_binop(&self) -> Option<(BinaryOperator, usize)> {
        use BinaryOperator::*;
        let c1 = self.at(self.pos + 1);
        Some(match self.cur() {
            b'+' => (Add, 1),
            b'-' => (Sub, 1),
            b'*' => (Mul, 1),
            b'/' if c1 != b'/' && c1 != b'*' => (Div, 1),
            b'%' if c1 != b'{' => (Mod, 1),
            b'=' if c1 == b'=' => (Eq, 2),
            b'!' if c1 == b'=' => (NotEq, 2),
            b'<' if c1 == b'=' => (LessEq, 2),
            b'<' if c1 != b'<' => (Less, 1),
            b'>' if c1 == b'=' => (GreaterEq, 2),
            b'>' => (Greater, 1),
            b'&' if c1 == b'&' => (And, 2),
            b'|' if c1 == b'|' => (Or, 2),
            _ => return None,
        })
    }

    /// Binary operations by precedence climbing with explicit stacks, so a
    /// long chain `a + b + c + ...` does not recurse.
    fn binary_expr(&mut self) -> Result<Expression<'a>> {
        let first = self.unary_expr()?;
        let save = self.pos;
        self.ws()?;
        let Some(mut op) = self.peek_binop() else {
            self.pos = save;
            return Ok(first);
        };
        let e_base = self.s_exprs.len();
        let o_base = self.s_binops.len();
        self.s_exprs.push(first);
        loop {
            let (operator, len) = op;
            let span = Span::new(self.pos, self.pos + len);
            self.pos += len;
            while self.s_binops.len() > o_base {
                let top = self.s_binops[self.s_binops.len() - 1].0;
                if top.precedence() >= operator.precedence() {
                    reduce(&mut self.s_exprs, &mut self.s_binops)
                        .ok_or_else(|| self.unbalanced(span))?;
                } else {
                    break;
                }
            }
            self.s_binops.push((operator, span));
            self.ws()?;
            let rhs = self.unary_expr()?;
            self.s_exprs.push(rhs);
            let save = self.pos;
            self.ws()?;
            match self.peek_binop() {
                Some(next) => op = next,
                None => {
                    self.pos = save;
                    break;
                }
            }
        }
        let end = Span::new(self.pos, self.pos);
        while self.s_binops.len() > o_base {
            reduce(&mut self.s_exprs, &mut self.s_binops).ok_or_else(|| self.unbalanced(end))?;
        }
        debug_assert_eq!(self.s_exprs.len(), e_base + 1);
        self.s_exprs.pop().ok_or_else(|| self.unbalanced(end))
    }

    /// The operand and operator stacks disagree: a parser bug, reported as an
    /// error rather than a panic.
    #[cold]
    fn unbalanced(&self, span: Span) -> crate::Error {
        self.error("internal parser error: unbalanced operator stack", span)
    }

    /// `("-" | "!") ExprTerm` or a term.
    fn unary_expr(&mut self) -> Result<Expression<'a>> {
        let operator = match self.cur() {
            b'-' => UnaryOperator::Neg,
            b'!' => UnaryOperator::Not,
            _ => return self.term(),
        };
        let start = self.pos;
        self.enter(start)?;
        self.pos += 1;
        self.ws()?;
        let expr = self.unary_expr()?;
        self.leave();
        let span = Span::new(start, expr.span.end);
        Ok(Expression::new(
            ExprKind::Unary(Box::new(UnaryOp { operator, expr })),
            span,
        ))
    }

    /// An expression term with its traversal operators.
    fn term(&mut self) -> Result<Expression<'a>> {
        let c = self.cur();
        let e = match c {
            b'0'..=b'9' => self.number()?,
            b'"' => self.quoted_template()?,
            b'[' => self.tuple()?,
            b'{' => self.object()?,
            b'(' => self.parenthesis()?,
            b'<' if self.at(self.pos + 1) == b'<' => self.heredoc()?,
            _ if self.ident_starts_at(self.pos) => self.ident_term()?,
            _ => return Err(self.expected("an expression", self.pos)),
        };
        self.traversal(e)
    }

    /// `NumericLit = decimal+ ("." decimal+)? (expmark decimal+)?`
    fn number(&mut self) -> Result<Expression<'a>> {
        let b = self.b;
        let start = self.pos;
        let mut i = start;
        let mut acc: u64 = 0;
        let mut simple = true;
        while i < b.len() && b[i].is_ascii_digit() {
            match acc
                .checked_mul(10)
                .and_then(|v| v.checked_add(u64::from(b[i] - b'0')))
            {
                Some(v) => acc = v,
                None => simple = false,
            }
            i += 1;
        }
        if i + 1 < b.len() && b[i] == b'.' && b[i + 1].is_ascii_digit() {
            simple = false;
            i += 1;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
        }
        if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
            let mut j = i + 1;
            if j < b.len() && (b[j] == b'+' || b[j] == b'-') {
                j += 1;
            }
            if j < b.len() && b[j].is_ascii_digit() {
                simple = false;
                while j < b.len() && b[j].is_ascii_digit() {
                    j += 1;
                }
                i = j;
                // Terraform lexes `1e3.5` as one (invalid) number.
                if i + 1 < b.len() && b[i] == b'.' && b[i + 1].is_ascii_digit() {
                    let mut k = i + 1;
                    while k < b.len() && (b[k].is_ascii_digit() || b[k] == b'.') {
                        k += 1;
                    }
                    return Err(self.error("invalid number literal", Span::new(start, k)));
                }
            }
        }
        self.pos = i;
        let raw = &self.src[start..i];
        let value = if simple {
            Number::from(acc)
        } else {
            match Number::parse_literal(raw) {
                Some(n) if n.as_f64().is_finite() => n,
                Some(_) => return Err(self.number_too_large(raw, Span::new(start, i))),
                None => return Err(self.error("invalid number", Span::new(start, i))),
            }
        };
        Ok(Expression::new(
            ExprKind::Number {
                value,
                raw: Cow::Borrowed(raw),
            },
            Span::new(start, i),
        ))
    }

    /// A literal beyond `f64`'s range (`1e999999`, a 400-digit integer):
    /// Terraform's 512-bit floats hold it, our numbers cannot.
    #[cold]
    fn number_too_large(&self, raw: &str, span: Span) -> crate::Error {
        let shown = if raw.len() > 24 {
            format!("{}... ({} characters)", &raw[..12], raw.len())
        } else {
            raw.to_owned()
        };
        self.error(
            format!(
                "invalid number literal: {shown} is too large (numbers are limited to about ±1.8e308)"
            ),
            span,
        )
    }

    /// A term starting with an identifier: `true`/`false`/`null`, a
    /// variable, or a (possibly namespaced) function call.
    fn ident_term(&mut self) -> Result<Expression<'a>> {
        let id = self.ident("an expression")?;
        let save = self.pos;
        self.ws()?;
        match self.cur() {
            b'(' => return self.func_call(Vec::new(), id),
            b':' if self.at(self.pos + 1) == b':' => return self.namespaced_call(id),
            _ => {}
        }
        self.pos = save;
        let span = id.span;
        let kind = match id.as_str() {
            "true" => ExprKind::Bool(true),
            "false" => ExprKind::Bool(false),
            "null" => ExprKind::Null,
            _ => ExprKind::Variable(id),
        };
        Ok(Expression::new(kind, span))
    }

    /// `ns :: ns :: name (args)`; the position is at the first `::`.
    fn namespaced_call(&mut self, first: Ident<'a>) -> Result<Expression<'a>> {
        let mut namespace = vec![first];
        loop {
            self.pos += 2; // '::'
            self.ws()?;
            let id = self.ident("a function name after `::`")?;
            self.ws()?;
            match self.cur() {
                b'(' => return self.func_call(namespace, id),
                b':' if self.at(self.pos + 1) == b':' => namespace.push(id),
                _ => {
                    return Err(self.expected_after(
                        "`(` or `::`",
                        "the namespaced function name",
                        self.pos,
                    ))
                }
            }
        }
    }

    /// `"(" arguments ")"`; the position is at `(`.
    fn func_call(&mut self, namespace: Vec<Ident<'a>>, name: Ident<'a>) -> Result<Expression<'a>> {
        let open = self.pos;
        self.enter(open)?;
        let saved = self.nl_ignore;
        self.nl_ignore = true;
        self.pos += 1;
        let base = self.s_exprs.len();
        let mut expand_final = false;
        loop {
            self.ws_nl()?;
            if self.cur() == b')' {
                break;
            }
            if self.eof() {
                return Err(self.unclosed("`(`", open, 1, "`)`", self.pos));
            }
            let arg = self.expression()?;
            self.s_exprs.push(arg);
            self.ws_nl()?;
            match self.cur() {
                b',' => self.pos += 1,
                b')' => break,
                b'.' if self.b[self.pos..].starts_with(b"...") => {
                    expand_final = true;
                    self.pos += 3;
                    self.ws_nl()?;
                    if self.cur() != b')' {
                        return Err(self.unclosed(
                            "`(`",
                            open,
                            1,
                            "`)` after the expanded argument `...` (it must be the last argument)",
                            self.pos,
                        ));
                    }
                    break;
                }
                _ => return Err(self.unclosed("`(`", open, 1, "`,` or `)`", self.pos)),
            }
        }
        let args = take_from(&mut self.s_exprs, base);
        let close = self.pos;
        self.pos += 1;
        self.nl_ignore = saved;
        self.leave();
        let span = Span::new(
            namespace.first().map_or(name.span.start, |n| n.span.start),
            close + 1,
        );
        Ok(Expression::new(
            ExprKind::FuncCall(Box::new(FuncCall {
                name: FuncName { namespace, name },
                args,
                expand_final,
                args_span: Span::new(open, close + 1),
            })),
            span,
        ))
    }

    /// `"(" Expression ")"`
    fn parenthesis(&mut self) -> Result<Expression<'a>> {
        let open = self.pos;
        self.enter(open)?;
        let saved = self.nl_ignore;
        self.nl_ignore = true;
        self.pos += 1;
        self.ws_nl()?;
        if self.eof() {
            return Err(self.unclosed("`(`", open, 1, "an expression", self.pos));
        }
        let inner = self.expression()?;
        self.ws_nl()?;
        if self.cur() != b')' {
            return Err(self.unclosed("`(`", open, 1, "`)`", self.pos));
        }
        self.pos += 1;
        self.nl_ignore = saved;
        self.leave();
        Ok(Expression::new(
            ExprKind::Parenthesis(Box::new(inner)),
            Span::new(open, self.pos),
        ))
    }

    /// `tuple` or `forTupleExpr`.
    fn tuple(&mut self) -> Result<Expression<'a>> {
        let open = self.pos;
        self.enter(open)?;
        let saved = self.nl_ignore;
        self.nl_ignore = true;
        self.pos += 1;
        self.ws_nl()?;
        if self.at_keyword(b"for") {
            let e = self.for_expr(open, false)?;
            self.nl_ignore = saved;
            self.leave();
            return Ok(e);
        }
        let base = self.s_exprs.len();
        loop {
            if self.cur() == b']' {
                break;
            }
            if self.eof() {
                return Err(self.unclosed("`[`", open, 1, "`]`", self.pos));
            }
            let item = self.expression()?;
            self.s_exprs.push(item);
            self.ws_nl()?;
            match self.cur() {
                b',' => {
                    self.pos += 1;
                    self.ws_nl()?;
                }
                b']' => break,
                _ => return Err(self.unclosed("`[`", open, 1, "`,` or `]`", self.pos)),
            }
        }
        let items = take_from(&mut self.s_exprs, base);
        self.pos += 1;
        self.nl_ignore = saved;
        self.leave();
        Ok(Expression::new(
            ExprKind::Tuple(items),
            Span::new(open, self.pos),
        ))
    }

    /// `object` or `forObjectExpr`.
    fn object(&mut self) -> Result<Expression<'a>> {
        let open = self.pos;
        self.enter(open)?;
        let saved = self.nl_ignore;
        self.pos += 1;
        self.ws_nl()?;
        if self.at_keyword(b"for") {
            self.nl_ignore = true;
            let e = self.for_expr(open, true)?;
            self.nl_ignore = saved;
            self.leave();
            return Ok(e);
        }
        // Items are separated by commas or newlines: newlines matter here.
        self.nl_ignore = false;
        let base = self.s_items.len();
        loop {
            self.ws_nl()?;
            if self.cur() == b'}' {
                break;
            }
            if self.eof() {
                return Err(self.unclosed("`{`", open, 1, "`}`", self.pos));
            }
            let key = self.expression()?;
            self.ws_inline()?;
            let separator = match self.cur() {
                b'=' => ObjectSeparator::Equals,
                b':' => ObjectSeparator::Colon,
                _ => {
                    if self.eof() {
                        return Err(self.unclosed("`{`", open, 1, "`=` or `:`", self.pos));
                    }
                    return Err(self.expected_after("`=` or `:`", "the object key", self.pos));
                }
            };
            self.pos += 1;
            self.ws_inline()?;
            let value = self.expression()?;
            let key = match key.kind {
                ExprKind::Variable(id) => ObjectKey::Ident(id),
                // A bare `null`/`true`/`false` key is a literal key named after
                // the keyword, as in Terraform (`{null = 1}` has key "null").
                ExprKind::Null | ExprKind::Bool(_) => {
                    let name = &self.src[key.span.start..key.span.end];
                    ObjectKey::Ident(Ident::new(name, key.span))
                }
                _ => ObjectKey::Expression(key),
            };
            self.s_items.push(ObjectItem {
                key,
                value,
                separator,
            });
            self.ws_inline()?;
            match self.cur() {
                b',' => self.pos += 1,
                b'}' => break,
                _ if self.at_newline() => {}
                _ => {
                    return Err(self.unclosed(
                        "`{`",
                        open,
                        1,
                        "`,`, a newline or `}` after the object item",
                        self.pos,
                    ))
                }
            }
        }
        let items = take_from(&mut self.s_items, base);
        self.pos += 1;
        self.nl_ignore = saved;
        self.leave();
        Ok(Expression::new(
            ExprKind::Object(items),
            Span::new(open, self.pos),
        ))
    }

    /// The rest of `[for ...]` / `{for ...}`; the position is at `for`.
    fn for_expr(&mut self, open: usize, object: bool) -> Result<Expression<'a>> {
        let close = if object { b'}' } else { b']' };
        let opener = if object { "`{`" } else { "`[`" };
        self.pos += 3;
        self.ws_nl()?;
        let first = self.ident("an iterator variable name after `for`")?;
        self.ws_nl()?;
        let (key_var, value_var) = if self.cur() == b',' {
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
        let collection = self.expression()?;
        self.ws_nl()?;
        if self.cur() != b':' {
            return Err(self.unclosed(opener, open, 1, "`:` after the `for` collection", self.pos));
        }
        self.pos += 1;
        self.ws_nl()?;
        let (key_expr, value_expr) = if object {
            let k = self.expression()?;
            self.ws_nl()?;
            if !self.b[self.pos..].starts_with(b"=>") {
                return Err(self.unclosed(
                    opener,
                    open,
                    1,
                    "`=>` after the key expression",
                    self.pos,
                ));
            }
            self.pos += 2;
            self.ws_nl()?;
            let v = self.expression()?;
            (Some(k), v)
        } else {
            (None, self.expression()?)
        };
        self.ws_nl()?;
        let mut grouping = false;
        if self.b[self.pos..].starts_with(b"...") {
            if !object {
                return Err(self.error(
                    "grouping `...` is only allowed in an object `for` expression `{for ...}`",
                    Span::new(self.pos, self.pos + 3),
                ));
            }
            grouping = true;
            self.pos += 3;
            self.ws_nl()?;
        }
        let cond = if self.at_keyword(b"if") {
            self.pos += 2;
            self.ws_nl()?;
            let c = self.expression()?;
            self.ws_nl()?;
            Some(c)
        } else {
            None
        };
        if self.cur() != close {
            let what = if object {
                "`if` or `}` to end the `for` expression"
            } else {
                "`if` or `]` to end the `for` expression"
            };
            return Err(self.unclosed(opener, open, 1, what, self.pos));
        }
        self.pos += 1;
        Ok(Expression::new(
            ExprKind::For(Box::new(ForExpr {
                key_var,
                value_var,
                collection,
                key_expr,
                value_expr,
                cond,
                grouping,
            })),
            Span::new(open, self.pos),
        ))
    }

    /// `ExprTerm (Index | GetAttr | Splat)*` — the operators after a term.
    fn traversal(&mut self, expr: Expression<'a>) -> Result<Expression<'a>> {
        let save = self.pos;
        self.ws()?;
        if !self.at_traversal_op() {
            self.pos = save;
            return Ok(expr);
        }
        let base = self.s_ops.len();
        // Inside the attribute chain of a `.*` splat (`a.*.b.c`).
        let mut in_attr_splat = false;
        loop {
            let start = self.pos;
            let kind = if self.cur() == b'.' {
                self.pos += 1;
                self.ws()?;
                let c = self.cur();
                if c == b'*' {
                    if in_attr_splat {
                        return Err(self.error(
                            "nested splat expression not allowed: a `.*` splat cannot be used \
                             inside another attribute-only splat (`.*`)",
                            Span::new(start, self.pos + 1),
                        ));
                    }
                    in_attr_splat = true;
                    self.pos += 1;
                    TraversalOperatorKind::AttrSplat
                } else if c.is_ascii_digit() {
                    self.legacy_index()?
                } else if self.ident_starts_at(self.pos) {
                    TraversalOperatorKind::GetAttr(self.ident("an attribute name")?)
                } else {
                    return Err(
                        self.expected("an attribute name, `*` or an index after `.`", self.pos)
                    );
                }
            } else {
                // '[': ends an attribute-only splat's attribute chain.
                in_attr_splat = false;
                self.enter(start)?;
                let saved = self.nl_ignore;
                self.nl_ignore = true;
                self.pos += 1;
                self.ws_nl()?;
                let kind = if self.cur() == b'*' && {
                    let save = self.pos;
                    self.pos += 1;
                    self.ws_nl()?;
                    let splat = self.cur() == b']';
                    if !splat {
                        self.pos = save;
                    }
                    splat
                } {
                    TraversalOperatorKind::FullSplat
                } else {
                    if self.eof() {
                        return Err(self.unclosed(
                            "`[`",
                            start,
                            1,
                            "an index expression",
                            self.pos,
                        ));
                    }
                    let e = self.expression()?;
                    self.ws_nl()?;
                    if self.cur() != b']' {
                        return Err(self.unclosed("`[`", start, 1, "`]`", self.pos));
                    }
                    TraversalOperatorKind::Index(e)
                };
                self.pos += 1;
                self.nl_ignore = saved;
                self.leave();
                kind
            };
            self.s_ops.push(TraversalOperator {
                kind,
                span: Span::new(start, self.pos),
            });
            let save = self.pos;
            self.ws()?;
            if !self.at_traversal_op() {
                self.pos = save;
                break;
            }
        }
        let operators = take_from(&mut self.s_ops, base);
        let span = Span::new(expr.span.start, self.pos);
        Ok(Expression::new(
            ExprKind::Traversal(Box::new(Traversal { expr, operators })),
            span,
        ))
    }

    /// `.` (not `...`) or `[`.
    #[inline]
    fn at_traversal_op(&self) -> bool {
        match self.cur() {
            b'[' => true,
            b'.' => self.at(self.pos + 1) != b'.',
            _ => false,
        }
    }

    /// `LegacyIndex = '.' digit+` — the position is after the dot. Like
    /// Terraform, any number literal is accepted (`x.1e3`); one that is not
    /// a whole `u64` becomes an [`Index`](TraversalOperatorKind::Index) of
    /// that number.
    fn legacy_index(&mut self) -> Result<TraversalOperatorKind<'a>> {
        let start = self.pos;
        let b = self.b;
        let mut i = start;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i + 1 < b.len() && b[i] == b'.' && b[i + 1].is_ascii_digit() {
            let mut j = i + 1;
            while j < b.len() && (b[j].is_ascii_digit() || b[j] == b'.') {
                j += 1;
            }
            let i = j;
            return Err(self.error(
                "invalid legacy index syntax: chained legacy indexes like `.0.1` are not \
                 supported (use `[0][1]`)",
                Span::new(start - 1, i),
            ));
        }
        if matches!(self.at(i), b'e' | b'E') {
            let e = self.number()?;
            if let ExprKind::Number { value, .. } = &e.kind {
                if let (true, Some(n)) = (value.is_integer(), value.as_u64()) {
                    return Ok(TraversalOperatorKind::LegacyIndex(n));
                }
            }
            return Ok(TraversalOperatorKind::Index(e));
        }
        let digits = &self.src[start..i];
        let value: u64 = digits
            .parse()
            .map_err(|_| self.error("legacy index is too large", Span::new(start, i)))?;
        self.pos = i;
        Ok(TraversalOperatorKind::LegacyIndex(value))
    }
}

/// Pops two operands and an operator and pushes their binary operation;
/// `None` if a stack is short (never, while the stacks are balanced).
#[inline]
fn reduce<'a>(
    operands: &mut Vec<Expression<'a>>,
    ops: &mut Vec<(BinaryOperator, Span)>,
) -> Option<()> {
    let (operator, operator_span) = ops.pop()?;
    let rhs = operands.pop()?;
    let lhs = operands.pop()?;
    let span = lhs.span.to(rhs.span);
    operands.push(Expression::new(
        ExprKind::Binary(Box::new(BinaryOp {
            lhs,
            operator,
            operator_span,
            rhs,
        })),
        span,
    ));
    Some(())
}
