//! `dynamic` blocks (Terraform and Packer): a block type written once and
//! generated for each element of a collection.
//!
//! ```hcl
//! dynamic "setting" {          # the generated blocks' type
//!   for_each = var.settings    # a list, set, tuple, map or object
//!   iterator = s               # the element's name in `content` (default: the type)
//!   labels   = [s.key]         # the generated blocks' labels, if the type has labels
//!   content {                  # the generated blocks' body: s.key, s.value
//!     name = s.value.name
//!   }
//! }
//! ```
//!
//! [`expand_dynamic`] rewrites a body into one where each `dynamic` block
//! is replaced by the blocks it generates, in its place among the static
//! blocks, nested `dynamic` blocks included: the iterator's references in
//! `content` and `labels` become the element's value, so everything else
//! (other variables, functions, template-preserving mode) evaluates as it
//! does in any body. Spans stay those of the source.
//!
//! A block type's label count comes from the file, as Go's `dynblock`
//! decoding finds it: the first static block of that type (depth first, in
//! source order), else the first `labels = [...]` written as a list, else
//! none. Generated blocks must agree with it.

use std::collections::HashMap;

use super::{evaluate_typed, Context, EvalMode, Typed};
use crate::error::{Error, ErrorKind, Result};
use crate::syntax::Span;
use crate::syntax::{
    fold_body, fold_element, fold_expr, Arena, Attribute, Block, BlockLabel, Body, Directive,
    Element as TemplateElement, ExprKind, Expression, Fold, ForDirective, ForExpr, Ident,
    Structure, TraversalOperatorKind,
};
use crate::value::{Type, Value};

/// Expands the `dynamic` blocks of `body` (at any depth) in `ctx`, building
/// the expanded body in `arena`. Errors (a `for_each` that is not a
/// collection, is null or is not known yet, a missing `content` block,
/// labels that disagree with the block type's, ...) carry a span, and a
/// line and column when `ctx` has the source text.
///
/// In [`EvalMode::PreserveTemplates`], a `dynamic` block whose `for_each`
/// refers to a variable or function the context does not have, or is not
/// known yet, stays as it is written (as an expression that cannot be
/// evaluated stays a template); in [`EvalMode::Strict`] that is an error.
///
/// ```
/// use hcl::eval::{expand_dynamic, Context};
/// use hcl::syntax::Arena;
///
/// let src = r#"
/// dynamic "ingress" {
///   for_each = [80, 443]
///   content {
///     port = ingress.value
///   }
/// }
/// "#;
/// let file = hcl::parse(src).unwrap();
/// let arena = Arena::new();
/// let body = expand_dynamic(file.body(), &Context::new().with_source(src), &arena).unwrap();
/// assert_eq!(body.to_string(), "ingress {\n  port = 80\n}\n\ningress {\n  port = 443\n}\n");
/// ```
///
/// # Errors
/// As above; and any evaluation error of `for_each` or `labels`.
pub fn expand_dynamic<'b>(
    body: &Body<'_>,
    ctx: &Context<'_>,
    arena: &'b Arena,
) -> Result<Body<'b>> {
    expand(body, ctx, arena, false)
}

/// [`expand_dynamic`], a `dynamic` block whose `for_each` is not known yet
/// kept as it is written (what it generates is not known: Terraform's
/// plan and validation take its blocks as unknown), at any depth; with
/// whether every `dynamic` block generated a block and none is in another's
/// content (then every expression of the body was evaluated with known
/// iterators).
pub(crate) fn expand_dynamic_known<'b>(
    body: &Body<'_>,
    ctx: &Context<'_>,
    arena: &'b Arena,
) -> Result<(Body<'b>, bool)> {
    let mut x = Expander::new(body, ctx, arena, true);
    let body = x.expand(body)?;
    Ok((body, x.iterated))
}

fn expand<'b>(
    body: &Body<'_>,
    ctx: &Context<'_>,
    arena: &'b Arena,
    keep_unknown: bool,
) -> Result<Body<'b>> {
    Expander::new(body, ctx, arena, keep_unknown).expand(body)
}

