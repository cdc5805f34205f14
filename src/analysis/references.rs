//! The variables an expression or a body refers to, as Go's `hclsyntax`
//! reports them (`Expression.Variables()`): found with the syntax walker
//! ([`Visit`]), so the recursion follows the tree's nesting, which the
//! parser limits.

use super::traversal::{root_name, static_steps, Reference, Step};
use crate::error::Span;
use crate::syntax::{
    walk_block, walk_element, walk_expr, Attribute, Block, Body, Directive, Element, ExprKind,
    Expression, Ident, TraversalOperator, TraversalOperatorKind, Visit,
};

/// The references (static traversals rooted at a variable) in an
/// expression, in source order, each as often as it is written.
///
/// These are the rules of Go's `hclsyntax` `Expression.Variables()`,
/// which Terraform uses to find what an expression depends on:
///
/// * A reference is a variable followed by as many attribute accesses and
///   constant indexes as follow it: `var.a[var.i].b` refers to `var.a`
///   (and to `var.i`); `.b` applies to a computed value and is in neither.
///   A splat ends a reference too (`aws_instance.web[*].id` refers to
///   `aws_instance.web`), and so do parentheses (`(var.a).b` refers to
///   `var.a`).
/// * `true`, `false` and `null` are literals, not references.
/// * The variables of a `for` expression or a template `%{ for }`
///   directive are not references inside it; its collection is outside it
///   (`[for x in x : x]` refers to `x` once).
/// * A bare object key (`{ name = 1 }`) is a literal name; any other key
///   is an expression (`{ (var.k) = 1 }` refers to `var.k`, and so does
///   `{ var.k = 1 }`, which evaluation rejects).
///
/// ```
/// use hcl::analysis::references;
///
/// let parsed = hcl::parser::parse_expression(
///     r#"[for s in var.subnets : "${s.cidr}/${local.bits}" if s.public]"#,
/// )
/// .unwrap();
/// let refs = references(parsed.expr());
/// let shown: Vec<String> = refs.iter().map(|r| r.to_string()).collect();
/// assert_eq!(shown, ["var.subnets", "local.bits"]);
/// // Spans are byte ranges of the source.
/// assert_eq!(&parsed.source()[refs[1].span.range()], "local.bits");
/// ```
pub fn references<'a>(expr: &'a Expression<'a>) -> Vec<Reference<'a>> {
    let mut refs = References::default();
    refs.visit_expr(expr);
    refs.found
}

/// A reference in a body's attribute (see [`body_references`]).
///
/// ```
/// use hcl::analysis::body_references;
///
/// let file = hcl::parse("module \"net\" {\n  cidr = var.cidr\n}\n").unwrap();
/// let refs = body_references(file.body());
/// assert_eq!(refs[0].attr_path, ["module", "net", "cidr"]);
/// assert_eq!(refs[0].reference.to_string(), "var.cidr");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct BodyReference<'a> {
    /// Where the attribute is: the types and labels of the blocks it is
    /// in, outermost first, then its name (`["resource", "aws_instance",
    /// "web", "ami"]`).
    pub attr_path: Vec<&'a str>,
    /// The reference.
    pub reference: Reference<'a>,
}

/// The references of every attribute of a body, nested blocks included:
/// the body's attributes and blocks in source order, and each attribute's
/// references as [`references`] gives them.
///
/// ```
/// use hcl::analysis::body_references;
///
/// let file = hcl::parse(r#"
/// a = var.first
/// resource "aws_instance" "web" {
///   ami = data.aws_ami.ubuntu.id
///   network_interface {
///     device_index = count.index
///   }
/// }
/// b = local.last
/// "#).unwrap();
/// let shown: Vec<String> = body_references(file.body())
///     .iter()
///     .map(|r| format!("{}: {}", r.attr_path.join("."), r.reference))
///     .collect();
/// assert_eq!(
///     shown,
///     [
///         "a: var.first",
///         "resource.aws_instance.web.ami: data.aws_ami.ubuntu.id",
///         "resource.aws_instance.web.network_interface.device_index: count.index",
///         "b: local.last",
///     ]
/// );
/// ```
pub fn body_references<'a>(body: &'a Body<'a>) -> Vec<BodyReference<'a>> {
    let mut found = Vec::new();
    each_body_reference(body, |path, reference| {
        found.push(BodyReference {
            attr_path: path.to_vec(),
            reference,
        });
    });
    found
}

/// [`body_references`] handed one at a time to `found`, each with its
/// attribute path borrowed (no path is built for a reference the caller
/// does not keep).
///
/// ```
/// let file = hcl::parse("a = var.x\nb {\n  c = local.y\n}\n").unwrap();
/// let mut seen = Vec::new();
/// hcl::analysis::each_body_reference(file.body(), |path, r| {
///     seen.push(format!("{}: {r}", path.join(".")));
/// });
/// assert_eq!(seen, ["a: var.x", "b.c: local.y"]);
/// ```
pub fn each_body_reference<'a>(body: &'a Body<'a>, found: impl FnMut(&[&'a str], Reference<'a>)) {
    let mut walk = BodyReferences {
        // (Blocks nest a few deep, each with a label or two.)
        path: Vec::with_capacity(8),
        refs: References::default(),
        found,
    };
    walk.visit_body(body);
}

