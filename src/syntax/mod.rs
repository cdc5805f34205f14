//! The syntax tree of HCL's native syntax.
//!
//! Names follow `hclsyntax-spec.md`. Every node carries the byte [`Span`] of
//! the source it was parsed from; spans of sibling nodes never overlap, so the
//! text between them (whitespace and comments) can be recovered from the
//! source.
//!
//! # A compact tree
//!
//! A tree lives in an [`Arena`] (`'a` is the lifetime of the arena and of
//! the source text): every node is `Copy`, children are `&'a` references
//! and `&'a [..]` slices, and text is `&'a str` (borrowed from the source
//! where it can be, copied into the arena where escapes were decoded).
//! Building a tree costs no allocation per node, and dropping one frees the
//! arena's few large chunks without visiting a node (no node needs `Drop`).
//!
//! [`hcl::parse`](crate::parse) returns a [`ConfigFile`], which owns its
//! arena (and, if asked, its source); [`parse_in`](crate::parser::parse_in)
//! parses into an arena of your own.
//!
//! ```
//! let file = hcl::parse("a = 1\nblock \"label\" {\n  b = true\n}\n").unwrap();
//! let body = file.body();
//! assert_eq!(body.structures.len(), 2);
//! let attr = body.attributes().next().unwrap();
//! assert_eq!(attr.name.name, "a");
//! assert_eq!(attr.span(), hcl::Span::new(0, 5));
//! ```
//!
//! # Rewriting
//!
//! Nodes are shared and immutable; a rewrite builds the nodes it changes
//! in an arena and keeps the others as they are (see `examples/rewrite.rs`
//! and [`ConfigFile::edit`]).

use std::fmt;

pub use crate::error::Span;

mod arena;
mod chain;
mod file;
mod fold;
pub(crate) mod lexical;
mod of_value;
mod start;
mod visit;

pub use arena::Arena;
pub use file::{ConfigFile, ParsedExpression, ParsedTemplate};
pub use fold::{fold_body, fold_element, fold_expr, fold_template, Fold};
pub use lexical::{escape_quoted, escape_template, is_ident, is_identifier};
pub(crate) use lexical::{push_quoted, unescape_simple};
pub use of_value::value_to_expression;
pub use visit::{
    walk_attribute, walk_block, walk_body, walk_element, walk_expr, walk_template, Visit,
};

pub use crate::value::Number;

/// The offset of `s` in `src`, if `s` is a slice of it.
#[inline]
pub(crate) fn offset_in(src: &str, s: &str) -> Option<usize> {
    let base = src.as_ptr() as usize;
    let p = s.as_ptr() as usize;
    if p >= base && p + s.len() <= base + src.len() {
        Some(p - base)
    } else {
        None
    }
}

/// `s` as a slice of `src` (with `src`'s lifetime), if it is one.
#[inline]
pub(crate) fn subslice<'s>(src: &'s str, s: &str) -> Option<&'s str> {
    let at = offset_in(src, s)?;
    src.get(at..at + s.len())
}

/// An identifier (UAX #31 `ID_Start (ID_Continue | '-')*`).
///
/// ```
/// let file = hcl::parse("region = \"eu\"").unwrap();
/// let ident = file.body().attributes().next().unwrap().name;
/// assert_eq!(ident.name, "region");
/// assert_eq!(ident.span, hcl::Span::new(0, 6));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ident<'a> {
    /// The identifier's text.
    pub name: &'a str,
    /// Where it is in the source.
    pub span: Span,
}

impl<'a> Ident<'a> {
    /// An identifier with the given name and span.
    ///
    /// ```
    /// use hcl::syntax::Ident;
    /// let id = Ident::new("count", hcl::Span::new(0, 5));
    /// assert_eq!(id.name, "count");
    /// assert_eq!(id.span.end, 5);
    /// ```
    pub const fn new(name: &'a str, span: Span) -> Self {
        Ident { name, span }
    }

    /// The identifier's text.
    ///
    /// ```
    /// let id = hcl::syntax::Ident::new("name", hcl::Span::default());
    /// assert_eq!(id.as_str(), "name");
    /// ```
    #[inline]
    pub const fn as_str(&self) -> &'a str {
        self.name
    }
}

/// A config file or the content of a block: attributes and blocks in source order.
///
/// `span` covers the body's content: for a file, the whole file; for a
/// block, everything between `{` and `}` (exclusive).
///
/// ```
/// let file = hcl::parse("a = 1\nb {\n  c = 2\n}\n").unwrap();
/// let body = file.body();
/// assert_eq!(body.structures.len(), 2);
/// assert_eq!(body.span, hcl::Span::new(0, 20));
/// let inner = body.blocks().next().unwrap().body;
/// assert_eq!(inner.attribute("c").unwrap().name.span, hcl::Span::new(12, 13));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Body<'a> {
    /// Attributes and blocks in source order.
    pub structures: &'a [Structure<'a>],
    /// The body's extent.
    pub span: Span,
}

impl<'a> Body<'a> {
    /// The attributes of this body, in source order.
    ///
    /// ```
    /// let file = hcl::parse("a = 1\nb {}\nc = 2\n").unwrap();
    /// let names: Vec<_> = file.body().attributes().map(|a| a.name.name).collect();
    /// assert_eq!(names, ["a", "c"]);
    /// ```
    pub fn attributes(&self) -> impl Iterator<Item = &'a Attribute<'a>> {
        self.structures.iter().filter_map(|s| match s {
            Structure::Attribute(a) => Some(a),
            Structure::Block(_) => None,
        })
    }

    /// The blocks of this body, in source order.
    ///
    /// ```
    /// let file = hcl::parse("x = 1\nresource \"a\" \"b\" {}\nlocals {}\n").unwrap();
    /// let types: Vec<_> = file.body().blocks().map(|b| b.ident.name).collect();
    /// assert_eq!(types, ["resource", "locals"]);
    /// ```
    pub fn blocks(&self) -> impl Iterator<Item = &'a Block<'a>> {
        self.structures.iter().filter_map(|s| match s {
            Structure::Block(b) => Some(b),
            Structure::Attribute(_) => None,
        })
    }

