//! The `hcl` command-line tool.
//!
//! Its commands and their flags are declared once, in [`commands`]: the
//! argument parser ([`args`]), the usage text and `docs/cli.md`'s synopses
//! and flag tables ([`usage`]) are made from that declaration.
//!
//! Every command reads its arguments as [`args`] does: `-flag` or
//! `--flag`, `-h`/`--help` for its usage; a PATH is a file, `-` (stdin)
//! or a directory (see [`inputs`]).

use std::io::{self, Read, Write};
use std::process::ExitCode;

mod args;
mod check;
mod commands;
mod edit;
mod eval;
mod fmt;
mod inputs;
mod json;
mod plan;
mod refs;
mod usage;

use args::{Arg, Args, Stop};

fn main() -> ExitCode {
    // Not `env::args()`, which panics on an argument that is not UTF-8.
    let args: Result<Vec<String>, _> = std::env::args_os()
        .skip(1)
        .map(|a| a.into_string())
        .collect();
    let args = match args {
        Ok(args) => args,
        Err(arg) => {
            let arg = arg.to_string_lossy();
            eprintln!("hcl: argument `{arg}` is not UTF-8");
            return ExitCode::from(2);
        }
    };
    let Some((cmd, rest)) = args.split_first() else {
        eprint!("{}", usage::full());
        return ExitCode::from(2);
    };
    // `hcl --help ...` and `hcl --version ...` are `hcl help ...` and
    // `hcl version ...`.
    let cmd = match args::flag_name(cmd) {
        Some(("h" | "help", None)) => "help",
        Some(("V" | "version", None)) => "version",
        Some(_) => {
            eprintln!("hcl: unknown flag `{cmd}` (see `hcl help`)");
            return ExitCode::from(2);
        }
        None => cmd.as_str(),
    };
    let result = match cmd {
        "check" => check::check(rest),
        "eval" => eval::eval(rest),
        "json" => json::json(rest),
        "refs" => refs::refs(rest),
        "plan" => plan::plan(rest),
        "edit" => edit::edit(rest),
        "fmt" => return fmt::fmt(rest),
        "help" => help(rest),
        "version" => version(rest),
        other => Err(Stop::Error(format!(
            "unknown command `{other}` (see `hcl help`)"
        ))),
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(Stop::Help) => {
            print_usage(cmd);
            ExitCode::SUCCESS
        }
        Err(Stop::Error(msg)) => {
            eprintln!("hcl: {msg}");
            ExitCode::from(2)
        }
    }
}

/// Prints command `cmd`'s usage on stdout.
fn print_usage(cmd: &str) {
    print_out(&usage::of(cmd).unwrap_or_else(usage::full));
}

/// `hcl help [COMMAND]`.
fn help(args: &[String]) -> Result<bool, Stop> {
    let mut args = Args::new("help", args);
    let mut topic = None;
    while let Some(arg) = args.next()? {
        match arg {
            Arg::Switch(name, _) | Arg::Flag(name, _) => return Err(args.unread(name)),
            Arg::Value(cmd) if topic.is_none() => topic = Some(cmd),
            Arg::Value(cmd) => return Err(args.extra(cmd, "help takes one COMMAND")),
        }
    }
    let text = match topic {
        None => usage::full(),
        Some(cmd) => usage::of(cmd)
            .ok_or_else(|| format!("help: unknown command `{cmd}` (see `hcl help`)"))?,
    };
    print_out(&text);
    Ok(true)
}

/// `hcl version`.
fn version(args: &[String]) -> Result<bool, Stop> {
    let mut args = Args::new("version", args);
    // Read to the end: `-h` after anything is still help.
    let mut wrong = None;
    while let Some(arg) = args.next()? {
        wrong.get_or_insert(match arg {
            Arg::Switch(name, _) | Arg::Flag(name, _) => args.unread(name),
            Arg::Value(v) => args.extra(v, "version takes no arguments"),
        });
    }
    if let Some(stop) = wrong {
        return Err(stop);
    }
    print_out(&format!("hcl {}\n", env!("CARGO_PKG_VERSION")));
    Ok(true)
}

