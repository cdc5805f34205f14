//! Conformance runner over the real-world corpus (`HCL_CORPUS_DIR`, e.g.
//! `../shared/corpus`): Terraform 1.11's verdict per file in `EXPECT.tsv`.
//!
//! Prints one line per check and a closing `N passed, N failed`; exits
//! non-zero when a required figure is not met. Without `HCL_CORPUS_DIR` it
//! prints that it was skipped.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

struct Row {
    file: String,
    ok: bool,
    tf_error_line: Option<usize>,
}

fn read_expect(dir: &Path) -> Vec<Row> {
    let tsv = std::fs::read_to_string(dir.join("EXPECT.tsv")).expect("EXPECT.tsv readable");
    tsv.lines()
        .skip(1)
        .filter(|l| !l.is_empty())
        .map(|l| {
            let cols: Vec<&str> = l.split('\t').collect();
            Row {
                file: cols[0].to_owned(),
                ok: cols[1] == "ok",
                tf_error_line: cols.get(2).and_then(|s| s.parse().ok()),
            }
        })
        .collect()
}

/// Tallies of one check.
#[derive(Default)]
struct Tally {
    passed: usize,
    failed: usize,
    failures: Vec<String>,
}

impl Tally {
    fn record(&mut self, pass: bool, what: impl FnOnce() -> String) {
        if pass {
            self.passed += 1;
        } else {
            self.failed += 1;
            if self.failures.len() < 20 {
                self.failures.push(what());
            }
        }
    }

    fn print(&self, name: &str) {
        println!("{name}: {} passed, {} failed", self.passed, self.failed);
        for f in &self.failures {
            println!("    {f}");
        }
    }
}

fn parse_bytes(bytes: &[u8]) -> Result<(), String> {
    hcl::parser::parse_bytes(bytes)
        .map(drop)
        .map_err(|e| e.to_string())
}

/// Every file under `templates/` (except the manifest) parses as a standalone template.
fn check_templates(dir: &Path) -> Tally {
    let mut tally = Tally::default();
    let mut stack = vec![dir.join("templates")];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.file_name().is_some_and(|n| n != "MANIFEST.tsv") {
                let text = std::fs::read_to_string(&path).expect("template readable");
                let res = hcl::parser::parse_template(&text);
                tally.record(res.is_ok(), || {
                    format!("{}: {}", path.display(), res.as_ref().err().unwrap())
                });
            }
        }
    }
    tally
}

