//! Type constraints read from syntax, as hcl's `ext/typeexpr` reads them,
//! and Terraform's input variables: `Type::parse` and
//! `TypeConstraint::parse` (Terraform's type syntax, `optional()`
//! defaults), [`constant`] (a default's value: no variables, no
//! functions) and [`Variable`] (a declared variable given its value).
//!
//! The types themselves, and the conversion of values to them, are
//! [`crate::value`]'s; this layer reads them from expressions, which
//! needs the parser and the evaluator.
//!
//! ```
//! use hcl::typeexpr::{constant, Variable};
//! use hcl::{TypeConstraint, Value};
//! let c = TypeConstraint::parse("map(number)").unwrap();
//! let v = Variable::new(c, Some(constant("{a = \"1\"}").unwrap()), true).unwrap();
//! let value = v.value(None).unwrap();
//! assert_eq!(value.ty().to_string(), "map(number)");
//! assert_eq!(value.value()["a"], Value::from(1));
//! ```

mod parse;
mod variable;

pub(crate) use variable::Unset;
pub use variable::{constant, constant_of, Variable};
