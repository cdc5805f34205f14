//! The expression language: `Expression`, `Operation`, `ExprTerm`,
//! `CollectionValue`, `ForExpr`, `FunctionCall`, and the traversal
//! operators `Index`, `GetAttr` and `Splat`.
//!
//! The recursive productions are types implementing nom's [`Parser`] so that
//! one grammar serves both output modes: [`Emit`](nom::Emit) builds the
//! tree, [`Check`](nom::Check) only checks ([`super::validate`]).

use nom::combinator::{opt, value};
use nom::sequence::{delimited, preceded, terminated};
use nom::{Mode, OutputMode, Parser};

use crate::syntax::{
    BinaryOp, BinaryOperator, Conditional, ExprKind, Expression, ForExpr, FuncCall, FuncName,
    Ident, Number, NumberLit, ObjectItem, ObjectKey, ObjectSeparator, Span, Traversal,
    TraversalOperator, TraversalOperatorKind, UnaryOp, UnaryOperator,
};

use super::combinator::{collect, enter, expect, leaf, leave, stop, Emitting, Res};
use super::error::{Kind, Opener, PErr};
use super::input::{In, LeafResult};
use super::lexer::{
    at_keyword, at_newline, ident, ident_end, ident_in, ident_starts_at, keyword, punct, ws,
    ws_inline, ws_nl,
};
use super::scratch::Cx;
use super::template::{Heredoc, QuotedTemplate};
use crate::stack::with_stack;

/// `Expression = ExprTerm | Operation | Conditional`.
#[derive(Clone, Copy)]
pub(crate) struct Expr;

impl<'a> Parser<In<'a>> for Expr {
    type Output = Expression<'a>;
    type Error = PErr;

    fn process<OM: OutputMode>(&mut self, i: In<'a>) -> Res<'a, OM, Expression<'a>> {
        with_stack(|| {
            let (i, cond) = Operation.process::<OM>(i)?;
            let (j, ()) = leaf::<OM, _>(ws(i))?;
            if j.cur() != b'?' {
                return Ok((i, cond));
            }
            conditional::<OM>(j, cond)
        })
    }
}

/// `Conditional = Expression "?" Expression ":" Expression` after the
/// condition; the input is at `?`.
#[inline(never)]
fn conditional<'a, OM: OutputMode>(
    j: In<'a>,
    cond: <OM::Output as Mode>::Output<Expression<'a>>,
) -> Res<'a, OM, Expression<'a>> {
    let inner = enter::<OM>(j)?;
    let (k, tf) = preceded(
        ws,
        Expr.and(preceded(
            preceded(
                ws,
                expect(
                    punct(":"),
                    Kind::Expected("`:` of the conditional expression"),
                ),
            ),
            preceded(ws, Expr),
        )),
    )
    .process::<OM>(inner.skip(1))?;
    let k = leave(k, j);
    let cx = j.cx;
    let out = OM::Output::combine(cond, tf, |c, (t, f)| {
        let span = c.span.to(f.span);
        Expression::new(
            ExprKind::Conditional(cx.alloc(Conditional {
                cond: c,
                true_expr: t,
                false_expr: f,
            })),
            span,
        )
    });
    Ok((k, out))
}

/// The commonest attribute values, when the line ends right after them: a
/// quoted string with no escape, interpolation, directive or non-ASCII
/// text, a number, or a name with `.name` accesses (`var.region`,
/// `true`, `null`). They are scanned here and built as the grammar builds
/// them, without its layers; anything else (or anything after them but the
/// end of the line) is `None`, and the caller runs the grammar.
#[inline]
pub(crate) fn simple_value<'a, OM: OutputMode>(
    i: In<'a>,
) -> Option<(In<'a>, <OM::Output as Mode>::Output<Expression<'a>>)> {
    use super::lexer::{CLASS, QUOTED_SPECIAL};
    let src = i.src();
    let b = src.as_bytes();
    let start = i.at();
    let first = *b.get(start)?;
    let (end, shape) = if first == b'"' {
        let mut p = start + 1;
        while p < b.len() && CLASS[b[p] as usize] & QUOTED_SPECIAL == 0 {
            p += 1;
        }
        if b.get(p) != Some(&b'"') {
            return None;
        }
        (p + 1, Shape::String)
    } else if first.is_ascii_digit() {
        // The grammar's own number literal (an error is the grammar's to
        // report).
        let (j, e) = number(i).ok()?;
        (j.at(), Shape::Number(e))
    } else if first.is_ascii_alphabetic() || first == b'_' {
        let mut p = ident_end(src, start + 1);
        while b.get(p) == Some(&b'.')
            && b.get(p + 1)
                .is_some_and(|&c| c.is_ascii_alphabetic() || c == b'_')
        {
            p = ident_end(src, p + 2);
        }
        (p, Shape::Name)
    } else {
        return None;
    };
    // The end of the line must follow (after spaces or tabs).
    let mut q = end;
    while matches!(b.get(q), Some(b' ' | b'\t')) {
        q += 1;
    }
    match b.get(q) {
        None | Some(b'\n' | b'#') => {}
        Some(b'\r') if b.get(q + 1) == Some(&b'\n') => {}
        Some(b'/') if b.get(q + 1) == Some(&b'/') => {}
        _ => return None,
    }
    let cx = i.cx;
    let out = OM::Output::bind(|| match shape {
        Shape::String => Expression::new(
            ExprKind::String(&src[start + 1..end - 1]),
            Span::new(start, end),
        ),
        Shape::Number(e) => e,
        Shape::Name => {
            let mut p = ident_end(src, start + 1);
            let root = Ident {
                name: &src[start..p],
                span: Span::new(start, p),
            };
            let root = Expression::new(
                match root.name {
                    "true" => ExprKind::Bool(true),
                    "false" => ExprKind::Bool(false),
                    "null" => ExprKind::Null,
                    name => ExprKind::Variable(name),
                },
                root.span,
            );
            if p == end {
                return root;
            }
            let base = cx.mark::<TraversalOperator<'a>>();
            while p < end {
                let dot = p;
                p = ident_end(src, dot + 2);
                cx.push(TraversalOperator {
                    kind: TraversalOperatorKind::GetAttr(Ident {
                        name: &src[dot + 1..p],
                        span: Span::new(dot + 1, p),
                    }),
                    span: Span::new(dot, p),
                });
            }
            let operators = cx.finish(base);
            Expression::new(
                ExprKind::Traversal(cx.alloc(Traversal {
                    expr: root,
                    operators,
                })),
                Span::new(start, end),
            )
        }
    });
    Some((i.to(end), out))
}

