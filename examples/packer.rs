//! A Packer-style loader: `variable` blocks with type constraints and
//! defaults, values from a `.pkrvars.hcl` file, `locals` evaluated in the
//! order their references require, and the rest (`source` blocks with
//! `dynamic` tags, `build` blocks) loaded into typed structs.
//!
//! ```text
//! cargo run --example packer [TEMPLATE.pkr.hcl [VARS.pkrvars.hcl]]
//! ```
//!
//! Without arguments it reads `examples/packer/build.pkr.hcl` and
//! `examples/packer/web.pkrvars.hcl`.

use std::collections::{BTreeMap, HashMap};

use hcl::eval::{Context, Typed};
use hcl::syntax::Expression;
use hcl::typeexpr::Variable;
use hcl::{TypeConstraint, Value};
use serde::Deserialize;

/// The parts of a template this loader reads first.
#[derive(Deserialize)]
struct Declarations {
    #[serde(default)]
    variable: HashMap<String, VariableBlock>,
}

#[derive(Deserialize)]
struct VariableBlock {
    #[serde(rename = "type")]
    ty: Option<TypeConstraint>,
    default: Option<Value>,
    #[serde(default = "yes")]
    nullable: bool,
}

fn yes() -> bool {
    true
}

/// What the rest of the program works with.
#[derive(Deserialize, Debug)]
struct Template {
    source: BTreeMap<String, BTreeMap<String, Source>>,
    build: Vec<Build>,
}

#[derive(Deserialize, Debug)]
struct Source {
    region: String,
    instance_type: String,
    ami_name: String,
    #[serde(default)]
    ami_users: Vec<String>,
    #[serde(default)]
    launch_block_device_mappings: Vec<Device>,
    #[serde(default)]
    tag: Vec<Tag>,
}

#[derive(Deserialize, Debug)]
struct Device {
    device_name: String,
    volume_size: u32,
    encrypted: bool,
}

#[derive(Deserialize, Debug)]
struct Tag {
    key: String,
    value: String,
}

#[derive(Deserialize, Debug)]
struct Build {
    name: String,
    sources: Vec<String>,
    #[serde(default)]
    provisioner: BTreeMap<String, Provisioner>,
}

#[derive(Deserialize, Debug)]
struct Provisioner {
    #[serde(default)]
    inline: Vec<String>,
}

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/packer");
    let template_path = args
        .next()
        .unwrap_or_else(|| format!("{dir}/build.pkr.hcl"));
    let vars_path = args
        .next()
        .unwrap_or_else(|| format!("{dir}/web.pkrvars.hcl"));
    if let Err(e) = run(&template_path, &vars_path) {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
}

/// An error of file `path`, for messages.
fn at(path: &str) -> impl Fn(hcl::Error) -> String + '_ {
    move |e| format!("{path}: {e}")
}

