//! The plan's `configuration`: each module's declarations as `terraform
//! show -json` describes them (Terraform's `jsonconfig`): provider
//! configurations, resources with their expressions, module calls with
//! their sources and arguments, variables and outputs.

use std::collections::BTreeMap;

use crate::analysis::{references, Reference, Step};
use crate::config::module::Declarations;
use crate::syntax::{Block, Body, Expression, Structure};
use crate::typeexpr::{constant_of, Variable};
use crate::value::{Key, Map, Value};

use super::{ResourceMode, CALL_META, RESOURCE_META, RESOURCE_META_BLOCKS};

/// The provider configurations of the whole tree, by key.
pub(super) type Providers = BTreeMap<String, Value>;

/// An object of `items`, whose names are distinct (each a name of the
/// description's, given once).
fn object(items: Vec<(&str, Value)>) -> Value {
    let mut m: Map<Key, Value> = Map::with_capacity(items.len());
    for (k, v) in items {
        m.push(Key::from(k), v);
    }
    Value::Object(m)
}

/// An expression as Terraform describes it: `constant_value` when it is a
/// constant (no references, no function calls), `references` when it
/// refers to something (each reference, then each shorter form of it down
/// to the object it names).
pub(super) fn expression(e: &Expression<'_>) -> Value {
    let refs = references(e);
    if refs.is_empty() {
        return match constant_of(e) {
            Ok(t) if t.is_known() => single("constant_value", t.into_value()),
            _ => Value::Object(Map::new()),
        };
    }
    // (Each reference and, mostly, one shorter form of it; the text of the
    // forms written in one buffer for all of them.)
    let mut out: Vec<Value> = Vec::with_capacity(2 * refs.len());
    let mut text = String::new();
    let mut ends = Vec::new();
    for r in &refs {
        reference_forms(r, &mut out, &mut text, &mut ends);
    }
    single("references", Value::Array(out))
}

/// The object of one attribute.
fn single(key: &str, value: Value) -> Value {
    let mut m: Map<Key, Value> = Map::with_capacity(1);
    m.push(Key::from(key), value);
    Value::Object(m)
}

/// A reference's forms, as Terraform lists them: the whole traversal, then
/// each shorter one down to the referenceable object, then (for an
/// instance of a resource or module call) the object without its key, (for
/// a module call's output) the call. `text` and `ends` are room to write
/// the traversal in.
fn reference_forms(
    r: &Reference<'_>,
    out: &mut Vec<Value>,
    text: &mut String,
    ends: &mut Vec<usize>,
) {
    let steps = &r.steps;
    let attr = |i: usize| match steps.get(i) {
        Some(Step::Attr(n)) => Some(*n),
        _ => None,
    };
    let index = |i: usize| matches!(steps.get(i), Some(Step::Index(_)));
    // How many steps name the object (its subject), and the form added
    // after it.
    let (subject, extra): (usize, Option<usize>) = match r.root {
        "var" | "local" | "count" | "each" | "path" | "terraform" => (1, None),
        "self" => (0, None),
        "module" => {
            if attr(0).is_none() {
                (0, None)
            } else if index(1) {
                if attr(2).is_some() {
                    // module.m[k].out: the output of an instance, then the
                    // instance.
                    (3, Some(2))
                } else {
                    (2, Some(1))
                }
            } else if attr(1).is_some() {
                (2, Some(1))
            } else {
                (1, None)
            }
        }
        "data" => {
            if attr(1).is_none() {
                (0, None)
            } else if index(2) {
                (3, Some(2))
            } else {
                (2, None)
            }
        }
        _ => {
            if attr(0).is_none() {
                (0, None)
            } else if index(1) {
                (2, Some(1))
            } else {
                (1, None)
            }
        }
    };
    let subject = subject.min(steps.len());
    // The whole traversal written once, with where each step ends: each
    // form is a prefix of it.
    // (Written as it is in the source, but for spacing: about as long.)
    text.clear();
    text.reserve(r.span.len() + 8);
    ends.clear();
    ends.reserve(steps.len() + 1);
    text.push_str(r.root);
    ends.push(text.len());
    for step in steps {
        step.write_to(text);
        ends.push(text.len());
    }
    let form = |n: usize| Value::from(&text[..ends[n]]);
    for n in (subject + 1..=steps.len()).rev() {
        out.push(form(n));
    }
    out.push(form(subject));
    out.extend(extra.map(form));
}

