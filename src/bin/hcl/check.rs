//! `hcl check`: parses files and reports what fails.

use std::io::{self, Write};

use super::args::{Arg, Args, Stop};
use super::inputs::collect;
use super::report;

/// `hcl check [--quiet] [--recursive] PATH...`.
pub(crate) fn check(args: &[String]) -> Result<bool, Stop> {
    let mut quiet = false;
    let mut recursive = false;
    let mut paths = Vec::new();
    let mut args = Args::new("check", args);
    while let Some(arg) = args.next()? {
        match arg {
            Arg::Flag(flag) => match flag.name {
                "quiet" | "q" => quiet = flag.bool()?,
                "recursive" => recursive = flag.bool()?,
                _ => return Err(flag.unknown()),
            },
            Arg::Value(path) => paths.push(path),
        }
    }
    if paths.is_empty() {
        return Err("check: no files given (use `-` for stdin)".into());
    }
    let inputs = collect("check", &paths, recursive);
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut failed = 0;
    for input in &inputs {
        let outcome = input.read_bytes().and_then(|bytes| {
            if input.is_json() {
                let text = hcl::parser::check_utf8(&bytes)?;
                hcl::json::parse(text).map(drop)
            } else {
                hcl::parser::validate_bytes(&bytes)
            }
        });
        if let Err(err) = outcome {
            failed += 1;
            let line = if quiet {
                input.shown.clone()
            } else {
                report(&input.shown, &err)
            };
            // A closed pipe (e.g. `| head`) is not an error worth a panic.
            if writeln!(out, "{line}").is_err() {
                return Ok(false);
            }
        }
    }
    if !quiet {
        let n = inputs.len();
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
