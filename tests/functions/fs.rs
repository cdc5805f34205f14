//! Filesystem functions (feature `fs`) over tests/fixtures/functions/fs/,
//! with expected values produced by Terraform 1.11.4 run in a copy of that
//! directory (fs_cases.txt → fs_gen.py → fs_cases.json).
#![cfg(feature = "fs")]

use crate::support;

use hcl::eval::functions::fs::with_base_dir;
use hcl::Value;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/functions/fs");

fn cases() -> Vec<serde_json::Value> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/functions/fs_cases.json"
    ))
    .unwrap();
    support::parse_cases(&text)
}

/// Cases where we knowingly differ from Terraform.
const KNOWN_DIFFERENCES: &[&str] = &[
    // Terraform insists that templatestring's template is a reference to a
    // named value, not a literal. The evaluator checks that (see
    // `templatestring_wants_a_reference` in tests/eval/errors.rs); a direct
    // call of the function receives only the value.
    "fs/templatestring-literal",
];

#[test]
fn fixture_cases_with_base_dir() {
    let funcs = with_base_dir(DIR);
    let plain: Vec<serde_json::Value> = cases()
        .into_iter()
        .filter(|c| c.get("locals").is_none())
        .collect();
    let (ran, failures) = support::run_with(&plain, KNOWN_DIFFERENCES, &funcs);
    assert!(ran >= 40, "only {ran} cases ran");
    assert!(
        failures.is_empty(),
        "{} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn nothing_reads_files_unless_allowed() {
    // Not built in: evaluating a config reads nothing from the filesystem.
    assert!(hcl::eval::functions::builtin("file").is_none());
    assert!(hcl::eval::functions::builtin("templatefile").is_none());
    assert!(hcl::eval::functions::builtin("basename").is_some());
    let mut ctx = hcl::eval::Context::new();
    let err = hcl::eval::evaluate_str("file(\"hello.txt\")", &ctx).unwrap_err();
    assert!(err.message().contains("allow_files"), "{}", err.message());
    // Template-preserving mode keeps the call as written.
    let v: hcl::Value = hcl::from_str("x = file(\"/etc/passwd\")\n").unwrap();
    assert_eq!(v["x"], Value::from("${file(\"/etc/passwd\")}"));
    // Allowed, relative paths resolve against the base directory.
    ctx.allow_files(DIR);
    let text = hcl::eval::evaluate_str("file(\"hello.txt\")", &ctx).unwrap();
    assert_eq!(text, "Hello, world!\n");
}

#[test]
fn abspath_is_absolute_and_clean() {
    let funcs = with_base_dir(DIR);
    let abspath = &funcs.iter().find(|(n, _)| *n == "abspath").unwrap().1;
    let p = abspath.call(vec![Value::from("sub/../hello.txt")]).unwrap();
    let p = p.as_str().unwrap();
    assert!(
        p.starts_with('/') && p.ends_with("/tests/fixtures/functions/fs/hello.txt"),
        "{p}"
    );
}

#[test]
fn pathexpand_uses_home() {
    let Some(home) = std::env::var_os("HOME") else {
        return;
    };
    let f = hcl::eval::functions::builtin("pathexpand").unwrap();
    let got = f.call(vec![Value::from("~/x")]).unwrap();
    assert_eq!(
        got.as_str().unwrap(),
        format!("{}/x", home.to_string_lossy())
    );
    assert!(f.call(vec![Value::from("~other/x")]).is_err());
}

#[test]
fn missing_file_message() {
    let funcs = with_base_dir(DIR);
    let file = &funcs.iter().find(|(n, _)| *n == "file").unwrap().1;
    let err = file.call(vec![Value::from("nope.txt")]).unwrap_err();
    assert!(
        err.message().starts_with("no file exists at nope.txt"),
        "{err}"
    );
}

#[test]
fn fixture_cases_through_the_evaluator() {
    let make = || {
        let mut ctx = hcl::eval::Context::new();
        hcl::eval::functions::fs::declare_in(&mut ctx, DIR);
        ctx
    };
    let (ran, failures) = support::run_eval(&cases(), KNOWN_DIFFERENCES, &make);
    assert!(ran >= 60, "only {ran} cases ran");
    assert!(
        failures.is_empty(),
        "{} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn fileexists_of_a_directory_names_the_cleaned_path() {
    // Terraform 1.11.4: `fileexists("")` fails with `"." is a directory,
    // not a file` (the empty path is the module's directory), and
    // `fileexists("./sub/")` and `fileexists("sub/../sub")` name `"sub"`.
    let funcs = with_base_dir(DIR);
    let exists = &funcs.iter().find(|(n, _)| *n == "fileexists").unwrap().1;
    for (path, shown) in [
        ("", "\".\""),
        ("./sub/", "\"sub\""),
        ("sub/../sub", "\"sub\""),
    ] {
        let e = exists.call(vec![Value::from(path)]).unwrap_err();
        assert_eq!(
            e.message(),
            format!("{shown} is a directory, not a file"),
            "{path:?}"
        );
    }
}

#[test]
fn file_functions_answer_to_their_core_names_when_allowed() {
    // `terraform console`: core::templatefile("x.tmpl", {a = "b"}) is "hi b".
    let mut ctx = hcl::eval::Context::new();
    ctx.allow_files(DIR);
    let plain = hcl::eval::evaluate_str("file(\"hello.txt\")", &ctx).unwrap();
    let core = hcl::eval::evaluate_str("core::file(\"hello.txt\")", &ctx).unwrap();
    assert_eq!(core, plain);
    for name in hcl::eval::functions::FILE_FUNCTIONS {
        assert!(ctx.func(&format!("core::{name}")).is_some(), "{name}");
    }
    // Not allowed: the message says what to do, for the core name too.
    let denied = hcl::eval::Context::new();
    let err = hcl::eval::evaluate_str("core::templatefile(\"x\", {})", &denied).unwrap_err();
    assert!(
        err.message()
            .contains("\"core::templatefile\" reads the filesystem"),
        "{err}"
    );
}
