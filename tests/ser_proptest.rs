//! Property tests: arbitrary values and expression trees survive
//! `to_string` → parse → evaluate unchanged.

use std::borrow::Cow;

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
        text().prop_map(Value::String),
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
        prop_assert_eq!(&back, &v, "{}", text);
        // Printing is a fixed point.
        prop_assert_eq!(hcl::to_string(&back).unwrap(), text);
    }

    #[test]
    fn value_display_evaluates_to_the_value(v in value()) {
        let text = v.to_string();
        let back = hcl::eval::evaluate_str(&text, &Context::new())
            .unwrap_or_else(|e| panic!("{e}\n{text}"));
        prop_assert_eq!(&back, &v, "{}", text);
    }
}

// ----------------------------------------------------------- expressions

const SP: Span = Span { start: 0, end: 0 };

fn ex(kind: ExprKind<'static>) -> Expression<'static> {
    Expression::new(kind, SP)
}

fn ident(name: &str) -> Ident<'static> {
    Ident::new(name.to_string(), SP)
}

fn paren(e: Expression<'static>) -> Expression<'static> {
    ex(ExprKind::Parenthesis(Box::new(e)))
}

fn literal_expr() -> impl Strategy<Value = Expression<'static>> {
    prop_oneof![
        Just(ex(ExprKind::Null)),
        any::<bool>().prop_map(|b| ex(ExprKind::Bool(b))),
        (0u32..100000).prop_map(|n| ex(ExprKind::Number {
            value: Number::from(n),
            raw: Cow::Owned(n.to_string()),
        })),
        (0u32..1000, 1u32..100).prop_map(|(a, b)| {
            let raw = format!("{a}.{b}");
            ex(ExprKind::Number {
                value: Number::parse_literal(&raw).unwrap(),
                raw: Cow::Owned(raw),
            })
        }),
        text().prop_map(|s| ex(ExprKind::String(Cow::Owned(s)))),
        prop_oneof![Just("a"), Just("b"), Just("c"), Just("d")]
            .prop_map(|v| ex(ExprKind::Variable(ident(v)))),
    ]
}

/// Template literal text that the printer can write next to an
/// interpolation (a `$` right before `${` has no spelling in HCL).
fn template(
    inner: BoxedStrategy<Expression<'static>>,
) -> impl Strategy<Value = Expression<'static>> {
    proptest::collection::vec((text(), inner), 1..3).prop_flat_map(|parts| {
        text().prop_map(move |tail| {
            let mut elements = Vec::new();
            for (lit, e) in parts.clone() {
                let lit = lit.trim_end_matches('$').to_string();
                if !lit.is_empty() {
                    elements.push(Element::Literal(Literal {
                        value: Cow::Owned(lit),
                        span: SP,
                    }));
                }
                elements.push(Element::Interpolation(Interpolation {
                    expr: e,
                    strip: Strip::default(),
                    span: SP,
                }));
            }
            if !tail.is_empty() {
                elements.push(Element::Literal(Literal {
                    value: Cow::Owned(tail),
                    span: SP,
                }));
            }
            ex(ExprKind::Template(Box::new(TemplateExpr {
                kind: TemplateKind::Quoted,
                template: Template { elements, span: SP },
            })))
        })
    })
}

