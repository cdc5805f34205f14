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
//! Terraform's sets, lists and maps have no types of their own in [`Value`](crate::Value):
//! a set is an array in Terraform's set order (strings byte-wise, numbers
//! numerically, `false` before `true`), and `tolist`/`toset`/`tomap` unify
//! element types as Terraform does (`tolist([1, "a"])` is `["1", "a"]`).
//!
//! As in Terraform, every string a function returns is in Unicode normal
//! form C (`join("", ["e", "\u0301"])` is `"é"`).
//!
//! Sizes are bounded: `range` stops at 1,024 values and `setproduct` at
//! 10,000,000 combinations (both as in Terraform); `format` widths and
//! precisions and `indent` amounts above 1,000,000 are refused; and `join`,
//! `indent`, `replace`, `split`, `regexall`, `format`, `formatlist` and
//! `setproduct` check the size of their result against what is left of the
//! evaluation's [`Limits`](crate::eval::Limits) before building it.
//!
//! Optional families sit behind cargo features (all of them in the
//! `functions` feature); with a feature off its functions are simply
//! absent.
//!
//! # Functions
//!
//! 114 functions in nine families (Terraform 1.11's list less the
//! Terraform-only ones):
//!
//! | family | count | functions | feature | differences from Terraform |
//! |---|---:|---|---|---|
//! | string | 22 | `chomp endswith format formatlist indent join lower regex regexall replace split startswith strcontains strrev substr templatestring title trim trimprefix trimspace trimsuffix upper` | `regex` for `regex`, `regexall` and `/re/` patterns in `replace` | Patterns run on the `regex` crate, translated to mean what they mean in Go's `regexp` (RE2 syntax: no backreferences or lookaround): `\d \w \s \b` and their negations have RE2's ASCII meaning, what the `regex` crate alone would read as class set operations or nested classes (`[a&&b]`, `[[ab]]`) is read literally as RE2 reads it, `\Q..\E` quotes, and `\C` is refused as Go refuses it. `upper`/`lower` map rune by rune like Go (no final sigma, `ß` kept) but use Rust's case tables. Through the evaluator, `format` and `formatlist` with an untyped `null` argument give an unknown value of unknown type, as Terraform 1.11 does (a typed null prints `null`); called directly, a function cannot tell the two nulls apart and formats a `null` as Terraform formats a typed one. `templatestring` checks, when the evaluator calls it, that its template argument is a reference or an index, attribute access or splat of one (Terraform's rule); called directly it sees only the value. |
//! | collection | 30 | `alltrue anytrue chunklist coalesce coalescelist compact concat contains distinct element flatten index keys length lookup matchkeys merge one range reverse setintersection setproduct setsubtract setunion slice sort sum transpose values zipmap` | — | Sets of collections follow cty's order (byte-wise on its set-hash text), reproduced. Arrays do not know whether they are sets, so e.g. `slice` accepts a set that Terraform rejects (`element` is told by the evaluator, and refuses a set as Terraform does). `element` with a negative index counts from the end of a list, as in Terraform, and takes a tuple's element at the index's remainder, an error where that is negative (Terraform 1.11 panics); called directly, outside the evaluator, it cannot tell a list from a tuple and reads both as a tuple. `range` and `sum` add as Terraform does, with its rounding (`sum([0.1, 0.2])` is 0.3, and `range(0, 1, 0.1)` has Terraform's ten values). |
//! | numeric | 9 | `abs ceil floor log max min parseint pow signum` | — | Numbers are Terraform's 512-bit floats (see [`Number`](crate::Number)); `abs`, `ceil`, `floor`, `max`, `min` and `parseint` are exact, `log` and `pow` compute in `f64` as Terraform does. `log`/`pow` results that are NaN are errors (Terraform panics). |
//! | encoding | 11 | `base64decode base64encode base64gzip csvdecode jsondecode jsonencode textdecodebase64 textencodebase64 urlencode yamldecode yamlencode` | `base64`; `gzip` (base64gzip); `csv` (csvdecode); `json` (jsondecode); `textencoding`; `yaml` (yamldecode) | `base64gzip` (flate2) gives Terraform's bytes for many short inputs, not all (flate2 and Go's compressor choose differently: the regression net lists three short strings); every result decodes to the same text. `jsondecode` reads numbers at Terraform's 512 bits (`jsondecode("18446744073709551617")` is exact, as in Terraform) and nests at most as deep as the parser's depth limit (128). `yamldecode` reads yaml-rust2's events as Terraform's go-cty-yaml reads libyaml's: its scalar rules, types (a block scalar is a string, an empty one a null string), messages and positions; it rejects a few inputs go-yaml reads (a bare `-` in a flow sequence, a `\'` escape, a quoted scalar continued less indented than its mapping). `textencodebase64` knows the WHATWG encodings of `encoding_rs` plus ISO-8859-1 and UTF-16/UTF-16LE/UTF-16BE (no UTF-32). `jsonencode`, `yamlencode` and `urlencode` are hand-written (small, exact layouts). |
//! | hash and crypto | 8 | `base64sha256 base64sha512 md5 rsadecrypt sha1 sha256 sha512 uuidv5` | `hash`; `crypto` (rsadecrypt) | `rsadecrypt` (the `rsa` crate, 0.9) reads the first PEM block of its key argument as Go's `ssh.ParseRawPrivateKey` does for RSA keys: PKCS #1, PKCS #8 or an unencrypted OpenSSH key; plaintext bytes that are not UTF-8 become U+FFFD (Terraform keeps the bytes, which its JSON output writes as U+FFFD); keys longer than 16384 bits are refused, to bound the work of a call. `rsa` 0.9 carries advisory RUSTSEC-2023-0071 (a timing side channel of decryption, exploitable by whoever can have many chosen cipher texts decrypted and time it, which a configuration does not offer); leave `crypto` out of your feature list to keep it out of the build. |
//! | conversion | 12 | `tobool tolist tomap tonumber toset tostring try can sensitive nonsensitive issensitive ephemeralasnull` | — | `try` and `can` take their arguments' expressions, as in HCL's `tryfunc`; called directly, with values, `try` gives its first argument and `can` is `true`. No value carries Terraform's marks: `sensitive`, `nonsensitive` and `ephemeralasnull` return their argument, `issensitive` is `false`. |
//! | network | 4 | `cidrhost cidrnetmask cidrsubnet cidrsubnets` | — | IPv4-mapped IPv6 networks are printed as IPv4, as Go prints them (`cidrsubnet("::ffff:192.168.0.0/112", 8, 6)` is `192.168.6.0/24`); host and network numbers are big integers as in go-cidr (negative ones too); where Terraform panics (a number beyond the address) it is an error. |
//! | date/time | 3 | `formatdate timeadd timecmp` | `datetime` | — |
//! | filesystem | 15 | `abspath basename dirname pathexpand file fileexists fileset filebase64 filebase64sha256 filebase64sha512 filemd5 filesha1 filesha256 filesha512 templatefile` | `fs` | Not built in except `basename`, `dirname` and `pathexpand`: the others read the filesystem, which a context allows with `Context::allow_files` (a base directory for relative paths; also `fs::with_base_dir` / `fs::declare_in`). `fileset` matches with `globset` after Terraform's join-and-clean, with doublestar's class syntax. |
//!
//! Not provided: `timestamp plantimestamp uuid bcrypt` (they only make
//! sense inside Terraform).
//!
//! Each function is tested against values produced by Terraform 1.11.4:
//! 1,020 cases written for this crate (`tests/fixtures/functions/cases.txt`),
//! 65 filesystem and template cases (`fs_cases.txt`), and the shared
//! oracle's function cases; all run both by calling the functions directly
//! and through the parser and evaluator.

