//! `hcl plan`: a Terraform configuration planned as `terraform plan` plans
//! it, without providers.

use std::io::{self, Write};

use hcl::config::{plan_dir, Inputs, Mode, Plan, PlanOptions, ResourceMode};

use super::args::{Arg, Args, Stop};
use super::{diagnostics_json, json_format, print_out, report, to_json};

/// `hcl plan [options] DIR`.
pub(crate) fn plan(args: &[String]) -> Result<bool, Stop> {
    let mut var_files: Vec<String> = Vec::new();
    let mut values: Vec<(String, String)> = Vec::new();
    let mut mode = Mode::Plan;
    let mut json = false;
    let mut pretty = false;
    let mut unknown_missing = false;
    let mut env_vars = false;
    let mut workspace = None;
    let mut dir = None;
    let mut args = Args::new("plan", args);
    while let Some(arg) = args.next()? {
        match arg {
            Arg::Flag("var-file", f) => var_files.push(f.to_owned()),
            Arg::Flag("var", def) => {
                let (n, v) = def
                    .split_once('=')
                    .ok_or_else(|| format!("plan: --var `{def}`: expected NAME=VALUE"))?;
                values.push((n.to_owned(), v.to_owned()));
            }
            Arg::Switch("validate", on) => {
                if on {
                    mode = Mode::Validate;
                }
            }
            Arg::Switch("unknown-missing", on) => unknown_missing = on,
            Arg::Switch("env-vars", on) => env_vars = on,
            Arg::Flag("workspace", name) => workspace = Some(name.to_owned()),
            Arg::Switch("pretty", on) => pretty = on,
            Arg::Flag("format", f) => json = json_format("plan", f)?,
            Arg::Switch(name, _) | Arg::Flag(name, _) => return Err(args.unread(name)),
            Arg::Value(d) if dir.is_none() => dir = Some(d.to_owned()),
            Arg::Value(d) => return Err(args.extra(d, "plan takes one DIR")),
        }
    }
    let dir = dir.unwrap_or_else(|| ".".to_owned());
    let outcome = (|| {
        let mut inputs = Inputs::new();
        if env_vars {
            inputs = inputs.env_vars(std::env::vars());
        }
        for f in &var_files {
            inputs = inputs.read_var_file(f)?;
        }
        for (n, v) in &values {
            inputs = inputs.var_value(n.as_str(), v.as_str());
        }
        let mut options = PlanOptions::new()
            .mode(mode)
            .inputs(inputs)
            .missing_variables_unknown(unknown_missing);
        if let Some(w) = &workspace {
            options = options.workspace(w.as_str());
        }
        plan_dir(&dir, &options)
    })();
    let plan = match outcome {
        Ok(plan) => plan,
        Err(err) => {
            if json {
                print_out(&format!(
                    "{}\n",
                    diagnostics_json(&[(&dir, Some(&err), &[])])
                ));
            } else {
                eprintln!("{}", report(&dir, &err));
            }
            return Ok(false);
        }
    };
    if !json {
        super::print_warnings(&dir, plan.warnings());
    }
    let text = if json {
        let mut s = to_json(&plan.into_json(), pretty)?;
        s.push('\n');
        s
    } else {
        text(&plan, mode)
    };
    let _ = io::stdout().lock().write_all(text.as_bytes());
    Ok(true)
}

/// `terraform plan`'s list of actions, one line an instance, and its
/// summary; the outputs' values (or `(known after apply)`).
fn text(plan: &Plan, mode: Mode) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    if mode == Mode::Validate {
        out.push_str("Success! The configuration is valid.\n");
        return out;
    }
    let (mut add, mut read) = (0, 0);
    for r in plan.resources() {
        match r.mode {
            ResourceMode::Managed => {
                add += 1;
                let _ = writeln!(out, "  + {}", r.address);
            }
            ResourceMode::Data => {
                read += 1;
                let _ = writeln!(out, " <= {}", r.address);
            }
        }
    }
    if add == 0 && read == 0 {
        out.push_str("No changes. Your infrastructure matches the configuration.\n");
    } else {
        let _ = writeln!(out, "\nPlan: {add} to add, 0 to change, 0 to destroy.");
    }
    if !plan.outputs().is_empty() {
        out.push_str("\nChanges to Outputs:\n");
        for o in plan.outputs() {
            let shown = if o.sensitive {
                "(sensitive value)".to_owned()
            } else if o.value.is_known() {
                hcl::json::value_to_string(o.value.value(), false).unwrap_or_default()
            } else {
                "(known after apply)".to_owned()
            };
            let _ = writeln!(out, "  + {} = {shown}", o.name);
        }
    }
    out
}