impl<'c, 'p, 'b> Expander<'c, 'p, 'b> {
    fn new(
        body: &Body<'_>,
        ctx: &'c Context<'p>,
        arena: &'b Arena,
        keep_unknown: bool,
    ) -> Expander<'c, 'p, 'b> {
        let mut labels = HashMap::new();
        let mut dynamic_only = HashMap::new();
        label_counts(body, &mut labels, &mut dynamic_only, 0);
        for (k, n) in dynamic_only {
            labels.entry(k).or_insert(n);
        }
        Expander {
            ctx,
            arena,
            labels,
            keep_unknown,
            iterated: true,
            in_content: 0,
        }
    }

    fn expand(&mut self, body: &Body<'_>) -> Result<Body<'b>> {
        let ctx = self.ctx;
        self.body(body, 0).map_err(|e| match ctx.source() {
            Some(src) => e.with_source(src),
            None => e,
        })
    }
}

/// Bodies nest at most this deep (the parser's limit is lower).
const MAX_DEPTH: usize = 512;

/// The label count of each block type, from its first static block
/// (`counts`), and, for types written only as `dynamic`, from the first
/// literal `labels` list (`dynamic_only`, `None` until one is found).
fn label_counts(
    b: &Body<'_>,
    counts: &mut HashMap<String, usize>,
    dynamic_only: &mut HashMap<String, usize>,
    depth: usize,
) {
    if depth > MAX_DEPTH {
        return;
    }
    for bl in b.blocks() {
        if bl.ident.name != "dynamic" {
            counts
                .entry(bl.ident.name.to_owned())
                .or_insert(bl.labels.len());
            label_counts(&bl.body, counts, dynamic_only, depth + 1);
            continue;
        }
        if let [ty] = bl.labels {
            let literal = bl.body.attribute("labels").and_then(|a| match a.expr.kind {
                ExprKind::Tuple(items) => Some(items.len()),
                _ => None,
            });
            if let Some(n) = literal {
                dynamic_only.entry(ty.as_str().to_owned()).or_insert(n);
            }
        }
        for inner in bl.body.blocks().filter(|c| c.ident.name == "content") {
            label_counts(&inner.body, counts, dynamic_only, depth + 1);
        }
    }
}

struct Expander<'c, 'p, 'b> {
    ctx: &'c Context<'p>,
    arena: &'b Arena,
    labels: HashMap<String, usize>,
    /// Whether a `for_each` not known yet keeps its block as written (see
    /// [`expand_dynamic_known`]).
    keep_unknown: bool,
    /// Whether every `dynamic` block so far generated a block and none was
    /// in another's content.
    iterated: bool,
    /// How many `dynamic` blocks' contents are being expanded.
    in_content: usize,
}

#[cold]
/// A tuple constructor, in parentheses or not: what `hcl.ExprList` reads.
fn is_static_list(e: &Expression<'_>) -> bool {
    match e.kind {
        ExprKind::Tuple(_) => true,
        ExprKind::Parenthesis(inner) => is_static_list(inner),
        _ => false,
    }
}

fn fail(span: Span, summary: &str, detail: impl std::fmt::Display) -> Error {
    Error::described(ErrorKind::Eval, summary, detail).at_span(span)
}

impl<'b> Expander<'_, '_, 'b> {
    fn body(&mut self, b: &Body<'_>, depth: usize) -> Result<Body<'b>> {
        if depth > MAX_DEPTH {
            return Err(fail(b.span, "blocks are nested too deeply", ""));
        }
        let mut out = Vec::with_capacity(b.structures.len());
        for s in b.structures {
            match s {
                Structure::Attribute(a) => out.push(Structure::Attribute(Attribute {
                    name: self.copy().fold_ident(&a.name),
                    expr: self.copy().fold_expr(&a.expr),
                })),
                Structure::Block(bl) if bl.ident.name == "dynamic" => {
                    self.dynamic(bl, &mut out, depth)?
                }
                Structure::Block(bl) => {
                    let body = self.body(&bl.body, depth + 1)?;
                    let mut copy = self.copy();
                    out.push(Structure::Block(Block {
                        ident: copy.fold_ident(&bl.ident),
                        labels: self
                            .arena
                            .alloc_iter(bl.labels.iter().map(|l| copy.fold_block_label(l))),
                        body,
                    }));
                }
            }
        }
        Ok(Body {
            structures: self.arena.alloc_slice(&out),
            span: b.span,
        })
    }

    fn copy(&self) -> Subst<'b> {
        Subst {
            arena: self.arena,
            name: "",
            it: None,
            active: false,
        }
    }

