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

use std::io::{self, Read, Write};
use std::process::ExitCode;

#[path = "hcl/fmt.rs"]
mod fmt;

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
        "check" => check(rest),
        "eval" => eval(rest),
        "json" => json(rest),
        "refs" => refs(rest),
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

/// `value` as JSON the way Terraform's `jsonencode` writes it, numbers as
/// exact decimals.
fn exact_json(value: hcl::Value) -> Result<String, String> {
    let encode = hcl::eval::functions::builtin("jsonencode").ok_or("no jsonencode")?;
    match encode.call(vec![value]) {
        Ok(hcl::Value::String(s)) => Ok(s.into_string()),
        Ok(_) => Err("cannot print as JSON".into()),
        Err(e) => Err(format!("cannot print as JSON: {e}")),
    }
}

fn eval(args: &[String]) -> Result<bool, String> {
    let mut ctx = hcl::eval::Context::new();
    let mut source: Option<(String, String)> = None; // (name for messages, text)
    let mut pretty = false;
    let mut with_type = false;
    // `--as TYPE`: the expression is a variable's default (see `as_variable`).
    let mut as_type: Option<String> = None;
    let mut var_value: Option<String> = None;
    let mut nullable = true;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--as" => as_type = Some(it.next().ok_or("eval: --as needs a TYPE")?.clone()),
            "--var-value" => {
                var_value = Some(
                    it.next()
                        .ok_or("eval: --var-value needs a RAW value")?
                        .clone(),
                )
            }
            "--default" => {
                let expr = it.next().ok_or("eval: --default needs an EXPR")?;
                source = Some(("<default>".into(), expr.clone()));
            }
            "--non-nullable" => nullable = false,
            "--var" => declare_json_var(&mut ctx, "eval", it.next())?,
            "--pretty" => pretty = true,
            "--type" => with_type = true,
            "--unknown" => {
                let def = it.next().ok_or("eval: --unknown needs PATH=TYPE")?;
                let (path, ty) = def
                    .split_once('=')
                    .ok_or_else(|| format!("eval: --unknown `{def}`: expected PATH=TYPE"))?;
                let (ty, not_null) = match ty.strip_suffix('!') {
                    Some(t) => (t, true),
                    None => (ty, false),
                };
                let ty =
                    hcl::Type::parse(ty).map_err(|e| format!("eval: --unknown {path}: {e}"))?;
                ctx.declare_unknown(path, ty, not_null);
            }
            "-f" => {
                let path = it.next().ok_or("eval: -f needs a FILE")?;
                let text = read_text(path).map_err(|e| report(path, &e))?;
                source = Some((path.clone(), text));
            }
            "-" => {
                let text = read_text("-").map_err(|e| report("-", &e))?;
                source = Some(("-".into(), text));
            }
            s if s.starts_with("--") => return Err(format!("eval: unknown option `{s}`")),
            expr => source = Some(("<expr>".into(), expr.to_owned())),
        }
    }
    let (name, typed) = match (&as_type, source) {
        (Some(ty), source) => {
            let name = source.as_ref().map_or("<var>".to_owned(), |s| s.0.clone());
            let default = source.as_ref().map(|s| s.1.trim_end());
            (
                name,
                as_variable(ty, default, var_value.as_deref(), nullable),
            )
        }
        (None, Some((name, text))) => {
            if var_value.is_some() || !nullable {
                return Err("eval: --var-value and --non-nullable need --as TYPE".into());
            }
            let t = hcl::eval::evaluate_typed_str(text.trim_end(), &ctx);
            (name, t)
        }
        (None, None) => {
            return Err("eval: no expression given ('EXPR', -f FILE or - for stdin)".into())
        }
    };
    match typed {
        Ok(t) => {
            // Unknown values inside a known one: {"$unknown": "TYPE"}.
            let value = t.map_unknowns(|ty| {
                let mut o = hcl::Map::new();
                o.insert("$unknown", hcl::Value::from(ty.to_string()));
                hcl::Value::Object(o)
            });
            let out = if !with_type {
                value
            } else {
                let mut o = hcl::Map::new();
                if t.is_unknown() {
                    o.insert("unknown", hcl::Value::Bool(true));
                } else {
                    o.insert("value", value);
                }
                o.insert("type", hcl::Value::from(t.ty().to_string()));
                hcl::Value::Object(o)
            };
            if with_type && !pretty {
                // Terraform's own encoding (`jsonencode`): numbers exact.
                println!("{}", exact_json(out)?);
            } else {
                println!("{}", to_json(&out, pretty)?);
            }
            Ok(true)
        }
        Err(err) => {
            eprintln!("{}", report(&name, &err));
            Ok(false)
        }
    }
}

