//! Expression evaluation: the core of the evaluator.

use std::borrow::Cow;

use super::access;
use super::context::{Context, EvalMode};
use super::limits::Budget;
use super::ops;
use super::print;
use super::template;
use super::typing::{self, Meta, Ty};
use super::unknown;
use crate::error::{Error, ErrorKind};
use crate::syntax::*;
use crate::value::ty::conversion_exists;
use crate::value::{Key, Map, Type, Value};

/// Maximum nesting of recursive evaluation (binary operator chains are
/// evaluated iteratively and do not count).
pub(crate) const MAX_DEPTH: u32 = 10_000;

/// One evaluation: the [`Context`] it reads (through `Deref`) and the
/// [`Budget`] it spends, handed down by reference. Nested evaluations (a
/// function that evaluates a template) share the budget.
pub(crate) struct Eval<'e, 'p> {
    ctx: &'e Context<'p>,
    pub(crate) budget: &'e Budget,
    /// Whether a failure is re-examined for the error Terraform would print
    /// first ([`first_in_source`]); not while re-examining one, which keeps
    /// the work linear.
    refine: bool,
}

impl<'e, 'p> Eval<'e, 'p> {
    pub(crate) fn new(ctx: &'e Context<'p>, budget: &'e Budget) -> Self {
        Eval {
            ctx,
            budget,
            refine: true,
        }
    }

    /// This evaluation, re-examining no failure (for the evaluations a
    /// re-examination makes), if this one may re-examine one now (one of
    /// the evaluation's bounded number).
    fn refining(&self) -> Option<Eval<'e, 'p>> {
        (self.refine && self.budget.take_refinement()).then_some(Eval {
            ctx: self.ctx,
            budget: self.budget,
            refine: false,
        })
    }

    /// The same evaluation in another context (a `for` iteration's).
    pub(crate) fn with<'c>(&self, ctx: &'c Context<'p>) -> Eval<'c, 'p>
    where
        'e: 'c,
    {
        Eval {
            ctx,
            budget: self.budget,
            refine: self.refine,
        }
    }

    /// Whether recursion must stop: too deep, or too much stack used.
    #[inline]
    pub(crate) fn too_deep(&self, d: u32) -> bool {
        d > MAX_DEPTH || self.budget.stack_exhausted()
    }
}

impl<'p> std::ops::Deref for Eval<'_, 'p> {
    type Target = Context<'p>;

    fn deref(&self) -> &Context<'p> {
        self.ctx
    }
}

/// Why evaluation stopped.
#[derive(Debug)]
pub(crate) enum Fail {
    /// An ordinary evaluation error (`try` and `can` catch these).
    Err(Error),
    /// The expression depends on an undefined variable or function. `try` and `can`
    /// do not catch these; template-preserving mode keeps the expression
    /// as written. In that mode the message is never shown, so it is not
    /// built (`None`).
    Unknown(Option<Error>),
}

impl Fail {
    pub(crate) fn into_error(self) -> Error {
        match self {
            Fail::Err(e) | Fail::Unknown(Some(e)) => e,
            Fail::Unknown(None) => Error::new(ErrorKind::Eval, "undefined reference"),
        }
    }
}

pub(crate) type R<T> = Result<T, Fail>;

/// An evaluation error at `span`.
#[cold]
#[inline(never)]
pub(crate) fn err(span: Span, msg: impl Into<String>) -> Fail {
    Fail::Err(Error::spanned(ErrorKind::Eval, msg, span))
}

/// A reference to something undefined; `msg` is only built in strict mode.
#[cold]
#[inline(never)]
pub(crate) fn unknown(ctx: &Eval<'_, '_>, span: Span, msg: impl FnOnce() -> String) -> Fail {
    if ctx.mode() == EvalMode::PreserveTemplates {
        Fail::Unknown(None)
    } else {
        Fail::Unknown(Some(Error::spanned(ErrorKind::Eval, msg(), span)))
    }
}

#[cold]
#[inline(never)]
pub(crate) fn too_deep(span: Span) -> Fail {
    Fail::Err(Error::spanned(
        ErrorKind::Limit,
        "Expression too deeply nested to evaluate",
        span,
    ))
}

/// Evaluates `e` in *output position* (an attribute's value, or an element
/// of a tuple/object constructor that is itself in output position). In
/// template-preserving mode an expression there that depends on something
/// undefined becomes its source as a template string, and constructors keep
/// their known elements (`[1, var.y]` gives `[1, "${var.y}"]`). Everywhere
/// else (operands, function arguments, ...) an unknown propagates, so that
/// no operation ever sees a kept template as if it were a value.
pub(crate) fn eval_top(e: &Expression<'_>, ctx: &Eval<'_, '_>, d: u32) -> R<Value> {
    if !ctx.preserves() {
        return eval(e, ctx, d);
    }
    if ctx.too_deep(d) {
        return Err(too_deep(e.span));
    }
    let r = match &e.kind {
        ExprKind::Tuple(items) => eval_tuple(items, true, ctx, d + 1).map(|r| r.0),
        ExprKind::Object(items) => eval_object(items, true, ctx, d + 1).map(|r| r.0),
        ExprKind::Parenthesis(inner)
            if matches!(inner.kind, ExprKind::Tuple(_) | ExprKind::Object(_)) =>
        {
            return eval_top(inner, ctx, d + 1)
        }
        // A value declared unknown in the context is kept as well.
        _ => match eval_t(e, ctx, d) {
            Ok((v, t)) if typing::is_known(&t) => Ok(v),
            Ok(_) => Err(Fail::Unknown(None)),
            Err(e) => Err(e),
        },
    };
    match r {
        Err(Fail::Unknown(_)) => {
            // A template keeps what it knows.
            if let ExprKind::Template(t) = &e.kind {
                if let Ok(v) = template::render_kept(&t.template, ctx, d) {
                    return Ok(v);
                }
            }
            Ok(print::preserve(e, ctx, ctx.budget))
        }
        r => r,
    }
}

