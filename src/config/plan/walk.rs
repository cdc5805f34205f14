//! The walk of a configuration: each module instance's locals, resources,
//! module calls and outputs, evaluated in the order they depend on each
//! other, each in a scope holding only what it refers to (as Terraform
//! builds one per expression).

use std::borrow::Cow;
use std::cell::Cell;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use super::graph::{declarations, Graph, Node, Scope};
use super::repetition::{self, Instances, Repeat};
use super::sources::{key_of, normalize, source_of, Sources};
use super::{configuration, json};
use super::{
    CheckKind, CheckStatus, Checked, CheckedInstance, InstanceKey, Mode, OutputValue, Plan,
    PlanOptions, Refactoring, RefactoringKind, ResourceInstance, ResourceMode,
};
use super::{CALL_META, RESOURCE_META, RESOURCE_META_BLOCKS};
use crate::analysis::{references, Step};
use crate::config::condition::{self, Outcome};
use crate::config::module::{header_span, variables_context, Declarations, Kind};
use crate::config::Files;
use crate::error::{Error, ErrorKind, Result};
use crate::eval::{evaluate_typed, Context, Namespace, Part, Typed};
use crate::syntax::Span;
use crate::syntax::{Block, Body, ExprKind, Structure};
use crate::value::map::{FastHashMap as HashMap, FastHashSet as HashSet};
use crate::value::meta;
use crate::value::{Key, Map, Type, Value};

/// The built-in provider's full name.
const BUILTIN: &str = "terraform.io/builtin/terraform";

pub(super) fn plan(files: &Files, dir: Option<PathBuf>, opts: &PlanOptions<'_>) -> Result<Plan> {
    let fresh;
    let base = match opts.context {
        Some(c) => c,
        None => {
            fresh = Context::new();
            &fresh
        }
    };
    let sources = Sources::read(files, dir.clone(), opts.max_module_depth);
    let base = plan_context(
        base,
        cfg!(feature = "fs") && opts.allow_files && dir.is_some(),
    );
    let mut w = Walker::new(opts, &base, &sources);
    let root = At {
        files,
        dir: dir.clone(),
        address: String::new(),
        key: String::new(),
        path_module: ".".to_owned(),
        depth: 0,
    };
    let graph = w.graph(files, dir.as_deref(), "")?;
    let decl = &graph.decl;
    // Plan mode: the root variables' values first (Terraform checks them
    // before anything else).
    // (Their validation rules are evaluated here too; what they find is
    // the plan walk's, below.)
    let mut vars = None;
    let mut outcomes = Vec::new();
    let mut checked = Ok(());
    if opts.mode == Mode::Plan {
        let mut warnings = Vec::new();
        let (values, invalid) = files.variable_values(
            decl,
            &graph.variables,
            &opts.inputs,
            opts.missing_unknown,
            &mut warnings,
            Some(&mut outcomes),
        )?;
        vars = Some(values);
        checked = invalid.map_or(Ok(()), Err);
        w.plan.warnings.extend(warnings);
    }
    // Then, as Terraform builds its graph, every module call's arguments
    // against the child's variables, through the whole tree.
    w.check_calls(&root, &graph)?;
    // (Every module's graph is made now.)
    w.output_reads = output_reads(&w.graphs);
    // Terraform validates before it plans: every input unknown.
    let mut unknown_vars = Vec::new();
    for (i, (name, _)) in decl.variables.iter().enumerate() {
        let v = graph.variable(i)?;
        unknown_vars.push((name.to_string(), Typed::unknown(v.constraint().ty())));
    }
    let Some(vars) = vars else {
        let validated = w.module(
            &root,
            &graph,
            unknown_vars,
            Mode::Validate,
            &HashSet::default(),
        );
        let mut failed = w.input_errors.take();
        if let Err(e) = validated {
            Error::append(&mut failed, e);
        }
        return match failed {
            Some(e) => Err(e),
            None => Ok(w.plan),
        };
    };
    // The plan walk: the root variables' validation outcomes recorded
    // first.
    let mut invalid = HashSet::default();
    for (name, o) in outcomes {
        if o.iter().any(|o| matches!(o, Outcome::Fail(_))) {
            invalid.insert(name.clone());
        }
        let local = format!("var.{name}");
        w.checked("", "", CheckKind::Variable, &name, &local, None, Some(&o));
    }
    w.plan.variables.clone_from(&vars);
    // (The walk goes on without what depends on a variable that failed,
    // as Terraform's does.)
    let shadow_vars = vars.clone();
    w.record = true;
    let walked = w.module(&root, &graph, vars, Mode::Plan, &invalid);
    w.record = false;
    // The validation Terraform runs first, as if it came first: its errors
    // are the plan's. After a plan walk that succeeded it evaluates only
    // what that walk did not evaluate whole (see `Graph::cover`).
    let succeeded = walked.is_ok() && checked.is_ok() && w.input_errors.is_none();
    let mut v = Walker {
        graphs: w.graphs.clone(),
        shared_graphs: w.shared_graphs.clone(),
        outputs: w.outputs.clone(),
        warned: w.warned.clone(),
        output_reads: w.output_reads.clone(),
        after_plan: succeeded,
        ..Walker::new(opts, &base, &sources)
    };
    let validated = match succeeded && !v.unvalidated_nodes(&root, &graph)?.contains(&true) {
        true => Ok(()),
        false => v
            .module(
                &root,
                &graph,
                unknown_vars,
                Mode::Validate,
                &HashSet::default(),
            )
            .map(drop),
    };
    let mut failed = v.input_errors.take();
    if let Err(e) = validated {
        Error::append(&mut failed, e);
    }
    if let Some(e) = failed {
        return Err(v.failed(e));
    }
    if walked.is_ok() {
        w.mark_sensitive(&root, &graph, shadow_vars, &invalid)?;
    }
    // The configuration, as the plan describes it.
    let mut providers = configuration::Providers::new();
    let describe = w.opts.describe;
    let root_config = w.configuration_of(&root, &BTreeMap::new(), &mut providers, describe);
    let mut failed = checked.err();
    match root_config {
        Ok(_) if !describe => {}
        Ok(root_module) => {
            let mut c = Map::new();
            if !providers.is_empty() {
                let p: Map<Key, Value> = providers
                    .into_iter()
                    .map(|(k, v)| (Key::from(k.as_str()), v))
                    .collect();
                c.insert(Key::from("provider_config"), Value::Object(p));
            }
            c.insert(Key::from("root_module"), root_module);
            w.plan.configuration = Some(Value::Object(c));
        }
        Err(e) => Error::append(&mut failed, e),
    }
    if let Some(e) = w.input_errors.take() {
        Error::append(&mut failed, e);
    }
    if let Err(e) = walked {
        Error::append(&mut failed, e);
    }
    if let Some(e) = failed {
        return Err(w.failed(e));
    }
    w.plan.checks = std::mem::take(&mut w.checks).into_values().collect();
    Ok(w.plan)
}

struct Walker<'o, 'c, 'm> {
    opts: &'o PlanOptions<'c>,
    base: &'o Context<'o>,
    plan: Plan,
    /// The modules the configuration's calls reach.
    sources: &'m Sources,
    /// `path.cwd`: the root module's directory, absolute.
    cwd: String,
    /// Their graphs so far, by module (its files' address: each directory
    /// is read once) and module key (`""` for the root).
    graphs: HashMap<usize, HashMap<String, Rc<Graph<'m>>>>,
    /// The same, by directory and the directories its calls reach.
    shared_graphs: HashMap<SharedGraph, Rc<Graph<'m>>>,
    /// Their output names, by directory.
    outputs: HashMap<PathBuf, Rc<HashSet<String>>>,
    /// The declarations of modules whose output names were asked for
    /// before their graph was made, by module (its files' address).
    declared: HashMap<usize, Declarations<'m, 'm>>,
    /// The modules warned of as not installed, by key.
    warned: HashSet<String>,
    /// The names any module reads of its calls' outputs, in name order:
    /// what a caller may read of a resource an output holds whole.
    output_reads: Rc<[String]>,
    /// The objects with custom conditions, by address.
    checks: BTreeMap<String, Checked>,
    /// Module inputs that failed their validation rules.
    input_errors: Option<Error>,
    /// The outputs the module instance walked last left out.
    skipped_outputs: HashSet<String>,
    /// Those of the module call evaluated last, over its instances.
    call_skipped: HashSet<String>,
    /// Whether this walk plans with every `sensitive` variable and output
    /// unknown (to find what depends on them).
    shadow: bool,
    /// Whether this walk records what it evaluates whole (the plan walk).
    record: bool,
    /// Whether the resource or call evaluated last was evaluated whole.
    whole: bool,
    /// Whether this validate walk follows a plan walk that succeeded.
    after_plan: bool,
    /// Whether each module (by directory and key) has something the plan
    /// walk did not evaluate whole, in it or in the modules it calls.
    unvalidated: HashMap<(Option<PathBuf>, String), bool>,
}

/// A module's directory and the directories its calls reach.
type SharedGraph = (Option<PathBuf>, Vec<Option<PathBuf>>);

/// One module instance being walked.
struct At<'m> {
    files: &'m Files,
    dir: Option<PathBuf>,
    /// `module.a["k"].module.b` (`""` for the root).
    address: String,
    /// The module's key in Terraform's manifest (`a.b`).
    key: String,
    /// `path.module`.
    path_module: String,
    depth: usize,
}

