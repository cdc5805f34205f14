//! The reading walker: [`Visit`] goes over a tree node by node; a pass
//! overrides the methods of the nodes it cares about and calls the
//! matching `walk_*` function to go on below them (syn's and oxc's model).

use super::*;

/// Visits a tree. Each method's default walks the node's children (with
/// the `walk_*` free functions); override the ones a pass needs.
///
/// ```
/// use hcl::syntax::{walk_expr, ExprKind, Expression, Visit};
///
/// /// The root names of the variables an expression refers to.
/// #[derive(Default)]
/// struct Roots<'a>(Vec<&'a str>);
///
/// impl<'a> Visit<'a> for Roots<'a> {
///     fn visit_expr(&mut self, e: &'a Expression<'a>) {
///         if let ExprKind::Variable(name) = e.kind {
///             self.0.push(name);
///         }
///         walk_expr(self, e);
///     }
/// }
///
/// let file = hcl::parse("a = var.x + local.y[0]\nb {\n  c = [for v in var.l : v]\n}\n").unwrap();
/// let mut roots = Roots::default();
/// roots.visit_body(file.body());
/// assert_eq!(roots.0, ["var", "local", "var", "v"]);
/// ```
pub trait Visit<'a> {
    /// A body: its attributes and blocks.
    ///
    /// ```
    /// use hcl::syntax::{walk_body, Body, Visit};
    /// struct Bodies(usize);
    /// impl<'a> Visit<'a> for Bodies {
    ///     fn visit_body(&mut self, b: &'a Body<'a>) {
    ///         self.0 += 1;
    ///         walk_body(self, b);
    ///     }
    /// }
    /// let file = hcl::parse("a {\n  b {}\n}\nc {}\n").unwrap();
    /// let mut bodies = Bodies(0);
    /// bodies.visit_body(file.body());
    /// assert_eq!(bodies.0, 4);
    /// ```
    fn visit_body(&mut self, b: &'a Body<'a>) {
        walk_body(self, b)
    }

    /// An attribute: its name and value.
    ///
    /// ```
    /// use hcl::syntax::{Attribute, Visit};
    /// struct Names<'a>(Vec<&'a str>);
    /// impl<'a> Visit<'a> for Names<'a> {
    ///     fn visit_attribute(&mut self, a: &'a Attribute<'a>) {
    ///         self.0.push(a.name.name);
    ///     }
    /// }
    /// let file = hcl::parse("a = 1\nb {\n  c = { d = 2 }\n}\n").unwrap();
    /// let mut names = Names(Vec::new());
    /// names.visit_body(file.body());
    /// assert_eq!(names.0, ["a", "c"]);
    /// ```
    fn visit_attribute(&mut self, a: &'a Attribute<'a>) {
        walk_attribute(self, a)
    }

    /// A block: its type, labels and body.
    ///
    /// ```
    /// use hcl::syntax::{walk_block, Block, Visit};
    /// struct Types<'a>(Vec<&'a str>);
    /// impl<'a> Visit<'a> for Types<'a> {
    ///     fn visit_block(&mut self, b: &'a Block<'a>) {
    ///         self.0.push(b.ident.name);
    ///         walk_block(self, b);
    ///     }
    /// }
    /// let file = hcl::parse("a {\n  b {}\n}\nc {}\n").unwrap();
    /// let mut types = Types(Vec::new());
    /// types.visit_body(file.body());
    /// assert_eq!(types.0, ["a", "b", "c"]);
    /// ```
    fn visit_block(&mut self, b: &'a Block<'a>) {
        walk_block(self, b)
    }

    /// A block label.
    ///
    /// ```
    /// use hcl::syntax::{BlockLabel, Visit};
    /// struct Labels<'a>(Vec<&'a str>);
    /// impl<'a> Visit<'a> for Labels<'a> {
    ///     fn visit_block_label(&mut self, l: &'a BlockLabel<'a>) {
    ///         self.0.push(l.as_str());
    ///     }
    /// }
    /// let file = hcl::parse("resource \"a\" \"b\" {}\nmodule c {}\n").unwrap();
    /// let mut labels = Labels(Vec::new());
    /// labels.visit_body(file.body());
    /// assert_eq!(labels.0, ["a", "b", "c"]);
    /// ```
    fn visit_block_label(&mut self, _l: &'a BlockLabel<'a>) {}

    /// An identifier (attribute and block names, attribute accesses,
    /// function names, `for` variables, bare object keys).
    ///
    /// ```
    /// use hcl::syntax::{Ident, Visit};
    /// struct Idents<'a>(Vec<&'a str>);
    /// impl<'a> Visit<'a> for Idents<'a> {
    ///     fn visit_ident(&mut self, i: &'a Ident<'a>) {
    ///         self.0.push(i.name);
    ///     }
    /// }
    /// let file = hcl::parse("x = f(y.z)\n").unwrap();
    /// let mut idents = Idents(Vec::new());
    /// idents.visit_body(file.body());
    /// assert_eq!(idents.0, ["x", "f", "z"]);
    /// ```
    fn visit_ident(&mut self, _i: &'a Ident<'a>) {}

    /// An expression. A chain of binary operations `a + b + c` is walked
    /// without recursing per operator: `visit_expr` sees the whole chain,
    /// then its operands from left to right (not the inner operations).
    ///
    /// ```
    /// use hcl::syntax::{walk_expr, ExprKind, Expression, Visit};
    /// struct Calls(usize);
    /// impl<'a> Visit<'a> for Calls {
    ///     fn visit_expr(&mut self, e: &'a Expression<'a>) {
    ///         if let ExprKind::FuncCall(_) = e.kind {
    ///             self.0 += 1;
    ///         }
    ///         walk_expr(self, e);
    ///     }
    /// }
    /// let file = hcl::parse("a = upper(lower(\"x\"))\nb = \"${max(1, 2)}!\"\n").unwrap();
    /// let mut calls = Calls(0);
    /// calls.visit_body(file.body());
    /// assert_eq!(calls.0, 3);
    /// ```
    fn visit_expr(&mut self, e: &'a Expression<'a>) {
        walk_expr(self, e)
    }

    /// A template (of a quoted string with interpolations, a heredoc, or
    /// a directive's branch).
    ///
    /// ```
    /// use hcl::syntax::{walk_template, Template, Visit};
    /// struct Templates(usize);
    /// impl<'a> Visit<'a> for Templates {
    ///     fn visit_template(&mut self, t: &'a Template<'a>) {
    ///         self.0 += 1;
    ///         walk_template(self, t);
    ///     }
    /// }
    /// let file = hcl::parse("a = \"${b}!\"\nc = \"%{ if d }e%{ endif }\"\nf = \"plain\"\n").unwrap();
    /// let mut templates = Templates(0);
    /// templates.visit_body(file.body());
    /// assert_eq!(templates.0, 3);
    /// ```
    fn visit_template(&mut self, t: &'a Template<'a>) {
        walk_template(self, t)
    }

    /// One element of a template.
    ///
    /// ```
    /// use hcl::syntax::{walk_element, Element, Visit};
    /// struct Literals<'a>(Vec<&'a str>);
    /// impl<'a> Visit<'a> for Literals<'a> {
    ///     fn visit_element(&mut self, el: &'a Element<'a>) {
    ///         if let Element::Literal(l) = el {
    ///             self.0.push(l.value);
    ///         }
    ///         walk_element(self, el);
    ///     }
    /// }
    /// let file = hcl::parse("a = \"x${y}z\"\n").unwrap();
    /// let mut literals = Literals(Vec::new());
    /// literals.visit_body(file.body());
    /// assert_eq!(literals.0, ["x", "z"]);
    /// ```
    fn visit_element(&mut self, el: &'a Element<'a>) {
        walk_element(self, el)
    }
}

