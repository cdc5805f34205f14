//! Typed-value oracle runner: evaluates `$HCL_ORACLE_DIR/dev/types.json`
//! and `dev/unknowns.json` (expressions with the value **and type**
//! Terraform 1.11.4 gives them, see the oracle's `TYPES-README.md`) with
//! [`hcl::eval::evaluate_typed`]; for `unknowns.json`, in a context
//! declaring the oracle's unknown values (`local.us` ... `local.ud`).
//!
//! Each case's `hcl` is placed after `x = ` in `locals {\n  x = <hcl>\n}\n`.
//! A case passes when the value matches (JSON, numbers compared as exact
//! decimals; unknown values inside a known one as `{"$unknown": TYPE}`),
//! or the value is wholly unknown where Terraform's is, and the type
//! prints as Terraform's `type()` does; an error case passes when
//! evaluation fails (the message may differ from Terraform's: differences
//! are listed with `-v`, not failed).
//!
//! `HCL_ORACLE_DIR=/work/shared/oracle cargo test --test oracle_types`
//! (`-- -v` lists every failure and every error-message difference).

#[path = "support/json.rs"]
mod json;
#[path = "support/runner.rs"]
mod runner;
#[path = "support/unknown_scope.rs"]
mod unknown_scope;

use hcl::Value;
use json::{matches, read_json, Json};

fn main() {
    let Some((dir, verbose)) = runner::oracle_dir("oracle_types") else {
        return;
    };
    let mut ok = run(&dir, "types.json", hcl::eval::Context::new(), verbose);
    ok &= run(&dir, "unknowns.json", unknown_scope::context(), verbose);
    if !ok {
        std::process::exit(1);
    }
}

/// Runs one set; whether every case passed.
fn run(dir: &str, set: &str, base: hcl::eval::Context<'_>, verbose: bool) -> bool {
    let text = runner::read_set(dir, set);
    let Json::Arr(cases) = read_json(&text) else {
        panic!("{set} is not an array")
    };
    let (mut passed, mut failed) = (0, 0);
    let mut failures = Vec::new();
    let mut message_diffs = Vec::new();
    for case in &cases {
        let Json::Obj(c) = case else { continue };
        let field = |k: &str| match c.get(k) {
            Some(Json::Str(s)) => Some(s.as_str()),
            _ => None,
        };
        let id = field("id").unwrap_or_default();
        let Some(hcl_src) = field("hcl") else {
            continue;
        };
        let src = format!("locals {{\n  x = {hcl_src}\n}}\n");
        let outcome = match hcl::parse(&src) {
            Err(e) => Err(format!("parse: {e}")),
            Ok(file) => {
                let body = file.body();
                match body.blocks().next().and_then(|b| b.body.attribute("x")) {
                    None => Err("no attribute x".to_owned()),
                    Some(attr) => {
                        let ctx = base.child().with_source(&src);
                        hcl::eval::evaluate_typed(&attr.expr, &ctx)
                            .map_err(|e| e.with_source(&src).to_string())
                    }
                }
            }
        };
        let same_type = |t: &hcl::eval::Typed| Some(t.ty().to_string().as_str()) == field("type");
        let marked = |t: &hcl::eval::Typed| {
            t.map_unknowns(|ty| {
                let mut o = hcl::Map::new();
                o.insert("$unknown".to_owned(), Value::from(ty.to_string()));
                Value::Object(o)
            })
        };
        let ok = match (&outcome, c.get("expect"), field("error")) {
            (Ok(t), Some(expect), _) => t.is_known() && matches(expect, t.value()) && same_type(t),
            (Ok(t), _, _) if c.get("unknown").is_some() => t.is_unknown() && same_type(t),
            (Ok(t), _, _) if c.get("partial").is_some() => {
                !t.is_known()
                    && !t.is_unknown()
                    && same_type(t)
                    && c.get("expect_partial")
                        .is_some_and(|e| matches(e, &marked(t)))
            }
            (Err(msg), None, Some(summary)) => {
                if !msg.contains(summary) {
                    message_diffs.push(format!("{id}: Terraform: {summary}\n    ours: {msg}"));
                }
                true
            }
            _ => false,
        };
        if ok {
            passed += 1;
        } else {
            failed += 1;
            failures.push(format!(
                "{id}: {hcl_src}\n    expected: {}\n    got:      {}",
                match (c.get("expect"), field("error")) {
                    (Some(e), _) => format!("{e:?} : {}", field("type").unwrap_or("?")),
                    (_, Some(e)) => format!("error {e:?}"),
                    _ if c.get("unknown").is_some() => {
                        format!("unknown : {}", field("type").unwrap_or("?"))
                    }
                    _ => format!(
                        "partial {:?} : {}",
                        c.get("expect_partial"),
                        field("type").unwrap_or("?")
                    ),
                },
                match &outcome {
                    Ok(t) if t.is_unknown() => format!("unknown : {}", t.ty()),
                    Ok(t) => format!("{:?} : {}", marked(t), t.ty()),
                    Err(e) => e.replace('\n', "\n              "),
                },
            ));
        }
    }
    runner::print_findings(&failures, &message_diffs, verbose);
    println!(
        "oracle_types {set}: {passed} passed, {failed} failed ({} error cases with another summary than Terraform's)",
        message_diffs.len()
    );
    failed == 0
}