    /// The attribute named `name`, if any.
    ///
    /// ```
    /// let file = hcl::parse("a = 1\nb = \"two\"\n").unwrap();
    /// let b = file.body().attribute("b").unwrap();
    /// assert_eq!(b.expr.to_string(), "\"two\"");
    /// assert!(file.body().attribute("c").is_none());
    /// ```
    pub fn attribute(&self, name: &str) -> Option<&'a Attribute<'a>> {
        self.attributes().find(|a| a.name.name == name)
    }
}

/// One item of a [`Body`].
///
/// ```
/// use hcl::syntax::Structure;
/// let file = hcl::parse("a = 1\nb {}\n").unwrap();
/// let s = file.body().structures;
/// assert!(matches!(s[0], Structure::Attribute(a) if a.name.name == "a"));
/// assert!(matches!(s[1], Structure::Block(b) if b.ident.name == "b"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Structure<'a> {
    /// `name = expr`
    Attribute(Attribute<'a>),
    /// `type "label" { ... }`
    Block(Block<'a>),
}

impl Structure<'_> {
    /// The item's span.
    ///
    /// ```
    /// let file = hcl::parse("a = 1\nb {}\n").unwrap();
    /// let spans: Vec<_> = file.body().structures.iter().map(|s| s.span()).collect();
    /// assert_eq!(spans, [hcl::Span::new(0, 5), hcl::Span::new(6, 10)]);
    /// ```
    pub fn span(&self) -> Span {
        match self {
            Structure::Attribute(a) => a.span(),
            Structure::Block(b) => b.span(),
        }
    }
}

/// An attribute definition `name = expr`.
///
/// ```
/// let file = hcl::parse("enabled = true").unwrap();
/// let attr = file.body().attribute("enabled").unwrap();
/// assert_eq!(attr.name.name, "enabled");
/// assert!(matches!(attr.expr.kind, hcl::syntax::ExprKind::Bool(true)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Attribute<'a> {
    /// The attribute's name.
    pub name: Ident<'a>,
    /// Its value.
    pub expr: Expression<'a>,
}

impl Attribute<'_> {
    /// From the name to the end of the expression (the newline is not
    /// included).
    ///
    /// ```
    /// let file = hcl::parse("\nport = 80 # web\n").unwrap();
    /// let a = file.body().attribute("port").unwrap();
    /// assert_eq!(a.span(), hcl::Span::new(1, 10));
    /// ```
    #[inline]
    pub fn span(&self) -> Span {
        self.name.span.to(self.expr.span)
    }
}

/// A block `type label* { body }`.
///
/// Its braces are where its body's span says (the body is what lies
/// between them); a block built without spans has none.
///
/// ```
/// let file = hcl::parse("resource \"aws_s3_bucket\" \"logs\" {\n  acl = \"private\"\n}\n").unwrap();
/// let block = file.body().blocks().next().unwrap();
/// assert_eq!(block.ident.name, "resource");
/// let labels: Vec<_> = block.labels.iter().map(|l| l.as_str()).collect();
/// assert_eq!(labels, ["aws_s3_bucket", "logs"]);
/// assert!(block.body.attribute("acl").is_some());
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Block<'a> {
    /// The block type.
    pub ident: Ident<'a>,
    /// Zero or more labels.
    pub labels: &'a [BlockLabel<'a>],
    /// The content between the braces.
    pub body: Body<'a>,
}

impl Block<'_> {
    /// Reads the first bytes of the block's body and labels, so that they
    /// are in the cache when the block is read: called for the next block
    /// while one is evaluated. The body's items are in the arena after
    /// everything inside them (a list is copied there when it ends), away
    /// from the items of the body around them, and reading them only when
    /// they are needed waits on memory.
    #[inline(always)]
    pub(crate) fn warm(&self) {
        if let Some(first) = self.body.structures.first() {
            std::hint::black_box(matches!(first, Structure::Block(_)));
        }
        if let Some(l) = self.labels.first() {
            std::hint::black_box(l.as_str().len());
        }
    }

    /// Reads label `depth` and the first byte of its text, as [`warm`]
    /// does: called a few blocks ahead while blocks are grouped by a label,
    /// where each block's label (in the arena) and its text (in the source)
    /// are two reads that would each wait on memory.
    ///
    /// [`warm`]: Block::warm
    #[inline(always)]
    pub(crate) fn warm_label(&self, depth: usize) {
        if let Some(l) = self.labels.get(depth) {
            std::hint::black_box(l.as_str().as_bytes().first());
        }
    }

    /// From the type name to the closing brace, inclusive.
    ///
    /// ```
    /// let file = hcl::parse("b \"x\" {\n  a = 1\n}\n").unwrap();
    /// let b = file.body().blocks().next().unwrap();
    /// assert_eq!(b.span(), hcl::Span::new(0, 17));
    /// assert_eq!(b.open_brace(), hcl::Span::new(6, 7));
    /// assert_eq!(b.close_brace(), hcl::Span::new(16, 17));
    /// ```
    #[inline]
    pub fn span(&self) -> Span {
        if self.has_no_braces() {
            return self.ident.span;
        }
        Span {
            start: self.ident.span.start,
            end: self.body.span.end + 1,
        }
    }

    /// The opening `{`.
    ///
    /// ```
    /// let src = "b {\n}\n";
    /// let file = hcl::parse(src).unwrap();
    /// let b = file.body().blocks().next().unwrap();
    /// assert_eq!(&src[b.open_brace().range()], "{");
    /// ```
    #[inline]
    pub fn open_brace(&self) -> Span {
        if self.has_no_braces() {
            return Span::default();
        }
        Span {
            start: self.body.span.start - 1,
            end: self.body.span.start,
        }
    }

    /// The closing `}`.
    ///
    /// ```
    /// let src = "b {\n  a = 1\n}\n";
    /// let file = hcl::parse(src).unwrap();
    /// let b = file.body().blocks().next().unwrap();
    /// assert_eq!(b.close_brace(), hcl::Span::new(12, 13));
    /// assert_eq!(&src[12..13], "}");
    /// ```
    #[inline]
    pub fn close_brace(&self) -> Span {
        if self.has_no_braces() {
            return Span::default();
        }
        Span {
            start: self.body.span.end,
            end: self.body.span.end + 1,
        }
    }

    /// A block built without spans (a parsed body starts after its `{`).
    #[inline]
    fn has_no_braces(&self) -> bool {
        self.body.span.start == 0
    }
}