/// Visits a body's attributes and blocks.
///
/// ```
/// use hcl::syntax::{walk_body, Attribute, Visit};
/// struct Names<'a>(Vec<&'a str>);
/// impl<'a> Visit<'a> for Names<'a> {
///     fn visit_attribute(&mut self, a: &'a Attribute<'a>) {
///         self.0.push(a.name.name);
///     }
/// }
/// let file = hcl::parse("a = 1\nb {\n  c = 2\n}\n").unwrap();
/// let mut names = Names(Vec::new());
/// walk_body(&mut names, file.body());
/// assert_eq!(names.0, ["a", "c"]);
/// ```
pub fn walk_body<'a, V: Visit<'a> + ?Sized>(v: &mut V, b: &'a Body<'a>) {
    crate::stack::with_stack(|| {
        for s in b.structures {
            match s {
                Structure::Attribute(a) => v.visit_attribute(a),
                Structure::Block(bl) => v.visit_block(bl),
            }
        }
    })
}

/// Visits an attribute's name and value.
///
/// ```
/// use hcl::syntax::{walk_attribute, Ident, Visit};
/// struct Idents<'a>(Vec<&'a str>);
/// impl<'a> Visit<'a> for Idents<'a> {
///     fn visit_ident(&mut self, i: &'a Ident<'a>) {
///         self.0.push(i.name);
///     }
/// }
/// let file = hcl::parse("a = b.c").unwrap();
/// let mut idents = Idents(Vec::new());
/// walk_attribute(&mut idents, file.body().attribute("a").unwrap());
/// assert_eq!(idents.0, ["a", "c"]);
/// ```
pub fn walk_attribute<'a, V: Visit<'a> + ?Sized>(v: &mut V, a: &'a Attribute<'a>) {
    v.visit_ident(&a.name);
    v.visit_expr(&a.expr);
}

