//! `format_body_with_source` inside expressions: line breaks, blank lines,
//! comments and trailing commas of function calls, `for` expressions,
//! conditionals, operators and nested objects and tuples are kept.
//!
//! Every `fmt_clean` input below was checked to be left unchanged by
//! `terraform fmt` 1.11.4, so printing it with its source must give it back
//! byte for byte.

use crate::format_common;
use format_common::fmt_src;

#[track_caller]
fn fmt_clean(src: &str) {
    assert_eq!(fmt_src(src), src);
}

#[test]
fn call_arguments_keep_lines_and_comments() {
    fmt_clean(
        r#"locals {
  args = merge(
    # first
    local.a, # after a
    // second
    local.b,
  )
  user_data = var.create ? base64encode(templatefile(local.user_data_path,
    {
      # https://docs.aws.amazon.com/x
      enable_bootstrap_user_data = var.enable_bootstrap_user_data

      # Required to bootstrap node
      cluster_name = var.cluster_name # trailing
    }
  )) : ""
}
"#,
    );
}

#[test]
fn trailing_comma_on_one_line_is_spaced_as_hclwrite_does() {
    fmt_clean("x = format(\"%s-%s\", var.a, var.b, )\n");
    // terraform fmt turns `b,)` into `b, )`.
    assert_eq!(fmt_src("x = f(a,b,)\n"), "x = f(a, b, )\n");
    assert_eq!(fmt_src("x = f(a,b...)\n"), "x = f(a, b...)\n");
}

#[test]
fn for_expressions_keep_their_lines() {
    fmt_clean(
        r#"locals {
  rules = { for k, v in {
    a = {
      x = 1
    }
    # legacy port
    b = 2
  } : k => v if true }
  filtered = {
    for k, v in var.map : k => v
    if v != null # keep set values
  }
  names = [
    for s in var.subnets :
    s.name
  ]
}
"#,
    );
}

#[test]
fn conditionals_and_operators_keep_their_lines() {
    // hclwrite indents `} : {` by the net bracket count of its line.
    fmt_clean(
        r#"locals {
  cond = var.x ? {
    # in true
    a = 1
    } : {
    # in false
    b = 2
  }
  sum = (
    var.a
    + var.b # second term
  )
}
"#,
    );
}

#[test]
fn empty_collections_keep_their_comments() {
    fmt_clean(
        r#"locals {
  roles = compact(concat([
    # local.spotinst_enabled ? module.spotinst_role[0].arn : null
  ], var.more))
  empty = {
    # Example:
    #   eks_viewer = aws_iam_policy.eks_viewer.arn
  }
}
"#,
    );
}

#[test]
fn quoted_template_interpolations_keep_their_lines() {
    fmt_clean(
        r#"locals {
  target_groups = ["${compact(
    list(
      module.a.arn,
      module.b.arn,
    )
  )}"]
  server = "https://${
    var.use_lb ? var.lb_ip :
    var.ip
  }:6443"
}
"#,
    );
}

#[test]
fn heredoc_interpolations_keep_their_line_breaks() {
    // As terraform fmt 1.11.4 does: the lines are indented by the brackets
    // opened on the lines before, not counting those after the heredoc's
    // opener.
    assert_eq!(
        fmt_src(
            "x = <<EOT
${merge(
  a,
  b)}
EOT
"
        ),
        "x = <<EOT
${merge(
a,
b)}
EOT
"
    );
}

#[test]
fn a_multi_line_lone_interpolation_is_unwrapped_into_parentheses() {
    // What terraform fmt 1.11.4 makes of these with its rewrites.
    let opts = hcl::format::FormatOptions::new().terraform_rewrites(true);
    let src = "x = \"${merge(\n  a,\n  b)}\"\ny = \"${(a ?\n  1 : 2)}\"\nz = \"${v}\"\n";
    let file = hcl::parse(src).unwrap();
    assert_eq!(
        hcl::format::format_body_with(file.body(), Some(src), &opts),
        "x = (merge(\n  a,\nb))\ny = (a ?\n1 : 2)\nz = v\n"
    );
}

