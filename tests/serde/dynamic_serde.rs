//! `dynamic` blocks where users load configs: the deserializer option and
//! the context switch, so `Vec<T>` fields receive the generated blocks.

use serde::Deserialize;

#[derive(Deserialize, Debug)]
struct Source {
    #[serde(default)]
    tag: Vec<Tag>,
}

#[derive(Deserialize, Debug)]
struct Tag {
    key: String,
    value: String,
}

#[derive(Deserialize, Debug)]
struct Config {
    source: std::collections::HashMap<String, std::collections::HashMap<String, Source>>,
}

// The Packer seed's example: a static tag and tags generated from a map.
const PACKER: &str = r#"
source "amazon-ebs" "example" {
  tag {
    key   = "Name"
    value = "example-asg-name"
  }
  dynamic "tag" {
    for_each = local.standard_tags
    content {
      key   = tag.key
      value = tag.value
    }
  }
}
"#;

fn context() -> hcl::eval::Context<'static> {
    let mut ctx = hcl::eval::Context::new();
    ctx.declare_var(
        "local",
        hcl::eval::evaluate_str(
            "{standard_tags = {Environment = \"production\", Component = \"user-service\"}}",
            &hcl::eval::Context::new(),
        )
        .unwrap(),
    );
    ctx
}

fn tags(c: &Config) -> Vec<(&str, &str)> {
    c.source["amazon-ebs"]["example"]
        .tag
        .iter()
        .map(|t| (t.key.as_str(), t.value.as_str()))
        .collect()
}

#[test]
fn the_context_switch_expands_for_eval_from_str() {
    let ctx = context().with_dynamic_blocks(true);
    let c: Config = hcl::from_str_with_context(PACKER, &ctx).unwrap();
    assert_eq!(
        tags(&c),
        [
            ("Name", "example-asg-name"),
            ("Component", "user-service"),
            ("Environment", "production"),
        ]
    );
}

#[test]
fn the_deserializer_option_expands() {
    let ctx = context();
    let mut de = hcl::Deserializer::from_str(PACKER)
        .with_context(&ctx)
        .expand_dynamic(true);
    let c = Config::deserialize(&mut de).unwrap();
    assert_eq!(tags(&c).len(), 3);
}

#[test]
fn without_the_option_dynamic_is_an_ordinary_block() {
    #[derive(Deserialize, Debug)]
    struct Raw {
        source: hcl::Value,
    }
    let r: Raw = hcl::from_str(PACKER).unwrap();
    assert!(r.source["amazon-ebs"]["example"]["dynamic"]["tag"]["for_each"].is_string());
}

#[test]
fn errors_point_into_the_file() {
    let ctx = hcl::eval::Context::new().with_dynamic_blocks(true);
    let src = "dynamic \"tag\" {\n  for_each = 5\n  content {}\n}\n";
    let err = hcl::from_str_with_context::<hcl::Value>(src, &ctx).unwrap_err();
    assert_eq!((err.line(), err.column()), (Some(2), Some(14)));
    assert!(err.message().contains("for_each"), "{}", err.message());
}
