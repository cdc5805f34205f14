//! `hcl::from_str::<hcl::Value>` on every corpus file Terraform accepts
//! (`HCL_CORPUS_DIR`, e.g. `../shared/corpus`), giving the same value as
//! evaluating the body in template-preserving mode; skipped without it.
//! serde carries numbers as `u64`, `i64` or `f64`, so numbers are compared
//! as the nearest `f64` (the evaluator keeps Terraform's 512-bit values).

mod common;
use common::as_f64s;
use hcl::eval::{evaluate_body_str, Context, EvalMode};

#[test]
fn from_str_value_on_ok_corpus_files() {
    let Some(dir) = std::env::var_os("HCL_CORPUS_DIR").map(std::path::PathBuf::from) else {
        println!("de_corpus: skipped (set HCL_CORPUS_DIR to the shared corpus directory)");
        return;
    };
    let tsv = std::fs::read_to_string(dir.join("EXPECT.tsv")).expect("EXPECT.tsv readable");
    let (mut passed, mut failed, mut eval_failed) = (0usize, Vec::new(), Vec::new());
    for line in tsv.lines().skip(1).filter(|l| !l.is_empty()) {
        let cols: Vec<&str> = line.split('\t').collect();
        if cols.get(1) != Some(&"ok") {
            continue;
        }
        let bytes = std::fs::read(dir.join(cols[0])).expect("corpus file readable");
        match hcl::from_slice::<hcl::Value>(&bytes) {
            Ok(v) => {
                // The deserializer and the evaluator agree on the body's shape.
                let src = std::str::from_utf8(&bytes).unwrap();
                let ctx = Context::new().with_mode(EvalMode::PreserveTemplates);
                match evaluate_body_str(src, &ctx) {
                    Ok(e) if as_f64s(&e) == as_f64s(&v) => passed += 1,
                    Ok(_) => {
                        failed.push(format!("{}: differs from the evaluator's value", cols[0]))
                    }
                    // Not this module's failure; listed, not counted.
                    Err(e) => eval_failed.push(format!("{}: {e}", cols[0])),
                }
            }
            Err(e) => {
                // An evaluation error the evaluator reports too (a call
                // with bad values, reported in every mode) is the file's.
                let src = std::str::from_utf8(&bytes).unwrap_or_default();
                let ctx = Context::new().with_mode(EvalMode::PreserveTemplates);
                if e.kind() == hcl::ErrorKind::Eval && evaluate_body_str(src, &ctx).is_err() {
                    eval_failed.push(format!("{}: {e}", cols[0]));
                } else {
                    failed.push(format!("{}: {e}", cols[0]));
                }
            }
        }
    }
    println!(
        "from_str::<Value>: {passed} passed, {} failed",
        failed.len()
    );
    for f in failed.iter().take(20) {
        println!("    {f}");
    }
    println!(
        "evaluator failed on {} of the same files:",
        eval_failed.len()
    );
    for f in eval_failed.iter().take(20) {
        println!("    {f}");
    }
    assert!(failed.is_empty(), "{} ok files failed", failed.len());
}