    /// Appends the blocks a `dynamic` block generates to `out`.
    fn dynamic(&mut self, d: &Block<'_>, out: &mut Vec<Structure<'b>>, depth: usize) -> Result<()> {
        let ty = match d.labels {
            [ty] => ty,
            [] => {
                return Err(fail(
                    d.ident.span,
                    "missing type for dynamic",
                    "a dynamic block needs one label, the type of the blocks it generates",
                ))
            }
            [_, extra, ..] => {
                return Err(fail(
                    extra.span(),
                    "extraneous label for dynamic",
                    "a dynamic block has one label, the type of the blocks it generates",
                ))
            }
        };
        let parts = Parts::of(d)?;
        let name = ty.as_str();
        let iterator = match parts.iterator {
            None => name,
            Some(a) => match a.expr.kind {
                ExprKind::Variable(n) => n,
                _ => {
                    return Err(fail(
                        a.expr.span,
                        "invalid expression",
                        "the iterator must be a single name, such as `iterator = item`",
                    ))
                }
            },
        };
        let want = self.labels.get(name).copied().unwrap_or(0);
        match (parts.labels, want) {
            (Some(l), 0) => {
                return Err(fail(
                    l.name.span,
                    "unsupported argument",
                    format_args!("`labels` is not expected here, `{name}` blocks have no labels"),
                ))
            }
            (None, n) if n > 0 => {
                return Err(fail(
                    ty.span(),
                    "missing required argument",
                    format_args!(
                        "`labels` (`{name}` blocks have {n} label{})",
                        if n == 1 { "" } else { "s" }
                    ),
                ))
            }
            _ => {}
        }
        // HCL reads `labels` as a list of expressions (`hcl.ExprList`),
        // one for each label, before it evaluates them.
        if let Some(l) = parts.labels {
            if !is_static_list(&l.expr) {
                return Err(fail(
                    l.expr.span,
                    "Invalid expression",
                    "A static list expression is required.",
                ));
            }
        }
        let for_each = parts.for_each;
        let collection = evaluate_typed(&for_each.expr, self.ctx);
        let unknown = collection.as_ref().is_ok_and(|c| !c.is_known());
        let keep = (self.keep_unknown || self.ctx.mode() == EvalMode::PreserveTemplates) && unknown
            || collection.is_err();
        if self.in_content > 0 {
            self.iterated = false;
        }
        if keep {
            self.iterated = false;
            // Template-preserving mode: a `for_each` that refers to what
            // is not known here keeps the block as written, as a template
            // that cannot be evaluated stays a template.
            let mut copy = self.copy();
            out.push(Structure::Block(Block {
                ident: copy.fold_ident(&d.ident),
                labels: self
                    .arena
                    .alloc_iter(d.labels.iter().map(|l| copy.fold_block_label(l))),
                body: copy.fold_body(&d.body),
            }));
            return Ok(());
        }
        let elements = elements(&collection?, for_each.expr.span)?;
        if elements.is_empty() {
            self.iterated = false;
        }
        for (key, value) in elements {
            let it = Element {
                key: crate::syntax::value_to_expression(&key, self.arena),
                value: crate::syntax::value_to_expression(&value, self.arena),
                object: {
                    let mut o = crate::value::Map::with_capacity(2);
                    o.insert("key", key);
                    o.insert("value", value);
                    crate::syntax::value_to_expression(&Value::Object(o), self.arena)
                },
            };
            let mut subst = Subst {
                arena: self.arena,
                name: iterator,
                it: Some(it),
                active: true,
            };
            let labels = match parts.labels {
                None => &[][..],
                Some(l) => {
                    let e = subst.fold_expr(&l.expr);
                    let v = evaluate_typed(&e, self.ctx)?;
                    self.block_labels(&v, want, l.expr.span)?
                }
            };
            let content = subst.fold_body(&parts.content.body);
            self.in_content += 1;
            let body = self.body(&content, depth + 1);
            self.in_content -= 1;
            let body = body?;
            out.push(Structure::Block(Block {
                ident: Ident::new(self.arena.alloc_str(name), ty.span()),
                labels,
                body,
            }));
        }
        Ok(())
    }

