//! The Terraform regression net: every expression of
//! `tests/fixtures/terraform_net/net.jsonl.gz` (about 22,000, with
//! Terraform 1.11.4's answers: see that folder's README) evaluated by hcl2
//! and compared in four ways:
//!
//! - verdict: an error where Terraform reports one, a value where it gives
//!   one (all cases);
//! - value: the same value, numbers as exact decimals, unknowns (sets
//!   `*-unknown`, in the unknowns oracle's scope) where Terraform's are
//!   (the cases where Terraform gives a value);
//! - type: the same type, as Terraform's `type()` prints it, but for white
//!   space (the same cases);
//! - summary: an error whose message starts with Terraform's summary line
//!   (the cases where Terraform reports an error).
//!
//! It fails when a count falls below `baseline.txt`, or when a case that
//! agrees there (is not in `disagreements.txt`) no longer does. Cases that
//! now agree are listed; `TERRAFORM_NET_WRITE=1` rewrites both files from
//! this run. `-v` prints every disagreement.
//!
//! `cargo test --all-features --test terraform_net`

// Without every function family the net is skipped, and the rest unused.
#![cfg_attr(not(feature = "functions"), allow(dead_code, unused_imports))]

#[path = "support/baseline.rs"]
mod baseline;
#[path = "support/json.rs"]
mod json;
#[path = "support/unknown_scope.rs"]
mod unknown_scope;

use std::collections::BTreeSet;
use std::fmt::Write as _;

use hcl::eval::{Context, Typed};
use hcl::Value;
use json::{matches, read_json, Json};

const BASELINE: baseline::Baseline<'static> = baseline::Baseline {
    dir: concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/terraform_net"),
    name: "terraform net",
    write: "TERRAFORM_NET_WRITE",
};

#[cfg(not(feature = "functions"))]
fn main() {
    println!("terraform net: skipped (it needs every function family: --all-features)");
}

#[cfg(feature = "functions")]
fn main() {
    let started = std::time::Instant::now();
    let verbose = std::env::args().any(|a| a == "-v" || a == "--verbose");
    let text = BASELINE.read_gz("net.jsonl.gz");
    let known = Context::new();
    let unknown = unknown_scope::context();
    let mut counts = Counts::default();
    let mut disagreements = String::new();
    let mut disagreeing = BTreeSet::new();
    for line in text.lines().filter(|l| !l.is_empty()) {
        let Json::Obj(case) = read_json(line) else {
            panic!("not a case: {line}")
        };
        let field = |k: &str| match case.get(k) {
            Some(Json::Str(s)) => s.as_str(),
            _ => "",
        };
        let (id, hcl_src) = (field("id"), field("hcl"));
        let ctx = if field("set").ends_with("-unknown") {
            &unknown
        } else {
            &known
        };
        let ours = evaluate(hcl_src, ctx);
        let agrees = counts.add(&case, &ours);
        if !agrees {
            disagreeing.insert(id.to_owned());
            let _ = write!(
                disagreements,
                "== {id}\n{}\nterraform: {}\nhcl2:      {}\n",
                hcl_src.replace('\n', "\n  | "),
                terraform_answer(&case),
                our_answer(&ours)
            );
        }
    }
    let figures = [
        ("verdicts", counts.verdicts),
        ("values", counts.values.0),
        ("types", counts.types.0),
        ("summaries", counts.summaries.0),
    ];
    let failed = BASELINE.hold(&figures, &disagreeing, &disagreements, verbose);
    println!("(ran in {:.1} s)", started.elapsed().as_secs_f64());
    println!("{}", counts.line());
    if failed {
        std::process::exit(1);
    }
}

/// `hcl_src` as Terraform evaluated it: `x = <hcl>` in a `locals` block.
fn evaluate(hcl_src: &str, base: &Context<'_>) -> Result<Typed, hcl::Error> {
    let src = format!("locals {{\n  x = {hcl_src}\n}}\n");
    let file = hcl::parse(&src)?;
    let body = file.body();
    let attr = body
        .blocks()
        .next()
        .and_then(|b| b.body.attribute("x"))
        .expect("the layout holds x");
    let ctx = base.child().with_source(&src);
    hcl::eval::evaluate_typed(&attr.expr, &ctx)
}

/// A value with each unknown inside written `{"$unknown": TYPE}`, as the
/// answers write them.
fn marked(t: &Typed) -> Value {
    t.map_unknowns(|ty| {
        let mut o = hcl::Map::new();
        o.insert("$unknown".to_owned(), Value::from(ty.to_string()));
        Value::Object(o)
    })
}

