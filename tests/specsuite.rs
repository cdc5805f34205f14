//! Specsuite runner: for every `NAME.t` under `$HCL_SPECSUITE_DIR`, parses
//! `NAME.hcl`, decodes it with the hcldec spec `NAME.hcldec` (a small
//! interpreter of the spec format: `literal`, `object`, `array`, `attr`,
//! `block`, `block_list`, `block_set`, `block_map`, `default`, plus
//! `variables`), and compares with the `.t` file: `result` (numbers compared
//! at f64 precision, 1e-9 relative), `result_type` (when there is no
//! `result`), or `diagnostics` (an error must occur, and its start must lie
//! within one of the expected ranges).
//!
//! `HCL_SPECSUITE_DIR=/work/shared/specsuite cargo test --test specsuite`

use std::path::{Path, PathBuf};

use hcl::eval::{evaluate_with_source, Context};
use hcl::syntax::*;
use hcl::{Map, Value};

fn find_t_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = rd.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            find_t_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "t") {
            out.push(p);
        }
    }
}

/// A failure with the byte offset where it happened.
struct Diag {
    msg: String,
    offset: Option<usize>,
}

fn diag(msg: impl Into<String>, offset: Option<usize>) -> Diag {
    Diag {
        msg: msg.into(),
        offset,
    }
}

impl From<hcl::Error> for Diag {
    fn from(e: hcl::Error) -> Diag {
        Diag {
            offset: e.offset(),
            msg: e.to_string(),
        }
    }
}

// --- types -----------------------------------------------------------------

#[derive(Debug, Clone)]
enum Ty {
    Any,
    String,
    Number,
    Bool,
    List(Box<Ty>),
    Map(Box<Ty>),
    Object(Vec<(String, Ty)>),
}

fn parse_type(e: &Expression<'_>) -> Result<Ty, String> {
    match &e.kind {
        ExprKind::Variable(id) => match *id {
            "any" => Ok(Ty::Any),
            "string" => Ok(Ty::String),
            "number" => Ok(Ty::Number),
            "bool" => Ok(Ty::Bool),
            other => Err(format!("unknown type {other}")),
        },
        ExprKind::FuncCall(fc) => {
            let arg = fc.args.first().ok_or("type constructor without argument")?;
            match fc.name.name.as_str() {
                "list" | "set" => Ok(Ty::List(Box::new(parse_type(arg)?))),
                "map" => Ok(Ty::Map(Box::new(parse_type(arg)?))),
                "object" => {
                    let ExprKind::Object(items) = &arg.kind else {
                        return Err("object() needs an object".into());
                    };
                    let mut attrs = Vec::new();
                    for it in items.iter() {
                        let name = match &it.key {
                            ObjectKey::Ident(id) => id.name.to_string(),
                            ObjectKey::Expression(k) => match &k.kind {
                                ExprKind::String(s) => s.to_string(),
                                ExprKind::Variable(id) => id.to_string(),
                                ExprKind::Bool(b) => b.to_string(),
                                ExprKind::Null => "null".to_owned(),
                                _ => return Err("bad object type key".into()),
                            },
                        };
                        attrs.push((name, parse_type(&it.value)?));
                    }
                    Ok(Ty::Object(attrs))
                }
                other => Err(format!("unknown type constructor {other}")),
            }
        }
        _ => Err("unsupported type expression".into()),
    }
}

fn convert(v: Value, ty: &Ty) -> Result<Value, String> {
    match (ty, v) {
        (_, Value::Null) => Ok(Value::Null),
        (Ty::Any, v) => Ok(v),
        (Ty::String, Value::String(s)) => Ok(Value::String(s)),
        (Ty::String, Value::Number(n)) => Ok(Value::String(n.to_plain_string().into())),
        (Ty::String, Value::Bool(b)) => Ok(Value::String(b.to_string().into())),
        (Ty::Number, Value::Number(n)) => Ok(Value::Number(n)),
        (Ty::Number, Value::String(s)) => hcl::Number::parse_literal(&s)
            .map(Value::Number)
            .ok_or_else(|| format!("cannot convert {s:?} to number")),
        (Ty::Bool, Value::Bool(b)) => Ok(Value::Bool(b)),
        (Ty::Bool, Value::String(s)) if s == "true" || s == "false" => Ok(Value::Bool(s == "true")),
        (Ty::List(t), Value::Array(a)) => a
            .into_iter()
            .map(|v| convert(v, t))
            .collect::<Result<Vec<_>, _>>()
            .map(Value::Array),
        (Ty::Map(t), Value::Object(o)) => o
            .into_iter()
            .map(|(k, v)| convert(v, t).map(|v| (k, v)))
            .collect::<Result<Map<_, _>, _>>()
            .map(Value::Object),
        (Ty::Object(attrs), Value::Object(mut o)) => {
            let mut out = Map::new();
            for (name, t) in attrs {
                let v = o.swap_remove(name.as_str()).unwrap_or(Value::Null);
                out.insert(name.clone(), convert(v, t)?);
            }
            if let Some(extra) = o.keys().next() {
                return Err(format!("unexpected attribute {extra:?}"));
            }
            Ok(Value::Object(out))
        }
        (t, v) => Err(format!("{t:?} required, found {}", v.type_name())),
    }
}

