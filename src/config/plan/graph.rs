//! What the walk knows of a module before it evaluates anything: what it
//! declares, its variables' declarations, its nodes (locals, resources and
//! data sources, module calls, outputs, `check` blocks) with their
//! references, the order they depend on each other in, and Terraform's
//! static errors of each. Found once for each module of the configuration,
//! whatever its instances and however many walks there are.

use std::cell::RefCell;
use std::rc::Rc;

use crate::analysis::{each_body_reference, references, Reference, Step};
use crate::config::module::{
    ref_span, self_reference, topological, undeclared_local, undeclared_variable, variable_of,
    Declarations, Kind,
};
use crate::config::Files;
use crate::error::{Error, ErrorKind, Result};
use crate::syntax::Span;
use crate::syntax::{
    walk_expr, Block, Body, ExprKind, Expression, Structure, TraversalOperatorKind, Visit,
};
use crate::typeexpr::Variable;
use crate::value::map::{FastHashMap as HashMap, FastHashSet as HashSet};

use super::{ResourceMode, RESOURCE_META, RESOURCE_META_BLOCKS};

/// A static error found in a node: summary, detail (`{module}` where the
/// module's name goes) and place.
type Found = (String, String, Option<Span>);

fn found((summary, detail): (&str, String), span: Option<Span>) -> Found {
    (summary.to_owned(), detail, span)
}

/// A module's nodes and what the walk needs of them, borrowed from its
/// files.
pub(super) struct Graph<'m> {
    pub(super) files: &'m Files,
    pub(super) decl: Declarations<'m, 'm>,
    /// Each variable's declaration, in `decl.variables`' order (`None`
    /// for one in error: see [`Graph::variable`]).
    pub(super) variables: Vec<Option<Variable>>,
    /// The names read of each resource (see [`Accessed`]).
    pub(super) accessed: Accessed,
    pub(super) nodes: Vec<Node>,
    /// Each node's references.
    pub(super) refs: Vec<Vec<Reference<'m>>>,
    /// What each node's references name, resolved (see [`Scope`]).
    pub(super) scopes: Vec<Scope<'m>>,
    /// Each node's dependencies (indexes in `nodes`).
    pub(super) deps: Vec<Vec<usize>>,
    /// Each node's static errors: message (`{module}` where the module's
    /// name goes) and span (`None`: a provider's error, of no place).
    errors: Vec<Vec<Found>>,
    /// The nodes in the order they depend on each other, or a cycle.
    order: std::result::Result<Vec<usize>, Vec<usize>>,
    /// Whether each node has a `dynamic` block (at any depth).
    pub(super) dynamic: Vec<bool>,
    /// Whether each node was evaluated whole in the plan walk, in one
    /// instance of the module at least (see [`Graph::cover`]).
    covered: RefCell<Vec<bool>>,
}

