//! A module's variables and locals, with Terraform's semantics: values
//! from variable files and `-var`, `optional()` defaults, locals in
//! dependency order across files, and Terraform's checks and messages.

use std::path::Path;

use hcl::config::{DirFiles, Files, Inputs, Module};
use hcl::eval::{Context, EvalMode, Evaluate};
use hcl::Value;

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/modules");

/// A module directory read as `terraform console` run there with the
/// flags of its ARGS file reads it.
fn load(dir: &Path) -> (Files, Module) {
    let files = Files::read_dir(dir, &DirFiles::terraform()).unwrap();
    let mut inputs = Inputs::read_auto_files(dir).unwrap();
    if let Ok(args) = std::fs::read_to_string(dir.join("ARGS")) {
        for arg in args.split_whitespace() {
            if let Some(f) = arg.strip_prefix("-var-file=") {
                inputs = inputs.read_var_file(dir.join(f)).unwrap();
            } else if let Some((n, v)) = arg.strip_prefix("-var=").and_then(|a| a.split_once('=')) {
                inputs = inputs.var_value(n, v);
            }
        }
    }
    let module = files
        .module(&inputs)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    (files, module)
}

/// A type as written by Terraform's console or by us, without layout.
fn bare(t: &str) -> String {
    let t: String = t.split_whitespace().collect();
    t.replace(",]", "]").replace(",}", "}").replace(",)", ")")
}

