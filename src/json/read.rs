//! HCL's JSON syntax (`json-spec.md`) read into the native syntax tree,
//! so that evaluation, serde and errors work on it as on any native file.
//!
//! The root object is a body whose properties are all attributes (the
//! target type decides later what is a block: see `super`); a property
//! named `"//"` there is a comment and is dropped. Values become the
//! expressions the spec maps them to: strings are standalone templates
//! (`"${a + b}"` is the value of `a + b`, `"$${x}"` the text `${x}`),
//! numbers exact, arrays tuples, objects objects whose property names are
//! templates too. A property an object defines more than once keeps every
//! definition, in order ([`merge_repeated`](super::repeated::merge_repeated)).
//! Spans are those of the JSON text, so errors have its lines and columns.

use crate::error::{Error, ErrorKind, Result};
use crate::parser::ParseOptions;
use crate::syntax::Span;
use crate::syntax::{
    fold_template, Arena, Attribute, Body, ExprKind, Expression, Fold, Ident, NumberLit,
    ObjectItem, ObjectKey, ObjectSeparator, Structure, TemplateExpr, TemplateKind,
};
use crate::value::json::{Kind, Node};
use crate::value::Number;

/// The body a JSON document's root object stands for.
pub(crate) fn body<'a>(
    root: &Node<'_>,
    arena: &'a Arena,
    src: &'a str,
    options: &ParseOptions,
) -> Result<Body<'a>> {
    let Kind::Object(props) = &root.kind else {
        return Err(Error::at(
            ErrorKind::Parse,
            "a file in HCL's JSON syntax must hold one JSON object",
            root.span,
            src,
        ));
    };
    let r = Reader {
        arena,
        src,
        options,
    };
    let mut structures: Vec<Structure<'a>> = Vec::with_capacity(props.len());
    for (key, key_span, value) in props {
        if key == "//" {
            continue;
        }
        structures.push(Structure::Attribute(Attribute {
            name: Ident::new(arena.alloc_str(key), *key_span),
            expr: r.expr(value)?,
        }));
    }
    Ok(Body {
        structures: arena.alloc_slice(&structures),
        span: Span::new(0, src.len()),
    })
}

struct Reader<'a, 'o> {
    arena: &'a Arena,
    src: &'a str,
    options: &'o ParseOptions,
}

impl<'a> Reader<'a, '_> {
    fn expr(&self, node: &Node<'_>) -> Result<Expression<'a>> {
        crate::stack::with_stack(|| {
            let arena = self.arena;
            let kind = match &node.kind {
                Kind::Null => ExprKind::Null,
                Kind::Bool(b) => ExprKind::Bool(*b),
                Kind::Number(raw) => {
                    let n = Number::parse(raw).ok_or_else(|| {
                        Error::at(ErrorKind::Parse, "invalid number", node.span, self.src)
                    })?;
                    ExprKind::Number(arena.alloc(NumberLit::new(arena, &n, arena.alloc_str(raw))))
                }
                Kind::String(s) => return self.string(s, node.span),
                Kind::Array(items) | Kind::Repeated(items) => ExprKind::Tuple(
                    arena.alloc_slice(
                        &items
                            .iter()
                            .map(|x| self.expr(x))
                            .collect::<Result<Vec<_>>>()?,
                    ),
                ),
                Kind::Object(props) => {
                    let mut items = Vec::with_capacity(props.len());
                    for (k, span, v) in props {
                        items.push(ObjectItem {
                            key: ObjectKey::Expression(self.string(k, *span)?),
                            value: self.expr(v)?,
                            separator: ObjectSeparator::Colon,
                        });
                    }
                    ExprKind::Object(arena.alloc_slice(&items))
                }
            };
            Ok(Expression::new(kind, node.span))
        })
    }

    /// A JSON string: a literal, or a standalone template when it has a
    /// template sequence (`${`, `%{`, or their escapes `$${`, `%%{`).
    fn string(&self, s: &str, span: Span) -> Result<Expression<'a>> {
        let arena = self.arena;
        if !s.contains("${") && !s.contains("%{") {
            // A literal as a template's literal is: NFC-normalised.
            let text = crate::parser::template::nfc(std::borrow::Cow::Borrowed(s));
            return Ok(Expression::new(
                ExprKind::String(arena.alloc_str(&text)),
                span,
            ));
        }
        let text = arena.alloc_str(s);
        // Where the template's text starts in the JSON source, when the
        // string has no escape (else its positions are the string's).
        let raw = self.src.get(span.start() + 1..span.end().saturating_sub(1));
        let exact = raw == Some(s);
        let template =
            crate::parser::parse_template_in(arena, text, self.options).map_err(|e| {
                let at = match (exact, e.span()) {
                    (true, Some(sp)) => {
                        Span::new(sp.start() + span.start() + 1, sp.end() + span.start() + 1)
                    }
                    _ => span,
                };
                e.bare().at_span(at).with_source(self.src)
            })?;
        let mut shift = Shift {
            arena,
            by: span.start + 1,
            exact,
            within: span,
        };
        let template = fold_template(&mut shift, &template);
        Ok(Expression::new(
            ExprKind::Template(arena.alloc(TemplateExpr {
                kind: TemplateKind::Quoted,
                template,
            })),
            span,
        ))
    }
}

/// Moves a template's spans from its string's text into the JSON source
/// (or onto the whole string, when escapes make positions inexact).
struct Shift<'a> {
    arena: &'a Arena,
    by: u32,
    exact: bool,
    within: Span,
}

impl<'a> Fold<'a> for Shift<'a> {
    fn arena(&self) -> &'a Arena {
        self.arena
    }

    fn fold_span(&mut self, span: Span) -> Span {
        if self.exact {
            Span {
                start: span.start.saturating_add(self.by),
                end: span.end.saturating_add(self.by),
            }
        } else {
            self.within
        }
    }
}
