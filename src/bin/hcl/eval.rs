//! `hcl eval`: the value of one expression, or of a variable (`--as`).

use super::args::{Arg, Args, Stop};
use super::{
    declare_json_var, diagnostics_json, json_format, print_out, read_text, report, to_json,
};

/// Where the expression comes from.
enum Source<'a> {
    /// Given as an argument, named in messages as `<expr>` or `<default>`.
    Text(&'static str, &'a str),
    /// A file's text (`-`: stdin).
    File(&'a str),
}

/// `hcl eval [options] (EXPR | -f FILE | -)`.
pub(crate) fn eval(args: &[String]) -> Result<bool, Stop> {
    let mut ctx = hcl::eval::Context::new();
    ctx.set_allow_files_hint("--allow-files DIR");
    let mut source = None;
    let mut pretty = false;
    let mut with_type = false;
    let mut json_diagnostics = false;
    // `--as TYPE`: the expression is a variable's default (see `as_variable`).
    let mut as_type: Option<&str> = None;
    let mut var_value: Option<&str> = None;
    let mut nullable = true;
    let mut parse = hcl::ParseOptions::new();
    let mut args = Args::new("eval", args);
    while let Some(arg) = args.next()? {
        let given = match arg {
            Arg::Flag("as", t) => {
                as_type = Some(t);
                continue;
            }
            Arg::Flag("var-value", v) => {
                var_value = Some(v);
                continue;
            }
            Arg::Switch("non-nullable", on) => {
                nullable = !on;
                continue;
            }
            Arg::Flag("var", def) => {
                declare_json_var(&mut ctx, "eval", def)?;
                continue;
            }
            Arg::Switch("pretty", on) => {
                pretty = on;
                continue;
            }
            Arg::Flag("format", f) => {
                json_diagnostics = json_format("eval", f)?;
                continue;
            }
            Arg::Flag("allow-files", dir) => {
                ctx.allow_files(dir);
                continue;
            }
            Arg::Switch("type", on) => {
                with_type = on;
                continue;
            }
            Arg::Flag("max-depth", n) => {
                parse = args.max_depth(n)?;
                continue;
            }
            Arg::Flag("unknown", def) => {
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
                continue;
            }
            Arg::Flag("default", e) => Source::Text("<default>", e),
            Arg::Flag("f", f) => Source::File(f),
            Arg::Switch(name, _) | Arg::Flag(name, _) => return Err(args.unread(name)),
            Arg::Value("-") => Source::File("-"),
            Arg::Value(expr) => Source::Text("<expr>", expr),
        };
        if source.is_some() {
            let (Source::Text(_, arg) | Source::File(arg)) = given;
            return Err(args.extra(arg, "eval takes one expression"));
        }
        source = Some(given);
    }
    // (name for messages, text)
    let source = match source {
        None => None,
        Some(Source::Text(name, text)) => Some((name.to_owned(), text.to_owned())),
        Some(Source::File(path)) => {
            let text = read_text(path).map_err(|e| report(path, &e))?;
            Some((path.to_owned(), text))
        }
    };
    let (name, typed) = match (as_type, source) {
        (Some(ty), source) => {
            let name = source.as_ref().map_or("<var>".to_owned(), |s| s.0.clone());
            let default = source.as_ref().map(|s| s.1.trim_end());
            (name, as_variable(ty, default, var_value, nullable))
        }
        (None, Some((name, text))) => {
            if var_value.is_some() || !nullable {
                return Err("eval: --var-value and --non-nullable need --as TYPE".into());
            }
            let t = hcl::eval::evaluate_typed_str_with(text.trim_end(), &ctx, &parse);
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
                print_out(&format!("{}\n", exact_json(out)?));
            } else {
                // Numbers exact too, keys in the value's order; ±Inf is an
                // error, as in `jsonencode`.
                print_out(&format!("{}\n", to_json(&out, pretty)?));
            }
            Ok(true)
        }
        Err(err) if json_diagnostics => {
            print_out(&format!(
                "{}\n",
                diagnostics_json(&[(&name, Some(&err), &[])])
            ));
            Ok(false)
        }
        Err(err) => {
            eprintln!("{}", report(&name, &err));
            Ok(false)
        }
    }
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

/// `hcl eval --as TYPE`: the value of `variable "v" { type = TYPE, default
/// = DEFAULT, nullable = NULLABLE }` given `-var v=RAW` (or no value).
fn as_variable(
    ty: &str,
    default: Option<&str>,
    raw: Option<&str>,
    nullable: bool,
) -> hcl::Result<hcl::eval::Typed> {
    let constraint = hcl::TypeConstraint::parse(ty)?;
    let default = default.map(hcl::typeexpr::constant).transpose()?;
    let var = hcl::typeexpr::Variable::new(constraint, default, nullable)?;
    let given = raw.map(|r| var.parse_raw(r)).transpose()?;
    var.value(given)
}
