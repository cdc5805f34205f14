//! Terraform's built-in functions (Terraform 1.11), checked against
//! Terraform itself.
//!
//! [`builtin`] looks a function up by name (the evaluator strips a `core::`
//! prefix first); [`builtin_names`] lists them. Every function is a
//! [`FuncDef`], callable directly:
//!
//! ```
//! use hcl::eval::functions::builtin;
//! use hcl::Value;
//!
//! let upper = builtin("upper").unwrap();
//! assert_eq!(upper.call(vec![Value::from("abc")]).unwrap(), Value::from("ABC"));
//! let join = builtin("join").unwrap();
//! let parts = Value::from(vec!["a", "b"]);
//! assert_eq!(join.call(vec![Value::from("-"), parts]).unwrap(), Value::from("a-b"));
//! ```
//!
//! Terraform's sets, lists and maps have no types of their own in [`Value`]:
//! a set is an array in Terraform's set order (strings byte-wise, numbers
//! numerically, `false` before `true`), and `tolist`/`toset`/`tomap` unify
//! element types as Terraform does (`tolist([1, "a"])` is `["1", "a"]`).
//!
//! Optional families sit behind cargo features, all on by default; with a
//! feature off its functions are simply absent.
//!
//! # Functions
//!
//! | family | functions | feature | differences from Terraform |
//! |---|---|---|---|
//! | string (23) | `chomp endswith format formatlist indent join lower regex regexall replace split startswith strcontains strrev substr title trim trimprefix trimspace trimsuffix upper` | — (`regex`, `regexall` and `/re/` in `replace`: `regex`; grapheme clusters: `unicode`) | Patterns use the `regex` crate, not Go's RE2: the syntax is nearly the same (both are RE2-style, no backreferences or lookaround) but `\C`, `\z` vs `\Z` details and some Unicode class names differ. Without `unicode`, `strrev`/`substr`/`length` count `char`s. `format` numbers use `f64` precision (Terraform uses 512-bit floats). `format` with a `null` argument is an error here (Terraform returns an unknown value). `templatestring` needs the parser and evaluator and is not in this table. |
//! | collection (33) | `alltrue anytrue chunklist coalesce coalescelist compact concat contains distinct element flatten index keys length lookup matchkeys merge one range reverse setintersection setproduct setsubtract setunion slice sort sum transpose values zipmap` | — | Sets of objects or tuples keep first-seen order (Terraform orders them by an internal hash). `element` with a negative index is an error (Terraform 1.11 panics). |
//! | numeric (9) | `abs ceil floor log max min parseint pow signum` | — | Numbers are `i64`/`u64` exact or `f64`, not 512-bit floats: `parseint` of more than 64 bits gives an `f64`. |
//! | encoding (12) | `base64decode base64encode base64gzip csvdecode jsondecode jsonencode textdecodebase64 textencodebase64 urlencode yamldecode yamlencode` | `base64`; `gzip`; `csv`; `json` (jsondecode); `textencoding`; `yaml` (yamldecode) | `base64gzip` uses `flate2`: identical to Terraform's output for short inputs, other (equally valid) compressed bytes for longer ones. `jsondecode` keeps numbers beyond `u64` as `f64`. `yamldecode` follows go-yaml's YAML 1.1 scalar rules on top of `yaml-rust2`; timestamps become RFC 3339 strings. `textencodebase64` knows the encodings of `encoding_rs` (WHATWG) plus true ISO-8859-1. |
//! | hash (7) | `base64sha256 base64sha512 md5 sha1 sha256 sha512 uuidv5` | `hash` | — |
//! | conversion (6) | `tobool tolist tomap tonumber toset tostring` | — | `try` and `can` are special forms of the evaluator. |
//! | network (4) | `cidrhost cidrnetmask cidrsubnet cidrsubnets` | — | IPv4-mapped IPv6 prefixes (`::ffff:a.b.c.d/n`) are treated as IPv6; a negative `cidrsubnet` number on IPv6 is an error. |
//! | date/time (3) | `formatdate timeadd timecmp` | `datetime` | — |
//! | filesystem (12) | `abspath basename dirname pathexpand file fileexists fileset filebase64 filebase64sha256 filebase64sha512 filemd5 filesha1 filesha256 filesha512` | `fs` | Relative paths resolve against the process's current directory; [`fs::with_base_dir`] gives versions bound to a base directory. `templatefile` needs the evaluator. |
//!
//! Not provided, as in the issue: `sensitive nonsensitive issensitive
//! ephemeralasnull timestamp plantimestamp uuid bcrypt rsadecrypt`.

use std::collections::HashMap;
use std::sync::OnceLock;

use super::FuncDef;

mod collection;
mod convert;
#[cfg(feature = "datetime")]
mod datetime;
mod encoding;
#[cfg(feature = "fs")]
pub mod fs;
#[cfg(feature = "hash")]
mod hash;
mod network;
mod numeric;
mod string;
pub(crate) mod util;
mod yaml;

/// The name → function table the families fill in.
pub(crate) type Registry = HashMap<&'static str, FuncDef>;

fn table() -> &'static Registry {
    static TABLE: OnceLock<Registry> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut r = Registry::new();
        string::register(&mut r);
        collection::register(&mut r);
        numeric::register(&mut r);
        encoding::register(&mut r);
        #[cfg(feature = "hash")]
        hash::register(&mut r);
        convert::register(&mut r);
        network::register(&mut r);
        #[cfg(feature = "datetime")]
        datetime::register(&mut r);
        #[cfg(feature = "fs")]
        fs::register(&mut r);
        r
    })
}

/// Looks up a built-in function by name (without the `core::` prefix).
///
/// ```
/// assert!(hcl::eval::functions::builtin("no_such_function").is_none());
/// assert!(hcl::eval::functions::builtin("merge").is_some());
/// ```
pub fn builtin(name: &str) -> Option<&'static FuncDef> {
    table().get(name)
}

/// Names of all built-in functions, sorted.
///
/// ```
/// let names = hcl::eval::functions::builtin_names();
/// assert!(names.contains(&"jsonencode"));
/// assert!(names.windows(2).all(|w| w[0] < w[1]));
/// ```
pub fn builtin_names() -> &'static [&'static str] {
    static NAMES: OnceLock<Vec<&'static str>> = OnceLock::new();
    NAMES.get_or_init(|| {
        let mut v: Vec<&'static str> = table().keys().copied().collect();
        v.sort_unstable();
        v
    })
}
