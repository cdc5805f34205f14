//! `to_string` of a parsed big file: hcl2's printer vs hcl-rs 0.20's
//! `hcl::to_string` of its own parsed body, in the same run.
//!
//! `cargo bench --bench ser` (file: env `HCL_BENCH_FILE`, default
//! `../shared/corpus/bench/big-common.tf`; skipped when absent).

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};

fn bench_file() -> Option<(String, String)> {
    // The default is relative to the main checkout; worktrees sit one
    // level deeper.
    let path = std::env::var("HCL_BENCH_FILE").unwrap_or_else(|_| {
        [
            "../shared/corpus/bench/big-common.tf",
            "../../shared/corpus/bench/big-common.tf",
        ]
        .into_iter()
        .find(|p| std::path::Path::new(p).exists())
        .unwrap_or("../shared/corpus/bench/big-common.tf")
        .to_string()
    });
    match std::fs::read_to_string(&path) {
        Ok(s) => Some((path, s)),
        Err(_) => {
            eprintln!("{path} not found: ser bench skipped");
            None
        }
    }
}

fn ser(c: &mut Criterion) {
    let Some((path, src)) = bench_file() else {
        return;
    };
    eprintln!("bench file: {path} ({} bytes)", src.len());
    let ours = hcl::parse(&src).expect("hcl2 parses the bench file");
    let theirs: hcl_rs::Body = hcl_rs::parse(&src).expect("hcl-rs parses the bench file");
    let out_len = ours.to_string().len();

    let mut g = c.benchmark_group("to_string");
    g.sample_size(10);
    g.throughput(Throughput::Bytes(out_len as u64));
    g.bench_function("hcl2", |b| b.iter(|| black_box(&ours).to_string()));
    g.bench_function("hcl2 serde", |b| {
        b.iter(|| hcl::to_string(black_box(&ours)).unwrap())
    });
    g.bench_function("hcl-rs", |b| {
        b.iter(|| hcl_rs::to_string(black_box(&theirs)).unwrap())
    });
    g.finish();
}

criterion_group!(benches, ser);
criterion_main!(benches);
