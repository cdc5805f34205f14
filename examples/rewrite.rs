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

use hcl::edit::{Address, Document};
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
    // The modules' addresses (`module.NAME`).
    let modules: Vec<String> = doc
        .body()
        .blocks()
        .filter(|b| b.ident.name == "module" && b.labels.len() == 1)
        .map(|b| format!("module.\"{}\"", b.labels[0].as_str()))
        .collect();
    for module in modules {
        let at = |attr: &str| Address::parse(&format!("{module}.{attr}"));
        if let Some(v) = doc
            .get_attribute(&at("version")?)
            .first()
            .map(|v| bump_version(v))
        {
            doc.set_attribute(&at("version")?, &v)?;
        }
        if let Some(tags) = doc.get_attribute(&at("tags")?).first().map(|t| add_tag(t)) {
            doc.set_attribute(&at("tags")?, &tags)?;
        }
        doc.remove_attribute(&at(&remove)?)?;
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

/// `tags` with `ManagedBy = "hcl2"`: a new item in an object written over
/// several lines (keys aligned as `terraform fmt` aligns them), else the
/// expression wrapped in `merge(...)`.
fn add_tag(tags: &str) -> String {
    let (key, value) = ("ManagedBy", "\"hcl2\"");
    let Ok(parsed) = hcl::parser::parse_expression(tags) else {
        return tags.to_owned();
    };
    let (ExprKind::Object(items), Some(close)) = (parsed.expr().kind, tags.rfind('}')) else {
        return format!("merge({tags}, {{ {key} = {value} }})");
    };
    let lines: Vec<&str> = tags[..close]
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .collect();
    if items.is_empty() || lines.len() != items.len() {
        return format!("merge({tags}, {{ {key} = {value} }})");
    }
    let indent: String = lines[0].chars().take_while(|c| c.is_whitespace()).collect();
    let mut entries: Vec<(String, String)> = lines
        .iter()
        .filter_map(|l| l.split_once('='))
        .map(|(k, v)| (k.trim().to_owned(), v.trim().to_owned()))
        .collect();
    entries.push((key.to_owned(), value.to_owned()));
    let width = entries
        .iter()
        .map(|(k, _)| k.chars().count())
        .max()
        .unwrap_or(0);
    let mut out = String::from("{\n");
    for (k, v) in entries {
        out.push_str(&format!("{indent}{k:width$} = {v}\n"));
    }
    out.push_str(&tags[tags[..close].rfind('\n').map_or(close, |i| i + 1)..]);
    out
}