/// Writes `text` to stdout; a closed pipe (e.g. `| head`) is not an error
/// worth a panic, as `print!` would make it.
fn print_out(text: &str) {
    let _ = io::stdout().lock().write_all(text.as_bytes());
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
    let mut out = String::new();
    for (i, e) in err.iter().enumerate() {
        if i > 0 {
            out.push_str("\n\n");
        }
        out.push_str(&report_one(path, e));
    }
    out
}

/// One diagnostic of [`report`] (named by its own file when it has one:
/// a diagnostic of several files read as one).
fn report_one(path: &str, err: &hcl::Error) -> String {
    let shown = err.own().to_string();
    let path = err.file().unwrap_or(path);
    // Display is "message at line L, column C\n<snippet>" (or "at
    // FILE:L:C"; the message may span lines); lead with the position
    // instead.
    match (err.line(), err.column()) {
        (Some(l), Some(c)) => {
            let suffix = match err.file() {
                Some(f) => format!(" at {f}:{l}:{c}"),
                None => format!(" at line {l}, column {c}"),
            };
            match shown.find(&suffix) {
                Some(i) => format!(
                    "{path}:{l}:{c}: {}{}",
                    &shown[..i],
                    &shown[i + suffix.len()..]
                ),
                None => format!("{path}:{l}:{c}: {shown}"),
            }
        }
        _ => match err.file() {
            Some(f) => format!(
                "{path}: {}",
                shown.strip_suffix(&format!(" in {f}")).unwrap_or(&shown)
            ),
            None => format!("{path}: {shown}"),
        },
    }
}

/// Terraform's `validate -json` object for the diagnostics of some
/// inputs: each input's name (`-`: stdin, `<expr>`: an expression
/// argument), its error if it failed, and its warnings.
fn diagnostics_json(inputs: &[(&str, Option<&hcl::Error>, &[hcl::Diagnostic])]) -> String {
    hcl::json::value_to_string(&hcl::json::diagnostics_value(inputs), false).unwrap_or_default()
}

/// `--format text|json`: whether diagnostics print as JSON.
fn json_format(command: &str, value: &str) -> Result<bool, Stop> {
    match value {
        "json" => Ok(true),
        "text" => Ok(false),
        other => Err(format!("{command}: --format `{other}`: expected text or json").into()),
    }
}

/// Prints `warnings` of the input named `path` to stderr.
fn print_warnings(path: &str, warnings: &[hcl::Diagnostic]) {
    for w in warnings {
        match &w.range {
            Some(r) => eprintln!(
                "{}:{}:{}: warning: {}: {}",
                r.filename.as_deref().unwrap_or(path),
                r.start.line,
                r.start.column,
                w.summary,
                w.detail
            ),
            None => eprintln!("{path}: warning: {}: {}", w.summary, w.detail),
        }
    }
}

/// Reads a file argument as UTF-8 text.
fn read_text(path: &str) -> hcl::Result<String> {
    let bytes = read_input(path)?;
    String::from_utf8(bytes).map_err(|e| {
        // The parser's UTF-8 error, with line, column and snippet.
        hcl::parser::check_utf8(e.as_bytes())
            .err()
            .unwrap_or_else(|| hcl::Error::new(hcl::ErrorKind::Parse, e.to_string()))
    })
}

/// A value as JSON (numbers exact, keys in order; ±Inf an error).
fn to_json(value: &hcl::Value, pretty: bool) -> Result<String, String> {
    hcl::json::value_to_string(value, pretty).map_err(|e| format!("cannot print as JSON: {e}"))
}

/// `--var NAME=JSON` (of command `cmd`): declares NAME in `ctx`.
fn declare_json_var(ctx: &mut hcl::eval::Context<'_>, cmd: &str, def: &str) -> Result<(), String> {
    let (name, json) = def
        .split_once('=')
        .ok_or_else(|| format!("{cmd}: --var `{def}`: expected NAME=JSON"))?;
    let value = hcl::json::value_from_str(json).map_err(|e| format!("{cmd}: --var {name}: {e}"))?;
    ctx.declare_var(name, value);
    Ok(())
}
