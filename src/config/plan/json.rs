//! The plan as `terraform show -json PLANFILE` prints it.

use super::{CheckKind, Checked, Plan, ResourceInstance, ResourceMode};
use crate::eval::Typed;
use crate::value::map::FastHashMap as HashMap;
use crate::value::meta::{self, Meta, Ty};
use crate::value::{Key, Map, Type, Value};

/// A value as the plan's JSON shows it known (`after`): unknown
/// attributes left out of objects, unknown elements `null` in sequences,
/// object keys in name order (as cty has them); `None` when the whole
/// value is unknown.
pub(super) fn after(t: &Typed) -> Option<Value> {
    let (v, m) = t.as_meta();
    known_part(v, m)
}

fn known_part(v: &Value, t: &Ty) -> Option<Value> {
    crate::stack::with_stack(|| match (t, v) {
        (Some(Meta::Unknown(..)), _) => None,
        (_, Value::Array(a)) => Some(Value::Array(
            a.iter()
                .enumerate()
                .map(|(i, x)| known_part(x, &meta::item(t, i, x)).unwrap_or(Value::Null))
                .collect(),
        )),
        (_, Value::Object(o)) => {
            let mut m: Map<Key, Value> = o
                .iter()
                .enumerate()
                .filter_map(|(i, (k, x))| {
                    known_part(x, &meta::attr(t, k.as_str(), i, x)).map(|x| (k.clone(), x))
                })
                .collect();
            m.sort_keys();
            Some(Value::Object(m))
        }
        _ => Some(v.clone()),
    })
}

/// Where a value is unknown (`after_unknown`): `true` for an unknown
/// value, `false` for a known primitive or null, sequences element by
/// element, objects with their unknown parts only (cty's
/// `unknownAsBool`).
pub(super) fn after_unknown(t: &Typed) -> Value {
    let (v, m) = t.as_meta();
    unknown_as_bool(v, m)
}

fn unknown_as_bool(v: &Value, t: &Ty) -> Value {
    crate::stack::with_stack(|| match (t, v) {
        (Some(Meta::Unknown(..)), _) => Value::Bool(true),
        (_, Value::Null) => Value::Bool(false),
        (_, Value::Array(a)) => Value::Array(
            a.iter()
                .enumerate()
                .map(|(i, x)| unknown_as_bool(x, &meta::item(t, i, x)))
                .collect(),
        ),
        (_, Value::Object(o)) => Value::Object(
            o.iter()
                .enumerate()
                .filter_map(|(i, (k, x))| {
                    let b = unknown_as_bool(x, &meta::attr(t, k.as_str(), i, x));
                    (b != Value::Bool(false)).then(|| (k.clone(), b))
                })
                .collect(),
        ),
        _ => Value::Bool(false),
    })
}

/// Where a value is sensitive (`sensitive_values`, `after_sensitive`):
/// `true` for a part that is known in `real` and not in `shadow` (the same
/// value planned with the sensitive variables and outputs unknown: what
/// depends on them), `{}` or `[]` for an unknown object or sequence, and
/// otherwise known parts as cty's `SensitiveAsBool` gives them (objects
/// without their `false` attributes, sequences element by element).
pub(super) fn sensitive_as_bool(real: &Typed, shadow: Option<&Typed>) -> Value {
    let (v, m) = real.as_meta();
    match shadow.map(Typed::as_meta) {
        Some((sv, sm)) => marks(v, m, Some(sv), sm),
        None => marks(v, m, None, &None),
    }
}

/// The marks of an unknown value of type `ty` that holds parts: `{}` for
/// an object or a map, `[]` for a sequence (cty's shape).
fn unknown_shape(ty: &Type) -> Option<Value> {
    match ty {
        Type::Object(_) | Type::Map(_) => Some(Value::Object(Map::new())),
        Type::List(_) | Type::Tuple(_) | Type::Set(_) => Some(Value::Array(Vec::new())),
        _ => None,
    }
}

