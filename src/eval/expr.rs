//! Expression evaluation: the core of the evaluator.

use std::borrow::Cow;
use std::sync::Arc;

use super::access;
use super::context::{literal_step, Context, EvalMode, Found, LiteralStep};
use super::fail::{boxed, err, too_deep, undefined, Fail, Failures, Placeholder, R};
use super::limits::Budget;
use super::ops;
use super::print;
use super::template;
use super::typing::{self, Meta, Ty};
use super::unknown;
use crate::syntax::*;
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
}

impl<'e, 'p> Eval<'e, 'p> {
    pub(crate) fn new(ctx: &'e Context<'p>, budget: &'e Budget) -> Self {
        Eval { ctx, budget }
    }

    /// The same evaluation in another context (a `for` iteration's).
    pub(crate) fn with<'c>(&self, ctx: &'c Context<'p>) -> Eval<'c, 'p>
    where
        'e: 'c,
    {
        Eval {
            ctx,
            budget: self.budget,
        }
    }

    /// Whether recursion must stop (each level runs with room on the
    /// stack: see [`with_stack`](crate::stack::with_stack)).
    #[inline]
    pub(crate) fn too_deep(&self, d: u32) -> bool {
        d > MAX_DEPTH
    }
}

impl<'p> std::ops::Deref for Eval<'_, 'p> {
    type Target = Context<'p>;

    fn deref(&self) -> &Context<'p> {
        self.ctx
    }
}

/// Evaluates `e` in *output position* (an attribute's value, or an element
/// of a tuple/object constructor that is itself in output position). In
/// template-preserving mode an expression there that depends on something
/// undefined becomes its source as a template string, and constructors keep
/// their known elements (`[1, var.y]` gives `[1, "${var.y}"]`). Everywhere
/// else (operands, function arguments, ...) an unknown propagates, so that
/// no operation ever sees a kept template as if it were a value.
pub(crate) fn eval_top(e: &Expression<'_>, ctx: &Eval<'_, '_>, d: u32) -> R<Value> {
    crate::stack::with_stack(|| {
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
                Ok(_) => Err(Fail::Preserved(None)),
                Err(e) => Err(e),
            },
        };
        match r {
            Err(Fail::Preserved(_)) => {
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
    })
}

/// A tuple: a failed element goes on as its placeholder, and the tuple,
/// holding it, is the tuple's placeholder.
fn eval_tuple(items: &[Expression<'_>], top: bool, ctx: &Eval<'_, '_>, d: u32) -> R<(Value, Ty)> {
    let mut out = Vec::with_capacity(items.len());
    // The elements' recorded types, once one has one.
    let mut types: Option<Vec<Ty>> = None;
    let mut failures = Failures::default();
    for (i, item) in items.iter().enumerate() {
        let (v, t) = match eval_part(item, top, ctx, d) {
            Ok(r) => r,
            Err(f) => failures.note(f)?,
        };
        if t.is_some() || types.is_some() {
            types.get_or_insert_with(|| vec![None; i]).push(t);
        }
        out.push(v);
    }
    let ty = typing::tuple(&out, types);
    failures.finish((Value::Array(out), ty), boxed)
}

/// A part of a tuple or object constructor: in output position (`top`,
/// see [`eval_top`]) or not.
fn eval_part(e: &Expression<'_>, top: bool, ctx: &Eval<'_, '_>, d: u32) -> R<(Value, Ty)> {
    if top {
        eval_top(e, ctx, d).map(|v| (v, None))
    } else {
        eval_t(e, ctx, d)
    }
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
        "Value not known", "This value is not known yet (it depends on a value known only after apply), and is needed here.",
    )
}

