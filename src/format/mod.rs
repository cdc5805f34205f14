//! Printing syntax trees and values as native HCL, laid out as `terraform fmt` would.
//!
//! The printer emulates `hclwrite`, the engine behind `terraform fmt`: two-space
//! indentation from the bracket nesting of each line, `=` aligned over runs of
//! consecutive single-line attributes (and object items), and the same
//! spacing between tokens (`{ a = 1 }`, `[a, b]`, `f(a, b...)`, `a ? b : c`,
//! `[for x in xs : x]`, ...). Its output is left unchanged by `terraform fmt`.
//!
//! With the source text, [`format_body_with_source`] keeps the source's
//! comments, blank lines and line breaks (inside expressions too) and only
//! normalises spacing and indentation, as `terraform fmt` does; on the 8,242
//! accepted corpus files its output is byte for byte `terraform fmt`'s. The
//! rest of this list is the layout used without a source (or for nodes a
//! program added).
//!
//! Layout decisions (the tree keeps no whitespace):
//! - **Comments are not kept** in the syntax tree, so they are lost when a
//!   tree is printed with [`format_body`] / `Display`.
//! - One blank line separates two blocks, and an attribute from a neighbouring
//!   block; attributes follow each other without blank lines.
//! - Blocks are written over several lines (`name {}` when empty).
//! - In attribute values, non-empty object constructors are written one item per
//!   line; tuples go one element per line when an element does; a function
//!   call whose last argument is multi-line keeps it on the call's line
//!   (`merge(a, {` ... `})`), otherwise all arguments go one per line.
//!   Everywhere else (operands, function arguments, templates, ...) objects
//!   are written inline: `{ a = 1, b = 2 }`.
//! - `terraform fmt` also rewrites some values (`"${x}"` → `x`, legacy
//!   `type = "string"` in `variable` blocks); the printer does not, so that the
//!   printed text reads back as the same tree, unless
//!   [`FormatOptions::terraform_rewrites`] asks for it.
//! - Numbers are written as they were in the source (`raw`); heredocs keep
//!   their marker and `<<`/`<<-` form (`<<-` content is re-indented one level
//!   deeper than the line that opens it); quoted strings are re-escaped
//!   (`\n`, `\"`, `\\`, `$${`, `%%{`, control characters as `\uXXXX`).
//!
//! ```
//! let file = hcl::parse("a=1\nbbb = {x=1,y=[1,2]}\nblock \"l\" {\nc = \"${var.x}-y\"\n}\n").unwrap();
//! let body = file.body();
//! assert_eq!(
//!     body.to_string(),
//!     "a = 1\nbbb = {\n  x = 1\n  y = [1, 2]\n}\n\nblock \"l\" {\n  c = \"${var.x}-y\"\n}\n"
//! );
//! ```

mod printer;
mod spans;

use std::fmt;

pub use crate::syntax::is_ident;
pub(crate) use printer::{Mode, Printer};
pub use spans::{clear_spans, eq_ignoring_spans, expr_eq_ignoring_spans};

use crate::syntax::{Body, Expression, Template};
use crate::value::Value;

/// A file's text laid out as `terraform fmt` lays it out: comments and
/// blank lines kept, and, when `terraform`, Terraform's own rewrites
/// (`"${x}"` → `x`, legacy `type` keywords) as `terraform fmt` makes them
/// in `.tf` files.
///
/// # Errors
/// A syntax error.
///
/// ```
/// assert_eq!(hcl::format::format_source("a=1\nbb = {x=1}\n", true).unwrap(), "a  = 1\nbb = { x = 1 }\n");
/// ```
pub fn format_source(src: &str, terraform: bool) -> crate::error::Result<String> {
    let file = crate::parser::parse(src)?;
    let options = FormatOptions::new().terraform_rewrites(terraform);
    Ok(format_body_with(file.body(), Some(src), &options))
}

/// Prints a body (a whole file) as native HCL.
///
/// ```
/// let file = hcl::parse("b { x = 1 }").unwrap();
/// let body = file.body();
/// assert_eq!(hcl::format::format_body(&body), "b {\n  x = 1\n}\n");
/// ```
pub fn format_body(body: &Body<'_>) -> String {
    let mut p = Printer::with_capacity(body.span.len() + body.span.len() / 8 + 64);
    p.body(body);
    p.finish()
}