/// `count_expression` and `for_each_expression`, when they say something
/// (Terraform leaves out one that is neither constant nor a reference).
fn repetition(body: &Body<'_>, items: &mut Vec<(&str, Value)>) {
    for (name, key) in [
        ("count", "count_expression"),
        ("for_each", "for_each_expression"),
    ] {
        if let Some(a) = body.attribute(name) {
            let e = expression(&a.expr);
            if e.as_object().is_some_and(|o| !o.is_empty()) {
                items.push((key, e));
            }
        }
    }
}

/// A resource's configuration: its attributes' expressions and, for each
/// nested block type, a list of its blocks' (`terraform_data`: `input` and
/// `triggers_replace`, its schema's).
fn expressions(body: &Body<'_>, ty: Option<&str>) -> Value {
    let mut m: Map<Key, Value> = Map::with_capacity(body.structures.len());
    for s in body.structures {
        match s {
            Structure::Attribute(a) => {
                let name = a.name.as_str();
                let wanted = match ty {
                    Some("terraform_data") => matches!(name, "input" | "triggers_replace"),
                    Some(_) => !RESOURCE_META.contains(&name),
                    None => true,
                };
                if wanted {
                    m.insert(Key::from(name), expression(&a.expr));
                }
            }
            Structure::Block(b) => {
                let name = b.ident.as_str();
                // (A `dynamic` block is not described, as Terraform leaves
                // it out.)
                if ty == Some("terraform_data")
                    || name == "dynamic"
                    || RESOURCE_META_BLOCKS.contains(&name)
                {
                    continue;
                }
                let inner = expressions(&b.body, None);
                match m.get_mut(name) {
                    Some(Value::Array(list)) => list.push(inner),
                    _ => {
                        m.insert(Key::from(name), Value::Array(vec![inner]));
                    }
                }
            }
        }
    }
    Value::Object(m)
}

/// A provider's name and alias from a resource's `provider` argument
/// (`aws.west`), or the type's prefix.
fn provider_of(b: &Block<'_>, ty: &str) -> (String, Option<String>) {
    if let Some(a) = b.body.attribute("provider") {
        let refs = references(&a.expr);
        if let Some(r) = refs.first() {
            let alias = match r.steps.first() {
                Some(Step::Attr(n)) => Some((*n).to_owned()),
                _ => None,
            };
            return (r.root.to_owned(), alias);
        }
    }
    (ty.split('_').next().unwrap_or(ty).to_owned(), None)
}

/// A provider's full name: from the module's `required_providers`, or
/// Terraform's default namespace (the built-in `terraform`'s own).
fn full_name(decl_body: &Body<'_>, name: &str) -> String {
    for t in decl_body
        .blocks()
        .filter(|b| b.ident.as_str() == "terraform")
    {
        for rp in t
            .body
            .blocks()
            .filter(|b| b.ident.as_str() == "required_providers")
        {
            if let Some(a) = rp.body.attribute(name) {
                if let Ok(v) = constant_of(&a.expr) {
                    let source = match v.value() {
                        Value::String(s) => Some(s.as_str().to_owned()),
                        Value::Object(o) => {
                            o.get("source").and_then(|s| s.as_str()).map(str::to_owned)
                        }
                        _ => None,
                    };
                    if let Some(s) = source {
                        let parts = s.split('/').count();
                        return if parts == 2 {
                            format!("registry.terraform.io/{s}")
                        } else {
                            s
                        };
                    }
                }
            }
        }
    }
    super::walk::provider_full_name(name)
}

/// The module path Terraform writes before a child's provider keys
/// (`module.a.module.b`), from its key in the manifest (`a.b`).
fn module_path(key: &str) -> String {
    key.split('.')
        .filter(|k| !k.is_empty())
        .map(|k| format!("module.{k}"))
        .collect::<Vec<_>>()
        .join(".")
}