/// A block label: an identifier or a quoted string (which may not contain
/// interpolations).
///
/// ```
/// use hcl::syntax::BlockLabel;
/// let file = hcl::parse("b one \"two\" {}").unwrap();
/// let labels = file.body().blocks().next().unwrap().labels;
/// assert!(matches!(labels[0], BlockLabel::Ident(i) if i.name == "one"));
/// assert!(matches!(labels[1], BlockLabel::String { value: "two", .. }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlockLabel<'a> {
    /// `block foo {}`
    Ident(Ident<'a>),
    /// `block "foo" {}`; `value` is the unescaped content, `span` includes the quotes.
    String {
        /// Unescaped content.
        value: &'a str,
        /// Includes the quotes.
        span: Span,
    },
}

impl<'a> BlockLabel<'a> {
    /// The label's value.
    ///
    /// ```
    /// let file = hcl::parse("b one \"t\\\"wo\" {}").unwrap();
    /// let labels = file.body().blocks().next().unwrap().labels;
    /// assert_eq!(labels[0].as_str(), "one");
    /// assert_eq!(labels[1].as_str(), "t\"wo");
    /// ```
    pub fn as_str(&self) -> &'a str {
        match self {
            BlockLabel::Ident(i) => i.name,
            BlockLabel::String { value, .. } => value,
        }
    }

    /// The label's span.
    ///
    /// ```
    /// let file = hcl::parse("b one \"two\" {}").unwrap();
    /// let labels = file.body().blocks().next().unwrap().labels;
    /// assert_eq!(labels[0].span(), hcl::Span::new(2, 5));
    /// // A quoted label's span includes the quotes.
    /// assert_eq!(labels[1].span(), hcl::Span::new(6, 11));
    /// ```
    pub fn span(&self) -> Span {
        match self {
            BlockLabel::Ident(i) => i.span,
            BlockLabel::String { span, .. } => *span,
        }
    }
}

/// An expression with its span.
///
/// ```
/// let e = hcl::parser::parse_expression("(1 + 2)").unwrap();
/// assert_eq!(e.expr().span, hcl::Span::new(0, 7));
/// assert!(matches!(e.expr().kind, hcl::syntax::ExprKind::Parenthesis(_)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Expression<'a> {
    /// What kind of expression.
    pub kind: ExprKind<'a>,
    /// Its extent in the source (parentheses included for `Parenthesis`).
    pub span: Span,
}

impl<'a> Expression<'a> {
    /// A literal's value (`null`, a bool, number or string); `None` for
    /// any other expression.
    pub(crate) fn literal_value(&self) -> Option<crate::value::Value> {
        Some(match self.kind {
            ExprKind::Null => crate::value::Value::Null,
            ExprKind::Bool(b) => crate::value::Value::Bool(b),
            ExprKind::Number(n) => crate::value::Value::Number(n.value()),
            ExprKind::String(s) => crate::value::Value::from(s),
            _ => return None,
        })
    }

    /// An expression of `kind` at `span`.
    ///
    /// ```
    /// use hcl::syntax::{ExprKind, Expression};
    /// let e = Expression::new(ExprKind::Variable("var"), hcl::Span::default());
    /// assert_eq!(e.to_string(), "var");
    /// ```
    #[inline]
    pub fn new(kind: ExprKind<'a>, span: Span) -> Self {
        Expression { kind, span }
    }

    /// For a left-nested chain of binary operations `a op b op c ...`: the
    /// leftmost operand that is not binary, and the operations from the
    /// outermost inwards (reverse it for source order), each with the span
    /// of the expression it is. Found without recursion, so walkers that
    /// use it handle chains of a million terms.
    ///
    /// ```
    /// let e = hcl::parser::parse_expression("a + b * c - d").unwrap();
    /// let (leftmost, ops) = e.expr().binary_chain();
    /// assert!(matches!(leftmost.kind, hcl::syntax::ExprKind::Variable("a")));
    /// let ops: Vec<_> = ops.iter().rev().map(|(_, op)| op.operator.as_str()).collect();
    /// assert_eq!(ops, ["+", "-"]);
    /// ```
    pub fn binary_chain(&self) -> (&Expression<'a>, Vec<(Span, &'a BinaryOp<'a>)>) {
        let mut chain = Vec::new();
        let mut cur = self;
        while let ExprKind::Binary(b) = cur.kind {
            chain.push((cur.span, b));
            cur = &b.lhs;
        }
        (cur, chain)
    }

    /// Whether the expression's text ends with a heredoc's closing marker
    /// (`<<EOT ... EOT`, also as the last operand or the false branch), whose
    /// line must end before anything else follows it.
    pub(crate) fn ends_with_heredoc(&self) -> bool {
        let mut cur = self;
        loop {
            cur = match &cur.kind {
                ExprKind::Template(t) => return matches!(t.kind, TemplateKind::Heredoc { .. }),
                ExprKind::Binary(b) => &b.rhs,
                ExprKind::Conditional(c) => &c.false_expr,
                ExprKind::Unary(u) => &u.expr,
                _ => return false,
            }
        }
    }
}

