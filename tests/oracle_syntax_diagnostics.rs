//! Syntax diagnostics oracle runner: parses each file of
//! `$HCL_ORACLE_DIR/dev/diagnostics.json` (real files with 2–3 broken
//! top-level blocks, see the oracle's `DIAGNOSTICS-README.md`) and checks
//! that the parser reports a diagnostic on every broken line, none inside a
//! clean block, none on another line of a broken block, and no more on a
//! broken line than Terraform 1.11.4 reports there; and that the partial
//! tree (`hcl::parser::parse_partial`) holds every clean block, its text
//! unchanged, at its line.
//!
//! `HCL_ORACLE_DIR=/work/shared/oracle cargo test --test oracle_syntax_diagnostics`
//! (`-- -v` lists every difference). Required: every file.

#[path = "support/json.rs"]
mod json;
#[path = "support/runner.rs"]
mod runner;

use json::{read_json, Json};

fn num(j: Option<&Json>) -> usize {
    match j {
        Some(Json::Num(n)) => n.parse::<f64>().unwrap_or(0.0) as usize,
        _ => 0,
    }
}

fn main() {
    let Some((dir, verbose)) = runner::oracle_dir("oracle_syntax_diagnostics") else {
        return;
    };
    let text = runner::read_set(&dir, "diagnostics.json");
    let Json::Arr(cases) = read_json(&text) else {
        panic!("diagnostics.json is not an array")
    };
    let (mut passed, mut failed) = (0, 0);
    let (mut broken_total, mut broken_found, mut terraform_found) = (0, 0, 0);
    let mut same_summary = 0;
    // Lines with a diagnostic of both, and those where ours has the summary
    // of Terraform's first diagnostic there.
    let (mut shared_lines, mut same_first) = (0, 0);
    let mut summary_misses: Vec<String> = Vec::new();
    let mut failures = Vec::new();
    for case in &cases {
        let Json::Obj(c) = case else { continue };
        let id = match c.get("id") {
            Some(Json::Str(s)) => s.clone(),
            _ => String::new(),
        };
        let Some(Json::Str(src)) = c.get("text") else {
            continue;
        };
        // Our diagnostics: (line, summary).
        let ours: Vec<(usize, String)> = match hcl::parse(src) {
            Ok(_) => Vec::new(),
            Err(e) => e
                .diagnostics()
                .filter_map(|d| Some((d.range?.start.line, d.summary)))
                .collect(),
        };
        let lines: Vec<usize> = ours.iter().map(|(l, _)| *l).collect();
        let count = |l: usize| lines.iter().filter(|x| **x == l).count();
        let mut problems = Vec::new();
        if let Some(Json::Arr(broken)) = c.get("broken") {
            for b in broken {
                let Json::Obj(b) = b else { continue };
                let line = num(b.get("line"));
                broken_total += 1;
                if count(line) > 0 {
                    broken_found += 1;
                } else {
                    problems.push(format!("nothing on broken line {line}"));
                }
                if let Some(Json::Arr(block)) = b.get("block") {
                    let (first, last) = (num(block.first()), num(block.get(1)));
                    for l in &lines {
                        if (first..=last).contains(l) && *l != line {
                            problems.push(format!("line {l} of a broken block ({first}-{last})"));
                        }
                    }
                }
            }
        }
        if let Some(Json::Arr(clean)) = c.get("clean_blocks") {
            for block in clean {
                let Json::Arr(r) = block else { continue };
                let (first, last) = (num(r.first()), num(r.get(1)));
                for l in &lines {
                    if (first..=last).contains(l) {
                        problems.push(format!("line {l} inside clean block {first}-{last}"));
                    }
                }
            }
        }
        if let Some(Json::Arr(tf)) = c.get("terraform") {
            let tf_diags: Vec<(usize, &str)> = tf
                .iter()
                .filter_map(|d| match d {
                    Json::Obj(o) => Some((
                        num(o.get("line")),
                        match o.get("summary") {
                            Some(Json::Str(s)) => s.as_str(),
                            _ => "",
                        },
                    )),
                    _ => None,
                })
                .collect();
            let tf_lines: Vec<usize> = tf_diags.iter().map(|(l, _)| *l).collect();
            for (l, summary) in &tf_diags {
                if count(*l) > 0 {
                    terraform_found += 1;
                    if ours.iter().any(|(ol, s)| ol == l && s == summary) {
                        same_summary += 1;
                    } else {
                        let mine: Vec<&str> = ours
                            .iter()
                            .filter(|(ol, _)| ol == l)
                            .map(|(_, s)| s.as_str())
                            .collect();
                        summary_misses.push(format!(
                            "{id} line {l}: Terraform {summary:?}, hcl2 {mine:?}"
                        ));
                    }
                }
            }
            let mut tf_seen: Vec<usize> = Vec::new();
            for (l, summary) in &tf_diags {
                if count(*l) == 0 || tf_seen.contains(l) {
                    continue;
                }
                tf_seen.push(*l);
                shared_lines += 1;
                if ours.iter().any(|(ol, s)| ol == l && s == summary) {
                    same_first += 1;
                }
            }
            let mut seen = lines.clone();
            seen.dedup();
            for l in seen {
                let tf_count = tf_lines.iter().filter(|x| **x == l).count();
                if count(l) > tf_count.max(1) {
                    problems.push(format!("{} diagnostics on line {l}", count(l)));
                }
            }
        }
        // The partial tree: every clean block, as written, at its place.
        let (partial, _) = hcl::parser::parse_partial(src);
        let partial_lines: Vec<&str> = partial.source().lines().collect();
        let original_lines: Vec<&str> = src.lines().collect();
        let block_lines: Vec<usize> = partial
            .body()
            .blocks()
            .map(|b| src[..b.span().start()].matches('\n').count() + 1)
            .collect();
        if let Some(Json::Arr(clean)) = c.get("clean_blocks") {
            for block in clean {
                let Json::Arr(r) = block else { continue };
                let (first, last) = (num(r.first()), num(r.get(1)));
                if partial_lines.get(first - 1..last) != original_lines.get(first - 1..last) {
                    problems.push(format!(
                        "clean block {first}-{last} changed in the partial tree"
                    ));
                }
                if !block_lines.contains(&first) {
                    problems.push(format!(
                        "clean block {first}-{last} not in the partial tree"
                    ));
                }
            }
        }
        if problems.is_empty() {
            passed += 1;
        } else {
            failed += 1;
            failures.push(format!(
                "{id}: {} (hcl2: lines {lines:?})",
                problems.join("; ")
            ));
        }
    }
    for f in failures.iter().take(if verbose { usize::MAX } else { 20 }) {
        println!("FAIL {f}");
    }
    if verbose {
        for m in &summary_misses {
            println!("SUMMARY {m}");
        }
    }
    println!(
        "oracle_syntax_diagnostics diagnostics.json: {passed} passed, {failed} failed; broken lines reported {broken_found} of {broken_total} ({terraform_found} of Terraform's diagnostics on lines reported here, {same_summary} of them with our summary; Terraform's first summary on {same_first} of those {shared_lines} lines)"
    );
    if failed > 0 {
        std::process::exit(1);
    }
}
