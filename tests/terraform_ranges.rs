//! Where Terraform reports an evaluation error: every case of the regression
//! net that Terraform answers with an error while evaluating (9,126), each
//! written as a file of its own (`locals { x<N> = <the expression> }`), with
//! every diagnostic `terraform validate -json` gives for it
//! (`tests/fixtures/terraform_ranges/ranges.jsonl.gz`; see `answer.py`
//! there). hcl2 checks each file as `hcl check --module` does (a validate
//! walk) and is compared in two ways:
//!
//! - summaries: the same summaries, as many times each;
//! - ranges: the same diagnostics, each its summary and its range (start
//!   and end: line, column and byte).
//!
//! Details are not compared (their wording is noted, not chased). The
//! runner fails when a count falls below `baseline.txt`, or when a case
//! that agrees there (is not in `disagreements.txt`) no longer does;
//! `TERRAFORM_RANGES_WRITE=1` rewrites both files from this run, and `-v`
//! prints every disagreement.
//!
//! `cargo test --all-features --test terraform_ranges`

// Without every function family the cases are skipped, and the rest unused.
#![cfg_attr(not(feature = "functions"), allow(dead_code, unused_imports))]

#[path = "support/baseline.rs"]
mod baseline;

use std::collections::BTreeSet;
use std::fmt::Write as _;

use baseline::Baseline;
use serde::Deserialize;

const BASELINE: Baseline<'static> = Baseline {
    dir: concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/terraform_ranges"
    ),
    name: "terraform ranges",
    write: "TERRAFORM_RANGES_WRITE",
};

/// A case: its file and what Terraform reports for it.
#[derive(Deserialize)]
struct Case {
    id: String,
    text: String,
    diagnostics: Vec<Reported>,
}

/// One diagnostic as `terraform validate -json` gives it; `start` and
/// `end` as `[line, column, byte]`.
#[derive(Deserialize, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Reported {
    summary: String,
    detail: String,
    start: [usize; 3],
    end: [usize; 3],
}

#[cfg(not(feature = "functions"))]
fn main() {
    println!("terraform ranges: skipped (they need every function family: --all-features)");
}

#[cfg(feature = "functions")]
fn main() {
    let verbose = std::env::args().any(|a| a == "-v" || a == "--verbose");
    let (mut cases, mut summaries, mut ranges) = (0, 0, 0);
    let mut disagreeing = BTreeSet::new();
    let mut listing = String::new();
    for line in BASELINE
        .read_gz("ranges.jsonl.gz")
        .lines()
        .filter(|l| !l.is_empty())
    {
        let case: Case = serde_json::from_str(line).expect("a case");
        let ours = ours(&case.text);
        cases += 1;
        let key = |d: &Reported| (d.summary.clone(), d.start, d.end);
        let theirs: Vec<_> = sorted(case.diagnostics.iter().map(key));
        let mine: Vec<_> = sorted(ours.iter().map(key));
        let same_summaries =
            sorted(theirs.iter().map(|d| &d.0)) == sorted(mine.iter().map(|d| &d.0));
        summaries += usize::from(same_summaries);
        if theirs == mine {
            ranges += 1;
            continue;
        }
        disagreeing.insert(case.id.clone());
        let _ = writeln!(listing, "== {}\n{}", case.id, case.text.trim_end());
        for (who, ds) in [("terraform", &case.diagnostics), ("hcl2", &ours)] {
            for d in ds {
                let _ = writeln!(
                    listing,
                    "{who:>9}: {}:{}-{}:{} {}: {}",
                    d.start[0],
                    d.start[1],
                    d.end[0],
                    d.end[1],
                    d.summary,
                    d.detail.replace('\n', " ")
                );
            }
        }
    }
    let counts = [("summaries", summaries), ("ranges", ranges)];
    let failed = BASELINE.hold(&counts, &disagreeing, &listing, verbose);
    println!(
        "terraform ranges: {cases} cases; summaries {summaries}/{cases}, ranges {ranges}/{cases}"
    );
    if failed {
        std::process::exit(1);
    }
}

fn sorted<T: Ord>(items: impl IntoIterator<Item = T>) -> Vec<T> {
    let mut v: Vec<T> = items.into_iter().collect();
    v.sort();
    v
}

/// hcl2's errors for the file `text`, as `hcl check --module` finds them:
/// the module's checks, then a validate walk.
fn ours(text: &str) -> Vec<Reported> {
    use hcl::config::{Files, Mode, PlanOptions};
    let outcome = Files::parse([("main.tf", text)]).and_then(|files| {
        files.check_module()?;
        files
            .plan(&PlanOptions::new().mode(Mode::Validate))
            .map(drop)
    });
    let Err(e) = outcome else { return Vec::new() };
    e.diagnostics()
        .filter(|d| d.severity == hcl::Severity::Error)
        .map(|d| {
            let point = |l: hcl::error::Location| [l.line, l.column, l.offset];
            let (start, end) = d
                .range
                .map_or(([0; 3], [0; 3]), |r| (point(r.start), point(r.end)));
            Reported {
                summary: d.summary,
                detail: d.detail,
                start,
                end,
            }
        })
        .collect()
}