    /// A generated block's labels: `want` strings.
    fn block_labels(&self, v: &Typed, want: usize, span: Span) -> Result<&'b [BlockLabel<'b>]> {
        if !v.is_known() {
            return Err(fail(
                span,
                "invalid dynamic block labels",
                "the labels are not known yet",
            ));
        }
        let Value::Array(items) = v.value() else {
            return Err(fail(
                span,
                "invalid dynamic block labels",
                "a list of strings is required",
            ));
        };
        if items.len() < want {
            return Err(fail(
                span,
                "insufficient dynamic block labels",
                format_args!("{want} required, {} given", items.len()),
            ));
        }
        if items.len() > want {
            return Err(fail(
                span,
                "extraneous dynamic block labels",
                format_args!("{want} expected, {} given", items.len()),
            ));
        }
        let mut out = Vec::with_capacity(items.len());
        for l in items {
            let text = match l {
                Value::Null => {
                    return Err(fail(
                        span,
                        "invalid dynamic block label",
                        "a label cannot be null",
                    ))
                }
                Value::String(s) => s.to_string(),
                Value::Number(n) => n.to_plain_string(),
                Value::Bool(b) => b.to_string(),
                _ => {
                    return Err(fail(
                        span,
                        "invalid dynamic block label",
                        "cannot use this value as a dynamic block label: string required",
                    ))
                }
            };
            out.push(BlockLabel::String {
                value: self.arena.alloc_str(&text),
                span,
            });
        }
        Ok(self.arena.alloc_slice(&out))
    }
}

/// What a `dynamic` block holds.
struct Parts<'t, 'a> {
    for_each: &'t Attribute<'a>,
    iterator: Option<&'t Attribute<'a>>,
    labels: Option<&'t Attribute<'a>>,
    content: &'t Block<'a>,
}

impl<'t, 'a> Parts<'t, 'a> {
    fn of(d: &'t Block<'a>) -> Result<Parts<'t, 'a>> {
        let (mut for_each, mut iterator, mut labels, mut content) = (None, None, None, None);
        for s in d.body.structures {
            match s {
                Structure::Attribute(a) => match a.name.name {
                    "for_each" => for_each = Some(a),
                    "iterator" => iterator = Some(a),
                    "labels" => labels = Some(a),
                    other => {
                        return Err(fail(
                            a.name.span, "unsupported argument", format_args!("`{other}` is not expected in a dynamic block (for_each, iterator, labels and a content block are)"),
                        ))
                    }
                },
                Structure::Block(b) if b.ident.name == "content" => {
                    if let Some(l) = b.labels.first() {
                        return Err(fail(
                            l.span(), "extraneous label for content", "a content block has no labels",
                        ));
                    }
                    if content.is_some() {
                        return Err(fail(
                            b.ident.span, "extraneous dynamic content block", "a dynamic block has one content block",
                        ));
                    }
                    content = Some(b);
                }
                Structure::Block(b) => {
                    return Err(fail(
                        b.ident.span, "unsupported block type", format_args!("a `{}` block is not expected in a dynamic block (only content is)", b.ident.name),
                    ))
                }
            }
        }
        let for_each = for_each.ok_or_else(|| {
            fail(
                d.ident.span,
                "missing required argument",
                "a dynamic block needs `for_each`",
            )
        })?;
        let content = content.ok_or_else(|| {
            fail(
                d.ident.span,
                "missing dynamic content block",
                "a dynamic block needs a `content` block",
            )
        })?;
        Ok(Parts {
            for_each,
            iterator,
            labels,
            content,
        })
    }
}

