//! Parse + evaluate (template-preserving) of a large Terraform file, against
//! hcl-rs 0.20's `from_str::<Value>` of the same file (hcl-rs converts
//! unevaluated expressions to strings, as our template-preserving mode does):
//! `hcl::parse` then evaluating the tree, and `evaluate_body_str`, which
//! streams.
//!
//! `HCL_BENCH_FILE=../shared/corpus/bench/big-common.tf cargo bench --bench eval`
//! (the default path is `../shared/corpus/bench/big-common.tf`; skipped when absent).
//!
//! `from_str::<Value>` (also in the `de` bench) is timed here too, so that
//! one run holds every figure of the comparison. The "floor" entries time
//! the grammar alone (`validate`, no tree), the parse, and cloning and
//! dropping the evaluated `Value` and the syntax tree: what any evaluator
//! producing these structures pays, whatever its walk and evaluation do.

use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use hcl::eval::{evaluate_with_source, Context, EvalMode};

fn bench(c: &mut Criterion) {
    // Default: ../shared from /work/main, ../../shared from a worktree.
    let path = std::env::var("HCL_BENCH_FILE").unwrap_or_else(|_| {
        ["../shared", "../../shared"]
            .iter()
            .map(|d| format!("{d}/corpus/bench/big-common.tf"))
            .find(|p| std::path::Path::new(p).exists())
            .unwrap_or_else(|| "../shared/corpus/bench/big-common.tf".to_owned())
    });
    let Ok(src) = std::fs::read_to_string(&path) else {
        println!("eval bench: skipped ({path} not found; set HCL_BENCH_FILE)");
        return;
    };
    let ctx = Context::new().with_mode(EvalMode::PreserveTemplates);
    // Check once that both sides succeed.
    let body = hcl::parse(&src).expect("hcl2 parses the bench file");
    let whole = evaluate_with_source(&body, &src, &ctx).expect("hcl2 evaluates the bench file");
    let streamed = hcl::eval::evaluate_body_str(&src, &ctx).expect("hcl2 streams the bench file");
    assert!(whole == streamed, "streaming gives the same value");
    drop((body, whole, streamed));
    let body = hcl::parse(&src).unwrap();
    hcl_rs::from_str::<hcl_rs::Value>(&src).expect("hcl-rs parses the bench file");

    let mut g = c.benchmark_group("eval");
    g.sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4))
        .throughput(Throughput::Bytes(src.len() as u64));
    g.bench_function("hcl2 parse+eval (preserve)", |b| {
        b.iter(|| {
            let body = hcl::parse(&src).unwrap();
            evaluate_with_source(&body, &src, &ctx).unwrap()
        })
    });
    // The same work through the one-call entry point, which parses and
    // evaluates a chunk of top-level items at a time.
    g.bench_function("hcl2 evaluate_body_str (preserve, streamed)", |b| {
        b.iter(|| hcl::eval::evaluate_body_str(&src, &ctx).unwrap())
    });
    g.bench_function("hcl2 from_str::<Value>", |b| {
        b.iter(|| hcl::from_str::<hcl::Value>(&src).unwrap())
    });
    g.bench_function("hcl2 eval only (preserve, tree parsed once)", |b| {
        b.iter(|| evaluate_with_source(&body, &src, &ctx).unwrap())
    });
    // Floors: what allocating and freeing the two data structures costs on
    // its own, with no scanning and no evaluation. A parse+eval can not be
    // faster than the sum of these two while it builds this tree and this
    // `Value` (each clone makes the same allocations as building does, and
    // the clone is dropped inside the timing, as the results above are).
    // What every result costs before a node is walked: the grammar alone
    // (no tree), the parse (tree built and dropped), and making and
    // dropping the result's values. Beside hcl-rs in one run, these bound
    // the ratio this design can reach.
    g.bench_function("floor: validate (grammar, no tree)", |b| {
        b.iter(|| hcl::parser::validate(&src).unwrap())
    });
    g.bench_function("floor: parse (tree built and dropped)", |b| {
        b.iter(|| hcl::parse(&src).unwrap())
    });
    let value = evaluate_with_source(&body, &src, &ctx).unwrap();
    g.bench_function("floor: Value clone+drop", |b| b.iter(|| value.clone()));
    g.bench_function("floor: syntax tree clone+drop", |b| b.iter(|| body.clone()));
    g.bench_function("hcl-rs from_str::<Value>", |b| {
        b.iter(|| hcl_rs::from_str::<hcl_rs::Value>(&src).unwrap())
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
