//! Terraform's custom conditions: a `validation`, `precondition`,
//! `postcondition` or `assert` block's `condition`, and its
//! `error_message` when the condition is false.

use crate::error::{Error, ErrorKind, Result};
use crate::eval::{evaluate_typed, Context};
use crate::syntax::Block;
use crate::syntax::Span;
use crate::value::Value;

/// What a condition came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Outcome {
    /// True.
    Pass,
    /// False, with the rule's error message.
    Fail(String),
    /// Not known until apply.
    Unknown,
}

/// The rules of `kind` (`validation`, `precondition`, ...) in `body`.
pub(super) fn rules<'b>(
    body: &'b crate::syntax::Body<'b>,
    kind: &'b str,
) -> impl Iterator<Item = &'b Block<'b>> + 'b {
    body.blocks().filter(move |b| b.ident.as_str() == kind)
}

/// Evaluates one rule in `ctx`.
///
/// # Errors
/// The condition's or the message's evaluation error; a condition that is
/// null or not a bool (Terraform's "Invalid condition result").
pub(super) fn evaluate(rule: &Block<'_>, ctx: &Context<'_>) -> Result<Outcome> {
    let Some(condition) = rule.body.attribute("condition") else {
        return Ok(Outcome::Pass);
    };
    let t = evaluate_typed(&condition.expr, ctx)?;
    if !t.is_known() {
        return Ok(Outcome::Unknown);
    }
    let pass = match t.value() {
        Value::Bool(b) => *b,
        Value::String(s) if s.as_str() == "true" || s.as_str() == "false" => s.as_str() == "true",
        Value::Null => {
            return Err(invalid(
                condition.expr.span,
                "Condition expression must return either true or false, not null.",
            ))
        }
        _ => {
            return Err(invalid(
                condition.expr.span,
                "Invalid condition result value: a bool is required.",
            ))
        }
    };
    if pass {
        return Ok(Outcome::Pass);
    }
    let message = match rule.body.attribute("error_message") {
        Some(a) => {
            let m = evaluate_typed(&a.expr, ctx)?;
            match m.value() {
                Value::String(s) if m.is_known() => s.as_str().to_owned(),
                _ if !m.is_known() => "(The error message is not known until apply.)".to_owned(),
                other => crate::json::value_to_string(other, false).unwrap_or_default(),
            }
        }
        None => String::new(),
    };
    Ok(Outcome::Fail(message))
}

/// Where a rule's condition is (the rule's name when it has none).
pub(super) fn span(rule: &Block<'_>) -> Span {
    rule.body
        .attribute("condition")
        .map_or(rule.ident.span, |a| a.expr.span)
}

/// The error of a false rule: `summary`, the rule's message, at `span`.
pub(super) fn failed(summary: &str, message: &str, span: Span) -> Error {
    Error::described(ErrorKind::Eval, summary, message).at_span(span)
}

#[cold]
fn invalid(span: Span, detail: &str) -> Error {
    Error::described(
        ErrorKind::Eval,
        "Invalid condition result",
        format_args!("{detail}"),
    )
    .at_span(span)
}
