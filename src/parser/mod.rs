//! The parser: HCL native syntax text → [`crate::syntax`] tree.
//!
//! The grammar of `hclsyntax-spec.md` in [nom] 8, production by production
//! with the spec's names: `body` (`ConfigFile`, `Body`, `Attribute`,
//! `Block`, `OneLineBlock`), `expr` (`Expression`, `Operation`, `ExprTerm`,
//! `CollectionValue`, `ForExpr`, `FunctionCall`, `Index`, `GetAttr`,
//! `Splat`) and `template` (`TemplateExpr`, `TemplateInterpolation`,
//! `TemplateDirective`). The token scanners of `lexer` (whitespace and
//! comments, identifiers, keywords) are byte loops; numbers and string
//! bodies are scanned the same way inside their productions.
//!
//! The input (`In`) carries the position, the nesting budget
//! left ([`ParseOptions::max_depth`]) and whether newlines are whitespace.
//! The recursive productions implement nom's `Parser` so that one grammar
//! runs in both of nom's output modes: `Emit` builds the tree ([`parse`]),
//! `Check` builds nothing ([`validate`]). While parsing, an error is a small
//! `Copy` value (what was expected, where); the rich [`Error`] with its
//! message, snippet and notes is built once, at the end.
//!
//! Entry points: [`parse`] (config file), [`parse_expression`],
//! [`parse_template`] (standalone template, as `templatefile()` reads),
//! [`parse_bytes`] (checks UTF-8 first), each with a `_with` variant taking
//! [`ParseOptions`]; [`validate`] checks a file without keeping its tree.

mod body;
mod combinator;
mod error;
mod expr;
mod input;
pub(crate) mod lexer;
mod owned;
mod recover;
pub(crate) mod scratch;
pub(crate) mod template;

use nom::{Check, Complete, Emit, OutputM, Parser};

use input::In;
use scratch::Cx;

use crate::error::{Error, ErrorKind, Result};
use crate::syntax::Span;
use crate::syntax::{
    Arena, Body, ConfigFile, Expression, ParsedExpression, ParsedTemplate, Template,
};

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
        ParseOptions { max_depth: 1024 }
    }
}

impl ParseOptions {
    /// Default options (nesting depth limit 1,024).
    ///
    /// ```
    /// let opts = hcl::ParseOptions::new();
    /// assert_eq!(opts.depth_limit(), 1024);
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets the maximum nesting depth of brackets, blocks, templates and
    /// `for` expressions, and each arm of a chain of conditionals (default
    /// 256; deeper input is an [`ErrorKind::Limit`] error at the opening
    /// that crosses the limit).
    ///
    /// The parser never overflows the stack, whatever the limit: when its
    /// thread's stack runs low it goes on on a new segment on the heap.
    /// The stages after it recurse as deep as the tree nests, with smaller
    /// frames (evaluation stops with a `Limit` error after 1 MiB of stack);
    /// the default goes through all of them on a 2 MiB thread when the
    /// crate is built with optimisation (`opt-level` 1 or more). Binary
    /// operator chains (`a + b + ...`) are not nesting and are not
    /// limited. Limits above 65,535 count as 65,535.
    ///
    /// ```
    /// let opts = hcl::ParseOptions::new().max_depth(2);
    /// assert!(hcl::parse_with("a = [1]", &opts).is_ok());
    /// let err = hcl::parse_with("a = [[[1]]]", &opts).unwrap_err();
    /// assert_eq!(err.kind(), hcl::ErrorKind::Limit);
    /// ```
    pub fn max_depth(mut self, depth: usize) -> Self {
        self.max_depth = depth;
        self
    }

    /// The maximum nesting depth.
    ///
    /// ```
    /// let opts = hcl::ParseOptions::new().max_depth(8);
    /// assert_eq!(opts.depth_limit(), 8);
    /// ```
    pub fn depth_limit(&self) -> usize {
        self.max_depth
    }
}

