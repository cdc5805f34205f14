//! What the oracle runners share: where the oracle is, reading a set, and
//! printing the findings besides the figures.
// (Each runner uses what it needs of this module.)
#![allow(dead_code)]

/// The oracle directory (`$HCL_ORACLE_DIR`) and whether `-v` was given;
/// `None` (after printing that `runner` is skipped) when it is not set.
pub fn oracle_dir(runner: &str) -> Option<(String, bool)> {
    let Ok(dir) = std::env::var("HCL_ORACLE_DIR") else {
        println!("{runner}: skipped (set HCL_ORACLE_DIR to run)");
        return None;
    };
    let verbose = std::env::args().any(|a| a == "-v" || a == "--verbose");
    Some((dir, verbose))
}

/// The text of the oracle's `dev/SET`.
pub fn read_set(dir: &str, set: &str) -> String {
    let path = std::path::Path::new(dir).join("dev").join(set);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// Lists an error case whose message does not contain the reference's
/// summary (in any case): errors pass whatever they say, the differences
/// are shown with `-v`.
pub fn note_summary(diffs: &mut Vec<String>, id: &str, summary: &str, ours: &str) {
    if !ours.to_lowercase().contains(&summary.to_lowercase()) {
        diffs.push(format!("{id}: reference: {summary}\n    ours: {ours}"));
    }
}

/// The failures (the first 60, or all with `-v`) and, with `-v`, the error
/// cases whose message differs from the reference's.
pub fn print_findings(failures: &[String], message_diffs: &[String], verbose: bool) {
    for f in failures.iter().take(if verbose { usize::MAX } else { 60 }) {
        println!("FAIL {f}");
    }
    if verbose {
        for d in message_diffs {
            println!("MESSAGE {d}");
        }
    }
}
