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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ident<'a> {
    /// The identifier's text.
    pub name: &'a str,
    /// Where it is in the source.
    pub span: Span,
}

impl<'a> Ident<'a> {
    /// An identifier with the given name and span.
    pub const fn new(name: &'a str, span: Span) -> Self {
        Ident { name, span }
    }

    /// The identifier's text.
    #[inline]
    pub const fn as_str(&self) -> &'a str {
        self.name
    }
}

/// A config file or the content of a block: attributes and blocks in source order.
///
/// `span` covers the body's content: for a file, the whole file; for a
/// block, everything between `{` and `}` (exclusive).
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Body<'a> {
    /// Attributes and blocks in source order.
    pub structures: &'a [Structure<'a>],
    /// The body's extent.
    pub span: Span,
}

impl<'a> Body<'a> {
    /// The attributes of this body, in source order.
    pub fn attributes(&self) -> impl Iterator<Item = &'a Attribute<'a>> {
        self.structures.iter().filter_map(|s| match s {
            Structure::Attribute(a) => Some(a),
            Structure::Block(_) => None,
        })
    }

    /// The blocks of this body, in source order.
    pub fn blocks(&self) -> impl Iterator<Item = &'a Block<'a>> {
        self.structures.iter().filter_map(|s| match s {
            Structure::Block(b) => Some(b),
            Structure::Attribute(_) => None,
        })
    }

    /// The attribute named `name`, if any.
    pub fn attribute(&self, name: &str) -> Option<&'a Attribute<'a>> {
        self.attributes().find(|a| a.name.name == name)
    }
}

/// One item of a [`Body`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Structure<'a> {
    /// `name = expr`
    Attribute(Attribute<'a>),
    /// `type "label" { ... }`
    Block(Block<'a>),
}

impl Structure<'_> {
    /// The item's span.
    pub fn span(&self) -> Span {
        match self {
            Structure::Attribute(a) => a.span(),
            Structure::Block(b) => b.span(),
        }
    }
}

/// An attribute definition `name = expr`.
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
    pub fn as_str(&self) -> &'a str {
        match self {
            BlockLabel::Ident(i) => i.name,
            BlockLabel::String { value, .. } => value,
        }
    }

    /// The label's span.
    pub fn span(&self) -> Span {
        match self {
            BlockLabel::Ident(i) => i.span,
            BlockLabel::String { span, .. } => *span,
        }
    }
}

/// An expression with its span.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Expression<'a> {
    /// What kind of expression.
    pub kind: ExprKind<'a>,
    /// Its extent in the source (parentheses included for `Parenthesis`).
    pub span: Span,
}

impl<'a> Expression<'a> {
    /// An expression of `kind` at `span`.
    #[inline]
    pub fn new(kind: ExprKind<'a>, span: Span) -> Self {
        Expression { kind, span }
    }

    /// For a left-nested chain of binary operations `a op b op c ...`: the
    /// leftmost operand that is not binary, and the operations from the
    /// outermost inwards (reverse it for source order). Found without
    /// recursion, so 100,000-term chains do not overflow the stack.
    pub(crate) fn binary_chain(&self) -> (&Expression<'a>, Vec<&'a BinaryOp<'a>>) {
        let mut chain = Vec::new();
        let mut cur = self;
        while let ExprKind::Binary(b) = cur.kind {
            chain.push(b);
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
    pub fn wrapped_expr(&self) -> Option<&Expression<'a>> {
        match self.template.elements {
            [Element::Interpolation(i)] => Some(&i.expr),
            _ => None,
        }
    }
}

/// How a template expression was written.
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Literal<'a> {
    /// Unescaped text.
    pub value: &'a str,
    /// Source extent (escapes as written, and any whitespace that strip
    /// markers or `<<-` removed from `value`).
    pub span: Span,
}

/// Strip markers `~` on either side of an interpolation or directive.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub struct Strip {
    /// `${~` / `%{~`: strip whitespace before.
    pub start: bool,
    /// `~}`: strip whitespace after.
    pub end: bool,
}

/// `${ expr }` in a template.
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
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Directive<'a> {
    /// `%{ if c }...%{ else }...%{ endif }`
    If(IfDirective<'a>),
    /// `%{ for k, v in coll }...%{ endfor }`
    For(ForDirective<'a>),
}

/// `%{ if cond }` ... `%{ else }` ... `%{ endif }`
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
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ObjectKey<'a> {
    /// A bare identifier: a literal key, not a variable.
    Ident(Ident<'a>),
    /// Any other expression (quoted string, `(expr)`, number, ...).
    Expression(Expression<'a>),
}

impl<'a> ObjectKey<'a> {
    /// The key's span.
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ObjectSeparator {
    /// `=`
    Equals,
    /// `:`
    Colon,
}

/// A function call `namespace::name(args...)`.
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FuncName<'a> {
    /// Namespace parts, outermost first (`["provider", "aws"]`); empty if none.
    pub namespace: &'a [Ident<'a>],
    /// The final name.
    pub name: Ident<'a>,
}

impl FuncName<'_> {
    /// The full name joined with `::`.
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
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Traversal<'a> {
    /// The expression being traversed.
    pub expr: Expression<'a>,
    /// The operators, in order.
    pub operators: &'a [TraversalOperator<'a>],
}

/// One traversal operator with its span.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TraversalOperator<'a> {
    /// What it does.
    pub kind: TraversalOperatorKind<'a>,
    /// Its extent, including the `.` or brackets.
    pub span: Span,
}

/// The kinds of traversal operator.
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
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct UnaryOp<'a> {
    /// The operator.
    pub operator: UnaryOperator,
    /// The operand.
    pub expr: Expression<'a>,
}

/// Unary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnaryOperator {
    /// `-`
    Neg,
    /// `!`
    Not,
}

impl UnaryOperator {
    /// The operator as written.
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

impl BinaryOperator {
    /// The operator as written.
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
    pub fn is_object(&self) -> bool {
        self.key_expr.is_some()
    }
}