impl At<'_> {
    /// A child module's key in Terraform's manifest (`a.b`).
    fn key_of(&self, call: &str) -> String {
        key_of(&self.key, call)
    }

    /// The address of something this module instance declares
    /// (`aws_x.y`, `module.m`), with its instance key, or `[*]` when its
    /// keys are deferred: `module.a["k"].aws_x.y[0]`.
    fn address_of(&self, local: &str, key: Option<&InstanceKey>, deferred: bool) -> String {
        let mut address = self.address.clone();
        if !address.is_empty() {
            address.push('.');
        }
        address.push_str(local);
        if let Some(k) = key {
            address.push_str(&k.to_string());
        }
        if deferred {
            address.push_str("[*]");
        }
        address
    }

    /// How Terraform names the module in messages.
    fn display(&self) -> String {
        if self.address.is_empty() {
            "the root module".to_owned()
        } else {
            self.address.clone()
        }
    }
}

/// What a module instance has evaluated so far.
#[derive(Default)]
struct State {
    vars: HashMap<String, Typed>,
    locals: HashMap<usize, Typed>,
    resources: HashMap<usize, Typed>,
    calls: HashMap<usize, Typed>,
    /// The outputs of each call left out (see `Walker::skipped_outputs`).
    call_skipped: HashMap<usize, HashSet<String>>,
}

impl<'o, 'c, 'm> Walker<'o, 'c, 'm> {
    /// A walk of the configuration whose modules are `sources`: nothing
    /// evaluated yet.
    fn new(opts: &'o PlanOptions<'c>, base: &'o Context<'o>, sources: &'m Sources) -> Self {
        Walker {
            opts,
            base,
            plan: Plan::default(),
            sources,
            cwd: sources
                .root
                .as_deref()
                .and_then(|d| std::path::absolute(d).ok())
                .map_or_else(|| ".".to_owned(), |d| d.to_string_lossy().into_owned()),
            graphs: HashMap::default(),
            shared_graphs: HashMap::default(),
            outputs: HashMap::default(),
            declared: HashMap::default(),
            warned: HashSet::default(),
            output_reads: Rc::from(Vec::new()),
            checks: BTreeMap::new(),
            input_errors: None,
            skipped_outputs: HashSet::default(),
            call_skipped: HashSet::default(),
            shadow: false,
            record: false,
            whole: false,
            after_plan: false,
            unvalidated: HashMap::default(),
        }
    }

    /// Walks one module instance; its outputs as an object.
    fn module(
        &mut self,
        at: &At<'m>,
        graph: &Graph<'m>,
        vars: Vec<(String, Typed)>,
        mode: Mode,
        invalid: &HashSet<String>,
    ) -> Result<Typed> {
        let files = at.files;
        let decl = &graph.decl;
        let (nodes, refs, deps) = (&graph.nodes, &graph.refs, &graph.deps);
        let order = graph.order()?;
        // Those that refer to a root variable whose validation failed.
        let mut skipped = vec![false; nodes.len()];
        if !invalid.is_empty() {
            for (k, rs) in refs.iter().enumerate() {
                skipped[k] = rs.iter().any(|r| match (r.root, r.steps.first()) {
                    ("var", Some(Step::Attr(n))) => invalid.contains(*n),
                    _ => false,
                });
            }
        }
        let mut failed: Option<Error> = None;
        let mut bad = vec![false; nodes.len()];
        let mctx = self.module_context(at);
        let mut st = State {
            vars: vars.into_iter().collect(),
            ..State::default()
        };
        if self.shadow {
            for (name, block) in &decl.variables {
                if configuration::is_true(&block.body, "sensitive") {
                    if let Some(t) = st.vars.get_mut(*name) {
                        *t = Typed::unknown(t.ty().clone());
                    }
                }
            }
        }
        // (After a plan walk that succeeded: only what it did not evaluate
        // whole, and what that depends on.)
        let needed = match (mode, self.after_plan) {
            (Mode::Validate, true) => Some(self.unvalidated_nodes(at, graph)?),
            _ => None,
        };
        let mut outputs: Vec<(String, Typed)> = Vec::new();
        for &i in order {
            if needed.as_ref().is_some_and(|n| !n[i]) {
                continue;
            }
            let node = nodes[i];
            if needed.is_some() && validated_unknown(graph, i) {
                if let Node::Resource(j) = node {
                    st.resources.insert(j, Typed::unknown(Type::Dynamic));
                }
                continue;
            }
            let of_skipped = !st.call_skipped.is_empty()
                && refs[i].iter().any(|r| {
                    let Some(Step::Attr(call)) = r.steps.first().filter(|_| r.root == "module")
                    else {
                        return false;
                    };
                    let Some(out) = decl
                        .find(Kind::Call, "", call)
                        .and_then(|j| st.call_skipped.get(&j))
                    else {
                        return false;
                    };
                    match r.steps.iter().skip(1).find_map(|s| match s {
                        Step::Attr(o) => Some(*o),
                        Step::Index(_) => None,
                    }) {
                        Some(o) => out.contains(o),
                        None => !out.is_empty(),
                    }
                });
            if skipped[i] || of_skipped || deps[i].iter().any(|&d| bad[d]) {
                bad[i] = true;
                continue;
            }
            if let Some(e) = graph.errors(i, || at.display()) {
                Error::append(&mut failed, files.locate(e.sorted()));
                bad[i] = true;
                continue;
            }
            let ctx = Self::scope(&mctx, &graph.scopes[i], &st);
            let r = match node {
                Node::Local(j) => {
                    let t = evaluate_typed(decl.locals[j].1, &ctx);
                    t.map(|t| {
                        st.locals.insert(j, t);
                    })
                }
                Node::Resource(j) => self.resource(at, graph, j, &ctx, mode).map(|t| {
                    st.resources.insert(j, t);
                }),
                Node::Call(j) => self.call(at, decl, j, &ctx, mode).map(|t| {
                    st.calls.insert(j, t);
                    let skipped = std::mem::take(&mut self.call_skipped);
                    if !skipped.is_empty() {
                        st.call_skipped.insert(j, skipped);
                    }
                }),
                Node::Check(j) => {
                    let (name, block) = decl.checks[j];
                    if mode == Mode::Plan {
                        let mut outcomes = Vec::new();
                        let asserts = condition::rules(&block.body, "assert");
                        let summary = "Check block assertion failed";
                        if let Err(e) = check_rules(asserts, &ctx, summary, &mut outcomes) {
                            // (Failed assertions are warnings.)
                            self.warn(files.locate(e));
                        }
                        // (And so are those not known until apply.)
                        let unknown = condition::rules(&block.body, "assert")
                            .zip(&outcomes)
                            .filter(|(_, o)| **o == Outcome::Unknown)
                            .map(|(rule, _)| files.locate(Error::described(ErrorKind::Eval, "Check block assertion known after apply", "The condition could not be evaluated at this time, a result will be known when this plan is applied.").at_span(condition::span(rule))));
                        for e in unknown.collect::<Vec<_>>() {
                            self.warn(e);
                        }
                        let local = format!("check.{name}");
                        self.checked_here(at, CheckKind::Check, name, &local, None, &outcomes);
                    }
                    Ok(())
                }
                Node::Output(j) => {
                    let (name, block) = decl.outputs[j];
                    // (Validate mode checks them too, where known.)
                    let mut outcomes = Vec::new();
                    let rules = condition::rules(&block.body, "precondition");
                    let summary = "Module output value precondition failed";
                    let pre = check_rules(rules, &ctx, summary, &mut outcomes);
                    if mode == Mode::Plan && !outcomes.is_empty() {
                        let local = format!("output.{name}");
                        self.checked_here(
                            at,
                            CheckKind::OutputValue,
                            name,
                            &local,
                            None,
                            &outcomes,
                        );
                    }
                    let value = pre.and_then(|()| match block.body.attribute("value") {
                        Some(a) => evaluate_typed(&a.expr, &ctx),
                        None => Err(Error::described(
                            ErrorKind::Eval,
                            "Missing required argument",
                            "The argument \"value\" is required, but no definition was found.",
                        )
                        .at_span(block.body.span)),
                    });
                    value.map(|v| {
                        if at.depth == 0 && mode == Mode::Plan {
                            let sensitive = block
                                .body
                                .attribute("sensitive")
                                .and_then(|a| evaluate_typed(&a.expr, &ctx).ok())
                                .is_some_and(|t| t.value() == &Value::Bool(true));
                            self.plan.outputs.push(OutputValue {
                                name: name.to_owned(),
                                value: v.clone(),
                                sensitive,
                            });
                        }
                        // (A child's sensitive output is unknown to the
                        // caller in the walk that finds what depends on
                        // sensitive values.)
                        let hidden = self.shadow
                            && at.depth > 0
                            && configuration::is_true(&block.body, "sensitive");
                        let v = if hidden {
                            Typed::unknown(v.ty().clone())
                        } else {
                            v
                        };
                        outputs.push((name.to_owned(), v));
                    })
                }
            };
            match &r {
                // (A resource or call with no instance, or a `dynamic`
                // block that made no content or is nested in another's, may
                // have left expressions out.)
                Ok(()) if self.record => {
                    let whole = match node {
                        Node::Resource(_) => std::mem::take(&mut self.whole),
                        Node::Call(_) => std::mem::take(&mut self.whole) && !graph.dynamic[i],
                        _ => true,
                    };
                    if whole {
                        graph.cover(i);
                    }
                }
                _ => {}
            }
            if let Err(e) = r {
                // (A module call's errors are placed in their files.)
                let e = if matches!(node, Node::Call(_)) {
                    e
                } else {
                    files.locate(e)
                };
                Error::append(&mut failed, e);
                bad[i] = true;
            }
        }
        if let Some(e) = failed {
            return Err(e);
        }
        if mode == Mode::Plan {
            self.refactorings(at, decl, &mctx, &st)?;
        }
        if at.depth == 0 && mode == Mode::Plan {
            // Outputs in the order they are declared.
            let order: HashMap<&str, usize> = decl
                .outputs
                .iter()
                .enumerate()
                .map(|(i, o)| (o.0, i))
                .collect();
            self.plan
                .outputs
                .sort_by_key(|o| order.get(o.name.as_str()).copied());
        }
        let by_decl: HashMap<&str, usize> = decl
            .outputs
            .iter()
            .enumerate()
            .map(|(i, o)| (o.0, i))
            .collect();
        outputs.sort_by_key(|o| by_decl.get(o.0.as_str()).copied());
        // The outputs left out (what they refer to failed a validation
        // rule): what refers to them in the caller is left out too.
        self.skipped_outputs = nodes
            .iter()
            .zip(&bad)
            .filter_map(|(n, b)| match n {
                Node::Output(j) if *b => Some(decl.outputs[*j].0.to_owned()),
                _ => None,
            })
            .collect();
        Ok(Typed::object(outputs))
    }