fn eval_tuple(items: &[Expression<'_>], top: bool, ctx: &Eval<'_, '_>, d: u32) -> R<(Value, Ty)> {
    let mut out = Vec::with_capacity(items.len());
    // The elements' recorded types, once one has one.
    let mut types: Option<Vec<Ty>> = None;
    for (i, item) in items.iter().enumerate() {
        let (v, t) = if top {
            (eval_top(item, ctx, d)?, None)
        } else {
            eval_t(item, ctx, d)?
        };
        if t.is_some() || types.is_some() {
            types.get_or_insert_with(|| vec![None; i]).push(t);
        }
        out.push(v);
    }
    let ty = typing::tuple(&out, types);
    Ok((Value::Array(out), ty))
}

/// Evaluates one expression, whose value must be known.
pub(crate) fn eval(e: &Expression<'_>, ctx: &Eval<'_, '_>, d: u32) -> R<Value> {
    let (v, t) = eval_t(e, ctx, d)?;
    if !typing::is_known(&t) {
        return Err(not_known(e.span));
    }
    Ok(v)
}

/// A value that is needed here is not known yet.
#[cold]
#[inline(never)]
pub(crate) fn not_known(span: Span) -> Fail {
    err(
        span,
        "Value not known: This value is not known yet (it depends on a value known only after apply), and is needed here.",
    )
}

/// Evaluates one expression to its value and type (see [`typing`]).
pub(crate) fn eval_t(e: &Expression<'_>, ctx: &Eval<'_, '_>, d: u32) -> R<(Value, Ty)> {
    if ctx.too_deep(d) {
        return Err(too_deep(e.span));
    }
    let d = d + 1;
    let lit = |v: Value| Ok((v, None));
    match &e.kind {
        ExprKind::Null => lit(Value::Null),
        ExprKind::Bool(b) => lit(Value::Bool(*b)),
        ExprKind::Number(n) => lit(Value::Number(n.value())),
        ExprKind::String(s) => lit(Value::String(crate::Str::from(*s))),
        ExprKind::Template(t) => template::eval_template_t(&t.template, ctx, d),
        ExprKind::Variable(name) => match ctx.var_typed(name) {
            Some((v, t)) => Ok((v.clone(), t.cloned())),
            None => Err(undefined_var(name, e.span, ctx)),
        },
        ExprKind::Tuple(items) => eval_tuple(items, false, ctx, d),
        ExprKind::Object(items) => eval_object(items, false, ctx, d),
        ExprKind::FuncCall(fc) => super::call::eval_call(fc, e.span, ctx, d),
        ExprKind::Traversal(t) => eval_traversal(t, ctx, d),
        ExprKind::Unary(u) => {
            let (v, t) = match eval_t(&u.expr, ctx, d) {
                Ok(r) => r,
                Err(Fail::Err(e)) => {
                    let want = ops::unary_type(u.operator);
                    return Err(first_in_source(e, &u.expr, ctx, d, |t, text| {
                        ops::placeholder_operand(t, text, &want, u.expr.span, "unary")
                    }));
                }
                Err(unknown) => return Err(unknown),
            };
            ops::unary(u.operator, v, &t, u.expr.span)
        }
        ExprKind::Binary(_) => eval_binary(e, ctx, d),
        ExprKind::Conditional(c) => eval_conditional(c, ctx, d),
        ExprKind::For(f) => eval_for(f, ctx, d),
        ExprKind::Parenthesis(inner) => eval_t(inner, ctx, d),
    }
}

#[cold]
#[inline(never)]
fn undefined_var(name: &str, span: Span, ctx: &Eval<'_, '_>) -> Fail {
    unknown(ctx, span, || {
        format!("Unknown variable: There is no variable named \"{name}\".")
    })
}

/// A left-nested chain `a op b op c ...` is evaluated iteratively.
fn eval_binary(e: &Expression<'_>, ctx: &Eval<'_, '_>, d: u32) -> R<(Value, Ty)> {
    let (cur, chain) = e.binary_chain();
    let (mut acc, mut acc_ty) = match eval_t(cur, ctx, d) {
        Ok(r) => r,
        Err(Fail::Err(e)) => return Err(chain_failure(cur, &chain, 0, None, e, ctx, d)),
        Err(unknown) => return Err(unknown),
    };
    let mut lhs_span = cur.span;
    for (k, b) in chain.iter().rev().enumerate() {
        let (rhs, rhs_ty) = match eval_t(&b.rhs, ctx, d) {
            Ok(r) => r,
            Err(Fail::Err(e)) => {
                let lhs = Some((&acc, &acc_ty));
                return Err(chain_failure(cur, &chain, k + 1, lhs, e, ctx, d));
            }
            Err(unknown) => return Err(unknown),
        };
        (acc, acc_ty) = ops::binary(
            b.operator,
            (acc, acc_ty),
            (rhs, rhs_ty),
            lhs_span,
            b.rhs.span,
        )?;
        lhs_span = lhs_span.to(b.rhs.span);
    }
    Ok((acc, acc_ty))
}

/// The error Terraform prints for a chain `first op1 b1 op2 b2 ...`
/// (`chain`: the operations from the outermost inwards) when operand
/// `failed` (0: `first`, k: the right operand of the k-th operation in
/// source order, whose left operand was `lhs`) failed with `inner`: HCL
/// converts the known left operand, then the failed operand's placeholder
/// (see [`first_in_source`]), then each later operation's left operand,
/// the placeholder of the operation before; Terraform prints the error
/// that comes first in the source.
#[cold]
#[inline(never)]
fn chain_failure(
    first: &Expression<'_>,
    chain: &[&BinaryOp<'_>],
    failed: usize,
    lhs: Option<(&Value, &Ty)>,
    inner: Error,
    ctx: &Eval<'_, '_>,
    d: u32,
) -> Fail {
    let Some(ctx) = ctx.refining() else {
        return Fail::Err(inner);
    };
    let ctx = &ctx;
    let ops: Vec<&BinaryOp<'_>> = chain.iter().rev().copied().collect();
    let check = |op: &BinaryOp<'_>, t: &Type, span: Span, which: &str| {
        let want = ops::operand_type(op.operator)?;
        ops::check_operand(t, &want, span, which).err()
    };
    let mut candidates = Vec::new();
    let failed_expr = if failed == 0 {
        first
    } else {
        &ops[failed - 1].rhs
    };
    let placeholder = failed_type(failed_expr, ctx, d);
    let text = failed_text(failed_expr, ctx, d);
    let check_failed = |op: &BinaryOp<'_>, span: Span, which: &str| {
        let want = ops::operand_type(op.operator)?;
        ops::placeholder_operand(&placeholder, text.as_deref(), &want, span, which)
    };
    if failed == 0 {
        candidates.extend(
            ops.first()
                .and_then(|op| check_failed(op, first.span, "left")),
        );
    } else {
        let op = ops[failed - 1];
        let lhs_span = first.span.to(if failed > 1 {
            ops[failed - 2].rhs.span
        } else {
            first.span
        });
        if let Some((v, t)) = lhs {
            candidates.extend(ops::left_conversion(op.operator, v, t, lhs_span));
        }
        candidates.extend(check_failed(op, op.rhs.span, "right"));
    }
    for k in failed.max(1)..ops.len() {
        let result = ops::result_type(ops[k - 1].operator);
        let span = first.span.to(ops[k - 1].rhs.span);
        candidates.extend(check(ops[k], &result, span, "left"));
    }
    let mut best = Fail::Err(inner);
    for c in candidates {
        if let Fail::Err(b) = &best {
            if sorts_before(&c, b) {
                best = c;
            }
        }
    }
    best
}

