//! Diagnostics as Terraform's `terraform validate -json` prints them.

use crate::error::{Diagnostic, Error, Severity};
use crate::value::{Map, Value};

/// One diagnostic in `terraform validate -json`'s shape: `severity`,
/// `summary`, `detail`, and a `range` (`filename`, `start` and exclusive
/// `end`, each `line`, `column` and `byte`) when it has a place; `file`
/// names a diagnostic whose range does not.
///
/// ```
/// let err = hcl::parse("a = \n").unwrap_err();
/// let d = err.diagnostics().next().unwrap();
/// let v = hcl::json::diagnostic_value(&d, "main.tf");
/// assert_eq!(v["severity"], hcl::Value::from("error"));
/// assert_eq!(v["range"]["filename"], hcl::Value::from("main.tf"));
/// assert_eq!(v["range"]["start"]["line"], hcl::Value::from(1));
/// ```
pub fn diagnostic_value(d: &Diagnostic, file: &str) -> Value {
    let mut o = Map::new();
    o.insert(
        "severity",
        Value::from(match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }),
    );
    o.insert("summary", Value::from(d.summary.as_str()));
    o.insert("detail", Value::from(d.detail.as_str()));
    if let Some(r) = &d.range {
        let mut range = Map::new();
        range.insert(
            "filename",
            Value::from(r.filename.as_deref().unwrap_or(file)),
        );
        range.insert("start", r.start.to_value());
        range.insert("end", r.end.to_value());
        o.insert("range", Value::Object(range));
    }
    Value::Object(o)
}

/// `terraform validate -json`'s object for the diagnostics of some
/// inputs: each input's name, its error if it failed (with the warnings
/// it holds), and its warnings (errors first, then warnings).
///
/// ```
/// let err = hcl::parse("a = [1 2]\n").unwrap_err().with_file("main.tf");
/// let v = hcl::json::diagnostics_value(&[("main.tf", Some(&err), &[])]);
/// assert_eq!(v["valid"], hcl::Value::Bool(false));
/// assert_eq!(v["diagnostics"][0]["summary"], hcl::Value::from("Missing item separator"));
/// assert_eq!(v["diagnostics"][0]["range"]["start"]["column"], hcl::Value::from(8));
/// ```
pub fn diagnostics_value(inputs: &[(&str, Option<&Error>, &[Diagnostic])]) -> Value {
    let (mut errors, mut warnings) = (Vec::new(), Vec::new());
    for (file, err, warned) in inputs {
        if let Some(e) = err {
            for d in e.diagnostics() {
                let list = match d.severity {
                    Severity::Error => &mut errors,
                    Severity::Warning => &mut warnings,
                };
                list.push(diagnostic_value(&d, file));
            }
        }
        warnings.extend(warned.iter().map(|d| diagnostic_value(d, file)));
    }
    let (error_count, warning_count) = (errors.len(), warnings.len());
    errors.extend(warnings);
    Value::from_iter([
        ("format_version", Value::from("1.0")),
        ("valid", Value::Bool(error_count == 0)),
        ("error_count", Value::from(error_count as u64)),
        ("warning_count", Value::from(warning_count as u64)),
        ("diagnostics", Value::Array(errors)),
    ])
}
