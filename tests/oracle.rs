//! Oracle runner: evaluates `$HCL_ORACLE_DIR/dev/cases.json` (expressions with
//! the values Terraform 1.11 computed for them) and compares.
//!
//! Each case's `hcl` is placed after `x = ` in `locals {\n  x = <hcl>\n}\n`.
//! Cases calling a Terraform built-in function that is not implemented yet
//! are skipped. Every case without a call to a built-in function is
//! required to match (the exit code is non-zero otherwise): numbers digit
//! for digit as Terraform prints them, `error` cases must fail (an
//! `encode`-phase error means the value held ±Inf). Failures of cases
//! calling built-ins are listed and counted but do not fail the run.
//!
//! `HCL_ORACLE_DIR=/work/shared/oracle cargo test --test oracle`
//! (`-- -v` lists every failure in full).

#[path = "support/json.rs"]
mod json;

use hcl::eval::{Context, Evaluate};
use hcl::syntax::*;
use hcl::Value;
use json::{read_json, Json};

const TERRAFORM_FUNCTIONS: &[&str] = &[
    "abs",
    "ceil",
    "floor",
    "log",
    "max",
    "min",
    "parseint",
    "pow",
    "signum",
    "chomp",
    "endswith",
    "format",
    "formatlist",
    "indent",
    "join",
    "lower",
    "regex",
    "regexall",
    "replace",
    "split",
    "startswith",
    "strcontains",
    "strrev",
    "substr",
    "templatestring",
    "title",
    "trim",
    "trimprefix",
    "trimsuffix",
    "trimspace",
    "upper",
    "alltrue",
    "anytrue",
    "chunklist",
    "coalesce",
    "coalescelist",
    "compact",
    "concat",
    "contains",
    "distinct",
    "element",
    "flatten",
    "index",
    "keys",
    "length",
    "list",
    "lookup",
    "map",
    "matchkeys",
    "merge",
    "one",
    "range",
    "reverse",
    "setintersection",
    "setproduct",
    "setsubtract",
    "setunion",
    "slice",
    "sort",
    "sum",
    "transpose",
    "values",
    "zipmap",
    "base64decode",
    "base64encode",
    "base64gzip",
    "csvdecode",
    "jsondecode",
    "jsonencode",
    "textdecodebase64",
    "textencodebase64",
    "urlencode",
    "yamldecode",
    "yamlencode",
    "abspath",
    "dirname",
    "pathexpand",
    "basename",
    "file",
    "fileexists",
    "fileset",
    "filebase64",
    "templatefile",
    "formatdate",
    "plantimestamp",
    "timeadd",
    "timecmp",
    "timestamp",
    "base64sha256",
    "base64sha512",
    "bcrypt",
    "filebase64sha256",
    "filebase64sha512",
    "filemd5",
    "filesha1",
    "filesha256",
    "filesha512",
    "md5",
    "rsadecrypt",
    "sha1",
    "sha256",
    "sha512",
    "uuid",
    "uuidv5",
    "cidrhost",
    "cidrnetmask",
    "cidrsubnet",
    "cidrsubnets",
    "issensitive",
    "nonsensitive",
    "sensitive",
    "tobool",
    "tolist",
    "tomap",
    "tonumber",
    "toset",
    "tostring",
    "type",
    "ephemeralasnull",
];

// --- comparing values (numbers by their exact text) ------------------------

fn matches(expect: &Json, got: &Value) -> bool {
    match (expect, got) {
        (Json::Null, Value::Null) => true,
        (Json::Bool(a), Value::Bool(b)) => a == b,
        // Terraform's text of the number, digit for digit.
        (Json::Num(a), Value::Number(n)) => n.to_plain_string() == *a,
        (Json::Str(a), Value::String(b)) => a == b,
        (Json::Arr(a), Value::Array(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(x, y)| matches(x, y))
        }
        (Json::Obj(a), Value::Object(b)) => {
            a.len() == b.len()
                && a.iter()
                    .all(|(k, x)| b.get(k.as_str()).is_some_and(|y| matches(x, y)))
        }
        _ => false,
    }
}

fn has_non_finite(v: &Value) -> bool {
    match v {
        Value::Number(n) => !n.is_finite(),
        Value::Array(a) => a.iter().any(has_non_finite),
        Value::Object(o) => o.values().any(has_non_finite),
        _ => false,
    }
}

// --- which functions does an expression call? ----------------------------

fn calls_in_template(t: &Template<'_>, out: &mut Vec<String>) {
    for el in t.elements {
        match el {
            Element::Literal(_) => {}
            Element::Interpolation(i) => calls(&i.expr, out),
            Element::Directive(d) => match *d {
                Directive::If(i) => {
                    calls(&i.cond, out);
                    calls_in_template(&i.true_template, out);
                    if let Some(f) = &i.false_template {
                        calls_in_template(f, out);
                    }
                }
                Directive::For(f) => {
                    calls(&f.collection, out);
                    calls_in_template(&f.template, out);
                }
            },
        }
    }
}

