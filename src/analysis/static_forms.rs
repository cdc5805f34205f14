//! The spec's static interpretations of an expression ("Static List",
//! "Static Map", "Static Call", "Static Traversal"): parts of the tree
//! returned as they are, with no evaluation. Each applies to exactly one
//! syntactic form; parentheses around it make it another form (as in Go's
//! `hcl`, where `([a, b])` is not a static list).

use super::traversal::{root_name, static_steps, Reference};
use crate::syntax::{ExprKind, Expression, FuncCall, ObjectItem, ObjectKey, Span};

/// A tuple constructor's element expressions (the spec's *static list*).
///
/// ```
/// use hcl::analysis::static_list;
///
/// let parsed = hcl::parser::parse_expression("[aws_vpc.main, module.net]").unwrap();
/// let items = static_list(parsed.expr()).unwrap();
/// assert_eq!(items.len(), 2);
/// assert_eq!(items[1].to_string(), "module.net");
///
/// let parsed = hcl::parser::parse_expression("concat(a, b)").unwrap();
/// assert!(static_list(parsed.expr()).is_none());
/// ```
pub fn static_list<'a>(expr: &Expression<'a>) -> Option<&'a [Expression<'a>]> {
    match expr.kind {
        ExprKind::Tuple(items) => Some(items),
        _ => None,
    }
}

/// An object constructor's items: key and value expressions, in source
/// order (the spec's *static map*). A key is not required to be a string:
/// a bare name is an [`ObjectKey::Ident`], anything else an
/// [`ObjectKey::Expression`] (see [`static_key_traversal`] to read a key
/// as a traversal).
///
/// ```
/// use hcl::analysis::static_map;
/// use hcl::syntax::ObjectKey;
///
/// let parsed = hcl::parser::parse_expression(r#"{ name = "web", (var.k) = 1 }"#).unwrap();
/// let items = static_map(parsed.expr()).unwrap();
/// assert!(matches!(items[0].key, ObjectKey::Ident(i) if i.name == "name"));
/// assert!(matches!(items[1].key, ObjectKey::Expression(_)));
/// assert_eq!(items[0].value.to_string(), "\"web\"");
/// ```
pub fn static_map<'a>(expr: &Expression<'a>) -> Option<&'a [ObjectItem<'a>]> {
    match expr.kind {
        ExprKind::Object(items) => Some(items),
        _ => None,
    }
}

/// A function call: its name as written (namespace included) and its
/// argument expressions (the spec's *static call*).
///
/// ```
/// use hcl::analysis::static_call;
///
/// let parsed = hcl::parser::parse_expression("provider::aws::arn_parse(var.arn)").unwrap();
/// let call = static_call(parsed.expr()).unwrap();
/// assert_eq!(call.name.to_full_name(), "provider::aws::arn_parse");
/// assert_eq!(call.args[0].to_string(), "var.arn");
/// ```
pub fn static_call<'a>(expr: &Expression<'a>) -> Option<&'a FuncCall<'a>> {
    match expr.kind {
        ExprKind::FuncCall(call) => Some(call),
        _ => None,
    }
}

/// A variable followed only by attribute accesses and constant indexes
/// (the spec's *static traversal*); the keywords `true`, `false` and
/// `null` count as variables of those names here, so that callers can
/// give them another meaning. A constant index key is a literal number,
/// `true`, `false`, `null`, or a string or heredoc without
/// interpolations.
///
/// ```
/// use hcl::analysis::{static_traversal, Step};
///
/// let parse = |s| hcl::parser::parse_expression(s).unwrap();
/// let t = static_traversal(parse(r#"aws_instance.web["a"].id"#).expr()).unwrap();
/// assert_eq!(t.to_string(), r#"aws_instance.web["a"].id"#);
///
/// let t = static_traversal(parse("null").expr()).unwrap();
/// assert_eq!((t.root, t.steps.len()), ("null", 0));
///
/// // Splats, computed indexes and anything else are not static.
/// assert!(static_traversal(parse("aws_instance.web[*].id").expr()).is_none());
/// assert!(static_traversal(parse("var.a[var.i]").expr()).is_none());
/// assert!(static_traversal(parse("(var.a)").expr()).is_none());
/// ```
pub fn static_traversal<'a>(expr: &Expression<'a>) -> Option<Reference<'a>> {
    let (root_expr, ops) = match &expr.kind {
        ExprKind::Traversal(t) => (&t.expr, t.operators),
        _ => (expr, &[][..]),
    };
    let root = root_name(root_expr, true)?;
    let (steps, end) = static_steps(ops, root_expr.span.end);
    if steps.len() != ops.len() {
        return None;
    }
    Some(Reference {
        root,
        steps,
        span: Span {
            start: root_expr.span.start,
            end,
        },
    })
}

/// An object key read as a static traversal: a bare name is a traversal
/// of that root alone, any other key as by [`static_traversal`]. This is
/// how Terraform reads keys naming things, as in a module's
/// `providers = { aws.east = aws.us_east_1 }`.
///
/// ```
/// use hcl::analysis::{static_key_traversal, static_map};
///
/// let parsed = hcl::parser::parse_expression("{ aws = aws.west, aws.east = aws.east1 }").unwrap();
/// let keys: Vec<String> = static_map(parsed.expr())
///     .unwrap()
///     .iter()
///     .map(|item| static_key_traversal(&item.key).unwrap().to_string())
///     .collect();
/// assert_eq!(keys, ["aws", "aws.east"]);
/// ```
pub fn static_key_traversal<'a>(key: &ObjectKey<'a>) -> Option<Reference<'a>> {
    match key {
        ObjectKey::Ident(i) => Some(Reference {
            root: i.name,
            steps: Vec::new(),
            span: i.span,
        }),
        ObjectKey::Expression(e) => static_traversal(e),
    }
}
