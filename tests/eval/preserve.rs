//! Template-preserving mode (what `hcl json` uses).

use crate::common;
use common::*;
use hcl::eval::{evaluate_body_str, Context, EvalMode, Evaluate};
use serde_json::json;

fn body(src: &str) -> hcl::Value {
    let ctx = Context::new().with_mode(EvalMode::PreserveTemplates);
    evaluate_body_str(src, &ctx).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn issue_examples() {
    let v = body("a = 1 + 2\nb = var.x\nc = \"pre-${var.x}\"\nd = [1, var.y]\ne = upper(var.z)\n");
    assert_eq!(
        v,
        j(json!({
            "a": 3,
            "b": "${var.x}",
            "c": "pre-${var.x}",
            "d": [1, "${var.y}"],
            "e": "${upper(var.z)}"
        }))
    );
}

#[test]
fn expressions_are_kept_as_written() {
    assert_eq!(ev_preserve("var.a  +  1"), j(json!("${var.a  +  1}")));
    assert_eq!(
        ev_preserve("{k = local.v, n = 2}"),
        j(json!({"k": "${local.v}", "n": 2}))
    );
    assert_eq!(
        ev_preserve("[for s in var.list : upper(s)]"),
        j(json!("${[for s in var.list : upper(s)]}"))
    );
    assert_eq!(ev_preserve("var.on ? 1 : 2"), j(json!("${var.on ? 1 : 2}")));
    assert_eq!(ev_preserve("\"${var.x}\""), j(json!("${var.x}")));
    assert_eq!(
        ev_preserve("\"%{ if var.x }a%{ else }b%{ endif }\""),
        j(json!("%{ if var.x }a%{ else }b%{ endif }"))
    );
    assert_eq!(ev_preserve("true ? 1 : var.unused"), j(json!(1)));
    // Inside a `for`, an unknown keeps the whole `for` (its parts may use
    // the iteration variables).
    assert_eq!(
        ev_preserve("[for x in [1, 2] : [x, var.y[x]]]"),
        j(json!("${[for x in [1, 2] : [x, var.y[x]]]}"))
    );
    assert_eq!(
        ev_preserve("{a = [for x in [1] : \"${x}-${var.y}\"], b = 1}"),
        j(json!({"a": "${[for x in [1] : \"${x}-${var.y}\"]}", "b": 1}))
    );
}

#[test]
fn unknown_object_keys_are_kept_as_templates() {
    assert_eq!(
        ev_preserve("{ (var.k) = 1, \"${var.p}-x\" = var.v, aws.foo = aws.bar }"),
        j(json!({"${var.k}": 1, "${var.p}-x": "${var.v}", "${aws.foo}": "${aws.bar}"}))
    );
}

#[test]
fn literal_template_text_is_escaped() {
    assert_eq!(
        ev_preserve("\"$${lit} ${var.x}\""),
        j(json!("$${lit} ${var.x}"))
    );
}

#[test]
fn heredocs_keep_a_template_form() {
    let v = body("h = <<-EOT\n    hello ${var.name}\n      bye\n    EOT\n");
    assert_eq!(v["h"], j(json!("hello ${var.name}\n  bye\n")));
}

#[test]
fn blocks_take_the_json_shape() {
    let v = body(
        "resource \"aws_instance\" \"web\" {\n  ami = var.ami\n  count = 2\n}\n\
         resource \"aws_instance\" \"db\" {\n  ami = \"x\"\n}\n\
         ingress {\n  port = 80\n}\n\
         ingress {\n  port = 443\n}\n\
         locals {\n  a = 1\n}\n",
    );
    assert_eq!(
        v,
        j(json!({
            "resource": {"aws_instance": {
                "web": {"ami": "${var.ami}", "count": 2},
                "db": {"ami": "x"}
            }},
            "ingress": [{"port": 80}, {"port": 443}],
            "locals": {"a": 1}
        }))
    );
}

#[test]
fn repeated_labelled_blocks_become_arrays() {
    let v = body("a \"x\" {\n  n = 1\n}\na \"x\" {\n  n = 2\n}\n");
    assert_eq!(v, j(json!({"a": {"x": [{"n": 1}, {"n": 2}]}})));
}

#[test]
fn real_errors_still_fail() {
    let ctx = Context::new().with_mode(EvalMode::PreserveTemplates);
    assert!(hcl::eval::evaluate_str("[1][5]", &ctx).is_err());
}

#[test]
fn without_source_expressions_are_printed_from_the_tree() {
    let src = "x = var.a  +  lookup(var.m, \"k\", 1)\n";
    let parsed = hcl::parse(src).unwrap();
    let ctx = Context::new().with_mode(EvalMode::PreserveTemplates);
    let v = parsed.body().evaluate(&ctx).unwrap();
    assert_eq!(v["x"], j(json!("${var.a + lookup(var.m, \"k\", 1)}")));
}

#[test]
fn preserved_values_parse_back_to_the_same_expression() {
    for src in [
        "x = \"a-${var.b}-%{ for s in var.l }${s}%{ endfor }\"\n",
        "x = upper(\"q\\\"${var.z}\")\n",
        "x = [for k, v in var.m : \"${k}=${v}\" if v != \"\"]\n",
    ] {
        let ctx = Context::new().with_mode(EvalMode::PreserveTemplates);
        let v = evaluate_body_str(src, &ctx).unwrap();
        let template = v["x"]
            .as_str()
            .unwrap_or_else(|| panic!("{src}: {v:?}"))
            .to_owned();
        // A heredoc holds a template without escapes: parsing the kept
        // template back must keep it unchanged.
        let again = evaluate_body_str(&format!("x = <<EOT\n{template}\nEOT\n"), &ctx).unwrap();
        assert_eq!(again["x"], j(json!(format!("{template}\n"))), "{src}");
    }
}

#[test]
fn kept_templates_never_flow_into_operations() {
    // The object passed to the function holds an unknown: the whole call is
    // kept, the function never sees "${var.x}" as a string.
    assert_eq!(
        ev_preserve("upper(join(\",\", [\"a\", var.x]))"),
        j(json!("${upper(join(\",\", [\"a\", var.x]))}"))
    );
    assert_eq!(
        ev_preserve("length([1, var.x])"),
        j(json!("${length([1, var.x])}"))
    );
    assert_eq!(ev_preserve("[1, var.x][0]"), j(json!("${[1, var.x][0]}")));
    assert_eq!(ev_preserve("{a = var.x}.a"), j(json!("${{a = var.x}.a}")));
}

#[test]
fn calls_that_cannot_be_made_here_are_kept() {
    // A function this context does not have (here: reading files, which it
    // does not allow) is kept as written.
    assert_eq!(
        ev_preserve("file(\"/nonexistent/x\")"),
        j(json!("${file(\"/nonexistent/x\")}"))
    );
    // A call with known arguments that fails is an error, as in Terraform.
    let ctx = Context::new().with_mode(EvalMode::PreserveTemplates);
    assert!(hcl::eval::evaluate_str("upper(1, 2)", &ctx).is_err());
    // Errors in the arguments are the arguments' own.
    assert!(hcl::eval::evaluate_str("upper([1][5])", &ctx).is_err());
}

#[test]
fn templates_render_what_is_known_and_keep_the_rest() {
    // The information model's partial evaluation: known interpolations are
    // substituted, unknown ones stay as `${...}`, known text is escaped so
    // that the string reads back as the same template.
    let mut ctx = Context::new().with_mode(EvalMode::PreserveTemplates);
    ctx.declare_var("local", j(json!({"name": "web"})));
    let v = evaluate_body_str(
        "a = \"${local.name} on ${build.ID}\"\nb = \"${local.name}-$${x}-${var.y}\"\nc = \"%{if var.on}x%{endif}${local.name}\"\n",
        &ctx,
    )
    .unwrap();
    assert_eq!(
        v,
        j(json!({
            "a": "web on ${build.ID}",
            "b": "web-$${x}-${var.y}",
            // Directives keep the whole template.
            "c": "%{ if var.on }x%{ endif }${local.name}",
        }))
    );
    // The kept string, evaluated once the rest is known, gives the value
    // the whole template gives.
    let mut full = Context::new();
    full.declare_var("local", j(json!({"name": "web"})));
    full.declare_var("var", j(json!({"y": "Y"})));
    let once = evaluate_body_str("b = \"${local.name}-$${x}-${var.y}\"\n", &full).unwrap();
    let kept = v["b"].as_str().unwrap();
    let twice = hcl::eval::evaluate_str(&format!("\"{kept}\""), &full).unwrap();
    assert_eq!(once["b"], twice);
}

#[test]
fn values_declared_unknown_are_kept_as_templates() {
    let mut ctx = Context::new().with_mode(EvalMode::PreserveTemplates);
    ctx.declare_var("name", "web");
    ctx.declare_unknown("build.id", hcl::Type::String, true);
    let v = evaluate_body_str(
        "a = build.id\nb = \"${name}-${build.id}\"\nc = [name, upper(build.id)]\n",
        &ctx,
    )
    .unwrap();
    assert_eq!(
        v,
        j(json!({"a": "${build.id}", "b": "web-${build.id}", "c": ["web", "${upper(build.id)}"]}))
    );
}

#[test]
fn a_call_that_fails_with_known_arguments_is_an_error() {
    // Terraform: `max("a", 1)` is an error whatever else is unknown.
    #[derive(serde::Deserialize, Debug)]
    struct C {
        #[allow(dead_code)]
        n: u32,
    }
    let err = hcl::from_str::<C>("n = max(\"a\", 1)\n").unwrap_err();
    assert!(
        err.message()
            .contains("Invalid value for \"numbers\" parameter: a number is required"),
        "{}",
        err.message()
    );
    // (At the refused argument's text, as Terraform shows it.)
    assert_eq!((err.line(), err.column()), (Some(1), Some(10)));
    // What depends on an unknown value is kept as written.
    let v: hcl::Value = hcl::from_str("n = max(var.x, 1)\n").unwrap();
    assert_eq!(v["n"], hcl::Value::from("${max(var.x, 1)}"));
}

#[test]
fn a_reference_to_the_null_provider_is_kept() {
    // opentofu's configs testdata: `provider = null.x` names an aliased
    // `null` provider, which Terraform reads statically (terraform init
    // accepts it); evaluated, `null.x` is an error.
    let v: hcl::Value = hcl::from_str(
        "resource \"null_resource\" \"r\" {\n  provider = null.x\n}\nmodule \"m\" {\n  providers = { null = null.x }\n}\n",
    )
    .unwrap();
    assert_eq!(
        v["resource"]["null_resource"]["r"]["provider"],
        hcl::Value::from("${null.x}")
    );
    assert_eq!(
        v["module"]["m"]["providers"]["null"],
        hcl::Value::from("${null.x}")
    );
    let e = hcl::eval::evaluate_str("null.x", &hcl::eval::Context::new()).unwrap_err();
    assert!(
        e.message()
            .starts_with("Attempt to get attribute from null value"),
        "{e}"
    );
}