fn run(template_path: &str, vars_path: &str) -> Result<(), String> {
    let read = |p: &str| std::fs::read_to_string(p).map_err(|e| format!("{p}: {e}"));
    let template = read(template_path)?;
    let given_text = read(vars_path)?;

    // 1. Variables: declared with types and defaults, given in the vars file.
    let decls: Declarations = hcl::from_str(&template).map_err(at(template_path))?;
    let given: HashMap<String, Value> = hcl::from_str(&given_text).map_err(at(vars_path))?;
    let mut vars = hcl::Map::new();
    for (name, decl) in &decls.variable {
        let constraint = decl.ty.clone().unwrap_or(TypeConstraint::Any);
        let default = decl.default.clone().map(Typed::from);
        let var = Variable::new(constraint, default, decl.nullable)
            .map_err(|e| format!("variable {name:?}: {}", e.message()))?;
        let value = var
            .value(given.get(name).cloned().map(Typed::from))
            .map_err(|e| format!("variable {name:?}: {}", e.message()))?;
        vars.insert(name.as_str(), value.into_value());
    }
    if let Some(name) = given.keys().find(|n| !decls.variable.contains_key(*n)) {
        return Err(format!(
            "{vars_path}: a value for undeclared variable {name:?}"
        ));
    }
    let mut ctx = Context::new().with_source(&template);
    ctx.declare_var("var", Value::Object(vars));

    // 2. Locals, in the order their references to each other require.
    let file = hcl::parse(&template).map_err(at(template_path))?;
    let mut locals: Vec<(&str, &Expression<'_>)> = Vec::new();
    for block in file.body().blocks().filter(|b| b.ident.name == "locals") {
        for attr in block.body.attributes() {
            locals.push((attr.name.name, &attr.expr));
        }
    }
    let order = dependency_order(&locals)?;
    let mut local = hcl::Map::new();
    for i in order {
        let (name, expr) = locals[i];
        let mut scope = ctx.child();
        scope.declare_var("local", Value::Object(local.clone()));
        let v = hcl::eval::evaluate_typed(expr, &scope)
            .map_err(|e| format!("local.{name}: {}", e.with_source(&template)))?;
        local.insert(name, v.into_value());
    }
    ctx.declare_var("local", Value::Object(local));

    // 3. The rest, typed, with `dynamic` blocks expanded.
    let ctx = ctx.with_dynamic_blocks(true);
    let t: Template = hcl::from_str_with_context(&template, &ctx).map_err(at(template_path))?;

    for (ty, sources) in &t.source {
        for (name, s) in sources {
            println!(
                "source {ty}.{name}: {} in {} as {:?}",
                s.instance_type, s.region, s.ami_name
            );
            println!("  shared with {:?}", s.ami_users);
            for d in &s.launch_block_device_mappings {
                println!(
                    "  {} {} GB{}",
                    d.device_name,
                    d.volume_size,
                    if d.encrypted { ", encrypted" } else { "" }
                );
            }
            for tag in &s.tag {
                println!("  tag {} = {}", tag.key, tag.value);
            }
        }
    }
    for b in &t.build {
        println!("build {} from {:?}", b.name, b.sources);
        for (kind, p) in &b.provisioner {
            println!("  {kind}: {:?}", p.inline);
        }
    }
    Ok(())
}

/// The order to evaluate `locals` in: each after the locals its
/// expression refers to (`local.NAME`); a cycle is an error.
fn dependency_order(locals: &[(&str, &Expression<'_>)]) -> Result<Vec<usize>, String> {
    let index: HashMap<&str, usize> = locals
        .iter()
        .enumerate()
        .map(|(i, (n, _))| (*n, i))
        .collect();
    let deps: Vec<Vec<usize>> = locals
        .iter()
        .map(|(_, e)| {
            hcl::analysis::references(e)
                .iter()
                .filter(|r| r.root == "local")
                .filter_map(|r| match r.steps.first() {
                    Some(hcl::analysis::Step::Attr(name)) => index.get(name).copied(),
                    _ => None,
                })
                .collect()
        })
        .collect();
    // Depth-first, marking each local while its dependencies are visited.
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        Visiting,
        Done,
    }
    fn visit(
        i: usize,
        deps: &[Vec<usize>],
        marks: &mut [Mark],
        out: &mut Vec<usize>,
        names: &[(&str, &Expression<'_>)],
    ) -> Result<(), String> {
        match marks[i] {
            Mark::Done => return Ok(()),
            Mark::Visiting => return Err(format!("local.{} depends on itself", names[i].0)),
            Mark::New => {}
        }
        marks[i] = Mark::Visiting;
        for &d in &deps[i] {
            visit(d, deps, marks, out, names)?;
        }
        marks[i] = Mark::Done;
        out.push(i);
        Ok(())
    }
    let mut marks = vec![Mark::New; locals.len()];
    let mut out = Vec::with_capacity(locals.len());
    for i in 0..locals.len() {
        visit(i, &deps, &mut marks, &mut out, locals)?;
    }
    Ok(out)
}
