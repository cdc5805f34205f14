//! The plan oracle: `tests/fixtures/plan/cases.jsonl`, configurations of
//! `terraform_data` resources and local child modules (made by
//! `generate.py`), each answered by Terraform 1.11.4 (`answer.py`:
//! `terraform init`, `plan -json -out`, `show -json`).
//!
//! Each case is written to a temporary directory and planned with
//! [`hcl::config::plan_dir`], in plan mode and in validate mode. A plan
//! that Terraform made passes when the instance addresses are Terraform's,
//! each instance's `after`, `after_unknown` and `after_sensitive` and each
//! output's are
//! Terraform's, the `checks` of custom conditions and the `configuration`
//! (each module's resources, expressions, calls, variables and outputs)
//! are Terraform's, and so are the warnings (a `check` block's failed or unknown assertions); a plan that failed passes when hcl2 fails with Terraform's
//! summaries, each at Terraform's file, line and column. Validate mode
//! passes when its errors are those of `terraform validate -json` (none,
//! or the same summaries at the same places). A cycle's summary names its
//! nodes in an order that varies from run to run in Terraform: cycles
//! compare as sets of nodes. Where Terraform reports one of several
//! errors, picked run to run (two failing module calls, plan/1009), the
//! answer is one of its runs. The 200 configurations with `sensitive`
//! variables and outputs (from 1,900 on) are counted apart, for
//! information: Terraform's errors for sensitive values where they may not
//! be (an output not marked `sensitive`, a `for_each`) are not given yet.
//!
//! `cargo test --test plan_oracle` (`-- -v` lists every disagreement).

use std::collections::BTreeMap;

use hcl::config::{plan_dir, Mode, PlanOptions};
use hcl::{Severity, Value};

