//! Several files given by name and text, merged as Go's `hcl.MergeFiles`
//! merges them.

use std::collections::BTreeMap;

use hcl::config::Files;
use hcl::eval::{Context, Evaluate};
use hcl::Value;

#[derive(serde::Deserialize, Debug)]
struct Module {
    #[serde(default)]
    variable: BTreeMap<String, Variable>,
    #[serde(default)]
    resource: BTreeMap<String, BTreeMap<String, Value>>,
}

#[derive(serde::Deserialize, Debug)]
struct Variable {
    default: Option<Value>,
}

#[test]
fn two_files_give_the_items_of_both_in_order() {
    let files = Files::parse([
        ("a.tf", "x = 1\nblock \"one\" {}\n"),
        ("b.tf", "y = x + 1\nblock \"two\" {}"),
    ])
    .unwrap();
    let names: Vec<&str> = files.names().collect();
    assert_eq!(names, ["a.tf", "b.tf"]);
    let labels: Vec<&str> = files
        .body()
        .blocks()
        .map(|b| b.labels[0].as_str())
        .collect();
    assert_eq!(labels, ["one", "two"]);
    let v = files
        .body()
        .evaluate(&Context::new().with_mode(hcl::eval::EvalMode::PreserveTemplates))
        .unwrap();
    assert_eq!(v["x"], Value::from(1));
    assert_eq!(v["y"], Value::from("${x + 1}"));
}

#[test]
fn merged_native_files_evaluate_as_the_files_concatenated() {
    let a = "locals {\n  a = 1\n}\nresource \"t\" \"r\" {\n  n = \"${var.x}-${1 + 1}\"\n}\n";
    let b = "resource \"t\" \"s\" {\n  n = upper(\"b\")\n}\n";
    let files = Files::parse([("a.tf", a), ("b.tf", b)]).unwrap();
    let merged: Value = files.deserialize().unwrap();
    let whole: Value = hcl::from_str(&format!("{a}{b}")).unwrap();
    assert_eq!(merged, whole);
    assert_eq!(merged["resource"]["t"]["r"]["n"], Value::from("${var.x}-2"));
}

#[test]
fn an_attribute_in_two_files_is_an_error_naming_both() {
    let err = Files::parse([
        ("a.hcl", "name = \"x\"\n"),
        ("b.hcl", "port = 1\n\nname = \"y\"\n"),
    ])
    .unwrap_err();
    // Go's hcl.MergeFiles: the second definition, pointing at the first.
    assert_eq!(
        err.message(),
        "Duplicate argument: Argument \"name\" was already set at a.hcl:1,1-5"
    );
    assert_eq!(
        (err.file(), err.line(), err.column()),
        (Some("b.hcl"), Some(3), Some(1))
    );
    let d = err.diagnostics().next().unwrap();
    assert_eq!(d.summary, "Duplicate argument");
    assert_eq!(d.range.unwrap().filename.as_deref(), Some("b.hcl"));
}

#[test]
fn blocks_of_one_type_in_two_files_are_not_duplicates() {
    let files = Files::parse([
        ("a.tf", "variable \"a\" {}\n"),
        ("b.tf", "variable \"b\" {\n  default = 2\n}\n"),
    ])
    .unwrap();
    let m: Module = files.deserialize().unwrap();
    assert_eq!(m.variable.len(), 2);
    assert_eq!(m.variable["b"].default, Some(Value::from(2)));
}

#[test]
fn native_and_json_files_mix() {
    let files = Files::parse([
        ("main.tf", "variable \"region\" {\n  default = \"eu\"\n}\nresource \"aws_s3_bucket\" \"logs\" {\n  bucket = \"logs-${var.region}\"\n}\n"),
        (
            "extra.tf.json",
            r#"{"variable": {"zone": {"default": "a"}}, "resource": {"aws_s3_bucket": {"data": {"bucket": "data"}}}}"#,
        ),
        ("z.tf", "variable \"tier\" {}\n"),
    ])
    .unwrap();
    let m: Module = files.deserialize().unwrap();
    let vars: Vec<&str> = m.variable.keys().map(String::as_str).collect();
    assert_eq!(vars, ["region", "tier", "zone"]);
    assert_eq!(m.variable["zone"].default, Some(Value::from("a")));
    assert_eq!(m.variable["tier"].default, None);
    let buckets = &m.resource["aws_s3_bucket"];
    assert_eq!(buckets["logs"]["bucket"], Value::from("logs-${var.region}"));
    assert_eq!(buckets["data"]["bucket"], Value::from("data"));
}