/// Parses a config file.
///
/// The [`ConfigFile`] owns the tree's arena and borrows `input`.
///
/// # Errors
/// Returns an [`Error`] with line, column and snippet on invalid syntax.
///
/// ```
/// let file = hcl::parse("a = 1").unwrap();
/// assert_eq!(file.body().structures.len(), 1);
/// ```
pub fn parse(input: &str) -> Result<ConfigFile<'_>> {
    parse_with(input, &ParseOptions::default())
}

/// Parses a config file with `options`.
///
/// # Errors
/// Returns an [`Error`] with line, column and snippet on invalid syntax or
/// when a limit is exceeded.
///
/// ```
/// let opts = hcl::ParseOptions::new().max_depth(4);
/// let file = hcl::parse_with("a = { b = [1] }", &opts).unwrap();
/// assert_eq!(file.body().attributes().count(), 1);
/// assert!(hcl::parse_with("a = = 1", &opts).is_err());
/// ```
pub fn parse_with<'a>(input: &'a str, options: &ParseOptions) -> Result<ConfigFile<'a>> {
    ConfigFile::parse_with(input, options)
}

/// Parses a config file into `arena`: the tree borrows the arena and the
/// input, and costs nothing to drop.
///
/// # Errors
/// As [`parse`].
///
/// ```
/// let arena = hcl::syntax::Arena::new();
/// let body = hcl::parser::parse_in(&arena, "a = 1\nb = 2\n").unwrap();
/// assert_eq!(body.attributes().count(), 2);
/// ```
pub fn parse_in<'a>(arena: &'a Arena, input: &'a str) -> Result<Body<'a>> {
    parse_in_with(arena, input, &ParseOptions::default())
}

/// [`parse_in`] with `options`.
///
/// # Errors
/// As [`parse_with`].
///
/// ```
/// let arena = hcl::syntax::Arena::new();
/// let opts = hcl::ParseOptions::new().max_depth(1);
/// let body = hcl::parser::parse_in_with(&arena, "a = [1]", &opts).unwrap();
/// assert_eq!(body.attributes().count(), 1);
/// assert!(hcl::parser::parse_in_with(&arena, "a = [[1]]", &opts).is_err());
/// ```
pub fn parse_in_with<'a>(
    arena: &'a Arena,
    input: &'a str,
    options: &ParseOptions,
) -> Result<Body<'a>> {
    run(arena, input, options, |i| {
        body::ConfigFile.process::<OutputM<Emit, Emit, Complete>>(i.to(bom_len(input)))
    })
    .map_err(|e| recover::every_error(input, options, e))
}

/// Parses the top-level items of `input` from offset `from` (the start of
/// an item, or whitespace before one) up to the first that starts at or
/// after `until`, into `arena`: the items and the offset after them. The
/// names of the attributes read are added to `names`; [`check_names`]
/// checks them once the whole file is read. Spans are offsets in `input`.
pub(crate) fn parse_top_items<'a>(
    arena: &'a Arena,
    input: &'a str,
    from: usize,
    until: usize,
    names: &mut Vec<Span>,
    options: &ParseOptions,
) -> Result<(&'a [crate::syntax::Structure<'a>], usize)> {
    run(arena, input, options, |i| {
        let (j, items) = body::TopItems { until, names }
            .process::<OutputM<Emit, Emit, Complete>>(i.to(from.max(bom_len(input))))?;
        Ok((j, (items, j.at())))
    })
}

/// The error of a file whose top level defines an attribute twice (`names`
/// are its attribute names in source order), as [`parse`] reports it.
pub(crate) fn check_names(names: &[Span], input: &str, options: &ParseOptions) -> Result<()> {
    match body::duplicate_names(names, input) {
        Some(e) => Err(error::build(e, input, options.max_depth)),
        None => Ok(()),
    }
}