fn calls(e: &Expression<'_>, out: &mut Vec<String>) {
    match &e.kind {
        ExprKind::Template(t) => calls_in_template(&t.template, out),
        ExprKind::Tuple(items) => items.iter().for_each(|i| calls(i, out)),
        ExprKind::Object(items) => {
            for it in items.iter() {
                if let ObjectKey::Expression(k) = &it.key {
                    calls(k, out);
                }
                calls(&it.value, out);
            }
        }
        ExprKind::FuncCall(fc) => {
            out.push(fc.name.to_full_name());
            fc.args.iter().for_each(|a| calls(a, out));
        }
        ExprKind::Traversal(t) => {
            calls(&t.expr, out);
            for op in t.operators {
                if let TraversalOperatorKind::Index(i) = &op.kind {
                    calls(i, out);
                }
            }
        }
        ExprKind::Unary(u) => calls(&u.expr, out),
        ExprKind::Binary(b) => {
            calls(&b.lhs, out);
            calls(&b.rhs, out);
        }
        ExprKind::Conditional(c) => {
            calls(&c.cond, out);
            calls(&c.true_expr, out);
            calls(&c.false_expr, out);
        }
        ExprKind::For(f) => {
            calls(&f.collection, out);
            if let Some(k) = &f.key_expr {
                calls(k, out);
            }
            calls(&f.value_expr, out);
            if let Some(c) = &f.cond {
                calls(c, out);
            }
        }
        ExprKind::Parenthesis(i) => calls(i, out),
        _ => {}
    }
}

/// Whether `name` is one of Terraform's built-in functions (other than
/// `try`/`can`, which are the evaluator's).
fn is_terraform_function(name: &str) -> bool {
    let bare = name.strip_prefix("core::").unwrap_or(name);
    bare != "try" && bare != "can" && TERRAFORM_FUNCTIONS.contains(&bare)
}

fn missing_builtin(name: &str) -> bool {
    let bare = name.strip_prefix("core::").unwrap_or(name);
    bare != "try"
        && bare != "can"
        && TERRAFORM_FUNCTIONS.contains(&bare)
        && hcl::eval::functions::builtin(bare).is_none()
}

fn main() {
    let Ok(dir) = std::env::var("HCL_ORACLE_DIR") else {
        println!("oracle: skipped (set HCL_ORACLE_DIR to run)");
        return;
    };
    let verbose = std::env::args().any(|a| a == "-v" || a == "--verbose");
    let path = std::path::Path::new(&dir).join("dev/cases.json");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let Json::Arr(cases) = read_json(&text) else {
        panic!("cases.json is not an array")
    };
    let (mut passed, mut failed, mut skipped) = (0, 0, 0);
    // Cases without a call to a built-in function must all pass.
    let (mut req_passed, mut req_failed) = (0, 0);
    let mut failures = Vec::new();
    for case in &cases {
        let Json::Obj(c) = case else { continue };
        let id = match &c["id"] {
            Json::Str(s) => s.clone(),
            _ => String::new(),
        };
        let Some(Json::Str(hcl_src)) = c.get("hcl") else {
            continue;
        };
        let expect = c.get("expect");
        let error = c.get("error");
        let phase = match c.get("error_phase") {
            Some(Json::Str(s)) => s.as_str(),
            _ => "",
        };
        let src = format!("locals {{\n  x = {hcl_src}\n}}\n");
        let mut required = true;
        let outcome: Result<Value, String> = match hcl::parse(&src) {
            Err(e) => Err(format!("parse: {e}")),
            Ok(file) => {
                let Some(block) = file.body().blocks().next() else {
                    failed += 1;
                    failures.push(format!("{id}: no locals block"));
                    continue;
                };
                let Some(attr) = block.body.attribute("x") else {
                    failed += 1;
                    failures.push(format!("{id}: no attribute x"));
                    continue;
                };
                let mut names = Vec::new();
                calls(&attr.expr, &mut names);
                required = !names.iter().any(|n| is_terraform_function(n));
                if names.iter().any(|n| missing_builtin(n)) {
                    skipped += 1;
                    continue;
                }
                let ctx = Context::new().with_source(&src);
                attr.expr
                    .evaluate(&ctx)
                    .map_err(|e| format!("eval: {}", e.with_source(&src)))
            }
        };
        let ok = match (&outcome, expect, error) {
            (Ok(v), Some(exp), _) => matches(exp, v),
            (Err(_), Some(_), _) => false,
            (Err(_), None, Some(_)) => true,
            (Ok(v), None, Some(_)) => phase == "encode" && has_non_finite(v),
            _ => false,
        };
        if required {
            if ok {
                req_passed += 1;
            } else {
                req_failed += 1;
            }
        }
        if ok {
            passed += 1;
        } else {
            failed += 1;
            failures.push(format!(
                "{id}{}: {hcl_src}\n    expected: {}\n    got:      {}",
                if required { " [required]" } else { "" },
                match (expect, error) {
                    (Some(e), _) => format!("{e:?}"),
                    (_, Some(e)) => format!("error {e:?}"),
                    _ => "?".into(),
                },
                match &outcome {
                    Ok(v) => format!("{v:?}"),
                    Err(e) => e.replace('\n', "\n              "),
                },
            ));
        }
    }
    for f in failures.iter().take(if verbose { usize::MAX } else { 40 }) {
        println!("FAIL {f}");
    }
    println!("oracle: {passed} passed, {failed} failed, {skipped} skipped");
    println!(
        "oracle: cases without built-in function calls (required): {req_passed} passed, {req_failed} failed"
    );
    if req_failed > 0 {
        std::process::exit(1);
    }
}