// Adding a function: one registration in its family's `register`, which is
// its spec, as go-cty's `function.Spec` is (`FuncDef::builder()`); the call
// protocol that reads it is `eval/call.rs`, the same for every function.
// A spec has cty's parts:
//
// - its parameters (cty's `Params` and `VarParam`), each with its one type
//   (`param`, `variadic`; `nullable_*` where null is allowed), to which its
//   arguments convert before the call; then for the parameter just declared
//   `typed_argument()` where cty does not allow an argument of unknown type
//   (the result is then an unknown of unknown type), `syntax_check(f)`
//   where it takes its argument's expression and checks it
//   (`templatestring`), and for the function `takes_expressions()` where
//   its implementation evaluates its arguments' expressions (`try`, `can`);
// - its result (cty's `Type`): `returns(T)` (never null; `Type::Dynamic`
//   when the arguments decide it) or `returns_nullable(T)`, and where the
//   arguments decide it or must be checked, its one type callback,
//   `result_type(f)`: given the arguments known or not (`TypeCall`), it
//   refuses them (cty's checks of their kinds and values, with Terraform's
//   messages) or types the result (`Returns`), an unknown result too;
// - what a call gives whose arguments are not all known (cty's
//   `RefineResult`, and what cty's implementations make of the known
//   parts): by default an unknown of the callback's type (not null unless
//   `returns_nullable`); `on_unknown(f)` where the function gives more (a
//   value from the known parts, a refined unknown, a failure);
// - its one implementation (cty's `Impl`): `build` over the converted
//   values, or `implement` over the call's `Args` (the budget, to check
//   sizes; where the call keeps them the arguments' types and the type
//   callback's answer; the expressions), answering a value or an `Answer`.
//
// The type callbacks, unknown handlers and implementations sit beside the
// registrations in the family's file (what they are given is in
// `eval/func.rs` and `eval/call.rs`). Then cases in
// `tests/fixtures/functions/cases.txt` (their answers from Terraform: that
// folder's README), and the function in the regression net's generator
// (`tests/fixtures/terraform_net/generate.py`).