fn conforms(v: &Value, ty: &Ty) -> bool {
    match (ty, v) {
        (_, Value::Null) | (Ty::Any, _) => true,
        (Ty::String, Value::String(_)) | (Ty::Number, Value::Number(_)) => true,
        (Ty::Bool, Value::Bool(_)) => true,
        (Ty::List(t), Value::Array(a)) => a.iter().all(|v| conforms(v, t)),
        (Ty::Map(t), Value::Object(o)) => o.values().all(|v| conforms(v, t)),
        (Ty::Object(attrs), Value::Object(o)) => {
            o.len() == attrs.len()
                && attrs
                    .iter()
                    .all(|(k, t)| o.get(k.as_str()).is_some_and(|v| conforms(v, t)))
        }
        _ => false,
    }
}

// --- the hcldec interpreter --------------------------------------------------

struct Decoder<'c> {
    ctx: &'c Context<'c>,
    spec_src: &'c str,
    input_src: &'c str,
}

fn spec_attr<'b>(body: &'b Body<'b>, name: &str) -> Option<&'b Expression<'b>> {
    body.attribute(name).map(|a| &a.expr)
}

impl Decoder<'_> {
    fn spec_value(&self, e: &Expression<'_>) -> Result<Value, Diag> {
        Ok(evaluate_with_source(e, self.spec_src, &Context::new())?)
    }

    fn spec_string(&self, body: &Body<'_>, name: &str) -> Result<Option<String>, Diag> {
        match spec_attr(body, name) {
            None => Ok(None),
            Some(e) => match self.spec_value(e)? {
                Value::String(s) => Ok(Some(s.into_string())),
                _ => Err(diag(format!("spec: {name} must be a string"), None)),
            },
        }
    }

    fn spec_bool(&self, body: &Body<'_>, name: &str) -> Result<bool, Diag> {
        match spec_attr(body, name) {
            None => Ok(false),
            Some(e) => Ok(self.spec_value(e)? == Value::Bool(true)),
        }
    }

    /// The one nested spec block of `spec` (for block, block_list, ...).
    fn nested<'s>(&self, spec: &'s Block<'s>) -> Result<&'s Block<'s>, Diag> {
        spec.body
            .blocks()
            .next()
            .ok_or_else(|| diag("spec: missing nested spec", None))
    }

    /// Decodes `input` with `spec`. `default_name` is the label of the spec
    /// block inside an `object` spec. Records which attributes/blocks were used.
    fn decode(
        &self,
        spec: &Block<'_>,
        default_name: Option<&str>,
        input: &Body<'_>,
        used: &mut Vec<String>,
    ) -> Result<Value, Diag> {
        match spec.ident.as_str() {
            "literal" => {
                let e = spec_attr(&spec.body, "value")
                    .ok_or_else(|| diag("spec: literal without value", None))?;
                self.spec_value(e)
            }
            "object" => {
                let mut out = Map::new();
                let mut inner_used = Vec::new();
                for child in spec.body.blocks() {
                    let name = child
                        .labels
                        .first()
                        .map(|l| l.as_str().to_owned())
                        .ok_or_else(|| diag("spec: object member without name", None))?;
                    let v = self.decode(child, Some(&name), input, &mut inner_used)?;
                    out.insert(name, v);
                }
                self.check_unexpected(input, &inner_used)?;
                used.extend(inner_used);
                Ok(Value::Object(out))
            }
            "array" => {
                let mut out = Vec::new();
                for child in spec.body.blocks() {
                    out.push(self.decode(child, None, input, used)?);
                }
                Ok(Value::Array(out))
            }
            "default" => {
                let mut last = Value::Null;
                for child in spec.body.blocks() {
                    let v = self.decode(child, default_name, input, used)?;
                    if !v.is_null() {
                        return Ok(v);
                    }
                    last = v;
                }
                Ok(last)
            }
            "attr" => {
                let name = match self.spec_string(&spec.body, "name")? {
                    Some(n) => n,
                    None => default_name
                        .ok_or_else(|| diag("spec: attr without name", None))?
                        .to_owned(),
                };
                let ty = match spec_attr(&spec.body, "type") {
                    Some(t) => parse_type(t).map_err(|m| diag(m, None))?,
                    None => Ty::Any,
                };
                used.push(name.clone());
                match input.attribute(&name) {
                    None if self.spec_bool(&spec.body, "required")? => Err(diag(
                        format!("Missing required argument {name:?}"),
                        Some(input.span.end()),
                    )),
                    None => Ok(Value::Null),
                    Some(a) => {
                        let v = evaluate_with_source(&a.expr, self.input_src, self.ctx)?;
                        convert(v, &ty).map_err(|m| {
                            diag(
                                format!("Incorrect attribute value type: {m}"),
                                Some(a.expr.span.start()),
                            )
                        })
                    }
                }
            }
            kind @ ("block" | "block_list" | "block_set" | "block_map") => {
                let block_type = match self.spec_string(&spec.body, "block_type")? {
                    Some(n) => n,
                    None => default_name
                        .ok_or_else(|| diag("spec: block without block_type", None))?
                        .to_owned(),
                };
                used.push(block_type.clone());
                let inner = self.nested(spec)?;
                let blocks: Vec<&Block<'_>> = input
                    .blocks()
                    .filter(|b| b.ident.as_str() == block_type)
                    .collect();
                match kind {
                    "block" => match blocks.as_slice() {
                        [] if self.spec_bool(&spec.body, "required")? => Err(diag(
                            format!("Missing {block_type} block"),
                            Some(input.span.end()),
                        )),
                        [] => Ok(Value::Null),
                        [b] => self.decode(inner, None, &b.body, &mut Vec::new()),
                        [_, b, ..] => Err(diag(
                            format!("Duplicate {block_type} block"),
                            Some(b.span().start()),
                        )),
                    },
                    "block_list" | "block_set" => {
                        let mut out = Vec::new();
                        for b in blocks {
                            out.push(self.decode(inner, None, &b.body, &mut Vec::new())?);
                        }
                        Ok(Value::Array(out))
                    }
                    _ => {
                        let labels = match spec_attr(&spec.body, "labels") {
                            Some(e) => self.spec_value(e)?,
                            None => Value::Array(Vec::new()),
                        };
                        let n = labels.as_array().map_or(0, Vec::len);
                        let mut out = Value::Object(Map::new());
                        for b in blocks {
                            if b.labels.len() != n {
                                return Err(diag(
                                    "Wrong number of block labels",
                                    Some(b.ident.span.start()),
                                ));
                            }
                            let v = self.decode(inner, None, &b.body, &mut Vec::new())?;
                            let mut slot = &mut out;
                            for l in b.labels {
                                let Value::Object(o) = slot else {
                                    unreachable!()
                                };
                                slot = o
                                    .entry(l.as_str().to_owned())
                                    .or_insert_with(|| Value::Object(Map::new()));
                            }
                            *slot = v;
                        }
                        Ok(out)
                    }
                }
            }
            other => Err(diag(format!("spec: unsupported spec type {other}"), None)),
        }
    }

    fn check_unexpected(&self, input: &Body<'_>, used: &[String]) -> Result<(), Diag> {
        for s in input.structures {
            let (name, span) = match s {
                Structure::Attribute(a) => (a.name.as_str(), a.name.span),
                Structure::Block(b) => (b.ident.as_str(), b.ident.span),
            };
            if !used.iter().any(|u| u == name) {
                return Err(diag(
                    format!("Unsupported argument or block: {name:?} is not expected here"),
                    Some(span.start()),
                ));
            }
        }
        Ok(())
    }
}

