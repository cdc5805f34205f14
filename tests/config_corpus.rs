//! Whole configurations over the real-world corpus (`HCL_CORPUS_DIR`):
//! each module directory of `EXPECT.tsv` (its `repo` and the folder of its
//! `path`) is written out again, and `hcl json --merge DIR`'s reading of
//! it (the directory's Terraform or Packer files as one body) must give
//! the JSON that `hcl json` gives for its files concatenated in name order
//! (each ending with a newline). Directories with a file Terraform
//! rejects are left out. Without `HCL_CORPUS_DIR` it says skipped.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;

use hcl::config::{DirFiles, Files};

/// A file of a module directory: its name, its corpus file, and whether
/// Terraform accepts it.
type CorpusFile = (String, String, bool);

fn main() -> ExitCode {
    let Some(dir) = std::env::var_os("HCL_CORPUS_DIR").map(PathBuf::from) else {
        println!("config_corpus: skipped (set HCL_CORPUS_DIR to the shared corpus directory)");
        return ExitCode::SUCCESS;
    };
    let tsv = std::fs::read_to_string(dir.join("EXPECT.tsv")).expect("EXPECT.tsv readable");
    let mut modules: BTreeMap<(String, String), Vec<CorpusFile>> = BTreeMap::new();
    for line in tsv.lines().skip(1).filter(|l| !l.is_empty()) {
        let cols: Vec<&str> = line.split('\t').collect();
        let (file, ok, repo, path) = (cols[0], cols[1] == "ok", cols[4], cols[5]);
        let (folder, name) = path.rsplit_once('/').unwrap_or(("", path));
        modules
            .entry((repo.to_owned(), folder.to_owned()))
            .or_default()
            .push((name.to_owned(), file.to_owned(), ok));
    }
    let out = std::env::temp_dir().join(format!("hcl2-config-corpus-{}", std::process::id()));
    let ctx = hcl::eval::Context::new().with_mode(hcl::eval::EvalMode::PreserveTemplates);
    let options = hcl::json::WriteOptions::new();
    let (mut passed, mut failed, mut skipped, mut files_read) = (0, 0, 0, 0);
    let mut failures = Vec::new();
    for ((repo, folder), files) in &modules {
        for (kind, exts) in [
            ("terraform", hcl::config::TERRAFORM),
            ("packer", hcl::config::PACKER),
        ] {
            let mut chosen: Vec<&CorpusFile> = files
                .iter()
                .filter(|f| exts.iter().any(|e| f.0.ends_with(e)))
                // (Terraform's override files are skipped: not merged here.)
                .filter(|f| {
                    let stem = f.0.trim_end_matches(".json").trim_end_matches(".tf");
                    !(kind == "terraform" && (stem == "override" || stem.ends_with("_override")))
                })
                .collect();
            if chosen.is_empty() {
                continue;
            }
            if chosen.iter().any(|f| !f.2) {
                skipped += 1;
                continue;
            }
            chosen.sort_by(|a, b| a.0.cmp(&b.0));
            let module = out.join(format!(
                "{}__{}",
                repo.replace('/', "__"),
                folder.replace('/', "__")
            ));
            std::fs::create_dir_all(&module).unwrap();
            let mut concatenated = String::new();
            for (name, file, _) in &chosen {
                let text = std::fs::read_to_string(dir.join(file)).unwrap();
                std::fs::write(module.join(name), &text).unwrap();
                concatenated.push_str(&text);
                if !text.ends_with('\n') {
                    concatenated.push('\n');
                }
            }
            files_read += chosen.len();
            let merged = Files::read_dir(&module, &DirFiles::extensions(exts)).and_then(|f| {
                let c = ctx.child().with_source(f.context_source());
                hcl::json::to_string(f.body(), f.context_source(), &c, &options)
                    .map_err(|e| f.locate(e))
            });
            let whole = hcl::parse(&concatenated).and_then(|f| {
                let c = ctx.child().with_source(&concatenated);
                hcl::json::to_string(f.body(), &concatenated, &c, &options)
            });
            let same = match (&merged, &whole) {
                (Ok(a), Ok(b)) => a == b,
                (Err(a), Err(b)) => a.message() == b.message(),
                _ => false,
            };
            if same {
                passed += 1;
            } else {
                failed += 1;
                if failures.len() < 20 {
                    let show = |r: &hcl::Result<String>| match r {
                        Ok(s) => s.chars().take(200).collect::<String>(),
                        Err(e) => format!("error: {e}"),
                    };
                    failures.push(format!(
                        "{repo}/{folder} ({kind}): merged {} / concatenated {}",
                        show(&merged),
                        show(&whole)
                    ));
                }
            }
            let _ = std::fs::remove_dir_all(&module);
        }
    }
    let _ = std::fs::remove_dir_all(&out);
    println!(
        "hcl json --merge DIR equals hcl json of the files concatenated: {passed} passed, {failed} failed ({files_read} files; {skipped} directories with a rejected file left out)"
    );
    for f in &failures {
        println!("    {f}");
    }
    if failed > 0 || passed < 100 {
        println!("REQUIRED: every module directory agrees (and at least 100 are read)");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
