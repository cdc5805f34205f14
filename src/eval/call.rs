//! Function calls: the call protocol, as cty's (`cty/function`) and HCL's.
//!
//! A function is a [`FuncDef`]: its parameters and its spec (see
//! `functions/mod.rs` for what a spec declares). A call goes, for every
//! function, built-in or declared:
//!
//! 1. the number of arguments is checked (before they are evaluated, as in
//!    HCL, unless the last one is expanded with `...`);
//! 2. a parameter that takes its argument's expression (`try`, `can`,
//!    `templatestring`) has it checked by its spec, or hands it to the
//!    function's implementation ([`Args::expressions`]); the others are
//!    evaluated in order;
//! 3. each argument's type is checked against its parameter's (it must
//!    convert), and a null is refused where the parameter takes none
//!    ([`check_param_types`]); an argument of unknown type where the
//!    parameter needs a type makes the result an unknown of unknown type;
//! 4. the spec's one type callback, given the arguments known or not,
//!    refuses them or gives the result's type;
//! 5. if an argument is not known (and its parameter does not let
//!    unknowns reach the implementation), the result is an unknown of that
//!    type (refined by the spec's handler of unknown arguments, which may
//!    also answer from the known parts); otherwise the implementation runs
//!    on the arguments converted to the parameters' types, and its result
//!    is typed by step 4.

use std::borrow::Cow;

use super::expr::{eval_t, Eval};
use super::fail::{err, undefined, Fail, Failures, Placeholder, R};
use super::func::{Answer, Args, FuncDef, FuncError, Param, TypeCall};
use super::limits::Budget;
use super::typing::{self, Meta, Returns, Ty};
use crate::error::{Error, ErrorKind};
use crate::syntax::{Expression, FuncCall, FuncName, Span};
use crate::value::ty::{conversion_exists, mismatch_message};
use crate::value::{Type, Value};

