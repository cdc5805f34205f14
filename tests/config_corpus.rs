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
    let (agree, total, module_failures) = check_module_answers(&dir, &modules);
    println!(
        "module outputs (Files::module, as hcl json --module) agree with terraform console -var-file: {agree} of {total}"
    );
    for f in &module_failures {
        println!("    {f}");
    }
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
    if agree < total || total < 400 {
        println!("REQUIRED: every output of the recorded modules agrees with Terraform");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

/// The modules of `tests/fixtures/module_corpus/answers.json` (corpus
/// directories of only variables, locals and outputs, recorded by
/// `scripts/module_corpus_answers.py`): each read with its variable file
/// as `hcl json --module --var-file` reads it, and each output's value
/// compared with `terraform console -var-file`'s, or its error's summary
/// with Terraform's. How many agree, of how many; the first differences.
fn check_module_answers(
    corpus: &std::path::Path,
    modules: &BTreeMap<(String, String), Vec<CorpusFile>>,
) -> (usize, usize, Vec<String>) {
    use hcl::config::Inputs;
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/module_corpus/answers.json"
    );
    let answers: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let (mut agree, mut total, mut failures) = (0, 0, Vec::new());
    for m in answers.as_array().unwrap() {
        let (repo, folder) = (m["repo"].as_str().unwrap(), m["folder"].as_str().unwrap());
        let mut files: Vec<(String, String)> = modules[&(repo.to_owned(), folder.to_owned())]
            .iter()
            .filter(|f| f.0.ends_with(".tf"))
            .map(|f| {
                (
                    f.0.clone(),
                    std::fs::read_to_string(corpus.join(&f.1)).unwrap(),
                )
            })
            .collect();
        files.sort();
        let files = Files::parse(files).unwrap();
        let inputs = Inputs::new().var_file("given.tfvars", m["var_file"].as_str().unwrap());
        let module = files.module(&inputs);
        let mut ctx = hcl::eval::Context::new();
        if let Ok(module) = &module {
            module.declare_in(&mut ctx);
        }
        for (name, answer) in m["outputs"].as_object().unwrap() {
            // (An unknown or sensitive value Terraform's console prints as
            // such is not compared.)
            if answer.get("console").is_some() {
                continue;
            }
            total += 1;
            let expr = files
                .body()
                .blocks()
                .find(|b| b.ident.as_str() == "output" && b.labels[0].as_str() == name)
                .and_then(|b| b.body.attribute("value"))
                .map(|a| &a.expr);
            let ours = match (&module, expr) {
                (Err(e), _) => Err(e.message().to_owned()),
                (Ok(_), None) => Err("no value".to_owned()),
                (Ok(_), Some(e)) => hcl::eval::evaluate_typed(e, &ctx)
                    .map_err(|e| e.message().to_owned())
                    .map(|t| {
                        serde_json::from_str::<serde_json::Value>(
                            &hcl::json::value_to_string(t.value(), false).unwrap_or_default(),
                        )
                        .unwrap_or_default()
                    }),
            };
            let same = match (&ours, answer.get("json"), answer.get("error")) {
                (Ok(v), Some(want), _) => v == want,
                (Err(msg), _, Some(summary)) => {
                    let summary = summary.as_str().unwrap_or_default();
                    msg == summary || msg.starts_with(&format!("{summary}:"))
                }
                _ => false,
            };
            if same {
                agree += 1;
            } else if failures.len() < 20 {
                failures.push(format!(
                    "{repo}/{folder} output {name}: ours {ours:?}, terraform {answer}"
                ));
            }
        }
    }
    (agree, total, failures)
}