impl<'m> Graph<'m> {
    /// The graph of the module in `files` (its declarations when they were
    /// found before); `outputs(call)` gives the
    /// output names of the module a call names (`None`: they are not
    /// known, the call's source not being here), asked once for each call
    /// whose outputs are referred to.
    pub(super) fn of(
        files: &'m Files,
        declared: Option<Declarations<'m, 'm>>,
        mut outputs: impl FnMut(&'m Block<'m>) -> Option<Rc<HashSet<String>>>,
    ) -> Result<Graph<'m>> {
        let decl = match declared {
            Some(d) => d,
            None => declarations(files)?,
        };
        let mut call_outputs = vec![None; decl.calls.len()];
        let mut outputs = |j: usize| -> Option<Rc<HashSet<String>>> {
            call_outputs[j]
                .get_or_insert_with(|| outputs(decl.calls[j].1))
                .clone()
        };
        let variables = decl
            .variables
            .iter()
            .map(|(_, b)| variable_of(b).ok())
            .collect();
        let accessed = accessed_names(files.body(), &decl);
        let count = decl.locals.len()
            + decl.resources.len()
            + decl.calls.len()
            + decl.outputs.len()
            + decl.checks.len();
        let mut nodes = Vec::with_capacity(count);
        let mut refs: Vec<Vec<Reference<'m>>> = Vec::with_capacity(count);
        for (i, (_, expr, _)) in decl.locals.iter().enumerate() {
            nodes.push(Node::Local(i));
            refs.push(references(expr));
        }
        for (i, r) in decl.resources.iter().enumerate() {
            nodes.push(Node::Resource(i));
            refs.push(block_refs(r.3));
        }
        for (i, c) in decl.calls.iter().enumerate() {
            nodes.push(Node::Call(i));
            refs.push(block_refs(c.1));
        }
        for (i, o) in decl.outputs.iter().enumerate() {
            nodes.push(Node::Output(i));
            refs.push(block_refs(o.1));
        }
        for (i, c) in decl.checks.iter().enumerate() {
            nodes.push(Node::Check(i));
            refs.push(block_refs(c.1));
        }
        // (Nodes are numbered locals first, then resources, calls,
        // outputs and checks.)
        let (resources_at, calls_at) =
            (decl.locals.len(), decl.locals.len() + decl.resources.len());
        let mut errors = Vec::with_capacity(nodes.len());
        let mut deps = Vec::with_capacity(nodes.len());
        let mut scopes = Vec::with_capacity(nodes.len());
        let mut named = Vec::new();
        for (k, rs) in refs.iter().enumerate() {
            let mut errs: Vec<Found> = Vec::new();
            // What `count` and `each` the node has (not in its own
            // `count` or `for_each` expression).
            let (block, own_local) = match nodes[k] {
                Node::Resource(j) => (Some(decl.resources[j].3), None),
                Node::Call(j) => (Some(decl.calls[j].1), None),
                Node::Output(_) | Node::Check(_) => (None, None),
                Node::Local(j) => (None, Some(decl.locals[j].0)),
            };
            let meta = |name: &str| {
                block
                    .and_then(|b| b.body.attribute(name))
                    .map(|a| a.expr.span)
            };
            let (count, for_each) = (meta("count"), meta("for_each"));
            // (Each reference looked up once, for the dependencies, the
            // errors and the scope.)
            named.clear();
            named.extend(rs.iter().map(|r| Named::of(&decl, r)));
            let mut d = Vec::with_capacity(rs.len());
            for (r, n) in rs.iter().zip(&named) {
                let within = |span: Option<Span>| {
                    span.is_some_and(|s| s.start() <= r.span.start() && r.span.end() <= s.end())
                };
                let message = match r.root {
                    "count" if count.is_none() || within(count) => Some(("Reference to \"count\" in non-counted context", "The \"count\" object can only be used in \"module\", \"resource\", and \"data\" blocks, and only when the \"count\" argument is set.")),
                    "each" if for_each.is_none() || within(for_each) => Some(("Reference to \"each\" in context without for_each", "The \"each\" object can be used only in \"module\" or \"resource\" blocks, and only when the \"for_each\" argument is set.")),
                    _ => None,
                };
                if let Some((summary, detail)) = message {
                    errs.push((summary.into(), detail.into(), Some(ref_span(r))));
                    continue;
                }
                match *n {
                    Named::Local(name, _) if own_local == Some(name) => {
                        errs.push(found(self_reference(name), Some(ref_span(r))));
                    }
                    Named::Var(name, false) => {
                        errs.push(found(undeclared_variable(name), Some(ref_span(r))));
                    }
                    Named::Local(name, None) => {
                        errs.push(found(undeclared_local(name), Some(ref_span(r))));
                    }
                    Named::Local(_, Some(j)) => d.push(j),
                    Named::Resource(_, _, Some(j)) | Named::Data(_, _, Some(j)) => {
                        d.push(resources_at + j);
                    }
                    Named::Call(_, Some(j)) => d.push(calls_at + j),
                    Named::Call(..) | Named::Data(..) | Named::Resource(..) => {
                        errs.extend(n.undeclared().map(|m| found(m, Some(ref_span(r)))));
                    }
                    Named::Var(..) | Named::Other => {}
                }
            }
            if let Node::Resource(j) = nodes[k] {
                if let (false, "terraform_data", _, b) = decl.resources[j] {
                    terraform_data_errors(b, &mut errs);
                }
            }
            // (Only a node that refers to `module` can name a call's
            // output.)
            if rs.iter().any(|r| r.root == "module") {
                output_references(&decl, nodes[k], &mut outputs, &mut errs);
            }
            errors.push(errs);
            deps.push(d);
            scopes.push(Scope::of_named(rs, &named));
        }
        let order = topological(&deps);
        let dynamic = nodes
            .iter()
            .map(|n| match *n {
                Node::Resource(j) => has_dynamic(&decl.resources[j].3.body),
                Node::Call(j) => has_dynamic(&decl.calls[j].1.body),
                _ => false,
            })
            .collect();
        let covered = RefCell::new(vec![false; nodes.len()]);
        Ok(Graph {
            files,
            decl,
            variables,
            accessed,
            nodes,
            refs,
            scopes,
            deps,
            errors,
            order,
            dynamic,
            covered,
        })
    }

    /// Records that node `k` was evaluated whole in the plan walk: every
    /// expression of its body (none left out by zero instances or by a
    /// `dynamic` block's zero iterations).
    ///
    /// Terraform validates before it plans, every input variable unknown;
    /// what fails there with unknown values fails with any values, so a
    /// node the plan evaluated whole passes validation: the validate walk
    /// that follows a successful plan evaluates the others only (and what
    /// they depend on).
    pub(super) fn cover(&self, k: usize) {
        self.covered.borrow_mut()[k] = true;
    }

    /// Whether node `k` was evaluated whole in the plan walk.
    pub(super) fn covered(&self, k: usize) -> bool {
        self.covered.borrow()[k]
    }

    /// The nodes in the order they depend on each other, or Terraform's
    /// error for a cycle.
    pub(super) fn order(&self) -> Result<&[usize]> {
        match &self.order {
            Ok(o) => Ok(o),
            Err(cycle) => Err(crate::config::module::cycle_of(
                cycle
                    .iter()
                    .map(|&i| node_name(&self.decl, self.nodes[i]))
                    .collect(),
            )),
        }
    }

    /// Node `k`'s static errors, the module named `module` in them.
    pub(super) fn errors(&self, k: usize, module: impl FnOnce() -> String) -> Option<Error> {
        let errs = &self.errors[k];
        if errs.is_empty() {
            return None;
        }
        let module = module();
        let mut failed = None;
        for (summary, detail, span) in errs {
            let detail = detail.replace("{module}", &module);
            let e = Error::described(ErrorKind::Eval, summary, detail);
            let e = match span {
                Some(span) => e.at_span(*span),
                None => e,
            };
            Error::append(&mut failed, e);
        }
        failed
    }

    /// The declaration of the `i`th variable, or its error (at its place).
    pub(super) fn variable(&self, i: usize) -> Result<&Variable> {
        match &self.variables[i] {
            Some(v) => Ok(v),
            None => {
                let e = variable_of(self.decl.variables[i].1)
                    .err()
                    .unwrap_or_else(|| Error::new(ErrorKind::Eval, "invalid variable"));
                Err(self.files.locate(e))
            }
        }
    }
}

