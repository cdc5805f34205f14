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
    let mut merge = false;
    let mut module: Option<Vec<ModuleInput>> = None;
    let mut extensions: Option<Vec<String>> = None;
    let mut ctx = hcl::eval::Context::new().with_mode(hcl::eval::EvalMode::PreserveTemplates);
    ctx.set_allow_files_hint("--allow-files DIR");
    let mut paths = Vec::new();
    let mut allow_files = None;
    let mut args = Args::new("json", args);
    while let Some(arg) = args.next()? {
        match arg {
            Arg::Switch("pretty", on) => pretty = on,
            Arg::Switch("expand-dynamic", on) => expand = on,
            Arg::Switch("no-eval", on) => options = options.evaluate(!on),
            Arg::Switch("strict", on) => {
                if on {
                    ctx.set_mode(hcl::eval::EvalMode::Strict);
                }
            }
            Arg::Switch("recursive", on) => recursive = on,
            Arg::Flag("max-depth", n) => options = options.parse_options(args.max_depth(n)?),
            Arg::Switch("merge", on) => merge = on,
            Arg::Switch("module", on) => {
                if on {
                    module.get_or_insert_with(Vec::new);
                }
            }
            Arg::Flag("var-file", f) => module
                .get_or_insert_with(Vec::new)
                .push(ModuleInput::File(f.to_owned())),
            Arg::Flag("var-value", v) => {
                let Some((name, raw)) = v.split_once('=') else {
                    return Err(format!("json: --var-value `{v}`: expected NAME=RAW").into());
                };
                module
                    .get_or_insert_with(Vec::new)
                    .push(ModuleInput::Value(name.to_owned(), raw.to_owned()));
            }
            Arg::Flag("tool", t) => {
                let t: hcl::config::Tool = t.parse()?;
                module
                    .get_or_insert_with(Vec::new)
                    .push(ModuleInput::Tool(t));
            }
            Arg::Switch("env-vars", on) => {
                if on {
                    module.get_or_insert_with(Vec::new).push(ModuleInput::Env);
                }
            }
            Arg::Switch("unknown-missing", on) => {
                if on {
                    module
                        .get_or_insert_with(Vec::new)
                        .push(ModuleInput::UnknownMissing);
                }
            }
            Arg::Flag("ext", list) => {
                extensions = Some(list.split(',').map(|e| e.trim().to_owned()).collect());
            }
            Arg::Flag("format", f) => json_diagnostics = json_format("json", f)?,
            Arg::Flag("var", def) => declare_json_var(&mut ctx, "json", def)?,
            Arg::Flag("allow-files", dir) => {
                ctx.allow_files(dir);
                allow_files = Some(dir.to_owned());
            }
            Arg::Switch(name, _) | Arg::Flag(name, _) => return Err(args.unread(name)),
            Arg::Value(path) => paths.push(path),
        }
    }
    if paths.is_empty() {
        return Err("json: no files given (use `-` for stdin)".into());
    }
    // (A module's locals read files as its attributes do.)
    if let (Some(m), Some(dir)) = (module.as_mut(), allow_files) {
        m.push(ModuleInput::AllowFiles(dir));
    }
    let options = options.pretty(pretty);
    if merge || extensions.is_some() || module.is_some() {
        if recursive || expand {
            return Err(
                "json: --merge reads one directory's files (no --recursive, no --expand-dynamic)"
                    .into(),
            );
        }
        let tool = tool_of(module.as_deref().unwrap_or_default());
        let exts = extensions.unwrap_or_else(|| {
            let t: &[&str] = match tool {
                hcl::config::Tool::Packer => hcl::config::PACKER,
                hcl::config::Tool::Nomad => hcl::config::NOMAD,
                _ => hcl::config::TERRAFORM,
            };
            t.iter().map(|e| (*e).to_owned()).collect()
        });
        return merged(
            &paths,
            &exts,
            module.as_deref(),
            &ctx,
            &options,
            json_diagnostics,
        );
    }
    let ctx = ctx.with_dynamic_blocks(expand);
    let inputs = collect("json", &paths, recursive);
    // Several files, or a directory's: one object keyed by path, each
    // file's JSON inside.
    let several = paths.len() > 1 || (paths[0] != "-" && Path::new(paths[0]).is_dir());
    // Several files' documents, by name, or one file's JSON text.
    let (mut docs, mut text) = (Vec::new(), None);
    let mut ok = true;
    // Each input's name, error and warnings.
    let mut diagnosed = Vec::new();
    for input in &inputs {
        let (doc, warnings) = match input.read_text() {
            Ok(text) => {
                // One file's JSON is written as it is made; several
                // files' are gathered into one object first.
                let doc = if several {
                    hcl::json::text_to_value(&text, input.is_json(), &ctx, &options).map(Doc::Value)
                } else {
                    hcl::json::text_to_string(&text, input.is_json(), &ctx, &options).map(Doc::Text)
                };
                (doc, ctx.take_warnings(&text))
            }
            Err(e) => (Err(e), Vec::new()),
        };
        if !json_diagnostics {
            print_warnings(&input.shown, &warnings);
        }
        match doc {
            Ok(doc) => {
                match doc {
                    Doc::Value(v) => docs.push((input.shown.as_str(), v)),
                    Doc::Text(t) => text = Some(t),
                }
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
        // One object, each file's JSON under its name.
        hcl::json::value_to_string(&hcl::Value::from_iter(docs), pretty)
            .map_err(|e| format!("json: {e}"))?
    } else {
        text.unwrap_or_default()
    };
    if !out.is_empty() {
        print_out(&format!("{out}\n"));
    }
    Ok(ok)
}

/// One file's JSON: its text, or (to be written with others) its value.
enum Doc {
    Text(String),
    Value(hcl::Value),
}

/// `hcl json --merge`: a directory's files (chosen by `extensions`), or
/// the files given, in order, read as one body and written as one JSON
/// object; every diagnostic names its file.
fn merged(
    paths: &[&str],
    extensions: &[String],
    module: Option<&[ModuleInput]>,
    ctx: &hcl::eval::Context<'_>,
    options: &hcl::json::WriteOptions,
    json_diagnostics: bool,
) -> Result<bool, Stop> {
    use hcl::config::{DirFiles, Files};
    let shown = paths.join(" ");
    // (A directory's warnings are reported even when its files fail.)
    let mut warnings = Vec::new();
    let files = match paths {
        [dir] if *dir != "-" && Path::new(dir).is_dir() => DirFiles::extensions(extensions)
            .list(super::inputs::shown_path(dir))
            .and_then(|listing| {
                warnings = listing.warnings.clone();
                Files::read_listing(listing)
            }),
        _ => read_files(paths),
    };
    let fail = |err: &hcl::Error, warnings: &[hcl::Diagnostic]| {
        if json_diagnostics {
            print_out(&format!(
                "{}\n",
                diagnostics_json(&[(shown.as_str(), Some(err), warnings)])
            ));
        } else {
            print_warnings(&shown, warnings);
            eprintln!("{}", report(&shown, err));
        }
        Ok(false)
    };
    let files = match files {
        Ok(f) => f,
        Err(e) => return fail(&e, &warnings),
    };
    let mut warnings = files.warnings().to_vec();
    let source = files.context_source();
    let mut ctx = ctx.child().with_source(source);
    let mut switched_off = Vec::new();
    if let Some(given) = module {
        let dir = match paths {
            [dir] if Path::new(dir).is_dir() => Some(*dir),
            _ => None,
        };
        match module_of(&files, dir, given) {
            Ok(m) => {
                warnings.extend(m.warnings().iter().cloned());
                m.declare_in(&mut ctx);
                // (Bodies that count = 0 switches off, as written.)
                switched_off = m.switched_off(&files);
            }
            Err(e) => return fail(&e, &warnings),
        }
    }
    let options = options.clone().unevaluated(switched_off);
    let out =
        hcl::json::to_string(files.body(), source, &ctx, &options).map_err(|e| files.locate(e));
    warnings.extend(files.take_warnings(&ctx));
    match out {
        Ok(out) => {
            if !json_diagnostics {
                print_warnings(&shown, &warnings);
            }
            print_out(&format!("{out}\n"));
            Ok(true)
        }
        Err(e) => fail(&e, &warnings),
    }
}

/// The files named by `paths`, read as one body in the order given.
fn read_files(paths: &[&str]) -> hcl::Result<hcl::config::Files> {
    let mut files = Vec::with_capacity(paths.len());
    for path in paths {
        let name = super::inputs::shown_path(path);
        let text = super::read_text(path).map_err(|e| e.with_file(name.clone()))?;
        files.push((name, text));
    }
    hcl::config::Files::parse(files)
}

/// A value `--module` gives the module's variables, in order.
enum ModuleInput {
    /// `--var-file FILE`.
    File(String),
    /// `--var-value NAME=RAW`.
    Value(String, String),
    /// `--allow-files DIR`.
    AllowFiles(String),
    /// `--tool NAME`.
    Tool(hcl::config::Tool),
    /// `--env-vars`.
    Env,
    /// `--unknown-missing`.
    UnknownMissing,
}

/// The tool `--tool` names (the last), Terraform by default.
fn tool_of(given: &[ModuleInput]) -> hcl::config::Tool {
    given
        .iter()
        .rev()
        .find_map(|g| match g {
            ModuleInput::Tool(t) => Some(*t),
            _ => None,
        })
        .unwrap_or_default()
}

/// The module's variables and locals: the directory's `terraform.tfvars`
/// and `*.auto.tfvars` files, then the inputs given, the later winning.
fn module_of(
    files: &hcl::config::Files,
    dir: Option<&str>,
    given: &[ModuleInput],
) -> hcl::Result<hcl::config::Module> {
    let mut inputs = hcl::config::Inputs::for_tool(tool_of(given));
    if let Some(d) = dir {
        inputs = inputs.read_tool_files(d)?;
    }
    if given.iter().any(|g| matches!(g, ModuleInput::Env)) {
        inputs = inputs.env_vars(std::env::vars());
    }
    if given
        .iter()
        .any(|g| matches!(g, ModuleInput::UnknownMissing))
    {
        inputs = inputs.missing_variables_unknown(true);
    }
    // Files first, then values, as Terraform takes -var-file and -var.
    for g in given {
        if let ModuleInput::File(f) = g {
            inputs = inputs.read_var_file(f)?;
        }
    }
    for g in given {
        match g {
            ModuleInput::Value(n, raw) => inputs = inputs.var_value(n.as_str(), raw.as_str()),
            ModuleInput::AllowFiles(dir) => inputs = inputs.allow_files(dir),
            ModuleInput::File(_)
            | ModuleInput::Tool(_)
            | ModuleInput::Env
            | ModuleInput::UnknownMissing => {}
        }
    }
    files.module(&inputs)
}
