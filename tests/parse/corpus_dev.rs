//! Developer check of the parser against the shared corpus (ignored: run with
//! `HCL_CORPUS_DIR=../shared/corpus cargo test --release --test parse corpus_dev -- --ignored --nocapture`).
//! The conformance runner is `tests/corpus.rs`; this one prints details.

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
    let mut best_with_drop = f64::MAX;
    for _ in 0..n {
        let t = std::time::Instant::now();
        let body = hcl::parse(&src).unwrap();
        let parse = t.elapsed().as_secs_f64();
        drop(body);
        let all = t.elapsed().as_secs_f64();
        best = best.min(parse);
        best_with_drop = best_with_drop.min(all);
    }
    println!(
        "best parse: {:.2} ms, {:.1} MB/s; best parse+drop: {:.2} ms, {:.1} MB/s",
        best * 1e3,
        src.len() as f64 / best / 1e6,
        best_with_drop * 1e3,
        src.len() as f64 / best_with_drop / 1e6
    );
}

/// `HCL_CORPUS_DIR=... /usr/bin/time -v <test binary> --ignored validate_big_tf`
/// measures the peak memory of checking big.tf without keeping the tree;
/// `parse_big_tf_once` the same with the tree.
#[test]
#[ignore]
fn validate_big_tf() {
    let Some(dir) = corpus_dir() else {
        eprintln!("HCL_CORPUS_DIR not set: skipped");
        return;
    };
    let src = std::fs::read(dir.join("bench/big.tf")).unwrap();
    hcl::parser::validate_bytes(&src).unwrap();
}

#[test]
#[ignore]
fn parse_big_tf_once() {
    let Some(dir) = corpus_dir() else {
        eprintln!("HCL_CORPUS_DIR not set: skipped");
        return;
    };
    let src = std::fs::read(dir.join("bench/big.tf")).unwrap();
    let file = hcl::parser::parse_bytes(&src).unwrap();
    assert!(!file.body().structures.is_empty());
}

/// Robustness: truncations and byte mutations of corpus files must give
/// `Ok` or `Err`, never a panic.
#[test]
#[ignore]
fn mutated_corpus_never_panics() {
    let Some(dir) = corpus_dir() else {
        eprintln!("HCL_CORPUS_DIR not set: skipped");
        return;
    };
    let tsv = std::fs::read_to_string(dir.join("EXPECT.tsv")).unwrap();
    let mut seed: u64 = 0x9E3779B97F4A7C15;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let specials = b"{}[]()\"$%~<>-=!&|?:,.*#/\\\n\r\t 0aZ_\xc3\xa9";
    let mut runs = 0;
    for line in tsv.lines().skip(1).step_by(3) {
        let file = line.split('\t').next().unwrap();
        let bytes = std::fs::read(dir.join(file)).unwrap();
        if bytes.is_empty() {
            continue;
        }
        for _ in 0..30 {
            let mut b = bytes.clone();
            let r = next();
            match r % 3 {
                0 => b.truncate((next() as usize) % b.len()),
                1 => {
                    let i = (next() as usize) % b.len();
                    b[i] = specials[(next() as usize) % specials.len()];
                }
                _ => {
                    let i = (next() as usize) % b.len();
                    let c = specials[(next() as usize) % specials.len()];
                    b.insert(i, c);
                }
            }
            let res = std::panic::catch_unwind(|| {
                let _ = hcl::parser::parse_bytes(&b).map(drop);
                let _ = hcl::parser::validate_bytes(&b);
                if let Ok(s) = std::str::from_utf8(&b) {
                    let _ = hcl::parser::parse_template(s).map(drop);
                    let _ = hcl::parser::parse_expression(s).map(drop);
                }
            });
            if res.is_err() {
                let _ = std::fs::write("/tmp/hcl_panic_input", &b);
                panic!("panic on a mutation of {file} (saved to /tmp/hcl_panic_input)");
            }
            runs += 1;
        }
    }
    println!("{runs} mutated inputs, no panic");
}