/// The kinds of expression.
///
/// Variants larger than a slice are references into the arena, which keeps
/// an `Expression` at 32 bytes.
///
/// ```
/// use hcl::syntax::ExprKind;
/// let e = hcl::parser::parse_expression("\"plain\"").unwrap();
/// assert!(matches!(e.expr().kind, ExprKind::String("plain")));
/// let e = hcl::parser::parse_expression("\"${x}!\"").unwrap();
/// assert!(matches!(e.expr().kind, ExprKind::Template(_)));
/// let e = hcl::parser::parse_expression("a.b[0]").unwrap();
/// assert!(matches!(e.expr().kind, ExprKind::Traversal(_)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ExprKind<'a> {
    /// `null`
    Null,
    /// `true` / `false`
    Bool(bool),
    /// A numeric literal.
    Number(&'a NumberLit<'a>),
    /// A quoted template with no interpolation or directive, e.g. `"foo\n"`;
    /// holds the unescaped content.
    String(&'a str),
    /// A quoted template with interpolations/directives, or any heredoc.
    Template(&'a TemplateExpr<'a>),
    /// A variable reference `foo` (its span is the expression's).
    Variable(&'a str),
    /// `[a, b, c]`
    Tuple(&'a [Expression<'a>]),
    /// `{ k = v, ... }`
    Object(&'a [ObjectItem<'a>]),
    /// `name(args...)`
    FuncCall(&'a FuncCall<'a>),
    /// An expression followed by attribute access, index and splat operators.
    Traversal(&'a Traversal<'a>),
    /// `-x`, `!x`
    Unary(&'a UnaryOp<'a>),
    /// `a op b`
    Binary(&'a BinaryOp<'a>),
    /// `c ? t : f`
    Conditional(&'a Conditional<'a>),
    /// `[for ...]` or `{for ...}`
    For(&'a ForExpr<'a>),
    /// `( expr )`
    Parenthesis(&'a Expression<'a>),
}

/// A numeric literal: `raw` is the source text (for exact printing), and
/// [`value`](NumberLit::value) its [`Number`].
///
/// ```
/// use hcl::syntax::{Arena, NumberLit};
/// use hcl::Number;
/// let arena = Arena::new();
/// let lit = NumberLit::new(&arena, &Number::from(42u8), "42");
/// assert_eq!(lit.value().as_u64(), Some(42));
/// assert_eq!(lit.raw, "42");
/// ```
#[derive(Clone, Copy)]
pub struct NumberLit<'a> {
    /// The value, a 512-bit one in the tree's arena.
    value: crate::value::number::Lit<'a>,
    /// Literal text as written.
    pub raw: &'a str,
}

impl<'a> NumberLit<'a> {
    /// The literal `raw` of `value` (a 512-bit value is copied into
    /// `arena`).
    ///
    /// ```
    /// use hcl::syntax::{Arena, NumberLit};
    /// let arena = Arena::new();
    /// let lit = NumberLit::new(&arena, &hcl::Number::from(1.5), "1.50");
    /// assert_eq!(lit.raw, "1.50");
    /// assert_eq!(lit.value(), hcl::Number::from(1.5));
    /// ```
    pub fn new(arena: &'a Arena, value: &Number, raw: &'a str) -> NumberLit<'a> {
        NumberLit {
            value: value.to_lit(|b| arena.alloc(b)),
            raw,
        }
    }

    /// An integer literal that fits 64 bits (the parser's usual case).
    pub(crate) fn int(value: u64, raw: &'a str) -> NumberLit<'a> {
        NumberLit {
            value: Number::literal_int_lit(value),
            raw,
        }
    }

    /// The literal's value.
    ///
    /// ```
    /// use hcl::syntax::ExprKind;
    /// let e = hcl::parser::parse_expression("1e3").unwrap();
    /// let ExprKind::Number(lit) = e.expr().kind else { unreachable!() };
    /// assert_eq!(lit.raw, "1e3");
    /// assert_eq!(lit.value().as_u64(), Some(1000));
    /// ```
    #[inline]
    pub fn value(&self) -> Number {
        Number::from_lit(self.value)
    }
}

impl PartialEq for NumberLit<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.raw == other.raw && self.value() == other.value()
    }
}

impl fmt::Debug for NumberLit<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("NumberLit")
            .field("value", &self.value())
            .field("raw", &self.raw)
            .finish()
    }
}

/// A template expression: a quoted string with interpolations/directives, or a heredoc.
///
/// ```
/// use hcl::syntax::{ExprKind, TemplateKind};
/// let e = hcl::parser::parse_expression("\"Hello, ${name}\"").unwrap();
/// let ExprKind::Template(t) = e.expr().kind else { unreachable!() };
/// assert_eq!(t.kind, TemplateKind::Quoted);
/// assert_eq!(t.template.elements.len(), 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TemplateExpr<'a> {
    /// Quoted or heredoc.
    pub kind: TemplateKind<'a>,
    /// The template's content. For `<<-` heredocs, literal parts are already
    /// dedented as Terraform does.
    pub template: Template<'a>,
}

impl<'a> TemplateExpr<'a> {
    /// The expression of a template that is one interpolation and nothing
    /// else (`"${x}"`), whose value is that expression's, not a string (the
    /// spec's template wrap).
    ///
    /// ```
    /// use hcl::syntax::ExprKind;
    /// let e = hcl::parser::parse_expression("\"${var.list}\"").unwrap();
    /// let ExprKind::Template(t) = e.expr().kind else { unreachable!() };
    /// assert_eq!(t.wrapped_expr().unwrap().to_string(), "var.list");
    ///
    /// let e = hcl::parser::parse_expression("\"x${y}\"").unwrap();
    /// let ExprKind::Template(t) = e.expr().kind else { unreachable!() };
    /// assert!(t.wrapped_expr().is_none());
    /// ```
    pub fn wrapped_expr(&self) -> Option<&Expression<'a>> {
        match self.template.elements {
            [Element::Interpolation(i)] => Some(&i.expr),
            _ => None,
        }
    }
}