/// What [`simple_value`] found.
#[derive(Clone, Copy)]
enum Shape<'a> {
    String,
    Number(Expression<'a>),
    Name,
}

/// The binary operator at the input, with its length.
#[inline]
fn binary_operator(i: In<'_>) -> Option<(BinaryOperator, usize)> {
    use BinaryOperator::*;
    let c1 = i.byte(i.at() + 1);
    Some(match i.cur() {
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

/// `Operation = unaryOp | binaryOp`: binary operations by precedence
/// climbing with explicit stacks, so a long chain `a + b + c + ...` does
/// not recurse.
struct Operation;

impl<'a> Parser<In<'a>> for Operation {
    type Output = Expression<'a>;
    type Error = PErr;

    #[inline]
    fn process<OM: OutputMode>(&mut self, i: In<'a>) -> Res<'a, OM, Expression<'a>> {
        let (i, first) = Unary.process::<OM>(i)?;
        let (j, ()) = leaf::<OM, _>(ws(i))?;
        match binary_operator(j) {
            None => Ok((i, first)),
            Some(op) => operation::<OM>(j, op, first),
        }
    }
}

/// The operators and operands after the first operand of an `Operation`;
/// `j` is at the operator `op`.
#[inline(never)]
fn operation<'a, OM: OutputMode>(
    j: In<'a>,
    mut op: (BinaryOperator, usize),
    first: <OM::Output as Mode>::Output<Expression<'a>>,
) -> Res<'a, OM, Expression<'a>> {
    {
        // Operators on the stack have rising precedence, so it holds at
        // most one per level (six) and one operand more.
        let mut operands: Pending<<OM::Output as Mode>::Output<Expression<'a>>> = Pending::new();
        operands.push(first);
        let mut ops: Pending<(BinaryOperator, Span)> = Pending::new();
        let mut j = j;
        let mut i;
        loop {
            let (operator, len) = op;
            let span = Span::new(j.at(), j.at() + len);
            while let Some(&(top, _)) = ops.last() {
                if top.precedence() < operator.precedence() {
                    break;
                }
                reduce::<OM>(j.cx, &mut operands, &mut ops);
            }
            ops.push((operator, span));
            let (k, ()) = leaf::<OM, _>(ws(j.skip(len)))?;
            let (k, rhs) = Unary.process::<OM>(k)?;
            operands.push(rhs);
            i = k;
            let (k, ()) = leaf::<OM, _>(ws(k))?;
            match binary_operator(k) {
                Some(next) => {
                    op = next;
                    j = k;
                }
                None => break,
            }
        }
        while !ops.is_empty() {
            reduce::<OM>(j.cx, &mut operands, &mut ops);
        }
        match operands.pop() {
            Some(e) => Ok((i, e)),
            None => stop::<_, OM>(PErr::at(Kind::Nom, i)),
        }
    }
}

/// The operands or operators pending in [`operation`]: a stack of at most
/// eight, without allocating.
struct Pending<T> {
    items: [Option<T>; 8],
    len: usize,
}

impl<T> Pending<T> {
    fn new() -> Self {
        Pending {
            items: std::array::from_fn(|_| None),
            len: 0,
        }
    }

    #[inline]
    fn push(&mut self, item: T) {
        // The precedence levels bound the depth; a full stack would be a
        // grammar bug, and drops nothing silently in tests (debug_assert).
        debug_assert!(self.len < self.items.len());
        if let Some(slot) = self.items.get_mut(self.len) {
            *slot = Some(item);
            self.len += 1;
        }
    }

    #[inline]
    fn pop(&mut self) -> Option<T> {
        self.len = self.len.checked_sub(1)?;
        self.items[self.len].take()
    }

    #[inline]
    fn last(&self) -> Option<&T> {
        self.items[..self.len].last()?.as_ref()
    }

    #[inline]
    fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// Pops two operands and an operator and pushes their binary operation.
#[inline]
fn reduce<'a, OM: OutputMode>(
    cx: &'a Cx<'a>,
    operands: &mut Pending<<OM::Output as Mode>::Output<Expression<'a>>>,
    ops: &mut Pending<(BinaryOperator, Span)>,
) {
    let (Some((operator, operator_span)), Some(rhs), Some(lhs)) =
        (ops.pop(), operands.pop(), operands.pop())
    else {
        return;
    };
    operands.push(OM::Output::combine(lhs, rhs, |lhs, rhs| {
        let span = lhs.span.to(rhs.span);
        Expression::new(
            ExprKind::Binary(cx.alloc(BinaryOp {
                lhs,
                operator,
                operator_span,
                rhs,
            })),
            span,
        )
    }));
}

/// `unaryOp = ("-" | "!") ExprTerm`, or a term.
struct Unary;

impl<'a> Parser<In<'a>> for Unary {
    type Output = Expression<'a>;
    type Error = PErr;

    #[inline]
    fn process<OM: OutputMode>(&mut self, i: In<'a>) -> Res<'a, OM, Expression<'a>> {
        let operator = match i.cur() {
            b'-' => UnaryOperator::Neg,
            b'!' => UnaryOperator::Not,
            _ => return Term.process::<OM>(i),
        };
        let start = i.at();
        let inner = enter::<OM>(i)?;
        let (j, expr) = preceded(ws, Unary).process::<OM>(inner.skip(1))?;
        let j = leave(j, i);
        let out = OM::Output::map(expr, |expr| {
            let span = Span::new(start, expr.span.end());
            Expression::new(
                ExprKind::Unary(i.cx.alloc(UnaryOp { operator, expr })),
                span,
            )
        });
        Ok((j, out))
    }
}

/// `ExprTerm` with its traversal operators (`Index`, `GetAttr`, `Splat`).
struct Term;

impl<'a> Parser<In<'a>> for Term {
    type Output = Expression<'a>;
    type Error = PErr;

    #[inline]
    fn process<OM: OutputMode>(&mut self, i: In<'a>) -> Res<'a, OM, Expression<'a>> {
        let r = match i.cur() {
            b'0'..=b'9' => number_term::<OM>(i),
            b'"' => QuotedTemplate.process::<OM>(i),
            b'[' => TupleOrFor.process::<OM>(i),
            b'{' => ObjectOrFor.process::<OM>(i),
            b'(' => Parenthesis.process::<OM>(i),
            b'<' if i.byte(i.at() + 1) == b'<' => Heredoc.process::<OM>(i),
            _ if ident_starts_at(i.src(), i.at()) => IdentTerm.process::<OM>(i),
            _ => stop::<_, OM>(PErr::at(Kind::Expected("an expression"), i)),
        };
        let (j, e) = r?;
        traversal::<OM>(j, e)
    }
}

/// A number literal as a term.
#[inline(never)]
fn number_term<OM: OutputMode>(i: In<'_>) -> Res<'_, OM, Expression<'_>> {
    let (j, e) = leaf::<OM, _>(number(i))?;
    Ok((j, OM::Output::bind(|| e)))
}

/// `NumericLit = decimal+ ("." decimal+)? (expmark decimal+)?`
pub(crate) fn number(i: In<'_>) -> LeafResult<'_, Expression<'_>> {
    let b = i.src().as_bytes();
    let start = i.at();
    let mut p = start;
    let mut acc: u64 = 0;
    let mut simple = true;
    while p < b.len() && b[p].is_ascii_digit() {
        match acc
            .checked_mul(10)
            .and_then(|v| v.checked_add(u64::from(b[p] - b'0')))
        {
            Some(v) => acc = v,
            None => simple = false,
        }
        p += 1;
    }
    if p + 1 < b.len() && b[p] == b'.' && b[p + 1].is_ascii_digit() {
        simple = false;
        p += 1;
        while p < b.len() && b[p].is_ascii_digit() {
            p += 1;
        }
    }
    if p < b.len() && (b[p] == b'e' || b[p] == b'E') {
        let mut j = p + 1;
        if j < b.len() && (b[j] == b'+' || b[j] == b'-') {
            j += 1;
        }
        if j < b.len() && b[j].is_ascii_digit() {
            simple = false;
            while j < b.len() && b[j].is_ascii_digit() {
                j += 1;
            }
            p = j;
        }
    }
    // Terraform lexes `1.2.3` and `1e3.5` as one (invalid) number.
    if p + 1 < b.len() && b[p] == b'.' && b[p + 1].is_ascii_digit() {
        let mut k = p + 1;
        while k < b.len() && (b[k].is_ascii_digit() || b[k] == b'.') {
            k += 1;
        }
        return Err(nom::Err::Failure(PErr::span(
            Kind::Message(&(
                "Invalid number literal",
                "a number has one fraction, before its exponent",
            )),
            start,
            k,
        )));
    }
    let raw = &i.src()[start..p];
    let value = if simple {
        NumberLit::int(acc, raw)
    } else {
        // The grammar is checked: what does not parse is out of range.
        match Number::parse_literal(raw) {
            Some(n) => NumberLit::new(i.cx.arena, &n, raw),
            None => {
                return Err(nom::Err::Failure(PErr::span(
                    Kind::NumberTooLarge,
                    start,
                    p,
                )))
            }
        }
    };
    Ok((
        i.to(p),
        Expression::new(ExprKind::Number(i.cx.alloc(value)), Span::new(start, p)),
    ))
}

/// A term starting with an identifier: `true`/`false`/`null`, a variable
/// (`VariableExpr`), or a possibly namespaced `FunctionCall`.
struct IdentTerm;

impl<'a> Parser<In<'a>> for IdentTerm {
    type Output = Expression<'a>;
    type Error = PErr;

    fn process<OM: OutputMode>(&mut self, i: In<'a>) -> Res<'a, OM, Expression<'a>> {
        let (i, id) = leaf::<OM, _>(ident_in(i, "an expression"))?;
        let (j, ()) = leaf::<OM, _>(ws(i))?;
        match j.cur() {
            b'(' => return call::<OM>(j, &[], id),
            b':' if j.byte(j.at() + 1) == b':' => return namespaced_call::<OM>(j, id),
            _ => {}
        }
        let out = OM::Output::bind(|| {
            let span = id.span;
            let kind = match id.as_str() {
                "true" => ExprKind::Bool(true),
                "false" => ExprKind::Bool(false),
                "null" => ExprKind::Null,
                _ => ExprKind::Variable(id.name),
            };
            Expression::new(kind, span)
        });
        Ok((i, out))
    }
}

/// `ns :: ns :: name (args)`; the input is at the first `::`.
fn namespaced_call<'a, OM: OutputMode>(
    mut i: In<'a>,
    first: Ident<'a>,
) -> Res<'a, OM, Expression<'a>> {
    let cx = i.cx;
    let base = cx.mark::<Ident<'a>>();
    cx.push(first);
    loop {
        let (j, id) = preceded(
            ws,
            expect(
                ident("a function name after `::`"),
                Kind::Expected("a function name after `::`"),
            ),
        )
        .process::<Emitting<OM>>(i.skip(2))?;
        let (j, ()) = leaf::<OM, _>(ws(j))?;
        match j.cur() {
            b'(' => return call::<OM>(j, cx.finish(base), id),
            b':' if j.byte(j.at() + 1) == b':' => {
                cx.push(id);
                i = j;
            }
            _ => {
                cx.reset::<Ident<'a>>(base);
                return stop::<_, OM>(PErr::at(
                    Kind::ExpectedAfter(&("`(` or `::`", "the namespaced function name")),
                    j,
                ));
            }
        }
    }
}

/// `Arguments = "(" (Expression ("," Expression)* ("," | "...")?)? ")"`;
/// the input is at `(`.
fn call<'a, OM: OutputMode>(
    i: In<'a>,
    namespace: &'a [Ident<'a>],
    name: Ident<'a>,
) -> Res<'a, OM, Expression<'a>> {
    let cx = i.cx;
    let open = i.at();
    let inner = enter::<OM>(i)?.with_nl(true);
    let mut expand_final = false;
    let (mut j, ()) = leaf::<OM, _>(ws_nl(inner.skip(1)))?;
    let base = cx.mark::<Expression<'a>>();
    loop {
        if j.cur() == b')' {
            break;
        }
        if j.eof() {
            return stop::<_, OM>(
                PErr::at(Kind::Unclosed(&(Opener::Call, "`)`")), j).opened_at(open),
            );
        }
        let (k, arg) = terminated(Expr, ws_nl).process::<OM>(j)?;
        OM::Output::map(arg, |a| cx.push(a));
        match k.cur() {
            b',' => {
                let (k, ()) = leaf::<OM, _>(ws_nl(k.skip(1)))?;
                j = k;
            }
            b')' => {
                j = k;
                break;
            }
            b'.' if k.rest().starts_with(b"...") => {
                expand_final = true;
                let (k, ()) = leaf::<OM, _>(ws_nl(k.skip(3)))?;
                if k.cur() != b')' {
                    return stop::<_, OM>(
                        PErr::at(
                            Kind::Unclosed(&(
                                Opener::Call,
                                "`)` after the expanded argument `...` (it must be the last argument)",
                            )),
                            k,
                        )
                        .opened_at(open),
                    );
                }
                j = k;
                break;
            }
            _ => {
                return stop::<_, OM>(
                    PErr::at(Kind::Unclosed(&(Opener::Call, "`,` or `)`")), k).opened_at(open),
                )
            }
        }
    }
    let close = j.at();
    let out = OM::Output::bind(|| {
        let args = cx.finish(base);
        let span = Span::new(
            namespace.first().map_or(name.span.start, |n| n.span.start) as usize,
            close + 1,
        );
        Expression::new(
            ExprKind::FuncCall(cx.alloc(FuncCall {
                name: FuncName { namespace, name },
                args,
                expand_final,
                args_span: Span::new(open, close + 1),
            })),
            span,
        )
    });
    Ok((leave(j.skip(1), i), out))
}

