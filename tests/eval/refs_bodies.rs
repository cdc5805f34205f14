//! `hcl::analysis::body_references`: every attribute of every body, nested
//! blocks included, items in source order, each reference with its
//! attribute path (GO-README.md, "variables", mode `file`).

use hcl::analysis::{body_references, Step};

/// The references of file `src`, shown as `attr.path: reference@start..end`.
#[track_caller]
fn refs(src: &str) -> Vec<String> {
    let file = hcl::parse(src).unwrap_or_else(|e| panic!("{src:?}: {e}"));
    body_references(file.body())
        .iter()
        .map(|r| {
            let s = r.reference.span;
            format!(
                "{}: {}@{}..{}",
                r.attr_path.join("."),
                r.reference,
                s.start,
                s.end
            )
        })
        .collect()
}

#[test]
fn paths_name_block_types_labels_and_the_attribute() {
    // As file/nested-blocks.
    let src = r#"resource "aws_instance" "web" {
  ami = var.ami
  network_interface {
    device_index = count.index
    ebs {
      size = var.sizes[count.index]
    }
  }
  tags = local.tags
}
"#;
    assert_eq!(
        refs(src),
        [
            "resource.aws_instance.web.ami: var.ami@40..47",
            "resource.aws_instance.web.network_interface.device_index: count.index@89..100",
            "resource.aws_instance.web.network_interface.ebs.size: var.sizes@124..133",
            "resource.aws_instance.web.network_interface.ebs.size: count.index@134..145",
            "resource.aws_instance.web.tags: local.tags@166..176",
        ]
    );
    let file = hcl::parse(src).unwrap();
    let r = body_references(file.body());
    assert_eq!(
        r[0].attr_path,
        ["resource", "aws_instance", "web", "ami"],
        "labels are path elements of their own"
    );
    assert_eq!(r[0].reference.steps, [Step::Attr("ami")]);
}

#[test]
fn attributes_and_blocks_come_in_source_order() {
    // As file/interleaved-order and file/attr-order-not-alpha.
    let src = "zeta = var.z\nblock {\n  b = var.second\n}\nalpha = var.a\nother \"x\" {\n  d = var.fourth\n}\n";
    let shown: Vec<String> = refs(src)
        .into_iter()
        .map(|s| s.split('@').next().unwrap().to_owned())
        .collect();
    assert_eq!(
        shown,
        [
            "zeta: var.z",
            "block.b: var.second",
            "alpha: var.a",
            "other.x.d: var.fourth",
        ]
    );
}

#[test]
fn a_repeated_block_gives_the_same_path_twice() {
    // file/same-block-twice
    assert_eq!(
        refs("rule {\n  port = var.p1\n}\nrule {\n  port = var.p2\n}\n"),
        ["rule.port: var.p1@16..22", "rule.port: var.p2@41..47"]
    );
}

#[test]
fn dynamic_blocks_are_ordinary_blocks() {
    // file/dynamic-custom-iterator: `iterator = r` refers to `r`, and
    // `r.value.port` in `content` has the root `r`.
    let src = r#"resource "x" "y" {
  dynamic "rule" {
    for_each = var.rules
    iterator = r
    content {
      port = r.value.port
    }
  }
}
"#;
    let shown: Vec<String> = refs(src)
        .into_iter()
        .map(|s| s.split('@').next().unwrap().to_owned())
        .collect();
    assert_eq!(
        shown,
        [
            "resource.x.y.dynamic.rule.for_each: var.rules",
            "resource.x.y.dynamic.rule.iterator: r",
            "resource.x.y.dynamic.rule.content.port: r.value.port",
        ]
    );
}

#[test]
fn attribute_names_are_not_references() {
    // file/attr-named-like-references
    assert_eq!(
        refs("var = local.a\ncount = 3\neach = true\nself = null\ntrue = var.x\n"),
        ["var: local.a@6..13", "true: var.x@55..60"]
    );
    // file/comments-only
    assert!(refs("# var.a\n// local.b\n/* module.c */\nx = 1 # var.d\n").is_empty());
}

#[test]
fn type_constraints_refer_to_their_type_names() {
    // file/variable-block-with-validation (its first attribute).
    assert_eq!(
        refs("variable \"image_id\" {\n  type = string\n}\n"),
        ["variable.image_id.type: string@31..37"]
    );
}

#[test]
fn heredoc_templates_scope_their_for_directives() {
    // file/heredoc-with-splat-and-for
    let src = "out = <<EOT\n%{ for name in aws_instance.web[*].tags.Name ~}\n${name} ${var.suffix}\n%{ endfor ~}\nEOT\n";
    assert_eq!(
        refs(src),
        ["out: aws_instance.web@27..43", "out: var.suffix@70..80"]
    );
}

#[test]
fn a_newline_before_a_dot_is_an_error_in_a_file() {
    // file/newline-before-dot-error (an expression allows it).
    let err = hcl::parse("x = var.a\n  .b\n").unwrap_err();
    assert_eq!(err.line(), Some(2));
    // file/dotted-attr-name-error, missing-equals-error, unclosed-block-error
    for src in ["var.a = 1\n", "a var.a\n", "block {\n  a = var.a\n"] {
        assert!(hcl::parse(src).is_err(), "{src:?}");
    }
}

#[test]
fn one_attribute_s_references_share_its_path() {
    // file/function-heavy (its first attribute).
    let src = "value = join(\",\", concat(var.a, [for s in var.b : upper(s)], local.c))\n";
    assert_eq!(
        refs(src),
        [
            "value: var.a@25..30",
            "value: var.b@42..47",
            "value: local.c@61..68",
        ]
    );
}