fn marks(v: &Value, t: &Ty, sv: Option<&Value>, st: &Ty) -> Value {
    crate::stack::with_stack(|| {
        if let Some(Meta::Unknown(ty, _)) = t {
            return unknown_shape(ty).unwrap_or(Value::Bool(false));
        }
        if sv.is_some() && meta::is_unknown(st) {
            return Value::Bool(true);
        }
        match v {
            Value::Null => Value::Bool(false),
            Value::Array(a) => Value::Array(
                a.iter()
                    .enumerate()
                    .map(|(i, x)| {
                        let si = sv.and_then(|s| match s {
                            Value::Array(sa) => sa.get(i),
                            _ => None,
                        });
                        let sti = si.and_then(|x2| meta::item(st, i, x2));
                        marks(x, &meta::item(t, i, x), si, &sti)
                    })
                    .collect(),
            ),
            Value::Object(o) => {
                let mut m: Map<Key, Value> = Map::new();
                for (i, (k, x)) in o.iter().enumerate() {
                    let (si, sti) = match sv {
                        Some(Value::Object(so)) => match so.get_index_of(k.as_str()) {
                            Some(j) => (Some(&so[j]), meta::attr(st, k.as_str(), j, &so[j])),
                            None => (None, None),
                        },
                        _ => (None, None),
                    };
                    let b = marks(x, &meta::attr(t, k.as_str(), i, x), si, &sti);
                    if b != Value::Bool(false) {
                        m.insert(k.clone(), b);
                    }
                }
                m.sort_keys();
                Value::Object(m)
            }
            _ => Value::Bool(false),
        }
    })
}

/// A type as cty's JSON encodes it (`"string"`, `["list", "number"]`,
/// `["object", {"a": "bool"}]`).
fn type_json(t: &Type) -> Value {
    let pair = |kind: &str, inner: Value| Value::from_iter([Value::from(kind), inner]);
    match t {
        Type::Dynamic => Value::from("dynamic"),
        Type::String => Value::from("string"),
        Type::Number => Value::from("number"),
        Type::Bool => Value::from("bool"),
        Type::List(e) => pair("list", type_json(e)),
        Type::Set(e) => pair("set", type_json(e)),
        Type::Map(e) => pair("map", type_json(e)),
        Type::Tuple(ts) => pair("tuple", ts.iter().map(type_json).collect()),
        Type::Object(attrs) => pair(
            "object",
            Value::Object(
                attrs
                    .iter()
                    .map(|(k, t)| (Key::from(k.as_str()), type_json(t)))
                    .collect(),
            ),
        ),
    }
}

/// An object of `items`, whose names are distinct (the document's own).
fn obj<const N: usize>(items: [(&str, Value); N]) -> Value {
    let mut m: Map<Key, Value> = Map::with_capacity(N);
    for (k, v) in items {
        m.push(Key::from(k), v);
    }
    Value::Object(m)
}

/// An instance's `after_unknown`: its configured values' unknowns and
/// its computed attributes.
fn instance_unknown(r: &ResourceInstance) -> Value {
    let mut u = after_unknown(&r.values);
    if let Value::Object(o) = &mut u {
        for c in &r.computed {
            o.insert(Key::from(c.as_str()), Value::Bool(true));
        }
        o.sort_keys();
    }
    u
}

/// What names an instance in the plan's JSON: `address`, with
/// `module_address` in `resource_changes` (`change`), `mode`, `type`,
/// `name`, `index`, `provider_name`.
/// (Its names are distinct: pushed, with room for the one or two the
/// caller adds.)
fn identity(r: &ResourceInstance, change: bool) -> Map<Key, Value> {
    let mut m: Map<Key, Value> = Map::with_capacity(8);
    m.push(Key::from("address"), Value::from(r.address.as_str()));
    if change && !r.module_address.is_empty() {
        m.push(
            Key::from("module_address"),
            Value::from(r.module_address.as_str()),
        );
    }
    m.push(Key::from("mode"), Value::from(r.mode.as_str()));
    m.push(Key::from("type"), Value::from(r.type_name.as_str()));
    m.push(Key::from("name"), Value::from(r.name.as_str()));
    if let Some(k) = &r.index {
        m.push(Key::from("index"), k.to_value());
    }
    m.push(
        Key::from("provider_name"),
        Value::from(r.provider_name.as_str()),
    );
    m
}

/// An instance's `sensitive_values`: its configured values' marks and
/// (`terraform_data`'s `output`, of `input`'s type) its computed ones.
fn instance_sensitive(r: &ResourceInstance) -> Value {
    let mut s = r.sensitive.clone();
    if r.type_name == "terraform_data" {
        if let (Value::Object(o), Some(_)) = (&mut s, r.values.value().get("input")) {
            let shape = match r.values.ty() {
                Type::Object(attrs) => attrs.get("input").and_then(unknown_shape),
                _ => None,
            };
            if let Some(shape) = shape {
                o.insert(Key::from("output"), shape);
                o.sort_keys();
            }
        }
    }
    s
}