/// What a node's references name of its module, each name once and in
/// name order, resolved to the declaration's index once for all the
/// node's instances and walks: the walk's scope for an instance is then
/// these entries with the values evaluated so far.
#[derive(Default)]
pub(super) struct Scope<'a> {
    /// `var.NAME`.
    pub(super) vars: Vec<&'a str>,
    /// `local.NAME`: the name and its index in `decl.locals`.
    pub(super) locals: Vec<(&'a str, usize)>,
    /// `module.NAME`: the name and its index in `decl.calls`.
    pub(super) calls: Vec<(&'a str, usize)>,
    /// `data.TYPE.NAME`, by type: each name and its index in
    /// `decl.resources`.
    pub(super) data: Vec<(&'a str, Vec<(&'a str, usize)>)>,
    /// `TYPE.NAME` of managed resources, by type, likewise.
    pub(super) resources: Vec<(&'a str, Vec<(&'a str, usize)>)>,
    /// Whether a reference's root is `var`, `local`, `module`, `data` (its
    /// namespace is declared, even empty, so that a name not declared is
    /// the evaluator's error).
    pub(super) roots: [bool; 4],
}

impl<'a> Scope<'a> {
    /// The namespaces `roots` names, in order.
    pub(super) const ROOTS: [&'static str; 4] = ["var", "local", "module", "data"];

    /// What `refs` name of the module `decl` declares.
    pub(super) fn of(decl: &Declarations<'_, '_>, refs: &[Reference<'a>]) -> Scope<'a> {
        let named: Vec<Named<'a>> = refs.iter().map(|r| Named::of(decl, r)).collect();
        Scope::of_named(refs, &named)
    }

    /// The scope of `refs`, each one's declaration found before (`named`).
    fn of_named(refs: &[Reference<'a>], named: &[Named<'a>]) -> Scope<'a> {
        let mut s = Scope::default();
        let mut data: Vec<(&'a str, &'a str, usize)> = Vec::new();
        let mut resources: Vec<(&'a str, &'a str, usize)> = Vec::new();
        for (r, n) in refs.iter().zip(named) {
            if let Some(k) = Scope::ROOTS.iter().position(|n| *n == r.root) {
                s.roots[k] = true;
            }
            match *n {
                Named::Var(name, _) => s.vars.push(name),
                Named::Local(name, Some(j)) => s.locals.push((name, j)),
                Named::Call(name, Some(j)) => s.calls.push((name, j)),
                Named::Data(ty, name, Some(j)) => data.push((ty, name, j)),
                Named::Resource(ty, name, Some(j)) => resources.push((ty, name, j)),
                _ => {}
            }
        }
        s.vars.sort_unstable();
        s.vars.dedup();
        once(&mut s.locals);
        once(&mut s.calls);
        s.data = by_type(data);
        s.resources = by_type(resources);
        s
    }
}

/// `(type, name, index)` entries grouped by type: the types in name
/// order, each one's names in name order, each name once.
#[allow(clippy::type_complexity)]
fn by_type<'a>(mut items: Vec<(&'a str, &'a str, usize)>) -> Vec<(&'a str, Vec<(&'a str, usize)>)> {
    items.sort_by(|a, b| (a.0, a.1).cmp(&(b.0, b.1)));
    items.dedup_by(|a, b| a.0 == b.0 && a.1 == b.1);
    let mut out: Vec<(&'a str, Vec<(&'a str, usize)>)> = Vec::new();
    for (ty, name, j) in items {
        match out.last_mut() {
            Some((t, names)) if *t == ty => names.push((name, j)),
            _ => out.push((ty, vec![(name, j)])),
        }
    }
    out
}

/// Entries in name order, each name once.
fn once<T>(items: &mut Vec<(&str, T)>) {
    items.sort_by(|a, b| a.0.cmp(b.0));
    items.dedup_by(|a, b| a.0 == b.0);
}

/// Whether `body` has a `dynamic` block, at any depth.
fn has_dynamic(body: &Body<'_>) -> bool {
    body.blocks()
        .any(|b| b.ident.as_str() == "dynamic" || has_dynamic(&b.body))
}

/// Terraform's static check of `module.NAME.OUTPUT` (after an index or a
/// splat too): the child must declare the output.
fn output_references(
    decl: &Declarations<'_, '_>,
    node: Node,
    outputs: &mut impl FnMut(usize) -> Option<Rc<HashSet<String>>>,
    errors: &mut Vec<Found>,
) {
    struct Uses<'a>(Vec<(&'a str, &'a str, Span)>);
    impl<'a> Visit<'a> for Uses<'a> {
        fn visit_expr(&mut self, e: &'a Expression<'a>) {
            if let ExprKind::Traversal(t) = &e.kind {
                if let (ExprKind::Variable("module"), [first, rest @ ..]) =
                    (&t.expr.kind, t.operators)
                {
                    if let TraversalOperatorKind::GetAttr(call) = &first.kind {
                        let rest = match rest.first().map(|o| &o.kind) {
                            Some(TraversalOperatorKind::GetAttr(_)) => rest,
                            Some(_) => &rest[1..],
                            None => rest,
                        };
                        if let Some(op) = rest.first() {
                            if let TraversalOperatorKind::GetAttr(out) = &op.kind {
                                self.0.push((call.as_str(), out.as_str(), op.span));
                            }
                        }
                    }
                }
            }
            walk_expr(self, e);
        }
    }
    let mut uses = Uses(Vec::new());
    match node {
        Node::Local(j) => uses.visit_expr(decl.locals[j].1),
        Node::Resource(j) => uses.visit_body(&decl.resources[j].3.body),
        Node::Call(j) => uses.visit_body(&decl.calls[j].1.body),
        Node::Output(j) => uses.visit_body(&decl.outputs[j].1.body),
        Node::Check(j) => uses.visit_body(&decl.checks[j].1.body),
    }
    for (call, out, span) in uses.0 {
        let Some(j) = decl.find(Kind::Call, "", call) else {
            continue;
        };
        if outputs(j).is_some_and(|names| !names.contains(out)) {
            errors.push((
                "Unsupported attribute".into(),
                format!("This object does not have an attribute named \"{out}\"."),
                Some(span),
            ));
        }
    }
}

