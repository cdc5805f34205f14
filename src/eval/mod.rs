//! Evaluation: syntax tree + [`Context`] → [`Value`], with
//! Terraform 1.11's semantics.
//!
//! ```
//! use hcl::eval::{Context, Evaluate};
//! use hcl::Value;
//!
//! let src = "a = 1 + 2\nb = [for s in [\"x\", \"y\"] : upper(s)]\n";
//! let file = hcl::parse(src).unwrap();
//! let body = file.body();
//! let mut ctx = Context::new();
//! ctx.set_source(src);
//! let v = body.evaluate(&ctx).unwrap();
//! assert_eq!(v["a"], Value::from(3));
//! ```
//!
//! * [`Context`] holds variables, functions and the [`EvalMode`]:
//!   [`EvalMode::Strict`] (an undefined variable or function is an error)
//!   or [`EvalMode::PreserveTemplates`] (such expressions are kept as
//!   `"${...}"` template strings).
//! * [`Evaluate`] is implemented for [`Expression`], [`Template`],
//!   [`TemplateExpr`], [`Body`], [`Attribute`] and [`Block`]. A body evaluates to an object in HCL's
//!   JSON shape: a block `type "l1" "l2" { ... }` becomes
//!   `type → l1 → l2 → {...}`; several blocks with the same type and labels
//!   become an array of bodies, a single one an object.
//! * Errors are [`Error`](crate::Error)s of kind [`ErrorKind::Eval`](crate::ErrorKind::Eval) carrying the span of
//!   the failing expression. `evaluate` has no source text, so call
//!   [`Error::with_source`](crate::Error::with_source) to get line, column and snippet, or use
//!   [`evaluate_with_source`] / [`evaluate_str`] / [`evaluate_body_str`],
//!   which do it.
//! * `try` and `can` take their arguments' expressions (HCL's `tryfunc`):
//!   they are evaluated lazily; as in Terraform they do not catch
//!   references to undefined variables or functions.
//!
//! # Template-preserving mode
//!
//! [`EvalMode::PreserveTemplates`] (used by `hcl json` and
//! [`hcl::from_str`](crate::from_str)) keeps what cannot be evaluated:
//!
//! * an expression in *output position* (an attribute's value, or an
//!   element/value of a tuple or object constructor in output position)
//!   that refers to an undefined variable or function becomes a string
//!   holding its source as a template: `b = var.x` → `"${var.x}"`,
//!   `c = "pre-${var.x}"` → `"pre-${var.x}"`, `d = [1, var.y]` →
//!   `[1, "${var.y}"]`, `e = upper(var.z)` → `"${upper(var.z)}"`; an
//!   unknown object key becomes a template key (`{(var.k) = 1}` →
//!   `{"${var.k}": 1}`);
//! * a template there keeps what it knows: known interpolations are
//!   substituted and only unknown ones stay as `${...}` (`"${local.name}
//!   on ${build.id}"` with `local.name` known gives `"web on
//!   ${build.id}"`; its known text is escaped, `$${` for `${`, so the
//!   string reads back as the same template). A template with directives
//!   is kept whole;
//! * anywhere else (operands, function arguments, traversals, `for` bodies,
//!   conditionals) the unknown propagates to the enclosing output-position
//!   expression, so no operation ever sees a kept template as a value:
//!   `length([1, var.x])` → `"${length([1, var.x])}"`;
//! * a call of a function the context does not have (one it does not
//!   declare, or a file function when files are not allowed) is kept as
//!   written too; a call with known arguments that fails (wrong arity or
//!   argument type, `jsondecode("{")`) is an error, as in Terraform;
//! * with the source text (see [`evaluate_with_source`]) kept expressions
//!   are sliced out exactly as written; without it they are printed from
//!   the tree ([`print_expr`]). Heredocs and directives keep a template
//!   form that parses back to the same value.
//!
//! Real errors (`[1][5]`, `"a" + 1`) remain errors in both modes. A known
//! string that contains `${` (from `$${` in the source) is not escaped
//! again, so it cannot be told apart from a kept template.
//!
//! # Values
//!
//! Objects keep their keys in insertion order (source order), but `for`
//! expressions and `%{ for }` directives iterate objects in lexicographic
//! key order, as Terraform does. Numbers are exact as Terraform's are
//! (512-bit binary floats; see [`Number`](crate::Number)).
//!
//! # Types
//!
//! Every evaluated value has the type Terraform gives it ([`Type`](crate::Type)), and
//! [`evaluate_typed`] returns it beside the value ([`Typed`]). [`Value`]
//! keeps lists, sets and tuples all as arrays, and maps and objects both as
//! objects; the evaluator records a value's type beside it where the value
//! does not tell it (after `tolist`, `toset`, `tomap`, `tostring(null)`, a
//! collection function, a splat over a list, a conditional whose branches
//! unify), nested values included. So equality compares types as Terraform
//! does (`tolist([1]) == [1]` and `[tolist([1])] == [[1]]` are `false`,
//! `[1] == [1]` is `true`), `for` over a set binds the key variable to the
//! element itself, a set cannot be indexed, and functions type their
//! results as Terraform's do (`concat(tolist([1]), tolist(["a"]))` is a
//! `list(string)`, `["1", "a"]`). Variables from the [`Context`] are plain
//! values: tuples and objects.
//!
//! ```
//! let ctx = hcl::eval::Context::new();
//! let t = hcl::eval::evaluate_typed_str("{a = true ? {} : {b = 1}}", &ctx).unwrap();
//! assert_eq!(t.ty().to_string(), "object({a: map(number)})");
//! let t = hcl::eval::evaluate_typed_str("merge(tomap({a = 1}), tomap({b = true}))", &ctx).unwrap();
//! assert_eq!(t.ty().to_string(), "object({a: number, b: bool})");
//! ```