fn main() {
    let verbose = std::env::args().any(|a| a == "-v");
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/plan/cases.jsonl"
    );
    let text = std::fs::read_to_string(path).expect("the plan oracle's cases");
    let root = std::env::temp_dir().join(format!("hcl-plan-oracle-{}", std::process::id()));
    let (mut passed, mut failed) = (0usize, Vec::new());
    let mut sensitive_passed = (0usize, 0usize);
    let mut failed_warnings = (0usize, 0usize);
    for line in text.lines() {
        let case = hcl::json::value_from_str(line).expect("a JSON line");
        let id = case["id"].as_str().unwrap().to_owned();
        let dir = root.join(id.replace('/', "-"));
        write_case(&dir, &case);
        let got = plan_dir(&dir, &PlanOptions::new());
        // (Terraform names files from the module's directory.)
        let prefix = format!("{}/", dir.display());
        let validated = plan_dir(&dir, &PlanOptions::new().mode(Mode::Validate));
        // (A configuration Terraform refuses at `terraform init` has no
        // validate answer: its errors are the init's.)
        let init_failed = case["answer"]["stage"].as_str() == Some("init");
        // (A plan that fails holds its warnings after its errors: counted
        // apart, informational.)
        if let (Err(e), false) = (&got, init_failed) {
            let want = warnings_of(&case["answer"]["diagnostics"]);
            let warned = e.diagnostics().filter(|d| d.severity == Severity::Warning);
            failed_warnings.0 += usize::from(want == diagnostics_of(warned, &prefix));
            failed_warnings.1 += 1;
        }
        let outcome = compare(&case["answer"], got, &prefix).and_then(|()| {
            let want = if init_failed {
                init_errors_of(&case["answer"]["diagnostics"])
            } else {
                errors_of(&case["validate"])
            };
            let got = match validated {
                Ok(_) => Vec::new(),
                Err(e) => ours(&e, &prefix),
            };
            if want == got {
                Ok(())
            } else {
                Err(format!("validate: Terraform {want:?}, hcl2 {got:?}"))
            }
        });
        // (The configurations with sensitive values, from 1,900 on, are
        // counted apart: Terraform's errors for sensitive values where
        // they may not be are not given yet.)
        let sensitive = id["plan/".len()..]
            .parse::<usize>()
            .is_ok_and(|k| k >= 1900);
        match (outcome, sensitive) {
            (Ok(()), false) => passed += 1,
            (Err(why), false) => failed.push((id, why)),
            (Ok(()), true) => sensitive_passed.0 += 1,
            (Err(why), true) => {
                sensitive_passed.1 += 1;
                if verbose {
                    println!("  (sensitive) {id}: {why}");
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&root);
    println!(
        "plan_oracle: {passed} of {} configurations agree with Terraform",
        passed + failed.len()
    );
    println!(
        "plan_oracle: with sensitive values (informational): {} of {} agree",
        sensitive_passed.0,
        sensitive_passed.0 + sensitive_passed.1
    );
    println!(
        "plan_oracle: warnings of the plans that fail (informational): {} of {} agree",
        failed_warnings.0, failed_warnings.1
    );
    for (id, why) in failed.iter().take(if verbose { usize::MAX } else { 10 }) {
        println!("  {id}: {why}");
    }
    if !failed.is_empty() {
        std::process::exit(1);
    }
}

fn write_case(dir: &std::path::Path, case: &Value) {
    let Value::Object(files) = &case["files"] else {
        panic!("files")
    };
    for (path, text) in files {
        let full = dir.join(path.as_str());
        std::fs::create_dir_all(full.parent().unwrap()).unwrap();
        std::fs::write(full, text.as_str().unwrap()).unwrap();
    }
    if let Some(t) = case["tfvars"].as_str().filter(|t| !t.is_empty()) {
        std::fs::write(dir.join("terraform.tfvars"), t).unwrap();
    }
}

fn compare(
    answer: &Value,
    got: hcl::Result<hcl::config::Plan>,
    prefix: &str,
) -> Result<(), String> {
    if answer["ok"] == Value::Bool(false) {
        let err = match got {
            Ok(_) => return Err("Terraform fails, hcl2 plans".into()),
            Err(e) => e,
        };
        let want = if answer["stage"].as_str() == Some("init") {
            init_errors_of(&answer["diagnostics"])
        } else {
            errors_of(&answer["diagnostics"])
        };
        let got = ours(&err, prefix);
        if want != got {
            return Err(format!("errors: Terraform {want:?}, hcl2 {got:?}"));
        }
        return Ok(());
    }
    let plan = got.map_err(|e| format!("Terraform plans, hcl2 fails: {e}"))?;
    let json = plan.to_json();
    // The checks of custom conditions, and the warnings of `check` blocks.
    let checks = json.as_object().and_then(|o| o.get("checks")).cloned();
    let want = Some(&answer["checks"]).filter(|c| !c.is_null()).cloned();
    if checks != want {
        return Err(format!(
            "checks: Terraform {}, hcl2 {}",
            want.unwrap_or(Value::Null),
            checks.unwrap_or(Value::Null)
        ));
    }
    // The configuration: every module's declarations and expressions.
    if answer["configuration"] != json["configuration"] {
        return Err(format!(
            "configuration: Terraform {}, hcl2 {}",
            answer["configuration"], json["configuration"]
        ));
    }
    let want = warnings_of(&answer["warnings"]);
    let got = diagnostics_of(plan.warnings().iter().cloned(), prefix);
    if want != got {
        return Err(format!("warnings: Terraform {want:?}, hcl2 {got:?}"));
    }
    let mut ours: BTreeMap<String, (Value, Value, Value)> = BTreeMap::new();
    if let Value::Array(changes) = &json["resource_changes"] {
        for c in changes {
            ours.insert(
                c["address"].as_str().unwrap().to_owned(),
                (
                    c["change"]["after"].clone(),
                    c["change"]["after_unknown"].clone(),
                    c["change"]["after_sensitive"].clone(),
                ),
            );
        }
    }
    let Value::Object(theirs) = &answer["resources"] else {
        return Err("no resources in the answer".into());
    };
    let want: Vec<&str> = theirs.keys().map(|k| k.as_str()).collect();
    let have: Vec<&str> = ours.keys().map(String::as_str).collect();
    let mut want_sorted = want.clone();
    want_sorted.sort_unstable();
    if want_sorted != have {
        return Err(format!(
            "addresses: Terraform {want_sorted:?}, hcl2 {have:?}"
        ));
    }
    for (address, t) in theirs {
        let (after, unknown, sensitive) = &ours[address.as_str()];
        if &t["after_sensitive"] != sensitive {
            return Err(format!(
                "{address} after_sensitive: Terraform {}, hcl2 {}",
                t["after_sensitive"], sensitive
            ));
        }
        if &t["after"] != after {
            return Err(format!(
                "{address} after: Terraform {}, hcl2 {}",
                t["after"], after
            ));
        }
        if &t["after_unknown"] != unknown {
            return Err(format!(
                "{address} after_unknown: Terraform {}, hcl2 {}",
                t["after_unknown"], unknown
            ));
        }
    }
    let Value::Object(outs) = &answer["outputs"] else {
        return Ok(());
    };
    for (name, t) in outs {
        let o = &json["output_changes"][name.as_str()];
        // (Terraform leaves `after` out for a wholly unknown value; the
        // answers hold null there.)
        let after = o
            .as_object()
            .and_then(|m| m.get("after"))
            .cloned()
            .unwrap_or(Value::Null);
        let want = t["after"].clone();
        if want != after {
            return Err(format!(
                "output {name} after: Terraform {want}, hcl2 {after}"
            ));
        }
        if t["after_sensitive"] != o["after_sensitive"] {
            return Err(format!(
                "output {name} after_sensitive: Terraform {}, hcl2 {}",
                t["after_sensitive"], o["after_sensitive"]
            ));
        }
        if t["after_unknown"] != o["after_unknown"] {
            return Err(format!(
                "output {name} after_unknown: Terraform {}, hcl2 {}",
                t["after_unknown"], o["after_unknown"]
            ));
        }
    }
    Ok(())
}

/// The errors of a list of Terraform's diagnostics: (summary, range),
/// sorted.
fn errors_of(diagnostics: &Value) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = match diagnostics {
        Value::Array(ds) => ds
            .iter()
            .filter(|d| d["severity"].as_str() == Some("error"))
            // (`terraform init`'s own error, which leads its list.)
            .filter(|d| {
                d["range"].is_object()
                    || !d["summary"]
                        .as_str()
                        .unwrap_or("")
                        .starts_with("Terraform encountered problems during initialisation")
            })
            .map(|d| (summary(d["summary"].as_str().unwrap()), range(&d["range"])))
            .collect(),
        _ => Vec::new(),
    };
    out.sort();
    out
}

/// The errors of a configuration `terraform init` refused: those of its
/// diagnostics, each once (`init` and `plan` report them each).
fn init_errors_of(diagnostics: &Value) -> Vec<(String, String)> {
    let mut out = errors_of(diagnostics);
    out.dedup();
    out
}

/// The warnings of a list of Terraform's diagnostics, as [`errors_of`].
fn warnings_of(diagnostics: &Value) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = match diagnostics {
        Value::Array(ds) => ds
            .iter()
            .filter(|d| d["severity"].as_str() == Some("warning"))
            .map(|d| (summary(d["summary"].as_str().unwrap()), range(&d["range"])))
            .collect(),
        _ => Vec::new(),
    };
    out.sort();
    out
}