/// A function call `fc` (at `span`).
pub(crate) fn eval_call(
    fc: &FuncCall<'_>,
    span: Span,
    ctx: &Eval<'_, '_>,
    d: u32,
) -> R<(Value, Ty)> {
    let full: Cow<'_, str> = if fc.name.namespace.is_empty() {
        Cow::Borrowed(fc.name.name.name)
    } else {
        Cow::Owned(fc.name.to_full_name())
    };
    let Some(def) = ctx.func(&full) else {
        let name_span = fc
            .name
            .namespace
            .first()
            .map_or(fc.name.name.span, |n| n.span)
            .to(fc.name.name.span);
        return Err(unknown_function(&fc.name, &full, name_span, ctx));
    };
    // A built-in's result is of the type its spec says, as its
    // implementation makes it; a declared function's converts to it.
    let builtin = ctx.declared_func(&full).is_none();
    let call = Call {
        def,
        full: &full,
        span,
        syntax: fc,
        budget: ctx.budget,
    };
    if !fc.expand_final {
        // HCL counts the arguments before it evaluates them.
        check_arity(&call, fc.args.len())?;
    }
    if def.spec().expressions {
        let Some(args) = expression_arguments(call, fc, ctx, d)? else {
            // How many arguments there are is not known.
            return Ok(super::unknown::nullable(Type::Dynamic));
        };
        let eval = |e: &Expression<'_>| eval_t(e, ctx, d);
        return ExpressionCall {
            call,
            args,
            source: ctx.source(),
            eval: &eval,
        }
        .answer();
    }
    let typed = def.spec().typed;
    let mut args = Vec::with_capacity(fc.args.len());
    let mut types: Vec<Ty> = Vec::new();
    let last = fc.args.len().saturating_sub(1);
    let mut expanded: Option<(Value, Ty, Span)> = None;
    // The arguments' metas are kept for typed functions, and once one has
    // a type its value does not tell (a typed null, a list) or is not
    // known.
    let mut keep = typed;
    // A parameter's refusal of its argument's expression, reported once
    // the other arguments are evaluated (their errors come first).
    let mut refused: Option<Fail> = None;
    let mut failures = Failures::default();
    for (i, a) in fc.args.iter().enumerate() {
        let expanding = fc.expand_final && i == last;
        if let Some(check) = def
            .param(i)
            .and_then(|p| p.syntax_check)
            .filter(|_| !expanding)
        {
            if let Err(msg) = check(a) {
                refused.get_or_insert(call.refused(FuncError::arg(i, msg)));
                args.push(Value::Null);
                if keep {
                    types.push(None);
                }
                continue;
            }
        }
        // An argument that failed goes on as its placeholder (HCL converts
        // it to its parameter's type too); the function is not called.
        let (v, t) = match eval_t(a, ctx, d) {
            Ok(r) => r,
            Err(f) => {
                if expanding {
                    failures.add_fail(f)?;
                    continue;
                }
                let placeholder = failures.note(f)?;
                if !keep {
                    keep = true;
                    types = vec![None; args.len()];
                }
                placeholder
            }
        };
        if expanding {
            expanded = Some((v, t, a.span));
        } else {
            if !keep && t.is_some() {
                keep = true;
                types = vec![None; args.len()];
            }
            args.push(v);
            if keep {
                types.push(t);
            }
        }
    }
    if let Some(refused) = refused {
        failures.add_fail(refused)?;
    }
    if failures.any() {
        // Every argument converts to its parameter's type, as HCL
        // converts each once evaluated; the call is an unknown of any type.
        for (i, v) in args.iter().enumerate() {
            let m = types.get(i).unwrap_or(&None);
            if let Some((param, _, _, Err(msg))) = param_conversion(def, i, v, m) {
                failures.add_fail(invalid_argument(&param.name, msg, call.arg_span(i)))?;
            }
        }
        return failures.finish(super::unknown::nullable(Type::Dynamic), |_| {
            Placeholder::Dynamic
        });
    }
    if let Some((v, t, arg_span)) = expanded {
        if typing::is_unknown(&t) {
            check_expandable(&v, &t, arg_span)?;
            // How many arguments there are is not known.
            return Ok(super::unknown::nullable(Type::Dynamic));
        }
        let items = expand(v, arg_span)?;
        if !keep && t.is_some() {
            keep = true;
            types = vec![None; args.len()];
        }
        if keep {
            types.extend(
                items
                    .iter()
                    .enumerate()
                    .map(|(i, x)| typing::item(&t, i, x)),
            );
        }
        args.extend(items);
        check_arity(&call, args.len())?;
    }
    call.run(builtin, args, keep.then_some(types))
}

/// A call of `def` by the name `full`, at `span` (written as `syntax`),
/// within `budget`.
#[derive(Clone, Copy)]
pub(crate) struct Call<'a> {
    pub(crate) def: &'a FuncDef,
    pub(crate) full: &'a str,
    pub(crate) span: Span,
    pub(crate) syntax: &'a FuncCall<'a>,
    pub(crate) budget: &'a Budget,
}