/// Parses what can be parsed of `input`, for editors and linters: the tree
/// of every item that parses, and the error holding every syntax
/// diagnostic (`None` when the file has none). After a syntax error the
/// parser goes on at the next top-level item; inside a broken item, a line
/// that fails is set aside when that lets the rest parse, and otherwise
/// the whole item is left out. Each item in the tree is what parsing it
/// alone gives, at its place in `input` (its spans are `input`'s); the
/// tree's [`source`](crate::ConfigFile::source) is `input` with what was
/// left out read as blank.
///
/// ```
/// let src = "a = 1\nb {\n  x = = 1\n  y = 2\n}\nc = 1 +\nd = 4\n";
/// let (file, err) = hcl::parser::parse_partial(src);
/// let body = file.body();
/// let names: Vec<&str> = body.attributes().map(|a| a.name.as_str()).collect();
/// assert_eq!(names, ["a", "d"]);
/// let b = body.blocks().next().unwrap();
/// let inner: Vec<&str> = b.body.attributes().map(|a| a.name.as_str()).collect();
/// assert_eq!(inner, ["y"]);
/// let lines: Vec<Option<usize>> = err.unwrap().iter().map(|e| e.line()).collect();
/// assert_eq!(lines, [Some(3), Some(6)]);
/// ```
pub fn parse_partial(
    input: &str,
) -> (
    crate::syntax::ConfigFile<'static>,
    Option<crate::error::Error>,
) {
    let options = ParseOptions::default();
    // The first error alone (the recovery finds the others).
    let checked = run(&Arena::new(), input, &options, |i| {
        body::ConfigFile.process::<OutputM<Check, Emit, Complete>>(i.to(bom_len(input)))
    });
    let (error, text) = match checked {
        Ok(()) => (None, input.to_owned()),
        Err(first) => {
            let (error, text) = recover::recover(input, &options, first);
            (Some(error), text)
        }
    };
    match crate::syntax::ConfigFile::parse_with(text, &options) {
        Ok(file) => (file, error),
        // What is left does not parse (an attribute defined twice): the
        // empty tree.
        Err(e) => {
            let mut error = error;
            crate::error::Error::append(&mut error, e);
            (empty_file(), error)
        }
    }
}

/// The tree of an empty file.
fn empty_file() -> crate::syntax::ConfigFile<'static> {
    match crate::syntax::ConfigFile::parse_with(String::new(), &ParseOptions::default()) {
        Ok(file) => file,
        // (An empty text parses.)
        Err(_) => empty_file(),
    }
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
///
/// ```
/// let opts = hcl::ParseOptions::new().max_depth(1);
/// assert!(hcl::parser::validate_with("a = [1]", &opts).is_ok());
/// let err = hcl::parser::validate_with("a = [[1]]", &opts).unwrap_err();
/// assert_eq!(err.kind(), hcl::ErrorKind::Limit);
/// ```
pub fn validate_with(input: &str, options: &ParseOptions) -> Result<()> {
    run(&Arena::new(), input, options, |i| {
        body::ConfigFile.process::<OutputM<Check, Emit, Complete>>(i.to(bom_len(input)))
    })
    .map_err(|e| recover::every_error(input, options, e))
}

/// [`validate`] for bytes: invalid UTF-8 is an error.
///
/// # Errors
/// As [`parse_bytes`].
///
/// ```
/// assert!(hcl::parser::validate_bytes(b"a = 1\n").is_ok());
/// assert!(hcl::parser::validate_bytes(b"a = \"\xff\"\n").is_err());
/// assert!(hcl::parser::validate_bytes(b"a = \n").is_err());
/// ```
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
pub fn parse_bytes(input: &[u8]) -> Result<ConfigFile<'_>> {
    parse_bytes_with(input, &ParseOptions::default())
}

/// [`parse_bytes`] with `options`.
///
/// # Errors
/// As [`parse_bytes`].
///
/// ```
/// let opts = hcl::ParseOptions::new().max_depth(1);
/// let file = hcl::parser::parse_bytes_with(b"a = [1]\n", &opts).unwrap();
/// assert_eq!(file.body().attributes().count(), 1);
/// assert!(hcl::parser::parse_bytes_with(b"a = [[1]]\n", &opts).is_err());
/// ```
pub fn parse_bytes_with<'a>(input: &'a [u8], options: &ParseOptions) -> Result<ConfigFile<'a>> {
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
/// assert!(matches!(e.expr().kind, ExprKind::Binary(_)));
/// ```
pub fn parse_expression(input: &str) -> Result<ParsedExpression<'_>> {
    parse_expression_with(input, &ParseOptions::default())
}