/// How a template expression was written.
///
/// ```
/// use hcl::syntax::{ExprKind, TemplateKind};
/// let e = hcl::parser::parse_expression("<<-EOT\n  hi\n  EOT\n").unwrap();
/// let ExprKind::Template(t) = e.expr().kind else { unreachable!() };
/// assert_eq!(t.kind, TemplateKind::Heredoc { marker: "EOT", strip_indent: true });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TemplateKind<'a> {
    /// `"..."`
    Quoted,
    /// `<<EOT` (`strip_indent: false`) or `<<-EOT` (`strip_indent: true`).
    Heredoc {
        /// The delimiter identifier (`EOT`).
        marker: &'a str,
        /// `<<-`: leading whitespace common to all lines is removed.
        strip_indent: bool,
    },
}

/// A template: literal text, interpolations and directives.
///
/// ```
/// use hcl::syntax::Element;
/// let t = hcl::parser::parse_template("a${b}c").unwrap();
/// let elements = t.template().elements;
/// assert_eq!(elements.len(), 3);
/// assert!(matches!(elements[1], Element::Interpolation(_)));
/// assert_eq!(t.template().span, hcl::Span::new(0, 6));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Template<'a> {
    /// The parts in order.
    pub elements: &'a [Element<'a>],
    /// The template's extent: inside the quotes; for a heredoc, from the
    /// start of the line after `<<EOT` to the start of the closing marker's
    /// line; for a directive's sub-template, between the directives. The
    /// elements' spans tile it without gaps.
    pub span: Span,
}

/// One part of a [`Template`].
///
/// ```
/// use hcl::syntax::Element;
/// let t = hcl::parser::parse_template("x=${x}%{ if y }!%{ endif }").unwrap();
/// let e = t.template().elements;
/// assert!(matches!(e[0], Element::Literal(l) if l.value == "x="));
/// assert!(matches!(e[1], Element::Interpolation(_)));
/// assert!(matches!(e[2], Element::Directive(_)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Element<'a> {
    /// Literal text, unescaped (`$${` already turned into `${`).
    Literal(Literal<'a>),
    /// `${ expr }`
    Interpolation(Interpolation<'a>),
    /// `%{ if }`, `%{ for }`
    Directive(&'a Directive<'a>),
}

/// Literal text in a template.
///
/// `value` is final: escapes are processed, the text is NFC-normalised (as
/// Go HCL does for string literals), the strip markers `~` of the
/// neighbouring interpolations/directives have already removed whitespace
/// (per literal *token*: in heredocs a token is one line, so a strip marker
/// only reaches the neighbouring line), and `<<-` indentation is removed.
/// Evaluators must not strip again; the [`Strip`] flags are kept for
/// printing. A literal emptied by stripping is kept (it prevents template
/// unwrapping, as in Terraform: `" ${~ 5 }"` is the string `"5"`).
///
/// ```
/// use hcl::syntax::Element;
/// let t = hcl::parser::parse_template("a $${b}").unwrap();
/// let Element::Literal(lit) = t.template().elements[0] else { unreachable!() };
/// assert_eq!(lit.value, "a ${b}");
/// assert_eq!(lit.span, hcl::Span::new(0, 7));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Literal<'a> {
    /// Unescaped text.
    pub value: &'a str,
    /// Source extent (escapes as written, and any whitespace that strip
    /// markers or `<<-` removed from `value`).
    pub span: Span,
}

/// Strip markers `~` on either side of an interpolation or directive.
///
/// ```
/// use hcl::syntax::Element;
/// let t = hcl::parser::parse_template("a ${~ x } b").unwrap();
/// let Element::Interpolation(i) = t.template().elements[1] else { unreachable!() };
/// assert!(i.strip.start && !i.strip.end);
/// // The literal before lost its trailing space.
/// assert!(matches!(t.template().elements[0], Element::Literal(l) if l.value == "a"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub struct Strip {
    /// `${~` / `%{~`: strip whitespace before.
    pub start: bool,
    /// `~}`: strip whitespace after.
    pub end: bool,
}

/// `${ expr }` in a template.
///
/// ```
/// use hcl::syntax::Element;
/// let t = hcl::parser::parse_template("Hi ${name}!").unwrap();
/// let Element::Interpolation(i) = t.template().elements[1] else { unreachable!() };
/// assert_eq!(i.expr.to_string(), "name");
/// assert_eq!(i.span, hcl::Span::new(3, 10));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Interpolation<'a> {
    /// The interpolated expression.
    pub expr: Expression<'a>,
    /// Strip markers.
    pub strip: Strip,
    /// From `${` to `}` inclusive.
    pub span: Span,
}

/// A template directive.
///
/// ```
/// use hcl::syntax::{Directive, Element};
/// let t = hcl::parser::parse_template("%{ for x in xs }${x}%{ endfor }").unwrap();
/// let Element::Directive(d) = t.template().elements[0] else { unreachable!() };
/// assert!(matches!(d, Directive::For(_)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Directive<'a> {
    /// `%{ if c }...%{ else }...%{ endif }`
    If(IfDirective<'a>),
    /// `%{ for k, v in coll }...%{ endfor }`
    For(ForDirective<'a>),
}

/// `%{ if cond }` ... `%{ else }` ... `%{ endif }`
///
/// ```
/// use hcl::syntax::{Directive, Element};
/// let t = hcl::parser::parse_template("%{ if ok }yes%{ else }no%{ endif }").unwrap();
/// let Element::Directive(Directive::If(d)) = t.template().elements[0] else { unreachable!() };
/// assert_eq!(d.cond.to_string(), "ok");
/// assert_eq!(d.true_template.elements.len(), 1);
/// assert!(d.false_template.is_some());
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IfDirective<'a> {
    /// The condition.
    pub cond: Expression<'a>,
    /// Template used when the condition is true.
    pub true_template: Template<'a>,
    /// Template after `%{ else }`, if present.
    pub false_template: Option<Template<'a>>,
    /// Strip markers of `%{ if }`.
    pub if_strip: Strip,
    /// Strip markers of `%{ else }`, if present.
    pub else_strip: Option<Strip>,
    /// Strip markers of `%{ endif }`.
    pub endif_strip: Strip,
    /// From `%{ if` to the end of `%{ endif }`.
    pub span: Span,
}