    /// The arguments of every module call in the tree under `at`, each
    /// checked against its child's variables: the first call that fails
    /// is the error (as Terraform reports it while building its graph).
    fn check_calls(&mut self, at: &At<'m>, graph: &Graph<'m>) -> Result<()> {
        if at.depth > self.opts.max_module_depth {
            return Ok(());
        }
        for (name, block) in &graph.decl.calls {
            let key = at.key_of(name);
            let Some((child, dir)) = self.source(at, &key, block)? else {
                continue;
            };
            let sub = At {
                files: child,
                dir: Some(dir),
                address: String::new(),
                key,
                path_module: String::new(),
                depth: at.depth + 1,
            };
            let child_graph = self.graph(child, sub.dir.as_deref(), &sub.key)?;
            if let Some(e) = call_arguments(block, &child_graph) {
                return Err(at.files.locate(e));
            }
            self.check_calls(&sub, &child_graph)?;
        }
        Ok(())
    }

    /// The nodes of the module at `at` that a validate walk after a plan
    /// walk that succeeded evaluates: those the plan did not evaluate
    /// whole, the calls of modules with such nodes, and what these depend
    /// on.
    fn unvalidated_nodes(&mut self, at: &At<'m>, graph: &Graph<'m>) -> Result<Vec<bool>> {
        let mut needed = vec![false; graph.nodes.len()];
        let mut stack = Vec::new();
        for (i, node) in graph.nodes.iter().enumerate() {
            let seed = !graph.covered(i)
                || match *node {
                    Node::Call(j) => self.call_unvalidated(at, graph, j)?,
                    _ => false,
                };
            if seed {
                needed[i] = true;
                stack.push(i);
            }
        }
        while let Some(i) = stack.pop() {
            for &d in &graph.deps[i] {
                if !needed[d] {
                    needed[d] = true;
                    // (A resource the plan evaluated whole is unknown in a
                    // validate walk, whatever its body: its value is
                    // needed, not what it depends on; see
                    // `validated_unknown`.)
                    if !validated_unknown(graph, d) {
                        stack.push(d);
                    }
                }
            }
        }
        Ok(needed)
    }

    /// Whether module call `j` of the module at `at` reaches a module with
    /// something the plan walk did not evaluate whole.
    fn call_unvalidated(&mut self, at: &At<'m>, graph: &Graph<'m>, j: usize) -> Result<bool> {
        if at.depth >= self.opts.max_module_depth {
            return Ok(false);
        }
        let (name, block) = graph.decl.calls[j];
        let key = at.key_of(name);
        let Some(dir) =
            source_of(block).and_then(|src| self.sources.dir_of(at.dir.as_deref(), &key, &src))
        else {
            return Ok(false);
        };
        let id = (Some(dir.clone()), key.clone());
        if let Some(&u) = self.unvalidated.get(&id) {
            return Ok(u);
        }
        let files = self.sources.files(&dir)?;
        let child = self.graph(files, Some(&dir), &key)?;
        let sub = At {
            files,
            dir: Some(dir),
            address: String::new(),
            key,
            path_module: String::new(),
            depth: at.depth + 1,
        };
        let u = self.unvalidated_nodes(&sub, &child)?.contains(&true);
        self.unvalidated.insert(id, u);
        Ok(u)
    }

    /// The graph of the module `files` (read from `dir`) of key `key`,
    /// found once for each key.
    fn graph(&mut self, files: &'m Files, dir: Option<&Path>, key: &str) -> Result<Rc<Graph<'m>>> {
        let module = module_id(files);
        if let Some(g) = self.graphs.get(&module).and_then(|by_key| by_key.get(key)) {
            return Ok(g.clone());
        }
        // (A module called under several keys whose calls reach the same
        // directories has one graph: what the key changes is only where
        // installed modules are found.)
        let sources = self.sources;
        let reached: Vec<Option<PathBuf>> = files
            .body()
            .blocks()
            .filter(|b| b.ident.as_str() == "module")
            .map(|b| {
                let name = b.labels.first()?.as_str();
                sources.dir_of(dir, &key_of(key, name), &source_of(b)?)
            })
            .collect();
        let shared = (dir.map(Path::to_path_buf), reached);
        if let Some(g) = self.shared_graphs.get(&shared) {
            let g = g.clone();
            self.remember(module, key, &g);
            return Ok(g);
        }
        let declared = self.declared.remove(&module);
        // (A call whose source is missing or not installed has no outputs
        // known here: `check_calls` reports the first, warns of the other.)
        let mut outputs = |block: &Block<'_>| {
            let name = block.labels.first()?.as_str();
            let src = source_of(block)?;
            let dir = sources.dir_of(dir, &key_of(key, name), &src)?;
            self.outputs_of(&dir).ok()
        };
        let g = Rc::new(Graph::of(files, declared, &mut outputs)?);
        self.remember(module, key, &g);
        self.shared_graphs.insert(shared, g.clone());
        Ok(g)
    }

    /// Keeps the graph `g` of `module` (its files' address) of key `key`.
    fn remember(&mut self, module: usize, key: &str, g: &Rc<Graph<'m>>) {
        self.graphs
            .entry(module)
            .or_default()
            .insert(key.to_owned(), g.clone());
    }

    /// The output names of the module read from `dir`.
    fn outputs_of(&mut self, dir: &Path) -> Result<Rc<HashSet<String>>> {
        if let Some(o) = self.outputs.get(dir) {
            return Ok(o.clone());
        }
        // (From its graph when it has one; else from its declarations,
        // kept for its graph.)
        let files = self.sources.files(dir)?;
        let module = module_id(files);
        let graph = self
            .graphs
            .get(&module)
            .and_then(|by_key| by_key.values().next());
        let names: HashSet<String> = match graph {
            Some(g) => g.decl.outputs.iter().map(|o| o.0.to_owned()).collect(),
            None => {
                let decl = declarations(files)?;
                let names = decl.outputs.iter().map(|o| o.0.to_owned()).collect();
                self.declared.insert(module, decl);
                names
            }
        };
        let names = Rc::new(names);
        self.outputs.insert(dir.to_path_buf(), names.clone());
        Ok(names)
    }