/// `"(" Expression ")"`
struct Parenthesis;

impl<'a> Parser<In<'a>> for Parenthesis {
    type Output = Expression<'a>;
    type Error = PErr;

    fn process<OM: OutputMode>(&mut self, i: In<'a>) -> Res<'a, OM, Expression<'a>> {
        let open = i.at();
        let inner = enter::<OM>(i)?.with_nl(true);
        let (j, ()) = leaf::<OM, _>(ws_nl(inner.skip(1)))?;
        if j.eof() {
            return stop::<_, OM>(
                PErr::at(Kind::Unclosed(&(Opener::Paren, "an expression")), j).opened_at(open),
            );
        }
        let (j, e) = terminated(Expr, ws_nl).process::<OM>(j)?;
        if j.cur() != b')' {
            return stop::<_, OM>(
                PErr::at(Kind::Unclosed(&(Opener::Paren, "`)`")), j).opened_at(open),
            );
        }
        let end = j.at() + 1;
        let out = OM::Output::map(e, |e| {
            Expression::new(ExprKind::Parenthesis(i.cx.alloc(e)), Span::new(open, end))
        });
        Ok((leave(j.skip(1), i), out))
    }
}

/// `tuple = "[" ((Expression ("," Expression)* ","?)?) "]"` or `forTupleExpr`.
struct TupleOrFor;

