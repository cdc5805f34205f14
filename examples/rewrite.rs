//! Round-trip rewriting of a Terraform file: parse it, change a few things
//! in the syntax tree, and print it back with every other expression
//! (references, function calls, `for` expressions, heredocs) intact.
//!
//! ```text
//! cargo run --example rewrite -- [FILE [REMOVE_ATTR]]
//! ```
//!
//! For every `module` block with a `version`, the last number of the version
//! is bumped (`"~> 5.1.2"` → `"~> 5.1.3"`); a `ManagedBy = "hcl2"` tag is
//! added to its `tags` (an object gets a new item, any other expression is
//! wrapped in `merge(..., { ManagedBy = "hcl2" })`); the attribute
//! `REMOVE_ATTR` (default `create_database_subnet_group`) is removed.
//! Without FILE a built-in example is used. Comments and blank lines between
//! attributes and blocks are kept (through the spans into the source);
//! comments inside expressions are not.

use std::borrow::Cow;

use hcl::syntax::{
    ExprKind, Expression, FuncCall, FuncName, Ident, ObjectItem, ObjectKey, ObjectSeparator,
    Structure,
};
use hcl::{Body, Span};

const EXAMPLE: &str = r#"
# The network.
module "vpc" {
  source  = "terraform-aws-modules/vpc/aws" # from the registry
  version = "~> 5.1.2"

  name = "${var.name}-vpc"
  cidr = var.cidr
  azs  = slice(data.aws_availability_zones.available.names, 0, 3)

  private_subnets = [for k, v in local.azs : cidrsubnet(var.cidr, 4, k)]

  create_database_subnet_group = true

  tags = {
    Environment = var.environment
    Team        = "platform"
  }
}

resource "aws_iam_policy" "this" {
  policy = <<-EOT
    {
      "Version": "2012-10-17"
    }
  EOT
}
"#;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let src = match args.next() {
        Some(path) => std::fs::read_to_string(path)?,
        None => EXAMPLE.to_string(),
    };
    let remove = args
        .next()
        .unwrap_or_else(|| "create_database_subnet_group".to_string());

    let mut body = hcl::parse(&src)?;
    rewrite(&mut body, &remove);
    // Keeps the comments and blank lines between attributes and blocks;
    // `body.to_string()` would print the tree alone.
    print!("{}", hcl::format::format_body_with_source(&body, &src));
    Ok(())
}

fn rewrite(body: &mut Body<'_>, remove: &str) {
    for s in &mut body.structures {
        let Structure::Block(block) = s else {
            continue;
        };
        if block.ident.name != "module" {
            continue;
        }
        let b = &mut block.body;
        b.structures
            .retain(|s| !matches!(s, Structure::Attribute(a) if a.name.name == remove));
        for s in &mut b.structures {
            let Structure::Attribute(attr) = s else {
                continue;
            };
            match &*attr.name.name {
                "version" => {
                    if let ExprKind::String(v) = &mut attr.expr.kind {
                        *v = Cow::Owned(bump_version(v));
                    }
                }
                "tags" => add_tag(&mut attr.expr, "ManagedBy", "hcl2"),
                _ => {}
            }
        }
    }
}

/// Bumps the last number in a version constraint.
fn bump_version(v: &str) -> String {
    let end = v.rfind(|c: char| c.is_ascii_digit()).map_or(0, |i| i + 1);
    let start = v[..end]
        .rfind(|c: char| !c.is_ascii_digit())
        .map_or(0, |i| i + 1);
    match v[start..end].parse::<u64>() {
        Ok(n) => format!("{}{}{}", &v[..start], n + 1, &v[end..]),
        Err(_) => v.to_string(),
    }
}

fn expr(kind: ExprKind<'static>) -> Expression<'static> {
    Expression::new(kind, Span::default())
}

fn tag_item(key: &str, value: &str) -> ObjectItem<'static> {
    ObjectItem {
        key: ObjectKey::Ident(Ident::new(key.to_string(), Span::default())),
        value: expr(ExprKind::String(Cow::Owned(value.to_string()))),
        separator: ObjectSeparator::Equals,
    }
}

fn add_tag(tags: &mut Expression<'_>, key: &str, value: &str) {
    if let ExprKind::Object(items) = &mut tags.kind {
        items.push(tag_item(key, value));
        return;
    }
    // Any other expression: merge(<expr>, { key = value }).
    let old = std::mem::replace(tags, expr(ExprKind::Null));
    *tags = Expression::new(
        ExprKind::FuncCall(Box::new(FuncCall {
            name: FuncName {
                namespace: Vec::new(),
                name: Ident::new("merge", Span::default()),
            },
            args: vec![old, expr(ExprKind::Object(vec![tag_item(key, value)]))],
            expand_final: false,
            args_span: Span::default(),
        })),
        Span::default(),
    );
}