#[test]
fn json_files_alone_merge_their_blocks() {
    let files = Files::parse([
        ("a.tf.json", r#"{"variable": {"a": {"default": 1}}}"#),
        ("b.tf.json", r#"{"variable": {"b": {"default": 2}}}"#),
    ])
    .unwrap();
    let m: Module = files.deserialize().unwrap();
    assert_eq!(m.variable.len(), 2);
    let err = Files::parse([
        ("a.json", r#"{"name": "x"}"#),
        ("b.json", "{\n  \"name\": \"y\"\n}"),
    ])
    .unwrap_err();
    assert_eq!(
        err.message(),
        "Duplicate attribute definition: The argument \"name\" was already set at a.json:1,2."
    );
    assert_eq!((err.file(), err.line()), (Some("b.json"), Some(2)));
}

#[test]
fn syntax_errors_of_every_file_name_their_file() {
    let err = Files::parse([
        ("ok.tf", "a = 1\n"),
        ("one.tf", "\n\nb = = 1\n"),
        ("two.tf.json", "{\n  \"c\": [1,\n}"),
        ("three.tf", "d = 1 +\ne = [,]\n"),
    ])
    .unwrap_err();
    let places: Vec<(Option<&str>, Option<usize>)> =
        err.iter().map(|e| (e.file(), e.line())).collect();
    assert_eq!(
        places,
        [
            (Some("one.tf"), Some(3)),
            (Some("two.tf.json"), Some(3)),
            (Some("three.tf"), Some(1)),
            (Some("three.tf"), Some(2)),
        ]
    );
    let shown = err.to_string();
    assert!(shown.contains("one.tf:3:5"), "{shown}");
    assert!(shown.contains("3 | b = = 1"), "{shown}");
}

#[test]
fn evaluation_errors_name_their_file_line_and_snippet() {
    let files =
        Files::parse([("a.tf", "a = 1\n"), ("b.tf", "# two\n\nb = upper(1, 2)\n")]).unwrap();
    let err = files
        .deserialize_with_context::<Value>(&Context::new())
        .unwrap_err();
    assert_eq!(
        (err.file(), err.line(), err.column()),
        (Some("b.tf"), Some(3), Some(14))
    );
    let shown = err.to_string();
    assert!(shown.contains("b.tf:3:14"), "{shown}");
    assert!(shown.contains("3 | b = upper(1, 2)"), "{shown}");
    let range = err.diagnostics().next().unwrap().range.unwrap();
    assert_eq!((range.start.line, range.start.offset), (3, 20));
}

/// Lines far into long files (past many blocks of the merged text, in
/// the second file): an error's line and column, and each planned
/// instance's file and line, are those of its own file.
#[test]
fn places_deep_in_long_files_are_their_own_lines() {
    let long: String = (0..3000).map(|i| format!("# line {}\n", i + 1)).collect();
    let a = format!("{long}resource \"terraform_data\" \"a\" {{}}\n");
    let b = format!(
        "{long}{long}resource \"terraform_data\" \"b\" {{}}\nlocals {{\n  bad = upper(1, 2)\n}}\n"
    );
    let files = Files::parse([("a.tf", a.as_str()), ("b.tf", b.as_str())]).unwrap();
    let err = files.plan(&hcl::config::PlanOptions::new()).unwrap_err();
    assert_eq!(
        (err.file(), err.line(), err.column()),
        (Some("b.tf"), Some(6003), Some(18))
    );
    let ok = Files::parse([
        ("a.tf", a.as_str()),
        ("b.tf", &b.replace("upper(1, 2)", "1")),
    ])
    .unwrap();
    let plan = ok.plan(&hcl::config::PlanOptions::new()).unwrap();
    let places: Vec<(&str, usize)> = plan
        .resources()
        .iter()
        .map(|r| (r.file.as_str(), r.line))
        .collect();
    assert_eq!(places, [("a.tf", 3001), ("b.tf", 6001)]);
}

#[test]
fn a_file_without_a_final_newline_does_not_join_the_next() {
    let files = Files::parse([("a.hcl", "a = 1"), ("b.hcl", "b = 2")]).unwrap();
    let v: Value = files.deserialize().unwrap();
    assert_eq!(v["a"], Value::from(1));
    assert_eq!(v["b"], Value::from(2));
}
