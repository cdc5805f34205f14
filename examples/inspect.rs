//! A Terraform module inspector, as `terraform-config-inspect` is: a
//! module directory's variables (type, default, whether required),
//! outputs (with what they refer to), resources and data sources, and
//! module calls, each with its file and line, printed as JSON.
//!
//! ```text
//! cargo run --example inspect [MODULE_DIR]
//! ```
//!
//! Without an argument it reads `tests/fixtures/modules/locals_across_files`.

use hcl::analysis::references;
use hcl::config::{DirFiles, Files};
use hcl::syntax::Block;
use hcl::{Map, TypeConstraint, Value};

fn main() {
    let dir = std::env::args().nth(1).unwrap_or_else(|| {
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/modules/locals_across_files"
        )
        .to_owned()
    });
    match inspect(&dir) {
        Ok(v) => println!(
            "{}",
            hcl::json::value_to_string(&v, true).unwrap_or_default()
        ),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
}

fn inspect(dir: &str) -> hcl::Result<Value> {
    let files = Files::read_dir(dir, &DirFiles::terraform())?;
    // Terraform's own checks first (duplicates, undeclared references).
    files.check_module()?;
    let mut variables = Map::new();
    let mut outputs = Map::new();
    let mut managed = Map::new();
    let mut data = Map::new();
    let mut modules = Map::new();
    for block in files.body().blocks() {
        let labels: Vec<&str> = block.labels.iter().map(|l| l.as_str()).collect();
        let pos = position(&files, block);
        match (block.ident.as_str(), labels.as_slice()) {
            ("variable", [name]) => {
                let body = &block.body;
                let ty = match body.attribute("type") {
                    Some(a) => TypeConstraint::from_expression(&a.expr)
                        .map_err(|e| files.locate(e))?
                        .to_string(),
                    None => String::new(),
                };
                let default = match body.attribute("default") {
                    Some(a) => hcl::typeexpr::constant_of(&a.expr)
                        .map(|t| t.into_value())
                        .map_err(|e| files.locate(e))?,
                    None => Value::Null,
                };
                variables.insert(
                    *name,
                    Value::from_iter([
                        ("name", Value::from(*name)),
                        ("type", Value::from(ty)),
                        ("description", string_attr(block, "description")),
                        ("default", default),
                        ("required", Value::from(body.attribute("default").is_none())),
                        ("pos", pos),
                    ]),
                );
            }
            ("output", [name]) => {
                let refs: Vec<Value> = block
                    .body
                    .attribute("value")
                    .map(|a| {
                        references(&a.expr)
                            .iter()
                            .map(|r| Value::from(r.to_string()))
                            .collect()
                    })
                    .unwrap_or_default();
                outputs.insert(
                    *name,
                    Value::from_iter([
                        ("name", Value::from(*name)),
                        ("description", string_attr(block, "description")),
                        ("references", Value::Array(refs)),
                        ("pos", pos),
                    ]),
                );
            }
            (kind @ ("resource" | "data"), [ty, name]) => {
                let entry = Value::from_iter([
                    (
                        "mode",
                        Value::from(if kind == "data" { "data" } else { "managed" }),
                    ),
                    ("type", Value::from(*ty)),
                    ("name", Value::from(*name)),
                    ("provider", Value::from(ty.split('_').next().unwrap_or(ty))),
                    ("pos", pos),
                ]);
                let target = if kind == "data" {
                    &mut data
                } else {
                    &mut managed
                };
                target.insert(format!("{ty}.{name}"), entry);
            }
            ("module", [name]) => {
                modules.insert(
                    *name,
                    Value::from_iter([
                        ("name", Value::from(*name)),
                        ("source", string_attr(block, "source")),
                        ("version", string_attr(block, "version")),
                        ("pos", pos),
                    ]),
                );
            }
            _ => {}
        }
    }
    Ok(Value::from_iter([
        ("path", Value::from(dir)),
        ("variables", Value::Object(variables)),
        ("outputs", Value::Object(outputs)),
        ("managed_resources", Value::Object(managed)),
        ("data_resources", Value::Object(data)),
        ("module_calls", Value::Object(modules)),
    ]))
}

/// A block's file and line.
fn position(files: &Files, block: &Block<'_>) -> Value {
    // An error placed at the block's name names its file and line.
    let at = files.locate(hcl::Error::spanned(
        hcl::ErrorKind::Eval,
        "",
        block.ident.span,
    ));
    Value::from_iter([
        ("filename", Value::from(at.file().unwrap_or_default())),
        ("line", Value::from(at.line().unwrap_or_default() as u64)),
    ])
}

/// A constant string attribute of a block (`description`, `source`), or
/// null.
fn string_attr(block: &Block<'_>, name: &str) -> Value {
    use hcl::eval::Evaluate;
    block
        .body
        .attribute(name)
        .and_then(|a| a.expr.evaluate(&hcl::eval::Context::empty()).ok())
        .filter(|v| matches!(v, Value::String(_)))
        .unwrap_or(Value::Null)
}
