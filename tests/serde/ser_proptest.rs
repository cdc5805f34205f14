//! Property tests: arbitrary values and expression trees survive
//! `to_string` → parse → evaluate unchanged.

use crate::common;
use common::as_f64s;
use hcl::eval::{Context, Evaluate};
use hcl::syntax::*;
use hcl::{Number, Span, Value};
use proptest::prelude::*;

// ---------------------------------------------------------------- values

fn text() -> impl Strategy<Value = String> {
    // Characters that need escaping or look like template syntax, plus a
    // little non-ASCII and a control character.
    proptest::collection::vec(
        prop_oneof![
            Just('a'),
            Just(' '),
            Just('$'),
            Just('%'),
            Just('{'),
            Just('}'),
            Just('"'),
            Just('\\'),
            Just('\n'),
            Just('\t'),
            Just('\r'),
            Just('é'),
            Just('\u{1}'),
            Just('E'),
            Just('O'),
            Just('T'),
        ],
        0..24,
    )
    .prop_map(|v| v.into_iter().collect())
}

fn number() -> impl Strategy<Value = Number> {
    prop_oneof![
        any::<u64>().prop_map(Number::from),
        any::<i64>().prop_map(Number::from),
        (-1e12f64..1e12f64)
            .prop_filter("not -0", |f| *f != 0.0)
            .prop_map(Number::from),
        // `-0` reads back as `0`.
        any::<f64>()
            .prop_filter("finite, not -0", |f| f.is_finite() && *f != 0.0)
            .prop_map(Number::from),
    ]
}

fn key() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-z][a-z0-9_-]{0,6}",
        text(),
        Just("for".to_string()),
        Just("null".to_string()),
    ]
}

fn value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        number().prop_map(Value::Number),
        text().prop_map(Value::from),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            proptest::collection::vec((key(), inner), 0..5)
                .prop_map(|kv| Value::Object(kv.into_iter().collect())),
        ]
    })
}

fn body_value() -> impl Strategy<Value = Value> {
    proptest::collection::vec(("[a-z][a-z0-9_]{0,6}", value()), 0..6)
        .prop_map(|kv| Value::Object(kv.into_iter().collect()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn values_survive_to_string_and_evaluation(v in body_value()) {
        let text = hcl::to_string(&v).unwrap();
        let back = hcl::eval::evaluate_body_str(&text, &Context::new())
            .unwrap_or_else(|e| panic!("{e}\n{text}"));
        prop_assert_eq!(as_f64s(&back), as_f64s(&v), "{}", text);
        // Printing is a fixed point.
        prop_assert_eq!(hcl::to_string(&back).unwrap(), text);
    }

    #[test]
    fn value_display_evaluates_to_the_value(v in value()) {
        let text = v.to_string();
        let back = hcl::eval::evaluate_str(&text, &Context::new())
            .unwrap_or_else(|e| panic!("{e}\n{text}"));
        prop_assert_eq!(as_f64s(&back), as_f64s(&v), "{}", text);
    }
}

// ----------------------------------------------------------- expressions

// Trees live in an arena now, so a generated expression is an owning
// `ParsedExpression<'static>` (no source text, spans 0..0); composite nodes
// copy their generated children into a fresh arena and are copied out again.
type P = ParsedExpression<'static>;

const SP: Span = Span { start: 0, end: 0 };

fn build(f: impl for<'a> FnOnce(&'a Arena) -> Expression<'a>) -> P {
    let arena = Arena::new();
    let e = f(&arena);
    ParsedExpression::from_tree(&e)
}

fn ex(kind: ExprKind<'_>) -> Expression<'_> {
    Expression::new(kind, SP)
}

fn ident<'a>(a: &'a Arena, name: &str) -> Ident<'a> {
    Ident::new(a.alloc_str(name), SP)
}

fn paren<'a>(a: &'a Arena, e: Expression<'a>) -> Expression<'a> {
    ex(ExprKind::Parenthesis(a.alloc(e)))
}

fn number_expr(value: Number, raw: String) -> P {
    build(|a| {
        ex(ExprKind::Number(a.alloc(NumberLit::new(
            a,
            &value,
            a.alloc_str(&raw),
        ))))
    })
}

fn literal_expr() -> impl Strategy<Value = P> {
    prop_oneof![
        Just(build(|_| ex(ExprKind::Null))),
        any::<bool>().prop_map(|b| build(|_| ex(ExprKind::Bool(b)))),
        (0u32..100000).prop_map(|n| number_expr(Number::from(n), n.to_string())),
        (0u32..1000, 1u32..100).prop_map(|(a, b)| {
            let raw = format!("{a}.{b}");
            number_expr(Number::parse_literal(&raw).unwrap(), raw)
        }),
        text().prop_map(|s| build(|a| ex(ExprKind::String(a.alloc_str(&s))))),
        prop_oneof![Just("a"), Just("b"), Just("c"), Just("d")]
            .prop_map(|v| build(|a| ex(ExprKind::Variable(a.alloc_str(v))))),
    ]
}

