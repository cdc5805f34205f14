//! Expressions: literals, collections, operators, traversals, calls, `for`.
use hcl::parser::parse_expression;
use hcl::syntax::*;

fn e(src: &str) -> Expression<'_> {
    parse_expression(src).unwrap_or_else(|err| panic!("{src:?}: {err}"))
}

#[test]
fn smoke() {
    let x = e("a + b * c");
    match &x.kind {
        ExprKind::Binary(b) => {
            assert_eq!(b.operator, BinaryOperator::Add);
            assert!(
                matches!(&b.rhs.kind, ExprKind::Binary(m) if m.operator == BinaryOperator::Mul)
            );
        }
        k => panic!("{k:?}"),
    }
}