fn eval_object(items: &[ObjectItem<'_>], top: bool, ctx: &Eval<'_, '_>, d: u32) -> R<(Value, Ty)> {
    let mut map = Map::with_capacity(items.len());
    // Attributes with a meta.
    let mut typed: Vec<(Key, Meta)> = Vec::new();
    for item in items {
        let key = match &item.key {
            ObjectKey::Ident(id) => Key::from(id.name),
            // A bare `null` key is the string "null" (only `(null)` is an error).
            ObjectKey::Expression(k) if matches!(k.kind, ExprKind::Null) => Key::from("null"),
            // Evaluating, Terraform refuses to guess whether `a.b = ...` is a
            // reference or a name; applications that read such keys
            // statically accept them (`providers = { aws.x = aws.y }`), and
            // so does template-preserving mode, which keeps them as written.
            ObjectKey::Expression(k)
                if ctx.mode() == EvalMode::Strict && is_scope_traversal(k) =>
            {
                return Err(err(
                    k.span,
                    "Ambiguous attribute key: If this expression is intended to be a reference, wrap it in parentheses. If it's instead intended as a literal name containing periods, wrap it in quotes to create a string literal.",
                ))
            }
            ObjectKey::Expression(k) => {
                // In template-preserving mode an unknown key is kept as a
                // template (`{(var.k) = 1}` gives `{"${var.k}": 1}`).
                let inner = match &k.kind {
                    ExprKind::Parenthesis(inner) => inner,
                    _ => k,
                };
                let kv = if top {
                    eval_top(inner, ctx, d)?
                } else {
                    let (kv, kt) = eval_t(inner, ctx, d)?;
                    if !typing::is_known(&kt) {
                        // Its attributes are not known: nor is its type.
                        return Ok(unknown::nullable(Type::Dynamic));
                    }
                    kv
                };
                object_key(kv, k.span)?
            }
        };
        let (v, t) = if top {
            (eval_top(&item.value, ctx, d)?, None)
        } else {
            eval_t(&item.value, ctx, d)?
        };
        // A duplicate key is not an error: the last one wins (as Terraform).
        if !typed.is_empty() {
            typed.retain(|(k, _)| *k != key);
        }
        if let Some(t) = t {
            typed.push((key.clone(), t));
        }
        map.insert(key, v);
    }
    let ty = typing::object(&map, typed);
    Ok((Value::Object(map), ty))
}

/// Whether `e` is a reference of more than one step (`var.a`, `a.b[0]`):
/// as a bare object key it could be a reference or a name with periods,
/// and Terraform refuses to guess.
fn is_scope_traversal(e: &Expression<'_>) -> bool {
    let ExprKind::Traversal(t) = &e.kind else {
        return false;
    };
    matches!(t.expr.kind, ExprKind::Variable(_))
        && t.operators.iter().all(|op| match &op.kind {
            TraversalOperatorKind::GetAttr(_) | TraversalOperatorKind::LegacyIndex(_) => true,
            TraversalOperatorKind::Index(ix) => matches!(
                ix.kind,
                ExprKind::Number(_) | ExprKind::String(_) | ExprKind::Bool(_)
            ),
            _ => false,
        })
}

pub(crate) fn object_key(k: Value, span: Span) -> R<Key> {
    match k {
        Value::String(s) => Ok(Key::from(s)),
        Value::Number(n) => Ok(Key::from(n.to_plain_string())),
        Value::Bool(b) => Ok(Key::from(if b { "true" } else { "false" })),
        Value::Null => Err(err(
            span,
            "Null value as key: Can't use a null value as a key.",
        )),
        _ => Err(err(
            span,
            "Incorrect key type: Can't use this value as a key: string required.",
        )),
    }
}

/// The error of a conditional whose branches' types do not unify (a
/// failed branch by its placeholder's type, see [`failed_type`]), if they
/// do not: HCL reports it alone, before it looks at the condition.
#[cold]
#[inline(never)]
fn branches_mismatch(c: &Conditional<'_>, ctx: &Eval<'_, '_>, d: u32) -> Option<Fail> {
    let ctx = &ctx.refining()?;
    let branch = |e: &Expression<'_>| match eval_t(e, ctx, d) {
        Ok(r) => Some(r),
        Err(Fail::Err(_)) => Some(unknown::nullable(failed_type(e, ctx, d))),
        Err(_) => None,
    };
    let (x, y) = (branch(&c.true_expr)?, branch(&c.false_expr)?);
    let (t, f) = ((&x.0, &x.1), (&y.0, &y.1));
    typing::unify_branches(t, f)
        .is_err()
        .then(|| ops::inconsistent_branches(c.true_expr.span.to(c.false_expr.span), t, f))
}

/// A condition's value as a bool, in a conditional, a template's `if` or
/// a `for`'s `if`: `true`/`false`, or a string that reads as one (cty's
/// conversion).
pub(crate) fn condition_bool(v: &Value) -> Option<bool> {
    match v {
        Value::Bool(b) => Some(*b),
        Value::String(s) => crate::value::parse_bool(s),
        _ => None,
    }
}

/// The error of a conditional's or a template `if`'s condition `v` that is
/// not a bool (see [`condition_bool`]): null, or of another type.
#[cold]
#[inline(never)]
pub(crate) fn condition_error(v: &Value, span: Span) -> Fail {
    if v.is_null() {
        return err(
            span,
            "Null condition: The condition value is null. Conditions must either be true or false.",
        );
    }
    condition_type_error(span)
}

/// A condition whose type does not convert to bool.
#[cold]
#[inline(never)]
fn condition_type_error(span: Span) -> Fail {
    err(
        span,
        "Incorrect condition type: The condition expression must be of type bool.",
    )
}

/// The error to report for condition `cond` (of a conditional or a
/// template's `if`) that failed with `e`. HCL goes on with a placeholder,
/// and refuses an unknown condition only once it is known: a tuple, object
/// or `for` that failed inside is a known value holding the failed parts,
/// and when it is not a bool "Incorrect condition type", whose range starts
/// first, is the error Terraform prints; any other failed expression is an
/// unknown value, and its own error is.
#[cold]
#[inline(never)]
pub(crate) fn failed_condition(
    e: Error,
    cond: &Expression<'_>,
    ctx: &Eval<'_, '_>,
    d: u32,
) -> Fail {
    if !known_placeholder(cond) && !is_template(cond) {
        return Fail::Err(e);
    }
    // A template that failed is the known string it had written before
    // its first error ([`failed_text`]), unknown when a part of it is (its
    // type, a string, converts).
    let span = cond.span;
    first_in_source(e, cond, ctx, d, |t, text| {
        let converts = match text {
            Some(s) => crate::value::parse_bool(s).is_some(),
            None => conversion_exists(t, &Type::Bool, true),
        };
        (!converts).then(|| condition_type_error(span))
    })
}

/// Whether `e`, failed, is a known value holding its failed parts (HCL's
/// tuple, object and `for` go on after a part fails, unless a key, a
/// condition or the collection is not usable: their placeholder type is
/// then the dynamic pseudo-type); any other failed expression is an
/// unknown value.
fn known_placeholder(e: &Expression<'_>) -> bool {
    match &e.kind {
        ExprKind::Tuple(_) | ExprKind::Object(_) | ExprKind::For(_) => true,
        ExprKind::Parenthesis(inner) => known_placeholder(inner),
        ExprKind::Template(t) => t.wrapped_expr().is_some_and(known_placeholder),
        _ => false,
    }
}

/// Whether `e` is a template (in parentheses or not).
fn is_template(e: &Expression<'_>) -> bool {
    match &e.kind {
        ExprKind::Template(t) => t.wrapped_expr().is_none(),
        ExprKind::Parenthesis(inner) => is_template(inner),
        _ => false,
    }
}

