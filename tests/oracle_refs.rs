//! Reference oracle runner: `$HCL_ORACLE_DIR/dev/go_variables.json`, the
//! references Go's `hclsyntax` (hcl v2.14.1) reports for expressions
//! (`Expression.Variables()`) and for every attribute of a file (see the
//! oracle's `GO-README.md`, section "variables").
//!
//! Mode `expr`: [`hcl::parser::parse_expression`], then
//! [`hcl::analysis::references`]; mode `file`: [`hcl::parse`], then
//! [`hcl::analysis::body_references`]. A success case passes when every
//! reference has Go's root, steps, start and end (line, column counted in
//! grapheme clusters, byte) and, in a file, attribute path, in Go's
//! order; an error case passes when we report an error.
//!
//! Cases with a `note` are where hcl v2.14.1 differs from Terraform 1.11
//! (namespaced function calls, which Terraform accepts): they are counted
//! apart and do not fail the run; `tests/eval/refs_expressions.rs` asserts
//! what Terraform does for them.
//!
//! `HCL_ORACLE_DIR=/work/shared/oracle cargo test --test oracle_refs`
//! (`-- -v` lists every failure and every note case).

#[path = "support/json.rs"]
mod json;
#[path = "support/runner.rs"]
mod runner;

use hcl::analysis::{body_references, references, Reference, Step};
use hcl::error::Location;
use hcl::Value;
use json::{read_json, Json};

fn main() {
    let Some((dir, verbose)) = runner::oracle_dir("oracle_refs") else {
        return;
    };
    let text = runner::read_set(&dir, "go_variables.json");
    let Json::Arr(cases) = read_json(&text) else {
        panic!("go_variables.json is not an array")
    };
    let (mut passed, mut failed) = (0, 0);
    let (mut noted_same, mut noted_differ) = (0, 0);
    let mut failures = Vec::new();
    let mut notes = Vec::new();
    for case in &cases {
        let Json::Obj(c) = case else { continue };
        let field = |k: &str| match c.get(k) {
            Some(Json::Str(s)) => s.as_str(),
            _ => "",
        };
        let (id, input) = (field("id"), field("input"));
        // The tree the references borrow.
        let (parsed_expr, parsed_file);
        let got: Result<Found<'_>, String> = match field("mode") {
            "expr" => match hcl::parser::parse_expression(input) {
                Ok(p) => {
                    parsed_expr = p;
                    Ok(references(parsed_expr.expr())
                        .into_iter()
                        .map(|r| (None, r))
                        .collect())
                }
                Err(e) => Err(e.to_string()),
            },
            "file" => match hcl::parse(input) {
                Ok(f) => {
                    parsed_file = f;
                    Ok(body_references(parsed_file.body())
                        .into_iter()
                        .map(|r| (Some(r.attr_path.join(".")), r.reference))
                        .collect())
                }
                Err(e) => Err(e.to_string()),
            },
            other => Err(format!("unknown mode {other:?}")),
        };
        let ok = match (&got, &c["expect"]) {
            (Err(_), Json::Obj(e)) => e.contains_key("error"),
            (Ok(refs), Json::Arr(expect)) => {
                refs.len() == expect.len()
                    && refs
                        .iter()
                        .zip(expect)
                        .all(|((path, r), e)| same(input, path.as_deref(), r, e))
            }
            _ => false,
        };
        let shown = || {
            format!(
                "{id}: {input:?}\n    expected: {}\n    got:      {}",
                show_expect(&c["expect"]),
                match &got {
                    Ok(refs) => show_refs(input, refs),
                    Err(e) => format!("error: {}", e.replace('\n', "\n              ")),
                }
            )
        };
        if c.contains_key("note") {
            if ok {
                noted_same += 1;
            } else {
                noted_differ += 1;
            }
            notes.push(format!("{}\n    note: {}", shown(), field("note")));
        } else if ok {
            passed += 1;
        } else {
            failed += 1;
            failures.push(shown());
        }
    }
    for f in failures.iter().take(if verbose { usize::MAX } else { 40 }) {
        println!("FAIL {f}");
    }
    if verbose {
        for n in &notes {
            println!("NOTE {n}");
        }
    }
    println!(
        "oracle_refs: {passed} passed, {failed} failed; {} cases with a note (hcl v2.14.1 differs from Terraform): {noted_same} agree with v2.14.1, {noted_differ} differ",
        notes.len()
    );
    if failed > 0 {
        std::process::exit(1);
    }
}