/// An instance in `planned_values`, of its known values `values` and its
/// marks `sensitive` (found once for it and its change).
fn instance(r: &ResourceInstance, values: Value, sensitive: Value) -> Value {
    let mut m = identity(r, false);
    m.push(Key::from("schema_version"), Value::from(0));
    m.push(Key::from("values"), values);
    m.push(Key::from("sensitive_values"), sensitive);
    Value::Object(m)
}

/// An instance's entry in `resource_changes`, of its known values `after`
/// and its marks `sensitive`.
fn change(r: &ResourceInstance, after: Value, sensitive: Value) -> Value {
    let mut m = identity(r, true);
    let action = match r.mode {
        ResourceMode::Managed => "create",
        ResourceMode::Data => "read",
    };
    m.push(
        Key::from("change"),
        obj([
            ("actions", Value::from_iter([Value::from(action)])),
            ("before", Value::Null),
            ("after", after),
            ("after_unknown", instance_unknown(r)),
            ("before_sensitive", Value::Bool(false)),
            ("after_sensitive", sensitive),
        ]),
    );
    Value::Object(m)
}

/// An object's custom conditions as the plan's `checks` have them.
fn checked(c: &Checked) -> Value {
    let mut address: Map<Key, Value> = Map::new();
    let kind = match &c.kind {
        CheckKind::Resource { mode, type_name } => {
            address.insert(Key::from("mode"), Value::from(mode.as_str()));
            address.insert(Key::from("type"), Value::from(type_name.as_str()));
            "resource"
        }
        CheckKind::OutputValue => "output_value",
        CheckKind::Variable => "var",
        CheckKind::Check => "check",
    };
    address.insert(Key::from("kind"), Value::from(kind));
    if !c.module.is_empty() {
        address.insert(Key::from("module"), Value::from(c.module.as_str()));
    }
    address.insert(Key::from("name"), Value::from(c.name.as_str()));
    address.insert(Key::from("to_display"), Value::from(c.address.as_str()));
    address.sort_keys();
    let mut m: Map<Key, Value> = Map::new();
    m.insert(Key::from("address"), Value::Object(address));
    m.insert(Key::from("status"), Value::from(c.status.as_str()));
    if !c.instances.is_empty() {
        let instances = c.instances.iter().map(|i| {
            let mut a: Map<Key, Value> = Map::new();
            if let Some(k) = &i.key {
                a.insert(Key::from("instance_key"), k.to_value());
            }
            if !i.module.is_empty() {
                a.insert(Key::from("module"), Value::from(i.module.as_str()));
            }
            a.insert(Key::from("to_display"), Value::from(i.address.as_str()));
            let mut m: Map<Key, Value> = Map::new();
            m.insert(Key::from("address"), Value::Object(a));
            m.insert(Key::from("status"), Value::from(i.status.as_str()));
            if !i.problems.is_empty() {
                let problems = i
                    .problems
                    .iter()
                    .map(|p| obj([("message", Value::from(p.as_str()))]));
                m.insert(Key::from("problems"), problems.collect());
            }
            Value::Object(m)
        });
        m.insert(Key::from("instances"), instances.collect());
    }
    Value::Object(m)
}

impl Plan {
    /// The plan as `terraform show -json PLANFILE` prints it, without what
    /// needs providers (see `docs/guide/plan.md`): `format_version`,
    /// `variables`, `planned_values` (resources of the root module and
    /// of each child module instance, outputs), `resource_changes`
    /// (`["create"]` for resources, `["read"]` for data sources, `after`,
    /// `after_unknown`) and `output_changes`.
    ///
    /// ```
    /// use hcl::config::{Files, PlanOptions};
    /// let files = Files::parse([("main.tf", "resource \"terraform_data\" \"a\" {\n  input = [1, \"x\"]\n}\noutput \"id\" {\n  value = terraform_data.a.id\n}\n")]).unwrap();
    /// let json = files.plan(&PlanOptions::new()).unwrap().to_json();
    /// let change = &json["resource_changes"][0]["change"];
    /// assert_eq!(change["after"]["input"], hcl::Value::from_iter([hcl::Value::from(1), hcl::Value::from("x")]));
    /// assert_eq!(change["after_unknown"]["id"], hcl::Value::Bool(true));
    /// assert_eq!(json["output_changes"]["id"]["after_unknown"], hcl::Value::Bool(true));
    /// ```
    pub fn to_json(&self) -> Value {
        self.json_with(self.configuration.clone())
    }