mod access;
mod body;
mod call;
mod context;
mod dynamic;
mod expr;
mod fail;
mod func;
pub mod functions;
pub(crate) mod limits;
mod ops;
pub(crate) mod print;
mod stream;
mod template;
pub(crate) mod typing;
mod unknown;

pub use crate::value::Typed;
pub use context::{Context, EvalMode, MAX_WARNINGS};
pub(crate) use context::{Namespace, Part};
pub use dynamic::expand_dynamic;
pub(crate) use dynamic::expand_dynamic_known;
pub use func::{FuncDef, FuncDefBuilder, FuncError, FuncResult, Param, ParamType};
pub use limits::{Limits, DEFAULT_MAX_ELEMENTS, DEFAULT_MAX_STRING_BYTES};
pub use print::print_expr;

use crate::error::Result;
use crate::syntax::{Attribute, Block, Body, Expression, Template, TemplateExpr};
use crate::value::Value;
use expr::Eval;
use fail::{Fail, R};
use limits::Budget;

/// Something that can be evaluated in a [`Context`].
///
/// ```
/// use hcl::eval::{Context, Evaluate};
/// let file = hcl::parse("x = \"a\" == \"a\"\n").unwrap();
/// let body = file.body();
/// let v = body.attribute("x").unwrap().expr.evaluate(&Context::new()).unwrap();
/// assert_eq!(v, hcl::Value::Bool(true));
/// ```
pub trait Evaluate {
    /// What evaluation produces.
    type Output;

    /// Evaluates `self` in `ctx`.
    ///
    /// # Errors
    /// An [`Error`](crate::Error) of kind [`ErrorKind::Eval`](crate::ErrorKind::Eval) with the span of the
    /// failing expression (no line/column yet: see [`Error::with_source`](crate::Error::with_source)).
    ///
    /// ```
    /// use hcl::eval::{Context, Evaluate};
    /// let file = hcl::parse("a = 1 + 2\nb { c = a_var }\n").unwrap();
    /// let ctx = Context::new().with_var("a_var", "x");
    /// let v = file.body().evaluate(&ctx).unwrap();
    /// assert_eq!(v["a"], hcl::Value::from(3));
    /// assert_eq!(v["b"]["c"], hcl::Value::from("x"));
    /// let err = file.body().evaluate(&Context::new()).unwrap_err();
    /// assert_eq!(err.kind(), hcl::ErrorKind::Eval);
    /// ```
    fn evaluate(&self, ctx: &Context<'_>) -> Result<Self::Output>;
}

impl<T: Evaluate + ?Sized> Evaluate for &T {
    type Output = T::Output;