// No panics reachable from arguments: arity is checked before a function
// runs (by the call protocol, or by `FuncDef::call` on a direct call);
// everything else returns an error.
#![cfg_attr(
    not(test),
    warn(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::unreachable,
        clippy::todo,
        clippy::unimplemented
    )
)]

use std::collections::HashMap;
use std::sync::OnceLock;

use super::FuncDef;

pub(crate) mod collection;
mod convert;
#[cfg(feature = "crypto")]
mod crypto;
#[cfg(feature = "datetime")]
mod datetime;
pub(crate) mod encoding;
#[cfg(feature = "fs")]
pub mod fs;
mod gomath;
#[cfg(feature = "hash")]
mod hash;
mod network;
mod numeric;
#[cfg(feature = "regex")]
mod re2;
pub(crate) mod string;
mod template;
pub(crate) mod util;
mod yaml;
#[cfg(feature = "yaml")]
pub(crate) mod yaml_decode;

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
        #[cfg(feature = "crypto")]
        crypto::register(&mut r);
        convert::register(&mut r);
        network::register(&mut r);
        template::register(&mut r);
        #[cfg(feature = "datetime")]
        datetime::register(&mut r);
        #[cfg(feature = "fs")]
        fs::register(&mut r);
        r.into_iter()
            .map(|(name, f)| (name, nfc_results(f)))
            .collect()
    })
}

/// Terraform (cty) keeps every string in Unicode normal form C, function
/// results included (`join("", ["e", "\u0301"])` is `"é"`); the parser
/// normalises literals, and this wrapper the strings a built-in returns.
pub(crate) fn nfc_results(f: FuncDef) -> FuncDef {
    // (`try` and `can` give an argument's value as it is.)
    if f.spec().expressions {
        return f;
    }
    f.wrapped(util::nfc_value)
}

pub use crate::eval::context::FILE_FUNCTIONS;

/// Terraform's functions that come with a feature of this crate, each
/// with its feature (`fs`'s are [`FILE_FUNCTIONS`]).
pub const FEATURE_FUNCTIONS: &[(&str, &str)] = &[
    ("base64decode", "base64"),
    ("base64encode", "base64"),
    ("base64gzip", "gzip"),
    ("base64sha256", "hash"),
    ("base64sha512", "hash"),
    ("csvdecode", "csv"),
    ("formatdate", "datetime"),
    ("jsondecode", "json"),
    ("md5", "hash"),
    ("regex", "regex"),
    ("regexall", "regex"),
    ("rsadecrypt", "crypto"),
    ("sha1", "hash"),
    ("sha256", "hash"),
    ("sha512", "hash"),
    ("textdecodebase64", "textencoding"),
    ("textencodebase64", "textencoding"),
    ("timeadd", "datetime"),
    ("timecmp", "datetime"),
    ("uuidv5", "hash"),
    ("yamldecode", "yaml"),
];

/// The feature of this crate that `name`, one of Terraform's functions,
/// needs, when this build does not have it (`fs` for the
/// [`FILE_FUNCTIONS`]).
///
/// ```
/// let f = hcl::eval::functions::feature_of("jsondecode");
/// assert_eq!(f.is_some(), cfg!(not(feature = "json")));
/// assert_eq!(hcl::eval::functions::feature_of("upper"), None);
/// ```
pub fn feature_of(name: &str) -> Option<&'static str> {
    if FILE_FUNCTIONS.contains(&name) {
        return (!cfg!(feature = "fs")).then_some("fs");
    }
    FEATURE_FUNCTIONS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, f)| *f)
        .filter(|_| builtin(name).is_none())
}

/// Terraform's built-in functions, as a context reaches them.
static BUILTINS: crate::eval::context::Builtins = crate::eval::context::Builtins {
    find: builtin,
    names: builtin_names,
    feature_of,
};

