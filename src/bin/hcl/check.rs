//! `hcl check`: parses files and reports what fails.

use std::io::{self, Write};

use super::args::{Arg, Args, Stop};
use super::inputs::collect;
use super::{diagnostics_json, report};

/// How `hcl check` prints what fails.
#[derive(Clone, Copy, PartialEq)]
enum Format {
    Text,
    /// One `terraform validate -json` object for all files.
    Json,
    /// One GitHub Actions workflow command per diagnostic.
    Github,
}

/// `hcl check [options] PATH...`.
pub(crate) fn check(args: &[String]) -> Result<bool, Stop> {
    let mut format = Format::Text;
    let mut quiet = false;
    let mut recursive = false;
    let mut module = false;
    let mut extensions: Option<Vec<String>> = None;
    let mut paths = Vec::new();
    let mut parse = hcl::ParseOptions::new();
    let mut args = Args::new("check", args);
    while let Some(arg) = args.next()? {
        match arg {
            Arg::Switch("quiet", on) => quiet = on,
            Arg::Switch("recursive", on) => recursive = on,
            Arg::Switch("module", on) => module = on,
            Arg::Flag("max-depth", n) => parse = args.max_depth(n)?,
            Arg::Flag("ext", list) => {
                extensions = Some(list.split(',').map(|e| e.trim().to_owned()).collect());
                module = true;
            }
            Arg::Flag("format", value) => {
                format = match value {
                    "text" => Format::Text,
                    "json" => Format::Json,
                    "github" => Format::Github,
                    other => {
                        return Err(format!(
                            "check: --format `{other}`: expected text, json or github"
                        )
                        .into())
                    }
                }
            }
            Arg::Switch(name, _) | Arg::Flag(name, _) => return Err(args.unread(name)),
            Arg::Value(path) => paths.push(path),
        }
    }
    if paths.is_empty() {
        return Err("check: no files given (use `-` for stdin)".into());
    }
    if module {
        let exts = extensions.unwrap_or_else(|| {
            hcl::config::TERRAFORM
                .iter()
                .map(|e| (*e).to_owned())
                .collect()
        });
        return Ok(check_modules(&paths, &exts, format, quiet));
    }
    let inputs = collect("check", &paths, recursive);
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut failed = 0;
    // (--format json) Each failed file's name and error.
    let mut errors: Vec<(&str, hcl::Error)> = Vec::new();
    for input in &inputs {
        let outcome = input.read_bytes().and_then(|bytes| {
            if input.is_json() {
                let text = hcl::parser::check_utf8(&bytes)?;
                hcl::json::parse_with(text, &parse).map(drop)
            } else {
                hcl::parser::validate_with(hcl::parser::check_utf8(&bytes)?, &parse)
            }
        });
        if let Err(err) = outcome {
            failed += 1;
            if format == Format::Github {
                for e in err.iter() {
                    if writeln!(out, "{}", github_command(&input.shown, e)).is_err() {
                        return Ok(false);
                    }
                }
                continue;
            }
            if format == Format::Json {
                errors.push((input.shown.as_str(), err));
                continue;
            }
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
    if format == Format::Json {
        let listed: Vec<(&str, Option<&hcl::Error>, &[hcl::Diagnostic])> =
            errors.iter().map(|(p, e)| (*p, Some(e), &[][..])).collect();
        let _ = writeln!(out, "{}", diagnostics_json(&listed));
        return Ok(failed == 0);
    }
    if !quiet && format == Format::Text {
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

/// `hcl check --module DIR...`: each directory read as one module and
/// checked as Terraform checks it (duplicates, undeclared references,
/// cycles of locals, variable declarations), then, for Terraform's files,
/// evaluated as `terraform validate` evaluates it; whether all pass.
fn check_modules(dirs: &[&str], extensions: &[String], format: Format, quiet: bool) -> bool {
    use hcl::config::{DirFiles, Files};
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut failed = 0;
    let mut errors: Vec<(&str, hcl::Error, Vec<hcl::Diagnostic>)> = Vec::new();
    for dir in dirs {
        let shown = super::inputs::shown_path(dir);
        let mut warnings = Vec::new();
        let terraform = extensions
            .iter()
            .map(String::as_str)
            .eq(hcl::config::TERRAFORM.iter().copied());
        let outcome = DirFiles::extensions(extensions)
            .list(&shown)
            .and_then(|listing| {
                warnings = listing.warnings.clone();
                Files::read_listing(listing)?.check_module()
            })
            .and_then(|()| {
                // A Terraform module is then evaluated as `terraform
                // validate` does: every variable unknown, each body once.
                if terraform {
                    let validate =
                        hcl::config::PlanOptions::new().mode(hcl::config::Mode::Validate);
                    let plan = hcl::config::plan_dir(&shown, &validate)?;
                    warnings.extend(plan.warnings().iter().cloned());
                }
                Ok(())
            });
        if format == Format::Text && !quiet {
            super::print_warnings(&shown, &warnings);
        }
        let Err(err) = outcome else { continue };
        failed += 1;
        match format {
            Format::Github => {
                for e in err.iter() {
                    if writeln!(out, "{}", github_command(&shown, e)).is_err() {
                        return false;
                    }
                }
            }
            Format::Json => errors.push((dir, err, warnings)),
            Format::Text => {
                let line = if quiet {
                    shown.clone()
                } else {
                    report(&shown, &err)
                };
                if writeln!(out, "{line}").is_err() {
                    return false;
                }
            }
        }
    }
    if format == Format::Json {
        let listed: Vec<(&str, Option<&hcl::Error>, &[hcl::Diagnostic])> = errors
            .iter()
            .map(|(p, e, w)| (*p, Some(e), w.as_slice()))
            .collect();
        let _ = writeln!(out, "{}", diagnostics_json(&listed));
    } else if !quiet && format == Format::Text {
        let n = dirs.len();
        let modules = if n == 1 { "module" } else { "modules" };
        let _ = if failed == 0 {
            writeln!(out, "{n} {modules} ok")
        } else {
            writeln!(out, "{failed} of {n} {modules} failed")
        };
    }
    failed == 0
}

/// A GitHub Actions workflow command for diagnostic `e` of file `path`:
/// `::error file=F,line=L,col=C,endLine=L2,endColumn=C2,title=SUMMARY::DETAIL`,
/// escaped as GitHub reads it.
fn github_command(path: &str, e: &hcl::Error) -> String {
    let message = |s: &str| {
        s.replace('%', "%25")
            .replace('\r', "%0D")
            .replace('\n', "%0A")
    };
    let property = |s: &str| message(s).replace(':', "%3A").replace(',', "%2C");
    let Some(d) = e.diagnostics().next() else {
        return String::new();
    };
    let mut props = format!("file={}", property(e.file().unwrap_or(path)));
    if let Some(r) = &d.range {
        props.push_str(&format!(
            ",line={},col={},endLine={},endColumn={}",
            r.start.line, r.start.column, r.end.line, r.end.column
        ));
    }
    props.push_str(&format!(",title={}", property(&d.summary)));
    let detail = if d.detail.is_empty() {
        &d.summary
    } else {
        &d.detail
    };
    format!("::error {props}::{}", message(detail))
}