fn main() -> ExitCode {
    let Some(dir) = std::env::var_os("HCL_CORPUS_DIR").map(PathBuf::from) else {
        println!("corpus: skipped (set HCL_CORPUS_DIR to the shared corpus directory)");
        return ExitCode::SUCCESS;
    };
    let rows = read_expect(&dir);
    let mut ok_files = Tally::default();
    let mut error_files = Tally::default();
    let mut error_lines = Tally::default();
    let mut json = Tally::default();
    let mut de_value = Tally::default();
    let mut tree_roundtrip = Tally::default();
    let mut value_roundtrip = Tally::default();
    let preserve = hcl::eval::Context::new().with_mode(hcl::eval::EvalMode::PreserveTemplates);
    for row in &rows {
        let bytes = std::fs::read(dir.join(&row.file)).expect("corpus file readable");
        let parsed = parse_bytes(&bytes);
        if row.ok {
            ok_files.record(parsed.is_ok(), || {
                format!("{}: {}", row.file, parsed.as_ref().err().unwrap())
            });
            if let Ok(text) = std::str::from_utf8(&bytes) {
                check_ok_file(&row.file, text, &preserve, &mut json, &mut de_value);
                check_roundtrips(&row.file, text, &mut tree_roundtrip, &mut value_roundtrip);
            }
        } else {
            error_files.record(parsed.is_err(), || format!("{}: accepted", row.file));
            if let (Err(msg), Some(tf_line)) = (&parsed, row.tf_error_line) {
                let ours = first_line_number(msg);
                error_lines.record(ours == Some(tf_line), || {
                    format!("{}: ours {ours:?}, terraform {tf_line}", row.file)
                });
            }
        }
    }
    ok_files.print("parse ok files");
    error_files.print("reject error files");
    error_lines.print("error line matches terraform (informational)");
    let templates = check_templates(&dir);
    templates.print("templates parse");
    json.print("hcl json (template-preserving evaluation to JSON) on ok files");
    de_value.print("hcl::from_str::<Value> on ok files");
    tree_roundtrip.print("parse -> to_string -> parse gives an equal tree");
    value_roundtrip
        .print("from_str::<Value> -> to_string -> from_str::<Value> gives an equal value");

    let mut required_ok = true;
    let ok_total = ok_files.passed + ok_files.failed;
    if ok_files.failed > 0 {
        println!("REQUIRED: all {ok_total} ok files parse");
        required_ok = false;
    }
    if error_files.passed < 78 {
        println!("REQUIRED: at least 78 error files rejected");
        required_ok = false;
    }
    if templates.failed > 0 || templates.passed != 26 {
        println!("REQUIRED: all 26 templates parse");
        required_ok = false;
    }
    for (tally, what) in [
        (&json, "hcl json succeeds on every ok file"),
        (&de_value, "from_str::<Value> succeeds on every ok file"),
        (&tree_roundtrip, "every ok file's tree round-trips"),
        (&value_roundtrip, "every ok file's value round-trips"),
    ] {
        if tally.failed > 0 {
            println!("REQUIRED: {what}");
            required_ok = false;
        }
    }
    let all = [
        &ok_files,
        &error_files,
        &templates,
        &json,
        &de_value,
        &tree_roundtrip,
        &value_roundtrip,
    ];
    let passed: usize = all.iter().map(|t| t.passed).sum();
    let failed: usize = all.iter().map(|t| t.failed).sum();
    println!("{passed} passed, {failed} failed");
    if required_ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// `hcl json` (template-preserving evaluation, printed as JSON) and
/// `hcl::from_str::<Value>` both succeed.
fn check_ok_file(
    file: &str,
    text: &str,
    ctx: &hcl::eval::Context<'_>,
    json: &mut Tally,
    de_value: &mut Tally,
) {
    let res = hcl::eval::evaluate_body_str(text, ctx)
        .map_err(|e| e.to_string())
        .and_then(|v| serde_json::to_string(&v).map_err(|e| e.to_string()));
    json.record(res.is_ok(), || {
        format!("{file}: {}", res.as_ref().err().unwrap())
    });
    let res = hcl::from_str::<hcl::Value>(text);
    de_value.record(res.is_ok(), || {
        format!("{file}: {}", res.as_ref().err().unwrap())
    });
}

/// Syntax tree and value round trips through `hcl::to_string`.
fn check_roundtrips(file: &str, text: &str, trees: &mut Tally, values: &mut Tally) {
    if let Ok(file) = hcl::parse(text) {
        let body = file.body();
        let printed = hcl::to_string(body);
        let res = match &printed {
            Ok(out) => match hcl::parse(out) {
                Ok(again) if hcl::format::eq_ignoring_spans(body, again.body()) => Ok(()),
                Ok(_) => Err("trees differ".to_owned()),
                Err(e) => Err(format!("output does not parse: {e}")),
            },
            Err(e) => Err(format!("to_string failed: {e}")),
        };
        trees.record(res.is_ok(), || {
            format!("{file}: {}", res.as_ref().err().unwrap())
        });
    }
    if let Ok(value) = hcl::from_str::<hcl::Value>(text) {
        let res = match hcl::to_string(&value) {
            Ok(out) => match hcl::from_str::<hcl::Value>(&out) {
                Ok(again) if again == value => Ok(()),
                Ok(_) => Err("values differ".to_owned()),
                Err(e) => Err(format!("output does not load: {e}")),
            },
            Err(e) => Err(format!("to_string failed: {e}")),
        };
        values.record(res.is_ok(), || {
            format!("{file}: {}", res.as_ref().err().unwrap())
        });
    }
}

/// The line number in an error's `Display` ("... at line L, column C").
fn first_line_number(msg: &str) -> Option<usize> {
    let at = msg.find(" at line ")?;
    let rest = &msg[at + " at line ".len()..];
    let end = rest.find(|c: char| !c.is_ascii_digit())?;
    rest[..end].parse().ok()
}