/// Evaluates one expression to its value and type (see [`typing`]).
pub(crate) fn eval_t(e: &Expression<'_>, ctx: &Eval<'_, '_>, d: u32) -> R<(Value, Ty)> {
    crate::stack::with_stack_every(d, || {
        if ctx.too_deep(d) {
            return Err(too_deep(e.span));
        }
        let d = d + 1;
        let lit = |v: Value| Ok((v, None));
        match &e.kind {
            ExprKind::Null => lit(Value::Null),
            ExprKind::Bool(b) => lit(Value::Bool(*b)),
            ExprKind::Number(n) => lit(Value::Number(n.value())),
            ExprKind::String(s) => lit(Value::String(crate::value::Str::from(*s))),
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
                // An operand that failed is converted as its placeholder; the
                // result is then unknown.
                let mut failures = Failures::default();
                let (v, t) = match eval_t(&u.expr, ctx, d) {
                    Ok(r) => r,
                    Err(f) => failures.note(f)?,
                };
                let result = |_| boxed(unknown::nullable(ops::unary_type(u.operator)));
                match ops::unary(u.operator, v, &t, u.expr.span, e.span) {
                    Ok(r) => failures.finish(r, result),
                    Err(f) => {
                        failures.add_fail(f)?;
                        failures.finish(unknown::nullable(Type::Dynamic), result)
                    }
                }
            }
            ExprKind::Binary(_) => eval_binary(e, ctx, d),
            ExprKind::Conditional(c) => eval_conditional(c, ctx, d),
            ExprKind::For(f) => eval_for(f, ctx, d),
            ExprKind::Parenthesis(inner) => eval_t(inner, ctx, d),
        }
    })
}

#[cold]
#[inline(never)]
fn undefined_var(name: &str, span: Span, ctx: &Eval<'_, '_>) -> Fail {
    undefined(ctx, span, || {
        (
            "Unknown variable",
            format!("There is no variable named \"{name}\"."),
        )
    })
}

/// A left-nested chain `a op b op c ...` is evaluated iteratively. As in
/// HCL, both operands of each operation are evaluated; once one has
/// failed, each operation converts its operands (a failed one as its
/// placeholder) and is an unknown of its result type.
fn eval_binary(e: &Expression<'_>, ctx: &Eval<'_, '_>, d: u32) -> R<(Value, Ty)> {
    let (cur, chain) = e.binary_chain();
    let mut failures = Failures::default();
    let (mut acc, mut acc_ty) = match eval_t(cur, ctx, d) {
        Ok(r) => r,
        Err(f) => failures.note(f)?,
    };
    let mut lhs_span = cur.span;
    for (_, b) in chain.iter().rev() {
        let (rhs, rhs_ty) = match eval_t(&b.rhs, ctx, d) {
            Ok(r) => r,
            Err(f) => failures.note(f)?,
        };
        let result = unknown::nullable(ops::result_type(b.operator));
        if failures.any() {
            if let Some(want) = ops::operand_type(b.operator) {
                for (v, t, span, which) in [
                    (acc, acc_ty, lhs_span, "left"),
                    (rhs, rhs_ty, b.rhs.span, "right"),
                ] {
                    if let Err(f) = ops::operand_converts(v, &t, &want, span, which) {
                        failures.add_fail(f)?;
                    }
                }
            }
            (acc, acc_ty) = result;
        } else {
            (acc, acc_ty) = match ops::binary(
                b.operator,
                (acc, acc_ty),
                (rhs, rhs_ty),
                lhs_span,
                b.rhs.span,
            ) {
                Ok(r) => r,
                Err(f) => {
                    failures.add_fail(f)?;
                    result
                }
            };
        }
        lhs_span = lhs_span.to(b.rhs.span);
    }
    failures.finish((acc, acc_ty), boxed)
}