/// `%{ for key, value in coll }` ... `%{ endfor }`
///
/// ```
/// use hcl::syntax::{Directive, Element};
/// let t = hcl::parser::parse_template("%{ for k, v in m }${k}=${v}%{ endfor }").unwrap();
/// let Element::Directive(Directive::For(d)) = t.template().elements[0] else { unreachable!() };
/// assert_eq!(d.key_var.unwrap().name, "k");
/// assert_eq!(d.value_var.name, "v");
/// assert_eq!(d.collection.to_string(), "m");
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ForDirective<'a> {
    /// Key (or index) variable, when two are given.
    pub key_var: Option<Ident<'a>>,
    /// Value variable.
    pub value_var: Ident<'a>,
    /// The collection iterated.
    pub collection: Expression<'a>,
    /// The repeated template.
    pub template: Template<'a>,
    /// Strip markers of `%{ for }`.
    pub for_strip: Strip,
    /// Strip markers of `%{ endfor }`.
    pub endfor_strip: Strip,
    /// From `%{ for` to the end of `%{ endfor }`.
    pub span: Span,
}

/// One `key = value` (or `key: value`) element of an object constructor.
///
/// ```
/// use hcl::syntax::{ExprKind, ObjectSeparator};
/// let e = hcl::parser::parse_expression("{ a = 1, b: 2 }").unwrap();
/// let ExprKind::Object(items) = e.expr().kind else { unreachable!() };
/// assert_eq!(items[0].key.literal_key(), Some("a"));
/// assert_eq!(items[0].value.to_string(), "1");
/// assert_eq!(items[1].separator, ObjectSeparator::Colon);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ObjectItem<'a> {
    /// The key.
    pub key: ObjectKey<'a>,
    /// The value.
    pub value: Expression<'a>,
    /// `=` or `:`.
    pub separator: ObjectSeparator,
}

/// The key of an [`ObjectItem`].
///
/// ```
/// use hcl::syntax::{ExprKind, ObjectKey};
/// let e = hcl::parser::parse_expression("{ a = 1, (k) = 2 }").unwrap();
/// let ExprKind::Object(items) = e.expr().kind else { unreachable!() };
/// assert!(matches!(items[0].key, ObjectKey::Ident(i) if i.name == "a"));
/// assert!(matches!(items[1].key, ObjectKey::Expression(_)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ObjectKey<'a> {
    /// A bare identifier: a literal key, not a variable.
    Ident(Ident<'a>),
    /// Any other expression (quoted string, `(expr)`, number, ...).
    Expression(Expression<'a>),
}

impl<'a> ObjectKey<'a> {
    /// The key's span.
    ///
    /// ```
    /// use hcl::syntax::ExprKind;
    /// let e = hcl::parser::parse_expression("{ key = 1, \"q\" = 2 }").unwrap();
    /// let ExprKind::Object(items) = e.expr().kind else { unreachable!() };
    /// assert_eq!(items[0].key.span(), hcl::Span::new(2, 5));
    /// assert_eq!(items[1].key.span(), hcl::Span::new(11, 14));
    /// ```
    pub fn span(&self) -> Span {
        match self {
            ObjectKey::Ident(i) => i.span,
            ObjectKey::Expression(e) => e.span,
        }
    }

    /// The key as a literal name: a bare identifier, a quoted string
    /// without interpolation, or a bare keyword (Terraform reads
    /// `{ null = 1 }` as `{ "null" = 1 }`); `None` for any other
    /// expression.
    ///
    /// ```
    /// let e = hcl::parser::parse_expression(r#"{ a = 1, "b c" = 2, true = 3, (k) = 4 }"#).unwrap();
    /// let hcl::syntax::ExprKind::Object(items) = e.expr().kind else { unreachable!() };
    /// let keys: Vec<_> = items.iter().map(|i| i.key.literal_key()).collect();
    /// assert_eq!(keys, [Some("a"), Some("b c"), Some("true"), None]);
    /// ```
    pub fn literal_key(&self) -> Option<&'a str> {
        match self {
            ObjectKey::Ident(i) => Some(i.name),
            ObjectKey::Expression(e) => match e.kind {
                ExprKind::String(s) => Some(s),
                ExprKind::Null => Some("null"),
                ExprKind::Bool(true) => Some("true"),
                ExprKind::Bool(false) => Some("false"),
                _ => None,
            },
        }
    }
}

/// The separator between an object key and its value.
///
/// ```
/// use hcl::syntax::{ExprKind, ObjectSeparator};
/// let e = hcl::parser::parse_expression("{ a = 1, b: 2 }").unwrap();
/// let ExprKind::Object(items) = e.expr().kind else { unreachable!() };
/// let seps: Vec<_> = items.iter().map(|i| i.separator).collect();
/// assert_eq!(seps, [ObjectSeparator::Equals, ObjectSeparator::Colon]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ObjectSeparator {
    /// `=`
    Equals,
    /// `:`
    Colon,
}

