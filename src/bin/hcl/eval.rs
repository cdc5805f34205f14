//! `hcl eval`: the value of one expression, or of a variable (`--as`).

use super::{declare_json_var, read_text, report, to_json};

pub(crate) fn eval(args: &[String]) -> Result<bool, String> {
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
    let default = default.map(hcl::eval::constant).transpose()?;
    let var = hcl::eval::Variable::new(constraint, default, nullable)?;
    let given = raw.map(|r| var.parse_raw(r)).transpose()?;
    var.value(given)
}
