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

use hcl::syntax::{
    Arena, Block, ExprKind, Expression, FuncCall, FuncName, Ident, ObjectItem, ObjectKey,
    ObjectSeparator, Structure,
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

    let mut file = hcl::parse(&src)?;
    file.edit(|body, arena| *body = rewrite(arena, body, &remove));
    // Keeps the comments and blank lines between attributes and blocks;
    // `file.body().to_string()` would print the tree alone.
    print!(
        "{}",
        hcl::format::format_body_with_source(file.body(), &src)
    );
    Ok(())
}

/// The body with its `module` blocks rewritten. Nodes are shared and
/// immutable: a rewrite builds the nodes it changes in the arena.
fn rewrite<'a>(arena: &'a Arena, body: &Body<'a>, remove: &str) -> Body<'a> {
    let structures = arena.alloc_iter(body.structures.iter().map(|s| match s {
        Structure::Block(block) if block.ident.name == "module" => {
            let items = block.body.structures.iter().filter_map(|s| match s {
                Structure::Attribute(a) if a.name.name == remove => None,
                Structure::Attribute(a) => {
                    let mut a = *a;
                    match (a.name.name, a.expr.kind) {
                        ("version", ExprKind::String(v)) => {
                            a.expr.kind = ExprKind::String(arena.alloc_str(&bump_version(v)))
                        }
                        ("tags", _) => a.expr = add_tag(arena, a.expr, "ManagedBy", "hcl2"),
                        _ => {}
                    }
                    Some(Structure::Attribute(a))
                }
                other => Some(*other),
            });
            let body = Body {
                structures: arena.alloc_iter(items),
                ..block.body
            };
            Structure::Block(Block { body, ..*block })
        }
        other => *other,
    }));
    Body {
        structures,
        ..*body
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

fn expr(kind: ExprKind<'_>) -> Expression<'_> {
    Expression::new(kind, Span::default())
}

fn tag_item<'a>(key: &'a str, value: &'a str) -> ObjectItem<'a> {
    ObjectItem {
        key: ObjectKey::Ident(Ident::new(key, Span::default())),
        value: expr(ExprKind::String(value)),
        separator: ObjectSeparator::Equals,
    }
}

fn add_tag<'a>(
    arena: &'a Arena,
    tags: Expression<'a>,
    key: &'a str,
    value: &'a str,
) -> Expression<'a> {
    if let ExprKind::Object(items) = tags.kind {
        let items = arena.alloc_iter(items.iter().copied().chain([tag_item(key, value)]));
        return Expression::new(ExprKind::Object(items), tags.span);
    }
    // Any other expression: merge(<expr>, { key = value }).
    let tag = expr(ExprKind::Object(arena.alloc_slice(&[tag_item(key, value)])));
    expr(ExprKind::FuncCall(arena.alloc(FuncCall {
        name: FuncName {
            namespace: &[],
            name: Ident::new("merge", Span::default()),
        },
        args: arena.alloc_slice(&[tags, tag]),
        expand_final: false,
        args_span: Span::default(),
    })))
}
