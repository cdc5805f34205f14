//! Developer check of the parser against the shared corpus (ignored: run with
//! `HCL_CORPUS_DIR=../shared/corpus cargo test --release --test parse_corpus_dev -- --ignored --nocapture`).
//! The committed conformance runner is the lead's; this one prints details.

use std::path::PathBuf;

fn corpus_dir() -> Option<PathBuf> {
    std::env::var_os("HCL_CORPUS_DIR").map(PathBuf::from)
}

#[test]
#[ignore]
fn corpus_expectations() {
    let Some(dir) = corpus_dir() else {
        eprintln!("HCL_CORPUS_DIR not set: skipped");
        return;
    };
    let tsv = std::fs::read_to_string(dir.join("EXPECT.tsv")).unwrap();
    let (mut ok_pass, mut ok_fail, mut err_pass, mut err_fail) = (0, 0, 0, 0);
    for line in tsv.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        let (file, expect) = (cols[0], cols[1]);
        let bytes = std::fs::read(dir.join(file)).unwrap();
        let res = hcl::parser::parse_bytes(&bytes).map(drop);
        match (expect, res) {
            ("ok", Ok(_)) => ok_pass += 1,
            ("ok", Err(e)) => {
                ok_fail += 1;
                println!("OK-FAIL {file}: {e}");
            }
            ("error", Err(_)) => err_pass += 1,
            ("error", Ok(_)) => {
                err_fail += 1;
                println!(
                    "ERR-ACCEPTED {file}: tf says line {} {} ({})",
                    cols[2],
                    cols[3],
                    cols.get(7).unwrap_or(&"")
                );
            }
            _ => {}
        }
    }
    println!("ok files: {ok_pass} passed, {ok_fail} failed; error files: {err_pass} rejected, {err_fail} accepted");
    let tdir = dir.join("templates");
    let mut t_ok = 0;
    let mut t_fail = 0;
    for sub in std::fs::read_dir(&tdir).unwrap() {
        let sub = sub.unwrap().path();
        if !sub.is_dir() {
            continue;
        }
        for f in std::fs::read_dir(&sub).unwrap() {
            let f = f.unwrap().path();
            let text = std::fs::read_to_string(&f).unwrap();
            let res = hcl::parser::parse_template(&text).map(drop);
            match res {
                Ok(_) => t_ok += 1,
                Err(e) => {
                    t_fail += 1;
                    println!("TEMPLATE-FAIL {}: {e}", f.display());
                }
            }
        }
    }
    println!("templates: {t_ok} parsed, {t_fail} failed");
    assert_eq!(ok_fail, 0);
    assert!(err_pass >= 78);
    assert_eq!(t_fail, 0);
}

/// Parses big.tf `HCL_LOOP` times (default 10) and prints the best time, for
/// profiling with `perf stat`/`perf record` (criterion is the real benchmark).
#[test]
#[ignore]
fn parse_big_loop() {
    let Some(dir) = corpus_dir() else {
        eprintln!("HCL_CORPUS_DIR not set: skipped");
        return;
    };
    let src = std::fs::read_to_string(dir.join("bench/big.tf")).unwrap();
    let n: usize = std::env::var("HCL_LOOP")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    let mut best = f64::MAX;
    for _ in 0..n {
        let t = std::time::Instant::now();
        let body = hcl::parse(&src).unwrap();
        let parse = t.elapsed().as_secs_f64();
        drop(body);
        best = best.min(parse);
    }
    println!(
        "best parse: {:.2} ms, {:.1} MB/s",
        best * 1e3,
        src.len() as f64 / best / 1e6
    );
}
