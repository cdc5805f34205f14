//! # hcl2 — HCL for Rust
//!
//! Reads, evaluates and writes HCL, the configuration language of Terraform,
//! OpenTofu, Packer, Nomad and Vault: load a file into your
//! `#[derive(Deserialize)]` types with Terraform's semantics and built-in
//! functions, analyse or rewrite it, and write it back as `terraform fmt`
//! would.
//!
//! The pipeline, one module a stage: [`parser`] reads text into a spanned
//! syntax tree ([`syntax`]); [`eval`] evaluates it in an [`eval::Context`]
//! (variables, functions, mode) into a [`Value`]; [`de`] maps it onto your
//! types ([`from_str`]); [`ser`] and [`format`](mod@format) write HCL back
//! ([`to_string`]).
//!
//! ```
//! #[derive(serde::Deserialize)]
//! struct Config { name: String, port: u16, region: String }
//!
//! let c: Config = hcl::from_str(r#"
//! name   = "web-${1 + 1}"
//! port   = 8000 + 80
//! region = var.region # not known here: kept as written
//! "#).unwrap();
//! assert_eq!((c.name.as_str(), c.port), ("web-2", 8080));
//! assert_eq!(c.region, "${var.region}");
//! ```
//!
//! The user guide, one topic a page, is in `docs/guide/` of the repository:
//!
//! - `serde.md`: blocks, labels and values onto Rust types and back ([`de`], [`ser`]);
//! - `evaluation.md`: contexts, modes and built-in functions ([`eval`], [`eval::functions`]);
//! - `types-and-unknowns.md`: Terraform's types and unknown values ([`eval::Typed`]);
//! - `type-constraints.md`: `type = ...` and input variables ([`typeexpr`], [`TypeConstraint`]);
//! - `dynamic-blocks.md`: `dynamic` blocks ([`eval::expand_dynamic`]);
//! - `analysis.md`: references, traversals and static forms ([`analysis`]);
//! - `json-syntax.md`: `.tf.json` files read and written ([`json`]);
//! - `editing.md`: a file edited in place, every other byte kept ([`edit`]);
//! - `formatting.md`: the layout of `terraform fmt` ([`format`](mod@format));
//! - `diagnostics.md`: errors, diagnostics and their JSON form ([`Error`], [`error`]);
//! - `configurations.md`: several files, variables and locals ([`config`]);
//! - `limits.md`: depth and size limits, what is read ([`ParseOptions`], [`eval::Limits`]).
#![deny(missing_docs)]
// Every fallible public function says when it fails.
#![warn(clippy::missing_errors_doc)]
#![forbid(unsafe_code)]
// No `unwrap` in library code (input must never panic it); see tests for the rest.
#![cfg_attr(not(test), warn(clippy::unwrap_used, clippy::expect_used))]

pub mod analysis;
pub mod config;
pub mod de;
pub mod edit;
pub mod error;
pub mod eval;
pub mod format;
pub mod json;
pub mod parser;
pub mod ser;
pub mod structure;
pub mod syntax;
pub mod typeexpr;
pub mod value;

mod stack;

pub use de::{
    from_body, from_json_slice, from_json_str, from_json_str_with_context, from_reader, from_slice,
    from_str, from_str_with_context, from_value, Deserializer,
};
pub use error::{Diagnostic, Error, ErrorKind, Result, Severity};
pub use parser::{parse, parse_with, ParseOptions};
pub use ser::{to_string, to_value, to_vec, to_writer};
pub use syntax::{Body, ConfigFile, Expression, Span, Template};
pub use value::{AttributeTypes, Key, Map, Number, Str, Type, TypeConstraint, Value};

/// The README's examples, run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

/// The Rust examples of the documents under `docs/`, run as doctests (one
/// item per document).
#[cfg(doctest)]
mod docs {
    macro_rules! documents {
        ($($name:ident = $path:literal;)*) => {
            $(
                #[doc = include_str!(concat!("../docs/", $path))]
                pub struct $name;
            )*
        };
    }
    documents! {
        GuideSerde = "guide/serde.md";
        GuideEvaluation = "guide/evaluation.md";
        GuideTypesAndUnknowns = "guide/types-and-unknowns.md";
        GuideTypeConstraints = "guide/type-constraints.md";
        GuideDynamicBlocks = "guide/dynamic-blocks.md";
        GuideAnalysis = "guide/analysis.md";
        GuideJsonSyntax = "guide/json-syntax.md";
        GuideEditing = "guide/editing.md";
        GuideFormatting = "guide/formatting.md";
        GuideDiagnostics = "guide/diagnostics.md";
        GuideConfigurations = "guide/configurations.md";
        GuidePlan = "guide/plan.md";
        GuideLimits = "guide/limits.md";
        Cli = "cli.md";
        Python = "python.md";
        Compatibility = "compatibility.md";
        Performance = "performance.md";
        Conformance = "conformance.md";
        Architecture = "architecture.md";
    }
}