/// Template literal text that the printer can write next to an
/// interpolation (a `$` right before `${` has no spelling in HCL).
fn template(inner: BoxedStrategy<P>) -> impl Strategy<Value = P> {
    proptest::collection::vec((text(), inner), 1..3).prop_flat_map(|parts| {
        text().prop_map(move |tail| {
            build(|a| {
                let mut elements = Vec::new();
                for (lit, e) in &parts {
                    let lit = lit.trim_end_matches('$');
                    if !lit.is_empty() {
                        elements.push(Element::Literal(Literal {
                            value: a.alloc_str(lit),
                            span: SP,
                        }));
                    }
                    elements.push(Element::Interpolation(Interpolation {
                        expr: e.expr().copy_in(a),
                        strip: Strip::default(),
                        span: SP,
                    }));
                }
                if !tail.is_empty() {
                    elements.push(Element::Literal(Literal {
                        value: a.alloc_str(&tail),
                        span: SP,
                    }));
                }
                ex(ExprKind::Template(a.alloc(TemplateExpr {
                    kind: TemplateKind::Quoted,
                    template: Template {
                        elements: a.alloc_slice(&elements),
                        span: SP,
                    },
                })))
            })
        })
    })
}

/// An object key as generated (built into the tree's arena later).
#[derive(Clone, Debug)]
enum Key {
    Ident(String),
    String(String),
}

