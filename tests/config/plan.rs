//! Configurations planned as Terraform plans them (`hcl::config::plan`).
//! Expectations marked "Terraform 1.11.4" were read from `terraform plan
//! -out` and `terraform show -json` on the same files; the generated
//! configurations of `tests/plan_oracle.rs` cover the rest.

use std::path::{Path, PathBuf};

use hcl::config::{plan_dir, Files, Inputs, InstanceKey, Mode, PlanOptions, ResourceMode};
use hcl::{ErrorKind, Value};

/// A directory of `files` (path, text) under the system's temporary
/// directory, removed when dropped.
struct Dir(PathBuf);

impl Dir {
    fn new(name: &str, files: &[(&str, &str)]) -> Dir {
        let dir = std::env::temp_dir().join(format!("hcl-plan-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for (path, text) in files {
            let full = dir.join(path);
            std::fs::create_dir_all(full.parent().unwrap()).unwrap();
            std::fs::write(full, text).unwrap();
        }
        Dir(dir)
    }

    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn json(text: &str) -> Value {
    hcl::json::value_from_str(text).unwrap()
}

/// Terraform 1.11.4: impure functions are unknown in a plan; path.root,
/// terraform.workspace; a child's path.module is its path from the root;
/// outputs of module instances under for_each.
#[test]
fn impure_functions_paths_and_module_instances_as_terraform_plans_them() {
    let d = Dir::new(
        "impure",
        &[
            (
                "main.tf",
                "resource \"terraform_data\" \"t\" {\n  input = { at = timestamp(), id = uuid(), ws = terraform.workspace, root = path.root }\n}\nmodule \"m\" {\n  source   = \"./modules/m\"\n  for_each = toset([\"a\", \"b\"])\n  n        = each.key\n}\noutput \"paths\" {\n  value = { for k, m in module.m : k => m.where }\n}\n",
            ),
            (
                "modules/m/main.tf",
                "variable \"n\" {\n  type = string\n}\nresource \"terraform_data\" \"x\" {\n  input = \"${var.n}-${path.module}\"\n}\noutput \"where\" {\n  value = terraform_data.x.input\n}\n",
            ),
        ],
    );
    let plan = plan_dir(d.path(), &PlanOptions::new()).unwrap();
    let doc = plan.to_json();
    let changes = &doc["resource_changes"];
    assert_eq!(changes[0]["address"], Value::from("terraform_data.t"));
    assert_eq!(
        changes[0]["change"]["after"],
        json(r#"{"input": {"root": ".", "ws": "default"}, "triggers_replace": null}"#)
    );
    assert_eq!(
        changes[0]["change"]["after_unknown"],
        json(r#"{"id": true, "input": {"at": true, "id": true}, "output": true}"#)
    );
    assert_eq!(
        changes[1]["address"],
        Value::from("module.m[\"a\"].terraform_data.x")
    );
    assert_eq!(changes[1]["module_address"], Value::from("module.m[\"a\"]"));
    assert_eq!(
        changes[2]["change"]["after"]["input"],
        Value::from("b-modules/m")
    );
    assert_eq!(
        doc["output_changes"]["paths"]["after"],
        json(r#"{"a": "a-modules/m", "b": "b-modules/m"}"#)
    );
    assert_eq!(
        doc["output_changes"]["paths"]["after_unknown"],
        Value::Bool(false)
    );
    // The workspace can be set.
    let staging = plan_dir(d.path(), &PlanOptions::new().workspace("staging")).unwrap();
    assert_eq!(
        staging.resources()[0].values.value()["input"]["ws"],
        Value::from("staging")
    );
}

/// Instances: addresses, keys, file and line; count 0 bodies not evaluated
/// in plan mode (Terraform 1.11.4 plans this; validate accepts it too).
#[test]
fn instances_and_switched_off_bodies() {
    let src = "variable \"c\" {\n  type    = object({ a = string })\n  default = null\n}\nresource \"terraform_data\" \"off\" {\n  count = var.c == null ? 0 : 1\n  input = var.c.a\n}\nresource \"terraform_data\" \"each\" {\n  for_each = { x = 1, y = 2 }\n  input    = each.value * 10\n}\n";
    let files = Files::parse([("main.tf", src)]).unwrap();
    let plan = files.plan(&PlanOptions::new()).unwrap();
    let r = plan.resources();
    assert_eq!(r.len(), 2);
    assert_eq!(r[0].address, "terraform_data.each[\"x\"]");
    assert_eq!(r[0].index, Some(InstanceKey::Str("x".into())));
    assert_eq!((r[0].file.as_str(), r[0].line), ("main.tf", 9));
    assert_eq!(r[1].values.value()["input"], Value::from(20));
    assert_eq!(r[0].mode, ResourceMode::Managed);
    assert!(files.plan(&PlanOptions::new().mode(Mode::Validate)).is_ok());
}

/// Required variables: Terraform's error, or unknown values for a scanner.
#[test]
fn required_variables_are_an_error_or_unknown() {
    let src = "variable \"name\" {\n  type = string\n}\nresource \"terraform_data\" \"a\" {\n  input = \"app-${var.name}\"\n}\n";
    let files = Files::parse([("main.tf", src)]).unwrap();
    let err = files.plan(&PlanOptions::new()).unwrap_err();
    let d = err.diagnostics().next().unwrap();
    assert_eq!(d.summary, "No value for required variable");
    let plan = files
        .plan(&PlanOptions::new().missing_variables_unknown(true))
        .unwrap();
    assert!(!plan.resources()[0].values.is_known());
    let given = PlanOptions::new().inputs(Inputs::new().var_value("name", "web"));
    let plan = files.plan(&given).unwrap();
    assert_eq!(
        plan.resources()[0].values.value()["input"],
        Value::from("app-web")
    );
}

/// A data source is read (`["read"]`); what it computes is unknown.
#[test]
fn data_sources_are_read() {
    let src = "data \"aws_ami\" \"ubuntu\" {\n  most_recent = true\n}\nresource \"aws_instance\" \"web\" {\n  ami = data.aws_ami.ubuntu.id\n}\n";
    let plan = Files::parse([("main.tf", src)])
        .unwrap()
        .plan(&PlanOptions::new())
        .unwrap();
    let doc = plan.to_json();
    assert_eq!(
        doc["resource_changes"][0]["address"],
        Value::from("data.aws_ami.ubuntu")
    );
    assert_eq!(
        doc["resource_changes"][0]["change"]["actions"][0],
        Value::from("read")
    );
    assert_eq!(
        doc["resource_changes"][1]["change"]["after_unknown"]["ami"],
        Value::Bool(true)
    );
    assert_eq!(
        plan.resources()[1].provider_name,
        "registry.terraform.io/hashicorp/aws"
    );
}

/// Without a provider schema, what a resource computes is what the module
/// reads of it: the names after its address (and `self`'s in its own
/// block), not those read of other things; where an expression takes an
/// instance whole, every name the module reads after anything.
#[test]
fn unknown_schemas_compute_what_is_read_of_them() {
    let src = r#"
resource "aws_vpc" "main" {
  cidr_block = "10.0.0.0/16"
}
resource "aws_subnet" "a" {
  vpc_id = aws_vpc.main.id
  tags   = { zone = var.cfg.zone }
  lifecycle {
    postcondition {
      condition     = self.arn != ""
      error_message = "no arn"
    }
  }
}
resource "aws_eip" "ip" {
  domain = "vpc"
}
resource "aws_route" "r" {
  route_table_id = aws_subnet.a.route_table_id
}
resource "aws_lb" "whole" {
  name = "x"
}
variable "cfg" {
  default = { zone = "a" }
}
output "lb" {
  value = aws_lb.whole
}
"#;
    let plan = Files::parse([("main.tf", src)])
        .unwrap()
        .plan(&PlanOptions::new())
        .unwrap();
    let computed = |address: &str| {
        let r = plan
            .resources()
            .iter()
            .find(|r| r.address == address)
            .unwrap();
        r.computed.clone()
    };
    assert_eq!(computed("aws_vpc.main"), ["id"]);
    assert_eq!(computed("aws_subnet.a"), ["arn", "route_table_id"]);
    assert!(computed("aws_eip.ip").is_empty());
    // (Taken whole by the output: every name read after anything.)
    assert_eq!(
        computed("aws_lb.whole"),
        ["arn", "id", "route_table_id", "zone"]
    );
}

/// An attribute of a type whose schema is not known, set to null and read
/// elsewhere: the plan shows the null set, what reads it sees an unknown.
/// (terraform-provider-aws's `aws_vpc` schema has `ipv6_cidr_block`
/// Optional and Computed: with the AWS provider, Terraform plans the
/// subnet's `cidrsubnet` of it as unknown; terraform-aws-vpc's
/// `examples/ipv6-dualstack` is this shape. An attribute set to null that
/// nothing reads stays null; `terraform_data`'s schema is known, its
/// `input` null is read as null.)
#[test]
fn a_null_set_on_an_unknown_schema_reads_as_unknown() {
    let src = r#"
variable "ipv6_cidr" {
  type    = string
  default = null
}
resource "aws_vpc" "this" {
  cidr_block      = "10.0.0.0/16"
  ipv6_cidr_block = var.ipv6_cidr
  tags            = null
}
resource "aws_subnet" "a" {
  ipv6_cidr_block = cidrsubnet(aws_vpc.this.ipv6_cidr_block, 8, 1)
}
resource "aws_instance" "i" {
  ebs_block_device {
    kms_key_id = null
  }
}
output "key" {
  value = upper(aws_instance.i.ebs_block_device[0].kms_key_id)
}
resource "terraform_data" "d" {}
output "d" {
  value = terraform_data.d.input == null
}
"#;
    let plan = Files::parse([("main.tf", src)])
        .unwrap()
        .plan(&PlanOptions::new())
        .unwrap();
    let json = plan.into_json();
    let change = |address: &str| {
        json["resource_changes"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["address"] == address)
            .unwrap()["change"]
            .clone()
    };
    let vpc = change("aws_vpc.this");
    assert_eq!(vpc["after"]["ipv6_cidr_block"], Value::Null);
    assert_eq!(vpc["after"]["tags"], Value::Null);
    let subnet = change("aws_subnet.a");
    assert_eq!(
        subnet["after_unknown"]["ipv6_cidr_block"],
        Value::Bool(true)
    );
    assert_eq!(
        json["planned_values"]["outputs"]["d"]["value"],
        Value::Bool(true)
    );
    // (In a nested block too.)
    assert_eq!(
        json["output_changes"]["key"]["after_unknown"],
        Value::Bool(true)
    );
}

/// A module's output holding a resource of an unknown schema whole, and
/// its caller reading an attribute of it the module does not read
/// (Terraform's own fixture `internal/terraform/testdata/plan-required-output`,
/// whose `test_resource` computes `id`): the attribute is unknown, not
/// "Unsupported attribute".
#[test]
fn what_callers_read_of_a_resource_an_output_holds_whole_is_unknown() {
    let d = Dir::new(
        "output-whole",
        &[
            (
                "main.tf",
                "resource \"test_resource\" \"root\" {\n  required = module.mod.object.id\n}\nmodule \"mod\" {\n  source = \"./mod\"\n}\n",
            ),
            (
                "mod/main.tf",
                "resource \"test_resource\" \"for_output\" {\n  required = \"val\"\n}\noutput \"object\" {\n  value = test_resource.for_output\n}\n",
            ),
        ],
    );
    let plan = plan_dir(d.path(), &PlanOptions::new()).unwrap();
    let inner = plan
        .resources()
        .iter()
        .find(|r| r.address == "module.mod.test_resource.for_output")
        .unwrap();
    assert!(
        inner.computed.iter().any(|c| c == "id"),
        "{:?}",
        inner.computed
    );
    let json = plan.into_json();
    let root = json["resource_changes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["address"] == "test_resource.root")
        .unwrap();
    assert_eq!(
        root["change"]["after_unknown"]["required"],
        Value::Bool(true)
    );
}

/// Limits: too many instances, modules nested too deep (a module that
/// calls itself) are clean Limit errors.
#[test]
fn absurd_counts_and_recursive_modules_are_limit_errors() {
    let src = "resource \"terraform_data\" \"a\" {\n  count = 1000001\n}\n";
    let err = Files::parse([("main.tf", src)])
        .unwrap()
        .plan(&PlanOptions::new())
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Limit, "{err}");
    let d = Dir::new(
        "recursive",
        &[("main.tf", "module \"again\" {\n  source = \"./\"\n}\n")],
    );
    let err = plan_dir(d.path(), &PlanOptions::new().max_module_depth(8)).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Limit, "{err}");
}

/// A large count plans (no work per instance beyond the instance's own).
#[test]
fn a_hundred_thousand_instances_plan() {
    let src = "resource \"terraform_data\" \"a\" {\n  count = 100000\n  input = count.index * 2\n}\noutput \"n\" {\n  value = length(terraform_data.a)\n}\n";
    let plan = Files::parse([("main.tf", src)])
        .unwrap()
        .plan(&PlanOptions::new())
        .unwrap();
    assert_eq!(plan.resources().len(), 100_000);
    assert_eq!(plan.resources()[99_999].address, "terraform_data.a[99999]");
    assert_eq!(plan.outputs()[0].value.value(), &Value::from(100_000));
}

/// Modules `terraform init` installed are read from its manifest; a
/// remote module that is not installed is a warning, its outputs unknown.
#[test]
fn installed_and_missing_modules() {
    let d = Dir::new(
        "installed",
        &[
            (
                "main.tf",
                "module \"vpc\" {\n  source = \"terraform-aws-modules/vpc/aws\"\n  cidr   = \"10.0.0.0/16\"\n}\nmodule \"gone\" {\n  source = \"git::https://example.com/x.git\"\n}\noutput \"cidr\" {\n  value = module.vpc.cidr\n}\noutput \"gone\" {\n  value = module.gone.anything\n}\n",
            ),
            (
                ".terraform/modules/modules.json",
                r#"{"Modules":[{"Key":"","Source":"","Dir":"."},{"Key":"vpc","Source":"registry.terraform.io/terraform-aws-modules/vpc/aws","Version":"5.0.0","Dir":".terraform/modules/vpc"}]}"#,
            ),
            (
                ".terraform/modules/vpc/main.tf",
                "variable \"cidr\" {\n  type = string\n}\noutput \"cidr\" {\n  value = var.cidr\n}\n",
            ),
        ],
    );
    let plan = plan_dir(d.path(), &PlanOptions::new()).unwrap();
    assert_eq!(plan.outputs()[0].value.value(), &Value::from("10.0.0.0/16"));
    assert!(!plan.outputs()[1].value.is_known());
    assert_eq!(plan.warnings().len(), 1);
    assert_eq!(plan.warnings()[0].summary, "Module not installed");
}

/// A plan without its `configuration` section is the same plan (the
/// instances, values and outputs), and the calls' sources are checked all
/// the same: a remote source not installed is the issue's warning even
/// where no instance of the call is planned.
#[test]
fn a_plan_without_its_configuration_checks_every_source() {
    let src = "module \"gone\" {\n  source = \"git::https://example.com/x.git\"\n  count  = 0\n}\nresource \"terraform_data\" \"a\" {\n  input = \"x\"\n}\n";
    let files = Files::parse([("main.tf", src)]).unwrap();
    let full = files.plan(&PlanOptions::new()).unwrap();
    let lean = files
        .plan(&PlanOptions::new().configuration(false))
        .unwrap();
    for plan in [&full, &lean] {
        assert_eq!(plan.warnings().len(), 1);
        assert_eq!(plan.warnings()[0].summary, "Module not installed");
    }
    let (mut full, lean) = (full.to_json(), lean.to_json());
    assert!(lean.get("configuration").is_none());
    full.as_object_mut().unwrap().shift_remove("configuration");
    assert_eq!(full, lean);
}

/// Validate mode reports what `terraform validate` reports: an error in a
/// body whatever its count (Terraform 1.11.4: "Invalid function argument").
#[test]
fn validate_mode_evaluates_every_body_once() {
    let src = "locals {\n  x = element([\"a\"], \"z\")\n}\n";
    let files = Files::parse([("main.tf", src)]).unwrap();
    let err = files
        .plan(&PlanOptions::new().mode(Mode::Validate))
        .unwrap_err();
    assert_eq!(
        err.diagnostics().next().unwrap().summary,
        "Invalid function argument"
    );
}

/// `terraform_data`'s schema, as Terraform 1.11.4's `terraform validate
/// -json` checks it: an argument or block type it does not have is an
/// error at its name (a `dynamic` block's at its label); without those, a
/// computed attribute set is the provider's error, of no place, also in a
/// body that `count = 0` switches off.
#[test]
fn terraform_data_arguments_are_checked_against_its_schema() {
    // (Summary, detail, and line, column and end column when placed.)
    type Found = (String, String, Option<(usize, usize, usize)>);
    let diagnostics = |src: &str| -> Vec<Found> {
        let files = Files::parse([("main.tf", src)]).unwrap();
        let err = files.plan(&PlanOptions::new()).unwrap_err();
        let mut found: Vec<_> = err
            .diagnostics()
            .map(|d| {
                let at = d
                    .range
                    .map(|r| (r.start.line, r.start.column, r.end.column));
                (d.summary, d.detail, at)
            })
            .collect();
        found.sort();
        found
    };
    let src = "resource \"terraform_data\" \"a\" {\n  dynamic \"bar\" {\n    for_each = [1]\n    content {}\n  }\n  input = 1\n  foo = 2\n  id = 3\n  lifecycle {\n    create_before_destroy = true\n  }\n}\n";
    assert_eq!(
        diagnostics(src),
        [
            (
                "Unsupported argument".to_owned(),
                "An argument named \"foo\" is not expected here.".to_owned(),
                Some((7, 3, 6))
            ),
            (
                "Unsupported block type".to_owned(),
                "Blocks of type \"bar\" are not expected here.".to_owned(),
                Some((2, 11, 16))
            ),
        ]
    );
    let src = "resource \"terraform_data\" \"a\" {\n  count = 0\n  id = 1\n}\nresource \"terraform_data\" \"b\" {\n  output = 1\n}\n";
    assert_eq!(
        diagnostics(src),
        [
            (
                "\"id\" attribute is read-only".to_owned(),
                String::new(),
                None
            ),
            (
                "\"output\" attribute is read-only".to_owned(),
                String::new(),
                None
            ),
        ]
    );
}

/// Terraform 1.11.4 (`terraform plan`): the validation before the plan
/// evaluates a switched-off body with what it refers to as validation sees
/// it: a resource unknown, a local of constants known (here out of range).
#[test]
fn a_switched_off_body_is_validated_with_the_resources_unknown_and_the_locals_known() {
    let src = "locals {\n  names = [\"a\"]\n}\n\nresource \"terraform_data\" \"a\" {\n  input = \"x\"\n}\n\nresource \"terraform_data\" \"off\" {\n  count = 0\n  input = [terraform_data.a.output, local.names[5]]\n}\n";
    let files = Files::parse([("main.tf", src)]).unwrap();
    let err = files.plan(&PlanOptions::new()).unwrap_err();
    let found: Vec<(String, usize)> = err
        .diagnostics()
        .map(|d| (d.summary, d.range.unwrap().start.line))
        .collect();
    assert_eq!(found, [("Invalid index".to_owned(), 11)]);
    // Without the error, the plan has the one instance.
    let ok = src.replace("local.names[5]", "local.names[0]");
    let plan = Files::parse([("main.tf", ok.as_str())])
        .unwrap()
        .plan(&PlanOptions::new())
        .unwrap();
    let addresses: Vec<&str> = plan
        .resources()
        .iter()
        .map(|r| r.address.as_str())
        .collect();
    assert_eq!(addresses, ["terraform_data.a"]);
}

/// Terraform 1.11.4: `terraform plan` validates first, every body once,
/// so an error in a body that `count = 0` switches off, or in a module
/// with no instance, fails the plan; both errors are reported.
#[test]
fn switched_off_bodies_are_validated_before_the_plan() {
    let dir = Dir::new(
        "switched-off",
        &[
            (
                "main.tf",
                "resource \"terraform_data\" \"off\" {\n  count = 0\n  input = element([\"a\"], \"z\")\n}\n\nmodule \"m\" {\n  source = \"./m\"\n  count  = 0\n}\n",
            ),
            ("m/main.tf", "locals {\n  x = element([\"b\"], \"y\")\n}\n"),
        ],
    );
    let err = plan_dir(dir.path(), &PlanOptions::new()).unwrap_err();
    let found: Vec<(String, String, usize)> = err
        .diagnostics()
        .map(|d| {
            let r = d.range.unwrap();
            let name = r.filename.unwrap();
            let file = Path::new(&name).strip_prefix(dir.path()).unwrap();
            (
                d.summary,
                file.to_string_lossy().replace('\\', "/"),
                r.start.line,
            )
        })
        .collect();
    assert_eq!(
        found,
        [
            (
                "Invalid function argument".to_owned(),
                "main.tf".to_owned(),
                3
            ),
            (
                "Invalid function argument".to_owned(),
                "m/main.tf".to_owned(),
                2
            ),
        ]
    );
    // A `dynamic` block's content, checked once with its iterator unknown
    // (as `terraform validate` checks it), though the plan's `for_each`
    // is empty.
    let src = "variable \"rules\" {\n  default = []\n}\nresource \"aws_security_group\" \"g\" {\n  dynamic \"ingress\" {\n    for_each = var.rules\n    content {\n      from_port = element([\"a\"], \"z\")\n    }\n  }\n}\n";
    let files = Files::parse([("main.tf", src)]).unwrap();
    for mode in [Mode::Validate, Mode::Plan] {
        let err = files.plan(&PlanOptions::new().mode(mode)).unwrap_err();
        let d = err.diagnostics().next().unwrap();
        assert_eq!(d.summary, "Invalid function argument", "{mode:?}");
        assert_eq!(d.range.unwrap().start.line, 8, "{mode:?}");
    }
    // Iterated, the outer block's content was evaluated by the plan; a
    // `dynamic` block inside it that the plan did not iterate is still
    // checked, as the validation (the outer iterator unknown) checks it.
    let rules =
        "variable \"rules\" {\n  default = [[]]\n}\nvariable \"none\" {\n  default = []\n}\n";
    let nested = "resource \"aws_security_group\" \"g\" {\n  dynamic \"ingress\" {\n    for_each = var.rules\n    content {\n      from_port = length(ingress.value)\n      dynamic \"cidr\" {\n        for_each = ingress.value\n        content {\n          block = element([\"a\"], \"z\")\n        }\n      }\n    }\n  }\n}\n";
    let files = Files::parse([("main.tf", nested), ("variables.tf", rules)]).unwrap();
    let err = files.plan(&PlanOptions::new()).unwrap_err();
    let d = err.diagnostics().next().unwrap();
    assert_eq!(d.summary, "Invalid function argument");
    assert_eq!(d.range.unwrap().start.line, 9);
    // A block in a static block too.
    let inner = "resource \"aws_instance\" \"i\" {\n  ebs {\n    dynamic \"tag\" {\n      for_each = var.none\n      content {\n        key = element([\"a\"], \"z\")\n      }\n    }\n  }\n}\n";
    let files = Files::parse([("main.tf", inner), ("variables.tf", rules)]).unwrap();
    let err = files.plan(&PlanOptions::new()).unwrap_err();
    assert_eq!(
        err.diagnostics().next().unwrap().range.unwrap().start.line,
        6
    );
    // Iterated in every part: planned, its content with the known values.
    let iterated = "resource \"aws_security_group\" \"g\" {\n  dynamic \"ingress\" {\n    for_each = {a = 1, b = 2}\n    content {\n      from_port = ingress.value * 10\n      description = upper(ingress.key)\n    }\n  }\n}\n";
    let files = Files::parse([("main.tf", iterated)]).unwrap();
    let plan = files.plan(&PlanOptions::new()).unwrap();
    let v = plan.resources()[0].values.value();
    assert_eq!(v["ingress"][1]["from_port"].as_u64(), Some(20));
    assert_eq!(v["ingress"][0]["description"].as_str(), Some("A"));
}

/// A `dynamic` block whose `for_each` is not known, inside one whose is:
/// the outer block expands, the inner one's blocks are unknown (as HCL's
/// `dynblock` leaves a block of an unknown `for_each`), its content checked
/// with its iterator unknown; before, the plan stopped at "invalid dynamic
/// for_each value".
#[test]
fn a_dynamic_block_not_known_inside_a_known_one_is_unknown() {
    let src = |content: &str| {
        format!("variable \"cidrs\" {{\n  type = list(string)\n}}\nresource \"aws_security_group\" \"g\" {{\n  dynamic \"ingress\" {{\n    for_each = [1, 2]\n    content {{\n      from_port = ingress.value\n      dynamic \"cidr\" {{\n        for_each = var.cidrs\n        content {{\n          block = {content}\n        }}\n      }}\n    }}\n  }}\n}}\n")
    };
    let scan = PlanOptions::new().missing_variables_unknown(true);
    let files = Files::parse([("main.tf", src("upper(cidr.value)"))]).unwrap();
    let plan = files.plan(&scan).unwrap();
    let r = &plan.resources()[0];
    assert!(!r.values.is_known());
    let json = plan.into_json();
    let change = &json["resource_changes"][0]["change"];
    assert_eq!(change["after"]["ingress"][1]["from_port"].as_u64(), Some(2));
    assert_eq!(
        change["after_unknown"]["ingress"][0]["cidr"],
        Value::Bool(true)
    );
    // Validated too, in both modes: the content's error is found.
    let files = Files::parse([("main.tf", src("element([\"a\"], \"z\")"))]).unwrap();
    for options in [scan.clone(), PlanOptions::new().mode(Mode::Validate)] {
        let err = files.plan(&options).unwrap_err();
        let d = err.diagnostics().next().unwrap();
        assert_eq!(d.summary, "Invalid function argument");
        assert_eq!(d.range.unwrap().start.line, 12);
    }
}

/// With missing variables unknown (a scanner's plan), a `count` or
/// `for_each` that is not known defers its block: one partial instance,
/// `ADDRESS[*]`, as Terraform's deferred actions show it; without that
/// option it is Terraform's error.
#[test]
fn unknown_counts_defer_in_a_scanners_plan() {
    let src = "variable \"n\" {\n  type = number\n}\nresource \"terraform_data\" \"a\" {\n  count = var.n\n  input = count.index\n}\nresource \"terraform_data\" \"b\" {\n  count = length(terraform_data.a)\n}\n";
    let files = Files::parse([("main.tf", src)]).unwrap();
    let scan = PlanOptions::new().missing_variables_unknown(true);
    let plan = files.plan(&scan).unwrap();
    let addresses: Vec<&str> = plan
        .resources()
        .iter()
        .map(|r| r.address.as_str())
        .collect();
    assert_eq!(addresses, ["terraform_data.a[*]", "terraform_data.b[*]"]);
    assert!(!plan.resources()[0].values.is_known());
    let given = PlanOptions::new().inputs(Inputs::new().var_value("n", "2"));
    assert_eq!(files.plan(&given).unwrap().resources().len(), 4);
}

/// Custom conditions: a variable's validation rules (at the root and in
/// each instance of a child module), resource preconditions and
/// postconditions (`self`), an output's precondition, `check` blocks
/// (warnings); a resource that `count = 0` switches off is listed with no
/// instance. `tests/fixtures/plan/conditions/terraform-checks.json` is the
/// plan's `checks` as Terraform 1.11.4's `terraform show -json` wrote it
/// for that directory; the warnings are those of its `terraform plan`.
#[test]
fn custom_conditions_as_terraform_checks_them() {
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/plan/conditions"
    );
    let plan = plan_dir(dir, &PlanOptions::new()).unwrap();
    let want = json(&std::fs::read_to_string(format!("{dir}/terraform-checks.json")).unwrap());
    assert_eq!(plan.to_json()["checks"], want);
    let warnings: Vec<(&str, usize)> = plan
        .warnings()
        .iter()
        .map(|d| (d.summary.as_str(), d.range.as_ref().unwrap().start.line))
        .collect();
    assert_eq!(
        warnings,
        [
            ("Check block assertion failed", 39),
            ("Check block assertion known after apply", 45)
        ]
    );
    let failed: Vec<&str> = plan
        .checks()
        .iter()
        .filter(|c| c.status == hcl::config::CheckStatus::Fail)
        .map(|c| c.address.as_str())
        .collect();
    assert_eq!(failed, ["check.known"]);
    // A failing rule is Terraform's error, at its condition (1.11.4:
    // "Invalid value for variable" at the value in terraform.tfvars, its
    // detail the rule's message and where the rule is).
    let inputs = Inputs::new().var_file("terraform.tfvars", "n = 7\n");
    let err = plan_dir(dir, &PlanOptions::new().inputs(inputs)).unwrap_err();
    let d = err.diagnostics().next().unwrap();
    assert_eq!(d.summary, "Invalid value for variable");
    assert!(d
        .detail
        .starts_with("The n must be small.\n\nThis was checked by the validation rule at "));
    let r = d.range.unwrap();
    assert_eq!(
        (r.filename.as_deref(), r.start.line, r.start.column),
        (Some("terraform.tfvars"), 1, 5)
    );
}

/// Terraform 1.11.4's checks as it reads a configuration (`terraform
/// validate -json`): a condition must refer to something, a variable's to
/// that variable, and a `check` block needs an assertion.
#[test]
fn conditions_that_check_nothing_are_terraform_s_errors() {
    let src = "variable \"a\" {\n  default = 1\n}\nvariable \"b\" {\n  default = 2\n  validation {\n    condition     = var.a < 5\n    error_message = \"b bad.\"\n  }\n}\nvariable \"c\" {\n  default = 2\n  validation {\n    condition     = 1 < 5\n    error_message = \"c bad.\"\n  }\n}\ncheck \"k\" {\n  assert {\n    condition     = 2 > 1\n    error_message = \"k.\"\n  }\n}\nresource \"terraform_data\" \"r\" {\n  lifecycle {\n    postcondition {\n      condition     = 1 > 2\n      error_message = \"r.\"\n    }\n  }\n}\n";
    let files = Files::parse([("main.tf", src)]).unwrap();
    let err = files
        .plan(&PlanOptions::new().mode(Mode::Validate))
        .unwrap_err();
    let got: Vec<(String, usize, usize)> = err
        .diagnostics()
        .map(|d| {
            let r = d.range.unwrap();
            (d.summary, r.start.line, r.start.column)
        })
        .collect();
    let want = [
        ("Invalid variable validation condition", 7, 21),
        ("Invalid validation expression", 14, 21),
        ("Invalid variable validation condition", 14, 21),
        ("Invalid assert expression", 20, 21),
        ("Zero assert blocks", 18, 1),
        ("Invalid postcondition expression", 27, 23),
    ];
    let mut got = got;
    got.sort();
    let mut want: Vec<(String, usize, usize)> = want
        .iter()
        .map(|(s, l, c)| (s.to_string(), *l, *c))
        .collect();
    want.sort();
    assert_eq!(got, want);
}

/// The plan's `configuration`: provider configurations (an alias, a
/// child module's own), resources with their expressions (`constant_value`
/// or `references`), `depends_on`, module calls with their modules,
/// variables with their defaults, descriptions and `sensitive`, outputs.
/// `tests/fixtures/plan/configuration/terraform-configuration.json` is what
/// Terraform 1.11.4's `terraform show -json` wrote for that directory.
#[test]
fn the_configuration_as_terraform_describes_it() {
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/plan/configuration"
    );
    let plan = plan_dir(dir, &PlanOptions::new()).unwrap();
    let want =
        json(&std::fs::read_to_string(format!("{dir}/terraform-configuration.json")).unwrap());
    assert_eq!(plan.to_json()["configuration"], want);
}

/// What depends on a `sensitive` variable or a child's `sensitive` output
/// is marked in `after_sensitive` (and `sensitive_values`), part by part:
/// `tests/fixtures/plan/sensitive/terraform-after-sensitive.json` is each
/// change's `after_sensitive` as Terraform 1.11.4's `terraform show -json`
/// wrote it for that directory.
#[test]
fn sensitive_values_are_marked_as_terraform_marks_them() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/plan/sensitive");
    let plan = plan_dir(dir, &PlanOptions::new()).unwrap();
    let want =
        json(&std::fs::read_to_string(format!("{dir}/terraform-after-sensitive.json")).unwrap());
    let json = plan.to_json();
    let Value::Array(changes) = &json["resource_changes"] else {
        panic!("resource_changes")
    };
    for c in changes {
        let address = c["address"].as_str().unwrap();
        assert_eq!(c["change"]["after_sensitive"], want[address], "{address}");
    }
    for (name, s) in want["output_changes"].as_object().unwrap() {
        assert_eq!(
            &json["output_changes"][name.as_str()]["after_sensitive"],
            s,
            "{name}"
        );
    }
}

/// The root directory's variable files, found in the one reading of it
/// that also finds its configuration: Terraform's precedence,
/// `terraform.tfvars` first, then each `*.auto.tfvars` in name order, the
/// later one winning (Terraform's documentation, "Variable Definition
/// Precedence").
#[test]
fn plan_dir_reads_the_automatic_variable_files_in_terraforms_order() {
    let d = Dir::new(
        "autovars",
        &[
            (
                "main.tf",
                "variable \"x\" {}\nvariable \"y\" {}\nresource \"terraform_data\" \"t\" {\n  input = \"${var.x}/${var.y}\"\n}\n",
            ),
            ("terraform.tfvars", "x = \"tf\"\ny = \"tf\"\n"),
            ("b.auto.tfvars", "x = \"auto-b\"\n"),
            ("a.auto.tfvars", "x = \"auto-a\"\n"),
        ],
    );
    let doc = plan_dir(d.path(), &PlanOptions::new()).unwrap().to_json();
    assert_eq!(
        doc["resource_changes"][0]["change"]["after"]["input"],
        Value::from("auto-b/tf")
    );
}

/// A plan that fails reports its warnings in the same list as its errors,
/// after them, as `terraform plan -json` (1.11.4) reports this directory:
/// the output's failed precondition (an error, 15:21) and the check
/// block's failed assertion (a warning, 7:21).
#[test]
fn a_failed_plan_keeps_its_warnings_beside_its_errors() {
    let main = "variable \"x\" {\n  default = 1\n}\n\ncheck \"c\" {\n  assert {\n    condition     = var.x == 2\n    error_message = \"one is not two\"\n  }\n}\n\noutput \"o\" {\n  value = 1\n  precondition {\n    condition     = var.x == 3\n    error_message = \"never\"\n  }\n}\n";
    let files = Files::parse([("main.tf", main)]).unwrap();
    let err = files.plan(&PlanOptions::new()).unwrap_err();
    let got: Vec<(hcl::Severity, String, usize, usize)> = err
        .diagnostics()
        .map(|d| {
            let r = d.range.unwrap();
            (d.severity, d.summary, r.start.line, r.start.column)
        })
        .collect();
    use hcl::Severity::{Error, Warning};
    assert_eq!(
        got,
        [
            (
                Error,
                "Module output value precondition failed".into(),
                15,
                21
            ),
            (Warning, "Check block assertion failed".into(), 7, 21),
        ]
    );
    assert_eq!(err.severity(), Error);
    let v = hcl::json::diagnostics_value(&[("main.tf", Some(&err), &[])]);
    assert_eq!(
        (v["error_count"].clone(), v["warning_count"].clone()),
        (Value::from(1), Value::from(1))
    );
}
