//! The `hcl` command-line tool.
//!
//! ```text
//! hcl check [--quiet] FILE...     parse each file (`-` = stdin), report failures
//! ```

use std::io::{self, Read, Write};
use std::process::ExitCode;

const USAGE: &str = "\
usage: hcl <command> [options] [args]

commands:
  check [--quiet] FILE...   parse each FILE (`-` reads stdin); print failures as
                            FILE:LINE:COL: message with a snippet; exit 1 if any fails
  help                      show this text
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((cmd, rest)) = args.split_first() else {
        eprint!("{USAGE}");
        return ExitCode::from(2);
    };
    let result = match cmd.as_str() {
        "check" => check(rest),
        "help" | "-h" | "--help" => {
            print!("{USAGE}");
            Ok(true)
        }
        other => Err(format!("unknown command `{other}`\n\n{USAGE}")),
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(msg) => {
            eprintln!("hcl: {msg}");
            ExitCode::from(2)
        }
    }
}

/// Reads a file argument (`-` is stdin) as bytes.
fn read_input(path: &str) -> io::Result<Vec<u8>> {
    if path == "-" {
        let mut buf = Vec::new();
        io::stdin().read_to_end(&mut buf)?;
        Ok(buf)
    } else {
        std::fs::read(path)
    }
}

/// Formats an error as `FILE:LINE:COL: message` followed by the snippet.
fn report(path: &str, err: &hcl::Error) -> String {
    let shown = err.to_string();
    // Display is "message at line L, column C\n<snippet>"; lead with the position instead.
    let (first, rest) = shown.split_once('\n').unwrap_or((&shown, ""));
    let msg = match (err.line(), err.column()) {
        (Some(l), Some(c)) => {
            let suffix = format!(" at line {l}, column {c}");
            let first = first.strip_suffix(&suffix).unwrap_or(first);
            format!("{path}:{l}:{c}: {first}")
        }
        _ => format!("{path}: {first}"),
    };
    if rest.is_empty() {
        msg
    } else {
        format!("{msg}\n{rest}")
    }
}

fn check(args: &[String]) -> Result<bool, String> {
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
    let mut ok = true;
    for path in files {
        let outcome = read_input(path)
            .map_err(hcl::Error::from)
            .and_then(|bytes| hcl::parser::parse_bytes(&bytes).map(drop));
        if let Err(err) = outcome {
            ok = false;
            let line = if quiet {
                path.to_owned()
            } else {
                report(path, &err)
            };
            // A closed pipe (e.g. `| head`) is not an error worth a panic.
            if writeln!(out, "{line}").is_err() {
                break;
            }
        }
    }
    Ok(ok)
}