impl Call<'_> {
    /// Where a failure of the call points: the function's name and its
    /// opening parenthesis (HCL's `StartRange` of a call).
    pub(crate) fn name_span(&self) -> Span {
        self.syntax.start_span()
    }

    /// Where a refusal of argument `i` points: the start of its expression
    /// ([`Expression::start_span`]); an element of an expanded last
    /// argument (`f(xs...)`), that argument whole; the whole call for an
    /// argument not given.
    pub(crate) fn arg_span(&self, i: usize) -> Span {
        let args = self.syntax.args;
        let expanding = self.syntax.expand_final;
        match args.get(i) {
            Some(a) if !(expanding && i + 1 == args.len()) => a.start_span(),
            _ => match args.last() {
                Some(last) if expanding => last.span,
                _ => self.span,
            },
        }
    }

    /// The diagnostic of the function's refusal `e`, where HCL reports
    /// it: a refused argument as `Invalid function argument` at the
    /// argument (the whole call for a variadic parameter's argument not
    /// given; a failure of the call for an index past every parameter),
    /// a limit or any other failure at the function's name.
    #[cold]
    #[inline(never)]
    pub(crate) fn refused(&self, e: impl Into<FuncError>) -> Fail {
        match e.into() {
            FuncError::Arg { index, message } => match self.def.param(index) {
                Some(p) => invalid_argument(&p.name, message, self.arg_span(index)),
                None => call_failed(self.full, message, self.name_span()),
            },
            FuncError::Limit(message) => Fail::Err(
                Error::described(
                    ErrorKind::Limit,
                    "Error in function call",
                    format_args!("Call to function \"{}\" failed: {message}.", self.full),
                )
                .at_span(self.name_span()),
                Placeholder::Dynamic,
            ),
            FuncError::Call(message) => call_failed(self.full, message, self.name_span()),
        }
    }

    /// Steps 3 to 5 of the protocol (the module's documentation) on the
    /// evaluated arguments `args`, with their metas where any has a type
    /// its value does not tell (`None`: all are known, of their literal
    /// types). `trusted`: the implementation's result is of the type the
    /// spec declares (a built-in's); else it converts to it.
    fn run(self, trusted: bool, args: Vec<Value>, metas: Option<Vec<Ty>>) -> R<(Value, Ty)> {
        let spec = self.def.spec();
        let params = match &metas {
            Some(m) => check_param_types(&self, &args, m)?,
            None => Vec::new(),
        };
        let known = metas
            .as_ref()
            .map_or(true, |m| m.iter().all(typing::is_known));
        if known && !spec.typed {
            // No type is built: the result's type is the spec's, or the
            // literal type of the result.
            if let Some(r) = self.dynamic_argument(&args, metas.as_deref()) {
                return Ok(r);
            }
            let (v, m) = self.invoke(args)?;
            if trusted {
                let t = m.or_else(|| typing::fixed_type(self.def));
                return Ok((v, t));
            }
            return self.declared_result(v, m, &spec.result);
        }
        let mut metas = metas.unwrap_or_else(|| vec![None; args.len()]);
        if !known {
            // HCL converts each argument to its parameter's type before
            // the call: one of unknown type (an unknown of any type, an
            // untyped null) takes the parameter's type unless that is any
            // type too.
            for ((v, m), p) in args.iter().zip(metas.iter_mut()).zip(&params) {
                if *p == Type::Dynamic || *typing::of(v, m) != Type::Dynamic {
                    continue;
                }
                *m = match m.take() {
                    Some(Meta::Unknown(_, r)) => typing::unknown(p.clone(), r),
                    _ if v.is_null() => typing::typed(p.clone()),
                    other => other,
                };
            }
        }
        let types: Vec<Type> = args
            .iter()
            .zip(&metas)
            .map(|(v, t)| typing::of(v, t).into_owned())
            .collect();
        let refuse = |e: FuncError| self.refused(e);
        if let Some(r) = self.dynamic_argument(&args, Some(&metas)) {
            return Ok(r);
        }
        // The type callback, on the arguments known or not: it refuses
        // them or types the result.
        let unknown: Vec<bool> = metas.iter().map(typing::is_unknown).collect();
        let returns = match &spec.type_callback {
            Some(callback) => callback(&TypeCall {
                args: &args,
                types: &types,
                unknown: &unknown,
                known,
            })
            .map_err(refuse)?,
            None if known => Returns::Literal,
            None => Returns::Is(spec.result.clone()),
        };
        if !trusted {
            // A declared function's result converts to the type it
            // declares; its implementation sees unknown arguments where its
            // parameters allow them.
            let t = match returns {
                Returns::Is(t) | Returns::Convert(t) => t,
                Returns::Literal => spec.result.clone(),
            };
            let reaches = metas.iter().enumerate().all(|(i, m)| {
                typing::is_known(m) || self.def.param(i).is_some_and(|p| p.allow_unknown)
            });
            if !reaches {
                return Ok(unknown_result(self.def, t));
            }
            let (v, m) = self.answer(args, &metas, &types, None)?.into_result()?;
            return self.declared_result(v, m, &t);
        }
        if !known {
            let mut c = UnknownCall {
                call: self,
                args,
                metas,
                types,
                returns,
            };
            if let Some(handler) = spec.unknown {
                if let Some(r) = handler(&mut c)? {
                    return Ok(r);
                }
            }
            return Ok(c.result(c.return_type()));
        }
        let v = match self.answer(args, &metas, &types, Some(&returns))? {
            Answer::Value(v) => v,
            Answer::Typed(v, t) => return Ok((v, t)),
            Answer::Failed(f) => return Err(f),
        };
        Ok(match returns {
            Returns::Literal => {
                let t = typing::fixed_type(self.def);
                (v, t)
            }
            // A set's elements in cty's set order (`setproduct` of a set).
            Returns::Is(t @ Type::Set(_)) => match v {
                Value::Array(items) => (
                    Value::Array(crate::value::convert::make_set(items)),
                    typing::typed(t),
                ),
                v => (v, typing::typed(t)),
            },
            Returns::Is(t) => (v, typing::typed(t)),
            Returns::Convert(t) => match crate::value::convert::convert_known(v, &t) {
                Ok(v) => (v, typing::typed(t)),
                Err(msg) => return Err(self.refused(msg.to_string())),
            },
        })
    }

    /// cty's rule for an argument of unknown type (an untyped null, an
    /// unknown of any type) where its parameter needs a type to check
    /// (`format("%v", null)`): the result is an unknown of unknown type.
    /// The parameters are taken in order, up to one that refuses a known
    /// null (which the null check reports). `metas`: the arguments', where
    /// kept.
    fn dynamic_argument(&self, args: &[Value], metas: Option<&[Ty]>) -> Option<(Value, Ty)> {
        for (i, v) in args.iter().enumerate() {
            // (Only a null, or an unknown's null placeholder, can be of
            // unknown type.)
            if !v.is_null() {
                continue;
            }
            let p = self.def.param(i)?;
            let m = metas.and_then(|m| m.get(i)).unwrap_or(&None);
            if *typing::of(v, m) != Type::Dynamic {
                continue;
            }
            if typing::is_known(m) && !p.allow_null {
                return None;
            }
            if !p.allow_dynamic {
                return Some(super::unknown::nullable(Type::Dynamic));
            }
        }
        None
    }

    /// A declared function's result `v` (meta `m`), converted to the type
    /// `t` it declares (unless that is any type).
    fn declared_result(&self, v: Value, m: Ty, t: &Type) -> R<(Value, Ty)> {
        if *t == Type::Dynamic {
            return Ok((v, m));
        }
        typing::convert(v, &m, t).map_err(|e| self.refused(format!("invalid return value: {e}")))
    }

    /// The implementation on `args` (their number and types checked); its
    /// result is charged to the budget.
    fn invoke(&self, args: Vec<Value>) -> R<(Value, Ty)> {
        self.answer(args, &[], &[], None)?.into_result()
    }

    /// The implementation's answer to `args` (metas `metas`, types `types`,
    /// where kept; the type callback's answer `returns`, where it ran),
    /// charged to the budget.
    fn answer(
        &self,
        values: Vec<Value>,
        metas: &[Ty],
        types: &[Type],
        returns: Option<&Returns>,
    ) -> R<Answer> {
        let mut values = values;
        let converted = match self.def.convert_arguments(&mut values, metas) {
            Ok(converted) => converted,
            Err(refusals) => {
                // Each argument that does not convert is reported.
                let mut failed = refusals.into_iter().map(|e| self.refused(e));
                if let Some(first) = failed.next() {
                    return Err(failed.fold(first, |all, f| match (all, f) {
                        (Fail::Err(a, p), Fail::Err(b, _)) => Fail::Err(a.and(b), p),
                        (all, _) => all,
                    }));
                }
                None
            }
        };
        let args = Args {
            metas: converted.as_deref().unwrap_or(metas),
            types,
            returns,
            ..Args::values(values, self.budget)
        };
        let answer = self.def.respond(args).map_err(|e| self.refused(e))?;
        if let Answer::Value(v) | Answer::Typed(v, _) = &answer {
            self.budget.charge_value(v, self.span)?;
        }
        Ok(answer)
    }
}

