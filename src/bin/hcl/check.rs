//! `hcl check`: parses files and reports what fails.

use std::io::{self, Write};

use super::{is_json_path, read_input, report};

pub(crate) fn check(args: &[String]) -> Result<bool, String> {
    let mut quiet = false;
    let mut files = Vec::new();
    for a in args {
        match a.as_str() {
            "--quiet" | "-q" => quiet = true,
            s if s.starts_with("--") => return Err(format!("check: unknown option `{s}`")),
            _ => files.push(a.as_str()),
        }
    }
    if files.is_empty() {
        return Err("check: no files given (use `-` for stdin)".into());
    }
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut failed = 0;
    for &path in &files {
        let outcome = read_input(path)
            .map_err(hcl::Error::from)
            .and_then(|bytes| {
                if is_json_path(path) {
                    let text = hcl::parser::check_utf8(&bytes)?;
                    hcl::json::parse(text).map(drop)
                } else {
                    hcl::parser::validate_bytes(&bytes)
                }
            });
        if let Err(err) = outcome {
            failed += 1;
            let line = if quiet {
                path.to_owned()
            } else {
                report(path, &err)
            };
            // A closed pipe (e.g. `| head`) is not an error worth a panic.
            if writeln!(out, "{line}").is_err() {
                return Ok(false);
            }
        }
    }
    if !quiet {
        let n = files.len();
        let files = if n == 1 { "file" } else { "files" };
        let summary = if failed == 0 {
            format!("{n} {files} ok")
        } else {
            format!("{failed} of {n} {files} failed")
        };
        let _ = writeln!(out, "{summary}");
    }
    Ok(failed == 0)
}
