//! Parser throughput: `hcl::parse` of big.tf and big-common.tf against
//! hcl-rs 0.20's `hcl::parse` of big-common.tf (which hcl-rs accepts).
//!
//! `HCL_BENCH_FILE` names big-common.tf (default
//! `../shared/corpus/bench/big-common.tf`, or `../../shared/...` from a
//! worktree); big.tf is looked up beside it.
//! Run: `cargo bench --bench parse`. Each is measured twice: with the
//! tree's deallocation inside the timed loop (what a caller pays in all) and
//! with it outside (`iter_with_large_drop`: parsing alone).

use std::path::PathBuf;
use std::time::Duration;

use criterion::{black_box, Criterion, Throughput};

fn main() {
    let common = std::env::var_os("HCL_BENCH_FILE")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
            let default = dir.join("../shared/corpus/bench/big-common.tf");
            // A git worktree under wt/ sits one level deeper.
            let alt = dir.join("../../shared/corpus/bench/big-common.tf");
            if !default.exists() && alt.exists() {
                alt
            } else {
                default
            }
        });
    let Ok(common_src) = std::fs::read_to_string(&common) else {
        eprintln!(
            "benchmark input {} not found (set HCL_BENCH_FILE): skipped",
            common.display()
        );
        return;
    };
    let big = common.with_file_name("big.tf");
    let big_src = std::fs::read_to_string(&big).ok();

    let mut c = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
        .configure_from_args();

    let mut g = c.benchmark_group("parse");
    if let Some(src) = &big_src {
        g.throughput(Throughput::Bytes(src.len() as u64));
        g.bench_function("hcl2/big.tf", |b| {
            b.iter(|| hcl::parse(black_box(src)).expect("big.tf parses"))
        });
        g.bench_function("hcl2/big.tf (tree drop untimed)", |b| {
            b.iter_with_large_drop(|| hcl::parse(black_box(src)).expect("big.tf parses"))
        });
    } else {
        eprintln!("{} not found: skipping hcl2/big.tf", big.display());
    }
    g.throughput(Throughput::Bytes(common_src.len() as u64));
    g.bench_function("hcl2/big-common.tf", |b| {
        b.iter(|| hcl::parse(black_box(&common_src)).expect("big-common.tf parses"))
    });
    g.bench_function("hcl-rs-0.20/big-common.tf", |b| {
        b.iter(|| hcl_rs::parse(black_box(&common_src)).expect("hcl-rs parses big-common.tf"))
    });
    g.bench_function("hcl2/big-common.tf (tree drop untimed)", |b| {
        b.iter_with_large_drop(|| hcl::parse(black_box(&common_src)).expect("parses"))
    });
    g.bench_function("hcl-rs-0.20/big-common.tf (tree drop untimed)", |b| {
        b.iter_with_large_drop(|| hcl_rs::parse(black_box(&common_src)).expect("parses"))
    });
    g.finish();
    c.final_summary();
}