/// Prints a body parsed from `source` as `terraform fmt` would: the
/// source's comments, blank lines and line breaks are kept, between
/// attributes and blocks and inside expressions (function call arguments,
/// `for` expressions, conditionals, operators, objects and tuples, with
/// their trailing commas, and a closing bracket on the last item's line);
/// string literals keep their escapes, heredocs their text and
/// closing-marker line, and the file its line ends (`\r\n`) and the spaces
/// that end it. Spacing and indentation are normalised, `=` signs and
/// trailing comments aligned as `terraform fmt` aligns them (in grapheme
/// clusters), its quirks included.
///
/// Items are located through their spans: items added or moved by a
/// program (spans that do not fit, e.g. `Span::default()`) get the default
/// layout, and comments in the source text between items that were removed
/// are dropped. A string or template whose source text no longer reads
/// back as the tree's value is printed from the tree.
///
/// ```
/// let src = "# header\n\na=1 # one\nbbb=2 # two\n\n\nb {\n  # inside\n}\n";
/// let file = hcl::parse(src).unwrap();
/// let body = file.body();
/// assert_eq!(
///     hcl::format::format_body_with_source(&body, src),
///     "# header\n\na   = 1 # one\nbbb = 2 # two\n\n\nb {\n  # inside\n}\n"
/// );
/// ```
pub fn format_body_with_source(body: &Body<'_>, source: &str) -> String {
    format_body_with(body, Some(source), &FormatOptions::new())
}

/// Options for [`format_body_with`].
///
/// ```
/// let src = "variable \"v\" {\n  type = \"string\"\n}\nx = \"${var.v}\"\n";
/// let file = hcl::parse(src).unwrap();
/// let body = file.body();
/// let opts = hcl::format::FormatOptions::new().terraform_rewrites(true);
/// assert_eq!(
///     hcl::format::format_body_with(&body, Some(src), &opts),
///     "variable \"v\" {\n  type = string\n}\nx = var.v\n"
/// );
/// ```
#[derive(Clone, Debug, Default)]
pub struct FormatOptions {
    terraform_rewrites: bool,
}

impl FormatOptions {
    /// The defaults: the tree is printed as it is.
    ///
    /// ```
    /// let src = "x = \"${a}\"\n";
    /// let file = hcl::parse(src).unwrap();
    /// let opts = hcl::format::FormatOptions::new();
    /// assert_eq!(hcl::format::format_body_with(file.body(), Some(src), &opts), "x = \"${a}\"\n");
    /// ```
    pub fn new() -> FormatOptions {
        FormatOptions::default()
    }

    /// Also make the rewrites `terraform fmt` makes besides layout: an
    /// attribute value that is a lone interpolation `"${x}"` is written `x`,
    /// and legacy type keywords of `type` in `variable` blocks are updated
    /// (`"string"` → `string`, `"list"` → `list(string)`, `map` →
    /// `map(any)`, ...). The printed text then reads back as a different
    /// tree (and `"${x}"` → `x` drops a conversion to string), so this is
    /// off by default.
    ///
    /// ```
    /// let src = "x = \"${a}\"\ny = \"${a}!\"\n";
    /// let file = hcl::parse(src).unwrap();
    /// let opts = hcl::format::FormatOptions::new().terraform_rewrites(true);
    /// assert_eq!(hcl::format::format_body_with(file.body(), Some(src), &opts), "x = a\ny = \"${a}!\"\n");
    /// ```
    pub fn terraform_rewrites(mut self, yes: bool) -> FormatOptions {
        self.terraform_rewrites = yes;
        self
    }
}

/// Prints a body with options, keeping comments and blank lines when the
/// source text is given (see [`format_body_with_source`]).
///
/// ```
/// use hcl::format::{format_body_with, FormatOptions};
/// let src = "a=1 # one\n\nbb=2\n";
/// let file = hcl::parse(src).unwrap();
/// let opts = FormatOptions::new();
/// assert_eq!(format_body_with(file.body(), Some(src), &opts), "a = 1 # one\n\nbb = 2\n");
/// // Without the source, comments and blank lines are not known.
/// assert_eq!(format_body_with(file.body(), None, &opts), "a  = 1\nbb = 2\n");
/// ```
pub fn format_body_with(body: &Body<'_>, source: Option<&str>, options: &FormatOptions) -> String {
    let mut p = match source {
        Some(src) => Printer::with_source(src),
        None => Printer::with_capacity(body.span.len() + body.span.len() / 8 + 64),
    };
    p.terraform = options.terraform_rewrites;
    p.body(body);
    let mut out = p.finish();
    if let Some(src) = source {
        // `terraform fmt` leaves a file whose last line has no newline so. (A
        // heredoc's closing marker always has one: it can not be that line.)
        let last_line = src.rsplit('\n').next().unwrap_or("");
        if !last_line.trim().is_empty() && out.ends_with('\n') {
            out.pop();
        }
        // It keeps the spaces and tabs that end the file, as spaces (unless a
        // comment, which keeps them as they are, ends it).
        let tail = src.len() - src.trim_end_matches([' ', '\t']).len();
        if tail > 0 && !out.ends_with([' ', '\t']) {
            printer::push_spaces(&mut out, tail);
        }
        out = keep_line_ends(out, src);
    }
    out
}

