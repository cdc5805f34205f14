//! Loads a realistic application config into typed structs and prints it.
//!
//! The config uses nested blocks, labeled blocks (read both as a map keyed
//! by label and as a list with the label in a field), a heredoc, and
//! expressions over variables and functions supplied through a
//! [`hcl::eval::Context`].
//!
//! Run with `cargo run --example config`.

use std::collections::BTreeMap;
use std::time::Duration;

use hcl::eval::{Context, FuncDef, FuncError, ParamType};
use serde::Deserialize;
use serde_spanned::Spanned;

const CONFIG: &str = r#"
# Shop service configuration.
app {
  name    = "shop"
  version = var.version
  env     = upper(var.env)
  debug   = var.env != "prod"
}

listen "http" {
  address = "0.0.0.0:${var.port}"
}

listen "https" {
  address = "0.0.0.0:${var.port + 363}"
  tls {
    cert = "/etc/shop/${var.env}.pem"
    key  = "/etc/shop/${var.env}.key"
  }
}

database "primary" {
  url       = "postgres://db.${var.env}.internal:5432/shop"
  pool_size = var.env == "prod" ? 20 : 5
  timeout   = "5s"
}

database "replica" {
  url       = "postgres://replica.${var.env}.internal:5432/shop"
  pool_size = 4
  timeout   = "2s"
  read_only = true
}

route "api" {
  prefix   = "/api"
  database = "primary"
  methods  = ["GET", "POST", "DELETE"]
}

route "reports" {
  prefix   = "/reports"
  database = "replica"
  methods  = ["GET"]
  cache    = duration_secs("10m")
}

feature_flags = {
  new_checkout = true
  beta_search  = var.env == "staging"
}

motd = <<-EOT
  Welcome to ${var.env}!
  Running shop ${var.version} on port ${var.port}.
  EOT
"#;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Config {
    app: App,
    /// `listen "name" { ... }` blocks, keyed by label.
    listen: BTreeMap<String, Listener>,
    /// `database "name" { ... }` blocks, keyed by label.
    database: BTreeMap<String, Database>,
    /// `route "name" { ... }` blocks, in order, the label in a field.
    route: Vec<Route>,
    #[serde(default)]
    feature_flags: BTreeMap<String, bool>,
    motd: String,
}

#[derive(Debug, Deserialize)]
struct App {
    name: String,
    version: String,
    env: String,
    debug: bool,
}

#[derive(Debug, Deserialize)]
struct Listener {
    address: String,
    tls: Option<Tls>,
}

#[derive(Debug, Deserialize)]
struct Tls {
    cert: String,
    key: String,
}

#[derive(Debug, Deserialize)]
struct Database {
    url: String,
    pool_size: u32,
    #[serde(deserialize_with = "duration")]
    timeout: Duration,
    #[serde(default)]
    read_only: bool,
}

#[derive(Debug, Deserialize)]
struct Route {
    /// The block's label.
    #[serde(rename = "__label")]
    name: String,
    prefix: String,
    /// Where it was written, for messages about it.
    database: Spanned<String>,
    methods: Vec<Method>,
    /// Seconds.
    cache: Option<u64>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
enum Method {
    Get,
    Post,
    Delete,
}

/// Parses "5s", "10m", "1h".
fn parse_duration(s: &str) -> Option<Duration> {
    let (n, unit) = s.split_at(s.find(|c: char| !c.is_ascii_digit())?);
    let n: u64 = n.parse().ok()?;
    Some(Duration::from_secs(match unit {
        "s" => n,
        "m" => n * 60,
        "h" => n * 3600,
        _ => return None,
    }))
}

fn duration<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Duration, D::Error> {
    let s = String::deserialize(d)?;
    parse_duration(&s).ok_or_else(|| serde::de::Error::custom(format!("invalid duration {s:?}")))
}

fn load() -> Result<Config, hcl::Error> {
    let mut ctx = Context::new();
    ctx.declare_var(
        "var",
        hcl::Value::from_iter([
            ("env", hcl::Value::from("staging")),
            ("version", hcl::Value::from("1.4.2")),
            ("port", hcl::Value::from(80)),
        ]),
    );
    ctx.declare_func(
        "duration_secs",
        FuncDef::builder()
            .param("duration", ParamType::String)
            .build(|args| {
                let s = args[0].as_str().unwrap_or_default();
                // (A refused argument is reported at the argument.)
                parse_duration(s)
                    .map(|d| hcl::Value::from(d.as_secs()))
                    .ok_or_else(|| FuncError::arg(0, format!("invalid duration {s:?}")))
            }),
    );

    // Strict mode (a new Context's default): an unknown variable or
    // function is an error with its line, column and field path.
    let config: Config = hcl::from_str_with_context(CONFIG, &ctx)?;

    // Cross-checks that serde cannot express, reported at the right place.
    for route in &config.route {
        if !config.database.contains_key(route.database.get_ref()) {
            return Err(hcl::Error::at(
                hcl::ErrorKind::De,
                format!(
                    "route {:?}: no database named {:?}",
                    route.name,
                    route.database.get_ref()
                ),
                route.database.span().into(),
                CONFIG,
            ));
        }
    }
    Ok(config)
}

fn main() {
    let config = match load() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(1);
        }
    };
    let app = &config.app;
    println!(
        "{} {} ({}{})",
        app.name,
        app.version,
        app.env,
        if app.debug { ", debug" } else { "" }
    );
    for (name, l) in &config.listen {
        print!("listen {name:<6} {}", l.address);
        if let Some(tls) = &l.tls {
            print!("  tls cert={} key={}", tls.cert, tls.key);
        }
        println!();
    }
    for (name, db) in &config.database {
        println!(
            "database {name:<8} {} pool={} timeout={:?}{}",
            db.url,
            db.pool_size,
            db.timeout,
            if db.read_only { " read-only" } else { "" }
        );
    }
    for r in &config.route {
        println!(
            "route {:<8} {:<9} -> {:<8} {:?} cache={:?}",
            r.name,
            r.prefix,
            r.database.get_ref(),
            r.methods,
            r.cache.map(Duration::from_secs)
        );
    }
    println!("feature flags: {:?}", config.feature_flags);
    println!("motd:\n{}", config.motd);

    // What a mistake looks like.
    let bad = "database \"primary\" {\n  url       = \"x\"\n  pool_size = \"many\"\n  timeout   = \"5s\"\n}\n";
    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Dbs {
        database: BTreeMap<String, Database>,
    }
    if let Err(e) = hcl::from_str::<Dbs>(bad) {
        println!("\nerror: {e}");
    }
}
