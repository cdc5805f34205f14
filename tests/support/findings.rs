//! What an oracle runner prints besides its figures: the failures (the
//! first 60, or all with `-v`) and, with `-v`, the error cases whose
//! message differs from the reference's.

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