/// Collects an expression's references.
#[derive(Default)]
struct References<'a> {
    /// The names of the `for` variables in scope, innermost last.
    scopes: Vec<(Option<&'a str>, &'a str)>,
    found: Vec<Reference<'a>>,
}

impl<'a> References<'a> {
    /// Records the reference rooted at `root_expr` (a variable) and made of
    /// the leading static `ops`; returns how many operators it took.
    fn reference(
        &mut self,
        root: &'a str,
        root_expr: &Expression<'a>,
        ops: &[TraversalOperator<'a>],
    ) -> usize {
        let (steps, end) = static_steps(ops, root_expr.span.end);
        let taken = steps.len();
        let local = self
            .scopes
            .iter()
            .any(|&(k, v)| v == root || k == Some(root));
        if !local {
            self.found.push(Reference {
                root,
                steps,
                span: Span {
                    start: root_expr.span.start,
                    end,
                },
            });
        }
        taken
    }

    /// Visits `inner` with the variables `key` and `value` in scope.
    fn scoped(&mut self, key: Option<Ident<'a>>, value: Ident<'a>, inner: impl FnOnce(&mut Self)) {
        self.scopes.push((key.map(|k| k.name), value.name));
        inner(self);
        self.scopes.pop();
    }
}

impl<'a> Visit<'a> for References<'a> {
    fn visit_expr(&mut self, e: &'a Expression<'a>) {
        match &e.kind {
            ExprKind::Variable(name) => {
                self.reference(name, e, &[]);
            }
            ExprKind::Traversal(t) => match root_name(&t.expr, false) {
                Some(root) => {
                    // The reference, then what the operators after it
                    // refer to (computed index keys, also after splats).
                    let taken = self.reference(root, &t.expr, t.operators);
                    for op in &t.operators[taken..] {
                        if let TraversalOperatorKind::Index(key) = &op.kind {
                            self.visit_expr(key);
                        }
                    }
                }
                None => walk_expr(self, e),
            },
            ExprKind::For(f) => {
                self.visit_expr(&f.collection);
                self.scoped(f.key_var, f.value_var, |s| {
                    if let Some(k) = &f.key_expr {
                        s.visit_expr(k);
                    }
                    s.visit_expr(&f.value_expr);
                    if let Some(c) = &f.cond {
                        s.visit_expr(c);
                    }
                });
            }
            _ => walk_expr(self, e),
        }
    }

    fn visit_element(&mut self, el: &'a Element<'a>) {
        match el {
            Element::Directive(Directive::For(d)) => {
                self.visit_expr(&d.collection);
                self.scoped(d.key_var, d.value_var, |s| s.visit_template(&d.template));
            }
            _ => walk_element(self, el),
        }
    }
}

/// Hands a body's references with their attribute paths to `found`.
struct BodyReferences<'a, F> {
    /// The types and labels of the blocks being walked, then the
    /// attribute's name while its references are handed over.
    path: Vec<&'a str>,
    /// One collector for every attribute (its buffer reused).
    refs: References<'a>,
    found: F,
}

impl<'a, F: FnMut(&[&'a str], Reference<'a>)> Visit<'a> for BodyReferences<'a, F> {
    fn visit_block(&mut self, b: &'a Block<'a>) {
        let depth = self.path.len();
        self.path.push(b.ident.name);
        self.path.extend(b.labels.iter().map(|l| l.as_str()));
        walk_block(self, b);
        self.path.truncate(depth);
    }

    fn visit_attribute(&mut self, a: &'a Attribute<'a>) {
        self.refs.visit_expr(&a.expr);
        self.path.push(a.name.name);
        for reference in self.refs.found.drain(..) {
            (self.found)(&self.path, reference);
        }
        self.path.pop();
    }
}

/// A reference as `hcl refs --json` writes it: `attr_path` (when given:
/// where the attribute is, dotted), `root`, `steps` (`{"attr": name}` or
/// `{"index": key}`), and `start` and `end` positions located by `at` (`line`,
/// `column`, `byte`), as Go's HCL reports a traversal's range.
///
/// ```
/// let parsed = hcl::parser::parse_expression("var.tags[\"Name\"]").unwrap();
/// let r = &hcl::analysis::references(parsed.expr())[0];
/// let at = hcl::error::Locator::new(parsed.source());
/// let v = hcl::analysis::reference_value(None, r, &at);
/// assert_eq!(hcl::json::value_to_string(&v, false).unwrap(),
///     r#"{"root":"var","steps":[{"attr":"tags"},{"index":"Name"}],"start":{"line":1,"column":1,"byte":0},"end":{"line":1,"column":17,"byte":16}}"#);
/// ```
pub fn reference_value(
    attr_path: Option<&str>,
    r: &Reference<'_>,
    at: &crate::error::Locator<'_>,
) -> crate::value::Value {
    use crate::value::{Map, Value};
    let mut o = Map::new();
    if let Some(p) = attr_path {
        o.insert("attr_path", Value::from(p));
    }
    o.insert("root", Value::from(r.root));
    let steps = r.steps.iter().map(|s| {
        let mut step = Map::new();
        match s {
            Step::Attr(a) => step.insert("attr", Value::from(*a)),
            Step::Index(k) => step.insert("index", k.clone()),
        };
        Value::Object(step)
    });
    o.insert("steps", Value::Array(steps.collect()));
    o.insert("start", at.locate(r.span.start()).to_value());
    o.insert("end", at.locate(r.span.end()).to_value());
    Value::Object(o)
}