impl crate::eval::Context<'_> {
    /// A context with Terraform's built-in functions and no variables, in
    /// [`EvalMode::Strict`](crate::eval::EvalMode::Strict).
    ///
    /// ```
    /// let ctx = hcl::eval::Context::new();
    /// assert_eq!(ctx.mode(), hcl::eval::EvalMode::Strict);
    /// assert_eq!(hcl::eval::evaluate_str("upper(\"a\")", &ctx).unwrap(), hcl::Value::from("A"));
    /// assert!(hcl::eval::evaluate_str("x", &ctx).is_err());
    /// ```
    pub fn new() -> Self {
        Self::with_builtins(Some(&BUILTINS))
    }
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

/// Formats a number as Terraform does inside strings (`tostring`, `format`
/// `%s`, string interpolation): plain decimal, never an exponent, integers
/// exact, other values with the shortest digits that round-trip.
///
/// ```
/// use hcl::eval::functions::format_number;
/// use hcl::Number;
/// assert_eq!(format_number(&Number::from(1.5)), "1.5");
/// assert_eq!(format_number(&Number::from(1e20)), "100000000000000000000");
/// assert_eq!(format_number(&Number::from(1e-7)), "0.0000001");
/// ```
pub fn format_number(n: &crate::value::Number) -> String {
    util::fmt_number(n)
}

/// Parses a string as Terraform converts strings to numbers (`tonumber`,
/// `"5" + 1`): [`Number::parse`](crate::Number::parse).
///
/// ```
/// use hcl::eval::functions::parse_number;
/// assert_eq!(parse_number("1e2").unwrap().as_u64(), Some(100));
/// assert_eq!(parse_number("-1.5").unwrap().as_f64(), -1.5);
/// assert!(parse_number(" 5").is_none());
/// assert_eq!(parse_number("inf").unwrap().as_f64(), f64::INFINITY);
/// ```
pub fn parse_number(s: &str) -> Option<crate::value::Number> {
    crate::value::Number::parse(s)
}

#[cfg(all(
    test,
    feature = "fs",
    feature = "regex",
    feature = "json",
    feature = "yaml",
    feature = "csv",
    feature = "datetime",
    feature = "crypto",
    feature = "gzip",
    feature = "textencoding"
))]
mod tests {
    /// The reference table of `docs/functions.md`: each built-in with its
    /// parameters and result as their specs declare them, and the feature
    /// it needs.
    fn reference_table() -> String {
        let mut out =
            String::from("| function | parameters | result | feature |\n|---|---|---|---|\n");
        for &name in super::builtin_names() {
            let f = super::builtin(name).unwrap_or_else(|| unreachable!("{name} is listed"));
            let param = |p: &crate::eval::Param, rest: &str| {
                let null = if p.allow_null { " (may be null)" } else { "" };
                format!("`{rest}{} {}`{null}", p.name, p.ty)
            };
            let mut params: Vec<String> = f.params().iter().map(|p| param(p, "")).collect();
            params.extend(f.variadic().map(|p| param(p, "...")));
            let result = match &f.spec().result {
                crate::value::Type::Dynamic => "from the arguments".to_owned(),
                t => format!("`{t}`"),
            };
            let feature = if super::FILE_FUNCTIONS.contains(&name) {
                "`fs`".to_owned()
            } else {
                match super::FEATURE_FUNCTIONS.iter().find(|(n, _)| *n == name) {
                    Some((_, "base64")) => "`base64` (default)".to_owned(),
                    Some((_, feature)) => format!("`{feature}`"),
                    None => String::new(),
                }
            };
            let params = if params.is_empty() {
                "none".to_owned()
            } else {
                params.join(", ")
            };
            out.push_str(&format!("| `{name}` | {params} | {result} | {feature} |\n"));
        }
        out
    }

    /// `docs/functions.md`'s table is the specs' (`HCL_WRITE_DOCS=1` writes
    /// it there).
    #[test]
    fn the_reference_table_is_made_from_the_specs() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/functions.md");
        let doc = std::fs::read_to_string(path).unwrap_or_default();
        let (start, end) = ("<!-- functions -->\n", "<!-- end -->");
        let made = match (doc.find(start), doc.find(end)) {
            (Some(a), Some(b)) if a < b => {
                format!(
                    "{}{}{}",
                    &doc[..a + start.len()],
                    reference_table(),
                    &doc[b..]
                )
            }
            _ => String::new(),
        };
        if std::env::var_os("HCL_WRITE_DOCS").is_some() {
            std::fs::write(path, &made).unwrap();
            return;
        }
        assert!(made == doc, "docs/functions.md differs from the specs (HCL_WRITE_DOCS=1 cargo test --all-features --lib writes it)");
    }
}