fn num_close(a: f64, b: f64) -> bool {
    a == b || (a - b).abs() <= 1e-9 * a.abs().max(b.abs())
}

fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => num_close(x.as_f64(), y.as_f64()),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| same(p, q))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, p)| y.get(k).is_some_and(|q| same(p, q)))
        }
        _ => a == b,
    }
}

/// Expected error ranges (byte offsets, inclusive) from a `diagnostics` block.
fn expected_ranges(t: &Body<'_>, src: &str) -> Result<Vec<(usize, usize)>, String> {
    let mut out = Vec::new();
    for d in t.blocks().filter(|b| b.ident.as_str() == "diagnostics") {
        for e in d.body.blocks() {
            let pos = |which: &str| -> Result<usize, String> {
                let b = e
                    .body
                    .blocks()
                    .find(|b| b.ident.as_str() == which)
                    .ok_or(format!("diagnostic without {which}"))?;
                let byte = b.body.attribute("byte").ok_or("no byte")?;
                evaluate_with_source(&byte.expr, src, &Context::new())
                    .map_err(|e| e.to_string())?
                    .as_u64()
                    .map(|n| n as usize)
                    .ok_or_else(|| "byte is not a number".to_string())
            };
            out.push((pos("from")?, pos("to")?));
        }
    }
    Ok(out)
}

