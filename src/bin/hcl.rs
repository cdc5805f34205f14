//! The `hcl` command-line tool.
//!
//! ```text
//! hcl check [--quiet] FILE...     parse each file (`-` = stdin), report failures and a summary
//! hcl eval [--var NAME=JSON]... [--unknown PATH=TYPE[!]]... [--type] ('EXPR' | -f FILE | -)
//! hcl eval --as TYPE [--non-nullable] [--default EXPR | 'EXPR'] [--var-value RAW] [--type]
//! hcl json [--pretty] [--no-eval] [--expand-dynamic] [--strict] [--var NAME=JSON]... [--allow-files DIR] FILE...
//! hcl refs [--json] (FILE... | - | --expr 'EXPR')
//! hcl fmt [-check] [-diff] [-write=false] [-list=false] [-recursive] [PATH... | -]
//! ```

use std::io::{self, Read};
use std::process::ExitCode;

#[path = "hcl/check.rs"]
mod check;
#[path = "hcl/eval.rs"]
mod eval;
#[path = "hcl/fmt.rs"]
mod fmt;
#[path = "hcl/json.rs"]
mod json;
#[path = "hcl/refs.rs"]
mod refs;

const USAGE: &str = r#"usage: hcl <command> [options] [args]

commands:
  check [--quiet] FILE...   parse each FILE (`-` reads stdin); print failures as
                            FILE:LINE:COL: message with a snippet, then how many
                            files were checked (`3 files ok`, `1 of 3 files
                            failed`); exit 1 if any fails; --quiet: only the
                            paths of the files that fail
  eval [--var NAME=JSON]... [--unknown PATH=TYPE[!]]... [--type] ('EXPR' | -f FILE | -)
                            evaluate one expression (strict: undefined variables
                            and functions are errors) and print its value as JSON;
                            --unknown declares a value not known yet, of a type in
                            Terraform's syntax (`any`: any type; `!`: not null), at
                            a variable or dotted path (local.id=string!); unknown
                            values print as {"$unknown": "TYPE"}; --type prints
                            {"value": V, "type": T} ({"unknown": true, "type": T}
                            for a wholly unknown result), numbers exact
  eval --as TYPE [--non-nullable] [--default EXPR | 'EXPR'] [--var-value RAW] [--type]
                            the value of variable "v" { type = TYPE, default = EXPR,
                            nullable = false } given -var v=RAW, as Terraform gives
                            it: optional() defaults filled in, RAW read as a literal
                            string for string/number/bool and as HCL otherwise
  json [--pretty] [--no-eval] [--expand-dynamic] [--strict] [--var NAME=JSON]...
       [--allow-files DIR] FILE...
                            write each file (native, or JSON syntax for *.json) in
                            HCL's JSON syntax, as Terraform reads it: what
                            evaluates as its value, what refers to unknown names
                            as templates (--strict: an error; --no-eval: every
                            expression as its source); several files give one
                            object keyed by path; --expand-dynamic replaces each
                            `dynamic` block by the blocks it generates;
                            file(), templatefile() and the other functions that
                            read files work only with --allow-files, relative to DIR
  refs [--json] (FILE... | - | --expr 'EXPR')
                            print the references (variables, with the attribute
                            names and constant indexes after them) of every
                            attribute of each FILE, or of one expression, one a
                            line as FILE:LINE:COL: var.a.b[0] (FILE is `<expr>`
                            for --expr); --json prints a JSON array per input of
                            {"attr_path" (files only), "root", "steps", "start",
                            "end"}, or an {"error": ...} object; exit 1 on errors
  fmt [-check] [-diff] [-write=false] [-list=false] [-recursive] [PATH... | -]
                            format files in place as `terraform fmt` does (its
                            flags, also as --flag; its exit codes: 3 when -check
                            finds a file to change, 2 on errors); a directory's
                            .tf, .tfvars, .tftest.hcl and .tfmock.hcl files, or
                            the current directory's; `-`: stdin to stdout; files
                            with errors are reported and left as they are
  help                      show this text
"#;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((cmd, rest)) = args.split_first() else {
        eprint!("{USAGE}");
        return ExitCode::from(2);
    };
    let result = match cmd.as_str() {
        "check" => check::check(rest),
        "eval" => eval::eval(rest),
        "json" => json::json(rest),
        "refs" => refs::refs(rest),
        "fmt" => return fmt::fmt(rest),
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

fn to_json(value: &hcl::Value, pretty: bool) -> Result<String, String> {
    let res = if pretty {
        serde_json::to_string_pretty(value)
    } else {
        serde_json::to_string(value)
    };
    res.map_err(|e| format!("cannot print as JSON: {e}"))
}

/// `--var NAME=JSON` (of command `cmd`): declares NAME in `ctx`.
fn declare_json_var(
    ctx: &mut hcl::eval::Context<'_>,
    cmd: &str,
    def: Option<&String>,
) -> Result<(), String> {
    let def = def.ok_or_else(|| format!("{cmd}: --var needs NAME=JSON"))?;
    let (name, json) = def
        .split_once('=')
        .ok_or_else(|| format!("{cmd}: --var `{def}`: expected NAME=JSON"))?;
    let value: hcl::Value = serde_json::from_str(json)
        .map_err(|e| format!("{cmd}: --var {name}: invalid JSON: {e}"))?;
    ctx.declare_var(name, value);
    Ok(())
}

/// Whether `path` names a file in HCL's JSON syntax (`.tf.json`,
/// `.hcl.json`, `.pkr.json`, any `.json`).
fn is_json_path(path: &str) -> bool {
    path.ends_with(".json")
}