/// The references found, each with its attribute path joined with `.`
/// (file mode), or the parse error.
type Found<'a> = Vec<(Option<String>, Reference<'a>)>;

/// Whether reference `r` (at `path`) is Go's `e`.
fn same(input: &str, path: Option<&str>, r: &Reference<'_>, e: &Json) -> bool {
    let Json::Obj(e) = e else { return false };
    let str_field = |k: &str| match e.get(k) {
        Some(Json::Str(s)) => Some(s.as_str()),
        _ => None,
    };
    let Some(Json::Arr(steps)) = e.get("steps") else {
        return false;
    };
    str_field("attr_path") == path
        && str_field("root") == Some(r.root)
        && steps.len() == r.steps.len()
        && steps.iter().zip(&r.steps).all(|(e, s)| same_step(e, s))
        && e.get("start") == Some(&position(input, r.span.start()))
        && e.get("end") == Some(&position(input, r.span.end()))
}

fn same_step(e: &Json, s: &Step<'_>) -> bool {
    let Json::Obj(e) = e else { return false };
    match (e.get("attr"), e.get("index"), s) {
        (Some(Json::Str(a)), None, Step::Attr(b)) => a == b,
        (None, Some(k), Step::Index(v)) => key_value(k).as_ref() == Some(v),
        _ => false,
    }
}

/// An index key from the oracle as a value: a number is read as an HCL
/// number literal (the oracle writes every digit), so that `1.5` and
/// `1.50` are the same key.
fn key_value(k: &Json) -> Option<Value> {
    Some(match k {
        Json::Null => Value::Null,
        Json::Bool(b) => Value::Bool(*b),
        Json::Str(s) => Value::from(s.as_str()),
        Json::Num(n) => hcl::eval::evaluate_str(n, &hcl::eval::Context::new()).ok()?,
        _ => return None,
    })
}

/// A position as the oracle writes it.
fn position(input: &str, offset: usize) -> Json {
    let loc = Location::of(input, offset);
    let num = |n: usize| Json::Num(n.to_string());
    Json::Obj(
        [
            ("line".to_owned(), num(loc.line)),
            ("column".to_owned(), num(loc.column)),
            ("byte".to_owned(), num(loc.offset)),
        ]
        .into_iter()
        .collect(),
    )
}

fn show_pos(p: Option<&Json>) -> String {
    let Some(Json::Obj(p)) = p else {
        return "?".into();
    };
    let n = |k: &str| match p.get(k) {
        Some(Json::Num(n)) => n.clone(),
        _ => "?".into(),
    };
    format!("{}:{}@{}", n("line"), n("column"), n("byte"))
}

fn show_expect(e: &Json) -> String {
    match e {
        Json::Arr(refs) => {
            let shown: Vec<String> = refs
                .iter()
                .map(|r| {
                    let Json::Obj(r) = r else {
                        return "?".into();
                    };
                    let path = match r.get("attr_path") {
                        Some(Json::Str(p)) => format!("{p}: "),
                        _ => String::new(),
                    };
                    let root = match r.get("root") {
                        Some(Json::Str(s)) => s.clone(),
                        _ => "?".into(),
                    };
                    let steps: String = match r.get("steps") {
                        Some(Json::Arr(s)) => s
                            .iter()
                            .map(|s| match s {
                                Json::Obj(s) => match (s.get("attr"), s.get("index")) {
                                    (Some(Json::Str(a)), _) => format!(".{a}"),
                                    (_, Some(k)) => format!("[{k:?}]"),
                                    _ => "?".into(),
                                },
                                _ => "?".into(),
                            })
                            .collect(),
                        _ => "?".into(),
                    };
                    format!(
                        "{path}{root}{steps} {}-{}",
                        show_pos(r.get("start")),
                        show_pos(r.get("end"))
                    )
                })
                .collect();
            format!("[{}]", shown.join(", "))
        }
        Json::Obj(e) => format!("error {:?}", e.get("error")),
        other => format!("{other:?}"),
    }
}

fn show_refs(input: &str, refs: &Found<'_>) -> String {
    let shown: Vec<String> = refs
        .iter()
        .map(|(path, r)| {
            let at = |o: usize| {
                let l = Location::of(input, o);
                format!("{}:{}@{}", l.line, l.column, l.offset)
            };
            format!(
                "{}{r} {}-{}",
                path.as_ref().map(|p| format!("{p}: ")).unwrap_or_default(),
                at(r.span.start()),
                at(r.span.end())
            )
        })
        .collect();
    format!("[{}]", shown.join(", "))
}