impl<'a> Parser<In<'a>> for TupleOrFor {
    type Output = Expression<'a>;
    type Error = PErr;

    fn process<OM: OutputMode>(&mut self, i: In<'a>) -> Res<'a, OM, Expression<'a>> {
        let open = i.at();
        let inner = enter::<OM>(i)?.with_nl(true);
        let (j, ()) = leaf::<OM, _>(ws_nl(inner.skip(1)))?;
        if at_keyword(j, "for") {
            let (k, e) = for_expr::<OM>(j, open, false)?;
            return Ok((leave(k, i), e));
        }
        // Each item is followed by `,` or by the closing `]`.
        let item = terminated(
            terminated(Expr, ws_nl),
            move |k: In<'a>| -> LeafResult<'a, ()> {
                match k.cur() {
                    b',' => ws_nl(k.skip(1)),
                    b']' => Ok((k, ())),
                    _ => Err(nom::Err::Failure(
                        PErr::at(Kind::Unclosed(&(Opener::Bracket, "`,` or `]`")), k)
                            .opened_at(open),
                    )),
                }
            },
        );
        let (j, items) =
            collect(preceded(not_closed(b']', open, Opener::Bracket), item)).process::<OM>(j)?;
        if j.cur() != b']' {
            return stop::<_, OM>(
                PErr::at(Kind::Unclosed(&(Opener::Bracket, "`]`")), j).opened_at(open),
            );
        }
        let end = j.at() + 1;
        let out = OM::Output::map(items, |items| {
            Expression::new(ExprKind::Tuple(items), Span::new(open, end))
        });
        Ok((leave(j.skip(1), i), out))
    }
}