/// Every fixture module's expressions give `terraform console`'s answers
/// (`ANSWERS.json`, recorded by `scripts/module_answers.py`): locals
/// referring to locals across files, `optional()` defaults, a variable
/// file over a default, `terraform.tfvars` and `*.auto.tfvars`
/// precedence, `-var` values.
#[test]
fn fixture_modules_give_terraform_s_values_and_types() {
    let mut checked = 0;
    for entry in std::fs::read_dir(FIXTURES).unwrap() {
        let dir = entry.unwrap().path();
        let (_, module) = load(&dir);
        let mut ctx = Context::new();
        module.declare_in(&mut ctx);
        let answers: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(dir.join("ANSWERS.json")).unwrap())
                .unwrap();
        for (expr, answer) in answers.as_object().unwrap() {
            let t = hcl::eval::evaluate_typed_str(expr, &ctx)
                .unwrap_or_else(|e| panic!("{}: {expr}: {e}", dir.display()));
            let ours: serde_json::Value =
                serde_json::from_str(&hcl::json::value_to_string(t.value(), false).unwrap())
                    .unwrap();
            assert_eq!(ours, answer["json"], "{}: {expr}", dir.display());
            assert_eq!(
                bare(&t.ty().to_string()),
                bare(answer["type"].as_str().unwrap()),
                "{}: {expr}",
                dir.display()
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 16);
}

#[test]
fn outputs_get_the_values_of_variables_and_locals_and_keep_the_rest() {
    let files = Files::parse([
        ("main.tf", "variable \"env\" {\n  default = \"dev\"\n}\nlocals {\n  name = \"app-${var.env}\"\n  arn  = aws_iam_role.r.arn\n  both = \"${local.name}:${local.arn}\"\n}\n"),
        ("outputs.tf", "output \"name\" {\n  value = local.name\n}\noutput \"both\" {\n  value = local.both\n}\noutput \"role\" {\n  value = aws_iam_role.r.name\n}\n"),
    ])
    .unwrap();
    let module = files
        .module(&Inputs::new().var_value("env", "prod"))
        .unwrap();
    let mut ctx = Context::new().with_mode(EvalMode::PreserveTemplates);
    module.declare_in(&mut ctx);
    let v = files.body().evaluate(&ctx).unwrap();
    assert_eq!(v["output"]["name"]["value"], Value::from("app-prod"));
    // Unknown to us, as to Terraform before apply: kept as written.
    assert_eq!(v["output"]["both"]["value"], Value::from("${local.both}"));
    assert_eq!(
        v["output"]["role"]["value"],
        Value::from("${aws_iam_role.r.name}")
    );
    let both = module.locals().find(|l| l.0 == "both").unwrap().1;
    assert!(both.is_unknown());
}

/// Terraform's messages, as `terraform validate` gives them for these
/// files (b.tf read first: files are read in name order).
#[test]
fn terraform_s_duplicate_checks() {
    let b = "variable \"a\" {\n  default = 1\n}\nlocals {\n  x = 2\n}\noutput \"o\" { value = 2 }\nmodule \"m\" { source = \"./m\" }\nmodule \"m\" { source = \"./m\" }\nresource \"null_resource\" \"r\" {}\nresource \"null_resource\" \"r\" {}\ndata \"null_data_source\" \"d\" {}\ndata \"null_data_source\" \"d\" {}\n";
    let main =
        "variable \"a\" {}\nlocals {\n  x = local.y\n  y = 1\n}\noutput \"o\" { value = 1 }\n";
    let files = Files::parse([("b.tf", b), ("main.tf", main)]).unwrap();
    let err = files.module(&Inputs::new()).unwrap_err();
    let mut found: Vec<(String, String, usize)> = err
        .iter()
        .map(|e| {
            (
                e.message().to_owned(),
                e.file().unwrap().to_owned(),
                e.line().unwrap(),
            )
        })
        .collect();
    found.sort();
    let mut expected = vec![
        ("Duplicate module call: A module call named \"m\" was already defined at b.tf:8,1-11. Module calls must have unique names within a module.", "b.tf", 9),
        ("Duplicate resource \"null_resource\" configuration: A null_resource resource named \"r\" was already declared at b.tf:10,1-29. Resource names must be unique per type in each module.", "b.tf", 11),
        ("Duplicate data \"null_data_source\" configuration: A null_data_source data resource named \"d\" was already declared at b.tf:12,1-28. Resource names must be unique per type in each module.", "b.tf", 13),
        ("Duplicate variable declaration: A variable named \"a\" was already declared at b.tf:1,1-13. Variable names must be unique within a module.", "main.tf", 1),
        ("Duplicate local value definition: A local value named \"x\" was already defined at b.tf:5,3-8. Local value names must be unique within a module.", "main.tf", 3),
        ("Duplicate output definition: An output named \"o\" was already defined at b.tf:7,1-11. Output names must be unique within a module.", "main.tf", 6),
    ]
    .into_iter()
    .map(|(m, f, l)| (m.to_owned(), f.to_owned(), l))
    .collect::<Vec<_>>();
    expected.sort();
    assert_eq!(found, expected);
}

#[test]
fn a_cycle_of_locals_is_terraform_s_error() {
    // `terraform validate`: the locals of the cycle, not those that only
    // depend on it.
    let files = Files::parse([
        ("a.tf", "locals {\n  p = local.z\n  z = local.m\n}\n"),
        ("b.tf", "locals {\n  m = local.p\n  q = local.p\n}\n"),
    ])
    .unwrap();
    let err = files.module(&Inputs::new()).unwrap_err();
    assert_eq!(
        err.message(),
        "Cycle: local.z (expand), local.p (expand), local.m (expand)"
    );
    let files = Files::parse([(
        "a.tf",
        "locals {\n  a = local.b\n  b = local.c\n  c = local.b\n}\n",
    )])
    .unwrap();
    let err = files.module(&Inputs::new()).unwrap_err();
    assert_eq!(err.message(), "Cycle: local.c (expand), local.b (expand)");
}

#[test]
fn references_to_undeclared_names_and_to_itself() {
    let files = Files::parse([(
        "main.tf",
        "locals {\n  d = var.nope\n  e = local.nope\n  f = [var.nope2]\n  g = local.g\n}\noutput \"o\" {\n  value = local.other\n}\n",
    )])
    .unwrap();
    let err = files.module(&Inputs::new()).unwrap_err();
    let found: Vec<(String, usize, usize, usize)> = err
        .iter()
        .map(|e| {
            let d = e.diagnostics().next().unwrap();
            let r = d.range.unwrap();
            (d.summary, r.start.line, r.start.column, r.end.column)
        })
        .collect();
    // terraform validate's summaries and ranges.
    assert_eq!(
        found,
        [
            (
                "Reference to undeclared input variable".to_owned(),
                2,
                7,
                15
            ),
            ("Reference to undeclared local value".to_owned(), 3, 7, 17),
            (
                "Reference to undeclared input variable".to_owned(),
                4,
                8,
                17
            ),
            ("Self-referencing local value".to_owned(), 5, 7, 14),
            ("Reference to undeclared local value".to_owned(), 8, 11, 22),
        ]
    );
    assert_eq!(
        err.iter().nth(1).unwrap().message(),
        "Reference to undeclared local value: A local value with the name \"nope\" has not been declared."
    );
}

#[test]
fn a_required_variable_without_a_value() {
    let files = Files::parse([("main.tf", "variable \"req\" {\n  type = string\n}\n")]).unwrap();
    let err = files.module(&Inputs::new()).unwrap_err();
    // terraform plan's error, at the variable's declaration.
    assert_eq!(
        err.message(),
        "No value for required variable: The root module input variable \"req\" is not set, and has no default value. Use a -var or -var-file command line argument to provide a value for this variable."
    );
    assert_eq!(
        (err.file(), err.line(), err.column()),
        (Some("main.tf"), Some(1), Some(1))
    );
    let ok = files.module(&Inputs::new().var_value("req", "x")).unwrap();
    assert_eq!(ok.variables().next().unwrap().1.value(), &Value::from("x"));
}

#[test]
fn a_required_variable_that_is_not_nullable() {
    // `nullable = false` without a default is required all the same
    // (terraform plan 1.11.4: "No value for required variable").
    let files = Files::parse([(
        "main.tf",
        "variable \"x\" {\n  type     = string\n  nullable = false\n}\n",
    )])
    .unwrap();
    let err = files.module(&Inputs::new()).unwrap_err();
    assert!(
        err.message()
            .starts_with("No value for required variable: "),
        "{}",
        err.message()
    );
    let v =
        hcl::typeexpr::Variable::new(hcl::TypeConstraint::parse("string").unwrap(), None, false)
            .unwrap();
    assert_eq!(
        v.value(None).unwrap_err().message(),
        "no value for required variable: it has no default"
    );
}

#[test]
fn an_unsuitable_value_and_an_undeclared_one() {
    let files = Files::parse([("main.tf", "variable \"n\" {\n  type = number\n}\n")]).unwrap();
    let inputs = Inputs::new().var_file("terraform.tfvars", "n = \"x\"\nundeclared = 1\n");
    let err = files.module(&inputs).unwrap_err();
    assert_eq!(
        err.message(),
        "Invalid value for input variable: The given value is not suitable for var.n declared at main.tf:1,1-13: a number is required."
    );
    let inputs = Inputs::new().var_file("terraform.tfvars", "n = \"2\"\nundeclared = 1\n");
    let module = files.module(&inputs).unwrap();
    assert_eq!(
        module.variables().next().unwrap().1.value(),
        &Value::from(2)
    );
    let w = &module.warnings()[0];
    assert_eq!(w.summary, "Value for undeclared variable");
    assert!(
        w.detail
            .contains("a value was found in file \"terraform.tfvars\""),
        "{}",
        w.detail
    );
    let err = files
        .module(&Inputs::new().var_value("m", "1"))
        .unwrap_err();
    assert!(err.message().starts_with(
        "Value for undeclared variable: A variable named \"m\" was assigned on the command line"
    ));
}

#[test]
fn packer_local_blocks_are_locals() {
    let files = Files::parse([(
        "build.pkr.hcl",
        "variable \"v\" {\n  default = 2\n}\nlocal \"twice\" {\n  expression = var.v * 2\n}\nlocals {\n  thrice = local.twice + var.v\n}\n",
    )])
    .unwrap();
    let module = files.module(&Inputs::new()).unwrap();
    let locals: Vec<(&str, Value)> = module
        .locals()
        .map(|(n, t)| (n, t.value().clone()))
        .collect();
    assert_eq!(
        locals,
        [("twice", Value::from(4)), ("thrice", Value::from(6))]
    );
}

/// Packer's and Nomad's conventions (their `hcl2template` and `jobspec2`
/// sources): their variable files and environment variables, the
/// environment before files before values, and their words for a variable
/// with no value ("Unset variable", at the variable's block) and for a
/// value a validation rule refuses ("Invalid value for env variable").
#[test]
fn packer_and_nomad_conventions() {
    use hcl::config::Tool;
    let dir = std::env::temp_dir().join(format!("hcl-module-tools-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let build = "variable \"ami\" {\n  type = string\n}\nvariable \"size\" {\n  type    = number\n  default = 1\n  validation {\n    condition     = var.size < 5\n    error_message = \"The size is too big.\"\n  }\n}\nlocals {\n  name = \"${var.ami}-${var.size}\"\n}\n";
    std::fs::write(dir.join("build.pkr.hcl"), build).unwrap();
    std::fs::write(dir.join("main.tf"), "variable \"other\" {}\n").unwrap();
    std::fs::write(dir.join("a.auto.pkrvars.hcl"), "size = 2\n").unwrap();
    std::fs::write(dir.join("terraform.tfvars"), "size = 3\n").unwrap();
    let files = Files::read_dir(&dir, &Tool::Packer.files()).unwrap();
    assert_eq!(files.names().count(), 1);
    let inputs = Inputs::for_tool(Tool::Packer)
        .read_tool_files(&dir)
        .unwrap();
    let err = files.module(&inputs).unwrap_err();
    assert_eq!(
        err.message(),
        "Unset variable \"ami\": A used variable must be set or have a default value; see https://packer.io/docs/templates/hcl_templates/syntax for details."
    );
    assert_eq!((err.line(), err.column()), (Some(1), Some(1)));
    let env = [
        ("PKR_VAR_ami", "ami-1"),
        ("PKR_VAR_size", "4"),
        ("TF_VAR_ami", "no"),
    ];
    let m = files.module(&inputs.clone().env_vars(env)).unwrap();
    let locals: Vec<_> = m.locals().map(|(_, t)| t.value().clone()).collect();
    // The environment's size (4) loses to the auto file's (2).
    assert_eq!(locals, [Value::from("ami-1-2")]);
    let err = files
        .module(
            &Inputs::for_tool(Tool::Packer).env_vars([("PKR_VAR_ami", "x"), ("PKR_VAR_size", "9")]),
        )
        .unwrap_err();
    assert!(err
        .message()
        .starts_with("Invalid value for env variable: The size is too big."));
    let nomad = Inputs::for_tool(Tool::Nomad);
    let err = Files::parse([("job.nomad.hcl", "variable \"dc\" {}\n")])
        .unwrap()
        .module(&nomad)
        .unwrap_err();
    assert!(err.message().starts_with("Unset variable \"dc\": A used variable must be set or have a default value; see https://www.nomadproject.io/docs/job-specification/hcl2/variables"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `terraform plan` does not evaluate the bodies that `count = 0` or an
/// empty `for_each` switch off (1.11.4: a plan with `count = var.c == null
/// ? 0 : 1` and `input = var.c.a` succeeds); written as JSON, they are
/// kept as written.
#[test]
fn switched_off_bodies_are_kept_as_written() {
    let src = "variable \"c\" {\n  default = null\n}\nresource \"terraform_data\" \"a\" {\n  count = var.c == null ? 0 : 1\n  input = var.c.a\n}\nmodule \"m\" {\n  source   = \"./m\"\n  for_each = {}\n  x        = var.c.b\n}\nresource \"terraform_data\" \"b\" {\n  input = var.c\n}\n";
    let files = Files::parse([("main.tf", src)]).unwrap();
    let module = files.module(&Inputs::new()).unwrap();
    assert_eq!(module.switched_off(&files).len(), 2);
    let mut ctx = Context::new().with_mode(EvalMode::PreserveTemplates);
    module.declare_in(&mut ctx);
    let options = hcl::json::WriteOptions::new().unevaluated(module.switched_off(&files));
    let v = hcl::json::to_value(files.body(), files.context_source(), &ctx, &options).unwrap();
    assert_eq!(
        v["resource"]["terraform_data"]["a"]["input"],
        Value::from("${var.c.a}")
    );
    assert_eq!(v["module"]["m"]["x"], Value::from("${var.c.b}"));
    assert_eq!(v["resource"]["terraform_data"]["b"]["input"], Value::Null);
}