/// Visits a block's type, labels and body.
///
/// ```
/// use hcl::syntax::{walk_block, BlockLabel, Visit};
/// struct Labels<'a>(Vec<&'a str>);
/// impl<'a> Visit<'a> for Labels<'a> {
///     fn visit_block_label(&mut self, l: &'a BlockLabel<'a>) {
///         self.0.push(l.as_str());
///     }
/// }
/// let file = hcl::parse("r \"a\" \"b\" {\n  inner \"c\" {}\n}\n").unwrap();
/// let mut labels = Labels(Vec::new());
/// walk_block(&mut labels, file.body().blocks().next().unwrap());
/// assert_eq!(labels.0, ["a", "b", "c"]);
/// ```
pub fn walk_block<'a, V: Visit<'a> + ?Sized>(v: &mut V, b: &'a Block<'a>) {
    v.visit_ident(&b.ident);
    for l in b.labels {
        v.visit_block_label(l);
    }
    v.visit_body(&b.body);
}

/// Visits an expression's parts.
///
/// ```
/// use hcl::syntax::{walk_expr, ExprKind, Expression, Visit};
/// #[derive(Default)]
/// struct Numbers(Vec<String>);
/// impl<'a> Visit<'a> for Numbers {
///     fn visit_expr(&mut self, e: &'a Expression<'a>) {
///         if let ExprKind::Number(n) = e.kind {
///             self.0.push(n.raw.to_owned());
///         }
///         walk_expr(self, e);
///     }
/// }
/// let e = hcl::parser::parse_expression("max(1, x ? 2 : [3][0])").unwrap();
/// let mut numbers = Numbers::default();
/// numbers.visit_expr(e.expr());
/// assert_eq!(numbers.0, ["1", "2", "3", "0"]);
/// ```
pub fn walk_expr<'a, V: Visit<'a> + ?Sized>(v: &mut V, e: &'a Expression<'a>) {
    // (An expression that holds no other but a variable, a literal or a
    // reference to a name's attributes, is walked without looking at the
    // stack's room: it goes one level deeper at most.)
    if shallow(e) {
        walk_expr_parts(v, e);
    } else {
        crate::stack::with_stack(|| walk_expr_parts(v, e));
    }
}

/// Whether `e` is a literal, a variable, or a traversal of a variable by
/// attribute names and legacy indexes only.
fn shallow(e: &Expression<'_>) -> bool {
    match &e.kind {
        ExprKind::Null
        | ExprKind::Bool(_)
        | ExprKind::Number(_)
        | ExprKind::String(_)
        | ExprKind::Variable(_) => true,
        ExprKind::Traversal(t) => {
            matches!(t.expr.kind, ExprKind::Variable(_))
                && t.operators
                    .iter()
                    .all(|op| !matches!(op.kind, TraversalOperatorKind::Index(_)))
        }
        _ => false,
    }
}