/// One module's configuration. `declared` holds its variables' declarations
/// (in `decl.variables`' order, `None` for one in error); `calls` gives each
/// module call's child configuration (`None` when its source is not read);
/// `inherited` the provider keys the module sees from its ancestors (name
/// and alias to key); `providers` collects every provider configuration of
/// the tree.
pub(super) fn module(
    body: &Body<'_>,
    decl: &Declarations<'_, '_>,
    key: &str,
    declared: &[Option<Variable>],
    calls: Vec<Option<Value>>,
    inherited: &BTreeMap<String, String>,
    providers: &mut Providers,
) -> Value {
    let path = module_path(key);
    // This module's provider blocks, and what its resources see.
    for (_, config_key, name, alias, p) in provider_blocks(body, key) {
        let mut items = vec![
            ("name", Value::from(name)),
            ("full_name", Value::from(full_name(body, name))),
        ];
        if let Some(a) = &alias {
            items.push(("alias", Value::from(a.as_str())));
        }
        if let Some(v) = p
            .body
            .attribute("version")
            .and_then(|a| constant_of(&a.expr).ok())
        {
            if let Some(s) = v.value().as_str() {
                items.push(("version_constraint", Value::from(s)));
            }
        }
        if !path.is_empty() {
            items.push(("module_address", Value::from(path.as_str())));
        }
        let mut ex = expressions(&p.body, None);
        if let Value::Object(o) = &mut ex {
            o.shift_remove("alias");
            o.shift_remove("version");
        }
        if ex.as_object().is_some_and(|o| !o.is_empty()) {
            items.push(("expressions", ex));
        }
        providers.insert(config_key, object(items));
    }
    let keys = keys_for_children(body, key, inherited);
    let mut resources: Vec<(String, Value)> = Vec::with_capacity(decl.resources.len());
    for &(is_data, ty, name, b) in &decl.resources {
        let (pname, alias) = provider_of(b, ty);
        let local = match &alias {
            Some(a) => format!("{pname}.{a}"),
            None => pname.clone(),
        };
        let provider_key = match keys.get(&local) {
            Some(k) => k.clone(),
            None => {
                // An implied provider configuration, at the root.
                providers.entry(local.clone()).or_insert_with(|| {
                    object(vec![
                        ("name", Value::from(pname.as_str())),
                        ("full_name", Value::from(full_name(body, &pname))),
                    ])
                });
                local
            }
        };
        let mode = ResourceMode::of(is_data);
        let address = mode.local(ty, name);
        let mut items = vec![
            ("address", Value::from(address.as_str())),
            ("mode", Value::from(mode.as_str())),
            ("type", Value::from(ty)),
            ("name", Value::from(name)),
            ("provider_config_key", Value::from(provider_key)),
            ("expressions", expressions(&b.body, Some(ty))),
            ("schema_version", Value::from(0)),
        ];
        repetition(&b.body, &mut items);
        if let Some(d) = depends_on(&b.body) {
            items.push(("depends_on", d));
        }
        resources.push((address, object(items)));
    }
    resources.sort_by(|a, b| a.0.cmp(&b.0));
    let mut module_calls: Map<Key, Value> = Map::with_capacity(decl.calls.len());
    for ((name, b), child) in decl.calls.iter().zip(calls) {
        let mut items = Vec::with_capacity(8);
        if let Some(s) = b
            .body
            .attribute("source")
            .and_then(|a| constant_of(&a.expr).ok())
        {
            if let Some(s) = s.value().as_str() {
                items.push(("source", Value::from(s)));
            }
        }
        let mut args: Map<Key, Value> = Map::with_capacity(b.body.structures.len());
        for a in b.body.attributes() {
            if !CALL_META.contains(&a.name.as_str()) {
                args.insert(Key::from(a.name.as_str()), expression(&a.expr));
            }
        }
        if !args.is_empty() {
            items.push(("expressions", Value::Object(args)));
        }
        repetition(&b.body, &mut items);
        if let Some(m) = child {
            items.push(("module", m));
        }
        if let Some(v) = b
            .body
            .attribute("version")
            .and_then(|a| constant_of(&a.expr).ok())
        {
            if let Some(s) = v.value().as_str() {
                items.push(("version_constraint", Value::from(s)));
            }
        }
        if let Some(d) = depends_on(&b.body) {
            items.push(("depends_on", d));
        }
        module_calls.insert(Key::from(*name), object(items));
    }
    let mut outputs: Map<Key, Value> = Map::with_capacity(decl.outputs.len());
    for (name, b) in &decl.outputs {
        let mut items = Vec::with_capacity(4);
        if let Some(a) = b.body.attribute("value") {
            items.push(("expression", expression(&a.expr)));
        }
        if is_true(&b.body, "sensitive") {
            items.push(("sensitive", Value::Bool(true)));
        }
        if let Some(d) = description(&b.body) {
            items.push(("description", d));
        }
        if let Some(d) = depends_on(&b.body) {
            items.push(("depends_on", d));
        }
        outputs.insert(Key::from(*name), object(items));
    }
    let mut variables: Map<Key, Value> = Map::with_capacity(decl.variables.len());
    for (i, (name, b)) in decl.variables.iter().enumerate() {
        let mut items = Vec::with_capacity(3);
        if let Some(d) = declared[i].as_ref().and_then(Variable::default_value) {
            items.push(("default", d.value().clone()));
        }
        if let Some(d) = description(&b.body) {
            items.push(("description", d));
        }
        if is_true(&b.body, "sensitive") {
            items.push(("sensitive", Value::Bool(true)));
        }
        variables.insert(Key::from(*name), object(items));
    }
    let mut items = Vec::with_capacity(4);
    if !outputs.is_empty() {
        items.push(("outputs", Value::Object(outputs)));
    }
    if !resources.is_empty() {
        items.push((
            "resources",
            Value::Array(resources.into_iter().map(|r| r.1).collect()),
        ));
    }
    if !module_calls.is_empty() {
        items.push(("module_calls", Value::Object(module_calls)));
    }
    if !variables.is_empty() {
        items.push(("variables", Value::Object(variables)));
    }
    object(items)
}

