//! Error quality over the real-world corpus (`HCL_CORPUS_DIR`, e.g.
//! `../shared/corpus`): for every file Terraform 1.11 rejects
//! (`expect = error` in `EXPECT.tsv`), our first error must be on the line
//! Terraform reports (`tf_error_line`).
//!
//! Prints one line per miss (file, our line and message, Terraform's line
//! and summary, the corpus note), a closing `N passed, N failed`, and how
//! many of our first errors have Terraform's summary line.
//! `HCL_ERROR_QUALITY_VERBOSE=1` also prints every match, to compare the
//! wording of our messages with Terraform's summaries. Without
//! `HCL_CORPUS_DIR` it prints that it was skipped.
//!
//! ```text
//! HCL_CORPUS_DIR=../shared/corpus cargo test --test error_quality
//! ```

use std::path::PathBuf;
use std::process::ExitCode;

struct Row {
    file: String,
    tf_line: Option<usize>,
    tf_summary: String,
    note: String,
}

fn rows(dir: &std::path::Path) -> Result<Vec<Row>, String> {
    let tsv =
        std::fs::read_to_string(dir.join("EXPECT.tsv")).map_err(|e| format!("EXPECT.tsv: {e}"))?;
    Ok(tsv
        .lines()
        .skip(1)
        .filter_map(|l| {
            let cols: Vec<&str> = l.split('\t').collect();
            if cols.get(1) != Some(&"error") {
                return None;
            }
            let col = |i: usize| cols.get(i).copied().unwrap_or("").to_owned();
            Some(Row {
                file: col(0),
                tf_line: cols.get(2).and_then(|s| s.parse().ok()),
                tf_summary: col(3),
                note: col(7),
            })
        })
        .collect())
}

fn main() -> ExitCode {
    let Some(dir) = std::env::var_os("HCL_CORPUS_DIR").map(PathBuf::from) else {
        println!("error_quality: skipped (set HCL_CORPUS_DIR to the shared corpus directory)");
        return ExitCode::SUCCESS;
    };
    let verbose = std::env::var_os("HCL_ERROR_QUALITY_VERBOSE").is_some();
    let rows = match rows(&dir) {
        Ok(r) => r,
        Err(e) => {
            println!("error_quality: {e}");
            return ExitCode::FAILURE;
        }
    };
    let (mut passed, mut failed) = (0usize, 0usize);
    // Files whose first error has Terraform's summary line.
    let mut same_summary = 0usize;
    for row in &rows {
        let bytes = match std::fs::read(dir.join(&row.file)) {
            Ok(b) => b,
            Err(e) => {
                failed += 1;
                println!("MISS {}: unreadable: {e}", row.file);
                continue;
            }
        };
        let outcome = hcl::parser::parse_bytes(&bytes).map(drop);
        let (ours, msg) = match &outcome {
            Ok(()) => (None, "accepted (no error)".to_owned()),
            Err(e) => (e.line(), e.message().to_owned()),
        };
        let ok = ours.is_some() && ours == row.tf_line;
        if let Err(e) = &outcome {
            if e.diagnostics().next().map(|d| d.summary) == Some(row.tf_summary.clone()) {
                same_summary += 1;
            } else if verbose {
                println!(
                    "summary {}: ours \"{msg}\", terraform \"{}\"",
                    row.file, row.tf_summary
                );
            }
        }
        let line = format!(
            "{}: ours line {} \"{}\"; terraform line {} \"{}\" ({})",
            row.file,
            ours.map_or("-".into(), |l| l.to_string()),
            msg,
            row.tf_line.map_or("-".into(), |l| l.to_string()),
            row.tf_summary,
            row.note
        );
        if ok {
            passed += 1;
            if verbose {
                println!("ok   {line}");
            }
        } else {
            failed += 1;
            println!("MISS {line}");
        }
    }
    println!("error line matches terraform: {passed} passed, {failed} failed");
    println!(
        "error summary matches terraform: {same_summary} of {}",
        passed + failed
    );
    // Informational: the figure is reported, not required (see the misses).
    ExitCode::SUCCESS
}
