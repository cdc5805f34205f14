//! Deserialization speed against hcl-rs 0.20, on the same input in the same run.
//!
//! `cargo bench --bench de` reads `HCL_BENCH_FILE` (default:
//! `../shared/corpus/bench/big-common.tf`, then `/work/shared/...`) and
//! skips when it is absent. Two workloads, each for both crates:
//!
//! - `value`: `from_str::<Value>` (the whole file as HCL's JSON shape);
//! - `typed`: `from_str` into a Terraform-like schema: `resource` → type →
//!   name → a struct with a few typed fields and a `#[serde(flatten)]` map
//!   of the rest; everything else in the file is ignored.

use std::collections::HashMap;
use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput};
use serde::Deserialize;

fn bench_file() -> Option<(String, String)> {
    let candidates = match std::env::var("HCL_BENCH_FILE") {
        Ok(p) => vec![p],
        Err(_) => vec![
            "../shared/corpus/bench/big-common.tf".to_owned(),
            "/work/shared/corpus/bench/big-common.tf".to_owned(),
        ],
    };
    candidates
        .into_iter()
        .find_map(|p| std::fs::read_to_string(&p).ok().map(|s| (p, s)))
}

macro_rules! schema {
    ($modname:ident, $value:ty) => {
        #[allow(dead_code)]
        mod $modname {
            use super::*;

            #[derive(Deserialize)]
            pub struct Config {
                #[serde(default)]
                pub resource: HashMap<String, HashMap<String, Resource>>,
            }

            #[derive(Deserialize)]
            pub struct Resource {
                pub count: Option<$value>,
                pub for_each: Option<$value>,
                pub provider: Option<$value>,
                pub depends_on: Option<Vec<$value>>,
                pub lifecycle: Option<Lifecycle>,
                #[serde(flatten)]
                pub rest: HashMap<String, $value>,
            }

            #[derive(Deserialize)]
            pub struct Lifecycle {
                pub create_before_destroy: Option<$value>,
                pub prevent_destroy: Option<$value>,
                pub ignore_changes: Option<$value>,
            }

            /// Resources and attributes seen, to check both crates read the same.
            pub fn count(c: &Config) -> (usize, usize) {
                let rs = c.resource.values().flat_map(HashMap::values);
                let attrs = rs
                    .map(|r| {
                        r.rest.len()
                            + usize::from(r.count.is_some())
                            + usize::from(r.for_each.is_some())
                            + usize::from(r.provider.is_some())
                            + usize::from(r.depends_on.is_some())
                            + usize::from(r.lifecycle.is_some())
                    })
                    .sum();
                (c.resource.values().map(HashMap::len).sum(), attrs)
            }
        }
    };
}

schema!(ours, hcl::Value);
schema!(theirs, hcl_rs::Value);

/// The bench file concatenates many projects, so some resource addresses
/// repeat; a typed `type → name → struct` schema rejects that (in both
/// crates). Give repeated names a suffix, once, before timing anything.
fn unique_resource_names(src: &str) -> String {
    /// A label at the start of `s` (quoted, or a bare identifier) and the rest.
    fn label(s: &str) -> Option<(&str, &str)> {
        let mut s = s.trim_start_matches([' ', '\t']);
        while let Some(c) = s.strip_prefix("/*") {
            s = c[c.find("*/")? + 2..].trim_start_matches([' ', '\t']);
        }
        if let Some(q) = s.strip_prefix('"') {
            let end = q.find('"')?;
            return Some((&q[..end], &q[end + 1..]));
        }
        let end = s
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-'))
            .unwrap_or(s.len());
        (end > 0).then(|| (&s[..end], &s[end..]))
    }
    let mut seen = std::collections::HashSet::new();
    let mut out = String::with_capacity(src.len() + 1024);
    for line in src.split_inclusive('\n') {
        let parsed = line
            .strip_prefix("resource")
            .filter(|r| r.starts_with([' ', '\t']))
            .and_then(label)
            .map(|(ty, r)| match label(r) {
                Some((name, rest)) => (ty, name, rest),
                // `resource "t" {`: a missing name label.
                None => (ty, "unnamed", r),
            });
        match parsed {
            Some((ty, name, rest)) => {
                let mut n = name.to_owned();
                let mut k = 1;
                while !seen.insert((ty.to_owned(), n.clone())) {
                    k += 1;
                    n = format!("{name}_{k}");
                }
                out.push_str(&format!("resource \"{ty}\" \"{n}\"{rest}"));
            }
            None => out.push_str(line),
        }
    }
    out
}

fn main() {
    let Some((path, src)) = bench_file() else {
        println!("de bench skipped: set HCL_BENCH_FILE (big-common.tf not found)");
        return;
    };
    let src = unique_resource_names(&src);
    println!(
        "de bench: {path} ({} bytes, resource names made unique)",
        src.len()
    );

    // Both must agree on the number of resources before we time anything.
    let a = ours::count(&hcl::from_str::<ours::Config>(&src).expect("hcl2 typed"));
    let b = theirs::count(&hcl_rs::from_str::<theirs::Config>(&src).expect("hcl-rs typed"));
    assert_eq!(a, b, "resource/attribute counts differ");
    println!("resources, attributes: {a:?}");

    let mut c = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5))
        .configure_from_args();

    let mut g = c.benchmark_group("value");
    g.throughput(Throughput::Bytes(src.len() as u64));
    g.bench_function("hcl2", |bch| {
        bch.iter(|| black_box(hcl::from_str::<hcl::Value>(black_box(&src)).unwrap()))
    });
    g.bench_function("hcl-rs", |bch| {
        bch.iter(|| black_box(hcl_rs::from_str::<hcl_rs::Value>(black_box(&src)).unwrap()))
    });
    g.finish();

    let mut g = c.benchmark_group("typed");
    g.throughput(Throughput::Bytes(src.len() as u64));
    g.bench_function("hcl2", |bch| {
        bch.iter(|| black_box(hcl::from_str::<ours::Config>(black_box(&src)).unwrap()))
    });
    g.bench_function("hcl-rs", |bch| {
        bch.iter(|| black_box(hcl_rs::from_str::<theirs::Config>(black_box(&src)).unwrap()))
    });
    g.finish();

    c.final_summary();
}
