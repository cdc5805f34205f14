//! The two walkers: `Visit` (reading) and `Fold` (rebuilding in an arena).

use hcl::syntax::{walk_expr, Arena, ExprKind, Expression, Fold, Ident, Visit};

/// Counts expressions and identifiers.
#[derive(Default)]
struct Count {
    exprs: usize,
    idents: usize,
}

impl<'a> Visit<'a> for Count {
    fn visit_expr(&mut self, e: &'a Expression<'a>) {
        self.exprs += 1;
        walk_expr(self, e);
    }
    fn visit_ident(&mut self, _: &'a Ident<'a>) {
        self.idents += 1;
    }
}

#[test]
fn visit_sees_every_part() {
    let src = "a = f(x.y[1], \"${z}\")\nb \"l\" {\n  c = {k = [for i in l : i if i > 0]}\n}\n";
    let file = hcl::parse(src).unwrap();
    let mut c = Count::default();
    c.visit_body(file.body());
    // Expressions: f(...), x.y[1], x, 1, "${z}", z, {k = ...}, [for ...],
    // l, i, i > 0 (the chain), i, 0.
    assert_eq!(c.exprs, 13);
    // Identifiers: a, f, y, b, c, k, i.
    assert_eq!(c.idents, 7);
}

#[test]
fn walkers_do_not_recurse_per_operator() {
    let n = 100_000;
    let mut src = String::from("a = x");
    for _ in 0..n {
        src.push_str(" + 1");
    }
    src.push('\n');
    let file = hcl::parse(&src).unwrap();
    let mut c = Count::default();
    c.visit_body(file.body());
    assert_eq!(c.exprs, n + 2);

    struct Plain<'b>(&'b Arena);
    impl<'b> Fold<'b> for Plain<'b> {
        fn arena(&self) -> &'b Arena {
            self.0
        }
    }
    let arena = Arena::new();
    let copy = Plain(&arena).fold_body(file.body());
    assert_eq!(copy, *file.body());
}

#[test]
fn fold_changes_what_it_copies() {
    struct Negate<'b>(&'b Arena);
    impl<'b> Fold<'b> for Negate<'b> {
        fn arena(&self) -> &'b Arena {
            self.0
        }
        fn fold_expr(&mut self, e: &Expression<'_>) -> Expression<'b> {
            match e.kind {
                ExprKind::Bool(b) => Expression::new(ExprKind::Bool(!b), e.span),
                _ => hcl::syntax::fold_expr(self, e),
            }
        }
    }
    let file = hcl::parse("a = [true, {b = false}]\n").unwrap();
    let arena = Arena::new();
    let body = Negate(&arena).fold_body(file.body());
    let want = hcl::parse("a = [false, {b = true}]\n").unwrap();
    assert!(hcl::format::eq_ignoring_spans(&body, want.body()));
    assert!(!hcl::format::eq_ignoring_spans(&body, file.body()));
}