/// `hcl eval --as TYPE`: the value of `variable "v" { type = TYPE, default
/// = DEFAULT, nullable = NULLABLE }` given `-var v=RAW` (or no value).
fn as_variable(
    ty: &str,
    default: Option<&str>,
    raw: Option<&str>,
    nullable: bool,
) -> hcl::Result<hcl::eval::Typed> {
    let constraint = hcl::TypeConstraint::parse(ty)?;
    let default = default.map(hcl::eval::constant).transpose()?;
    let var = hcl::eval::Variable::new(constraint, default, nullable)?;
    let given = raw.map(|r| var.parse_raw(r)).transpose()?;
    var.value(given)
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

fn json(args: &[String]) -> Result<bool, String> {
    let mut options = hcl::json::WriteOptions::new();
    let mut pretty = false;
    let mut expand = false;
    let mut ctx = hcl::eval::Context::new().with_mode(hcl::eval::EvalMode::PreserveTemplates);
    let mut files = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--pretty" => pretty = true,
            "--expand-dynamic" => expand = true,
            "--no-eval" => options = options.evaluate(false),
            "--strict" => ctx.set_mode(hcl::eval::EvalMode::Strict),
            "--var" => declare_json_var(&mut ctx, "json", it.next())?,
            "--allow-files" => {
                let dir = it.next().ok_or("json: --allow-files needs a DIR")?;
                ctx.allow_files(dir);
            }
            s if s.starts_with("--") => return Err(format!("json: unknown option `{s}`")),
            _ => files.push(a.as_str()),
        }
    }
    if files.is_empty() {
        return Err("json: no files given (use `-` for stdin)".into());
    }
    // Several files: one object keyed by path, each file's JSON inside.
    let several = files.len() > 1;
    let options = options.pretty(pretty && !several);
    let mut docs = Vec::new();
    let mut ok = true;
    for path in &files {
        match read_text(path).and_then(|text| json_text(path, &text, &ctx, expand, &options)) {
            Ok(doc) => docs.push((*path, doc)),
            Err(err) => {
                ok = false;
                eprintln!("{}", report(path, &err));
            }
        }
    }
    let out = if several {
        let mut all = String::from("{");
        for (i, (path, doc)) in docs.iter().enumerate() {
            if i > 0 {
                all.push(',');
            }
            all.push_str(&serde_json::to_string(path).map_err(|e| e.to_string())?);
            all.push(':');
            all.push_str(doc);
        }
        all.push('}');
        if pretty {
            let v: serde_json::Value = serde_json::from_str(&all).map_err(|e| e.to_string())?;
            serde_json::to_string_pretty(&v).map_err(|e| e.to_string())?
        } else {
            all
        }
    } else {
        docs.pop().map(|d| d.1).unwrap_or_default()
    };
    if !out.is_empty() {
        println!("{out}");
    }
    Ok(ok)
}

/// Whether `path` names a file in HCL's JSON syntax (`.tf.json`,
/// `.hcl.json`, `.pkr.json`, any `.json`).
fn is_json_path(path: &str) -> bool {
    path.ends_with(".json")
}

/// A file (native or JSON syntax, by its extension) written as HCL's JSON
/// syntax, its `dynamic` blocks expanded first if asked.
fn json_text(
    path: &str,
    text: &str,
    ctx: &hcl::eval::Context<'_>,
    expand: bool,
    options: &hcl::json::WriteOptions,
) -> hcl::Result<String> {
    let mut file = if is_json_path(path) {
        hcl::json::parse(text)?
    } else {
        hcl::parse(text)?
    };
    let ctx = ctx.child().with_source(text);
    if expand {
        file.edit(|body, arena| -> hcl::Result<()> {
            *body = hcl::eval::expand_dynamic(body, &ctx, arena)?;
            Ok(())
        })?;
    }
    hcl::json::to_string(file.body(), text, &ctx, options)
}

