//! The `hcl` binary: `check`, `eval`, `json`, `refs`, `fmt`, `help` and
//! `version`, run as a user runs them.
#![cfg(feature = "cli")]

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn hcl(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hcl"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("hcl binary runs");
    // A command that stops before reading its input closes the pipe.
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Runs `hcl` with `args` and no input, which must succeed; its stdout.
#[track_caller]
fn run(args: &[&str]) -> String {
    let out = hcl(args, "");
    assert!(out.status.success(), "{}", stderr(&out));
    stdout(&out)
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// This test run's directory for the files it writes.
fn run_dir() -> std::path::PathBuf {
    std::env::temp_dir().join(format!("hcl-cli-test-{}", std::process::id()))
}

fn temp_file(name: &str, content: &str) -> std::path::PathBuf {
    let dir = run_dir();
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, content).unwrap();
    path
}

/// A new empty directory of this test run's.
fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = run_dir().join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn check_accepts_the_example_file() {
    let example = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/main.tf");
    let out = hcl(&["check", example], "");
    assert!(out.status.success(), "{}", stdout(&out));
    assert_eq!(stdout(&out), "1 file ok\n");
}

#[test]
fn check_reports_file_line_column_and_snippet() {
    let out = hcl(&["check", "-"], "a = [1,\n  2\nb = 3\n");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout(&out),
        "-:3:1: Missing item separator: expected `,` or `]`, found `b`\n  |\n3 | b = 3\n  | ^\nnote: `[` opened here (line 1, column 5)\n1 of 1 file failed\n"
    );
}

#[test]
fn check_quiet_prints_only_failing_paths_and_checks_every_file() {
    let good = temp_file("good.tf", "a = 1\n");
    let bad = temp_file("bad.tf", "a = \n");
    let (good, bad) = (good.to_str().unwrap(), bad.to_str().unwrap());
    let out = hcl(&["check", "--quiet", good, bad, good], "");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), format!("{bad}\n"));
    // Silent on success.
    let out = hcl(&["check", "-q", good], "");
    assert!(out.status.success());
    assert_eq!((stdout(&out), stderr(&out)), (String::new(), String::new()));
}

