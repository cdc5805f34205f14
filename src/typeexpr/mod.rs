//! Type constraints read from syntax, as hcl's `ext/typeexpr` reads them,
//! and Terraform's input variables: `Type::parse` and
//! `TypeConstraint::parse` (Terraform's type syntax, `optional()`
//! defaults), [`constant`] (a default's value: no variables, no
//! functions) and [`Variable`] (a declared variable given its value).
//!
//! The types themselves, and the conversion of values to them, are
//! [`crate::value`]'s; this layer reads them from expressions, which
//! needs the parser and the evaluator.

mod parse;
mod variable;

pub(crate) use variable::Unset;
pub use variable::{constant, constant_of, Variable};
