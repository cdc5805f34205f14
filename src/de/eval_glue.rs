//! How the deserializer evaluates an attribute's expression: through the
//! evaluator, in the [`Context`] the deserializer was given.

use crate::error::Result;
use crate::eval::{Context, Evaluate};
use crate::syntax::Expression;
use crate::value::Value;

/// The evaluation environment the deserializer was given.
///
/// `src` is the text the tree was parsed from, when the deserializer has
/// it: strings of the tree that are slices of it are handed to visitors as
/// borrowed (`&'de str`) strings.
#[derive(Clone, Copy)]
pub(crate) struct Env<'c, 'de> {
    pub(crate) ctx: &'c Context<'c>,
    pub(crate) src: &'de str,
}

impl<'c, 'de> Env<'c, 'de> {
    pub(crate) fn new(ctx: &'c Context<'c>, src: &'de str) -> Self {
        Env { ctx, src }
    }

    /// `s` as a slice of the source text, if it is one.
    #[inline]
    pub(crate) fn borrow(&self, s: &str) -> Option<&'de str> {
        crate::syntax::subslice(self.src, s)
    }
}

/// Evaluates `expr` to a value.
#[inline]
pub(crate) fn evaluate(expr: &Expression<'_>, env: &Env<'_, '_>) -> Result<Value> {
    expr.evaluate(env.ctx)
}
