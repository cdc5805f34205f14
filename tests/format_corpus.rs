//! Conformance: every `ok` corpus file parses, prints, and parses back to
//! the same tree (spans aside), and printing is a fixed point. Printed with
//! its source, no comment is lost: every whole-line `#`/`//` comment of the
//! source, and the text after ` #`/` //` on other lines, is in the output.
//!
//! Needs `HCL_CORPUS_DIR` (e.g. /work/shared/corpus); skipped without it.

#[test]
fn corpus_round_trip() {
    let Ok(dir) = std::env::var("HCL_CORPUS_DIR") else {
        eprintln!("HCL_CORPUS_DIR not set: corpus round trip skipped");
        return;
    };
    let tsv = std::fs::read_to_string(format!("{dir}/EXPECT.tsv")).expect("EXPECT.tsv");
    let (mut files, mut failures) = (0usize, Vec::new());
    let mut comments = 0usize;
    for line in tsv.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        if cols.get(1) != Some(&"ok") {
            continue;
        }
        files += 1;
        let Ok(src) = std::fs::read_to_string(format!("{dir}/{}", cols[0])) else {
            failures.push(format!("{}: unreadable", cols[0]));
            continue;
        };
        let Ok(file) = hcl::parse(&src) else {
            // Parse failures are the parser's conformance test's business.
            continue;
        };
        let body = file.body();
        // With the source (comments and blank lines kept) the tree must
        // come back the same as well.
        let with_src = hcl::format::format_body_with_source(body, &src);
        for l in src.lines() {
            let t = l.trim();
            let comment = if t.starts_with('#') || t.starts_with("//") {
                Some(t)
            } else {
                // Text after ` #` may be inside a string: then it is in the
                // output as well.
                t.find(" #")
                    .or_else(|| t.find(" //"))
                    .map(|i| t[i + 1..].trim())
            };
            if let Some(c) = comment {
                comments += 1;
                if !with_src.contains(c) {
                    failures.push(format!("{}: comment lost: {c}", cols[0]));
                }
            }
        }
        match hcl::parse(&with_src) {
            Err(e) => failures.push(format!(
                "{}: printed text (with source) does not parse: {e}",
                cols[0]
            )),
            Ok(again) => {
                if !hcl::format::eq_ignoring_spans(body, again.body()) {
                    failures.push(format!("{}: tree changed (with source)", cols[0]));
                } else if hcl::format::format_body_with_source(again.body(), &with_src) != with_src
                {
                    failures.push(format!(
                        "{}: printing with source is not a fixed point",
                        cols[0]
                    ));
                }
            }
        };
        let out = body.to_string();
        match hcl::parse(&out) {
            Err(e) => failures.push(format!("{}: printed text does not parse: {e}", cols[0])),
            Ok(again) => {
                if !hcl::format::eq_ignoring_spans(body, again.body()) {
                    failures.push(format!("{}: tree changed", cols[0]));
                } else if again.to_string() != out {
                    failures.push(format!("{}: printing is not a fixed point", cols[0]));
                }
            }
        };
    }
    eprintln!(
        "{files} files, {comments} comment lines kept, {} failures",
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