/// For a failed template of literals and interpolations: the known string
/// HCL gives it, what it wrote before its first error; `None` when a part
/// is unknown (the result is then unknown) or `e` is not such a template.
fn failed_template_prefix(e: &Expression<'_>, ctx: &Eval<'_, '_>, d: u32) -> Option<String> {
    let t = match &e.kind {
        ExprKind::Template(t) => &t.template,
        ExprKind::Parenthesis(inner) => return failed_template_prefix(inner, ctx, d),
        _ => return None,
    };
    let mut out = String::new();
    let mut failed = false;
    for el in t.elements {
        match el {
            Element::Literal(l) if !failed => out.push_str(l.value),
            Element::Literal(_) => {}
            Element::Interpolation(i) => match eval_t(&i.expr, ctx, d + 1) {
                Ok((_, t)) if !typing::is_known(&t) => return None,
                Ok((v, _)) if !failed => {
                    failed = ops::template_string(&v, &mut out, i.expr.span).is_err();
                }
                Ok(_) => {}
                // A failed part is a known value only when HCL's is (else
                // the template is unknown).
                Err(Fail::Err(_))
                    if known_placeholder(&i.expr)
                        && failed_type(&i.expr, ctx, d + 1) != Type::Dynamic =>
                {
                    failed = true
                }
                Err(_) => return None,
            },
            Element::Directive(_) => return None,
        }
    }
    Some(out)
}

/// The error to report for interpolated expression `e` that failed with
/// `inner`: a known placeholder (a tuple or object holding the failed
/// parts) is not a string, and that refusal, whose range starts first, is
/// the error Terraform prints.
#[cold]
#[inline(never)]
pub(crate) fn failed_interpolation(
    inner: Error,
    e: &Expression<'_>,
    ctx: &Eval<'_, '_>,
    d: u32,
) -> Fail {
    if !known_placeholder(e) {
        return Fail::Err(inner);
    }
    let span = e.span;
    first_in_source(inner, e, ctx, d, |t, _| {
        (!conversion_exists(t, &Type::String, true)).then(|| ops::not_a_template_string(span))
    })
}

/// `c ? a : b`: the branch taken, converted to the type both branches
/// unify to (see [`typing::unify_branches`]).
fn eval_conditional(c: &Conditional<'_>, ctx: &Eval<'_, '_>, d: u32) -> R<(Value, Ty)> {
    // HCL evaluates both branches and unifies their types before it
    // evaluates the condition; branches that do not unify are its only
    // error. Checked here only when something fails (`branches_mismatch`).
    let (cond, cond_ty) = match eval_t(&c.cond, ctx, d) {
        Ok(r) => r,
        Err(Fail::Err(e)) => {
            return Err(branches_mismatch(c, ctx, d)
                .unwrap_or_else(|| failed_condition(e, &c.cond, ctx, d)))
        }
        Err(unknown) => return Err(unknown),
    };
    if typing::is_unknown(&cond_ty) {
        // Either branch may be the result: both are evaluated, and, as in
        // HCL, the errors of both are dropped (neither is known to be
        // taken); a branch that failed is an unknown of any type.
        let branch = |e: &Expression<'_>| match eval_t(e, ctx, d) {
            Err(Fail::Err(_)) => Ok(unknown::nullable(failed_type(e, ctx, d))),
            r => r,
        };
        let x = branch(&c.true_expr)?;
        let y = branch(&c.false_expr)?;
        return ops::conditional(None, x, y, (c.true_expr.span, c.false_expr.span));
    }
    // (A tuple or object holding unknowns is not a bool either: only a
    // wholly unknown condition is not checked.)
    let Some(cond) = condition_bool(&cond) else {
        let e = condition_error(&cond, c.cond.span);
        return Err(branches_mismatch(c, ctx, d).unwrap_or(e));
    };
    let (taken, other) = if cond {
        (&c.true_expr, &c.false_expr)
    } else {
        (&c.false_expr, &c.true_expr)
    };
    let (v, vt) = match eval_t(taken, ctx, d) {
        Ok(r) => r,
        Err(Fail::Err(e)) => return Err(branches_mismatch(c, ctx, d).unwrap_or(Fail::Err(e))),
        Err(unknown) => return Err(unknown),
    };
    // Errors in the branch not taken are discarded, but its type takes part
    // in the unification of the result type (what HCL's value of it has
    // when it fails, see `failed_type`).
    let (o, ot) = match eval_t(other, ctx, d) {
        Ok(r) => r,
        Err(Fail::Err(_)) => match failed_type(other, ctx, d) {
            Type::Dynamic => return Ok((v, vt)),
            t => unknown::nullable(t),
        },
        Err(_) => return Ok((v, vt)),
    };
    let (x, y) = if cond {
        ((v, vt), (o, ot))
    } else {
        ((o, ot), (v, vt))
    };
    ops::conditional(Some(cond), x, y, (c.true_expr.span, c.false_expr.span))
}

/// The type of the value HCL gives expression `e` when evaluating it
/// fails: HCL goes on after an error with a placeholder of the type the
/// expression would have had (an operator's result type, a string for a
/// template, a tuple or object with the failed parts of any type) and
/// of any type elsewhere. A conditional's branch that failed takes part in
/// the unification of the result type with it (`true ? 0 : {a = keys(1)}`
/// is "Inconsistent conditional result types", as in Terraform).
fn failed_type(e: &Expression<'_>, ctx: &Eval<'_, '_>, d: u32) -> Type {
    if d >= MAX_DEPTH {
        return Type::Dynamic;
    }
    let part = |e: &Expression<'_>| part_type(e, ctx, d + 1);
    match &e.kind {
        ExprKind::Parenthesis(inner) => failed_type(inner, ctx, d + 1),
        ExprKind::Binary(b) => ops::result_type(b.operator),
        ExprKind::Unary(u) => ops::unary_type(u.operator),
        ExprKind::Template(t) => match t.wrapped_expr() {
            Some(inner) => failed_type(inner, ctx, d + 1),
            None => Type::String,
        },
        ExprKind::Tuple(items) => Type::Tuple(items.iter().map(part).collect()),
        ExprKind::Object(items) => {
            let mut attrs = std::collections::BTreeMap::new();
            for item in items.iter() {
                let key = match &item.key {
                    ObjectKey::Ident(i) => i.name.to_owned(),
                    ObjectKey::Expression(k) => match eval_t(k, ctx, d + 1) {
                        Ok((kv, None)) => match object_key(kv, k.span) {
                            Ok(key) => key.as_str().to_owned(),
                            Err(_) => return Type::Dynamic,
                        },
                        _ => return Type::Dynamic,
                    },
                };
                attrs.insert(key, part(&item.value));
            }
            Type::Object(attrs)
        }
        ExprKind::Traversal(t) => splat_failed_type(t, ctx, d).unwrap_or(Type::Dynamic),
        ExprKind::For(f) => for_failed_type(f, ctx, d),
        // The type both branches unify to (HCL's unknown of the result type
        // when the condition fails); any type when either is of any type.
        ExprKind::Conditional(c) => match (part(&c.true_expr), part(&c.false_expr)) {
            (Type::Dynamic, _) | (_, Type::Dynamic) => Type::Dynamic,
            (t, f) => Type::unify(&[t, f]).unwrap_or(Type::Dynamic),
        },
        _ => Type::Dynamic,
    }
}

/// The type of part `e` of a failed expression: its value's, or its
/// placeholder's when it fails too ([`failed_type`]).
fn part_type(e: &Expression<'_>, ctx: &Eval<'_, '_>, d: u32) -> Type {
    match eval_t(e, ctx, d) {
        Ok((v, t)) => typing::of(&v, &t).into_owned(),
        Err(Fail::Err(_)) => failed_type(e, ctx, d),
        Err(Fail::Unknown(_)) => Type::Dynamic,
    }
}