    /// What every expression of a module instance is evaluated in: the
    /// plan's context (see [`plan_context`]) with `path` and `terraform`,
    /// and the file functions reading from the module's directory when
    /// files are allowed.
    fn module_context(&self, at: &At<'_>) -> Context<'o> {
        let mut ctx = self.base.child();
        ctx.declare_var(
            "path",
            Value::from_iter([
                ("module", Value::from(at.path_module.as_str())),
                ("root", Value::from(".")),
                ("cwd", Value::from(self.cwd.as_str())),
            ]),
        );
        ctx.declare_var(
            "terraform",
            Value::from_iter([("workspace", Value::from(self.opts.workspace.as_str()))]),
        );
        #[cfg(feature = "fs")]
        if let (true, Some(dir)) = (self.opts.allow_files, &at.dir) {
            ctx.allow_files(dir);
        }
        ctx
    }

    /// The context a node is evaluated in: what its references name (see
    /// [`Scope`]), with the values evaluated so far.
    fn scope<'b>(parent: &'b Context<'b>, names: &'b Scope<'_>, st: &'b State) -> Context<'b> {
        let mut ctx = parent.child();
        // (Each a namespace of the values referred to, borrowed.)
        type Parts<'b> = Vec<(Key, Part<'b>)>;
        let held = |t: Option<&'b Typed>| {
            Part::Value(t.map_or_else(|| Cow::Owned(Typed::unknown(Type::Dynamic)), Cow::Borrowed))
        };
        let var: Parts<'b> = names
            .vars
            .iter()
            .filter_map(|n| Some((Key::from(*n), held(Some(st.vars.get(*n)?)))))
            .collect();
        let local: Parts<'b> = names
            .locals
            .iter()
            .map(|&(n, j)| (Key::from(n), held(st.locals.get(&j))))
            .collect();
        // A module call's value, borrowed whole (copying the outputs
        // referred to would cost more than the lookups it saves).
        let module: Parts<'b> = names
            .calls
            .iter()
            .map(|&(n, j)| (Key::from(n), held(st.calls.get(&j))))
            .collect();
        // (By type: a namespace of each type's names.)
        let by_type = |types: &'b [(&str, Vec<(&str, usize)>)]| {
            types.iter().map(|(ty, items)| {
                let items = items
                    .iter()
                    .map(|&(n, j)| (Key::from(n), held(st.resources.get(&j))))
                    .collect();
                (*ty, Namespace::new(items))
            })
        };
        // (Only those referred to: an expression that names no `var`
        // does not look it up.)
        let data: Parts<'b> = by_type(&names.data)
            .map(|(ty, ns)| (Key::from(ty), Part::Nested(ns)))
            .collect();
        for ((name, parts), named) in Scope::ROOTS
            .into_iter()
            .zip([var, local, module, data])
            .zip(names.roots)
        {
            if !parts.is_empty() || named {
                ctx.declare_namespace(name, Namespace::new(parts));
            }
        }
        for (ty, ns) in by_type(&names.resources) {
            ctx.declare_namespace(ty, ns);
        }
        ctx
    }

    /// How a block repeats, its instances (in validate mode: one, with
    /// unknown keys), checked as Terraform checks `count` and `for_each`.
    fn instances(
        &self,
        block: &Block<'_>,
        ctx: &Context<'_>,
        mode: Mode,
    ) -> Result<(Repeat, Option<Instances>)> {
        // Keys not known: validate mode's, and in plan mode with missing
        // variables unknown, a deferred block (one partial instance, as
        // Terraform's deferred actions have it) instead of the error.
        let defer = mode == Mode::Validate || self.opts.missing_unknown;
        let count = block.body.attribute("count");
        let for_each = block.body.attribute("for_each");
        let max = self.opts.max_instances;
        match (count, for_each) {
            (Some(_), Some(f)) => Err(Error::described(ErrorKind::Eval, "Invalid combination of \"count\" and \"for_each\"", "The \"count\" and \"for_each\" meta-arguments are mutually-exclusive, only one should be used to be explicit about the number of resources to be created.").at_span(f.name.span)),
            (Some(c), None) => {
                let v = evaluate_typed(&c.expr, ctx)?;
                if defer && !v.is_known() {
                    return Ok((Repeat::Count, None));
                }
                let inst = repetition::count(v, c.expr.span, max)?;
                Ok((Repeat::Count, Some(inst)))
            }
            (None, Some(f)) => {
                let v = evaluate_typed(&f.expr, ctx)?;
                let unknown_keys = match mode {
                    Mode::Validate => meta::is_unknown(v.as_meta().1),
                    Mode::Plan => for_each_keys_unknown(&v),
                };
                if defer && unknown_keys {
                    return Ok((Repeat::ForEach, None));
                }
                let inst = repetition::for_each(v, f.expr.span, max)?;
                Ok((Repeat::ForEach, Some(inst)))
            }
            (None, None) => Ok((Repeat::One, Some(Vec::new()))),
        }
    }

    /// A child context with `count` or `each` for one instance (`None`:
    /// validate mode's unknown keys).
    fn instance_ctx<'p>(
        parent: &'p Context<'p>,
        repeat: Repeat,
        inst: Option<&(InstanceKey, Option<Typed>)>,
    ) -> Context<'p> {
        let mut ctx = parent.child();
        match (repeat, inst) {
            (Repeat::One, _) => {}
            (Repeat::Count, Some((InstanceKey::Int(i), _))) => {
                ctx.declare_var("count", Value::from_iter([("index", Value::from(*i))]));
            }
            (Repeat::Count, _) => {
                ctx.declare_unknown("count.index", Type::Number, true);
            }
            (Repeat::ForEach, Some((key, value))) => {
                let key = match key {
                    InstanceKey::Str(s) => s.clone(),
                    InstanceKey::Int(i) => i.to_string(),
                };
                let value = value.clone().unwrap_or_else(|| Typed::from(Value::Null));
                ctx.declare_typed(
                    "each",
                    Typed::object([("key", Typed::from(Value::from(key))), ("value", value)]),
                );
            }
            (Repeat::ForEach, None) => {
                ctx.declare_unknown("each.key", Type::String, true);
                ctx.declare_unknown("each.value", Type::Dynamic, false);
            }
        }
        ctx
    }

    /// A resource or data source: its instances recorded, its value (for
    /// references) returned.
    fn resource(
        &mut self,
        at: &At<'m>,
        graph: &Graph<'m>,
        j: usize,
        ctx: &Context<'_>,
        mode: Mode,
    ) -> Result<Typed> {
        let (is_data, ty, name, block) = graph.decl.resources[j];
        let (repeat, instances) = self.instances(block, ctx, mode)?;
        if mode == Mode::Validate {
            let ictx = Self::instance_ctx(ctx, repeat, None);
            configured_attrs(&block.body, &ictx, &Cell::new(true))?;
            return Ok(Typed::unknown(Type::Dynamic));
        }
        let accessed = graph.accessed.of(j);
        // (One taken whole may be in an output: what callers read of
        // outputs may be read of it.)
        let widened;
        let accessed = if graph.accessed.whole(j) && !self.output_reads.is_empty() {
            widened = union(accessed, &self.output_reads);
            &widened[..]
        } else {
            accessed
        };
        let deferred = instances.is_none();
        let instances = instances.unwrap_or_default();
        let keys: Vec<Option<&(InstanceKey, Option<Typed>)>> = match repeat {
            _ if deferred => vec![None],
            Repeat::One => vec![None],
            _ => instances.iter().map(Some).collect(),
        };
        let whole = !keys.is_empty();
        // (Whether every `dynamic` block made content in each instance: then
        // the plan evaluated all of the body.)
        let iterated = Cell::new(true);
        let (file, line) = at
            .files
            .file_line(block.ident.span.start())
            .map_or((String::new(), 0), |(f, l)| (f.to_owned(), l));
        let mut failed = None;
        let mut values = Vec::with_capacity(keys.len());
        self.plan.resources.reserve(keys.len());
        let local = ResourceMode::of(is_data).local(ty, name);
        let lifecycle = block
            .body
            .blocks()
            .find(|b| b.ident.as_str() == "lifecycle");
        let rules = |kind| {
            lifecycle
                .into_iter()
                .flat_map(move |l| condition::rules(&l.body, kind))
        };
        let conditioned = rules("precondition")
            .chain(rules("postcondition"))
            .next()
            .is_some();
        let kind = || CheckKind::Resource {
            mode: ResourceMode::of(is_data),
            type_name: ty.to_owned(),
        };
        if conditioned {
            self.checked(&at.key, &at.address, kind(), name, &local, None, None);
        }
        for inst in keys {
            let ictx = Self::instance_ctx(ctx, repeat, inst);
            let index = inst.map(|i| i.0.clone());
            // Preconditions first: an instance whose precondition fails
            // is not planned.
            let mut outcomes = Vec::new();
            let pre = check_rules(
                rules("precondition"),
                &ictx,
                "Resource precondition failed",
                &mut outcomes,
            );
            if let Err(e) = pre {
                Error::append(&mut failed, e);
                if !deferred {
                    self.checked_here(at, kind(), name, &local, index.as_ref(), &outcomes);
                }
                continue;
            }
            let attrs = match configured_attrs(&block.body, &ictx, &iterated) {
                Ok(c) => c,
                Err(e) => {
                    Error::append(&mut failed, e);
                    continue;
                }
            };
            let (attrs, computed) = with_schema(ty, attrs, accessed);
            let address = at.address_of(&local, index.as_ref(), deferred);
            // (The configured object and the one references see, each made
            // once.)
            let reference = match ty != "terraform_data" && reads_null(&attrs, accessed) {
                true => Some(referable_of(
                    nulls_read_unknown(attrs.clone(), accessed),
                    &computed,
                )),
                false => (!computed.is_empty()).then(|| referable_of(attrs.clone(), &computed)),
            };
            let configured = Typed::object(attrs);
            let reference = reference.unwrap_or_else(|| configured.clone());
            let reference = if ty == "terraform_data" {
                reference
            } else {
                open_blocks(reference, accessed)
            };
            // Postconditions with `self`: the instance as planned.
            let mut sctx = ictx.child();
            sctx.declare_typed("self", reference.clone());
            let post = check_rules(
                rules("postcondition"),
                &sctx,
                "Resource postcondition failed",
                &mut outcomes,
            );
            if conditioned && !deferred {
                self.checked_here(at, kind(), name, &local, index.as_ref(), &outcomes);
            }
            if let Err(e) = post {
                Error::append(&mut failed, e);
                continue;
            }
            let sensitive = json::sensitive_as_bool(&configured, None);
            self.plan.resources.push(ResourceInstance {
                address,
                module_address: at.address.clone(),
                mode: ResourceMode::of(is_data),
                type_name: ty.to_owned(),
                name: name.to_owned(),
                index: index.clone(),
                file: file.clone(),
                line,
                values: configured,
                computed,
                provider_name: provider_name(ty),
                sensitive,
            });
            values.push((index, reference));
        }
        if let Some(e) = failed {
            return Err(e);
        }
        self.whole = whole && iterated.get();
        if deferred {
            return Ok(Typed::unknown(Type::Dynamic));
        }
        Ok(collect(repeat, values))
    }

    /// A module call: each instance's inputs, the child walked for each;
    /// the call's value (its outputs, per instance).
    fn call(
        &mut self,
        at: &At<'m>,
        decl: &Declarations<'_, '_>,
        j: usize,
        ctx: &Context<'_>,
        mode: Mode,
    ) -> Result<Typed> {
        let (name, block) = decl.calls[j];
        let (repeat, instances) = self
            .instances(block, ctx, mode)
            .map_err(|e| at.files.locate(e))?;
        let key = at.key_of(name);
        let Some((child, child_dir)) = self.source(at, &key, block)? else {
            self.whole = true;
            return Ok(Typed::unknown(Type::Dynamic));
        };
        let deferred = mode == Mode::Plan && instances.is_none();
        let instances = instances.unwrap_or_default();
        let keys: Vec<Option<&(InstanceKey, Option<Typed>)>> = match (mode, repeat) {
            _ if deferred => vec![None],
            (Mode::Validate, _) | (_, Repeat::One) => vec![None],
            _ => instances.iter().map(Some).collect(),
        };
        let whole = !keys.is_empty();
        if keys.is_empty() && mode == Mode::Plan {
            // No instance: its objects with conditions are still listed.
            self.register_config(child, &child_dir, &key, at.depth + 1)?;
        }
        if at.depth + 1 > self.opts.max_module_depth {
            return Err(at.files.locate(
                Error::described(
                    ErrorKind::Limit,
                    "Module calls nested too deep",
                    format_args!(
                        "more than {} levels (PlanOptions::max_module_depth).",
                        self.opts.max_module_depth
                    ),
                )
                .at_span(header_span(block)),
            ));
        }
        let child_graph = self.graph(child, Some(&child_dir), &key)?;
        let child_decl = &child_graph.decl;
        let mut values = Vec::new();
        let mut failed_all = None;
        let mut skipped = HashSet::default();
        for inst in keys {
            let ictx = Self::instance_ctx(ctx, repeat, inst);
            // The inputs (checked against the child's variables before the
            // walk: see `call_arguments`).
            let mut failed = None;
            let mut given: HashMap<&str, Typed> = HashMap::default();
            for a in block.body.attributes() {
                let n = a.name.as_str();
                if CALL_META.contains(&n) || child_decl.find(Kind::Variable, "", n).is_none() {
                    continue;
                }
                match evaluate_typed(&a.expr, &ictx) {
                    Ok(t) => {
                        given.insert(n, t);
                    }
                    Err(e) => Error::append(&mut failed, e),
                }
            }
            let mut vars = Vec::new();
            // The values the child's `validation` rules see (in validate
            // mode too: Terraform checks them with the arguments' values).
            let mut given_values = Vec::new();
            for (i, (vn, vblock)) in child_decl.variables.iter().enumerate() {
                let v = child_graph.variable(i)?;
                let g = given.remove(vn);
                if g.is_none() && v.default_value().is_none() {
                    continue;
                }
                match v.resolve(g) {
                    // In validate mode every input variable is unknown, of
                    // its type (Terraform validates for all values).
                    Ok(t) if mode == Mode::Validate => {
                        given_values.push((vn.to_string(), t));
                        vars.push((vn.to_string(), Typed::unknown(v.constraint().ty())));
                    }
                    Ok(t) => {
                        given_values.push((vn.to_string(), t.clone()));
                        vars.push((vn.to_string(), t));
                    }
                    Err(why) => {
                        let span = block
                            .body
                            .attribute(vn)
                            .map_or(block.body.span, |a| a.expr.span);
                        let detail = why.detail();
                        Error::append(
                            &mut failed,
                            Error::described(ErrorKind::Eval, "Invalid value for input variable", format_args!("The given value is not suitable for module.{name}.var.{vn} declared at {}: {detail}.", child.range_text_of(header_span(vblock)))).at_span(span),
                        );
                    }
                }
            }
            if let Some(e) = failed {
                return Err(at.files.locate(e));
            }
            let instance = inst.map(|i| &i.0).filter(|_| mode == Mode::Plan);
            let address = at.address_of(&format!("module.{name}"), instance, deferred);
            // (An input that fails its validation fails what refers to it;
            // the rest of the instance is walked.)
            let (invalid, e) = self.validate_inputs(
                at,
                block,
                child,
                child_decl,
                &given_values,
                &address,
                &key,
                mode,
            )?;
            // (Its errors do not fail the call: what refers to the failed
            // variable is left out, in the child and through its outputs,
            // and so is what refers to the whole call: `""` says so.)
            if let Some(e) = e {
                Error::append(&mut self.input_errors, e);
                skipped.insert(String::new());
            }
            let path_module = relative_to(self.sources.root.as_deref(), &child_dir)
                .unwrap_or_else(|| child_dir.to_string_lossy().into_owned());
            let sub = At {
                files: child,
                dir: Some(child_dir.clone()),
                address,
                key: key.clone(),
                path_module: if path_module.is_empty() {
                    ".".into()
                } else {
                    path_module
                },
                depth: at.depth + 1,
            };
            match self.module(&sub, &child_graph, vars, mode, &invalid) {
                Ok(out) => {
                    skipped.extend(std::mem::take(&mut self.skipped_outputs));
                    values.push((inst.map(|i| i.0.clone()), out));
                }
                Err(e) => Error::append(&mut failed_all, e),
            }
        }
        self.call_skipped = skipped;
        if let Some(e) = failed_all {
            return Err(e);
        }
        self.whole = whole;
        if mode == Mode::Validate || deferred {
            return Ok(Typed::unknown(Type::Dynamic));
        }
        Ok(collect(repeat, values))
    }

    /// A module call's inputs checked by the child's `validation` rules
    /// (Terraform's "Invalid value for variable", at the argument, or at
    /// the variable when its default fails); recorded in plan mode.
    #[allow(clippy::too_many_arguments)]
    fn validate_inputs(
        &mut self,
        at: &At<'_>,
        block: &Block<'_>,
        child: &Files,
        child_decl: &Declarations<'_, '_>,
        values: &[(String, Typed)],
        address: &str,
        key: &str,
        mode: Mode,
    ) -> Result<(HashSet<String>, Option<Error>)> {
        // (Most modules have no rule: no context of every input is built
        // for each instance then.)
        let ruled = |b: &Block<'_>| condition::rules(&b.body, "validation").next().is_some();
        if !child_decl.variables.iter().any(|(_, b)| ruled(b)) {
            return Ok((HashSet::default(), None));
        }
        let ctx = variables_context(values);
        let mut failed = None;
        let mut invalid = HashSet::default();
        for (vn, vblock) in &child_decl.variables {
            let mut outcomes = Vec::new();
            for (message, rule) in child.validations(vblock, vn, &ctx, &mut outcomes)? {
                // (What refers to an argument that fails is not evaluated;
                // a default that fails leaves it be, as Terraform does.)
                if block.body.attribute(vn).is_some() {
                    invalid.insert(vn.to_string());
                }
                let detail = format!(
                    "{message}\n\nThis was checked by the validation rule at {}.",
                    child.range_text_of(rule)
                );
                match block.body.attribute(vn) {
                    Some(a) => Error::append(
                        &mut failed,
                        at.files.locate(condition::failed(
                            "Invalid value for variable",
                            &detail,
                            a.expr.span,
                        )),
                    ),
                    // (A default's failure has no range in Terraform, and
                    // does not fail the call: what refers to the call is
                    // still evaluated.)
                    None => Error::append(
                        &mut self.input_errors,
                        Error::described(
                            ErrorKind::Eval,
                            "Invalid value for variable",
                            format_args!("{detail}"),
                        ),
                    ),
                }
            }
            if mode == Mode::Plan {
                for (_, o) in outcomes {
                    let local = format!("var.{vn}");
                    self.checked(
                        key,
                        address,
                        CheckKind::Variable,
                        vn,
                        &local,
                        None,
                        Some(&o),
                    );
                }
            }
        }
        Ok((invalid, failed))
    }

    /// Where the plan's values are sensitive: the configuration planned
    /// again with every `sensitive` variable and module output unknown
    /// (a walk that defers what it cannot count); what is known in the
    /// plan and not in that one depends on them. (Terraform's errors for
    /// sensitive values where they may not be — an output not marked
    /// `sensitive`, a `for_each` — are not given yet.)
    fn mark_sensitive(
        &mut self,
        root: &At<'m>,
        graph: &Graph<'m>,
        vars: Vec<(String, Typed)>,
        invalid: &HashSet<String>,
    ) -> Result<()> {
        // (Only what a variable or a child's output declares sensitive
        // marks resources.)
        if !declares_sensitive(root.files, &["variable"])
            && !self
                .sources
                .all()
                .any(|f| declares_sensitive(f, &["variable", "output"]))
        {
            return Ok(());
        }
        // (Nor when nothing refers to what it hides.)
        if !self.sensitive_referenced() {
            return Ok(());
        }
        let opts = PlanOptions {
            missing_unknown: true,
            ..self.opts.clone()
        };
        // (The modules' graphs are found again by neither walk.)
        let mut shadow = Walker {
            graphs: self.graphs.clone(),
            shared_graphs: self.shared_graphs.clone(),
            outputs: self.outputs.clone(),
            warned: self.warned.clone(),
            output_reads: self.output_reads.clone(),
            shadow: true,
            ..Walker::new(&opts, self.base, self.sources)
        };
        if shadow
            .module(root, graph, vars, Mode::Plan, invalid)
            .is_err()
        {
            return Ok(());
        }
        let by_address: HashMap<&str, &Typed> = shadow
            .plan
            .resources
            .iter()
            .map(|r| (r.address.as_str(), &r.values))
            .collect();
        for r in &mut self.plan.resources {
            if let Some(s) = by_address.get(r.address.as_str()) {
                r.sensitive = json::sensitive_as_bool(&r.values, Some(s));
            }
        }
        Ok(())
    }

    /// Whether a module walked refers to one of its own `sensitive`
    /// variables, or to an output of a module call when some module
    /// declares an output of that name `sensitive` (or to a call whole or
    /// by instance, when any does): what the walk that hides them could
    /// find depending on them. (Values reach an expression through its
    /// references only.)
    fn sensitive_referenced(&self) -> bool {
        let graphs: Vec<&Graph<'m>> = self
            .graphs
            .values()
            .flat_map(|by_key| by_key.values().map(|g| &**g))
            .collect();
        let sensitive = |b: &Block<'_>| configuration::is_true(&b.body, "sensitive");
        let outputs: HashSet<&str> = graphs
            .iter()
            .flat_map(|g| g.decl.outputs.iter())
            .filter(|(_, b)| sensitive(b))
            .map(|(n, _)| *n)
            .collect();
        graphs.iter().any(|g| {
            let vars: HashSet<&str> = g
                .decl
                .variables
                .iter()
                .filter(|(_, b)| sensitive(b))
                .map(|(n, _)| *n)
                .collect();
            g.refs
                .iter()
                .flatten()
                .any(|r| match (r.root, r.steps.first(), r.steps.get(1)) {
                    ("var", Some(Step::Attr(n)), _) => vars.contains(n),
                    ("module", _, Some(Step::Attr(out))) => outputs.contains(out),
                    ("module", _, _) => !outputs.is_empty(),
                    _ => false,
                })
        })
    }

    /// The module instance's `moved`, `import` and `removed` blocks,
    /// listed (an import's `id` evaluated).
    fn refactorings(
        &mut self,
        at: &At<'_>,
        decl: &Declarations<'_, '_>,
        mctx: &Context<'_>,
        st: &State,
    ) -> Result<()> {
        let text = |b: &Block<'_>, name: &str| {
            b.body.attribute(name).map(|a| {
                let r = references(&a.expr);
                match r.first() {
                    Some(r) if r.span == a.expr.span => r.to_string(),
                    _ => at.files.source()[a.expr.span.start()..a.expr.span.end()].to_owned(),
                }
            })
        };
        for b in at.files.body().blocks() {
            let kind = match b.ident.as_str() {
                "moved" => {
                    let (Some(from), Some(to)) = (text(b, "from"), text(b, "to")) else {
                        continue;
                    };
                    RefactoringKind::Moved { from, to }
                }
                "removed" => {
                    let Some(from) = text(b, "from") else {
                        continue;
                    };
                    let kept = b
                        .body
                        .blocks()
                        .find(|l| l.ident.as_str() == "lifecycle")
                        .and_then(|l| l.body.attribute("destroy"))
                        .and_then(|a| crate::typeexpr::constant_of(&a.expr).ok())
                        .is_some_and(|t| t.value() == &Value::Bool(false));
                    let destroy = !kept;
                    RefactoringKind::Removed { from, destroy }
                }
                "import" => {
                    let Some(to) = text(b, "to") else { continue };
                    let id = match b.body.attribute("id") {
                        Some(a) => {
                            let names = Scope::of(decl, &references(&a.expr));
                            let ctx = Self::scope(mctx, &names, st);
                            evaluate_typed(&a.expr, &ctx).map_err(|e| at.files.locate(e))?
                        }
                        None => Typed::from(Value::Null),
                    };
                    RefactoringKind::Import { to, id }
                }
                _ => continue,
            };
            let (file, line) = at
                .files
                .file_line(b.ident.span.start())
                .map_or((String::new(), 0), |(f, l)| (f.to_owned(), l));
            self.plan.refactorings.push(Refactoring {
                kind,
                module: at.address.clone(),
                file,
                line,
            });
        }
        Ok(())
    }

    /// The configuration of the module at `at` and of every module it
    /// calls (each source read once; see [`configuration::module`]); with
    /// `describe` false, the calls' sources checked only (and `null`).
    fn configuration_of(
        &mut self,
        at: &At<'m>,
        inherited: &BTreeMap<String, String>,
        providers: &mut configuration::Providers,
        describe: bool,
    ) -> Result<Value> {
        let graph = self.graph(at.files, at.dir.as_deref(), &at.key)?;
        let decl = &graph.decl;
        let body = at.files.body();
        let keys = configuration::keys_for_children(body, &at.key, inherited);
        let mut calls = Vec::with_capacity(decl.calls.len());
        for (name, block) in &decl.calls {
            let key = at.key_of(name);
            let child = if at.depth < self.opts.max_module_depth {
                self.source(at, &key, block)?
            } else {
                None
            };
            let Some((files, dir)) = child else {
                calls.push(None);
                continue;
            };
            let sub = At {
                files,
                dir: Some(dir),
                address: String::new(),
                key,
                path_module: String::new(),
                depth: at.depth + 1,
            };
            calls.push(Some(
                self.configuration_of(&sub, &keys, providers, describe)?,
            ));
        }
        if !describe {
            return Ok(Value::Null);
        }
        Ok(configuration::module(
            body,
            decl,
            &at.key,
            &graph.variables,
            calls,
            inherited,
            providers,
        ))
    }

    /// Lists the objects with custom conditions of a module that has no
    /// instance, and of the modules it calls (their status `pass`, as
    /// Terraform's checks have them).
    fn register_config(
        &mut self,
        files: &'m Files,
        dir: &Path,
        key: &str,
        depth: usize,
    ) -> Result<()> {
        if depth > self.opts.max_module_depth {
            return Ok(());
        }
        let graph = self.graph(files, Some(dir), key)?;
        let decl = &graph.decl;
        let has = |b: &Block<'_>, kind: &str| condition::rules(&b.body, kind).next().is_some();
        for (name, b) in &decl.variables {
            if has(b, "validation") {
                self.checked(
                    key,
                    "",
                    CheckKind::Variable,
                    name,
                    &format!("var.{name}"),
                    None,
                    None,
                );
            }
        }
        for &(is_data, ty, name, b) in &decl.resources {
            let lifecycle = condition::rules(&b.body, "lifecycle").next();
            if lifecycle.is_some_and(|l| has(l, "precondition") || has(l, "postcondition")) {
                let mode = ResourceMode::of(is_data);
                let local = mode.local(ty, name);
                let kind = CheckKind::Resource {
                    mode,
                    type_name: ty.to_owned(),
                };
                self.checked(key, "", kind, name, &local, None, None);
            }
        }
        for (name, b) in &decl.outputs {
            if has(b, "precondition") {
                self.checked(
                    key,
                    "",
                    CheckKind::OutputValue,
                    name,
                    &format!("output.{name}"),
                    None,
                    None,
                );
            }
        }
        for (name, _) in &decl.checks {
            self.checked(
                key,
                "",
                CheckKind::Check,
                name,
                &format!("check.{name}"),
                None,
                None,
            );
        }
        for (name, b) in &decl.calls {
            let Some(src) = source_of(b) else { continue };
            let child_key = key_of(key, name);
            let Some(child_dir) = self.sources.dir_of(Some(dir), &child_key, &src) else {
                continue;
            };
            let Ok(child) = self.sources.files(&child_dir) else {
                continue;
            };
            self.register_config(child, &child_dir, &child_key, depth + 1)?;
        }
        Ok(())
    }

    /// `e`'s diagnostics as the plan's warnings.
    fn warn(&mut self, e: Error) {
        self.plan.warnings.extend(e.into_warning().diagnostics());
    }

    /// `e`, the plan's warnings so far after its errors (Terraform
    /// reports both).
    #[cold]
    fn failed(&self, mut e: Error) -> Error {
        for d in &self.plan.warnings {
            e = e.and(Error::of_diagnostic(ErrorKind::Eval, d));
        }
        e
    }

    /// Records what the rules of an object of the module instance `at`
    /// came to, in its instance `instance_key`.
    fn checked_here(
        &mut self,
        at: &At<'_>,
        kind: CheckKind,
        name: &str,
        local: &str,
        instance_key: Option<&InstanceKey>,
        outcomes: &[Outcome],
    ) {
        let (key, address) = (at.key.clone(), at.address.clone());
        self.checked(
            &key,
            &address,
            kind,
            name,
            local,
            instance_key,
            Some(outcomes),
        );
    }

    /// Records what an object's rules came to in one of its instances (in
    /// a module instance at `module_address`, of the module whose key is
    /// `key`); with no outcomes, the object without that instance.
    #[allow(clippy::too_many_arguments)]
    fn checked(
        &mut self,
        key: &str,
        module_address: &str,
        kind: CheckKind,
        name: &str,
        local: &str,
        instance_key: Option<&InstanceKey>,
        outcomes: Option<&[Outcome]>,
    ) {
        let module: String = if key.is_empty() {
            String::new()
        } else {
            key.split('.')
                .map(|k| format!("module.{k}"))
                .collect::<Vec<_>>()
                .join(".")
        };
        let address = if module.is_empty() {
            local.to_owned()
        } else {
            format!("{module}.{local}")
        };
        let entry = self
            .checks
            .entry(address.clone())
            .or_insert_with(|| Checked {
                kind,
                name: name.to_owned(),
                module,
                address,
                status: CheckStatus::Pass,
                instances: Vec::new(),
            });
        let Some(outcomes) = outcomes else {
            return;
        };
        let mut problems: Vec<String> = outcomes
            .iter()
            .filter_map(|o| match o {
                Outcome::Fail(m) => Some(m.clone()),
                _ => None,
            })
            .collect();
        problems.sort();
        let status = CheckStatus::of(outcomes.iter().map(|o| match o {
            Outcome::Pass => CheckStatus::Pass,
            Outcome::Fail(_) => CheckStatus::Fail,
            Outcome::Unknown => CheckStatus::Unknown,
        }));
        let mut instance = if module_address.is_empty() {
            local.to_owned()
        } else {
            format!("{module_address}.{local}")
        };
        if let Some(k) = instance_key {
            instance.push_str(&k.to_string());
        }
        entry.instances.push(CheckedInstance {
            address: instance,
            module: module_address.to_owned(),
            key: instance_key.cloned(),
            status,
            problems,
        });
        // (In key order, as Terraform lists them.)
        entry
            .instances
            .sort_by(|a, b| a.module.cmp(&b.module).then_with(|| a.key.cmp(&b.key)));
        entry.status = CheckStatus::of(entry.instances.iter().map(|i| i.status));
    }

    /// The files of a module call's source, and their directory; `None`
    /// (with a warning) when the source is not installed.
    fn source(
        &mut self,
        at: &At<'_>,
        key: &str,
        block: &Block<'_>,
    ) -> Result<Option<(&'m Files, PathBuf)>> {
        let Some(src) = source_of(block) else {
            return Err(at.files.locate(
                Error::described(
                    ErrorKind::Eval,
                    "Missing required argument",
                    "The argument \"source\" is required, but no definition was found.",
                )
                .at_span(header_span(block)),
            ));
        };
        let Some(dir) = self.sources.dir_of(at.dir.as_deref(), key, &src) else {
            // (Once, however often the walk comes here.)
            if self.warned.insert(key.to_owned()) {
                let e = at.files.locate(Error::described(ErrorKind::Eval, "Module not installed", format_args!("The module \"{key}\" (source \"{src}\") is not installed here: its outputs are unknown. Run `terraform init` to install it, or plan the configuration from its directory.")).at_span(header_span(block)));
                self.warn(e);
            }
            return Ok(None);
        };
        let files = self.sources.files(&dir).map_err(|e| {
            at.files.locate(
                Error::described(
                    ErrorKind::Eval,
                    "Unreadable module directory",
                    format_args!("{}", e.message()),
                )
                .at_span(header_span(block)),
            )
        })?;
        Ok(Some((files, dir)))
    }
}