// ---------------------------------------------------------------------------
// What a function's spec sees

/// An argument given to a parameter that takes expressions: its expression,
/// or a value (an element of an expanded last argument).
pub(crate) enum Argument<'a> {
    Expression(&'a Expression<'a>),
    Value(Value, Ty),
}

/// A call of a function whose parameters take their arguments'
/// expressions (its spec's `expressions`; go-cty/hcl's
/// `customdecode.ExpressionClosureType`): its implementation evaluates
/// them itself ([`Args::expressions`]).
pub(crate) struct ExpressionCall<'a> {
    pub(crate) call: Call<'a>,
    pub(crate) args: Vec<Argument<'a>>,
    /// The source text the expressions come from, when known.
    pub(crate) source: Option<&'a str>,
    eval: &'a dyn Fn(&Expression<'_>) -> R<(Value, Ty)>,
}

impl ExpressionCall<'_> {
    /// Argument `i`'s value.
    pub(crate) fn value(&self, i: usize) -> R<(Value, Ty)> {
        match &self.args[i] {
            Argument::Expression(e) => (self.eval)(e),
            Argument::Value(v, t) => Ok((v.clone(), t.clone())),
        }
    }

    /// The function's refusal `e` ([`Call::refused`]).
    pub(crate) fn fail(&self, e: impl Into<FuncError>) -> Fail {
        self.call.refused(e)
    }

    /// The implementation's answer, given the expressions.
    fn answer(&self) -> R<(Value, Ty)> {
        // (Their number was checked as the call's.)
        let args = Args {
            expressions: Some(self),
            ..Args::values(Vec::new(), self.call.budget)
        };
        match self.call.def.respond(args) {
            Ok(answer) => answer.into_result(),
            Err(e) => Err(self.fail(e)),
        }
    }
}

