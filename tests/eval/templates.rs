//! Quoted templates: interpolation, directives, strip markers, unwrapping.

use crate::common;
use common::*;
use serde_json::json;

#[test]
fn interpolation() {
    check("\"Hello, ${\"World\"}!\"", json!("Hello, World!"));
    check("\"x${1 + 1}y\"", json!("x2y"));
    check("\"${\"a\"}${\"b\"}\"", json!("ab"));
    check("\"${\"v\"}\"", json!("v"));
    check("\"${true} \"", json!("true "));
    check("\"n=${1.5}\"", json!("n=1.5"));
    check("\"n=${1e20}\"", json!("n=100000000000000000000"));
    check("\"n=${-0.25}\"", json!("n=-0.25"));
    check("\"n=${1e-10}\"", json!("n=0.0000000001"));
    // Terraform's 512-bit arithmetic has no f64 artefacts to show.
    check("\"${0.1 + 0.2}x\"", json!("0.3x"));
    check("\"${0.7 + 0.1}x${3.3 * 3}\"", json!("0.8x9.9"));
}

#[test]
fn single_interpolation_is_unwrapped() {
    check("\"${true}\"", json!(true));
    check("\"${1}\"", json!(1));
    check("\"${[1, 2]}\"", json!([1, 2]));
    check("\"${null}\"", json!(null));
    check("\"${~ 5 ~}\"", json!(5));
    check("\"${1/3}\"", json!(0.3333333333333333));
}

#[test]
fn escapes() {
    check("\"$${not_interp}\"", json!("${not_interp}"));
    check("\"%%{not_directive}\"", json!("%{not_directive}"));
    check("\"cost: $5\"", json!("cost: $5"));
    check("\"$$x and %%y\"", json!("$$x and %%y"));
    check("\"\\\\${\"x\"}\"", json!("\\x"));
}

#[test]
fn directives() {
    check(
        "\"%{ if 1 > 2 }big%{ else }small%{ endif }\"",
        json!("small"),
    );
    check("\"a%{ if false }b%{ else }c%{ endif }d\"", json!("acd"));
    check("\"%{ if \"true\" }y%{ endif }\"", json!("y"));
    check(
        "\"%{ for v in [\"a\", \"b\", \"c\"] }${v},%{ endfor }\"",
        json!("a,b,c,"),
    );
    check(
        "\"%{ for k, v in {y = 2, x = 1} }${k}=${v};%{ endfor }\"",
        json!("x=1;y=2;"),
    );
    check("\"%{ for x in [] }a%{ endfor }\"", json!(""));
    check(
        "\"%{ for n in [1, 2, 3] }%{ if n != 2 }${n}%{ endif }%{ endfor }\"",
        json!("13"),
    );
}

#[test]
fn strip_markers_remove_all_adjacent_whitespace() {
    check("\"a  ${~ \"b\"}\"", json!("ab"));
    check("\"x \\n\\t ${~\"y\"~} \\n z\"", json!("xyz"));
    check("\"%{ for v in [1, 2] ~} ${v} %{~ endfor }\"", json!("12"));
    check(
        "\"a %{~ if true ~} b %{~ else ~} c %{~ endif ~} d\"",
        json!("abd"),
    );
}

#[test]
fn nested_quotes() {
    check("\"${\"x${\"y\"}\"}\"", json!("xy"));
}

#[test]
fn errors() {
    check_err("\"a${null}\"", "Invalid template interpolation value");
    check_err("\"a${[1]}\"", "Invalid template interpolation value");
    check_err(
        "\"%{ if \"maybe\" }x%{ endif }\"",
        "Incorrect condition type",
    );
    check_err(
        "\"%{ for v in null }${v}%{ endfor }\"",
        "Iteration over null value",
    );
    check_err(
        "\"%{ for v in 1 }${v}%{ endfor }\"",
        "Iteration over non-iterable value",
    );
}

#[test]
fn standalone_templates() {
    use hcl::eval::{evaluate_with_source, Context, EvalMode};
    let src = "Hello, ${name}!\n%{ for i, x in items }${i}=${x} %{ endfor }";
    let t = hcl::parser::parse_template(src).unwrap();
    let mut ctx = Context::new();
    ctx.declare_var("name", "you");
    ctx.declare_var("items", j(json!(["a", "b"])));
    assert_eq!(
        evaluate_with_source(&t, src, &ctx).unwrap(),
        j(json!("Hello, you!\n0=a 1=b "))
    );
    // Unknown variables: strict mode fails naming them, preserving mode
    // gives the template back.
    let e = evaluate_with_source(&t, src, &Context::new()).unwrap_err();
    assert!(e.message().contains("\"name\""), "{e}");
    let keep = Context::new().with_mode(EvalMode::PreserveTemplates);
    assert_eq!(evaluate_with_source(&t, src, &keep).unwrap(), j(json!(src)));
}
