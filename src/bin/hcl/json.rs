//! `hcl json`: files written in HCL's JSON syntax, as Terraform reads them.

use super::{declare_json_var, is_json_path, read_text, report};

pub(crate) fn json(args: &[String]) -> Result<bool, String> {
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