/// Succeeds (consuming nothing) unless the input is at `close` (a
/// recoverable error: the list ends) or at the end (unclosed `opener`).
fn not_closed<'a>(close: u8, open: usize, opener: Opener) -> impl Fn(In<'a>) -> LeafResult<'a, ()> {
    move |k: In<'a>| {
        if k.cur() == close {
            return Err(nom::Err::Error(PErr::at(Kind::Nom, k)));
        }
        if k.eof() {
            let expected: &'static (Opener, &'static str) = match opener {
                Opener::Bracket => &(Opener::Bracket, "`]`"),
                _ => &(Opener::Brace, "`}`"),
            };
            return Err(nom::Err::Failure(
                PErr::at(Kind::Unclosed(expected), k).opened_at(open),
            ));
        }
        Ok((k, ()))
    }
}

/// `object = "{" ((objectelem ("," | Newline)?)*) "}"` or `forObjectExpr`.
struct ObjectOrFor;

impl<'a> Parser<In<'a>> for ObjectOrFor {
    type Output = Expression<'a>;
    type Error = PErr;

    fn process<OM: OutputMode>(&mut self, i: In<'a>) -> Res<'a, OM, Expression<'a>> {
        let open = i.at();
        let inner = enter::<OM>(i)?;
        let (j, ()) = leaf::<OM, _>(ws_nl(inner.skip(1)))?;
        if at_keyword(j, "for") {
            let (k, e) = for_expr::<OM>(j.with_nl(true), open, true)?;
            return Ok((leave(k, i), e));
        }
        // Items are separated by commas or newlines: newlines matter here.
        let j = j.with_nl(false);
        let (j, items) = collect(preceded(
            not_closed(b'}', open, Opener::Brace),
            terminated(ObjectElem { open }, ws_nl),
        ))
        .process::<OM>(j)?;
        if j.cur() != b'}' {
            return stop::<_, OM>(
                PErr::at(Kind::Unclosed(&(Opener::Brace, "`}`")), j).opened_at(open),
            );
        }
        let end = j.at() + 1;
        let out = OM::Output::map(items, |items| {
            Expression::new(ExprKind::Object(items), Span::new(open, end))
        });
        Ok((leave(j.skip(1), i), out))
    }
}

