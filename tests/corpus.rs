//! Conformance runner over the real-world corpus (`HCL_CORPUS_DIR`, e.g.
//! `../shared/corpus`): Terraform 1.11's verdict per file in `EXPECT.tsv`.
//!
//! Prints one line per check and a closing `N passed, N failed`; exits
//! non-zero when a required figure is not met. Without `HCL_CORPUS_DIR` it
//! prints that it was skipped.

use std::collections::HashMap;
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
    let mut json_roundtrip = Tally::default();
    let mut json_typed = Tally::default();
    let mut json_value = Tally::default();
    let mut document = Tally::default();
    let mut document_edit = Tally::default();
    let mut streamed = Tally::default();
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
                check_document(&row.file, text, &mut document, &mut document_edit);
                check_streamed(&row.file, text, &preserve, &mut streamed);
                check_json_syntax(
                    &row.file,
                    text,
                    &preserve,
                    &mut json_roundtrip,
                    &mut json_typed,
                    &mut json_value,
                );
            }
        } else {
            error_files.record(parsed.is_err(), || format!("{}: accepted", row.file));
            if let Ok(text) = std::str::from_utf8(&bytes) {
                check_streamed(&row.file, text, &preserve, &mut streamed);
            }
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
    json_roundtrip.print("hcl json -> read as JSON syntax -> hcl json gives the same JSON");
    json_value.print("hcl::json::to_value equals hcl json's text read as JSON");
    document.print("edit::Document prints back byte for byte");
    streamed.print(
        "evaluate_body_str (streamed) gives parse + evaluate's value or error (ok and error files)",
    );
    document_edit.print(
        "edit::Document: an attribute set to a new value and back gives the file's content back",
    );
    // (Informational: kept templates holding a heredoc are written with
    // the heredoc as a quoted string, and a native file that gives two
    // blocks where the struct takes one is an error natively only.)
    json_typed.print(
        "a typed struct read from the native file and from its JSON is equal (informational)",
    );

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
        (&json_roundtrip, "every ok file's JSON syntax round-trips"),
        (
            &json_value,
            "to_value equals the JSON text on every ok file",
        ),
        (
            &document,
            "every ok file prints back from an edit::Document",
        ),
        (&document_edit, "every ok file's attribute edit is undone"),
        (&streamed, "streamed evaluation agrees on every file"),
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
        &json_roundtrip,
        &json_value,
        &document,
        &document_edit,
        &streamed,
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

/// `evaluate_body_str`, which parses and evaluates a chunk of top-level
/// items at a time, gives what parsing the file and evaluating its body
/// give: the same value, or the same error.
fn check_streamed(file: &str, text: &str, ctx: &hcl::eval::Context<'_>, tally: &mut Tally) {
    let whole = hcl::parse(text).and_then(|f| hcl::eval::evaluate_with_source(f.body(), text, ctx));
    let streamed = hcl::eval::evaluate_body_str(text, ctx);
    let same = match (&whole, &streamed) {
        (Ok(a), Ok(b)) => a == b,
        (Err(a), Err(b)) => a.to_string() == b.to_string(),
        _ => false,
    };
    tally.record(same, || format!("{file}: {whole:?} / {streamed:?}"));
}

/// The editable document: it prints the file back byte for byte; the
/// first attribute (at the top level, or in the first block that has one)
/// set to a new value reads back with it, and set back to its text gives
/// the file's content back (the same text once both are formatted: the
/// edited line may be laid out anew).
fn check_document(file: &str, text: &str, lossless: &mut Tally, edited: &mut Tally) {
    let Ok(mut doc) = hcl::edit::Document::parse(text) else {
        lossless.record(false, || format!("{file}: does not parse"));
        return;
    };
    lossless.record(doc.to_string() == text, || {
        format!("{file}: printed differently")
    });
    // The attribute: at the top level (`None`), or in the `nth` block of a
    // type.
    let first = doc
        .body()
        .attributes()
        .next()
        .map(|a| (None, a.name.name.to_owned()))
        .or_else(|| {
            let blocks: Vec<_> = doc.body().blocks().collect();
            blocks.iter().enumerate().find_map(|(i, b)| {
                let a = b.body.attributes().next()?;
                let ty = b.ident.name;
                let nth = blocks[..i].iter().filter(|o| o.ident.name == ty).count();
                Some((Some((ty.to_owned(), nth)), a.name.name.to_owned()))
            })
        });
    let Some((block, name)) = first else {
        return;
    };
    let result = (|| -> Result<bool, hcl::Error> {
        let mut body = doc.body_mut();
        let mut blocks;
        let mut block_body;
        let target = match &block {
            None => &mut body,
            Some((ty, nth)) => {
                blocks = body.blocks_mut(ty);
                for _ in 0..*nth {
                    blocks.next();
                }
                block_body = blocks.next().expect("the block is there");
                &mut block_body
            }
        };
        let mut attr = target.attribute_mut(&name).expect("the attribute is there");
        let original = attr.text().to_owned();
        attr.set("\"hcl2-edit\"")?;
        let changed = attr.text() == "\"hcl2-edit\"";
        attr.set(&original)?;
        Ok(changed)
    })();
    let formatted = |t: &str| {
        let f = hcl::parse(t).expect("an edited document parses");
        hcl::format::format_body_with_source(f.body(), t)
    };
    edited.record(
        matches!(result, Ok(true)) && formatted(doc.text()) == formatted(text),
        || format!("{file}: {result:?}"),
    );
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
    let fails = FAILS_TO_EVALUATE.iter().any(|f| file.ends_with(f));
    let res = hcl::eval::evaluate_body_str(text, ctx)
        .map_err(|e| e.to_string())
        .and_then(|v| serde_json::to_string(&v).map_err(|e| e.to_string()));
    json.record(res.is_ok() != fails, || match &res {
        Err(e) => format!("{file}: {e}"),
        Ok(_) => format!("{file}: evaluated, but it calls a function with bad values"),
    });
    let res = hcl::from_str::<hcl::Value>(text);
    de_value.record(res.is_ok() != fails, || match &res {
        Err(e) => format!("{file}: {e}"),
        Ok(_) => format!("{file}: evaluated, but it calls a function with bad values"),
    });
}

/// `ok` files (Terraform parses them) whose evaluation fails with known
/// values, which template-preserving mode reports: a test fixture of bad
/// timestamps for `timecmp`.
const FAILS_TO_EVALUATE: &[&str] =
    &["test__fixtures__timecmp-errors__invalid-timestamp__terragrunt.hcl"];

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

/// A Terraform-like schema, to compare what a file and its JSON give.
#[derive(serde::Deserialize, serde::Serialize, PartialEq, Debug)]
struct Tf {
    #[serde(default)]
    variable: HashMap<String, TfVariable>,
    #[serde(default)]
    output: HashMap<String, TfOutput>,
    #[serde(default)]
    resource: HashMap<String, HashMap<String, TfResource>>,
    #[serde(default)]
    module: HashMap<String, HashMap<String, hcl::Value>>,
    #[serde(default)]
    locals: Vec<HashMap<String, hcl::Value>>,
}

#[derive(serde::Deserialize, serde::Serialize, PartialEq, Debug)]
struct TfVariable {
    default: Option<hcl::Value>,
    description: Option<String>,
    sensitive: Option<bool>,
}

#[derive(serde::Deserialize, serde::Serialize, PartialEq, Debug)]
struct TfOutput {
    value: Option<hcl::Value>,
    description: Option<String>,
}

#[derive(serde::Deserialize, serde::Serialize, PartialEq, Debug)]
struct TfResource {
    count: Option<hcl::Value>,
    for_each: Option<hcl::Value>,
    tags: Option<hcl::Value>,
}

impl Tf {
    /// The same with every kept template (`"${merge(\n  a,\n  b\n)}"`)
    /// printed as the formatter prints it: a native file keeps its source
    /// layout, `hcl json` writes one line, and both mean the same.
    fn normalized(&self) -> Tf {
        fn v(x: &hcl::Value) -> hcl::Value {
            match x {
                hcl::Value::String(s) if s.contains("${") || s.contains("%{") => {
                    match hcl::parser::parse_template(s) {
                        Ok(t) => hcl::Value::from(hcl::format::format_template(t.template())),
                        Err(_) => x.clone(),
                    }
                }
                hcl::Value::Array(a) => hcl::Value::Array(a.iter().map(v).collect()),
                hcl::Value::Object(o) => {
                    hcl::Value::Object(o.iter().map(|(k, x)| (k.clone(), v(x))).collect())
                }
                other => other.clone(),
            }
        }
        let ov = |o: &Option<hcl::Value>| o.as_ref().map(v);
        // Arguments Terraform reads as references are written so in JSON
        // (`"depends_on": ["aws_s3_bucket.b"]`), kept as templates natively.
        let map = |m: &HashMap<String, hcl::Value>| -> HashMap<String, hcl::Value> {
            m.iter()
                .filter(|(k, _)| !matches!(k.as_str(), "depends_on" | "providers" | "provider"))
                .map(|(k, x)| (k.clone(), v(x)))
                .collect()
        };
        Tf {
            variable: self
                .variable
                .iter()
                .map(|(k, x)| {
                    (
                        k.clone(),
                        TfVariable {
                            default: ov(&x.default),
                            description: x.description.clone(),
                            sensitive: x.sensitive,
                        },
                    )
                })
                .collect(),
            output: self
                .output
                .iter()
                .map(|(k, x)| {
                    (
                        k.clone(),
                        TfOutput {
                            value: ov(&x.value),
                            description: x.description.clone(),
                        },
                    )
                })
                .collect(),
            resource: self
                .resource
                .iter()
                .map(|(t, rs)| {
                    (
                        t.clone(),
                        rs.iter()
                            .map(|(n, r)| {
                                (
                                    n.clone(),
                                    TfResource {
                                        count: ov(&r.count),
                                        for_each: ov(&r.for_each),
                                        tags: ov(&r.tags),
                                    },
                                )
                            })
                            .collect(),
                    )
                })
                .collect(),
            module: self
                .module
                .iter()
                .map(|(k, m)| (k.clone(), map(m)))
                .collect(),
            locals: self.locals.iter().map(map).collect(),
        }
    }
}

/// `hcl json`'s output read back as HCL's JSON syntax writes the same
/// JSON again, and a typed struct reads the same from both.
fn check_json_syntax(
    file: &str,
    text: &str,
    ctx: &hcl::eval::Context<'_>,
    round: &mut Tally,
    typed: &mut Tally,
    as_value: &mut Tally,
) {
    let options = hcl::json::WriteOptions::new();
    let Ok(native) = hcl::parse(text) else {
        return;
    };
    if FAILS_TO_EVALUATE.iter().any(|f| file.ends_with(f)) {
        return;
    }
    let ctx = ctx.child().with_source(text);
    let first = match hcl::json::to_string(native.body(), text, &ctx, &options) {
        Ok(j) => j,
        Err(e) => {
            round.record(false, || format!("{file}: hcl json: {e}"));
            return;
        }
    };
    let value = hcl::json::to_value(native.body(), text, &ctx, &options);
    let read = hcl::json::value_from_str(&first);
    as_value.record(matches!((&value, &read), (Ok(a), Ok(b)) if a == b), || {
        format!("{file}: to_value {value:?}\n  text {read:?}")
    });
    let res = hcl::json::parse(&first)
        .map_err(|e| e.to_string())
        .and_then(|j| {
            let ctx = ctx.child().with_source(&first);
            let again = hcl::json::to_string(j.body(), &first, &ctx, &options)
                .map_err(|e| e.to_string())?;
            if again == first {
                Ok(())
            } else {
                Err(format!("differs:\n  {first}\n  {again}"))
            }
        });
    round.record(res.is_ok(), || {
        format!("{file}: {}", res.as_ref().err().unwrap())
    });
    let from_native = hcl::from_str::<Tf>(text).map_err(|e| e.to_string());
    let from_json = hcl::from_json_str::<Tf>(&first).map_err(|e| e.to_string());
    let same = match (&from_native, &from_json) {
        (Ok(a), Ok(b)) => a.normalized() == b.normalized(),
        (Err(_), Err(_)) => true,
        _ => false,
    };
    typed.record(same, || match (&from_native, &from_json) {
        (Ok(a), Ok(b)) => {
            let (a, b) = (
                serde_json::to_value(a.normalized()).unwrap(),
                serde_json::to_value(b.normalized()).unwrap(),
            );
            let d = first_difference(&a, &b, String::new());
            format!("{file}: {}", d.chars().take(300).collect::<String>())
        }
        _ => format!("{file}: native {from_native:?}\n  json {from_json:?}"),
    });
}

/// Where two JSON values first differ, for messages.
fn first_difference(a: &serde_json::Value, b: &serde_json::Value, at: String) -> String {
    use serde_json::Value as J;
    match (a, b) {
        (J::Object(x), J::Object(y)) => {
            for (k, v) in x {
                match y.get(k) {
                    Some(w) if v == w => {}
                    Some(w) => return first_difference(v, w, format!("{at}.{k}")),
                    None => return format!("{at}.{k}: only in the native file's"),
                }
            }
            match y.keys().find(|k| !x.contains_key(*k)) {
                Some(k) => format!("{at}.{k}: only in the JSON's"),
                None => format!("{at}: ?"),
            }
        }
        (J::Array(x), J::Array(y)) if x.len() == y.len() => {
            for (i, (v, w)) in x.iter().zip(y).enumerate() {
                if v != w {
                    return first_difference(v, w, format!("{at}[{i}]"));
                }
            }
            format!("{at}: ?")
        }
        _ => format!("{at}: native {a}, JSON {b}"),
    }
}

/// The line number in an error's `Display` ("... at line L, column C").
fn first_line_number(msg: &str) -> Option<usize> {
    let at = msg.find(" at line ")?;
    let rest = &msg[at + " at line ".len()..];
    let end = rest.find(|c: char| !c.is_ascii_digit())?;
    rest[..end].parse().ok()
}