#[test]
fn check_rejects_invalid_utf8_and_missing_files() {
    let out = hcl(&["check", "-"], "");
    assert!(out.status.success(), "an empty file is a valid config");
    let bad = temp_file("latin1.tf", "");
    std::fs::write(&bad, b"a = \"caf\xe9\"\n").unwrap();
    let out = hcl(&["check", bad.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains(":1:"), "{}", stdout(&out));
    assert!(
        stdout(&out).to_lowercase().contains("utf-8"),
        "{}",
        stdout(&out)
    );
    let out = hcl(&["check", "/no/such/file.tf"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).starts_with("/no/such/file.tf: "),
        "{}",
        stdout(&out)
    );
}

#[test]
fn eval_prints_json() {
    // Values checked with `terraform console` (jsonencode of the same
    // expressions); objects keep source order here, where jsonencode sorts keys.
    let out = hcl(
        &["eval", r#"[for i, v in ["a", "b"] : "${i}-${upper(v)}"]"#],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "[\"0-A\",\"1-B\"]\n");
    let out = hcl(&["eval", "-"], "{b = 1 + 2, a = \"5\" * 2}\n");
    assert_eq!(stdout(&out), "{\"b\":3,\"a\":10}\n");
}

#[test]
fn eval_refuses_to_print_infinity_as_json() {
    // Terraform 1.11.4: `1/0` is +Inf, and `jsonencode(1/0)` fails with
    // "cannot serialize infinity as JSON"; JSON has no literal for it, and
    // printing `null` would be a different value.
    for args in [&["eval", "1/0"][..], &["eval", "--type", "[1, log(0, 10)]"]] {
        let out = hcl(args, "");
        assert!(!out.status.success(), "{args:?}: {}", stdout(&out));
        assert!(stdout(&out).is_empty(), "{args:?}: {}", stdout(&out));
        assert!(
            stderr(&out).contains("cannot serialize infinity as JSON"),
            "{args:?}: {}",
            stderr(&out)
        );
    }
    // A comparison with it is an ordinary value.
    assert_eq!(run(&["eval", "tonumber(\"inf\") > 5"]), "true\n");
}

#[test]
fn eval_prints_numbers_with_every_digit_terraform_gives() {
    // terraform console 1.11.4 prints these numbers (exact, not `f64`).
    assert_eq!(
        run(&["eval", "18446744073709551617 + 1"]),
        "18446744073709551618\n"
    );
    assert_eq!(
        run(&["eval", "[pow(2, 100), 0.1 + 0.2]"]),
        "[1267650600228229400000000000000,0.3]\n"
    );
    let third = run(&["eval", "1/3"]);
    assert_eq!(third, format!("0.{}5\n", "3".repeat(154)));
    // Keys stay in the value's order; --pretty indents.
    assert_eq!(
        run(&["eval", "--pretty", "{b = 1, a = [2, {}], c = []}"]),
        "{\n  \"b\": 1,\n  \"a\": [\n    2,\n    {}\n  ],\n  \"c\": []\n}\n"
    );
}

#[test]
fn eval_takes_variables_as_json() {
    let out = hcl(
        &[
            "eval",
            "--var",
            r#"x={"a":[1,2,3]}"#,
            "x.a[1] + length(x.a)",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "5\n");
    // Numbers read exactly, as Terraform reads them (terraform console:
    // 0.1 + 0.2 is 0.3; the 30-digit integer keeps every digit).
    assert_eq!(run(&["eval", "--var", "xs=[0.1]", "xs[0] + 0.2"]), "0.3\n");
    assert_eq!(
        run(&["eval", "--var", "n=123456789012345678901234567890", "n"]),
        "123456789012345678901234567890\n"
    );
    let out = hcl(&["eval", "--var", "m={", "m"], "");
    assert!(
        stderr(&out).starts_with("hcl: eval: --var m: invalid JSON: expected a property name"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn eval_type_prints_value_and_type() {
    // Values and types from the typed-value oracle (Terraform 1.11.4:
    // `jsonencode` and `type()` of the same expressions).
    assert_eq!(
        run(&["eval", "--type", r#"tolist([1, "a"])"#]),
        "{\"type\":\"list(string)\",\"value\":[\"1\",\"a\"]}\n"
    );
    // Numbers are exact (`number/large-div`).
    assert_eq!(
        run(&["eval", "--type", "100000000000000000000000 / 7"]),
        "{\"type\":\"number\",\"value\":14285714285714285714285.714285714285714285714285714285714285714285714285714285714285714285714285714285714285714285714285714285714285714285714285714285714286}\n"
    );
}

#[test]
fn eval_unknown_declares_values_not_known_yet() {
    let us = "local.us=string!";
    // `ref/string`, `null/string-eq-null`, `mixed/object-with-unknown`,
    // `fn/length-object` of the unknowns oracle.
    assert_eq!(
        run(&["eval", "--type", "--unknown", us, "local.us"]),
        "{\"type\":\"string\",\"unknown\":true}\n"
    );
    assert_eq!(
        run(&["eval", "--type", "--unknown", us, "local.us == null"]),
        "{\"type\":\"bool\",\"value\":false}\n"
    );
    assert_eq!(
        run(&["eval", "--unknown", us, "{a = local.us, b = 1}"]),
        "{\"a\":{\"$unknown\":\"string\"},\"b\":1}\n"
    );
    let uo = "local.uo=object({a = string, n = number})";
    assert_eq!(run(&["eval", "--unknown", uo, "length(local.uo)"]), "2\n");
    // A bad type is reported.
    let out = hcl(&["eval", "--unknown", "x=lst(string)", "x"], "");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("not a valid type constructor"));
}

#[test]
fn a_message_of_several_lines_leads_with_its_position() {
    // `try` lists each failure on lines of its own; the position leads the
    // first line and is not repeated after the last.
    let out = hcl(&["eval", "try([1].a, \"a\"[0])"], "");
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(
        lines[..7],
        [
            "<expr>:1:1: Error in function call: Call to function \"try\" failed: no expression succeeded:",
            "- Unsupported attribute (at 1:8)",
            "  This value does not have any attributes.",
            "- Invalid index (at 1:15)",
            "  This value does not have any indices.",
            "",
            "At least one expression must produce a successful result.",
        ],
        "{err}"
    );
    assert_eq!(lines[8], "1 | try([1].a, \"a\"[0])", "{err}");
}

#[test]
fn eval_is_strict_about_unknown_variables() {
    let out = hcl(&["eval", "nope + 1"], "");
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.starts_with("<expr>:1:1: "), "{err}");
    assert!(err.contains("nope"), "{err}");
}

#[test]
fn json_prints_hcl_json_shape_keeping_unknown_references() {
    let out = hcl(
        &["json", "-"],
        "a = 1 + 2\nb = var.x\nresource \"t\" \"n\" {\n  c = \"pre-${var.y}\"\n}\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "{\"a\":3,\"b\":\"${var.x}\",\"resource\":{\"t\":{\"n\":{\"c\":\"pre-${var.y}\"}}}}\n"
    );
    let out = hcl(&["json", "--pretty", "-"], "a = [1]\n");
    assert_eq!(stdout(&out), "{\n  \"a\": [\n    1\n  ]\n}\n");
}

#[test]
fn refs_prints_each_reference_with_its_line_and_column() {
    let file = temp_file(
        "refs.tf",
        "a = var.a[0]\nb \"x\" {\n  c = \"é${local.m[\"k\"]}\"\n}\n",
    );
    let path = file.to_str().unwrap();
    // Columns count grapheme clusters (GO-README, `expr/combining-mark-column`).
    assert_eq!(
        run(&["refs", path]),
        format!("{path}:1:5: var.a[0]\n{path}:3:11: local.m[\"k\"]\n")
    );
    // `--expr` reads one expression, shown as `<expr>`.
    assert_eq!(
        run(&[
            "refs",
            "--expr",
            "[for x in var.l : x.id if x != local.skip]"
        ]),
        "<expr>:1:11: var.l\n<expr>:1:32: local.skip\n"
    );
}

#[test]
fn refs_json_is_the_oracle_s_format() {
    // `file/same-block-twice` and `expr/combining-mark-column` of the
    // oracle's go_variables.json, as Go printed them.
    let out = hcl(
        &["refs", "--json", "-"],
        "rule {\n  port = var.p1\n}\nrule {\n  port = var.p2\n}\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        concat!(
            r#"[{"attr_path":"rule.port","root":"var","steps":[{"attr":"p1"}],"#,
            r#""start":{"line":2,"column":10,"byte":16},"end":{"line":2,"column":16,"byte":22}},"#,
            r#"{"attr_path":"rule.port","root":"var","steps":[{"attr":"p2"}],"#,
            r#""start":{"line":5,"column":10,"byte":41},"end":{"line":5,"column":16,"byte":47}}]"#,
            "\n"
        )
    );
    assert_eq!(
        run(&[
            "refs",
            "--json",
            "--expr",
            "\"e\u{301}${var.a[1.5][null]}\""
        ]),
        concat!(
            r#"[{"root":"var","steps":[{"attr":"a"},{"index":1.5},{"index":null}],"#,
            r#""start":{"line":1,"column":5,"byte":6},"end":{"line":1,"column":21,"byte":22}}]"#,
            "\n"
        )
    );
    assert_eq!(run(&["refs", "--json", "--expr", "true"]), "[]\n");
}

#[test]
fn refs_json_of_several_files_names_each_file() {
    let a = temp_file("refs-a.tf", "a = var.x\n");
    let b = temp_file("refs-b.tf", "b = [\n");
    let (a, b) = (a.to_str().unwrap(), b.to_str().unwrap());
    let out = hcl(&["refs", "--json", a, b], "");
    let lines: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0][0]["filename"], a);
    assert_eq!(lines[0][0]["root"], "var");
    // An error object names its file too.
    assert_eq!(lines[1]["filename"], b);
    assert_eq!(lines[1]["error_phase"], "parse");
}

#[test]
fn refs_reports_parse_errors_and_exits_1() {
    // As `file/newline-before-dot-error`: an error object in JSON...
    let out = hcl(&["refs", "--json", "-"], "x = var.a\n  .b\n");
    assert_eq!(out.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["error_phase"], "parse");
    assert!(json["error"].as_str().is_some_and(|e| !e.is_empty()));
    assert_eq!(json["error_range"]["start"]["line"], 2);
    // ...and FILE:LINE:COL with a snippet on stderr otherwise.
    let out = hcl(&["refs", "--expr", "var.a[0"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).starts_with("<expr>:1:"), "{}", stderr(&out));
    assert_eq!(stdout(&out), "");
    // Usage errors.
    for args in [
        &["refs"][..],
        &["refs", "--expr"],
        &["refs", "--expr", "a", "f.tf"],
        &["refs", "--jsn", "-"],
    ] {
        assert_eq!(hcl(args, "").status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(hcl(&[], "").status.code(), Some(2));
    assert_eq!(hcl(&["frobnicate"], "").status.code(), Some(2));
    assert_eq!(hcl(&["check"], "").status.code(), Some(2));
}

// `hcl eval --as TYPE`: a variable's value as Terraform 1.11 gives it
// (expected results from the oracle's `typeexpr.json`).

#[test]
fn eval_as_fills_optional_defaults() {
    assert_eq!(
        run(&[
            "eval",
            "--as",
            "object({a = optional(number, 5), b = optional(string)})",
            "--var-value",
            "{}",
            "--type",
        ]),
        "{\"type\":\"object({a: number, b: string})\",\"value\":{\"a\":5,\"b\":null}}\n"
    );
}

#[test]
fn eval_as_reads_raw_values_as_terraform_does() {
    // A literal string for a primitive type, HCL otherwise.
    assert_eq!(
        run(&["eval", "--as", "string", "--var-value", "[1, 2]"]),
        "\"[1, 2]\"\n"
    );
    assert_eq!(
        run(&["eval", "--as", "list(number)", "--var-value", "[\"1\", 2]"]),
        "[1,2]\n"
    );
}

#[test]
fn eval_as_positional_expression_is_the_default() {
    assert_eq!(
        run(&["eval", "--as", "map(any)", "{a = 1, b = \"x\"}", "--type"]),
        "{\"type\":\"map(string)\",\"value\":{\"a\":\"1\",\"b\":\"x\"}}\n"
    );
    // Not nullable: a null value takes the default.
    assert_eq!(
        run(&[
            "eval",
            "--as",
            "list(string)",
            "--default",
            "[\"d\"]",
            "--var-value",
            "null",
            "--non-nullable",
        ]),
        "[\"d\"]\n"
    );
}

#[test]
fn eval_as_reports_the_path_of_a_bad_value() {
    let out = hcl(
        &["eval", "--as", "list(number)", "--var-value", "[1, \"x\"]"],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("[1]: a number is required"),
        "{}",
        stderr(&out)
    );
    let out = hcl(&["eval", "--as", "optional(string)", "\"x\""], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("optional"), "{}", stderr(&out));
}

#[test]
fn json_expands_dynamic_blocks_with_variables() {
    let file = temp_file(
        "dynamic.tf",
        "rule {\n  port = 1\n}\ndynamic \"rule\" {\n  for_each = var.ports\n  content {\n    port = rule.value\n  }\n}\n",
    );
    let path = file.to_str().unwrap();
    assert_eq!(
        run(&[
            "json",
            "--expand-dynamic",
            "--var",
            "var={\"ports\": [22, 80]}",
            path
        ]),
        "{\"rule\":[{\"port\":1},{\"port\":22},{\"port\":80}]}\n"
    );
    // Without the variable: kept as written; with --strict: an error.
    assert!(run(&["json", "--expand-dynamic", path]).contains("\"dynamic\""));
    let out = hcl(&["json", "--expand-dynamic", "--strict", path], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains(":5:14: "), "{}", stderr(&out));
}

#[test]
fn json_writes_several_files_as_one_object_keyed_by_path() {
    let a = temp_file("a.tf", "x = 1\n");
    let b = temp_file("b.tf.json", "{\"y\": \"${1 + 1}\", \"//\": \"c\"}");
    let (a, b) = (a.to_str().unwrap(), b.to_str().unwrap());
    let out = run(&["json", a, b]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v[a]["x"], 1);
    assert_eq!(v[b]["y"], 2);
    // One file: its body as it is.
    assert_eq!(run(&["json", a]), "{\"x\":1}\n");
    // Pretty, every digit kept.
    let c = temp_file("c.tf", "n = 123456789012345678901234567890\n");
    let c = c.to_str().unwrap();
    assert_eq!(
        run(&["json", "--pretty", a, c]),
        format!("{{\n  \"{a}\": {{\n    \"x\": 1\n  }},\n  \"{c}\": {{\n    \"n\": 123456789012345678901234567890\n  }}\n}}\n")
    );
}

#[test]
fn json_without_evaluation() {
    let f = temp_file("noeval.tf", "a = 1 + 2\nb = \"lit\"\n");
    assert_eq!(
        run(&["json", "--no-eval", f.to_str().unwrap()]),
        "{\"a\":\"${1 + 2}\",\"b\":\"lit\"}\n"
    );
}

#[test]
fn check_reads_json_files_by_extension() {
    let good = temp_file("good.tf.json", "{\"a\": \"${var.x}\"}");
    assert!(hcl(&["check", good.to_str().unwrap()], "").status.success());
    let bad = temp_file("bad.tf.json", "{\n  \"a\": [1,\n}");
    let out = hcl(&["check", bad.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).contains(":3:1: invalid JSON"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn json_reads_no_file_unless_allowed() {
    let dir = temp_file("secret.txt", "s3cr3t")
        .parent()
        .unwrap()
        .to_path_buf();
    let f = temp_file("reads.tf", "x = file(\"secret.txt\")\n");
    let f = f.to_str().unwrap();
    // By default the call is kept as written: nothing is read.
    assert_eq!(
        run(&["json", f]),
        "{\"x\":\"${file(\\\"secret.txt\\\")}\"}\n"
    );
    // With --allow-files DIR, relative to DIR.
    assert_eq!(
        run(&["json", "--allow-files", dir.to_str().unwrap(), f]),
        "{\"x\":\"s3cr3t\"}\n"
    );
}

#[test]
fn eval_reads_files_only_when_allowed() {
    let dir = temp_file("eval-secret.txt", "s3cr3t")
        .parent()
        .unwrap()
        .to_path_buf();
    let dir = dir.to_str().unwrap();
    let out = hcl(&["eval", "file(\"eval-secret.txt\")"], "");
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert_eq!(
        run(&["eval", "--allow-files", dir, "file(\"eval-secret.txt\")"]),
        "\"s3cr3t\"\n"
    );
    assert_eq!(
        run(&[
            "eval",
            "--allow-files",
            dir,
            "fileexists(\"eval-secret.txt\")"
        ]),
        "true\n"
    );
    assert_eq!(
        run(&[
            "eval",
            "--allow-files",
            dir,
            "contains(fileset(\".\", \"eval-secret.*\"), \"eval-secret.txt\")"
        ]),
        "true\n"
    );
}

// `hcl fmt`. Every expected text and exit code is what `terraform fmt`
// 1.11.4 gave for the same files and arguments.

/// A fresh directory of its own for a test, holding `files`.
fn fresh_dir(test: &str, files: &[(&str, &str)]) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("hcl-fmt-test-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for (name, text) in files {
        let path = dir.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    dir
}

/// Runs `hcl` in `dir`.
fn hcl_in(dir: &std::path::Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hcl"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("hcl binary runs")
}

fn read(dir: &std::path::Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).unwrap()
}

const UNFORMATTED: &str = "a=1\nbb = {x=1}\n";
const FORMATTED: &str = "a  = 1\nbb = { x = 1 }\n";

#[test]
fn fmt_formats_files_in_place_and_lists_them() {
    let dir = fresh_dir(
        "in-place",
        &[("main.tf", UNFORMATTED), ("ok.tf", "ok = 1\n")],
    );
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let perms = std::fs::Permissions::from_mode(0o640);
        std::fs::set_permissions(dir.join("main.tf"), perms).unwrap();
    }
    let out = hcl_in(&dir, &["fmt", "main.tf", "ok.tf"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "main.tf\n");
    assert_eq!(read(&dir, "main.tf"), FORMATTED);
    assert_eq!(read(&dir, "ok.tf"), "ok = 1\n");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(dir.join("main.tf"))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o640);
    }
    // The temporary file was renamed over the file: nothing else is left.
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, ["main.tf", "ok.tf"]);
}

#[cfg(unix)]
#[test]
fn fmt_writes_through_a_symbolic_link() {
    let dir = fresh_dir("symlink", &[("real/main.tf", UNFORMATTED)]);
    std::os::unix::fs::symlink("real/main.tf", dir.join("link.tf")).unwrap();
    let out = hcl_in(&dir, &["fmt", "link.tf"]);
    assert_eq!(stdout(&out), "link.tf\n", "{}", stderr(&out));
    assert!(std::fs::symlink_metadata(dir.join("link.tf"))
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(read(&dir, "real/main.tf"), FORMATTED);
}

#[test]
fn fmt_check_exits_3_and_lists_without_writing() {
    let dir = fresh_dir("check", &[("main.tf", UNFORMATTED), ("ok.tf", "ok = 1\n")]);
    // No path: the current directory.
    let out = hcl_in(&dir, &["fmt", "-check"]);
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(stdout(&out), "main.tf\n");
    assert_eq!(read(&dir, "main.tf"), UNFORMATTED);
    let out = hcl_in(&dir, &["fmt", "-check", "-list=false"]);
    assert_eq!((out.status.code(), stdout(&out)), (Some(3), String::new()));
    let out = hcl_in(&dir, &["fmt", "--check", "ok.tf"]);
    assert_eq!((out.status.code(), stdout(&out)), (Some(0), String::new()));
}

#[test]
fn fmt_diff_prints_a_unified_diff() {
    let dir = fresh_dir("diff", &[("main.tf", UNFORMATTED)]);
    let out = hcl_in(&dir, &["fmt", "-diff", "-write=false", "main.tf"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        "main.tf\n--- old/main.tf\n+++ new/main.tf\n@@ -1,2 +1,2 @@\n-a=1\n-bb = {x=1}\n+a  = 1\n+bb = { x = 1 }\n"
    );
    assert_eq!(read(&dir, "main.tf"), UNFORMATTED);
}

#[test]
fn fmt_without_write_or_list_prints_the_formatted_text() {
    let dir = fresh_dir("no-write", &[("main.tf", UNFORMATTED)]);
    let out = hcl_in(&dir, &["fmt", "--write=false", "--list=false", "main.tf"]);
    assert_eq!(stdout(&out), FORMATTED);
    assert_eq!(read(&dir, "main.tf"), UNFORMATTED);
}

#[test]
fn fmt_reads_stdin() {
    // Printed as a line: with a newline at the end.
    let out = hcl(&["fmt", "-"], "a=1");
    assert_eq!(
        (out.status.code(), stdout(&out)),
        (Some(0), "a = 1\n".into())
    );
    let out = hcl(&["fmt", "-"], "x = \"${a}\"\ny=1\n");
    assert_eq!(stdout(&out), "x = a\ny = 1\n");
    let out = hcl(&["fmt", "-check", "-"], "a=1\n");
    assert_eq!((out.status.code(), stdout(&out)), (Some(3), String::new()));
}

#[test]
fn fmt_reports_files_with_errors_and_leaves_them_untouched() {
    let bad = "a = [1,\n  2\nb = 3\n";
    let dir = fresh_dir("errors", &[("bad.tf", bad), ("main.tf", UNFORMATTED)]);
    // With -check nothing is listed when a file fails.
    let out = hcl_in(&dir, &["fmt", "-check", "bad.tf", "main.tf"]);
    assert_eq!((out.status.code(), stdout(&out)), (Some(2), String::new()));
    let out = hcl_in(&dir, &["fmt", "bad.tf", "main.tf"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stdout(&out), "main.tf\n");
    assert!(
        stderr(&out).starts_with(
            "bad.tf:3:1: Missing item separator: expected `,` or `]`, found `b`\n  |\n3 | b = 3\n"
        ),
        "{}",
        stderr(&out)
    );
    assert_eq!(read(&dir, "bad.tf"), bad);
    assert_eq!(read(&dir, "main.tf"), FORMATTED);
}

#[test]
fn fmt_picks_terraform_files_in_directories_and_recurses_with_recursive() {
    let files = [
        ("main.tf", UNFORMATTED),
        ("vars.tfvars", "region=\"x\"\n"),
        ("t.tftest.hcl", "run \"r\" {\ncommand=plan\n}\n"),
        ("ok.tf", "ok = 1\n"),
        ("other.hcl", "x=1\n"),
        (".hidden.tf", "x=1\n"),
        ("j.tf.json", "{\"a\":1}"),
        (".git/g.tf", "q=1\n"),
        ("sub/s.tf", "y  =  2\n"),
        ("sub/deep/d.tf", "z =3\n"),
    ];
    let dir = fresh_dir("dirs", &files);
    let out = hcl_in(&dir, &["fmt", "-check", "."]);
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(stdout(&out), "main.tf\nt.tftest.hcl\nvars.tfvars\n");
    let out = hcl_in(&dir, &["fmt", "-check", "-recursive"]);
    assert_eq!(
        stdout(&out),
        "main.tf\nsub/deep/d.tf\nsub/s.tf\nt.tftest.hcl\nvars.tfvars\n"
    );
    let out = hcl_in(&dir, &["fmt", "-recursive", "sub", "t.tftest.hcl"]);
    assert_eq!(stdout(&out), "sub/deep/d.tf\nsub/s.tf\nt.tftest.hcl\n");
    assert_eq!(read(&dir, "sub/s.tf"), "y = 2\n");
    assert_eq!(read(&dir, "sub/deep/d.tf"), "z = 3\n");
    assert_eq!(
        read(&dir, "t.tftest.hcl"),
        "run \"r\" {\n  command = plan\n}\n"
    );
    assert_eq!(read(&dir, "main.tf"), UNFORMATTED);
    for (name, text) in &files[4..8] {
        assert_eq!(&read(&dir, name), text);
    }
}

#[test]
fn fmt_formats_a_named_file_of_any_other_extension_without_terraform_s_rewrites() {
    // terraform fmt refuses such files (the expected layout is what it
    // makes of the same text in a `.tf` file); hcl fmt lays them out and
    // leaves their values as written: `"${a}"` stays (Terraform writes `a`
    // in its own files).
    let dir = fresh_dir(
        "other",
        &[
            ("build.pkr.hcl", "yy={b=1}\nx=1\n"),
            ("r.hcl", "x = \"${a}\"\n"),
        ],
    );
    let out = hcl_in(&dir, &["fmt", "build.pkr.hcl", "r.hcl"]);
    assert_eq!(stdout(&out), "build.pkr.hcl\n", "{}", stderr(&out));
    assert_eq!(read(&dir, "build.pkr.hcl"), "yy = { b = 1 }\nx  = 1\n");
    assert_eq!(read(&dir, "r.hcl"), "x = \"${a}\"\n");
}

#[test]
fn fmt_usage_errors() {
    let dir = fresh_dir("usage", &[("j.tf.json", "{}"), ("main.tf", UNFORMATTED)]);
    // A flag it does not know: 1, as terraform fmt; nothing is done.
    let out = hcl_in(&dir, &["fmt", "-bogus", "main.tf"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(read(&dir, "main.tf"), UNFORMATTED);
    // A missing path stops there: 2.
    let out = hcl_in(&dir, &["fmt", "-check", "nowhere", "main.tf"]);
    assert_eq!((out.status.code(), stdout(&out)), (Some(2), String::new()));
    assert!(stderr(&out).contains("no file or directory at nowhere"));
    // JSON files are not formatted: 2.
    let out = hcl_in(&dir, &["fmt", "j.tf.json"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(read(&dir, "j.tf.json"), "{}");
}

// What every command shares: the summary of `check`, `--version`, help,
// flags, stray arguments, directories.

const COMMANDS: [&str; 7] = ["check", "eval", "json", "refs", "fmt", "help", "version"];

#[test]
fn check_ends_with_a_summary_of_what_it_checked() {
    let dir = fresh_dir(
        "check-summary",
        &[
            ("a.tf", "a = 1\n"),
            ("b.tf", "b = [\n"),
            ("c.tf", "c = 3\n"),
        ],
    );
    let out = hcl_in(&dir, &["check", "a.tf", "c.tf", "-"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "3 files ok\n");
    let out = hcl_in(&dir, &["check", "a.tf"]);
    assert_eq!(stdout(&out), "1 file ok\n");
    // Failures as before, then how many failed.
    let out = hcl_in(&dir, &["check", "a.tf", "b.tf", "c.tf"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout(&out),
        "b.tf:1:5: Missing expression: unclosed `[`: expected `]`, found end of file\n  |\n1 | b = [\n  |     ^\nnote: the end of the file was reached (line 2, column 1)\n1 of 3 files failed\n"
    );
    // --quiet (-q, -quiet): the failing paths only, nothing on success.
    for quiet in ["--quiet", "-quiet", "-q"] {
        let out = hcl_in(&dir, &["check", quiet, "a.tf", "b.tf", "c.tf"]);
        assert_eq!(
            (out.status.code(), stdout(&out)),
            (Some(1), "b.tf\n".into())
        );
        let out = hcl_in(&dir, &["check", quiet, "a.tf", "c.tf"]);
        assert_eq!((out.status.code(), stdout(&out)), (Some(0), String::new()));
    }
}

#[test]
fn version_prints_the_crate_version() {
    let expected = format!("hcl {}\n", env!("CARGO_PKG_VERSION"));
    for args in [&["--version"][..], &["-version"], &["-V"], &["version"]] {
        let out = hcl(args, "");
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert_eq!(stdout(&out), expected, "{args:?}");
    }
    let out = hcl(&["version", "x"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("`x`"), "{}", stderr(&out));
}

#[test]
fn help_prints_the_whole_usage_or_one_command_s() {
    let whole = run(&["help"]);
    assert!(whole.starts_with("usage: hcl <command> [options] [args]\n"));
    for cmd in COMMANDS {
        assert!(whole.contains(&format!("\n  {cmd} ")) || whole.contains(&format!("\n  {cmd}\n")));
    }
    assert_eq!(run(&["--help"]), whole);
    assert_eq!(run(&["-h"]), whole);
    assert_eq!(run(&["-help"]), whole);
    // Without a command: the usage on stderr, and 2.
    let out = hcl(&[], "");
    assert_eq!((out.status.code(), stderr(&out)), (Some(2), whole.clone()));
    for cmd in COMMANDS {
        let usage = run(&["help", cmd]);
        assert!(
            usage.starts_with(&format!("usage: hcl {cmd}")),
            "{cmd}: {usage}"
        );
        assert!(usage.len() < whole.len(), "{cmd}");
        for flag in ["--help", "-h", "-help"] {
            // Even where a file, an expression or a flag's value would be.
            assert_eq!(run(&[cmd, flag]), usage, "{cmd} {flag}");
            assert_eq!(run(&[cmd, "x", flag]), usage, "{cmd} x {flag}");
        }
        assert_eq!(run(&["--help", cmd]), usage, "--help {cmd}");
    }
    // A command's usage: its synopses, what it does, each flag with its
    // help, how flags are written, how PATHs are read.
    let check = run(&["help", "check"]);
    assert!(
        check.starts_with(concat!(
            "usage: hcl check [--quiet] [--recursive] [--max-depth N]\n",
            "           [--format text|json|github] PATH...\n",
            "       hcl check --module [--quiet] [--format text|json|github] [--ext LIST]\n",
            "           DIR...\n\n",
            "    Parses each file",
        )),
        "{check}"
    );
    assert!(
        check.contains(concat!(
            "\noptions:\n",
            "  --quiet, -q\n",
            "      print only the path of each file that fails, one a line, and no summary\n",
            "  --recursive\n",
        )),
        "{check}"
    );
    assert!(check.ends_with(concat!(
        "\nFlags are written -flag or --flag, before or after the other arguments; a\n",
        "flag's value follows it or is joined to it by `=` (--var=x=1,\n",
        "-write=false); `--` ends the flags.\n",
        "\n",
        "A PATH is a file (`-`: stdin) or a directory, whose .tf, .tfvars, .hcl,\n",
        ".nomad, .tf.json, .tfvars.json, .tftest.json, .hcl.json and .pkr.json files\n",
        "are read in name order (not its hidden files; with --recursive, its\n",
        "subdirectories' too, in their place).\n",
    )));
    // `terraform fmt`'s flags are shown with one dash, as it shows them.
    assert!(run(&["help", "fmt"]).starts_with(
        "usage: hcl fmt [-check] [-diff] [-write=false] [-list=false] [-recursive]\n"
    ));
    // `-h` as a flag's value asks for help too (`--var=-h` would not).
    let eval_usage = run(&["help", "eval"]);
    assert_eq!(run(&["eval", "-f", "-h"]), eval_usage);
    assert_eq!(run(&["refs", "--expr", "-h"]), run(&["help", "refs"]));
    // An unknown command.
    let out = hcl(&["help", "frobnicate"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("unknown command `frobnicate`"),
        "{}",
        stderr(&out)
    );
}

/// The flags of each command as `docs/cli.md`'s tables list them (the
/// tables are made from the commands' declaration), each with a value
/// its command takes.
fn documented_flags() -> Vec<(String, String, Option<&'static str>)> {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/cli.md")).unwrap();
    let mut flags = Vec::new();
    for part in doc.split("<!-- flags: ").skip(1) {
        let (cmd, table) = part.split_once(" -->\n").unwrap();
        let table = &table[..table.find("<!-- end -->").unwrap()];
        for row in table.lines().skip(2) {
            // `--name VALUE` (or `-name`, `-name=false`), the first spelling.
            let first = row.trim_start_matches("| `").split('`').next().unwrap();
            let (flag, value) = match first.split_once(' ') {
                Some((flag, what)) => (flag, Some(sample(what))),
                None => (first.trim_end_matches("=false"), None),
            };
            flags.push((cmd.to_owned(), flag.to_owned(), value));
        }
    }
    flags
}

/// A value of the kind a flag's usage names.
fn sample(what: &str) -> &'static str {
    match what {
        "N" => "5",
        "LIST" => ".tf",
        "NAME=JSON" => "x=1",
        "NAME=RAW" | "NAME=VALUE" => "x=1",
        "PATH=TYPE[!]" => "x=string",
        "TYPE" => "string",
        "terraform\\|packer\\|nomad" => "packer",
        w if w.starts_with("text") => "text",
        _ => "x",
    }
}

#[test]
fn every_declared_flag_is_read_by_its_command() {
    let flags = documented_flags();
    assert!(flags.len() > 50, "{}", flags.len());
    for (cmd, flag, value) in &flags {
        // A flag the command reads lets it go on to the next argument,
        // which it then refuses.
        let mut args = vec![cmd.as_str(), flag.as_str()];
        args.extend(value);
        args.push("--no-such-flag");
        let out = hcl(&args, "");
        let expected =
            format!("hcl: {cmd}: unknown flag `--no-such-flag` (see `hcl help {cmd}`)\n");
        assert_eq!(stderr(&out), expected, "{args:?}");
    }
}

#[test]
fn every_flag_is_read_with_one_or_two_dashes() {
    let dynamic = temp_file(
        "flags-dynamic.tf",
        "dynamic \"rule\" {\n  for_each = var.ports\n  content {\n    port = rule.value\n  }\n}\n",
    );
    let dynamic = dynamic.to_str().unwrap();
    for d in ["-", "--"] {
        let f = |name: &str| format!("{d}{name}");
        assert_eq!(
            run(&["eval", &f("var"), "x=[1]", &f("pretty"), "x"]),
            "[\n  1\n]\n"
        );
        assert_eq!(run(&["eval", &f("var=x=2"), "x + 1"]), "3\n");
        assert_eq!(
            run(&["eval", &f("type"), &f("unknown"), "u=string", "u"]),
            "{\"type\":\"string\",\"unknown\":true}\n"
        );
        assert_eq!(
            run(&[
                "eval",
                &f("as"),
                "number",
                &f("default"),
                "3",
                &f("non-nullable"),
                &f("var-value"),
                "7"
            ]),
            "7\n"
        );
        assert_eq!(
            run(&[
                "json",
                &f("expand-dynamic"),
                &f("var"),
                "var={\"ports\": [22]}",
                dynamic
            ]),
            "{\"rule\":{\"port\":22}}\n"
        );
        let out = hcl(&["json", &f("pretty"), &f("no-eval"), "-"], "a = 1 + 2\n");
        assert_eq!(stdout(&out), "{\n  \"a\": \"${1 + 2}\"\n}\n");
        let out = hcl(&["json", &f("strict"), "-"], "a = var.x\n");
        assert_eq!(out.status.code(), Some(1));
        assert_eq!(
            run(&["refs", &f("json"), &f("expr"), "var.a"]),
            concat!(
                r#"[{"root":"var","steps":[{"attr":"a"}],"#,
                r#""start":{"line":1,"column":1,"byte":0},"end":{"line":1,"column":6,"byte":5}}]"#,
                "\n"
            )
        );
        let out = hcl(&["check", &f("quiet"), "-"], "a = 1\n");
        assert_eq!((out.status.code(), stdout(&out)), (Some(0), String::new()));
    }
    // A boolean flag takes a value after `=`; the short forms stay.
    let out = hcl(&["json", "--pretty=false", "-"], "a = 1\n");
    assert_eq!(stdout(&out), "{\"a\":1}\n");
    let file = temp_file("flags-expr.hcl", "1 + 1\n");
    assert_eq!(run(&["eval", "-f", file.to_str().unwrap()]), "2\n");
    let out = hcl(&["json", "--pretty=maybe", "-"], "a = 1\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("`maybe`"), "{}", stderr(&out));
}

#[test]
fn an_unknown_flag_is_an_error_naming_it() {
    for cmd in COMMANDS {
        for flag in ["-bogus", "--bogus", "-x=1"] {
            let out = hcl(&[cmd, flag, "-"], "a = 1\n");
            // fmt: 1, as terraform fmt.
            let code = if cmd == "fmt" { 1 } else { 2 };
            assert_eq!(out.status.code(), Some(code), "{cmd} {flag}");
            assert_eq!(stdout(&out), "", "{cmd} {flag}");
            assert_eq!(
                stderr(&out),
                format!("hcl: {cmd}: unknown flag `{flag}` (see `hcl help {cmd}`)\n")
            );
        }
    }
    let out = hcl(&["--bogus"], "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "hcl: unknown flag `--bogus` (see `hcl help`)\n"
    );
    // A flag without its value.
    let out = hcl(&["eval", "--var"], "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stderr(&out), "hcl: eval: --var needs NAME=JSON\n");
}

#[test]
fn one_expression_is_all_eval_takes() {
    let file = temp_file("one-expr.hcl", "1\n");
    let file = file.to_str().unwrap();
    for args in [
        &["eval", "1", "2"][..],
        &["eval", "-f", file, "2"],
        &["eval", "1", "-"],
        &["eval", "--as", "number", "--default", "1", "2"],
    ] {
        let out = hcl(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let last = args[args.len() - 1];
        assert_eq!(
            stderr(&out),
            format!("hcl: eval: unexpected argument `{last}`: eval takes one expression (see `hcl help eval`)\n"),
        );
    }
    let out = hcl(&["help", "check", "eval"], "");
    assert_eq!(out.status.code(), Some(2));
    let out = hcl(&["refs", "--expr", "a", "--expr", "b"], "");
    assert_eq!(out.status.code(), Some(2));
    let out = hcl(&["fmt", "-", "main.tf"], "");
    assert_eq!(out.status.code(), Some(1));
    // A negative number is an expression, not a flag; `--` ends the flags.
    assert_eq!(run(&["eval", "-1"]), "-1\n");
    assert_eq!(run(&["eval", "--var", "x=2", "--", "-x"]), "-2\n");
}

#[test]
fn a_dash_is_stdin_wherever_a_file_is_read() {
    assert_eq!(stdout(&hcl(&["check", "-"], "a = 1\n")), "1 file ok\n");
    assert_eq!(stdout(&hcl(&["eval", "-"], "1 + 1\n")), "2\n");
    assert_eq!(stdout(&hcl(&["eval", "-f", "-"], "1 + 2\n")), "3\n");
    assert_eq!(stdout(&hcl(&["json", "-"], "a = 1\n")), "{\"a\":1}\n");
    assert_eq!(
        stdout(&hcl(&["refs", "-"], "a = var.b\n")),
        "-:1:5: var.b\n"
    );
    assert_eq!(stdout(&hcl(&["fmt", "-"], "a=1\n")), "a = 1\n");
}

/// A directory as `check`, `json` and `refs` read it: their HCL files,
/// sorted, not the hidden ones, no others.
fn hcl_files_dir(test: &str) -> std::path::PathBuf {
    fresh_dir(
        test,
        &[
            ("main.tf", "a = var.a\n"),
            ("b.tf.json", "{\"b\": \"${local.b}\"}"),
            ("vars.tfvars", "v = 1\n"),
            ("web.pkr.hcl", "w = var.w\n"),
            // A Nomad job spec.
            ("job.nomad", "job \"x\" {}\n"),
            ("notes.txt", "not = [hcl\n"),
            ("package.json", "[]"),
            (".hidden.tf", "h = [\n"),
            ("main.tf~", "h = [\n"),
            ("sub/s.hcl", "s = var.s\n"),
        ],
    )
}

#[test]
fn check_reads_a_directory_s_hcl_files() {
    let dir = hcl_files_dir("check-dir");
    let out = hcl_in(&dir, &["check", "."]);
    assert_eq!(
        (out.status.code(), stdout(&out)),
        (Some(0), "5 files ok\n".into())
    );
    let out = hcl_in(&dir, &["check", "--recursive", "."]);
    assert_eq!(stdout(&out), "6 files ok\n");
    std::fs::write(dir.join("sub/t.tf"), "t = [\n").unwrap();
    let out = hcl_in(&dir, &["check", "-q", "-recursive", "./"]);
    assert_eq!(
        (out.status.code(), stdout(&out)),
        (Some(1), "sub/t.tf\n".into())
    );
    let out = hcl_in(&dir, &["check", "-q", "sub", "main.tf"]);
    assert_eq!(stdout(&out), "sub/t.tf\n");
    let out = hcl_in(&dir, &["check", "sub/"]);
    assert!(
        stdout(&out).ends_with("1 of 2 files failed\n"),
        "{}",
        stdout(&out)
    );
    // A directory without any: said on stderr, not an error.
    std::fs::create_dir(dir.join("empty")).unwrap();
    let out = hcl_in(&dir, &["check", "empty"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "0 files ok\n");
    assert_eq!(stderr(&out), "hcl: check: no HCL files in empty\n");
}

/// `--recursive`: each subdirectory's files in its place in the name
/// order, a link to a file read, a link to a directory not followed, and
/// directories nested deeper than a call stack would go.
#[cfg(unix)]
#[test]
fn a_recursive_walk_keeps_name_order_and_follows_no_directory_link() {
    let dir = fresh_dir(
        "walk-order",
        &[
            ("a.tf", "a = [\n"),
            ("m/b.tf", "b = [\n"),
            ("z.tf", "z = [\n"),
            ("m/n/c.tf", "c = [\n"),
        ],
    );
    std::os::unix::fs::symlink("m", dir.join("link-dir")).unwrap();
    std::os::unix::fs::symlink("z.tf", dir.join("y.tf")).unwrap();
    // Every file fails: `check -q` lists them in the order read.
    let out = hcl_in(&dir, &["check", "-q", "--recursive", "."]);
    assert_eq!(stdout(&out), "a.tf\nm/b.tf\nm/n/c.tf\ny.tf\nz.tf\n");
    // 2,000 levels down (a path of 4,000 bytes).
    let mut deep = dir.join("deep");
    for _ in 0..2000 {
        deep.push("d");
    }
    if std::fs::create_dir_all(&deep).is_ok()
        && std::fs::write(deep.join("x.tf"), "x = [\n").is_ok()
    {
        let out = hcl_in(&dir, &["check", "-q", "--recursive", "deep"]);
        assert_eq!(out.status.code(), Some(1));
        assert!(stdout(&out).ends_with("/d/x.tf\n"), "{}", stdout(&out));
    }
}

#[test]
fn json_writes_a_directory_as_one_object_keyed_by_path() {
    let dir = hcl_files_dir("json-dir");
    let out = hcl_in(&dir, &["json", "."]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        concat!(
            r#"{"b.tf.json":{"b":"${local.b}"},"job.nomad":{"job":{"x":{}}},"#,
            r#""main.tf":{"a":"${var.a}"},"#,
            r#""vars.tfvars":{"v":1},"web.pkr.hcl":{"w":"${var.w}"}}"#,
            "\n"
        )
    );
    // Keyed by path even for one file.
    let out = hcl_in(&dir, &["json", "-recursive", "sub"]);
    assert_eq!(stdout(&out), "{\"sub/s.hcl\":{\"s\":\"${var.s}\"}}\n");
}

#[test]
fn json_merge_reads_a_directory_as_one_configuration() {
    let dir = hcl_files_dir("json-merge");
    // Terraform's files, in name order, as one object.
    let out = hcl_in(&dir, &["json", "--merge", "."]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "{\"b\":\"${local.b}\",\"a\":\"${var.a}\"}\n");
    // Packer's, by --ext (which implies --merge).
    let out = hcl_in(&dir, &["json", "--ext", ".pkr.hcl,.pkr.json", "."]);
    assert_eq!(stdout(&out), "{\"w\":\"${var.w}\"}\n");
}

#[test]
fn json_merge_names_the_file_of_each_error() {
    let dir = fresh_dir(
        "json-merge-errors",
        &[
            ("a.tf", "x = 1\n"),
            ("b.tf", "\nx = 2\n"),
            ("c_override.tf", "y = 1\n"),
        ],
    );
    let out = hcl_in(&dir, &["json", "--merge", "."]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(
        err.contains("c_override.tf is a Terraform override file"),
        "{err}"
    );
    assert!(
        err.contains("b.tf:2:1: Duplicate argument: Argument \"x\" was already set at a.tf:1,1-2"),
        "{err}"
    );
    let out = hcl_in(&dir, &["json", "--merge", "--format", "json", "."]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let d = &v["diagnostics"][0];
    assert_eq!(d["summary"], "Duplicate argument");
    assert_eq!(d["range"]["filename"], "b.tf");
    assert_eq!(d["range"]["start"]["line"], 2);
    assert_eq!(v["diagnostics"][1]["severity"], "warning");
    assert_eq!(v["diagnostics"][1]["summary"], "Override file skipped");
}

#[test]
fn json_module_gives_variables_and_locals_their_values() {
    // The fixture whose values terraform console gave (ANSWERS.json).
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/modules/precedence"
    );
    let out = hcl(
        &[
            "json",
            "--module",
            "--var-file",
            &format!("{dir}/extra.tfvars"),
            "--var-value",
            "d=7",
            dir,
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        v["locals"]["all"],
        serde_json::json!([6, 4, 5, "7", ["p", "q"], 10])
    );
    // Without the required variable's value (it comes from terraform.tfvars.json
    // in the directory; given FILEs, the directory's files are not read).
    let main = format!("{dir}/main.tf");
    let out = hcl(&["json", "--module", &main], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("main.tf:17:1: No value for required variable: The root module input variable \"f\" is not set"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn check_module_reports_terraform_s_checks_with_file_names() {
    let dir = fresh_dir(
        "check-module",
        &[
            ("a.tf", "variable \"x\" {}\nlocals {\n  l = var.y\n}\n"),
            ("b.tf", "variable \"x\" {}\n"),
        ],
    );
    let out = hcl(&["check", "--module", dir.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(text.contains("b.tf:1:1: Duplicate variable declaration: A variable named \"x\" was already declared at "), "{text}");
    assert!(
        text.contains("a.tf:3:7: Reference to undeclared input variable"),
        "{text}"
    );
    assert!(text.ends_with("1 of 1 module failed\n"), "{text}");
    let out = hcl(
        &[
            "check",
            "--module",
            "--format",
            "github",
            dir.to_str().unwrap(),
        ],
        "",
    );
    let text = stdout(&out);
    assert!(
        text.contains(
            "b.tf,line=1,col=1,endLine=1,endColumn=13,title=Duplicate variable declaration::"
        ),
        "{text}"
    );
    let ok = fresh_dir("check-module-ok", &[("a.tf", "variable \"x\" {}\n")]);
    assert_eq!(
        run(&["check", "--module", ok.to_str().unwrap()]),
        "1 module ok\n"
    );
}

#[test]
fn refs_reads_a_directory_s_hcl_files() {
    let dir = hcl_files_dir("refs-dir");
    let out = hcl_in(&dir, &["refs", "--recursive", "."]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "b.tf.json:1:10: local.b\nmain.tf:1:5: var.a\nsub/s.hcl:1:5: var.s\nweb.pkr.hcl:1:5: var.w\n"
    );
}

#[cfg(unix)]
#[test]
fn an_argument_that_is_not_utf8_is_an_error() {
    use std::os::unix::ffi::OsStrExt;
    let out = Command::new(env!("CARGO_BIN_EXE_hcl"))
        .args(["check".as_ref(), std::ffi::OsStr::from_bytes(b"caf\xe9.tf")])
        .output()
        .expect("hcl binary runs");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "hcl: argument `caf\u{fffd}.tf` is not UTF-8\n"
    );
}

#[test]
fn a_closed_output_pipe_is_no_panic() {
    // More than a pipe holds: the write meets the closed pipe.
    let list = format!(
        "[{}]",
        vec!["\"xxxxxxxxxxxxxxxxxxxxxxxx\""; 20_000].join(",")
    );
    let file = temp_file("big.tf", &format!("a = {list}\n"));
    let expr = temp_file("big.hcl", &list);
    let (file, expr) = (file.to_str().unwrap(), expr.to_str().unwrap());
    for args in [&["json", file][..], &["eval", "-f", expr]] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_hcl"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("hcl binary runs");
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
    }
}

// `hcl edit` (expected texts: what `terraform fmt` leaves unchanged).

#[test]
fn edit_gets_sets_and_removes_by_address() {
    let src = "module \"vpc\" {\n  source  = \"x\"\n  version = \"1.0\" # pinned\n}\n";
    let f = temp_file("edit.tf", src);
    let f = f.to_str().unwrap();
    assert_eq!(
        run(&["edit", "attribute", "get", "module.vpc.version", "-f", f]),
        "\"1.0\"\n"
    );
    assert_eq!(
        run(&["edit", "attribute", "set", "module.vpc.enable_nat", "true", "-f", f]),
        "module \"vpc\" {\n  source     = \"x\"\n  version    = \"1.0\" # pinned\n  enable_nat = true\n}\n"
    );
    assert_eq!(
        run(&["edit", "attribute", "rm", "module.vpc.source", "-f", f]),
        "module \"vpc\" {\n  version = \"1.0\" # pinned\n}\n"
    );
    assert_eq!(
        run(&["edit", "block", "list", "module.vpc", "-f", f]),
        "module \"vpc\"\n"
    );
    // Getting and setting the same text gives the file back.
    let got = run(&["edit", "attribute", "get", "module.vpc.version", "-f", f]);
    assert_eq!(
        run(&[
            "edit",
            "attribute",
            "set",
            "module.vpc.version",
            got.trim_end(),
            "-f",
            f
        ]),
        src
    );
    // Nothing matches: exit 1, said clearly, for rm and set alike.
    for args in [
        &["edit", "attribute", "rm", "module.nope.x", "-f", f][..],
        &["edit", "attribute", "set", "module.nope.x", "1", "-f", f][..],
    ] {
        let out = hcl(args, "");
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(
            stderr(&out).contains("nothing matches `module.nope.x`"),
            "{}",
            stderr(&out)
        );
    }
    // A bad expression is a usage error.
    let out = hcl(
        &["edit", "attribute", "set", "module.vpc.x", "1 +", "-f", f],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn edit_block_addresses_name_a_type_or_its_first_labels() {
    // hcledit: `block list resource` lists every resource, and a type with
    // some of its labels every block that starts with them.
    let src = "resource \"aws_instance\" \"a\" {}\nresource \"aws_instance\" \"b\" {}\nresource \"aws_s3_bucket\" \"c\" {}\nmodule \"m\" {\n  lifecycle {}\n}\n";
    let f = temp_file("edit-blocks.tf", src);
    let f = f.to_str().unwrap();
    assert_eq!(
        run(&["edit", "block", "list", "module", "-f", f]),
        "module \"m\"\n"
    );
    assert_eq!(
        run(&["edit", "block", "list", "resource", "-f", f]),
        "resource \"aws_instance\" \"a\"\nresource \"aws_instance\" \"b\"\nresource \"aws_s3_bucket\" \"c\"\n"
    );
    assert_eq!(
        run(&["edit", "block", "get", "resource.aws_instance", "-f", f]),
        "resource \"aws_instance\" \"a\" {}\nresource \"aws_instance\" \"b\" {}\n"
    );
    assert_eq!(
        run(&["edit", "block", "rm", "resource.aws_instance", "-f", f]),
        "resource \"aws_s3_bucket\" \"c\" {}\nmodule \"m\" {\n  lifecycle {}\n}\n"
    );
    // Nested blocks by the full address of their parent.
    assert_eq!(
        run(&["edit", "block", "list", "module.m.lifecycle", "-f", f]),
        "lifecycle\n"
    );
}

#[test]
fn edit_updates_a_file_in_place() {
    let f = temp_file("edit-u.tf", "a = 1\n# about b\nb = 2\n");
    let p = f.to_str().unwrap();
    assert_eq!(run(&["edit", "attribute", "rm", "a", "-f", p, "-u"]), "");
    assert_eq!(std::fs::read_to_string(&f).unwrap(), "# about b\nb = 2\n");
    // From stdin to stdout.
    let out = hcl(&["edit", "attribute", "set", "b", "3"], "b = 2\n");
    assert_eq!(stdout(&out), "b = 3\n");
}

/// `--format json`: on failure, one object on stdout in the shape of
/// `terraform validate -json` (Terraform 1.11.4 reports the same two
/// diagnostics for this expression, by line and summary), exit 1.
#[test]
fn eval_prints_every_diagnostic_as_json() {
    let out = hcl(
        &["eval", "--format", "json", "-"],
        "[\ntostring({}),\n1 + \"a\",\n]\n",
    );
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v["format_version"], "1.0");
    assert_eq!(v["valid"], false);
    assert_eq!(
        (v["error_count"].as_u64(), v["warning_count"].as_u64()),
        (Some(2), Some(0))
    );
    let d = v["diagnostics"].as_array().unwrap();
    let seen: Vec<(u64, &str, &str)> = d
        .iter()
        .map(|x| {
            (
                x["range"]["start"]["line"].as_u64().unwrap(),
                x["summary"].as_str().unwrap(),
                x["range"]["filename"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        seen,
        [
            (2, "Invalid function argument", "-"),
            (3, "Invalid operand", "-")
        ]
    );
    assert_eq!(d[0]["severity"], "error");
    // The end is exclusive: `tostring({})`'s refused argument is shown by
    // its opening brace, one byte (as `terraform validate -json` shows it).
    let (s, e) = (&d[0]["range"]["start"], &d[0]["range"]["end"]);
    assert_eq!(e["byte"].as_u64().unwrap() - s["byte"].as_u64().unwrap(), 1);
    // Text: every diagnostic on stderr.
    let out = hcl(&["eval", "-"], "[\ntostring({}),\n1 + \"a\",\n]\n");
    assert_eq!(stderr(&out).matches("-:").count(), 2, "{}", stderr(&out));
}

/// A call to an unknown function is kept as written, and reported as a
/// warning with HCL's suggestion; the command succeeds.
#[test]
fn json_warns_of_unknown_functions() {
    let out = hcl(&["json", "-"], "cpu = maxx(250, 500)\n");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "{\"cpu\":\"${maxx(250, 500)}\"}\n");
    assert_eq!(
        stderr(&out),
        "-:1:7: warning: Call to unknown function: There is no function named \"maxx\". Did you mean \"max\"?\n"
    );
    let out = hcl(
        &["json", "--format", "json", "-"],
        "a = 1 + \"x\"\nb = maxx(1)\n",
    );
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(
        (v["error_count"].as_u64(), v["warning_count"].as_u64()),
        (Some(1), Some(1))
    );
    assert_eq!(v["diagnostics"][1]["severity"], "warning");
}

/// `hcl check` reports every syntax error of a file (the parser goes on at
/// the next top-level item), as text, as one JSON object, or as GitHub
/// Actions commands; exit 1 either way.
#[test]
fn check_reports_every_syntax_error_in_each_format() {
    let src = "a {\n  x = = 1\n}\n\nb {\n  y = 2\n}\n\nc {\n  z = 1 @\n}\n";
    let out = hcl(&["check", "-"], src);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(text.contains("-:2:7:") && text.contains("-:10:"), "{text}");
    assert!(text.ends_with("1 of 1 file failed\n"), "{text}");

    let out = hcl(&["check", "--format", "json", "-"], src);
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v["error_count"], 2);
    let lines: Vec<u64> = v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["range"]["start"]["line"].as_u64().unwrap())
        .collect();
    assert_eq!(lines, [2, 10]);
    // Terraform 1.11's summaries for these lines (`terraform fmt -`).
    let summaries: Vec<&str> = v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["summary"].as_str().unwrap())
        .collect();
    assert_eq!(summaries, ["Invalid expression", "Invalid character"]);

    let out = hcl(&["check", "--format", "github", "-"], src);
    assert_eq!(out.status.code(), Some(1));
    let cmds = stdout(&out);
    let first = cmds.lines().next().unwrap();
    assert_eq!(
        first,
        "::error file=-,line=2,col=7,endLine=2,endColumn=8,title=Invalid expression::expected an expression, found `=`"
    );
    assert_eq!(cmds.lines().count(), 2, "{cmds}");
    // A file without errors: an object saying so, exit 0.
    let out = hcl(&["check", "--format", "json", "-"], "a = 1\n");
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(
        (v["valid"].as_bool(), v["error_count"].as_u64()),
        (Some(true), Some(0))
    );
}

#[test]
fn json_var_keeps_what_it_knows_of_a_template_as_the_library_does() {
    // `evaluate_body_str` in template-preserving mode gives
    // "b-default-${aws_x.y.id}": `hcl json --var` (and --module) the same.
    let src = "o = \"b-${var.ns}-${aws_x.y.id}\"\np = \"$${lit}-${var.ns}-${u}\"\n";
    let mut ctx = hcl::eval::Context::new().with_mode(hcl::eval::EvalMode::PreserveTemplates);
    ctx.declare_var(
        "var",
        hcl::Value::from_iter([("ns", hcl::Value::from("default"))]),
    );
    let lib = hcl::eval::evaluate_body_str(src, &ctx).unwrap();
    assert_eq!(lib["o"], hcl::Value::from("b-default-${aws_x.y.id}"));
    let out = hcl(&["json", "--var", r#"var={"ns":"default"}"#, "-"], src);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        format!("{}\n", hcl::json::value_to_string(&lib, false).unwrap())
    );
    assert_eq!(
        stdout(&out),
        "{\"o\":\"b-default-${aws_x.y.id}\",\"p\":\"$${lit}-default-${u}\"}\n"
    );
    // The same in a module's directory, its variable given by --var-value.
    let dir = temp_dir("json-var-module");
    std::fs::write(
        dir.join("main.tf"),
        format!(
            "variable \"ns\" {{}}\n{}",
            src.replace("${u}", "${aws_x.y.arn}")
        ),
    )
    .unwrap();
    let out = hcl(
        &[
            "json",
            "--module",
            "--var-value",
            "ns=default",
            dir.to_str().unwrap(),
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("\"o\":\"b-default-${aws_x.y.id}\""),
        "{}",
        stdout(&out)
    );
}

#[test]
fn json_merge_of_a_directory_without_its_files_is_an_error() {
    // A directory of `.hcl` files read with Terraform's extensions: not `{}`.
    let dir = temp_dir("json-merge-none");
    std::fs::write(dir.join("job.hcl"), "job = \"web\"\n").unwrap();
    let shown = dir.to_str().unwrap();
    let out = hcl(&["json", "--merge", shown], "");
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert_eq!(stdout(&out), "");
    assert!(
        stderr(&out).contains(&format!(
            "no configuration files in {shown} (no file ends with .tf or .tf.json)"
        )),
        "{}",
        stderr(&out)
    );
    // With the right extension it is read.
    assert_eq!(
        run(&["json", "--ext", ".hcl", shown]),
        "{\"job\":\"web\"}\n"
    );
    let out = hcl(&["check", "--module", shown], "");
    assert_eq!(out.status.code(), Some(1));
}

/// Terraform takes a chain of 1,000 conditionals (`terraform fmt` leaves
/// this line as it is; `terraform console -var a=997` gives "v997"): so do
/// `hcl fmt` and `hcl eval` by default, and `-max-depth` sets the limit.
#[test]
fn fmt_and_eval_take_a_thousand_arm_conditional_and_a_depth_limit() {
    let chain: String = (0..1000)
        .map(|i| format!("var.a == {i} ? \"v{i}\" : "))
        .collect::<String>()
        + "\"none\"";
    let src = format!("x = {chain}\n");
    let o = hcl(&["fmt", "-"], &src);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), src);
    let o = hcl(&["fmt", "-max-depth", "2", "-"], "x = [[[1]]]\n");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("nesting too deep"), "{}", stderr(&o));
    assert_eq!(
        run(&["eval", "--var", "var={\"a\":997}", &chain]),
        "\"v997\"\n"
    );
    let o = hcl(&["eval", "--max-depth", "2", "[[[1]]]"], "");
    assert!(!o.status.success());
    assert!(stderr(&o).contains("nesting too deep"), "{}", stderr(&o));
}

/// `hcl plan`: Terraform 1.11.4's plan of this directory is three
/// `terraform_data.a` instances (`-var n=3`) whose ids are known after
/// apply; `--format json` is `terraform show -json`'s document; an error
/// is exit 1 with `terraform validate -json`'s object.
#[test]
fn plan_lists_instances_and_prints_the_plan_json() {
    let dir = temp_dir("plan");
    std::fs::write(
        dir.join("main.tf"),
        "variable \"n\" {\n  default = 2\n}\nresource \"terraform_data\" \"a\" {\n  count = var.n\n  input = count.index\n}\noutput \"ids\" {\n  value = terraform_data.a[*].id\n}\n",
    )
    .unwrap();
    let d = dir.to_str().unwrap();
    assert_eq!(
        run(&["plan", "--var", "n=3", d]),
        "  + terraform_data.a[0]\n  + terraform_data.a[1]\n  + terraform_data.a[2]\n\nPlan: 3 to add, 0 to change, 0 to destroy.\n\nChanges to Outputs:\n  + ids = (known after apply)\n"
    );
    let json = run(&["plan", "--format", "json", d]);
    let v = hcl::json::value_from_str(&json).unwrap();
    assert_eq!(
        v["resource_changes"][1]["address"],
        hcl::Value::from("terraform_data.a[1]")
    );
    assert_eq!(
        v["resource_changes"][1]["change"]["after"]["input"],
        hcl::Value::from(1)
    );
    assert_eq!(
        v["output_changes"]["ids"]["after_unknown"][1],
        hcl::Value::Bool(true)
    );
    assert_eq!(
        run(&["plan", "--validate", d]),
        "Success! The configuration is valid.\n"
    );
    let o = hcl(&["plan", "--format", "json", "--var", "n=-1", d], "");
    assert_eq!(o.status.code(), Some(1));
    let v = hcl::json::value_from_str(&stdout(&o)).unwrap();
    assert_eq!(
        v["diagnostics"][0]["summary"],
        hcl::Value::from("Invalid count argument")
    );
    assert_eq!(
        v["diagnostics"][0]["range"]["start"]["line"],
        hcl::Value::from(5)
    );
    let o = hcl(&["plan", "--var", "n=-1", d], "");
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("main.tf:5:11: Invalid count argument"),
        "{}",
        stderr(&o)
    );
}

/// `--env-vars` reads the tool's environment variables (and nothing reads
/// them without it); `--tool packer` reads Packer's files and variable
/// files and speaks Packer's words.
#[test]
fn environment_variables_and_packer_s_conventions() {
    let dir = temp_dir("tool");
    std::fs::write(
        dir.join("build.pkr.hcl"),
        "variable \"ami\" {\n  type = string\n}\nlocals {\n  name = \"img-${var.ami}\"\n}\n",
    )
    .unwrap();
    std::fs::write(dir.join("main.tf"), "variable \"n\" {\n  type = number\n}\nresource \"terraform_data\" \"a\" {\n  count = var.n\n}\n").unwrap();
    let d = dir.to_str().unwrap();
    let with_env = |args: &[&str], key: &str, value: &str| {
        Command::new(env!("CARGO_BIN_EXE_hcl"))
            .args(args)
            .env(key, value)
            .output()
            .unwrap()
    };
    let o = with_env(&["plan", d], "TF_VAR_n", "2");
    assert!(!o.status.success());
    assert!(stderr(&o).contains("No value for required variable"));
    let o = with_env(&["plan", "--env-vars", d], "TF_VAR_n", "2");
    assert_eq!(
        stdout(&o).lines().filter(|l| l.starts_with("  + ")).count(),
        2
    );
    let o = hcl(&["json", "--tool", "packer", d], "");
    assert!(stderr(&o).contains("Unset variable \"ami\": A used variable must be set"));
    let o = with_env(
        &["json", "--tool", "packer", "--env-vars", d],
        "PKR_VAR_ami",
        "x",
    );
    let v = hcl::json::value_from_str(&stdout(&o)).unwrap();
    assert_eq!(v["locals"]["name"], hcl::Value::from("img-x"));
    let _ = std::fs::remove_dir_all(&dir);
}
