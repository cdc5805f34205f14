//! # hcl2 — HCL for Rust
//!
//! Reads and writes HCL, the configuration language of Terraform, OpenTofu,
//! Packer, Nomad and Vault, as a pipeline:
//!
//! 1. [`parser`]: source text → spanned syntax tree ([`syntax`]).
//! 2. [`eval`]: syntax tree + [`eval::Context`] → [`Value`].
//! 3. [`de`]: serde deserialization onto user types.
//! 4. [`ser`] / [`format`](mod@format): back to native HCL text.
//!
//! [`analysis`] reads a syntax tree without evaluating it: the spec's
//! static forms and the references an expression makes.
//!
//! ```
//! let file = hcl::parse(r#"
//! resource "aws_instance" "web" {
//!   ami           = "ami-123"
//!   instance_type = "t3.micro"
//! }
//! "#).unwrap();
//! let body = file.body();
//! let block = body.blocks().next().unwrap();
//! assert_eq!(block.ident.name, "resource");
//! assert_eq!(block.labels[1].as_str(), "web");
//! ```
#![deny(missing_docs)]
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
pub mod syntax;
pub mod typeexpr;
pub mod value;

pub use de::{
    from_body, from_json_slice, from_json_str, from_json_str_with_context, from_reader, from_slice,
    from_str, from_str_with_context, from_value, Deserializer,
};
pub use error::{Diagnostic, Error, ErrorKind, Result, Severity};
pub use parser::{parse, parse_with, ParseOptions};
pub use ser::{to_string, to_value, to_vec, to_writer, Serializer};
pub use syntax::{Body, ConfigFile, Expression, Span, Template};
pub use value::{Key, Map, Number, Str, Type, TypeConstraint, Value};

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
        GuideLimits = "guide/limits.md";
        Cli = "cli.md";
        Python = "python.md";
        Compatibility = "compatibility.md";
        Performance = "performance.md";
        Conformance = "conformance.md";
        Architecture = "architecture.md";
    }
}