/// [`parse_expression`] with `options`.
///
/// # Errors
/// As [`parse_expression`].
///
/// ```
/// let opts = hcl::ParseOptions::new().max_depth(1);
/// let e = hcl::parser::parse_expression_with("[1, 2]", &opts).unwrap();
/// assert_eq!(e.expr().to_string(), "[1, 2]");
/// assert!(hcl::parser::parse_expression_with("[[1]]", &opts).is_err());
/// ```
pub fn parse_expression_with<'a>(
    input: &'a str,
    options: &ParseOptions,
) -> Result<ParsedExpression<'a>> {
    ParsedExpression::parse_with(input, options)
}

/// [`parse_expression`] into `arena`.
///
/// # Errors
/// As [`parse_expression`].
///
/// ```
/// let arena = hcl::syntax::Arena::new();
/// let opts = hcl::ParseOptions::new();
/// let e = hcl::parser::parse_expression_in(&arena, " a.b # note\n", &opts).unwrap();
/// assert_eq!(e.to_string(), "a.b");
/// assert!(hcl::parser::parse_expression_in(&arena, "a b", &opts).is_err());
/// ```
pub fn parse_expression_in<'a>(
    arena: &'a Arena,
    input: &'a str,
    options: &ParseOptions,
) -> Result<Expression<'a>> {
    check_bom(input)?;
    run(arena, input, options, |i| {
        nom::sequence::delimited(lexer::ws_nl, expr::Expr, lexer::ws_nl)
            .process::<OutputM<Emit, Emit, Complete>>(i.with_nl(true))
            .and_then(|(j, e)| {
                if j.eof() {
                    Ok((j, e))
                } else {
                    Err(error::fail(error::PErr::at(
                        error::Kind::Expected("the end of the expression"),
                        j,
                    )))
                }
            })
    })
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
/// assert_eq!(t.template().elements.len(), 3);
/// ```
pub fn parse_template(input: &str) -> Result<ParsedTemplate<'_>> {
    parse_template_with(input, &ParseOptions::default())
}

/// [`parse_template`] with `options`.
///
/// # Errors
/// As [`parse_template`].
///
/// ```
/// let opts = hcl::ParseOptions::new();
/// let t = hcl::parser::parse_template_with("%{ if x }y%{ endif }", &opts).unwrap();
/// assert_eq!(t.template().elements.len(), 1);
/// assert!(hcl::parser::parse_template_with("%{ if x }y", &opts).is_err());
/// ```
pub fn parse_template_with<'a>(
    input: &'a str,
    options: &ParseOptions,
) -> Result<ParsedTemplate<'a>> {
    ParsedTemplate::parse_with(input, options)
}

/// [`parse_template`] into `arena`.
///
/// # Errors
/// As [`parse_template`].
///
/// ```
/// let arena = hcl::syntax::Arena::new();
/// let opts = hcl::ParseOptions::new();
/// let t = hcl::parser::parse_template_in(&arena, "${a} and ${b}", &opts).unwrap();
/// assert_eq!(t.elements.len(), 3);
/// assert!(hcl::parser::parse_template_in(&arena, "${a", &opts).is_err());
/// ```
pub fn parse_template_in<'a>(
    arena: &'a Arena,
    input: &'a str,
    options: &ParseOptions,
) -> Result<Template<'a>> {
    check_bom(input)?;
    run(
        arena,
        input,
        options,
        template::standalone::<OutputM<Emit, Emit, Complete>>,
    )
}

/// Runs the production `p` over `input`, building in `arena`: the one
/// frame of every entry point (context, input checks, error building).
fn run<'a, O>(
    arena: &'a Arena,
    input: &'a str,
    options: &ParseOptions,
    p: impl FnOnce(In<'a>) -> nom::IResult<In<'a>, O, error::PErr>,
) -> Result<O> {
    let cx = Cx::new_in(arena, input);
    let i = start(input, cx, options)?;
    let r = p(i);
    cx.release();
    finish(r, input, options)
}