/// `hcl refs`: the references of files' attributes or of one expression.
fn refs(args: &[String]) -> Result<bool, String> {
    use hcl::{analysis::Step, error::Location, Map, Value};
    let mut as_json = false;
    let mut expr = None;
    let mut files = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--json" => as_json = true,
            "--expr" => expr = Some(it.next().ok_or("refs: --expr needs an expression")?),
            s if s.starts_with("--") => return Err(format!("refs: unknown option `{s}`")),
            _ => files.push(a.as_str()),
        }
    }
    let inputs: Vec<(&str, hcl::Result<String>)> = match (expr, files.is_empty()) {
        (Some(e), true) => vec![("<expr>", Ok(e.clone()))],
        (None, false) => files.iter().map(|&f| (f, read_text(f))).collect(),
        (Some(_), false) => return Err("refs: give FILEs or --expr, not both".into()),
        (None, true) => {
            return Err("refs: no input (FILE..., `-` for stdin, or --expr 'EXPR')".into())
        }
    };
    // A position as Go's oracle writes it (columns in grapheme clusters).
    let pos = |text: &str, offset: usize| {
        let l = Location::of(text, offset);
        let mut o = Map::new();
        o.insert("line", Value::from(l.line));
        o.insert("column", Value::from(l.column));
        o.insert("byte", Value::from(l.offset));
        Value::Object(o)
    };
    // An error: its report on stderr, or Go's error object (summary,
    // phase, range) on stdout.
    let error = |name: &str, text: &str, err: &hcl::Error| {
        if !as_json {
            eprintln!("{}", report(name, err));
            return Ok(String::new());
        }
        let mut o = Map::new();
        o.insert("error", Value::from(err.message()));
        let phase = if err.kind() == hcl::ErrorKind::Io {
            "read"
        } else {
            "parse"
        };
        o.insert("error_phase", Value::from(phase));
        if let Some(span) = err.span() {
            let mut range = Map::new();
            range.insert("start", pos(text, span.start()));
            range.insert("end", pos(text, span.end()));
            o.insert("error_range", Value::Object(range));
        }
        Ok::<_, String>(format!("{}\n", to_json(&Value::Object(o), false)?))
    };
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut ok = true;
    for (name, text) in inputs {
        let text = match text {
            Ok(text) => text,
            Err(err) => {
                ok = false;
                if out.write_all(error(name, "", &err)?.as_bytes()).is_err() {
                    break;
                }
                continue;
            }
        };
        // The references, each with its attribute path (files), borrowing
        // the tree.
        let (parsed_expr, parsed_file);
        let found = match expr {
            Some(_) => match hcl::parser::parse_expression(&text) {
                Ok(p) => {
                    parsed_expr = p;
                    let refs = hcl::analysis::references(parsed_expr.expr());
                    Ok(refs.into_iter().map(|r| (None, r)).collect::<Vec<_>>())
                }
                Err(err) => Err(err),
            },
            None => match hcl::parse(&text) {
                Ok(f) => {
                    parsed_file = f;
                    let refs = hcl::analysis::body_references(parsed_file.body());
                    let path = |r: &hcl::analysis::BodyReference| r.attr_path.join(".");
                    Ok(refs
                        .into_iter()
                        .map(|r| (Some(path(&r)), r.reference))
                        .collect())
                }
                Err(err) => Err(err),
            },
        };
        let shown = match found {
            Err(err) => {
                ok = false;
                error(name, &text, &err)?
            }
            Ok(refs) if !as_json => refs
                .iter()
                .map(|(_, r)| {
                    let l = Location::of(&text, r.span.start());
                    format!("{name}:{}:{}: {r}\n", l.line, l.column)
                })
                .collect(),
            Ok(refs) => {
                let refs = refs.into_iter().map(|(path, r)| {
                    let mut o = Map::new();
                    if let Some(p) = path {
                        o.insert("attr_path", Value::from(p));
                    }
                    o.insert("root", Value::from(r.root));
                    let steps = r.steps.into_iter().map(|s| {
                        let mut step = Map::new();
                        match s {
                            Step::Attr(a) => step.insert("attr", Value::from(a)),
                            Step::Index(k) => step.insert("index", k),
                        };
                        Value::Object(step)
                    });
                    o.insert("steps", Value::Array(steps.collect()));
                    o.insert("start", pos(&text, r.span.start()));
                    o.insert("end", pos(&text, r.span.end()));
                    Value::Object(o)
                });
                format!("{}\n", to_json(&Value::Array(refs.collect()), false)?)
            }
        };
        // A closed pipe (e.g. `| head`) is not an error worth a panic.
        if out.write_all(shown.as_bytes()).is_err() {
            break;
        }
    }
    Ok(ok)
}