/// A function call `namespace::name(args...)`.
///
/// ```
/// use hcl::syntax::ExprKind;
/// let e = hcl::parser::parse_expression("max(1, xs...)").unwrap();
/// let ExprKind::FuncCall(call) = e.expr().kind else { unreachable!() };
/// assert_eq!(call.name.name.name, "max");
/// assert_eq!(call.args.len(), 2);
/// assert!(call.expand_final);
/// assert_eq!(call.args_span, hcl::Span::new(3, 13));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FuncCall<'a> {
    /// The function's name.
    pub name: FuncName<'a>,
    /// Arguments.
    pub args: &'a [Expression<'a>],
    /// Whether the last argument is followed by `...`.
    pub expand_final: bool,
    /// Span of the `(` ... `)` including the parentheses.
    pub args_span: Span,
}

/// A possibly namespaced function name: `upper`, `provider::aws::arn_parse`.
///
/// ```
/// use hcl::syntax::ExprKind;
/// let e = hcl::parser::parse_expression("provider::aws::arn_parse(x)").unwrap();
/// let ExprKind::FuncCall(call) = e.expr().kind else { unreachable!() };
/// let ns: Vec<_> = call.name.namespace.iter().map(|i| i.name).collect();
/// assert_eq!(ns, ["provider", "aws"]);
/// assert_eq!(call.name.name.name, "arn_parse");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FuncName<'a> {
    /// Namespace parts, outermost first (`["provider", "aws"]`); empty if none.
    pub namespace: &'a [Ident<'a>],
    /// The final name.
    pub name: Ident<'a>,
}

impl FuncName<'_> {
    /// The full name joined with `::`.
    ///
    /// ```
    /// use hcl::syntax::ExprKind;
    /// let e = hcl::parser::parse_expression("provider::aws::arn_parse(x)").unwrap();
    /// let ExprKind::FuncCall(call) = e.expr().kind else { unreachable!() };
    /// assert_eq!(call.name.to_full_name(), "provider::aws::arn_parse");
    /// ```
    pub fn to_full_name(&self) -> String {
        let mut s = String::new();
        for ns in self.namespace {
            s.push_str(ns.name);
            s.push_str("::");
        }
        s.push_str(self.name.name);
        s
    }
}

/// An expression followed by one or more traversal operators:
/// `.attr`, `[index]`, `.0`, `.*`, `[*]`.
///
/// Operators are kept flat in source order. Splat semantics (which operators
/// after a splat apply to each element) are decided by the evaluator, per the
/// spec: after `[*]` every following operator applies per element; after
/// `.*` only the following attribute accesses do.
///
/// ```
/// use hcl::syntax::ExprKind;
/// let e = hcl::parser::parse_expression("aws_instance.web[*].id").unwrap();
/// let ExprKind::Traversal(t) = e.expr().kind else { unreachable!() };
/// assert!(matches!(t.expr.kind, ExprKind::Variable("aws_instance")));
/// assert_eq!(t.operators.len(), 3);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Traversal<'a> {
    /// The expression being traversed.
    pub expr: Expression<'a>,
    /// The operators, in order.
    pub operators: &'a [TraversalOperator<'a>],
}

/// One traversal operator with its span.
///
/// ```
/// use hcl::syntax::ExprKind;
/// let e = hcl::parser::parse_expression("a.b[0]").unwrap();
/// let ExprKind::Traversal(t) = e.expr().kind else { unreachable!() };
/// let spans: Vec<_> = t.operators.iter().map(|op| op.span).collect();
/// assert_eq!(spans, [hcl::Span::new(1, 3), hcl::Span::new(3, 6)]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TraversalOperator<'a> {
    /// What it does.
    pub kind: TraversalOperatorKind<'a>,
    /// Its extent, including the `.` or brackets.
    pub span: Span,
}

/// The kinds of traversal operator.
///
/// ```
/// use hcl::syntax::{ExprKind, TraversalOperatorKind as Op};
/// let e = hcl::parser::parse_expression("a.b.0.*[*][\"k\"]").unwrap();
/// let ExprKind::Traversal(t) = e.expr().kind else { unreachable!() };
/// let ops: Vec<_> = t.operators.iter().map(|op| op.kind).collect();
/// assert!(matches!(ops[..], [Op::GetAttr(_), Op::LegacyIndex(0), Op::AttrSplat, Op::FullSplat, Op::Index(_)]));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TraversalOperatorKind<'a> {
    /// `.name`
    GetAttr(Ident<'a>),
    /// `[expr]`
    Index(Expression<'a>),
    /// `.0` (legacy index)
    LegacyIndex(u64),
    /// `.*`
    AttrSplat,
    /// `[*]`
    FullSplat,
}

/// A unary operation.
///
/// ```
/// use hcl::syntax::{ExprKind, UnaryOperator};
/// let e = hcl::parser::parse_expression("!enabled").unwrap();
/// let ExprKind::Unary(u) = e.expr().kind else { unreachable!() };
/// assert_eq!(u.operator, UnaryOperator::Not);
/// assert_eq!(u.expr.to_string(), "enabled");
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct UnaryOp<'a> {
    /// The operator.
    pub operator: UnaryOperator,
    /// The operand.
    pub expr: Expression<'a>,
}

/// Unary operators.
///
/// ```
/// use hcl::syntax::{ExprKind, UnaryOperator};
/// let e = hcl::parser::parse_expression("-x").unwrap();
/// let ExprKind::Unary(u) = e.expr().kind else { unreachable!() };
/// assert_eq!(u.operator, UnaryOperator::Neg);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnaryOperator {
    /// `-`
    Neg,
    /// `!`
    Not,
}

impl UnaryOperator {
    /// The operator as written.
    ///
    /// ```
    /// use hcl::syntax::UnaryOperator;
    /// assert_eq!(UnaryOperator::Neg.as_str(), "-");
    /// assert_eq!(UnaryOperator::Not.as_str(), "!");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            UnaryOperator::Neg => "-",
            UnaryOperator::Not => "!",
        }
    }
}

