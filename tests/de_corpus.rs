//! `hcl::from_str::<hcl::Value>` on every corpus file Terraform accepts
//! (`HCL_CORPUS_DIR`, e.g. `../shared/corpus`), giving the same value as
//! evaluating the body in template-preserving mode; skipped without it.
//! serde carries numbers as `u64`, `i64` or `f64`, so numbers are compared
//! as the nearest `f64` (the evaluator keeps Terraform's 512-bit values).
//!
//! An evaluation error on such a file is a failure, unless the file is
//! listed in `tests/fixtures/de_corpus/eval_errors.tsv` with the error
//! Terraform reports for it and hcl2 reports that error (summary and
//! detail). Without a function family (default features) the call is kept
//! as a template and the file loads.

mod common;
use common::as_f64s;
use hcl::eval::{evaluate_body_str, Context, EvalMode};
use std::collections::HashMap;

/// The listed files, each with Terraform's `summary: detail`.
fn terraform_errors() -> HashMap<String, String> {
    include_str!("fixtures/de_corpus/eval_errors.tsv")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .skip(1)
        .filter_map(|l| {
            let mut cols = l.split('\t');
            let (file, summary, detail) = (cols.next()?, cols.next()?, cols.next()?);
            Some((file.to_string(), format!("{summary}: {detail}")))
        })
        .collect()
}

#[test]
fn from_str_value_on_ok_corpus_files() {
    let Some(dir) = std::env::var_os("HCL_CORPUS_DIR").map(std::path::PathBuf::from) else {
        println!("de_corpus: skipped (set HCL_CORPUS_DIR to the shared corpus directory)");
        return;
    };
    let expected = terraform_errors();
    let tsv = std::fs::read_to_string(dir.join("EXPECT.tsv")).expect("EXPECT.tsv readable");
    let (mut passed, mut terraform_too, mut failed) = (0usize, 0usize, Vec::new());
    for line in tsv.lines().skip(1).filter(|l| !l.is_empty()) {
        let cols: Vec<&str> = line.split('\t').collect();
        if cols.get(1) != Some(&"ok") {
            continue;
        }
        let file = cols[0];
        let bytes = std::fs::read(dir.join(file)).expect("corpus file readable");
        let src = std::str::from_utf8(&bytes).unwrap_or_default();
        let ctx = Context::new().with_mode(EvalMode::PreserveTemplates);
        let outcome = hcl::from_slice::<hcl::Value>(&bytes)
            .and_then(|v| Ok((v, evaluate_body_str(src, &ctx)?)));
        match (outcome, expected.get(file)) {
            (Ok((v, e)), _) if as_f64s(&e) == as_f64s(&v) => passed += 1,
            (Ok(_), _) => failed.push(format!("{file}: differs from the evaluator's value")),
            // Terraform refuses the file's value with this very error.
            (Err(e), Some(tf)) if e.kind() == hcl::ErrorKind::Eval && e.message() == tf => {
                terraform_too += 1
            }
            (Err(e), Some(tf)) => failed.push(format!("{file}: {e}\n    Terraform: {tf}")),
            (Err(e), None) => failed.push(format!("{file}: {e}")),
        }
    }
    println!(
        "from_str::<Value>: {passed} passed, {terraform_too} refused as Terraform refuses them, {} failed",
        failed.len()
    );
    for f in failed.iter().take(20) {
        println!("    {f}");
    }
    assert!(failed.is_empty(), "{} ok files failed", failed.len());
}