/// The type of a failed `for` expression, as HCL's gives it: it goes on
/// after an element fails, so a tuple `for` is a tuple of its elements'
/// types (a failed one's as [`failed_type`] gives it) and an object `for`
/// an object of its keys (tuples when grouping); any type when the
/// collection, or a condition or key, is not a value it can use.
fn for_failed_type(f: &ForExpr<'_>, ctx: &Eval<'_, '_>, d: u32) -> Type {
    let part = |e: &Expression<'_>, ctx: &Eval<'_, '_>| part_type(e, ctx, d + 1);
    let Ok((coll, coll_ty)) = eval_t(&f.collection, ctx, d + 1) else {
        return Type::Dynamic;
    };
    if typing::is_unknown(&coll_ty) {
        return Type::Dynamic;
    }
    let Ok(items) = iter_items(&coll, &coll_ty, f.collection.span) else {
        return Type::Dynamic;
    };
    let set = typing::is_set(&coll_ty);
    let mut elements = Vec::new();
    let mut attrs: std::collections::BTreeMap<String, Type> = std::collections::BTreeMap::new();
    let mut groups: std::collections::BTreeMap<String, Vec<Type>> =
        std::collections::BTreeMap::new();
    for (k, v, vt) in items {
        let kt = if set { vt.clone() } else { None };
        let child_ctx = ctx.iteration(
            f.key_var.as_ref().map(|n| (n.name, k, kt)),
            (f.value_var.name, Cow::Borrowed(v), vt),
        );
        let child = ctx.with(&child_ctx);
        if let Some(cond) = &f.cond {
            match eval_t(cond, &child, d + 1) {
                Ok((c, ct)) if typing::is_known(&ct) => match condition_bool(&c) {
                    Some(true) => {}
                    Some(false) => continue,
                    None => return Type::Dynamic,
                },
                _ => return Type::Dynamic,
            }
        }
        let Some(key_expr) = &f.key_expr else {
            elements.push(part(&f.value_expr, &child));
            continue;
        };
        let key = match eval_t(key_expr, &child, d + 1) {
            Ok((k @ (Value::String(_) | Value::Number(_) | Value::Bool(_)), None)) => {
                match object_key(k, key_expr.span) {
                    Ok(key) => key.as_str().to_owned(),
                    Err(_) => return Type::Dynamic,
                }
            }
            _ => return Type::Dynamic,
        };
        let t = part(&f.value_expr, &child);
        if f.grouping {
            groups.entry(key).or_default().push(t);
        } else {
            attrs.entry(key).or_insert(t);
        }
    }
    match (&f.key_expr, f.grouping) {
        (None, _) => Type::Tuple(elements),
        (Some(_), false) => Type::Object(attrs),
        (Some(_), true) => Type::Object(
            groups
                .into_iter()
                .map(|(k, ts)| (k, Type::Tuple(ts)))
                .collect(),
        ),
    }
}

/// The type of a failed splat, as HCL's splat gives it when an element
/// fails: what the operators after it give for an unknown element of each
/// element type (the dynamic pseudo-type where that fails), as a list for
/// a list or set, a tuple for a tuple (`[1, "a"][*].a` is a
/// `tuple([dynamic, dynamic])`). `None` unless the splat comes first and
/// applies to all that follows.
fn splat_failed_type(t: &Traversal<'_>, ctx: &Eval<'_, '_>, d: u32) -> Option<Type> {
    let (first, rest) = t.operators.split_first()?;
    let per_element = match first.kind {
        TraversalOperatorKind::FullSplat => true,
        TraversalOperatorKind::AttrSplat => rest.iter().all(|op| {
            matches!(
                op.kind,
                TraversalOperatorKind::GetAttr(_) | TraversalOperatorKind::LegacyIndex(_)
            )
        }),
        _ => false,
    };
    if !per_element {
        return None;
    }
    let (v, ty) = eval_t(&t.expr, ctx, d + 1).ok()?;
    if v.is_null() {
        return None;
    }
    let each = |ety: &Type| {
        let (el, et) = unknown::nullable(ety.clone());
        match apply_ops(Cow::Owned(el), et, rest, ctx, d + 1) {
            Ok((v, t)) => typing::of(&v, &t).into_owned(),
            Err(_) => Type::Dynamic,
        }
    };
    Some(match typing::of(&v, &ty).as_ref() {
        Type::List(e) | Type::Set(e) => Type::list(each(e)),
        Type::Tuple(ts) => Type::Tuple(ts.iter().map(each).collect()),
        other => Type::Tuple(vec![each(other)]),
    })
}

/// Items of an iterable value of recorded type `t` for `for`: (key,
/// value, value's type), objects in lexicographic key order; over a set
/// the key is the element itself.
pub(crate) fn iter_items<'v>(
    coll: &'v Value,
    t: &Ty,
    span: Span,
) -> R<Vec<(Cow<'v, Value>, &'v Value, Ty)>> {
    match coll {
        Value::Array(a) if typing::is_set(t) => Ok(a
            .iter()
            .enumerate()
            .map(|(i, v)| (Cow::Borrowed(v), v, typing::item(t, i, v)))
            .collect()),
        Value::Array(a) => Ok(a
            .iter()
            .enumerate()
            .map(|(i, v)| (Cow::Owned(Value::from(i)), v, typing::item(t, i, v)))
            .collect()),
        Value::Object(o) => {
            Ok(typing::by_key(o)
                .into_iter()
                .map(|(i, k, v)| {
                    let t = typing::attr(t, k, i, v);
                    (Cow::Owned(Value::String(k.clone())), v, t)
                })
                .collect())
        }
        Value::Null => Err(err(
            span,
            "Iteration over null value: A null value cannot be used as the collection in a 'for' expression.",
        )),
        other => Err(non_iterable(other.type_name(), span)),
    }
}

/// The error of a `for` over a value not known yet of type `t` that cannot
/// be iterated (a primitive).
pub(crate) fn not_iterable(t: &Type, span: Span) -> R<()> {
    if !t.is_primitive() {
        return Ok(());
    }
    Err(non_iterable(&typing::friendly(t), span))
}

#[cold]
#[inline(never)]
fn non_iterable(type_name: &str, span: Span) -> Fail {
    err(
        span,
        format!(
            "Iteration over non-iterable value: A value of type {type_name} cannot be used as the collection in a 'for' expression."
        ),
    )
}

/// The error Terraform prints when expression `e` failed with `inner`: HCL
/// goes on after an error with a placeholder of the type `e` would have had
/// ([`failed_type`]; a failed template is the known string it wrote before
/// its error, [`failed_text`]), which the enclosing construct then checks
/// (`outer`: its error for that type or text, if any), and Terraform prints the error that
/// comes first in the source (by start, then by end; `inner` on a tie).
#[cold]
#[inline(never)]
pub(crate) fn first_in_source(
    inner: Error,
    e: &Expression<'_>,
    ctx: &Eval<'_, '_>,
    d: u32,
    outer: impl FnOnce(&Type, Option<&str>) -> Option<Fail>,
) -> Fail {
    let Some(ctx) = ctx.refining() else {
        return Fail::Err(inner);
    };
    let placeholder = failed_type(e, &ctx, d);
    let text = failed_text(e, &ctx, d);
    match outer(&placeholder, text.as_deref()) {
        Some(o) if sorts_before(&o, &inner) => o,
        _ => Fail::Err(inner),
    }
}

