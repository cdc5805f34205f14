//! Comparing syntax trees while ignoring spans: a [`Fold`] that copies a
//! tree without its layout.

use crate::error::Span;
use crate::syntax::*;

/// Whether two bodies are equal apart from their spans (and apart from how
/// template literal text is split into pieces).
///
/// This is the comparison behind "parse, print, parse gives the same tree".
///
/// ```
/// let a = hcl::parse("a = 1\n").unwrap();
/// let b = hcl::parse("\n\na    =    1").unwrap();
/// assert_ne!(a, b);
/// assert!(hcl::format::eq_ignoring_spans(a.body(), b.body()));
/// ```
pub fn eq_ignoring_spans(a: &Body<'_>, b: &Body<'_>) -> bool {
    let arena = Arena::new();
    clear_spans(a, &arena) == clear_spans(b, &arena)
}

/// Like [`eq_ignoring_spans`] for expressions.
///
/// ```
/// use hcl::format::expr_eq_ignoring_spans;
/// let a = hcl::parser::parse_expression("[1,2]").unwrap();
/// let b = hcl::parser::parse_expression("[\n  1,\n  2,\n]").unwrap();
/// let c = hcl::parser::parse_expression("[1, 3]").unwrap();
/// assert!(expr_eq_ignoring_spans(a.expr(), b.expr()));
/// assert!(!expr_eq_ignoring_spans(a.expr(), c.expr()));
/// ```
pub fn expr_eq_ignoring_spans(a: &Expression<'_>, b: &Expression<'_>) -> bool {
    let arena = Arena::new();
    let mut clear = ClearSpans(&arena);
    clear.fold_expr(a) == clear.fold_expr(b)
}

/// A copy of `body` in `arena` with every span `0..0`, adjacent template
/// literals merged (empty ones dropped) and identifier block labels turned
/// into quoted ones (`b x {}` and `b "x" {}` mean the same; the printer
/// quotes every label, as `terraform fmt` does), so that trees that differ
/// only in layout compare equal. A tree without spans is also what the
/// printer lays out afresh.
///
/// ```
/// let arena = hcl::syntax::Arena::new();
/// let file = hcl::parse("b x {\n  a = 1\n}\n").unwrap();
/// let clear = hcl::format::clear_spans(file.body(), &arena);
/// assert_eq!(clear.structures[0].span(), hcl::Span::default());
/// ```
pub fn clear_spans<'b>(body: &Body<'_>, arena: &'b Arena) -> Body<'b> {
    ClearSpans(arena).fold_body(body)
}

/// The fold behind [`clear_spans`].
struct ClearSpans<'b>(&'b Arena);

impl<'b> Fold<'b> for ClearSpans<'b> {
    fn arena(&self) -> &'b Arena {
        self.0
    }

    fn fold_span(&mut self, _: Span) -> Span {
        Span::default()
    }

    fn fold_block_label(&mut self, l: &BlockLabel<'_>) -> BlockLabel<'b> {
        BlockLabel::String {
            value: self.fold_str(l.as_str()),
            span: Span::default(),
        }
    }

    fn fold_template(&mut self, t: &Template<'_>) -> Template<'b> {
        let mut out: Vec<Element<'b>> = Vec::with_capacity(t.elements.len());
        let mut text = String::new();
        for el in t.elements {
            match el {
                Element::Literal(l) => text.push_str(l.value),
                _ => {
                    if !text.is_empty() {
                        out.push(self.literal(&text));
                        text.clear();
                    }
                    out.push(self.fold_element(el));
                }
            }
        }
        if !text.is_empty() {
            out.push(self.literal(&text));
        }
        Template {
            elements: self.0.alloc_slice(&out),
            span: Span::default(),
        }
    }
}

impl<'b> ClearSpans<'b> {
    fn literal(&mut self, text: &str) -> Element<'b> {
        Element::Literal(Literal {
            value: self.0.alloc_str(text),
            span: Span::default(),
        })
    }
}