/// `out` with the line ends of `src`: `terraform fmt` keeps each `\r\n`.
/// When `out` has as many lines as `src` (the usual case: formatting
/// moves no line break) the n-th line end is the source's n-th; otherwise
/// all are `\r\n` when the source's first one is.
fn keep_line_ends(out: String, src: &str) -> String {
    if !src.contains("\r\n") {
        return out;
    }
    let b = src.as_bytes();
    let crlf: Vec<bool> = b
        .iter()
        .enumerate()
        .filter(|&(_, &c)| c == b'\n')
        .map(|(i, _)| i > 0 && b[i - 1] == b'\r')
        .collect();
    let same_lines = out.matches('\n').count() == crlf.len();
    let mut fixed = String::with_capacity(out.len() + crlf.len());
    let mut n = 0;
    for piece in out.split_inclusive('\n') {
        match piece.strip_suffix('\n') {
            Some(line) => {
                fixed.push_str(line);
                let want = if same_lines { crlf[n] } else { crlf[0] };
                if want && !line.ends_with('\r') {
                    fixed.push('\r');
                }
                fixed.push('\n');
                n += 1;
            }
            None => fixed.push_str(piece),
        }
    }
    fixed
}

/// Prints an expression as it would appear as an attribute value at the top
/// level (multi-line objects are indented from column 0).
///
/// ```
/// let file = hcl::parse("x = a+b*2").unwrap();
/// let body = file.body();
/// let attr = body.attributes().next().unwrap();
/// assert_eq!(hcl::format::format_expression(&attr.expr), "a + b * 2");
/// ```
pub fn format_expression(expr: &Expression<'_>) -> String {
    let mut p = Printer::new();
    p.expr(expr, Mode::Block);
    let mut s = p.finish();
    if s.ends_with('\n') && !matches!(expr.kind, crate::syntax::ExprKind::Template(_)) {
        s.pop();
    }
    s
}

/// Appends `expr` to `out` on one line, heredocs written as quoted
/// templates: the form of an expression kept inside a template string.
pub(crate) fn one_line(expr: &Expression<'_>, out: &mut String) {
    let mut p = Printer::new();
    p.one_line = true;
    p.expr(expr, Mode::Inline);
    let s = p.finish();
    out.push_str(s.strip_suffix('\n').unwrap_or(&s));
}

/// Prints a template in template-file syntax (as read by Terraform's
/// `templatefile`): literal text as is, except `${` and `%{` written `$${`
/// and `%%{`; interpolations and directives as `${...}` / `%{...}`.
///
/// ```
/// use hcl::syntax::{Element, Literal, Template};
/// let elements = [Element::Literal(Literal { value: "cost: ${5}", span: Default::default() })];
/// let t = Template {
///     elements: &elements,
///     span: Default::default(),
/// };
/// assert_eq!(hcl::format::format_template(&t), "cost: $${5}");
/// ```
pub fn format_template(t: &Template<'_>) -> String {
    let mut p = Printer::new();
    p.template_elems(t, false);
    p.finish()
}

impl fmt::Display for Body<'_> {
    /// See [`format_body`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_body(self))
    }
}

impl fmt::Display for Expression<'_> {
    /// See [`format_expression`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_expression(self))
    }
}

impl fmt::Display for Template<'_> {
    /// See [`format_template`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_template(self))
    }
}

impl fmt::Display for Value {
    /// HCL value syntax: `null`, `true`, numbers, quoted strings (escaped, so
    /// `${` is written `$${`), `[1, 2]`, and objects one item per line.
    /// Non-finite numbers print as `+Inf`/`-Inf`, which HCL cannot read back.
    ///
    /// ```
    /// let v = hcl::Value::from_iter([("a", hcl::Value::from(1)), ("b c", hcl::Value::from("${x}"))]);
    /// assert_eq!(v.to_string(), "{\n  a     = 1\n  \"b c\" = \"$${x}\"\n}");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let arena = crate::syntax::Arena::new();
        let e = crate::syntax::value_to_expression(self, &arena);
        f.write_str(&format_expression(&e))
    }
}