    fn evaluate(&self, ctx: &Context<'_>) -> Result<T::Output> {
        (**self).evaluate(ctx)
    }
}

/// Evaluates `e` within `budget`: for the deserializer, whose attributes
/// share one budget, and for functions that evaluate again.
pub(crate) fn evaluate_in(e: &Expression<'_>, ctx: &Context<'_>, budget: &Budget) -> Result<Value> {
    finish(expr::eval_top(e, &Eval::new(ctx, budget), 0))
}

/// Evaluates template `t` within `budget` (for functions that render
/// templates).
pub(crate) fn evaluate_template_in(
    t: &Template<'_>,
    ctx: &Context<'_>,
    budget: &Budget,
) -> Result<Value> {
    finish(template::eval_template(t, &Eval::new(ctx, budget), 0))
}

fn finish(r: R<Value>) -> Result<Value> {
    r.map_err(Fail::into_error)
}

impl Evaluate for Expression<'_> {
    type Output = Value;

    fn evaluate(&self, ctx: &Context<'_>) -> Result<Value> {
        let budget = Budget::new(ctx.limits());
        finish(expr::eval_top(self, &Eval::new(ctx, &budget), 0))
    }
}

impl Evaluate for TemplateExpr<'_> {
    type Output = Value;

    fn evaluate(&self, ctx: &Context<'_>) -> Result<Value> {
        let budget = Budget::new(ctx.limits());
        match template::eval_template_expr(self, &Eval::new(ctx, &budget), 0) {
            Err(Fail::Preserved(_)) if ctx.mode() == EvalMode::PreserveTemplates => {
                let mut s = String::new();
                print::template_source(&self.template, print::keeps_strip(self), ctx, &mut s);
                Ok(Value::String(s.into()))
            }
            r => finish(r),
        }
    }
}

impl Evaluate for Template<'_> {
    type Output = Value;

    fn evaluate(&self, ctx: &Context<'_>) -> Result<Value> {
        let budget = Budget::new(ctx.limits());
        match template::eval_template(self, &Eval::new(ctx, &budget), 0) {
            Err(Fail::Preserved(_)) if ctx.mode() == EvalMode::PreserveTemplates => {
                let mut s = String::new();
                print::template_source(self, true, ctx, &mut s);
                Ok(Value::String(s.into()))
            }
            r => finish(r),
        }
    }
}

impl Evaluate for Body<'_> {
    type Output = Value;

    fn evaluate(&self, ctx: &Context<'_>) -> Result<Value> {
        let budget = Budget::new(ctx.limits());
        finish(body::eval_body(self, &Eval::new(ctx, &budget), 0))
    }
}

impl Evaluate for Attribute<'_> {
    type Output = Value;

    /// The value of the attribute's expression.
    fn evaluate(&self, ctx: &Context<'_>) -> Result<Value> {
        self.expr.evaluate(ctx)
    }
}

impl Evaluate for Block<'_> {
    type Output = Value;

    /// The block's body as an object (its type and labels are not included).
    ///
    /// ```
    /// use hcl::eval::{Context, Evaluate};
    /// let file = hcl::parse("b \"x\" {\n  n = 1 + 1\n}\n").unwrap();
    /// let body = file.body();
    /// let v = body.blocks().next().unwrap().evaluate(&Context::new()).unwrap();
    /// assert_eq!(v["n"], hcl::Value::from(2));
    /// ```
    fn evaluate(&self, ctx: &Context<'_>) -> Result<Value> {
        self.body.evaluate(ctx)
    }
}

macro_rules! evaluate_owning {
    ($($ty:ident . $get:ident),*) => {$(
        impl Evaluate for crate::syntax::$ty<'_> {
            type Output = Value;

            /// Evaluates the tree with its own source text
            /// ([`evaluate_with_source`]): errors have line, column and
            /// snippet, placed in the file the tree was taken from
            /// ([`start`](crate::syntax::$ty::start)).
            fn evaluate(&self, ctx: &Context<'_>) -> Result<Value> {
                evaluate_with_source(self.$get(), self.source(), ctx)
                    .map_err(|e| e.within(self.start()))
            }
        }
    )*};
}

evaluate_owning!(
    ConfigFile.body,
    ParsedExpression.expr,
    ParsedTemplate.template
);

