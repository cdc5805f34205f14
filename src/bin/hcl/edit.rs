//! `hcl edit`: read, set or remove attributes and blocks by address,
//! keeping every byte it was not asked to change.

use std::io::{self, Write};

use hcl::edit::{Address, Document};

use super::args::{Arg, Args, Stop};
use super::{read_text, report};

/// `hcl edit attribute get|set|rm ADDRESS [EXPR] [options]` and
/// `hcl edit block list|get|rm ADDRESS [options]`.
pub(crate) fn edit(args: &[String]) -> Result<bool, Stop> {
    let mut file = "-".to_owned();
    let mut update = false;
    let mut words = Vec::new();
    let mut args = Args::new("edit", args);
    while let Some(arg) = args.next()? {
        match arg {
            Arg::Flag("f", f) => file = f.to_owned(),
            Arg::Switch("u", on) => update = on,
            Arg::Switch(name, _) | Arg::Flag(name, _) => return Err(args.unread(name)),
            Arg::Value(v) => words.push(v),
        }
    }
    let (kind, action, address, expr) = match words.as_slice() {
        ["attribute", "set", a, e] => ("attribute", "set", *a, Some(*e)),
        ["attribute", act @ ("get" | "rm"), a] => ("attribute", *act, *a, None),
        ["block", act @ ("list" | "get" | "rm"), a] => ("block", *act, *a, None),
        _ => {
            return Err(Stop::Error(
                "edit: expected `attribute get|set|rm ADDRESS [EXPR]` or `block list|get|rm ADDRESS` (see `hcl help edit`)".into(),
            ))
        }
    };
    if update && file == "-" {
        return Err("edit: -u needs -f FILE".into());
    }
    let address =
        Address::parse(address).map_err(|e| Stop::Error(format!("edit: {}", e.message())))?;
    let text = match read_text(&file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{}", report(&file, &e));
            return Ok(false);
        }
    };
    let mut doc = match Document::parse(&text) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("{}", report(&file, &e));
            return Ok(false);
        }
    };
    let mut out = String::new();
    let changed = match (kind, action) {
        ("attribute", "get") => {
            let found = doc.get_attribute(&address);
            found.iter().for_each(|e| {
                out.push_str(e);
                out.push('\n');
            });
            (!found.is_empty()).then_some(false)
        }
        ("block", "get") => {
            let found = doc.get_block(&address);
            found.iter().for_each(|b| {
                out.push_str(b);
                out.push('\n');
            });
            (!found.is_empty()).then_some(false)
        }
        ("block", "list") => {
            let found = doc.get_block(&address);
            for b in &found {
                // The block's header: its type and labels.
                let header = b.split('{').next().unwrap_or_default().trim_end();
                out.push_str(header);
                out.push('\n');
            }
            (!found.is_empty()).then_some(false)
        }
        ("attribute", "set") => match doc.set_attribute(&address, expr.unwrap_or_default()) {
            Ok(n) => (n > 0).then_some(true),
            // No attribute and no block to add it to: nothing matches
            // (exit 1, as `get` and `rm`), not a usage error.
            Err(e) if e.kind() == hcl::ErrorKind::Eval => None,
            Err(e) => return Err(Stop::Error(format!("edit: {}", e.message()))),
        },
        ("attribute", _) => {
            let n = doc
                .remove_attribute(&address)
                .map_err(|e| Stop::Error(e.to_string()))?;
            (n > 0).then_some(true)
        }
        _ => {
            let n = doc
                .remove_block(&address)
                .map_err(|e| Stop::Error(e.to_string()))?;
            (n > 0).then_some(true)
        }
    };
    let Some(changed) = changed else {
        eprintln!("hcl: edit: nothing matches `{address}` in {file}");
        return Ok(false);
    };
    if changed {
        if update {
            super::fmt::write_in_place(std::path::Path::new(&file), doc.text())
                .map_err(|e| Stop::Error(format!("edit: {file}: {e}")))?;
            return Ok(true);
        }
        out = doc.to_string();
    }
    // A closed pipe (`| head`) is not an error.
    let _ = io::stdout().lock().write_all(out.as_bytes());
    Ok(true)
}