/// The arguments of `fc` as expressions, an expanded last one as its
/// elements, their number checked; `None` when that number is not known
/// (the expanded value is unknown).
fn expression_arguments<'a>(
    call: Call<'_>,
    fc: &'a FuncCall<'a>,
    ctx: &Eval<'_, '_>,
    d: u32,
) -> R<Option<Vec<Argument<'a>>>> {
    let mut args: Vec<Argument<'a>> = fc.args.iter().map(Argument::Expression).collect();
    if fc.expand_final {
        if let Some(Argument::Expression(last)) = args.pop() {
            let (v, t) = eval_t(last, ctx, d)?;
            if typing::is_unknown(&t) {
                check_expandable(&v, &t, last.span)?;
                return Ok(None);
            }
            let items = expand(v, last.span)?;
            let metas: Vec<Ty> = items
                .iter()
                .enumerate()
                .map(|(i, x)| typing::item(&t, i, x))
                .collect();
            args.extend(
                items
                    .into_iter()
                    .zip(metas)
                    .map(|(v, m)| Argument::Value(v, m)),
            );
        }
        check_arity(&call, args.len())?;
    }
    Ok(Some(args))
}

/// `f(x...)` where `x` (meta `t`) is unknown: an error unless it is a
/// sequence.
fn check_expandable(v: &Value, t: &Ty, span: Span) -> R<()> {
    let ty = typing::of(v, t);
    if matches!(
        *ty,
        Type::Tuple(_) | Type::List(_) | Type::Set(_) | Type::Dynamic
    ) {
        Ok(())
    } else {
        Err(not_expandable(span))
    }
}

/// The elements of the known expanded argument `v`.
fn expand(v: Value, span: Span) -> R<Vec<Value>> {
    match v {
        Value::Array(items) => Ok(items),
        Value::Null => Err(err(
            span,
            "Invalid expanding argument value",
            "The expanding argument (indicated by ...) must not be null.",
        )),
        _ => Err(not_expandable(span)),
    }
}

/// The error of `f(x...)` where `x` is not a sequence (the span shows it).
#[cold]
fn not_expandable(span: Span) -> Fail {
    err(
        span,
        "Invalid expanding argument value",
        "The expanding argument (indicated by ...) must be of a tuple, list, or set type.",
    )
}

