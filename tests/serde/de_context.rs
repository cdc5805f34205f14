//! Evaluation while deserializing: the default (template-preserving, no
//! variables) and a user `Context` (variables, functions, strict mode).

use hcl::eval::{Context, EvalMode, FuncDef, ParamType};
use hcl::Value;
use serde::Deserialize;
use serde_spanned::Spanned;

#[test]
fn default_evaluates_what_it_can() {
    #[derive(Deserialize)]
    struct C {
        a: u32,
        b: String,
        c: Vec<bool>,
    }
    let c: C = hcl::from_str("a = 2 * (3 + 4)\nb = \"x-${1 + 1}\"\nc = [1 < 2, !true]\n").unwrap();
    assert_eq!((c.a, c.b.as_str(), c.c), (14, "x-2", vec![true, false]));
}

#[test]
fn default_keeps_unknown_references_as_templates() {
    let v: Value =
        hcl::from_str("a = var.region\nb = \"${var.env}-app\"\nc = [local.x, 1]\n").unwrap();
    assert_eq!(v["a"], Value::from("${var.region}"));
    assert_eq!(v["b"], Value::from("${var.env}-app"));
    assert_eq!(
        v["c"],
        Value::from(vec![Value::from("${local.x}"), Value::from(1)])
    );
}

fn ctx() -> Context<'static> {
    let mut ctx = Context::new();
    ctx.declare_var("env", "prod");
    ctx.declare_var("replicas", 3);
    ctx.declare_var("nothing", Value::Null);
    ctx.declare_func(
        "twice",
        FuncDef::builder()
            .param("n", ParamType::Number)
            .build(|a| Ok(Value::from(a[0].as_f64().unwrap_or(0.0) * 2.0))),
    );
    ctx
}

#[derive(Debug, Deserialize)]
struct App {
    name: String,
    replicas: u8,
    max: u16,
}

#[test]
fn variables_and_functions_from_the_context() {
    let ctx = ctx();
    let src = "name = \"shop-${env}\"\nreplicas = replicas\nmax = twice(replicas) + 1\n";
    let app: App = hcl::from_str_with_context(src, &ctx).unwrap();
    assert_eq!(
        (app.name.as_str(), app.replicas, app.max),
        ("shop-prod", 3, 7)
    );
    // The same through the builder.
    let mut de = hcl::Deserializer::from_str(src).with_context(&ctx);
    let app = App::deserialize(&mut de).unwrap();
    assert_eq!(app.max, 7);
}

#[test]
fn strict_mode_rejects_unknown_variables_with_position_and_path() {
    let ctx = ctx();
    let src = "name = \"x\"\nreplicas = 1\nmax = region_max\n";
    let err = hcl::from_str_with_context::<App>(src, &ctx).unwrap_err();
    assert_eq!(err.kind(), hcl::ErrorKind::Eval);
    assert_eq!(err.path(), Some("max"));
    assert_eq!((err.line(), err.column()), (Some(3), Some(7)));
    assert!(err.to_string().contains("3 | max = region_max"), "{err}");
}

#[test]
fn preserve_mode_with_a_user_context() {
    let ctx = ctx().with_mode(EvalMode::PreserveTemplates);
    let v: Value = hcl::from_str_with_context("a = env\nb = var.unknown\n", &ctx).unwrap();
    assert_eq!(v["a"], Value::from("prod"));
    assert_eq!(v["b"], Value::from("${var.unknown}"));
}

#[test]
fn evaluation_errors_inside_blocks_have_the_full_path() {
    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Res {
        count: u32,
    }
    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct C {
        resource: std::collections::HashMap<String, std::collections::HashMap<String, Res>>,
    }
    let src = "resource \"aws_instance\" \"web\" {\n  count = 1 / \"x\"\n}\n";
    let err = hcl::from_str::<C>(src).unwrap_err();
    assert_eq!(err.kind(), hcl::ErrorKind::Eval);
    assert_eq!(err.path(), Some("resource.aws_instance.web.count"));
    assert_eq!(err.line(), Some(2));
}

#[test]
fn computed_values_convert_like_literals() {
    // A string computed by a template reads as a number, as in Terraform.
    let ctx = ctx();
    #[derive(Deserialize)]
    struct C {
        port: u16,
        flag: bool,
    }
    let c: C = hcl::from_str_with_context(
        "port = \"80${replicas}\"\nflag = \"${replicas > 1}\"\n",
        &ctx,
    )
    .unwrap();
    assert_eq!((c.port, c.flag), (803, true));
}

#[test]
fn null_results_are_none() {
    let ctx = ctx();
    #[derive(Deserialize)]
    struct C {
        a: Option<String>,
        b: Option<String>,
    }
    let c: C = hcl::from_str_with_context("a = nothing\nb = env\n", &ctx).unwrap();
    assert_eq!((c.a, c.b.as_deref()), (None, Some("prod")));
}

#[test]
fn spanned_computed_value_has_the_expression_span() {
    let ctx = ctx();
    #[derive(Deserialize)]
    struct C {
        n: Spanned<u32>,
    }
    let src = "n = replicas * 2\n";
    let c: C = hcl::from_str_with_context(src, &ctx).unwrap();
    assert_eq!(*c.n.get_ref(), 6);
    assert_eq!(&src[c.n.span()], "replicas * 2");
}

#[test]
fn optional_expression_of_a_computed_value_is_the_syntax() {
    let ctx = ctx();
    #[derive(Deserialize)]
    struct C {
        e: Option<hcl::syntax::ParsedExpression<'static>>,
    }
    let c: C = hcl::from_str_with_context("e = replicas + 1\n", &ctx).unwrap();
    assert!(matches!(
        c.e.unwrap().expr().kind,
        hcl::syntax::ExprKind::Binary(_)
    ));
}

#[test]
fn heredoc() {
    let ctx = ctx();
    #[derive(Deserialize)]
    struct C {
        motd: String,
    }
    let c: C = hcl::from_str_with_context(
        "motd = <<-EOT\n  Hello ${env}!\n    indented\n  EOT\n",
        &ctx,
    )
    .unwrap();
    assert_eq!(c.motd, "Hello prod!\n  indented\n");
}

#[test]
fn preserved_expressions_keep_their_parentheses() {
    let v: Value = hcl::from_str("a = (var.x + 1)\nb = (\"lit\")\n").unwrap();
    assert_eq!(v["a"], Value::from("${(var.x + 1)}"));
    assert_eq!(v["b"], Value::from("lit"));
}