/// Evaluates `node`, parsed from `source`, in `ctx`: template-preserving
/// mode keeps unevaluated expressions exactly as written in `source`, and
/// errors get line, column and snippet.
///
/// ```
/// use hcl::eval::{evaluate_with_source, Context, EvalMode};
/// let src = "a = 1 + 2\nb = var.x  +  1\n";
/// let file = hcl::parse(src).unwrap();
/// let body = file.body();
/// let ctx = Context::new().with_mode(EvalMode::PreserveTemplates);
/// let v = evaluate_with_source(&body, src, &ctx).unwrap();
/// assert_eq!(v["b"], hcl::Value::from("${var.x  +  1}"));
/// ```
///
/// # Errors
/// As [`Evaluate::evaluate`], with the position filled in.
pub fn evaluate_with_source<E: Evaluate + ?Sized>(
    node: &E,
    source: &str,
    ctx: &Context<'_>,
) -> Result<E::Output> {
    let mut child = ctx.child();
    child.set_source(source);
    node.evaluate(&child).map_err(|e| e.with_source(source))
}

/// Parses `src` as one expression and evaluates it in `ctx`.
///
/// ```
/// let ctx = hcl::eval::Context::new();
/// let v = hcl::eval::evaluate_str("[for i, v in [\"a\", \"b\"] : \"${i}:${v}\"]", &ctx).unwrap();
/// assert_eq!(v, hcl::Value::from(vec!["0:a", "1:b"]));
/// let err = hcl::eval::evaluate_str("[1, 2][2]", &ctx).unwrap_err();
/// assert_eq!(err.column(), Some(7)); // `[2]`
/// ```
///
/// # Errors
/// A parse error or an evaluation error, with line, column and snippet
/// relative to `src`.
pub fn evaluate_str(src: &str, ctx: &Context<'_>) -> Result<Value> {
    with_expression(src, &crate::parser::ParseOptions::default(), |expr| {
        expr.evaluate(ctx)
    })
}

/// Evaluates `e` with its source text `source` (positions in errors).
pub(crate) fn typed_with_source(
    e: &Expression<'_>,
    source: &str,
    ctx: &Context<'_>,
) -> Result<Typed> {
    let mut child = ctx.child();
    child.set_source(source);
    evaluate_typed(e, &child).map_err(|err| err.with_source(source))
}

