//! `hcl::from_str::<hcl::Value>` on every corpus file Terraform accepts
//! (`HCL_CORPUS_DIR`, e.g. `../shared/corpus`); skipped without it.

#[test]
fn from_str_value_on_ok_corpus_files() {
    let Some(dir) = std::env::var_os("HCL_CORPUS_DIR").map(std::path::PathBuf::from) else {
        println!("de_corpus: skipped (set HCL_CORPUS_DIR to the shared corpus directory)");
        return;
    };
    let tsv = std::fs::read_to_string(dir.join("EXPECT.tsv")).expect("EXPECT.tsv readable");
    let (mut passed, mut failed) = (0usize, Vec::new());
    for line in tsv.lines().skip(1).filter(|l| !l.is_empty()) {
        let cols: Vec<&str> = line.split('\t').collect();
        if cols.get(1) != Some(&"ok") {
            continue;
        }
        let bytes = std::fs::read(dir.join(cols[0])).expect("corpus file readable");
        match hcl::from_slice::<hcl::Value>(&bytes) {
            Ok(_) => passed += 1,
            Err(e) => failed.push(format!("{}: {e}", cols[0])),
        }
    }
    println!(
        "from_str::<Value>: {passed} passed, {} failed",
        failed.len()
    );
    for f in failed.iter().take(20) {
        println!("    {f}");
    }
    assert!(failed.is_empty(), "{} ok files failed", failed.len());
}