/// A traversal operator as generated (built into the tree's arena later).
#[derive(Clone, Debug)]
enum Op {
    GetAttr(&'static str),
    LegacyIndex(u64),
    FullSplat,
    AttrSplat,
    Index(P),
}

/// Expressions that print as one operand: literals, variables, calls,
/// collections, parenthesised expressions.
fn expr() -> impl Strategy<Value = P> {
    literal_expr().prop_recursive(4, 64, 4, |inner| {
        let boxed = inner.clone().boxed();
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..4).prop_map(|v| build(|a| ex(
                ExprKind::Tuple(a.alloc_iter(v.iter().map(|e| e.expr().copy_in(a))))
            ))),
            proptest::collection::vec(
                (
                    prop_oneof![
                        "[a-z][a-z0-9_]{0,4}"
                            .prop_filter("keyword", |k| !matches!(k.as_str(), "for" | "in" | "if"))
                            .prop_map(Key::Ident),
                        text().prop_map(Key::String),
                    ],
                    inner.clone(),
                ),
                0..4
            )
            .prop_map(|kv| build(|a| ex(ExprKind::Object(a.alloc_iter(
                kv.iter().map(|(key, value)| ObjectItem {
                    key: match key {
                        Key::Ident(k) => ObjectKey::Ident(ident(a, k)),
                        Key::String(k) => {
                            ObjectKey::Expression(ex(ExprKind::String(a.alloc_str(k))))
                        }
                    },
                    value: value.expr().copy_in(a),
                    separator: ObjectSeparator::Equals,
                })
            ))))),
            (
                prop_oneof![
                    Just("upper"),
                    Just("length"),
                    Just("max"),
                    Just("concat"),
                    Just("tostring")
                ],
                proptest::collection::vec(inner.clone(), 0..3),
            )
                .prop_map(|(name, args)| build(|a| ex(ExprKind::FuncCall(a.alloc(
                    FuncCall {
                        name: FuncName {
                            namespace: &[],
                            name: ident(a, name),
                        },
                        args: a.alloc_iter(args.iter().map(|e| e.expr().copy_in(a))),
                        expand_final: false,
                        args_span: SP,
                    }
                ))))),
            (
                inner.clone(),
                prop_oneof![
                    Just(BinaryOperator::Add),
                    Just(BinaryOperator::Sub),
                    Just(BinaryOperator::Mul),
                    Just(BinaryOperator::Eq),
                    Just(BinaryOperator::NotEq),
                    Just(BinaryOperator::Less),
                    Just(BinaryOperator::And),
                    Just(BinaryOperator::Or),
                ],
                inner.clone(),
            )
                .prop_map(|(l, op, r)| build(|a| paren(
                    a,
                    ex(ExprKind::Binary(a.alloc(BinaryOp {
                        lhs: l.expr().copy_in(a),
                        operator: op,
                        operator_span: SP,
                        rhs: r.expr().copy_in(a),
                    })))
                ))),
            (
                prop_oneof![Just(UnaryOperator::Neg), Just(UnaryOperator::Not)],
                inner.clone()
            )
                .prop_map(|(op, e)| build(|a| paren(
                    a,
                    ex(ExprKind::Unary(a.alloc(UnaryOp {
                        operator: op,
                        expr: e.expr().copy_in(a),
                    })))
                ))),
            (inner.clone(), inner.clone(), inner.clone()).prop_map(|(c, t, f)| build(|a| paren(
                a,
                ex(ExprKind::Conditional(a.alloc(Conditional {
                    cond: c.expr().copy_in(a),
                    true_expr: t.expr().copy_in(a),
                    false_expr: f.expr().copy_in(a),
                })))
            ))),
            (
                prop_oneof![Just("a"), Just("c"), Just("d")],
                proptest::collection::vec(
                    prop_oneof![
                        Just(Op::GetAttr("k")),
                        Just(Op::LegacyIndex(0)),
                        Just(Op::FullSplat),
                        Just(Op::AttrSplat),
                        inner.clone().prop_map(Op::Index),
                    ],
                    1..3,
                )
                // `a.0.0` does not parse (`0.0` is a number): no legacy
                // index after another.
                .prop_filter("chained legacy index", |ops| {
                    !ops.windows(2).any(|w| {
                        matches!(w[0], Op::LegacyIndex(_)) && matches!(w[1], Op::LegacyIndex(_))
                    })
                })
                // Nested splats (`a.*.*`) are rejected by the parser, as by
                // Terraform: at most one splat.
                .prop_filter("nested splat", |ops| {
                    ops.iter()
                        .filter(|o| matches!(o, Op::AttrSplat | Op::FullSplat))
                        .count()
                        <= 1
                }),
            )
                .prop_map(|(base, ops)| build(|a| ex(ExprKind::Traversal(a.alloc(
                    Traversal {
                        expr: ex(ExprKind::Variable(a.alloc_str(base))),
                        operators: a.alloc_iter(ops.iter().map(|op| TraversalOperator {
                            kind: match op {
                                Op::GetAttr(k) => TraversalOperatorKind::GetAttr(ident(a, k)),
                                Op::LegacyIndex(i) => TraversalOperatorKind::LegacyIndex(*i),
                                Op::FullSplat => TraversalOperatorKind::FullSplat,
                                Op::AttrSplat => TraversalOperatorKind::AttrSplat,
                                Op::Index(e) => TraversalOperatorKind::Index(e.expr().copy_in(a)),
                            },
                            span: SP,
                        })),
                    }
                ))))),
            (
                inner.clone(),
                inner.clone(),
                proptest::option::of(inner.clone()),
                any::<bool>()
            )
                .prop_map(|(coll, val, cond, object)| build(|a| ex(ExprKind::For(
                    a.alloc(ForExpr {
                        key_var: Some(ident(a, "k")),
                        value_var: ident(a, "v"),
                        collection: coll.expr().copy_in(a),
                        key_expr: object.then(|| ex(ExprKind::Variable("k"))),
                        value_expr: val.expr().copy_in(a),
                        cond: cond.as_ref().map(|c| c.expr().copy_in(a)),
                        grouping: object,
                    })
                )))),
            template(boxed),
        ]
    })
}

fn ctx() -> Context<'static> {
    let mut ctx = Context::new();
    ctx.declare_var("a", Value::from(1));
    ctx.declare_var("b", Value::from("s"));
    ctx.declare_var("c", Value::from(vec![Value::from(1), Value::from(2)]));
    ctx.declare_var(
        "d",
        Value::from_iter([("k", Value::from(vec![Value::from(true)]))]),
    );
    ctx
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn expressions_survive_to_string_parse_and_evaluation(e in expr()) {
        let text = e.to_string();
        let back = hcl::parser::parse_expression(&text)
            .unwrap_or_else(|err| panic!("{err}\n{text}"));
        prop_assert!(hcl::format::expr_eq_ignoring_spans(e.expr(), back.expr()), "tree changed: {}\n{:?}", text, back);
        prop_assert_eq!(back.to_string(), text.clone());
        let ctx = ctx();
        let (v1, v2) = (e.expr().evaluate(&ctx), back.expr().evaluate(&ctx));
        match (v1, v2) {
            (Ok(a), Ok(b)) => prop_assert_eq!(a, b, "{}", text),
            (Err(_), Err(_)) => {}
            (a, b) => prop_assert!(false, "{}: {:?} vs {:?}", text, a, b),
        }
    }
}