/// The `(key, value)` pairs `for_each` iterates, in cty's order: a list's
/// or tuple's index; a map's or object's key (keys in byte order); a set's
/// element itself.
fn elements(c: &Typed, span: Span) -> Result<Vec<(Value, Value)>> {
    if c.is_unknown() {
        return Err(fail(
            span,
            "invalid dynamic for_each value",
            "the value is not known yet, so the number of blocks it generates is unknown",
        ));
    }
    if !c.is_known() {
        return Err(fail(
            span,
            "invalid dynamic for_each value",
            "it holds values not known yet, so the blocks it generates are unknown",
        ));
    }
    let kind = match c.value() {
        Value::Null => {
            return Err(fail(
                span,
                "invalid dynamic for_each value",
                "cannot use a null value in for_each",
            ))
        }
        Value::Bool(_) => "a bool",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(items) => {
            let set = matches!(c.ty(), Type::Set(_));
            return Ok(items
                .iter()
                .enumerate()
                .map(|(i, v)| {
                    let key = if set {
                        v.clone()
                    } else {
                        Value::from(i as u64)
                    };
                    (key, v.clone())
                })
                .collect());
        }
        Value::Object(o) => {
            let mut pairs: Vec<(Value, Value)> = o
                .iter()
                .map(|(k, v)| (Value::from(k.as_str()), v.clone()))
                .collect();
            pairs.sort_by(|a, b| a.0.as_str().cmp(&b.0.as_str()));
            return Ok(pairs);
        }
    };
    Err(fail(
        span,
        "invalid dynamic for_each value",
        format_args!("cannot use {kind} value in for_each; an iterable collection is required"),
    ))
}

/// Copies a tree, replacing the iterator `name` by its element (`it`)
/// where that name is in scope: not inside a `for` expression or
/// `%{for}` directive that binds the same name, nor in a nested `dynamic`
/// block whose iterator has the same name (except its `for_each`).
struct Subst<'b> {
    arena: &'b Arena,
    name: &'b str,
    it: Option<Element<'b>>,
    active: bool,
}

/// The iterator's value, as literal expressions: the whole
/// `{key = ..., value = ...}` object and its two attributes (so
/// `setting.value` becomes the value itself).
#[derive(Clone, Copy)]
struct Element<'b> {
    object: Expression<'b>,
    key: Expression<'b>,
    value: Expression<'b>,
}

impl<'b> Subst<'b> {
    /// `f` with substitution off (`name` is shadowed there).
    fn shadowed<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        let was = std::mem::replace(&mut self.active, false);
        let out = f(self);
        self.active = was;
        out
    }

    fn binds(&self, key: Option<&Ident<'_>>, value: &Ident<'_>) -> bool {
        self.active && (value.name == self.name || key.is_some_and(|k| k.name == self.name))
    }

    /// The iterator name of a nested `dynamic` block.
    fn iterator_of<'x>(b: &Block<'x>) -> Option<&'x str> {
        match b.body.attribute("iterator").map(|a| a.expr.kind) {
            Some(ExprKind::Variable(n)) => Some(n),
            Some(_) => None,
            None => b.labels.first().map(|l| l.as_str()),
        }
    }
}