/// Whether node `k` is a resource (or data source) the plan walk
/// evaluated whole: in the validate walk after it, its value is unknown
/// (as every resource's is in a validate walk) and its body is not
/// evaluated again (what the plan evaluated whole passes validation, see
/// [`Graph::cover`]).
fn validated_unknown(graph: &Graph<'_>, k: usize) -> bool {
    matches!(graph.nodes[k], Node::Resource(_)) && graph.covered(k)
}

/// What names a module among the walk's graphs: the address of its files
/// (each directory is read once, so the address is the directory's).
fn module_id(files: &Files) -> usize {
    std::ptr::from_ref(files) as usize
}

/// The caller's context with Terraform's impure functions (`timestamp`,
/// `uuid`, `bcrypt`, ...) unknown, as in a plan, and its file functions
/// unknown unless `files` are allowed (each module's context reads from
/// its directory then): the parent of every module instance's context.
fn plan_context<'a>(caller: &'a Context<'a>, files: bool) -> Context<'a> {
    let mut ctx = caller.child();
    // (Made once for all plans: they are the same each time.)
    static UNKNOWN: std::sync::LazyLock<Vec<(&'static str, crate::eval::FuncDef)>> =
        std::sync::LazyLock::new(|| {
            let unknown = |ty: Type| {
                crate::eval::FuncDef::builder()
                    .nullable_variadic("args", crate::value::Type::Dynamic)
                    .allow_unknown()
                    .build_typed(move |_| Ok(Typed::unknown(ty.clone())))
            };
            let always = ["timestamp", "uuid", "bcrypt", "plantimestamp"]
                .into_iter()
                .map(|name| (name, Type::String));
            let file = crate::eval::functions::FILE_FUNCTIONS.iter().map(|name| {
                let ty = match *name {
                    "fileexists" => Type::Bool,
                    "fileset" => Type::set(Type::String),
                    "templatefile" => Type::Dynamic,
                    _ => Type::String,
                };
                (*name, ty)
            });
            always.chain(file).map(|(n, ty)| (n, unknown(ty))).collect()
        });
    // (The first four are always unknown; the file functions are when
    // files may not be read.)
    let n = if files { 4 } else { UNKNOWN.len() };
    for (name, f) in &UNKNOWN[..n] {
        ctx.declare_func(*name, f.clone());
    }
    ctx
}

/// Whether a block of one of `kinds` in the module says `sensitive = true`
/// (what the walk that finds sensitive values hides).
fn declares_sensitive(files: &Files, kinds: &[&str]) -> bool {
    files
        .body()
        .blocks()
        .any(|b| kinds.contains(&b.ident.as_str()) && configuration::is_true(&b.body, "sensitive"))
}

/// Terraform's errors for a module call's arguments: one that is not a
/// variable of the child, a variable without a default that is not set.
fn call_arguments(block: &Block<'_>, graph: &Graph<'_>) -> Option<Error> {
    let child = &graph.decl;
    let mut failed = None;
    for a in block.body.attributes() {
        let n = a.name.as_str();
        if !CALL_META.contains(&n) && child.find(Kind::Variable, "", n).is_none() {
            Error::append(
                &mut failed,
                Error::described(
                    ErrorKind::Eval,
                    "Unsupported argument",
                    format_args!("An argument named \"{n}\" is not expected here."),
                )
                .at_span(a.name.span),
            );
        }
    }
    for (i, (vn, _)) in child.variables.iter().enumerate() {
        if block.body.attribute(vn).is_some() {
            continue;
        }
        let required = graph.variable(i).is_ok_and(|v| v.default_value().is_none());
        if required {
            // (The body's opening brace.)
            let start = block.body.span.start().saturating_sub(1);
            Error::append(
                &mut failed,
                Error::described(
                    ErrorKind::Eval,
                    "Missing required argument",
                    format_args!("The argument \"{vn}\" is required, but no definition was found."),
                )
                .at_span(Span::new(start, start + 1)),
            );
        }
    }
    failed
}

/// Evaluates `rules` in `ctx`, each outcome added to `outcomes`: the
/// errors of those that fail (`summary` and the rule's message, at its
/// condition) or cannot be evaluated.
fn check_rules<'r>(
    rules: impl Iterator<Item = &'r Block<'r>>,
    ctx: &Context<'_>,
    summary: &str,
    outcomes: &mut Vec<Outcome>,
) -> Result<()> {
    let mut failed = None;
    for rule in rules {
        match condition::evaluate(rule, ctx) {
            Ok(o) => {
                if let Outcome::Fail(m) = &o {
                    Error::append(
                        &mut failed,
                        condition::failed(summary, m, condition::span(rule)),
                    );
                }
                outcomes.push(o);
            }
            Err(e) => Error::append(&mut failed, e),
        }
    }
    failed.map_or(Ok(()), Err)
}