/// The four counts: how many cases agree, of how many.
#[derive(Default)]
struct Counts {
    cases: usize,
    verdicts: usize,
    values: (usize, usize),
    types: (usize, usize),
    summaries: (usize, usize),
}

impl Counts {
    /// Counts one case; whether hcl2 agrees with Terraform in every way
    /// the case is counted.
    fn add(
        &mut self,
        case: &std::collections::BTreeMap<String, Json>,
        ours: &Result<Typed, hcl::Error>,
    ) -> bool {
        self.cases += 1;
        let field = |k: &str| match case.get(k) {
            Some(Json::Str(s)) => Some(s.as_str()),
            _ => None,
        };
        match (field("error"), ours) {
            (Some(summary), Err(e)) => {
                self.verdicts += 1;
                self.summaries.1 += 1;
                let msg = e.message();
                let same = msg == summary || msg.starts_with(&format!("{summary}:"));
                self.summaries.0 += usize::from(same);
                same
            }
            (Some(_), Ok(_)) => {
                self.summaries.1 += 1;
                false
            }
            (None, Err(_)) => {
                self.values.1 += 1;
                self.types.1 += 1;
                false
            }
            (None, Ok(t)) => {
                self.verdicts += 1;
                self.values.1 += 1;
                self.types.1 += 1;
                let value = if case.contains_key("unknown") {
                    t.is_unknown()
                } else {
                    !t.is_unknown() && case.get("value").is_some_and(|v| matches(v, &marked(t)))
                };
                // (Terraform prints a type over several lines, which the
                // answers join again: an attribute name's own white space
                // is not kept, so types compare without it.)
                let ty = field("type").is_some_and(|tf| same_type(tf, &t.ty().to_string()));
                self.values.0 += usize::from(value);
                self.types.0 += usize::from(ty);
                value && ty
            }
        }
    }

    fn line(&self) -> String {
        format!(
            "terraform net: {} cases; verdicts {}/{}, values {}/{}, types {}/{}, summaries {}/{}",
            self.cases,
            self.verdicts,
            self.cases,
            self.values.0,
            self.values.1,
            self.types.0,
            self.types.1,
            self.summaries.0,
            self.summaries.1
        )
    }
}

/// Whether two type strings are the same but for white space.
fn same_type(a: &str, b: &str) -> bool {
    a.chars()
        .filter(|c| !c.is_whitespace())
        .eq(b.chars().filter(|c| !c.is_whitespace()))
}

/// Terraform's answer, on one line.
fn terraform_answer(case: &std::collections::BTreeMap<String, Json>) -> String {
    let s = |k: &str| match case.get(k) {
        Some(Json::Str(s)) => s.clone(),
        _ => String::new(),
    };
    match case.get("error") {
        Some(_) => format!(
            "error ({}) {}: {}",
            s("phase"),
            s("error"),
            s("detail").replace('\n', " ")
        ),
        None if case.contains_key("unknown") => format!("unknown : {}", s("type")),
        None => format!(
            "{} : {}",
            json_text(case.get("value").unwrap_or(&Json::Null)),
            s("type")
        ),
    }
}

/// hcl2's answer, as [`terraform_answer`] writes Terraform's.
fn our_answer(ours: &Result<Typed, hcl::Error>) -> String {
    match ours {
        Err(e) => format!("error {}", e.message().replace('\n', " ")),
        Ok(t) if t.is_unknown() => format!("unknown : {}", t.ty()),
        Ok(t) => format!(
            "{} : {}",
            hcl::json::value_to_string(&marked(t), false)
                .unwrap_or_else(|_| format!("{:?}", t.value())),
            t.ty()
        ),
    }
}

fn json_text(j: &Json) -> String {
    match j {
        Json::Null => "null".into(),
        Json::Bool(b) => b.to_string(),
        Json::Num(n) => n.clone(),
        Json::Str(s) => {
            hcl::json::value_to_string(&Value::from(s.as_str()), false).unwrap_or_default()
        }
        Json::Arr(a) => format!(
            "[{}]",
            a.iter().map(json_text).collect::<Vec<_>>().join(",")
        ),
        Json::Obj(o) => format!(
            "{{{}}}",
            o.iter()
                .map(|(k, v)| format!("{}:{}", json_text(&Json::Str(k.clone())), json_text(v)))
                .collect::<Vec<_>>()
                .join(",")
        ),
    }
}
