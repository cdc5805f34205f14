//! `hcl check`: parses files and reports what fails.

use std::io::{self, Write};

use super::args::{Arg, Args, Stop};
use super::{is_json_path, read_input, report};

/// `hcl check [--quiet] FILE...`.
pub(crate) fn check(args: &[String]) -> Result<bool, Stop> {
    let mut quiet = false;
    let mut paths = Vec::new();
    let mut args = Args::new("check", args);
    while let Some(arg) = args.next()? {
        match arg {
            Arg::Flag(flag) => match flag.name {
                "quiet" | "q" => quiet = flag.bool()?,
                _ => return Err(flag.unknown()),
            },
            Arg::Value(path) => paths.push(path),
        }
    }
    if paths.is_empty() {
        return Err("check: no files given (use `-` for stdin)".into());
    }
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut failed = 0;
    for &path in &paths {
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
        let n = paths.len();
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