/// A binary operation.
///
/// `PartialEq` and `Debug` walk long left-nested chains iteratively, so a
/// 100,000-term chain does not overflow the stack (`Debug` shows a chain of
/// more than one operator as its leftmost operand followed by the
/// `(operator, rhs)` pairs).
///
/// ```
/// use hcl::syntax::{BinaryOperator, ExprKind};
/// let e = hcl::parser::parse_expression("1 + 2 * 3").unwrap();
/// let ExprKind::Binary(op) = e.expr().kind else { unreachable!() };
/// assert_eq!(op.operator, BinaryOperator::Add);
/// assert_eq!(op.operator_span, hcl::Span::new(2, 3));
/// assert_eq!(op.rhs.to_string(), "2 * 3");
/// ```
#[derive(Clone, Copy)]
pub struct BinaryOp<'a> {
    /// Left operand.
    pub lhs: Expression<'a>,
    /// The operator.
    pub operator: BinaryOperator,
    /// Span of the operator token.
    pub operator_span: Span,
    /// Right operand.
    pub rhs: Expression<'a>,
}

/// Binary operators, at the spec's six precedence levels.
///
/// ```
/// use hcl::syntax::{BinaryOperator, ExprKind};
/// let e = hcl::parser::parse_expression("a >= b").unwrap();
/// let ExprKind::Binary(op) = e.expr().kind else { unreachable!() };
/// assert_eq!(op.operator, BinaryOperator::GreaterEq);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinaryOperator {
    /// `||`
    Or,
    /// `&&`
    And,
    /// `==`
    Eq,
    /// `!=`
    NotEq,
    /// `<`
    Less,
    /// `<=`
    LessEq,
    /// `>`
    Greater,
    /// `>=`
    GreaterEq,
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/`
    Div,
    /// `%`
    Mod,
}

/// hcl-rs's names of two operators.
#[allow(non_upper_case_globals)]
impl BinaryOperator {
    /// `+` ([`BinaryOperator::Add`]), as hcl-rs names it.
    pub const Plus: BinaryOperator = BinaryOperator::Add;
    /// `-` ([`BinaryOperator::Sub`]), as hcl-rs names it.
    pub const Minus: BinaryOperator = BinaryOperator::Sub;
}

impl BinaryOperator {
    /// The operator as written.
    ///
    /// ```
    /// use hcl::syntax::BinaryOperator;
    /// assert_eq!(BinaryOperator::And.as_str(), "&&");
    /// assert_eq!(BinaryOperator::NotEq.as_str(), "!=");
    /// ```
    pub const fn as_str(self) -> &'static str {
        use BinaryOperator::*;
        match self {
            Or => "||",
            And => "&&",
            Eq => "==",
            NotEq => "!=",
            Less => "<",
            LessEq => "<=",
            Greater => ">",
            GreaterEq => ">=",
            Add => "+",
            Sub => "-",
            Mul => "*",
            Div => "/",
            Mod => "%",
        }
    }

    /// Precedence level, 1 (`||`, binds loosest) to 6 (`*` `/` `%`).
    ///
    /// ```
    /// use hcl::syntax::BinaryOperator;
    /// assert!(BinaryOperator::Mul.precedence() > BinaryOperator::Add.precedence());
    /// ```
    pub const fn precedence(self) -> u8 {
        use BinaryOperator::*;
        match self {
            Or => 1,
            And => 2,
            Eq | NotEq => 3,
            Less | LessEq | Greater | GreaterEq => 4,
            Add | Sub => 5,
            Mul | Div | Mod => 6,
        }
    }
}

/// `cond ? true_expr : false_expr`
///
/// ```
/// use hcl::syntax::ExprKind;
/// let e = hcl::parser::parse_expression("x > 0 ? \"pos\" : \"neg\"").unwrap();
/// let ExprKind::Conditional(c) = e.expr().kind else { unreachable!() };
/// assert_eq!(c.cond.to_string(), "x > 0");
/// assert_eq!(c.true_expr.to_string(), "\"pos\"");
/// assert_eq!(c.false_expr.to_string(), "\"neg\"");
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Conditional<'a> {
    /// The condition.
    pub cond: Expression<'a>,
    /// Result when true.
    pub true_expr: Expression<'a>,
    /// Result when false.
    pub false_expr: Expression<'a>,
}

/// A `for` expression: `[for k, v in coll : v if cond]` or
/// `{for k, v in coll : key => value... if cond}`.
///
/// ```
/// use hcl::syntax::ExprKind;
/// let e = hcl::parser::parse_expression("[for i, v in xs : v * 2 if i > 0]").unwrap();
/// let ExprKind::For(f) = e.expr().kind else { unreachable!() };
/// assert_eq!(f.key_var.unwrap().name, "i");
/// assert_eq!(f.value_var.name, "v");
/// assert_eq!(f.value_expr.to_string(), "v * 2");
/// assert_eq!(f.cond.unwrap().to_string(), "i > 0");
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ForExpr<'a> {
    /// Key (or index) variable, when two are given.
    pub key_var: Option<Ident<'a>>,
    /// Value variable.
    pub value_var: Ident<'a>,
    /// The collection iterated.
    pub collection: Expression<'a>,
    /// Key expression: `Some` for the object form `{ ... : k => v }`.
    pub key_expr: Option<Expression<'a>>,
    /// Value expression.
    pub value_expr: Expression<'a>,
    /// `if` condition.
    pub cond: Option<Expression<'a>>,
    /// Grouping mode `...` after the value (object form only).
    pub grouping: bool,
}

impl ForExpr<'_> {
    /// Whether this is the object form `{for ...}`.
    ///
    /// ```
    /// use hcl::syntax::ExprKind;
    /// let e = hcl::parser::parse_expression("{for k, v in m : v => k...}").unwrap();
    /// let ExprKind::For(f) = e.expr().kind else { unreachable!() };
    /// assert!(f.is_object());
    /// assert!(f.grouping);
    /// ```
    pub fn is_object(&self) -> bool {
        self.key_expr.is_some()
    }
}
