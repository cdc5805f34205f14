//! `Debug` and `PartialEq` for binary operations, which walk long
//! left-nested chains (`a + b + c + ...`) without recursing per operator.

use super::*;

/// The left-nested chain below `op`: `op` first, then each binary left
/// operand with the span of the expression holding it; and the leftmost
/// operand that is not binary.
fn left_spine<'o, 'a>(op: &'o BinaryOp<'a>) -> (Vec<(&'o BinaryOp<'a>, Span)>, &'o Expression<'a>) {
    let (leftmost, below) = op.lhs.binary_chain();
    let mut spine = Vec::with_capacity(below.len() + 1);
    spine.push((op, Span::default()));
    spine.extend(below.into_iter().map(|(span, b)| (b, span)));
    (spine, leftmost)
}

impl std::fmt::Debug for BinaryOp<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (spine, leftmost) = left_spine(self);
        if spine.len() == 1 {
            return f
                .debug_struct("BinaryOp")
                .field("lhs", &self.lhs)
                .field("operator", &self.operator)
                .field("operator_span", &self.operator_span)
                .field("rhs", &self.rhs)
                .finish();
        }
        let ops: Vec<_> = spine
            .iter()
            .rev()
            .map(|(b, _)| (b.operator, b.operator_span, &b.rhs))
            .collect();
        f.debug_struct("BinaryOp")
            .field("lhs", leftmost)
            .field("chain", &ops)
            .finish()
    }
}

impl PartialEq for BinaryOp<'_> {
    /// Compares 100,000-term chains without deep recursion.
    fn eq(&self, other: &Self) -> bool {
        let (a, a_left) = left_spine(self);
        let (b, b_left) = left_spine(other);
        a.len() == b.len()
            && a.iter().zip(&b).enumerate().all(|(i, ((x, xs), (y, ys)))| {
                (i == 0 || xs == ys)
                    && x.operator == y.operator
                    && x.operator_span == y.operator_span
                    && x.rhs == y.rhs
            })
            && a_left == b_left
    }
}
