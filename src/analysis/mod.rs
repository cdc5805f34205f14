//! Static analysis of expressions (`hclsyntax-spec.md`, "Static
//! Analysis"): reading an expression's structure without evaluating it.
//!
//! * The spec's four static interpretations, each `None` where the
//!   expression is not of that form: [`static_list`] (a tuple
//!   constructor's elements), [`static_map`] (an object constructor's
//!   items), [`static_call`] (a function call's name and arguments) and
//!   [`static_traversal`] (a variable with attribute accesses and
//!   constant indexes, or `true`, `false`, `null` read as variable names).
//! * [`references`]: the variables an expression refers to, as Go's
//!   `hclsyntax` `Expression.Variables()` reports them (what Terraform
//!   reads to find a configuration's dependencies), and
//!   [`body_references`] for every attribute of a body, nested blocks
//!   included.
//!
//! ```
//! use hcl::analysis::{references, static_call};
//!
//! let parsed = hcl::parser::parse_expression(r#"lookup(var.tags, "Name", local.default)"#).unwrap();
//! let call = static_call(parsed.expr()).unwrap();
//! assert_eq!(call.name.name.name, "lookup");
//! assert_eq!(call.args.len(), 3);
//!
//! let refs: Vec<String> = references(parsed.expr()).iter().map(|r| r.to_string()).collect();
//! assert_eq!(refs, ["var.tags", "local.default"]);
//! ```

mod references;
mod static_forms;
mod traversal;

pub use references::{
    body_references, each_body_reference, reference_value, references, BodyReference,
};
pub use static_forms::{
    static_call, static_key_traversal, static_list, static_map, static_traversal,
};
pub use traversal::{Reference, Step};