/// An object: as in HCL, every key and value is evaluated; a failed value
/// goes on as its placeholder, and a key that fails or is not known makes
/// the object an unknown of any type.
fn eval_object(items: &[ObjectItem<'_>], top: bool, ctx: &Eval<'_, '_>, d: u32) -> R<(Value, Ty)> {
    let mut map = Map::with_capacity(items.len());
    // Attributes with a meta.
    let mut typed: Vec<(Key, Meta)> = Vec::new();
    let mut failures = Failures::default();
    // Whether every key is known.
    let mut known = true;
    for item in items {
        let key: R<Option<Key>> = match &item.key {
            ObjectKey::Ident(id) => Ok(Some(Key::from(id.name))),
            // A bare `null` key is the string "null" (only `(null)` is an error).
            ObjectKey::Expression(k) if matches!(k.kind, ExprKind::Null) => {
                Ok(Some(Key::from("null")))
            }
            // Evaluating, Terraform refuses to guess whether `a.b = ...` is a
            // reference or a name; applications that read such keys
            // statically accept them (`providers = { aws.x = aws.y }`), and
            // so does template-preserving mode, which keeps them as written.
            ObjectKey::Expression(k)
                if ctx.mode() == EvalMode::Strict && is_scope_traversal(k) =>
            {
                Err(err(
                    k.span,
                    "Ambiguous attribute key", "If this expression is intended to be a reference, wrap it in parentheses. If it's instead intended as a literal name containing periods, wrap it in quotes to create a string literal.",
                ))
            }
            ObjectKey::Expression(k) => {
                // In template-preserving mode an unknown key is kept as a
                // template (`{(var.k) = 1}` gives `{"${var.k}": 1}`).
                let inner = match &k.kind {
                    ExprKind::Parenthesis(inner) => inner,
                    _ => k,
                };
                match eval_part(inner, top, ctx, d) {
                    // Its attributes are not known: nor is its type.
                    Ok((_, kt)) if !typing::is_known(&kt) => Ok(None),
                    Ok((kv, _)) => object_key(kv, k.span, item.value.span).map(Some),
                    Err(f) => Err(f),
                }
            }
        };
        let key = match key {
            Ok(key) => key,
            Err(f) => {
                failures.add_fail(f)?;
                None
            }
        };
        let (v, t) = match eval_part(&item.value, top, ctx, d) {
            Ok(r) => r,
            Err(f) => failures.note(f)?,
        };
        let Some(key) = key else {
            known = false;
            continue;
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
    if !known {
        return failures.finish(unknown::nullable(Type::Dynamic), |_| Placeholder::Dynamic);
    }
    let ty = typing::object(&map, typed);
    failures.finish((Value::Object(map), ty), boxed)
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

/// The key `k` (of the expression at `span`) of an object's item whose
/// value is at `value_span`, or the error HCL gives: a null key is
/// reported at the item's value, as HCL reports it.
pub(crate) fn object_key(k: Value, span: Span, value_span: Span) -> R<Key> {
    match k {
        Value::String(s) => Ok(Key::from(s)),
        Value::Number(n) => Ok(Key::from(n.to_plain_string())),
        Value::Bool(b) => Ok(Key::from(if b { "true" } else { "false" })),
        Value::Null => Err(err(
            value_span,
            "Null value as key",
            "Can't use a null value as a key.",
        )),
        _ => Err(err(
            span,
            "Incorrect key type",
            "Can't use this value as a key: string required.",
        )),
    }
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
            "Null condition",
            "The condition value is null. Conditions must either be true or false.",
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
        "Incorrect condition type",
        "The condition expression must be of type bool.",
    )
}

/// `c ? a : b`, as HCL's: both branches are evaluated and their types
/// unify (branches that do not are the only error reported); then a
/// condition that fails or is not a bool is reported, and the result is an
/// unknown of the unified type; otherwise the branch taken, with its own
/// errors (the other's are dropped), converted to that type.
fn eval_conditional(c: &Conditional<'_>, ctx: &Eval<'_, '_>, d: u32) -> R<(Value, Ty)> {
    let cond = eval_t(&c.cond, ctx, d);
    let x = eval_t(&c.true_expr, ctx, d);
    let y = eval_t(&c.false_expr, ctx, d);
    let spans = (c.true_expr.span, c.false_expr.span);
    // In template-preserving mode, a condition that refers to something
    // undefined keeps the whole expression as written.
    if let Err(Fail::Preserved(None)) = cond {
        return Err(Fail::Preserved(None));
    }
    // Each branch's value (a failed one's placeholder) and its failure.
    let split = |r: R<(Value, Ty)>| match r {
        Ok(v) => (v, None),
        Err(Fail::Err(e, p)) => (p.value(), Some(Fail::Err(e, Placeholder::Dynamic))),
        Err(Fail::Undefined(e, p)) => (p.value(), Some(Fail::Undefined(e, Placeholder::Dynamic))),
        Err(f) => (unknown::nullable(Type::Dynamic), Some(f)),
    };
    let ((xv, xf), (yv, yf)) = (split(x), split(y));
    let unified = match typing::unify_branches((&xv.0, &xv.1), (&yv.0, &yv.1)) {
        Ok(t) => t,
        Err(()) => {
            return Err(ops::inconsistent_branches(
                spans.0.to(spans.1),
                (&xv.0, &xv.1),
                (&yv.0, &yv.1),
            ))
        }
    };
    // What a condition that fails or is not a bool gives: an unknown of the
    // type the branches unify to.
    let unknown_result = |unified: Option<Type>| {
        unknown::nullable(ops::conditional_type(
            unified,
            (&xv.0, &xv.1),
            (&yv.0, &yv.1),
        ))
    };
    let (cond, cond_ty) = match cond {
        Ok(r) => r,
        Err(f) => {
            // HCL goes on with the condition's placeholder, refused when
            // it is known and not a bool; the result is an unknown.
            let mut failures = Failures::default();
            let (cond, cond_ty) = failures.note(f)?;
            if !typing::is_unknown(&cond_ty) && condition_bool(&cond).is_none() {
                failures.add_fail(condition_error(&cond, c.cond.span))?;
            }
            return failures.finish(unknown_result(unified), boxed);
        }
    };
    if typing::is_unknown(&cond_ty) {
        // Either branch may be the result; as in HCL, the errors of both
        // are dropped (neither is known to be taken), but not a reference
        // to something undefined.
        for f in [xf, yf].into_iter().flatten() {
            if let Fail::Preserved(_) | Fail::Undefined(..) = f {
                return Err(f);
            }
        }
        return ops::conditional(None, xv, yv, spans);
    }
    // (A tuple or object holding unknowns is not a bool either: only a
    // wholly unknown condition is not checked.)
    let Some(taken) = condition_bool(&cond) else {
        return Err(condition_error(&cond, c.cond.span).with_placeholder(unknown_result(unified)));
    };
    let (failed, chosen) = if taken { (xf, &xv) } else { (yf, &yv) };
    match failed {
        // The branch's placeholder converts to the unified type.
        Some(f @ (Fail::Err(..) | Fail::Undefined(..))) => {
            let placeholder = match unified {
                Some(t) => typing::convert(chosen.0.clone(), &chosen.1, &t)
                    .unwrap_or_else(|_| unknown::nullable(t)),
                None => chosen.clone(),
            };
            Err(f.with_placeholder(placeholder))
        }
        Some(f) => Err(f),
        None => ops::conditional(Some(taken), xv, yv, spans),
    }
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
        Value::Object(o) => Ok(typing::by_key(o)
            .into_iter()
            .map(|(i, k, v)| {
                let t = typing::attr(t, k, i, v);
                (Cow::Owned(Value::String(k.clone())), v, t)
            })
            .collect()),
        Value::Null => Err(err(
            span,
            "Iteration over null value",
            "A null value cannot be used as the collection in a 'for' expression.",
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
        "Iteration over non-iterable value",
        format_args!(
            "A value of type {type_name} cannot be used as the collection in a 'for' expression."
        ),
    )
}

/// HCL's check of a `for` expression's condition before the elements, with
/// its variables of unknown values: a condition that fails, is null or is
/// not a bool whatever the elements are is reported once, and the
/// expression is then an unknown of any type (`true`). `false` where there
/// is no condition or it passes.
fn condition_check(
    f: &ForExpr<'_>,
    ctx: &Eval<'_, '_>,
    d: u32,
    failures: &mut Failures,
) -> R<bool> {
    let Some(cond) = &f.cond else {
        return Ok(false);
    };
    let any = || {
        let (v, t) = unknown::nullable(Type::Dynamic);
        (Cow::Owned(v), t)
    };
    let key = f.key_var.as_ref().map(|k| {
        let (v, t) = any();
        (k.name, v, t)
    });
    let (v, t) = any();
    let scope = ctx.iteration(key, (f.value_var.name, v, t));
    let child = ctx.with(&scope);
    // A condition that failed goes on as its placeholder, checked as a
    // value is.
    let mut failed = false;
    let (c, ct) = match eval_t(cond, &child, d) {
        Ok(r) => r,
        Err(e) => {
            failed = true;
            failures.note(e)?
        }
    };
    if typing::is_unknown(&ct) {
        return Ok(failed);
    }
    if c.is_null() {
        failures.add_fail(err(
            cond.span,
            "Condition is null",
            "The value of the 'if' clause must not be null.",
        ))?;
        return Ok(true);
    }
    if condition_bool(&c).is_none() {
        failures.add_fail(err(
            cond.span,
            "Invalid 'for' condition",
            format_args!(
                "The 'if' clause value is invalid: {}.",
                crate::value::ty::primitive_required(c.is_string(), "bool")
            ),
        ))?;
        return Ok(true);
    }
    Ok(failed)
}

/// A `for` expression, as HCL's: each element's failures are reported and
/// the element goes on as its placeholder; a condition or key that fails,
/// is not known or not usable makes the result an unknown of any type
/// (reported while the result is still known).
fn eval_for(f: &ForExpr<'_>, ctx: &Eval<'_, '_>, d: u32) -> R<(Value, Ty)> {
    let mut failures = Failures::default();
    let dynamic = |_| Placeholder::Dynamic;
    let (coll, coll_ty) = match eval_t(&f.collection, ctx, d) {
        Ok(r) => r,
        Err(e) => failures.note(e)?,
    };
    let key_name = f.key_var.as_ref().map(|k| k.name);
    let value_name: &str = f.value_var.name;
    if typing::is_unknown(&coll_ty) {
        // Its type says already whether it can be iterated; one of unknown
        // type is not checked further.
        let t = typing::of(&coll, &coll_ty);
        if let Err(e) = not_iterable(&t, f.collection.span) {
            failures.add_fail(e)?;
        } else if *t != Type::Dynamic {
            condition_check(f, ctx, d, &mut failures)?;
        }
        return failures.finish(unknown::nullable(Type::Dynamic), dynamic);
    }
    let set = typing::is_set(&coll_ty);
    let items = match iter_items(&coll, &coll_ty, f.collection.span) {
        Ok(items) => items,
        Err(e) => {
            failures.add_fail(e)?;
            return failures.finish(unknown::nullable(Type::Dynamic), dynamic);
        }
    };
    if condition_check(f, ctx, d, &mut failures)? {
        return failures.finish(unknown::nullable(Type::Dynamic), dynamic);
    }
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
            // A condition that failed goes on as its placeholder.
            let (c, ct) = match eval_t(cond, &child, d) {
                Ok(r) => r,
                Err(e) => failures.note(e)?,
            };
            if typing::is_unknown(&ct) {
                known = false;
                continue;
            }
            match condition_bool(&c) {
                Some(true) => {}
                Some(false) => continue,
                None if !known => continue,
                None => {
                    known = false;
                    failures.add_fail(if c.is_null() {
                        err(
                            cond.span,
                            "Invalid 'for' condition",
                            "The value of the 'if' clause must not be null.",
                        )
                    } else {
                        err(
                            cond.span,
                            "Invalid 'for' condition",
                            format_args!(
                                "The 'if' clause value is invalid: {}.",
                                crate::value::ty::primitive_required(c.is_string(), "bool")
                            ),
                        )
                    })?;
                    continue;
                }
            }
        }
        match &f.key_expr {
            None => {
                let (v, t) = match eval_t(&f.value_expr, &child, d) {
                    Ok(r) => r,
                    Err(e) => failures.note(e)?,
                };
                ctx.budget.charge_value(&v, f.value_expr.span)?;
                if t.is_some() || tuple_types.is_some() {
                    tuple_types
                        .get_or_insert_with(|| vec![None; tuple.len()])
                        .push(t);
                }
                tuple.push(v);
            }
            Some(key_expr) => {
                let (key, key_ty) = match eval_t(key_expr, &child, d) {
                    Ok(r) => r,
                    Err(e) => failures.note(e)?,
                };
                if !typing::is_known(&key_ty) {
                    known = false;
                    continue;
                }
                let refused = match key {
                    Value::String(_) | Value::Number(_) | Value::Bool(_) => None,
                    _ if !known => {
                        continue;
                    }
                    Value::Null => {
                        Some("Key expression in 'for' expression must not produce a null value.")
                    }
                    _ => Some("The key expression produced an invalid result: string required."),
                };
                if let Some(detail) = refused {
                    known = false;
                    failures.add_fail(err(key_expr.span, "Invalid object key", detail))?;
                    continue;
                }
                let key = object_key(key, key_expr.span, key_expr.span)?;
                let (value, t) = match eval_t(&f.value_expr, &child, d) {
                    Ok(r) => r,
                    Err(e) => failures.note(e)?,
                };
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
                            failures.add_fail(err(
                                key_expr.span,
                                "Duplicate object key", format_args!("Two different items produced the key {} in this 'for' expression. If duplicates are expected, use the ellipsis (...) after the value expression to enable grouping by key.",
                                    crate::value::convert::quoted(o.key())
                                ),
                            ))?;
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
        return failures.finish(unknown::nullable(Type::Dynamic), dynamic);
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
        failures.finish((Value::Object(object), ty), boxed)
    } else {
        let ty = typing::tuple(&tuple, tuple_types);
        failures.finish((Value::Array(tuple), ty), boxed)
    }
}

// ---------------------------------------------------------------------------
// Traversals and splats

/// A traversal: its base, then each operator in turn.
fn eval_traversal(t: &Traversal<'_>, ctx: &Eval<'_, '_>, d: u32) -> R<(Value, Ty)> {
    let (base, ty): (Cow<'_, Value>, Ty) = match &t.expr.kind {
        ExprKind::Variable(name) => {
            let (v, m, ops) = match ctx.lookup(name) {
                Some(Found::Value(v, m)) => (v, m, t.operators),
                Some(Found::Namespace(ns)) => match ns.find(t.operators) {
                    // (The part the leading attributes name.)
                    Some((n, part)) => (part.value(), part.meta(), &t.operators[n..]),
                    None => {
                        let whole = ns.whole();
                        (whole.value(), whole.meta(), t.operators)
                    }
                },
                None => return Err(undefined_var(name, t.expr.span, ctx)),
            };
            // (The leading attributes on what the context holds: only the
            // part reached has its meta copied.)
            let (n, cur, ty) = descend(v, m, ops);
            return apply_ops(Cow::Borrowed(cur), ty, &ops[n..], ctx, d);
        }
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
            return Err(Fail::Preserved(None));
        }
        // A source that failed goes on as its placeholder.
        _ => match eval_t(&t.expr, ctx, d) {
            Ok((v, t)) => (Cow::Owned(v), t),
            Err(f) => {
                let mut failures = Failures::default();
                let (v, vt) = failures.note(f)?;
                return traverse(Cow::Owned(v), vt, t.operators, ctx, d, failures);
            }
        },
    };
    apply_ops(base, ty, t.operators, ctx, d)
}

/// The leading attribute steps of `ops` taken on a borrowed value `cur`
/// and its meta `ty`, as [`traverse`] takes them, without copying the
/// meta of the whole value: how many steps were taken, the value reached
/// and its meta. Stops before a step that is not an attribute of a known
/// object (or that fails), for [`traverse`] to take.
fn descend<'v>(
    mut cur: &'v Value,
    ty: Option<&'v Meta>,
    ops: &[TraversalOperator<'_>],
) -> (usize, &'v Value, Ty) {
    /// What is known of the value reached: its meta, or (of a part of a
    /// typed value) its type.
    enum Known<'v> {
        Meta(Option<&'v Meta>),
        Type(&'v crate::value::Type),
    }
    use crate::value::Type;
    let mut known = Known::Meta(ty);
    let mut n = 0;
    for op in ops {
        // An attribute, a literal key or a literal index.
        let (name, index) = match literal_step(op) {
            Some(LiteralStep::Name(n)) => (Some(n), None),
            Some(LiteralStep::Index(i)) => (None, i),
            None => break,
        };
        if let Some(i) = index {
            let Value::Array(a) = cur else {
                break;
            };
            let Some(i) = usize::try_from(i).ok().filter(|&i| i < a.len()) else {
                break;
            };
            let next = match known {
                Known::Meta(None) | Known::Type(Type::Dynamic) => Known::Meta(None),
                Known::Meta(Some(Meta::Parts(Type::Tuple(_) | Type::List(_), items))) => {
                    match items.get(i) {
                        Some(t) => Known::Meta(t.as_ref()),
                        None => break,
                    }
                }
                Known::Meta(Some(Meta::Typed(Type::Tuple(ts)))) | Known::Type(Type::Tuple(ts)) => {
                    match ts.get(i) {
                        Some(t) => Known::Type(t),
                        None => break,
                    }
                }
                Known::Meta(Some(Meta::Typed(Type::List(e)))) | Known::Type(Type::List(e)) => {
                    Known::Type(e)
                }
                _ => break,
            };
            cur = &a[i];
            known = next;
            n += 1;
            continue;
        }
        let Some(name) = name else {
            break;
        };
        let Value::Object(o) = cur else {
            break;
        };
        let Some(pos) = o.get_index_of(name) else {
            break;
        };
        let next = match known {
            Known::Meta(None) | Known::Type(Type::Dynamic) => Known::Meta(None),
            Known::Meta(Some(Meta::Parts(_, items))) => match items.get(pos) {
                Some(t) => Known::Meta(t.as_ref()),
                None => break,
            },
            Known::Meta(Some(Meta::Typed(Type::Object(attrs))))
            | Known::Type(Type::Object(attrs)) => match attrs.get(name) {
                Some(t) => Known::Type(t),
                None => break,
            },
            Known::Meta(Some(Meta::Typed(Type::Map(e)))) | Known::Type(Type::Map(e)) => {
                Known::Type(e)
            }
            _ => break,
        };
        cur = &o[pos];
        known = next;
        n += 1;
    }
    let ty = match known {
        Known::Meta(m) => m.cloned(),
        Known::Type(t) => crate::value::meta::element(t, cur),
    };
    (n, cur, ty)
}

/// The operators `ops` applied to `cur` (meta `ty`).
fn apply_ops(
    cur: Cow<'_, Value>,
    ty: Ty,
    ops: &[TraversalOperator<'_>],
    ctx: &Eval<'_, '_>,
    d: u32,
) -> R<(Value, Ty)> {
    traverse(cur, ty, ops, ctx, d, Failures::default())
}

/// [`apply_ops`] after the failures of what came before: the operators
/// apply to the placeholders, and their errors add to `failures`.
fn traverse(
    cur: Cow<'_, Value>,
    ty: Ty,
    ops: &[TraversalOperator<'_>],
    ctx: &Eval<'_, '_>,
    d: u32,
    mut failures: Failures,
) -> R<(Value, Ty)> {
    match traverse_parts(cur, ty, ops, ctx, d, &mut failures) {
        Ok(r) => failures.finish(r, boxed),
        Err(f) => {
            let (v, t) = failures.note(f)?;
            failures.finish((v, t), boxed)
        }
    }
}

/// The steps of [`traverse`]: a splat goes on after an element fails (its
/// placeholder in the result), recording the failure in `failures`.
fn traverse_parts(
    mut cur: Cow<'_, Value>,
    mut ty: Ty,
    ops: &[TraversalOperator<'_>],
    ctx: &Eval<'_, '_>,
    d: u32,
    failures: &mut Failures,
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
                let pos = attr_pos(&cur, &ty, id.name, op.span)?;
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
                (cur, ty) = index_value(cur, &ty, &key, op.span)?;
            }
            TraversalOperatorKind::LegacyIndex(n) => {
                if typing::is_set(&ty) && matches!(*cur, Value::Array(_)) {
                    return Err(access::set_index(op.span));
                }
                (cur, ty) = index_value(cur, &ty, &Value::from(*n), op.span)?;
            }
            TraversalOperatorKind::FullSplat => {
                null_splat(&cur, &ty, op.span)?;
                let rest = &ops[i + 1..];
                let (mut out, mut types) = (Vec::new(), Vec::new());
                // (An element that fails makes the result an unknown of its
                // type, as in HCL.)
                let mut failed = false;
                for (el, et) in splat_items(cur, &ty) {
                    let (v, t) = match traverse_parts(el, et, rest, ctx, d + 1, failures) {
                        Ok(r) => r,
                        Err(f) => {
                            failed = true;
                            failures.note(f)?
                        }
                    };
                    out.push(v);
                    types.push(t);
                }
                let t = match empty_splat(&out, &ty, rest, ctx, d)? {
                    Some(t) => t,
                    None => typing::splat(&ty, &out, types),
                };
                if failed {
                    let whole = typing::of(&Value::Array(out), &t).into_owned();
                    return Ok(unknown::nullable(whole));
                }
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
                let mut failed = false;
                for (el, et) in splat_items(cur, &ty) {
                    let (v, t) = match traverse_parts(el, et, attrs, ctx, d + 1, failures) {
                        Ok(r) => r,
                        Err(f) => {
                            failed = true;
                            failures.note(f)?
                        }
                    };
                    out.push(v);
                    types.push(t);
                }
                ty = match empty_splat(&out, &ty, attrs, ctx, d)? {
                    Some(t) => t,
                    None => typing::splat(&ty, &out, types),
                };
                if failed {
                    let whole = typing::of(&Value::Array(out), &ty).into_owned();
                    (cur, ty) = {
                        let (v, t) = unknown::nullable(whole);
                        (Cow::Owned(v), t)
                    };
                    i = j;
                    continue;
                }
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
            let ty = typing::with_parts(Type::tuple([et]), vec![inner]);
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
            TraversalOperatorKind::GetAttr(id) => unknown::attr_type(&t, id.name, op.span)?,
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
                    Type::List(e) | Type::Set(e) => {
                        Type::list(static_ops(Arc::unwrap_or_clone(e), each, ctx, d + 1)?)
                    }
                    Type::Tuple(ts) => Type::Tuple(
                        ts.iter()
                            .map(|e| static_ops(e.clone(), each, ctx, d + 1))
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
            "Splat of null value",
            "Splat expressions (with the * symbol) cannot be applied to null sequences.",
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

/// Position of attribute `name` in the object `v` of recorded type `ty`,
/// or the error HCL gives (at `span`, the attribute's `.name`).
fn attr_pos(v: &Value, ty: &Ty, name: &str, span: Span) -> R<usize> {
    match v {
        Value::Object(o) => o
            .get_index_of(name)
            .ok_or_else(|| access::no_attribute(&typing::of(v, ty), name, span)),
        Value::Null => Err(access::null_attribute(span)),
        _ => Err(access::no_attribute(&typing::of(v, ty), name, span)),
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

/// `cur[key]`; an error points at the index's `span` (its brackets,
/// or a legacy index's `.N`, as HCL's).
fn index_value<'v>(
    cur: Cow<'v, Value>,
    ty: &Ty,
    key: &Value,
    span: Span,
) -> R<(Cow<'v, Value>, Ty)> {
    if key.is_null() {
        return Err(access::null_key(span));
    }
    match &*cur {
        Value::Array(a) => {
            let n = access::key_number(key, span)?;
            match n.as_u64() {
                Some(i) if (i as usize) < a.len() && n.is_integer() => {
                    let v = take_array_item(cur, i as usize);
                    let t = typing::item(ty, i as usize, &v);
                    Ok((v, t))
                }
                _ => Err(access::no_element(&n, a.len(), span)),
            }
        }
        Value::Object(o) => {
            let k = access::key_string(key, span)?;
            match o.get_index_of(k.as_ref()) {
                Some(pos) => {
                    let t = typing::attr(ty, &k, pos, &o[pos]);
                    Ok((take_object_entry(cur, pos), t))
                }
                None => {
                    let object = !matches!(typing::of(&cur, ty).as_ref(), Type::Map(_));
                    Err(access::no_key(object, key, span))
                }
            }
        }
        Value::Null => Err(access::null_index(span)),
        _ => Err(access::no_indices(span)),
    }
}