/// Parses `src` as one expression and hands it to `f`.
pub(crate) fn with_expression<T>(
    src: &str,
    options: &crate::parser::ParseOptions,
    f: impl Fn(&crate::syntax::ParsedExpression<'_>) -> Result<T>,
) -> Result<T> {
    match crate::parser::parse_expression_with(src, options) {
        Ok(expr) => f(&expr),
        // A heredoc's closing marker must end its line: accept one that ends
        // the input.
        Err(e) if !src.ends_with('\n') && src.contains("<<") => {
            let with_newline = format!("{src}\n");
            let r = match crate::parser::parse_expression_with(&with_newline, options) {
                Ok(expr) => f(&expr),
                Err(_) => Err(e),
            };
            r
        }
        Err(e) => Err(e),
    }
}

/// Evaluates `e` in `ctx` to its value and type. Undefined variables and
/// functions are errors in every [`EvalMode`].
///
/// ```
/// let file = hcl::parse("x = true ? [1] : [1, 2]\n").unwrap();
/// let body = file.body();
/// let expr = &body.attribute("x").unwrap().expr;
/// let t = hcl::eval::evaluate_typed(expr, &hcl::eval::Context::new()).unwrap();
/// assert_eq!(t.ty(), &hcl::Type::list(hcl::Type::Number));
/// ```
///
/// # Errors
/// As [`Evaluate::evaluate`].
pub fn evaluate_typed(e: &Expression<'_>, ctx: &Context<'_>) -> Result<Typed> {
    let budget = Budget::new(ctx.limits());
    let (value, ty) = expr::eval_t(e, &Eval::new(ctx, &budget), 0).map_err(Fail::into_error)?;
    Ok(Typed::from_meta(value, ty))
}

/// Evaluates `e` to its value when it is wholly known, or `None` when it
/// depends on what `ctx` does not define (in template-preserving mode: an
/// undefined variable or function, or a function that failed, which that
/// mode keeps as written) or on a value not known yet.
pub(crate) fn evaluate_known(e: &Expression<'_>, ctx: &Context<'_>) -> Result<Option<Value>> {
    let budget = Budget::new(ctx.limits());
    match expr::eval_t(e, &Eval::new(ctx, &budget), 0) {
        // (The value's type is not needed: it is not computed.)
        Ok((value, meta)) if typing::is_known(&meta) => Ok(Some(value)),
        Ok(_) | Err(fail::Fail::Preserved(None)) => Ok(None),
        Err(f) => Err(f.into_error()),
    }
}

/// A template that depends on what `ctx` does not know, as
/// template-preserving mode keeps it: its known parts rendered (escaped),
/// the others written by `kept` (`"b-${var.ns}-${aws_x.y.id}"` with
/// `var.ns` given is `"b-default-${aws_x.y.id}"`); `None` for a template
/// kept whole (one with directives, or a single interpolation).
pub(crate) fn kept_template(
    t: &Template<'_>,
    ctx: &Context<'_>,
    kept: &mut dyn FnMut(&crate::syntax::Interpolation<'_>, &mut String),
) -> Option<Value> {
    let budget = Budget::new(ctx.limits());
    template::render_kept_with(t, &Eval::new(ctx, &budget), 0, kept).ok()
}

/// Parses `src` as one expression and evaluates it to its value and type
/// (see [`evaluate_typed`]).
///
/// # Errors
/// A parse error or an evaluation error.
///
/// ```
/// use hcl::eval::{evaluate_typed_str, Context};
/// let t = evaluate_typed_str("{ a = [1, 2] }", &Context::new()).unwrap();
/// assert_eq!(t.ty().to_string(), "object({a: tuple([number, number])})");
/// assert!(evaluate_typed_str("1 +", &Context::new()).is_err());
/// assert!(evaluate_typed_str("undefined_var", &Context::new()).is_err());
/// ```
pub fn evaluate_typed_str(src: &str, ctx: &Context<'_>) -> Result<Typed> {
    evaluate_typed_str_with(src, ctx, &crate::parser::ParseOptions::default())
}

/// [`evaluate_typed_str`] with parse options.
///
/// ```
/// use hcl::eval::{evaluate_typed_str_with, Context};
/// let shallow = hcl::ParseOptions::new().max_depth(1);
/// assert!(evaluate_typed_str_with("[1]", &Context::new(), &shallow).is_ok());
/// let err = evaluate_typed_str_with("[[1]]", &Context::new(), &shallow).unwrap_err();
/// assert_eq!(err.kind(), hcl::ErrorKind::Limit);
/// ```
///
/// # Errors
/// As [`evaluate_typed_str`].
pub fn evaluate_typed_str_with(
    src: &str,
    ctx: &Context<'_>,
    options: &crate::parser::ParseOptions,
) -> Result<Typed> {
    with_expression(src, options, |expr| {
        typed_with_source(expr.expr(), expr.source(), ctx)
    })
}

/// Parses `src` as a config file and evaluates its body in `ctx` (see
/// [`Evaluate`] for the shape of the result). Expressions kept as written
/// (template-preserving mode) keep their source text.
///
/// The file is parsed and evaluated a chunk of top-level items at a time,
/// in one arena reused for each: the whole tree is never in memory, and
/// each chunk's is evaluated while it is in the cache (on a large file,
/// about a fifth faster than [`crate::parse`] then [`evaluate_with_source`]).
/// The result and the errors are theirs (a syntax error anywhere comes
/// before an evaluation error).
///
/// ```
/// use hcl::eval::{evaluate_body_str, Context, EvalMode};
/// let ctx = Context::new().with_mode(EvalMode::PreserveTemplates);
/// let v = evaluate_body_str("resource \"a\" \"b\" {\n  n = var.n\n}\n", &ctx).unwrap();
/// assert_eq!(v["resource"]["a"]["b"]["n"], hcl::Value::from("${var.n}"));
/// ```
///
/// # Errors
/// A parse error or an evaluation error, with line, column and snippet.
pub fn evaluate_body_str(src: &str, ctx: &Context<'_>) -> Result<Value> {
    let mut child = ctx.child();
    child.set_source(src);
    stream::evaluate_file(src, &crate::parser::ParseOptions::default(), &child)
}

/// [`evaluate_body_str`], with every diagnostic in HCL's shape: the value
/// when nothing failed, and the diagnostics — every error, then the
/// warnings (a call to an unknown function kept as written in
/// template-preserving mode, see [`Context::take_warnings`]).
///
/// ```
/// use hcl::eval::{evaluate_with_diagnostics, Context};
/// use hcl::Severity;
/// let (value, diags) = evaluate_with_diagnostics("a = 1 + \"x\"\nb = upper(1, 2)\n", &Context::new());
/// assert!(value.is_none());
/// let lines: Vec<usize> = diags.iter().map(|d| d.range.as_ref().unwrap().start.line).collect();
/// assert_eq!(lines, [1, 2]);
/// assert!(diags.iter().all(|d| d.severity == Severity::Error));
/// ```
pub fn evaluate_with_diagnostics(
    src: &str,
    ctx: &Context<'_>,
) -> (Option<Value>, Vec<crate::error::Diagnostic>) {
    let r = evaluate_body_str(src, ctx);
    let mut diagnostics: Vec<crate::error::Diagnostic> = match &r {
        Err(e) => e.diagnostics().collect(),
        Ok(_) => Vec::new(),
    };
    diagnostics.extend(ctx.take_warnings(src));
    (r.ok(), diagnostics)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;
    use crate::syntax::{Arena, BinaryOp, BinaryOperator, ExprKind, NumberLit, Span};
    use crate::value::Number;

    fn num(a: &Arena, n: u64, at: usize) -> Expression<'_> {
        Expression::new(
            ExprKind::Number(a.alloc(NumberLit::new(
                a,
                &Number::from(n),
                a.alloc_str(&n.to_string()),
            ))),
            Span::new(at, at + 1),
        )
    }

    fn var(name: &'static str, at: usize) -> Expression<'static> {
        Expression::new(ExprKind::Variable(name), Span::new(at, at + name.len()))
    }

    fn bin<'a>(
        a: &'a Arena,
        lhs: Expression<'a>,
        op: BinaryOperator,
        rhs: Expression<'a>,
    ) -> Expression<'a> {
        let span = lhs.span.to(rhs.span);
        Expression::new(
            ExprKind::Binary(a.alloc(BinaryOp {
                lhs,
                operator: op,
                operator_span: span,
                rhs,
            })),
            span,
        )
    }

    #[test]
    fn long_operator_chain_is_evaluated_iteratively() {
        let a = Arena::new();
        let mut e = num(&a, 1, 0);
        for i in 1..100_000 {
            e = bin(&a, e, BinaryOperator::Add, num(&a, 1, i));
        }
        let v = e.evaluate(&Context::new()).unwrap();
        assert_eq!(v, Value::from(100_000));
        let mut s = String::new();
        print_expr(&e, &mut s);
        assert_eq!(s.len(), 100_000 * 4 - 3);
    }

    #[test]
    fn undefined_variable_strict_and_preserved() {
        let a = Arena::new();
        let e = bin(&a, num(&a, 1, 0), BinaryOperator::Add, var("x", 4));
        let err = e.evaluate(&Context::new()).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Eval);
        assert_eq!(err.span(), Some(Span::new(4, 5)));
        assert!(err.message().contains("\"x\""), "{}", err.message());
        let ctx = Context::new().with_mode(EvalMode::PreserveTemplates);
        // Without source text the expression is printed from the tree.
        assert_eq!(e.evaluate(&ctx).unwrap(), Value::from("${1 + x}"));
        let src = "1  + x";
        let e = bin(&a, num(&a, 1, 0), BinaryOperator::Add, var("x", 5));
        let ctx = ctx.with_source(src);
        assert_eq!(e.evaluate(&ctx).unwrap(), Value::from("${1  + x}"));
    }

    #[test]
    fn variables_resolve_through_scopes() {
        let a = Arena::new();
        let mut root = Context::new();
        root.declare_var("x", 41);
        let child = root.child();
        let e = bin(&a, var("x", 0), BinaryOperator::Add, num(&a, 1, 4));
        assert_eq!(e.evaluate(&child).unwrap(), Value::from(42));
    }
}