/// The known string a failed template `e` is (see
/// [`failed_template_prefix`]); `None` for other expressions.
fn failed_text(e: &Expression<'_>, ctx: &Eval<'_, '_>, d: u32) -> Option<String> {
    if is_template(e) {
        failed_template_prefix(e, ctx, d)
    } else {
        None
    }
}

/// Whether error `a` comes before `b` in Terraform's order of diagnostics
/// (by the start of their ranges, then by the end).
fn sorts_before(a: &Fail, b: &Error) -> bool {
    match (a, b.span()) {
        (Fail::Err(a), Some(b)) => a
            .span()
            .is_some_and(|a| (a.start, a.end) < (b.start, b.end)),
        _ => false,
    }
}

fn eval_for(f: &ForExpr<'_>, ctx: &Eval<'_, '_>, d: u32) -> R<(Value, Ty)> {
    let (coll, coll_ty) = match eval_t(&f.collection, ctx, d) {
        Ok(r) => r,
        Err(Fail::Err(e)) => {
            let span = f.collection.span;
            return Err(first_in_source(e, &f.collection, ctx, d, |t, _| {
                not_iterable(t, span).err()
            }));
        }
        Err(unknown) => return Err(unknown),
    };
    if typing::is_unknown(&coll_ty) {
        // Its type says already whether it can be iterated.
        not_iterable(&typing::of(&coll, &coll_ty), f.collection.span)?;
        return Ok(unknown::nullable(Type::Dynamic));
    }
    let set = typing::is_set(&coll_ty);
    let items = iter_items(&coll, &coll_ty, f.collection.span)?;
    let key_name = f.key_var.as_ref().map(|k| k.name);
    let value_name: &str = f.value_var.name;
    let mut tuple = Vec::new();
    let mut object: Map<Key, Value> = Map::new();
    // Recorded types of the results, once one has one.
    let mut tuple_types: Option<Vec<Ty>> = None;
    let mut typed: Vec<(Key, Meta)> = Vec::new();
    let mut group_types: Option<Map<Key, Vec<Ty>>> = None;
    // Once a condition or a key is not known, the result is not either; HCL
    // goes on evaluating the later elements' values (their errors count),
    // but no longer reports conditions and keys that fail.
    let mut known = true;
    for (k, v, vt) in items {
        let kt = if set { vt.clone() } else { None };
        let child_ctx = ctx.iteration(
            key_name.map(|n| (n, k, kt)),
            (value_name, Cow::Borrowed(v), vt),
        );
        let child = ctx.with(&child_ctx);
        if let Some(cond) = &f.cond {
            let (c, ct) = match eval_t(cond, &child, d) {
                Ok(r) => r,
                // HCL goes on with a placeholder of the condition's type,
                // refused first when it is not a bool.
                Err(Fail::Err(e)) => {
                    let span = cond.span;
                    let invalid = |string: bool| {
                        Some(err(
                            span,
                            format!(
                                "Invalid 'for' condition: The 'if' clause value is invalid: {}.",
                                crate::value::ty::primitive_required(string, "bool")
                            ),
                        ))
                    };
                    return Err(first_in_source(e, cond, &child, d, |t, text| match text {
                        _ if !known => None,
                        Some(s) => {
                            crate::value::parse_bool(s).map_or_else(|| invalid(true), |_| None)
                        }
                        None if conversion_exists(t, &Type::Bool, true) => None,
                        None => invalid(false),
                    }));
                }
                Err(unknown) => return Err(unknown),
            };
            if !typing::is_known(&ct) {
                known = false;
                continue;
            }
            match condition_bool(&c) {
                Some(true) => {}
                Some(false) => continue,
                None if !known => continue,
                None if c.is_null() => {
                    return Err(err(
                        cond.span,
                        "Condition is null: The value of the 'if' clause must not be null.",
                    ))
                }
                None => {
                    return Err(err(
                        cond.span,
                        format!(
                            "Invalid 'for' condition: The 'if' clause value is invalid: {}.",
                            crate::value::ty::primitive_required(c.is_string(), "bool")
                        ),
                    ))
                }
            }
        }
        match &f.key_expr {
            None => {
                let (v, t) = eval_t(&f.value_expr, &child, d)?;
                ctx.budget.charge_value(&v, f.value_expr.span)?;
                if t.is_some() || tuple_types.is_some() {
                    tuple_types
                        .get_or_insert_with(|| vec![None; tuple.len()])
                        .push(t);
                }
                tuple.push(v);
            }
            Some(key_expr) => {
                let (key, key_ty) = eval_t(key_expr, &child, d)?;
                if !typing::is_known(&key_ty) {
                    known = false;
                    continue;
                }
                let key = match key {
                    _ if !known && !matches!(key, Value::String(_) | Value::Number(_) | Value::Bool(_)) => continue,
                    Value::Null => return Err(err(
                        key_expr.span,
                        "Invalid object key: Key expression in 'for' expression must not produce a null value.",
                    )),
                    k @ (Value::String(_) | Value::Number(_) | Value::Bool(_)) => {
                        object_key(k, key_expr.span)?
                    }
                    _ => {
                        return Err(err(
                            key_expr.span,
                            "Invalid object key: The key expression produced an invalid result: string required.",
                        ))
                    }
                };
                let (value, t) = eval_t(&f.value_expr, &child, d)?;
                ctx.budget.charge_value(&value, f.value_expr.span)?;
                ctx.budget.charge_bytes(key.len(), key_expr.span)?;
                if f.grouping {
                    // Each group is a tuple: its elements' recorded types,
                    // once one has one.
                    if t.is_some() && group_types.is_none() {
                        group_types = Some(
                            object
                                .iter()
                                .map(|(k, v)| {
                                    let n = v.as_array().map_or(0, Vec::len);
                                    (k.clone(), vec![None; n])
                                })
                                .collect(),
                        );
                    }
                    if let Some(g) = &mut group_types {
                        g.entry(key.clone()).or_default().push(t);
                    }
                    match object.entry(key) {
                        crate::value::map::Entry::Occupied(mut o) => {
                            if let Value::Array(a) = o.get_mut() {
                                a.push(value);
                            }
                        }
                        crate::value::map::Entry::Vacant(slot) => {
                            slot.insert(Value::Array(vec![value]));
                        }
                    }
                } else {
                    if let Some(t) = t {
                        typed.push((key.clone(), t));
                    }
                    match object.entry(key) {
                        crate::value::map::Entry::Occupied(o) => {
                            return Err(err(
                                key_expr.span,
                                format!(
                                    "Duplicate object key: Two different items produced the key {} in this 'for' expression. If duplicates are expected, use the ellipsis (...) after the value expression to enable grouping by key.",
                                    super::functions::util::quoted(o.key())
                                ),
                            ))
                        }
                        crate::value::map::Entry::Vacant(slot) => {
                            slot.insert(value);
                        }
                    }
                }
            }
        }
    }
    if !known {
        return Ok(unknown::nullable(Type::Dynamic));
    }
    if f.key_expr.is_some() {
        if let Some(mut groups) = group_types {
            // Each group is a tuple of its values' metas.
            for (k, v) in &object {
                let elems = v.as_array().map_or(&[][..], Vec::as_slice);
                let metas = groups.shift_remove(k).unwrap_or_default();
                if let Some(m) = typing::tuple(elems, Some(metas)) {
                    typed.push((k.clone(), m));
                }
            }
        }
        let ty = typing::object(&object, typed);
        Ok((Value::Object(object), ty))
    } else {
        let ty = typing::tuple(&tuple, tuple_types);
        Ok((Value::Array(tuple), ty))
    }
}

