//! A directory's files, chosen by extension.

use std::path::PathBuf;

use hcl::config::{DirFiles, Files};
use hcl::Value;

/// A fresh directory holding `files`.
fn dir(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let d = std::env::temp_dir().join(format!("hcl2-config-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(d.join("sub")).unwrap();
    for (n, t) in files {
        std::fs::write(d.join(n), t).unwrap();
    }
    d
}

#[test]
fn terraform_files_in_name_order_without_subdirectories_or_variable_files() {
    let d = dir(
        "tf",
        &[
            ("b.tf", "b = 2\n"),
            ("a.tf.json", r#"{"a": 1}"#),
            ("c.tf", "c = 3\n"),
            ("terraform.tfvars", "x = 1\n"),
            ("x.auto.tfvars.json", r#"{"y": 1}"#),
            ("notes.txt", "not hcl"),
            (".hidden.tf", "h = 1\n"),
            ("backup.tf~", "k = 1\n"),
            ("sub/d.tf", "d = 4\n"),
        ],
    );
    let files = Files::read_dir(&d, &DirFiles::terraform()).unwrap();
    let names: Vec<String> = files
        .names()
        .map(|n| n.rsplit('/').next().unwrap().to_owned())
        .collect();
    assert_eq!(names, ["a.tf.json", "b.tf", "c.tf"]);
    let v: Value = files.deserialize().unwrap();
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(|k| k.as_str()).collect();
    assert_eq!(keys, ["a", "b", "c"]);
    assert!(files.warnings().is_empty());
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn override_files_are_skipped_with_a_warning() {
    let d = dir(
        "override",
        &[
            ("main.tf", "a = 1\n"),
            ("override.tf", "a = 2\n"),
            ("db_override.tf.json", r#"{"a": 3}"#),
        ],
    );
    let files = Files::read_dir(&d, &DirFiles::terraform()).unwrap();
    assert_eq!(files.names().count(), 1);
    let v: Value = files.deserialize().unwrap();
    assert_eq!(v["a"], Value::from(1));
    let skipped: Vec<&str> = files
        .warnings()
        .iter()
        .map(|w| w.summary.as_str())
        .collect();
    assert_eq!(skipped, ["Override file skipped", "Override file skipped"]);
    assert!(files.warnings()[0].detail.contains("db_override.tf.json"));
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn packer_files_by_their_extensions() {
    let d = dir(
        "packer",
        &[
            ("build.pkr.hcl", "source \"null\" \"a\" {}\n"),
            ("vars.pkr.json", r#"{"variable": {"v": {"default": 1}}}"#),
            ("main.tf", "x = 1\n"),
            ("x_override.pkr.hcl", "y = 1\n"),
        ],
    );
    let files = Files::read_dir(&d, &DirFiles::packer()).unwrap();
    let names: Vec<String> = files
        .names()
        .map(|n| n.rsplit('/').next().unwrap().to_owned())
        .collect();
    // (Override files are Terraform's: a Packer file of that name is read.)
    assert_eq!(
        names,
        ["build.pkr.hcl", "vars.pkr.json", "x_override.pkr.hcl"]
    );
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn errors_name_the_file_with_its_directory() {
    let d = dir("errors", &[("a.tf", "a = 1\n"), ("b.tf", "b = [1 2]\n")]);
    let err = Files::read_dir(&d, &DirFiles::terraform()).unwrap_err();
    let expected = d.join("b.tf").display().to_string();
    assert_eq!(err.file(), Some(expected.as_str()));
    assert_eq!((err.line(), err.column()), (Some(1), Some(8)));
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn a_file_that_is_not_utf8_is_an_error_at_its_own_line_and_column() {
    // (The files are read into one text; the error is the file's own, as
    // `hcl::parser::check_utf8` of that file alone gives it.)
    let d = dir("utf8", &[("a.tf", "a = 1")]);
    std::fs::write(d.join("b.tf"), b"b = 1\nc = \"caf\xe9\"\n").unwrap();
    std::fs::write(d.join("c.tf"), "d = 1\n").unwrap();
    let err = Files::read_dir(&d, &DirFiles::terraform()).unwrap_err();
    let expected = d.join("b.tf").display().to_string();
    assert_eq!(err.file(), Some(expected.as_str()));
    assert_eq!((err.line(), err.column()), (Some(2), Some(9)));
    assert!(
        err.message().starts_with("Invalid character encoding"),
        "{err}"
    );
    // A sequence cut off at the very end of a file, before the next one's
    // first byte: still that file's error, at its own place.
    std::fs::write(d.join("b.tf"), b"b = 1\n\xc3").unwrap();
    let err = Files::read_dir(&d, &DirFiles::terraform()).unwrap_err();
    assert_eq!(err.file(), Some(expected.as_str()));
    assert_eq!((err.line(), err.column()), (Some(2), Some(1)));
    // The files around it read as before.
    std::fs::write(d.join("b.tf"), "b = \"caf\u{e9}\"\n").unwrap();
    let v: Value = Files::read_dir(&d, &DirFiles::terraform())
        .unwrap()
        .deserialize()
        .unwrap();
    assert_eq!(
        (v["a"].as_u64(), v["b"].as_str(), v["d"].as_u64()),
        (Some(1), Some("caf\u{e9}"), Some(1))
    );
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn a_missing_directory_is_an_error() {
    let err = Files::read_dir("/nonexistent/hcl2/dir", &DirFiles::terraform()).unwrap_err();
    assert_eq!(err.kind(), hcl::ErrorKind::Io);
    assert!(err.message().contains("/nonexistent/hcl2/dir"), "{err}");
}

#[test]
fn a_directory_of_more_files_than_are_opened_at_once_is_read_whole() {
    // 600 files (read in groups of a bounded number open at once), empty
    // ones and ones without a last newline among them: each file's
    // attribute, in name order, at its own line.
    let texts: Vec<(String, String)> = (0..600)
        .map(|i| {
            let text = match i % 3 {
                0 => format!("a{i:03} = {i}\n"),
                1 => format!("a{i:03} = {i}"),
                _ => String::new(),
            };
            (format!("f{i:03}.tf"), text)
        })
        .collect();
    let borrowed: Vec<(&str, &str)> = texts
        .iter()
        .map(|(n, t)| (n.as_str(), t.as_str()))
        .collect();
    let d = dir("many", &borrowed);
    let files = Files::read_dir(&d, &DirFiles::terraform()).unwrap();
    assert_eq!(files.names().count(), 600);
    let v: Value = files.deserialize().unwrap();
    let o = v.as_object().unwrap();
    let expected: Vec<String> = (0..600)
        .filter(|i| i % 3 != 2)
        .map(|i| format!("a{i:03}"))
        .collect();
    let keys: Vec<&str> = o.keys().map(|k| k.as_str()).collect();
    assert_eq!(keys, expected);
    assert_eq!(o["a597"], Value::from(597));
    assert_eq!(o["a598"], Value::from(598));
    // A file without a last newline does not run into the next.
    assert_eq!(o["a001"], Value::from(1));
    std::fs::remove_dir_all(&d).unwrap();
}