/// [`walk_expr`]'s work: each expression `e` holds, visited.
fn walk_expr_parts<'a, V: Visit<'a> + ?Sized>(v: &mut V, e: &'a Expression<'a>) {
    match &e.kind {
        ExprKind::Null
        | ExprKind::Bool(_)
        | ExprKind::Number(_)
        | ExprKind::String(_)
        | ExprKind::Variable(_) => {}
        ExprKind::Template(t) => v.visit_template(&t.template),
        ExprKind::Tuple(items) => items.iter().for_each(|x| v.visit_expr(x)),
        ExprKind::Object(items) => {
            for it in *items {
                match &it.key {
                    ObjectKey::Ident(i) => v.visit_ident(i),
                    ObjectKey::Expression(k) => v.visit_expr(k),
                }
                v.visit_expr(&it.value);
            }
        }
        ExprKind::FuncCall(c) => {
            for n in c.name.namespace {
                v.visit_ident(n);
            }
            v.visit_ident(&c.name.name);
            c.args.iter().for_each(|x| v.visit_expr(x));
        }
        ExprKind::Traversal(t) => {
            v.visit_expr(&t.expr);
            for op in t.operators {
                match &op.kind {
                    TraversalOperatorKind::GetAttr(i) => v.visit_ident(i),
                    TraversalOperatorKind::Index(x) => v.visit_expr(x),
                    _ => {}
                }
            }
        }
        ExprKind::Unary(u) => v.visit_expr(&u.expr),
        ExprKind::Binary(_) => {
            let (leftmost, chain) = e.binary_chain();
            v.visit_expr(leftmost);
            for (_, b) in chain.iter().rev() {
                v.visit_expr(&b.rhs);
            }
        }
        ExprKind::Conditional(c) => {
            v.visit_expr(&c.cond);
            v.visit_expr(&c.true_expr);
            v.visit_expr(&c.false_expr);
        }
        ExprKind::For(f) => {
            if let Some(k) = &f.key_var {
                v.visit_ident(k);
            }
            v.visit_ident(&f.value_var);
            v.visit_expr(&f.collection);
            if let Some(k) = &f.key_expr {
                v.visit_expr(k);
            }
            v.visit_expr(&f.value_expr);
            if let Some(c) = &f.cond {
                v.visit_expr(c);
            }
        }
        ExprKind::Parenthesis(inner) => v.visit_expr(inner),
    }
}

/// Visits a template's elements.
///
/// ```
/// use hcl::syntax::{walk_template, Element, Visit};
/// #[derive(Default)]
/// struct Count(usize);
/// impl<'a> Visit<'a> for Count {
///     fn visit_element(&mut self, _: &'a Element<'a>) {
///         self.0 += 1;
///     }
/// }
/// let t = hcl::parser::parse_template("a ${b} c").unwrap();
/// let mut count = Count::default();
/// walk_template(&mut count, t.template());
/// assert_eq!(count.0, 3);
/// ```
pub fn walk_template<'a, V: Visit<'a> + ?Sized>(v: &mut V, t: &'a Template<'a>) {
    crate::stack::with_stack(|| {
        for el in t.elements {
            v.visit_element(el);
        }
    })
}

/// Visits an element's parts: an interpolation's expression, a directive's
/// expressions, variables and templates.
///
/// ```
/// use hcl::syntax::{walk_element, ExprKind, Expression, Visit};
/// #[derive(Default)]
/// struct Vars<'a>(Vec<&'a str>);
/// impl<'a> Visit<'a> for Vars<'a> {
///     fn visit_expr(&mut self, e: &'a Expression<'a>) {
///         if let ExprKind::Variable(v) = e.kind {
///             self.0.push(v);
///         }
///     }
/// }
/// let t = hcl::parser::parse_template("%{ if a }${b}%{ endif }").unwrap();
/// let mut vars = Vars::default();
/// walk_element(&mut vars, &t.template().elements[0]);
/// assert_eq!(vars.0, ["a", "b"]);
/// ```
pub fn walk_element<'a, V: Visit<'a> + ?Sized>(v: &mut V, el: &'a Element<'a>) {
    match el {
        Element::Literal(_) => {}
        Element::Interpolation(i) => v.visit_expr(&i.expr),
        Element::Directive(d) => match d {
            Directive::If(d) => {
                v.visit_expr(&d.cond);
                v.visit_template(&d.true_template);
                if let Some(f) = &d.false_template {
                    v.visit_template(f);
                }
            }
            Directive::For(d) => {
                if let Some(k) = &d.key_var {
                    v.visit_ident(k);
                }
                v.visit_ident(&d.value_var);
                v.visit_expr(&d.collection);
                v.visit_template(&d.template);
            }
        },
    }
}
