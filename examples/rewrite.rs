//! Round-trip rewriting of a Terraform file with the editable document:
//! every byte that is not edited comes back as it was (comments, layout,
//! heredocs, references).
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
//! Without FILE a built-in example is used.

use hcl::edit::Document;
use hcl::syntax::ExprKind;

const EXAMPLE: &str = r#"
# The network.
module "vpc" {
  source  = "terraform-aws-modules/vpc/aws" # from the registry
  version = "~> 5.1.2"

  name = "${var.name}-vpc"
  cidr = var.cidr
  azs  = slice(data.aws_availability_zones.available.names, 0, 3)

  private_subnets = [for k, v in local.azs : cidrsubnet(var.cidr, 4, k)]
  tags = {
    Environment = var.environment
    Team        = "platform"
  }

  # Not wanted any more.
  create_database_subnet_group = true
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
        .unwrap_or_else(|| "create_database_subnet_group".into());

    let mut doc = Document::parse(&src)?;
    let mut body = doc.body_mut();
    let mut modules = body.blocks_mut("module");
    while let Some(mut module) = modules.next() {
        if let Some(mut version) = module.attribute_mut("version") {
            let bumped = bump_version(version.text());
            version.set(&bumped)?;
        }
        if let Some(mut tags) = module.attribute_mut("tags") {
            if let ExprKind::Object(_) = tags.expr().kind {
                tags.set_item("ManagedBy", "\"hcl2\"")?;
            } else {
                let merged = format!("merge({}, {{ ManagedBy = \"hcl2\" }})", tags.text());
                tags.set(&merged)?;
            }
        }
        module.remove_attribute(&remove)?;
    }
    print!("{doc}");
    Ok(())
}

/// `"~> 5.1.2"` → `"~> 5.1.3"`: the last number in the string, plus one.
fn bump_version(v: &str) -> String {
    let digits = v.trim_end_matches(|c: char| !c.is_ascii_digit());
    let start = digits.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    match digits[start..].parse::<u64>() {
        Ok(n) => format!("{}{}{}", &v[..start], n + 1, &v[digits.len()..]),
        Err(_) => v.to_owned(),
    }
}