/// The built-in `terraform_data`'s schema checks of a resource's body
/// (Terraform 1.11.4's `terraform validate`): an argument or block type it
/// does not have; else, its computed attributes set (the provider's errors,
/// of no place, `id` first).
fn terraform_data_errors(b: &Block<'_>, errors: &mut Vec<Found>) {
    let mut unsupported = Vec::new();
    let mut read_only = [false; 2];
    for s in b.body.structures {
        match s {
            Structure::Attribute(a) => match a.name.as_str() {
                "input" | "triggers_replace" => {}
                n if RESOURCE_META.contains(&n) => {}
                "id" => read_only[0] = true,
                "output" => read_only[1] = true,
                n => unsupported.push((
                    "Unsupported argument".into(),
                    format!("An argument named \"{n}\" is not expected here."),
                    Some(a.name.span),
                )),
            },
            Structure::Block(inner) => {
                // (A `dynamic` block makes blocks of its label's type.)
                let (ty, span) = match (inner.ident.as_str(), inner.labels.first()) {
                    ("dynamic", Some(l)) => (l.as_str(), l.span()),
                    (ty, _) => (ty, inner.ident.span),
                };
                if inner.ident.as_str() == "dynamic" || !RESOURCE_META_BLOCKS.contains(&ty) {
                    unsupported.push((
                        "Unsupported block type".into(),
                        format!("Blocks of type \"{ty}\" are not expected here."),
                        Some(span),
                    ));
                }
            }
        }
    }
    if unsupported.is_empty() {
        for (name, set) in ["id", "output"].into_iter().zip(read_only) {
            if set {
                errors.push((
                    format!("\"{name}\" attribute is read-only"),
                    String::new(),
                    None,
                ));
            }
        }
    }
    errors.append(&mut unsupported);
}

