//! Values as syntax: the expression a value is written as.

use super::lexical::is_ident;
use super::{
    Arena, ExprKind, Expression, Ident, NumberLit, ObjectItem, ObjectKey, ObjectSeparator, Span,
};
use crate::value::Value;

/// The expression that evaluates to `v`, built in `arena` (strings stay
/// literal strings; object keys that are identifiers stay bare).
///
/// ```
/// use hcl::eval::Evaluate;
/// let arena = hcl::syntax::Arena::new();
/// let v = hcl::Value::from_iter([("a", hcl::Value::from(vec![1, 2]))]);
/// let e = hcl::syntax::value_to_expression(&v, &arena);
/// assert_eq!(e.evaluate(&hcl::eval::Context::empty()).unwrap(), v);
/// ```
pub fn value_to_expression<'b>(v: &Value, arena: &'b Arena) -> Expression<'b> {
    let sp = Span::default();
    let kind = match v {
        Value::Null => ExprKind::Null,
        Value::Bool(b) => ExprKind::Bool(*b),
        Value::Number(n) => {
            ExprKind::Number(arena.alloc(NumberLit::new(arena, n, arena.alloc_str(&n.to_string()))))
        }
        Value::String(s) => ExprKind::String(arena.alloc_str(s)),
        Value::Array(a) => {
            ExprKind::Tuple(arena.alloc_iter(a.iter().map(|v| value_to_expression(v, arena))))
        }
        Value::Object(o) => ExprKind::Object(arena.alloc_iter(o.iter().map(|(k, v)| {
            let k = arena.alloc_str(k);
            ObjectItem {
                key: if is_ident(k) {
                    ObjectKey::Ident(Ident::new(k, sp))
                } else {
                    ObjectKey::Expression(Expression::new(ExprKind::String(k), sp))
                },
                value: value_to_expression(v, arena),
                separator: ObjectSeparator::Equals,
            }
        }))),
    };
    Expression::new(kind, sp)
}