/// The input at the start of `src`, once it is known to be parsable:
/// offsets that fit in 32 bits.
fn start<'a>(src: &'a str, cx: &'a Cx<'a>, options: &ParseOptions) -> Result<In<'a>> {
    if u32::try_from(src.len()).is_err() {
        return Err(too_large(src));
    }
    Ok(In::new(cx, options.max_depth))
}

/// The output of a finished parse, or its error built.
#[inline]
fn finish<'a, O>(
    r: nom::IResult<In<'a>, O, error::PErr>,
    src: &str,
    options: &ParseOptions,
) -> Result<O> {
    match r {
        Ok((_, o)) => Ok(o),
        Err(nom::Err::Error(e) | nom::Err::Failure(e)) => {
            Err(error::build(e, src, options.max_depth))
        }
        Err(nom::Err::Incomplete(_)) => Err(error::build(
            error::PErr::span(error::Kind::Nom, src.len(), src.len()),
            src,
            options.max_depth,
        )),
    }
}

#[cold]
fn too_large(src: &str) -> Error {
    Error::described(
        ErrorKind::Limit,
        "the input is too large",
        format_args!(
            "{} bytes (at most 4 GiB, {} bytes, can be parsed)",
            src.len(),
            u32::MAX
        ),
    )
}

/// The length of a UTF-8 byte order mark at the start of `input` (0 or
/// 3): a config file may start with one, which HCL skips (and `terraform
/// fmt` drops); spans stay offsets in `input`.
#[inline]
fn bom_len(input: &str) -> usize {
    if input.starts_with('\u{feff}') {
        3
    } else {
        0
    }
}

/// An expression or a standalone template may not start with a byte order
/// mark.
#[inline]
fn check_bom(input: &str) -> Result<()> {
    if input.starts_with('\u{feff}') {
        return Err(error::bom_error(input));
    }
    Ok(())
}

/// `input` as text, or an error at its first byte that is not UTF-8 (with
/// line, column and snippet): the one UTF-8 check of the parser, the
/// deserializer and the `hcl` binary.
///
/// # Errors
/// An [`ErrorKind::Parse`] error at the first invalid byte.
///
/// ```
/// let err = hcl::parser::check_utf8(b"a = 1\nb = \"\xff\"\n").unwrap_err();
/// assert_eq!((err.line(), err.column()), (Some(2), Some(6)));
/// assert!(err.message().starts_with("Invalid character encoding: "));
/// ```
pub fn check_utf8(input: &[u8]) -> Result<&str> {
    match std::str::from_utf8(input) {
        Ok(s) => Ok(s),
        Err(e) => Err(error::utf8_error(input, e)),
    }
}

/// The comments in `span` of `src`, a stretch of source text outside any
/// string or heredoc (the text between a syntax tree's nodes holds only
/// blanks, punctuation and comments): each comment's span, a line
/// comment's without its newline. For tools that keep comments beside a
/// tree.
///
/// ```
/// let src = "a = 1 # one\n// two\n/* three */\nb = 2\n";
/// let file = hcl::parse(src).unwrap();
/// let body = file.body();
/// let gap = hcl::Span::new(body.structures[0].span().end(), body.structures[1].span().start());
/// let found: Vec<&str> = hcl::parser::comments(src, gap).iter().map(|s| &src[s.range()]).collect();
/// assert_eq!(found, ["# one", "// two", "/* three */"]);
/// ```
pub fn comments(src: &str, span: Span) -> Vec<Span> {
    let b = src.as_bytes();
    let end = span.end().min(b.len());
    let mut out = Vec::new();
    let mut i = span.start();
    while i < end {
        let comment_end = match (b[i], b.get(i + 1)) {
            (b'#', _) | (b'/', Some(b'/')) => {
                let e = lexer::line_end(b, i);
                if e > i && b[e - 1] == b'\n' {
                    e - 1
                } else {
                    e
                }
            }
            (b'/', Some(b'*')) => lexer::block_comment_end(b, i).unwrap_or(b.len()),
            _ => {
                i += 1;
                continue;
            }
        };
        let comment_end = comment_end.min(end);
        out.push(Span::new(i, comment_end));
        i = comment_end;
    }
    out
}