/// The provider keys a module and its children see (name and alias to
/// key): its own provider blocks' and those it was given.
pub(super) fn keys_for_children(
    body: &Body<'_>,
    key: &str,
    inherited: &BTreeMap<String, String>,
) -> BTreeMap<String, String> {
    let mut keys = inherited.clone();
    for (local, config_key, ..) in provider_blocks(body, key) {
        keys.insert(local, config_key);
    }
    keys
}

/// A module's `provider` blocks: each one's local name (`aws.west`), its
/// key in the plan (`module.a:aws.west` in a child), its name, alias and
/// block.
fn provider_blocks<'b, 'a>(
    body: &'b Body<'a>,
    key: &str,
) -> Vec<(String, String, &'a str, Option<String>, &'b Block<'a>)> {
    let path = module_path(key);
    let mut out = Vec::new();
    for p in body.blocks().filter(|b| b.ident.as_str() == "provider") {
        let Some(name) = p.labels.first().map(|l| l.as_str()) else {
            continue;
        };
        let alias = p
            .body
            .attribute("alias")
            .and_then(|a| constant_of(&a.expr).ok())
            .and_then(|t| t.value().as_str().map(str::to_owned));
        let local = match &alias {
            Some(a) => format!("{name}.{a}"),
            None => name.to_owned(),
        };
        let config_key = if path.is_empty() {
            local.clone()
        } else {
            format!("{path}:{local}")
        };
        out.push((local, config_key, name, alias, p));
    }
    out
}

pub(super) fn is_true(body: &Body<'_>, name: &str) -> bool {
    body.attribute(name)
        .and_then(|a| constant_of(&a.expr).ok())
        .is_some_and(|t| t.value() == &Value::Bool(true))
}

fn description(body: &Body<'_>) -> Option<Value> {
    let t = constant_of(&body.attribute("description")?.expr).ok()?;
    t.value().as_str().map(Value::from)
}

/// `depends_on`, each reference as written.
fn depends_on(body: &Body<'_>) -> Option<Value> {
    let a = body.attribute("depends_on")?;
    let refs: Vec<Value> = references(&a.expr)
        .iter()
        .map(|r| Value::from(r.to_string()))
        .collect();
    Some(Value::Array(refs))
}