/// Whether a `for_each` value's keys are not all known (a wholly unknown
/// value, or a set with unknown elements).
fn for_each_keys_unknown(v: &Typed) -> bool {
    let (value, m) = v.as_meta();
    if meta::is_unknown(m) {
        return true;
    }
    match value {
        Value::Array(items) if meta::is_set(m) => items
            .iter()
            .enumerate()
            .any(|(i, x)| meta::is_unknown(&meta::item(m, i, x))),
        _ => false,
    }
}

/// `dir` relative to `root` (`modules/a`), when under it.
fn relative_to(root: Option<&Path>, dir: &Path) -> Option<String> {
    let root = normalize(root?);
    let dir = normalize(dir);
    let rel = dir.strip_prefix(&root).ok()?;
    Some(rel.to_string_lossy().replace('\\', "/"))
}

/// A body's configured values: its attributes (not the meta-arguments)
/// and nested blocks, each type a list of objects; `dynamic` blocks
/// expanded. Keys in name order, as Terraform's objects have them.
fn configured(body: &Body<'_>, ctx: &Context<'_>, iterated: &Cell<bool>) -> Result<Typed> {
    configured_attrs(body, ctx, iterated).map(Typed::object)
}

/// [`configured`]'s attributes, in name order (the object not made: a
/// resource's is made once its schema's attributes are added, and the
/// validation walk only looks for errors).
///
/// `iterated` is set false when a `dynamic` block generated no block, was
/// not known, or is in another's content: the plan of the body then left
/// expressions out, which a validation evaluates.
fn configured_attrs(
    body: &Body<'_>,
    ctx: &Context<'_>,
    iterated: &Cell<bool>,
) -> Result<Vec<(Key, Typed)>> {
    // A `dynamic` block whose `for_each` is not known, at any depth, stays
    // as written: its blocks are not known (their content is checked once,
    // its iterator unknown); the others are expanded. (When none here is
    // known, as in a validation, the body is read as it is: the blocks in
    // their content are expanded as their own bodies are read.)
    let mut known = false;
    for b in body.blocks().filter(|b| b.ident.as_str() == "dynamic") {
        // (One without `for_each` is the expansion's error.)
        known |= match b.body.attribute("for_each") {
            Some(a) => evaluate_typed(&a.expr, ctx)?.is_known(),
            None => true,
        };
    }
    if !known {
        return configured_of(body, ctx, iterated);
    }
    let arena = crate::syntax::Arena::new();
    let (expanded, all) = crate::eval::expand_dynamic_known(body, ctx, &arena)?;
    if !all {
        iterated.set(false);
    }
    configured_of(&expanded, ctx, iterated)
}