/// hcl2's errors as [`errors_of`] gives Terraform's (without the
/// warnings the error holds).
fn ours(err: &hcl::Error, prefix: &str) -> Vec<(String, String)> {
    let errors = err.diagnostics().filter(|d| d.severity == Severity::Error);
    diagnostics_of(errors, prefix)
}

/// Diagnostics as [`errors_of`] gives Terraform's.
fn diagnostics_of(
    diagnostics: impl Iterator<Item = hcl::Diagnostic>,
    prefix: &str,
) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = diagnostics
        .map(|d| {
            let r = d.range.as_ref().map_or(String::new(), |r| {
                format!(
                    "{}:{}.{}-{}.{}",
                    r.filename
                        .as_deref()
                        .unwrap_or("")
                        .trim_start_matches(prefix),
                    r.start.line,
                    r.start.column,
                    r.end.line,
                    r.end.column
                )
            });
            (summary(&d.summary), r)
        })
        .collect();
    out.sort();
    out
}

/// A summary, a cycle's nodes in name order.
fn summary(s: &str) -> String {
    match s.strip_prefix("Cycle: ") {
        Some(nodes) => {
            let mut n: Vec<&str> = nodes.split(", ").collect();
            n.sort_unstable();
            format!("Cycle: {}", n.join(", "))
        }
        None => s.to_owned(),
    }
}

fn range(r: &Value) -> String {
    match r {
        // (Terraform's zero range, of no file, is no range.)
        Value::Object(_) if r["filename"].as_str() == Some("") => String::new(),
        Value::Object(_) => format!(
            "{}:{}.{}-{}.{}",
            r["filename"].as_str().unwrap_or(""),
            r["start"][0],
            r["start"][1],
            r["end"][0],
            r["end"][1]
        ),
        _ => String::new(),
    }
}