/// `objectelem = (Identifier | Expression) ("=" | ":") Expression`, and
/// what ends it: `,`, a newline or (left for the caller) `}`.
struct ObjectElem {
    open: usize,
}

impl<'a> Parser<In<'a>> for ObjectElem {
    type Output = ObjectItem<'a>;
    type Error = PErr;

    fn process<OM: OutputMode>(&mut self, i: In<'a>) -> Res<'a, OM, ObjectItem<'a>> {
        let open = self.open;
        let (j, key) = Expr.process::<OM>(i)?;
        let (j, ()) = leaf::<OM, _>(ws_inline(j))?;
        let separator = match j.cur() {
            b'=' => ObjectSeparator::Equals,
            b':' => ObjectSeparator::Colon,
            _ if j.eof() => {
                return stop::<_, OM>(
                    PErr::at(Kind::Unclosed(&(Opener::Brace, "`=` or `:`")), j).opened_at(open),
                )
            }
            _ => {
                return stop::<_, OM>(PErr::at(
                    Kind::ExpectedAfter(&("`=` or `:`", "the object key")),
                    j,
                ))
            }
        };
        let (j, value) = preceded(ws_inline, Expr).process::<OM>(j.skip(1))?;
        let (j, ()) = leaf::<OM, _>(ws_inline(j))?;
        let j = match j.cur() {
            b',' => j.skip(1),
            b'}' => j,
            _ if at_newline(j) => j,
            _ => {
                return stop::<_, OM>(
                    PErr::at(
                        Kind::Unclosed(&(
                            Opener::Brace,
                            "`,`, a newline or `}` after the object item",
                        )),
                        j,
                    )
                    .opened_at(open),
                )
            }
        };
        let src = i.src();
        let out = OM::Output::combine(key, value, |key, value| {
            let key = match key.kind {
                ExprKind::Variable(name) => ObjectKey::Ident(Ident::new(name, key.span)),
                // A bare `null`/`true`/`false` key is a literal key named after
                // the keyword, as in Terraform (`{null = 1}` has key "null").
                ExprKind::Null | ExprKind::Bool(_) => {
                    ObjectKey::Ident(Ident::new(&src[key.span.range()], key.span))
                }
                _ => ObjectKey::Expression(key),
            };
            ObjectItem {
                key,
                value,
                separator,
            }
        });
        Ok((j, out))
    }
}

/// `forIntro = "for" Identifier ("," Identifier)? "in" Expression ":"`:
/// the variables and the collection, the input at `for`.
#[allow(clippy::type_complexity)]
pub(crate) fn for_intro<'a, OM: OutputMode>(
    i: In<'a>,
    directive: bool,
) -> Res<'a, OM, (Option<Ident<'a>>, Ident<'a>, Expression<'a>)> {
    let [first_var, second_var, in_kw] = if directive {
        [
            "an iterator variable name after `%{ for`",
            "a value variable name after `,` in the `%{ for` directive",
            "`in` after the `%{ for` variables",
        ]
    } else {
        [
            "an iterator variable name after `for`",
            "a value variable name after `,`",
            "`in` after the `for` variables",
        ]
    };
    let var = |what: &'static str| expect(ident(what), Kind::Expected(what));
    let (j, (first, second)) = preceded(
        preceded(keyword("for"), ws_nl),
        terminated(var(first_var), ws_nl).and(opt(preceded(
            preceded(punct(","), ws_nl),
            terminated(var(second_var), ws_nl),
        ))),
    )
    .process::<Emitting<OM>>(i)?;
    let (j, collection) = preceded(
        preceded(expect(keyword("in"), Kind::Expected(in_kw)), ws_nl),
        Expr,
    )
    .process::<OM>(j)?;
    let (key_var, value_var) = match second {
        Some(second) => (Some(first), second),
        None => (None, first),
    };
    let out = OM::Output::map(collection, |c| (key_var, value_var, c));
    Ok((j, out))
}