fn configured_of<'a>(
    body: &Body<'a>,
    ctx: &Context<'_>,
    iterated: &Cell<bool>,
) -> Result<Vec<(Key, Typed)>> {
    // (Few names each: vectors, put in name order at the end, a later one
    // of a name replacing an earlier one.)
    let mut fields: Vec<(&'a str, Typed)> = Vec::with_capacity(body.structures.len());
    let mut blocks: Vec<(&'a str, Vec<Typed>)> = Vec::new();
    let mut unknown_blocks: Vec<&'a str> = Vec::new();
    let mut failed = None;
    for s in body.structures {
        match s {
            Structure::Attribute(a) => {
                let n = a.name.as_str();
                if RESOURCE_META.contains(&n) {
                    continue;
                }
                match evaluate_typed(&a.expr, ctx) {
                    Ok(t) => fields.push((n, t)),
                    Err(e) => Error::append(&mut failed, e),
                }
            }
            Structure::Block(b) if b.ident.as_str() == "dynamic" => {
                // (Left by `configured`: its blocks are not known.)
                let Some(label) = b.labels.first().map(|l| l.as_str()) else {
                    continue;
                };
                let iterator = match b.body.attribute("iterator").map(|a| a.expr.kind) {
                    Some(ExprKind::Variable(name)) => name,
                    _ => label,
                };
                iterated.set(false);
                let mut ictx = ctx.child();
                ictx.declare_unknown(&format!("{iterator}.key"), Type::Dynamic, false);
                ictx.declare_unknown(&format!("{iterator}.value"), Type::Dynamic, false);
                for content in b.body.blocks().filter(|c| c.ident.as_str() == "content") {
                    if let Err(e) = configured(&content.body, &ictx, iterated) {
                        Error::append(&mut failed, e);
                    }
                }
                unknown_blocks.push(label);
            }
            Structure::Block(b) => {
                let n = b.ident.as_str();
                if RESOURCE_META_BLOCKS.contains(&n) {
                    continue;
                }
                match configured(&b.body, ctx, iterated) {
                    Ok(t) => match blocks.iter_mut().find(|(k, _)| *k == n) {
                        Some((_, list)) => list.push(t),
                        None => blocks.push((n, vec![t])),
                    },
                    Err(e) => Error::append(&mut failed, e),
                }
            }
        }
    }
    if let Some(e) = failed {
        return Err(e.sorted());
    }
    fields.extend(blocks.into_iter().map(|(n, list)| (n, Typed::tuple(list))));
    fields.extend(
        unknown_blocks
            .into_iter()
            .map(|n| (n, Typed::unknown(Type::Dynamic))),
    );
    crate::value::sort_last_kept(&mut fields);
    Ok(fields.into_iter().map(|(k, t)| (Key::from(k), t)).collect())
}

/// The configured attributes (in name order) as the plan shows them, and
/// the attributes known only after apply: `terraform_data`'s schema
/// (`input` and `triggers_replace` null when not set; `id`, `output`
/// computed), or for a type whose schema is not known, every name the
/// module accesses that the configuration does not set.
fn with_schema(
    ty: &str,
    mut attrs: Vec<(Key, Typed)>,
    accessed: &[String],
) -> (Vec<(Key, Typed)>, Vec<String>) {
    let find = |attrs: &[(Key, Typed)], n: &str| attrs.binary_search_by(|a| a.0.as_str().cmp(n));
    if ty == "terraform_data" {
        for name in ["input", "triggers_replace"] {
            if let Err(at) = find(&attrs, name) {
                attrs.insert(at, (Key::from(name), Typed::from_meta(Value::Null, None)));
            }
        }
        return (attrs, vec!["id".to_owned(), "output".to_owned()]);
    }
    // (In name order, as `accessed` is.)
    let computed = accessed
        .iter()
        .filter(|n| find(&attrs, n).is_err())
        .cloned()
        .collect();
    (attrs, computed)
}

/// The names the modules of `graphs` read of their calls' outputs, in
/// name order.
fn output_reads(graphs: &HashMap<usize, HashMap<String, Rc<Graph<'_>>>>) -> Rc<[String]> {
    let lists = graphs
        .values()
        .flat_map(HashMap::values)
        .map(|g| &g.accessed.of_outputs[..]);
    let mut all: Vec<String> = lists.flatten().cloned().collect();
    all.sort_unstable();
    all.dedup();
    Rc::from(all)
}

/// The names of `a` and `b`, in name order, once each.
fn union(a: &[String], b: &[String]) -> Vec<String> {
    let mut out = [a, b].concat();
    out.sort_unstable();
    out.dedup();
    out
}

/// Whether the module reads (`accessed`, in name order) an attribute that
/// `attrs` (in name order) set to null.
fn reads_null(attrs: &[(Key, Typed)], accessed: &[String]) -> bool {
    attrs
        .iter()
        .any(|(k, t)| known_null(t) && read(accessed, k))
}

/// `attrs` as references see them when the type's schema is not known: an
/// attribute set to null that the module reads, unknown (of the null's
/// type). A provider fills in many an optional attribute left null —
/// Optional and Computed in its schema, as `aws_vpc`'s `ipv6_cidr_block`;
/// others have a default — which cannot be told from the others without
/// the schema: the plan shows the null that was set, and what reads it
/// sees what the provider may make of it.
fn nulls_read_unknown(mut attrs: Vec<(Key, Typed)>, accessed: &[String]) -> Vec<(Key, Typed)> {
    for (k, t) in &mut attrs {
        if known_null(t) && read(accessed, k) {
            *t = Typed::unknown(t.ty().clone());
        }
    }
    attrs
}

fn known_null(t: &Typed) -> bool {
    t.is_known() && t.value().is_null()
}

/// Whether `name` is among the names read (`accessed`, in name order).
fn read(accessed: &[String], name: &Key) -> bool {
    accessed
        .binary_search_by(|a| a.as_str().cmp(name.as_str()))
        .is_ok()
}

/// An instance's value as references see it: the configured values and
/// the computed attributes, unknown (and, with `read_nulls`, the names
/// read, those set to null: see [`nulls_read_unknown`]).
fn referable(configured: Typed, computed: &[String], read_nulls: Option<&[String]>) -> Typed {
    if (computed.is_empty() && read_nulls.is_none()) || !configured.is_known_object() {
        return configured;
    }
    let attrs = configured.into_attributes();
    let attrs = match read_nulls {
        Some(accessed) => nulls_read_unknown(attrs, accessed),
        None => attrs,
    };
    referable_of(attrs, computed)
}

/// [`referable`] of a known object's attributes.
fn referable_of(mut items: Vec<(Key, Typed)>, computed: &[String]) -> Typed {
    let by_name = |a: &(Key, Typed), b: &(Key, Typed)| a.0.as_str().cmp(b.0.as_str());
    if !items.windows(2).all(|w| by_name(&w[0], &w[1]).is_le()) {
        items.sort_by(by_name);
    }
    // (`terraform_data`'s `output` is of `input`'s type.)
    let input = items
        .iter()
        .find(|i| i.0 == "input")
        .map_or(Type::Dynamic, |i| i.1.ty().clone());
    // Both in name order: merged.
    let mut out = Vec::with_capacity(items.len() + computed.len());
    let mut items = items.into_iter().peekable();
    let mut names: Vec<&str> = computed.iter().map(String::as_str).collect();
    names.sort_unstable();
    for c in names {
        while let Some(x) = items.next_if(|x| x.0.as_str() <= c) {
            out.push(x);
        }
        // (A name configured is not computed too.)
        if out.last().is_some_and(|x: &(Key, Typed)| x.0 == c) {
            continue;
        }
        let ty = match c {
            "id" => Type::String,
            "output" => input.clone(),
            _ => Type::Dynamic,
        };
        out.push((Key::from(c), Typed::unknown(ty)));
    }
    out.extend(items);
    Typed::object(out)
}

/// For a type whose schema is not known: each nested block (an element
/// of a list of objects) with the names the module reads that it does
/// not set, unknown (`identity[0].principal_id`).
fn open_blocks(t: Typed, accessed: &[String]) -> Typed {
    let blocks =
        |v: &Value| matches!(v, Value::Array(a) if a.iter().any(|e| matches!(e, Value::Object(_))));
    if !matches!(t.value(), Value::Object(map) if map.values().any(blocks)) || !t.is_known_object()
    {
        return t;
    }
    let items = t.into_attributes().into_iter().map(|(k, x)| {
        if !blocks(x.value()) || !x.is_known_sequence() {
            return (k, x);
        }
        let elements = x
            .into_elements()
            .into_iter()
            .map(|e| match e.value() {
                Value::Object(o) => {
                    let missing: Vec<String> = accessed
                        .iter()
                        .filter(|n| !o.contains_key(n.as_str()))
                        .cloned()
                        .collect();
                    // (A null set in a block and read is unknown too.)
                    let nulls = o.iter().any(|(k, v)| v.is_null() && read(accessed, k));
                    open_blocks(referable(e, &missing, nulls.then_some(accessed)), accessed)
                }
                _ => e,
            })
            .collect();
        (k, Typed::tuple(elements))
    });
    Typed::object(items.collect::<Vec<_>>())
}

/// A resource's or module call's value from its instances: the one
/// instance, a tuple under `count`, an object under `for_each`.
fn collect(repeat: Repeat, values: Vec<(Option<InstanceKey>, Typed)>) -> Typed {
    match repeat {
        Repeat::One => values
            .into_iter()
            .next()
            .map_or_else(|| Typed::unknown(Type::Dynamic), |v| v.1),
        Repeat::Count => Typed::tuple(values.into_iter().map(|v| v.1).collect()),
        Repeat::ForEach => Typed::object(values.into_iter().map(|(k, v)| {
            let k = match k {
                Some(InstanceKey::Str(s)) => s,
                Some(InstanceKey::Int(i)) => i.to_string(),
                None => String::new(),
            };
            (k, v)
        })),
    }
}

/// The provider a resource type belongs to, by its prefix (Terraform's
/// default when no `provider` argument says otherwise).
fn provider_name(ty: &str) -> String {
    provider_full_name(ty.split('_').next().unwrap_or(ty))
}

/// The full name of a provider not given a source: the built-in
/// `terraform`, or one of Terraform's default namespace.
pub(super) fn provider_full_name(name: &str) -> String {
    if name == "terraform" {
        return BUILTIN.to_owned();
    }
    format!("registry.terraform.io/hashicorp/{name}")
}

impl Files {
    /// Go's `Range.String()` of `span` in these files.
    fn range_text_of(&self, span: Span) -> String {
        crate::config::range_text(self.source(), &self.files, span)
    }
}
