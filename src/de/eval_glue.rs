//! How the deserializer evaluates an attribute's expression: through the
//! evaluator, in the [`Context`] the deserializer was given.

use crate::error::Result;
use crate::eval::{Context, Evaluate};
use crate::syntax::Expression;
use crate::value::Value;

/// The evaluation environment the deserializer was given.
#[derive(Clone, Copy)]
pub(crate) struct Env<'c> {
    pub(crate) ctx: &'c Context<'c>,
}

impl<'c> Env<'c> {
    pub(crate) fn new(ctx: &'c Context<'c>) -> Self {
        Env { ctx }
    }
}

/// Evaluates `expr` to a value.
#[inline]
pub(crate) fn evaluate(expr: &Expression<'_>, env: &Env<'_>) -> Result<Value> {
    expr.evaluate(env.ctx)
}
