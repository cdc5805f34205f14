//! `dynamic` block oracle runner: `$HCL_ORACLE_DIR/dev/go_dynblock.json`
//! (the reference Go implementation's `ext/dynblock`, see the oracle's
//! `GO-README.md`) through [`hcl::eval::expand_dynamic`].
//!
//! Each case's `vars` become the context's variables; the file is parsed,
//! expanded, and decoded as Go decodes it: every block type's label count
//! is the one [`expand_dynamic`](hcl::eval::expand_dynamic) infers (the
//! first static block of the type, else the first literal `labels`), static
//! blocks must agree with it, and every attribute is evaluated. A case
//! passes when the attributes' values (JSON, numbers as exact decimals)
//! and the blocks (types, labels, in order) match; an error case passes
//! when we report an error (summaries differ: listed with `-v`). Error
//! cases that fail only because of the Go program's small function table
//! ("Call to unknown function") are counted apart.
//!
//! `HCL_ORACLE_DIR=/work/shared/oracle cargo test --test oracle_dynblock`

#[path = "support/json.rs"]
mod json;
#[path = "support/runner.rs"]
mod runner;

use std::collections::{BTreeMap, HashMap};

use hcl::eval::{evaluate_typed, expand_dynamic, Context};
use hcl::syntax::{Arena, Body};
use json::{matches, read_json, Json};

fn main() {
    let Some((dir, verbose)) = runner::oracle_dir("oracle_dynblock") else {
        return;
    };
    let text = runner::read_set(&dir, "go_dynblock.json");
    let raw: Vec<serde_json::Value> = serde_json::from_str(&text).unwrap();
    let Json::Arr(cases) = read_json(&text) else {
        panic!("go_dynblock.json is not an array")
    };
    let (mut passed, mut failed, mut functions) = (0, 0, 0);
    let mut failures = Vec::new();
    let mut message_diffs = Vec::new();
    for (case, raw) in cases.iter().zip(&raw) {
        let Json::Obj(c) = case else { continue };
        let id = raw["id"].as_str().unwrap_or("?");
        let input = raw["input"].as_str().unwrap_or_default();
        let mut ctx = Context::new().with_source(input);
        if let Some(vars) = raw["vars"].as_object() {
            for (k, v) in vars {
                ctx.declare_var(k.as_str(), hcl::to_value(v).unwrap());
            }
        }
        let got = run_case(input, &ctx);
        let Some(Json::Obj(expect)) = c.get("expect") else {
            continue;
        };
        let ok = match (&got, expect.get("error")) {
            (Ok(tree), None) => same(expect, tree),
            (Err(msg), Some(Json::Str(summary))) => {
                runner::note_summary(&mut message_diffs, id, summary, msg);
                true
            }
            (Ok(_), Some(Json::Str(s))) if s == "Call to unknown function" => {
                functions += 1;
                continue;
            }
            _ => false,
        };
        if ok {
            passed += 1;
        } else {
            failed += 1;
            failures.push(format!(
                "{id}\n    expected: {}\n    got:      {}",
                raw["expect"],
                match &got {
                    Ok(t) => format!("{t:?}"),
                    Err(e) => e.clone(),
                }
            ));
        }
    }
    runner::print_findings(&failures, &message_diffs, verbose);
    println!(
        "oracle_dynblock go_dynblock.json: {passed} passed, {failed} failed, {functions} only Go's function table rejects; {} error cases with another summary",
        message_diffs.len()
    );
    if failed > 0 {
        std::process::exit(1);
    }
}

/// A decoded body: attributes (name → value) and blocks in order.
#[derive(Debug)]
struct Decoded {
    attrs: BTreeMap<String, hcl::Value>,
    blocks: Vec<(String, Vec<String>, Decoded)>,
}

fn run_case(input: &str, ctx: &Context<'_>) -> Result<Decoded, String> {
    let file = hcl::parse(input).map_err(|e| e.to_string())?;
    let arena = Arena::new();
    let body = expand_dynamic(file.body(), ctx, &arena).map_err(|e| e.to_string())?;
    // The label counts Go's schema has: the first block of each type, in
    // the expanded body (generated blocks agree with it).
    let mut counts = HashMap::new();
    first_counts(&body, &mut counts);
    decode(&body, ctx, &counts, input)
}

fn first_counts(b: &Body<'_>, counts: &mut HashMap<String, usize>) {
    for bl in b.blocks() {
        counts
            .entry(bl.ident.name.to_owned())
            .or_insert(bl.labels.len());
        first_counts(&bl.body, counts);
    }
}

fn decode(
    b: &Body<'_>,
    ctx: &Context<'_>,
    counts: &HashMap<String, usize>,
    src: &str,
) -> Result<Decoded, String> {
    let mut out = Decoded {
        attrs: BTreeMap::new(),
        blocks: Vec::new(),
    };
    for bl in b.blocks() {
        let want = counts[bl.ident.name];
        if bl.labels.len() != want {
            return Err(format!(
                "{} label count: {} given, {want} expected",
                bl.ident.name,
                bl.labels.len()
            ));
        }
    }
    for a in b.attributes() {
        let v = evaluate_typed(&a.expr, ctx).map_err(|e| e.with_source(src).to_string())?;
        out.attrs.insert(a.name.name.to_owned(), v.into_value());
    }
    for bl in b.blocks() {
        out.blocks.push((
            bl.ident.name.to_owned(),
            bl.labels.iter().map(|l| l.as_str().to_owned()).collect(),
            decode(&bl.body, ctx, counts, src)?,
        ));
    }
    Ok(out)
}

fn same(expect: &BTreeMap<String, Json>, got: &Decoded) -> bool {
    let (Some(Json::Obj(attrs)), Some(Json::Arr(blocks))) =
        (expect.get("attrs"), expect.get("blocks"))
    else {
        return false;
    };
    attrs.len() == got.attrs.len()
        && attrs
            .iter()
            .all(|(k, v)| got.attrs.get(k).is_some_and(|g| matches(v, g)))
        && blocks.len() == got.blocks.len()
        && blocks
            .iter()
            .zip(&got.blocks)
            .all(|(e, (ty, labels, body))| {
                let Json::Obj(e) = e else { return false };
                e.get("type") == Some(&Json::Str(ty.clone()))
                    && e.get("labels")
                        == Some(&Json::Arr(
                            labels.iter().map(|l| Json::Str(l.clone())).collect(),
                        ))
                    && same(e, body)
            })
}
