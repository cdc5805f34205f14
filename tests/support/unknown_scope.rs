//! The unknown values of the unknowns oracle's scope (`TYPES-README.md`):
//! `local.us` ... `local.ud`, with their types, `local.us` known not null.

use hcl::eval::Context;

/// `(path, type, known not null)`.
pub const UNKNOWNS: &[(&str, &str, bool)] = &[
    ("local.us", "string", true),
    ("local.usn", "string", false),
    ("local.un", "number", false),
    ("local.ub", "bool", false),
    ("local.ul", "list(string)", false),
    ("local.uset", "set(string)", false),
    ("local.um", "map(number)", false),
    ("local.uo", "object({a = string, n = number})", false),
    ("local.ut", "tuple([string, number])", false),
    ("local.ud", "any", false),
];

/// A context declaring them.
pub fn context() -> Context<'static> {
    let mut ctx = Context::new();
    for (path, ty, not_null) in UNKNOWNS {
        ctx.declare_unknown(path, hcl::Type::parse(ty).expect("type"), *not_null);
    }
    ctx
}
