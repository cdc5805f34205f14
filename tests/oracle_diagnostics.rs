//! Diagnostics oracle runner: evaluates each expression of
//! `$HCL_ORACLE_DIR/dev/multi_errors.json` (expressions with 2–4 failing
//! parts, and every diagnostic Terraform 1.11.4 reports for them, see the
//! oracle's `DIAGNOSTICS-README.md`) and compares the diagnostics'
//! (line, summary) pairs, with their multiplicity, to Terraform's.
//!
//! Each case's `hcl` is placed after `x = ` in `locals {\n  x = <hcl>\n}\n`
//! (as Terraform evaluated it); lines are counted within `hcl`.
//!
//! `HCL_ORACLE_DIR=/work/shared/oracle cargo test --test oracle_diagnostics`
//! (`-- -v` lists every difference). Required: every case.

#[path = "support/json.rs"]
mod json;
#[path = "support/runner.rs"]
mod runner;

use json::{read_json, Json};

fn main() {
    let Some((dir, verbose)) = runner::oracle_dir("oracle_diagnostics") else {
        return;
    };
    let text = runner::read_set(&dir, "multi_errors.json");
    let Json::Arr(cases) = read_json(&text) else {
        panic!("multi_errors.json is not an array")
    };
    let (mut passed, mut failed) = (0, 0);
    let (mut want_total, mut found_total) = (0, 0);
    let mut failures = Vec::new();
    for case in &cases {
        let Json::Obj(c) = case else { continue };
        let id = match c.get("id") {
            Some(Json::Str(s)) => s.as_str(),
            _ => "",
        };
        let Some(Json::Str(hcl_src)) = c.get("hcl") else {
            continue;
        };
        let mut want: Vec<(usize, String)> = match c.get("diagnostics") {
            Some(Json::Arr(ds)) => ds
                .iter()
                .filter_map(|d| match d {
                    Json::Obj(o) => match (o.get("line"), o.get("summary")) {
                        (Some(Json::Num(l)), Some(Json::Str(s))) => {
                            Some((l.parse::<f64>().unwrap_or(0.0) as usize, s.clone()))
                        }
                        _ => None,
                    },
                    _ => None,
                })
                .collect(),
            _ => Vec::new(),
        };
        let got = diagnostics(hcl_src);
        let mut got_sorted = got.clone();
        want.sort();
        got_sorted.sort();
        want_total += want.len();
        // Terraform's diagnostics found among ours (with multiplicity).
        let mut rest = got_sorted.clone();
        for w in &want {
            if let Some(i) = rest.iter().position(|g| g == w) {
                rest.remove(i);
                found_total += 1;
            }
        }
        if got_sorted == want {
            passed += 1;
        } else {
            failed += 1;
            failures.push(format!(
                "{id}: {}\n    terraform: {want:?}\n    hcl2:      {got:?}",
                hcl_src.replace('\n', "⏎")
            ));
        }
    }
    for f in failures.iter().take(if verbose { usize::MAX } else { 20 }) {
        println!("FAIL {f}");
    }
    println!(
        "oracle_diagnostics multi_errors.json: {passed} passed, {failed} failed; {found_total} of Terraform's {want_total} diagnostics reported"
    );
    if failed > 0 {
        std::process::exit(1);
    }
}

/// The (line within the expression, summary) of every diagnostic of
/// evaluating `expr` as a local value.
fn diagnostics(expr: &str) -> Vec<(usize, String)> {
    let src = format!("locals {{\n  x = {expr}\n}}\n");
    let file = match hcl::parse(&src) {
        Ok(f) => f,
        Err(e) => return vec![(0, format!("parse: {}", e.message()))],
    };
    let body = file.body();
    let Some(attr) = body.blocks().next().and_then(|b| b.body.attribute("x")) else {
        return vec![(0, "no attribute".to_owned())];
    };
    let ctx = hcl::eval::Context::new().with_source(&src);
    match hcl::eval::evaluate_typed(&attr.expr, &ctx) {
        Ok(_) => Vec::new(),
        Err(e) => e
            .with_source(&src)
            .diagnostics()
            .map(|d| {
                let line = d.range.map_or(0, |r| r.start.line.saturating_sub(1));
                (line, d.summary)
            })
            .collect(),
    }
}