/// Checks the number of arguments (`n`, once any expanded) against the
/// called function's parameters.
fn check_arity(call: &Call<'_>, n: usize) -> R<()> {
    let (def, full, fc) = (call.def, call.full, call.syntax);
    let params = def.params();
    if n < params.len() {
        // (At the closing parenthesis.)
        let close = Span {
            start: fc.args_span.end.saturating_sub(1),
            end: fc.args_span.end,
        };
        return Err(err(
            close,
            "Not enough function arguments",
            format_args!(
                "Function \"{full}\" expects {}{} argument(s). Missing value for \"{}\".",
                if def.variadic().is_some() {
                    "at least "
                } else {
                    ""
                },
                params.len(),
                params[n].name
            ),
        ));
    }
    if n > params.len() && def.variadic().is_none() {
        // (At the first argument too many.)
        return Err(err(
            call.arg_span(params.len()),
            "Too many function arguments",
            format_args!(
                "Function \"{full}\" expects only {} argument(s).",
                params.len()
            ),
        ));
    }
    Ok(())
}

/// The checks a call makes on its arguments' types before the function's
/// own checks (on the typed path, and before an unknown result when some
/// argument is not known): as in HCL and cty, each argument's type must
/// convert to its parameter's type (the type of a built-in's parameter as
/// cty declares it, [`Param::ty`]), and a known null is
/// refused where the parameter takes none, up to the first argument of
/// unknown type.
fn check_param_types(call: &Call<'_>, args: &[Value], metas: &[Ty]) -> R<Vec<Type>> {
    let def = call.def;
    let fail = |i: usize, name: &str, msg: String| invalid_argument(name, msg, call.arg_span(i));
    // HCL converts every argument to its parameter's type (reporting each
    // that does not convert) before the call refuses a null.
    let mut params = Vec::with_capacity(args.len());
    let mut checked = Vec::with_capacity(args.len());
    let mut refused: Option<crate::error::Error> = None;
    for (i, (v, m)) in args.iter().zip(metas).enumerate() {
        let Some((param, t, want, converts)) = param_conversion(def, i, v, m) else {
            break;
        };
        if let Err(msg) = converts {
            let Fail::Err(e, _) = fail(i, &param.name, msg) else {
                unreachable!("an argument's refusal is an error")
            };
            refused = Some(match refused {
                Some(first) => first.and(e),
                None => e,
            });
        }
        checked.push((param, *t == Type::Dynamic && want == Type::Dynamic));
        params.push(want);
    }
    if let Some(e) = refused {
        return Err(Fail::Err(e, Placeholder::Dynamic));
    }
    for (i, ((param, dynamic), (v, m))) in
        checked.into_iter().zip(args.iter().zip(metas)).enumerate()
    {
        if typing::is_known(m) && v.is_null() && !param.allow_null {
            return Err(fail(i, &param.name, "argument must not be null".into()));
        }
        // A set of unknown length converts to an unknown list of its own
        // element type (cty), which the call then finds of the wrong type;
        // cty names a variadic argument's parameter by its position among
        // the variadic ones.
        if let Some(msg) = unknown_set_conformance(v, m, &params[i]) {
            let fixed = def.params();
            let name = match i.checked_sub(fixed.len()).and_then(|j| fixed.get(j)) {
                Some(p) => &p.name,
                None => &param.name,
            };
            return Err(fail(i, name, msg));
        }
        // An argument of unknown type stays so (and cty stops checking
        // there) where the parameter takes any type.
        if dynamic {
            break;
        }
    }
    Ok(params)
}

/// Where `v` (meta `m`) is a set of unknown length and `want` a list type
/// other than its own list type: cty's message for the unknown list of the
/// set's element type that the conversion gives.
fn unknown_set_conformance(v: &Value, m: &Ty, want: &Type) -> Option<String> {
    if !matches!(want, Type::List(_)) || !typing::length_unknown_set(v, m) {
        return None;
    }
    let Some(Type::Set(e)) = m.as_ref().map(typing::Meta::ty) else {
        return None;
    };
    crate::value::ty::conformance_message(&Type::List(e.clone()), want)
}