/// Expressions that print as one operand: literals, variables, calls,
/// collections, parenthesised expressions.
fn expr() -> impl Strategy<Value = Expression<'static>> {
    literal_expr().prop_recursive(4, 64, 4, |inner| {
        let boxed = inner.clone().boxed();
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..4).prop_map(|v| ex(ExprKind::Tuple(v))),
            proptest::collection::vec(
                (
                    prop_oneof![
                        "[a-z][a-z0-9_]{0,4}"
                            .prop_filter("keyword", |k| !matches!(k.as_str(), "for" | "in" | "if"))
                            .prop_map(|k| ObjectKey::Ident(ident(&k))),
                        text().prop_map(|k| ObjectKey::Expression(ex(ExprKind::String(
                            Cow::Owned(k)
                        )))),
                    ],
                    inner.clone(),
                ),
                0..4
            )
            .prop_map(|kv| ex(ExprKind::Object(
                kv.into_iter()
                    .map(|(key, value)| ObjectItem {
                        key,
                        value,
                        separator: ObjectSeparator::Equals,
                    })
                    .collect()
            ))),
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
                .prop_map(|(name, args)| ex(ExprKind::FuncCall(Box::new(FuncCall {
                    name: FuncName {
                        namespace: vec![],
                        name: ident(name),
                    },
                    args,
                    expand_final: false,
                    args_span: SP,
                })))),
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
                .prop_map(|(l, op, r)| paren(ex(ExprKind::Binary(Box::new(
                    BinaryOp {
                        lhs: l,
                        operator: op,
                        operator_span: SP,
                        rhs: r,
                    }
                ))))),
            (
                prop_oneof![Just(UnaryOperator::Neg), Just(UnaryOperator::Not)],
                inner.clone()
            )
                .prop_map(|(op, e)| paren(ex(ExprKind::Unary(Box::new(UnaryOp {
                    operator: op,
                    expr: e
                }))))),
            (inner.clone(), inner.clone(), inner.clone()).prop_map(|(c, t, f)| paren(ex(
                ExprKind::Conditional(Box::new(Conditional {
                    cond: c,
                    true_expr: t,
                    false_expr: f,
                }))
            ))),
            (
                prop_oneof![Just("a"), Just("c"), Just("d")],
                proptest::collection::vec(
                    prop_oneof![
                        Just(TraversalOperatorKind::GetAttr(ident("k"))),
                        Just(TraversalOperatorKind::LegacyIndex(0)),
                        Just(TraversalOperatorKind::FullSplat),
                        Just(TraversalOperatorKind::AttrSplat),
                        inner.clone().prop_map(TraversalOperatorKind::Index),
                    ],
                    1..3,
                )
                // `a.0.0` does not parse (`0.0` is a number): no legacy
                // index after another.
                .prop_filter("chained legacy index", |ops| {
                    !ops.windows(2).any(|w| {
                        matches!(w[0], TraversalOperatorKind::LegacyIndex(_))
                            && matches!(w[1], TraversalOperatorKind::LegacyIndex(_))
                    })
                })
                // Nested splats (`a.*.*`) are rejected by the parser, as by
                // Terraform: at most one splat.
                .prop_filter("nested splat", |ops| {
                    ops.iter()
                        .filter(|o| {
                            matches!(
                                o,
                                TraversalOperatorKind::AttrSplat | TraversalOperatorKind::FullSplat
                            )
                        })
                        .count()
                        <= 1
                }),
            )
                .prop_map(|(base, ops)| ex(ExprKind::Traversal(Box::new(Traversal {
                    expr: ex(ExprKind::Variable(ident(base))),
                    operators: ops
                        .into_iter()
                        .map(|kind| TraversalOperator { kind, span: SP })
                        .collect(),
                })))),
            (
                inner.clone(),
                inner.clone(),
                proptest::option::of(inner.clone()),
                any::<bool>()
            )
                .prop_map(|(coll, val, cond, object)| ex(ExprKind::For(Box::new(
                    ForExpr {
                        key_var: Some(ident("k")),
                        value_var: ident("v"),
                        collection: coll,
                        key_expr: object.then(|| ex(ExprKind::Variable(ident("k")))),
                        value_expr: val,
                        cond,
                        grouping: object,
                    }
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
        prop_assert!(hcl::format::expr_eq_ignoring_spans(&e, &back), "tree changed: {}\n{:?}", text, back);
        prop_assert_eq!(back.to_string(), text.clone());
        let ctx = ctx();
        let (v1, v2) = (e.evaluate(&ctx), back.evaluate(&ctx));
        match (v1, v2) {
            (Ok(a), Ok(b)) => prop_assert_eq!(a, b, "{}", text),
            (Err(_), Err(_)) => {}
            (a, b) => prop_assert!(false, "{}: {:?} vs {:?}", text, a, b),
        }
    }
}