/// The rest of `forTupleExpr` / `forObjectExpr`; the input is at `for`.
fn for_expr<'a, OM: OutputMode>(
    i: In<'a>,
    open: usize,
    object: bool,
) -> Res<'a, OM, Expression<'a>> {
    let unclosed = |expected: &'static str, k: In<'a>| {
        let e: &'static (Opener, &'static str) = match (object, expected) {
            (true, "colon") => &(Opener::Brace, "`:` after the `for` collection"),
            (false, "colon") => &(Opener::Bracket, "`:` after the `for` collection"),
            (_, "arrow") => &(Opener::Brace, "`=>` after the key expression"),
            (true, _) => &(Opener::Brace, "`if` or `}` to end the `for` expression"),
            (false, _) => &(Opener::Bracket, "`if` or `]` to end the `for` expression"),
        };
        PErr::at(Kind::Unclosed(e), k).opened_at(open)
    };
    let (j, intro) = for_intro::<OM>(i, false)?;
    let (j, ()) = leaf::<OM, _>(ws_nl(j))?;
    if j.cur() != b':' {
        return stop::<_, OM>(unclosed("colon", j));
    }
    let (j, ()) = leaf::<OM, _>(ws_nl(j.skip(1)))?;
    let (j, (key_expr, value_expr)) = if object {
        let (j, k) = terminated(Expr, ws_nl).process::<OM>(j)?;
        if !j.rest().starts_with(b"=>") {
            return stop::<_, OM>(unclosed("arrow", j));
        }
        let (j, v) = preceded(ws_nl, Expr).process::<OM>(j.skip(2))?;
        (j, (OM::Output::map(k, Some), v))
    } else {
        let (j, v) = Expr.process::<OM>(j)?;
        (j, (OM::Output::bind(|| None), v))
    };
    let (j, ()) = leaf::<OM, _>(ws_nl(j))?;
    let mut grouping = false;
    let j = if j.rest().starts_with(b"...") {
        if !object {
            return stop::<_, OM>(PErr::span(
                Kind::Message(&(
                    "Invalid 'for' expression",
                    "grouping `...` is only allowed in an object `for` expression `{for ...}`",
                )),
                j.at(),
                j.at() + 3,
            ));
        }
        grouping = true;
        leaf::<OM, _>(ws_nl(j.skip(3)))?.0
    } else {
        j
    };
    let (j, cond) = opt(delimited(preceded(keyword("if"), ws_nl), Expr, ws_nl)).process::<OM>(j)?;
    let close = if object { b'}' } else { b']' };
    if j.cur() != close {
        return stop::<_, OM>(unclosed("end", j));
    }
    let end = j.at() + 1;
    let cx = i.cx;
    let head = OM::Output::combine(intro, key_expr, |intro, k| (intro, k));
    let tail = OM::Output::combine(value_expr, cond, |v, c| (v, c));
    let out = OM::Output::combine(
        head,
        tail,
        |((key_var, value_var, collection), key_expr), (value_expr, cond)| {
            Expression::new(
                ExprKind::For(cx.alloc(ForExpr {
                    key_var,
                    value_var,
                    collection,
                    key_expr,
                    value_expr,
                    cond,
                    grouping,
                })),
                Span::new(open, end),
            )
        },
    );
    Ok((j.skip(1), out))
}

/// `.` (not `...`) or `[`.
#[inline]
fn at_traversal_operator(i: In<'_>) -> bool {
    match i.cur() {
        b'[' => true,
        b'.' => !i.rest().starts_with(b"..."),
        _ => false,
    }
}

/// `(Index | GetAttr | Splat)*` after a term.
fn traversal<'a, OM: OutputMode>(
    i: In<'a>,
    expr: <OM::Output as Mode>::Output<Expression<'a>>,
) -> Res<'a, OM, Expression<'a>> {
    let (mut j, ()) = leaf::<OM, _>(ws(i))?;
    if !at_traversal_operator(j) {
        return Ok((i, expr));
    }
    let cx = i.cx;
    let base = cx.mark::<TraversalOperator<'a>>();
    // Inside the attribute chain of a `.*` splat (`a.*.b.c`).
    let mut in_attr_splat = false;
    let mut end;
    loop {
        let start = j.at();
        let (k, kind) = if j.cur() == b'.' {
            let (k, ()) = leaf::<OM, _>(ws(j.skip(1)))?;
            let c = k.cur();
            if c == b'*' {
                if in_attr_splat {
                    return stop::<_, OM>(PErr::span(
                        Kind::Message(&(
                            "Nested splat expression not allowed",
                            "a `.*` splat cannot be used inside another attribute-only \
                             splat (`.*`)",
                        )),
                        start,
                        k.at() + 1,
                    ));
                }
                in_attr_splat = true;
                (
                    k.skip(1),
                    OM::Output::bind(|| TraversalOperatorKind::AttrSplat),
                )
            } else if c.is_ascii_digit() {
                let (k, op) = leaf::<OM, _>(legacy_index(k))?;
                (k, OM::Output::bind(|| op))
            } else if ident_starts_at(k.src(), k.at()) {
                let (k, id) = leaf::<OM, _>(ident_in(k, "an attribute name"))?;
                (k, OM::Output::bind(|| TraversalOperatorKind::GetAttr(id)))
            } else {
                return stop::<_, OM>(PErr::at(
                    Kind::Expected("an attribute name, `*` or an index after `.`"),
                    k,
                ));
            }
        } else {
            // '[': ends an attribute-only splat's attribute chain.
            in_attr_splat = false;
            let (k, kind) = index::<OM>(j)?;
            (leave(k, j), kind)
        };
        OM::Output::map(kind, |kind| {
            cx.push(TraversalOperator {
                kind,
                span: Span::new(start, k.at()),
            })
        });
        end = k;
        let (k, ()) = leaf::<OM, _>(ws(k))?;
        if !at_traversal_operator(k) {
            break;
        }
        j = k;
    }
    let stop_at = end.at();
    let out = OM::Output::map(expr, |expr| {
        let operators = cx.finish(base);
        let span = Span::new(expr.span.start(), stop_at);
        Expression::new(
            ExprKind::Traversal(cx.alloc(Traversal { expr, operators })),
            span,
        )
    });
    Ok((end, out))
}

