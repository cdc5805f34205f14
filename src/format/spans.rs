//! Comparing syntax trees while ignoring spans.

use crate::syntax::copy::Copier;
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
pub fn expr_eq_ignoring_spans(a: &Expression<'_>, b: &Expression<'_>) -> bool {
    let arena = Arena::new();
    let c = Copier {
        arena: &arena,
        normalize: true,
    };
    c.expr(a) == c.expr(b)
}

/// A copy of `body` in `arena` with every span `0..0`, adjacent template
/// literals merged and identifier block labels turned into quoted ones
/// (`b x {}` and `b "x" {}` mean the same; the printer quotes every label,
/// as `terraform fmt` does), so that trees that differ only in layout
/// compare equal. A tree without spans is also what the printer lays out
/// afresh (nodes parsed from another text and inserted into a tree).
///
/// ```
/// let arena = hcl::syntax::Arena::new();
/// let file = hcl::parse("b x {\n  a = 1\n}\n").unwrap();
/// let clear = hcl::format::clear_spans(file.body(), &arena);
/// assert_eq!(clear.structures[0].span(), hcl::Span::default());
/// ```
pub fn clear_spans<'b>(body: &Body<'_>, arena: &'b Arena) -> Body<'b> {
    Copier {
        arena,
        normalize: true,
    }
    .body(body)
}
