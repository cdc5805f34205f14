//! Type-constraint oracle runner: `$HCL_ORACLE_DIR/dev/typeexpr.json`
//! (Terraform 1.11.4: a `variable` block's `type`, `default`, `nullable`
//! and a `-var` value, see the oracle's `TYPES-README.md`) through
//! [`hcl::typeexpr::Variable`], and `dev/go_typeexpr.json` (the reference Go
//! implementation: a constraint and a value, see `GO-README.md`) through
//! [`hcl::TypeConstraint::convert_typed`].
//!
//! A case passes when the value matches (JSON, numbers compared as exact
//! decimals) and the type prints as Terraform's `type()` does; an error
//! case passes when we report an error (differences in the summary are
//! listed with `-v`). Go cases with a `note` are where hcl v2.14.1 and
//! Terraform 1.11 differ: they are counted apart and not failed; each has
//! a test of Terraform's behaviour in `tests/typeexpr_*.rs`.
//!
//! `HCL_ORACLE_DIR=/work/shared/oracle cargo test --test oracle_typeexpr`
//! (`-- -v` lists every failure and every error-message difference).

#[path = "support/json.rs"]
mod json;
#[path = "support/runner.rs"]
mod runner;

use hcl::eval::{Context, Typed};
use hcl::typeexpr::{constant, Variable};
use hcl::TypeConstraint;
use json::{matches, read_json, Json};

fn main() {
    let Some((dir, verbose)) = runner::oracle_dir("oracle_typeexpr") else {
        return;
    };
    let mut ok = run(&dir, "typeexpr.json", verbose);
    ok &= run(&dir, "go_typeexpr.json", verbose);
    if !ok {
        std::process::exit(1);
    }
}

/// What a case asks: Terraform's variable (`typeexpr.json`) or Go's
/// constraint + value (`go_typeexpr.json`).
fn outcome(c: &std::collections::BTreeMap<String, Json>) -> Result<Typed, String> {
    let field = |k: &str| match c.get(k) {
        Some(Json::Str(s)) => Some(s.as_str()),
        _ => None,
    };
    let text = |e: hcl::Error| e.to_string();
    if c.get("kind").is_some() {
        // Go: the constraint, then the value evaluated with functions.
        let constraint = TypeConstraint::parse(field("type").unwrap_or_default()).map_err(text)?;
        let value =
            hcl::eval::evaluate_typed_str(field("input").unwrap_or_default(), &Context::new())
                .map_err(text)?;
        return constraint.convert_typed(value).map_err(text);
    }
    let constraint =
        TypeConstraint::parse(field("constraint").unwrap_or_default()).map_err(text)?;
    let default = field("default").map(constant).transpose().map_err(text)?;
    let nullable = !matches!(c.get("nullable"), Some(Json::Bool(false)));
    let var = Variable::new(constraint, default, nullable).map_err(text)?;
    let given = field("var_value")
        .map(|raw| var.parse_raw(raw))
        .transpose()
        .map_err(text)?;
    var.value(given).map_err(text)
}

/// Runs one set; whether every case (but Go's noted ones) passed.
fn run(dir: &str, set: &str, verbose: bool) -> bool {
    let text = runner::read_set(dir, set);
    let Json::Arr(cases) = read_json(&text) else {
        panic!("{set} is not an array")
    };
    let (mut passed, mut failed, mut noted) = (0, 0, 0);
    let mut failures = Vec::new();
    let mut message_diffs = Vec::new();
    for case in &cases {
        let Json::Obj(c) = case else { continue };
        let id = match c.get("id") {
            Some(Json::Str(s)) => s.as_str(),
            _ => "?",
        };
        // Terraform's fields are at the top; Go's inside `expect`.
        let (expect, ty, error) = match c.get("expect") {
            Some(Json::Obj(e)) if c.get("kind").is_some() => {
                (e.get("value"), e.get("type"), e.get("error"))
            }
            e => (e, c.get("type"), c.get("error")),
        };
        let got = outcome(c);
        let ok = match (&got, expect, error) {
            (Ok(t), Some(v), None) => {
                matches(v, t.value()) && ty == Some(&Json::Str(t.ty().to_string()))
            }
            (Err(msg), _, Some(Json::Str(summary))) => {
                runner::note_summary(&mut message_diffs, id, summary, msg);
                true
            }
            _ => false,
        };
        if c.get("note").is_some() && c.get("kind").is_some() {
            noted += 1;
            continue;
        }
        if ok {
            passed += 1;
        } else {
            failed += 1;
            failures.push(format!(
                "{id}\n    expected: {:?} : {:?} {:?}\n    got:      {}",
                expect,
                ty,
                error,
                match &got {
                    Ok(t) => format!("{:?} : {}", t.value(), t.ty()),
                    Err(e) => e.replace('\n', "\n              "),
                }
            ));
        }
    }
    runner::print_findings(&failures, &message_diffs, verbose);
    println!(
        "oracle_typeexpr {set}: {passed} passed, {failed} failed, {noted} where hcl v2.14.1 and Terraform differ (tested apart); {} error cases with another summary",
        message_diffs.len()
    );
    failed == 0
}