/// Argument `i` (value `v`, meta `m`) converted to its parameter's type as
/// HCL converts it before the call (a null converts when its type does;
/// the call refuses it later): the parameter, the argument's type, the
/// parameter's type and the conversion's error. `None` past the last
/// parameter.
#[allow(clippy::type_complexity)]
fn param_conversion<'d, 'v>(
    def: &'d FuncDef,
    i: usize,
    v: &'v Value,
    m: &'v Ty,
) -> Option<(&'d Param, Cow<'v, Type>, Type, Result<(), String>)> {
    let param = def.param(i)?;
    let want = param.ty.clone();
    let t = typing::of(v, m);
    let converts = if !conversion_exists(&t, &want, true) {
        Err(mismatch_message(&t, &want))
    } else if typing::is_known(m) && want.is_primitive() && !v.is_null() {
        super::func::argument(v.clone(), &want).map(drop)
    } else {
        Ok(())
    };
    Some((param, t, want, converts))
}

/// An argument that does not convert to parameter `name`'s type.
#[cold]
#[inline(never)]
fn invalid_argument(name: &str, msg: impl std::fmt::Display, span: Span) -> Fail {
    err(
        span,
        "Invalid function argument",
        format_args!("Invalid value for \"{name}\" parameter: {msg}."),
    )
}

#[cold]
#[inline(never)]
fn unknown_function(name: &FuncName<'_>, full: &str, span: Span, ctx: &Eval<'_, '_>) -> Fail {
    let bare = full.strip_prefix("core::").unwrap_or(full);
    let msg = || {
        if super::context::FILE_FUNCTIONS.contains(&bare) && cfg!(feature = "fs") {
            ("Call to unknown function", format!("\"{full}\" reads the filesystem, which this context does not allow (allow it with {}).", ctx.allow_files_hint()))
        } else if let Some(feature) = ctx.builtins().and_then(|b| (b.feature_of)(bare)) {
            ("Call to unknown function", format!("\"{full}\" is one of Terraform's functions, in hcl2's feature `{feature}`, which this build does not have (build hcl2 with `features = [\"{feature}\"]`, or `functions` for all of them)."))
        } else if name.namespace.first().is_some_and(|n| n.name == "provider") {
            (
                "Unknown provider function",
                format!("There is no function named \"{full}\"."),
            )
        } else if !ctx.has_builtins() && ctx.declared_func(full).is_none() {
            (
                "Call to unknown function",
                format!("There is no function named \"{full}\" (this context has no functions)."),
            )
        } else {
            // (The built-ins are also named `core::NAME`.)
            let (core, bare) = full
                .strip_prefix("core::")
                .map_or(("", full), |bare| ("core::", bare));
            let suggestion = name_suggestion(bare, ctx.function_names())
                .map(|s| {
                    let name = format!("{core}{s}");
                    format!(" Did you mean {}?", crate::value::convert::quoted(&name))
                })
                .unwrap_or_default();
            (
                "Call to unknown function",
                format!("There is no function named \"{full}\".{suggestion}"),
            )
        }
    };
    if ctx.preserves() {
        // Kept as written, and reported as a warning (a typo stays no
        // longer silent).
        ctx.warn(span, msg);
    }
    undefined(ctx, span, msg)
}

/// HCL's `nameSuggestion`: a name less than three edits (of characters)
/// away from `given`. HCL takes the first such name in its map's (random)
/// order; here the closest, the first in sorted order among equals.
fn name_suggestion<'n>(given: &str, names: impl IntoIterator<Item = &'n str>) -> Option<&'n str> {
    let length = given.chars().count();
    // (Names whose lengths differ by three or more are that far apart:
    // not measured, so a long name costs nothing.)
    names
        .into_iter()
        .filter(|n| n.chars().count().abs_diff(length) < 3)
        .map(|n| (strsim::levenshtein(given, n), n))
        .filter(|&(d, _)| d < 3)
        .min()
        .map(|(_, n)| n)
}

/// A failure of the call of `full` (at `span`): `Error in function call`.
#[cold]
#[inline(never)]
fn call_failed(full: &str, msg: String, span: Span) -> Fail {
    err(
        span,
        "Error in function call",
        format_args!("Call to function \"{full}\" failed: {msg}."),
    )
}

// ---------------------------------------------------------------------------
// Calls with arguments not known

