//! How the deserializer evaluates an attribute's expression: through the
//! evaluator, in the [`Context`] the deserializer was given.

use crate::error::{LineCursor, Location, Result};
use crate::eval::limits::Budget;
use crate::eval::Context;
use crate::syntax::Expression;
use crate::value::Value;

/// The evaluation environment the deserializer was given.
///
/// Strings of the tree (`'t`) reach visitors as borrowed (`&'de str`)
/// strings when they live as long as the input: when the tree itself does
/// ([`Env::of_tree`], `from_body`), or when they are slices of the source
/// text the deserializer read ([`Env::with_source`], `from_str`).
#[derive(Clone, Copy)]
pub(crate) struct Env<'c, 't, 'de> {
    pub(crate) ctx: &'c Context<'c>,
    /// The size budget all the document's attributes share.
    pub(crate) budget: &'c Budget,
    /// The source text, when the deserializer has it (or "").
    pub(crate) src: &'de str,
    /// Whether the tree was read from HCL's JSON syntax: there an object
    /// may stand for one block where a list of them is asked for, and a
    /// string's content is the expression asked for as syntax.
    pub(crate) json: bool,
    borrow: fn(&'t str, &'de str) -> Option<&'de str>,
    /// Lines of `src` located so far (for the syntax handed to fields).
    lines: Option<&'c LineCursor>,
}

impl<'c, 't, 'de> Env<'c, 't, 'de> {
    /// For a tree parsed from `src`, which the input outlives.
    pub(crate) fn with_source(
        ctx: &'c Context<'c>,
        budget: &'c Budget,
        src: &'de str,
        lines: &'c LineCursor,
    ) -> Self {
        Env {
            ctx,
            budget,
            src,
            json: false,
            borrow: |s, src| crate::syntax::subslice(src, s),
            lines: Some(lines),
        }
    }

    /// The location of byte `offset` of the source.
    pub(crate) fn locate(&self, offset: usize) -> Location {
        match self.lines {
            Some(lines) => lines.locate(self.src, offset),
            None => Location::of(self.src, offset),
        }
    }

    /// The same environment for a tree read from HCL's JSON syntax.
    pub(crate) fn json(mut self, yes: bool) -> Self {
        self.json = yes;
        self
    }

    /// `s` borrowed for the input's lifetime, if it can be.
    #[inline]
    pub(crate) fn borrow(&self, s: &'t str) -> Option<&'de str> {
        (self.borrow)(s, self.src)
    }
}

impl<'c, 'de> Env<'c, 'de, 'de> {
    /// For a tree that lives as long as the input (its strings are
    /// borrowed as they are).
    pub(crate) fn of_tree(ctx: &'c Context<'c>, budget: &'c Budget) -> Self {
        Env {
            ctx,
            budget,
            src: "",
            json: false,
            borrow: |s, _| Some(s),
            lines: None,
        }
    }
}

/// Evaluates `expr` to a value.
#[inline]
pub(crate) fn evaluate(expr: &Expression<'_>, env: &Env<'_, '_, '_>) -> Result<Value> {
    crate::eval::evaluate_in(expr, env.ctx, env.budget)
}
