//! Terraform's built-in functions.

use super::FuncDef;

/// Looks up a built-in function by name (without the `core::` prefix).
///
/// ```
/// assert!(hcl::eval::functions::builtin("no_such_function").is_none());
/// ```
pub fn builtin(name: &str) -> Option<&'static FuncDef> {
    let _ = name;
    None
}

/// Names of all built-in functions, sorted.
pub fn builtin_names() -> &'static [&'static str] {
    &[]
}
