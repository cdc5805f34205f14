//! Why an evaluation stopped, and the failures of an expression's parts
//! collected as hclsyntax collects their diagnostics.

use super::context::{Context, EvalMode};
use super::limits;
use super::typing::Ty;
use super::unknown;
use crate::error::{Error, ErrorKind};
use crate::syntax::Span;
use crate::value::{Type, Value};

/// Why evaluation stopped.
#[derive(Debug)]
pub(crate) enum Fail {
    /// An ordinary evaluation error (`try` and `can` catch these): its
    /// diagnostics (one or more), and the value the enclosing expression
    /// goes on with, as hclsyntax returns a value beside its diagnostics.
    Err(Error, Placeholder),
    /// The expression depends on an undefined variable or function, in
    /// strict mode: an error `try` and `can` do not catch (with the
    /// diagnostics of its parts, and the placeholder to go on with).
    Undefined(Error, Placeholder),
    /// The expression depends on an undefined variable or function, in
    /// template-preserving mode: it is kept as written (no message is
    /// built).
    Preserved(Option<Error>),
}

/// The value an expression that failed goes on with (hclsyntax's value
/// beside its error diagnostics).
#[derive(Debug)]
pub(crate) enum Placeholder {
    /// An unknown value of any type (`cty.DynamicVal`).
    Dynamic,
    /// This value (an unknown of an operator's result type, a tuple holding
    /// the failed elements' placeholders, ...).
    Value(Box<(Value, Ty)>),
}

impl Placeholder {
    /// The value and its meta.
    pub(crate) fn value(self) -> (Value, Ty) {
        match self {
            Placeholder::Dynamic => unknown::nullable(Type::Dynamic),
            Placeholder::Value(v) => *v,
        }
    }
}

impl Fail {
    /// The same failure, going on with `v` (meta `t`).
    #[cold]
    pub(crate) fn with_placeholder(self, v: (Value, Ty)) -> Fail {
        match self {
            Fail::Err(e, _) => Fail::Err(e, boxed(v)),
            Fail::Undefined(e, _) => Fail::Undefined(e, boxed(v)),
            f => f,
        }
    }

    pub(crate) fn into_error(self) -> Error {
        match self {
            // Terraform's order: by where each diagnostic is.
            Fail::Err(e, _) | Fail::Undefined(e, _) | Fail::Preserved(Some(e)) => e.sorted(),
            Fail::Preserved(None) => Error::new(ErrorKind::Eval, "undefined reference"),
        }
    }
}

/// The failures of an expression's parts, collected as hclsyntax collects
/// their diagnostics: each failed part goes on with its placeholder, and the
/// expression fails with every diagnostic once its parts are done. Spent
/// resources (the evaluation's budget, its depth) stop at once, and so
/// does, in template-preserving mode, a reference to something undefined:
/// the expression is kept as written.
#[derive(Default)]
pub(crate) struct Failures {
    error: Option<Error>,
    /// Whether one is a reference to something undefined (which `try` and
    /// `can` do not catch).
    undefined: bool,
}

impl Failures {
    /// Records failure `f`: the placeholder to go on with, or the failure
    /// when it stops evaluation.
    #[cold]
    pub(crate) fn note(&mut self, f: Fail) -> R<(Value, Ty)> {
        match f {
            // Spent resources stop evaluation, with what failed before.
            Fail::Err(e, p) if limits::is_exhaustion(&e) => {
                self.add(e);
                let e = self.error.take().map(Error::sorted);
                Err(match e {
                    Some(e) => Fail::Err(e, p),
                    None => Fail::Preserved(None),
                })
            }
            Fail::Err(e, p) => {
                self.add(e);
                Ok(p.value())
            }
            Fail::Undefined(e, p) => {
                self.add(e);
                self.undefined = true;
                Ok(p.value())
            }
            f => Err(f),
        }
    }

    /// Records error `e` (a part's check that failed).
    #[cold]
    pub(crate) fn add(&mut self, e: Error) {
        Error::append(&mut self.error, e);
    }

    /// Records `f`'s diagnostics, the placeholder dropped (a part whose
    /// value is not used further).
    #[cold]
    pub(crate) fn add_fail(&mut self, f: Fail) -> R<()> {
        self.note(f).map(drop)
    }

    /// Whether a part failed.
    pub(crate) fn any(&self) -> bool {
        self.error.is_some()
    }

    /// The expression's result: `r` when no part failed, else the failure
    /// with every diagnostic, going on with `placeholder`.
    #[inline]
    pub(crate) fn finish<T>(self, r: T, placeholder: impl FnOnce(T) -> Placeholder) -> R<T> {
        match self.error {
            None => Ok(r),
            Some(e) if self.undefined => Err(Fail::Undefined(e, placeholder(r))),
            Some(e) => Err(Fail::Err(e, placeholder(r))),
        }
    }
}

pub(crate) type R<T> = Result<T, Fail>;

/// An evaluation error at `span`.
#[cold]
#[inline(never)]
pub(crate) fn err(span: Span, summary: &str, detail: impl std::fmt::Display) -> Fail {
    Fail::Err(
        Error::described(ErrorKind::Eval, summary, detail).at_span(span),
        Placeholder::Dynamic,
    )
}

/// A reference to something undefined; `msg` is only built in strict mode.
#[cold]
#[inline(never)]
pub(crate) fn undefined(
    ctx: &Context<'_>,
    span: Span,
    msg: impl FnOnce() -> (&'static str, String),
) -> Fail {
    if ctx.mode() == EvalMode::PreserveTemplates {
        Fail::Preserved(None)
    } else {
        let (summary, detail) = msg();
        Fail::Undefined(
            Error::described(ErrorKind::Eval, summary, detail).at_span(span),
            Placeholder::Dynamic,
        )
    }
}

#[cold]
#[inline(never)]
pub(crate) fn too_deep(span: Span) -> Fail {
    Fail::Err(
        Error::spanned(
            ErrorKind::Limit,
            "Expression too deeply nested to evaluate",
            span,
        ),
        Placeholder::Dynamic,
    )
}

/// A placeholder of this value.
pub(crate) fn boxed(r: (Value, Ty)) -> Placeholder {
    Placeholder::Value(Box::new(r))
}