/// Roots that are not resources.
pub(super) const GLOBAL_ROOTS: &[&str] = &[
    "var",
    "local",
    "module",
    "data",
    "count",
    "each",
    "path",
    "terraform",
    "self",
];

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Node {
    Local(usize),
    Resource(usize),
    Call(usize),
    Output(usize),
    Check(usize),
}

/// What one reference names of its module, its declaration looked up
/// once (`None`: not declared).
#[derive(Clone, Copy)]
enum Named<'a> {
    /// No name of the module's: `count`, `each`, `path`, ..., or a
    /// namespace taken whole.
    Other,
    /// `var.NAME`, and whether it is declared.
    Var(&'a str, bool),
    Local(&'a str, Option<usize>),
    Call(&'a str, Option<usize>),
    /// `data.TYPE.NAME`.
    Data(&'a str, &'a str, Option<usize>),
    /// `TYPE.NAME`.
    Resource(&'a str, &'a str, Option<usize>),
}

impl<'a> Named<'a> {
    fn of(decl: &Declarations<'_, '_>, r: &Reference<'a>) -> Named<'a> {
        let Some(Step::Attr(n)) = r.steps.first() else {
            return Named::Other;
        };
        match r.root {
            "var" => Named::Var(n, decl.find(Kind::Variable, "", n).is_some()),
            "local" => Named::Local(n, decl.find(Kind::Local, "", n)),
            "module" => Named::Call(n, decl.find(Kind::Call, "", n)),
            "data" => match r.steps.get(1) {
                Some(Step::Attr(name)) => Named::Data(n, name, find_resource(decl, true, n, name)),
                _ => Named::Other,
            },
            root if GLOBAL_ROOTS.contains(&root) => Named::Other,
            ty => Named::Resource(ty, n, find_resource(decl, false, ty, n)),
        }
    }

    /// Terraform's error for a module call or resource not declared
    /// (`{module}` where the module's name goes); `None` for the others.
    #[cold]
    fn undeclared(&self) -> Option<(&'static str, String)> {
        Some(match *self {
            Named::Call(n, _) => (
                "Reference to undeclared module",
                format!("No module call named \"{n}\" is declared in {{module}}."),
            ),
            Named::Data(ty, name, _) => (
                "Reference to undeclared resource",
                format!("A data resource \"{ty}\" \"{name}\" has not been declared in {{module}}."),
            ),
            Named::Resource(ty, n, _) => (
                "Reference to undeclared resource",
                format!("A managed resource \"{ty}\" \"{n}\" has not been declared in {{module}}."),
            ),
            Named::Var(..) | Named::Local(..) | Named::Other => return None,
        })
    }
}

pub(super) fn find_resource(
    decl: &Declarations<'_, '_>,
    data: bool,
    ty: &str,
    name: &str,
) -> Option<usize> {
    decl.find(if data { Kind::Data } else { Kind::Resource }, ty, name)
}

/// Terraform's name of a node in a cycle.
fn node_name(decl: &Declarations<'_, '_>, n: Node) -> String {
    match n {
        Node::Local(j) => format!("local.{} (expand)", decl.locals[j].0),
        Node::Resource(j) => {
            let (data, ty, name, _) = decl.resources[j];
            ResourceMode::of(data).local(ty, name)
        }
        Node::Call(j) => format!("module.{} (close)", decl.calls[j].0),
        Node::Output(j) => format!("output.{} (expand)", decl.outputs[j].0),
        Node::Check(j) => format!("check.{} (expand)", decl.checks[j].0),
    }
}

/// The references of a block's body that name what the module declares
/// (its `depends_on` included): not a `dynamic` block's iterator inside
/// it, nor the `provider` and `providers` meta-arguments (provider
/// configurations), nor `lifecycle`'s `ignore_changes` (attribute names).
fn block_refs<'a>(b: &'a Block<'a>) -> Vec<Reference<'a>> {
    let mut iterators: HashSet<&str> = HashSet::default();
    dynamic_iterators(&b.body, &mut iterators);
    let mut refs = Vec::new();
    each_body_reference(&b.body, |path, r| {
        let meta = matches!(path, ["provider"] | ["providers"])
            || (path.first() == Some(&"lifecycle") && path.last() == Some(&"ignore_changes"));
        let iterator = path.contains(&"dynamic") && iterators.contains(r.root);
        if !meta && !iterator {
            refs.push(r);
        }
    });
    refs
}

/// The iterator names of the `dynamic` blocks in `body`, at any depth:
/// each block's label, or its `iterator` argument.
fn dynamic_iterators<'a>(body: &'a Body<'a>, out: &mut HashSet<&'a str>) {
    for b in body.blocks() {
        if b.ident.as_str() == "dynamic" {
            if let Some(l) = b.labels.first() {
                out.insert(l.as_str());
            }
            if let Some(a) = b.body.attribute("iterator") {
                if let ExprKind::Variable(name) = a.expr.kind {
                    out.insert(name);
                }
            }
        }
        dynamic_iterators(&b.body, out);
    }
}

/// The attribute names a module reads of each of its resources, for a
/// type whose schema is not known (what is not configured is unknown):
/// the names after the resource's address wherever the module refers to
/// it (`aws_x.y[0].arn`, `aws_x.y[*].identity[0].oidc`, `self.id` in its
/// own block); or, where an expression takes an instance whole
/// (`aws_x.y`, `[for r in aws_x.y : r.id]`, a function's argument, an
/// output's value), every name the module accesses with `.name` after
/// anything. Each list in name order; `lists[at[j]]` is the `j`th
/// resource's.
pub(super) struct Accessed {
    lists: Vec<Vec<String>>,
    at: Vec<usize>,
    /// The names the module reads of its calls' outputs (`id` of
    /// `module.m.object.id`), in name order: what a caller may read of a
    /// resource a module's output holds whole.
    pub(super) of_outputs: Vec<String>,
}

impl Accessed {
    /// The names read of resource `j` (in `decl.resources`' order).
    pub(super) fn of(&self, j: usize) -> &[String] {
        &self.lists[self.at[j]]
    }

    /// Whether an expression of the module takes resource `j` whole.
    pub(super) fn whole(&self, j: usize) -> bool {
        self.at[j] == 0
    }
}

pub(super) fn accessed_names(body: &Body<'_>, decl: &Declarations<'_, '_>) -> Accessed {
    /// By resource mode and type: the names read after an address, or
    /// `None` once an expression takes an instance whole.
    type ByType<'a> = HashMap<(bool, &'a str), Option<HashSet<&'a str>>>;
    struct Names<'a> {
        /// Every name accessed, as found (put in order and made unique
        /// only when some resource is taken whole).
        all: Vec<&'a str>,
        /// The names after a call's output (`module.m.out.NAME`).
        of_outputs: Vec<&'a str>,
        by_type: ByType<'a>,
        /// The resource whose block is being read (what `self` is).
        current: Option<(bool, &'a str)>,
    }
    impl<'a> Visit<'a> for Names<'a> {
        fn visit_expr(&mut self, e: &'a Expression<'a>) {
            if let ExprKind::Traversal(t) = &e.kind {
                let attr = |i: usize| match t.operators.get(i).map(|o| &o.kind) {
                    Some(TraversalOperatorKind::GetAttr(n)) => Some(n.as_str()),
                    _ => None,
                };
                let (skip, of) = match t.expr.kind {
                    ExprKind::Variable("data") => match (attr(0), attr(1)) {
                        (Some(ty), Some(_)) => (2, Some((true, ty))),
                        _ => (2, None),
                    },
                    ExprKind::Variable("self") => (0, self.current),
                    ExprKind::Variable(root) if !GLOBAL_ROOTS.contains(&root) => {
                        (1, attr(0).map(|_| (false, root)))
                    }
                    ExprKind::Variable(_) => (1, None),
                    _ => (0, None),
                };
                let names = t
                    .operators
                    .iter()
                    .skip(skip)
                    .filter_map(|op| match &op.kind {
                        TraversalOperatorKind::GetAttr(i) => Some(i.as_str()),
                        _ => None,
                    });
                self.all.extend(names.clone());
                if matches!(t.expr.kind, ExprKind::Variable("module")) {
                    // (`names` start after the call's name: after the
                    // output's.)
                    self.of_outputs.extend(names.clone().skip(1));
                }
                if let Some(key) = of {
                    let entry = self
                        .by_type
                        .entry(key)
                        .or_insert_with(|| Some(HashSet::default()));
                    let mut names = names.peekable();
                    match (entry.as_mut(), names.peek()) {
                        (Some(set), Some(_)) => set.extend(names),
                        (Some(_), None) => *entry = None,
                        (None, _) => {}
                    }
                }
            }
            walk_expr(self, e);
        }
    }
    let mut n = Names {
        all: Vec::new(),
        of_outputs: Vec::new(),
        by_type: HashMap::default(),
        current: None,
    };
    for s in body.structures {
        match s {
            Structure::Attribute(a) => n.visit_attribute(a),
            Structure::Block(b) => {
                n.current = match (b.ident.as_str(), b.labels.first()) {
                    ("resource", Some(ty)) => Some((false, ty.as_str())),
                    ("data", Some(ty)) => Some((true, ty.as_str())),
                    _ => None,
                };
                n.visit_block(b);
                n.current = None;
            }
        }
    }
    let sorted = |set: &HashSet<&str>| {
        let mut v: Vec<String> = set.iter().map(|s| (*s).to_owned()).collect();
        v.sort_unstable();
        v
    };
    // (0: every name, filled below when a resource is taken whole; 1:
    // none, for a type nothing refers to; then one list for each type of
    // the module that is referred to.)
    let mut lists = vec![Vec::new(), Vec::new()];
    let mut index: HashMap<(bool, &str), usize> = HashMap::default();
    let at = decl
        .resources
        .iter()
        .map(|&(is_data, ty, _, _)| match n.by_type.get(&(is_data, ty)) {
            None => 1,
            Some(None) => 0,
            Some(Some(set)) => *index.entry((is_data, ty)).or_insert_with(|| {
                lists.push(sorted(set));
                lists.len() - 1
            }),
        })
        .collect::<Vec<usize>>();
    if at.contains(&0) {
        n.all.sort_unstable();
        n.all.dedup();
        lists[0] = n.all.iter().map(|s| (*s).to_owned()).collect();
    }
    n.of_outputs.sort_unstable();
    n.of_outputs.dedup();
    let of_outputs = n.of_outputs.iter().map(|s| (*s).to_owned()).collect();
    Accessed {
        lists,
        at,
        of_outputs,
    }
}

/// What a module declares, with Terraform's errors of its duplicate
/// declarations and of its rules (each at its place in its file).
pub(super) fn declarations(files: &Files) -> Result<Declarations<'_, '_>> {
    let text = files.source();
    let mut decl = Declarations::of(files.body(), &|span| {
        crate::config::range_text(text, &files.files, span)
    });
    match decl.failed.take() {
        Some(e) => Err(files.locate(e)),
        None => Ok(decl),
    }
}