impl<'b> Fold<'b> for Subst<'b> {
    fn arena(&self) -> &'b Arena {
        self.arena
    }

    fn fold_expr(&mut self, e: &Expression<'_>) -> Expression<'b> {
        match e.kind {
            ExprKind::Variable(n) if self.active && n == self.name => match self.it {
                Some(it) => Expression::new(it.object.kind, e.span),
                None => fold_expr(self, e),
            },
            ExprKind::Traversal(t) if self.active && self.it.is_some() => {
                let (ExprKind::Variable(n), Some(first)) = (t.expr.kind, t.operators.first())
                else {
                    return fold_expr(self, e);
                };
                let part = match (&first.kind, self.it) {
                    (TraversalOperatorKind::GetAttr(a), Some(it)) if n == self.name => {
                        match a.name {
                            "key" => it.key,
                            "value" => it.value,
                            _ => return fold_expr(self, e),
                        }
                    }
                    _ => return fold_expr(self, e),
                };
                let span = t.expr.span.to(first.span);
                let root = Expression::new(part.kind, span);
                let rest = &t.operators[1..];
                if rest.is_empty() {
                    return root;
                }
                // The remaining operators, over the element's part.
                let tail = crate::syntax::Traversal {
                    expr: Expression::new(ExprKind::Null, span),
                    operators: rest,
                };
                let whole = Expression::new(ExprKind::Traversal(&tail), e.span);
                let copied = fold_expr(self, &whole);
                match copied.kind {
                    ExprKind::Traversal(ct) => Expression::new(
                        ExprKind::Traversal(self.arena.alloc(crate::syntax::Traversal {
                            expr: root,
                            operators: ct.operators,
                        })),
                        e.span,
                    ),
                    _ => copied,
                }
            }
            ExprKind::For(x) if self.binds(x.key_var.as_ref(), &x.value_var) => {
                let collection = self.fold_expr(&x.collection);
                let arena = self.arena;
                let rest = self.shadowed(|f| {
                    (
                        x.key_var.map(|i| f.fold_ident(&i)),
                        f.fold_ident(&x.value_var),
                        x.key_expr.map(|k| f.fold_expr(&k)),
                        f.fold_expr(&x.value_expr),
                        x.cond.map(|c| f.fold_expr(&c)),
                    )
                });
                Expression::new(
                    ExprKind::For(arena.alloc(ForExpr {
                        key_var: rest.0,
                        value_var: rest.1,
                        collection,
                        key_expr: rest.2,
                        value_expr: rest.3,
                        cond: rest.4,
                        grouping: x.grouping,
                    })),
                    e.span,
                )
            }
            _ => fold_expr(self, e),
        }
    }

    fn fold_element(&mut self, el: &TemplateElement<'_>) -> TemplateElement<'b> {
        match el {
            TemplateElement::Directive(Directive::For(d))
                if self.binds(d.key_var.as_ref(), &d.value_var) =>
            {
                let collection = self.fold_expr(&d.collection);
                let (key_var, value_var, template) = self.shadowed(|f| {
                    (
                        d.key_var.map(|i| f.fold_ident(&i)),
                        f.fold_ident(&d.value_var),
                        f.fold_template(&d.template),
                    )
                });
                TemplateElement::Directive(self.arena.alloc(Directive::For(ForDirective {
                    key_var,
                    value_var,
                    collection,
                    template,
                    for_strip: d.for_strip,
                    endfor_strip: d.endfor_strip,
                    span: d.span,
                })))
            }
            _ => fold_element(self, el),
        }
    }

    fn fold_body(&mut self, b: &Body<'_>) -> Body<'b> {
        let shadows = |bl: &Block<'_>| {
            bl.ident.name == "dynamic" && Subst::iterator_of(bl) == Some(self.name)
        };
        if !self.active || !b.blocks().any(shadows) {
            return fold_body(self, b);
        }
        // A nested `dynamic` block with the same iterator: only its
        // `for_each` sees this one.
        let arena = self.arena;
        let structures = arena.alloc_iter(b.structures.iter().map(|s| match s {
            Structure::Block(bl) if shadows(bl) => {
                let inner = arena.alloc_iter(bl.body.structures.iter().map(|s| match s {
                    Structure::Attribute(a) if a.name.name == "for_each" => {
                        Structure::Attribute(Attribute {
                            name: self.fold_ident(&a.name),
                            expr: self.fold_expr(&a.expr),
                        })
                    }
                    other => self.shadowed(|f| fold_structure(f, other)),
                }));
                Structure::Block(Block {
                    ident: self.fold_ident(&bl.ident),
                    labels: arena.alloc_iter(bl.labels.iter().map(|l| self.fold_block_label(l))),
                    body: Body {
                        structures: inner,
                        span: bl.body.span,
                    },
                })
            }
            other => fold_structure(self, other),
        }));
        Body {
            structures,
            span: b.span,
        }
    }
}

/// One attribute or block copied with `f` (as [`fold_body`] copies each).
fn fold_structure<'b>(f: &mut Subst<'b>, s: &Structure<'_>) -> Structure<'b> {
    fold_body(
        f,
        &Body {
            structures: std::slice::from_ref(s),
            span: Span::default(),
        },
    )
    .structures[0]
}