// ---------------------------------------------------------------------------
// Traversals and splats

/// A traversal: its base, then each operator in turn.
fn eval_traversal(t: &Traversal<'_>, ctx: &Eval<'_, '_>, d: u32) -> R<(Value, Ty)> {
    let (base, ty): (Cow<'_, Value>, Ty) = match &t.expr.kind {
        ExprKind::Variable(name) => match ctx.var_typed(name) {
            Some((v, t)) => (Cow::Borrowed(v), t.cloned()),
            None => return Err(undefined_var(name, t.expr.span, ctx)),
        },
        // `null.x` is an error to evaluate, but Terraform reads it as a
        // reference where it takes references statically (`provider =
        // null.alias`, HCL's `AsTraversal` of the keyword): kept as
        // written in template-preserving mode.
        ExprKind::Null
            if ctx.mode() == EvalMode::PreserveTemplates
                && matches!(
                    t.operators.first().map(|o| &o.kind),
                    Some(TraversalOperatorKind::GetAttr(_))
                ) =>
        {
            return Err(Fail::Unknown(None));
        }
        _ => {
            let (v, t) = eval_t(&t.expr, ctx, d)?;
            (Cow::Owned(v), t)
        }
    };
    apply_ops(base, ty, t.operators, ctx, d)
}

