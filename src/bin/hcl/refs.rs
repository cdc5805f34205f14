//! `hcl refs`: the references in files' attributes or in one expression.

use std::io::{self, Write};

use super::args::{Arg, Args, Stop};
use super::inputs::collect;
use super::{report, to_json};

/// `hcl refs`: the references of files' attributes or of one expression.
pub(crate) fn refs(args: &[String]) -> Result<bool, Stop> {
    use hcl::{
        error::{Location, Locator},
        Map, Value,
    };
    let mut as_json = false;
    let mut recursive = false;
    let mut expr = None;
    let mut paths = Vec::new();
    let mut parse = hcl::ParseOptions::new();
    let mut args = Args::new("refs", args);
    while let Some(arg) = args.next()? {
        match arg {
            Arg::Switch("json", on) => as_json = on,
            Arg::Switch("recursive", on) => recursive = on,
            Arg::Flag("max-depth", n) => parse = args.max_depth(n)?,
            Arg::Flag("expr", e) => {
                if expr.is_some() {
                    return Err(args.extra(e, "refs takes one --expr"));
                }
                expr = Some(e);
            }
            Arg::Switch(name, _) | Arg::Flag(name, _) => return Err(args.unread(name)),
            Arg::Value(path) => paths.push(path),
        }
    }
    let files = match (expr, paths.is_empty()) {
        (Some(_), true) => Vec::new(),
        (None, false) => collect("refs", &paths, recursive),
        (Some(_), false) => return Err("refs: give PATHs or --expr, not both".into()),
        (None, true) => {
            return Err("refs: no input (PATH..., `-` for stdin, or --expr 'EXPR')".into())
        }
    };
    // With several files, each line's objects name their file (one file or
    // an expression: Go's oracle's shape, as it is).
    let several = files.len() > 1;
    let named = |v: Value, name: &str| match v {
        Value::Object(mut o) if several => {
            o.insert("filename", Value::from(name));
            Value::Object(o)
        }
        v => v,
    };
    // A position as Go's oracle writes it (columns in grapheme clusters).
    let pos = |text: &str, offset: usize| Location::of(text, offset).to_value();
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
        Ok::<_, String>(format!(
            "{}\n",
            to_json(&named(Value::Object(o), name), false)?
        ))
    };
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut ok = true;
    // (name, text, in JSON syntax), each file read when its turn comes.
    let from_expr = expr.map(|e| ("<expr>".to_owned(), Ok(e.to_owned()), false));
    let from_files = files
        .iter()
        .map(|input| (input.shown.clone(), input.read_text(), input.is_json()));
    for (name, text, is_json) in from_expr.into_iter().chain(from_files) {
        let name = name.as_str();
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
            Some(_) => match hcl::parser::parse_expression_with(&text, &parse) {
                Ok(p) => {
                    parsed_expr = p;
                    let refs = hcl::analysis::references(parsed_expr.expr());
                    Ok(refs.into_iter().map(|r| (None, r)).collect::<Vec<_>>())
                }
                Err(err) => Err(err),
            },
            None => match if is_json {
                hcl::json::parse_with(&text, &parse)
            } else {
                hcl::parse_with(&text, &parse)
            } {
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
            Ok(refs) if !as_json => {
                let at = Locator::new(&text);
                refs.iter()
                    .map(|(_, r)| {
                        let l = at.locate(r.span.start());
                        format!("{name}:{}:{}: {r}\n", l.line, l.column)
                    })
                    .collect()
            }
            Ok(refs) => {
                let at = Locator::new(&text);
                let refs = refs.iter().map(|(path, r)| {
                    let v = hcl::analysis::reference_value(path.as_deref(), r, &at);
                    named(v, name)
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
