//! Expression evaluation: the core of the evaluator.

use std::borrow::Cow;

use super::context::{Context, EvalMode};
use super::kinds::{self, Kind, Rule};
use super::limits::{self, Budget};
use super::ops;
use super::print;
use super::template;
use crate::error::{Error, ErrorKind};
use crate::syntax::*;
use crate::value::{Map, Value};

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
    /// The expression depends on an undefined variable or function (or, in
    /// template-preserving mode, a function that failed). `try` and `can`
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
        ExprKind::Tuple(items) => eval_tuple(items, true, ctx, d + 1),
        ExprKind::Object(items) => eval_object(items, true, ctx, d + 1),
        ExprKind::Parenthesis(inner)
            if matches!(inner.kind, ExprKind::Tuple(_) | ExprKind::Object(_)) =>
        {
            return eval_top(inner, ctx, d + 1)
        }
        _ => eval(e, ctx, d),
    };
    match r {
        Err(Fail::Unknown(_)) => Ok(print::preserve(e, ctx)),
        r => r,
    }
}

fn eval_tuple(items: &[Expression<'_>], top: bool, ctx: &Eval<'_, '_>, d: u32) -> R<Value> {
    let mut out = Vec::with_capacity(items.len());
    for item in items {
        out.push(if top {
            eval_top(item, ctx, d)?
        } else {
            eval(item, ctx, d)?
        });
    }
    Ok(Value::Array(out))
}

/// Evaluates one expression.
pub(crate) fn eval(e: &Expression<'_>, ctx: &Eval<'_, '_>, d: u32) -> R<Value> {
    if ctx.too_deep(d) {
        return Err(too_deep(e.span));
    }
    let d = d + 1;
    match &e.kind {
        ExprKind::Null => Ok(Value::Null),
        ExprKind::Bool(b) => Ok(Value::Bool(*b)),
        ExprKind::Number(n) => Ok(Value::Number(n.value)),
        ExprKind::String(s) => Ok(Value::String(s.to_string())),
        ExprKind::Template(t) => template::eval_template_expr(t, ctx, d),
        ExprKind::Variable(name) => match ctx.var(name) {
            Some(v) => Ok(v.clone()),
            None => Err(undefined_var(name, e.span, ctx)),
        },
        ExprKind::Tuple(items) => eval_tuple(items, false, ctx, d),
        ExprKind::Object(items) => eval_object(items, false, ctx, d),
        ExprKind::FuncCall(fc) => eval_call::<false>(fc, e.span, ctx, d).map(|r| r.0),
        ExprKind::Traversal(t) => eval_traversal(t, ctx, d).map(|r| r.0),
        ExprKind::Unary(u) => {
            let v = eval(&u.expr, ctx, d)?;
            ops::unary(u.operator, v, e.span, u.expr.span)
        }
        ExprKind::Binary(_) => eval_binary(e, ctx, d),
        ExprKind::Conditional(c) => eval_conditional::<false>(c, ctx, d).map(|r| r.0),
        ExprKind::For(f) => eval_for(f, ctx, d),
        ExprKind::Parenthesis(inner) => eval(inner, ctx, d),
    }
}

/// Evaluates one expression and tells its collection [`Kind`] (see
/// [`kinds`]): used where Terraform's type matters (operands of `==`, the
/// collection of a `for`, the base of a traversal).
pub(crate) fn eval_k(e: &Expression<'_>, ctx: &Eval<'_, '_>, d: u32) -> R<(Value, Kind)> {
    match &e.kind {
        ExprKind::FuncCall(_)
        | ExprKind::Traversal(_)
        | ExprKind::Conditional(_)
        | ExprKind::Parenthesis(_)
        | ExprKind::Template(_) => eval_k_inner(e, ctx, d),
        // Constructors, `for`, variables and primitives are tuples, objects
        // or primitives.
        _ => eval(e, ctx, d).map(|v| (v, Kind::Plain)),
    }
}

fn eval_k_inner(e: &Expression<'_>, ctx: &Eval<'_, '_>, d: u32) -> R<(Value, Kind)> {
    if ctx.too_deep(d) {
        return Err(too_deep(e.span));
    }
    match &e.kind {
        ExprKind::FuncCall(fc) => eval_call::<true>(fc, e.span, ctx, d + 1),
        ExprKind::Traversal(t) => eval_traversal(t, ctx, d + 1),
        ExprKind::Conditional(c) => eval_conditional::<true>(c, ctx, d + 1),
        ExprKind::Parenthesis(inner) => eval_k(inner, ctx, d + 1),
        ExprKind::Template(t) => match t.template.elements {
            [Element::Interpolation(i)] => eval_k(&i.expr, ctx, d + 1),
            _ => eval(e, ctx, d).map(|v| (v, Kind::Plain)),
        },
        _ => eval(e, ctx, d).map(|v| (v, Kind::Plain)),
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
fn eval_binary(e: &Expression<'_>, ctx: &Eval<'_, '_>, d: u32) -> R<Value> {
    let (cur, chain) = e.binary_chain();
    let is_eq = |b: &BinaryOp<'_>| matches!(b.operator, BinaryOperator::Eq | BinaryOperator::NotEq);
    // Equality compares types too, so its operands carry their kinds.
    let (mut acc, mut acc_kind) = if chain.last().is_some_and(|b| is_eq(b)) {
        eval_k(cur, ctx, d)?
    } else {
        (eval(cur, ctx, d)?, Kind::Plain)
    };
    let mut lhs_span = cur.span;
    for b in chain.iter().rev() {
        if is_eq(b) {
            let (rhs, rhs_kind) = eval_k(&b.rhs, ctx, d)?;
            let same = kinds::equal(&acc, acc_kind, &rhs, rhs_kind);
            acc = Value::Bool(same == (b.operator == BinaryOperator::Eq));
        } else {
            let rhs = eval(&b.rhs, ctx, d)?;
            acc = ops::binary(b.operator, acc, rhs, lhs_span, b.rhs.span)?;
        }
        acc_kind = Kind::Plain;
        lhs_span = lhs_span.to(b.rhs.span);
    }
    Ok(acc)
}

fn eval_object(items: &[ObjectItem<'_>], top: bool, ctx: &Eval<'_, '_>, d: u32) -> R<Value> {
    let mut map = Map::with_capacity(items.len());
    for item in items {
        let key = match &item.key {
            ObjectKey::Ident(id) => id.name.to_string(),
            // A bare `null` key is the string "null" (only `(null)` is an error).
            ObjectKey::Expression(k) if matches!(k.kind, ExprKind::Null) => "null".to_owned(),
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
                    eval(inner, ctx, d)?
                };
                object_key(kv, k.span)?
            }
        };
        let v = if top {
            eval_top(&item.value, ctx, d)?
        } else {
            eval(&item.value, ctx, d)?
        };
        // A duplicate key is not an error: the last one wins (as Terraform).
        map.insert(key, v);
    }
    Ok(Value::Object(map))
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

fn object_key(k: Value, span: Span) -> R<String> {
    match k {
        Value::String(s) => Ok(s),
        Value::Number(n) => Ok(n.to_plain_string()),
        Value::Bool(b) => Ok(b.to_string()),
        Value::Null => Err(err(
            span,
            "Null value as key: Can't use a null value as a key.",
        )),
        other => Err(err(
            span,
            format!(
                "Incorrect key type: Can't use this value as a key: string required, but have {}.",
                other.type_name()
            ),
        )),
    }
}

/// `c ? a : b`; with `WANT`, the branches carry their kinds and the result
/// gets the kind of the unified type.
fn eval_conditional<const WANT: bool>(
    c: &Conditional<'_>,
    ctx: &Eval<'_, '_>,
    d: u32,
) -> R<(Value, Kind)> {
    let cond = eval(&c.cond, ctx, d)?;
    let cond = match cond {
        Value::Bool(b) => b,
        Value::String(s) if s == "true" => true,
        Value::String(s) if s == "false" => false,
        Value::Null => {
            return Err(err(
                c.cond.span,
                "Null condition: The condition value is null. Conditions must either be true or false.",
            ))
        }
        other => {
            return Err(err(
                c.cond.span,
                format!(
                    "Incorrect condition type: The condition expression must be of type bool, but have {}.",
                    other.type_name()
                ),
            ))
        }
    };
    let (taken, other) = if cond {
        (&c.true_expr, &c.false_expr)
    } else {
        (&c.false_expr, &c.true_expr)
    };
    let branch = |x| {
        if WANT {
            eval_k(x, ctx, d)
        } else {
            eval(x, ctx, d).map(|v| (v, Kind::Plain))
        }
    };
    let (v, vk) = branch(taken)?;
    // Errors in the branch not taken are discarded, but its type takes part
    // in the unification of the result type.
    let Ok((o, ok)) = branch(other) else {
        return Ok((v, vk));
    };
    let (t, f) = if cond { (&v, &o) } else { (&o, &v) };
    match ops::unify(t, f) {
        Some(target) => {
            let kind = if WANT {
                kinds::unified((&v, vk), (&o, ok), &target)
            } else {
                Kind::Plain
            };
            Ok((ops::convert(v, &target), kind))
        }
        None => Err(err(
            c.true_expr.span.to(c.false_expr.span),
            format!(
                "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is {}, but the 'false' value is {}.",
                ops::describe(t),
                ops::describe(f)
            ),
        )),
    }
}

/// Items of an iterable value for `for`: (key, value), objects in
/// lexicographic key order; over a set (`kind`) the key is the element
/// itself.
pub(crate) fn iter_items<'v>(
    coll: &'v Value,
    kind: Kind,
    span: Span,
    what: &str,
) -> R<Vec<(Cow<'v, Value>, &'v Value)>> {
    match coll {
        Value::Array(a) if kind == Kind::Set => Ok(a.iter().map(|v| (Cow::Borrowed(v), v)).collect()),
        Value::Array(a) => Ok(a
            .iter()
            .enumerate()
            .map(|(i, v)| (Cow::Owned(Value::from(i)), v))
            .collect()),
        Value::Object(o) => {
            let mut items: Vec<(&String, &Value)> = o.iter().collect();
            items.sort_unstable_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
            Ok(items
                .into_iter()
                .map(|(k, v)| (Cow::Owned(Value::String(k.clone())), v))
                .collect())
        }
        Value::Null => Err(err(
            span,
            format!(
                "Iteration over null value: A null value cannot be used as the collection in a {what}."
            ),
        )),
        other => Err(err(
            span,
            format!(
                "Iteration over non-iterable value: A value of type {} cannot be used as the collection in a {what}.",
                other.type_name()
            ),
        )),
    }
}

fn eval_for(f: &ForExpr<'_>, ctx: &Eval<'_, '_>, d: u32) -> R<Value> {
    let (coll, kind) = eval_k(&f.collection, ctx, d)?;
    let items = iter_items(&coll, kind, f.collection.span, "'for' expression")?;
    let key_name = f.key_var.as_ref().map(|k| k.name);
    let value_name: &str = f.value_var.name;
    let mut tuple = Vec::new();
    let mut object: Map<String, Value> = Map::new();
    for (k, v) in items {
        let child_ctx = ctx.iteration(key_name.map(|n| (n, k)), (value_name, Cow::Borrowed(v)));
        let child = ctx.with(&child_ctx);
        if let Some(cond) = &f.cond {
            let c = eval(cond, &child, d)?;
            let keep = match c {
                Value::Bool(b) => b,
                Value::String(s) if s == "true" => true,
                Value::String(s) if s == "false" => false,
                Value::Null => {
                    return Err(err(
                        cond.span,
                        "Condition is null: The value of the 'if' clause must not be null.",
                    ))
                }
                other => {
                    return Err(err(
                        cond.span,
                        format!(
                            "Invalid 'for' condition: The 'if' clause value is invalid: bool required, but have {}.",
                            other.type_name()
                        ),
                    ))
                }
            };
            if !keep {
                continue;
            }
        }
        match &f.key_expr {
            None => {
                let v = eval(&f.value_expr, &child, d)?;
                ctx.budget.charge_value(&v, f.value_expr.span)?;
                tuple.push(v);
            }
            Some(key_expr) => {
                let key = match eval(key_expr, &child, d)? {
                    Value::Null => return Err(err(
                        key_expr.span,
                        "Invalid object key: Key expression in 'for' expression must not produce a null value.",
                    )),
                    k @ (Value::String(_) | Value::Number(_) | Value::Bool(_)) => {
                        object_key(k, key_expr.span)?
                    }
                    other => {
                        return Err(err(
                            key_expr.span,
                            format!(
                                "Invalid object key: The key expression produced an invalid result: string required, but have {}.",
                                other.type_name()
                            ),
                        ))
                    }
                };
                let value = eval(&f.value_expr, &child, d)?;
                ctx.budget.charge_value(&value, f.value_expr.span)?;
                ctx.budget.charge_bytes(key.len(), key_expr.span)?;
                if f.grouping {
                    match object.entry(key) {
                        indexmap::map::Entry::Occupied(mut o) => {
                            if let Value::Array(a) = o.get_mut() {
                                a.push(value);
                            }
                        }
                        indexmap::map::Entry::Vacant(slot) => {
                            slot.insert(Value::Array(vec![value]));
                        }
                    }
                } else {
                    match object.entry(key) {
                        indexmap::map::Entry::Occupied(o) => {
                            return Err(err(
                                key_expr.span,
                                format!(
                                    "Duplicate object key: Two different items produced the key \"{}\" in this 'for' expression. If duplicate keys are expected, use the ellipsis (...) after the value expression to enable grouping by key.",
                                    o.key()
                                ),
                            ))
                        }
                        indexmap::map::Entry::Vacant(slot) => {
                            slot.insert(value);
                        }
                    }
                }
            }
        }
    }
    if f.key_expr.is_some() {
        Ok(Value::Object(object))
    } else {
        Ok(Value::Array(tuple))
    }
}

// ---------------------------------------------------------------------------
// Traversals and splats

/// A traversal; its kind is the base's when there are no operators, a
/// list for a splat over a list or set, and [`Kind::Plain`] otherwise.
fn eval_traversal(t: &Traversal<'_>, ctx: &Eval<'_, '_>, d: u32) -> R<(Value, Kind)> {
    let (base, kind): (Cow<'_, Value>, Kind) = match &t.expr.kind {
        ExprKind::Variable(name) => match ctx.var(name) {
            Some(v) => (Cow::Borrowed(v), Kind::Plain),
            None => return Err(undefined_var(name, t.expr.span, ctx)),
        },
        _ => {
            let (v, k) = eval_k(&t.expr, ctx, d)?;
            (Cow::Owned(v), k)
        }
    };
    apply_ops(base, kind, t.operators, ctx, d)
}

/// The kind of a splat's result over a value of kind `k`.
fn splat_kind(k: Kind) -> Kind {
    match k {
        Kind::List | Kind::Set => Kind::List,
        Kind::Unknown => Kind::Unknown,
        _ => Kind::Plain,
    }
}

#[cold]
#[inline(never)]
fn set_index(span: Span) -> Fail {
    invalid_index(
        span,
        "Elements of a set are identified only by their value and don't have any separate index or key to select with, so it's only possible to perform operations across all elements of the set.",
    )
}

fn apply_ops(
    mut cur: Cow<'_, Value>,
    mut kind: Kind,
    ops: &[TraversalOperator<'_>],
    ctx: &Eval<'_, '_>,
    d: u32,
) -> R<(Value, Kind)> {
    if ctx.too_deep(d) {
        return Err(too_deep(ops.first().map_or(Span::default(), |o| o.span)));
    }
    let mut i = 0;
    while i < ops.len() {
        let op = &ops[i];
        match &op.kind {
            TraversalOperatorKind::GetAttr(id) => {
                let pos = attr_pos(&cur, id)?;
                cur = take_object_entry(cur, pos);
            }
            TraversalOperatorKind::Index(ix) => {
                let key = eval(ix, ctx, d + 1)?;
                if kind == Kind::Set && matches!(*cur, Value::Array(_)) && !key.is_null() {
                    return Err(set_index(op.span));
                }
                cur = index_value(cur, &key, op.span, ix.span)?;
            }
            TraversalOperatorKind::LegacyIndex(n) => {
                if kind == Kind::Set && matches!(*cur, Value::Array(_)) {
                    return Err(set_index(op.span));
                }
                cur = index_value(cur, &Value::from(*n), op.span, op.span)?;
            }
            TraversalOperatorKind::FullSplat => {
                let rest = &ops[i + 1..];
                let mut out = Vec::new();
                for el in splat_items(cur) {
                    out.push(apply_ops(el, Kind::Plain, rest, ctx, d + 1)?.0);
                }
                return Ok((Value::Array(out), splat_kind(kind)));
            }
            TraversalOperatorKind::AttrSplat => {
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
                let mut out = Vec::new();
                for el in splat_items(cur) {
                    out.push(apply_ops(el, Kind::Plain, attrs, ctx, d + 1)?.0);
                }
                cur = Cow::Owned(Value::Array(out));
                kind = splat_kind(kind);
                i = j;
                continue;
            }
        }
        // An element taken out of a collection: its kind is not tracked
        // (unknown for an element of a list, set or map; an element of a
        // tuple or object is a tuple, object or primitive).
        kind = kind.element();
        i += 1;
    }
    Ok((cur.into_owned(), kind))
}

fn splat_items(cur: Cow<'_, Value>) -> Vec<Cow<'_, Value>> {
    match cur {
        Cow::Borrowed(Value::Null) | Cow::Owned(Value::Null) => Vec::new(),
        Cow::Borrowed(Value::Array(a)) => a.iter().map(Cow::Borrowed).collect(),
        Cow::Owned(Value::Array(a)) => a.into_iter().map(Cow::Owned).collect(),
        other => vec![other],
    }
}

/// Position of attribute `id` in the object `v`, or the error Terraform gives.
fn attr_pos(v: &Value, id: &Ident<'_>) -> R<usize> {
    match v {
        Value::Object(o) => o.get_index_of(id.name).ok_or_else(|| {
            err(
                id.span,
                format!(
                    "Unsupported attribute: This object does not have an attribute named \"{}\".",
                    id.name
                ),
            )
        }),
        Value::Null => Err(err(
            id.span,
            format!(
                "Attempt to get attribute from null value: This value is null, so it does not have any attributes (looking for \"{}\").",
                id.name
            ),
        )),
        other => Err(err(
            id.span,
            format!(
                "Unsupported attribute: Can't access attribute \"{}\" on a value of type {}.",
                id.name,
                other.type_name()
            ),
        )),
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

#[cold]
#[inline(never)]
fn invalid_index(span: Span, detail: impl std::fmt::Display) -> Fail {
    err(span, format!("Invalid index: {detail}"))
}

/// `cur[key]`.
fn index_value<'v>(
    cur: Cow<'v, Value>,
    key: &Value,
    span: Span,
    key_span: Span,
) -> R<Cow<'v, Value>> {
    if key.is_null() {
        return Err(invalid_index(
            key_span,
            "Can't use a null value as an indexing key.",
        ));
    }
    match &*cur {
        Value::Array(a) => {
            let n = match key {
                Value::Number(n) => Some(*n),
                Value::String(s) => crate::value::Number::parse(s),
                _ => None,
            };
            let Some(n) = n else {
                return Err(invalid_index(
                    key_span,
                    format!(
                        "The given key does not identify an element in this collection value: a number is required, but have {}.",
                        key.type_name()
                    ),
                ));
            };
            match n.as_u64() {
                Some(i) if (i as usize) < a.len() && n.is_integer() => {
                    Ok(take_array_item(cur, i as usize))
                }
                _ if !n.is_integer() => Err(invalid_index(
                    key_span,
                    "The given key does not identify an element in this collection value: indexing a sequence requires a whole number.",
                )),
                _ if a.is_empty() => Err(invalid_index(
                    key_span,
                    "The given key does not identify an element in this collection value: the collection has no elements.",
                )),
                _ => Err(invalid_index(
                    key_span,
                    format!(
                        "The given key does not identify an element in this collection value: index {n} is out of range for a tuple of {} element{}.",
                        a.len(),
                        if a.len() == 1 { "" } else { "s" }
                    ),
                )),
            }
        }
        Value::Object(o) => {
            let k: Cow<'_, str> = match key {
                Value::String(s) => Cow::Borrowed(s),
                Value::Number(n) => Cow::Owned(n.to_plain_string()),
                Value::Bool(b) => Cow::Borrowed(if *b { "true" } else { "false" }),
                other => {
                    return Err(invalid_index(
                        key_span,
                        format!(
                            "The given key does not identify an element in this collection value: string required, but have {}.",
                            other.type_name()
                        ),
                    ))
                }
            };
            match o.get_index_of(k.as_ref()) {
                Some(pos) => Ok(take_object_entry(cur, pos)),
                None => Err(invalid_index(
                    key_span,
                    format!(
                        "The given key does not identify an element in this collection value: there is no element with key \"{k}\"."
                    ),
                )),
            }
        }
        Value::Null => Err(err(
            span,
            "Attempt to index null value: This value is null, so it does not have any indices.",
        )),
        other => Err(invalid_index(
            span,
            format!(
                "This value does not have any indices (it is a {}).",
                other.type_name()
            ),
        )),
    }
}

// ---------------------------------------------------------------------------
// Function calls

/// A function call; with `WANT`, the result's kind is computed too (for a
/// built-in, from its [`kinds::rule`]; a declared function gives
/// [`Kind::Plain`]).
fn eval_call<const WANT: bool>(
    fc: &FuncCall<'_>,
    span: Span,
    ctx: &Eval<'_, '_>,
    d: u32,
) -> R<(Value, Kind)> {
    let full: Cow<'_, str> = if fc.name.namespace.is_empty() {
        Cow::Borrowed(fc.name.name.name)
    } else {
        Cow::Owned(fc.name.to_full_name())
    };
    let name_span = fc
        .name
        .namespace
        .first()
        .map_or(fc.name.name.span, |n| n.span)
        .to(fc.name.name.span);
    let bare = full.strip_prefix("core::").unwrap_or(&full);
    // Built-ins the evaluator treats specially, unless the context
    // declares a function of that name itself.
    let builtin = ctx.declared_func(&full).is_none();
    if (bare == "try" || bare == "can") && builtin {
        return eval_try_can(bare == "can", fc, span, ctx, d, WANT);
    }
    let Some(def) = ctx.func(&full) else {
        return Err(unknown_function(&fc.name, &full, name_span, ctx));
    };
    if bare == "templatestring" && builtin {
        inline_template_check(fc, span)?;
    }
    let rule = if WANT && builtin {
        kinds::rule(bare)
    } else {
        Rule::Fixed(Kind::Plain)
    };
    // `element` counts a negative index from the end of a list (not of a
    // tuple), so it needs its argument's kind in every mode.
    let element = bare == "element" && builtin;
    let mut arg_kinds = Vec::new();
    let mut args = Vec::with_capacity(fc.args.len());
    let last = fc.args.len().saturating_sub(1);
    let mut expanded: Option<(Value, Span)> = None;
    for (i, a) in fc.args.iter().enumerate() {
        let v = if (WANT && rule == Rule::FromArgs) || element {
            let (v, k) = eval_k(a, ctx, d)?;
            arg_kinds.push(k);
            v
        } else {
            eval(a, ctx, d)?
        };
        if fc.expand_final && i == last {
            expanded = Some((v, a.span));
            arg_kinds.pop();
        } else {
            args.push(v);
        }
    }
    if element && arg_kinds.first() == Some(&Kind::List) {
        wrap_negative_index(&mut args);
    }
    if element && arg_kinds.first() == Some(&Kind::Set) {
        // A set has no order to index by.
        let of = match args.first() {
            Some(Value::Array(a)) => a
                .first()
                .map_or("dynamic", super::functions::util::friendly_type),
            _ => "dynamic",
        };
        return Err(call_failed(
            "element",
            format!("cannot read elements from set of {of}"),
            span,
        ));
    }
    let r = invoke(
        ctx,
        def,
        &full,
        fc,
        args,
        expanded,
        span,
        |args| match rule {
            Rule::Fixed(k) => k,
            Rule::FromArgs => kinds::from_args(bare, args, &arg_kinds),
        },
    );
    match r {
        // The call itself failed (arity, argument types, implementation):
        // functions differ between tools and may depend on the environment
        // (files, time), so template-preserving mode keeps the call. A
        // size limit is not kept: it is reported in every mode.
        Err(Fail::Err(e))
            if ctx.mode() == EvalMode::PreserveTemplates && e.kind() != ErrorKind::Limit =>
        {
            Err(Fail::Unknown(None))
        }
        r => r,
    }
}

#[allow(clippy::too_many_arguments)]
fn invoke(
    ctx: &Eval<'_, '_>,
    def: &super::func::FuncDef,
    full: &str,
    fc: &FuncCall<'_>,
    mut args: Vec<Value>,
    expanded: Option<(Value, Span)>,
    span: Span,
    kind: impl FnOnce(&[Value]) -> Kind,
) -> R<(Value, Kind)> {
    if let Some((v, arg_span)) = expanded {
        match v {
            Value::Array(items) => args.extend(items),
            Value::Null => {
                return Err(err(
                    arg_span,
                    "Invalid expanding argument value: The expanding argument (indicated by ...) must not be null.",
                ))
            }
            other => {
                return Err(err(
                    arg_span,
                    format!(
                        "Invalid expanding argument value: The expanding argument (indicated by ...) must be of a tuple, list, or set type, but have {}.",
                        other.type_name()
                    ),
                ))
            }
        }
    }
    let params = def.params();
    if args.len() < params.len() {
        return Err(err(
            fc.args_span,
            format!(
                "Not enough function arguments: Function \"{full}\" expects {} argument(s). Missing value for \"{}\".",
                params.len(),
                params[args.len()].name
            ),
        ));
    }
    if args.len() > params.len() && def.variadic().is_none() {
        let extra = fc.args.get(params.len()).map_or(fc.args_span, |a| a.span);
        return Err(err(
            extra,
            format!(
                "Too many function arguments: Function \"{full}\" expects only {} argument(s).",
                params.len()
            ),
        ));
    }
    let kind = kind(&args);
    match def.call_in(args, ctx.budget) {
        Ok(v) => {
            ctx.budget.charge_value(&v, span)?;
            Ok((v, kind))
        }
        Err(msg) => Err(call_failed(full, msg, span)),
    }
}

#[cold]
#[inline(never)]
fn unknown_function(name: &FuncName<'_>, full: &str, span: Span, ctx: &Eval<'_, '_>) -> Fail {
    let msg = || {
        if name.namespace.first().is_some_and(|n| n.name == "provider") {
            format!("Unknown provider function: There is no function named \"{full}\".")
        } else if !ctx.has_builtins() && ctx.declared_func(full).is_none() {
            format!("Call to unknown function: There is no function named \"{full}\" (this context has no functions).")
        } else {
            format!("Call to unknown function: There is no function named \"{full}\".")
        }
    };
    unknown(ctx, span, msg)
}

/// `element(list, i)` with a negative `i` counts from the end of the list
/// (cty takes `i` modulo the length), as Terraform 1.11 does for lists;
/// for tuples it fails.
fn wrap_negative_index(args: &mut [Value]) {
    let [Value::Array(list), Value::Number(i)] = args else {
        return;
    };
    let (Some(i), Ok(len)) = (i.as_i64(), i64::try_from(list.len())) else {
        return;
    };
    if i < 0 && len > 0 {
        args[1] = Value::from(i.rem_euclid(len));
    }
}

/// `templatestring` renders templates that come from elsewhere: as in
/// Terraform, its template must be a direct reference (`local.t`,
/// `data.x.y.content`), not a template written inline nor another
/// expression.
fn inline_template_check(fc: &FuncCall<'_>, span: Span) -> R<()> {
    let Some(arg) = fc.args.first() else {
        return Ok(());
    };
    let detail = match &arg.kind {
        ExprKind::Variable(_) => return Ok(()),
        _ if is_scope_traversal(arg) => return Ok(()),
        ExprKind::String(_) | ExprKind::Template(_) => "templatestring is only for rendering templates retrieved dynamically from elsewhere; to render an inline template, consider using a plain template string expression",
        _ => "must be a direct reference to a single string from elsewhere, containing valid Terraform template syntax",
    };
    Err(call_failed(
        "templatestring",
        format!("invalid value for \"template\" parameter: invalid template expression: {detail}"),
        span,
    ))
}

#[cold]
#[inline(never)]
fn call_failed(full: &str, msg: String, span: Span) -> Fail {
    if limits::is_limit_message(&msg) {
        return Fail::Err(Error::spanned(
            ErrorKind::Limit,
            format!("Error in function call: Call to function \"{full}\" failed: {msg}."),
            span,
        ));
    }
    if let Some(rest) = msg.strip_prefix("invalid value for") {
        return err(
            span,
            format!("Invalid function argument: Invalid value for{rest}."),
        );
    }
    err(
        span,
        format!("Error in function call: Call to function \"{full}\" failed: {msg}."),
    )
}

fn eval_try_can(
    is_can: bool,
    fc: &FuncCall<'_>,
    span: Span,
    ctx: &Eval<'_, '_>,
    d: u32,
    want: bool,
) -> R<(Value, Kind)> {
    let name = if is_can { "can" } else { "try" };
    if fc.expand_final {
        return Err(err(
            span,
            format!("Invalid expanding argument value: \"{name}\" does not accept an expanding argument."),
        ));
    }
    if is_can && fc.args.len() != 1 {
        return Err(err(
            fc.args_span,
            format!(
                "{}: Function \"can\" expects 1 argument(s).",
                if fc.args.is_empty() {
                    "Not enough function arguments"
                } else {
                    "Too many function arguments"
                }
            ),
        ));
    }
    if fc.args.is_empty() {
        return Err(err(
            fc.args_span,
            "Error in function call: Call to function \"try\" failed: at least one argument is required.",
        ));
    }
    let mut failures = String::new();
    for a in fc.args {
        let r = if want && !is_can {
            eval_k(a, ctx, d)
        } else {
            eval(a, ctx, d).map(|v| (v, Kind::Plain))
        };
        match r {
            Ok(v) => {
                return Ok(if is_can {
                    (Value::Bool(true), Kind::Plain)
                } else {
                    v
                })
            }
            Err(Fail::Unknown(e)) => return Err(Fail::Unknown(e)),
            Err(Fail::Err(e)) => {
                if is_can {
                    return Ok((Value::Bool(false), Kind::Plain));
                }
                failures.push_str("\n- ");
                failures.push_str(e.message());
            }
        }
    }
    Err(err(
        span,
        format!("Error in function call: Call to function \"try\" failed: no expression succeeded:{failures}"),
    ))
}