#[test]
fn without_source_the_layout_is_the_default_one() {
    let src = "x = merge(\n  # c\n  a,\n  b,\n)\n";
    let file = hcl::parse(src).unwrap();
    assert_eq!(hcl::format::format_body(file.body()), "x = merge(a, b)\n");
}

#[test]
fn heredocs_keep_their_text_and_closing_marker_line() {
    fmt_clean(
        r#"locals {
  policy = <<EOT
{
  "Statement": ${jsonencode(var.statements)}
}
   EOT
  script = <<-EOT
      #!/bin/bash
      echo ${var.name}
  EOT
}
"#,
    );
    // Interpolations are re-spaced, as terraform fmt does.
    assert_eq!(
        fmt_src("x = <<EOT\nz ${ var.y+1 }\n   EOT\n"),
        "x = <<EOT\nz ${var.y + 1}\n   EOT\n"
    );
}

#[test]
fn object_commas_and_tuple_lines_are_kept() {
    fmt_clean(
        r#"locals {
  perms = [{
    name        = "ReadOnlyAccess",
    description = "Allow Read Only access", # why
    tags        = {},
  }]
  list = ["a", "b",
    "c", "d"
  ]
}
"#,
    );
}

#[test]
fn an_edited_heredoc_is_printed_from_the_tree() {
    // The tree no longer matches the source text: its value wins.
    let src = "x = <<EOT\nold\nEOT\n";
    let file = hcl::parse(src).unwrap();
    let body = file.body();
    // The tree is immutable: build an edited copy in a second arena.
    let arena = hcl::syntax::Arena::new();
    let hcl::syntax::Structure::Attribute(a) = body.structures[0] else {
        panic!()
    };
    let hcl::syntax::ExprKind::Template(t) = a.expr.kind else {
        panic!()
    };
    let hcl::syntax::Element::Literal(l) = t.template.elements[0] else {
        panic!()
    };
    let new_lit = hcl::syntax::Literal {
        value: arena.alloc_str("new\n"),
        ..l
    };
    let elements = arena.alloc_iter(t.template.elements.iter().enumerate().map(|(i, e)| {
        if i == 0 {
            hcl::syntax::Element::Literal(new_lit)
        } else {
            *e
        }
    }));
    let new_t = arena.alloc(hcl::syntax::TemplateExpr {
        template: hcl::syntax::Template {
            elements,
            ..t.template
        },
        ..*t
    });
    let new_attr = hcl::syntax::Attribute {
        expr: hcl::syntax::Expression {
            kind: hcl::syntax::ExprKind::Template(new_t),
            ..a.expr
        },
        ..a
    };
    let structures = arena.alloc_iter(body.structures.iter().enumerate().map(|(i, s)| {
        if i == 0 {
            hcl::syntax::Structure::Attribute(new_attr)
        } else {
            *s
        }
    }));
    let body = hcl::syntax::Body {
        structures,
        ..*body
    };
    let out = hcl::format::format_body_with_source(&body, src);
    assert_eq!(out, "x = <<EOT\nnew\nEOT\n");
}

#[test]
fn blank_lines_empty_blocks_and_the_final_newline_are_kept() {
    // terraform fmt keeps every blank line, `{\n}` and a missing final
    // newline (each checked with terraform fmt 1.11.4).
    fmt_clean("\n\na = 1\n\n\n");
    fmt_clean("a = 1");
    fmt_clean(
        "# c\n\n\nresource \"a\" \"b\" {\n}\nresource \"a\" \"c\" {\n\n}\nresource \"a\" \"d\" {}\nb = {\n}\nc = [\n]\n",
    );
    fmt_clean("\n\n# only comment\n\n");
    fmt_clean(
        "x {\n\n\n  a = 1\n\n\n}\no = {\n\n  a = 1\n\n\n  b = 2\n\n}\nt = [\n\n  1,\n\n\n  2\n\n]\nf = merge(\n\n  a,\n\n\n  b\n\n)\n",
    );
}

#[test]
fn block_comments_inside_one_line_collections_are_kept() {
    fmt_clean("f = { /* a */ x = 1 /* b */, /* c */ y = 2 /* d */ }\ne = { e = { /**/ } /**/ }\n");
    fmt_clean("t = [1, /* two */ 2]\n");
}
