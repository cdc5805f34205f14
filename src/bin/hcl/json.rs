//! `hcl json`: files written in HCL's JSON syntax, as Terraform reads them.

use std::path::Path;

use super::args::{Arg, Args, Stop};
use super::inputs::collect;
use super::{declare_json_var, diagnostics_json, json_format, print_out, print_warnings, report};

/// `hcl json [options] PATH...`.
pub(crate) fn json(args: &[String]) -> Result<bool, Stop> {
    let mut options = hcl::json::WriteOptions::new();
    let mut pretty = false;
    let mut expand = false;
    let mut recursive = false;
    let mut json_diagnostics = false;
    let mut ctx = hcl::eval::Context::new().with_mode(hcl::eval::EvalMode::PreserveTemplates);
    let mut paths = Vec::new();
    let mut args = Args::new("json", args);
    while let Some(arg) = args.next()? {
        match arg {
            Arg::Flag(flag) => match flag.name {
                "pretty" => pretty = flag.bool()?,
                "expand-dynamic" => expand = flag.bool()?,
                "no-eval" => options = options.evaluate(!flag.bool()?),
                "strict" => {
                    if flag.bool()? {
                        ctx.set_mode(hcl::eval::EvalMode::Strict);
                    }
                }
                "recursive" => recursive = flag.bool()?,
                "format" => {
                    json_diagnostics = json_format("json", args.value(&flag, "text or json")?)?
                }
                "var" => declare_json_var(&mut ctx, "json", args.value(&flag, "NAME=JSON")?)?,
                "allow-files" => {
                    ctx.allow_files(args.value(&flag, "a DIR")?);
                }
                _ => return Err(flag.unknown()),
            },
            Arg::Value(path) => paths.push(path),
        }
    }
    if paths.is_empty() {
        return Err("json: no files given (use `-` for stdin)".into());
    }
    let inputs = collect("json", &paths, recursive);
    // Several files, or a directory's: one object keyed by path, each
    // file's JSON inside.
    let several = paths.len() > 1 || (paths[0] != "-" && Path::new(paths[0]).is_dir());
    let options = options.pretty(pretty);
    let mut docs = Vec::new();
    let mut ok = true;
    // Each input's name, error and warnings.
    let mut diagnosed = Vec::new();
    for input in &inputs {
        let (doc, warnings) = match input.read_text() {
            Ok(text) => {
                let doc = json_text(input.is_json(), &text, &ctx, expand, &options);
                (doc, ctx.take_warnings(&text))
            }
            Err(e) => (Err(e), Vec::new()),
        };
        if !json_diagnostics {
            print_warnings(&input.shown, &warnings);
        }
        match doc {
            Ok(doc) => {
                docs.push((input.shown.as_str(), doc));
                diagnosed.push((input.shown.as_str(), None, warnings));
            }
            Err(err) => {
                ok = false;
                if !json_diagnostics {
                    eprintln!("{}", report(&input.shown, &err));
                }
                diagnosed.push((input.shown.as_str(), Some(err), warnings));
            }
        }
    }
    if !ok && json_diagnostics {
        // One object with every input's diagnostics, on stdout.
        let listed: Vec<(&str, Option<&hcl::Error>, &[hcl::Diagnostic])> = diagnosed
            .iter()
            .map(|(p, e, w)| (*p, e.as_ref(), w.as_slice()))
            .collect();
        print_out(&format!("{}\n", diagnostics_json(&listed)));
        return Ok(false);
    }
    let out = if several {
        // Each file's JSON inside, its lines indented one more level when
        // pretty (a JSON text's own line breaks are all between tokens).
        let (open, sep, colon, close) = if pretty {
            ("{\n  ", ",\n  ", ": ", "\n}")
        } else {
            ("{", ",", ":", "}")
        };
        let mut all = String::from(if docs.is_empty() { "{" } else { open });
        for (i, (path, doc)) in docs.iter().enumerate() {
            if i > 0 {
                all.push_str(sep);
            }
            all.push_str(&serde_json::to_string(path).map_err(|e| e.to_string())?);
            all.push_str(colon);
            if pretty {
                all.push_str(&doc.replace('\n', "\n  "));
            } else {
                all.push_str(doc);
            }
        }
        all.push_str(if docs.is_empty() { "}" } else { close });
        all
    } else {
        docs.pop().map(|d| d.1).unwrap_or_default()
    };
    if !out.is_empty() {
        print_out(&format!("{out}\n"));
    }
    Ok(ok)
}

/// A file (native or JSON syntax, by its extension) written as HCL's JSON
/// syntax, its `dynamic` blocks expanded first if asked.
fn json_text(
    is_json: bool,
    text: &str,
    ctx: &hcl::eval::Context<'_>,
    expand: bool,
    options: &hcl::json::WriteOptions,
) -> hcl::Result<String> {
    let mut file = if is_json {
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
