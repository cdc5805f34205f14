//! The parser: HCL native syntax text → [`crate::syntax`] tree.

use crate::syntax::Body;
use crate::{Error, ErrorKind, Result, Span};

/// Options for parsing.
///
/// ```
/// let opts = hcl::ParseOptions::new().max_depth(16);
/// assert!(hcl::parse_with("a = [[1]]", &opts).is_ok());
/// ```
#[derive(Clone, Debug)]
pub struct ParseOptions {
    max_depth: usize,
}

impl Default for ParseOptions {
    fn default() -> Self {
        ParseOptions { max_depth: 128 }
    }
}

impl ParseOptions {
    /// Default options (nesting depth limit 128).
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets the maximum nesting depth of brackets, blocks, templates and
    /// `for` expressions.
    pub fn max_depth(mut self, depth: usize) -> Self {
        self.max_depth = depth;
        self
    }

    /// The maximum nesting depth.
    pub fn depth_limit(&self) -> usize {
        self.max_depth
    }
}

/// Parses a config file into a [`Body`].
///
/// # Errors
/// Returns an [`Error`] with line, column and snippet on invalid syntax.
///
/// ```
/// let body = hcl::parse("a = 1").unwrap();
/// assert_eq!(body.structures.len(), 1);
/// ```
pub fn parse(input: &str) -> Result<Body<'_>> {
    parse_with(input, &ParseOptions::default())
}

/// Parses a config file into a [`Body`] with `options`.
///
/// # Errors
/// Returns an [`Error`] with line, column and snippet on invalid syntax or
/// when a limit is exceeded.
pub fn parse_with<'a>(input: &'a str, options: &ParseOptions) -> Result<Body<'a>> {
    let _ = options;
    Err(Error::at(
        ErrorKind::Parse,
        "parser not implemented yet",
        Span::new(0, 0),
        input,
    ))
}
