//! The parser: HCL native syntax text → [`crate::syntax`] tree.
//!
//! A hand-written recursive-descent parser over bytes, shaped like a nom
//! parser: one small function per grammar production (`config_file`,
//! `attribute_rest`, `expression`, `binary_expr`, `term`, `tuple`,
//! `template_parts`, ...), each consuming from the current position. Byte
//! loops scan whitespace, comments, identifiers, numbers and string bodies;
//! literals borrow from the source where no escape needs processing; binary
//! operators are built by precedence climbing with explicit stacks; nesting
//! is limited by [`ParseOptions::max_depth`].
//!
//! Entry points: [`parse`] (config file), [`parse_expression`],
//! [`parse_template`] (standalone template, as `templatefile()` reads),
//! [`parse_bytes`] (checks UTF-8 first), each with a `_with` variant taking
//! [`ParseOptions`]; [`validate`] checks a file without keeping its tree.

mod body;
mod expr;
mod lexer;
mod template;

use lexer::Parser;

use crate::syntax::{Body, Expression, Template};
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
    check_bom(input)?;
    let mut p = Parser::new(input, options.max_depth);
    p.config_file()
}

/// Checks that `input` is a valid config file without building the whole
/// tree: each top-level attribute or block is dropped as soon as it is
/// parsed, so memory stays proportional to the largest one. Accepts and
/// rejects exactly what [`parse`] does (same errors).
///
/// # Errors
/// As [`parse`].
///
/// ```
/// assert!(hcl::parser::validate("a = 1\nb { c = 2 }\n").is_ok());
/// assert!(hcl::parser::validate("a = 1\na = 2\n").is_err());
/// ```
pub fn validate(input: &str) -> Result<()> {
    validate_with(input, &ParseOptions::default())
}

/// [`validate`] with `options`.
///
/// # Errors
/// As [`parse_with`].
pub fn validate_with(input: &str, options: &ParseOptions) -> Result<()> {
    check_bom(input)?;
    let mut p = Parser::new(input, options.max_depth);
    p.validate_file()
}

/// [`validate`] for bytes: invalid UTF-8 is an error.
///
/// # Errors
/// As [`parse_bytes`].
pub fn validate_bytes(input: &[u8]) -> Result<()> {
    validate(check_utf8(input)?)
}

/// Parses a config file given as bytes: invalid UTF-8 is an error.
///
/// # Errors
/// As [`parse`], plus an error at the first invalid UTF-8 byte.
///
/// ```
/// assert!(hcl::parser::parse_bytes(b"a = 1\n").is_ok());
/// let err = hcl::parser::parse_bytes(b"a = \"\xff\"\n").unwrap_err();
/// assert_eq!(err.column(), Some(6));
/// ```
pub fn parse_bytes(input: &[u8]) -> Result<Body<'_>> {
    parse_bytes_with(input, &ParseOptions::default())
}

/// [`parse_bytes`] with `options`.
///
/// # Errors
/// As [`parse_bytes`].
pub fn parse_bytes_with<'a>(input: &'a [u8], options: &ParseOptions) -> Result<Body<'a>> {
    parse_with(check_utf8(input)?, options)
}

/// Parses a single expression (surrounding whitespace, newlines and
/// comments allowed).
///
/// # Errors
/// Returns an [`Error`] on invalid syntax or trailing input.
///
/// ```
/// use hcl::syntax::ExprKind;
/// let e = hcl::parser::parse_expression("1 + 2 * 3").unwrap();
/// assert!(matches!(e.kind, ExprKind::Binary(_)));
/// ```
pub fn parse_expression(input: &str) -> Result<Expression<'_>> {
    parse_expression_with(input, &ParseOptions::default())
}

/// [`parse_expression`] with `options`.
///
/// # Errors
/// As [`parse_expression`].
pub fn parse_expression_with<'a>(input: &'a str, options: &ParseOptions) -> Result<Expression<'a>> {
    check_bom(input)?;
    let mut p = Parser::new(input, options.max_depth);
    p.nl_ignore = true;
    p.ws_nl()?;
    let e = p.expression()?;
    p.ws_nl()?;
    if !p.eof() {
        return Err(p.expected("the end of the expression", p.pos));
    }
    Ok(e)
}

/// Parses a standalone template: the whole input is template text, as read
/// by Terraform's `templatefile()` (no quotes, no escapes other than `$${`
/// and `%%{`).
///
/// # Errors
/// Returns an [`Error`] on invalid interpolations or unbalanced directives.
///
/// ```
/// let t = hcl::parser::parse_template("Hello, ${name}!\n").unwrap();
/// assert_eq!(t.elements.len(), 3);
/// ```
pub fn parse_template(input: &str) -> Result<Template<'_>> {
    parse_template_with(input, &ParseOptions::default())
}

/// [`parse_template`] with `options`.
///
/// # Errors
/// As [`parse_template`].
pub fn parse_template_with<'a>(input: &'a str, options: &ParseOptions) -> Result<Template<'a>> {
    check_bom(input)?;
    let mut p = Parser::new(input, options.max_depth);
    p.standalone_template()
}

#[inline]
fn check_bom(input: &str) -> Result<()> {
    if input.starts_with('\u{feff}') {
        return Err(bom_error(input));
    }
    Ok(())
}

#[cold]
fn bom_error(input: &str) -> Error {
    Error::at(
        ErrorKind::Parse,
        "a UTF-8 byte order mark (U+FEFF) is not allowed at the start of the input",
        Span::new(0, 3),
        input,
    )
}

/// Checks that `input` is UTF-8.
fn check_utf8(input: &[u8]) -> Result<&str> {
    match std::str::from_utf8(input) {
        Ok(s) => Ok(s),
        Err(e) => Err(utf8_error(input, e)),
    }
}

#[cold]
fn utf8_error(input: &[u8], e: std::str::Utf8Error) -> Error {
    let at = e.valid_up_to();
    let lossy = String::from_utf8_lossy(input);
    // Offsets in the lossy copy equal those in the input up to `at`.
    let len = e.error_len().unwrap_or(1);
    Error::at(
        ErrorKind::Parse,
        format!(
            "invalid UTF-8: byte 0x{:02x} at offset {at} is not valid UTF-8 (HCL files must be UTF-8)",
            input[at]
        ),
        Span::new(at, at + len),
        &lossy,
    )
}