fn apply_ops(
    mut cur: Cow<'_, Value>,
    mut ty: Ty,
    ops: &[TraversalOperator<'_>],
    ctx: &Eval<'_, '_>,
    d: u32,
) -> R<(Value, Ty)> {
    if ctx.too_deep(d) {
        return Err(too_deep(ops.first().map_or(Span::default(), |o| o.span)));
    }
    let mut i = 0;
    while i < ops.len() {
        let op = &ops[i];
        if let Some(Meta::Unknown(t, r)) = &ty {
            return unknown_ops(t, r.not_null, &ops[i..], ctx, d);
        }
        match &op.kind {
            TraversalOperatorKind::GetAttr(id) => {
                let pos = attr_pos(&cur, &ty, id)?;
                cur = take_object_entry(cur, pos);
                ty = typing::attr(&ty, id.name, pos, &cur);
            }
            TraversalOperatorKind::Index(ix) => {
                let (key, key_ty) = eval_t(ix, ctx, d + 1)?;
                if !typing::is_known(&key_ty) {
                    if cur.is_null() && typing::is_known(&ty) {
                        // A null has no indices, whatever the key.
                        return Err(access::null_index(op.span));
                    }
                    let t = unknown::index_type(&typing::of(&cur, &ty), None, op.span)?;
                    return Ok(unknown::nullable(t));
                }
                if typing::is_set(&ty) && matches!(*cur, Value::Array(_)) && !key.is_null() {
                    return Err(access::set_index(op.span));
                }
                (cur, ty) = index_value(cur, &ty, &key, op.span, ix.span)?;
            }
            TraversalOperatorKind::LegacyIndex(n) => {
                if typing::is_set(&ty) && matches!(*cur, Value::Array(_)) {
                    return Err(access::set_index(op.span));
                }
                (cur, ty) = index_value(cur, &ty, &Value::from(*n), op.span, op.span)?;
            }
            TraversalOperatorKind::FullSplat => {
                null_splat(&cur, &ty, op.span)?;
                let rest = &ops[i + 1..];
                let (mut out, mut types) = (Vec::new(), Vec::new());
                for (el, et) in splat_items(cur, &ty) {
                    let (v, t) = apply_ops(el, et, rest, ctx, d + 1)?;
                    out.push(v);
                    types.push(t);
                }
                let t = match empty_splat(&out, &ty, rest, ctx, d)? {
                    Some(t) => t,
                    None => typing::splat(&ty, &out, types),
                };
                return Ok((Value::Array(out), t));
            }
            TraversalOperatorKind::AttrSplat => {
                null_splat(&cur, &ty, op.span)?;
                let mut j = i + 1;
                while j < ops.len()
                    && matches!(
                        ops[j].kind,
                        TraversalOperatorKind::GetAttr(_) | TraversalOperatorKind::LegacyIndex(_)
                    )
                {
                    j += 1;
                }
                let attrs = &ops[i + 1..j];
                let (mut out, mut types) = (Vec::new(), Vec::new());
                for (el, et) in splat_items(cur, &ty) {
                    let (v, t) = apply_ops(el, et, attrs, ctx, d + 1)?;
                    out.push(v);
                    types.push(t);
                }
                ty = match empty_splat(&out, &ty, attrs, ctx, d)? {
                    Some(t) => t,
                    None => typing::splat(&ty, &out, types),
                };
                cur = Cow::Owned(Value::Array(out));
                i = j;
                continue;
            }
        }
        i += 1;
    }
    Ok((cur.into_owned(), ty))
}

/// The type of a splat of an empty list or set (`out` is empty, `ty` the
/// source's type): HCL applies the operators to an unknown element of the
/// element type, so their errors are reported and the result is a list of
/// what they give (`sort([])[*].a` fails: a string has no attributes).
fn empty_splat(
    out: &[Value],
    ty: &Ty,
    ops: &[TraversalOperator<'_>],
    ctx: &Eval<'_, '_>,
    d: u32,
) -> R<Option<Ty>> {
    match ty.as_ref().map(Meta::ty) {
        Some(Type::List(e) | Type::Set(e)) if out.is_empty() => {
            let t = static_ops((**e).clone(), ops, ctx, d + 1)?;
            Ok(Some(typing::typed(Type::list(t))))
        }
        _ => Ok(None),
    }
}

/// Operators `ops` applied to an unknown value of type `t`: an unknown of
/// the resulting type, after the checks a known value would get.
fn unknown_ops(
    t: &Type,
    not_null: bool,
    ops: &[TraversalOperator<'_>],
    ctx: &Eval<'_, '_>,
    d: u32,
) -> R<(Value, Ty)> {
    // A splat over a value known not to be null, not a collection, is a
    // one-element tuple.
    if let Some(op) = ops.first() {
        if matches!(
            op.kind,
            TraversalOperatorKind::FullSplat | TraversalOperatorKind::AttrSplat
        ) && not_null
            && !matches!(
                t,
                Type::List(_) | Type::Set(_) | Type::Tuple(_) | Type::Dynamic
            )
        {
            let (_, rest) = splat_parts(ops);
            let et = static_ops(t.clone(), rest, ctx, d)?;
            let inner = typing::unknown(et.clone(), typing::Refine::default());
            let (v, after) = (Value::Array(vec![Value::Null]), &ops[1 + rest.len()..]);
            let ty = typing::with_parts(Type::Tuple(vec![et]), vec![inner]);
            return apply_ops(Cow::Owned(v), ty, after, ctx, d + 1);
        }
        // A splat of a list, set or tuple that is the whole traversal is
        // not null (HCL's splat refines it so).
        let sequence = matches!(t, Type::List(_) | Type::Set(_) | Type::Tuple(_));
        if sequence
            && matches!(
                op.kind,
                TraversalOperatorKind::FullSplat | TraversalOperatorKind::AttrSplat
            )
        {
            let (_, each) = splat_parts(ops);
            if 1 + each.len() == ops.len() {
                return Ok(unknown::not_null(static_ops(t.clone(), ops, ctx, d)?));
            }
        }
    }
    Ok(unknown::nullable(static_ops(t.clone(), ops, ctx, d)?))
}

/// The operators a splat applies to each element (all the rest for `[*]`,
/// the attribute steps for `.*`), and the splat's own length (1).
fn splat_parts<'a, 'o>(ops: &'a [TraversalOperator<'o>]) -> (usize, &'a [TraversalOperator<'o>]) {
    match ops.first().map(|o| &o.kind) {
        Some(TraversalOperatorKind::FullSplat) => (1, &ops[1..]),
        _ => {
            let mut j = 1;
            while j < ops.len()
                && matches!(
                    ops[j].kind,
                    TraversalOperatorKind::GetAttr(_) | TraversalOperatorKind::LegacyIndex(_)
                )
            {
                j += 1;
            }
            (1, &ops[1..j])
        }
    }
}

/// The type `ops` give applied to a value of type `t` that is not known.
fn static_ops(mut t: Type, ops: &[TraversalOperator<'_>], ctx: &Eval<'_, '_>, d: u32) -> R<Type> {
    if ctx.too_deep(d) {
        return Err(too_deep(ops.first().map_or(Span::default(), |o| o.span)));
    }
    let mut i = 0;
    while i < ops.len() {
        let op = &ops[i];
        t = match &op.kind {
            TraversalOperatorKind::GetAttr(id) => unknown::attr_type(&t, id.name, id.span)?,
            TraversalOperatorKind::Index(ix) => {
                let (key, key_ty) = eval_t(ix, ctx, d + 1)?;
                let key = typing::is_known(&key_ty).then_some(&key);
                unknown::index_type(&t, key, op.span)?
            }
            TraversalOperatorKind::LegacyIndex(n) => {
                unknown::index_type(&t, Some(&Value::from(*n)), op.span)?
            }
            TraversalOperatorKind::FullSplat | TraversalOperatorKind::AttrSplat => {
                let (_, each) = splat_parts(&ops[i..]);
                let splat = match std::mem::replace(&mut t, Type::Dynamic) {
                    Type::List(e) | Type::Set(e) => Type::list(static_ops(*e, each, ctx, d + 1)?),
                    Type::Tuple(ts) => Type::Tuple(
                        ts.into_iter()
                            .map(|e| static_ops(e, each, ctx, d + 1))
                            .collect::<R<_>>()?,
                    ),
                    Type::Dynamic => Type::Dynamic,
                    // Any other value is a one-element tuple, known only
                    // when the value is known not to be null (see
                    // `unknown_ops`): the operators are checked on it.
                    other => {
                        static_ops(other, each, ctx, d + 1)?;
                        Type::Dynamic
                    }
                };
                i += 1 + each.len();
                if matches!(op.kind, TraversalOperatorKind::FullSplat) {
                    return Ok(splat);
                }
                t = splat;
                continue;
            }
        };
        i += 1;
    }
    Ok(t)
}

/// A splat of a null list, set or tuple is an error; any other null is an
/// empty tuple (HCL's splat, in Terraform: `tolist(null)[*]` fails,
/// `null[*]` is `[]`).
fn null_splat(cur: &Value, ty: &Ty, span: Span) -> R<()> {
    let sequence = matches!(
        typing::of(cur, ty).as_ref(),
        Type::List(_) | Type::Set(_) | Type::Tuple(_)
    );
    if cur.is_null() && sequence {
        return Err(err(
            span,
            "Splat of null value: Splat expressions (with the * symbol) cannot be applied to null sequences.",
        ));
    }
    Ok(())
}

/// The items a splat applies its operators to, with their types: the
/// elements of a tuple, list or set, nothing for null, else the value
/// itself.
fn splat_items<'v>(cur: Cow<'v, Value>, ty: &Ty) -> Vec<(Cow<'v, Value>, Ty)> {
    match cur {
        Cow::Borrowed(Value::Null) | Cow::Owned(Value::Null) => Vec::new(),
        Cow::Borrowed(Value::Array(a)) => a
            .iter()
            .enumerate()
            .map(|(i, v)| (Cow::Borrowed(v), typing::item(ty, i, v)))
            .collect(),
        Cow::Owned(Value::Array(a)) => a
            .into_iter()
            .enumerate()
            .map(|(i, v)| {
                let t = typing::item(ty, i, &v);
                (Cow::Owned(v), t)
            })
            .collect(),
        other => vec![(other, ty.clone())],
    }
}

/// Position of attribute `id` in the object `v` of recorded type `ty`,
/// or the error HCL gives.
fn attr_pos(v: &Value, ty: &Ty, id: &Ident<'_>) -> R<usize> {
    match v {
        Value::Object(o) => o
            .get_index_of(id.name)
            .ok_or_else(|| access::no_attribute(&typing::of(v, ty), id.name, id.span)),
        Value::Null => Err(access::null_attribute(id.span)),
        _ => Err(access::no_attribute(&typing::of(v, ty), id.name, id.span)),
    }
}

fn take_object_entry(cur: Cow<'_, Value>, pos: usize) -> Cow<'_, Value> {
    match cur {
        Cow::Borrowed(Value::Object(o)) => Cow::Borrowed(&o[pos]),
        Cow::Owned(Value::Object(mut o)) => {
            Cow::Owned(o.swap_remove_index(pos).map(|e| e.1).unwrap_or_default())
        }
        _ => Cow::Owned(Value::Null),
    }
}

fn take_array_item(cur: Cow<'_, Value>, pos: usize) -> Cow<'_, Value> {
    match cur {
        Cow::Borrowed(Value::Array(a)) => Cow::Borrowed(&a[pos]),
        Cow::Owned(Value::Array(mut a)) => Cow::Owned(a.swap_remove(pos)),
        _ => Cow::Owned(Value::Null),
    }
}

/// `cur[key]`.
fn index_value<'v>(
    cur: Cow<'v, Value>,
    ty: &Ty,
    key: &Value,
    span: Span,
    key_span: Span,
) -> R<(Cow<'v, Value>, Ty)> {
    if key.is_null() {
        return Err(access::null_key(key_span));
    }
    match &*cur {
        Value::Array(a) => {
            let n = access::key_number(key, key_span)?;
            match n.as_u64() {
                Some(i) if (i as usize) < a.len() && n.is_integer() => {
                    let v = take_array_item(cur, i as usize);
                    let t = typing::item(ty, i as usize, &v);
                    Ok((v, t))
                }
                _ => Err(access::no_element(&n, a.len(), key_span)),
            }
        }
        Value::Object(o) => {
            let k = access::key_string(key, key_span)?;
            match o.get_index_of(k.as_ref()) {
                Some(pos) => {
                    let t = typing::attr(ty, &k, pos, &o[pos]);
                    Ok((take_object_entry(cur, pos), t))
                }
                None => {
                    let object = !matches!(typing::of(&cur, ty).as_ref(), Type::Map(_));
                    Err(access::no_key(object, key, key_span))
                }
            }
        }
        Value::Null => Err(access::null_index(span)),
        _ => Err(access::no_indices(span)),
    }
}