/// Runs one case on its native input (`NAME.hcl`) or its JSON input
/// (`NAME.hcl.json`, read as HCL's JSON syntax).
fn run_case(t_path: &Path, json: bool) -> Result<(), String> {
    let read = |p: &Path| std::fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()));
    let t_src = read(t_path)?;
    let spec_src = read(&t_path.with_extension("hcldec"))?;
    let input_src = read(&t_path.with_extension(if json { "hcl.json" } else { "hcl" }))?;
    let t_file = hcl::parse(&t_src).map_err(|e| format!(".t does not parse: {e}"))?;
    let t = t_file.body();
    let spec_file = hcl::parse(&spec_src).map_err(|e| format!(".hcldec does not parse: {e}"))?;
    let spec = spec_file.body();

    let mut ctx = Context::new();
    for vars in spec.blocks().filter(|b| b.ident.as_str() == "variables") {
        for a in vars.body.attributes() {
            let v = evaluate_with_source(&a.expr, &spec_src, &Context::new())
                .map_err(|e| e.to_string())?;
            ctx.declare_var(a.name.as_str(), v);
        }
    }
    let root = spec
        .blocks()
        .find(|b| b.ident.as_str() != "variables")
        .ok_or("spec has no root block")?;

    let parsed = if json {
        hcl::json::parse(&input_src)
    } else {
        hcl::parse(&input_src)
    };
    let outcome: Result<Value, Diag> = match parsed {
        Err(e) => Err(e.into()),
        Ok(input) => {
            let dec = Decoder {
                ctx: &ctx,
                spec_src: &spec_src,
                input_src: &input_src,
            };
            dec.decode(root, None, input.body(), &mut Vec::new())
        }
    };

    let ranges = expected_ranges(t, &t_src)?;
    if !ranges.is_empty() {
        return match outcome {
            Ok(v) => Err(format!("expected diagnostics {ranges:?}, got value {v:?}")),
            Err(d) => match d.offset {
                Some(off) if ranges.iter().any(|&(a, b)| a <= off && off <= b) => Ok(()),
                _ => Err(format!(
                    "error at {:?} outside expected ranges {ranges:?}: {}",
                    d.offset, d.msg
                )),
            },
        };
    }
    let got = outcome.map_err(|d| format!("unexpected error: {}", d.msg))?;
    if let Some(result) = t.attribute("result") {
        let want = evaluate_with_source(&result.expr, &t_src, &Context::new())
            .map_err(|e| format!("cannot evaluate result: {e}"))?;
        if !same(&want, &got) {
            return Err(format!(
                "result mismatch\n  want: {want:?}\n  got:  {got:?}"
            ));
        }
    }
    if let Some(rt) = t.attribute("result_type") {
        let ty = parse_type(&rt.expr)?;
        if !conforms(&got, &ty) {
            return Err(format!("value {got:?} does not conform to {ty:?}"));
        }
    }
    Ok(())
}

fn main() {
    let Ok(dir) = std::env::var("HCL_SPECSUITE_DIR") else {
        println!("specsuite: skipped (set HCL_SPECSUITE_DIR to run)");
        return;
    };
    let mut files = Vec::new();
    find_t_files(Path::new(&dir), &mut files);
    let (mut passed, mut failed) = (0, 0);
    let mut json_cases = 0;
    for f in &files {
        let name = f.strip_prefix(&dir).unwrap_or(f).display().to_string();
        let json = f.with_extension("hcl.json").exists();
        json_cases += usize::from(json);
        for (syntax, run) in [(false, true), (true, json)] {
            if !run {
                continue;
            }
            match run_case(f, syntax) {
                Ok(()) => passed += 1,
                Err(msg) => {
                    failed += 1;
                    let what = if syntax { " (.hcl.json)" } else { "" };
                    println!("FAIL {name}{what}: {msg}");
                }
            }
        }
    }
    println!(
        "specsuite: {passed} passed, {failed} failed ({json_cases} of them on .hcl.json inputs)"
    );
    if failed > 0 || passed == 0 {
        std::process::exit(1);
    }
}