/// A call whose arguments are not all known, as the function's handler of
/// unknown arguments (its spec's `on_unknown`) sees it: what the handler
/// takes of the arguments is no longer there for the unknown result it
/// gives up to.
pub(crate) struct UnknownCall<'a> {
    /// The call: the function, its name, where it is written.
    pub(crate) call: Call<'a>,
    pub(crate) args: Vec<Value>,
    pub(crate) metas: Vec<Ty>,
    /// The arguments' types.
    pub(crate) types: Vec<Type>,
    /// The type callback's answer (the type of the unknown result).
    pub(crate) returns: Returns,
}

impl UnknownCall<'_> {
    /// Whether argument `i` is wholly unknown.
    pub(crate) fn whole(&self, i: usize) -> bool {
        self.metas.get(i).is_some_and(typing::is_unknown)
    }

    /// An unknown result of type `t` ([`unknown_result`]).
    pub(crate) fn result(&self, t: Type) -> (Value, Ty) {
        unknown_result(self.call.def, t)
    }

    /// The function's refusal `e` ([`Call::refused`]).
    pub(crate) fn fail(&self, e: impl Into<FuncError>) -> Fail {
        self.call.refused(e)
    }

    /// A tuple of `parts`, converted to `list` when given ([`sequence`]),
    /// or the function's failure.
    pub(crate) fn sequence(
        &self,
        parts: impl IntoIterator<Item = (Value, Ty)>,
        list: Option<&Type>,
    ) -> R<(Value, Ty)> {
        sequence(parts, list).map_err(|m| self.fail(m))
    }

    /// The arguments, their metas and their types, taken (the unknown
    /// result given up to is then of the spec's result type).
    pub(crate) fn take(&mut self) -> (Vec<Value>, Vec<Ty>, Vec<Type>) {
        (
            std::mem::take(&mut self.args),
            std::mem::take(&mut self.metas),
            std::mem::take(&mut self.types),
        )
    }

    /// The type of the unknown result.
    pub(crate) fn return_type(&self) -> Type {
        match &self.returns {
            Returns::Is(t) | Returns::Convert(t) => t.clone(),
            Returns::Literal => self.call.def.spec().result.clone(),
        }
    }
}

/// An unknown result of `def` of type `t`: known not to be null unless the
/// function may return null (or the type is not known either).
pub(crate) fn unknown_result(def: &FuncDef, t: Type) -> (Value, Ty) {
    if def.spec().nullable_result || t == Type::Dynamic {
        super::unknown::nullable(t)
    } else {
        super::unknown::not_null(t)
    }
}

/// What a function gives for a call whose arguments are not all known,
/// where that is more than an unknown of its result type: a value, a
/// refined unknown, a failure; `None` gives up to the unknown result.
pub(crate) type UnknownHandler = fn(&mut UnknownCall<'_>) -> R<Option<(Value, Ty)>>;

/// A tuple of `parts` (values with their metas), converted to `list` when
/// given: the result of a function that builds a sequence from values
/// some of which are not known.
pub(crate) fn sequence(
    parts: impl IntoIterator<Item = (Value, Ty)>,
    list: Option<&Type>,
) -> Result<(Value, Ty), String> {
    let (values, metas): (Vec<Value>, Vec<Ty>) = parts.into_iter().unzip();
    let meta = typing::tuple(&values, Some(metas));
    match list {
        Some(t) => Ok(typing::convert(Value::Array(values), &meta, t)?),
        None => Ok((Value::Array(values), meta)),
    }
}

/// The elements of the known sequence `v` (meta `t`), with their metas,
/// in order; `None` when `v` is not a sequence, or is a set whose unknown
/// elements may equal others (its length and order are not known: cty
/// converts it to an unknown list).
pub(crate) fn elements(v: &Value, t: &Ty) -> Option<Vec<(Value, Ty)>> {
    if typing::length_unknown_set(v, t) {
        return None;
    }
    items_with_metas(v, t)
}

/// The elements of the known sequence `v` (meta `t`) with their metas, as
/// stored; `None` when `v` is not a sequence.
pub(crate) fn items_with_metas(v: &Value, t: &Ty) -> Option<Vec<(Value, Ty)>> {
    let Value::Array(items) = v else {
        return None;
    };
    Some(
        items
            .iter()
            .enumerate()
            .map(|(i, x)| (x.clone(), typing::item(t, i, x)))
            .collect(),
    )
}