/// `Index = "[" Expression "]"` or `"[" "*" "]"` (a full splat); the input
/// is at `[`. The returned input is inside the bracket's context (the
/// caller leaves it).
fn index<'a, OM: OutputMode>(j: In<'a>) -> Res<'a, OM, TraversalOperatorKind<'a>> {
    let start = j.at();
    // A splat's `*` and `]` are read in the surrounding newline mode (as
    // Go's parser reads them): `a[\n*]` is a splat only inside brackets.
    let outer_nl = j.nl();
    let inner = enter::<OM>(j)?.with_nl(true);
    let splat_ws = if outer_nl { ws_nl } else { ws_inline };
    let (k, ()) = leaf::<OM, _>(splat_ws(inner.skip(1)))?;
    let mut splat = opt(value(
        (),
        preceded(punct("*"), preceded(splat_ws, punct("]"))),
    ));
    if let (k, Some(())) = leaf::<OM, _>(splat.parse(k))? {
        return Ok((k, OM::Output::bind(|| TraversalOperatorKind::FullSplat)));
    }
    if k.cur() == b'*' {
        // `[*` must be closed right away: `a[*.b]` is no index.
        let (k, ()) = leaf::<OM, _>(splat_ws(k.skip(1)))?;
        return stop::<_, OM>(
            PErr::at(
                Kind::Unclosed(&(Opener::Index, "`]` after the splat `[*`")),
                k,
            )
            .opened_at(start),
        );
    }
    let (k, ()) = leaf::<OM, _>(ws_nl(k))?;
    if k.eof() {
        return stop::<_, OM>(
            PErr::at(Kind::Unclosed(&(Opener::Index, "an index expression")), k).opened_at(start),
        );
    }
    let (k, e) = terminated(Expr, ws_nl).process::<OM>(k)?;
    if k.cur() != b']' {
        return stop::<_, OM>(
            PErr::at(Kind::Unclosed(&(Opener::Index, "`]`")), k).opened_at(start),
        );
    }
    Ok((k.skip(1), OM::Output::map(e, TraversalOperatorKind::Index)))
}

/// `LegacyIndex = '.' digit+` — the input is after the dot. Like
/// Terraform, any number literal is accepted (`x.1e3`); one that is not a
/// whole `u64` becomes an [`Index`](TraversalOperatorKind::Index) of that
/// number.
fn legacy_index(i: In<'_>) -> LeafResult<'_, TraversalOperatorKind<'_>> {
    let start = i.at();
    let b = i.src().as_bytes();
    let mut p = start;
    while p < b.len() && b[p].is_ascii_digit() {
        p += 1;
    }
    if p + 1 < b.len() && b[p] == b'.' && b[p + 1].is_ascii_digit() {
        let mut j = p + 1;
        while j < b.len() && (b[j].is_ascii_digit() || b[j] == b'.') {
            j += 1;
        }
        return Err(nom::Err::Failure(PErr::span(
            Kind::Message(&(
                "Invalid legacy index syntax",
                "chained legacy indexes like `.0.1` are not supported (use `[0][1]`)",
            )),
            start - 1,
            j,
        )));
    }
    if matches!(i.byte(p), b'e' | b'E') {
        let (j, e) = number(i)?;
        if let ExprKind::Number(lit) = e.kind {
            if let (true, Some(n)) = (lit.value().is_integer(), lit.value().as_u64()) {
                return Ok((j, TraversalOperatorKind::LegacyIndex(n)));
            }
        }
        return Ok((j, TraversalOperatorKind::Index(e)));
    }
    match i.src()[start..p].parse::<u64>() {
        Ok(n) => Ok((i.to(p), TraversalOperatorKind::LegacyIndex(n))),
        Err(_) => Err(nom::Err::Failure(PErr::span(
            Kind::Message(&("Invalid legacy index syntax", "legacy index is too large")),
            start,
            p,
        ))),
    }
}