    /// [`Plan::to_json`], the plan given up for it (its `configuration`
    /// moved into the document, not copied).
    ///
    /// ```
    /// use hcl::config::{Files, PlanOptions};
    /// let files = Files::parse([("main.tf", "resource \"terraform_data\" \"a\" {}\n")]).unwrap();
    /// let plan = files.plan(&PlanOptions::new()).unwrap();
    /// assert_eq!(plan.to_json(), plan.into_json());
    /// ```
    pub fn into_json(mut self) -> Value {
        let configuration = self.configuration.take();
        self.json_with(configuration)
    }

    fn json_with(&self, configuration: Option<Value>) -> Value {
        // planned_values: the root module and each module instance.
        let mut modules: Vec<(&str, Vec<Value>)> = Vec::new();
        let mut by_address: HashMap<&str, usize> = HashMap::default();
        // (Each instance's known values and marks, found once for its
        // `planned_values` and its change.)
        let mut changes: Vec<Value> = Vec::with_capacity(self.resources.len());
        for r in &self.resources {
            let at = *by_address
                .entry(r.module_address.as_str())
                .or_insert_with(|| {
                    modules.push((r.module_address.as_str(), Vec::new()));
                    modules.len() - 1
                });
            let values = after(&r.values).unwrap_or(Value::Null);
            let sensitive = instance_sensitive(r);
            changes.push(change(r, values.clone(), sensitive.clone()));
            modules[at].1.push(instance(r, values, sensitive));
        }
        let mut root_resources = Vec::new();
        let mut children = Vec::new();
        for (address, resources) in modules {
            if address.is_empty() {
                root_resources = resources;
            } else {
                children.push(obj([
                    ("resources", Value::Array(resources)),
                    ("address", Value::from(address)),
                ]));
            }
        }
        let mut root = Map::new();
        if !root_resources.is_empty() {
            root.insert(Key::from("resources"), Value::Array(root_resources));
        }
        if !children.is_empty() {
            root.insert(Key::from("child_modules"), Value::Array(children));
        }
        let mut outputs = Map::new();
        let mut output_changes = Map::new();
        for o in &self.outputs {
            let mut p = Map::new();
            p.insert(Key::from("sensitive"), Value::Bool(o.sensitive));
            if let Some(v) = o.value.is_known().then(|| o.value.value().clone()) {
                p.insert(Key::from("type"), type_json(o.value.ty()));
                p.insert(Key::from("value"), v);
            }
            outputs.insert(Key::from(o.name.as_str()), Value::Object(p));
            let mut c = Map::new();
            c.insert(
                Key::from("actions"),
                Value::from_iter([Value::from("create")]),
            );
            c.insert(Key::from("before"), Value::Null);
            if let Some(a) = after(&o.value) {
                c.insert(Key::from("after"), a);
            }
            // (A wholly known output is `false`, whatever its shape.)
            let unknown = if o.value.is_known() {
                Value::Bool(false)
            } else {
                after_unknown(&o.value)
            };
            c.insert(Key::from("after_unknown"), unknown);
            c.insert(Key::from("before_sensitive"), Value::Bool(o.sensitive));
            c.insert(Key::from("after_sensitive"), Value::Bool(o.sensitive));
            output_changes.insert(Key::from(o.name.as_str()), Value::Object(c));
        }
        outputs.sort_keys();
        output_changes.sort_keys();
        let variables: Map<Key, Value> = self
            .variables
            .iter()
            .map(|(n, t)| {
                let v = after(t).unwrap_or(Value::Null);
                (Key::from(n.as_str()), obj([("value", v)]))
            })
            .collect();
        let mut planned = Map::new();
        if !outputs.is_empty() {
            planned.insert(Key::from("outputs"), Value::Object(outputs));
        }
        planned.insert(Key::from("root_module"), Value::Object(root));
        let mut doc = Map::new();
        doc.insert(Key::from("format_version"), Value::from("1.2"));
        doc.insert(Key::from("variables"), Value::Object(variables));
        doc.insert(Key::from("planned_values"), Value::Object(planned));
        doc.insert(Key::from("resource_changes"), Value::Array(changes));
        if !output_changes.is_empty() {
            doc.insert(Key::from("output_changes"), Value::Object(output_changes));
        }
        if let Some(c) = configuration {
            doc.insert(Key::from("configuration"), c);
        }
        if !self.checks.is_empty() {
            doc.insert(
                Key::from("checks"),
                self.checks.iter().map(checked).collect(),
            );
        }
        doc.insert(Key::from("errored"), Value::Bool(false));
        Value::Object(doc)
    }
}
